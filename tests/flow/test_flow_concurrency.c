/* SPDX-License-Identifier: BSD-3-Clause
 * Two NIC workers forward traffic while another thread mutates hash entry enabled bits,
 * path-selector values, index-selector states and array slots (the DPA provider's job).
 * Run under TSan in CI: no race report; no frame lost or duplicated
 * (frames in == frames out + counted drops).
 */
#include <arpa/inet.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#include <doca_flow_external_action_array.h>
#include <doca_flow_external_action_index_selector.h>
#include <doca_flow_external_actions.h>

#include "core/atomics.h"
#include "flow_t.h"
#include "nic/ext_resource.h"
#include "nic/flow_hash.h"

enum { FRAMES = 20000, NR_HASH = 4 };

static struct doca_flow_pipe *hp;
static struct doca_flow_external_resource_index_selector *sel;
static struct doca_flow_external_resource_array *arr;
static sdpa_atomic_u32 stop;
static sdpa_atomic_u64 drained;

static void *mutator(void *arg)
{
	uint32_t seed = 12345, n = 0;

	(void)arg;
	while (!sdpa_load_acquire(&stop)) { /* A-stop: pairs with R-stop */
		uint32_t r = seed = seed * 1103515245u + 12345u;
		uint32_t idx = (r >> 8) % NR_HASH;

		if (r & 1)
			(void)sdpa_flow_hash_disable_index(hp, idx);
		else
			(void)sdpa_flow_hash_enable_index(hp, idx);
		(void)sdpa_flow_hash_replace_index(hp, (r >> 12) % NR_HASH, r & 0xffff);
		(void)doca_flow_external_resource_index_selector_modify(
		        ft_ports[0], sel, 0, (r >> 16) % 4, 1 + (r >> 20) % 4);
		(void)doca_flow_external_resource_array_update(ft_ports[0], arr, 0, 0, r);
		if (++n % 64 == 0) {
			/* Keep index 1 selectable most of the time. */
			(void)doca_flow_external_resource_index_selector_modify(
			        ft_ports[0], sel, 0,
			        DOCA_FLOW_EXTERNAL_RESOURCE_INDEX_SELECTOR_OP_ENABLE, 1);
		}
	}
	return NULL;
}

static void *drainer(void *arg)
{
	static uint8_t buf[SOFTDPA_FRAME_MAX];
	uint32_t len;

	(void)arg;
	while (!sdpa_load_acquire(&stop)) { /* A-stop: pairs with R-stop */
		for (uint16_t p = 2; p <= 3; p++)
			while (softdpa_port_drain(p, buf, sizeof(buf), &len) == DOCA_SUCCESS)
				sdpa_fetch_add_relaxed(&drained, 1);
	}
	return NULL;
}

