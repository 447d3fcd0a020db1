#!/usr/bin/env python3
"""The OTG path's cost (issue 52): a config of N flows (made by snappi, posted to `riptide
serve --otg` as `set_config`, plain HTTP on loopback: the server's answer timed, and
snappi's own serialisation apart) against the same N streams loaded into the daemon
(`load_profile` over its JSON-RPC, the riptide client), set_config over gRPC (snappi's
protobuf, made before the clock starts; grpcio's stub), and the time from the start request
to the first frame sent (the first frame's stamp in a `+tap:` pcap minus the wall clock
just before the request) through each. Rounds interleaved, medians and their ratios.
Traffic stays in-memory (`link:` ports).

    target/venv/bin/python scripts/bench-otg.py [FLOWS] [ROUNDS]
"""
import json
import os
import socket
import statistics
import struct
import subprocess
import sys
import tempfile
import time
import urllib.request

REPO = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(REPO, "python"))
sys.path.insert(0, os.path.join(REPO, "python", "tests"))
import snappi  # noqa: E402
from daemon_util import within  # noqa: E402
from riptide.client import Client  # noqa: E402

RIPTIDE = os.environ.get("RIPTIDE_BIN", os.path.join(REPO, "target", "release", "riptide"))
FLOWS = int(sys.argv[1]) if len(sys.argv) > 1 else 1000
ROUNDS = int(sys.argv[2]) if len(sys.argv) > 2 else 5
PACKETS = 5


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def otg_config(api, tap: str):
    cfg = api.config()
    cfg.ports.add(name="a", location=f"link:0+tap:{tap}")
    cfg.ports.add(name="b", location="link:1")
    for i in range(FLOWS):
        f = cfg.flows.add(name=f"f{i}")
        f.tx_rx.port.tx_name, f.tx_rx.port.rx_names = "a", ["b"]
        f.metrics.enable = True
        f.size.fixed = 128
        f.rate.pps = 1000
        f.duration.fixed_packets.packets = PACKETS
        eth, ip, udp = f.packet.ethernet().ipv4().udp()
        eth.src.value, eth.dst.value = "02:00:00:00:00:01", "02:00:00:00:00:02"
        ip.src.value, ip.dst.value = f"198.18.{i // 250}.{i % 250 + 1}", "198.19.0.1"
        udp.src_port.increment.start, udp.src_port.increment.count = 1024, 16
        udp.dst_port.value = 7
    return cfg


def profile() -> str:
    """The same streams as riptide's own profile (what the OTG translation makes)."""
    streams = []
    for i in range(FLOWS):
        streams.append({
            "name": f"f{i}", "port": 0, "size": 128, "rate": {"pps": 1000},
            "mode": {"burst": {"packets": PACKETS}}, "flow_stats": {"id": i},
            "packet": [{"eth": {"src": "02:00:00:00:00:01", "dst": "02:00:00:00:00:02"}},
                       {"ipv4": {"src": f"198.18.{i // 250}.{i % 250 + 1}", "dst": "198.19.0.1"}},
                       {"udp": {"sport": 1024, "dport": 7}}],
            "vars": [{"name": f"f{i}/udp.sport", "op": "inc", "min": 1024, "max": 1039, "step": 1,
                      "write": "udp.sport"}],
        })
    return json.dumps({"streams": streams})


def first_stamp(pcap: str) -> float:
    """The first frame's stamp (seconds since the epoch) of a finished pcap."""
    within(30, lambda: os.path.exists(pcap) and os.path.getsize(pcap) > 24)
    with open(pcap, "rb") as f:
        head = f.read(40)
    magic = struct.unpack_from("<I", head)[0]
    sec, frac = struct.unpack_from("<II", head, 24)
    return sec + frac / (1e9 if magic == 0xA1B23C4D else 1e6)


def grpc_round(grpc: str, d: str, r: int) -> float:
    """set_config of the same config over gRPC: the call alone (protobuf made before)."""
    from google.protobuf import json_format
    from snappi import otg_pb2
    g = snappi.api(location=grpc, transport=snappi.Transport.GRPC)
    cfg = otg_config(g, os.path.join(d, f"grpc{r}.pcap"))
    req = otg_pb2.SetConfigRequest(config=json_format.Parse(cfg.serialize(encoding="json"), otg_pb2.Config()))
    stub = g._get_stub()
    t = time.perf_counter()
    stub.SetConfig(req, timeout=60)
    took = time.perf_counter() - t
    stub.SetConfig(otg_pb2.SetConfigRequest(config=otg_pb2.Config()), timeout=60)
    g.close()
    return took


