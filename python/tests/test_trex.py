"""TRex stateless Python profiles run unchanged: `riptide run X.py --port pcap:...`.

Each profile in tests/trex/ is written in the style of TRex's own samples; the test
builds the frames TRex's semantics give with scapy (independently of riptide's
translation: padding to 60 bytes, a flow variable from its init and wrapping, the
unset MACs as riptide's port defaults) and compares them byte for byte, checksums
included, with what riptide wrote.
"""

from __future__ import annotations

import importlib.util
import os
import shutil
import subprocess
import sys
from pathlib import Path
from typing import List, Optional

from scapy.all import IP, UDP, Ether, rdpcap

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


def test_an_argparse_profile_refusing_a_tunable_names_the_ones_it_takes(tmp_path: Path) -> None:
    # Issue 50: `-t size=128` on a profile that takes no `size` ended in argparse's bare
    # "unrecognized arguments", the tunables it does take unsaid.
    r = run("argparse_tunables.py", tmp_path, "-n", "1", "-t", "size=128")
    assert r.returncode == 2, r.stderr
    want = ("argparse_tunables.py: get_streams() exited on tunables --size 128: unrecognized arguments: --size 128 "
            "(its tunables: count)")
    assert want in r.stderr and len(r.stderr.strip().splitlines()) == 1, r.stderr
    trex = REPO / "python" / "tests" / "trex-core" / "scripts" / "stl"
    r = subprocess.run([BIN, "run", str(trex / "bench.py"), "--port", f"pcap:{tmp_path / 'b.pcap'}", "-n", "1",
                        "-t", "vm=nope"], capture_output=True, text=True, timeout=120,
                       env=dict(os.environ, RIPTIDE_PYTHON=sys.executable))
    assert r.returncode == 2 and "argument --vm: invalid choice: 'nope'" in r.stderr, r.stderr
    assert r.stderr.rstrip().endswith("(its tunables: size, vm, flow, pg_id)"), r.stderr
    # README's example: TRex's bench.py takes size.
    r = subprocess.run([BIN, "run", str(trex / "bench.py"), "--port", f"pcap:{tmp_path / 'b.pcap'}", "-n", "3",
                        "-t", "size=128,vm=var1"], capture_output=True, text=True, timeout=120,
                       env=dict(os.environ, RIPTIDE_PYTHON=sys.executable))
    assert r.returncode == 0, r.stderr
    assert [len(bytes(p)) for p in rdpcap(str(tmp_path / "b.pcap"))] == [124] * 3


def test_without_scapy_the_hint_is_the_wheels_extra(tmp_path: Path) -> None:
    # Issue 50: the hint said `pip install scapy`; a wheel user needs riptide[trex].
    fake = tmp_path / "python3"
    fake.write_text("#!/bin/sh\necho \"ModuleNotFoundError: No module named 'scapy'\" >&2\nexit 1\n")
    fake.chmod(0o755)
    cmd = [BIN, "run", str(PROFILES / "udp_1pkt_simple.py"), "--port", f"pcap:{tmp_path / 'p.pcap'}", "-n", "1"]
    r = subprocess.run(cmd, capture_output=True, text=True, timeout=60, env=dict(os.environ, RIPTIDE_PYTHON=str(fake)))
    assert r.returncode == 2, r.stderr
    assert "No module named 'scapy'" in r.stderr and "pip install 'riptide[trex]'" in r.stderr, r.stderr


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
    # Afterwards the name is whatever the system has (nothing, or a real TRex client:
    # test_trex_client.py installs one), never riptide's.
    import importlib.util

    spec = importlib.util.find_spec("trex_stl_lib")
    assert spec is None or "riptide" not in str(spec.origin), spec


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


def test_an_unknown_ip_protocol_with_a_random_payload_runs_as_trex_builds_it(tmp_path: Path) -> None:
    """Issue 51: IP protocol 61 with an ASCII payload (plain, over 802.1Q, over IPv6, and
    with IPv4 options, which riptide sends as a raw frame), the source walking: the frames
    are scapy's, padded to 60 as TRex pads them, the source written, IPv4 checksums right."""
    from scapy.all import IPv6

    spec = importlib.util.spec_from_file_location("raw_proto61", PROFILES / "raw_proto61.py")
    assert spec is not None and spec.loader is not None
    from riptide.trex import hook

    with hook.trex_names():
        profile = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(profile)
    for kind in ("v4", "vlan", "v6", "options"):
        r = run("raw_proto61.py", tmp_path, "-n", "12", "-t", f"kind={kind}")
        assert r.returncode == 0, f"{kind}: {r.stderr}"
        want = []
        for i in range(12):
            p = profile.packet(kind)
            p[Ether].src, p[Ether].dst = MACS["src"], MACS["dst"]
            if kind == "v6":
                p[IPv6].src = f"2001:2::{1 + i % 10:x}"
            else:
                p[IP].src = f"198.18.0.{1 + i % 10}"
            want.append(trex_frame(Ether(bytes(p))))
        got = frames(tmp_path)
        assert got[0] == want[0], f"{kind}: the first frame\n{got[0].hex()}\n{want[0].hex()}"
        assert got == want, kind
        if kind != "v6":
            out = subprocess.run(["tshark", "-n", "-r", str(tmp_path / "p0.pcap"), "-o", "ip.check_checksum:TRUE",
                                  "-Y", 'ip.checksum.status == "Good" && ip.proto == 61'],
                                 capture_output=True, text=True, timeout=60)
            assert len(out.stdout.splitlines()) == 12, kind + out.stdout + out.stderr


