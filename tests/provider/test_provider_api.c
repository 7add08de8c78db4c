/* SPDX-License-Identifier: BSD-3-Clause
 * Provider host API (D5): every lifecycle rule and error, and the device API (D6)
 * outcomes, called from this thread as a DPA thread would call them: SUCCESS, AGAIN,
 * NOT_SUPPORTED, IO_FAILED, INVALID_VALUE and completion failures. Each error is checked
 * with its exact doca_error_t and its log line.
 */
#include <arpa/inet.h>
#include <sched.h>
#include <stdlib.h>
#include <string.h>

#include <dev/doca_flow_dpa_provider_dev.h>

#include "nic/flow_hash.h"
#include "prov_t.h"

static struct doca_flow_dpa_ctx *ctx;

static void up(void)
{
	pt_flow_up(0);
	assert_int_equal(doca_flow_dpa_init(pt.process, &ctx), DOCA_SUCCESS);
}

static int down(void **state)
{
	(void)state;
	if (ctx != NULL) {
		doca_flow_dpa_destroy(ctx);
		ctx = NULL;
	}
	return pt_teardown(state);
}
#define PT_TEST(fn) cmocka_unit_test_teardown(fn, down)

/* Poll until 'want' completions arrived on the queue; returns the failures among them. */
static uint32_t poll_until(doca_flow_dpa_addr obj, enum doca_flow_dpa_queue_type type, uint32_t q,
                           uint32_t want)
{
	struct doca_flow_dpa_completion_stats st;
	uint32_t done = 0, failed = 0;

	for (int i = 0; i < 20000000 && done < want; i++) {
		assert_int_equal(doca_flow_queue_poll_completion(obj, type, q, &st), DOCA_SUCCESS);
		done += st.num_completed;
		failed += st.num_failed;
		if (st.num_completed == 0)
			sched_yield();
	}
	assert_int_equal(done, want);
	return failed;
}

/* ---- D5: init / destroy ---- */

static void test_init_errors(void **state)
{
	struct flexio_process *proc;
	struct doca_dpa *dpa;

	(void)state;
	pt_flow_up(0);
	assert_int_equal(doca_flow_dpa_init(NULL, &ctx), DOCA_ERROR_INVALID_VALUE);
	t_assert_logged("process is NULL", "softdpa_dpa_get_flexio_process");
	assert_int_equal(doca_flow_dpa_init(pt.process, NULL), DOCA_ERROR_INVALID_VALUE);
	t_assert_logged("ctx is NULL");
	/* A process whose DPA context is no longer started. */
	assert_int_equal(doca_dpa_create(pt.dev, &dpa), DOCA_SUCCESS);
	assert_int_equal(doca_dpa_set_app(dpa, prov_test_app), DOCA_SUCCESS);
	assert_int_equal(doca_dpa_start(dpa), DOCA_SUCCESS);
	assert_int_equal(softdpa_dpa_get_flexio_process(dpa, &proc), DOCA_SUCCESS);
	assert_int_equal(doca_dpa_stop(dpa), DOCA_SUCCESS);
	assert_int_equal(doca_flow_dpa_init(proc, &ctx), DOCA_ERROR_BAD_STATE);
	t_assert_logged("not belong to a started DPA context", "doca_dpa_start");
	assert_int_equal(doca_dpa_destroy(dpa), DOCA_SUCCESS);
	ctx = NULL;
	assert_int_equal(doca_flow_dpa_destroy(NULL), DOCA_ERROR_INVALID_VALUE);
	assert_int_equal(doca_flow_dpa_init(pt.process, &ctx), DOCA_SUCCESS);
}

