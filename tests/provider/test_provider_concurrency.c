/* SPDX-License-Identifier: BSD-3-Clause
 * (4) A kernel re-paths every entry of a 1 024-entry hash pipe with replace_index while
 * traffic flows through 2 NIC workers: 8 DPA threads, each on its own GENERAL queue.
 * Every frame leaves with the old or the new value of its entry, never anything else;
 * after the last poll only new values; frames in = frames out + counted drops. Once with
 * the request engine (faithful), once in 'fast', where the 8 threads execute their own
 * flushed batches, in parallel.
 * (5) 'fast': DOCA Flow destroys an exported hash pipe while 4 threads flush requests on
 * it: none touches the freed pipe, every request completes, those after the destroy as
 * failed.
 * Run under TSan in CI.
 */
#include <arpa/inet.h>
#include <pthread.h>
#include <sched.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <dev/doca_flow_dpa_provider_dev.h>

#include "core/atomics.h"
#include "nic/frame_builder.h"
#include "prov_t.h"

enum { NR = 1024, BASE = 20000, THREADS = 8 };

static struct doca_flow_dpa_ctx *ctx;
static sdpa_atomic_u32 stop;
static sdpa_atomic_u64 injected;
static sdpa_atomic_u64 seen; /* frames the drainer has checked so far */

static int down(void **state)
{
	if (ctx != NULL) {
		doca_flow_dpa_destroy(ctx);
		ctx = NULL;
	}
	return pt_teardown(state);
}

static uint32_t frame_for(uint32_t i, uint8_t *f)
{
	struct sdpa_frame_spec s;

	memset(&s, 0, sizeof(s));
	s.l3 = 1;
	s.ip4_src = 0x0a000001;
	s.ip4_dst = i; /* IDENTITY: the index is the destination itself */
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
			i++;
		} else {
			sched_yield();
		}
	}
	return NULL;
}

struct check {
	uint64_t frames, old_v, new_v, torn;
};

static void check_frame(const uint8_t *o, struct check *c)
{
	uint32_t dst = (uint32_t)o[30] << 24 | (uint32_t)o[31] << 16 | (uint32_t)o[32] << 8 | o[33];
	uint16_t sport = (uint16_t)(o[34] << 8 | o[35]);

	c->frames++;
	if (sport == 1000 + dst)
		c->old_v++;
	else if (sport == BASE + dst)
		c->new_v++;
	else
		c->torn++;
}

static void drain_into(struct check *c)
{
	uint8_t o[SOFTDPA_FRAME_MAX];
	uint32_t len;

	for (uint16_t p = 1; p <= 2; p++)
		while (softdpa_port_drain(p, o, sizeof(o), &len) == DOCA_SUCCESS) {
			check_frame(o, c);
			sdpa_fetch_add_relaxed(&seen, 1);
		}
}

/* The re-path must overlap live traffic, so do not launch before frames flow: on a
 * loaded 2-core machine (or under ASan) the injector may not have run for a while. */
static void wait_traffic(uint64_t frames)
{
	for (int ms = 0; sdpa_load_relaxed(&seen) < frames; ms++) {
		if (ms == 60000)
			fail_msg("no traffic: %llu of %llu frames left the NIC in 60 s",
			         (unsigned long long)sdpa_load_relaxed(&seen),
			         (unsigned long long)frames);
		usleep(1000);
	}
}

static void *drainer(void *arg)
{
	struct check *c = arg;

	/* A-stop pairs with R-stop in the test body. */
	while (!sdpa_load_acquire(&stop)) {
		drain_into(c);
		sched_yield();
	}
	return NULL;
}

/* DOCA Flow with 'workers' NIC workers, a provider context with nq GENERAL queues of
 * 'qsize', and a root hash pipe of nr entries (path selector changeable) exported whole;
 * *a: its device address. */
