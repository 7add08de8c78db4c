/* SPDX-License-Identifier: BSD-3-Clause
 * Meters and aging on the emulated NIC, driven by the manual NIC clock (softdpa.h):
 * RFC 2697 / 2698 / 4115 colors at the bucket boundaries, color-blind and color-aware,
 * bytes and packets, the policy per color in a next pipe matching parser_meta.meter_color,
 * red dropped where the metering pipe leaves the pipeline, a 10-second simulated run within
 * 1 % of the configured rate, and aging exactly at the timeout.
 */
#include <string.h>

#include "core/atomics.h"
#include "flow_t.h"
#include "nic/flow_priv.h"

enum { FRAME = 64 }; /* ft_udp4 frames: every meter below counts 64-byte frames */

static uint8_t frame[SOFTDPA_FRAME_MAX];

static void send_n(uint32_t n)
{
	uint32_t len = ft_udp4(frame, 0x01020304, 0x08080808, 1234, 80);

	assert_int_equal(len, FRAME);
	for (uint32_t i = 0; i < n; i++)
		ft_inject(0, frame, len);
	ft_sync();
}

/* A BASIC root pipe on port 0 matching everything (empty match), with 'mon', forwarding
 * to 'next' (or port 1 when NULL), and its one entry (entry monitor 'emon'). */
static struct doca_flow_pipe *meter_pipe(const struct doca_flow_monitor *mon,
                                         const struct doca_flow_monitor *emon,
                                         struct doca_flow_pipe *next,
                                         struct doca_flow_pipe_entry **entry,
                                         doca_error_t expect_create)
{
	struct doca_flow_pipe_cfg *pc;
	struct doca_flow_match match;
	struct doca_flow_fwd fwd;
	struct doca_flow_pipe *p = NULL;

	memset(&match, 0, sizeof(match));
	memset(&fwd, 0, sizeof(fwd));
	if (next) {
		fwd.type = DOCA_FLOW_FWD_PIPE;
		fwd.next_pipe = next;
	} else {
		fwd.type = DOCA_FLOW_FWD_PORT;
		fwd.port_id = 1;
	}
	assert_int_equal(doca_flow_pipe_cfg_create(&pc, ft_ports[0]), DOCA_SUCCESS);
	assert_int_equal(doca_flow_pipe_cfg_set_name(pc, "METER"), DOCA_SUCCESS);
	assert_int_equal(doca_flow_pipe_cfg_set_type(pc, DOCA_FLOW_PIPE_BASIC), DOCA_SUCCESS);
	assert_int_equal(doca_flow_pipe_cfg_set_is_root(pc, true), DOCA_SUCCESS);
	assert_int_equal(doca_flow_pipe_cfg_set_match(pc, &match, NULL), DOCA_SUCCESS);
	assert_int_equal(doca_flow_pipe_cfg_set_monitor(pc, mon), DOCA_SUCCESS);
	assert_int_equal(doca_flow_pipe_create(pc, &fwd, NULL, &p), expect_create);
	doca_flow_pipe_cfg_destroy(pc);
	if (expect_create != DOCA_SUCCESS)
		return NULL;
	assert_int_equal(doca_flow_pipe_basic_add_entry(0, p, &match, 0, NULL, emon, NULL,
	                                                DOCA_FLOW_ENTRY_FLAGS_NO_WAIT, NULL, entry),
	                 DOCA_SUCCESS);
	ft_process(ft_ports[0]);
	return p;
}

/* The policy: a CONTROL pipe matching parser_meta.meter_color, one counting entry per
 * color; green and yellow go to port 1, red is dropped. */
static struct doca_flow_pipe *color_pipe(struct doca_flow_pipe_entry *ent[3])
{
	struct doca_flow_pipe_cfg *pc;
	struct doca_flow_pipe *p = NULL;
	struct doca_flow_monitor mon;

	memset(&mon, 0, sizeof(mon));
	mon.counter_type = DOCA_FLOW_RESOURCE_TYPE_NON_SHARED;
	assert_int_equal(doca_flow_pipe_cfg_create(&pc, ft_ports[0]), DOCA_SUCCESS);
	assert_int_equal(doca_flow_pipe_cfg_set_name(pc, "COLOR"), DOCA_SUCCESS);
	assert_int_equal(doca_flow_pipe_cfg_set_type(pc, DOCA_FLOW_PIPE_CONTROL), DOCA_SUCCESS);
	assert_int_equal(doca_flow_pipe_create(pc, NULL, NULL, &p), DOCA_SUCCESS);
	doca_flow_pipe_cfg_destroy(pc);
	for (int c = DOCA_FLOW_METER_COLOR_RED; c <= DOCA_FLOW_METER_COLOR_GREEN; c++) {
		struct doca_flow_match m, mask;
		struct doca_flow_fwd fwd;

		memset(&m, 0, sizeof(m));
		memset(&mask, 0, sizeof(mask));
		memset(&fwd, 0, sizeof(fwd));
		m.parser_meta.meter_color = (enum doca_flow_meter_color)c;
		memset(&mask.parser_meta.meter_color, 0xff, sizeof(mask.parser_meta.meter_color));
		if (c == DOCA_FLOW_METER_COLOR_RED) {
			fwd.type = DOCA_FLOW_FWD_DROP;
		} else {
			fwd.type = DOCA_FLOW_FWD_PORT;
			fwd.port_id = 1;
		}
		assert_int_equal(doca_flow_pipe_control_add_entry(0, p, &m, &mask, NULL, NULL, NULL,
		                                                  NULL, &mon, 0, &fwd, NULL,
		                                                  &ent[c]),
		                 DOCA_SUCCESS);
	}
	ft_process(ft_ports[0]);
	return p;
}

