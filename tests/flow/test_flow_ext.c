/* SPDX-License-Identifier: BSD-3-Clause
 * ORDERED_LIST pipes with EXTERNAL_ACTIONS elements (docs/DESIGN_DECISIONS.md D4): the index
 * selector's output sequence and every array operation, observed in the frames that leave the
 * NIC.
 */
#include <arpa/inet.h>
#include <string.h>

#include <doca_flow_external_action_array.h>
#include <doca_flow_external_action_index_selector.h>
#include <doca_flow_external_actions.h>

#include "flow_t.h"
#include "nic/ext_resource.h"

static uint8_t in[SOFTDPA_FRAME_MAX], out[SOFTDPA_FRAME_MAX];
static uint32_t sel_type, arr_type;

static void init_with_types(void)
{
	assert_int_equal(doca_flow_external_action_index_selector_register(&sel_type),
	                 DOCA_SUCCESS);
	assert_int_equal(doca_flow_external_action_array_register(&arr_type), DOCA_SUCCESS);
	ft_init("vnf,hws", 0, 0, 0, 2);
}

/* An ORDERED_LIST pipe: lists[i] = { EXTERNAL_ACTIONS ext[i] }. */
static struct doca_flow_pipe *ol_pipe(struct doca_flow_external_actions *ext, uint32_t n,
                                      bool miss_counter)
{
	struct doca_flow_pipe_cfg *pc;
	struct doca_flow_ordered_list_element_adjusted el[16];
	struct doca_flow_ordered_list l[16], *lp[16];
	struct doca_flow_pipe *p;
	struct doca_flow_fwd fwd;

	memset(el, 0, sizeof(el));
	for (uint32_t i = 0; i < n; i++) {
		el[i].external.type = DOCA_FLOW_ORDERED_LIST_ELEMENT_EXTERNAL_ACTIONS;
		el[i].external.external_actions = &ext[i];
		l[i].idx = i;
		l[i].size = 1;
		l[i].elements = &el[i].element;
		lp[i] = &l[i];
	}
	memset(&fwd, 0, sizeof(fwd));
	fwd.type = DOCA_FLOW_FWD_PORT;
	fwd.port_id = 0xffff;
	assert_int_equal(doca_flow_pipe_cfg_create(&pc, ft_ports[0]), DOCA_SUCCESS);
	assert_int_equal(doca_flow_pipe_cfg_set_name(pc, "OL"), DOCA_SUCCESS);
	assert_int_equal(doca_flow_pipe_cfg_set_type(pc, DOCA_FLOW_PIPE_ORDERED_LIST),
	                 DOCA_SUCCESS);
	assert_int_equal(doca_flow_pipe_cfg_set_ordered_lists(pc, lp, n), DOCA_SUCCESS);
	assert_int_equal(doca_flow_pipe_cfg_set_miss_counter(pc, miss_counter), DOCA_SUCCESS);
	assert_int_equal(doca_flow_pipe_create(pc, &fwd, NULL, &p), DOCA_SUCCESS);
	assert_int_equal(doca_flow_pipe_cfg_destroy(pc), DOCA_SUCCESS);
	for (uint32_t i = 0; i < n; i++) {
		struct doca_flow_pipe_entry *e;
		struct doca_flow_fwd efwd = {.type = DOCA_FLOW_FWD_PORT, .port_id = 1};

		assert_int_equal(
		        doca_flow_pipe_ordered_list_add_entry(
		                0, p, i, &l[i], &efwd, DOCA_FLOW_ENTRY_FLAGS_NO_WAIT, NULL, &e),
		        DOCA_SUCCESS);
	}
	ft_process(ft_ports[0]);
	return p;
}

