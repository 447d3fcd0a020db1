#!/usr/bin/env bash
# Builds the Go side of the tests (python/tests/test_gosnappi.py) into Go's build cache,
# target/go-cache: gosnappi's test (go/otg) and otgen (go/third_party/otgen, with the same
# gosnappi). gosnappi is one generated package of 24 MB of Go: about 330 CPU-seconds
# here, so scripts/test.sh runs this at the lowest priority beside the Rust build, where
# it takes what CPU the build leaves; the tests then only link.
set -euo pipefail
cd "$(dirname "$0")/.."
if ! command -v go >/dev/null 2>&1; then
  echo "go-build: go not found: the gosnappi and otgen tests need Go 1.25 or newer" >&2
  exit 1
fi
export GOCACHE="$PWD/target/go-cache"
export GOFLAGS="${GOFLAGS:-} -mod=readonly"
mkdir -p target/go
cd go/otg
# Unoptimized (-N -l): gosnappi's generated package compiles in 14% less CPU (234 vs 272
# CPU-s, 2026-11-30), and the tests' clients are not where time goes.
go test -gcflags='all=-N -l' -c -o ../../target/go/otg.test .
go build -gcflags='all=-N -l' -o ../../target/go/otgen github.com/open-traffic-generator/otgen
echo "go-build: target/go/otg.test and target/go/otgen built"
