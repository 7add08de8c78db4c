/* SPDX-License-Identifier: BSD-3-Clause
 * NAT64 elements of ordered lists (issue 13): IPv4 <-> IPv6 translation with the RFC 6052
 * well-known prefix, on frames whose expected bytes were computed independently of
 * softdpa (every checksum included): tests/flow/nat64_vectors.py wrote the arrays below.
 */
#include <arpa/inet.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <string.h>

#include <cmocka.h>

#include "flow_t.h"

/* IPv4/TCP 192.0.2.1 -> 198.51.100.2, TOS 0x28, TTL 64 ... */
static const uint8_t a_in[60] = {
        0x02, 0x00, 0x00, 0x00, 0x00, 0x02, 0x02, 0x00, 0x00, 0x00, 0x00, 0x01, 0x08, 0x00, 0x45,
        0x28, 0x00, 0x2e, 0x12, 0x34, 0x00, 0x00, 0x40, 0x06, 0x7c, 0x37, 0xc0, 0x00, 0x02, 0x01,
        0xc6, 0x33, 0x64, 0x02, 0x04, 0xd2, 0x00, 0x50, 0x00, 0x00, 0x00, 0x01, 0x00, 0x00, 0x00,
        0x00, 0x50, 0x02, 0x20, 0x00, 0x74, 0x55, 0x00, 0x00, 0x61, 0x62, 0x63, 0x64, 0x65, 0x66,
};
static const uint8_t a_out[80] = {
        0x02, 0x00, 0x00, 0x00, 0x00, 0x02, 0x02, 0x00, 0x00, 0x00, 0x00, 0x01, 0x86, 0xdd,
        0x62, 0x80, 0x00, 0x00, 0x00, 0x1a, 0x06, 0x40, 0x00, 0x64, 0xff, 0x9b, 0x00, 0x00,
        0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0xc0, 0x00, 0x02, 0x01, 0x00, 0x64, 0xff, 0x9b,
        0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0xc6, 0x33, 0x64, 0x02, 0x04, 0xd2,
        0x00, 0x50, 0x00, 0x00, 0x00, 0x01, 0x00, 0x00, 0x00, 0x00, 0x50, 0x02, 0x20, 0x00,
        0x74, 0x55, 0x00, 0x00, 0x61, 0x62, 0x63, 0x64, 0x65, 0x66,
};
/* ... as IPv6: 64:ff9b::c000:201 -> 64:ff9b::c633:6402, traffic class 0x28, hop limit 64, the
 * TCP checksum corrected for the IPv6 pseudo-header. */