static struct doca_flow_shared_resource_cfg
meter_cfg(enum doca_flow_meter_algorithm_type alg, enum doca_flow_meter_limit_type lt,
          enum doca_flow_meter_color_mode cm, uint64_t cir, uint64_t cbs, uint64_t r2, uint64_t b2)
{
	struct doca_flow_shared_resource_cfg c;

	memset(&c, 0, sizeof(c));
	c.meter_cfg.alg = alg;
	c.meter_cfg.limit_type = lt;
	c.meter_cfg.color_mode = cm;
	c.meter_cfg.cir = cir;
	c.meter_cfg.cbs = cbs;
	if (alg == DOCA_FLOW_METER_ALGORITHM_TYPE_RFC2698) {
		c.meter_cfg.rfc2698.pir = r2;
		c.meter_cfg.rfc2698.pbs = b2;
	} else if (alg == DOCA_FLOW_METER_ALGORITHM_TYPE_RFC4115) {
		c.meter_cfg.rfc4115.eir = r2;
		c.meter_cfg.rfc4115.ebs = b2;
	} else {
		c.meter_cfg.rfc2697.ebs = b2;
	}
	return c;
}

/* Shared meter 0 with 'c', root pipe metering into the color pipe; the counts per color
 * after 'n' frames at time 0 (nothing refills). */
static void colors_at_t0(struct doca_flow_shared_resource_cfg c, enum doca_flow_meter_color init,
                         uint32_t n, uint64_t want_g, uint64_t want_y, uint64_t want_r)
{
	struct doca_flow_pipe_entry *ent[3], *e;
	struct doca_flow_monitor mon;

	ft_init("vnf,hws", 0, 0, 0, 2);
	assert_int_equal(softdpa_clock_set_manual(1000), DOCA_SUCCESS);
	assert_int_equal(doca_flow_shared_resource_set_cfg(DOCA_FLOW_SHARED_RESOURCE_METER, 0, &c),
	                 DOCA_SUCCESS);
	memset(&mon, 0, sizeof(mon));
	mon.meter_type = DOCA_FLOW_RESOURCE_TYPE_SHARED;
	mon.shared_meter.shared_meter_id = 0;
	mon.shared_meter.meter_init_color = init;
	(void)meter_pipe(&mon, NULL, color_pipe(ent), &e, DOCA_SUCCESS);
	send_n(n);
	assert_int_equal(ft_entry_pkts(ent[DOCA_FLOW_METER_COLOR_GREEN]), want_g);
	assert_int_equal(ft_entry_pkts(ent[DOCA_FLOW_METER_COLOR_YELLOW]), want_y);
	assert_int_equal(ft_entry_pkts(ent[DOCA_FLOW_METER_COLOR_RED]), want_r);
	assert_int_equal(ft_drain_all(1), want_g + want_y);
	ft_fini();
	softdpa_clock_set_real();
}

static void test_clock(void **state)
{
	(void)state;
	softdpa_clock_set_real();
	assert_int_equal(softdpa_clock_advance(1), DOCA_ERROR_BAD_STATE);
	assert_int_equal(softdpa_clock_set_manual(5), DOCA_SUCCESS);
	assert_int_equal(softdpa_clock_now(), 5);
	assert_int_equal(softdpa_clock_advance(10), DOCA_SUCCESS);
	assert_int_equal(softdpa_clock_now(), 15);
	assert_int_equal(softdpa_clock_advance(UINT64_MAX), DOCA_ERROR_INVALID_VALUE);
	assert_int_equal(softdpa_clock_now(), 15);
	softdpa_clock_set_real();
	assert_true(softdpa_clock_now() != 15);
}

/* srTCM with CBS = 2 frames, EBS = 1 frame: green, green, yellow, red... (blind). */
static void test_rfc2697_blind(void **state)
{
	(void)state;
	colors_at_t0(meter_cfg(DOCA_FLOW_METER_ALGORITHM_TYPE_RFC2697,
	                       DOCA_FLOW_METER_LIMIT_TYPE_BYTES, DOCA_FLOW_METER_COLOR_MODE_BLIND,
	                       1000, 2 * FRAME, 0, FRAME),
	             DOCA_FLOW_METER_COLOR_GREEN, 6, 2, 1, 3);
}

/* Color-aware: pre-yellow frames never take green tokens; pre-red are always red. */
static void test_rfc2697_aware(void **state)
{
	struct doca_flow_shared_resource_cfg c =
	        meter_cfg(DOCA_FLOW_METER_ALGORITHM_TYPE_RFC2697, DOCA_FLOW_METER_LIMIT_TYPE_BYTES,
	                  DOCA_FLOW_METER_COLOR_MODE_AWARE, 1000, 2 * FRAME, 0, FRAME);

	(void)state;
	colors_at_t0(c, DOCA_FLOW_METER_COLOR_YELLOW, 4, 0, 1, 3);
	colors_at_t0(c, DOCA_FLOW_METER_COLOR_RED, 4, 0, 0, 4);
	colors_at_t0(c, DOCA_FLOW_METER_COLOR_GREEN, 4, 2, 1, 1);
}

