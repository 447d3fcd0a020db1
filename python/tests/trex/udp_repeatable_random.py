# TRex's repeatable random: the source port from 5 values of TRex's generator seeded with
# 0x1234, again and again; the source address from 3 four-byte values seeded with 1.
from trex_stl_lib.api import *


class STLS1(object):
    def create_stream(self):
        base_pkt = Ether() / IP(src="16.0.0.1", dst="48.0.0.1") / UDP(dport=12, sport=1025)
        vm = STLScVmRaw([STLVmFlowVarRepeatableRandom(name="sport", size=2, limit=5, seed=0x1234,
                                                      min_value=1025, max_value=1034),
                         STLVmWrFlowVar(fv_name="sport", pkt_offset="UDP.sport"),
                         STLVmFlowVarRepeatableRandom(name="src", size=4, limit=3, seed=1,
                                                      min_value="16.0.0.0", max_value="16.0.255.255"),
                         STLVmWrFlowVar(fv_name="src", pkt_offset="IP.src"),
                         STLVmFixIpv4(offset="IP")])
        return STLStream(packet=STLPktBuilder(pkt=base_pkt / ("x" * 18), vm=vm), mode=STLTXCont(pps=1000))

    def get_streams(self, direction=0, **kwargs):
        return [self.create_stream()]


def register():
    return STLS1()
