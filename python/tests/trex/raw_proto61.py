# Lab profiles written for TRex by CI systems (riptide issue 51): an IP packet of a
# protocol riptide has no layer for (61) with a random ASCII payload, plain, over 802.1Q,
# over IPv6, and with IPv4 options (which riptide's layers cannot say: a raw frame); the
# source address walks, written at its byte offset, and STLVmFixIpv4 fixes the checksum.
import random
import string

from trex_stl_lib.api import *

PAYLOAD = "".join(random.Random(61).choice(string.ascii_letters + string.digits) for _ in range(16))


def packet(kind):
    if kind == "v6":
        return Ether() / IPv6(src="2001:2::1", dst="2001:2:0:1::1", nh=61) / Raw(PAYLOAD)
    options = [IPOption_Router_Alert()] if kind == "options" else []
    ip = IP(src="198.18.0.1", dst="198.19.0.1", proto=61, options=options)
    l2 = Ether() / Dot1Q(vlan=10) if kind == "vlan" else Ether()
    return l2 / ip / Raw(PAYLOAD)


class STLS1(object):
    def get_streams(self, direction=0, kind="v4", **kwargs):
        if kind == "v6":
            vm = [STLVmFlowVar(name="src", min_value=1, max_value=10, size=4, op="inc"),
                  STLVmWrFlowVar(fv_name="src", pkt_offset="IPv6.src", offset_fixup=12)]
        else:
            vm = [STLVmFlowVar(name="src", min_value="198.18.0.1", max_value="198.18.0.10", size=4, op="inc"),
                  STLVmWrFlowVar(fv_name="src", pkt_offset="IP.src"),
                  STLVmFixIpv4(offset="IP")]
        return [STLStream(packet=STLPktBuilder(pkt=packet(kind), vm=vm), mode=STLTXCont(pps=1000))]


def register():
    return STLS1()
