/* SPDX-License-Identifier: BSD-3-Clause
 * softdpa's LPM trie and ACL classifier (src/nic/flow_lpm.c, flow_acl.c: what LPM and ACL
 * pipes look up per packet) beside DPDK's rte_lpm and rte_acl from Debian's DPDK 22.11, in
 * one process, on the same rules and the same lookups. One JSON object per (case, size):
 *   {"bench":"lpm","rules":N,"lookups":L,"softdpa_cpu_ns":x,"dpdk_cpu_ns":y,"ratio":x/y,
 *    "mismatches":0,"tbl8_groups":g}
 *   {"bench":"acl","rules":N,"lookups":L,"softdpa_cpu_ns":x,"dpdk_cpu_ns":y,"ratio":x/y,
 *    "mismatches":0,"tuples":t,"dpdk_build_s":b}
 * Per-lookup CPU time of this thread, best of 3 runs over L lookups. softdpa looks up one
 * key at a time (as the datapath does); rte_lpm_lookup one at a time; rte_acl_classify in
 * bursts of 32 (its interface; one at a time it is slower). "mismatches" counts lookups
 * whose answers differ (always 0: the rules have distinct priorities, so the best rule is
 * unique).
 * Rules (seeded, reproducible): LPM prefixes /8../32 as in a routing table (1 % /8../15,
 * 34 % /16../23, 57 % /24, 8 % longer); ACL 5-tuples: protocol any/TCP/UDP, source and destination
 * prefixes of /8, /16, /24 or /32, source port any, destination port any, one port or a range,
 * every rule a distinct priority. Lookups: 80 % made to hit a random rule, 20 % random. Usage:
 * bench_lpmacl [cases] [sizes] [lookups]
 */
#include <arpa/inet.h>
#include <errno.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <rte_acl.h>
#include <rte_eal.h>
#include <rte_errno.h>
#include <rte_lpm.h>

#include "bench_cli.h"
#include "bench_eal.h"
#include "nic/flow_acl.h"
#include "nic/flow_lpm.h"

static const struct bench_arg args[] = {
        {.name = "cases",
         .help = "l = LPM (rte_lpm), a = ACL (rte_acl), A = ACL without rte_acl (softdpa alone)",
         .unit = "case letters",
         .letters = "laA",
         .def_str = "la"},
        {.name = "sizes",
         .help = "rule counts to run: s = 1 k, m = 64 k, l = 1 M",
         .unit = "size letters",
         .letters = "sml",
         .def_str = "sml"},
        {.name = "lookups",
         .help = "lookups per timed run (best of 3 runs)",
         .unit = "a count",
         .lo = 32,
         .hi = 100000000,
         .def = 2000000},
};

static struct bench_cli cli = {
        .prog = "bench_lpmacl",
        .about = "softdpa's LPM trie and ACL classifier beside DPDK's rte_lpm and rte_acl:\n"
                 "the same rules, the same lookups, in one process.",
        .output = "  lpm: rules, lookups, softdpa_cpu_ns, dpdk_cpu_ns, ratio, mismatches, "
                  "tbl8_groups\n"
                  "  acl: rules, lookups, softdpa_cpu_ns, dpdk_cpu_ns, ratio, mismatches, "
                  "tuples, dpdk_build_s",
        .args = args,
        .nargs = sizeof(args) / sizeof(args[0]),
};

enum { REPS = 3, BURST = 32 };

static double cpu_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
	return (double)ts.tv_sec * 1e9 + (double)ts.tv_nsec;
}

