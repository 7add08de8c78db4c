/* SPDX-License-Identifier: BSD-3-Clause
 * DOCA 3.x names that public DOCA Flow samples use: header constants and layouts,
 * per-port shared resources (PORT resource mode) end to end, doca_flow_cfg_set_definitions
 * and the MPLS label helpers. Every error is checked with its code and exactly one log line.
 */
#include <arpa/inet.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#include "core/config.h"
#include "flow_t.h"

#include <doca_flow_definitions.h>

/* One error: the code, exactly one problem record, and its text. */
#define EXPECT1(call, err, ...)                                                                    \
	do {                                                                                       \
		t_log_reset();                                                                     \
		assert_int_equal((call), (err));                                                   \
		assert_int_equal(t_log_problems(), 1);                                             \
		t_assert_logged(__VA_ARGS__);                                                      \
	} while (0)

#define SAME_OFFSET(type, a, b) assert_int_equal(offsetof(type, a), offsetof(type, b))

/* ------------------------------------------------------------------ constants, layouts */

static void test_constants_and_layouts(void **state)
{
	struct doca_flow_actions a;
	struct doca_flow_tun t;
	struct doca_flow_port_cfg *pc;
	const struct doca_flow_definitions *defs = NULL;

	(void)state;
	(void)defs;
	assert_int_equal(DOCA_FLOW_MAX_ENTRY_ACTIONS_MEM_SIZE, 128);
	/* Host order, as DOCA defines them: samples wrap them in htobe16(). */
	assert_int_equal(DOCA_FLOW_VXLAN_DEFAULT_PORT, 4789);
	assert_int_equal(DOCA_FLOW_VXLAN_GPE_DEFAULT_PORT, 4790);
	assert_int_equal(DOCA_FLOW_MPLS_DEFAULT_PORT, 6635);
	assert_int_equal(DOCA_FLOW_GENEVE_DEFAULT_PORT, 6081);
	assert_int_equal(DOCA_FLOW_GTPU_DEFAULT_PORT, 2152);
	assert_int_equal(DOCA_FLOW_PSP_DEFAULT_PORT, 1000);
	assert_int_equal(DOCA_FLOW_ETHER_TYPE_TEB, 0x6558);
	assert_int_equal(DOCA_FLOW_VXLAN_GPE_TYPE_IPV4, 1);
	assert_int_equal(DOCA_FLOW_VXLAN_GPE_TYPE_IPV6, 2);
	assert_int_equal(DOCA_FLOW_VXLAN_GPE_TYPE_ETH, 3);
	assert_int_equal(DOCA_FLOW_VXLAN_GPE_TYPE_NSH, 4);
	assert_int_equal(DOCA_FLOW_VXLAN_GPE_TYPE_MPLS, 5);

	/* Decap: an Ethernet header and VLANs (not a whole header stack). */
	memset(&a, 0, sizeof(a));
	a.decap_cfg.is_l2 = false;
	a.decap_cfg.eth.type = htons(DOCA_FLOW_ETHER_TYPE_IPV4);
	a.decap_cfg.eth.src_mac[0] = 0xaa;
	a.decap_cfg.l2_valid_headers = DOCA_FLOW_L2_VALID_HEADER_VLAN_0;
	a.decap_cfg.eth_vlan[DOCA_FLOW_VLAN_MAX - 1].tci = htons(7);
	assert_int_equal(sizeof(a.decap_cfg.eth), sizeof(struct doca_flow_header_eth));
	/* Encap: outer and tunnel under .encap. */
	a.encap_cfg.is_l2 = true;
	a.encap_cfg.encap.outer.l3_type = DOCA_FLOW_L3_TYPE_IP4;
	a.encap_cfg.encap.tun.type = DOCA_FLOW_TUN_VXLAN;
	assert_int_equal(sizeof(a.encap_cfg.encap), sizeof(struct doca_flow_encap_action));
	assert_int_equal(offsetof(struct doca_flow_encap_action, outer), 0);
	assert_true(offsetof(struct doca_flow_encap_action, tun) >=
	            sizeof(a.encap_cfg.encap.outer));

	/* Tunnel unions: GPE flags/next protocol share the GBP id; NVGRE shares the GRE key. */
	memset(&t, 0, sizeof(t));
	t.vxlan_gpe_flags = 0x0c;
	t.vxlan_gpe_next_protocol = DOCA_FLOW_VXLAN_GPE_TYPE_IPV4;
	SAME_OFFSET(struct doca_flow_tun, vxlan_gpe_flags, vxlan_gbp_group_policy_id);
	assert_int_equal(offsetof(struct doca_flow_tun, vxlan_gpe_next_protocol),
	                 offsetof(struct doca_flow_tun, vxlan_gpe_flags) + 1);
	t.nvgre_vs_id = htonl(0x123456u << 8);
	t.nvgre_flow_id = 0x78;
	SAME_OFFSET(struct doca_flow_tun, nvgre_vs_id, key_present);
	SAME_OFFSET(struct doca_flow_tun, nvgre_flow_id, gre_key);
	assert_true(offsetof(struct doca_flow_tun, protocol) <
	            offsetof(struct doca_flow_tun, key_present));
	assert_int_equal(((const uint8_t *)&t.gre_key)[0], 0x78); /* shared storage */

	/* The samples' action memory: next power of two of entries x 128 + 1024. */
	assert_int_equal(doca_flow_port_cfg_create(&pc), DOCA_SUCCESS);
	assert_int_equal(doca_flow_port_cfg_set_actions_mem_size(
	                         pc, 4 * DOCA_FLOW_MAX_ENTRY_ACTIONS_MEM_SIZE + 1024 + 512),
	                 DOCA_SUCCESS);
	EXPECT1(doca_flow_port_cfg_set_actions_mem_size(
	                pc, 4 * DOCA_FLOW_MAX_ENTRY_ACTIONS_MEM_SIZE + 1024),
	        DOCA_ERROR_INVALID_VALUE, "not a power of two");
	assert_int_equal(doca_flow_port_cfg_destroy(pc), DOCA_SUCCESS);
}

