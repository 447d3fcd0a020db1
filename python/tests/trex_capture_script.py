"""TRex's current client's capture API against `riptide serve --trex` (run by
test_trex_capture.py in a process of its own): a capture of port 0's transmit and port 1's
receive side while port 0 sends a 1,000-frame burst whose source address walks; prints one
JSON line with the frames fetched (hex, origin, port, index) and the capture status."""

import json
import sys

from trex.stl.api import STLClient, STLPktBuilder, STLScVmRaw, STLStream, STLTXSingleBurst, STLVmFlowVar, \
    STLVmFixIpv4, STLVmWrFlowVar
from scapy.all import IP, UDP, Ether

rpc, pub = int(sys.argv[1]), int(sys.argv[2])
c = STLClient(server="127.0.0.1", sync_port=rpc, async_port=pub, verbose_level="error")
c.connect()
c.reset(ports=[0, 1])
base = Ether() / IP(src="198.18.0.1", dst="198.19.0.1") / UDP(sport=1025, dport=12) / ("x" * 18)
vm = STLScVmRaw([STLVmFlowVar(name="src", min_value="198.18.0.1", max_value="198.18.3.232", size=4, op="inc"),
                 STLVmWrFlowVar(fv_name="src", pkt_offset="IP.src"), STLVmFixIpv4(offset="IP")])
c.add_streams(STLStream(packet=STLPktBuilder(pkt=base, vm=vm), mode=STLTXSingleBurst(total_pkts=1000, pps=10000)),
              ports=[0])
cap = c.start_capture(tx_ports=[0], rx_ports=[1], limit=5000, bpf_filter="udp and dst host 198.19.0.1")
none = c.start_capture(tx_ports=[0], limit=10, bpf_filter="tcp")
status_running = c.get_capture_status()
c.start(ports=[0])
c.wait_on_traffic(ports=[0], timeout=30)
frames = []
status_done = c.get_capture_status()
c.stop_capture(cap["id"], output=frames)
c.stop_capture(none["id"])
out = {
    "status": {str(k): v for k, v in status_running.items()},
    "done": {str(k): v for k, v in status_done.items()},
    "ids": [cap["id"], none["id"]],
    "frames": [{"hex": f["binary"].hex(), "origin": f["origin"], "port": f["port"], "index": f["index"]}
               for f in frames],
    "after": {str(k): v for k, v in c.get_capture_status().items()},
}
c.disconnect()
print(json.dumps(out))
