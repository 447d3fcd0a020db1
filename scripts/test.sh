#!/usr/bin/env bash
# Every test: installs what is missing, checks formatting and lints, runs all
# test targets, and ends with one summary line "N passed, N failed".
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh
cargo fmt --all -- --check
cargo clippy --workspace --all-targets --locked -- -D warnings
mkdir -p target
log=target/test.log
set +e
cargo test --workspace --release --locked --all-targets 2>&1 | tee "$log"
rc=${PIPESTATUS[0]}
set -e
passed=$(grep -Eo '^test result: .* ([0-9]+) passed' "$log" | grep -Eo '[0-9]+ passed' | awk '{s+=$1} END {print s+0}')
failed=$(grep -Eo '^test result: .* ([0-9]+) failed' "$log" | grep -Eo '[0-9]+ failed' | awk '{s+=$1} END {print s+0}')
echo "riptide tests: ${passed} passed, ${failed} failed"
exit "$rc"
