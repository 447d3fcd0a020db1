"""The client: one TCP connection to ``riptide serve``, one JSON object per line."""

from __future__ import annotations

import json
import socket
import time
from pathlib import Path
from typing import Any, Dict, List, Optional, Union

from .errors import ConnectionFailed, RiptideError, from_error
from .streams import Stream, profile_text

API_MAJOR = 1
DEFAULT_ADDRESS = ("127.0.0.1", 4501)

Json = Dict[str, Any]


def _nanos(seconds: Optional[float]) -> Optional[int]:
    return None if seconds is None else int(round(seconds * 1e9))


class Client:
    """A session with a riptide daemon.

    Methods map one to one onto the daemon's JSON-RPC methods; each raises an
    :class:`~riptide.errors.RpcError` subclass when the daemon refuses.
    """

    def __init__(
        self,
        host: str = DEFAULT_ADDRESS[0],
        port: int = DEFAULT_ADDRESS[1],
        token: Optional[str] = None,
        timeout: float = 30.0,
    ) -> None:
        try:
            self._sock = socket.create_connection((host, port), timeout=timeout)
        except OSError as e:
            raise ConnectionFailed(f"cannot reach riptide at {host}:{port}: {e}") from e
        self._sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
        self._reader = self._sock.makefile("rb")
        self._id = 0
        info = self.call("version", api_major=API_MAJOR)
        self.server_version: str = info["version"]
        if token is not None:
            self.call("auth", token=token)

    # -- plumbing -------------------------------------------------------------

    def call(self, method: str, **params: Any) -> Any:
        """Calls a daemon method with keyword parameters; returns its result."""
        self._id += 1
        req = {"jsonrpc": "2.0", "id": self._id, "method": method, "params": params}
        try:
            self._sock.sendall((json.dumps(req) + "\n").encode())
            line = self._reader.readline()
        except OSError as e:
            raise ConnectionFailed(f"{method}: connection to riptide broke: {e}") from e
        if not line:
            raise ConnectionFailed(f"{method}: riptide closed the connection")
        reply = json.loads(line)
        if "error" in reply:
            err = reply["error"]
            raise from_error(int(err["code"]), str(err["message"]), method)
        return reply["result"]

    def close(self) -> None:
        """Closes the session (owned traffic stops after the daemon's owner timeout)."""
        try:
            self._reader.close()
            self._sock.close()
        except OSError:
            pass

    def __enter__(self) -> "Client":
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    # -- the API --------------------------------------------------------------

    def ports(self) -> List[Json]:
        """The daemon's ports: index, name, driver, line rate."""
        return list(self.call("ports"))

    def acquire(self, force: bool = False) -> None:
        """Takes ownership of the engine (``force`` takes it from another session)."""
        self.call("acquire", force=force)

    def release(self) -> None:
        """Gives ownership back."""
        self.call("release")

    def load_profile(self, profile: Union[str, Path]) -> None:
        """Loads a profile file (YAML) or profile text."""
        if isinstance(profile, Path) or (isinstance(profile, str) and "\n" not in profile and profile.endswith((".yaml", ".yml", ".json"))):
            path = Path(profile)
            self.call("load_profile", text=path.read_text(), source=str(path))
        else:
            self.call("load_profile", text=str(profile), source="<python>")

    def add_streams(self, streams: List[Stream], seed: Optional[int] = None) -> None:
        """Loads streams built with :func:`riptide.stream` (replaces the loaded profile)."""
        self.call("load_profile", text=profile_text(streams, seed), source="<python>")

    def start(
        self,
        duration: Optional[float] = None,
        count: Optional[int] = None,
        mult: Union[str, float] = 1,
        cores: int = 1,
    ) -> None:
        """Starts the loaded streams: for ``duration`` seconds and/or ``count`` packets."""
        params: Json = {"multiplier": mult, "cores": cores}
        if duration is not None:
            params["duration"] = _nanos(duration)
        if count is not None:
            params["count"] = count
        self.call("start", **params)

    def state(self) -> str:
        """``idle``, ``running``, ``paused``, ``finished`` or ``stopped``."""
        return str(self.call("state")["state"])

    def wait_on_traffic(self, timeout: Optional[float] = None, poll: float = 0.05) -> None:
        """Waits until every worker has finished (a bounded run), then stops."""
        deadline = None if timeout is None else time.monotonic() + timeout
        while self.state() in ("running", "paused"):
            if deadline is not None and time.monotonic() > deadline:
                raise RiptideError(f"traffic still running after {timeout} s")
            time.sleep(poll)
        if self.state() == "finished":
            self.stop()

    def stop(self) -> Json:
        """Stops traffic; returns the final stats."""
        return dict(self.call("stop"))

    def pause(self) -> None:
        """Pauses transmission."""
        self.call("pause")

    def resume(self) -> None:
        """Resumes after a pause."""
        self.call("resume")

    def update(self, mult: Union[str, float]) -> None:
        """Changes the rate of running traffic: a factor or ``"10mpps"``, ``"50%"``..."""
        self.call("update", multiplier=mult)

    def get_stats(self) -> Json:
        """Counters and rates: ``ports``, ``streams``, ``workers``, ``duration_s``."""
        return dict(self.call("stats"))

    def clear_stats(self) -> None:
        """Restarts the counters the next snapshots report."""
        self.call("clear_stats")
