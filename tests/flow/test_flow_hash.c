/* SPDX-License-Identifier: BSD-3-Clause
 * Hash pipes with real frames (docs/DESIGN_DECISIONS.md D2, D3, D21): index space, H and
 * calc_hash, the six algorithms, the enabled state and the path-selector value.
 */
#include <arpa/inet.h>
#include <stdlib.h>
#include <string.h>

#include <doca_dev.h>

#include "flow_t.h"
#include "nic/flow_hash.h"
#include "nic/flow_priv.h"

static uint8_t in[SOFTDPA_FRAME_MAX], out[SOFTDPA_FRAME_MAX];

/* Reference steering hash of one hashed DWord (D21), bit by bit and independent of the
 * library: CRC-32 (reflected 0xEDB88320, init 0, no final XOR) over a 32-byte match tag
 * whose bytes 20..23 hold the DWord, the register read most significant byte first. */
static uint32_t ref_steer_one_dw(const void *dw)
{
	uint8_t tag[32] = {0};
	uint32_t c = 0;

	memcpy(tag + 20, dw, 4);
	for (uint32_t i = 0; i < sizeof(tag); i++) {
		c ^= tag[i];
		for (int k = 0; k < 8; k++)
			c = (c >> 1) ^ (0xedb88320u & (0u - (c & 1)));
	}
	return (c >> 24) | ((c >> 8) & 0xff00u) | ((c << 8) & 0xff0000u) | (c << 24);
}

static struct doca_flow_pipe *hash_pipe(struct doca_flow_port *port, const char *name,
                                        const struct doca_flow_match *mask, uint32_t nr,
                                        uint32_t algos, bool root,
                                        const struct doca_flow_actions *act)
{
	struct doca_flow_pipe_cfg *pc;
	struct doca_flow_monitor mon;
	struct doca_flow_fwd fwd;
	struct doca_flow_pipe *p;
	struct doca_flow_actions *acts[1];

	memset(&mon, 0, sizeof(mon));
	memset(&fwd, 0, sizeof(fwd));
	mon.counter_type = DOCA_FLOW_RESOURCE_TYPE_NON_SHARED;
	fwd.type = DOCA_FLOW_FWD_PORT;
	fwd.port_id = 0xffff;
	assert_int_equal(doca_flow_pipe_cfg_create(&pc, port), DOCA_SUCCESS);
	assert_int_equal(doca_flow_pipe_cfg_set_name(pc, name), DOCA_SUCCESS);
	assert_int_equal(doca_flow_pipe_cfg_set_type(pc, DOCA_FLOW_PIPE_HASH), DOCA_SUCCESS);
	assert_int_equal(doca_flow_pipe_cfg_set_is_root(pc, root), DOCA_SUCCESS);
	assert_int_equal(doca_flow_pipe_cfg_set_nr_entries(pc, nr), DOCA_SUCCESS);
	assert_int_equal(doca_flow_pipe_cfg_set_match(pc, NULL, mask), DOCA_SUCCESS);
	assert_int_equal(doca_flow_pipe_cfg_set_monitor(pc, &mon), DOCA_SUCCESS);
	assert_int_equal(doca_flow_pipe_cfg_set_miss_counter(pc, true), DOCA_SUCCESS);
	if (algos)
		assert_int_equal(doca_flow_pipe_cfg_set_hash_map_algorithm(pc, algos),
		                 DOCA_SUCCESS);
	if (act) {
		acts[0] = (struct doca_flow_actions *)act;
		assert_int_equal(doca_flow_pipe_cfg_set_actions(pc, acts, NULL, NULL, 1),
		                 DOCA_SUCCESS);
	}
	assert_int_equal(doca_flow_pipe_create(pc, &fwd, NULL, &p), DOCA_SUCCESS);
	assert_int_equal(doca_flow_pipe_cfg_destroy(pc), DOCA_SUCCESS);
	return p;
}

static struct doca_flow_pipe_entry *hash_entry(struct doca_flow_pipe *p, uint32_t idx,
                                               uint16_t port, const struct doca_flow_actions *a)
{
	struct doca_flow_fwd fwd;
	struct doca_flow_pipe_entry *e = NULL;

	memset(&fwd, 0, sizeof(fwd));
	fwd.type = DOCA_FLOW_FWD_PORT;
	fwd.port_id = port;
	assert_int_equal(doca_flow_pipe_hash_add_entry(0, p, idx, 0, a, NULL, &fwd,
	                                               DOCA_FLOW_ENTRY_FLAGS_WAIT_FOR_BATCH, NULL,
	                                               &e),
	                 DOCA_SUCCESS);
	return e;
}

static void mask_ip4_dst(struct doca_flow_match *m, uint32_t dst_mask)
{
	memset(m, 0, sizeof(*m));
	m->outer.l3_type = DOCA_FLOW_L3_TYPE_IP4;
	m->outer.ip4.dst_ip = htonl(dst_mask);
}

