/* SPDX-License-Identifier: BSD-3-Clause
 * Frame builders (see frame_builder.h).
 *
 * The frame is written front to back, innermost payload first in effect: a stack writes
 * its L2/L3/L4 headers, recurses into the VXLAN inner frame or writes the payload, and
 * only then fills its own length fields and checksums, because the outer UDP checksum
 * and lengths cover the inner frame.
 */
#include <string.h>

#include "core/log.h"
#include "core/util.h"
#include "nic/frame_builder.h"

SDPA_LOG_REGISTER(nic_frame_builder);

static uint32_t ip6_ext_len(const struct sdpa_frame_spec *s)
{
	return (uint32_t)s->nr_ip6_ext * 8; /* every extension header we build is 8 bytes */
}

static uint32_t l3_len(const struct sdpa_frame_spec *s)
{
	if (s->l3 == SDPA_L3_IP4)
		return SDPA_IP4_HLEN + s->ip4_opt_len;
	if (s->l3 == SDPA_L3_IP6)
		return SDPA_IP6_HLEN + ip6_ext_len(s);
	return 0;
}

static uint32_t l4_len(const struct sdpa_frame_spec *s)
{
	switch (s->l4) {
	case SDPA_L4_TCP:
		return SDPA_TCP_HLEN + s->tcp_opt_len;
	case SDPA_L4_UDP:
		return SDPA_UDP_HLEN;
	case SDPA_L4_ICMP:
	case SDPA_L4_ICMP6:
		return SDPA_ICMP_HLEN;
	default:
		return 0;
	}
}

static bool check_stack(const struct sdpa_frame_spec *s, bool inner)
{
	const char *w = inner ? "inner " : "";

	if (s->nr_vlans > SDPA_VLAN_MAX) {
		DOCA_LOG_ERR("sdpa_frame_build: %snr_vlans %u > 2; use 0, 1 or 2 tags", w,
		             s->nr_vlans);
		return false;
	}
	if (s->l3 > SDPA_L3_IP6) {
		DOCA_LOG_ERR("sdpa_frame_build: %sl3 %u unknown; use SDPA_L3_NONE, _IP4 or _IP6", w,
		             s->l3);
		return false;
	}
	if (s->dscp > 63 || s->ecn > 3 || s->flow_label > 0xfffff || s->frag_offset > 8191) {
		DOCA_LOG_ERR(
		        "sdpa_frame_build: %sdscp %u/ecn %u/flow_label 0x%x/frag_offset %u out "
		        "of range; limits are 63/3/0xfffff/8191",
		        w, s->dscp, s->ecn, s->flow_label, s->frag_offset);
		return false;
	}
	if (s->ip4_opt_len > 40 || s->ip4_opt_len % 4 || s->tcp_opt_len > 40 ||
	    s->tcp_opt_len % 4) {
		DOCA_LOG_ERR("sdpa_frame_build: %sip4_opt_len %u / tcp_opt_len %u invalid; use a "
		             "multiple of 4 up to 40",
		             w, s->ip4_opt_len, s->tcp_opt_len);
		return false;
	}
	if (s->nr_ip6_ext > 4 || (s->nr_ip6_ext && s->l3 != SDPA_L3_IP6)) {
		DOCA_LOG_ERR("sdpa_frame_build: %snr_ip6_ext %u invalid; up to 4, and only with "
		             "SDPA_L3_IP6",
		             w, s->nr_ip6_ext);
		return false;
	}
	bool has_frag = false;
	for (unsigned int i = 0; i < s->nr_ip6_ext; i++) {
		uint8_t t = s->ip6_ext[i];
		has_frag |= t == SDPA_IPPROTO_FRAGMENT;
		if (t != SDPA_IPPROTO_HOPOPTS && t != SDPA_IPPROTO_ROUTING &&
		    t != SDPA_IPPROTO_DSTOPTS && t != SDPA_IPPROTO_FRAGMENT) {
			DOCA_LOG_ERR("sdpa_frame_build: %sip6_ext[%u] = %u is not an extension "
			             "header the builder makes; use HOPOPTS, ROUTING, DSTOPTS or "
			             "FRAGMENT",
			             w, i, t);
			return false;
		}
	}
	if (s->l3 == SDPA_L3_IP6 && !has_frag && (s->frag_offset || s->more_frags)) {
		DOCA_LOG_ERR("sdpa_frame_build: %sIPv6 frag_offset/more_frags need a FRAGMENT "
		             "extension header; add SDPA_IPPROTO_FRAGMENT to ip6_ext",
		             w);
		return false;
	}
	if (s->l4 > SDPA_L4_OTHER) {
		DOCA_LOG_ERR("sdpa_frame_build: %sl4 %u unknown; use an enum sdpa_l4_type value", w,
		             s->l4);
		return false;
	}
	if (s->l4 != SDPA_L4_NONE && s->l3 == SDPA_L3_NONE) {
		DOCA_LOG_ERR("sdpa_frame_build: %sl4 %u needs an IP header; set l3 to SDPA_L3_IP4 "
		             "or SDPA_L3_IP6",
		             w, s->l4);
		return false;
	}
	if ((s->l4 == SDPA_L4_ICMP && s->l3 != SDPA_L3_IP4) ||
	    (s->l4 == SDPA_L4_ICMP6 && s->l3 != SDPA_L3_IP6)) {
		DOCA_LOG_ERR("sdpa_frame_build: %s%s over %s; ICMP goes with IPv4 and ICMPv6 with "
		             "IPv6",
		             w, s->l4 == SDPA_L4_ICMP ? "ICMP" : "ICMPv6",
		             s->l3 == SDPA_L3_IP4 ? "IPv4" : "IPv6");
		return false;
	}
	if (s->l4 == SDPA_L4_OTHER && s->ip_proto == 0) {
		DOCA_LOG_ERR("sdpa_frame_build: %sl4 SDPA_L4_OTHER needs ip_proto; set the IP "
		             "protocol number",
		             w);
		return false;
	}
	if (s->udp_zero_csum && s->l3 != SDPA_L3_IP4) {
		DOCA_LOG_ERR("sdpa_frame_build: %sudp_zero_csum over IPv6 is not a valid frame; "
		             "use it with IPv4 only",
		             w);
		return false;
	}
	if (s->vxlan_inner) {
		if (inner) {
			DOCA_LOG_ERR("sdpa_frame_build: nested VXLAN (inner spec has vxlan_inner) "
			             "is not supported; set inner vxlan_inner to NULL");
			return false;
		}
		if (s->l4 != SDPA_L4_UDP || s->vni > 0xffffff) {
			DOCA_LOG_ERR("sdpa_frame_build: VXLAN needs l4 SDPA_L4_UDP and vni <= "
			             "0xffffff (l4 %u, vni 0x%x)",
			             s->l4, s->vni);
			return false;
		}
		return check_stack(s->vxlan_inner, true);
	}
	return true;
}

