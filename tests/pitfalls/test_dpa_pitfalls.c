/* SPDX-License-Identifier: BSD-3-Clause
 * DPA pitfalls P8, P9, P14, P15: for each, a faithful-symptom test (the program behaves as
 * it would on the DPA) and a diagnostic test (softdpa names the kernel, the rank or
 * thread, the call, and the fix).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <doca_dpa.h>
#include <doca_log.h>
#include <doca_sync_event.h>

#include "dpa/dpa.h"
#include "dpa_t.h"

extern struct doca_dpa_app *dpa_pitfalls_app;
extern doca_dpa_func_t p8_launched, p8_yield_thread, p9_thread, p_notify, p14_thread, p14_noop,
        p15_spin, p15_wait;

struct fx {
	struct doca_dev *dev;
	struct doca_dpa *dpa;
	struct doca_sync_event *comp; /* DPA -> CPU */
};

static int setup(void **state)
{
	struct fx *f = calloc(1, sizeof(*f));

	f->dev = dpa_t_open_dev();
	f->dpa = dpa_t_start(f->dev, dpa_pitfalls_app);
	f->comp = dpa_t_event(f->dev, f->dpa, 0);
	t_log_reset();
	*state = f;
	return 0;
}

static int teardown(void **state)
{
	struct fx *f = *state;

	/* Stop first: a fatal context still holds launches that reference f->comp. */
	if (f->dpa->started)
		assert_int_equal(doca_dpa_stop(f->dpa), DOCA_SUCCESS);
	assert_int_equal(doca_sync_event_destroy(f->comp), DOCA_SUCCESS);
	assert_int_equal(doca_dpa_destroy(f->dpa), DOCA_SUCCESS);
	assert_int_equal(doca_dev_close(f->dev), DOCA_SUCCESS);
	sdpa_dpa_set_kernel_max_run_time_ms(0);
	free(f);
	return 0;
}

/* A started thread running 'fn' with 'arg', activated by notifications; returns the
 * notification handle. */
static doca_dpa_dev_notification_completion_t
notified_thread(struct fx *f, doca_dpa_func_t *fn, uint64_t arg, struct doca_dpa_thread **t,
                struct doca_dpa_notification_completion **nc)
{
	doca_dpa_dev_notification_completion_t h;

	assert_int_equal(doca_dpa_thread_create(f->dpa, t), DOCA_SUCCESS);
	assert_int_equal(doca_dpa_thread_set_func_arg(*t, fn, arg), DOCA_SUCCESS);
	assert_int_equal(doca_dpa_thread_start(*t), DOCA_SUCCESS);
	assert_int_equal(doca_dpa_notification_completion_create(f->dpa, *t, nc), DOCA_SUCCESS);
	assert_int_equal(doca_dpa_notification_completion_start(*nc), DOCA_SUCCESS);
	assert_int_equal(doca_dpa_notification_completion_get_dpa_handle(*nc, &h), DOCA_SUCCESS);
	assert_int_equal(doca_dpa_thread_run(*t), DOCA_SUCCESS);
	return h;
}

static void drop_thread(struct doca_dpa_thread *t, struct doca_dpa_notification_completion *nc)
{
	assert_int_equal(doca_dpa_notification_completion_destroy(nc), DOCA_SUCCESS);
	assert_int_equal(doca_dpa_thread_destroy(t), DOCA_SUCCESS);
}

/* ---- P8 ---- */

/* On the DPA, reschedule/finish/get_local_storage in a launched kernel have no defined
 * effect: the kernel runs on past them and local storage reads as 0. */
