#!/usr/bin/env python3
"""The TRex scheduler experiment on riptide: Mpps per core vs active flows, timer wheel vs heap.

Runs `riptide run-stf PROFILE --port null --scheduler tw|pq|tw-only` on one core, on virtual time, at
log-spaced active-flow counts (default 11 points, 100 to 8,000,000). Each point makes N new
flows per second live 1 s each (`-m N/cps --active-flows N`), so N flows are active from the
first second on; it runs long enough to send about --packets packets (at least 2 s of
virtual time) and reports the engine's speed over the steady seconds (after the first),
from the run's per-second series, and the process's peak RSS. `tw` is the wheel as riptide
runs it (timers set in deadline order skip it for a sorted run), `pq` the binary heap,
`tw-only` the wheel without the run. Runs of one point are interleaved across the schedulers.

Writes OUT/stf_sweep.csv and, with matplotlib (if installed; riptide installs nothing), OUT/stf_sweep.png.

    scripts/stf_sweep.py [--out DIR] [--points 11] [--min 100] [--max 8000000] [--also 1000000]
                         [--packets 20000000] [--runs 1] [--schedulers tw,pq,tw-only] [--no-plot]
"""

import argparse
import json
import math
import os
import subprocess
import sys

from benchout import pyplot, write_csv
from progress import Progress

REPO = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def log_points(lo: int, hi: int, n: int) -> list[int]:
    if n == 1:
        return [lo]
    return [round(lo * (hi / lo) ** (i / (n - 1))) for i in range(n)]


def run_point(riptide: str, profile: str, cps: float, pkts_per_flow: int, n: int, sched: str, packets: int) -> dict:
    duration = max(2, math.ceil(packets / (pkts_per_flow * n)))
    mult = n / cps
    cmd = [riptide, "run-stf", profile, "--port", "null", "-d", str(duration), "-m", repr(mult),
           "--active-flows", str(n), "--scheduler", sched, "--json"]
    out = subprocess.run(cmd, check=True, capture_output=True, text=True, cwd=REPO)
    res = json.loads(out.stdout)
    steady = [s for s in res["series"] if 1.0 < s["t_s"] <= duration and s["wall_s"] > 0]
    pk = sum(s["m_tx_pps"] for s in steady)  # one-second samples: pps == packets in that second
    wall = sum(s["wall_s"] for s in steady)
    return {
        "scheduler": sched,
        "active_flows": n,
        "multiplier": mult,
        "duration_s": duration,
        "tx_packets": res["tx_packets"],
        "engine_mpps": round(res["engine_mpps"], 3),
        "steady_mpps": round(pk / wall / 1e6, 3) if wall > 0 else round(res["engine_mpps"], 3),
        "steady_active_flows": min((s["m_active_flows"] for s in steady), default=res["m_active_flows"]),
        "peak_rss_mib": round(res["peak_rss_bytes"] / 2**20, 1),
    }


def plot(rows: list[dict], path: str) -> bool:
    plt = pyplot("stf_sweep", path)
    if plt is None:
        return False
    fig, ax = plt.subplots(figsize=(7, 4.2), dpi=110)
    for sched, label, style in (("tw", "timer wheel (tw)", "o-"), ("pq", "binary heap (pq)", "s--"),
                                ("tw-only", "wheel without its run (tw-only)", "^:")):
        pts = [(r["active_flows"], r["steady_mpps"]) for r in rows if r["scheduler"] == sched]
        if pts:
            ax.plot([p[0] for p in pts], [p[1] for p in pts], style, label=label)
    ax.set_xscale("log")
    ax.set_xlabel("active flows")
    ax.set_ylabel("Mpps per core (virtual time, null port)")
    ax.set_title("riptide run-stf: scheduler vs active flows")
    ax.set_ylim(bottom=0)
    ax.grid(True, which="both", alpha=0.3)
    ax.legend()
    fig.tight_layout()
    fig.savefig(path)
    return True


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--out", default=os.path.join(REPO, "target", "stf-sweep"))
    ap.add_argument("--points", type=int, default=11)
    ap.add_argument("--min", type=int, default=100)
    ap.add_argument("--max", type=int, default=8_000_000)
    ap.add_argument("--also", default="1000000", help="extra points, comma-separated (1M: the tw >= 2x pq goal)")
    ap.add_argument("--packets", type=int, default=20_000_000, help="about this many packets per point")
    ap.add_argument("--riptide", default=os.path.join(REPO, "target", "release", "riptide"))
    ap.add_argument("--profile", default="profiles/stf/udp10.yaml")
    ap.add_argument("--runs", type=int, default=1, help="runs per point: the median's row is kept")
    ap.add_argument("--schedulers", default="tw,pq,tw-only", help="comma-separated: tw, pq, tw-only")
    ap.add_argument("--no-plot", action="store_true")
    a = ap.parse_args()
    if a.points < 1 or a.min < 1 or a.max < a.min or a.runs < 1:
        ap.error("need --points >= 1, --runs >= 1 and 1 <= --min <= --max")
    # The profile's one template: its cps and packets per flow set the multiplier.
    cps, pkts = 100.0, 10
    os.makedirs(a.out, exist_ok=True)
    rows = []
    extra = [int(x) for x in a.also.split(",") if x.strip()]
    scheds = [x for x in a.schedulers.split(",") if x]
    if not scheds or any(x not in ("tw", "pq", "tw-only") for x in scheds):
        ap.error(f"--schedulers {a.schedulers!r}: expected a comma-separated list of tw, pq, tw-only")
    points = sorted(set(log_points(a.min, a.max, a.points) + extra))
    bar = Progress(len(points) * a.runs * len(scheds), "runs")
    for n in points:
        by_sched: dict[str, list[dict]] = {s: [] for s in scheds}
        for _ in range(a.runs):
            for sched in scheds:
                bar.show(f"{sched} at {n} flows")
                by_sched[sched].append(run_point(a.riptide, a.profile, cps, pkts, n, sched, a.packets))
                bar.done += 1
        bar.clear()
        for sched in scheds:
            runs = sorted(by_sched[sched], key=lambda r: r["steady_mpps"])
            r = dict(runs[len(runs) // 2], runs=a.runs,
                     min_mpps=runs[0]["steady_mpps"], max_mpps=runs[-1]["steady_mpps"])
            rows.append(r)
            print(f"{sched} {n:>9} flows: {r['steady_mpps']:6.2f} Mpps steady (runs {r['min_mpps']}..{r['max_mpps']}), "
                  f"peak RSS {r['peak_rss_mib']} MiB", flush=True)
    csv_path = os.path.join(a.out, "stf_sweep.csv")
    write_csv(csv_path, rows)
    if "tw" in scheds and "pq" in scheds:
        tw = {r["active_flows"]: r["steady_mpps"] for r in rows if r["scheduler"] == "tw"}
        pq = {r["active_flows"]: r["steady_mpps"] for r in rows if r["scheduler"] == "pq"}
        only = {r["active_flows"]: r["steady_mpps"] for r in rows if r["scheduler"] == "tw-only"}
        lo, hi = min(tw), max(tw)
        print(f"tw at {hi} flows keeps {tw[hi] / tw[lo]:.0%} of its Mpps at {lo} flows")
        for n in sorted(tw):
            also = f", tw-only/pq {only[n] / pq[n]:.2f}x" if n in only else ""
            print(f"  {n:>9} flows: tw/pq {tw[n] / pq[n]:.2f}x{also}")
    if not a.no_plot:
        png = os.path.join(a.out, "stf_sweep.png")
        if plot(rows, png):
            print(f"wrote {png}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
