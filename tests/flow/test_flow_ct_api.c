/* SPDX-License-Identifier: BSD-3-Clause
 * DOCA Flow connection tracking (doca_flow_ct.h): not emulated. Every call with good
 * arguments answers NOT_SUPPORTED (UINT32_MAX or NULL where DOCA returns an id or a
 * pointer) and logs one line naming itself; a bad argument answers INVALID_VALUE with one
 * line naming the argument; outputs are left untouched. (Definitions and custom headers:
 * test_flow_custom_header_api.c.)
 */
#include <stdint.h>
#include <string.h>

#include <doca_flow_ct.h>

#include "flow_t.h"

#define EXPECT_UNSUPPORTED(call, name)                                                             \
	do {                                                                                       \
		t_log_reset();                                                                     \
		assert_int_equal((call), DOCA_ERROR_NOT_SUPPORTED);                                \
		assert_int_equal(t_log_problems(), 1);                                             \
		t_assert_logged(name, "not supported by softdpa");                                 \
	} while (0)

#define EXPECT_INVALID(call, name, what)                                                           \
	do {                                                                                       \
		t_log_reset();                                                                     \
		assert_int_equal((call), DOCA_ERROR_INVALID_VALUE);                                \
		assert_int_equal(t_log_problems(), 1);                                             \
		t_assert_logged(name, what);                                                       \
	} while (0)

/* A call returning nothing (or an id/pointer) logged exactly one line with these words. */
#define EXPECT_ONE_LINE(stmt, name, what)                                                          \
	do {                                                                                       \
		t_log_reset();                                                                     \
		stmt;                                                                              \
		assert_int_equal(t_log_problems(), 1);                                             \
		t_assert_logged(name, what);                                                       \
	} while (0)

/* Stand-ins for objects softdpa can never create: only their address is passed. */
static uint64_t fake_storage[64];
#define FAKE(type) ((type *)(void *)fake_storage)

/* ------------------------------------------------------------------ CT configuration */