/* ------------------------------------------------------------------ PORT resource mode */

/* DOCA Flow in PORT resource mode (no worker threads); port i gets 2 + i COUNTER ids, one
 * RSS id and one METER id. */
static void pm_init(uint32_t nports)
{
	struct doca_flow_cfg *cfg;

	setenv("SOFTDPA_NIC_WORKERS", "0", 1);
	sdpa_config_reload();
	memset(ft_ports, 0, sizeof(ft_ports));
	assert_int_equal(doca_flow_cfg_create(&cfg), DOCA_SUCCESS);
	assert_int_equal(doca_flow_cfg_set_mode_args(cfg, "vnf,hws"), DOCA_SUCCESS);
	assert_int_equal(doca_flow_cfg_set_resource_mode(cfg, DOCA_FLOW_RESOURCE_MODE_PORT),
	                 DOCA_SUCCESS);
	assert_int_equal(doca_flow_init(cfg), DOCA_SUCCESS);
	assert_int_equal(doca_flow_cfg_destroy(cfg), DOCA_SUCCESS);
	for (uint32_t i = 0; i < nports; i++) {
		struct doca_flow_port_cfg *pc;

		assert_int_equal(doca_flow_port_cfg_create(&pc), DOCA_SUCCESS);
		assert_int_equal(doca_flow_port_cfg_set_port_id(pc, (uint16_t)i), DOCA_SUCCESS);
		assert_int_equal(
		        doca_flow_port_cfg_set_nr_resources(pc, DOCA_FLOW_RESOURCE_COUNTER, 2 + i),
		        DOCA_SUCCESS);
		assert_int_equal(doca_flow_port_cfg_set_nr_resources(pc, DOCA_FLOW_RESOURCE_RSS, 1),
		                 DOCA_SUCCESS);
		assert_int_equal(
		        doca_flow_port_cfg_set_nr_resources(pc, DOCA_FLOW_RESOURCE_METER, 1),
		        DOCA_SUCCESS);
		assert_int_equal(doca_flow_port_start(pc, &ft_ports[i]), DOCA_SUCCESS);
		assert_int_equal(doca_flow_port_cfg_destroy(pc), DOCA_SUCCESS);
	}
}

/* A root BASIC pipe matching the outer IPv4 destination per entry, counting into the shared
 * counter each entry names, forwarding to 'to'. */
static struct doca_flow_pipe *counted_pipe(struct doca_flow_port *port, uint16_t to)
{
	struct doca_flow_match m;
	struct doca_flow_monitor mon = {.counter_type = DOCA_FLOW_RESOURCE_TYPE_SHARED};
	struct doca_flow_fwd fwd = {.type = DOCA_FLOW_FWD_PORT, .port_id = to};
	struct doca_flow_pipe_cfg *pc;
	struct doca_flow_pipe *p;

	memset(&m, 0, sizeof(m));
	m.outer.l3_type = DOCA_FLOW_L3_TYPE_IP4;
	m.outer.ip4.dst_ip = 0xffffffff;
	mon.shared_counter.shared_counter_id = UINT32_MAX; /* per entry */
	assert_int_equal(doca_flow_pipe_cfg_create(&pc, port), DOCA_SUCCESS);
	assert_int_equal(doca_flow_pipe_cfg_set_is_root(pc, true), DOCA_SUCCESS);
	assert_int_equal(doca_flow_pipe_cfg_set_match(pc, &m, NULL), DOCA_SUCCESS);
	assert_int_equal(doca_flow_pipe_cfg_set_monitor(pc, &mon), DOCA_SUCCESS);
	assert_int_equal(doca_flow_pipe_create(pc, &fwd, NULL, &p), DOCA_SUCCESS);
	assert_int_equal(doca_flow_pipe_cfg_destroy(pc), DOCA_SUCCESS);
	return p;
}

