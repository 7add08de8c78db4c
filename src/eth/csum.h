/* SPDX-License-Identifier: BSD-3-Clause
 * Internet checksums of Ethernet frames for the queues (src/eth): what a receive queue
 * reports (l3_ok, l4_ok) and what a send queue's checksum offload writes.
 */
#ifndef SDPA_ETH_CSUM_H
#define SDPA_ETH_CSUM_H

#include <stdint.h>

#include <stdbool.h>

/* L3 and L4 checks of a frame, as the device reports them: l3_ok for an IPv4 header whose
 * checksum holds (IPv6: a whole header), l4_ok for a TCP or UDP checksum that holds (UDP
 * over IPv4 without a checksum is good). A frame without that layer reports 0. */
static inline uint32_t csum_add(const uint8_t *p, uint32_t len, uint32_t sum)
{
	for (uint32_t i = 0; i + 1 < len; i += 2)
		sum += (uint32_t)p[i] << 8 | p[i + 1];
	if (len & 1)
		sum += (uint32_t)p[len - 1] << 8;
	return sum;
}

static inline uint16_t csum_fold(uint32_t sum)
{
	while (sum >> 16)
		sum = (sum & 0xffff) + (sum >> 16);
	return (uint16_t)sum;
}

static inline void l3l4_check(const uint8_t *f, uint32_t len, uint8_t *l3_ok, uint8_t *l4_ok)
{
	uint32_t off = 14, l4off, l4len, sum = 0;
	uint16_t et;
	uint8_t proto;

	*l3_ok = *l4_ok = 0;
	if (len < 14)
		return;
	et = (uint16_t)(f[12] << 8 | f[13]);
	while ((et == 0x8100 || et == 0x88a8) && len >= off + 4) {
		et = (uint16_t)(f[off + 2] << 8 | f[off + 3]);
		off += 4;
	}
	if (et == 0x0800) {
		uint32_t ihl, tot;

		if (len < off + 20 || (f[off] >> 4) != 4)
			return;
		ihl = (f[off] & 0xfu) * 4;
		tot = (uint32_t)(f[off + 2] << 8 | f[off + 3]);
		if (ihl < 20 || len < off + ihl || tot < ihl || len < off + tot)
			return;
		if (csum_fold(csum_add(f + off, ihl, 0)) != 0xffff)
			return;
		*l3_ok = 1;
		if ((f[off + 6] & 0x3f) != 0 || f[off + 7] != 0)
			return; /* a fragment: no whole L4 */
		proto = f[off + 9];
		l4off = off + ihl;
		l4len = tot - ihl;
		sum = csum_add(f + off + 12, 8, 0);
	} else if (et == 0x86dd) {
		if (len < off + 40 || (f[off] >> 4) != 6)
			return;
		l4len = (uint32_t)(f[off + 4] << 8 | f[off + 5]);
		if (len < off + 40 + l4len)
			return;
		*l3_ok = 1;
		proto = f[off + 6];
		l4off = off + 40;
		sum = csum_add(f + off + 8, 32, 0);
	} else {
		return;
	}
	if (proto == 17 && l4len >= 8) {
		if (et == 0x0800 && f[l4off + 6] == 0 && f[l4off + 7] == 0) {
			*l4_ok = 1;
			return;
		}
	} else if (!(proto == 6 && l4len >= 20)) {
		return;
	}
	sum += proto + l4len;
	*l4_ok = csum_fold(csum_add(f + l4off, l4len, sum)) == 0xffff;
}

/* Where the layers of a frame are: l3 (0 when not IPv4/IPv6), l4 offset and length, the
 * IP protocol. False when the frame has no whole IP header. */
struct eth_layers {
	uint32_t l3, l4, l4len;
	uint16_t et;
	uint8_t proto;
	bool frag;
};

static inline bool eth_layers_of(const uint8_t *f, uint32_t len, struct eth_layers *o)
{
	uint32_t off = 14;
	uint16_t et;

	if (len < 14)
		return false;
	et = (uint16_t)(f[12] << 8 | f[13]);
	while ((et == 0x8100 || et == 0x88a8) && len >= off + 4) {
		et = (uint16_t)(f[off + 2] << 8 | f[off + 3]);
		off += 4;
	}
	o->et = et;
	o->l3 = off;
	if (et == 0x0800) {
		uint32_t ihl, tot;

		if (len < off + 20 || (f[off] >> 4) != 4)
			return false;
		ihl = (f[off] & 0xfu) * 4;
		tot = (uint32_t)(f[off + 2] << 8 | f[off + 3]);
		if (ihl < 20 || len < off + ihl || tot < ihl || len < off + tot)
			return false;
		o->frag = (f[off + 6] & 0x3f) != 0 || f[off + 7] != 0;
		o->proto = f[off + 9];
		o->l4 = off + ihl;
		o->l4len = tot - ihl;
		return true;
	}
	if (et == 0x86dd) {
		if (len < off + 40 || (f[off] >> 4) != 6)
			return false;
		o->l4len = (uint32_t)(f[off + 4] << 8 | f[off + 5]);
		if (len < off + 40 + o->l4len)
			return false;
		o->frag = false;
		o->proto = f[off + 6];
		o->l4 = off + 40;
		return true;
	}
	return false;
}

/* The device's checksum offload on a frame about to be sent: the IPv4 header checksum
 * (l3), the TCP or UDP checksum over the pseudo header (l4). A layer the frame does not
 * have is left alone. */
static inline void eth_csum_fill(uint8_t *f, uint32_t len, bool l3, bool l4)
{
	struct eth_layers y;
	uint32_t sum;
	uint16_t c;
	uint32_t at;

	if (!eth_layers_of(f, len, &y))
		return;
	if (l3 && y.et == 0x0800) {
		f[y.l3 + 10] = f[y.l3 + 11] = 0;
		c = (uint16_t)~csum_fold(csum_add(f + y.l3, y.l4 - y.l3, 0));
		f[y.l3 + 10] = (uint8_t)(c >> 8);
		f[y.l3 + 11] = (uint8_t)c;
	}
	if (!l4 || y.frag)
		return;
	if (y.proto == 6 && y.l4len >= 20)
		at = y.l4 + 16;
	else if (y.proto == 17 && y.l4len >= 8)
		at = y.l4 + 6;
	else
		return;
	f[at] = f[at + 1] = 0;
	sum = y.et == 0x0800 ? csum_add(f + y.l3 + 12, 8, 0) : csum_add(f + y.l3 + 8, 32, 0);
	sum += y.proto + y.l4len;
	c = (uint16_t)~csum_fold(csum_add(f + y.l4, y.l4len, sum));
	if (c == 0 && y.proto == 17)
		c = 0xffff; /* UDP: 0 means "no checksum" */
	f[at] = (uint8_t)(c >> 8);
	f[at + 1] = (uint8_t)c;
}

#endif
