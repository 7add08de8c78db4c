/* SPDX-License-Identifier: BSD-3-Clause
 * NAT64 header translation: see nat64.h for what each direction writes.
 */
#include <string.h>

#include <doca_flow_net.h>

#include "core/util.h"
#include "nic/nat64.h"

/* The RFC 6052 well-known prefix 64:ff9b::/96. */
static const uint8_t wkp[12] = {0x00, 0x64, 0xff, 0x9b};

/* One's-complement sum of 16-bit words (n even). */
static uint32_t words(const uint8_t *p, uint32_t n, uint32_t sum)
{
	for (uint32_t i = 0; i + 1 < n; i += 2)
		sum += sdpa_be16(p + i);
	return sum;
}

/* RFC 1624 incremental update of an L4 checksum: the pseudo-header's addresses change from
 * old (n_old bytes) to new (n_new bytes); protocol and length stay equal. */
static uint16_t csum_swap(uint16_t csum, const uint8_t *old, uint32_t n_old, const uint8_t *nw,
                          uint32_t n_new)
{
	uint32_t sum = (uint16_t)~csum;

	for (uint32_t i = 0; i + 1 < n_old; i += 2)
		sum += (uint16_t)~sdpa_be16(old + i);
	sum = words(nw, n_new, sum);
	return sdpa_csum_fold(sum);
}

/* Fix the TCP/UDP checksum at l4 (len bytes of upper layer) after the addresses changed;
 * to_ip6: a UDP without checksum gets one computed over the IPv6 pseudo-header. */
static void l4_fix(uint8_t *l4, uint32_t len, uint8_t proto, const uint8_t *old, uint32_t n_old,
                   const uint8_t *nw, uint32_t n_new, bool to_ip6)
{
	uint8_t *cs;

	if (proto == SDPA_IPPROTO_TCP && len >= SDPA_TCP_HLEN)
		cs = l4 + 16;
	else if (proto == SDPA_IPPROTO_UDP && len >= SDPA_UDP_HLEN)
		cs = l4 + 6;
	else
		return;
	if (proto == SDPA_IPPROTO_UDP && sdpa_be16(cs) == 0) {
		uint32_t sum;
		uint16_t v;

		if (!to_ip6)
			return;
		sum = words(nw, n_new, 0) + len + proto;
		sum = sdpa_csum_partial(l4, len, sum);
		v = sdpa_csum_fold(sum);
		sdpa_put_be16(cs, v ? v : 0xffff);
		return;
	}
	uint16_t v = csum_swap(sdpa_be16(cs), old, n_old, nw, n_new);

	if (proto == SDPA_IPPROTO_UDP && v == 0)
		v = 0xffff;
	sdpa_put_be16(cs, v);
}

/* Resize the IP header at l3 from old_hl to new_hl bytes, moving the L2 headers in front
 * of it. Returns the new frame start, NULL without headroom. */
static uint8_t *resize_l3(struct sdpa_pkt *pkt, uint32_t l3, uint32_t old_hl, uint32_t new_hl)
{
	if (new_hl > old_hl) {
		uint16_t grow = (uint16_t)(new_hl - old_hl);
		uint8_t *f = sdpa_pkt_prepend(pkt, grow);

		if (f == NULL)
			return NULL;
		memmove(f, f + grow, l3);
		return f;
	}
	if (new_hl < old_hl) {
		uint16_t shrink = (uint16_t)(old_hl - new_hl);

		memmove(pkt->data + shrink, pkt->data, l3);
		return sdpa_pkt_adj(pkt, shrink);
	}
	return pkt->data;
}

static enum sdpa_nat64_result to_ip6(struct sdpa_pkt *pkt, const struct sdpa_pkt_hdrs *h)
{
	uint32_t l3 = h->l3_off;
	const uint8_t *ip = pkt->data + l3;
	uint32_t hl = (uint32_t)(ip[0] & 0x0f) * 4;
	uint32_t ulen = h->l3_end - (l3 + hl);
	uint8_t old_addr[8], ip6[SDPA_IP6_HLEN];
	uint8_t tos = ip[1], ttl = ip[8], proto = ip[9];
	uint8_t *f;

