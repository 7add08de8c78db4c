/* SPDX-License-Identifier: BSD-3-Clause
 * Index selector: create/get_id/get_max_index/modify/modify_range arguments, every state,
 * the round-robin sequences docs/EXTERNAL_RESOURCES.md defines, the packed state words.
 */
#include <stdlib.h>
#include <string.h>

#include <doca_flow_external_action_index_selector.h>

#include "core/util.h"
#include "nic/ext_resource.h"
#include "t_helpers.h"

static char port_mem[2];
#define PORT_A ((struct doca_flow_port *)&port_mem[0])
#define PORT_B ((struct doca_flow_port *)&port_mem[1])

#define OP_ENABLE     DOCA_FLOW_EXTERNAL_RESOURCE_INDEX_SELECTOR_OP_ENABLE
#define OP_SKIP_ONCE  DOCA_FLOW_EXTERNAL_RESOURCE_INDEX_SELECTOR_OP_SKIP_ONCE
#define OP_SKIP_TWICE DOCA_FLOW_EXTERNAL_RESOURCE_INDEX_SELECTOR_OP_SKIP_TWICE
#define OP_DISABLE    DOCA_FLOW_EXTERNAL_RESOURCE_INDEX_SELECTOR_OP_DISABLE

static struct doca_flow_external_resource_index_selector *sel;

static int setup(void **state)
{
	struct doca_flow_external_resource_index_selector_cfg cfg = {
	        .num_resources = 2,
	        .policy = DOCA_FLOW_EXTERNAL_RESOURCE_INDEX_SELECTOR_POLICY_ROUND_ROBIN};
	uint32_t type;

	(void)state;
	sdpa_ext_reset_registration();
	if (doca_flow_external_action_index_selector_register(&type) != DOCA_SUCCESS)
		return -1;
	sel = NULL;
	if (doca_flow_external_resource_index_selector_create(&cfg, PORT_A, &sel) != DOCA_SUCCESS)
		return -1;
	t_log_reset();
	return 0;
}

static int teardown(void **state)
{
	(void)state;
	doca_flow_external_resource_index_selector_destroy(sel);
	return sdpa_ext_live_objects() == 0 ? 0 : -1;
}

static void expect_sequence(uint32_t offset, const uint32_t *want, size_t n)
{
	for (size_t i = 0; i < n; i++) {
		uint32_t got = sdpa_ixsel_select(sel, offset);

		if (got != want[i])
			fail_msg("frame %zu: selected %u, expected %u", i + 1, got, want[i]);
	}
}

static enum sdpa_ixsel_state state_of(uint32_t offset, uint32_t index)
{
	enum sdpa_ixsel_state st = (enum sdpa_ixsel_state)99;

	assert_int_equal(sdpa_ixsel_get_state(sel, offset, index, &st), DOCA_SUCCESS);
	return st;
}

static void test_create_errors(void **state)
{
	struct doca_flow_external_resource_index_selector_cfg cfg = {.num_resources = 1};
	struct doca_flow_external_resource_index_selector *r = NULL;

	(void)state;
	assert_int_equal(doca_flow_external_resource_index_selector_create(NULL, PORT_A, &r),
	                 DOCA_ERROR_INVALID_VALUE);
	t_assert_logged("index_selector_create", "cfg is NULL");
	assert_int_equal(doca_flow_external_resource_index_selector_create(&cfg, NULL, &r),
	                 DOCA_ERROR_INVALID_VALUE);
	t_assert_logged("index_selector_create", "port is NULL");
	assert_int_equal(doca_flow_external_resource_index_selector_create(&cfg, PORT_A, NULL),
	                 DOCA_ERROR_INVALID_VALUE);
	t_assert_logged("index_selector_create", "out is NULL");
	cfg.num_resources = 0;
	assert_int_equal(doca_flow_external_resource_index_selector_create(&cfg, PORT_A, &r),
	                 DOCA_ERROR_INVALID_VALUE);
	t_assert_logged("num_resources 0 is out of range", "use 1..1048576");
	cfg.num_resources = SDPA_EXT_MAX_RESOURCES + 1;
	assert_int_equal(doca_flow_external_resource_index_selector_create(&cfg, PORT_A, &r),
	                 DOCA_ERROR_INVALID_VALUE);
	t_assert_logged("num_resources 1048577 is out of range");
	cfg.num_resources = 1;
	cfg.policy = (enum doca_flow_external_resource_index_selector_policy)1;
	assert_int_equal(doca_flow_external_resource_index_selector_create(&cfg, PORT_A, &r),
	                 DOCA_ERROR_INVALID_VALUE);
	t_assert_logged("policy 1 is unknown", "POLICY_ROUND_ROBIN");
	assert_null(r);
	assert_int_equal(t_log_problems(), 6);
	assert_int_equal(sdpa_ext_live_objects(), 1);

	/* the largest object works; hw_load_balancer is accepted */
	cfg.policy = DOCA_FLOW_EXTERNAL_RESOURCE_INDEX_SELECTOR_POLICY_ROUND_ROBIN;
	cfg.num_resources = SDPA_EXT_MAX_RESOURCES;
	cfg.hw_load_balancer = true;
	assert_int_equal(doca_flow_external_resource_index_selector_create(&cfg, PORT_B, &r),
	                 DOCA_SUCCESS);
	assert_int_equal(sdpa_ixsel_modify(r, SDPA_EXT_MAX_RESOURCES - 1, OP_ENABLE, 64),
	                 DOCA_SUCCESS);
	assert_int_equal(sdpa_ixsel_select(r, SDPA_EXT_MAX_RESOURCES - 1), 64);
	doca_flow_external_resource_index_selector_destroy(r);
}

