#!/usr/bin/env bash
# The engine benchmark beside its baselines, in one run on one machine:
#   1. membw from ../shared/baselines (64 B template copies into a 256 KiB ring), when present;
#   2. riptide bench (engine into the null port) with its in-process template-copy baseline.
# Usage: scripts/bench.sh [RUNS] [CORES...]   (default: 5 runs, 1 core)
set -euo pipefail
cd "$(dirname "$0")/.."
runs=${1:-5}; shift || true
cores=("${@:-1}")
cargo build --release --locked -q
echo "machine: $(nproc) vCPU, $(uname -r), $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ *//')"
base=../shared/baselines
if [ -f "$base/membw.c" ] && command -v gcc >/dev/null; then
  mkdir -p target/baselines
  gcc -O2 -mavx2 -o target/baselines/membw "$base/membw.c"
  echo "== membw (shared baseline), 64 MiB =="
  target/baselines/membw 64 | grep -E "template|memcpy"
fi
for c in "${cores[@]}"; do
  echo "== riptide bench --cores $c --runs $runs =="
  target/release/riptide bench --cores "$c" --runs "$runs" --duration 2s
done