static void test_queues_create_errors(void **state)
{
	struct doca_flow_dpa_queue_cfg ok = {DOCA_FLOW_DPA_QUEUE_TYPE_GENERAL, 64, 1};
	struct doca_flow_dpa_queue_cfg bad;
	struct doca_flow_dpa_queue_cfg two[2] = {ok, ok};

	(void)state;
	up();
	assert_int_equal(doca_flow_dpa_queues_create(NULL, pt.port[0], &ok, 1),
	                 DOCA_ERROR_INVALID_VALUE);
	assert_int_equal(doca_flow_dpa_queues_create(ctx, NULL, &ok, 1), DOCA_ERROR_INVALID_VALUE);
	t_assert_logged("port is NULL");
	assert_int_equal(doca_flow_dpa_queues_create(ctx, pt.port[0], NULL, 1),
	                 DOCA_ERROR_INVALID_VALUE);
	assert_int_equal(doca_flow_dpa_queues_create(ctx, pt.port[0], &ok, 0),
	                 DOCA_ERROR_INVALID_VALUE);
	t_assert_logged("num_queue_cfgs is 0");
	bad = ok, bad.queue_size = 100;
	assert_int_equal(doca_flow_dpa_queues_create(ctx, pt.port[0], &bad, 1),
	                 DOCA_ERROR_INVALID_VALUE);
	t_assert_logged("queue_size 100 is not a power of two");
	bad = ok, bad.queue_size = 0;
	assert_int_equal(doca_flow_dpa_queues_create(ctx, pt.port[0], &bad, 1),
	                 DOCA_ERROR_INVALID_VALUE);
	bad = ok, bad.nr_queues = 0;
	assert_int_equal(doca_flow_dpa_queues_create(ctx, pt.port[0], &bad, 1),
	                 DOCA_ERROR_INVALID_VALUE);
	t_assert_logged("nr_queues 0");
	bad = ok, bad.type = (enum doca_flow_dpa_queue_type)7;
	assert_int_equal(doca_flow_dpa_queues_create(ctx, pt.port[0], &bad, 1),
	                 DOCA_ERROR_INVALID_VALUE);
	t_assert_logged("type 7 is not a doca_flow_dpa_queue_type");
	assert_int_equal(doca_flow_dpa_queues_create(ctx, pt.port[0], two, 2),
	                 DOCA_ERROR_INVALID_VALUE);
	t_assert_logged("repeats type GENERAL");

	assert_int_equal(doca_flow_dpa_queues_create(ctx, pt.port[0], &ok, 1), DOCA_SUCCESS);
	assert_int_equal(doca_flow_dpa_queues_create(ctx, pt.port[0], &ok, 1),
	                 DOCA_ERROR_BAD_STATE);
	t_assert_logged("already has queues");
	assert_int_equal(doca_flow_dpa_queues_destroy(ctx, pt.port[0]), DOCA_SUCCESS);
	assert_int_equal(doca_flow_dpa_queues_destroy(ctx, pt.port[0]), DOCA_ERROR_NOT_FOUND);
	assert_int_equal(doca_flow_dpa_queues_destroy(ctx, NULL), DOCA_ERROR_INVALID_VALUE);
	assert_int_equal(doca_flow_dpa_queues_create(ctx, pt.port[0], &ok, 1), DOCA_SUCCESS);
}

/* A port of the second device cannot serve a DPA context of the first. */
static void test_queues_mismatched_devices(void **state)
{
	struct doca_flow_dpa_queue_cfg ok = {DOCA_FLOW_DPA_QUEUE_TYPE_GENERAL, 64, 1};
	struct doca_flow_port_cfg *pc;
	struct doca_flow_port *other;

	(void)state;
	up();
	assert_int_equal(doca_flow_port_cfg_create(&pc), DOCA_SUCCESS);
	assert_int_equal(doca_flow_port_cfg_set_port_id(pc, 3), DOCA_SUCCESS);
	assert_int_equal(doca_flow_port_cfg_set_dev(pc, pt.dev_other), DOCA_SUCCESS);
	if (doca_flow_port_start(pc, &other) != DOCA_SUCCESS) {
		/* Switch mode may refuse a second PF; the check needs only some port of it. */
		doca_flow_port_cfg_destroy(pc);
		skip();
	}
	doca_flow_port_cfg_destroy(pc);
	assert_int_equal(doca_flow_dpa_queues_create(ctx, other, &ok, 1), DOCA_ERROR_INVALID_VALUE);
	t_assert_logged("mismatched devices", "port 3");
	/* doca_flow_destroy in the teardown stops it. */
}

