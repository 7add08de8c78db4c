/* SPDX-License-Identifier: BSD-3-Clause
 * Frame builders: write a valid Ethernet frame described by a spec into a caller buffer,
 * with every length field and checksum (IPv4 header, TCP/UDP/ICMP/ICMPv6 with
 * pseudo-header) correct. Used by tests, fuzz seeds, benchmarks and traffic generators.
 *
 * All spec values are host order. A zeroed spec plus l3/l4 is a valid frame; fields whose
 * zero would be unusable say what 0 means.
 */
#ifndef SDPA_NIC_FRAME_BUILDER_H
#define SDPA_NIC_FRAME_BUILDER_H

#include <stdbool.h>
#include <stdint.h>

#include "nic/packet.h"

enum {
	SDPA_FRAME_MIN = 60,   /* Ethernet minimum without FCS; shorter frames are padded */
	SDPA_FRAME_MAX = 9216, /* jumbo limit the builder accepts */
	SDPA_FRAME_ETHERTYPE_DEFAULT = 0x88b5, /* IEEE local experimental, for l3 NONE */
};

struct sdpa_frame_spec {
	uint8_t dst_mac[6];
	uint8_t src_mac[6];
	uint8_t nr_vlans;      /* 0..2 */
	uint16_t vlan_tpid[2]; /* 0: 0x88a8 for the outer of two tags, 0x8100 otherwise */
	uint16_t vlan_tci[2];
	uint16_t ethertype; /* only with l3 NONE; 0 means SDPA_FRAME_ETHERTYPE_DEFAULT */

	uint8_t l3; /* enum sdpa_l3_type */
	uint32_t ip4_src;
	uint32_t ip4_dst;
	uint8_t ip6_src[16];
	uint8_t ip6_dst[16];
	uint8_t dscp;         /* 0..63 */
	uint8_t ecn;          /* 0..3 */
	uint8_t ttl;          /* TTL or hop limit; 0 means 64 */
	uint32_t flow_label;  /* 0..0xfffff */
	uint16_t ip_id;       /* IPv4 identification; IPv6 fragment header identification */
	bool ip_df;           /* IPv4 don't-fragment */
	bool more_frags;      /* IPv4 MF / IPv6 fragment header M */
	uint16_t frag_offset; /* in 8-byte units, 0..8191 (IPv6: needs a FRAGMENT ext) */
	uint8_t ip4_opt_len;  /* bytes of IPv4 options (NOPs), multiple of 4, <= 40 */
	uint8_t nr_ip6_ext;   /* 0..4 */
	uint8_t ip6_ext[4];   /* SDPA_IPPROTO_HOPOPTS/ROUTING/DSTOPTS/FRAGMENT, wire order */

	uint8_t l4;       /* enum sdpa_l4_type; NONE or OTHER: no L4 header, only payload */
	uint8_t ip_proto; /* 0: derived from l4. Else written as the IP protocol as is */
	uint16_t src_port;
	uint16_t dst_port; /* with vxlan_inner, 0 means 4789 */
	uint8_t tcp_flags; /* SDPA_TCP_* */
	uint32_t tcp_seq;
	uint32_t tcp_ack;
	uint16_t tcp_window;
	uint8_t tcp_opt_len; /* bytes of TCP options (NOPs), multiple of 4, <= 40 */
	uint8_t icmp_type;
	uint8_t icmp_code;
	uint16_t icmp_ident;
	uint16_t icmp_seq;
	bool udp_zero_csum; /* send UDP checksum 0 ("none"); IPv4 only */

	/* VXLAN: l4 must be UDP; the frame carries a VXLAN header and then the inner frame
	 * built from *vxlan_inner (which may not itself have vxlan_inner). */
	const struct sdpa_frame_spec *vxlan_inner;
	uint32_t vni;        /* 0..0xffffff */
	uint8_t vxlan_flags; /* 0 means 0x08 (VNI valid) */

	/* Size: read from the top-level spec only (an inner spec's are ignored). The payload
	 * follows the innermost header and holds byte i = (uint8_t)i. */
	uint32_t payload_len;
	uint32_t frame_len; /* 0: headers + payload_len. Else 60..9216: payload fills it */
	bool no_pad;        /* do not zero-pad a frame shorter than 60 bytes */
};

/* Bytes of headers 'spec' describes (VXLAN and inner headers included), or 0 if the spec
 * is invalid (logged, as for sdpa_frame_build). */
uint32_t sdpa_frame_hdr_len(const struct sdpa_frame_spec *spec);

/* Write the frame into buf[0..cap). Returns its length, or 0 when the spec is invalid or
 * the frame does not fit in cap (either logged with the cause and the fix). */
uint32_t sdpa_frame_build(const struct sdpa_frame_spec *spec, uint8_t *buf, uint32_t cap);

#endif
