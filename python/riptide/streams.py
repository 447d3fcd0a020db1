"""Stream builders mirroring the YAML profile (see docs/profiles.md).

A stream is a plain ``dict`` in the profile schema; a profile is a list of
them. The daemon checks everything, so a mistake comes back as an RpcError
naming the field.
"""

from __future__ import annotations

import json
import os
from typing import Any, Dict, List, Optional, Sequence, Union

Stream = Dict[str, Any]


def stream(
    name: Optional[str] = None,
    packet: Optional[Sequence[Dict[str, Any]]] = None,
    size: Union[int, str, Dict[str, Any]] = 64,
    rate: str = "1kpps",
    mode: Union[str, Dict[str, Any]] = "continuous",
    port: int = 0,
    vars: Optional[Sequence[Dict[str, Any]]] = None,
    **extra: Any,
) -> Stream:
    """A stream; keys as in the YAML profile, unset ones take riptide's defaults."""
    s: Stream = {"size": size, "rate": rate, "mode": mode, "port": port}
    if name is not None:
        s["name"] = name
    if packet is not None:
        s["packet"] = list(packet)
    if vars is not None:
        s["vars"] = list(vars)
    s.update(extra)
    return s


def udp_stream(
    name: Optional[str] = None,
    src: str = "198.18.0.1",
    dst: str = "198.19.0.1",
    sport: int = 1025,
    dport: int = 12,
    **kw: Any,
) -> Stream:
    """Ethernet/IPv4/UDP with riptide's defaults (RFC 2544 addresses)."""
    packet = [{"eth": {}}, {"ipv4": {"src": src, "dst": dst}}, {"udp": {"sport": sport, "dport": dport}}]
    return stream(name=name, packet=packet, **kw)


def profile_text(streams: List[Stream], seed: Optional[int] = None) -> str:
    """The profile as text the daemon loads (JSON is valid YAML)."""
    p: Dict[str, Any] = {"streams": streams}
    if seed is not None:
        p["seed"] = seed
    return json.dumps(p)


def load_py_profile(path: Union[str, "os.PathLike[str]"], **tunables: Any) -> List[Stream]:
    """Runs a Python profile file and returns ``streams(**tunables)`` from it.

    A profile is a plain Python function ``streams(...)`` returning a list of streams
    (TRex's ``get_streams`` idea without the class around it); tunables are its keyword
    arguments. Errors name the file.
    """
    import runpy

    from .errors import RiptideError

    where = str(path)
    try:
        ns = runpy.run_path(where)
    except FileNotFoundError as e:
        raise RiptideError(f"{where}: no such profile") from e
    except Exception as e:  # the file's own error, with its place
        raise RiptideError(f"{where}: {type(e).__name__}: {e}") from e
    fn = ns.get("streams")
    if not callable(fn):
        raise RiptideError(f"{where}: defines no streams(...) function")
    try:
        out = fn(**tunables)
    except Exception as e:  # a wrong tunable, or the function's own failure
        raise RiptideError(f"{where}: streams(): {type(e).__name__}: {e}") from e
    if not isinstance(out, list) or not all(isinstance(x, dict) for x in out):
        raise RiptideError(f"{where}: streams() must return a list of streams (dicts)")
    return out
