"""Throughput search from Python: NDR/PDR, the search ``riptide ndr`` runs, in the daemon.

    from riptide import Client
    from riptide.methodology import ndr
    with Client() as c:
        c.acquire()
        c.load_profile("profiles/lab/ndr.yaml")
        result = ndr(c, min_load=10e3, max_load=400e3)
        print(result.goal("ndr").lower_bound, result.goal("pdr").lower_bound)

The methodology is riptide's one library (``riptide-method``): the daemon's ``ndr_start``
runs the very search ``riptide ndr`` runs (MLRsearch, a frame-size sweep, latency at 0,
10, 50 and 90% of PDR, generator limits marked), so the CLI, the daemon and Python take
the same trials for the same options (docs/methodology.md). This module starts it,
follows it trial by trial, cancels it if the caller is interrupted, and returns its
report. FD.io CSIT's MLRsearch package is the tests' oracle, not a dependency.
"""

import base64
import time
from dataclasses import dataclass, field
from typing import Any, Callable, Dict, List, Mapping, Optional, Tuple, Union

from .client import Client
from .errors import RiptideError

Json = Dict[str, Any]


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
    """The goals' results (of the first frame size), every search trial in order, and the
    whole report (``riptide ndr --json``'s object: one run per frame size)."""

    goals: List[GoalResult]
    trials: List[Dict[str, Any]] = field(default_factory=list)
    report: Json = field(default_factory=dict)
    search: int = 0

    def goal(self, name: str) -> GoalResult:
        """The result of the goal called ``name``."""
        for g in self.goals:
            if g.name == name:
                return g
        raise KeyError(f"no goal '{name}' (goals: {', '.join(g.name for g in self.goals)})")

    @property
    def generator_limited_trials(self) -> int:
        """Trials that sent less than 99.9% of their load."""
        return sum(1 for t in self.trials if t.get("generator_limited"))

    @property
    def pacing_limited_trials(self) -> int:
        """Trials whose bursts beyond the schedule passed ``max_burst`` in every repetition."""
        return sum(1 for t in self.trials if t.get("pacing_limited"))

    @property
    def mrr(self) -> Optional[Json]:
        """The maximum receive rate (an ``mrr`` measurement, first frame size): ``load``,
        ``trial_duration``, ``samples``, ``mean``, ``stdev`` in frames/s; else None."""
        runs = self.report.get("runs") or [{}]
        return runs[0].get("mrr")


def _option(value: Union[str, float, int, None], unit: str) -> Optional[str]:
    """A load or duration as ``riptide ndr`` writes it: numbers get ``unit``."""
    if value is None or isinstance(value, str):
        return value
    return f"{float(value)!r}{unit}"


def _goals(goals: Union[str, Mapping[str, float]]) -> str:
    if isinstance(goals, str):
        return goals
    for name, ratio in goals.items():
        if not 0.0 <= ratio < 1.0:
            raise ValueError(f"goal {name}: loss ratio {ratio} is not in [0, 1)")
    return ",".join(f"{name}={float(ratio)!r}" for name, ratio in goals.items())