/* Root BASIC pipe: source address s (per entry) -> ordered list entry s. */
static void root_to_ol(struct doca_flow_pipe *ol, uint32_t n)
{
	struct doca_flow_pipe_cfg *pc;
	struct doca_flow_match m;
	struct doca_flow_fwd fwd;
	struct doca_flow_pipe *p;

	memset(&m, 0, sizeof(m));
	m.outer.l3_type = DOCA_FLOW_L3_TYPE_IP4;
	m.outer.ip4.src_ip = 0xffffffff;
	memset(&fwd, 0, sizeof(fwd));
	fwd.type = DOCA_FLOW_FWD_CHANGEABLE;
	assert_int_equal(doca_flow_pipe_cfg_create(&pc, ft_ports[0]), DOCA_SUCCESS);
	assert_int_equal(doca_flow_pipe_cfg_set_type(pc, DOCA_FLOW_PIPE_BASIC), DOCA_SUCCESS);
	assert_int_equal(doca_flow_pipe_cfg_set_is_root(pc, true), DOCA_SUCCESS);
	assert_int_equal(doca_flow_pipe_cfg_set_match(pc, &m, NULL), DOCA_SUCCESS);
	assert_int_equal(doca_flow_pipe_create(pc, &fwd, NULL, &p), DOCA_SUCCESS);
	doca_flow_pipe_cfg_destroy(pc);
	for (uint32_t i = 0; i < n; i++) {
		struct doca_flow_pipe_entry *e;

		m.outer.ip4.src_ip = htonl(i);
		fwd.type = DOCA_FLOW_FWD_ORDERED_LIST_PIPE;
		fwd.ordered_list_pipe.pipe = ol;
		fwd.ordered_list_pipe.idx = i;
		assert_int_equal(doca_flow_pipe_basic_add_entry(0, p, &m, 0, NULL, NULL, &fwd,
		                                                DOCA_FLOW_ENTRY_FLAGS_NO_WAIT, NULL,
		                                                &e),
		                 DOCA_SUCCESS);
	}
	ft_process(ft_ports[0]);
}

static void test_index_selector_sequence(void **state)
{
	struct doca_flow_external_resource_index_selector_cfg cfg = {
	        .num_resources = 1,
	        .policy = DOCA_FLOW_EXTERNAL_RESOURCE_INDEX_SELECTOR_POLICY_ROUND_ROBIN};
	struct doca_flow_external_resource_index_selector *sel;
	struct doca_flow_external_action_index_selector act;
	struct doca_flow_external_actions ext;
	struct doca_flow_pipe *ol;
	struct doca_flow_resource_query q;
	static const uint16_t want[8] = {1, 4, 1, 3, 4, 1, 3, 4};

	(void)state;
	init_with_types();
	assert_int_equal(doca_flow_external_resource_index_selector_create(&cfg, ft_ports[0], &sel),
	                 DOCA_SUCCESS);
	assert_int_equal(doca_flow_external_resource_index_selector_modify_range(
	                         ft_ports[0], sel, 0,
	                         DOCA_FLOW_EXTERNAL_RESOURCE_INDEX_SELECTOR_OP_ENABLE, 1, 4),
	                 DOCA_SUCCESS);
	assert_int_equal(doca_flow_external_resource_index_selector_modify(
	                         ft_ports[0], sel, 0,
	                         DOCA_FLOW_EXTERNAL_RESOURCE_INDEX_SELECTOR_OP_DISABLE, 2),
	                 DOCA_SUCCESS);
	assert_int_equal(doca_flow_external_resource_index_selector_modify(
	                         ft_ports[0], sel, 0,
	                         DOCA_FLOW_EXTERNAL_RESOURCE_INDEX_SELECTOR_OP_SKIP_ONCE, 3),
	                 DOCA_SUCCESS);
	memset(&act, 0, sizeof(act));
	act.output.field_string = "outer.udp.src_port";
	act.output.width = 16;
	ext = (struct doca_flow_external_actions){sel_type, sel, 0, &act};
	ol = ol_pipe(&ext, 1, true);
	root_to_ol(ol, 1);
	for (int i = 0; i < 8; i++)
		ft_inject(0, in, ft_udp4(in, 0, 0x0a000001, 999, 53));
	ft_sync();
	for (int i = 0; i < 8; i++) {
		uint32_t len = ft_drain(1, out);

		assert_int_equal(len, ft_udp4(in, 0, 0x0a000001, want[i], 53));
		assert_memory_equal(out, in, len); /* the port and the UDP checksum */
	}
	/* Nothing selectable: the packet takes the ordered-list pipe's miss path. */
	assert_int_equal(doca_flow_external_resource_index_selector_modify_range(
	                         ft_ports[0], sel, 0,
	                         DOCA_FLOW_EXTERNAL_RESOURCE_INDEX_SELECTOR_OP_DISABLE, 1, 64),
	                 DOCA_SUCCESS);
	ft_inject(0, in, ft_udp4(in, 0, 0x0a000001, 999, 53));
	ft_sync();
	assert_int_equal(ft_drain_all(1), 0);
	assert_int_equal(doca_flow_resource_query_pipe_miss(ol, &q), DOCA_SUCCESS);
	assert_int_equal(q.counter.total_pkts, 1);
	assert_int_equal(ft_dropped(0, SOFTDPA_DROP_RULE), 1);
	doca_flow_external_resource_index_selector_destroy(sel);
	ft_fini();
}

