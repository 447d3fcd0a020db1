"""TRex's capture API (start_capture, get_capture_status, stop_capture with fetch and remove)
through TRex's current client against `riptide serve --trex`: 1,000 frames captured on port
0's transmit side equal, byte for byte and in order, what the tap wrapper (`+tap:FILE`) on
the same port wrote; port 1's receive side holds the same frames (the link delivers them);
the BPF filter is libpcap's (a second capture whose filter matches nothing holds none)."""

from __future__ import annotations

import os
import tempfile
from pathlib import Path

import trex_oracle
from test_trex_rpc import trex_server

HERE = Path(__file__).resolve().parent


def pcap_frames(path: str) -> list:
    from scapy.utils import RawPcapReader

    return [bytes(data) for data, _meta in RawPcapReader(path)]


def test_trex_capture_equals_the_tap() -> None:
    with tempfile.TemporaryDirectory() as tmp:
        tap = os.path.join(tmp, "tap0.pcap")
        with trex_server(f"link:0:realtime+tap:{tap}", "link:1") as srv:
            out = trex_oracle.run_client(HERE / "trex_capture_script.py", srv)
        tapped = pcap_frames(tap)
    assert len(tapped) == 1000
    first, none = (str(i) for i in out["ids"])
    status = out["status"][first]
    assert status["state"] == "ACTIVE" and status["filter"]["tx"] == 1 and status["filter"]["rx"] == 2, status
    assert status["filter"]["bpf"] == "udp and dst host 198.19.0.1" and status["mode"] == "fixed", status
    assert out["done"][first]["matched"] == 2000 and out["done"][first]["count"] == 2000, out["done"]
    assert out["done"][none]["matched"] == 0 and out["done"][none]["count"] == 0, out["done"]
    assert out["after"] == {}, "stop_capture removes it"
    tx = [f for f in out["frames"] if f["origin"] == "TX"]
    rx = [f for f in out["frames"] if f["origin"] == "RX"]
    assert {f["port"] for f in tx} == {0} and {f["port"] for f in rx} == {1}
    assert [bytes.fromhex(f["hex"]) for f in tx] == tapped
    assert sorted(bytes.fromhex(f["hex"]) for f in rx) == sorted(tapped)
    assert [f["index"] for f in out["frames"]] == list(range(2000))
    # The walk: 1,000 sources, each once.
    assert len({f[26:30] for f in tapped}) == 1000
