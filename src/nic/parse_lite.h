/* SPDX-License-Identifier: BSD-3-Clause
 * The offset parse of compiled matching (sdpa_parse_lite, packet.h), inline: the datapath
 * calls it once per frame of a compiled match (flow_match.c), where a call and the result
 * going through memory cost as much as the parse.
 */
#ifndef SDPA_NIC_PARSE_LITE_H
#define SDPA_NIC_PARSE_LITE_H

#include "core/util.h"
#include "nic/packet.h"

/* The offset parse (packet.h). Each test below mirrors the one of parse_stack, parse_ip4,
 * parse_ip6, parse_l4 and sdpa_parse that would record a problem, start a tunnel or read a
 * header this parse does not model; any of those answers false, and the caller parses the
 * frame in full. tests/flow/test_flow_cmatch.c compares the two on random and broken
 * frames. */
static inline bool sdpa_parse_lite_inl(const uint8_t *f, uint32_t len, struct sdpa_pkt_lite *o)
{
	uint32_t p = SDPA_ETH_HLEN, n = 0, q, end;
	uint16_t type;
	uint8_t proto;

	if (f == NULL || len < SDPA_ETH_HLEN)
		return false;
	type = sdpa_be16(f + 12);
	while (type == SDPA_ETH_P_VLAN || type == SDPA_ETH_P_QINQ) {
		if (n == SDPA_VLAN_MAX || len - p < SDPA_VLAN_HLEN)
			return false;
		type = sdpa_be16(f + p + 2);
		p += SDPA_VLAN_HLEN;
		n++;
	}
	o->nvlan = (uint8_t)n;
	o->l3_off = p;
	o->l4_off = 0;
	o->l4_type = SDPA_L4_NONE;
	if (type == SDPA_ETH_P_IPV4) {
		const uint8_t *ip = f + p;
		uint32_t hl, total;

		if (len - p < SDPA_IP4_HLEN || (ip[0] >> 4) != 4)
			return false;
		hl = (uint32_t)(ip[0] & 0xf) * 4;
		total = sdpa_be16(ip + 2);
		if (hl < SDPA_IP4_HLEN || len - p < hl || total < hl || total > len - p ||
		    (sdpa_be16(ip + 6) & 0x3fff) != 0)
			return false;
		o->l3_type = SDPA_L3_IP4;
		q = p + hl;
		end = p + total;
		proto = ip[9];
	} else if (type == SDPA_ETH_P_IPV6) {
		const uint8_t *ip = f + p;
		uint32_t plen;

		if (len - p < SDPA_IP6_HLEN || (ip[0] >> 4) != 6)
			return false;
		q = p + SDPA_IP6_HLEN;
		plen = sdpa_be16(ip + 4);
		proto = ip[6];
		/* extension headers (and the jumbogram's hop-by-hop header) */
		if (proto == SDPA_IPPROTO_HOPOPTS || proto == SDPA_IPPROTO_ROUTING ||
		    proto == SDPA_IPPROTO_DSTOPTS || proto == SDPA_IPPROTO_FRAGMENT ||
		    plen > len - q)
			return false;
		o->l3_type = SDPA_L3_IP6;
		end = q + plen;
	} else {
		o->l3_type = SDPA_L3_NONE;
		return true;
	}
	o->l4_off = q;
	switch (proto) {
	case SDPA_IPPROTO_TCP: {
		uint32_t doff;

		if (end - q < SDPA_TCP_HLEN)
			return false;
		doff = (uint32_t)(f[q + 12] >> 4) * 4;
		if (doff < SDPA_TCP_HLEN || end - q < doff)
			return false;
		o->l4_type = SDPA_L4_TCP;
		return true;
	}
	case SDPA_IPPROTO_UDP: {
		uint32_t ulen;

		if (end - q < SDPA_UDP_HLEN)
			return false;
		ulen = sdpa_be16(f + q + 4);
		if (ulen < SDPA_UDP_HLEN || ulen > end - q)
			return false;
		switch (sdpa_be16(f + q + 2)) {
		case SDPA_ROCEV2_PORT:
		case SDPA_VXLAN_PORT:
		case SDPA_VXLAN_GPE_PORT:
		case SDPA_GENEVE_PORT:
		case SDPA_GTPU_PORT:
		case SDPA_MPLS_UDP_PORT:
			return false;
		default:
			break;
		}
		o->l4_type = SDPA_L4_UDP;
		return true;
	}
	case SDPA_IPPROTO_ICMP:
	case SDPA_IPPROTO_ICMPV6:
		if ((o->l3_type == SDPA_L3_IP4) != (proto == SDPA_IPPROTO_ICMP)) {
			o->l4_type = SDPA_L4_OTHER;
			return true;
		}
		if (end - q < SDPA_ICMP_HLEN)
			return false;
		o->l4_type = proto == SDPA_IPPROTO_ICMP ? SDPA_L4_ICMP : SDPA_L4_ICMP6;
		return true;
	case SDPA_IPPROTO_ESP:
	case SDPA_IPPROTO_GRE:
	case SDPA_IPPROTO_IPIP:
	case SDPA_IPPROTO_IPV6:
		return false; /* ESP is a tunnel of the view; the others start one */
	case SDPA_IPPROTO_NONE:
		o->l4_type = o->l3_type == SDPA_L3_IP6 ? SDPA_L4_NONE : SDPA_L4_OTHER;
		return true;
	default:
		o->l4_type = SDPA_L4_OTHER;
		return true;
	}
}

#endif
