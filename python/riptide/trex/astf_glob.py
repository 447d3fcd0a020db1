"""TRex's ASTF tunables: ``ASTFGlobalInfo`` (a profile's, per side) and
``ASTFGlobalInfoPerTemplate`` (one template's), set as attributes in groups::

    info = ASTFGlobalInfo()
    info.tcp.mss = 1400
    info.ipv6.src_msb = "ff02::"
    info.scheduler.rampup_sec = 3

written out as ``{"tcp": {"mss": 1400}, "ipv6": {"src_msb": [255, 2, 0, ...]}, ...}``.
As TRex's: a group appears, in the order first named, once it is named (even only read);
a value is an ``int`` (a ``bool`` is refused), an IPv6 address is its 16 bytes as
numbers; a name TRex does not know is an ``AttributeError``.
"""

from __future__ import annotations

import socket
from typing import Any, Dict

from .errors import ASTFError

#: A tunable's kind: "int", or "ipv6" (an address, written as its 16 bytes).
_IPV6 = {"src_msb": "ipv6", "dst_msb": "ipv6", "enable": "int"}
_IP = {"tos": "int", "ttl": "int", "dont_use_inbound_mac": "int"}


def _ints(*names: str) -> Dict[str, str]:
    return {n: "int" for n in names}


class _Group:
    """One group of tunables (``tcp``, ``ip``, ...)."""

    def __init__(self, name: str, params: Dict[str, str]) -> None:
        object.__setattr__(self, "_name", name)
        object.__setattr__(self, "_params", params)
        object.__setattr__(self, "_values", {})

    def __setattr__(self, key: str, val: Any) -> None:
        kind = self._params.get(key)
        if kind is None:
            raise AttributeError(f"{self._name} has no tunable '{key}' (it has {', '.join(self._params)})")
        if kind == "ipv6":
            if type(val) is not str:
                raise AttributeError(f"{self._name}.{key} should be an IPv6 address string, not {val!r}")
            try:
                val = list(socket.inet_pton(socket.AF_INET6, val))
            except OSError:
                raise ASTFError(f"{self._name}.{key}: '{val}' is not an IPv6 address") from None
        elif type(val) is not int:
            raise AttributeError(f"{self._name}.{key} should be an int, not {val!r}")
        self._values[key] = val

    def __getattr__(self, key: str) -> Any:
        if key.startswith("_"):
            raise AttributeError(key)
        if key not in self._params:
            raise AttributeError(f"{self._name} has no tunable '{key}' (it has {', '.join(self._params)})")
        if key not in self._values:
            raise AttributeError(f"{self._name}.{key} is not set")
        return self._values[key]

    def to_json(self) -> Dict[str, Any]:
        return dict(self._values)


class _GlobalInfo:
    _NAME = ""
    _GROUPS: Dict[str, Dict[str, str]] = {}

    def __init__(self) -> None:
        object.__setattr__(self, "_groups", {})

    def __getattr__(self, group: str) -> _Group:
        if group.startswith("_"):
            raise AttributeError(group)
        if group not in self._GROUPS:
            raise AttributeError(f"{self._NAME} has no group '{group}' (it has {', '.join(self._GROUPS)})")
        groups: Dict[str, _Group] = self._groups
        if group not in groups:
            groups[group] = _Group(f"{self._NAME}.{group}", self._GROUPS[group])
        return groups[group]

    def __setattr__(self, group: str, val: Any) -> None:
        if group in self._GROUPS:
            raise AttributeError(f"{group} in {self._NAME} should be followed by one of {', '.join(self._GROUPS[group])}"
                                 f" ({group}.NAME = value)")
        raise AttributeError(f"{group} is not part of valid params ({self._NAME} has {', '.join(self._GROUPS)})")

    def to_json(self) -> Dict[str, Any]:
        return {name: g.to_json() for name, g in self._groups.items()}


class ASTFGlobalInfo(_GlobalInfo):
    """A profile's tunables for one side (``default_c_glob_info`` / ``default_s_glob_info``)."""

    _NAME = "GlobalInfo"
    _GROUPS = {
        "scheduler": _ints("rampup_sec"),
        "ipv6": _IPV6,
        "tcp": _ints("mss", "initwnd", "rxbufsize", "txbufsize", "rexmtthresh", "do_rfc1323", "keepinit", "keepidle",
                     "keepintvl", "blackhole", "delay_ack_msec", "no_delay", "no_delay_counter", "do_sack", "do_ecn",
                     "cc_algo", "reass_maxqlen"),
        "ip": _IP,
    }


class ASTFGlobalInfoPerTemplate(_GlobalInfo):
    """One template's tunables (a template's or cap's ``glob_info``)."""

    _NAME = "GlobalInfoPerTemplate"
    _GROUPS = {
        "tcp": _ints("initwnd", "mss", "no_delay", "rxbufsize", "txbufsize", "no_delay_counter"),
        "ip": _IP,
        "ipv6": _IPV6,
    }
