"""`riptide serve --otg` driven by snappi, the Open Traffic Generator's own Python client
(pinned to the release of the models riptide vendors), unchanged but for the server's
location: HTTPS (a self-signed certificate, as ixia-c's) and plain HTTP on a loopback
port of the test's own.

The ports are riptide port specs: `null`, and the two ends of an in-memory `link:` whose
sending end writes a `+tap:` pcap, which tshark reads as the oracle of every field's
pattern. TRex-style addresses never leave the process.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Iterator

import pytest
import snappi

from daemon_util import wait_for

REPO = Path(__file__).resolve().parents[2]
BIN = Path(os.environ.get("RIPTIDE_BIN", REPO / "target" / "release" / "riptide")).resolve()


@pytest.fixture(scope="module")
def servers() -> Iterator[tuple[str, str]]:
    """A `riptide serve --otg` on free loopback ports: its addresses, HTTPS (and HTTP) and
    gRPC (with --bind's port 0, gRPC's is any free one too)."""
    p = subprocess.Popen([str(BIN), "serve", "--otg", "--no-auth", "--bind", "127.0.0.1:0"],
                         stderr=subprocess.PIPE, text=True)
    try:
        assert p.stderr is not None
        line = p.stderr.readline()
        m = re.search(r"on https://(127\.0\.0\.1:\d+) .*gRPC on (127\.0\.0\.1:\d+)", line)
        assert m, line
        yield m.group(1), m.group(2)
    finally:
        p.terminate()
        p.wait(timeout=10)


@pytest.fixture(scope="module")
def server(servers: tuple[str, str]) -> str:
    """The server's HTTPS (and HTTP) address."""
    return servers[0]


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


def published_quickstart() -> str:
    """The quickstart as snappi publishes it (its README, which PyPI shows: the package's
    own metadata), with the one call snappi has renamed since brought up to date:
    `transmit_state` (gone from snappi) is `control_state`'s `traffic.flow_transmit`."""
    from importlib.metadata import metadata
    text = metadata("snappi").get_payload()  # type: ignore[attr-defined]
    code = text[text.index("import datetime"):]
    code = code[:code.index("```")]
    old = ("    ts = api.transmit_state()\n    ts.state = ts.START\n    api.set_transmit_state(ts)\n")
    assert old in code, "the published quickstart changed: read it again"
    new = ("    ts = api.control_state()\n    ts.traffic.flow_transmit.state = ts.traffic.flow_transmit.START\n"
           "    api.set_control_state(ts)\n")
    return code.replace(old, new) + "\n\ntest_quickstart()\n"


def test_the_published_quickstart_runs_unchanged_on_port_veth_a(tmp_path: Path) -> None:
    """snappi's quickstart (https://localhost:8443, port location `veth-a`) against `riptide
    serve --otg` in a namespace of the test's own, where `veth-a` is an ifb device (a
    sink): its frames (10.1.1.1 -> 20.1.1.1, outside the benchmarking range) reach no
    stack. The quickstart polls until its flow says stopped; the kernel's counters of
    veth-a say it was handed the 100 frames of 124 bytes (128 with the FCS)."""
    if os.geteuid() != 0 or subprocess.run(["ip", "netns", "list"], capture_output=True).returncode != 0:
        pytest.skip("needs root and ip netns")
    ns = f"rt-otg-{os.getpid()}"
    script = tmp_path / "quickstart.py"
    script.write_text(published_quickstart())
    run = lambda *a: subprocess.run(["ip", *a], check=True, capture_output=True, timeout=30)  # noqa: E731
    run("netns", "add", ns)
    server = None
    try:
        run("-n", ns, "link", "set", "lo", "up")
        # An ifb device drops every frame handed to it that tc did not redirect there,
        # counting it (as received): a sink with the kernel's counters.
        run("-n", ns, "link", "add", "veth-a", "type", "ifb")
        run("netns", "exec", ns, "sysctl", "-qw", "net.ipv6.conf.veth-a.disable_ipv6=1")
        run("-n", ns, "link", "set", "veth-a", "up")
        server = subprocess.Popen([str(BIN), "serve", "--otg", "--no-auth", "--netns", ns], stderr=subprocess.PIPE,
                                  text=True)
        assert server.stderr is not None
        line = server.stderr.readline()
        assert "on https://127.0.0.1:8443" in line, line
        out = subprocess.run(["ip", "netns", "exec", ns, sys.executable, str(script)], capture_output=True, text=True,
                             timeout=60)
        assert out.returncode == 0, out.stdout[-2000:] + out.stderr[-2000:]
        last = out.stdout[out.stdout.rindex("flow_metrics"):]
        assert "transmit: stopped" in last and "frames_tx: '100'" in last, last

        def counter(name: str) -> int:
            return int(subprocess.run(["ip", "netns", "exec", ns, "cat", f"/sys/class/net/veth-a/statistics/{name}"],
                                      capture_output=True, text=True, check=True).stdout)

        assert (counter("rx_packets"), counter("rx_bytes"), counter("rx_dropped")) == (100, 100 * 124, 100)
    finally:
        if server is not None:
            server.terminate()
            server.wait(timeout=10)
        subprocess.run(["ip", "netns", "del", ns], capture_output=True)


