/* SPDX-License-Identifier: BSD-3-Clause
 * A set of addresses with a small value each: open addressing, linear probing, grown by
 * doubling, backward-shift deletion (no tombstones). Addresses are keys only, never read.
 * Not thread-safe: the owner serialises every call (DOCA Flow's entry registry holds the
 * flow lock). Insert, lookup and delete are O(1) on average.
 */
#ifndef SDPA_CORE_ADDRSET_H
#define SDPA_CORE_ADDRSET_H

#include <stdbool.h>
#include <stdint.h>

struct sdpa_addrset_slot {
	uintptr_t key; /* 0 = empty */
	uint32_t val;
};

struct sdpa_addrset {
	struct sdpa_addrset_slot *slots;
	uint32_t cap; /* power of two, 0 before the first insert */
	uint32_t n;
};

/* Set p's value to val (non-zero), inserting p if absent. false on NO_MEMORY. */
bool sdpa_addrset_put(struct sdpa_addrset *s, const void *p, uint32_t val);
/* p's value, 0 when absent (NULL is always absent). */
uint32_t sdpa_addrset_get(const struct sdpa_addrset *s, const void *p);
/* Remove p (no effect when absent). */
void sdpa_addrset_del(struct sdpa_addrset *s, const void *p);
/* Free the table; the set is empty and usable again. */
void sdpa_addrset_fini(struct sdpa_addrset *s);

#endif