static void test_export_prepare_errors(void **state)
{
	struct doca_flow_dpa_pipe *dp = (void *)0x1;
	struct doca_flow_pipe *hash, *basic;
	struct doca_flow_pipe_cfg *pc;
	struct doca_flow_match m;
	struct doca_flow_fwd fwd = {.type = DOCA_FLOW_FWD_DROP};

	(void)state;
	up();
	hash = pt_hash_pipe(8, DOCA_FLOW_PIPE_HASH_MAP_ALGORITHM_SELECT_ENABLED, true, true);
	assert_int_equal(doca_flow_dpa_pipe_export_prepare(ctx, hash, 8, &dp),
	                 DOCA_ERROR_BAD_STATE);
	t_assert_logged("no DPA queues", "doca_flow_dpa_queues_create first");
	assert_ptr_equal(dp, (void *)0x1);
	pt_queues(ctx, 64, 0, 0, 1);

	memset(&m, 0, sizeof(m));
	m.outer.l3_type = DOCA_FLOW_L3_TYPE_IP4;
	m.outer.ip4.src_ip = 0xffffffff;
	assert_int_equal(doca_flow_pipe_cfg_create(&pc, pt.port[0]), DOCA_SUCCESS);
	assert_int_equal(doca_flow_pipe_cfg_set_type(pc, DOCA_FLOW_PIPE_BASIC), DOCA_SUCCESS);
	assert_int_equal(doca_flow_pipe_cfg_set_match(pc, &m, NULL), DOCA_SUCCESS);
	assert_int_equal(doca_flow_pipe_create(pc, &fwd, NULL, &basic), DOCA_SUCCESS);
	doca_flow_pipe_cfg_destroy(pc);
	assert_int_equal(doca_flow_dpa_pipe_export_prepare(ctx, basic, 8, &dp),
	                 DOCA_ERROR_NOT_SUPPORTED);
	t_assert_logged("only DOCA_FLOW_PIPE_HASH");
	assert_int_equal(doca_flow_dpa_pipe_export_prepare(ctx, hash, 0, &dp),
	                 DOCA_ERROR_INVALID_VALUE);
	t_assert_logged("nr_entries 0 is not in 1..8");
	assert_int_equal(doca_flow_dpa_pipe_export_prepare(ctx, hash, 9, &dp),
	                 DOCA_ERROR_INVALID_VALUE);
	assert_int_equal(doca_flow_dpa_pipe_export_prepare(NULL, hash, 8, &dp),
	                 DOCA_ERROR_INVALID_VALUE);
	assert_int_equal(doca_flow_dpa_pipe_export_prepare(ctx, NULL, 8, &dp),
	                 DOCA_ERROR_INVALID_VALUE);
	assert_int_equal(doca_flow_dpa_pipe_export_prepare(ctx, hash, 8, NULL),
	                 DOCA_ERROR_INVALID_VALUE);
	assert_ptr_equal(dp, (void *)0x1);

	/* Prepare, export, address: each step once, in order. */
	assert_int_equal(doca_flow_dpa_pipe_export_prepare(ctx, hash, 8, &dp), DOCA_SUCCESS);
	assert_int_equal(t_log_problems(), 7); /* no warning: the pipe had no entries */
	assert_int_equal(doca_flow_dpa_pipe_export_prepare(ctx, hash, 8, &dp),
	                 DOCA_ERROR_BAD_STATE);
	t_assert_logged("already exported by this context");
	doca_flow_dpa_addr a = 0;
	assert_int_equal(doca_flow_dpa_pipe_get_device_addr(ctx, dp, &a), DOCA_ERROR_BAD_STATE);
	t_assert_logged("prepared but not exported", "doca_flow_dpa_pipe_export");
	assert_int_equal(doca_flow_dpa_pipe_export(ctx, dp), DOCA_SUCCESS);
	assert_int_equal(doca_flow_dpa_pipe_export(ctx, dp), DOCA_ERROR_BAD_STATE);
	t_assert_logged("already exported");
	assert_int_equal(doca_flow_dpa_pipe_export(ctx, (struct doca_flow_dpa_pipe *)&m),
	                 DOCA_ERROR_INVALID_VALUE);
	assert_int_equal(doca_flow_dpa_pipe_get_device_addr(ctx, dp, NULL),
	                 DOCA_ERROR_INVALID_VALUE);
	assert_int_equal(doca_flow_dpa_pipe_get_device_addr(ctx, dp, &a), DOCA_SUCCESS);
	assert_true(a != 0);
	/* The context is in use while anything is exported. */
	assert_int_equal(doca_flow_dpa_destroy(ctx), DOCA_ERROR_IN_USE);
	t_assert_logged("1 exported pipes/resources still exist", "doca_flow_dpa_pipe_destroy");
	assert_int_equal(doca_flow_dpa_pipe_destroy(ctx, dp), DOCA_SUCCESS);
	assert_int_equal(doca_flow_dpa_destroy(ctx), DOCA_SUCCESS);
	ctx = NULL;
}

/* The classic mistake: entries added before prepare are not exported. */
static void test_prepare_after_entries(void **state)
{
	struct doca_flow_dpa_pipe *dp;
	struct doca_flow_pipe *hash;
	doca_flow_dpa_addr a;

	(void)state;
	up();
	pt_queues(ctx, 64, 0, 0, 1);
	hash = pt_hash_pipe(8, DOCA_FLOW_PIPE_HASH_MAP_ALGORITHM_SELECT_ENABLED, true, true);
	pt_hash_entries(hash, 0, 3, true);
	assert_int_equal(doca_flow_dpa_pipe_export_prepare(ctx, hash, 8, &dp), DOCA_SUCCESS);
	t_assert_logged("after 3 entries were added", "will not be visible to the DPA",
	                "before adding entries");
	pt_hash_entries(hash, 3, 2, true); /* these are exported */
	assert_int_equal(doca_flow_dpa_pipe_export(ctx, dp), DOCA_SUCCESS);
	assert_int_equal(doca_flow_dpa_pipe_get_device_addr(ctx, dp, &a), DOCA_SUCCESS);
	/* Requests on entries 0..2 complete as failed; on 3, 4 they succeed. */
	for (uint32_t i = 0; i < 5; i++)
		assert_int_equal(doca_flow_pipe_hash_disable_index(a, 0, i, i == 4), DOCA_SUCCESS);
	assert_int_equal(poll_until(a, DOCA_FLOW_DPA_QUEUE_TYPE_GENERAL, 0, 5), 3);
	/* The same for replace (a run of replaces executes in one call into the pipe). */
	for (uint32_t i = 0; i < 5; i++)
		assert_int_equal(doca_flow_pipe_hash_replace_index(a, 0, i, 70 + i, i == 4),
		                 DOCA_SUCCESS);
	assert_int_equal(poll_until(a, DOCA_FLOW_DPA_QUEUE_TYPE_GENERAL, 0, 5), 3);
	assert_int_equal(doca_flow_dpa_pipe_destroy(ctx, dp), DOCA_SUCCESS);
}