/* Switch mode, PF = port 0, representors = ports 1 and 2 (docs/DESIGN_DECISIONS.md D12). */
static void test_switch_hash_ipv4_dst(void **state)
{
	struct doca_devinfo **devs;
	struct doca_devinfo_rep **reps;
	struct doca_dev *dev;
	struct doca_dev_rep *rep[2];
	uint32_t ndev, nrep;
	struct doca_flow_cfg *cfg;
	struct doca_flow_port *port[3];
	struct doca_flow_port_cfg *pc;
	struct doca_flow_match mask, m;
	struct doca_flow_pipe *p;
	struct doca_flow_pipe_entry *e[2];
	const uint32_t dst[2] = {0x08080808, 0x08080809};

	(void)state;
	setenv("SOFTDPA_NIC_WORKERS", "0", 1);
	assert_int_equal(doca_devinfo_create_list(&devs, &ndev), DOCA_SUCCESS);
	assert_true(ndev >= 1);
	assert_int_equal(doca_dev_open(devs[0], &dev), DOCA_SUCCESS);
	assert_int_equal(
	        doca_devinfo_rep_create_list(dev, DOCA_DEVINFO_REP_FILTER_NET, &reps, &nrep),
	        DOCA_SUCCESS);
	assert_int_equal(nrep, 2);
	assert_int_equal(doca_dev_rep_open(reps[0], &rep[0]), DOCA_SUCCESS);
	assert_int_equal(doca_dev_rep_open(reps[1], &rep[1]), DOCA_SUCCESS);

	assert_int_equal(doca_flow_cfg_create(&cfg), DOCA_SUCCESS);
	assert_int_equal(doca_flow_cfg_set_mode_args(cfg, "switch,hws"), DOCA_SUCCESS);
	assert_int_equal(doca_flow_init(cfg), DOCA_SUCCESS);
	doca_flow_cfg_destroy(cfg);
	for (int i = 0; i < 3; i++) {
		assert_int_equal(doca_flow_port_cfg_create(&pc), DOCA_SUCCESS);
		if (i == 0)
			assert_int_equal(doca_flow_port_cfg_set_dev(pc, dev), DOCA_SUCCESS);
		else
			assert_int_equal(doca_flow_port_cfg_set_dev_rep(pc, rep[i - 1]),
			                 DOCA_SUCCESS);
		assert_int_equal(doca_flow_port_start(pc, &port[i]), DOCA_SUCCESS);
		doca_flow_port_cfg_destroy(pc);
	}
	assert_ptr_equal(doca_flow_port_switch_get(port[2]), port[0]);
	assert_ptr_equal(doca_flow_port_switch_get(NULL), port[0]);

	mask_ip4_dst(&mask, 0xffffffff);
	p = hash_pipe(port[0], "HASH_PIPE", &mask, 2, 0, true, NULL);
	e[0] = hash_entry(p, 0, 1, NULL);
	e[1] = hash_entry(p, 1, 2, NULL);
	assert_int_equal(doca_flow_entries_process(port[0], 0, 0, 0), DOCA_SUCCESS);

	for (int i = 0; i < 2; i++) {
		uint32_t h, be = htonl(dst[i]);
		uint16_t want;

		memset(&m, 0, sizeof(m));
		m.outer.l3_type = DOCA_FLOW_L3_TYPE_IP4;
		m.outer.ip4.dst_ip = be;
		assert_int_equal(doca_flow_pipe_calc_hash(p, &m, &h), DOCA_SUCCESS);
		assert_int_equal(h, ref_steer_one_dw(&be)); /* D21: H exactly */
		want = (uint16_t)((h & 1) + 1);
		/* NVIDIA's flow_hash_pipe expects 8.8.8.8 on representor 1, .9 on 2. */
		assert_int_equal(want, i + 1);
		/* Frames arrive on the PF port; the switch root pipe sends them on. */
		ft_inject(0, in, ft_udp4(in, 0x01020304, dst[i], 10, 20));
		ft_sync();
		assert_int_equal(ft_drain(want, out), 64);
		assert_memory_equal(out + 30, &be, 4);
		assert_int_equal(ft_drain_all(1) + ft_drain_all(2), 0);
	}
	assert_int_equal(ft_entry_pkts(e[0]), 1);
	assert_int_equal(ft_entry_pkts(e[1]), 1);

	/* A representor without its own root pipe uses the switch port's. */
	ft_inject(2, in, ft_udp4(in, 0x01020304, dst[0], 10, 20));
	ft_sync();
	assert_int_equal(ft_drain_all(1) + ft_drain_all(2), 1);

	assert_int_equal(doca_flow_port_stop(port[0]), DOCA_ERROR_IN_USE);
	t_assert_logged("representor", "stop the representors first");
	assert_int_equal(doca_flow_port_stop(port[2]), DOCA_SUCCESS);
	assert_int_equal(doca_flow_port_stop(port[1]), DOCA_SUCCESS);
	assert_int_equal(doca_flow_port_stop(port[0]), DOCA_SUCCESS);
	doca_flow_destroy();
	doca_dev_rep_close(rep[0]);
	doca_dev_rep_close(rep[1]);
	doca_devinfo_rep_destroy_list(reps);
	doca_dev_close(dev);
	doca_devinfo_destroy_list(devs);
}

static void test_ecmp_flow_label(void **state)
{
	struct doca_flow_match mask;
	struct doca_flow_pipe *p;
	struct doca_flow_pipe_entry *e[8];
	uint64_t total = 0;

	(void)state;
	ft_init("vnf,hws", 0, 0, 0, 2);
	memset(&mask, 0, sizeof(mask));
	mask.outer.l3_type = DOCA_FLOW_L3_TYPE_IP6;
	mask.outer.ip6.flow_label = htonl(0x000fffff);
	p = hash_pipe(ft_ports[0], "ECMP", &mask, 8, 0, true, NULL);
	for (uint32_t i = 0; i < 8; i++)
		e[i] = hash_entry(p, i, 1, NULL);
	ft_process(ft_ports[0]);
	assert_int_equal(ft_cb[DOCA_FLOW_ENTRY_OP_ADD][DOCA_FLOW_ENTRY_STATUS_SUCCESS], 8);
	srand(7);
	for (int i = 0; i < 8000; i++) {
		ft_inject(0, in, ft_udp6(in, (uint32_t)rand() & 0xfffff, 1234));
		if (i % 500 == 499) {
			ft_sync();
			total += ft_drain_all(1);
		}
	}
	assert_int_equal(total, 8000);
	total = 0;
	for (int i = 0; i < 8; i++) {
		uint64_t n = ft_entry_pkts(e[i]);

		assert_true(n >= 700);
		total += n;
	}
	assert_int_equal(total, 8000);
	assert_int_equal(ft_dropped(0, SOFTDPA_DROP_TX_FULL) + ft_dropped(1, SOFTDPA_DROP_TX_FULL),
	                 0);
	ft_fini();
}

