"""TRex's advanced-stateful (ASTF) profile API (``trex.astf.api``) on riptide.

A TRex ASTF profile builds an ``ASTFProfile`` from templates (a client and a server
``ASTFProgram`` of L7 commands, an IP generator, ports, rates) and from pcaps
(``ASTFCapInfo``: each file one flow, whose payloads become the two programs).
:meth:`ASTFProfile.to_json` writes what TRex's client sends its server, the same JSON
TRex's own ``to_json()`` writes (riptide's Rust side reads it):

``buf_list``
    the payloads, base64 (``{"base", "size", "fill"}`` for a padded one), each once;
``program_list``
    ``{"commands": [...], "stream": false?, "addon"?}``, each distinct program once;
``ip_gen_dist_list``
    address ranges (``ip_start``, ``ip_end``, ``distribution``, ``dir``,
    ``ip_offset``, ``per_core_distribution``?), each distinct range once;
``templates``
    ``{"client_template": {program_index, ip_gen, cluster, port, cps?, limit?, cont?,
    glob_info?, tls?}, "server_template": {program_index, assoc, glob_info?, tls?},
    "tg_id"?}`` (``tls``: riptide's extension, TLS under the template's programs);
``c_glob_info`` / ``s_glob_info``
    the profile's tunables per side, when given (:mod:`riptide.trex.astf_glob`);
``tg_names``
    the template group names; a template's ``tg_id`` is its group's place + 1.

This is riptide's own implementation, written from TRex's code as its specification and
checked against it: every TRex sample profile that TRex's code loads gives the same JSON
here, and what TRex's code refuses riptide refuses, with a message naming the profile
line (python/tests/test_astf_profile.py).

The API's rooms: commands :mod:`~riptide.trex.astf_cmd`, programs
:mod:`~riptide.trex.astf_program`, tunables :mod:`~riptide.trex.astf_glob`, a pcap's flow
:mod:`~riptide.trex.astf_cap` (read by :mod:`~riptide.trex.pcap`), argument rules
:mod:`~riptide.trex.astf_check`; address generators, templates and the profile here, with
the names a profile's ``from trex.astf.api import *`` gets (``__all__``). Loading a
profile file: :mod:`~riptide.trex.astf_load`.
"""

from __future__ import annotations

import json
import os
import sys
from typing import Any, Dict, List, Mapping, Optional, Sequence, Tuple, Union

from . import astf_cap
from .astf_check import check, check_ip, error, ip2int, is_ipv4, listify
from .astf_cmd import (DELAYS, ASTFCmd, ASTFCmdAddStatsVal, ASTFCmdAddTickStats, ASTFCmdAddTickVar, ASTFCmdAddVal,
                       ASTFCmdCloseMsg, ASTFCmdConnect, ASTFCmdDelay, ASTFCmdDelayRnd, ASTFCmdExecTemplate,
                       ASTFCmdJMPCMP, ASTFCmdJMPDP, ASTFCmdJMPNZ, ASTFCmdKeepaliveMsg, ASTFCmdNoClose, ASTFCmdRecv,
                       ASTFCmdRecvMsg, ASTFCmdReset, ASTFCmdSend, ASTFCmdSetTemplate, ASTFCmdSetTickVar,
                       ASTFCmdSetVal, ASTFCmdTxMode, ASTFCmdTxPkt)
from .astf_glob import ASTFGlobalInfo, ASTFGlobalInfoPerTemplate
from .astf_program import ASTFProgram, Interner, cap_path
from .errors import ASTFError, TRexError
from .hook import where

__all__ = [
    # TRex's api module hands its profiles `os` and `sys` (the samples use `os` unimported).
    "os", "sys",
    "TRexError", "ASTFError",
    "ASTFGlobalInfo", "ASTFGlobalInfoPerTemplate",
    "ASTFCmd", "ASTFCmdSend", "ASTFCmdTxPkt", "ASTFCmdRecv", "ASTFCmdRecvMsg", "ASTFCmdKeepaliveMsg",
    "ASTFCmdCloseMsg", "ASTFCmdDelay", "ASTFCmdDelayRnd", "ASTFCmdReset", "ASTFCmdNoClose", "ASTFCmdConnect",
    "ASTFCmdSetVal", "ASTFCmdAddVal", "ASTFCmdSetTickVar", "ASTFCmdAddTickVar", "ASTFCmdAddStatsVal",
    "ASTFCmdAddTickStats", "ASTFCmdJMPNZ", "ASTFCmdJMPDP", "ASTFCmdJMPCMP", "ASTFCmdTxMode", "ASTFCmdSetTemplate",
    "ASTFCmdExecTemplate",
    "ASTFProgram", "ASTFIPGenDist", "ASTFIPGenGlobal", "ASTFIPGen", "ASTFCluster", "ASTFTCPOptions",
    "ASTFAssociationRule", "ASTFAssociation", "ASTFTCPClientTemplate", "ASTFTCPServerTemplate", "ASTFTemplate",
    "ASTFCapInfo", "ASTFProfile", "ASTFProfileLight",
]


