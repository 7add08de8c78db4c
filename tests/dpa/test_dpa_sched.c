/* SPDX-License-Identifier: BSD-3-Clause
 * The EU scheduler and sync events under concurrency (suite 'concurrency', run under
 * TSan): launches submitted from several host threads, host and kernels updating one
 * event at once, thread activations racing with their own execution, several contexts.
 */
#include <pthread.h>
#include <sched.h>
#include <stdlib.h>
#include <unistd.h>

#include <doca_dpa.h>
#include <doca_sync_event.h>

#include "core/config.h"
#include "core/util.h"
#include "dpa/dpa.h"
#include "dpa_t.h"

extern struct doca_dpa_app *dpa_test_app;
extern doca_dpa_func_t add_many, tick_thread, notify_rpc, rendezvous;

enum { SUBMITTERS = 4, LAUNCHES = 40, RANKS = 8 };

struct submit_arg {
	struct doca_dpa *dpa;
	struct doca_sync_event *ev, *comp;
	doca_dpa_dev_sync_event_t evh;
	doca_dpa_dev_uintptr_t counter;
	doca_error_t err;
};

static void *submitter(void *p)
{
	struct submit_arg *a = p;

	for (int i = 0; i < LAUNCHES && a->err == DOCA_SUCCESS; i++)
		a->err = doca_dpa_kernel_launch_update_add(a->dpa, NULL, 0, a->comp, 1, RANKS,
		                                           &add_many, a->evh, (uint32_t)3,
		                                           (uint64_t *)(uintptr_t)a->counter);
	for (int i = 0; i < 500; i++) /* host updates race with the kernels' */
		doca_sync_event_update_add(a->ev, 1, NULL);
	return NULL;
}

static void test_concurrent_launches_and_updates(void **state)
{
	struct doca_dev *dev = dpa_t_open_dev();
	struct doca_dpa *dpa = dpa_t_start(dev, dpa_test_app);
	struct doca_sync_event *ev, *comp = dpa_t_event(dev, dpa, 0);
	struct submit_arg args[SUBMITTERS];
	pthread_t th[SUBMITTERS];
	doca_dpa_dev_sync_event_t evh;
	doca_dpa_dev_uintptr_t counter;
	uint64_t v = 0, c = 0;

	(void)state;
	assert_int_equal(doca_sync_event_create(&ev), DOCA_SUCCESS);
	assert_int_equal(doca_sync_event_add_publisher_location_cpu(ev, dev), DOCA_SUCCESS);
	assert_int_equal(doca_sync_event_add_publisher_location_dpa(ev, dpa), DOCA_SUCCESS);
	assert_int_equal(doca_sync_event_add_subscriber_location_cpu(ev, dev), DOCA_SUCCESS);
	assert_int_equal(doca_sync_event_start(ev), DOCA_SUCCESS);
	assert_int_equal(doca_sync_event_get_dpa_handle(ev, dpa, &evh), DOCA_SUCCESS);
	assert_int_equal(doca_dpa_mem_alloc(dpa, 8, &counter), DOCA_SUCCESS);
	assert_int_equal(doca_dpa_memset(dpa, counter, 0, 8), DOCA_SUCCESS);
	for (int i = 0; i < SUBMITTERS; i++) {
		args[i] = (struct submit_arg){dpa, ev, comp, evh, counter, DOCA_SUCCESS};
		assert_int_equal(pthread_create(&th[i], NULL, submitter, &args[i]), 0);
	}
	for (int i = 0; i < SUBMITTERS; i++) {
		pthread_join(th[i], NULL);
		assert_int_equal(args[i].err, DOCA_SUCCESS);
	}
	assert_int_equal(doca_sync_event_wait_gt(comp, SUBMITTERS * LAUNCHES - 1, UINT64_MAX),
	                 DOCA_SUCCESS);
	assert_int_equal(doca_sync_event_get(comp, &v), DOCA_SUCCESS);
	assert_int_equal(v, SUBMITTERS * LAUNCHES);
	assert_int_equal(doca_sync_event_get(ev, &v), DOCA_SUCCESS);
	assert_int_equal(v, SUBMITTERS * LAUNCHES * RANKS * 3 + SUBMITTERS * 500);
	assert_int_equal(doca_dpa_d2h_memcpy(dpa, &c, counter, 8), DOCA_SUCCESS);
	assert_int_equal(c, SUBMITTERS * LAUNCHES * (RANKS * (RANKS + 1) / 2));
	assert_int_equal(doca_sync_event_destroy(ev), DOCA_SUCCESS);
	assert_int_equal(doca_sync_event_destroy(comp), DOCA_SUCCESS);
	assert_int_equal(doca_dpa_destroy(dpa), DOCA_SUCCESS);
	assert_int_equal(doca_dev_close(dev), DOCA_SUCCESS);
}

