/* SPDX-License-Identifier: BSD-3-Clause
 * softdpa_port_wire/inject/drain/stats and the port I/O table the NIC layer uses:
 * every documented error with its log line, flow control that does not log, wire
 * precedence (softdpa_port_wire > SOFTDPA_PORT<n> > mem), per-worker counters.
 */
#include <pthread.h>
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <doca_log.h>
#include <softdpa.h>

#include "core/config.h"
#include "io/port.h"
#include "t_helpers.h"

static const char *good_pcap(void)
{
	static char path[1024];

	snprintf(path, sizeof(path), "%s/data/pcap/good.pcap", t_srcdir());
	return path;
}

static void frame64(uint8_t *f, uint8_t tag)
{
	for (int i = 0; i < 64; i++)
		f[i] = (uint8_t)(tag + i);
}

static void test_drop_reason_names(void **state)
{
	(void)state;
	assert_string_equal(softdpa_drop_reason_name(SOFTDPA_DROP_RULE), "rule");
	assert_string_equal(softdpa_drop_reason_name(SOFTDPA_DROP_TX_FULL), "tx_full");
	assert_string_equal(softdpa_drop_reason_name(SOFTDPA_DROP_RXQ_FULL), "rxq_full");
	assert_string_equal(softdpa_drop_reason_name(SOFTDPA_DROP_MALFORMED), "malformed");
	assert_string_equal(softdpa_drop_reason_name(SOFTDPA_DROP_PORT_DOWN), "port_down");
	assert_string_equal(softdpa_drop_reason_name(SOFTDPA_DROP_NO_PIPE), "no_pipe");
	assert_string_equal(softdpa_drop_reason_name(SOFTDPA_DROP_WIRE_ERROR), "wire_error");
	assert_string_equal(softdpa_drop_reason_name(SOFTDPA_DROP_METER_RED), "meter_red");
	assert_string_equal(softdpa_drop_reason_name(SOFTDPA_DROP_TUNNEL), "tunnel");
	assert_string_equal(softdpa_drop_reason_name(SOFTDPA_DROP_LOOP), "loop");
	assert_string_equal(softdpa_drop_reason_name((enum softdpa_drop_reason)10), "unknown");
	assert_string_equal(softdpa_drop_reason_name(SOFTDPA_DROP_REASON_MAX), "unknown");
	assert_string_equal(softdpa_drop_reason_name((enum softdpa_drop_reason) - 1), "unknown");
}

static void test_port_wire_errors(void **state)
{
	(void)state;
	t_log_reset();
	assert_int_equal(softdpa_port_wire(64, "mem"), DOCA_ERROR_INVALID_VALUE);
	t_assert_logged("softdpa_port_wire", "port id 64 is out of range", "0..63");
	assert_int_equal(softdpa_port_wire(65535, "mem"), DOCA_ERROR_INVALID_VALUE);
	assert_int_equal(softdpa_port_wire(1, NULL), DOCA_ERROR_INVALID_VALUE);
	t_assert_logged("softdpa_port_wire(port 1)", "NULL");
	assert_int_equal(softdpa_port_wire(1, "bogus"), DOCA_ERROR_INVALID_VALUE);
	t_assert_logged("softdpa_port_wire(port 1)", "'bogus' is not a wire",
	                "\"pcap:IN.pcap[,OUT.pcap]\"");
	assert_int_equal(softdpa_port_wire(1, "pcap:"), DOCA_ERROR_INVALID_VALUE);
	assert_int_equal(softdpa_port_wire(1, "afpacket:"), DOCA_ERROR_INVALID_VALUE);
	/* syntax only: a missing file is found at start */
	assert_int_equal(softdpa_port_wire(1, "pcap:/no/such.pcap"), DOCA_SUCCESS);
	t_log_reset();
	assert_int_equal(sdpa_port_open(1), DOCA_ERROR_NOT_FOUND);
	t_assert_logged("port 1 cannot start", "'pcap:/no/such.pcap' (from softdpa_port_wire)",
	                "DOCA_ERROR_NOT_FOUND");
	assert_false(sdpa_port_is_open(1));
	assert_int_equal(softdpa_port_wire(1, "mem"), DOCA_SUCCESS);
	assert_int_equal(sdpa_port_open(1), DOCA_SUCCESS);
	t_log_reset();
	assert_int_equal(softdpa_port_wire(1, "mem"), DOCA_ERROR_BAD_STATE);
	t_assert_logged("port 1 is started with wire 'mem'", "doca_flow_port_stop");
	assert_int_equal(sdpa_port_close(1), DOCA_SUCCESS);
	assert_int_equal(softdpa_port_wire(1, "mem"), DOCA_SUCCESS);
}

