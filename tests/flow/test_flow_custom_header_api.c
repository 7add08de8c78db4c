/* SPDX-License-Identifier: BSD-3-Clause
 * DOCA Flow custom headers (doca_flow_custom_header.h), their parse graph
 * (doca_flow_custom_header_graph.h) and the definitions that name fields beyond struct
 * doca_flow_match / doca_flow_actions (doca_flow_definitions.h): argument checks, the
 * firmware setting a bind needs, and the emulated flex parser on frames whose bytes were
 * computed independently of softdpa (tests/flow/custom_header_vectors.py wrote the arrays
 * below): matching and rewriting samples (checksums kept right), TLV options, the PSP
 * extension words, and a cut custom header dropped and counted.
 */
#include <arpa/inet.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <doca_dev.h>
#include <doca_flow_custom_header.h>
#include <doca_flow_custom_header_graph.h>
#include <doca_flow_definitions.h>

#include "core/config.h"
#include "core/devices.h"
#include "flow_t.h"

static const uint8_t data_in[62] = {
        0x02, 0x00, 0x00, 0x00, 0x00, 0x02, 0x02, 0x00, 0x00, 0x00, 0x00, 0x01, 0x08,
        0x00, 0x45, 0x00, 0x00, 0x30, 0x00, 0x00, 0x00, 0x00, 0x40, 0x11, 0x66, 0xbb,
        0x0a, 0x00, 0x00, 0x01, 0x0a, 0x00, 0x00, 0x02, 0x04, 0x57, 0x11, 0x94, 0x00,
        0x1c, 0x07, 0x22, 0x00, 0x00, 0x00, 0x01, 0x11, 0x22, 0x33, 0x44, 0x55, 0x66,
        0x77, 0x88, 0x70, 0x61, 0x79, 0x6c, 0x6f, 0x61, 0x64, 0x21,
};
static const uint8_t data_out[62] = {
        0x02, 0x00, 0x00, 0x00, 0x00, 0x02, 0x02, 0x00, 0x00, 0x00, 0x00, 0x01, 0x08,
        0x00, 0x45, 0x00, 0x00, 0x30, 0x00, 0x00, 0x00, 0x00, 0x40, 0x11, 0x66, 0xbb,
        0x0a, 0x00, 0x00, 0x01, 0x0a, 0x00, 0x00, 0x02, 0x04, 0x57, 0x11, 0x94, 0x00,
        0x1c, 0x03, 0x1d, 0x01, 0x02, 0x03, 0x04, 0x11, 0x22, 0x33, 0x44, 0x55, 0x66,
        0x77, 0x88, 0x70, 0x61, 0x79, 0x6c, 0x6f, 0x61, 0x64, 0x21,
};
static const uint8_t data_cut[46] = {
        0x02, 0x00, 0x00, 0x00, 0x00, 0x02, 0x02, 0x00, 0x00, 0x00, 0x00, 0x01,
        0x08, 0x00, 0x45, 0x00, 0x00, 0x20, 0x00, 0x00, 0x00, 0x00, 0x40, 0x11,
        0x66, 0xcb, 0x0a, 0x00, 0x00, 0x01, 0x0a, 0x00, 0x00, 0x02, 0x04, 0x57,
        0x11, 0x94, 0x00, 0x0c, 0xd5, 0xe7, 0x00, 0x00, 0x00, 0x01,
};
static const uint8_t tlv_in[66] = {
        0x02, 0x00, 0x00, 0x00, 0x00, 0x02, 0x02, 0x00, 0x00, 0x00, 0x00, 0x01, 0x08, 0x00,
        0x45, 0x00, 0x00, 0x34, 0x00, 0x00, 0x00, 0x00, 0x40, 0x11, 0x66, 0xb7, 0x0a, 0x00,
        0x00, 0x01, 0x0a, 0x00, 0x00, 0x02, 0x04, 0x57, 0x11, 0x96, 0x00, 0x20, 0x3e, 0x45,
        0x04, 0x00, 0x65, 0x58, 0x01, 0x02, 0x03, 0x00, 0x01, 0x32, 0x01, 0x01, 0x12, 0x34,
        0x56, 0x78, 0x01, 0x32, 0x03, 0x01, 0xca, 0xfe, 0xf0, 0x0d,
};
static const uint8_t psp_in[86] = {
        0x02, 0x00, 0x00, 0x00, 0x00, 0x02, 0x02, 0x00, 0x00, 0x00, 0x00, 0x01, 0x08, 0x00, 0x45,
        0x00, 0x00, 0x48, 0x00, 0x00, 0x00, 0x00, 0x40, 0x11, 0x66, 0xa3, 0x0a, 0x00, 0x00, 0x01,
        0x0a, 0x00, 0x00, 0x02, 0x04, 0x57, 0x03, 0xe8, 0x00, 0x34, 0x8e, 0xf5, 0x11, 0x04, 0x06,
        0x03, 0xbe, 0xaf, 0xc0, 0xde, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x01, 0x00, 0x00,
        0x00, 0x02, 0x12, 0x34, 0x56, 0x78, 0x12, 0x34, 0x56, 0x78, 0x12, 0x34, 0x56, 0x78, 0x12,
        0x34, 0x56, 0x78, 0x64, 0x61, 0x74, 0x61, 0x21, 0x21, 0x21, 0x21,
};
static const uint8_t psp_out[86] = {
        0x02, 0x00, 0x00, 0x00, 0x00, 0x02, 0x02, 0x00, 0x00, 0x00, 0x00, 0x01, 0x08, 0x00, 0x45,
        0x00, 0x00, 0x48, 0x00, 0x00, 0x00, 0x00, 0x40, 0x11, 0x66, 0xa3, 0x0a, 0x00, 0x00, 0x01,
        0x0a, 0x00, 0x00, 0x02, 0x04, 0x57, 0x03, 0xe8, 0x00, 0x34, 0x53, 0xd3, 0x11, 0x04, 0x06,
        0x03, 0xbe, 0xaf, 0xc0, 0xde, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x01, 0x00, 0x00,
        0x00, 0x02, 0x22, 0x22, 0x22, 0x21, 0x33, 0x33, 0x33, 0x31, 0x44, 0x44, 0x44, 0x41, 0x55,
        0x55, 0x55, 0x51, 0x64, 0x61, 0x74, 0x61, 0x21, 0x21, 0x21, 0x21,
};

