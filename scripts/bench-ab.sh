#!/usr/bin/env bash
# Before and after, in one run on one machine: two riptide binaries measured in interleaved
# rounds on the paths a refactor can slow down:
#   bench   `riptide bench --runs 1`: the stateless engine, unpaced into the null port (Mpps)
#   stf     `riptide run-stf profiles/stf/udp10.yaml --port null -d 5 -m 1000 --active-flows 100000`:
#           the stateful engine on virtual time, 100k active flows (engine_mpps)
#   port    (root only) `riptide run profiles/lab/bench64.yaml -m 100% -d 2s` from afpacket:rt0 to
#           dut0 in the route DUT of `riptide lab up` (tx Mpps; the veth kernel path dominates)
# Prints every run, each side's median, and the median of the per-round ratios NEW / OLD (rounds
# drift together on a shared machine, so the per-round ratio is the figure to read).
# Usage: scripts/bench-ab.sh OLD_BINARY NEW_BINARY [ROUNDS]     (default 5 rounds)
set -euo pipefail
cd "$(dirname "$0")/.."
old=${1:?usage: scripts/bench-ab.sh OLD_BINARY NEW_BINARY [ROUNDS]}
new=${2:?usage: scripts/bench-ab.sh OLD_BINARY NEW_BINARY [ROUNDS]}
rounds=${3:-5}
paths="bench stf"
if [ "$(id -u)" = 0 ] && ip netns list >/dev/null 2>&1; then
  if "$new" lab status | grep -q '^lab: up'; then
    echo "bench-ab: the lab is up already; run 'riptide lab down' first" >&2; exit 2
  fi
  "$new" lab up --dut route >/dev/null
  trap '"$new" lab down >/dev/null' EXIT
  paths+=" port"
fi
echo "machine: $(nproc) vCPU, $(uname -r), $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ *//')"
echo "old: $old"
echo "new: $new"
json() { python3 -c "import json,sys; d=json.load(sys.stdin); print('%.3f' % ($1))"; }
measure() { # PATH BINARY -> Mpps
  case $1 in
    bench) "$2" bench --runs 1 --json | json 'd["engine_mpps"]' ;;
    stf) "$2" run-stf profiles/stf/udp10.yaml --port null -d 5 -m 1000 --active-flows 100000 --json \
      | json 'd["engine_mpps"]' ;;
    port) "$2" run profiles/lab/bench64.yaml --netns riptide-tg --port afpacket:rt0 -d 2s -m 100% --json \
      | json 'd["ports"][0]["tx_pps"] / 1e6' ;;
  esac
}
declare -A runs ratios
for r in $(seq 1 "$rounds"); do
  for p in $paths; do
    a=$(measure "$p" "$old"); b=$(measure "$p" "$new")
    runs[$p-old]+="$a "; runs[$p-new]+="$b "
    ratios[$p]+="$(python3 -c "print('%.3f' % ($b / $a))") "
    echo "round $r $p: old $a new $b Mpps"
  done
done
median() { python3 -c "import statistics,sys; print('%.3f' % statistics.median(map(float, sys.argv[1:])))" "$@"; }
echo
for p in $paths; do
  # shellcheck disable=SC2086
  echo "$p: old median $(median ${runs[$p-old]}) Mpps, new median $(median ${runs[$p-new]}) Mpps, per-round new/old median $(median ${ratios[$p]}) (${ratios[$p]% })"
done