static void test_p8_symptom(void **state)
{
	struct fx *f = *state;
	doca_dpa_dev_uintptr_t out;
	uint64_t got[16];

	assert_int_equal(doca_dpa_mem_alloc(f->dpa, sizeof(got), &out), DOCA_SUCCESS);
	assert_int_equal(doca_dpa_memset(f->dpa, out, 0xff, sizeof(got)), DOCA_SUCCESS);
	assert_int_equal(doca_dpa_kernel_launch_update_set(f->dpa, NULL, 0, f->comp, 1, 8,
	                                                   &p8_launched,
	                                                   (uint64_t *)(uintptr_t)out),
	                 DOCA_SUCCESS);
	assert_int_equal(doca_sync_event_wait_gt(f->comp, 0, UINT64_MAX), DOCA_SUCCESS);
	assert_int_equal(doca_dpa_d2h_memcpy(f->dpa, got, out, sizeof(got)), DOCA_SUCCESS);
	for (int r = 0; r < 8; r++) {
		assert_int_equal(got[r], 2);     /* ran past reschedule and finish */
		assert_int_equal(got[8 + r], 0); /* no local storage */
	}
	assert_int_equal(doca_dpa_peek_at_last_error(f->dpa), DOCA_SUCCESS);
}

static void test_p8_diagnostic(void **state)
{
	struct fx *f = *state;
	doca_dpa_dev_uintptr_t out;
	struct doca_sync_event *rep = dpa_t_event(f->dev, f->dpa, 0);
	doca_dpa_dev_sync_event_t rh;
	struct doca_dpa_thread *t;
	struct doca_dpa_notification_completion *nc;
	doca_dpa_dev_notification_completion_t h;
	uint64_t ret;

	assert_int_equal(doca_dpa_mem_alloc(f->dpa, 16, &out), DOCA_SUCCESS);
	assert_int_equal(doca_dpa_kernel_launch_update_set(f->dpa, NULL, 0, f->comp, 1, 1,
	                                                   &p8_launched,
	                                                   (uint64_t *)(uintptr_t)out),
	                 DOCA_SUCCESS);
	assert_int_equal(doca_sync_event_wait_gt(f->comp, 0, UINT64_MAX), DOCA_SUCCESS);
	/* One line per kernel and call: reschedule, get_local_storage, finish. */
	assert_int_equal(t_log_problems(), 3);
	t_assert_logged("P8: doca_dpa_dev_thread_finish called in kernel 'p8_launched' rank 0 of 1",
	                "launched with doca_dpa_kernel_launch_update_*",
	                "only valid in DPA threads", "Fix: return from the launched kernel");

	/* Yield in a DPA thread. */
	assert_int_equal(doca_sync_event_get_dpa_handle(rep, f->dpa, &rh), DOCA_SUCCESS);
	h = notified_thread(f, &p8_yield_thread, rh, &t, &nc);
	t_log_reset();
	assert_int_equal(doca_dpa_rpc(f->dpa, &p_notify, &ret, h), DOCA_SUCCESS);
	assert_int_equal(dpa_t_wait_ge(rep, 8, 5000), 8); /* the thread went on */
	assert_int_equal(t_log_problems(), 1);
	t_assert_logged("P8: doca_dpa_dev_yield called in DPA thread", "kernel 'p8_yield_thread'",
	                "only valid in kernels launched by the host",
	                "doca_dpa_dev_thread_reschedule");
	drop_thread(t, nc);
	assert_int_equal(doca_sync_event_destroy(rep), DOCA_SUCCESS);
}

/* ---- P9 ---- */

/* Locals do not survive a reschedule; code after it never runs. */
static void test_p9_symptom(void **state)
{
	struct fx *f = *state;
	struct doca_sync_event *rep = dpa_t_event(f->dev, f->dpa, 0);
	doca_dpa_dev_sync_event_t rh;
	struct doca_dpa_thread *t;
	struct doca_dpa_notification_completion *nc;
	doca_dpa_dev_notification_completion_t h;
	uint64_t ret;

	assert_int_equal(doca_sync_event_get_dpa_handle(rep, f->dpa, &rh), DOCA_SUCCESS);
	h = notified_thread(f, &p9_thread, rh, &t, &nc);
	for (uint64_t i = 1; i <= 3; i++) {
		assert_int_equal(doca_dpa_rpc(f->dpa, &p_notify, &ret, h), DOCA_SUCCESS);
		/* the static counts i; the local is 1 every time, never i */
		assert_int_equal(dpa_t_wait_ge(rep, i * 100 + 1, 5000), i * 100 + 1);
	}
	assert_int_equal(dpa_t_wait_ge(rep, 999999, 50), 301);
	drop_thread(t, nc);
	assert_int_equal(doca_sync_event_destroy(rep), DOCA_SUCCESS);
}

