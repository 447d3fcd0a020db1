"""Sweeps --active-flows over 5 points with the stateful runner and writes a CSV.

    python3 docs/examples/stf_sweep.py [OUT.csv] [N1,N2,N3,N4,N5]

The seed-style automation loop of CSIT / NFV benchmarks: one stateful run per point
(TRex's documentation profile into the null port, virtual time), then one CSV line each.
"""
import csv
import sys

from riptide import StatefulRunner

out = sys.argv[1] if len(sys.argv) > 1 else "stf_sweep.csv"
points = [int(x) for x in sys.argv[2].split(",")] if len(sys.argv) > 2 else [100, 1_000, 10_000, 100_000, 1_000_000]
runner = StatefulRunner()
with open(out, "w", newline="") as f:
    w = csv.writer(f)
    w.writerow(["active_flows", "m_active_flows", "m_cpu_util", "m_tx_pps", "engine_mpps"])
    for n in points:
        # cps = n (100 x m) and lifetimes of 1 s: n flows active from the first second on.
        runner.start("profiles/stf/udp10.yaml", ports=["null"], d=3, m=n / 100, active_flows=n)
        r = runner.sample_until_finish(timeout=600)
        mid = r.get_value_list("m_active_flows")[len(r.series) // 2]
        w.writerow([n, mid, r.get_last_value("m_cpu_util"), round(r.get_last_value("m_tx_pps")), round(r.get_last_value("engine_mpps"), 3)])
        print(n, mid, round(r.get_last_value("engine_mpps"), 3), flush=True)
print("wrote", out)
