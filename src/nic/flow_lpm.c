/* SPDX-License-Identifier: BSD-3-Clause
 * Longest-prefix match: the multibit trie of flow_lpm.h (the structure), then the LPM pipe
 * built on it (flow_lpmacl.h: templates, entries, datapath lookup).
 *
 * Writer side: every prefix present is kept in a hash table keyed by (depth, prefix), so a
 * deletion finds the longest shorter prefix that covers the deleted one (it takes back the
 * words the deleted prefix held) in at most 'bits' probes, and a duplicate add is refused.
 */
#include <errno.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#include "core/hugemem.h"
#include "nic/flow_lpm.h"

/* ------------------------------------------------------------------ writer state */

struct rule {
	uint8_t addr[16];
	uint8_t depth;
	uint8_t used;
	uint32_t value;
};

struct sdpa_lpm_ctl {
	struct rule *rules; /* open addressing, linear probing, backward-shift deletion */
	uint32_t rsize, nrules;
	pthread_mutex_t mtx; /* free groups: pushed by deferred callbacks in any thread */
	uint32_t *free_groups;
	uint32_t nfree, free_cap;
	uint32_t pending; /* deferred group releases not run yet */
	bool dying;
	size_t root_map; /* the root's sdpa_table_alloc length */
};

struct group_release {
	struct sdpa_lpm *t;
	uint32_t g;
};

static uint32_t words_in_root(const struct sdpa_lpm *t)
{
	return 1u << t->root_bits;
}

static uint32_t rule_hash(const uint8_t *a, uint32_t depth)
{
	uint64_t h = 0x9e3779b97f4a7c15ull * (depth + 1);

	for (int i = 0; i < 16; i += 8) {
		uint64_t v;

		memcpy(&v, a + i, 8);
		h = (h ^ v) * 0xff51afd7ed558ccdull;
		h ^= h >> 32;
	}
	return (uint32_t)h;
}

static struct rule *rule_find(struct sdpa_lpm_ctl *c, const uint8_t *a, uint32_t depth)
{
	uint32_t m;

	if (c->rsize == 0)
		return NULL;
	m = c->rsize - 1;
	for (uint32_t i = rule_hash(a, depth) & m;; i = (i + 1) & m) {
		struct rule *r = &c->rules[i];

		if (!r->used)
			return NULL;
		if (r->depth == depth && memcmp(r->addr, a, 16) == 0)
			return r;
	}
}

static bool rule_grow(struct sdpa_lpm_ctl *c)
{
	uint32_t ns = c->rsize ? c->rsize * 2 : 64;
	struct rule *n = calloc(ns, sizeof(*n));

	if (n == NULL)
		return false;
	for (uint32_t k = 0; k < c->rsize; k++) {
		struct rule *r = &c->rules[k];
		uint32_t i;

		if (!r->used)
			continue;
		for (i = rule_hash(r->addr, r->depth) & (ns - 1); n[i].used; i = (i + 1) & (ns - 1))
			;
		n[i] = *r;
	}
	free(c->rules);
	c->rules = n;
	c->rsize = ns;
	return true;
}

static bool rule_insert(struct sdpa_lpm_ctl *c, const uint8_t *a, uint32_t depth, uint32_t value)
{
	uint32_t i, m;

	if ((c->nrules + 1) * 2 > c->rsize && !rule_grow(c))
		return false;
	m = c->rsize - 1;
	for (i = rule_hash(a, depth) & m; c->rules[i].used; i = (i + 1) & m)
		;
	memcpy(c->rules[i].addr, a, 16);
	c->rules[i].depth = (uint8_t)depth;
	c->rules[i].value = value;
	c->rules[i].used = 1;
	c->nrules++;
	return true;
}

static void rule_remove(struct sdpa_lpm_ctl *c, struct rule *r)
{
	uint32_t m = c->rsize - 1;
	uint32_t i = (uint32_t)(r - c->rules), j = i;

	r->used = 0;
	for (;;) {
		uint32_t h;

		j = (j + 1) & m;
		if (!c->rules[j].used)
			break;
		h = rule_hash(c->rules[j].addr, c->rules[j].depth) & m;
		/* Move j back to i when i lies cyclically in [h, j). */
		if ((j > i && (h <= i || h > j)) || (j < i && h <= i && h > j)) {
			c->rules[i] = c->rules[j];
			c->rules[j].used = 0;
			i = j;
		}
	}
	c->nrules--;
}

