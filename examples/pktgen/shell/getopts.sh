#!/bin/bash
# A getopts front end: -i DEV -n COUNT -s SIZE -d DST_MIN -D DST_MAX -p PORT_MIN-PORT_MAX
#   riptide pktgen examples/pktgen/shell/getopts.sh --port pcap:out.pcap -- -i rt0 -n 64 -s 100
function usage() { echo "usage: $0 -i DEV [-n COUNT] [-s SIZE] [-d DST] [-D DST_MAX] [-p MIN-MAX]" >&2; exit 1; }
COUNT=100; SIZE=60; DST=198.19.0.1; DST_MAX=""; PORTS=9-9
while getopts "i:n:s:d:D:p:h" opt; do
    case $opt in
        i) DEV=$OPTARG ;;
        n) COUNT=$OPTARG ;;
        s) SIZE=$OPTARG ;;
        d) DST=$OPTARG ;;
        D) DST_MAX=$OPTARG ;;
        p) PORTS=$OPTARG ;;
        *) usage ;;
    esac
done
[[ -n "$DEV" ]] || usage
PORT_MIN=${PORTS%-*}; PORT_MAX=${PORTS#*-}

pgset() {
    echo "$1" > $PGDEV || { echo "pgset: '$1' failed" >&2; exit 4; }
    grep -q "Result: OK:" $PGDEV || { grep Result: $PGDEV >&2; exit 4; }
}

PGDEV=/proc/net/pktgen/kpktgend_0
pgset "rem_device_all"
pgset "add_device $DEV"
PGDEV=/proc/net/pktgen/$DEV
for cmd in "count $COUNT" "pkt_size $SIZE" "dst_min $DST" "dst_max ${DST_MAX:-$DST}" \
           "udp_dst_min $PORT_MIN" "udp_dst_max $PORT_MAX" "src_min 198.18.0.9" "src_max 198.18.0.9" \
           "dst_mac 02:00:00:00:00:02"; do
    pgset "$cmd"
done
PGDEV=/proc/net/pktgen/pgctrl
pgset "start"
cat /proc/net/pktgen/$DEV | grep -A1 "^Result:"
