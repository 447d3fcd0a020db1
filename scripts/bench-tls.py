#!/usr/bin/env python3
"""TLS on riptide's TCP against the host's crypto ceiling (issue 53), rounds interleaved:

- `openssl speed` of ECDSA P-256 (sign, verify), X25519 (one derive) and AES-128-GCM
  (16 KiB blocks): what one core of this host does;
- `riptide bench --tcp --tcp-profile` of profiles/tcp/tls-handshake.yaml (full TLS 1.3
  handshakes, ECDSA P-256, X25519), tls-handshake-resumed.yaml (resumed) and
  https-bulk.yaml (1,000,000-byte GETs), client and server on one thread.

A full handshake's asymmetric work is one signature (server), one verification (client)
and on each side an X25519 key made and a shared secret derived (four scalar
multiplications; openssl speed times a derive, a key costs the same): its ceiling per core
is 1 / (sign + verify + 4 x25519). Bulk: both ends encrypt or decrypt every byte once on
the one core, so its ceiling is half AES-GCM's rate. Medians of the rounds and ratios.

    scripts/bench-tls.py [ROUNDS] [SECONDS]
"""
import json
import os
import re
import statistics
import subprocess
import sys

REPO = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
RIPTIDE = os.environ.get("RIPTIDE_BIN", os.path.join(REPO, "target", "release", "riptide"))


def openssl_speed(secs):
    """(sign/s, verify/s, x25519 derive/s, aes-128-gcm bytes/s at 16 KiB)."""
    out = subprocess.run(["openssl", "speed", "-seconds", str(secs), "ecdsap256", "ecdhx25519"],
                         capture_output=True, text=True, check=True).stdout
    m = re.search(r"256 bits ecdsa \(nistp256\)\s+\S+\s+\S+\s+([\d.]+)\s+([\d.]+)", out)
    x = re.search(r"ecdh \(X25519\)\s+\S+\s+([\d.]+)", out)
    aes = subprocess.run(["openssl", "speed", "-seconds", str(secs), "-bytes", "16384", "-evp", "aes-128-gcm"],
                         capture_output=True, text=True, check=True).stdout
    a = re.search(r"AES-128-GCM\s+([\d.]+)k", aes)
    return float(m.group(1)), float(m.group(2)), float(x.group(1)), float(a.group(1)) * 1000


def bench(profile, secs):
    out = subprocess.run([RIPTIDE, "bench", "--tcp", "--tcp-profile", os.path.join(REPO, "profiles", "tcp", profile),
                          "--runs", "1", "-d", f"{secs}s", "--json"], capture_output=True, text=True, check=True).stdout
    v = json.loads(out)
    assert v["tls_failures"] == 0, v
    return v


def main():
    rounds = int(sys.argv[1]) if len(sys.argv) > 1 else 3
    secs = int(sys.argv[2]) if len(sys.argv) > 2 else 3
    rows = {k: [] for k in ["sign", "verify", "x25519", "aes", "full", "resumed", "resumed_share", "bulk"]}
    for r in range(rounds):
        sign, verify, x25519, aes = openssl_speed(1)
        full = bench("tls-handshake.yaml", secs)
        res = bench("tls-handshake-resumed.yaml", secs)
        bulk = bench("https-bulk.yaml", secs)
        for k, v in [("sign", sign), ("verify", verify), ("x25519", x25519), ("aes", aes),
                     ("full", full["profile_cps_per_core"]), ("resumed", res["profile_cps_per_core"]),
                     ("resumed_share", res["tls_resumed"] / max(res["tls_handshakes"], 1)),
                     ("bulk", bulk["profile_cps_per_core"] * 1_000_000)]:
            rows[k].append(v)
        print(f"round {r + 1}: full {full['profile_cps_per_core']:.0f}/s resumed {res['profile_cps_per_core']:.0f}/s "
              f"bulk {bulk['profile_cps_per_core'] * 8e6 / 1e9:.2f} Gb/s; openssl sign {sign:.0f} verify {verify:.0f} "
              f"x25519 {x25519:.0f} aes {aes / 1e6:.0f} MB/s", file=sys.stderr)
    med = {k: statistics.median(v) for k, v in rows.items()}
    ceiling = 1 / (1 / med["sign"] + 1 / med["verify"] + 4 / med["x25519"])
    kx_only = 1 / (4 / med["x25519"])
    bulk_ceiling = med["aes"] / 2
    print(json.dumps({
        "rounds": rounds,
        "openssl": {"p256_sign_per_s": med["sign"], "p256_verify_per_s": med["verify"],
                    "x25519_per_s": med["x25519"], "aes128gcm_bytes_per_s": med["aes"]},
        "full_handshakes_per_core": med["full"],
        "full_ceiling_per_core": ceiling,
        "full_ratio": med["full"] / ceiling,
        "resumed_handshakes_per_core": med["resumed"],
        "resumed_share": med["resumed_share"],
        "resumed_ceiling_per_core": kx_only,
        "resumed_ratio": med["resumed"] / kx_only,
        "bulk_bytes_per_core": med["bulk"],
        "bulk_ceiling_bytes_per_core": bulk_ceiling,
        "bulk_ratio": med["bulk"] / bulk_ceiling,
        "runs": rows,
    }, indent=1))


if __name__ == "__main__":
    main()
