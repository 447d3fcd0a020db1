"""Scapy packets as stream templates (scapy is optional: only this module needs it).

    from scapy.all import Ether, IP, UDP, Raw
    from riptide import scapy_stream
    s = scapy_stream(Ether() / IP(src="198.18.0.1", dst="198.19.0.1") / UDP(dport=53) / Raw(b"q"), rate="10kpps")

Each scapy layer becomes the profile layer of the same meaning (``eth``, ``vlan``,
``mpls``, ``ipv4``, ``ipv6``, ``udp``, ``tcp``, ``icmp``, ``icmpv6``, ``payload``)
carrying *every* field with the value scapy would write, its own defaults included
(IP id 1, UDP ports 53, TCP source port 20, MPLS ttl 0...), so riptide sends scapy's
bytes: with the default ``size`` (the packet's length plus the FCS) the frame is
``bytes(scapy_packet(pkt))`` exactly. Lengths and checksums are computed, as scapy
computes them.

Three things scapy would look up on the host's network are never looked up (scapy
resolves an unset Ethernet destination by sending an ARP request from the host's
interface): an unset Ethernet source or destination and an unset IPv4 or IPv6 source
take riptide's defaults (02:00:00:00:00:01, 02:00:00:00:00:02, 198.18.0.1, 2001:2::1),
and a packet without an Ethernet layer gets one. :func:`scapy_packet` is the packet
with exactly those filled in: riptide's frame is its bytes.

A layer, a field or a value riptide has no place for (ARP, IP or TCP options, MF
fragments, a length or checksum set by hand, other ICMP types, MPLS bottom-of-stack
on a label that is not the last...) raises ``ValueError`` naming it: nothing is
dropped or changed silently.
"""

from __future__ import annotations

from typing import Any, Dict, List, Optional

from .streams import Stream, stream

Layer = Dict[str, Any]

_ICMP_TYPES = {8: "echo_request", 0: "echo_reply"}
_DEFAULT_MAC_SRC = "02:00:00:00:00:01"
_DEFAULT_MAC_DST = "02:00:00:00:00:02"
_DEFAULT_IPV4_SRC = "198.18.0.1"
_DEFAULT_IPV6_SRC = "2001:2::1"


def _name(layer: Any) -> str:
    return str(layer.__class__.__name__)


def _layers(pkt: Any) -> List[Any]:
    out = []
    layer = pkt
    while layer is not None and _name(layer) != "NoPayload":
        out.append(layer)
        layer = layer.payload
    return out


def _is_set(layer: Any, name: str) -> bool:
    """Whether the packet sets `name` itself (not left to scapy's default or to the build)."""
    return name in layer.fields and layer.fields[name] is not None


def scapy_packet(pkt: Any) -> Any:
    """``pkt`` with what scapy would look up on the host's network filled in with
    riptide's defaults (see the module): the packet whose bytes riptide sends."""
    from scapy.layers.l2 import Ether

    p = pkt.copy()
    # An 802.3 frame (a length where the EtherType goes) is scapy's Dot3: Ethernet too.
    if _name(p) not in ("Ether", "Dot3"):
        p = Ether() / p
    if not _is_set(p, "src"):
        p.src = _DEFAULT_MAC_SRC
    if not _is_set(p, "dst"):
        p.dst = _DEFAULT_MAC_DST
    for layer in _layers(p):
        if _name(layer) == "IP" and not _is_set(layer, "src"):
            layer.src = _DEFAULT_IPV4_SRC
        elif _name(layer) == "IPv6" and not _is_set(layer, "src"):
            layer.src = _DEFAULT_IPV6_SRC
    return p


def _value(layer: Any, name: str) -> Any:
    """The value scapy writes for field `name` (its default when unset), as a profile value."""
    v = layer.getfieldval(name)
    if v is None:
        # A field scapy fills at build time from the layer's context (IP's dst).
        v = layer.get_field(name).i2h(layer, None)
    if hasattr(v, "__iter__") and not isinstance(v, (str, bytes)):
        raise ValueError(f"scapy {_name(layer)} {name} {v!r} is a set of packets: use a field variable instead")
    if name in ("src", "dst"):
        return str(v)
    return int(v) if not isinstance(v, (str, bytes)) else v


def _refuse_unless(layer: Any, name: str, ok: Any, why: str) -> None:
    """Refuses a field whose value riptide would not write (`ok` is what it writes)."""
    v = layer.getfieldval(name)
    if isinstance(v, (list, bytes)) and not v:
        v = []
    if v != ok:
        raise ValueError(f"scapy {_name(layer)} {name}={v!r}: {why}")


def _computed(layer: Any, *names: str) -> None:
    for name in names:
        if _is_set(layer, name):
            raise ValueError(
                f"scapy {_name(layer)} {name}={layer.fields[name]!r} set by hand: riptide computes it "
                "(leave it unset)"
            )


def _payload_layer(data: bytes, out: List[Layer]) -> None:
    if not data:
        return
    if out and "payload" in out[-1]:
        out[-1]["payload"]["hex"] += data.hex()
    else:
        out.append({"payload": {"hex": data.hex()}})


