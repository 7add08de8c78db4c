/* SPDX-License-Identifier: BSD-3-Clause
 * Tuple-space classifier with tuple merging (flow_acl.h).
 *
 * A tuple is a set of whole key bytes of the record; a rule may sit in any tuple whose
 * bytes it masks entirely, so many rule shapes share few tuples (tuple merging): a rule
 * goes to the most specific existing tuple it fits whose bucket for its key holds fewer
 * than BUCKET_LIMIT rules, and only when none has room is a tuple made for it (coarse: the
 * first byte of each masked 4-byte word; then, when that bucket is full too, its exact
 * shape). A bucket's rules are kept in priority order and each is checked in full (every
 * masked byte, both ranges): the tuple's key only narrows the search.
 *
 * What a lookup reads of a bucket is its pack: the bucket's rules copied one after the
 * other into one allocation, in priority order, pointed to by the bucket's slot in the
 * tuple's table. A lookup computes every tuple's slot, then reads each slot and prefetches
 * its pack, in two passes (so the cache misses of the tuples overlap), then walks the
 * packs, best tuple first: a bucket costs one slot and the pack's consecutive lines, not a
 * pointer chase per rule. A change to a bucket builds its pack anew and publishes it; the
 * old one goes to the deferred free. The writer keeps each bucket's rules in a list of
 * their handles (struct sdpa_acl_rule), which lookups never read.
 */
#include <errno.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#include "nic/flow_acl.h"

enum {
	BUCKET_LIMIT = 8,
	PREFETCH_TUPLES = 32,
};

/* A rule as a lookup reads it, in a pack: 32 bytes, then for each of its nw words (the
 * 8-byte words of the record it masks) the mask and the value, then the words' byte
 * offsets; a 5-tuple rule is one cache line. */
struct acl_rec {
	uint32_t prio;
	uint16_t nw;
	uint16_t pad;
	uint64_t seq;
	uint16_t lo[2], hi[2];
	void *udata;
	uint64_t mv[]; /* mask, value of word 0, ...; then uint16_t off[nw], padded to 8 */
};

static inline size_t rec_size(uint32_t nw)
{
	return sizeof(struct acl_rec) + nw * 16 + (nw * 2 + 7) / 8 * 8;
}

static inline const uint16_t *rec_off(const struct acl_rec *r)
{
	return (const uint16_t *)(r->mv + 2 * r->nw);
}

/* A bucket's rules in priority order, each record followed by the next. */
struct acl_pack {
	uint32_t n;
	uint32_t pad;
	uint64_t data[]; /* struct acl_rec, ... (8-aligned) */
};

/* The writer's handle of a rule. */
struct sdpa_acl_rule {
	struct sdpa_acl_rule *next; /* the bucket's rules, priority order */
	struct acl_cell *cell;
	struct acl_tuple *tuple;
	struct acl_rec rec; /* last: its words follow */
};

struct acl_cell {
	uint32_t hash;
	uint32_t nrules;
	struct sdpa_acl_rule *head; /* writer side */
	uint8_t key[];
};

#define CELL_TOMB ((struct acl_cell *)(uintptr_t)1)

struct acl_slot {
	sdpa_atomic_u32 tag;  /* the cell's hash: a hint, the rules are checked in full */
	sdpa_atomic_ptr cell; /* struct acl_cell *, NULL or CELL_TOMB; lookups only compare it */
	sdpa_atomic_ptr pack; /* struct acl_pack * of the cell */
};

struct acl_ctab {
	uint32_t size; /* power of two */
	struct acl_slot slot[];
};

struct acl_tuple {
	uint32_t nw;   /* key words */
	uint32_t klen; /* key bytes: nw * 8 */
	uint32_t spec; /* bytes of the record the tuple keys on */
	uint32_t woff[SDPA_ACL_MAX_KEY];
	uint64_t wmask[SDPA_ACL_MAX_KEY];
	sdpa_atomic_ptr ctab; /* struct acl_ctab * */
	/* writer side */
	uint32_t used, live; /* slots taken (cells + tombstones), cells */
	uint32_t nrules;
	uint32_t best; /* lowest priority value added since the tuple was created */
	uint8_t *mask; /* rec_len bytes, 0 or 0xff: the tuple's identity */
};

