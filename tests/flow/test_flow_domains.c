/* SPDX-License-Identifier: BSD-3-Clause
 * Pipe domains outside switch mode (docs/FLOW.md "Domains"): a port's egress root pipe
 * sees the frames forwarded to the port and the frames the host sends on it; what an
 * egress pipe may forward to; the domains softdpa refuses.
 */
#include <arpa/inet.h>
#include <stdlib.h>
#include <string.h>

#include <doca_dev.h>

#include "io/wire.h"
#include "nic/nic.h"
#include "flow_t.h"

static uint8_t in[SOFTDPA_FRAME_MAX], out[SOFTDPA_FRAME_MAX];
static const uint8_t new_dst[6] = {0x02, 0, 0, 0, 0, 0x99};

struct pipe_spec {
	const char *name;
	enum doca_flow_pipe_domain domain;
	bool root;
	bool match_dst;   /* match the IPv4 destination per entry (else everything) */
	bool set_dst_mac; /* rewrite the destination MAC to new_dst */
	const struct doca_flow_fwd *fwd;
	const struct doca_flow_fwd *miss;
};

static struct doca_flow_pipe *pipe_make(struct doca_flow_port *port, const struct pipe_spec *ps,
                                        doca_error_t want)
{
	struct doca_flow_pipe_cfg *pc;
	struct doca_flow_match m;
	struct doca_flow_actions a, *aa[1] = {&a};
	struct doca_flow_pipe *p = NULL;

	memset(&m, 0, sizeof(m));
	memset(&a, 0, sizeof(a));
	if (ps->match_dst) {
		m.outer.l3_type = DOCA_FLOW_L3_TYPE_IP4;
		m.outer.ip4.dst_ip = 0xffffffff;
	}
	assert_int_equal(doca_flow_pipe_cfg_create(&pc, port), DOCA_SUCCESS);
	assert_int_equal(doca_flow_pipe_cfg_set_name(pc, ps->name), DOCA_SUCCESS);
	assert_int_equal(doca_flow_pipe_cfg_set_type(pc, DOCA_FLOW_PIPE_BASIC), DOCA_SUCCESS);
	assert_int_equal(doca_flow_pipe_cfg_set_is_root(pc, ps->root), DOCA_SUCCESS);
	assert_int_equal(doca_flow_pipe_cfg_set_domain(pc, ps->domain), DOCA_SUCCESS);
	assert_int_equal(doca_flow_pipe_cfg_set_nr_entries(pc, 8), DOCA_SUCCESS);
	assert_int_equal(doca_flow_pipe_cfg_set_match(pc, &m, NULL), DOCA_SUCCESS);
	if (ps->set_dst_mac) {
		memcpy(a.outer.eth.dst_mac, new_dst, 6);
		assert_int_equal(doca_flow_pipe_cfg_set_actions(pc, aa, NULL, NULL, 1),
		                 DOCA_SUCCESS);
	}
	assert_int_equal(doca_flow_pipe_create(pc, ps->fwd, ps->miss, &p), want);
	doca_flow_pipe_cfg_destroy(pc);
	return p;
}

static doca_error_t add(struct doca_flow_pipe *p, uint32_t dst, const struct doca_flow_fwd *fwd)
{
	struct doca_flow_match m;
	struct doca_flow_pipe_entry *e = NULL;

	memset(&m, 0, sizeof(m));
	m.outer.ip4.dst_ip = htonl(dst);
	return doca_flow_pipe_basic_add_entry(0, p, &m, 0, NULL, NULL, fwd,
	                                      DOCA_FLOW_ENTRY_FLAGS_NO_WAIT, NULL, &e);
}

static struct doca_flow_fwd fwd_of(enum doca_flow_fwd_type t, uint16_t port,
                                   struct doca_flow_pipe *next)
{
	struct doca_flow_fwd f;

	memset(&f, 0, sizeof(f));
	f.type = t;
	if (t == DOCA_FLOW_FWD_PIPE)
		f.next_pipe = next; /* a union with port_id */
	else
		f.port_id = port;
	return f;
}

/* The egress root of port 1 (rewrites 8.8.8.8's destination MAC, drops 8.8.8.9, lets the
 * rest through unchanged) and an ingress root on port 0 forwarding everything to port 1. */