def two_link_ports(server: str, tap: Path):
    """snappi over plain HTTP (served on the same port), a config with ports `a` and `b`,
    the two ends of an in-memory link, `a`'s frames written to `tap` (tshark's to read)."""
    if shutil.which("tshark") is None:
        pytest.fail("tshark is needed (scripts/setup.sh installs it)")
    a = api(server, "http")
    cfg = a.config()
    pa = cfg.ports.add(name="a", location=f"link:0+tap:{tap}")
    pb = cfg.ports.add(name="b", location="link:1")
    return a, cfg, pa, pb


def test_every_frame_arrives_and_each_field_follows_its_pattern(server: str, tmp_path: Path) -> None:
    """Over plain HTTP (served on the same port)."""
    tap = tmp_path / "a.pcap"
    a, cfg, pa, pb = two_link_ports(server, tap)
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
    f.packet.ethernet().ppp()
    with pytest.raises(Exception) as e:
        a.set_config(cfg)
    assert "flows[0].packet[1].ppp: the ppp header is not served yet" in str(e.value)
    # What the engine refuses is the request's fault too, named by the flow's path.
    cfg = a.config()
    p = cfg.ports.add(name="p", location="null")
    f = cfg.flows.add(name="f")
    f.tx_rx.port.tx_name = p.name
    f.packet.ethernet().ipv4().gre()
    with pytest.raises(Exception) as e:
        a.set_config(cfg)
    assert "code: 400" in str(e.value) and "flows[0].packet: packet[2] (gre)" in str(e.value), str(e.value)
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


def pcap_frames(path: Path) -> list[bytes]:
    """A pcap's frames (either stamp resolution, little-endian)."""
    import struct
    b = path.read_bytes()
    assert struct.unpack_from("<I", b)[0] in (0xA1B2C3D4, 0xA1B23C4D), path
    out, off = [], 24
    while off < len(b):
        incl = struct.unpack_from("<I", b, off + 8)[0]
        out.append(b[off + 16:off + 16 + incl])
        off += 16 + incl
    return out


def tshark_fields(pcap: Path, fields: list[str], *extra: str) -> list[list[str]]:
    out = subprocess.run(["tshark", "-n", "-r", str(pcap), *extra, "-T", "fields", "-E", "occurrence=a",
                          "-E", "aggregator=,", *[x for f in fields for x in ("-e", f)]],
                         capture_output=True, text=True, check=True, timeout=60).stdout.splitlines()
    return [line.split("\t") for line in out]