static void test_get_id_and_max_index(void **state)
{
	uint32_t v = 12345;
	int plain[16] = {0};

	(void)state;
	assert_int_equal(doca_flow_external_resource_index_selector_get_max_index(sel, &v),
	                 DOCA_SUCCESS);
	assert_int_equal(v, 64);
	assert_int_equal(sdpa_ixsel_max_index(), 64);
	assert_int_equal(doca_flow_external_resource_index_selector_get_id(sel, &v), DOCA_SUCCESS);
	assert_int_equal(v, sdpa_ext_obj_id(sel));
	assert_true(v >= 1);
	assert_int_equal(t_log_problems(), 0);

	v = 7;
	assert_int_equal(doca_flow_external_resource_index_selector_get_id(NULL, &v),
	                 DOCA_ERROR_INVALID_VALUE);
	t_assert_logged("index_selector_get_id", "res is NULL");
	assert_int_equal(doca_flow_external_resource_index_selector_get_id(sel, NULL),
	                 DOCA_ERROR_INVALID_VALUE);
	t_assert_logged("index_selector_get_id", "resource_id is NULL");
	assert_int_equal(doca_flow_external_resource_index_selector_get_id(
	                         (struct doca_flow_external_resource_index_selector *)plain, &v),
	                 DOCA_ERROR_INVALID_VALUE);
	t_assert_logged("index_selector_get_id", "not an index selector");
	assert_int_equal(doca_flow_external_resource_index_selector_get_max_index(NULL, &v),
	                 DOCA_ERROR_INVALID_VALUE);
	t_assert_logged("index_selector_get_max_index", "res is NULL");
	assert_int_equal(doca_flow_external_resource_index_selector_get_max_index(sel, NULL),
	                 DOCA_ERROR_INVALID_VALUE);
	t_assert_logged("index_selector_get_max_index", "max_index is NULL");
	assert_int_equal(doca_flow_external_resource_index_selector_get_max_index(
	                         (struct doca_flow_external_resource_index_selector *)plain, &v),
	                 DOCA_ERROR_INVALID_VALUE);
	t_assert_logged("index_selector_get_max_index", "not an index selector");
	assert_int_equal(v, 7);
	assert_int_equal(t_log_problems(), 6);
}

static void test_new_selector_all_disabled(void **state)
{
	uint64_t w = 0;

	(void)state;
	for (uint32_t i = 1; i <= 64; i++) {
		assert_int_equal(state_of(0, i), SDPA_IXSEL_DISABLE);
		assert_int_equal(state_of(1, i), SDPA_IXSEL_DISABLE);
	}
	assert_int_equal(sdpa_ixsel_get_word(sel, 0, 0, &w), DOCA_SUCCESS);
	assert_true(w == UINT64_MAX);
	assert_int_equal(sdpa_ixsel_select(sel, 0), 0);
	assert_int_equal(sdpa_ixsel_select(sel, 1), 0);
	assert_int_equal(t_log_problems(), 0);
}

