/* SPDX-License-Identifier: BSD-3-Clause
 * softdpa's ports as DPDK ports (docs/DPDK.md), on the DPDK the machine has: the EAL comes
 * up through doca_argp's DPDK callback as NVIDIA's samples bring it up (no hugepages, no
 * root), doca_dpdk probes the emulated devices, and the ethdev calls see a BlueField-3.
 *
 * The EAL can come up once per process, so the cases run in order on one EAL and share
 * its ports: device 0 (PF 03:00.0, two VF representors) is DPDK ports 0-2, device 1 (PF
 * 04:00.0, none) port 3; DOCA Flow port 3 drives the traffic cases.
 */
#include <arpa/inet.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <rte_eal.h>
#include <sched.h>
#include <rte_ethdev.h>
#include <rte_flow.h>
#include <rte_mbuf.h>
#include <rte_thash.h>

#include <doca_argp.h>
#include <doca_dev.h>
#include <doca_dpdk.h>
#include <doca_flow.h>
#include <softdpa.h>

#include "core/config.h"
#include "core/devices.h"
#include "core/dpdk_eal.h"
#include "flow_t.h"

enum { NQ = 4, VNF_PORT = 3 };

static struct {
	struct doca_devinfo **list;
	struct doca_devinfo_rep **reps;
	struct doca_dev *dev[2];
	struct doca_dev_rep *rep[2];
	struct rte_mempool *pool;
	struct doca_flow_port *port;
	int eal_argc;
	char eal_argv[32][64];
} g;

/* What NVIDIA's samples do in their DPDK callback (dpdk_init_without_probing): the EAL
 * flags, plus an allow-list naming no real device. */
static doca_error_t dpdk_cb(int argc, char **argv)
{
	char *args[64];
	int n = 0;

	for (int i = 0; i < argc && n < 60; i++)
		args[n++] = argv[i];
	g.eal_argc = argc;
	for (int i = 0; i < argc && i < 32; i++)
		snprintf(g.eal_argv[i], sizeof(g.eal_argv[i]), "%s", argv[i]);
	args[n++] = "-a";
	args[n++] = "pci:00:00.0";
	args[n++] = "-a";
	args[n++] = "auxiliary:";
	args[n] = NULL;
	return rte_eal_init(n, args) < 0 ? DOCA_ERROR_DRIVER : DOCA_SUCCESS;
}

static bool eal_has(const char *word)
{
	for (int i = 0; i < g.eal_argc && i < 32; i++)
		if (strcmp(g.eal_argv[i], word) == 0)
			return true;
	return false;
}

static int group_setup(void **state)
{
	char *argv[] = {"test_dpdk", "-l", "0", "--log-level", "lib.eal:warning", "--", NULL};
	uint32_t n = 0, nreps = 0;

	(void)state;
	setenv("SOFTDPA_DEVICES", "pci=0000:03:00.0,reps=2;pci=0000:04:00.0,reps=0", 1);
	setenv("SOFTDPA_NIC_WORKERS", "0", 1);
	sdpa_config_reload();
	sdpa_devices_reload();
	if (doca_argp_init("test_dpdk", NULL) != DOCA_SUCCESS)
		return -1;
	doca_argp_set_dpdk_program(dpdk_cb);
	if (doca_argp_start(6, argv) != DOCA_SUCCESS)
		return -1;
	if (doca_devinfo_create_list(&g.list, &n) != DOCA_SUCCESS || n != 2)
		return -1;
	for (uint32_t i = 0; i < 2; i++)
		if (doca_dev_open(g.list[i], &g.dev[i]) != DOCA_SUCCESS ||
		    sdpa_dev_id(g.dev[i]) != i)
			return -1;
	if (doca_devinfo_rep_create_list(g.dev[0], DOCA_DEVINFO_REP_FILTER_NET, &g.reps, &nreps) !=
	            DOCA_SUCCESS ||
	    nreps != 2)
		return -1;
	for (int i = 0; i < 2; i++)
		if (doca_dev_rep_open(g.reps[i], &g.rep[i]) != DOCA_SUCCESS)
			return -1;
	return 0;
}

