"""Fuzzing the Python front end (issue 15): profiles built with riptide's own builders
from hostile values, and Python profile files with bytes changed, fed to one daemon.

Bounded: a fixed seed and one random seed (printed in every failure), a few hundred
cases each, no case over 2 s. What must hold: the builders raise nothing but the
documented errors, the daemon answers every request (a refusal names what it refused),
stays up, and what it accepts runs (a bounded burst into the null port, counted).
"""

from __future__ import annotations

import math
import os
import random
import struct
import time
from pathlib import Path
from typing import Any, Callable, Dict, List

from riptide import Client, RiptideError, RpcError, load_py_profile, stream, udp_stream
from test_front_ends import frames, serve

REPO = Path(__file__).resolve().parents[2]
CASES = int(os.environ.get("RIPTIDE_FUZZ_CASES", "250"))
RANDOM_SEED = random.SystemRandom().randrange(1 << 32)

NASTY: List[Any] = [
    0, -1, 1, 255, 65535, 65536, 2**31, 2**32, 2**63, 2**64, -(2**63), 10**30,
    0.5, -0.0, 1e-300, 1e300, math.inf, -math.inf, math.nan,
    "", " ", "x" * 5000, "\u0663\u0662", "\x00", "1e30s", "-5kpps", "1e999mpps", "100%", "200%",
    "198.18.0.999", "::1::", "02:00:00:00:00", "inc", "random", "imix", "continuous",
    None, True, False, [], {}, [[[]]], {"a": {"b": {"c": [1, 2, 3]}}}, [64, "x"],
    {"min": 64, "max": 1}, {"imix": [{"size": 64, "weight": 4294967295}]}, {"burst": {"packets": -3}},
]

STREAM_KEYS = ["name", "size", "rate", "mode", "port", "vars", "packet", "isg", "flow_stats", "enabled", "junk"]
LAYER_KEYS = {
    "eth": ["src", "dst", "type"],
    "vlan": ["id", "pcp", "dei", "tpid"],
    "ipv4": ["src", "dst", "ttl", "tos", "id", "df", "proto"],
    "udp": ["sport", "dport", "checksum"],
    "payload": ["pattern", "hex", "string"],
}
VAR_KEYS = ["name", "op", "min", "max", "step", "write", "size", "add"]


def mutated_stream(rng: random.Random) -> Dict[str, Any]:
    """A valid stream from the builders, then up to three values replaced by nasty ones."""
    s = rng.choice([
        lambda: udp_stream(name="u", rate="1kpps", mode={"burst": {"packets": 5}}),
        lambda: stream(name="v", packet=[{"eth": {}}, {"vlan": {"id": 7}}, {"ipv4": {}}, {"udp": {}},
                                         {"payload": {"pattern": "ab"}}],
                       size={"min": 64, "max": 128}, rate="2kpps", mode={"burst": {"packets": 5}},
                       vars=[{"name": "a", "op": "inc", "min": "198.18.0.1", "max": "198.18.0.9",
                              "write": "ipv4.src"}]),
    ])()
    for _ in range(rng.choice([0, 1, 1, 2, 3])):
        where = rng.random()
        value = rng.choice(NASTY)
        if where < 0.4:
            s[rng.choice(STREAM_KEYS)] = value
        elif where < 0.8 and isinstance(s.get("packet"), list) and s["packet"]:
            layer = rng.choice(s["packet"])
            if isinstance(layer, dict) and layer:
                kind = next(iter(layer))
                if isinstance(layer[kind], dict):
                    layer[kind][rng.choice(LAYER_KEYS.get(kind, ["x"]))] = value
        elif isinstance(s.get("vars"), list) and s["vars"] and isinstance(s["vars"][0], dict):
            s["vars"][0][rng.choice(VAR_KEYS)] = value
        else:
            s.setdefault("packet", [])
            if isinstance(s["packet"], list):
                s["packet"].append({rng.choice(list(LAYER_KEYS) + ["nope"]): value})
    return s


