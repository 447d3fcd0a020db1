"""The client: one TCP connection to ``riptide serve``, one JSON object per line."""

from __future__ import annotations

import json
import os
import socket
import threading
import time
import warnings
from pathlib import Path
from typing import Any, Dict, List, Optional, Sequence, Tuple, Union

from .errors import ConnectionFailed, RiptideError, from_error
from .streams import Stream, profile_text

API_MAJOR = 1
"""The API major version this client speaks (see ``api_schema.json``)."""

SCHEMA_PATH = Path(__file__).with_name("api_schema.json")
"""The API's single definition, shared with the daemon."""

DEFAULT_ADDRESS = ("127.0.0.1", 4501)

KEEPALIVE_S = 5.0
"""How often a client that owns the engine pings (the daemon's heartbeat is 30 s)."""

Json = Dict[str, Any]


class State(str):
    """The ``state`` method's answer, ``{state, owner, you}`` (docs/daemon.md).

    It is the run state as a string (``idle``, ``running``, ``paused``, ``finished`` or
    ``stopped``: ``c.state() == "running"`` and ``print(c.state())`` work as on a
    ``str``), and carries the rest of the answer: :attr:`owner` (the session id that owns
    the engine, or None) and :attr:`you` (this session's id). ``st["owner"]`` reads the
    answer's fields by name, as the object the docs describe; :meth:`as_dict` gives it.
    """

    owner: Optional[int]
    you: Optional[int]

    def __new__(cls, answer: Json) -> "State":
        st = super().__new__(cls, str(answer["state"]))
        owner, you = answer.get("owner"), answer.get("you")
        st.owner = None if owner is None else int(owner)
        st.you = None if you is None else int(you)
        return st

    @property
    def state(self) -> str:
        """The run state, as a plain ``str``."""
        return str.__str__(self)

    def as_dict(self) -> Json:
        """The answer as the daemon sent it: ``{"state", "owner", "you"}``."""
        return {"state": self.state, "owner": self.owner, "you": self.you}

    def __getitem__(self, key: Any) -> Any:  # type: ignore[override]
        # By name: the answer's fields; by index or slice: the string's characters.
        if isinstance(key, str):
            return self.as_dict()[key]
        return str.__getitem__(self, key)

    def __repr__(self) -> str:
        return f"State({self.state!r}, owner={self.owner!r}, you={self.you!r})"


def _nanos(seconds: Optional[float]) -> Optional[int]:
    return None if seconds is None else int(round(seconds * 1e9))


def token_path(port: int) -> Path:
    """Where ``riptide serve`` on TCP ``port`` keeps the token it made (the daemon's rule:
    ``/run/riptide`` for root, else ``$XDG_RUNTIME_DIR/riptide`` or ``/tmp/riptide-UID``)."""
    if os.geteuid() == 0:
        base = Path("/run/riptide")
    elif os.environ.get("XDG_RUNTIME_DIR"):
        base = Path(os.environ["XDG_RUNTIME_DIR"]) / "riptide"
    else:
        import tempfile

        base = Path(tempfile.gettempdir()) / f"riptide-{os.getuid()}"
    return base / f"serve-{port}.token"


def _is_loopback(addr: tuple) -> bool:
    import ipaddress

    try:
        return ipaddress.ip_address(addr[0].split("%")[0]).is_loopback
    except ValueError:
        return False


def _find_token(port: int, peer: Optional[tuple] = None) -> Optional[str]:
    """``$RIPTIDE_TOKEN``, else the token file of a local daemon on ``port`` if readable.
    The file is this machine's: it is never sent to a daemon on another host (``peer``,
    the address connected to, not on loopback)."""
    env = os.environ.get("RIPTIDE_TOKEN")
    if env:
        return env
    if peer is not None and not _is_loopback(peer):
        return None
    try:
        return token_path(port).read_text().strip() or None
    except OSError:
        return None


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



