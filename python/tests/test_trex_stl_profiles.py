"""Every one of TRex's own STL profiles (trex-core's scripts/stl, copied unchanged) runs into
a pcap, or riptide refuses it for a reason this test names.

The profiles TRex's regression has goldens for are compared value by value in
test_trex_goldens.py; here every other profile must load, translate and write its frames
(`riptide run PROFILE.py --port pcap:... -n 100`). A profile riptide cannot run yet is in
REFUSED with the words of its error: the test checks it is still refused that way, so the
list only shrinks, and a new refusal fails the test.
"""

from __future__ import annotations

import os
import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Dict, List, Tuple

from scapy.all import rdpcap

import test_trex_goldens
import trex_oracle

REPO = Path(__file__).resolve().parents[2]
BIN = str(Path(os.environ.get("RIPTIDE_BIN", REPO / "target" / "release" / "riptide")).resolve())
STL = trex_oracle.TREX_CORE / "scripts/stl"

# What riptide refuses, with the words of its reason (issue 51 lists what is next).
REFUSED: Dict[str, str] = {
    # TRex's tagged packet groups.
    "tpg_1tag_stream.py": "STLTaggedPktGroup",
    "tpg_dot1q_vm.py": "STLTaggedPktGroup",
    # Not profiles as TRex's regression runs them: a TPG tag configuration, and a profile
    # whose tunables are required (TRex's test_generated_profiles excludes both).
    "tpg_tags_conf.py": "without get_streams()",
    "imix_wlc.py": "the following arguments are required: --src, --dst",
    # IEEE 1588 (PTP hardware) latency stamps.
    "udp_1pkt_src_ip_split_latency_ieee_1588.py": "ieee_1588=True asks for the NIC's PTP hardware timestamps",
    # A packet size trimmed from a value list.
    "udp_inc_len_list.py": "is no inc/dec/random variable",
}


def run(profile: str, out: Path) -> Tuple[str, subprocess.CompletedProcess]:
    cmd = [BIN, "run", str(STL / profile), "--port", f"pcap:{out}", "-n", "100"]
    env = dict(os.environ, RIPTIDE_PYTHON=sys.executable)
    return profile, subprocess.run(cmd, capture_output=True, text=True, env=env, timeout=120, cwd=str(STL))


def test_every_trex_stl_profile_runs_or_is_refused_for_its_named_reason(tmp_path: Path) -> None:
    golden = {c[0] for c in test_trex_goldens.CASES}
    profiles = sorted(p.name for p in STL.glob("*.py"))
    assert len(profiles) >= 70, profiles
    assert not set(REFUSED) - set(profiles), set(REFUSED) - set(profiles)
    todo = [p for p in profiles if p not in golden or p in REFUSED]
    with ThreadPoolExecutor(max_workers=2) as pool:
        results = list(pool.map(lambda p: run(p, tmp_path / f"{p}.pcap"), todo))
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
        frames = rdpcap(str(tmp_path / f"{profile}.pcap"))
        if not frames:
            problems.append(f"{profile}: no frame written")
        ran += 1
    assert not problems, "\n".join(problems)
    # Those with goldens run in test_trex_goldens.py: together, all but the refused.
    assert ran + len(golden - set(REFUSED)) == len(profiles) - len(REFUSED)
