"""A TRex stateless Python profile as a riptide profile.

:func:`load_streams` runs the profile the way TRex's ``STLProfile.load_py`` does (its
directory on ``sys.path``, ``register().get_streams(direction=..., port_id=...,
**tunables)``) with TRex's module names answered by :mod:`riptide.trex.stl` for that
load only (:func:`riptide.trex.hook.trex_names`: an import hook, removed afterwards;
nothing is installed under TRex's names). :func:`to_profile` turns the streams into
riptide's profile (a ``dict``: ``{"streams": [...]}``, docs/profiles.md); ``riptide run
PROFILE.py`` calls ``python -m riptide.trex`` (:mod:`riptide.trex.cli`) for it.
"""

from __future__ import annotations

import importlib.util
import inspect
import itertools
import os
import sys
from typing import Any, Dict, List, Mapping, Optional, Union

from . import stl, tunables as tunable_parser
from .hook import TREX_MODULES, profile_line as _profile_line, trex_names  # noqa: F401 (re-exported)
from .stl import STLError, STLStream

_loads = itertools.count()


def _value(text: str) -> Any:
    for kind in (int, float):
        try:
            return kind(text)
        except ValueError:
            pass
    return text


def parse_tunables(text: Optional[str]) -> Dict[str, Any]:
    """``-t key=val,key2=val2`` as a dict (numbers as numbers, as TRex's console does)."""
    out: Dict[str, Any] = {}
    for item in (text or "").split(","):
        if not item.strip():
            continue
        key, eq, val = item.partition("=")
        if not eq or not key.strip():
            raise STLError(f"-t {text}: expected key=value pairs separated by commas, got '{item}'")
        out[key.strip()] = _value(val.strip())
    return out


def load_streams(path: str, direction: int = 0, port_id: int = 0,
                 tunables: Optional[Mapping[str, Any]] = None) -> List[STLStream]:
    """The streams of TRex profile ``path`` for one port, as TRex loads them."""
    tunables = dict(tunables or {})
    if not os.path.isfile(path):
        raise STLError(f"{path}: no such profile")
    directory = os.path.dirname(os.path.abspath(path))
    spec = importlib.util.spec_from_file_location(f"_riptide_trex_profile_{next(_loads)}", path)
    if spec is None or spec.loader is None:
        raise STLError(f"{path}: cannot be loaded as a Python file")
    with trex_names():
        stl._PROFILE_FILES.append(path)
        sys.path.insert(0, directory)
        try:
            module = importlib.util.module_from_spec(spec)
            spec.loader.exec_module(module)
            register = getattr(module, "register", None)
            if not callable(register):
                raise STLError(f"{path}: defines no register() (TRex profiles end with `def register(): return ...`)")
            obj = register()
            gs = getattr(obj, "get_streams", None)
            if not callable(gs):
                if callable(getattr(obj, "get_profile", None)):
                    raise STLError(f"{path}: an ASTF profile (register() has get_profile(), not get_streams()): "
                                   "python -m riptide.trex prints its JSON")
                raise STLError(f"{path}: register() returns an object without get_streams()")
            args = _call_args(path, gs, direction, port_id, tunables)
            try:
                result = tunable_parser.call(gs, args, args.get("tunables") or [])
            except tunable_parser.Refused as e:
                raise STLError(f"{path}: get_streams() {e}") from None
        except STLError:
            raise
        except SyntaxError as e:
            raise STLError(f"{path}:{e.lineno}: SyntaxError: {e.msg}") from e
        except Exception as e:
            raise STLError(f"{_profile_line(e.__traceback__, path)}: {type(e).__name__}: {e}") from e
        finally:
            sys.path.remove(directory)
            stl._PROFILE_FILES.remove(path)
    if isinstance(result, stl.STLProfile):
        result = result.get_streams()
    if isinstance(result, STLStream):
        result = [result]
    if not isinstance(result, (list, tuple)) or not all(isinstance(s, STLStream) for s in result):
        raise STLError(f"{path}: get_streams() returned {type(result).__name__}, not STLStream objects")
    return list(result)


