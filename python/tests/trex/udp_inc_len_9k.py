# TRex's udp_inc_len_9k style: one 9k packet trimmed to an incrementing size, its IP and
# UDP lengths written from the size variable.
from trex_stl_lib.api import *


class STLS1(object):
    def __init__(self):
        self.max_pkt_size_l3 = 9 * 1024

    def create_stream(self):
        p_l2 = Ether()
        p_l3 = IP(src="16.0.0.1", dst="48.0.0.1")
        p_l4 = UDP(dport=12, sport=1025)
        pyld_size = max(0, self.max_pkt_size_l3 - len(p_l3 / p_l4))
        base_pkt = p_l2 / p_l3 / p_l4 / ('\x55' * pyld_size)
        l3_len_fix = -(len(p_l2))
        l4_len_fix = -(len(p_l2 / p_l3))
        vm = STLScVmRaw([STLVmFlowVar(name="fv_rand", min_value=64, max_value=len(base_pkt), size=2, op="inc"),
                         STLVmTrimPktSize("fv_rand"),
                         STLVmWrFlowVar(fv_name="fv_rand", pkt_offset="IP.len", add_val=l3_len_fix),
                         STLVmFixIpv4(offset="IP"),
                         STLVmWrFlowVar(fv_name="fv_rand", pkt_offset="UDP.len", add_val=l4_len_fix)])
        return STLStream(packet=STLPktBuilder(pkt=base_pkt, vm=vm), mode=STLTXCont(pps=1000))

    def get_streams(self, direction=0, **kwargs):
        return [self.create_stream()]


def register():
    return STLS1()