#define EXPECT_INVALID(call, ...)                                                                  \
	do {                                                                                       \
		t_log_reset();                                                                     \
		assert_int_equal((call), DOCA_ERROR_INVALID_VALUE);                                \
		assert_int_equal(t_log_problems(), 1);                                             \
		t_assert_logged(__VA_ARGS__);                                                      \
	} while (0)

/* The user's extended structs, as NVIDIA's samples lay them out. */
struct xmatch {
	struct doca_flow_match base;
	doca_be32_t data32;
	uint8_t pad[4];
	doca_be64_t data64;
	doca_be32_t opt;
	doca_be32_t psp[4];
	uint8_t valid[4];
};

struct xactions {
	struct doca_flow_actions base;
	doca_be32_t data32;
	doca_be32_t psp[4];
};

static uint8_t out[256];

static void use_devices(const char *spec)
{
	setenv("SOFTDPA_DEVICES", spec, 1);
	sdpa_config_reload();
	sdpa_devices_reload();
}

static void open_dev(struct doca_devinfo ***list, struct doca_dev **dev)
{
	uint32_t n;

	assert_int_equal(doca_devinfo_create_list(list, &n), DOCA_SUCCESS);
	assert_true(n >= 1);
	assert_int_equal(doca_dev_open((*list)[0], dev), DOCA_SUCCESS);
}

static void close_dev(struct doca_devinfo **list, struct doca_dev *dev)
{
	assert_int_equal(doca_dev_close(dev), DOCA_SUCCESS);
	assert_int_equal(doca_devinfo_destroy_list(list), DOCA_SUCCESS);
}

/* ------------------------------------------------------------------ definitions */

