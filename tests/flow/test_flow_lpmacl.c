/* SPDX-License-Identifier: BSD-3-Clause
 * LPM and ACL pipes (docs/FLOW.md): the trie and the classifier on their own (boundaries,
 * overlaps, delete and re-add, random operations checked against a brute-force reference,
 * the trie's root off the kernel's 4 KiB zero page),
 * then the pipes through the DOCA Flow API with frames, then lookups during updates with
 * two NIC workers (run under TSan in CI: no race report, frames in == out + drops).
 */
#include <arpa/inet.h>
#include <errno.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include "core/atomics.h"
#include "flow_t.h"
#include "nic/flow_acl.h"
#include "nic/flow_lpm.h"

/* ------------------------------------------------------------------ the trie alone */

static uint32_t v4lookup(struct sdpa_lpm *t, uint32_t a)
{
	uint32_t v = UINT32_MAX;
	uint8_t b[4] = {(uint8_t)(a >> 24), (uint8_t)(a >> 16), (uint8_t)(a >> 8), (uint8_t)a};
	uint32_t v2 = UINT32_MAX;
	bool h1 = sdpa_lpm_lookup4(t, a, &v), h2 = sdpa_lpm_lookup(t, b, &v2);

	assert_int_equal(h1, h2);
	assert_int_equal(v, v2);
	return h1 ? v : UINT32_MAX;
}

static int v4add(struct sdpa_lpm *t, uint32_t a, uint32_t d, uint32_t v)
{
	uint8_t b[4] = {(uint8_t)(a >> 24), (uint8_t)(a >> 16), (uint8_t)(a >> 8), (uint8_t)a};

	return sdpa_lpm_add(t, b, d, v);
}

static int v4del(struct sdpa_lpm *t, uint32_t a, uint32_t d)
{
	uint8_t b[4] = {(uint8_t)(a >> 24), (uint8_t)(a >> 16), (uint8_t)(a >> 8), (uint8_t)a};

	return sdpa_lpm_del(t, b, d);
}

static void lpm_v4_boundaries(uint32_t root_bits)
{
	struct sdpa_lpm *t = sdpa_lpm_create(32, root_bits, 4096, NULL);

	assert_non_null(t);
	assert_int_equal(v4lookup(t, 0x0a010203), UINT32_MAX);
	assert_int_equal(v4add(t, 0, 0, 1), 0); /* /0 */
	assert_int_equal(v4add(t, 0x0a000000, 8, 2), 0);
	assert_int_equal(v4add(t, 0x0a010203, 32, 3), 0);
	assert_int_equal(v4add(t, 0x0a010200, 24, 4), 0);
	assert_int_equal(v4add(t, 0xffffffff, 32, 5), 0);
	assert_int_equal(v4add(t, 0x00000000, 32, 6), 0);
	assert_int_equal(v4add(t, 0x0a0102ff, 24, 9), -EEXIST); /* same /24, host bits differ */
	assert_int_equal(v4add(t, 0x0a000000, 33, 9), -EINVAL);
	assert_int_equal(sdpa_lpm_count(t), 6);
	assert_int_equal(v4lookup(t, 0x0a010203), 3);
	assert_int_equal(v4lookup(t, 0x0a010204), 4);
	assert_int_equal(v4lookup(t, 0x0a010304), 2);
	assert_int_equal(v4lookup(t, 0x0b000000), 1);
	assert_int_equal(v4lookup(t, 0xffffffff), 5);
	assert_int_equal(v4lookup(t, 0xfffffffe), 1);
	assert_int_equal(v4lookup(t, 0x00000000), 6);
	assert_int_equal(v4lookup(t, 0x00000001), 1);
	/* Deleting a prefix gives its addresses to the longest shorter one. */
	assert_int_equal(v4del(t, 0x0a010200, 24), 0);
	assert_int_equal(v4lookup(t, 0x0a010204), 2);
	assert_int_equal(v4lookup(t, 0x0a010203), 3);
	assert_int_equal(v4del(t, 0x0a010203, 32), 0);
	assert_int_equal(v4lookup(t, 0x0a010203), 2);
	assert_int_equal(v4del(t, 0x0a000000, 8), 0);
	assert_int_equal(v4lookup(t, 0x0a010203), 1);
	assert_int_equal(v4del(t, 0, 0), 0);
	assert_int_equal(v4lookup(t, 0x0a010203), UINT32_MAX);
	assert_int_equal(v4lookup(t, 0xffffffff), 5);
	assert_int_equal(v4del(t, 0, 0), -ENOENT);
	assert_int_equal(v4del(t, 0x0a010203, 32), -ENOENT);
	/* Re-add: the same values come back. */
	assert_int_equal(v4add(t, 0x0a010203, 32, 7), 0);
	assert_int_equal(v4lookup(t, 0x0a010203), 7);
	assert_int_equal(v4lookup(t, 0x0a010202), UINT32_MAX);
	sdpa_lpm_free(t);
}

static void test_lpm_v4_boundaries(void **state)
{
	(void)state;
	lpm_v4_boundaries(24);
	lpm_v4_boundaries(16);
}

