/* SPDX-License-Identifier: BSD-3-Clause
 * DOCA Flow custom header definitions (doca_flow_definitions.h), custom headers and their
 * parse graph (doca_flow_custom_header.h, doca_flow_custom_header_graph.h): not emulated.
 * Every call with good arguments answers NOT_SUPPORTED and logs one line naming itself; a
 * bad argument answers INVALID_VALUE with one line naming the argument; outputs are left
 * untouched. doca_flow_cfg_set_definitions itself is tested in test_flow_compat.c.
 */
#include <stdint.h>
#include <string.h>

#include <doca_flow_custom_header.h>
#include <doca_flow_custom_header_graph.h>
#include <doca_flow_definitions.h>

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

/* ------------------------------------------------------------------ definitions */

static void test_definitions(void **state)
{
	struct doca_flow_definitions_cfg *dcfg = FAKE(struct doca_flow_definitions_cfg);
	struct doca_flow_definitions *defs = FAKE(struct doca_flow_definitions);
	struct doca_flow_definitions_cfg *dcfg_out = NULL;
	struct doca_flow_definitions *defs_out = NULL;

	(void)state;
	EXPECT_INVALID(doca_flow_definitions_cfg_create(NULL), "doca_flow_definitions_cfg_create",
	               "defs_cfg is NULL");
	EXPECT_UNSUPPORTED(doca_flow_definitions_cfg_create(&dcfg_out),
	                   "doca_flow_definitions_cfg_create");
	t_assert_logged("custom header definitions are not emulated");
	assert_null(dcfg_out);
	EXPECT_INVALID(doca_flow_definitions_create(NULL, &defs_out),
	               "doca_flow_definitions_create", "defs_cfg is NULL");
	EXPECT_INVALID(doca_flow_definitions_create(dcfg, NULL), "doca_flow_definitions_create",
	               "defs is NULL");
	EXPECT_UNSUPPORTED(doca_flow_definitions_create(dcfg, &defs_out),
	                   "doca_flow_definitions_create");
	assert_null(defs_out);
	EXPECT_INVALID(doca_flow_definitions_add_field(NULL, "match.packet.tunnel.psp.dw6", 0, 4),
	               "doca_flow_definitions_add_field", "defs is NULL");
	EXPECT_INVALID(doca_flow_definitions_add_field(defs, NULL, 0, 4),
	               "doca_flow_definitions_add_field", "field_opcode_str is NULL");
	EXPECT_INVALID(doca_flow_definitions_add_field(defs, "match.packet.tunnel.psp.dw6", 0, 0),
	               "doca_flow_definitions_add_field", "field_length is 0");
	EXPECT_UNSUPPORTED(
	        doca_flow_definitions_add_field(defs, "match.packet.tunnel.psp.dw6", 0, 4),
	        "doca_flow_definitions_add_field");
	EXPECT_ONE_LINE(doca_flow_definitions_destroy(NULL), "doca_flow_definitions_destroy",
	                "defs is NULL");
	EXPECT_ONE_LINE(doca_flow_definitions_destroy(defs), "doca_flow_definitions_destroy",
	                "not supported by softdpa");
	EXPECT_INVALID(doca_flow_definitions_cfg_destroy(NULL), "doca_flow_definitions_cfg_destroy",
	               "defs_cfg is NULL");
	EXPECT_UNSUPPORTED(doca_flow_definitions_cfg_destroy(dcfg),
	                   "doca_flow_definitions_cfg_destroy");
}

/* ------------------------------------------------------------------ custom header */