static void test_resource_export_errors(void **state)
{
	struct doca_flow_external_resource_array_cfg acfg = {
	        .size = 16,
	        .num_resources = 1,
	        .granularity = DOCA_FLOW_EXTERNAL_RESOURCE_GRANULARITY_64BIT};
	struct doca_flow_external_resource_array *arr;
	struct doca_flow_external_resource_index_selector *sel;
	struct doca_flow_dpa_external_resource *r = NULL, *r2 = NULL;
	doca_flow_dpa_addr a;

	(void)state;
	up();
	assert_int_equal(doca_flow_external_resource_array_create(&acfg, pt.port[0], &arr),
	                 DOCA_SUCCESS);
	sel = pt_selector_create(1);
	assert_int_equal(doca_flow_dpa_external_resource_export(
	                         ctx, DOCA_FLOW_DPA_EXTERNAL_RESOURCE_TYPE_MEMORY, arr, &r),
	                 DOCA_ERROR_BAD_STATE);
	t_assert_logged("no DPA queues");
	pt_queues(ctx, 64, 0, 64, 1); /* no RESOURCES_WRITE */
	assert_int_equal(doca_flow_dpa_external_resource_export(
	                         ctx, DOCA_FLOW_DPA_EXTERNAL_RESOURCE_TYPE_MEMORY, arr, &r),
	                 DOCA_ERROR_BAD_STATE);
	t_assert_logged("no RESOURCES_WRITE queue");
	assert_int_equal(doca_flow_dpa_queues_destroy(ctx, pt.port[0]), DOCA_SUCCESS);
	pt_queues(ctx, 64, 64, 64, 1);
	assert_int_equal(doca_flow_dpa_external_resource_export(
	                         ctx, DOCA_FLOW_DPA_EXTERNAL_RESOURCE_TYPE_INDEX_SELECTOR, arr, &r),
	                 DOCA_ERROR_INVALID_VALUE);
	t_assert_logged("but type says");
	assert_int_equal(doca_flow_dpa_external_resource_export(
	                         ctx, (enum doca_flow_dpa_external_resource_type)9, arr, &r),
	                 DOCA_ERROR_INVALID_VALUE);
	assert_int_equal(doca_flow_dpa_external_resource_export(
	                         ctx, DOCA_FLOW_DPA_EXTERNAL_RESOURCE_TYPE_MEMORY, &acfg, &r),
	                 DOCA_ERROR_INVALID_VALUE);
	t_assert_logged("not a live index selector or array");
	assert_int_equal(doca_flow_dpa_external_resource_export(
	                         ctx, DOCA_FLOW_DPA_EXTERNAL_RESOURCE_TYPE_MEMORY, NULL, &r),
	                 DOCA_ERROR_INVALID_VALUE);
	assert_int_equal(doca_flow_dpa_external_resource_export(
	                         ctx, DOCA_FLOW_DPA_EXTERNAL_RESOURCE_TYPE_MEMORY, arr, NULL),
	                 DOCA_ERROR_INVALID_VALUE);
	assert_int_equal(doca_flow_dpa_external_resource_export(
	                         ctx, DOCA_FLOW_DPA_EXTERNAL_RESOURCE_TYPE_MEMORY, arr, &r),
	                 DOCA_SUCCESS);
	assert_int_equal(
	        doca_flow_dpa_external_resource_export(
	                ctx, DOCA_FLOW_DPA_EXTERNAL_RESOURCE_TYPE_INDEX_SELECTOR, sel, &r2),
	        DOCA_SUCCESS);
	assert_int_equal(doca_flow_dpa_external_resource_get_device_addr(ctx, r, NULL),
	                 DOCA_ERROR_INVALID_VALUE);
	assert_int_equal(doca_flow_dpa_external_resource_get_device_addr(NULL, r, &a),
	                 DOCA_ERROR_INVALID_VALUE);
	assert_int_equal(doca_flow_dpa_external_resource_get_device_addr(ctx, r, &a), DOCA_SUCCESS);
	assert_int_equal(doca_flow_dpa_destroy(ctx), DOCA_ERROR_IN_USE);
	t_assert_logged("2 exported");
	assert_int_equal(doca_flow_dpa_external_resource_destroy(ctx, r), DOCA_SUCCESS);
	assert_int_equal(doca_flow_dpa_external_resource_destroy(ctx, r2), DOCA_SUCCESS);
	/* The old address is stale now. */
	assert_int_equal(doca_flow_external_resource_memory_update(a, 0, 0, 0, 1, true),
	                 DOCA_ERROR_INVALID_VALUE);
	t_assert_logged("export that was destroyed");
	doca_flow_external_resource_array_destroy(arr);
	pt_selector_destroy(sel);
}

/* ---- D6 outcomes ---- */

struct exp {
	struct doca_flow_dpa_pipe *dp;
	struct doca_flow_pipe *pipe;
	doca_flow_dpa_addr pipe_a, mem_a, sel_a;
	struct doca_flow_external_resource_array *arr;
	struct doca_flow_external_resource_index_selector *sel;
	struct doca_flow_dpa_external_resource *mem_r, *sel_r;
};