/* The entry's monitor names 'ctr' with counter_type 'type': on a pipe whose template id is
 * UINT32_MAX the id counts whatever the type (NONE as NVIDIA's flow_shared_counter leaves it). */
static doca_error_t add_counted_as(struct doca_flow_pipe *p, uint32_t dst, uint32_t ctr,
                                   enum doca_flow_resource_type type,
                                   struct doca_flow_pipe_entry **e)
{
	struct doca_flow_match m;
	struct doca_flow_monitor mon = {.counter_type = type};

	memset(&m, 0, sizeof(m));
	m.outer.ip4.dst_ip = htonl(dst);
	mon.shared_counter.shared_counter_id = ctr;
	return doca_flow_pipe_basic_add_entry(0, p, &m, 0, NULL, &mon, NULL,
	                                      DOCA_FLOW_ENTRY_FLAGS_NO_WAIT, NULL, e);
}

static doca_error_t add_counted(struct doca_flow_pipe *p, uint32_t dst, uint32_t ctr,
                                struct doca_flow_pipe_entry **e)
{
	return add_counted_as(p, dst, ctr, DOCA_FLOW_RESOURCE_TYPE_SHARED, e);
}

static void send_n(uint16_t port, uint32_t dst, uint32_t n)
{
	uint8_t f[SOFTDPA_FRAME_MAX];

	for (uint32_t i = 0; i < n; i++)
		ft_inject(port, f, ft_udp4(f, 10 + i, dst, 1000, 2000));
}

