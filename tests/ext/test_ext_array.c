/* SPDX-License-Identifier: BSD-3-Clause
 * Array ("memory") resource: create/update arguments, and every operation at every
 * granularity with its edge values (operand truncation, wrap, all-zero FFS), checking the
 * result, the stored value and that no bit above the slot width ever appears.
 */
#include <string.h>

#include <doca_flow_external_action_array.h>

#include "core/util.h"
#include "nic/ext_resource.h"
#include "t_helpers.h"

static char port_mem[2];
#define PORT_A ((struct doca_flow_port *)&port_mem[0])
#define PORT_B ((struct doca_flow_port *)&port_mem[1])

#define OP(x) DOCA_FLOW_EXTERNAL_ACTION_ARRAY_OP_##x

static int setup(void **state)
{
	uint32_t type;

	(void)state;
	sdpa_ext_reset_registration();
	if (doca_flow_external_action_array_register(&type) != DOCA_SUCCESS)
		return -1;
	t_log_reset();
	return 0;
}

static int teardown(void **state)
{
	(void)state;
	return sdpa_ext_live_objects() == 0 ? 0 : -1;
}

static struct doca_flow_external_resource_array *make(uint32_t bits, uint32_t n, size_t size)
{
	struct doca_flow_external_resource_array_cfg cfg = {
	        .size = size,
	        .num_resources = n,
	        .granularity = (enum doca_flow_external_resource_granularity)bits};
	struct doca_flow_external_resource_array *arr = NULL;

	assert_int_equal(doca_flow_external_resource_array_create(&cfg, PORT_A, &arr),
	                 DOCA_SUCCESS);
	assert_non_null(arr);
	return arr;
}

static uint64_t slot(struct doca_flow_external_resource_array *arr, uint32_t off, uint32_t idx)
{
	uint64_t v = 0;

	assert_int_equal(sdpa_array_read(arr, off, idx, &v), DOCA_SUCCESS);
	return v;
}

static void test_create_errors(void **state)
{
	struct doca_flow_external_resource_array_cfg cfg = {
	        .size = 8, .num_resources = 1, .granularity = 8};
	struct doca_flow_external_resource_array *a = NULL;

	(void)state;
#define CREATE(c, p, o) doca_flow_external_resource_array_create(c, p, o)
	assert_int_equal(CREATE(NULL, PORT_A, &a), DOCA_ERROR_INVALID_VALUE);
	t_assert_logged("array_create", "cfg is NULL");
	assert_int_equal(CREATE(&cfg, NULL, &a), DOCA_ERROR_INVALID_VALUE);
	t_assert_logged("array_create", "port is NULL");
	assert_int_equal(CREATE(&cfg, PORT_A, NULL), DOCA_ERROR_INVALID_VALUE);
	t_assert_logged("array_create", "array is NULL");
	cfg.num_resources = 0;
	assert_int_equal(CREATE(&cfg, PORT_A, &a), DOCA_ERROR_INVALID_VALUE);
	t_assert_logged("num_resources 0 is out of range");
	cfg.num_resources = SDPA_EXT_MAX_RESOURCES + 1;
	assert_int_equal(CREATE(&cfg, PORT_A, &a), DOCA_ERROR_INVALID_VALUE);
	t_assert_logged("num_resources 1048577 is out of range");
	cfg.num_resources = 1;
	cfg.size = 0;
	assert_int_equal(CREATE(&cfg, PORT_A, &a), DOCA_ERROR_INVALID_VALUE);
	t_assert_logged("size 0 is out of range");
	cfg.size = (size_t)UINT32_MAX + 1;
	assert_int_equal(CREATE(&cfg, PORT_A, &a), DOCA_ERROR_INVALID_VALUE);
	t_assert_logged("size 4294967296 is out of range", "uint32_t");
	cfg.size = 8;
	static const uint32_t bad_bits[] = {0, 1, 12, 24, 128};
	for (size_t i = 0; i < SDPA_ARRAY_SIZE(bad_bits); i++) {
		char want[64];

		cfg.granularity = (enum doca_flow_external_resource_granularity)bad_bits[i];
		assert_int_equal(CREATE(&cfg, PORT_A, &a), DOCA_ERROR_INVALID_VALUE);
		snprintf(want, sizeof(want), "granularity %u is not supported", bad_bits[i]);
		t_assert_logged(want, "GRANULARITY_8BIT");
	}
	cfg.granularity = DOCA_FLOW_EXTERNAL_RESOURCE_GRANULARITY_64BIT;
	cfg.size = 1u << 16;
	cfg.num_resources = (1u << 10) + 1; /* 2^26 + 2^16 slots */
	assert_int_equal(CREATE(&cfg, PORT_A, &a), DOCA_ERROR_INVALID_VALUE);
	t_assert_logged("= 67174400 slots exceeds softdpa's limit of 67108864");
	assert_null(a);
	assert_int_equal(t_log_problems(), 13);
#undef CREATE
}