/* trTCM with CBS 2 frames, PBS 3 frames: green takes both, yellow only P. */
static void test_rfc2698(void **state)
{
	(void)state;
	colors_at_t0(meter_cfg(DOCA_FLOW_METER_ALGORITHM_TYPE_RFC2698,
	                       DOCA_FLOW_METER_LIMIT_TYPE_BYTES, DOCA_FLOW_METER_COLOR_MODE_BLIND,
	                       1000, 2 * FRAME, 2000, 3 * FRAME),
	             DOCA_FLOW_METER_COLOR_GREEN, 5, 2, 1, 2);
}

/* RFC 4115 in packets: CBS 3 packets, EBS 2 packets, independent buckets. */
static void test_rfc4115_packets(void **state)
{
	(void)state;
	colors_at_t0(meter_cfg(DOCA_FLOW_METER_ALGORITHM_TYPE_RFC4115,
	                       DOCA_FLOW_METER_LIMIT_TYPE_PACKETS, DOCA_FLOW_METER_COLOR_MODE_BLIND,
	                       10, 3, 10, 2),
	             DOCA_FLOW_METER_COLOR_GREEN, 7, 3, 2, 2);
}

/* An entry's own meter (the sample's shape: the pipe's template all-ones, the entry's
 * rate): a burst exactly at the bucket size passes, one frame more is red and dropped
 * (the pipe forwards to a port); a refill of exactly one frame's bytes admits one more. */
static void test_own_meter_burst_and_refill(void **state)
{
	struct doca_flow_monitor mon, emon;
	struct doca_flow_pipe_entry *e;

	(void)state;
	ft_init("vnf,hws", 0, 0, 0, 2);
	assert_int_equal(softdpa_clock_set_manual(0), DOCA_SUCCESS);
	memset(&mon, 0, sizeof(mon));
	mon.meter_type = DOCA_FLOW_RESOURCE_TYPE_NON_SHARED;
	mon.non_shared_meter.cir = UINT64_MAX;
	mon.non_shared_meter.cbs = UINT64_MAX;
	memset(&emon, 0, sizeof(emon));
	emon.meter_type = DOCA_FLOW_RESOURCE_TYPE_NON_SHARED;
	emon.non_shared_meter.cir = 1000; /* bytes per second */
	emon.non_shared_meter.cbs = 10 * FRAME;
	(void)meter_pipe(&mon, &emon, NULL, &e, DOCA_SUCCESS);
	send_n(10);
	assert_int_equal(ft_drain_all(1), 10);
	send_n(1);
	assert_int_equal(ft_drain_all(1), 0);
	assert_int_equal(ft_dropped(0, SOFTDPA_DROP_METER_RED), 1);
	/* 64 bytes at 1000 B/s = 64 ms; one nanosecond less is not enough. */
	assert_int_equal(softdpa_clock_advance(64000000 - 1), DOCA_SUCCESS);
	send_n(1);
	assert_int_equal(ft_drain_all(1), 0);
	assert_int_equal(softdpa_clock_advance(64000000), DOCA_SUCCESS);
	send_n(2);
	assert_int_equal(ft_drain_all(1), 1);
	assert_int_equal(ft_dropped(0, SOFTDPA_DROP_METER_RED), 3);
	/* A pipe that leaves the rate to its entries refuses an entry without one. */
	ft_fini();
	softdpa_clock_set_real();
}

/* Ten simulated seconds of 64-byte frames offered at 2.56x the committed rate: the green
 * bytes are CIR x 10 s + CBS within 1 %. */
static void test_rate_10s(void **state)
{
	const uint64_t cir = 100000, cbs = 2000; /* bytes/s, bytes */
	struct doca_flow_shared_resource_cfg c =
	        meter_cfg(DOCA_FLOW_METER_ALGORITHM_TYPE_RFC2697, DOCA_FLOW_METER_LIMIT_TYPE_BYTES,
	                  DOCA_FLOW_METER_COLOR_MODE_BLIND, cir, cbs, 0, 0);
	struct doca_flow_pipe_entry *ent[3], *e;
	struct doca_flow_monitor mon;
	uint64_t green_bytes, want = cir * 10 + cbs;
	uint32_t len = ft_udp4(frame, 0x01020304, 0x08080808, 1234, 80);

	(void)state;
	ft_init("vnf,hws", 0, 0, 0, 2);
	assert_int_equal(softdpa_clock_set_manual(0), DOCA_SUCCESS);
	assert_int_equal(doca_flow_shared_resource_set_cfg(DOCA_FLOW_SHARED_RESOURCE_METER, 0, &c),
	                 DOCA_SUCCESS);
	memset(&mon, 0, sizeof(mon));
	mon.meter_type = DOCA_FLOW_RESOURCE_TYPE_SHARED;
	mon.shared_meter.shared_meter_id = 0;
	(void)meter_pipe(&mon, NULL, color_pipe(ent), &e, DOCA_SUCCESS);
	/* 4000 frames a second (256 000 B/s): 10 frames every 2.5 ms, for 10 s. */
	for (uint32_t tick = 0; tick < 4000; tick++) {
		for (uint32_t i = 0; i < 10; i++)
			ft_inject(0, frame, len);
		ft_sync();
		(void)ft_drain_all(1);
		assert_int_equal(softdpa_clock_advance(2500000), DOCA_SUCCESS);
	}
	green_bytes = ft_entry_pkts(ent[DOCA_FLOW_METER_COLOR_GREEN]) * FRAME;
	print_message("meter, 10 s simulated: %llu green bytes, configured %llu (cir x 10 s + "
	              "cbs); %llu red frames\n",
	              (unsigned long long)green_bytes, (unsigned long long)want,
	              (unsigned long long)ft_entry_pkts(ent[DOCA_FLOW_METER_COLOR_RED]));
	assert_true(green_bytes * 100 >= want * 99 && green_bytes * 100 <= want * 101);
	assert_int_equal(ft_entry_pkts(ent[DOCA_FLOW_METER_COLOR_GREEN]) +
	                         ft_entry_pkts(ent[DOCA_FLOW_METER_COLOR_RED]),
	                 40000);
	ft_fini();
	softdpa_clock_set_real();
}