static void test_flooding(void **state)
{
	struct doca_flow_match mask;
	struct doca_flow_pipe *p;
	struct doca_flow_pipe_entry *e[2];

	(void)state;
	ft_init("vnf,hws", 0, 0, 0, 3);
	mask_ip4_dst(&mask, 0xffffffff);
	p = hash_pipe(ft_ports[0], "FLOOD", &mask, 2, DOCA_FLOW_PIPE_HASH_MAP_ALGORITHM_FLOODING,
	              true, NULL);
	e[0] = hash_entry(p, 0, 1, NULL);
	e[1] = hash_entry(p, 1, 2, NULL);
	ft_process(ft_ports[0]);
	for (int i = 0; i < 2; i++)
		ft_inject(0, in, ft_udp4(in, 1, 0x0a000001 + (uint32_t)i, 5, 6));
	ft_sync();
	assert_int_equal(ft_entry_pkts(e[0]), 2);
	assert_int_equal(ft_entry_pkts(e[1]), 2);
	/* Each port got both frames, unchanged and in order. */
	for (uint16_t port = 1; port <= 2; port++) {
		for (int i = 0; i < 2; i++) {
			uint32_t len = ft_udp4(in, 1, 0x0a000001 + (uint32_t)i, 5, 6);

			assert_int_equal(ft_drain(port, out), len);
			assert_memory_equal(out, in, len);
		}
	}
	/* Disabling is supported on FLOODING pipes: the disabled entry gets nothing. */
	assert_true(sdpa_flow_hash_disable_supported(p));
	assert_int_equal(sdpa_flow_hash_disable_index(p, 0), DOCA_SUCCESS);
	ft_inject(0, in, ft_udp4(in, 1, 0x0a000001, 5, 6));
	ft_sync();
	assert_int_equal(ft_entry_pkts(e[0]), 2);
	assert_int_equal(ft_entry_pkts(e[1]), 3);
	assert_int_equal(ft_drain_all(1), 0);
	assert_int_equal(ft_drain_all(2), 1);
	ft_fini();
}

static void test_select_enabled(void **state)
{
	struct doca_flow_match mask;
	struct doca_flow_pipe *p;
	struct doca_flow_pipe_entry *e[4];
	bool has, en;
	uint32_t v;

	(void)state;
	ft_init("vnf,hws", 0, 0, 0, 2);
	mask_ip4_dst(&mask, 0xffffffff);
	p = hash_pipe(ft_ports[0], "SEL", &mask, 4,
	              DOCA_FLOW_PIPE_HASH_MAP_ALGORITHM_HASH |
	                      DOCA_FLOW_PIPE_HASH_MAP_ALGORITHM_SELECT_ENABLED,
	              true, NULL);
	for (uint32_t i = 0; i < 4; i++)
		e[i] = hash_entry(p, i, 1, NULL);
	ft_process(ft_ports[0]);
	assert_int_equal(sdpa_flow_hash_disable_index(p, 0), DOCA_SUCCESS);
	assert_int_equal(sdpa_flow_hash_disable_index(p, 2), DOCA_SUCCESS);
	assert_int_equal(sdpa_flow_hash_index_state(p, 2, &has, &en, &v), DOCA_SUCCESS);
	assert_true(has);
	assert_false(en);
	for (uint32_t i = 0; i < 400; i++)
		ft_inject(0, in, ft_udp4(in, 1, 0x0a000000 + i, 5, 6));
	ft_sync();
	assert_int_equal(ft_entry_pkts(e[0]), 0);
	assert_int_equal(ft_entry_pkts(e[2]), 0);
	assert_int_equal(ft_entry_pkts(e[1]) + ft_entry_pkts(e[3]), 400);
	assert_true(ft_entry_pkts(e[1]) > 0);
	assert_true(ft_entry_pkts(e[3]) > 0);
	/* Everything disabled: the pipe misses. */
	assert_int_equal(sdpa_flow_hash_disable_index(p, 1), DOCA_SUCCESS);
	assert_int_equal(sdpa_flow_hash_disable_index(p, 3), DOCA_SUCCESS);
	ft_inject(0, in, ft_udp4(in, 1, 0x0a000000, 5, 6));
	ft_sync();
	assert_int_equal(ft_dropped(0, SOFTDPA_DROP_RULE), 1);
	assert_int_equal(sdpa_flow_hash_enable_index(p, 3), DOCA_SUCCESS);
	ft_inject(0, in, ft_udp4(in, 1, 0x0a000000, 5, 6));
	ft_sync();
	assert_int_equal(ft_entry_pkts(e[3]) + ft_entry_pkts(e[1]), 401);
	assert_int_equal(ft_drain_all(1), 401);
	ft_fini();
}

static void test_random_rr_identity(void **state)
{
	struct doca_flow_match mask;
	struct doca_flow_pipe *rnd, *rr, *id;
	struct doca_flow_pipe_entry *er[4], *eo[4], *ei[4];

	(void)state;
	ft_init("vnf,hws", 0, 0, 0, 2);
	mask_ip4_dst(&mask, 0x000000ff);
	/* RANDOM over 3 entries (index space 4: index 3 has none, never chosen). */
	rnd = hash_pipe(ft_ports[0], "RND", &mask, 3, DOCA_FLOW_PIPE_HASH_MAP_ALGORITHM_RANDOM,
	                true, NULL);
	for (uint32_t i = 0; i < 3; i++)
		er[i] = hash_entry(rnd, i, 1, NULL);
	ft_process(ft_ports[0]);
	for (int i = 0; i < 600; i++)
		ft_inject(0, in, ft_udp4(in, 1, 0x0a000001, 5, 6)); /* same flow every time */
	ft_sync();
	for (int i = 0; i < 3; i++)
		assert_true(ft_entry_pkts(er[i]) >= 120);
	assert_int_equal(ft_entry_pkts(er[0]) + ft_entry_pkts(er[1]) + ft_entry_pkts(er[2]), 600);
	assert_int_equal(ft_dropped(0, SOFTDPA_DROP_RULE), 0);
	doca_flow_pipe_destroy(rnd);

	rr = hash_pipe(ft_ports[0], "RR", &mask, 4, DOCA_FLOW_PIPE_HASH_MAP_ALGORITHM_ROUND_ROBIN,
	               true, NULL);
	for (uint32_t i = 0; i < 4; i++)
		eo[i] = hash_entry(rr, i, 1, NULL);
	ft_process(ft_ports[0]);
	for (int i = 0; i < 10; i++)
		ft_inject(0, in, ft_udp4(in, 1, 0x0a000001, 5, 6));
	ft_sync();
	assert_int_equal(ft_entry_pkts(eo[0]), 3);
	assert_int_equal(ft_entry_pkts(eo[1]), 3);
	assert_int_equal(ft_entry_pkts(eo[2]), 2);
	assert_int_equal(ft_entry_pkts(eo[3]), 2);
	assert_false(sdpa_flow_hash_disable_supported(rr));
	assert_int_equal(sdpa_flow_hash_disable_index(rr, 0), DOCA_ERROR_NOT_SUPPORTED);
	doca_flow_pipe_destroy(rr);

	/* IDENTITY: index = masked key value (low byte of the destination) & 3. */
	id = hash_pipe(ft_ports[0], "ID", &mask, 4, DOCA_FLOW_PIPE_HASH_MAP_ALGORITHM_IDENTITY,
	               true, NULL);
	for (uint32_t i = 0; i < 4; i++)
		ei[i] = hash_entry(id, i, 1, NULL);
	ft_process(ft_ports[0]);
	ft_inject(0, in, ft_udp4(in, 1, 0x0a000002, 5, 6));
	ft_inject(0, in, ft_udp4(in, 1, 0x0a000006, 5, 6));
	ft_inject(0, in, ft_udp4(in, 1, 0x0a000003, 5, 6));
	ft_sync();
	assert_int_equal(ft_entry_pkts(ei[0]), 0);
	assert_int_equal(ft_entry_pkts(ei[1]), 0);
	assert_int_equal(ft_entry_pkts(ei[2]), 2);
	assert_int_equal(ft_entry_pkts(ei[3]), 1);
	ft_fini();
}