static void test_lpm_v6_boundaries(void **state)
{
	struct sdpa_lpm *t = sdpa_lpm_create(128, 16, 4096, NULL);
	uint8_t a[16] = {0x20, 0x01, 0x0d, 0xb8}, b[16];
	uint32_t v;

	(void)state;
	assert_non_null(t);
	assert_false(sdpa_lpm_lookup(t, a, &v));
	assert_int_equal(sdpa_lpm_add(t, a, 0, 1), 0);
	assert_int_equal(sdpa_lpm_add(t, a, 32, 2), 0);
	a[15] = 1;
	assert_int_equal(sdpa_lpm_add(t, a, 128, 3), 0);
	assert_int_equal(sdpa_lpm_add(t, a, 127, 4), 0);
	assert_true(sdpa_lpm_lookup(t, a, &v));
	assert_int_equal(v, 3);
	memcpy(b, a, 16);
	b[15] = 0;
	assert_true(sdpa_lpm_lookup(t, b, &v));
	assert_int_equal(v, 4);
	b[15] = 2;
	assert_true(sdpa_lpm_lookup(t, b, &v));
	assert_int_equal(v, 2);
	b[3] = 0xb9;
	assert_true(sdpa_lpm_lookup(t, b, &v));
	assert_int_equal(v, 1);
	assert_int_equal(sdpa_lpm_del(t, a, 128), 0);
	assert_true(sdpa_lpm_lookup(t, a, &v));
	assert_int_equal(v, 4);
	assert_int_equal(sdpa_lpm_del(t, a, 127), 0);
	assert_true(sdpa_lpm_lookup(t, a, &v));
	assert_int_equal(v, 2);
	memset(b, 0xff, 16);
	assert_int_equal(sdpa_lpm_add(t, b, 128, 5), 0);
	assert_true(sdpa_lpm_lookup(t, b, &v));
	assert_int_equal(v, 5);
	sdpa_lpm_free(t);
}

/* Random adds and deletes, every lookup checked against a scan of the prefixes present. */
struct ref_prefix {
	uint8_t a[16];
	uint32_t depth, value;
	bool live;
};

static bool covers(const struct ref_prefix *p, const uint8_t *a)
{
	for (uint32_t i = 0; i < p->depth; i++)
		if (((p->a[i / 8] ^ a[i / 8]) >> (7 - i % 8)) & 1)
			return false;
	return true;
}

static uint32_t rnd(uint64_t *s)
{
	*s ^= *s << 13;
	*s ^= *s >> 7;
	*s ^= *s << 17;
	return (uint32_t)(*s >> 11);
}

static void lpm_random(uint32_t bits, uint32_t root_bits)
{
	enum { N = 600, OPS = 4000 };
	struct ref_prefix *ref = calloc(N, sizeof(*ref));
	struct sdpa_lpm *t = sdpa_lpm_create(bits, root_bits, 1 << 16, NULL);
	uint64_t s = 0x1234567 + bits + root_bits;
	uint32_t peak = 0;

	assert_non_null(ref);
	assert_non_null(t);
	for (uint32_t op = 0; op < OPS; op++) {
		struct ref_prefix *p = &ref[rnd(&s) % N];

		if (!p->live) {
			/* Clustered prefixes, so they overlap and nest. */
			memset(p->a, 0, 16);
			p->a[0] = (uint8_t)(10 + rnd(&s) % 2);
			for (uint32_t i = 1; i < bits / 8; i++)
				p->a[i] = (uint8_t)(rnd(&s) % 4);
			p->depth = rnd(&s) % (bits + 1);
			for (uint32_t i = p->depth; i < 128; i++)
				p->a[i / 8] &= (uint8_t) ~(0x80 >> (i % 8));
			p->value = op;
			if (sdpa_lpm_add(t, p->a, p->depth, p->value) == 0) {
				p->live = true;
			} else {
				bool twin = false; /* -EEXIST: a live twin exists */

				for (uint32_t k = 0; k < N; k++)
					twin = twin || (ref[k].live && ref[k].depth == p->depth &&
					                covers(&ref[k], p->a));
				assert_true(twin);
			}
		} else {
			assert_int_equal(sdpa_lpm_del(t, p->a, p->depth), 0);
			p->live = false;
		}
		for (uint32_t q = 0; q < 8; q++) {
			uint8_t a[16] = {(uint8_t)(10 + rnd(&s) % 2)};
			const struct ref_prefix *best = NULL;
			uint32_t v;
			bool hit;

			for (uint32_t i = 1; i < bits / 8; i++)
				a[i] = (uint8_t)(rnd(&s) % 4);
			for (uint32_t k = 0; k < N; k++)
				if (ref[k].live && covers(&ref[k], a) &&
				    (best == NULL || ref[k].depth > best->depth))
					best = &ref[k];
			hit = sdpa_lpm_lookup(t, a, &v);
			assert_int_equal(hit, best != NULL);
			if (hit)
				assert_int_equal(v, best->value);
		}
		if (t->ngroups > peak)
			peak = t->ngroups;
	}
	/* Groups are recycled: the live prefixes never need more than N groups per level. */
	assert_true(peak <= N * (bits / 8));
	sdpa_lpm_free(t);
	free(ref);
}

static void test_lpm_random(void **state)
{
	(void)state;
	lpm_random(32, 24);
	lpm_random(32, 16);
	lpm_random(128, 16);
}

/* The root never lies on the kernel's shared 4 KiB zero page, where a lookup of a word
 * never written costs a trap on some hypervisors (about 4 us, 80x the lookup, seen on
 * bench_lpmacl's 1 k rules): a 24-bit root (64 MiB) is advised onto huge pages (an
 * unwritten word then reads the huge zero page), a 16-bit one (256 KiB) is resident whole
 * from the start. Both read zero and take routes. */
static void test_lpm_root_memory(void **state)
{
	const uint8_t a[4] = {10, 1, 2, 3};
	long pg = sysconf(_SC_PAGESIZE);

	(void)state;
	for (uint32_t rb = 16; rb <= 24; rb += 8) {
		struct sdpa_lpm *t = sdpa_lpm_create(32, rb, 1024, NULL);
		size_t bytes = ((size_t)1 << rb) * sizeof(*t->root);
		uint32_t v = 0;

		assert_non_null(t);
		if (rb == 24) {
			assert_int_equal(t_vm_advice(t->root), 'h');
			assert_int_equal(t_vm_advice((const uint8_t *)t->root + bytes - 1), 'h');
		} else {
			unsigned char in[256 * 1024 / 4096 + 2];
			uintptr_t lo = (uintptr_t)t->root & ~(uintptr_t)(pg - 1);
			uintptr_t hi = ((uintptr_t)t->root + bytes + (uintptr_t)pg - 1) &
			               ~(uintptr_t)(pg - 1);

			assert_true((hi - lo) / (uintptr_t)pg <= sizeof(in));
			assert_int_equal(mincore((void *)lo, hi - lo, in), 0);
			for (uintptr_t i = 0; i < (hi - lo) / (uintptr_t)pg; i++)
				assert_true(in[i] & 1);
		}
		for (size_t i = 0; i < ((size_t)1 << rb); i += 4099)
			assert_int_equal(sdpa_load_relaxed(&t->root[i]), 0);
		assert_false(sdpa_lpm_lookup4(t, 0x0a010203, &v));
		assert_int_equal(sdpa_lpm_add(t, a, 8, 7), 0);
		assert_true(sdpa_lpm_lookup4(t, 0x0a010203, &v));
		assert_int_equal(v, 7);
		sdpa_lpm_free(t);
	}
}

