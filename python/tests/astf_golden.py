"""TRex's `compare_caps` rule (trex-core stl_basic_tests.py) and the list of its ASTF goldens.

:func:`compare` reads two pcaps, groups each one's frames by timestamp, sorts each group by
raw bytes (as TRex's test does), and pairs them in order: the first pair whose bytes differ,
or whose times differ by more than `max_diff_sec`, is the answer. Unlike TRex's loop, the
last frame is compared too.
"""

from __future__ import annotations

import struct
from collections import defaultdict
from pathlib import Path
from typing import List, Optional, Tuple

import trex_oracle

#: (golden name, profile, --cc file) as trex-core's astf_basic_tests.py runs them.
GOLDENS: List[Tuple[str, str, Optional[str]]] = [
    (f"sim_astf-{n}", f"{n}.py", None) for n in [
        "param_ipv6", "tcp_param_change", "param_tcp_rxbufsize", "param_tcp_no_timestamp", "param_tcp_keepalive",
        "param_tcp_delay_ack", "param_tcp_rxbufsize_8k", "param_mss_initwnd", "http_manual_commands_delay",
        "http_manual_commands_rst", "http_manual_commands_fin_ack", "http_manual_commands_delay_client",
        "http_manual_commands_delay_client2", "http_manual_commands_delay_rand", "http_manual_commands_loop",
        "http_manual_commands_pipeline", "http_manual_commands_pipeline2", "http_simple_limit",
        "param_tcp_rxbufsize_pt", "param_sch_rampup", "http_manual_commands_pipeline4", "udp_pcap", "udp_sip",
        "udp1", "udp2", "long_keepalive", "param_no_delay_counter"]
] + [
    ("sim_astf-http_simple_cc_http_simple", "http_simple.py", "cc_http_simple.yaml"),
    ("sim_astf-http_simple_cc_http_simple2", "http_simple.py", "cc_http_simple2.yaml"),
]


def read_pcap(path: Path) -> List[Tuple[float, bytes]]:
    data = path.read_bytes()
    magic = struct.unpack("<I", data[:4])[0]
    scale = 1e-9 if magic == 0xA1B23C4D else 1e-6
    out, off = [], 24
    while off + 16 <= len(data):
        sec, frac, caplen, _ = struct.unpack("<IIII", data[off:off + 16])
        out.append((sec + frac * scale, data[off + 16:off + 16 + caplen]))
        off += 16 + caplen
    return out


def _ordered(frames: List[Tuple[float, bytes]]) -> List[Tuple[float, bytes]]:
    buckets = defaultdict(list)
    for t, b in frames:
        buckets[round(t * 1e6)].append((t, b))
    out = []
    for k in sorted(buckets):
        out.extend(sorted(buckets[k], key=lambda f: f[1]))
    return out


def compare(output: Path, golden: Path, max_diff_sec: float = 1.0) -> Optional[str]:
    """None when equal by TRex's rule (every frame), else what differs first."""
    a, b = _ordered(read_pcap(output)), _ordered(read_pcap(golden))
    if len(a) != len(b):
        return f"{len(a)} frames, the golden has {len(b)}"
    for i, ((ta, ba), (tb, bb)) in enumerate(zip(a, b), 1):
        if abs(ta - tb) > max_diff_sec:
            return f"frame {i}: at {ta:.6f} s, the golden's at {tb:.6f} s"
        if ba != bb:
            at = next(k for k in range(min(len(ba), len(bb)) + 1) if k >= min(len(ba), len(bb)) or ba[k] != bb[k])
            return f"frame {i}: bytes differ from offset {at} (lengths {len(ba)} and {len(bb)})"
    return None


def golden_path(name: str) -> Path:
    return trex_oracle.GOLDEN / f"{name}.pcap"
