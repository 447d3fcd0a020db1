"""riptide's soak search (PLRsearch, crates/search/src/plr) against FD.io CSIT's own PLRsearch
code (python/tests/csit/PLRsearch, unchanged) on the same simulated trials.

Two checks through `riptide soak --plr --estimate`: a replay (CSIT's integrator draws its points
with numpy; riptide's integrator evaluates the same points and must end with the same posterior,
digit for digit up to the error functions' last bits), and an independent one (riptide's own
sampler against CSIT's integrator: the same posterior within the Monte Carlo error).
"""
import ast
import json
import math
import os
import subprocess
import sys
from types import SimpleNamespace

import pytest

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "csit"))
import dill  # noqa: E402
import scipy  # noqa: E402,F401  (PLRsearch's integrator imports it)
from PLRsearch.PLRsearch import PLRsearch  # noqa: E402
from PLRsearch import Integrator, stat_trackers  # noqa: E402

RIPTIDE = os.environ.get("RIPTIDE_BIN", "target/release/riptide")
MIN_LOAD, MAX_LOAD, TARGET = 1e4, 2e6, 1e-7


def policer_trials(capacity, loads):
    """Trials of a DUT that forwards `capacity` frames/s and drops the rest, as riptide records
    them (CSIT's durations: 5.1 s, 5.2 s, ...)."""
    trials = []
    for i, load in enumerate(loads):
        duration = 0.1 * (51 + i)
        intended = int(load * duration)
        lost = int(max(0.0, load - capacity) * duration)
        trials.append(dict(intended_load=load, intended_duration=duration, intended_count=intended,
                           offered_count=intended, forwarded_count=intended - lost,
                           duration_with_overheads=duration))
    return trials


def csit_view(t):
    """A riptide trial as CSIT's search hands it to the likelihood (its plr_loss_count)."""
    overall = max(t["offered_count"], t["intended_count"])
    loss_ratio = (abs(t["offered_count"] - t["forwarded_count"])
                  + abs(t["intended_count"] - t["offered_count"])) / overall
    count = t["intended_count"]
    return SimpleNamespace(intended_load=t["intended_load"], intended_duration=t["intended_duration"],
                           offered_count=t["offered_count"],
                           plr_loss_count=min(count, int(count * loss_ratio + 0.9)))


def value_logweight(fit, trials):
    """The closure of CSIT's PLRsearch.measure_and_compute, over these trials."""
    def func(trace, x_mrr, x_spread):
        mrr = MAX_LOAD * (1.0 / (x_mrr + 1.0) - 0.5) + 1.0
        spread = math.exp((x_spread + 1.0) / 2.0 * math.log(mrr))
        logweight = PLRsearch.log_weight(trace, fit, trials, mrr, spread)
        value = math.log(PLRsearch.find_critical_rate(trace, fit, MIN_LOAD, MAX_LOAD, TARGET, mrr, spread))
        return value, logweight
    return func


class Pipe:
    """CSIT's worker pipe, in process: the job once, never a stop (max_samples ends it)."""

    def __init__(self, job):
        self.job, self.sent = job, None

    def recv(self):
        return self.job

    def poll(self, *_):
        return False

    def send(self, obj):
        self.sent = obj


def csit_integrate(fit, trials, samples, trace):
    focus = stat_trackers.VectorStatTracker(2)
    focus.unit_reset()
    pipe = Pipe((2, dill.dumps(value_logweight(fit, trials)), focus, samples))
    Integrator.estimate_nd(pipe, 5.0, trace)  # CSIT's search passes scale_coeff 5.0
    if isinstance(pipe.sent, str):
        raise AssertionError(pipe.sent)
    value, _focus, _debug, trace_list, n = pipe.sent
    points = [ast.literal_eval(t[len("sample_point "):]) for t in trace_list if t.startswith("sample_point ")]
    return value, points, n


