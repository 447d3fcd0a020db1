"""TRex's stateless profile API (``trex_stl_lib.api`` / ``trex.stl.api``) on riptide.

A TRex profile imports these names and builds ``STLStream`` objects; riptide reads what
they describe and turns it into its own profile (:mod:`riptide.trex.convert`). The
objects keep their arguments and the profile line that made them, so anything riptide
cannot honour is an error naming that line, never a silent difference.

Semantics follow TRex's documentation: ``isg`` and ``ibg`` are microseconds; a packet
shorter than 60 bytes is padded to 60 with zeros after the IP packet (Ethernet padding);
a flow variable starts at ``init_value`` (``min_value`` for inc, ``max_value`` for dec)
and wraps at the other end; ``STLVmFixIpv4`` / ``STLVmFixChecksumHw`` are accepted and
need nothing, because riptide keeps every checksum right after each write (TRex fixes
only what they name: its UDP checksums go stale when an address changes; riptide's do
not).
"""

from __future__ import annotations

# TRex's api module hands its profiles the modules it imported: binascii among them
# (udp_1pkt_multi.py calls binascii.unhexlify without importing it).
import binascii  # noqa: F401
import math
import os
import sys
from typing import Any, Dict, List, Optional, Sequence, Union

# TRex's api module hands the profile scapy's names (Ether, IP, UDP, ...): those of the
# layers TRex's own scapy loads (its scripts/external_libs/scapy-2.4.3 conf.load_layers),
# not the dozen newer ones (Kerberos, SMB2, MS-RPCE, ...) that cost a third of every
# profile's start-up (1.46 s -> 1.15 s) and that no TRex profile can name.
from scapy.config import conf as _scapy_conf

_TREX_LAYERS = {
    "bluetooth", "bluetooth4LE", "dhcp", "dhcp6", "dns", "dot11", "dot15d4", "eap", "gprs", "hsrp", "inet",
    "inet6", "ipsec", "ir", "isakmp", "l2", "l2tp", "llmnr", "lltd", "mgcp", "mobileip", "netbios", "netflow",
    "ntp", "ppi", "ppp", "pptp", "radius", "rip", "rtp", "sctp", "sixlowpan", "skinny", "smb", "snmp", "tftp",
    "vrrp", "vxlan", "x509", "zigbee",
}
_scapy_conf.load_layers = [layer for layer in _scapy_conf.load_layers if layer in _TREX_LAYERS]

from scapy.all import *  # noqa: E402,F401,F403  (re-exported for the profiles)

from .errors import TRexError

_PROFILE_FILES: List[str] = []
"""Paths of the profile files being loaded: an object's line is the innermost frame in one."""


class STLError(TRexError):
    """TRex's error type, raised for what riptide cannot honour."""


def _where() -> str:
    """``file:line`` of the profile line building the current object ('' outside a load)."""
    f = sys._getframe(1)
    files = {os.path.realpath(p) for p in _PROFILE_FILES}
    while f is not None:
        if os.path.realpath(f.f_code.co_filename) in files:
            return f"{f.f_code.co_filename}:{f.f_lineno}"
        f = f.f_back
    return ""


class _Obj:
    """An API object: its arguments and where the profile made it."""

    def __init__(self) -> None:
        self._where = _where()

    def _fail(self, msg: str) -> "STLError":
        where = f"{self._where}: " if self._where else ""
        return STLError(f"{where}{type(self).__name__}: {msg}")


def _unsupported(name: str, why: str) -> type:
    def init(self: _Obj, *args: Any, **kwargs: Any) -> None:
        _Obj.__init__(self)
        raise self._fail(f"not supported by riptide yet: {why}")

    return type(name, (_Obj,), {"__init__": init, "__doc__": f"TRex's {name}: {why} (not supported yet)."})


# ---- transmit modes ---------------------------------------------------------------