static void test_port_shared_counters(void **state)
{
	uint32_t a = UINT32_MAX, b = UINT32_MAX, c = UINT32_MAX, p1[3], ids[2];
	struct doca_flow_shared_resource_cfg sc;
	struct doca_flow_resource_query q[2];
	struct doca_flow_pipe *pipe0, *pipe1;
	struct doca_flow_pipe_entry *ea, *eb, *e1, *bad = NULL;
	struct doca_flow_monitor mon = {.counter_type = DOCA_FLOW_RESOURCE_TYPE_SHARED};
	struct doca_flow_pipe_cfg *pc;

	(void)state;
	pm_init(2);
	/* Port 0 holds two counter ids, the lowest first; the third get finds none. */
	assert_int_equal(doca_flow_port_shared_resource_get(ft_ports[0],
	                                                    DOCA_FLOW_SHARED_RESOURCE_COUNTER, &a),
	                 DOCA_SUCCESS);
	assert_int_equal(doca_flow_port_shared_resource_get(ft_ports[0],
	                                                    DOCA_FLOW_SHARED_RESOURCE_COUNTER, &b),
	                 DOCA_SUCCESS);
	assert_int_equal(a, 0);
	assert_int_equal(b, 1);
	EXPECT1(doca_flow_port_shared_resource_get(ft_ports[0], DOCA_FLOW_SHARED_RESOURCE_COUNTER,
	                                           &c),
	        DOCA_ERROR_EMPTY, "port 0 has no free COUNTER id", "pool of 2",
	        "doca_flow_port_cfg_set_nr_resources");
	assert_int_equal(c, UINT32_MAX); /* untouched */
	/* Port 1 has a pool of its own: its ids start at 0 too. */
	for (uint32_t i = 0; i < 3; i++) {
		assert_int_equal(doca_flow_port_shared_resource_get(
		                         ft_ports[1], DOCA_FLOW_SHARED_RESOURCE_COUNTER, &p1[i]),
		                 DOCA_SUCCESS);
		assert_int_equal(p1[i], i);
	}
	memset(&sc, 0, sizeof(sc));
	assert_int_equal(doca_flow_port_shared_resource_set_cfg(
	                         ft_ports[0], DOCA_FLOW_SHARED_RESOURCE_COUNTER, a, &sc),
	                 DOCA_SUCCESS);
	assert_int_equal(doca_flow_port_shared_resource_set_cfg(
	                         ft_ports[0], DOCA_FLOW_SHARED_RESOURCE_COUNTER, b, NULL),
	                 DOCA_SUCCESS);

	/* Port 0: dst 1 counts in a, dst 2 in b; port 1: dst 1 counts in its id 0. */
	pipe0 = counted_pipe(ft_ports[0], 1);
	pipe1 = counted_pipe(ft_ports[1], 0);
	assert_int_equal(add_counted(pipe0, 1, a, &ea), DOCA_SUCCESS);
	assert_int_equal(add_counted_as(pipe0, 2, b, DOCA_FLOW_RESOURCE_TYPE_NONE, &eb),
	                 DOCA_SUCCESS);
	assert_int_equal(add_counted(pipe1, 1, p1[0], &e1), DOCA_SUCCESS);
	/* An id the port does not hold (port 1 holds 2; port 0 does not). */
	EXPECT1(add_counted(pipe0, 3, 2, &bad), DOCA_ERROR_INVALID_VALUE,
	        "shared counter 2 is not held by port 0", "doca_flow_port_shared_resource_get");
	assert_null(bad);
	/* The template leaves the id to the entry: an entry without a monitor names none. */
	{
		struct doca_flow_match m;

		memset(&m, 0, sizeof(m));
		m.outer.ip4.dst_ip = htonl(4);
		EXPECT1(doca_flow_pipe_basic_add_entry(0, pipe0, &m, 0, NULL, NULL, NULL,
		                                       DOCA_FLOW_ENTRY_FLAGS_NO_WAIT, NULL, &bad),
		        DOCA_ERROR_INVALID_VALUE, "leaves its shared counter id changeable",
		        "shared_counter_id");
		assert_null(bad);
	}
	ft_process(ft_ports[0]);
	ft_process(ft_ports[1]);
	send_n(0, 1, 3);
	send_n(0, 2, 1);
	send_n(1, 1, 5);
	ft_sync();
	assert_int_equal(ft_drain_all(1), 4);
	assert_int_equal(ft_drain_all(0), 5);

	ids[0] = a;
	ids[1] = b;
	assert_int_equal(doca_flow_port_shared_resources_query(
	                         ft_ports[0], DOCA_FLOW_SHARED_RESOURCE_COUNTER, ids, q, 2),
	                 DOCA_SUCCESS);
	assert_int_equal(q[0].counter.total_pkts, 3);
	assert_int_equal(q[0].counter.total_bytes, 3 * 64);
	assert_int_equal(q[1].counter.total_pkts, 1);
	assert_int_equal(q[1].counter.total_bytes, 64);
	assert_int_equal(doca_flow_port_shared_resources_query(
	                         ft_ports[1], DOCA_FLOW_SHARED_RESOURCE_COUNTER, &p1[0], q, 1),
	                 DOCA_SUCCESS);
	assert_int_equal(q[0].counter.total_pkts, 5);
	assert_int_equal(ft_entry_pkts(ea), 3); /* the entry's counter is the shared one */
	assert_int_equal(ft_entry_pkts(e1), 5);

	/* Put b back: it can no longer be queried, configured or put; port 1's id 2 is not
	 * port 0's to put. */
	assert_int_equal(doca_flow_port_shared_resource_put(ft_ports[0],
	                                                    DOCA_FLOW_SHARED_RESOURCE_COUNTER, b),
	                 DOCA_SUCCESS);
	EXPECT1(doca_flow_port_shared_resources_query(ft_ports[0],
	                                              DOCA_FLOW_SHARED_RESOURCE_COUNTER, ids, q, 2),
	        DOCA_ERROR_INVALID_VALUE, "COUNTER id 1 is not held by port 0");
	EXPECT1(doca_flow_port_shared_resource_put(ft_ports[0], DOCA_FLOW_SHARED_RESOURCE_COUNTER,
	                                           b),
	        DOCA_ERROR_INVALID_VALUE, "COUNTER id 1 is not held by port 0");
	EXPECT1(doca_flow_port_shared_resource_set_cfg(ft_ports[0],
	                                               DOCA_FLOW_SHARED_RESOURCE_COUNTER, b, &sc),
	        DOCA_ERROR_INVALID_VALUE, "COUNTER id 1 is not held by port 0");
	EXPECT1(doca_flow_port_shared_resource_put(ft_ports[0], DOCA_FLOW_SHARED_RESOURCE_COUNTER,
	                                           p1[2]),
	        DOCA_ERROR_INVALID_VALUE, "COUNTER id 2 is not held by port 0");
	/* A put id is free again (the lowest), and starts from zero. */
	assert_int_equal(doca_flow_port_shared_resource_get(ft_ports[0],
	                                                    DOCA_FLOW_SHARED_RESOURCE_COUNTER, &c),
	                 DOCA_SUCCESS);
	assert_int_equal(c, b);
	assert_int_equal(doca_flow_port_shared_resources_query(
	                         ft_ports[0], DOCA_FLOW_SHARED_RESOURCE_COUNTER, &c, q, 1),
	                 DOCA_SUCCESS);
	assert_int_equal(q[0].counter.total_pkts, 0);

	/* A pipe-level shared counter must be held by the pipe's port too. */
	mon.shared_counter.shared_counter_id = 5;
	assert_int_equal(doca_flow_pipe_cfg_create(&pc, ft_ports[0]), DOCA_SUCCESS);
	assert_int_equal(doca_flow_pipe_cfg_set_monitor(pc, &mon), DOCA_SUCCESS);
	EXPECT1(doca_flow_pipe_create(pc, NULL, NULL, &pipe1), DOCA_ERROR_INVALID_VALUE,
	        "doca_flow_pipe_create", "shared counter 5 is not held by port 0");
	assert_int_equal(doca_flow_pipe_cfg_destroy(pc), DOCA_SUCCESS);
	ft_fini();
}

