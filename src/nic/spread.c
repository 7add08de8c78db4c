/* SPDX-License-Identifier: BSD-3-Clause
 * Spreading one port's frames over the NIC workers: the flow hash and the worker-to-worker
 * rings (spread.h says how they are used).
 */
#include <stdlib.h>
#include <string.h>

#include "core/util.h"
#include "nic/spread.h"

enum { ETH_IP4 = 0x0800, ETH_IP6 = 0x86dd, ETH_VLAN = 0x8100, ETH_QINQ = 0x88a8 };

/* Two words into 32 well-mixed bits: a multiply each, the high half of the product. */
static inline uint32_t mix(uint64_t a, uint64_t b)
{
	return (uint32_t)(((a ^ (b * 0x9e3779b97f4a7c15ull)) * 0xff51afd7ed558ccdull) >> 32);
}

static inline uint64_t rd32(const uint8_t *p)
{
	uint32_t v;

	memcpy(&v, p, sizeof(v));
	return v;
}

static inline uint64_t rd64(const uint8_t *p)
{
	uint64_t v;

	memcpy(&v, p, sizeof(v));
	return v;
}

/* The L4 ports of TCP, UDP and SCTP (the first 4 bytes of their headers), 0 otherwise. */
static inline uint64_t l4_ports(uint8_t proto, const uint8_t *l4, const uint8_t *end)
{
	if ((proto == 6 || proto == 17 || proto == 132) && l4 + 4 <= end)
		return rd32(l4);
	return 0;
}

uint32_t sdpa_spread_hash(const uint8_t *f, uint32_t len)
{
	const uint8_t *end = f + len, *p = f + 14;
	uint16_t type;

	if (len < 14)
		return 0;
	type = sdpa_be16(f + 12);
	for (int i = 0; i < 2 && (type == ETH_VLAN || type == ETH_QINQ) && p + 4 <= end; i++) {
		type = sdpa_be16(p + 2);
		p += 4;
	}
	if (type == ETH_IP4 && p + 20 <= end) {
		uint32_t ihl = (uint32_t)(p[0] & 0x0f) * 4;
		/* A fragment (offset or more-fragments set) hashes by addresses only: all the
		 * fragments of a datagram go to one worker. */
		bool frag = (sdpa_be16(p + 6) & 0x3fff) != 0;

		return mix(rd64(p + 12),
		           (uint64_t)p[9] << 32 |
		                   (frag || ihl < 20 ? 0 : l4_ports(p[9], p + ihl, end)));
	}
	if (type == ETH_IP6 && p + 40 <= end)
		return mix(rd64(p + 8) ^ rd64(p + 16) ^ rd64(p + 24) ^ rd64(p + 32),
		           (uint64_t)p[6] << 32 | l4_ports(p[6], p + 40, end));
	return mix(rd64(f) ^ rd32(f + 8), type); /* the MACs */
}

struct sdpa_spread_ring *sdpa_spread_ring_new(void)
{
	return sdpa_zalloc_aligned(sizeof(struct sdpa_spread_ring));
}

void sdpa_spread_ring_free(struct sdpa_spread_ring *r)
{
	if (r == NULL)
		return;
	for (uint32_t i = 0; i < SDPA_SPREAD_RING; i++)
		free(r->slots[i].buf);
	free(r);
}

bool sdpa_spread_push(struct sdpa_spread_ring *r, const struct sdpa_pkt *pkt)
{
	uint32_t prod = sdpa_load_relaxed(&r->prod); /* only this thread writes it */
	struct sdpa_spread_slot *s;

	if (prod - r->cons_cache >= SDPA_SPREAD_RING) {
		/* A-spc pairs with R-spc in sdpa_spread_release: the consumer is done with the
		 * slot (it read the frame and transmitted it). */
		r->cons_cache = sdpa_load_acquire(&r->cons);
		if (prod - r->cons_cache >= SDPA_SPREAD_RING)
			return false;
	}
	s = &r->slots[prod & (SDPA_SPREAD_RING - 1)];
	if (s->buf == NULL) {
		s->buf = malloc(SDPA_PKT_HEADROOM + SOFTDPA_FRAME_MAX); /* kept for reuse */
		if (s->buf == NULL)
			return false;
	}
	memcpy(s->buf + SDPA_PKT_HEADROOM, pkt->data, pkt->len);
	s->len = pkt->len;
	s->in_port = pkt->in_port;
	/* R-spp pairs with A-spp in sdpa_spread_peek: the slot is filled. */
	sdpa_store_release(&r->prod, prod + 1);
	return true;
}

bool sdpa_spread_drained(struct sdpa_spread_ring *r)
{
	uint32_t prod = sdpa_load_relaxed(&r->prod); /* only this thread writes it */

	if (r->cons_cache == prod)
		return true;
	/* A-spc pairs with R-spc in sdpa_spread_release: the frames up to cons are processed,
	 * their effects (TX, counters) published. */
	r->cons_cache = sdpa_load_acquire(&r->cons);
	return r->cons_cache == prod;
}

uint16_t sdpa_spread_peek(struct sdpa_spread_ring *r, struct sdpa_pkt *pkts, uint16_t n)
{
	uint32_t cons = sdpa_load_relaxed(&r->cons); /* only this thread writes it */
	uint32_t avail = r->prod_cache - cons;

	if (n > SDPA_WIRE_BURST_MAX)
		n = SDPA_WIRE_BURST_MAX;
	if (avail < n) {
		/* A-spp pairs with R-spp in sdpa_spread_push: the slots up to prod are filled. */
		r->prod_cache = sdpa_load_acquire(&r->prod);
		avail = r->prod_cache - cons;
		if (avail < n)
			n = (uint16_t)avail;
	}
	for (uint16_t i = 0; i < n; i++) {
		const struct sdpa_spread_slot *s = &r->slots[(cons + i) & (SDPA_SPREAD_RING - 1)];

		pkts[i] = (struct sdpa_pkt){.data = s->buf + SDPA_PKT_HEADROOM,
		                            .len = s->len,
		                            .cap = SOFTDPA_FRAME_MAX,
		                            .headroom = SDPA_PKT_HEADROOM,
		                            .in_port = s->in_port};
	}
	r->held = n;
	return n;
}

void sdpa_spread_release(struct sdpa_spread_ring *r, uint16_t n)
{
	uint32_t cons = sdpa_load_relaxed(&r->cons);

	if (n > r->held)
		n = (uint16_t)r->held;
	r->held -= n;
	/* R-spc pairs with A-spc in sdpa_spread_push and sdpa_spread_drained: the frames
	 * are processed and transmitted; their slots may be refilled. */
	sdpa_store_release(&r->cons, cons + n);
}