def test_each_header_and_its_patterns_reach_the_second_port_as_tshark_reads_them(server: str,
                                                                                  tmp_path: Path) -> None:
    """MPLS (a stack), ARP, ICMP and ICMPv6 echo, GRE (an inner IPv4 packet) and VXLAN (an
    inner Ethernet frame): each flow's frames all reach the second port, tshark finds no
    malformed frame and no bad checksum, and every field follows the pattern snappi set."""
    tap = tmp_path / "h.pcap"
    a, cfg, pa, pb = two_link_ports(server, tap)
    n = 24

    def flow(name: str):
        f = cfg.flows.add(name=name)
        f.tx_rx.port.tx_name = pa.name
        f.tx_rx.port.rx_names = [pb.name]
        f.metrics.enable = True
        f.rate.pps = 2000
        f.duration.fixed_packets.packets = n
        f.size.fixed = 128
        return f

    eth, m1, m2, ip, udp = flow("mpls").packet.ethernet().mpls().mpls().ipv4().udp()
    m1.label.increment.start, m1.label.increment.step, m1.label.increment.count = 100, 10, 4
    m1.traffic_class.value, m1.time_to_live.value = 3, 10
    m2.label.values = [16, 17, 18]
    ip.src.value, ip.dst.value = "198.18.0.1", "198.19.0.1"
    eth, arp = flow("arp").packet.ethernet().arp()
    eth.dst.value = "ff:ff:ff:ff:ff:ff"
    arp.operation.value = 2
    arp.sender_hardware_addr.value = "02:00:00:00:00:0a"
    arp.sender_protocol_addr.increment.start = "198.18.0.1"
    arp.sender_protocol_addr.increment.step = "0.0.0.1"
    arp.sender_protocol_addr.increment.count = 5
    arp.target_protocol_addr.value = "198.19.0.1"
    eth, ip, icmp = flow("icmp").packet.ethernet().ipv4().icmp()
    ip.src.value, ip.dst.value = "198.18.0.1", "198.19.0.1"
    icmp.echo.identifier.values = [7, 8]
    icmp.echo.sequence_number.increment.start = 1
    icmp.echo.sequence_number.increment.count = 12
    eth, ip6, icmp6 = flow("icmpv6").packet.ethernet().ipv6().icmpv6()
    ip6.src.value, ip6.dst.value = "2001:2::1", "2001:2::2"
    icmp6.echo.type.value = 129
    icmp6.echo.identifier.value = 9
    icmp6.echo.sequence_number.decrement.start = 50
    icmp6.echo.sequence_number.decrement.count = 3
    eth, ip, gre, inner, udp = flow("gre").packet.ethernet().ipv4().gre().ipv4().udp()
    ip.src.value, ip.dst.value = "198.18.0.1", "198.19.0.1"
    inner.src.values = ["198.18.1.1", "198.18.1.2", "198.18.1.3"]
    inner.dst.value = "198.19.1.1"
    eth, ip, udp, vx, ieth, iip, iudp = flow("vxlan").packet.ethernet().ipv4().udp().vxlan().ethernet().ipv4().udp()
    ip.src.value, ip.dst.value = "198.18.0.1", "198.19.0.1"
    udp.dst_port.value = 4789
    vx.vni.increment.start, vx.vni.increment.count = 5000, 3
    ieth.src.value, ieth.dst.value = "02:00:00:00:01:01", "02:00:00:00:01:02"
    iip.src.value, iip.dst.value = "198.18.2.1", "198.19.2.1"
    cfg.captures.add(name="cb", port_names=[pb.name])
    a.set_config(cfg)
    cs = a.control_state()
    cs.port.capture.port_names = [pb.name]
    cs.port.capture.state = cs.port.capture.START
    a.set_control_state(cs)
    cs = a.control_state()
    cs.traffic.flow_transmit.state = cs.traffic.flow_transmit.START
    a.set_control_state(cs)
    for name in ("mpls", "arp", "icmp", "icmpv6", "gre", "vxlan"):
        m = wait_stopped(a, name)
        assert (m.frames_tx, m.frames_rx) == (n, n), name
    cs = a.control_state()
    cs.port.capture.state = cs.port.capture.STOP
    a.set_control_state(cs)
    req = a.capture_request()
    req.port_name = pb.name
    got = tmp_path / "b.pcap"
    got.write_bytes(a.get_capture(req).read())
    # The capture is what the tap saw leave port a, each frame with its FCS, which
    # tshark finds good.
    sent, captured = pcap_frames(tap), pcap_frames(got)
    assert len(captured) == 6 * n
    assert sorted(f[:-4] for f in captured) == sorted(sent)
    fcs = tshark_fields(got, ["eth.fcs.status"], "-o", "eth.fcs:TRUE", "-o", "eth.check_fcs:TRUE")
    assert [r[0] for r in fcs] == ["1"] * (6 * n), fcs[:3]
    assert a.get_capture(req).read() == got.read_bytes(), "a second read answers the same"
    cols = ["frame.protocols", "_ws.malformed", "_ws.expert.severity", "mpls.label", "mpls.exp", "mpls.bottom",
            "mpls.ttl", "arp.opcode", "arp.src.hw_mac", "arp.src.proto_ipv4", "arp.dst.proto_ipv4", "icmp.ident",
            "icmp.seq", "icmpv6.type", "icmpv6.echo.identifier", "icmpv6.echo.sequence_number", "gre.proto",
            "ip.src", "vxlan.vni", "eth.src", "frame.len"]
    rows = tshark_fields(tap, cols, "-o", "ip.check_checksum:TRUE", "-o", "udp.check_checksum:TRUE",
                         "-d", "udp.port==4789,vxlan")
    seen: dict[str, list[dict[str, str]]] = {}
    for r in rows:
        row = dict(zip(cols, r))
        assert not row["_ws.malformed"] and row["frame.len"] == "124", row
        assert "error" not in row["_ws.expert.severity"].split(","), row
        p = row["frame.protocols"]
        kind = ("vxlan" if ":vxlan:" in p else "gre" if ":gre:" in p else "mpls" if ":mpls:" in p
                else "icmpv6" if ":icmpv6" in p else "icmp" if ":icmp" in p else "arp" if ":arp" in p else p)
        seen.setdefault(kind, []).append(row)
    assert {k: len(v) for k, v in seen.items()} == {k: n for k in ("mpls", "arp", "icmp", "icmpv6", "gre", "vxlan")}
    for i, r in enumerate(seen["mpls"]):
        assert r["mpls.label"] == f"{100 + 10 * (i % 4)},{16 + i % 3}", (i, r)
        assert (r["mpls.exp"], r["mpls.bottom"], r["mpls.ttl"]) == ("3,0", "0,1", "10,64"), (i, r)
    for i, r in enumerate(seen["arp"]):
        assert (r["arp.opcode"], r["arp.src.hw_mac"], r["arp.dst.proto_ipv4"]) == ("2", "02:00:00:00:00:0a",
                                                                                  "198.19.0.1"), r
        assert r["arp.src.proto_ipv4"] == f"198.18.0.{1 + i % 5}", (i, r)
    for i, r in enumerate(seen["icmp"]):
        assert (int(r["icmp.ident"], 0), int(r["icmp.seq"], 0)) == ([7, 8][i % 2], 1 + i % 12), (i, r)
    for i, r in enumerate(seen["icmpv6"]):
        assert (r["icmpv6.type"], int(r["icmpv6.echo.identifier"], 0)) == ("129", 9), r
        assert int(r["icmpv6.echo.sequence_number"], 0) == 50 - i % 3, (i, r)
    for i, r in enumerate(seen["gre"]):
        assert r["gre.proto"] == "0x0800" and r["ip.src"] == f"198.18.0.1,198.18.1.{1 + i % 3}", (i, r)
    for i, r in enumerate(seen["vxlan"]):
        assert r["vxlan.vni"] == str(5000 + i % 3), (i, r)
        assert r["ip.src"] == "198.18.0.1,198.18.2.1" and r["eth.src"].endswith("02:00:00:00:01:01"), (i, r)