/* ------------------------------------------------------------------ the classifier alone */

/* A 5-tuple record: proto, src, dst (big-endian), sport, dport (big-endian). */
enum { R_PROTO = 0, R_SRC = 1, R_DST = 5, R_SPORT = 9, R_DPORT = 11, R_LEN = 13 };

static void rec5(uint8_t *r, uint8_t proto, uint32_t src, uint32_t dst, uint16_t sp, uint16_t dp)
{
	r[R_PROTO] = proto;
	for (int i = 0; i < 4; i++) {
		r[R_SRC + i] = (uint8_t)(src >> (24 - 8 * i));
		r[R_DST + i] = (uint8_t)(dst >> (24 - 8 * i));
	}
	r[R_SPORT] = (uint8_t)(sp >> 8);
	r[R_SPORT + 1] = (uint8_t)sp;
	r[R_DPORT] = (uint8_t)(dp >> 8);
	r[R_DPORT + 1] = (uint8_t)dp;
}

static const uint16_t ranges5[2] = {R_SPORT, R_DPORT};

static struct sdpa_acl_rule *acl_add(struct sdpa_acl *a, uint8_t proto, uint32_t src, uint32_t slen,
                                     uint32_t dst, uint32_t dlen, uint16_t slo, uint16_t shi,
                                     uint16_t dlo, uint16_t dhi, uint32_t prio, uintptr_t id)
{
	uint8_t v[R_LEN], m[R_LEN];
	uint32_t sm = slen ? ~0u << (32 - slen) : 0, dm = dlen ? ~0u << (32 - dlen) : 0;
	uint16_t lo[2] = {slo, dlo}, hi[2] = {shi, dhi};
	struct sdpa_acl_rule *r = NULL;

	rec5(v, proto, src, dst, 0, 0);
	rec5(m, proto ? 0xff : 0, sm, dm, 0, 0);
	assert_int_equal(sdpa_acl_add(a, v, m, lo, hi, prio, (void *)id, &r), 0);
	return r;
}

static uintptr_t acl_find(struct sdpa_acl *a, uint8_t proto, uint32_t src, uint32_t dst,
                          uint16_t sp, uint16_t dp)
{
	uint8_t r[R_LEN];

	rec5(r, proto, src, dst, sp, dp);
	return (uintptr_t)sdpa_acl_lookup(a, r);
}

static void test_acl_overlaps(void **state)
{
	struct sdpa_acl *a = sdpa_acl_create(R_LEN, ranges5, NULL);
	struct sdpa_acl_rule *r1, *r3;

	(void)state;
	assert_non_null(a);
	assert_int_equal(acl_find(a, 6, 1, 2, 3, 4), 0);
	/* Overlapping port ranges under one address pair: the lower priority value wins. */
	r1 = acl_add(a, 6, 0x0a000001, 32, 0x0b000001, 32, 0, 65535, 80, 3000, 20, 1);
	(void)acl_add(a, 6, 0x0a000001, 32, 0x0b000001, 32, 0, 65535, 1000, 2000, 10, 2);
	r3 = acl_add(a, 0, 0x0a000000, 8, 0, 0, 1024, 65535, 0, 65535, 5, 3);
	(void)acl_add(a, 6, 0x0a000001, 32, 0x0b000001, 32, 0, 65535, 80, 80, 10, 4);
	assert_int_equal(acl_find(a, 6, 0x0a000001, 0x0b000001, 100, 80), 4);
	assert_int_equal(acl_find(a, 6, 0x0a000001, 0x0b000001, 100, 1500), 2);
	assert_int_equal(acl_find(a, 6, 0x0a000001, 0x0b000001, 100, 2500), 1);
	assert_int_equal(acl_find(a, 6, 0x0a000001, 0x0b000001, 100, 3000), 1);
	assert_int_equal(acl_find(a, 6, 0x0a000001, 0x0b000001, 100, 3001), 0);
	assert_int_equal(acl_find(a, 17, 0x0a000001, 0x0b000001, 100, 80), 0);
	/* The /8 any-protocol rule of priority 5 beats them all from source port 1024. */
	assert_int_equal(acl_find(a, 6, 0x0a000001, 0x0b000001, 1024, 1500), 3);
	assert_int_equal(acl_find(a, 17, 0x0a7f0001, 0x01020304, 65535, 0), 3);
	assert_int_equal(acl_find(a, 17, 0x0b7f0001, 0x01020304, 65535, 0), 0);
	/* Equal priorities: the rule added first. */
	(void)acl_add(a, 6, 0x0a000001, 32, 0, 0, 0, 65535, 0, 65535, 10, 5);
	assert_int_equal(acl_find(a, 6, 0x0a000001, 0x0b000001, 100, 1500), 2);
	assert_int_equal(acl_find(a, 6, 0x0a000001, 0x0c000001, 100, 1500), 5);
	assert_int_equal(sdpa_acl_count(a), 5);
	/* Delete and re-add. */
	sdpa_acl_del(a, r3);
	assert_int_equal(acl_find(a, 6, 0x0a000001, 0x0b000001, 1024, 1500), 2);
	assert_int_equal(acl_find(a, 17, 0x0a7f0001, 0x01020304, 65535, 0), 0);
	r3 = acl_add(a, 0, 0x0a000000, 8, 0, 0, 1024, 65535, 0, 65535, 5, 6);
	assert_int_equal(acl_find(a, 17, 0x0a7f0001, 0x01020304, 65535, 0), 6);
	sdpa_acl_del(a, r1);
	assert_int_equal(acl_find(a, 6, 0x0a000001, 0x0b000001, 100, 2500), 5);
	sdpa_acl_del(a, r3);
	assert_int_equal(sdpa_acl_count(a), 3);
	sdpa_acl_free(a);
}

