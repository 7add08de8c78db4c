#!/usr/bin/env python3
# SPDX-License-Identifier: BSD-3-Clause
"""Regenerate the committed test captures (tests/unit/test_wire_pcap.c reads them).

Run from anywhere: python3 tests/data/pcap/gen_pcaps.py
Only the standard library; the output is byte-for-byte reproducible.
"""
import os
import struct

HERE = os.path.dirname(os.path.abspath(__file__))
LINKTYPE_ETHERNET = 1
LINKTYPE_RAW = 101


def file_header(linktype=LINKTYPE_ETHERNET, snaplen=65535):
    # classic pcap, little-endian, microsecond timestamps
    return struct.pack('<IHHiIII', 0xa1b2c3d4, 2, 4, 0, 0, snaplen, linktype)


def record(data, ts_sec, ts_usec, orig_len=None):
    if orig_len is None:
        orig_len = len(data)
    return struct.pack('<IIII', ts_sec, ts_usec, len(data), orig_len) + data


def frame(n, seq):
    """An Ethernet frame of n bytes: locally administered MACs, ethertype 0x88b5
    (local experimental), then a pattern derived from seq."""
    dst = bytes([0x02, 0, 0, 0, 0, 0x01])
    src = bytes([0x02, 0, 0, 0, 0, 0x02])
    body = bytes(((seq * 31 + i * 7) & 0xff) for i in range(n - 14))
    return dst + src + b'\x88\xb5' + body


def write(name, data):
    with open(os.path.join(HERE, name), 'wb') as f:
        f.write(data)


def main():
    good_lens = [60, 64, 100, 1514, 9216]
    good = file_header()
    for i, n in enumerate(good_lens):
        good += record(frame(n, i), 1700000000 + i, 1000 * i)
    write('good.pcap', good)

    write('empty.pcap', b'')
    write('header_only.pcap', file_header())
    write('garbage_header.pcap', b'this is not a capture file, just some text\n' * 2)

    # two whole records, then a record whose data stops after 40 of 100 bytes.
    # The third record starts at 24 + (16 + 60) + (16 + 64) = 180.
    t = file_header() + record(frame(60, 0), 1, 0) + record(frame(64, 1), 2, 0)
    t += struct.pack('<IIII', 3, 0, 100, 100) + frame(100, 2)[:40]
    write('truncated.pcap', t)

    # one record, then a record header claiming a 2 GiB capture: starts at 24 + 76 = 100.
    g = file_header() + record(frame(60, 0), 1, 0)
    g += struct.pack('<IIII', 2, 0, 0x7fffffff, 0x7fffffff) + b'\0' * 64
    write('garbled.pcap', g)

    # snaplen 64: two frames cut at 64 bytes, one whole 60-byte frame between them.
    s = file_header(snaplen=64)
    s += record(frame(1000, 0)[:64], 1, 0, orig_len=1000)
    s += record(frame(60, 1), 2, 0)
    s += record(frame(1514, 2)[:64], 3, 0, orig_len=1514)
    write('snapped.pcap', s)

    # IPv4 packets without an Ethernet header
    ip = bytes([0x45, 0, 0, 20, 0, 0, 0, 0, 64, 17, 0, 0, 10, 0, 0, 1, 10, 0, 0, 2])
    write('raw_ip.pcap', file_header(linktype=LINKTYPE_RAW) + record(ip, 1, 0))

    # a frame one byte over SOFTDPA_FRAME_MAX (9216) between two ordinary ones
    o = file_header() + record(frame(60, 0), 1, 0) + record(frame(9217, 1), 2, 0)
    o += record(frame(60, 2), 3, 0)
    write('oversize.pcap', o)


if __name__ == '__main__':
    main()
