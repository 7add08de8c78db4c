/* SPDX-License-Identifier: BSD-3-Clause
 * The mem wire: ring order, wrap-around, full/empty, zero-copy rewrites, and a
 * many-thread run in which no frame is lost, duplicated or reordered per producer.
 */
#include <pthread.h>
#include <sched.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "io/wire.h"
#include "t_helpers.h"

static void fill_frame(uint8_t *f, uint32_t len, uint8_t producer, uint32_t seq)
{
	for (uint32_t i = 0; i < len; i++)
		f[i] = (uint8_t)(seq * 7 + i * 13 + producer);
	f[0] = producer;
	f[1] = (uint8_t)(seq >> 24);
	f[2] = (uint8_t)(seq >> 16);
	f[3] = (uint8_t)(seq >> 8);
	f[4] = (uint8_t)seq;
}

static uint32_t frame_seq(const uint8_t *f)
{
	return (uint32_t)f[1] << 24 | (uint32_t)f[2] << 16 | (uint32_t)f[3] << 8 | f[4];
}

static bool frame_ok(const uint8_t *f, uint32_t len)
{
	uint32_t seq = frame_seq(f);

	for (uint32_t i = 5; i < len; i++)
		if (f[i] != (uint8_t)(seq * 7 + i * 13 + f[0]))
			return false;
	return true;
}

static struct sdpa_wire *mem(uint32_t size)
{
	struct sdpa_wire *w = NULL;

	assert_int_equal(sdpa_wire_mem_create(7, size, &w), DOCA_SUCCESS);
	assert_non_null(w);
	assert_int_equal(w->kind, SDPA_WIRE_MEM);
	assert_string_equal(w->ops->name, "mem");
	return w;
}

static void test_order_and_layout(void **state)
{
	struct sdpa_wire *w = mem(SDPA_WIRE_MEM_RING_SIZE);
	struct sdpa_pkt *pkts[SDPA_WIRE_BURST_MAX];
	uint8_t f[200];
	(void)state;

	assert_int_equal(sdpa_wire_rx_burst(w, pkts, 32), 0);
	for (uint32_t s = 0; s < 10; s++) {
		fill_frame(f, 60 + s, 1, s);
		assert_int_equal(sdpa_wire_mem_inject(w, f, 60 + s), DOCA_SUCCESS);
	}
	assert_int_equal(sdpa_wire_mem_rx_pending(w), 10);
	/* a short burst, then the rest */
	assert_int_equal(sdpa_wire_rx_burst(w, pkts, 4), 4);
	assert_int_equal(sdpa_wire_rx_burst(w, pkts, 32), 10);
	for (uint32_t s = 0; s < 10; s++) {
		fill_frame(f, 60 + s, 1, s);
		assert_int_equal(pkts[s]->len, 60 + s);
		assert_memory_equal(pkts[s]->data, f, 60 + s);
		assert_int_equal(pkts[s]->in_port, 7);
		assert_int_equal(pkts[s]->headroom, SDPA_PKT_HEADROOM);
		assert_int_equal(pkts[s]->cap, SOFTDPA_FRAME_MAX);
		assert_int_equal(pkts[s]->meta, 0);
	}
	sdpa_wire_rx_release(w, 10);
	assert_int_equal(sdpa_wire_mem_rx_pending(w), 0);
	assert_int_equal(sdpa_wire_rx_burst(w, pkts, 32), 0);
	assert_false(sdpa_wire_rx_exhausted(w));
	assert_int_equal(sdpa_wire_rx_error(w), DOCA_SUCCESS);
	sdpa_wire_close(w);
	sdpa_wire_close(NULL);
}

static void test_wrap_around(void **state)
{
	struct sdpa_wire *w = mem(4);
	struct sdpa_pkt *pkts[SDPA_WIRE_BURST_MAX];
	uint8_t f[128], out[128];
	uint32_t seq = 0, len;
	(void)state;

	/* 3 frames per round through a 4-slot ring: the slot index walks every phase. */
	for (int round = 0; round < 20000; round++) {
		for (int i = 0; i < 3; i++) {
			fill_frame(f, 64 + (seq % 64), 2, seq);
			assert_int_equal(sdpa_wire_mem_inject(w, f, 64 + (seq % 64)), DOCA_SUCCESS);
			seq++;
		}
		assert_int_equal(sdpa_wire_rx_burst(w, pkts, 32), 3);
		for (int i = 0; i < 3; i++) {
			uint32_t s = seq - 3 + (uint32_t)i;

			assert_int_equal(frame_seq(pkts[i]->data), s);
			assert_int_equal(pkts[i]->len, 64 + (s % 64));
		}
		assert_int_equal(sdpa_wire_tx_burst(w, pkts, 3), 3);
		sdpa_wire_rx_release(w, 3);
		for (int i = 0; i < 3; i++) {
			uint32_t s = seq - 3 + (uint32_t)i;

			assert_int_equal(sdpa_wire_mem_drain(w, out, sizeof(out), &len),
			                 DOCA_SUCCESS);
			fill_frame(f, 64 + (s % 64), 2, s);
			assert_int_equal(len, 64 + (s % 64));
			assert_memory_equal(out, f, len);
		}
		assert_int_equal(sdpa_wire_mem_drain(w, out, sizeof(out), &len), DOCA_ERROR_EMPTY);
	}
	assert_int_equal(sdpa_load_relaxed(&w->ctr.tx_frames), 60000);
	assert_int_equal(sdpa_load_relaxed(&w->ctr.rx_refused), 0);
	sdpa_wire_close(w);
}

