/* SPDX-License-Identifier: BSD-3-Clause
 * Spreading one port's frames over the NIC workers: the worker-to-worker rings (spread.h
 * says how they are used; the flow hash is io/wire.c's sdpa_wire_flow_hash).
 */
#include <stdlib.h>
#include <string.h>

#include "core/util.h"
#include "nic/spread.h"

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