static void test_open_close_errors(void **state)
{
	(void)state;
	t_log_reset();
	assert_int_equal(sdpa_port_open(64), DOCA_ERROR_INVALID_VALUE);
	t_assert_logged("port id 64 is out of range");
	assert_int_equal(sdpa_port_close(64), DOCA_ERROR_INVALID_VALUE);
	assert_int_equal(sdpa_port_close(2), DOCA_ERROR_BAD_STATE);
	t_assert_logged("port 2 is not started", "nothing to stop");
	assert_int_equal(sdpa_port_open(2), DOCA_SUCCESS);
	assert_true(sdpa_port_is_open(2));
	assert_int_equal(sdpa_port_wire_kind(2), SDPA_WIRE_MEM);
	assert_int_equal(sdpa_port_open(2), DOCA_ERROR_BAD_STATE);
	t_assert_logged("port 2 is already started");
	assert_int_equal(sdpa_port_close(2), DOCA_SUCCESS);
	assert_false(sdpa_port_is_open(2));
	assert_false(sdpa_port_is_open(64));
	assert_true(sdpa_port_rx_exhausted(2)); /* closed */
	assert_int_equal(sdpa_port_rx_error(2), DOCA_SUCCESS);
}

static void test_inject_errors(void **state)
{
	uint8_t f[64];
	(void)state;

	frame64(f, 0);
	t_log_reset();
	assert_int_equal(softdpa_port_inject(64, f, 64), DOCA_ERROR_INVALID_VALUE);
	t_assert_logged("softdpa_port_inject", "port id 64 is out of range");
	assert_int_equal(softdpa_port_inject(3, NULL, 64), DOCA_ERROR_INVALID_VALUE);
	t_assert_logged("softdpa_port_inject", "frame is NULL");
	assert_int_equal(softdpa_port_inject(3, f, 0), DOCA_ERROR_INVALID_VALUE);
	t_assert_logged("softdpa_port_inject: port 3", "length 0 is outside 1..9216");
	assert_int_equal(softdpa_port_inject(3, f, SOFTDPA_FRAME_MAX + 1),
	                 DOCA_ERROR_INVALID_VALUE);
	t_assert_logged("length 9217 is outside 1..9216", "SOFTDPA_FRAME_MAX");
	assert_int_equal(softdpa_port_inject(3, f, 64), DOCA_ERROR_BAD_STATE);
	t_assert_logged("softdpa_port_inject: port 3 is not started",
	                "call doca_flow_port_start first");

	/* a pcap port takes no injected frames */
	char spec[1100];
	snprintf(spec, sizeof(spec), "pcap:%s", good_pcap());
	assert_int_equal(softdpa_port_wire(3, spec), DOCA_SUCCESS);
	assert_int_equal(sdpa_port_open(3), DOCA_SUCCESS);
	assert_int_equal(sdpa_port_wire_kind(3), SDPA_WIRE_PCAP);
	t_log_reset();
	assert_int_equal(softdpa_port_inject(3, f, 64), DOCA_ERROR_BAD_STATE);
	t_assert_logged("port 3 uses a pcap wire, not mem", "softdpa_port_wire(3, \"mem\")");
	assert_int_equal(sdpa_port_close(3), DOCA_SUCCESS);
}