static void test_ct_cfg(void **state)
{
	struct doca_flow_ct_cfg *cfg = FAKE(struct doca_flow_ct_cfg);
	struct doca_flow_ct_cfg *out = FAKE(struct doca_flow_ct_cfg);
	struct doca_flow_ct_aging_ops ops;
	struct doca_flow_meta zone_mask;
	struct doca_flow_ct_meta modify_mask;

	(void)state;
	memset(&ops, 0, sizeof(ops));
	memset(&zone_mask, 0, sizeof(zone_mask));
	memset(&modify_mask, 0, sizeof(modify_mask));

	EXPECT_INVALID(doca_flow_ct_cfg_create(NULL), "doca_flow_ct_cfg_create", "cfg is NULL");
	EXPECT_UNSUPPORTED(doca_flow_ct_cfg_create(&out), "doca_flow_ct_cfg_create");
	t_assert_logged("connection tracking is not emulated");
	assert_ptr_equal(out, FAKE(struct doca_flow_ct_cfg)); /* untouched */

	/* Every setter: a NULL cfg first, then a (never real) cfg. */
	EXPECT_INVALID(doca_flow_ct_cfg_set_flags(NULL, DOCA_FLOW_CT_FLAG_NO_AGING),
	               "doca_flow_ct_cfg_set_flags", "cfg is NULL");
	EXPECT_UNSUPPORTED(doca_flow_ct_cfg_set_flags(cfg, DOCA_FLOW_CT_FLAG_NO_AGING),
	                   "doca_flow_ct_cfg_set_flags");
	EXPECT_INVALID(doca_flow_ct_cfg_set_queues(NULL, 4), "doca_flow_ct_cfg_set_queues",
	               "cfg is NULL");
	EXPECT_UNSUPPORTED(doca_flow_ct_cfg_set_queues(cfg, 4), "doca_flow_ct_cfg_set_queues");
	EXPECT_INVALID(doca_flow_ct_cfg_set_queue_depth(NULL, 512),
	               "doca_flow_ct_cfg_set_queue_depth", "cfg is NULL");
	EXPECT_UNSUPPORTED(doca_flow_ct_cfg_set_queue_depth(cfg, 512),
	                   "doca_flow_ct_cfg_set_queue_depth");
	EXPECT_INVALID(doca_flow_ct_cfg_set_ctrl_queues(NULL, 1),
	               "doca_flow_ct_cfg_set_ctrl_queues", "cfg is NULL");
	EXPECT_UNSUPPORTED(doca_flow_ct_cfg_set_ctrl_queues(cfg, 1),
	                   "doca_flow_ct_cfg_set_ctrl_queues");
	EXPECT_INVALID(doca_flow_ct_cfg_set_user_actions(NULL, 8),
	               "doca_flow_ct_cfg_set_user_actions", "cfg is NULL");
	EXPECT_UNSUPPORTED(doca_flow_ct_cfg_set_user_actions(cfg, 8),
	                   "doca_flow_ct_cfg_set_user_actions");
	EXPECT_INVALID(doca_flow_ct_cfg_set_connections(NULL, 16, 16, 0),
	               "doca_flow_ct_cfg_set_connections", "cfg is NULL");
	EXPECT_UNSUPPORTED(doca_flow_ct_cfg_set_connections(cfg, 16, 16, 0),
	                   "doca_flow_ct_cfg_set_connections");
	EXPECT_INVALID(doca_flow_ct_cfg_set_max_connections_per_zone(NULL, 1024),
	               "doca_flow_ct_cfg_set_max_connections_per_zone", "cfg is NULL");
	EXPECT_UNSUPPORTED(doca_flow_ct_cfg_set_max_connections_per_zone(cfg, 1024),
	                   "doca_flow_ct_cfg_set_max_connections_per_zone");
	EXPECT_INVALID(doca_flow_ct_cfg_set_counter_asymmetric(NULL, 4),
	               "doca_flow_ct_cfg_set_counter_asymmetric", "cfg is NULL");
	EXPECT_UNSUPPORTED(doca_flow_ct_cfg_set_counter_asymmetric(cfg, 4),
	                   "doca_flow_ct_cfg_set_counter_asymmetric");
	EXPECT_INVALID(doca_flow_ct_cfg_set_entry_private_data_size(NULL, 16),
	               "doca_flow_ct_cfg_set_entry_private_data_size", "cfg is NULL");
	EXPECT_UNSUPPORTED(doca_flow_ct_cfg_set_entry_private_data_size(cfg, 16),
	                   "doca_flow_ct_cfg_set_entry_private_data_size");
	EXPECT_INVALID(doca_flow_ct_cfg_set_entry_finalize_cb(NULL, NULL),
	               "doca_flow_ct_cfg_set_entry_finalize_cb", "cfg is NULL");
	EXPECT_UNSUPPORTED(doca_flow_ct_cfg_set_entry_finalize_cb(cfg, NULL),
	                   "doca_flow_ct_cfg_set_entry_finalize_cb");
	EXPECT_INVALID(doca_flow_ct_cfg_set_status_update_cb(NULL, NULL),
	               "doca_flow_ct_cfg_set_status_update_cb", "cfg is NULL");
	EXPECT_UNSUPPORTED(doca_flow_ct_cfg_set_status_update_cb(cfg, NULL),
	                   "doca_flow_ct_cfg_set_status_update_cb");
	EXPECT_INVALID(doca_flow_ct_cfg_set_aging_core(NULL, 1), "doca_flow_ct_cfg_set_aging_core",
	               "cfg is NULL");
	EXPECT_UNSUPPORTED(doca_flow_ct_cfg_set_aging_core(cfg, 1),
	                   "doca_flow_ct_cfg_set_aging_core");
	EXPECT_INVALID(doca_flow_ct_cfg_set_aging_query_delay(NULL, 1),
	               "doca_flow_ct_cfg_set_aging_query_delay", "cfg is NULL");
	EXPECT_UNSUPPORTED(doca_flow_ct_cfg_set_aging_query_delay(cfg, 1),
	                   "doca_flow_ct_cfg_set_aging_query_delay");
	EXPECT_INVALID(doca_flow_ct_cfg_set_aging_plugin_ops(NULL, &ops),
	               "doca_flow_ct_cfg_set_aging_plugin_ops", "cfg is NULL");
	EXPECT_INVALID(doca_flow_ct_cfg_set_aging_plugin_ops(cfg, NULL),
	               "doca_flow_ct_cfg_set_aging_plugin_ops", "aging_ops is NULL");
	EXPECT_UNSUPPORTED(doca_flow_ct_cfg_set_aging_plugin_ops(cfg, &ops),
	                   "doca_flow_ct_cfg_set_aging_plugin_ops");
	EXPECT_INVALID(doca_flow_ct_cfg_set_dup_filter_size(NULL, 64),
	               "doca_flow_ct_cfg_set_dup_filter_size", "cfg is NULL");
	EXPECT_UNSUPPORTED(doca_flow_ct_cfg_set_dup_filter_size(cfg, 64),
	                   "doca_flow_ct_cfg_set_dup_filter_size");
	EXPECT_INVALID(doca_flow_ct_cfg_set_direction(NULL, false, false, &zone_mask, &modify_mask),
	               "doca_flow_ct_cfg_set_direction", "cfg is NULL");
	EXPECT_UNSUPPORTED(
	        doca_flow_ct_cfg_set_direction(cfg, true, false, &zone_mask, &modify_mask),
	        "doca_flow_ct_cfg_set_direction");

	EXPECT_INVALID(doca_flow_ct_init(NULL), "doca_flow_ct_init", "cfg is NULL");
	EXPECT_UNSUPPORTED(doca_flow_ct_init(cfg), "doca_flow_ct_init");
	EXPECT_INVALID(doca_flow_ct_cfg_destroy(NULL), "doca_flow_ct_cfg_destroy", "cfg is NULL");
	EXPECT_UNSUPPORTED(doca_flow_ct_cfg_destroy(cfg), "doca_flow_ct_cfg_destroy");
}