struct acl_snap {
	uint32_t n;
	struct {
		const struct acl_tuple *t;
		uint32_t best;
	} e[];
};

struct sdpa_acl {
	uint32_t rec_len;
	uint16_t roff[2];
	sdpa_atomic_ptr snap; /* struct acl_snap * */
	sdpa_acl_defer_fn defer;
	/* writer side */
	struct acl_tuple **tl;
	uint32_t ntl, tcap;
	uint64_t seq;
	uint32_t nrules;
};

static void later(struct sdpa_acl *a, void (*fn)(void *), void *p)
{
	if (a->defer)
		a->defer(fn, p);
	else
		fn(p);
}

static inline uint64_t load64(const uint8_t *rec, uint32_t off, uint32_t len)
{
	uint64_t v = 0;

	if (__builtin_expect(off + 8 <= len, 1))
		memcpy(&v, rec + off, 8);
	else
		for (uint32_t i = 0; off + i < len; i++)
			v |= (uint64_t)rec[off + i] << (8 * i); /* little-endian, as memcpy */
	return v;
}

static inline uint32_t key_hash(const uint64_t *k, uint32_t nw)
{
	uint64_t h = 0x9e3779b97f4a7c15ull ^ nw;

	for (uint32_t i = 0; i < nw; i++) {
		h = (h ^ k[i]) * 0xff51afd7ed558ccdull;
		h ^= h >> 29;
	}
	return (uint32_t)(h ^ h >> 32);
}

/* The tuple's key of a record: its words under the tuple's mask. */
static inline void key_of(const struct acl_tuple *t, const uint8_t *rec, uint32_t len, uint64_t *k)
{
	for (uint32_t i = 0; i < t->nw; i++)
		k[i] = load64(rec, t->woff[i], len) & t->wmask[i];
}

struct sdpa_acl *sdpa_acl_create(uint32_t rec_len, const uint16_t range_off[2],
                                 sdpa_acl_defer_fn defer)
{
	struct sdpa_acl *a = calloc(1, sizeof(*a));

	if (a == NULL)
		return NULL;
	a->rec_len = rec_len;
	a->roff[0] = range_off[0];
	a->roff[1] = range_off[1];
	a->defer = defer;
	return a;
}

static void tuple_free(struct acl_tuple *t)
{
	struct acl_ctab *ct = sdpa_load_relaxed(&t->ctab);

	for (uint32_t i = 0; ct && i < ct->size; i++) {
		struct acl_cell *c = sdpa_load_relaxed(&ct->slot[i].cell);
		struct sdpa_acl_rule *r;

		if (c == NULL || c == CELL_TOMB)
			continue;
		for (r = c->head; r != NULL;) {
			struct sdpa_acl_rule *n = r->next;

			free(r);
			r = n;
		}
		free(sdpa_load_relaxed(&ct->slot[i].pack));
		free(c);
	}
	free(ct);
	free(t->mask);
	free(t);
}

static void tuple_free_cb(void *p)
{
	tuple_free(p);
}

void sdpa_acl_free(struct sdpa_acl *a)
{
	if (a == NULL)
		return;
	for (uint32_t i = 0; i < a->ntl; i++)
		tuple_free(a->tl[i]);
	free(a->tl);
	free(sdpa_load_relaxed(&a->snap));
	free(a);
}

uint32_t sdpa_acl_count(const struct sdpa_acl *a)
{
	return a->nrules;
}

uint32_t sdpa_acl_tuples(const struct sdpa_acl *a)
{
	return a->ntl;
}

/* Publish the tuple list sorted by best priority (insertion sort: tuples are few). */
static bool snap_publish(struct sdpa_acl *a)
{
	struct acl_snap *s = malloc(sizeof(*s) + (size_t)a->ntl * sizeof(s->e[0]));
	struct acl_snap *old = sdpa_load_relaxed(&a->snap);

	if (s == NULL)
		return false;
	s->n = 0;
	for (uint32_t i = 0; i < a->ntl; i++) {
		uint32_t k = s->n++;

		while (k > 0 && s->e[k - 1].best > a->tl[i]->best) {
			s->e[k] = s->e[k - 1];
			k--;
		}
		s->e[k].t = a->tl[i];
		s->e[k].best = a->tl[i]->best;
	}
	/* R-snap pairs with A-snap in sdpa_acl_lookup: the list and its tuples are whole */
	sdpa_store_release(&a->snap, s);
	if (old != NULL)
		later(a, free, old);
	return true;
}