static struct doca_flow_pipe *egress_setup(void)
{
	struct doca_flow_fwd f = fwd_of(DOCA_FLOW_FWD_PORT, 1, NULL);
	struct doca_flow_fwd f_drop = fwd_of(DOCA_FLOW_FWD_DROP, 0, NULL);
	struct doca_flow_fwd f_any = fwd_of(DOCA_FLOW_FWD_PORT, 0xffff, NULL);
	struct pipe_spec eg = {
	        "EGRESS_ROOT", DOCA_FLOW_PIPE_DOMAIN_EGRESS, true, true, true, &f_any, NULL};
	struct pipe_spec ing = {
	        "INGRESS_ROOT", DOCA_FLOW_PIPE_DOMAIN_DEFAULT, true, false, false, &f, NULL};
	struct doca_flow_pipe *egr, *root;
	struct doca_flow_match m;
	struct doca_flow_pipe_entry *e;

	egr = pipe_make(ft_ports[1], &eg, DOCA_SUCCESS);
	assert_int_equal(add(egr, 0x08080808, &f), DOCA_SUCCESS);
	assert_int_equal(add(egr, 0x08080809, &f_drop), DOCA_SUCCESS);
	root = pipe_make(ft_ports[0], &ing, DOCA_SUCCESS);
	memset(&m, 0, sizeof(m));
	assert_int_equal(doca_flow_pipe_basic_add_entry(0, root, &m, 0, NULL, NULL, NULL,
	                                                DOCA_FLOW_ENTRY_FLAGS_NO_WAIT, NULL, &e),
	                 DOCA_SUCCESS);
	ft_process(ft_ports[0]);
	ft_process(ft_ports[1]);
	return egr;
}

/* A frame an ingress pipe forwards to a port passes the port's egress root before the
 * wire: rewritten, dropped, or (a miss) sent on unchanged. */
static void egress_forwarded(uint32_t workers)
{
	uint64_t drops;

	ft_init("vnf,hws", workers, 0, 0, 2);
	(void)egress_setup();
	drops = ft_dropped(0, SOFTDPA_DROP_RULE);
	ft_inject(0, in, ft_udp4(in, 0x01020304, 0x08080808, 1, 2));
	ft_sync();
	assert_int_equal(ft_drain(1, out), 64);
	assert_memory_equal(out, new_dst, 6);
	ft_inject(0, in, ft_udp4(in, 0x01020304, 0x08080809, 1, 2));
	ft_sync();
	assert_int_equal(ft_drain_all(1), 0);
	assert_int_equal(ft_dropped(0, SOFTDPA_DROP_RULE), drops + 1);
	ft_inject(0, in, ft_udp4(in, 0x01020304, 0x0808080a, 1, 2));
	ft_sync();
	assert_int_equal(ft_drain(1, out), 64);
	assert_memory_equal(out, in, 64); /* an egress miss: out as it came */
	assert_int_equal(ft_drain_all(0), 0);
	ft_fini();
}

static void test_egress_forwarded(void **state)
{
	(void)state;
	egress_forwarded(0);
	egress_forwarded(1);
}

/* NVIDIA's flow_geneve_encap: an ingress pipe of port 0 forwards straight to the egress
 * pipe of port 1, which sends the frame out of port 1. */