static void test_definitions(void **state)
{
	struct doca_flow_definitions_cfg *dc;
	struct doca_flow_definitions *d;
	uint64_t fake[4] = {0};

	(void)state;
	EXPECT_INVALID(doca_flow_definitions_cfg_create(NULL), "defs_cfg is NULL");
	assert_int_equal(doca_flow_definitions_cfg_create(&dc), DOCA_SUCCESS);
	EXPECT_INVALID(doca_flow_definitions_create(dc, NULL), "defs is NULL");
	EXPECT_INVALID(doca_flow_definitions_create((void *)fake, &d), "defs_cfg",
	               "not a live object");
	assert_int_equal(doca_flow_definitions_create(dc, &d), DOCA_SUCCESS);
	assert_int_equal(doca_flow_definitions_cfg_destroy(dc), DOCA_SUCCESS);
	EXPECT_INVALID(doca_flow_definitions_cfg_destroy(dc), "not a live object");

	EXPECT_INVALID(doca_flow_definitions_add_field(d, NULL, sizeof(struct doca_flow_match), 4),
	               "field_opcode_str is NULL");
	EXPECT_INVALID(doca_flow_definitions_add_field(d, "match.packet.tunnel.psp.dw6",
	                                               sizeof(struct doca_flow_match), 0),
	               "field_length is 0");
	EXPECT_INVALID(doca_flow_definitions_add_field(d, "match.packet.tunnel.psp.dw5",
	                                               sizeof(struct doca_flow_match), 4),
	               "unknown field opcode string", "dw5");
	EXPECT_INVALID(doca_flow_definitions_add_field(d, "match.packet.custom_header.sample31",
	                                               sizeof(struct doca_flow_match), 4),
	               "sampler 31", "does not exist");
	/* Inside struct doca_flow_match, beyond the extension room, the wrong size. */
	EXPECT_INVALID(doca_flow_definitions_add_field(d, "match.packet.tunnel.psp.dw6", 16, 4),
	               "lies after struct doca_flow_match");
	EXPECT_INVALID(doca_flow_definitions_add_field(d, "match.packet.tunnel.psp.dw6",
	                                               sizeof(struct doca_flow_match) + 200, 4),
	               "fix the offset or length");
	EXPECT_INVALID(doca_flow_definitions_add_field(d, "actions.packet.tunnel.psp.dw6",
	                                               sizeof(struct doca_flow_actions), 8),
	               "a PSP word 4");
	assert_int_equal(doca_flow_definitions_add_field(d, "match.packet.tunnel.psp.dw6",
	                                                 offsetof(struct xmatch, psp[0]), 4),
	                 DOCA_SUCCESS);
	EXPECT_INVALID(doca_flow_definitions_add_field(d, "match.packet.tunnel.psp.dw7",
	                                               offsetof(struct xmatch, psp[0]) + 2, 4),
	               "overlaps another defined field");
	EXPECT_INVALID(doca_flow_definitions_add_field((void *)fake, "match.packet.tunnel.psp.dw7",
	                                               offsetof(struct xmatch, psp[1]), 4),
	               "defs", "not a live object");
	doca_flow_definitions_destroy(d);
	t_log_reset();
	doca_flow_definitions_destroy(d);
	assert_int_equal(t_log_problems(), 1);
	t_assert_logged("doca_flow_definitions_destroy", "not a live object");
}

/* ------------------------------------------------------------------ headers, samplers */

static void test_custom_header(void **state)
{
	struct doca_flow_custom_header *h;
	struct doca_flow_custom_header_sampler *s;
	const char *str;
	char want[64];

	(void)state;
	EXPECT_INVALID(doca_flow_custom_header_create(NULL), "custom_header is NULL");
	assert_int_equal(doca_flow_custom_header_create(&h), DOCA_SUCCESS);
	EXPECT_INVALID(doca_flow_custom_header_length_field_set_fixed_length(h, 33),
	               "fixed_length is not a multiple of 32");
	EXPECT_INVALID(doca_flow_custom_header_length_field_set_multiplier(h, 3),
	               "multiplier is not a power of two");
	EXPECT_INVALID(doca_flow_custom_header_tlv_options_length_set_multiplier(h, 0),
	               "multiplier is not a power of two");
	EXPECT_INVALID(doca_flow_custom_header_tlv_options_set_offset(h, 12),
	               "bit_offset is not a multiple of 8");
	EXPECT_INVALID(doca_flow_custom_header_next_hdr_set_length(h, 33), "more than 32");
	EXPECT_INVALID(doca_flow_custom_header_length_field_set_offset(NULL, 0), "custom_header",
	               "NULL");
	assert_int_equal(doca_flow_custom_header_length_field_set_fixed_length(h, 64),
	                 DOCA_SUCCESS);
	EXPECT_INVALID(doca_flow_custom_header_sampler_create(h, NULL), "sampler is NULL");
	assert_int_equal(doca_flow_custom_header_sampler_create(h, &s), DOCA_SUCCESS);
	EXPECT_INVALID(doca_flow_custom_header_sampler_set_length(s, 0), "bit_length is not 1..64");
	EXPECT_INVALID(doca_flow_custom_header_sampler_set_length(s, 65),
	               "bit_length is not 1..64");
	EXPECT_INVALID(doca_flow_custom_header_sampler_set_tunnel_mode(
	                       s, (enum doca_flow_custom_header_sampler_tunnel_mode)7),
	               "unknown tunnel_mode");
	EXPECT_INVALID(doca_flow_custom_header_sampler_get_match_definition(s, NULL),
	               "opcode_str is NULL");
	/* The strings name the sampler; programs pass them on, never spell them. */
	assert_int_equal(doca_flow_custom_header_sampler_get_match_definition(s, &str),
	                 DOCA_SUCCESS);
	assert_true(strncmp(str, "match.packet.custom_header.sample", 33) == 0);
	snprintf(want, sizeof(want), "%s.valid", str);
	assert_int_equal(doca_flow_custom_header_sampler_get_valid_bit_definition(s, &str),
	                 DOCA_SUCCESS);
	assert_string_equal(str, want);
	assert_int_equal(doca_flow_custom_header_sampler_get_action_definition(s, &str),
	                 DOCA_SUCCESS);
	assert_true(strncmp(str, "actions.packet.custom_header.sample", 35) == 0);
	/* A header with samplers stays until they are gone. */
	t_log_reset();
	assert_int_equal(doca_flow_custom_header_destroy(h), DOCA_ERROR_IN_USE);
	t_assert_logged("1 samplers", "destroy them first");
	assert_int_equal(doca_flow_custom_header_sampler_destroy(s), DOCA_SUCCESS);
	EXPECT_INVALID(doca_flow_custom_header_sampler_destroy(s), "not a live object");
	assert_int_equal(doca_flow_custom_header_destroy(h), DOCA_SUCCESS);
	EXPECT_INVALID(doca_flow_custom_header_destroy(h), "not a live object");
}

