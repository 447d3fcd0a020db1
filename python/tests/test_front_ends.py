"""Every CLI feature is reachable over RPC: the same input through `riptide` on the command
line and through `riptide serve` + the Python client gives the same packets and figures.

The command line is the oracle for the daemon (one engine under both): pktgen scripts,
port-configuration MACs and `-l` latency probes, each compared frame for frame (pcap
ports) or figure for figure (latency over an in-memory link).
"""

from __future__ import annotations

import json
import struct
import subprocess
from contextlib import contextmanager
from pathlib import Path
from typing import Iterator, List

import pytest

from riptide import Client

from daemon_util import BIN, REPO, running_daemon


@contextmanager
def serve(*args: str) -> Iterator[Client]:
    """A `riptide serve ARGS` of its own, and an owning client of it."""
    with running_daemon(*args) as port, Client(port=port) as c:
        c.acquire(force=True)
        yield c


def cli(*args: str) -> subprocess.CompletedProcess[str]:
    out = subprocess.run([str(BIN), *args], capture_output=True, text=True, timeout=120)
    assert out.returncode == 0, f"riptide {' '.join(args)}: {out.stderr}"
    return out


def frames(pcap: Path) -> List[bytes]:
    """The frames of a classic pcap (any timestamp resolution), without timestamps."""
    data = pcap.read_bytes()
    assert len(data) >= 24, f"{pcap} is not a pcap"
    out, off = [], 24
    while off + 16 <= len(data):
        incl = struct.unpack_from("<I", data, off + 8)[0]
        out.append(data[off + 16 : off + 16 + incl])
        off += 16 + incl
    return out


def test_pktgen_scripts_load_over_rpc(tmp_path: Path) -> None:
    script = REPO / "examples" / "pktgen" / "flows.sh"
    via_cli = tmp_path / "cli.pcap"
    cli("pktgen", str(script), "--port", f"pcap:{via_cli}")
    via_rpc = tmp_path / "rpc.pcap"
    with serve("--port", f"pcap:{via_rpc}") as c:
        c.load_profile(script, format="pktgen")
        c.start()  # the script's own count bounds the run
        c.wait_on_traffic(timeout=60)
    # pktgen's header carries the send time (tv_sec, tv_usec at 50..58), which the UDP
    # checksum (40..42) covers: the rest is the same byte for byte.
    timeless = lambda f: f[:40] + f[42:50] + f[58:]  # noqa: E731
    a, b = frames(via_cli), frames(via_rpc)
    assert len(a) == 100_000 and a[0][42:46] == bytes.fromhex("be9be955"), a[0].hex()
    assert [timeless(f) for f in a] == [timeless(f) for f in b], "the daemon sends what the command line sends"


def test_port_configuration_macs_fill_streams_over_rpc(tmp_path: Path) -> None:
    profile = REPO / "profiles" / "udp64.yaml"

    def config(pcap: Path) -> Path:
        cfg = tmp_path / f"{pcap.stem}.yaml"
        cfg.write_text(
            "- port_limit: 1\n"
            f"  interfaces: ['pcap:{pcap}']\n"
            "  port_info:\n"
            "    - {src_mac: '02:00:00:00:aa:01', dest_mac: '02:00:00:00:bb:02'}\n"
        )
        return cfg

    via_cli, via_rpc = tmp_path / "cli.pcap", tmp_path / "rpc.pcap"
    cli("run", str(profile), "--config", str(config(via_cli)), "-n", "1000")
    with serve("--config", str(config(via_rpc))) as c:
        c.load_profile(profile)
        c.start(count=1000)
        c.wait_on_traffic(timeout=60)
    a, b = frames(via_cli), frames(via_rpc)
    assert len(a) == 1000
    assert a[0][:12] == bytes.fromhex("02000000bb02" "02000000aa01"), a[0][:12].hex()
    assert a == b


def test_latency_probes_over_rpc() -> None:
    profile = REPO / "profiles" / "tagged.yaml"
    link = ["--port", "link:0:delay=20us", "--port", "link:1"]
    out = cli("run", str(profile), *link, "-d", "100ms", "-l", "5kpps", "--json")
    want = json.loads(out.stdout)
    with serve(*link) as c:
        c.load_profile(profile, latency_pps=5000)
        c.start(duration=0.1)
        c.wait_on_traffic(timeout=60)
        got = c.stop()
    names = lambda s: sorted(x["name"] for x in s["streams"])  # noqa: E731
    assert "latency-probe-p0" in names(want)
    assert names(got) == names(want)
    for w, g in zip(sorted(want["latency"], key=lambda x: x["stream"]), sorted(got["latency"], key=lambda x: x["stream"])):
        assert (g["stream"], g["count"], g["min_ns"], g["max_ns"]) == (w["stream"], w["count"], w["min_ns"], w["max_ns"])
    probe = next(x for x in got["latency"] if x["stream"] == "latency-probe-p0")
    assert probe["count"] == 500 and probe["min_ns"] == 20_000, probe
    # Virtual time: the departures are the schedule's, and both front ends say so.
    assert {x["source"] for x in got["latency"]} == {x["source"] for x in want["latency"]} == {"virtual"}, got