static void test_port_shared_rss(void **state)
{
	struct doca_flow_shared_resource_cfg sc;
	struct doca_flow_fwd srss = {.type = DOCA_FLOW_FWD_RSS,
	                             .rss_type = DOCA_FLOW_RESOURCE_TYPE_SHARED};
	struct doca_flow_fwd per_entry = {.type = DOCA_FLOW_FWD_CHANGEABLE};
	struct doca_flow_match m;
	struct doca_flow_pipe_cfg *pc;
	struct doca_flow_pipe *p;
	struct doca_flow_pipe_entry *e;
	struct softdpa_frame fr[2];
	uint16_t q3 = 3;
	uint32_t id = UINT32_MAX;
	uint64_t drops;

	(void)state;
	pm_init(1);
	memset(&m, 0, sizeof(m));
	m.outer.ip4.dst_ip = 0xffffffff;
	assert_int_equal(doca_flow_pipe_cfg_create(&pc, ft_ports[0]), DOCA_SUCCESS);
	assert_int_equal(doca_flow_pipe_cfg_set_is_root(pc, true), DOCA_SUCCESS);
	assert_int_equal(doca_flow_pipe_cfg_set_match(pc, &m, NULL), DOCA_SUCCESS);
	assert_int_equal(doca_flow_pipe_create(pc, &per_entry, NULL, &p), DOCA_SUCCESS);
	assert_int_equal(doca_flow_pipe_cfg_destroy(pc), DOCA_SUCCESS);

	assert_int_equal(
	        doca_flow_port_shared_resource_get(ft_ports[0], DOCA_FLOW_SHARED_RESOURCE_RSS, &id),
	        DOCA_SUCCESS);
	assert_int_equal(id, 0);
	srss.shared_rss_id = id;
	m.outer.ip4.dst_ip = htonl(9);
	/* Held but not configured yet. */
	EXPECT1(doca_flow_pipe_basic_add_entry(0, p, &m, 0, NULL, NULL, &srss,
	                                       DOCA_FLOW_ENTRY_FLAGS_NO_WAIT, NULL, &e),
	        DOCA_ERROR_INVALID_VALUE, "shared RSS 0 is not configured on port 0",
	        "doca_flow_port_shared_resource_set_cfg");
	EXPECT1(doca_flow_port_shared_resource_set_cfg(ft_ports[0], DOCA_FLOW_SHARED_RESOURCE_RSS,
	                                               id, NULL),
	        DOCA_ERROR_INVALID_VALUE, "RSS 0 needs a cfg");
	memset(&sc, 0, sizeof(sc));
	sc.rss_cfg.queues_array = &q3;
	sc.rss_cfg.nr_queues = 1;
	assert_int_equal(doca_flow_port_shared_resource_set_cfg(
	                         ft_ports[0], DOCA_FLOW_SHARED_RESOURCE_RSS, id, &sc),
	                 DOCA_SUCCESS);
	assert_int_equal(doca_flow_pipe_basic_add_entry(0, p, &m, 0, NULL, NULL, &srss,
	                                                DOCA_FLOW_ENTRY_FLAGS_NO_WAIT, NULL, &e),
	                 DOCA_SUCCESS);
	ft_process(ft_ports[0]);
	send_n(0, 9, 1);
	ft_sync();
	assert_int_equal(softdpa_port_rx_burst(0, 3, fr, 2), 1);
	assert_int_equal(fr[0].queue, 3);
	/* Put back: the entry that still names it drops, counted as a rule drop. */
	assert_int_equal(
	        doca_flow_port_shared_resource_put(ft_ports[0], DOCA_FLOW_SHARED_RESOURCE_RSS, id),
	        DOCA_SUCCESS);
	drops = ft_dropped(0, SOFTDPA_DROP_RULE);
	send_n(0, 9, 1);
	ft_sync();
	assert_int_equal(softdpa_port_rx_burst(0, 3, fr, 2), 0);
	assert_int_equal(ft_dropped(0, SOFTDPA_DROP_RULE), drops + 1);
	ft_fini();
}