/* One shared meter on the root pipes of two ports, two workers metering into it at once,
 * the clock frozen: exactly CBS / frame frames are green in all, whatever the interleaving. */
static void test_shared_meter_two_workers(void **state)
{
	struct doca_flow_shared_resource_cfg c =
	        meter_cfg(DOCA_FLOW_METER_ALGORITHM_TYPE_RFC2697, DOCA_FLOW_METER_LIMIT_TYPE_BYTES,
	                  DOCA_FLOW_METER_COLOR_MODE_BLIND, 1000, 300 * FRAME, 0, 0);
	struct doca_flow_monitor mon;
	struct doca_flow_match match;
	struct doca_flow_fwd fwd;
	uint32_t len = ft_udp4(frame, 0x01020304, 0x08080808, 1234, 80);
	uint32_t out = 0;

	(void)state;
	ft_init("vnf,hws", 2, 0, 0, 4);
	assert_int_equal(softdpa_clock_set_manual(0), DOCA_SUCCESS);
	assert_int_equal(doca_flow_shared_resource_set_cfg(DOCA_FLOW_SHARED_RESOURCE_METER, 3, &c),
	                 DOCA_SUCCESS);
	memset(&mon, 0, sizeof(mon));
	mon.meter_type = DOCA_FLOW_RESOURCE_TYPE_SHARED;
	mon.shared_meter.shared_meter_id = 3;
	memset(&match, 0, sizeof(match));
	for (uint16_t port = 0; port < 2; port++) {
		struct doca_flow_pipe_cfg *pc;
		struct doca_flow_pipe *p;

		memset(&fwd, 0, sizeof(fwd));
		fwd.type = DOCA_FLOW_FWD_PORT;
		fwd.port_id = (uint16_t)(port + 2);
		assert_int_equal(doca_flow_pipe_cfg_create(&pc, ft_ports[port]), DOCA_SUCCESS);
		assert_int_equal(doca_flow_pipe_cfg_set_is_root(pc, true), DOCA_SUCCESS);
		assert_int_equal(doca_flow_pipe_cfg_set_match(pc, &match, NULL), DOCA_SUCCESS);
		assert_int_equal(doca_flow_pipe_cfg_set_monitor(pc, &mon), DOCA_SUCCESS);
		assert_int_equal(doca_flow_pipe_create(pc, &fwd, NULL, &p), DOCA_SUCCESS);
		doca_flow_pipe_cfg_destroy(pc);
		assert_int_equal(doca_flow_pipe_basic_add_entry(0, p, &match, 0, NULL, NULL, NULL,
		                                                DOCA_FLOW_ENTRY_FLAGS_NO_WAIT, NULL,
		                                                NULL),
		                 DOCA_SUCCESS);
		ft_process(ft_ports[port]);
	}
	for (uint32_t i = 0; i < 400; i++) {
		ft_inject(0, frame, len);
		ft_inject(1, frame, len);
		out += ft_drain_all(2) + ft_drain_all(3);
	}
	ft_sync();
	out += ft_drain_all(2) + ft_drain_all(3);
	assert_int_equal(out, 300);
	assert_int_equal(
	        ft_dropped(0, SOFTDPA_DROP_METER_RED) + ft_dropped(1, SOFTDPA_DROP_METER_RED), 500);
	ft_fini();
	softdpa_clock_set_real();
}