def run_seed(seed: int, case: Callable[[random.Random, int], None]) -> None:
    rng = random.Random(seed)
    for i in range(CASES):
        t0 = time.monotonic()
        try:
            case(rng, i)
        except AssertionError as e:
            raise AssertionError(f"seed {seed}, case {i}: {e}") from e
        took = time.monotonic() - t0
        assert took < 2.0, f"seed {seed}, case {i} took {took:.1f} s"


def test_hostile_streams_through_the_daemon() -> None:
    with serve("--port", "null") as c:
        accepted = 0

        def case(rng: random.Random, i: int) -> None:
            nonlocal accepted
            streams = [mutated_stream(rng) for _ in range(rng.randint(1, 3))]
            for k, st in enumerate(streams):
                if st.get("name") in ("u", "v"):
                    st["name"] = f"s{k}"
            c.reset()
            try:
                c.add_streams(streams)
            except RpcError as e:
                # A refusal names the stream or the field it refused, never a panic.
                text = str(e)
                assert text and "panicked" not in text, text
                assert any(w in text for w in ("stream", "packet", "vars", "size", "rate", "mode", "port",
                                               "field", "value", "profile", "JSON", "json")), text
                return
            except RiptideError as e:
                # Refused by the client before sending: what JSON cannot carry, named.
                assert "JSON has no such number" in str(e) and "streams[" in str(e), str(e)
                return
            accepted += 1
            if accepted <= 20:
                # What it takes, it runs: a bounded burst into the null port.
                c.start(count=20, duration=1)
                c.wait_on_traffic(timeout=5)
                st = c.get_stats()
                assert st["ports"][0]["opackets"] > 0, st
            assert c.call("ping") is not None

        try:
            run_seed(1, case)
            run_seed(RANDOM_SEED, case)
        finally:
            c.call("ping")  # the daemon is still there
        assert accepted > 0, "no case was accepted: the mutations never leave a valid stream"


def test_python_profile_files_with_bytes_changed(tmp_path: Path) -> None:
    base = (REPO / "profiles/python/two_streams.py").read_bytes()
    target = tmp_path / "fuzzed.py"

    def case(rng: random.Random, i: int) -> None:
        data = bytearray(base)
        for _ in range(rng.randint(1, 4)):
            at = rng.randrange(len(data))
            op = rng.random()
            if op < 0.5:
                data[at] = rng.randrange(256)
            elif op < 0.8:
                del data[at:at + rng.randint(1, 20)]
            else:
                data[at:at] = rng.choice([b"(", b"**", b"\n  ", b"rate=", b"'", b"1e999", b"None", b"\xff"])
        target.write_bytes(bytes(data))
        try:
            out = load_py_profile(target, rate=rng.choice(["1kpps", "x", 5, None]))
        except RiptideError as e:
            assert str(target) in str(e), f"the error does not name the file: {e}"
            return
        assert isinstance(out, list) and all(isinstance(s, dict) for s in out)

    run_seed(1, case)
    run_seed(RANDOM_SEED, case)


