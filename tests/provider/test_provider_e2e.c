/* SPDX-License-Identifier: BSD-3-Clause
 * The test loop a DOCA engineer runs, end to end: DPA kernels (built by softdpa-dpacc)
 * post requests through the provider while real frames cross the emulated NIC.
 */
#include <arpa/inet.h>
#include <string.h>

#include <doca_flow_external_action_array.h>

#include "nic/flow_hash.h"
#include "nic/frame_builder.h"
#include "prov_t.h"

static struct doca_flow_dpa_ctx *ctx;

static int down(void **state)
{
	if (ctx != NULL) {
		doca_flow_dpa_destroy(ctx);
		ctx = NULL;
	}
	return pt_teardown(state);
}
#define PT_TEST(fn) cmocka_unit_test_teardown(fn, down)

static void launch_one(doca_flow_dpa_addr a, uint32_t op, uint32_t offset, uint32_t index,
                       uint32_t end, uint64_t value, struct prov_result *r)
{
	pt_results_clear();
	pt_launch(1, prov_one, a, op, offset, index, end, value, pt_result_addr(0));
	pt_results(r, 1);
}

/* (1) disable_index from a kernel: frames hashing to that index stop reaching its entry
 * while the others still arrive; enable brings them back. */
static void test_disable_enable_from_kernel(void **state)
{
	struct doca_flow_dpa_pipe *dp;
	struct doca_flow_pipe *p;
	doca_flow_dpa_addr a;
	struct prov_result r;
	uint32_t dst0, dst1;
	uint16_t sport;

	(void)state;
	pt_flow_up(0);
	assert_int_equal(doca_flow_dpa_init(pt.process, &ctx), DOCA_SUCCESS);
	pt_queues(ctx, 64, 0, 0, 1);
	p = pt_hash_pipe(2, DOCA_FLOW_PIPE_HASH_MAP_ALGORITHM_SELECT_ENABLED, true, true);
	assert_int_equal(doca_flow_dpa_pipe_export_prepare(ctx, p, 2, &dp), DOCA_SUCCESS);
	pt_hash_entries(p, 0, 2, true); /* entry 0 -> port 1 (sport 1000), 1 -> port 2 (1001) */
	assert_int_equal(doca_flow_dpa_pipe_export(ctx, dp), DOCA_SUCCESS);
	assert_int_equal(doca_flow_dpa_pipe_get_device_addr(ctx, dp, &a), DOCA_SUCCESS);
	dst0 = pt_dst_for(p, 0, 2);
	dst1 = pt_dst_for(p, 1, 2);
	assert_int_equal(pt_send(dst1, &sport), 2);
	assert_int_equal(sport, 1001);
	assert_int_equal(pt_send(dst0, &sport), 1);

	launch_one(a, PROV_DISABLE, 0, 1, 0, 0, &r);
	assert_int_equal(r.post_rc, DOCA_SUCCESS);
	assert_int_equal(r.completed, 1);
	assert_int_equal(r.failed, 0);
	/* Index 1 no longer receives: its frames go to the enabled entry (SELECT_ENABLED). */
	for (int i = 0; i < 4; i++) {
		assert_int_equal(pt_send(dst1, &sport), 1);
		assert_int_equal(sport, 1000);
		assert_int_equal(pt_send(dst0, &sport), 1);
	}
	launch_one(a, PROV_ENABLE, 0, 1, 0, 0, &r);
	assert_int_equal(r.completed, 1);
	assert_int_equal(r.failed, 0);
	assert_int_equal(pt_send(dst1, &sport), 2);
	assert_int_equal(sport, 1001);
	assert_int_equal(doca_flow_dpa_pipe_destroy(ctx, dp), DOCA_SUCCESS);
}

/* A root BASIC pipe sends every IPv4 frame to an ORDERED_LIST pipe whose one element
 * LOADs array slot (offset 0, index 3) into the UDP destination port. */
