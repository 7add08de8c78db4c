/* SPDX-License-Identifier: BSD-3-Clause
 * DOCA Flow tunnels: encap/decap actions on BASIC, CONTROL, HASH and ORDERED_LIST pipes,
 * shared encap/decap resources, matching and modifying tunnel fields, and the drop of a
 * truncated tunnel. Every expected frame (lengths, checksums, entropy source port) comes
 * from tunnel_frames.h, computed by gen_tunnel_frames.py independently of softdpa.
 */
#include <arpa/inet.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/config.h"
#include "flow_t.h"
#include "tunnel_frames.h"

static uint8_t out[SOFTDPA_FRAME_MAX];

static const uint8_t om_d[6] = {0x11, 0x22, 0x33, 0x44, 0x55, 0x66};
static const uint8_t om_s[6] = {0xaa, 0xbb, 0xcc, 0xdd, 0xee, 0xff};

/* ft_init plus shared ENCAP/DECAP ids (SYSTEM resource mode). */
static void tinit(void)
{
	struct doca_flow_cfg *cfg;

	setenv("SOFTDPA_NIC_WORKERS", "0", 1);
	sdpa_config_reload();
	memset(ft_ports, 0, sizeof(ft_ports));
	assert_int_equal(doca_flow_cfg_create(&cfg), DOCA_SUCCESS);
	assert_int_equal(doca_flow_cfg_set_mode_args(cfg, "vnf,hws"), DOCA_SUCCESS);
	assert_int_equal(
	        doca_flow_cfg_set_nr_shared_resource(cfg, 4, DOCA_FLOW_SHARED_RESOURCE_ENCAP),
	        DOCA_SUCCESS);
	assert_int_equal(
	        doca_flow_cfg_set_nr_shared_resource(cfg, 4, DOCA_FLOW_SHARED_RESOURCE_DECAP),
	        DOCA_SUCCESS);
	assert_int_equal(doca_flow_init(cfg), DOCA_SUCCESS);
	assert_int_equal(doca_flow_cfg_destroy(cfg), DOCA_SUCCESS);
	for (uint16_t i = 0; i < 2; i++) {
		struct doca_flow_port_cfg *pc;

		assert_int_equal(doca_flow_port_cfg_create(&pc), DOCA_SUCCESS);
		assert_int_equal(doca_flow_port_cfg_set_port_id(pc, i), DOCA_SUCCESS);
		assert_int_equal(doca_flow_port_start(pc, &ft_ports[i]), DOCA_SUCCESS);
		assert_int_equal(doca_flow_port_cfg_destroy(pc), DOCA_SUCCESS);
	}
}

static struct doca_flow_pipe *mk_pipe(enum doca_flow_pipe_type type, bool root,
                                      const struct doca_flow_match *m,
                                      const struct doca_flow_match *mask,
                                      const struct doca_flow_actions *act,
                                      const struct doca_flow_fwd *fwd)
{
	struct doca_flow_pipe_cfg *pc;
	struct doca_flow_pipe *p;
	struct doca_flow_actions *acts[1] = {(struct doca_flow_actions *)act};
	struct doca_flow_monitor mon = {.counter_type = DOCA_FLOW_RESOURCE_TYPE_NON_SHARED};

	assert_int_equal(doca_flow_pipe_cfg_create(&pc, ft_ports[0]), DOCA_SUCCESS);
	assert_int_equal(doca_flow_pipe_cfg_set_type(pc, type), DOCA_SUCCESS);
	assert_int_equal(doca_flow_pipe_cfg_set_is_root(pc, root), DOCA_SUCCESS);
	if (type == DOCA_FLOW_PIPE_HASH)
		assert_int_equal(doca_flow_pipe_cfg_set_nr_entries(pc, 1), DOCA_SUCCESS);
	if (m || mask)
		assert_int_equal(doca_flow_pipe_cfg_set_match(pc, m, mask), DOCA_SUCCESS);
	if (act)
		assert_int_equal(doca_flow_pipe_cfg_set_actions(pc, acts, NULL, NULL, 1),
		                 DOCA_SUCCESS);
	if (type != DOCA_FLOW_PIPE_CONTROL)
		assert_int_equal(doca_flow_pipe_cfg_set_monitor(pc, &mon), DOCA_SUCCESS);
	assert_int_equal(doca_flow_pipe_create(pc, fwd, NULL, &p), DOCA_SUCCESS);
	assert_int_equal(doca_flow_pipe_cfg_destroy(pc), DOCA_SUCCESS);
	return p;
}