static void test_ingress_to_egress_pipe(void **state)
{
	struct doca_flow_fwd f, f1 = fwd_of(DOCA_FLOW_FWD_PORT, 1, NULL);
	struct pipe_spec eg = {"EGRESS", DOCA_FLOW_PIPE_DOMAIN_EGRESS, false, false, true, &f1,
	                       NULL};
	struct pipe_spec ing = {"INGRESS", DOCA_FLOW_PIPE_DOMAIN_DEFAULT, true, true, false, NULL,
	                        NULL};
	struct doca_flow_pipe *egr, *root;
	struct doca_flow_match m;
	struct doca_flow_pipe_entry *e;

	(void)state;
	ft_init("vnf,hws", 0, 0, 0, 2);
	egr = pipe_make(ft_ports[1], &eg, DOCA_SUCCESS);
	memset(&m, 0, sizeof(m));
	assert_int_equal(doca_flow_pipe_basic_add_entry(0, egr, &m, 0, NULL, NULL, NULL,
	                                                DOCA_FLOW_ENTRY_FLAGS_NO_WAIT, NULL, &e),
	                 DOCA_SUCCESS);
	f = fwd_of(DOCA_FLOW_FWD_PIPE, 0, egr);
	ing.fwd = &f;
	root = pipe_make(ft_ports[0], &ing, DOCA_SUCCESS);
	assert_int_equal(add(root, 0x08080808, NULL), DOCA_SUCCESS);
	ft_process(ft_ports[0]);
	ft_process(ft_ports[1]);
	ft_inject(0, in, ft_udp4(in, 0x01020304, 0x08080808, 1, 2));
	ft_sync();
	assert_int_equal(ft_drain(1, out), 64);
	assert_memory_equal(out, new_dst, 6);
	assert_int_equal(ft_drain_all(0), 0);
	ft_fini();
}

/* Frames the host sends on a port with an egress root go through it (the DPDK driver's
 * tx_burst and doca_eth_txq hand them to sdpa_nic_host_tx); without one, to the wire. */
static void host_tx(uint32_t workers)
{
	struct sdpa_pkt pk[3];
	struct sdpa_pkt *pp[3] = {&pk[0], &pk[1], &pk[2]};
	static uint8_t fr[3][SOFTDPA_FRAME_MAX];
	uint32_t dst[3] = {0x08080808, 0x08080809, 0x0808080a};
	uint64_t drops;

	ft_init("vnf,hws", workers, 0, 0, 2);
	for (int i = 0; i < 3; i++)
		pk[i] = (struct sdpa_pkt){
		        .data = fr[i], .len = ft_udp4(fr[i], 0x01020304, dst[i], 1, 2), .cap = 64};
	/* no egress root on port 0: straight out */
	assert_int_equal(sdpa_nic_host_tx(0, pp, 3), 3);
	ft_sync();
	assert_int_equal(ft_drain_all(0), 3);
	(void)egress_setup();
	drops = ft_dropped(1, SOFTDPA_DROP_RULE);
	assert_int_equal(sdpa_nic_host_tx(1, pp, 3), 3);
	ft_sync();
	assert_int_equal(ft_drain(1, out), 64);
	assert_memory_equal(out, new_dst, 6);
	assert_int_equal(ft_drain(1, out), 64);
	assert_memory_equal(out, fr[2], 64);
	assert_int_equal(ft_drain_all(1), 0);
	assert_int_equal(ft_dropped(1, SOFTDPA_DROP_RULE), drops + 1);
	ft_fini();
}

static void test_host_tx_egress(void **state)
{
	(void)state;
	host_tx(0);
	host_tx(1);
}

/* Outside switch mode an egress pipe forwards to a port, to DROP or to egress pipes;
 * one egress root per port; the secure domains are refused. */
