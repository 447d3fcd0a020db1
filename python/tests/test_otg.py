"""`riptide serve --otg` driven by snappi, the Open Traffic Generator's own Python client
(pinned to the release of the models riptide vendors), unchanged but for the server's
location: HTTPS (a self-signed certificate, as ixia-c's) and plain HTTP on a loopback
port of the test's own.

The ports are riptide port specs: `null`, and the two ends of an in-memory `link:` whose
sending end writes a `+tap:` pcap, which tshark reads as the oracle of every field's
pattern. TRex-style addresses never leave the process.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
from pathlib import Path
from typing import Iterator

import pytest
import snappi

from daemon_util import wait_for

REPO = Path(__file__).resolve().parents[2]
BIN = Path(os.environ.get("RIPTIDE_BIN", REPO / "target" / "release" / "riptide")).resolve()


@pytest.fixture(scope="module")
def server() -> Iterator[str]:
    """A `riptide serve --otg` on a free loopback port: its address (HTTPS and HTTP)."""
    p = subprocess.Popen([str(BIN), "serve", "--otg", "--no-auth", "--bind", "127.0.0.1:0"],
                         stderr=subprocess.PIPE, text=True)
    try:
        assert p.stderr is not None
        line = p.stderr.readline()
        m = re.search(r"on https://(127\.0\.0\.1:\d+)", line)
        assert m, line
        yield m.group(1)
    finally:
        p.terminate()
        p.wait(timeout=10)


def api(addr: str, scheme: str = "https"):
    """snappi as its quickstart makes it: HTTPS, the server's self-signed certificate
    not verified (snappi's default)."""
    return snappi.api(location=f"{scheme}://{addr}")


def wait_stopped(a, flow: str):
    """The flow's metrics once it says stopped (bounded)."""
    def stopped():
        req = a.metrics_request()
        req.flow.flow_names = [flow]
        m = a.get_metrics(req).flow_metrics[0]
        return m if m.transmit == m.STOPPED else None

    return wait_for(30, f"flow {flow} to stop", stopped)


def test_the_quickstart_sends_its_100_frames(server: str) -> None:
    """OTG's quickstart (its site, snappi's README) with the port at `null`."""
    a = api(server)
    cfg = a.config()
    ptx = cfg.ports.add(name="ptx", location="null")
    flow = cfg.flows.add(name="flow")
    flow.tx_rx.port.tx_name = ptx.name
    flow.metrics.enable = True
    flow.duration.fixed_packets.packets = 100
    flow.size.fixed = 128
    eth, ip, udp, cus = flow.packet.ethernet().ipv4().udp().custom()
    eth.src.value = "00:11:22:33:44:55"
    eth.dst.value = "00:11:22:33:44:66"
    ip.src.value = "10.1.1.1"
    ip.dst.value = "20.1.1.1"
    udp.src_port.values = [5010, 5015, 5020, 5025, 5030]
    udp.dst_port.increment.start = 6010
    udp.dst_port.increment.step = 5
    udp.dst_port.increment.count = 5
    cus.bytes = "".join([hex(c)[2:] for c in b"..QUICKSTART SNAPPI.."])
    a.set_config(cfg)
    cs = a.control_state()
    cs.traffic.flow_transmit.state = cs.traffic.flow_transmit.START
    a.set_control_state(cs)
    m = wait_stopped(a, "flow")
    assert m.transmit == m.STOPPED
    assert m.frames_tx == 100 and m.bytes_tx == 100 * 128
    req = a.metrics_request()
    req.port.port_names = ["ptx"]
    p = a.get_metrics(req).port_metrics[0]
    assert (p.name, p.frames_tx, p.transmit) == ("ptx", 100, "stopped")
    assert a.get_config().flows[0].name == "flow"


def test_every_frame_arrives_and_each_field_follows_its_pattern(server: str, tmp_path: Path) -> None:
    """Over plain HTTP (served on the same port)."""
    if shutil.which("tshark") is None:
        pytest.fail("tshark is needed (scripts/setup.sh installs it)")
    tap = tmp_path / "a.pcap"
    a = api(server, "http")
    cfg = a.config()
    pa = cfg.ports.add(name="a", location=f"link:0+tap:{tap}")
    pb = cfg.ports.add(name="b", location="link:1")
    f = cfg.flows.add(name="f")
    f.tx_rx.port.tx_name = pa.name
    f.tx_rx.port.rx_names = [pb.name]
    f.metrics.enable = True
    f.rate.pps = 5000
    f.duration.fixed_packets.packets = 300
    f.size.fixed = 100
    eth, vlan, ip, udp = f.packet.ethernet().vlan().ipv4().udp()
    eth.src.value = "02:00:00:00:00:01"
    eth.dst.increment.start = "02:00:00:00:00:10"
    eth.dst.increment.step = "00:00:00:00:00:01"
    eth.dst.increment.count = 3
    vlan.id.values = [100, 200]
    ip.src.decrement.start = "198.18.0.20"
    ip.src.decrement.step = "0.0.0.2"
    ip.src.decrement.count = 4
    ip.dst.value = "198.19.0.1"
    udp.src_port.random.min = 2000
    udp.src_port.random.max = 2005
    udp.src_port.random.seed = 3
    udp.src_port.random.count = 6
    udp.dst_port.value = 7
    a.set_config(cfg)
    cs = a.control_state()
    cs.traffic.flow_transmit.state = cs.traffic.flow_transmit.START
    a.set_control_state(cs)
    m = wait_stopped(a, "f")
    assert (m.frames_tx, m.frames_rx, m.loss) == (300, 300, 0)
    out = subprocess.run(["tshark", "-n", "-r", str(tap), "-T", "fields", "-e", "eth.dst", "-e", "vlan.id",
                          "-e", "ip.src", "-e", "udp.srcport", "-e", "udp.dstport", "-e", "_ws.malformed",
                          "-e", "frame.len"], capture_output=True, text=True, check=True).stdout.splitlines()
    assert len(out) == 300
    for i, line in enumerate(out):
        dst, vid, src, sport, dport, malformed, flen = line.split("\t")
        assert dst == f"02:00:00:00:00:{0x10 + i % 3:02x}", (i, line)
        assert vid == str([100, 200][i % 2]), (i, line)
        assert src == f"198.18.0.{20 - 2 * (i % 4)}", (i, line)
        assert 2000 <= int(sport) <= 2005 and dport == "7" and not malformed and flen == "96", (i, line)
    sports = [int(x.split("\t")[3]) for x in out]
    assert sports[:6] == sports[6:12], "six random values, over and over"


def test_what_is_off_the_models_or_not_served_is_refused_by_its_path(server: str) -> None:
    a = api(server)
    cfg = a.config()
    p = cfg.ports.add(name="p", location="null")
    f = cfg.flows.add(name="f")
    f.tx_rx.port.tx_name = p.name
    f.packet.ethernet().gre()
    with pytest.raises(Exception) as e:
        a.set_config(cfg)
    assert "flows[0].packet[1].gre: the gre header is not served yet" in str(e.value)
    cfg = a.config()
    cfg.ports.add(name="p", location="nosuchport:7")
    with pytest.raises(Exception) as e:
        a.set_config(cfg)
    assert "ports[0].location" in str(e.value)


def test_https_presents_the_certificate_given_and_curl_verifies_it(tmp_path: Path) -> None:
    """--otg-cert/--otg-key: curl, verifying against that certificate only, gets the
    version over HTTPS; a wrong key is refused at start, naming the files."""
    for tool in ("openssl", "curl"):
        if shutil.which(tool) is None:
            pytest.fail(f"{tool} is needed (scripts/setup.sh installs it)")
    cert, key = tmp_path / "cert.pem", tmp_path / "key.pem"
    subprocess.run(["openssl", "req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1",
                    "-nodes", "-keyout", str(key), "-out", str(cert), "-days", "1", "-subj", "/CN=localhost",
                    "-addext", "subjectAltName=DNS:localhost"], check=True, capture_output=True)
    p = subprocess.Popen([str(BIN), "serve", "--otg", "--no-auth", "--bind", "127.0.0.1:0", "--otg-cert", str(cert),
                          "--otg-key", str(key)], stderr=subprocess.PIPE, text=True)
    try:
        assert p.stderr is not None
        line = p.stderr.readline()
        m = re.search(r"on https://127\.0\.0\.1:(\d+) \(the certificate given", line)
        assert m, line
        out = subprocess.run(["curl", "-sS", "--cacert", str(cert), "--resolve", f"localhost:{m.group(1)}:127.0.0.1",
                              f"https://localhost:{m.group(1)}/capabilities/version"],
                             capture_output=True, text=True, timeout=30)
        assert out.returncode == 0, out.stderr
        assert '"api_spec_version":"1.61.0"' in out.stdout, out.stdout
    finally:
        p.terminate()
        p.wait(timeout=10)
    bad = subprocess.run([str(BIN), "serve", "--otg", "--no-auth", "--bind", "127.0.0.1:0", "--otg-cert", str(cert),
                          "--otg-key", str(cert)], capture_output=True, text=True, timeout=30)
    assert bad.returncode == 2 and "key.pem" not in bad.stderr and "cert.pem" in bad.stderr, bad.stderr
