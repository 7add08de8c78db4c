/* SPDX-License-Identifier: BSD-3-Clause
 * The anchors softdpa's benches are compared with (make bench-compare, docs/PERFORMANCE.md):
 * what Debian's DPDK 22.11 and plain pthreads do on this machine, in this process. One JSON
 * object per line:
 *   h: {"bench":"anchor_rte_hash","entries":N,"key_bytes":4,"lookups":L,"cpu_ns_per_lookup":x}
 *      rte_hash_lookup_bulk_data, bursts of 32, over N distinct 4-byte keys (the IPv4
 *      destinations bench_flow's case a matches), every key hit, in bench_flow's order
 *   r: {"bench":"anchor_ring","ops":L,"burst":64,"cpu_ns_per_op":x}
 *      rte_ring single producer / single consumer: post an op, dequeue a burst and execute
 *      it (a store into a table), as a provider queue does with its requests
 *   c: {"bench":"anchor_condvar","iters":I,"median_us":x,"p99_us":y,"min_us":z}
 *      a mutex + condvar ping-pong between two threads: one round trip
 * Usage: bench_anchor [cases] [entries] [ops] [iters]
 */
#include <arpa/inet.h>
#include <pthread.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <rte_eal.h>
#include <rte_errno.h>
#include <rte_hash.h>
#include <rte_jhash.h>
#include <rte_malloc.h>
#include <rte_ring.h>

#include "bench_cli.h"
#include "bench_eal.h"

static double now_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec * 1e9 + (double)ts.tv_nsec;
}

/* This thread's CPU time: a single-threaded loop's cost without the time it waited for a
 * core on a shared machine. */
static double cpu_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
	return (double)ts.tv_sec * 1e9 + (double)ts.tv_nsec;
}

static const struct bench_arg args[] = {
        {.name = "cases",
         .help = "anchors to run (h rte_hash, r rte_ring, c condvar)",
         .unit = "case letters",
         .letters = "hrc",
         .def_str = "hrc"},
        {.name = "entries",
         .help = "rte_hash entries (distinct 4-byte keys, every one looked up)",
         .unit = "a count",
         .lo = 1,
         .hi = 1u << 24,
         .def = 65536},
        {.name = "ops",
         .help = "hash lookups and ring ops per timed run (best of 5 runs)",
         .unit = "a count",
         .lo = 1,
         .hi = 1000000000,
         .def = 4000000},
        {.name = "iters",
         .help = "condvar round trips",
         .unit = "a count",
         .lo = 10,
         .hi = 1000000,
         .def = 2000},
};

static struct bench_cli cli = {
        .prog = "bench_anchor",
        .about = "The anchors of make bench-compare: DPDK rte_hash bulk lookup (4-byte keys,\n"
                 "every entry hit), an rte_ring SP/SC post + execute, and a condvar round trip.",
        .output = "  anchor_rte_hash: entries, key_bytes, lookups, cpu_ns_per_lookup\n"
                  "  anchor_ring: ops, burst, cpu_ns_per_op (this thread's CPU time, best of 5)\n"
                  "  anchor_condvar: iters, median_us, p99_us, min_us",
        .args = args,
        .nargs = sizeof(args) / sizeof(args[0]),
};

enum { REPS = 5, LOOKUP_BURST = 32, RING_BURST = 64 };

/* ---- condvar ping-pong ---- */

static pthread_mutex_t pp_lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t pp_cond = PTHREAD_COND_INITIALIZER;
static unsigned long pp_ball; /* odd: the partner's turn; even: ours */
static int pp_quit;

static void *pp_partner(void *arg)
{
	(void)arg;
	pthread_mutex_lock(&pp_lock);
	for (;;) {
		while (!(pp_ball & 1) && !pp_quit)
			pthread_cond_wait(&pp_cond, &pp_lock);
		if (pp_quit)
			break;
		pp_ball++;
		pthread_cond_signal(&pp_cond);
	}
	pthread_mutex_unlock(&pp_lock);
	return NULL;
}

static int cmp_double(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return (x > y) - (x < y);
}

