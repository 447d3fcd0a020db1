#!/usr/bin/env python3
"""Golden vectors for PLRsearch's outer loop (load selection, durations, stop).

Drives CSIT's real PLRsearch.search() with a scripted measurer and with
measure_and_compute replaced by a stub that returns scripted per-function
estimates (avg1=stretch, avg2=erf) instead of running the integrator, so the
outer loop becomes deterministic. Prints, per trial: trial number, duration,
offered load, loss count, and the (avg1, avg2) the stub reported.
Usage: python3 plrsearch_loadselect_vectors.py /dir/containing/PLRsearch_package
"""
import sys
import time

sys.path.insert(0, sys.argv[1] if len(sys.argv) > 1 else ".")
from PLRsearch.PLRsearch import PLRsearch  # noqa: E402

# Scripted loss ratios per trial (index from 1), and scripted estimates.
LOSS_RATIOS = [1.0, 0.5, 0.01, 0.0, 0.0, 1e-6, 0.0, 0.0, 0.0, 2e-7, 0.0, 0.0]
ESTIMATES = [(9e6, 9.5e6), (8e6, 8.2e6), (9.1e6, 9.3e6), (9.6e6, 9.8e6),
             (9.7e6, 9.9e6), (9.2e6, 9.4e6), (9.3e6, 9.5e6), (9.35e6, 9.5e6),
             (9.4e6, 9.6e6), (9.3e6, 9.45e6), (9.31e6, 9.46e6), (9.32e6, 9.47e6)]


class Result:
    """Minimal duck-typed MeasurementResult (only what search() reads)."""

    def __init__(self, duration, load, loss_ratio):
        self.intended_duration = duration
        self.intended_load = load
        self.intended_count = int(load * duration)
        self.offered_count = self.intended_count
        self.loss_ratio = loss_ratio
        self.relative_forwarding_rate = load * (1.0 - loss_ratio)


class Scripted(PLRsearch):
    """PLRsearch with the integrator stubbed out."""

    def __init__(self, *args, **kwargs):
        super().__init__(None, *args, **kwargs)
        self.index = 0
        self.log = []

    def measure_and_compute(self, trial_duration, transmit_rate, trial_result_list,
                            min_rate, max_rate, focus_trackers=(None, None),
                            max_samples=None):
        i = self.index
        self.index += 1
        m = Result(trial_duration, transmit_rate, LOSS_RATIOS[i])
        avg1, avg2 = ESTIMATES[i]
        self.log.append((i + 1, trial_duration, transmit_rate, avg1, avg2))
        if self.index >= len(LOSS_RATIOS):
            self.timeout = -1e9  # force stop at this trial
            self.stop_now = True
        return m, (avg1 + avg2) / 2, 1.0, avg1, avg2, focus_trackers


real_time = time.time
# stop_time is computed once from time.time()+timeout; make the last trial stop.
search = Scripted(0.1, 1e-7, trial_number_offset=50, timeout=3600.0)
calls = {"n": 0}


def fake_time():
    calls["n"] += 1
    return 0.0 if calls["n"] == 1 else (1e9 if getattr(search, "stop_now", False) else 1.0)


time.time = fake_time
try:
    result = search.search(1e6, 2e7)
finally:
    time.time = real_time
for row in search.log:
    print("trial %d duration %r load %r (stub avg1 %r avg2 %r)" % row)
print("returned", result)