def test_imix_streams_interleave_by_departure(tmp_path: Path) -> None:
    r = run("imix.py", tmp_path, "-d", "1s")
    assert r.returncode == 0, r.stderr
    # Each stream walks its own addresses; departures at isg + j / pps, merged in time.
    want = []
    for size, pps, isg_us in ((60, 28, 0.0), (590, 16, 0.1), (1514, 4, 0.2)):
        base = Ether(**MACS) / IP() / UDP()
        pad = "x" * (size - len(base))
        for j in range(pps):
            p = Ether(**MACS) / IP(src=f"16.0.0.{1 + j}", dst=f"48.0.0.{1 + j}") / UDP() / pad
            want.append((round(isg_us * 1000 + j * 1e9 / pps), trex_frame(p)))
    want.sort(key=lambda x: x[0])
    got = rdpcap(str(tmp_path / "p0.pcap"))
    assert [bytes(p) for p in got] == [f for _, f in want]
    check_tshark(tmp_path / "p0.pcap", len(want))


def trex_rand16(seed: int) -> "tuple[int, int]":
    """TRex's vm_rand16 (src/stx/stl/trex_stl_stream_vm.h): the MSVC rand LCG, 15 bits."""
    seed = (seed * 214013 + 2531011) & 0xFFFFFFFF
    return (seed >> 16) & 0x7FFF, seed


def test_random_variables_with_a_seed_draw_trexs_sequence(tmp_path: Path) -> None:
    """With a random_seed, TRex's draws: its generator seeded per core with
    seed * (core + 1) * 514229 (generate_random_seed), shared by the program's random
    variables in order; a 4-byte variable takes two draws, the first the high half."""
    r = run("syn_random.py", tmp_path, "-n", "4000")
    assert r.returncode == 0, r.stderr
    got = rdpcap(str(tmp_path / "p0.pcap"))
    lo, hi = 0x10000000, 0x120000FE
    srcs = [int.from_bytes(bytes(p[IP])[12:16], "big") for p in got]
    ports = [p["TCP"].sport for p in got]
    seed = (0x1234 * 514229) & 0xFFFFFFFF
    for i, (src, port) in enumerate(zip(srcs, ports)):
        a, seed = trex_rand16(seed)
        b, seed = trex_rand16(seed)
        c, seed = trex_rand16(seed)
        assert (src, port) == (lo + ((a << 16) + b) % (hi - lo + 1), 1025 + c % (65000 - 1025 + 1)), f"packet {i}"
    # TRex's 15-bit draw reaches only the first 32,768 ports of the range, as TRex's do.
    assert max(ports) <= 1025 + 32767 < 65000
    # Every IPv4 and TCP checksum right.
    if shutil.which("tshark"):
        out = subprocess.run(
            ["tshark", "-n", "-r", str(tmp_path / "p0.pcap"), "-o", "ip.check_checksum:TRUE",
             "-o", "tcp.check_checksum:TRUE", "-Y", 'tcp.checksum.status == "Good" && ip.checksum.status == "Good"'],
            capture_output=True, text=True, timeout=60)
        assert len(out.stdout.splitlines()) == 4000, out.stderr