static const uint8_t b_in[80] = {
        0x02, 0x00, 0x00, 0x00, 0x00, 0x02, 0x02, 0x00, 0x00, 0x00, 0x00, 0x01, 0x86, 0xdd,
        0x6b, 0x81, 0x23, 0x45, 0x00, 0x1a, 0x11, 0x11, 0x00, 0x64, 0xff, 0x9b, 0x00, 0x00,
        0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0xc0, 0xa8, 0x01, 0x01, 0x00, 0x64, 0xff, 0x9b,
        0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x08, 0x08, 0x08, 0x08, 0x13, 0x88,
        0x00, 0x35, 0x00, 0x1a, 0xd1, 0xf2, 0x00, 0x01, 0x02, 0x03, 0x04, 0x05, 0x06, 0x07,
        0x08, 0x09, 0x0a, 0x0b, 0x0c, 0x0d, 0x0e, 0x0f, 0x10, 0x11,
        /* IPv6/UDP 64:ff9b::c0a8:101 -> 64:ff9b::808:808, traffic class 0xb8, flow label 0x12345,
         * hop limit 17 ... */
};
static const uint8_t b_out[60] = {
        0x02, 0x00, 0x00, 0x00, 0x00, 0x02, 0x02, 0x00, 0x00, 0x00, 0x00, 0x01, 0x08, 0x00, 0x45,
        0xb8, 0x00, 0x2e, 0x00, 0x00, 0x40, 0x00, 0x11, 0x11, 0x97, 0x4e, 0xc0, 0xa8, 0x01, 0x01,
        0x08, 0x08, 0x08, 0x08, 0x13, 0x88, 0x00, 0x35, 0x00, 0x1a, 0xd1, 0xf2, 0x00, 0x01, 0x02,
        0x03, 0x04, 0x05, 0x06, 0x07, 0x08, 0x09, 0x0a, 0x0b, 0x0c, 0x0d, 0x0e, 0x0f, 0x10, 0x11,
        /* ... as IPv4: 192.168.1.1 -> 8.8.8.8, TOS 0xb8, DF, TTL 17, flow label gone. */
};
static const uint8_t c_in[60] = {
        0x02,
        0x00,
        0x00,
        0x00,
        0x00,
        0x02,
        0x02,
        0x00,
        0x00,
        0x00,
        0x00,
        0x01,
        0x08,
        0x00,
        0x45,
        0x00,
        0x00,
        0x2e,
        0x00,
        0x00,
        0x00,
        0x00,
        0x05,
        0x11,
        0xa1,
        0xbd,
        0x0a,
        0x00,
        0x00,
        0x01,
        0x0a,
        0x00,
        0x00,
        0x02,
        0x00,
        0x07,
        0x00,
        0x09,
        0x00,
        0x1a,
        0x00,
        0x00,
        0x30,
        0x31,
        0x32,
        0x33,
        0x34,
        0x35,
        /* IPv4/UDP without checksum (0) ... */
        0x36,
        0x37,
        0x38,
        0x39,
        0x61,
        0x62,
        0x63,
        0x64,
        0x65,
        0x66,
        0x31,
        0x32,
};
static const uint8_t c_out[80] = {
        0x02,
        0x00,
        0x00,
        0x00,
        0x00,
        0x02,
        0x02,
        0x00,
        0x00,
        0x00,
        0x00,
        0x01,
        0x86,
        0xdd,
        0x60,
        0x00,
        0x00,
        0x00,
        0x00,
        0x1a,
        0x11,
        0x05,
        0x00,
        0x64,
        0xff,
        0x9b,
        0x00,
        0x00,
        0x00,
        0x00,
        0x00,
        0x00,
        0x00,
        0x00,
        0x0a,
        0x00,
        /* ... as IPv6, where UDP needs one: computed over the IPv6 pseudo-header. */
        0x00,
        0x01,
        0x00,
        0x64,
        0xff,
        0x9b,
        0x00,
        0x00,
        0x00,
        0x00,
        0x00,
        0x00,
        0x00,
        0x00,
        0x0a,
        0x00,
        0x00,
        0x02,
        0x00,
        0x07,
        0x00,
        0x09,
        0x00,
        0x1a,
        0x8b,
        0x3e,
        0x30,
        0x31,
        0x32,
        0x33,
        0x34,
        0x35,
        0x36,
        0x37,
        0x38,
        0x39,
        0x61,
        0x62,
        0x63,
        0x64,
        0x65,
        0x66,
        0x31,
        0x32,
};

/* b_in as IPv4 with the source 100.64.0.1 written after the translation. */
static const uint8_t d_out[60] = {
        0x02, 0x00, 0x00, 0x00, 0x00, 0x02, 0x02, 0x00, 0x00, 0x00, 0x00, 0x01, 0x08, 0x00, 0x45,
        0xb8, 0x00, 0x2e, 0x00, 0x00, 0x40, 0x00, 0x11, 0x11, 0xf4, 0xb6, 0x64, 0x40, 0x00, 0x01,
        0x08, 0x08, 0x08, 0x08, 0x13, 0x88, 0x00, 0x35, 0x00, 0x1a, 0x2f, 0x5b, 0x00, 0x01, 0x02,
        0x03, 0x04, 0x05, 0x06, 0x07, 0x08, 0x09, 0x0a, 0x0b, 0x0c, 0x0d, 0x0e, 0x0f, 0x10, 0x11,
};

static uint8_t out[256];

/* Root pipe: everything to ordered list 0 of an ORDERED_LIST pipe [NAT64(l3), MONITOR],
 * which forwards to port 1. Returns the list entry. */
static struct doca_flow_pipe_entry *nat64_pipes(enum doca_flow_l3_type l3)
{
	struct doca_flow_nat64_action nat64 = {.original_l3_type = l3};
	struct doca_flow_monitor mon = {.counter_type = DOCA_FLOW_RESOURCE_TYPE_NON_SHARED};
	struct doca_flow_ordered_list_element el[2];
	struct doca_flow_ordered_list l = {.idx = 0, .size = 2, .elements = el}, *lp[1] = {&l};
	struct doca_flow_fwd fwd = {.type = DOCA_FLOW_FWD_PORT, .port_id = 1};
	struct doca_flow_fwd to_ol = {.type = DOCA_FLOW_FWD_ORDERED_LIST_PIPE};
	struct doca_flow_match any;
	struct doca_flow_pipe_cfg *pc;
	struct doca_flow_pipe *ol, *root;
	struct doca_flow_pipe_entry *e, *re;