static void test_port_shared_errors(void **state)
{
	uint64_t fake[64] = {0}; /* not a port */
	struct doca_flow_port *nap = (struct doca_flow_port *)fake;
	struct doca_flow_shared_resource_cfg sc;
	struct doca_flow_resource_query q;
	uint32_t id = 0, meter = UINT32_MAX;

	(void)state;
	memset(&sc, 0, sizeof(sc));
	pm_init(1);
	EXPECT1(doca_flow_port_shared_resource_get(NULL, DOCA_FLOW_SHARED_RESOURCE_COUNTER, &id),
	        DOCA_ERROR_INVALID_VALUE, "doca_flow_port_shared_resource_get",
	        "not a started port");
	EXPECT1(doca_flow_port_shared_resource_get(nap, DOCA_FLOW_SHARED_RESOURCE_COUNTER, &id),
	        DOCA_ERROR_INVALID_VALUE, "not a started port", "doca_flow_port_start");
	EXPECT1(doca_flow_port_shared_resource_get(ft_ports[0], DOCA_FLOW_SHARED_RESOURCE_COUNTER,
	                                           NULL),
	        DOCA_ERROR_INVALID_VALUE, "res_id is NULL");
	EXPECT1(doca_flow_port_shared_resource_get(ft_ports[0],
	                                           (enum doca_flow_shared_resource_type)9, &id),
	        DOCA_ERROR_INVALID_VALUE, "unknown shared resource type 9");
	/* A type with no pool (PSP: nr_resources 0) is empty from the start. */
	EXPECT1(doca_flow_port_shared_resource_get(ft_ports[0], DOCA_FLOW_SHARED_RESOURCE_PSP, &id),
	        DOCA_ERROR_EMPTY, "no free PSP id", "pool of 0");
	EXPECT1(doca_flow_port_shared_resource_put(NULL, DOCA_FLOW_SHARED_RESOURCE_COUNTER, 0),
	        DOCA_ERROR_INVALID_VALUE, "doca_flow_port_shared_resource_put",
	        "not a started port");
	EXPECT1(doca_flow_port_shared_resource_put(ft_ports[0], DOCA_FLOW_SHARED_RESOURCE_COUNTER,
	                                           0),
	        DOCA_ERROR_INVALID_VALUE, "COUNTER id 0 is not held by port 0");
	EXPECT1(doca_flow_port_shared_resource_set_cfg(nap, DOCA_FLOW_SHARED_RESOURCE_COUNTER, 0,
	                                               &sc),
	        DOCA_ERROR_INVALID_VALUE, "doca_flow_port_shared_resource_set_cfg",
	        "not a started port");
	EXPECT1(doca_flow_port_shared_resources_query(NULL, DOCA_FLOW_SHARED_RESOURCE_COUNTER, &id,
	                                              &q, 1),
	        DOCA_ERROR_INVALID_VALUE, "doca_flow_port_shared_resources_query",
	        "not a started port");
	EXPECT1(doca_flow_port_shared_resources_query(
	                ft_ports[0], DOCA_FLOW_SHARED_RESOURCE_COUNTER, NULL, &q, 1),
	        DOCA_ERROR_INVALID_VALUE, "NULL arrays or length 0");
	EXPECT1(doca_flow_port_shared_resources_query(
	                ft_ports[0], DOCA_FLOW_SHARED_RESOURCE_COUNTER, &id, NULL, 1),
	        DOCA_ERROR_INVALID_VALUE, "NULL arrays or length 0");
	EXPECT1(doca_flow_port_shared_resources_query(
	                ft_ports[0], DOCA_FLOW_SHARED_RESOURCE_COUNTER, &id, &q, 0),
	        DOCA_ERROR_INVALID_VALUE, "NULL arrays or length 0");
	EXPECT1(doca_flow_port_shared_resources_query(ft_ports[0], DOCA_FLOW_SHARED_RESOURCE_RSS,
	                                              &id, &q, 1),
	        DOCA_ERROR_NOT_SUPPORTED, "RSS resources have no counters");
	/* A port's meter: configured like a global one (a zeroed cfg is a valid RFC 2697
	 * meter of rate 0), a bad cfg refused (tests/flow/test_flow_meter.c meters traffic). */
	assert_int_equal(doca_flow_port_shared_resource_get(
	                         ft_ports[0], DOCA_FLOW_SHARED_RESOURCE_METER, &meter),
	                 DOCA_SUCCESS);
	assert_int_equal(meter, 0);
	assert_int_equal(doca_flow_port_shared_resource_set_cfg(
	                         ft_ports[0], DOCA_FLOW_SHARED_RESOURCE_METER, meter, &sc),
	                 DOCA_SUCCESS);
	sc.meter_cfg.limit_type = (enum doca_flow_meter_limit_type)5;
	EXPECT1(doca_flow_port_shared_resource_set_cfg(ft_ports[0], DOCA_FLOW_SHARED_RESOURCE_METER,
	                                               meter, &sc),
	        DOCA_ERROR_INVALID_VALUE, "meter_cfg.limit_type 5");
	memset(&sc, 0, sizeof(sc));
	assert_int_equal(doca_flow_port_shared_resource_put(ft_ports[0],
	                                                    DOCA_FLOW_SHARED_RESOURCE_METER, meter),
	                 DOCA_SUCCESS);
	ft_fini();

	/* SYSTEM resource mode: no per-port pools. */
	ft_init("vnf,hws", 0, 0, 0, 1);
	EXPECT1(doca_flow_port_shared_resource_get(ft_ports[0], DOCA_FLOW_SHARED_RESOURCE_COUNTER,
	                                           &id),
	        DOCA_ERROR_NOT_SUPPORTED, "doca_flow_port_shared_resource_get",
	        "SYSTEM resource mode", "DOCA_FLOW_RESOURCE_MODE_PORT");
	EXPECT1(doca_flow_port_shared_resource_put(ft_ports[0], DOCA_FLOW_SHARED_RESOURCE_COUNTER,
	                                           0),
	        DOCA_ERROR_NOT_SUPPORTED, "doca_flow_port_shared_resource_put",
	        "SYSTEM resource mode");
	EXPECT1(doca_flow_port_shared_resource_set_cfg(ft_ports[0],
	                                               DOCA_FLOW_SHARED_RESOURCE_COUNTER, 0, &sc),
	        DOCA_ERROR_NOT_SUPPORTED, "doca_flow_port_shared_resource_set_cfg",
	        "SYSTEM resource mode");
	EXPECT1(doca_flow_port_shared_resources_query(
	                ft_ports[0], DOCA_FLOW_SHARED_RESOURCE_COUNTER, &id, &q, 1),
	        DOCA_ERROR_NOT_SUPPORTED, "doca_flow_port_shared_resources_query",
	        "SYSTEM resource mode");
	ft_fini();
	/* Not initialised: no port can be started. */
	EXPECT1(doca_flow_port_shared_resource_get(nap, DOCA_FLOW_SHARED_RESOURCE_COUNTER, &id),
	        DOCA_ERROR_INVALID_VALUE, "not a started port");
}