def from_scapy(pkt: Any) -> List[Layer]:
    """The profile layers (``packet:`` list) of a scapy packet: every field scapy
    would write, so that riptide's frame is ``bytes(scapy_packet(pkt))``."""
    layers = _layers(scapy_packet(pkt))
    out: List[Layer] = []
    for i, layer in enumerate(layers):
        kind = _name(layer)
        nxt: Optional[Any] = layers[i + 1] if i + 1 < len(layers) else None
        raw_next = nxt is None or _name(nxt) in ("Raw", "Padding")
        spec: Layer = {}
        if kind == "Ether":
            spec = {"src": _value(layer, "src"), "dst": _value(layer, "dst")}
            if raw_next or _is_set(layer, "type"):
                spec["type"] = _value(layer, "type")
            out.append({"eth": spec})
        elif kind in ("Dot1Q", "Dot1AD"):
            spec = {"id": _value(layer, "vlan"), "pcp": _value(layer, "prio"), "dei": bool(_value(layer, "dei"))}
            spec["tpid"] = 0x88A8 if kind == "Dot1AD" else 0x8100
            if raw_next or _is_set(layer, "type"):
                raise ValueError(
                    f"scapy {kind} type: riptide's vlan layer takes its type from the next layer (give it one)"
                )
            out.append({"vlan": spec})
        elif kind == "MPLS":
            last = nxt is None or _name(nxt) != "MPLS"
            _refuse_unless(layer, "s", int(last),
                           "riptide sets bottom-of-stack (s=1) on the last label only"
                           + ("" if last else " (set s=0 on the others)"))
            spec = {"label": _value(layer, "label"), "tc": _value(layer, "cos"), "ttl": _value(layer, "ttl")}
            out.append({"mpls": spec})
        elif kind == "IP":
            _refuse_unless(layer, "version", 4, "riptide's ipv4 layer is version 4")
            _refuse_unless(layer, "options", [], "riptide's ipv4 layer has no options")
            _refuse_unless(layer, "frag", 0, "riptide sends unfragmented packets")
            _computed(layer, "ihl", "len", "chksum")
            flags = int(layer.getfieldval("flags"))
            if flags & ~0x2:
                raise ValueError(f"scapy IP flags={layer.getfieldval('flags')}: riptide sets DF or nothing")
            spec = {k: _value(layer, k) for k in ("src", "dst", "ttl", "tos", "id")}
            spec["df"] = bool(flags & 0x2)
            if raw_next or _is_set(layer, "proto"):
                spec["proto"] = _value(layer, "proto")
            out.append({"ipv4": spec})
        elif kind == "IPv6":
            _refuse_unless(layer, "version", 6, "riptide's ipv6 layer is version 6")
            _computed(layer, "plen")
            spec = {
                "src": _value(layer, "src"),
                "dst": _value(layer, "dst"),
                "hop_limit": _value(layer, "hlim"),
                "tc": _value(layer, "tc"),
                "flow_label": _value(layer, "fl"),
            }
            if raw_next or _is_set(layer, "nh"):
                spec["next_header"] = _value(layer, "nh")
            out.append({"ipv6": spec})
        elif kind == "UDP":
            _computed(layer, "len")
            spec = {"sport": _value(layer, "sport"), "dport": _value(layer, "dport")}
            if _is_set(layer, "chksum"):
                if layer.fields["chksum"] != 0:
                    _computed(layer, "chksum")
                spec["checksum"] = False
            out.append({"udp": spec})
        elif kind == "TCP":
            _refuse_unless(layer, "options", [], "riptide's tcp layer has no options")
            _refuse_unless(layer, "reserved", 0, "riptide's tcp layer writes reserved bits 0")
            _refuse_unless(layer, "urgptr", 0, "riptide's tcp layer writes urgent pointer 0")
            _computed(layer, "dataofs", "chksum")
            spec = {k: _value(layer, k) for k in ("sport", "dport", "seq", "ack", "window")}
            spec["flags"] = str(layer.getfieldval("flags"))
            out.append({"tcp": spec})
        elif kind == "ICMP":
            t = _value(layer, "type")
            if t not in _ICMP_TYPES:
                raise ValueError(f"scapy ICMP type {t}: riptide sends echo_request (8) or echo_reply (0)")
            _refuse_unless(layer, "code", 0, "riptide's echo has code 0")
            _computed(layer, "chksum")
            spec = {"type": _ICMP_TYPES[t], "id": _value(layer, "id"), "seq": _value(layer, "seq")}
            out.append({"icmp": spec})
        elif kind in ("ICMPv6EchoRequest", "ICMPv6EchoReply"):
            _refuse_unless(layer, "code", 0, "riptide's echo has code 0")
            _computed(layer, "cksum")
            spec = {"type": "echo_request" if kind == "ICMPv6EchoRequest" else "echo_reply"}
            spec.update(id=_value(layer, "id"), seq=_value(layer, "seq"))
            out.append({"icmpv6": spec})
            _payload_layer(bytes(layer.getfieldval("data") or b""), out)
        elif kind in ("Raw", "Padding"):
            _payload_layer(bytes(layer), out)
            break
        else:
            raise ValueError(f"scapy layer {kind}: riptide's profiles have no such layer")
    return out


def scapy_stream(pkt: Any, **kw: Any) -> Stream:
    """A stream whose template is the scapy packet ``pkt``; other keys as :func:`stream`.

    The frame size defaults to the packet's length plus the FCS, so the frame is
    scapy's bytes (a frame under 64 bytes is padded by the interface, as scapy's
    ``sendp`` would be).
    """
    kw.setdefault("size", len(scapy_packet(pkt)) + 4)
    return stream(packet=from_scapy(pkt), **kw)
