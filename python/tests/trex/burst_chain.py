# A chain of bursts: S0 (2 packets) starts S1 (3), which starts S2 (1), 10 us after S1 ends.
from trex_stl_lib.api import *


class STLS1(object):
    def pkt(self, dport):
        return STLPktBuilder(pkt=Ether() / IP(src="16.0.0.1", dst="48.0.0.1") / UDP(dport=dport, sport=1025) / ('z' * 20))

    def get_streams(self, direction=0, **kwargs):
        return STLProfile([
            STLStream(name='S0', packet=self.pkt(100), mode=STLTXSingleBurst(total_pkts=2, pps=1000), next='S1'),
            STLStream(name='S1', self_start=False, packet=self.pkt(101), mode=STLTXSingleBurst(total_pkts=3, pps=1000),
                      next='S2'),
            STLStream(name='S2', self_start=False, isg=10.0, packet=self.pkt(102),
                      mode=STLTXSingleBurst(total_pkts=1, pps=1000)),
        ]).get_streams()


def register():
    return STLS1()