/* The D4 reference case (docs/EXTERNAL_RESOURCES.md): indices 1..4 enabled, 2 DISABLE,
 * 3 SKIP_ONCE, 8 frames. */
static void test_reference_sequence(void **state)
{
	static const uint32_t want[] = {1, 4, 1, 3, 4, 1, 3, 4};

	(void)state;
	assert_int_equal(doca_flow_external_resource_index_selector_modify_range(PORT_A, sel, 0,
	                                                                         OP_ENABLE, 1, 4),
	                 DOCA_SUCCESS);
	assert_int_equal(
	        doca_flow_external_resource_index_selector_modify(PORT_A, sel, 0, OP_DISABLE, 2),
	        DOCA_SUCCESS);
	assert_int_equal(
	        doca_flow_external_resource_index_selector_modify(PORT_A, sel, 0, OP_SKIP_ONCE, 3),
	        DOCA_SUCCESS);
	assert_int_equal(state_of(0, 3), SDPA_IXSEL_SKIP_ONCE);
	expect_sequence(0, want, SDPA_ARRAY_SIZE(want));
	assert_int_equal(state_of(0, 3), SDPA_IXSEL_ENABLE); /* the skip was consumed */
	assert_int_equal(state_of(0, 2), SDPA_IXSEL_DISABLE);
	/* the other resource of the object is untouched */
	assert_int_equal(sdpa_ixsel_select(sel, 1), 0);
	assert_int_equal(t_log_problems(), 0);
}

static void test_all_enabled_round_robin(void **state)
{
	static const uint32_t want[] = {1, 2, 3, 4, 1, 2, 3, 4, 1};

	(void)state;
	assert_int_equal(sdpa_ixsel_modify_range(sel, 0, OP_ENABLE, 1, 4), DOCA_SUCCESS);
	expect_sequence(0, want, SDPA_ARRAY_SIZE(want));
}

static void test_skip_twice(void **state)
{
	static const uint32_t want[] = {1, 3, 4, 1, 3, 4, 1, 2};

	(void)state;
	assert_int_equal(sdpa_ixsel_modify_range(sel, 0, OP_ENABLE, 1, 4), DOCA_SUCCESS);
	assert_int_equal(sdpa_ixsel_modify(sel, 0, OP_SKIP_TWICE, 2), DOCA_SUCCESS);
	assert_int_equal(state_of(0, 2), SDPA_IXSEL_SKIP_TWICE);
	expect_sequence(0, want, 2);
	assert_int_equal(state_of(0, 2), SDPA_IXSEL_SKIP_ONCE);
	expect_sequence(0, want + 2, 3);
	assert_int_equal(state_of(0, 2), SDPA_IXSEL_ENABLE);
	expect_sequence(0, want + 5, 3);
}

/* A lone SKIP index: the first select passes it (consuming the skip) and finds nothing
 * within the cycle, so it yields 0; then the index is selected. */
static void test_only_skip_index(void **state)
{
	static const uint32_t want[] = {0, 0, 7, 7};

	(void)state;
	assert_int_equal(sdpa_ixsel_modify(sel, 1, OP_SKIP_TWICE, 7), DOCA_SUCCESS);
	expect_sequence(1, want, SDPA_ARRAY_SIZE(want));
	assert_int_equal(state_of(1, 7), SDPA_IXSEL_ENABLE);
}

/* A select that finds nothing leaves the cursor where it was. */
static void test_empty_keeps_cursor(void **state)
{
	(void)state;
	assert_int_equal(sdpa_ixsel_modify_range(sel, 0, OP_ENABLE, 1, 4), DOCA_SUCCESS);
	assert_int_equal(sdpa_ixsel_select(sel, 0), 1);
	assert_int_equal(sdpa_ixsel_modify_range(sel, 0, OP_DISABLE, 1, 64), DOCA_SUCCESS);
	assert_int_equal(sdpa_ixsel_select(sel, 0), 0);
	assert_int_equal(sdpa_ixsel_select(sel, 0), 0);
	assert_int_equal(sdpa_ixsel_modify_range(sel, 0, OP_ENABLE, 1, 4), DOCA_SUCCESS);
	assert_int_equal(sdpa_ixsel_select(sel, 0), 2);
	/* re-enabling after DISABLE makes an index selectable at its next visit */
	assert_int_equal(sdpa_ixsel_modify(sel, 0, OP_DISABLE, 3), DOCA_SUCCESS);
	assert_int_equal(sdpa_ixsel_select(sel, 0), 4);
	assert_int_equal(sdpa_ixsel_modify(sel, 0, OP_ENABLE, 3), DOCA_SUCCESS);
	assert_int_equal(sdpa_ixsel_select(sel, 0), 1);
	assert_int_equal(sdpa_ixsel_select(sel, 0), 2);
	assert_int_equal(sdpa_ixsel_select(sel, 0), 3);
}

