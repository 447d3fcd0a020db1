"""TRex ASTF profiles run unchanged: `riptide tcp X.py` on the in-memory `link:` pair.

The profiles are TRex's own (python/tests/trex-core/scripts/astf, copied unchanged); their
addresses (16.0.0.0/8, 48.0.0.0/8) never leave the process. Each run must hold TRex's
documented ASTF invariants (client `tcps_connattempt == tcps_closed`, server
`accepts == connects == closed`, what one side sent the other received) and the bytes
the profile's programs say: the oracle of what one connection carries is TRex's own
`ASTFProfile.to_json()` of the same file (trex_oracle.py), read here independently of
riptide's translation.
"""

from __future__ import annotations

import base64
import json
import os
import shutil
import subprocess
import sys
import time
from pathlib import Path
from typing import Any, Dict, List, Optional

import pytest

import trex_oracle

REPO = Path(__file__).resolve().parents[2]
BIN = str(Path(os.environ.get("RIPTIDE_BIN", REPO / "target" / "release" / "riptide")).resolve())
ASTF = trex_oracle.ASTF_PROFILES


def tcp(profile: str, *args: str, timeout: int = 120) -> subprocess.CompletedProcess:
    env = dict(os.environ, RIPTIDE_PYTHON=sys.executable)
    cmd = [BIN, "tcp", str(ASTF / profile), "--port", "link:0", "--port", "link:1", *args]
    return subprocess.run(cmd, capture_output=True, text=True, env=env, timeout=timeout)


def report(profile: str, *args: str) -> Dict[str, Any]:
    r = tcp(profile, "--json", *args)
    assert r.returncode == 0, r.stderr
    return json.loads(r.stdout)["tcp"]


def check_invariants(t: Dict[str, Any], n: int) -> None:
    c, s = t["client"], t["server"]
    assert c["tcps_connattempt"] == n, c
    assert c["tcps_connattempt"] == c["tcps_closed"], "client connattempt == closed"
    assert s["tcps_accepts"] == s["tcps_connects"] == s["tcps_closed"] == n, s
    assert c["tcps_sndbyte"] == s["tcps_rcvbyte"] and s["tcps_sndbyte"] == c["tcps_rcvbyte"], (c, s)
    assert t["client_app"]["completed"] == t["server_app"]["completed"] == n, t


def sent_per_connection(trex_json: Dict[str, Any], program: int) -> int:
    """Bytes program `program` sends once through, loops run as TRex runs them."""
    cmds = trex_json["program_list"][program]["commands"]
    bufs = [base64.b64decode(b) for b in trex_json["buf_list"]]
    total, pc, vars_ = 0, 0, [0, 0]
    while pc < len(cmds):
        c = cmds[pc]
        if c["name"] == "tx":
            total += len(bufs[c["buf_index"]])
        elif c["name"] == "set_var":
            vars_[c["id"]] = c["val"]
        elif c["name"] == "jmp_nz":
            vars_[c["id"]] -= 1
            if vars_[c["id"]] != 0:
                pc += c["offset"]
                continue
        pc += 1
    return total


@pytest.mark.parametrize("name,args,n", [
    ("http_simple.py", ["-n", "40", "-m", "100"], 40),
    ("http_eflow2.py", [], 1),
    ("http_manual_commands_loop.py", ["-n", "2", "-m", "10"], 2),
    # Nine templates on nine ports, 5 connections each.
    ("sfr.py", ["-n", "5", "-m", "100"], 45),
    # IPv6 frames, TRex's addressing (ff02::16.0.0.x to ff03::48.0.0.x).
    ("param_ipv6.py", ["-n", "10", "-m", "20"], 10),
    # Two templates, each with its own MSS (tunables per template).
    ("tcp_param_change.py", ["-n", "4", "-m", "20"], 8),
    # Two templates, each on its own client and server ranges (ip_gen) and port.
    ("http_advanced.py", ["-n", "5", "-m", "100"], 10),
    ("http_simple_different_ip_range.py", ["-n", "5", "-m", "100"], 10),
    # Two templates on port 443, each server program at its own addresses (association
    # by ip_start/ip_end): a client answered by the other's program would not complete.
    ("shared_port_dif_caps.py", ["-n", "5", "-m", "100"], 10),
])
def test_trex_profiles_run_with_trex_invariants(name: str, args: List[str], n: int) -> None:
    t = report(name, *args)
    check_invariants(t, n)
    trex = trex_oracle.trex_astf_json(str(ASTF / name))
    # Bytes each side sent: every template's programs, by TRex's own JSON of the file.
    per_template = []
    for tpl in trex["templates"]:
        c = sent_per_connection(trex, tpl["client_template"]["program_index"])
        s = sent_per_connection(trex, tpl["server_template"]["program_index"])
        per_template.append((c, s))
    k = n // len(per_template)
    assert t["client"]["tcps_sndbyte"] == k * sum(c for c, _ in per_template)
    assert t["server"]["tcps_sndbyte"] == k * sum(s for _, s in per_template)


