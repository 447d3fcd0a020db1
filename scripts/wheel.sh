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
  "$venv/bin/python" -m pip install --quiet --disable-pip-version-check 'maturin>=1.9,<2' 'wheel>=0.43'
fi
[ -x "$venv/bin/wheel" ] || "$venv/bin/python" -m pip install --quiet --disable-pip-version-check 'wheel>=0.43'
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
# The release profile and target directory of `make build`: cargo reuses what it built
# (pyproject.toml leaves maturin's strip off: it would relink the binary). The wheel's
# copy of the binary is stripped here, and `wheel pack` writes the RECORD again.
"$venv/bin/maturin" build --release --quiet --out target/wheels
whl=$(ls target/wheels/riptide-*.whl)
unpacked=target/wheels/unpacked
rm -rf "$unpacked"
"$venv/bin/wheel" unpack --dest "$unpacked" "$whl" >/dev/null
strip "$unpacked"/riptide-*/riptide-*.data/scripts/riptide
rm -f "$whl"
"$venv/bin/wheel" pack --dest-dir target/wheels "$unpacked"/riptide-* >/dev/null
rm -rf "$unpacked"
"$venv/bin/python" -m pip wheel --quiet --disable-pip-version-check --no-deps ./python -w target/wheels
ls target/wheels/riptide-*.whl target/wheels/riptide_client-*.whl