def ndr(
    client: Client,
    *,
    min_load: Union[str, float] = "9001pps",
    max_load: Union[str, float, None] = None,
    goals: Union[str, Mapping[str, float]] = {"ndr": 0.0, "pdr": 0.005},
    width: Union[str, float] = 0.005,
    trial: Union[str, float] = 1.0,
    final_trial: Union[str, float] = 10.0,
    duration_sum: Union[str, float] = 21.0,
    exceed_ratio: Union[str, float] = 0.5,
    max_search: Union[str, float] = 1200.0,
    frame_sizes: Optional[str] = None,
    latency: str = "off",
    simulate: Optional[str] = None,
    cores: int = 1,
    realtime: bool = False,
    max_burst: Union[str, int, None] = None,
    pacing_retries: Optional[int] = None,
    mrr: bool = False,
    mrr_trials: Optional[int] = None,
    profile: Optional[str] = None,
    on_trial: Optional[Callable[[Json], None]] = None,
    poll: float = 0.05,
    files: bool = False,
) -> NdrResult:
    """Finds each goal's throughput (frames/s) of the DUT between the daemon's ports.

    ``client`` must own the engine with a profile loaded that has a tagged stream whose
    rate follows the load (or pass ``profile``, YAML text; a ``simulate`` search, such as
    ``"1.234mpps,loss=0.3%"``, needs neither). The arguments are ``riptide ndr``'s
    options: loads in frames/s or as it writes them (``"5kpps"``, ``"50%"``), durations
    in seconds or ``"0.5s"``, ``goals`` as a mapping of names to loss ratios or
    ``"ndr=0,pdr=0.5%"``. Latency trials are ``off`` unless ``latency`` names a probe
    rate (``"1kpps"``). ``realtime`` runs the workers at real-time priority (a busy
    host); a trial whose burst beyond the schedule passes ``max_burst`` frames (default
    1000, ``"off"``) is repeated ``pacing_retries`` times, then marked. ``mrr`` measures CSIT's maximum receive rate instead of searching
    (``mrr_trials`` trials of ``trial`` at ``max_load``; the result's run has ``mrr``:
    ``samples``, ``mean``, ``stdev``). ``on_trial`` sees each trial as it ends. With ``files``, the
    report's files (``riptide ndr --out``'s) come back in ``report["files"]`` as bytes.
    A ``KeyboardInterrupt`` cancels the search in the daemon before it propagates.
    """
    opts: Json = {
        "goals": _goals(goals),
        "width": str(width),
        "trial": _option(trial, "s"),
        "final_trial": _option(final_trial, "s"),
        "duration_sum": _option(duration_sum, "s"),
        "exceed_ratio": str(exceed_ratio),
        "min_load": _option(min_load, "pps"),
        "max_search": _option(max_search, "s"),
        "latency": latency,
        "cores": cores,
    }
    if realtime:
        opts["realtime"] = True
    if mrr:
        opts["mrr"] = True
    for k, v in (("max_load", _option(max_load, "pps")), ("frame_sizes", frame_sizes), ("simulate", simulate),
                 ("profile", profile), ("max_burst", None if max_burst is None else str(max_burst)),
                 ("pacing_retries", pacing_retries), ("mrr_trials", mrr_trials)):
        if v is not None:
            opts[k] = v
    search = client.ndr_start(**opts)
    trials, report = _follow(client, search, "trial", on_trial, poll, files, "ndr")
    names = _goals(goals).split(",")
    first = report["runs"][0]["goals"] if report.get("runs") else []
    results = []
    for spec, g in zip(names, first):
        results.append(GoalResult(name=spec.split("=")[0].strip(), loss_ratio=float(g["loss_ratio"]),
                                  lower_bound=g.get("lower_bound"), upper_bound=g.get("upper_bound"),
                                  conditional_throughput=g.get("conditional_throughput")))
    return NdrResult(goals=results, trials=trials, report=report, search=search)


def _follow(client: Client, search: int, kind: str, on_event: Optional[Callable[[Json], None]], poll: float,
            files: bool, what: str) -> Tuple[List[Json], Json]:
    """Follows the daemon's search ``search`` to its end: its events of ``kind`` and its
    report (with its files, decoded, when ``files``); cancels it on any exception."""
    events: List[Json] = []
    since = 0
    try:
        while True:
            p = client.ndr_progress(search, since)
            for e in p["events"]:
                if e.get("kind") == kind:
                    events.append(e)
                if on_event is not None:
                    on_event(e)
            since = p["next"]
            if p["events"]:
                continue  # more may be waiting
            if p["state"] != "running":
                break
            time.sleep(poll)
    except BaseException:
        try:
            client.ndr_cancel(search)
        except RiptideError:
            pass
        raise
    if p["state"] != "done":
        raise RiptideError(f"{what}: search {search} {p['state']}: {p.get('error', 'no result')}")
    out = client.ndr_results(search, files=files)
    report: Json = out["report"]
    if files:
        report["files"] = {name: base64.b64decode(b) for name, b in out.get("files", {}).items()}
    return events, report