static int group_teardown(void **state)
{
	(void)state;
	for (int i = 1; i >= 0; i--)
		if (g.rep[i] != NULL)
			(void)doca_dev_rep_close(g.rep[i]);
	if (g.reps != NULL)
		(void)doca_devinfo_rep_destroy_list(g.reps);
	for (int i = 1; i >= 0; i--)
		if (g.dev[i] != NULL)
			(void)doca_dev_close(g.dev[i]);
	if (g.list != NULL)
		(void)doca_devinfo_destroy_list(g.list);
	doca_argp_destroy();
	return 0;
}

/* The EAL is up without hugepages, root or real PCI devices, with softdpa's options. */
static void test_eal_no_root(void **state)
{
	(void)state;
	assert_true(eal_has("--no-huge"));
	assert_true(eal_has("--no-shconf"));
	assert_true(eal_has("--no-pci"));
	assert_int_equal(rte_eal_has_hugepages(), 0);
	assert_int_equal(rte_eal_iova_mode(), RTE_IOVA_VA);
	/* the samples' allow-list names no emulated device: no port until doca_dpdk probes */
	assert_int_equal(rte_eth_dev_count_avail(), 0);
}

static int find_word(int argc, char **argv, const char *word)
{
	for (int i = 0; i < argc; i++)
		if (strcmp(argv[i], word) == 0)
			return i;
	return -1;
}

/* An -a naming an emulated device becomes its vdev, devargs kept; options the program gave
 * are not added again. */
static void test_eal_args(void **state)
{
	const char *words[] = {"prog",
	                       "-a",
	                       "0000:04:00.0,dv_flow_en=2",
	                       "-a",
	                       "pci:00:00.0",
	                       "-m",
	                       "64",
	                       "--file-prefix=x"};
	char **argv = calloc(9, sizeof(*argv));
	int argc = 8, at;

	(void)state;
	assert_non_null(argv);
	for (int i = 0; i < argc; i++)
		argv[i] = strdup(words[i]);
	assert_int_equal(sdpa_dpdk_eal_extend(&argc, &argv), DOCA_SUCCESS);
	assert_null(argv[argc]);
	for (int i = 0; i < 8; i++)
		assert_string_equal(argv[i], words[i]);
	at = find_word(argc, argv, "--vdev");
	assert_true(at > 0);
	assert_string_equal(argv[at + 1], "net_softdpa1,dv_flow_en=2");
	assert_int_equal(find_word(argc - at - 2, argv + at + 2, "--vdev"), -1); /* only one */
	assert_true(find_word(argc, argv, "--no-huge") > 7);
	assert_int_equal(find_word(argc, argv, "4096"), -1);        /* -m was given */
	assert_int_equal(find_word(argc, argv, "--no-shconf"), -1); /* so was --file-prefix */
	assert_int_equal(find_word(argc, argv, "--in-memory"), -1);
	assert_true(find_word(argc, argv, "--no-pci") > 0);
	for (int i = 0; i < argc; i++)
		free(argv[i]);
	free(argv);
}

/* The lcores of a BlueField-3 (16) over the CPUs this process may use, unless the program
 * names its cores itself. */