/* ------------------------------------------------------------------ the graph */

struct hdr_set {
	struct doca_flow_custom_header_graph *g;
	struct doca_flow_custom_header *h[2];
	struct doca_flow_custom_header_sampler *s[4];
	struct doca_flow_custom_header_graph_arc *a[2];
	const char *match[4], *valid[4], *action[4];
};

static void sampler(struct hdr_set *x, int i, struct doca_flow_custom_header *h, uint32_t off,
                    uint32_t len, int opt_type)
{
	assert_int_equal(doca_flow_custom_header_sampler_create(h, &x->s[i]), DOCA_SUCCESS);
	assert_int_equal(doca_flow_custom_header_sampler_set_offset(x->s[i], off), DOCA_SUCCESS);
	assert_int_equal(doca_flow_custom_header_sampler_set_length(x->s[i], len), DOCA_SUCCESS);
	if (opt_type >= 0)
		assert_int_equal(doca_flow_custom_header_sampler_enable_is_options(
		                         x->s[i], (uint32_t)opt_type),
		                 DOCA_SUCCESS);
	assert_int_equal(
	        doca_flow_custom_header_sampler_get_match_definition(x->s[i], &x->match[i]),
	        DOCA_SUCCESS);
	assert_int_equal(
	        doca_flow_custom_header_sampler_get_valid_bit_definition(x->s[i], &x->valid[i]),
	        DOCA_SUCCESS);
	assert_int_equal(
	        doca_flow_custom_header_sampler_get_action_definition(x->s[i], &x->action[i]),
	        DOCA_SUCCESS);
}

static void arc(struct hdr_set *x, int i, uint32_t udp_port, struct doca_flow_custom_header *h)
{
	assert_int_equal(doca_flow_custom_header_graph_arc_create(x->g, &x->a[i]), DOCA_SUCCESS);
	assert_int_equal(doca_flow_custom_header_graph_arc_set_src(
	                         x->a[i], DOCA_FLOW_CUSTOM_HEADER_GRAPH_NODE_UDP, udp_port, NULL),
	                 DOCA_SUCCESS);
	assert_int_equal(doca_flow_custom_header_graph_arc_set_dst(
	                         x->a[i], DOCA_FLOW_CUSTOM_HEADER_GRAPH_NODE_FLEX, h),
	                 DOCA_SUCCESS);
}

/* Header 0 after UDP 4500: 96 bits fixed, a 32-bit and a 64-bit sample. Header 1 after UDP
 * 4502, GENEVE-like: 64 bits + option length (6 bits at bit 2) words; options of 32 bits +
 * length (5 bits at bit 27) words, type at bit 16 (8 bits); samples of the first data word
 * of option type 1 and of type 2. */