/* The cell of key k in tuple t, or NULL. */
static struct acl_cell *cell_find(const struct acl_tuple *t, const uint64_t *k, uint32_t h)
{
	const struct acl_ctab *ct = sdpa_load_relaxed(&t->ctab);
	uint32_t m = ct->size - 1;

	for (uint32_t j = h & m;; j = (j + 1) & m) {
		struct acl_cell *c = sdpa_load_relaxed(&ct->slot[j].cell);

		if (c == NULL)
			return NULL;
		if (c != CELL_TOMB && c->hash == h && memcmp(c->key, k, t->klen) == 0)
			return c;
	}
}

static struct acl_tuple *tuple_find(struct sdpa_acl *a, const uint8_t *mask)
{
	for (uint32_t i = 0; i < a->ntl; i++)
		if (memcmp(a->tl[i]->mask, mask, a->rec_len) == 0)
			return a->tl[i];
	return NULL;
}

static struct acl_tuple *tuple_new(struct sdpa_acl *a, const uint8_t *mask)
{
	struct acl_tuple *t;
	struct acl_ctab *ct;

	if (a->ntl == a->tcap) {
		uint32_t cap = a->tcap ? a->tcap * 2 : 8;
		struct acl_tuple **tl = realloc(a->tl, cap * sizeof(*tl));

		if (tl == NULL)
			return NULL;
		a->tl = tl;
		a->tcap = cap;
	}
	t = calloc(1, sizeof(*t));
	ct = calloc(1, sizeof(*ct) + 16 * sizeof(ct->slot[0]));
	if (t == NULL || ct == NULL || (t->mask = malloc(a->rec_len)) == NULL) {
		free(ct);
		if (t != NULL)
			free(t->mask);
		free(t);
		return NULL;
	}
	memcpy(t->mask, mask, a->rec_len);
	for (uint32_t w = 0; w < a->rec_len && t->nw < SDPA_ACL_MAX_KEY; w += 8) {
		uint64_t m = load64(mask, w, a->rec_len);

		if (m != 0) {
			t->woff[t->nw] = w;
			t->wmask[t->nw++] = m;
		}
	}
	t->klen = t->nw * 8;
	for (uint32_t i = 0; i < a->rec_len; i++)
		t->spec += mask[i] != 0;
	ct->size = 16;
	sdpa_store_relaxed(&t->ctab, ct);
	t->best = UINT32_MAX;
	a->tl[a->ntl++] = t;
	return t;
}

static void tuple_drop(struct sdpa_acl *a, struct acl_tuple *t)
{
	for (uint32_t i = 0; i < a->ntl; i++)
		if (a->tl[i] == t) {
			a->tl[i] = a->tl[--a->ntl];
			break;
		}
}

/* Rebuild a cell table without tombstones, at 'size' slots; publish it. */
static bool ctab_rebuild(struct sdpa_acl *a, struct acl_tuple *t, uint32_t size)
{
	struct acl_ctab *o = sdpa_load_relaxed(&t->ctab);
	struct acl_ctab *n = calloc(1, sizeof(*n) + (size_t)size * sizeof(n->slot[0]));

	if (n == NULL)
		return false;
	n->size = size;
	t->used = 0;
	for (uint32_t i = 0; i < o->size; i++) {
		struct acl_cell *c = sdpa_load_relaxed(&o->slot[i].cell);
		uint32_t j;

		if (c == NULL || c == CELL_TOMB)
			continue;
		for (j = c->hash & (size - 1); sdpa_load_relaxed(&n->slot[j].cell) != NULL;
		     j = (j + 1) & (size - 1))
			;
		sdpa_store_relaxed(&n->slot[j].tag, c->hash);
		sdpa_store_relaxed(&n->slot[j].cell, c);
		sdpa_store_relaxed(&n->slot[j].pack, sdpa_load_relaxed(&o->slot[i].pack));
		t->used++;
	}
	/* R-ctab pairs with A-ctab in sdpa_acl_lookup: the table is filled */
	sdpa_store_release(&t->ctab, n);
	later(a, free, o);
	return true;
}