class STLTXMode(_Obj):
    """A rate: exactly one of pps, bps_L1, bps_L2, percentage (default 1 pps)."""

    def __init__(self, pps: Optional[float] = None, bps_L1: Optional[float] = None,
                 bps_L2: Optional[float] = None, percentage: Optional[float] = None) -> None:
        super().__init__()
        given = {k: v for k, v in (("pps", pps), ("bps_l1", bps_L1), ("bps_l2", bps_L2), ("percent", percentage))
                 if v is not None}
        if len(given) > 1:
            raise self._fail(f"give one of pps, bps_L1, bps_L2, percentage (got {', '.join(given)})")
        if not given:
            given = {"pps": 1}
        (key, value), = given.items()
        if not isinstance(value, (int, float)) or value <= 0:
            raise self._fail(f"rate {value!r} must be a positive number")
        self.rate: Dict[str, float] = {key: float(value)}

    def _mode(self) -> Union[str, Dict[str, Any]]:
        return "continuous"


class STLTXCont(STLTXMode):
    """Continuous."""


class STLTXSingleBurst(STLTXMode):
    """``total_pkts`` packets."""

    def __init__(self, total_pkts: int = 1, **rate: Any) -> None:
        super().__init__(**rate)
        if not isinstance(total_pkts, int) or total_pkts < 1:
            raise self._fail(f"total_pkts {total_pkts!r} must be a positive integer")
        self.total_pkts = total_pkts

    def _mode(self) -> Dict[str, Any]:
        return {"burst": {"packets": self.total_pkts}}


class STLTXMultiBurst(STLTXMode):
    """``count`` bursts of ``pkts_per_burst`` packets, ``ibg`` microseconds between them."""

    def __init__(self, pkts_per_burst: int = 1, ibg: float = 0.0, count: int = 1, **rate: Any) -> None:
        super().__init__(**rate)
        if not isinstance(pkts_per_burst, int) or pkts_per_burst < 1:
            raise self._fail(f"pkts_per_burst {pkts_per_burst!r} must be a positive integer")
        if not isinstance(count, int) or count < 1:
            raise self._fail(f"count {count!r} must be a positive integer")
        if not isinstance(ibg, (int, float)) or ibg < 0:
            raise self._fail(f"ibg {ibg!r} must be microseconds, 0 or more")
        self.pkts_per_burst, self.ibg, self.count = pkts_per_burst, float(ibg), count

    def _mode(self) -> Dict[str, Any]:
        return {"multi_burst": {"packets": self.pkts_per_burst, "bursts": self.count, "ibg": _usec(self.ibg)}}


def _usec(us: float) -> str:
    """Microseconds as a riptide duration (TRex's isg and ibg unit)."""
    return f"{int(us)}us" if float(us).is_integer() else f"{round(us * 1000)}ns"


# ---- flow stats -------------------------------------------------------------------


class STLFlowStats(_Obj):
    """Per-stream RX counters under ``pg_id``."""

    _key = "flow_stats"

    def __init__(self, pg_id: int, ieee_1588: bool = False) -> None:
        super().__init__()
        if ieee_1588:
            raise self._fail("ieee_1588=True asks for the NIC's PTP hardware timestamps: riptide's latency "
                             "stamps are its own software stamps (TRex supports it on some NICs only)")
        if not isinstance(pg_id, int) or not 0 <= pg_id <= 65535:
            raise self._fail(f"pg_id {pg_id!r} must be an integer from 0 to 65535")
        self.pg_id = pg_id


class STLFlowLatencyStats(STLFlowStats):
    """Counters plus latency and jitter under ``pg_id``."""

    _key = "latency"


class STLTaggedPktGroup(STLFlowStats):
    """TRex's tagged packet group ``tpgid``: counters by the VLAN each frame arrives with
    (riptide's ``by_vlan``; the VLAN groups are the profile's ``vlans``, which TRex's
    ``enable_tpg`` sets: without them every VLAN counts as unknown)."""

    by_vlan = True

    def __init__(self, tpgid: int) -> None:
        super().__init__(tpgid)


# ---- field engine -----------------------------------------------------------------


def _num(v: Any) -> Any:
    """A flow-variable value: ints as they are, dotted IPv4 as its number (as TRex)."""
    if isinstance(v, str):
        parts = v.split(".")
        if len(parts) == 4 and all(p.isdigit() and int(p) < 256 for p in parts):
            return int.from_bytes(bytes(int(p) for p in parts), "big")
    return v


class _Instr(_Obj):
    pass


def list_order(var: "STLVmFlowVar") -> List[Any]:
    """One period of the values a value-list variable takes, in order: TRex walks the
    list by its step (down from the last value for dec), as riptide's ``op: list``."""
    values = var.values if var.op == "inc" else var.values[::-1]
    n, step = len(values), var.step % len(values)
    if step == 0:
        return values[:1]
    period = n // math.gcd(n, step)
    return [values[(k * step) % n] for k in range(period)]