def otg_round(api, d: str, r: int):
    tap = os.path.join(d, f"otg{r}.pcap")
    cfg = otg_config(api, tap)
    t = time.perf_counter()
    body = cfg.serialize(encoding="json").encode()
    ser_s = time.perf_counter() - t
    t = time.perf_counter()
    req = urllib.request.Request(f"{api._transport.location}/config", data=body,
                                 headers={"Content-Type": "application/json"})
    with urllib.request.urlopen(req, timeout=60) as r:
        assert r.status == 200, r.read()
    set_s = time.perf_counter() - t
    cs = api.control_state()
    cs.traffic.flow_transmit.state = cs.traffic.flow_transmit.START
    before = time.time()
    api.set_control_state(cs)

    def done():
        req = api.metrics_request()
        req.port.port_names = ["a"]
        return api.get_metrics(req).port_metrics[0].frames_tx == FLOWS * PACKETS

    within(60, done)
    # A config's end finishes its tap: set an empty one.
    api.set_config(api.config())
    return ser_s, set_s, first_stamp(tap) - before


def daemon_round(text: str, d: str, r: int):
    tap = os.path.join(d, f"daemon{r}.pcap")
    port = free_port()
    p = subprocess.Popen([RIPTIDE, "serve", "--bind", f"127.0.0.1:{port}", "--port", f"link:0+tap:{tap}",
                          "--port", "link:1"], stderr=subprocess.DEVNULL)
    try:
        c = within(10, lambda: Client(port=port), (Exception,))
        c.acquire()
        t = time.perf_counter()
        c.load_profile(text)
        load_s = time.perf_counter() - t
        before = time.time()
        c.start()
        c.wait_on_traffic(timeout=60)
        c.stop()
        c.close()
    finally:
        p.terminate()
        p.wait(timeout=10)
    return load_s, first_stamp(tap) - before


def main() -> None:
    port, gport = free_port(), free_port()
    server = subprocess.Popen([RIPTIDE, "serve", "--otg", "--no-auth", "--bind", f"127.0.0.1:{port}",
                               "--otg-grpc", f"127.0.0.1:{gport}"],
                              stderr=subprocess.DEVNULL)
    api = snappi.api(location=f"http://127.0.0.1:{port}")
    text = profile()
    res = {"snappi_serialize": [], "otg_set": [], "grpc_set": [], "otg_first": [], "daemon_load": [],
           "daemon_first": []}
    try:
        within(10, lambda: api.get_version(), (Exception,))
        with tempfile.TemporaryDirectory() as d:
            for r in range(ROUNDS):
                res["grpc_set"].append(grpc_round(f"127.0.0.1:{gport}", d, r))
                z, s, f = otg_round(api, d, r)
                res["snappi_serialize"].append(z)
                res["otg_set"].append(s)
                res["otg_first"].append(f)
                s, f = daemon_round(text, d, r)
                res["daemon_load"].append(s)
                res["daemon_first"].append(f)
    finally:
        server.terminate()
        server.wait(timeout=10)
    med = {k: statistics.median(v) for k, v in res.items()}
    print(f"{FLOWS} flows, {ROUNDS} rounds interleaved (medians; every round: {json.dumps(res)})")
    print(f"  snappi's serialisation        {med['snappi_serialize'] * 1e3:8.1f} ms (the client's own)")
    print(f"  set_config (the server)       {med['otg_set'] * 1e3:8.1f} ms")
    print(f"  set_config over gRPC          {med['grpc_set'] * 1e3:8.1f} ms   gRPC/HTTP {med['grpc_set'] / med['otg_set']:.2f}x")
    print(f"  load_profile (daemon)         {med['daemon_load'] * 1e3:8.1f} ms   OTG/daemon {med['otg_set'] / med['daemon_load']:.2f}x")
    print(f"  start -> first frame (OTG)    {med['otg_first'] * 1e3:8.1f} ms")
    print(f"  start -> first frame (daemon) {med['daemon_first'] * 1e3:8.1f} ms   OTG/daemon "
          f"{med['otg_first'] / med['daemon_first']:.2f}x")


if __name__ == "__main__":
    main()