/* ------------------------------------------------------------------ CT module, meta */

static void test_ct_module(void **state)
{
	struct doca_flow_meta meta, zero;

	(void)state;
	EXPECT_INVALID(doca_flow_ct_cap_is_dev_supported(NULL), "doca_flow_ct_cap_is_dev_supported",
	               "devinfo is NULL");
	EXPECT_UNSUPPORTED(doca_flow_ct_cap_is_dev_supported(FAKE(const struct doca_devinfo)),
	                   "doca_flow_ct_cap_is_dev_supported");
	EXPECT_ONE_LINE(doca_flow_ct_destroy(), "doca_flow_ct_destroy", "not supported by softdpa");

	/* The meta helpers leave the metadata as it was. */
	memset(&meta, 0, sizeof(meta));
	memset(&zero, 0, sizeof(zero));
	EXPECT_ONE_LINE(doca_flow_ct_meta_prepare(NULL, 3, false), "doca_flow_ct_meta_prepare",
	                "meta is NULL");
	EXPECT_ONE_LINE(doca_flow_ct_meta_prepare(&meta, 3, false), "doca_flow_ct_meta_prepare",
	                "not supported by softdpa");
	EXPECT_ONE_LINE(doca_flow_ct_meta_mask_prepare(NULL, true),
	                "doca_flow_ct_meta_mask_prepare", "meta is NULL");
	EXPECT_ONE_LINE(doca_flow_ct_meta_mask_prepare(&meta, true),
	                "doca_flow_ct_meta_mask_prepare", "not supported by softdpa");
	EXPECT_ONE_LINE(doca_flow_ct_meta_set_match_zone(NULL, 7, false),
	                "doca_flow_ct_meta_set_match_zone", "meta is NULL");
	EXPECT_ONE_LINE(doca_flow_ct_meta_set_match_zone(&meta, 7, false),
	                "doca_flow_ct_meta_set_match_zone", "not supported by softdpa");
	assert_memory_equal(&meta, &zero, sizeof(meta));
	EXPECT_ONE_LINE(assert_int_equal(doca_flow_ct_meta_get_zone_offset(false), UINT32_MAX),
	                "doca_flow_ct_meta_get_zone_offset", "not supported by softdpa");
}

/* ------------------------------------------------------------------ CT aging plugin */

