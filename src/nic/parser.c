/* SPDX-License-Identifier: BSD-3-Clause
 * Packet parser (see packet.h for the contract).
 *
 * Bounds discipline: every header read is preceded by a check of the form
 * "end - off < need" where off <= end <= len always holds, so the subtraction cannot wrap
 * and no byte at or past 'len' is ever touched. 'end' is the frame length for the outer
 * L2/L3 headers and the end of the enclosing IP packet (clamped to the frame) for
 * anything carried inside IP.
 */
#include <stddef.h>
#include <string.h>

#include "core/util.h"
#include "nic/packet.h"
#include "nic/parse_lite.h"

struct pctx {
	const uint8_t *f;
	uint32_t len;
	struct sdpa_pkt_info *info;
	struct sdpa_pkt_hdrs *h;
	bool inner;
	bool l2_whole; /* the L2/L3 headers sit in an IP packet whose length is consistent */
};

static const char *const error_names[SDPA_PKT_ERR_COUNT] = {
        [SDPA_PKT_OK] = "no error",
        [SDPA_PKT_ERR_ETH_TRUNC] = "ethernet header truncated",
        [SDPA_PKT_ERR_VLAN_TRUNC] = "vlan tag truncated",
        [SDPA_PKT_ERR_VLAN_DEPTH] = "more than 2 vlan tags",
        [SDPA_PKT_ERR_IP4_TRUNC] = "ipv4 header truncated",
        [SDPA_PKT_ERR_IP4_VERSION] = "ip version mismatch (ethertype ipv4)",
        [SDPA_PKT_ERR_IP4_IHL] = "ipv4 ihl < 5",
        [SDPA_PKT_ERR_IP4_OPT_TRUNC] = "ipv4 ihl beyond frame",
        [SDPA_PKT_ERR_IP4_TOTAL_LEN_SHORT] = "ipv4 total_len < header length",
        [SDPA_PKT_ERR_IP4_TOTAL_LEN_BEYOND] = "ipv4 total_len beyond frame",
        [SDPA_PKT_ERR_IP6_TRUNC] = "ipv6 header truncated",
        [SDPA_PKT_ERR_IP6_VERSION] = "ip version mismatch (ethertype ipv6)",
        [SDPA_PKT_ERR_IP6_PAYLOAD_BEYOND] = "ipv6 payload_len beyond frame",
        [SDPA_PKT_ERR_IP6_EXT_TRUNC] = "ipv6 extension header truncated",
        [SDPA_PKT_ERR_IP6_EXT_BEYOND] = "ipv6 extension header beyond payload_len",
        [SDPA_PKT_ERR_BEYOND_IP] = "header beyond ip packet length",
        [SDPA_PKT_ERR_TCP_TRUNC] = "tcp header truncated",
        [SDPA_PKT_ERR_TCP_DOFF] = "tcp data offset < 5",
        [SDPA_PKT_ERR_UDP_TRUNC] = "udp header truncated",
        [SDPA_PKT_ERR_UDP_LEN] = "udp length invalid",
        [SDPA_PKT_ERR_ICMP_TRUNC] = "icmp header truncated",
        [SDPA_PKT_ERR_VXLAN_TRUNC] = "vxlan header truncated",
        [SDPA_PKT_ERR_GRE_TRUNC] = "gre header truncated",
        [SDPA_PKT_ERR_GENEVE_TRUNC] = "geneve header truncated",
        [SDPA_PKT_ERR_GENEVE_OPT] = "geneve option beyond options length",
        [SDPA_PKT_ERR_GTPU_TRUNC] = "gtp-u header truncated",
        [SDPA_PKT_ERR_GTPU_EXT] = "gtp-u extension header length 0",
        [SDPA_PKT_ERR_MPLS_TRUNC] = "mpls label truncated",
        [SDPA_PKT_ERR_MPLS_DEPTH] = "more than 5 mpls labels",
        [SDPA_PKT_ERR_ESP_TRUNC] = "esp header truncated",
        [SDPA_PKT_ERR_BTH_TRUNC] = "roce bth header truncated",
};

const char *sdpa_pkt_error_name(uint32_t error)
{
	if (error >= SDPA_PKT_ERR_COUNT)
		return "unknown parser error";
	return error_names[error];
}

/* Record a problem. Every one adds its flag; the first keeps its code and offset, except
 * that a truncated header replaces an earlier "IP length beyond the frame": the cut is
 * the more specific cause of both. */