static void build_pipeline(uint32_t sel_type, uint32_t arr_type)
{
	struct doca_flow_pipe_cfg *pc;
	struct doca_flow_match m, mask;
	struct doca_flow_monitor mon = {.counter_type = DOCA_FLOW_RESOURCE_TYPE_NON_SHARED};
	struct doca_flow_actions act, ea, *acts[1] = {&act};
	struct doca_flow_fwd fwd, efwd;
	struct doca_flow_pipe *ol, *root[2];
	struct doca_flow_pipe_entry *e;
	struct doca_flow_external_action_index_selector sact;
	struct doca_flow_external_action_array aact;
	struct doca_flow_external_actions ext[2];
	struct doca_flow_ordered_list_element_adjusted el[2];
	struct doca_flow_ordered_list l = {0, 2, &el[0].element}, *lp = &l;
	struct doca_flow_external_resource_index_selector_cfg scfg = {
	        .num_resources = 1,
	        .policy = DOCA_FLOW_EXTERNAL_RESOURCE_INDEX_SELECTOR_POLICY_ROUND_ROBIN};
	struct doca_flow_external_resource_array_cfg acfg = {
	        .size = 1,
	        .num_resources = 1,
	        .granularity = DOCA_FLOW_EXTERNAL_RESOURCE_GRANULARITY_16BIT};

	assert_int_equal(
	        doca_flow_external_resource_index_selector_create(&scfg, ft_ports[0], &sel),
	        DOCA_SUCCESS);
	assert_int_equal(doca_flow_external_resource_index_selector_modify_range(
	                         ft_ports[0], sel, 0,
	                         DOCA_FLOW_EXTERNAL_RESOURCE_INDEX_SELECTOR_OP_ENABLE, 1, 4),
	                 DOCA_SUCCESS);
	assert_int_equal(doca_flow_external_resource_array_create(&acfg, ft_ports[0], &arr),
	                 DOCA_SUCCESS);

	/* Hash pipe: RANDOM | SELECT_ENABLED over 4 entries to ports 2/3, path selector =
	 * UDP source port. */
	memset(&mask, 0, sizeof(mask));
	mask.outer.l3_type = DOCA_FLOW_L3_TYPE_IP4;
	mask.outer.ip4.dst_ip = 0xffffffff;
	memset(&act, 0, sizeof(act));
	act.outer.udp.l4_port.src_port = 0xffff;
	memset(&fwd, 0, sizeof(fwd));
	fwd.type = DOCA_FLOW_FWD_PORT;
	fwd.port_id = 0xffff;
	assert_int_equal(doca_flow_pipe_cfg_create(&pc, ft_ports[0]), DOCA_SUCCESS);
	doca_flow_pipe_cfg_set_name(pc, "HASH");
	doca_flow_pipe_cfg_set_type(pc, DOCA_FLOW_PIPE_HASH);
	doca_flow_pipe_cfg_set_nr_entries(pc, NR_HASH);
	doca_flow_pipe_cfg_set_match(pc, NULL, &mask);
	doca_flow_pipe_cfg_set_monitor(pc, &mon);
	doca_flow_pipe_cfg_set_miss_counter(pc, true);
	doca_flow_pipe_cfg_set_actions(pc, acts, NULL, NULL, 1);
	doca_flow_pipe_cfg_set_hash_map_algorithm(
	        pc, DOCA_FLOW_PIPE_HASH_MAP_ALGORITHM_RANDOM |
	                    DOCA_FLOW_PIPE_HASH_MAP_ALGORITHM_SELECT_ENABLED);
	assert_int_equal(doca_flow_pipe_create(pc, &fwd, NULL, &hp), DOCA_SUCCESS);
	doca_flow_pipe_cfg_destroy(pc);
	for (uint32_t i = 0; i < NR_HASH; i++) {
		memset(&ea, 0, sizeof(ea));
		ea.outer.udp.l4_port.src_port = htons((uint16_t)(100 + i));
		efwd = (struct doca_flow_fwd){.type = DOCA_FLOW_FWD_PORT,
		                              .port_id = (uint16_t)(2 + i % 2)};
		assert_int_equal(doca_flow_pipe_hash_add_entry(0, hp, i, 0, &ea, NULL, &efwd,
		                                               DOCA_FLOW_ENTRY_FLAGS_NO_WAIT, NULL,
		                                               &e),
		                 DOCA_SUCCESS);
	}
	/* Ordered list: select an index into meta, ADD the UDP source port into a slot, then
	 * the hash pipe. */
	memset(&sact, 0, sizeof(sact));
	sact.output.field_string = "meta.data";
	sact.output.width = 8;
	memset(&aact, 0, sizeof(aact));
	aact.operation = DOCA_FLOW_EXTERNAL_ACTION_ARRAY_OP_ADD;
	aact.input_output.field_string = "outer.udp.dst_port";
	ext[0] = (struct doca_flow_external_actions){sel_type, sel, 0, &sact};
	ext[1] = (struct doca_flow_external_actions){arr_type, arr, 0, &aact};
	memset(el, 0, sizeof(el));
	for (int i = 0; i < 2; i++) {
		el[i].external.type = DOCA_FLOW_ORDERED_LIST_ELEMENT_EXTERNAL_ACTIONS;
		el[i].external.external_actions = &ext[i];
	}
	fwd = (struct doca_flow_fwd){.type = DOCA_FLOW_FWD_HASH_PIPE};
	fwd.hash_pipe.pipe = hp;
	assert_int_equal(doca_flow_pipe_cfg_create(&pc, ft_ports[0]), DOCA_SUCCESS);
	doca_flow_pipe_cfg_set_type(pc, DOCA_FLOW_PIPE_ORDERED_LIST);
	doca_flow_pipe_cfg_set_ordered_lists(pc, &lp, 1);
	assert_int_equal(doca_flow_pipe_create(pc, &fwd, NULL, &ol), DOCA_SUCCESS);
	doca_flow_pipe_cfg_destroy(pc);
	assert_int_equal(doca_flow_pipe_ordered_list_add_entry(
	                         0, ol, 0, &l, NULL, DOCA_FLOW_ENTRY_FLAGS_NO_WAIT, NULL, &e),
	                 DOCA_SUCCESS);
	/* A root pipe on each ingress port (owned by different workers). */
	for (int p = 0; p < 2; p++) {
		memset(&m, 0, sizeof(m));
		m.outer.l3_type = DOCA_FLOW_L3_TYPE_IP4;
		fwd = (struct doca_flow_fwd){.type = DOCA_FLOW_FWD_ORDERED_LIST_PIPE};
		fwd.ordered_list_pipe.pipe = ol;
		assert_int_equal(doca_flow_pipe_cfg_create(&pc, ft_ports[p]), DOCA_SUCCESS);
		doca_flow_pipe_cfg_set_type(pc, DOCA_FLOW_PIPE_BASIC);
		doca_flow_pipe_cfg_set_is_root(pc, true);
		doca_flow_pipe_cfg_set_match(pc, &m, NULL);
		assert_int_equal(doca_flow_pipe_create(pc, &fwd, NULL, &root[p]), DOCA_SUCCESS);
		doca_flow_pipe_cfg_destroy(pc);
		assert_int_equal(doca_flow_pipe_basic_add_entry(0, root[p], NULL, 0, NULL, NULL,
		                                                NULL, DOCA_FLOW_ENTRY_FLAGS_NO_WAIT,
		                                                NULL, &e),
		                 DOCA_SUCCESS);
	}
	ft_process(ft_ports[0]);
	ft_process(ft_ports[1]);
	assert_int_equal(ft_cb[DOCA_FLOW_ENTRY_OP_ADD][DOCA_FLOW_ENTRY_STATUS_SUCCESS],
	                 NR_HASH + 3);
}

