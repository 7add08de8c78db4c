/* SPDX-License-Identifier: BSD-3-Clause
 * Lifecycles that must end cleanly (issue 11): a DPA context torn down in the order
 * applications write it, and what happens to calls made after the context is gone.
 */
#include <dirent.h>
#include <stdlib.h>
#include <string.h>

#include <doca_buf_array.h>
#include <doca_dpa.h>
#include <doca_mmap.h>
#include <doca_flow_dpa_provider.h>
#include <doca_sync_event.h>
#include <softdpa.h>

#include "core/log.h"
#include "dpa_t.h"

extern struct doca_dpa_app *dpa_faults_app;
extern doca_dpa_func_t launch_trap, launch_load, launch_spin, rpc_alive, rpc_load, rpc_notify,
        thread_count, launch_buf_check;

/* Threads of this process. */
static int nr_threads(void)
{
	DIR *d = opendir("/proc/self/task");
	struct dirent *e;
	int n = 0;

	assert_non_null(d);
	while ((e = readdir(d)) != NULL)
		n += e->d_name[0] != '.';
	closedir(d);
	return n;
}

/* Events and heap freed first, then stop, then destroy: every call succeeds. */
static void test_natural_teardown(void **state)
{
	struct doca_dev *dev = dpa_t_open_dev();
	struct doca_dpa *dpa = dpa_t_start(dev, dpa_faults_app);
	struct doca_sync_event *comp = dpa_t_event(dev, dpa, 0);
	struct doca_sync_event *done = dpa_t_event(dev, dpa, 0);
	doca_dpa_dev_sync_event_t done_h;
	doca_dpa_dev_uintptr_t p;
	uint64_t ret = 0;

	(void)state;
	assert_int_equal(doca_sync_event_get_dpa_handle(done, dpa, &done_h), DOCA_SUCCESS);
	assert_int_equal(doca_dpa_mem_alloc(dpa, 4096, &p), DOCA_SUCCESS);
	assert_int_equal(doca_dpa_kernel_launch_update_set(dpa, NULL, 0, comp, 1, 1, &launch_trap,
	                                                   (uint64_t)0, done_h),
	                 DOCA_SUCCESS);
	assert_int_equal(doca_sync_event_wait_gt(comp, 0, UINT64_MAX), DOCA_SUCCESS);
	assert_int_equal(doca_dpa_rpc(dpa, &rpc_alive, &ret, (uint64_t)1), DOCA_SUCCESS);
	t_log_reset();
	assert_int_equal(doca_sync_event_destroy(done), DOCA_SUCCESS);
	assert_int_equal(doca_sync_event_destroy(comp), DOCA_SUCCESS);
	assert_int_equal(doca_dpa_mem_free(dpa, p), DOCA_SUCCESS);
	assert_int_equal(doca_dpa_stop(dpa), DOCA_SUCCESS);
	assert_int_equal(doca_dpa_destroy(dpa), DOCA_SUCCESS);
	assert_int_equal(doca_dev_close(dev), DOCA_SUCCESS);
	assert_int_equal(t_log_problems(), 0);
}