static void test_full_and_empty(void **state)
{
	struct sdpa_wire *w = mem(8);
	struct sdpa_pkt *pkts[SDPA_WIRE_BURST_MAX];
	struct sdpa_pkt *txp[10];
	uint8_t f[64], out[64], big[9216];
	uint32_t len = 12345;
	(void)state;

	t_log_reset();
	for (uint32_t s = 0; s < 8; s++) {
		fill_frame(f, 64, 3, s);
		assert_int_equal(sdpa_wire_mem_inject(w, f, 64), DOCA_SUCCESS);
	}
	assert_int_equal(sdpa_wire_mem_inject(w, f, 64), DOCA_ERROR_AGAIN);
	assert_int_equal(sdpa_wire_mem_inject(w, f, 64), DOCA_ERROR_AGAIN);
	assert_int_equal(sdpa_load_relaxed(&w->ctr.rx_refused), 2);
	assert_int_equal(sdpa_wire_rx_burst(w, pkts, 32), 8);
	/* held frames are not free slots */
	assert_int_equal(sdpa_wire_mem_inject(w, f, 64), DOCA_ERROR_AGAIN);
	sdpa_wire_rx_release(w, 3);
	for (int i = 0; i < 3; i++)
		assert_int_equal(sdpa_wire_mem_inject(w, f, 64), DOCA_SUCCESS);
	assert_int_equal(sdpa_wire_mem_inject(w, f, 64), DOCA_ERROR_AGAIN);
	assert_int_equal(sdpa_load_relaxed(&w->ctr.rx_refused), 4);
	/* the 5 still held come first, then the 3 new ones */
	assert_int_equal(sdpa_wire_rx_burst(w, pkts, 32), 8);
	assert_int_equal(frame_seq(pkts[0]->data), 3);

	/* TX: 10 frames into 8 free slots */
	assert_int_equal(sdpa_wire_mem_drain(w, out, sizeof(out), &len), DOCA_ERROR_EMPTY);
	assert_int_equal(len, 12345); /* untouched on EMPTY */
	for (int i = 0; i < 10; i++)
		txp[i] = pkts[i % 8];
	assert_int_equal(sdpa_wire_tx_burst(w, txp, 10), 8);
	assert_int_equal(sdpa_wire_tx_burst(w, txp, 1), 0);
	assert_int_equal(sdpa_load_relaxed(&w->ctr.tx_frames), 8);
	assert_int_equal(sdpa_load_relaxed(&w->ctr.tx_bytes), 8 * 64);
	assert_int_equal(sdpa_wire_mem_tx_pending(w), 8);
	/* TOO_BIG: the frame stays queued and len says what is needed */
	assert_int_equal(sdpa_wire_mem_drain(w, out, 63, &len), DOCA_ERROR_TOO_BIG);
	assert_int_equal(len, 64);
	assert_int_equal(sdpa_wire_mem_drain(w, out, 0, &len), DOCA_ERROR_TOO_BIG);
	assert_int_equal(sdpa_wire_mem_drain(w, big, sizeof(big), &len), DOCA_SUCCESS);
	assert_int_equal(len, 64);
	assert_int_equal(frame_seq(big), 3);
	assert_int_equal(sdpa_wire_mem_tx_pending(w), 7);
	assert_int_equal(sdpa_wire_tx_burst(w, txp, 2), 1);
	/* none of these is an error worth a log line */
	assert_int_equal(t_log_problems(), 0);
	sdpa_wire_rx_release(w, 8);
	sdpa_wire_close(w);
}

