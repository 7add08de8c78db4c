#!/usr/bin/env python3
# Seeds for fuzz_flex (tests/fuzz/corpus/flex): frames that reach every path of the graph
# fuzz_flex.c binds. Rewrite them with: python3 tests/fuzz/gen_flex_corpus.py DIR
import os
import struct
import sys


def cs(b):
    if len(b) % 2:
        b += b'\0'
    s = sum(struct.unpack('!%dH' % (len(b) // 2), b))
    while s >> 16:
        s = (s & 0xffff) + (s >> 16)
    return (~s) & 0xffff


def ip4(proto, pay):
    h = struct.pack('!BBHHHBBH4s4s', 0x45, 0, 20 + len(pay), 0, 0, 64, proto, 0,
                    bytes([10, 0, 0, 1]), bytes([10, 0, 0, 2]))
    return h[:10] + struct.pack('!H', cs(h)) + h[12:] + pay


def udp(dport, pay):
    return struct.pack('!HHHH', 1111, dport, 8 + len(pay), 0) + pay


def eth(l3):
    return bytes.fromhex('020000000002020000000001') + b'\x08\x00' + l3


geneve = bytes.fromhex('0400655801020300' '0132010112345678' '0132020100abcdef')
seeds = {
    'fixed': eth(ip4(17, udp(4500, bytes(range(12)) + b'tail'))),
    'fixed_cut': eth(ip4(17, udp(4500, bytes(range(6))))),
    'tlv_chain': eth(ip4(17, udp(4502, geneve + bytes(range(12))))),
    'tlv_chain_cut': eth(ip4(17, udp(4502, geneve + bytes(range(5))))),
    'tlv_opt_cut': eth(ip4(17, udp(4502, bytes.fromhex('0400655801020300' '013201'))) ),
    'tlv_opt_zero': eth(ip4(17, udp(4502, bytes.fromhex('0200000001020300' '01320100')))),
    'ipproto': eth(ip4(253, bytes.fromhex('0003aabb') + bytes(range(8)))),
    'ipproto_odd': eth(ip4(253, bytes.fromhex('0003aabb') + bytes(range(7)))),
    'psp_port': eth(ip4(17, udp(1000, bytes(40)))),
}
out = sys.argv[1] if len(sys.argv) > 1 else os.path.join(os.path.dirname(__file__), 'corpus', 'flex')
os.makedirs(out, exist_ok=True)
for name, b in seeds.items():
    with open(os.path.join(out, name), 'wb') as f:
        f.write(b)