/* The same with a DPA thread and its notification completion, torn down first. */
static void test_natural_teardown_with_thread(void **state)
{
	struct doca_dev *dev = dpa_t_open_dev();
	struct doca_dpa *dpa = dpa_t_start(dev, dpa_faults_app);
	struct doca_sync_event *done = dpa_t_event(dev, dpa, 0);
	struct doca_dpa_notification_completion *nc;
	doca_dpa_dev_notification_completion_t nc_h;
	doca_dpa_dev_sync_event_t done_h;
	struct doca_dpa_thread *t;
	doca_dpa_dev_uintptr_t p;
	uint64_t ret;

	(void)state;
	assert_int_equal(doca_sync_event_get_dpa_handle(done, dpa, &done_h), DOCA_SUCCESS);
	assert_int_equal(doca_dpa_mem_alloc(dpa, 64, &p), DOCA_SUCCESS);
	assert_int_equal(doca_dpa_thread_create(dpa, &t), DOCA_SUCCESS);
	assert_int_equal(doca_dpa_thread_set_func_arg(t, &thread_count, done_h), DOCA_SUCCESS);
	assert_int_equal(doca_dpa_thread_set_local_storage(t, p), DOCA_SUCCESS);
	assert_int_equal(doca_dpa_thread_start(t), DOCA_SUCCESS);
	assert_int_equal(doca_dpa_notification_completion_create(dpa, t, &nc), DOCA_SUCCESS);
	assert_int_equal(doca_dpa_notification_completion_start(nc), DOCA_SUCCESS);
	assert_int_equal(doca_dpa_notification_completion_get_dpa_handle(nc, &nc_h), DOCA_SUCCESS);
	assert_int_equal(doca_dpa_thread_run(t), DOCA_SUCCESS);
	assert_int_equal(doca_dpa_rpc(dpa, &rpc_notify, &ret, nc_h), DOCA_SUCCESS);
	assert_int_equal(dpa_t_wait_ge(done, 1, 30000), 1);
	t_log_reset();
	assert_int_equal(doca_dpa_notification_completion_destroy(nc), DOCA_SUCCESS);
	assert_int_equal(doca_dpa_thread_destroy(t), DOCA_SUCCESS);
	assert_int_equal(doca_sync_event_destroy(done), DOCA_SUCCESS);
	assert_int_equal(doca_dpa_mem_free(dpa, p), DOCA_SUCCESS);
	assert_int_equal(doca_dpa_stop(dpa), DOCA_SUCCESS);
	assert_int_equal(doca_dpa_destroy(dpa), DOCA_SUCCESS);
	assert_int_equal(doca_dev_close(dev), DOCA_SUCCESS);
	assert_int_equal(t_log_problems(), 0);
}

/* After a kernel fault, the same order works: the launch that will never complete does
 * not keep its events (nor, through them, the context) alive. */
static void test_natural_teardown_after_fault(void **state)
{
	struct doca_dev *dev = dpa_t_open_dev();
	struct doca_dpa *dpa = dpa_t_start(dev, dpa_faults_app);
	struct doca_sync_event *comp = dpa_t_event(dev, dpa, 0);
	struct doca_sync_event *done = dpa_t_event(dev, dpa, 0);
	struct doca_sync_event *wait = dpa_t_event(dev, dpa, 1);
	doca_dpa_dev_sync_event_t done_h;
	doca_dpa_dev_uintptr_t p;
	uint64_t end = dpa_t_ms() + 30000, ret = 0;

	(void)state;
	assert_int_equal(doca_sync_event_get_dpa_handle(done, dpa, &done_h), DOCA_SUCCESS);
	assert_int_equal(doca_dpa_mem_alloc(dpa, 4096, &p), DOCA_SUCCESS);
	/* A launch waits for an event never set (the launcher waits on it); then a second
	 * launch would fault, and an RPC does fault. */
	assert_int_equal(doca_dpa_kernel_launch_update_set(dpa, wait, 5, comp, 2, 1, &launch_trap,
	                                                   (uint64_t)0, done_h),
	                 DOCA_SUCCESS);
	assert_int_equal(doca_dpa_kernel_launch_update_set(dpa, NULL, 0, comp, 1, 1, &launch_load,
	                                                   (uint64_t)0, done_h),
	                 DOCA_SUCCESS);
	assert_int_equal(doca_dpa_rpc(dpa, &rpc_load, &ret, (uint64_t)0), DOCA_ERROR_BAD_STATE);
	while (doca_dpa_peek_at_last_error(dpa) == DOCA_SUCCESS && dpa_t_ms() < end)
		sched_yield();
	assert_int_equal(doca_dpa_peek_at_last_error(dpa), DOCA_ERROR_BAD_STATE);
	t_log_reset();
	assert_int_equal(doca_sync_event_destroy(wait), DOCA_SUCCESS);
	assert_int_equal(doca_sync_event_destroy(done), DOCA_SUCCESS);
	assert_int_equal(doca_sync_event_destroy(comp), DOCA_SUCCESS);
	assert_int_equal(doca_dpa_mem_free(dpa, p), DOCA_SUCCESS);
	assert_int_equal(t_log_problems(), 0);
	assert_int_equal(doca_dpa_stop(dpa), DOCA_SUCCESS);
	assert_int_equal(doca_dpa_destroy(dpa), DOCA_SUCCESS);
	assert_int_equal(doca_dev_close(dev), DOCA_SUCCESS);
}

/* A kernel spinning without any device call does not keep its EU (and a core) after
 * doca_dpa_stop: stop interrupts it, and every EU thread is gone. */