static void test_custom_header(void **state)
{
	struct doca_flow_custom_header *hdr = FAKE(struct doca_flow_custom_header);
	struct doca_flow_custom_header_sampler *smp = FAKE(struct doca_flow_custom_header_sampler);
	struct doca_flow_custom_header *hdr_out = NULL;
	struct doca_flow_custom_header_sampler *smp_out = NULL;
	const char *opcode = "untouched";

	(void)state;
	EXPECT_INVALID(doca_flow_custom_header_create(NULL), "doca_flow_custom_header_create",
	               "custom_header is NULL");
	EXPECT_UNSUPPORTED(doca_flow_custom_header_create(&hdr_out),
	                   "doca_flow_custom_header_create");
	t_assert_logged("custom headers are not emulated");
	assert_null(hdr_out);

	EXPECT_INVALID(doca_flow_custom_header_next_hdr_set_offset(NULL, 0),
	               "doca_flow_custom_header_next_hdr_set_offset", "custom_header is NULL");
	EXPECT_UNSUPPORTED(doca_flow_custom_header_next_hdr_set_offset(hdr, 0),
	                   "doca_flow_custom_header_next_hdr_set_offset");
	EXPECT_UNSUPPORTED(doca_flow_custom_header_next_hdr_set_length(hdr, 8),
	                   "doca_flow_custom_header_next_hdr_set_length");
	EXPECT_INVALID(doca_flow_custom_header_length_field_set_fixed_length(hdr, 12),
	               "doca_flow_custom_header_length_field_set_fixed_length",
	               "not a multiple of 32");
	EXPECT_UNSUPPORTED(doca_flow_custom_header_length_field_set_fixed_length(hdr, 64),
	                   "doca_flow_custom_header_length_field_set_fixed_length");
	EXPECT_UNSUPPORTED(doca_flow_custom_header_length_field_set_offset(hdr, 96),
	                   "doca_flow_custom_header_length_field_set_offset");
	EXPECT_UNSUPPORTED(doca_flow_custom_header_length_field_set_length(hdr, 4),
	                   "doca_flow_custom_header_length_field_set_length");
	EXPECT_INVALID(doca_flow_custom_header_length_field_set_multiplier(hdr, 3),
	               "doca_flow_custom_header_length_field_set_multiplier", "not a power of two");
	EXPECT_UNSUPPORTED(doca_flow_custom_header_length_field_set_multiplier(hdr, 4),
	                   "doca_flow_custom_header_length_field_set_multiplier");
	EXPECT_INVALID(doca_flow_custom_header_tlv_options_set_fixed_length(hdr, 33),
	               "doca_flow_custom_header_tlv_options_set_fixed_length",
	               "not a multiple of 32");
	EXPECT_UNSUPPORTED(doca_flow_custom_header_tlv_options_set_fixed_length(hdr, 32),
	                   "doca_flow_custom_header_tlv_options_set_fixed_length");
	EXPECT_UNSUPPORTED(doca_flow_custom_header_tlv_options_set_offset(hdr, 64),
	                   "doca_flow_custom_header_tlv_options_set_offset");
	EXPECT_UNSUPPORTED(doca_flow_custom_header_tlv_options_type_set_offset(hdr, 0),
	                   "doca_flow_custom_header_tlv_options_type_set_offset");
	EXPECT_UNSUPPORTED(doca_flow_custom_header_tlv_options_type_set_length(hdr, 8),
	                   "doca_flow_custom_header_tlv_options_type_set_length");
	EXPECT_UNSUPPORTED(doca_flow_custom_header_tlv_options_length_set_offset(hdr, 8),
	                   "doca_flow_custom_header_tlv_options_length_set_offset");
	EXPECT_UNSUPPORTED(doca_flow_custom_header_tlv_options_length_set_length(hdr, 8),
	                   "doca_flow_custom_header_tlv_options_length_set_length");
	EXPECT_INVALID(doca_flow_custom_header_tlv_options_length_set_multiplier(hdr, 0),
	               "doca_flow_custom_header_tlv_options_length_set_multiplier",
	               "not a power of two");
	EXPECT_UNSUPPORTED(doca_flow_custom_header_tlv_options_length_set_multiplier(hdr, 1),
	                   "doca_flow_custom_header_tlv_options_length_set_multiplier");

	EXPECT_INVALID(doca_flow_custom_header_sampler_create(hdr, NULL),
	               "doca_flow_custom_header_sampler_create", "sampler is NULL");
	EXPECT_UNSUPPORTED(doca_flow_custom_header_sampler_create(hdr, &smp_out),
	                   "doca_flow_custom_header_sampler_create");
	assert_null(smp_out);
	EXPECT_INVALID(doca_flow_custom_header_sampler_set_offset(NULL, 0),
	               "doca_flow_custom_header_sampler_set_offset", "sampler is NULL");
	EXPECT_UNSUPPORTED(doca_flow_custom_header_sampler_set_offset(smp, 0),
	                   "doca_flow_custom_header_sampler_set_offset");
	EXPECT_INVALID(doca_flow_custom_header_sampler_set_length(smp, 0),
	               "doca_flow_custom_header_sampler_set_length", "bit_length is 0");
	EXPECT_UNSUPPORTED(doca_flow_custom_header_sampler_set_length(smp, 32),
	                   "doca_flow_custom_header_sampler_set_length");
	EXPECT_UNSUPPORTED(doca_flow_custom_header_sampler_enable_is_options(smp, 1),
	                   "doca_flow_custom_header_sampler_enable_is_options");
	EXPECT_INVALID(doca_flow_custom_header_sampler_set_tunnel_mode(
	                       smp, (enum doca_flow_custom_header_sampler_tunnel_mode)9),
	               "doca_flow_custom_header_sampler_set_tunnel_mode", "unknown tunnel_mode");
	EXPECT_UNSUPPORTED(doca_flow_custom_header_sampler_set_tunnel_mode(
	                           smp, DOCA_FLOW_CUSTOM_HEADER_SAMPLER_TUNNEL_MODE_OUTER),
	                   "doca_flow_custom_header_sampler_set_tunnel_mode");
	EXPECT_INVALID(doca_flow_custom_header_sampler_get_match_definition(smp, NULL),
	               "doca_flow_custom_header_sampler_get_match_definition",
	               "opcode_str is NULL");
	EXPECT_UNSUPPORTED(doca_flow_custom_header_sampler_get_match_definition(smp, &opcode),
	                   "doca_flow_custom_header_sampler_get_match_definition");
	EXPECT_UNSUPPORTED(doca_flow_custom_header_sampler_get_action_definition(smp, &opcode),
	                   "doca_flow_custom_header_sampler_get_action_definition");
	EXPECT_UNSUPPORTED(doca_flow_custom_header_sampler_get_valid_bit_definition(smp, &opcode),
	                   "doca_flow_custom_header_sampler_get_valid_bit_definition");
	assert_string_equal(opcode, "untouched");
	EXPECT_UNSUPPORTED(doca_flow_custom_header_sampler_destroy(smp),
	                   "doca_flow_custom_header_sampler_destroy");
	EXPECT_INVALID(doca_flow_custom_header_destroy(NULL), "doca_flow_custom_header_destroy",
	               "custom_header is NULL");
	EXPECT_UNSUPPORTED(doca_flow_custom_header_destroy(hdr), "doca_flow_custom_header_destroy");
}