static void test_drain_errors(void **state)
{
	uint8_t buf[64];
	uint32_t len = 0;
	char spec[1100];
	(void)state;

	t_log_reset();
	assert_int_equal(softdpa_port_drain(64, buf, 64, &len), DOCA_ERROR_INVALID_VALUE);
	t_assert_logged("softdpa_port_drain", "port id 64 is out of range");
	assert_int_equal(softdpa_port_drain(4, NULL, 64, &len), DOCA_ERROR_INVALID_VALUE);
	t_assert_logged("softdpa_port_drain", "buf is NULL");
	assert_int_equal(softdpa_port_drain(4, buf, 64, NULL), DOCA_ERROR_INVALID_VALUE);
	t_assert_logged("softdpa_port_drain", "len is NULL");
	assert_int_equal(softdpa_port_drain(4, buf, 64, &len), DOCA_ERROR_BAD_STATE);
	t_assert_logged("softdpa_port_drain: port 4 is not started");
	snprintf(spec, sizeof(spec), "pcap:%s", good_pcap());
	assert_int_equal(softdpa_port_wire(4, spec), DOCA_SUCCESS);
	assert_int_equal(sdpa_port_open(4), DOCA_SUCCESS);
	assert_int_equal(softdpa_port_drain(4, buf, 64, &len), DOCA_ERROR_BAD_STATE);
	t_assert_logged("softdpa_port_drain: port 4 uses a pcap wire, not mem");
	assert_int_equal(sdpa_port_close(4), DOCA_SUCCESS);
}

static void test_inject_rx_tx_drain(void **state)
{
	struct sdpa_pkt *pkts[SDPA_WIRE_BURST_MAX];
	struct softdpa_port_stats st;
	uint8_t f[64], out[SOFTDPA_FRAME_MAX];
	uint32_t len = 0;
	int i;
	(void)state;

	assert_int_equal(sdpa_port_open(5), DOCA_SUCCESS);
	t_log_reset();
	assert_int_equal(softdpa_port_drain(5, out, sizeof(out), &len), DOCA_ERROR_EMPTY);
	frame64(f, 1);
	assert_int_equal(softdpa_port_inject(5, f, 64), DOCA_SUCCESS);
	frame64(f, 2);
	assert_int_equal(softdpa_port_inject(5, f, 60), DOCA_SUCCESS);
	assert_int_equal(sdpa_port_rx_pending(5), 2);
	assert_int_equal(sdpa_port_rx_burst(5, pkts, 32), 2);
	assert_int_equal(sdpa_port_rx_burst(5, pkts, 32), 2); /* again, counted once */
	assert_int_equal(pkts[0]->in_port, 5);
	frame64(f, 1);
	assert_memory_equal(pkts[0]->data, f, 64);
	assert_int_equal(pkts[1]->len, 60);
	assert_int_equal(sdpa_port_tx_burst(5, 0, pkts, 2), 2);
	sdpa_port_rx_release(5, 2);
	assert_int_equal(sdpa_port_rx_pending(5), 0);
	assert_false(sdpa_port_rx_exhausted(5));

	/* TOO_BIG keeps the frame queued and logs the size needed */
	assert_int_equal(softdpa_port_drain(5, out, 10, &len), DOCA_ERROR_TOO_BIG);
	assert_int_equal(len, 64);
	t_assert_logged("port 5: the next frame is 64 bytes but cap is 10", "at least 64 bytes");
	t_log_reset();
	assert_int_equal(softdpa_port_drain(5, out, sizeof(out), &len), DOCA_SUCCESS);
	assert_int_equal(len, 64);
	assert_memory_equal(out, f, 64);
	assert_int_equal(softdpa_port_drain(5, out, 60, &len), DOCA_SUCCESS);
	assert_int_equal(len, 60);
	assert_int_equal(softdpa_port_drain(5, out, sizeof(out), &len), DOCA_ERROR_EMPTY);

	/* fill the RX ring: AGAIN, the caller keeps the frame, nothing logged */
	for (i = 0; i < SDPA_WIRE_MEM_RING_SIZE; i++)
		assert_int_equal(softdpa_port_inject(5, f, 64), DOCA_SUCCESS);
	assert_int_equal(softdpa_port_inject(5, f, 64), DOCA_ERROR_AGAIN);
	assert_int_equal(softdpa_port_inject(5, f, 64), DOCA_ERROR_AGAIN);
	assert_int_equal(t_log_problems(), 0);

	assert_int_equal(softdpa_port_stats(5, &st), DOCA_SUCCESS);
	assert_int_equal(st.rx_frames, 2);
	assert_int_equal(st.rx_bytes, 124);
	assert_int_equal(st.tx_frames, 2);
	assert_int_equal(st.tx_bytes, 124);
	assert_int_equal(st.rx_refused, 2);
	assert_int_equal(st.dropped_total, 0);
	assert_int_equal(sdpa_port_close(5), DOCA_SUCCESS);
	/* counters survive the stop, and restart at the next start */
	assert_int_equal(softdpa_port_stats(5, &st), DOCA_SUCCESS);
	assert_int_equal(st.tx_frames, 2);
	assert_int_equal(st.rx_refused, 2);
	assert_int_equal(st.rx_frames, 2);
	assert_int_equal(sdpa_port_open(5), DOCA_SUCCESS);
	assert_int_equal(softdpa_port_stats(5, &st), DOCA_SUCCESS);
	assert_int_equal(st.tx_frames, 0);
	assert_int_equal(st.rx_frames, 0);
	assert_int_equal(st.rx_refused, 0);
	assert_int_equal(sdpa_port_close(5), DOCA_SUCCESS);
}

