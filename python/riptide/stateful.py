"""The stateful runner: TRex's STF client flow (start, sample until finish, read values).

TRex's stateful Python API starts the TRex process with its arguments, samples its
global counters until it ends, and hands back a result whose ``get_value_list``
gives one counter's history. ``StatefulRunner`` does the same with the daemon's
``stf_start`` (the run on ``riptide serve``'s ports, the profile and its pcaps sent with
the request), or, without a client, with ``riptide run-stf`` as a process of its own
(TRex's way: the runner starts the generator):

    from riptide import Client, StatefulRunner

    with Client() as c:
        c.acquire()
        runner = StatefulRunner(client=c)
        runner.start("profiles/stf/udp10.yaml", d=5, m=10, active_flows=1000)
        result = runner.sample_until_finish()
    print(result.get_value_list("m_tx_pps"), result.get_last_value("m_active_flows"))

Both give the same report (the engine's ``StfReport``: ``run-stf --json`` prints it, the
daemon's ``stf_stop`` returns it).
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
from pathlib import Path
from typing import TYPE_CHECKING, Any, Dict, List, Optional, Sequence

from .errors import RiptideError

if TYPE_CHECKING:
    from .client import Client


def _binary() -> str:
    env = os.environ.get("RIPTIDE_BIN")
    if env:
        return env
    found = shutil.which("riptide")
    if found:
        return found
    local = Path(__file__).resolve().parents[2] / "target" / "release" / "riptide"
    if local.exists():
        return str(local)
    raise RiptideError("riptide binary not found: set RIPTIDE_BIN or put riptide on PATH")


class StatefulResult:
    """A finished stateful run: the final counters and the per-second series."""

    def __init__(self, data: Dict[str, Any]) -> None:
        self.data = data
        self.series: List[Dict[str, Any]] = list(data.get("series", []))

    def get_value_list(self, key: str) -> List[Any]:
        """One counter's history, one value per second (TRex's ``get_value_list``)."""
        if self.series and key not in self.series[0]:
            raise KeyError(f"{key!r} is not sampled (have: {sorted(self.series[0])})")
        return [s[key] for s in self.series]

    def get_last_value(self, key: str) -> Any:
        """The final value of a counter (``m_tx_pps``, ``m_cpu_util``, ...)."""
        if key not in self.data:
            raise KeyError(f"{key!r} is not in the result (have: {sorted(self.data)})")
        return self.data[key]

    def get_avg_value(self, key: str) -> float:
        values = self.get_value_list(key)
        return sum(values) / len(values) if values else 0.0


class StatefulRunner:
    """Runs a stateful run and collects its counters (TRex's STF client flow): on the
    daemon of ``client`` (which must own the engine), else as ``riptide run-stf``."""

    def __init__(self, binary: Optional[str] = None, client: Optional["Client"] = None) -> None:
        self.client = client
        self.binary = binary if client is not None else (binary or _binary())
        self._proc: Optional[subprocess.Popen[str]] = None
        self._running = False

    def start(
        self,
        profile: str,
        ports: Sequence[str] = ("null",),
        d: Optional[float] = None,
        m: float = 1.0,
        active_flows: Optional[int] = None,
        scheduler: str = "tw",
        netns: Optional[str] = None,
    ) -> None:
        """Starts a run (``-d`` seconds, ``-m`` CPS multiplier, ``--active-flows``); with a
        client, on the daemon's ports (``ports`` and ``netns`` are the daemon's own)."""
        if self._proc is not None or self._running:
            raise RiptideError("a run is already going: sample_until_finish() first")
        if self.client is not None:
            opts: Dict[str, Any] = {"multiplier": m, "scheduler": scheduler}
            if d is not None:
                opts["duration"] = d
            if active_flows is not None:
                opts["active_flows"] = active_flows
            self.client.stf_start(profile, upload=True, **opts)
            self._running = True
            return
        cmd = [self.binary, "run-stf", str(profile), "--json", "-m", str(m), "--scheduler", scheduler]
        for p in ports:
            cmd += ["--port", p]
        if d is not None:
            cmd += ["-d", str(d)]
        if active_flows is not None:
            cmd += ["--active-flows", str(active_flows)]
        if netns is not None:
            cmd += ["--netns", netns]
        self._proc = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)

    def sample_until_finish(self, timeout: Optional[float] = None) -> StatefulResult:
        """Waits for the run to end; its result (raises with riptide's message on failure)."""
        if self._running and self.client is not None:
            self._running = False
            try:
                return StatefulResult(self.client.stf_wait(timeout=timeout))
            except RiptideError:
                self.client.stf_stop()
                raise
        if self._proc is None:
            raise RiptideError("nothing started")
        proc, self._proc = self._proc, None
        try:
            out, err = proc.communicate(timeout=timeout)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.communicate()
            raise RiptideError(f"stateful run still going after {timeout} s; killed")
        if proc.returncode != 0:
            raise RiptideError(err.strip() or f"riptide run-stf exited with {proc.returncode}")
        return StatefulResult(json.loads(out))
