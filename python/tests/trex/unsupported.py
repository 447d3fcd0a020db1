from trex_stl_lib.api import *


class STLS1(object):
    def get_streams(self, direction=0, **kwargs):
        vm = STLScVmRaw([STLVmFlowVar(name="a", min_value=1, max_value=9, size=1, op="inc"),
                         STLVmWrFlowVar(fv_name="a", pkt_offset="IP.ttl", is_big=False)])
        return [STLStream(packet=STLPktBuilder(pkt=Ether() / IP() / UDP(), vm=vm))]


def register():
    return STLS1()