#: TRex's sample ASTF profiles that TRex's own code loads and riptide refuses, each with
#: the words of its error: what riptide cannot run yet (docs/trex.md), or what TRex's server
#: refuses too (an MSS of 9999). The other samples TRex loads all run.
RIPTIDE_REFUSES = {
    "param_ip_tos_ttl_pt.py": "tcp.do_rfc1323, tcp.do_sack, tcp.cc_algo, ipv6 or scheduler: TRex takes it for the whole "
                              "profile only",
    "param_mss_err.py": "c_glob_info.tcp.mss: expected 10..9216",
    "udp_latency.py": "program add-ons (\"latency\") are not supported",
    "video_stream.py": "clock, variable and jump commands (set_tick_var, jmp_dp, add_var, jmp_cmp) run in TCP programs "
                       "only",
}
#: What TRex's code refuses (test_astf_profile.py checks it against TRex's code).
TREX_REFUSES = {"emix2.py", "gtpu_topo.py", "gtpu_topo_latency.py", "http_by_l7_percent.py",
                "http_simple_rss.py", "param_mss_err2.py", "udp_rtp.py", "udp_topo.py", "wrapping_it_up_example.py"}


def test_every_trex_sample_trex_loads_simulates_or_is_refused_by_name(tmp_path: Path) -> None:
    # All 91 of TRex's sample ASTF profiles through `riptide astf-sim` (0.5 s of flows; the
    # FTP sample's file at 1 MB, not its default 1,000): the 78 TRex's code loads and riptide
    # runs write a pcap; the rest are refused naming the file and what stops them.
    env = dict(os.environ, RIPTIDE_PYTHON=sys.executable)
    samples = sorted(ASTF.glob("*.py"))
    assert len(samples) == 91
    ran, refused = [], {}
    for path in samples:
        out = tmp_path / (path.stem + ".pcap")
        tunables = ["-t", "--fsize 1"] if path.name == "ftp_multiple_flows_sim.py" else []
        r = subprocess.run([BIN, "astf-sim", "-f", str(path), "-o", str(out), "--full", "-d", "0.5", *tunables],
                           capture_output=True, text=True, env=env, timeout=120)
        if r.returncode == 0:
            assert out.stat().st_size > 24, path.name
            ran.append(path.name)
        else:
            assert r.returncode == 2 and str(path) in r.stderr, (path.name, r.stderr[-500:])
            refused[path.name] = r.stderr
        out.unlink(missing_ok=True)
    assert set(refused) == set(RIPTIDE_REFUSES) | TREX_REFUSES, sorted(refused)
    for name, words in RIPTIDE_REFUSES.items():
        assert words in refused[name], (name, refused[name])
    assert len(ran) == 78


def test_a_program_that_connects_first_waits_for_the_handshake(tmp_path: Path) -> None:
    # TRex's http_manual_commands_connect_rst.py: connect() then reset(). connect waits
    # until the connection is up (TRex's CONNECT_WAIT), so each flow is a whole handshake
    # and then the client's RST, not a connection dropped before its SYN left.
    if shutil.which("tshark") is None:
        pytest.fail("tshark is needed (scripts/setup.sh installs it)")
    out = tmp_path / "connect_rst.pcap"
    env = dict(os.environ, RIPTIDE_PYTHON=sys.executable)
    r = subprocess.run([BIN, "astf-sim", "-f", str(ASTF / "http_manual_commands_connect_rst.py"), "-o", str(out),
                        "--full", "-d", "1"], capture_output=True, text=True, env=env, timeout=120)
    assert r.returncode == 0, r.stderr
    flows: Dict[str, List[str]] = {}
    for stream, sport, flags in tshark_fields(out, "tcp.stream", "tcp.srcport", "tcp.flags"):
        side = "s" if sport == "80" else "c"
        flows.setdefault(stream, []).append(side + {0x02: "SYN", 0x12: "SYN-ACK", 0x10: "ACK", 0x14: "RST"}.get(
            int(flags, 16), flags))
    assert flows and all(f == ["cSYN", "sSYN-ACK", "cACK", "cRST"] for f in flows.values()), flows