static void problem(struct pctx *c, uint32_t flag, uint32_t err, uint32_t off)
{
	struct sdpa_pkt_info *info = c->info;

	info->flags |= flag;
	if (info->error == SDPA_PKT_OK ||
	    (flag == SDPA_PKT_TRUNCATED && (info->error == SDPA_PKT_ERR_IP4_TOTAL_LEN_BEYOND ||
	                                    info->error == SDPA_PKT_ERR_IP6_PAYLOAD_BEYOND))) {
		info->error = err;
		info->error_off = off;
		if (c->inner)
			info->flags |= SDPA_PKT_ERR_IN_INNER;
		else
			info->flags &= ~(uint32_t)SDPA_PKT_ERR_IN_INNER;
	}
}

/* A header at 'off' does not fit in what encloses it. If that is an IP packet whose own
 * length is consistent ('whole'), the header is bogus: MALFORMED. Otherwise the frame was
 * cut: TRUNCATED, with the header's own code. */
static void short_hdr(struct pctx *c, bool whole, uint32_t err, uint32_t off)
{
	if (whole)
		problem(c, SDPA_PKT_MALFORMED, SDPA_PKT_ERR_BEYOND_IP, off);
	else
		problem(c, SDPA_PKT_TRUNCATED, err, off);
}

uint32_t sdpa_csum_partial(const uint8_t *p, uint32_t n, uint32_t sum)
{
	uint64_t s = 0;
	uint32_t a, b, c, d;
	uint16_t w;

	/* Sum native-order words (RFC 1071: the ones' complement sum is byte-order
	 * independent, so only the folded result needs converting), 4 loads per round. */
	while (n >= 16) {
		memcpy(&a, p, 4);
		memcpy(&b, p + 4, 4);
		memcpy(&c, p + 8, 4);
		memcpy(&d, p + 12, 4);
		s += (uint64_t)a + b + c + d;
		p += 16;
		n -= 16;
	}
	while (n >= 4) {
		memcpy(&a, p, 4);
		s += a;
		p += 4;
		n -= 4;
	}
	if (n >= 2) {
		memcpy(&w, p, 2);
		s += w;
		p += 2;
		n -= 2;
	}
	if (n) {
		const uint8_t tail[2] = {p[0], 0}; /* high byte of a big-endian word */
		memcpy(&w, tail, 2);
		s += w;
	}
	s = (s & 0xffffffffu) + (s >> 32);
	s = (s & 0xffffffffu) + (s >> 32);
	s = (s & 0xffff) + (s >> 16);
	s = (s & 0xffff) + (s >> 16);
	s = (s & 0xffff) + (s >> 16);
	w = (uint16_t)s;
	uint8_t be[2];
	memcpy(be, &w, 2);
	sum = (sum & 0xffff) + (sum >> 16); /* room for the addition below */
	return sum + sdpa_be16(be);
}

uint16_t sdpa_csum_fold(uint32_t sum)
{
	sum = (sum & 0xffff) + (sum >> 16);
	sum = (sum & 0xffff) + (sum >> 16);
	return (uint16_t)~sum;
}

/* Zero what a parse defines (all but the GENEVE option words) in 64-byte blocks, the last
 * one overlapping: one memset of it compiles to rep stos, whose start-up cost was a third
 * of a small frame's parse. */
static inline void zero_info(struct sdpa_pkt_info *info)
{
	enum { N = offsetof(struct sdpa_pkt_info, geneve_opts) };
	_Static_assert(N >= 64, "zero_info's last block overlaps");
	uint8_t *z = (uint8_t *)info;

	for (uint32_t i = 0; i + 64 <= N; i += 64)
		memset(z + i, 0, 64);
	memset(z + N - 64, 0, 64);
}

/* An IPv4 header's checksum verifies: the ones' complement sum of its words is 0xffff. The
 * sum is byte-order independent, so the header is summed as native 32-bit words (hl is a
 * multiple of 4), with no call: every IPv4 frame's parse pays it. */
static inline bool ip4_csum_ok(const uint8_t *ip, uint32_t hl)
{
	uint32_t w[5];
	uint64_t s;

	memcpy(w, ip, 20); /* hl >= 20 */
	s = (uint64_t)w[0] + w[1] + w[2] + w[3] + w[4];
	for (uint32_t i = 20; i < hl; i += 4) { /* options */
		memcpy(w, ip + i, 4);
		s += w[0];
	}
	s = (s & 0xffffffffu) + (s >> 32);
	s = (s & 0xffff) + (s >> 16);
	s = (s & 0xffff) + (s >> 16);
	s = (s & 0xffff) + (s >> 16);
	return s == 0xffff;
}

