"""The client: one TCP connection to ``riptide serve``, one JSON object per line."""

from __future__ import annotations

import json
import os
import socket
import time
from pathlib import Path
from typing import Any, Dict, List, Optional, Sequence, Union

from .errors import ConnectionFailed, RiptideError, from_error
from .streams import Stream, profile_text

API_MAJOR = 1
"""The API major version this client speaks (see ``api_schema.json``)."""

SCHEMA_PATH = Path(__file__).with_name("api_schema.json")
"""The API's single definition, shared with the daemon."""

DEFAULT_ADDRESS = ("127.0.0.1", 4501)

Json = Dict[str, Any]


def _nanos(seconds: Optional[float]) -> Optional[int]:
    return None if seconds is None else int(round(seconds * 1e9))


def _connect_in_netns(netns: str, host: str, port: int, timeout: float) -> socket.socket:
    """Connects from inside network namespace ``netns`` (``/var/run/netns/NAME``, root).

    Only the calling thread switches namespace, and only while the socket is made; a
    socket stays in the namespace it was created in.
    """
    import ctypes

    libc = ctypes.CDLL(None, use_errno=True)
    clone_newnet = 0x40000000
    own = os.open("/proc/thread-self/ns/net", os.O_RDONLY)
    try:
        target = os.open(f"/var/run/netns/{netns}", os.O_RDONLY)
    except OSError as e:
        os.close(own)
        raise ConnectionFailed(f"network namespace {netns!r}: {e}") from e
    try:
        if libc.setns(target, clone_newnet) != 0:
            raise ConnectionFailed(f"setns({netns}): {os.strerror(ctypes.get_errno())} (needs root)")
        try:
            return socket.create_connection((host, port), timeout=timeout)
        finally:
            if libc.setns(own, clone_newnet) != 0:
                raise RuntimeError(f"could not return from namespace {netns}: {os.strerror(ctypes.get_errno())}")
    finally:
        os.close(target)
        os.close(own)


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
        netns: Optional[str] = None,
    ) -> None:
        where = f"{host}:{port}" + (f" in namespace {netns}" if netns else "")
        try:
            if netns is None:
                self._sock = socket.create_connection((host, port), timeout=timeout)
            else:
                self._sock = _connect_in_netns(netns, host, port, timeout)
        except OSError as e:
            raise ConnectionFailed(f"cannot reach riptide at {where}: {e}") from e
        self.address = where
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

    def add_streams(self, streams: List[Stream], seed: Optional[int] = None) -> int:
        """Adds streams built with :func:`riptide.stream` to the loaded ones; returns how many are loaded.

        Unnamed streams are named ``s<N>`` by the daemon (see :meth:`list_streams`).
        """
        params: Json = {"streams": list(streams)}
        if seed is not None:
            params["seed"] = seed
        return int(self.call("add_streams", **params)["streams"])

    def reset(self) -> None:
        """Stops traffic and removes every loaded stream (like TRex's ``reset``)."""
        if self.state() in ("running", "paused", "finished"):
            self.stop()
        names = [str(s["name"]) for s in self.list_streams()]
        if names:
            self.remove_streams(names)

    def remove_streams(self, names: Sequence[str]) -> int:
        """Removes the named streams; returns how many are left."""
        return int(self.call("remove_streams", names=list(names))["streams"])

    def list_streams(self) -> List[Stream]:
        """The loaded streams, as the daemon holds them."""
        return list(self.call("list_streams")["streams"])

    def schema(self) -> Json:
        """The daemon's API schema (the same file as :data:`SCHEMA_PATH` for this version)."""
        return dict(self.call("schema"))

    def start(
        self,
        duration: Optional[float] = None,
        count: Optional[int] = None,
        mult: Union[str, float] = 1,
        cores: int = 1,
        at: Optional[float] = None,
    ) -> None:
        """Starts the loaded streams: for ``duration`` seconds and/or ``count`` packets.

        ``at``: a wall-clock time (``time.time()`` seconds) to begin at, 1 ms to 60 s ahead;
        :class:`riptide.Cluster` uses it to start several daemons together.
        """
        params: Json = {"multiplier": mult, "cores": cores}
        if at is not None:
            params["at_unix_ns"] = int(round(at * 1e9))
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

    def stf_start(self, path: Union[str, Path], **opts: Any) -> None:
        """Starts a stateful run of the cap2 profile at ``path`` (on the daemon's host) on
        the daemon's ports; ``multiplier``, ``duration``, ``active_flows``, ``scheduler``
        (``tw``/``pq``) and ``cores`` as in ``riptide run-stf``."""
        self.call("stf_start", path=str(path), **opts)

    def stf_stats(self) -> Json:
        """The stateful run's live TRex counters (``m_active_flows``...) and ``state``."""
        return dict(self.call("stf_stats"))

    def stf_wait(self, timeout: Optional[float] = None, poll: float = 0.05) -> Json:
        """Waits for the stateful run to finish, then collects its report (as ``stf_stop``)."""
        deadline = None if timeout is None else time.monotonic() + timeout
        while self.stf_stats()["state"] == "running":
            if deadline is not None and time.monotonic() > deadline:
                raise RiptideError(f"stateful run still going after {timeout} s")
            time.sleep(poll)
        return self.stf_stop()

    def stf_stop(self) -> Json:
        """Stops the stateful run (or collects a finished one); its report, as ``run-stf --json``."""
        return dict(self.call("stf_stop"))
