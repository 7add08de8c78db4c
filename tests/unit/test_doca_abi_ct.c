/* SPDX-License-Identifier: BSD-3-Clause
 * The values and layouts a DOCA Flow CT / custom header program compiles against must be
 * DOCA's: a program built here and run against DOCA (or the reverse) must agree on every
 * flag bit, enum value and structure offset. These are compile-time checks; the cmocka
 * case only re-states a few at run time so that the binary has something to report.
 */
#include <stddef.h>
#include <stdint.h>

#include <doca_flow_ct.h>
#include <doca_flow_custom_header.h>
#include <doca_flow_custom_header_graph.h>

#include "t_helpers.h"

/* Source of every value below: DOCA 3.x's public doca_flow_ct.h (the 2022-2025 header that
 * declares doca_flow_ct_pipe_iterate), whose enumerator and structure names also appear in
 * DOCA's API reference (docs.nvidia.com/doca/api, "Doca Flow CT" group and "Data
 * Structures"). */

/* enum doca_flow_ct_flags: one bit each, in DOCA's order. */
_Static_assert(DOCA_FLOW_CT_FLAG_STATS == 1u << 0, "CT flag STATS");
_Static_assert(DOCA_FLOW_CT_FLAG_WORKER_STATS == 1u << 1, "CT flag WORKER_STATS");
_Static_assert(DOCA_FLOW_CT_FLAG_NO_AGING == 1u << 2, "CT flag NO_AGING");
_Static_assert(DOCA_FLOW_CT_FLAG_ASYMMETRIC_TUNNEL == 1u << 3, "CT flag ASYMMETRIC_TUNNEL");
_Static_assert(DOCA_FLOW_CT_FLAG_NO_COUNTER == 1u << 4, "CT flag NO_COUNTER");
_Static_assert(DOCA_FLOW_CT_FLAG_ITERATOR == 1u << 5, "CT flag ITERATOR");
_Static_assert(DOCA_FLOW_CT_FLAG_DUP_FILTER_UDP_ONLY == 1u << 6, "CT flag DUP_FILTER_UDP_ONLY");
_Static_assert(DOCA_FLOW_CT_FLAG_ORIGIN_WIRE == 1u << 7, "CT flag ORIGIN_WIRE");
_Static_assert(DOCA_FLOW_CT_FLAG_REPLY_WIRE == 1u << 8, "CT flag REPLY_WIRE");

/* enum doca_flow_ct_entry_flags: bits 0..12. */
_Static_assert(DOCA_FLOW_CT_ENTRY_FLAGS_NO_WAIT == 1 << 0, "entry flag NO_WAIT");
_Static_assert(DOCA_FLOW_CT_ENTRY_FLAGS_DIR_ORIGIN == 1 << 1, "entry flag DIR_ORIGIN");
_Static_assert(DOCA_FLOW_CT_ENTRY_FLAGS_DIR_REPLY == 1 << 2, "entry flag DIR_REPLY");
_Static_assert(DOCA_FLOW_CT_ENTRY_FLAGS_IPV6_ORIGIN == 1 << 3, "entry flag IPV6_ORIGIN");
_Static_assert(DOCA_FLOW_CT_ENTRY_FLAGS_IPV6_REPLY == 1 << 4, "entry flag IPV6_REPLY");
_Static_assert(DOCA_FLOW_CT_ENTRY_FLAGS_COUNTER_ORIGIN == 1 << 5, "entry flag COUNTER_ORIGIN");
_Static_assert(DOCA_FLOW_CT_ENTRY_FLAGS_COUNTER_REPLY == 1 << 6, "entry flag COUNTER_REPLY");
_Static_assert(DOCA_FLOW_CT_ENTRY_FLAGS_COUNTER_SHARED == 1 << 7, "entry flag COUNTER_SHARED");
_Static_assert(DOCA_FLOW_CT_ENTRY_FLAGS_ENTRY_FINALIZE == 1 << 8, "entry flag ENTRY_FINALIZE");
_Static_assert(DOCA_FLOW_CT_ENTRY_FLAGS_ALLOC_ON_MISS == 1 << 9, "entry flag ALLOC_ON_MISS");
_Static_assert(DOCA_FLOW_CT_ENTRY_FLAGS_DUP_FILTER_ORIGIN == 1u << 10,
               "entry flag DUP_FILTER_ORIGIN");
