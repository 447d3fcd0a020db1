"""TRex's STL profiles against TRex's own simulator: its regression's golden pcaps.

trex-core's stl_basic_tests.py runs each profile of its list through stl-sim (TRex's
data-plane code, compiled for the host) and compares the output with scripts/exp/NAME.pcap.
Those pcaps are the spec of TRex's field engine: every value each VM instruction writes,
packet by packet, including TRex's own quirks (ranges padded to the step, chained
variables that start one step back, repeatable random sequences). Here riptide runs the
same profile with the same packet limit into a pcap, and every byte range the profile's VM
writes (found in the program TRex's own client compiles: python/tests/trex-core's
STLProfile, to_json()) must hold TRex's bytes in every packet, as must each frame's length.

Bytes the VM does not write are not compared with the goldens: they were made by an
older TRex whose scapy filled other defaults (addresses, MACs), and TRex leaves checksums
it was not told to fix wrong where riptide keeps them right. They are compared with what
TRex's current client compiles instead: each stream's frame must be its STLPktBuilder's
bytes but where TRex's server or VM changes them (first_frame_problems).

Profiles riptide cannot run yet are listed in REFUSED with the reason riptide gives: the
test checks that it still refuses them with that reason, so the list shrinks as riptide
learns, never silently.
"""

from __future__ import annotations

import base64
import json
import os
import subprocess
import sys
import tempfile
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any, Dict, List, Optional, Tuple

import pytest
from scapy.all import rdpcap

import trex_oracle

REPO = Path(__file__).resolve().parents[2]
BIN = str(Path(os.environ.get("RIPTIDE_BIN", REPO / "target" / "release" / "riptide")).resolve())
STL = trex_oracle.TREX_CORE / "scripts/stl"
EXP = trex_oracle.TREX_CORE / "scripts/exp"
# riptide's measurement tag (crates/measure/src/tag.rs TAG_LEN).
TAG_LEN = 18

# stl_basic_tests.py's test_dependent_vars_params: (profile, tunables, golden, packets).
CASES: List[Tuple[str, Dict[str, str], str, int]] = [
    ("dependent_vars_all.py", {"op": op, "size": str(size), "step": str(step)},
     f"dependent_vars_all_{op}_{size}_{step}.pcap", 50)
    for op in ("inc", "dec") for size in (1, 2) for step in (1, 2)
]
# ... and its test_stl_profiles (the `-l` of each; no `-l`: the profile's own end).
CASES += [(p, {}, p[:-3] + ".pcap", n) for p, n in [
    ("dependent_field_engine_vars.py", 100),
    ("split_var_to_cores.py", 20),
    ("udp_1pkt_1mac_override.py", 50),
    ("syn_attack.py", 50),
    ("udp_1pkt_1mac.py", 50),
    ("udp_1pkt_mac.py", 50),
    ("udp_1pkt.py", 50),
    ("udp_1pkt_tuple_gen.py", 50),
    ("udp_rand_len_9k.py", 50),
    ("udp_1pkt_mpls.py", 50),
    ("imix.py", 100),
    ("udp_inc_len_9k.py", 100),
    ("udp_1pkt_range_clients.py", 100),
    ("multi_burst_2st_1000pkt.py", 100),
    ("udp_1pkt_tuple_gen_split.py", 100),
    ("udp_1pkt_range_clients_split.py", 100),
    ("udp_1pkt_vxlan.py", 17),
    ("udp_1pkt_ipv6_in_ipv4.py", 17),
    ("udp_1pkt_simple_mac_dst.py", 1),
    ("udp_1pkt_simple_mac_src.py", 1),
    ("udp_1pkt_simple_mac_dst_src.py", 1),
    ("burst_3st_loop_x_times.py", 20),
    ("udp_1pkt_mac_step.py", 20),
    ("udp_1pkt_mac_mask1.py", 20),
    ("udp_1pkt_mac_mask2.py", 20),
    ("udp_1pkt_mac_mask3.py", 20),
    ("udp_1pkt_simple_test2.py", 10),
    ("udp_1pkt_simple_test.py", 10),
    ("udp_1pkt_mac_mask5.py", 30),
    ("udp_1pkt_range_clients_split_garp.py", 50),
    ("udp_1pkt_src_ip_split.py", 50),
    ("udp_1pkt_repeat_random.py", 50),
    ("syn_attack_fix_cs_hw.py", 50),
]]

# What riptide refuses today, with the words of its reason.
REFUSED: Dict[str, str] = {}

# Where riptide's frames differ from the golden today, and why.
DIFFERS: Dict[str, str] = {}