static void test_zero_copy_rewrite(void **state)
{
	struct sdpa_wire *w = mem(16);
	struct sdpa_pkt *pkts[SDPA_WIRE_BURST_MAX], *again[SDPA_WIRE_BURST_MAX];
	uint8_t f[64], out[256];
	const uint8_t tag[4] = {0x81, 0x00, 0x00, 0x2a};
	uint8_t *d;
	uint32_t len;
	(void)state;

	fill_frame(f, 64, 4, 99);
	assert_int_equal(sdpa_wire_mem_inject(w, f, 64), DOCA_SUCCESS);
	assert_int_equal(sdpa_wire_rx_burst(w, pkts, 1), 1);
	pkts[0]->data[5] = 0xee;
	/* before release, the same buffer comes back, rewrite included */
	assert_int_equal(sdpa_wire_rx_burst(w, again, 8), 1);
	assert_ptr_equal(again[0], pkts[0]);
	assert_int_equal(again[0]->data[5], 0xee);
	/* prepend 4 bytes and insert a VLAN tag after the MACs */
	d = sdpa_pkt_prepend(pkts[0], 4);
	assert_non_null(d);
	if (d == NULL) /* tells the compiler what the assert means */
		return;
	memmove(d, d + 4, 12);
	memcpy(d + 12, tag, 4);
	assert_int_equal(pkts[0]->len, 68);
	assert_int_equal(pkts[0]->headroom, SDPA_PKT_HEADROOM - 4);
	assert_int_equal(pkts[0]->cap, SOFTDPA_FRAME_MAX + 4);
	assert_null(sdpa_pkt_prepend(pkts[0], SDPA_PKT_HEADROOM)); /* too much */
	assert_int_equal(pkts[0]->len, 68);
	assert_int_equal(sdpa_wire_tx_burst(w, pkts, 1), 1);
	/* strip 2 bytes (decap), transmit again */
	assert_non_null(sdpa_pkt_adj(pkts[0], 2));
	assert_int_equal(pkts[0]->len, 66);
	assert_int_equal(pkts[0]->headroom, SDPA_PKT_HEADROOM - 2);
	assert_null(sdpa_pkt_adj(pkts[0], 67));
	assert_int_equal(sdpa_wire_tx_burst(w, pkts, 1), 1);
	sdpa_wire_rx_release(w, 1);

	f[5] = 0xee; /* what the frame looks like after the in-place rewrite */
	assert_int_equal(sdpa_wire_mem_drain(w, out, sizeof(out), &len), DOCA_SUCCESS);
	assert_int_equal(len, 68);
	assert_memory_equal(out, f, 12);
	assert_memory_equal(out + 12, tag, 4);
	assert_memory_equal(out + 16, f + 12, 64 - 12);
	assert_int_equal(sdpa_wire_mem_drain(w, out, sizeof(out), &len), DOCA_SUCCESS);
	assert_int_equal(len, 66);
	assert_memory_equal(out, f + 2, 10);
	assert_memory_equal(out + 10, tag, 4);
	assert_memory_equal(out + 14, f + 12, 64 - 12);

	/* a slot reused after release starts fresh: full headroom again */
	assert_int_equal(sdpa_wire_mem_inject(w, f, 64), DOCA_SUCCESS);
	assert_int_equal(sdpa_wire_rx_burst(w, pkts, 1), 1);
	assert_int_equal(pkts[0]->headroom, SDPA_PKT_HEADROOM);
	sdpa_wire_rx_release(w, 1);
	sdpa_wire_close(w);
}

static void test_misuse(void **state)
{
	struct sdpa_wire *w = NULL;
	struct sdpa_pkt *pkts[SDPA_WIRE_BURST_MAX];
	static uint8_t big[SOFTDPA_FRAME_MAX + 64];
	struct sdpa_pkt bigp = {.data = big, .len = SOFTDPA_FRAME_MAX + 1, .cap = sizeof(big)};
	struct sdpa_pkt *bp = &bigp;
	uint8_t f[64] = {0};
	(void)state;

	t_log_reset();
	assert_int_equal(sdpa_wire_mem_create(1, 1000, &w), DOCA_ERROR_INVALID_VALUE);
	assert_null(w);
	t_assert_logged("ring size 1000", "power of two");
	assert_int_equal(sdpa_wire_mem_create(1, 1, &w), DOCA_ERROR_INVALID_VALUE);
	assert_int_equal(sdpa_wire_mem_create(1, 1u << 20, &w), DOCA_ERROR_INVALID_VALUE);

	w = mem(4);
	assert_int_equal(sdpa_wire_mem_inject(w, f, 64), DOCA_SUCCESS);
	assert_int_equal(sdpa_wire_rx_burst(w, pkts, 32), 1);
	t_log_reset();
	sdpa_wire_rx_release(w, 5); /* more than held: clamped and reported */
	t_assert_logged("rx_release(5)", "only 1 frames are held");
	assert_int_equal(sdpa_wire_mem_rx_pending(w), 0);
	assert_int_equal(sdpa_wire_mem_inject(w, f, 64), DOCA_SUCCESS);
	assert_int_equal(sdpa_wire_rx_burst(w, pkts, 32), 1);
	sdpa_wire_rx_release(w, 1);

	/* an oversized frame is taken and counted, never copied */
	assert_int_equal(sdpa_wire_tx_burst(w, &bp, 1), 1);
	assert_int_equal(sdpa_load_relaxed(&w->ctr.tx_malformed), 1);
	assert_int_equal(sdpa_load_relaxed(&w->ctr.tx_frames), 0);
	assert_int_equal(sdpa_wire_mem_tx_pending(w), 0);
	sdpa_wire_close(w);
}

