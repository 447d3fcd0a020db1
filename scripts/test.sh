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
cargo test --workspace --release --locked --all-targets --no-fail-fast 2>&1 | tee "$log"
rc=${PIPESTATUS[0]}
set -e
# The Python client against the daemon just built; its test-only packages (PEP 668
# systems refuse a plain pip install: then --break-system-packages).
pip_get() {
  python3 -c "import $1" >/dev/null 2>&1 && return 0
  python3 -m pip install --quiet "$2" 2>/dev/null || python3 -m pip install --quiet --break-system-packages "$2"
}
pip_get pytest pytest
pip_get jsonschema "jsonschema>=4"
# HdrHistogram's Python port: the second reader of `riptide run --hist`.
pip_get hdrh hdrhistogram
# scapy: the optional packet source of the Python package, and the reader of what it became.
pip_get scapy scapy
set +e
PYTHONPATH=python RIPTIDE_BIN=target/release/riptide python3 -m pytest -q -p no:cacheprovider python/tests 2>&1 | tee target/pytest.log
prc=${PIPESTATUS[0]}
set -e
[ "$rc" -ne 0 ] || rc=$prc
set +o pipefail
passed=$(grep -Eo '^test result: .* ([0-9]+) passed' "$log" | grep -Eo '[0-9]+ passed' | awk '{s+=$1} END {print s+0}')
failed=$(grep -Eo '^test result: .* ([0-9]+) failed' "$log" | grep -Eo '[0-9]+ failed' | awk '{s+=$1} END {print s+0}')
ppassed=$(grep -Eo '[0-9]+ passed' target/pytest.log | tail -1 | awk '{print $1+0}')
pfailed=$(grep -Eo '[0-9]+ (failed|error)' target/pytest.log | awk '{s+=$1} END {print s+0}')
echo "riptide tests: $((passed + ${ppassed:-0})) passed, $((failed + pfailed)) failed"
exit "$rc"
