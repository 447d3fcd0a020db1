"""TRex's current Python client (trex-core's interactive/trex, python/tests/trex-core) against
`riptide serve --trex`: it connects (its subscriber polls `get_async_events` for `data` in
sequence, its connect and reset ask `get_tpg_status`), resets, adds counted single-burst
streams on two ports, starts them at a multiplier, waits for the ports to go idle, and reads
port and pg_id counters, which must equal what the streams send, and the latency group's
histograms as TRex's current server reports them (`histogram`, `hdrh`)."""

from __future__ import annotations

from pathlib import Path

import trex_oracle
from test_trex_rpc import trex_server

HERE = Path(__file__).resolve().parent


def test_trex_current_client_drives_riptide() -> None:
    with trex_server("link:0:realtime", "link:1") as srv:
        out = trex_oracle.run_client(HERE / "trex_current_client_script.py", srv)
    assert out["tpg"]["enabled"] is False
    ports = {int(k): v for k, v in out["ports"].items()}
    assert ports[0]["opackets"] == 3000 and ports[1]["opackets"] == 2000, ports
    assert ports[1]["ipackets"] == 3000 and ports[0]["ipackets"] == 2000, ports
    fs = {int(k): v for k, v in out["flow_stats"].items()}
    assert fs[7]["tx_pkts"]["total"] == 3000 and fs[7]["rx_pkts"]["total"] == 3000, fs
    assert fs[8]["tx_pkts"]["total"] == 2000 and fs[8]["rx_pkts"]["total"] == 2000, fs
    # Latency as TRex's server reports it: every received packet of pg_id 7 in the HDR
    # histogram (µs, tracking up to 10 s as TRex's hdr_init) and in TRex's own buckets,
    # those as a model of its CTimeHistogram::Add makes them of the HDR histogram's
    # values (exact below 65 ms), and the HDR histogram's extremes and mean those of the
    # figures beside it (µs, truncated in the histogram; 3 significant digits).
    lat, hdr, hist = out["latency"], out["hdrh"], out["histogram"]
    assert hdr["count"] == 3000 and hdr["highest"] == 10_000_000, (hdr, lat)
    assert sum(hist.values()) == 3000 and hist == out["histogram_model"], (hist, out["histogram_model"])
    assert lat["total_min"] * 0.998 - 1 <= hdr["min"] <= lat["total_min"] * 1.002 + 1, (lat, hdr)
    assert lat["total_max"] * 0.998 - 1 <= hdr["max"] <= lat["total_max"] * 1.002 + 1, (lat, hdr)
    assert abs(hdr["mean"] - lat["average"]) <= lat["average"] * 0.01 + 1, (lat, hdr)
