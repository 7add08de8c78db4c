/* SPDX-License-Identifier: BSD-3-Clause
 * LPM and ACL pipes (docs/FLOW.md "LPM and ACL pipes"): templates, entry keys, linking and
 * the datapath lookups, on the structures of flow_lpm.c and flow_acl.c.
 *
 * LPM: the template names one address field per entry (an IPv4 or IPv6 source or
 * destination, outer or inner); every other per-entry field of the template is an exact
 * match companion. Entries give the prefix as the field's value and mask (a contiguous
 * mask: its length is the prefix length). One trie per distinct exact-match key (one
 * trie when the template has no companion). A trie word names a value; the value names
 * the entry through 'vmap', and a value is reused only after a grace period, so a lookup
 * that read an old word never finds a newer entry through it.
 *
 * ACL: every entry brings its match and mask; the outer L4 source and destination ports
 * are ranges (the match value is the low end, the mask value the high end, a mask of 0
 * any port), everything else is compared under the mask, and a header-type field the
 * entry sets (l3_type, l4_type_ext, tun.type) must equal the packet's. Lower priority
 * values win; among equal priorities the entry added first.
 */
#include <arpa/inet.h>
#include <errno.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#include "core/log.h"
#include "core/util.h"
#include "nic/flow_acl.h"
#include "nic/flow_lpm.h"
#include "nic/flow_lpmacl.h"
#include "nic/nic.h"

SDPA_LOG_REGISTER(nic_flow_lpmacl);

#define MOFF(f) ((uint16_t)offsetof(struct doca_flow_match, f))

enum {
	VCHUNK_SHIFT = 12,
	VCHUNKS = (SDPA_LPM_MAX_VALUE + 1) >> VCHUNK_SHIFT,
};

struct em_slot {
	uint32_t h;
	struct sdpa_lpm *t;
	const uint8_t *key;
};

struct em_tab {
	uint32_t size; /* power of two; t == NULL: empty */
	struct em_slot s[];
};

struct lpm_pipe {
	uint16_t off; /* the prefix field in struct doca_flow_match */
	uint8_t alen; /* 4 or 16 bytes */
	uint32_t nem; /* exact-match companion bytes */
	uint16_t em_off[SDPA_FLOW_KEY_MAX];
	uint8_t em_mask[SDPA_FLOW_KEY_MAX];
	uint32_t max_groups;
	struct sdpa_lpm *single; /* no companion */
	sdpa_atomic_ptr emtab;   /* struct em_tab * */
	uint32_t nkeys;
	struct sdpa_lpm **tables; /* every trie, with its key (control plane) */
	uint8_t **keys;
	uint32_t ntables, tcap;
	/* value -> entry */
	sdpa_atomic_ptr *vchunks[VCHUNKS]; /* each: 1 << VCHUNK_SHIFT entry pointers */
	uint32_t vnext;
	pthread_mutex_t mtx; /* vfree, pending, dying: deferred releases run in any thread */
	uint32_t *vfree;
	uint32_t nvfree, vfree_cap;
	uint32_t pending;
	bool dying;
};

/* An LPM entry's key[]. */
struct lpm_ekey {
	uint8_t addr[16];
	uint32_t depth;
	uint32_t value;
	struct sdpa_lpm *t;
	uint8_t em[]; /* companion bytes, masked */
};

struct acl_byte {
	uint16_t off;
	uint8_t v, m;
};

/* An ACL entry's key[]. */
struct acl_ekey {
	struct sdpa_acl_rule *rule;
	uint16_t lo[2], hi[2];
	uint32_t n;
	struct acl_byte b[SDPA_ACL_MAX_KEY];
};

static void defer_fn(void (*fn)(void *), void *p)
{
	sdpa_nic_defer(fn, p);
}

/* ------------------------------------------------------------------ LPM pipes */