/* The cell of key k in tuple t, created when missing (NULL: no memory). */
static struct acl_cell *cell_get(struct sdpa_acl *a, struct acl_tuple *t, const uint64_t *k,
                                 uint32_t h)
{
	struct acl_ctab *ct = sdpa_load_relaxed(&t->ctab);
	uint32_t m = ct->size - 1, j, tomb = UINT32_MAX;
	struct acl_cell *c = cell_find(t, k, h);

	if (c != NULL)
		return c;
	if (t->used + 1 > ct->size / 4 * 3) {
		if (!ctab_rebuild(a, t, t->live * 2 + 2 > ct->size / 2 ? ct->size * 2 : ct->size))
			return NULL;
		return cell_get(a, t, k, h);
	}
	for (j = h & m;; j = (j + 1) & m) {
		struct acl_cell *x = sdpa_load_relaxed(&ct->slot[j].cell);

		if (x == NULL)
			break;
		if (x == CELL_TOMB && tomb == UINT32_MAX)
			tomb = j;
	}
	c = calloc(1, sizeof(*c) + t->klen);
	if (c == NULL)
		return NULL;
	c->hash = h;
	memcpy(c->key, k, t->klen);
	if (tomb != UINT32_MAX)
		j = tomb;
	else
		t->used++;
	t->live++;
	sdpa_store_relaxed(&ct->slot[j].tag, h);
	/* R-cell pairs with A-cell in sdpa_acl_lookup: the cell is initialised */
	sdpa_store_release(&ct->slot[j].cell, c);
	return c;
}

static bool fits(const struct sdpa_acl *a, const struct acl_tuple *t, const uint8_t *full)
{
	for (uint32_t i = 0; i < a->rec_len; i++)
		if (t->mask[i] && !full[i])
			return false;
	return true;
}

/* The shape 'full' (0 or 0xff a byte) keyed on at most 'lead' leading bytes of each 4-byte
 * word it masks from the word's start (lead 4: 'full' itself). */
static void relax(const struct sdpa_acl *a, const uint8_t *full, uint32_t lead, uint8_t *out)
{
	memcpy(out, full, a->rec_len);
	for (uint32_t w = 0; w + 4 <= a->rec_len; w += 4) {
		uint32_t n = 0;

		while (n < 4 && out[w + n])
			n++;
		for (uint32_t b = lead < n ? lead : n; b < n; b++)
			out[w + b] = 0;
	}
}

/* The tuple a rule with whole masked bytes 'full' (0 or 0xff each) goes to, and its key. */
static struct acl_tuple *place(struct sdpa_acl *a, const uint8_t *full, const uint8_t *val,
                               uint64_t *k, uint32_t *h)
{
	struct acl_tuple *best = NULL, *t;
	uint8_t *relaxed;

	for (uint32_t i = 0; i < a->ntl; i++) {
		struct acl_cell *c;
		uint32_t hh;

		t = a->tl[i];
		if ((best != NULL && t->spec <= best->spec) || !fits(a, t, full))
			continue;
		key_of(t, val, a->rec_len, k);
		hh = key_hash(k, t->nw);
		c = cell_find(t, k, hh);
		if (c == NULL || c->nrules < BUCKET_LIMIT)
			best = t;
	}
	if (best == NULL) {
		/* A tuple of its own, on a ladder of shapes: keyed on the first byte of each
		 * 4-byte word it masks from its start (an IPv4 prefix of /8 or longer, an IPv6
		 * address word, an enum), then on the first two bytes, then three: coarse first,
		 * so that rules of every prefix length share few tuples, and a bucket that fills
		 * up sends the next rules one step more specific, where they spread over more
		 * buckets. The candidates above saw every existing step and found its bucket
		 * for this key full: the first step that does not exist yet takes the rule,
		 * else the rule's exact shape (over the limit when that is full too). */
		relaxed = malloc(a->rec_len);
		if (relaxed == NULL)
			return NULL;
		for (uint32_t step = 1; step <= 4 && best == NULL; step++) {
			relax(a, full, step, relaxed);
			if (tuple_find(a, relaxed) == NULL)
				best = tuple_new(a, relaxed);
			else if (step == 4)
				best = tuple_find(a, relaxed);
		}
		free(relaxed);
		if (best == NULL)
			return NULL;
	}
	key_of(best, val, a->rec_len, k);
	*h = key_hash(k, best->nw);
	return best;
}

