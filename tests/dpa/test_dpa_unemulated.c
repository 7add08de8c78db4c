/* SPDX-License-Identifier: BSD-3-Clause
 * Device calls softdpa does not emulate (Verbs queues, remote-net signals), and RDMA posts
 * given a handle of no RDMA context: kernels calling them build and link; at run time the
 * call is reported by name and fails as a device error would.
 * A call with a failure return answers it and the kernel goes on; any other call ends the
 * kernel with a device fault that puts the context into the error state, while the host
 * process goes on and can destroy the context.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <doca_dpa.h>
#include <doca_sync_event.h>
#include <dev/doca_dpa_dev_rdma.h>
#include <dev/doca_dpa_dev_verbs.h>

#include "dpa/dpa.h"
#include "dpa_t.h"

extern struct doca_dpa_app *dpa_unemulated_app;
extern doca_dpa_func_t launch_rdma_send, rpc_verbs_post, rpc_verbs_commit, thread_rdma_receive,
        rpc_notify, rpc_alive;

static int setup(void **state)
{
	return dpa_t_fx_setup(state, dpa_unemulated_app);
}

/* Poll doca_dpa_peek_at_last_error until it reports the error state (or 30 s pass: a loaded
 * machine, under sanitizers, may take a while to run the kernel; the wait ends as soon as it
 * does). */
static doca_error_t wait_fatal(struct doca_dpa *dpa)
{
	uint64_t end = dpa_t_ms() + 30000;
	doca_error_t r;

	while ((r = doca_dpa_peek_at_last_error(dpa)) == DOCA_SUCCESS && dpa_t_ms() < end)
		sched_yield();
	return r;
}

/* The context is fatal: launches and RPCs refuse, the host goes on. */
static void assert_context_fatal(struct dpa_t_fx *f)
{
	uint64_t ret = 0;

	assert_int_equal(wait_fatal(f->dpa), DOCA_ERROR_BAD_STATE);
	assert_int_equal(doca_dpa_rpc(f->dpa, &rpc_alive, &ret, (uint64_t)1), DOCA_ERROR_BAD_STATE);
	assert_int_equal(doca_dpa_kernel_launch_update_set(f->dpa, NULL, 0, NULL, 0, 1,
	                                                   &launch_rdma_send, (uint64_t)0,
	                                                   (uint64_t)0),
	                 DOCA_ERROR_BAD_STATE);
}

/* A post with a failure return answers 0 and the RPC goes on; the accessors are real. */
static void test_status_call_answers_failure(void **state)
{
	struct dpa_t_fx *f = *state;
	uint64_t ret = 0;

	assert_int_equal(doca_dpa_rpc(f->dpa, &rpc_verbs_post, &ret, (uint64_t)0x1234),
	                 DOCA_SUCCESS);
	assert_int_equal(ret, 800); /* post answered 0, 8 accessor round trips held */
	t_assert_logged("doca_dpa_dev_verbs_qp_post_send_raw_wqe is not emulated by softdpa",
	                "answers 0");
	/* No fault: the context still works. */
	assert_int_equal(doca_dpa_peek_at_last_error(f->dpa), DOCA_SUCCESS);
	assert_int_equal(doca_dpa_rpc(f->dpa, &rpc_alive, &ret, (uint64_t)41), DOCA_SUCCESS);
	assert_int_equal(ret, 42);
}

/* A void call in an RPC: the RPC ends with a device fault and doca_dpa_rpc reports it. */
static void test_rpc_void_call_faults(void **state)
{
	struct dpa_t_fx *f = *state;
	uint64_t ret = 0;

	assert_int_equal(doca_dpa_rpc(f->dpa, &rpc_verbs_commit, &ret, (uint64_t)0x99),
	                 DOCA_ERROR_BAD_STATE);
	assert_int_not_equal(ret, 1);
	t_assert_logged("RPC 'rpc_verbs_commit' ended with a device fault");
	assert_context_fatal(f);
}

/* A void call in a launched kernel: the rank ends with a device fault, the launch never
 * completes, the context reports the error. */