static void test_spec_parse(void **state)
{
	static struct sdpa_wire_spec s;
	static const char *const bad[] = {
	        "",
	        "mem:",
	        "mem:x",
	        "mem:-4",
	        "mem:64k",
	        "MEM",
	        "pcap:",
	        "pcap:,out.pcap",
	        "pcap:a,",
	        "pcap:a,b,c",
	        "afpacket:",
	        "afpacket:a/b",
	        "afpacket:a b",
	        "afpacket:0123456789abcdef",
	        "tap:x",
	        "pcap",
	        " mem",
	};
	(void)state;

	assert_int_equal(sdpa_wire_spec_parse("mem", NULL, &s), DOCA_SUCCESS);
	assert_int_equal(s.kind, SDPA_WIRE_MEM);
	assert_int_equal(s.ring, 0);
	assert_int_equal(sdpa_wire_spec_parse("mem:8192", NULL, &s), DOCA_SUCCESS);
	assert_int_equal(s.kind, SDPA_WIRE_MEM);
	assert_int_equal(s.ring, 8192);
	assert_int_equal(sdpa_wire_spec_parse("pcap:in.pcap", "t", &s), DOCA_SUCCESS);
	assert_int_equal(s.kind, SDPA_WIRE_PCAP);
	assert_string_equal(s.in, "in.pcap");
	assert_string_equal(s.out, "");
	assert_int_equal(sdpa_wire_spec_parse("pcap:/a/in.pcap,/b/out.pcap", "t", &s),
	                 DOCA_SUCCESS);
	assert_string_equal(s.in, "/a/in.pcap");
	assert_string_equal(s.out, "/b/out.pcap");
	assert_int_equal(sdpa_wire_spec_parse("afpacket:veth0", "t", &s), DOCA_SUCCESS);
	assert_int_equal(s.kind, SDPA_WIRE_AFPACKET);
	assert_string_equal(s.ifname, "veth0");
	assert_int_equal(sdpa_wire_spec_parse("afpacket:0123456789abcde", "t", &s), DOCA_SUCCESS);
	for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		t_log_reset();
		assert_int_equal(sdpa_wire_spec_parse(bad[i], "port 9", &s),
		                 DOCA_ERROR_INVALID_VALUE);
		t_assert_logged("port 9", "\"mem\", \"pcap:IN.pcap[,OUT.pcap]\", "
		                          "\"afpacket:IFNAME\" or \"unix:PATH\"");
	}
	t_log_reset();
	assert_int_equal(sdpa_wire_spec_parse(NULL, "port 9", &s), DOCA_ERROR_INVALID_VALUE);
	t_assert_logged("port 9", "NULL");
	t_log_reset();
	assert_int_equal(sdpa_wire_spec_parse("udp:1.2.3.4", "port 2", &s),
	                 DOCA_ERROR_INVALID_VALUE);
	t_assert_logged("port 2: 'udp:1.2.3.4' is not a wire");
	/* the factory reports the same */
	{
		struct sdpa_wire *w = (struct sdpa_wire *)&s;

		assert_int_equal(sdpa_wire_create("bogus", 3, &w), DOCA_ERROR_INVALID_VALUE);
		assert_null(w);
		t_assert_logged("port 3: 'bogus' is not a wire");
		assert_int_equal(sdpa_wire_create("mem:3", 3, &w), DOCA_ERROR_INVALID_VALUE);
		t_assert_logged("not a power of two");
		assert_int_equal(sdpa_wire_create("mem", 3, &w), DOCA_SUCCESS);
		assert_int_equal(w->port_id, 3);
		sdpa_wire_close(w);
	}
	assert_string_equal(sdpa_wire_kind_name(SDPA_WIRE_PCAP), "pcap");
	assert_string_equal(sdpa_wire_kind_name(SDPA_WIRE_AFPACKET), "afpacket");
	assert_string_equal(sdpa_wire_kind_name(SDPA_WIRE_MEM), "mem");
}

/* ---- concurrency: 2 injectors -> RX consumer -> 2 TX threads -> drainer ---- */

enum {
	N_PROD = 2,
	PER_PROD = 100000,
	FLEN = 64,
	MBOX_SIZE = 256,
};

struct mbox {
	pthread_mutex_t lock;
	uint32_t head, tail;
	uint8_t frames[MBOX_SIZE][FLEN];
};

static struct {
	struct sdpa_wire *w;
	struct mbox mbox[N_PROD];
	uint64_t again[N_PROD];
	uint64_t dropped[N_PROD];
	bool order_ok, payload_ok;
	sdpa_atomic_int tx_done;
	uint64_t drained, dups, drain_order_errors;
	uint8_t seen[N_PROD][PER_PROD];
} cc;

