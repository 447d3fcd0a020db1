#!/usr/bin/env bash
# Every test: installs what is missing, checks formatting and lints, runs all
# test targets, and ends with one summary line "N passed, N failed".
set -euo pipefail
cd "$(dirname "$0")/.."
# Each phase says how long it took, so a slow CI run shows where its time went.
phase() { echo "test: $1 took $((SECONDS - start)) s"; start=$SECONDS; }
start=$SECONDS
scripts/setup.sh
phase setup
cargo fmt --all -- --check
cargo clippy --workspace --all-targets --locked -- -D warnings
phase "fmt and clippy"
mkdir -p target
log=target/test.log
cargo test --workspace --release --locked --all-targets --no-run
phase "release build"
set +e
cargo test --workspace --release --locked --all-targets --no-fail-fast 2>&1 | tee "$log"
rc=${PIPESTATUS[0]}
set -e
phase "cargo tests"
# The Python client against the daemon just built, with its test-only packages in a
# virtual environment under target/ (the system Python is left alone).
venv=target/venv
if [ ! -x "$venv/bin/python" ]; then
  echo "test: creating $venv for the Python tests' packages"
  python3 -m venv "$venv"
fi
if ! "$venv/bin/python" -c "import pytest, jsonschema, hdrh, scapy, MLRsearch, zmq, trex_stl_lib, prometheus_client, dpkt, repoze.lru, numpy, scipy, dill, kubernetes_validate, yaml" >/dev/null 2>&1; then
  echo "test: installing python/requirements-test.txt (pytest, jsonschema, hdrhistogram, scapy, MLRsearch, pyzmq, trex_stl_lib, prometheus_client, dpkt, repoze.lru, numpy, scipy, dill, kubernetes-validate) into $venv"
  "$venv/bin/python" -m pip install --quiet --disable-pip-version-check -r python/requirements-test.txt
fi
# The riptide wheel (make wheel), which python/tests/test_wheel.py installs into an empty
# virtual environment: a failed build fails the run.
set +e
scripts/wheel.sh
wrc=$?
wheel=$(ls target/wheels/riptide-*.whl 2>/dev/null | head -n1)
phase "wheel"
PYTHONPATH=python RIPTIDE_BIN=target/release/riptide RIPTIDE_WHEEL="$wheel" "$venv/bin/python" -m pytest -q -p no:cacheprovider python/tests 2>&1 | tee target/pytest.log
prc=${PIPESTATUS[0]}
set -e
phase "python tests"
[ "$rc" -ne 0 ] || rc=$prc
[ "$rc" -ne 0 ] || rc=$wrc
set +o pipefail
passed=$(grep -Eo '^test result: .* ([0-9]+) passed' "$log" | grep -Eo '[0-9]+ passed' | awk '{s+=$1} END {print s+0}')
failed=$(grep -Eo '^test result: .* ([0-9]+) failed' "$log" | grep -Eo '[0-9]+ failed' | awk '{s+=$1} END {print s+0}')
ppassed=$(grep -Eo '[0-9]+ passed' target/pytest.log | tail -1 | awk '{print $1+0}')
pfailed=$(grep -Eo '[0-9]+ (failed|error)' target/pytest.log | awk '{s+=$1} END {print s+0}')
echo "riptide tests: $((passed + ${ppassed:-0})) passed, $((failed + pfailed)) failed"
exit "$rc"
