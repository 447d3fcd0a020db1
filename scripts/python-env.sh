#!/usr/bin/env bash
# The Python packages the tests need, in virtual environments under target/ (the system
# Python is left alone): target/venv for the Python tests (python/requirements-test.txt)
# and target/wheel-build for the wheel's build (maturin, wheel). scripts/test.sh runs this
# while the release build compiles: it is mostly download time.
set -euo pipefail
cd "$(dirname "$0")/.."
venv=target/venv
if [ ! -x "$venv/bin/python" ]; then
  echo "python-env: creating $venv for the Python tests' packages"
  python3 -m venv "$venv"
fi
if ! "$venv/bin/python" -c "import pytest, xdist, jsonschema, hdrh, scapy, MLRsearch, zmq, trex_stl_lib, prometheus_client, dpkt, repoze.lru, numpy, scipy, dill, kubernetes_validate, yaml, snappi" >/dev/null 2>&1; then
  echo "python-env: installing python/requirements-test.txt (pytest, pytest-xdist, jsonschema, hdrhistogram, scapy, MLRsearch, pyzmq, trex_stl_lib, prometheus_client, dpkt, repoze.lru, numpy, scipy, dill, kubernetes-validate, PyYAML, snappi) into $venv"
  "$venv/bin/python" -m pip install --quiet --disable-pip-version-check -r python/requirements-test.txt
fi
build=target/wheel-build
if [ ! -x "$build/bin/maturin" ] || [ ! -x "$build/bin/wheel" ]; then
  echo "python-env: installing maturin and wheel into $build"
  [ -x "$build/bin/python" ] || python3 -m venv "$build"
  "$build/bin/python" -m pip install --quiet --disable-pip-version-check 'maturin>=1.9,<2' 'wheel>=0.43'
fi
