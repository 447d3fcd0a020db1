"""`riptide console` in a real terminal (tmux): start, update, pause, resume and stop a
profile against a daemon on null ports, read the port table off the screen, and check
that quitting gives the terminal back as it was.

`RIPTIDE_CONSOLE_SHOTS=DIR` keeps each screen as text (docs/console/ holds them)."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
from pathlib import Path
from typing import Callable, Optional

import pytest

from daemon_util import BIN, running_daemon, within

TOKEN = "console-test-token-0123456789"
PROFILE = """\
# One UDP stream from port 0 (RFC 2544 addresses); the console's -m sets its rate.
streams:
  - name: udp
    packet:
      - eth: {}
      - ipv4: {src: 198.18.0.1, dst: 198.19.0.1}
      - udp: {sport: 1025, dport: 12}
    size: 64
    rate: 100kpps
"""
UNITS = {"": 1.0, "K": 1e3, "M": 1e6, "G": 1e9}


class Tmux:
    """A tmux server of the test's own (its socket, no config), one 160x45 window."""

    def __init__(self, tmp: Path) -> None:
        if shutil.which("tmux") is None:
            pytest.fail("tmux is missing: scripts/setup.sh installs it")
        self.base = ["tmux", "-S", str(tmp / "tmux.sock"), "-f", "/dev/null"]
        env = {"TERM": "xterm-256color", "PATH": os.environ["PATH"], "HOME": str(tmp)}
        subprocess.run(
            [*self.base, "new-session", "-d", "-x", "160", "-y", "45", "-s", "t", "bash --norc --noprofile"],
            check=True,
            env=env,
        )
        # Windows made later (the read-only console's) get the same size (tmux >= 2.9).
        subprocess.run([*self.base, "set-option", "-g", "default-size", "160x45"], capture_output=True)
        self.shots: Optional[Path] = None
        if os.environ.get("RIPTIDE_CONSOLE_SHOTS"):
            self.shots = Path(os.environ["RIPTIDE_CONSOLE_SHOTS"])
            self.shots.mkdir(parents=True, exist_ok=True)

    def tmux(self, *args: str) -> str:
        return subprocess.run([*self.base, *args], check=True, capture_output=True, text=True).stdout

    def keys(self, text: str, enter: bool = True, target: str = "t:0") -> None:
        self.tmux("send-keys", "-t", target, "-l", text)
        if enter:
            self.tmux("send-keys", "-t", target, "Enter")

    def screen(self, target: str = "t:0") -> str:
        return self.tmux("capture-pane", "-p", "-t", target)

    def wait(self, what: str, ok: Callable[[str], bool], timeout: float = 30.0, target: str = "t:0") -> str:
        screens = [""]

        def shown() -> Optional[str]:
            screens[0] = self.screen(target)
            return screens[0] if ok(screens[0]) else None

        if not within(timeout, shown):
            pytest.fail(f"the console never showed {what}; the screen:\n{screens[0]}")
        return screens[0]

    def shot(self, name: str, screen: str) -> None:
        if self.shots is not None:
            (self.shots / f"{name}.txt").write_text(screen)

    def close(self) -> None:
        subprocess.run([*self.base, "kill-server"], capture_output=True)


def port_tx(screen: str, port: int = 0) -> Optional[float]:
    """Port `port`'s tx frames/s as the ports table shows it."""
    m = re.search(rf"^│{port}\s+null \(null\)\s+([\d.]+) ([KMG]?)pps", screen, re.M)
    return float(m.group(1)) * UNITS[m.group(2)] if m else None


def state(screen: str) -> Optional[str]:
    m = re.search(r"^ riptide .* state (\w+)", screen, re.M)
    return m.group(1) if m else None


def near(want: float) -> Callable[[str], bool]:
    return lambda s: state(s) == "running" and (tx := port_tx(s)) is not None and abs(tx - want) <= 0.02 * want