# The cores (stl-sim's -c) each profile's golden is checked with in stl_basic_tests.py:
# TRex's split interleaves a variable's walk between the cores (split_to_cores), so two
# cores' frames, merged by time, are one core's; except where a variable is not split
# (split_to_cores=False: each core walks all of it) and for a split repeatable random
# (each core its own seed and share of the limit). riptide runs `--cores` as many.
CORES: Dict[str, Tuple[int, ...]] = {
    "dependent_vars_all.py": (1, 2),
    "dependent_field_engine_vars.py": (2,),
    "split_var_to_cores.py": (2,),
}
RUNS = [(c, n) for c in CASES for n in CORES.get(c[0], (1,))]


def trex_programs(cases: List[Tuple[str, Dict[str, str], str, int]]) -> List[Dict[str, Any]]:
    """Each case's streams as TRex's own client compiles them (its to_json()), from
    TRex's library and scapy in a child process."""
    child = r"""
import json, sys
from trex.stl.api import STLProfile
out = []
for job in json.loads(sys.argv[1]):
    try:
        prof = STLProfile.load_py(job["path"], tunables=job["tunables"])
        out.append({"streams": [s.to_json() for s in prof.get_streams()]})
    except BaseException as e:
        out.append({"error": type(e).__name__ + ": " + str(e)[-300:]})
print(json.dumps(out))
"""
    jobs = [{"path": str(STL / p), "tunables": [x for k, v in t.items() for x in (f"--{k}", v)]}
            for p, t, _, _ in cases]
    with tempfile.TemporaryDirectory() as ext:
        trex_oracle.make_ext_libs(ext)
        env = dict(os.environ, TREX_EXT_LIBS=ext, PYTHONPATH=str(trex_oracle.INTERACTIVE))
        r = subprocess.run([sys.executable, "-c", child, json.dumps(jobs)], capture_output=True, text=True,
                           env=env, cwd=str(trex_oracle.INTERACTIVE), timeout=300)
    assert r.returncode == 0, r.stderr[-3000:]
    return json.loads(r.stdout.strip().splitlines()[-1])


Write = Tuple[int, int, int, Optional[Tuple[int, int]]]


def written(stream: Dict[str, Any]) -> List[Write]:
    """(offset, bytes, mask, range) of every write of a stream's VM program: `range` is
    None where the value is determined, (low, high) for a random variable's when the
    stream has no random_seed (TRex then seeds from the clock: riptide's draws are checked
    against the range). With a seed, TRex's draws are its sequence, and riptide's must
    equal them."""
    seeded = bool(stream.get("random_seed"))
    instructions = stream.get("vm", {}).get("instructions", [])
    # A trimmed variable sets the frame's size: riptide draws sizes with its own generator.
    trims = {i["name"] for i in instructions if i["type"] == "trim_pkt_size"}
    vars_: Dict[str, Tuple[int, Optional[Tuple[int, int]]]] = {}
    out: List[Write] = []
    for ins in instructions:
        t = ins["type"]
        if t == "flow_var":
            rand = None
            if ins["op"] == "random" and (not seeded or ins["name"] in trims):
                vals = ins.get("value_list")
                rand = (min(vals), max(vals)) if vals else (ins["min_value"], ins["max_value"])
            vars_[ins["name"]] = (ins["size"], rand)
        elif t == "flow_var_rand_limit":
            vars_[ins["name"]] = (ins["size"], None)
        elif t == "tuple_flow_var":
            vars_[ins["name"] + ".ip"], vars_[ins["name"] + ".port"] = (4, None), (2, None)
        elif t == "write_flow_var":
            n, rand = vars_[ins["name"]]
            if rand is not None:
                rand = (rand[0] + ins.get("add_value", 0), rand[1] + ins.get("add_value", 0))
            out.append((ins["pkt_offset"], n, (1 << (8 * n)) - 1, rand))
        elif t == "write_mask_flow_var" and vars_[ins["name"]][1] is None:
            n = ins["pkt_cast_size"]
            out.append((ins["pkt_offset"], n, ins["mask"] & ((1 << (8 * n)) - 1), None))
    return out


def trimmed(stream: Dict[str, Any]) -> Optional[Tuple[int, int]]:
    """The frame-size range of a stream whose size a random variable sets (TRex's
    trim_pkt_size): its lengths are checked against it, not TRex's draws."""
    ins = stream.get("vm", {}).get("instructions", [])
    for t in (i for i in ins if i["type"] == "trim_pkt_size"):
        v = next(i for i in ins if i.get("name") == t["name"] and i["type"] == "flow_var")
        if v["op"] == "random":
            return (v["min_value"], v["max_value"])
    return None