static void test_p9_diagnostic(void **state)
{
	struct fx *f = *state;
	struct doca_sync_event *rep = dpa_t_event(f->dev, f->dpa, 0);
	struct doca_log_backend *be;
	doca_dpa_dev_sync_event_t rh;
	struct doca_dpa_thread *t;
	struct doca_dpa_notification_completion *nc;
	doca_dpa_dev_notification_completion_t h;
	char path[512], text[8192] = "";
	uint32_t id;
	uint64_t ret;
	FILE *fp;
	size_t n;

	/* The re-entry note is INFO: read it through an SDK log backend. */
	t_path(path, sizeof(path), "p9.log");
	fp = fopen(path, "w+");
	assert_non_null(fp);
	assert_int_equal(doca_log_backend_create_with_file_sdk(fp, &be), DOCA_SUCCESS);
	assert_int_equal(doca_log_backend_set_sdk_level(be, DOCA_LOG_LEVEL_INFO), DOCA_SUCCESS);
	assert_int_equal(doca_log_level_set_global_sdk_limit(DOCA_LOG_LEVEL_INFO), DOCA_SUCCESS);
	assert_int_equal(doca_sync_event_get_dpa_handle(rep, f->dpa, &rh), DOCA_SUCCESS);
	h = notified_thread(f, &p9_thread, rh, &t, &nc);
	assert_int_equal(doca_dpa_thread_get_id(t, &id), DOCA_SUCCESS);
	for (uint64_t i = 1; i <= 3; i++) {
		assert_int_equal(doca_dpa_rpc(f->dpa, &p_notify, &ret, h), DOCA_SUCCESS);
		assert_true(dpa_t_wait_ge(rep, i * 100, 5000) >= i * 100);
	}
	assert_int_equal(doca_log_level_set_global_sdk_limit(DOCA_LOG_LEVEL_WARNING), DOCA_SUCCESS);
	fflush(fp);
	rewind(fp);
	n = fread(text, 1, sizeof(text) - 1, fp);
	text[n] = '\0';
	{
		char want[128];
		const char *first;

		snprintf(want, sizeof(want),
		         "P9: DPA thread %u (kernel 'p9_thread', rank 0) re-enters", id);
		first = strstr(text, want);
		assert_non_null(first);
		assert_null(strstr(first + 1, "P9:")); /* once per kernel */
		assert_non_null(strstr(text, "locals of the previous activation are gone"));
		assert_non_null(strstr(text, "statics or in the thread's local storage"));
	}
	drop_thread(t, nc);
	assert_int_equal(doca_sync_event_destroy(rep), DOCA_SUCCESS);
}

/* ---- P14 ---- */

struct p14 {
	struct doca_dpa_thread *t;
	struct doca_dpa_completion *comp;
	struct doca_dpa_async_ops *ops;
	struct doca_dpa_notification_completion *nc;
	struct doca_sync_event *ev, *rep;
	doca_dpa_dev_notification_completion_t nh;
};

