"""TRex's own ASTF example script (trex-core's interactive/trex/examples/astf/astf_example.py,
copied unchanged into python/tests/trex-core) against one `riptide serve --trex --no-auth`
that many clients use in turn, as a CI pipeline does: each client a process of its own,
each run of the script a pass (it exits 0 and prints its verdict).

TRex's client's `reset()` clears every profile and waits for the context to be IDLE; its
`start()` then refuses a profile its client does not see IDLE or LOADED. So after every way a
run ends (its duration, `stop()`, a disconnect, a client that leaves its run behind or is
killed, a forced takeover) the next client's `reset()` must find a profile it can clear, and
come back with the profile gone. The profiles' traffic (TRex's 16.0.0.0/48.0.0.0 addresses)
runs only into the in-memory `link:`.
"""

from __future__ import annotations

import json
import os
import re
import signal
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any, Dict, Iterator, List, Tuple

import pytest
from concurrent.futures import ThreadPoolExecutor

import trex_oracle
from test_trex_rpc import trex_server

HERE = Path(__file__).resolve().parent
EXAMPLE_DIR = trex_oracle.INTERACTIVE / "trex/examples/astf"
TWO = ("link:0:realtime", "link:1")

# TRex's profiles, one after the other on one server, each at a multiplier that keeps its run
# small: TCP and UDP, IPv6, template groups, several templates (sfr.py: nine), RST endings.
IN_A_ROW: List[Tuple[str, int]] = [
    ("http_simple.py", 20),
    ("udp1.py", 20),
    ("http_eflow2.py", 10),
    ("sfr.py", 1),
    ("udp_pcap.py", 20),
    ("param_ipv6.py", 20),
    ("template_groups.py", 10),
    ("tcp_param_change.py", 20),
    ("udp_sip.py", 20),
    ("http_manual_commands_rst.py", 20),
]

IDLE = {"_": "STATE_IDLE"}


@pytest.fixture(scope="module")
def ext_libs() -> Iterator[str]:
    """TREX_EXT_LIBS: TRex's scapy and texttable, and the directories TRex's package checks."""
    with tempfile.TemporaryDirectory() as ext:
        trex_oracle.make_ext_libs(ext)
        yield ext


def env(ext_libs: str) -> Dict[str, str]:
    return dict(os.environ, TREX_EXT_LIBS=ext_libs, PYTHONPATH=str(trex_oracle.INTERACTIVE))


def run_example(srv: Dict[str, int], ext_libs: str, profile: str, mult: int, duration: float = 0.5) -> int:
    """Runs astf_example.py unchanged over `profile`; asserts that it passed and returns the
    connections (TCP or UDP) its clients opened, as the script printed them."""
    args = ["-f", str(trex_oracle.ASTF_PROFILES / profile), "-m", str(mult), "-d", str(duration)]
    r = subprocess.run([sys.executable, str(HERE / "trex_example_runner.py"), str(srv["rpc"]), str(srv["pub"]),
                        "astf_example.py", *args], capture_output=True, text=True, timeout=120, env=env(ext_libs),
                       cwd=str(EXAMPLE_DIR))
    out = r.stdout + r.stderr
    assert r.returncode == 0, (profile, out[-3000:])
    assert "Test has passed :-)" in r.stdout and "failed" not in out.lower(), (profile, out[-3000:])
    traffic = r.stdout[r.stdout.index("'traffic'"):]
    opened = re.search(r"'(?:tcps_connattempt|udps_connects)': (\d+)", traffic)
    assert opened and int(opened.group(1)) > 0, (profile, traffic[:2000])
    return int(opened.group(1))


