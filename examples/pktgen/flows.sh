#!/bin/sh
# A Linux pktgen script in the kernel's vocabulary: 100,000 60-byte UDP packets
# (64 B frames with FCS), destinations walking 198.19.0.1-198.19.0.254, random
# UDP source ports 9-109, 8 flows of 4 packets each. Runs unchanged on riptide:
#   riptide pktgen examples/pktgen/flows.sh --port pcap:flows.pcap
PGDEV=/proc/net/pktgen/kpktgend_0
pgset "rem_device_all"
pgset "add_device rt0"

PGDEV=/proc/net/pktgen/rt0
pgset "count 100000"
pgset "clone_skb 0"
pgset "pkt_size 60"
pgset "delay 1000"
pgset "src_min 198.18.0.1"
pgset "src_max 198.18.0.1"
pgset "dst_min 198.19.0.1"
pgset "dst_max 198.19.0.254"
pgset "dst_mac 02:00:00:00:00:02"
pgset "udp_src_min 9"
pgset "udp_src_max 109"
pgset "udp_dst_min 9"
pgset "udp_dst_max 9"
pgset "flag UDPSRC_RND"
pgset "flag UDPCSUM"
pgset "flows 8"
pgset "flowlen 4"

PGDEV=/proc/net/pktgen/pgctrl
pgset "start"
