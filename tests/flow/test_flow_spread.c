/* SPDX-License-Identifier: BSD-3-Clause
 * One port's frames spread over the NIC workers (src/nic/spread.h): with 2 and 3 workers,
 * frames of many flows on port 0, through a counting root pipe to port 1. Every frame
 * arrives, each flow's frames in the order they were sent, and the entry counter (one
 * block per worker) sums to the frames sent. Rounds preloaded while the workers are held
 * (sdpa_nic_hold) put more than a ring's worth of frames in flight to one worker, so the
 * owner meets a full ring and must keep the rest on the wire, in order. A mem wire spreads at
 * inject (one RX queue per worker); a pcap wire has one queue, and its owner spreads it over
 * the worker-to-worker rings. Also the flow hash:
 * the same flow hashes alike, fragments by addresses only, short frames safely.
 */
#include <stdlib.h>
#include <string.h>

#include <stdio.h>
#include <unistd.h>

#include "flow_t.h"
#include "io/port.h"
#include "nic/nic.h"
#include "nic/spread.h"

enum { FLOWS = 61, ROUNDS = 4, PER_ROUND = 6000, SEQ_OFF = 50 };

static uint8_t buf[SOFTDPA_FRAME_MAX];

static struct doca_flow_pipe_entry *count_pipe(void)
{
	struct doca_flow_monitor mon = {.counter_type = DOCA_FLOW_RESOURCE_TYPE_NON_SHARED};
	struct doca_flow_fwd fwd = {.type = DOCA_FLOW_FWD_PORT, .port_id = 1};
	struct doca_flow_pipe_cfg *pc;
	struct doca_flow_match match;
	struct doca_flow_pipe *p = NULL;
	struct doca_flow_pipe_entry *e = NULL;

	memset(&match, 0, sizeof(match));
	assert_int_equal(doca_flow_pipe_cfg_create(&pc, ft_ports[0]), DOCA_SUCCESS);
	assert_int_equal(doca_flow_pipe_cfg_set_name(pc, "SPREAD"), DOCA_SUCCESS);
	assert_int_equal(doca_flow_pipe_cfg_set_type(pc, DOCA_FLOW_PIPE_BASIC), DOCA_SUCCESS);
	assert_int_equal(doca_flow_pipe_cfg_set_is_root(pc, true), DOCA_SUCCESS);
	assert_int_equal(doca_flow_pipe_cfg_set_match(pc, &match, NULL), DOCA_SUCCESS);
	assert_int_equal(doca_flow_pipe_cfg_set_monitor(pc, &mon), DOCA_SUCCESS);
	assert_int_equal(doca_flow_pipe_create(pc, &fwd, NULL, &p), DOCA_SUCCESS);
	doca_flow_pipe_cfg_destroy(pc);
	assert_int_equal(doca_flow_pipe_basic_add_entry(0, p, &match, 0, NULL, NULL, NULL,
	                                                DOCA_FLOW_ENTRY_FLAGS_NO_WAIT, NULL, &e),
	                 DOCA_SUCCESS);
	ft_process(ft_ports[0]);
	return e;
}

static void spread_order(uint32_t workers)
{
	uint32_t next[FLOWS] = {0}, seen[FLOWS] = {0}, sent = 0, got = 0, len;
	struct doca_flow_pipe_entry *e;

	/* a wire deep enough for a held round */
	setenv("SOFTDPA_PORT0", "mem:8192", 1);
	setenv("SOFTDPA_PORT1", "mem:8192", 1);
	ft_init("vnf,hws", workers, 0, 0, 2);
	/* the mem wire spreads by itself: one RX queue per worker (io/wire.h) */
	assert_int_equal(sdpa_port_rx_queues(0), workers);
	e = count_pipe();
	for (uint32_t r = 0; r < ROUNDS; r++) {
		/* Held rounds: a burst of PER_ROUND frames at once (more than a spread ring holds
		 * for one worker); the others stream while the workers run. */
		if (r % 2 == 0)
			sdpa_nic_hold(true);
		for (uint32_t i = 0; i < PER_ROUND; i++, sent++) {
			uint32_t f = sent % FLOWS;

			len = ft_udp4(buf, 0x0a000001 + f, 0x0b000001, (uint16_t)(1000 + f), 80);
			sdpa_put_be32(buf + SEQ_OFF, next[f]++);
			ft_inject(0, buf, len);
		}
		sdpa_nic_hold(false);
		ft_sync();
		while (ft_drain(1, buf) != 0) {
			uint32_t f = sdpa_be16(buf + 34) - 1000u; /* the UDP source port */

			assert_true(f < FLOWS);
			/* per flow, in the order sent */
			assert_int_equal(sdpa_be32(buf + SEQ_OFF), seen[f]);
			seen[f]++;
			got++;
		}
	}
	assert_int_equal(got, sent);
	assert_int_equal(ft_entry_pkts(e), sent);
	assert_int_equal(ft_dropped(0, SOFTDPA_DROP_TX_FULL) + ft_dropped(1, SOFTDPA_DROP_TX_FULL),
	                 0);
	ft_fini();
	unsetenv("SOFTDPA_PORT0");
	unsetenv("SOFTDPA_PORT1");
}

