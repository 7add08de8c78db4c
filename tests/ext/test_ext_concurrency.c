/* SPDX-License-Identifier: BSD-3-Clause
 * External resources under concurrency (suite 'concurrency', run under TSan by
 * `make tsan`): workers select and exec while another thread modifies selector states and
 * updates/reads slots, as the DPA provider's request processor will.
 * Invariants: select returns only indices that can be selectable, never 0 while some index
 * is always enabled, per-index counts sum to the calls; ADD from several threads sums
 * exactly and hands out every old value once; find-first-set-and-reset hands out every
 * bit once.
 */
#include <pthread.h>
#include <sched.h>
#include <stdlib.h>
#include <string.h>

#include <doca_flow_external_action_array.h>
#include <doca_flow_external_action_index_selector.h>

#include "core/util.h"
#include "nic/ext_resource.h"
#include "t_helpers.h"

static char port_mem;
#define PORT ((struct doca_flow_port *)&port_mem)

#define OP(x) DOCA_FLOW_EXTERNAL_ACTION_ARRAY_OP_##x

enum { ITERS = 100000, ADDERS = 4 };

static struct doca_flow_external_resource_index_selector *sel;
static struct doca_flow_external_resource_array *arr64, *arr32, *arr8;
static sdpa_atomic_int stop;
static sdpa_atomic_int modifying; /* the modifier finished its first round */

static int setup(void **state)
{
	struct doca_flow_external_resource_index_selector_cfg scfg = {.num_resources = 1};
	struct doca_flow_external_resource_array_cfg acfg = {.size = 4, .num_resources = 2};
	uint32_t t;

	(void)state;
	sdpa_ext_reset_registration();
	if (doca_flow_external_action_index_selector_register(&t) != DOCA_SUCCESS ||
	    doca_flow_external_action_array_register(&t) != DOCA_SUCCESS)
		return -1;
	if (doca_flow_external_resource_index_selector_create(&scfg, PORT, &sel) != DOCA_SUCCESS)
		return -1;
	acfg.granularity = DOCA_FLOW_EXTERNAL_RESOURCE_GRANULARITY_64BIT;
	if (doca_flow_external_resource_array_create(&acfg, PORT, &arr64) != DOCA_SUCCESS)
		return -1;
	acfg.granularity = DOCA_FLOW_EXTERNAL_RESOURCE_GRANULARITY_32BIT;
	if (doca_flow_external_resource_array_create(&acfg, PORT, &arr32) != DOCA_SUCCESS)
		return -1;
	acfg.granularity = DOCA_FLOW_EXTERNAL_RESOURCE_GRANULARITY_8BIT;
	if (doca_flow_external_resource_array_create(&acfg, PORT, &arr8) != DOCA_SUCCESS)
		return -1;
	sdpa_store_relaxed(&stop, 0);
	t_log_reset();
	return 0;
}

static int teardown(void **state)
{
	(void)state;
	doca_flow_external_resource_index_selector_destroy(sel);
	doca_flow_external_resource_array_destroy(arr64);
	doca_flow_external_resource_array_destroy(arr32);
	doca_flow_external_resource_array_destroy(arr8);
	return sdpa_ext_live_objects() == 0 ? 0 : -1;
}

struct worker {
	pthread_t tid;
	uint64_t counts[SDPA_IXSEL_MAX_INDEX + 1];
	uint64_t calls;
	uint64_t bad_exec;
	uint64_t wide8; /* 8-bit results with bits above the width */
};

/* Datapath worker: what an ORDERED_LIST entry with a selector and an array ADD does. */
static void *worker_main(void *arg)
{
	struct worker *w = arg;

	/* Overlap is the point: on a loaded machine the modifier may start late. */
	while (!sdpa_load_relaxed(&modifying))
		sched_yield();
	for (uint32_t i = 0; i < ITERS; i++) {
		uint64_t io = 1;
		uint32_t idx = sdpa_ixsel_select(sel, 0);

		w->counts[idx]++;
		w->calls++;
		if (!sdpa_array_exec(arr64, 0, 0, OP(ADD), &io))
			w->bad_exec++;
		io = 0x1ff;
		if (!sdpa_array_exec(arr8, 1, 2, OP(ADD), &io))
			w->bad_exec++;
		if (io > 0xff)
			w->wide8++;
		io = 0;
		if (!sdpa_array_exec(arr8, 1, 3, OP(LOAD), &io))
			w->bad_exec++;
		if (io > 0xff)
			w->wide8++;
	}
	return NULL;
}

