"""A `riptide serve` of the test's own: the binary under test, a free port, started and
stopped around the test (shared by the client and front-end tests)."""

from __future__ import annotations

import os
import socket
import subprocess
import time
from contextlib import contextmanager
from pathlib import Path
from typing import Any, Callable, Iterator, List, Optional, Tuple

import pytest

REPO = Path(__file__).resolve().parents[2]
BIN = Path(os.environ.get("RIPTIDE_BIN", REPO / "target" / "release" / "riptide"))


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def within(limit: float, cond: Callable[[], Any], ignoring: Tuple[type, ...] = ()) -> Any:
    """Polls `cond` (1 ms apart at first, doubling to 20 ms) until it gives something
    true, and returns that; after `limit` seconds, the last thing it gave (false). An
    exception of a type in `ignoring` counts as not yet. For a test that goes on either
    way: most want `wait_for`. The suite's one poll interval in Python
    (crates/cli/tests/sleeps.rs allows no other sleep that waits)."""
    end = time.monotonic() + limit
    pause = 0.001
    while True:
        try:
            got = cond()
        except ignoring:
            got = None
        if got:
            return got
        left = end - time.monotonic()
        if left <= 0:
            return got
        time.sleep(min(pause, left))
        pause = min(pause * 2, 0.02)


def wait_for(limit: float, what: str, cond: Callable[[], Any], ignoring: Tuple[type, ...] = ()) -> Any:
    """Waits on a condition with a deadline, never a guessed sleep: polls `cond` until it
    gives something true and returns that; fails the test naming `what` when it has not
    within `limit` seconds (a bound on a broken test: make it generous, a working test
    pays only for what it waits). Exceptions of the types in `ignoring` count as not yet."""
    t = time.monotonic()
    got = within(limit, cond, ignoring)
    if not got:
        pytest.fail(f"waited {limit} s for {what}: never (last: {got!r}, {time.monotonic() - t:.1f} s)")
    return got


def holds_for(window: float, what: str, cond: Callable[[], Any]) -> None:
    """Checks that `cond` holds throughout `window` seconds, polling it: for a claim that
    something does not happen, or goes on, which only a window can show. Fails at the
    first poll where it does not."""
    t = time.monotonic()
    if within(window, lambda: not cond()):
        pytest.fail(f"{what}: broken {time.monotonic() - t:.2f} s into a window of {window} s")


def _ss(*args: str) -> List[str]:
    out = subprocess.run(["ss", "-Htn", *args], capture_output=True, text=True, check=True).stdout
    return [line for line in out.splitlines() if line.strip()]


def accept_queue(port: int) -> int:
    """How many connections to the listener on `port` wait for it to accept them (the
    Recv-Q that ss shows of a listening socket): 0 once it has taken every one."""
    return sum(int(line.split()[1]) for line in _ss("-l", f"( sport = :{port} )"))


def server_sockets(port: int) -> int:
    """How many connections the server listening on `port` has not closed: its sockets of
    that port established, or closed by the peer and not yet by the server."""
    return len(_ss("state", "established", "state", "close-wait", f"( sport = :{port} )"))


def unread_bytes(port: int) -> int:
    """Bytes sent to the server on `port` that it has not read yet: what waits in its
    sockets' receive queues and in its peers' send queues (ss's Recv-Q and Send-Q)."""
    total = 0
    for line in _ss("exclude", "listening", f"( sport = :{port} or dport = :{port} )"):
        f = line.split()
        local = f[3].rsplit(":", 1)[1]
        total += int(f[1]) if local == str(port) else int(f[2])
    return total


def wait_listening(proc: Optional[subprocess.Popen], port: int, what: str) -> None:
    """Waits (10 s at most) until something accepts connections on `port` (`proc`, when
    given, is killed and its stderr shown if it exits or never does); fails the test."""
    def up() -> bool:
        if proc is not None and proc.poll() is not None:
            return True  # ended: no use waiting
        socket.create_connection(("127.0.0.1", port), timeout=0.2).close()
        return True

    if not within(10, up, ignoring=(OSError,)) or (proc is not None and proc.poll() is not None):
        err = ""
        if proc is not None:
            proc.kill()
            err = proc.stderr.read().decode() if proc.stderr else ""
        pytest.fail(f"{what} did not start on port {port}: {err}")


def start_server(args_for: Callable[[List[int]], List[str]], nports: int, what: str,
                 **popen: Any) -> Tuple[subprocess.Popen, List[int]]:
    """Starts the server `args_for(PORTS)` on `nports` distinct free ports and waits until
    it accepts connections on the first. A port found free can be taken by another
    process before the server binds it: then it tries again on other ports (three tries)."""
    for attempt in range(3):
        ports: List[int] = []
        while len(ports) < nports:
            p = free_port()
            if p not in ports:
                ports.append(p)
        proc = subprocess.Popen(args_for(ports), stderr=subprocess.PIPE, **popen)
        try:
            wait_listening(proc, ports[0], what)
            return proc, ports
        except pytest.fail.Exception as e:
            if attempt == 2 or "Address already in use" not in str(e):
                raise
    raise AssertionError("unreachable")


@contextmanager
def running_daemon(*args: str) -> Iterator[int]:
    """Runs `riptide serve ARGS --bind 127.0.0.1:PORT` until it accepts connections;
    yields PORT; terminates it afterwards."""
    if not BIN.exists():
        pytest.fail(f"{BIN} is missing: build with cargo build --release first")
    proc, (port,) = start_server(lambda p: [str(BIN), "serve", *args, "--bind", f"127.0.0.1:{p[0]}"], 1,
                                 f"riptide serve {' '.join(args)}")
    try:
        yield port
    finally:
        proc.terminate()
        proc.wait(timeout=10)
