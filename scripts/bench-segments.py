#!/usr/bin/env python3
"""A TCP run split between generators against one DUT (issue 55), rounds interleaved:

In a lab of its own (`riptide lab up --name bseg-PID`, the kernel routing DUT with
scripts/lab-nginx.sh's nginx on 198.18.1.254), each round runs

- one generator: `riptide tcp` of a closed loop of GETs (/64, `--concurrent C`) from 16
  client addresses, on a macvlan of rt0, for SECONDS;
- four generators: the same profile with `--segment i/4` (C/4 each, its block of four
  addresses), each on its own macvlan of rt0 (four hosts on one switch), started together
  (`--start-at`), merged by `riptide merge`.

It prints each round's connection rates (each segment's and the merged, against the one
generator's) and the medians. Every connection is nginx's to answer: on this host the DUT,
nginx and the generators share the CPUs, so the ratio says what splitting costs or gains
here, not what N hosts would do.

    scripts/bench-segments.py [ROUNDS] [SECONDS] [CONCURRENT]
"""
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time

REPO = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
RIPTIDE = os.environ.get("RIPTIDE_BIN", os.path.join(REPO, "target", "release", "riptide"))
PROFILE = """description: GETs of /64 from nginx on 198.18.1.254:80, a closed loop
tcp: {time_wait: 0s}
client:
  ips: 198.18.1.100/16
  servers: [198.18.1.254:80]
  http: {host: 198.18.1.254, path: /64}
  concurrent: 1
"""


def sh(*cmd, **kw):
    r = subprocess.run(cmd, capture_output=True, text=True, **kw)
    if r.returncode != 0:
        raise SystemExit(f"{' '.join(cmd)}: {r.stderr.strip()}")
    return r.stdout


def tcp(tmp, lab, i, seconds, concurrent, segment=None, at=None):
    cfg = os.path.join(tmp, f"seg{i}.yaml")
    with open(cfg, "w") as f:
        f.write(f"- interfaces: [node{i}]\n  netns: {lab}-tg\n  port_info:\n"
                f"    - {{ip: 198.18.1.{10 + i}, default_gw: 198.18.1.254}}\n")
    args = [RIPTIDE, "tcp", os.path.join(tmp, "get.yaml"), "--config", cfg, "--concurrent", str(concurrent),
            "-d", f"{seconds}s", "--json"]
    if segment:
        args += ["--segment", segment, "--start-at", at]
    return subprocess.Popen(args, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)


def result(p):
    out, err = p.communicate(timeout=120)
    if p.returncode != 0:
        raise SystemExit(err.strip())
    return out


def main():
    rounds = int(sys.argv[1]) if len(sys.argv) > 1 else 3
    seconds = float(sys.argv[2]) if len(sys.argv) > 2 else 3
    concurrent = int(sys.argv[3]) if len(sys.argv) > 3 else 32
    lab = f"bseg-{os.getpid()}"
    env = {**os.environ, "RIPTIDE_LAB": lab}
    tmp = tempfile.mkdtemp(prefix="riptide-bench-segments-")
    with open(os.path.join(tmp, "get.yaml"), "w") as f:
        f.write(PROFILE)
    sh(RIPTIDE, "lab", "up", "--name", lab)
    try:
        sh(os.path.join(REPO, "scripts", "lab-nginx.sh"), "start", tmp, env=env)
        for i in range(4):
            sh("ip", "-n", f"{lab}-tg", "link", "add", f"node{i}", "link", "rt0", "type", "macvlan", "mode", "bridge")
            sh("ip", "-n", f"{lab}-tg", "link", "set", f"node{i}", "up")
        one, merged, each = [], [], []
        for r in range(rounds):
            v = json.loads(result(tcp(tmp, lab, 0, seconds, concurrent)))
            one.append(v["tcp"]["connects_per_s"])
            at = f"{time.time() + 1.5:.3f}"
            kids = [tcp(tmp, lab, i, seconds, concurrent, f"{i}/4", at) for i in range(4)]
            files = []
            for i, k in enumerate(kids):
                path = os.path.join(tmp, f"r{r}-s{i}.json")
                with open(path, "w") as f:
                    f.write(result(k))
                files.append(path)
            m = json.loads(sh(RIPTIDE, "merge", "--json", *files))
            rates = [g["connects_per_s"] for g in m["generators"]]
            merged.append(m["tcp"]["connects_per_s"])
            each.append(rates)
            print(f"round {r + 1}: one generator {one[-1]:,.0f} conn/s; four segments "
                  f"{' + '.join(f'{x:,.0f}' for x in rates)} = {merged[-1]:,.0f} conn/s merged "
                  f"({merged[-1] / one[-1]:.2f}x); first connections within {m['first_open_skew_ns'] / 1e6:.2f} ms",
                  flush=True)
        print(f"medians: one generator {statistics.median(one):,.0f} conn/s, four segments "
              f"{statistics.median(merged):,.0f} conn/s merged, each "
              f"{statistics.median([x for r in each for x in r]):,.0f}; ratio "
              f"{statistics.median(m / o for m, o in zip(merged, one)):.2f}")
    finally:
        subprocess.run([os.path.join(REPO, "scripts", "lab-nginx.sh"), "stop", tmp], env=env, capture_output=True)
        subprocess.run([RIPTIDE, "lab", "down", "--name", lab], capture_output=True)


if __name__ == "__main__":
    main()