def template(stream: Dict[str, Any]) -> Tuple[bytes, set, bool]:
    """What TRex's STLPktBuilder compiled for a stream (its to_json()'s packet bytes), the
    offsets of it that may differ on the wire, and whether the frame's length may: the
    bytes its VM writes and the checksums it fixes (and with them any checksum or length
    the VM's writes change: the IPv4 header checksum, the L4 checksum), the Ethernet
    addresses TRex's server sets from the port unless the stream's flags keep the
    packet's, and a trimmed or measured stream's length (TRex's and riptide's latency
    trailers differ)."""
    raw = base64.b64decode(stream["packet"]["binary"])
    free: set = set()
    flags = stream.get("flags", 0)
    if not flags & 1:
        free |= set(range(6, 12))
    if not flags & 6:
        free |= set(range(0, 6))
    ins = stream.get("vm", {}).get("instructions", [])
    measured = bool(stream.get("flow_stats", {}).get("enabled"))
    sized = measured or any(i["type"] == "trim_pkt_size" for i in ins)
    if measured:
        # Each writes its own trailer at the frame's end: TRex's 16-byte latency header,
        # riptide's 18-byte tag (docs/measurement.md); and the checksums over it.
        free |= set(range(max(len(raw), 60) - TAG_LEN, max(len(raw), 60))) | checksum_offsets(raw)
    for i in ins:
        t = i["type"]
        if t == "write_flow_var":
            name = i["name"]
            size = 2 if name.endswith(".port") else next(
                (v["size"] for v in ins if v.get("name") == name and "size" in v), 4)
            free |= set(range(i["pkt_offset"], i["pkt_offset"] + size))
        elif t == "write_mask_flow_var":
            free |= set(range(i["pkt_offset"], i["pkt_offset"] + i["pkt_cast_size"]))
        elif t == "fix_checksum_ipv4":
            free |= {i["pkt_offset"] + 10, i["pkt_offset"] + 11}
        elif t in ("fix_checksum_hw", "fix_checksum_icmpv6"):
            l4 = i["l2_len"] + i["l3_len"]
            at = {"fix_checksum_icmpv6": 2}.get(t) or {17: 6, 6: 16, 1: 2}.get(i.get("l4_type"), 6)
            free |= {l4 + at, l4 + at + 1, i["l2_len"] + 10, i["l2_len"] + 11}
    if ins:
        # A write anywhere changes the checksums over it: riptide keeps them right.
        free |= checksum_offsets(raw)
    return raw, free, sized


def checksum_offsets(raw: bytes) -> set:
    """The offsets of every IPv4 header and UDP/TCP/ICMP checksum in the frame (scapy's
    dissection of TRex's bytes)."""
    from scapy.all import Ether
    out: set = set()
    layer = Ether(raw)
    while layer is not None and layer.__class__.__name__ not in ("NoPayload", "Raw", "Padding"):
        start = len(raw) - len(bytes(layer))
        at = {"IP": 10, "UDP": 6, "TCP": 16, "ICMP": 2, "ICMPv6EchoRequest": 2}.get(layer.__class__.__name__)
        if at is not None:
            out |= {start + at, start + at + 1}
        layer = layer.payload
    return out


def first_frame_problems(prog: Dict[str, Any], frames: List[bytes]) -> List[str]:
    """Each enabled stream of TRex's compiled program (`prog`) that sends within `frames`
    (a chained one after the bursts before it) must have a frame among them equal to
    the bytes TRex's STLPktBuilder made for it, but where TRex's own
    server or VM changes them (:func:`template`), padded with zeros to 60 bytes as TRex's
    server pads it. Returns what does not hold."""
    out = []
    count = len(frames)
    frames = list(dict.fromkeys(frames))
    before = 0
    for n, st in enumerate(s for s in prog["streams"] if s.get("enabled", True)):
        # A stream that only a chain starts (self_start off) sends after the packets of
        # the streams before it: past the frames written, it has none there.
        mode = st.get("mode", {})
        burst = {"single_burst": mode.get("total_pkts", 0),
                 "multi_burst": mode.get("pkts_per_burst", 0) * mode.get("count", 0)}.get(mode.get("type"))
        late = not st.get("self_start", True) and before >= count
        before += burst if burst is not None else count
        if late:
            continue
        raw, free, sized = template(st)
        want_len = max(len(raw), 60)
        keep = [i for i in range(len(raw)) if i not in free]

        def same(f: bytes) -> bool:
            if not sized and (len(f) != want_len or any(f[len(raw):])):
                return False
            return len(f) >= min(len(raw), 60) and all(f[i] == raw[i] for i in keep if i < len(f))

        if not any(same(f) for f in frames):
            near = min(frames, key=lambda f: sum(1 for i in keep if i >= len(f) or f[i] != raw[i]))
            diff = [i for i in keep if i >= len(near) or near[i] != raw[i]][:8]
            out.append(f"stream {n}: no frame is TRex's ({len(raw)} bytes); the nearest ({len(near)} bytes) "
                       f"differs at {diff}: riptide {near[diff[0]:diff[0] + 8].hex() if diff else ''}, "
                       f"TRex {raw[diff[0]:diff[0] + 8].hex() if diff else ''}")
    return out


