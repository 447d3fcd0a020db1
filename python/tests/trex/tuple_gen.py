# TRex's udp_1pkt_tuple_gen style: a client tuple (2 addresses x 3 ports, restarting
# after 5 tuples) written to IP.src and UDP.sport, and Ethernet padding from scapy.
from trex_stl_lib.api import *


class STLS1(object):
    def create_stream(self):
        base_pkt = Ether() / IP(src="16.0.0.1", dst="48.0.0.1") / UDP(dport=12, sport=1025)
        pad = Padding()
        pad.load = b'\x00' * (60 - len(base_pkt))
        vm = STLVM()
        vm.tuple_var(name="tuple", ip_min="16.0.0.1", ip_max="16.0.0.2", port_min=1025, port_max=1027, limit_flows=5)
        vm.write(fv_name="tuple.ip", pkt_offset="IP.src")
        vm.fix_chksum()
        vm.write(fv_name="tuple.port", pkt_offset="UDP.sport")
        return STLStream(packet=STLPktBuilder(pkt=base_pkt / pad, vm=vm), mode=STLTXCont(pps=100))

    def get_streams(self, direction=0, **kwargs):
        return [self.create_stream()]


def register():
    return STLS1()