static void test_meter_errors(void **state)
{
	struct doca_flow_shared_resource_cfg c;
	struct doca_flow_monitor mon;

	(void)state;
	ft_init("vnf,hws", 0, 0, 0, 2);
	c = meter_cfg(DOCA_FLOW_METER_ALGORITHM_TYPE_RFC2698, DOCA_FLOW_METER_LIMIT_TYPE_BYTES,
	              DOCA_FLOW_METER_COLOR_MODE_BLIND, 2000, 100, 1000, 100);
	assert_int_equal(doca_flow_shared_resource_set_cfg(DOCA_FLOW_SHARED_RESOURCE_METER, 1, &c),
	                 DOCA_ERROR_INVALID_VALUE); /* pir < cir */
	c.meter_cfg.alg = (enum doca_flow_meter_algorithm_type)7;
	assert_int_equal(doca_flow_shared_resource_set_cfg(DOCA_FLOW_SHARED_RESOURCE_METER, 1, &c),
	                 DOCA_ERROR_INVALID_VALUE);
	assert_int_equal(
	        doca_flow_shared_resource_set_cfg(DOCA_FLOW_SHARED_RESOURCE_METER, 1, NULL),
	        DOCA_ERROR_INVALID_VALUE);
	assert_int_equal(doca_flow_shared_resource_set_cfg(DOCA_FLOW_SHARED_RESOURCE_METER, 4, &c),
	                 DOCA_ERROR_INVALID_VALUE); /* 4 configured: ids 0..3 */
	/* A pipe naming an unconfigured shared meter. */
	memset(&mon, 0, sizeof(mon));
	mon.meter_type = DOCA_FLOW_RESOURCE_TYPE_SHARED;
	mon.shared_meter.shared_meter_id = 2;
	(void)meter_pipe(&mon, NULL, NULL, NULL, DOCA_ERROR_INVALID_VALUE);
	/* An own meter whose rate is left to entries, with an entry that gives none. */
	memset(&mon, 0, sizeof(mon));
	mon.meter_type = DOCA_FLOW_RESOURCE_TYPE_NON_SHARED;
	mon.non_shared_meter.cir = UINT64_MAX;
	{
		struct doca_flow_pipe_cfg *pc;
		struct doca_flow_match match;
		struct doca_flow_fwd fwd;
		struct doca_flow_pipe *p;

		memset(&match, 0, sizeof(match));
		memset(&fwd, 0, sizeof(fwd));
		fwd.type = DOCA_FLOW_FWD_DROP;
		assert_int_equal(doca_flow_pipe_cfg_create(&pc, ft_ports[0]), DOCA_SUCCESS);
		assert_int_equal(doca_flow_pipe_cfg_set_match(pc, &match, NULL), DOCA_SUCCESS);
		assert_int_equal(doca_flow_pipe_cfg_set_monitor(pc, &mon), DOCA_SUCCESS);
		assert_int_equal(doca_flow_pipe_create(pc, &fwd, NULL, &p), DOCA_SUCCESS);
		doca_flow_pipe_cfg_destroy(pc);
		assert_int_equal(doca_flow_pipe_basic_add_entry(0, p, &match, 0, NULL, NULL, NULL,
		                                                0, NULL, NULL),
		                 DOCA_ERROR_INVALID_VALUE);
	}
	ft_fini();
}

/* ---------------------------------------------------------------- aging */

static struct doca_flow_pipe *aging_pipe_ctr(uint32_t pipe_aging,
                                             enum doca_flow_resource_type counter)
{
	struct doca_flow_pipe_cfg *pc;
	struct doca_flow_match match;
	struct doca_flow_monitor mon;
	struct doca_flow_fwd fwd;
	struct doca_flow_pipe *p = NULL;

	memset(&match, 0, sizeof(match));
	match.outer.l3_type = DOCA_FLOW_L3_TYPE_IP4;
	match.outer.ip4.src_ip = UINT32_MAX;
	memset(&mon, 0, sizeof(mon));
	mon.aging_sec = pipe_aging;
	mon.counter_type = counter;
	memset(&fwd, 0, sizeof(fwd));
	fwd.type = DOCA_FLOW_FWD_PORT;
	fwd.port_id = 1;
	assert_int_equal(doca_flow_pipe_cfg_create(&pc, ft_ports[0]), DOCA_SUCCESS);
	assert_int_equal(doca_flow_pipe_cfg_set_is_root(pc, true), DOCA_SUCCESS);
	assert_int_equal(doca_flow_pipe_cfg_set_match(pc, &match, NULL), DOCA_SUCCESS);
	assert_int_equal(doca_flow_pipe_cfg_set_monitor(pc, &mon), DOCA_SUCCESS);
	assert_int_equal(doca_flow_pipe_create(pc, &fwd, NULL, &p), DOCA_SUCCESS);
	doca_flow_pipe_cfg_destroy(pc);
	return p;
}

static struct doca_flow_pipe *aging_pipe(uint32_t pipe_aging)
{
	return aging_pipe_ctr(pipe_aging, DOCA_FLOW_RESOURCE_TYPE_NONE);
}

static struct doca_flow_pipe_entry *aging_entry(struct doca_flow_pipe *p, uint32_t src,
                                                uint32_t aging_sec)
{
	struct doca_flow_match match;
	struct doca_flow_monitor mon;
	struct doca_flow_pipe_entry *e;

	memset(&match, 0, sizeof(match));
	match.outer.ip4.src_ip = __builtin_bswap32(src);
	memset(&mon, 0, sizeof(mon));
	mon.aging_sec = aging_sec;
	assert_int_equal(doca_flow_pipe_basic_add_entry(0, p, &match, 0, NULL, &mon, NULL,
	                                                DOCA_FLOW_ENTRY_FLAGS_NO_WAIT, NULL, &e),
	                 DOCA_SUCCESS);
	ft_process(ft_ports[0]);
	return e;
}

/* Aged exactly at the timeout, not a nanosecond before; reported once; a hit restarts
 * the time; an aged entry keeps forwarding until removed. */