/* A root BASIC pipe matching everything, one entry with 'ea', forwarding to port 1. */
static void basic_with(const struct doca_flow_actions *tmpl, const struct doca_flow_actions *ea)
{
	struct doca_flow_fwd fwd = {.type = DOCA_FLOW_FWD_PORT, .port_id = 1};
	struct doca_flow_pipe_entry *e;
	struct doca_flow_pipe *p = mk_pipe(DOCA_FLOW_PIPE_BASIC, true, NULL, NULL, tmpl, &fwd);

	assert_int_equal(doca_flow_pipe_basic_add_entry(0, p, NULL, 0, ea, NULL, NULL,
	                                                DOCA_FLOW_ENTRY_FLAGS_NO_WAIT, NULL, &e),
	                 DOCA_SUCCESS);
	ft_process(ft_ports[0]);
}

/* Send 'f' on port 0; port 1 must send exactly 'want'. */
static void expect_out(const uint8_t *f, uint32_t n, const uint8_t *want, uint32_t wn)
{
	ft_inject(0, f, n);
	ft_sync();
	uint32_t len = ft_drain(1, out);
	if (len != wn || memcmp(out, want, wn) != 0) {
		for (uint32_t i = 0; i < len || i < wn; i++)
			if (i >= len || i >= wn || out[i] != want[i]) {
				fprintf(stderr,
				        "first difference at byte %u (got %u bytes, want %u)\n", i,
				        len, wn);
				break;
			}
	}
	assert_int_equal(len, wn);
	assert_memory_equal(out, want, wn);
	assert_int_equal(ft_drain_all(1), 0);
}

static void outer_ip4(struct doca_flow_header_format *o, uint8_t ttl)
{
	memcpy(o->eth.dst_mac, om_d, 6);
	memcpy(o->eth.src_mac, om_s, 6);
	o->l3_type = DOCA_FLOW_L3_TYPE_IP4;
	o->ip4.src_ip = htonl(0x0b151f29); /* 11.21.31.41 */
	o->ip4.dst_ip = htonl(0x51515151); /* 81.81.81.81 */
	o->ip4.ttl = ttl;
}

/* VXLAN L2 encap (constant, BASIC pipe): UDP source port = the inner 5-tuple's entropy,
 * the same value doca_flow_port_calc_entropy returns. */
static void test_vxlan_encap_basic(void **state)
{
	struct doca_flow_actions a;
	struct doca_flow_entropy_format ef;
	uint16_t ent;

	(void)state;
	tinit();
	memset(&a, 0, sizeof(a));
	a.encap_type = DOCA_FLOW_RESOURCE_TYPE_NON_SHARED;
	a.encap_cfg.is_l2 = true;
	outer_ip4(&a.encap_cfg.encap.outer, 17);
	a.encap_cfg.encap.outer.l4_type_ext = DOCA_FLOW_L4_TYPE_EXT_UDP;
	a.encap_cfg.encap.outer.udp.l4_port.dst_port = htons(4789);
	a.encap_cfg.encap.tun.type = DOCA_FLOW_TUN_VXLAN;
	a.encap_cfg.encap.tun.vxlan_tun_id = htonl(0xadadad);
	basic_with(&a, NULL);
	expect_out(f_plain, sizeof(f_plain), f_vxlan, sizeof(f_vxlan));

	memset(&ef, 0, sizeof(ef));
	ef.l3_type = DOCA_FLOW_L3_TYPE_IP4;
	ef.ip4.src_ip = htonl(0x0a000001);
	ef.ip4.dst_ip = htonl(0x0a000002);
	ef.ip4.next_proto = 17;
	ef.is_transport = true;
	ef.transport.src_port = htons(1000);
	ef.transport.dst_port = htons(2000);
	assert_int_equal(doca_flow_port_calc_entropy(ft_ports[0], &ef, &ent), DOCA_SUCCESS);
	assert_int_equal(ntohs(ent), FT_PLAIN_ENTROPY);
	ft_fini();
}

/* GENEVE L3 encap with options on a CONTROL pipe, per-entry VNI and outer destination:
 * the entry's values land in the header, the EtherType comes from the inner IPv4. */
