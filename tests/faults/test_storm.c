/* SPDX-License-Identifier: BSD-3-Clause
 * The concurrency storm (issue 11), bounded: for STORM_SECONDS (10 s unless the
 * environment variable SOFTDPA_STORM_SECONDS says otherwise) at once
 *   - a host thread churns entries: removes and re-adds entries of a BASIC root pipe and of
 *     the HASH pipe it misses to, and reads their status and counters;
 *   - an injector feeds port 0 and a drainer empties ports 1 and 2, through 2 NIC workers;
 *   - DPA kernels re-path the hash pipe's entries through the DOCA Flow DPA provider, one
 *     launch after another (requests on an index whose entry is gone complete as failed).
 * Then nothing may be lost or invented: frames injected = frames port 0 received =
 * frames sent on ports 1 and 2 + frames counted as dropped, exactly, and the drainer saw
 * every frame sent. Run under the normal suite and TSan (suite 'concurrency').
 */
#include <arpa/inet.h>
#include <pthread.h>
#include <sched.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "core/atomics.h"
#include "nic/frame_builder.h"
#include "prov_t.h"

enum { NR = 256, THREADS = 4, BASE = 20000 };

static struct doca_flow_dpa_ctx *ctx;
static sdpa_atomic_u32 stop;
static sdpa_atomic_u64 injected, drained, churned, churn_errors;

static int down(void **state)
{
	if (ctx != NULL) {
		doca_flow_dpa_destroy(ctx);
		ctx = NULL;
	}
	return pt_teardown(state);
}

static uint64_t now_ns(void)
{
	struct timespec t;

	clock_gettime(CLOCK_MONOTONIC, &t);
	return (uint64_t)t.tv_sec * 1000000000ull + (uint64_t)t.tv_nsec;
}

static uint32_t frame_for(uint32_t i, uint8_t *f)
{
	struct sdpa_frame_spec s;

	memset(&s, 0, sizeof(s));
	s.l3 = 1;
	s.ip4_src = 0x0a000001;
	s.ip4_dst = i; /* IDENTITY: the hash index is the destination itself */
	s.l4 = 2;
	s.src_port = 7;
	s.dst_port = 53;
	return sdpa_frame_build(&s, f, 128);
}

static void *injector(void *arg)
{
	uint8_t f[128];
	uint32_t i = 0;

	(void)arg;
	/* A-stop pairs with R-stop in the test body. */
	while (!sdpa_load_acquire(&stop)) {
		uint32_t len = frame_for(i % NR, f);

		if (softdpa_port_inject(0, f, len) == DOCA_SUCCESS) {
			sdpa_fetch_add_relaxed(&injected, 1);
			i += 7; /* every destination, in an order unlike the churn's */
		} else {
			sched_yield();
		}
	}
	return NULL;
}

static void drain_all(void)
{
	uint8_t o[SOFTDPA_FRAME_MAX];
	uint32_t len;

	for (uint16_t p = 1; p <= 2; p++)
		while (softdpa_port_drain(p, o, sizeof(o), &len) == DOCA_SUCCESS)
			sdpa_fetch_add_relaxed(&drained, 1);
}

static void *drainer(void *arg)
{
	(void)arg;
	/* A-stop pairs with R-stop in the test body. */
	while (!sdpa_load_acquire(&stop)) {
		drain_all();
		sched_yield();
	}
	return NULL;
}

/* ---- entry churn (no cmocka asserts off the main thread: errors are counted) ---- */

struct churn {
	struct doca_flow_pipe *basic, *hash;
	struct doca_flow_pipe_entry *b[NR], *h[NR];
};

static void expect(doca_error_t rc)
{
	if (rc != DOCA_SUCCESS)
		sdpa_fetch_add_relaxed(&churn_errors, 1);
}

static struct doca_flow_pipe_entry *basic_add(struct churn *c, uint32_t dst)
{
	struct doca_flow_match m;
	struct doca_flow_pipe_entry *e = NULL;

	memset(&m, 0, sizeof(m));
	m.outer.l3_type = DOCA_FLOW_L3_TYPE_IP4;
	m.outer.ip4.dst_ip = htonl(dst);
	expect(doca_flow_pipe_basic_add_entry(0, c->basic, &m, 0, NULL, NULL, NULL,
	                                      DOCA_FLOW_ENTRY_FLAGS_NO_WAIT, NULL, &e));
	return e;
}