static void build_graph(struct hdr_set *x)
{
	memset(x, 0, sizeof(*x));
	assert_int_equal(doca_flow_custom_header_graph_create(&x->g), DOCA_SUCCESS);
	assert_int_equal(doca_flow_custom_header_create(&x->h[0]), DOCA_SUCCESS);
	assert_int_equal(doca_flow_custom_header_length_field_set_fixed_length(x->h[0], 96),
	                 DOCA_SUCCESS);
	sampler(x, 0, x->h[0], 0, 32, -1);
	sampler(x, 1, x->h[0], 32, 64, -1);
	arc(x, 0, 4500, x->h[0]);
	assert_int_equal(doca_flow_custom_header_create(&x->h[1]), DOCA_SUCCESS);
	assert_int_equal(doca_flow_custom_header_length_field_set_fixed_length(x->h[1], 64),
	                 DOCA_SUCCESS);
	assert_int_equal(doca_flow_custom_header_length_field_set_offset(x->h[1], 2), DOCA_SUCCESS);
	assert_int_equal(doca_flow_custom_header_length_field_set_length(x->h[1], 6), DOCA_SUCCESS);
	assert_int_equal(doca_flow_custom_header_length_field_set_multiplier(x->h[1], 4),
	                 DOCA_SUCCESS);
	assert_int_equal(doca_flow_custom_header_tlv_options_set_fixed_length(x->h[1], 32),
	                 DOCA_SUCCESS);
	assert_int_equal(doca_flow_custom_header_tlv_options_set_offset(x->h[1], 64), DOCA_SUCCESS);
	assert_int_equal(doca_flow_custom_header_tlv_options_type_set_offset(x->h[1], 16),
	                 DOCA_SUCCESS);
	assert_int_equal(doca_flow_custom_header_tlv_options_type_set_length(x->h[1], 8),
	                 DOCA_SUCCESS);
	assert_int_equal(doca_flow_custom_header_tlv_options_length_set_offset(x->h[1], 27),
	                 DOCA_SUCCESS);
	assert_int_equal(doca_flow_custom_header_tlv_options_length_set_length(x->h[1], 5),
	                 DOCA_SUCCESS);
	assert_int_equal(doca_flow_custom_header_tlv_options_length_set_multiplier(x->h[1], 4),
	                 DOCA_SUCCESS);
	sampler(x, 2, x->h[1], 32, 32, 1);
	sampler(x, 3, x->h[1], 32, 32, 2);
	arc(x, 1, 4502, x->h[1]);
}

static void destroy_graph(struct hdr_set *x)
{
	for (int i = 0; i < 2; i++)
		assert_int_equal(doca_flow_custom_header_graph_arc_destroy(x->a[i]), DOCA_SUCCESS);
	for (int i = 0; i < 4; i++)
		assert_int_equal(doca_flow_custom_header_sampler_destroy(x->s[i]), DOCA_SUCCESS);
	for (int i = 0; i < 2; i++)
		assert_int_equal(doca_flow_custom_header_destroy(x->h[i]), DOCA_SUCCESS);
	assert_int_equal(doca_flow_custom_header_graph_destroy(x->g), DOCA_SUCCESS);
}

/* A bind needs the firmware's programmable parse graph: without prog_parse_graph=1 the
 * device refuses, naming the setting and how to give it. */
static void test_graph_bind_needs_fw(void **state)
{
	struct doca_devinfo **list;
	struct doca_dev *dev;
	struct hdr_set x;

	(void)state;
	build_graph(&x);
	use_devices("reps=0");
	open_dev(&list, &dev);
	t_log_reset();
	assert_int_equal(doca_flow_custom_header_graph_bind(x.g, dev), DOCA_ERROR_NOT_PERMITTED);
	assert_int_equal(t_log_problems(), 1);
	t_assert_logged("doca_flow_custom_header_graph_bind", "PROG_PARSE_GRAPH disabled",
	                "prog_parse_graph=1", "SOFTDPA_DEVICES");
	close_dev(list, dev);
	use_devices("reps=0,prog_parse_graph=1,flex_parser_profile=4");
	open_dev(&list, &dev);
	EXPECT_INVALID(doca_flow_custom_header_graph_bind(x.g, NULL), "dev is NULL");
	assert_int_equal(doca_flow_custom_header_graph_bind(x.g, dev), DOCA_SUCCESS);
	/* Bound: its arcs and the graph stay until unbound. */
	t_log_reset();
	assert_int_equal(doca_flow_custom_header_graph_destroy(x.g), DOCA_ERROR_IN_USE);
	t_assert_logged("the graph is bound", "unbind it");
	assert_int_equal(doca_flow_custom_header_graph_arc_set_src(
	                         x.a[0], DOCA_FLOW_CUSTOM_HEADER_GRAPH_NODE_UDP, 1, NULL),
	                 DOCA_ERROR_BAD_STATE);
	assert_int_equal(doca_flow_custom_header_graph_unbind(x.g), DOCA_SUCCESS);
	t_log_reset();
	assert_int_equal(doca_flow_custom_header_graph_unbind(x.g), DOCA_ERROR_BAD_STATE);
	t_assert_logged("the graph is not bound");
	close_dev(list, dev);
	destroy_graph(&x);
	unsetenv("SOFTDPA_DEVICES");
	sdpa_config_reload();
	sdpa_devices_reload();
}