static void test_every_state_encoded(void **state)
{
	uint64_t w = 0;

	(void)state;
	/* indices 1..4 = ENABLE, SKIP_ONCE, SKIP_TWICE, DISABLE; the rest stay DISABLE */
	assert_int_equal(sdpa_ixsel_modify(sel, 0, OP_ENABLE, 1), DOCA_SUCCESS);
	assert_int_equal(sdpa_ixsel_modify(sel, 0, OP_SKIP_ONCE, 2), DOCA_SUCCESS);
	assert_int_equal(sdpa_ixsel_modify(sel, 0, OP_SKIP_TWICE, 3), DOCA_SUCCESS);
	assert_int_equal(sdpa_ixsel_modify(sel, 0, OP_DISABLE, 4), DOCA_SUCCESS);
	assert_int_equal(state_of(0, 1), SDPA_IXSEL_ENABLE);
	assert_int_equal(state_of(0, 2), SDPA_IXSEL_SKIP_ONCE);
	assert_int_equal(state_of(0, 3), SDPA_IXSEL_SKIP_TWICE);
	assert_int_equal(state_of(0, 4), SDPA_IXSEL_DISABLE);
	assert_int_equal(sdpa_ixsel_get_word(sel, 0, 0, &w), DOCA_SUCCESS);
	assert_true(w == 0xFFFFFFFFFFFFFFE4ull); /* 11 10 01 00 from index 4 down to 1 */
	assert_int_equal(sdpa_ixsel_get_word(sel, 0, 1, &w), DOCA_SUCCESS);
	assert_true(w == UINT64_MAX);
	/* op values equal the state encoding */
	assert_int_equal(OP_ENABLE, SDPA_IXSEL_ENABLE);
	assert_int_equal(OP_SKIP_ONCE, SDPA_IXSEL_SKIP_ONCE);
	assert_int_equal(OP_SKIP_TWICE, SDPA_IXSEL_SKIP_TWICE);
	assert_int_equal(OP_DISABLE, SDPA_IXSEL_DISABLE);
}

static void test_range_across_chunks(void **state)
{
	static const uint32_t want[] = {30, 31, 32, 33, 34, 35, 30};
	uint64_t w0 = 0, w1 = 0;

	(void)state;
	assert_int_equal(doca_flow_external_resource_index_selector_modify_range(PORT_A, sel, 1,
	                                                                         OP_ENABLE, 30, 35),
	                 DOCA_SUCCESS);
	assert_int_equal(sdpa_ixsel_get_word(sel, 1, 0, &w0), DOCA_SUCCESS);
	assert_int_equal(sdpa_ixsel_get_word(sel, 1, 1, &w1), DOCA_SUCCESS);
	assert_true(w0 == 0x03FFFFFFFFFFFFFFull); /* indices 30..32 */
	assert_true(w1 == 0xFFFFFFFFFFFFFFC0ull); /* indices 33..35 */
	expect_sequence(1, want, SDPA_ARRAY_SIZE(want));
	/* the edges: index 64 wraps to index 1 */
	assert_int_equal(sdpa_ixsel_modify_range(sel, 1, OP_DISABLE, 1, 64), DOCA_SUCCESS);
	assert_int_equal(sdpa_ixsel_modify(sel, 1, OP_ENABLE, 64), DOCA_SUCCESS);
	assert_int_equal(sdpa_ixsel_modify(sel, 1, OP_ENABLE, 1), DOCA_SUCCESS);
	assert_int_equal(sdpa_ixsel_select(sel, 1), 64);
	assert_int_equal(sdpa_ixsel_select(sel, 1), 1);
	assert_int_equal(sdpa_ixsel_select(sel, 1), 64);
	/* a single-index range */
	assert_int_equal(sdpa_ixsel_modify_range(sel, 1, OP_SKIP_ONCE, 1, 1), DOCA_SUCCESS);
	assert_int_equal(state_of(1, 1), SDPA_IXSEL_SKIP_ONCE);
	assert_int_equal(state_of(1, 2), SDPA_IXSEL_DISABLE);
	assert_int_equal(state_of(1, 64), SDPA_IXSEL_ENABLE);
}

