#!/usr/bin/env bash
# `make image`: the riptide OCI image (Containerfile) with podman (or buildah), from the
# release build: target/image/rootfs gets the binary, the shared libraries it links
# (as ldd finds them, at the same paths) and the profiles; FROM scratch adds nothing
# else, so the image needs no registry to build. Tag: localhost/riptide:VERSION and
# :latest (IMAGE=name:tag overrides).
set -euo pipefail
cd "$(dirname "$0")/.."
bin=target/release/riptide
[ -x "$bin" ] || { echo "image: no $bin (make build first)" >&2; exit 1; }
version=$("$bin" --version | awk '{print $2}')
image=${IMAGE:-localhost/riptide:$version}
root=target/image/rootfs
rm -rf target/image
mkdir -p "$root/usr/bin" "$root/usr/share/riptide" "$root/tmp" "$root/run" "$root/etc"
chmod 1777 "$root/tmp"
cp "$bin" "$root/usr/bin/riptide"
strip "$root/usr/bin/riptide" 2>/dev/null || true
# The dynamic loader and every library the binary links, at the paths ldd gives.
ldd "$bin" | awk '/=> \// {print $3} /^\t\/[^ ]+ \(/ {print $1}' | sort -u | while read -r lib; do
  mkdir -p "$root$(dirname "$lib")"
  cp -L "$lib" "$root$lib"
done
cp -r profiles "$root/usr/share/riptide/profiles"
# Who the container's root and nobody are (riptide names users in its messages).
printf 'root:x:0:0:root:/root:/usr/bin/riptide\nnobody:x:65534:65534:nobody:/nonexistent:/usr/bin/riptide\n' > "$root/etc/passwd"
printf 'root:x:0:\nnogroup:x:65534:\n' > "$root/etc/group"
cp Containerfile target/image/Containerfile
if command -v podman >/dev/null 2>&1; then
  podman build -q -f target/image/Containerfile -t "$image" -t localhost/riptide:latest target/image
elif command -v buildah >/dev/null 2>&1; then
  buildah bud -q -f target/image/Containerfile -t "$image" -t localhost/riptide:latest target/image
else
  echo "image: neither podman nor buildah is installed (scripts/setup.sh installs podman)" >&2
  exit 1
fi
echo "image: $image ($(du -sh "$root" | cut -f1) unpacked)"
