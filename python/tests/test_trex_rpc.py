"""`riptide serve --trex` driven by a TRex RPC client written from TRex's published RPC
specification (doc/trex_rpc_server_spec.asciidoc in trex-core: JSON-RPC 2.0 over a
ZeroMQ REQ socket, `api_sync_v2`, port handlers, stream objects with base64 packets and
field-engine instructions; the PUB socket's `trex-global` / `trex-event` /
`trex-barrier` messages; zlib-compressed messages behind the 0xABE85CEA header). The
client knows nothing of riptide's own API; riptide's `run --json` is the oracle of the
counters."""

from __future__ import annotations

import base64
import json
import os
import random
import socket
import struct
import subprocess
import time
import zlib
from contextlib import contextmanager
from typing import Any, Dict, Iterator, List, Optional

import pytest
import zmq

from daemon_util import BIN, free_port, start_server, wait_listening

MAGIC = 0xABE85CEA


class TrexRpc:
    """A minimal TRex JSON-RPC client (REQ socket), as the spec describes it."""

    def __init__(self, ctx: Any, port: int, compress: bool = False) -> None:
        self.sock = ctx.socket(zmq.REQ)
        self.sock.setsockopt(zmq.RCVTIMEO, 10000)
        self.sock.setsockopt(zmq.SNDTIMEO, 10000)
        self.sock.setsockopt(zmq.LINGER, 0)
        self.sock.connect(f"tcp://127.0.0.1:{port}")
        self.compress = compress
        self.api_h: Optional[str] = None
        self.ids = iter(range(1, 1 << 30))

    def send_raw(self, payload: bytes) -> Any:
        self.sock.send(payload)
        reply = self.sock.recv()
        if len(reply) >= 8 and struct.unpack(">I", reply[:4])[0] == MAGIC:
            (length,) = struct.unpack(">I", reply[4:8])
            reply = zlib.decompress(reply[8:])
            assert len(reply) == length
        return json.loads(reply)

    def request(self, method: str, **params: Any) -> Dict[str, Any]:
        if self.api_h is not None:
            params["api_h"] = self.api_h
        msg = {"jsonrpc": "2.0", "id": next(self.ids), "method": method, "params": params}
        return msg

    def encode(self, msg: Any) -> bytes:
        text = json.dumps(msg).encode()
        if self.compress:
            return struct.pack(">II", MAGIC, len(text)) + zlib.compress(text)
        return text

    def call(self, method: str, **params: Any) -> Any:
        reply = self.send_raw(self.encode(self.request(method, **params)))
        assert reply.get("jsonrpc") == "2.0", reply
        if "error" in reply:
            raise RuntimeError(f"{method}: {reply['error'].get('specific_err') or reply['error']['message']}")
        return reply["result"]

    def batch(self, calls: List[Dict[str, Any]]) -> List[Any]:
        replies = self.send_raw(self.encode(calls))
        out = []
        for r in replies:
            if "error" in r:
                raise RuntimeError(r["error"]["message"])
            out.append(r["result"])
        return out


@contextmanager
def trex_server(*ports: str) -> Iterator[Dict[str, int]]:
    def args(p: List[int]) -> List[str]:
        a = [str(BIN), "serve", "--trex", "--no-auth", "--bind", f"127.0.0.1:{p[0]}",
             "--trex-publish", f"127.0.0.1:{p[1]}"]
        for port in ports:
            a += ["--port", port]
        return a

    proc, (rpc, pub) = start_server(args, 2, "riptide serve --trex")
    try:
        yield {"rpc": rpc, "pub": pub, "pid": proc.pid}
        assert proc.poll() is None, "the server died"
    finally:
        proc.terminate()
        proc.wait(timeout=10)


def udp_frame(src: str, dst: str) -> bytes:
    """A 42-byte Ethernet/IPv4/UDP packet (checksums right), as scapy builds TRex's."""
    from scapy.all import IP, UDP, Ether

    return bytes(Ether(src="02:00:00:00:00:01", dst="02:00:00:00:00:02") / IP(src=src, dst=dst) / UDP(sport=1025, dport=12))


def ip_int(a: str) -> int:
    return struct.unpack(">I", socket.inet_aton(a))[0]