struct ref_rule {
	uint8_t proto;
	uint32_t src, slen, dst, dlen;
	uint16_t lo[2], hi[2];
	uint32_t prio;
	uint64_t seq;
	struct sdpa_acl_rule *h;
};

static bool ref_match(const struct ref_rule *r, uint8_t proto, uint32_t src, uint32_t dst,
                      uint16_t sp, uint16_t dp)
{
	uint32_t sm = r->slen ? ~0u << (32 - r->slen) : 0, dm = r->dlen ? ~0u << (32 - r->dlen) : 0;

	return (r->proto == 0 || r->proto == proto) && ((src ^ r->src) & sm) == 0 &&
	       ((dst ^ r->dst) & dm) == 0 && sp >= r->lo[0] && sp <= r->hi[0] && dp >= r->lo[1] &&
	       dp <= r->hi[1];
}

static void test_acl_random(void **state)
{
	enum { N = 400, OPS = 3000 };
	static const uint32_t lens[] = {0, 8, 16, 24, 32};
	struct ref_rule *ref = calloc(N, sizeof(*ref));
	struct sdpa_acl *a = sdpa_acl_create(R_LEN, ranges5, NULL);
	uint64_t s = 99, seq = 0;

	(void)state;
	assert_non_null(a);
	for (uint32_t op = 0; op < OPS; op++) {
		uint32_t i = rnd(&s) % N;
		struct ref_rule *r = &ref[i];

		if (r->h == NULL) {
			r->proto = (uint8_t)(rnd(&s) % 3 == 0 ? 0 : rnd(&s) % 2 ? 6 : 17);
			r->slen = lens[rnd(&s) % 5];
			r->dlen = lens[rnd(&s) % 5];
			r->src = 0x0a000000 | (rnd(&s) % 4) << 8 | rnd(&s) % 4;
			r->dst = 0x0b000000 | (rnd(&s) % 4) << 8 | rnd(&s) % 4;
			for (int k = 0; k < 2; k++) {
				uint16_t x = (uint16_t)(rnd(&s) % 100),
				         y = (uint16_t)(rnd(&s) % 100);

				r->lo[k] = x < y ? x : y;
				r->hi[k] = rnd(&s) % 4 ? (x < y ? y : x) : 65535;
			}
			r->prio = rnd(&s) % 50;
			r->seq = seq++;
			r->h = acl_add(a, r->proto, r->src, r->slen, r->dst, r->dlen, r->lo[0],
			               r->hi[0], r->lo[1], r->hi[1], r->prio, i + 1);
		} else {
			sdpa_acl_del(a, r->h);
			r->h = NULL;
		}
		for (uint32_t q = 0; q < 8; q++) {
			uint8_t proto = rnd(&s) % 2 ? 6 : 17;
			uint32_t src = 0x0a000000 | (rnd(&s) % 4) << 8 | rnd(&s) % 4;
			uint32_t dst = 0x0b000000 | (rnd(&s) % 4) << 8 | rnd(&s) % 4;
			uint16_t sp = (uint16_t)(rnd(&s) % 110), dp = (uint16_t)(rnd(&s) % 110);
			const struct ref_rule *best = NULL;

			for (uint32_t k = 0; k < N; k++) {
				const struct ref_rule *c = &ref[k];

				if (c->h != NULL && ref_match(c, proto, src, dst, sp, dp) &&
				    (best == NULL || c->prio < best->prio ||
				     (c->prio == best->prio && c->seq < best->seq)))
					best = c;
			}
			assert_int_equal(acl_find(a, proto, src, dst, sp, dp),
			                 best ? (uintptr_t)(best - ref) + 1 : 0);
		}
	}
	sdpa_acl_free(a);
	free(ref);
}

/* Lookups during adds and deletes in the same buckets: a reader always finds the stable
 * rule or one of the churned rules that beat it, never nothing and never a freed one (TSan
 * and ASan watch the packs being replaced). Deferred frees run at the end. */
enum { ACC_CHURN = 24, ACC_LOOKUPS = 200000 };

static struct {
	void (*fn)(void *);
	void *p;
} acc_deferred[1 << 16];
static uint32_t acc_ndeferred;
static sdpa_atomic_u32 acc_stop;

static void acc_defer(void (*fn)(void *), void *p)
{
	assert_true(acc_ndeferred < sizeof(acc_deferred) / sizeof(acc_deferred[0]));
	acc_deferred[acc_ndeferred].fn = fn;
	acc_deferred[acc_ndeferred++].p = p;
}

static void *acc_reader(void *arg)
{
	struct sdpa_acl *a = arg;
	uint32_t bad = 0;

	for (uint32_t i = 0; i < ACC_LOOKUPS; i++) {
		uintptr_t id = acl_find(a, 6, 0x0a000001, 0x0b000001, 5, 80);

		bad += id == 0 || id > ACC_CHURN + 1;
	}
	/* R-stop pairs with A-stop in test_acl_concurrent */
	sdpa_store_release(&acc_stop, 1);
	return (void *)(uintptr_t)bad;
}