static void *injector(void *arg)
{
	uint8_t id = (uint8_t)(uintptr_t)arg;
	uint8_t f[FLEN];

	for (uint32_t s = 0; s < PER_PROD; s++) {
		fill_frame(f, FLEN, id, s);
		while (sdpa_wire_mem_inject(cc.w, f, FLEN) == DOCA_ERROR_AGAIN) {
			cc.again[id]++;
			sched_yield();
		}
	}
	return NULL;
}

static void mbox_put(struct mbox *mb, const uint8_t *f)
{
	for (;;) {
		pthread_mutex_lock(&mb->lock);
		if (mb->tail - mb->head < MBOX_SIZE) {
			memcpy(mb->frames[mb->tail % MBOX_SIZE], f, FLEN);
			mb->tail++;
			pthread_mutex_unlock(&mb->lock);
			return;
		}
		pthread_mutex_unlock(&mb->lock);
		sched_yield();
	}
}

static void *rx_consumer(void *arg)
{
	struct sdpa_pkt *pkts[SDPA_WIRE_BURST_MAX];
	uint32_t expect[N_PROD] = {0};
	uint32_t total = 0;
	(void)arg;

	while (total < N_PROD * PER_PROD) {
		uint16_t k = sdpa_wire_rx_burst(cc.w, pkts, SDPA_WIRE_BURST_MAX);

		if (k == 0) {
			sched_yield();
			continue;
		}
		for (uint16_t i = 0; i < k; i++) {
			const uint8_t *d = pkts[i]->data;
			uint8_t id = d[0];

			if (id >= N_PROD || pkts[i]->len != FLEN || frame_seq(d) != expect[id] ||
			    !frame_ok(d, FLEN)) {
				cc.order_ok = false;
				continue;
			}
			expect[id]++;
			mbox_put(&cc.mbox[id], d);
		}
		sdpa_wire_rx_release(cc.w, k);
		total += k;
	}
	return NULL;
}

static void *tx_thread(void *arg)
{
	unsigned int id = (unsigned int)(uintptr_t)arg;
	struct mbox *mb = &cc.mbox[id];
	uint8_t local[SDPA_WIRE_BURST_MAX][FLEN];
	struct sdpa_pkt p[SDPA_WIRE_BURST_MAX], *pp[SDPA_WIRE_BURST_MAX];
	uint32_t handled = 0;

	while (handled < PER_PROD) {
		uint16_t n = 0, took;

		pthread_mutex_lock(&mb->lock);
		while (mb->head != mb->tail && n < SDPA_WIRE_BURST_MAX) {
			memcpy(local[n], mb->frames[mb->head % MBOX_SIZE], FLEN);
			mb->head++;
			n++;
		}
		pthread_mutex_unlock(&mb->lock);
		if (n == 0) {
			sched_yield();
			continue;
		}
		for (uint16_t i = 0; i < n; i++) {
			p[i] = (struct sdpa_pkt){.data = local[i], .len = FLEN, .cap = FLEN};
			pp[i] = &p[i];
		}
		took = sdpa_wire_tx_burst(cc.w, pp, n);
		cc.dropped[id] += n - took; /* what the NIC counts as TX_FULL */
		handled += n;
	}
	sdpa_fetch_add_acq_rel(&cc.tx_done, 1);
	return NULL;
}

static void *drainer(void *arg)
{
	uint8_t buf[SOFTDPA_FRAME_MAX];
	int64_t last[N_PROD] = {-1, -1};
	uint32_t len;
	(void)arg;

	for (;;) {
		/* read 'done' first: after it, an EMPTY drain really means the end. A-done
		 * pairs with the acq_rel increment of each producer. */
		int done = sdpa_load_acquire(&cc.tx_done) == N_PROD;
		doca_error_t r = sdpa_wire_mem_drain(cc.w, buf, sizeof(buf), &len);

		if (r == DOCA_ERROR_EMPTY) {
			if (done)
				break;
			sched_yield();
			continue;
		}
		if (r != DOCA_SUCCESS || len != FLEN || buf[0] >= N_PROD || !frame_ok(buf, len)) {
			cc.payload_ok = false;
			continue;
		}
		uint8_t id = buf[0];
		uint32_t s = frame_seq(buf);

		if (s >= PER_PROD || cc.seen[id][s]++) {
			cc.dups++;
			continue;
		}
		if ((int64_t)s <= last[id])
			cc.drain_order_errors++;
		last[id] = s;
		cc.drained++;
	}
	return NULL;
}

