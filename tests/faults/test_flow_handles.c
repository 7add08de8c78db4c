/* SPDX-License-Identifier: BSD-3-Clause
 * Stale and twice-destroyed DOCA Flow and DPA provider objects (docs/DESIGN_DECISIONS.md
 * D20): the configurations (flow, port, pipe, tune), ports, pipes, entries, external
 * resources, provider contexts, exported pipes and exported resources. A pointer of a
 * destroyed object gets INVALID_VALUE (or, for void calls, nothing) and exactly one log
 * line; it is never read (ASan sees no use after free), never acts on the object created
 * after it (a stopped port's pointer does not stop the port started next), and a second
 * destroy never aborts. The DPA objects' cases are in test_handles.c.
 */
#include <arpa/inet.h>
#include <stdlib.h>
#include <string.h>

#include <doca_flow_external_action_index_selector.h>

#include "prov_t.h"

/* 'call' on a destroyed object answers 'rc' with exactly one problem line. */
#define STALE_RC(call, rc)                                                                         \
	do {                                                                                       \
		t_log_reset();                                                                     \
		assert_int_equal((call), (rc));                                                    \
		assert_int_equal(t_log_problems(), 1);                                             \
	} while (0)
#define STALE(call) STALE_RC(call, DOCA_ERROR_INVALID_VALUE)
/* A void call on a destroyed object: one problem line, nothing else. */
#define STALE_VOID(call)                                                                           \
	do {                                                                                       \
		t_log_reset();                                                                     \
		call;                                                                              \
		assert_int_equal(t_log_problems(), 1);                                             \
	} while (0)

static int up(void **state)
{
	(void)state;
	pt_flow_up(0);
	return 0;
}

static struct doca_flow_pipe *basic_pipe(struct doca_flow_port *port, const char *name)
{
	struct doca_flow_pipe_cfg *pc;
	struct doca_flow_match m;
	struct doca_flow_fwd fwd = {.type = DOCA_FLOW_FWD_DROP};
	struct doca_flow_pipe *p;

	memset(&m, 0, sizeof(m));
	m.outer.l3_type = DOCA_FLOW_L3_TYPE_IP4;
	m.outer.ip4.dst_ip = 0xffffffff;
	assert_int_equal(doca_flow_pipe_cfg_create(&pc, port), DOCA_SUCCESS);
	assert_int_equal(doca_flow_pipe_cfg_set_name(pc, name), DOCA_SUCCESS);
	assert_int_equal(doca_flow_pipe_cfg_set_match(pc, &m, NULL), DOCA_SUCCESS);
	assert_int_equal(doca_flow_pipe_create(pc, &fwd, NULL, &p), DOCA_SUCCESS);
	assert_int_equal(doca_flow_pipe_cfg_destroy(pc), DOCA_SUCCESS);
	return p;
}

static struct doca_flow_pipe_entry *add(struct doca_flow_pipe *p, uint32_t dst)
{
	struct doca_flow_match m;
	struct doca_flow_pipe_entry *e;

	memset(&m, 0, sizeof(m));
	m.outer.l3_type = DOCA_FLOW_L3_TYPE_IP4;
	m.outer.ip4.dst_ip = htonl(dst);
	assert_int_equal(doca_flow_pipe_basic_add_entry(0, p, &m, 0, NULL, NULL, NULL,
	                                                DOCA_FLOW_ENTRY_FLAGS_NO_WAIT, NULL, &e),
	                 DOCA_SUCCESS);
	return e;
}

static void process(struct doca_flow_port *port)
{
	assert_int_equal(doca_flow_entries_process(port, 0, 0, 0), DOCA_SUCCESS);
}

/* Destroying a configuration twice is refused (glibc used to abort on the double free), and
 * a destroyed configuration is refused by its setters and by its consumer. */
