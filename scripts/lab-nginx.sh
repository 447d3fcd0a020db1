#!/usr/bin/env bash
# nginx in the lab's DUT namespace (after `riptide lab up`), listening on 198.18.1.254:80
# and :81 (a second template's port) (and [2001:2::c612:1fe]:80 when the DUT has that address) and serving /64 (64 bytes), /1k, /64k and /3384 (32,000 bytes: the page TRex's
# astf/http_simple.py asks for); its access log is DIR/access.log. The same over HTTPS
# (TLS 1.2 and 1.3, session cache and tickets) on 198.18.1.254:443 with an ECDSA P-256
# certificate and on :8443 with an RSA 2048 one (both made here by openssl); their log,
# DIR/tls.log, has a line per request: port, status, body bytes, protocol, cipher,
# whether the session was resumed (r or .) and the request.
#   scripts/lab-nginx.sh start [DIR]     (DIR: /run/riptide/lab-nginx by default)
#   scripts/lab-nginx.sh stop [DIR]
# The server against which profiles/tcp/nginx-get.yaml runs (docs/tcp.md).
set -euo pipefail
cmd=${1:-}
dir=${2:-/run/riptide/lab-nginx}
# The lab: RIPTIDE_LAB names it as it does for `riptide lab` (default: riptide).
lab=${RIPTIDE_LAB:-riptide}
ns=$lab-dut
case "$cmd" in
start)
  command -v nginx >/dev/null 2>&1 || { echo "lab-nginx: nginx is not installed (scripts/setup.sh installs it)" >&2; exit 1; }
  [ -e "/var/run/netns/$ns" ] || { echo "lab-nginx: no lab namespace $ns: run 'riptide lab up' first" >&2; exit 1; }
  mkdir -p "$dir/root"
  head -c 64 /dev/zero | tr '\0' x >"$dir/root/64"
  head -c 1024 /dev/zero | tr '\0' x >"$dir/root/1k"
  head -c 65536 /dev/zero | tr '\0' x >"$dir/root/64k"
  head -c 32000 /dev/zero | tr '\0' x >"$dir/root/3384"
  [ -s "$dir/ecdsa.key" ] || openssl req -x509 -newkey ec -pkeyopt ec_paramgen_curve:P-256 -nodes -days 2 \
    -subj /CN=riptide.test -keyout "$dir/ecdsa.key" -out "$dir/ecdsa.pem" 2>/dev/null
  [ -s "$dir/rsa.key" ] || openssl req -x509 -newkey rsa:2048 -nodes -days 2 \
    -subj /CN=riptide.test -keyout "$dir/rsa.key" -out "$dir/rsa.pem" 2>/dev/null
  # The DUT's IPv6 address as TRex maps it (2001:2::/48, RFC 5180's benchmarking range,
  # with 198.18.1.254 in its low 32 bits) when it has one: port 80 there too.
  # (Read whole, then matched: `ip | grep -q` under pipefail fails when grep leaves first
  # and ip's next write meets a closed pipe.)
  listen6=
  addrs=$(ip -n "$ns" -6 addr show 2>/dev/null || true)
  if [[ $addrs == *"inet6 2001:2::c612:1fe/"* ]]; then
    listen6="listen [2001:2::c612:1fe]:80 backlog=4096;"
  fi
  cat >"$dir/nginx.conf" <<CONF
worker_processes 1;
pid $dir/nginx.pid;
error_log $dir/error.log;
events { worker_connections 4096; }
http {
  access_log $dir/access.log;
  client_body_temp_path $dir; proxy_temp_path $dir; fastcgi_temp_path $dir; uwsgi_temp_path $dir; scgi_temp_path $dir;
  server { listen 198.18.1.254:80 backlog=4096; listen 198.18.1.254:81 backlog=4096; $listen6 root $dir/root; }
  log_format tls '\$server_port \$status \$body_bytes_sent \$ssl_protocol \$ssl_cipher \$ssl_session_reused "\$request"';
  ssl_protocols TLSv1.2 TLSv1.3;
  ssl_session_cache shared:lab:4m;
  ssl_session_tickets on;
  server {
    listen 198.18.1.254:443 ssl backlog=4096; root $dir/root; access_log $dir/tls.log tls;
    ssl_certificate $dir/ecdsa.pem; ssl_certificate_key $dir/ecdsa.key;
  }
  server {
    listen 198.18.1.254:8443 ssl backlog=4096; root $dir/root; access_log $dir/tls.log tls;
    ssl_certificate $dir/rsa.pem; ssl_certificate_key $dir/rsa.key;
  }
}
CONF
  ip netns exec "$ns" nginx -c "$dir/nginx.conf"
  # Serving once it answers from the generator's namespace (5 s at most).
  for _ in $(seq 100); do
    if [ "$(ip netns exec "$lab-tg" curl -s -o /dev/null -w '%{http_code}' http://198.18.1.254/64 || true)" = 200 ]; then
      echo "lab-nginx: nginx serves http://198.18.1.254/64 in $ns (log: $dir/access.log)"
      exit 0
    fi
    sleep 0.05
  done
  echo "lab-nginx: nginx did not answer on 198.18.1.254:80 (see $dir/error.log)" >&2
  exit 1
  ;;
stop)
  if [ -s "$dir/nginx.pid" ]; then
    kill "$(cat "$dir/nginx.pid")" 2>/dev/null || true
    for _ in $(seq 100); do [ -e "$dir/nginx.pid" ] || break; sleep 0.05; done
  fi
  echo "lab-nginx: stopped"
  ;;
*)
  echo "usage: scripts/lab-nginx.sh start|stop [DIR]" >&2
  exit 2
  ;;
esac