static void test_eal_lcores(void **state)
{
	const char *given[][3] = {{"prog", "-l", "0-1"},
	                          {"prog", "-l0", NULL},
	                          {"prog", "-c", "0x3"},
	                          {"prog", "--lcores=0-3", NULL}};
	char expect[64];
	cpu_set_t set;
	int argc, at;
	char **argv;

	(void)state;
	assert_int_equal(sched_getaffinity(0, sizeof(set), &set), 0);
	argv = calloc(2, sizeof(*argv));
	assert_non_null(argv);
	argv[0] = strdup("prog");
	argc = 1;
	assert_int_equal(sdpa_dpdk_eal_extend(&argc, &argv), DOCA_SUCCESS);
	at = -1;
	for (int i = 0; i < argc; i++)
		if (strncmp(argv[i], "--lcores=", 9) == 0)
			at = i;
	if (CPU_COUNT(&set) >= 16) {
		assert_int_equal(at, -1);
	} else {
		int first = 0;

		while (!CPU_ISSET(first, &set))
			first++;
		assert_true(at > 0);
		snprintf(expect, sizeof(expect), "--lcores=(0-15)@(%d", first);
		assert_memory_equal(argv[at], expect, strlen(expect));
		assert_int_equal(argv[at][strlen(argv[at]) - 1], ')');
	}
	for (int i = 0; i < argc; i++)
		free(argv[i]);
	free(argv);

	for (size_t k = 0; k < sizeof(given) / sizeof(given[0]); k++) {
		argv = calloc(4, sizeof(*argv));
		assert_non_null(argv);
		argc = 0;
		for (int i = 0; i < 3 && given[k][i] != NULL; i++)
			argv[argc++] = strdup(given[k][i]);
		assert_int_equal(sdpa_dpdk_eal_extend(&argc, &argv), DOCA_SUCCESS);
		for (int i = 0; i < argc; i++)
			assert_true(strncmp(argv[i], "--lcores=", 9) != 0 ||
			            strcmp(given[k][1], "--lcores=0-3") == 0);
		for (int i = 0; i < argc; i++)
			free(argv[i]);
		free(argv);
	}
}

/* Probes DPDK refuses leave nothing behind: the same devices probe cleanly afterwards. */
static void test_probe_errors(void **state)
{
	struct doca_dev *dev = NULL;
	uint16_t port = 0;

	(void)state;
	t_log_reset();
	assert_int_equal(doca_dpdk_port_probe(g.dev[1], "representor=vf0"), DOCA_ERROR_DRIVER);
	assert_int_equal(t_log_problems(), 1);
	t_assert_logged("doca_dpdk_port_probe", "DPDK refused to attach 'net_softdpa1'",
	                "representor 0 does not exist", "the device has 0");
	t_log_reset();
	assert_int_equal(doca_dpdk_port_probe(g.dev[0], "dv_flow_en=2,representor=sf[0-1]"),
	                 DOCA_ERROR_DRIVER);
	t_assert_logged("net_softdpa0", "names SF representors", "2 VF representors");
	t_log_reset();
	assert_int_equal(doca_dpdk_port_probe(g.dev[0], "representor=pf1vf0"), DOCA_ERROR_DRIVER);
	t_assert_logged("names pf1", "pf0vf*");
	t_log_reset();
	assert_int_equal(doca_dpdk_port_probe_with_representors(g.dev[1], "", g.rep, 1),
	                 DOCA_ERROR_INVALID_VALUE);
	assert_int_equal(t_log_problems(), 1);
	t_assert_logged("dev_reps[0] is not an open representor of dev");
	t_log_reset();
	assert_int_equal(
	        doca_dpdk_port_probe_with_representors(g.dev[0], "representor=vf0", g.rep, 1),
	        DOCA_ERROR_INVALID_VALUE);
	t_assert_logged("pass them in dev_reps only");
	assert_int_equal(rte_eth_dev_count_avail(), 0);
	t_log_reset();
	assert_int_equal(doca_dpdk_get_first_port_id(g.dev[0], &port), DOCA_ERROR_NOT_FOUND);
	t_assert_logged("has no DPDK port", "doca_dpdk_port_probe");
	t_log_reset();
	assert_int_equal(doca_dpdk_port_as_dev(7, &dev), DOCA_ERROR_NOT_FOUND);
	t_assert_logged("DPDK port 7 is not a softdpa port");
}