	memset(el, 0, sizeof(el));
	el[0].type = DOCA_FLOW_ORDERED_LIST_ELEMENT_NAT64;
	el[0].nat64 = &nat64;
	el[1].type = DOCA_FLOW_ORDERED_LIST_ELEMENT_MONITOR;
	el[1].monitor = &mon;
	assert_int_equal(doca_flow_pipe_cfg_create(&pc, ft_ports[0]), DOCA_SUCCESS);
	assert_int_equal(doca_flow_pipe_cfg_set_type(pc, DOCA_FLOW_PIPE_ORDERED_LIST),
	                 DOCA_SUCCESS);
	assert_int_equal(doca_flow_pipe_cfg_set_ordered_lists(pc, lp, 1), DOCA_SUCCESS);
	assert_int_equal(doca_flow_pipe_create(pc, &fwd, NULL, &ol), DOCA_SUCCESS);
	doca_flow_pipe_cfg_destroy(pc);
	/* The entry's list gives the elements again (NAT64 may come from the template). */
	el[0].nat64 = NULL;
	assert_int_equal(doca_flow_pipe_ordered_list_add_entry(
	                         0, ol, 0, &l, NULL, DOCA_FLOW_ENTRY_FLAGS_NO_WAIT, NULL, &e),
	                 DOCA_SUCCESS);
	memset(&any, 0, sizeof(any));
	to_ol.ordered_list_pipe.pipe = ol;
	to_ol.ordered_list_pipe.idx = 0;
	assert_int_equal(doca_flow_pipe_cfg_create(&pc, ft_ports[0]), DOCA_SUCCESS);
	assert_int_equal(doca_flow_pipe_cfg_set_is_root(pc, true), DOCA_SUCCESS);
	assert_int_equal(doca_flow_pipe_cfg_set_match(pc, &any, NULL), DOCA_SUCCESS);
	assert_int_equal(doca_flow_pipe_create(pc, &to_ol, NULL, &root), DOCA_SUCCESS);
	doca_flow_pipe_cfg_destroy(pc);
	assert_int_equal(doca_flow_pipe_basic_add_entry(0, root, &any, 0, NULL, NULL, NULL,
	                                                DOCA_FLOW_ENTRY_FLAGS_NO_WAIT, NULL, &re),
	                 DOCA_SUCCESS);
	ft_process(ft_ports[0]);
	return e;
}

static void expect(const uint8_t *in, uint32_t in_len, const uint8_t *want, uint32_t want_len)
{
	uint32_t len;

	ft_inject(0, in, in_len);
	ft_sync();
	len = ft_drain(1, out);
	assert_int_equal(len, want_len);
	assert_memory_equal(out, want, want_len);
}

static void test_nat64_ip4_to_ip6(void **state)
{
	struct doca_flow_pipe_entry *e;
	struct doca_flow_resource_query q;

	(void)state;
	ft_init("vnf,hws", 0, 0, 0, 2);
	e = nat64_pipes(DOCA_FLOW_L3_TYPE_IP4);
	expect(a_in, sizeof(a_in), a_out, sizeof(a_out));
	expect(c_in, sizeof(c_in), c_out, sizeof(c_out));
	/* An IPv6 frame is not what the action translates: it leaves unchanged. */
	expect(b_in, sizeof(b_in), b_in, sizeof(b_in));
	assert_int_equal(doca_flow_resource_query_entry(e, &q), DOCA_SUCCESS);
	assert_int_equal(q.counter.total_pkts, 3);
	ft_fini();
}

static void test_nat64_ip6_to_ip4(void **state)
{
	(void)state;
	ft_init("vnf,hws", 0, 0, 0, 2);
	(void)nat64_pipes(DOCA_FLOW_L3_TYPE_IP6);
	expect(b_in, sizeof(b_in), b_out, sizeof(b_out));
	/* Both ways round: the IPv6 form of a_in comes back as a_in but for what IPv4 has and
	 * IPv6 lacks (identification 0x1234 -> 0, DF set): patch those and the checksum. */
	{
		uint8_t back[sizeof(a_in)];

		memcpy(back, a_in, sizeof(a_in));
		back[18] = 0x00; /* identification */
		back[19] = 0x00;
		back[20] = 0x40; /* DF */
		/* IPv4 header checksum of the new header, by hand: the words 4528 002e 0000 4000
		 * 4006 c000 0201 c633 6402 sum to 0x2b192 -> 0xb194 -> ~ = 0x4e6b. */
		back[24] = 0x4e;
		back[25] = 0x6b;
		expect(a_out, sizeof(a_out), back, sizeof(back));
	}
	ft_fini();
}