_Static_assert(DOCA_FLOW_CT_ENTRY_FLAGS_DUP_FILTER_REPLY == 1u << 11,
               "entry flag DUP_FILTER_REPLY");
_Static_assert(DOCA_FLOW_CT_ENTRY_FLAGS_STATS_UPDATES == 1u << 12, "entry flag STATS_UPDATES");

/* Macros of doca_flow_ct.h: the invalid action handle, and the DPDK-mark translation
 * (mark + 1, to big endian, top 24 bits). */
_Static_assert(DOCA_FLOW_CT_ACTION_HANDLE_INVALID == UINT32_MAX, "invalid action handle");

/* Structure layouts implied by the member lists of doca_flow_ct.h and doca_flow_net.h
 * (doca_flow_ct_ip4/ip6, doca_flow_meta in doca_flow.h), on LP64. */
_Static_assert(sizeof(struct doca_flow_meta) == 44, "doca_flow_meta: pkt_meta + u32[10]");
_Static_assert(offsetof(struct doca_flow_ct_meta, flow) == 0, "ct_meta.flow");
_Static_assert(offsetof(struct doca_flow_ct_meta, mark) == 44, "ct_meta.mark");
_Static_assert(sizeof(struct doca_flow_ct_meta) == 48, "ct_meta size");

_Static_assert(sizeof(struct doca_flow_ct_ip4) == 8, "ct_ip4 size");
_Static_assert(sizeof(struct doca_flow_ct_ip6) == 32, "ct_ip6 size");

_Static_assert(offsetof(struct doca_flow_ct_match4, l4_port) == 0, "match4.l4_port");
_Static_assert(offsetof(struct doca_flow_ct_match4, src_ip) == 4, "match4.src_ip");
_Static_assert(offsetof(struct doca_flow_ct_match4, dst_ip) == 8, "match4.dst_ip");
_Static_assert(offsetof(struct doca_flow_ct_match4, metadata) == 12, "match4.metadata");
_Static_assert(offsetof(struct doca_flow_ct_match4, next_proto) == 16, "match4.next_proto");
_Static_assert(sizeof(struct doca_flow_ct_match4) == 20, "match4 size");

_Static_assert(offsetof(struct doca_flow_ct_match6, src_ip) == 4, "match6.src_ip");
_Static_assert(offsetof(struct doca_flow_ct_match6, dst_ip) == 20, "match6.dst_ip");
_Static_assert(offsetof(struct doca_flow_ct_match6, metadata) == 36, "match6.metadata");
_Static_assert(offsetof(struct doca_flow_ct_match6, next_proto) == 40, "match6.next_proto");
_Static_assert(sizeof(struct doca_flow_ct_match6) == 44, "match6 size");

_Static_assert(offsetof(struct doca_flow_ct_match, ipv4) == 0 &&
                       offsetof(struct doca_flow_ct_match, ipv6) == 0,
               "ct_match is a union");
_Static_assert(sizeof(struct doca_flow_ct_match) == 44, "ct_match size");

_Static_assert(offsetof(struct doca_flow_ct_actions, resource_type) == 0, "actions.resource_type");
_Static_assert(offsetof(struct doca_flow_ct_actions, action_handle) == 4, "actions.action_handle");
_Static_assert(offsetof(struct doca_flow_ct_actions, data.action_idx) == 4,
               "actions.data.action_idx");
_Static_assert(offsetof(struct doca_flow_ct_actions, data.meta) == 8, "actions.data.meta");
_Static_assert(offsetof(struct doca_flow_ct_actions, data.l4_port) == 56, "actions.data.l4_port");
_Static_assert(offsetof(struct doca_flow_ct_actions, data.ip4) == 60 &&
                       offsetof(struct doca_flow_ct_actions, data.ip6) == 60,
               "actions.data.ip4/ip6");
_Static_assert(sizeof(struct doca_flow_ct_actions) == 92, "actions size");

_Static_assert(sizeof(union doca_flow_ct_aging_conn) == 4, "aging_conn is one 32-bit word");
_Static_assert(offsetof(struct doca_flow_ct_aging_ctx, user_ctx) == 8, "aging_ctx.user_ctx");
_Static_assert(sizeof(struct doca_flow_ct_aging_ctx) == 16, "aging_ctx size");
_Static_assert(offsetof(struct doca_flow_ct_aging_conn_event, aging_conn_id) == 4,
               "event.aging_conn_id");