static const struct acl_rec *rec_next(const struct acl_rec *r)
{
	return (const struct acl_rec *)((const uint8_t *)r + rec_size(r->nw));
}

/* The slot of cell c in t's current table. */
static struct acl_slot *slot_of(const struct acl_tuple *t, const struct acl_cell *c)
{
	struct acl_ctab *ct = sdpa_load_relaxed(&t->ctab);
	uint32_t m = ct->size - 1;

	for (uint32_t j = c->hash & m;; j = (j + 1) & m)
		if (sdpa_load_relaxed(&ct->slot[j].cell) == c)
			return &ct->slot[j];
}

/* Build the pack of c's rules and publish it in its slot. False: no memory (the slot keeps
 * the old pack). */
static bool pack_publish(struct sdpa_acl *a, const struct acl_tuple *t, const struct acl_cell *c)
{
	struct acl_slot *sl = slot_of(t, c);
	struct acl_pack *old = sdpa_load_relaxed(&sl->pack), *pk;
	size_t bytes = sizeof(*pk);
	uint8_t *at;

	for (const struct sdpa_acl_rule *r = c->head; r != NULL; r = r->next)
		bytes += rec_size(r->rec.nw);
	pk = malloc(bytes);
	if (pk == NULL)
		return false;
	pk->n = c->nrules;
	pk->pad = 0;
	at = (uint8_t *)pk->data;
	for (const struct sdpa_acl_rule *r = c->head; r != NULL; r = r->next) {
		memcpy(at, &r->rec, rec_size(r->rec.nw));
		at += rec_size(r->rec.nw);
	}
	/* R-pack pairs with A-pack in sdpa_acl_lookup: the pack is whole */
	sdpa_store_release(&sl->pack, pk);
	if (old != NULL)
		later(a, free, old);
	return true;
}

int sdpa_acl_add(struct sdpa_acl *a, const uint8_t *val, const uint8_t *mask, const uint16_t lo[2],
                 const uint16_t hi[2], uint32_t prio, void *udata, struct sdpa_acl_rule **out)
{
	uint64_t k[SDPA_ACL_MAX_KEY];
	struct sdpa_acl_rule *r, **prev;
	struct acl_tuple *t;
	struct acl_cell *c;
	uint32_t h = 0, n = 0, nt = a->ntl;
	uint8_t *full;
	bool created;

	for (uint32_t i = 0; i < a->rec_len; i++)
		n += mask[i] != 0;
	if (n > SDPA_ACL_MAX_KEY)
		return -E2BIG;
	n = 0;
	for (uint32_t w = 0; w < a->rec_len; w += 8)
		n += load64(mask, w, a->rec_len) != 0;
	r = calloc(1, offsetof(struct sdpa_acl_rule, rec) + rec_size(n));
	full = malloc(a->rec_len);
	if (r == NULL || full == NULL) {
		free(r);
		free(full);
		return -ENOMEM;
	}
	for (uint32_t i = 0; i < a->rec_len; i++)
		full[i] = mask[i] == 0xff ? 0xff : 0;
	for (uint32_t w = 0; w < a->rec_len; w += 8) {
		uint64_t m = load64(mask, w, a->rec_len);

		if (m != 0) {
			uint16_t *off = (uint16_t *)(r->rec.mv + 2 * n);

			r->rec.mv[2 * r->rec.nw] = m;
			r->rec.mv[2 * r->rec.nw + 1] = load64(val, w, a->rec_len) & m;
			off[r->rec.nw++] = (uint16_t)w;
		}
	}
	t = place(a, full, val, k, &h);
	free(full);
	created = a->ntl > nt;
	c = t != NULL ? cell_get(a, t, k, h) : NULL;
	if (c == NULL) {
		free(r);
		if (created) {
			tuple_drop(a, t);
			tuple_free(t);
		}
		return -ENOMEM;
	}
	r->rec.prio = prio;
	r->rec.seq = a->seq++;
	for (int i = 0; i < 2; i++) {
		r->rec.lo[i] = a->roff[i] == SDPA_ACL_NO_RANGE ? 0 : lo[i];
		r->rec.hi[i] = a->roff[i] == SDPA_ACL_NO_RANGE ? 0xffff : hi[i];
	}
	r->rec.udata = udata;
	r->cell = c;
	r->tuple = t;
	for (prev = &c->head; *prev != NULL && (*prev)->rec.prio <= prio; prev = &(*prev)->next)
		;
	r->next = *prev;
	*prev = r;
	c->nrules++;
	if (!pack_publish(a, t, c)) {
		*prev = r->next;
		c->nrules--;
		free(r);
		return -ENOMEM; /* an empty new cell stays, harmless: its slot has no pack */
	}
	t->nrules++;
	a->nrules++;
	if (created || prio < t->best) {
		t->best = prio < t->best ? prio : t->best;
		if (!snap_publish(a) && created) {
			/* Unreachable: take it back. */
			sdpa_acl_del(a, r);
			return -ENOMEM;
		}
	}
	*out = r;
	return 0;
}

