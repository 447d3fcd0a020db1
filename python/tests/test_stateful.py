"""The stateful runner and the seed-style sweep against `riptide run-stf`."""

from __future__ import annotations

import csv
import os
import subprocess
import sys
from pathlib import Path

import pytest

from riptide import RiptideError, StatefulRunner

REPO = Path(__file__).resolve().parents[2]
BIN = str(Path(os.environ.get("RIPTIDE_BIN", REPO / "target" / "release" / "riptide")).resolve())


def test_runner_gives_trex_style_values() -> None:
    r = StatefulRunner(BIN)
    r.start(str(REPO / "profiles/stf/udp10.yaml"), ports=["null"], d=3, m=2)
    res = r.sample_until_finish(timeout=120)
    # 200 new flows/s for 3 s, ten packets each.
    assert abs(res.get_last_value("m_total_open_flows") - 600) <= 1
    pps = res.get_value_list("m_tx_pps")
    assert len(pps) == 3 and all(1900 <= p <= 2100 for p in pps[1:]), pps
    with pytest.raises(KeyError):
        res.get_value_list("m_bogus")


def test_runner_on_the_daemon_gives_what_the_process_gives() -> None:
    from daemon_util import running_daemon
    from riptide import Client

    alone = StatefulRunner(BIN)
    alone.start(str(REPO / "profiles/stf/udp10.yaml"), ports=["null"], d=3, m=2)
    theirs = alone.sample_until_finish(timeout=120)
    with running_daemon("--port", "null") as port:
        with Client(port=port) as c:
            c.acquire()
            r = StatefulRunner(client=c)
            r.start(str(REPO / "profiles/stf/udp10.yaml"), d=3, m=2)
            with pytest.raises(RiptideError, match="already going"):
                r.start(str(REPO / "profiles/stf/udp10.yaml"), d=3)
            mine = r.sample_until_finish(timeout=120)
            # Virtual time on the null port: the same flows, packets and per-second series.
            for key in ("m_total_open_flows", "m_total_close_flows", "tx_packets", "tx_bytes"):
                assert mine.get_last_value(key) == theirs.get_last_value(key), key
            assert mine.get_value_list("m_tx_pps") == theirs.get_value_list("m_tx_pps")
            assert c.stf_stats()["state"] == "idle"


def test_runner_reports_riptide_errors() -> None:
    r = StatefulRunner(BIN)
    r.start(str(REPO / "profiles/stf/udp10.yaml"), ports=["null"], d=0)
    with pytest.raises(RiptideError) as e:
        r.sample_until_finish(timeout=60)
    assert "-d" in str(e.value)


def test_the_sweep_writes_a_csv_of_five_points(tmp_path: Path) -> None:
    out = tmp_path / "sweep.csv"
    points = [100, 300, 1000, 3000, 10000]
    p = subprocess.run(
        [sys.executable, str(REPO / "docs/examples/stf_sweep.py"), str(out), ",".join(map(str, points))],
        cwd=REPO, capture_output=True, text=True, timeout=600,
        env={**os.environ, "PYTHONPATH": str(REPO / "python"), "RIPTIDE_BIN": BIN},
    )
    assert p.returncode == 0, p.stderr
    rows = list(csv.DictReader(out.open()))
    assert [int(r["active_flows"]) for r in rows] == points
    for r in rows:
        n, active = int(r["active_flows"]), int(r["m_active_flows"])
        assert abs(active - n) <= 0.05 * n + 2, r
        assert float(r["m_tx_pps"]) > 0 and float(r["m_cpu_util"]) > 0


def test_the_scheduler_sweep_script_writes_every_scheduler(tmp_path: Path) -> None:
    # scripts/stf_sweep.py at toy size: 3 points plus the extra one, tw, pq and tw-only, no plot.
    subprocess.run(
        [sys.executable, str(REPO / "scripts/stf_sweep.py"), "--out", str(tmp_path), "--points", "3",
         "--min", "100", "--max", "900", "--also", "500", "--packets", "20000", "--runs", "2",
         "--riptide", BIN, "--no-plot"],
        check=True, capture_output=True, text=True, timeout=300,
    )
    rows = list(csv.DictReader(open(tmp_path / "stf_sweep.csv")))
    points = sorted({int(r["active_flows"]) for r in rows})
    assert points == [100, 300, 500, 900], points
    assert sorted(r["scheduler"] for r in rows) == ["pq"] * 4 + ["tw"] * 4 + ["tw-only"] * 4
    for r in rows:
        n = int(r["active_flows"])
        # N flows active at steady state, measured from the run's own series.
        assert n - 2 <= int(r["steady_active_flows"]) <= n, r
        assert float(r["min_mpps"]) <= float(r["steady_mpps"]) <= float(r["max_mpps"]), r
        assert float(r["steady_mpps"]) > 0 and float(r["peak_rss_mib"]) > 0, r
    assert not (tmp_path / "stf_sweep.png").exists()