/* D2: index space 4 for 3 entries; H & 3 == 3 is a pipe miss. */
static void test_index_beyond_entries_misses(void **state)
{
	struct doca_flow_match mask, m;
	struct doca_flow_pipe *p;
	struct doca_flow_resource_query q;
	uint32_t hit = 0, miss = 0;

	(void)state;
	ft_init("vnf,hws", 0, 0, 0, 2);
	mask_ip4_dst(&mask, 0xffffffff);
	p = hash_pipe(ft_ports[0], "H3", &mask, 3, 0, true, NULL);
	for (uint32_t i = 0; i < 3; i++)
		hash_entry(p, i, 1, NULL);
	ft_process(ft_ports[0]);
	assert_int_equal(sdpa_flow_hash_index_space(p), 4);
	for (uint32_t i = 0; i < 64; i++) {
		uint32_t h;

		memset(&m, 0, sizeof(m));
		m.outer.ip4.dst_ip = htonl(0x0b000000 + i);
		assert_int_equal(doca_flow_pipe_calc_hash(p, &m, &h), DOCA_SUCCESS);
		if ((h & 3) == 3)
			miss++;
		else
			hit++;
		ft_inject(0, in, ft_udp4(in, 1, 0x0b000000 + i, 5, 6));
	}
	ft_sync();
	assert_true(miss > 0);
	assert_int_equal(ft_drain_all(1), hit);
	assert_int_equal(doca_flow_resource_query_pipe_miss(p, &q), DOCA_SUCCESS);
	assert_int_equal(q.counter.total_pkts, miss);
	assert_int_equal(ft_dropped(0, SOFTDPA_DROP_RULE), miss);
	ft_fini();
}

/* D3: the UDP source port is the changeable field; replace_index rewrites it. */
static void test_path_selector_replace(void **state)
{
	struct doca_flow_match mask;
	struct doca_flow_actions act, ea;
	struct doca_flow_pipe *p;
	uint32_t len;

	(void)state;
	ft_init("vnf,hws", 0, 0, 0, 2);
	mask_ip4_dst(&mask, 0xffffffff);
	memset(&act, 0, sizeof(act));
	act.outer.l4_type_ext = DOCA_FLOW_L4_TYPE_EXT_UDP;
	act.outer.udp.l4_port.src_port = 0xffff;
	p = hash_pipe(ft_ports[0], "PSL", &mask, 1, DOCA_FLOW_PIPE_HASH_MAP_ALGORITHM_HASH, true,
	              &act);
	assert_true(sdpa_flow_hash_replace_supported(p));
	memset(&ea, 0, sizeof(ea));
	ea.outer.udp.l4_port.src_port = htons(4000);
	hash_entry(p, 0, 1, &ea);
	ft_process(ft_ports[0]);
	ft_inject(0, in, ft_udp4(in, 1, 2, 1111, 53));
	ft_sync();
	len = ft_drain(1, out);
	assert_int_equal(len, ft_udp4(in, 1, 2, 4000, 53)); /* expected bytes, checksums too */
	assert_memory_equal(out, in, len);

	assert_int_equal(sdpa_flow_hash_replace_index(p, 0, 5555), DOCA_SUCCESS);
	ft_inject(0, in, ft_udp4(in, 1, 2, 1111, 53));
	ft_sync();
	len = ft_drain(1, out);
	ft_udp4(in, 1, 2, 5555, 53);
	assert_memory_equal(out, in, len);
	assert_int_equal(sdpa_flow_hash_replace_index(p, 1, 1), DOCA_ERROR_INVALID_VALUE);
	ft_fini();
}

/* The provider's burst form: replace_indices_locked answers, index by index, what
 * replace_index_locked answers, and stores the same (truncated) values. */
static void test_replace_indices_burst(void **state)
{
	struct doca_flow_match mask;
	struct doca_flow_actions act;
	struct doca_flow_pipe *p;
	const uint32_t idx[] = {0, 1, 2, 3, 4, 2, 0xffffffffu};
	const uint32_t val[] = {0x10005, 6, 0x20007, 8, 9, 11, 12};
	uint8_t failed[7];
	bool has, en;
	uint32_t v;

	(void)state;
	ft_init("vnf,hws", 0, 0, 0, 2);
	mask_ip4_dst(&mask, 0xffffffff);
	memset(&act, 0, sizeof(act));
	act.outer.l4_type_ext = DOCA_FLOW_L4_TYPE_EXT_UDP;
	act.outer.udp.l4_port.src_port = 0xffff;
	p = hash_pipe(ft_ports[0], "PSL", &mask, 4, DOCA_FLOW_PIPE_HASH_MAP_ALGORITHM_HASH, true,
	              &act);
	hash_entry(p, 0, 1, NULL);
	hash_entry(p, 2, 1, NULL);
	ft_process(ft_ports[0]);
	sdpa_flow_hash_lock(p);
	assert_int_equal(sdpa_flow_hash_replace_indices_locked(p, idx, val, 7, failed), 4);
	for (uint32_t i = 0; i < 7; i++)
		assert_int_equal(failed[i], sdpa_flow_hash_replace_index_locked(
		                                    p, idx[i], val[i]) != DOCA_SUCCESS);
	sdpa_flow_hash_unlock(p);
	assert_int_equal(failed[0] + failed[2] + failed[5], 0);
	assert_int_equal(sdpa_flow_hash_index_state(p, 0, &has, &en, &v), DOCA_SUCCESS);
	assert_int_equal(v, 0x0005); /* the 16-bit UDP port: truncated as replace_index does */
	assert_int_equal(sdpa_flow_hash_index_state(p, 2, &has, &en, &v), DOCA_SUCCESS);
	assert_int_equal(v, 11); /* the later request of the burst wins */
	assert_int_equal(sdpa_flow_hash_index_state(p, 1, &has, &en, &v), DOCA_SUCCESS);
	assert_false(has);
	ft_fini();
}

