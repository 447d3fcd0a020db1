#!/usr/bin/env bash
# Port speed beside the C baselines, in one run on one machine (issue 3):
#   one core, 64 B frames, from rt0 to its veth peer dut0 in the DUT namespace of
#   `riptide lab up --dut route`. Every sender sends the same 60 bytes (the baselines' frame,
#   profiles/lab/bench64.yaml) to a MAC nobody owns, so dut0 drops each frame as "not for this
#   host": the cheapest receiver there is, which leaves as much of the cost as possible to the
#   sender being measured. Rounds interleave, in this order:
#     mmsgtx -B (sendmmsg, qdisc bypass), txring (PACKET_TX_RING V2, bypass),
#     riptide afpacket:rt0 (transmit ring), riptide afpacket:rt0:tx=mmsg (sendmmsg),
#     xsk -t (AF_XDP copy TX), riptide afxdp:rt0,
#     then with GRO on at dut0 (a veth gives XDP frames only to a peer with NAPI):
#     xdplive (BPF_PROG_RUN live frames, 1M frames a call), riptide xdplive:rt0.
#   Prints every run, the medians, and two ratios per comparison: median / median, and the
#   median of the per-round ratios (each against the same round's baseline: what the
#   acceptance reads, since rounds drift together on a shared machine).
# Usage (root): scripts/bench-ports.sh [ROUNDS] [SECONDS]      (default 5 rounds of 3 s)
# Baselines are built from ../shared/baselines into target/baselines (xsk needs libxdp-dev and
# libbpf-dev, xdplive clang and libbpf-dev; without them those baselines are skipped and
# said so).
set -euo pipefail
cd "$(dirname "$0")/.."
rounds=${1:-5}; secs=${2:-3}
[ "$(id -u)" = 0 ] || { echo "bench-ports: needs root (namespaces, raw sockets)" >&2; exit 2; }
base=../shared/baselines
[ -f "$base/mmsgtx.c" ] || { echo "bench-ports: no baselines at $base" >&2; exit 2; }
cargo build --release --locked -q
rt=target/release/riptide
mkdir -p target/baselines
gcc -O2 -o target/baselines/mmsgtx "$base/mmsgtx.c"
gcc -O2 -o target/baselines/txring "$base/txring.c"
have_xsk=0
if [ -e /usr/include/xdp/xsk.h ] && gcc -O2 -o target/baselines/xsk "$base/xsk.c" -lxdp -lbpf 2>/dev/null; then
  have_xsk=1
else
  echo "bench-ports: xsk baseline not built (needs libxdp-dev libbpf-dev); AF_XDP ratio skipped"
fi
have_live=0
if command -v clang >/dev/null && [ -e /usr/include/bpf/libbpf.h ] \
  && gcc -O2 -o target/baselines/xdplive "$base/xdplive.c" -lbpf 2>/dev/null \
  && clang -O2 -g -target bpf -I/usr/include/x86_64-linux-gnu -c "$base/xdp_tx.c" -o target/baselines/xdp_tx.o; then
  have_live=1
else
  echo "bench-ports: xdplive baseline not built (needs clang libbpf-dev); its ratio skipped"
fi
if $rt lab status | grep -q '^lab: up'; then
  echo "bench-ports: the lab is up already; run 'riptide lab down' first" >&2; exit 2