static void test_egress_rules(void **state)
{
	uint16_t q = 0;
	struct doca_flow_fwd rss, back, f_any = fwd_of(DOCA_FLOW_FWD_PORT, 0xffff, NULL);
	struct doca_flow_fwd f0 = fwd_of(DOCA_FLOW_FWD_PORT, 0, NULL);
	struct pipe_spec ing = {"ING", DOCA_FLOW_PIPE_DOMAIN_DEFAULT, false, true, false, &f0,
	                        NULL};
	struct pipe_spec eg = {"EG", DOCA_FLOW_PIPE_DOMAIN_EGRESS, false, true, false, NULL, NULL};
	struct doca_flow_pipe *ingp, *egp, *egroot;
	struct doca_flow_pipe_cfg *pc;

	(void)state;
	ft_init("vnf,hws", 0, 0, 0, 1);
	ingp = pipe_make(ft_ports[0], &ing, DOCA_SUCCESS);
	memset(&rss, 0, sizeof(rss));
	rss.type = DOCA_FLOW_FWD_RSS;
	rss.rss_type = DOCA_FLOW_RESOURCE_TYPE_NON_SHARED;
	rss.rss.queues_array = &q;
	rss.rss.nr_queues = 1;
	eg.fwd = &rss;
	assert_null(pipe_make(ft_ports[0], &eg, DOCA_ERROR_INVALID_VALUE));
	t_assert_logged("egress pipe 'EG' forwards to RSS queues");
	back = fwd_of(DOCA_FLOW_FWD_PIPE, 0, ingp);
	eg.fwd = &back;
	assert_null(pipe_make(ft_ports[0], &eg, DOCA_ERROR_INVALID_VALUE));
	t_assert_logged("egress pipe 'EG' forwards to ingress pipe 'ING'");
	eg.fwd = &f0;
	eg.miss = &back;
	assert_null(pipe_make(ft_ports[0], &eg, DOCA_ERROR_INVALID_VALUE));
	/* per-entry forwards and miss updates are checked the same way */
	eg.fwd = &f_any;
	eg.miss = NULL;
	egp = pipe_make(ft_ports[0], &eg, DOCA_SUCCESS);
	assert_int_equal(add(egp, 1, &back), DOCA_ERROR_INVALID_VALUE);
	assert_int_equal(doca_flow_pipe_update_miss(egp, &rss), DOCA_ERROR_INVALID_VALUE);
	/* egress to egress is fine; so is an ingress pipe forwarding to an egress pipe */
	{
		struct doca_flow_fwd to_eg = fwd_of(DOCA_FLOW_FWD_PIPE, 0, egp);
		struct pipe_spec eg2 = {
		        "EG2", DOCA_FLOW_PIPE_DOMAIN_EGRESS, true, false, false, &to_eg, NULL};
		struct pipe_spec eg3 = {
		        "EG3", DOCA_FLOW_PIPE_DOMAIN_EGRESS, true, false, false, &to_eg, NULL};
		struct pipe_spec ing2 = {
		        "ING2", DOCA_FLOW_PIPE_DOMAIN_DEFAULT, true, false, false, &to_eg, NULL};

		egroot = pipe_make(ft_ports[0], &eg2, DOCA_SUCCESS);
		assert_non_null(egroot);
		assert_null(pipe_make(ft_ports[0], &eg3, DOCA_ERROR_INVALID_VALUE));
		t_assert_logged("already has egress root pipe 'EG2'");
		/* the egress root leaves the ingress root free */
		assert_non_null(pipe_make(ft_ports[0], &ing2, DOCA_SUCCESS));
	}
	/* the secure domains belong to the crypto path */
	assert_int_equal(doca_flow_pipe_cfg_create(&pc, ft_ports[0]), DOCA_SUCCESS);
	assert_int_equal(doca_flow_pipe_cfg_set_name(pc, "SEC"), DOCA_SUCCESS);
	assert_int_equal(doca_flow_pipe_cfg_set_domain(pc, DOCA_FLOW_PIPE_DOMAIN_SECURE_INGRESS),
	                 DOCA_SUCCESS);
	{
		struct doca_flow_pipe *p = NULL;

		assert_int_equal(doca_flow_pipe_create(pc, &f0, NULL, &p),
		                 DOCA_ERROR_NOT_SUPPORTED);
		t_assert_logged("domain SECURE_INGRESS is not supported by softdpa");
	}
	doca_flow_pipe_cfg_destroy(pc);
	ft_fini();
}

/* A root pipe on port 0 sending 8.8.8.8 to the kernel target and the rest to port 0. */
static void kernel_setup(void)
{
	struct doca_flow_target *t = NULL;
	struct doca_flow_fwd kf, f0 = fwd_of(DOCA_FLOW_FWD_PORT, 0, NULL);
	struct pipe_spec ing = {"TO_KERNEL", DOCA_FLOW_PIPE_DOMAIN_DEFAULT, true, true, false, NULL,
	                        NULL};
	struct doca_flow_pipe *root;

	assert_int_equal(doca_flow_get_target(DOCA_FLOW_TARGET_KERNEL, &t), DOCA_SUCCESS);
	assert_non_null(t);
	memset(&kf, 0, sizeof(kf));
	kf.type = DOCA_FLOW_FWD_TARGET;
	kf.target = t;
	root = pipe_make(ft_ports[0], &ing, DOCA_SUCCESS);
	assert_int_equal(add(root, 0x08080808, &kf), DOCA_SUCCESS);
	assert_int_equal(add(root, 0x08080809, &f0), DOCA_SUCCESS);
	ft_process(ft_ports[0]);
}

