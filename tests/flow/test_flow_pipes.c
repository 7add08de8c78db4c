/* SPDX-License-Identifier: BSD-3-Clause
 * DOCA Flow pipes with real frames: BASIC, CONTROL, ORDERED_LIST; every forward type;
 * actions; counters; queues and callbacks.
 */
#include <arpa/inet.h>
#include <string.h>

#include "flow_t.h"

static uint8_t in[SOFTDPA_FRAME_MAX], out[SOFTDPA_FRAME_MAX];

/* One error: the code, exactly one problem record, and its text. */
#define EXPECT1(call, err, ...)                                                                    \
	do {                                                                                       \
		t_log_reset();                                                                     \
		assert_int_equal((call), (err));                                                   \
		assert_int_equal(t_log_problems(), 1);                                             \
		t_assert_logged(__VA_ARGS__);                                                      \
	} while (0)

/* A BASIC pipe matching the IPv4 destination; nr_entries 0 keeps the default. */
static struct doca_flow_pipe *basic_dst_pipe_n(struct doca_flow_port *port, bool root,
                                               const struct doca_flow_actions *act,
                                               const struct doca_flow_fwd *miss,
                                               uint32_t nr_entries)
{
	struct doca_flow_pipe_cfg *pc;
	struct doca_flow_match m;
	struct doca_flow_monitor mon;
	struct doca_flow_fwd fwd;
	struct doca_flow_pipe *p;
	struct doca_flow_actions *acts[1];

	memset(&m, 0, sizeof(m));
	memset(&mon, 0, sizeof(mon));
	memset(&fwd, 0, sizeof(fwd));
	m.outer.l3_type = DOCA_FLOW_L3_TYPE_IP4;
	m.outer.ip4.dst_ip = 0xffffffff;
	mon.counter_type = DOCA_FLOW_RESOURCE_TYPE_NON_SHARED;
	fwd.type = DOCA_FLOW_FWD_PORT;
	fwd.port_id = 0xffff;
	assert_int_equal(doca_flow_pipe_cfg_create(&pc, port), DOCA_SUCCESS);
	assert_int_equal(doca_flow_pipe_cfg_set_name(pc, "BASIC"), DOCA_SUCCESS);
	assert_int_equal(doca_flow_pipe_cfg_set_type(pc, DOCA_FLOW_PIPE_BASIC), DOCA_SUCCESS);
	assert_int_equal(doca_flow_pipe_cfg_set_is_root(pc, root), DOCA_SUCCESS);
	assert_int_equal(doca_flow_pipe_cfg_set_match(pc, &m, NULL), DOCA_SUCCESS);
	assert_int_equal(doca_flow_pipe_cfg_set_monitor(pc, &mon), DOCA_SUCCESS);
	assert_int_equal(doca_flow_pipe_cfg_set_miss_counter(pc, true), DOCA_SUCCESS);
	if (nr_entries)
		assert_int_equal(doca_flow_pipe_cfg_set_nr_entries(pc, nr_entries), DOCA_SUCCESS);
	if (act) {
		acts[0] = (struct doca_flow_actions *)act;
		assert_int_equal(doca_flow_pipe_cfg_set_actions(pc, acts, NULL, NULL, 1),
		                 DOCA_SUCCESS);
	}
	assert_int_equal(doca_flow_pipe_create(pc, &fwd, miss, &p), DOCA_SUCCESS);
	assert_int_equal(doca_flow_pipe_cfg_destroy(pc), DOCA_SUCCESS);
	return p;
}

static struct doca_flow_pipe *basic_dst_pipe(struct doca_flow_port *port, bool root,
                                             const struct doca_flow_actions *act,
                                             const struct doca_flow_fwd *miss)
{
	return basic_dst_pipe_n(port, root, act, miss, 0);
}

static struct doca_flow_pipe_entry *add_dst(struct doca_flow_pipe *p, uint32_t dst,
                                            uint16_t to_port, const struct doca_flow_actions *a)
{
	struct doca_flow_match m;
	struct doca_flow_fwd fwd;
	struct doca_flow_pipe_entry *e = NULL;

	memset(&m, 0, sizeof(m));
	memset(&fwd, 0, sizeof(fwd));
	m.outer.ip4.dst_ip = htonl(dst);
	fwd.type = DOCA_FLOW_FWD_PORT;
	fwd.port_id = to_port;
	assert_int_equal(doca_flow_pipe_basic_add_entry(0, p, &m, 0, a, NULL, &fwd,
	                                                DOCA_FLOW_ENTRY_FLAGS_NO_WAIT, NULL, &e),
	                 DOCA_SUCCESS);
	return e;
}

/* The vertical slice: one exact-match entry forwards a real frame to another port. */
static void test_basic_forward(void **state)
{
	struct doca_flow_pipe *p;
	struct doca_flow_pipe_entry *e;
	struct doca_flow_resource_query q;
	uint32_t len, olen;

	(void)state;
	ft_init("vnf,hws", 0, 0, 0, 3);
	p = basic_dst_pipe(ft_ports[0], true, NULL, NULL);
	e = add_dst(p, 0x0a000002, 1, NULL);
	assert_int_equal(doca_flow_pipe_entry_get_status(e), DOCA_FLOW_ENTRY_STATUS_IN_PROCESS);
	ft_process(ft_ports[0]);
	assert_int_equal(doca_flow_pipe_entry_get_status(e), DOCA_FLOW_ENTRY_STATUS_SUCCESS);
	assert_int_equal(ft_cb[DOCA_FLOW_ENTRY_OP_ADD][DOCA_FLOW_ENTRY_STATUS_SUCCESS], 1);

	len = ft_udp4(in, 0x0a000001, 0x0a000002, 1000, 2000);
	ft_inject(0, in, len);
	ft_inject(0, in, ft_udp4(in, 0x0a000001, 0x0a000003, 1000, 2000)); /* miss */
	ft_sync();
	olen = ft_drain(1, out);
	assert_int_equal(olen, len);
	ft_udp4(in, 0x0a000001, 0x0a000002, 1000, 2000);
	assert_memory_equal(out, in, len);
	assert_int_equal(ft_drain(1, out), 0);
	assert_int_equal(ft_drain_all(2), 0);
	assert_int_equal(ft_drain_all(0), 0);
	assert_int_equal(ft_entry_pkts(e), 1);
	assert_int_equal(doca_flow_resource_query_entry(e, &q), DOCA_SUCCESS);
	assert_int_equal(q.counter.total_bytes, len);
	assert_int_equal(doca_flow_resource_query_pipe_miss(p, &q), DOCA_SUCCESS);
	assert_int_equal(q.counter.total_pkts, 1);
	assert_int_equal(ft_dropped(0, SOFTDPA_DROP_RULE), 1);
	ft_fini();
}

/* A table larger than the caches takes the datapath's look-ahead path (a burst's slots,
 * entries and entry data prefetched first): the results must be those of one lookup at a
 * time, with removed entries (tombstones) and misses among the frames. */
enum { LT_N = 1 << 16, LT_BASE = 0x0b000000 };

static void lt_check_out(uint32_t got[3])
{
	ft_sync();
	for (uint16_t port = 1; port <= 2; port++) {
		while (ft_drain(port, out) != 0) {
			uint32_t k = ((uint32_t)out[30] << 24 | (uint32_t)out[31] << 16 |
			              (uint32_t)out[32] << 8 | out[33]) -
			             LT_BASE;

			if (k >= LT_N || k % 7 == 0 || 1 + k % 2 != port)
				fail_msg("key %u left on port %u", k, port);
			got[port]++;
		}
	}
}

static void test_basic_large_table(void **state)
{
	static struct doca_flow_pipe_entry *e[LT_N];
	struct doca_flow_pipe *p;
	uint32_t want[3] = {0}, got[3] = {0}, n = 0;

	(void)state;
	ft_init("vnf,hws", 0, 0, 0, 3);
	p = basic_dst_pipe_n(ft_ports[0], true, NULL, NULL, LT_N);
	for (uint32_t i = 0; i < LT_N; i++) {
		e[i] = add_dst(p, LT_BASE + i, (uint16_t)(1 + i % 2), NULL);
		if (i % 64 == 63)
			ft_process(ft_ports[0]);
	}
	ft_process(ft_ports[0]);
	for (uint32_t i = 0; i < LT_N; i += 7) {
		assert_int_equal(
		        doca_flow_pipe_remove_entry(0, DOCA_FLOW_ENTRY_FLAGS_NO_WAIT, e[i]),
		        DOCA_SUCCESS);
		if (++n % 64 == 0)
			ft_process(ft_ports[0]);
	}
	ft_process(ft_ports[0]);
	n = 0;
	for (uint32_t k = 0; k < LT_N + 4096; k += 13) {
		ft_inject(0, in, ft_udp4(in, 0x0a000001, LT_BASE + k, 1000, 2000));
		want[k >= LT_N || k % 7 == 0 ? 0 : 1 + k % 2]++;
		if (++n % 256 == 0)
			lt_check_out(got);
	}
	lt_check_out(got);
	assert_int_equal(got[1], want[1]);
	assert_int_equal(got[2], want[2]);
	assert_int_equal(ft_dropped(0, SOFTDPA_DROP_RULE), want[0]);
	ft_fini();
}

static struct doca_flow_pipe *
simple_pipe(struct doca_flow_port *port, enum doca_flow_pipe_type type, bool root,
            const struct doca_flow_match *m, const struct doca_flow_match *mask,
            struct doca_flow_actions *const *acts, struct doca_flow_actions *const *amasks,
            size_t nacts, const struct doca_flow_monitor *mon, const struct doca_flow_fwd *fwd,
            const struct doca_flow_fwd *miss)
{
	struct doca_flow_pipe_cfg *pc;
	struct doca_flow_pipe *p;

	assert_int_equal(doca_flow_pipe_cfg_create(&pc, port), DOCA_SUCCESS);
	assert_int_equal(doca_flow_pipe_cfg_set_type(pc, type), DOCA_SUCCESS);
	assert_int_equal(doca_flow_pipe_cfg_set_is_root(pc, root), DOCA_SUCCESS);
	if (m || mask)
		assert_int_equal(doca_flow_pipe_cfg_set_match(pc, m, mask), DOCA_SUCCESS);
	if (nacts)
		assert_int_equal(doca_flow_pipe_cfg_set_actions(pc, acts, amasks, NULL, nacts),
		                 DOCA_SUCCESS);
	if (mon)
		assert_int_equal(doca_flow_pipe_cfg_set_monitor(pc, mon), DOCA_SUCCESS);
	assert_int_equal(doca_flow_pipe_cfg_set_miss_counter(pc, true), DOCA_SUCCESS);
	assert_int_equal(doca_flow_pipe_create(pc, fwd, miss, &p), DOCA_SUCCESS);
	assert_int_equal(doca_flow_pipe_cfg_destroy(pc), DOCA_SUCCESS);
	return p;
}

/* Header rewrites land in the frame with correct IPv4 and UDP checksums; meta carries to
 * the next pipe. */