static void test_geneve_encap_control_per_entry(void **state)
{
	struct doca_flow_actions a, ea;
	struct doca_flow_fwd fwd = {.type = DOCA_FLOW_FWD_PORT, .port_id = 1};
	struct doca_flow_pipe_entry *e;
	struct doca_flow_pipe *p;
	struct doca_flow_tun *t;

	(void)state;
	tinit();
	memset(&a, 0, sizeof(a));
	a.encap_type = DOCA_FLOW_RESOURCE_TYPE_NON_SHARED;
	a.encap_cfg.is_l2 = false;
	outer_ip4(&a.encap_cfg.encap.outer, 17);
	a.encap_cfg.encap.outer.ip4.dst_ip = UINT32_MAX; /* per entry */
	t = &a.encap_cfg.encap.tun;
	t->type = DOCA_FLOW_TUN_GENEVE;
	t->geneve.vni = UINT32_MAX; /* per entry */
	t->geneve.ver_opt_len = 4;
	t->geneve_options[0].class_id = htons(0x0107);
	t->geneve_options[0].type = 1;
	t->geneve_options[0].length = 2;
	t->geneve_options[1].data = htonl(0x01234567);
	t->geneve_options[2].data = htonl(0x89abcdef);
	t->geneve_options[3].class_id = htons(0x0107);
	t->geneve_options[3].type = 2;
	ea = a;
	ea.encap_cfg.encap.outer.ip4.dst_ip = htonl(0x52525252);
	ea.encap_cfg.encap.tun.geneve.vni = htonl(0x12345600);
	/* BASIC: the template's all-ones fields come from the entry */
	basic_with(&a, &ea);
	expect_out(f_plain, sizeof(f_plain), f_geneve, sizeof(f_geneve));
	ft_fini();
	/* CONTROL: an entry's actions are its own template, with the values in it */
	tinit();
	p = mk_pipe(DOCA_FLOW_PIPE_CONTROL, true, NULL, NULL, NULL, NULL);
	assert_int_equal(doca_flow_pipe_control_add_entry(0, p, NULL, NULL, NULL, &ea, NULL, NULL,
	                                                  NULL, 0, &fwd, NULL, &e),
	                 DOCA_SUCCESS);
	ft_process(ft_ports[0]);
	expect_out(f_plain, sizeof(f_plain), f_geneve, sizeof(f_geneve));
	ft_fini();
}

/* GTP-U encap with a PDU session container, as an ORDERED_LIST element. */
static void test_gtp_encap_ordered_list(void **state)
{
	struct doca_flow_actions a;
	struct doca_flow_ordered_list_element el[1];
	struct doca_flow_ordered_list l = {.idx = 0, .size = 1, .elements = el}, *lp[1] = {&l};
	struct doca_flow_fwd fwd = {.type = DOCA_FLOW_FWD_PORT, .port_id = 1};
	struct doca_flow_fwd to_ol = {.type = DOCA_FLOW_FWD_ORDERED_LIST_PIPE};
	struct doca_flow_pipe_cfg *pc;
	struct doca_flow_pipe *ol;
	struct doca_flow_pipe_entry *e;

	(void)state;
	tinit();
	memset(&a, 0, sizeof(a));
	a.encap_type = DOCA_FLOW_RESOURCE_TYPE_NON_SHARED;
	outer_ip4(&a.encap_cfg.encap.outer, 17);
	a.encap_cfg.encap.outer.ip4.flags_fragment_offset = htons(0x4000); /* DF */
	a.encap_cfg.encap.tun.type = DOCA_FLOW_TUN_GTPU;
	a.encap_cfg.encap.tun.gtp_teid = htonl(0xdeadbeef);
	a.encap_cfg.encap.tun.gtp_next_ext_hdr_type = DOCA_FLOW_GTP_EXT_PSC;
	a.encap_cfg.encap.tun.gtp_ext_psc_qfi = 38;
	memset(el, 0, sizeof(el));
	el[0].type = DOCA_FLOW_ORDERED_LIST_ELEMENT_ACTIONS;
	el[0].actions = &a;
	assert_int_equal(doca_flow_pipe_cfg_create(&pc, ft_ports[0]), DOCA_SUCCESS);
	assert_int_equal(doca_flow_pipe_cfg_set_type(pc, DOCA_FLOW_PIPE_ORDERED_LIST),
	                 DOCA_SUCCESS);
	assert_int_equal(doca_flow_pipe_cfg_set_ordered_lists(pc, lp, 1), DOCA_SUCCESS);
	assert_int_equal(doca_flow_pipe_create(pc, &fwd, NULL, &ol), DOCA_SUCCESS);
	doca_flow_pipe_cfg_destroy(pc);
	assert_int_equal(doca_flow_pipe_ordered_list_add_entry(
	                         0, ol, 3, &l, NULL, DOCA_FLOW_ENTRY_FLAGS_NO_WAIT, NULL, &e),
	                 DOCA_SUCCESS);
	to_ol.ordered_list_pipe.pipe = ol;
	to_ol.ordered_list_pipe.idx = 3;
	struct doca_flow_pipe *p = mk_pipe(DOCA_FLOW_PIPE_BASIC, true, NULL, NULL, NULL, &to_ol);
	assert_int_equal(doca_flow_pipe_basic_add_entry(0, p, NULL, 0, NULL, NULL, NULL,
	                                                DOCA_FLOW_ENTRY_FLAGS_NO_WAIT, NULL, &e),
	                 DOCA_SUCCESS);
	ft_process(ft_ports[0]);
	expect_out(f_plain, sizeof(f_plain), f_gtp, sizeof(f_gtp));
	ft_fini();
}