/* Completions with update_set reach the event in launch order: a poller never sees the
 * value go down, and the last launch's value stays (an earlier launch publishing late
 * would overwrite it). */
static void test_set_completions_in_order(void **state)
{
	enum { N = 400 };
	struct doca_dev *dev = dpa_t_open_dev();
	struct doca_dpa *dpa = dpa_t_start(dev, dpa_test_app);
	struct doca_sync_event *ev = dpa_t_event(dev, dpa, 0), *comp = dpa_t_event(dev, dpa, 0);
	doca_dpa_dev_sync_event_t evh;
	doca_dpa_dev_uintptr_t counter;
	uint64_t v = 0, last = 0;

	(void)state;
	assert_int_equal(doca_sync_event_get_dpa_handle(ev, dpa, &evh), DOCA_SUCCESS);
	assert_int_equal(doca_dpa_mem_alloc(dpa, 8, &counter), DOCA_SUCCESS);
	for (uint64_t i = 1; i <= N; i++)
		assert_int_equal(doca_dpa_kernel_launch_update_set(dpa, NULL, 0, comp, i, 1,
		                                                   &add_many, evh, (uint32_t)0,
		                                                   (uint64_t *)(uintptr_t)counter),
		                 DOCA_SUCCESS);
	for (uint64_t end = dpa_t_ms() + 60000; last < N;) {
		assert_int_equal(doca_sync_event_get(comp, &v), DOCA_SUCCESS);
		assert_true(v >= last);
		last = v;
		assert_true(dpa_t_ms() < end);
	}
	usleep(20000);
	assert_int_equal(doca_sync_event_get(comp, &v), DOCA_SUCCESS);
	assert_int_equal(v, N);
	assert_int_equal(doca_sync_event_destroy(ev), DOCA_SUCCESS);
	assert_int_equal(doca_sync_event_destroy(comp), DOCA_SUCCESS);
	assert_int_equal(doca_dpa_destroy(dpa), DOCA_SUCCESS);
	assert_int_equal(doca_dev_close(dev), DOCA_SUCCESS);
}

/* Each notification is observed before the next: exactly one activation each. */
static void test_thread_activations_exact(void **state)
{
	struct doca_dev *dev = dpa_t_open_dev();
	struct doca_dpa *dpa = dpa_t_start(dev, dpa_test_app);
	struct doca_sync_event *rep = dpa_t_event(dev, dpa, 0);
	struct doca_dpa_thread *t;
	struct doca_dpa_notification_completion *nc;
	doca_dpa_dev_notification_completion_t nh;
	doca_dpa_dev_sync_event_t rh;
	uint64_t ret;

	(void)state;
	assert_int_equal(doca_sync_event_get_dpa_handle(rep, dpa, &rh), DOCA_SUCCESS);
	assert_int_equal(doca_dpa_thread_create(dpa, &t), DOCA_SUCCESS);
	assert_int_equal(doca_dpa_thread_set_func_arg(t, &tick_thread, rh), DOCA_SUCCESS);
	assert_int_equal(doca_dpa_thread_start(t), DOCA_SUCCESS);
	assert_int_equal(doca_dpa_notification_completion_create(dpa, t, &nc), DOCA_SUCCESS);
	assert_int_equal(doca_dpa_notification_completion_start(nc), DOCA_SUCCESS);
	assert_int_equal(doca_dpa_notification_completion_get_dpa_handle(nc, &nh), DOCA_SUCCESS);
	assert_int_equal(doca_dpa_thread_run(t), DOCA_SUCCESS);
	for (uint64_t i = 1; i <= 200; i++) {
		assert_int_equal(doca_dpa_rpc(dpa, &notify_rpc, &ret, nh), DOCA_SUCCESS);
		assert_int_equal(doca_sync_event_wait_gt(rep, i - 1, UINT64_MAX), DOCA_SUCCESS);
	}
	assert_int_equal(dpa_t_wait_ge(rep, 201, 50), 200);
	assert_int_equal(doca_dpa_notification_completion_destroy(nc), DOCA_SUCCESS);
	assert_int_equal(doca_dpa_thread_destroy(t), DOCA_SUCCESS);
	assert_int_equal(doca_sync_event_destroy(rep), DOCA_SUCCESS);
	assert_int_equal(doca_dpa_destroy(dpa), DOCA_SUCCESS);
	assert_int_equal(doca_dev_close(dev), DOCA_SUCCESS);
}

