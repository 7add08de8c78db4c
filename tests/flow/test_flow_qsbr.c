/* SPDX-License-Identifier: BSD-3-Clause
 * Grace periods (QSBR) of the NIC datapath: a grace period must not end while a worker is
 * in the middle of a loop iteration, including the very first grace period of the
 * process. Regression: the epoch started at 0, the value that also means "offline", so
 * until the first grace period every worker looked offline and the first
 * doca_flow_port_stop could free a port a worker was still polling (seen under ASan).
 * Keep this the first test of its own program: an earlier grace period would hide it.
 */
#include <pthread.h>
#include <sched.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "core/atomics.h"
#include "flow_t.h"
#include "nic/grace.h"
#include "nic/nic.h"

static sdpa_atomic_u32 in_poller, release_poller, sync_done;

/* Runs on worker 1 inside its loop iteration: hold the worker there until released. */
static bool blocker(void *arg, uint16_t worker)
{
	(void)arg;
	(void)worker;
	/* A-rel: pairs with R-rel in the test body. */
	if (!sdpa_load_acquire(&release_poller)) {
		sdpa_store_release(&in_poller, 1); /* R-in: pairs with A-in */
		while (!sdpa_load_acquire(&release_poller))
			sched_yield();
	}
	return false;
}

static void *syncer(void *arg)
{
	(void)arg;
	sdpa_nic_synchronize();
	sdpa_store_release(&sync_done, 1); /* R-done: pairs with A-done */
	return NULL;
}

static void sleep_ms(long ms)
{
	struct timespec ts = {ms / 1000, (ms % 1000) * 1000000};

	nanosleep(&ts, NULL);
}

static void test_grace_waits_for_a_busy_worker(void **state)
{
	struct sdpa_nic_poller *h = NULL;
	pthread_t th;
	uint32_t early;

	(void)state;
	ft_init("vnf,hws", 1, 0, 0, 1);
	assert_int_equal(sdpa_nic_register_poller(blocker, NULL, &h), DOCA_SUCCESS);
	for (int ms = 0; !sdpa_load_acquire(&in_poller); ms++) { /* A-in: pairs with R-in */
		if (ms == 60000)
			fail_msg("NIC worker 1 never ran the poller in 60 s");
		sleep_ms(1);
	}
	assert_int_equal(pthread_create(&th, NULL, syncer, NULL), 0);
	/* The worker cannot pass a quiescent point, so the grace period cannot end. A slow
	 * machine only makes this check weaker, never wrong. */
	sleep_ms(200);
	early = sdpa_load_acquire(&sync_done);  /* A-done: pairs with R-done */
	sdpa_store_release(&release_poller, 1); /* R-rel: release before any assert */
	assert_int_equal(pthread_join(th, NULL), 0);
	if (early)
		fail_msg("a grace period ended while NIC worker 1 was inside a loop iteration: "
		         "memory it was reading could have been freed");
	assert_int_equal(sdpa_load_acquire(&sync_done), 1); /* A-done: pairs with R-done */
	sdpa_nic_unregister_poller(h);
}

static uint32_t freed;
static sdpa_atomic_u32 reader_on, reader_go;

static void count_free(void *p)
{
	(void)p;
	freed++;
}

/* Reader 0, online and never quiescent until told to go offline. */
static void *stuck_reader(void *arg)
{
	(void)arg;
	sdpa_grace_online(0);
	sdpa_store_release(&reader_on, 1);     /* R-on: pairs with A-on */
	while (!sdpa_load_acquire(&reader_go)) /* A-go: pairs with R-go */
		sched_yield();
	sdpa_grace_offline(0);
	return NULL;
}

/* Regression: the final run of the deferred frees ran one batch (256) and dropped the
 * rest, so a process that ended with more pending leaked them (seen under ASan in
 * test_storm: hash entries removed just before the end). A reader that is never
 * quiescent keeps every free waiting until sdpa_grace_fini. */
static void test_grace_fini_runs_every_deferred_free(void **state)
{
	enum { N = 1000 };
	pthread_t th;

	(void)state;
	freed = 0;
	assert_int_equal(sdpa_grace_init(1), DOCA_SUCCESS);
	assert_int_equal(pthread_create(&th, NULL, stuck_reader, NULL), 0);
	while (!sdpa_load_acquire(&reader_on)) /* A-on: pairs with R-on */
		sched_yield();
	for (uint32_t i = 0; i < N; i++)
		sdpa_nic_defer(count_free, NULL);
	sdpa_store_release(&reader_go, 1); /* R-go: pairs with A-go */
	assert_int_equal(pthread_join(th, NULL), 0);
	assert_int_equal(freed, 0);
	sdpa_grace_fini();
	assert_int_equal(freed, N);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	        FT_TEST(test_grace_waits_for_a_busy_worker),
	        cmocka_unit_test(test_grace_fini_runs_every_deferred_free),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