/* MPLS over UDP with an IPv6 outer header on a HASH pipe. */
static void test_mpls_encap_hash(void **state)
{
	struct doca_flow_actions a;
	struct doca_flow_match mask;
	struct doca_flow_fwd fwd = {.type = DOCA_FLOW_FWD_PORT, .port_id = 1};
	struct doca_flow_pipe_entry *e;
	struct doca_flow_pipe *p;
	static const uint32_t s6[4] = {0x20010db8, 0, 0, 1}, d6[4] = {0x20010db8, 0, 0, 2};

	(void)state;
	tinit();
	memset(&a, 0, sizeof(a));
	a.encap_type = DOCA_FLOW_RESOURCE_TYPE_NON_SHARED;
	memcpy(a.encap_cfg.encap.outer.eth.dst_mac, om_d, 6);
	memcpy(a.encap_cfg.encap.outer.eth.src_mac, om_s, 6);
	a.encap_cfg.encap.outer.l3_type = DOCA_FLOW_L3_TYPE_IP6;
	for (int i = 0; i < 4; i++) {
		a.encap_cfg.encap.outer.ip6.src_ip[i] = htonl(s6[i]);
		a.encap_cfg.encap.outer.ip6.dst_ip[i] = htonl(d6[i]);
	}
	a.encap_cfg.encap.outer.ip6.hop_limit = 32;
	a.encap_cfg.encap.outer.udp.l4_port.src_port = htons(5000);
	a.encap_cfg.encap.tun.type = DOCA_FLOW_TUN_MPLS_O_UDP;
	assert_int_equal(
	        doca_flow_mpls_label_encode(16, 0, 64, false, &a.encap_cfg.encap.tun.mpls[0]),
	        DOCA_SUCCESS);
	assert_int_equal(
	        doca_flow_mpls_label_encode(0xababa, 0, 64, true, &a.encap_cfg.encap.tun.mpls[1]),
	        DOCA_SUCCESS);
	memset(&mask, 0, sizeof(mask));
	mask.outer.l3_type = DOCA_FLOW_L3_TYPE_IP4;
	mask.outer.ip4.dst_ip = UINT32_MAX;
	p = mk_pipe(DOCA_FLOW_PIPE_HASH, true, NULL, &mask, &a, &fwd);
	assert_int_equal(doca_flow_pipe_hash_add_entry(0, p, 0, 0, NULL, NULL, NULL,
	                                               DOCA_FLOW_ENTRY_FLAGS_NO_WAIT, NULL, &e),
	                 DOCA_SUCCESS);
	ft_process(ft_ports[0]);
	expect_out(f_plain, sizeof(f_plain), f_mpls, sizeof(f_mpls));
	ft_fini();
}

/* IP-in-IP (IPv6 outer, next header left 0: 4 from the inner IPv4), NVGRE (L2) and
 * VXLAN-GPE (L3, next protocol from the inner header). */
static void test_ipip_nvgre_gpe_encap(void **state)
{
	struct doca_flow_actions a;
	static const uint32_t s6[4] = {0x20010db8, 0, 0, 2}, d6[4] = {0x20010db8, 0, 0, 1};

	(void)state;
	tinit();
	memset(&a, 0, sizeof(a));
	a.encap_type = DOCA_FLOW_RESOURCE_TYPE_NON_SHARED;
	memcpy(a.encap_cfg.encap.outer.eth.dst_mac, om_d, 6);
	memcpy(a.encap_cfg.encap.outer.eth.src_mac, om_s, 6);
	a.encap_cfg.encap.outer.l3_type = DOCA_FLOW_L3_TYPE_IP6;
	for (int i = 0; i < 4; i++) {
		a.encap_cfg.encap.outer.ip6.src_ip[i] = htonl(s6[i]);
		a.encap_cfg.encap.outer.ip6.dst_ip[i] = htonl(d6[i]);
	}
	a.encap_cfg.encap.outer.ip6.hop_limit = 64;
	a.encap_cfg.encap.outer.ip6.traffic_class = 0xd8;
	a.encap_cfg.encap.tun.type = DOCA_FLOW_TUN_IP_IN_IP;
	basic_with(&a, NULL);
	expect_out(f_plain, sizeof(f_plain), f_ipip6, sizeof(f_ipip6));
	ft_fini();

	/* The outer ECN bits are the inner ones (RFC 6040): a template traffic class 0xdb over
	 * an inner IPv4 of ECN 0 leaves as 0xd8, the same frame. */
	tinit();
	a.encap_cfg.encap.outer.ip6.traffic_class = 0xdb;
	basic_with(&a, NULL);
	expect_out(f_plain, sizeof(f_plain), f_ipip6, sizeof(f_ipip6));
	ft_fini();

	tinit();
	memset(&a, 0, sizeof(a));
	a.encap_type = DOCA_FLOW_RESOURCE_TYPE_NON_SHARED;
	a.encap_cfg.is_l2 = true;
	outer_ip4(&a.encap_cfg.encap.outer, 64);
	a.encap_cfg.encap.tun.type = DOCA_FLOW_TUN_GRE;
	a.encap_cfg.encap.tun.gre_type = DOCA_FLOW_TUN_EXT_GRE_NVGRE;
	a.encap_cfg.encap.tun.nvgre_vs_id = htonl(0x12345600);
	a.encap_cfg.encap.tun.nvgre_flow_id = 0x78;
	basic_with(&a, NULL);
	expect_out(f_plain, sizeof(f_plain), f_nvgre, sizeof(f_nvgre));
	ft_fini();

	tinit();
	memset(&a, 0, sizeof(a));
	a.encap_type = DOCA_FLOW_RESOURCE_TYPE_NON_SHARED;
	outer_ip4(&a.encap_cfg.encap.outer, 64);
	a.encap_cfg.encap.tun.type = DOCA_FLOW_TUN_VXLAN;
	a.encap_cfg.encap.tun.vxlan_type = DOCA_FLOW_TUN_EXT_VXLAN_GPE;
	a.encap_cfg.encap.tun.vxlan_tun_id = htonl(42);
	basic_with(&a, NULL);
	expect_out(f_plain, sizeof(f_plain), f_gpe, sizeof(f_gpe));
	ft_fini();
}