struct modifier {
	pthread_t tid;
	uint64_t rounds;
	uint64_t errors;
	uint64_t non_monotonic;
};

/* The request processor: states of indices 5..7 churn through every state; slots are
 * updated and read. Indices 1..4 stay ENABLE, 8..64 stay DISABLE. */
static void *modifier_main(void *arg)
{
	struct modifier *m = arg;
	uint32_t seed = 12345;
	uint64_t last = 0;

	while (!sdpa_load_relaxed(&stop)) {
		uint32_t r = rand_r(&seed);
		uint64_t v = 0;

		if (sdpa_ixsel_modify(sel, 0, r % 4, 5 + (r >> 4) % 3) != DOCA_SUCCESS)
			m->errors++;
		if ((r & 0xf00) == 0 &&
		    sdpa_ixsel_modify_range(sel, 0, (r >> 12) % 4, 5, 7) != DOCA_SUCCESS)
			m->errors++;
		if (sdpa_array_update(arr8, 1, 3, r) != DOCA_SUCCESS)
			m->errors++;
		if (sdpa_array_read(arr64, 0, 0, &v) != DOCA_SUCCESS)
			m->errors++;
		if (v < last)
			m->non_monotonic++;
		last = v;
		m->rounds++;
		sdpa_store_relaxed(&modifying, 1);
	}
	return NULL;
}

static void test_select_exec_while_modified(void **state)
{
	struct worker w[2];
	struct modifier m;
	uint64_t total[SDPA_IXSEL_MAX_INDEX + 1] = {0}, calls = 0, sum = 0, v = 0;

	(void)state;
	memset(w, 0, sizeof(w));
	memset(&m, 0, sizeof(m));
	sdpa_store_relaxed(&modifying, 0);
	assert_int_equal(sdpa_ixsel_modify_range(sel, 0, SDPA_IXSEL_ENABLE, 1, 7), DOCA_SUCCESS);
	assert_int_equal(pthread_create(&m.tid, NULL, modifier_main, &m), 0);
	for (int i = 0; i < 2; i++)
		assert_int_equal(pthread_create(&w[i].tid, NULL, worker_main, &w[i]), 0);
	for (int i = 0; i < 2; i++)
		assert_int_equal(pthread_join(w[i].tid, NULL), 0);
	sdpa_store_relaxed(&stop, 1);
	assert_int_equal(pthread_join(m.tid, NULL), 0);

	for (int i = 0; i < 2; i++) {
		assert_int_equal(w[i].bad_exec, 0);
		assert_int_equal(w[i].wide8, 0);
		calls += w[i].calls;
		for (uint32_t k = 0; k <= SDPA_IXSEL_MAX_INDEX; k++)
			total[k] += w[i].counts[k];
	}
	for (uint32_t k = 0; k <= SDPA_IXSEL_MAX_INDEX; k++)
		sum += total[k];
	assert_int_equal(calls, 2 * ITERS);
	assert_int_equal(sum, calls);
	assert_int_equal(total[0], 0); /* 1..4 are always enabled */
	for (uint32_t k = 8; k <= SDPA_IXSEL_MAX_INDEX; k++)
		if (total[k] != 0)
			fail_msg("index %u is always DISABLE but was selected %llu times", k,
			         (unsigned long long)total[k]);
	for (uint32_t k = 1; k <= 4; k++)
		assert_true(total[k] > 0);
	assert_true(m.rounds > 0);
	assert_int_equal(m.errors, 0);
	assert_int_equal(m.non_monotonic, 0);
	assert_int_equal(sdpa_array_read(arr64, 0, 0, &v), DOCA_SUCCESS);
	assert_true(v == 2 * ITERS);
	assert_int_equal(sdpa_array_read(arr8, 1, 2, &v), DOCA_SUCCESS);
	assert_true(v == (2ull * ITERS * 0xff) % 256);
	/* the untouched indices kept their states */
	for (uint32_t k = 1; k <= 64; k++) {
		enum sdpa_ixsel_state st;

		assert_int_equal(sdpa_ixsel_get_state(sel, 0, k, &st), DOCA_SUCCESS);
		if (k <= 4)
			assert_int_equal(st, SDPA_IXSEL_ENABLE);
		else if (k >= 8)
			assert_int_equal(st, SDPA_IXSEL_DISABLE);
	}
	assert_int_equal(t_log_problems(), 0);
}