/* ------------------------------------------------------------------ groups */

static sdpa_atomic_u32 *group_w(struct sdpa_lpm *t, uint32_t g)
{
	return (sdpa_atomic_u32 *)sdpa_lpm_group(t, g);
}

/* The root, every word zero, never on the kernel's 4 KiB zero page (sdpa_table_alloc): a
 * 24-bit root (64 MiB) on huge pages, where a word never written reads the huge zero page
 * and a written one makes its 2 MiB resident (one TLB entry, as rte_lpm's tbl24 on huge
 * pages); a 16-bit one (256 KiB) resident whole. */
static bool root_alloc(struct sdpa_lpm *t)
{
	t->root = sdpa_table_alloc((size_t)words_in_root(t) * sizeof(*t->root), &t->ctl->root_map);
	return t->root != NULL;
}

static void ctl_free(struct sdpa_lpm *t)
{
	for (uint32_t i = 0; t->chunks != NULL && i < (t->max_groups >> SDPA_LPM_GROUP_SHIFT) + 1;
	     i++)
		free(t->chunks[i]);
	free(t->chunks);
	sdpa_table_free(t->root, t->ctl->root_map);
	pthread_mutex_destroy(&t->ctl->mtx);
	free(t->ctl->rules);
	free(t->ctl->free_groups);
	free(t->ctl);
	free(t);
}

static void group_release_cb(void *p)
{
	struct group_release *gr = p;
	struct sdpa_lpm *t = gr->t;
	struct sdpa_lpm_ctl *c = t->ctl;
	bool last;

	pthread_mutex_lock(&c->mtx);
	if (c->nfree < c->free_cap)
		c->free_groups[c->nfree++] = gr->g;
	c->pending--;
	last = c->dying && c->pending == 0;
	pthread_mutex_unlock(&c->mtx);
	free(gr);
	if (last)
		ctl_free(t);
}

/* A group no lookup can enter any more: reusable once the lookups in flight are done. */
static void group_retire(struct sdpa_lpm *t, uint32_t g)
{
	struct group_release *gr = t->defer ? malloc(sizeof(*gr)) : NULL;

	if (gr == NULL) {
		/* No concurrent lookups (or no memory to remember it: leak the slot, not
		 * reuse it early). */
		if (t->defer == NULL) {
			pthread_mutex_lock(&t->ctl->mtx);
			t->ctl->free_groups[t->ctl->nfree++] = g;
			pthread_mutex_unlock(&t->ctl->mtx);
		}
		return;
	}
	gr->t = t;
	gr->g = g;
	pthread_mutex_lock(&t->ctl->mtx);
	t->ctl->pending++;
	pthread_mutex_unlock(&t->ctl->mtx);
	t->defer(group_release_cb, gr);
}

/* A group whose 256 words are all 'fill' (not published yet), or UINT32_MAX. */
static uint32_t group_new(struct sdpa_lpm *t, uint32_t fill)
{
	struct sdpa_lpm_ctl *c = t->ctl;
	uint32_t g = UINT32_MAX;
	sdpa_atomic_u32 *w;

	pthread_mutex_lock(&c->mtx);
	if (c->nfree)
		g = c->free_groups[--c->nfree];
	pthread_mutex_unlock(&c->mtx);
	if (g == UINT32_MAX) {
		uint32_t ci;

		if (t->ngroups >= t->max_groups)
			return UINT32_MAX;
		ci = t->ngroups >> SDPA_LPM_GROUP_SHIFT;
		if (t->chunks[ci] == NULL) {
			size_t bytes = ((size_t)1 << SDPA_LPM_GROUP_SHIFT) * 256 * sizeof(uint32_t);

			t->chunks[ci] = aligned_alloc(64, bytes);
			if (t->chunks[ci] == NULL)
				return UINT32_MAX;
		}
		g = t->ngroups++;
	}
	w = group_w(t, g);
	for (uint32_t i = 0; i < 256; i++)
		sdpa_store_relaxed(&w[i], fill);
	return g;
}

/* ------------------------------------------------------------------ structure */