static void p14_start(struct fx *f, struct p14 *p, uint64_t value)
{
	doca_dpa_dev_uintptr_t tls;
	uint64_t v[5] = {0};
	doca_dpa_dev_completion_t ch;
	doca_dpa_dev_async_ops_t oh;
	doca_dpa_dev_sync_event_t eh, rh;

	p->ev = dpa_t_event(f->dev, f->dpa, 1);
	p->rep = dpa_t_event(f->dev, f->dpa, 0);
	assert_int_equal(doca_sync_event_get_dpa_handle(p->ev, f->dpa, &eh), DOCA_SUCCESS);
	assert_int_equal(doca_sync_event_get_dpa_handle(p->rep, f->dpa, &rh), DOCA_SUCCESS);
	assert_int_equal(doca_dpa_mem_alloc(f->dpa, sizeof(v), &tls), DOCA_SUCCESS);
	assert_int_equal(doca_dpa_thread_create(f->dpa, &p->t), DOCA_SUCCESS);
	assert_int_equal(doca_dpa_thread_set_func_arg(p->t, &p14_thread, value), DOCA_SUCCESS);
	assert_int_equal(doca_dpa_thread_set_local_storage(p->t, tls), DOCA_SUCCESS);
	assert_int_equal(doca_dpa_thread_start(p->t), DOCA_SUCCESS);
	assert_int_equal(doca_dpa_completion_create(f->dpa, 4, &p->comp), DOCA_SUCCESS);
	assert_int_equal(doca_dpa_completion_set_thread(p->comp, p->t), DOCA_SUCCESS);
	assert_int_equal(doca_dpa_completion_start(p->comp), DOCA_SUCCESS);
	assert_int_equal(doca_dpa_completion_get_dpa_handle(p->comp, &ch), DOCA_SUCCESS);
	assert_int_equal(doca_dpa_async_ops_create(f->dpa, 4, 0, &p->ops), DOCA_SUCCESS);
	assert_int_equal(doca_dpa_async_ops_attach(p->ops, p->comp), DOCA_SUCCESS);
	assert_int_equal(doca_dpa_async_ops_start(p->ops), DOCA_SUCCESS);
	assert_int_equal(doca_dpa_async_ops_get_dpa_handle(p->ops, &oh), DOCA_SUCCESS);
	v[0] = oh;
	v[1] = eh;
	v[2] = ch;
	v[3] = rh;
	assert_int_equal(doca_dpa_h2d_memcpy(f->dpa, tls, v, sizeof(v)), DOCA_SUCCESS);
	assert_int_equal(doca_dpa_notification_completion_create(f->dpa, p->t, &p->nc),
	                 DOCA_SUCCESS);
	assert_int_equal(doca_dpa_notification_completion_start(p->nc), DOCA_SUCCESS);
	assert_int_equal(doca_dpa_notification_completion_get_dpa_handle(p->nc, &p->nh),
	                 DOCA_SUCCESS);
	assert_int_equal(doca_dpa_thread_run(p->t), DOCA_SUCCESS);
}

static void p14_stop(struct p14 *p)
{
	assert_int_equal(doca_dpa_notification_completion_destroy(p->nc), DOCA_SUCCESS);
	assert_int_equal(doca_dpa_async_ops_destroy(p->ops), DOCA_SUCCESS);
	assert_int_equal(doca_dpa_completion_destroy(p->comp), DOCA_SUCCESS);
	assert_int_equal(doca_dpa_thread_destroy(p->t), DOCA_SUCCESS);
	assert_int_equal(doca_sync_event_destroy(p->ev), DOCA_SUCCESS);
	assert_int_equal(doca_sync_event_destroy(p->rep), DOCA_SUCCESS);
}

/* Launch: thresholds above 254 are refused and nothing runs. post_wait: undefined on the
 * DPA; softdpa models it as the 8-bit truncation (300 -> 44), so the wait ends early. */
