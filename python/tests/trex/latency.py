# A latency stream under pg_id 7 beside a flow-stats stream under 8.
from trex_stl_lib.api import *


class STLS1(object):
    def get_streams(self, direction=0, **kwargs):
        pkt = Ether() / IP(src="16.0.0.1", dst="48.0.0.1") / UDP(dport=12, sport=1025) / ('x' * 30)
        return [STLStream(name='lat', packet=STLPktBuilder(pkt=pkt), mode=STLTXCont(pps=1000),
                          flow_stats=STLFlowLatencyStats(pg_id=7)),
                STLStream(name='fs', packet=STLPktBuilder(pkt=pkt), isg=100.0, mode=STLTXCont(pps=1000),
                          flow_stats=STLFlowStats(pg_id=8))]


def register():
    return STLS1()
