"""Drives `riptide serve --trex` with TRex's ASTF client (trex-core's trex.astf.api,
unchanged in python/tests/trex-core), run by test_trex_astf_client.py in a process of its
own: connect, reset, load http_simple.py, start at a multiplier, update it, read TRex's
counters, stop; then a run with a duration that ends by itself. Prints one JSON line."""

import json
import sys
import time

from trex.astf.api import ASTFClient

rpc, pub, profile, groups = int(sys.argv[1]), int(sys.argv[2]), sys.argv[3], sys.argv[4]
c = ASTFClient(server="127.0.0.1", sync_port=rpc, async_port=pub, verbose_level="error")
c.connect()
out = {"version": c.get_server_version()}
c.reset()
c.load_profile(profile)
out["profiles"] = c.get_profiles()
c.clear_stats()


def attempts():
    return c.get_traffic_stats(skip_zero=False)["client"]["tcps_connattempt"]


def wait_for(limit, what, cond):
    """Polls `cond` (10 ms apart) until it gives something true, and returns that; fails
    naming `what` after `limit` seconds. (This script runs in a process of TRex's client,
    without the tests' daemon_util: a failed check raises, and the test shows this
    process's stderr.)"""
    end = time.monotonic() + limit
    while True:
        got = cond()
        if got:
            return got
        if time.monotonic() >= end:
            raise AssertionError(f"waited {limit} s for {what}: never (last: {got!r})")
        time.sleep(0.01)


# http_simple opens 2.776 connections/s per unit of mult: the rate is measured, on the
# client's clock, over 1.5 s windows (each sleep below is that window), from the first
# connection the server counts, and again from the update, which the server acknowledges
# once applied.
c.start(mult=200)
out["state_tx"] = c.get_profiles_state()
wait_for(30, "the first connection attempt", lambda: attempts() > 0)
a0, t0 = attempts(), time.time()
time.sleep(1.5)
a1, t1 = attempts(), time.time()
c.update(mult=600)
a2, t2 = attempts(), time.time()
time.sleep(1.5)
a3, t3 = attempts(), time.time()
out["running"] = c.get_traffic_stats()
out["cps_before"] = (a1 - a0) / (t1 - t0)
out["cps_after"] = (a3 - a2) / (t3 - t2)
c.stop()
out["state_stopped"] = c.get_profiles_state()
st = c.get_stats()
out["stopped"] = {s: st["traffic"][s] for s in ("client", "server")}

# A run with a duration: new flows for 2 s, then the open ones finish.
c.clear_stats()
c.start(mult=300, duration=2)
c.wait_on_traffic(timeout=60)
st = c.get_stats()
out["ended"] = {s: st["traffic"][s] for s in ("client", "server")}
out["total"] = c.get_traffic_stats(is_sum=True)
out["errors"] = c.is_traffic_stats_error(st["traffic"])
out["tg_names_simple"] = c.get_tg_names()
c.clear_profile()
out["profiles_cleared"] = c.get_profiles()

# Template groups (template_groups.py: '1x' at 1 flow/s, '2x' at 2, per unit of mult), under a
# profile id of its own: counters per group as TRex's client reads them.
c.load_profile(groups, pid_input="tg")
c.start(mult=200, duration=1, pid_input="tg")
c.wait_on_traffic(timeout=60, profile_id="tg")
out["tg_names"] = c.get_tg_names(pid_input="tg")
tg = c.get_traffic_tg_stats(["1x", "2x"], pid_input="tg")
out["tg"] = {name: {s: tg[name][s] for s in ("client", "server")} for name in tg}
out["tg_total"] = c.get_traffic_stats(pid_input="tg")
c.clear_profile(pid_input="tg")
c.disconnect()
print(json.dumps(out, default=str))
