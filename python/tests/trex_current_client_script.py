"""Drives `riptide serve --trex` with TRex's *current* Python client (trex-core's
interactive/trex, copied unchanged in python/tests/trex-core), run by
test_trex_current_client.py in a process of its own; prints one JSON line of what it read."""

import json
import sys

from trex.stl.api import STLClient, STLFlowLatencyStats, STLFlowStats, STLPktBuilder, STLStream, STLTXSingleBurst
from scapy.all import IP, UDP, Ether
from hdrh.histogram import HdrHistogram

rpc, pub = int(sys.argv[1]), int(sys.argv[2])
c = STLClient(server="127.0.0.1", sync_port=rpc, async_port=pub, verbose_level="error")
c.connect()
out = {"version": c.get_server_version(), "tpg": c.get_tpg_status()}
c.reset(ports=[0, 1])


def stream(src, dst, pg, total, latency=False):
    base = Ether() / IP(src=src, dst=dst) / UDP(sport=1025, dport=12) / ("x" * 18)
    fs = STLFlowLatencyStats(pg_id=pg) if latency else STLFlowStats(pg_id=pg)
    return STLStream(packet=STLPktBuilder(pkt=base), mode=STLTXSingleBurst(total_pkts=total, pps=1000),
                     flow_stats=fs)


# The latency stream from port 0, the link's real-time end (its stamps on the wall clock).
c.add_streams(stream("198.18.0.1", "198.19.0.1", 7, 3000, latency=True), ports=[0])
c.add_streams(stream("198.19.0.1", "198.18.0.1", 8, 2000), ports=[1])
c.clear_stats()
c.start(ports=[0, 1], mult="2", duration=2)
c.wait_on_traffic(ports=[0, 1], timeout=30)
st = c.get_stats()
out["ports"] = {p: {k: st[p][k] for k in ("opackets", "obytes", "ipackets", "ibytes")} for p in (0, 1)}
out["flow_stats"] = {pg: {k: {str(p): v for p, v in st["flow_stats"][pg][k].items()}
                          for k in ("tx_pkts", "rx_pkts")} for pg in (7, 8)}
# TRex's current server's latency figures, as lab scripts read them: its histogram and
# the HDR one (`hdrh`, µs), decoded by the hdrhistogram package as those scripts do.
lat = st["latency"][7]["latency"]
hdr = HdrHistogram.decode(lat["hdrh"])
out["latency"] = {k: lat[k] for k in ("total_min", "total_max", "average")}
out["histogram"] = {str(k): v for k, v in lat["histogram"].items()}


def trex_bucket(us):
    """TRex's latency histogram key for `us` µs (trex-core src/time_histogram.cpp,
    CTimeHistogram::Add: under 10 µs at 0, then five decades of 10 µs by the leading
    digit; nothing from 1 s up)."""
    if us < 10:
        return 0
    d, base = us // 10, 10
    for _ in range(5):
        if d < 10:
            return base * d
        d, base = d // 10, base * 10
    return None


model = {}
for v in hdr.get_recorded_iterator():
    key = trex_bucket(hdr.get_lowest_equivalent_value(v.value_iterated_to))
    if key is not None:
        model[str(key)] = model.get(str(key), 0) + v.count_at_value_iterated_to
out["histogram_model"] = model
out["hdrh"] = {"count": hdr.get_total_count(), "min": hdr.get_min_value(), "max": hdr.get_max_value(),
               "mean": hdr.get_mean_value(), "highest": hdr.highest_trackable_value}
c.disconnect()
print(json.dumps(out))