static int run_condvar(unsigned int iters)
{
	double *s = calloc(iters, sizeof(*s));
	pthread_t t;

	if (s == NULL || pthread_create(&t, NULL, pp_partner, NULL) != 0) {
		free(s);
		return 1;
	}
	for (unsigned int i = 0; i < iters; i++) {
		double t0 = now_ns();

		pthread_mutex_lock(&pp_lock);
		pp_ball++;
		pthread_cond_signal(&pp_cond);
		while (pp_ball & 1)
			pthread_cond_wait(&pp_cond, &pp_lock);
		pthread_mutex_unlock(&pp_lock);
		s[i] = (now_ns() - t0) / 1e3;
	}
	pthread_mutex_lock(&pp_lock);
	pp_quit = 1;
	pthread_cond_signal(&pp_cond);
	pthread_mutex_unlock(&pp_lock);
	pthread_join(t, NULL);
	qsort(s, iters, sizeof(*s), cmp_double);
	printf("{\"bench\":\"anchor_condvar\",\"iters\":%u,\"median_us\":%s,\"p99_us\":%s,"
	       "\"min_us\":%s}\n",
	       iters, bench_json(s[iters / 2], 2).s, bench_json(s[(size_t)iters * 99 / 100], 2).s,
	       bench_json(s[0], 2).s);
	free(s);
	return 0;
}

/* ---- rte_hash bulk lookup ---- */

/* bench_flow's keys, IPv4 destinations 11.0.0.0 + i, each with data i + 1. */
static bool add_keys(struct rte_hash *h, uint32_t entries)
{
	for (uint32_t i = 0; i < entries; i++) {
		uint32_t k = htonl(0x0b000000 + i);

		if (rte_hash_add_key_data(h, &k, (void *)(uintptr_t)(i + 1)) != 0) {
			fprintf(stderr, "bench_anchor: rte_hash_add_key_data failed at %u\n", i);
			return false;
		}
	}
	return true;
}

static int run_hash(uint32_t entries, uint64_t lookups)
{
	struct rte_hash_parameters p = {
	        .name = "anchor",
	        .entries = entries < 8 ? 8 : entries,
	        .key_len = 4,
	        .hash_func = rte_jhash,
	        .socket_id = 0,
	        /* every key fits even at 100 % load, as every softdpa entry does */
	        .extra_flag = RTE_HASH_EXTRA_FLAGS_EXT_TABLE,
	};
	struct rte_malloc_socket_stats m0, m1;
	int have_mem = rte_malloc_get_socket_stats(0, &m0) == 0;
	double c0 = cpu_ns(), insert, reinsert;
	struct rte_hash *h = rte_hash_create(&p);
	uint32_t *keys;
	double best = 1e30;
	uint64_t hits = 0;

	if (h != NULL && !add_keys(h, entries)) {
		rte_hash_free(h);
		return 1;
	}
	/* What softdpa's insert figure holds too: the table's creation and its adds. */
	insert = (cpu_ns() - c0) / entries;
	have_mem = have_mem && rte_malloc_get_socket_stats(0, &m1) == 0;
	keys = malloc((size_t)entries * sizeof(*keys));
	if (h == NULL || keys == NULL) {
		fprintf(stderr, "bench_anchor: rte_hash_create(%u entries) failed: %s\n", entries,
		        rte_strerror(rte_errno));
		free(keys);
		rte_hash_free(h);
		return 1;
	}
	/* A warm table's adds, as bench_flow's churn: every key deleted, then added again. */
	for (uint32_t i = 0; i < entries; i++) {
		uint32_t k = htonl(0x0b000000 + i);

		if (rte_hash_del_key(h, &k) < 0) {
			fprintf(stderr, "bench_anchor: rte_hash_del_key failed at %u\n", i);
			free(keys);
			rte_hash_free(h);
			return 1;
		}
	}
	c0 = cpu_ns();
	if (!add_keys(h, entries)) {
		free(keys);
		rte_hash_free(h);
		return 1;
	}
	reinsert = (cpu_ns() - c0) / entries;
	/* bench_flow's frame order: i * 2654435761 mod entries (every key when a power of 2) */
	for (uint32_t i = 0; i < entries; i++)
		keys[i] = htonl(0x0b000000 + (uint32_t)(((uint64_t)i * 2654435761u) % entries));
	for (int r = 0; r < REPS + 1; r++) {
		uint64_t done = 0;
		uint32_t pos = 0;
		double t0 = cpu_ns(), t;

		while (done < lookups) {
			const void *kp[LOOKUP_BURST];
			void *data[LOOKUP_BURST];
			uint64_t mask = 0;
			unsigned int n = 0;

			for (; n < LOOKUP_BURST && done + n < lookups; n++) {
				kp[n] = &keys[pos];
				pos = pos + 1 == entries ? 0 : pos + 1;
			}
			if (rte_hash_lookup_bulk_data(h, kp, n, &mask, data) < 0)
				return 1;
			hits += (uint64_t)__builtin_popcountll(mask);
			done += n;
		}
		t = cpu_ns() - t0;
		if (r > 0 && t < best) /* run 0 warms the table up */
			best = t;
	}
	if (hits != lookups * (REPS + 1)) {
		fprintf(stderr, "bench_anchor: %llu of %llu lookups hit\n",
		        (unsigned long long)hits, (unsigned long long)(lookups * (REPS + 1)));
		return 1;
	}
	printf("{\"bench\":\"anchor_rte_hash\",\"entries\":%u,\"key_bytes\":4,\"lookups\":%llu,"
	       "\"cpu_ns_per_lookup\":%s,\"insert_cpu_ns_per_entry\":%s,"
	       "\"reinsert_cpu_ns_per_entry\":%s,\"bytes_per_entry\":%s}\n",
	       entries, (unsigned long long)lookups, bench_json(bench_div(best, lookups), 2).s,
	       bench_json(insert, 1).s, bench_json(reinsert, 1).s,
	       bench_json(have_mem ? (double)(m1.heap_allocsz_bytes - m0.heap_allocsz_bytes) /
	                                     entries
	                           : -1,
	                  1)
	               .s);
	rte_hash_free(h);
	free(keys);
	return 0;
}