static void parse_l4(struct pctx *c, uint32_t q, uint8_t proto)
{
	struct sdpa_pkt_hdrs *h = c->h;
	const uint8_t *f = c->f;
	uint32_t end = h->l3_end;

	h->l4_off = q;
	switch (proto) {
	case SDPA_IPPROTO_TCP: {
		if (end - q < SDPA_TCP_HLEN) {
			short_hdr(c, h->l3_ok, SDPA_PKT_ERR_TCP_TRUNC, q);
			return;
		}
		memcpy(&h->tcp.l4_port, f + q, 4);
		memcpy(&h->tcp.seq_num, f + q + 4, 4);
		memcpy(&h->tcp.ack_num, f + q + 8, 4);
		h->tcp.data_offset = f[q + 12];
		h->tcp.flags = f[q + 13];
		h->l4_type = SDPA_L4_TCP;
		h->payload_off = q + SDPA_TCP_HLEN;
		uint32_t doff = (uint32_t)(f[q + 12] >> 4) * 4;
		if (doff < SDPA_TCP_HLEN) {
			problem(c, SDPA_PKT_MALFORMED, SDPA_PKT_ERR_TCP_DOFF, q);
			return;
		}
		if (end - q < doff) {
			short_hdr(c, h->l3_ok, SDPA_PKT_ERR_TCP_TRUNC, q);
			return;
		}
		h->payload_off = q + doff;
		h->l4_ok = 1;
		return;
	}
	case SDPA_IPPROTO_UDP: {
		if (end - q < SDPA_UDP_HLEN) {
			short_hdr(c, h->l3_ok, SDPA_PKT_ERR_UDP_TRUNC, q);
			return;
		}
		memcpy(&h->udp.l4_port, f + q, 4);
		h->l4_type = SDPA_L4_UDP;
		h->payload_off = q + SDPA_UDP_HLEN;
		uint32_t ulen = sdpa_be16(f + q + 4);
		if (ulen < SDPA_UDP_HLEN || ulen > end - q) {
			problem(c, SDPA_PKT_MALFORMED, SDPA_PKT_ERR_UDP_LEN, q);
			return;
		}
		h->l4_ok = 1;
		/* RoCEv2: the BTH right after the UDP header, within the UDP length. */
		if (sdpa_be16(f + q + 2) == SDPA_ROCEV2_PORT) {
			if (ulen - SDPA_UDP_HLEN < SDPA_BTH_HLEN) {
				problem(c, SDPA_PKT_TRUNCATED, SDPA_PKT_ERR_BTH_TRUNC,
				        q + SDPA_UDP_HLEN);
				return;
			}
			memcpy(h->bth.b, f + q + SDPA_UDP_HLEN, SDPA_BTH_HLEN);
			h->roce = 1;
			h->payload_off = q + SDPA_UDP_HLEN + SDPA_BTH_HLEN;
		}
		return;
	}
	case SDPA_IPPROTO_ESP:
		if (end - q < SDPA_ESP_HLEN) {
			short_hdr(c, h->l3_ok, SDPA_PKT_ERR_ESP_TRUNC, q);
			h->l4_type = SDPA_L4_OTHER;
			return;
		}
		memcpy(&h->esp.spi, f + q, 4);
		memcpy(&h->esp.sn, f + q + 4, 4);
		h->l4_type = SDPA_L4_ESP;
		h->payload_off = q + SDPA_ESP_HLEN;
		h->l4_ok = 1;
		return;
	case SDPA_IPPROTO_ICMP:
	case SDPA_IPPROTO_ICMPV6: {
		/* ICMP belongs to IPv4 and ICMPv6 to IPv6; the other pairing is just "other". */
		bool v4 = h->l3_type == SDPA_L3_IP4;
		if (v4 != (proto == SDPA_IPPROTO_ICMP))
			break;
		if (end - q < SDPA_ICMP_HLEN) {
			short_hdr(c, h->l3_ok, SDPA_PKT_ERR_ICMP_TRUNC, q);
			return;
		}
		h->icmp.type = f[q];
		h->icmp.code = f[q + 1];
		memcpy(&h->icmp.ident, f + q + 4, 2);
		h->l4_type = v4 ? SDPA_L4_ICMP : SDPA_L4_ICMP6;
		h->payload_off = q + SDPA_ICMP_HLEN;
		h->l4_ok = 1;
		return;
	}
	case SDPA_IPPROTO_NONE:
		if (h->l3_type == SDPA_L3_IP6)
			return;
		break;
	default:
		break;
	}
	h->l4_type = SDPA_L4_OTHER;
}