# ---- address generators ------------------------------------------------------------


class ASTFIPGenDist:
    """An address range, ``seq`` or ``rand``; ``per_core_distribution`` ``seq`` gives
    each core a contiguous part. An ``ASTFIPGen`` makes it a client or server range."""

    def __init__(self, ip_range: Sequence[str], distribution: str = "seq",
                 per_core_distribution: Optional[str] = None) -> None:
        owner = "ASTFIPGenDist"
        if ip_range is None:
            raise error(f"{owner}: ip_range is required")
        try:
            ok = len(ip_range) == 2
        except TypeError:
            ok = False
        if not ok or not all(is_ipv4(ip) for ip in ip_range):
            raise error(f"{owner}: ip_range {ip_range!r}: expected [first, last] IPv4 addresses")
        if ip2int(owner, ip_range[0]) > ip2int(owner, ip_range[1]):
            raise error(f"{owner}: ip_range {list(ip_range)}: the first address is above the last")
        if distribution not in ("seq", "rand"):
            raise error(f"{owner}: distribution {distribution!r}: expected 'seq' or 'rand'")
        if per_core_distribution and per_core_distribution not in ("default", "seq"):
            raise error(f"{owner}: per_core_distribution {per_core_distribution!r}: expected 'default' or 'seq'")
        self._where = where()
        self.ip_start, self.ip_end = ip_range[0], ip_range[1]
        self.distribution = distribution
        self.per_core_distribution = per_core_distribution
        self.direction: Optional[str] = None
        self.ip_offset: Optional[str] = None

    def _fields(self) -> Dict[str, Any]:
        f: Dict[str, Any] = {"ip_start": self.ip_start, "ip_end": self.ip_end, "distribution": self.distribution}
        if self.per_core_distribution:
            f["per_core_distribution"] = self.per_core_distribution
        if self.direction is not None:
            f["dir"] = self.direction
        if self.ip_offset is not None:
            f["ip_offset"] = self.ip_offset
        return f

    def _overlaps(self, other: Mapping[str, Any]) -> bool:
        lo, hi = ip2int("ASTFIPGenDist", self.ip_start), ip2int("ASTFIPGenDist", self.ip_end)
        return lo <= ip2int("ASTFIPGenDist", other["ip_end"]) and hi >= ip2int("ASTFIPGenDist", other["ip_start"])


class ASTFIPGenGlobal:
    """What is added to the ranges per pair of ports (``ip_offset``; the server side's
    ``ip_offset_server`` when given)."""

    def __init__(self, ip_offset: str = "1.0.0.0", ip_offset_server: Optional[str] = None) -> None:
        check_ip("ASTFIPGenGlobal", "ip_offset", ip_offset)
        check_ip("ASTFIPGenGlobal", "ip_offset_server", ip_offset_server)
        self.ip_offset = ip_offset
        self._server = ip_offset_server

    @property
    def ip_offset_server(self) -> str:
        return self._server or self.ip_offset

    def to_json(self) -> Dict[str, Any]:
        return {"ip_offset": self.ip_offset, **({"ip_offset_server": self._server} if self._server else {})}


class ASTFIPGen:
    """A template's client and server ranges (each range is one side's for good)."""

    def __init__(self, dist_client: ASTFIPGenDist, dist_server: ASTFIPGenDist,
                 glob: Optional[ASTFIPGenGlobal] = None) -> None:
        owner = "ASTFIPGen"
        check(owner, "dist_client", dist_client, ASTFIPGenDist)
        check(owner, "dist_server", dist_server, ASTFIPGenDist)
        glob = ASTFIPGenGlobal() if glob is None else glob
        check(owner, "glob", glob, ASTFIPGenGlobal)
        for dist, side in ((dist_client, "c"), (dist_server, "s")):
            if dist.direction not in (None, side):
                raise error(f"{owner}: dist_{'client' if side == 'c' else 'server'} is another ASTFIPGen's "
                             f"{'server' if side == 'c' else 'client'} range already")
        dist_client.direction, dist_client.ip_offset = "c", glob.ip_offset
        dist_server.direction, dist_server.ip_offset = "s", glob.ip_offset_server
        self.dist_client, self.dist_server = dist_client, dist_server