static void test_mutate_while_forwarding(void **state)
{
	static uint8_t f[SOFTDPA_FRAME_MAX];
	uint32_t sel_type, arr_type, len;
	pthread_t mt, dt;
	uint64_t drops = 0, out;

	(void)state;
	assert_int_equal(doca_flow_external_action_index_selector_register(&sel_type),
	                 DOCA_SUCCESS);
	assert_int_equal(doca_flow_external_action_array_register(&arr_type), DOCA_SUCCESS);
	ft_init("vnf,hws", 2, 0, 0, 4);
	build_pipeline(sel_type, arr_type);
	sdpa_store_relaxed(&stop, 0);
	sdpa_store_relaxed(&drained, 0);
	assert_int_equal(pthread_create(&mt, NULL, mutator, NULL), 0);
	assert_int_equal(pthread_create(&dt, NULL, drainer, NULL), 0);
	for (uint32_t i = 0; i < FRAMES; i++) {
		len = ft_udp4(f, 0x0a000001, 0x0b000000 + i, 1000, (uint16_t)i);
		while (softdpa_port_inject((uint16_t)(i % 2), f, len) == DOCA_ERROR_AGAIN)
			;
	}
	ft_sync();
	sdpa_store_release(&stop, 1); /* R-stop: pairs with A-stop in the threads */
	pthread_join(mt, NULL);
	pthread_join(dt, NULL);
	out = sdpa_load_relaxed(&drained) + ft_drain_all(2) + ft_drain_all(3);
	for (uint16_t p = 0; p < 4; p++) {
		struct softdpa_port_stats st;

		assert_int_equal(softdpa_port_stats(p, &st), DOCA_SUCCESS);
		drops += st.dropped_total;
		if (p < 2)
			assert_int_equal(st.rx_frames, FRAMES / 2);
	}
	assert_true(out > 0);
	assert_int_equal(out + drops, FRAMES);
	doca_flow_external_resource_index_selector_destroy(sel);
	doca_flow_external_resource_array_destroy(arr);
	ft_fini();
}

int main(void)
{
	/* clang-format off */
	const struct CMUnitTest tests[] = {
		FT_TEST(test_mutate_while_forwarding),
	};
	/* clang-format on */

	return cmocka_run_group_tests(tests, NULL, NULL);
}