static void test_actions_exact_bytes(void **state)
{
	struct doca_flow_match m, mm;
	struct doca_flow_actions act, ea, *acts[1] = {&act};
	struct doca_flow_fwd fwd = {.type = DOCA_FLOW_FWD_PORT, .port_id = 0xffff};
	struct doca_flow_fwd to2 = {.type = DOCA_FLOW_FWD_PORT, .port_id = 2};
	struct doca_flow_fwd next = {.type = DOCA_FLOW_FWD_PIPE};
	struct doca_flow_pipe *p1, *p2;
	struct doca_flow_pipe_entry *e;
	struct sdpa_frame_spec s;
	uint32_t len, elen;
	static const uint8_t mac[6] = {0xaa, 0xbb, 0xcc, 0xdd, 0xee, 0xff};

	(void)state;
	ft_init("vnf,hws", 0, 0, 0, 3);
	/* Second pipe: meta.pkt_meta == 0x1234 -> port 2. */
	memset(&mm, 0, sizeof(mm));
	mm.meta.pkt_meta = htonl(0x1234);
	p2 = simple_pipe(ft_ports[0], DOCA_FLOW_PIPE_BASIC, false, &mm, NULL, NULL, NULL, 0, NULL,
	                 &to2, NULL);
	assert_int_equal(doca_flow_pipe_basic_add_entry(0, p2, NULL, 0, NULL, NULL, NULL,
	                                                DOCA_FLOW_ENTRY_FLAGS_NO_WAIT, NULL, &e),
	                 DOCA_SUCCESS);
	memset(&m, 0, sizeof(m));
	m.outer.l3_type = DOCA_FLOW_L3_TYPE_IP4;
	m.outer.ip4.dst_ip = 0xffffffff;
	memset(&act, 0, sizeof(act));
	memcpy(act.outer.eth.dst_mac, mac, 6);
	act.outer.l3_type = DOCA_FLOW_L3_TYPE_IP4;
	act.outer.ip4.dst_ip = 0xffffffff;
	act.outer.ip4.ttl = 7;
	act.outer.ip4.dscp_ecn = 0xb8; /* DSCP 46 */
	act.outer.udp.l4_port.src_port = 0xffff;
	act.meta.pkt_meta = htonl(0x1234);
	next.next_pipe = p2;
	p1 = simple_pipe(ft_ports[0], DOCA_FLOW_PIPE_BASIC, true, &m, NULL, acts, NULL, 1, NULL,
	                 &fwd, NULL);
	memset(&ea, 0, sizeof(ea));
	ea.outer.ip4.dst_ip = htonl(0xc0a80009);
	ea.outer.udp.l4_port.src_port = htons(4242);
	m.outer.ip4.dst_ip = htonl(0x0a000002);
	assert_int_equal(doca_flow_pipe_basic_add_entry(0, p1, &m, 0, &ea, NULL, &next,
	                                                DOCA_FLOW_ENTRY_FLAGS_NO_WAIT, NULL, &e),
	                 DOCA_SUCCESS);
	ft_process(ft_ports[0]);
	ft_inject(0, in, ft_udp4(in, 0x0a000001, 0x0a000002, 1000, 2000));
	ft_sync();
	len = ft_drain(2, out);
	memset(&s, 0, sizeof(s));
	memcpy(s.dst_mac, mac, 6);
	s.src_mac[5] = 0x01;
	s.l3 = SDPA_L3_IP4;
	s.ip4_src = 0x0a000001;
	s.ip4_dst = 0xc0a80009;
	s.ttl = 7;
	s.dscp = 46;
	s.l4 = SDPA_L4_UDP;
	s.src_port = 4242;
	s.dst_port = 2000;
	s.frame_len = 64;
	elen = sdpa_frame_build(&s, in, sizeof(in));
	assert_int_equal(len, elen);
	assert_memory_equal(out, in, len);
	assert_int_equal(ft_drain_all(1), 0);
	ft_fini();
}

/* Under a match mask, a template field of 0 is left to each entry (NVIDIA's flow_set_meta:
 * meta.u32[0] masked, template 0, entries give the value); a template value that is neither
 * 0 nor all-ones stays a constant of the pipe. Meta set per entry in one pipe is matched in
 * the next. */
static void test_masked_zero_template_is_per_entry(void **state)
{
	struct doca_flow_match m, mask;
	struct doca_flow_actions act, ea, *acts[1] = {&act};
	struct doca_flow_fwd to_entry = {.type = DOCA_FLOW_FWD_PORT, .port_id = 0xffff};
	struct doca_flow_fwd f1 = {.type = DOCA_FLOW_FWD_PORT, .port_id = 1};
	struct doca_flow_fwd f2 = {.type = DOCA_FLOW_FWD_PORT, .port_id = 2};
	struct doca_flow_fwd next = {.type = DOCA_FLOW_FWD_PIPE};
	struct doca_flow_pipe *pmeta, *pset;
	struct doca_flow_pipe_entry *e;

	(void)state;
	ft_init("vnf,hws", 0, 0, 0, 3);
	/* Match pipe: meta.u32[0] under a full mask, template 0: 10 -> port 1, 11 -> port 2. */
	memset(&m, 0, sizeof(m));
	memset(&mask, 0, sizeof(mask));
	mask.meta.u32[0] = UINT32_MAX;
	pmeta = simple_pipe(ft_ports[0], DOCA_FLOW_PIPE_BASIC, false, &m, &mask, NULL, NULL, 0,
	                    NULL, &to_entry, NULL);
	m.meta.u32[0] = htonl(10);
	assert_int_equal(doca_flow_pipe_basic_add_entry(0, pmeta, &m, 0, NULL, NULL, &f1,
	                                                DOCA_FLOW_ENTRY_FLAGS_NO_WAIT, NULL, &e),
	                 DOCA_SUCCESS);
	m.meta.u32[0] = htonl(11);
	assert_int_equal(doca_flow_pipe_basic_add_entry(0, pmeta, &m, 0, NULL, NULL, &f2,
	                                                DOCA_FLOW_ENTRY_FLAGS_NO_WAIT, NULL, &e),
	                 DOCA_SUCCESS);
	/* Root: 10.0.0.0/24 (masked constant template) sets meta.u32[0] per entry, keyed on
	 * the UDP destination port (masked, template 0: per entry). */
	memset(&m, 0, sizeof(m));
	memset(&mask, 0, sizeof(mask));
	m.outer.l3_type = DOCA_FLOW_L3_TYPE_IP4;
	m.outer.l4_type_ext = DOCA_FLOW_L4_TYPE_EXT_UDP;
	m.outer.ip4.dst_ip = htonl(0x0a000000);
	mask.outer.ip4.dst_ip = htonl(0xffffff00);
	mask.outer.udp.l4_port.dst_port = 0xffff;
	memset(&act, 0, sizeof(act));
	act.meta.u32[0] = UINT32_MAX;
	next.next_pipe = pmeta;
	pset = simple_pipe(ft_ports[0], DOCA_FLOW_PIPE_BASIC, true, &m, &mask, acts, NULL, 1, NULL,
	                   &next, NULL);
	memset(&m, 0, sizeof(m));
	memset(&ea, 0, sizeof(ea));
	m.outer.udp.l4_port.dst_port = htons(80);
	ea.meta.u32[0] = htonl(10);
	assert_int_equal(doca_flow_pipe_basic_add_entry(0, pset, &m, 0, &ea, NULL, NULL,
	                                                DOCA_FLOW_ENTRY_FLAGS_NO_WAIT, NULL, &e),
	                 DOCA_SUCCESS);
	m.outer.udp.l4_port.dst_port = htons(81);
	ea.meta.u32[0] = htonl(11);
	assert_int_equal(doca_flow_pipe_basic_add_entry(0, pset, &m, 0, &ea, NULL, NULL,
	                                                DOCA_FLOW_ENTRY_FLAGS_NO_WAIT, NULL, &e),
	                 DOCA_SUCCESS);
	ft_process(ft_ports[0]);
	ft_inject(0, in, ft_udp4(in, 1, 0x0a000005, 7, 80)); /* meta 10 -> port 1 */
	ft_inject(0, in, ft_udp4(in, 1, 0x0a0000fe, 7, 81)); /* meta 11 -> port 2 */
	ft_inject(0, in, ft_udp4(in, 1, 0x0a000005, 7, 82)); /* no entry: miss */
	ft_inject(0, in, ft_udp4(in, 1, 0x0b000005, 7, 80)); /* outside the constant /24 */
	ft_sync();
	assert_int_equal(ft_drain_all(1), 1);
	assert_int_equal(ft_drain_all(2), 1);
	assert_int_equal(ft_dropped(0, SOFTDPA_DROP_RULE), 2);
	ft_fini();
}

/* parser_meta integrity fields: outer_l4_checksum_ok is verified only for templates that
 * mask it; a UDP checksum of 0 counts as good (IPv4 and IPv6); a control entry brings its
 * own counter although the pipe has no monitor. */
static void test_parser_meta_l4_checksum(void **state)
{
	struct doca_flow_match m, mask;
	struct doca_flow_monitor mon = {.counter_type = DOCA_FLOW_RESOURCE_TYPE_NON_SHARED};
	struct doca_flow_fwd f1 = {.type = DOCA_FLOW_FWD_PORT, .port_id = 1};
	struct doca_flow_fwd f2 = {.type = DOCA_FLOW_FWD_PORT, .port_id = 2};
	struct doca_flow_pipe *p;
	struct doca_flow_pipe_entry *good, *bad;
	uint32_t len;

	(void)state;
	ft_init("vnf,hws", 0, 0, 0, 3);
	p = simple_pipe(ft_ports[0], DOCA_FLOW_PIPE_CONTROL, true, NULL, NULL, NULL, NULL, 0, NULL,
	                NULL, NULL);
	memset(&m, 0, sizeof(m));
	memset(&mask, 0, sizeof(mask));
	m.parser_meta.outer_l4_type = DOCA_FLOW_L4_META_UDP;
	m.parser_meta.outer_l4_ok = 1;
	m.parser_meta.outer_l4_checksum_ok = 1;
	mask.parser_meta.outer_l4_type = UINT32_MAX;
	mask.parser_meta.outer_l4_ok = UINT8_MAX;
	mask.parser_meta.outer_l4_checksum_ok = UINT8_MAX;
	assert_int_equal(doca_flow_pipe_control_add_entry(0, p, &m, &mask, NULL, NULL, NULL, NULL,
	                                                  &mon, 1, &f1, NULL, &good),
	                 DOCA_SUCCESS);
	m.parser_meta.outer_l4_checksum_ok = 0;
	assert_int_equal(doca_flow_pipe_control_add_entry(0, p, &m, &mask, NULL, NULL, NULL, NULL,
	                                                  &mon, 1, &f2, NULL, &bad),
	                 DOCA_SUCCESS);
	ft_process(ft_ports[0]);
	ft_inject(0, in, ft_udp4(in, 1, 2, 7, 8)); /* good checksum */
	len = ft_udp4(in, 1, 2, 7, 8);
	in[40] ^= 0x01; /* the UDP checksum */
	ft_inject(0, in, len);
	in[40] = in[41] = 0; /* "no checksum": good over IPv4 */
	ft_inject(0, in, len);
	len = ft_udp6(in, 5, 9);
	ft_inject(0, in, len);
	in[60] ^= 0x80;
	ft_inject(0, in, len);
	in[60] = in[61] = 0; /* also good over IPv6 */
	ft_inject(0, in, len);
	ft_sync();
	assert_int_equal(ft_drain_all(1), 4);
	assert_int_equal(ft_drain_all(2), 2);
	assert_int_equal(ft_entry_pkts(good), 4);
	assert_int_equal(ft_entry_pkts(bad), 2);
	ft_fini();
}

