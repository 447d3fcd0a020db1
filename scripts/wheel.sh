#!/usr/bin/env bash
# `make wheel`: the riptide wheel (pyproject.toml: the binary and the Python package, by
# maturin) and the pure-Python client wheel (python/pyproject.toml), into target/wheels.
# maturin comes from PyPI into its own virtual environment, target/wheel-build.
set -euo pipefail
cd "$(dirname "$0")/.."
venv=target/wheel-build
if [ ! -x "$venv/bin/maturin" ]; then
  echo "wheel: installing maturin into $venv"
  python3 -m venv "$venv"
  "$venv/bin/python" -m pip install --quiet --disable-pip-version-check 'maturin>=1.9,<2'
fi
rm -f target/wheels/riptide-*.whl target/wheels/riptide_client-*.whl
# The profiles go into the wheel's data: maturin takes riptide.data/ beside pyproject.toml
# (its default data directory; gitignored, made for the build and removed after it), and
# pip installs data/ under the environment's prefix: VENV/share/riptide/profiles, where the
# .deb has /usr/share/riptide/profiles (docs/install.md).
stage=riptide.data
rm -rf "$stage"
trap 'rm -rf "$stage"' EXIT
mkdir -p "$stage/data/share/riptide"
cp -r profiles "$stage/data/share/riptide/profiles"
find "$stage" -name __pycache__ -prune -exec rm -rf {} +
# The release profile and target directory of `make build`: cargo reuses what it built.
"$venv/bin/maturin" build --release --quiet --out target/wheels
"$venv/bin/python" -m pip wheel --quiet --disable-pip-version-check --no-deps ./python -w target/wheels
ls target/wheels/riptide-*.whl target/wheels/riptide_client-*.whl
