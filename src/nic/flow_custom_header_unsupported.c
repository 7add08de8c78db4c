/* SPDX-License-Identifier: BSD-3-Clause
 * DOCA Flow custom headers (doca_flow_custom_header.h), their parse graph
 * (doca_flow_custom_header_graph.h) and the definitions that name their fields
 * (doca_flow_definitions.h): not emulated. The emulated NIC's parser knows a fixed set of
 * protocols and DOCA Flow matches on the fixed struct doca_flow_match layout, so none of
 * these objects can be created. Every call checks its arguments like DOCA (INVALID_VALUE,
 * one line naming the argument and what to pass), then refuses: NOT_SUPPORTED, with one
 * line naming the call, at most a few times per call site and second.
 */
#include <stdint.h>

#include <doca_flow_custom_header.h>
#include <doca_flow_custom_header_graph.h>
#include <doca_flow_definitions.h>

#include "core/log.h"
#include "core/refuse.h"

SDPA_LOG_REGISTER(flow_custom_header);

#define SAY_NOT_SUPPORTED(what)                                                                    \
	DOCA_LOG_RATE_LIMIT_ERR("%s is not supported by softdpa (%s)", __func__, what)

/* What each family says is not emulated. */
#define NO_DEFS  "custom header definitions are not emulated"
#define NO_HDR   "custom headers are not emulated"
#define NO_GRAPH "the custom header parse graph is not emulated"

/* Return INVALID_VALUE, with its record "<fn>: <what>; <fix>", when 'cond' holds. */
#define CHECK_ARG(cond, what, fix)                                                                 \
	do {                                                                                       \
		if (SDPA_BAD_ARG(cond, what, fix))                                                 \
			return DOCA_ERROR_INVALID_VALUE;                                           \
	} while (0)

#define HDR_FIX     "pass the header made by doca_flow_custom_header_create"
#define SAMPLER_FIX "pass the sampler made by doca_flow_custom_header_sampler_create"
#define GRAPH_FIX   "pass the graph made by doca_flow_custom_header_graph_create"
#define ARC_FIX     "pass the arc made by doca_flow_custom_header_graph_arc_create"

static bool is_pow2(uint32_t v)
{
	return v != 0 && (v & (v - 1)) == 0;
}

/* ------------------------------------------------------------------ definitions */

DOCA_EXPERIMENTAL doca_error_t
doca_flow_definitions_cfg_create(struct doca_flow_definitions_cfg **defs_cfg)
{
	CHECK_ARG(defs_cfg == NULL, "defs_cfg is NULL",
	          "pass where to store the new configuration");
	SAY_NOT_SUPPORTED(NO_DEFS);
	return DOCA_ERROR_NOT_SUPPORTED;
}

DOCA_EXPERIMENTAL doca_error_t
doca_flow_definitions_cfg_destroy(struct doca_flow_definitions_cfg *defs_cfg)
{
	CHECK_ARG(defs_cfg == NULL, "defs_cfg is NULL",
	          "pass the configuration made by doca_flow_definitions_cfg_create");
	SAY_NOT_SUPPORTED(NO_DEFS);
	return DOCA_ERROR_NOT_SUPPORTED;
}

DOCA_EXPERIMENTAL doca_error_t doca_flow_definitions_create(
        struct doca_flow_definitions_cfg *defs_cfg, struct doca_flow_definitions **defs)
{
	CHECK_ARG(defs_cfg == NULL, "defs_cfg is NULL",
	          "pass the configuration made by doca_flow_definitions_cfg_create");
	CHECK_ARG(defs == NULL, "defs is NULL", "pass where to store the new definitions object");
	SAY_NOT_SUPPORTED(NO_DEFS);
	return DOCA_ERROR_NOT_SUPPORTED;
}