static struct doca_flow_external_resource_array *load_pipeline(void)
{
	struct doca_flow_external_resource_array_cfg cfg = {
	        .size = 8,
	        .num_resources = 1,
	        .granularity = DOCA_FLOW_EXTERNAL_RESOURCE_GRANULARITY_16BIT};
	static struct doca_flow_external_action_array act;
	static struct doca_flow_external_actions ext;
	struct doca_flow_external_resource_array *arr;
	struct doca_flow_ordered_list_element_adjusted el;
	struct doca_flow_ordered_list l, *lp = &l;
	struct doca_flow_pipe_cfg *pc;
	struct doca_flow_pipe *ol, *root;
	struct doca_flow_pipe_entry *e;
	struct doca_flow_fwd fwd = {.type = DOCA_FLOW_FWD_PORT, .port_id = 0xffff};
	struct doca_flow_fwd efwd = {.type = DOCA_FLOW_FWD_PORT, .port_id = 1};
	struct doca_flow_match m;

	assert_int_equal(doca_flow_external_resource_array_create(&cfg, pt.port[0], &arr),
	                 DOCA_SUCCESS);
	memset(&act, 0, sizeof(act));
	act.operation = DOCA_FLOW_EXTERNAL_ACTION_ARRAY_OP_LOAD;
	act.input_output.field_string = "outer.udp.dst_port";
	act.input_output.width = 16;
	act.index = 3;
	ext = (struct doca_flow_external_actions){pt.arr_type, arr, 0, &act};
	memset(&el, 0, sizeof(el));
	el.external.type = DOCA_FLOW_ORDERED_LIST_ELEMENT_EXTERNAL_ACTIONS;
	el.external.external_actions = &ext;
	l.idx = 0;
	l.size = 1;
	l.elements = &el.element;
	assert_int_equal(doca_flow_pipe_cfg_create(&pc, pt.port[0]), DOCA_SUCCESS);
	assert_int_equal(doca_flow_pipe_cfg_set_name(pc, "LOAD"), DOCA_SUCCESS);
	assert_int_equal(doca_flow_pipe_cfg_set_type(pc, DOCA_FLOW_PIPE_ORDERED_LIST),
	                 DOCA_SUCCESS);
	assert_int_equal(doca_flow_pipe_cfg_set_ordered_lists(pc, &lp, 1), DOCA_SUCCESS);
	assert_int_equal(doca_flow_pipe_create(pc, &fwd, NULL, &ol), DOCA_SUCCESS);
	doca_flow_pipe_cfg_destroy(pc);
	assert_int_equal(doca_flow_pipe_ordered_list_add_entry(
	                         0, ol, 0, &l, &efwd, DOCA_FLOW_ENTRY_FLAGS_NO_WAIT, NULL, &e),
	                 DOCA_SUCCESS);
	memset(&m, 0, sizeof(m));
	m.outer.l3_type = DOCA_FLOW_L3_TYPE_IP4;
	fwd.type = DOCA_FLOW_FWD_ORDERED_LIST_PIPE;
	fwd.ordered_list_pipe.pipe = ol;
	fwd.ordered_list_pipe.idx = 0;
	assert_int_equal(doca_flow_pipe_cfg_create(&pc, pt.port[0]), DOCA_SUCCESS);
	assert_int_equal(doca_flow_pipe_cfg_set_type(pc, DOCA_FLOW_PIPE_BASIC), DOCA_SUCCESS);
	assert_int_equal(doca_flow_pipe_cfg_set_is_root(pc, true), DOCA_SUCCESS);
	assert_int_equal(doca_flow_pipe_cfg_set_match(pc, &m, NULL), DOCA_SUCCESS);
	assert_int_equal(doca_flow_pipe_create(pc, &fwd, NULL, &root), DOCA_SUCCESS);
	doca_flow_pipe_cfg_destroy(pc);
	assert_int_equal(doca_flow_pipe_basic_add_entry(0, root, &m, 0, NULL, NULL, NULL,
	                                                DOCA_FLOW_ENTRY_FLAGS_NO_WAIT, NULL, &e),
	                 DOCA_SUCCESS);
	assert_int_equal(doca_flow_entries_process(pt.port[0], 0, 0, 0), DOCA_SUCCESS);
	return arr;
}

