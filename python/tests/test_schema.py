"""The client and the daemon against the API's one definition (riptide/api_schema.json).

Every request the client sends and every result it gets back is validated with the
`jsonschema` library; the daemon's side of the same check is crates/daemon/tests/schema.rs.
"""

from __future__ import annotations

import json
import os
import subprocess
from typing import Any, Dict, Iterator, List, Tuple

import jsonschema
import pytest

from riptide import API_MAJOR, SCHEMA_PATH, Client, Cluster, RiptideError, RpcError, merge, stream, udp_stream

from daemon_util import BIN, REPO, free_port, running_daemon, wait_for
from test_client import daemon  # noqa: F401  (fixture)

SCHEMA: Dict[str, Any] = json.loads(SCHEMA_PATH.read_text())


def validator(sub: Dict[str, Any]) -> jsonschema.Draft202012Validator:
    # Sub-schemas refer to "#/$defs/..." of the whole file.
    return jsonschema.Draft202012Validator({**sub, "$defs": SCHEMA["$defs"]})


class CheckedClient(Client):
    """A client that validates each request and result against the schema."""

    def __init__(self, *args: Any, **kw: Any) -> None:
        self.seen: List[str] = []
        super().__init__(*args, **kw)

    def call(self, method: str, **params: Any) -> Any:
        spec = SCHEMA["methods"].get(method)
        assert spec is not None, f"the client calls {method}, which the schema lacks"
        validator(spec["params"]).validate(params)
        result = super().call(method, **params)
        validator(spec["result"]).validate(result)
        self.seen.append(method)
        return result


def test_the_schema_is_valid_json_schema_and_versions_agree() -> None:
    jsonschema.Draft202012Validator.check_schema(SCHEMA)
    assert SCHEMA["api_version"]["major"] == API_MAJOR


def test_every_client_method_speaks_the_schema(daemon: int) -> None:
    with CheckedClient(port=daemon) as c:
        assert c.schema() == SCHEMA, "the daemon serves another schema than the package ships"
        c.ports()
        assert c.host()["cores"] >= 1
        c.state()
        c.acquire(force=True)
        c.reset()
        c.load_profile("streams:\n  - name: base\n    rate: 1kpps\n")
        assert c.add_streams([udp_stream(name="u", rate="2kpps"), stream(rate="1kpps")]) == 3
        assert [s["name"] for s in c.list_streams()] == ["base", "u", "s2"]
        assert c.remove_streams(["base"]) == 2
        c.start(duration=0.3, mult=2)
        c.update("5kpps")
        c.pause()
        c.resume()
        c.clear_stats()
        c.wait_on_traffic(timeout=10)
        stats = c.get_stats()
        assert stats["state"] == "stopped"
        c.stf_start("stf/udp10.yaml", duration=1, cores=2, scheduler="tw")
        assert c.stf_wait(timeout=30)["m_total_open_flows"] == 100
        c.load_profile("streams:\n  - name: tagged\n    rate: 1kpps\n    flow_stats: {id: 1}\n")
        t = c.trial(0.2, 5000)
        assert (t["offered_count"], t["forwarded_count"]) == (1000, 0), t  # the null port receives nothing
        # A TCP run into the null port: one SYN, no answer, the counters under `tcp`.
        c.tcp_start("client: {ips: 198.18.0.1, servers: [198.19.0.1:80], cps: 100, limit: 1}\n", name="t.yaml",
                    duration=0.2)
        c.wait_on_traffic(timeout=10)
        assert c.stop()["tcp"]["client"]["tcps_connattempt"] == 1
        # The daemon's throughput search, on a simulated DUT (numbers as loads and seconds).
        n = c.ndr_start(simulate="1mpps", max_load=2e6, trial=0.5, final_trial=1, duration_sum=2, goals="ndr=0")
        wait_for(60, "the method to end", lambda: c.ndr_progress(n)["state"] != "running")
        assert c.ndr_progress(n, since=1)["next"] > 1
        assert c.ndr_results(n, files=True)["files"]["trials.csv"]
        assert c.ndr_cancel(n)["state"] == "done"
        # The daemon's soak on the loaded (tagged) profile, into the null port: all lost.
        n = c.soak_start(load=5000, duration=0.4, interval="0.2s", latency="off")
        wait_for(60, "the method to end", lambda: c.ndr_progress(n)["state"] != "running")
        assert [e["kind"] for e in c.ndr_progress(n)["events"]] == ["interval", "interval"]
        r = c.ndr_results(n, files=True)
        assert (r["report"]["sent"], r["report"]["lost"]) == (2000, 2000), r["report"]
        assert r["files"]["intervals.csv"]
        c.release()
        # RFC 2889 takes three ports: a daemon of three null ports (which receive nothing,
        # so every trial fails and no capacity is found).
        with running_daemon("--port", "null", "--port", "null", "--port", "null") as p3:
            with CheckedClient(port=p3) as c3:
                c3.acquire()
                n = c3.rfc2889_start("caching", addresses=4, min_addresses=2, flush="none", settle=0.01)
                wait_for(60, "the method to end", lambda: c3.ndr_progress(n)["state"] != "running")
                r = c3.ndr_results(n, files=True)
                assert [t["addresses"] for t in r["report"]["trials"]] == [4, 2], r["report"]
                assert "capacity" not in r["report"] and r["files"]["trials.csv"]
                c.seen.extend(c3.seen)
        # RFC 9411 across an in-memory link (virtual time): the latency test's two trials.
        with running_daemon("--port", "link:0", "--port", "link:1") as p2:
            with CheckedClient(port=p2) as c2:
                c2.acquire()
                n = c2.rfc9411_start("latency", cps=200, object_sizes="1k", flush="none", settle=0,
                                     ramp_up=0.5, sustain=0.5, ramp_down="1200ms")
                wait_for(60, "the method to end", lambda: c2.ndr_progress(n)["state"] != "running")
                r = c2.ndr_results(n, files=True)
                assert [t["transactions"] for t in r["report"]["trials"]] == [1, 10], r["report"]
                assert r["files"]["report.html"] and r["files"]["latency.png"]
                # RFC 9004's back-to-back frames across a link of known rate and queue.
                c2.load_profile("streams:\n  - name: tagged\n    rate: 1kpps\n    flow_stats: {id: 1}\n")
                n = c2.b2b_start(throughput=1e6, repetitions=1, max_burst_time=0.0005)
                wait_for(60, "the method to end", lambda: c2.ndr_progress(n)["state"] != "running")
                r = c2.ndr_results(n, files=True)
                assert r["report"]["sizes"][0]["searches"][0]["frames"] > 0 and r["files"]["b2b.png"], r["report"]
                c.seen.extend(c2.seen)
        # Every schema method the client can call was exercised (auth/subscribe/ping aside).
        missing = set(SCHEMA["methods"]) - set(c.seen) - {"auth", "subscribe", "ping"}
        assert not missing, f"client methods not covered: {missing}"


