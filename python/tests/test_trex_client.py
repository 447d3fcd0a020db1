"""TRex's own Python client against `riptide serve --trex`: the real peer as the oracle
of the wire (trex_stl_lib, TRex's STL client packaged on PyPI; api_sync with the core API
4 of its day). It connects, resets, adds field-engine streams with flow and latency
stats on two ports, starts them at a multiplier for 2 s, waits, reads port and pg_id
counters, then updates, pauses, resumes and stops a continuous run; the counters must
equal riptide's own run of the same streams."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from daemon_util import BIN
from test_trex_rpc import trex_server

HERE = Path(__file__).resolve().parent


def test_trex_stl_lib_drives_riptide() -> None:
    probe = subprocess.run([sys.executable, "-c", "import trex_stl_lib.api"], capture_output=True, text=True)
    assert probe.returncode == 0, f"trex_stl_lib (python/requirements-test.txt) does not import: {probe.stderr[-500:]}"
    with trex_server("link:0:realtime", "link:1") as srv:
        r = subprocess.run([sys.executable, str(HERE / "trex_client_script.py"), str(srv["rpc"]), str(srv["pub"])],
                           capture_output=True, text=True, timeout=120)
    assert r.returncode == 0, r.stderr[-3000:]
    out = json.loads(r.stdout.strip().splitlines()[-1])
    assert out["version"]["mode"] == "STL"
    ports = {int(k): v for k, v in out["ports"].items()}
    # 3000 and 2000 packets of 60 bytes, each received on the other port of the link.
    assert ports[0]["opackets"] == 3000 and ports[1]["opackets"] == 2000, ports
    assert ports[0]["obytes"] == 3000 * 60 and ports[1]["obytes"] == 2000 * 60, ports
    assert ports[1]["ipackets"] == 3000 and ports[0]["ipackets"] == 2000, ports
    fs = {int(k): v for k, v in out["flow_stats"].items()}
    assert fs[7]["tx_pkts"] == {"0": 3000, "1": 0, "total": 3000}, fs
    assert fs[7]["rx_pkts"] == {"0": 0, "1": 3000, "total": 3000}, fs
    assert fs[8]["tx_pkts"]["1"] == 2000 and fs[8]["rx_pkts"]["0"] == 2000, fs
    # Packet group bytes with the CRC, as TRex counts them (its stl_flow_stats.py example
    # checks packets x get_pkt_len(), which adds 4).
    assert fs[7]["tx_bytes"]["total"] == 3000 * 64
    assert out["latency_err"]["dropped"] == 0, out
    assert out["continuous_opackets"] > 0, out