static struct doca_flow_pipe *exported_pipe(uint32_t workers, uint32_t nq, uint32_t qsize,
                                            uint32_t nr, uint32_t algos,
                                            struct doca_flow_dpa_pipe **dp, doca_flow_dpa_addr *a)
{
	struct doca_flow_pipe *p;

	pt_flow_up(workers);
	assert_int_equal(doca_flow_dpa_init(pt.process, &ctx), DOCA_SUCCESS);
	pt_queues(ctx, qsize, 0, 0, nq);
	p = pt_hash_pipe(nr, algos, true, true);
	assert_int_equal(doca_flow_dpa_pipe_export_prepare(ctx, p, nr, dp), DOCA_SUCCESS);
	pt_hash_entries(p, 0, nr, true);
	assert_int_equal(doca_flow_dpa_pipe_export(ctx, *dp), DOCA_SUCCESS);
	assert_int_equal(doca_flow_dpa_pipe_get_device_addr(ctx, *dp, a), DOCA_SUCCESS);
	return p;
}

static int down_fidelity(void **state)
{
	pt_env_restore();
	return down(state);
}

static void repath_while_traffic_flows(void)
{
	struct doca_flow_dpa_pipe *dp;
	doca_flow_dpa_addr a;
	struct prov_result r[THREADS];
	struct check c = {0}, after = {0};
	struct softdpa_port_stats st[3];
	pthread_t inj, dr;
	uint8_t f[128];
	uint64_t out = 0, dropped = 0;

	sdpa_store_relaxed(&injected, 0);
	(void)exported_pipe(2, THREADS, 256, NR, DOCA_FLOW_PIPE_HASH_MAP_ALGORITHM_IDENTITY, &dp,
	                    &a);

	sdpa_store_relaxed(&stop, 0);
	sdpa_store_relaxed(&seen, 0);
	assert_int_equal(pthread_create(&inj, NULL, injector, NULL), 0);
	assert_int_equal(pthread_create(&dr, NULL, drainer, &c), 0);
	wait_traffic(256);
	pt_results_clear();
	pt_launch(THREADS, prov_repath, a, NR, BASE, 64, pt_result_addr(0));
	/* R-stop pairs with A-stop in the checker threads: they end. */
	sdpa_store_release(&stop, 1);
	pthread_join(inj, NULL);
	pthread_join(dr, NULL);
	assert_int_equal(softdpa_nic_sync(), DOCA_SUCCESS);
	drain_into(&c);

	pt_results(r, THREADS);
	for (int t = 0; t < THREADS; t++) {
		assert_int_equal(r[t].post_rc, DOCA_SUCCESS);
		assert_int_equal(r[t].completed, NR / THREADS);
		assert_int_equal(r[t].failed, 0);
	}
	assert_int_equal(c.torn, 0);
	assert_true(c.frames > 0);
	/* Nothing lost: every injected frame left or was counted as dropped. */
	for (uint16_t i = 0; i < 3; i++)
		assert_int_equal(softdpa_port_stats(i, &st[i]), DOCA_SUCCESS);
	out = st[1].tx_frames + st[2].tx_frames;
	dropped = st[0].dropped_total + st[1].dropped_total + st[2].dropped_total;
	assert_int_equal(sdpa_load_relaxed(&injected), st[0].rx_frames);
	assert_int_equal(st[0].rx_frames, out + dropped);
	assert_int_equal(c.frames, out);

	/* After the final poll: only new values. */
	for (uint32_t i = 0; i < NR; i++)
		assert_int_equal(softdpa_port_inject(0, f, frame_for(i, f)), DOCA_SUCCESS);
	assert_int_equal(softdpa_nic_sync(), DOCA_SUCCESS);
	drain_into(&after);
	assert_int_equal(after.frames, NR);
	assert_int_equal(after.new_v, NR);
	print_message("re-path under traffic: %llu frames (%llu old, %llu new values), 0 torn\n",
	              (unsigned long long)c.frames, (unsigned long long)c.old_v,
	              (unsigned long long)c.new_v);
	assert_int_equal(doca_flow_dpa_pipe_destroy(ctx, dp), DOCA_SUCCESS);
}