static void test_update(void **state)
{
	struct doca_flow_external_resource_array *a = make(8, 2, 4);
	int plain[16] = {0};

	(void)state;
	/* zero-filled, truncated to the width, resources independent */
	assert_true(slot(a, 1, 3) == 0);
	assert_int_equal(doca_flow_external_resource_array_update(PORT_A, a, 1, 3, 0x1FF),
	                 DOCA_SUCCESS);
	assert_true(slot(a, 1, 3) == 0xFF);
	assert_true(slot(a, 0, 3) == 0);
	assert_true(slot(a, 1, 2) == 0);
	assert_int_equal(doca_flow_external_resource_array_update(PORT_A, a, 0, 0, 0x1234),
	                 DOCA_SUCCESS);
	assert_true(slot(a, 0, 0) == 0x34);
	assert_int_equal(t_log_problems(), 0);

#define UPD(p, r, o, i) doca_flow_external_resource_array_update(p, r, o, i, 1)
	assert_int_equal(UPD(NULL, a, 0, 0), DOCA_ERROR_INVALID_VALUE);
	t_assert_logged("array_update", "port is NULL");
	assert_int_equal(UPD(PORT_B, a, 0, 0), DOCA_ERROR_INVALID_VALUE);
	t_assert_logged("array_update", "belongs to port", "pass the port it was created on");
	assert_int_equal(UPD(PORT_A, NULL, 0, 0), DOCA_ERROR_INVALID_VALUE);
	t_assert_logged("array_update", "array is NULL");
	assert_int_equal(UPD(PORT_A, (struct doca_flow_external_resource_array *)plain, 0, 0),
	                 DOCA_ERROR_INVALID_VALUE);
	t_assert_logged("array_update", "not a live array");
	assert_int_equal(UPD(PORT_A, a, 2, 0), DOCA_ERROR_INVALID_VALUE);
	t_assert_logged("array_update", "resource_offset 2 is out of range", "(0..1)");
	assert_int_equal(UPD(PORT_A, a, 0, 4), DOCA_ERROR_INVALID_VALUE);
	t_assert_logged("array_update", "index 4 is out of range", "4 slots per resource (0..3)");
#undef UPD
	assert_true(slot(a, 0, 0) == 0x34);
	assert_int_equal(t_log_problems(), 6);

	/* internal update/read (provider) */
	uint64_t v = 77;
	assert_int_equal(sdpa_array_update(a, 1, 0, 0xABC), DOCA_SUCCESS);
	assert_true(slot(a, 1, 0) == 0xBC);
	assert_int_equal(sdpa_array_update(a, 1, 4, 1), DOCA_ERROR_INVALID_VALUE);
	t_assert_logged("array update", "index 4 is out of range");
	assert_int_equal(sdpa_array_read(a, 2, 0, &v), DOCA_ERROR_INVALID_VALUE);
	t_assert_logged("array read", "resource_offset 2 is out of range");
	assert_int_equal(sdpa_array_read(a, 0, 0, NULL), DOCA_ERROR_INVALID_VALUE);
	t_assert_logged("array read", "value is NULL");
	assert_int_equal(sdpa_array_read(NULL, 0, 0, &v), DOCA_ERROR_INVALID_VALUE);
	t_assert_logged("array read", "array is NULL");
	assert_true(v == 77);
	assert_int_equal(t_log_problems(), 10);
	doca_flow_external_resource_array_destroy(a);
}

/* One case: slot starts at `init`, op runs with operand `in`; expect result and slot. */
struct op_case {
	uint32_t op;
	uint64_t init, in, out, after;
	const char *what;
};

