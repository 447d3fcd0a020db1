"""Every one of TRex's own STL profiles (trex-core's scripts/stl, copied unchanged) runs into
a pcap, or riptide refuses it for a reason this test names.

The profiles TRex's regression has goldens for are compared value by value in
test_trex_goldens.py; here every other profile must load, translate and write its frames
(`riptide run PROFILE.py --port pcap:... -n 4000`), and each stream's frame must be the
bytes TRex's own client (python/tests/trex-core, with its scapy) compiles for it, but
where TRex's server or VM changes them (test_trex_goldens.first_frame_problems). A
profile riptide cannot run yet is in REFUSED with the words of its error: the test
checks it is still refused that way, so the list only shrinks, and a new refusal fails
the test.
"""

from __future__ import annotations

import os
import struct
import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Dict, List, Tuple

import test_trex_goldens
import trex_oracle

REPO = Path(__file__).resolve().parents[2]
BIN = str(Path(os.environ.get("RIPTIDE_BIN", REPO / "target" / "release" / "riptide")).resolve())
STL = trex_oracle.TREX_CORE / "scripts/stl"

# What riptide refuses, with the words of its reason (issue 51 lists what is next).
REFUSED: Dict[str, str] = {
    # Not profiles as TRex's regression runs them: a TPG tag configuration, and a profile
    # whose tunables are required (TRex's test_generated_profiles excludes both).
    "tpg_tags_conf.py": "without get_streams()",
    "imix_wlc.py": "the following arguments are required: --src, --dst",
    # IEEE 1588 (PTP hardware) latency stamps.
    "udp_1pkt_src_ip_split_latency_ieee_1588.py": "ieee_1588=True asks for the NIC's PTP hardware timestamps",
}


# Profiles whose frames differ from TRex's packet builder's only because the installed
# scapy builds their packets differently from TRex's own (scripts/external_libs/
# scapy-2.4.3): with TRex's scapy they must be TRex's bytes, and with this one not.
OWN_BYTES: Dict[str, str] = {
    "udp_1pkt_dns.py": "scapy >= 2.5's DNS() asks a question (www.example.com); TRex's scapy asks none",
    "udp_1pkt_frag.py": "scapy >= 2.5's fragment(fragsize=20) cuts 16-byte fragments, TRex's scapy 24-byte ones",
}
TREX_SCAPY = trex_oracle.TREX_CORE / "scripts/external_libs/scapy-2.4.3"
# Frames written per profile: enough for every stream of a chain to send (TRex's burst
# profiles send up to 3 x 1,000 packets before their last stream starts).
FRAMES = 4000


def frames_of(path: Path) -> List[bytes]:
    """A pcap's frames (riptide's pcap port: classic pcap, either byte order)."""
    data = path.read_bytes()
    order = "<" if data[:4] in (b"\xd4\xc3\xb2\xa1", b"\x4d\x3c\xb2\xa1") else ">"
    out, at = [], 24
    while at + 16 <= len(data):
        caplen = struct.unpack(order + "I", data[at + 8:at + 12])[0]
        out.append(data[at + 16:at + 16 + caplen])
        at += 16 + caplen
    return out


def run(profile: str, out: Path, trex_scapy: bool = False) -> Tuple[str, subprocess.CompletedProcess]:
    cmd = [BIN, "run", str(STL / profile), "--port", f"pcap:{out}", "-n", str(FRAMES)]
    env = dict(os.environ, RIPTIDE_PYTHON=sys.executable)
    if trex_scapy:
        env["PYTHONPATH"] = os.pathsep.join([str(TREX_SCAPY)] + [p for p in [env.get("PYTHONPATH")] if p])
    return profile, subprocess.run(cmd, capture_output=True, text=True, env=env, timeout=120, cwd=str(STL))


def test_every_trex_stl_profile_runs_or_is_refused_for_its_named_reason(tmp_path: Path) -> None:
    golden = {c[0] for c in test_trex_goldens.CASES}
    profiles = sorted(p.name for p in STL.glob("*.py"))
    assert len(profiles) >= 70, profiles
    assert not set(REFUSED) - set(profiles), set(REFUSED) - set(profiles)
    todo = [p for p in profiles if p not in golden or p in REFUSED]
    with ThreadPoolExecutor(max_workers=2) as pool:
        results = list(pool.map(lambda p: run(p, tmp_path / f"{p}.pcap"), todo))
    ran_ok = [p for p in todo if p not in REFUSED]
    programs = dict(zip(ran_ok, test_trex_goldens.trex_programs([(p, {}, "", 0) for p in ran_ok])))
    problems: List[str] = []
    ran = 0
    for profile, r in results:
        if profile in REFUSED:
            if r.returncode == 0 or REFUSED[profile] not in r.stderr:
                problems.append(f"{profile}: listed as refused ({REFUSED[profile]!r}); rc={r.returncode} "
                                f"{r.stderr.strip()[-300:]}")
            continue
        if r.returncode != 0:
            problems.append(f"{profile}: rc={r.returncode}: {r.stderr.strip()[-400:]}")
            continue
        frames = frames_of(tmp_path / f"{profile}.pcap")
        if not frames:
            problems.append(f"{profile}: no frame written")
        ran += 1
        # Every stream's frame is the one TRex's own packet builder (its scapy) makes.
        prog = programs[profile]
        if "streams" not in prog:
            problems.append(f"{profile}: TRex's own client does not compile it: {prog}")
            continue
        wrong = test_trex_goldens.first_frame_problems(prog, frames)
        if profile not in OWN_BYTES:
            problems += [f"{profile}: {p}" for p in wrong]
        elif not wrong:
            problems.append(f"{profile} is listed in OWN_BYTES ({OWN_BYTES[profile]}) but its frames are TRex's")
        else:
            _, r2 = run(profile, tmp_path / f"{profile}.trex-scapy.pcap", trex_scapy=True)
            wrong = r2.returncode or test_trex_goldens.first_frame_problems(
                prog, frames_of(tmp_path / f"{profile}.trex-scapy.pcap"))
            if wrong:
                problems.append(f"{profile} with TRex's scapy: {r2.stderr.strip()[-300:] or wrong}")
    assert not problems, "\n".join(problems)
    # Those with goldens run in test_trex_goldens.py: together, all but the refused.
    assert ran + len(golden - set(REFUSED)) == len(profiles) - len(REFUSED)