static void parse_ip4(struct pctx *c, uint32_t p, uint32_t end)
{
	struct sdpa_pkt_hdrs *h = c->h;
	const uint8_t *ip = c->f + p;

	if (end - p < SDPA_IP4_HLEN) {
		short_hdr(c, c->l2_whole, SDPA_PKT_ERR_IP4_TRUNC, p);
		return;
	}
	if ((ip[0] >> 4) != 4) {
		problem(c, SDPA_PKT_MALFORMED, SDPA_PKT_ERR_IP4_VERSION, p);
		return;
	}
	uint32_t hl = (uint32_t)(ip[0] & 0xf) * 4;
	if (hl < SDPA_IP4_HLEN) {
		problem(c, SDPA_PKT_MALFORMED, SDPA_PKT_ERR_IP4_IHL, p);
		return;
	}
	if (end - p < hl) {
		short_hdr(c, c->l2_whole, SDPA_PKT_ERR_IP4_OPT_TRUNC, p);
		return;
	}
	h->ip4.version_ihl = ip[0];
	h->ip4.dscp_ecn = ip[1];
	memcpy(&h->ip4.total_len, ip + 2, 2);
	memcpy(&h->ip4.identification, ip + 4, 2);
	memcpy(&h->ip4.flags_fragment_offset, ip + 6, 2);
	h->ip4.ttl = ip[8];
	h->ip4.next_proto = ip[9];
	memcpy(&h->ip4.src_ip, ip + 12, 4);
	memcpy(&h->ip4.dst_ip, ip + 16, 4);
	h->l3_type = SDPA_L3_IP4;
	h->ip4_checksum_ok = ip4_csum_ok(ip, hl);
	h->payload_off = p + hl;

	uint32_t frag = sdpa_be16(ip + 6);
	h->ip_fragmented = (frag & 0x3fff) != 0; /* MF or a non-zero offset */

	uint32_t total = sdpa_be16(ip + 2);
	if (total < hl) {
		problem(c, SDPA_PKT_MALFORMED, SDPA_PKT_ERR_IP4_TOTAL_LEN_SHORT, p);
		h->l3_end = p + hl;
		return;
	}
	if (total > end - p) {
		/* Keep going: the headers may still be whole, and a cut inside them should
		 * also show as TRUNCATED. */
		problem(c, SDPA_PKT_MALFORMED, SDPA_PKT_ERR_IP4_TOTAL_LEN_BEYOND, p);
		h->l3_end = end;
	} else {
		h->l3_end = p + total;
		h->l3_ok = 1;
	}
	if (frag & 0x1fff) {
		h->l4_off = p + hl; /* fragment data, no L4 header in it */
		return;
	}
	parse_l4(c, p + hl, ip[9]);
}

static void parse_ip6(struct pctx *c, uint32_t p, uint32_t end)
{
	struct sdpa_pkt_hdrs *h = c->h;
	const uint8_t *f = c->f;
	const uint8_t *ip = f + p;

	if (end - p < SDPA_IP6_HLEN) {
		short_hdr(c, c->l2_whole, SDPA_PKT_ERR_IP6_TRUNC, p);
		return;
	}
	if ((ip[0] >> 4) != 6) {
		problem(c, SDPA_PKT_MALFORMED, SDPA_PKT_ERR_IP6_VERSION, p);
		return;
	}
	uint32_t w0 = sdpa_be32(ip);
	h->ip6.traffic_class = (uint8_t)(w0 >> 20);
	sdpa_put_be32((uint8_t *)&h->ip6.flow_label, w0 & 0xfffff);
	memcpy(&h->ip6.payload_len, ip + 4, 2);
	h->ip6.next_proto = ip[6];
	h->ip6.hop_limit = ip[7];
	memcpy(h->ip6.src_ip, ip + 8, 16);
	memcpy(h->ip6.dst_ip, ip + 24, 16);
	h->l3_type = SDPA_L3_IP6;

	uint32_t q = p + SDPA_IP6_HLEN;
	uint32_t plen = sdpa_be16(ip + 4);
	uint8_t nh = ip[6];
	h->payload_off = q;
	if (plen == 0 && nh == SDPA_IPPROTO_HOPOPTS) {
		h->l3_end = end; /* jumbogram (RFC 2675): the length is in an option */
		h->l3_ok = 1;
	} else if (plen > end - q) {
		problem(c, SDPA_PKT_MALFORMED, SDPA_PKT_ERR_IP6_PAYLOAD_BEYOND, p);
		h->l3_end = end;
	} else {
		h->l3_end = q + plen;
		h->l3_ok = 1;
	}

	uint32_t lim = h->l3_end;
	for (;;) {
		uint32_t el;

		if (nh == SDPA_IPPROTO_HOPOPTS || nh == SDPA_IPPROTO_ROUTING ||
		    nh == SDPA_IPPROTO_DSTOPTS) {
			if (lim - q < 8 || lim - q < (el = ((uint32_t)f[q + 1] + 1) * 8))
				goto ext_short;
		} else if (nh == SDPA_IPPROTO_FRAGMENT) {
			el = 8;
			if (lim - q < el)
				goto ext_short;
			h->ip_fragmented = 1;
			if (sdpa_be16(f + q + 2) & 0xfff8) {
				/* Not the first fragment: what follows is data, not a header. */
				h->ip6.next_proto = f[q];
				h->l4_off = q + el;
				h->payload_off = q + el;
				return;
			}
		} else {
			break;
		}
		nh = f[q];
		q += el;
		h->payload_off = q;
	}
	h->ip6.next_proto = nh;
	parse_l4(c, q, nh);
	return;

ext_short:
	h->ip6.next_proto = nh;
	if (h->l3_ok)
		problem(c, SDPA_PKT_MALFORMED, SDPA_PKT_ERR_IP6_EXT_BEYOND, q);
	else
		problem(c, SDPA_PKT_TRUNCATED, SDPA_PKT_ERR_IP6_EXT_TRUNC, q);
}

