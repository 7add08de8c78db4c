#!/usr/bin/env python3
# Frames for test_flow_custom_header_api.c, computed with plain Python (struct + RFC 1071
# sums), independently of softdpa. Run it to print the C arrays.
import struct


def cs(b):
    if len(b) % 2:
        b += b'\0'
    s = sum(struct.unpack('!%dH' % (len(b) // 2), b))
    while s >> 16:
        s = (s & 0xffff) + (s >> 16)
    return (~s) & 0xffff


def ip4(src, dst, proto, plen):
    h = struct.pack('!BBHHHBBH4s4s', 0x45, 0, 20 + plen, 0, 0, 64, proto, 0, src, dst)
    return h[:10] + struct.pack('!H', cs(h)) + h[12:]


def udp(src, dst, sp, dp, pay):
    u = struct.pack('!HHHH', sp, dp, 8 + len(pay), 0) + pay
    c = cs(src + dst + struct.pack('!BBH', 0, 17, len(u)) + u) or 0xffff
    return u[:6] + struct.pack('!H', c) + u[8:]


def frame(pay, dport):
    s4, d4 = bytes([10, 0, 0, 1]), bytes([10, 0, 0, 2])
    u = udp(s4, d4, 1111, dport, pay)
    return (bytes.fromhex('020000000002020000000001') + b'\x08\x00' + ip4(s4, d4, 17, len(u)) +
            u)


def C(name, b):
    print('static const uint8_t %s[%d] = {' % (name, len(b)))
    for i in range(0, len(b), 12):
        print('\t' + ', '.join('0x%02x' % x for x in b[i:i + 12]) + ',')
    print('};')


# A 12-byte custom header after UDP port 4500: a 32-bit word, then a 64-bit one.
C('data_in', frame(bytes.fromhex('00000001' '1122334455667788') + b'payload!', 4500))
C('data_out', frame(bytes.fromhex('01020304' '1122334455667788') + b'payload!', 4500))
# The same port, 4 bytes only: the header is cut.
C('data_cut', frame(bytes.fromhex('00000001'), 4500))
# A GENEVE-like header after UDP port 4502: 8 bytes, option length (6 bits at bit 2) in
# words; options: class 0x0132 type 1 len 1 (data 0x12345678), class 0x0132 type 3 len 1.
C('tlv_in', frame(bytes.fromhex('0400655801020300' '0132010112345678' '01320301cafef00d'), 4502))
# PSP over UDP 1000, hdrextlen 4 (40 bytes), V set: next header, extlen, crypt offset 6,
# V and 1; SPI; IV; the virtualization cookie's first half. DOCA's dw6..dw9 are 32-bit words
# 6..9 counted from 1, bytes 20..35 of the header: the cookie's second half and the next 12
# bytes (NVIDIA's flow_psp_ext_sample.yaml: dw6 lands on scapy's `sectoken`).
psp = bytes.fromhex('11' '04' '06' '03' 'beafc0de' '0000000000000001' '00000002')
C('psp_in', frame(psp + bytes.fromhex('12345678' '12345678' '12345678' '12345678') + b'data!!!!',
                  1000))
C('psp_out', frame(psp + bytes.fromhex('22222221' '33333331' '44444441' '55555551') + b'data!!!!',
                   1000))