/* SKIP_TWICE, on resource 1 of a two-selector object (resource 0 untouched). */
static void test_index_selector_skip_twice(void **state)
{
	struct doca_flow_external_resource_index_selector_cfg cfg = {
	        .num_resources = 2,
	        .policy = DOCA_FLOW_EXTERNAL_RESOURCE_INDEX_SELECTOR_POLICY_ROUND_ROBIN};
	struct doca_flow_external_resource_index_selector *sel;
	struct doca_flow_external_action_index_selector act;
	struct doca_flow_external_actions ext;
	struct doca_flow_pipe *ol;
	static const uint16_t want[8] = {1, 3, 4, 1, 3, 4, 1, 2};

	(void)state;
	init_with_types();
	assert_int_equal(doca_flow_external_resource_index_selector_create(&cfg, ft_ports[0], &sel),
	                 DOCA_SUCCESS);
	assert_int_equal(doca_flow_external_resource_index_selector_modify_range(
	                         ft_ports[0], sel, 1,
	                         DOCA_FLOW_EXTERNAL_RESOURCE_INDEX_SELECTOR_OP_ENABLE, 1, 4),
	                 DOCA_SUCCESS);
	assert_int_equal(doca_flow_external_resource_index_selector_modify(
	                         ft_ports[0], sel, 1,
	                         DOCA_FLOW_EXTERNAL_RESOURCE_INDEX_SELECTOR_OP_SKIP_TWICE, 2),
	                 DOCA_SUCCESS);
	memset(&act, 0, sizeof(act));
	act.output.field_string = "outer.udp.src_port";
	ext = (struct doca_flow_external_actions){sel_type, sel, 1, &act};
	ol = ol_pipe(&ext, 1, false);
	root_to_ol(ol, 1);
	for (int i = 0; i < 8; i++)
		ft_inject(0, in, ft_udp4(in, 0, 0x0a000001, 999, 53));
	ft_sync();
	for (int i = 0; i < 8; i++) {
		uint32_t len = ft_drain(1, out);

		assert_int_equal(len, ft_udp4(in, 0, 0x0a000001, want[i], 53));
		assert_memory_equal(out, in, len);
	}
	doca_flow_external_resource_index_selector_destroy(sel);
	ft_fini();
}