DOCA_EXPERIMENTAL doca_error_t doca_flow_definitions_add_field(struct doca_flow_definitions *defs,
                                                               const char *field_opcode_str,
                                                               uint32_t field_offset,
                                                               uint32_t field_length)
{
	(void)field_offset;
	CHECK_ARG(defs == NULL, "defs is NULL",
	          "pass the definitions object made by doca_flow_definitions_create");
	CHECK_ARG(field_opcode_str == NULL, "field_opcode_str is NULL",
	          "pass the field's opcode string, e.g. \"match.packet.tunnel.psp.dw6\"");
	CHECK_ARG(field_length == 0, "field_length is 0", "pass the field's size in bytes");
	SAY_NOT_SUPPORTED(NO_DEFS);
	return DOCA_ERROR_NOT_SUPPORTED;
}

DOCA_EXPERIMENTAL void doca_flow_definitions_destroy(struct doca_flow_definitions *defs)
{
	if (!SDPA_NULL_ARGS("pass the definitions object made by doca_flow_definitions_create",
	                    defs))
		SAY_NOT_SUPPORTED(NO_DEFS);
}

/* ------------------------------------------------------------------ custom header */

DOCA_EXPERIMENTAL doca_error_t
doca_flow_custom_header_create(struct doca_flow_custom_header **custom_header)
{
	CHECK_ARG(custom_header == NULL, "custom_header is NULL",
	          "pass where to store the new custom header");
	SAY_NOT_SUPPORTED(NO_HDR);
	return DOCA_ERROR_NOT_SUPPORTED;
}

DOCA_EXPERIMENTAL doca_error_t
doca_flow_custom_header_destroy(struct doca_flow_custom_header *custom_header)
{
	CHECK_ARG(custom_header == NULL, "custom_header is NULL", HDR_FIX);
	SAY_NOT_SUPPORTED(NO_HDR);
	return DOCA_ERROR_NOT_SUPPORTED;
}

DOCA_EXPERIMENTAL doca_error_t doca_flow_custom_header_next_hdr_set_offset(
        struct doca_flow_custom_header *custom_header, uint32_t bit_offset)
{
	(void)bit_offset;
	CHECK_ARG(custom_header == NULL, "custom_header is NULL", HDR_FIX);
	SAY_NOT_SUPPORTED(NO_HDR);
	return DOCA_ERROR_NOT_SUPPORTED;
}

DOCA_EXPERIMENTAL doca_error_t doca_flow_custom_header_next_hdr_set_length(
        struct doca_flow_custom_header *custom_header, uint32_t bit_length)
{
	(void)bit_length;
	CHECK_ARG(custom_header == NULL, "custom_header is NULL", HDR_FIX);
	SAY_NOT_SUPPORTED(NO_HDR);
	return DOCA_ERROR_NOT_SUPPORTED;
}

DOCA_EXPERIMENTAL doca_error_t doca_flow_custom_header_length_field_set_fixed_length(
        struct doca_flow_custom_header *custom_header, uint32_t fixed_length)
{
	CHECK_ARG(custom_header == NULL, "custom_header is NULL", HDR_FIX);
	CHECK_ARG(fixed_length % 32 != 0, "fixed_length is not a multiple of 32",
	          "pass the length in bits, a whole number of 32-bit words");
	SAY_NOT_SUPPORTED(NO_HDR);
	return DOCA_ERROR_NOT_SUPPORTED;
}

DOCA_EXPERIMENTAL doca_error_t doca_flow_custom_header_length_field_set_offset(
        struct doca_flow_custom_header *custom_header, uint32_t bit_offset)
{
	(void)bit_offset;
	CHECK_ARG(custom_header == NULL, "custom_header is NULL", HDR_FIX);
	SAY_NOT_SUPPORTED(NO_HDR);
	return DOCA_ERROR_NOT_SUPPORTED;
}

DOCA_EXPERIMENTAL doca_error_t doca_flow_custom_header_length_field_set_length(
        struct doca_flow_custom_header *custom_header, uint32_t bit_length)
{
	(void)bit_length;
	CHECK_ARG(custom_header == NULL, "custom_header is NULL", HDR_FIX);
	SAY_NOT_SUPPORTED(NO_HDR);
	return DOCA_ERROR_NOT_SUPPORTED;
}