class ASTFCluster:
    """TRex's placeholder for client clusters: written as ``{}``."""

    def to_json(self) -> Dict[str, Any]:
        return {}


class ASTFTCPOptions:
    """TRex's TCP option list (``(name, value)`` pairs); not part of the profile's JSON."""

    def __init__(self, opts: Optional[Sequence[Tuple[str, Any]]] = None) -> None:
        self.fields = {k: v for k, v in (opts or [])}

    def to_json(self) -> Dict[str, Any]:
        return dict(self.fields)


# ---- association and templates -----------------------------------------------------


class ASTFAssociationRule:
    """Which flows a server template answers: destination ``port``, optionally an
    address range (``ip_start``/``ip_end``) or L7 content (``l7_map``)."""

    def __init__(self, port: int = 80, ip_start: Optional[str] = None, ip_end: Optional[str] = None,
                 l7_map: Any = None, assoc_id: Optional[int] = None) -> None:
        check_ip("ASTFAssociationRule", "ip_start", ip_start)
        check_ip("ASTFAssociationRule", "ip_end", ip_end)
        self.fields: Dict[str, Any] = {"port": port}
        if ip_start is not None:
            self.fields["ip_start"] = str(ip_start)
        if ip_end is not None:
            self.fields["ip_end"] = str(ip_end)
        if isinstance(l7_map, (list, tuple)):
            l7_map = {"offset": list(l7_map)}
        if isinstance(l7_map, dict):
            self.fields["l7_map"] = l7_map
        if assoc_id is not None:
            self.fields["assoc_id"] = assoc_id

    @property
    def port(self) -> int:
        return self.fields["port"]

    def to_json(self) -> Dict[str, Any]:
        return dict(self.fields)


class ASTFAssociation:
    """A server template's rules (the first one's port is its port)."""

    def __init__(self, rules: Any = None) -> None:
        rules = ASTFAssociationRule() if rules is None else rules
        check("ASTFAssociation", "rules", rules, ASTFAssociationRule, many=True)
        self.rules: List[ASTFAssociationRule] = listify(rules)

    @property
    def port(self) -> int:
        return self.rules[0].port

    def is_port_only(self) -> bool:
        return len(self.rules[0].fields) == 1

    def to_json(self) -> List[Dict[str, Any]]:
        return [r.to_json() for r in self.rules]


def _program_kind(p: ASTFProgram) -> str:
    return "TCP" if p.stream else "UDP"


# riptide's extension: TLS under a template's programs (TRex's own profiles do not use it).
_TLS_KEYS = ("version", "ciphers", "groups", "alpn", "sni", "resume", "cert")


def _check_tls(owner: str, tls: Any, server: bool) -> Optional[Any]:
    """``tls``: True (the defaults) or a dict of riptide's TCP profile's ``tls:`` keys
    (docs/tcp.md): ``version`` ('1.2', '1.3', 'any'), ``ciphers``, ``groups``,
    ``alpn``, ``sni``, ``resume``, and on a server ``cert`` (a key kind or
    ``{'cert': FILE, 'key': FILE}``). The Rust side checks the values and names the
    field; here the shape."""
    if tls is None or tls is False:
        return None
    if tls is True:
        return True
    if not isinstance(tls, dict):
        raise error(f"{owner}: tls must be True or a dict of {', '.join(_TLS_KEYS)}, not {type(tls).__name__} {tls!r}")
    for k in tls:
        if k not in _TLS_KEYS:
            raise error(f"{owner}: tls: unknown key {k!r}: expected {', '.join(_TLS_KEYS)}")
    if "cert" in tls and not server:
        raise error(f"{owner}: tls: cert is the server's (a client presents no certificate)")
    try:
        json.dumps(tls)
    except (TypeError, ValueError) as e:
        raise error(f"{owner}: tls: {e}") from None
    return dict(tls)