/* FWD_HASH_PIPE chooses the algorithm: the same pipe hashes for one forward and round-robins
 * for another. */
static void test_fwd_hash_pipe_algorithm(void **state)
{
	struct doca_flow_match mask, m;
	struct doca_flow_pipe *hp, *root;
	struct doca_flow_pipe_entry *e[2];
	struct doca_flow_pipe_cfg *pc;
	struct doca_flow_fwd fwd = {.type = DOCA_FLOW_FWD_HASH_PIPE};
	struct doca_flow_pipe_entry *re;
	uint32_t h;

	(void)state;
	ft_init("vnf,hws", 0, 0, 0, 3);
	mask_ip4_dst(&mask, 0xffffffff);
	hp = hash_pipe(ft_ports[0], "HP", &mask, 2,
	               DOCA_FLOW_PIPE_HASH_MAP_ALGORITHM_HASH |
	                       DOCA_FLOW_PIPE_HASH_MAP_ALGORITHM_ROUND_ROBIN,
	               false, NULL);
	e[0] = hash_entry(hp, 0, 1, NULL);
	e[1] = hash_entry(hp, 1, 2, NULL);
	/* Root: source 1 -> hash pipe with HASH, source 2 -> with ROUND_ROBIN. */
	memset(&m, 0, sizeof(m));
	m.outer.ip4.src_ip = 0xffffffff;
	assert_int_equal(doca_flow_pipe_cfg_create(&pc, ft_ports[0]), DOCA_SUCCESS);
	assert_int_equal(doca_flow_pipe_cfg_set_is_root(pc, true), DOCA_SUCCESS);
	assert_int_equal(doca_flow_pipe_cfg_set_match(pc, &m, NULL), DOCA_SUCCESS);
	fwd.hash_pipe.pipe = NULL;
	{
		struct doca_flow_fwd ch = {.type = DOCA_FLOW_FWD_CHANGEABLE};

		assert_int_equal(doca_flow_pipe_create(pc, &ch, NULL, &root), DOCA_SUCCESS);
	}
	doca_flow_pipe_cfg_destroy(pc);
	fwd.hash_pipe.pipe = hp;
	for (uint32_t i = 1; i <= 2; i++) {
		m.outer.ip4.src_ip = htonl(i);
		fwd.hash_pipe.algorithm = i == 1 ? DOCA_FLOW_PIPE_HASH_MAP_ALGORITHM_HASH
		                                 : DOCA_FLOW_PIPE_HASH_MAP_ALGORITHM_ROUND_ROBIN;
		assert_int_equal(doca_flow_pipe_basic_add_entry(0, root, &m, 0, NULL, NULL, &fwd,
		                                                DOCA_FLOW_ENTRY_FLAGS_NO_WAIT, NULL,
		                                                &re),
		                 DOCA_SUCCESS);
	}
	fwd.hash_pipe.algorithm = DOCA_FLOW_PIPE_HASH_MAP_ALGORITHM_FLOODING;
	m.outer.ip4.src_ip = htonl(3);
	assert_int_equal(doca_flow_pipe_basic_add_entry(0, root, &m, 0, NULL, NULL, &fwd,
	                                                DOCA_FLOW_ENTRY_FLAGS_NO_WAIT, NULL, &re),
	                 DOCA_ERROR_INVALID_VALUE);
	t_assert_logged("hash algorithm 0x10 is not enabled", "set_hash_map_algorithm");
	ft_process(ft_ports[0]);
	memset(&m, 0, sizeof(m));
	m.outer.ip4.dst_ip = htonl(0x0a0a0a0a);
	assert_int_equal(doca_flow_pipe_calc_hash(hp, &m, &h), DOCA_SUCCESS);
	for (int i = 0; i < 4; i++)
		ft_inject(0, in, ft_udp4(in, 1, 0x0a0a0a0a, 5, 6)); /* HASH: one entry */
	ft_sync();
	assert_int_equal(ft_entry_pkts(e[h & 1]), 4);
	assert_int_equal(ft_entry_pkts(e[!(h & 1)]), 0);
	for (int i = 0; i < 4; i++)
		ft_inject(0, in, ft_udp4(in, 2, 0x0a0a0a0a, 5, 6)); /* RR: alternates */
	ft_sync();
	assert_int_equal(ft_entry_pkts(e[h & 1]), 6);
	assert_int_equal(ft_entry_pkts(e[!(h & 1)]), 2);
	ft_fini();
}

/* The steering CRCs are table-driven (slicing-by-8, and per-position tables for a hash
 * pipe's H): each must equal the bitwise definition over random inputs. */
static uint32_t crc32_bitwise(const uint8_t *p, uint32_t n)
{
	uint32_t c = 0;

	for (uint32_t i = 0; i < n; i++) {
		c ^= p[i];
		for (int k = 0; k < 8; k++)
			c = (c & 1) ? (c >> 1) ^ 0xedb88320u : c >> 1;
	}
	return (c >> 24) | ((c >> 8) & 0xff00u) | ((c << 8) & 0xff0000u) | (c << 24);
}

static uint16_t crc16_bitwise(const uint8_t *p, uint32_t n)
{
	uint16_t c = 0;

	for (uint32_t i = 0; i < n; i++) {
		c ^= (uint16_t)(p[i] << 8);
		for (int k = 0; k < 8; k++)
			c = (uint16_t)((c & 0x8000) ? (c << 1) ^ 0x100b : c << 1);
	}
	return c;
}

static uint32_t rnd_next(uint64_t *s)
{
	*s = *s * 6364136223846793005ull + 1442695040888963407ull;
	return (uint32_t)(*s >> 33);
}

static void rnd_fill(uint64_t *s, void *p, size_t n)
{
	for (size_t i = 0; i < n; i++)
		((uint8_t *)p)[i] = (uint8_t)rnd_next(s);
}