/* Decap: L2 (VXLAN -> the inner frame as it was), L3 (GTP-U -> the action's Ethernet
 * header, EtherType from the inner IPv4), through shared DECAP and ENCAP resources. */
static void test_decap_and_shared(void **state)
{
	struct doca_flow_actions a;
	struct doca_flow_shared_resource_cfg sc;

	(void)state;
	tinit();
	memset(&a, 0, sizeof(a));
	a.decap_type = DOCA_FLOW_RESOURCE_TYPE_NON_SHARED;
	a.decap_cfg.is_l2 = true;
	basic_with(&a, NULL);
	expect_out(f_vxlan, sizeof(f_vxlan), f_plain, sizeof(f_plain));
	ft_fini();

	tinit();
	memset(&sc, 0, sizeof(sc));
	sc.decap_cfg.is_l2 = false;
	memcpy(sc.decap_cfg.eth.dst_mac, "\x66\x55\x44\x33\x22\x11", 6);
	memcpy(sc.decap_cfg.eth.src_mac, "\xff\xee\xdd\xcc\xbb\xaa", 6);
	assert_int_equal(doca_flow_shared_resource_set_cfg(DOCA_FLOW_SHARED_RESOURCE_DECAP, 2, &sc),
	                 DOCA_SUCCESS);
	memset(&a, 0, sizeof(a));
	a.decap_type = DOCA_FLOW_RESOURCE_TYPE_SHARED;
	a.shared_decap_id = 2;
	basic_with(&a, NULL);
	expect_out(f_gtp, sizeof(f_gtp), f_gtp_decap, sizeof(f_gtp_decap));
	ft_fini();

	/* shared ENCAP, id given per entry */
	tinit();
	memset(&sc, 0, sizeof(sc));
	sc.encap_cfg.is_l2 = true;
	outer_ip4(&sc.encap_cfg.encap.outer, 17);
	sc.encap_cfg.encap.tun.type = DOCA_FLOW_TUN_VXLAN;
	sc.encap_cfg.encap.tun.vxlan_tun_id = htonl(0xadadad);
	assert_int_equal(doca_flow_shared_resource_set_cfg(DOCA_FLOW_SHARED_RESOURCE_ENCAP, 1, &sc),
	                 DOCA_SUCCESS);
	struct doca_flow_actions ea;
	memset(&a, 0, sizeof(a));
	a.encap_type = DOCA_FLOW_RESOURCE_TYPE_SHARED;
	a.shared_encap_id = UINT32_MAX;
	memset(&ea, 0, sizeof(ea));
	ea.encap_type = DOCA_FLOW_RESOURCE_TYPE_SHARED;
	ea.shared_encap_id = 1;
	basic_with(&a, &ea);
	expect_out(f_plain, sizeof(f_plain), f_vxlan, sizeof(f_vxlan));
	/* an id out of range is refused */
	t_log_reset();
	assert_int_equal(doca_flow_shared_resource_set_cfg(DOCA_FLOW_SHARED_RESOURCE_ENCAP, 9, &sc),
	                 DOCA_ERROR_INVALID_VALUE);
	ft_fini();
}

/* A decap of a frame without a tunnel, or with a tunnel cut short, drops it and counts
 * the reason: nothing is read past the frame (ASan runs of this test check it). */
