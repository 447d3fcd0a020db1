"""TRex's ASTF profiles run unchanged: riptide's own profile API (riptide.trex.astf) against TRex's code.

TRex's code (python/tests/trex-core, run by trex_oracle.py in a child process) loads each of
TRex's 91 sample ASTF profiles and writes its ``to_json()``: riptide's JSON must be the same
(compared as parsed JSON), and where TRex's code refuses a profile riptide refuses it too,
naming the file. The same comparison runs on profiles written here for what the samples leave
out (every program command, padded buffers, template groups, l7_percent, UDP keepalives,
pcaps built byte by byte: nanosecond, big-endian, VLAN, IPv6, a server that speaks first), and
on profiles both refuse (a retransmission in the pcap, a label no command sets, ...), where
riptide's message names the profile line at fault. Then the pcap reader and the cap rules on
byte literals, tunables, the import names, and ``python -m riptide.trex``.
"""

from __future__ import annotations

import base64
import json
import os
import socket
import struct
import subprocess
import sys
import textwrap
from fractions import Fraction
from pathlib import Path
from typing import Any, Dict, List, Optional, Tuple

import pytest

from riptide.trex.astf import ASTFCapInfo, ASTFIPGen, ASTFIPGenDist, ASTFProfile, ASTFProgram
from riptide.trex.astf_cap import analyze
from riptide.trex.astf_load import console_tunables, load_profile, profile_json
from riptide.trex.errors import ASTFError, TRexError
from riptide.trex.pcap import Packet, PcapError, Record, dissect, read_pcap

import trex_oracle

REPO = Path(__file__).resolve().parents[2]
SAMPLES = sorted(trex_oracle.ASTF_PROFILES.glob("*.py"))
#: The samples TRex's own code refuses: missing pcaps, a retransmission, a bad range, emu /
#: topology modules, no register(), two servers on one port, a misspelt tunable.
TREX_REFUSES = {"emix2.py", "gtpu_topo.py", "gtpu_topo_latency.py", "http_by_l7_percent.py",
                "http_simple_rss.py", "param_mss_err2.py", "udp_rtp.py", "udp_topo.py", "wrapping_it_up_example.py"}


def oracle(paths: List[Path], tunables: Optional[List[str]] = None) -> List[Dict[str, Any]]:
    # TRex's code imports dpkt and repoze.lru (python/requirements-test.txt).
    return trex_oracle.trex_astf_json_many([str(p) for p in paths], tunables)


def riptide(path: Path, tunables: str = "") -> Any:
    """riptide's JSON for the profile, as the JSON text parses back."""
    return json.loads(json.dumps(profile_json(str(path), tunables)))


# ---- TRex's sample profiles ----------------------------------------------------------


@pytest.fixture(scope="module")
def trex_samples() -> Dict[str, Dict[str, Any]]:
    return {p.name: r for p, r in zip(SAMPLES, oracle(SAMPLES))}


def test_trex_loads_82_of_its_91_samples(trex_samples: Dict[str, Dict[str, Any]]) -> None:
    assert len(trex_samples) == 91
    assert {n for n, r in trex_samples.items() if "error" in r} == TREX_REFUSES


@pytest.mark.parametrize("path", SAMPLES, ids=[p.name for p in SAMPLES])
def test_a_trex_sample_profile_gives_trex_json(path: Path, trex_samples: Dict[str, Dict[str, Any]],
                                              capsys: pytest.CaptureFixture) -> None:
    want = trex_samples[path.name]
    if "json" in want:
        assert riptide(path) == want["json"]
        return
    with pytest.raises(TRexError) as e:
        profile_json(str(path))
    assert str(e.value).startswith(str(path)), e.value


# ---- pcaps built byte by byte -------------------------------------------------------

SYN, FIN, ACK, PSH = 0x02, 0x01, 0x10, 0x08
CLIENT, SERVER = "16.0.0.1", "48.0.0.1"


def tcp_segment(seq: int, flags: int, data: bytes = b"", sport: int = 1025, dport: int = 80) -> bytes:
    return struct.pack("!HHIIBBHHH", sport, dport, seq, 0, 5 << 4, flags, 8192, 0, 0) + data


def udp_datagram(data: bytes, sport: int = 1025, dport: int = 53) -> bytes:
    return struct.pack("!HHHH", sport, dport, 8 + len(data), 0) + data


def ipv4(src: str, dst: str, proto: int, l4: bytes) -> bytes:
    return struct.pack("!BBHHHBBH4s4s", 0x45, 0, 20 + len(l4), 0, 0, 64, proto, 0, socket.inet_aton(src),
                       socket.inet_aton(dst)) + l4


def ipv6(src: str, dst: str, proto: int, l4: bytes) -> bytes:
    """With a hop-by-hop options header in front of ``l4``."""
    hop = bytes([proto, 0]) + bytes(6)
    return (struct.pack("!IHBB", 6 << 28, len(hop) + len(l4), 0, 64) + socket.inet_pton(socket.AF_INET6, src)
            + socket.inet_pton(socket.AF_INET6, dst) + hop + l4)


def ethernet(l3: bytes, ethertype: int = 0x0800, vlan: Optional[int] = None) -> bytes:
    tag = struct.pack("!HH", 0x8100, vlan) if vlan is not None else b""
    # Padded to 60 bytes and an FCS after: neither is payload.
    frame = bytes.fromhex("020000000002020000000001") + tag + struct.pack("!H", ethertype) + l3
    return frame + bytes(max(0, 60 - len(frame))) + b"\xde\xad\xbe\xef"