class STLVmFlowVar(_Instr):
    """A flow variable: inc, dec or random over min..max (or value_list)."""

    def __init__(self, name: str, min_value: Any = 0, max_value: Any = 255, size: int = 4, op: str = "inc",
                 step: int = 1, init_value: Any = None, value_list: Optional[Sequence[Any]] = None,
                 next_var: Optional[str] = None, split_to_cores: bool = True) -> None:
        super().__init__()
        if op not in ("inc", "dec", "random"):
            raise self._fail(f"op '{op}': expected inc, dec or random")
        if size not in (1, 2, 4, 8):
            raise self._fail(f"size {size}: expected 1, 2, 4 or 8")
        if next_var is not None:
            if not isinstance(next_var, str):
                raise self._fail(f"next_var {next_var!r}: expected a variable's name")
            if op == "random":
                raise self._fail(f"next_var with op 'random': a random variable never wraps around ({name})")
            if next_var == name:
                raise self._fail(f"next_var '{next_var}' is the variable itself")
        # The variable that takes its next value when this one wraps (riptide's `next`).
        self.next_var = next_var
        # TRex splits a variable between cores by interleaving its walk (riptide's
        # `split: interleave`), or not at all (`whole`); random ones never.
        self.split_to_cores = bool(split_to_cores)
        self.name, self.size, self.op, self.step = name, size, op, step
        self.min, self.max, self.init = _num(min_value), _num(max_value), _num(init_value)
        self.values = [_num(v) for v in value_list] if value_list is not None else None

    def _var(self) -> Dict[str, Any]:
        v = self._walk()
        if v["op"] in ("inc", "dec", "list", "repeatable_random"):
            v["split"] = "interleave" if self.split_to_cores else "whole"
        return v

    def _walk(self) -> Dict[str, Any]:
        v: Dict[str, Any] = {"name": self.name, "size": self.size}
        if self.next_var is not None:
            v["next"] = self.next_var
        if self.values is not None and self.op == "random":
            # TRex picks from the list with its generator (convert.py makes it trex_random).
            v.update(op="random_list", values=self.values)
            return v
        if self.values is not None:
            # TRex walks a list down from its last value for dec: up the reversed list.
            v.update(op="list", values=self.values if self.op == "inc" else self.values[::-1])
            if self.step != 1:
                v["step"] = self.step
            return v
        lo, hi = self.min, self.max
        if self.op != "random" and isinstance(lo, int) and isinstance(hi, int) and isinstance(self.step, int) \
                and self.step > 0 and hi >= lo:
            # TRex's server pads a range the step does not divide into a true cycle
            # (handle_range_padding): inc raises max, dec lowers min, by what the step lacks.
            pad = (hi - lo + 1) % self.step
            if pad:
                by = self.step - pad
                if self.op == "inc" and hi + by < 1 << (8 * self.size):
                    hi += by
                elif self.op == "dec" and lo >= by:
                    lo -= by
                else:
                    raise self._fail(f"(max_value - min_value + 1) % step must be 0: TRex cannot pad {lo}..{hi} "
                                     f"by {self.step} within {self.size} byte(s)")
        v.update(op=self.op, min=lo, max=hi)
        if self.step != 1:
            v["step"] = self.step
        if self.init is not None:
            v["init"] = self.init
        return v


class STLVmWrFlowVar(_Instr):
    """Writes a variable at ``pkt_offset`` (a byte offset, or a field name like ``IP.src``)."""

    def __init__(self, fv_name: str, pkt_offset: Union[int, str], offset_fixup: int = 0, add_val: int = 0,
                 is_big: bool = True) -> None:
        super().__init__()
        if not is_big:
            raise self._fail("not supported by riptide yet: is_big=False (little-endian writes)")
        self.fv_name, self.pkt_offset, self.offset_fixup, self.add_val = fv_name, pkt_offset, offset_fixup, add_val