/* One Ethernet/VLAN/IP/L4 stack starting at 'off', bounded by 'end'. */
static void parse_stack(struct pctx *c, uint32_t off, uint32_t end)
{
	struct sdpa_pkt_hdrs *h = c->h;
	const uint8_t *f = c->f;

	h->l2_off = off;
	h->payload_off = off;
	if (end - off < SDPA_ETH_HLEN) {
		short_hdr(c, c->l2_whole, SDPA_PKT_ERR_ETH_TRUNC, off);
		return;
	}
	memcpy(h->eth.dst_mac, f + off, 6);
	memcpy(h->eth.src_mac, f + off + 6, 6);

	uint32_t p = off + SDPA_ETH_HLEN;
	uint16_t type = sdpa_be16(f + off + 12);
	unsigned int n = 0;
	while (type == SDPA_ETH_P_VLAN || type == SDPA_ETH_P_QINQ) {
		if (n == SDPA_VLAN_MAX) {
			memcpy(&h->eth.type, f + p - 2, 2);
			h->payload_off = p;
			problem(c, SDPA_PKT_UNSUPPORTED, SDPA_PKT_ERR_VLAN_DEPTH, p);
			return;
		}
		if (end - p < SDPA_VLAN_HLEN) {
			short_hdr(c, c->l2_whole, SDPA_PKT_ERR_VLAN_TRUNC, p);
			return;
		}
		memcpy(&h->vlan_tpid[n], f + p - 2, 2);
		memcpy(&h->eth_vlan[n].tci, f + p, 2);
		h->l2_valid_headers |= (uint16_t)(SDPA_L2_VALID_VLAN_0 << n);
		type = sdpa_be16(f + p + 2);
		p += SDPA_VLAN_HLEN;
		n++;
		h->l2_type = n == 1 ? SDPA_L2_SINGLE_VLAN : SDPA_L2_MULTI_VLAN;
	}
	memcpy(&h->eth.type, f + p - 2, 2);
	h->l3_off = p;
	h->payload_off = p;
	if (type == SDPA_ETH_P_IPV4)
		parse_ip4(c, p, end);
	else if (type == SDPA_ETH_P_IPV6)
		parse_ip6(c, p, end);
}

/* The inner stack of an L3 tunnel: an IPv4 or IPv6 header at 'q' with no L2 in front.
 * 'ver' is 4 or 6, or 0 to take it from the version nibble (MPLS, GTP-U: anything else is
 * left unparsed). */
static void parse_inner_ip(struct pctx *c, uint32_t q, uint32_t end, unsigned int ver)
{
	struct sdpa_pkt_hdrs *h = &c->info->inner;

	if (ver == 0) {
		if (end - q < 1)
			return;
		ver = c->f[q] >> 4;
	}
	if (ver != 4 && ver != 6)
		return;
	c->h = h;
	c->inner = true;
	h->l2_off = q;
	h->l3_off = q;
	h->payload_off = q;
	if (ver == 4)
		parse_ip4(c, q, end);
	else
		parse_ip6(c, q, end);
}

/* The inner stack after a header that names its payload by EtherType (GRE, GENEVE). */
static void parse_inner_by_ethertype(struct pctx *c, uint32_t q, uint32_t end, uint16_t type)
{
	if (type == SDPA_ETH_P_TEB) {
		c->h = &c->info->inner;
		c->inner = true;
		parse_stack(c, q, end);
	} else if (type == SDPA_ETH_P_IPV4) {
		parse_inner_ip(c, q, end, 4);
	} else if (type == SDPA_ETH_P_IPV6) {
		parse_inner_ip(c, q, end, 6);
	}
}

/* GRE (RFC 2784/2890), version 0: flags C (checksum), K (key), S (sequence), each adding a
 * word after the fixed 4 bytes, in that order. Other versions (PPTP) are not a tunnel. */
