"""Throughput search from Python: NDR/PDR with MLRsearch, trials on riptide's daemon.

    from riptide import Client
    from riptide.methodology import ndr
    with Client() as c:
        c.acquire()
        c.load_profile("profiles/lab/ndr.yaml")
        result = ndr(c, min_load=10e3, max_load=400e3)
        print(result.goal("ndr").lower_bound, result.goal("pdr").lower_bound)

The search is FD.io CSIT's MLRsearch 1.2.1, the Python package itself (install it:
``pip install MLRsearch==1.2.1``; riptide's Rust port behind ``riptide ndr`` takes the
same trials, docs/methodology.md). Each trial is the daemon's ``trial`` method: the
engine runs and counts it exactly as ``riptide ndr`` does (tagged streams only, unsent
frames count as lost, generator limits flagged), so a search driven from Python gives
what the CLI gives.
"""

from dataclasses import dataclass, field
from typing import Any, Dict, List, Mapping, Optional

from .client import Client
from .errors import RiptideError


@dataclass(frozen=True)
class GoalResult:
    """One goal's answer, frames/s (None: not found, or no upper bound below the max)."""

    name: str
    loss_ratio: float
    lower_bound: Optional[float]
    upper_bound: Optional[float]
    conditional_throughput: Optional[float]


@dataclass(frozen=True)
class NdrResult:
    """The goals' results and every trial (the daemon's ``trial`` records, in order)."""

    goals: List[GoalResult]
    trials: List[Dict[str, Any]] = field(default_factory=list)

    def goal(self, name: str) -> GoalResult:
        """The result of the goal called ``name``."""
        for g in self.goals:
            if g.name == name:
                return g
        raise KeyError(f"no goal '{name}' (goals: {', '.join(g.name for g in self.goals)})")

    @property
    def generator_limited_trials(self) -> int:
        """Trials that sent less than 99.9% of their load."""
        return sum(1 for t in self.trials if t["generator_limited"])


def _mlrsearch() -> Any:
    try:
        import MLRsearch  # noqa: F401
    except ImportError as e:
        raise RiptideError("riptide.methodology.ndr needs MLRsearch 1.2.1: pip install MLRsearch==1.2.1") from e
    return MLRsearch


def ndr(
    client: Client,
    *,
    min_load: float,
    max_load: float,
    goals: Mapping[str, float] = {"ndr": 0.0, "pdr": 0.005},
    width: float = 0.005,
    trial: float = 1.0,
    final_trial: float = 10.0,
    duration_sum: float = 21.0,
    exceed_ratio: float = 0.5,
    max_search: float = 1200.0,
    cores: int = 1,
) -> NdrResult:
    """Finds each goal's throughput (frames/s) of the DUT between the daemon's ports.

    ``client`` must own the engine with a profile loaded that has a tagged stream whose
    rate follows the load. The arguments are ``riptide ndr``'s options, in frames/s and
    seconds: ``goals`` maps names to loss ratios; ``width`` is the final relative width.
    """
    for name, ratio in goals.items():
        if not 0.0 <= ratio < 1.0:
            raise ValueError(f"goal {name}: loss ratio {ratio} is not in [0, 1)")
    if not 0.0 < width < 1.0:
        raise ValueError(f"width {width} is not in (0, 1)")
    if not 0.0 < min_load < max_load:
        raise ValueError(f"min_load {min_load} is not above 0 and below max_load {max_load}")
    if final_trial < trial:
        raise ValueError(f"final_trial {final_trial} is shorter than trial {trial}")
    m = _mlrsearch()
    trials: List[Dict[str, Any]] = []

    class Measurer(m.AbstractMeasurer):  # type: ignore[misc,name-defined]
        def measure(self, intended_duration: float, intended_load: float) -> Any:
            t = client.trial(intended_duration, intended_load, cores=cores)
            trials.append(t)
            return m.MeasurementResult(
                intended_duration=intended_duration,
                intended_load=intended_load,
                offered_count=t["offered_count"],
                forwarding_count=t["forwarded_count"],
                duration_with_overheads=t["duration_with_overheads"],
                intended_count=t["intended_count"],
            )

    search_goals = [
        m.SearchGoal(loss_ratio=ratio, exceed_ratio=exceed_ratio, relative_width=width,
                     initial_trial_duration=trial, final_trial_duration=final_trial,
                     duration_sum=duration_sum, fail_fast=False)
        for ratio in goals.values()
    ]
    config = m.Config(goals=search_goals, min_load=min_load, max_load=max_load,
                      search_duration_max=max_search, warmup_duration=None)
    results = m.MultipleLossRatioSearch(config).search(Measurer())
    out = []
    for (name, ratio), r in zip(goals.items(), results.values()):
        def num(v: Any) -> Optional[float]:
            return None if v is None else float(v)
        out.append(GoalResult(name=name, loss_ratio=ratio, lower_bound=num(r.relevant_lower_bound),
                              upper_bound=num(r.relevant_upper_bound),
                              conditional_throughput=num(r.conditional_throughput)))
    return NdrResult(goals=out, trials=trials)