static void test_acl_concurrent(void **state)
{
	struct sdpa_acl *a = sdpa_acl_create(R_LEN, ranges5, acc_defer);
	struct sdpa_acl_rule *churn[ACC_CHURN] = {0};
	pthread_t th;
	void *bad;
	uint64_t s = 5;

	(void)state;
	assert_non_null(a);
	acc_ndeferred = 0;
	sdpa_store_relaxed(&acc_stop, 0);
	/* The stable rule: id 1, priority 100. */
	(void)acl_add(a, 6, 0x0a000001, 32, 0x0b000001, 32, 0, 65535, 0, 65535, 100, 1);
	assert_int_equal(pthread_create(&th, NULL, acc_reader, a), 0);
	/* A-stop pairs with R-stop in acc_reader */
	while (!sdpa_load_acquire(&acc_stop) && acc_ndeferred < 60000) {
		uint32_t i = rnd(&s) % ACC_CHURN;

		if (churn[i] == NULL)
			/* Same shapes and keys as the stable rule or coarser: the same buckets. */
			churn[i] =
			        acl_add(a, i % 2 ? 6 : 0, 0x0a000001, i % 3 ? 32 : 16, 0x0b000001,
			                i % 4 ? 32 : 8, 0, 65535, 0, 65535, i, i + 2);
		else {
			sdpa_acl_del(a, churn[i]);
			churn[i] = NULL;
		}
	}
	assert_int_equal(pthread_join(th, &bad), 0);
	assert_int_equal((uintptr_t)bad, 0);
	sdpa_acl_free(a);
	for (uint32_t i = 0; i < acc_ndeferred; i++)
		acc_deferred[i].fn(acc_deferred[i].p);
}

/* ------------------------------------------------------------------ the pipes */

static struct doca_flow_pipe *mk_pipe(enum doca_flow_pipe_type type, const char *name,
                                      struct doca_flow_match *m, bool root, uint32_t nr)
{
	struct doca_flow_pipe_cfg *pc;
	struct doca_flow_pipe *p = NULL;
	struct doca_flow_monitor mon = {.counter_type = DOCA_FLOW_RESOURCE_TYPE_NON_SHARED};
	struct doca_flow_fwd fwd = {.type = DOCA_FLOW_FWD_CHANGEABLE};
	struct doca_flow_fwd miss = {.type = DOCA_FLOW_FWD_DROP};

	assert_int_equal(doca_flow_pipe_cfg_create(&pc, ft_ports[0]), DOCA_SUCCESS);
	assert_int_equal(doca_flow_pipe_cfg_set_name(pc, name), DOCA_SUCCESS);
	assert_int_equal(doca_flow_pipe_cfg_set_type(pc, type), DOCA_SUCCESS);
	assert_int_equal(doca_flow_pipe_cfg_set_is_root(pc, root), DOCA_SUCCESS);
	assert_int_equal(doca_flow_pipe_cfg_set_nr_entries(pc, nr), DOCA_SUCCESS);
	assert_int_equal(doca_flow_pipe_cfg_set_match(pc, m, NULL), DOCA_SUCCESS);
	assert_int_equal(doca_flow_pipe_cfg_set_monitor(pc, &mon), DOCA_SUCCESS);
	assert_int_equal(doca_flow_pipe_create(pc, &fwd, &miss, &p), DOCA_SUCCESS);
	doca_flow_pipe_cfg_destroy(pc);
	return p;
}

static struct doca_flow_pipe_entry *lpm4(struct doca_flow_pipe *p, uint32_t dst, uint32_t len,
                                         uint16_t dport, int out_port)
{
	struct doca_flow_match m, mk;
	struct doca_flow_fwd fwd;
	struct doca_flow_pipe_entry *e = NULL;

	memset(&m, 0, sizeof(m));
	memset(&mk, 0, sizeof(mk));
	memset(&fwd, 0, sizeof(fwd));
	m.outer.ip4.dst_ip = htonl(dst);
	mk.outer.ip4.dst_ip = htonl(len ? ~0u << (32 - len) : 0);
	m.outer.udp.l4_port.dst_port = htons(dport);
	fwd.type = out_port < 0 ? DOCA_FLOW_FWD_DROP : DOCA_FLOW_FWD_PORT;
	fwd.port_id = (uint16_t)(out_port < 0 ? 0 : out_port);
	assert_int_equal(doca_flow_pipe_lpm_add_entry(0, p, &m, &mk, 0, NULL, NULL, &fwd,
	                                              DOCA_FLOW_ENTRY_FLAGS_NO_WAIT, NULL, &e),
	                 DOCA_SUCCESS);
	return e;
}

/* Frames to port 0 with these destinations; how many left through port 1. */
static uint32_t send4(const uint32_t *dst, uint32_t n, uint16_t dport)
{
	uint8_t f[SOFTDPA_FRAME_MAX];

	for (uint32_t i = 0; i < n; i++)
		ft_inject(0, f, ft_udp4(f, 0x01010101, dst[i], 1000, dport));
	ft_sync();
	return ft_drain_all(1);
}

