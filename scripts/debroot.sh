#!/usr/bin/env bash
# A fresh Debian root (bookworm, minbase) for python/tests/test_deb.py, made while the
# release build compiles (scripts/test.sh runs this in the background: debootstrap is
# mostly download time). The test copies it and installs riptide's .deb into the copy;
# without it (this script failed, or the test runs alone) the test runs debootstrap itself.
set -euo pipefail
cd "$(dirname "$0")/.."
root=target/debroot/bookworm
if [ -e "$root/.complete" ]; then
  echo "debroot: $root is there"
  exit 0
fi
if [ "$(id -u)" -ne 0 ] || ! command -v debootstrap >/dev/null; then
  echo "debroot: needs root and debootstrap; test_deb.py will say so"
  exit 0
fi
rm -rf "$root"
mkdir -p "$(dirname "$root")"
debootstrap --variant=minbase bookworm "$root" http://deb.debian.org/debian
touch "$root/.complete"
echo "debroot: made $root"