/* ------------------------------------------------------------------ definitions */

static void test_set_definitions(void **state)
{
	struct doca_flow_cfg *cfg;
	uint64_t opaque[4] = {0};
	const struct doca_flow_definitions *defs = (const struct doca_flow_definitions *)opaque;

	(void)state;
	EXPECT1(doca_flow_cfg_set_definitions(NULL, defs), DOCA_ERROR_INVALID_VALUE,
	        "doca_flow_cfg_set_definitions", "cfg is NULL");
	assert_int_equal(doca_flow_cfg_create(&cfg), DOCA_SUCCESS);
	EXPECT1(doca_flow_cfg_set_definitions(cfg, NULL), DOCA_ERROR_INVALID_VALUE,
	        "doca_flow_cfg_set_definitions", "defs is NULL");
	/* Kept by reference: doca_flow_init finds that this is no definitions object. */
	assert_int_equal(doca_flow_cfg_set_definitions(cfg, defs), DOCA_SUCCESS);
	assert_int_equal(doca_flow_cfg_set_mode_args(cfg, "vnf,hws"), DOCA_SUCCESS);
	EXPECT1(doca_flow_init(cfg), DOCA_ERROR_INVALID_VALUE, "doca_flow_init",
	        "definitions set by doca_flow_cfg_set_definitions were destroyed");
	/* Real (empty) definitions: DOCA Flow runs with them. test_flow_custom_header_api.c
	 * uses definitions with fields. */
	{
		struct doca_flow_definitions_cfg *dc;
		struct doca_flow_definitions *d;

		assert_int_equal(doca_flow_definitions_cfg_create(&dc), DOCA_SUCCESS);
		assert_int_equal(doca_flow_definitions_create(dc, &d), DOCA_SUCCESS);
		assert_int_equal(doca_flow_definitions_cfg_destroy(dc), DOCA_SUCCESS);
		assert_int_equal(doca_flow_cfg_set_definitions(cfg, d), DOCA_SUCCESS);
		assert_int_equal(doca_flow_init(cfg), DOCA_SUCCESS);
		doca_flow_definitions_destroy(d); /* DOCA Flow keeps its copy */
	}
	assert_int_equal(doca_flow_cfg_destroy(cfg), DOCA_SUCCESS);
	doca_flow_destroy();
}

/* ------------------------------------------------------------------ Flow Tune */

/* NONE asks for nothing and is accepted; an analysis profile needs the Flow Tune server,
 * which softdpa does not have: refused by name, never accepted without effect. */