static void parse_gre(struct pctx *c, uint32_t q, uint32_t end, bool whole)
{
	struct sdpa_pkt_tun *t = &c->info->tun;
	const uint8_t *f = c->f;

	t->off = q;
	if (end - q < SDPA_GRE_HLEN) {
		short_hdr(c, whole, SDPA_PKT_ERR_GRE_TRUNC, q);
		return;
	}
	if ((f[q + 1] & 0x07) != 0)
		return;
	uint32_t hl = SDPA_GRE_HLEN + (f[q] & 0x80 ? 4u : 0u) + (f[q] & 0x20 ? 4u : 0u) +
	              (f[q] & 0x10 ? 4u : 0u);
	if (end - q < hl) {
		short_hdr(c, whole, SDPA_PKT_ERR_GRE_TRUNC, q);
		return;
	}
	t->type = SDPA_TUN_GRE;
	t->hlen = hl;
	memcpy(&t->gre_flags, f + q, 2);
	memcpy(&t->gre_protocol, f + q + 2, 2);
	if (f[q] & 0x20) {
		t->gre_key_present = 1;
		t->gre_key_off = q + 4 + (f[q] & 0x80 ? 4 : 0);
		memcpy(&t->gre_key, f + q + 4 + (f[q] & 0x80 ? 4 : 0), 4);
	}
	parse_inner_by_ethertype(c, q + hl, end, sdpa_be16(f + q + 2));
}

/* GENEVE (RFC 8926): 8 bytes, then opt_len words of options (each a 4-byte header whose
 * low 5 bits of byte 3 give its data words), then the payload named by the protocol. */
static void parse_geneve(struct pctx *c, uint32_t q, uint32_t end, bool whole)
{
	struct sdpa_pkt_info *info = c->info;
	struct sdpa_pkt_tun *t = &info->tun;
	const uint8_t *f = c->f;

	if (end - q < SDPA_GENEVE_HLEN) {
		short_hdr(c, whole, SDPA_PKT_ERR_GENEVE_TRUNC, q);
		return;
	}
	uint32_t ow = f[q] & 0x3f;
	uint32_t hl = SDPA_GENEVE_HLEN + ow * 4;
	if (end - q < hl) {
		short_hdr(c, whole, SDPA_PKT_ERR_GENEVE_TRUNC, q);
		return;
	}
	t->type = SDPA_TUN_GENEVE;
	t->hlen = hl;
	memcpy(t->geneve_hdr, f + q, SDPA_GENEVE_HLEN);
	t->geneve_opt_words = (uint8_t)ow;
	memcpy(info->geneve_opts, f + q + SDPA_GENEVE_HLEN, ow * 4);
	for (uint32_t w = 0; w < ow;) {
		w += 1 + (f[q + SDPA_GENEVE_HLEN + w * 4 + 3] & 0x1f);
		if (w > ow) {
			problem(c, SDPA_PKT_MALFORMED, SDPA_PKT_ERR_GENEVE_OPT, q);
			return;
		}
	}
	parse_inner_by_ethertype(c, q + hl, end, sdpa_be16(f + q + 2));
}

/* GTP-U (3GPP TS 29.281): flags (version 1, PT 1, E, S, PN), message type, length, TEID;
 * with any of E/S/PN a word of sequence number, N-PDU number and next extension type;
 * then extension headers (length in words, content, next type) while the type is not 0.
 * A PDU session container (0x85) gives the QFI (low 6 bits of its third byte). Only a
 * G-PDU (type 255) carries an inner IP packet. */
static void parse_gtpu(struct pctx *c, uint32_t q, uint32_t end, bool whole)
{
	struct sdpa_pkt_tun *t = &c->info->tun;
	const uint8_t *f = c->f;

	if (end - q < SDPA_GTPU_HLEN) {
		short_hdr(c, whole, SDPA_PKT_ERR_GTPU_TRUNC, q);
		return;
	}
	if ((f[q] >> 5) != 1)
		return; /* GTP' or GTPv2: not a GTP-U tunnel */
	uint32_t p = q + SDPA_GTPU_HLEN;
	uint8_t next = 0;
	if (f[q] & 0x07) {
		if (end - p < 4) {
			short_hdr(c, whole, SDPA_PKT_ERR_GTPU_TRUNC, q);
			return;
		}
		next = f[p + 3];
		p += 4;
	}
	t->type = SDPA_TUN_GTPU;
	t->gtp_flags = f[q];
	t->gtp_msg_type = f[q + 1];
	memcpy(&t->gtp_teid, f + q + 4, 4);
	t->gtp_next_ext_hdr_type = next;
	t->hlen = p - q;
	/* Extension headers, while the E flag said there is one. */
	while ((f[q] & 0x04) && next != 0) {
		uint32_t el;

		if (end - p < 1 || (el = (uint32_t)f[p] * 4) > end - p) {
			short_hdr(c, whole, SDPA_PKT_ERR_GTPU_TRUNC, p);
			return;
		}
		if (el == 0) {
			problem(c, SDPA_PKT_MALFORMED, SDPA_PKT_ERR_GTPU_EXT, p);
			return;
		}
		if (next == 0x85 && el >= 4) {
			t->gtp_has_psc = 1;
			t->gtp_psc_qfi = f[p + 2] & 0x3f;
			t->gtp_psc_off = p + 2;
		}
		next = f[p + el - 1];
		p += el;
		t->hlen = p - q;
	}
	if (f[q + 1] == 0xff)
		parse_inner_ip(c, p, end, 0);
}

