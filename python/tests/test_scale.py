"""scripts/scale.py: the multi-core scaling benchmark, at toy size on this machine."""

from __future__ import annotations

import csv
import os
import subprocess
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
BIN = str(Path(os.environ.get("RIPTIDE_BIN", REPO / "target" / "release" / "riptide")).resolve())
SCRIPT = str(REPO / "scripts/scale.py")


def test_scale_writes_one_pinned_row_per_core_count(tmp_path: Path) -> None:
    allowed = sorted(os.sched_getaffinity(0))
    counts = [1, 2] if len(allowed) >= 2 else [1]
    out = subprocess.run(
        [sys.executable, SCRIPT, "--out", str(tmp_path), "--cores", ",".join(map(str, counts)),
         "--runs", "1", "--duration", "200ms", "--riptide", BIN, "--no-plot"],
        check=True, capture_output=True, text=True, timeout=300,
    )
    rows = list(csv.DictReader(open(tmp_path / "scale.csv")))
    assert [int(r["cores"]) for r in rows] == counts, out.stdout
    for r, k in zip(rows, counts):
        # Worker j pinned on the j-th allowed core, as bench reports it.
        assert r["pinned"].split() == [str(c) for c in allowed[:k]], r
        assert float(r["engine_mpps"]) > 0 and float(r["baseline_mpps"]) > 0, r
        assert float(r["min_mpps"]) <= float(r["engine_mpps"]) <= float(r["max_mpps"]), r
        assert abs(float(r["efficiency"]) * k - float(r["speedup"])) < 0.01, r
    assert float(rows[0]["speedup"]) == 1.0
    assert not (tmp_path / "scale.png").exists()


def test_scale_refuses_more_cores_than_allowed(tmp_path: Path) -> None:
    too_many = len(os.sched_getaffinity(0)) + 1
    p = subprocess.run([sys.executable, SCRIPT, "--out", str(tmp_path), "--cores", f"1,{too_many}", "--riptide", BIN],
                       capture_output=True, text=True, timeout=60)
    assert p.returncode == 2 and "cores this process may run on" in p.stderr, p.stderr
    assert not (tmp_path / "scale.csv").exists()