static void test_bad_tunnel_dropped(void **state)
{
	struct doca_flow_actions a;
	uint8_t *f;

	(void)state;
	tinit();
	memset(&a, 0, sizeof(a));
	a.decap_type = DOCA_FLOW_RESOURCE_TYPE_NON_SHARED;
	a.decap_cfg.is_l2 = true;
	basic_with(&a, NULL);
	ft_inject(0, f_plain, sizeof(f_plain));
	ft_sync();
	assert_int_equal(ft_drain_all(1), 0);
	assert_int_equal(ft_dropped(0, SOFTDPA_DROP_TUNNEL), 1);
	/* every cut inside the VXLAN header and the inner Ethernet header */
	for (uint32_t cut = 14 + 20 + 8 + 1; cut < 14 + 20 + 8 + 8 + 14; cut++) {
		f = malloc(cut);
		assert_non_null(f);
		memcpy(f, f_vxlan, cut);
		ft_inject(0, f, cut);
		ft_sync();
		free(f);
		assert_int_equal(ft_drain_all(1), 0);
	}
	assert_int_equal(ft_dropped(0, SOFTDPA_DROP_TUNNEL), 1 + 21);
	ft_fini();
}

/* Matching tunnel fields: GTP TEID and QFI, GRE key, NVGRE VSID (entry gives nvgre_vs_id
 * and flow id), MPLS label, GENEVE VNI, VXLAN-GPE next protocol. */
static void test_match_tun_fields(void **state)
{
	struct {
		const uint8_t *f;
		uint32_t n;
		struct doca_flow_match m;
	} c[6];
	struct doca_flow_fwd fwd = {.type = DOCA_FLOW_FWD_PORT, .port_id = 1};
	struct doca_flow_pipe_entry *e;
	struct doca_flow_pipe *p;

	(void)state;
	memset(c, 0, sizeof(c));
	c[0].f = f_gtp;
	c[0].n = sizeof(f_gtp);
	c[0].m.tun.type = DOCA_FLOW_TUN_GTPU;
	c[0].m.tun.gtp_teid = htonl(0xdeadbeef);
	c[0].m.tun.gtp_ext_psc_qfi = 38;
	c[1].f = f_nvgre;
	c[1].n = sizeof(f_nvgre);
	c[1].m.tun.type = DOCA_FLOW_TUN_GRE;
	c[1].m.tun.gre_type = DOCA_FLOW_TUN_EXT_GRE_NVGRE;
	c[1].m.tun.nvgre_vs_id = htonl(0x12345600);
	c[1].m.tun.nvgre_flow_id = 0x78;
	c[2].f = f_mpls;
	c[2].n = sizeof(f_mpls);
	c[2].m.tun.type = DOCA_FLOW_TUN_MPLS_O_UDP;
	assert_int_equal(doca_flow_mpls_label_encode(0xababa, 0, 64, true, &c[2].m.tun.mpls[1]),
	                 DOCA_SUCCESS);
	c[3].f = f_geneve;
	c[3].n = sizeof(f_geneve);
	c[3].m.tun.type = DOCA_FLOW_TUN_GENEVE;
	c[3].m.tun.geneve.vni = htonl(0x12345600);
	c[4].f = f_gpe;
	c[4].n = sizeof(f_gpe);
	c[4].m.tun.type = DOCA_FLOW_TUN_VXLAN;
	c[4].m.tun.vxlan_type = DOCA_FLOW_TUN_EXT_VXLAN_GPE;
	c[4].m.tun.vxlan_gpe_next_protocol = DOCA_FLOW_VXLAN_GPE_TYPE_IPV4;
	c[4].m.tun.vxlan_tun_id = htonl(42);
	c[5].f = f_vxlan;
	c[5].n = sizeof(f_vxlan);
	c[5].m.tun.type = DOCA_FLOW_TUN_VXLAN;
	c[5].m.tun.vxlan_tun_id = htonl(0xadadad);
	for (size_t i = 0; i < 6; i++) {
		tinit();
		p = mk_pipe(DOCA_FLOW_PIPE_CONTROL, true, NULL, NULL, NULL, NULL);
		assert_int_equal(doca_flow_pipe_control_add_entry(0, p, &c[i].m, NULL, NULL, NULL,
		                                                  NULL, NULL, NULL, 0, &fwd, NULL,
		                                                  &e),
		                 DOCA_SUCCESS);
		ft_process(ft_ports[0]);
		expect_out(c[i].f, c[i].n, c[i].f, c[i].n);
		/* a frame without the tunnel misses */
		ft_inject(0, f_plain, sizeof(f_plain));
		ft_sync();
		assert_int_equal(ft_drain_all(1), 0);
		ft_fini();
	}
	/* a wrong VNI does not match */
	tinit();
	p = mk_pipe(DOCA_FLOW_PIPE_CONTROL, true, NULL, NULL, NULL, NULL);
	c[5].m.tun.vxlan_tun_id = htonl(0xadadae);
	assert_int_equal(doca_flow_pipe_control_add_entry(0, p, &c[5].m, NULL, NULL, NULL, NULL,
	                                                  NULL, NULL, 0, &fwd, NULL, &e),
	                 DOCA_SUCCESS);
	ft_process(ft_ports[0]);
	ft_inject(0, f_vxlan, sizeof(f_vxlan));
	ft_sync();
	assert_int_equal(ft_drain_all(1), 0);
	ft_fini();
}