/* (2) a memory update on RESOURCES_WRITE is what the pipeline uses next; (3) a read on
 * RESOURCES_READ returns the last update; (6) without a RESOURCES_READ queue a read is
 * NOT_SUPPORTED. */
static void test_memory_update_read(void **state)
{
	struct doca_flow_external_resource_array *arr;
	struct doca_flow_dpa_external_resource *res;
	doca_flow_dpa_addr a;
	struct prov_result r;
	uint8_t f[128], o[SOFTDPA_FRAME_MAX];
	uint32_t len;

	(void)state;
	pt_flow_up(0);
	assert_int_equal(doca_flow_dpa_init(pt.process, &ctx), DOCA_SUCCESS);
	pt_queues(ctx, 0, 16, 0, 1);
	arr = load_pipeline();
	assert_int_equal(doca_flow_dpa_external_resource_export(
	                         ctx, DOCA_FLOW_DPA_EXTERNAL_RESOURCE_TYPE_MEMORY, arr, &res),
	                 DOCA_SUCCESS);
	assert_int_equal(doca_flow_dpa_external_resource_get_device_addr(ctx, res, &a),
	                 DOCA_SUCCESS);

	launch_one(a, PROV_MEM_UPDATE, 0, 3, 0, 8080, &r);
	assert_int_equal(r.post_rc, DOCA_SUCCESS);
	assert_int_equal(r.completed, 1);
	assert_int_equal(r.failed, 0);
	memset(o, 0, sizeof(o));
	(void)pt_send(0x01020304, NULL); /* warm: the frame leaves on port 1 */
	{
		struct sdpa_frame_spec s;

		memset(&s, 0, sizeof(s));
		s.l3 = 1, s.ip4_src = 1, s.ip4_dst = 2, s.l4 = 2, s.src_port = 7, s.dst_port = 53;
		len = sdpa_frame_build(&s, f, sizeof(f));
	}
	assert_int_equal(softdpa_port_inject(0, f, len), DOCA_SUCCESS);
	assert_int_equal(softdpa_nic_sync(), DOCA_SUCCESS);
	assert_int_equal(softdpa_port_drain(1, o, sizeof(o), &len), DOCA_SUCCESS);
	assert_int_equal(o[36] << 8 | o[37], 8080); /* UDP destination port = the slot */

	/* (6) no RESOURCES_READ queue: the read is refused as NOT_SUPPORTED, nothing posted. */
	launch_one(a, PROV_MEM_READ, 0, 3, 0, 0, &r);
	assert_int_equal(r.post_rc, DOCA_ERROR_NOT_SUPPORTED);
	t_assert_logged("no RESOURCES_READ queue");

	/* (3) with the queue, the value read equals the last update. */
	assert_int_equal(doca_flow_dpa_external_resource_destroy(ctx, res), DOCA_SUCCESS);
	assert_int_equal(doca_flow_dpa_queues_destroy(ctx, pt.port[0]), DOCA_SUCCESS);
	pt_queues(ctx, 0, 16, 16, 1);
	assert_int_equal(doca_flow_dpa_external_resource_export(
	                         ctx, DOCA_FLOW_DPA_EXTERNAL_RESOURCE_TYPE_MEMORY, arr, &res),
	                 DOCA_SUCCESS);
	assert_int_equal(doca_flow_dpa_external_resource_get_device_addr(ctx, res, &a),
	                 DOCA_SUCCESS);
	launch_one(a, PROV_MEM_UPDATE, 0, 3, 0, 4443, &r);
	assert_int_equal(r.completed, 1);
	launch_one(a, PROV_MEM_READ, 0, 3, 0, 0, &r);
	assert_int_equal(r.post_rc, DOCA_SUCCESS);
	assert_int_equal(r.completed, 1);
	assert_int_equal(r.failed, 0);
	assert_int_equal(r.value, 4443);
	/* A range read: slots 0..7 in one 8-index request. */
	launch_one(a, PROV_MEM_READ_RANGE, 0, 0, 7, 0, &r);
	assert_int_equal(r.completed, 1);
	assert_int_equal(r.values[3], 4443);
	assert_int_equal(doca_flow_dpa_external_resource_destroy(ctx, res), DOCA_SUCCESS);
	doca_flow_external_resource_array_destroy(arr);
}

