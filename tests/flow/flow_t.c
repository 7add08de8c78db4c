/* SPDX-License-Identifier: BSD-3-Clause */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/config.h"
#include "flow_t.h"

struct doca_flow_port *ft_ports[FT_MAX_PORTS];
unsigned int ft_cb[4][3];
void *ft_cb_last_ctx;

static void entry_cb(struct doca_flow_pipe_entry *entry, uint16_t pipe_queue,
                     enum doca_flow_entry_status status, enum doca_flow_entry_op op, void *user_ctx)
{
	(void)entry;
	(void)pipe_queue;
	if ((unsigned int)op < 4 && (unsigned int)status < 3)
		ft_cb[op][status]++;
	ft_cb_last_ctx = user_ctx;
}

const struct doca_flow_definitions *ft_defs;

void ft_init(const char *mode, uint32_t workers, uint16_t queues, uint32_t depth, uint32_t nports)
{
	struct doca_flow_cfg *cfg;
	char w[16];

	snprintf(w, sizeof(w), "%u", workers);
	setenv("SOFTDPA_NIC_WORKERS", w, 1);
	sdpa_config_reload();
	memset(ft_cb, 0, sizeof(ft_cb));
	memset(ft_ports, 0, sizeof(ft_ports));
	assert_int_equal(doca_flow_cfg_create(&cfg), DOCA_SUCCESS);
	assert_int_equal(doca_flow_cfg_set_mode_args(cfg, mode), DOCA_SUCCESS);
	if (queues)
		assert_int_equal(doca_flow_cfg_set_pipe_queues(cfg, queues), DOCA_SUCCESS);
	if (depth)
		assert_int_equal(doca_flow_cfg_set_queue_depth(cfg, depth), DOCA_SUCCESS);
	assert_int_equal(
	        doca_flow_cfg_set_nr_shared_resource(cfg, 4, DOCA_FLOW_SHARED_RESOURCE_COUNTER),
	        DOCA_SUCCESS);
	assert_int_equal(
	        doca_flow_cfg_set_nr_shared_resource(cfg, 2, DOCA_FLOW_SHARED_RESOURCE_RSS),
	        DOCA_SUCCESS);
	assert_int_equal(
	        doca_flow_cfg_set_nr_shared_resource(cfg, 4, DOCA_FLOW_SHARED_RESOURCE_METER),
	        DOCA_SUCCESS);
	assert_int_equal(doca_flow_cfg_set_cb_entry_process(cfg, entry_cb), DOCA_SUCCESS);
	if (ft_defs != NULL)
		assert_int_equal(doca_flow_cfg_set_definitions(cfg, ft_defs), DOCA_SUCCESS);
	assert_int_equal(doca_flow_init(cfg), DOCA_SUCCESS);
	assert_int_equal(doca_flow_cfg_destroy(cfg), DOCA_SUCCESS);
	for (uint32_t i = 0; i < nports; i++) {
		struct doca_flow_port_cfg *pc;

		assert_int_equal(doca_flow_port_cfg_create(&pc), DOCA_SUCCESS);
		assert_int_equal(doca_flow_port_cfg_set_port_id(pc, (uint16_t)i), DOCA_SUCCESS);
		assert_int_equal(doca_flow_port_start(pc, &ft_ports[i]), DOCA_SUCCESS);
		assert_int_equal(doca_flow_port_cfg_destroy(pc), DOCA_SUCCESS);
	}
}

void ft_fini(void)
{
	for (int i = FT_MAX_PORTS - 1; i >= 0; i--) {
		if (ft_ports[i] != NULL)
			assert_int_equal(doca_flow_port_stop(ft_ports[i]), DOCA_SUCCESS);
		ft_ports[i] = NULL;
	}
	doca_flow_destroy();
}

int ft_teardown(void **state)
{
	(void)state;
	doca_flow_destroy();
	memset(ft_ports, 0, sizeof(ft_ports));
	return 0;
}

uint32_t ft_udp4(uint8_t *buf, uint32_t src, uint32_t dst, uint16_t sport, uint16_t dport)
{
	struct sdpa_frame_spec s;

	memset(&s, 0, sizeof(s));
	s.dst_mac[5] = 0x02;
	s.src_mac[5] = 0x01;
	s.l3 = SDPA_L3_IP4;
	s.ip4_src = src;
	s.ip4_dst = dst;
	s.l4 = SDPA_L4_UDP;
	s.src_port = sport;
	s.dst_port = dport;
	s.frame_len = 64;
	return sdpa_frame_build(&s, buf, SOFTDPA_FRAME_MAX);
}

uint32_t ft_udp6(uint8_t *buf, uint32_t flow_label, uint16_t sport)
{
	struct sdpa_frame_spec s;

	memset(&s, 0, sizeof(s));
	s.l3 = SDPA_L3_IP6;
	s.ip6_src[0] = 0x20;
	s.ip6_src[15] = 1;
	s.ip6_dst[0] = 0x20;
	s.ip6_dst[15] = 2;
	s.flow_label = flow_label;
	s.l4 = SDPA_L4_UDP;
	s.src_port = sport;
	s.dst_port = 80;
	s.frame_len = 80;
	return sdpa_frame_build(&s, buf, SOFTDPA_FRAME_MAX);
}

void ft_inject(uint16_t port, const uint8_t *frame, uint32_t len)
{
	doca_error_t r;

	while ((r = softdpa_port_inject(port, frame, len)) == DOCA_ERROR_AGAIN)
		assert_int_equal(softdpa_nic_sync(), DOCA_SUCCESS);
	assert_int_equal(r, DOCA_SUCCESS);
}

uint32_t ft_drain(uint16_t port, uint8_t *buf)
{
	uint32_t len = 0;
	doca_error_t r = softdpa_port_drain(port, buf, SOFTDPA_FRAME_MAX, &len);

	if (r == DOCA_ERROR_EMPTY)
		return 0;
	assert_int_equal(r, DOCA_SUCCESS);
	return len;
}

uint32_t ft_drain_all(uint16_t port)
{
	static uint8_t buf[SOFTDPA_FRAME_MAX];
	uint32_t n = 0;

	while (ft_drain(port, buf))
		n++;
	return n;
}

void ft_sync(void)
{
	assert_int_equal(softdpa_nic_sync(), DOCA_SUCCESS);
}

void ft_process(struct doca_flow_port *port)
{
	assert_int_equal(doca_flow_entries_process(port, 0, 0, 0), DOCA_SUCCESS);
}

uint64_t ft_entry_pkts(struct doca_flow_pipe_entry *e)
{
	struct doca_flow_resource_query q;

	assert_int_equal(doca_flow_resource_query_entry(e, &q), DOCA_SUCCESS);
	return q.counter.total_pkts;
}

uint64_t ft_dropped(uint16_t port, enum softdpa_drop_reason why)
{
	struct softdpa_port_stats st;

	assert_int_equal(softdpa_port_stats(port, &st), DOCA_SUCCESS);
	return st.dropped[why];
}
