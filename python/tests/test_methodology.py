"""`riptide.methodology.ndr`: the throughput search from Python, MLRsearch 1.2.1 (the
package) driving the daemon's `trial` method, against `riptide ndr` on the same
in-memory DUT. The link DUT runs in virtual time with seeded loss, so both front ends
must take the same trials, load for load, and give the same bounds."""
import json
import subprocess

import pytest

from daemon_util import BIN, REPO, running_daemon

pytest.importorskip("MLRsearch", reason="MLRsearch 1.2.1 is in python/requirements-test.txt")

from riptide import Client, NotOwner, RpcError  # noqa: E402
from riptide.methodology import ndr  # noqa: E402

PORTS = ["link:0:loss=0.3%,seed=7", "link:1"]
SEARCH = dict(min_load=5e3, max_load=50e3, trial=0.5, final_trial=0.5, duration_sum=2.0)


def cli() -> dict:
    out = subprocess.run(
        [str(BIN), "ndr", "profiles/lab/ndr.yaml", "--port", PORTS[0], "--port", PORTS[1], "--min-load", "5kpps",
         "--max-load", "50kpps", "--trial", "0.5s", "--final-trial", "0.5s", "--duration-sum", "2s",
         "--latency", "off", "--json"],
        cwd=REPO, capture_output=True, text=True, timeout=120)
    assert out.returncode == 0, out.stderr
    [run] = json.loads(out.stdout)["runs"]
    return run


def test_python_search_equals_the_cli_trial_for_trial() -> None:
    with running_daemon("--port", PORTS[0], "--port", PORTS[1]) as port:
        with Client(port=port) as c:
            c.acquire()
            c.load_profile(REPO / "profiles" / "lab" / "ndr.yaml")
            result = ndr(c, **SEARCH)
    run = cli()
    ours = [(t["intended_duration"], t["intended_load"], t["offered_count"], t["forwarded_count"])
            for t in result.trials]
    theirs = [(t["intended_duration"], t["intended_load"], t["offered_count"], t["forwarded_count"])
              for t in run["trial_list"]]
    assert ours == theirs
    for g, want in zip(result.goals, run["goals"]):
        assert (g.lower_bound, g.upper_bound) == (want["lower_bound"], want["upper_bound"]), (g, want)
    # 0.3% loss: PDR passes at the maximum, NDR is not found (as the CLI test says).
    assert result.goal("pdr").lower_bound == 50e3
    assert result.goal("ndr").lower_bound is None
    assert result.generator_limited_trials == 0
    for t in result.trials:
        assert t["offered_count"] - t["forwarded_count"] == t["lost"]


def test_trial_needs_the_engine_and_good_parameters() -> None:
    with running_daemon("--port", "link:0", "--port", "link:1") as port:
        with Client(port=port) as owner, Client(port=port) as other:
            owner.acquire()
            with pytest.raises(NotOwner):
                other.trial(0.1, 1000)
            with pytest.raises(RpcError, match="no profile|load a profile"):
                owner.trial(0.1, 1000)
            owner.load_profile(REPO / "profiles" / "udp64.yaml")
            with pytest.raises(RpcError, match="no stream of the profile is tagged"):
                owner.trial(0.1, 1000)
            owner.load_profile(REPO / "profiles" / "lab" / "ndr.yaml")
            for bad in [dict(duration=0, load=1), dict(duration=1, load=-5), dict(duration=1, load=1, cores=0)]:
                with pytest.raises(RpcError, match="^trial: trial: '"):
                    owner.call("trial", **bad)
            t = owner.trial(0.2, 10e3)
            assert (t["offered_count"], t["forwarded_count"], t["generator_limited"]) == (2000, 2000, False)
            with pytest.raises(ValueError, match="loss ratio"):
                ndr(owner, min_load=1, max_load=2, goals={"x": 1.5})
