# A pcap replayed as TRex's STLProfile.load_pcap does: one single-packet stream per
# packet, chained, each the capture's gap after the one before.
from trex_stl_lib.api import *


class STLPcap(object):
    def get_streams(self, direction=0, pcap="", ipg=None, **kwargs):
        return STLProfile.load_pcap(pcap, ipg_usec=ipg).get_streams()


def register():
    return STLPcap()