static uint32_t stack_hdr_len(const struct sdpa_frame_spec *s)
{
	uint32_t n = SDPA_ETH_HLEN + (uint32_t)s->nr_vlans * SDPA_VLAN_HLEN + l3_len(s) + l4_len(s);

	if (s->vxlan_inner)
		n += SDPA_VXLAN_HLEN + stack_hdr_len(s->vxlan_inner);
	return n;
}

uint32_t sdpa_frame_hdr_len(const struct sdpa_frame_spec *spec)
{
	if (!spec) {
		DOCA_LOG_ERR("sdpa_frame_hdr_len: spec is NULL; pass a filled struct "
		             "sdpa_frame_spec");
		return 0;
	}
	if (!check_stack(spec, false))
		return 0;
	return stack_hdr_len(spec);
}

static uint8_t ip_proto_of(const struct sdpa_frame_spec *s)
{
	static const uint8_t by_l4[] = {
	        [SDPA_L4_NONE] = SDPA_IPPROTO_NONE,    [SDPA_L4_TCP] = SDPA_IPPROTO_TCP,
	        [SDPA_L4_UDP] = SDPA_IPPROTO_UDP,      [SDPA_L4_ICMP] = SDPA_IPPROTO_ICMP,
	        [SDPA_L4_ICMP6] = SDPA_IPPROTO_ICMPV6,
	};

	if (s->ip_proto)
		return s->ip_proto;
	return s->l4 < SDPA_ARRAY_SIZE(by_l4) ? by_l4[s->l4] : SDPA_IPPROTO_NONE;
}

/* Pseudo-header sum for the L4 checksum. */
static uint32_t pseudo_sum(const struct sdpa_frame_spec *s, const uint8_t *ip, uint8_t proto,
                           uint32_t l4len)
{
	uint32_t sum;

	if (s->l3 == SDPA_L3_IP4)
		sum = sdpa_csum_partial(ip + 12, 8, 0);
	else
		sum = sdpa_csum_partial(ip + 8, 32, 0);
	sum = (sum & 0xffff) + (sum >> 16);
	return sum + proto + (l4len >> 16) + (l4len & 0xffff);
}

/* Write one stack at buf+off with 'pl' payload bytes after the innermost header; return
 * the end offset of what it wrote (the end of the IP packet / L2 payload). */