/* ADD/COPY action descriptors between named fields, in order after the template's writes:
 * COPY outer.ipv4.src_ip into meta.data u32[0], ADD it again (doubling it, as NVIDIA's
 * flow_add_to_meta), COPY bits 32..47 of the source MAC into u32[1]; the next pipe matches
 * the results. A field softdpa does not know, or an ADD without a source field, is refused. */
static void test_action_descs_add_copy(void **state)
{
	struct doca_flow_match m, mask;
	struct doca_flow_actions act, *acts[1] = {&act};
	struct doca_flow_action_desc d[3];
	struct doca_flow_action_descs ds = {.nb_action_desc = 3, .desc_array = d};
	struct doca_flow_action_descs *dl[1] = {&ds};
	struct doca_flow_fwd to_entry = {.type = DOCA_FLOW_FWD_PORT, .port_id = 0xffff};
	struct doca_flow_fwd f1 = {.type = DOCA_FLOW_FWD_PORT, .port_id = 1};
	struct doca_flow_fwd next = {.type = DOCA_FLOW_FWD_PIPE};
	struct doca_flow_pipe_cfg *pc;
	struct doca_flow_pipe *pm, *ps;
	struct doca_flow_pipe_entry *e;
	uint32_t len;

	(void)state;
	ft_init("vnf,hws", 0, 0, 0, 2);
	memset(&m, 0, sizeof(m));
	memset(&mask, 0, sizeof(mask));
	mask.meta.u32[0] = UINT32_MAX;
	mask.meta.u32[1] = htonl(0xffff);
	pm = simple_pipe(ft_ports[0], DOCA_FLOW_PIPE_BASIC, false, &m, &mask, NULL, NULL, 0, NULL,
	                 &to_entry, NULL);
	m.meta.u32[0] = htonl(2 * 0x0a000001u); /* 10.0.0.1 doubled */
	m.meta.u32[1] = htonl(0x0200);          /* bits 32..47 of src MAC 02:00:00:00:00:01 */
	assert_int_equal(doca_flow_pipe_basic_add_entry(0, pm, &m, 0, NULL, NULL, &f1,
	                                                DOCA_FLOW_ENTRY_FLAGS_NO_WAIT, NULL, &e),
	                 DOCA_SUCCESS);
	memset(d, 0, sizeof(d));
	d[0].type = DOCA_FLOW_ACTION_COPY;
	d[0].field_op.src.field_string = "outer.ipv4.src_ip";
	d[0].field_op.dst.field_string = "meta.data";
	d[0].field_op.dst.bit_offset = 32; /* u32[0] follows pkt_meta */
	d[0].field_op.width = 32;
	d[1] = d[0];
	d[1].type = DOCA_FLOW_ACTION_ADD;
	d[2].type = DOCA_FLOW_ACTION_COPY;
	d[2].field_op.src.field_string = "outer.eth.src_mac";
	d[2].field_op.src.bit_offset = 32;
	d[2].field_op.dst.field_string = "meta.data";
	d[2].field_op.dst.bit_offset = 64;
	d[2].field_op.width = 16;
	memset(&act, 0, sizeof(act));
	memset(&m, 0, sizeof(m));
	m.outer.l3_type = DOCA_FLOW_L3_TYPE_IP4;
	m.outer.ip4.src_ip = 0xffffffff;
	next.next_pipe = pm;
	assert_int_equal(doca_flow_pipe_cfg_create(&pc, ft_ports[0]), DOCA_SUCCESS);
	assert_int_equal(doca_flow_pipe_cfg_set_is_root(pc, true), DOCA_SUCCESS);
	assert_int_equal(doca_flow_pipe_cfg_set_match(pc, &m, NULL), DOCA_SUCCESS);
	assert_int_equal(doca_flow_pipe_cfg_set_actions(pc, acts, NULL, dl, 1), DOCA_SUCCESS);
	assert_int_equal(doca_flow_pipe_create(pc, &next, NULL, &ps), DOCA_SUCCESS);
	m.outer.ip4.src_ip = htonl(0x0a000001);
	assert_int_equal(doca_flow_pipe_basic_add_entry(0, ps, &m, 0, NULL, NULL, NULL,
	                                                DOCA_FLOW_ENTRY_FLAGS_NO_WAIT, NULL, &e),
	                 DOCA_SUCCESS);
	m.outer.ip4.src_ip = htonl(0x0a000003);
	assert_int_equal(doca_flow_pipe_basic_add_entry(0, ps, &m, 0, NULL, NULL, NULL,
	                                                DOCA_FLOW_ENTRY_FLAGS_NO_WAIT, NULL, &e),
	                 DOCA_SUCCESS);
	ft_process(ft_ports[0]);
	len = ft_udp4(in, 0x0a000001, 2, 7, 8);
	in[6] = 0x02;          /* source MAC 02:00:00:00:00:01 */
	ft_inject(0, in, len); /* meta 0x14000002, 0x0200: port 1 */
	len = ft_udp4(in, 0x0a000003, 2, 7, 8);
	in[6] = 0x02;
	ft_inject(0, in, len); /* meta 0x14000006: miss */
	len = ft_udp4(in, 0x0a000001, 2, 7, 8);
	ft_inject(0, in, len); /* MAC bits 32..47 are 0: miss */
	ft_sync();
	assert_int_equal(ft_drain_all(1), 1);
	assert_int_equal(ft_dropped(0, SOFTDPA_DROP_RULE), 2);
	/* Refusals: one line each, the standard phrase. */
	d[2].field_op.src.field_string = "tunnel.psp.nexthdr";
	EXPECT1(doca_flow_pipe_cfg_set_actions(pc, acts, NULL, dl, 1), DOCA_ERROR_NOT_SUPPORTED,
	        "\"tunnel.psp.nexthdr\" is not supported by softdpa");
	d[2].field_op.src.field_string = NULL;
	d[2].type = DOCA_FLOW_ACTION_COPY;
	EXPECT1(doca_flow_pipe_cfg_set_actions(pc, acts, NULL, dl, 1), DOCA_ERROR_INVALID_VALUE,
	        "a COPY descriptor needs field_op.src.field_string");
	d[2].field_op.dst.field_string = "outer.ipv4.total_len";
	d[2].field_op.dst.bit_offset = 0;
	d[2].field_op.src.field_string = "meta.data";
	EXPECT1(doca_flow_pipe_cfg_set_actions(pc, acts, NULL, dl, 1), DOCA_ERROR_NOT_SUPPORTED,
	        "writing \"outer.ipv4.total_len\" with an action descriptor is not supported");
	d[2].field_op.dst.field_string = "inner.ipv4.identification";
	d[2].field_op.src.field_string = NULL;
	d[2].type = DOCA_FLOW_ACTION_ADD;
	EXPECT1(doca_flow_pipe_cfg_set_actions(pc, acts, NULL, dl, 1), DOCA_ERROR_INVALID_VALUE,
	        "has no place in struct doca_flow_actions");
	d[2].field_op.src.field_string = "meta.data";
	d[2].field_op.width = 0;
	EXPECT1(doca_flow_pipe_cfg_set_actions(pc, acts, NULL, dl, 1), DOCA_ERROR_INVALID_VALUE,
	        "width 0 out of range");
	assert_int_equal(doca_flow_pipe_cfg_destroy(pc), DOCA_SUCCESS);
	ft_fini();
}

/* Match conditions on control entries, fed by ADD/COPY of the read-only IPv4 fields (as
 * NVIDIA's flow_match_comparison): the root copies IHL * 4 into meta u32[0] and adds
 * total_len into u32[1]; its two action templates set u32[2] to 20 or 21. The control pipe:
 * u32[0] == u32[2] -> port 2; else u32[1] > u32[0] -> port 1. */
