#!/bin/sh
# The classic pktgen script shape: a pgset() that writes and checks "Result: OK:",
# variables, positional arguments, and a cat of the device file at the end.
#   riptide pktgen examples/pktgen/shell/pgset.sh --port pcap:out.pcap -- rt0 128 [FLAG]
# 300 UDP packets of PKTSIZE bytes from 198.18.0.1 to 198.19.0.1-198.19.0.10 (one after
# another), random destination ports 5000-5002. A third argument adds `flag FLAG`.
modprobe pktgen

function pgset() {
    local result
    echo $1 > $PGDEV
    result=`cat $PGDEV | fgrep "Result: OK:"`
    if [ "$result" = "" ]; then
         cat $PGDEV | fgrep Result:
    fi
}

dev=$1
pktsize=${2:-60}
COUNT="count 300"
CLONE_SKB="clone_skb 0"

PGDEV=/proc/net/pktgen/kpktgend_0
echo "Removing all devices"
pgset "rem_device_all"
echo "Adding $dev"
pgset "add_device $dev"

PGDEV=/proc/net/pktgen/$dev
echo "Configuring $PGDEV"
pgset "$COUNT"
pgset "$CLONE_SKB"
pgset "pkt_size $pktsize"
pgset "delay 0"
pgset "src_min 198.18.0.1"
pgset "src_max 198.18.0.1"
pgset "dst_min 198.19.0.1"
pgset "dst_max 198.19.0.10"
pgset "udp_dst_min 5000"
pgset "udp_dst_max 5002"
pgset "flag UDPDST_RND"
pgset "dst_mac 02:00:00:00:00:02"
if [ -n "$3" ]; then
    pgset "flag $3" || true
fi

PGDEV=/proc/net/pktgen/pgctrl
echo "Running... ctrl^C to stop"
pgset "start"
echo "Done"
cat /proc/net/pktgen/$dev
