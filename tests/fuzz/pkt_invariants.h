/* SPDX-License-Identifier: BSD-3-Clause
 * What must hold for any sdpa_parse() result, whatever the input. Shared by the fuzzer and
 * the unit test. Returns NULL when everything holds, else the violated rule.
 */
#ifndef SDPA_PKT_INVARIANTS_H
#define SDPA_PKT_INVARIANTS_H

#include <endian.h>
#include <string.h>

#include "nic/packet.h"

/* l2: the stack starts with an Ethernet header (not the inner stack of IP in IP). */
static inline const char *pkt_hdrs_invariant(const struct sdpa_pkt_hdrs *h, uint32_t len, bool l2)
{
	if (h->l2_off > len || h->l3_off > len || h->l4_off > len || h->payload_off > len ||
	    h->l3_end > len)
		return "an offset is beyond len";
	if (h->payload_off < h->l2_off)
		return "payload_off before l2_off";
	if (h->l3_off && h->l3_off < h->l2_off + (l2 ? SDPA_ETH_HLEN : 0))
		return "l3_off inside the ethernet header";
	if (!l2 && (h->l2_valid_headers || h->l3_off != h->l2_off))
		return "an L2 in a stack without one";
	if (h->l2_type > SDPA_L2_SINGLE_VLAN || h->l3_type > SDPA_L3_IP6 ||
	    h->l4_type > SDPA_L4_ESP)
		return "enum out of range";
	if (h->l2_valid_headers & ~3u)
		return "unknown l2_valid_headers bit";
	if ((h->l2_type == SDPA_L2_NO_VLAN) != (h->l2_valid_headers == 0))
		return "l2_type disagrees with l2_valid_headers";
	if (h->l3_ok > 1 || h->l4_ok > 1 || h->ip4_checksum_ok > 1 || h->ip_fragmented > 1)
		return "a boolean is not 0/1";
	if (h->l3_ok && h->l3_type == SDPA_L3_NONE)
		return "l3_ok without l3";
	if (h->ip4_checksum_ok && h->l3_type != SDPA_L3_IP4)
		return "ip4_checksum_ok without ipv4";
	if (h->l3_type != SDPA_L3_NONE) {
		uint32_t hl =
		        h->l3_type == SDPA_L3_IP4 ? (h->ip4.version_ihl & 0xfu) * 4 : SDPA_IP6_HLEN;
		if (h->l3_off == 0 || h->l3_end < h->l3_off + hl)
			return "l3 header not inside [l3_off, l3_end)";
		if (h->l3_type == SDPA_L3_IP4 && (h->ip4.version_ihl >> 4) != 4)
			return "ipv4 stored with a wrong version";
	}
	if (h->l4_ok && (h->l4_type == SDPA_L4_NONE || h->l4_type == SDPA_L4_OTHER))
		return "l4_ok without a decoded l4";
	if (h->l4_type != SDPA_L4_NONE) {
		uint32_t need = h->l4_type == SDPA_L4_TCP     ? SDPA_TCP_HLEN
		                : h->l4_type == SDPA_L4_UDP   ? SDPA_UDP_HLEN
		                : h->l4_type == SDPA_L4_OTHER ? 0
		                : h->l4_type == SDPA_L4_ESP   ? SDPA_ESP_HLEN
		                                              : SDPA_ICMP_HLEN;
		if (h->l3_type == SDPA_L3_NONE)
			return "l4 without l3";
		if (h->l4_off < h->l3_off || h->l4_off + need > h->l3_end)
			return "l4 header not inside the ip packet";
		if (h->payload_off < h->l4_off + need)
			return "payload_off inside the l4 header";
	}
	if (h->roce) {
		if (h->l4_type != SDPA_L4_UDP || !h->l4_ok ||
		    h->udp.l4_port.dst_port != htobe16(SDPA_ROCEV2_PORT))
			return "roce bth without udp to 4791";
		if (h->payload_off < h->l4_off + SDPA_UDP_HLEN + SDPA_BTH_HLEN ||
		    h->l4_off + SDPA_UDP_HLEN + SDPA_BTH_HLEN > h->l3_end)
			return "roce bth not inside the udp datagram";
	} else if (memcmp(&h->bth, &(struct sdpa_pkt_bth){{0}}, sizeof(h->bth)) != 0) {
		return "bth bytes set without roce";
	}
	return NULL;
}