static struct doca_flow_pipe_entry *hash_add(struct churn *c, uint32_t i)
{
	struct doca_flow_fwd fwd = {.type = DOCA_FLOW_FWD_PORT, .port_id = (uint16_t)(1 + i % 2)};
	struct doca_flow_actions a;
	struct doca_flow_pipe_entry *e = NULL;

	memset(&a, 0, sizeof(a));
	a.outer.udp.l4_port.src_port = htons((uint16_t)(1000 + i));
	expect(doca_flow_pipe_hash_add_entry(0, c->hash, i, 0, &a, NULL, &fwd,
	                                     DOCA_FLOW_ENTRY_FLAGS_NO_WAIT, NULL, &e));
	return e;
}

static void flip(struct churn *c, bool basic, uint32_t i)
{
	struct doca_flow_pipe_entry **slot = basic ? &c->b[i] : &c->h[i];
	struct doca_flow_resource_query q;

	if (*slot != NULL) {
		if (!basic)
			expect(doca_flow_resource_query_entry(*slot, &q));
		if (doca_flow_pipe_entry_get_status(*slot) == DOCA_FLOW_ENTRY_STATUS_ERROR)
			sdpa_fetch_add_relaxed(&churn_errors, 1);
		expect(doca_flow_pipe_remove_entry(0, DOCA_FLOW_ENTRY_FLAGS_NO_WAIT, *slot));
		*slot = NULL;
	} else {
		*slot = basic ? basic_add(c, i) : hash_add(c, i);
	}
	expect(doca_flow_entries_process(pt.port[0], 0, 0, 0));
	sdpa_fetch_add_relaxed(&churned, 1);
}

static void *churner(void *arg)
{
	struct churn *c = arg;
	uint32_t r = 12345;

	/* A-stop pairs with R-stop in the test body. */
	while (!sdpa_load_acquire(&stop)) {
		r = r * 1103515245u + 12345u;
		flip(c, (r >> 16) & 1, (r >> 17) % NR);
	}
	return NULL;
}

static struct doca_flow_pipe *basic_root(struct doca_flow_pipe *miss)
{
	struct doca_flow_pipe_cfg *pc;
	struct doca_flow_match m;
	struct doca_flow_fwd fwd = {.type = DOCA_FLOW_FWD_PORT, .port_id = 1};
	struct doca_flow_fwd fwd_miss = {.type = DOCA_FLOW_FWD_PIPE, .next_pipe = miss};
	struct doca_flow_pipe *p;

	memset(&m, 0, sizeof(m));
	m.outer.l3_type = DOCA_FLOW_L3_TYPE_IP4;
	m.outer.ip4.dst_ip = 0xffffffff;
	assert_int_equal(doca_flow_pipe_cfg_create(&pc, pt.port[0]), DOCA_SUCCESS);
	assert_int_equal(doca_flow_pipe_cfg_set_name(pc, "STORM_ROOT"), DOCA_SUCCESS);
	assert_int_equal(doca_flow_pipe_cfg_set_is_root(pc, true), DOCA_SUCCESS);
	assert_int_equal(doca_flow_pipe_cfg_set_nr_entries(pc, NR), DOCA_SUCCESS);
	assert_int_equal(doca_flow_pipe_cfg_set_match(pc, &m, NULL), DOCA_SUCCESS);
	assert_int_equal(doca_flow_pipe_create(pc, &fwd, &fwd_miss, &p), DOCA_SUCCESS);
	assert_int_equal(doca_flow_pipe_cfg_destroy(pc), DOCA_SUCCESS);
	return p;
}