class ASTFTCPClientTemplate:
    """A template's client side: program, addresses, destination port, rate (``cps``,
    new flows a second), ``limit`` flows in all (``cont``: keep that many going);
    riptide's ``tls`` runs the program over TLS (see :func:`_check_tls`)."""

    def __init__(self, ip_gen: ASTFIPGen, cluster: Optional[ASTFCluster] = None, program: Optional[ASTFProgram] = None,
                 port: int = 80, cps: float = 1, glob_info: Optional[ASTFGlobalInfoPerTemplate] = None,
                 limit: Optional[int] = None, cont: Optional[bool] = None, core_base: Optional[int] = None,
                 tls: Any = None) -> None:
        owner = "ASTFTCPClientTemplate"
        self.tls = _check_tls(owner, tls, server=False)
        check(owner, "ip_gen", ip_gen, ASTFIPGen)
        check(owner, "cluster", cluster, ASTFCluster, must=False)
        check(owner, "limit", limit, int, must=False)
        check(owner, "cont", cont, bool, must=False)
        check(owner, "core_base", core_base, int, must=False)
        check(owner, "glob_info", glob_info, ASTFGlobalInfoPerTemplate, must=False)
        check(owner, "program", program, ASTFProgram)
        assert program is not None
        self.program, self.ip_gen, self.port, self.glob_info = program, ip_gen, port, glob_info
        self.cluster = cluster or ASTFCluster()
        self.cps = cps
        self.limit = limit or None
        # TRex keeps cont and core_base only with a limit, and writes core_base nowhere.
        self.cont = cont if limit else None
        self.core_base = core_base if limit else None

    def is_stream(self) -> bool:
        return self.program.stream

    def _json(self, program_index: int, client: int, server: int) -> Dict[str, Any]:
        out: Dict[str, Any] = {"program_index": program_index,
                               "ip_gen": {"dist_client": {"index": client}, "dist_server": {"index": server}},
                               "cluster": self.cluster.to_json(), "port": self.port}
        if self.cps:
            out["cps"] = self.cps
        if self.limit:
            out["limit"] = self.limit
            if self.cont:
                out["cont"] = self.cont
        if self.glob_info is not None:
            out["glob_info"] = self.glob_info.to_json()
        if self.tls is not None:
            out["tls"] = self.tls
        return out


class ASTFTCPServerTemplate:
    """A template's server side: program, and which flows it answers (``assoc``: a rule,
    a list of rules or an ``ASTFAssociation``; port 80 by default); riptide's ``tls``
    answers over TLS (see :func:`_check_tls`)."""

    def __init__(self, program: Optional[ASTFProgram] = None, assoc: Any = None,
                 glob_info: Optional[ASTFGlobalInfoPerTemplate] = None, tls: Any = None) -> None:
        owner = "ASTFTCPServerTemplate"
        self.tls = _check_tls(owner, tls, server=True)
        check(owner, "assoc", assoc, (ASTFAssociation, ASTFAssociationRule), must=False)
        check(owner, "glob_info", glob_info, ASTFGlobalInfoPerTemplate, must=False)
        check(owner, "program", program, ASTFProgram)
        assert program is not None
        self.program, self.glob_info = program, glob_info
        self.assoc = assoc if isinstance(assoc, ASTFAssociation) else ASTFAssociation(assoc)

    def is_stream(self) -> bool:
        return self.program.stream

    def _json(self, program_index: int) -> Dict[str, Any]:
        out: Dict[str, Any] = {"program_index": program_index, "assoc": self.assoc.to_json()}
        if self.glob_info is not None:
            out["glob_info"] = self.glob_info.to_json()
        if self.tls is not None:
            out["tls"] = self.tls
        return out


def _check_tg_name(owner: str, tg_name: Optional[str]) -> None:
    check(owner, "tg_name", tg_name, str, must=False)
    if tg_name is not None and not 1 <= len(tg_name) <= 20:
        raise error(f"{owner}: tg_name {tg_name!r} must be 1 to 20 characters")