static void run_cases(uint32_t bits)
{
	const uint64_t m = bits == 64 ? UINT64_MAX : (1ull << bits) - 1;
	const uint64_t top = 1ull << (bits - 1);
	const uint64_t w = bits;
	const uint64_t pat = 0xA5A5A5A5A5A5A5A5ull;
	const struct op_case cases[] = {
	        {OP(LOAD), top | 1, 123, top | 1, top | 1, "load"},
	        {OP(LOAD), m, 0, m, m, "load max"},
	        {OP(STORE), 0, pat, pat, pat & m, "store truncates, field unchanged"},
	        {OP(STORE), m, 0, 0, 0, "store zero"},
	        {OP(ADD), 5, 3, 5, 8, "add"},
	        {OP(ADD), m, 1, m, 0, "add wraps at the width"},
	        {OP(ADD), 7, m + 3, 7, 9, "add operand truncated"},
	        {OP(ADD), top, top, top, 0, "add carry out of the top bit"},
	        {OP(ADD), 0, m, 0, m, "add max"},
	        {OP(BITWISE_XOR), m, top | 1, m, m ^ (top | 1), "xor"},
	        {OP(BITWISE_XOR), 0, ~0ull, 0, m, "xor operand truncated"},
	        {OP(BITWISE_OR), top, 1, top, top | 1, "or"},
	        {OP(BITWISE_OR), 0, ~0ull, 0, m, "or operand truncated"},
	        {OP(BITWISE_AND), m, ~1ull, m, m - 1, "and"},
	        {OP(BITWISE_AND), top | 1, 0, top | 1, 0, "and zero"},
	        {OP(FFS_ID_MSB), top | 1, 0xDEAD, w - 1, top | 1, "ffs id msb top"},
	        {OP(FFS_ID_MSB), 1, 0, 0, 1, "ffs id msb bit 0"},
	        {OP(FFS_ID_MSB), 0, 0xDEAD, w, 0, "ffs id msb empty"},
	        {OP(FFS_SET_BITMAP_MSB), top | 1, 0, top, top | 1, "ffs bitmap msb"},
	        {OP(FFS_SET_BITMAP_MSB), 6, 0, 4, 6, "ffs bitmap msb low"},
	        {OP(FFS_SET_BITMAP_MSB), 0, 0xDEAD, 0, 0, "ffs bitmap msb empty"},
	        {OP(FFS_ID_LSB), top | 2, 0, 1, top | 2, "ffs id lsb"},
	        {OP(FFS_ID_LSB), top, 0, w - 1, top, "ffs id lsb top"},
	        {OP(FFS_ID_LSB), 0, 0xDEAD, w, 0, "ffs id lsb empty"},
	        {OP(FFS_SET_BITMAP_LSB), top | 2, 0, 2, top | 2, "ffs bitmap lsb"},
	        {OP(FFS_SET_BITMAP_LSB), top, 0, top, top, "ffs bitmap lsb top"},
	        {OP(FFS_SET_BITMAP_LSB), 0, 0xDEAD, 0, 0, "ffs bitmap lsb empty"},
	        {OP(RESET), m, 0xDEAD, m, 0, "reset"},
	        {OP(RESET), 0, 0, 0, 0, "reset empty"},
	        {OP(FIND_FIRST_SET_AND_RESET_ID_MSB), top | 1, 0, w - 1, 1, "ffsr id msb"},
	        {OP(FIND_FIRST_SET_AND_RESET_ID_MSB), 1, 0, 0, 0, "ffsr id msb last bit"},
	        {OP(FIND_FIRST_SET_AND_RESET_ID_MSB), 0, 0xDEAD, w, 0, "ffsr id msb empty"},
	        {OP(FIND_FIRST_SET_AND_RESET_BITMAP_MSB), top | 2, 0, top, 2, "ffsr bitmap msb"},
	        {OP(FIND_FIRST_SET_AND_RESET_BITMAP_MSB), 0, 0xDEAD, 0, 0, "ffsr bitmap msb empty"},
	        {OP(FIND_FIRST_SET_AND_RESET_ID_LSB), top | 2, 0, 1, top, "ffsr id lsb"},
	        {OP(FIND_FIRST_SET_AND_RESET_ID_LSB), top, 0, w - 1, 0, "ffsr id lsb top"},
	        {OP(FIND_FIRST_SET_AND_RESET_ID_LSB), 0, 0xDEAD, w, 0, "ffsr id lsb empty"},
	        {OP(FIND_FIRST_SET_AND_RESET_BITMAP_LSB), top | 2, 0, 2, top, "ffsr bitmap lsb"},
	        {OP(FIND_FIRST_SET_AND_RESET_BITMAP_LSB), m, 0, 1, m - 1, "ffsr bitmap lsb full"},
	        {OP(FIND_FIRST_SET_AND_RESET_BITMAP_LSB), 0, 0xDEAD, 0, 0, "ffsr bitmap lsb empty"},
	};
	struct doca_flow_external_resource_array *a = make(bits, 3, 5);
	bool seen[15] = {false};

	for (size_t i = 0; i < SDPA_ARRAY_SIZE(cases); i++) {
		const struct op_case *c = &cases[i];
		uint64_t io = c->in;

		assert_int_equal(sdpa_array_update(a, 2, 4, c->init), DOCA_SUCCESS);
		assert_true(sdpa_array_exec(a, 2, 4, c->op, &io));
		if (io != c->out || slot(a, 2, 4) != c->after)
			fail_msg(
			        "%u-bit %s: result 0x%llx (want 0x%llx), slot 0x%llx (want 0x%llx)",
			        bits, c->what, (unsigned long long)io, (unsigned long long)c->out,
			        (unsigned long long)slot(a, 2, 4), (unsigned long long)c->after);
		seen[c->op] = true;
		/* neighbours untouched */
		assert_true(slot(a, 2, 3) == 0);
		assert_true(slot(a, 1, 4) == 0);
	}
	for (size_t op = 0; op < SDPA_ARRAY_SIZE(seen); op++)
		if (!seen[op])
			fail_msg("op %zu not covered", op);
	doca_flow_external_resource_array_destroy(a);
	assert_int_equal(t_log_problems(), 0);
}