def riptide_estimate(tmp_path, trials, samples=20000, replay=None):
    recorded = dict(min_load=MIN_LOAD, max_load=MAX_LOAD, target_loss=TARGET, trials=trials)
    if replay:
        recorded["replay"] = replay
    path = tmp_path / "trials.json"
    path.write_text(json.dumps(recorded))
    out = subprocess.run([RIPTIDE, "soak", "--plr", "--estimate", str(path), "--plr-samples", str(samples)],
                         capture_output=True, text=True, timeout=120)
    assert out.returncode == 0, out.stderr
    return json.loads(out.stdout)


TRIALS = policer_trials(1e6, [1.05e6, 2e6, 1e6, 0.98e6, 1.01e6, 0.99e6, 1.002e6, 0.995e6, 1.0e6, 0.999e6])
FITS = (("stretch", PLRsearch.lfit_stretch), ("erf", PLRsearch.lfit_erf))


def test_riptide_integrates_csits_points_to_csits_posterior(tmp_path):
    csit_trials = [csit_view(t) for t in TRIALS]
    results, replay = {}, {}
    for name, fit in FITS:
        value, points, n = csit_integrate(fit, csit_trials, 2000, True)
        assert len(points) == n == 2000
        results[name], replay[name] = value, points
    got = riptide_estimate(tmp_path, TRIALS, replay=replay)
    for (name, _), fit in zip(FITS, got["fits"]):
        want = results[name]
        assert fit["fit"] == name and fit["samples"] == 2000 and fit["skipped"] == 0, fit
        # ln(critical load): the same points, the same weights; the erf fit's error functions
        # (scipy's against libm's) differ in their last bits, so not to the bit.
        assert fit["mean"] == pytest.approx(want.average, rel=1e-10, abs=0), name
        assert fit["variance"] == pytest.approx(want.get_pessimistic_variance(), rel=1e-5), name
    # CSIT's combination of the two (PLRsearch._get_result's arithmetic).
    s, e = results["stretch"], results["erf"]
    avg = (s.average + e.average) / 2
    var = (s.get_pessimistic_variance() + e.get_pessimistic_variance()) / 2 + (s.average - e.average) ** 2 / 4
    lower, upper = math.exp(avg - math.sqrt(var)), math.exp(avg + math.sqrt(var))
    c = got["critical_load"]
    assert c["lower"] == pytest.approx(lower, rel=1e-9) and c["upper"] == pytest.approx(upper, rel=1e-9), c
    assert c["load"] == pytest.approx((lower + upper) / 2, rel=1e-9), c


def test_riptides_own_sampler_finds_the_posterior_csits_integrator_finds(tmp_path):
    csit_trials = [csit_view(t) for t in TRIALS]
    got = riptide_estimate(tmp_path, TRIALS, samples=20000)
    for (name, fit), mine in zip(FITS, got["fits"]):
        value, _, _ = csit_integrate(fit, csit_trials, 4000, False)
        sd = math.sqrt(value.get_pessimistic_variance())
        # Different random points: within the Monte Carlo error of CSIT's 4,000 (cold start).
        assert abs(mine["mean"] - value.average) <= sd, (name, mine, value.average, sd)
        assert 0.5 <= math.sqrt(mine["variance"]) / sd <= 2.0, (name, mine, sd)
    # And both put the policer's capacity inside the interval riptide states.
    c = got["critical_load"]
    assert c["lower_2sd"] <= 1e6 <= c["upper_2sd"], c


def test_bad_estimate_files_are_named(tmp_path):
    for text, want in [("[]", "expected min_load, max_load, target_loss and trials"),
                       (json.dumps(dict(min_load=5, max_load=1, target_loss=1e-7, trials=TRIALS)), "load limits"),
                       (json.dumps(dict(min_load=1, max_load=5, target_loss=1e-7, trials=[])), "0 trials")]:
        path = tmp_path / "bad.json"
        path.write_text(text)
        out = subprocess.run([RIPTIDE, "soak", "--plr", "--estimate", str(path)], capture_output=True, text=True)
        assert out.returncode == 2 and want in out.stderr and str(path) in out.stderr, out.stderr
        assert out.stdout == ""