/* An arc the emulated parser cannot follow is refused at bind, by name. */
static void test_graph_unsupported_arc(void **state)
{
	struct doca_devinfo **list;
	struct doca_dev *dev;
	struct doca_flow_custom_header_graph *g;
	struct doca_flow_custom_header_graph_arc *a;
	struct doca_flow_custom_header *h;

	(void)state;
	use_devices("reps=0,prog_parse_graph=1");
	open_dev(&list, &dev);
	assert_int_equal(doca_flow_custom_header_graph_create(&g), DOCA_SUCCESS);
	t_log_reset();
	assert_int_equal(doca_flow_custom_header_graph_bind(g, dev), DOCA_ERROR_INVALID_VALUE);
	t_assert_logged("the graph has no arcs");
	assert_int_equal(doca_flow_custom_header_create(&h), DOCA_SUCCESS);
	assert_int_equal(doca_flow_custom_header_length_field_set_fixed_length(h, 32),
	                 DOCA_SUCCESS);
	assert_int_equal(doca_flow_custom_header_graph_arc_create(g, &a), DOCA_SUCCESS);
	EXPECT_INVALID(doca_flow_custom_header_graph_arc_set_dst(
	                       a, DOCA_FLOW_CUSTOM_HEADER_GRAPH_NODE_FLEX, NULL),
	               "node_type is FLEX but custom_header", "NULL");
	EXPECT_INVALID(doca_flow_custom_header_graph_arc_set_src(
	                       a, (enum doca_flow_custom_header_graph_node_type)3, 0, NULL),
	               "unknown node_type");
	assert_int_equal(doca_flow_custom_header_graph_arc_set_src(
	                         a, DOCA_FLOW_CUSTOM_HEADER_GRAPH_NODE_GRE, 0x1234, NULL),
	                 DOCA_SUCCESS);
	assert_int_equal(doca_flow_custom_header_graph_arc_set_dst(
	                         a, DOCA_FLOW_CUSTOM_HEADER_GRAPH_NODE_FLEX, h),
	                 DOCA_SUCCESS);
	t_log_reset();
	assert_int_equal(doca_flow_custom_header_graph_bind(g, dev), DOCA_ERROR_NOT_SUPPORTED);
	t_assert_logged("not supported by softdpa", "arcs lead from MAC, IP");
	assert_int_equal(doca_flow_custom_header_graph_arc_destroy(a), DOCA_SUCCESS);
	assert_int_equal(doca_flow_custom_header_destroy(h), DOCA_SUCCESS);
	assert_int_equal(doca_flow_custom_header_graph_destroy(g), DOCA_SUCCESS);
	close_dev(list, dev);
	unsetenv("SOFTDPA_DEVICES");
	sdpa_config_reload();
	sdpa_devices_reload();
}

/* ------------------------------------------------------------------ the datapath */

struct dp_fixture {
	struct hdr_set x;
	struct doca_devinfo **list;
	struct doca_dev *dev;
	struct doca_flow_definitions *defs;
};

