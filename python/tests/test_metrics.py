"""`riptide serve --metrics`: the Prometheus text format, read by prometheus_client's own
parser; counters only grow (over runs) and end equal to the daemon's stats."""

from __future__ import annotations

import socket
import time
import urllib.error
import urllib.request
from typing import Dict, Tuple

import pytest

from riptide import Client

from daemon_util import accept_queue, free_port, running_daemon, server_sockets, wait_for, wait_listening

from prometheus_client import parser

PROFILE = """
streams:
  - name: tagged
    rate: 20kpps
    flow_stats: {id: 3}
    mode: {burst: {packets: 20000}}
  - name: plain
    port: 0
    rate: 10kpps
    mode: {burst: {packets: 10000}}
"""


def scrape(port: int) -> Dict[Tuple[str, Tuple[Tuple[str, str], ...]], float]:
    with urllib.request.urlopen(f"http://127.0.0.1:{port}/metrics", timeout=5) as r:
        assert r.status == 200
        assert r.headers["Content-Type"].startswith("text/plain; version=0.0.4")
        text = r.read().decode()
    out = {}
    for family in parser.text_string_to_metric_families(text):
        for s in family.samples:
            out[(s.name, tuple(sorted(s.labels.items())))] = s.value
    return out


def value(m, metric: str, **labels: str) -> float:
    return m[(metric, tuple(sorted(labels.items())))]


def closed(s: socket.socket) -> bool:
    """Whether the peer has closed `s` (read without waiting)."""
    s.setblocking(False)
    try:
        return s.recv(100) == b""
    except BlockingIOError:
        return False
    except ConnectionResetError:
        return True


def test_metrics_count_over_runs_and_equal_the_stats() -> None:
    mport = free_port()
    with running_daemon("--port", "null", "--metrics", f"127.0.0.1:{mport}") as port:
        wait_listening(None, mport, "the metrics endpoint")
        m = scrape(mport)
        assert value(m, "riptide_up") == 1
        assert value(m, "riptide_run_state", state="idle") == 1
        with Client(port=port) as c:
            c.acquire()
            c.load_profile(PROFILE)
            for run in (1, 2):
                c.start()
                seen = []

                def sending() -> bool:
                    seen.append(scrape(mport))
                    running = value(seen[-1], "riptide_run_state", state="running") == 1
                    return running and value(seen[-1], "riptide_port_tx_packets_per_second", port="0", name="null") > 0

                wait_for(10, "a scrape of the run sending", sending)
                c.wait_on_traffic(timeout=30)
                final = scrape(mport)
                stats = c.get_stats()
                tx = [value(s, "riptide_port_tx_packets_total", port="0", name="null") for s in seen + [final]]
                assert tx == sorted(tx), f"counters only grow: {tx}"
                assert any(value(s, "riptide_run_state", state="running") == 1 for s in seen)
                assert any(value(s, "riptide_port_tx_packets_per_second", port="0", name="null") > 0 for s in seen)
                # The run's own counters, plus the run before.
                assert stats["ports"][0]["opackets"] == 30000
                assert tx[-1] == 30000 * run
                assert value(final, "riptide_port_tx_bytes_total", port="0", name="null") == stats["ports"][0]["obytes"] * run
                for st in stats["streams"]:
                    got = value(final, "riptide_stream_tx_packets_total", stream=st["name"], port="0")
                    assert got == st["opackets"] * run, st
                assert value(final, "riptide_stream_lost_packets_total", stream="tagged", port="0") == 20000 * run
                assert ("riptide_stream_lost_packets_total", (("port", "0"), ("stream", "plain"))) not in final
                c.stop()


def test_the_endpoint_answers_only_get_metrics_and_survives_junk() -> None:
    mport = free_port()
    with running_daemon("--port", "null", "--metrics", f"127.0.0.1:{mport}"):
        wait_listening(None, mport, "the metrics endpoint")
        for method, path, code in [("POST", "/metrics", 405), ("GET", "/", 404), ("GET", "/metrics/../x", 404)]:
            req = urllib.request.Request(f"http://127.0.0.1:{mport}{path}", method=method)
            with pytest.raises(urllib.error.HTTPError) as e:
                urllib.request.urlopen(req, timeout=5)
            assert e.value.code == code
        for junk in [b"\x00" * 100, b"GET /metrics\r\n\r\n", b"x" * 20000, b""]:
            with socket.create_connection(("127.0.0.1", mport), timeout=5) as s:
                s.sendall(junk)
                try:
                    s.shutdown(socket.SHUT_WR)
                except OSError:
                    # A request past the size limit is answered and closed before the
                    # client has finished sending: the answer is still there to read.
                    pass
                reply = s.recv(200)
                assert reply.startswith(b"HTTP/1.1 4"), (junk[:20], reply)
        # Clients that connect and say nothing hold only their own connections (each is
        # dropped after its 2 s deadline): a scrape beside ten of them is answered at once.
        idle = [socket.create_connection(("127.0.0.1", mport), timeout=5) for _ in range(10)]
        wait_for(10, "the endpoint to take the ten", lambda: accept_queue(mport) == 0)
        t = time.monotonic()
        assert value(scrape(mport), "riptide_up") == 1
        assert time.monotonic() - t < 1.0, time.monotonic() - t
        # Beyond the caps (16 at once, 8 from one address), silent connections give way
        # to new ones, oldest first (issue 32 N8: trickling clients kept scrapes out). All
        # of it well inside the 2 s deadline that drops the newest too.
        t = time.monotonic()
        more = [socket.create_connection(("127.0.0.1", mport), timeout=5) for _ in range(10)]
        wait_for(10, "the endpoint to take the ten more", lambda: accept_queue(mport) == 0)
        wait_for(10, "the 12 oldest to be closed", lambda: all(closed(s) for s in (idle + more)[:12]))
        assert not any(closed(s) for s in (idle + more)[-8:]), [closed(s) for s in idle + more]
        assert time.monotonic() - t < 1.0, f"{time.monotonic() - t:.2f} s: the 2 s deadline would blur the check"
        t = time.monotonic()
        assert value(scrape(mport), "riptide_up") == 1
        assert time.monotonic() - t < 1.0, time.monotonic() - t
        for s in idle + more:
            s.close()
        # Once they are gone, scrapes are answered again.
        wait_for(10, "the endpoint to drop the closed connections", lambda: server_sockets(mport) == 0)
        assert value(scrape(mport), "riptide_up") == 1


def test_the_grafana_dashboard_asks_for_metrics_the_daemon_exports() -> None:
    import json
    import re
    from pathlib import Path

    dash = json.loads((Path(__file__).resolve().parents[2] / "docs/grafana/riptide-dashboard.json").read_text())
    wanted = {n for p in dash["panels"] for t in p["targets"] for n in re.findall(r"riptide_[a-z0-9_]+", t["expr"])}
    assert wanted
    mport = free_port()
    with running_daemon("--port", "null", "--metrics", f"127.0.0.1:{mport}"):
        wait_listening(None, mport, "the metrics endpoint")
        with urllib.request.urlopen(f"http://127.0.0.1:{mport}/metrics", timeout=5) as r:
            text = r.read().decode()
    families = {line.split()[2] for line in text.splitlines() if line.startswith("# TYPE ")}
    assert wanted <= families, wanted - families
