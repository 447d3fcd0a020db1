"""Drives `riptide serve --trex` with TRex's *current* Python client (trex-core's
interactive/trex, copied unchanged in python/tests/trex-core), run by
test_trex_current_client.py in a process of its own; prints one JSON line of what it read."""

import json
import sys

from trex.stl.api import STLClient, STLFlowStats, STLPktBuilder, STLStream, STLTXSingleBurst
from scapy.all import IP, UDP, Ether

rpc, pub = int(sys.argv[1]), int(sys.argv[2])
c = STLClient(server="127.0.0.1", sync_port=rpc, async_port=pub, verbose_level="error")
c.connect()
out = {"version": c.get_server_version(), "tpg": c.get_tpg_status()}
c.reset(ports=[0, 1])


def stream(src, dst, pg, total):
    base = Ether() / IP(src=src, dst=dst) / UDP(sport=1025, dport=12) / ("x" * 18)
    return STLStream(packet=STLPktBuilder(pkt=base), mode=STLTXSingleBurst(total_pkts=total, pps=1000),
                     flow_stats=STLFlowStats(pg_id=pg))


c.add_streams(stream("198.18.0.1", "198.19.0.1", 7, 3000), ports=[0])
c.add_streams(stream("198.19.0.1", "198.18.0.1", 8, 2000), ports=[1])
c.clear_stats()
c.start(ports=[0, 1], mult="2", duration=2)
c.wait_on_traffic(ports=[0, 1], timeout=30)
st = c.get_stats()
out["ports"] = {p: {k: st[p][k] for k in ("opackets", "obytes", "ipackets", "ibytes")} for p in (0, 1)}
out["flow_stats"] = {pg: {k: {str(p): v for p, v in st["flow_stats"][pg][k].items()}
                          for k in ("tx_pkts", "rx_pkts")} for pg in (7, 8)}
c.disconnect()
print(json.dumps(out))
