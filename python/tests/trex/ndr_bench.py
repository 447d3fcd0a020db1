# CSIT's style: one UDP stream per direction counted under a pg_id, the source walking;
# `riptide ndr` scales its rate per trial. RFC 2544 benchmarking addresses.
from trex_stl_lib.api import *


class STLBench(object):
    def get_streams(self, direction=0, port_id=0, **kwargs):
        src, dst = ("198.18.0.1", "198.19.0.1") if direction == 0 else ("198.19.0.1", "198.18.0.1")
        pkt = Ether() / IP(src=src, dst=dst) / UDP(dport=1024, sport=1024) / ('x' * 30)
        vm = STLScVmRaw([STLVmFlowVar(name="sport", min_value=1024, max_value=1124, size=2, op="inc"),
                         STLVmWrFlowVar(fv_name="sport", pkt_offset="UDP.sport")])
        return [STLStream(packet=STLPktBuilder(pkt=pkt, vm=vm), mode=STLTXCont(pps=1000),
                          flow_stats=STLFlowStats(pg_id=10 + port_id))]


def register():
    return STLBench()