static void test_p14_symptom(void **state)
{
	struct fx *f = *state;
	struct doca_sync_event *wait = dpa_t_event(f->dev, f->dpa, 1);
	struct p14 p;
	uint64_t v = 7, ret;

	assert_int_equal(doca_sync_event_update_set(wait, 1000), DOCA_SUCCESS);
	assert_int_equal(
	        doca_dpa_kernel_launch_update_set(f->dpa, wait, 255, f->comp, 1, 1, &p14_noop),
	        DOCA_ERROR_INVALID_VALUE);
	assert_int_equal(dpa_t_wait_ge(f->comp, 1, 100), 0);
	assert_int_equal(
	        doca_dpa_kernel_launch_update_set(f->dpa, wait, 254, f->comp, 1, 1, &p14_noop),
	        DOCA_SUCCESS);
	assert_int_equal(dpa_t_wait_ge(f->comp, 1, 5000), 1);
	assert_int_equal(doca_sync_event_destroy(wait), DOCA_SUCCESS);

	p14_start(f, &p, 300);
	assert_int_equal(doca_dpa_rpc(f->dpa, &p_notify, &ret, p.nh), DOCA_SUCCESS);
	assert_int_equal(doca_sync_event_update_set(p.ev, 44), DOCA_SUCCESS);
	assert_int_equal(dpa_t_wait_ge(p.rep, 1, 100), 0); /* 44 is not > 44 */
	assert_int_equal(doca_sync_event_update_set(p.ev, 45), DOCA_SUCCESS);
	assert_int_equal(dpa_t_wait_ge(p.rep, 1, 5000), 1); /* fires at 45, far below 300 */
	assert_int_equal(doca_sync_event_get(p.rep, &v), DOCA_SUCCESS);
	assert_int_equal(v, 1);
	p14_stop(&p);
}

static void test_p14_diagnostic(void **state)
{
	struct fx *f = *state;
	struct doca_sync_event *wait = dpa_t_event(f->dev, f->dpa, 1);
	struct p14 p;
	uint64_t ret;

	t_log_reset();
	assert_int_equal(
	        doca_dpa_kernel_launch_update_add(f->dpa, wait, 1000, NULL, 0, 1, &p14_noop),
	        DOCA_ERROR_INVALID_VALUE);
	assert_int_equal(t_log_problems(), 1);
	t_assert_logged("doca_dpa_kernel_launch_update_add", "wait_threshold 1000",
	                "outside the valid range 0..254", "at most 254");
	assert_int_equal(doca_sync_event_destroy(wait), DOCA_SUCCESS);

	p14_start(f, &p, 300);
	t_log_reset();
	assert_int_equal(doca_dpa_rpc(f->dpa, &p_notify, &ret, p.nh), DOCA_SUCCESS);
	assert_int_equal(doca_sync_event_update_set(p.ev, 45), DOCA_SUCCESS);
	assert_int_equal(dpa_t_wait_ge(p.rep, 1, 5000), 1);
	assert_int_equal(t_log_problems(), 1);
	t_assert_logged("P14: doca_dpa_dev_sync_event_post_wait_gt in DPA thread",
	                "kernel 'p14_thread'", "value 300", "outside the valid range 0..254",
	                "truncated to 44", "at most 254");
	p14_stop(&p);
}

/* ---- P15 ---- */

/* A kernel past the max run time makes the context fatal: its completion never comes,
 * later launches and RPCs fail, peek_at_last_error reports it. */
static void test_p15_symptom(void **state)
{
	struct fx *f = *state;
	doca_dpa_dev_uintptr_t flag;
	uint64_t ret;
	unsigned long long secs;

	sdpa_dpa_set_kernel_max_run_time_ms(200);
	assert_int_equal(doca_dpa_get_kernel_max_run_time(f->dpa, &secs), DOCA_SUCCESS);
	assert_int_equal(secs, 1);
	assert_int_equal(doca_dpa_mem_alloc(f->dpa, 8, &flag), DOCA_SUCCESS);
	assert_int_equal(doca_dpa_memset(f->dpa, flag, 0, 8), DOCA_SUCCESS);
	assert_int_equal(doca_dpa_kernel_launch_update_set(f->dpa, NULL, 0, f->comp, 1, 1,
	                                                   &p15_spin, (uint64_t *)(uintptr_t)flag),
	                 DOCA_SUCCESS);
	/* A second launch queues behind the spinning one and never starts. */
	assert_int_equal(
	        doca_dpa_kernel_launch_update_add(f->dpa, NULL, 0, f->comp, 10, 1, &p14_noop),
	        DOCA_SUCCESS);
	for (uint64_t end = dpa_t_ms() + 30000;
	     doca_dpa_peek_at_last_error(f->dpa) == DOCA_SUCCESS && dpa_t_ms() < end;)
		sched_yield();
	assert_int_equal(doca_dpa_peek_at_last_error(f->dpa), DOCA_ERROR_BAD_STATE);
	assert_int_equal(dpa_t_wait_ge(f->comp, 1, 300), 0); /* never completes */
	assert_int_equal(
	        doca_dpa_kernel_launch_update_set(f->dpa, NULL, 0, f->comp, 1, 1, &p14_noop),
	        DOCA_ERROR_BAD_STATE);
	assert_int_equal(doca_dpa_rpc(f->dpa, &p_notify, &ret, 0ull), DOCA_ERROR_BAD_STATE);
	/* Setting the flag now changes nothing: the kernel was unwound. */
	assert_int_equal(doca_dpa_memset(f->dpa, flag, 1, 8), DOCA_SUCCESS);
	assert_int_equal(dpa_t_wait_ge(f->comp, 1, 100), 0);
}