static void test_array_every_op(void **state)
{
	struct doca_flow_external_resource_array_cfg cfg = {
	        .size = 16,
	        .num_resources = 1,
	        .granularity = DOCA_FLOW_EXTERNAL_RESOURCE_GRANULARITY_32BIT};
	struct doca_flow_external_resource_array *arr;
	struct doca_flow_external_action_array act[15];
	struct doca_flow_external_actions ext[15];
	struct doca_flow_pipe *ol;
	const uint32_t old = 0xf0, operand = 0x0f0f;
	/* [op] = {slot afterwards, result written back to the packet field} */
	static const uint32_t want[15][2] = {
	        {0xf0, 0xf0},     /* LOAD */
	        {0x0f0f, 0x0f0f}, /* STORE: field unchanged */
	        {0x0fff, 0xf0},   /* ADD */
	        {0x0fff, 0xf0},   /* XOR */
	        {0x0fff, 0xf0},   /* OR */
	        {0x0000, 0xf0},   /* AND */
	        {0xf0, 7},        /* FFS_ID_MSB */
	        {0xf0, 0x80},     /* FFS_SET_BITMAP_MSB */
	        {0xf0, 4},        /* FFS_ID_LSB */
	        {0xf0, 0x10},     /* FFS_SET_BITMAP_LSB */
	        {0, 0xf0},        /* RESET */
	        {0x70, 7},        /* FIND_FIRST_SET_AND_RESET_ID_MSB */
	        {0x70, 0x80},     /* ..._BITMAP_MSB */
	        {0xe0, 4},        /* ..._ID_LSB */
	        {0xe0, 0x10},     /* ..._BITMAP_LSB */
	};

	(void)state;
	init_with_types();
	assert_int_equal(doca_flow_external_resource_array_create(&cfg, ft_ports[0], &arr),
	                 DOCA_SUCCESS);
	for (uint32_t i = 0; i < 15; i++) {
		assert_int_equal(
		        doca_flow_external_resource_array_update(ft_ports[0], arr, 0, i, old),
		        DOCA_SUCCESS);
		memset(&act[i], 0, sizeof(act[i]));
		act[i].operation = (enum doca_flow_external_action_array_operation)i;
		act[i].input_output.field_string = "outer.ipv4.dst_ip";
		act[i].input_output.width = 32;
		act[i].index = i;
		ext[i] = (struct doca_flow_external_actions){arr_type, arr, 0, &act[i]};
	}
	ol = ol_pipe(ext, 15, false);
	root_to_ol(ol, 15);
	for (uint32_t i = 0; i < 15; i++)
		ft_inject(0, in, ft_udp4(in, i, operand, 7, 8));
	ft_sync();
	for (uint32_t i = 0; i < 15; i++) {
		uint32_t len = ft_drain(1, out);
		uint64_t slot;

		assert_int_equal(len, ft_udp4(in, i, want[i][1], 7, 8));
		assert_memory_equal(out, in, len); /* dst address, IP and UDP checksums */
		assert_int_equal(sdpa_array_read(arr, 0, i, &slot), DOCA_SUCCESS);
		assert_int_equal(slot, want[i][0]);
	}
	doca_flow_external_resource_array_destroy(arr);
	ft_fini();
}

/* meta.data as input: ADD the packet's metadata into a 64-bit slot. */
static void test_array_add_meta(void **state)
{
	struct doca_flow_external_resource_array_cfg cfg = {
	        .size = 1,
	        .num_resources = 2,
	        .granularity = DOCA_FLOW_EXTERNAL_RESOURCE_GRANULARITY_64BIT};
	struct doca_flow_external_resource_array *arr;
	struct doca_flow_external_action_array act;
	struct doca_flow_external_actions ext;
	struct doca_flow_pipe *ol;
	uint64_t slot;

	(void)state;
	init_with_types();
	assert_int_equal(doca_flow_external_resource_array_create(&cfg, ft_ports[0], &arr),
	                 DOCA_SUCCESS);
	memset(&act, 0, sizeof(act));
	act.operation = DOCA_FLOW_EXTERNAL_ACTION_ARRAY_OP_ADD;
	act.input_output.field_string = "meta.data";
	act.input_output.width = 32;
	ext = (struct doca_flow_external_actions){arr_type, arr, 1, &act};
	ol = ol_pipe(&ext, 1, false);
	root_to_ol(ol, 1);
	assert_int_equal(doca_flow_external_resource_array_update(ft_ports[0], arr, 1, 0, 5),
	                 DOCA_SUCCESS);
	for (int i = 0; i < 3; i++)
		ft_inject(0, in, ft_udp4(in, 0, 1, 7, 8));
	ft_sync();
	/* meta.data is 0 for every packet: the slot keeps 5, fetch-and-add returns 5. */
	assert_int_equal(sdpa_array_read(arr, 1, 0, &slot), DOCA_SUCCESS);
	assert_int_equal(slot, 5);
	assert_int_equal(ft_drain_all(1), 3);
	doca_flow_external_resource_array_destroy(arr);
	ft_fini();
}

/* meta.data bit numbering: bit b is bit b % 32 of word b / 32 (pkt_meta, then u32[0..9]);
 * a value continues into the next word. Index 33 written at bit 28 sets pkt_meta bit 28
 * and u32[0] bit 1; a BASIC pipe matching both forwards the packet. */