def _call_args(path: str, gs: Any, direction: int, port_id: int, tunables: Dict[str, Any]) -> Dict[str, Any]:
    params = inspect.signature(gs).parameters
    var_kw = any(p.kind is inspect.Parameter.VAR_KEYWORD for p in params.values())
    args: Dict[str, Any] = {k: v for k, v in (("direction", direction), ("port_id", port_id)) if var_kw or k in params}
    if "tunables" in params:
        # The argparse convention of newer profiles: tunables as command-line words.
        args["tunables"] = [w for k, v in tunables.items() for w in (f"--{k}", str(v))]
        return args
    known = [n for n, p in params.items()
             if n not in ("self", "direction", "port_id") and p.kind is not inspect.Parameter.VAR_KEYWORD]
    for k, v in tunables.items():
        # A profile that names its tunables gets no others (a typo would be ignored); one
        # that names none and takes **kwargs may read any from them.
        if k not in params and (known or not var_kw):
            raise STLError(f"{path}: get_streams() takes no tunable '{k}' (its tunables: {', '.join(known) or 'none'})")
        args[k] = v
    return args


# ---- translation -------------------------------------------------------------------


def _field_offset(pkt: Any, spec: Union[int, str], who: Any) -> int:
    """The byte offset TRex's ``pkt_offset`` names: a number, ``LAYER`` or ``LAYER[:N].field``."""
    if isinstance(spec, int):
        return spec
    if not isinstance(spec, str):
        raise who._fail(f"pkt_offset {spec!r}: expected a byte offset or a field name such as 'IP.src'")
    layer_name, _, field = spec.partition(".")
    name, _, nth_text = layer_name.partition(":")
    nth = int(nth_text) if nth_text.isdigit() else 0
    raw = bytes(pkt)

    def find(top: Any) -> Any:
        layer, seen = top, 0
        while layer is not None and layer.__class__.__name__ != "NoPayload":
            # TRex's builder matches a layer's class name or its scapy name (`ICMPv6ND_NS`,
            # `ICMPv6 Neighbor Discovery - Neighbor Solicitation`).
            if name in (layer.__class__.__name__, getattr(layer, "name", None)):
                if seen == nth:
                    return layer
                seen += 1
            layer = layer.payload
        return None

    # The built packet's dissection has every field's value; a layer dissection does not
    # find again (IPv6 over UDP port 3797, say) is found in the packet as the profile made it,
    # as TRex's builder does.
    layer = find(pkt.__class__(raw))
    if layer is None:
        layer = find(pkt)
    if layer is None:
        raise who._fail(f"pkt_offset '{spec}': the packet has no layer {layer_name}")
    base = len(raw) - len(bytes(layer))
    if not field:
        return base
    bits = 0
    for f in layer.fields_desc:
        if f.name == field:
            # A bit field's offset is the byte it starts in, as TRex's scapy counts it
            # (`f._offset`: the whole bytes built before it): TRex's tpg_dot1q_vm.py writes
            # 'Dot1Q.vlan' as two bytes over the whole TCI.
            return base + bits // 8
        size = getattr(f, "size", None)
        # Bit fields (BitField, FlagsField, ...) are sized in bits.
        if isinstance(size, int) and any("BitField" in c.__name__ for c in type(f).__mro__):
            bits += size
        else:
            bits += 8 * len(f.addfield(layer, b"", layer.getfieldval(f.name)))
    raise who._fail(f"pkt_offset '{spec}': layer {layer_name} has no field '{field}'")


def _expands(pkt: Any) -> bool:
    """Whether the scapy packet is a set of packets (a field given as a list or range)."""
    return len(list(itertools.islice(iter(pkt), 2))) > 1