static uint32_t write_stack(const struct sdpa_frame_spec *s, uint8_t *buf, uint32_t off,
                            uint32_t pl)
{
	uint8_t *e = buf + off;
	uint32_t p = off + 12;

	memcpy(e, s->dst_mac, 6);
	memcpy(e + 6, s->src_mac, 6);
	for (unsigned int i = 0; i < s->nr_vlans; i++) {
		uint16_t tpid = s->vlan_tpid[i];
		if (!tpid)
			tpid = (s->nr_vlans == 2 && i == 0) ? SDPA_ETH_P_QINQ : SDPA_ETH_P_VLAN;
		sdpa_put_be16(buf + p, tpid);
		sdpa_put_be16(buf + p + 2, s->vlan_tci[i]);
		p += 4;
	}
	uint16_t et = s->l3 == SDPA_L3_IP4   ? SDPA_ETH_P_IPV4
	              : s->l3 == SDPA_L3_IP6 ? SDPA_ETH_P_IPV6
	              : s->ethertype         ? s->ethertype
	                                     : SDPA_FRAME_ETHERTYPE_DEFAULT;
	sdpa_put_be16(buf + p, et);
	p += 2;

	uint32_t l3 = p;
	uint32_t l4 = l3 + l3_len(s);
	uint32_t data = l4 + l4_len(s);
	uint32_t end;
	if (s->vxlan_inner) {
		uint8_t *v = buf + data;
		memset(v, 0, SDPA_VXLAN_HLEN);
		v[0] = s->vxlan_flags ? s->vxlan_flags : 0x08;
		v[4] = (uint8_t)(s->vni >> 16);
		v[5] = (uint8_t)(s->vni >> 8);
		v[6] = (uint8_t)s->vni;
		end = write_stack(s->vxlan_inner, buf, data + SDPA_VXLAN_HLEN, pl);
	} else {
		for (uint32_t i = 0; i < pl; i++)
			buf[data + i] = (uint8_t)i;
		end = data + pl;
	}
	if (s->l3 == SDPA_L3_NONE)
		return end;

	uint8_t proto = ip_proto_of(s);
	uint8_t *l4p = buf + l4;
	uint32_t l4len = end - l4;
	uint8_t ttl = s->ttl ? s->ttl : 64;
	uint8_t *ip = buf + l3;
	uint8_t first_nh = proto;
	if (s->l3 == SDPA_L3_IP4) {
		uint32_t hl = SDPA_IP4_HLEN + s->ip4_opt_len;
		ip[0] = (uint8_t)(0x40 | hl / 4);
		ip[1] = (uint8_t)(s->dscp << 2 | s->ecn);
		sdpa_put_be16(ip + 2, (uint16_t)(end - l3));
		sdpa_put_be16(ip + 4, s->ip_id);
		sdpa_put_be16(ip + 6, (uint16_t)((s->ip_df ? 0x4000 : 0) |
		                                 (s->more_frags ? 0x2000 : 0) | s->frag_offset));
		ip[8] = ttl;
		ip[9] = proto;
		sdpa_put_be16(ip + 10, 0);
		sdpa_put_be32(ip + 12, s->ip4_src);
		sdpa_put_be32(ip + 16, s->ip4_dst);
		memset(ip + SDPA_IP4_HLEN, 1, s->ip4_opt_len); /* NOP options */
	} else {
		if (s->nr_ip6_ext)
			first_nh = s->ip6_ext[0];
		sdpa_put_be32(ip,
		              6u << 28 | (uint32_t)(s->dscp << 2 | s->ecn) << 20 | s->flow_label);
		sdpa_put_be16(ip + 4, (uint16_t)(end - l3 - SDPA_IP6_HLEN));
		ip[6] = first_nh;
		ip[7] = ttl;
		memcpy(ip + 8, s->ip6_src, 16);
		memcpy(ip + 24, s->ip6_dst, 16);
		for (unsigned int i = 0; i < s->nr_ip6_ext; i++) {
			uint8_t *x = ip + SDPA_IP6_HLEN + 8 * i;
			x[0] = i + 1 < s->nr_ip6_ext ? s->ip6_ext[i + 1] : proto;
			x[1] = 0; /* 8 bytes long */
			if (s->ip6_ext[i] == SDPA_IPPROTO_FRAGMENT) {
				sdpa_put_be16(x + 2, (uint16_t)(s->frag_offset << 3 |
				                                (s->more_frags ? 1 : 0)));
				sdpa_put_be32(x + 4, s->ip_id);
			} else if (s->ip6_ext[i] == SDPA_IPPROTO_ROUTING) {
				x[2] = 253; /* experimental routing type, segments left 0 */
				memset(x + 3, 0, 5);
			} else {
				x[2] = 1; /* PadN option filling the header */
				x[3] = 4;
				memset(x + 4, 0, 4);
			}
		}
	}

	uint16_t csum;
	switch (s->l4) {
	case SDPA_L4_TCP:
		sdpa_put_be16(l4p, s->src_port);
		sdpa_put_be16(l4p + 2, s->dst_port);
		sdpa_put_be32(l4p + 4, s->tcp_seq);
		sdpa_put_be32(l4p + 8, s->tcp_ack);
		l4p[12] = (uint8_t)((SDPA_TCP_HLEN + s->tcp_opt_len) / 4 << 4);
		l4p[13] = s->tcp_flags;
		sdpa_put_be16(l4p + 14, s->tcp_window);
		sdpa_put_be32(l4p + 16, 0); /* checksum, urgent pointer */
		memset(l4p + SDPA_TCP_HLEN, 1, s->tcp_opt_len);
		csum = sdpa_csum_fold(sdpa_csum_partial(l4p, l4len, pseudo_sum(s, ip, 6, l4len)));
		sdpa_put_be16(l4p + 16, csum);
		break;
	case SDPA_L4_UDP:
		sdpa_put_be16(l4p, s->src_port);
		sdpa_put_be16(l4p + 2,
		              s->vxlan_inner && !s->dst_port ? SDPA_VXLAN_PORT : s->dst_port);
		sdpa_put_be16(l4p + 4, (uint16_t)l4len);
		sdpa_put_be16(l4p + 6, 0);
		if (s->udp_zero_csum)
			break;
		csum = sdpa_csum_fold(sdpa_csum_partial(l4p, l4len, pseudo_sum(s, ip, 17, l4len)));
		sdpa_put_be16(l4p + 6, csum ? csum : 0xffff); /* 0 would mean "no checksum" */
		break;
	case SDPA_L4_ICMP:
	case SDPA_L4_ICMP6:
		l4p[0] = s->icmp_type;
		l4p[1] = s->icmp_code;
		sdpa_put_be16(l4p + 2, 0);
		sdpa_put_be16(l4p + 4, s->icmp_ident);
		sdpa_put_be16(l4p + 6, s->icmp_seq);
		if (s->l4 == SDPA_L4_ICMP)
			csum = sdpa_csum_fold(sdpa_csum_partial(l4p, l4len, 0));
		else
			csum = sdpa_csum_fold(
			        sdpa_csum_partial(l4p, l4len, pseudo_sum(s, ip, 58, l4len)));
		sdpa_put_be16(l4p + 2, csum);
		break;
	default:
		break;
	}
	if (s->l3 == SDPA_L3_IP4)
		sdpa_put_be16(ip + 10, sdpa_csum_fold(sdpa_csum_partial(ip, l4 - l3, 0)));
	return end;
}