static void export_all(struct exp *x, uint32_t gsize, uint32_t wsize, uint32_t rsize,
                       uint32_t algos, bool changeable)
{
	struct doca_flow_external_resource_array_cfg acfg = {
	        .size = 64,
	        .num_resources = 2,
	        .granularity = DOCA_FLOW_EXTERNAL_RESOURCE_GRANULARITY_64BIT};

	memset(x, 0, sizeof(*x));
	pt_queues(ctx, gsize, wsize, rsize, 2);
	x->pipe = pt_hash_pipe(16, algos, changeable, true);
	assert_int_equal(doca_flow_dpa_pipe_export_prepare(ctx, x->pipe, 16, &x->dp), DOCA_SUCCESS);
	pt_hash_entries(x->pipe, 0, 16, changeable);
	assert_int_equal(doca_flow_dpa_pipe_export(ctx, x->dp), DOCA_SUCCESS);
	assert_int_equal(doca_flow_dpa_pipe_get_device_addr(ctx, x->dp, &x->pipe_a), DOCA_SUCCESS);
	assert_int_equal(doca_flow_external_resource_array_create(&acfg, pt.port[0], &x->arr),
	                 DOCA_SUCCESS);
	x->sel = pt_selector_create(2);
	assert_int_equal(
	        doca_flow_dpa_external_resource_export(
	                ctx, DOCA_FLOW_DPA_EXTERNAL_RESOURCE_TYPE_MEMORY, x->arr, &x->mem_r),
	        DOCA_SUCCESS);
	assert_int_equal(doca_flow_dpa_external_resource_export(
	                         ctx, DOCA_FLOW_DPA_EXTERNAL_RESOURCE_TYPE_INDEX_SELECTOR, x->sel,
	                         &x->sel_r),
	                 DOCA_SUCCESS);
	assert_int_equal(doca_flow_dpa_external_resource_get_device_addr(ctx, x->mem_r, &x->mem_a),
	                 DOCA_SUCCESS);
	assert_int_equal(doca_flow_dpa_external_resource_get_device_addr(ctx, x->sel_r, &x->sel_a),
	                 DOCA_SUCCESS);
}

static void unexport_all(struct exp *x)
{
	doca_flow_dpa_pipe_destroy(ctx, x->dp);
	doca_flow_dpa_external_resource_destroy(ctx, x->mem_r);
	doca_flow_dpa_external_resource_destroy(ctx, x->sel_r);
	doca_flow_external_resource_array_destroy(x->arr);
	pt_selector_destroy(x->sel);
}