# The addresses TRex's own scapy (its scripts/external_libs/scapy-2.4.3, patched) gives a
# layer that leaves them unset, where scapy itself looks up the host's routes and ARP.
_TREX_ADDRESSES = {"IP": ("16.0.0.1", "48.0.0.1"), "IPv6": ("::2", "::1"),
                   "Ether": ("00:00:00:02:00:00", "00:00:00:01:00:00")}


def trex_addresses(pkt: Any) -> Any:
    """`pkt` with each layer's unset source and destination TRex's scapy's defaults
    (IPv4 16.0.0.1 -> 48.0.0.1, IPv6 ::2 -> ::1, an inner Ethernet 00:00:00:02:00:00 ->
    00:00:00:01:00:00), so that a profile's frame is the one TRex's STLPktBuilder makes
    of it whichever scapy is installed. The outer Ethernet addresses it leaves unset are
    the port's, as TRex's server sets them."""
    out = pkt.copy()
    layer = out.payload if out.__class__.__name__ in ("Ether", "Dot3") else out
    while layer is not None and layer.__class__.__name__ != "NoPayload":
        defaults = _TREX_ADDRESSES.get(layer.__class__.__name__)
        if defaults is not None:
            for key, value in zip(("src", "dst"), defaults):
                if layer.fields.get(key) is None:
                    setattr(layer, key, value)
        layer = layer.payload
    return out


def _packet(builder: stl.STLPktBuilder) -> Dict[str, Any]:
    """The builder's packet as riptide's ``packet`` layers and ``size`` where riptide's
    layers describe it, padded as TRex pads it; any other packet (IP or TCP options, a
    fragment, ARP, non-zero padding, a protocol riptide has no layer for...) as its bytes,
    a raw ``frame`` riptide sends as given (issue 51)."""
    from ..from_scapy import from_scapy, scapy_packet

    pkt = builder.pkt
    if _expands(pkt):
        raise builder._fail("the scapy packet is a set of packets (a field given as a list or range): "
                            "use a field engine variable instead")
    pkt = trex_addresses(pkt)
    # A scapy Padding layer is Ethernet padding: outside the IP length, as riptide's.
    inner = pkt
    raw_frame = {"frame": bytes(scapy_packet(pkt)).hex()}
    if pkt.getlayer("Padding") is not None:
        if any(bytes(pkt.getlayer("Padding"))):
            return raw_frame
        inner = pkt.copy()
        inner.getlayer("Padding").underlayer.remove_payload()
    try:
        layers = from_scapy(inner)
    except ValueError:
        return raw_frame
    # Addresses the profile leaves unset come from the port (its configured MACs), as
    # TRex's do; riptide's defaults otherwise.
    e = pkt.getlayer("Ether")
    for key in ("src", "dst"):
        if (e is None or e.fields.get(key) is None) and layers and "eth" in layers[0]:
            layers[0]["eth"].pop(key, None)
    inner_len = len(bytes(scapy_packet(inner)))
    # Shorter than the Ethernet minimum, TRex pads with zeros after the packet.
    frame_len = max(len(bytes(scapy_packet(pkt))), 60)
    if frame_len > inner_len:
        if layers and "payload" in layers[-1]:
            layers[-1]["payload"]["len"] = len(bytes.fromhex(layers[-1]["payload"].get("hex", "")))
        else:
            layers.append({"payload": {"len": 0}})
    return {"packet": layers, "size": frame_len + 4}


def _length_fields(pkt: Any) -> Dict[int, int]:
    """Offset of each IP / UDP length field -> the ``add_val`` that makes a frame size
    (FCS excluded) its value, as TRex's trim profiles write them: riptide sets these."""
    out: Dict[int, int] = {}
    raw = bytes(pkt)
    layer = pkt.__class__(raw)
    while layer is not None and layer.__class__.__name__ != "NoPayload":
        start = len(raw) - len(bytes(layer))
        kind = layer.__class__.__name__
        if kind == "IP":
            out[start + 2] = -start
        elif kind == "IPv6":
            out[start + 4] = -(start + 40)
        elif kind == "UDP":
            out[start + 4] = -start
        layer = layer.payload
    return out