class RateShortfall(UserWarning):
    """A stream achieved less than 99% of the rate it asked for (a host too slow for the
    rate, a port that refused frames, workers sharing a core)."""


def shortfalls(stats: Json) -> List[str]:
    """One line per stream of ``stats`` (a snapshot, or :meth:`Client.stop`'s result) that
    achieved less than 99% of its asked rate, in ``riptide run``'s words; empty for a
    simulated or interrupted run."""
    if stats.get("simulated") or stats.get("interrupted"):
        return []
    out = []
    for st in stats.get("streams", []):
        asked, got = st.get("requested_pps"), st.get("achieved_pps")
        if isinstance(asked, (int, float)) and isinstance(got, (int, float)) and 0 < asked < float("inf") \
                and got < 0.99 * asked:
            out.append(f"stream {st.get('name')}: achieved {_pps(got)} of the {_pps(asked)} asked "
                       f"({100 * got / asked:.1f}%)")
    return out


def _pps(v: float) -> str:
    for unit, scale in (("Mpps", 1e6), ("Kpps", 1e3)):
        if v >= scale:
            return f"{v / scale:.2f} {unit}"
    return f"{v:.2f} pps"

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
        self._lock = threading.Lock()
        self._keepalive: Optional[threading.Thread] = None
        self._closed = threading.Event()
        self._max_request = 1 << 20
        info = self.call("version", api_major=API_MAJOR)
        self.server_version: str = info["version"]
        self._max_request = int(info.get("max_request", self._max_request))
        if token is None and info.get("auth_required"):
            token = _find_token(port, self._sock.getpeername())
        if token is not None:
            self.call("auth", token=token)

    # -- plumbing -------------------------------------------------------------

    def call(self, method: str, **params: Any) -> Any:
        """Calls a daemon method with keyword parameters; returns its result."""
        with self._lock:
            self._id += 1
            req = {"jsonrpc": "2.0", "id": self._id, "method": method, "params": params}
            try:
                text = json.dumps(req, allow_nan=False)
            except ValueError as e:
                raise RiptideError(f"{method}: {_not_json(params) or e}") from e
            data = (text + "\n").encode()
            if len(data) > self._max_request:
                raise RiptideError(f"{method}: the request is {len(data)} bytes; the daemon at {self.address} "
                                   f"takes requests of at most {self._max_request} bytes")
            try:
                self._sock.sendall(data)
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
        self._closed.set()
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

    def host(self) -> Json:
        """The daemon host's facts, as every report carries them (API 1.11): ``cpu``,
        ``cores``, ``kernel``, its ports' ``interfaces`` (driver, rings, speed), the latest
        ``calibration`` and ``calibration_lines``."""
        return dict(self.call("host"))

    def acquire(self, force: bool = False) -> None:
        """Takes ownership of the engine (``force`` takes it from another session).

        While this client owns the engine a background thread pings the daemon every few
        seconds: the daemon takes the engine from an owner that falls silent (a frozen
        process) and stops its traffic.
        """
        self.call("acquire", force=force)
        if self._keepalive is None:
            self._keepalive = threading.Thread(target=self._ping_while_open, name="riptide-keepalive", daemon=True)
            self._keepalive.start()

    def _ping_while_open(self) -> None:
        while not self._closed.wait(KEEPALIVE_S):
            try:
                self.call("ping")
            except RiptideError:
                return

    def release(self) -> None:
        """Gives ownership back."""
        self.call("release")

    def load_profile(
        self,
        profile: Union[str, Path],
        *,
        format: str = "yaml",
        latency_pps: Optional[float] = None,
        frame_size: Union[int, str, None] = None,
        bidirectional: bool = False,
        tunables: Optional[Dict[str, Any]] = None,
    ) -> None:
        """Loads a profile file or profile text.

        A TRex Python profile (``.py``) is translated here, as ``riptide run X.py`` does
        (:mod:`riptide.trex`: loaded on each of the daemon's ports, with ``tunables``).

        ``format`` is ``"yaml"`` (a riptide profile) or ``"pktgen"`` (a Linux pktgen
        command script); ``latency_pps`` adds TRex-style latency probes (``riptide run -l``);
        ``frame_size`` (``128``, ``"imix"``) gives every stream that size (a frame-size sweep);
        ``bidirectional`` mirrors the streams of ports 0 and 1 onto each other (API 1.7).
        Streams that leave their MACs unset take the ports' (``riptide serve --config``).
        """
        params: Json = {}
        if format != "yaml":
            params["format"] = format
        if latency_pps is not None:
            params["latency_pps"] = latency_pps
        if frame_size is not None:
            params["frame_size"] = frame_size
        if bidirectional:
            params["bidirectional"] = True
        if str(profile).endswith(".py") and "\n" not in str(profile):
            from .trex.convert import to_profile

            text = json.dumps(to_profile(str(profile), max(1, len(self.ports())), tunables))
            self.call("load_profile", text=text, source=f"{profile} (translated from TRex)", **params)
            return
        if tunables:
            raise ValueError("tunables are for TRex Python profiles (.py)")
        suffixes = (".yaml", ".yml", ".json", ".sh", ".pgset", ".pktgen")
        if isinstance(profile, Path) or (isinstance(profile, str) and "\n" not in profile and profile.endswith(suffixes)):
            path = Path(profile)
            self.call("load_profile", text=path.read_text(), source=str(path), **params)
        else:
            self.call("load_profile", text=str(profile), source="<python>", **params)

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
        total: bool = False,
        pin: Optional[Sequence[int]] = None,
        core_mask: Optional[str] = None,
        realtime: bool = False,
        segment: Optional[Tuple[int, int]] = None,
    ) -> None:
        """Starts the loaded streams: for ``duration`` seconds and/or ``count`` packets.

        ``at``: a wall-clock time (``time.time()`` seconds) to begin at, 1 ms to 60 s ahead;
        :class:`riptide.Cluster` uses it to start several daemons together. ``total``: a
        total-rate ``mult`` (``"10mpps"``) is the sum over the sending ports, split evenly
        (TRex's ``--total``), instead of each port's rate. ``pin``: cores to pin the
        workers on, one each (``[2, 3]``); ``cores`` is then their number. ``core_mask``:
        ``"split"`` (the default: every worker sends a share of every port's streams) or
        ``"pin"`` (the workers are divided between the sending ports), as TRex's.
        ``realtime``: the workers at real-time priority (SCHED_FIFO), so a busy host does
        not bend their schedule (each port's ``pacing`` in the stats shows how well).
        ``segment``: ``(i, n)``, send only share ``i`` (from 0) of ``n`` of the run, for
        ``n`` generators that together send the profile (``riptide run --segment I/N``;
        :meth:`riptide.Cluster.start` with ``segmented=True`` gives each daemon its own).
        """
        params: Json = {"multiplier": mult, "cores": cores}
        if segment is not None:
            i, n = segment
            params["segment"] = {"index": int(i), "count": int(n)}
        if pin is not None:
            params["pin"] = [int(c) for c in pin]
            params["cores"] = len(params["pin"])
        if total:
            params["total"] = True
        if core_mask is not None:
            params["core_mask"] = core_mask
        if realtime:
            params["realtime"] = True
        if at is not None:
            params["at_unix_ns"] = int(round(at * 1e9))
        if duration is not None:
            params["duration"] = _nanos(duration)
        if count is not None:
            params["count"] = count
        self.call("start", **params)

    def state(self) -> "State":
        """The daemon's ``state`` answer (docs/daemon.md): a :class:`State`, the run state
        (``idle``, ``running``, ``paused``, ``finished`` or ``stopped``) as a string, with
        the engine's ``owner`` and this session's id ``you``."""
        return State(self.call("state"))

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
        """Stops traffic; returns the final stats. A stream that fell short of its asked
        rate by more than 1% is reported as a :class:`RateShortfall` warning, as
        ``riptide run`` prints it (:func:`shortfalls` gives the same lines)."""
        final = dict(self.call("stop"))
        for line in shortfalls(final):
            warnings.warn(line, RateShortfall, stacklevel=2)
        return final

    def pause(self) -> None:
        """Pauses transmission."""
        self.call("pause")

    def resume(self) -> None:
        """Resumes after a pause."""
        self.call("resume")

    def trial(self, duration: float, load: float, cores: int = 1) -> Json:
        """One throughput-search trial on the loaded profile (API 1.7): ``load`` frames/s
        summed over the sending ports for ``duration`` seconds, counted as ``riptide ndr``
        counts it: ``intended_count``, ``offered_count``, ``forwarded_count``, ``lost``,
        ``generator_limited``, ... (:meth:`ndr_start` runs a whole search in the daemon).
        """
        return dict(self.call("trial", duration=duration, load=load, cores=cores))

    def ndr_start(self, **options: Any) -> int:
        """Starts the daemon's throughput search (API 1.11; pacing options 1.12): ``riptide ndr``'s options by
        their names (``goals="ndr=0,pdr=0.5%"``, ``min_load="5kpps"`` or frames/s,
        ``trial="0.5s"`` or seconds, ``frame_sizes``, ``latency``, ``simulate``, ...), on
        the loaded profile unless ``profile`` (YAML text) is given; returns the search's
        number (:func:`riptide.methodology.ndr` follows it to its end).
        """
        return int(self.call("ndr_start", **options)["search"])

    def b2b_start(self, **options: Any) -> int:
        """Starts RFC 9004's back-to-back frames test on the daemon's ports (API 1.17):
        ``riptide b2b``'s options by their names (``throughput="1mpps"``, frames/s or
        ``"64=1mpps,1518=800kpps"``; ``frame_sizes``, ``repetitions``,
        ``max_burst_time="1s"`` or seconds, ``step``, ``verify``, ``idle``, ``actual_rate``,
        ``bidirectional``, ``cores``, ``realtime``), on the loaded profile unless ``profile``
        is given; returns its number (:func:`riptide.methodology.b2b` follows it to its
        end).
        """
        return int(self.call("b2b_start", **options)["search"])

    def rfc2889_start(self, test: str, **options: Any) -> int:
        """Starts RFC 2889's ``test`` (``"caching"`` or ``"learning"``) on the daemon's three
        ports (test, learning, monitor; API 1.14): ``riptide rfc2889``'s options by their
        names (``addresses``, ``min_addresses``, ``learn_rate="10kpps"`` or frames/s,
        ``min_rate``, ``resolution``, ``test_rate``, ``size``, ``mac``, ``settle``,
        ``realtime``) and ``flush`` (``"lab"``, the default, or ``"none"``); returns its
        number (:func:`riptide.methodology.rfc2889` follows it to its end).
        """
        return int(self.call("rfc2889_start", test=test, **options)["search"])

    def rfc9411_start(self, test: str, **options: Any) -> int:
        """Starts RFC 9411's ``test`` (``"concurrent"``, ``"cps"``, ``"throughput"`` or
        ``"latency"``) on the daemon's ports (client's, then server's; API 1.15):
        ``riptide rfc9411``'s options by their names (``max_cps``, ``cps``,
        ``object_sizes="1k,64k"``, ``ramp_up="10s"`` or seconds, ``sustain``, ...) and
        ``flush`` (``"lab"``, the default, or ``"none"``); returns its number
        (:func:`riptide.methodology.rfc9411` follows it to its end).
        """
        return int(self.call("rfc9411_start", test=test, **options)["search"])

    def soak_start(self, **options: Any) -> int:
        """Starts the daemon's soak (API 1.12): ``riptide soak``'s options by their names
        (``load="50kpps"`` or frames/s, ``duration="1h"`` or seconds, ``interval``,
        ``latency``, ``realtime``; or the soak search, API 1.13: ``plr=True``,
        ``target_loss``, ``min_load``, ``max_load``, ``trial_step``, ``samples``), on the
        loaded profile unless ``profile`` is given; returns
        its number, which :meth:`ndr_progress`, :meth:`ndr_cancel` and :meth:`ndr_results`
        follow (:func:`riptide.methodology.soak` follows it to its end).
        """
        return int(self.call("soak_start", **options)["search"])

    def ndr_progress(self, search: int, since: int = 0) -> Json:
        """A search's ``state`` and the trials it ended from event ``since`` on (``events``,
        ``next``: where to ask from next time)."""
        return dict(self.call("ndr_progress", search=search, since=since))

    def ndr_cancel(self, search: int) -> Json:
        """Ends a search without a result; answers once it has ended."""
        return dict(self.call("ndr_cancel", search=search))

    def ndr_results(self, search: int, files: bool = False) -> Json:
        """An ended search's ``report`` (``riptide ndr --json``'s object) and, with ``files``,
        every file ``riptide ndr --out`` writes, base64 by name."""
        return dict(self.call("ndr_results", search=search, files=files))

    def update(self, mult: Union[str, float]) -> None:
        """Changes the rate of running traffic: a factor or ``"10mpps"``, ``"50%"``..."""
        self.call("update", multiplier=mult)

    def get_stats(self) -> Json:
        """Counters and rates: ``ports``, ``streams``, ``workers``, ``duration_s``."""
        return dict(self.call("stats"))

    def clear_stats(self) -> None:
        """Restarts the counters the next snapshots report."""
        self.call("clear_stats")

    def stf_start(self, path: Union[str, Path], *, upload: bool = False, **opts: Any) -> None:
        """Starts a stateful run of a cap2 profile on the daemon's ports; ``multiplier``,
        ``duration``, ``count``, ``active_flows``, ``scheduler`` (``tw``/``pq``) and
        ``cores`` as in ``riptide run-stf``.

        ``path`` is relative to the daemon's ``--data-dir``; with ``upload=True`` it is a
        file here, and the client sends the profile and the pcaps it names (found beside
        it) with the request."""
        if not upload:
            self.call("stf_start", path=str(path), **opts)
            return
        import base64
        import re

        prof = Path(path)
        text = prof.read_text()
        pcaps = {}
        for name in re.findall(r"^\s*-?\s*name\s*:\s*['\"]?([^'\"#\n]+?)['\"]?\s*(?:#.*)?$", text, re.M):
            f = prof.parent / name
            if f.is_file():
                pcaps[name] = base64.b64encode(f.read_bytes()).decode()
        self.call("stf_start", profile=text, pcaps=pcaps, **opts)

    def tcp_start(self, text: str, *, name: str = "<python>", **opts: Any) -> None:
        """Starts a TCP run (API 1.8) of a TCP profile's YAML ``text`` (docs/tcp.md) on the
        daemon's ports; ``multiplier``, ``duration`` (s), ``cores``, ``limit``, and (API 1.18)
        ``concurrent`` and ``max_conns`` as in ``riptide tcp``. ``stats()`` and ``stop()``
        carry its counters under ``tcp``."""
        self.call("tcp_start", text=text, name=name, **{k: v for k, v in opts.items() if v is not None})

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


def _not_json(value: Any, path: str = "") -> Optional[str]:
    """Where `value` holds a number JSON has no spelling for (NaN, infinity), if anywhere."""
    if isinstance(value, float) and (value != value or value in (float("inf"), float("-inf"))):
        return f"{path or 'value'} is {value!r}: JSON has no such number"
    if isinstance(value, dict):
        for k, v in value.items():
            found = _not_json(v, f"{path}.{k}" if path else str(k))
            if found:
                return found
    if isinstance(value, (list, tuple)):
        for i, v in enumerate(value):
            found = _not_json(v, f"{path}[{i}]")
            if found:
                return found
    return None