def trex_stream(frame: bytes, pg_id: int, src_min: str, src_max: str, total: int) -> Dict[str, Any]:
    """A TRex stream object: single burst at 1000 pps, source address walk, pg_id counted."""
    return {
        "enabled": True, "self_start": True, "isg": 0.0, "next_stream_id": -1, "flags": 0, "action_count": 0,
        "core_id": -1, "random_seed": 0, "start_paused": False,
        "mode": {"type": "single_burst", "total_pkts": total, "rate": {"type": "pps", "value": 1000.0}},
        "packet": {"binary": base64.b64encode(frame).decode(), "meta": ""},
        "flow_stats": {"enabled": True, "stream_id": pg_id, "rule_type": "stats"},
        "vm": {"instructions": [
            {"type": "flow_var", "name": "src", "size": 4, "op": "inc", "init_value": str(ip_int(src_min)),
             "min_value": str(ip_int(src_min)), "max_value": str(ip_int(src_max)), "step": "1"},
            {"type": "write_flow_var", "name": "src", "pkt_offset": 26, "add_value": 0, "is_big_endian": True},
            {"type": "fix_checksum_ipv4", "pkt_offset": 14},
        ], "split_by_var": ""},
    }


def test_a_trex_client_drives_a_run_and_reads_riptides_counters(tmp_path: Any) -> None:
    streams = {
        0: (udp_frame("198.18.0.1", "198.19.0.1"), 7, "198.18.0.1", "198.18.0.100", 3000),
        1: (udp_frame("198.19.0.1", "198.18.0.1"), 8, "198.19.0.1", "198.19.0.50", 2000),
    }
    ctx = zmq.Context()
    try:
        with trex_server("null", "null") as srv:
            sub = ctx.socket(zmq.SUB)
            sub.setsockopt(zmq.SUBSCRIBE, b"")
            sub.setsockopt(zmq.RCVTIMEO, 200)
            sub.setsockopt(zmq.LINGER, 0)
            sub.connect(f"tcp://127.0.0.1:{srv['pub']}")
            c = TrexRpc(ctx, srv["rpc"], compress=True)
            # Connect as TRex's client does: the API first, then the server's facts.
            with pytest.raises(RuntimeError, match="STL API 5"):
                c.call("api_sync_v2", name="STL", major=4, minor=0)
            c.api_h = c.call("api_sync_v2", name="STL", major=5, minor=1)["api_h"]
            assert c.call("get_version")["mode"] == "STL"
            info = c.call("get_system_info")
            assert info["port_count"] == 2 and [p["index"] for p in info["ports"]] == [0, 1]
            assert {"add_stream", "start_traffic", "get_pgid_stats"} <= set(c.call("get_supported_cmds"))
            handlers = {}
            for port in (0, 1):
                assert c.call("get_port_status", port_id=port)["state"] == "IDLE"
                assert c.call("get_port_xstats_names", port_id=port)["xstats_names"]
                handlers[port] = c.call("acquire", port_id=port, user="trex-test", session_id=1234, force=False)
            # The async channel: a barrier comes back on the PUB socket.
            events: List[Dict[str, Any]] = []
            triggers = [0]
            key = random.getrandbits(32)

            def drain(until: float) -> None:
                while time.monotonic() < until:
                    try:
                        msg = sub.recv()
                    except zmq.Again:
                        continue
                    if len(msg) >= 8 and struct.unpack(">I", msg[:4])[0] == MAGIC:
                        msg = zlib.decompress(msg[8:])
                    if msg == b"{}":
                        # TRex's trigger for API 5 clients: poll get_async_events (below).
                        triggers[0] += 1
                        continue
                    events.append(json.loads(msg))

            deadline = time.monotonic() + 10
            while not any(e["name"] == "trex-barrier" and e["type"] == key for e in events):
                assert time.monotonic() < deadline, "no barrier on the PUB socket"
                c.call("publish_now", key=key, baseline=False)
                drain(time.monotonic() + 0.3)
            # An API 5 client: TRex's `{}` trigger comes beside the full messages.
            assert triggers[0] > 0
            for port, (frame, pg, lo, hi, total) in streams.items():
                c.call("remove_all_streams", port_id=port, handler=handlers[port])
                c.call("set_port_attr", port_id=port, handler=handlers[port], attr={"promiscuous": {"enabled": True}})
                c.call("add_stream", port_id=port, handler=handlers[port], stream_id=1,
                       stream=trex_stream(frame, pg, lo, hi, total))
                assert c.call("get_stream_list", port_id=port) == [1]
            # Start both ports at multiplier 2 for 2 s, as one batch (TRex's start(ports=[0, 1])).
            starts = [c.request("start_traffic", port_id=p, handler=handlers[p], force=False, duration=2.0,
                                core_mask=0xFFFFFFFFFFFFFFFF, start_at_ts=0,
                                mul={"type": "raw", "op": "abs", "value": 2.0}) for p in (0, 1)]
            assert all(r["multiplier"] == 2.0 for r in c.batch(starts))
            polls = []
            deadline = time.monotonic() + 15
            while any(c.call("get_port_status", port_id=p)["state"] == "TX" for p in (0, 1)):
                assert time.monotonic() < deadline, "the ports never finished"
                polls.append((c.call("get_port_stats", port_id=0), c.call("get_global_stats")))
                drain(time.monotonic() + 0.25)
            drain(time.monotonic() + 1.2)
            assert polls, "the run ended before a poll"
            assert any(p[0]["m_total_tx_pps"] > 0 for p in polls), polls[-1]
            kinds = [(e["type"], e["data"]["port_id"]) for e in events if e["name"] == "trex-event" and "port_id" in e["data"]]
            for port in (0, 1):
                assert (5, port) in kinds and (0, port) in kinds and (4, port) in kinds, kinds
                assert kinds.index((0, port)) < kinds.index((4, port))
            globals_ = [e for e in events if e["name"] == "trex-global"]
            assert globals_ and "opackets-0" in globals_[-1]["data"], globals_[-1:]
            assert globals_[-1]["data"]["opackets-0"] == 3000
            ports = {p: c.call("get_port_stats", port_id=p) for p in (0, 1)}
            pgids = c.call("get_active_pgids")["ids"]
            assert sorted(pgids["flow_stats"]) == [7, 8]
            pgstats = c.call("get_pgid_stats", pgids=[7, 8])
            c.call("stop_traffic", port_id=0, handler=handlers[0])
            for port in (0, 1):
                c.call("release", port_id=port, handler=handlers[port])
                assert c.call("get_port_status", port_id=port)["owner"] == ""
            sub.close()
            c.sock.close()
    finally:
        # Every socket closed, so that a failed assertion above is reported, not hidden
        # behind term() waiting forever for sockets left open.
        ctx.destroy(linger=0)
    # riptide's own answer for the same streams: its profile language and `run --json`.
    profile = {"streams": [
        {"name": f"p{port}", "port": port, "frame": frame.hex(), "rate": {"pps": 1000},
         "mode": {"burst": {"packets": total}}, "flow_stats": {"id": pg},
         "vars": [{"name": "src", "size": 4, "op": "inc", "min": lo, "max": hi, "write": "ipv4.src"}]}
        for port, (frame, pg, lo, hi, total) in streams.items()]}
    prof = tmp_path / "same.json"
    prof.write_text(json.dumps(profile))
    out = subprocess.run([str(BIN), "run", str(prof), "--port", "null", "--port", "null", "-m", "2", "-d", "2s",
                          "--json"], capture_output=True, text=True, check=True)
    own = json.loads(out.stdout)
    for port, (_, pg, _, _, total) in streams.items():
        mine = own["ports"][port]
        assert ports[port]["opackets"] == mine["opackets"] == total
        assert ports[port]["obytes"] == mine["obytes"]
        assert ports[port]["ipackets"] == mine["ipackets"]
        stream = own["streams"][port]
        fs = pgstats["flow_stats"][str(pg)]
        others = {str(p): 0 for p in streams if p != port}
        assert fs["tp"] == {str(port): stream["opackets"], **others}, fs
        # TRex counts a packet group's bytes with each packet's 4-byte CRC.
        assert fs["tb"] == {str(port): stream["obytes"] + 4 * stream["opackets"], **others}, fs
        assert sum(fs["rp"].values()) == stream["rx_packets"], (fs, stream)