static void test_match_conditions(void **state)
{
	struct doca_flow_match m;
	struct doca_flow_actions a0, a1, *acts[2] = {&a0, &a1};
	struct doca_flow_action_desc d[2];
	struct doca_flow_action_descs ds = {.nb_action_desc = 2, .desc_array = d};
	struct doca_flow_action_descs *dl[2] = {&ds, &ds};
	struct doca_flow_match_condition cond;
	struct doca_flow_fwd f1 = {.type = DOCA_FLOW_FWD_PORT, .port_id = 1};
	struct doca_flow_fwd f2 = {.type = DOCA_FLOW_FWD_PORT, .port_id = 2};
	struct doca_flow_fwd next = {.type = DOCA_FLOW_FWD_PIPE};
	struct doca_flow_pipe_cfg *pc;
	struct doca_flow_pipe *pcond, *proot;
	struct doca_flow_pipe_entry *e;

	(void)state;
	ft_init("vnf,hws", 0, 0, 0, 3);
	pcond = simple_pipe(ft_ports[0], DOCA_FLOW_PIPE_CONTROL, false, NULL, NULL, NULL, NULL, 0,
	                    NULL, NULL, NULL);
	memset(&cond, 0, sizeof(cond));
	cond.operation = DOCA_FLOW_COMPARE_EQ;
	cond.field_op.a.field_string = "meta.data";
	cond.field_op.a.bit_offset = 32; /* u32[0] */
	cond.field_op.b.field_string = "meta.data";
	cond.field_op.b.bit_offset = 96; /* u32[2] */
	cond.field_op.width = 32;
	assert_int_equal(doca_flow_pipe_control_add_entry(0, pcond, NULL, NULL, &cond, NULL, NULL,
	                                                  NULL, NULL, 0, &f2, NULL, NULL),
	                 DOCA_SUCCESS);
	cond.operation = DOCA_FLOW_COMPARE_GT;
	cond.field_op.a.bit_offset = 64; /* u32[1] */
	cond.field_op.b.bit_offset = 32; /* u32[0] */
	assert_int_equal(doca_flow_pipe_control_add_entry(0, pcond, NULL, NULL, &cond, NULL, NULL,
	                                                  NULL, NULL, 1, &f1, NULL, NULL),
	                 DOCA_SUCCESS);
	memset(d, 0, sizeof(d));
	d[0].type = DOCA_FLOW_ACTION_COPY;
	d[0].field_op.src.field_string = "outer.ipv4.version_ihl";
	d[0].field_op.dst.field_string = "meta.data";
	d[0].field_op.dst.bit_offset = 32 + 2; /* IHL * 4 */
	d[0].field_op.width = 4;
	d[1].type = DOCA_FLOW_ACTION_ADD;
	d[1].field_op.src.field_string = "outer.ipv4.total_len";
	d[1].field_op.dst.field_string = "meta.data";
	d[1].field_op.dst.bit_offset = 64;
	d[1].field_op.width = 16;
	memset(&a0, 0, sizeof(a0));
	memset(&a1, 0, sizeof(a1));
	a0.meta.u32[2] = htonl(20);
	a1.meta.u32[2] = htonl(21);
	memset(&m, 0, sizeof(m));
	m.outer.l3_type = DOCA_FLOW_L3_TYPE_IP4;
	m.outer.ip4.dst_ip = 0xffffffff;
	next.next_pipe = pcond;
	assert_int_equal(doca_flow_pipe_cfg_create(&pc, ft_ports[0]), DOCA_SUCCESS);
	assert_int_equal(doca_flow_pipe_cfg_set_is_root(pc, true), DOCA_SUCCESS);
	assert_int_equal(doca_flow_pipe_cfg_set_match(pc, &m, NULL), DOCA_SUCCESS);
	assert_int_equal(doca_flow_pipe_cfg_set_actions(pc, acts, NULL, dl, 2), DOCA_SUCCESS);
	assert_int_equal(doca_flow_pipe_create(pc, &next, NULL, &proot), DOCA_SUCCESS);
	for (uint8_t i = 0; i < 2; i++) {
		m.outer.ip4.dst_ip = htonl(1u + i);
		assert_int_equal(doca_flow_pipe_basic_add_entry(0, proot, &m, i, NULL, NULL, NULL,
		                                                DOCA_FLOW_ENTRY_FLAGS_NO_WAIT, NULL,
		                                                &e),
		                 DOCA_SUCCESS);
	}
	ft_process(ft_ports[0]);
	ft_inject(0, in, ft_udp4(in, 9, 1, 7, 8)); /* u32[0] 20 == 20: port 2 */
	ft_inject(0, in, ft_udp4(in, 9, 2, 7, 8)); /* 20 != 21; total_len 50 > 20: port 1 */
	ft_sync();
	assert_int_equal(ft_drain_all(2), 1);
	assert_int_equal(ft_drain_all(1), 1);
	/* Refusals and errors, one line each. */
	cond.field_op.b.field_string = "outer.ipv4.no_such_member";
	EXPECT1(doca_flow_pipe_control_add_entry(0, pcond, NULL, NULL, &cond, NULL, NULL, NULL,
	                                         NULL, 2, &f1, NULL, &e),
	        DOCA_ERROR_NOT_SUPPORTED,
	        "unknown field \"outer.ipv4.no_such_member\" is not supported by softdpa");
	cond.field_op.b.field_string = "meta.data";
	cond.operation = (enum doca_flow_compare_op)9;
	EXPECT1(doca_flow_pipe_control_add_entry(0, pcond, NULL, NULL, &cond, NULL, NULL, NULL,
	                                         NULL, 2, &f1, NULL, &e),
	        DOCA_ERROR_INVALID_VALUE, "condition operation 9 is unknown");
	d[1].type = DOCA_FLOW_ACTION_COPY;
	d[1].field_op.src.field_string = "meta.data";
	d[1].field_op.dst.field_string = "outer.ipv4.total_len";
	d[1].field_op.dst.bit_offset = 0;
	EXPECT1(doca_flow_pipe_cfg_set_actions(pc, acts, NULL, dl, 2), DOCA_ERROR_NOT_SUPPORTED,
	        "writing \"outer.ipv4.total_len\"", "is not supported by softdpa");
	assert_int_equal(doca_flow_pipe_cfg_destroy(pc), DOCA_SUCCESS);
	ft_fini();
}

static void test_fwd_types_and_misses(void **state)
{
	struct doca_flow_match m;
	struct doca_flow_monitor mon = {.counter_type = DOCA_FLOW_RESOURCE_TYPE_NON_SHARED};
	struct doca_flow_fwd fwd = {.type = DOCA_FLOW_FWD_CHANGEABLE};
	struct doca_flow_fwd miss = {.type = DOCA_FLOW_FWD_PORT, .port_id = 2};
	struct doca_flow_fwd drop = {.type = DOCA_FLOW_FWD_DROP};
	struct doca_flow_fwd rss = {.type = DOCA_FLOW_FWD_RSS};
	struct doca_flow_fwd dropm = {.type = DOCA_FLOW_FWD_DROP};
	struct doca_flow_pipe *p;
	struct doca_flow_pipe_entry *ed, *er;
	struct doca_flow_resource_query q;
	static struct softdpa_frame fr[4];
	uint16_t queues[2] = {3, 5};
	uint32_t len;
	uint16_t n3, n5;

	(void)state;
	ft_init("vnf,hws", 0, 0, 0, 3);
	memset(&m, 0, sizeof(m));
	m.outer.l3_type = DOCA_FLOW_L3_TYPE_IP4;
	m.outer.ip4.dst_ip = 0xffffffff;
	p = simple_pipe(ft_ports[0], DOCA_FLOW_PIPE_BASIC, true, &m, NULL, NULL, NULL, 0, &mon,
	                &fwd, &miss);
	m.outer.ip4.dst_ip = htonl(1);
	assert_int_equal(doca_flow_pipe_basic_add_entry(0, p, &m, 0, NULL, NULL, &drop,
	                                                DOCA_FLOW_ENTRY_FLAGS_NO_WAIT, NULL, &ed),
	                 DOCA_SUCCESS);
	rss.rss.queues_array = queues;
	rss.rss.nr_queues = 2;
	rss.rss.outer_flags = DOCA_FLOW_RSS_IPV4 | DOCA_FLOW_RSS_UDP;
	m.outer.ip4.dst_ip = htonl(2);
	assert_int_equal(doca_flow_pipe_basic_add_entry(0, p, &m, 0, NULL, NULL, &rss,
	                                                DOCA_FLOW_ENTRY_FLAGS_NO_WAIT, NULL, &er),
	                 DOCA_SUCCESS);
	ft_process(ft_ports[0]);
	ft_inject(0, in, ft_udp4(in, 9, 1, 5, 6)); /* DROP */
	len = ft_udp4(in, 9, 2, 5, 6);
	ft_inject(0, in, len);                     /* RSS */
	ft_inject(0, in, ft_udp4(in, 9, 3, 5, 6)); /* miss -> fwd_miss port 2 */
	ft_sync();
	assert_int_equal(ft_dropped(0, SOFTDPA_DROP_RULE), 1);
	assert_int_equal(ft_entry_pkts(ed), 1);
	assert_int_equal(ft_entry_pkts(er), 1);
	n3 = softdpa_port_rx_burst(0, 3, fr, 4);
	n5 = softdpa_port_rx_burst(0, 5, fr + n3, (uint16_t)(4 - n3));
	assert_int_equal(n3 + n5, 1);
	assert_int_equal(fr[0].len, len);
	assert_int_equal(fr[0].port_id, 0);
	assert_int_equal(fr[0].queue, n3 ? 3 : 5);
	assert_int_equal(fr[0].queue, queues[fr[0].rss_hash % 2]);
	ft_udp4(in, 9, 2, 5, 6);
	assert_memory_equal(fr[0].data, in, len);
	assert_int_equal(ft_drain_all(2), 1);
	assert_int_equal(doca_flow_resource_query_pipe_miss(p, &q), DOCA_SUCCESS);
	assert_int_equal(q.counter.total_pkts, 1);

	/* Shared RSS: configured once, used by an entry by id. */
	{
		struct doca_flow_shared_resource_cfg sc;
		struct doca_flow_fwd srss = {.type = DOCA_FLOW_FWD_RSS,
		                             .rss_type = DOCA_FLOW_RESOURCE_TYPE_SHARED};
		uint16_t q7 = 7;
		struct doca_flow_pipe_entry *es;

		srss.shared_rss_id = 0;
		memset(&sc, 0, sizeof(sc));
		sc.rss_cfg.queues_array = &q7;
		sc.rss_cfg.nr_queues = 1;
		m.outer.ip4.dst_ip = htonl(4);
		assert_int_equal(doca_flow_pipe_basic_add_entry(0, p, &m, 0, NULL, NULL, &srss,
		                                                DOCA_FLOW_ENTRY_FLAGS_NO_WAIT, NULL,
		                                                &es),
		                 DOCA_ERROR_INVALID_VALUE);
		t_assert_logged("shared RSS 0 is not configured");
		assert_int_equal(
		        doca_flow_shared_resource_set_cfg(DOCA_FLOW_SHARED_RESOURCE_RSS, 0, &sc),
		        DOCA_SUCCESS);
		assert_int_equal(doca_flow_pipe_basic_add_entry(0, p, &m, 0, NULL, NULL, &srss,
		                                                DOCA_FLOW_ENTRY_FLAGS_NO_WAIT, NULL,
		                                                &es),
		                 DOCA_SUCCESS);
		ft_process(ft_ports[0]);
		ft_inject(0, in, ft_udp4(in, 9, 4, 5, 6));
		ft_sync();
		assert_int_equal(softdpa_port_rx_burst(0, 7, fr, 4), 1);
		assert_int_equal(fr[0].queue, 7);
	}

	/* update_miss: misses now drop. */
	assert_int_equal(doca_flow_pipe_update_miss(p, &dropm), DOCA_SUCCESS);
	ft_inject(0, in, ft_udp4(in, 9, 3, 5, 6));
	ft_sync();
	assert_int_equal(ft_drain_all(2), 0);
	assert_int_equal(ft_dropped(0, SOFTDPA_DROP_RULE), 2);
	ft_fini();
}