_PROGRAMS: Dict[str, Dict[str, Any]] = {}


def program(case: Tuple[str, Dict[str, str], str, int]) -> Dict[str, Any]:
    if not _PROGRAMS:
        for c, p in zip(CASES, trex_programs(CASES)):
            _PROGRAMS[c[2]] = p
    return _PROGRAMS[case[2]]


def run_riptide(profile: str, tunables: Dict[str, str], packets: int, out: Path,
                cores: int = 1) -> subprocess.CompletedProcess:
    cmd = [BIN, "run", str(STL / profile), "--port", f"pcap:{out}", "-n", str(packets), "--cores", str(cores)]
    if tunables:
        cmd += ["-t", ",".join(f"{k}={v}" for k, v in tunables.items())]
    env = dict(os.environ, RIPTIDE_PYTHON=sys.executable)
    return subprocess.run(cmd, capture_output=True, text=True, env=env, timeout=120, cwd=str(STL))


Run = Tuple[Tuple[str, Dict[str, str], str, int], int]


@pytest.fixture(scope="module")
def runs(tmp_path_factory: pytest.TempPathFactory) -> Dict[Tuple[str, int], Tuple[Path, subprocess.CompletedProcess]]:
    """Every case's riptide run on each of its core counts, two at a time (each is mostly a
    Python start-up)."""
    d = tmp_path_factory.mktemp("goldens")

    def one(run: Run) -> Tuple[Tuple[str, int], Tuple[Path, subprocess.CompletedProcess]]:
        c, cores = run
        out = d / f"{cores}-{c[2]}"
        return (c[2], cores), (out, run_riptide(c[0], c[1], c[3], out, cores))

    with ThreadPoolExecutor(max_workers=2) as pool:
        return dict(pool.map(one, RUNS))


@pytest.mark.parametrize("run", RUNS, ids=[f"{c[2][:-5]}-c{n}" for c, n in RUNS])
def test_every_vm_written_byte_equals_trexs_golden(
        run: Run, runs: Dict[Tuple[str, int], Tuple[Path, subprocess.CompletedProcess]]) -> None:
    case, cores = run
    profile, tunables, golden, packets = case
    out, r = runs[(golden, cores)]
    if profile in REFUSED:
        assert r.returncode != 0 and REFUSED[profile] in r.stderr, (
            f"{profile} is listed as refused ({REFUSED[profile]!r}) but riptide said: rc={r.returncode} {r.stderr[-800:]}")
        return
    assert r.returncode == 0, r.stderr[-2000:]
    prog = program(case)
    assert "streams" in prog, prog
    ranges = sorted({w for s in prog["streams"] for w in written(s)}, key=str)
    sizes = {trimmed(s) for s in prog["streams"]}
    want = [bytes(p) for p in rdpcap(str(EXP / golden))]
    got = [bytes(p) for p in rdpcap(str(out))]
    assert len(got) == len(want), f"{len(got)} frames, TRex's golden has {len(want)}"
    wrong = []
    for i, (g, w) in enumerate(zip(got, want)):
        size = next(iter(sizes)) if len(sizes) == 1 else None
        if size is not None:
            assert size[0] <= len(g) <= size[1], f"frame {i}: {len(g)} bytes, outside TRex's {size}"
        elif len(g) != len(w):
            wrong.append(f"frame {i}: {len(g)} bytes, TRex sent {len(w)}")
            continue
        for off, n, mask, rand in ranges:
            a, b = int.from_bytes(g[off:off + n], "big"), int.from_bytes(w[off:off + n], "big")
            if rand is not None:
                # riptide writes the low bytes of the value plus add_value, as TRex.
                assert rand[0] & mask <= a <= rand[1] & mask or rand[1] > mask, (
                    f"frame {i}, bytes {off}..{off + n}: random value {a:#x} outside {rand}")
            elif a & mask != b & mask:
                wrong.append(f"frame {i}, bytes {off}..{off + n} under mask {mask:#x}: "
                             f"riptide {a & mask:#x}, TRex {b & mask:#x}")
    if profile in DIFFERS:
        assert wrong, f"{profile} is listed as differing from TRex ({DIFFERS[profile]}) but now matches: unlist it"
    else:
        assert not wrong, wrong[:5]
    # Every stream's frame is the one TRex's own packet builder (its scapy) makes.
    problems = first_frame_problems(prog, got)
    assert not problems, problems