class STLVmWrMaskFlowVar(_Instr):
    """Writes ``((var + add_value) << shift) & mask`` into ``pkt_cast_size`` bytes at ``pkt_offset``."""

    def __init__(self, fv_name: str, pkt_offset: Union[int, str], pkt_cast_size: int = 1, mask: int = 0xFF,
                 shift: int = 0, add_value: int = 0, offset_fixup: int = 0, is_big: bool = True) -> None:
        super().__init__()
        if not is_big:
            raise self._fail("not supported by riptide yet: is_big=False (little-endian writes)")
        if pkt_cast_size not in (1, 2, 4):
            raise self._fail(f"pkt_cast_size {pkt_cast_size}: expected 1, 2 or 4")
        self.fv_name, self.pkt_offset, self.offset_fixup = fv_name, pkt_offset, offset_fixup
        self.cast, self.mask, self.shift, self.add_value = pkt_cast_size, mask, shift, add_value


class STLVmFixIpv4(_Instr):
    """Accepted: riptide keeps the IPv4 header checksum right after every write."""

    def __init__(self, offset: Union[int, str] = "IP") -> None:
        super().__init__()
        self.offset = offset


class STLVmFixIcmpv6(_Instr):
    """Accepted: riptide keeps the ICMPv6 checksum right after every write."""

    def __init__(self, l3_offset: Union[int, str] = "IPv6", l4_offset: Union[int, str] = "ICMPv6") -> None:
        super().__init__()
        self.l3_offset, self.l4_offset = l3_offset, l4_offset


class STLVmFixChecksumHw(_Instr):
    """Accepted: riptide keeps the IPv4 and L4 checksums right after every write."""

    def __init__(self, l3_offset: Union[int, str] = "IP", l4_offset: Union[int, str] = "UDP",
                 l4_type: int = 0) -> None:
        super().__init__()
        self.l3_offset, self.l4_offset = l3_offset, l4_offset


class CTRexVmInsFixHwCs:
    """TRex's low-level checksum instruction, named by profiles for its L4 type constants."""

    L4_TYPE_UDP = 11
    L4_TYPE_TCP = 13
    L4_TYPE_IP = 17


class STLVmTupleGen(_Instr):
    """A client tuple: addresses x ports, the address fastest, written as ``NAME.ip`` and
    ``NAME.port``; after ``limit_flows`` tuples the walk starts over."""

    def __init__(self, ip_min: Any = "0.0.0.1", ip_max: Any = "0.0.0.10", port_min: int = 1025,
                 port_max: int = 65535, limit_flows: int = 100000, flags: int = 0, name: Optional[str] = None) -> None:
        super().__init__()
        if name is None:
            raise self._fail("name is required")
        if flags:
            raise self._fail(f"not supported by riptide yet: flags={flags}")
        if not isinstance(limit_flows, int) or limit_flows < 1:
            raise self._fail(f"limit_flows {limit_flows!r} must be a positive integer")
        self.name, self.ip_min, self.ip_max = name, _num(ip_min), _num(ip_max)
        self.port_min, self.port_max, self.limit_flows = port_min, port_max, limit_flows
        self.size = 4

    def _var(self) -> Dict[str, Any]:
        return {"name": self.name, "tuple": {"ip_min": self.ip_min, "ip_max": self.ip_max, "port_min": self.port_min,
                                             "port_max": self.port_max, "limit": self.limit_flows}}


class STLVmTrimPktSize(_Instr):
    """The packet's size (FCS excluded) is the variable's value: riptide's frame-size walk."""

    def __init__(self, fv_name: str) -> None:
        super().__init__()
        self.fv_name = fv_name


class STLVmFlowVarRepeatableRandom(STLVmFlowVar):
    """TRex's repeatable random: ``limit`` values from TRex's generator seeded with ``seed``,
    then the same values again (riptide's ``op: repeatable_random``, the same sequence)."""

    def __init__(self, name: str, size: int = 4, limit: int = 100, seed: Optional[int] = None,
                 min_value: Any = 0, max_value: Any = None, split_to_cores: bool = True,
                 next_var: Optional[str] = None) -> None:
        super().__init__(name, min_value=min_value, max_value=0, size=size, op="inc", next_var=next_var,
                         split_to_cores=split_to_cores)
        self.op = "random"
        if min_value is None:
            self.min = 0
        if max_value is None:
            max_value = (1 << (8 * size)) - 1
        self.max = _num(max_value)
        if not isinstance(limit, int) or limit < 1:
            raise self._fail(f"limit {limit!r} must be a positive integer")
        if seed is None:
            # TRex seeds it from the clock when the profile gives none.
            import random

            seed = random.getrandbits(32)
        if not isinstance(seed, int) or not 0 <= seed < 1 << 32:
            raise self._fail(f"seed {seed!r} must be a 32-bit integer")
        self.limit, self.seed = limit, seed
        # A list of values to the trimming check, not a range walk.
        self.values = []

    def _walk(self) -> Dict[str, Any]:
        v = {"name": self.name, "size": self.size, "op": "repeatable_random", "min": self.min, "max": self.max,
             "limit": self.limit, "seed": self.seed}
        if self.next_var is not None:
            v["next"] = self.next_var
        return v