void sdpa_acl_del(struct sdpa_acl *a, struct sdpa_acl_rule *r)
{
	struct acl_cell *c = r->cell;
	struct acl_tuple *t = r->tuple;
	struct sdpa_acl_rule **prev;

	for (prev = &c->head; *prev != NULL && *prev != r; prev = &(*prev)->next)
		;
	if (*prev == NULL)
		return;
	*prev = r->next;
	c->nrules--;
	t->nrules--;
	a->nrules--;
	if (c->nrules == 0) {
		struct acl_slot *sl = slot_of(t, c);

		/* R-cell pairs with A-cell in sdpa_acl_lookup */
		sdpa_store_release(&sl->cell, CELL_TOMB);
		later(a, free, sdpa_load_relaxed(&sl->pack));
		sdpa_store_relaxed(&sl->pack, NULL);
		t->live--;
		later(a, free, c);
	} else if (!pack_publish(a, t, c)) {
		/* No memory for the smaller pack: the old one stays published, so the rule
		 * still matches. Keep it in the list and counted: deleting is retried. */
		r->next = *prev;
		*prev = r;
		c->nrules++;
		t->nrules++;
		a->nrules++;
		return;
	}
	free(r);
	if (t->nrules == 0) {
		tuple_drop(a, t);
		if (snap_publish(a)) {
			later(a, tuple_free_cb, t);
		} else {
			/* No memory for a snapshot without it: keep the empty tuple listed. */
			a->tl[a->ntl++] = t;
			t->best = UINT32_MAX;
		}
	}
}

static inline uint16_t rd16(const uint8_t *p)
{
	return (uint16_t)(p[0] << 8 | p[1]);
}

static inline bool rule_ok(const struct acl_rec *r, const uint8_t *rec, uint32_t len, uint16_t p0,
                           uint16_t p1)
{
	if (p0 < r->lo[0] || p0 > r->hi[0] || p1 < r->lo[1] || p1 > r->hi[1])
		return false;
	const uint16_t *off = rec_off(r);

	for (uint32_t i = 0; i < r->nw; i++)
		if ((load64(rec, off[i], len) & r->mv[2 * i]) != r->mv[2 * i + 1])
			return false;
	return true;
}

/* Walk a pack's rules (priority order); update the best found so far. */
static inline void walk(const struct acl_pack *pk, const uint8_t *rec, uint32_t len, uint16_t p0,
                        uint16_t p1, const struct acl_rec **best, uint32_t *bp, uint64_t *bs)
{
	const struct acl_rec *r = (const struct acl_rec *)pk->data;

	for (uint32_t i = 0; i < pk->n; i++, r = rec_next(r)) {
		if (r->prio > *bp || (r->prio == *bp && r->seq > *bs))
			return;
		if (rule_ok(r, rec, len, p0, p1)) {
			*best = r;
			*bp = r->prio;
			*bs = r->seq;
			return;
		}
	}
}

/* Probe a tuple's table from slot j for cells tagged h, walking each pack. */
static void probe(const struct acl_ctab *ct, uint32_t j, uint32_t h, const uint8_t *rec,
                  uint32_t len, uint16_t p0, uint16_t p1, const struct acl_rec **best, uint32_t *bp,
                  uint64_t *bs)
{
	uint32_t m = ct->size - 1;

	for (;; j = (j + 1) & m) {
		const struct acl_pack *pk;
		const void *c;

		if (sdpa_load_relaxed(&ct->slot[j].tag) != h) {
			if (sdpa_load_relaxed(&ct->slot[j].cell) == NULL)
				return;
			continue;
		}
		/* A-cell pairs with R-cell in cell_get */
		c = sdpa_load_acquire(&ct->slot[j].cell);
		if (c == NULL)
			return;
		if (c == CELL_TOMB)
			continue;
		/* A-pack pairs with R-pack in pack_publish */
		pk = sdpa_load_acquire(&ct->slot[j].pack);
		if (pk != NULL)
			walk(pk, rec, len, p0, p1, best, bp, bs);
	}
}