def test_builders_reject_nothing_silently(tmp_path: Path) -> None:
    """What the builders are given goes through whole or is refused by name, never dropped
    on the way: each keyword is in the stream built, the daemon holds the stream as built,
    its frames carry what was asked (sizes, addresses, ports, VLAN, walks, counts), and a
    key or value the daemon cannot take is refused naming it, leaving nothing loaded."""
    vars_ = [{"name": "a", "op": "inc", "min": "198.18.0.1", "max": "198.18.0.9", "write": "ipv4.src"}]
    layers = [{"eth": {}}, {"vlan": {"id": 7}}, {"ipv4": {}}, {"udp": {"dport": 6000}}, {"payload": {"pattern": "ab"}}]
    asked: Dict[str, Dict[str, Any]] = {
        "plain": dict(rate="1kpps", mode={"burst": {"packets": 3}}),
        "ports": dict(src="198.18.0.7", dst="198.19.0.9", sport=4000, dport=5000, size=128, rate="2kpps",
                      mode={"burst": {"packets": 4}}),
        "layers": dict(packet=layers, size={"min": 64, "max": 128}, rate="2kpps", mode={"burst": {"packets": 9}},
                       vars=vars_),
        "multi": dict(dport=7000, rate="1kpps", mode={"multi_burst": {"packets": 2, "bursts": 3, "ibg": "10us"}}),
    }
    built = [stream(name=n, **kw) if n == "layers" else udp_stream(name=n, **kw) for n, kw in asked.items()]
    # The builders keep every keyword: as a key of the stream, or in its headers.
    for s, (name, kw) in zip(built, asked.items()):
        headers = {k: v for layer in s["packet"] for fields in layer.values() for k, v in fields.items()}
        for k, v in kw.items():
            assert s.get(k) == v or headers.get(k) == v, f"{name}: {k}={v!r} is not in {s}"
    pcap = tmp_path / "out.pcap"
    with serve("--port", f"pcap:{pcap}") as c:
        assert c.add_streams(built) == len(built)
        held = {s["name"]: s for s in c.list_streams()}
        assert held == {s["name"]: s for s in built}, "the daemon holds the streams as built"
        c.start()
        c.wait_on_traffic(timeout=30)
        sent = {s["name"]: s["opackets"] for s in c.get_stats()["streams"]}
        assert sent == {"plain": 3, "ports": 4, "layers": 9, "multi": 6}, sent
        # Refused by name, whole: nothing of a refused call is loaded.
        c.reset()
        refusals = [("junk", 1, "junk"), ("rate", "fast", "fast"), ("size", {"min": 64, "max": 1}, "size"),
                    ("packet", layers + [{"udp": {"nope": 1}}], "nope")]
        for key, value, named in refusals:
            bad = dict(built[0], **{key: value})
            try:
                c.add_streams([built[1], bad])
            except RpcError as e:
                assert named in str(e), f"{key}={value!r}: the refusal does not name it: {e}"
            else:
                raise AssertionError(f"{key}={value!r} was taken: {c.list_streams()}")
            assert c.list_streams() == [], f"{key}={value!r}: a refused call left streams loaded"
    # The frames carry what was asked (pcap frames have no FCS: size - 4).
    by: Dict[str, List[bytes]] = {"plain": [], "ports": [], "layers": [], "multi": []}
    for f in frames(pcap):
        if f[12:14] == b"\x81\x00":
            by["layers"].append(f)
        else:
            dport = struct.unpack_from("!H", f, 36)[0]
            by[{12: "plain", 5000: "ports", 7000: "multi"}[dport]].append(f)
    assert {n: len(v) for n, v in by.items()} == sent

    def ip4(f: bytes, at: int) -> str:
        return ".".join(str(b) for b in f[at:at + 4])

    assert all(len(f) == 60 and (ip4(f, 26), ip4(f, 30)) == ("198.18.0.1", "198.19.0.1") for f in by["plain"])
    assert all(len(f) == 124 and (ip4(f, 26), ip4(f, 30)) == ("198.18.0.7", "198.19.0.9")
               and struct.unpack_from("!HH", f, 34) == (4000, 5000) for f in by["ports"]), by["ports"]
    # VLAN 7, the UDP port, the walk of the source over 198.18.0.1-9, sizes within 64-128.
    assert all(struct.unpack_from("!H", f, 14)[0] & 0xFFF == 7 for f in by["layers"])
    assert all(struct.unpack_from("!H", f, 40)[0] == 6000 and 60 <= len(f) <= 124 for f in by["layers"])
    assert sorted(ip4(f, 30) for f in by["layers"]) == [f"198.18.0.{i}" for i in range(1, 10)]