static void test_concurrent_no_loss(void **state)
{
	pthread_t inj[N_PROD], txt[N_PROD], rx, dr;
	uint64_t again = 0, dropped = 0;
	(void)state;

	memset(&cc, 0, sizeof(cc));
	cc.order_ok = cc.payload_ok = true;
	cc.w = mem(64); /* small: the full paths run often */
	for (int i = 0; i < N_PROD; i++)
		pthread_mutex_init(&cc.mbox[i].lock, NULL);
	assert_int_equal(pthread_create(&rx, NULL, rx_consumer, NULL), 0);
	assert_int_equal(pthread_create(&dr, NULL, drainer, NULL), 0);
	for (uintptr_t i = 0; i < N_PROD; i++) {
		assert_int_equal(pthread_create(&txt[i], NULL, tx_thread, (void *)i), 0);
		assert_int_equal(pthread_create(&inj[i], NULL, injector, (void *)i), 0);
	}
	for (int i = 0; i < N_PROD; i++) {
		pthread_join(inj[i], NULL);
		pthread_join(txt[i], NULL);
	}
	pthread_join(rx, NULL);
	pthread_join(dr, NULL);

	for (int i = 0; i < N_PROD; i++) {
		again += cc.again[i];
		dropped += cc.dropped[i];
		pthread_mutex_destroy(&cc.mbox[i].lock);
	}
	print_message("  mem wire MT: %llu drained, %llu TX_FULL drops, %llu inject AGAINs\n",
	              (unsigned long long)cc.drained, (unsigned long long)dropped,
	              (unsigned long long)again);
	assert_true(cc.order_ok);
	assert_true(cc.payload_ok);
	assert_int_equal(cc.dups, 0);
	assert_int_equal(cc.drain_order_errors, 0);
	/* frames in == frames out + counted drops */
	assert_int_equal(cc.drained + dropped, (uint64_t)N_PROD * PER_PROD);
	assert_int_equal(sdpa_load_relaxed(&cc.w->ctr.tx_frames), cc.drained);
	assert_int_equal(sdpa_load_relaxed(&cc.w->ctr.tx_bytes), cc.drained * FLEN);
	assert_int_equal(sdpa_load_relaxed(&cc.w->ctr.rx_refused), again);
	assert_int_equal(sdpa_wire_mem_rx_pending(cc.w), 0);
	assert_int_equal(sdpa_wire_mem_tx_pending(cc.w), 0);
	sdpa_wire_close(cc.w);
}

static void test_cost_64b(void **state)
{
	struct sdpa_wire *w = mem(SDPA_WIRE_MEM_RING_SIZE);
	struct sdpa_pkt *pkts[SDPA_WIRE_BURST_MAX];
	uint8_t f[64] = {0}, out[SOFTDPA_FRAME_MAX];
	const int rounds = 20000;
	struct timespec a, b;
	uint32_t len;
	double ns;
	(void)state;

	/* 32 frames in, one burst across, 32 out: the shape of one NIC worker iteration. */
	clock_gettime(CLOCK_MONOTONIC, &a);
	for (int r = 0; r < rounds; r++) {
		for (int i = 0; i < 32; i++) {
			f[0] = (uint8_t)i;
			assert_int_equal(sdpa_wire_mem_inject(w, f, 64), DOCA_SUCCESS);
		}
		assert_int_equal(sdpa_wire_rx_burst(w, pkts, 32), 32);
		assert_int_equal(sdpa_wire_tx_burst(w, pkts, 32), 32);
		sdpa_wire_rx_release(w, 32);
		for (int i = 0; i < 32; i++)
			assert_int_equal(sdpa_wire_mem_drain(w, out, sizeof(out), &len),
			                 DOCA_SUCCESS);
	}
	clock_gettime(CLOCK_MONOTONIC, &b);
	ns = ((double)(b.tv_sec - a.tv_sec) * 1e9 + (double)(b.tv_nsec - a.tv_nsec)) /
	     (rounds * 32.0);
	print_message("  mem wire: %.1f ns per 64 B frame (inject + rx + tx + drain)\n", ns);
	assert_int_equal(sdpa_load_relaxed(&w->ctr.tx_frames), (uint64_t)rounds * 32);
	sdpa_wire_close(w);
}

/* RSS (sdpa_wire_mem_set_rss): a wire created with 2 queues puts each frame into the queue
 * its flow hash names, every flow's frames in order in one queue; each queue is consumed on
 * its own; rx_pending counts them all; a wire created after the reset has one queue. */
