"""Scapy packets as templates: riptide writes scapy's own bytes, read back by scapy."""

from __future__ import annotations

import os
import subprocess
from pathlib import Path

import pytest

from riptide import from_scapy, profile_text, scapy_stream

import scapy.all  # noqa: E402,F401  (python/requirements-test.txt; riptide imports it when asked)

REPO = Path(__file__).resolve().parents[2]
BIN = str(Path(os.environ.get("RIPTIDE_BIN", REPO / "target" / "release" / "riptide")).resolve())


def _packets():
    from scapy.all import ICMP, IP, TCP, UDP, Dot1AD, Dot1Q, Ether, ICMPv6EchoRequest, IPv6, Raw
    from scapy.contrib.mpls import MPLS

    eth = Ether(src="02:00:00:00:00:0a", dst="02:00:00:00:00:0b")
    return [
        eth / Dot1Q(vlan=7, prio=3, dei=1) / IP(src="198.18.0.1", dst="198.19.0.9", ttl=33, tos=4, id=77, flags="DF")
        / UDP(sport=5000, dport=6000) / Raw(b"riptide!" * 6),
        eth / IP(src="198.18.0.2", dst="198.19.0.2", ttl=64, id=1) / TCP(sport=1234, dport=80, flags="PA", seq=1000,
                                                                         ack=2000, window=512) / Raw(b"GET / HTTP/1.0\r\n\r\n"),
        eth / IPv6(src="2001:2::1", dst="2001:2:0:1::1", hlim=9, tc=0, fl=0) / ICMPv6EchoRequest(id=3, seq=4)
        / Raw(b"x" * 20),
        # scapy's own defaults: IP id 1, UDP 53 -> 53, TCP 20 -> 80, dst 127.0.0.1, MPLS ttl 0.
        IP() / UDP(),
        Ether() / IP(dst="198.19.0.7") / TCP(),
        Ether() / IP(dst="198.19.0.7") / UDP(chksum=0) / Raw(b"no checksum"),
        Ether() / IP(dst="198.19.0.7") / ICMP(id=9, seq=2) / Raw(b"ping" * 10),
        Ether() / Dot1AD(vlan=100) / Dot1Q(vlan=200) / IPv6(dst="2001:2:0:1::9") / UDP(sport=7),
        Ether() / MPLS(label=16) / MPLS(label=17, cos=5, ttl=9) / IP(dst="198.19.0.1") / UDP(),
        Ether() / IPv6(dst="2001:2:0:1::2", tc=0xB8, fl=12345) / ICMPv6EchoRequest(data=b"abc"),
        Ether(type=0x88B5) / Raw(b"local experimental ethertype"),
    ]


def test_scapy_packets_go_out_byte_for_byte(tmp_path: Path) -> None:
    from scapy.all import rdpcap

    from riptide import scapy_packet

    for i, pkt in enumerate(_packets()):
        prof = tmp_path / f"p{i}.yaml"
        prof.write_text(profile_text([scapy_stream(pkt, name=f"s{i}", mode={"burst": {"packets": 3}})]))
        out = tmp_path / f"p{i}.pcap"
        r = subprocess.run([BIN, "run", str(prof), "--port", f"pcap:{out}"], capture_output=True, text=True,
                           timeout=60)
        assert r.returncode == 0, r.stderr
        frames = rdpcap(str(out))
        assert len(frames) == 3
        want = bytes(scapy_packet(pkt))
        for f in frames:
            assert bytes(f) == want, f"{pkt.summary()}: {bytes(f).hex()} != {want.hex()}"
        if i < 3:
            # Nothing left for scapy to look up on the network: exactly bytes(pkt).
            assert want == bytes(pkt)


def test_scapy_defaults_are_scapy_s_and_what_riptide_cannot_write_is_named() -> None:
    from scapy.all import ARP, IP, TCP, UDP, Ether
    from scapy.contrib.mpls import MPLS

    layers = from_scapy(Ether() / IP(dst="198.19.0.7") / UDP())
    # scapy's own values, not riptide's defaults (IP id 0, UDP 1025 -> 12).
    assert layers[1]["ipv4"]["id"] == 1
    assert layers[2] == {"udp": {"sport": 53, "dport": 53}}
    # What scapy would look up on the host's network takes riptide's defaults.
    assert layers[0] == {"eth": {"src": "02:00:00:00:00:01", "dst": "02:00:00:00:00:02"}}
    assert layers[1]["ipv4"]["src"] == "198.18.0.1"
    refused = [
        (Ether() / ARP(), "ARP"),
        (Ether() / IP(options=[b"\x01\x01\x01\x00"]) / UDP(), "options"),
        (Ether() / IP(flags="MF") / UDP(), "flags"),
        (Ether() / IP(frag=3) / UDP(), "frag"),
        (Ether() / IP(len=99) / UDP(), "len=99 set by hand"),
        (Ether() / IP() / UDP(chksum=0x1234), "chksum"),
        (Ether() / IP() / TCP(urgptr=5), "urgptr"),
        (Ether() / MPLS(label=1, s=1) / MPLS(label=2) / IP(), "s=0 on the others"),
        (Ether() / MPLS(label=1, s=0) / IP(), "last label only"),
        (Ether() / IP(dst="198.18.0.0/30") / UDP(), "set of packets"),
    ]
    for pkt, words in refused:
        with pytest.raises(ValueError, match=words):
            from_scapy(pkt)
