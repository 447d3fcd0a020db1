"""TRex stateless Python profiles run unchanged: `riptide run X.py --port pcap:...`.

Each profile in tests/trex/ is written in the style of TRex's own samples; the test
builds the frames TRex's semantics give with scapy (independently of riptide's
translation: padding to 60 bytes, a flow variable from its init and wrapping, the
unset MACs as riptide's port defaults) and compares them byte for byte, checksums
included, with what riptide wrote.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path
from typing import List, Optional

import pytest

scapy_all = pytest.importorskip("scapy.all")
from scapy.all import IP, UDP, Ether, rdpcap  # noqa: E402

REPO = Path(__file__).resolve().parents[2]
BIN = str(Path(os.environ.get("RIPTIDE_BIN", REPO / "target" / "release" / "riptide")).resolve())
PROFILES = Path(__file__).resolve().parent / "trex"
MACS = dict(src="02:00:00:00:00:01", dst="02:00:00:00:00:02")


def run(profile: str, tmp: Path, *args: str, ports: int = 1) -> subprocess.CompletedProcess:
    cmd = [BIN, "run", str(PROFILES / profile)]
    for p in range(ports):
        cmd += ["--port", f"pcap:{tmp / f'p{p}.pcap'}"]
    env = dict(os.environ, RIPTIDE_PYTHON=sys.executable)
    return subprocess.run(cmd + list(args), capture_output=True, text=True, env=env, timeout=120)


def frames(tmp: Path, port: int = 0) -> List[bytes]:
    return [bytes(p) for p in rdpcap(str(tmp / f"p{port}.pcap"))]


def trex_frame(pkt) -> bytes:
    """The frame TRex sends for `pkt`: its bytes, zero-padded to the 60-byte minimum."""
    b = bytes(pkt)
    return b + bytes(max(0, 60 - len(b)))


def udp(dst: str = "48.0.0.1", sport: int = 1025, dport: int = 12, src: str = "16.0.0.1", tos: int = 0):
    return Ether(**MACS) / IP(src=src, dst=dst, tos=tos) / UDP(sport=sport, dport=dport)


def check_tshark(pcap: Path, n: int) -> None:
    if shutil.which("tshark") is None:
        return
    out = subprocess.run(
        ["tshark", "-n", "-r", str(pcap), "-o", "ip.check_checksum:TRUE", "-o", "udp.check_checksum:TRUE",
         "-Y", 'ip.checksum.status == "Good" && udp.checksum.status == "Good"'],
        capture_output=True, text=True, timeout=60,
    )
    assert len(out.stdout.splitlines()) == n, out.stdout + out.stderr


def test_a_short_udp_packet_is_padded_to_60_bytes(tmp_path: Path) -> None:
    r = run("udp_1pkt_simple.py", tmp_path, "-n", "5")
    assert r.returncode == 0, r.stderr
    want = trex_frame(udp() / ("x" * 10))
    assert len(want) == 60
    assert frames(tmp_path) == [want] * 5
    check_tshark(tmp_path / "p0.pcap", 5)


def test_a_source_range_walks_from_init_and_wraps(tmp_path: Path) -> None:
    r = run("udp_src_range.py", tmp_path, "-n", "25")
    assert r.returncode == 0, r.stderr
    want = [trex_frame(udp(src=f"16.0.0.{1 + i % 10}") / ("x" * 18)) for i in range(25)]
    assert frames(tmp_path) == want
    check_tshark(tmp_path / "p0.pcap", 25)


def test_multi_burst_sends_its_bursts_apart(tmp_path: Path) -> None:
    r = run("multi_burst.py", tmp_path, "-d", "1s")
    assert r.returncode == 0, r.stderr
    got = rdpcap(str(tmp_path / "p0.pcap"))
    assert [bytes(p) for p in got] == [trex_frame(udp() / ("y" * 30))] * 12
    times = [float(p.time) for p in got]
    gaps = [round((b - a) * 1e6) for a, b in zip(times, times[1:])]
    # 10 kpps inside a burst (100 us); 1000 us of ibg after each burst's last slot.
    assert gaps == [100, 100, 100, 1100, 100, 100, 100, 1100, 100, 100, 100], gaps


def test_a_burst_chain_follows_next_and_isg(tmp_path: Path) -> None:
    r = run("burst_chain.py", tmp_path, "-d", "1s")
    assert r.returncode == 0, r.stderr
    got = rdpcap(str(tmp_path / "p0.pcap"))
    assert [p[UDP].dport for p in got] == [100, 100, 101, 101, 101, 102]
    assert [bytes(p) for p in got] == [trex_frame(udp(dport=d) / ("z" * 20)) for d in (100, 100, 101, 101, 101, 102)]


def test_keyword_tunables_and_the_stlvm_builder(tmp_path: Path) -> None:
    r = run("tunables.py", tmp_path, "-n", "8", "-t", "size=128,dport=53")
    assert r.returncode == 0, r.stderr
    base_len = len(udp())
    # sport decrements from its max and wraps; tos inc 0..3 lands in the DSCP bits (<< 2).
    want = [trex_frame(udp(dport=53, sport=1027 - i % 3, tos=(i % 4) << 2) / ("p" * (124 - base_len)))
            for i in range(8)]
    assert frames(tmp_path) == want
    assert all(len(f) == 124 for f in want)
    # A tunable the profile does not take is refused, naming the ones it does.
    r = run("tunables.py", tmp_path, "-n", "1", "-t", "sise=128")
    assert r.returncode == 2
    assert "takes no tunable 'sise'" in r.stderr and "size, dport" in r.stderr, r.stderr


def test_argparse_tunables_and_one_profile_per_port(tmp_path: Path) -> None:
    r = run("argparse_tunables.py", tmp_path, "-t", "count=3", "-d", "1s", ports=2)
    assert r.returncode == 0, r.stderr
    want = trex_frame(udp() / ("a" * 40))
    # TRex loads the profile on each port it starts: both ports send the three packets.
    assert frames(tmp_path, 0) == [want] * 3
    assert frames(tmp_path, 1) == [want] * 3


def test_what_riptide_cannot_honour_names_the_profile_line(tmp_path: Path) -> None:
    r = run("unsupported.py", tmp_path, "-n", "1")
    assert r.returncode == 2, r.stderr
    line = next(i for i, text in enumerate((PROFILES / "unsupported.py").read_text().splitlines(), 1)
                if "is_big=False" in text)
    assert f"unsupported.py:{line}: STLVmWrFlowVar" in r.stderr and "is_big=False" in r.stderr, r.stderr
    assert r.stderr.count("\n") == 1, r.stderr
    assert not (tmp_path / "p0.pcap").exists()


def test_a_profile_error_names_its_line(tmp_path: Path) -> None:
    bad = tmp_path / "bad.py"
    bad.write_text("from trex_stl_lib.api import *\n\nclass P:\n    def get_streams(self, direction=0, **kw):\n"
                   "        return [STLStream(packet=STLPktBuilder(pkt=Ether()/IP()/UDP()), mode=STLTXCont(pps=-1))]\n\n"
                   "def register():\n    return P()\n")
    env = dict(os.environ, RIPTIDE_PYTHON=sys.executable)
    r = subprocess.run([BIN, "run", str(bad), "--port", f"pcap:{tmp_path / 'o.pcap'}", "-n", "1"],
                       capture_output=True, text=True, env=env, timeout=60)
    assert r.returncode == 2
    assert f"{bad}:5: STLTXCont: rate -1 must be a positive number" in r.stderr, r.stderr


def test_trex_names_resolve_only_during_a_load() -> None:
    from riptide.trex import load_streams

    streams = load_streams(str(PROFILES / "udp_1pkt_simple.py"))
    assert len(streams) == 1
    assert "trex_stl_lib" not in sys.modules and "trex.stl.api" not in sys.modules
    with pytest.raises(ImportError):
        __import__("trex_stl_lib.api")


def test_a_tuple_generator_with_limit_flows_and_scapy_padding(tmp_path: Path) -> None:
    r = run("tuple_gen.py", tmp_path, "-n", "12")
    assert r.returncode == 0, r.stderr
    # Address fastest: (1, 1025), (2, 1025), (1, 1026), (2, 1026), (1, 1027), then over.
    tuples = [(1 + k % 2, 1025 + k // 2) for k in (i % 5 for i in range(12))]
    assert frames(tmp_path) == [trex_frame(udp(src=f"16.0.0.{a}", sport=p)) for a, p in tuples]
    check_tshark(tmp_path / "p0.pcap", 12)


def test_a_9k_packet_trimmed_to_an_incrementing_size(tmp_path: Path) -> None:
    r = run("udp_inc_len_9k.py", tmp_path, "-n", "300")
    assert r.returncode == 0, r.stderr
    full = udp() / ("\x55" * (9 * 1024 - 28))
    # TRex trims the packet to 64, 65, ... bytes and writes the IP and UDP lengths;
    # riptide's UDP checksum is right as well (TRex leaves it stale).
    want = []
    for n in range(64, 364):
        p = Ether(bytes(full)[:n])
        p[IP].len, p[UDP].len = n - 14, n - 34
        del p[IP].chksum, p[UDP].chksum
        want.append(bytes(Ether(bytes(p))))
    got = frames(tmp_path)
    assert [len(f) for f in got] == list(range(64, 364))
    assert got == want
    check_tshark(tmp_path / "p0.pcap", 300)
