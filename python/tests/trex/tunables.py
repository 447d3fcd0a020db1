# Keyword tunables (TRex's -t size=...,dport=...), and the builder-style STLVM.
from trex_stl_lib.api import *


class STLS1(object):
    def get_streams(self, direction=0, port_id=0, size=64, dport=12, **kwargs):
        base = Ether() / IP(src="16.0.0.1", dst="48.0.0.%d" % (port_id + 1)) / UDP(dport=dport, sport=1025)
        pad = max(0, size - 4 - len(base)) * 'p'
        vm = STLVM()
        vm.var(name="sport", min_value=1025, max_value=1027, size=2, op="dec")
        vm.write(fv_name="sport", pkt_offset="UDP.sport")
        vm.var(name="tos", min_value=0, max_value=3, size=1, op="inc")
        vm.write_mask(fv_name="tos", pkt_offset="IP.tos", pkt_cast_size=1, mask=0xfc, shift=2)
        return [STLStream(packet=STLPktBuilder(pkt=base / pad, vm=vm), mode=STLTXCont(pps=100))]


def register():
    return STLS1()
