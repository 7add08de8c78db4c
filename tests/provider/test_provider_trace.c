/* SPDX-License-Identifier: BSD-3-Clause
 * SOFTDPA_TRACE on a real workload: a DPA kernel (built by softdpa-dpacc) disables and
 * re-enables a hash-pipe entry through the provider while frames cross the emulated NIC.
 * The trace must hold the EU executions, the NIC bursts, the provider's posts, flushes,
 * batches, completions and outstanding counters, each on its named track.
 * SOFTDPA_TRACE_KEEP=<file> keeps a copy (docs/images/trace_example.png is rendered
 * from it with scripts/trace_to_png.py).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "core/config.h"
#include "core/trace.h"
#include "prov_t.h"
#include "../unit/trace_check.inc"

static struct doca_flow_dpa_ctx *ctx;
static char trace_path[512];

static int down(void **state)
{
	if (ctx != NULL) {
		doca_flow_dpa_destroy(ctx);
		ctx = NULL;
	}
	return pt_teardown(state);
}

static void launch_one(doca_flow_dpa_addr a, uint32_t op, uint32_t index, struct prov_result *r)
{
	pt_results_clear();
	pt_launch(1, prov_one, a, op, 0, index, 0, 0, pt_result_addr(0));
	pt_results(r, 1);
}

static void run(uint32_t workers)
{
	static const char *const expect[] = {
	        "X|DPA|prov_one|rank=0|kind=launch|end=return",
	        "X|NIC|burst|port=0|frames=1|dropped=0",
	        "i|Provider|disable|queue=0|count=1",
	        "i|Provider|enable|queue=0|count=1",
	        "i|Provider|flush|n=1",
	        "X|Provider|execute|n=1|dead=0",
	        "i|Provider|completions|completed=1|failed=0",
	        "C|Provider|outstanding port 0 GENERAL q0|value=1",
	        "C|Provider|outstanding port 0 GENERAL q0|value=0",
	        "M|Provider|thread_name|name=port 0 GENERAL q0",
	        "M|DPA|process_name|name=DPA",
	        "M|NIC|process_name|name=NIC",
	};
	struct doca_flow_dpa_pipe *dp;
	struct doca_flow_pipe *p;
	doca_flow_dpa_addr a;
	struct prov_result r;
	uint32_t dst0, dst1;
	uint16_t sport;
	const char *keep;
	int rc;

	/* Restart: only this test's events are written. (The configuration is not
	 * reloaded here: EU threads read it.) */
	sdpa_trace_reload();
	assert_true(sdpa_trace_on());

	pt_flow_up(workers);
	assert_int_equal(doca_flow_dpa_init(pt.process, &ctx), DOCA_SUCCESS);
	pt_queues(ctx, 64, 0, 0, 1);
	p = pt_hash_pipe(2, DOCA_FLOW_PIPE_HASH_MAP_ALGORITHM_SELECT_ENABLED, true, true);
	assert_int_equal(doca_flow_dpa_pipe_export_prepare(ctx, p, 2, &dp), DOCA_SUCCESS);
	pt_hash_entries(p, 0, 2, true);
	assert_int_equal(doca_flow_dpa_pipe_export(ctx, dp), DOCA_SUCCESS);
	assert_int_equal(doca_flow_dpa_pipe_get_device_addr(ctx, dp, &a), DOCA_SUCCESS);
	dst0 = pt_dst_for(p, 0, 2);
	dst1 = pt_dst_for(p, 1, 2);
	assert_int_equal(pt_send(dst1, &sport), 2);
	launch_one(a, PROV_DISABLE, 1, &r);
	assert_int_equal(r.completed, 1);
	assert_int_equal(r.failed, 0);
	for (int i = 0; i < 3; i++) {
		assert_int_equal(pt_send(dst1, &sport), 1);
		assert_int_equal(pt_send(dst0, &sport), 1);
	}
	launch_one(a, PROV_ENABLE, 1, &r);
	assert_int_equal(r.completed, 1);
	assert_int_equal(pt_send(dst1, &sport), 2);
	assert_int_equal(doca_flow_dpa_pipe_destroy(ctx, dp), DOCA_SUCCESS);

	assert_int_equal(softdpa_trace_flush(), DOCA_SUCCESS);
	assert_int_equal(sdpa_trace_dropped(), 0);
	rc = trace_check(trace_path, expect, sizeof(expect) / sizeof(expect[0]));
	if (rc == -1)
		print_message("python3 not found: JSON check skipped\n");
	else
		assert_int_equal(rc, 0);
	keep = getenv("SOFTDPA_TRACE_KEEP");
	if (keep != NULL) {
		char cmd[1200];

		snprintf(cmd, sizeof(cmd), "cp '%s' '%s'", trace_path, keep);
		assert_int_equal(system(cmd), 0);
	}
}

/* Deterministic NIC (worker 0 = this thread). */
static void test_trace_deterministic(void **state)
{
	(void)state;
	run(0);
}

/* Two NIC worker threads: bursts on worker tracks 1 and 2. */
static void test_trace_threaded(void **state)
{
	static const char *const expect[] = {"M|NIC|thread_name|name=worker 1"};

	(void)state;
	run(2);
	if (trace_check(trace_path, expect, 1) != -1)
		assert_int_equal(trace_check(trace_path, expect, 1), 0);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	        cmocka_unit_test_teardown(test_trace_deterministic, down),
	        cmocka_unit_test_teardown(test_trace_threaded, down),
	};
	int rc;

	/* Set before any emulator thread exists, as a user's environment would be. */
	t_path(trace_path, sizeof(trace_path), "prov_trace.json");
	setenv("SOFTDPA_TRACE", trace_path, 1);
	sdpa_config_reload();
	rc = cmocka_run_group_tests_name("provider_trace", tests, pt_group_setup,
	                                 pt_group_teardown);
	/* Threads are gone: stop tracing so that exit does not write into the removed
	 * temporary directory. */
	unsetenv("SOFTDPA_TRACE");
	sdpa_config_reload();
	sdpa_trace_reload();
	t_rmdir_r(t_tmpdir());
	return rc;
}
