"""TRex's argument rules for the ASTF API, and errors naming the profile line.

TRex checks an argument's type (``isinstance``: a ``bool`` is an ``int``), that a
required one is given, and for a list argument that it is a non-empty list of that type;
an address argument passes ``inet_aton`` (so ``10.1`` does), a range's ends are compared
as dotted quads. An error raised here names the profile line running now
(:func:`riptide.trex.hook.where`).
"""

from __future__ import annotations

import socket
from typing import Any, List, Tuple, Union

from .errors import ASTFError
from .hook import where


def error(msg: str) -> ASTFError:
    """An error at the profile line running now."""
    return ASTFError(msg, where())


def listify(x: Any) -> List[Any]:
    """A list or tuple as a list, anything else as a list of it."""
    return list(x) if isinstance(x, (list, tuple)) else [x]


def _type_names(types: Tuple[type, ...]) -> str:
    return " or ".join(t.__name__ for t in types)


def check(owner: str, name: str, value: Any, types: Union[type, Tuple[type, ...]], must: bool = True,
          many: bool = False) -> None:
    """TRex's argument rule: ``value`` is one of ``types`` (or, with ``many``, a non-empty
    list of them); None only where the argument is optional."""
    types = types if isinstance(types, tuple) else (types,)
    if value is None:
        if must:
            raise error(f"{owner}: {name} is required")
        return
    items = value if many and isinstance(value, (list, tuple)) else [value]
    if not items:
        raise error(f"{owner}: {name} is an empty list")
    for v in items:
        if not isinstance(v, types):
            raise error(f"{owner}: {name} must be {_type_names(types)}{' (or a list of them)' if many else ''}, "
                         f"not {type(v).__name__} {v!r}")


def is_ipv4(text: Any) -> bool:
    """TRex's test of an address argument (``inet_aton``: ``10.1`` passes)."""
    try:
        socket.inet_aton(text)
        return True
    except (OSError, TypeError):
        return False


def check_ip(owner: str, name: str, value: Any) -> None:
    """An optional address argument."""
    if value is not None and not is_ipv4(value):
        raise error(f"{owner}: {name} {value!r} is not an IPv4 address")


def ip2int(owner: str, text: str) -> int:
    """A dotted quad as a number (TRex compares range ends so)."""
    try:
        return int.from_bytes(socket.inet_pton(socket.AF_INET, text), "big")
    except OSError:
        raise error(f"{owner}: '{text}' is not a dotted-quad IPv4 address") from None


def ascii_bytes(owner: str, buf: Union[bytes, str]) -> bytes:
    """A buffer argument as bytes: bytes as they are, a str if ASCII."""
    if isinstance(buf, bytes):
        return buf
    try:
        return buf.encode("ascii")
    except UnicodeEncodeError:
        raise error(f"{owner}: a str buffer must hold ASCII only (give bytes for anything else)") from None
