"""Drives `riptide serve --trex` with TRex's own Python client (trex_stl_lib), run by
test_trex_client.py in a process of its own; prints one JSON line of what it read."""

import json
import sys
import time

from trex_stl_lib.api import (STLClient, STLFlowLatencyStats, STLFlowStats, STLPktBuilder, STLScVmRaw, STLStream,
                              STLTXCont, STLTXSingleBurst, STLVmFixIpv4, STLVmFlowVar, STLVmWrFlowVar)
from scapy.all import IP, UDP, Ether

rpc, pub = int(sys.argv[1]), int(sys.argv[2])
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
# A continuous run: update, pause, resume, stop.
c.reset(ports=[0, 1])
c.add_streams(stream("198.18.0.1", "198.19.0.1", 9), ports=[0])
c.start(ports=[0], mult="1kpps")
time.sleep(0.3)
c.update(ports=[0], mult="2kpps")
c.pause(ports=[0])
paused = c.get_port_attr(0) if hasattr(c, "get_port_attr") else None
c.resume(ports=[0])
time.sleep(0.3)
c.stop(ports=[0])
out["continuous_opackets"] = c.get_stats()[0]["opackets"]
c.disconnect()
print(json.dumps(out))