def test_fields_riptide_writes_itself_take_their_default_or_are_refused_by_path(server: str) -> None:
    """A value other than the one riptide writes (GRE's version, ARP's hardware type, an
    ICMP type other than echo's) or an Ethernet header where no tunnel precedes it is
    refused naming its path; the value riptide writes, given, is accepted."""
    a = api(server, "http")
    cases = []

    def case(make, where):
        cfg = a.config()
        p = cfg.ports.add(name="p", location="null")
        f = cfg.flows.add(name="f")
        f.tx_rx.port.tx_name = p.name
        make(f.packet)
        cases.append((cfg, where))

    case(lambda pk: setattr(pk.ethernet().ipv4().gre()[-1].version, "value", 1), "flows[0].packet[2].gre.version")
    case(lambda pk: setattr(pk.ethernet().arp()[-1].hardware_type, "value", 6), "flows[0].packet[1].arp.hardware_type")
    case(lambda pk: setattr(pk.ethernet().ipv4().icmp()[-1].echo.type, "value", 3), "flows[0].packet[2].icmp.echo.type")
    case(lambda pk: pk.ethernet().ipv4().ethernet(), "flows[0].packet[2]")
    for cfg, where in cases:
        with pytest.raises(Exception) as e:
            a.set_config(cfg)
        assert where in str(e.value), (where, str(e.value))
    # The default given explicitly is accepted.
    cfg = a.config()
    p = cfg.ports.add(name="p", location="null")
    f = cfg.flows.add(name="f")
    f.tx_rx.port.tx_name = p.name
    f.size.fixed = 128
    _, _, gre, _ = f.packet.ethernet().ipv4().gre().ipv6()
    gre.version.value = 0
    gre.protocol.value = 0x86DD
    a.set_config(cfg)


