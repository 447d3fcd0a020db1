"""TCP runs from Python: the daemon's `tcp_start` on the link ports, the same profile and
the same counters as `riptide tcp` (TRex ASTF's invariants hold in both)."""

from __future__ import annotations

import json
import subprocess

from daemon_util import BIN, REPO, running_daemon
from riptide import Client, RiptideError

PROFILE = (REPO / "profiles/tcp/http.yaml").read_text().replace("limit: 5000", "limit: 500").replace(
    "cps: 1000", "cps: 2000"
)


def invariants(t: dict) -> None:
    c, s = t["client"], t["server"]
    assert c["tcps_connattempt"] == c["tcps_closed"] >= c["tcps_connects"]
    assert s["tcps_accepts"] == s["tcps_connects"] == s["tcps_closed"]
    assert c["tcps_sndbyte"] == s["tcps_rcvbyte"] and s["tcps_sndbyte"] == c["tcps_rcvbyte"]


def test_tcp_from_python_matches_the_cli(tmp_path) -> None:
    with running_daemon("--port", "link:0", "--port", "link:1") as port:
        with Client(port=port) as c:
            c.acquire()
            c.tcp_start(PROFILE, name="http.yaml", cores=1)
            c.wait_on_traffic(timeout=60)
            t = c.stop()["tcp"]
    invariants(t)
    assert t["client"]["tcps_connects"] == 500 and t["client_app"]["completed"] == 500
    assert t["transaction"]["count"] == 500 and t["setup"]["p50"] > 0
    prof = tmp_path / "http.yaml"
    prof.write_text(PROFILE)
    out = subprocess.run([str(BIN), "tcp", str(prof), "--port", "link:0", "--port", "link:1", "--json"],
                         capture_output=True, text=True, timeout=120, check=True)
    cli = json.loads(out.stdout)["tcp"]
    invariants(cli)
    for side in ("client", "server"):
        for k in ("tcps_connattempt", "tcps_connects", "tcps_closed", "tcps_sndbyte", "tcps_rcvbyte", "tcps_sndtotal"):
            assert cli[side][k] == t[side][k], (side, k)


def test_a_bad_profile_is_an_error_naming_it() -> None:
    with running_daemon("--port", "link:0", "--port", "link:1") as port:
        with Client(port=port) as c:
            c.acquire()
            try:
                c.tcp_start("client: {ips: 198.18.0.1, servers: [198.19.0.1:80], cps: 1, limit: 1, program: [jump]}",
                            name="bad.yaml")
            except RiptideError as e:
                assert "bad.yaml" in str(e) and "jump" in str(e), e
            else:
                raise AssertionError("accepted a bad profile")