static void test_stop_interrupts_spinning_kernel(void **state)
{
	struct doca_dev *dev = dpa_t_open_dev();
	int before = nr_threads();
	struct doca_dpa *dpa = dpa_t_start(dev, dpa_faults_app);
	struct doca_sync_event *running = dpa_t_event(dev, dpa, 0);
	doca_dpa_dev_sync_event_t running_h;
	char last[512];

	(void)state;
#if defined(__SANITIZE_THREAD__)
	/* TSan holds back asynchronous signals until the thread reaches one of its
	 * interceptors, which a kernel spinning in uninstrumented image code never does. */
	assert_int_equal(doca_sync_event_destroy(running), DOCA_SUCCESS);
	assert_int_equal(doca_dpa_destroy(dpa), DOCA_SUCCESS);
	assert_int_equal(doca_dev_close(dev), DOCA_SUCCESS);
	(void)before;
	(void)last;
	(void)running_h;
	skip();
#endif
	assert_int_equal(doca_sync_event_get_dpa_handle(running, dpa, &running_h), DOCA_SUCCESS);
	assert_int_equal(doca_dpa_kernel_launch_update_set(dpa, NULL, 0, NULL, 0, 2, &launch_spin,
	                                                   (uint64_t)1, running_h),
	                 DOCA_SUCCESS);
	assert_int_equal(dpa_t_wait_ge(running, 2, 30000), 2); /* both ranks spin */
	assert_int_equal(doca_sync_event_destroy(running), DOCA_SUCCESS);
	t_log_reset();
	assert_int_equal(doca_dpa_stop(dpa), DOCA_SUCCESS);
	sdpa_log_last_problem(last, sizeof(last));
	if (strstr(last, "abandoned") != NULL)
		fail_msg("an EU was abandoned: %s", last);
	t_assert_logged("1 kernel launch(es)", "never completed");
	assert_int_equal(doca_dpa_destroy(dpa), DOCA_SUCCESS);
	assert_int_equal(doca_dev_close(dev), DOCA_SUCCESS);
	assert_int_equal(nr_threads(), before);
}

/* A provider context bound to the context's process keeps the context: destroying the
 * context first answers IN_USE with one line naming the fix, and the provider context
 * then still works and goes first, as documented. */
static void test_dpa_destroy_with_provider_bound(void **state)
{
	struct doca_dev *dev = dpa_t_open_dev();
	struct doca_dpa *dpa = dpa_t_start(dev, dpa_faults_app);
	struct flexio_process *process;
	struct doca_flow_dpa_ctx *ctx;

	(void)state;
	assert_int_equal(softdpa_dpa_get_flexio_process(dpa, &process), DOCA_SUCCESS);
	assert_int_equal(doca_flow_dpa_init(process, &ctx), DOCA_SUCCESS);
	t_log_reset();
	assert_int_equal(doca_dpa_destroy(dpa), DOCA_ERROR_IN_USE);
	t_assert_logged("doca_dpa_destroy", "DOCA Flow DPA provider contexts",
	                "doca_flow_dpa_destroy them");
	assert_int_equal(doca_flow_dpa_destroy(ctx), DOCA_SUCCESS);
	assert_int_equal(doca_dpa_destroy(dpa), DOCA_SUCCESS);
	assert_int_equal(doca_dev_close(dev), DOCA_SUCCESS);
}

/* A buf array stopped (and destroyed) while a launch that holds its handle waits to run:
 * the launch still reads the array as it was, never freed memory (ASan), and the stop says
 * why its memory is kept. */
