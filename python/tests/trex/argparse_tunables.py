# The newer convention: tunables as argparse words.
import argparse

from trex.stl.api import *


class STLS1(object):
    def get_streams(self, direction, tunables, **kwargs):
        parser = argparse.ArgumentParser(description='Argparser for {}'.format(os.path.basename(__file__)))
        parser.add_argument('--count', type=int, default=1)
        args = parser.parse_args(tunables)
        pkt = STLPktBuilder(pkt=Ether() / IP(src="16.0.0.1", dst="48.0.0.1") / UDP(dport=12, sport=1025) / ('a' * 40))
        return [STLStream(packet=pkt, mode=STLTXSingleBurst(total_pkts=args.count, pps=100))]


def register():
    return STLS1()
