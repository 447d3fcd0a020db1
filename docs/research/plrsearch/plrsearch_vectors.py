#!/usr/bin/env python3
"""Print golden test vectors from FD.io CSIT's own PLRsearch Python code.

Usage: python3 plrsearch_vectors.py /path/to/dir_containing_PLRsearch_package

The directory must contain the package folder "PLRsearch" copied verbatim from
CSIT resources/libraries/python/PLRsearch/ (it uses relative imports, so it has
to be imported as a package). Needs numpy, scipy and dill installed
(CSIT pins numpy==2.3.5, scipy==1.15.3, dill==0.4.0).
Output: one JSON object per line; floats as repr() and as float.hex().
"""
import json
import math
import sys
from types import SimpleNamespace

sys.path.insert(0, sys.argv[1] if len(sys.argv) > 1 else ".")
from PLRsearch.PLRsearch import PLRsearch as P  # noqa: E402
from PLRsearch.log_plus import log_plus, log_minus, safe_exp  # noqa: E402
from PLRsearch import stat_trackers  # noqa: E402


def f(x):
    if x is None:
        return None
    return {"repr": repr(x), "hex": float.hex(float(x))}


def branch_tracer():
    names = []
    return names, (lambda name, value: names.append(name))


def emit(**kw):
    print(json.dumps(kw))


emit(kind="const", name="xerfcx_limit", value=f(P.xerfcx_limit))
emit(kind="const", name="log_xerfcx_10", value=f(P.log_xerfcx_10))

for a, b in [(None, 1.5), (2.0, None), (0.0, 0.0), (1.0, 3.0), (-1000.0, 0.0),
             (700.0, 699.0), (-3.5, -3.25)]:
    emit(kind="log_plus", args=[a, b], result=f(log_plus(a, b)))
for a, b in [(1.0, None), (1.0, 0.0), (3.0, 2.999999), (0.0, -50.0), (10.0, -1e300)]:
    emit(kind="log_minus", args=[a, b], result=f(log_minus(a, b)))
for a, b in [(None, 0.0), (0.0, 0.0), (0.0, 1.0)]:
    try:
        log_minus(a, b)
        emit(kind="log_minus", args=[a, b], result="no error?")
    except RuntimeError as exc:
        emit(kind="log_minus", args=[a, b], error=str(exc))

cases = [
    # load, mrr, spread
    (1e6, 1e7, 1e5), (9e6, 1e7, 1e5), (9.9e6, 1e7, 1e4), (1e7, 1e7, 1e5),
    (1.1e7, 1e7, 1e5), (2e7, 1e7, 1e5), (5e6, 1e7, 1e6), (1e7, 1e7, 3e6),
    (1e3, 1e7, 1e7), (1.2e7, 1e7, 2e7), (2.46, 9.16e7, 6.77e6),
    (1e4, 1e7, 1e2), (1e4, 3e7, 1.0), (2.9e7, 3e7, 1.0), (3e7, 5.0, 2.0),
    (1.5e7, 1.5e7, 1.5e7 ** 0.5), (12345.678, 1.0, 1.0),
]
for load, mrr, spread in cases:
    for name, fn in (("lfit_stretch", P.lfit_stretch), ("lfit_erf", P.lfit_erf)):
        names, tr = branch_tracer()
        try:
            val = fn(tr, load, mrr, spread)
            emit(kind=name, load=load, mrr=mrr, spread=spread, result=f(val),
                 branch=[n for n in names if "log_lps" in n or "first" in n
                         or n.startswith("negative")])
        except Exception as exc:  # pylint: disable=broad-except
            emit(kind=name, load=load, mrr=mrr, spread=spread,
                 error=f"{type(exc).__name__}: {exc}")

noop = lambda name, value: None  # noqa: E731
for mrr, spread in [(1e7, 1e5), (1e7, 1e3), (2e7, 3e6), (5e4, 10.0), (1e9, 1e8), (2.0, 1.5)]:
    for name, fn in (("stretch", P.lfit_stretch), ("erf", P.lfit_erf)):
        r = P.find_critical_rate(noop, fn, 1e4, 3e7, 1e-7, mrr, spread)
        emit(kind="find_critical_rate", fit=name, min_rate=1e4, max_rate=3e7,
             target=1e-7, mrr=mrr, spread=spread, result=f(r))

# Trial results: only intended_load, offered_count, plr_loss_count are used
# (intended_duration is only traced).
trials = [
    SimpleNamespace(intended_load=1.5e7, intended_duration=5.1, offered_count=76500000, plr_loss_count=25000000),
    SimpleNamespace(intended_load=1.0e7, intended_duration=5.2, offered_count=52000000, plr_loss_count=4),
    SimpleNamespace(intended_load=9.8e6, intended_duration=5.3, offered_count=51940000, plr_loss_count=0),
    SimpleNamespace(intended_load=1.02e7, intended_duration=5.4, offered_count=110160000, plr_loss_count=1200),
]
for mrr, spread in [(1e7, 1e5), (1e7, 1e4), (9.9e6, 3e4), (1.2e7, 1e6)]:
    for name, fn in (("stretch", P.lfit_stretch), ("erf", P.lfit_erf)):
        emit(kind="log_weight", fit=name, mrr=mrr, spread=spread,
             trials=[vars(t) for t in trials],
             result=f(P.log_weight(noop, fn, trials, mrr, spread)))
emit(kind="log_weight", fit="any", mrr=1e7, spread=1e5, trials=[],
     result=f(P.log_weight(noop, P.lfit_erf, [], 1e7, 1e5)))

# Prior transformation used by the value_logweight_func closure.
max_rate = 3e7
for xm, xs in [(0.0, 0.0), (-0.9, 0.5), (0.9, -0.9), (0.5, 0.99)]:
    mrr = max_rate * (1.0 / (xm + 1.0) - 0.5) + 1.0
    spread = math.exp((xs + 1.0) / 2.0 * math.log(mrr))
    emit(kind="prior_transform", max_rate=max_rate, x_mrr=xm, x_spread=xs,
         mrr=f(mrr), spread=f(spread))

# Scalar dual tracker sequence.
st = stat_trackers.ScalarDualStatTracker()
for value, lw in [(16.0, -5.0), (16.2, -3.0), (15.9, -3.0), (16.1, -10.0), (16.05, -2.5), (16.05, -2.5)]:
    st.add(value, lw)
    emit(kind="scalar_dual_add", value=value, log_weight=lw,
         average=f(st.average), log_sum_weight=f(st.log_sum_weight),
         log_variance=f(st.log_variance), secondary_average=f(st.secondary.average),
         secondary_log_variance=f(st.secondary.log_variance),
         max_log_weight=f(st.max_log_weight),
         pessimistic_variance=f(st.get_pessimistic_variance()))

# Vector focus tracker sequence (as the integrator uses it).
vt = stat_trackers.VectorStatTracker(2)
vt.unit_reset()
vt.log_sum_weight = None
for point, lw in [([0.1, 0.2], -100.0), ([0.15, 0.1], -90.0), ([0.12, 0.18], -95.0),
                  ([-0.3, 0.4], -120.0), ([0.11, 0.19], -89.5)]:
    dist = vt.add_without_dominance_get_distance(point, lw)
    emit(kind="vector_add_without_dominance", point=point, log_weight=lw,
         distance=f(float(dist)), averages=[f(x) for x in vt.averages],
         covariance=[[f(x) for x in row] for row in vt.covariance_matrix],
         log_sum_weight=f(vt.log_sum_weight))
