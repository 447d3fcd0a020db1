"""A TRex stateless Python profile as a riptide profile.

:func:`load_streams` runs the profile the way TRex's ``STLProfile.load_py`` does (its
directory on ``sys.path``, ``register().get_streams(direction=..., port_id=...,
**tunables)``) with TRex's module names answered by :mod:`riptide.trex.stl` for that
load only (:func:`trex_names`: an import hook, removed afterwards; nothing is installed
under TRex's names). :func:`to_profile` turns the streams into riptide's profile (a
``dict``: ``{"streams": [...]}``, docs/profiles.md); ``riptide run PROFILE.py`` calls
``python -m riptide.trex`` for it.
"""

from __future__ import annotations

import contextlib
import importlib.abc
import importlib.machinery
import importlib.util
import inspect
import itertools
import os
import sys
import types
from typing import Any, Dict, Iterator, List, Mapping, Optional, Sequence, Union

from . import stl
from .stl import STLError, STLStream

#: Module names a TRex profile imports, answered by riptide during a load.
TREX_MODULES = ("trex_stl_lib", "trex_stl_lib.api", "trex", "trex.stl", "trex.stl.api")

_loads = itertools.count()


class _TrexFinder(importlib.abc.MetaPathFinder, importlib.abc.Loader):
    """Answers TRex's module names: the ``api`` ones are riptide.trex.stl, the others empty packages."""

    def find_spec(self, fullname: str, path: Any = None, target: Any = None) -> Optional[importlib.machinery.ModuleSpec]:
        if fullname not in TREX_MODULES:
            return None
        return importlib.machinery.ModuleSpec(fullname, self, is_package=not fullname.endswith(".api"))

    def create_module(self, spec: importlib.machinery.ModuleSpec) -> types.ModuleType:
        if spec.name.endswith(".api"):
            return stl
        module = types.ModuleType(spec.name, "TRex's package name, answered by riptide for a profile load")
        module.__path__ = []
        return module

    def exec_module(self, module: types.ModuleType) -> None:
        pass


@contextlib.contextmanager
def trex_names() -> Iterator[None]:
    """TRex's module names resolve to riptide's implementation inside the block only."""
    clash = [n for n in TREX_MODULES if n in sys.modules]
    if clash:
        raise STLError(f"module {clash[0]} is already imported (a TRex installation?): riptide will not shadow it")
    finder = _TrexFinder()
    sys.meta_path.insert(0, finder)
    try:
        yield
    finally:
        sys.meta_path.remove(finder)
        for n in TREX_MODULES:
            sys.modules.pop(n, None)


def _profile_line(tb: Any, path: str) -> str:
    """``path:line`` of the innermost traceback frame in the profile file, or the path."""
    where = path
    real = os.path.realpath(path)
    while tb is not None:
        if os.path.realpath(tb.tb_frame.f_code.co_filename) == real:
            where = f"{path}:{tb.tb_lineno}"
        tb = tb.tb_next
    return where


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
            gs = getattr(register(), "get_streams", None)
            if not callable(gs):
                raise STLError(f"{path}: register() returns an object without get_streams()")
            result = gs(**_call_args(path, gs, direction, port_id, tunables))
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
    built = pkt.__class__(raw)
    layer, seen = built, 0
    while layer is not None and layer.__class__.__name__ != "NoPayload":
        if layer.__class__.__name__ == name:
            if seen == nth:
                break
            seen += 1
        layer = layer.payload
    else:
        raise who._fail(f"pkt_offset '{spec}': the packet has no layer {layer_name}")
    base = len(raw) - len(bytes(layer))
    if not field:
        return base
    bits = 0
    for f in layer.fields_desc:
        if f.name == field:
            if bits % 8:
                raise who._fail(f"pkt_offset '{spec}' is not on a byte boundary: write it with STLVmWrMaskFlowVar")
            return base + bits // 8
        size = getattr(f, "size", None)
        # Bit fields (BitField, FlagsField, ...) are sized in bits.
        if isinstance(size, int) and any("BitField" in c.__name__ for c in type(f).__mro__):
            bits += size
        else:
            bits += 8 * len(f.addfield(layer, b"", layer.getfieldval(f.name)))
    raise who._fail(f"pkt_offset '{spec}': layer {layer_name} has no field '{field}'")


def _packet(builder: stl.STLPktBuilder) -> tuple:
    """Riptide layers and frame size for the builder's packet, padded as TRex pads it."""
    from ..from_scapy import from_scapy, scapy_packet

    pkt = builder.pkt
    # A scapy Padding layer is Ethernet padding: outside the IP length, as riptide's.
    inner = pkt
    if pkt.getlayer("Padding") is not None:
        if any(bytes(pkt.getlayer("Padding"))):
            raise builder._fail("a Padding layer with non-zero bytes: riptide pads with zeros")
        inner = pkt.copy()
        inner.getlayer("Padding").underlayer.remove_payload()
    try:
        layers = from_scapy(inner)
    except ValueError as e:
        raise builder._fail(str(e)) from e
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
    return layers, frame_len + 4


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
            if not isinstance(var, stl.STLVmFlowVar) or var.values is not None:
                raise c._fail(f"fv_name '{c.fv_name}' is no inc/dec/random variable defined before it")
            length = len(bytes(builder.pkt))
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
    return out_vars, writes, size


def stream_dict(s: STLStream, port: int) -> Dict[str, Any]:
    """One TRex stream as a riptide stream (docs/profiles.md)."""
    out: Dict[str, Any] = {"port": port, "rate": s.mode.rate, "mode": s.mode._mode()}
    if s.packet.raw is not None:
        # Bytes (pkt_buffer, a pcap): riptide finds their layers itself (`frame:`), and
        # pads a short one to 60 bytes as TRex does.
        out["frame"] = s.packet.raw.hex()
    else:
        out["packet"], out["size"] = _packet(s.packet)
    if s.name is not None:
        out["name"] = str(s.name)
    if not s.enabled:
        out["enabled"] = False
    if not s.self_start:
        out["self_start"] = False
    if s.isg:
        out["isg"] = stl._usec(s.isg)
    if s.next is not None:
        out["next"] = str(s.next)
    if s.random_seed:
        out["seed"] = int(s.random_seed)
    if s.flow_stats is not None:
        out[s.flow_stats._key] = {"id": s.flow_stats.pg_id}
    variables, writes, sizes = _vm(s.packet)
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


def main(argv: Optional[Sequence[str]] = None) -> int:
    """``python -m riptide.trex PROFILE.py [--ports N] [-t k=v,...]``: the riptide
    profile (JSON) on stdout; an error is one line on stderr and exit status 2."""
    import argparse
    import json

    ap = argparse.ArgumentParser(prog="python -m riptide.trex", description=main.__doc__)
    ap.add_argument("profile")
    ap.add_argument("--ports", type=int, default=1)
    ap.add_argument("-t", "--tunables", default="")
    a = ap.parse_args(argv)
    try:
        profile = to_profile(a.profile, a.ports, parse_tunables(a.tunables))
    except STLError as e:
        print(f"error: {e}", file=sys.stderr)
        return 2
    # One stream per line: a riptide error that names a line names a stream.
    lines = ",\n".join(json.dumps(s) for s in profile["streams"])
    sys.stdout.write('{"streams": [\n' + lines + "\n]}\n")
    return 0