static void dp_up(struct dp_fixture *f)
{
	struct doca_flow_definitions_cfg *dc;

	build_graph(&f->x);
	use_devices("reps=0,prog_parse_graph=1,flex_parser_profile=4");
	open_dev(&f->list, &f->dev);
	assert_int_equal(doca_flow_custom_header_graph_bind(f->x.g, f->dev), DOCA_SUCCESS);
	assert_int_equal(doca_flow_definitions_cfg_create(&dc), DOCA_SUCCESS);
	assert_int_equal(doca_flow_definitions_create(dc, &f->defs), DOCA_SUCCESS);
	assert_int_equal(doca_flow_definitions_cfg_destroy(dc), DOCA_SUCCESS);
#define DEF(str, off, len)                                                                         \
	assert_int_equal(doca_flow_definitions_add_field(f->defs, (str), (off), (len)),            \
	                 DOCA_SUCCESS)
	DEF(f->x.match[0], offsetof(struct xmatch, data32), 4);
	DEF(f->x.valid[0], offsetof(struct xmatch, valid[0]), 1);
	DEF(f->x.match[1], offsetof(struct xmatch, data64), 8);
	DEF(f->x.match[2], offsetof(struct xmatch, opt), 4);
	DEF(f->x.valid[2], offsetof(struct xmatch, valid[2]), 1);
	DEF(f->x.valid[3], offsetof(struct xmatch, valid[3]), 1);
	DEF(f->x.action[0], offsetof(struct xactions, data32), 4);
	DEF("match.packet.tunnel.psp.dw6", offsetof(struct xmatch, psp[0]), 4);
	DEF("match.packet.tunnel.psp.dw7", offsetof(struct xmatch, psp[1]), 4);
	DEF("match.packet.tunnel.psp.dw8", offsetof(struct xmatch, psp[2]), 4);
	DEF("match.packet.tunnel.psp.dw9", offsetof(struct xmatch, psp[3]), 4);
	DEF("actions.packet.tunnel.psp.dw6", offsetof(struct xactions, psp[0]), 4);
	DEF("actions.packet.tunnel.psp.dw7", offsetof(struct xactions, psp[1]), 4);
	DEF("actions.packet.tunnel.psp.dw8", offsetof(struct xactions, psp[2]), 4);
	DEF("actions.packet.tunnel.psp.dw9", offsetof(struct xactions, psp[3]), 4);
#undef DEF
	ft_defs = f->defs;
	ft_init("vnf,hws", 0, 0, 0, 2);
	ft_defs = NULL;
	doca_flow_definitions_destroy(f->defs); /* DOCA Flow keeps its copy */
}

static void dp_down(struct dp_fixture *f)
{
	ft_fini();
	assert_int_equal(doca_flow_custom_header_graph_unbind(f->x.g), DOCA_SUCCESS);
	close_dev(f->list, f->dev);
	destroy_graph(&f->x);
	unsetenv("SOFTDPA_DEVICES");
	sdpa_config_reload();
	sdpa_devices_reload();
}

/* A root pipe on port 0 with the user's extended match and actions, forwarding to port 1;
 * one entry. */
static void xpipe(const struct xmatch *m, const struct xmatch *mask, const struct xactions *a,
                  const struct xmatch *em, const struct xactions *ea)
{
	struct doca_flow_fwd fwd = {.type = DOCA_FLOW_FWD_PORT, .port_id = 1};
	struct doca_flow_actions *acts[1] = {
	        a != NULL ? (struct doca_flow_actions *)(uintptr_t)&a->base : NULL};
	struct doca_flow_pipe_cfg *pc;
	struct doca_flow_pipe *p;
	struct doca_flow_pipe_entry *e;

	assert_int_equal(doca_flow_pipe_cfg_create(&pc, ft_ports[0]), DOCA_SUCCESS);
	assert_int_equal(doca_flow_pipe_cfg_set_is_root(pc, true), DOCA_SUCCESS);
	assert_int_equal(doca_flow_pipe_cfg_set_match(pc, &m->base, mask ? &mask->base : NULL),
	                 DOCA_SUCCESS);
	if (a != NULL)
		assert_int_equal(doca_flow_pipe_cfg_set_actions(pc, acts, NULL, NULL, 1),
		                 DOCA_SUCCESS);
	assert_int_equal(doca_flow_pipe_create(pc, &fwd, NULL, &p), DOCA_SUCCESS);
	doca_flow_pipe_cfg_destroy(pc);
	assert_int_equal(doca_flow_pipe_basic_add_entry(0, p, &em->base, 0, ea ? &ea->base : NULL,
	                                                NULL, NULL, DOCA_FLOW_ENTRY_FLAGS_NO_WAIT,
	                                                NULL, &e),
	                 DOCA_SUCCESS);
	ft_process(ft_ports[0]);
}

static uint32_t through(const uint8_t *in, uint32_t len)
{
	ft_inject(0, in, len);
	ft_sync();
	return ft_drain(1, out);
}

/* Match the 32-bit sample and its valid bit per entry, rewrite it per entry: the UDP
 * checksum follows. Another value misses; a header cut by the end of the frame is dropped
 * as malformed and counted. */