static void test_p15_diagnostic(void **state)
{
	struct fx *f = *state;
	struct doca_sync_event *never = dpa_t_event(f->dev, f->dpa, 1);
	doca_dpa_dev_sync_event_t nh;

	sdpa_dpa_set_kernel_max_run_time_ms(150);
	assert_int_equal(doca_sync_event_get_dpa_handle(never, f->dpa, &nh), DOCA_SUCCESS);
	t_log_reset();
	assert_int_equal(
	        doca_dpa_kernel_launch_update_set(f->dpa, NULL, 0, f->comp, 1, 2, &p15_wait, nh),
	        DOCA_SUCCESS);
	for (uint64_t end = dpa_t_ms() + 30000; t_log_problems() == 0 && dpa_t_ms() < end;)
		sched_yield();
	assert_int_equal(t_log_problems(), 1); /* one line, though both ranks overran */
	t_assert_logged("kernel 'p15_wait' rank", "of 2 ran on EU",
	                "longer than the kernel max run time (150 ms)", "the context is now fatal",
	                "Make the kernel return sooner", "destroy and recreate the context");
	t_log_reset();
	assert_int_equal(
	        doca_dpa_kernel_launch_update_set(f->dpa, NULL, 0, f->comp, 1, 1, &p14_noop),
	        DOCA_ERROR_BAD_STATE);
	t_assert_logged("is in the fatal state", "p15_wait", "exceeded the kernel max run time",
	                "destroy it");
	/* The launch will never complete: a fatal context's launches let go of their events,
	 * so the completion event can be destroyed at once (the natural teardown order)... */
	assert_int_equal(doca_sync_event_destroy(f->comp), DOCA_SUCCESS);
	/* ...and stop unwinds the blocked ranks and reports the launch. */
	t_log_reset();
	assert_int_equal(doca_dpa_stop(f->dpa), DOCA_SUCCESS);
	t_assert_logged("1 kernel launch(es)", "never completed");
	assert_int_equal(doca_sync_event_destroy(never), DOCA_SUCCESS);
	assert_int_equal(doca_dpa_start(f->dpa), DOCA_SUCCESS); /* a fresh start is healthy */
	assert_int_equal(doca_dpa_peek_at_last_error(f->dpa), DOCA_SUCCESS);
	f->comp = dpa_t_event(f->dev, f->dpa, 0); /* for the teardown */
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	        cmocka_unit_test_setup_teardown(test_p8_symptom, setup, teardown),
	        cmocka_unit_test_setup_teardown(test_p8_diagnostic, setup, teardown),
	        cmocka_unit_test_setup_teardown(test_p9_symptom, setup, teardown),
	        cmocka_unit_test_setup_teardown(test_p9_diagnostic, setup, teardown),
	        cmocka_unit_test_setup_teardown(test_p14_symptom, setup, teardown),
	        cmocka_unit_test_setup_teardown(test_p14_diagnostic, setup, teardown),
	        cmocka_unit_test_setup_teardown(test_p15_symptom, setup, teardown),
	        cmocka_unit_test_setup_teardown(test_p15_diagnostic, setup, teardown),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