static void test_aging_exact(void **state)
{
	const uint64_t s = 1000000000ull;
	struct doca_flow_pipe *p;
	struct doca_flow_pipe_entry *e1, *e2;
	uint32_t len;

	(void)state;
	ft_init("vnf,hws", 0, 2, 0, 2);
	assert_int_equal(softdpa_clock_set_manual(100), DOCA_SUCCESS);
	p = aging_pipe(UINT32_MAX); /* the sample's template: entries give the time */
	e1 = aging_entry(p, 0x01020304, 5);
	e2 = aging_entry(p, 0x09020304, 5);
	assert_int_equal(doca_flow_aging_handle(ft_ports[0], 0, 20, 0), -1);
	assert_int_equal(softdpa_clock_advance(3 * s), DOCA_SUCCESS);
	len = ft_udp4(frame, 0x01020304, 0x08080808, 1, 2);
	ft_inject(0, frame, len); /* e1 hit at t = 3 s */
	ft_sync();
	assert_int_equal(ft_drain_all(1), 1);
	assert_int_equal(softdpa_clock_advance(2 * s - 1), DOCA_SUCCESS);
	assert_int_equal(doca_flow_aging_handle(ft_ports[0], 0, 20, 0), -1);
	assert_int_equal(ft_cb[DOCA_FLOW_ENTRY_OP_AGED][DOCA_FLOW_ENTRY_STATUS_SUCCESS], 0);
	assert_int_equal(softdpa_clock_advance(1), DOCA_SUCCESS);            /* t = 5 s: e2 ages */
	assert_int_equal(doca_flow_aging_handle(ft_ports[0], 1, 20, 0), -1); /* another queue */
	assert_int_equal(doca_flow_aging_handle(ft_ports[0], 0, 20, 0), 1);
	assert_int_equal(ft_cb[DOCA_FLOW_ENTRY_OP_AGED][DOCA_FLOW_ENTRY_STATUS_SUCCESS], 1);
	assert_int_equal(doca_flow_aging_handle(ft_ports[0], 0, 20, 0), -1); /* once */
	assert_int_equal(softdpa_clock_advance(3 * s), DOCA_SUCCESS);        /* t = 8 s: e1 ages */
	assert_int_equal(doca_flow_aging_handle(ft_ports[0], 0, 20, 0), 1);
	assert_int_equal(ft_cb[DOCA_FLOW_ENTRY_OP_AGED][DOCA_FLOW_ENTRY_STATUS_SUCCESS], 2);
	/* Aged entries still forward until removed. */
	ft_inject(0, frame, len);
	ft_sync();
	assert_int_equal(ft_drain_all(1), 1);
	assert_int_equal(doca_flow_pipe_remove_entry(0, DOCA_FLOW_ENTRY_FLAGS_NO_WAIT, e1),
	                 DOCA_SUCCESS);
	assert_int_equal(doca_flow_pipe_remove_entry(0, DOCA_FLOW_ENTRY_FLAGS_NO_WAIT, e2),
	                 DOCA_SUCCESS);
	ft_process(ft_ports[0]);
	assert_int_equal(doca_flow_aging_handle(NULL, 0, 20, 0), -1);
	assert_int_equal(doca_flow_aging_handle(ft_ports[0], 999, 20, 0), -1);
	ft_fini();
	softdpa_clock_set_real();
}

/* max_entries bounds one call; the next goes on; the pipe's own time applies to entries
 * that give none. */
static void test_aging_max_entries(void **state)
{
	struct doca_flow_pipe *p;

	(void)state;
	ft_init("vnf,hws", 0, 0, 0, 2);
	assert_int_equal(softdpa_clock_set_manual(0), DOCA_SUCCESS);
	p = aging_pipe(2);
	for (uint32_t i = 0; i < 5; i++)
		(void)aging_entry(p, 0x0a000001 + i, 0);
	assert_int_equal(softdpa_clock_advance(2000000000ull), DOCA_SUCCESS);
	assert_int_equal(doca_flow_aging_handle(ft_ports[0], 0, 0, 2), 2);
	assert_int_equal(doca_flow_aging_handle(ft_ports[0], 0, 0, 2), 2);
	assert_int_equal(doca_flow_aging_handle(ft_ports[0], 0, 0, 2), 1);
	assert_int_equal(doca_flow_aging_handle(ft_ports[0], 0, 0, 2), -1);
	assert_int_equal(ft_cb[DOCA_FLOW_ENTRY_OP_AGED][DOCA_FLOW_ENTRY_STATUS_SUCCESS], 5);
	ft_fini();
	softdpa_clock_set_real();
}

/* An entry added without aging starts to age when an update gives it a time: it ages
 * that time after the update, not after its add. */
static void test_aging_from_update(void **state)
{
	const uint64_t s = 1000000000ull;
	struct doca_flow_monitor mon;
	struct doca_flow_pipe *p;
	struct doca_flow_pipe_entry *e;

	(void)state;
	ft_init("vnf,hws", 0, 0, 0, 2);
	assert_int_equal(softdpa_clock_set_manual(0), DOCA_SUCCESS);
	p = aging_pipe(UINT32_MAX);
	e = aging_entry(p, 0x0a000001, 0);
	assert_int_equal(softdpa_clock_advance(10 * s), DOCA_SUCCESS);
	assert_int_equal(doca_flow_aging_handle(ft_ports[0], 0, 0, 0), -1); /* it does not age */
	memset(&mon, 0, sizeof(mon));
	mon.aging_sec = 3;
	assert_int_equal(doca_flow_pipe_basic_update_entry(0, p, 0, NULL, &mon, NULL,
	                                                   DOCA_FLOW_ENTRY_FLAGS_NO_WAIT, e),
	                 DOCA_SUCCESS);
	ft_process(ft_ports[0]);
	assert_int_equal(doca_flow_aging_handle(ft_ports[0], 0, 0, 0), -1);
	assert_int_equal(softdpa_clock_advance(3 * s - 1), DOCA_SUCCESS);
	assert_int_equal(doca_flow_aging_handle(ft_ports[0], 0, 0, 0), -1);
	assert_int_equal(softdpa_clock_advance(1), DOCA_SUCCESS);
	assert_int_equal(doca_flow_aging_handle(ft_ports[0], 0, 0, 0), 1);
	assert_int_equal(ft_cb[DOCA_FLOW_ENTRY_OP_AGED][DOCA_FLOW_ENTRY_STATUS_SUCCESS], 1);
	ft_fini();
	softdpa_clock_set_real();
}

