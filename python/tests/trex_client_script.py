"""Drives `riptide serve --trex` with TRex's own Python client (trex_stl_lib), run by
test_trex_client.py in a process of its own; prints one JSON line of what it read. The
continuous run's pause and resume it checks itself, in what the server reports (its port
state and counters): a failed check ends it with a traceback, which the test shows."""

import json
import sys
import time

from trex_stl_lib.api import (STLClient, STLFlowLatencyStats, STLFlowStats, STLPktBuilder, STLScVmRaw, STLStream,
                              STLTXCont, STLTXSingleBurst, STLVmFixIpv4, STLVmFlowVar, STLVmWrFlowVar)
from scapy.all import IP, UDP, Ether

rpc, pub = int(sys.argv[1]), int(sys.argv[2])


def within(limit, cond):
    """Polls `cond` (10 ms apart) until it gives something true, and returns that; after
    `limit` seconds, the last (false) thing it gave. This script runs in a process of
    TRex's client, without the tests' daemon_util: a failed check raises, and the test
    shows this process's stderr."""
    end = time.monotonic() + limit
    while True:
        got = cond()
        if got or time.monotonic() >= end:
            return got
        time.sleep(0.01)


def wait_for(limit, what, cond):
    """Waits (at most `limit` seconds) until `cond` holds; fails naming `what`."""
    got = within(limit, cond)
    if not got:
        raise AssertionError(f"waited {limit} s for {what}: never (last: {got!r})")
    return got


def holds_for(window, what, cond):
    """Checks that `cond` holds throughout `window` seconds; fails at the first poll
    where it does not."""
    t = time.monotonic()
    if within(window, lambda: not cond()):
        raise AssertionError(f"{what}: broken {time.monotonic() - t:.2f} s into a window of {window} s")


c = STLClient(server="127.0.0.1", sync_port=rpc, async_port=pub, verbose_level=0)
c.connect()
out = {"version": c.get_server_version()}
c.reset(ports=[0, 1])


def stream(src, dst, pg, latency=False, total=None):
    base = Ether() / IP(src=src, dst=dst) / UDP(sport=1025, dport=12) / ("x" * 18)
    vm = STLScVmRaw([STLVmFlowVar(name="src", min_value=src, max_value=src[:-1] + "9", size=4, op="inc"),
                     STLVmWrFlowVar(fv_name="src", pkt_offset=26), STLVmFixIpv4(offset=14)])
    fs = STLFlowLatencyStats(pg_id=pg) if latency else STLFlowStats(pg_id=pg)
    mode = STLTXSingleBurst(total_pkts=total, pps=1000) if total else STLTXCont(pps=1000)
    return STLStream(packet=STLPktBuilder(pkt=base, vm=vm), mode=mode, flow_stats=fs)


# CSIT's workflow: both directions, a multiplier, a duration, wait, read.
c.add_streams(stream("198.18.0.1", "198.19.0.1", 7, total=3000), ports=[0])
c.add_streams(stream("198.19.0.1", "198.18.0.1", 8, latency=True, total=2000), ports=[1])
c.clear_stats()
c.start(ports=[0, 1], mult="2", duration=2)
c.wait_on_traffic(ports=[0, 1], timeout=30)
st = c.get_stats()
out["ports"] = {p: {k: st[p][k] for k in ("opackets", "obytes", "ipackets", "ibytes")} for p in (0, 1)}
out["flow_stats"] = {pg: {k: {str(p): v for p, v in st["flow_stats"][pg][k].items()}
                          for k in ("tx_pkts", "tx_bytes", "rx_pkts")} for pg in (7, 8)}
out["latency_err"] = st["latency"][8]["err_cntrs"]
# A continuous run: update, pause, resume, stop, each seen in what the server reports:
# its port state (get_port_status) and its counters (get_stats).


def opackets():
    return c.get_stats(ports=[0])[0]["opackets"]


def server_state(want):
    """Checks port 0's state as the server has it (TRex's client reads it with
    get_port_status in sync(); its own is only what it last asked for)."""
    port = c.get_port(0)
    rc = port.sync()
    if not rc:
        raise AssertionError(f"get_port_status: {rc}")
    if port.get_port_state_name() != want:
        raise AssertionError(f"port 0 is {port.get_port_state_name()} on the server, not {want}")


c.reset(ports=[0, 1])
c.add_streams(stream("198.18.0.1", "198.19.0.1", 9), ports=[0])
c.start(ports=[0], mult="1kpps")
wait_for(30, "port 0 to send", lambda: opackets() > 0)
server_state("TRANSMITTING")
c.update(ports=[0], mult="2kpps")
c.pause(ports=[0])
# A pause is applied when acknowledged: the server says so, and sends nothing more (over
# 0.5 s, 1,000 packets at 2 kpps if it went on).
server_state("PAUSE")
paused = opackets()
holds_for(0.5, f"port 0 paused at {paused} packets", lambda: opackets() == paused)
c.resume(ports=[0])
server_state("TRANSMITTING")
wait_for(30, "port 0 to send again", lambda: opackets() > paused)
c.stop(ports=[0])
out["continuous_opackets"] = c.get_stats()[0]["opackets"]
c.disconnect()
print(json.dumps(out))
