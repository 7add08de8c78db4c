#!/usr/bin/env python3
# SPDX-License-Identifier: BSD-3-Clause
"""Decode captures of the RDMA wire carrier (SOFTDPA_RDMA_PCAP) with scapy's RoCE layer.

Usage: check_roce_pcap.py FILE.pcap [FILE.pcap ...] [--expect OPCODE,OPCODE,...]

Every frame must be Ethernet/IPv4/UDP to port 4791 with a BTH, and its ICRC must be the one
scapy computes for it (scapy.contrib.roce implements IBTA's RoCEv2 ICRC independently of
softdpa). A copy of each frame with one payload byte flipped must fail the same check (so the
check can fail). --expect lists BTH opcode names (scapy's, e.g. RC_SEND_FIRST) that must
appear. Prints one summary line; exit status 0 when all holds.
"""
import sys

from scapy.all import IP, UDP, Ether, rdpcap, raw  # noqa: E402
from scapy.contrib.roce import BTH  # noqa: E402


def main(argv):
    files, expect = [], []
    i = 0
    while i < len(argv):
        if argv[i] == "--expect":
            expect = [x for x in argv[i + 1].split(",") if x]
            i += 2
            continue
        files.append(argv[i])
        i += 1
    if not files:
        print(__doc__)
        return 2
    frames = bad = 0
    seen = set()
    for f in files:
        for pkt in rdpcap(f):
            frames += 1
            if not (pkt.haslayer(Ether) and pkt.haslayer(IP) and pkt.haslayer(UDP)
                    and pkt[UDP].dport == 4791 and pkt.haslayer(BTH)):
                print("%s: frame %d is not Ethernet/IPv4/UDP(4791)/BTH" % (f, frames))
                bad += 1
                continue
            bth = pkt[BTH]
            seen.add(bth.get_field("opcode").i2repr(bth, bth.opcode))
            wire = raw(pkt)[-4:]
            if bth.compute_icrc(b"") != wire:
                print("%s: frame %d (opcode %#x, PSN %d): ICRC %s, scapy computes %s"
                      % (f, frames, bth.opcode, bth.psn, wire.hex(),
                         bth.compute_icrc(b"").hex()))
                bad += 1
                continue
            # Flip a byte after the BTH: the ICRC must no longer match.
            b = bytearray(raw(pkt))
            b[14 + 20 + 8 + 12 if len(b) > 14 + 20 + 8 + 12 + 4 else 14 + 20 + 8 + 1] ^= 0x40
            tampered = Ether(bytes(b))
            if tampered.haslayer(BTH) and tampered[BTH].compute_icrc(b"") == raw(tampered)[-4:]:
                print("%s: frame %d: a corrupted copy still passes the ICRC check" % (f, frames))
                bad += 1
    missing = [e for e in expect if e not in seen]
    print("%d RoCEv2 frames in %d file(s), %d bad; opcodes: %s%s"
          % (frames, len(files), bad, ", ".join(sorted(seen)),
             "; missing: " + ", ".join(missing) if missing else ""))
    return 0 if frames > 0 and bad == 0 and not missing else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