def test_the_multiplier_scales_the_profiles_rate() -> None:
    # http_simple: 2.776 cps; -m 2000 opens ~5,552 per second: 0.5 s gives ~2,776.
    t = report("http_simple.py", "-m", "2000", "-d", "0.5")
    assert 2200 <= t["client"]["tcps_connattempt"] <= 3100, t["client"]


def test_concurrent_holds_a_trex_profile_at_constant_concurrency() -> None:
    # http_simple opens 2.776 flows/s; held at 20 open (each replaced when its program ends)
    # on the in-memory link it runs far faster than that, and when the run stops at most 20
    # programs are under way (opened less completed: a replacement opens at the endpoint's
    # next turn).
    t = report("http_simple.py", "--concurrent", "20", "-d", "1")
    c = t["client"]
    assert c["tcps_connattempt"] > 200, c
    assert 0 < c["tcps_connattempt"] - t["client_app"]["completed"] <= 20, (c, t["client_app"])
    assert t["client_app"]["recv_timeouts"] == 0 and c["tcps_rexmttimeo"] == 0, t
    # Over a link of 1 ms each way a connection's life is set by round trips, so the rate
    # follows the concurrency held: four times as many open, about four times the rate. On
    # the link's virtual time, so that the host's load does not set it instead (on the wall
    # clock a clean-clone run with the other pytest worker busy got 1,190 at 10 held and
    # 2,021 at 40, another 194 at 2 and 456 at 8; virtual time: 288 and 1,128, and beside
    # two busy loops 194 and 824).
    env = dict(os.environ, RIPTIDE_PYTHON=sys.executable)

    def rate(n: int) -> float:
        cmd = [BIN, "tcp", str(ASTF / "http_simple.py"), "--port", "link:0:delay=1ms", "--port", "link:1",
               "--concurrent", str(n), "-d", "1", "--json"]
        r = subprocess.run(cmd, capture_output=True, text=True, env=env, timeout=60)
        assert r.returncode == 0, r.stderr
        return json.loads(r.stdout)["tcp"]["client"]["tcps_connattempt"]

    # The host's load only ever lowers a count (a clean clone's CI got 254 at 2 held and 500
    # at 8 while the other pytest worker was busy): the most of three interleaved runs each
    # is the least disturbed.
    runs = [(rate(2), rate(8)) for _ in range(3)]
    low, high = max(r[0] for r in runs), max(r[1] for r in runs)
    assert 2.5 < high / low < 5.0, runs
    # And a wrong use is named.
    r = tcp("http_simple.py", "--concurrent", "20", "-m", "10kcps", "-d", "1")
    assert r.returncode != 0 and "--concurrent" in r.stderr, r.stderr


def sent_msgs(trex_json: Dict[str, Any], program: int) -> tuple:
    """(datagrams, bytes) a UDP program sends once through, by TRex's JSON."""
    cmds = trex_json["program_list"][program]["commands"]
    bufs = [base64.b64decode(b) for b in trex_json["buf_list"]]
    sizes = [len(bufs[c["buf_index"]]) for c in cmds if c["name"] == "tx_msg"]
    return len(sizes), sum(sizes)