DOCA_EXPERIMENTAL doca_error_t doca_flow_custom_header_length_field_set_multiplier(
        struct doca_flow_custom_header *custom_header, uint32_t multiplier)
{
	CHECK_ARG(custom_header == NULL, "custom_header is NULL", HDR_FIX);
	CHECK_ARG(!is_pow2(multiplier), "multiplier is not a power of two", "pass 1, 2, 4, 8 ...");
	SAY_NOT_SUPPORTED(NO_HDR);
	return DOCA_ERROR_NOT_SUPPORTED;
}

DOCA_EXPERIMENTAL doca_error_t doca_flow_custom_header_tlv_options_set_fixed_length(
        struct doca_flow_custom_header *custom_header, uint32_t fixed_length)
{
	CHECK_ARG(custom_header == NULL, "custom_header is NULL", HDR_FIX);
	CHECK_ARG(fixed_length % 32 != 0, "fixed_length is not a multiple of 32",
	          "pass the length in bits, a whole number of 32-bit words");
	SAY_NOT_SUPPORTED(NO_HDR);
	return DOCA_ERROR_NOT_SUPPORTED;
}

DOCA_EXPERIMENTAL doca_error_t doca_flow_custom_header_tlv_options_set_offset(
        struct doca_flow_custom_header *custom_header, uint32_t bit_offset)
{
	(void)bit_offset;
	CHECK_ARG(custom_header == NULL, "custom_header is NULL", HDR_FIX);
	SAY_NOT_SUPPORTED(NO_HDR);
	return DOCA_ERROR_NOT_SUPPORTED;
}

DOCA_EXPERIMENTAL doca_error_t doca_flow_custom_header_tlv_options_type_set_offset(
        struct doca_flow_custom_header *custom_header, uint32_t bit_offset)
{
	(void)bit_offset;
	CHECK_ARG(custom_header == NULL, "custom_header is NULL", HDR_FIX);
	SAY_NOT_SUPPORTED(NO_HDR);
	return DOCA_ERROR_NOT_SUPPORTED;
}

DOCA_EXPERIMENTAL doca_error_t doca_flow_custom_header_tlv_options_type_set_length(
        struct doca_flow_custom_header *custom_header, uint32_t bit_length)
{
	(void)bit_length;
	CHECK_ARG(custom_header == NULL, "custom_header is NULL", HDR_FIX);
	SAY_NOT_SUPPORTED(NO_HDR);
	return DOCA_ERROR_NOT_SUPPORTED;
}

DOCA_EXPERIMENTAL doca_error_t doca_flow_custom_header_tlv_options_length_set_offset(
        struct doca_flow_custom_header *custom_header, uint32_t bit_offset)
{
	(void)bit_offset;
	CHECK_ARG(custom_header == NULL, "custom_header is NULL", HDR_FIX);
	SAY_NOT_SUPPORTED(NO_HDR);
	return DOCA_ERROR_NOT_SUPPORTED;
}

DOCA_EXPERIMENTAL doca_error_t doca_flow_custom_header_tlv_options_length_set_length(
        struct doca_flow_custom_header *custom_header, uint32_t bit_length)
{
	(void)bit_length;
	CHECK_ARG(custom_header == NULL, "custom_header is NULL", HDR_FIX);
	SAY_NOT_SUPPORTED(NO_HDR);
	return DOCA_ERROR_NOT_SUPPORTED;
}

DOCA_EXPERIMENTAL doca_error_t doca_flow_custom_header_tlv_options_length_set_multiplier(
        struct doca_flow_custom_header *custom_header, uint32_t multiplier)
{
	CHECK_ARG(custom_header == NULL, "custom_header is NULL", HDR_FIX);
	CHECK_ARG(!is_pow2(multiplier), "multiplier is not a power of two", "pass 1, 2, 4, 8 ...");
	SAY_NOT_SUPPORTED(NO_HDR);
	return DOCA_ERROR_NOT_SUPPORTED;
}