static const struct {
	uint16_t off;
	uint8_t len;
	bool ip6, inner;
	const char *name;
} lpm_fields[] = {
        {MOFF(outer.ip4.src_ip), 4, false, false, "outer.ip4.src_ip"},
        {MOFF(outer.ip4.dst_ip), 4, false, false, "outer.ip4.dst_ip"},
        {MOFF(outer.ip6.src_ip), 16, true, false, "outer.ip6.src_ip"},
        {MOFF(outer.ip6.dst_ip), 16, true, false, "outer.ip6.dst_ip"},
        {MOFF(inner.ip4.src_ip), 4, false, true, "inner.ip4.src_ip"},
        {MOFF(inner.ip4.dst_ip), 4, false, true, "inner.ip4.dst_ip"},
        {MOFF(inner.ip6.src_ip), 16, true, true, "inner.ip6.src_ip"},
        {MOFF(inner.ip6.dst_ip), 16, true, true, "inner.ip6.dst_ip"},
};

static bool tmpl_is_ip6(const struct sdpa_match_tmpl *mt, bool inner)
{
	uint16_t off = inner ? MOFF(inner.l3_type) : MOFF(outer.l3_type);

	for (uint32_t i = 0; i < mt->nsel; i++)
		if (mt->sel_off[i] == off)
			return mt->sel_val[i] == DOCA_FLOW_L3_TYPE_IP6;
	return false;
}

static void lpm_pipe_free(struct lpm_pipe *lp)
{
	for (uint32_t i = 0; i < lp->ntables; i++) {
		sdpa_lpm_free(lp->tables[i]);
		free(lp->keys[i]);
	}
	free(lp->tables);
	free(lp->keys);
	free(sdpa_load_relaxed(&lp->emtab));
	for (uint32_t i = 0; i < VCHUNKS; i++)
		free(lp->vchunks[i]);
	free(lp->vfree);
	pthread_mutex_destroy(&lp->mtx);
	free(lp);
}