def test_a_schema_invalid_request_is_refused_by_the_daemon_too(daemon: int) -> None:
    with Client(port=daemon) as c:
        c.acquire(force=True)
        for method, params in [("start", {"cores": 0}), ("add_streams", {"streams": []}), ("update", {})]:
            with pytest.raises(jsonschema.ValidationError):
                validator(SCHEMA["methods"][method]["params"]).validate(params)
            with pytest.raises(Exception) as e:
                c.call(method, **params)
            assert "-32602" in str(e.value) or "-32000" in str(e.value), e.value
        c.release()


# -- Cluster: two daemons in two network namespaces -------------------------------------


def _netns_ok() -> bool:
    return os.geteuid() == 0 and subprocess.run(["ip", "netns", "list"], capture_output=True).returncode == 0


@pytest.fixture()
def two_daemons() -> Iterator[List[Tuple[str, int]]]:
    yield from _daemons(["--port", "null"], "py")


@pytest.fixture()
def two_link_daemons() -> Iterator[List[Tuple[str, int]]]:
    """Two daemons each with an in-memory link (a TCP run's clients and servers both)."""
    yield from _daemons(["--port", "link:0", "--port", "link:1"], "pylink")


def _daemons(ports: List[str], tag: str) -> Iterator[List[Tuple[str, int]]]:
    if not _netns_ok():
        pytest.skip("needs root and ip netns")
    names = [f"rt-test-{tag}-{os.getpid()}-{i}" for i in range(2)]
    procs = []
    try:
        for ns in names:
            subprocess.run(["ip", "netns", "add", ns], check=True)
            subprocess.run(["ip", "-n", ns, "link", "set", "lo", "up"], check=True)
            procs.append(subprocess.Popen(
                # Each daemon alone in its namespace (only root enters it): no token, or both
                # would write /run/riptide/serve-4501.token.
                ["ip", "netns", "exec", ns, str(BIN), "serve", *ports, "--bind", "127.0.0.1:4501", "--no-auth"],
                stderr=subprocess.DEVNULL))
        for ns in names:
            wait_for(10, f"the daemon in {ns} to answer", lambda: Client(netns=ns).close() or True,
                     ignoring=(Exception,))
        yield [(ns, 4501) for ns in names]
    finally:
        for p in procs:
            p.terminate()
            p.wait(timeout=10)
        for ns in names:
            subprocess.run(["ip", "netns", "del", ns], capture_output=True)