def client(srv: Dict[str, int], ext_libs: str, mode: str) -> Tuple["subprocess.Popen[str]", Dict[str, Any]]:
    """Starts trex_astf_endings_script.py in `mode` over http_simple.py; returns the process
    once its run is started, and what it printed then."""
    p = subprocess.Popen([sys.executable, str(HERE / "trex_astf_endings_script.py"), str(srv["rpc"]), str(srv["pub"]),
                          str(trex_oracle.ASTF_PROFILES / "http_simple.py"), mode, "20"],
                         stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                         env=env(ext_libs), cwd=str(trex_oracle.INTERACTIVE))
    assert p.stdout is not None
    line = p.stdout.readline()
    if not line:
        p.kill()
        _, err = p.communicate(timeout=30)
        raise AssertionError(f"{mode}: the client failed before its run started: {err[-3000:]}")
    started = json.loads(line)
    assert started["started"] == {"_": "STATE_TX"}, (mode, started)
    return p, started


def finish(p: "subprocess.Popen[str]", mode: str) -> Dict[str, Any]:
    out, err = p.communicate(timeout=60)
    assert p.returncode == 0, (mode, err[-3000:])
    return json.loads(out.strip().splitlines()[-1])


def test_trex_astf_example_over_profiles_in_a_row(ext_libs: str) -> None:
    """Ten of TRex's profiles through its ASTF example script, one client after another on a
    server (two servers, five profiles each, side by side: most of a run is its client's
    Python start-up), each run ended by its duration: every run passes."""
    def in_a_row(profiles: List[Tuple[str, int]]) -> None:
        with trex_server(*TWO) as srv:
            for profile, mult in profiles:
                run_example(srv, ext_libs, profile, mult)

    with ThreadPoolExecutor(max_workers=2) as pool:
        for f in [pool.submit(in_a_row, IN_A_ROW[0::2]), pool.submit(in_a_row, IN_A_ROW[1::2])]:
            f.result()


def test_every_way_a_run_ends_leaves_a_server_the_next_client_can_use(ext_libs: str) -> None:
    """One server, one client after another, each ending its run another way; each next
    client's reset() comes back with the profile removed (TRex's client sees it IDLE) and its
    start() runs; TRex's example script passes after the last two."""
    with trex_server(*TWO) as srv:
        # stop(), then disconnect().
        p, _ = client(srv, ext_libs, "stop")
        assert finish(p, "stop") == {"stopped": {"_": "STATE_ASTF_LOADED"}}
        # A disconnect mid-run (TRex's client stops its traffic first).
        p, seen = client(srv, ext_libs, "disconnect")
        assert (seen["after_reset"], seen["context_after_reset"]) == (IDLE, 0), ("after stop", seen)
        finish(p, "disconnect")
        # A client killed mid-run: its run goes on, owned by no one, until the next reset.
        p, seen = client(srv, ext_libs, "hold")
        assert (seen["after_reset"], seen["context_after_reset"]) == (IDLE, 0), ("after a disconnect", seen)
        p.send_signal(signal.SIGKILL)
        p.wait(timeout=30)
        # A client that leaves without stopping or releasing.
        p, seen = client(srv, ext_libs, "leave")
        assert (seen["after_reset"], seen["context_after_reset"]) == (IDLE, 0), ("after a killed owner", seen)
        finish(p, "leave")
        # A run left at once, ended by its duration with no client there.
        p, seen = client(srv, ext_libs, "unwatched")
        assert (seen["after_reset"], seen["context_after_reset"]) == (IDLE, 0), ("after a client left", seen)
        finish(p, "unwatched")
        run_example(srv, ext_libs, "http_simple.py", 20)
        # A forced takeover: TRex's example takes the context from a client that transmits,
        # and the old owner's disconnect after (its stop and release refused) harms nothing.
        holder, seen = client(srv, ext_libs, "hold")
        assert (seen["after_reset"], seen["context_after_reset"]) == (IDLE, 0), ("after the example", seen)
        run_example(srv, ext_libs, "udp1.py", 20)
        assert holder.stdin is not None
        holder.stdin.write("\n")
        holder.stdin.flush()
        finish(holder, "hold")
        run_example(srv, ext_libs, "http_simple.py", 20)
