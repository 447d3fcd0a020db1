"""The Python client against a live `riptide serve --port null`."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path
from typing import Iterator

import pytest

from riptide import Client, NotOwner, RiptideError, RpcError, VersionMismatch, stream, udp_stream

from daemon_util import REPO, holds_for, running_daemon, wait_for


@pytest.fixture(scope="module")
def daemon() -> Iterator[int]:
    with running_daemon("--port", "null", "--owner-timeout", "500ms", "--data-dir", str(REPO / "profiles")) as port:
        yield port


def test_quickstart_sends_two_million(daemon: int) -> None:
    script = (REPO / "docs" / "examples" / "quickstart.py").read_text()
    assert len(script.splitlines()) <= 15
    script = script.replace("Client()", f"Client(port={daemon})")
    out = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=60,
                         env={**os.environ, "PYTHONPATH": str(REPO / "python")})
    assert out.returncode == 0, out.stderr
    m = re.search(r"opackets=(\d+) achieved_pps=(\d+)", out.stdout)
    assert m, out.stdout
    assert abs(int(m.group(1)) - 2_000_000) <= 20_000, out.stdout


def test_ownership_and_errors(daemon: int) -> None:
    with Client(port=daemon) as a, Client(port=daemon) as b:
        a.acquire(force=True)
        a.reset()
        with pytest.raises(NotOwner):
            b.acquire()
        with pytest.raises(NotOwner):
            b.start(count=10)
        with pytest.raises(RpcError) as e:
            a.load_profile("streams:\n  - rate: 0pps\n")
        assert "<python>:2" in str(e.value)
        a.add_streams([stream(name="b", mode={"burst": {"packets": 777}}, rate="1mpps")])
        a.start()
        a.wait_on_traffic(timeout=30)
        st = a.get_stats()
        assert st["streams"][0]["opackets"] == 777
        assert st["streams"][0]["name"] == "b"
        b.acquire(force=True)
        with pytest.raises(NotOwner):
            a.start()


def test_state_is_the_documented_object_and_still_a_string(daemon: int) -> None:
    # docs/daemon.md: `state` answers {state, owner, you}; Client.state() returned only
    # the string (issue 50). It is both now.
    with Client(port=daemon) as c:
        c.acquire(force=True)
        st = c.state()
        answer = c.call("state")
        assert st.as_dict() == answer and st.owner == answer["owner"] == answer["you"] == st.you
        assert st["state"] == st.state == str(st) == answer["state"] and st["owner"] == st.owner
        assert st in ("idle", "stopped", "finished") and f"{st}" == answer["state"] and st[:2] == answer["state"][:2]
        assert repr(st) == f"State({answer['state']!r}, owner={st.owner}, you={st.you})"
        with pytest.raises(KeyError):
            st["nope"]


def test_stream_names_start_again_after_reset(daemon: int) -> None:
    # Issue 50: after reset() unnamed streams went on from s3.
    with Client(port=daemon) as c:
        c.acquire(force=True)
        c.reset()
        c.add_streams([stream(rate="1kpps") for _ in range(3)])
        assert [s["name"] for s in c.list_streams()] == ["s0", "s1", "s2"]
        c.reset()
        c.add_streams([stream(rate="1kpps") for _ in range(2)])
        assert [s["name"] for s in c.list_streams()] == ["s0", "s1"]


def test_update_pause_resume(daemon: int) -> None:
    with Client(port=daemon) as c:
        c.acquire(force=True)
        c.reset()
        c.add_streams([udp_stream(rate="10kpps")])
        c.start(duration=5)
        wait_for(10, "the run to send", lambda: c.get_stats()["ports"][0]["opackets"] > 0)
        c.update("2")
        c.pause()
        assert c.state() == "paused"
        # Paused means nothing leaves (the engine acknowledges the pause once applied):
        # 100 ms is 2,000 frames at the updated 20 kpps.
        sent = c.get_stats()["ports"][0]["opackets"]
        holds_for(0.1, "a paused run kept sending", lambda: c.get_stats()["ports"][0]["opackets"] == sent)
        c.resume()
        wait_for(10, "frames after the resume", lambda: c.get_stats()["ports"][0]["opackets"] > sent)
        final = c.stop()
        assert final["state"] == "stopped"
        assert final["streams"][0]["requested_pps"] == pytest.approx(20_000)


def test_a_total_rate_goes_through_the_daemon(daemon: int) -> None:
    # One sending port here: its share of the total is all of it (the split itself is
    # tested on the engine, crates/engine/tests/streams.rs).
    with Client(port=daemon) as c:
        c.acquire(force=True)
        c.reset()
        c.add_streams([udp_stream(rate="1kpps")])
        c.start(duration=0.2, mult="20kpps", total=True)
        c.wait_on_traffic(timeout=10)
        assert c.get_stats()["streams"][0]["requested_pps"] == pytest.approx(20_000)


def test_workers_pin_through_the_daemon(daemon: int) -> None:
    # The daemon's workers land on the cores asked for; a core it may not use is a
    # clear error and nothing runs. (The CLI test crates/cli/tests/pin.rs reads the
    # threads' affinity back from /proc.)
    core = max(os.sched_getaffinity(0))
    with Client(port=daemon) as c:
        c.acquire(force=True)
        c.reset()
        c.add_streams([udp_stream(rate="1kpps")])
        before = c.state()
        with pytest.raises(RpcError, match="core 4095 is not one this process may run on"):
            c.start(duration=0.2, pin=[4095])
        assert c.state() == before != "running"
        c.start(count=50, pin=[core])
        c.wait_on_traffic(timeout=10)
        assert c.get_stats()["ports"][0]["opackets"] == 50


def test_a_profile_loads_at_another_frame_size(daemon: int) -> None:
    with Client(port=daemon) as c:
        c.acquire(force=True)
        c.reset()
        c.load_profile("streams:\n  - {size: 64, mode: {burst: {packets: 10}}}\n", frame_size=128)
        c.start()
        c.wait_on_traffic(timeout=10)
        st = c.get_stats()["streams"][0]
        # 128 B frames with FCS: 124 B each as sent.
        assert (st["opackets"], st["obytes"]) == (10, 10 * 124)
        with pytest.raises(RpcError):
            c.load_profile("streams:\n  - {size: 64}\n", frame_size=20)


def test_a_trex_python_profile_loads_through_the_client(daemon: int) -> None:
    with Client(port=daemon) as c:
        c.acquire(force=True)
        c.reset()
        c.load_profile(str(REPO / "python/tests/trex/udp_src_range.py"))
        c.start(count=20)
        c.wait_on_traffic(timeout=10)
        st = c.get_stats()
        assert st["ports"][0]["opackets"] == 20
        assert st["ports"][0]["obytes"] == 20 * 60
        with pytest.raises(ValueError, match="TRex"):
            c.load_profile("streams:\n  - {size: 64}\n", tunables={"x": 1})


def test_a_request_past_the_daemons_limit_is_refused_with_its_size(daemon: int) -> None:
    """Issue 32 (N9): a profile over the daemon's 1 MiB request limit was a reset
    connection; it is an error naming both sizes, and the connection goes on."""
    with Client(port=daemon) as c:
        c.acquire(force=True)
        with pytest.raises(RiptideError, match=r"load_profile: the request is \d+ bytes; .* at most 1048576 bytes"):
            c.load_profile("# " + "x" * (2 << 20) + "\nstreams: []\n")
        assert c.call("ping") == "pong"


def test_a_stream_short_of_its_rate_is_a_warning(daemon: int) -> None:
    """Issue 32: the Python client reported a stream at 74% of its asked rate without a
    flag (the CLI says it); stop() warns now, in the CLI's words."""
    from riptide import RateShortfall, shortfalls

    assert shortfalls({"streams": [{"name": "s", "requested_pps": 1e6, "achieved_pps": 7.4e5}]}) == [
        "stream s: achieved 740.00 Kpps of the 1.00 Mpps asked (74.0%)"]
    assert shortfalls({"streams": [{"name": "s", "requested_pps": 1e6, "achieved_pps": 9.95e5}]}) == []
    with Client(port=daemon) as c:
        c.acquire(force=True)
        c.reset()
        c.add_streams([udp_stream(name="halted", rate="100kpps")])
        c.start(duration=1.0)
        wait_for(10, "the run to send", lambda: c.get_stats()["ports"][0]["opackets"] > 0)
        c.pause()
        # The stall whose shortfall stop() must report: half a second of the run's one in
        # which it sends nothing (a pause is applied when acknowledged).
        paused = c.get_stats()["ports"][0]["opackets"]
        holds_for(0.5, f"the run paused at {paused} packets",
                  lambda: c.get_stats()["ports"][0]["opackets"] == paused)
        c.resume()
        with pytest.warns(RateShortfall, match=r"stream halted: achieved .* of the 100.00 Kpps asked"):
            c.wait_on_traffic(timeout=30)