def pcap_file(packets: List[Tuple[int, bytes]], nano: bool = False, big: bool = False) -> bytes:
    """A pcap of ``(microseconds, frame)``."""
    e = ">" if big else "<"
    out = [struct.pack(e + "IHHiIII", 0xA1B23C4D if nano else 0xA1B2C3D4, 2, 4, 0, 0, 65535, 1)]
    for usec, frame in packets:
        frac = usec % 10**6 * (1000 if nano else 1)
        out.append(struct.pack(e + "IIII", usec // 10**6, frac, len(frame), len(frame)) + frame)
    return b"".join(out)


def tcp_flow(turns: List[Tuple[str, bytes]], v6: bool = False, vlan: Optional[int] = None, syn_twice: bool = False,
             repeat: Optional[int] = None, dport: int = 80) -> List[Tuple[int, bytes]]:
    """A clean TCP conversation (handshake, the turns' segments, FINs), 10 ms apart;
    ``repeat`` sends the turn of that number twice (a retransmission)."""
    seq = {"c": 1000, "s": 5000}
    segs: List[Tuple[str, int, int, bytes]] = [("c", SYN, seq["c"], b"")] * (2 if syn_twice else 1)
    segs += [("s", SYN | ACK, seq["s"], b""), ("c", ACK, seq["c"] + 1, b"")]
    seq = {"c": 1001, "s": 5001}
    for k, (d, data) in enumerate(turns):
        segs.append((d, PSH | ACK, seq[d], data))
        if k == repeat:
            segs.append((d, PSH | ACK, seq[d], data))
        seq[d] += len(data)
    segs += [("c", FIN | ACK, seq["c"], b""), ("s", FIN | ACK, seq["s"], b""), ("c", ACK, seq["c"] + 1, b"")]
    out = []
    for i, (d, flags, n, data) in enumerate(segs):
        src, dst, sport, dp = (CLIENT, SERVER, 1025, dport) if d == "c" else (SERVER, CLIENT, dport, 1025)
        seg = tcp_segment(n, flags, data, sport, dp)
        l3 = ipv6("2001:db8::1" if d == "c" else "2001:db8::2", "2001:db8::2" if d == "c" else "2001:db8::1", 6,
                  seg) if v6 else ipv4(src, dst, 6, seg)
        out.append((i * 10_000, ethernet(l3, 0x86DD if v6 else 0x0800, vlan)))
    return out


def udp_flow(sends: List[Tuple[int, str, bytes]]) -> List[Tuple[int, bytes]]:
    return [(usec, ethernet(ipv4(CLIENT, SERVER, 17, udp_datagram(data)) if d == "c"
                            else ipv4(SERVER, CLIENT, 17, udp_datagram(data, 53, 1025)))) for usec, d, data in sends]


HTTP = [("c", b"GET "), ("c", b"/x\r\n"), ("s", b"OK")]
PCAPS: Dict[str, bytes] = {
    "tcp.pcap": pcap_file(tcp_flow(HTTP)),
    "tcp_server_first.pcap": pcap_file(tcp_flow([("s", b"220 hello\r\n"), ("c", b"QUIT\r\n"), ("s", b"221\r\n")],
                                                dport=25)),
    "tcp_nano_be.pcap": pcap_file(tcp_flow(HTTP, dport=8080), nano=True, big=True),
    "tcp_vlan_syn_twice.pcap": pcap_file(tcp_flow(HTTP, vlan=100, syn_twice=True, dport=8081)),
    "tcp_ipv6.pcap": pcap_file(tcp_flow(HTTP, v6=True, dport=8082)),
    # Gaps: 0.2 s between the client's first two queries, 2 s between its next two (a delay
    # of 0.7 s at most), 30 us before its empty last; 0.6 s between the server's answers.
    "udp.pcap": pcap_file(udp_flow([(0, "c", b"q1"), (200_000, "c", b"q2"), (300_000, "s", b"r1"),
                                    (900_000, "s", b"r2-long-answer"), (1_000_000, "c", b"q3"),
                                    (3_000_000, "c", b"q4"), (3_000_030, "c", b"")])),
    # The same, for a cap that cuts payloads (udp_mtu): TRex's cut lasts in its reader's cache,
    # for every later use of the file in the process; riptide's is that cap's only.
    "udp_cut.pcap": pcap_file(udp_flow([(0, "c", b"q1"), (200_000, "c", b"q2"), (300_000, "s", b"r1"),
                                        (900_000, "s", b"r2-long-answer"), (1_000_000, "c", b"q3"),
                                        (3_000_000, "c", b"q4"), (3_000_030, "c", b"")])),
    "tcp_retransmission.pcap": pcap_file(tcp_flow(HTTP, repeat=1)),
    "tcp_synack_first.pcap": pcap_file(tcp_flow(HTTP)[1:]),
    "two_sessions.pcap": pcap_file(tcp_flow(HTTP)[:3] + [(50_000, ethernet(ipv4("1.1.1.1", SERVER, 6,
                                                                                tcp_segment(1, ACK))))]),
    "tcp_and_udp.pcap": pcap_file(tcp_flow(HTTP)[:4] + udp_flow([(90_000, "c", b"x")])),
}

IP_GEN = ('ip_gen = ASTFIPGen(dist_client=ASTFIPGenDist(["16.0.0.0", "16.0.0.255"]), '
          'dist_server=ASTFIPGenDist(["48.0.0.0", "48.0.255.255"]))')


def profile_text(body: str, head: str = "from trex.astf.api import *", args: str = "self, tunables, **kwargs") -> str:
    return (f"{head}\n\n\nclass P:\n    def get_profile({args}):\n"
            + textwrap.indent(textwrap.dedent(body).strip("\n"), " " * 8)
            + "\n\n\ndef register():\n    return P()\n")


#: Profiles TRex's code and riptide's give the same JSON for.
SAME = {
    "every_command": f"""
        c = ASTFProgram()
        c.connect()
        c.set_var("n", 3)
        c.set_tick_var("t0")
        c.set_label("top")
        c.send(b"hello", size=100, fill=b"xy")
        c.send("hello", size=100)
        c.send("abc")
        c.send_chunk(b"0123456789", 4, 10)
        c.set_send_blocking(False)
        c.recv(5, clear=True)
        c.recv(7)
        c.add_var("n", -1)
        c.add_stats("B", 2)
        c.add_stats(3, 1)
        c.add_tick_stats("a", "t0")
        c.add_tick_var("t0", 1)
        c.jmp_gt("n", "top", 0)
        c.jmp_lt("n", "top", 9)
        c.jmp_eq("n", "top", 1)
        c.jmp_ge("n", "top", 1)
        c.jmp_le("n", "top", 1)
        c.jmp_ne("n", "top", 1)
        c.jmp_dp("t0", "top", 2)
        c.jmp_nz("n", "top")
        c.jmp("end")
        c.delay(10.5)
        c.delay_rand(1, 2.5)
        c.set_label("end")
        c.set_next_template("grp2")
        c.exec_template()
        c.set_send_blocking(True)
        c.reset()
        s = ASTFProgram()
        s.accept()
        s.recv(5)
        s.send(b"world")
        s.wait_for_peer_close()
        u = ASTFProgram(stream=False)
        u.set_keepalive_msg(1000, rx_mode=True)
        u.send_msg(b"ping", size=20)
        u.recv_msg(2, clear=1)
        u.recv_msg(1)
        u.close_msg()
        us = ASTFProgram(stream=False, addon="myaddon")
        us.recv_msg(1)
        us.send_msg("pong")
        listed = ASTFProgram(commands=[ASTFCmdSend(b"abc"), ASTFCmdRecv(3), ASTFCmdDelay(5)])
        d1 = ASTFIPGenDist(ip_range=["16.0.0.0", "16.0.0.255"], distribution="rand", per_core_distribution="seq")
        d2 = ASTFIPGenDist(ip_range=["48.0.0.0", "48.0.255.255"])
        d3 = ASTFIPGenDist(ip_range=["16.0.0.0", "16.0.0.255"], distribution="rand", per_core_distribution="seq")
        d4 = ASTFIPGenDist(ip_range=["48.0.0.0", "48.0.255.255"])
        glob = ASTFIPGenGlobal(ip_offset="2.0.0.0", ip_offset_server="3.0.0.0")
        g1 = ASTFIPGen(dist_client=d1, dist_server=d2, glob=glob)
        g2 = ASTFIPGen(dist_client=d3, dist_server=d4, glob=glob)
        g3 = ASTFIPGen(dist_client=ASTFIPGenDist(["17.0.0.1", "17.0.0.1"]), dist_server=d2)
        info = ASTFGlobalInfoPerTemplate()
        info.tcp.mss = 1000
        info.ipv6.src_msb = "ff03::"
        info.ip.tos = 2
        t1 = ASTFTemplate(client_template=ASTFTCPClientTemplate(program=c, ip_gen=g1, port=81, cps=0, limit=10,
                                                                cont=True, core_base=3, glob_info=info),
                          server_template=ASTFTCPServerTemplate(program=s, assoc=ASTFAssociation(
                              [ASTFAssociationRule(81, ip_start="48.0.0.1", ip_end="48.0.0.9"),
                               ASTFAssociationRule(82)])), tg_name="grp1")
        t2 = ASTFTemplate(client_template=ASTFTCPClientTemplate(program=u, ip_gen=g2, port=53, cps=2.5),
                          server_template=ASTFTCPServerTemplate(program=us, assoc=ASTFAssociationRule(
                              53, l7_map=[0, 1], assoc_id=7), glob_info=info), tg_name="grp2")
        t3 = ASTFTemplate(client_template=ASTFTCPClientTemplate(program=c, ip_gen=g1, port=80),
                          server_template=ASTFTCPServerTemplate(program=s, assoc=ASTFAssociation(
                              ASTFAssociationRule(80, l7_map={{"offset": [0], "value": [1]}}))), tg_name="grp1")
        t4 = ASTFTemplate(client_template=ASTFTCPClientTemplate(program=listed, ip_gen=g3, port=90, limit=3),
                          server_template=ASTFTCPServerTemplate(program=s, assoc=ASTFAssociationRule(90)))
        gi = ASTFGlobalInfo()
        gi.scheduler.rampup_sec = 3
        gi.ipv6.dst_msb = "::1"
        gi.tcp
        gi.tcp.no_delay = 1
        return ASTFProfile(default_ip_gen=g1, templates=[t1, t2, t3, t4], default_c_glob_info=gi,
                           default_s_glob_info=ASTFGlobalInfo())
    """,
    "tcp_caps": f"""
        {IP_GEN}
        return ASTFProfile(default_ip_gen=ip_gen, s_delay=ASTFCmdDelay(500), cap_list=[
            ASTFCapInfo(file="tcp.pcap", cps=2, tg_name="web", limit=100, cont=True),
            ASTFCapInfo(file="tcp_server_first.pcap", tg_name="mail"),
            ASTFCapInfo(file="tcp_nano_be.pcap", s_delay=ASTFCmdDelayRnd(10, 20), tg_name="web"),
            ASTFCapInfo(file="tcp_vlan_syn_twice.pcap", assoc=ASTFAssociationRule(8081, ip_start="48.0.0.1",
                                                                                  ip_end="48.0.0.7")),
            ASTFCapInfo(file="tcp_ipv6.pcap", port=9000),
        ])
    """,
    "udp_caps": f"""
        {IP_GEN}
        return ASTFProfile(default_ip_gen=ip_gen, cap_list=[
            ASTFCapInfo(file="udp.pcap", s_delay=ASTFCmdDelayRnd(1000, 950000)),
            ASTFCapInfo(file="udp_cut.pcap", port=54, udp_mtu=44),
            ASTFCapInfo(file="udp.pcap", port=55, s_delay=ASTFCmdDelay(100)),
        ])
    """,
    "l7_percent": f"""
        {IP_GEN}
        return ASTFProfile(default_ip_gen=ip_gen, cap_list=[
            ASTFCapInfo(file="tcp.pcap", l7_percent=50),
            ASTFCapInfo(file="tcp_server_first.pcap", l7_percent=50),
        ])
    """,
    "templates_and_caps": f"""
        {IP_GEN}
        c = ASTFProgram()
        c.send(b"GET ")
        s = ASTFProgram()
        s.recv(4)
        t = ASTFTemplate(client_template=ASTFTCPClientTemplate(program=c, ip_gen=ip_gen, port=80),
                         server_template=ASTFTCPServerTemplate(program=s), tg_name="t")
        return ASTFProfile(default_ip_gen=ip_gen, templates=t, cap_list=ASTFCapInfo(file="tcp.pcap", tg_name="t"))
    """,
    "module_names": ("from trex.astf.trex_astf_profile import ASTFProfile, ASTFCapInfo, ASTFIPGen, ASTFIPGenDist\n"
                     "from trex.astf.trex_astf_global_info import ASTFGlobalInfo", f"""
        {IP_GEN}
        info = ASTFGlobalInfo()
        info.tcp.mss = 1400
        return ASTFProfile(default_ip_gen=ip_gen, default_c_glob_info=info, cap_list=ASTFCapInfo(file="tcp.pcap"))
    """),
}

#: Profiles both refuse; riptide's message names the line marked ``# <-`` (or the file).
REFUSED = {
    "retransmission": f"""
        {IP_GEN}
        cap = ASTFCapInfo(file="tcp_retransmission.pcap")  # <-
        return ASTFProfile(default_ip_gen=ip_gen, cap_list=cap)
    """,
    "synack_first": f"""
        {IP_GEN}
        cap = ASTFCapInfo(file="tcp_synack_first.pcap")  # <-
        return ASTFProfile(default_ip_gen=ip_gen, cap_list=cap)
    """,
    "two_sessions": f"""
        {IP_GEN}
        cap = ASTFCapInfo(file="two_sessions.pcap")  # <-
        return ASTFProfile(default_ip_gen=ip_gen, cap_list=cap)
    """,
    "tcp_and_udp": f"""
        {IP_GEN}
        cap = ASTFCapInfo(file="tcp_and_udp.pcap")  # <-
        return ASTFProfile(default_ip_gen=ip_gen, cap_list=cap)
    """,
    "missing_pcap": f"""
        {IP_GEN}
        cap = ASTFCapInfo(file="no_such.pcap")  # <-
        return ASTFProfile(default_ip_gen=ip_gen, cap_list=cap)
    """,
    "udp_mtu_too_small": f"""
        {IP_GEN}
        cap = ASTFCapInfo(file="udp.pcap", udp_mtu=42)  # <-
        return ASTFProfile(default_ip_gen=ip_gen, cap_list=cap)
    """,
    "two_caps_one_port": f"""
        {IP_GEN}
        a = ASTFCapInfo(file="tcp.pcap")
        b = ASTFCapInfo(file="tcp_ipv6.pcap", port=80)  # <-
        return ASTFProfile(default_ip_gen=ip_gen, cap_list=[a, b])
    """,
    "cps_and_l7_mixed": f"""
        {IP_GEN}
        a = ASTFCapInfo(file="tcp.pcap", cps=1)
        b = ASTFCapInfo(file="tcp_ipv6.pcap", l7_percent=20)  # <-
        return ASTFProfile(default_ip_gen=ip_gen, cap_list=[a, b])
    """,
    "cps_and_l7_percent": """
        ASTFCapInfo(file="tcp.pcap", cps=1, l7_percent=2)  # <-
    """,
    "port_and_assoc": """
        ASTFCapInfo(file="tcp.pcap", port=1, assoc=ASTFAssociationRule(2))  # <-
    """,
    "label_never_set": f"""
        {IP_GEN}
        c = ASTFProgram()
        c.jmp("nowhere")  # <-
        t = ASTFTemplate(client_template=ASTFTCPClientTemplate(program=c, ip_gen=ip_gen),
                         server_template=ASTFTCPServerTemplate(program=ASTFProgram()))
        return ASTFProfile(default_ip_gen=ip_gen, templates=t)
    """,
    "var_never_set": f"""
        {IP_GEN}
        c = ASTFProgram()
        c.set_label("a")
        c.jmp_nz("n", "a")  # <-
        t = ASTFTemplate(client_template=ASTFTCPClientTemplate(program=c, ip_gen=ip_gen),
                         server_template=ASTFTCPServerTemplate(program=ASTFProgram()))
        return ASTFProfile(default_ip_gen=ip_gen, templates=t)
    """,
    "tcp_command_in_udp_program": f"""
        {IP_GEN}
        c = ASTFProgram(stream=False)
        c.send(b"x")  # <-
        t = ASTFTemplate(client_template=ASTFTCPClientTemplate(program=c, ip_gen=ip_gen),
                         server_template=ASTFTCPServerTemplate(program=ASTFProgram(stream=False)))
        return ASTFProfile(default_ip_gen=ip_gen, templates=t)
    """,
    "no_such_template_group": f"""
        {IP_GEN}
        c = ASTFProgram()
        c.set_next_template("nogroup")  # <-
        t = ASTFTemplate(client_template=ASTFTCPClientTemplate(program=c, ip_gen=ip_gen),
                         server_template=ASTFTCPServerTemplate(program=ASTFProgram()))
        return ASTFProfile(default_ip_gen=ip_gen, templates=t)
    """,
    "tcp_client_udp_server": f"""
        {IP_GEN}
        t = ASTFTemplate(client_template=ASTFTCPClientTemplate(program=ASTFProgram(), ip_gen=ip_gen),  # <-
                         server_template=ASTFTCPServerTemplate(program=ASTFProgram(stream=False)))
    """,
    "tg_name_too_long": f"""
        {IP_GEN}
        t = ASTFTemplate(client_template=ASTFTCPClientTemplate(program=ASTFProgram(), ip_gen=ip_gen),  # <-
                         server_template=ASTFTCPServerTemplate(program=ASTFProgram()), tg_name="x" * 21)
    """,
    "two_servers_one_port": f"""
        {IP_GEN}
        t = ASTFTemplate(client_template=ASTFTCPClientTemplate(program=ASTFProgram(), ip_gen=ip_gen),
                         server_template=ASTFTCPServerTemplate(program=ASTFProgram()))
        return ASTFProfile(default_ip_gen=ip_gen, templates=[t, t])  # <-
    """,
    "overlapping_client_ranges": f"""
        {IP_GEN}
        other = ASTFIPGen(dist_client=ASTFIPGenDist(["16.0.0.9", "16.0.1.0"]),  # <-
                          dist_server=ASTFIPGenDist(["49.0.0.0", "49.0.0.9"]))
        c = ASTFTCPClientTemplate(program=ASTFProgram(), ip_gen=ip_gen)
        c2 = ASTFTCPClientTemplate(program=ASTFProgram(), ip_gen=other, port=81)
        s = ASTFTCPServerTemplate(program=ASTFProgram())
        s2 = ASTFTCPServerTemplate(program=ASTFProgram(), assoc=ASTFAssociationRule(81))
        return ASTFProfile(default_ip_gen=ip_gen, templates=[ASTFTemplate(client_template=c, server_template=s),
                                                             ASTFTemplate(client_template=c2, server_template=s2)])
    """,
    "range_backwards": """
        ASTFIPGenDist(["16.0.0.9", "16.0.0.1"])  # <-
    """,
    "range_one_address": """
        ASTFIPGenDist(["16.0.0.9"])  # <-
    """,
    "client_range_as_server": """
        d = ASTFIPGenDist(["16.0.0.0", "16.0.0.9"])
        ASTFIPGen(dist_client=d, dist_server=ASTFIPGenDist(["48.0.0.0", "48.0.0.9"]))
        ASTFIPGen(dist_client=ASTFIPGenDist(["17.0.0.0", "17.0.0.9"]), dist_server=d)  # <-
    """,
    "tunable_bool": """
        info = ASTFGlobalInfo()
        info.tcp.mss = True  # <-
    """,
    "tunable_unknown": """
        info = ASTFGlobalInfoPerTemplate()
        info.tcp.keepidle = 5  # <-
    """,
    "tunable_bad_ipv6": """
        info = ASTFGlobalInfo()
        info.ipv6.src_msb = "not-an-address"  # <-
    """,
    "delay_rand_backwards": """
        ASTFProgram().delay_rand(10, 5)  # <-
    """,
    "label_twice": """
        c = ASTFProgram()
        c.set_label("a")
        c.set_label("a")  # <-
    """,
    "non_ascii_text": """
        ASTFProgram().send("h\\u00e9llo")  # <-
    """,
    "set_var_text": """
        ASTFProgram().set_var("n", "3")  # <-
    """,
    "no_templates_no_caps": f"""
        {IP_GEN}
        return ASTFProfile(default_ip_gen=ip_gen)  # <-
    """,
    "empty_template_list": f"""
        {IP_GEN}
        return ASTFProfile(default_ip_gen=ip_gen, templates=[])  # <-
    """,
    "no_ip_gen": """
        return ASTFProfile(cap_list=ASTFCapInfo(file="tcp.pcap"))  # <-
    """,
    "some_defaults": ("from trex.astf.api import *", """
        return None
    """, "self, tunables, port=80"),
}


def _source(spec: Any) -> str:
    if isinstance(spec, str):
        return profile_text(spec)
    return profile_text(spec[1], spec[0], *spec[2:])


@pytest.fixture(scope="module")
def written(tmp_path_factory: pytest.TempPathFactory) -> Tuple[Path, Dict[str, Dict[str, Any]]]:
    d = tmp_path_factory.mktemp("astf")
    for name, blob in PCAPS.items():
        (d / name).write_bytes(blob)
    names = list(SAME) + list(REFUSED)
    for name in names:
        (d / f"{name}.py").write_text(_source({**SAME, **REFUSED}[name]))
    return d, dict(zip(names, oracle([d / f"{n}.py" for n in names])))


@pytest.mark.parametrize("name", list(SAME))
def test_riptide_and_trex_give_the_same_json(name: str, written: Tuple[Path, Dict[str, Dict[str, Any]]]) -> None:
    d, trex = written
    assert "json" in trex[name], trex[name]
    assert riptide(d / f"{name}.py") == trex[name]["json"]


@pytest.mark.parametrize("name", list(REFUSED))
def test_what_trex_refuses_riptide_refuses_naming_the_line(name: str,
                                                            written: Tuple[Path, Dict[str, Dict[str, Any]]]) -> None:
    d, trex = written
    path = d / f"{name}.py"
    assert "error" in trex[name], f"TRex's code accepts {name}"
    with pytest.raises(ASTFError) as e:
        profile_json(str(path))
    lines = [i for i, text in enumerate(path.read_text().splitlines(), 1) if "# <-" in text]
    want = f"{path}:{lines[0]}: " if lines else f"{path}: "
    assert str(e.value).startswith(want), str(e.value)
    assert "\n" not in str(e.value)


def test_the_messages_say_what_is_wrong(written: Tuple[Path, Dict[str, Dict[str, Any]]]) -> None:
    d, _ = written

    def message(name: str) -> str:
        with pytest.raises(ASTFError) as e:
            profile_json(str(d / f"{name}.py"))
        return str(e.value)

    assert "packet #5 has TCP sequence 1005 where 1009 was due: the capture has loss or retransmission" in message(
        "retransmission")
    assert "packet #0 is a SYN+ACK before any SYN" in message("synack_first")
    assert "packet #3 belongs to another session" in message("two_sessions")
    assert "packet #4 is UDP and the flow TCP" in message("tcp_and_udp")
    assert "jumps to label 'nowhere', which no set_label sets" in message("label_never_set")
    assert "names variable 'n', which no set_var declares" in message("var_never_set")
    assert "'tx' is a TCP (stream) command, in a UDP program" in message("tcp_command_in_udp_program")
    assert "names template group 'nogroup', which no template's tg_name is" in message("no_such_template_group")
    assert "two server templates answer port 80" in message("two_servers_one_port")
    assert "client range ['16.0.0.9', '16.0.1.0'] overlaps ['16.0.0.0', '16.0.0.255']" in message(
        "overlapping_client_ranges")
    assert "no_such.pcap: No such file or directory" in message("missing_pcap")


# ---- the pcap reader and the cap rules, on byte literals ----------------------------


def test_the_pcap_reader_reads_a_literal_file() -> None:
    little = bytes.fromhex(
        "d4c3b2a1" "0200" "0400" "00000000" "00000000" "ffff0000" "01000000"  # microseconds, Ethernet
        "01000000" "10000000" "04000000" "04000000" "deadbeef"               # 1.000016 s, 4 bytes
        "02000000" "00000000" "02000000" "40000000" "cafe")                  # 2 s, 2 of 64 bytes
    assert read_pcap(little) == (1, [Record(1.000016, b"\xde\xad\xbe\xef"), Record(2.0, b"\xca\xfe")])
    big_nano = bytes.fromhex(
        "a1b23c4d" "0002" "0004" "00000000" "00000000" "0000ffff" "00000001"
        "00000001" "00000007" "00000001" "00000001" "ff")
    assert read_pcap(big_nano) == (1, [Record(Fraction(1_000_000_007, 10**9), b"\xff")])
    with pytest.raises(PcapError, match="pcapng"):
        read_pcap(bytes.fromhex("0a0d0d0a") + bytes(24))
    with pytest.raises(PcapError, match="packet 1: 2 bytes captured, the file ends 1 bytes on"):
        read_pcap(little[:-1])
    with pytest.raises(PcapError, match="packet 2: the record header is cut short"):
        read_pcap(little + bytes(5))
    with pytest.raises(PcapError, match="not a pcap file"):
        read_pcap(bytes(24))


def test_a_literal_frame_dissects_to_its_payload() -> None:
    frame = bytes.fromhex(
        "020000000002" "020000000001" "0800"                          # Ethernet
        "4500002a" "00000000" "40060000" "10000001" "30000001"        # IPv4, 42 bytes
        "04010050" "000003e8" "00000000" "5018" "2000" "00000000"     # TCP 1025 -> 80, seq 1000, PSH+ACK
        "6869"                                                        # "hi"
        "0000000000000000000000000000" "deadbeef")                    # padding to 60, FCS
    want = Packet("ipv4", bytes([16, 0, 0, 1]), bytes([48, 0, 0, 1]), "tcp", 1025, 80, 1000, 0x18, 0x2000, b"hi")
    assert dissect(frame) == want
    tagged = frame[:12] + bytes.fromhex("81000064") + frame[12:]
    assert dissect(tagged) == want
    later_fragment = frame[:20] + bytes.fromhex("0001") + frame[22:]
    assert dissect(later_fragment).l4 is None
    v6 = bytes.fromhex(
        "020000000002" "020000000001" "86dd"
        "60000000" "0012" "00" "40" "20010db8000000000000000000000001" "20010db8000000000000000000000002"
        "1100" "000000000000"                                         # hop-by-hop options, then UDP
        "00350035000a0000" "6f6b")                                    # UDP 53 -> 53, "ok"
    got = dissect(v6)
    assert (got.l3, got.l4, got.sport, got.payload) == ("ipv6", "udp", 53, b"ok")
    assert dissect(bytes.fromhex("020000000002020000000001" "0806") + bytes(28)) == Packet()


def b64(data: bytes) -> str:
    return base64.b64encode(data).decode()


def test_a_tcp_capture_becomes_two_programs(tmp_path: Path) -> None:
    pcap = tmp_path / "http.pcap"
    pcap.write_bytes(PCAPS["tcp.pcap"])
    flow = analyze(str(pcap), PCAPS["tcp.pcap"])
    assert (flow.tcp, flow.dport, flow.payload_len) == (True, 80, 10)
    assert flow.condensed() == [("c", b"GET /x\r\n"), ("s", b"OK")]
    ip_gen = ASTFIPGen(dist_client=ASTFIPGenDist(["16.0.0.0", "16.0.0.255"]),
                       dist_server=ASTFIPGenDist(["48.0.0.0", "48.0.255.255"]))
    got = ASTFProfile(default_ip_gen=ip_gen, cap_list=ASTFCapInfo(file=str(pcap))).to_json()
    assert got["buf_list"] == [b64(b"GET /x\r\n"), b64(b"OK")]
    assert got["program_list"] == [
        {"commands": [{"name": "tx", "buf_index": 0}, {"name": "rx", "min_bytes": 2}]},
        {"commands": [{"name": "rx", "min_bytes": 8}, {"name": "tx", "buf_index": 1}]},
    ]
    assert got["templates"][0]["client_template"]["port"] == 80
    assert got["templates"][0]["server_template"]["assoc"] == [{"port": 80}]
    # A server that speaks first waits for the connection first.
    first = analyze("smtp.pcap", PCAPS["tcp_server_first.pcap"])
    assert first.condensed()[0] == ("s", b"220 hello\r\n")


def test_a_udp_capture_becomes_two_programs(tmp_path: Path) -> None:
    pcap = tmp_path / "dns.pcap"
    pcap.write_bytes(PCAPS["udp.pcap"])
    client = ASTFProgram(file=str(pcap), side="c").to_json()
    server = ASTFProgram(file=str(pcap), side="s").to_json()
    tx = {"name": "tx_msg", "buf_index": None}
    # A gap between two of a side's own packets is a delay (0.7 s at most; none under 50
    # us); over 0.5 s, a keepalive of twice it first (TRex's number, in its msec field).
    assert client == {"stream": False, "commands": [
        {"name": "keepalive", "msec": 1400000}, tx, {"name": "delay", "usec": 200000}, tx,
        {"name": "rx_msg", "min_pkts": 2}, tx, {"name": "delay", "usec": 700000}, tx, tx]}
    assert server == {"stream": False, "commands": [
        {"name": "keepalive", "msec": 1200000}, {"name": "rx_msg", "min_pkts": 2}, tx,
        {"name": "delay", "usec": 600000}, tx, {"name": "rx_msg", "min_pkts": 5}]}


def test_a_retransmission_in_the_capture_is_refused() -> None:
    with pytest.raises(ASTFError, match=r"pcap x.pcap: packet #5 has TCP sequence 1005 where 1009 was due"):
        analyze("x.pcap", PCAPS["tcp_retransmission.pcap"])
    # A repeated SYN is no retransmission to TRex (its own cap2/https.pcap has one).
    assert analyze("x.pcap", PCAPS["tcp_vlan_syn_twice.pcap"]).condensed()[0] == ("c", b"GET /x\r\n")


# ---- tunables -----------------------------------------------------------------------


def test_console_tunables_are_decoded_as_trex_decodes_them() -> None:
    got = console_tunables("a=1,b=0x10,c=1.5,d='x y',e=yes,f=Off,g=text")
    assert got == {"a": 1, "b": 16, "c": 1.5, "d": "x y", "e": True, "f": False, "g": "text",
                   "tunables": ["--a", "1", "--b", "16", "--c", "1.5", "--d", "x y", "--e", "True", "--f", "False",
                                "--g", "text"]}
    assert console_tunables("--size 2 --loop 3") == {"tunables": ["--size", "2", "--loop", "3"]}
    assert console_tunables("") == {"tunables": []}
    with pytest.raises(ASTFError, match="bad syntax for tunables: 'b'"):
        console_tunables("a=1,b")


def test_tunables_reach_the_profile_as_trex_passes_them() -> None:
    eflow = trex_oracle.ASTF_PROFILES / "http_eflow2.py"
    port = trex_oracle.ASTF_PROFILES / "http_simple_port_tunable.py"
    words = ["--size", "4", "--loop", "3", "--win", "64", "--pipe", "1", "--mss", "1000"]
    want = oracle([eflow], words)[0]["json"]
    assert riptide(eflow, "size=4,loop=3,win=64,pipe=1,mss=1000") == want
    assert riptide(eflow, " ".join(words)) == want
    assert riptide(eflow) != want
    want = oracle([port], ["--port", "8080"])[0]["json"]
    assert want["templates"][0]["client_template"]["port"] == 8080
    assert riptide(port, "port=8080") == want
    # TRex's load_py: keywords become the argparse words.
    assert json.loads(json.dumps(load_profile(str(port), port=8080).to_json())) == want
    with pytest.raises(ASTFError) as e:
        profile_json(str(port), "prot=1")
    assert str(e.value) == (f"{port}: get_profile() exited on tunables --prot 1: unrecognized arguments: --prot 1 "
                            "(its tunables: port)")


# ---- import names and the command line ----------------------------------------------


def test_trex_names_resolve_only_during_a_load(tmp_path: Path) -> None:
    profile_json(str(trex_oracle.ASTF_PROFILES / "http_simple.py"))
    assert not any(n in sys.modules for n in ("trex", "trex.astf.api", "trex_astf_lib.api", "astf_path"))
    # TRex's older layout (`import astf_path`, `trex_astf_lib.api`) loads the same profile.
    body = f'''
        {IP_GEN}
        return ASTFProfile(default_ip_gen=ip_gen, cap_list=ASTFCapInfo(file="{REPO}/python/tests/trex-core/scripts/avl/delay_10_http_get_0.pcap"))
    '''
    new, old = tmp_path / "new.py", tmp_path / "old.py"
    new.write_text(profile_text(body))
    old.write_text(profile_text(body, "import astf_path\nfrom trex_astf_lib.api import *"))
    assert riptide(old) == riptide(new)
    assert "astf_path" not in sys.modules


def cli(*args: str) -> subprocess.CompletedProcess:
    env = dict(os.environ, PYTHONPATH=str(REPO / "python"))
    return subprocess.run([sys.executable, "-m", "riptide.trex", *args], capture_output=True, text=True, env=env,
                          timeout=60)


def test_the_command_line_prints_trex_json_and_imports_no_scapy(trex_samples: Dict[str, Dict[str, Any]]) -> None:
    path = trex_oracle.ASTF_PROFILES / "http_simple.py"
    r = cli(str(path))
    assert r.returncode == 0 and r.stderr == "", r.stderr
    assert json.loads(r.stdout) == trex_samples["http_simple.py"]["json"]
    r = cli("--astf", str(trex_oracle.ASTF_PROFILES / "http_manual_cli_tunable.py"), "-t", "size=3")
    assert r.returncode == 0, r.stderr
    assert len(json.loads(r.stdout)["buf_list"]) == 2
    env = dict(os.environ, PYTHONPATH=str(REPO / "python"))
    code = ("import sys; from riptide.trex.cli import main; main([sys.argv[1]]); "
            "sys.stderr.write(str('scapy' in sys.modules))")
    r = subprocess.run([sys.executable, "-c", code, str(path)], capture_output=True, text=True, env=env, timeout=60)
    assert r.stderr == "False", r.stderr


def test_the_command_line_refuses_in_one_line(tmp_path: Path) -> None:
    bad = tmp_path / "bad.py"
    bad.write_text(profile_text('p = ASTFProgram()\np.delay_rand(5, 1)\nreturn None'))
    r = cli(str(bad))
    assert r.returncode == 2 and r.stdout == ""
    assert r.stderr == f"error: {bad}:7: ASTFProgram.delay_rand: min_usec 5 is above max_usec 1\n"


def test_stateless_profiles_still_translate(capsys: pytest.CaptureFixture) -> None:
    from riptide.trex.cli import main

    stl = REPO / "python/tests/trex/udp_1pkt_simple.py"
    r = cli(str(stl))
    assert r.returncode == 0, r.stderr
    assert len(json.loads(r.stdout)["streams"]) == 1
    capsys.readouterr()
    assert main(["--astf", str(stl)]) == 2
    out = capsys.readouterr()
    assert out.out == "" and out.err.startswith(f"error: {stl}: a stateless (STL) profile"), out
    assert out.err.count("\n") == 1


def test_tls_on_templates_is_riptides_extension_with_its_shape_checked() -> None:
    """``tls=`` on a template's client and server (riptide's extension: TRex's profiles do
    not use it, and their JSON is unchanged, as the comparisons above show) goes into the
    JSON as ``client_template.tls`` / ``server_template.tls``; a shape the Rust side would
    not take is refused here, at the profile's line."""
    from riptide.trex.astf import (ASTFAssociationRule, ASTFIPGenGlobal, ASTFTCPClientTemplate,
                                   ASTFTCPServerTemplate, ASTFTemplate)
    gen = ASTFIPGen(glob=ASTFIPGenGlobal(ip_offset="1.0.0.0"),
                    dist_client=ASTFIPGenDist(ip_range=["198.18.0.1", "198.18.0.9"]),
                    dist_server=ASTFIPGenDist(ip_range=["198.19.0.1", "198.19.0.1"]))

    def progs(stream: bool = True) -> Tuple[ASTFProgram, ASTFProgram]:
        c, s = ASTFProgram(stream=stream), ASTFProgram(stream=stream)
        if stream:
            c.send(b"GET"), c.recv(2), s.recv(3), s.send(b"OK")
        else:
            c.send_msg(b"GET"), c.recv_msg(1), s.recv_msg(1), s.send_msg(b"OK")
        return c, s

    c, s = progs()
    t = ASTFTemplate(client_template=ASTFTCPClientTemplate(program=c, ip_gen=gen, port=443,
                                                           tls={"version": "1.3", "sni": "dut.test"}),
                     server_template=ASTFTCPServerTemplate(program=s, assoc=ASTFAssociationRule(port=443),
                                                           tls={"cert": "rsa2048"}))
    j = json.loads(ASTFProfile(default_ip_gen=gen, templates=t).to_json_str())
    assert j["templates"][0]["client_template"]["tls"] == {"version": "1.3", "sni": "dut.test"}
    assert j["templates"][0]["server_template"]["tls"] == {"cert": "rsa2048"}
    plain = ASTFTemplate(client_template=ASTFTCPClientTemplate(program=c, ip_gen=gen, tls=False),
                         server_template=ASTFTCPServerTemplate(program=s))
    j = json.loads(ASTFProfile(default_ip_gen=gen, templates=plain).to_json_str())
    assert "tls" not in j["templates"][0]["client_template"] and "tls" not in j["templates"][0]["server_template"]
    for kwargs, side, want in [
        ({"tls": 5}, "c", "ASTFTCPClientTemplate: tls must be True or a dict"),
        ({"tls": {"versoin": "1.3"}}, "c", "ASTFTCPClientTemplate: tls: unknown key 'versoin'"),
        ({"tls": {"cert": "rsa2048"}}, "c", "tls: cert is the server's"),
        ({"tls": {"sni": object()}}, "s", "ASTFTCPServerTemplate: tls: "),
    ]:
        # (Loaded from a profile file, the message names its line: crates/cli/tests/tcp.rs.)
        with pytest.raises(ASTFError, match=want.replace("(", r"\(")):
            if side == "c":
                ASTFTCPClientTemplate(program=c, ip_gen=gen, **kwargs)
            else:
                ASTFTCPServerTemplate(program=s, **kwargs)
    uc, us = progs(stream=False)
    with pytest.raises(ASTFError, match="tls runs over TCP, and these programs are UDP"):
        ASTFTemplate(client_template=ASTFTCPClientTemplate(program=uc, ip_gen=gen, tls=True),
                     server_template=ASTFTCPServerTemplate(program=us))
