# TRex's udp_1pkt_range_clients_split style: a client range split between cores by field.
from trex_stl_lib.api import *


class STLS1(object):
    def get_streams(self, direction=0, **kwargs):
        base_pkt = Ether() / IP(src="16.0.0.1", dst="48.0.0.1") / UDP(dport=12, sport=1025)
        pad = max(0, 60 - len(base_pkt)) * 'x'
        vm = STLScVmRaw([STLVmFlowVar(name="mac_src", min_value=1, max_value=30, size=2, op="dec", step=1),
                         STLVmWrFlowVar(fv_name="mac_src", pkt_offset=10),
                         STLVmFlowVar(name="ip_src", min_value="16.0.0.0", max_value="16.0.0.9", size=4, op="inc",
                                      init_value="16.0.0.5"),
                         STLVmWrFlowVar(fv_name="ip_src", pkt_offset="IP.src")],
                        split_by_field="ip_src")
        return STLStream(packet=STLPktBuilder(pkt=base_pkt / pad, vm=vm), mode=STLTXCont(pps=10))


def register():
    return STLS1()
