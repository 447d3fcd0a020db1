#!/usr/bin/env bash
# The main job of README's first command (`make run`), after the build:
#  1. the 64 B UDP profile into the null port for 3 s (the engine alone);
#  2. 100,000 IMIX frames into a pcap (a simulation: every frame with its departure time);
#  3. as root, where network namespaces work: the lab ring (`riptide lab up`), 1,000,000
#     64 B frames from rt0 through a kernel-routing DUT to rt1, then the kernel's own
#     counters beside riptide's, and the ring removed again. Elsewhere it says why it
#     stays on the null and pcap ports.
# Every packet stays inside namespaces this script creates, to 198.18.0.0/15 addresses.
set -euo pipefail
cd "$(dirname "$0")/.."
R=target/release/riptide

$R run profiles/udp64.yaml --port null --duration 3s
echo
$R run profiles/imix.yaml --port pcap:target/imix.pcap --count 100000
echo "wrote target/imix.pcap (tshark -r target/imix.pcap | head)"
echo

if [ "$(id -u)" -ne 0 ] || ! ip netns list >/dev/null 2>&1; then
  echo "riptide: not root or no network namespaces here: ran on the null and pcap ports only"
  echo "         (as root, this also runs the lab ring: riptide lab up; see README.md)"
  exit 0
fi
if [ -e /var/run/netns/riptide-tg ]; then
  echo "riptide: the lab is already up; using it as it is (riptide lab down removes it)"
else
  $R lab up --dut route
  trap '$R lab down >/dev/null' EXIT
fi
echo
$R run profiles/lab/udp64.yaml --netns riptide-tg --port afpacket:rt0 --port afpacket:rt1 --count 1000000
echo
echo "the kernel's own counters:"
$R lab status