static void test_stats_sum_workers(void **state)
{
	struct sdpa_pkt *pkts[40];
	struct sdpa_pkt p;
	struct softdpa_port_stats st;
	uint8_t f[64];
	(void)state;

	t_log_reset();
	assert_int_equal(softdpa_port_stats(64, &st), DOCA_ERROR_INVALID_VALUE);
	t_assert_logged("softdpa_port_stats", "port id 64 is out of range");
	assert_int_equal(softdpa_port_stats(6, NULL), DOCA_ERROR_INVALID_VALUE);
	t_assert_logged("softdpa_port_stats: stats is NULL");
	/* never started: zeros */
	memset(&st, 0xab, sizeof(st));
	assert_int_equal(softdpa_port_stats(60, &st), DOCA_SUCCESS);
	assert_int_equal(st.rx_frames, 0);
	assert_int_equal(st.dropped_total, 0);

	assert_int_equal(sdpa_port_open(6), DOCA_SUCCESS);
	sdpa_port_count_drop(6, 0, SOFTDPA_DROP_RULE, 3);
	sdpa_port_count_drop(6, 5, SOFTDPA_DROP_RULE, 4);
	sdpa_port_count_drop(6, 64, SOFTDPA_DROP_NO_PIPE, 2);
	sdpa_port_count_drop(6, 1, SOFTDPA_DROP_RXQ_FULL, 1);
	t_log_reset();
	sdpa_port_count_drop(6, 66, SOFTDPA_DROP_RULE, 100); /* no such worker */
	t_assert_logged("sdpa_port_count_drop", "worker 66", "out of range");
	sdpa_port_count_drop(6, 0, SOFTDPA_DROP_REASON_MAX, 100);
	sdpa_port_count_drop(64, 0, SOFTDPA_DROP_RULE, 100);

	/* 40 frames at a full TX ring: TX_FULL on the worker that sent them */
	frame64(f, 9);
	p = (struct sdpa_pkt){.data = f, .len = 64, .cap = 64};
	for (int i = 0; i < 40; i++)
		pkts[i] = &p;
	for (int i = 0; i < SDPA_WIRE_MEM_RING_SIZE / 32; i++)
		assert_int_equal(sdpa_port_tx_burst(6, 2, pkts, 32), 32);
	assert_int_equal(sdpa_port_tx_burst(6, 3, pkts, 40), 0);
	/* a closed port: PORT_DOWN */
	t_log_reset();
	assert_int_equal(sdpa_port_tx_burst(7, 4, pkts, 5), 0);
	assert_int_equal(sdpa_port_tx_burst(7, 4, pkts, 5), 0); /* said once per port */
	t_assert_logged("port 7 is not started", "counted as port_down", "doca_flow_port_start");
	assert_int_equal(t_log_problems(), 1);
	t_log_reset();
	assert_int_equal(sdpa_port_tx_burst(6, 66, pkts, 5), 0);
	t_assert_logged("sdpa_port_tx_burst", "worker 66 out of range");

	assert_int_equal(softdpa_port_stats(6, &st), DOCA_SUCCESS);
	assert_int_equal(st.tx_frames, SDPA_WIRE_MEM_RING_SIZE);
	assert_int_equal(st.tx_bytes, SDPA_WIRE_MEM_RING_SIZE * 64);
	assert_int_equal(st.dropped[SOFTDPA_DROP_RULE], 7);
	assert_int_equal(st.dropped[SOFTDPA_DROP_NO_PIPE], 2);
	assert_int_equal(st.dropped[SOFTDPA_DROP_RXQ_FULL], 1);
	assert_int_equal(st.dropped[SOFTDPA_DROP_TX_FULL], 40);
	assert_int_equal(st.dropped[SOFTDPA_DROP_PORT_DOWN], 0);
	assert_int_equal(st.dropped_total, 7 + 2 + 1 + 40);
	assert_int_equal(softdpa_port_stats(7, &st), DOCA_SUCCESS);
	assert_int_equal(st.dropped[SOFTDPA_DROP_PORT_DOWN], 10);
	assert_int_equal(st.dropped_total, 10);
	assert_int_equal(sdpa_port_close(6), DOCA_SUCCESS);
}