/* ---- rte_ring SP/SC: post, then execute a burst ---- */

struct op {
	uint32_t index;
	uint32_t value;
};

static int run_ring(uint64_t ops)
{
	static struct op pool[4096];
	static uint32_t table[4096];
	struct rte_ring *ring =
	        rte_ring_create("anchor", 4096, 0, RING_F_SP_ENQ | RING_F_SC_DEQ | RING_F_EXACT_SZ);
	double best = 1e30;

	if (ring == NULL) {
		fprintf(stderr, "bench_anchor: rte_ring_create failed: %s\n",
		        rte_strerror(rte_errno));
		return 1;
	}
	for (int r = 0; r < REPS + 1; r++) {
		double t0 = cpu_ns(), t;
		uint64_t done = 0;

		/* zeroed once, outside the timed loop: the analyzer cannot see the ring fill it */
		void *burst[RING_BURST] = {0};

		while (done < ops) {
			unsigned int n = 0, got;

			for (; n < RING_BURST && done + n < ops; n++) {
				struct op *o = &pool[(done + n) % 4096];

				o->index = (uint32_t)((done + n) % 4096);
				o->value = (uint32_t)(done + n);
				if (rte_ring_sp_enqueue(ring, o) != 0)
					return 1;
			}
			got = rte_ring_sc_dequeue_burst(ring, burst, RING_BURST, NULL);
			for (unsigned int i = 0; i < got; i++) {
				const struct op *o = burst[i];

#ifdef __clang_analyzer__
				/* DPDK's inline ring code has paths the analyzer cannot tie to
				 * 'got' */
				if (o == NULL)
					continue;
#endif
				table[o->index] = o->value;
			}
			done += got;
		}
		t = cpu_ns() - t0;
		if (r > 0 && t < best)
			best = t;
	}
	if (table[(ops - 1) % 4096] != (uint32_t)(ops - 1))
		return 1;
	printf("{\"bench\":\"anchor_ring\",\"ops\":%llu,\"burst\":%d,\"cpu_ns_per_op\":%s}\n",
	       (unsigned long long)ops, RING_BURST, bench_json(bench_div(best, ops), 2).s);
	rte_ring_free(ring);
	return 0;
}

int main(int argc, char **argv)
{
	const char *cases;
	uint32_t entries;
	uint64_t ops;
	unsigned int iters;
	int rc = 0;

	bench_cli_start(&cli, argc, argv);
	cases = bench_cli_letters(&cli, 0);
	entries = (uint32_t)bench_cli_num(&cli, 1);
	ops = bench_cli_num(&cli, 2);
	iters = (unsigned int)bench_cli_num(&cli, 3);
	/* before the EAL, which may pin this thread */
	if (strchr(cases, 'c') != NULL)
		rc |= run_condvar(iters);
	if (strchr(cases, 'h') == NULL && strchr(cases, 'r') == NULL)
		return rc;
	if (bench_eal_up("bench_anchor", "1024") != 0)
		return 1;
	if (strchr(cases, 'h') != NULL)
		rc |= run_hash(entries, ops);
	if (strchr(cases, 'r') != NULL)
		rc |= run_ring(ops);
	rte_eal_cleanup();
	return rc;
}
