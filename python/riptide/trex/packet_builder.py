"""TRex's ``trex.stl.trex_stl_packet_builder_scapy`` as profiles import it: riptide's
stateless API (:mod:`riptide.trex.stl`, its ``STLPktBuilder`` and field-engine names) and
the two address helpers TRex re-exports there from ``trex.utils.common`` (TRex's ASTF
sample res.py takes ``ip2int`` and ``int2ip`` from it)."""

from __future__ import annotations

import socket
import struct

from .errors import TRexError
from .stl import *  # noqa: F401,F403 (the module's names, as TRex's re-exports them)


def ip2int(ip: str) -> int:
    """An IPv4 address's number (TRex's ``ip2int``: a bad address is a TRexError)."""
    try:
        return struct.unpack("!I", socket.inet_pton(socket.AF_INET, ip))[0]
    except (OSError, TypeError) as e:
        raise TRexError(f"{ip!r} is not a valid IPv4 address") from e


def int2ip(val: int) -> str:
    """The dotted IPv4 address of a number (TRex's ``int2ip``: the low 32 bits, byte by byte)."""
    parts = []
    for _ in range(4):
        val, char = divmod(val, 256)
        parts.insert(0, str(char))
    return ".".join(parts)