static void test_probe(void **state)
{
	struct doca_dev *dev = NULL;
	struct doca_dev_rep *rep = NULL;
	uint16_t port = 0;
	uint8_t cap = 0;

	(void)state;
	assert_int_equal(doca_dpdk_cap_is_rep_port_supported(doca_dev_as_devinfo(g.dev[0]), &cap),
	                 DOCA_SUCCESS);
	assert_int_equal(cap, 1);
	assert_int_equal(
	        doca_dpdk_port_probe_with_representors(
	                g.dev[0], "dv_flow_en=2,fdb_def_rule_en=0,vport_match=1", g.rep, 2),
	        DOCA_SUCCESS);
	assert_int_equal(doca_dpdk_port_probe(g.dev[1], "dv_flow_en=2"), DOCA_SUCCESS);
	assert_int_equal(rte_eth_dev_count_avail(), 4);

	/* DOCA Flow's, DPDK's and softdpa's port ids agree; each port knows its device */
	assert_int_equal(doca_dpdk_get_first_port_id(g.dev[0], &port), DOCA_SUCCESS);
	assert_int_equal(port, 0);
	assert_int_equal(doca_dpdk_get_first_port_id(g.dev[1], &port), DOCA_SUCCESS);
	assert_int_equal(port, VNF_PORT);
	for (uint16_t p = 0; p < 4; p++) {
		assert_int_equal(doca_dpdk_port_as_dev(p, &dev), DOCA_SUCCESS);
		assert_ptr_equal(dev, p < 3 ? g.dev[0] : g.dev[1]);
	}
	assert_int_equal(doca_dpdk_open_dev_rep_by_port_id(2, g.dev[0], &rep), DOCA_SUCCESS);
	assert_int_equal(sdpa_dev_rep_index(rep), 1);
	assert_int_equal(doca_dev_rep_close(rep), DOCA_SUCCESS);
	t_log_reset();
	assert_int_equal(doca_dpdk_open_dev_rep_by_port_id(0, g.dev[0], &rep),
	                 DOCA_ERROR_NOT_FOUND);
	t_assert_logged("not a representor port");

	/* a device probed twice: DRIVER, one line */
	t_log_reset();
	assert_int_equal(doca_dpdk_port_probe(g.dev[1], ""), DOCA_ERROR_DRIVER);
	assert_int_equal(t_log_problems(), 1);
	t_assert_logged("doca_dpdk_port_probe", "already has DPDK ports");
}

static void test_port_info(void **state)
{
	static const uint8_t mac0[6] = {0x02, 0x53, 0x44, 0x50, 0x41, 0x00};
	static const uint8_t mac3[6] = {0x02, 0x53, 0x44, 0x50, 0x41, 0x01};
	static const uint8_t rep1[6] = {0x02, 0x53, 0x44, 0x52, 0x00, 0x01};
	struct rte_eth_dev_info info[4];
	struct rte_ether_addr mac;
	uint16_t mtu = 0;

	(void)state;
	for (uint16_t p = 0; p < 4; p++) {
		assert_int_equal(rte_eth_dev_info_get(p, &info[p]), 0);
		assert_int_equal(info[p].hash_key_size, 40);
		assert_int_equal(info[p].flow_type_rss_offloads &
		                         (RTE_ETH_RSS_IP | RTE_ETH_RSS_UDP | RTE_ETH_RSS_TCP),
		                 RTE_ETH_RSS_IP | RTE_ETH_RSS_UDP | RTE_ETH_RSS_TCP);
		assert_true(info[p].max_rx_queues >= NQ && info[p].max_tx_queues >= NQ);
		assert_int_equal(!!(*info[p].dev_flags & RTE_ETH_DEV_REPRESENTOR),
		                 p == 1 || p == 2);
		assert_int_equal(rte_eth_dev_get_mtu(p, &mtu), 0);
		assert_int_equal(mtu, 1500);
	}
	/* the PF and its representors share a switch domain; the other PF has its own */
	assert_int_equal(info[1].switch_info.domain_id, info[0].switch_info.domain_id);
	assert_int_equal(info[2].switch_info.domain_id, info[0].switch_info.domain_id);
	assert_int_not_equal(info[3].switch_info.domain_id, info[0].switch_info.domain_id);
	assert_int_equal(info[2].switch_info.port_id, 1);
	assert_int_equal(rte_eth_macaddr_get(0, &mac), 0);
	assert_memory_equal(mac.addr_bytes, mac0, 6);
	assert_int_equal(rte_eth_macaddr_get(VNF_PORT, &mac), 0);
	assert_memory_equal(mac.addr_bytes, mac3, 6);
	assert_int_equal(rte_eth_macaddr_get(2, &mac), 0);
	assert_memory_equal(mac.addr_bytes, rep1, 6);
}