static void test_modify_errors(void **state)
{
	uint64_t w0 = 0;

	(void)state;
	assert_int_equal(sdpa_ixsel_modify_range(sel, 0, OP_ENABLE, 1, 4), DOCA_SUCCESS);
#define MOD(port, r, off, op, idx)                                                                 \
	doca_flow_external_resource_index_selector_modify(port, r, off, op, idx)
	assert_int_equal(MOD(NULL, sel, 0, OP_ENABLE, 5), DOCA_ERROR_INVALID_VALUE);
	t_assert_logged("index_selector_modify", "port is NULL");
	assert_int_equal(MOD(PORT_B, sel, 0, OP_ENABLE, 5), DOCA_ERROR_INVALID_VALUE);
	t_assert_logged("index_selector_modify", "belongs to port",
	                "pass the port it was created on");
	assert_int_equal(MOD(PORT_A, NULL, 0, OP_ENABLE, 5), DOCA_ERROR_INVALID_VALUE);
	t_assert_logged("index_selector_modify", "res is NULL");
	assert_int_equal(MOD(PORT_A, sel, 2, OP_ENABLE, 5), DOCA_ERROR_INVALID_VALUE);
	t_assert_logged("resource_offset 2 is out of range", "2 resource(s) (0..1)");
	assert_int_equal(MOD(PORT_A, sel, 0,
	                     (enum doca_flow_external_resource_index_selector_operation)4, 5),
	                 DOCA_ERROR_INVALID_VALUE);
	t_assert_logged("operation 4 is unknown");
	assert_int_equal(MOD(PORT_A, sel, 0, OP_ENABLE, 0), DOCA_ERROR_INVALID_VALUE);
	t_assert_logged("index 0 is out of range", "1-based, 1..64");
	assert_int_equal(MOD(PORT_A, sel, 0, OP_ENABLE, 65), DOCA_ERROR_INVALID_VALUE);
	t_assert_logged("index 65 is out of range");
#undef MOD
#define RANGE(port, r, off, op, s, e)                                                              \
	doca_flow_external_resource_index_selector_modify_range(port, r, off, op, s, e)
	assert_int_equal(RANGE(NULL, sel, 0, OP_DISABLE, 1, 2), DOCA_ERROR_INVALID_VALUE);
	t_assert_logged("index_selector_modify_range", "port is NULL");
	assert_int_equal(RANGE(PORT_B, sel, 0, OP_DISABLE, 1, 2), DOCA_ERROR_INVALID_VALUE);
	t_assert_logged("index_selector_modify_range", "belongs to port");
	assert_int_equal(RANGE(PORT_A, NULL, 0, OP_DISABLE, 1, 2), DOCA_ERROR_INVALID_VALUE);
	t_assert_logged("index_selector_modify_range", "res is NULL");
	assert_int_equal(RANGE(PORT_A, sel, 5, OP_DISABLE, 1, 2), DOCA_ERROR_INVALID_VALUE);
	t_assert_logged("index_selector_modify_range", "resource_offset 5 is out of range");
	assert_int_equal(RANGE(PORT_A, sel, 0,
	                       (enum doca_flow_external_resource_index_selector_operation)7, 1, 2),
	                 DOCA_ERROR_INVALID_VALUE);
	t_assert_logged("index_selector_modify_range", "operation 7 is unknown");
	assert_int_equal(RANGE(PORT_A, sel, 0, OP_DISABLE, 0, 2), DOCA_ERROR_INVALID_VALUE);
	t_assert_logged("index 0 is out of range");
	/* all-or-nothing: a bad end changes nothing, even in range */
	assert_int_equal(RANGE(PORT_A, sel, 0, OP_DISABLE, 1, 65), DOCA_ERROR_INVALID_VALUE);
	t_assert_logged("index_selector_modify_range", "index 65 is out of range");
	assert_int_equal(RANGE(PORT_A, sel, 0, OP_DISABLE, 4, 3), DOCA_ERROR_INVALID_VALUE);
	t_assert_logged("start_idx 4 is after end_idx 3", "inclusive");
#undef RANGE
	assert_int_equal(t_log_problems(), 15);
	assert_int_equal(sdpa_ixsel_get_word(sel, 0, 0, &w0), DOCA_SUCCESS);
	assert_true(w0 == 0xFFFFFFFFFFFFFF00ull); /* still exactly 1..4 ENABLE */
}