DEVICES_SCRIPT = r'''
import json, sys, time
import snappi

addr, tap, n = sys.argv[1], sys.argv[2], int(sys.argv[3])
sys.path.insert(0, sys.argv[4])
from daemon_util import within
api = snappi.api(location=f"http://{addr}")
cfg = api.config()
cfg.ports.add(name="a", location=f"veth-a+tap:{tap}")
cfg.ports.add(name="b", location="veth-b")
for d, port, me, peer in (("1", "a", "1", "2"), ("2", "b", "2", "1")):
    eth = cfg.devices.add(name=f"d{d}").ethernets.add(name=f"e{d}", mac=f"02:00:00:00:0{d}:0{d}")
    eth.connection.port_name = port
    eth.ipv4_addresses.add(name=f"e{d}v4", address=f"198.18.0.{me}", gateway=f"198.18.0.{peer}", prefix=24)
    eth.ipv6_addresses.add(name=f"e{d}v6", address=f"2001:2::{me}", gateway=f"2001:2::{peer}", prefix=64)
for name, tx, rx, v6 in (("f4", "e1v4", "e2v4", False), ("f6", "e2v6", "e1v6", True)):
    f = cfg.flows.add(name=name)
    f.tx_rx.device.tx_names, f.tx_rx.device.rx_names = [tx], [rx]
    f.metrics.enable = True
    f.rate.pps = 5000
    f.size.fixed = 128
    f.duration.fixed_packets.packets = n
    if v6:
        f.packet.ethernet().ipv6().udp()
    else:
        f.packet.ethernet().ipv4().udp()
api.set_config(cfg)
out = {}
for kind in ("ipv4_neighbors", "ipv6_neighbors"):
    req = api.states_request()
    getattr(req, kind).ethernet_names = ["e1", "e2"]
    rows = getattr(api.get_states(req), kind)
    key = "ipv4_address" if kind == "ipv4_neighbors" else "ipv6_address"
    out[kind] = sorted([r.ethernet_name, getattr(r, key), r.link_layer_address] for r in rows)
# Pings between the devices (each answers for its addresses) and to nobody.
for v in ("ipv4", "ipv6"):
    ca = api.control_action()
    ca.protocol.choice = v
    reqs = getattr(ca.protocol, v).ping.requests
    for src, dst in (("e1", "2"), ("e2", "1"), ("e1", "99")):
        dst_ip = f"198.18.0.{dst}" if v == "ipv4" else f"2001:2::{dst}"
        reqs.add(src_name=f"{src}{v[-2:]}", dst_ip=dst_ip)
    res = getattr(api.set_control_action(ca).response.protocol, v).ping.responses
    out[f"ping_{v}"] = [[r.src_name, r.dst_ip, r.result] for r in res]
cs = api.control_state()
cs.traffic.flow_transmit.state = cs.traffic.flow_transmit.START
api.set_control_state(cs)
def metrics():
    req = api.metrics_request()
    req.flow.flow_names = ["f4", "f6"]
    return api.get_metrics(req).flow_metrics

within(30, lambda: all(x.transmit == x.STOPPED for x in metrics()))
m = metrics()
out["flows"] = {x.name: [x.transmit, x.frames_tx, x.frames_rx] for x in m}
# A gateway nobody has: refused at set_config, naming the address's path.
# With 250 more silent gateways the refusal takes one resolution timeout, not 251.
cfg.devices[0].ethernets[0].ipv4_addresses[0].gateway = "198.18.0.99"
for i in range(250):
    cfg.devices[0].ethernets[0].ipv4_addresses.add(name=f"x{i}", address=f"198.18.1.{i}",
                                                   gateway=f"198.18.2.{i}", prefix=24)
t0 = time.monotonic()
try:
    api.set_config(cfg)
    out["silent"] = "accepted"
except Exception as e:
    out["silent"] = str(e)
out["silent_s"] = time.monotonic() - t0
print(json.dumps(out))
'''