static void test_ct_aging_plugin(void **state)
{
	struct doca_flow_ct_aging_ctx *ctx = FAKE(struct doca_flow_ct_aging_ctx);
	struct doca_flow_ct_aging_counter_state st[2] = {{.ctr_id = 1}, {.ctr_id = 2}};
	struct doca_flow_ct_aging_counter ctr[1] = {{.ctr_id = 1}};
	struct doca_flow_ct_aging_conn_update_info info[1] = {{.aging_conn_id = 1}};
	uint32_t ids[1] = {1};

	(void)state;
	EXPECT_INVALID(doca_flow_ct_aging_counter_state_get(NULL, st, 2),
	               "doca_flow_ct_aging_counter_state_get", "ctx is NULL");
	EXPECT_INVALID(doca_flow_ct_aging_counter_state_get(ctx, NULL, 2),
	               "doca_flow_ct_aging_counter_state_get", "ctrs is NULL");
	EXPECT_UNSUPPORTED(doca_flow_ct_aging_counter_state_get(ctx, st, 2),
	                   "doca_flow_ct_aging_counter_state_get");
	assert_false(st[0].inuse || st[1].inuse);
	EXPECT_INVALID(doca_flow_ct_aging_counter_state_set(NULL, st, 2),
	               "doca_flow_ct_aging_counter_state_set", "ctx is NULL");
	EXPECT_UNSUPPORTED(doca_flow_ct_aging_counter_state_set(ctx, st, 2),
	                   "doca_flow_ct_aging_counter_state_set");
	EXPECT_INVALID(doca_flow_ct_aging_counter_query(ctx, NULL, 1),
	               "doca_flow_ct_aging_counter_query", "ctrs is NULL");
	EXPECT_UNSUPPORTED(doca_flow_ct_aging_counter_query(ctx, ctr, 1),
	                   "doca_flow_ct_aging_counter_query");
	assert_int_equal(ctr[0].total_pkts, 0);
	EXPECT_ONE_LINE(doca_flow_ct_aging_conn_update(NULL, info, 1),
	                "doca_flow_ct_aging_conn_update", "ctx is NULL");
	EXPECT_ONE_LINE(doca_flow_ct_aging_conn_update(ctx, NULL, 1),
	                "doca_flow_ct_aging_conn_update", "info is NULL");
	EXPECT_ONE_LINE(doca_flow_ct_aging_conn_update(ctx, info, 1),
	                "doca_flow_ct_aging_conn_update", "not supported by softdpa");
	EXPECT_ONE_LINE(doca_flow_ct_aging_conn_timeout(NULL, ids, 1),
	                "doca_flow_ct_aging_conn_timeout", "ctx is NULL");
	EXPECT_ONE_LINE(doca_flow_ct_aging_conn_timeout(ctx, NULL, 1),
	                "doca_flow_ct_aging_conn_timeout", "aging_conn_ids is NULL");
	EXPECT_ONE_LINE(doca_flow_ct_aging_conn_timeout(ctx, ids, 1),
	                "doca_flow_ct_aging_conn_timeout", "not supported by softdpa");
}

/* ------------------------------------------------------------------ CT entries */

static void iterate_cb(uint16_t q, struct doca_flow_pipe *pipe, struct doca_flow_pipe_entry *e,
                       void *ctx)
{
	(void)q;
	(void)pipe;
	(void)e;
	(void)ctx;
	fail_msg("softdpa never iterates a CT pipe");
}