/* ------------------------------------------------------------------ parse graph */

static void test_custom_header_graph(void **state)
{
	struct doca_flow_custom_header_graph *g = FAKE(struct doca_flow_custom_header_graph);
	struct doca_flow_custom_header_graph_arc *arc =
	        FAKE(struct doca_flow_custom_header_graph_arc);
	struct doca_flow_custom_header *hdr = FAKE(struct doca_flow_custom_header);
	struct doca_flow_custom_header_graph *g_out = NULL;
	struct doca_flow_custom_header_graph_arc *arc_out = NULL;

	(void)state;
	EXPECT_INVALID(doca_flow_custom_header_graph_create(NULL),
	               "doca_flow_custom_header_graph_create", "graph is NULL");
	EXPECT_UNSUPPORTED(doca_flow_custom_header_graph_create(&g_out),
	                   "doca_flow_custom_header_graph_create");
	t_assert_logged("parse graph is not emulated");
	assert_null(g_out);
	EXPECT_INVALID(doca_flow_custom_header_graph_arc_create(g, NULL),
	               "doca_flow_custom_header_graph_arc_create", "arc is NULL");
	EXPECT_UNSUPPORTED(doca_flow_custom_header_graph_arc_create(g, &arc_out),
	                   "doca_flow_custom_header_graph_arc_create");
	assert_null(arc_out);
	EXPECT_INVALID(doca_flow_custom_header_graph_arc_set_src(
	                       arc, (enum doca_flow_custom_header_graph_node_type)21, 0, NULL),
	               "doca_flow_custom_header_graph_arc_set_src", "unknown node_type");
	EXPECT_INVALID(doca_flow_custom_header_graph_arc_set_src(
	                       arc, DOCA_FLOW_CUSTOM_HEADER_GRAPH_NODE_FLEX, 0, NULL),
	               "doca_flow_custom_header_graph_arc_set_src", "custom_header is NULL");
	EXPECT_UNSUPPORTED(doca_flow_custom_header_graph_arc_set_src(
	                           arc, DOCA_FLOW_CUSTOM_HEADER_GRAPH_NODE_UDP, 5000, NULL),
	                   "doca_flow_custom_header_graph_arc_set_src");
	EXPECT_INVALID(doca_flow_custom_header_graph_arc_set_dst(
	                       NULL, DOCA_FLOW_CUSTOM_HEADER_GRAPH_NODE_FLEX, hdr),
	               "doca_flow_custom_header_graph_arc_set_dst", "arc is NULL");
	EXPECT_UNSUPPORTED(doca_flow_custom_header_graph_arc_set_dst(
	                           arc, DOCA_FLOW_CUSTOM_HEADER_GRAPH_NODE_FLEX, hdr),
	                   "doca_flow_custom_header_graph_arc_set_dst");
	EXPECT_UNSUPPORTED(doca_flow_custom_header_graph_arc_set_transition(arc, true),
	                   "doca_flow_custom_header_graph_arc_set_transition");
	EXPECT_INVALID(doca_flow_custom_header_graph_bind(g, NULL),
	               "doca_flow_custom_header_graph_bind", "dev is NULL");
	EXPECT_UNSUPPORTED(doca_flow_custom_header_graph_bind(g, FAKE(struct doca_dev)),
	                   "doca_flow_custom_header_graph_bind");
	EXPECT_UNSUPPORTED(doca_flow_custom_header_graph_unbind(g),
	                   "doca_flow_custom_header_graph_unbind");
	EXPECT_UNSUPPORTED(doca_flow_custom_header_graph_arc_destroy(arc),
	                   "doca_flow_custom_header_graph_arc_destroy");
	EXPECT_INVALID(doca_flow_custom_header_graph_destroy(NULL),
	               "doca_flow_custom_header_graph_destroy", "graph is NULL");
	EXPECT_UNSUPPORTED(doca_flow_custom_header_graph_destroy(g),
	                   "doca_flow_custom_header_graph_destroy");
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	        cmocka_unit_test(test_definitions),
	        cmocka_unit_test(test_custom_header),
	        cmocka_unit_test(test_custom_header_graph),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
