# Three bursts of four packets, 1 ms apart, then nothing.
from trex_stl_lib.api import *


class STLS1(object):
    def get_streams(self, direction=0, **kwargs):
        pkt = STLPktBuilder(pkt=Ether() / IP(src="16.0.0.1", dst="48.0.0.1") / UDP(dport=12, sport=1025) / ('y' * 30))
        return [STLStream(packet=pkt, mode=STLTXMultiBurst(pkts_per_burst=4, ibg=1000.0, count=3, pps=10000))]


def register():
    return STLS1()