static void test_default_miss(void **state)
{
	struct doca_flow_match m;
	struct doca_flow_fwd fwd = {.type = DOCA_FLOW_FWD_PORT, .port_id = 1};
	struct doca_flow_resource_query q;
	static struct softdpa_frame fr[2];
	struct softdpa_kernel_stats ks;
	static uint8_t kbuf[SOFTDPA_FRAME_MAX];
	uint32_t klen = 0;

	(void)state;
	ft_init("vnf,hws", 0, 0, 0, 2);
	memset(&m, 0, sizeof(m));
	m.outer.l3_type = DOCA_FLOW_L3_TYPE_IP6; /* IPv4 frames miss */
	simple_pipe(ft_ports[0], DOCA_FLOW_PIPE_BASIC, true, &m, NULL, NULL, NULL, 0, NULL, &fwd,
	            NULL);
	/* Default: DROP, counted as a rule drop. */
	ft_inject(0, in, ft_udp4(in, 1, 2, 3, 4));
	ft_sync();
	assert_int_equal(ft_dropped(0, SOFTDPA_DROP_RULE), 1);
	assert_int_equal(doca_flow_port_query_default_miss(ft_ports[0], &q), DOCA_ERROR_BAD_STATE);
	t_assert_logged("no default-miss counter", "doca_flow_port_update_default_miss");
	/* RSS: to software queue 0 of the port, counted. */
	assert_int_equal(doca_flow_port_update_default_miss(ft_ports[0],
	                                                    DOCA_FLOW_PORT_DEFAULT_MISS_RSS, true),
	                 DOCA_SUCCESS);
	ft_inject(0, in, ft_udp4(in, 1, 2, 3, 4));
	ft_sync();
	assert_int_equal(softdpa_port_rx_burst(0, 0, fr, 2), 1);
	assert_int_equal(fr[0].queue, 0);
	assert_int_equal(doca_flow_port_query_default_miss(ft_ports[0], &q), DOCA_SUCCESS);
	assert_int_equal(q.counter.total_pkts, 1);
	assert_int_equal(q.counter.total_bytes, 64);
	/* KERNEL: to the port's kernel target, as a forward to it: with SOFTDPA_KERNEL_TAP=0
	 * captured and counted; nothing dropped. */
	setenv("SOFTDPA_KERNEL_TAP", "0", 1);
	assert_int_equal(doca_flow_port_update_default_miss(
	                         ft_ports[0], DOCA_FLOW_PORT_DEFAULT_MISS_KERNEL, true),
	                 DOCA_SUCCESS);
	ft_inject(0, in, ft_udp4(in, 1, 2, 3, 4));
	ft_sync();
	assert_int_equal(ft_dropped(0, SOFTDPA_DROP_NO_PIPE), 0);
	assert_int_equal(ft_dropped(0, SOFTDPA_DROP_RULE), 1); /* the DROP above only */
	assert_int_equal(softdpa_port_kernel_stats(0, &ks), DOCA_SUCCESS);
	assert_int_equal(ks.frames, 1);
	assert_int_equal(ks.captured, 1);
	assert_int_equal(ks.tap, 0);
	assert_int_equal(softdpa_port_kernel_drain(0, kbuf, sizeof(kbuf), &klen), DOCA_SUCCESS);
	assert_int_equal(klen, 64);
	assert_memory_equal(kbuf, in, 64);
	assert_int_equal(doca_flow_port_query_default_miss(ft_ports[0], &q), DOCA_SUCCESS);
	assert_int_equal(q.counter.total_pkts, 2);
	/* Back to DROP: the kernel no longer sees misses. */
	assert_int_equal(doca_flow_port_update_default_miss(
	                         ft_ports[0], DOCA_FLOW_PORT_DEFAULT_MISS_DROP, false),
	                 DOCA_SUCCESS);
	ft_inject(0, in, ft_udp4(in, 1, 2, 3, 4));
	ft_sync();
	assert_int_equal(ft_dropped(0, SOFTDPA_DROP_RULE), 2);
	assert_int_equal(softdpa_port_kernel_stats(0, &ks), DOCA_SUCCESS);
	assert_int_equal(ks.frames, 1);
	unsetenv("SOFTDPA_KERNEL_TAP");
	/* A port without a root pipe drops with NO_PIPE, said once per port. */
	t_log_reset();
	ft_inject(1, in, ft_udp4(in, 1, 2, 3, 4));
	ft_inject(1, in, ft_udp4(in, 1, 2, 3, 5));
	ft_sync();
	assert_int_equal(ft_dropped(1, SOFTDPA_DROP_NO_PIPE), 2);
	t_assert_logged("port 1: a frame found no pipe", "counted as no_pipe",
	                "Create the root pipe before traffic arrives");
	assert_int_equal(t_log_problems(), 1);
	ft_fini();
}

static void test_control_priorities(void **state)
{
	struct doca_flow_match m, mask;
	struct doca_flow_actions a, am;
	struct doca_flow_fwd f1 = {.type = DOCA_FLOW_FWD_PORT, .port_id = 1};
	struct doca_flow_fwd f2 = {.type = DOCA_FLOW_FWD_PORT, .port_id = 2};
	struct doca_flow_fwd f3 = {.type = DOCA_FLOW_FWD_PORT, .port_id = 3};
	struct doca_flow_pipe *p;
	struct doca_flow_pipe_entry *e;
	struct sdpa_frame_spec s;
	uint32_t len;

	(void)state;
	ft_init("vnf,hws", 0, 0, 0, 4);
	p = simple_pipe(ft_ports[0], DOCA_FLOW_PIPE_CONTROL, true, NULL, NULL, NULL, NULL, 0, NULL,
	                NULL, NULL);
	/* prio 10: 10.0.0.0/24 -> port 1; added without keeping a handle (entry NULL), as
	 * NVIDIA's samples do: it still forwards and still reports to the callback. */
	memset(&m, 0, sizeof(m));
	memset(&mask, 0, sizeof(mask));
	m.outer.l3_type = DOCA_FLOW_L3_TYPE_IP4;
	m.outer.ip4.dst_ip = htonl(0x0a000000);
	mask.outer.ip4.dst_ip = htonl(0xffffff00);
	assert_int_equal(doca_flow_pipe_control_add_entry(0, p, &m, &mask, NULL, NULL, NULL, NULL,
	                                                  NULL, 10, &f1, NULL, NULL),
	                 DOCA_SUCCESS);
	/* prio 1: UDP dst 53 -> port 2, TTL set to 9 */
	memset(&m, 0, sizeof(m));
	memset(&mask, 0, sizeof(mask));
	m.outer.l3_type = DOCA_FLOW_L3_TYPE_IP4;
	m.outer.l4_type_ext = DOCA_FLOW_L4_TYPE_EXT_UDP;
	m.outer.udp.l4_port.dst_port = htons(53);
	mask.outer.udp.l4_port.dst_port = 0xffff;
	memset(&a, 0, sizeof(a));
	memset(&am, 0, sizeof(am));
	a.outer.ip4.ttl = 9;
	am.outer.ip4.ttl = 0xff;
	assert_int_equal(doca_flow_pipe_control_add_entry(0, p, &m, &mask, NULL, &a, &am, NULL,
	                                                  NULL, 1, &f2, NULL, &e),
	                 DOCA_SUCCESS);
	/* prio 5: ingress port 1 (parser_meta.port_id, explicit mask) -> port 3 */
	memset(&m, 0, sizeof(m));
	memset(&mask, 0, sizeof(mask));
	m.parser_meta.port_id = 1;
	mask.parser_meta.port_id = 0xffff;
	assert_int_equal(doca_flow_pipe_control_add_entry(0, p, &m, &mask, NULL, NULL, NULL, NULL,
	                                                  NULL, 5, &f3, NULL, &e),
	                 DOCA_SUCCESS);
	ft_process(ft_ports[0]);
	assert_int_equal(ft_cb[DOCA_FLOW_ENTRY_OP_ADD][DOCA_FLOW_ENTRY_STATUS_SUCCESS], 3);
	ft_inject(0, in, ft_udp4(in, 1, 0x0a000005, 7, 53));
	ft_inject(0, in, ft_udp4(in, 1, 0x0a000005, 7, 80));
	ft_inject(0, in, ft_udp4(in, 1, 0x0a010005, 7, 80)); /* miss */
	ft_sync();
	len = ft_drain(2, out);
	memset(&s, 0, sizeof(s));
	s.dst_mac[5] = 2;
	s.src_mac[5] = 1;
	s.l3 = SDPA_L3_IP4;
	s.ip4_src = 1;
	s.ip4_dst = 0x0a000005;
	s.ttl = 9;
	s.l4 = SDPA_L4_UDP;
	s.src_port = 7;
	s.dst_port = 53;
	s.frame_len = 64;
	assert_int_equal(len, sdpa_frame_build(&s, in, sizeof(in)));
	assert_memory_equal(out, in, len);
	assert_int_equal(ft_drain_all(1), 1);
	assert_int_equal(ft_drain_all(2), 0);
	assert_int_equal(ft_dropped(0, SOFTDPA_DROP_RULE), 1);
	/* Port 1 has no root pipe: vnf mode does not share port 0's. */
	ft_fini();
}

static void test_action_idx_and_vlan_pop(void **state)
{
	struct doca_flow_match m;
	struct doca_flow_actions a0, a1, a2, *acts[3] = {&a0, &a1, &a2};
	struct doca_flow_fwd fwd = {.type = DOCA_FLOW_FWD_PORT, .port_id = 1};
	struct doca_flow_pipe *p;
	struct doca_flow_pipe_entry *e = (void *)0x1;
	struct sdpa_frame_spec s;
	uint32_t len;

	(void)state;
	ft_init("vnf,hws", 0, 0, 0, 2);
	memset(&m, 0, sizeof(m));
	m.outer.ip4.src_ip = 0xffffffff;
	memset(&a0, 0, sizeof(a0));
	memset(&a1, 0, sizeof(a1));
	memset(&a2, 0, sizeof(a2));
	a0.outer.ip4.ttl = 1;
	a1.outer.ip4.ttl = 2;
	a2.pop_vlan = true;
	p = simple_pipe(ft_ports[0], DOCA_FLOW_PIPE_BASIC, true, &m, NULL, acts, NULL, 3, NULL,
	                &fwd, NULL);
	for (uint8_t i = 0; i < 3; i++) {
		m.outer.ip4.src_ip = htonl(100u + i);
		assert_int_equal(doca_flow_pipe_basic_add_entry(0, p, &m, i, NULL, NULL, NULL,
		                                                DOCA_FLOW_ENTRY_FLAGS_NO_WAIT, NULL,
		                                                &e),
		                 DOCA_SUCCESS);
	}
	e = (void *)0x1;
	assert_int_equal(doca_flow_pipe_basic_add_entry(0, p, &m, 3, NULL, NULL, NULL,
	                                                DOCA_FLOW_ENTRY_FLAGS_NO_WAIT, NULL, &e),
	                 DOCA_ERROR_INVALID_VALUE);
	t_assert_logged("action_idx 3 out of range", "3 action templates");
	assert_ptr_equal(e, (void *)0x1);
	ft_process(ft_ports[0]);
	for (uint32_t i = 0; i < 2; i++) {
		ft_inject(0, in, ft_udp4(in, 100 + i, 5, 6, 7));
		ft_sync();
		len = ft_drain(1, out);
		assert_int_equal(len, 64);
		assert_int_equal(out[14 + 8], i + 1); /* TTL */
	}
	/* VLAN pop: a tagged frame leaves untagged (4 bytes shorter). */
	memset(&s, 0, sizeof(s));
	s.nr_vlans = 1;
	s.vlan_tci[0] = 100;
	s.l3 = SDPA_L3_IP4;
	s.ip4_src = 102;
	s.ip4_dst = 5;
	s.l4 = SDPA_L4_UDP;
	s.payload_len = 40;
	len = sdpa_frame_build(&s, in, sizeof(in));
	ft_inject(0, in, len);
	ft_sync();
	assert_int_equal(ft_drain(1, out), len - 4);
	s.nr_vlans = 0;
	assert_int_equal(sdpa_frame_build(&s, in, sizeof(in)), len - 4);
	assert_memory_equal(out, in, len - 4);
	ft_fini();
}