/* The shape of NVIDIA's flow_ordered_list: a root pipe matching the 5-tuple sends each
 * flow to its own ordered list; list 1 rewrites the source address, counts, translates to
 * IPv6 and counts again. */
static void test_nat64_after_actions(void **state)
{
	struct doca_flow_nat64_action nat64 = {.original_l3_type = DOCA_FLOW_L3_TYPE_IP4};
	struct doca_flow_monitor mon = {.counter_type = DOCA_FLOW_RESOURCE_TYPE_NON_SHARED};
	struct doca_flow_actions act, amask, eact;
	struct doca_flow_ordered_list_element l0[2], l1[4];
	struct doca_flow_ordered_list ol0 = {.idx = 0, .size = 2, .elements = l0};
	struct doca_flow_ordered_list ol1 = {.idx = 1, .size = 4, .elements = l1};
	struct doca_flow_ordered_list *lists[2] = {&ol0, &ol1};
	struct doca_flow_fwd fwd = {.type = DOCA_FLOW_FWD_PORT, .port_id = 1};
	struct doca_flow_fwd to_ol = {.type = DOCA_FLOW_FWD_ORDERED_LIST_PIPE};
	struct doca_flow_match m;
	struct doca_flow_pipe_cfg *pc;
	struct doca_flow_pipe *ol, *root;
	struct doca_flow_pipe_entry *e;
	uint8_t want[sizeof(a_out)];

	(void)state;
	ft_init("vnf,hws", 0, 0, 0, 2);
	memset(&act, 0, sizeof(act));
	memset(&amask, 0, sizeof(amask));
	act.outer.l3_type = DOCA_FLOW_L3_TYPE_IP4;
	act.outer.ip4.src_ip = htonl(0xc0a80000); /* 192.168.0.0 under 255.255.0.0 */
	amask.outer.l3_type = DOCA_FLOW_L3_TYPE_IP4;
	amask.outer.ip4.src_ip = htonl(0xffff0000);
	memset(l0, 0, sizeof(l0));
	memset(l1, 0, sizeof(l1));
	l0[0].type = DOCA_FLOW_ORDERED_LIST_ELEMENT_MONITOR;
	l0[0].monitor = &mon;
	l0[1].type = DOCA_FLOW_ORDERED_LIST_ELEMENT_ACTIONS;
	l0[1].actions = &act;
	l0[1].actions_mask = &amask;
	l1[0] = l0[1];
	l1[1] = l0[0];
	l1[2].type = DOCA_FLOW_ORDERED_LIST_ELEMENT_NAT64;
	l1[2].nat64 = &nat64;
	l1[3] = l0[0];
	assert_int_equal(doca_flow_pipe_cfg_create(&pc, ft_ports[0]), DOCA_SUCCESS);
	assert_int_equal(doca_flow_pipe_cfg_set_type(pc, DOCA_FLOW_PIPE_ORDERED_LIST),
	                 DOCA_SUCCESS);
	assert_int_equal(doca_flow_pipe_cfg_set_ordered_lists(pc, lists, 2), DOCA_SUCCESS);
	assert_int_equal(doca_flow_pipe_create(pc, &fwd, NULL, &ol), DOCA_SUCCESS);
	doca_flow_pipe_cfg_destroy(pc);
	/* The entries give zeroed actions and a zeroed NAT64 action, as the sample does. */
	memset(&eact, 0, sizeof(eact));
	memset(&nat64, 0, sizeof(nat64));
	l0[1].actions = &eact;
	l1[0].actions = &eact;
	assert_int_equal(doca_flow_pipe_ordered_list_add_entry(
	                         0, ol, 0, &ol0, NULL, DOCA_FLOW_ENTRY_FLAGS_NO_WAIT, NULL, &e),
	                 DOCA_SUCCESS);
	assert_int_equal(doca_flow_pipe_ordered_list_add_entry(
	                         0, ol, 1, &ol1, NULL, DOCA_FLOW_ENTRY_FLAGS_NO_WAIT, NULL, &e),
	                 DOCA_SUCCESS);
	memset(&m, 0, sizeof(m));
	m.parser_meta.outer_l4_type = DOCA_FLOW_L4_META_TCP;
	m.parser_meta.outer_l3_type = DOCA_FLOW_L3_META_IPV4;
	m.outer.l4_type_ext = DOCA_FLOW_L4_TYPE_EXT_TCP;
	m.outer.l3_type = DOCA_FLOW_L3_TYPE_IP4;
	m.outer.ip4.src_ip = 0xffffffff;
	m.outer.ip4.dst_ip = 0xffffffff;
	m.outer.tcp.l4_port.src_port = 0xffff;
	m.outer.tcp.l4_port.dst_port = 0xffff;
	to_ol.ordered_list_pipe.pipe = ol;
	to_ol.ordered_list_pipe.idx = 0xffffffff;
	assert_int_equal(doca_flow_pipe_cfg_create(&pc, ft_ports[0]), DOCA_SUCCESS);
	assert_int_equal(doca_flow_pipe_cfg_set_is_root(pc, true), DOCA_SUCCESS);
	assert_int_equal(doca_flow_pipe_cfg_set_match(pc, &m, NULL), DOCA_SUCCESS);
	assert_int_equal(doca_flow_pipe_create(pc, &to_ol, NULL, &root), DOCA_SUCCESS);
	doca_flow_pipe_cfg_destroy(pc);
	memset(&m, 0, sizeof(m));
	m.outer.ip4.src_ip = htonl(0xc0000201); /* a_in's flow */
	m.outer.ip4.dst_ip = htonl(0xc6336402);
	m.outer.tcp.l4_port.src_port = htons(1234);
	m.outer.tcp.l4_port.dst_port = htons(80);
	to_ol.ordered_list_pipe.idx = 1;
	assert_int_equal(doca_flow_pipe_basic_add_entry(0, root, &m, 0, NULL, NULL, &to_ol,
	                                                DOCA_FLOW_ENTRY_FLAGS_NO_WAIT, NULL, &e),
	                 DOCA_SUCCESS);
	ft_process(ft_ports[0]);
	/* a_out with the source 192.168.2.1 (64:ff9b::c0a8:201) and its TCP checksum, 0x73ad
	 * (nat64_vectors.py with that address). */
	memcpy(want, a_out, sizeof(want));
	want[35] = 0xa8;
	want[70] = 0x73;
	want[71] = 0xad;
	expect(a_in, sizeof(a_in), want, sizeof(want));
	ft_fini();
}