static void test_internal_errors(void **state)
{
	enum sdpa_ixsel_state st = SDPA_IXSEL_SKIP_ONCE;
	uint64_t w = 5;
	int plain[16] = {0};

	(void)state;
	assert_int_equal(sdpa_ixsel_modify(NULL, 0, OP_ENABLE, 1), DOCA_ERROR_INVALID_VALUE);
	t_assert_logged("index selector modify", "res is NULL");
	assert_int_equal(
	        sdpa_ixsel_modify((struct doca_flow_external_resource_index_selector *)plain, 0,
	                          OP_ENABLE, 1),
	        DOCA_ERROR_INVALID_VALUE);
	t_assert_logged("index selector modify", "not a live index selector");
	assert_int_equal(sdpa_ixsel_modify_range(sel, 0, OP_ENABLE, 64, 65),
	                 DOCA_ERROR_INVALID_VALUE);
	t_assert_logged("index selector modify_range", "index 65 is out of range");
	assert_int_equal(sdpa_ixsel_get_state(sel, 0, 65, &st), DOCA_ERROR_INVALID_VALUE);
	t_assert_logged("get_state", "index 65");
	assert_int_equal(sdpa_ixsel_get_state(sel, 0, 1, NULL), DOCA_ERROR_INVALID_VALUE);
	t_assert_logged("get_state", "state is NULL");
	assert_int_equal(sdpa_ixsel_get_word(sel, 0, 2, &w), DOCA_ERROR_INVALID_VALUE);
	t_assert_logged("get_word", "chunk out of range");
	assert_int_equal(sdpa_ixsel_get_word(sel, 0, 0, NULL), DOCA_ERROR_INVALID_VALUE);
	t_assert_logged("get_word", "word is NULL");
	assert_int_equal(sdpa_ixsel_get_word(sel, 2, 0, &w), DOCA_ERROR_INVALID_VALUE);
	t_assert_logged("get_word", "resource_offset 2");
	assert_int_equal(st, SDPA_IXSEL_SKIP_ONCE);
	assert_true(w == 5);
	assert_int_equal(t_log_problems(), 8);

	/* datapath: a bad offset or no selector selects nothing and says why (rate-limited) */
	assert_int_equal(sdpa_ixsel_modify(sel, 1, OP_ENABLE, 1), DOCA_SUCCESS);
	assert_int_equal(sdpa_ixsel_select(sel, 2), 0);
	t_assert_logged("index selector select", "resource_offset out of range", "miss path");
	assert_int_equal(sdpa_ixsel_select(NULL, 0), 0);
	t_assert_logged("index selector select", "no selector");
	assert_int_equal(t_log_problems(), 10);
	assert_int_equal(sdpa_ixsel_select(sel, 1), 1);
}

/* The rule of docs/EXTERNAL_RESOURCES.md written the obvious way, position by position. */
struct model {
	uint32_t cursor;
	uint32_t st[SDPA_IXSEL_MAX_INDEX];
};

static uint32_t model_select(struct model *m)
{
	for (uint32_t k = 0; k < SDPA_IXSEL_MAX_INDEX; k++) {
		uint32_t pos = (m->cursor + k) % SDPA_IXSEL_MAX_INDEX;

		if (m->st[pos] == SDPA_IXSEL_ENABLE) {
			m->cursor = (pos + 1) % SDPA_IXSEL_MAX_INDEX;
			return pos + 1;
		}
		if (m->st[pos] != SDPA_IXSEL_DISABLE)
			m->st[pos]--;
	}
	return 0;
}

/* 20000 random modifies/range modifies/selects against the model, with sparse states so
 * the scan jumps over DISABLE runs, wraps, and starts mid-word. */