static void test_shared_counter(void **state)
{
	struct doca_flow_match m;
	struct doca_flow_monitor mon = {.counter_type = DOCA_FLOW_RESOURCE_TYPE_SHARED};
	struct doca_flow_fwd fwd = {.type = DOCA_FLOW_FWD_PORT, .port_id = 1};
	struct doca_flow_pipe *p;
	struct doca_flow_pipe_entry *e[2];
	struct doca_flow_resource_query q[2];
	uint32_t ids[2] = {2, 3};

	(void)state;
	ft_init("vnf,hws", 0, 0, 0, 2);
	mon.shared_counter.shared_counter_id = 2;
	memset(&m, 0, sizeof(m));
	m.outer.ip4.src_ip = 0xffffffff;
	p = simple_pipe(ft_ports[0], DOCA_FLOW_PIPE_BASIC, true, &m, NULL, NULL, NULL, 0, &mon,
	                &fwd, NULL);
	for (uint32_t i = 0; i < 2; i++) {
		m.outer.ip4.src_ip = htonl(i + 1);
		assert_int_equal(doca_flow_pipe_basic_add_entry(0, p, &m, 0, NULL, NULL, NULL,
		                                                DOCA_FLOW_ENTRY_FLAGS_NO_WAIT, NULL,
		                                                &e[i]),
		                 DOCA_SUCCESS);
	}
	ft_process(ft_ports[0]);
	ft_inject(0, in, ft_udp4(in, 1, 5, 6, 7));
	ft_inject(0, in, ft_udp4(in, 2, 5, 6, 7));
	ft_sync();
	assert_int_equal(
	        doca_flow_shared_resources_query(DOCA_FLOW_SHARED_RESOURCE_COUNTER, ids, q, 2),
	        DOCA_SUCCESS);
	assert_int_equal(q[0].counter.total_pkts, 2);
	assert_int_equal(q[0].counter.total_bytes, 128);
	assert_int_equal(q[1].counter.total_pkts, 0);
	assert_int_equal(ft_entry_pkts(e[0]), 2); /* the entry's counter is the shared one */
	ids[1] = 4;
	assert_int_equal(
	        doca_flow_shared_resources_query(DOCA_FLOW_SHARED_RESOURCE_COUNTER, ids, q, 2),
	        DOCA_ERROR_INVALID_VALUE);
	t_assert_logged("shared counter 4 out of range");
	ft_fini();
}

static void test_queue_depth_and_callbacks(void **state)
{
	struct doca_flow_match m;
	struct doca_flow_fwd fwd = {.type = DOCA_FLOW_FWD_PORT, .port_id = 0xffff};
	struct doca_flow_fwd f1 = {.type = DOCA_FLOW_FWD_PORT, .port_id = 1};
	struct doca_flow_fwd f2 = {.type = DOCA_FLOW_FWD_PORT, .port_id = 2};
	struct doca_flow_pipe *p;
	struct doca_flow_pipe_entry *e[6], *dup;

	(void)state;
	ft_init("vnf,hws", 0, 2, 4, 3);
	memset(&m, 0, sizeof(m));
	m.outer.ip4.dst_ip = 0xffffffff;
	p = simple_pipe(ft_ports[0], DOCA_FLOW_PIPE_BASIC, true, &m, NULL, NULL, NULL, 0, NULL,
	                &fwd, NULL);
	for (int i = 0; i < 4; i++) {
		m.outer.ip4.dst_ip = htonl(10u + (uint32_t)i);
		assert_int_equal(doca_flow_pipe_basic_add_entry(
		                         0, p, &m, 0, NULL, NULL, &f1,
		                         DOCA_FLOW_ENTRY_FLAGS_WAIT_FOR_BATCH, &e[i], &e[i]),
		                 DOCA_SUCCESS);
	}
	/* Queue 0 holds 4 uncompleted adds (the depth): the 5th drains the queue as the
	 * device does (the 4 are pushed and complete now, their callbacks wait for the next
	 * doca_flow_entries_process) and is queued itself. */
	m.outer.ip4.dst_ip = htonl(14);
	t_log_reset();
	assert_int_equal(doca_flow_pipe_basic_add_entry(0, p, &m, 0, NULL, NULL, &f1,
	                                                DOCA_FLOW_ENTRY_FLAGS_NO_WAIT, &dup, &e[4]),
	                 DOCA_SUCCESS);
	assert_int_equal(t_log_problems(), 0); /* flow control: DEBUG only */
	assert_int_equal(doca_flow_pipe_entry_get_status(e[0]), DOCA_FLOW_ENTRY_STATUS_SUCCESS);
	assert_int_equal(doca_flow_pipe_entry_get_status(e[3]), DOCA_FLOW_ENTRY_STATUS_SUCCESS);
	assert_int_equal(ft_cb[DOCA_FLOW_ENTRY_OP_ADD][DOCA_FLOW_ENTRY_STATUS_SUCCESS], 0);
	ft_inject(0, in, ft_udp4(in, 1, 10, 5, 6)); /* drained: in the table */
	ft_sync();
	assert_int_equal(ft_drain_all(1), 1);
	/* Queue 1 is independent. */
	m.outer.ip4.dst_ip = htonl(15);
	assert_int_equal(doca_flow_pipe_basic_add_entry(1, p, &m, 0, NULL, NULL, &f1,
	                                                DOCA_FLOW_ENTRY_FLAGS_WAIT_FOR_BATCH, NULL,
	                                                &e[4]),
	                 DOCA_SUCCESS);
	/* Buffered entries are not in the table yet. */
	ft_inject(0, in, ft_udp4(in, 1, 15, 5, 6));
	ft_sync();
	assert_int_equal(ft_drain_all(1), 0);
	assert_int_equal(doca_flow_pipe_entry_get_status(e[4]), DOCA_FLOW_ENTRY_STATUS_IN_PROCESS);
	/* The drained completions come first, then the 5th: once each, in order. */
	ft_process(ft_ports[0]);
	assert_int_equal(ft_cb[DOCA_FLOW_ENTRY_OP_ADD][DOCA_FLOW_ENTRY_STATUS_SUCCESS], 5);
	assert_ptr_equal(ft_cb_last_ctx, &dup);
	assert_int_equal(doca_flow_pipe_entry_get_status(e[4]), DOCA_FLOW_ENTRY_STATUS_IN_PROCESS);
	/* NO_WAIT pushes the queue's buffered operations at once, before processing. */
	m.outer.ip4.dst_ip = htonl(20);
	assert_int_equal(doca_flow_pipe_basic_add_entry(1, p, &m, 0, NULL, NULL, &f1,
	                                                DOCA_FLOW_ENTRY_FLAGS_NO_WAIT, NULL, &e[5]),
	                 DOCA_SUCCESS);
	ft_inject(0, in, ft_udp4(in, 1, 15, 5, 6));
	ft_inject(0, in, ft_udp4(in, 1, 20, 5, 6));
	ft_inject(0, in, ft_udp4(in, 1, 14, 5, 6));
	ft_sync();
	assert_int_equal(ft_drain_all(1), 3);
	assert_int_equal(doca_flow_pipe_entry_get_status(e[5]), DOCA_FLOW_ENTRY_STATUS_IN_PROCESS);
	assert_int_equal(doca_flow_entries_process(ft_ports[0], 1, 0, 1), DOCA_SUCCESS);
	assert_int_equal(ft_cb[DOCA_FLOW_ENTRY_OP_ADD][DOCA_FLOW_ENTRY_STATUS_SUCCESS], 6);
	assert_int_equal(doca_flow_pipe_entry_get_status(e[5]), DOCA_FLOW_ENTRY_STATUS_IN_PROCESS);
	assert_int_equal(doca_flow_entries_process(ft_ports[0], 1, 0, 0), DOCA_SUCCESS);
	assert_int_equal(ft_cb[DOCA_FLOW_ENTRY_OP_ADD][DOCA_FLOW_ENTRY_STATUS_SUCCESS], 7);
	/* A duplicate match completes with ERROR. */
	m.outer.ip4.dst_ip = htonl(10);
	assert_int_equal(doca_flow_pipe_basic_add_entry(0, p, &m, 0, NULL, NULL, &f1,
	                                                DOCA_FLOW_ENTRY_FLAGS_NO_WAIT, NULL, &dup),
	                 DOCA_SUCCESS);
	ft_process(ft_ports[0]);
	assert_int_equal(ft_cb[DOCA_FLOW_ENTRY_OP_ADD][DOCA_FLOW_ENTRY_STATUS_ERROR], 1);
	assert_int_equal(doca_flow_pipe_entry_get_status(dup), DOCA_FLOW_ENTRY_STATUS_ERROR);
	t_assert_logged("completes with ERROR", "same match");
	assert_int_equal(doca_flow_pipe_remove_entry(0, DOCA_FLOW_ENTRY_FLAGS_NO_WAIT, dup),
	                 DOCA_SUCCESS);
	/* Update: entry 0 now forwards to port 2. */
	assert_int_equal(doca_flow_pipe_basic_update_entry(0, p, 0, NULL, NULL, &f2,
	                                                   DOCA_FLOW_ENTRY_FLAGS_NO_WAIT, e[0]),
	                 DOCA_SUCCESS);
	assert_int_equal(doca_flow_pipe_remove_entry(0, DOCA_FLOW_ENTRY_FLAGS_NO_WAIT, e[1]),
	                 DOCA_SUCCESS);
	ft_process(ft_ports[0]);
	assert_int_equal(ft_cb[DOCA_FLOW_ENTRY_OP_UPD][DOCA_FLOW_ENTRY_STATUS_SUCCESS], 1);
	assert_int_equal(ft_cb[DOCA_FLOW_ENTRY_OP_DEL][DOCA_FLOW_ENTRY_STATUS_SUCCESS], 2);
	ft_inject(0, in, ft_udp4(in, 1, 10, 5, 6)); /* updated: port 2 */
	ft_inject(0, in, ft_udp4(in, 1, 11, 5, 6)); /* removed: miss */
	ft_sync();
	assert_int_equal(ft_drain_all(2), 1);
	assert_int_equal(ft_drain_all(1), 0);
	assert_int_equal(ft_dropped(0, SOFTDPA_DROP_RULE), 2);
	/* Exactly once each: processing again reports nothing. */
	ft_process(ft_ports[0]);
	assert_int_equal(ft_cb[DOCA_FLOW_ENTRY_OP_ADD][DOCA_FLOW_ENTRY_STATUS_SUCCESS], 7);
	assert_int_equal(ft_cb[DOCA_FLOW_ENTRY_OP_DEL][DOCA_FLOW_ENTRY_STATUS_SUCCESS], 2);
	ft_fini();
}

