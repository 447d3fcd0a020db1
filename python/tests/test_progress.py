"""Progress on long CLI jobs: a bar with the share done and the time left when the output
is a terminal; nothing extra when it is piped (CI), so piped output stays as it was."""

from __future__ import annotations

import os
import pty
import select
import subprocess
import time
from pathlib import Path

from daemon_util import BIN

PROFILE = "streams:\n  - {rate: 10kpps}\n"


def on_a_terminal(args: list) -> str:
    """Runs riptide with stdout and stderr on a pseudo-terminal; everything it wrote."""
    master, slave = pty.openpty()
    proc = subprocess.Popen([str(BIN), *args], stdout=slave, stderr=slave, stdin=subprocess.DEVNULL)
    os.close(slave)
    out = b""
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        r, _, _ = select.select([master], [], [], 0.5)
        if r:
            try:
                chunk = os.read(master, 65536)
            except OSError:
                break
            if not chunk:
                break
            out += chunk
        elif proc.poll() is not None:
            break
    proc.wait(timeout=10)
    os.close(master)
    assert proc.returncode == 0, out.decode(errors="replace")
    return out.decode(errors="replace")


def test_a_terminal_gets_a_bar_and_a_pipe_gets_nothing_extra(tmp_path: Path) -> None:
    prof = tmp_path / "p.yaml"
    prof.write_text(PROFILE)
    args = ["run", str(prof), "--port", "null", "-d", "2s"]
    shown = on_a_terminal(args)
    assert "ETA" in shown and "%" in shown and "[#" in shown, shown
    piped = subprocess.run([str(BIN), *args], capture_output=True, text=True, timeout=60)
    assert piped.returncode == 0, piped.stderr
    for stream in (piped.stdout, piped.stderr):
        assert "ETA" not in stream and "\r" not in stream and "\x1b" not in stream, stream
    # Piped output of a virtual-time run is the same bytes run after run.
    pcap_args = ["run", str(prof), "--port", f"pcap:{tmp_path / 'o.pcap'}", "-n", "50000"]
    a = subprocess.run([str(BIN), *pcap_args], capture_output=True, timeout=60)
    b = subprocess.run([str(BIN), *pcap_args], capture_output=True, timeout=60)
    assert a.returncode == 0 and (a.stdout, a.stderr) == (b.stdout, b.stderr)