static void test_launch_void_call_faults(void **state)
{
	struct dpa_t_fx *f = *state;
	struct doca_sync_event *done = dpa_t_event(f->dev, f->dpa, 0);
	struct doca_sync_event *comp = dpa_t_event(f->dev, f->dpa, 0);
	doca_dpa_dev_sync_event_t done_h;

	assert_int_equal(doca_sync_event_get_dpa_handle(done, f->dpa, &done_h), DOCA_SUCCESS);
	assert_int_equal(doca_dpa_kernel_launch_update_set(f->dpa, NULL, 0, comp, 1, 1,
	                                                   &launch_rdma_send, (uint64_t)0x5,
	                                                   (uint64_t)done_h),
	                 DOCA_SUCCESS);
	assert_int_equal(wait_fatal(f->dpa), DOCA_ERROR_BAD_STATE);
	/* RDMA is emulated; a handle of no RDMA context ends the kernel the same way. */
	t_assert_logged("doca_dpa_dev_rdma_post_send in kernel 'launch_rdma_send' rank 0 of 1",
	                "not a started RDMA context", "device fault", "error state");
	assert_int_equal(dpa_t_wait_ge(comp, 1, 200), 0);
	assert_int_equal(dpa_t_wait_ge(done, 1, 10), 0);
	assert_context_fatal(f);
	/* The launch will never complete, and a fatal context's launches let go of their
	 * events: they go at once, before the context is stopped (the natural order). */
	assert_int_equal(doca_sync_event_destroy(comp), DOCA_SUCCESS);
	assert_int_equal(doca_sync_event_destroy(done), DOCA_SUCCESS);
	assert_int_equal(doca_dpa_stop(f->dpa), DOCA_SUCCESS);
}

/* A void call in a DPA thread: the activation ends with a device fault; the thread is
 * never activated again and the host can tear everything down. */
static void test_thread_void_call_faults(void **state)
{
	struct dpa_t_fx *f = *state;
	struct doca_sync_event *done = dpa_t_event(f->dev, f->dpa, 0);
	struct doca_dpa_notification_completion *nc;
	doca_dpa_dev_notification_completion_t nc_h;
	doca_dpa_dev_sync_event_t done_h;
	struct doca_dpa_thread *t;
	uint64_t ret;

	assert_int_equal(doca_sync_event_get_dpa_handle(done, f->dpa, &done_h), DOCA_SUCCESS);
	assert_int_equal(doca_dpa_thread_create(f->dpa, &t), DOCA_SUCCESS);
	assert_int_equal(doca_dpa_thread_set_func_arg(t, &thread_rdma_receive, done_h),
	                 DOCA_SUCCESS);
	assert_int_equal(doca_dpa_thread_start(t), DOCA_SUCCESS);
	assert_int_equal(doca_dpa_notification_completion_create(f->dpa, t, &nc), DOCA_SUCCESS);
	assert_int_equal(doca_dpa_notification_completion_start(nc), DOCA_SUCCESS);
	assert_int_equal(doca_dpa_notification_completion_get_dpa_handle(nc, &nc_h), DOCA_SUCCESS);
	assert_int_equal(doca_dpa_thread_run(t), DOCA_SUCCESS);
	assert_int_equal(doca_dpa_rpc(f->dpa, &rpc_notify, &ret, nc_h), DOCA_SUCCESS);
	assert_int_equal(wait_fatal(f->dpa), DOCA_ERROR_BAD_STATE);
	t_assert_logged("doca_dpa_dev_rdma_post_receive in DPA thread",
	                "not a started RDMA context", "device fault");
	assert_int_equal(dpa_t_wait_ge(done, 77, 100), 0);
	assert_context_fatal(f);
	assert_int_equal(doca_dpa_notification_completion_destroy(nc), DOCA_SUCCESS);
	assert_int_equal(doca_dpa_thread_destroy(t), DOCA_SUCCESS);
	assert_int_equal(doca_sync_event_destroy(done), DOCA_SUCCESS);
}

/* The app was built with --dpa-proc-attr: its attributes are recorded. */
static void test_attributes_recorded(void **state)
{
	(void)state;
	assert_true(sdpa_app_has_attr(dpa_unemulated_app, SDPA_ATTR_GENERATING_EMPTY_CQE));
	assert_false(sdpa_app_has_attr(dpa_unemulated_app, 1));
	assert_false(sdpa_app_has_attr(dpa_unemulated_app, 4096));
}

/* Host code calling a device function by mistake is told so; nothing faults. */
static void test_host_call_is_reported(void **state)
{
	struct dpa_t_fx *f = *state;

	doca_dpa_dev_verbs_srq_commit_recv(0);
	t_assert_logged("doca_dpa_dev_verbs_srq_commit_recv was called by host code",
	                "softdpa does not emulate this one");
	assert_int_equal(doca_dpa_peek_at_last_error(f->dpa), DOCA_SUCCESS);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	        cmocka_unit_test_setup_teardown(test_status_call_answers_failure, setup,
	                                        dpa_t_fx_teardown),
	        cmocka_unit_test_setup_teardown(test_rpc_void_call_faults, setup,
	                                        dpa_t_fx_teardown),
	        cmocka_unit_test_setup_teardown(test_launch_void_call_faults, setup,
	                                        dpa_t_fx_teardown),
	        cmocka_unit_test_setup_teardown(test_thread_void_call_faults, setup,
	                                        dpa_t_fx_teardown),
	        cmocka_unit_test_setup_teardown(test_host_call_is_reported, setup,
	                                        dpa_t_fx_teardown),
	        cmocka_unit_test(test_attributes_recorded),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