static void test_configs_destroy_twice(void **state)
{
	struct doca_flow_cfg *cfg;
	struct doca_flow_port_cfg *pc;
	struct doca_flow_pipe_cfg *pipc;
	struct doca_flow_tune_cfg *tc;
	struct doca_flow_port *port;
	struct doca_flow_pipe *pipe;

	(void)state;
	assert_int_equal(doca_flow_cfg_create(&cfg), DOCA_SUCCESS);
	assert_int_equal(doca_flow_cfg_destroy(cfg), DOCA_SUCCESS);
	STALE(doca_flow_cfg_destroy(cfg));
	STALE(doca_flow_cfg_set_pipe_queues(cfg, 2));
	STALE(doca_flow_init(cfg));
	t_assert_logged("cfg is destroyed");

	assert_int_equal(doca_flow_port_cfg_create(&pc), DOCA_SUCCESS);
	assert_int_equal(doca_flow_port_cfg_set_port_id(pc, 7), DOCA_SUCCESS);
	assert_int_equal(doca_flow_port_cfg_destroy(pc), DOCA_SUCCESS);
	STALE(doca_flow_port_cfg_destroy(pc));
	STALE(doca_flow_port_cfg_set_port_id(pc, 7));
	STALE(doca_flow_port_start(pc, &port));

	assert_int_equal(doca_flow_pipe_cfg_create(&pipc, pt.port[0]), DOCA_SUCCESS);
	assert_int_equal(doca_flow_pipe_cfg_set_name(pipc, "x"), DOCA_SUCCESS);
	assert_int_equal(doca_flow_pipe_cfg_destroy(pipc), DOCA_SUCCESS);
	STALE(doca_flow_pipe_cfg_destroy(pipc));
	STALE(doca_flow_pipe_cfg_set_name(pipc, "y"));
	STALE(doca_flow_pipe_create(pipc, NULL, NULL, &pipe));

	assert_int_equal(doca_flow_tune_cfg_create(&tc), DOCA_SUCCESS);
	assert_int_equal(doca_flow_tune_cfg_destroy(tc), DOCA_SUCCESS);
	STALE(doca_flow_tune_cfg_destroy(tc));
	STALE(doca_flow_tune_cfg_set_profile(tc, DOCA_FLOW_TUNE_PROFILE_NONE));

	/* One kind of object is not another. */
	assert_int_equal(doca_flow_cfg_create(&cfg), DOCA_SUCCESS);
	STALE(doca_flow_port_cfg_destroy((struct doca_flow_port_cfg *)cfg));
	STALE(doca_flow_pipe_cfg_destroy((struct doca_flow_pipe_cfg *)cfg));
	assert_int_equal(doca_flow_cfg_destroy(cfg), DOCA_SUCCESS);
}

/* The case: after a port is stopped and another started, the stale pointer does not
 * stop (or reach) the new port, which does not take the old address. */
static void test_stale_port_never_acts_on_new_port(void **state)
{
	struct doca_flow_port *old = pt.port[2], *fresh;
	struct doca_flow_port_cfg *pc;
	struct doca_flow_pipe_cfg *pipc;

	(void)state;
	assert_int_equal(doca_flow_port_stop(old), DOCA_SUCCESS);
	pt.port[2] = NULL;
	STALE(doca_flow_port_stop(old));
	t_assert_logged("stopped twice, or a stale pointer");
	assert_int_equal(doca_flow_port_cfg_create(&pc), DOCA_SUCCESS);
	assert_int_equal(doca_flow_port_cfg_set_port_id(pc, 2), DOCA_SUCCESS);
	assert_int_equal(doca_flow_port_cfg_set_dev_rep(pc, pt.rep[1]), DOCA_SUCCESS);
	assert_int_equal(doca_flow_port_start(pc, &fresh), DOCA_SUCCESS);
	assert_int_equal(doca_flow_port_cfg_destroy(pc), DOCA_SUCCESS);
	pt.port[2] = fresh;
	assert_ptr_not_equal(fresh, old);
	STALE(doca_flow_port_stop(old));
	STALE(doca_flow_entries_process(old, 0, 0, 0));
	STALE(doca_flow_pipe_cfg_create(&pipc, old));
	STALE(doca_flow_port_pair(old, pt.port[0]));
	/* The new port is untouched: still started, stops once. */
	assert_int_equal(doca_flow_pipe_cfg_create(&pipc, fresh), DOCA_SUCCESS);
	assert_int_equal(doca_flow_pipe_cfg_destroy(pipc), DOCA_SUCCESS);
	process(fresh);
	assert_int_equal(doca_flow_port_stop(fresh), DOCA_SUCCESS);
	pt.port[2] = NULL;
}

