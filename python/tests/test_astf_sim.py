"""`riptide astf-sim` against TRex's own regression goldens (trex-core
functional_tests/golden/sim_astf-*.pcap, copied unchanged), by TRex's compare rule
(astf_golden.compare: frames grouped by timestamp, sorted by bytes, raw bytes equal, times
within 1 s; the last frame compared too).

EXACT lists the goldens riptide reproduces byte for byte (all 29 of them); each of them
must stay exact. A golden not in it (one TRex adds) is expected to differ and fails the
test once it is exact, until it is moved to EXACT, so the list stays true.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

import astf_golden
import trex_oracle

REPO = Path(__file__).resolve().parents[2]
BIN = str(Path(os.environ.get("RIPTIDE_BIN", REPO / "target" / "release" / "riptide")).resolve())

EXACT = {
    "sim_astf-http_manual_commands_delay",
    "sim_astf-http_manual_commands_delay_client",
    "sim_astf-http_manual_commands_delay_client2",
    "sim_astf-http_manual_commands_delay_rand",
    "sim_astf-http_manual_commands_fin_ack",
    "sim_astf-http_manual_commands_loop",
    "sim_astf-http_manual_commands_pipeline",
    "sim_astf-http_manual_commands_pipeline2",
    "sim_astf-http_manual_commands_pipeline4",
    "sim_astf-http_manual_commands_rst",
    "sim_astf-http_simple_limit",
    "sim_astf-long_keepalive",
    "sim_astf-param_mss_initwnd",
    "sim_astf-param_no_delay_counter",
    "sim_astf-param_tcp_delay_ack",
    "sim_astf-param_tcp_keepalive",
    "sim_astf-param_tcp_no_timestamp",
    "sim_astf-param_tcp_rxbufsize",
    "sim_astf-param_tcp_rxbufsize_8k",
    "sim_astf-param_tcp_rxbufsize_pt",
    "sim_astf-param_sch_rampup",
    "sim_astf-tcp_param_change",
    "sim_astf-udp1",
    "sim_astf-udp2",
    "sim_astf-udp_pcap",
    "sim_astf-udp_sip",
    "sim_astf-param_ipv6",
    "sim_astf-http_simple_cc_http_simple",
    "sim_astf-http_simple_cc_http_simple2",
}


def simulate(profile: str, out: Path, cc: str = None) -> subprocess.CompletedProcess:
    cmd = [BIN, "astf-sim", "-f", str(trex_oracle.ASTF_PROFILES / profile), "-o", str(out), "--full"]
    if cc:
        cmd += ["--cc", str(trex_oracle.ASTF_PROFILES / cc)]
    env = dict(os.environ, RIPTIDE_PYTHON=sys.executable)
    return subprocess.run(cmd, capture_output=True, text=True, env=env, timeout=120)


@pytest.mark.parametrize("name,profile,cc", astf_golden.GOLDENS, ids=[g[0] for g in astf_golden.GOLDENS])
def test_trex_goldens(name: str, profile: str, cc: str, tmp_path: Path) -> None:
    out = tmp_path / "out.pcap"
    r = simulate(profile, out, cc)
    if name not in EXACT:
        if r.returncode == 0:
            diff = astf_golden.compare(out, astf_golden.golden_path(name))
            assert diff is not None, f"{name} is now exact: move it to EXACT"
        pytest.xfail(f"{name}: not exact yet")
    assert r.returncode == 0, r.stderr
    diff = astf_golden.compare(out, astf_golden.golden_path(name))
    assert diff is None, f"{name}: {diff}"


def test_the_compare_rule_finds_a_changed_byte(tmp_path: Path) -> None:
    # The oracle itself can fail: a golden with one byte changed is not equal to itself.
    golden = astf_golden.golden_path("sim_astf-http_manual_commands_delay")
    data = bytearray(golden.read_bytes())
    data[24 + 16 + 40] ^= 1
    bad = tmp_path / "bad.pcap"
    bad.write_bytes(bytes(data))
    assert astf_golden.compare(golden, golden) is None
    assert "frame 1: bytes differ" in astf_golden.compare(bad, golden)


def test_all_of_trex_goldens_are_exact() -> None:
    assert EXACT == {g[0] for g in astf_golden.GOLDENS}


def test_a_bad_cluster_file_is_named(tmp_path: Path) -> None:
    cc = tmp_path / "cc.yaml"
    cc.write_text("vlan: true\ngroups:\n- ip_start: 16.0.0.0\n  ip_end: 16.0.0.9\n"
                  "  initiator: {vlan: 100, next_hop: 1.1.1.1}\n  responder: {vlan: 200}\n")
    out = tmp_path / "out.pcap"
    env = dict(os.environ, RIPTIDE_PYTHON=sys.executable)
    r = subprocess.run([BIN, "astf-sim", "-f", str(trex_oracle.ASTF_PROFILES / "http_simple.py"), "-o", str(out),
                        "--cc", str(cc)], capture_output=True, text=True, env=env, timeout=60)
    assert r.returncode == 2, r.stderr
    assert f"{cc}: groups[0].initiator.next_hop" in r.stderr, r.stderr
    assert not out.exists()