def test_devices_resolve_each_other_and_flows_between_them_arrive(tmp_path: Path) -> None:
    """Two ports (a veth pair in the test's own namespace), a device on each with an IPv4
    and an IPv6 address, the other device its gateway; flows between the devices leave
    their Ethernet destination and addresses to riptide. riptide answers ARP and ND for
    the devices and resolves the gateways: the neighbour states name each other's MAC,
    every frame arrives, and tshark reads the resolved MAC and the devices' addresses in
    every frame the tap saw. A gateway nobody answers for is refused naming its path."""
    if os.geteuid() != 0 or subprocess.run(["ip", "netns", "list"], capture_output=True).returncode != 0:
        pytest.skip("needs root and ip netns")
    if shutil.which("tshark") is None:
        pytest.fail("tshark is needed (scripts/setup.sh installs it)")
    ns = f"rt-otgdev-{os.getpid()}"
    script, tap = tmp_path / "devices.py", tmp_path / "a.pcap"
    script.write_text(DEVICES_SCRIPT)
    run = lambda *a: subprocess.run(["ip", *a], check=True, capture_output=True, timeout=30)  # noqa: E731
    run("netns", "add", ns)
    server = None
    n = 300
    try:
        run("-n", ns, "link", "set", "lo", "up")
        run("-n", ns, "link", "add", "veth-a", "type", "veth", "peer", "name", "veth-b")
        for i in ("veth-a", "veth-b"):
            run("netns", "exec", ns, "sysctl", "-qw", f"net.ipv6.conf.{i}.disable_ipv6=1")
            run("-n", ns, "link", "set", i, "up")
        server = subprocess.Popen([str(BIN), "serve", "--otg", "--no-auth", "--netns", ns, "--bind", "127.0.0.1:0"],
                                  stderr=subprocess.PIPE, text=True)
        assert server.stderr is not None
        line = server.stderr.readline()
        m = re.search(r"on https://(127\.0\.0\.1:\d+)", line)
        assert m, line
        out = subprocess.run(["ip", "netns", "exec", ns, sys.executable, str(script), m.group(1), str(tap), str(n),
                              str(Path(__file__).parent)],
                             capture_output=True, text=True, timeout=90)
        assert out.returncode == 0, out.stdout[-2000:] + out.stderr[-3000:]
        got = json.loads(out.stdout.strip().splitlines()[-1])
    finally:
        if server is not None:
            server.terminate()
            server.wait(timeout=10)
        subprocess.run(["ip", "netns", "del", ns], capture_output=True)
    assert got["ipv4_neighbors"] == [["e1", "198.18.0.2", "02:00:00:00:02:02"], ["e2", "198.18.0.1", "02:00:00:00:01:01"]]
    assert got["ipv6_neighbors"] == [["e1", "2001:2::2", "02:00:00:00:02:02"], ["e2", "2001:2::1", "02:00:00:00:01:01"]]
    assert got["flows"] == {"f4": ["stopped", n, n], "f6": ["stopped", n, n]}
    assert got["ping_ipv4"] == [["e1v4", "198.18.0.2", "succeeded"], ["e2v4", "198.18.0.1", "succeeded"],
                                ["e1v4", "198.18.0.99", "failed"]], got["ping_ipv4"]
    assert got["ping_ipv6"] == [["e1v6", "2001:2::2", "succeeded"], ["e2v6", "2001:2::1", "succeeded"],
                                ["e1v6", "2001:2::99", "failed"]], got["ping_ipv6"]
    assert "devices[0].ethernets[0].ipv4_addresses[0].gateway" in got["silent"], got["silent"]
    assert "did not answer ARP" in got["silent"], got["silent"]
    # RESOLVE_TIMEOUT is 2 s: every port's gateways at once (one after the other: 502 s).
    assert got["silent_s"] < 10, got["silent_s"]
    rows = tshark_fields(tap, ["eth.src", "eth.dst", "ip.src", "ip.dst", "ipv6.src", "ipv6.dst", "udp.length"])
    # The tap saw what riptide sent on veth-a: flow f4 (the ARP answers went by the
    # responder's socket, not the port).
    assert rows == [["02:00:00:00:01:01", "02:00:00:00:02:02", "198.18.0.1", "198.18.0.2", "", "", rows[0][6]]] * n, rows[:3]


