"""A pcap file as TRex's ASTF reads it: one flow, its packets by direction.

TRex builds an ``ASTFCapInfo``'s programs from one captured flow (its
``cap_handling``); :func:`read_flow` applies the same rules, so riptide accepts and
refuses the same files:

- every packet is IPv4 or IPv6 over Ethernet, TCP or UDP (not both in one file), between
  the first packet's two addresses: the first packet's source is the client (``c``),
  its destination the server (``s``); ports play no part in the direction;
- the destination port is the first packet's;
- TCP: the capture starts with the handshake (a SYN, repeated or not, then one
  SYN+ACK); after it each side's sequence numbers run on without a gap or a repeat (a
  FIN counts one, a payload its length), so a capture with loss or retransmission is
  refused, naming the packet;
- the payload total (both directions, before anything is dropped) is the flow's weight
  for ``l7_percent``.

A read is kept for the file's path, size and modification time: profiles naming one
file many times read it once.
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from typing import Dict, List, Tuple

from .errors import ASTFError
from .pcap import LINKTYPE_ETHERNET, TCP_ACK, TCP_FIN, TCP_SYN, PcapError, Time, dissect, read_pcap


@dataclass(frozen=True)
class CapFlow:
    """One captured flow: per packet its direction, payload and gap from the one before."""

    path: str
    tcp: bool
    dport: int
    payload_len: int
    dirs: Tuple[str, ...]
    payloads: Tuple[bytes, ...]
    gaps: Tuple[Time, ...]

    def condensed(self) -> List[Tuple[str, bytes]]:
        """TCP's view: packets without payload dropped, each run of one direction's
        payloads joined (what each side sends before the other answers)."""
        out: List[Tuple[str, bytes]] = []
        for d, data in zip(self.dirs, self.payloads):
            if not data:
                continue
            if out and out[-1][0] == d:
                out[-1] = (d, out[-1][1] + data)
            else:
                out.append((d, data))
        return out


_cache: Dict[Tuple[str, int, int], CapFlow] = {}


def read_flow(path: str) -> CapFlow:
    """The flow in pcap ``path`` (an error names the file and the packet at fault)."""
    try:
        st = os.stat(path)
    except OSError as e:
        raise ASTFError(f"pcap {path}: {e.strerror}") from None
    key = (os.path.realpath(path), st.st_size, st.st_mtime_ns)
    if key not in _cache:
        with open(path, "rb") as f:
            blob = f.read()
        _cache[key] = analyze(path, blob)
    return _cache[key]


def analyze(path: str, blob: bytes) -> CapFlow:
    """The flow in the pcap file bytes ``blob`` (``path`` names it in errors)."""

    def fail(msg: str) -> ASTFError:
        return ASTFError(f"pcap {path}: {msg}")

    try:
        linktype, records = read_pcap(blob)
    except PcapError as e:
        raise fail(str(e)) from None
    if linktype != LINKTYPE_ETHERNET:
        raise fail(f"link type {linktype}: TRex's ASTF reads Ethernet captures (link type 1)")
    if not records:
        raise fail("holds no packet")
    ends = None
    kind = ""
    handshake = 0  # 0: nothing yet, 1: SYN seen, 2: SYN+ACK seen
    client_port = dport = -1
    expected: Dict[str, int] = {}
    dirs: List[str] = []
    payloads: List[bytes] = []
    gaps: List[Time] = []
    total = 0
    last = None
    for i, rec in enumerate(records):
        p = dissect(rec.data)
        if p.l3 is None:
            raise fail(f"packet #{i} is not IPv4 or IPv6 over Ethernet")
        if ends is None:
            ends = (p.src, p.dst)
        if (p.src, p.dst) == ends:
            d = "c"
        elif (p.dst, p.src) == ends:
            d = "s"
        else:
            raise fail(f"packet #{i} belongs to another session: a pcap holds one flow")
        if p.l4 is None:
            raise fail(f"packet #{i} is not TCP or UDP")
        if kind and p.l4 != kind:
            raise fail(f"packet #{i} is {p.l4.upper()} and the flow {kind.upper()}")
        kind = p.l4
        syn = kind == "tcp" and bool(p.flags & TCP_SYN)
        if kind == "tcp":
            if syn and p.flags & TCP_ACK:
                if handshake != 1:
                    raise fail(f"packet #{i} is a SYN+ACK " + ("before any SYN" if handshake == 0 else "after the SYN+ACK"))
                handshake, expected["s"] = 2, p.seq + 1
            elif syn:
                if handshake == 2:
                    raise fail(f"packet #{i} is a SYN after the SYN+ACK")
                handshake, expected["c"] = 1, p.seq + 1
            elif handshake != 2:
                raise fail(f"packet #{i}: the capture must start with the TCP handshake (SYN, then SYN+ACK)")
        if client_port < 0:
            client_port, dport = p.sport, p.dport
        total += len(p.payload)
        dirs.append(d)
        payloads.append(p.payload)
        gaps.append(0.0 if last is None else rec.time - last)
        last = rec.time
        if kind == "tcp" and not syn:
            # TRex's rule, sequence numbers not taken modulo 2**32 (a wrap is refused too).
            side = "c" if p.sport == client_port else "s"
            if p.seq != expected[side]:
                raise fail(f"packet #{i} has TCP sequence {p.seq} where {expected[side]} was due: the capture has "
                           "loss or retransmission (TRex's ASTF needs a clean one)")
            expected[side] = p.seq + (1 if p.flags & TCP_FIN else len(p.payload))
    flow = CapFlow(path, kind == "tcp", dport, total, tuple(dirs), tuple(payloads), tuple(gaps))
    if flow.tcp and not flow.condensed():
        raise fail("no packet carries a payload: TRex's ASTF has nothing to send")
    return flow