/* Without a TAP device the kernel target captures and counts what it receives. */
static void test_kernel_target_captured(void **state)
{
	struct softdpa_kernel_stats st;
	struct doca_flow_target *t = NULL;
	struct doca_flow_fwd bad;
	struct pipe_spec eg = {"EG_KERNEL", DOCA_FLOW_PIPE_DOMAIN_EGRESS, false, true, false, NULL,
	                       NULL};
	uint32_t len = 0;

	(void)state;
	assert_int_equal(doca_flow_get_target(DOCA_FLOW_TARGET_KERNEL, &t), DOCA_ERROR_BAD_STATE);
	setenv("SOFTDPA_KERNEL_TAP", "0", 1);
	ft_init("vnf,hws", 0, 0, 0, 1);
	assert_int_equal(doca_flow_get_target(DOCA_FLOW_TARGET_KERNEL, NULL),
	                 DOCA_ERROR_INVALID_VALUE);
	assert_int_equal(doca_flow_get_target((enum doca_flow_target_type)7, &t),
	                 DOCA_ERROR_INVALID_VALUE);
	t_assert_logged("unknown target type 7");
	/* a target that doca_flow_get_target did not return */
	memset(&bad, 0, sizeof(bad));
	bad.type = DOCA_FLOW_FWD_TARGET;
	bad.target = (struct doca_flow_target *)&bad;
	eg.domain = DOCA_FLOW_PIPE_DOMAIN_DEFAULT;
	eg.fwd = &bad;
	assert_null(pipe_make(ft_ports[0], &eg, DOCA_ERROR_INVALID_VALUE));
	t_assert_logged("fwd target is not a target");
	kernel_setup();
	/* an egress pipe outside switch mode does not reach the kernel */
	assert_int_equal(doca_flow_get_target(DOCA_FLOW_TARGET_KERNEL, &t), DOCA_SUCCESS);
	bad.target = t;
	eg.domain = DOCA_FLOW_PIPE_DOMAIN_EGRESS;
	assert_null(pipe_make(ft_ports[0], &eg, DOCA_ERROR_INVALID_VALUE));
	t_assert_logged("forwards to a target");

	ft_inject(0, in, ft_udp4(in, 0x01020304, 0x08080808, 1, 2));
	ft_inject(0, in, ft_udp4(in, 0x01020304, 0x08080809, 1, 2));
	ft_sync();
	assert_int_equal(ft_drain_all(0), 1);
	assert_int_equal(softdpa_port_kernel_stats(0, &st), DOCA_SUCCESS);
	assert_int_equal(st.frames, 1);
	assert_int_equal(st.bytes, 64);
	assert_int_equal(st.captured, 1);
	assert_int_equal(st.tap, 0);
	assert_int_equal(softdpa_port_kernel_drain(0, out, 10, &len), DOCA_ERROR_NO_MEMORY);
	assert_int_equal(softdpa_port_kernel_drain(0, out, sizeof(out), &len), DOCA_SUCCESS);
	assert_int_equal(len, 64);
	ft_udp4(in, 0x01020304, 0x08080808, 1, 2);
	assert_memory_equal(out, in, 64);
	assert_int_equal(softdpa_port_kernel_drain(0, out, sizeof(out), &len), DOCA_ERROR_EMPTY);
	assert_int_equal(softdpa_port_kernel_drain(64, out, sizeof(out), &len),
	                 DOCA_ERROR_INVALID_VALUE);
	ft_fini();
	unsetenv("SOFTDPA_KERNEL_TAP");
}

/* With /dev/net/tun usable the frames go to a TAP interface of the host (sdpak<N>);
 * without it, the same run falls back to the capture and says so. */
