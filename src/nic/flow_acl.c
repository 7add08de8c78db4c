/* SPDX-License-Identifier: BSD-3-Clause
 * Tuple-space search classifier (flow_acl.h).
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "nic/flow_acl.h"

struct sdpa_acl_rule {
	sdpa_atomic_ptr next; /* struct sdpa_acl_rule *, priority order */
	uint32_t prio;
	uint64_t seq;
	uint16_t lo[2], hi[2];
	void *udata;
	struct acl_cell *cell;
	struct acl_tuple *tuple;
};

struct acl_cell {
	uint32_t hash;
	sdpa_atomic_ptr head; /* struct sdpa_acl_rule * */
	uint8_t key[];
};

#define CELL_TOMB ((struct acl_cell *)(uintptr_t)1)

struct acl_ctab {
	uint32_t size;          /* power of two */
	sdpa_atomic_ptr slot[]; /* struct acl_cell *, NULL or CELL_TOMB */
};

struct acl_tuple {
	uint32_t klen;
	uint16_t off[SDPA_ACL_MAX_KEY];
	uint8_t m[SDPA_ACL_MAX_KEY];
	sdpa_atomic_ptr ctab; /* struct acl_ctab * */
	/* writer side */
	uint32_t used, live; /* slots taken (cells + tombstones), cells */
	uint32_t nrules;
	uint32_t best; /* lowest priority value added since the tuple was created */
	uint8_t *mask; /* rec_len bytes: the tuple's identity */
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

static uint32_t key_hash(const uint8_t *k, uint32_t n)
{
	uint64_t h = 0x9e3779b97f4a7c15ull ^ n;

	for (uint32_t i = 0; i < n; i += 8) {
		uint64_t v;

		memcpy(&v, k + i, 8); /* the key buffer is zero-padded to 8 bytes */
		h = (h ^ v) * 0xff51afd7ed558ccdull;
		h ^= h >> 29;
	}
	return (uint32_t)(h ^ h >> 32);
}

/* The tuple's key of a record: its masked bytes, zero-padded to a multiple of 8. */
static inline void key_of(const struct acl_tuple *t, const uint8_t *rec, uint8_t *k)
{
	uint32_t i;

	for (i = 0; i < t->klen; i++)
		k[i] = rec[t->off[i]] & t->m[i];
	for (; i % 8; i++)
		k[i] = 0;
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
		struct acl_cell *c = sdpa_load_relaxed(&ct->slot[i]);
		struct sdpa_acl_rule *r;

		if (c == NULL || c == CELL_TOMB)
			continue;
		for (r = sdpa_load_relaxed(&c->head); r != NULL;) {
			struct sdpa_acl_rule *n = sdpa_load_relaxed(&r->next);

			free(r);
			r = n;
		}
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
	sdpa_store_release(&a->snap, s); /* R-snap: pairs with A-snap in lookups */
	if (old != NULL)
		later(a, free, old);
	return true;
}

static struct acl_tuple *tuple_get(struct sdpa_acl *a, const uint8_t *mask, bool *created)
{
	struct acl_tuple *t;
	struct acl_ctab *ct;
	uint32_t n = 0;

	*created = false;
	for (uint32_t i = 0; i < a->ntl; i++)
		if (memcmp(a->tl[i]->mask, mask, a->rec_len) == 0)
			return a->tl[i];
	for (uint32_t i = 0; i < a->rec_len; i++)
		n += mask[i] != 0;
	if (n > SDPA_ACL_MAX_KEY) {
		errno = E2BIG;
		return NULL;
	}
	if (a->ntl == a->tcap) {
		uint32_t cap = a->tcap ? a->tcap * 2 : 8;
		struct acl_tuple **tl = realloc(a->tl, cap * sizeof(*tl));

		if (tl == NULL) {
			errno = ENOMEM;
			return NULL;
		}
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
		errno = ENOMEM;
		return NULL;
	}
	memcpy(t->mask, mask, a->rec_len);
	for (uint32_t i = 0; i < a->rec_len; i++)
		if (mask[i]) {
			t->off[t->klen] = (uint16_t)i;
			t->m[t->klen++] = mask[i];
		}
	ct->size = 16;
	sdpa_store_relaxed(&t->ctab, ct);
	t->best = UINT32_MAX;
	a->tl[a->ntl++] = t;
	*created = true;
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
		struct acl_cell *c = sdpa_load_relaxed(&o->slot[i]);
		uint32_t j;

