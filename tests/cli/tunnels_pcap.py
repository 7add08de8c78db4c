#!/usr/bin/env python3
# SPDX-License-Identifier: BSD-3-Clause
"""Write a small capture of tunnelled frames for `softdpa pcap show`'s test, built by
hand (no scapy): VXLAN, GENEVE, GRE (Ethernet and IP inside, with a key), IP-in-IP,
IPv6-in-IPv4, a TCP SYN, an ARP, a wrong IPv4 checksum and a cut frame.

  tunnels_pcap.py OUT.pcap
"""
import struct
import sys


def csum(b):
    if len(b) % 2:
        b += b"\0"
    s = sum(struct.unpack("!%dH" % (len(b) // 2), b))
    while s >> 16:
        s = (s & 0xFFFF) + (s >> 16)
    return ~s & 0xFFFF


def ip4(src, dst, proto, payload, bad_csum=False):
    h = struct.pack("!BBHHHBBH4s4s", 0x45, 0, 20 + len(payload), 1, 0, 64, proto, 0,
                    bytes(src), bytes(dst))
    c = csum(h) ^ (0x1111 if bad_csum else 0)
    return h[:10] + struct.pack("!H", c) + h[12:] + payload


def ip6(src_last, dst_last, nh, payload):
    src = bytes([0xFD] + [0] * 14 + [src_last])
    dst = bytes([0xFD] + [0] * 14 + [dst_last])
    return struct.pack("!IHBB", 0x60000000, len(payload), nh, 64) + src + dst + payload


def udp4(src, dst, sport, dport, payload):
    u = struct.pack("!HHHH", sport, dport, 8 + len(payload), 0) + payload
    pseudo = bytes(src) + bytes(dst) + struct.pack("!BBH", 0, 17, len(u))
    c = csum(pseudo + u) or 0xFFFF
    return u[:6] + struct.pack("!H", c) + u[8:]


def tcp4(src, dst, sport, dport, flags, seq):
    t = struct.pack("!HHIIBBHHH", sport, dport, seq, 0, 5 << 4, flags, 1024, 0, 0)
    pseudo = bytes(src) + bytes(dst) + struct.pack("!BBH", 0, 6, len(t))
    return t[:16] + struct.pack("!H", csum(pseudo + t)) + t[18:]


def eth(payload, etype=0x0800):
    return bytes([2, 0, 0, 0, 0, 2, 2, 0, 0, 0, 0, 1]) + struct.pack("!H", etype) + payload


A, B, C, D = [10, 0, 0, 1], [10, 0, 0, 2], [192, 0, 2, 1], [192, 0, 2, 2]
inner = eth(ip4(A, B, 17, udp4(A, B, 1000, 2000, b"x" * 10)))
frames = [
    eth(ip4(C, D, 17, udp4(C, D, 50000, 4789, struct.pack("!II", 0x08000000, 7 << 8) + inner))),
    eth(ip4(C, D, 17, udp4(C, D, 50001, 6081,
                           struct.pack("!BBHI", 1, 0, 0x6558, 99 << 8) + b"\0" * 4 + inner))),
    eth(ip4(C, D, 47, struct.pack("!HHI", 0x2000, 0x6558, 1234) + inner)),
    eth(ip4(C, D, 47, struct.pack("!HH", 0, 0x0800) + ip4(A, B, 17, udp4(A, B, 3, 4, b"")))),
    eth(ip4(C, D, 4, ip4(A, B, 6, tcp4(A, B, 80, 8080, 0x02, 1000)))),
    eth(ip4(C, D, 41, ip6(1, 2, 17, struct.pack("!HHHH", 5, 6, 8, 0)))),
    eth(struct.pack("!HHBBH", 1, 0x0800, 6, 4, 1) + bytes(20), 0x0806),
    eth(ip4(A, B, 17, udp4(A, B, 7, 8, b"abc"), bad_csum=True)),
    eth(ip4(A, B, 17, udp4(A, B, 9, 10, b"0123456789")))[:30],
]
with open(sys.argv[1], "wb") as f:
    f.write(struct.pack("<IHHiIII", 0xA1B2C3D4, 2, 4, 0, 0, 65535, 1))
    for i, fr in enumerate(frames):
        f.write(struct.pack("<IIII", 1000, i * 10, len(fr), len(fr)) + fr)