static void test_matches_model(void **state)
{
	struct model m;
	uint32_t seed = 7;

	(void)state;
	memset(&m, 0, sizeof(m));
	for (uint32_t i = 0; i < SDPA_IXSEL_MAX_INDEX; i++)
		m.st[i] = SDPA_IXSEL_DISABLE;
	for (uint32_t step = 0; step < 20000; step++) {
		uint32_t r = (uint32_t)rand_r(&seed);

		if (step % 500 == 0) { /* start over from an empty selector now and then */
			assert_int_equal(sdpa_ixsel_modify_range(sel, 0, OP_DISABLE, 1, 64),
			                 DOCA_SUCCESS);
			for (uint32_t i = 0; i < SDPA_IXSEL_MAX_INDEX; i++)
				m.st[i] = SDPA_IXSEL_DISABLE;
		}
		if (r % 8 == 0) {
			uint32_t idx = 1 + (r >> 3) % 64, op = (r >> 9) % 4;

			/* bias towards DISABLE so most words are sparse */
			if ((r >> 11) % 3 != 0)
				op = SDPA_IXSEL_DISABLE;
			assert_int_equal(sdpa_ixsel_modify(sel, 0, op, idx), DOCA_SUCCESS);
			m.st[idx - 1] = op;
		} else if (r % 64 == 1) {
			uint32_t a = 1 + (r >> 6) % 64, b = 1 + (r >> 12) % 64, op = (r >> 18) % 4;

			if (a > b) {
				uint32_t t = a;
				a = b;
				b = t;
			}
			assert_int_equal(sdpa_ixsel_modify_range(sel, 0, op, a, b), DOCA_SUCCESS);
			for (uint32_t i = a; i <= b; i++)
				m.st[i - 1] = op;
		} else {
			uint32_t want = model_select(&m), got = sdpa_ixsel_select(sel, 0);

			if (got != want)
				fail_msg("step %u: selected %u, model says %u", step, got, want);
		}
	}
	for (uint32_t i = 1; i <= SDPA_IXSEL_MAX_INDEX; i++)
		assert_int_equal(state_of(0, i), m.st[i - 1]);
}

/* The cursor sits after the only enabled index of its own word: the scan must come back
 * round to it. */
static void test_wrap_into_start_word(void **state)
{
	(void)state;
	assert_int_equal(sdpa_ixsel_modify(sel, 0, OP_ENABLE, 40), DOCA_SUCCESS);
	assert_int_equal(sdpa_ixsel_select(sel, 0), 40); /* cursor now at index 41 */
	assert_int_equal(sdpa_ixsel_modify(sel, 0, OP_DISABLE, 40), DOCA_SUCCESS);
	assert_int_equal(sdpa_ixsel_modify(sel, 0, OP_ENABLE, 35), DOCA_SUCCESS);
	assert_int_equal(sdpa_ixsel_select(sel, 0), 35);
	assert_int_equal(sdpa_ixsel_select(sel, 0), 35);
	assert_int_equal(sdpa_ixsel_modify(sel, 0, OP_ENABLE, 36), DOCA_SUCCESS);
	assert_int_equal(sdpa_ixsel_select(sel, 0), 36);
	assert_int_equal(sdpa_ixsel_select(sel, 0), 35); /* cursor now at index 36 */
	/* a skip after the cursor in its own word is consumed once per select, not twice */
	assert_int_equal(sdpa_ixsel_modify_range(sel, 0, OP_DISABLE, 35, 36), DOCA_SUCCESS);
	assert_int_equal(sdpa_ixsel_modify(sel, 0, OP_SKIP_ONCE, 45), DOCA_SUCCESS);
	assert_int_equal(sdpa_ixsel_select(sel, 0), 0);
	assert_int_equal(state_of(0, 45), SDPA_IXSEL_ENABLE);
	assert_int_equal(sdpa_ixsel_select(sel, 0), 45);
}

int main(void)
{
#define T(f) cmocka_unit_test_setup_teardown(f, setup, teardown)
	const struct CMUnitTest tests[] = {
	        T(test_create_errors),
	        T(test_get_id_and_max_index),
	        T(test_new_selector_all_disabled),
	        T(test_reference_sequence),
	        T(test_all_enabled_round_robin),
	        T(test_skip_twice),
	        T(test_only_skip_index),
	        T(test_empty_keeps_cursor),
	        T(test_every_state_encoded),
	        T(test_range_across_chunks),
	        T(test_modify_errors),
	        T(test_internal_errors),
	        T(test_matches_model),
	        T(test_wrap_into_start_word),
	};
#undef T
	return cmocka_run_group_tests(tests, NULL, NULL);
}