/* A destroyed pipe: destroy twice, add to it, and a pipe created next is not reached. */
static void test_stale_pipe(void **state)
{
	struct doca_flow_pipe *old = basic_pipe(pt.port[0], "old"), *fresh;
	struct doca_flow_match m;
	struct doca_flow_pipe_entry *e;
	struct doca_flow_resource_query q;
	uint32_t h;

	(void)state;
	doca_flow_pipe_destroy(old);
	STALE_VOID(doca_flow_pipe_destroy(old));
	t_assert_logged("destroyed twice");
	fresh = basic_pipe(pt.port[0], "fresh");
	assert_ptr_not_equal(fresh, old);
	memset(&m, 0, sizeof(m));
	STALE(doca_flow_pipe_basic_add_entry(0, old, &m, 0, NULL, NULL, NULL,
	                                     DOCA_FLOW_ENTRY_FLAGS_NO_WAIT, NULL, &e));
	STALE(doca_flow_resource_query_pipe_miss(old, &q));
	STALE(doca_flow_pipe_calc_hash(old, &m, &h));
	STALE_VOID(doca_flow_pipe_destroy(old));
	/* The new pipe still takes entries. */
	e = add(fresh, 1);
	process(pt.port[0]);
	assert_int_equal(doca_flow_pipe_entry_get_status(e), DOCA_FLOW_ENTRY_STATUS_SUCCESS);
	doca_flow_pipe_destroy(fresh);
}

/* A removed entry, and one whose pipe was destroyed: every entry call refuses it, and the
 * entries added next (which never take its address) are untouched. */
static void test_stale_entry(void **state)
{
	struct doca_flow_pipe *p = basic_pipe(pt.port[0], "entries"), *p2;
	struct doca_flow_pipe_entry *old = add(p, 1), *fresh, *orphan;
	struct doca_flow_resource_query q;

	(void)state;
	process(pt.port[0]);
	assert_int_equal(doca_flow_pipe_remove_entry(0, DOCA_FLOW_ENTRY_FLAGS_NO_WAIT, old),
	                 DOCA_SUCCESS);
	process(pt.port[0]);
	STALE(doca_flow_pipe_remove_entry(0, DOCA_FLOW_ENTRY_FLAGS_NO_WAIT, old));
	STALE(doca_flow_resource_query_entry(old, &q));
	STALE(doca_flow_pipe_basic_update_entry(0, p, 0, NULL, NULL, NULL,
	                                        DOCA_FLOW_ENTRY_FLAGS_NO_WAIT, old));
	STALE_RC(doca_flow_pipe_entry_get_status(old), DOCA_FLOW_ENTRY_STATUS_ERROR);
	fresh = add(p, 1); /* the same key: malloc would hand back the same memory */
	assert_ptr_not_equal(fresh, old);
	STALE(doca_flow_pipe_remove_entry(0, DOCA_FLOW_ENTRY_FLAGS_NO_WAIT, old));
	process(pt.port[0]);
	assert_int_equal(doca_flow_pipe_entry_get_status(fresh), DOCA_FLOW_ENTRY_STATUS_SUCCESS);

	/* Entries die with their pipe. */
	p2 = basic_pipe(pt.port[0], "doomed");
	orphan = add(p2, 2);
	process(pt.port[0]);
	doca_flow_pipe_destroy(p2);
	STALE(doca_flow_pipe_remove_entry(0, DOCA_FLOW_ENTRY_FLAGS_NO_WAIT, orphan));
	STALE_RC(doca_flow_pipe_entry_get_status(orphan), DOCA_FLOW_ENTRY_STATUS_ERROR);
	assert_int_equal(doca_flow_pipe_remove_entry(0, DOCA_FLOW_ENTRY_FLAGS_NO_WAIT, fresh),
	                 DOCA_SUCCESS);
	process(pt.port[0]);
	doca_flow_pipe_destroy(p);
}

/* More entries die than the quarantine holds: the oldest leave it (freed, no leak under
 * ASan), the newest stale ones are still refused. */