static void test_ct_entries(void **state)
{
	struct doca_flow_port *port = FAKE(struct doca_flow_port);
	struct doca_flow_pipe *pipe = FAKE(struct doca_flow_pipe);
	struct doca_flow_pipe_entry *entry = FAKE(struct doca_flow_pipe_entry);
	struct doca_flow_pipe_entry *out = NULL;
	struct doca_flow_ct_match mo, mr;
	struct doca_flow_ct_actions act;
	struct doca_flow_resource_query qo, qr;
	struct doca_flow_fwd fwd;
	uint32_t room = 77, handles[1] = {5}, fwd_handle[1] = {9}, ho = 0, hr = 0;
	uint64_t last_hit = 0, eflags = 0;
	void *priv = NULL;
	bool found = true;

	(void)state;
	memset(&mo, 0, sizeof(mo));
	memset(&mr, 0, sizeof(mr));
	memset(&act, 0, sizeof(act));
	memset(&fwd, 0, sizeof(fwd));

	EXPECT_INVALID(doca_flow_ct_entries_process(NULL, 0, 0, 0, &room),
	               "doca_flow_ct_entries_process", "port is NULL");
	EXPECT_UNSUPPORTED(doca_flow_ct_entries_process(port, 0, 0, 0, &room),
	                   "doca_flow_ct_entries_process");
	assert_int_equal(room, 77);

	EXPECT_INVALID(doca_flow_ct_entry_prepare(0, NULL, 0, &mo, 0, &mr, 0, &out, &found),
	               "doca_flow_ct_entry_prepare", "pipe is NULL");
	EXPECT_INVALID(doca_flow_ct_entry_prepare(0, pipe, 0, NULL, 0, &mr, 0, &out, &found),
	               "doca_flow_ct_entry_prepare", "match_origin is NULL");
	EXPECT_INVALID(doca_flow_ct_entry_prepare(0, pipe, 0, &mo, 0, &mr, 0, NULL, &found),
	               "doca_flow_ct_entry_prepare", "entry is NULL");
	EXPECT_UNSUPPORTED(doca_flow_ct_entry_prepare(0, pipe,
	                                              DOCA_FLOW_CT_ENTRY_FLAGS_ALLOC_ON_MISS, &mo,
	                                              0, &mr, 0, &out, &found),
	                   "doca_flow_ct_entry_prepare");
	assert_null(out);
	assert_true(found);

	EXPECT_INVALID(doca_flow_ct_entry_prepare_rollback(0, pipe, NULL),
	               "doca_flow_ct_entry_prepare_rollback", "entry is NULL");
	EXPECT_UNSUPPORTED(doca_flow_ct_entry_prepare_rollback(0, pipe, entry),
	                   "doca_flow_ct_entry_prepare_rollback");

	EXPECT_INVALID(
	        doca_flow_ct_add_entry(0, NULL, 0, &mo, &mr, &act, &act, 0, 0, 30, NULL, entry),
	        "doca_flow_ct_add_entry", "pipe is NULL");
	EXPECT_INVALID(
	        doca_flow_ct_add_entry(0, pipe, 0, &mo, &mr, &act, &act, 0, 0, 30, NULL, NULL),
	        "doca_flow_ct_add_entry", "entry is NULL");
	EXPECT_UNSUPPORTED(doca_flow_ct_add_entry(0, pipe, DOCA_FLOW_CT_ENTRY_FLAGS_NO_WAIT, &mo,
	                                          &mr, &act, &act, 0, 0, 30, NULL, entry),
	                   "doca_flow_ct_add_entry");

	EXPECT_INVALID(doca_flow_ct_entry_add_dir(0, pipe, 0, NULL, &act, 0, entry),
	               "doca_flow_ct_entry_add_dir", "match is NULL");
	EXPECT_UNSUPPORTED(doca_flow_ct_entry_add_dir(0, pipe, DOCA_FLOW_CT_ENTRY_FLAGS_DIR_REPLY,
	                                              &mr, &act, 0, entry),
	                   "doca_flow_ct_entry_add_dir");

	EXPECT_INVALID(doca_flow_ct_update_entry(0, pipe, 0, NULL, &act, &act, 0, 0, 30),
	               "doca_flow_ct_update_entry", "entry is NULL");
	EXPECT_UNSUPPORTED(doca_flow_ct_update_entry(0, pipe, 0, entry, &act, &act, 0, 0, 30),
	                   "doca_flow_ct_update_entry");

	EXPECT_INVALID(doca_flow_ct_rm_entry(0, NULL, 0, entry), "doca_flow_ct_rm_entry",
	               "pipe is NULL");
	EXPECT_UNSUPPORTED(doca_flow_ct_rm_entry(0, pipe, 0, entry), "doca_flow_ct_rm_entry");

	EXPECT_INVALID(doca_flow_ct_get_entry(0, pipe, 0, NULL, &mo, &mr, &eflags, &ho, &hr),
	               "doca_flow_ct_get_entry", "entry is NULL");
	EXPECT_UNSUPPORTED(doca_flow_ct_get_entry(0, pipe, 0, entry, &mo, &mr, &eflags, &ho, &hr),
	                   "doca_flow_ct_get_entry");
	assert_int_equal(eflags, 0);

	EXPECT_INVALID(doca_flow_ct_query_entry(0, pipe, 0, NULL, &qo, &qr, &last_hit),
	               "doca_flow_ct_query_entry", "entry is NULL");
	EXPECT_UNSUPPORTED(doca_flow_ct_query_entry(0, pipe, 0, entry, &qo, &qr, &last_hit),
	                   "doca_flow_ct_query_entry");
	assert_int_equal(last_hit, 0);

	EXPECT_ONE_LINE(assert_null(doca_flow_ct_entry_get_priv_data(0, pipe, entry)),
	                "doca_flow_ct_entry_get_priv_data", "not supported by softdpa");
	EXPECT_ONE_LINE(
	        assert_int_equal(doca_flow_ct_entry_get_conn_id(0, pipe, entry), UINT32_MAX),
	        "doca_flow_ct_entry_get_conn_id", "not supported by softdpa");
	EXPECT_ONE_LINE(
	        assert_int_equal(doca_flow_ct_entry_get_aging_conn_id(0, pipe, entry), UINT32_MAX),
	        "doca_flow_ct_entry_get_aging_conn_id", "not supported by softdpa");

	EXPECT_INVALID(doca_flow_ct_entry_get_by_id(0, pipe, 1, NULL, &priv),
	               "doca_flow_ct_entry_get_by_id", "entry is NULL");
	EXPECT_UNSUPPORTED(doca_flow_ct_entry_get_by_id(0, pipe, 1, &out, &priv),
	                   "doca_flow_ct_entry_get_by_id");
	EXPECT_INVALID(doca_flow_ct_entry_get_by_aging_conn_id(NULL, 1, &out, &priv),
	               "doca_flow_ct_entry_get_by_aging_conn_id", "pipe is NULL");
	EXPECT_UNSUPPORTED(doca_flow_ct_entry_get_by_aging_conn_id(pipe, 1, &out, &priv),
	                   "doca_flow_ct_entry_get_by_aging_conn_id");
	assert_null(out);
	assert_null(priv);

	EXPECT_INVALID(doca_flow_ct_actions_add_shared(0, pipe, &act, 0, handles),
	               "doca_flow_ct_actions_add_shared", "no actions given");
	EXPECT_INVALID(doca_flow_ct_actions_add_shared(0, pipe, &act, 1, NULL),
	               "doca_flow_ct_actions_add_shared", "actions_handles is NULL");
	EXPECT_UNSUPPORTED(doca_flow_ct_actions_add_shared(0, pipe, &act, 1, handles),
	                   "doca_flow_ct_actions_add_shared");
	assert_int_equal(handles[0], 5);
	EXPECT_INVALID(doca_flow_ct_actions_update_shared(0, NULL, &act, 1, handles),
	               "doca_flow_ct_actions_update_shared", "pipe is NULL");
	EXPECT_UNSUPPORTED(doca_flow_ct_actions_update_shared(0, pipe, &act, 1, handles),
	                   "doca_flow_ct_actions_update_shared");
	EXPECT_INVALID(doca_flow_ct_actions_rm_shared(0, pipe, NULL, 1),
	               "doca_flow_ct_actions_rm_shared", "actions_handles is NULL");
	EXPECT_UNSUPPORTED(doca_flow_ct_actions_rm_shared(0, pipe, handles, 1),
	                   "doca_flow_ct_actions_rm_shared");

	EXPECT_INVALID(doca_flow_ct_fwd_register(NULL, 1, &fwd, fwd_handle),
	               "doca_flow_ct_fwd_register", "port is NULL");
	EXPECT_INVALID(doca_flow_ct_fwd_register(port, 0, &fwd, fwd_handle),
	               "doca_flow_ct_fwd_register", "no forwards given");
	EXPECT_UNSUPPORTED(doca_flow_ct_fwd_register(port, 1, &fwd, fwd_handle),
	                   "doca_flow_ct_fwd_register");
	assert_int_equal(fwd_handle[0], 9);

	EXPECT_INVALID(doca_flow_ct_pipe_iterate(pipe, NULL, NULL), "doca_flow_ct_pipe_iterate",
	               "iterate_cb is NULL");
	EXPECT_UNSUPPORTED(doca_flow_ct_pipe_iterate(pipe, iterate_cb, NULL),
	                   "doca_flow_ct_pipe_iterate");
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	        cmocka_unit_test(test_ct_cfg),
	        cmocka_unit_test(test_ct_module),
	        cmocka_unit_test(test_ct_aging_plugin),
	        cmocka_unit_test(test_ct_entries),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