/* MPLS over UDP (RFC 7510): label stack entries until the bottom-of-stack bit; the
 * payload's version nibble says IPv4 or IPv6. */
static void parse_mpls(struct pctx *c, uint32_t q, uint32_t end, bool whole)
{
	struct sdpa_pkt_tun *t = &c->info->tun;
	const uint8_t *f = c->f;
	uint32_t p = q;

	for (;;) {
		if (end - p < SDPA_MPLS_HLEN) {
			short_hdr(c, whole, SDPA_PKT_ERR_MPLS_TRUNC, p);
			return;
		}
		if (t->mpls_n == SDPA_MPLS_MAX) {
			problem(c, SDPA_PKT_UNSUPPORTED, SDPA_PKT_ERR_MPLS_DEPTH, p);
			return;
		}
		t->type = SDPA_TUN_MPLS_O_UDP;
		memcpy(&t->mpls[t->mpls_n++], f + p, 4);
		p += SDPA_MPLS_HLEN;
		t->hlen = p - q;
		if (f[p - 2] & 0x01)
			break;
	}
	parse_inner_ip(c, p, end, 0);
}

/* VXLAN (RFC 7348) and VXLAN-GPE: 8 bytes, VNI in bytes 4-6. VXLAN carries Ethernet; GPE
 * names its payload in byte 3 (1 IPv4, 2 IPv6, 3 Ethernet; others are not parsed). */
static void parse_vxlan(struct pctx *c, uint32_t q, uint32_t end, bool whole, bool gpe)
{
	struct sdpa_pkt_tun *t = &c->info->tun;
	const uint8_t *f = c->f;

	if (end - q < SDPA_VXLAN_HLEN) {
		short_hdr(c, whole, SDPA_PKT_ERR_VXLAN_TRUNC, q);
		return;
	}
	t->type = SDPA_TUN_VXLAN;
	t->hlen = SDPA_VXLAN_HLEN;
	t->vxlan_flags = f[q];
	/* VNI is bytes 4-6; byte 7 is reserved and not part of the id. */
	uint8_t *id = (uint8_t *)&t->vxlan_tun_id;
	id[0] = 0;
	id[1] = f[q + 4];
	id[2] = f[q + 5];
	id[3] = f[q + 6];
	t->vxlan_rsvd1 = f[q + 7];
	q += SDPA_VXLAN_HLEN;
	if (!gpe) {
		c->h = &c->info->inner;
		c->inner = true;
		parse_stack(c, q, end);
		return;
	}
	t->vxlan_type = 1;
	t->vxlan_gpe_next_protocol = f[q - 5];
	switch (f[q - 5]) {
	case 1:
		parse_inner_ip(c, q, end, 4);
		break;
	case 2:
		parse_inner_ip(c, q, end, 6);
		break;
	case 3:
		c->h = &c->info->inner;
		c->inner = true;
		parse_stack(c, q, end);
		break;
	default:
		break;
	}
}

