"""Writes udp10.pcap: one UDP conversation of ten 64 B frames (60 B + FCS), five each way,
1 ms apart, between 10.0.0.1:1025 (client) and 10.0.0.2:7000 (server). TRex's documentation
example has the same shape; riptide rewrites the addresses for every flow.

    python3 profiles/stf/make_udp10.py
"""
import struct
from pathlib import Path


def csum(data: bytes) -> int:
    if len(data) % 2:
        data += b"\0"
    s = sum(struct.unpack(f"!{len(data) // 2}H", data))
    while s >> 16:
        s = (s & 0xFFFF) + (s >> 16)
    return ~s & 0xFFFF


def frame(i: int) -> bytes:
    c, s = bytes([10, 0, 0, 1]), bytes([10, 0, 0, 2])
    src, dst, sp, dp = (c, s, 1025, 7000) if i % 2 == 0 else (s, c, 7000, 1025)
    payload = bytes([i]) * 18
    udp_len = 8 + len(payload)
    ip = struct.pack("!BBHHHBBH4s4s", 0x45, 0, 20 + udp_len, i, 0, 64, 17, 0, src, dst)
    ip = ip[:10] + struct.pack("!H", csum(ip)) + ip[12:]
    pseudo = src + dst + struct.pack("!BBH", 0, 17, udp_len)
    udp = struct.pack("!HHHH", sp, dp, udp_len, 0) + payload
    udp = udp[:6] + struct.pack("!H", csum(pseudo + udp) or 0xFFFF) + udp[8:]
    eth = bytes.fromhex("020000000002" "020000000001" "0800")
    return eth + ip + udp


out = struct.pack("<IHHiIII", 0xA1B2C3D4, 2, 4, 0, 0, 65535, 1)
for i in range(10):
    f = frame(i)
    out += struct.pack("<IIII", 1, i * 1000, len(f), len(f)) + f
Path(__file__).with_name("udp10.pcap").write_bytes(out)
