"""TRex's own console (trex-core's trex.console.trex_console, python/tests/trex-core, unchanged)
against `riptide serve --trex --no-auth`, driven under tmux as a person types it: port 0 started
alone with one profile, port 1 later with another, `stats` showing both at their rates (within
2%), port 0 stopped while port 1 goes on, port 1 updated, paused and resumed, `streams`.

The profiles are TRex's (16.0.0.0/48.0.0.0 addresses): they run only into the in-memory link.
docs/trex-console.md shows the same session's screens.
"""

from __future__ import annotations

import os
import subprocess
import sys
import tempfile
import time
from typing import Dict, Iterator, List

import pytest

import trex_oracle
from test_trex_rpc import trex_server

SCRIPTS = trex_oracle.TREX_CORE / "scripts"
UNITS = {"": 1.0, "K": 1e3, "M": 1e6, "G": 1e9}


class Console:
    """TRex's console in a tmux session of its own."""

    def __init__(self, name: str) -> None:
        self.name = name

    def type(self, line: str, wait: float = 1.5) -> str:
        """Types `line` and Enter on a cleared screen; the screen after `wait` seconds."""
        subprocess.run(["tmux", "clear-history", "-t", self.name], check=True)
        subprocess.run(["tmux", "send-keys", "-t", self.name, "clear", "Enter"], check=True)
        time.sleep(0.5)
        subprocess.run(["tmux", "send-keys", "-t", self.name, line, "Enter"], check=True)
        time.sleep(wait)
        return self.screen()

    def screen(self) -> str:
        return subprocess.run(["tmux", "capture-pane", "-p", "-t", self.name], capture_output=True, text=True,
                              check=True).stdout


@pytest.fixture()
def console() -> Iterator[Console]:
    with trex_server("link:0:realtime", "link:1") as srv, tempfile.TemporaryDirectory() as ext:
        trex_oracle.make_ext_libs(ext)
        name = f"riptide-trex-console-{os.getpid()}"
        env = f"TREX_EXT_LIBS={ext} PYTHONPATH=automation/trex_control_plane/interactive"
        cmd = (f"cd {SCRIPTS} && {env} {sys.executable} -m trex.console.trex_console "
               f"-s 127.0.0.1 -p {srv['rpc']} --async_port {srv['pub']}; sleep 60")
        subprocess.run(["tmux", "new-session", "-d", "-s", name, "-x", "150", "-y", "50", cmd], check=True)
        try:
            c = Console(name)
            deadline = time.time() + 30
            while "trex>" not in c.screen():
                assert time.time() < deadline, c.screen()
                time.sleep(0.3)
            yield c
        finally:
            subprocess.run(["tmux", "kill-session", "-t", name], check=False)


def table(screen: str) -> Dict[str, List[str]]:
    """The port statistics table: row name -> the cells (port 0, port 1, total)."""
    rows = {}
    for line in screen.splitlines():
        if line.count("|") >= 2:
            cells = [c.strip() for c in line.split("|")]
            rows[cells[0]] = cells[1:]
    return rows


def rate(cell: str) -> float:
    """'9.99 Kpps' -> 9990.0"""
    value, unit = cell.split()
    return float(value) * UNITS[unit[0] if unit[0] in "KMG" else ""]


def test_trex_console_runs_ports_on_their_own(console: Console) -> None:
    out = console.type("start -f stl/udp_1pkt_simple.py -m 10kpps -p 0")
    assert "Starting traffic on port(s) [0._]" in out and "[SUCCESS]" in out, out
    out = console.type("start -f stl/imix.py -m 20kpps -p 1")
    assert "Starting traffic on port(s) [1._]" in out and "[SUCCESS]" in out, out
    time.sleep(2.0)  # the rates are over the last second
    out = console.type("stats", 2.0)
    t = table(out)
    assert t["state"][:2] == ["TRANSMITTING", "TRANSMITTING"], out
    assert abs(rate(t["Tx pps"][0]) - 10e3) <= 0.02 * 10e3, out
    assert abs(rate(t["Tx pps"][1]) - 20e3) <= 0.02 * 20e3, out
    # The link delivers each port's frames to the other.
    assert abs(rate(t["Rx pps"][1]) - 10e3) <= 0.02 * 10e3, out

    out = console.type("stop -p 0")
    assert "Stopping traffic on port(s) [0._]" in out and "[SUCCESS]" in out, out
    time.sleep(1.5)
    out = console.type("stats", 2.0)
    t = table(out)
    assert t["state"][:2] == ["IDLE", "TRANSMITTING"], out
    assert rate(t["Tx pps"][0]) == 0.0, out
    assert abs(rate(t["Tx pps"][1]) - 20e3) <= 0.02 * 20e3, out

    for line, done in [("update -p 1 -m 30kpps", "Updating traffic on port(s) [1._]"),
                       ("pause -p 1", "Pausing traffic on port(s) [1._]"),
                       ("resume -p 1", "Resume traffic on port(s) [1._]")]:
        out = console.type(line)
        assert done in out and "[SUCCESS]" in out, out
    time.sleep(2.0)
    t = table(console.type("stats", 2.0))
    assert abs(rate(t["Tx pps"][1]) - 30e3) <= 0.02 * 30e3, t
    out = console.type("streams")
    assert "Port 0:" in out and "Port 1:" in out and out.count("Continuous") == 4, out
    out = console.type("stop -a")
    assert "[SUCCESS]" in out, out