@pytest.mark.parametrize("name,n", [("udp_pcap.py", 30), ("udp_sip.py", 20), ("udp1.py", 10)])
def test_trex_udp_profiles_run_with_trex_invariants(name: str, n: int) -> None:
    t = report(name, "-n", str(n), "-m", "100")
    c, s = t["client_udp"], t["server_udp"]
    # Every flow opened, answered and ended with its program: none idled out, none lost.
    assert c["udps_connects"] == c["udps_closed"] == n, c
    assert s["udps_accepts"] == s["udps_closed"] == n, s
    assert c["udps_keepdrops"] == s["udps_keepdrops"] == 0
    assert c["udps_sndpkt"] == s["udps_rcvpkt"] and s["udps_sndpkt"] == c["udps_rcvpkt"], (c, s)
    assert c["udps_sndbyte"] == s["udps_rcvbyte"] and s["udps_sndbyte"] == c["udps_rcvbyte"], (c, s)
    assert t["client_app"]["completed"] == t["server_app"]["completed"] == n, t
    assert t["client"]["tcps_connattempt"] == 0
    trex = trex_oracle.trex_astf_json(str(ASTF / name))
    tpl = trex["templates"][0]
    cp, cb = sent_msgs(trex, tpl["client_template"]["program_index"])
    sp, sb = sent_msgs(trex, tpl["server_template"]["program_index"])
    assert (c["udps_sndpkt"], c["udps_sndbyte"]) == (n * cp, n * cb)
    assert (s["udps_sndpkt"], s["udps_sndbyte"]) == (n * sp, n * sb)


def test_the_udp_report_reads_like_trex_counters() -> None:
    r = tcp("udp_pcap.py", "-n", "5", "-m", "100")
    assert r.returncode == 0, r.stderr
    assert "udp: client 5 flows, 5 completed" in r.stdout, r.stdout
    assert "datagrams: client sent 5 (155 B) received 5 (235 B)" in r.stdout, r.stdout


def test_what_riptide_cannot_run_yet_names_the_profile() -> None:
    r = tcp("udp_latency.py", "-n", "1")
    assert r.returncode == 2
    assert "udp_latency.py" in r.stderr and "program add-ons" in r.stderr, r.stderr


def tshark_fields(pcap: Path, *fields: str) -> List[List[str]]:
    args = ["tshark", "-n", "-r", str(pcap), "-T", "fields"]
    for f in fields:
        args += ["-e", f]
    out = subprocess.run(args, capture_output=True, text=True, check=True, timeout=120).stdout
    return [line.split("\t") for line in out.splitlines()]


def test_trexs_shared_port_answers_each_template_by_its_payload() -> None:
    # TRex's shared_port.py: on port 80 of one server range, TCP and UDP each, one template
    # answered by address and two by their first payload's four bytes (l7_map: "POST",
    # "PUT "), the address rule taking what no payload rule names ("GET "). Each group's
    # server received exactly its clients' requests (TRex's own JSON of the file), every
    # connection and flow completed, no byte was unexpected: a connection given another
    # template's program would wait for, or refuse, bytes its client never sends.
    trex = trex_oracle.trex_astf_json(str(ASTF / "shared_port.py"))
    bufs = [base64.b64decode(b) for b in trex["buf_list"]]
    t = report("shared_port.py", "-n", "5", "-m", "100")
    c, s = t["client"], t["server"]
    assert c["tcps_connattempt"] == c["tcps_closed"] == s["tcps_accepts"] == s["tcps_closed"] == 15, (c, s)
    assert c["tcps_sndbyte"] == s["tcps_rcvbyte"] and s["tcps_sndbyte"] == c["tcps_rcvbyte"], (c, s)
    cu, su = t["client_udp"], t["server_udp"]
    assert cu["udps_connects"] == su["udps_accepts"] == su["udps_closed"] == 15, (cu, su)
    assert su["err_defer_no_template"] == t["server"]["err_defer_no_template"] == 0, t["server"]
    assert t["server_app"]["unexpected_bytes"] == t["client_app"]["unexpected_bytes"] == 0, t
    assert t["client_app"]["completed"] == t["server_app"]["completed"] == 30, t
    by_content = 0
    for tpl in trex["templates"]:
        g = t["groups"][tpl["tg_id"]]
        prog = trex["program_list"][tpl["client_template"]["program_index"]]
        first = next(bufs[c["buf_index"]] for c in prog["commands"] if "buf_index" in c)
        if prog.get("stream", True):
            gs = g["server"]
            assert gs["tcps_rcvbyte"] == 5 * len(first), (tpl["tg_id"], gs)
            # Each connection counted in its own template's group, its SYN and handshake
            # too (moved there when the payload named the template, as TRex moves them).
            assert gs["tcps_accepts"] == gs["tcps_connects"] == gs["tcps_closed"] == 5, (tpl["tg_id"], gs)
        else:
            assert (g["server_udp"]["udps_accepts"], g["server_udp"]["udps_rcvbyte"]) == (5, 5 * len(first)), g
        by_content += "l7_map" in tpl["server_template"]["assoc"][0]
    assert by_content == 4


