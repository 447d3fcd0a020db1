"""Scapy packets as templates: riptide writes scapy's own bytes, read back by scapy."""

from __future__ import annotations

import os
import subprocess
from pathlib import Path

import pytest

from riptide import from_scapy, profile_text, scapy_stream

scapy_all = pytest.importorskip("scapy.all")  # scripts/test.sh installs scapy

REPO = Path(__file__).resolve().parents[2]
BIN = str(Path(os.environ.get("RIPTIDE_BIN", REPO / "target" / "release" / "riptide")).resolve())


def _packets():
    from scapy.all import IP, TCP, UDP, Dot1Q, Ether, ICMPv6EchoRequest, IPv6, Raw

    eth = Ether(src="02:00:00:00:00:0a", dst="02:00:00:00:00:0b")
    return [
        eth / Dot1Q(vlan=7, prio=3) / IP(src="198.18.0.1", dst="198.19.0.9", ttl=33, tos=4, id=77, flags="DF")
        / UDP(sport=5000, dport=6000) / Raw(b"riptide!" * 6),
        eth / IP(src="198.18.0.2", dst="198.19.0.2", ttl=64, id=1) / TCP(sport=1234, dport=80, flags="PA", seq=1000,
                                                                         ack=2000, window=512) / Raw(b"GET / HTTP/1.0\r\n\r\n"),
        eth / IPv6(src="2001:2::1", dst="2001:2:0:1::1", hlim=9, tc=0, fl=0) / ICMPv6EchoRequest(id=3, seq=4)
        / Raw(b"x" * 20),
    ]


def test_scapy_packets_go_out_byte_for_byte(tmp_path: Path) -> None:
    from scapy.all import rdpcap

    for i, pkt in enumerate(_packets()):
        prof = tmp_path / f"p{i}.yaml"
        prof.write_text(profile_text([scapy_stream(pkt, name=f"s{i}", mode={"burst": {"packets": 3}})]))
        out = tmp_path / f"p{i}.pcap"
        r = subprocess.run([BIN, "run", str(prof), "--port", f"pcap:{out}"], capture_output=True, text=True,
                           timeout=60)
        assert r.returncode == 0, r.stderr
        frames = rdpcap(str(out))
        assert len(frames) == 3
        for f in frames:
            assert bytes(f) == bytes(pkt), f"{pkt.summary()}: {bytes(f).hex()} != {bytes(pkt).hex()}"


def test_unset_fields_take_riptide_defaults_and_unknown_layers_are_named() -> None:
    from scapy.all import ARP, IP, UDP, Ether

    layers = from_scapy(Ether() / IP(dst="198.19.0.7") / UDP())
    assert layers == [{"eth": {}}, {"ipv4": {"dst": "198.19.0.7"}}, {"udp": {}}]
    with pytest.raises(ValueError, match="ARP"):
        from_scapy(Ether() / ARP())
    with pytest.raises(ValueError, match="options"):
        from_scapy(Ether() / IP(options=[b"\x01\x01\x01\x00"]) / UDP())