static void test_buf_arr_stop_while_launch_holds_handle(void **state)
{
	static uint8_t host[4096] __attribute__((aligned(64)));
	struct doca_dev *dev = dpa_t_open_dev();
	struct doca_dpa *dpa = dpa_t_start(dev, dpa_faults_app);
	struct doca_sync_event *go = dpa_t_event(dev, dpa, 1);
	struct doca_sync_event *done = dpa_t_event(dev, dpa, 0);
	doca_dpa_dev_sync_event_t done_h;
	doca_dpa_dev_buf_arr_t ah;
	struct doca_mmap *mm;
	struct doca_buf_arr *arr;

	(void)state;
	assert_int_equal(doca_sync_event_get_dpa_handle(done, dpa, &done_h), DOCA_SUCCESS);
	assert_int_equal(doca_mmap_create(&mm), DOCA_SUCCESS);
	assert_int_equal(doca_mmap_set_memrange(mm, host, sizeof(host)), DOCA_SUCCESS);
	assert_int_equal(doca_mmap_add_dev(mm, dev), DOCA_SUCCESS);
	assert_int_equal(doca_mmap_start(mm), DOCA_SUCCESS);
	assert_int_equal(doca_buf_arr_create(4, &arr), DOCA_SUCCESS);
	assert_int_equal(doca_buf_arr_set_params(arr, mm, 512, 0), DOCA_SUCCESS);
	assert_int_equal(doca_buf_arr_set_target_dpa(arr, dpa), DOCA_SUCCESS);
	assert_int_equal(doca_buf_arr_start(arr), DOCA_SUCCESS);
	assert_int_equal(doca_buf_arr_get_dpa_handle(arr, &ah), DOCA_SUCCESS);
	/* Queued until 'go' reaches 1. */
	assert_int_equal(
	        doca_dpa_kernel_launch_update_set(dpa, go, 1, NULL, 0, 1, &launch_buf_check, ah,
	                                          (uint64_t)(uintptr_t)(host + 512), done_h),
	        DOCA_SUCCESS);
	t_log_reset();
	assert_int_equal(doca_buf_arr_stop(arr), DOCA_SUCCESS);
	t_assert_logged("doca_buf_arr_stop", "may still use its handle", "doca_dpa_destroy");
	assert_int_equal(doca_buf_arr_destroy(arr), DOCA_SUCCESS);
	assert_int_equal(doca_sync_event_update_set(go, 1), DOCA_SUCCESS);
	assert_int_equal(dpa_t_wait_ge(done, 1, 30000), 1);
	assert_int_equal(doca_mmap_destroy(mm), DOCA_SUCCESS);
	assert_int_equal(doca_sync_event_destroy(go), DOCA_SUCCESS);
	assert_int_equal(doca_sync_event_destroy(done), DOCA_SUCCESS);
	assert_int_equal(doca_dpa_stop(dpa), DOCA_SUCCESS);
	assert_int_equal(doca_dpa_destroy(dpa), DOCA_SUCCESS); /* frees what the stop kept */
	assert_int_equal(doca_dev_close(dev), DOCA_SUCCESS);
}

/* A sync event's DPA location that does not fit (FULL) changes nothing: the event did not
 * gain a publisher, so it cannot start with subscribers only. */
static void test_sync_event_full_location_changes_nothing(void **state)
{
	struct doca_dev *dev = dpa_t_open_dev();
	struct doca_dpa *d[5];
	struct doca_sync_event *ev;

	(void)state;
	for (int i = 0; i < 5; i++)
		assert_int_equal(doca_dpa_create(dev, &d[i]), DOCA_SUCCESS);
	assert_int_equal(doca_sync_event_create(&ev), DOCA_SUCCESS);
	for (int i = 0; i < 4; i++)
		assert_int_equal(doca_sync_event_add_subscriber_location_dpa(ev, d[i]),
		                 DOCA_SUCCESS);
	t_log_reset();
	assert_int_equal(doca_sync_event_add_publisher_location_dpa(ev, d[4]), DOCA_ERROR_FULL);
	assert_int_equal(t_log_problems(), 1);
	t_log_reset();
	assert_int_equal(doca_sync_event_start(ev), DOCA_ERROR_BAD_STATE);
	t_assert_logged("no publisher location");
	assert_int_equal(doca_sync_event_add_publisher_location_dpa(ev, d[0]), DOCA_SUCCESS);
	assert_int_equal(doca_sync_event_start(ev), DOCA_SUCCESS);
	assert_int_equal(doca_sync_event_destroy(ev), DOCA_SUCCESS);
	for (int i = 0; i < 5; i++)
		assert_int_equal(doca_dpa_destroy(d[i]), DOCA_SUCCESS);
	assert_int_equal(doca_dev_close(dev), DOCA_SUCCESS);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	        cmocka_unit_test(test_natural_teardown),
	        cmocka_unit_test(test_natural_teardown_with_thread),
	        cmocka_unit_test(test_natural_teardown_after_fault),
	        cmocka_unit_test(test_stop_interrupts_spinning_kernel),
	        cmocka_unit_test(test_dpa_destroy_with_provider_bound),
	        cmocka_unit_test(test_buf_arr_stop_while_launch_holds_handle),
	        cmocka_unit_test(test_sync_event_full_location_changes_nothing),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
