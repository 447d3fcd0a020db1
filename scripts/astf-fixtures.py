#!/usr/bin/env python3
"""Writes crates/tcp/tests/data/astf/NAME.json: TRex's own `ASTFProfile.to_json()` of some of
TRex's ASTF profiles (python/tests/trex-core), the input riptide's Rust ASTF reader is tested on.

Run from the repository root with the test venv: target/venv/bin/python scripts/astf-fixtures.py
"""

import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "python/tests"))
import trex_oracle  # noqa: E402

NAMES = ["http_simple", "http_manual_commands_loop", "http_eflow2", "http_eflow4", "udp_pcap", "udp1",
         "http_manual_commands_delay", "http_manual_commands_rst", "http_manual_commands_delay_rand",
         "http_manual_commands_pipeline", "param_mss_initwnd", "param_ipv6", "template_groups", "tcp_param_change"]

out = ROOT / "crates/tcp/tests/data/astf"
res = trex_oracle.trex_astf_json_many([str(trex_oracle.ASTF_PROFILES / f"{n}.py") for n in NAMES])
for name, r in zip(NAMES, res):
    if "error" in r:
        sys.exit(f"{name}: {r['error']}")
    (out / f"{name}.json").write_text(json.dumps(r["json"], indent=1, sort_keys=True) + "\n")
print(f"wrote {len(NAMES)} files to {out}")