void sdpa_parse(const uint8_t *frame, uint32_t len, struct sdpa_pkt_info *info)
{
	struct pctx c;

	if (!info)
		return;
	if (!frame)
		len = 0;
	/* Cheaper than tracking which fields a short frame left stale. The GENEVE option
	 * words are not cleared: only tun.geneve_opt_words of them are ever read. */
	zero_info(info);
	info->len = len;
	c.f = frame;
	c.len = len;
	c.info = info;
	c.h = &info->outer;
	c.inner = false;
	c.l2_whole = false;
	parse_stack(&c, 0, len);

	struct sdpa_pkt_hdrs *o = &info->outer;
	/* One tunnel level: inside it, every header is the inner stack's own (UDP 4789 is
	 * plain UDP there). */
	c.l2_whole = o->l3_ok;
	uint8_t nh = o->l3_type == SDPA_L3_IP4 ? o->ip4.next_proto : o->ip6.next_proto;
	if (o->l4_type == SDPA_L4_OTHER && (nh == SDPA_IPPROTO_IPIP || nh == SDPA_IPPROTO_IPV6)) {
		/* IP in IP: an IPv4 (protocol 4) or IPv6 (41) header right after the outer IP
		 * headers is the inner stack, with no inner L2. */
		info->tun.type = SDPA_TUN_IP_IN_IP;
		info->tun.off = o->l4_off;
		parse_inner_ip(&c, o->l4_off, o->l3_end, nh == SDPA_IPPROTO_IPIP ? 4 : 6);
		return;
	}
	if (o->l4_type == SDPA_L4_OTHER && nh == SDPA_IPPROTO_GRE) {
		parse_gre(&c, o->l4_off, o->l3_end, o->l3_ok);
		return;
	}
	if (o->l4_type != SDPA_L4_UDP)
		return;

	uint32_t q = o->l4_off + SDPA_UDP_HLEN;
	/* The datagram's own length bounds the tunnel when it is consistent (l4_ok: it fits
	 * the IP packet); else the IP packet does. */
	uint32_t end = o->l4_ok ? o->l4_off + sdpa_be16(frame + o->l4_off + 4) : o->l3_end;
	switch (sdpa_be16((const uint8_t *)&o->udp.l4_port.dst_port)) {
	case SDPA_VXLAN_PORT:
	case SDPA_VXLAN_GPE_PORT:
		info->tun.off = q;
		parse_vxlan(&c, q, end, o->l3_ok,
		            sdpa_be16((const uint8_t *)&o->udp.l4_port.dst_port) ==
		                    SDPA_VXLAN_GPE_PORT);
		break;
	case SDPA_GENEVE_PORT:
		info->tun.off = q;
		parse_geneve(&c, q, end, o->l3_ok);
		break;
	case SDPA_GTPU_PORT:
		info->tun.off = q;
		parse_gtpu(&c, q, end, o->l3_ok);
		break;
	case SDPA_MPLS_UDP_PORT:
		info->tun.off = q;
		parse_mpls(&c, q, end, o->l3_ok);
		break;
	default:
		break;
	}
}

bool sdpa_ip4_csum_ok(const uint8_t *ip, uint32_t hl)
{
	return ip4_csum_ok(ip, hl);
}

bool sdpa_parse_lite(const uint8_t *f, uint32_t len, struct sdpa_pkt_lite *o)
{
	return sdpa_parse_lite_inl(f, len, o);
}

bool sdpa_pkt_l4_csum_ok(const uint8_t *frame, uint32_t len, const struct sdpa_pkt_info *info,
                         bool inner)
{
	if (!frame || !info || info->len != len)
		return false;
	if (inner && info->tun.type == SDPA_TUN_NONE)
		return false;

	const struct sdpa_pkt_hdrs *h = inner ? &info->inner : &info->outer;
	if (!h->l3_ok || !h->l4_ok || h->ip_fragmented)
		return false;
	/* Re-check the offsets so a stale or hand-made info cannot send us past len. */
	if (h->l3_end > len || h->l4_off >= h->l3_end)
		return false;

	uint32_t l4len = h->l3_end - h->l4_off;
	const uint8_t *l4 = frame + h->l4_off;
	uint32_t proto;
	switch (h->l4_type) {
	case SDPA_L4_TCP:
		proto = SDPA_IPPROTO_TCP;
		break;
	case SDPA_L4_UDP:
		proto = SDPA_IPPROTO_UDP;
		if (l4len < SDPA_UDP_HLEN || sdpa_be16(l4 + 4) > l4len ||
		    sdpa_be16(l4 + 4) < SDPA_UDP_HLEN)
			return false;
		l4len = sdpa_be16(l4 + 4); /* the datagram may be shorter than the IP payload */
		if (h->l3_type == SDPA_L3_IP4 && sdpa_be16(l4 + 6) == 0)
			return true; /* "no checksum" is legal over IPv4 only */
		break;
	case SDPA_L4_ICMP:
		if (h->l3_type != SDPA_L3_IP4)
			return false;
		return sdpa_csum_fold(sdpa_csum_partial(l4, l4len, 0)) == 0;
	case SDPA_L4_ICMP6:
		proto = SDPA_IPPROTO_ICMPV6;
		break;
	default:
		return false;
	}

	uint32_t sum;
	if (h->l3_type == SDPA_L3_IP4) {
		sum = sdpa_csum_partial((const uint8_t *)&h->ip4.src_ip, 4, 0);
		sum = sdpa_csum_partial((const uint8_t *)&h->ip4.dst_ip, 4, sum);
	} else if (h->l3_type == SDPA_L3_IP6) {
		sum = sdpa_csum_partial((const uint8_t *)h->ip6.src_ip, 16, 0);
		sum = sdpa_csum_partial((const uint8_t *)h->ip6.dst_ip, 16, sum);
	} else {
		return false;
	}
	/* Upper-layer length (16 bits in v4, 32 in v6; both fold the same). Fold first so
	 * the additions cannot overflow. */
	sum = (sum & 0xffff) + (sum >> 16);
	sum += proto + (l4len >> 16) + (l4len & 0xffff);
	sum = sdpa_csum_partial(l4, l4len, sum);
	return sdpa_csum_fold(sum) == 0;
}