static void test_entry_churn_past_quarantine(void **state)
{
	enum { N = 10000, BATCH = 500 };
	struct doca_flow_pipe *p = basic_pipe(pt.port[0], "churn");
	struct doca_flow_pipe_entry *e[BATCH];

	(void)state;
	for (uint32_t round = 0; round < N / BATCH; round++) {
		for (uint32_t i = 0; i < BATCH; i++)
			e[i] = add(p, round * BATCH + i);
		process(pt.port[0]);
		for (uint32_t i = 0; i < BATCH; i++)
			assert_int_equal(
			        doca_flow_pipe_remove_entry(0, DOCA_FLOW_ENTRY_FLAGS_NO_WAIT, e[i]),
			        DOCA_SUCCESS);
		process(pt.port[0]);
	}
	for (uint32_t i = 0; i < BATCH; i++)
		STALE(doca_flow_pipe_remove_entry(0, DOCA_FLOW_ENTRY_FLAGS_NO_WAIT, e[i]));
	doca_flow_pipe_destroy(p);
}

/* External resources: destroyed twice, used after destroy, exported after destroy. */
static void test_stale_external_resources(void **state)
{
	struct doca_flow_external_resource_array_cfg acfg = {
	        .size = 4,
	        .num_resources = 1,
	        .granularity = DOCA_FLOW_EXTERNAL_RESOURCE_GRANULARITY_64BIT};
	struct doca_flow_external_resource_array *arr, *arr2;
	struct doca_flow_external_resource_index_selector *sel;
	uint32_t v;

	(void)state;
	assert_int_equal(doca_flow_external_resource_array_create(&acfg, pt.port[0], &arr),
	                 DOCA_SUCCESS);
	doca_flow_external_resource_array_destroy(arr);
	STALE_VOID(doca_flow_external_resource_array_destroy(arr));
	STALE(doca_flow_external_resource_array_update(pt.port[0], arr, 0, 0, 1));
	assert_int_equal(doca_flow_external_resource_array_create(&acfg, pt.port[0], &arr2),
	                 DOCA_SUCCESS);
	assert_ptr_not_equal(arr2, arr);
	STALE(doca_flow_external_resource_array_update(pt.port[0], arr, 0, 0, 1));
	assert_int_equal(doca_flow_external_resource_array_update(pt.port[0], arr2, 0, 0, 1),
	                 DOCA_SUCCESS);
	doca_flow_external_resource_array_destroy(arr2);

	sel = pt_selector_create(1);
	pt_selector_destroy(sel);
	STALE_VOID(pt_selector_destroy(sel));
	STALE(doca_flow_external_resource_index_selector_get_id(sel, &v));
	STALE(doca_flow_external_resource_index_selector_get_max_index(sel, &v));
}