static void test_port_ops(void **state)
{
	struct doca_flow_match m;
	struct doca_flow_fwd fwd = {.type = DOCA_FLOW_FWD_PORT, .port_id = 1};
	struct doca_flow_pipe *p;
	struct doca_flow_pipe_entry *e;
	struct doca_flow_port_cfg *pc;
	struct doca_flow_port *px;

	(void)state;
	ft_init("vnf,hws", 0, 0, 0, 2);
	memset(&m, 0, sizeof(m));
	m.outer.l3_type = DOCA_FLOW_L3_TYPE_IP4;
	p = simple_pipe(ft_ports[0], DOCA_FLOW_PIPE_BASIC, true, &m, NULL, NULL, NULL, 0, NULL,
	                &fwd, NULL);
	assert_int_equal(doca_flow_pipe_basic_add_entry(0, p, NULL, 0, NULL, NULL, NULL,
	                                                DOCA_FLOW_ENTRY_FLAGS_NO_WAIT, NULL, &e),
	                 DOCA_SUCCESS);
	ft_process(ft_ports[0]);
	assert_int_equal(doca_flow_port_operation_state_modify(
	                         ft_ports[0], DOCA_FLOW_PORT_OPERATION_STATE_STANDBY),
	                 DOCA_SUCCESS);
	assert_int_equal(doca_flow_port_operation_state_modify(
	                         ft_ports[0], DOCA_FLOW_PORT_OPERATION_STATE_STANDBY),
	                 DOCA_ERROR_ALREADY_EXIST);
	t_assert_logged("already in state");
	ft_inject(0, in, ft_udp4(in, 1, 2, 3, 4));
	ft_sync();
	assert_int_equal(ft_drain_all(1), 0);
	assert_int_equal(ft_dropped(0, SOFTDPA_DROP_RULE), 1);
	assert_int_equal(doca_flow_port_operation_state_modify(
	                         ft_ports[0], DOCA_FLOW_PORT_OPERATION_STATE_ACTIVE),
	                 DOCA_SUCCESS);
	ft_inject(0, in, ft_udp4(in, 1, 2, 3, 4));
	ft_sync();
	assert_int_equal(ft_drain_all(1), 1);
	/* pipes_flush: the root pipe is gone. */
	doca_flow_port_pipes_flush(ft_ports[0]);
	ft_inject(0, in, ft_udp4(in, 1, 2, 3, 4));
	ft_sync();
	assert_int_equal(ft_dropped(0, SOFTDPA_DROP_NO_PIPE), 1);
	/* Starting a started port id: ALREADY_EXIST. */
	assert_int_equal(doca_flow_port_cfg_create(&pc), DOCA_SUCCESS);
	assert_int_equal(doca_flow_port_cfg_set_port_id(pc, 1), DOCA_SUCCESS);
	assert_int_equal(doca_flow_port_cfg_set_priv_data_size(pc, 16), DOCA_SUCCESS);
	assert_int_equal(doca_flow_port_start(pc, &px), DOCA_ERROR_ALREADY_EXIST);
	t_assert_logged("port 1 is already started");
	assert_int_equal(doca_flow_port_cfg_set_port_id(pc, 2), DOCA_SUCCESS);
	assert_int_equal(doca_flow_port_start(pc, &px), DOCA_SUCCESS);
	assert_non_null(doca_flow_port_priv_data(px));
	assert_null(doca_flow_port_priv_data(ft_ports[0]));
	assert_int_equal(doca_flow_port_pair(px, ft_ports[1]), DOCA_SUCCESS);
	assert_int_equal(doca_flow_port_pair(px, px), DOCA_ERROR_INVALID_VALUE);
	assert_int_equal(doca_flow_port_stop(px), DOCA_SUCCESS);
	assert_int_equal(doca_flow_port_cfg_destroy(pc), DOCA_SUCCESS);
	assert_null(doca_flow_port_switch_get(NULL)); /* vnf mode */
	ft_fini();
}

/* The same forwarding with 2 worker threads: softdpa_nic_sync waits for both. */
static void test_two_workers(void **state)
{
	struct doca_flow_match m;
	struct doca_flow_monitor mon = {.counter_type = DOCA_FLOW_RESOURCE_TYPE_NON_SHARED};
	struct doca_flow_fwd fwd = {.type = DOCA_FLOW_FWD_PORT, .port_id = 2};
	struct doca_flow_pipe *p[2];
	struct doca_flow_pipe_entry *e[2];
	uint32_t out2 = 0;

	(void)state;
	ft_init("vnf,hws", 2, 0, 0, 3);
	memset(&m, 0, sizeof(m));
	m.outer.l3_type = DOCA_FLOW_L3_TYPE_IP4;
	for (int i = 0; i < 2; i++) {
		p[i] = simple_pipe(ft_ports[i], DOCA_FLOW_PIPE_BASIC, true, &m, NULL, NULL, NULL, 0,
		                   &mon, &fwd, NULL);
		assert_int_equal(doca_flow_pipe_basic_add_entry(0, p[i], NULL, 0, NULL, NULL, NULL,
		                                                DOCA_FLOW_ENTRY_FLAGS_NO_WAIT, NULL,
		                                                &e[i]),
		                 DOCA_SUCCESS);
		ft_process(ft_ports[i]);
	}
	for (int r = 0; r < 5; r++) {
		for (int i = 0; i < 200; i++)
			ft_inject((uint16_t)(i % 2), in, ft_udp4(in, 1, 2, 3, 4));
		ft_sync();
		out2 += ft_drain_all(2);
		assert_int_equal(out2, 200 * (r + 1));
	}
	assert_int_equal(ft_entry_pkts(e[0]), 500);
	assert_int_equal(ft_entry_pkts(e[1]), 500);
	ft_fini();
}

static void test_unsupported_pipes(void **state)
{
	struct doca_flow_pipe_cfg *pc;
	struct doca_flow_pipe *p;

	(void)state;
	ft_init("vnf,hws", 0, 0, 0, 1);
	assert_int_equal(doca_flow_pipe_cfg_create(&pc, ft_ports[0]), DOCA_SUCCESS);
	assert_int_equal(doca_flow_pipe_cfg_set_type(pc, DOCA_FLOW_PIPE_CT), DOCA_SUCCESS);
	assert_int_equal(doca_flow_pipe_create(pc, NULL, NULL, &p), DOCA_ERROR_NOT_SUPPORTED);
	t_assert_logged("CT", "not supported",
	                "use BASIC, CONTROL, HASH, ORDERED_LIST, LPM or ACL");
	doca_flow_pipe_cfg_destroy(pc);
	/* An LPM pipe needs a prefix field in its template. */
	assert_int_equal(doca_flow_pipe_cfg_create(&pc, ft_ports[0]), DOCA_SUCCESS);
	assert_int_equal(doca_flow_pipe_cfg_set_type(pc, DOCA_FLOW_PIPE_LPM), DOCA_SUCCESS);
	assert_int_equal(doca_flow_pipe_create(pc, NULL, NULL, &p), DOCA_ERROR_INVALID_VALUE);
	t_assert_logged("no address field per entry");
	doca_flow_pipe_cfg_destroy(pc);
	assert_int_equal(doca_flow_pipe_cfg_create(&pc, ft_ports[0]), DOCA_SUCCESS);
	assert_int_equal(doca_flow_pipe_cfg_set_domain(pc, DOCA_FLOW_PIPE_DOMAIN_SECURE_EGRESS),
	                 DOCA_SUCCESS);
	assert_int_equal(doca_flow_pipe_cfg_set_domain(pc, DOCA_FLOW_PIPE_DOMAIN_EGRESS),
	                 DOCA_ERROR_ALREADY_EXIST);
	t_assert_logged("already set");
	assert_int_equal(doca_flow_pipe_create(pc, NULL, NULL, &p), DOCA_ERROR_NOT_SUPPORTED);
	t_assert_logged("domain SECURE_EGRESS is not supported by softdpa");
	doca_flow_pipe_cfg_destroy(pc);
	ft_fini();
}

/* DOCA 3.x ordered lists: an ACTIONS element carries its template and its mask side by
 * side (the mask is not a separate element), a MONITOR element counts. */
static void test_ordered_list_actions_element(void **state)
{
	struct doca_flow_actions tmpl, mask, ea;
	struct doca_flow_monitor mon;
	struct doca_flow_ordered_list_element el[2], eel[2];
	struct doca_flow_ordered_list l = {.idx = 0, .size = 2, .elements = el}, *lp[1] = {&l};
	struct doca_flow_ordered_list el_list = {.idx = 0, .size = 2, .elements = eel};
	struct doca_flow_fwd fwd = {.type = DOCA_FLOW_FWD_PORT, .port_id = 1};
	struct doca_flow_fwd to_ol = {.type = DOCA_FLOW_FWD_ORDERED_LIST_PIPE};
	struct doca_flow_pipe_cfg *pc;
	struct doca_flow_pipe *ol, *p;
	struct doca_flow_pipe_entry *e, *re;
	struct doca_flow_resource_query q;
	uint32_t len;

	(void)state;
	ft_init("vnf,hws", 0, 0, 0, 2);
	memset(&tmpl, 0, sizeof(tmpl));
	memset(&mask, 0, sizeof(mask));
	tmpl.outer.l3_type = DOCA_FLOW_L3_TYPE_IP4;
	tmpl.outer.ip4.src_ip = 0xffffffff; /* per entry ... */
	mask.outer.l3_type = DOCA_FLOW_L3_TYPE_IP4;
	mask.outer.ip4.src_ip = htonl(0xffff0000); /* ... the upper 16 bits only */
	memset(&mon, 0, sizeof(mon));
	mon.counter_type = DOCA_FLOW_RESOURCE_TYPE_NON_SHARED;
	memset(el, 0, sizeof(el));
	el[0].type = DOCA_FLOW_ORDERED_LIST_ELEMENT_ACTIONS;
	el[0].actions = &tmpl;
	el[0].actions_mask = &mask;
	el[1].type = DOCA_FLOW_ORDERED_LIST_ELEMENT_MONITOR;
	el[1].monitor = &mon;
	assert_int_equal(doca_flow_pipe_cfg_create(&pc, ft_ports[0]), DOCA_SUCCESS);
	assert_int_equal(doca_flow_pipe_cfg_set_type(pc, DOCA_FLOW_PIPE_ORDERED_LIST),
	                 DOCA_SUCCESS);
	assert_int_equal(doca_flow_pipe_cfg_set_ordered_lists(pc, lp, 1), DOCA_SUCCESS);
	assert_int_equal(doca_flow_pipe_create(pc, &fwd, NULL, &ol), DOCA_SUCCESS);
	doca_flow_pipe_cfg_destroy(pc);
	memset(&ea, 0, sizeof(ea));
	ea.outer.ip4.src_ip = htonl(0x0a141e28); /* 10.20.30.40 */
	memset(eel, 0, sizeof(eel));
	eel[0].type = DOCA_FLOW_ORDERED_LIST_ELEMENT_ACTIONS;
	eel[0].actions = &ea;
	eel[1].type = DOCA_FLOW_ORDERED_LIST_ELEMENT_MONITOR;
	eel[1].monitor = &mon;
	assert_int_equal(doca_flow_pipe_ordered_list_add_entry(
	                         0, ol, 7, &el_list, NULL, DOCA_FLOW_ENTRY_FLAGS_NO_WAIT, NULL, &e),
	                 DOCA_SUCCESS);
	to_ol.ordered_list_pipe.pipe = ol;
	to_ol.ordered_list_pipe.idx = 7;
	p = simple_pipe(ft_ports[0], DOCA_FLOW_PIPE_BASIC, true, NULL, NULL, NULL, NULL, 0, NULL,
	                &to_ol, NULL);
	assert_int_equal(doca_flow_pipe_basic_add_entry(0, p, NULL, 0, NULL, NULL, NULL,
	                                                DOCA_FLOW_ENTRY_FLAGS_NO_WAIT, NULL, &re),
	                 DOCA_SUCCESS);
	ft_process(ft_ports[0]);
	ft_inject(0, in, ft_udp4(in, 0x09090909, 0x0a000002, 1000, 2000));
	ft_sync();
	len = ft_drain(1, out);
	assert_int_equal(len, ft_udp4(in, 0x0a140909, 0x0a000002, 1000, 2000));
	assert_memory_equal(out, in, len);
	assert_int_equal(doca_flow_resource_query_entry(e, &q), DOCA_SUCCESS);
	assert_int_equal(q.counter.total_pkts, 1);

	/* A NAT64 element needs its action (test_flow_nat64.c translates); CRYPTO is a DOCA
	 * 3.x element type softdpa does not emulate. */
	el[1].type = DOCA_FLOW_ORDERED_LIST_ELEMENT_NAT64;
	el[1].nat64 = NULL;
	assert_int_equal(doca_flow_pipe_cfg_create(&pc, ft_ports[0]), DOCA_SUCCESS);
	assert_int_equal(doca_flow_pipe_cfg_set_type(pc, DOCA_FLOW_PIPE_ORDERED_LIST),
	                 DOCA_SUCCESS);
	t_log_reset();
	assert_int_equal(doca_flow_pipe_cfg_set_ordered_lists(pc, lp, 1), DOCA_ERROR_INVALID_VALUE);
	t_assert_logged("NAT64 element 1", "nat64 is NULL", "original_l3_type");
	el[1].type = DOCA_FLOW_ORDERED_LIST_ELEMENT_CRYPTO;
	t_log_reset();
	assert_int_equal(doca_flow_pipe_cfg_set_ordered_lists(pc, lp, 1), DOCA_ERROR_NOT_SUPPORTED);
	t_assert_logged("CRYPTO", "not supported");
	doca_flow_pipe_cfg_destroy(pc);
	ft_fini();
}

