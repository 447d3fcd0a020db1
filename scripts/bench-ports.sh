#!/usr/bin/env bash
# Port speed beside the C baselines, in one run on one machine (issue 3):
#   one core, 64 B frames, rt0 -> its peer dut0 in the DUT namespace of `riptide lab up --dut none`
#   (the DUT drops them: not its address, no forwarding), rounds interleaved:
#     mmsgtx -B (sendmmsg, qdisc bypass), txring (PACKET_TX_RING V2, bypass), riptide afpacket:rt0,
#     xsk -t (AF_XDP copy TX), riptide afxdp:rt0.
#   Prints every run, then medians and the ratios riptide/best AF_PACKET baseline, riptide/xsk.
# Usage (root): scripts/bench-ports.sh [ROUNDS] [SECONDS]      (default 5 rounds of 3 s)
# Baselines are built from ../shared/baselines into target/baselines (xsk needs libxdp-dev and
# libbpf-dev; without them the AF_XDP baseline is skipped and said so).
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
if $rt lab status | grep -q '^lab: up'; then
  echo "bench-ports: the lab is up already; run 'riptide lab down' first" >&2; exit 2
fi
$rt lab up --dut none >/dev/null
trap '$rt lab down >/dev/null' EXIT
dmac=02:00:c6:12:01:fe   # dut0
tg() { ip netns exec riptide-tg "$@"; }
echo "machine: $(nproc) vCPU, $(uname -r), $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ *//')"
echo "rounds: $rounds x ${secs}s, 64 B frames, rt0 -> dut0 (DUT drops)"
declare -A runs
mpps_c() { grep -o '= [0-9.]* Mpps' | head -1 | awk '{print $2}'; }
mpps_rt() { python3 -c 'import json,sys; print("%.3f" % (json.load(sys.stdin)["ports"][0]["tx_pps"] / 1e6))'; }
for r in $(seq "$rounds"); do
  runs[mmsgtx]+="$(tg target/baselines/mmsgtx -i rt0 -m $dmac -d "$secs" -b 64 -B | mpps_c) "
  runs[txring]+="$(tg target/baselines/txring -i rt0 -m $dmac -d "$secs" -b 64 2>/dev/null | mpps_c) "
  runs[afpacket]+="$($rt run profiles/lab/udp64.yaml --netns riptide-tg --port afpacket:rt0 -d "${secs}s" -m 100% --json | mpps_rt) "
  if [ $have_xsk = 1 ]; then
    runs[xsk]+="$(tg target/baselines/xsk -i rt0 -t -m $dmac -d "$secs" -b 64 2>/dev/null | mpps_c) "
  fi
  runs[afxdp]+="$($rt run profiles/lab/udp64.yaml --netns riptide-tg --port afxdp:rt0 -d "${secs}s" -m 100% --json | mpps_rt) "
done
median() { tr ' ' '\n' | grep -v '^$' | sort -g | awk '{a[NR]=$1} END {print (NR%2) ? a[(NR+1)/2] : (a[NR/2]+a[NR/2+1])/2}'; }
declare -A med
printf "%-10s %-8s %s\n" sender median "runs (Mpps)"
for k in mmsgtx txring afpacket xsk afxdp; do
  [ -n "${runs[$k]:-}" ] || continue
  med[$k]=$(echo "${runs[$k]}" | median)
  printf "%-10s %-8s %s\n" "$k" "${med[$k]}" "${runs[$k]}"
done
best=$(printf "%s\n%s\n" "${med[mmsgtx]}" "${med[txring]}" | sort -g | tail -1)
awk -v a="${med[afpacket]}" -v b="$best" 'BEGIN {printf "ratio riptide afpacket / best of mmsgtx, txring (%s): %.2fx\n", b, a / b}'
if [ -n "${med[xsk]:-}" ]; then
  awk -v a="${med[afxdp]}" -v b="${med[xsk]}" 'BEGIN {printf "ratio riptide afxdp / xsk (%s): %.2fx\n", b, a / b}'
fi
