#!/usr/bin/env python3
# SPDX-License-Identifier: BSD-3-Clause
"""Writes tests/flow/tunnel_frames.h: the frames test_flow_tunnels.c sends and expects.

Computed here, independently of softdpa's C code: every length, the IPv4 header
checksums, the UDP checksums of the inner packets and the VXLAN/GENEVE UDP source port
(the 5-tuple entropy: CRC-16, polynomial 0x100B, MSB first, initial 0, over destination
address, source address (16 bytes each, IPv4 in the last 4), protocol, destination and
source port, then OR 0xC000). Run: python3 tests/flow/gen_tunnel_frames.py > tests/flow/tunnel_frames.h
"""
import struct


def csum(b):
    if len(b) % 2:
        b += b'\0'
    s = sum(struct.unpack('!%dH' % (len(b) // 2), b))
    while s >> 16:
        s = (s & 0xffff) + (s >> 16)
    return (~s) & 0xffff


def crc16_100b(data):
    c = 0
    for byte in data:
        c ^= byte << 8
        for _ in range(8):
            c = ((c << 1) ^ 0x100b) & 0xffff if c & 0x8000 else (c << 1) & 0xffff
    return c


def entropy4(src, dst, proto, sport, dport):
    b = bytearray(37)
    b[12:16] = bytes(dst)
    b[28:32] = bytes(src)
    b[32] = proto
    b[33:35] = struct.pack('!H', dport)
    b[35:37] = struct.pack('!H', sport)
    return 0xc000 | crc16_100b(bytes(b))


def eth(dst, src, t):
    return bytes(dst) + bytes(src) + struct.pack('!H', t)


def ip4(src, dst, proto, payload, ttl=64, ident=0, tos=0, frag=0):
    h = struct.pack('!BBHHHBBH4s4s', 0x45, tos, 20 + len(payload), ident, frag, ttl, proto, 0,
                    bytes(src), bytes(dst))
    return h[:10] + struct.pack('!H', csum(h)) + h[12:] + payload


def ip6(src, dst, nh, payload, hl=64, tc=0):
    return struct.pack('!IHBB', 0x60000000 | tc << 20, len(payload), nh, hl) + bytes(src) + \
        bytes(dst) + payload


def udp(sp, dp, payload, ph_src=None, ph_dst=None):
    n = 8 + len(payload)
    if ph_src is None:
        return struct.pack('!HHHH', sp, dp, n, 0) + payload
    ph = bytes(ph_src) + bytes(ph_dst) + struct.pack('!BBH', 0, 17, n)
    c = csum(ph + struct.pack('!HHHH', sp, dp, n, 0) + payload) or 0xffff
    return struct.pack('!HHHH', sp, dp, n, c) + payload


def carr(name, b, comment):
    out = '/* %s */\nstatic const uint8_t %s[] = {\n' % (comment, name)
    for i in range(0, len(b), 12):
        out += '        ' + ', '.join('0x%02x' % x for x in b[i:i + 12]) + ',\n'
    return out + '};\n'


M1 = [2, 0, 0, 0, 0, 1]
M2 = [2, 0, 0, 0, 0, 2]
OM_D = [0x11, 0x22, 0x33, 0x44, 0x55, 0x66]
OM_S = [0xaa, 0xbb, 0xcc, 0xdd, 0xee, 0xff]
A = [10, 0, 0, 1]
B = [10, 0, 0, 2]
OA = [11, 21, 31, 41]
OB = [81, 81, 81, 81]
OC = [82, 82, 82, 82]
V6A = [0x20, 0x01, 0x0d, 0xb8] + [0] * 11 + [1]
V6B = [0x20, 0x01, 0x0d, 0xb8] + [0] * 11 + [2]

inner_ip = ip4(A, B, 17, udp(1000, 2000, b'tunnel!!', A, B))
plain = eth(M2, M1, 0x0800) + inner_ip
ent = entropy4(A, B, 17, 1000, 2000)

frames = []
frames.append(('f_plain', plain, 'Ether(02:..:02 < 02:..:01)/IPv4(10.0.0.1 > 10.0.0.2)/UDP(1000 > 2000)/"tunnel!!"'))
# VXLAN, L2, constant
vx = bytes([0x08, 0, 0, 0, 0xad, 0xad, 0xad, 0])
frames.append(('f_vxlan', eth(OM_D, OM_S, 0x0800) +
               ip4(OA, OB, 17, udp(ent, 4789, vx + plain), ttl=17),
               'VXLAN L2 encap: IPv4 11.21.31.41 > 81.81.81.81 ttl 17, UDP entropy > 4789 csum 0, VNI 0xadadad'))
# GENEVE, L3, per-entry VNI and dst, two options (class 0x0107 type 1 2 words; type 2 0 words)
opts = struct.pack('!HBB', 0x0107, 0x01, 2) + struct.pack('!II', 0x01234567, 0x89abcdef) + \
    struct.pack('!HBB', 0x0107, 0x02, 0)
gh = struct.pack('!BBHI', len(opts) // 4, 0, 0x0800, 0x123456 << 8)
frames.append(('f_geneve', eth(OM_D, OM_S, 0x0800) +
               ip4(OA, OC, 17, udp(ent, 6081, gh + opts + inner_ip), ttl=17),
               'GENEVE L3 encap, entry VNI 0x123456 and dst 82.82.82.82, 3 option words, protocol 0x0800 (auto)'))
# GTP-U + PSC, L3, DF, udp sport 0 kept
gtp_opt = bytes([0, 0, 0, 0x85, 1, 0, 38, 0])
gtp = struct.pack('!BBHI', 0x34, 0xff, len(gtp_opt) + len(inner_ip), 0xdeadbeef) + gtp_opt + inner_ip
frames.append(('f_gtp', eth(OM_D, OM_S, 0x0800) +
               ip4(OA, OB, 17, udp(0, 2152, gtp), ttl=17, frag=0x4000),
               'GTP-U encap with PSC QFI 38: IPv4 DF, UDP 0 > 2152 csum 0, TEID 0xdeadbeef'))
# MPLS over UDP, outer IPv6, 2 labels, sport 5000
mp = struct.pack('!II', (16 << 12) | 64, (0xababa << 12) | (1 << 8) | 64)
frames.append(('f_mpls', eth(OM_D, OM_S, 0x86dd) +
               ip6(V6A, V6B, 17, udp(5000, 6635, mp + inner_ip), hl=32),
               'MPLS over UDP encap, outer IPv6 hop limit 32, labels 16, 0xababa (S), UDP 5000 > 6635 csum 0'))
# IP in IP: outer IPv6, tc 0xd8, next header auto (4)
frames.append(('f_ipip6', eth(OM_D, OM_S, 0x86dd) + ip6(V6B, V6A, 4, inner_ip, tc=0xd8),
               'IP-in-IP encap: IPv6 tc 0xd8 next header 4 (auto), IPv4 inner'))
# NVGRE, L2, outer IPv4
nv = struct.pack('!HHI', 0x2000, 0x6558, (0x123456 << 8) | 0x78)
frames.append(('f_nvgre', eth(OM_D, OM_S, 0x0800) + ip4(OA, OB, 47, nv + plain, ttl=64),
               'NVGRE L2 encap: GRE K, protocol TEB, VSID 0x123456, flow id 0x78'))
# VXLAN-GPE, L3, next protocol auto (1), flags default 0x0c
gpe = bytes([0x0c, 0, 0, 1, 0, 0, 0x2a, 0])
frames.append(('f_gpe', eth(OM_D, OM_S, 0x0800) + ip4(OA, OB, 17, udp(ent, 4790, gpe + inner_ip), ttl=64),
               'VXLAN-GPE L3 encap: next protocol 1 (auto), VNI 42, UDP entropy > 4790'))
# L3 decap of the GTP frame: the action's Ethernet header, EtherType from the inner L3
frames.append(('f_gtp_decap', eth([0x66, 0x55, 0x44, 0x33, 0x22, 0x11], [0xff, 0xee, 0xdd, 0xcc, 0xbb, 0xaa], 0x0800) + inner_ip,
               'L3 decap of f_gtp with Ether(66:55:44:33:22:11 < ff:ee:dd:cc:bb:aa), type 0x0800 (auto)'))
print('/* SPDX-License-Identifier: BSD-3-Clause\n * Generated by gen_tunnel_frames.py: do not edit. */')
print('/* clang-format off */')
print('/* entropy of f_plain: 0x%04x */' % ent)
print('#define FT_PLAIN_ENTROPY 0x%04x' % ent)
for n, b, c in frames:
    print(carr(n, b, c))
print('/* clang-format on */')