class STLScVmRaw(_Obj):
    """A field-engine program: a list of instructions."""

    def __init__(self, list_of_commands: Optional[Sequence[Any]] = None, split_by_field: Optional[str] = None,
                 cache_size: Optional[int] = None) -> None:
        super().__init__()
        self.commands: List[Any] = list(list_of_commands or [])
        for c in self.commands:
            if not isinstance(c, _Instr):
                raise self._fail(f"{c!r} is not a field-engine instruction")
        # split_by_field chooses which variable TRex splits between cores (riptide splits
        # every one, each core its own share); cache_size caches built packets: neither
        # changes one core's bytes.
        self.split_by_field, self.cache_size = split_by_field, cache_size


class STLVM(STLScVmRaw):
    """TRex's builder-style program: ``vm.var(...)``, ``vm.write(...)``, ``vm.fix_chksum()``."""

    def __init__(self) -> None:
        super().__init__([])

    def var(self, **kw: Any) -> None:
        self.commands.append(STLVmFlowVar(**kw))

    def write(self, **kw: Any) -> None:
        self.commands.append(STLVmWrFlowVar(**kw))

    def write_mask(self, **kw: Any) -> None:
        self.commands.append(STLVmWrMaskFlowVar(**kw))

    def fix_chksum(self, offset: Union[int, str] = "IP") -> None:
        self.commands.append(STLVmFixIpv4(offset))

    def fix_chksum_hw(self, **kw: Any) -> None:
        self.commands.append(STLVmFixChecksumHw(**kw))

    def repeatable_random_var(self, fv_name: str, **kw: Any) -> None:
        self.commands.append(STLVmFlowVarRepeatableRandom(fv_name, **kw))

    def tuple_var(self, **kw: Any) -> None:
        self.commands.append(STLVmTupleGen(**kw))

    def trim(self, fv_name: str) -> None:
        self.commands.append(STLVmTrimPktSize(fv_name))

    def set_split_by_var(self, name: str) -> None:
        self.split_by_field = name

    def set_cached(self, size: int) -> None:
        self.cache_size = size


# TRex's older names for the same objects.
CTRexScRaw = STLScVmRaw
CTRexVmDescFlowVar = STLVmFlowVar
CTRexVmDescWrFlowVar = STLVmWrFlowVar
CTRexVmDescWrMaskFlowVar = STLVmWrMaskFlowVar
CTRexVmDescFixIpv4 = STLVmFixIpv4
CTRexVmDescTupleGen = STLVmTupleGen
CTRexVmDescTrimPktSize = STLVmTrimPktSize


# ---- packets and streams -----------------------------------------------------------