fi
$rt lab up --dut route >/dev/null
trap '$rt lab down >/dev/null' EXIT
dmac=02:00:c6:12:01:fd   # nobody's: dut0 (02:00:c6:12:01:fe) drops the frames
profile=profiles/lab/bench64.yaml
tg() { ip netns exec riptide-tg "$@"; }
echo "machine: $(nproc) vCPU, $(uname -r), $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ *//')"
echo "rounds: $rounds x ${secs}s, 64 B frames ($profile), rt0 -> dut0 in riptide-dut (dropped there)"
declare -A runs
mpps_c() { grep -o '= [0-9.]* Mpps' | head -1 | awk '{print $2}'; }
mpps_rt() { python3 -c 'import json,sys; print("%.3f" % (json.load(sys.stdin)["ports"][0]["tx_pps"] / 1e6))'; }
riptide() { $rt run "$profile" --netns riptide-tg --port "$1" -d "${secs}s" -m 100% --json | mpps_rt; }
senders="mmsgtx txring afpacket afpacket-mmsg"
[ $have_xsk = 1 ] && senders+=" xsk"
senders+=" afxdp"
[ $have_live = 1 ] && senders+=" xdplive"
senders+=" rt-xdplive"
gro() { ip netns exec riptide-dut ethtool -K dut0 gro "$1" >/dev/null; }
for r in $(seq "$rounds"); do
  runs[mmsgtx]+="$(tg target/baselines/mmsgtx -i rt0 -m $dmac -d "$secs" -b 64 -B | mpps_c) "
  runs[txring]+="$(tg target/baselines/txring -i rt0 -m $dmac -d "$secs" -b 64 2>/dev/null | mpps_c) "
  runs[afpacket]+="$(riptide afpacket:rt0) "
  runs[afpacket-mmsg]+="$(riptide afpacket:rt0:tx=mmsg) "
  if [ $have_xsk = 1 ]; then
    runs[xsk]+="$(tg target/baselines/xsk -i rt0 -t -m $dmac -d "$secs" -b 64 2>/dev/null | mpps_c) "
  fi
  runs[afxdp]+="$(riptide afxdp:rt0) "
  gro on
  if [ $have_live = 1 ]; then
    runs[xdplive]+="$(XDP_TX_OBJ=target/baselines/xdp_tx.o tg target/baselines/xdplive -i rt0 -m $dmac -d "$secs" | mpps_c) "
  fi
  runs[rt-xdplive]+="$(riptide xdplive:rt0) "
  gro off
done
median() { tr ' ' '\n' | grep -v '^$' | sort -g | awk '{a[NR]=$1} END {print (NR%2) ? a[(NR+1)/2] : (a[NR/2]+a[NR/2+1])/2}'; }
declare -A med
printf "%-14s %-8s %s\n" sender median "runs (Mpps)"
for k in $senders; do
  med[$k]=$(echo "${runs[$k]}" | median)
  printf "%-14s %-8s %s\n" "$k" "${med[$k]}" "${runs[$k]}"
done
# Per-round ratios of $1 against the per-round best of the baselines named after it.
paired() {
  local a=$1; shift
  python3 - "${runs[$a]}" "$@" <<'EOF'
import statistics, sys
ours = [float(x) for x in sys.argv[1].split()]
bases = [[float(x) for x in b.split()] for b in sys.argv[2:]]
ratios = [o / max(b[i] for b in bases) for i, o in enumerate(ours)]
print("%.2fx (rounds: %s)" % (statistics.median(ratios), " ".join("%.2f" % r for r in ratios)))
EOF
}
best=$(printf "%s\n%s\n" "${med[mmsgtx]}" "${med[txring]}" | sort -g | tail -1)
for k in afpacket afpacket-mmsg; do
  awk -v k="$k" -v a="${med[$k]}" -v b="$best" \
    'BEGIN {printf "ratio riptide %s / best of mmsgtx, txring (%s): %.2fx medians; ", k, b, a / b}'
  echo "per round $(paired "$k" "${runs[mmsgtx]}" "${runs[txring]}")"
done
if [ -n "${med[xsk]:-}" ]; then
  awk -v a="${med[afxdp]}" -v b="${med[xsk]}" 'BEGIN {printf "ratio riptide afxdp / xsk (%s): %.2fx medians; ", b, a / b}'
  echo "per round $(paired afxdp "${runs[xsk]}")"
fi
if [ -n "${med[xdplive]:-}" ]; then
  awk -v a="${med[rt-xdplive]}" -v b="${med[xdplive]}" 'BEGIN {printf "ratio riptide xdplive / xdplive (%s): %.2fx medians; ", b, a / b}'
  echo "per round $(paired rt-xdplive "${runs[xdplive]}")"
fi
awk -v a="${med[rt-xdplive]}" -v b="${med[afxdp]}" 'BEGIN {printf "ratio riptide xdplive / riptide afxdp (%s): %.2fx medians; ", b, a / b}'
echo "per round $(paired rt-xdplive "${runs[afxdp]}")"
