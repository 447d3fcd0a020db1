"""Who may control `riptide serve` on a shared host (issue 15.1, docs/security.md).

The daemon makes a token at start and keeps it in a file only its user can read; the
client of that user finds it, anybody else is refused: an unprivileged uid (run with
setpriv) can neither read the token nor do anything but ping, auth and ask the version.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Iterator

import pytest

from riptide import Client
from riptide.client import token_path
from daemon_util import BIN, free_port, wait_for

NOBODY = ["setpriv", "--reuid=65534", "--regid=65534", "--clear-groups"]

# Run as nobody: what a raw JSON-RPC client gets from the daemon, and whether the token
# file can be read.
PROBE = r"""
import json, socket, sys
port, token_file = int(sys.argv[1]), sys.argv[2]
out = {}
try:
    open(token_file).read()
    out["read_token"] = True
except OSError as e:
    out["read_token"] = type(e).__name__
s = socket.create_connection(("127.0.0.1", port), timeout=5)
r = s.makefile("rb")
for i, m in enumerate(["version", "acquire", "stats", "ports"]):
    s.sendall((json.dumps({"jsonrpc": "2.0", "id": i, "method": m, "params": {}}) + "\n").encode())
    out[m] = json.loads(r.readline())
print(json.dumps(out))
"""


@pytest.fixture()
def daemon() -> Iterator[int]:
    if os.geteuid() != 0 or shutil.which("setpriv") is None:
        pytest.skip("needs root and setpriv")
    port = free_port()
    proc = subprocess.Popen([str(BIN), "serve", "--port", "null", "--bind", f"127.0.0.1:{port}"],
                            stderr=subprocess.PIPE)
    wait_for(10, "riptide serve to write its token", lambda: token_path(port).exists() or proc.poll() is not None)
    assert proc.poll() is None, "riptide serve ended"
    try:
        yield port
    finally:
        proc.terminate()
        proc.wait(timeout=10)
    assert not token_path(port).exists(), "the token file goes with the daemon"


def test_only_who_can_read_the_token_controls_the_daemon(daemon: int) -> None:
    tf = token_path(daemon)
    assert tf.stat().st_mode & 0o777 == 0o600 and tf.stat().st_uid == 0
    # The daemon's own user: the client finds the token and may do everything.
    with Client(port=daemon) as c:
        c.acquire()
        c.load_profile("streams: [{rate: 1kpps}]\n")
        c.start(count=10)
        c.wait_on_traffic(timeout=10)
    # Anybody else: no token, and nothing but the version.
    # The base interpreter: a virtual environment under target/ need not be readable by nobody.
    python = getattr(sys, "_base_executable", sys.executable)
    out = subprocess.run([*NOBODY, python, "-c", PROBE, str(daemon), str(tf)], capture_output=True, text=True,
                         timeout=30)
    assert out.returncode == 0, out.stderr
    got = json.loads(out.stdout)
    assert got["read_token"] == "PermissionError", got
    assert "methods" not in got["version"]["result"], got["version"]
    for m in ["acquire", "stats", "ports"]:
        assert got[m]["error"]["code"] == -32002, got[m]


def test_unsafe_settings_are_refused_at_start() -> None:
    for args, want in [
        (["--bind", "0.0.0.0:0", "--no-auth"], "only a loopback address may go without a token"),
        (["--token", "short"], "at least 16 characters"),
        # Not unsafe, but refused before anything listens: the daemon's clients choose.
        (["--timestamps", "kernel", "--no-auth"], "--timestamps: the daemon's clients choose per request"),
    ]:
        out = subprocess.run([str(BIN), "serve", "--port", "null", *args], capture_output=True, text=True, timeout=30)
        assert out.returncode == 2, out
        assert want in out.stderr, out.stderr