static void test_lpm_pipe(void **state)
{
	struct doca_flow_match m;
	struct doca_flow_pipe *p;
	struct doca_flow_pipe_entry *e0, *e8, *e16, *e32, *dup;
	struct doca_flow_fwd fwd = {.type = DOCA_FLOW_FWD_PORT, .port_id = 1};
	const uint32_t d[] = {0x0a010203, 0x0a010204, 0x0a020304, 0x0b000001};
	uint8_t f[SOFTDPA_FRAME_MAX];
	uint32_t errors;

	(void)state;
	ft_init("vnf,hws", 0, 0, 0, 2);
	memset(&m, 0, sizeof(m));
	m.outer.l3_type = DOCA_FLOW_L3_TYPE_IP4;
	m.outer.ip4.dst_ip = 0xffffffff;
	p = mk_pipe(DOCA_FLOW_PIPE_LPM, "LPM", &m, true, 16);
	e0 = lpm4(p, 0, 0, 0, -1);
	e8 = lpm4(p, 0x0a000000, 8, 0, 1);
	e16 = lpm4(p, 0x0a010000, 16, 0, -1);
	e32 = lpm4(p, 0x0a010203, 32, 0, 1);
	ft_process(ft_ports[0]);
	/* 10.1.2.3 /32 -> out; 10.1.2.4 /16 drop; 10.2.3.4 /8 out; 11.0.0.1 /0 drop. */
	assert_int_equal(send4(d, 4, 9), 2);
	assert_int_equal(ft_entry_pkts(e32), 1);
	assert_int_equal(ft_entry_pkts(e16), 1);
	assert_int_equal(ft_entry_pkts(e8), 1);
	assert_int_equal(ft_entry_pkts(e0), 1);
	/* A prefix already present completes with ERROR. */
	errors = ft_cb[DOCA_FLOW_ENTRY_OP_ADD][DOCA_FLOW_ENTRY_STATUS_ERROR];
	dup = lpm4(p, 0x0a01ffff, 16, 0, 1);
	ft_process(ft_ports[0]);
	assert_int_equal(ft_cb[DOCA_FLOW_ENTRY_OP_ADD][DOCA_FLOW_ENTRY_STATUS_ERROR], errors + 1);
	assert_int_equal(doca_flow_pipe_remove_entry(0, DOCA_FLOW_ENTRY_FLAGS_NO_WAIT, dup),
	                 DOCA_SUCCESS);
	/* Remove the /16: 10.1.2.4 falls to the /8. */
	assert_int_equal(doca_flow_pipe_remove_entry(0, DOCA_FLOW_ENTRY_FLAGS_NO_WAIT, e16),
	                 DOCA_SUCCESS);
	ft_process(ft_ports[0]);
	assert_int_equal(send4(d, 4, 9), 3);
	assert_int_equal(ft_entry_pkts(e8), 3);
	/* Update the /0's forward; remove and re-add the /32. */
	assert_int_equal(doca_flow_pipe_lpm_update_entry(0, p, 0, NULL, NULL, &fwd,
	                                                 DOCA_FLOW_ENTRY_FLAGS_NO_WAIT, e0),
	                 DOCA_SUCCESS);
	assert_int_equal(doca_flow_pipe_remove_entry(0, DOCA_FLOW_ENTRY_FLAGS_NO_WAIT, e32),
	                 DOCA_SUCCESS);
	ft_process(ft_ports[0]);
	e32 = lpm4(p, 0x0a010203, 32, 0, -1);
	ft_process(ft_ports[0]);
	assert_int_equal(send4(d, 4, 9), 3); /* 10.1.2.3 dropped now, 11.0.0.1 out */
	assert_int_equal(ft_entry_pkts(e32), 1);
	/* A non-IPv4 frame misses the template's l3_type. */
	ft_inject(0, f, ft_udp6(f, 1, 1));
	ft_sync();
	assert_int_equal(ft_drain_all(1), 0);
	/* A mask that is no prefix. */
	{
		struct doca_flow_match mm, mk;
		struct doca_flow_pipe_entry *e;

		memset(&mm, 0, sizeof(mm));
		memset(&mk, 0, sizeof(mk));
		mk.outer.ip4.dst_ip = htonl(0xff00ff00);
		t_log_reset();
		assert_int_equal(doca_flow_pipe_lpm_add_entry(0, p, &mm, &mk, 0, NULL, NULL, &fwd,
		                                              DOCA_FLOW_ENTRY_FLAGS_NO_WAIT, NULL,
		                                              &e),
		                 DOCA_ERROR_INVALID_VALUE);
		t_assert_logged("not a prefix");
	}
	ft_fini();
}

static void test_lpm_pipe_em(void **state)
{
	struct doca_flow_match m;
	struct doca_flow_pipe *p;
	struct doca_flow_pipe_entry *a, *b, *c;
	const uint32_t d[] = {0x0a010203, 0x0a020304};

	(void)state;
	ft_init("vnf,hws", 0, 0, 0, 2);
	memset(&m, 0, sizeof(m));
	m.outer.l3_type = DOCA_FLOW_L3_TYPE_IP4;
	m.outer.l4_type_ext = DOCA_FLOW_L4_TYPE_EXT_UDP;
	m.outer.ip4.dst_ip = 0xffffffff;
	m.outer.udp.l4_port.dst_port = 0xffff; /* exact-match companion */
	p = mk_pipe(DOCA_FLOW_PIPE_LPM, "LPM_EM", &m, true, 16);
	a = lpm4(p, 0x0a000000, 8, 80, 1);
	b = lpm4(p, 0x0a000000, 8, 81, -1);
	c = lpm4(p, 0x0a010000, 16, 80, -1);
	ft_process(ft_ports[0]);
	assert_int_equal(send4(d, 2, 80), 1); /* 10.1.2.3 -> /16 drop, 10.2.3.4 -> /8 out */
	assert_int_equal(send4(d, 2, 81), 0);
	assert_int_equal(send4(d, 2, 82), 0); /* no table for port 82: a miss */
	assert_int_equal(ft_entry_pkts(a), 1);
	assert_int_equal(ft_entry_pkts(b), 2);
	assert_int_equal(ft_entry_pkts(c), 1);
	ft_fini();
}