DOCA_EXPERIMENTAL doca_error_t
doca_flow_custom_header_sampler_create(struct doca_flow_custom_header *custom_header,
                                       struct doca_flow_custom_header_sampler **sampler)
{
	CHECK_ARG(custom_header == NULL, "custom_header is NULL", HDR_FIX);
	CHECK_ARG(sampler == NULL, "sampler is NULL", "pass where to store the new sampler");
	SAY_NOT_SUPPORTED(NO_HDR);
	return DOCA_ERROR_NOT_SUPPORTED;
}

DOCA_EXPERIMENTAL doca_error_t
doca_flow_custom_header_sampler_destroy(struct doca_flow_custom_header_sampler *sampler)
{
	CHECK_ARG(sampler == NULL, "sampler is NULL", SAMPLER_FIX);
	SAY_NOT_SUPPORTED(NO_HDR);
	return DOCA_ERROR_NOT_SUPPORTED;
}

DOCA_EXPERIMENTAL doca_error_t doca_flow_custom_header_sampler_set_offset(
        struct doca_flow_custom_header_sampler *sampler, uint32_t bit_offset)
{
	(void)bit_offset;
	CHECK_ARG(sampler == NULL, "sampler is NULL", SAMPLER_FIX);
	SAY_NOT_SUPPORTED(NO_HDR);
	return DOCA_ERROR_NOT_SUPPORTED;
}

DOCA_EXPERIMENTAL doca_error_t doca_flow_custom_header_sampler_set_length(
        struct doca_flow_custom_header_sampler *sampler, uint32_t bit_length)
{
	CHECK_ARG(sampler == NULL, "sampler is NULL", SAMPLER_FIX);
	CHECK_ARG(bit_length == 0, "bit_length is 0", "pass how many bits to capture");
	SAY_NOT_SUPPORTED(NO_HDR);
	return DOCA_ERROR_NOT_SUPPORTED;
}

DOCA_EXPERIMENTAL doca_error_t doca_flow_custom_header_sampler_enable_is_options(
        struct doca_flow_custom_header_sampler *sampler, uint32_t option_type)
{
	(void)option_type;
	CHECK_ARG(sampler == NULL, "sampler is NULL", SAMPLER_FIX);
	SAY_NOT_SUPPORTED(NO_HDR);
	return DOCA_ERROR_NOT_SUPPORTED;
}

DOCA_EXPERIMENTAL doca_error_t doca_flow_custom_header_sampler_set_tunnel_mode(
        struct doca_flow_custom_header_sampler *sampler,
        enum doca_flow_custom_header_sampler_tunnel_mode tunnel_mode)
{
	CHECK_ARG(sampler == NULL, "sampler is NULL", SAMPLER_FIX);
	switch (tunnel_mode) {
	case DOCA_FLOW_CUSTOM_HEADER_SAMPLER_TUNNEL_MODE_OUTER:
	case DOCA_FLOW_CUSTOM_HEADER_SAMPLER_TUNNEL_MODE_INNER:
	case DOCA_FLOW_CUSTOM_HEADER_SAMPLER_TUNNEL_MODE_FIRST:
		break;
	default:
		sdpa_bad_arg(
		        SDPA_SITE, "unknown tunnel_mode",
		        "pass DOCA_FLOW_CUSTOM_HEADER_SAMPLER_TUNNEL_MODE_OUTER, _INNER or _FIRST");
		return DOCA_ERROR_INVALID_VALUE;
	}
	SAY_NOT_SUPPORTED(NO_HDR);
	return DOCA_ERROR_NOT_SUPPORTED;
}

