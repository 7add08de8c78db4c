/* SPDX-License-Identifier: BSD-3-Clause
 * Longest-prefix match (LPM pipes, docs/FLOW.md): a multibit trie with controlled prefix
 * expansion. The root node is indexed by the first 'root_bits' bits of the address (24 for
 * a plain IPv4 table: DIR-24-8; 16 for IPv6, and for IPv4 tables of an LPM pipe with
 * exact-match fields, where one table exists per exact-match key), every further level by
 * 8 bits, so an IPv4 lookup reads at most 2 words and an IPv6 lookup at most 15. A word is
 * valid (a route covers it), ext (it names a child group of 256 words) or empty; a valid
 * word keeps the prefix length that wrote it, which is how insertions and deletions decide
 * what to overwrite. The /0 route has a word of its own (expanding it would write the
 * whole root).
 *
 * Thread-safety: one writer at a time (the caller serialises add/del: the DOCA Flow lock);
 * lookups are lock-free and may run during add/del. A word changes by one atomic store; a
 * child group is filled before the word that names it is published (release), and a group
 * that becomes uniform is folded back into its parent word and handed to 'defer' before it
 * is reused, so a reader never follows a word into a group that changed meaning under it.
 */
#ifndef SDPA_NIC_FLOW_LPM_H
#define SDPA_NIC_FLOW_LPM_H

#include <stdbool.h>
#include <stdint.h>

#include "core/atomics.h"

enum {
	SDPA_LPM_MAX_VALUE = (1u << 22) - 1, /* values 0..this */
	SDPA_LPM_GROUP_SHIFT = 8,            /* groups per chunk: 1 << 8 */
};

#define SDPA_LPM_W_VALID (1u << 31)
#define SDPA_LPM_W_EXT   (1u << 30)
#define SDPA_LPM_W_VAL   0x3fffffu

/* Run fn(ptr) once no lookup that started before the call can still be running. */
typedef void (*sdpa_lpm_defer_fn)(void (*fn)(void *), void *ptr);

struct sdpa_lpm {
	uint32_t bits;      /* 32 or 128 */
	uint32_t root_bits; /* 16 or 24 */
	sdpa_atomic_u32 *root;
	sdpa_atomic_u32 **chunks; /* group g = chunks[g >> 8] + (g & 255) * 256 */
	uint32_t max_groups;
	uint32_t ngroups;      /* carved so far */
	sdpa_atomic_u32 deflt; /* the /0 route's word */
	sdpa_lpm_defer_fn defer;
	struct sdpa_lpm_ctl *ctl; /* writer side: rules by depth, free groups */
};

/* A table for 'bits' (32 or 128) address bits with a root of 'root_bits' (a multiple of 8,
 * at most 24) and at most max_groups child groups of 256 words. defer NULL: free at once
 * (no concurrent lookups). NULL on NO_MEMORY. */
struct sdpa_lpm *sdpa_lpm_create(uint32_t bits, uint32_t root_bits, uint32_t max_groups,
                                 sdpa_lpm_defer_fn defer);
/* Free now (no lookup may run; pending deferred group releases are waited for by defer's
 * own ordering: the table is handed to defer too). */
void sdpa_lpm_free(struct sdpa_lpm *t);
/* Add prefix addr/depth (addr big-endian, bits beyond depth ignored) with 'value'.
 * 0, -EEXIST (same prefix present), -ENOSPC (no child group left), -ENOMEM, -EINVAL. */
int sdpa_lpm_add(struct sdpa_lpm *t, const uint8_t *addr, uint32_t depth, uint32_t value);
/* Remove prefix addr/depth. 0 or -ENOENT. */
int sdpa_lpm_del(struct sdpa_lpm *t, const uint8_t *addr, uint32_t depth);
/* Prefixes present. */
uint32_t sdpa_lpm_count(const struct sdpa_lpm *t);

static inline const sdpa_atomic_u32 *sdpa_lpm_group(const struct sdpa_lpm *t, uint32_t g)
{
	return t->chunks[g >> SDPA_LPM_GROUP_SHIFT] +
	       ((size_t)(g & ((1u << SDPA_LPM_GROUP_SHIFT) - 1)) << 8);
}

/* IPv4 lookup (address in host order): true and *value when a prefix covers it. */
static inline bool sdpa_lpm_lookup4(const struct sdpa_lpm *t, uint32_t a, uint32_t *value)
{
	uint32_t sh = 32 - t->root_bits;
	/* A-word pairs with R-word in flow_lpm.c: the group a word names is filled */
	uint32_t w = sdpa_load_acquire(&t->root[a >> sh]);

	while (w & SDPA_LPM_W_EXT) {
		sh -= 8;
		/* A-word pairs with R-word in flow_lpm.c: the group a word names is filled */
		w = sdpa_load_acquire(&sdpa_lpm_group(t, w & SDPA_LPM_W_VAL)[(a >> sh) & 0xff]);
	}
	if (!(w & SDPA_LPM_W_VALID)) {
		/* A-deflt pairs with R-deflt in sdpa_lpm_add/_del */
		w = sdpa_load_acquire(&t->deflt);
		if (!(w & SDPA_LPM_W_VALID))
			return false;
	}
	*value = w & SDPA_LPM_W_VAL;
	return true;
}

/* Lookup of a big-endian address of t->bits bits. */
bool sdpa_lpm_lookup(const struct sdpa_lpm *t, const uint8_t *addr, uint32_t *value);

#endif