static doca_error_t lpm_init(struct doca_flow_pipe *p, const char *who)
{
	const struct sdpa_match_tmpl *mt = &p->mt;
	struct lpm_pipe *lp;
	int found = -1;

	for (int f = 0; f < (int)SDPA_ARRAY_SIZE(lpm_fields); f++) {
		bool all = true;

		if (lpm_fields[f].ip6 != tmpl_is_ip6(mt, lpm_fields[f].inner))
			continue;
		for (uint32_t i = 0; i < lpm_fields[f].len; i++)
			all = all && mt->per_entry[lpm_fields[f].off + i];
		if (!all)
			continue;
		if (found >= 0) {
			DOCA_LOG_ERR("%s: LPM pipe '%s' has two prefix fields per entry (%s and "
			             "%s); an LPM pipe matches one address by prefix: keep one "
			             "(use an ACL pipe to match both)",
			             who, p->name, lpm_fields[found].name, lpm_fields[f].name);
			return DOCA_ERROR_INVALID_VALUE;
		}
		found = f;
	}
	if (found < 0) {
		DOCA_LOG_ERR("%s: LPM pipe '%s' has no address field per entry; set one of "
		             "outer/inner ip4/ip6 src_ip/dst_ip to all-ones in the match "
		             "template (with l3_type IP6 for IPv6)",
		             who, p->name);
		return DOCA_ERROR_INVALID_VALUE;
	}
	lp = calloc(1, sizeof(*lp));
	if (lp == NULL) {
		DOCA_LOG_ERR("%s: out of memory for LPM pipe '%s'; free memory", who, p->name);
		return DOCA_ERROR_NO_MEMORY;
	}
	pthread_mutex_init(&lp->mtx, NULL);
	lp->off = lpm_fields[found].off;
	lp->alen = lpm_fields[found].len;
	for (uint32_t i = 0; i < sizeof(struct doca_flow_match); i++)
		if (mt->per_entry[i] && (i < lp->off || i >= lp->off + lp->alen)) {
			lp->em_off[lp->nem] = (uint16_t)i;
			lp->em_mask[lp->nem++] = mt->mask[i];
		}
	if (sizeof(struct lpm_ekey) + lp->nem > SDPA_FLOW_KEY_MAX) {
		DOCA_LOG_ERR("%s: LPM pipe '%s' has %u bytes of exact-match fields per entry, "
		             "which is not supported by softdpa (at most %u); match on fewer "
		             "fields",
		             who, p->name, lp->nem,
		             (unsigned int)(SDPA_FLOW_KEY_MAX - sizeof(struct lpm_ekey)));
		lpm_pipe_free(lp);
		return DOCA_ERROR_NOT_SUPPORTED;
	}
	/* Groups a table may take: a prefix below the root level needs one per level. */
	{
		uint64_t per = lp->alen == 4 ? 2 : 14;
		uint64_t g = (uint64_t)(p->nr_entries ? p->nr_entries : 1) * per + 256;

		lp->max_groups =
		        g > SDPA_LPM_MAX_VALUE + 1u ? SDPA_LPM_MAX_VALUE + 1u : (uint32_t)g;
	}
	if (lp->nem == 0) {
		/* DIR-24-8 for IPv4; a 16-bit root for IPv6. */
		lp->single = sdpa_lpm_create(lp->alen * 8, lp->alen == 4 ? 24 : 16, lp->max_groups,
		                             defer_fn);
		lp->tables = malloc(sizeof(*lp->tables));
		lp->keys = calloc(1, sizeof(*lp->keys));
		if (lp->single == NULL || lp->tables == NULL || lp->keys == NULL) {
			sdpa_lpm_free(lp->single);
			lp->single = NULL;
			lpm_pipe_free(lp);
			DOCA_LOG_ERR("%s: out of memory for LPM pipe '%s'; free memory", who,
			             p->name);
			return DOCA_ERROR_NO_MEMORY;
		}
		lp->tables[0] = lp->single;
		lp->ntables = lp->tcap = 1;
	}
	lp->vfree_cap = p->nr_entries ? p->nr_entries : 1;
	lp->vfree = malloc((size_t)lp->vfree_cap * sizeof(uint32_t));
	if (lp->vfree == NULL || p->nr_entries > SDPA_LPM_MAX_VALUE) {
		lpm_pipe_free(lp);
		DOCA_LOG_ERR("%s: LPM pipe '%s': %s", who, p->name,
		             p->nr_entries > SDPA_LPM_MAX_VALUE
		                     ? "nr_entries above 4194303 is not supported by softdpa; "
		                       "lower nr_entries"
		                     : "out of memory; free memory");
		return p->nr_entries > SDPA_LPM_MAX_VALUE ? DOCA_ERROR_NOT_SUPPORTED
		                                          : DOCA_ERROR_NO_MEMORY;
	}
	p->lpmacl = lp;
	return DOCA_SUCCESS;
}

static uint32_t em_hash(const uint8_t *k, uint32_t n)
{
	return sdpa_em_hash(k, n);
}

/* The trie of an exact-match key; created (and published) when 'create'. */
static struct sdpa_lpm *em_table(struct lpm_pipe *lp, const uint8_t *key, bool create)
{
	struct em_tab *o = sdpa_load_relaxed(&lp->emtab), *n;
	uint32_t h = em_hash(key, lp->nem), size;
	struct sdpa_lpm *t;
	uint8_t *kc;