/* enum doca_rss_type: IPV4 hashes both addresses, IPV4_SRC / IPV4_DST one of them; the
 * software queue's hash shows which fields were hashed. */
static uint32_t rss_hash_of(struct doca_flow_pipe *p, uint32_t src, uint32_t dst)
{
	static struct softdpa_frame fr[1];

	(void)p;
	ft_inject(0, in, ft_udp4(in, src, dst, 1000, 2000));
	ft_sync();
	assert_int_equal(softdpa_port_rx_burst(0, 0, fr, 1), 1);
	return fr[0].rss_hash;
}

static void test_rss_field_bits(void **state)
{
	static uint16_t queues[1] = {0};
	static const uint32_t flags[3] = {DOCA_FLOW_RSS_IPV4_SRC, DOCA_FLOW_RSS_IPV4_DST,
	                                  DOCA_FLOW_RSS_IPV4};
	struct doca_flow_fwd rss = {.type = DOCA_FLOW_FWD_RSS,
	                            .rss_type = DOCA_FLOW_RESOURCE_TYPE_NON_SHARED};
	struct doca_flow_pipe *p;
	struct doca_flow_pipe_entry *e;
	struct doca_flow_pipe_cfg *pc;

	(void)state;
	rss.rss.queues_array = queues;
	rss.rss.nr_queues = 1;
	for (int i = 0; i < 3; i++) {
		uint32_t h, h_src, h_dst;

		ft_init("vnf,hws", 0, 0, 0, 1);
		rss.rss.outer_flags = flags[i];
		p = simple_pipe(ft_ports[0], DOCA_FLOW_PIPE_BASIC, true, NULL, NULL, NULL, NULL, 0,
		                NULL, &rss, NULL);
		assert_int_equal(doca_flow_pipe_basic_add_entry(0, p, NULL, 0, NULL, NULL, NULL,
		                                                DOCA_FLOW_ENTRY_FLAGS_NO_WAIT, NULL,
		                                                &e),
		                 DOCA_SUCCESS);
		ft_process(ft_ports[0]);
		h = rss_hash_of(p, 0x0a000001, 0x0a000002);
		h_src = rss_hash_of(p, 0x0b000001, 0x0a000002); /* another source */
		h_dst = rss_hash_of(p, 0x0a000001, 0x0b000002); /* another destination */
		assert_true((h == h_src) == (flags[i] == DOCA_FLOW_RSS_IPV4_DST));
		assert_true((h == h_dst) == (flags[i] == DOCA_FLOW_RSS_IPV4_SRC));
		ft_fini();
	}
	/* The ESP SPI is an outer field (ESP is DOCA's tunnel); unknown bits are invalid. */
	ft_init("vnf,hws", 0, 0, 0, 1);
	assert_int_equal(doca_flow_pipe_cfg_create(&pc, ft_ports[0]), DOCA_SUCCESS);
	rss.rss.outer_flags = DOCA_FLOW_RSS_IPV4;
	rss.rss.inner_flags = DOCA_FLOW_RSS_ESP;
	t_log_reset();
	assert_int_equal(doca_flow_pipe_create(pc, &rss, NULL, &p), DOCA_ERROR_INVALID_VALUE);
	t_assert_logged("inner_flags", "DOCA_FLOW_RSS_ESP", "outer field");
	rss.rss.inner_flags = 1u << 20;
	t_log_reset();
	assert_int_equal(doca_flow_pipe_create(pc, &rss, NULL, &p), DOCA_ERROR_INVALID_VALUE);
	t_assert_logged("inner_flags", "unknown bits");
	doca_flow_pipe_cfg_destroy(pc);
	ft_fini();
}

/* DOCA 3.x calls softdpa does not emulate: DOCA's argument checks, then NOT_SUPPORTED with
 * a line naming the call. */
static void test_unsupported_calls(void **state)
{
	struct doca_flow_match m;
	struct doca_flow_pipe_entry *e;
	struct doca_flow_pipe *p;
	struct doca_flow_entropy_format ef;
	struct doca_flow_parser_geneve_opt_cfg opt;
	struct doca_flow_parser *parser = NULL;
	struct doca_flow_target *target;
	struct doca_flow_crypto_psp_spi_key_bulk *bulk;
	uint16_t entropy;
	struct doca_flow_fwd drop = {.type = DOCA_FLOW_FWD_DROP};

	(void)state;
	ft_init("vnf,hws", 0, 0, 0, 1);
	p = simple_pipe(ft_ports[0], DOCA_FLOW_PIPE_BASIC, true, NULL, NULL, NULL, NULL, 0, NULL,
	                &drop, NULL);
	memset(&m, 0, sizeof(m));
#define UNSUP(call, name)                                                                          \
	do {                                                                                       \
		t_log_reset();                                                                     \
		assert_int_equal((call), DOCA_ERROR_NOT_SUPPORTED);                                \
		t_assert_logged(name, "not supported");                                            \
	} while (0)
#define INVAL(call, what)                                                                          \
	do {                                                                                       \
		t_log_reset();                                                                     \
		assert_int_equal((call), DOCA_ERROR_INVALID_VALUE);                                \
		t_assert_logged(what);                                                             \
	} while (0)
	/* LPM and ACL calls on a pipe of another type, or with a stale entry. */
	INVAL(doca_flow_pipe_lpm_add_entry(0, NULL, &m, &m, 0, NULL, NULL, NULL, 0, NULL, &e),
	      "not a live pipe");
	INVAL(doca_flow_pipe_lpm_add_entry(0, p, &m, &m, 0, NULL, NULL, NULL,
	                                   DOCA_FLOW_ENTRY_FLAGS_NO_WAIT, NULL, &e),
	      "not of the type");
	INVAL(doca_flow_pipe_lpm_update_entry(0, p, 0, NULL, NULL, NULL, 0,
	                                      (struct doca_flow_pipe_entry *)&m),
	      "not a live entry");
	INVAL(doca_flow_pipe_acl_add_entry(0, p, &m, &m, 0, NULL, 1, NULL, 0, NULL, &e),
	      "not of the type");
	INVAL(doca_flow_pipe_acl_update_entry(0, p, 0, NULL, NULL, 0,
	                                      (struct doca_flow_pipe_entry *)&m),
	      "not a live entry");
	INVAL(doca_flow_pipe_resize(p, 0, NULL, NULL), "new_congestion_level");
	INVAL(doca_flow_pipe_resize(p, 50, NULL, NULL), "the pipe is not resizable");
	memset(&ef, 0, sizeof(ef));
	INVAL(doca_flow_port_calc_entropy(ft_ports[0], &ef, &entropy), "l3_type");
	ef.l3_type = DOCA_FLOW_L3_TYPE_IP4; /* implemented since D21: test_flow_hash */
	assert_int_equal(doca_flow_port_calc_entropy(ft_ports[0], &ef, &entropy), DOCA_SUCCESS);
	memset(&opt, 0, sizeof(opt));
	opt.match_on_class_mode = DOCA_FLOW_PARSER_GENEVE_OPT_MODE_FIXED;
	INVAL(doca_flow_parser_geneve_opt_create(ft_ports[0], &opt, 0, &parser), "nb_options");
	/* implemented: test_flow_geneve.c */
	assert_int_equal(doca_flow_parser_geneve_opt_create(ft_ports[0], &opt, 1, &parser),
	                 DOCA_SUCCESS);
	assert_non_null(parser);
	assert_int_equal(doca_flow_parser_geneve_opt_destroy(parser), DOCA_SUCCESS);
	INVAL(doca_flow_parser_geneve_opt_destroy(NULL), "parser is NULL");
	INVAL(doca_flow_get_target(DOCA_FLOW_TARGET_KERNEL, NULL), "target is NULL");
	assert_int_equal(doca_flow_get_target(DOCA_FLOW_TARGET_KERNEL, &target), DOCA_SUCCESS);
	assert_non_null(target); /* test_flow_domains.c tests the kernel target */
	UNSUP(doca_flow_crypto_psp_master_key_rotate(ft_ports[0]),
	      "doca_flow_crypto_psp_master_key_rotate");
	UNSUP(doca_flow_crypto_psp_spi_key_bulk_alloc(ft_ports[0], DOCA_FLOW_CRYPTO_KEY_128, 4,
	                                              &bulk),
	      "doca_flow_crypto_psp_spi_key_bulk_alloc");
	assert_int_equal(doca_flow_crypto_ipsec_resource_handle(ft_ports[0], 0, 0), -1);
#undef UNSUP
#undef INVAL
	ft_fini();
}

int main(void)
{
	/* clang-format off */
	const struct CMUnitTest tests[] = {
		FT_TEST(test_basic_forward),
		FT_TEST(test_basic_large_table),
		FT_TEST(test_actions_exact_bytes),
		FT_TEST(test_masked_zero_template_is_per_entry),
		FT_TEST(test_parser_meta_l4_checksum),
		FT_TEST(test_action_descs_add_copy),
		FT_TEST(test_match_conditions),
		FT_TEST(test_fwd_types_and_misses),
		FT_TEST(test_default_miss),
		FT_TEST(test_control_priorities),
		FT_TEST(test_action_idx_and_vlan_pop),
		FT_TEST(test_shared_counter),
		FT_TEST(test_queue_depth_and_callbacks),
		FT_TEST(test_port_ops),
		FT_TEST(test_two_workers),
		FT_TEST(test_unsupported_pipes),
		FT_TEST(test_ordered_list_actions_element),
		FT_TEST(test_rss_field_bits),
		FT_TEST(test_unsupported_calls),
	};
	/* clang-format on */

	return cmocka_run_group_tests(tests, NULL, NULL);
}