static void test_lpm_pipe_ip6(void **state)
{
	struct doca_flow_match m;
	struct doca_flow_pipe *p;
	struct doca_flow_pipe_entry *e[3];
	struct doca_flow_fwd fwd = {.type = DOCA_FLOW_FWD_PORT, .port_id = 1};
	struct sdpa_frame_spec s;
	uint8_t f[SOFTDPA_FRAME_MAX];
	static const uint32_t lens[3] = {0, 64, 128};

	(void)state;
	ft_init("vnf,hws", 0, 0, 0, 2);
	memset(&m, 0, sizeof(m));
	m.outer.l3_type = DOCA_FLOW_L3_TYPE_IP6;
	memset(m.outer.ip6.dst_ip, 0xff, 16);
	p = mk_pipe(DOCA_FLOW_PIPE_LPM, "LPM6", &m, true, 16);
	for (int i = 0; i < 3; i++) {
		struct doca_flow_match v, mk;

		memset(&v, 0, sizeof(v));
		memset(&mk, 0, sizeof(mk));
		((uint8_t *)v.outer.ip6.dst_ip)[0] = 0x20;
		((uint8_t *)v.outer.ip6.dst_ip)[15] = 2;
		for (uint32_t b = 0; b < lens[i]; b++)
			((uint8_t *)mk.outer.ip6.dst_ip)[b / 8] |= (uint8_t)(0x80 >> (b % 8));
		assert_int_equal(doca_flow_pipe_lpm_add_entry(0, p, &v, &mk, 0, NULL, NULL, &fwd,
		                                              DOCA_FLOW_ENTRY_FLAGS_NO_WAIT, NULL,
		                                              &e[i]),
		                 DOCA_SUCCESS);
	}
	ft_process(ft_ports[0]);
	for (int i = 0; i < 3; i++) {
		memset(&s, 0, sizeof(s));
		s.l3 = SDPA_L3_IP6;
		s.ip6_dst[0] = 0x20;
		s.ip6_dst[15] = 2; /* the /128 */
		if (i == 1)
			s.ip6_dst[15] = 3; /* the /64 */
		if (i == 2)
			s.ip6_dst[7] = 1; /* the /0 */
		s.l4 = SDPA_L4_UDP;
		s.src_port = 1;
		s.dst_port = 2;
		s.frame_len = 80;
		ft_inject(0, f, sdpa_frame_build(&s, f, SOFTDPA_FRAME_MAX));
	}
	ft_sync();
	assert_int_equal(ft_drain_all(1), 3);
	for (int i = 0; i < 3; i++)
		assert_int_equal(ft_entry_pkts(e[i]), 1);
	ft_fini();
}

static struct doca_flow_pipe_entry *acl_entry(struct doca_flow_pipe *p, uint32_t src,
                                              uint32_t smask, uint16_t dlo, uint16_t dhi, bool tcp,
                                              uint32_t prio, int out)
{
	struct doca_flow_match m, mk;
	struct doca_flow_fwd fwd;
	struct doca_flow_pipe_entry *e = NULL;

	memset(&m, 0, sizeof(m));
	memset(&mk, 0, sizeof(mk));
	memset(&fwd, 0, sizeof(fwd));
	m.outer.l3_type = DOCA_FLOW_L3_TYPE_IP4;
	m.outer.l4_type_ext = tcp ? DOCA_FLOW_L4_TYPE_EXT_TCP : DOCA_FLOW_L4_TYPE_EXT_UDP;
	m.outer.ip4.src_ip = htonl(src);
	mk.outer.ip4.src_ip = htonl(smask);
	m.outer.udp.l4_port.dst_port = htons(dlo);
	mk.outer.udp.l4_port.dst_port = htons(dhi);
	fwd.type = out < 0 ? DOCA_FLOW_FWD_DROP : DOCA_FLOW_FWD_PORT;
	fwd.port_id = (uint16_t)(out < 0 ? 0 : out);
	assert_int_equal(doca_flow_pipe_acl_add_entry(0, p, &m, &mk, 0, NULL, prio, &fwd,
	                                              DOCA_FLOW_ENTRY_FLAGS_NO_WAIT, NULL, &e),
	                 DOCA_SUCCESS);
	return e;
}

static uint32_t send_udp(uint32_t src, uint16_t dport)
{
	uint8_t f[SOFTDPA_FRAME_MAX];

	ft_inject(0, f, ft_udp4(f, src, 0x0b000001, 1000, dport));
	ft_sync();
	return ft_drain_all(1);
}