/* Modifying tunnel fields: the GTP QFI (6 bits) and the VXLAN VNI; the UDP checksum of
 * the outer header stays 0 (VXLAN/GTP encaps send none). */
static void test_modify_tun_fields(void **state)
{
	struct doca_flow_actions a;
	uint8_t want[sizeof(f_gtp)];

	(void)state;
	tinit();
	memset(&a, 0, sizeof(a));
	a.tun.type = DOCA_FLOW_TUN_GTPU;
	a.tun.gtp_ext_psc_qfi = 0x3a;
	basic_with(&a, NULL);
	memcpy(want, f_gtp, sizeof(want));
	want[14 + 20 + 8 + 14] = 0x3a; /* PSC byte 2 */
	expect_out(f_gtp, sizeof(f_gtp), want, sizeof(want));
	ft_fini();

	uint8_t wv[sizeof(f_vxlan)];
	tinit();
	memset(&a, 0, sizeof(a));
	a.tun.type = DOCA_FLOW_TUN_VXLAN;
	a.tun.vxlan_tun_id = htonl(7);
	a.tun.vxlan_tun_rsvd1 = 0x12;
	basic_with(&a, NULL);
	memcpy(wv, f_vxlan, sizeof(wv));
	wv[42 + 4] = 0;
	wv[42 + 5] = 0;
	wv[42 + 6] = 7;
	wv[42 + 7] = 0x12;
	expect_out(f_vxlan, sizeof(f_vxlan), wv, sizeof(wv));
	ft_fini();
}

/* Bad configurations: each refused at pipe creation with its code and one line. */
static doca_error_t try_pipe(const struct doca_flow_actions *a)
{
	struct doca_flow_actions *acts[1] = {(struct doca_flow_actions *)a};
	struct doca_flow_fwd fwd = {.type = DOCA_FLOW_FWD_PORT, .port_id = 1};
	struct doca_flow_pipe_cfg *pc;
	struct doca_flow_pipe *p = NULL;
	doca_error_t r;

	assert_int_equal(doca_flow_pipe_cfg_create(&pc, ft_ports[0]), DOCA_SUCCESS);
	assert_int_equal(doca_flow_pipe_cfg_set_type(pc, DOCA_FLOW_PIPE_BASIC), DOCA_SUCCESS);
	r = doca_flow_pipe_cfg_set_actions(pc, acts, NULL, NULL, 1);
	t_log_reset();
	if (r == DOCA_SUCCESS)
		r = doca_flow_pipe_create(pc, &fwd, NULL, &p);
	doca_flow_pipe_cfg_destroy(pc);
	if (r == DOCA_SUCCESS)
		doca_flow_pipe_destroy(p);
	return r;
}

static void test_bad_configs(void **state)
{
	struct doca_flow_actions a;

	(void)state;
	tinit();
	memset(&a, 0, sizeof(a));
	a.encap_type = DOCA_FLOW_RESOURCE_TYPE_NON_SHARED;
	a.encap_cfg.is_l2 = true;
	a.encap_cfg.encap.outer.l3_type = DOCA_FLOW_L3_TYPE_IP4;
	a.encap_cfg.encap.tun.type = DOCA_FLOW_TUN_GTPU;
	assert_int_equal(try_pipe(&a), DOCA_ERROR_INVALID_VALUE);
	t_assert_logged("carries IP", "is_l2 = false");
	a.encap_cfg.encap.tun.type = DOCA_FLOW_TUN_VXLAN;
	a.encap_cfg.encap.outer.l3_type = DOCA_FLOW_L3_TYPE_NONE;
	assert_int_equal(try_pipe(&a), DOCA_ERROR_INVALID_VALUE);
	t_assert_logged("outer.l3_type");
	a.encap_cfg.encap.outer.l3_type = DOCA_FLOW_L3_TYPE_IP4;
	a.encap_cfg.encap.tun.type = DOCA_FLOW_TUN_ESP;
	assert_int_equal(try_pipe(&a), DOCA_ERROR_NOT_SUPPORTED);
	t_assert_logged("not supported by softdpa");
	a.encap_cfg.encap.tun.type = DOCA_FLOW_TUN_GENEVE;
	a.encap_cfg.encap.tun.geneve.ver_opt_len = 20;
	assert_int_equal(try_pipe(&a), DOCA_ERROR_INVALID_VALUE);
	t_assert_logged("DOCA_FLOW_ENCAP_GENEVE_OPT_LEN_MAX");
	a.encap_cfg.encap.tun.type = DOCA_FLOW_TUN_VXLAN;
	a.encap_cfg.is_l2 = false;
	assert_int_equal(try_pipe(&a), DOCA_ERROR_INVALID_VALUE);
	t_assert_logged("VXLAN carries Ethernet");
	memset(&a, 0, sizeof(a));
	a.decap_type = (enum doca_flow_resource_type)7;
	assert_int_equal(try_pipe(&a), DOCA_ERROR_INVALID_VALUE);
	t_assert_logged("decap_type");
	/* a shared ENCAP id that was never configured: the frame is dropped, counted */
	memset(&a, 0, sizeof(a));
	a.encap_type = DOCA_FLOW_RESOURCE_TYPE_SHARED;
	a.shared_encap_id = 3;
	basic_with(&a, NULL);
	ft_inject(0, f_plain, sizeof(f_plain));
	ft_sync();
	assert_int_equal(ft_drain_all(1), 0);
	assert_int_equal(ft_dropped(0, SOFTDPA_DROP_TUNNEL), 1);
	ft_fini();
}