static void test_storm(void **state)
{
	const char *env = getenv("SOFTDPA_STORM_SECONDS");
	uint64_t seconds = env != NULL && atoi(env) > 0 ? (uint64_t)atoi(env) : 10;
	struct churn *c = calloc(1, sizeof(*c));
	struct doca_flow_dpa_pipe *dp;
	struct prov_result r[THREADS];
	struct softdpa_port_stats st[3];
	doca_flow_dpa_addr a;
	pthread_t inj, dr, ch;
	uint64_t end, launches = 0, requests = 0, failed = 0, out, dropped;

	(void)state;
	assert_non_null(c);
	pt_flow_up(2);
	assert_int_equal(doca_flow_dpa_init(pt.process, &ctx), DOCA_SUCCESS);
	pt_queues(ctx, 256, 0, 0, THREADS);
	c->hash = pt_hash_pipe(NR, DOCA_FLOW_PIPE_HASH_MAP_ALGORITHM_IDENTITY, true, false);
	assert_int_equal(doca_flow_dpa_pipe_export_prepare(ctx, c->hash, NR, &dp), DOCA_SUCCESS);
	c->basic = basic_root(c->hash);
	for (uint32_t i = 0; i < NR; i++) {
		c->h[i] = hash_add(c, i);
		if (i % 2 == 0)
			c->b[i] = basic_add(c, i);
		if (i % 32 == 31)
			assert_int_equal(doca_flow_entries_process(pt.port[0], 0, 0, 0),
			                 DOCA_SUCCESS);
	}
	assert_int_equal(doca_flow_entries_process(pt.port[0], 0, 0, 0), DOCA_SUCCESS);
	assert_int_equal(sdpa_load_relaxed(&churn_errors), 0);
	assert_int_equal(doca_flow_dpa_pipe_export(ctx, dp), DOCA_SUCCESS);
	assert_int_equal(doca_flow_dpa_pipe_get_device_addr(ctx, dp, &a), DOCA_SUCCESS);

	sdpa_store_relaxed(&stop, 0);
	assert_int_equal(pthread_create(&inj, NULL, injector, NULL), 0);
	assert_int_equal(pthread_create(&dr, NULL, drainer, NULL), 0);
	assert_int_equal(pthread_create(&ch, NULL, churner, c), 0);
	/* DPA provider requests from this thread, launch after launch, until the deadline. */
	end = now_ns() + seconds * 1000000000ull;
	while (now_ns() < end) {
		pt_results_clear();
		pt_launch(THREADS, prov_repath, a, NR, BASE + (uint32_t)(launches % 2) * 1000, 32,
		          pt_result_addr(0));
		pt_results(r, THREADS);
		for (int t = 0; t < THREADS; t++) {
			assert_int_equal(r[t].post_rc, DOCA_SUCCESS);
			assert_int_equal(r[t].completed, NR / THREADS);
			requests += r[t].completed;
			failed += r[t].failed;
		}
		launches++;
	}
	/* R-stop pairs with A-stop in the storm threads: they end. */
	sdpa_store_release(&stop, 1);
	pthread_join(ch, NULL);
	pthread_join(inj, NULL);
	pthread_join(dr, NULL);
	assert_int_equal(softdpa_nic_sync(), DOCA_SUCCESS);
	drain_all();

	assert_int_equal(sdpa_load_relaxed(&churn_errors), 0);
	for (uint16_t i = 0; i < 3; i++)
		assert_int_equal(softdpa_port_stats(i, &st[i]), DOCA_SUCCESS);
	out = st[1].tx_frames + st[2].tx_frames;
	dropped = st[0].dropped_total + st[1].dropped_total + st[2].dropped_total;
	print_message("storm, %llu s: %llu frames in = %llu out + %llu counted drops; %llu entry "
	              "add/remove; %llu DPA launches, %llu provider requests (%llu on removed "
	              "entries, failed as they must)\n",
	              (unsigned long long)seconds, (unsigned long long)st[0].rx_frames,
	              (unsigned long long)out, (unsigned long long)dropped,
	              (unsigned long long)sdpa_load_relaxed(&churned), (unsigned long long)launches,
	              (unsigned long long)requests, (unsigned long long)failed);
	assert_true(st[0].rx_frames > 0);
	assert_true(launches > 0);
	assert_true(sdpa_load_relaxed(&churned) > 0);
	assert_int_equal(sdpa_load_relaxed(&injected), st[0].rx_frames);
	assert_int_equal(st[0].rx_frames, out + dropped);
	assert_int_equal(sdpa_load_relaxed(&drained), out);

	assert_int_equal(doca_flow_dpa_pipe_destroy(ctx, dp), DOCA_SUCCESS);
	free(c);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	        cmocka_unit_test_teardown(test_storm, down),
	};
	return cmocka_run_group_tests_name("storm", tests, pt_group_setup, pt_group_teardown);
}