static void test_posts_and_completions(void **state)
{
	struct exp x;
	uint64_t v = 0, vals[24];
	bool has, en;
	uint32_t val;

	(void)state;
	up();
	export_all(&x, 64, 64, 64, DOCA_FLOW_PIPE_HASH_MAP_ALGORITHM_SELECT_ENABLED, true);

	/* GENERAL: disable, enable, replace; a bad index completes as failed. */
	assert_int_equal(doca_flow_pipe_hash_disable_index(x.pipe_a, 1, 5, true), DOCA_SUCCESS);
	assert_int_equal(poll_until(x.pipe_a, DOCA_FLOW_DPA_QUEUE_TYPE_GENERAL, 1, 1), 0);
	assert_int_equal(sdpa_flow_hash_index_state(x.pipe, 5, &has, &en, &val), DOCA_SUCCESS);
	assert_true(has);
	assert_false(en);
	assert_int_equal(doca_flow_pipe_hash_enable_index(x.pipe_a, 1, 5, false), DOCA_SUCCESS);
	assert_int_equal(doca_flow_pipe_hash_replace_index(x.pipe_a, 1, 5, 4242, false),
	                 DOCA_SUCCESS);
	assert_int_equal(doca_flow_pipe_hash_disable_index(x.pipe_a, 1, 99, false), DOCA_SUCCESS);
	/* Nothing runs before a flush. */
	struct doca_flow_dpa_completion_stats st = {7, 7};
	assert_int_equal(
	        doca_flow_queue_poll_completion(x.pipe_a, DOCA_FLOW_DPA_QUEUE_TYPE_GENERAL, 1, &st),
	        DOCA_SUCCESS);
	assert_int_equal(st.num_completed, 0);
	assert_int_equal(st.num_failed, 0);
	assert_int_equal(doca_flow_queue_flush(x.pipe_a, DOCA_FLOW_DPA_QUEUE_TYPE_GENERAL, 1),
	                 DOCA_SUCCESS);
	assert_int_equal(poll_until(x.pipe_a, DOCA_FLOW_DPA_QUEUE_TYPE_GENERAL, 1, 3), 1);
	assert_int_equal(sdpa_flow_hash_index_state(x.pipe, 5, &has, &en, &val), DOCA_SUCCESS);
	assert_true(en);
	assert_int_equal(val, 4242);
	/* A burst of replaces runs as runs on one pipe (glue.c): a bad index inside a run fails
	 * alone, and a request of another kind between runs keeps its place. */
	assert_int_equal(doca_flow_pipe_hash_replace_index(x.pipe_a, 1, 3, 31, false),
	                 DOCA_SUCCESS);
	assert_int_equal(doca_flow_pipe_hash_replace_index(x.pipe_a, 1, 99, 1, false),
	                 DOCA_SUCCESS);
	assert_int_equal(doca_flow_pipe_hash_replace_index(x.pipe_a, 1, 6, 61, false),
	                 DOCA_SUCCESS);
	assert_int_equal(doca_flow_pipe_hash_disable_index(x.pipe_a, 1, 6, false), DOCA_SUCCESS);
	assert_int_equal(doca_flow_pipe_hash_replace_index(x.pipe_a, 1, 6, 62, false),
	                 DOCA_SUCCESS);
	assert_int_equal(doca_flow_pipe_hash_replace_index(x.pipe_a, 1, 16, 1, true), DOCA_SUCCESS);
	assert_int_equal(poll_until(x.pipe_a, DOCA_FLOW_DPA_QUEUE_TYPE_GENERAL, 1, 6), 2);
	assert_int_equal(sdpa_flow_hash_index_state(x.pipe, 3, &has, &en, &val), DOCA_SUCCESS);
	assert_int_equal(val, 31);
	assert_int_equal(sdpa_flow_hash_index_state(x.pipe, 6, &has, &en, &val), DOCA_SUCCESS);
	assert_false(en);
	assert_int_equal(val, 62);

	/* RESOURCES_WRITE / READ: update, then read the value back after the poll. */
	assert_int_equal(
	        doca_flow_external_resource_memory_update(x.mem_a, 0, 1, 7, 0xabcdef, true),
	        DOCA_SUCCESS);
	assert_int_equal(poll_until(x.mem_a, DOCA_FLOW_DPA_QUEUE_TYPE_RESOURCES_WRITE, 0, 1), 0);
	assert_int_equal(doca_flow_external_resource_memory_read(x.mem_a, 0, 1, 7, &v, true),
	                 DOCA_SUCCESS);
	assert_int_equal(poll_until(x.mem_a, DOCA_FLOW_DPA_QUEUE_TYPE_RESOURCES_READ, 0, 1), 0);
	assert_int_equal(v, 0xabcdef);
	/* Bad offset / index: posted, then failed. */
	assert_int_equal(doca_flow_external_resource_memory_update(x.mem_a, 0, 2, 0, 1, false),
	                 DOCA_SUCCESS);
	assert_int_equal(doca_flow_external_resource_memory_update(x.mem_a, 0, 0, 64, 1, true),
	                 DOCA_SUCCESS);
	assert_int_equal(poll_until(x.mem_a, DOCA_FLOW_DPA_QUEUE_TYPE_RESOURCES_WRITE, 0, 2), 2);

	/* Range read 3..20 = blocks 0-7, 8-15, 16-23: three requests, three completions. */
	for (uint32_t i = 3; i <= 20; i++)
		assert_int_equal(
		        doca_flow_external_resource_array_update(pt.port[0], x.arr, 0, i, 100 + i),
		        DOCA_SUCCESS);
	memset(vals, 0, sizeof(vals));
	assert_int_equal(
	        doca_flow_external_resource_memory_read_range(x.mem_a, 1, 0, 3, 20, vals, true),
	        DOCA_SUCCESS);
	assert_int_equal(poll_until(x.mem_a, DOCA_FLOW_DPA_QUEUE_TYPE_RESOURCES_READ, 1, 3), 0);
	for (uint32_t i = 0; i < 18; i++)
		assert_int_equal(vals[i], 103 + i);
	assert_int_equal(vals[18], 0);

	/* Selector range 1..64 = two 32-index blocks: two completions. */
	assert_int_equal(doca_flow_external_resource_index_selector_modify_range(
	                         x.sel_a, 1, 1,
	                         DOCA_FLOW_EXTERNAL_RESOURCE_INDEX_SELECTOR_OP_ENABLE, 1, 64, true),
	                 DOCA_SUCCESS);
	assert_int_equal(poll_until(x.sel_a, DOCA_FLOW_DPA_QUEUE_TYPE_RESOURCES_WRITE, 1, 2), 0);
	assert_int_equal(doca_flow_external_resource_index_selector_modify(
	                         x.sel_a, 1, 1,
	                         DOCA_FLOW_EXTERNAL_RESOURCE_INDEX_SELECTOR_OP_DISABLE, 2, true),
	                 DOCA_SUCCESS);
	assert_int_equal(doca_flow_external_resource_index_selector_modify(
	                         x.sel_a, 1, 1,
	                         (enum doca_flow_external_resource_index_selector_operation)9, 2,
	                         true),
	                 DOCA_SUCCESS);
	assert_int_equal(poll_until(x.sel_a, DOCA_FLOW_DPA_QUEUE_TYPE_RESOURCES_WRITE, 1, 2), 1);
	unexport_all(&x);
}