	for (uint32_t i = 0; o != NULL; i++) {
		struct em_slot *s = &o->s[(h + i) & (o->size - 1)];

		if (s->t == NULL)
			break;
		if (s->h == h && memcmp(s->key, key, lp->nem) == 0)
			return s->t;
	}
	if (!create)
		return NULL;
	if (lp->ntables == lp->tcap) {
		uint32_t cap = lp->tcap ? lp->tcap * 2 : 8;
		struct sdpa_lpm **tl = realloc(lp->tables, cap * sizeof(*tl));
		uint8_t **kl;

		if (tl == NULL)
			return NULL;
		lp->tables = tl;
		kl = realloc(lp->keys, cap * sizeof(*kl));
		if (kl == NULL)
			return NULL;
		lp->keys = kl;
		lp->tcap = cap;
	}
	kc = malloc(lp->nem);
	/* A 16-bit root: one trie per key, so a small root. */
	t = kc ? sdpa_lpm_create(lp->alen * 8, 16, lp->max_groups, defer_fn) : NULL;
	size = 16;
	while (size < (lp->nkeys + 1) * 2)
		size *= 2;
	n = t ? calloc(1, sizeof(*n) + size * sizeof(n->s[0])) : NULL;
	if (n == NULL) {
		sdpa_lpm_free(t);
		free(kc);
		return NULL;
	}
	memcpy(kc, key, lp->nem);
	n->size = size;
	for (uint32_t i = 0; o != NULL && i < o->size; i++) {
		uint32_t j;

		if (o->s[i].t == NULL)
			continue;
		for (j = o->s[i].h & (size - 1); n->s[j].t != NULL; j = (j + 1) & (size - 1))
			;
		n->s[j] = o->s[i];
	}
	{
		uint32_t j;

		for (j = h & (size - 1); n->s[j].t != NULL; j = (j + 1) & (size - 1))
			;
		n->s[j] = (struct em_slot){h, t, kc};
	}
	lp->tables[lp->ntables] = t;
	lp->keys[lp->ntables++] = kc;
	lp->nkeys++;
	/* R-emtab pairs with A-emtab in sdpa_lpm_pipe_lookup */
	sdpa_store_release(&lp->emtab, n);
	if (o != NULL)
		sdpa_nic_defer(free, o);
	return t;
}

static void lpm_em_key(const struct lpm_pipe *lp, const uint8_t *m, uint8_t *key)
{
	for (uint32_t i = 0; i < lp->nem; i++)
		key[i] = m[lp->em_off[i]] & lp->em_mask[i];
}

struct value_release {
	struct lpm_pipe *lp;
	uint32_t v;
};

static void value_release_cb(void *p)
{
	struct value_release *vr = p;
	struct lpm_pipe *lp = vr->lp;
	bool last;

	pthread_mutex_lock(&lp->mtx);
	if (lp->nvfree < lp->vfree_cap)
		lp->vfree[lp->nvfree++] = vr->v;
	lp->pending--;
	last = lp->dying && lp->pending == 0;
	pthread_mutex_unlock(&lp->mtx);
	free(vr);
	if (last)
		lpm_pipe_free(lp);
}

static sdpa_atomic_ptr *vslot(struct lpm_pipe *lp, uint32_t v)
{
	return &lp->vchunks[v >> VCHUNK_SHIFT][v & ((1u << VCHUNK_SHIFT) - 1)];
}

/* A value for a new entry; UINT32_MAX when none is left or no memory. */
static uint32_t value_get(struct lpm_pipe *lp)
{
	uint32_t v = UINT32_MAX;

	pthread_mutex_lock(&lp->mtx);
	if (lp->nvfree)
		v = lp->vfree[--lp->nvfree];
	pthread_mutex_unlock(&lp->mtx);
	if (v == UINT32_MAX) {
		if (lp->vnext > SDPA_LPM_MAX_VALUE)
			return UINT32_MAX;
		if (lp->vchunks[lp->vnext >> VCHUNK_SHIFT] == NULL) {
			lp->vchunks[lp->vnext >> VCHUNK_SHIFT] =
			        calloc(1u << VCHUNK_SHIFT, sizeof(sdpa_atomic_ptr));
			if (lp->vchunks[lp->vnext >> VCHUNK_SHIFT] == NULL)
				return UINT32_MAX;
		}
		v = lp->vnext++;
	}
	return v;
}

static void value_put(struct lpm_pipe *lp, uint32_t v, bool now)
{
	struct value_release *vr = now ? NULL : malloc(sizeof(*vr));

	/* R-vmap pairs with A-vmap in sdpa_lpm_pipe_lookup: the value names no entry */
	sdpa_store_release(vslot(lp, v), NULL);
	if (vr == NULL) {
		if (now) {
			pthread_mutex_lock(&lp->mtx);
			if (lp->nvfree < lp->vfree_cap)
				lp->vfree[lp->nvfree++] = v;
			pthread_mutex_unlock(&lp->mtx);
		}
		return; /* no memory to defer: the value is not reused */
	}
	vr->lp = lp;
	vr->v = v;
	pthread_mutex_lock(&lp->mtx);
	lp->pending++;
	pthread_mutex_unlock(&lp->mtx);
	sdpa_nic_defer(value_release_cb, vr);
}

