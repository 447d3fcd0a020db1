"""riptide's throughput search against MLRsearch 1.2.1, the reference implementation of
the IETF BMWG draft (FD.io CSIT), on the same simulated DUTs: riptide must need no more
trials and land on the same conditional throughput within the goal width (docs/methodology.md).

Both sides measure the same model: a DUT that forwards up to CAPACITY frames/s and drops
the rest, counts floored to whole frames (crates/search/src/sim.rs computes them alike).
"""
import json
import math
import os
import random
import subprocess
from pathlib import Path
from typing import List, Tuple

import pytest

from MLRsearch import AbstractMeasurer, Config, MeasurementResult, MultipleLossRatioSearch, SearchGoal

BIN = Path(os.environ.get("RIPTIDE_BIN", "target/release/riptide"))
WIDTH = 0.005


class Simulated(AbstractMeasurer):
    def __init__(self, capacity: float, loss: float = 0.0) -> None:
        self.capacity, self.loss = capacity, loss
        self.trials: List[Tuple[float, float]] = []

    def measure(self, intended_duration: float, intended_load: float) -> MeasurementResult:
        offered = math.floor(intended_load * intended_duration)
        through = min(offered, math.floor(self.capacity * intended_duration))
        forwarded = through - math.ceil(through * self.loss)
        self.trials.append((intended_duration, intended_load))
        return MeasurementResult(
            intended_duration=intended_duration,
            intended_load=intended_load,
            offered_count=offered,
            forwarding_count=forwarded,
        )


def reference(capacity: float, loss: float, min_load: float, max_load: float):
    goals = [SearchGoal(loss_ratio=0.0, fail_fast=False), SearchGoal(loss_ratio=0.005, fail_fast=False)]
    config = Config(goals=goals, min_load=min_load, max_load=max_load, search_duration_max=1200.0,
                    warmup_duration=None)
    sim = Simulated(capacity, loss)
    result = MultipleLossRatioSearch(config).search(sim)
    throughputs = [r.conditional_throughput for r in result.values()]
    return sim.trials, [None if t is None else float(t) for t in throughputs]


def riptide(capacity: float, loss: float, min_load: float, max_load: float):
    sim = f"{capacity}pps" + (f",loss={loss}" if loss else "")
    out = subprocess.run(
        [str(BIN), "ndr", "--simulate", sim, "--min-load", f"{min_load}pps", "--max-load", f"{max_load}pps",
         "--goals", "ndr=0,pdr=0.5%", "--width", "0.5%", "--trial", "1s", "--final-trial", "1s",
         "--duration-sum", "21s", "--json"],
        capture_output=True, text=True, timeout=60)
    assert out.returncode == 0, out.stderr
    [run] = json.loads(out.stdout)["runs"]
    trials = [(t["intended_duration"], t["intended_load"]) for t in run["trial_list"]]
    assert len(trials) == run["trials"]
    return trials, [g["conditional_throughput"] for g in run["goals"]]


CASES = [(1.234e6, 0.0, 9001.0, 14.88e6), (1e9, 0.0, 9001.0, 14.88e6), (1e9, 0.003, 10e3, 1e6),
         (150e3, 0.0, 10e3, 400e3), (3.3e6, 0.001, 9001.0, 14.88e6)]
rng = random.Random(16)
CASES += [(rng.uniform(20e3, 9e6), rng.choice([0.0, 0.0, 0.002]), 10e3, 10e6) for _ in range(10)]


@pytest.mark.parametrize("capacity,loss,min_load,max_load", CASES)
def test_no_more_trials_than_mlrsearch_and_the_same_throughput(capacity, loss, min_load, max_load) -> None:
    ref_trials, ref_tp = reference(capacity, loss, min_load, max_load)
    our_trials, our_tp = riptide(capacity, loss, min_load, max_load)
    assert len(our_trials) <= len(ref_trials), (
        f"riptide {len(our_trials)} trials, MLRsearch {len(ref_trials)}: first difference at "
        f"{next((i for i, (a, b) in enumerate(zip(our_trials, ref_trials)) if a != b), None)}")
    for ours, theirs in zip(our_tp, ref_tp):
        if theirs is None:
            assert ours is None, (our_tp, ref_tp)
        else:
            assert ours is not None and abs(ours - theirs) <= WIDTH * theirs, (our_tp, ref_tp)


def test_the_csit_reference_case_takes_35_trials_on_both() -> None:
    # The reference figure: ~35 trials for 1.234 Mpps of 14.88 with CSIT's goals.
    ref_trials, _ = reference(1.234e6, 0.0, 9001.0, 14.88e6)
    our_trials, _ = riptide(1.234e6, 0.0, 9001.0, 14.88e6)
    assert len(ref_trials) == 35
    assert our_trials == ref_trials


@pytest.mark.parametrize("args,expected", [
    (["--goals", "pdr=150%"], "--goals 'pdr=150%'"),
    (["--width", "0"], "--width '0'"),
    (["--min-load", "2mpps"], "--min-load 2mpps is not below --max-load"),
    (["--goals", "ndr"], "expected NAME=LOSS_RATIO"),
    (["--final-trial", "500ms"], "--final-trial 500ms"),
])
def test_bad_search_options_name_the_option(args, expected) -> None:
    out = subprocess.run([str(BIN), "ndr", "--simulate", "1mpps", "--max-load", "1.5mpps", *args],
                         capture_output=True, text=True, timeout=30)
    assert out.returncode == 2, out
    assert expected in out.stderr, out.stderr
    assert out.stdout == ""