/* A BASIC pipe whose template counts and ages keeps each entry's counter and last hit in
 * the entry's slot, after its key, so that entries with the same fwd share one data
 * (flow_entry.c): each entry still counts its own frames and ages from its own last hit,
 * an update keeps the counter. A pipe whose template does not age keeps the last hit of an
 * entry that ages on its own in that entry's data. */
static void hit_n(uint32_t src, uint32_t n)
{
	uint32_t len = ft_udp4(frame, src, 0x08080808, 1, 2);

	for (uint32_t i = 0; i < n; i++)
		ft_inject(0, frame, len);
	ft_sync();
	assert_int_equal(ft_drain_all(1), n);
}

static void test_entry_counter_and_aging_in_slot(void **state)
{
	const uint64_t s = 1000000000ull;
	struct doca_flow_pipe_cfg *pc;
	struct doca_flow_match match;
	struct doca_flow_monitor mon;
	struct doca_flow_fwd fwd = {.type = DOCA_FLOW_FWD_PORT, .port_id = 1};
	struct doca_flow_pipe *p, *q;
	struct doca_flow_pipe_entry *e[4], *own;

	(void)state;
	ft_init("vnf,hws", 0, 0, 0, 2);
	assert_int_equal(softdpa_clock_set_manual(0), DOCA_SUCCESS);
	p = aging_pipe_ctr(5, DOCA_FLOW_RESOURCE_TYPE_NON_SHARED);
	for (uint32_t i = 0; i < 4; i++)
		e[i] = aging_entry(p, 0x0a000001 + i, 0); /* the template's 5 s */
	/* one data for the four; a counter and a last hit after each one's key */
	assert_true(p->ectr_off >= SDPA_ENTRY_HEAD + p->mt.klen && p->eage_off > p->ectr_off);
	assert_ptr_equal(sdpa_load_relaxed(&e[0]->data), sdpa_load_relaxed(&e[3]->data));
	hit_n(0x0a000001, 3);
	hit_n(0x0a000002, 1);
	assert_int_equal(ft_entry_pkts(e[0]), 3);
	assert_int_equal(ft_entry_pkts(e[1]), 1);
	assert_int_equal(ft_entry_pkts(e[2]), 0);
	/* An update (the same fwd) keeps the entry's counter. */
	assert_int_equal(doca_flow_pipe_basic_update_entry(0, p, 0, NULL, NULL, &fwd,
	                                                   DOCA_FLOW_ENTRY_FLAGS_NO_WAIT, e[1]),
	                 DOCA_SUCCESS);
	ft_process(ft_ports[0]);
	hit_n(0x0a000002, 2);
	assert_int_equal(ft_entry_pkts(e[1]), 3);
	assert_int_equal(ft_entry_pkts(e[0]), 3);
	/* e[0] hit again at 2 s; the others were last hit (or added) at 0 s. */
	assert_int_equal(softdpa_clock_advance(2 * s), DOCA_SUCCESS);
	hit_n(0x0a000001, 1);
	assert_int_equal(softdpa_clock_advance(3 * s - 1), DOCA_SUCCESS);
	assert_int_equal(doca_flow_aging_handle(ft_ports[0], 0, 0, 0), -1);
	assert_int_equal(softdpa_clock_advance(1), DOCA_SUCCESS); /* 5 s */
	assert_int_equal(doca_flow_aging_handle(ft_ports[0], 0, 0, 0), 3);
	assert_int_equal(softdpa_clock_advance(2 * s), DOCA_SUCCESS); /* 7 s */
	assert_int_equal(doca_flow_aging_handle(ft_ports[0], 0, 0, 0), 1);
	assert_int_equal(ft_entry_pkts(e[0]), 4);

	/* A template without aging: the entry that ages keeps its last hit in its data. */
	memset(&match, 0, sizeof(match));
	match.outer.l3_type = DOCA_FLOW_L3_TYPE_IP4;
	match.outer.ip4.dst_ip = UINT32_MAX;
	assert_int_equal(doca_flow_pipe_cfg_create(&pc, ft_ports[0]), DOCA_SUCCESS);
	assert_int_equal(doca_flow_pipe_cfg_set_match(pc, &match, NULL), DOCA_SUCCESS);
	assert_int_equal(doca_flow_pipe_create(pc, &fwd, NULL, &q), DOCA_SUCCESS);
	doca_flow_pipe_cfg_destroy(pc);
	memset(&match, 0, sizeof(match));
	match.outer.ip4.dst_ip = __builtin_bswap32(0x08080808);
	memset(&mon, 0, sizeof(mon));
	mon.aging_sec = 2;
	assert_int_equal(doca_flow_pipe_basic_add_entry(0, q, &match, 0, NULL, &mon, NULL,
	                                                DOCA_FLOW_ENTRY_FLAGS_NO_WAIT, NULL, &own),
	                 DOCA_SUCCESS);
	ft_process(ft_ports[0]);
	assert_int_equal(softdpa_clock_advance(2 * s - 1), DOCA_SUCCESS);
	assert_int_equal(doca_flow_aging_handle(ft_ports[0], 0, 0, 0), -1);
	assert_int_equal(softdpa_clock_advance(1), DOCA_SUCCESS);
	assert_int_equal(doca_flow_aging_handle(ft_ports[0], 0, 0, 0), 1);
	ft_fini();
	softdpa_clock_set_real();
}