static double wall_s(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

static uint64_t seed;

static uint32_t rnd(void)
{
	seed ^= seed << 13;
	seed ^= seed >> 7;
	seed ^= seed << 17;
	return (uint32_t)(seed >> 16);
}

/* ------------------------------------------------------------------ LPM */

static uint32_t prefix_len(void)
{
	uint32_t r = rnd() % 100;

	if (r < 1)
		return 8 + rnd() % 8; /* /8../15 */
	if (r < 35)
		return 16 + rnd() % 8; /* /16../23 */
	if (r < 92)
		return 24;
	return 25 + rnd() % 8; /* /25../32 */
}

static int run_lpm(uint32_t n, uint64_t lookups)
{
	struct rte_lpm_config cfg = {.max_rules = n, .number_tbl8s = 0, .flags = 0};
	uint32_t *pa = malloc((size_t)n * sizeof(uint32_t)), *pl = malloc((size_t)n * 4);
	uint32_t *keys = malloc((size_t)lookups * sizeof(uint32_t));
	struct sdpa_lpm *t;
	struct rte_lpm *lpm;
	uint32_t nl = 0, ngroups_need = 0, mism = 0;
	double best_s = 1e30, best_d = 1e30;
	uint64_t sum = 0;
	char name[32];

	if (pa == NULL || pl == NULL || keys == NULL)
		exit(1); /* a bench: the process ends here */
	seed = 0x9e3779b97f4a7c15ull ^ n;
	/* Distinct prefixes (a prefix drawn twice is drawn again). */
	t = sdpa_lpm_create(32, 24, 1u << 22, NULL);
	if (t == NULL)
		exit(1); /* a bench: the process ends here */
	for (uint32_t i = 0; i < n;) {
		uint32_t len = prefix_len(), a = rnd() << 8 ^ rnd();
		uint8_t b[4];

		a &= len ? ~0u << (32 - len) : 0;
		b[0] = (uint8_t)(a >> 24), b[1] = (uint8_t)(a >> 16), b[2] = (uint8_t)(a >> 8),
		b[3] = (uint8_t)a;
		if (sdpa_lpm_add(t, b, len, i) != 0)
			continue;
		pa[i] = a;
		pl[i] = len;
		nl += len > 24;
		i++;
	}
	ngroups_need = nl + 256;
	cfg.number_tbl8s = ngroups_need;
	snprintf(name, sizeof(name), "lpm%u", n);
	lpm = rte_lpm_create(name, 0, &cfg);
	if (lpm == NULL) {
		fprintf(stderr, "bench_lpmacl: rte_lpm_create(%u rules) failed: %s\n", n,
		        rte_strerror(rte_errno));
		exit(1); /* a bench: the process ends here */
	}
	for (uint32_t i = 0; i < n; i++)
		if (rte_lpm_add(lpm, pa[i], (uint8_t)pl[i], i) != 0) {
			fprintf(stderr, "bench_lpmacl: rte_lpm_add failed at rule %u\n", i);
			exit(1); /* a bench: the process ends here */
		}
	for (uint64_t i = 0; i < lookups; i++) {
		if (rnd() % 5) {
			uint32_t r = rnd() % n, len = pl[r];

			keys[i] = pa[r] | (len < 32 ? (rnd() << 8 ^ rnd()) & (~0u >> len) : 0);
		} else {
			keys[i] = rnd() << 8 ^ rnd();
		}
	}
	for (uint64_t i = 0; i < lookups; i++) {
		uint32_t v1 = UINT32_MAX, v2 = UINT32_MAX;
		bool h1 = sdpa_lpm_lookup4(t, keys[i], &v1);
		bool h2 = rte_lpm_lookup(lpm, keys[i], &v2) == 0;

		if (h1 != h2 || (h1 && v1 != v2))
			mism++;
	}
	for (int r = 0; r < REPS; r++) {
		double t0 = cpu_ns(), t1;

		for (uint64_t i = 0; i < lookups; i++) {
			uint32_t v = 0;

			if (sdpa_lpm_lookup4(t, keys[i], &v))
				sum += v;
		}
		t1 = cpu_ns();
		if (t1 - t0 < best_s)
			best_s = t1 - t0;
		t0 = cpu_ns();
		for (uint64_t i = 0; i < lookups; i++) {
			uint32_t v = 0;

			if (rte_lpm_lookup(lpm, keys[i], &v) == 0)
				sum += v;
		}
		t1 = cpu_ns();
		if (t1 - t0 < best_d)
			best_d = t1 - t0;
	}
	printf("{\"bench\":\"lpm\",\"rules\":%u,\"lookups\":%llu,\"softdpa_cpu_ns\":%s,"
	       "\"dpdk_cpu_ns\":%s,\"ratio\":%s,\"mismatches\":%u,\"tbl8_groups\":%u,"
	       "\"checksum\":%llu}\n",
	       n, (unsigned long long)lookups, bench_json(bench_div(best_s, lookups), 2).s,
	       bench_json(bench_div(best_d, lookups), 2).s,
	       bench_json(bench_div(best_s, best_d), 2).s, mism, t->ngroups,
	       (unsigned long long)(sum % 1000));
	fflush(stdout);
	rte_lpm_free(lpm);
	sdpa_lpm_free(t);
	free(pa);
	free(pl);
	free(keys);
	return mism != 0;
}

/* ------------------------------------------------------------------ ACL */

/* The record both classifiers read (network order, as rte_acl wants its input). */
struct rec {
	uint8_t proto;
	uint8_t pad[3];
	uint32_t src, dst;
	uint16_t sport, dport;
};

enum { F_PROTO, F_SRC, F_DST, F_SPORT, F_DPORT, NF };

static struct rte_acl_field_def defs[NF] = {
        {.type = RTE_ACL_FIELD_TYPE_BITMASK,
         .size = 1,
         .field_index = F_PROTO,
         .input_index = 0,
         .offset = offsetof(struct rec, proto)},
        {.type = RTE_ACL_FIELD_TYPE_MASK,
         .size = 4,
         .field_index = F_SRC,
         .input_index = 1,
         .offset = offsetof(struct rec, src)},
        {.type = RTE_ACL_FIELD_TYPE_MASK,
         .size = 4,
         .field_index = F_DST,
         .input_index = 2,
         .offset = offsetof(struct rec, dst)},
        {.type = RTE_ACL_FIELD_TYPE_RANGE,
         .size = 2,
         .field_index = F_SPORT,
         .input_index = 3,
         .offset = offsetof(struct rec, sport)},
        {.type = RTE_ACL_FIELD_TYPE_RANGE,
         .size = 2,
         .field_index = F_DPORT,
         .input_index = 3,
         .offset = offsetof(struct rec, dport)},
};

RTE_ACL_RULE_DEF(acl5, NF);

struct arule {
	uint8_t proto; /* 0 = any */
	uint32_t src, slen, dst, dlen;
	uint16_t dlo, dhi;
};

/* The mask of an IPv4 prefix of len bits (0..32). */
static uint32_t pmask(uint32_t len)
{
	return len ? ~0u << (32 - len) : 0;
}

/* anchor false: softdpa alone (no rte_acl context is built; its fields print null). */
static int run_acl(uint32_t n, uint64_t lookups, bool anchor)
{
	static const uint32_t lens[4] = {8, 16, 24, 32};
	struct rte_acl_param prm = {.socket_id = 0, .rule_size = RTE_ACL_RULE_SZ(NF)};
	struct rte_acl_config bcfg = {.num_categories = 1, .num_fields = NF};
	struct arule *ar = calloc(n, sizeof(*ar));
	struct rec *keys = malloc((size_t)lookups * sizeof(*keys));
	const uint8_t **ptrs = malloc((size_t)lookups * sizeof(*ptrs));
	uint32_t *res = malloc((size_t)lookups * sizeof(uint32_t));
	struct acl5 *rules = calloc(n, sizeof(*rules));
	static const uint16_t roff[2] = {offsetof(struct rec, sport), offsetof(struct rec, dport)};
	struct sdpa_acl *a = sdpa_acl_create(sizeof(struct rec), roff, NULL);
	struct rte_acl_ctx *ctx;
	double best_s = 1e30, best_d = 1e30, tb;
	uint32_t mism = 0;
	uint64_t sum = 0;
	char name[32];
	int r;

	if (n == 0 || ar == NULL || keys == NULL || ptrs == NULL || res == NULL || rules == NULL ||
	    !a)
		exit(1); /* a bench: the process ends here */
	seed = 0x51ed270b27c2f2a9ull ^ n;
	memcpy(bcfg.defs, defs, sizeof(defs));
	for (uint32_t i = 0; i < n; i++) {
		struct arule *x = &ar[i];
		struct rec v, m;
		uint16_t lo[2], hi[2];
		struct sdpa_acl_rule *h;
		uint32_t pr = rnd() % 3, kind = rnd() % 10;

		x->proto = pr == 0 ? 0 : pr == 1 ? 6 : 17;
		x->slen = lens[rnd() % 4];
		x->dlen = lens[rnd() % 4];
		x->src = (rnd() << 8 ^ rnd()) & pmask(x->slen);
		x->dst = (rnd() << 8 ^ rnd()) & pmask(x->dlen);
		if (kind < 3) {
			x->dlo = 0, x->dhi = 65535;
		} else if (kind < 7) {
			x->dlo = x->dhi = (uint16_t)(rnd() % 65536);
		} else {
			x->dlo = (uint16_t)(rnd() % 60000);
			x->dhi = (uint16_t)(x->dlo + rnd() % 5000);
		}
		memset(&v, 0, sizeof(v));
		memset(&m, 0, sizeof(m));
		v.proto = x->proto;
		m.proto = x->proto ? 0xff : 0;
		v.src = htonl(x->src);
		m.src = htonl(pmask(x->slen));
		v.dst = htonl(x->dst);
		m.dst = htonl(pmask(x->dlen));
		lo[0] = 0, hi[0] = 65535, lo[1] = x->dlo, hi[1] = x->dhi;
		/* softdpa: lower value wins; rte_acl: higher. Distinct priorities. */
		if (sdpa_acl_add(a, (uint8_t *)&v, (uint8_t *)&m, lo, hi, i,
		                 (void *)(uintptr_t)(i + 1), &h) != 0)
			exit(1); /* a bench: the process ends here */
		rules[i].data.category_mask = 1;
		rules[i].data.priority = (int32_t)(n - i);
		rules[i].data.userdata = i + 1;
		rules[i].field[F_PROTO].value.u8 = x->proto;
		rules[i].field[F_PROTO].mask_range.u8 = x->proto ? 0xff : 0;
		rules[i].field[F_SRC].value.u32 = x->src;
		rules[i].field[F_SRC].mask_range.u32 = x->slen;
		rules[i].field[F_DST].value.u32 = x->dst;
		rules[i].field[F_DST].mask_range.u32 = x->dlen;
		rules[i].field[F_SPORT].value.u16 = 0;
		rules[i].field[F_SPORT].mask_range.u16 = 65535;
		rules[i].field[F_DPORT].value.u16 = x->dlo;
		rules[i].field[F_DPORT].mask_range.u16 = x->dhi;
	}
	snprintf(name, sizeof(name), "acl%u", n);
	prm.name = name;
	prm.max_rule_num = n;
	ctx = anchor ? rte_acl_create(&prm) : NULL;
	if (anchor &&
	    (ctx == NULL || rte_acl_add_rules(ctx, (struct rte_acl_rule *)rules, n) != 0)) {
		fprintf(stderr, "bench_lpmacl: rte_acl_create/add_rules(%u) failed\n", n);
		exit(1); /* a bench: the process ends here */
	}
	tb = wall_s();
	r = anchor ? rte_acl_build(ctx, &bcfg) : 0;
	tb = anchor ? wall_s() - tb : NAN;
	if (r != 0) {
		fprintf(stderr, "bench_lpmacl: rte_acl_build(%u rules) failed: %s\n", n,
		        strerror(-r));
		printf("{\"bench\":\"acl\",\"rules\":%u,\"lookups\":%llu,\"softdpa_cpu_ns\":null,"
		       "\"dpdk_cpu_ns\":null,\"ratio\":null,\"mismatches\":null,\"tuples\":%u,"
		       "\"dpdk_build_s\":%s}\n",
		       n, (unsigned long long)lookups, sdpa_acl_tuples(a), bench_json(tb, 1).s);
		rte_acl_free(ctx);
		sdpa_acl_free(a);
		free(ar);
		free(keys);
		free(ptrs);
		free(res);
		free(rules);
		return 0;
	}
	for (uint64_t i = 0; i < lookups; i++) {
		struct rec *k = &keys[i];

		memset(k, 0, sizeof(*k));
		if (rnd() % 5) {
			const struct arule *x = &ar[rnd() % n];

			k->proto = x->proto ? x->proto : (rnd() % 2 ? 6 : 17);
			k->src = htonl(x->src | ((rnd() << 8 ^ rnd()) & ~(pmask(x->slen))));
			k->dst = htonl(x->dst | ((rnd() << 8 ^ rnd()) & ~(pmask(x->dlen))));
			k->dport =
			        htons((uint16_t)(x->dlo + rnd() % ((uint32_t)x->dhi - x->dlo + 1)));
		} else {
			k->proto = rnd() % 2 ? 6 : 17;
			k->src = rnd() << 8 ^ rnd();
			k->dst = rnd() << 8 ^ rnd();
			k->dport = (uint16_t)rnd();
		}
		k->sport = (uint16_t)rnd();
		ptrs[i] = (const uint8_t *)k;
	}
	for (uint64_t i = 0; anchor && i < lookups; i += BURST) {
		uint32_t b = lookups - i < BURST ? (uint32_t)(lookups - i) : BURST;

		if (rte_acl_classify(ctx, ptrs + i, res + i, b, 1) != 0)
			exit(1); /* a bench: the process ends here */
	}
	for (uint64_t i = 0; anchor && i < lookups; i++)
		if ((uint32_t)(uintptr_t)sdpa_acl_lookup(a, ptrs[i]) != res[i])
			mism++;
	for (int rep = 0; rep < REPS; rep++) {
		double t0 = cpu_ns(), t1;

		for (uint64_t i = 0; i < lookups; i++)
			sum += (uintptr_t)sdpa_acl_lookup(a, ptrs[i]);
		t1 = cpu_ns();
		if (t1 - t0 < best_s)
			best_s = t1 - t0;
		if (!anchor)
			continue;
		t0 = cpu_ns();
		for (uint64_t i = 0; i < lookups; i += BURST) {
			uint32_t b = lookups - i < BURST ? (uint32_t)(lookups - i) : BURST;

			(void)rte_acl_classify(ctx, ptrs + i, res + i, b, 1);
		}
		t1 = cpu_ns();
		if (t1 - t0 < best_d)
			best_d = t1 - t0;
		sum += res[0];
	}
	if (!anchor)
		best_d = NAN;
	printf("{\"bench\":\"acl\",\"rules\":%u,\"lookups\":%llu,\"softdpa_cpu_ns\":%s,"
	       "\"dpdk_cpu_ns\":%s,\"ratio\":%s,\"mismatches\":%s,\"tuples\":%u,"
	       "\"dpdk_build_s\":%s,\"checksum\":%llu}\n",
	       n, (unsigned long long)lookups, bench_json(bench_div(best_s, lookups), 2).s,
	       bench_json(bench_div(best_d, lookups), 2).s,
	       bench_json(bench_div(best_s, best_d), 2).s, anchor ? bench_json(mism, 0).s : "null",
	       sdpa_acl_tuples(a), bench_json(tb, 1).s, (unsigned long long)(sum % 1000));
	fflush(stdout);
	if (ctx != NULL)
		rte_acl_free(ctx);
	sdpa_acl_free(a);
	free(ar);
	free(keys);
	free(ptrs);
	free(res);
	free(rules);
	return mism != 0;
}

int main(int argc, char **argv)
{
	static const struct {
		char letter;
		uint32_t n;
	} sizes[] = {{'s', 1024}, {'m', 65536}, {'l', 1048576}};
	const char *cases, *sz;
	uint64_t lookups;
	int rc = 0;

	bench_cli_start(&cli, argc, argv);
	cases = bench_cli_letters(&cli, 0);
	sz = bench_cli_letters(&cli, 1);
	lookups = bench_cli_num(&cli, 2);
	if (bench_eal_up("bench_lpmacl", "6144") != 0)
		return 1;
	for (size_t i = 0; i < sizeof(sizes) / sizeof(sizes[0]); i++) {
		if (strchr(sz, sizes[i].letter) == NULL)
			continue;
		if (strchr(cases, 'l') != NULL)
			rc |= run_lpm(sizes[i].n, lookups);
		if (strchr(cases, 'a') != NULL)
			rc |= run_acl(sizes[i].n, lookups, true);
		if (strchr(cases, 'A') != NULL)
			rc |= run_acl(sizes[i].n, lookups, false);
	}
	rte_eal_cleanup();
	return rc;
}