/* Two contexts run the same app with separate statics and EUs, at the same time. */
static void test_two_contexts(void **state)
{
	struct doca_dev *dev = dpa_t_open_dev();
	struct doca_dpa *a = dpa_t_start(dev, dpa_test_app), *b = dpa_t_start(dev, dpa_test_app);
	struct doca_sync_event *ca = dpa_t_event(dev, a, 0), *cb = dpa_t_event(dev, b, 0);
	struct doca_sync_event *ea = dpa_t_event(dev, a, 0), *eb = dpa_t_event(dev, b, 0);
	doca_dpa_dev_sync_event_t ha, hb;
	doca_dpa_dev_uintptr_t pa, pb;
	uint64_t v;

	(void)state;
	assert_int_equal(doca_sync_event_get_dpa_handle(ea, a, &ha), DOCA_SUCCESS);
	assert_int_equal(doca_sync_event_get_dpa_handle(eb, b, &hb), DOCA_SUCCESS);
	assert_int_equal(doca_dpa_mem_alloc(a, 8, &pa), DOCA_SUCCESS);
	assert_int_equal(doca_dpa_mem_alloc(b, 8, &pb), DOCA_SUCCESS);
	assert_true(pa != pb);
	for (int i = 0; i < 20; i++) {
		assert_int_equal(doca_dpa_kernel_launch_update_add(a, NULL, 0, ca, 1, 4, &add_many,
		                                                   ha, (uint32_t)2,
		                                                   (uint64_t *)(uintptr_t)pa),
		                 DOCA_SUCCESS);
		assert_int_equal(doca_dpa_kernel_launch_update_add(b, NULL, 0, cb, 1, 2, &add_many,
		                                                   hb, (uint32_t)5,
		                                                   (uint64_t *)(uintptr_t)pb),
		                 DOCA_SUCCESS);
	}
	assert_int_equal(doca_sync_event_wait_gt(ca, 19, UINT64_MAX), DOCA_SUCCESS);
	assert_int_equal(doca_sync_event_wait_gt(cb, 19, UINT64_MAX), DOCA_SUCCESS);
	assert_int_equal(doca_sync_event_get(ea, &v), DOCA_SUCCESS);
	assert_int_equal(v, 20 * 4 * 2);
	assert_int_equal(doca_sync_event_get(eb, &v), DOCA_SUCCESS);
	assert_int_equal(v, 20 * 2 * 5);
	assert_int_equal(doca_sync_event_destroy(ca), DOCA_SUCCESS);
	assert_int_equal(doca_sync_event_destroy(cb), DOCA_SUCCESS);
	assert_int_equal(doca_sync_event_destroy(ea), DOCA_SUCCESS);
	assert_int_equal(doca_sync_event_destroy(eb), DOCA_SUCCESS);
	assert_int_equal(doca_dpa_destroy(a), DOCA_SUCCESS);
	assert_int_equal(doca_dpa_destroy(b), DOCA_SUCCESS);
	assert_int_equal(doca_dev_close(dev), DOCA_SUCCESS);
}

/* The fast mode spreads a launch over as many EUs as the host has CPUs: one here (the test
 * pins itself, and so the EUs it starts, to one CPU), so a launch of N short ranks (one
 * per EU, at most 8) wakes one EU, where the other modes wake one per rank. Ranks that
 * wait for each other still meet: their stall spreads the launch over every EU. */