static void test_meta_bits_span_words(void **state)
{
	struct doca_flow_external_resource_index_selector_cfg cfg = {
	        .num_resources = 1,
	        .policy = DOCA_FLOW_EXTERNAL_RESOURCE_INDEX_SELECTOR_POLICY_ROUND_ROBIN};
	struct doca_flow_external_resource_index_selector *sel;
	struct doca_flow_external_action_index_selector act;
	struct doca_flow_external_actions ext;
	struct doca_flow_pipe_cfg *pc;
	struct doca_flow_pipe *ol, *meta_pipe;
	struct doca_flow_pipe_entry *e;
	struct doca_flow_match m;
	struct doca_flow_fwd to1 = {.type = DOCA_FLOW_FWD_PORT, .port_id = 1};
	struct doca_flow_ordered_list_element_adjusted el;
	struct doca_flow_ordered_list l = {0, 1, &el.element}, *lp = &l;
	struct doca_flow_fwd fwd = {.type = DOCA_FLOW_FWD_PIPE};

	(void)state;
	init_with_types();
	assert_int_equal(doca_flow_external_resource_index_selector_create(&cfg, ft_ports[0], &sel),
	                 DOCA_SUCCESS);
	assert_int_equal(doca_flow_external_resource_index_selector_modify(
	                         ft_ports[0], sel, 0,
	                         DOCA_FLOW_EXTERNAL_RESOURCE_INDEX_SELECTOR_OP_ENABLE, 33),
	                 DOCA_SUCCESS);
	memset(&m, 0, sizeof(m));
	m.meta.pkt_meta = htonl(1u << 28);
	m.meta.u32[0] = htonl(2);
	assert_int_equal(doca_flow_pipe_cfg_create(&pc, ft_ports[0]), DOCA_SUCCESS);
	assert_int_equal(doca_flow_pipe_cfg_set_match(pc, &m, NULL), DOCA_SUCCESS);
	assert_int_equal(doca_flow_pipe_create(pc, &to1, NULL, &meta_pipe), DOCA_SUCCESS);
	doca_flow_pipe_cfg_destroy(pc);
	assert_int_equal(doca_flow_pipe_basic_add_entry(0, meta_pipe, NULL, 0, NULL, NULL, NULL,
	                                                DOCA_FLOW_ENTRY_FLAGS_NO_WAIT, NULL, &e),
	                 DOCA_SUCCESS);
	memset(&act, 0, sizeof(act));
	act.output.field_string = "meta.data";
	act.output.bit_offset = 28;
	act.output.width = 8;
	ext = (struct doca_flow_external_actions){sel_type, sel, 0, &act};
	memset(&el, 0, sizeof(el));
	el.external.type = DOCA_FLOW_ORDERED_LIST_ELEMENT_EXTERNAL_ACTIONS;
	el.external.external_actions = &ext;
	fwd.next_pipe = meta_pipe;
	assert_int_equal(doca_flow_pipe_cfg_create(&pc, ft_ports[0]), DOCA_SUCCESS);
	assert_int_equal(doca_flow_pipe_cfg_set_type(pc, DOCA_FLOW_PIPE_ORDERED_LIST),
	                 DOCA_SUCCESS);
	assert_int_equal(doca_flow_pipe_cfg_set_ordered_lists(pc, &lp, 1), DOCA_SUCCESS);
	assert_int_equal(doca_flow_pipe_create(pc, &fwd, NULL, &ol), DOCA_SUCCESS);
	doca_flow_pipe_cfg_destroy(pc);
	assert_int_equal(doca_flow_pipe_ordered_list_add_entry(
	                         0, ol, 0, &l, NULL, DOCA_FLOW_ENTRY_FLAGS_NO_WAIT, NULL, &e),
	                 DOCA_SUCCESS);
	root_to_ol(ol, 1);
	ft_inject(0, in, ft_udp4(in, 0, 1, 7, 8));
	ft_sync();
	assert_int_equal(ft_drain_all(1), 1);
	assert_int_equal(ft_dropped(0, SOFTDPA_DROP_RULE), 0);
	doca_flow_external_resource_index_selector_destroy(sel);
	ft_fini();
}