/* The UDP and GRE tunnels: header inside the outer packet, fields of other types zero,
 * the inner stack (when parsed) after the tunnel header. */
static inline const char *pkt_tun_invariant(const struct sdpa_pkt_info *info, uint32_t len)
{
	const struct sdpa_pkt_tun *t = &info->tun;
	const struct sdpa_pkt_hdrs *o = &info->outer;
	static const uint16_t ports[] = {[SDPA_TUN_VXLAN] = SDPA_VXLAN_PORT,
	                                 [SDPA_TUN_GTPU] = SDPA_GTPU_PORT,
	                                 [SDPA_TUN_MPLS_O_UDP] = SDPA_MPLS_UDP_PORT,
	                                 [SDPA_TUN_GENEVE] = SDPA_GENEVE_PORT};
	bool l2 = true;

	switch (t->type) {
	case SDPA_TUN_VXLAN:
	case SDPA_TUN_GTPU:
	case SDPA_TUN_MPLS_O_UDP:
	case SDPA_TUN_GENEVE: {
		uint16_t dp = be16toh(o->udp.l4_port.dst_port);
		if (o->l4_type != SDPA_L4_UDP ||
		    (dp != ports[t->type] &&
		     !(t->type == SDPA_TUN_VXLAN && dp == SDPA_VXLAN_GPE_PORT)))
			return "udp tunnel without its outer udp port";
		if (t->off != o->l4_off + SDPA_UDP_HLEN)
			return "udp tunnel offset inconsistent";
		break;
	}
	case SDPA_TUN_GRE:
		if (o->l4_type != SDPA_L4_OTHER || t->off != o->l4_off)
			return "gre without an outer ip carrying it";
		break;
	default:
		return "unknown tunnel type";
	}
	if (t->hlen == 0 || t->off + t->hlen > len)
		return "tunnel header length beyond the frame";
	if (t->type != SDPA_TUN_VXLAN && (t->vxlan_tun_id || t->vxlan_flags || t->vxlan_type))
		return "vxlan fields set for another tunnel";
	if (t->type != SDPA_TUN_GRE && (t->gre_key || t->gre_key_present || t->gre_protocol))
		return "gre fields set for another tunnel";
	if (t->type != SDPA_TUN_GTPU && (t->gtp_teid || t->gtp_has_psc))
		return "gtp fields set for another tunnel";
	if ((t->type != SDPA_TUN_MPLS_O_UDP && t->mpls_n) || t->mpls_n > SDPA_MPLS_MAX)
		return "mpls labels wrong";
	if (t->type != SDPA_TUN_GENEVE && t->geneve_opt_words)
		return "geneve options set for another tunnel";
	if (t->type == SDPA_TUN_VXLAN && ((const uint8_t *)&t->vxlan_tun_id)[0] != 0)
		return "vxlan_tun_id high byte not 0";
	if (t->gtp_psc_qfi > 63)
		return "qfi beyond 6 bits";
	if (info->inner.l2_off == 0)
		return NULL; /* inner stack not parsed (unknown payload or a cut tunnel) */
	if (info->inner.l2_off != t->off + t->hlen)
		return "inner stack not right after the tunnel header";
	if (info->inner.l2_off < o->payload_off)
		return "inner starts before the outer payload";
	/* L3 tunnels (inner IP first) have no inner L2. */
	if (info->inner.l3_off == info->inner.l2_off)
		l2 = false;
	return pkt_hdrs_invariant(&info->inner, len, l2);
}

/* GENEVE options (what the option view of flow_geneve.c walks): the words are the frame's,
 * as many as the header's option length says, and the options' own lengths end exactly at
 * that count, unless the parse found the frame malformed (an option running past the
 * options, which a decap drops as a bad tunnel). */
