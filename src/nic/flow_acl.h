/* SPDX-License-Identifier: BSD-3-Clause
 * Packet classification for ACL pipes (docs/FLOW.md): tuple-space search with tuple
 * merging and priority pruning. A rule is (value, mask) over a fixed-size record (the
 * packet view, struct doca_flow_match, for a pipe; a 5-tuple in bench/bench_lpmacl.c), two
 * 16-bit big-endian range fields of that record (the L4 ports) and a priority (lower wins;
 * among equal priorities the rule added first). A tuple is a set of whole bytes of the
 * record with a hash table from those bytes to a bucket of rules in priority order; a rule
 * sits in a tuple whose bytes it masks entirely (the most specific one whose bucket has
 * room), so rules of many shapes share few tuples, and each rule is checked in full. A
 * lookup probes every tuple once (their cache misses overlapped by prefetching), best
 * tuple first, and stops at the first tuple whose best priority cannot win.
 *
 * Thread-safety: one writer at a time (the caller serialises add/del); lookups are
 * lock-free and may run during add/del. A bucket's rules are read from its pack (one
 * allocation holding them in priority order); packs, hash tables and the tuple list are
 * replaced copy-on-write, and whatever is replaced or unlinked is handed to 'defer' (freed
 * once no lookup can hold it). A rule handle is the writer's and is never read by lookups.
 */
#ifndef SDPA_NIC_FLOW_ACL_H
#define SDPA_NIC_FLOW_ACL_H

#include <stdbool.h>
#include <stdint.h>

#include "core/atomics.h"

enum {
	SDPA_ACL_MAX_KEY = 64, /* masked bytes of one tuple */
	SDPA_ACL_NO_RANGE = 0xffff,
};

typedef void (*sdpa_acl_defer_fn)(void (*fn)(void *), void *ptr);

struct sdpa_acl;
struct sdpa_acl_rule;

/* A classifier over records of rec_len bytes whose range fields are the big-endian u16s at
 * range_off[0] and [1] (SDPA_ACL_NO_RANGE: none). defer NULL: free at once. NULL on
 * NO_MEMORY. */
struct sdpa_acl *sdpa_acl_create(uint32_t rec_len, const uint16_t range_off[2],
                                 sdpa_acl_defer_fn defer);
/* Free the classifier and every rule (no lookup may run). */
void sdpa_acl_free(struct sdpa_acl *a);
/* Add a rule: the record matches when (rec & mask) == (val & mask) and lo[k] <= range
 * field k <= hi[k] (host order). 0, -E2BIG (more than SDPA_ACL_MAX_KEY masked bytes),
 * -ENOMEM. *out is the rule's handle for sdpa_acl_del. */
int sdpa_acl_add(struct sdpa_acl *a, const uint8_t *val, const uint8_t *mask, const uint16_t lo[2],
                 const uint16_t hi[2], uint32_t prio, void *udata, struct sdpa_acl_rule **out);
/* Remove a rule added to 'a'. */
void sdpa_acl_del(struct sdpa_acl *a, struct sdpa_acl_rule *r);
/* The udata of the best rule matching 'rec', or NULL. */
void *sdpa_acl_lookup(const struct sdpa_acl *a, const uint8_t *rec);
/* Rules present, tuples present. */
uint32_t sdpa_acl_count(const struct sdpa_acl *a);
uint32_t sdpa_acl_tuples(const struct sdpa_acl *a);

#endif