static void test_rss_queues(void **state)
{
	uint8_t reta[SDPA_WIRE_RETA], f[64] = {0};
	uint32_t next[2][16] = {{0}}, per_q[2] = {0};
	struct sdpa_pkt *pkts[SDPA_WIRE_BURST_MAX];
	struct sdpa_wire *w;

	(void)state;
	for (uint32_t i = 0; i < SDPA_WIRE_RETA; i++)
		reta[i] = (uint8_t)(i % 2);
	sdpa_wire_mem_set_rss(2, reta);
	w = mem(64);
	sdpa_wire_mem_set_rss(1, NULL);
	assert_int_equal(sdpa_wire_mem_rx_queues(w), 2);
	/* 16 flows (IPv4/UDP, source port = flow), 3 frames each, interleaved */
	for (uint32_t seq = 0; seq < 3; seq++)
		for (uint32_t fl = 0; fl < 16; fl++) {
			f[12] = 0x08;
			f[14] = 0x45;
			f[23] = 17;
			f[34] = 0x10;
			f[35] = (uint8_t)fl;
			f[40] = (uint8_t)seq;
			assert_int_equal(sdpa_wire_mem_inject(w, f, sizeof(f)), DOCA_SUCCESS);
		}
	assert_int_equal(sdpa_wire_mem_rx_pending(w), 48);
	for (uint16_t q = 0; q < 2; q++) {
		uint16_t n;

		while ((n = sdpa_wire_mem_rx_burst_q(w, q, pkts, 5)) != 0) {
			for (uint16_t i = 0; i < n; i++) {
				uint32_t fl = pkts[i]->data[35];
				uint32_t h = sdpa_wire_flow_hash(pkts[i]->data, pkts[i]->len);

				assert_int_equal(reta[h % SDPA_WIRE_RETA], q);
				assert_int_equal(pkts[i]->data[40], next[q][fl]++); /* in order */
				assert_int_equal(pkts[i]->in_port, 7);
			}
			per_q[q] += n;
			sdpa_wire_mem_rx_release_q(w, q, n);
		}
	}
	assert_int_equal(per_q[0] + per_q[1], 48);
	assert_true(per_q[0] != 0 && per_q[1] != 0); /* 16 flows do not all hash alike */
	assert_int_equal(sdpa_wire_mem_rx_pending(w), 0);
	assert_int_equal(sdpa_wire_mem_rx_burst_q(w, 2, pkts, 5), 0); /* no such queue */
	sdpa_wire_close(w);
	w = mem(64);
	assert_int_equal(sdpa_wire_mem_rx_queues(w), 1);
	sdpa_wire_close(w);
}

/* TX queues: a wire created with 2 queues gives each its own ring (a full queue 0 does not
 * stop queue 1; any queue number folds onto them), and frames are drained in the order
 * their bursts were transmitted, across the queues. */
static void tx_n(struct sdpa_wire *w, uint16_t queue, uint32_t first, uint16_t n, uint16_t expect)
{
	uint8_t f[SDPA_WIRE_BURST_MAX][FLEN];
	struct sdpa_pkt p[SDPA_WIRE_BURST_MAX], *pp[SDPA_WIRE_BURST_MAX];

	for (uint16_t i = 0; i < n; i++) {
		fill_frame(f[i], FLEN, (uint8_t)queue, first + i);
		p[i] = (struct sdpa_pkt){.data = f[i], .len = FLEN, .cap = FLEN};
		pp[i] = &p[i];
	}
	assert_int_equal(sdpa_wire_tx_burst_q(w, queue, pp, n), expect);
}

static void test_tx_queues(void **state)
{
	uint8_t reta[SDPA_WIRE_RETA], buf[SOFTDPA_FRAME_MAX];
	/* (queue, first seq, count) in transmit order; queue 3 is queue 1, 65 is queue 1 */
	static const uint32_t order[][3] = {
	        {0, 0, 3}, {1, 100, 2}, {0, 3, 1}, {3, 200, 4}, {65, 300, 1}};
	struct sdpa_wire *w;
	uint32_t len;

	(void)state;
	for (uint32_t i = 0; i < SDPA_WIRE_RETA; i++)
		reta[i] = (uint8_t)(i % 2);
	sdpa_wire_mem_set_rss(2, reta);
	w = mem(16);
	sdpa_wire_mem_set_rss(1, NULL);
	for (size_t b = 0; b < sizeof(order) / sizeof(order[0]); b++)
		tx_n(w, (uint16_t)order[b][0], order[b][1], (uint16_t)order[b][2],
		     (uint16_t)order[b][2]);
	assert_int_equal(sdpa_wire_mem_tx_pending(w), 11);
	for (size_t b = 0; b < sizeof(order) / sizeof(order[0]); b++)
		for (uint32_t i = 0; i < order[b][2]; i++) {
			assert_int_equal(sdpa_wire_mem_drain(w, buf, sizeof(buf), &len),
			                 DOCA_SUCCESS);
			assert_int_equal(len, FLEN);
			assert_true(frame_ok(buf, len));
			assert_int_equal(buf[0], (uint8_t)order[b][0]);
			assert_int_equal(frame_seq(buf), order[b][1] + i);
		}
	assert_int_equal(sdpa_wire_mem_drain(w, buf, sizeof(buf), &len), DOCA_ERROR_EMPTY);
	/* queue 0 full (16 slots): it refuses, queue 1 still takes */
	tx_n(w, 0, 0, 16, 16);
	tx_n(w, 0, 16, 1, 0);
	tx_n(w, 1, 0, 16, 16);
	tx_n(w, 1, 16, 1, 0);
	assert_int_equal(sdpa_wire_mem_tx_pending(w), 32);
	assert_int_equal(sdpa_load_relaxed(&w->ctr.tx_frames), 11 + 32);
	for (uint32_t i = 0; i < 32; i++)
		assert_int_equal(sdpa_wire_mem_drain(w, buf, sizeof(buf), &len), DOCA_SUCCESS);
	assert_int_equal(sdpa_wire_mem_tx_pending(w), 0);
	sdpa_wire_close(w);
}