class STLPktBuilder(_Obj):
    """The packet: a scapy packet, raw bytes (``pkt_buffer``) or a pcap file's first packet."""

    def __init__(self, pkt: Any = None, pkt_buffer: Optional[bytes] = None, vm: Any = None,
                 path_relative_to_profile: bool = False, build_raw: bool = False, remove_fcs: bool = True) -> None:
        super().__init__()
        from scapy.layers.l2 import Ether

        if (pkt is None) == (pkt_buffer is None):
            raise self._fail("give one of pkt (a scapy packet or a pcap file) and pkt_buffer")
        if isinstance(pkt, str):
            path = pkt
            if path_relative_to_profile and self._where:
                path = os.path.join(os.path.dirname(self._where.rsplit(":", 1)[0]), path)
            from scapy.utils import rdpcap

            try:
                frames = rdpcap(path, count=1)
            except (OSError, ValueError) as e:
                raise self._fail(f"pcap {path}: {e}") from e
            if not frames:
                raise self._fail(f"pcap {path} has no packet")
            pkt_buffer = bytes(frames[0])
        # Bytes go to riptide as bytes (its `frame:`); the dissection names fields for pkt_offset.
        self.raw: Optional[bytes] = None
        if pkt_buffer is not None:
            self.raw = bytes(pkt_buffer)
            pkt = Ether(self.raw)
        self.pkt = pkt
        if vm is None:
            vm = STLScVmRaw([])
        elif isinstance(vm, (list, tuple)):
            vm = STLScVmRaw(list(vm))
        if not isinstance(vm, STLScVmRaw):
            raise self._fail(f"vm {vm!r}: expected STLScVmRaw, STLVM or a list of instructions")
        self.vm = vm
        self._trex_build(build_raw, remove_fcs)

    def _trex_build(self, build_raw: bool, remove_fcs: bool) -> None:
        """What TRex's builder does to the packet when it builds it (its
        ``__lazy_build_packet``: for ``build_raw`` bytes, or when an instruction names an
        offset by layer or field): with ``remove_fcs`` it drops a trailing scapy Padding
        (Ethernet padding, and a pcap's FCS with it); otherwise the bytes go as given."""
        named = any(isinstance(getattr(c, a, None), str) for c in self.vm.commands
                    for a in ("pkt_offset", "offset", "l3_offset", "l4_offset"))
        if not (remove_fcs and (named or (build_raw and self.raw is not None))):
            return
        last = self.pkt.lastlayer()
        if last.name == "Padding" and last.underlayer is not None:
            pkt = self.pkt.copy()
            pkt.lastlayer().underlayer.remove_payload()
            self.pkt = pkt
            if self.raw is not None:
                self.raw = bytes(pkt)


class STLStream(_Obj):
    """A stream: packet, mode (rate), chaining and stats, as TRex's."""

    def __init__(self, name: Optional[str] = None, packet: Optional[STLPktBuilder] = None,
                 mode: Optional[STLTXMode] = None, enabled: bool = True, self_start: bool = True, isg: float = 0.0,
                 flow_stats: Optional[STLFlowStats] = None, next: Optional[str] = None,
                 stream_id: Optional[int] = None, action_count: int = 0, random_seed: int = 0,
                 mac_src_override_by_pkt: Optional[bool] = None, mac_dst_override_mode: Optional[int] = None,
                 dummy_stream: bool = False, start_paused: bool = False, core_id: int = -1) -> None:
        super().__init__()
        if packet is None:
            raise self._fail("packet is required (an STLPktBuilder)")
        if not isinstance(packet, STLPktBuilder):
            raise self._fail(f"packet {packet!r}: expected an STLPktBuilder")
        if mode is None:
            mode = STLTXCont()
        if not isinstance(mode, STLTXMode):
            raise self._fail(f"mode {mode!r}: expected STLTXCont, STLTXSingleBurst or STLTXMultiBurst")
        if flow_stats is not None and not isinstance(flow_stats, STLFlowStats):
            raise self._fail(f"flow_stats {flow_stats!r}: expected STLFlowStats, STLFlowLatencyStats "
                             "or STLTaggedPktGroup")
        if not isinstance(action_count, int) or not 0 <= action_count < 1 << 32:
            raise self._fail(f"action_count {action_count!r}: a count of ends, 0 to 2^32-1")
        self.action_count = action_count
        if dummy_stream or start_paused:
            raise self._fail("not supported by riptide yet: dummy_stream / start_paused")
        if not isinstance(isg, (int, float)) or isg < 0:
            raise self._fail(f"isg {isg!r} must be microseconds, 0 or more")
        self.name, self.packet, self.mode, self.enabled = name, packet, mode, enabled
        self.self_start, self.isg, self.flow_stats, self.next = self_start, float(isg), flow_stats, next
        self.random_seed = random_seed