void *sdpa_acl_lookup(const struct sdpa_acl *a, const uint8_t *rec)
{
	/* A-snap pairs with R-snap in snap_publish */
	const struct acl_snap *s = sdpa_load_acquire(&a->snap);
	const struct acl_rec *best = NULL;
	const struct acl_ctab *cts[PREFETCH_TUPLES];
	const struct acl_pack *packs[PREFETCH_TUPLES];
	uint32_t hs[PREFETCH_TUPLES], js[PREFETCH_TUPLES];
	uint32_t bp = UINT32_MAX, n;
	uint64_t bs = UINT64_MAX;
	uint16_t p0, p1;
	uint64_t k[SDPA_ACL_MAX_KEY];

	if (s == NULL)
		return NULL;
	p0 = a->roff[0] != SDPA_ACL_NO_RANGE ? rd16(rec + a->roff[0]) : 0;
	p1 = a->roff[1] != SDPA_ACL_NO_RANGE ? rd16(rec + a->roff[1]) : 0;
	/* The tuples' slots, then their packs: each step's cache misses overlap across the
	 * tuples instead of adding up. */
	n = s->n < PREFETCH_TUPLES ? s->n : PREFETCH_TUPLES;
	for (uint32_t i = 0; i < n; i++) {
		const struct acl_tuple *t = s->e[i].t;

		key_of(t, rec, a->rec_len, k);
		hs[i] = key_hash(k, t->nw);
		/* A-ctab pairs with R-ctab in ctab_rebuild */
		cts[i] = sdpa_load_acquire(&t->ctab);
		js[i] = hs[i] & (cts[i]->size - 1);
		__builtin_prefetch(&cts[i]->slot[js[i]]);
	}
	for (uint32_t i = 0; i < n; i++) {
		const struct acl_ctab *ct = cts[i];
		uint32_t m = ct->size - 1;

		packs[i] = NULL;
		for (uint32_t j = js[i];; j = (j + 1) & m) {
			const void *c;

			if (sdpa_load_relaxed(&ct->slot[j].tag) != hs[i]) {
				if (sdpa_load_relaxed(&ct->slot[j].cell) == NULL)
					break;
				continue;
			}
			/* A-cell pairs with R-cell in cell_get */
			c = sdpa_load_acquire(&ct->slot[j].cell);
			if (c == NULL)
				break;
			if (c == CELL_TOMB)
				continue;
			/* A-pack pairs with R-pack in pack_publish */
			packs[i] = sdpa_load_acquire(&ct->slot[j].pack);
			js[i] = j;
			if (packs[i] != NULL) {
				__builtin_prefetch(packs[i]);
				__builtin_prefetch((const uint8_t *)packs[i] + 64);
			}
			break;
		}
	}
	for (uint32_t i = 0; i < s->n; i++) {
		if (s->e[i].best > bp)
			break;
		if (i < n) {
			if (packs[i] != NULL)
				walk(packs[i], rec, a->rec_len, p0, p1, &best, &bp, &bs);
			/* Another cell with the same tag (a 32-bit hash collision) after it. */
			probe(cts[i], (js[i] + 1) & (cts[i]->size - 1), hs[i], rec, a->rec_len, p0,
			      p1, &best, &bp, &bs);
		} else {
			const struct acl_tuple *t = s->e[i].t;
			const struct acl_ctab *ct;
			uint32_t h;

			key_of(t, rec, a->rec_len, k);
			h = key_hash(k, t->nw);
			/* A-ctab pairs with R-ctab in ctab_rebuild */
			ct = sdpa_load_acquire(&t->ctab);
			probe(ct, h & (ct->size - 1), h, rec, a->rec_len, p0, p1, &best, &bp, &bs);
		}
	}
	return best != NULL ? best->udata : NULL;
}
