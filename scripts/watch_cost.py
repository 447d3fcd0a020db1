#!/usr/bin/env python3
"""What watching costs the traffic: the engine's unpaced rate on the null port (riptide bench's
standard profile) with no
one watching, with a console's worth of watchers (one `subscribe` at 100 ms plus
`state`/`stf_stats` twice a second, as `riptide console` does), and with eight
subscribers at the daemon's fastest cadence (50 ms). Rounds interleave the three cases;
each prints its Mpps and the ratio to the unwatched run of its round.

    python3 scripts/watch_cost.py [--rounds 5] [--duration 3] [--riptide target/release/riptide]

Only the null port: nothing leaves the machine."""

from __future__ import annotations

import argparse
import json
import os
import socket
import statistics
import subprocess
import threading
import time

REPO = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
# riptide bench's standard profile: 64 B UDP, two field-engine vars, checksums fixed.
PROFILE = open(os.path.join(REPO, "profiles", "bench64.yaml")).read()


class Conn:
    def __init__(self, port: int) -> None:
        self.s = socket.create_connection(("127.0.0.1", port))
        self.f = self.s.makefile("rw")
        self.n = 0

    def call(self, method: str, params: dict | None = None) -> object:
        self.n += 1
        self.f.write(json.dumps({"jsonrpc": "2.0", "id": self.n, "method": method, "params": params or {}}) + "\n")
        self.f.flush()
        while True:
            v = json.loads(self.f.readline())
            if v.get("id") == self.n:
                if "error" in v:
                    raise RuntimeError(f"{method}: {v['error']['message']}")
                return v.get("result")


def watcher(port: int, interval_ms: int, polls: bool, stop: threading.Event) -> None:
    sub = Conn(port)
    sub.call("subscribe", {"interval_ms": interval_ms})
    ctl = Conn(port) if polls else None
    sub.s.settimeout(0.2)
    last = time.monotonic()
    while not stop.is_set():
        try:
            sub.f.readline()
        except (socket.timeout, OSError):
            pass
        if ctl and time.monotonic() - last >= 0.5:
            last = time.monotonic()
            ctl.call("state")
            ctl.call("stf_stats")
    sub.s.close()


def run(port: int, duration: float, watchers: list[tuple[int, bool]]) -> float:
    c = Conn(port)
    c.call("acquire", {"force": True})
    c.call("load_profile", {"text": PROFILE, "source": "watch_cost"})
    stop = threading.Event()
    ts = [threading.Thread(target=watcher, args=(port, ms, polls, stop)) for ms, polls in watchers]
    for t in ts:
        t.start()
    time.sleep(0.3)
    c.call("start", {"duration": int(duration * 1e9), "unpaced": True})
    while c.call("state")["state"] == "running":
        time.sleep(0.05)
    snap = c.call("stop")
    stop.set()
    for t in ts:
        t.join()
    c.s.close()
    return sum(p["opackets"] for p in snap["ports"]) / snap["duration_s"] / 1e6


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--rounds", type=int, default=5)
    ap.add_argument("--duration", type=float, default=3.0)
    ap.add_argument("--riptide", default=os.path.join(REPO, "target", "release", "riptide"))
    a = ap.parse_args()
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    serve = subprocess.Popen([a.riptide, "serve", "--port", "null", "--no-auth", "--bind", f"127.0.0.1:{port}"],
                             stderr=subprocess.DEVNULL)
    try:
        for _ in range(100):
            try:
                socket.create_connection(("127.0.0.1", port), timeout=0.2).close()
                break
            except OSError:
                time.sleep(0.05)
        cases = {"none": [], "console (100 ms + polls)": [(100, True)], "8 x subscribe 50 ms": [(50, False)] * 8}
        ratios: dict[str, list[float]] = {k: [] for k in cases}
        mpps: dict[str, list[float]] = {k: [] for k in cases}
        for r in range(a.rounds):
            base = None
            for name, w in cases.items():
                m = run(port, a.duration, w)
                base = base or m
                mpps[name].append(m)
                ratios[name].append(m / base)
            print(f"round {r + 1}: " + ", ".join(f"{k} {mpps[k][-1]:.2f} Mpps" for k in cases), flush=True)
        for k in cases:
            print(f"{k:>26}: median {statistics.median(mpps[k]):6.2f} Mpps, ratio to none "
                  f"{statistics.median(ratios[k]):.3f} (rounds {' '.join(f'{x:.2f}' for x in ratios[k])})")
    finally:
        serve.terminate()
        serve.wait(timeout=10)


if __name__ == "__main__":
    main()
