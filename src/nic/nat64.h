/* SPDX-License-Identifier: BSD-3-Clause
 * NAT64 header translation (the DOCA Flow nat64 action, RFC 6145 / RFC 6052 well-known
 * prefix 64:ff9b::/96), as the emulated NIC applies it to a frame in place.
 *
 * IPv4 -> IPv6 (original_l3_type IP4): the IPv4 header (with its options) is replaced by a
 * 40-byte IPv6 header: traffic class = TOS, flow label 0, payload length = total length -
 * IHL * 4, next header = protocol, hop limit = TTL, addresses 64:ff9b::a.b.c.d.
 * IPv6 -> IPv4 (original_l3_type IP6): the IPv6 header and its extension headers are
 * replaced by a 20-byte IPv4 header: TOS = traffic class, total length = 20 + upper-layer
 * bytes, identification 0, DF set (RFC 6145 section 5.1), TTL = hop limit, protocol = the
 * upper-layer protocol, addresses = the low 32 bits of the IPv6 addresses, header checksum
 * computed. The EtherType before the IP header follows.
 * The TCP/UDP checksum is corrected for the new pseudo-header (a UDP over IPv4 without
 * checksum gets one, since IPv6 requires it). ICMP/ICMPv6 messages are not translated
 * (out of scope of the action, as in DPDK's RTE_FLOW_ACTION_TYPE_NAT64).
 *
 * A frame whose outer L3 is not original_l3_type, an IP fragment, or a frame the parser
 * did not read whole (l3_ok) is left unchanged.
 */
#ifndef SDPA_NIC_NAT64_H
#define SDPA_NIC_NAT64_H

#include <stdbool.h>
#include <stdint.h>

#include "io/wire.h"
#include "nic/packet.h"

enum sdpa_nat64_result {
	SDPA_NAT64_DONE = 0, /* translated */
	SDPA_NAT64_SKIPPED,  /* not this L3 type, a fragment, or not a whole IP header */
	SDPA_NAT64_NO_ROOM,  /* IPv4 -> IPv6 needs more headroom than the buffer has */
};

/* Translate the outer IP header of 'pkt', parsed into 'info' (sdpa_parse of this very
 * frame). original_l3 is the frame's L3 type before translation (DOCA_FLOW_L3_TYPE_IP4 or
 * _IP6). After SDPA_NAT64_DONE, 'info' is stale: parse again. */
enum sdpa_nat64_result sdpa_nat64_apply(struct sdpa_pkt *pkt, const struct sdpa_pkt_info *info,
                                        uint32_t original_l3);

#endif