def test_sizes_rates_and_durations_send_what_they_say(server: str, tmp_path: Path) -> None:
    """Size weight pairs, custom (0.5/0.25/0.25: exact in every 4 frames) and OTG's IPsec
    IMIX (90:58.67, 92:2, 594:23.66, 1418:15.67 over 10,000 frames: exact, as riptide
    lays a mix out); each rate unit for fixed seconds (96 kb/s of 100 B frames, 960 bits
    each on the wire, for 0.5 s: 50 frames; bps, mbps, gbps likewise; a percentage); bursts
    (3 of 5). tshark counts the sizes in the tap's pcap."""
    tap = tmp_path / "s.pcap"
    a, cfg, pa, pb = two_link_ports(server, tap)

    def flow(name: str, dst: str):
        f = cfg.flows.add(name=name)
        f.tx_rx.port.tx_name, f.tx_rx.port.rx_names = pa.name, [pb.name]
        f.metrics.enable = True
        eth, ip, _ = f.packet.ethernet().ipv4().udp()
        ip.src.value, ip.dst.value = "198.18.0.1", dst
        return f

    f = flow("custom", "198.19.0.1")
    for size, weight in ((64, 0.5), (128, 0.25), (256, 0.25)):
        f.size.weight_pairs.custom.add(size=size, weight=weight)
    f.duration.fixed_packets.packets = 400
    f.rate.pps = 20000
    f = flow("ipsec", "198.19.0.2")
    f.size.weight_pairs.predefined = f.size.weight_pairs.IPSEC_IMIX
    f.duration.fixed_packets.packets = 10000
    f.rate.pps = 100000
    f = flow("kbps", "198.19.0.3")
    f.size.fixed = 100
    f.rate.kbps = 96
    f.duration.fixed_seconds.seconds = 0.5
    f = flow("bursts", "198.19.0.4")
    f.size.fixed = 80
    f.duration.burst.bursts = 3
    f.duration.burst.packets = 5
    # Every other rate unit for fixed seconds, 100 B frames (960 bits each on the wire):
    # 96,000 b/s for 0.5 s, 1 Mb/s for 0.48 s, 1 Gb/s for 480 us: 50 and 500 frames; a
    # percentage of the line for 500 packets (its seconds would need the line's rate,
    # which set_config refuses to guess).
    for name, unit, value, seconds in (("bps", "bps", 96000, 0.5), ("mbps", "mbps", 1, 0.48),
                                       ("gbps", "gbps", 1, 0.00048), ("pct", "percentage", 1, None)):
        f = flow(name, "198.19.0.5")
        f.size.fixed = 100
        setattr(f.rate, unit, value)
        if seconds is None:
            f.duration.fixed_packets.packets = 500
        else:
            f.duration.fixed_seconds.seconds = seconds
    a.set_config(cfg)
    cs = a.control_state()
    cs.traffic.flow_transmit.state = cs.traffic.flow_transmit.START
    a.set_control_state(cs)
    want = {"custom": 400, "ipsec": 10000, "kbps": 50, "bursts": 15, "bps": 50, "mbps": 500, "gbps": 500,
            "pct": 500}
    for name, n in want.items():
        m = wait_stopped(a, name)
        assert (m.frames_tx, m.frames_rx) == (n, n), name
    from collections import Counter
    sizes: dict[str, Counter] = {}
    for dst, flen in tshark_fields(tap, ["ip.dst", "frame.len"]):
        sizes.setdefault(dst, Counter())[int(flen) + 4] += 1
    assert sizes["198.19.0.1"] == {64: 200, 128: 100, 256: 100}
    assert sizes["198.19.0.2"] == {90: 5867, 92: 200, 594: 2366, 1418: 1567}
    assert sizes["198.19.0.3"] == {100: 50} and sizes["198.19.0.4"] == {80: 15}
    assert sizes["198.19.0.5"] == {100: 50 + 500 * 3}