class ASTFTemplate:
    """A client and a server template (both TCP or both UDP), in template group
    ``tg_name`` (templates of one group share their counters)."""

    def __init__(self, client_template: Optional[ASTFTCPClientTemplate] = None,
                 server_template: Optional[ASTFTCPServerTemplate] = None, tg_name: Optional[str] = None) -> None:
        owner = "ASTFTemplate"
        check(owner, "client_template", client_template, ASTFTCPClientTemplate)
        check(owner, "server_template", server_template, ASTFTCPServerTemplate)
        _check_tg_name(owner, tg_name)
        assert client_template is not None and server_template is not None
        if client_template.is_stream() != server_template.is_stream():
            raise error(f"{owner}: the client program is {_program_kind(client_template.program)} and the server "
                         f"program {_program_kind(server_template.program)}")
        if not client_template.is_stream() and (client_template.tls is not None or server_template.tls is not None):
            raise error(f"{owner}: tls runs over TCP, and these programs are UDP")
        self.client_template, self.server_template, self.tg_name = client_template, server_template, tg_name
        self.tg_id = 0


class ASTFCapInfo:
    """A template read from a pcap: ``cps`` (default 1) or ``l7_percent`` (a share of
    the profile's L7 bytes), the server's ``port`` or ``assoc`` (default: the pcap's
    destination port), ``ip_gen`` (default: the profile's), ``limit``/``cont``,
    per-template tunables, ``tg_name``, ``s_delay`` (a delay before each server answer)
    and ``udp_mtu`` (UDP payloads cut to fit)."""

    def __init__(self, file: Optional[str] = None, cps: Optional[float] = None, assoc: Any = None,
                 ip_gen: Optional[ASTFIPGen] = None, port: Optional[int] = None, l7_percent: Optional[float] = None,
                 s_glob_info: Optional[ASTFGlobalInfoPerTemplate] = None,
                 c_glob_info: Optional[ASTFGlobalInfoPerTemplate] = None, limit: Optional[int] = None,
                 cont: Optional[bool] = None, tg_name: Optional[str] = None, s_delay: Optional[ASTFCmd] = None,
                 udp_mtu: Optional[int] = None) -> None:
        owner = "ASTFCapInfo"
        check(owner, "file", file, str)
        check(owner, "assoc", assoc, (ASTFAssociation, ASTFAssociationRule), must=False)
        check(owner, "ip_gen", ip_gen, ASTFIPGen, must=False)
        check(owner, "c_glob_info", c_glob_info, ASTFGlobalInfoPerTemplate, must=False)
        check(owner, "limit", limit, int, must=False)
        check(owner, "cont", cont, bool, must=False)
        check(owner, "s_glob_info", s_glob_info, ASTFGlobalInfoPerTemplate, must=False)
        _check_tg_name(owner, tg_name)
        check(owner, "s_delay", s_delay, DELAYS, must=False)
        check(owner, "udp_mtu", udp_mtu, int, must=False)
        if l7_percent is not None and cps is not None:
            raise error(f"{owner}: give cps or l7_percent, not both")
        if assoc is not None and port is not None:
            raise error(f"{owner}: give port or assoc, not both")
        self._where = where()
        assert file is not None
        self.file = file
        self.l7_percent = l7_percent
        self.cps = None if l7_percent is not None else (1 if cps is None else cps)
        if assoc is not None:
            self.assoc: Optional[ASTFAssociation] = assoc if isinstance(assoc, ASTFAssociation) else ASTFAssociation(assoc)
        elif port is not None:
            self.assoc = ASTFAssociation(ASTFAssociationRule(port=port))
        else:
            self.assoc = None
        self.ip_gen, self.c_glob_info, self.s_glob_info = ip_gen, c_glob_info, s_glob_info
        self.limit, self.cont, self.tg_name, self.s_delay, self.udp_mtu = limit, cont, tg_name, s_delay, udp_mtu


# ---- the profile -------------------------------------------------------------------