static inline const char *pkt_geneve_opt_invariant(const uint8_t *f, uint32_t len,
                                                   const struct sdpa_pkt_info *info)
{
	const struct sdpa_pkt_tun *t = &info->tun;
	uint32_t n = t->geneve_opt_words, w = 0;

	if (t->type != SDPA_TUN_GENEVE)
		return NULL;
	if (n != (t->geneve_hdr[0] & 0x3fu) || n > SDPA_GENEVE_OPT_MAX ||
	    t->hlen != SDPA_GENEVE_HLEN + 4 * n)
		return "geneve option words differ from the header's options length";
	if (t->off + t->hlen > len ||
	    memcmp(info->geneve_opts, f + t->off + SDPA_GENEVE_HLEN, (size_t)n * 4) != 0)
		return "geneve option words differ from the frame";
	while (w < n)
		w += 1 + (((const uint8_t *)&info->geneve_opts[w])[3] & 0x1fu);
	if (w != n && !(info->flags & SDPA_PKT_MALFORMED))
		return "geneve option running past the options not flagged malformed";
	if (w == n && info->error == SDPA_PKT_ERR_GENEVE_OPT)
		return "geneve options flagged malformed but they end at the options length";
	return NULL;
}

static inline const char *pkt_invariant(const struct sdpa_pkt_info *info, uint32_t len)
{
	static const struct sdpa_pkt_hdrs zero;
	const uint32_t bad = SDPA_PKT_TRUNCATED | SDPA_PKT_MALFORMED | SDPA_PKT_UNSUPPORTED;
	const char *why;

	if (info->len != len)
		return "info->len != len";
	if (info->error >= SDPA_PKT_ERR_COUNT)
		return "error code out of range";
	if ((info->error != SDPA_PKT_OK) != ((info->flags & bad) != 0))
		return "error code and problem flags disagree";
	if (info->flags & ~(bad | SDPA_PKT_ERR_IN_INNER))
		return "unknown flag";
	if (info->error_off > len)
		return "error_off beyond len";
	if ((info->flags & SDPA_PKT_ERR_IN_INNER) && info->tun.type == SDPA_TUN_NONE)
		return "inner error without a tunnel";
	why = pkt_hdrs_invariant(&info->outer, len, true);
	if (why)
		return why;
	if (info->tun.off > len)
		return "tun.off beyond len";
	if (info->tun.type == SDPA_TUN_NONE) {
		if (memcmp(&info->inner, &zero, sizeof(zero)) != 0)
			return "inner headers set without a tunnel";
	} else if (info->tun.type == SDPA_TUN_IP_IN_IP) {
		uint8_t nh = info->outer.l3_type == SDPA_L3_IP4 ? info->outer.ip4.next_proto
		                                                : info->outer.ip6.next_proto;
		if (info->outer.l3_type == SDPA_L3_NONE || info->outer.l4_type != SDPA_L4_OTHER ||
		    (nh != SDPA_IPPROTO_IPIP && nh != SDPA_IPPROTO_IPV6))
			return "ip in ip without an outer ip carrying ip";
		if (info->tun.off != info->outer.l4_off || info->inner.l3_off != info->tun.off)
			return "ip in ip offsets inconsistent";
		if (info->tun.vxlan_tun_id != 0 || info->tun.vxlan_flags != 0)
			return "vxlan fields set for ip in ip";
		why = pkt_hdrs_invariant(&info->inner, len, false);
		if (why)
			return why;
		if (info->inner.l3_type != SDPA_L3_NONE &&
		    info->inner.l3_type != (nh == SDPA_IPPROTO_IPIP ? SDPA_L3_IP4 : SDPA_L3_IP6))
			return "ip in ip inner version disagrees with the outer protocol";
	} else {
		why = pkt_tun_invariant(info, len);
		if (why)
			return why;
	}
	if (info->flags == 0) {
		const struct sdpa_pkt_hdrs *hs[2] = {&info->outer, &info->inner};
		for (int i = 0; i < 2; i++) {
			const struct sdpa_pkt_hdrs *h = hs[i];
			if (h->l3_type != SDPA_L3_NONE && !h->l3_ok)
				return "clean parse but l3 not ok";
			if (h->l4_type != SDPA_L4_NONE && h->l4_type != SDPA_L4_OTHER && !h->l4_ok)
				return "clean parse but l4 not ok";
		}
	}
	return NULL;
}

#endif