static void test_repath_while_traffic_flows(void **state)
{
	(void)state;
	pt_setenv("SOFTDPA_FIDELITY", "faithful");
	repath_while_traffic_flows();
}

static void test_repath_parallel_fast(void **state)
{
	(void)state;
	pt_setenv("SOFTDPA_FIDELITY", "fast");
	repath_while_traffic_flows();
}

/* ---- (5) ---- */

enum { POSTERS = 4, PNR = 64, PBURST = 16 };

struct poster {
	pthread_t tid;
	doca_flow_dpa_addr a;
	uint32_t q;
	uint64_t posted, failed;
	uint64_t flushed_before; /* requests flushed before the destroy began */
	uint64_t first_after;    /* the first request posted once it had returned */
	uint64_t posted_after;   /* how many were posted from then on */
	/* Polls that broke the rules: a failure among requests executed before the
	 * destroy; a success among requests posted after it. */
	uint64_t early_failed, late_succeeded;
	sdpa_atomic_u64 completed; /* written by the poster, read by the test body */
	doca_error_t rc;           /* the first post that did not succeed, else SUCCESS */
};

/* 1 while doca_flow_pipe_destroy runs, 2 once it has returned. */
static sdpa_atomic_u32 pipe_gone;

static void poster_poll(struct poster *p)
{
	struct doca_flow_dpa_completion_stats st;

	uint64_t from = sdpa_load_relaxed(&p->completed);

	if (doca_flow_queue_poll_completion(p->a, DOCA_FLOW_DPA_QUEUE_TYPE_GENERAL, p->q, &st) !=
	    DOCA_SUCCESS)
		return;
	/* Completions come in posting order: requests from .. from + num_completed - 1. */
	if (st.num_failed != 0 && from + st.num_completed <= p->flushed_before)
		p->early_failed++;
	if (st.num_failed != st.num_completed && p->posted_after != 0 && from >= p->first_after)
		p->late_succeeded++;
	sdpa_counter_add(&p->completed, st.num_completed);
	p->failed += st.num_failed;
}

/* Disable, enable and re-path this thread's indices (q, q + POSTERS, ...), PBURST posts per
 * flush, until told to stop; then wait for every completion. */
static void *poster_main(void *arg)
{
	struct poster *p = arg;
	uint32_t k = 0;

	p->rc = DOCA_SUCCESS;
	/* A-stop pairs with R-stop in the test body. */
	while (!sdpa_load_acquire(&stop) && p->rc == DOCA_SUCCESS) {
		uint32_t i = p->q + POSTERS * (k % (PNR / POSTERS));
		bool flush = k % PBURST == PBURST - 1;
		/* A-gone pairs with R-gone in the test body: a request posted after 2 was seen
		 * reaches a pipe whose exports are dead; one flushed before 1 was seen ran on
		 * the live pipe ('fast' executes in the flush). */
		uint32_t gone = sdpa_load_acquire(&pipe_gone);
		doca_error_t rc;

		switch (k % 3) {
		case 0:
			rc = doca_flow_pipe_hash_disable_index(p->a, p->q, i, flush);
			break;
		case 1:
			rc = doca_flow_pipe_hash_enable_index(p->a, p->q, i, flush);
			break;
		default:
			rc = doca_flow_pipe_hash_replace_index(p->a, p->q, i, 7000 + k, flush);
			break;
		}
		if (rc == DOCA_ERROR_AGAIN) {
			doca_flow_queue_flush(p->a, DOCA_FLOW_DPA_QUEUE_TYPE_GENERAL, p->q);
			poster_poll(p);
			continue;
		}
		if (rc != DOCA_SUCCESS) {
			p->rc = rc;
			break;
		}
		if (gone == 2 && p->posted_after++ == 0)
			p->first_after = p->posted;
		p->posted++;
		k++;
		if (flush && gone == 0)
			p->flushed_before = p->posted;
		if (flush)
			poster_poll(p);
	}
	doca_flow_queue_flush(p->a, DOCA_FLOW_DPA_QUEUE_TYPE_GENERAL, p->q);
	for (int n = 0; n < 20000000 && sdpa_load_relaxed(&p->completed) < p->posted; n++) {
		poster_poll(p);
		sched_yield();
	}
	return NULL;
}