static void test_steer_crc_tables(void **state)
{
	uint64_t seed = 0x5eed1234;
	uint8_t buf[128];
	uint32_t nplans = 0;

	(void)state;
	for (int t = 0; t < 4000; t++) {
		uint32_t off = rnd_next(&seed) % 8, n = rnd_next(&seed) % (sizeof(buf) - 8);

		rnd_fill(&seed, buf, sizeof(buf));
		assert_int_equal(sdpa_steer_crc32(buf + off, n), crc32_bitwise(buf + off, n));
		assert_int_equal(sdpa_entropy_crc16(buf + off, n), crc16_bitwise(buf + off, n));
	}
	/* Random hashed field sets (some need a jumbo tag, some byte selectors, partial masks),
	 * random matches: H from the tables == the tag built byte by byte, CRC'd bitwise. */
	for (int t = 0; t < 300; t++) {
		struct doca_flow_match mask, m;
		struct sdpa_match_tmpl mt;
		struct sdpa_steer_plan plan;
		uint32_t pick = rnd_next(&seed);

		memset(&mask, 0, sizeof(mask));
		mask.outer.l3_type = (pick & 1) ? DOCA_FLOW_L3_TYPE_IP6 : DOCA_FLOW_L3_TYPE_IP4;
		if (pick & 1) {
			if (pick & 2)
				rnd_fill(&seed, mask.outer.ip6.src_ip,
				         sizeof(mask.outer.ip6.src_ip));
			if (pick & 4)
				rnd_fill(&seed, mask.outer.ip6.dst_ip,
				         sizeof(mask.outer.ip6.dst_ip));
			if (pick & 8)
				mask.outer.ip6.next_proto = (uint8_t)rnd_next(&seed);
		} else {
			if (pick & 2)
				mask.outer.ip4.src_ip = rnd_next(&seed);
			if (pick & 4)
				mask.outer.ip4.dst_ip = rnd_next(&seed);
			if (pick & 8)
				mask.outer.ip4.next_proto = (uint8_t)rnd_next(&seed);
		}
		if (pick & 16) {
			mask.outer.l4_type_ext = DOCA_FLOW_L4_TYPE_EXT_UDP;
			mask.outer.udp.l4_port.src_port = (uint16_t)rnd_next(&seed);
			mask.outer.udp.l4_port.dst_port = (uint16_t)rnd_next(&seed);
		}
		if (pick & 32)
			rnd_fill(&seed, mask.outer.eth.dst_mac, sizeof(mask.outer.eth.dst_mac));
		if (pick & 64)
			mask.tun.vxlan_tun_id = rnd_next(&seed);
		if (pick & 128)
			mask.meta.pkt_meta = rnd_next(&seed);
		if (sdpa_match_compile(NULL, &mask, false, "test", &mt) != DOCA_SUCCESS ||
		    !sdpa_steer_plan_build(&mt, &plan))
			continue; /* more fields than a definer holds */
		nplans++;
		for (int k = 0; k < 20; k++) {
			uint8_t tag[SDPA_STEER_TAG] = {0};
			uint32_t want;

			rnd_fill(&seed, &m, sizeof(m));
			for (uint32_t i = 0; i < plan.n; i++)
				tag[plan.dst[i]] =
				        ((const uint8_t *)&m)[plan.src[i]] & plan.mask[i];
			want = plan.jumbo ? crc32_bitwise(tag, SDPA_STEER_TAG)
			                  : crc32_bitwise(tag + 12, SDPA_STEER_TAG - 12);
			assert_int_equal(sdpa_steer_hash(&plan, (const uint8_t *)&m), want);
		}
	}
	assert_true(nplans > 100);
}

/* D21's H against vectors computed from the documented algorithm outside softdpa (a
 * Python model of the definer: header-layout DWords in order, 6 DWords in a match tag,
 * 9 in a jumbo tag): one DWord, a 5-tuple (four DWords), an IPv6 pair (eight DWords, a
 * jumbo tag), the IPv6 flow label. */
static void test_steer_hash_vectors(void **state)
{
	struct doca_flow_match mask, m;
	struct doca_flow_pipe *p;
	uint32_t h;

	(void)state;
	ft_init("vnf,hws", 0, 0, 0, 2);

	mask_ip4_dst(&mask, 0xffffffff);
	p = hash_pipe(ft_ports[0], "DST", &mask, 2, 0, false, NULL);
	memset(&m, 0, sizeof(m));
	m.outer.l3_type = DOCA_FLOW_L3_TYPE_IP4;
	m.outer.ip4.dst_ip = htonl(0xc0a80101); /* 192.168.1.1, flow_hash_pipe's calc_hash */
	assert_int_equal(doca_flow_pipe_calc_hash(p, &m, &h), DOCA_SUCCESS);
	assert_int_equal(h, 0x60fca3e3);
	m.outer.ip4.dst_ip = htonl(0x08080808);
	assert_int_equal(doca_flow_pipe_calc_hash(p, &m, &h), DOCA_SUCCESS);
	assert_int_equal(h, 0x5775c014);
	m.outer.ip4.src_ip = htonl(0x01020304); /* not hashed */
	assert_int_equal(doca_flow_pipe_calc_hash(p, &m, &h), DOCA_SUCCESS);
	assert_int_equal(h, 0x5775c014);

	memset(&mask, 0, sizeof(mask));
	mask.outer.l3_type = DOCA_FLOW_L3_TYPE_IP4;
	mask.outer.ip4.src_ip = 0xffffffff;
	mask.outer.ip4.dst_ip = 0xffffffff;
	mask.outer.ip4.next_proto = 0xff;
	mask.outer.l4_type_ext = DOCA_FLOW_L4_TYPE_EXT_UDP;
	mask.outer.udp.l4_port.src_port = 0xffff;
	mask.outer.udp.l4_port.dst_port = 0xffff;
	p = hash_pipe(ft_ports[0], "5TUPLE", &mask, 8, 0, false, NULL);
	memset(&m, 0, sizeof(m));
	m.outer.l3_type = DOCA_FLOW_L3_TYPE_IP4;
	m.outer.ip4.src_ip = htonl(0x01020304);
	m.outer.ip4.dst_ip = htonl(0x05060708);
	m.outer.ip4.next_proto = 17;
	m.outer.l4_type_ext = DOCA_FLOW_L4_TYPE_EXT_UDP;
	m.outer.udp.l4_port.src_port = htons(1000);
	m.outer.udp.l4_port.dst_port = htons(2000);
	assert_int_equal(doca_flow_pipe_calc_hash(p, &m, &h), DOCA_SUCCESS);
	assert_int_equal(h, 0x975af150);

	memset(&mask, 0, sizeof(mask));
	mask.outer.l3_type = DOCA_FLOW_L3_TYPE_IP6;
	memset(mask.outer.ip6.src_ip, 0xff, sizeof(mask.outer.ip6.src_ip));
	memset(mask.outer.ip6.dst_ip, 0xff, sizeof(mask.outer.ip6.dst_ip));
	p = hash_pipe(ft_ports[0], "IP6", &mask, 4, 0, false, NULL);
	memset(&m, 0, sizeof(m));
	m.outer.l3_type = DOCA_FLOW_L3_TYPE_IP6;
	m.outer.ip6.src_ip[0] = htonl(0x20010db8);
	m.outer.ip6.src_ip[3] = htonl(1);
	m.outer.ip6.dst_ip[0] = htonl(0x20010db8);
	m.outer.ip6.dst_ip[3] = htonl(2);
	assert_int_equal(doca_flow_pipe_calc_hash(p, &m, &h), DOCA_SUCCESS);
	assert_int_equal(h, 0xcd954212);

	memset(&mask, 0, sizeof(mask));
	mask.outer.l3_type = DOCA_FLOW_L3_TYPE_IP6;
	mask.outer.ip6.flow_label = htonl(0x000fffff);
	p = hash_pipe(ft_ports[0], "FL", &mask, 8, 0, false, NULL);
	memset(&m, 0, sizeof(m));
	m.outer.l3_type = DOCA_FLOW_L3_TYPE_IP6;
	m.outer.ip6.flow_label = htonl(0x12345);
	assert_int_equal(doca_flow_pipe_calc_hash(p, &m, &h), DOCA_SUCCESS);
	assert_int_equal(h, 0x5b21e1f1);
	ft_fini();
}