/* A queue that is never polled refuses the post after exactly queue_size posts. */
static void test_again_after_queue_size(void **state)
{
	struct exp x;
	uint32_t n = 0;

	(void)state;
	up();
	export_all(&x, 16, 8, 8, DOCA_FLOW_PIPE_HASH_MAP_ALGORITHM_SELECT_ENABLED, true);
	while (doca_flow_pipe_hash_enable_index(x.pipe_a, 0, n % 16, true) == DOCA_SUCCESS)
		n++;
	assert_int_equal(n, 16);
	assert_int_equal(doca_flow_pipe_hash_enable_index(x.pipe_a, 0, 0, true), DOCA_ERROR_AGAIN);
	/* It says why: completed requests nobody polled. (Wait until all executed.) */
	assert_int_equal(softdpa_nic_sync(), DOCA_SUCCESS);
	t_log_reset();
	assert_int_equal(doca_flow_pipe_hash_enable_index(x.pipe_a, 0, 0, true), DOCA_ERROR_AGAIN);
	t_assert_logged("full of 16 completed requests nobody polled",
	                "doca_flow_queue_poll_completion");
	assert_int_equal(poll_until(x.pipe_a, DOCA_FLOW_DPA_QUEUE_TYPE_GENERAL, 0, 16), 0);
	assert_int_equal(doca_flow_pipe_hash_enable_index(x.pipe_a, 0, 0, true), DOCA_SUCCESS);
	assert_int_equal(poll_until(x.pipe_a, DOCA_FLOW_DPA_QUEUE_TYPE_GENERAL, 0, 1), 0);
	/* softdpa stats shows the queue: 17 posted and done, 3 refused with AGAIN (the fill
	 * loop's last post and the two above). */
	{
		char buf[8192] = {0};
		FILE *f = tmpfile();

		assert_non_null(f);
		assert_int_equal(softdpa_stats_dump(f), DOCA_SUCCESS);
		rewind(f);
		assert_true(fread(buf, 1, sizeof(buf) - 1, f) > 0);
		fclose(f);
		assert_non_null(strstr(buf, "\"port\":0,\"type\":\"GENERAL\",\"queue\":0,"
		                            "\"size\":16,\"posted\":17,\"done\":17,\"failed\":0,"
		                            "\"again\":3,"));
	}

	/* Unflushed posts fill the queue too, and the diagnostic says so. */
	for (uint32_t i = 0; i < 8; i++)
		assert_int_equal(
		        doca_flow_external_resource_memory_update(x.mem_a, 1, 0, i, i, false),
		        DOCA_SUCCESS);
	assert_int_equal(doca_flow_external_resource_memory_update(x.mem_a, 1, 0, 0, 0, false),
	                 DOCA_ERROR_AGAIN);
	t_assert_logged("8 of its requests were never flushed", "doca_flow_queue_flush");
	/* A range that does not fit whole is refused with nothing posted. */
	uint64_t vals[16];
	for (uint32_t i = 0; i < 7; i++)
		assert_int_equal(
		        doca_flow_external_resource_memory_read(x.mem_a, 1, 0, i, &vals[i], false),
		        DOCA_SUCCESS);
	assert_int_equal(
	        doca_flow_external_resource_memory_read_range(x.mem_a, 1, 0, 0, 15, vals, true),
	        DOCA_ERROR_AGAIN);
	assert_int_equal(doca_flow_queue_flush(x.mem_a, DOCA_FLOW_DPA_QUEUE_TYPE_RESOURCES_READ, 1),
	                 DOCA_SUCCESS);
	assert_int_equal(poll_until(x.mem_a, DOCA_FLOW_DPA_QUEUE_TYPE_RESOURCES_READ, 1, 7), 0);
	/* Destroying the context reports the requests that never ran. */
	unexport_all(&x);
	t_log_reset();
	assert_int_equal(doca_flow_dpa_destroy(ctx), DOCA_SUCCESS);
	ctx = NULL;
	t_assert_logged("8 DPA requests were posted but never flushed", "flush=true");
}