/* Many threads on a 2-queue wire: one per queue plus a host-like thread sharing queue 1
 * (queue 65), a drainer meanwhile. No frame is lost or duplicated; each thread's frames
 * leave in order. */
enum { TXQ_THREADS = 3, TXQ_PER = 50000 };

static struct {
	struct sdpa_wire *w;
	sdpa_atomic_int done;
	uint64_t dropped[TXQ_THREADS];
} tq;

static void *txq_thread(void *arg)
{
	static const uint16_t queue[TXQ_THREADS] = {0, 1, 65};
	uint32_t id = (uint32_t)(uintptr_t)arg, s = 0;
	uint8_t f[SDPA_WIRE_BURST_MAX][FLEN];
	struct sdpa_pkt p[SDPA_WIRE_BURST_MAX], *pp[SDPA_WIRE_BURST_MAX];

	while (s < TXQ_PER) {
		uint16_t n = (uint16_t)(1 + s % SDPA_WIRE_BURST_MAX), took;

		if (n > TXQ_PER - s)
			n = (uint16_t)(TXQ_PER - s);
		for (uint16_t i = 0; i < n; i++) {
			fill_frame(f[i], FLEN, (uint8_t)id, s + i);
			p[i] = (struct sdpa_pkt){.data = f[i], .len = FLEN, .cap = FLEN};
			pp[i] = &p[i];
		}
		took = sdpa_wire_tx_burst_q(tq.w, queue[id], pp, n);
		tq.dropped[id] += n - took;
		s += n;
		if (took < n)
			sched_yield();
	}
	sdpa_fetch_add_acq_rel(&tq.done, 1); /* pairs with A-done in test_tx_queues_concurrent */
	return NULL;
}

static void test_tx_queues_concurrent(void **state)
{
	uint8_t reta[SDPA_WIRE_RETA], buf[SOFTDPA_FRAME_MAX];
	int64_t last[TXQ_THREADS] = {-1, -1, -1};
	uint64_t drained = 0, dropped = 0, order_errors = 0, bad = 0;
	pthread_t t[TXQ_THREADS];
	uint32_t len;

	(void)state;
	memset(&tq, 0, sizeof(tq));
	for (uint32_t i = 0; i < SDPA_WIRE_RETA; i++)
		reta[i] = (uint8_t)(i % 2);
	sdpa_wire_mem_set_rss(2, reta);
	tq.w = mem(64); /* small: the full paths run often */
	sdpa_wire_mem_set_rss(1, NULL);
	for (uintptr_t i = 0; i < TXQ_THREADS; i++)
		assert_int_equal(pthread_create(&t[i], NULL, txq_thread, (void *)i), 0);
	for (;;) {
		/* A-done pairs with the producers' increments: after it, EMPTY is the end */
		int done = sdpa_load_acquire(&tq.done) == TXQ_THREADS;
		doca_error_t r = sdpa_wire_mem_drain(tq.w, buf, sizeof(buf), &len);

		if (r == DOCA_ERROR_EMPTY) {
			if (done)
				break;
			sched_yield();
			continue;
		}
		if (r != DOCA_SUCCESS || len != FLEN || buf[0] >= TXQ_THREADS ||
		    !frame_ok(buf, len)) {
			bad++;
			continue;
		}
		if ((int64_t)frame_seq(buf) <= last[buf[0]])
			order_errors++;
		last[buf[0]] = frame_seq(buf);
		drained++;
	}
	for (int i = 0; i < TXQ_THREADS; i++) {
		pthread_join(t[i], NULL);
		dropped += tq.dropped[i];
	}
	assert_int_equal(bad, 0);
	assert_int_equal(order_errors, 0);
	assert_int_equal(drained + dropped, (uint64_t)TXQ_THREADS * TXQ_PER);
	assert_int_equal(sdpa_load_relaxed(&tq.w->ctr.tx_frames), drained);
	assert_int_equal(sdpa_wire_mem_tx_pending(tq.w), 0);
	sdpa_wire_close(tq.w);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	        cmocka_unit_test(test_order_and_layout),
	        cmocka_unit_test(test_wrap_around),
	        cmocka_unit_test(test_full_and_empty),
	        cmocka_unit_test(test_zero_copy_rewrite),
	        cmocka_unit_test(test_misuse),
	        cmocka_unit_test(test_spec_parse),
	        cmocka_unit_test(test_cost_64b),
	        cmocka_unit_test(test_concurrent_no_loss),
	        cmocka_unit_test(test_rss_queues),
	        cmocka_unit_test(test_tx_queues),
	        cmocka_unit_test(test_tx_queues_concurrent),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
