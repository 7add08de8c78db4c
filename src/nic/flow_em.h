/* SPDX-License-Identifier: BSD-3-Clause
 * The exact-match table of BASIC pipes (flow_em.c), in the manner of DPDK's rte_hash: the
 * slots are grouped four to a 64-byte bucket, each slot holding a tag next to its entry
 * pointer. A key of up to 8 bytes (an IPv4 address, a port pair, a MAC) is its own tag, so
 * a lookup decides in the bucket's one cache line and touches the entry only to use it; a
 * longer key's tag is its hash, and the entry's key confirms the match. An entry is a
 * 64-byte pool slot (flow_entry.c; 80 for keys of 7 to 22 bytes, more when the pipe counts
 * or ages per entry) whose action data is one object shared by the pipe's entries with the
 * same data (or, when it owns a meter, in the same slot). A hit costs two cache misses, the
 * bucket and the entry, or only the bucket when the slot names the entry's data (em_hot,
 * below). A burst prefetches all its buckets, then the entries it must read (flow_dp.c), so
 * that the misses of a burst overlap. The table has any number of buckets, a hash picking
 * one by multiply-shift, and is at most two thirds full when a pipe has its nr_entries
 * (sdpa_em_slots): 24 bytes of buckets per entry.
 *
 * Probing is linear over slots, bucket after bucket, from the bucket the hash names; an
 * empty slot (NULL) ends it, a removed one (SDPA_EM_TOMB) does not. The control plane (the
 * DOCA Flow lock) inserts and removes; the datapath reads lock-free: a slot is published
 * tag first, entry second (release), a removal turns the entry into a tombstone (release),
 * and a table rebuilt to shed tombstones is swapped in whole, the old one freed after a
 * grace period (QSBR, flow_dp.c), as are removed entries.
 *
 * A hit on most entries needs nothing of the entry itself: no counter of its own, no aging,
 * no meter, and data shared with the pipe's other entries (flow_entry.c, data_intern).
 * The pipe names up to SDPA_EM_HOT such shared data objects in em_hot, and the slot of an
 * entry whose data is one of them carries its place in the low bits of the entry pointer:
 * the lookup then finds the data without reading the entry, one cache miss a hit instead
 * of two (on a table larger than the caches, the entries are 80 % of its bytes). A place,
 * once filled, keeps its data (and a reference to it) until the pipe is destroyed, so a
 * slot read a moment before an update names data that is still there; an update rewrites
 * the slot (sdpa_em_refresh).
 */
#ifndef SDPA_NIC_FLOW_EM_H
#define SDPA_NIC_FLOW_EM_H

#include <string.h>

#include "nic/flow_priv.h"

/* A slot's entry and its em_hot place (0: none), from a slot's value other than NULL and
 * SDPA_EM_TOMB. */
static inline struct doca_flow_pipe_entry *sdpa_em_entry(const void *v)
{
	return (struct doca_flow_pipe_entry *)((uintptr_t)v & ~(uintptr_t)SDPA_EM_HOT);
}

static inline uint32_t sdpa_em_place(const void *v)
{
	return (uint32_t)((uintptr_t)v & SDPA_EM_HOT);
}

/* The tag of a key: the key itself (zero-padded) up to 8 bytes, else its hash. */
static inline uint64_t sdpa_em_tag(const uint8_t *key, uint32_t klen, uint32_t h)
{
	uint64_t t = 0;

	if (klen > SDPA_EM_INLINE_KEY)
		return h;
	if (klen == 4) { /* an IPv4 address: the common key, one load */
		uint32_t v;

		memcpy(&v, key, 4);
		return v;
	}
	memcpy(&t, key, klen);
	return t;
}

/* The bucket index of hash h (multiply-shift: any number of buckets, the hash's high bits)
 * and the bucket probed after b. */
static inline uint32_t sdpa_em_bkt(const struct sdpa_em_table *t, uint32_t h)
{
	return (uint32_t)(((uint64_t)h * t->nbkt) >> 32);
}

static inline uint32_t sdpa_em_next(const struct sdpa_em_table *t, uint32_t b)
{
	return b + 1 < t->nbkt ? b + 1 : 0;
}

/* The bucket a lookup of hash h starts from (prefetch it early). */
static inline const struct sdpa_em_bucket *sdpa_em_home(const struct sdpa_em_table *t, uint32_t h)
{
	return &t->b[sdpa_em_bkt(t, h)];
}

/* The live entry with this key, or NULL; *place gets its slot's em_hot place (0: none).
 * Lock-free; the caller is a datapath thread between quiescent points (or holds the DOCA
 * Flow lock). */
static inline struct doca_flow_pipe_entry *sdpa_em_find(const struct sdpa_em_table *t,
                                                        const uint8_t *key, uint32_t klen,
                                                        uint32_t h, uint32_t *place)
{
	uint64_t tag = sdpa_em_tag(key, klen, h);
	for (uint32_t b = sdpa_em_bkt(t, h);; b = sdpa_em_next(t, b)) {
		const struct sdpa_em_bucket *k = &t->b[b];

		for (uint32_t l = 0; l < SDPA_EM_LANES; l++) {
			/* A-emslot pairs with R-emslot in flow_em.c: the tag, the entry and the
			 * em_hot place it names are complete. */
			void *v = sdpa_load_acquire(&k->e[l]);
			struct doca_flow_pipe_entry *e;

			if (v == NULL)
				return NULL;
			/* A-emtag pairs with R-emtag in flow_em.c: a tag newer than 'e' comes
			 * after e's removal, which the check below then sees. */
			if (v == SDPA_EM_TOMB || sdpa_load_acquire(&k->tag[l]) != tag)
				continue;
			e = sdpa_em_entry(v);
			if (klen <= SDPA_EM_INLINE_KEY) {
				/* A-emslot pairs with R-emslot in flow_em.c: the tag is the key,
				 * and it is e's if the slot still holds e. An update may have
				 * changed e's place meanwhile: the new place is complete too. */
				void *again = sdpa_load_acquire(&k->e[l]);

				if (again != SDPA_EM_TOMB && sdpa_em_entry(again) == e) {
					*place = sdpa_em_place(again);
					return e;
				}
				continue;
			}
			if (e->hash == h && memcmp(e->key, key, klen) == 0) {
				*place = sdpa_em_place(v);
				return e;
			}
		}
	}
}

/* Control plane (DOCA Flow lock held). Insert: false on a duplicate key or NO_MEMORY (a
 * rebuild that could not allocate). Remove: a no-op when e is not in the table. Refresh:
 * after e's data changed, its slot names the new data's place (or none). */
bool sdpa_em_insert(struct doca_flow_pipe *pipe, struct doca_flow_pipe_entry *e);
void sdpa_em_remove(struct doca_flow_pipe *pipe, struct doca_flow_pipe_entry *e);
void sdpa_em_refresh(struct doca_flow_pipe *pipe, struct doca_flow_pipe_entry *e);

#endif