static uint32_t prefix_len(const uint8_t *mask, uint32_t n, bool *contiguous)
{
	uint32_t d = 0;

	*contiguous = true;
	for (uint32_t i = 0; i < n * 8; i++) {
		bool bit = (mask[i / 8] >> (7 - i % 8)) & 1;

		if (bit && d != i)
			*contiguous = false;
		if (bit)
			d = i + 1;
	}
	return d;
}

static doca_error_t lpm_entry_key(const struct doca_flow_pipe *p, const struct doca_flow_match *m,
                                  const struct doca_flow_match *mask, const char *who, uint8_t *key)
{
	const struct lpm_pipe *lp = p->lpmacl;
	const uint8_t *mv = (const uint8_t *)m;
	struct lpm_ekey k;
	bool contiguous = true;

	memset(&k, 0, sizeof(k));
	k.depth = lp->alen * 8;
	if (mask != NULL)
		k.depth = prefix_len((const uint8_t *)mask + lp->off, lp->alen, &contiguous);
	if (!contiguous) {
		DOCA_LOG_ERR("%s: LPM pipe '%s': the mask of the prefix field is not a prefix "
		             "(its ones are not contiguous from the most significant bit); "
		             "pass a prefix mask such as 255.255.0.0",
		             who, p->name);
		return DOCA_ERROR_INVALID_VALUE;
	}
	memcpy(k.addr, mv + lp->off, lp->alen);
	memcpy(key, &k, sizeof(k));
	lpm_em_key(lp, mv, key + sizeof(k));
	return DOCA_SUCCESS;
}

static bool lpm_link(struct doca_flow_pipe_entry *e)
{
	struct lpm_pipe *lp = e->pipe->lpmacl;
	struct lpm_ekey k;
	uint32_t v;
	int r;

	memcpy(&k, e->key, sizeof(k));
	k.t = lp->single ? lp->single : em_table(lp, e->key + sizeof(k), true);
	if (k.t == NULL)
		return false;
	v = value_get(lp);
	if (v == UINT32_MAX)
		return false;
	/* R-vmap pairs with A-vmap in sdpa_lpm_pipe_lookup: before any word names v */
	sdpa_store_release(vslot(lp, v), e);
	r = sdpa_lpm_add(k.t, k.addr, k.depth, v);
	if (r != 0) {
		if (r != -EEXIST)
			DOCA_LOG_WARN("LPM pipe '%s': no room for prefix /%u (%s); lower the "
			              "number of long prefixes or raise nr_entries",
			              e->pipe->name, k.depth,
			              r == -ENOSPC ? "no child group left" : "out of memory");
		value_put(lp, v, true); /* no word named v */
		return false;
	}
	k.value = v;
	memcpy(e->key, &k, sizeof(k));
	return true;
}

static void lpm_unlink(struct doca_flow_pipe_entry *e)
{
	struct lpm_pipe *lp = e->pipe->lpmacl;
	struct lpm_ekey k;

	memcpy(&k, e->key, sizeof(k));
	(void)sdpa_lpm_del(k.t, k.addr, k.depth);
	value_put(lp, k.value, false);
}