struct adder {
	pthread_t tid;
	struct doca_flow_external_resource_array *arr;
	uint32_t *olds; /* ITERS old values returned by ADD */
	bool ok;
};

static void *adder_main(void *arg)
{
	struct adder *a = arg;

	a->ok = true;
	for (uint32_t i = 0; i < ITERS; i++) {
		uint64_t io = 1;

		if (!sdpa_array_exec(a->arr, 1, 3, OP(ADD), &io))
			a->ok = false;
		a->olds[i] = (uint32_t)io;
	}
	return NULL;
}

static int cmp_u32(const void *a, const void *b)
{
	uint32_t x = *(const uint32_t *)a, y = *(const uint32_t *)b;

	return (x > y) - (x < y);
}

/* Fetch-and-add semantics: N threads x ITERS adds of 1 return every value 0..N*ITERS-1
 * exactly once (64-bit: native fetch_add; 32-bit: the CAS loop). */
static void run_adders(struct doca_flow_external_resource_array *arr)
{
	struct adder a[ADDERS];
	uint32_t *all = calloc((size_t)ADDERS * ITERS, sizeof(*all));
	uint64_t v = 0;

	assert_non_null(all);
	for (int i = 0; i < ADDERS; i++) {
		a[i].arr = arr;
		a[i].olds = all + (size_t)i * ITERS;
		assert_int_equal(pthread_create(&a[i].tid, NULL, adder_main, &a[i]), 0);
	}
	for (int i = 0; i < ADDERS; i++) {
		assert_int_equal(pthread_join(a[i].tid, NULL), 0);
		assert_true(a[i].ok);
	}
	assert_int_equal(sdpa_array_read(arr, 1, 3, &v), DOCA_SUCCESS);
	assert_true(v == (uint64_t)ADDERS * ITERS);
	qsort(all, (size_t)ADDERS * ITERS, sizeof(*all), cmp_u32);
	for (uint32_t i = 0; i < (uint32_t)ADDERS * ITERS; i++)
		if (all[i] != i)
			fail_msg("old value %u returned %s", i, all[i] < i ? "twice" : "never");
	free(all);
}

static void test_add_sums_exactly(void **state)
{
	(void)state;
	run_adders(arr64);
	run_adders(arr32);
	assert_int_equal(t_log_problems(), 0);
}

struct taker {
	pthread_t tid;
	uint64_t got[4]; /* bits taken per slot */
	uint32_t dup;
};

static void *taker_main(void *arg)
{
	struct taker *t = arg;

	for (uint32_t s = 0; s < 4; s++) {
		for (;;) {
			uint64_t io = 0;

			if (!sdpa_array_exec(arr64, 0, s, OP(FIND_FIRST_SET_AND_RESET_ID_LSB), &io))
				return NULL;
			if (io == 64)
				break;
			if (t->got[s] & (1ull << io))
				t->dup++;
			t->got[s] |= 1ull << io;
		}
	}
	return NULL;
}

/* Bitmap allocation from several threads: every bit of every slot is handed out once. */
static void test_ffsr_hands_out_each_bit_once(void **state)
{
	struct taker t[ADDERS];

	(void)state;
	memset(t, 0, sizeof(t));
	for (uint32_t s = 0; s < 4; s++)
		assert_int_equal(sdpa_array_update(arr64, 0, s, UINT64_MAX), DOCA_SUCCESS);
	for (int i = 0; i < ADDERS; i++)
		assert_int_equal(pthread_create(&t[i].tid, NULL, taker_main, &t[i]), 0);
	for (int i = 0; i < ADDERS; i++)
		assert_int_equal(pthread_join(t[i].tid, NULL), 0);
	for (uint32_t s = 0; s < 4; s++) {
		uint64_t all = 0, v = 1;

		for (int i = 0; i < ADDERS; i++) {
			assert_int_equal(t[i].dup, 0);
			assert_true((all & t[i].got[s]) == 0); /* no bit went to two threads */
			all |= t[i].got[s];
		}
		assert_true(all == UINT64_MAX);
		assert_int_equal(sdpa_array_read(arr64, 0, s, &v), DOCA_SUCCESS);
		assert_true(v == 0);
	}
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	        cmocka_unit_test_setup_teardown(test_select_exec_while_modified, setup, teardown),
	        cmocka_unit_test_setup_teardown(test_add_sums_exactly, setup, teardown),
	        cmocka_unit_test_setup_teardown(test_ffsr_hands_out_each_bit_once, setup, teardown),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