static void test_pcap_port(void **state)
{
	struct sdpa_pkt *pkts[SDPA_WIRE_BURST_MAX];
	struct softdpa_port_stats st;
	char spec[1100];
	uint16_t k;
	(void)state;

	snprintf(spec, sizeof(spec), "pcap:%s", good_pcap());
	assert_int_equal(softdpa_port_wire(8, spec), DOCA_SUCCESS);
	assert_int_equal(sdpa_port_open(8), DOCA_SUCCESS);
	assert_false(sdpa_port_rx_exhausted(8));
	assert_int_equal(sdpa_port_rx_pending(8), 0); /* only mem wires know */
	k = sdpa_port_rx_burst(8, pkts, 32);
	assert_int_equal(k, 5);
	assert_int_equal(sdpa_port_tx_burst(8, 1, pkts, k), 5);
	sdpa_port_rx_release(8, k);
	assert_int_equal(sdpa_port_rx_burst(8, pkts, 32), 0);
	assert_true(sdpa_port_rx_exhausted(8));
	assert_int_equal(sdpa_port_rx_error(8), DOCA_SUCCESS);
	assert_int_equal(softdpa_port_stats(8, &st), DOCA_SUCCESS);
	assert_int_equal(st.rx_frames, 5);
	assert_int_equal(st.rx_bytes, 60 + 64 + 100 + 1514 + 9216);
	assert_int_equal(st.tx_frames, 5);
	assert_int_equal(sdpa_port_close(8), DOCA_SUCCESS);
}