/* As NVIDIA's dpdk_utils.c configures a port: RSS on IP/UDP/TCP, a 40-byte key, queues,
 * promiscuous mode; then the link is up at a BlueField-3's speed. */
static void test_configure_rss(void **state)
{
	uint8_t key[40], got[40] = {0};
	struct rte_eth_conf conf = {
	        .rxmode = {.mq_mode = RTE_ETH_MQ_RX_RSS},
	        .rx_adv_conf.rss_conf = {.rss_key = key,
	                                 .rss_key_len = 40,
	                                 .rss_hf = RTE_ETH_RSS_IP | RTE_ETH_RSS_UDP |
	                                           RTE_ETH_RSS_TCP},
	};
	struct rte_eth_rss_conf rss = {.rss_key = got, .rss_key_len = 40};
	struct rte_eth_link link;

	(void)state;
	for (int i = 0; i < 40; i++)
		key[i] = (uint8_t)(i % 2 ? 0x5a : 0x6d);
	assert_int_equal(rte_flow_dynf_metadata_register(), 0);
	g.pool = rte_pktmbuf_pool_create("t_pool", 2047, 0, 0, RTE_MBUF_DEFAULT_BUF_SIZE,
	                                 (int)rte_socket_id());
	assert_non_null(g.pool);
	for (uint16_t p = 0; p < 4; p++) {
		assert_int_equal(rte_eth_dev_configure(p, NQ, NQ, &conf), 0);
		assert_int_equal(rte_eth_promiscuous_enable(p), 0);
		for (uint16_t q = 0; q < NQ; q++) {
			assert_int_equal(rte_eth_rx_queue_setup(p, q, 256, 0, NULL, g.pool), 0);
			assert_int_equal(rte_eth_tx_queue_setup(p, q, 256, 0, NULL), 0);
		}
		assert_int_equal(rte_eth_dev_start(p), 0);
	}
	assert_int_equal(rte_eth_dev_rss_hash_conf_get(VNF_PORT, &rss), 0);
	assert_memory_equal(got, key, 40);
	assert_int_equal(rss.rss_hf, RTE_ETH_RSS_IP | RTE_ETH_RSS_UDP | RTE_ETH_RSS_TCP);
	assert_int_equal(rte_eth_link_get_nowait(VNF_PORT, &link), 0);
	assert_int_equal(link.link_status, RTE_ETH_LINK_UP);
	assert_int_equal(link.link_speed, 400000);
	/* a key of another length is refused; the port keeps working */
	assert_int_equal(rte_eth_dev_stop(1), 0);
	conf.rx_adv_conf.rss_conf.rss_key_len = 52;
	assert_int_equal(rte_eth_dev_configure(1, NQ, NQ, &conf), -EINVAL);
	conf.rx_adv_conf.rss_conf.rss_key_len = 40;
	assert_int_equal(rte_eth_dev_configure(1, NQ, NQ, &conf), 0);
	for (uint16_t q = 0; q < NQ; q++) {
		assert_int_equal(rte_eth_rx_queue_setup(1, q, 256, 0, NULL, g.pool), 0);
		assert_int_equal(rte_eth_tx_queue_setup(1, q, 256, 0, NULL), 0);
	}
	assert_int_equal(rte_eth_dev_start(1), 0);
}

static struct doca_flow_pipe *rss_pipe(struct doca_flow_port *port)
{
	static uint16_t queues[NQ] = {0, 1, 2, 3};
	struct doca_flow_match match = {.parser_meta = {.outer_l3_type = DOCA_FLOW_L3_META_IPV4,
	                                                .outer_l4_type = DOCA_FLOW_L4_META_UDP}};
	struct doca_flow_actions act = {0}, *acts[1] = {&act};
	struct doca_flow_fwd fwd = {.type = DOCA_FLOW_FWD_RSS,
	                            .rss_type = DOCA_FLOW_RESOURCE_TYPE_NON_SHARED};
	struct doca_flow_pipe_cfg *pc;
	struct doca_flow_pipe *pipe;
	struct doca_flow_pipe_entry *e;

