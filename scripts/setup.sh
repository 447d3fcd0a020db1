#!/usr/bin/env bash
# Installs what riptide's build and tests need on a fresh Debian machine.
# Idempotent: installs only what is missing. Needs root (or sudo) for apt.
set -euo pipefail

want_apt=()
command -v tshark  >/dev/null 2>&1 || want_apt+=(tshark)
command -v tcpdump >/dev/null 2>&1 || want_apt+=(tcpdump)
command -v ip      >/dev/null 2>&1 || want_apt+=(iproute2)
# The live-frames port's test turns GRO on at the veth peer (NAPI, so XDP frames land).
command -v ethtool >/dev/null 2>&1 || [ -x /usr/sbin/ethtool ] || want_apt+=(ethtool)
command -v cc      >/dev/null 2>&1 || want_apt+=(gcc)
# The lab's limit:RATE DUT (an nftables rate limiter).
command -v nft     >/dev/null 2>&1 || want_apt+=(nftables)
# The lab's testpmd and ovs DUTs (Debian ships dpdk-testpmd in dpdk-dev), and the
# browser the report test opens report.html in.
command -v dpdk-testpmd >/dev/null 2>&1 || want_apt+=(dpdk-dev)
command -v ovs-vswitchd >/dev/null 2>&1 || want_apt+=(openvswitch-switch)
command -v chromium-headless-shell >/dev/null 2>&1 || command -v chromium >/dev/null 2>&1 \
  || want_apt+=(chromium-headless-shell)
# The TCP tests' real peers: nginx as a server (started by the tests inside the lab's DUT
# namespace; policy-rc.d below keeps the package from starting one host-wide), and ab
# (apache2-utils), wrk and curl as clients.
command -v nginx   >/dev/null 2>&1 || want_apt+=(nginx)
command -v ab      >/dev/null 2>&1 || want_apt+=(apache2-utils)
command -v wrk     >/dev/null 2>&1 || want_apt+=(wrk)
command -v curl    >/dev/null 2>&1 || want_apt+=(curl)
# openssl makes the certificate test_otg.py gives `serve --otg` (curl then verifies it).
command -v openssl >/dev/null 2>&1 || want_apt+=(openssl)
# The OCI image (Containerfile, scripts/image.sh) is built and run by podman; runc is the
# runtime for hosts whose cgroups crun refuses (hybrid v1/v2).
command -v podman  >/dev/null 2>&1 || want_apt+=(podman)
command -v runc    >/dev/null 2>&1 || want_apt+=(runc)
# The .deb's test installs it into a fresh Debian root made by debootstrap.
command -v debootstrap >/dev/null 2>&1 || want_apt+=(debootstrap)
# The console's acceptance test drives riptide console in a tmux pane.
command -v tmux    >/dev/null 2>&1 || want_apt+=(tmux)
# Captures compile their BPF filters with libpcap (the pcap crate links it).
[ -e /usr/include/pcap/pcap.h ] || want_apt+=(libpcap-dev)
python3 -m pip --version >/dev/null 2>&1 || want_apt+=(python3-pip)
# The Python tests' packages go into a virtual environment (scripts/test.sh).
python3 -c "import venv, ensurepip" >/dev/null 2>&1 || want_apt+=(python3-venv)

if [ ${#want_apt[@]} -gt 0 ]; then
  echo "setup: installing ${want_apt[*]}"
  SUDO=""
  [ "$(id -u)" -eq 0 ] || SUDO="sudo"
  export DEBIAN_FRONTEND=noninteractive
  # tshark asks whether non-root users may capture; answer no.
  echo "wireshark-common wireshark-common/install-setuid boolean false" | $SUDO debconf-set-selections 2>/dev/null || true
  $SUDO apt-get update -qq
  # Open vSwitch's and nginx's packages start host-wide services where they can; the lab
  # starts its own inside the DUT namespace, so keep the packages' services from starting.
  policy=/usr/sbin/policy-rc.d
  if [ ! -e "$policy" ]; then
    printf '#!/bin/sh\nexit 101\n' | $SUDO tee "$policy" >/dev/null
    $SUDO chmod +x "$policy"
    trap '$SUDO rm -f "$policy"' EXIT
  fi
  $SUDO apt-get install -y -qq --no-install-recommends "${want_apt[@]}" >/dev/null
fi

if ! command -v cargo >/dev/null 2>&1; then
  echo "setup: cargo not found: riptide needs a Rust toolchain (stable, >= 1.89; rustup installs one)" >&2
  exit 1
fi
# Go runs the OTG project's own Go clients in the tests (gosnappi, otgen: go/); riptide
# itself is Rust. A missing Go fails those tests, not the build.
if ! command -v go >/dev/null 2>&1; then
  echo "setup: go not found: the gosnappi and otgen tests need Go >= 1.25 (go.dev/dl); riptide builds without it" >&2
fi
if command -v rustup >/dev/null 2>&1; then
  rustup component list --installed 2>/dev/null | grep -q '^clippy' || rustup component add clippy
  rustup component list --installed 2>/dev/null | grep -q '^rustfmt' || rustup component add rustfmt
fi
