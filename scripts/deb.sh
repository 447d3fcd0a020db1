#!/usr/bin/env bash
# `make deb`: riptide's Debian package from the release build, with dpkg-deb (no
# debhelper): the binary (its file capabilities set by postinst), man pages and shell
# completions generated from the CLI itself (riptide __generate), the profiles, the
# Python package (riptide run X.py finds it in /usr/share/riptide/python), the
# riptide-serve systemd unit and its /etc/default/riptide. Into target/debian/.
set -euo pipefail
cd "$(dirname "$0")/.."
bin=target/release/riptide
[ -x "$bin" ] || { echo "deb: no $bin (make build first)" >&2; exit 1; }
version=$("$bin" --version | awk '{print $2}')
arch=$(dpkg --print-architecture)
pkg=target/debian/riptide_${version}_${arch}
rm -rf target/debian
mkdir -p "$pkg/DEBIAN" "$pkg/usr/bin" "$pkg/usr/share/man/man1" "$pkg/usr/share/riptide" \
  "$pkg/usr/share/bash-completion/completions" "$pkg/usr/share/zsh/vendor-completions" \
  "$pkg/usr/share/fish/vendor_completions.d" "$pkg/lib/systemd/system" "$pkg/etc/default" \
  "$pkg/usr/share/doc/riptide"
install -m 0755 "$bin" "$pkg/usr/bin/riptide"
strip "$pkg/usr/bin/riptide"
gen=target/debian/gen
"$bin" __generate man "$gen/man"
"$bin" __generate completions "$gen/completions"
for page in "$gen"/man/*.1; do gzip -9n < "$page" > "$pkg/usr/share/man/man1/$(basename "$page").gz"; done
install -m 0644 "$gen/completions/riptide.bash" "$pkg/usr/share/bash-completion/completions/riptide"
install -m 0644 "$gen/completions/_riptide" "$pkg/usr/share/zsh/vendor-completions/_riptide"
install -m 0644 "$gen/completions/riptide.fish" "$pkg/usr/share/fish/vendor_completions.d/riptide.fish"
cp -r profiles "$pkg/usr/share/riptide/profiles"
mkdir -p "$pkg/usr/share/riptide/python"
cp -r python/riptide "$pkg/usr/share/riptide/python/riptide"
find "$pkg/usr/share/riptide/python" -name __pycache__ -prune -exec rm -rf {} +
install -m 0644 packaging/debian/riptide-serve.service "$pkg/lib/systemd/system/riptide-serve.service"
install -m 0644 packaging/debian/default "$pkg/etc/default/riptide"
install -m 0644 LICENSE "$pkg/usr/share/doc/riptide/copyright"
install -m 0755 packaging/debian/postinst packaging/debian/postrm "$pkg/DEBIAN/"
echo /etc/default/riptide > "$pkg/DEBIAN/conffiles"
size=$(du -sk --exclude=DEBIAN "$pkg" | cut -f1)
cat > "$pkg/DEBIAN/control" <<CONTROL
Package: riptide
Version: $version
Architecture: $arch
Maintainer: riptide developers <riptide@localhost>
Installed-Size: $size
Depends: libc6, libgcc-s1, libpcap0.8, libcap2-bin, passwd
Recommends: iproute2, python3
Suggests: python3-scapy, tshark
Section: net
Priority: optional
Description: software traffic generator and network benchmarking toolkit
 Stateless streams and a field engine, null, pcap, AF_PACKET and AF_XDP ports,
 a network-namespace lab, RFC 2544 throughput search (MLRsearch), RFC 2889 and
 RFC 9411 methods, TRex profiles and wire, pktgen scripts, a JSON-RPC daemon.
 Members of the riptide group run it with the capabilities its ports need.
CONTROL
dpkg-deb --root-owner-group -Zxz --build "$pkg" target/debian/ >/dev/null
echo "deb: target/debian/riptide_${version}_${arch}.deb"
