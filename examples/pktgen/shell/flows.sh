#!/bin/bash
# A functions.sh-style script with `set -o errexit`: 4 flows of 5 packets each from
# sources 198.18.0.1-198.18.0.4 to 198.19.0.1, 200 packets of 60 bytes with UDP
# checksums.   riptide pktgen examples/pktgen/shell/flows.sh --port pcap:out.pcap -- rt0
set -o errexit
basedir=$(dirname "$0")
source "$basedir/functions.sh"

DEV=${1:?usage: flows.sh DEV}
[ -d /proc/net/pktgen ] || modprobe pktgen
lsmod | grep -q pktgen || err 2 "pktgen is not loaded"

pg_thread 0 "rem_device_all"
pg_thread 0 "add_device" "$DEV"
pg_set $DEV "flag QUEUE_MAP_CPU"
pg_set $DEV "count 200"
pg_set $DEV "pkt_size 60"
pg_set $DEV "delay 0"
pg_set $DEV "flows 4"
pg_set $DEV "flowlen 5"
pg_set $DEV "src_min 198.18.0.1"
pg_set $DEV "src_max 198.18.0.4"
pg_set $DEV "dst 198.19.0.1"
pg_set $DEV "dst_mac 02:00:00:00:00:02"
pg_set $DEV "flag UDPCSUM"
pg_set $DEV "flag FLOW_SEQ"

trap 'echo "Interrupted"; pg_ctrl "stop"' SIGINT
pg_ctrl "start"
echo "sent"
cat /proc/net/pktgen/$DEV
