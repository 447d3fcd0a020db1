# TRex's udp_1pkt_range_clients style: the source address walks 16.0.0.1..16.0.0.10.
from trex_stl_lib.api import *


class STLS1(object):
    def create_stream(self):
        base_pkt = Ether() / IP(src="16.0.0.1", dst="48.0.0.1") / UDP(dport=12, sport=1025)
        pad = max(0, 60 - len(base_pkt)) * 'x'
        vm = STLScVmRaw([STLVmFlowVar(name="ip_src", min_value="16.0.0.1", max_value="16.0.0.10", size=4, op="inc"),
                         STLVmWrFlowVar(fv_name="ip_src", pkt_offset="IP.src"),
                         STLVmFixIpv4(offset="IP")])
        return STLStream(packet=STLPktBuilder(pkt=base_pkt / pad, vm=vm), mode=STLTXCont(pps=1000))

    def get_streams(self, direction=0, **kwargs):
        return [self.create_stream()]


def register():
    return STLS1()