uint32_t sdpa_frame_build(const struct sdpa_frame_spec *spec, uint8_t *buf, uint32_t cap)
{
	if (!spec || !buf) {
		DOCA_LOG_ERR("sdpa_frame_build: %s is NULL; pass a spec and a buffer",
		             !spec ? "spec" : "buf");
		return 0;
	}
	if (!check_stack(spec, false))
		return 0;

	uint32_t hl = stack_hdr_len(spec);
	uint32_t pl = spec->payload_len;
	if (spec->frame_len) {
		if (spec->frame_len < SDPA_FRAME_MIN || spec->frame_len > SDPA_FRAME_MAX ||
		    spec->frame_len < hl) {
			DOCA_LOG_ERR(
			        "sdpa_frame_build: frame_len %u invalid; it must be %u..%u and "
			        "hold the %u header bytes",
			        spec->frame_len, SDPA_FRAME_MIN, SDPA_FRAME_MAX, hl);
			return 0;
		}
		pl = spec->frame_len - hl;
	} else if (pl > SDPA_FRAME_MAX - hl) {
		DOCA_LOG_ERR("sdpa_frame_build: %u header bytes + payload_len %u exceed %u; use a "
		             "smaller payload_len",
		             hl, pl, SDPA_FRAME_MAX);
		return 0;
	}
	uint32_t n = hl + pl;
	uint32_t total = (n < SDPA_FRAME_MIN && !spec->no_pad) ? SDPA_FRAME_MIN : n;
	if (total > cap) {
		DOCA_LOG_ERR("sdpa_frame_build: frame needs %u bytes but the buffer holds %u; pass "
		             "a larger buffer",
		             total, cap);
		return 0;
	}
	uint32_t end = write_stack(spec, buf, 0, pl);
	memset(buf + end, 0, total - end); /* Ethernet padding, outside every IP length */
	return total;
}