def soak(
    client: Client,
    *,
    load: Union[str, float],
    duration: Union[str, float] = 3600.0,
    interval: Union[str, float] = 10.0,
    latency: str = "1kpps",
    cores: int = 1,
    realtime: bool = False,
    profile: Optional[str] = None,
    on_interval: Optional[Callable[[Json], None]] = None,
    poll: float = 0.05,
    files: bool = False,
) -> Json:
    """Soaks the DUT between the daemon's ports at ``load`` for ``duration``, measured in
    intervals (``riptide soak``: each interval's loss, latency and pacing; the engine's
    counters and the daemon's memory after each). ``client`` must own the engine with a
    profile loaded that has a tagged stream whose rate follows the load (or pass
    ``profile``). ``on_interval`` sees each interval as it ends. Returns the report
    (``riptide soak --json``'s object; with ``files``, ``report["files"]`` holds
    results.json, intervals.csv, report.md and soak.png as bytes). A
    ``KeyboardInterrupt`` cancels the soak in the daemon before it propagates.
    """
    opts: Json = {
        "load": _option(load, "pps"),
        "duration": _option(duration, "s"),
        "interval": _option(interval, "s"),
        "latency": latency,
        "cores": cores,
    }
    if realtime:
        opts["realtime"] = True
    if profile is not None:
        opts["profile"] = profile
    search = client.soak_start(**opts)
    _, report = _follow(client, search, "interval", on_interval, poll, files, "soak")
    return report


def soak_search(
    client: Client,
    *,
    target_loss: float = 1e-7,
    min_load: Union[str, float, None] = None,
    max_load: Union[str, float, None] = None,
    duration: Union[str, float] = 1800.0,
    trial_step: Union[str, float] = 0.1,
    samples: Optional[int] = None,
    latency: str = "off",
    cores: int = 1,
    realtime: bool = False,
    profile: Optional[str] = None,
    on_trial: Optional[Callable[[Json], None]] = None,
    poll: float = 0.05,
    files: bool = False,
) -> Json:
    """FD.io CSIT's soak search (PLRsearch, ``riptide soak --plr``): trials one after another
    for ``duration``, each ``trial_step`` longer than the last, estimating the critical load at
    ``target_loss`` with its interval. ``on_trial`` sees each trial (with the estimate that ran
    while it did) as it ends. Returns the report (``riptide soak --plr --json``'s object:
    ``critical_load`` with ``load``, ``lower``/``upper`` (1 sd, as CSIT reports) and
    ``lower_2sd``/``upper_2sd``, and ``trials``; with ``files``, results.json, trials.csv,
    report.md and plr.png as bytes).
    """
    opts: Json = {
        "plr": True,
        "target_loss": target_loss,
        "duration": _option(duration, "s"),
        "trial_step": _option(trial_step, "s"),
        "latency": latency,
        "cores": cores,
    }
    for key, value, unit in (("min_load", min_load, "pps"), ("max_load", max_load, "pps")):
        if value is not None:
            opts[key] = _option(value, unit)
    if samples is not None:
        opts["samples"] = samples
    if realtime:
        opts["realtime"] = True
    if profile is not None:
        opts["profile"] = profile
    search = client.soak_start(**opts)
    _, report = _follow(client, search, "plr_trial", on_trial, poll, files, "soak search")
    return report