static void test_kernel_target_tap(void **state)
{
	struct softdpa_kernel_stats st;

	(void)state;
	unsetenv("SOFTDPA_KERNEL_TAP");
	ft_init("vnf,hws", 1, 0, 0, 1);
	kernel_setup();
	ft_inject(0, in, ft_udp4(in, 0x01020304, 0x08080808, 1, 2));
	ft_sync();
	assert_int_equal(softdpa_port_kernel_stats(0, &st), DOCA_SUCCESS);
	assert_int_equal(st.frames, 1);
	if (st.tap) {
		assert_int_equal(strncmp(st.ifname, "sdpak", 5), 0);
		assert_int_equal(st.dropped, 0);
		assert_int_equal(st.captured, 0);
	} else {
		t_assert_logged("no TAP device for the kernel target");
		assert_int_equal(st.captured, 1);
	}
	ft_fini();
}

/* The embedded switch's loopback (docs/FLOW.md "Domains"): a frame leaving a port started on
 * a device, with that device's MAC as destination, comes back into the port's ingress, as
 * NVIDIA's flow_loopback re-injects frames. Port 0 has a device: 8.8.8.8 is rewritten to
 * 8.8.8.9 with port 0's MAC and sent out of port 0, comes back and leaves by port 1;
 * 8.8.8.10 comes back to the same entry every time, and the ninth return is a loop drop. */