def test_cluster_starts_two_daemons_within_a_millisecond(two_daemons: List[Tuple[str, int]]) -> None:
    clients = [Client(port=port, netns=ns) for ns, port in two_daemons]
    with Cluster(clients) as cl:
        cl.acquire()
        cl.add_streams([udp_stream(rate="100kpps")])
        spreads = []
        for _ in range(6):
            at = cl.start(duration=0.3, lead=0.2, realtime=True)
            cl.wait_on_traffic(timeout=10)
            stats = cl.get_stats()
            # Each daemon's own measurement: scheduled start, and how late its worker began.
            for s in stats["daemons"]:
                assert s["start_unix_ns"] == int(round(at * 1e9)), s
                assert s["start_lag_ns"] < 50_000_000, s
            spreads.append(stats["start_spread_ns"])
            # Merged counters: the sum of both daemons' (each sends at most 30,000 in 0.3 s).
            total = stats["total"]["opackets"]
            assert total == sum(p["opackets"] for s in stats["daemons"] for p in s["ports"])
            assert 0 < total <= 2 * 30_000, stats["total"]
        # The scheduled start is shared (asserted above); how close the two workers begin
        # to it is up to the host's scheduler. Real-time workers (the daemons run as root)
        # began 15 ns to 1.6 us apart in 12 starts on this 2-vCPU VM under a load of 3;
        # at normal priority, 1.5-4 ms apart in 8 of those 12 (a worker woke a scheduler
        # tick late), and in one test all four were. So five starts of six must be within a
        # millisecond (normal-priority workers would pass that about once in 55 runs) and
        # every one within 10 ms: the host can still hold a real-time worker back once (a
        # clean-clone run: 1,280,279 ns, then 138, 98,390 and 313).
        assert sum(s < 1_000_000 for s in spreads) >= 5 and max(spreads) < 10_000_000, f"start spreads {spreads} ns"


def test_a_segmented_cluster_sends_the_profile_once(two_daemons: List[Tuple[str, int]]) -> None:
    """``Cluster.start(segmented=True)``: daemon k of 2 sends segment k/2 (``start``'s
    ``segment``, API 1.16): half of the count and of the rate each, the whole between
    them."""
    clients = [Client(port=port, netns=ns) for ns, port in two_daemons]
    with Cluster(clients) as cl:
        cl.acquire()
        cl.add_streams([udp_stream(rate="100kpps")])
        cl.start(count=10_001, lead=0.2, segmented=True)
        cl.wait_on_traffic(timeout=10)
        stats = cl.get_stats()
        sent = [p["opackets"] for s in stats["daemons"] for p in s["ports"]]
        assert sorted(sent) == [5_000, 5_001], sent
        assert stats["total"]["opackets"] == 10_001
        for s in stats["daemons"]:
            assert abs(s["streams"][0]["requested_pps"] - 50_000) < 1e-6, s["streams"][0]
        # The daemons' final stats added by riptide merge (riptide.merge): the whole
        # count, and each stream's asked rate the profile's.
        merged = merge(stats["daemons"], binary=str(BIN))
        assert merged["ports"][0]["opackets"] == 10_001, merged["ports"]
        assert abs(merged["streams"][0]["requested_pps"] - 100_000) < 1e-3, merged["streams"]
        assert len(merged["generators"]) == 2 and merged["start_skew_ns"] >= 0
        with pytest.raises(RiptideError, match="merge: .*riptide: cannot read"):
            merge([str(BIN)], binary=str(BIN))
        with pytest.raises(RpcError, match="not below the count"):
            clients[0].start(count=10, segment=(2, 2))


def test_a_segmented_cluster_opens_a_tcp_profiles_connections_once(two_link_daemons: List[Tuple[str, int]]) -> None:
    """``Cluster.tcp_start``: daemon k of 2 opens segment k/2 of a TCP profile (``tcp_start``'s
    ``segment``, API 1.20): its own block of the client addresses, half the connections;
    ``riptide.merge`` of the daemons' final stats checks the split and adds them into what
    one generator opens, TRex's invariants holding."""
    clients = [Client(port=port, netns=ns) for ns, port in two_link_daemons]
    profile = ("client: {ips: 198.18.0.1/8, servers: [198.19.0.1:80], http: {path: /64}, cps: 2000}\n"
               "server: {ips: [198.19.0.1/1], listen: [{port: 80, http: {body: 64}}]}\ntcp: {time_wait: 0s}\n")
    with Cluster(clients) as cl:
        cl.acquire()
        at = cl.tcp_start(profile, name="http.yaml", limit=1001)
        cl.wait_on_traffic(timeout=30)
        stats = cl.get_stats()
        tcps = [s["tcp"] for s in stats["daemons"]]
        assert sorted(t["client"]["tcps_connects"] for t in tcps) == [500, 501], tcps
        for k, t in enumerate(tcps):
            split = t["split"]
            assert split["segment"] == f"{k}/2", split
            assert split["client_tuples"]["ip_count"] == 4 and split["client_tuples"]["ip_first"] == f"198.18.0.{1 + 4 * k}"
        assert all(s["start_unix_ns"] == int(round(at * 1e9)) for s in stats["daemons"])
        merged = merge(stats["daemons"], binary=str(BIN))
        mt = merged["tcp"]
        assert mt["client"]["tcps_connects"] == mt["server"]["tcps_accepts"] == 1001, mt
        assert all(i["holds"] for i in merged["invariants"]) and len(merged["invariants"]) >= 6, merged["invariants"]
        assert mt["setup"]["count"] == 1001, "the latency histograms merged whole"
        # Both daemons' results as segment 0/2: refused, naming the segment.
        twice = [stats["daemons"][0], stats["daemons"][0]]
        with pytest.raises(RiptideError, match="segment 0/2 is in both"):
            merge(twice, binary=str(BIN))