def test_version_mismatch_is_refused(daemon: int) -> None:
    with Client(port=daemon) as c:
        with pytest.raises(VersionMismatch):
            c.call("version", api_major=99)
        assert c.ports()[0]["driver"] == "null"


def test_python_profiles_are_functions(daemon: int, tmp_path: Path) -> None:
    from riptide import RiptideError, load_py_profile

    streams = load_py_profile(REPO / "profiles" / "python" / "two_streams.py", rate="2mpps", flows=10)
    assert [s["name"] for s in streams] == ["udp", "sweep"]
    assert streams[0]["rate"] == "2mpps"
    with Client(port=daemon) as c:
        c.acquire(force=True)
        c.reset()
        assert c.add_streams(streams) == 2
        c.reset()
        c.release()
    bad = tmp_path / "bad.py"
    bad.write_text("x = 1\n")
    with pytest.raises(RiptideError, match="defines no streams"):
        load_py_profile(bad)
    bad.write_text("def streams():\n    return 1 / 0\n")
    with pytest.raises(RiptideError, match="bad.py"):
        load_py_profile(bad)


def test_a_stateful_run_through_the_daemon(daemon: int) -> None:
    # The cap2 profile and its pcap sent with the request (the daemon reads no file for it).
    with Client(port=daemon) as c:
        c.acquire(force=True)
        c.stf_start(REPO / "profiles/stf/udp10.yaml", upload=True, duration=2, multiplier=3, active_flows=100)
        rep = c.stf_wait(timeout=60)
        assert rep["m_total_open_flows"] == 600, rep  # 300 cps for 2 s
        # As in TRex the run lasts the duration: flows still going at 2 s are cut there
        # (active_flows=100 stretches each to about a third of a second).
        assert rep["duration_s"] == 2.0, rep
        open_, closed, active = rep["m_total_open_flows"], rep["m_total_close_flows"], rep["m_active_flows"]
        assert closed + active == open_ and 60 <= active <= 140, rep
        assert rep["tx_packets"] < 6000 and rep["tx_packets"] >= 10 * closed, rep
        assert [round(s["m_tx_cps"]) for s in rep["series"][:2]] == [300, 300]
        assert c.stf_stats()["state"] == "idle"
        with pytest.raises(RpcError) as e:
            c.stf_start("stf/missing.yaml")
        assert "missing.yaml" in str(e.value)
        # Under the daemon's --data-dir only, and nothing quoted from what is outside.
        for outside in ["/etc/shadow", "../../../../etc/shadow", "/etc/passwd"]:
            with pytest.raises(RpcError) as e:
                c.stf_start(outside)
            assert "not a regular file under the data directory" in str(e.value), e.value
            assert "root:" not in str(e.value)


def test_the_local_token_file_never_goes_to_another_host(monkeypatch) -> None:
    from riptide import client as cl

    monkeypatch.delenv("RIPTIDE_TOKEN", raising=False)
    monkeypatch.setattr(cl, "token_path", lambda port: type("P", (), {"read_text": lambda self: "secret\n"})())
    assert cl._find_token(4501, ("127.0.0.1", 4501)) == "secret"
    assert cl._find_token(4501, ("::1", 4501, 0, 0)) == "secret"
    assert cl._find_token(4501, ("198.18.0.2", 4501)) is None
    assert cl._find_token(4501, ("fe80::1%eth0", 4501, 0, 2)) is None
    monkeypatch.setenv("RIPTIDE_TOKEN", "from-env")
    assert cl._find_token(4501, ("198.18.0.2", 4501)) == "from-env"