/* An ordered list [MONITOR] whose element meters (own meter, rate per entry) and ages. */
static void test_ordered_list_monitor(void **state)
{
	struct doca_flow_monitor tmon, emon;
	struct doca_flow_ordered_list_element el[1];
	struct doca_flow_ordered_list l = {.idx = 0, .size = 1, .elements = el}, *lp[1] = {&l};
	struct doca_flow_fwd fwd = {.type = DOCA_FLOW_FWD_PORT, .port_id = 1};
	struct doca_flow_fwd to_ol = {.type = DOCA_FLOW_FWD_ORDERED_LIST_PIPE};
	struct doca_flow_match any;
	struct doca_flow_pipe_cfg *pc;
	struct doca_flow_pipe *ol, *root;
	struct doca_flow_pipe_entry *e, *re;

	(void)state;
	ft_init("vnf,hws", 0, 0, 0, 2);
	assert_int_equal(softdpa_clock_set_manual(0), DOCA_SUCCESS);
	memset(&tmon, 0, sizeof(tmon));
	tmon.counter_type = DOCA_FLOW_RESOURCE_TYPE_NON_SHARED;
	tmon.meter_type = DOCA_FLOW_RESOURCE_TYPE_NON_SHARED;
	tmon.non_shared_meter.cir = UINT64_MAX;
	tmon.non_shared_meter.cbs = UINT64_MAX;
	tmon.aging_sec = UINT32_MAX;
	memset(el, 0, sizeof(el));
	el[0].type = DOCA_FLOW_ORDERED_LIST_ELEMENT_MONITOR;
	el[0].monitor = &tmon;
	assert_int_equal(doca_flow_pipe_cfg_create(&pc, ft_ports[0]), DOCA_SUCCESS);
	assert_int_equal(doca_flow_pipe_cfg_set_type(pc, DOCA_FLOW_PIPE_ORDERED_LIST),
	                 DOCA_SUCCESS);
	assert_int_equal(doca_flow_pipe_cfg_set_ordered_lists(pc, lp, 1), DOCA_SUCCESS);
	assert_int_equal(doca_flow_pipe_create(pc, &fwd, NULL, &ol), DOCA_SUCCESS);
	doca_flow_pipe_cfg_destroy(pc);
	/* The entry's element gives no rate: refused. */
	el[0].monitor = NULL;
	assert_int_equal(doca_flow_pipe_ordered_list_add_entry(
	                         0, ol, 0, &l, NULL, DOCA_FLOW_ENTRY_FLAGS_NO_WAIT, NULL, &e),
	                 DOCA_ERROR_INVALID_VALUE);
	memset(&emon, 0, sizeof(emon));
	emon.counter_type = DOCA_FLOW_RESOURCE_TYPE_NON_SHARED;
	emon.meter_type = DOCA_FLOW_RESOURCE_TYPE_NON_SHARED;
	emon.non_shared_meter.cir = 1000;
	emon.non_shared_meter.cbs = 2 * FRAME;
	emon.aging_sec = 2;
	el[0].monitor = &emon;
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
	send_n(3); /* at t = 0 */
	assert_int_equal(ft_drain_all(1), 2);
	assert_int_equal(ft_dropped(0, SOFTDPA_DROP_METER_RED), 1);
	assert_int_equal(ft_entry_pkts(e), 3);
	/* Aging from the last hit (t = 0): not at 2 s - 1 ns, at 2 s. */
	assert_int_equal(softdpa_clock_advance(2000000000ull - 1), DOCA_SUCCESS);
	assert_int_equal(doca_flow_aging_handle(ft_ports[0], 0, 0, 0), -1);
	assert_int_equal(softdpa_clock_advance(1), DOCA_SUCCESS);
	assert_int_equal(doca_flow_aging_handle(ft_ports[0], 0, 0, 0), 1);
	ft_fini();
	softdpa_clock_set_real();
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	        cmocka_unit_test(test_clock),
	        FT_TEST(test_rfc2697_blind),
	        FT_TEST(test_rfc2697_aware),
	        FT_TEST(test_rfc2698),
	        FT_TEST(test_rfc4115_packets),
	        FT_TEST(test_own_meter_burst_and_refill),
	        FT_TEST(test_rate_10s),
	        FT_TEST(test_shared_meter_two_workers),
	        FT_TEST(test_meter_errors),
	        FT_TEST(test_aging_exact),
	        FT_TEST(test_aging_max_entries),
	        FT_TEST(test_aging_from_update),
	        FT_TEST(test_entry_counter_and_aging_in_slot),
	        FT_TEST(test_ordered_list_monitor),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