def test_trexs_elephant_flow_runs_for_its_time_on_the_link() -> None:
    # http_eflow4.py on the in-memory link, on the wall clock: the run lasts the second its
    # programs loop for, the server sends its response again and again, and what the
    # client received is what the server sent (less what was under way when the first
    # side's loop ended and reset).
    words = ["--send_time", "1", "--recv_time", "1"]
    trex = trex_oracle.trex_astf_json(str(ASTF / "http_eflow4.py"), words)
    response = sent_per_connection(trex, trex["templates"][0]["server_template"]["program_index"])
    t0 = time.monotonic()
    t = report("http_eflow4.py", "-t", " ".join(words))
    took = time.monotonic() - t0
    c, s = t["client"], t["server"]
    assert c["tcps_connattempt"] == c["tcps_connects"] == s["tcps_accepts"] == 1, t
    assert took >= 1.0, took
    assert s["tcps_sndbyte"] >= 10 * response, (s, response)
    assert s["tcps_sndbyte"] - 2 * response <= c["tcps_rcvbyte"] <= s["tcps_sndbyte"], (c, s)
    # The side whose loop ends first resets the other (the server's clock starts when the
    # request arrives, the client's when it is acknowledged): one program completes.
    assert c["tcps_rcvrst"] + s["tcps_rcvrst"] == 1, (c, s)
    assert t["client_app"]["completed"] + t["server_app"]["completed"] == 1, t