	act.meta.pkt_meta = htonl(0x1234);
	fwd.rss.queues_array = queues;
	fwd.rss.nr_queues = NQ;
	fwd.rss.outer_flags = DOCA_FLOW_RSS_IPV4 | DOCA_FLOW_RSS_UDP;
	assert_int_equal(doca_flow_pipe_cfg_create(&pc, port), DOCA_SUCCESS);
	assert_int_equal(doca_flow_pipe_cfg_set_name(pc, "RSS"), DOCA_SUCCESS);
	assert_int_equal(doca_flow_pipe_cfg_set_type(pc, DOCA_FLOW_PIPE_BASIC), DOCA_SUCCESS);
	assert_int_equal(doca_flow_pipe_cfg_set_is_root(pc, true), DOCA_SUCCESS);
	assert_int_equal(doca_flow_pipe_cfg_set_match(pc, &match, NULL), DOCA_SUCCESS);
	assert_int_equal(doca_flow_pipe_cfg_set_actions(pc, acts, NULL, NULL, 1), DOCA_SUCCESS);
	assert_int_equal(doca_flow_pipe_create(pc, &fwd, NULL, &pipe), DOCA_SUCCESS);
	assert_int_equal(doca_flow_pipe_cfg_destroy(pc), DOCA_SUCCESS);
	assert_int_equal(doca_flow_pipe_basic_add_entry(0, pipe, NULL, 0, NULL, NULL, NULL,
	                                                DOCA_FLOW_ENTRY_FLAGS_NO_WAIT, NULL, &e),
	                 DOCA_SUCCESS);
	ft_process(port);
	return pipe;
}

static uint16_t rx_all(uint16_t port, struct rte_mbuf **out, uint16_t *queue_of)
{
	uint16_t n = 0;

	for (uint16_t q = 0; q < NQ; q++) {
		uint16_t got = rte_eth_rx_burst(port, q, out + n, 8);

		for (uint16_t i = 0; i < got; i++)
			queue_of[n + i] = q;
		n += got;
	}
	return n;
}

/* A frame on the port's wire that a pipe sends to RSS arrives on rx_burst of the queue its
 * hash picks, with the hash, the packet type and the pipe's metadata. Before the pipe
 * exists it is dropped, as on hardware, and counted. */
