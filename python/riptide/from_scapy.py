"""Scapy packets as stream templates (scapy is optional: only this module needs it).

    from scapy.all import Ether, IP, UDP, Raw
    from riptide import scapy_stream
    s = scapy_stream(Ether() / IP(src="198.18.0.1", dst="198.19.0.1") / UDP(dport=53) / Raw(b"q"), rate="10kpps")

Each scapy layer becomes the profile layer of the same meaning (``eth``, ``vlan``,
``mpls``, ``ipv4``, ``ipv6``, ``udp``, ``tcp``, ``icmp``, ``icmpv6``, ``payload``)
with the fields the packet *sets*; what it leaves unset takes riptide's defaults
(RFC 2544 addresses, 64 B), as a YAML profile would. Lengths and checksums are
riptide's to compute, as always. A layer or field riptide has no place for (IP
options, TCP options, other ICMP types...) is an error naming it, never dropped.
The payload runs to the end of the frame: for frames of at least 60 bytes
``size=len(pkt) + 4`` (the default) gives scapy's own bytes.
"""

from __future__ import annotations

from typing import Any, Dict, List

from .streams import Stream, stream

Layer = Dict[str, Any]

_ICMP_TYPES = {8: "echo_request", 0: "echo_reply"}


def _set(layer: Any, name: str) -> bool:
    """Whether the packet sets `name` itself (not scapy's default)."""
    return name in layer.fields and layer.fields[name] is not None


def _copy(layer: Any, spec: Layer, names: Dict[str, str]) -> None:
    for scapy_name, ours in names.items():
        if _set(layer, scapy_name):
            spec[ours] = layer.fields[scapy_name]


def from_scapy(pkt: Any) -> List[Layer]:
    """The profile layers (``packet:`` list) of a scapy packet."""
    out: List[Layer] = []
    layer = pkt
    while layer is not None and layer.__class__.__name__ != "NoPayload":
        kind = layer.__class__.__name__
        nxt = layer.payload if layer.payload.__class__.__name__ != "NoPayload" else None
        raw_next = nxt is not None and nxt.__class__.__name__ in ("Raw", "Padding")
        spec: Layer = {}
        if kind == "Ether":
            _copy(layer, spec, {"src": "src", "dst": "dst"})
            if raw_next and _set(layer, "type"):
                spec["ethertype"] = layer.fields["type"]
            out.append({"eth": spec})
        elif kind in ("Dot1Q", "Dot1AD"):
            _copy(layer, spec, {"vlan": "id", "prio": "pcp"})
            if _set(layer, "id"):
                spec["dei"] = bool(layer.fields["id"])
            if kind == "Dot1AD":
                spec["tpid"] = 0x88A8
            out.append({"vlan": spec})
        elif kind == "MPLS":
            _copy(layer, spec, {"label": "label", "cos": "tc", "ttl": "ttl"})
            out.append({"mpls": spec})
        elif kind == "IP":
            if layer.fields.get("options"):
                raise ValueError("scapy IP options: riptide's ipv4 layer has none")
            _copy(layer, spec, {"src": "src", "dst": "dst", "ttl": "ttl", "tos": "tos", "id": "id"})
            if _set(layer, "flags"):
                spec["df"] = "DF" in str(layer.fields["flags"])
            if raw_next and _set(layer, "proto"):
                spec["proto"] = layer.fields["proto"]
            out.append({"ipv4": spec})
        elif kind == "IPv6":
            _copy(layer, spec, {"src": "src", "dst": "dst", "hlim": "hop_limit", "tc": "tc", "fl": "flow_label"})
            if raw_next and _set(layer, "nh"):
                spec["next_header"] = layer.fields["nh"]
            out.append({"ipv6": spec})
        elif kind == "UDP":
            _copy(layer, spec, {"sport": "sport", "dport": "dport"})
            if _set(layer, "chksum") and layer.fields["chksum"] == 0:
                spec["checksum"] = False
            out.append({"udp": spec})
        elif kind == "TCP":
            if layer.fields.get("options"):
                raise ValueError("scapy TCP options: riptide's tcp layer has none")
            _copy(layer, spec, {"sport": "sport", "dport": "dport", "seq": "seq", "ack": "ack", "window": "window"})
            if _set(layer, "flags"):
                spec["flags"] = str(layer.fields["flags"])
            out.append({"tcp": spec})
        elif kind == "ICMP":
            t = layer.fields.get("type", 8)
            if t not in _ICMP_TYPES:
                raise ValueError(f"scapy ICMP type {t}: riptide sends echo_request (8) or echo_reply (0)")
            spec["type"] = _ICMP_TYPES[t]
            _copy(layer, spec, {"id": "id", "seq": "seq"})
            out.append({"icmp": spec})
        elif kind in ("ICMPv6EchoRequest", "ICMPv6EchoReply"):
            spec["type"] = "echo_request" if kind == "ICMPv6EchoRequest" else "echo_reply"
            _copy(layer, spec, {"id": "id", "seq": "seq"})
            out.append({"icmpv6": spec})
        elif kind in ("Raw", "Padding"):
            data = bytes(layer)
            if out and "payload" in out[-1]:
                out[-1]["payload"]["hex"] += data.hex()
            else:
                out.append({"payload": {"hex": data.hex()}})
            layer = None
            continue
        else:
            raise ValueError(f"scapy layer {kind}: riptide's profiles have no such layer")
        layer = nxt
    return out


def scapy_stream(pkt: Any, **kw: Any) -> Stream:
    """A stream whose template is the scapy packet ``pkt``; other keys as :func:`stream`.

    The frame size defaults to the packet's length plus FCS (at least 64).
    """
    kw.setdefault("size", max(64, len(pkt) + 4))
    return stream(packet=from_scapy(pkt), **kw)