static void test_tune_cfg(void **state)
{
	struct doca_flow_cfg *cfg;
	struct doca_flow_tune_cfg *tune;

	(void)state;
	assert_int_equal(doca_flow_cfg_create(&cfg), DOCA_SUCCESS);
	assert_int_equal(doca_flow_tune_cfg_create(&tune), DOCA_SUCCESS);
	assert_int_equal(doca_flow_cfg_set_tune_cfg(cfg, tune), DOCA_SUCCESS);
	assert_int_equal(doca_flow_tune_cfg_set_profile(tune, DOCA_FLOW_TUNE_PROFILE_FULL),
	                 DOCA_SUCCESS);
	EXPECT1(doca_flow_cfg_set_tune_cfg(cfg, tune), DOCA_ERROR_NOT_SUPPORTED,
	        "doca_flow_cfg_set_tune_cfg", "FULL profile is not supported");
	assert_int_equal(doca_flow_tune_cfg_set_profile(tune, DOCA_FLOW_TUNE_PROFILE_PIPELINE),
	                 DOCA_SUCCESS);
	EXPECT1(doca_flow_cfg_set_tune_cfg(cfg, tune), DOCA_ERROR_NOT_SUPPORTED,
	        "doca_flow_cfg_set_tune_cfg", "PIPELINE profile is not supported");
	EXPECT1(doca_flow_cfg_set_tune_cfg(cfg, NULL), DOCA_ERROR_INVALID_VALUE,
	        "doca_flow_cfg_set_tune_cfg", "tune_cfg is NULL");
	assert_int_equal(doca_flow_tune_cfg_destroy(tune), DOCA_SUCCESS);
	assert_int_equal(doca_flow_cfg_destroy(cfg), DOCA_SUCCESS);
}

/* ------------------------------------------------------------------ MPLS */

static void test_mpls_labels(void **state)
{
	static const struct {
		uint32_t label;
		uint8_t tc, ttl;
		bool bos;
	} v[] = {{0, 0, 0, false},
	         {0xababa, 5, 64, true},
	         {0xfffff, 7, 255, true},
	         {16, 1, 1, false}};
	struct doca_flow_header_mpls h;
	uint32_t label;
	uint8_t tc, ttl;
	bool bos;

	(void)state;
	/* The wire layout: label(20) | TC(3) | S(1) | TTL(8), network order. */
	assert_int_equal(doca_flow_mpls_label_encode(0xababa, 5, 64, true, &h), DOCA_SUCCESS);
	assert_memory_equal(&h.label, "\xab\xab\xab\x40", 4);
	assert_int_equal(doca_flow_mpls_label_encode(1, 0, 2, false, &h), DOCA_SUCCESS);
	assert_memory_equal(&h.label, "\x00\x00\x10\x02", 4);
	for (size_t i = 0; i < sizeof(v) / sizeof(v[0]); i++) {
		assert_int_equal(
		        doca_flow_mpls_label_encode(v[i].label, v[i].tc, v[i].ttl, v[i].bos, &h),
		        DOCA_SUCCESS);
		assert_int_equal(doca_flow_mpls_label_decode(&h, &label, &tc, &ttl, &bos),
		                 DOCA_SUCCESS);
		assert_int_equal(label, v[i].label);
		assert_int_equal(tc, v[i].tc);
		assert_int_equal(ttl, v[i].ttl);
		assert_int_equal(bos, v[i].bos);
	}
	memset(&h, 0x5a, sizeof(h));
	EXPECT1(doca_flow_mpls_label_encode(0x100000, 0, 0, true, &h), DOCA_ERROR_INVALID_VALUE,
	        "doca_flow_mpls_label_encode", "wider than 20 bits");
	EXPECT1(doca_flow_mpls_label_encode(1, 8, 0, true, &h), DOCA_ERROR_INVALID_VALUE,
	        "traffic class is wider than 3 bits");
	assert_memory_equal(&h.label, "\x5a\x5a\x5a\x5a", 4); /* untouched */
	EXPECT1(doca_flow_mpls_label_encode(1, 0, 0, true, NULL), DOCA_ERROR_INVALID_VALUE,
	        "mpls is NULL");
	EXPECT1(doca_flow_mpls_label_decode(NULL, &label, &tc, &ttl, &bos),
	        DOCA_ERROR_INVALID_VALUE, "doca_flow_mpls_label_decode", "mpls is NULL");
	EXPECT1(doca_flow_mpls_label_decode(&h, NULL, &tc, &ttl, &bos), DOCA_ERROR_INVALID_VALUE,
	        "label is NULL");
	EXPECT1(doca_flow_mpls_label_decode(&h, &label, NULL, &ttl, &bos), DOCA_ERROR_INVALID_VALUE,
	        "traffic_class is NULL");
	EXPECT1(doca_flow_mpls_label_decode(&h, &label, &tc, NULL, &bos), DOCA_ERROR_INVALID_VALUE,
	        "ttl is NULL");
	EXPECT1(doca_flow_mpls_label_decode(&h, &label, &tc, &ttl, NULL), DOCA_ERROR_INVALID_VALUE,
	        "bottom_of_stack is NULL");
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	        FT_TEST(test_constants_and_layouts),
	        FT_TEST(test_port_shared_counters),
	        FT_TEST(test_port_shared_rss),
	        FT_TEST(test_port_shared_errors),
	        FT_TEST(test_set_definitions),
	        FT_TEST(test_mpls_labels),
	        FT_TEST(test_tune_cfg),
	};

	return cmocka_run_group_tests_name("flow_compat", tests, NULL, NULL);
}