static void test_two_workers(void **state)
{
	(void)state;
	spread_order(2);
}

static void test_three_workers(void **state)
{
	(void)state;
	spread_order(3);
}

/* A pcap input has one RX queue: its owner spreads it through the worker-to-worker rings
 * (more frames than a ring holds, so the owner meets a full ring). */
static void test_pcap_two_workers(void **state)
{
	static const uint8_t ghdr[24] = {0xd4, 0xc3, 0xb2, 0xa1, 2,    0,    4, 0, 0, 0, 0, 0,
	                                 0,    0,    0,    0,    0xff, 0xff, 0, 0, 1, 0, 0, 0};
	enum { N = 6000 };
	uint32_t next[FLOWS] = {0}, seen[FLOWS] = {0}, got = 0, len;
	char path[64], spec[80];
	struct doca_flow_pipe_entry *e;
	FILE *fp;

	(void)state;
	snprintf(path, sizeof(path), "/tmp/sdpa-spread-%d.pcap", (int)getpid());
	fp = fopen(path, "wb");
	assert_non_null(fp);
	fwrite(ghdr, 1, sizeof(ghdr), fp);
	for (uint32_t i = 0; i < N; i++) {
		uint32_t f = i % FLOWS, rec[4] = {0, 0};

		len = ft_udp4(buf, 0x0a000001 + f, 0x0b000001, (uint16_t)(1000 + f), 80);
		sdpa_put_be32(buf + SEQ_OFF, next[f]++);
		rec[2] = rec[3] = len; /* host order, as the magic says */
		fwrite(rec, 1, sizeof(rec), fp);
		fwrite(buf, 1, len, fp);
	}
	fclose(fp);
	snprintf(spec, sizeof(spec), "pcap:%s", path);
	setenv("SOFTDPA_PORT0", spec, 1);
	setenv("SOFTDPA_PORT1", "mem:8192", 1);
	sdpa_nic_hold(true); /* no frame before the pipe exists */
	ft_init("vnf,hws", 2, 0, 0, 2);
	assert_int_equal(sdpa_port_rx_queues(0), 1);
	e = count_pipe();
	sdpa_nic_hold(false);
	ft_sync(); /* to the pcap's end */
	while (ft_drain(1, buf) != 0) {
		uint32_t f = sdpa_be16(buf + 34) - 1000u;

		assert_true(f < FLOWS);
		assert_int_equal(sdpa_be32(buf + SEQ_OFF), seen[f]);
		seen[f]++;
		got++;
	}
	assert_int_equal(got, N);
	assert_int_equal(ft_entry_pkts(e), N);
	ft_fini();
	unsetenv("SOFTDPA_PORT0");
	unsetenv("SOFTDPA_PORT1");
	unlink(path);
}

static void test_hash(void **state)
{
	uint8_t a[64], b[64];
	uint32_t la, lb;
	uint32_t buckets[4] = {0};

	(void)state;
	la = ft_udp4(a, 0x0a000001, 0x0b000001, 1000, 80);
	lb = ft_udp4(b, 0x0a000001, 0x0b000001, 1000, 80);
	sdpa_put_be32(b + SEQ_OFF, 12345); /* payload: same flow */
	assert_int_equal(sdpa_spread_hash(a, la), sdpa_spread_hash(b, lb));
	sdpa_put_be16(b + 34, 1001); /* another source port: another flow */
	assert_int_not_equal(sdpa_spread_hash(a, la), sdpa_spread_hash(b, lb));
	/* a fragment (more-fragments set) hashes by its addresses only */
	sdpa_put_be16(b + 20, 0x2000);
	sdpa_put_be16(a + 20, 0x2000);
	sdpa_put_be16(a + 34, 7);
	assert_int_equal(sdpa_spread_hash(a, la), sdpa_spread_hash(b, lb));
	/* short frames: no read past the end */
	assert_int_equal(sdpa_spread_hash(a, 10), 0);
	(void)sdpa_spread_hash(a, 14);
	(void)sdpa_spread_hash(a, 20);
	/* flows spread about evenly */
	for (uint32_t f = 0; f < 4000; f++) {
		la = ft_udp4(a, 0x0a000001, 0x0b000001, (uint16_t)f, 80);
		buckets[sdpa_spread_hash(a, la) % 4]++;
	}
	for (int i = 0; i < 4; i++)
		assert_true(buckets[i] > 800 && buckets[i] < 1200);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	        FT_TEST(test_hash),
	        FT_TEST(test_two_workers),
	        FT_TEST(test_three_workers),
	        FT_TEST(test_pcap_two_workers),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