_Static_assert(offsetof(struct doca_flow_ct_aging_conn_event, conn) == 8, "event.conn");
_Static_assert(sizeof(struct doca_flow_ct_aging_conn_event) == 12, "event size");
_Static_assert(sizeof(struct doca_flow_ct_aging_ops) == 4 * sizeof(void *),
               "aging_ops: 4 callbacks");
_Static_assert(sizeof(struct doca_flow_ct_aging_counter_state) == 8, "counter_state size");
_Static_assert(offsetof(struct doca_flow_ct_aging_counter, last_hit_s) == 4, "counter.last_hit_s");
_Static_assert(offsetof(struct doca_flow_ct_aging_counter, total_bytes) == 8,
               "counter.total_bytes");
_Static_assert(offsetof(struct doca_flow_ct_aging_counter, total_pkts) == 16, "counter.total_pkts");
_Static_assert(sizeof(struct doca_flow_ct_aging_counter) == 24, "counter size");
_Static_assert(offsetof(struct doca_flow_ct_aging_conn_update_info, ctr_reply_id) == 12,
               "update_info.ctr_reply_id");
_Static_assert(sizeof(struct doca_flow_ct_aging_conn_update_info) == 16, "update_info size");

/* enum doca_flow_custom_header_graph_node_type, from DOCA 3.x's public
 * doca_flow_custom_header_graph.h: DOCA numbers the nodes in steps of five. */
_Static_assert(DOCA_FLOW_CUSTOM_HEADER_GRAPH_NODE_MAC == 5, "node MAC");
_Static_assert(DOCA_FLOW_CUSTOM_HEADER_GRAPH_NODE_IP == 10, "node IP");
_Static_assert(DOCA_FLOW_CUSTOM_HEADER_GRAPH_NODE_IPV4 == 11, "node IPV4");
_Static_assert(DOCA_FLOW_CUSTOM_HEADER_GRAPH_NODE_IPV6 == 12, "node IPV6");
_Static_assert(DOCA_FLOW_CUSTOM_HEADER_GRAPH_NODE_GRE == 15, "node GRE");
_Static_assert(DOCA_FLOW_CUSTOM_HEADER_GRAPH_NODE_UDP == 20, "node UDP");
_Static_assert(DOCA_FLOW_CUSTOM_HEADER_GRAPH_NODE_MPLS == 25, "node MPLS");
_Static_assert(DOCA_FLOW_CUSTOM_HEADER_GRAPH_NODE_TCP == 30, "node TCP");
_Static_assert(DOCA_FLOW_CUSTOM_HEADER_GRAPH_NODE_VXLAN_GPE == 35, "node VXLAN_GPE");
_Static_assert(DOCA_FLOW_CUSTOM_HEADER_GRAPH_NODE_GENEVE == 40, "node GENEVE");
_Static_assert(DOCA_FLOW_CUSTOM_HEADER_GRAPH_NODE_IPSEC_ESP == 45, "node IPSEC_ESP");
_Static_assert(DOCA_FLOW_CUSTOM_HEADER_GRAPH_NODE_PSP == 50, "node PSP");
_Static_assert(DOCA_FLOW_CUSTOM_HEADER_GRAPH_NODE_FLEX == 55, "node FLEX");

/* enum doca_flow_custom_header_sampler_tunnel_mode, from DOCA 3.x's public
 * doca_flow_custom_header.h: 0, 1, 2. */
_Static_assert(DOCA_FLOW_CUSTOM_HEADER_SAMPLER_TUNNEL_MODE_OUTER == 0, "tunnel mode OUTER");
_Static_assert(DOCA_FLOW_CUSTOM_HEADER_SAMPLER_TUNNEL_MODE_INNER == 1, "tunnel mode INNER");
_Static_assert(DOCA_FLOW_CUSTOM_HEADER_SAMPLER_TUNNEL_MODE_FIRST == 2, "tunnel mode FIRST");

static void test_run_time(void **state)
{
	union doca_flow_ct_aging_conn c = {.v = 0};

	(void)state;
#if __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
	/* DPDK mark 0xff: plus one is 0x100, byte-swapped 0x00010000, shifted right by 8. */
	assert_int_equal(DOCA_FLOW_CT_MARK_FROM_DPDK(0xffu), 0x100u);
#endif
	/* The aging word's fields, lowest bit first. */
	c.valid = 1;
	c.is_tcp = 1;
	c.timeout = 0xffff;
	assert_int_equal(c.v, 0xffff0011u);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	        cmocka_unit_test(test_run_time),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