/* NAT64 as a member of struct doca_flow_actions (doca_flow.h: actions.nat64): a basic
 * root pipe translates, then the template's field writes apply to the new header. */
static struct doca_flow_pipe *nat64_basic(const struct doca_flow_actions *a, bool add)
{
	struct doca_flow_actions *acts[1] = {(struct doca_flow_actions *)a};
	struct doca_flow_fwd fwd = {.type = DOCA_FLOW_FWD_PORT, .port_id = 1};
	struct doca_flow_pipe_cfg *pc;
	struct doca_flow_pipe *p = NULL;

	assert_int_equal(doca_flow_pipe_cfg_create(&pc, ft_ports[0]), DOCA_SUCCESS);
	assert_int_equal(doca_flow_pipe_cfg_set_is_root(pc, true), DOCA_SUCCESS);
	assert_int_equal(doca_flow_pipe_cfg_set_actions(pc, acts, NULL, NULL, 1), DOCA_SUCCESS);
	if (!add) {
		t_log_reset();
		assert_int_equal(doca_flow_pipe_create(pc, &fwd, NULL, &p),
		                 DOCA_ERROR_INVALID_VALUE);
		doca_flow_pipe_cfg_destroy(pc);
		return NULL;
	}
	assert_int_equal(doca_flow_pipe_create(pc, &fwd, NULL, &p), DOCA_SUCCESS);
	doca_flow_pipe_cfg_destroy(pc);
	assert_int_equal(doca_flow_pipe_basic_add_entry(0, p, NULL, 0, NULL, NULL, NULL,
	                                                DOCA_FLOW_ENTRY_FLAGS_NO_WAIT, NULL, NULL),
	                 DOCA_SUCCESS);
	ft_process(ft_ports[0]);
	return p;
}