/* COPY of the NVGRE VSID (the GRE key's upper 24 bits) into metadata, matched by the next
 * pipe: f_nvgre carries key 0x12345678, so meta.u32[0] becomes 0x123456. */
static void test_copy_nvgre_vsid_to_meta(void **state)
{
	struct doca_flow_actions a, *acts[1] = {&a};
	struct doca_flow_action_desc d[1];
	struct doca_flow_action_descs ds = {.nb_action_desc = 1, .desc_array = d};
	struct doca_flow_action_descs *dl[1] = {&ds};
	struct doca_flow_fwd to1 = {.type = DOCA_FLOW_FWD_PORT, .port_id = 1};
	struct doca_flow_fwd next = {.type = DOCA_FLOW_FWD_PIPE};
	struct doca_flow_match mm;
	struct doca_flow_pipe_cfg *pc;
	struct doca_flow_pipe *p1, *p2;
	struct doca_flow_pipe_entry *e;

	(void)state;
	tinit();
	memset(&mm, 0, sizeof(mm));
	mm.meta.u32[0] = htonl(0x123456);
	p2 = mk_pipe(DOCA_FLOW_PIPE_BASIC, false, &mm, NULL, NULL, &to1);
	assert_int_equal(doca_flow_pipe_basic_add_entry(0, p2, NULL, 0, NULL, NULL, NULL,
	                                                DOCA_FLOW_ENTRY_FLAGS_NO_WAIT, NULL, &e),
	                 DOCA_SUCCESS);
	memset(&a, 0, sizeof(a));
	memset(d, 0, sizeof(d));
	d[0].type = DOCA_FLOW_ACTION_COPY;
	d[0].field_op.src.field_string = "tunnel.nvgre.nvgre_vs_id";
	d[0].field_op.dst.field_string = "meta.data";
	d[0].field_op.dst.bit_offset = 32; /* u32[0] */
	d[0].field_op.width = 24;
	next.next_pipe = p2;
	assert_int_equal(doca_flow_pipe_cfg_create(&pc, ft_ports[0]), DOCA_SUCCESS);
	assert_int_equal(doca_flow_pipe_cfg_set_type(pc, DOCA_FLOW_PIPE_BASIC), DOCA_SUCCESS);
	assert_int_equal(doca_flow_pipe_cfg_set_is_root(pc, true), DOCA_SUCCESS);
	assert_int_equal(doca_flow_pipe_cfg_set_actions(pc, acts, NULL, dl, 1), DOCA_SUCCESS);
	assert_int_equal(doca_flow_pipe_create(pc, &next, NULL, &p1), DOCA_SUCCESS);
	doca_flow_pipe_cfg_destroy(pc);
	assert_int_equal(doca_flow_pipe_basic_add_entry(0, p1, NULL, 0, NULL, NULL, NULL,
	                                                DOCA_FLOW_ENTRY_FLAGS_NO_WAIT, NULL, &e),
	                 DOCA_SUCCESS);
	ft_process(ft_ports[0]);
	expect_out(f_nvgre, sizeof(f_nvgre), f_nvgre, sizeof(f_nvgre));
	/* without a GRE key the field is absent: nothing copied, the next pipe misses */
	ft_inject(0, f_plain, sizeof(f_plain));
	ft_sync();
	assert_int_equal(ft_drain_all(1), 0);
	ft_fini();
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	        FT_TEST(test_vxlan_encap_basic),       FT_TEST(test_geneve_encap_control_per_entry),
	        FT_TEST(test_gtp_encap_ordered_list),  FT_TEST(test_mpls_encap_hash),
	        FT_TEST(test_ipip_nvgre_gpe_encap),    FT_TEST(test_decap_and_shared),
	        FT_TEST(test_bad_tunnel_dropped),      FT_TEST(test_match_tun_fields),
	        FT_TEST(test_modify_tun_fields),       FT_TEST(test_bad_configs),
	        FT_TEST(test_copy_nvgre_vsid_to_meta),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