class ASTFProfile:
    """Templates and pcap templates (``cap_list``), with the profile's default address
    generator and per-side tunables; ``s_delay`` and ``udp_mtu`` for every cap that gives
    none of its own."""

    def __init__(self, default_ip_gen: Optional[ASTFIPGen] = None,
                 default_c_glob_info: Optional[ASTFGlobalInfo] = None,
                 default_s_glob_info: Optional[ASTFGlobalInfo] = None, templates: Any = None, cap_list: Any = None,
                 s_delay: Optional[ASTFCmd] = None, udp_mtu: Optional[int] = None) -> None:
        owner = "ASTFProfile"
        check(owner, "templates", templates, ASTFTemplate, must=False, many=True)
        check(owner, "cap_list", cap_list, ASTFCapInfo, must=False, many=True)
        check(owner, "default_ip_gen", default_ip_gen, ASTFIPGen)
        check(owner, "default_c_glob_info", default_c_glob_info, ASTFGlobalInfo, must=False)
        check(owner, "default_s_glob_info", default_s_glob_info, ASTFGlobalInfo, must=False)
        check(owner, "s_delay", s_delay, DELAYS, must=False)
        check(owner, "udp_mtu", udp_mtu, int, must=False)
        if templates is None and cap_list is None:
            raise error(f"{owner}: give templates or cap_list (or both)")
        assert default_ip_gen is not None
        self._where = where()
        self.default_ip_gen = default_ip_gen
        self.default_c_glob_info, self.default_s_glob_info = default_c_glob_info, default_s_glob_info
        self.templates: List[ASTFTemplate] = []
        self.tg_name_to_id: Dict[str, int] = {}
        self.cap_list: List[ASTFCapInfo] = listify(cap_list) if cap_list is not None else []
        self.meta: Dict[str, Any] = {}
        if templates is not None:
            ports: List[int] = []
            for t in listify(templates):
                self._add_template(t)
                assoc = t.server_template.assoc
                # A rule with an address range or L7 map shares its port (TRex's server tells them apart).
                if assoc.is_port_only():
                    if assoc.port in ports:
                        raise error(f"{owner}: two server templates answer port {assoc.port} alone (an "
                                     "ASTFAssociationRule with ip_start/ip_end or l7_map lets them share it)")
                    ports.append(assoc.port)
        if cap_list is not None:
            self._add_caps(default_ip_gen, s_delay, udp_mtu)

    def _add_template(self, t: ASTFTemplate) -> None:
        if t.tg_name is not None and t.tg_name not in self.tg_name_to_id:
            self.tg_name_to_id[t.tg_name] = len(self.tg_name_to_id) + 1
        t.tg_id = 0 if t.tg_name is None else self.tg_name_to_id[t.tg_name]
        self.templates.append(t)

    def _add_caps(self, default_ip_gen: ASTFIPGen, s_delay: Optional[ASTFCmd], udp_mtu: Optional[int]) -> None:
        by_l7 = self.cap_list[0].l7_percent is not None
        ports: Dict[int, str] = {}
        made = []
        for cap in self.cap_list:
            def fail(msg: str, cap: ASTFCapInfo = cap) -> ASTFError:
                return ASTFError(f"ASTFProfile: {msg}", cap._where)

            if (cap.l7_percent is not None) != by_l7:
                raise fail("if one cap gives l7_percent, every cap gives it" if by_l7 else
                           "cps and l7_percent cannot be mixed in one cap_list")
            mtu = cap.udp_mtu if cap.udp_mtu is not None else udp_mtu
            server_delay = cap.s_delay if cap.s_delay is not None else s_delay
            try:
                prog_c = ASTFProgram(file=cap.file, side="c", udp_mtu=mtu)
                prog_s = ASTFProgram(file=cap.file, side="s", udp_mtu=mtu, s_delay=server_delay)
            except ASTFError as e:
                raise fail(e.msg) from None
            prog_c.update_keepalive(prog_s)
            if not prog_c.stream:
                prog_s.update_keepalive(prog_c)
            assoc = cap.assoc or ASTFAssociation(ASTFAssociationRule(port=astf_cap.read_flow(cap_path(cap.file)).dport))
            if assoc.is_port_only():
                if assoc.port in ports:
                    raise fail(f"two caps use destination port {assoc.port} ({ports[assoc.port]}, {cap.file}): give "
                               "one another port (port=...)")
                ports[assoc.port] = cap.file
            made.append((cap, prog_c, prog_s, assoc))
        rates: List[Optional[float]] = [cap.cps for cap, _, _, _ in made]
        if by_l7:
            # TRex's rule: each cap's share of the payload bytes, whatever l7_percent says.
            total = sum(p.payload_len or 0 for _, p, _, _ in made)
            if total == 0:
                raise ASTFError("ASTFProfile: l7_percent with caps that carry no payload", self._where)
            rates = [(p.payload_len or 0) * 100.0 / total for _, p, _, _ in made]
            shares = 0.0
            for r in rates:
                shares += r  # type: ignore[operator]
            if shares != 100:
                raise ASTFError("ASTFProfile: l7_percent values must sum up to 100", self._where)
        for (cap, prog_c, prog_s, assoc), cps in zip(made, rates):
            client = ASTFTCPClientTemplate(program=prog_c, glob_info=cap.c_glob_info,
                                           ip_gen=cap.ip_gen or default_ip_gen, port=assoc.port, cps=cps,
                                           limit=cap.limit, cont=cap.cont)
            server = ASTFTCPServerTemplate(program=prog_s, glob_info=cap.s_glob_info, assoc=assoc)
            self._add_template(ASTFTemplate(client_template=client, server_template=server, tg_name=cap.tg_name))

    def to_json(self) -> Dict[str, Any]:
        """The JSON TRex's client sends its server for this profile."""
        buffers, programs = Interner(), Interner()
        dists: List[Dict[str, Any]] = []
        templates = []
        for t in self.templates:
            c, s = t.client_template, t.server_template
            c_prog = programs.add(c.program._json(self.tg_name_to_id, buffers))
            s_prog = programs.add(s.program._json(self.tg_name_to_id, buffers))
            c_dist = _dist_index(dists, c.ip_gen.dist_client, client=True)
            s_dist = _dist_index(dists, c.ip_gen.dist_server, client=False)
            out = {"client_template": c._json(c_prog, c_dist, s_dist), "server_template": s._json(s_prog)}
            if t.tg_id:
                out["tg_id"] = t.tg_id
            templates.append(out)
        ret: Dict[str, Any] = {"buf_list": buffers.values, "ip_gen_dist_list": dists, "program_list": programs.values}
        if self.default_c_glob_info is not None:
            ret["c_glob_info"] = self.default_c_glob_info.to_json()
        if self.default_s_glob_info is not None:
            ret["s_glob_info"] = self.default_s_glob_info.to_json()
        ret["templates"] = templates
        ret["tg_names"] = list(self.tg_name_to_id)
        return ret

    def to_json_str(self, pretty: bool = True, sort_keys: bool = False) -> str:
        if pretty:
            return json.dumps(self.to_json(), indent=4, separators=(",", ": "), sort_keys=sort_keys)
        return json.dumps(self.to_json(), sort_keys=sort_keys)

    def clear_cache(self) -> None:
        """TRex's: riptide keeps no cache between ``to_json`` calls."""

    @classmethod
    def load_py(cls, python_file: str, **kwargs: Any) -> "ASTFProfile":
        """TRex's loader: ``register().get_profile(**kwargs)``, with ``tunables`` (a list of
        argparse words) built from the other keywords when not given."""
        from .astf_load import load_profile

        return load_profile(python_file, **kwargs)

    @classmethod
    def load(cls, filename: str, **kwargs: Any) -> Union["ASTFProfile", "ASTFProfileLight"]:
        """A ``.py`` profile (:meth:`load_py`) or a ``.json`` one (TRex's JSON, as is)."""
        suffix = os.path.basename(filename).split(".")
        kind = suffix[1] if len(suffix) == 2 else None
        if kind == "py":
            return cls.load_py(filename, **kwargs)
        if kind == "json":
            return cls.load_json(filename)
        raise TRexError(f"{filename}: unknown profile file type '{kind}' (expected .py or .json)")

    @staticmethod
    def load_json(json_file: str) -> "ASTFProfileLight":
        try:
            with open(json_file) as f:
                return ASTFProfileLight(json.load(f))
        except (OSError, ValueError) as e:
            raise TRexError(f"{json_file}: not a JSON profile: {e}") from None


class ASTFProfileLight:
    """A profile given as its JSON (TRex's ``.json`` profiles)."""

    def __init__(self, json_dict: Dict[str, Any]) -> None:
        if not isinstance(json_dict, dict):
            raise TRexError("ASTFProfileLight: json_dict should be a dict")
        self.json_dict = json_dict

    def to_json(self) -> Dict[str, Any]:
        return self.json_dict

    def to_json_str(self) -> str:
        return json.dumps(self.json_dict, indent=4, separators=(",", ": "))


def _dist_index(dists: List[Dict[str, Any]], dist: ASTFIPGenDist, client: bool) -> int:
    """The range's place in ``dists``, added when new; a new client range must not
    overlap one already there (TRex's rule: a range equal to one there is that one)."""
    fields = dist._fields()
    if fields in dists:
        return dists.index(fields)
    if client:
        for other in dists:
            if dist._overlaps(other):
                raise ASTFError(f"ASTFIPGenDist: client range {[dist.ip_start, dist.ip_end]} overlaps "
                                f"{[other['ip_start'], other['ip_end']]}", dist._where)
    dists.append(fields)
    return len(dists) - 1