static void test_nat64_basic_actions(void **state)
{
	struct doca_flow_actions a;

	(void)state;
	ft_init("vnf,hws", 0, 0, 0, 2);
	memset(&a, 0, sizeof(a));
	a.nat64.original_l3_type = DOCA_FLOW_L3_TYPE_IP4;
	(void)nat64_basic(&a, true);
	expect(a_in, sizeof(a_in), a_out, sizeof(a_out));
	expect(c_in, sizeof(c_in), c_out, sizeof(c_out));
	expect(b_in, sizeof(b_in), b_in, sizeof(b_in)); /* IPv6: not the action's type */
	ft_fini();

	/* IPv6 -> IPv4, then the template sets the IPv4 source (a NAT64 gateway's pool). */
	ft_init("vnf,hws", 0, 0, 0, 2);
	memset(&a, 0, sizeof(a));
	a.nat64.original_l3_type = DOCA_FLOW_L3_TYPE_IP6;
	a.outer.l3_type = DOCA_FLOW_L3_TYPE_IP4;
	a.outer.ip4.src_ip = htonl(0x64400001); /* 100.64.0.1 */
	(void)nat64_basic(&a, true);
	expect(b_in, sizeof(b_in), d_out, sizeof(d_out));
	ft_fini();

	/* Not an L3 type: refused when the pipe is created. */
	ft_init("vnf,hws", 0, 0, 0, 2);
	memset(&a, 0, sizeof(a));
	a.nat64.original_l3_type = (enum doca_flow_l3_type)7;
	(void)nat64_basic(&a, false);
	t_assert_logged("nat64.original_l3_type 7 is not an L3 type", "DOCA_FLOW_L3_TYPE_IP4");
	ft_fini();
}

/* A control entry's own actions translate too (one-element list path). */
static void test_nat64_control_entry(void **state)
{
	struct doca_flow_fwd fwd = {.type = DOCA_FLOW_FWD_PORT, .port_id = 1};
	struct doca_flow_actions a;
	struct doca_flow_pipe_cfg *pc;
	struct doca_flow_pipe *p;

	(void)state;
	ft_init("vnf,hws", 0, 0, 0, 2);
	assert_int_equal(doca_flow_pipe_cfg_create(&pc, ft_ports[0]), DOCA_SUCCESS);
	assert_int_equal(doca_flow_pipe_cfg_set_type(pc, DOCA_FLOW_PIPE_CONTROL), DOCA_SUCCESS);
	assert_int_equal(doca_flow_pipe_cfg_set_is_root(pc, true), DOCA_SUCCESS);
	assert_int_equal(doca_flow_pipe_create(pc, NULL, NULL, &p), DOCA_SUCCESS);
	doca_flow_pipe_cfg_destroy(pc);
	memset(&a, 0, sizeof(a));
	a.nat64.original_l3_type = DOCA_FLOW_L3_TYPE_IP4;
	assert_int_equal(doca_flow_pipe_control_add_entry(0, p, NULL, NULL, NULL, &a, NULL, NULL,
	                                                  NULL, 0, &fwd, NULL, NULL),
	                 DOCA_SUCCESS);
	ft_process(ft_ports[0]);
	expect(c_in, sizeof(c_in), c_out, sizeof(c_out));
	ft_fini();
}

static void test_nat64_bad_args(void **state)
{
	struct doca_flow_nat64_action nat64 = {.original_l3_type = DOCA_FLOW_L3_TYPE_NONE};
	struct doca_flow_ordered_list_element el[1];
	struct doca_flow_ordered_list l = {.idx = 0, .size = 1, .elements = el}, *lp[1] = {&l};
	struct doca_flow_pipe_cfg *pc;

	(void)state;
	ft_init("vnf,hws", 0, 0, 0, 2);
	memset(el, 0, sizeof(el));
	el[0].type = DOCA_FLOW_ORDERED_LIST_ELEMENT_NAT64;
	el[0].nat64 = &nat64;
	assert_int_equal(doca_flow_pipe_cfg_create(&pc, ft_ports[0]), DOCA_SUCCESS);
	assert_int_equal(doca_flow_pipe_cfg_set_type(pc, DOCA_FLOW_PIPE_ORDERED_LIST),
	                 DOCA_SUCCESS);
	t_log_reset();
	assert_int_equal(doca_flow_pipe_cfg_set_ordered_lists(pc, lp, 1), DOCA_ERROR_INVALID_VALUE);
	t_assert_logged("NAT64 element 0", "original_l3_type is not IP4 or IP6");
	doca_flow_pipe_cfg_destroy(pc);
	ft_fini();
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	        FT_TEST(test_nat64_ip4_to_ip6),    FT_TEST(test_nat64_ip6_to_ip4),
	        FT_TEST(test_nat64_after_actions), FT_TEST(test_nat64_bad_args),
	        FT_TEST(test_nat64_basic_actions), FT_TEST(test_nat64_control_entry),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
