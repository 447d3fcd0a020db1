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


def wait_listening(proc: Optional[subprocess.Popen], port: int, what: str) -> None:
    """Waits (10 s at most) until something accepts connections on `port` (`proc`, when
    given, is killed and its stderr shown if it exits or never does); fails the test."""
    deadline = time.monotonic() + 10
    while True:
        try:
            socket.create_connection(("127.0.0.1", port), timeout=0.2).close()
            return
        except OSError:
            if time.monotonic() > deadline or (proc is not None and proc.poll() is not None):
                err = ""
                if proc is not None:
                    proc.kill()
                    err = proc.stderr.read().decode() if proc.stderr else ""
                pytest.fail(f"{what} did not start on port {port}: {err}")
            time.sleep(0.05)


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