def _vm(builder: stl.STLPktBuilder) -> tuple:
    """Riptide ``vars`` and ``writes``, and the frame-size walk of a trimmed variable."""
    variables: Dict[str, Any] = {}
    out_vars: List[Dict[str, Any]] = []
    writes: List[Dict[str, Any]] = []
    trimmed: Optional[stl.STLVmFlowVar] = None
    size: Optional[Dict[str, Any]] = None
    lengths = _length_fields(builder.pkt)
    for c in builder.vm.commands:
        if isinstance(c, (stl.STLVmFlowVar, stl.STLVmTupleGen)):
            if c.name in variables:
                raise c._fail(f"variable '{c.name}' is defined twice")
            variables[c.name] = c
            out_vars.append(c._var())
        elif isinstance(c, stl.STLVmTrimPktSize):
            var = variables.get(c.fv_name)
            if not isinstance(var, stl.STLVmFlowVar):
                raise c._fail(f"fv_name '{c.fv_name}' is no flow variable defined before it")
            length = len(bytes(builder.pkt))
            if var.values is not None:
                # A value list trimmed: its sizes in the variable's order (riptide's size list).
                if var.op == "random":
                    raise c._fail(f"'{c.fv_name}' draws sizes at random from a value list: riptide draws sizes "
                                  "from ranges only (give min_value/max_value)")
                if not all(isinstance(x, int) and 60 <= x <= length for x in var.values):
                    raise c._fail(f"'{c.fv_name}' lists {var.values}: trimming needs sizes from 60 to the "
                                  f"packet's {length} bytes")
                order = stl.list_order(var)
                trimmed = var
                out_vars = [v for v in out_vars if v["name"] != var.name]
                size = {"list": [x + 4 for x in order]}
                continue
            if not 60 <= var.min <= var.max <= length:
                raise c._fail(f"'{c.fv_name}' walks {var.min}..{var.max}: trimming needs 60 <= min <= max <= "
                              f"the packet's {length} bytes")
            if var.init is not None and var.init != (var.max if var.op == "dec" else var.min):
                raise c._fail("not supported by riptide yet: a trimmed variable with its own init_value")
            trimmed = var
            out_vars = [v for v in out_vars if v["name"] != var.name]
            size = {"min": var.min + 4, "max": var.max + 4, "mode": var.op}
            if var.step != 1:
                size["step"] = var.step
        elif isinstance(c, (stl.STLVmWrFlowVar, stl.STLVmWrMaskFlowVar)):
            base, _, part = c.fv_name.rpartition(".")
            tuple_part = isinstance(variables.get(base), stl.STLVmTupleGen) and part in ("ip", "port")
            var = variables.get(base) if tuple_part else variables.get(c.fv_name)
            if var is None:
                raise c._fail(f"fv_name '{c.fv_name}' is no variable defined before it ({', '.join(variables) or 'none'})")
            offset = _field_offset(builder.pkt, c.pkt_offset, c) + c.offset_fixup
            if var is trimmed:
                # The trimmed size written into a length field: riptide writes every length.
                if not isinstance(c, stl.STLVmWrFlowVar) or lengths.get(offset) != c.add_val:
                    raise c._fail(f"'{c.fv_name}' is the packet size: riptide writes only the IP and UDP lengths "
                                  "from it (as pkt_offset 'IP.len' / 'UDP.len' with the layer's offset subtracted)")
                continue
            w: Dict[str, Any] = {"var": c.fv_name, "offset": offset}
            if isinstance(c, stl.STLVmWrFlowVar):
                w["size"] = (2 if part == "port" else 4) if tuple_part else var.size
                if c.add_val:
                    w["add"] = c.add_val
            else:
                w.update(size=c.cast, mask=c.mask)
                if c.shift:
                    w["shift"] = c.shift
                if c.add_value:
                    w["add"] = c.add_value
            writes.append(w)
        # STLVmFixIpv4 / STLVmFixChecksumHw: riptide keeps every checksum right.
    # TRex's client keeps a variable another one moves (next_var) on every core whole
    # (compute_previous: split_to_cores = False).
    moved = {v["next"] for v in out_vars if "next" in v}
    for v in out_vars:
        if v["name"] in moved and "split" in v:
            v["split"] = "whole"
    return out_vars, writes, size