struct doca_flow_pipe_entry *sdpa_lpm_pipe_lookup(const struct doca_flow_pipe *p,
                                                  const uint8_t *view)
{
	const struct lpm_pipe *lp = p->lpmacl;
	const struct sdpa_lpm *t = lp->single;
	uint32_t v;
	bool hit;

	if (t == NULL) {
		/* A-emtab pairs with R-emtab in em_table */
		const struct em_tab *et = sdpa_load_acquire(&lp->emtab);
		uint8_t key[SDPA_FLOW_KEY_MAX];
		uint32_t h;

		if (et == NULL)
			return NULL;
		lpm_em_key(lp, view, key);
		h = em_hash(key, lp->nem);
		for (uint32_t i = 0;; i++) {
			const struct em_slot *s = &et->s[(h + i) & (et->size - 1)];

			if (s->t == NULL)
				return NULL;
			if (s->h == h && memcmp(s->key, key, lp->nem) == 0) {
				t = s->t;
				break;
			}
		}
	}
	if (lp->alen == 4) {
		const uint8_t *a = view + lp->off;

		hit = sdpa_lpm_lookup4(t, (uint32_t)a[0] << 24 | a[1] << 16 | a[2] << 8 | a[3], &v);
	} else {
		hit = sdpa_lpm_lookup(t, view + lp->off, &v);
	}
	/* A-vmap pairs with R-vmap in lpm_link; NULL when the entry left meanwhile */
	return hit ? sdpa_load_acquire(
	                     &lp->vchunks[v >> VCHUNK_SHIFT][v & ((1u << VCHUNK_SHIFT) - 1)])
	           : NULL;
}

/* ------------------------------------------------------------------ ACL pipes */

static const uint16_t acl_ranges[2] = {MOFF(outer.transport.src_port),
                                       MOFF(outer.transport.dst_port)};
static const uint16_t acl_selectors[] = {MOFF(outer.l3_type), MOFF(outer.l4_type_ext),
                                         MOFF(inner.l3_type), MOFF(inner.l4_type_ext),
                                         MOFF(tun.type)};

static doca_error_t acl_init(struct doca_flow_pipe *p, const char *who)
{
	p->lpmacl = sdpa_acl_create(sizeof(struct doca_flow_match), acl_ranges, defer_fn);
	if (p->lpmacl == NULL) {
		DOCA_LOG_ERR("%s: out of memory for ACL pipe '%s'; free memory", who, p->name);
		return DOCA_ERROR_NO_MEMORY;
	}
	return DOCA_SUCCESS;
}

static doca_error_t acl_entry_key(const struct doca_flow_pipe *p, const struct doca_flow_match *m,
                                  const struct doca_flow_match *mask, const char *who, uint8_t *key)
{
	uint8_t mv[sizeof(struct doca_flow_match)], mk[sizeof(struct doca_flow_match)];
	struct acl_ekey k;

	memcpy(mv, m, sizeof(mv));
	memcpy(mk, mask, sizeof(mk));
	memset(&k, 0, sizeof(k));
	for (int i = 0; i < 2; i++) {
		uint16_t lo, hi;

		memcpy(&lo, mv + acl_ranges[i], 2);
		memcpy(&hi, mk + acl_ranges[i], 2);
		lo = ntohs(lo);
		hi = ntohs(hi);
		if (hi == 0) {
			lo = 0;
			hi = 0xffff;
		} else if (hi < lo) {
			DOCA_LOG_ERR("%s: ACL pipe '%s': L4 %s port range %u..%u is empty; pass "
			             "the low port in the match and the high port (>= low) in the "
			             "mask, or a mask of 0 for any port",
			             who, p->name, i ? "destination" : "source", lo, hi);
			return DOCA_ERROR_INVALID_VALUE;
		}
		k.lo[i] = lo;
		k.hi[i] = hi;
		memset(mk + acl_ranges[i], 0, 2);
	}
	for (size_t i = 0; i < SDPA_ARRAY_SIZE(acl_selectors); i++) {
		uint32_t sel;

		memcpy(&sel, mv + acl_selectors[i], 4);
		/* TRANSPORT ("TCP or UDP") is no single value: the port ranges say it. */
		if (sel != 0 && !(sel == (uint32_t)DOCA_FLOW_L4_TYPE_EXT_TRANSPORT &&
		                  (acl_selectors[i] == MOFF(outer.l4_type_ext) ||
		                   acl_selectors[i] == MOFF(inner.l4_type_ext))))
			memset(mk + acl_selectors[i], 0xff, 4);
		else
			memset(mk + acl_selectors[i], 0, 4);
	}
	for (uint32_t i = 0; i < sizeof(mk); i++) {
		if (mk[i] == 0)
			continue;
		if (k.n == SDPA_ACL_MAX_KEY) {
			DOCA_LOG_ERR("%s: ACL pipe '%s': the entry masks more than %u bytes of the "
			             "match, which is not supported by softdpa; match on fewer "
			             "fields",
			             who, p->name, SDPA_ACL_MAX_KEY);
			return DOCA_ERROR_NOT_SUPPORTED;
		}
		k.b[k.n++] = (struct acl_byte){(uint16_t)i, (uint8_t)(mv[i] & mk[i]), mk[i]};
	}
	memcpy(key, &k, sizeof(k));
	return DOCA_SUCCESS;
}