struct sdpa_lpm *sdpa_lpm_create(uint32_t bits, uint32_t root_bits, uint32_t max_groups,
                                 sdpa_lpm_defer_fn defer)
{
	struct sdpa_lpm *t;

	if ((bits != 32 && bits != 128) || root_bits % 8 || root_bits == 0 || root_bits > 24 ||
	    max_groups == 0 || max_groups > SDPA_LPM_MAX_VALUE + 1u)
		return NULL;
	t = calloc(1, sizeof(*t));
	if (t == NULL)
		return NULL;
	t->bits = bits;
	t->root_bits = root_bits;
	t->max_groups = max_groups;
	t->defer = defer;
	t->ctl = calloc(1, sizeof(*t->ctl));
	if (t->ctl == NULL) {
		free(t);
		return NULL;
	}
	pthread_mutex_init(&t->ctl->mtx, NULL);
	t->ctl->free_cap = max_groups;
	t->ctl->free_groups = malloc((size_t)max_groups * sizeof(uint32_t));
	t->chunks = calloc((max_groups >> SDPA_LPM_GROUP_SHIFT) + 1, sizeof(*t->chunks));
	if (!root_alloc(t) || t->chunks == NULL || t->ctl->free_groups == NULL) {
		ctl_free(t);
		return NULL;
	}
	return t;
}

void sdpa_lpm_free(struct sdpa_lpm *t)
{
	bool now;

	if (t == NULL)
		return;
	pthread_mutex_lock(&t->ctl->mtx);
	t->ctl->dying = true;
	now = t->ctl->pending == 0;
	pthread_mutex_unlock(&t->ctl->mtx);
	if (now)
		ctl_free(t); /* else the last deferred release frees it */
}

uint32_t sdpa_lpm_count(const struct sdpa_lpm *t)
{
	return t->ctl->nrules;
}

/* Bits [from, from + n) of a big-endian address (n <= 24). */
static uint32_t addr_bits(const uint8_t *a, uint32_t from, uint32_t n)
{
	uint32_t v = 0;
	uint32_t first = from / 8, last = (from + n - 1) / 8;

	for (uint32_t i = first; i <= last; i++)
		v = v << 8 | a[i];
	v >>= (last + 1) * 8 - (from + n);
	return n == 32 ? v : v & ((1u << n) - 1);
}

static void mask_addr(uint8_t *out, const uint8_t *a, uint32_t depth, uint32_t bits)
{
	memset(out, 0, 16);
	for (uint32_t i = 0; i < bits / 8; i++) {
		uint32_t keep = depth >= (i + 1) * 8 ? 8 : depth > i * 8 ? depth - i * 8 : 0;

		out[i] = keep ? (uint8_t)(a[i] & (0xff00u >> keep)) : 0;
	}
}

static uint32_t word_of(uint32_t depth, uint32_t value)
{
	return SDPA_LPM_W_VALID | depth << 22 | value;
}

static uint32_t depth_of(uint32_t w)
{
	return (w >> 22) & 0xff;
}

/* Fold child group 'g' (named by node[i]) back into node[i] when its words are all equal
 * and none names a group. */
static void try_collapse(struct sdpa_lpm *t, sdpa_atomic_u32 *node, uint32_t i, uint32_t g)
{
	sdpa_atomic_u32 *w = group_w(t, g);
	uint32_t w0 = sdpa_load_relaxed(&w[0]);

	if (w0 & SDPA_LPM_W_EXT)
		return;
	for (uint32_t k = 1; k < 256; k++)
		if (sdpa_load_relaxed(&w[k]) != w0)
			return;
	/* R-word pairs with A-word in the lookups: a word is whole, a group it names filled */
	sdpa_store_release(&node[i], w0);
	group_retire(t, g);
}

/* Words [from, to) of a node and everything below them: an add writes 'nw' over every word
 * of a depth <= depth (or empty); a delete writes 'nw' over every word of exactly 'depth'. */
static void fill(struct sdpa_lpm *t, sdpa_atomic_u32 *node, uint32_t from, uint32_t to,
                 uint32_t depth, uint32_t nw, bool del)
{
	for (uint32_t i = from; i < to; i++) {
		uint32_t w = sdpa_load_relaxed(&node[i]);

		if (w & SDPA_LPM_W_EXT) {
			uint32_t g = w & SDPA_LPM_W_VAL;

			fill(t, group_w(t, g), 0, 256, depth, nw, del);
			try_collapse(t, node, i, g);
		} else if (del ? ((w & SDPA_LPM_W_VALID) && depth_of(w) == depth)
		               : (!(w & SDPA_LPM_W_VALID) || depth_of(w) <= depth)) {
			/* R-word pairs with A-word in the lookups: a word is whole, a group it
			 * names filled */
			sdpa_store_release(&node[i], nw);
		}
	}
}