class STLProfile(_Obj):
    """A list of streams, and TRex's loaders."""

    def __init__(self, streams: Union[STLStream, Sequence[STLStream], None] = None) -> None:
        super().__init__()
        if streams is None:
            streams = []
        self.streams: List[STLStream] = [streams] if isinstance(streams, STLStream) else list(streams)

    def get_streams(self) -> List[STLStream]:
        return self.streams

    def __len__(self) -> int:
        return len(self.streams)

    @staticmethod
    def load_py(python_file: str, direction: int = 0, port_id: int = 0, **kwargs: Any) -> "STLProfile":
        from .convert import load_streams

        return STLProfile(load_streams(python_file, direction=direction, port_id=port_id, tunables=kwargs))

    @staticmethod
    def load(filename: str, direction: int = 0, port_id: int = 0, **kwargs: Any) -> "STLProfile":
        if filename.endswith((".pcap", ".cap")):
            # As TRex: one packet a second.
            return STLProfile.load_pcap(filename, speedup=1, ipg_usec=1e6)
        if not filename.endswith(".py"):
            raise STLError(f"{filename}: riptide loads TRex's Python profiles (.py) and pcaps; YAML profiles are not supported yet")
        return STLProfile.load_py(filename, direction, port_id, **kwargs)

    @staticmethod
    def load_yaml(yaml_file: str) -> "STLProfile":
        raise STLError(f"{yaml_file}: TRex YAML profiles are not supported by riptide yet")

    @staticmethod
    def load_pcap(pcap_file: str, ipg_usec: Optional[float] = None, speedup: float = 1.0, loop_count: int = 1,
                  vm: Any = None, packet_hook: Any = None, split_mode: Optional[str] = None,
                  min_ipg_usec: Optional[float] = None) -> "STLProfile":
        """The pcap's packets as a chain of one-packet streams, as TRex's: each starts the
        pcap's gap after the one before (``ipg_usec`` instead, divided by ``speedup``, at
        least ``min_ipg_usec``); ``loop_count`` 1 plays the file once, 0 for ever."""
        where = f"STLProfile.load_pcap({pcap_file!r})"
        if split_mode is not None:
            raise STLError(f"{where}: split_mode (one pcap split over two ports) is not supported by riptide yet")
        if speedup <= 0:
            raise STLError(f"{where}: speedup should be positive")
        if min_ipg_usec and min_ipg_usec < 0:
            raise STLError(f"{where}: min_ipg_usec should not be negative")
        if ipg_usec is not None and ipg_usec < 0.001 * speedup and (min_ipg_usec is None or min_ipg_usec < 0.001):
            raise STLError(f"{where}: ipg_usec cannot be less than 0.001 usec: {ipg_usec}")
        if loop_count < 0:
            raise STLError(f"{where}: loop_count cannot be negative")
        if not os.path.isfile(pcap_file):
            raise STLError(f"{where}: no such file")
        from scapy.utils import RawPcapReader

        try:
            with RawPcapReader(pcap_file) as reader:
                raw = [(data, meta) for data, meta in reader]
        except Exception as e:  # scapy raises its own types for a bad file
            raise STLError(f"{where}: cannot read it: {e}") from e
        if not raw:
            raise STLError(f"{where}: the file holds no packet")
        # Gaps as TRex's PCAPReader counts them.
        pkts, last_ts, prev = [], 0.0, None
        for data, meta in raw:
            ts_usec = meta.sec * 1e6 + (meta.usec if hasattr(meta, "usec") else meta[1])
            if ipg_usec is None:
                delta = 0.0 if prev is None else (ts_usec - prev) / float(speedup)
                if min_ipg_usec and delta < min_ipg_usec:
                    delta = min_ipg_usec
                prev = ts_usec
                last_ts += delta
            elif min_ipg_usec:
                last_ts += min_ipg_usec
            else:
                last_ts += ipg_usec / float(speedup)
            pkts.append((packet_hook(data) if packet_hook else data, last_ts))
        streams, last = [], 0.0
        for i, (data, ts) in enumerate(pkts, start=1):
            isg, last = ts - last, ts
            # As TRex: the last packet's stream goes back to the first, loop_count times in
            # all (its action_count; 0 for ever; 1 stops at its first end).
            last_one = i == len(pkts)
            nxt = i + 1 if not last_one else (1 if loop_count != 1 else None)
            streams.append(STLStream(name=str(i), packet=STLPktBuilder(pkt_buffer=bytes(data), vm=vm),
                                     mode=STLTXSingleBurst(total_pkts=1, percentage=100), self_start=i == 1,
                                     isg=isg, next=None if nxt is None else str(nxt),
                                     action_count=loop_count if last_one and loop_count > 1 else 0))
        return STLProfile(streams)

