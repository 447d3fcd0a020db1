#!/usr/bin/env python3
"""PLRsearch's integrator: riptide's (`riptide soak --plr --estimate`) against FD.io CSIT's own
(python/tests/csit/PLRsearch, what CSIT runs), points per second on the same ten trials,
rounds interleaved, medians and their ratio. Needs numpy, scipy and dill (the test venv).

    target/venv/bin/python scripts/bench-plr.py [ROUNDS]
"""
import json
import math
import os
import statistics
import subprocess
import sys
import tempfile
import time
from types import SimpleNamespace

REPO = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(REPO, "python", "tests", "csit"))
import dill  # noqa: E402
from PLRsearch import Integrator, stat_trackers  # noqa: E402
from PLRsearch.PLRsearch import PLRsearch  # noqa: E402

RIPTIDE = os.environ.get("RIPTIDE_BIN", os.path.join(REPO, "target", "release", "riptide"))
MIN_LOAD, MAX_LOAD, TARGET = 1e4, 2e6, 1e-7
LOADS = [1.05e6, 2e6, 1e6, 0.98e6, 1.01e6, 0.99e6, 1.002e6, 0.995e6, 1.0e6, 0.999e6]


def trials():
    out = []
    for i, load in enumerate(LOADS):
        d = 0.1 * (51 + i)
        n = int(load * d)
        lost = int(max(0.0, load - 1e6) * d)
        out.append(dict(intended_load=load, intended_duration=d, intended_count=n, offered_count=n,
                        forwarded_count=n - lost, duration_with_overheads=d))
    return out


class Pipe:
    def __init__(self, job):
        self.job, self.sent = job, None

    def recv(self):
        return self.job

    def poll(self, *_):
        return False

    def send(self, obj):
        self.sent = obj


def csit(ts, samples):
    """Seconds CSIT's integrator takes for `samples` points per fit, both fits."""
    view = [SimpleNamespace(intended_load=t["intended_load"], intended_duration=t["intended_duration"],
                            offered_count=t["offered_count"],
                            plr_loss_count=t["intended_count"] - t["forwarded_count"]) for t in ts]
    t0 = time.perf_counter()
    for fit in (PLRsearch.lfit_stretch, PLRsearch.lfit_erf):
        def func(trace, xm, xs, fit=fit):
            mrr = MAX_LOAD * (1.0 / (xm + 1.0) - 0.5) + 1.0
            spread = math.exp((xs + 1.0) / 2.0 * math.log(mrr))
            return (math.log(PLRsearch.find_critical_rate(trace, fit, MIN_LOAD, MAX_LOAD, TARGET, mrr, spread)),
                    PLRsearch.log_weight(trace, fit, view, mrr, spread))
        focus = stat_trackers.VectorStatTracker(2)
        focus.unit_reset()
        pipe = Pipe((2, dill.dumps(func), focus, samples))
        Integrator.estimate_nd(pipe, 5.0, False)
    return time.perf_counter() - t0


def riptide(path, samples):
    t0 = time.perf_counter()
    subprocess.run([RIPTIDE, "soak", "--plr", "--estimate", path, "--plr-samples", str(samples)], check=True,
                   capture_output=True)
    return time.perf_counter() - t0


def main():
    rounds = int(sys.argv[1]) if len(sys.argv) > 1 else 5
    ts = trials()
    with tempfile.NamedTemporaryFile("w", suffix=".json", delete=False) as f:
        json.dump(dict(min_load=MIN_LOAD, max_load=MAX_LOAD, target_loss=TARGET, trials=ts), f)
    csit_n, rip_n = 2000, 20000
    c, r = [], []
    for i in range(rounds):
        c.append(2 * csit_n / csit(ts, csit_n))
        r.append(2 * rip_n / riptide(f.name, rip_n))
        print(f"round {i + 1}: CSIT {c[-1]:,.0f} points/s, riptide {r[-1]:,.0f} points/s")
    os.unlink(f.name)
    mc, mr = statistics.median(c), statistics.median(r)
    print(f"median: CSIT {mc:,.0f} points/s, riptide {mr:,.0f} points/s (process start included), ratio {mr / mc:.1f}")


if __name__ == "__main__":
    main()