def test_an_elephant_flows_retransmissions_carry_its_bytes_again(tmp_path: Path) -> None:
    # http_eflow4.py with 2% loss on the server's port: each connection's send stream is
    # its own (how many times its loop ran), read back from its log of sends for every
    # retransmission. tshark reads every segment the server sent, first or again: each
    # carries, at its place in the stream, TRex's response repeated.
    if shutil.which("tshark") is None:
        pytest.fail("tshark is needed (scripts/setup.sh installs it)")
    words = ["--send_time", "1", "--recv_time", "1", "--size", "4"]
    trex = trex_oracle.trex_astf_json(str(ASTF / "http_eflow4.py"), words)
    bufs = [base64.b64decode(b) for b in trex["buf_list"]]
    server_program = trex["program_list"][trex["templates"][0]["server_template"]["program_index"]]
    response = bufs[next(c["buf_index"] for c in server_program["commands"] if c["name"] == "tx")]
    tap = tmp_path / "server.pcap"
    env = dict(os.environ, RIPTIDE_PYTHON=sys.executable)
    r = subprocess.run([BIN, "tcp", str(ASTF / "http_eflow4.py"), "--port", "link:0",
                        "--port", f"link:1+impair:loss=2%,seed=7+tap:{tap}", "--json", "-t", " ".join(words)],
                       capture_output=True, text=True, env=env, timeout=120)
    assert r.returncode == 0, r.stderr
    s = json.loads(r.stdout)["tcp"]["server"]
    # How many were lost depends on how many left in the second (each loss stalls the
    # loop for a retransmission): at least one, whatever the host's load.
    assert s["tcps_sndrexmitpack"] >= 1, s
    segments = 0
    for seq, payload in tshark_fields(tap, "tcp.seq", "tcp.payload"):
        data = bytes.fromhex(payload.replace(":", ""))
        if not data:
            continue
        off = (int(seq) - 1) % len(response)
        want = (response * (2 + len(data) // len(response)))[off:off + len(data)]
        assert data == want, f"segment at {seq}: not the response's bytes at its place"
        segments += 1
    again = tshark_fields(tap, "tcp.analysis.retransmission")
    assert sum(1 for (x,) in again if x) >= 1 and segments > 100, (segments, len(again))


def test_trexs_elephant_flow_runs_on_its_clock_in_the_simulator(tmp_path: Path) -> None:
    # TRex's http_eflow4.py: after the request the server sends its response again and
    # again until send_time has passed (set_tick_var, jmp_dp), the client reads responses
    # until recv_time has passed, and each then resets. On astf-sim's virtual clock tshark
    # reads the server's stream as TRex's response (TRex's own JSON of the file) over and
    # over, and the first RST leaves a second after the request, within one round of the
    # loop (the largest gap between two responses).
    if shutil.which("tshark") is None:
        pytest.fail("tshark is needed (scripts/setup.sh installs it)")
    words = ["--send_time", "1", "--recv_time", "1"]
    out = tmp_path / "eflow4.pcap"
    env = dict(os.environ, RIPTIDE_PYTHON=sys.executable)
    r = subprocess.run([BIN, "astf-sim", "-f", str(ASTF / "http_eflow4.py"), "-o", str(out), "--full", "-d", "1",
                        "-t", " ".join(words)], capture_output=True, text=True, env=env, timeout=120)
    assert r.returncode == 0, r.stderr
    trex = trex_oracle.trex_astf_json(str(ASTF / "http_eflow4.py"), words)
    bufs = [base64.b64decode(b) for b in trex["buf_list"]]
    server_program = trex["program_list"][trex["templates"][0]["server_template"]["program_index"]]
    response = bufs[next(c["buf_index"] for c in server_program["commands"] if c["name"] == "tx")]
    assert len(response) > 1024
    # Every frame's place in its stream (the whole run: 1 s of 20 µs rounds), then the bytes
    # of the first thousand or so responses.
    server: Dict[int, int] = {}
    request_at, starts, resets = None, [], []
    for t, sport, seq, size, flags in tshark_fields(out, "frame.time_relative", "tcp.srcport", "tcp.seq", "tcp.len",
                                                    "tcp.flags"):
        if int(flags, 16) & 0x04:
            resets.append((float(t), sport))
        if int(size) == 0:
            continue
        if sport == "80":
            server[int(seq)] = int(size)
            # A response starts in this segment: the loop's next round.
            off = int(seq) - 1
            if -(-off // len(response)) * len(response) < off + int(size):
                starts.append(float(t))
        elif request_at is None:
            request_at = float(t)
    at = 1
    for seq in sorted(server):
        assert seq == at, f"the server's stream has a hole or an overlap at {seq} (expected {at})"
        at += server[seq]
    k = (at - 1) // len(response)
    assert k >= 10, f"{k} responses in a second"
    rows = subprocess.run(["tshark", "-n", "-r", str(out), "-Y", "tcp.srcport == 80 && tcp.len > 0 && frame.number <= 4000",
                           "-T", "fields", "-e", "tcp.payload"], capture_output=True, text=True, check=True,
                          timeout=120).stdout.split()
    head = b"".join(bytes.fromhex(p.replace(":", "")) for p in rows)
    n, rest = divmod(len(head), len(response))
    assert n >= 100 and head == response * n + response[:rest], "the server sends TRex's response, whole, again and again"
    round_ = max(b - a for a, b in zip(starts, starts[1:]))
    assert request_at is not None and resets, resets
    first_reset = resets[0][0]
    assert 1.0 <= first_reset - request_at <= 1.0 + round_ + 0.001, (request_at, resets, round_)


def test_tunables_of_a_yaml_profile_are_refused(tmp_path: Path) -> None:
    y = tmp_path / "p.yaml"
    y.write_text("server:\n  listen:\n    - {port: 80, program: http}\n")
    env = dict(os.environ, RIPTIDE_PYTHON=sys.executable)
    r = subprocess.run([BIN, "tcp", str(y), "--port", "link:0", "-t", "a=1", "-d", "0.1"], capture_output=True,
                       text=True, env=env, timeout=60)
    assert r.returncode == 2 and "-t/--tunables is for TRex ASTF profiles" in r.stderr, r.stderr


def test_clients_and_servers_move_the_profiles_addresses(tmp_path: Path) -> None:
    # Into a pcap port: the SYNs show the addresses given, not TRex's 16.0.0.0/48.0.0.0.
    out = tmp_path / "syn.pcap"
    env = dict(os.environ, RIPTIDE_PYTHON=sys.executable)
    cmd = [BIN, "tcp", str(ASTF / "http_simple.py"), "--port", f"pcap:{out}", "-n", "3", "-m", "100", "-d", "0.2",
           "--clients", "198.18.1.100/2", "--servers", "198.18.1.254"]
    subprocess.run(cmd, capture_output=True, text=True, env=env, timeout=60)
    data = out.read_bytes()
    pairs = []
    at = 24
    while at + 16 <= len(data):
        n = int.from_bytes(data[at + 8:at + 12], "little")
        frame = data[at + 16:at + 16 + n]
        pairs.append((bytes(frame[26:30]), bytes(frame[30:34])))
        at += 16 + n
    assert len(pairs) == 3, pairs
    assert {src for src, _ in pairs} <= {bytes([198, 18, 1, 100]), bytes([198, 18, 1, 101])}, pairs
    assert {dst for _, dst in pairs} == {bytes([198, 18, 1, 254])}, pairs


def _ip(a: str) -> int:
    return int.from_bytes(bytes(int(x) for x in a.split(".")), "big")


@pytest.mark.parametrize("name", ["http_advanced.py", "http_simple_different_ip_range.py"])
def test_each_template_opens_from_its_own_ranges_as_tshark_reads_them(name: str, tmp_path: Path) -> None:
    # TRex's two templates, each with its own ASTFIPGen: every SYN tshark reads on the
    # client's port goes from the client range of its template (told apart by the
    # destination port) to that template's server range, by TRex's own JSON of the file;
    # every request is answered, as tshark reads the server's port.
    if shutil.which("tshark") is None:
        pytest.fail("tshark is needed (scripts/setup.sh installs it)")
    c_tap, s_tap = tmp_path / "c.pcap", tmp_path / "s.pcap"
    env = dict(os.environ, RIPTIDE_PYTHON=sys.executable)
    r = subprocess.run([BIN, "tcp", str(ASTF / name), "--port", f"link:0+tap:{c_tap}", "--port", f"link:1+tap:{s_tap}",
                        "-n", "5", "-m", "100", "--json"], capture_output=True, text=True, env=env, timeout=120)
    assert r.returncode == 0, r.stderr
    check_invariants(json.loads(r.stdout)["tcp"], 10)
    trex = trex_oracle.trex_astf_json(str(ASTF / name))
    gens = trex["ip_gen_dist_list"]
    by_port = {}
    for tpl in trex["templates"]:
        c = tpl["client_template"]
        cg, sg = gens[c["ip_gen"]["dist_client"]["index"]], gens[c["ip_gen"]["dist_server"]["index"]]
        by_port[c["port"]] = ((_ip(cg["ip_start"]), _ip(cg["ip_end"])), (_ip(sg["ip_start"]), _ip(sg["ip_end"])))
    assert len(by_port) == 2 and len({v[0] for v in by_port.values()}) == 2, by_port
    out = subprocess.run(["tshark", "-n", "-r", str(c_tap), "-Y", "tcp.flags.syn == 1 && tcp.flags.ack == 0",
                          "-T", "fields", "-e", "ip.src", "-e", "ip.dst", "-e", "tcp.dstport"],
                         capture_output=True, text=True, check=True, timeout=60).stdout.split("\n")
    syns = [line.split("\t") for line in out if line.strip()]
    assert sorted(int(p) for _, _, p in syns) == sorted(list(by_port) * 5), syns
    for src, dst, port in syns:
        (c0, c1), (s0, s1) = by_port[int(port)]
        assert c0 <= _ip(src) <= c1 and s0 <= _ip(dst) <= s1, (src, dst, port, by_port)
    decode = [a for p in by_port for a in ("-d", f"tcp.port=={p},http")]
    codes = subprocess.run(["tshark", "-n", "-r", str(s_tap), *decode, "-Y", "http.response", "-T", "fields",
                            "-e", "http.response.code", "-e", "tcp.srcport"],
                           capture_output=True, text=True, check=True, timeout=60).stdout.split("\n")
    answered = sorted(line.split("\t")[1] for line in codes if line.strip())
    assert answered == sorted(str(p) for p in list(by_port) * 5), codes


def test_a_segment_of_templates_on_two_ranges_is_refused_until_clients_joins_them() -> None:
    r = tcp("http_advanced.py", "--segment", "0/2", "-n", "2", "-m", "100")
    assert r.returncode == 2, r.stderr
    assert ("segment 0/2: the client templates use more than one range of addresses (16.0.0.0/256 and "
            "20.0.0.0/256); segments split one: --clients FIRST/COUNT") in r.stderr, r.stderr
    t = report("http_advanced.py", "--segment", "0/2", "-n", "2", "-m", "100", "--clients", "198.18.0.0/256")
    # -n caps each template: 2 each, one of each in this segment.
    assert t["client"]["tcps_connattempt"] == t["client"]["tcps_closed"] == 2, t["client"]


def test_a_bad_address_range_is_named() -> None:
    r = tcp("http_simple.py", "--clients", "198.18.1.100/0", "-n", "1")
    assert r.returncode == 2 and "--clients 198.18.1.100/0: expected FIRST or FIRST/COUNT" in r.stderr, r.stderr


def test_trexs_sfr_profile_simulates_every_connection_whole_as_tshark_reads_it(tmp_path: Path) -> None:
    # TRex's SFR mix (sfr_full.py: 22 templates from its avl captures, TCP and UDP) through
    # `riptide astf-sim` (virtual time: its RTP and video flows last a minute on the wall
    # clock). tshark reads each TCP stream from its one SYN to a FIN each way and each UDP
    # flow, and every one carries, each way, the bytes TRex's own JSON of the file says its
    # template's programs send.
    if shutil.which("tshark") is None:
        pytest.fail("tshark is needed (scripts/setup.sh installs it)")
    out = tmp_path / "sfr.pcap"
    env = dict(os.environ, RIPTIDE_PYTHON=sys.executable)
    r = subprocess.run([BIN, "astf-sim", "-f", str(ASTF / "sfr_full.py"), "-o", str(out), "--full", "-d", "1"],
                       capture_output=True, text=True, env=env, timeout=120)
    assert r.returncode == 0, r.stderr
    trex = trex_oracle.trex_astf_json(str(ASTF / "sfr_full.py"))
    expect: Dict[tuple, tuple] = {}
    for tpl in trex["templates"]:
        c, s = tpl["client_template"], tpl["server_template"]
        cp, sp = c["program_index"], s["program_index"]
        if trex["program_list"][cp].get("stream", True):
            expect[("tcp", c["port"])] = (sent_per_connection(trex, cp), sent_per_connection(trex, sp))
        else:
            expect[("udp", c["port"])] = (sent_msgs(trex, cp)[1], sent_msgs(trex, sp)[1])
    assert len(expect) == len(trex["templates"]) == 22, expect
    fields = subprocess.run(["tshark", "-n", "-r", str(out), "-T", "fields", "-e", "tcp.stream", "-e", "udp.stream",
                             "-e", "tcp.dstport", "-e", "udp.dstport", "-e", "tcp.len", "-e", "udp.length",
                             "-e", "tcp.flags"], capture_output=True, text=True, check=True, timeout=120).stdout
    flows: Dict[tuple, Dict[str, Any]] = {}
    for line in fields.splitlines():
        ts, us, tport, uport, tlen, ulen, flags = line.split("\t")
        key = ("tcp", ts) if ts else ("udp", us)
        f = flows.setdefault(key, {"port": None, "syn": 0, "fin": 0, "bytes": [0, 0]})
        port, size = (int(tport), int(tlen)) if ts else (int(uport), int(ulen) - 8)
        if ts and int(flags, 16) & 0x12 == 0x02:
            f["syn"] += 1
            f["port"] = port
        if us and f["port"] is None:
            f["port"] = port
        if ts and int(flags, 16) & 0x01:
            f["fin"] += 1
        f["bytes"][0 if port == f["port"] else 1] += size
    seen = set()
    for (proto, stream), f in flows.items():
        want = expect.get((proto, f["port"]))
        assert want is not None, f"{proto} stream {stream} to port {f['port']}: no template answers it"
        if proto == "tcp":
            assert (f["syn"], f["fin"]) == (1, 2), f"tcp stream {stream} to {f['port']}: {f}"
        assert tuple(f["bytes"]) == want, f"{proto} stream {stream} to {f['port']}: {f['bytes']}, TRex's programs {want}"
        seen.add((proto, f["port"]))
    # One second of flows at sfr's rates: most of its templates open at least once.
    assert len(seen) >= 16 and {"tcp", "udp"} <= {p for p, _ in seen}, sorted(seen)
    bad = subprocess.run(["tshark", "-n", "-r", str(out), "-Y", "tcp.analysis.flags && !tcp.analysis.window_update"],
                         capture_output=True, text=True, check=True, timeout=120).stdout
    assert bad == "", bad[:2000]