/* Until each poster has 'more' completions beyond what it had on entry. */
static void wait_completions(struct poster *ps, uint64_t more)
{
	uint64_t from[POSTERS];

	for (int t = 0; t < POSTERS; t++)
		from[t] = sdpa_load_relaxed(&ps[t].completed);
	for (int ms = 0; ms < 60000; ms++) {
		bool all = true;

		for (int t = 0; t < POSTERS; t++)
			all = all && sdpa_load_relaxed(&ps[t].completed) >= from[t] + more;
		if (all)
			return;
		usleep(1000);
	}
	fail_msg("the posters did not complete %llu more requests each in 60 s",
	         (unsigned long long)more);
}

static void test_pipe_destroyed_under_fast_flushes(void **state)
{
	struct doca_flow_dpa_pipe *dp;
	struct doca_flow_pipe *p;
	doca_flow_dpa_addr a;
	struct poster ps[POSTERS];

	(void)state;
	pt_setenv("SOFTDPA_FIDELITY", "fast");
	p = exported_pipe(0, POSTERS, 64, PNR, DOCA_FLOW_PIPE_HASH_MAP_ALGORITHM_SELECT_ENABLED,
	                  &dp, &a);

	sdpa_store_relaxed(&stop, 0);
	sdpa_store_relaxed(&pipe_gone, 0);
	memset(ps, 0, sizeof(ps));
	for (int t = 0; t < POSTERS; t++) {
		ps[t].a = a;
		ps[t].q = (uint32_t)t;
		assert_int_equal(pthread_create(&ps[t].tid, NULL, poster_main, &ps[t]), 0);
	}
	wait_completions(ps, 200);
	/* R-gone pairs with A-gone in poster_main: the destroy is about to begin. */
	sdpa_store_release(&pipe_gone, 1);
	doca_flow_pipe_destroy(p);
	/* R-gone pairs with A-gone in poster_main: the destroy has returned. */
	sdpa_store_release(&pipe_gone, 2);
	t_assert_logged("destroyed while exported", "doca_flow_dpa_pipe_destroy");
	wait_completions(ps, 200); /* at least a queue's worth posted after the destroy */
	/* R-stop pairs with A-stop in poster_main. */
	sdpa_store_release(&stop, 1);
	for (int t = 0; t < POSTERS; t++) {
		assert_int_equal(pthread_join(ps[t].tid, NULL), 0);
		assert_int_equal(ps[t].rc, DOCA_SUCCESS);
		assert_int_equal(sdpa_load_relaxed(&ps[t].completed), ps[t].posted);
		assert_true(ps[t].flushed_before > 0);
		assert_true(ps[t].posted_after > 0);
		assert_int_equal(ps[t].early_failed, 0);
		assert_int_equal(ps[t].late_succeeded, 0);
		assert_true(ps[t].failed >= ps[t].posted_after);
	}
	assert_int_equal(doca_flow_dpa_pipe_destroy(ctx, dp), DOCA_SUCCESS);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	        cmocka_unit_test_teardown(test_repath_while_traffic_flows, down_fidelity),
	        cmocka_unit_test_teardown(test_repath_parallel_fast, down_fidelity),
	        cmocka_unit_test_teardown(test_pipe_destroyed_under_fast_flushes, down_fidelity),
	};
	return cmocka_run_group_tests_name("provider_concurrency", tests, pt_group_setup,
	                                   pt_group_teardown);
}