static void test_loopback_own_mac(void **state)
{
	struct doca_devinfo **list;
	struct doca_dev *dev;
	struct doca_flow_port_cfg *pc;
	struct doca_flow_pipe_cfg *cfg;
	struct doca_flow_match m;
	struct doca_flow_actions a, *aa[1] = {&a};
	struct doca_flow_fwd f0 = fwd_of(DOCA_FLOW_FWD_PORT, 0, NULL);
	struct doca_flow_fwd f1 = fwd_of(DOCA_FLOW_FWD_PORT, 1, NULL);
	struct doca_flow_fwd f_any = fwd_of(DOCA_FLOW_FWD_PORT, 0xffff, NULL);
	struct doca_flow_pipe *p;
	struct doca_flow_pipe_entry *e;
	uint8_t mac[6];
	uint32_t n;

	(void)state;
	ft_init("vnf,hws", 0, 0, 0, 0);
	assert_int_equal(doca_devinfo_create_list(&list, &n), DOCA_SUCCESS);
	assert_true(n > 0);
	assert_int_equal(doca_devinfo_get_mac_addr(list[0], mac, sizeof(mac)), DOCA_SUCCESS);
	assert_int_equal(doca_dev_open(list[0], &dev), DOCA_SUCCESS);
	for (uint16_t i = 0; i < 2; i++) {
		assert_int_equal(doca_flow_port_cfg_create(&pc), DOCA_SUCCESS);
		assert_int_equal(doca_flow_port_cfg_set_port_id(pc, i), DOCA_SUCCESS);
		if (i == 0)
			assert_int_equal(doca_flow_port_cfg_set_dev(pc, dev), DOCA_SUCCESS);
		assert_int_equal(doca_flow_port_start(pc, &ft_ports[i]), DOCA_SUCCESS);
		assert_int_equal(doca_flow_port_cfg_destroy(pc), DOCA_SUCCESS);
	}
	memset(&m, 0, sizeof(m));
	memset(&a, 0, sizeof(a));
	m.outer.l3_type = DOCA_FLOW_L3_TYPE_IP4;
	m.outer.ip4.dst_ip = 0xffffffff;
	memset(a.outer.eth.dst_mac, 0xff, 6);
	a.outer.l3_type = DOCA_FLOW_L3_TYPE_IP4;
	a.outer.ip4.dst_ip = 0xffffffff;
	assert_int_equal(doca_flow_pipe_cfg_create(&cfg, ft_ports[0]), DOCA_SUCCESS);
	assert_int_equal(doca_flow_pipe_cfg_set_name(cfg, "ROOT"), DOCA_SUCCESS);
	assert_int_equal(doca_flow_pipe_cfg_set_is_root(cfg, true), DOCA_SUCCESS);
	assert_int_equal(doca_flow_pipe_cfg_set_nr_entries(cfg, 8), DOCA_SUCCESS);
	assert_int_equal(doca_flow_pipe_cfg_set_match(cfg, &m, NULL), DOCA_SUCCESS);
	assert_int_equal(doca_flow_pipe_cfg_set_actions(cfg, aa, NULL, NULL, 1), DOCA_SUCCESS);
	assert_int_equal(doca_flow_pipe_create(cfg, &f_any, NULL, &p), DOCA_SUCCESS);
	doca_flow_pipe_cfg_destroy(cfg);
	/* 8.8.8.8 -> 8.8.8.9 to port 0's MAC, out of port 0 */
	m.outer.ip4.dst_ip = htonl(0x08080808);
	memcpy(a.outer.eth.dst_mac, mac, 6);
	a.outer.ip4.dst_ip = htonl(0x08080809);
	assert_int_equal(doca_flow_pipe_basic_add_entry(0, p, &m, 0, &a, NULL, &f0,
	                                                DOCA_FLOW_ENTRY_FLAGS_NO_WAIT, NULL, &e),
	                 DOCA_SUCCESS);
	/* 8.8.8.9 (the frame that came back) -> port 1, unchanged */
	m.outer.ip4.dst_ip = htonl(0x08080809);
	a.outer.ip4.dst_ip = htonl(0x08080809);
	assert_int_equal(doca_flow_pipe_basic_add_entry(0, p, &m, 0, &a, NULL, &f1,
	                                                DOCA_FLOW_ENTRY_FLAGS_NO_WAIT, NULL, &e),
	                 DOCA_SUCCESS);
	/* 8.8.8.10 -> itself, to port 0's MAC, out of port 0: a loop */
	m.outer.ip4.dst_ip = htonl(0x0808080a);
	a.outer.ip4.dst_ip = htonl(0x0808080a);
	assert_int_equal(doca_flow_pipe_basic_add_entry(0, p, &m, 0, &a, NULL, &f0,
	                                                DOCA_FLOW_ENTRY_FLAGS_NO_WAIT, NULL, &e),
	                 DOCA_SUCCESS);
	ft_process(ft_ports[0]);

	ft_inject(0, in, ft_udp4(in, 0x01020304, 0x08080808, 1, 2));
	ft_sync();
	assert_int_equal(ft_drain(1, out), 64);
	assert_memory_equal(out, mac, 6);
	assert_int_equal(out[30], 8); /* IPv4 destination 8.8.8.9 */
	assert_int_equal(out[33], 9);
	assert_int_equal(ft_drain_all(0), 0); /* it never reached port 0's wire */

	t_log_reset();
	ft_inject(0, in, ft_udp4(in, 0x01020304, 0x0808080a, 1, 2));
	ft_sync();
	assert_int_equal(ft_drain_all(0), 0);
	assert_int_equal(ft_drain_all(1), 0);
	assert_int_equal(ft_dropped(0, SOFTDPA_DROP_LOOP), 1);
	t_assert_logged("port 0: a frame to the port's own MAC came back 8 times; dropped (loop)");

	/* A frame to another MAC leaves port 0 by its wire. */
	m.outer.ip4.dst_ip = htonl(0x0808080b);
	a.outer.ip4.dst_ip = htonl(0x0808080b);
	memcpy(a.outer.eth.dst_mac, new_dst, 6);
	assert_int_equal(doca_flow_pipe_basic_add_entry(0, p, &m, 0, &a, NULL, &f0,
	                                                DOCA_FLOW_ENTRY_FLAGS_NO_WAIT, NULL, &e),
	                 DOCA_SUCCESS);
	ft_process(ft_ports[0]);
	ft_inject(0, in, ft_udp4(in, 0x01020304, 0x0808080b, 1, 2));
	ft_sync();
	assert_int_equal(ft_drain(0, out), 64);
	assert_memory_equal(out, new_dst, 6);
	ft_fini();
	assert_int_equal(doca_dev_close(dev), DOCA_SUCCESS);
	assert_int_equal(doca_devinfo_destroy_list(list), DOCA_SUCCESS);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	        FT_TEST(test_egress_forwarded),       FT_TEST(test_ingress_to_egress_pipe),
	        FT_TEST(test_host_tx_egress),         FT_TEST(test_egress_rules),
	        FT_TEST(test_kernel_target_captured), FT_TEST(test_kernel_target_tap),
	        FT_TEST(test_loopback_own_mac),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