def rss_kib(pid: int) -> int:
    with open(f"/proc/{pid}/status") as f:
        for line in f:
            if line.startswith("VmRSS:"):
                return int(line.split()[1])
    raise AssertionError("no VmRSS")


def test_ten_thousand_malformed_messages_on_each_socket() -> None:
    ctx = zmq.Context()
    try:
        with trex_server("null") as srv:
            c = TrexRpc(ctx, srv["rpc"])
            c.api_h = c.call("api_sync_v2", name="STL", major=5, minor=1)["api_h"]
            c.call("ping")
            before = rss_kib(srv["pid"])
            rng = random.Random(5)
            for i in range(10_000):
                kind = i % 6
                if kind == 0:  # bad zlib behind a good header
                    msg = struct.pack(">II", MAGIC, 100) + bytes(rng.getrandbits(8) for _ in range(40))
                elif kind == 1:  # a header that lies about the length
                    text = b'{"jsonrpc":"2.0","id":1,"method":"ping","params":{}}'
                    msg = struct.pack(">II", MAGIC, len(text) + 7) + zlib.compress(text)
                elif kind == 2:  # bad JSON
                    msg = b'{"jsonrpc": "2.0", "id": ' + str(i).encode() + b', "method": '
                elif kind == 3:  # wrong api_h
                    msg = json.dumps({"jsonrpc": "2.0", "id": i, "method": "get_port_status",
                                      "params": {"api_h": "XXXXXXXX", "port_id": 0}}).encode()
                elif kind == 4:  # unknown method
                    msg = json.dumps({"jsonrpc": "2.0", "id": i, "method": f"get_{i}_things",
                                      "params": {"api_h": c.api_h}}).encode()
                else:  # bad parameters
                    msg = json.dumps({"jsonrpc": "2.0", "id": i, "method": "add_stream",
                                      "params": {"api_h": c.api_h, "port_id": rng.choice([0, 9, "x", None]),
                                                 "stream_id": -1, "stream": {"packet": {"binary": "%%"}}}}).encode()
                reply = c.send_raw(msg)
                assert reply["jsonrpc"] == "2.0" and "error" in reply, (i, reply)
                assert -32700 <= reply["error"]["code"] <= -32000, reply
                if kind >= 3:
                    assert reply["id"] == i
            after = rss_kib(srv["pid"])
            assert after - before < 16 * 1024, f"RSS grew from {before} to {after} KiB"
            # The PUB socket: garbage from 200 connections that never speak ZMTP, and from
            # SUB sockets that subscribe and vanish.
            for i in range(200):
                with socket.create_connection(("127.0.0.1", srv["pub"]), timeout=2) as s:
                    s.sendall(bytes(rng.getrandbits(8) for _ in range(50)) * 1)
            garbage = bytes(range(256)) * 4
            sent = 0
            with socket.create_connection(("127.0.0.1", srv["pub"]), timeout=2) as s:
                for i in range(10_000):
                    try:
                        s.sendall(garbage[i % 256:i % 256 + 40])
                        sent += 1
                    except OSError:
                        break  # the server hung up on a peer that is not ZeroMQ: fine
            for _ in range(20):
                sub = ctx.socket(zmq.SUB)
                sub.setsockopt(zmq.LINGER, 0)
                sub.setsockopt(zmq.SUBSCRIBE, b"")
                sub.connect(f"tcp://127.0.0.1:{srv['pub']}")
                sub.close()
            assert sent > 0
            assert c.call("ping") == {}
            sub = ctx.socket(zmq.SUB)
            sub.setsockopt(zmq.SUBSCRIBE, b"")
            sub.setsockopt(zmq.RCVTIMEO, 3000)
            sub.setsockopt(zmq.LINGER, 0)
            sub.connect(f"tcp://127.0.0.1:{srv['pub']}")
            raw = sub.recv()
            while raw == b"{}":  # TRex's trigger (an API 5 client is about)
                raw = sub.recv()
            msg = json.loads(raw)
            assert msg["name"] == "trex-global", msg
            assert rss_kib(srv["pid"]) - before < 16 * 1024
            sub.close()
            c.sock.close()
    finally:
        # Every socket closed, so that a failed assertion above is reported, not hidden
        # behind term() waiting forever for sockets left open.
        ctx.destroy(linger=0)


def test_serve_trex_needs_no_auth_and_loopback() -> None:
    o = subprocess.run([str(BIN), "serve", "--trex", "--port", "null", "--bind", f"127.0.0.1:{free_port()}"],
                       capture_output=True, text=True, timeout=10)
    assert o.returncode == 2 and "--no-auth" in o.stderr, o.stderr
    o = subprocess.run([str(BIN), "serve", "--trex", "--no-auth", "--port", "null", "--bind", "0.0.0.0:4501"],
                       capture_output=True, text=True, timeout=10)
    assert o.returncode == 2 and "loopback" in o.stderr, o.stderr
