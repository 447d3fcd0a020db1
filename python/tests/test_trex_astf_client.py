"""TRex's current Python client library (python/tests/trex-core, unchanged) against
`riptide serve --trex`: its ASTFClient and STLClient load with the test environment's
packages, and the ASTFClient drives an ASTF profile (http_simple.py, TRex's own) through
connect, reset, load, start at a multiplier, update, counters, stop, a run that ends with
its duration, and clear: TRex's invariants hold on the counters it reads."""

from __future__ import annotations

import os
import subprocess
import sys
import tempfile

from pathlib import Path

import trex_oracle
from test_trex_rpc import trex_server

HERE = Path(__file__).resolve().parent

_CHILD = r"""
from trex.astf.api import ASTFClient, ASTFProfile
from trex.stl.api import STLClient
a = ASTFClient(server="127.0.0.1", sync_port=1, async_port=2, verbose_level="error")
s = STLClient(server="127.0.0.1", sync_port=1, async_port=2, verbose_level="error")
print(type(a).__name__, type(s).__name__, a.ctx.api_ver["name"], a.ctx.api_ver["major"])
"""


def test_trex_current_clients_load() -> None:
    with tempfile.TemporaryDirectory() as ext:
        for d in trex_oracle._EXT_LIBS:
            os.makedirs(os.path.join(ext, d))
        env = dict(os.environ, TREX_EXT_LIBS=ext, PYTHONPATH=str(trex_oracle.INTERACTIVE))
        r = subprocess.run([sys.executable, "-c", _CHILD], capture_output=True, text=True, env=env,
                           cwd=str(trex_oracle.INTERACTIVE), timeout=120)
    assert r.returncode == 0, r.stderr[-3000:]
    # TRex's ASTF API as its client asks for it (api_sync_v2): what serve --trex must answer.
    assert r.stdout.split() == ["ASTFClient", "STLClient", "ASTF", "2"], r.stdout


def test_trex_astf_client_drives_riptide() -> None:
    profile = HERE / "trex-core" / "scripts" / "astf" / "http_simple.py"
    groups = HERE / "trex-core" / "scripts" / "astf" / "template_groups.py"
    with trex_server("link:0:realtime", "link:1") as srv:
        out = trex_oracle.run_client(HERE / "trex_astf_client_script.py", srv, str(profile), str(groups), timeout=150)
    assert out["state_tx"] == {"_": "STATE_TX"} and out["state_stopped"] == {"_": "STATE_ASTF_LOADED"}, out
    # http_simple opens 2.776 flows/s per unit of mult: 555/s at 200, three times that after
    # update(600), as the client counts them over 1.5 s windows on its own clock.
    assert 0.8 * 555.2 < out["cps_before"] < 1.2 * 555.2, out["cps_before"]
    assert 2.5 < out["cps_after"] / out["cps_before"] < 3.5, (out["cps_before"], out["cps_after"])
    running = out["running"]
    assert running["client"]["m_active_flows"] > 0 and running["client"]["m_tx_bw_l7_r"] > 0, running
    # The stopped run was cut: flows opened and not all closed; the server answered each.
    stopped = out["stopped"]
    assert stopped["client"]["tcps_connattempt"] == stopped["server"]["tcps_accepts"] > 1000, stopped
    # The run with a duration: 2 s of new flows at 832.8/s, each one finished (no --nc).
    c, s = out["ended"]["client"], out["ended"]["server"]
    assert abs(c["tcps_connattempt"] - 1666) <= 20, c
    assert c["tcps_connattempt"] == c["tcps_connects"] == c["tcps_closed"], c
    assert s["tcps_accepts"] == s["tcps_connects"] == s["tcps_closed"] == c["tcps_connattempt"], s
    assert c["tcps_rcvackbyte"] == s["tcps_rcvbyte"] and s["tcps_rcvackbyte"] == c["tcps_rcvbyte"], (c, s)
    assert c["tcps_sndbyte"] == s["tcps_rcvbyte"] and s["tcps_sndbyte"] == c["tcps_rcvbyte"], (c, s)
    assert out["errors"][0] is False, out["errors"]
    assert out["total"]["client"]["tcps_connattempt"] == c["tcps_connattempt"], out["total"]
    assert out["tg_names_simple"] == [] and out["profiles_cleared"] == ["_"], out
    # Template groups (template_groups.py's programs are datagram ones, stream=False: UDP):
    # 1x opens 200 flows/s, 2x 400, for 1 s; each group's counters are its own (TRex's
    # invariants per group), and they add up to the profile's.
    assert out["tg_names"] == ["1x", "2x"], out["tg_names"]
    one, two, total = out["tg"]["1x"], out["tg"]["2x"], out["tg_total"]
    assert abs(one["client"]["udps_connects"] - 200) <= 5, one
    assert abs(two["client"]["udps_connects"] - 400) <= 5, two
    for g in (one, two):
        gc, gs = g["client"], g["server"]
        assert gc["udps_connects"] == gc["udps_closed"] == gs["udps_accepts"] == gs["udps_closed"], g
        assert gc["udps_sndbyte"] == gs["udps_rcvbyte"] and gs["udps_sndbyte"] == gc["udps_rcvbyte"], g
    for side in ("client", "server"):
        for name in ("udps_sndbyte", "udps_rcvbyte", "udps_sndpkt", "udps_rcvpkt", "udps_closed"):
            assert one[side][name] + two[side][name] == total[side][name], (side, name, one, two, total)