		if (c == NULL || c == CELL_TOMB)
			continue;
		for (j = c->hash & (size - 1); sdpa_load_relaxed(&n->slot[j]) != NULL;
		     j = (j + 1) & (size - 1))
			;
		sdpa_store_relaxed(&n->slot[j], c);
		t->used++;
	}
	/* R-ctab pairs with A-ctab in sdpa_acl_lookup: the table is filled */
	sdpa_store_release(&t->ctab, n);
	later(a, free, o);
	return true;
}

static struct acl_cell *cell_get(struct sdpa_acl *a, struct acl_tuple *t, const uint8_t *k,
                                 uint32_t h)
{
	struct acl_ctab *ct = sdpa_load_relaxed(&t->ctab);
	uint32_t m = ct->size - 1, j, tomb = UINT32_MAX;
	struct acl_cell *c;

	for (j = h & m;; j = (j + 1) & m) {
		c = sdpa_load_relaxed(&ct->slot[j]);
		if (c == NULL)
			break;
		if (c == CELL_TOMB) {
			if (tomb == UINT32_MAX)
				tomb = j;
			continue;
		}
		if (c->hash == h && memcmp(c->key, k, t->klen) == 0)
			return c;
	}
	if (t->used + 1 > ct->size / 4 * 3) {
		if (!ctab_rebuild(a, t, t->live * 2 + 2 > ct->size / 2 ? ct->size * 2 : ct->size))
			return NULL;
		return cell_get(a, t, k, h);
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
	/* R-cell pairs with A-cell in sdpa_acl_lookup: the cell's key is set */
	sdpa_store_release(&ct->slot[j], c);
	return c;
}

int sdpa_acl_add(struct sdpa_acl *a, const uint8_t *val, const uint8_t *mask, const uint16_t lo[2],
                 const uint16_t hi[2], uint32_t prio, void *udata, struct sdpa_acl_rule **out)
{
	uint8_t k[SDPA_ACL_MAX_KEY + 8];
	struct sdpa_acl_rule *r, *cur;
	sdpa_atomic_ptr *prev;
	struct acl_tuple *t;
	struct acl_cell *c;
	bool created;
	uint32_t h;

	t = tuple_get(a, mask, &created);
	if (t == NULL)
		return errno == E2BIG ? -E2BIG : -ENOMEM;
	key_of(t, val, k);
	h = key_hash(k, t->klen);
	r = calloc(1, sizeof(*r));
	c = r != NULL ? cell_get(a, t, k, h) : NULL;
	if (c == NULL) {
		free(r);
		if (created) {
			tuple_drop(a, t);
			tuple_free(t);
		}
		return -ENOMEM;
	}
	r->prio = prio;
	r->seq = a->seq++;
	for (int i = 0; i < 2; i++) {
		r->lo[i] = a->roff[i] == SDPA_ACL_NO_RANGE ? 0 : lo[i];
		r->hi[i] = a->roff[i] == SDPA_ACL_NO_RANGE ? 0xffff : hi[i];
	}
	r->udata = udata;
	r->cell = c;
	r->tuple = t;
	prev = &c->head;
	for (cur = sdpa_load_relaxed(prev); cur != NULL && cur->prio <= prio;
	     cur = sdpa_load_relaxed(prev))
		prev = &cur->next;
	sdpa_store_relaxed(&r->next, cur);
	/* R-rule pairs with A-rule in sdpa_acl_lookup: the rule is complete before it is reachable
	 */
	sdpa_store_release(prev, r);
	t->nrules++;
	a->nrules++;
	if (created || prio < t->best) {
		t->best = prio < t->best ? prio : t->best;
		if (!snap_publish(a) && created) {
			/* Unreachable: take it back. */
			sdpa_store_relaxed(prev, cur);
			tuple_drop(a, t);
			tuple_free(t);
			a->nrules--;
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
	sdpa_atomic_ptr *prev = &c->head;
	struct sdpa_acl_rule *cur;

	for (cur = sdpa_load_relaxed(prev); cur != NULL && cur != r; cur = sdpa_load_relaxed(prev))
		prev = &cur->next;
	if (cur == NULL)
		return;
	/* R-unlink pairs with A-rule in sdpa_acl_lookup (the successor is complete) */
	sdpa_store_release(prev, sdpa_load_relaxed(&r->next));
	later(a, free, r);
	t->nrules--;
	a->nrules--;
	if (sdpa_load_relaxed(&c->head) == NULL) {
		struct acl_ctab *ct = sdpa_load_relaxed(&t->ctab);

		for (uint32_t j = c->hash & (ct->size - 1);; j = (j + 1) & (ct->size - 1))
			if (sdpa_load_relaxed(&ct->slot[j]) == c) {
				/* R-cell pairs with A-cell in sdpa_acl_lookup */
				sdpa_store_release(&ct->slot[j], CELL_TOMB);
				break;
			}
		t->live--;
		later(a, free, c);
	}
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

void *sdpa_acl_lookup(const struct sdpa_acl *a, const uint8_t *rec)
{
	/* A-snap pairs with R-snap in snap_publish */
	const struct acl_snap *s = sdpa_load_acquire(&a->snap);
	const struct sdpa_acl_rule *best = NULL;
	uint32_t bp = UINT32_MAX;
	uint64_t bs = UINT64_MAX;
	uint16_t p0, p1;
	uint8_t k[SDPA_ACL_MAX_KEY + 8];

	if (s == NULL)
		return NULL;
	p0 = a->roff[0] != SDPA_ACL_NO_RANGE ? rd16(rec + a->roff[0]) : 0;
	p1 = a->roff[1] != SDPA_ACL_NO_RANGE ? rd16(rec + a->roff[1]) : 0;
	for (uint32_t i = 0; i < s->n; i++) {
		const struct acl_tuple *t = s->e[i].t;
		const struct acl_ctab *ct;
		uint32_t h, m;

		if (s->e[i].best > bp)
			break;
		key_of(t, rec, k);
		h = key_hash(k, t->klen);
		/* A-ctab pairs with R-ctab in ctab_rebuild */
		ct = sdpa_load_acquire(&t->ctab);
		m = ct->size - 1;
		for (uint32_t j = h & m;; j = (j + 1) & m) {
			/* A-cell pairs with R-cell in cell_get */
			const struct acl_cell *c = sdpa_load_acquire(&ct->slot[j]);
			const struct sdpa_acl_rule *r;

			if (c == NULL)
				break;
			if (c == CELL_TOMB || c->hash != h || memcmp(c->key, k, t->klen) != 0)
				continue;
			/* A-rule pairs with R-rule in sdpa_acl_add */
			for (r = sdpa_load_acquire(&c->head); r != NULL;
			     /* A-rule pairs with R-rule in sdpa_acl_add */
			     r = sdpa_load_acquire(&r->next)) {
				if (r->prio > bp || (r->prio == bp && r->seq > bs))
					break;
				if (p0 >= r->lo[0] && p0 <= r->hi[0] && p1 >= r->lo[1] &&
				    p1 <= r->hi[1]) {
					best = r;
					bp = r->prio;
					bs = r->seq;
					break;
				}
			}
			break;
		}
	}
	return best != NULL ? best->udata : NULL;
}