/* (5) export_prepare after adding entries: kernel requests on those entries fail, and
 * the warning was logged. */
static void test_prepare_late_from_kernel(void **state)
{
	struct doca_flow_dpa_pipe *dp;
	struct doca_flow_pipe *p;
	doca_flow_dpa_addr a;
	struct prov_result r;

	(void)state;
	pt_flow_up(0);
	assert_int_equal(doca_flow_dpa_init(pt.process, &ctx), DOCA_SUCCESS);
	pt_queues(ctx, 64, 0, 0, 1);
	p = pt_hash_pipe(4, DOCA_FLOW_PIPE_HASH_MAP_ALGORITHM_SELECT_ENABLED, true, true);
	pt_hash_entries(p, 0, 4, true);
	assert_int_equal(doca_flow_dpa_pipe_export_prepare(ctx, p, 4, &dp), DOCA_SUCCESS);
	t_assert_logged("after 4 entries were added", "before adding entries");
	assert_int_equal(doca_flow_dpa_pipe_export(ctx, dp), DOCA_SUCCESS);
	assert_int_equal(doca_flow_dpa_pipe_get_device_addr(ctx, dp, &a), DOCA_SUCCESS);
	launch_one(a, PROV_REPLACE, 0, 2, 0, 7777, &r);
	assert_int_equal(r.post_rc, DOCA_SUCCESS);
	assert_int_equal(r.completed, 1);
	assert_int_equal(r.failed, 1); /* the faithful symptom: the request fails */
	assert_int_equal(doca_flow_dpa_pipe_destroy(ctx, dp), DOCA_SUCCESS);
}

/* A kernel that posts without polling gets AGAIN after exactly queue_size posts; after
 * draining, posting resumes. */
static void test_kernel_again_then_resume(void **state)
{
	struct doca_flow_dpa_pipe *dp;
	struct doca_flow_pipe *p;
	doca_flow_dpa_addr a;
	struct prov_result r;

	(void)state;
	pt_flow_up(0);
	assert_int_equal(doca_flow_dpa_init(pt.process, &ctx), DOCA_SUCCESS);
	pt_queues(ctx, 32, 0, 0, 1);
	p = pt_hash_pipe(4, DOCA_FLOW_PIPE_HASH_MAP_ALGORITHM_SELECT_ENABLED, true, true);
	assert_int_equal(doca_flow_dpa_pipe_export_prepare(ctx, p, 4, &dp), DOCA_SUCCESS);
	pt_hash_entries(p, 0, 4, true);
	assert_int_equal(doca_flow_dpa_pipe_export(ctx, dp), DOCA_SUCCESS);
	assert_int_equal(doca_flow_dpa_pipe_get_device_addr(ctx, dp, &a), DOCA_SUCCESS);
	pt_results_clear();
	pt_launch(1, prov_fill, a, 4, pt_result_addr(0));
	pt_results(&r, 1);
	assert_int_equal(r.again_after, 32);
	assert_int_equal(r.resumed, 1);
	assert_int_equal(r.completed, 33);
	assert_int_equal(r.failed, 0);
	assert_int_equal(doca_flow_dpa_pipe_destroy(ctx, dp), DOCA_SUCCESS);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	        PT_TEST(test_disable_enable_from_kernel),
	        PT_TEST(test_memory_update_read),
	        PT_TEST(test_prepare_late_from_kernel),
	        PT_TEST(test_kernel_again_then_resume),
	};
	return cmocka_run_group_tests_name("provider_e2e", tests, pt_group_setup,
	                                   pt_group_teardown);
}