DOCA_EXPERIMENTAL doca_error_t doca_flow_custom_header_sampler_get_match_definition(
        struct doca_flow_custom_header_sampler *sampler, const char **opcode_str)
{
	CHECK_ARG(sampler == NULL, "sampler is NULL", SAMPLER_FIX);
	CHECK_ARG(opcode_str == NULL, "opcode_str is NULL", "pass where to store the string");
	SAY_NOT_SUPPORTED(NO_HDR);
	return DOCA_ERROR_NOT_SUPPORTED;
}

DOCA_EXPERIMENTAL doca_error_t doca_flow_custom_header_sampler_get_action_definition(
        struct doca_flow_custom_header_sampler *sampler, const char **opcode_str)
{
	CHECK_ARG(sampler == NULL, "sampler is NULL", SAMPLER_FIX);
	CHECK_ARG(opcode_str == NULL, "opcode_str is NULL", "pass where to store the string");
	SAY_NOT_SUPPORTED(NO_HDR);
	return DOCA_ERROR_NOT_SUPPORTED;
}

DOCA_EXPERIMENTAL doca_error_t doca_flow_custom_header_sampler_get_valid_bit_definition(
        struct doca_flow_custom_header_sampler *sampler, const char **opcode_str)
{
	CHECK_ARG(sampler == NULL, "sampler is NULL", SAMPLER_FIX);
	CHECK_ARG(opcode_str == NULL, "opcode_str is NULL", "pass where to store the string");
	SAY_NOT_SUPPORTED(NO_HDR);
	return DOCA_ERROR_NOT_SUPPORTED;
}

/* ------------------------------------------------------------------ parse graph */

static bool is_node_type(enum doca_flow_custom_header_graph_node_type t)
{
	switch (t) {
	case DOCA_FLOW_CUSTOM_HEADER_GRAPH_NODE_MAC:
	case DOCA_FLOW_CUSTOM_HEADER_GRAPH_NODE_IP:
	case DOCA_FLOW_CUSTOM_HEADER_GRAPH_NODE_IPV4:
	case DOCA_FLOW_CUSTOM_HEADER_GRAPH_NODE_IPV6:
	case DOCA_FLOW_CUSTOM_HEADER_GRAPH_NODE_GRE:
	case DOCA_FLOW_CUSTOM_HEADER_GRAPH_NODE_UDP:
	case DOCA_FLOW_CUSTOM_HEADER_GRAPH_NODE_MPLS:
	case DOCA_FLOW_CUSTOM_HEADER_GRAPH_NODE_TCP:
	case DOCA_FLOW_CUSTOM_HEADER_GRAPH_NODE_VXLAN_GPE:
	case DOCA_FLOW_CUSTOM_HEADER_GRAPH_NODE_GENEVE:
	case DOCA_FLOW_CUSTOM_HEADER_GRAPH_NODE_IPSEC_ESP:
	case DOCA_FLOW_CUSTOM_HEADER_GRAPH_NODE_PSP:
	case DOCA_FLOW_CUSTOM_HEADER_GRAPH_NODE_FLEX:
		return true;
	}
	return false;
}

DOCA_EXPERIMENTAL doca_error_t
doca_flow_custom_header_graph_create(struct doca_flow_custom_header_graph **graph)
{
	CHECK_ARG(graph == NULL, "graph is NULL", "pass where to store the new graph");
	SAY_NOT_SUPPORTED(NO_GRAPH);
	return DOCA_ERROR_NOT_SUPPORTED;
}

DOCA_EXPERIMENTAL doca_error_t doca_flow_custom_header_graph_bind(
        struct doca_flow_custom_header_graph *graph, struct doca_dev *dev)
{
	CHECK_ARG(graph == NULL, "graph is NULL", GRAPH_FIX);
	CHECK_ARG(dev == NULL, "dev is NULL", "pass an open device (doca_dev_open)");
	SAY_NOT_SUPPORTED(NO_GRAPH);
	return DOCA_ERROR_NOT_SUPPORTED;
}

