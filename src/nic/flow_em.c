/* SPDX-License-Identifier: BSD-3-Clause
 * The exact-match table of BASIC pipes: allocation, insert and remove (the control plane).
 * The layout and the lock-free lookup are in flow_em.h.
 */
#include <stdlib.h>
#include <string.h>

#include "core/hugemem.h"
#include "nic/flow_em.h"
#include "nic/nic.h"

_Static_assert(sizeof(struct sdpa_em_bucket) == 64, "a bucket is one cache line");

struct sdpa_em_table *sdpa_em_table_alloc(uint32_t size)
{
	uint32_t nbkt = (size < 4 * SDPA_EM_LANES ? 4 * SDPA_EM_LANES : size) / SDPA_EM_LANES;
	size_t bytes = (size_t)nbkt * sizeof(struct sdpa_em_bucket);
	struct sdpa_em_table *t = calloc(1, sizeof(*t));

	if (t == NULL)
		return NULL;
	/* Huge pages for a table of 1 MiB or more (about 43 k entries; a hint: without them
	 * lookups only cost more TLB misses); a smaller one stays on small pages, since
	 * rounding it up would cost more memory per entry than issue 12 allows. */
	t->b = sdpa_table_alloc(bytes, &t->map_len);
	if (t->b == NULL) {
		free(t);
		return NULL;
	}
	t->size = nbkt * SDPA_EM_LANES;
	t->nbkt = nbkt;
	return t;
}

void sdpa_em_table_free(struct sdpa_em_table *t)
{
	if (t == NULL)
		return;
	sdpa_table_free(t->b, t->map_len);
	free(t);
}

static void em_free_cb(void *p)
{
	sdpa_em_table_free(p);
}

/* The em_hot place of e's data, taking a free one for it if need be; 0 when a hit on e
 * must read e (a counter of its own, aging, a meter, data of its own) or every place holds
 * other data. */
static uint32_t hot_place(struct doca_flow_pipe *pipe, const struct doca_flow_pipe_entry *e)
{
	struct sdpa_entry_data *d = sdpa_load_relaxed(&e->data);

	if (d == NULL || !d->shared || sdpa_entry_ctr(pipe, e, d) != NULL || d->aging_sec != 0 ||
	    d->meter != NULL || d->ol != NULL)
		return 0;
	for (uint32_t i = 0; i < SDPA_EM_HOT; i++) {
		struct sdpa_entry_data *x = sdpa_load_relaxed(&pipe->em_hot[i]);

		if (x == d)
			return i + 1;
		if (x == NULL) {
			sdpa_fetch_add_relaxed(&d->refs, 1); /* em_hot's, until the pipe goes */
			/* R-emhot pairs with A-emhot in flow_dp.c: the data is complete before
			 * a slot names its place (that slot's release comes later still). */
			sdpa_store_release(&pipe->em_hot[i], d);
			return i + 1;
		}
	}
	return 0;
}

static void *slot_value(struct doca_flow_pipe_entry *e, uint32_t place)
{
	return (void *)((uintptr_t)e | place);
}

/* Place slot value v (an entry and its place) in the first free slot of its probe sequence
 * (no duplicate check): a table being built, not yet published. */
static void place(struct sdpa_em_table *t, void *v, uint64_t tag)
{
	for (uint32_t b = sdpa_em_bkt(t, sdpa_em_entry(v)->hash);; b = sdpa_em_next(t, b))
		for (uint32_t l = 0; l < SDPA_EM_LANES; l++)
			if (sdpa_load_relaxed(&t->b[b].e[l]) == NULL) {
				sdpa_store_relaxed(&t->b[b].tag[l], tag);
				sdpa_store_relaxed(&t->b[b].e[l], v);
				t->used++;
				t->live++;
				return;
			}
}

bool sdpa_em_rebuild(struct doca_flow_pipe *pipe, uint32_t size)
{
	struct sdpa_em_table *t = sdpa_load_relaxed(&pipe->em);
	struct sdpa_em_table *n = sdpa_em_table_alloc(size);

	if (n == NULL)
		return false;
	for (uint32_t b = 0; b < t->nbkt; b++)
		for (uint32_t l = 0; l < SDPA_EM_LANES; l++) {
			void *x = sdpa_load_relaxed(&t->b[b].e[l]);

			if (x != NULL && x != SDPA_EM_TOMB)
				place(n, x, sdpa_load_relaxed(&t->b[b].tag[l]));
		}
	/* Readers see the old table or the new one, each holding every live entry. */
	sdpa_store_release(&pipe->em, n); /* R-em: pairs with A-em */
	sdpa_nic_defer(em_free_cb, t);
	return true;
}

