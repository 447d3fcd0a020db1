# TRex's stl/imix.py style: three sizes at 28/16/4 pps, isg apart, addresses walking.
from trex_stl_lib.api import *


class STLImix(object):
    def __init__(self):
        self.ip_range = {'src': {'start': "16.0.0.1", 'end': "16.0.0.254"},
                         'dst': {'start': "48.0.0.1", 'end': "48.0.0.254"}}
        self.imix_table = [{'size': 60, 'pps': 28, 'isg': 0},
                           {'size': 590, 'pps': 16, 'isg': 0.1},
                           {'size': 1514, 'pps': 4, 'isg': 0.2}]

    def create_stream(self, size, pps, isg, vm):
        base_pkt = Ether() / IP() / UDP()
        pad = max(0, size - len(base_pkt)) * 'x'
        pkt = STLPktBuilder(pkt=base_pkt / pad, vm=vm)
        return STLStream(isg=isg, packet=pkt, mode=STLTXCont(pps=pps))

    def get_streams(self, direction=0, port_id=0, **kwargs):
        if direction == 0:
            src, dst = self.ip_range['src'], self.ip_range['dst']
        else:
            src, dst = self.ip_range['dst'], self.ip_range['src']
        vm = STLScVmRaw([STLVmFlowVar(name="src", min_value=src['start'], max_value=src['end'], size=4, op="inc"),
                         STLVmFlowVar(name="dst", min_value=dst['start'], max_value=dst['end'], size=4, op="inc"),
                         STLVmWrFlowVar(fv_name="src", pkt_offset="IP.src"),
                         STLVmWrFlowVar(fv_name="dst", pkt_offset="IP.dst"),
                         STLVmFixIpv4(offset="IP")],
                        split_by_field="src", cache_size=255)
        return [self.create_stream(x['size'], x['pps'], x['isg'], vm) for x in self.imix_table]


def register():
    return STLImix()
