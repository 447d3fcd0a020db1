"""A pcap file's packets, and one packet's IP and TCP/UDP view, read with ``struct``.

:func:`read_pcap` reads libpcap's format (either byte order; microsecond, nanosecond
and Kuznetzov's modified headers), the files TRex's ASTF reads (its reader is dpkt's
``pcap.Reader``: pcapng is not among them). A packet's time is what that reader
gives, so that gaps computed from it match TRex's to the microsecond: seconds as a
float (``sec + usec / 1e6``) for a microsecond file, exact for a nanosecond one.

:func:`dissect` reads an Ethernet frame (802.1Q / 802.1ad tags skipped) down to its
TCP or UDP payload, as TRex's reader (dpkt) bounds it: an IPv4 packet ends at its total
length, an IPv6 one at its payload length (Ethernet padding and an FCS are not payload);
a TCP payload starts after the header's data offset, a UDP payload after 8 bytes; an
IPv4 fragment other than the first, or an IPv6 one, has no TCP/UDP view.
"""

from __future__ import annotations

import struct
from dataclasses import dataclass
from fractions import Fraction
from typing import List, Optional, Tuple, Union

#: Seconds: a float for a microsecond file, a Fraction for a nanosecond one.
Time = Union[float, Fraction]

LINKTYPE_ETHERNET = 1

# magic (as read little-endian) -> (byte order, nanoseconds, extra record-header bytes)
_MAGICS = {
    0xA1B2C3D4: ("<", False, 0), 0xD4C3B2A1: (">", False, 0),
    0xA1B23C4D: ("<", True, 0), 0x4D3CB2A1: (">", True, 0),
    0xA1B2CD34: ("<", False, 8), 0x34CDB2A1: (">", False, 8),
}
_PCAPNG = 0x0A0D0D0A


class PcapError(ValueError):
    """A file that is not a pcap riptide (and TRex) reads."""


@dataclass(frozen=True)
class Record:
    """One captured packet: its time and its bytes (as captured, ``caplen`` of them)."""

    time: Time
    data: bytes


def read_pcap(blob: bytes) -> Tuple[int, List[Record]]:
    """The link type and packets of a pcap file's bytes."""
    if len(blob) < 24:
        raise PcapError("shorter than a pcap file header (24 bytes)")
    (magic,) = struct.unpack_from("<I", blob)
    if magic == _PCAPNG:
        raise PcapError("a pcapng file: TRex's ASTF reads libpcap's format (editcap -F pcap converts it)")
    if magic not in _MAGICS:
        raise PcapError(f"not a pcap file (magic 0x{magic:08x})")
    order, nano, extra = _MAGICS[magic]
    linktype = struct.unpack_from(order + "I", blob, 20)[0] & 0x0FFFFFFF
    head = struct.Struct(order + "IIII")
    out: List[Record] = []
    at = 24
    while at < len(blob):
        if at + head.size + extra > len(blob):
            raise PcapError(f"packet {len(out)}: the record header is cut short at byte {at}")
        sec, frac, caplen, _ = head.unpack_from(blob, at)
        at += head.size + extra
        if at + caplen > len(blob):
            raise PcapError(f"packet {len(out)}: {caplen} bytes captured, the file ends {len(blob) - at} bytes on")
        time: Time = Fraction(sec) + Fraction(frac, 10**9) if nano else sec + frac / 1e6
        out.append(Record(time, blob[at:at + caplen]))
        at += caplen
    return linktype, out


@dataclass(frozen=True)
class Packet:
    """A frame's IP and transport view (``l3``/``l4`` None where there is none)."""

    l3: Optional[str] = None  # "ipv4" / "ipv6"
    src: bytes = b""
    dst: bytes = b""
    l4: Optional[str] = None  # "tcp" / "udp"
    sport: int = 0
    dport: int = 0
    seq: int = 0
    flags: int = 0
    win: int = 0
    payload: bytes = b""


_VLAN_TAGS = (0x8100, 0x88A8, 0x9100)
_IPV6_OPTION_HEADERS = (0, 43, 60)  # hop-by-hop, routing, destination options: (len + 1) * 8
TCP_FIN, TCP_SYN, TCP_RST, TCP_ACK = 0x01, 0x02, 0x04, 0x10


def dissect(frame: bytes) -> Packet:
    """The IP and TCP/UDP view of an Ethernet frame."""
    if len(frame) < 14:
        return Packet()
    at, ethertype = 14, struct.unpack_from("!H", frame, 12)[0]
    while ethertype in _VLAN_TAGS and at + 4 <= len(frame):
        ethertype = struct.unpack_from("!H", frame, at + 2)[0]
        at += 4
    if ethertype == 0x0800:
        return _ipv4(frame[at:])
    if ethertype == 0x86DD:
        return _ipv6(frame[at:])
    return Packet()


def _ipv4(buf: bytes) -> Packet:
    if len(buf) < 20 or (buf[0] & 0x0F) < 5:
        return Packet()
    ihl = (buf[0] & 0x0F) * 4
    total, frag, proto = struct.unpack_from("!H", buf, 2)[0], struct.unpack_from("!H", buf, 6)[0], buf[9]
    body = buf[ihl:total] if total else buf[ihl:]
    ip = Packet("ipv4", buf[12:16], buf[16:20])
    return ip if frag & 0x1FFF else _transport(ip, proto, body)


def _ipv6(buf: bytes) -> Packet:
    if len(buf) < 40:
        return Packet()
    plen, nxt = struct.unpack_from("!HB", buf, 4)
    body = buf[40:40 + plen] if plen else buf[40:]
    ip = Packet("ipv6", buf[8:24], buf[24:40])
    while nxt in _IPV6_OPTION_HEADERS or nxt in (44, 51):
        if len(body) < 8:
            return ip
        if nxt == 44:
            if struct.unpack_from("!H", body, 2)[0] >> 3:
                return ip  # a later fragment
            size = 8
        else:
            size = (body[1] + 2) * 4 if nxt == 51 else (body[1] + 1) * 8
        nxt, body = body[0], body[size:]
    return _transport(ip, nxt, body)


def _transport(ip: Packet, proto: int, body: bytes) -> Packet:
    if proto == 6 and len(body) >= 20 and body[12] >> 4 >= 5:
        sport, dport, seq, _, off_flags, win = struct.unpack_from("!HHIIHH", body)
        return Packet(ip.l3, ip.src, ip.dst, "tcp", sport, dport, seq, off_flags & 0x1FF, win,
                      body[(off_flags >> 12) * 4:])
    if proto == 17 and len(body) >= 8:
        sport, dport = struct.unpack_from("!HH", body)
        return Packet(ip.l3, ip.src, ip.dst, "udp", sport, dport, payload=body[8:])
    return ip