/* Walk from 'node' (covering address bits [lo, lo + nb)) to the level holding 'depth' and
 * fill the words it covers there. */
static int update(struct sdpa_lpm *t, sdpa_atomic_u32 *node, uint32_t lo, uint32_t nb,
                  const uint8_t *a, uint32_t depth, uint32_t nw, bool del)
{
	uint32_t idx = addr_bits(a, lo, nb);
	uint32_t w, g;
	int r;

	if (depth <= lo + nb) {
		uint32_t span = 1u << (lo + nb - depth);
		uint32_t from = idx & ~(span - 1);

		fill(t, node, from, from + span, depth, nw, del);
		return 0;
	}
	w = sdpa_load_relaxed(&node[idx]);
	if (!(w & SDPA_LPM_W_EXT)) {
		if (del)
			return 0;
		g = group_new(t, w);
		if (g == UINT32_MAX)
			return -ENOSPC;
		/* R-group: the group's words are visible before the word naming it. */
		/* R-group pairs with A-word in the lookups: the group's words are visible first */
		sdpa_store_release(&node[idx], SDPA_LPM_W_EXT | g);
	} else {
		g = w & SDPA_LPM_W_VAL;
	}
	r = update(t, group_w(t, g), lo + nb, 8, a, depth, nw, del);
	try_collapse(t, node, idx, g);
	return r;
}

int sdpa_lpm_add(struct sdpa_lpm *t, const uint8_t *addr, uint32_t depth, uint32_t value)
{
	uint8_t a[16];
	int r;

	if (depth > t->bits || value > SDPA_LPM_MAX_VALUE)
		return -EINVAL;
	mask_addr(a, addr, depth, t->bits);
	if (rule_find(t->ctl, a, depth) != NULL)
		return -EEXIST;
	if (!rule_insert(t->ctl, a, depth, value))
		return -ENOMEM;
	if (depth == 0) {
		/* R-deflt pairs with A-deflt in the lookups */
		sdpa_store_release(&t->deflt, word_of(0, value));
		return 0;
	}
	r = update(t, t->root, 0, t->root_bits, a, depth, word_of(depth, value), false);
	if (r != 0)
		rule_remove(t->ctl, rule_find(t->ctl, a, depth));
	return r;
}

int sdpa_lpm_del(struct sdpa_lpm *t, const uint8_t *addr, uint32_t depth)
{
	struct rule *r, *cover = NULL;
	uint8_t a[16], b[16];
	uint32_t nw = 0;

	if (depth > t->bits)
		return -ENOENT;
	mask_addr(a, addr, depth, t->bits);
	r = rule_find(t->ctl, a, depth);
	if (r == NULL)
		return -ENOENT;
	rule_remove(t->ctl, r);
	if (depth == 0) {
		/* R-deflt pairs with A-deflt in the lookups */
		sdpa_store_release(&t->deflt, 0);
		return 0;
	}
	/* The longest shorter prefix covering this one takes its words back (/0 has its own
	 * word: the words go empty and lookups fall through to it). */
	for (uint32_t d = depth - 1; d > 0 && cover == NULL; d--) {
		mask_addr(b, a, d, t->bits);
		cover = rule_find(t->ctl, b, d);
	}
	if (cover != NULL)
		nw = word_of(cover->depth, cover->value);
	(void)update(t, t->root, 0, t->root_bits, a, depth, nw, true);
	return 0;
}

bool sdpa_lpm_lookup(const struct sdpa_lpm *t, const uint8_t *addr, uint32_t *value)
{
	uint32_t lo = t->root_bits;
	/* A-word pairs with R-word in flow_lpm.c: the group a word names is filled */
	uint32_t w = sdpa_load_acquire(&t->root[addr_bits(addr, 0, t->root_bits)]);

	while (w & SDPA_LPM_W_EXT) {
		/* A-word pairs with R-word in flow_lpm.c: the group a word names is filled */
		w = sdpa_load_acquire(&sdpa_lpm_group(t, w & SDPA_LPM_W_VAL)[addr[lo / 8]]);
		lo += 8;
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