static void test_env_precedence(void **state)
{
	char spec[1100];
	(void)state;

	snprintf(spec, sizeof(spec), "pcap:%s", good_pcap());
	/* env beats the default */
	setenv("SOFTDPA_PORT10", spec, 1);
	sdpa_config_reload();
	assert_int_equal(sdpa_port_open(10), DOCA_SUCCESS);
	assert_int_equal(sdpa_port_wire_kind(10), SDPA_WIRE_PCAP);
	assert_int_equal(sdpa_port_close(10), DOCA_SUCCESS);
	/* an explicit softdpa_port_wire beats the env */
	assert_int_equal(softdpa_port_wire(10, "mem"), DOCA_SUCCESS);
	assert_int_equal(sdpa_port_open(10), DOCA_SUCCESS);
	assert_int_equal(sdpa_port_wire_kind(10), SDPA_WIRE_MEM);
	assert_int_equal(sdpa_port_close(10), DOCA_SUCCESS);
	unsetenv("SOFTDPA_PORT10");

	/* a malformed env value fails the start and says where it came from */
	setenv("SOFTDPA_PORT11", "tap0", 1);
	sdpa_config_reload();
	t_log_reset();
	assert_int_equal(sdpa_port_open(11), DOCA_ERROR_INVALID_VALUE);
	t_assert_logged("port 11 cannot start", "'tap0' (from SOFTDPA_PORT11)");
	assert_false(sdpa_port_is_open(11));
	setenv("SOFTDPA_PORT11", "pcap:/no/such/file.pcap", 1);
	sdpa_config_reload();
	assert_int_equal(sdpa_port_open(11), DOCA_ERROR_NOT_FOUND);
	t_assert_logged("(from SOFTDPA_PORT11)", "DOCA_ERROR_NOT_FOUND");
	unsetenv("SOFTDPA_PORT11");
	sdpa_config_reload();
	/* nothing set: mem */
	assert_int_equal(sdpa_port_open(11), DOCA_SUCCESS);
	assert_int_equal(sdpa_port_wire_kind(11), SDPA_WIRE_MEM);
	assert_int_equal(sdpa_port_close(11), DOCA_SUCCESS);
	/* port 63 is the last one, SOFTDPA_PORT63 its variable */
	setenv("SOFTDPA_PORT63", spec, 1);
	sdpa_config_reload();
	assert_int_equal(sdpa_port_open(63), DOCA_SUCCESS);
	assert_int_equal(sdpa_port_wire_kind(63), SDPA_WIRE_PCAP);
	assert_int_equal(sdpa_port_close(63), DOCA_SUCCESS);
	unsetenv("SOFTDPA_PORT63");
	sdpa_config_reload();
}

/* ---- concurrency ---- */

enum { N_WORKERS = 4, PER_WORKER = 20000 };

static sdpa_atomic_int stop_injecting;

static void *worker_thread(void *arg)
{
	uint16_t worker = (uint16_t)(uintptr_t)arg;
	uint8_t f[64] = {0};
	struct sdpa_pkt p = {.data = f, .len = 64, .cap = 64};
	struct sdpa_pkt *pp[2] = {&p, &p};

	for (int i = 0; i < PER_WORKER; i++) {
		sdpa_port_count_drop(20, worker, SOFTDPA_DROP_RULE, 1);
		if (i % 100 == 0)
			sdpa_port_tx_burst(20, worker, pp,
			                   2); /* the drainer keeps up, or TX_FULL */
	}
	return NULL;
}

static void *drain_thread(void *arg)
{
	uint8_t buf[SOFTDPA_FRAME_MAX];
	uint32_t len;
	uint64_t *n = arg;

	/* A-stop pairs with R-stop in the test body: the injectors end. */
	while (!sdpa_load_acquire(&stop_injecting)) {
		if (softdpa_port_drain(20, buf, sizeof(buf), &len) == DOCA_SUCCESS)
			(*n)++;
		else
			sched_yield();
	}
	while (softdpa_port_drain(20, buf, sizeof(buf), &len) == DOCA_SUCCESS)
		(*n)++;
	return NULL;
}