def rfc2889(
    client: Client,
    test: str,
    *,
    addresses: Optional[int] = None,
    min_addresses: Optional[int] = None,
    learn_rate: Union[str, float, None] = None,
    min_rate: Union[str, float, None] = None,
    resolution: Optional[float] = None,
    test_rate: Union[str, float, None] = None,
    flush: str = "lab",
    realtime: bool = False,
    on_trial: Optional[Callable[[Json], None]] = None,
    poll: float = 0.05,
    files: bool = False,
) -> Json:
    """RFC 2889's address caching capacity (``test="caching"``) or address learning rate
    (``test="learning"``) of the switch between the daemon's three ports (test, learning,
    monitor), as ``riptide rfc2889`` runs it. ``on_trial`` sees each trial as it ends.
    Returns the report (``capacity`` or ``learning_rate``, ``at_limit``, ``trials``; with
    ``files``, results.json, trials.csv and report.md as bytes).
    """
    opts: Json = {"flush": flush}
    for key, value in (("addresses", addresses), ("min_addresses", min_addresses), ("resolution", resolution)):
        if value is not None:
            opts[key] = value
    for key, value in (("learn_rate", learn_rate), ("min_rate", min_rate), ("test_rate", test_rate)):
        if value is not None:
            opts[key] = _option(value, "pps")
    if realtime:
        opts["realtime"] = True
    search = client.rfc2889_start(test, **opts)
    _, report = _follow(client, search, "rfc2889_trial", on_trial, poll, files, "rfc2889")
    return report


def rfc9411(
    client: Client,
    test: str,
    *,
    flush: str = "lab",
    on_trial: Optional[Callable[[Json], None]] = None,
    poll: float = 0.05,
    files: bool = False,
    **options: Any,
) -> Json:
    """One of RFC 9411's stateful tests (``test``: ``"concurrent"``, ``"cps"``,
    ``"throughput"`` or ``"latency"``) through the DUT between the daemon's ports, as
    ``riptide rfc9411`` runs it, with its options by their names (``max_cps=1000``,
    ``object_sizes="1k,64k"``, ``ramp_up="1s"`` or seconds, ``sustain``, ``ramp_down``,
    ...). ``on_trial`` sees each trial as it ends. Returns the report (``capacity``,
    ``at_limit``, ``init``, ``phases``, ``trials``; with ``files``, results.json,
    report.md, the chart and report.html as bytes).
    """
    search = client.rfc9411_start(test, flush=flush, **options)
    _, report = _follow(client, search, "rfc9411_trial", on_trial, poll, files, "rfc9411")
    return report


def b2b(
    client: Client,
    *,
    throughput: Union[str, float, Mapping[str, Union[str, float]], None] = None,
    frame_sizes: Optional[str] = None,
    profile: Optional[str] = None,
    on_trial: Optional[Callable[[Json], None]] = None,
    poll: float = 0.05,
    files: bool = False,
    **options: Any,
) -> Json:
    """RFC 9004's back-to-back frames of the DUT between the daemon's ports, as ``riptide
    b2b`` runs it: per frame size the DUT's ``throughput`` (frames/s or a rate string for
    every size, a mapping from size to rate, or None: measured first by the NDR search),
    ``repetitions`` binary searches on the longest burst at the line rate that it forwards
    without loss, and the Implied and Corrected DUT Buffer Times. The other options by
    their names (``repetitions=50``, ``max_burst_time="2s"`` or seconds, ``step``,
    ``verify``, ``idle``, ``actual_rate``, ``bidirectional``, ``cores``, ``realtime``).
    ``on_trial`` sees each burst (``kind: b2b_trial``), each search's result (``kind:
    b2b_search``) and the throughput search's trials (``kind: trial``) as they end.
    Returns the report (``sizes``: each with ``average``, ``min``, ``max``, ``stdev``,
    ``implied_buffer_s``, ``corrected_buffer_s``, ``corrected_buffer_frames``,
    ``searches`` and ``trials``; with ``files``, results.json, trials.csv, report.md,
    b2b.png and report.html as bytes).
    """
    opts: Json = dict(options)
    if isinstance(throughput, Mapping):
        opts["throughput"] = ",".join(f"{size}={_option(rate, 'pps')}" for size, rate in throughput.items())
    elif throughput is not None:
        opts["throughput"] = _option(throughput, "pps")
    if frame_sizes is not None:
        opts["frame_sizes"] = frame_sizes
    if profile is not None:
        opts["profile"] = profile
    search = client.b2b_start(**opts)
    _, report = _follow(client, search, "b2b_trial", on_trial, poll, files, "b2b")
    return report