static void test_rss_to_rx_burst(void **state)
{
	struct doca_flow_port_cfg *pcfg;
	struct doca_flow_cfg *cfg;
	struct rte_mbuf *m[16];
	uint16_t qof[16];
	uint8_t frame[128];
	uint32_t len;
	uint16_t n;

	(void)state;
	assert_int_equal(doca_flow_cfg_create(&cfg), DOCA_SUCCESS);
	assert_int_equal(doca_flow_cfg_set_mode_args(cfg, "vnf,hws"), DOCA_SUCCESS);
	assert_int_equal(doca_flow_cfg_set_pipe_queues(cfg, 1), DOCA_SUCCESS);
	assert_int_equal(doca_flow_init(cfg), DOCA_SUCCESS);
	assert_int_equal(doca_flow_cfg_destroy(cfg), DOCA_SUCCESS);
	assert_int_equal(doca_flow_port_cfg_create(&pcfg), DOCA_SUCCESS);
	assert_int_equal(doca_flow_port_cfg_set_port_id(pcfg, VNF_PORT), DOCA_SUCCESS);
	assert_int_equal(doca_flow_port_cfg_set_dev(pcfg, g.dev[1]), DOCA_SUCCESS);
	assert_int_equal(doca_flow_port_start(pcfg, &g.port), DOCA_SUCCESS);
	assert_int_equal(doca_flow_port_cfg_destroy(pcfg), DOCA_SUCCESS);

	len = ft_udp4(frame, 0x0a000001, 0x0a000002, 1000, 2000);
	ft_inject(VNF_PORT, frame, len);
	ft_sync();
	assert_int_equal(ft_dropped(VNF_PORT, SOFTDPA_DROP_NO_PIPE), 1);
	assert_int_equal(rx_all(VNF_PORT, m, qof), 0);

	(void)rss_pipe(g.port);
	for (uint32_t i = 0; i < 8; i++) {
		len = ft_udp4(frame, 0x0a000001 + i, 0x0a000002, (uint16_t)(1000 + i), 2000);
		ft_inject(VNF_PORT, frame, len);
	}
	ft_sync();
	n = rx_all(VNF_PORT, m, qof);
	assert_int_equal(n, 8);
	{
		/* the hash is DPDK's software Toeplitz of (src, dst, sport, dport) with the key
		 * DOCA Flow's RSS uses when none is set: mlx5's default key (D21), whatever key
		 * the port was configured with (an rte_flow RSS action has its own key) */
		static const uint8_t mlx5_key[40] = {
		        0x2c, 0xc6, 0x81, 0xd1, 0x5b, 0xdb, 0xf4, 0xf7, 0xfc, 0xa2,
		        0x83, 0x19, 0xdb, 0x1a, 0x3e, 0x94, 0x6b, 0x9e, 0x38, 0xd9,
		        0x2c, 0x9c, 0x03, 0xd1, 0xad, 0x99, 0x44, 0xa7, 0xd9, 0x56,
		        0x3d, 0x59, 0x06, 0x3c, 0x25, 0xf3, 0xfc, 0x1f, 0xdc, 0x2a};
		for (uint16_t i = 0; i < n; i++) {
			const uint8_t *p = rte_pktmbuf_mtod(m[i], const uint8_t *);
			uint32_t t[3];

			t[0] = (uint32_t)p[26] << 24 | p[27] << 16 | p[28] << 8 | p[29];
			t[1] = (uint32_t)p[30] << 24 | p[31] << 16 | p[32] << 8 | p[33];
			t[2] = (uint32_t)p[34] << 24 | p[35] << 16 | p[36] << 8 | p[37];
			assert_int_equal(m[i]->hash.rss, rte_softrss(t, 3, mlx5_key));
		}
	}
	for (uint16_t i = 0; i < n; i++) {
		assert_true(m[i]->ol_flags & RTE_MBUF_F_RX_RSS_HASH);
		assert_int_equal(m[i]->hash.rss % NQ, qof[i]); /* queues[hash % nr_queues] */
		assert_int_equal(m[i]->packet_type, RTE_PTYPE_L2_ETHER |
		                                            RTE_PTYPE_L3_IPV4_EXT_UNKNOWN |
		                                            RTE_PTYPE_L4_UDP);
		assert_true(m[i]->ol_flags & RTE_MBUF_DYNFLAG_RX_METADATA);
		assert_int_equal(*RTE_FLOW_DYNF_METADATA(m[i]), 0x1234);
		assert_int_equal(m[i]->port, VNF_PORT);
		assert_int_equal(m[i]->pkt_len, len);
		assert_int_equal(m[i]->nb_segs, 1);
		rte_pktmbuf_free(m[i]);
	}
	/* the last frame, byte for byte; no softdpa_nic_sync: with SOFTDPA_NIC_WORKERS=0,
	 * polling rx_burst drives the NIC, as a DPDK program expects */
	ft_inject(VNF_PORT, frame, len);
	n = 0;
	for (time_t end = time(NULL) + 30; n == 0 && time(NULL) < end;)
		n = rx_all(VNF_PORT, m, qof);
	assert_int_equal(n, 1);
	assert_memory_equal(rte_pktmbuf_mtod(m[0], uint8_t *), frame, len);
	rte_pktmbuf_free(m[0]);
}

/* A frame sent with tx_burst enters the eswitch from the host side and leaves the port's
 * own wire; it never meets the ingress pipes (they would have sent it to RSS). */