def test_random_variables_without_a_seed_stay_in_range_and_uniform(tmp_path: Path) -> None:
    """Without a random_seed TRex seeds from the clock: riptide draws uniformly over the
    whole range (its own generator, seeded by the stream's seed)."""
    profile = tmp_path / "syn_unseeded.py"
    profile.write_text((PROFILES / "syn_random.py").read_text().replace("random_seed=0x1234, ", ""))
    env = dict(os.environ, RIPTIDE_PYTHON=sys.executable)
    out = tmp_path / "p0.pcap"
    r = subprocess.run([BIN, "run", str(profile), "--port", f"pcap:{out}", "-n", "4000"], capture_output=True,
                       text=True, env=env, timeout=120)
    assert r.returncode == 0, r.stderr
    got = rdpcap(str(out))
    lo, hi = 0x10000000, 0x120000FE
    srcs = [int.from_bytes(bytes(p[IP])[12:16], "big") for p in got]
    ports = [p["TCP"].sport for p in got]
    assert all(lo <= s <= hi for s in srcs) and all(1025 <= x <= 65000 for x in ports)
    # Ten equal bins hold 400 each, give or take what 4000 uniform draws give.
    for values, a, b in ((srcs, lo, hi), (ports, 1025, 65000)):
        bins = [0] * 10
        for v in values:
            bins[min(9, (v - a) * 10 // (b - a + 1))] += 1
        assert all(320 <= c <= 480 for c in bins), bins
    # The same profile, the same packets.
    again = tmp_path / "again.pcap"
    r = subprocess.run([BIN, "run", str(profile), "--port", f"pcap:{again}", "-n", "4000"], capture_output=True,
                       text=True, env=env, timeout=120)
    assert r.returncode == 0, r.stderr
    assert [bytes(p) for p in rdpcap(str(again))] == [bytes(p) for p in got]


def test_split_by_field_on_one_core_is_the_plain_walk(tmp_path: Path) -> None:
    r = run("range_split.py", tmp_path, "-n", "35")
    assert r.returncode == 0, r.stderr
    want = []
    for i in range(35):
        mac = 30 - i % 30  # dec from max, wrapping
        src = (5 + i) % 10  # inc from init_value 16.0.0.5 over 16.0.0.0..9
        p = Ether(dst=MACS["dst"], src="02:00:00:00:%02x:%02x" % (mac >> 8, mac & 0xFF))
        want.append(trex_frame(p / IP(src=f"16.0.0.{src}", dst="48.0.0.1") / UDP(dport=12, sport=1025) / ("x" * 18)))
    assert frames(tmp_path) == want


def test_latency_and_flow_stats_streams_carry_riptides_tag(tmp_path: Path) -> None:
    r = run("latency.py", tmp_path, "-n", "20", "--json")
    assert r.returncode == 0, r.stderr
    got = rdpcap(str(tmp_path / "p0.pcap"))
    body = trex_frame(udp() / ("x" * 30))
    assert len(got) == 20
    seqs: dict = {}
    for p in got:
        b = bytes(p)
        # TRex's packet (the UDP checksum aside), then riptide's 18-byte tag at its end:
        # RPT1, the pg_id, a sequence number per pg_id, a timestamp.
        assert b[:40] == body[:40] and b[42:-18] == body[42:-18], b.hex()
        assert b[-18:-14] == b"RPT1", b.hex()
        seqs.setdefault(int.from_bytes(b[-14:-12], "big"), []).append(int.from_bytes(b[-12:-8], "big"))
    assert sorted(seqs) == [7, 8]
    assert all(s == list(range(len(s))) for s in seqs.values()), seqs
    check_tshark(tmp_path / "p0.pcap", 20)


def trex_fastrand(seed: int):
    """TRex's field-engine generator as its source describes it (fastrand: the MSVC rand
    LCG, 15 bits a draw)."""
    while True:
        seed = (214013 * seed + 2531011) & 0xFFFFFFFF
        yield (seed >> 16) & 0x7FFF


def test_repeatable_random_reproduces_trexs_sequence(tmp_path: Path) -> None:
    r = run("udp_repeatable_random.py", tmp_path, "-n", "12")
    assert r.returncode == 0, r.stderr
    ports = [1025 + x % 10 for x, _ in zip(trex_fastrand(0x1234), range(5))]
    g = trex_fastrand(1)
    srcs = []
    for _ in range(3):
        v = (next(g) << 16) + next(g)
        srcs.append(0x10000000 + v % 0x10000)
    want = [trex_frame(udp(src=".".join(str(b) for b in srcs[i % 3].to_bytes(4, "big")), sport=ports[i % 5])
                       / ("x" * 18)) for i in range(12)]
    assert frames(tmp_path) == want
    check_tshark(tmp_path / "p0.pcap", 12)


def test_ndr_searches_a_trex_profile(tmp_path: Path) -> None:
    env = dict(os.environ, RIPTIDE_PYTHON=sys.executable)
    args = [BIN, "ndr", str(PROFILES / "ndr_bench.py"), "--port", "link:0:loss=0.3%,seed=7", "--port", "link:1",
            "--min-load", "5kpps", "--max-load", "50kpps", "--trial", "0.5s", "--final-trial", "0.5s",
            "--duration-sum", "2s", "--json"]
    r = subprocess.run(args, capture_output=True, text=True, env=env, timeout=300)
    assert r.returncode == 0, r.stderr
    import json

    run = json.loads(r.stdout)["runs"][0]
    ndr, pdr = run["goals"][0], run["goals"][1]
    assert pdr["lower_bound"] == 50_000.0, pdr
    assert ndr["lower_bound"] is None and ndr["upper_bound"] == 5_000.0, ndr
    # -t is for .py profiles only.
    bad = subprocess.run([BIN, "ndr", str(REPO / "profiles/lab/ndr.yaml"), "--port", "link:0", "--port", "link:1",
                          "-t", "x=1"], capture_output=True, text=True, env=env, timeout=60)
    assert bad.returncode == 2 and "TRex Python profiles" in bad.stderr, bad.stderr


def test_load_pcap_replays_the_capture_with_its_gaps(tmp_path: Path) -> None:
    from scapy.all import wrpcap

    pkts = [udp(src="198.18.0.1", dst="198.19.0.1", sport=1000 + i) / ("y" * (10 + 20 * i)) for i in range(4)]
    for p, t in zip(pkts, [100.0, 100.001, 100.003, 100.0035]):
        p.time = t
    cap = tmp_path / "in.pcap"
    wrpcap(str(cap), pkts)
    r = run("pcap_replay.py", tmp_path, "-t", f"pcap={cap}")
    assert r.returncode == 0, r.stderr
    got = rdpcap(str(tmp_path / "p0.pcap"))
    assert [bytes(p) for p in got] == [trex_frame(p) for p in pkts]
    gaps = [float(b.time - a.time) * 1e6 for a, b in zip(got, got[1:])]
    for gap, want in zip(gaps, [1000.0, 2000.0, 500.0]):
        assert abs(gap - want) < 1.0, gaps
    # ipg_usec replaces the capture's gaps.
    r = run("pcap_replay.py", tmp_path, "-t", f"pcap={cap},ipg=50")
    assert r.returncode == 0, r.stderr
    got = rdpcap(str(tmp_path / "p0.pcap"))
    assert all(abs(float(b.time - a.time) * 1e6 - 50) < 1.0 for a, b in zip(got, got[1:])), got


def test_the_python_package_comes_from_beside_the_binary_never_the_working_directory(tmp_path: Path) -> None:
    """Issue 32: the translation imported riptide's package from a path compiled into the
    binary (an installed binary run as root ran whatever was there later), and `python -m`
    would have taken a `riptide/` in the working directory first."""
    evil = tmp_path / "cwd" / "riptide"
    (evil / "trex").mkdir(parents=True)
    marker = tmp_path / "imported-from-cwd"
    (evil / "__init__.py").write_text(f"open({str(marker)!r}, 'w').write('x')\n")
    (evil / "trex" / "__init__.py").write_text("")
    (evil / "trex" / "__main__.py").write_text("raise SystemExit('the working directory was imported')\n")
    env = dict(os.environ, RIPTIDE_PYTHON=sys.executable)
    env.pop("PYTHONPATH", None)
    env.pop("RIPTIDE_PYTHONPATH", None)
    r = subprocess.run([BIN, "run", str(PROFILES / "udp_1pkt_simple.py"), "--port", f"pcap:{tmp_path / 'o.pcap'}",
                        "-n", "3"], capture_output=True, text=True, env=env, cwd=evil.parent, timeout=120)
    assert r.returncode == 0, r.stderr
    assert not marker.exists(), "a riptide/ package in the working directory was imported"
    # A copy of the binary away from any build tree finds no package there: the
    # interpreter's own installation is asked (here: none), and the error says what to set.
    lone = tmp_path / "bin" / "riptide"
    lone.parent.mkdir()
    shutil.copy(BIN, lone)
    r = subprocess.run([str(lone), "run", str(PROFILES / "udp_1pkt_simple.py"), "--port", f"pcap:{tmp_path / 'o.pcap'}",
                        "-n", "3"], capture_output=True, text=True, env=env, cwd=tmp_path, timeout=120)
    assert r.returncode != 0 and "No module named 'riptide'" in r.stderr and "RIPTIDE_PYTHONPATH" in r.stderr, r.stderr


def test_riptide_debug_says_which_trex_instructions_each_stream_used() -> None:
    """`riptide debug` of a TRex profile: each stream's frame, then where the stream was
    made and the field-engine instructions it used, in their order."""
    env = dict(os.environ, RIPTIDE_PYTHON=sys.executable)
    r = subprocess.run([BIN, "debug", str(PROFILES / "tuple_gen.py"), "-n", "1"], capture_output=True, text=True,
                       env=env, timeout=120)
    assert r.returncode == 0, r.stderr
    lines = r.stdout.splitlines()
    at = next(i for i, line in enumerate(lines) if line.startswith("stream "))
    assert "from layers" in lines[at], r.stdout
    import re

    m = re.fullmatch(r"  from TRex tuple_gen\.py:(\d+): STLVmTupleGen, STLVmWrFlowVar x2, STLVmFixIpv4", lines[at + 1])
    assert m, lines[at + 1]
    source = (PROFILES / "tuple_gen.py").read_text().splitlines()
    assert "STLStream(" in source[int(m.group(1)) - 1], source[int(m.group(1)) - 1]