DOCA_EXPERIMENTAL doca_error_t
doca_flow_custom_header_graph_unbind(struct doca_flow_custom_header_graph *graph)
{
	CHECK_ARG(graph == NULL, "graph is NULL", GRAPH_FIX);
	SAY_NOT_SUPPORTED(NO_GRAPH);
	return DOCA_ERROR_NOT_SUPPORTED;
}

DOCA_EXPERIMENTAL doca_error_t
doca_flow_custom_header_graph_destroy(struct doca_flow_custom_header_graph *graph)
{
	CHECK_ARG(graph == NULL, "graph is NULL", GRAPH_FIX);
	SAY_NOT_SUPPORTED(NO_GRAPH);
	return DOCA_ERROR_NOT_SUPPORTED;
}

DOCA_EXPERIMENTAL doca_error_t doca_flow_custom_header_graph_arc_create(
        struct doca_flow_custom_header_graph *graph, struct doca_flow_custom_header_graph_arc **arc)
{
	CHECK_ARG(graph == NULL, "graph is NULL", GRAPH_FIX);
	CHECK_ARG(arc == NULL, "arc is NULL", "pass where to store the new arc");
	SAY_NOT_SUPPORTED(NO_GRAPH);
	return DOCA_ERROR_NOT_SUPPORTED;
}

DOCA_EXPERIMENTAL doca_error_t
doca_flow_custom_header_graph_arc_destroy(struct doca_flow_custom_header_graph_arc *arc)
{
	CHECK_ARG(arc == NULL, "arc is NULL", ARC_FIX);
	SAY_NOT_SUPPORTED(NO_GRAPH);
	return DOCA_ERROR_NOT_SUPPORTED;
}

DOCA_EXPERIMENTAL doca_error_t doca_flow_custom_header_graph_arc_set_src(
        struct doca_flow_custom_header_graph_arc *arc,
        enum doca_flow_custom_header_graph_node_type node_type, uint32_t field_data,
        struct doca_flow_custom_header *custom_header)
{
	(void)field_data;
	CHECK_ARG(arc == NULL, "arc is NULL", ARC_FIX);
	CHECK_ARG(!is_node_type(node_type), "unknown node_type",
	          "pass a DOCA_FLOW_CUSTOM_HEADER_GRAPH_NODE_* value");
	CHECK_ARG(node_type == DOCA_FLOW_CUSTOM_HEADER_GRAPH_NODE_FLEX && custom_header == NULL,
	          "node_type is FLEX but custom_header is NULL", "pass the source custom header");
	SAY_NOT_SUPPORTED(NO_GRAPH);
	return DOCA_ERROR_NOT_SUPPORTED;
}

DOCA_EXPERIMENTAL doca_error_t
doca_flow_custom_header_graph_arc_set_dst(struct doca_flow_custom_header_graph_arc *arc,
                                          enum doca_flow_custom_header_graph_node_type node_type,
                                          struct doca_flow_custom_header *custom_header)
{
	CHECK_ARG(arc == NULL, "arc is NULL", ARC_FIX);
	CHECK_ARG(!is_node_type(node_type), "unknown node_type",
	          "pass a DOCA_FLOW_CUSTOM_HEADER_GRAPH_NODE_* value");
	CHECK_ARG(node_type == DOCA_FLOW_CUSTOM_HEADER_GRAPH_NODE_FLEX && custom_header == NULL,
	          "node_type is FLEX but custom_header is NULL",
	          "pass the destination custom header");
	SAY_NOT_SUPPORTED(NO_GRAPH);
	return DOCA_ERROR_NOT_SUPPORTED;
}

DOCA_EXPERIMENTAL doca_error_t doca_flow_custom_header_graph_arc_set_transition(
        struct doca_flow_custom_header_graph_arc *arc, bool start_tunnel)
{
	(void)start_tunnel;
	CHECK_ARG(arc == NULL, "arc is NULL", ARC_FIX);
	SAY_NOT_SUPPORTED(NO_GRAPH);
	return DOCA_ERROR_NOT_SUPPORTED;
}