static void test_tx_burst(void **state)
{
	uint8_t frame[128], out[SOFTDPA_FRAME_MAX];
	struct rte_mbuf *m[2], *seg2;
	uint32_t len = ft_udp4(frame, 0x0a000009, 0x0a000002, 7, 9);
	uint16_t qof[16];
	struct rte_mbuf *rx[16];

	(void)state;
	m[0] = rte_pktmbuf_alloc(g.pool);
	assert_non_null(m[0]);
	memcpy(rte_pktmbuf_append(m[0], (uint16_t)len), frame, len);
	/* the same frame in two segments */
	m[1] = rte_pktmbuf_alloc(g.pool);
	seg2 = rte_pktmbuf_alloc(g.pool);
	assert_non_null(m[1]);
	assert_non_null(seg2);
	memcpy(rte_pktmbuf_append(m[1], 20), frame, 20);
	memcpy(rte_pktmbuf_append(seg2, (uint16_t)(len - 20)), frame + 20, len - 20);
	assert_int_equal(rte_pktmbuf_chain(m[1], seg2), 0);
	assert_int_equal(rte_eth_tx_burst(VNF_PORT, 1, m, 2), 2);
	for (int i = 0; i < 2; i++) {
		assert_int_equal(ft_drain(VNF_PORT, out), len);
		assert_memory_equal(out, frame, len);
	}
	assert_int_equal(ft_drain(VNF_PORT, out), 0);
	ft_sync();
	assert_int_equal(rx_all(VNF_PORT, rx, qof), 0);
	/* a port whose DOCA Flow port is not started: the frame counts as PORT_DOWN */
	m[0] = rte_pktmbuf_alloc(g.pool);
	memcpy(rte_pktmbuf_append(m[0], (uint16_t)len), frame, len);
	assert_int_equal(rte_eth_tx_burst(1, 0, m, 1), 1);
}

/* The port totals are softdpa's port counters; stats_reset starts them from zero. */
static void test_stats(void **state)
{
	struct softdpa_port_stats st;
	struct rte_eth_stats s;
	uint64_t q_in = 0;

	(void)state;
	assert_int_equal(softdpa_port_stats(VNF_PORT, &st), DOCA_SUCCESS);
	assert_int_equal(rte_eth_stats_get(VNF_PORT, &s), 0);
	assert_int_equal(s.ipackets, st.rx_frames);
	assert_int_equal(s.ibytes, st.rx_bytes);
	assert_int_equal(s.opackets, st.tx_frames);
	assert_int_equal(s.obytes, st.tx_bytes);
	assert_int_equal(s.ipackets, 10);
	assert_int_equal(s.opackets, 2);
	for (int q = 0; q < NQ; q++)
		q_in += s.q_ipackets[q];
	assert_int_equal(q_in, 9); /* the first frame came before the pipe */
	assert_int_equal(s.q_opackets[1], 2);
	assert_int_equal(rte_eth_stats_reset(VNF_PORT), 0);
	assert_int_equal(rte_eth_stats_get(VNF_PORT, &s), 0);
	assert_int_equal(s.ipackets + s.opackets + s.q_ipackets[0] + s.q_opackets[1], 0);
}

/* Stop, close, clean up: no leak under ASan, every device closes. */
static void test_teardown(void **state)
{
	struct doca_dev *dev = NULL;

	(void)state;
	assert_int_equal(doca_flow_port_stop(g.port), DOCA_SUCCESS);
	doca_flow_destroy();
	for (uint16_t p = 0; p < 4; p++) {
		assert_int_equal(rte_eth_dev_stop(p), 0);
		assert_int_equal(rte_eth_dev_close(p), 0);
	}
	assert_int_equal(rte_eth_dev_count_avail(), 0);
	rte_mempool_free(g.pool);
	assert_int_equal(rte_eal_cleanup(), 0);
	/* as DOCA's applications do after rte_eal_cleanup (dpdk_fini_with_devs): the device a
	 * closed port was probed with */
	assert_int_equal(doca_dpdk_port_as_dev(VNF_PORT, &dev), DOCA_SUCCESS);
	assert_ptr_equal(dev, g.dev[1]);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	        cmocka_unit_test(test_eal_no_root),   cmocka_unit_test(test_eal_args),
	        cmocka_unit_test(test_eal_lcores),    cmocka_unit_test(test_probe_errors),
	        cmocka_unit_test(test_probe),         cmocka_unit_test(test_port_info),
	        cmocka_unit_test(test_configure_rss), cmocka_unit_test(test_rss_to_rx_burst),
	        cmocka_unit_test(test_tx_burst),      cmocka_unit_test(test_stats),
	        cmocka_unit_test(test_teardown),
	};

	return cmocka_run_group_tests(tests, group_setup, group_teardown);
}