def _source(s: STLStream) -> str:
    """Where a stream came from and the TRex field-engine instructions it used, in order
    (``riptide debug`` prints it): ``TRex udp.py:20: STLVmFlowVar x2, STLVmWrFlowVar x2,
    STLVmFixIpv4``."""
    counts: Dict[str, int] = {}
    vm = getattr(s.packet, "vm", None)
    for c in getattr(vm, "commands", None) or []:
        counts[type(c).__name__] = counts.get(type(c).__name__, 0) + 1
    used = ", ".join(k if n == 1 else f"{k} x{n}" for k, n in counts.items()) or "no field engine"
    where = f" {os.path.basename(s._where)}" if s._where else ""
    text = f"TRex{where}: {used}"
    return text if len(text) <= 1024 else text[:1021] + "..."


def stream_dict(s: STLStream, port: int) -> Dict[str, Any]:
    """One TRex stream as a riptide stream (docs/profiles.md)."""
    out: Dict[str, Any] = {"port": port, "rate": s.mode.rate, "mode": s.mode._mode()}
    if s.packet.raw is not None:
        # Bytes (pkt_buffer, a pcap): riptide finds their layers itself (`frame:`), or
        # sends them raw, and pads a short one to 60 bytes as TRex does.
        out["frame"] = s.packet.raw.hex()
    else:
        out.update(_packet(s.packet))
    if s.name is not None:
        out["name"] = str(s.name)
    out["source"] = _source(s)
    if not s.enabled:
        out["enabled"] = False
    if not s.self_start:
        out["self_start"] = False
    if s.isg:
        out["isg"] = stl._usec(s.isg)
    if s.next is not None:
        out["next"] = str(s.next)
    if s.action_count:
        out["action_count"] = s.action_count
    if s.random_seed:
        out["seed"] = int(s.random_seed)
    if s.flow_stats is not None:
        out[s.flow_stats._key] = {"id": s.flow_stats.pg_id}
        if getattr(s.flow_stats, "by_vlan", False):
            out[s.flow_stats._key]["by_vlan"] = True
    variables, writes, sizes = _vm(s.packet)
    for v in variables:
        # A random value list is TRex's pick, and with a random_seed a random range draws
        # TRex's own sequence (riptide's op trex_random); without one TRex seeds from the
        # clock, and riptide's uniform draws serve.
        if v.get("op") == "random_list" or (v.get("op") == "random" and s.random_seed):
            v["op"] = "trex_random"
            v.pop("step", None)
            v.pop("init", None)
    if sizes is not None:
        out["size"] = sizes
    if variables:
        out["vars"] = variables
    if writes:
        out["writes"] = writes
    return out


def to_profile(path: str, ports: int = 1, tunables: Optional[Mapping[str, Any]] = None) -> Dict[str, Any]:
    """The riptide profile of TRex profile ``path`` loaded on ``ports`` ports, as TRex
    loads a profile on each port it starts (``direction`` = port % 2, ``port_id`` =
    port). With several ports, stream names (and ``next``) get a ``-pN`` suffix."""
    if ports < 1:
        raise STLError(f"{path}: at least one port is needed")
    streams: List[Dict[str, Any]] = []
    for port in range(ports):
        for s in load_streams(path, direction=port % 2, port_id=port, tunables=tunables):
            d = stream_dict(s, port)
            if ports > 1:
                for key in ("name", "next"):
                    if key in d:
                        d[key] = f"{d[key]}-p{port}"
            streams.append(d)
    if not streams:
        raise STLError(f"{path}: get_streams() returned no stream")
    return {"streams": streams}
