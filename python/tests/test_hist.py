"""`riptide run --hist`: the latency histograms, decoded by HdrHistogram's Python port."""

from __future__ import annotations

import json
import os
import subprocess
from pathlib import Path

from hdrh.histogram import HdrHistogram

REPO = Path(__file__).resolve().parents[2]
BIN = str(Path(os.environ.get("RIPTIDE_BIN", REPO / "target" / "release" / "riptide")).resolve())


def test_hdr_log_decodes_to_the_reported_percentiles(tmp_path: Path) -> None:
    hlog = tmp_path / "lat.hlog"
    out = subprocess.run(
        [BIN, "run", "profiles/tagged.yaml", "--port", "link:0:delay=80us,dup=1%,seed=9", "--port", "link:1",
         "-d", "2s", "--json", "--hist", str(hlog)],
        cwd=REPO, check=True, capture_output=True, text=True, timeout=120,
    )
    lat = {l["stream"]: l for l in json.loads(out.stdout)["latency"]}
    lines = [l for l in hlog.read_text().splitlines() if l.startswith("Tag=")]
    assert len(lines) == len(lat) == 1
    for line in lines:
        tag, start, length, max_ms, b64 = line.split(",")
        stream = tag.removeprefix("Tag=")
        h = HdrHistogram.decode(b64)
        want = lat[stream]
        assert h.get_total_count() == want["count"] > 0
        assert b64 == want["hdr"], "the log carries the snapshot's histogram"
        for pct, key in [(50, "p50_ns"), (99, "p99_ns"), (99.99, "p9999_ns")]:
            # Same bucket: HdrHistogram reports a bucket's highest equivalent value.
            assert abs(h.get_value_at_percentile(pct) - want[key]) <= want[key] / 1000, (pct, want)
        assert abs(float(max_ms) - want["max_ns"] / 1e6) < 1e-6
        assert float(start) == 0.0 and abs(float(length) - 2.0) < 1e-3