/* doca_flow_port_calc_entropy (D21) against the two values NVIDIA's flow_entropy sample
 * states for a BlueField-3 (ports count only when is_transport). */
/* The table-driven entropy CRC (one lookup per byte, what an encap computes per frame)
 * equals the byte-serial CRC-16 over the same 37-byte input, for IPv4 and IPv6 layouts,
 * with and without ports. */
static void test_entropy_tables(void **state)
{
	uint8_t in[37];
	uint32_t x = 12345;

	(void)state;
	sdpa_entropy_init();
	for (int n = 0; n < 2000; n++) {
		bool v4 = n & 1, ports = (n & 2) != 0;

		memset(in, 0, sizeof(in));
		for (int i = 0; i < 37; i++) {
			x = x * 1103515245u + 12345u;
			in[i] = (uint8_t)(x >> 16);
		}
		if (v4) {
			memset(in, 0, 12);
			memset(in + 16, 0, 12);
		}
		if (!ports)
			memset(in + 33, 0, 4);
		uint16_t want = sdpa_entropy_crc16(in, sizeof(in));
		uint16_t got =
		        v4 ? sdpa_entropy_5tuple(SDPA_L3_IP4, in + 12, in + 28, in[32],
		                                 ports ? in + 33 : NULL, ports ? in + 35 : NULL)
		           : sdpa_entropy_5tuple(SDPA_L3_IP6, in, in + 16, in[32],
		                                 ports ? in + 33 : NULL, ports ? in + 35 : NULL);
		assert_int_equal(got, want);
	}
	/* a dense input: every byte non-zero */
	for (int i = 0; i < 37; i++)
		in[i] = (uint8_t)(i + 1);
	assert_int_equal(sdpa_entropy_5tuple(SDPA_L3_IP6, in, in + 16, in[32], in + 33, in + 35),
	                 sdpa_entropy_crc16(in, sizeof(in)));
}

/* An encap without a parse (sdpa_tun_encap_quick, for Ethernet / IPv4 frames) writes the
 * same bytes as the parse-then-encap path, over random frames around its limits: TCP, UDP,
 * ICMP, total lengths that cut the L4 header or exceed the frame, fragments, IP options,
 * VLAN tags, IPv6 (the last three: the quick path declines). */
static void test_encap_quick_same_bytes(void **state)
{
	struct doca_flow_resource_encap_cfg cfg;
	struct sdpa_encap e;
	static uint8_t b1[512], b2[512];
	uint8_t f[128];
	uint32_t x = 777, quick = 0;

	(void)state;
	memset(&cfg, 0, sizeof(cfg));
	cfg.is_l2 = true;
	cfg.encap.outer.l3_type = DOCA_FLOW_L3_TYPE_IP4;
	cfg.encap.outer.ip4.src_ip = htonl(0x0b151f29);
	cfg.encap.outer.ip4.dst_ip = htonl(0x51515151);
	cfg.encap.outer.ip4.ttl = 64;
	cfg.encap.tun.type = DOCA_FLOW_TUN_VXLAN;
	cfg.encap.tun.vxlan_tun_id = htonl(0x123456);
	assert_int_equal(sdpa_encap_compile(&cfg, "test", &e), DOCA_SUCCESS);
	for (int n = 0; n < 4000; n++) {
		uint32_t len = 14 + 20 + 28;

		for (uint32_t i = 0; i < sizeof(f); i++) {
			x = x * 1103515245u + 12345u;
			f[i] = (uint8_t)(x >> 16);
		}
		f[12] = 0x08;
		f[13] = 0x00;
		f[14] = 0x45;
		static const uint8_t protos[] = {6, 17, 1, 6, 17};
		f[14 + 9] = protos[n % 5];
		uint32_t total = 20 + (x >> 8) % 40; /* cuts the L4 header, or past the frame */
		f[16] = (uint8_t)(total >> 8);
		f[17] = (uint8_t)total;
		f[20] &= (n & 8) ? 0xff : 0x20; /* MF only, or any offset */
		f[21] &= (n & 8) ? 0xff : 0x00;
		if (n % 17 == 0)
			f[14] = 0x46; /* options */
		if (n % 19 == 0)
			f[12] = 0x81; /* a VLAN tag */
		if (n % 23 == 0)
			f[12] = 0x86, f[13] = 0xdd;
		struct sdpa_pkt p1 = {b1 + 200, len, sizeof(b1) - 200, 200, 0, 0};
		struct sdpa_pkt p2 = {b2 + 200, len, sizeof(b2) - 200, 200, 0, 0};
		struct sdpa_pkt_info info;

		memcpy(p1.data, f, len);
		memcpy(p2.data, f, len);
		uint32_t r1 = sdpa_tun_encap_quick(&p1, &e);
		sdpa_parse(p2.data, p2.len, &info);
		uint32_t r2 = sdpa_tun_encap(&p2, &info, &e);
		if (r1 == SDPA_TUN_NEEDS_PARSE) {
			assert_int_equal(p1.len, len); /* unchanged */
			continue;
		}
		quick++;
		assert_int_equal(r1, r2);
		assert_int_equal(p1.len, p2.len);
		assert_memory_equal(p1.data, p2.data, p1.len);
	}
	assert_true(quick > 1000);
}