/* Provider objects: a destroyed context, exported pipe and exported resource. */
static void test_stale_provider_objects(void **state)
{
	struct doca_flow_external_resource_array_cfg acfg = {
	        .size = 4,
	        .num_resources = 1,
	        .granularity = DOCA_FLOW_EXTERNAL_RESOURCE_GRANULARITY_64BIT};
	struct doca_flow_external_resource_array *arr;
	struct doca_flow_dpa_ctx *ctx, *ctx2;
	struct doca_flow_dpa_pipe *dp, *dp2;
	struct doca_flow_dpa_external_resource *dr;
	struct doca_flow_pipe *hp = pt_hash_pipe(64, 0, false, false);
	doca_flow_dpa_addr a;

	(void)state;
	assert_int_equal(doca_flow_dpa_init(pt.process, &ctx), DOCA_SUCCESS);
	pt_queues(ctx, 64, 64, 64, 1);
	assert_int_equal(doca_flow_dpa_pipe_export_prepare(ctx, hp, 64, &dp), DOCA_SUCCESS);
	assert_int_equal(doca_flow_dpa_pipe_destroy(ctx, dp), DOCA_SUCCESS);
	STALE(doca_flow_dpa_pipe_destroy(ctx, dp));
	STALE(doca_flow_dpa_pipe_export(ctx, dp));
	STALE(doca_flow_dpa_pipe_get_device_addr(ctx, dp, &a));
	assert_int_equal(doca_flow_dpa_pipe_export_prepare(ctx, hp, 64, &dp2), DOCA_SUCCESS);
	assert_ptr_not_equal(dp2, dp);
	STALE(doca_flow_dpa_pipe_destroy(ctx, dp));
	assert_int_equal(doca_flow_dpa_pipe_export(ctx, dp2), DOCA_SUCCESS);
	assert_int_equal(doca_flow_dpa_pipe_destroy(ctx, dp2), DOCA_SUCCESS);

	assert_int_equal(doca_flow_external_resource_array_create(&acfg, pt.port[0], &arr),
	                 DOCA_SUCCESS);
	assert_int_equal(doca_flow_dpa_external_resource_export(
	                         ctx, DOCA_FLOW_DPA_EXTERNAL_RESOURCE_TYPE_MEMORY, arr, &dr),
	                 DOCA_SUCCESS);
	assert_int_equal(doca_flow_dpa_external_resource_destroy(ctx, dr), DOCA_SUCCESS);
	STALE(doca_flow_dpa_external_resource_destroy(ctx, dr));
	STALE(doca_flow_dpa_external_resource_get_device_addr(ctx, dr, &a));
	/* The array is the user's again: destroying it now frees it. */
	doca_flow_external_resource_array_destroy(arr);
	STALE(doca_flow_dpa_external_resource_export(
	        ctx, DOCA_FLOW_DPA_EXTERNAL_RESOURCE_TYPE_MEMORY, arr, &dr));

	assert_int_equal(doca_flow_dpa_queues_destroy(ctx, pt.port[0]), DOCA_SUCCESS);
	assert_int_equal(doca_flow_dpa_destroy(ctx), DOCA_SUCCESS);
	STALE(doca_flow_dpa_destroy(ctx));
	STALE(doca_flow_dpa_queues_destroy(ctx, pt.port[0]));
	STALE(doca_flow_dpa_pipe_export_prepare(ctx, hp, 64, &dp));
	assert_int_equal(doca_flow_dpa_init(pt.process, &ctx2), DOCA_SUCCESS);
	assert_ptr_not_equal(ctx2, ctx);
	STALE(doca_flow_dpa_destroy(ctx));
	assert_int_equal(doca_flow_dpa_destroy(ctx2), DOCA_SUCCESS);
	doca_flow_pipe_destroy(hp);
}

/* After doca_flow_destroy every Flow handle is refused (not initialised, or not live), and
 * none is read. */
static void test_handles_after_flow_destroy(void **state)
{
	struct doca_flow_pipe *p = basic_pipe(pt.port[0], "last");
	struct doca_flow_pipe_entry *e = add(p, 9);
	struct doca_flow_port *port0 = pt.port[0];

	(void)state;
	process(pt.port[0]);
	pt_flow_down();
	STALE_RC(doca_flow_pipe_remove_entry(0, DOCA_FLOW_ENTRY_FLAGS_NO_WAIT, e),
	         DOCA_ERROR_BAD_STATE);
	STALE_RC(doca_flow_pipe_entry_get_status(e), DOCA_FLOW_ENTRY_STATUS_ERROR);
	STALE_VOID(doca_flow_pipe_destroy(p));
	STALE(doca_flow_port_stop(port0));
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	        cmocka_unit_test_setup_teardown(test_configs_destroy_twice, up, pt_teardown),
	        cmocka_unit_test_setup_teardown(test_stale_port_never_acts_on_new_port, up,
	                                        pt_teardown),
	        cmocka_unit_test_setup_teardown(test_stale_pipe, up, pt_teardown),
	        cmocka_unit_test_setup_teardown(test_stale_entry, up, pt_teardown),
	        cmocka_unit_test_setup_teardown(test_entry_churn_past_quarantine, up, pt_teardown),
	        cmocka_unit_test_setup_teardown(test_stale_external_resources, up, pt_teardown),
	        cmocka_unit_test_setup_teardown(test_stale_provider_objects, up, pt_teardown),
	        cmocka_unit_test_setup_teardown(test_handles_after_flow_destroy, up, pt_teardown),
	};
	return cmocka_run_group_tests_name("flow_handles", tests, pt_group_setup,
	                                   pt_group_teardown);
}
