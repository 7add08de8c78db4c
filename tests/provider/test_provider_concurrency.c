/* SPDX-License-Identifier: BSD-3-Clause
 * (4) A kernel re-paths every entry of a 1 024-entry hash pipe with replace_index while
 * traffic flows through 2 NIC workers: 8 DPA threads, each on its own GENERAL queue.
 * Every frame leaves with the old or the new value of its entry, never anything else;
 * after the last poll only new values; frames in = frames out + counted drops.
 * Run under TSan in CI.
 */
#include <arpa/inet.h>
#include <pthread.h>
#include <sched.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

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

static void test_repath_while_traffic_flows(void **state)
{
	struct doca_flow_dpa_pipe *dp;
	struct doca_flow_pipe *p;
	doca_flow_dpa_addr a;
	struct prov_result r[THREADS];
	struct check c = {0}, after = {0};
	struct softdpa_port_stats st[3];
	pthread_t inj, dr;
	uint8_t f[128];
	uint64_t out = 0, dropped = 0;

	(void)state;
	pt_flow_up(2);
	assert_int_equal(doca_flow_dpa_init(pt.process, &ctx), DOCA_SUCCESS);
	pt_queues(ctx, 256, 0, 0, THREADS);
	p = pt_hash_pipe(NR, DOCA_FLOW_PIPE_HASH_MAP_ALGORITHM_IDENTITY, true, true);
	assert_int_equal(doca_flow_dpa_pipe_export_prepare(ctx, p, NR, &dp), DOCA_SUCCESS);
	pt_hash_entries(p, 0, NR, true);
	assert_int_equal(doca_flow_dpa_pipe_export(ctx, dp), DOCA_SUCCESS);
	assert_int_equal(doca_flow_dpa_pipe_get_device_addr(ctx, dp, &a), DOCA_SUCCESS);

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

int main(void)
{
	const struct CMUnitTest tests[] = {
	        cmocka_unit_test_teardown(test_repath_while_traffic_flows, down),
	};
	return cmocka_run_group_tests_name("provider_concurrency", tests, pt_group_setup,
	                                   pt_group_teardown);
}