static bool acl_link(struct doca_flow_pipe_entry *e)
{
	uint8_t mv[sizeof(struct doca_flow_match)] = {0}, mk[sizeof(struct doca_flow_match)] = {0};
	struct acl_ekey k;
	int r;

	memcpy(&k, e->key, sizeof(k));
	for (uint32_t i = 0; i < k.n; i++) {
		mv[k.b[i].off] = k.b[i].v;
		mk[k.b[i].off] = k.b[i].m;
	}
	r = sdpa_acl_add(e->pipe->lpmacl, mv, mk, k.lo, k.hi, e->priority, e, &k.rule);
	if (r != 0)
		return false;
	memcpy(e->key, &k.rule, sizeof(k.rule));
	return true;
}

static void acl_unlink(struct doca_flow_pipe_entry *e)
{
	struct sdpa_acl_rule *r;

	memcpy(&r, e->key, sizeof(r));
	sdpa_acl_del(e->pipe->lpmacl, r);
}

struct doca_flow_pipe_entry *sdpa_acl_pipe_lookup(const struct doca_flow_pipe *p,
                                                  const uint8_t *view)
{
	return sdpa_acl_lookup(p->lpmacl, view);
}

/* ------------------------------------------------------------------ common */

doca_error_t sdpa_lpmacl_pipe_init(struct doca_flow_pipe *p, const char *who)
{
	return p->type == DOCA_FLOW_PIPE_LPM ? lpm_init(p, who) : acl_init(p, who);
}

void sdpa_lpmacl_pipe_fini(struct doca_flow_pipe *p)
{
	if (p->lpmacl == NULL)
		return;
	if (p->type == DOCA_FLOW_PIPE_LPM) {
		struct lpm_pipe *lp = p->lpmacl;
		bool now;

		pthread_mutex_lock(&lp->mtx);
		lp->dying = true;
		now = lp->pending == 0;
		pthread_mutex_unlock(&lp->mtx);
		if (now)
			lpm_pipe_free(lp); /* else the last deferred value release frees it */
	} else {
		sdpa_acl_free(p->lpmacl);
	}
	p->lpmacl = NULL;
}

uint32_t sdpa_lpmacl_key_size(const struct doca_flow_pipe *p)
{
	if (p->type == DOCA_FLOW_PIPE_LPM)
		return (uint32_t)sizeof(struct lpm_ekey) +
		       ((const struct lpm_pipe *)p->lpmacl)->nem;
	return (uint32_t)sizeof(struct acl_ekey);
}

doca_error_t sdpa_lpmacl_entry_key(const struct doca_flow_pipe *p, const struct doca_flow_match *m,
                                   const struct doca_flow_match *mask, const char *who,
                                   uint8_t *key)
{
	return p->type == DOCA_FLOW_PIPE_LPM ? lpm_entry_key(p, m, mask, who, key)
	                                     : acl_entry_key(p, m, mask, who, key);
}

bool sdpa_lpmacl_link(struct doca_flow_pipe_entry *e)
{
	return e->pipe->type == DOCA_FLOW_PIPE_LPM ? lpm_link(e) : acl_link(e);
}

void sdpa_lpmacl_unlink(struct doca_flow_pipe_entry *e)
{
	if (e->pipe->type == DOCA_FLOW_PIPE_LPM)
		lpm_unlink(e);
	else
		acl_unlink(e);
}