static void test_refusals(void **state)
{
	struct exp x;
	struct doca_flow_dpa_completion_stats st;
	uint64_t v;

	(void)state;
	up();
	/* A plain HASH pipe cannot disable (D2); no read queue. */
	export_all(&x, 16, 16, 0, 0, false);
	assert_int_equal(doca_flow_pipe_hash_disable_index(x.pipe_a, 0, 1, true),
	                 DOCA_ERROR_NOT_SUPPORTED);
	t_assert_logged("cannot disable entries", "SELECT_ENABLED");
	/* No changeable field: replace is not supported (D3). */
	assert_int_equal(doca_flow_pipe_hash_replace_index(x.pipe_a, 0, 1, 5, true),
	                 DOCA_ERROR_NOT_SUPPORTED);
	t_assert_logged("no path-selector field");
	/* Memory read without a RESOURCES_READ queue. */
	assert_int_equal(doca_flow_external_resource_memory_read(x.mem_a, 0, 0, 0, &v, true),
	                 DOCA_ERROR_NOT_SUPPORTED);
	t_assert_logged("port 0 has no RESOURCES_READ queue", "doca_flow_dpa_queues_create");
	assert_int_equal(doca_flow_queue_poll_completion(
	                         x.mem_a, DOCA_FLOW_DPA_QUEUE_TYPE_RESOURCES_READ, 0, &st),
	                 DOCA_ERROR_NOT_SUPPORTED);
	/* Wrong kind, bad queue id, garbage address, NULL outputs. */
	assert_int_equal(doca_flow_external_resource_memory_update(x.pipe_a, 0, 0, 0, 1, true),
	                 DOCA_ERROR_INVALID_VALUE);
	t_assert_logged("names an exported hash pipe", "needs a memory (array) resource");
	assert_int_equal(doca_flow_pipe_hash_enable_index(x.mem_a, 0, 0, true),
	                 DOCA_ERROR_INVALID_VALUE);
	assert_int_equal(doca_flow_pipe_hash_enable_index(x.pipe_a, 2, 0, true),
	                 DOCA_ERROR_INVALID_VALUE);
	t_assert_logged("queue_id 2 is out of range", "has 2 GENERAL queues");
	assert_int_equal(doca_flow_pipe_hash_enable_index(0x1234, 0, 0, true),
	                 DOCA_ERROR_INVALID_VALUE);
	t_assert_logged("is not a provider device address");
	assert_int_equal(doca_flow_queue_poll_completion(x.pipe_a, DOCA_FLOW_DPA_QUEUE_TYPE_GENERAL,
	                                                 0, NULL),
	                 DOCA_ERROR_INVALID_VALUE);
	assert_int_equal(doca_flow_queue_flush(x.pipe_a, (enum doca_flow_dpa_queue_type)5, 0),
	                 DOCA_ERROR_INVALID_VALUE);
	assert_int_equal(
	        doca_flow_external_resource_memory_read_range(x.mem_a, 0, 0, 0, 3, NULL, true),
	        DOCA_ERROR_INVALID_VALUE);

	/* Queues destroyed: posts get IO_FAILED; requests in flight completed as failed. */
	assert_int_equal(doca_flow_pipe_hash_enable_index(x.pipe_a, 0, 0, false), DOCA_SUCCESS);
	assert_int_equal(doca_flow_dpa_queues_destroy(ctx, pt.port[0]), DOCA_SUCCESS);
	assert_int_equal(doca_flow_pipe_hash_enable_index(x.pipe_a, 0, 0, true),
	                 DOCA_ERROR_IO_FAILED);
	t_assert_logged("queues of port 0 were destroyed");
	unexport_all(&x);
}

/* A pipe export destroyed with requests in flight: they complete as failed. */
static void test_destroy_in_flight(void **state)
{
	struct exp x;
	doca_flow_dpa_addr old;

	(void)state;
	up();
	export_all(&x, 16, 16, 16, DOCA_FLOW_PIPE_HASH_MAP_ALGORITHM_SELECT_ENABLED, true);
	old = x.pipe_a;
	/* Re-export under a new handle to keep a live address for polling the queue. */
	assert_int_equal(doca_flow_pipe_hash_disable_index(x.pipe_a, 0, 1, false), DOCA_SUCCESS);
	assert_int_equal(doca_flow_pipe_hash_disable_index(x.pipe_a, 0, 2, false), DOCA_SUCCESS);
	assert_int_equal(doca_flow_pipe_hash_replace_index(x.pipe_a, 0, 3, 9, false), DOCA_SUCCESS);
	assert_int_equal(doca_flow_pipe_hash_replace_index(x.pipe_a, 0, 4, 9, false), DOCA_SUCCESS);
	assert_int_equal(doca_flow_dpa_pipe_destroy(ctx, x.dp), DOCA_SUCCESS);
	/* Any object of the port names its queues: flush and poll through the memory export. */
	assert_int_equal(doca_flow_queue_flush(x.mem_a, DOCA_FLOW_DPA_QUEUE_TYPE_GENERAL, 0),
	                 DOCA_SUCCESS);
	assert_int_equal(poll_until(x.mem_a, DOCA_FLOW_DPA_QUEUE_TYPE_GENERAL, 0, 4), 4);
	assert_int_equal(doca_flow_pipe_hash_disable_index(old, 0, 1, true),
	                 DOCA_ERROR_INVALID_VALUE);
	t_assert_logged("stale address");
	x.dp = NULL;
	doca_flow_dpa_external_resource_destroy(ctx, x.mem_r);
	doca_flow_dpa_external_resource_destroy(ctx, x.sel_r);
	doca_flow_external_resource_array_destroy(x.arr);
	pt_selector_destroy(x.sel);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	        PT_TEST(test_init_errors),
	        PT_TEST(test_queues_create_errors),
	        PT_TEST(test_queues_mismatched_devices),
	        PT_TEST(test_export_prepare_errors),
	        PT_TEST(test_prepare_after_entries),
	        PT_TEST(test_resource_export_errors),
	        PT_TEST(test_posts_and_completions),
	        PT_TEST(test_again_after_queue_size),
	        PT_TEST(test_refusals),
	        PT_TEST(test_destroy_in_flight),
	};
	return cmocka_run_group_tests_name("provider_api", tests, pt_group_setup,
	                                   pt_group_teardown);
}