def test_console_starts_updates_pauses_resumes_and_stops(tmp_path: Path) -> None:
    prof = tmp_path / "udp.yaml"
    prof.write_text(PROFILE)
    bad = tmp_path / "bad.yaml"
    bad.write_text("streams:\n  - name: x\n    rate: fast\n")
    term = Tmux(tmp_path)
    try:
        with running_daemon("--port", "null", "--port", "null", "--token", TOKEN) as port:
            term.keys(f"{BIN} console --connect 127.0.0.1:{port} --token {TOKEN}")
            s = term.wait("that it owns the engine", lambda s: "owner: you (session" in s)
            # Refreshed at 10 Hz (the title counts the snapshots of the last second).
            s = term.wait("a 10 Hz refresh", lambda s: (m := re.search(r"(\d+) Hz", s)) is not None and int(m[1]) >= 9)
            term.shot("0-idle", s)

            # Bad input: errors name the file (and the line), nothing starts.
            term.keys(f"start -f {tmp_path}/missing.yaml -m 1mpps")
            term.wait("the missing file's error", lambda s: "missing.yaml: No such file" in s)
            term.keys(f"start -f {bad} -m 1mpps")
            term.wait("the bad profile's error", lambda s: re.search(r"bad\.yaml:3:\d+", s) is not None)
            term.keys("start -f")
            term.wait("the usage error", lambda s: "start: -f needs a value" in s)
            # A profile larger than the daemon's request limit: the size, not a reset
            # connection and a reconnect (issue 32 N9).
            huge = tmp_path / "huge.yaml"
            huge.write_text("# " + "x" * (2 << 20) + "\n" + PROFILE)
            term.keys(f"start -f {huge} -m 1mpps")
            s = term.wait("the size error", lambda s: "takes requests of at most 1048576 bytes" in s)
            assert "disconnected" not in s and "reconnect" not in s, s

            term.keys(f"start -f {prof} -m 1mpps -d 120s")
            term.shot("1-start-1mpps", term.wait("port 0 at 1 Mpps", near(1e6)))
            term.keys("update -m 2mpps")
            term.shot("2-update-2mpps", term.wait("port 0 at 2 Mpps", near(2e6)))
            term.keys("pause")
            term.shot("3-pause", term.wait("the pause", lambda s: state(s) == "paused" and port_tx(s) == 0.0))
            term.keys("resume")
            term.shot("4-resume", term.wait("port 0 at 2 Mpps again", near(2e6)))

            # A second console is read-only while the first owns the engine.
            term.tmux("new-window", "-d", "-t", "t:1", "bash --norc --noprofile")
            term.keys(f"{BIN} console -c 127.0.0.1:{port} --token {TOKEN}", target="t:1")
            s2 = term.wait("read-only mode", lambda s: re.search(r"read-only: session \d+ owns", s) is not None, target="t:1")
            term.keys("pause", target="t:1")
            s2 = term.wait("the refusal", lambda s: re.search(r"error: the engine is owned by session \d+; acquire with force", s) is not None, target="t:1")
            term.shot("5-read-only", s2)
            term.keys("quit", target="t:1")
            assert state(term.screen()) == "running"

            term.keys("stop")
            s = term.wait("the stop", lambda s: state(s) == "stopped" and "stopped:" in s)
            term.shot("6-stop", s)
            shown = int(re.search(r"stopped: ([\d,]+) frames sent", s)[1].replace(",", ""))
            assert shown > 2_000_000, s

            term.keys("?", enter=False)
            term.shot("7-help", term.wait("the help", lambda s: "commands (TRex console's)" in s))
            term.keys("x", enter=False)
            term.keys("quit")
            s = term.wait("the shell's prompt", lambda s: s.rstrip().endswith(("$", "#")) and "riptide>" not in s)
            # The terminal is as it was: the normal screen, a cursor, canonical mode and echo.
            assert term.tmux("display", "-p", "-t", "t:0", "#{alternate_on} #{cursor_flag}").split() == ["0", "1"]
            term.keys("stty -a | tr ' ' '\\n' | grep -xE -- '-?(icanon|echo)' | tr '\\n' ' '; echo EN''D")
            s = term.wait("stty's answer", lambda s: re.search(r"^[-a-z ]*END$", s, re.M) is not None)
            assert re.search(r"^icanon echo END$", s, re.M), s
    finally:
        term.close()


def test_console_needs_a_terminal() -> None:
    r = subprocess.run([str(BIN), "console"], stdin=subprocess.DEVNULL, capture_output=True, text=True, timeout=30)
    assert r.returncode == 2 and "needs a terminal" in r.stderr, r.stderr
    assert "\x1b" not in r.stdout + r.stderr


def test_watch_cost_script_measures_each_case(tmp_path: Path) -> None:
    # scripts/watch_cost.py (BENCHMARKS.md) at toy size: every case runs and reports.
    import sys

    script = Path(__file__).resolve().parents[2] / "scripts" / "watch_cost.py"
    r = subprocess.run([sys.executable, str(script), "--rounds", "1", "--duration", "0.3", "--riptide", str(BIN)],
                       capture_output=True, text=True, timeout=120)
    assert r.returncode == 0, r.stderr
    for case in ("none", "console (100 ms + polls)", "8 x subscribe 50 ms"):
        m = re.search(rf"{re.escape(case)}: median\s+([\d.]+) Mpps, ratio to none ([\d.]+)", r.stdout)
        assert m and float(m[1]) > 0 and float(m[2]) > 0, r.stdout