def test_snappi_over_grpc_drives_what_http_does(servers: tuple[str, str], tmp_path: Path) -> None:
    """snappi's gRPC transport (grpcio, service otg.Openapi) against the same server: a
    config of two link ports with a capture, set over gRPC, reads back over HTTP as it
    was sent; the flow's metrics over gRPC say every frame arrived; the capture over gRPC
    is the one HTTP answers; a refusal is OTG's Error with gRPC's code and the path; and
    with snappi's streaming on (messages in chunks of 200 bytes: streamSetConfig,
    streamGetConfig, streamGetMetrics, streamGetCapture) the same run reads the same."""
    http, grpc = servers
    tap = tmp_path / "a.pcap"
    h, cfg, pa, pb = two_link_ports(http, tap)
    g = snappi.api(location=grpc, transport=snappi.Transport.GRPC)
    cap = cfg.captures.add(name="cb")
    cap.port_names = [pb.name]
    f = cfg.flows.add(name="f")
    f.tx_rx.port.tx_name, f.tx_rx.port.rx_names = pa.name, [pb.name]
    f.metrics.enable = True
    f.rate.pps = 10000
    f.duration.fixed_packets.packets = 500
    f.size.increment.start, f.size.increment.end, f.size.increment.step = 64, 128, 4
    eth, ip, udp = f.packet.ethernet().ipv4().udp()
    ip.src.value, ip.dst.increment.start, ip.dst.increment.count = "198.18.0.1", "198.19.0.1", 7
    udp.dst_port.values = [5000, 5001, 5002]
    for streaming in (False, True):
        g.enable_grpc_streaming = streaming
        # snappi's chunk is set in MiB; 200 bytes (its attribute) makes set_config stream too.
        g._chunk_size = 200
        g.set_config(cfg)
        assert json.loads(h.get_config().serialize()) == json.loads(cfg.serialize()), "HTTP reads what gRPC set"
        assert json.loads(g.get_config().serialize()) == json.loads(cfg.serialize()), "so does gRPC"
        cs = g.control_state()
        cs.port.capture.port_names, cs.port.capture.state = [pb.name], cs.port.capture.START
        g.set_control_state(cs)
        cs = g.control_state()
        cs.traffic.flow_transmit.state = cs.traffic.flow_transmit.START
        g.set_control_state(cs)
        m = wait_stopped(g, "f")
        assert (int(m.frames_tx), int(m.frames_rx), m.loss) == (500, 500, 0), streaming
        req = g.metrics_request()
        req.port.port_names = [pb.name]
        assert int(g.get_metrics(req).port_metrics[0].frames_rx) == 500
        req = g.capture_request()
        req.port_name = pb.name
        over_grpc = g.get_capture(req).read()
        assert over_grpc == h.get_capture(req).read(), "one capture, either transport"
        got = tmp_path / f"cb-{streaming}.pcap"
        got.write_bytes(over_grpc)
        rows = tshark_fields(got, ["frame.len", "ip.dst", "udp.dstport"])
        assert len(rows) == 500, len(rows)
        # Each frame with its FCS: the size pattern (64..128 by 4) as captured.
        assert [int(r[0]) for r in rows[:17]] == list(range(64, 129, 4)), rows[:17]
        assert [r[2] for r in rows[:3]] == ["5000", "5001", "5002"]
    bad = g.config()
    bad.ports.add(name="p", location="nowhere:x")
    with pytest.raises(Exception) as e:
        g.set_config(bad)
    err = e.value.args[0]
    assert (err.code, err.kind) == (3, "validation"), err.serialize()
    assert err.errors[0].startswith("ports[0].location"), err.errors
    g.close()