static void test_sample_match_and_modify(void **state)
{
	struct dp_fixture f;
	struct xmatch m, em;
	struct xactions a, ea;
	uint8_t other[sizeof(data_in)];

	(void)state;
	dp_up(&f);
	memset(&m, 0, sizeof(m));
	memset(&a, 0, sizeof(a));
	memset(&em, 0, sizeof(em));
	memset(&ea, 0, sizeof(ea));
	m.base.outer.l4_type_ext = DOCA_FLOW_L4_TYPE_EXT_UDP;
	m.base.outer.udp.l4_port.dst_port = htons(4500);
	m.data32 = 0xffffffff;
	m.valid[0] = 0xff;
	a.data32 = 0xffffffff;
	em.base.outer.udp.l4_port.dst_port = htons(4500);
	em.data32 = htonl(1);
	em.valid[0] = 1;
	ea.data32 = htonl(0x01020304);
	xpipe(&m, NULL, &a, &em, &ea);
	assert_int_equal(through(data_in, sizeof(data_in)), sizeof(data_out));
	assert_memory_equal(out, data_out, sizeof(data_out));
	memcpy(other, data_in, sizeof(other));
	other[45] = 2; /* the sample is 2: a miss (and a drop: no fwd_miss) */
	assert_int_equal(through(other, sizeof(other)), 0);
	assert_int_equal(ft_dropped(0, SOFTDPA_DROP_RULE), 1);
	t_log_reset();
	assert_int_equal(through(data_cut, sizeof(data_cut)), 0);
	assert_int_equal(ft_dropped(0, SOFTDPA_DROP_MALFORMED), 1);
	t_assert_logged("dropped", "custom header truncated");
	dp_down(&f);
}

/* TLV options: the sampler of option type 1 finds it (valid, its data word); the one of
 * type 2 finds none (valid 0). */
static void test_tlv_option(void **state)
{
	struct dp_fixture f;
	struct xmatch m, em;

	(void)state;
	dp_up(&f);
	memset(&m, 0, sizeof(m));
	memset(&em, 0, sizeof(em));
	m.opt = 0xffffffff;
	m.valid[2] = 0xff;
	m.valid[3] = 0xff;
	em.opt = htonl(0x12345678);
	em.valid[2] = 1;
	em.valid[3] = 0;
	xpipe(&m, NULL, NULL, &em, NULL);
	assert_int_equal(through(tlv_in, sizeof(tlv_in)), sizeof(tlv_in));
	assert_memory_equal(out, tlv_in, sizeof(tlv_in));
	/* A frame without the header (another port) has no valid option: a miss. */
	assert_int_equal(through(data_in, sizeof(data_in)), 0);
	dp_down(&f);
}

/* The PSP extension words dw6..dw9 (NVIDIA's flow_psp_ext): header bytes 20..35 (words
 * counted from 1), matched and rewritten. */
static void test_psp_ext(void **state)
{
	struct dp_fixture f;
	struct xmatch m, em;
	struct xactions a, ea;
	uint8_t other[sizeof(psp_in)];

	(void)state;
	dp_up(&f);
	memset(&m, 0, sizeof(m));
	memset(&a, 0, sizeof(a));
	memset(&em, 0, sizeof(em));
	memset(&ea, 0, sizeof(ea));
	m.base.outer.l4_type_ext = DOCA_FLOW_L4_TYPE_EXT_UDP;
	m.base.outer.udp.l4_port.dst_port = htons(DOCA_FLOW_PSP_DEFAULT_PORT);
	m.base.tun.type = DOCA_FLOW_TUN_PSP;
	m.base.tun.psp.hdrextlen = 4;
	for (int i = 0; i < 4; i++) {
		m.psp[i] = 0xffffffff;
		a.psp[i] = 0xffffffff;
		em.psp[i] = htonl(0x12345678);
	}
	em.base.outer.udp.l4_port.dst_port = htons(DOCA_FLOW_PSP_DEFAULT_PORT);
	ea.psp[0] = htonl(0x22222221);
	ea.psp[1] = htonl(0x33333331);
	ea.psp[2] = htonl(0x44444441);
	ea.psp[3] = htonl(0x55555551);
	xpipe(&m, NULL, &a, &em, &ea);
	assert_int_equal(through(psp_in, sizeof(psp_in)), sizeof(psp_out));
	assert_memory_equal(out, psp_out, sizeof(psp_out));
	memcpy(other, psp_in, sizeof(other));
	other[14 + 20 + 8 + 35] = 0x99; /* dw9 (header bytes 32..35) differs: a miss */
	assert_int_equal(through(other, sizeof(other)), 0);
	dp_down(&f);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	        cmocka_unit_test(test_definitions),
	        cmocka_unit_test(test_custom_header),
	        cmocka_unit_test(test_graph_bind_needs_fw),
	        cmocka_unit_test(test_graph_unsupported_arc),
	        FT_TEST(test_sample_match_and_modify),
	        FT_TEST(test_tlv_option),
	        FT_TEST(test_psp_ext),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