static void test_concurrent_stats(void **state)
{
	pthread_t th[N_WORKERS], dr;
	struct softdpa_port_stats st;
	uint64_t prev = 0, drained = 0;
	(void)state;

	assert_int_equal(sdpa_port_open(20), DOCA_SUCCESS);
	sdpa_store_relaxed(&stop_injecting, 0);
	assert_int_equal(pthread_create(&dr, NULL, drain_thread, &drained), 0);
	for (uintptr_t i = 0; i < N_WORKERS; i++)
		assert_int_equal(pthread_create(&th[i], NULL, worker_thread, (void *)(i + 1)), 0);
	/* queries while workers count: monotonic, never blocking them */
	for (int i = 0; i < 200; i++) {
		assert_int_equal(softdpa_port_stats(20, &st), DOCA_SUCCESS);
		assert_true(st.dropped[SOFTDPA_DROP_RULE] >= prev);
		prev = st.dropped[SOFTDPA_DROP_RULE];
		sched_yield();
	}
	for (int i = 0; i < N_WORKERS; i++)
		pthread_join(th[i], NULL);
	/* R-stop pairs with A-stop in the injector threads. */
	sdpa_store_release(&stop_injecting, 1);
	pthread_join(dr, NULL);
	assert_int_equal(softdpa_port_stats(20, &st), DOCA_SUCCESS);
	assert_int_equal(st.dropped[SOFTDPA_DROP_RULE], (uint64_t)N_WORKERS * PER_WORKER);
	/* every transmitted frame was drained or counted TX_FULL */
	assert_int_equal(st.tx_frames, drained);
	assert_int_equal(st.tx_frames + st.dropped[SOFTDPA_DROP_TX_FULL],
	                 (uint64_t)N_WORKERS * (PER_WORKER / 100) * 2);
	assert_int_equal(sdpa_port_close(20), DOCA_SUCCESS);
}

static void *injector_until_closed(void *arg)
{
	uint8_t f[64] = {0};
	uint64_t *unexpected = arg;

	/* A-stop pairs with R-stop in the test body: the injectors end. */
	while (!sdpa_load_acquire(&stop_injecting)) {
		doca_error_t r = softdpa_port_inject(21, f, 64);

		/* SUCCESS or AGAIN while started, BAD_STATE while stopped: nothing else */
		if (r != DOCA_SUCCESS && r != DOCA_ERROR_AGAIN && r != DOCA_ERROR_BAD_STATE)
			(*unexpected)++;
	}
	return NULL;
}

static void test_inject_races_close(void **state)
{
	pthread_t th[2];
	uint64_t bad[2] = {0, 0};
	struct sdpa_pkt *pkts[SDPA_WIRE_BURST_MAX];
	(void)state;

	/* injectors run across stop/start cycles; close must exclude them (ASan/TSan) */
	doca_log_level_set_global_sdk_limit(DOCA_LOG_LEVEL_CRIT); /* BAD_STATE lines */
	assert_int_equal(sdpa_port_open(21), DOCA_SUCCESS);
	sdpa_store_relaxed(&stop_injecting, 0);
	for (uintptr_t i = 0; i < 2; i++)
		assert_int_equal(pthread_create(&th[i], NULL, injector_until_closed, &bad[i]), 0);
	for (int cycle = 0; cycle < 50; cycle++) {
		uint16_t k = sdpa_port_rx_burst(21, pkts, 32);

		sdpa_port_rx_release(21, k);
		assert_int_equal(sdpa_port_close(21), DOCA_SUCCESS);
		sched_yield();
		assert_int_equal(sdpa_port_open(21), DOCA_SUCCESS);
	}
	/* R-stop pairs with A-stop in the injector threads. */
	sdpa_store_release(&stop_injecting, 1);
	pthread_join(th[0], NULL);
	pthread_join(th[1], NULL);
	doca_log_level_set_global_sdk_limit(DOCA_LOG_LEVEL_WARNING);
	assert_int_equal(bad[0] + bad[1], 0);
	assert_int_equal(sdpa_port_close(21), DOCA_SUCCESS);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	        cmocka_unit_test(test_drop_reason_names),
	        cmocka_unit_test(test_port_wire_errors),
	        cmocka_unit_test(test_open_close_errors),
	        cmocka_unit_test(test_inject_errors),
	        cmocka_unit_test(test_drain_errors),
	        cmocka_unit_test(test_inject_rx_tx_drain),
	        cmocka_unit_test(test_stats_sum_workers),
	        cmocka_unit_test(test_pcap_port),
	        cmocka_unit_test(test_env_precedence),
	        cmocka_unit_test(test_concurrent_stats),
	        cmocka_unit_test(test_inject_races_close),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