static void test_fast_spread_cap(void **state)
{
	enum { LAUNCHES = 20 };
	const unsigned int N = SDPA_MIN(sdpa_config_get()->dpa_eus, 8u);
	struct doca_dev *dev = dpa_t_open_dev();
	struct doca_sync_event *ev, *comp;
	doca_dpa_dev_sync_event_t evh;
	doca_dpa_dev_uintptr_t counter, arrived;
	cpu_set_t all, one;
	struct doca_dpa *dpa;
	uint64_t wakes, stalls, v = 0;
	int cpu = 0;

	(void)state;
	if (N < 2)
		skip(); /* one rank per launch: nothing to cap */
	assert_int_equal(sched_getaffinity(0, sizeof(all), &all), 0);
	while (!CPU_ISSET(cpu, &all))
		cpu++;
	CPU_ZERO(&one);
	CPU_SET(cpu, &one);
	assert_int_equal(sched_setaffinity(0, sizeof(one), &one), 0);
	setenv("SOFTDPA_FIDELITY", "fast", 1);
	sdpa_config_reload();
	dpa = dpa_t_start(dev, dpa_test_app);
	assert_int_equal(sched_setaffinity(0, sizeof(all), &all), 0);
	ev = dpa_t_event(dev, dpa, 0);
	comp = dpa_t_event(dev, dpa, 0);
	assert_int_equal(doca_sync_event_get_dpa_handle(ev, dpa, &evh), DOCA_SUCCESS);
	assert_int_equal(doca_dpa_mem_alloc(dpa, 8, &counter), DOCA_SUCCESS);
	assert_int_equal(doca_dpa_mem_alloc(dpa, 8, &arrived), DOCA_SUCCESS);
	assert_int_equal(doca_dpa_memset(dpa, arrived, 0, 8), DOCA_SUCCESS);
	wakes = sdpa_sched_eu_wakes(dpa);
	for (uint64_t i = 1; i <= LAUNCHES; i++) {
		assert_int_equal(doca_dpa_kernel_launch_update_set(dpa, NULL, 0, comp, i, N,
		                                                   &add_many, evh, (uint32_t)1,
		                                                   (uint64_t *)(uintptr_t)counter),
		                 DOCA_SUCCESS);
		assert_int_equal(dpa_t_wait_ge(comp, i, 60000), i);
	}
	wakes = sdpa_sched_eu_wakes(dpa) - wakes;
	print_message("fast mode on one CPU: %llu EU wakes for %d launches of %u ranks\n",
	              (unsigned long long)wakes, LAUNCHES, N);
	/* One per launch; a stall (an EU kept off the CPU 10 ms) adds N - 1. Without the
	 * cap: one per rank. */
	assert_true(wakes < LAUNCHES * N);
	assert_int_equal(doca_sync_event_get(ev, &v), DOCA_SUCCESS);
	assert_int_equal(v, LAUNCHES * N);
	assert_int_equal(doca_dpa_kernel_launch_update_set(dpa, NULL, 0, comp, LAUNCHES + 1, N,
	                                                   &rendezvous,
	                                                   (uint64_t *)(uintptr_t)arrived),
	                 DOCA_SUCCESS);
	assert_int_equal(dpa_t_wait_ge(comp, LAUNCHES + 1, 60000), LAUNCHES + 1);
	/* The stall is remembered: the kernel's next launches spread at once. */
	stalls = sdpa_sched_stalls(dpa);
	assert_true(stalls >= 1);
	for (uint64_t i = LAUNCHES + 2; i <= LAUNCHES + 6; i++) {
		assert_int_equal(doca_dpa_memset(dpa, arrived, 0, 8), DOCA_SUCCESS);
		assert_int_equal(doca_dpa_kernel_launch_update_set(dpa, NULL, 0, comp, i, N,
		                                                   &rendezvous,
		                                                   (uint64_t *)(uintptr_t)arrived),
		                 DOCA_SUCCESS);
		assert_int_equal(dpa_t_wait_ge(comp, i, 60000), i);
	}
	assert_int_equal(sdpa_sched_stalls(dpa), stalls);
	assert_int_equal(doca_sync_event_destroy(ev), DOCA_SUCCESS);
	assert_int_equal(doca_sync_event_destroy(comp), DOCA_SUCCESS);
	assert_int_equal(doca_dpa_destroy(dpa), DOCA_SUCCESS);
	assert_int_equal(doca_dev_close(dev), DOCA_SUCCESS);
	unsetenv("SOFTDPA_FIDELITY");
	sdpa_config_reload();
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	        cmocka_unit_test(test_concurrent_launches_and_updates),
	        cmocka_unit_test(test_set_completions_in_order),
	        cmocka_unit_test(test_thread_activations_exact),
	        cmocka_unit_test(test_two_contexts),
	        cmocka_unit_test(test_fast_spread_cap),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