static void test_ops_8(void **state)
{
	(void)state;
	run_cases(8);
}

static void test_ops_16(void **state)
{
	(void)state;
	run_cases(16);
}

static void test_ops_32(void **state)
{
	(void)state;
	run_cases(32);
}

static void test_ops_64(void **state)
{
	(void)state;
	run_cases(64);
}

/* Allocating ids from a bitmap: FIND_FIRST_SET_AND_RESET hands each bit out once. */
static void test_ffsr_drains_bitmap(void **state)
{
	struct doca_flow_external_resource_array *a = make(16, 1, 1);
	uint64_t io;

	(void)state;
	assert_int_equal(sdpa_array_update(a, 0, 0, 0xFFFF), DOCA_SUCCESS);
	for (uint64_t want = 0; want < 16; want++) {
		io = 0;
		assert_true(sdpa_array_exec(a, 0, 0, OP(FIND_FIRST_SET_AND_RESET_ID_LSB), &io));
		assert_true(io == want);
	}
	io = 0;
	assert_true(sdpa_array_exec(a, 0, 0, OP(FIND_FIRST_SET_AND_RESET_ID_LSB), &io));
	assert_true(io == 16); /* none left: the width */
	assert_true(slot(a, 0, 0) == 0);
	doca_flow_external_resource_array_destroy(a);
}

static void test_exec_errors(void **state)
{
	struct doca_flow_external_resource_array *a = make(32, 2, 3);
	uint64_t io = 42;

	(void)state;
	assert_false(sdpa_array_exec(NULL, 0, 0, OP(ADD), &io));
	t_assert_logged("array exec", "NULL argument", "fix the pipe's external action");
	assert_false(sdpa_array_exec(a, 0, 0, OP(ADD), NULL));
	t_assert_logged("array exec", "NULL argument");
	assert_false(sdpa_array_exec(a, 2, 0, OP(ADD), &io));
	t_assert_logged("array exec", "resource_offset out of range", "resource_offset 2");
	assert_false(sdpa_array_exec(a, 1, 3, OP(ADD), &io));
	t_assert_logged("array exec", "index out of range", "index 3");
	assert_false(sdpa_array_exec(a, 1, 2, 15, &io));
	t_assert_logged("array exec", "unknown operation", "op 15");
	assert_true(io == 42);
	assert_true(slot(a, 1, 2) == 0);
	assert_int_equal(t_log_problems(), 5);
	assert_true(sdpa_array_exec(a, 1, 2, OP(ADD), &io));
	assert_true(io == 0);
	assert_true(slot(a, 1, 2) == 42);
	doca_flow_external_resource_array_destroy(a);
}

int main(void)
{
#define T(f) cmocka_unit_test_setup_teardown(f, setup, teardown)
	const struct CMUnitTest tests[] = {
	        T(test_create_errors),
	        T(test_update),
	        T(test_ops_8),
	        T(test_ops_16),
	        T(test_ops_32),
	        T(test_ops_64),
	        T(test_ffsr_drains_bitmap),
	        T(test_exec_errors),
	};
#undef T
	return cmocka_run_group_tests(tests, NULL, NULL);
}
