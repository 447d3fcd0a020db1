#!/usr/bin/env python3
"""Replay check: run CSIT's Integrator.estimate_nd with tracing on and a fixed
max_samples, pull the accepted sample points out of its trace, then redo the
integration loop with an independent re-implementation that consumes those
points, and compare. This is the template for a Rust cross-check: the
Rust integrator with its sampler replaced by "replay these points" must give
the same value tracker and focus tracker (to ~1e-12), without having to
reproduce numpy's MT19937 + legacy polar Gauss + SVD sampler bit for bit.

Usage: python3 plrsearch_replay_check.py /dir/containing/PLRsearch_package
Needs numpy, scipy, dill (CSIT's own imports).
"""
import ast
import math
import sys
from types import SimpleNamespace

import dill
import numpy

sys.path.insert(0, sys.argv[1] if len(sys.argv) > 1 else ".")
from PLRsearch.PLRsearch import PLRsearch as P  # noqa: E402
from PLRsearch import Integrator, stat_trackers  # noqa: E402


class FakePipe:
    """Pipe stand-in: hands over the input once, never signals stop."""

    def __init__(self, payload):
        self.payload, self.sent = payload, None

    def recv(self):
        return self.payload

    def poll(self, *_):
        return False

    def send(self, obj):
        self.sent = obj


MIN_RATE, MAX_RATE, TARGET = 1e4, 3e7, 1e-7
TRIALS = [
    SimpleNamespace(intended_load=1.5e7, intended_duration=5.1, offered_count=76500000, plr_loss_count=25000000),
    SimpleNamespace(intended_load=1.0e7, intended_duration=5.2, offered_count=52000000, plr_loss_count=4),
    SimpleNamespace(intended_load=9.8e6, intended_duration=5.3, offered_count=51940000, plr_loss_count=0),
    SimpleNamespace(intended_load=1.02e7, intended_duration=5.4, offered_count=110160000, plr_loss_count=1200),
    SimpleNamespace(intended_load=9.9e6, intended_duration=5.5, offered_count=54450000, plr_loss_count=3),
]


def make_value_logweight(fit):
    """Same body as the closure in PLRsearch.measure_and_compute."""

    def value_logweight_func(trace, x_mrr, x_spread):
        mrr = MAX_RATE * (1.0 / (x_mrr + 1.0) - 0.5) + 1.0
        spread = math.exp((x_spread + 1.0) / 2.0 * math.log(mrr))
        logweight = P.log_weight(trace, fit, TRIALS, mrr, spread)
        value = math.log(
            P.find_critical_rate(trace, fit, MIN_RATE, MAX_RATE, TARGET, mrr, spread)
        )
        return value, logweight

    return value_logweight_func


def replay(points, func, scale_coeff, focus):
    """Independent re-implementation of the estimate_nd loop (no numpy RNG)."""
    focus.log_sum_weight = None  # as estimate_nd does for an inherited tracker
    value_tracker = stat_trackers.ScalarDualStatTracker()
    noop = lambda name, value: None  # noqa: E731
    for point in points:
        value, log_weight = func(noop, *point)
        # add_without_dominance_get_distance, written out:
        lsw = focus.log_sum_weight
        if lsw is not None and lsw < log_weight - 1.0:
            lsw = (lsw + log_weight) / 2.0
            log_weight_f = lsw
            focus.log_sum_weight = lsw
        else:
            log_weight_f = log_weight
        (c00, c01), (c10, c11) = focus.covariance_matrix
        shift = focus.add_get_shift(point, log_weight_f)
        det = c00 * c11 - c01 * c10
        # shift^T C^-1 shift for the OLD covariance C (2x2 closed form).
        distance = (c11 * shift[0] ** 2 - (c01 + c10) * shift[0] * shift[1]
                    + c00 * shift[1] ** 2) / det
        log_importance = log_weight + distance / 2.0 / scale_coeff
        value_tracker.add(value, log_importance)
    return value_tracker, focus


def main():
    for name, fit in (("stretch", P.lfit_stretch), ("erf", P.lfit_erf)):
        func = make_value_logweight(fit)
        focus = stat_trackers.VectorStatTracker(2)
        focus.unit_reset()
        pipe = FakePipe((2, dill.dumps(func), focus.copy(), 2000))
        Integrator.estimate_nd(pipe, 5.0, True)  # CSIT passes scale_coeff=5.0
        vt, ft, _debug, trace_list, samples = pipe.sent
        points = [ast.literal_eval(t[len("sample_point "):])
                  for t in trace_list if t.startswith("sample_point ")]
        assert len(points) == samples
        rvt, rft = replay(points, func, 5.0, focus)
        print(name, "samples", samples)
        print("  csit  avg", repr(vt.average), "pess_var", repr(vt.get_pessimistic_variance()))
        print("  replay avg", repr(rvt.average), "pess_var", repr(rvt.get_pessimistic_variance()))
        print("  focus avg csit", ft.averages, "replay", rft.averages)
        assert abs(vt.average - rvt.average) <= 1e-12 * abs(vt.average)
        assert numpy.allclose(ft.covariance_matrix, rft.covariance_matrix, rtol=1e-9, atol=0)
    print("replay OK")


if __name__ == "__main__":
    main()
