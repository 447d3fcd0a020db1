#!/usr/bin/env python3
"""Multi-core scaling: `riptide bench` Mpps vs worker cores, one pinned worker per core.

For each core count k (default 1, 2, 4, ... up to every core this process may run on, and
that number itself), runs `riptide bench --cores LIST --runs R -d D --json`, where LIST is
the first k cores of the allowed set (`os.sched_getaffinity`), so worker j is pinned on the
j-th core; `--no-pin` gives a plain count instead (the kernel places the workers). The
bench's own median and its template-copy baseline (same run) are kept per point.

Writes OUT/scale.csv (cores, pinned list, engine Mpps median/min/max, Mpps per core, speedup
over the 1-core point, efficiency = speedup / cores, baseline Mpps) and, with matplotlib (if
installed; riptide installs nothing), OUT/scale.png: Mpps vs cores beside the linear line
from the 1-core point.

    scripts/scale.py [--out DIR] [--cores 1,2,4,8,16] [--runs 3] [--duration 2s] [--no-pin] [--no-plot]

On a 16-core machine, one command: `scripts/scale.py` (about 10 points x runs x duration).
"""

import argparse
import json
import os
import subprocess
import sys

from benchout import pyplot, write_csv
from progress import Progress

REPO = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def default_counts(n: int) -> list[int]:
    counts, k = [], 1
    while k < n:
        counts.append(k)
        k *= 2
    return counts + [n]


def run_point(riptide: str, cores: list[int], pin: bool, runs: int, duration: str) -> dict:
    # One pinned core is written 3-3 (a lone number is a count).
    spec = (",".join(str(c) for c in cores) if len(cores) > 1 else f"{cores[0]}-{cores[0]}") if pin else str(len(cores))
    cmd = [riptide, "bench", "--cores", spec, "--runs", str(runs), "-d", duration, "--json"]
    out = subprocess.run(cmd, capture_output=True, text=True, cwd=REPO)
    if out.returncode != 0:
        sys.exit(f"scale: {' '.join(cmd)} failed (exit {out.returncode}): {out.stderr.strip()}")
    res = json.loads(out.stdout)
    runs_mpps = sorted(res["runs_engine_mpps"])
    return {
        "cores": len(cores),
        "pinned": " ".join(str(c) for c in res["pinned"]),
        "engine_mpps": round(res["engine_mpps"], 2),
        "min_mpps": round(runs_mpps[0], 2),
        "max_mpps": round(runs_mpps[-1], 2),
        "mpps_per_core": round(res["engine_mpps"] / len(cores), 2),
        "baseline_mpps": round(res["baseline_template_copy_mpps"], 2),
        "runs": runs,
    }


def plot(rows: list[dict], path: str) -> bool:
    plt = pyplot("scale", path)
    if plt is None:
        return False
    xs = [r["cores"] for r in rows]
    fig, ax = plt.subplots(figsize=(7, 4.2), dpi=110)
    ax.plot(xs, [r["engine_mpps"] for r in rows], "o-", label="riptide bench (median)")
    ax.fill_between(xs, [r["min_mpps"] for r in rows], [r["max_mpps"] for r in rows], alpha=0.2, label="min..max of runs")
    one = rows[0]["engine_mpps"] / rows[0]["cores"]
    ax.plot(xs, [one * x for x in xs], "k:", label="linear from the first point")
    ax.set_xlabel("worker cores")
    ax.set_ylabel("Mpps (64 B, two variables, null port)")
    ax.set_title("riptide bench: scaling with cores")
    ax.set_xlim(left=0)
    ax.set_ylim(bottom=0)
    ax.grid(True, alpha=0.3)
    ax.legend()
    fig.tight_layout()
    fig.savefig(path)
    return True


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--out", default=os.path.join(REPO, "target", "scale"))
    ap.add_argument("--cores", help="comma-separated core counts (default 1, 2, 4, ... and all allowed cores)")
    ap.add_argument("--runs", type=int, default=3, help="bench runs per point (the bench keeps their median)")
    ap.add_argument("--duration", default="2s", help="each bench run's length")
    ap.add_argument("--riptide", default=os.path.join(REPO, "target", "release", "riptide"))
    ap.add_argument("--no-pin", action="store_true", help="let the kernel place the workers")
    ap.add_argument("--no-plot", action="store_true")
    a = ap.parse_args()
    allowed = sorted(os.sched_getaffinity(0))
    try:
        counts = [int(x) for x in a.cores.split(",")] if a.cores else default_counts(len(allowed))
    except ValueError:
        ap.error(f"--cores {a.cores!r}: expected comma-separated core counts such as 1,2,4")
    bad = [k for k in counts if not 1 <= k <= len(allowed)]
    if bad or a.runs < 1:
        ap.error(f"core counts must be within 1..{len(allowed)} (the cores this process may run on), "
                 f"got {bad}; --runs at least 1")
    os.makedirs(a.out, exist_ok=True)
    rows = []
    bar = Progress(len(counts), "core counts")
    for k in counts:
        bar.show(f"{k} cores")
        r = run_point(a.riptide, allowed[:k], not a.no_pin, a.runs, a.duration)
        bar.done += 1
        bar.clear()
        rows.append(r)
        print(f"{k:>3} cores: {r['engine_mpps']:8.2f} Mpps ({r['min_mpps']}..{r['max_mpps']}), "
              f"{r['mpps_per_core']:.2f} per core, pinned [{r['pinned']}]", flush=True)
    first = rows[0]["engine_mpps"] / rows[0]["cores"]
    for r in rows:
        r["speedup"] = round(r["engine_mpps"] / first, 3) if first > 0 else 0.0
        r["efficiency"] = round(r["speedup"] / r["cores"], 3)
    csv_path = os.path.join(a.out, "scale.csv")
    write_csv(csv_path, rows)
    for r in rows:
        print(f"  {r['cores']:>3} cores: {r['speedup']:.2f}x the first point per core, efficiency {r['efficiency']:.0%}")
    if not a.no_plot:
        png = os.path.join(a.out, "scale.png")
        if plot(rows, png):
            print(f"wrote {png}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