	memcpy(old_addr, ip + 12, 8);
	memset(ip6, 0, sizeof(ip6));
	ip6[0] = (uint8_t)(0x60 | tos >> 4);
	ip6[1] = (uint8_t)(tos << 4);
	sdpa_put_be16(ip6 + 4, (uint16_t)ulen);
	ip6[6] = proto;
	ip6[7] = ttl;
	memcpy(ip6 + 8, wkp, 12);
	memcpy(ip6 + 20, old_addr, 4);
	memcpy(ip6 + 24, wkp, 12);
	memcpy(ip6 + 36, old_addr + 4, 4);
	f = resize_l3(pkt, l3, hl, SDPA_IP6_HLEN);
	if (f == NULL)
		return SDPA_NAT64_NO_ROOM;
	sdpa_put_be16(f + l3 - 2, SDPA_ETH_P_IPV6);
	memcpy(f + l3, ip6, sizeof(ip6));
	l4_fix(f + l3 + SDPA_IP6_HLEN, ulen, proto, old_addr, 8, ip6 + 8, 32, true);
	return SDPA_NAT64_DONE;
}

static enum sdpa_nat64_result to_ip4(struct sdpa_pkt *pkt, const struct sdpa_pkt_hdrs *h)
{
	uint32_t l3 = h->l3_off;
	const uint8_t *ip = pkt->data + l3;
	uint32_t hl = h->l4_off - l3; /* the IPv6 header and its extension headers */
	uint32_t ulen = h->l3_end - h->l4_off;
	uint8_t old_addr[32], ip4[SDPA_IP4_HLEN];
	uint8_t proto = h->ip6.next_proto;
	uint8_t *f;

	if (ulen + SDPA_IP4_HLEN > 0xffff)
		return SDPA_NAT64_SKIPPED; /* a jumbogram has no IPv4 form */
	memcpy(old_addr, ip + 8, 32);
	memset(ip4, 0, sizeof(ip4));
	ip4[0] = 0x45;
	ip4[1] = h->ip6.traffic_class;
	sdpa_put_be16(ip4 + 2, (uint16_t)(SDPA_IP4_HLEN + ulen));
	sdpa_put_be16(ip4 + 6, 0x4000); /* DF */
	ip4[8] = ip[7];
	ip4[9] = proto;
	memcpy(ip4 + 12, old_addr + 12, 4);
	memcpy(ip4 + 16, old_addr + 28, 4);
	sdpa_put_be16(ip4 + 10, sdpa_csum_fold(sdpa_csum_partial(ip4, SDPA_IP4_HLEN, 0)));
	f = resize_l3(pkt, l3, hl, SDPA_IP4_HLEN);
	if (f == NULL)
		return SDPA_NAT64_NO_ROOM;
	sdpa_put_be16(f + l3 - 2, SDPA_ETH_P_IPV4);
	memcpy(f + l3, ip4, sizeof(ip4));
	l4_fix(f + l3 + SDPA_IP4_HLEN, ulen, proto, old_addr, 32, ip4 + 12, 8, false);
	return SDPA_NAT64_DONE;
}

enum sdpa_nat64_result sdpa_nat64_apply(struct sdpa_pkt *pkt, const struct sdpa_pkt_info *info,
                                        uint32_t original_l3)
{
	const struct sdpa_pkt_hdrs *h = &info->outer;

	if (!h->l3_ok || h->ip_fragmented || h->l3_off < SDPA_ETH_HLEN || info->len != pkt->len)
		return SDPA_NAT64_SKIPPED;
	if (original_l3 == DOCA_FLOW_L3_TYPE_IP4 && h->l3_type == SDPA_L3_IP4)
		return to_ip6(pkt, h);
	if (original_l3 == DOCA_FLOW_L3_TYPE_IP6 && h->l3_type == SDPA_L3_IP6 &&
	    h->l4_off >= h->l3_off + SDPA_IP6_HLEN)
		return to_ip4(pkt, h);
	return SDPA_NAT64_SKIPPED;
}