static void test_acl_pipe(void **state)
{
	struct doca_flow_match m, mk;
	struct doca_flow_pipe *p;
	struct doca_flow_pipe_entry *a, *b, *c, *e;
	struct doca_flow_fwd fwd = {.type = DOCA_FLOW_FWD_PORT, .port_id = 1};

	(void)state;
	ft_init("vnf,hws", 0, 0, 0, 2);
	memset(&m, 0, sizeof(m));
	m.outer.l3_type = DOCA_FLOW_L3_TYPE_IP4;
	m.outer.ip4.src_ip = 0xffffffff;
	m.outer.l4_type_ext = DOCA_FLOW_L4_TYPE_EXT_TCP;
	m.outer.tcp.l4_port.dst_port = 0xffff;
	p = mk_pipe(DOCA_FLOW_PIPE_ACL, "ACL", &m, true, 16);
	/* Overlapping ranges: 80..3000 allowed (prio 20), 1000..2000 denied (prio 10),
	 * 10.0.0.0/8 any port allowed at prio 30, a TCP-only rule a UDP frame never hits. */
	a = acl_entry(p, 0x0a000001, 0xffffffff, 80, 3000, false, 20, 1);
	b = acl_entry(p, 0x0a000001, 0xffffffff, 1000, 2000, false, 10, -1);
	c = acl_entry(p, 0x0a000000, 0xff000000, 0, 0, false, 30, 1);
	e = acl_entry(p, 0x0a000001, 0xffffffff, 0, 0, true, 1, -1);
	ft_process(ft_ports[0]);
	assert_int_equal(send_udp(0x0a000001, 80), 1);   /* a */
	assert_int_equal(send_udp(0x0a000001, 1500), 0); /* b */
	assert_int_equal(send_udp(0x0a000001, 3000), 1); /* a */
	assert_int_equal(send_udp(0x0a000001, 3001), 1); /* c */
	assert_int_equal(send_udp(0x0b000001, 80), 0);   /* miss */
	assert_int_equal(ft_entry_pkts(a), 2);
	assert_int_equal(ft_entry_pkts(b), 1);
	assert_int_equal(ft_entry_pkts(c), 1);
	assert_int_equal(ft_entry_pkts(e), 0);
	/* Delete the deny rule and add it back at a priority below the allow rule. */
	assert_int_equal(doca_flow_pipe_remove_entry(0, DOCA_FLOW_ENTRY_FLAGS_NO_WAIT, b),
	                 DOCA_SUCCESS);
	ft_process(ft_ports[0]);
	assert_int_equal(send_udp(0x0a000001, 1500), 1);
	b = acl_entry(p, 0x0a000001, 0xffffffff, 1000, 2000, false, 25, -1);
	ft_process(ft_ports[0]);
	assert_int_equal(send_udp(0x0a000001, 1500), 1);
	assert_int_equal(ft_entry_pkts(b), 0);
	/* Update the allow rule to drop. */
	fwd.type = DOCA_FLOW_FWD_DROP;
	assert_int_equal(doca_flow_pipe_acl_update_entry(0, p, 0, NULL, &fwd,
	                                                 DOCA_FLOW_ENTRY_FLAGS_NO_WAIT, a),
	                 DOCA_SUCCESS);
	ft_process(ft_ports[0]);
	assert_int_equal(send_udp(0x0a000001, 1500), 0);
	/* An empty range. */
	memset(&m, 0, sizeof(m));
	memset(&mk, 0, sizeof(mk));
	m.outer.udp.l4_port.src_port = htons(100);
	mk.outer.udp.l4_port.src_port = htons(99);
	t_log_reset();
	assert_int_equal(doca_flow_pipe_acl_add_entry(0, p, &m, &mk, 0, NULL, 1, &fwd,
	                                              DOCA_FLOW_ENTRY_FLAGS_NO_WAIT, NULL, &e),
	                 DOCA_ERROR_INVALID_VALUE);
	t_assert_logged("range 100..99 is empty");
	t_log_reset();
	assert_int_equal(doca_flow_pipe_acl_add_entry(0, p, &m, NULL, 0, NULL, 1, &fwd,
	                                              DOCA_FLOW_ENTRY_FLAGS_NO_WAIT, NULL, &e),
	                 DOCA_ERROR_INVALID_VALUE);
	t_assert_logged("match_mask is NULL");
	ft_fini();
}

/* ------------------------------------------------------------------ lookups during updates */

enum { CC_FRAMES = 20000, CC_PREFIXES = 64 };

static sdpa_atomic_u32 cc_stop;

static void *cc_mutator(void *arg)
{
	struct doca_flow_pipe *p = arg;
	struct doca_flow_pipe_entry *e[CC_PREFIXES] = {0};
	uint64_t s = 7;
	uint32_t n = 0;

	/* A-stop pairs with R-stop in test_lpm_concurrent */
	while (!sdpa_load_acquire(&cc_stop)) {
		uint32_t i = rnd(&s) % CC_PREFIXES;

		if (e[i] == NULL) {
			/* Nested prefixes of 10.0.0.0: lengths 8..31, port 1 or drop. */
			e[i] = lpm4(p, 0x0a000000 | (i & 7) << 8, 8 + i % 24, 0, i % 2 ? 1 : -1);
		} else {
			assert_int_equal(
			        doca_flow_pipe_remove_entry(0, DOCA_FLOW_ENTRY_FLAGS_NO_WAIT, e[i]),
			        DOCA_SUCCESS);
			e[i] = NULL;
		}
		if (++n % 16 == 0)
			ft_process(ft_ports[0]);
	}
	ft_process(ft_ports[0]);
	return NULL;
}

static void test_lpm_concurrent(void **state)
{
	struct doca_flow_match m;
	struct doca_flow_pipe *p;
	pthread_t th;
	uint8_t f[SOFTDPA_FRAME_MAX];
	uint64_t s = 3, out = 0, drops;

	(void)state;
	ft_init("vnf,hws", 2, 0, 0, 2);
	memset(&m, 0, sizeof(m));
	m.outer.l3_type = DOCA_FLOW_L3_TYPE_IP4;
	m.outer.ip4.dst_ip = 0xffffffff;
	p = mk_pipe(DOCA_FLOW_PIPE_LPM, "LPM_CC", &m, true, 4 * CC_PREFIXES);
	sdpa_store_relaxed(&cc_stop, 0);
	assert_int_equal(pthread_create(&th, NULL, cc_mutator, p), 0);
	for (uint32_t i = 0; i < CC_FRAMES; i++) {
		ft_inject(0, f, ft_udp4(f, 1, 0x0a000000 | (rnd(&s) & 0x7ff), 1, 2));
		if (i % 256 == 0)
			out += ft_drain_all(1);
	}
	/* R-stop pairs with A-stop in cc_mutator */
	sdpa_store_release(&cc_stop, 1);
	assert_int_equal(pthread_join(th, NULL), 0);
	ft_sync();
	out += ft_drain_all(1);
	drops = 0;
	for (uint16_t port = 0; port < 2; port++)
		for (int why = 0; why <= SOFTDPA_DROP_WIRE_ERROR; why++)
			drops += ft_dropped(port, (enum softdpa_drop_reason)why);
	assert_int_equal(out + drops, CC_FRAMES);
	ft_fini();
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	        cmocka_unit_test(test_lpm_v4_boundaries),
	        cmocka_unit_test(test_lpm_v6_boundaries),
	        cmocka_unit_test(test_lpm_random),
	        cmocka_unit_test(test_lpm_root_memory),
	        cmocka_unit_test(test_acl_overlaps),
	        cmocka_unit_test(test_acl_random),
	        cmocka_unit_test(test_acl_concurrent),
	        FT_TEST(test_lpm_pipe),
	        FT_TEST(test_lpm_pipe_em),
	        FT_TEST(test_lpm_pipe_ip6),
	        FT_TEST(test_acl_pipe),
	        FT_TEST(test_lpm_concurrent),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
