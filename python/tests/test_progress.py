"""Progress on long CLI jobs: a bar with the share done and the time left when the output
is a terminal; nothing extra when it is piped (CI), so piped output stays as it was."""

from __future__ import annotations

import os
import pty
import select
import subprocess
import time
from pathlib import Path
from typing import Optional

from daemon_util import BIN

PROFILE = "streams:\n  - {rate: 10kpps}\n"


def on_a_terminal(args: list, argv: Optional[list] = None) -> str:
    """Runs riptide ARGS (or the command `argv`) with stdout and stderr on a
    pseudo-terminal; everything it wrote."""
    master, slave = pty.openpty()
    proc = subprocess.Popen(argv or [str(BIN), *args], stdout=slave, stderr=slave, stdin=subprocess.DEVNULL)
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


def test_pktgen_command_files_get_a_bar_too(tmp_path: Path) -> None:
    flows = (Path(__file__).resolve().parents[2] / "examples" / "pktgen" / "flows.sh").read_text()
    # 1.5 s at 1 Mpps (delay 1000 ns): long enough for the bar's first line.
    script = tmp_path / "long.sh"
    script.write_text(flows.replace("count 100000", "count 1500000"))
    args = ["pktgen", str(script), "--port", "null"]
    shown = on_a_terminal(args)
    assert "ETA" in shown and "%" in shown and "[#" in shown, shown
    assert "Result: OK" in shown, shown
    piped = subprocess.run([str(BIN), *args], capture_output=True, text=True, timeout=60)
    assert piped.returncode == 0, piped.stderr
    assert "Result: OK" in piped.stdout, piped.stdout
    for stream in (piped.stdout, piped.stderr):
        assert "ETA" not in stream and "\r" not in stream and "\x1b" not in stream, stream


def test_sweeps_show_points_done_and_time_left(tmp_path: Path) -> None:
    import io
    import sys

    sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "scripts"))
    from progress import Progress

    out = io.StringIO()
    bar = Progress(4, "runs", out=out, shown=True)
    bar.show("tw at 100 flows")
    assert "[....................]   0% 0/4 runs" in out.getvalue() and "ETA --" in out.getvalue()
    bar.done = 1
    assert bar.line(now=bar.t0 + 10.0).endswith("1/4 runs  10 s  ETA 30 s"), bar.line(now=bar.t0 + 10.0)
    bar.done = 4
    assert bar.line(now=bar.t0 + 8.0).startswith("[" + "#" * 20 + "] 100%")
    bar.clear()
    silent = io.StringIO()
    quiet = Progress(4, out=silent, shown=False)
    quiet.show("x")
    quiet.clear()
    assert silent.getvalue() == ""

    # scale.py on a terminal shows the bar; piped (test_scale.py) it prints only its rows.
    bin_ = str(BIN.resolve())
    script = Path(__file__).resolve().parents[2] / "scripts" / "scale.py"
    text = on_a_terminal([], [sys.executable, str(script), "--out", str(tmp_path), "--cores", "1", "--runs", "1",
                              "--duration", "200ms", "--riptide", bin_, "--no-plot"])
    assert "0/1 core counts" in text and "1 cores" in text and "Mpps" in text, text