bool sdpa_em_insert(struct doca_flow_pipe *pipe, struct doca_flow_pipe_entry *e)
{
	struct sdpa_em_table *t = sdpa_load_relaxed(&pipe->em);
	uint32_t klen = pipe->mt.klen;
	uint64_t tag = sdpa_em_tag(e->key, klen, e->hash);
	struct sdpa_em_bucket *fb = NULL; /* the first tombstone met: reused */
	uint32_t fl = 0;

	if (t->used + 1 > t->size / 8 * 7) {
		/* Too many tombstones: rebuild at the same size. */
		if (!sdpa_em_rebuild(pipe, t->size))
			return false;
		t = sdpa_load_relaxed(&pipe->em);
	}
	for (uint32_t b = sdpa_em_bkt(t, e->hash);; b = sdpa_em_next(t, b)) {
		struct sdpa_em_bucket *k = &t->b[b];

		for (uint32_t l = 0; l < SDPA_EM_LANES; l++) {
			void *x = sdpa_load_relaxed(&k->e[l]);

			if (x == NULL) {
				if (fb == NULL) {
					fb = k;
					fl = l;
					t->used++;
				}
				t->live++;
				/* R-emtag pairs with A-emtag in sdpa_em_find: the slot's previous
				 * entry was removed (its release) before the new tag shows. */
				sdpa_store_release(&fb->tag[fl], tag);
				/* R-emslot pairs with A-emslot in sdpa_em_find: the entry (key,
				 * data, counters), its tag and its em_hot place are complete
				 * before readers find it. */
				sdpa_store_release(&fb->e[fl], slot_value(e, hot_place(pipe, e)));
				return true;
			}
			if (x == SDPA_EM_TOMB) {
				if (fb == NULL) {
					fb = k;
					fl = l;
				}
				continue;
			}
			/* The bucket's tag first: the other entry is read (a cache miss per lane)
			 * only when the tags agree, and a short key is its tag. */
			if (sdpa_load_relaxed(&k->tag[l]) == tag &&
			    (klen <= SDPA_EM_INLINE_KEY ||
			     memcmp(sdpa_em_entry(x)->key, e->key, klen) == 0))
				return false;
		}
	}
}

/* The slot probed after (b, l), and the one before it. */
static void em_step(const struct sdpa_em_table *t, uint32_t *b, uint32_t *l)
{
	if (++*l == SDPA_EM_LANES) {
		*l = 0;
		*b = sdpa_em_next(t, *b);
	}
}

static void em_back(const struct sdpa_em_table *t, uint32_t *b, uint32_t *l)
{
	if ((*l)-- == 0) {
		*l = SDPA_EM_LANES - 1;
		*b = *b == 0 ? t->nbkt - 1 : *b - 1;
	}
}

/* The slot holding e, or NULL (*b and *l: where). */
static sdpa_atomic_ptr *slot_of(const struct sdpa_em_table *t, const struct doca_flow_pipe_entry *e,
                                uint32_t *b, uint32_t *l)
{
	for (*b = sdpa_em_bkt(t, e->hash);; *b = sdpa_em_next(t, *b))
		for (*l = 0; *l < SDPA_EM_LANES; ++*l) {
			void *x = sdpa_load_relaxed(&t->b[*b].e[*l]);

			if (x == NULL)
				return NULL;
			if (x != SDPA_EM_TOMB && sdpa_em_entry(x) == e)
				return &t->b[*b].e[*l];
		}
}

void sdpa_em_refresh(struct doca_flow_pipe *pipe, struct doca_flow_pipe_entry *e)
{
	struct sdpa_em_table *t = sdpa_load_relaxed(&pipe->em);
	uint32_t b, l;
	sdpa_atomic_ptr *s = t != NULL ? slot_of(t, e, &b, &l) : NULL;

	if (s != NULL)
		/* R-emslot pairs with A-emslot in sdpa_em_find: the new data's place is
		 * filled before the slot names it. */
		sdpa_store_release(s, slot_value(e, hot_place(pipe, e)));
}

void sdpa_em_remove(struct doca_flow_pipe *pipe, struct doca_flow_pipe_entry *e)
{
	struct sdpa_em_table *t = sdpa_load_relaxed(&pipe->em);
	uint32_t b, l, nb, nl;

	if (slot_of(t, e, &b, &l) == NULL)
		return;
	t->live--;
	nb = b;
	nl = l;
	em_step(t, &nb, &nl);
	if (sdpa_load_relaxed(&t->b[nb].e[nl]) != NULL) {
		/* R-emdel pairs with A-emslot in sdpa_em_find (a reader that finds the
		 * tombstone skips the slot). */
		sdpa_store_release(&t->b[b].e[l], SDPA_EM_TOMB);
		return;
	}
	/* The slot ends its run of occupied slots: no probe goes past it, so it becomes empty,
	 * and so do the tombstones right before it (the run's tail holds no live entry a probe
	 * would miss). Churn then leaves no tombstones behind to force a rebuild. */
	do {
		/* R-emdel pairs with A-emslot in sdpa_em_find: a reader that finds the empty
		 * slot stops where nothing is left to find. */
		sdpa_store_release(&t->b[b].e[l], NULL);
		t->used--;
		em_back(t, &b, &l);
	} while (sdpa_load_relaxed(&t->b[b].e[l]) == SDPA_EM_TOMB);
}