static void test_ol_errors(void **state)
{
	struct doca_flow_external_resource_array_cfg cfg = {
	        .size = 4,
	        .num_resources = 1,
	        .granularity = DOCA_FLOW_EXTERNAL_RESOURCE_GRANULARITY_8BIT};
	struct doca_flow_external_resource_array *arr;
	struct doca_flow_external_action_array act;
	struct doca_flow_external_actions ext;
	struct doca_flow_ordered_list_element_adjusted el;
	struct doca_flow_ordered_list l = {0, 1, &el.element}, *lp = &l;
	struct doca_flow_pipe_cfg *pc;

	(void)state;
	init_with_types();
	assert_int_equal(doca_flow_external_resource_array_create(&cfg, ft_ports[0], &arr),
	                 DOCA_SUCCESS);
	memset(&act, 0, sizeof(act));
	act.input_output.field_string = "outer.ipv4.dst_ip";
	act.index = 4; /* out of range */
	ext = (struct doca_flow_external_actions){arr_type, arr, 0, &act};
	memset(&el, 0, sizeof(el));
	el.external.type = DOCA_FLOW_ORDERED_LIST_ELEMENT_EXTERNAL_ACTIONS;
	el.external.external_actions = &ext;
	assert_int_equal(doca_flow_pipe_cfg_create(&pc, ft_ports[0]), DOCA_SUCCESS);
	assert_int_equal(doca_flow_pipe_cfg_set_ordered_lists(pc, &lp, 1),
	                 DOCA_ERROR_INVALID_VALUE);
	t_assert_logged("array index 4 (size 4)");
	act.index = 0;
	act.input_output.field_string = "outer.vxlan.vni";
	assert_int_equal(doca_flow_pipe_cfg_set_ordered_lists(pc, &lp, 1),
	                 DOCA_ERROR_NOT_SUPPORTED);
	t_assert_logged("unknown field \"outer.vxlan.vni\"", "meta.data");
	act.input_output.field_string = "outer.ipv4.ttl";
	act.input_output.bit_offset = 4;
	act.input_output.width = 8;
	assert_int_equal(doca_flow_pipe_cfg_set_ordered_lists(pc, &lp, 1),
	                 DOCA_ERROR_INVALID_VALUE);
	t_assert_logged("do not fit field \"outer.ipv4.ttl\"");
	act.input_output.bit_offset = 0;
	act.is_dynamic = true;
	assert_int_equal(doca_flow_pipe_cfg_set_ordered_lists(pc, &lp, 1),
	                 DOCA_ERROR_NOT_SUPPORTED);
	t_assert_logged("dynamic array actions are not supported", "is_dynamic = false");
	act.is_dynamic = false;
	ext.type = 999;
	assert_int_equal(doca_flow_pipe_cfg_set_ordered_lists(pc, &lp, 1),
	                 DOCA_ERROR_INVALID_VALUE);
	t_assert_logged("type 999 was not registered");
	ext.type = sel_type;
	assert_int_equal(doca_flow_pipe_cfg_set_ordered_lists(pc, &lp, 1),
	                 DOCA_ERROR_INVALID_VALUE);
	t_assert_logged("not a live index selector");
	ext.type = arr_type;
	ext.resource_offset = 1;
	assert_int_equal(doca_flow_pipe_cfg_set_ordered_lists(pc, &lp, 1),
	                 DOCA_ERROR_INVALID_VALUE);
	t_assert_logged("resource_offset 1 out of range");
	ext.resource_offset = 0;
	assert_int_equal(doca_flow_pipe_cfg_set_ordered_lists(pc, &lp, 1), DOCA_SUCCESS);
	assert_int_equal(doca_flow_pipe_cfg_destroy(pc), DOCA_SUCCESS);
	doca_flow_external_resource_array_destroy(arr);
	ft_fini();
	assert_int_equal(sdpa_ext_live_objects(), 0);
}

int main(void)
{
	/* clang-format off */
	const struct CMUnitTest tests[] = {
		FT_TEST(test_index_selector_sequence),
		FT_TEST(test_array_every_op),
		FT_TEST(test_array_add_meta),
		FT_TEST(test_index_selector_skip_twice),
		FT_TEST(test_meta_bits_span_words),
		FT_TEST(test_ol_errors),
	};
	/* clang-format on */

	return cmocka_run_group_tests(tests, NULL, NULL);
}