static void test_entropy(void **state)
{
	struct doca_flow_entropy_format hdr;
	uint16_t ent = 0;

	(void)state;
	ft_init("switch,hws", 0, 0, 0, 1);
	memset(&hdr, 0, sizeof(hdr));
	hdr.l3_type = DOCA_FLOW_L3_TYPE_IP4;
	hdr.ip4.src_ip = htonl(0x08080808);
	hdr.ip4.dst_ip = htonl(0x07070707);
	hdr.ip4.next_proto = 17;
	hdr.is_transport = true;
	hdr.transport.src_port = htons(1234);
	hdr.transport.dst_port = htons(5678);
	assert_int_equal(doca_flow_port_calc_entropy(ft_ports[0], &hdr, &ent), DOCA_SUCCESS);
	assert_int_equal(ntohs(ent), 0xdb9e);
	hdr.ip4.src_ip = htonl(0x0a0b0c0d);
	hdr.ip4.dst_ip = htonl(0xffffffff);
	hdr.ip4.next_proto = 47; /* GRE; the ports stay set but do not count */
	hdr.is_transport = false;
	assert_int_equal(doca_flow_port_calc_entropy(ft_ports[0], &hdr, &ent), DOCA_SUCCESS);
	assert_int_equal(ntohs(ent), 0xde18);
	hdr.l3_type = DOCA_FLOW_L3_TYPE_IP6;
	assert_int_equal(doca_flow_port_calc_entropy(ft_ports[0], &hdr, &ent), DOCA_SUCCESS);
	assert_true(ntohs(ent) >= 0xc000);

	hdr.l3_type = DOCA_FLOW_L3_TYPE_NONE;
	assert_int_equal(doca_flow_port_calc_entropy(ft_ports[0], &hdr, &ent),
	                 DOCA_ERROR_INVALID_VALUE);
	t_assert_logged("neither IP4 nor IP6");
	assert_int_equal(doca_flow_port_calc_entropy(NULL, &hdr, &ent), DOCA_ERROR_INVALID_VALUE);
	t_assert_logged("port is NULL");
	assert_int_equal(doca_flow_port_calc_entropy((struct doca_flow_port *)&hdr, &hdr, &ent),
	                 DOCA_ERROR_INVALID_VALUE);
	t_assert_logged("not a started port");
	ft_fini();
}

static void test_hash_errors(void **state)
{
	struct doca_flow_match mask, m;
	struct doca_flow_pipe *p;
	struct doca_flow_pipe_entry *e = (void *)0x1;
	struct doca_flow_fwd fwd;
	uint32_t h;

	(void)state;
	ft_init("vnf,hws", 0, 0, 0, 2);
	mask_ip4_dst(&mask, 0xffffffff);
	p = hash_pipe(ft_ports[0], "ERR", &mask, 2, 0, true, NULL);
	memset(&fwd, 0, sizeof(fwd));
	fwd.type = DOCA_FLOW_FWD_PORT;
	fwd.port_id = 1;
	assert_int_equal(doca_flow_pipe_hash_add_entry(0, p, 2, 0, NULL, NULL, &fwd,
	                                               DOCA_FLOW_ENTRY_FLAGS_NO_WAIT, NULL, &e),
	                 DOCA_ERROR_INVALID_VALUE);
	t_assert_logged("entry_index 2 out of range", "0..1");
	assert_ptr_equal(e, (void *)0x1);
	hash_entry(p, 0, 1, NULL);
	assert_int_equal(doca_flow_pipe_hash_add_entry(0, p, 0, 0, NULL, NULL, &fwd,
	                                               DOCA_FLOW_ENTRY_FLAGS_NO_WAIT, NULL, &e),
	                 DOCA_ERROR_INVALID_VALUE);
	t_assert_logged("already has an entry", "remove it first");
	assert_int_equal(sdpa_flow_hash_disable_index(p, 0), DOCA_ERROR_NOT_SUPPORTED);
	assert_int_equal(sdpa_flow_hash_replace_index(p, 0, 1), DOCA_ERROR_NOT_SUPPORTED);
	assert_int_equal(sdpa_flow_hash_enable_index(p, 2), DOCA_ERROR_INVALID_VALUE);
	assert_int_equal(doca_flow_pipe_calc_hash(p, NULL, &h), DOCA_ERROR_INVALID_VALUE);
	t_assert_logged("doca_flow_pipe_calc_hash", "NULL argument");
	assert_int_equal(doca_flow_pipe_calc_hash(NULL, &m, &h), DOCA_ERROR_INVALID_VALUE);
	t_assert_logged("not a live pipe");
	assert_int_equal(sdpa_flow_pipe_lookup(sdpa_flow_pipe_id(p)), p);
	{
		uint32_t id = sdpa_flow_pipe_id(p);
		uint64_t g = sdpa_flow_pipe_destroy_generation();

		doca_flow_pipe_destroy(p);
		assert_null(sdpa_flow_pipe_lookup(id));
		assert_int_equal(sdpa_flow_pipe_destroy_generation(), g + 1);
	}
	ft_fini();
}

int main(void)
{
	/* clang-format off */
	const struct CMUnitTest tests[] = {
		FT_TEST(test_switch_hash_ipv4_dst),
		FT_TEST(test_ecmp_flow_label),
		FT_TEST(test_flooding),
		FT_TEST(test_select_enabled),
		FT_TEST(test_random_rr_identity),
		FT_TEST(test_index_beyond_entries_misses),
		FT_TEST(test_path_selector_replace),
		FT_TEST(test_replace_indices_burst),
		FT_TEST(test_fwd_hash_pipe_algorithm),
		FT_TEST(test_steer_hash_vectors),
		FT_TEST(test_steer_crc_tables),
		FT_TEST(test_entropy),
		FT_TEST(test_entropy_tables),
		FT_TEST(test_encap_quick_same_bytes),
		FT_TEST(test_hash_errors),
	};
	/* clang-format on */

	return cmocka_run_group_tests(tests, NULL, NULL);
}
