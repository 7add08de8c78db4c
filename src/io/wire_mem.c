/* SPDX-License-Identifier: BSD-3-Clause
 * The mem wire: single-producer/single-consumer rings per port.
 *
 *   RX rings: one per RX queue (1, or one per NIC worker: sdpa_wire_mem_set_rss).
 *            producer = softdpa_port_inject callers (serialised by inject_lock), which
 *            with 2 or more queues put each frame into the queue its flow hash names
 *            (RSS, as a NIC does in hardware); consumer = that queue's RX consumer
 *            (rx_burst/rx_release, one thread per queue).
 *   TX rings: as many as RX queues; a transmitting thread uses ring (its queue % nq),
 *            so each NIC worker fills a ring of its own and they never wait for one
 *            another. producer = that ring's tx_burst callers (serialised by the ring's
 *            lock: host TX may share a worker's ring), consumer = softdpa_port_drain
 *            callers (serialised by drain_lock). With several rings, every burst takes a
 *            ticket from one wire-wide counter and the drainer takes the ring whose oldest
 *            frame has the lowest ticket, so frames leave in the order their bursts were
 *            transmitted, as they did through one shared ring.
 *
 * Indices are free-running uint32: 'prod - cons' is the fill level even across the
 * 2^32 wrap, because the ring size is a power of two <= 2^31 and the fill level never
 * exceeds the size. Each index lives on its own cache line with the private state of the
 * side that writes it, including a cached copy of the other side's index, so a side
 * touches the other's line only when its cached view says the ring is full/empty.
 */
#include <pthread.h>
#include <stdalign.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>

#include "core/log.h"
#include "core/util.h"
#include "io/wire.h"

SDPA_LOG_REGISTER(io_mem);

/* A slot's stride is an odd number of cache lines. The frames of a ring then start in
 * every set of a cache: a stride of 9216 bytes (144 lines) would put them all in one set
 * in four of L1 and one in sixteen of L2, and a ring's frames would evict one another
 * there on every lap. */
#define SLOT_STRIDE(bytes) ((((bytes) / SDPA_CACHE_LINE) | 1u) * SDPA_CACHE_LINE)

enum {
	RX_STRIDE = SLOT_STRIDE(SDPA_PKT_HEADROOM + SOFTDPA_FRAME_MAX),
	TX_STRIDE = SLOT_STRIDE(SOFTDPA_FRAME_MAX),
	RING_SIZE_MAX = 1u << 16,
};
_Static_assert(RX_STRIDE >= SDPA_PKT_HEADROOM + SOFTDPA_FRAME_MAX && TX_STRIDE >= SOFTDPA_FRAME_MAX,
               "a slot holds the largest frame");

/* One TX queue: a ring filled under its own lock, emptied by the drainer. */
struct mem_txq {
	/* producer side (tx_burst callers of this queue, under lock) */
	alignas(SDPA_CACHE_LINE) sdpa_atomic_u32 prod;
	uint32_t cons_cache;
	pthread_mutex_t lock;
	uint32_t *lens; /* [size] */
	uint64_t *seq;  /* [size]: the burst's ticket (nq > 1) */
	uint8_t *bufs;  /* [size][TX_STRIDE] */

	/* consumer side (drainers, under drain_lock or the caller's own lock) */
	alignas(SDPA_CACHE_LINE) sdpa_atomic_u32 cons;
	uint32_t prod_cache;
};

/* One RX queue: a single-producer/single-consumer ring of its own. */
struct mem_rxq {
	/* producer side (injectors, under inject_lock or the caller's own lock) */
	alignas(SDPA_CACHE_LINE) sdpa_atomic_u32 prod;
	uint32_t cons_cache;
	struct sdpa_pkt *pkts; /* slot descriptors, [size] */
	uint8_t *bufs;         /* [size][RX_STRIDE] */

	/* consumer side (one thread per queue) */
	alignas(SDPA_CACHE_LINE) sdpa_atomic_u32 cons;
	uint32_t prod_cache;
	uint32_t held; /* frames handed out by rx_burst, not yet released */
};

struct mem_wire {
	struct sdpa_wire base;
	uint32_t size, mask;
	struct mem_txq *txq; /* [nq] */
	void *map;
	size_t map_len;
	/* RSS (sdpa_wire_mem_set_rss, fixed at creation): nq queues; reta maps a flow hash to
	 * a queue when nq > 1. Queues 1.. live in maps of their own. */
	uint16_t nq;
	uint8_t reta[SDPA_WIRE_RETA];
	void *qmap[SDPA_WIRE_RXQ_MAX];
	size_t qmap_len;

	pthread_mutex_t inject_lock;

	/* TX burst tickets (nq > 1): written once per burst by whichever ring's holder */
	alignas(SDPA_CACHE_LINE) sdpa_atomic_u64 tx_ticket;

	pthread_mutex_t drain_lock;

	struct mem_rxq rxq[]; /* [nq] */
};

/* What the next wires are created with (sdpa_wire_mem_set_rss). */
static sdpa_atomic_u32 rss_nq = 1;
static sdpa_atomic_u32 rss_reta_w[SDPA_WIRE_RETA / 4]; /* four queue numbers a word */

void sdpa_wire_mem_set_rss(uint16_t nq, const uint8_t *reta)
{
	if (nq < 1 || nq > SDPA_WIRE_RXQ_MAX || (nq > 1 && reta == NULL))
		nq = 1;
	for (uint32_t i = 0; nq > 1 && i < SDPA_WIRE_RETA / 4; i++) {
		uint32_t v = 0;

		for (uint32_t j = 0; j < 4; j++)
			v |= (uint32_t)(reta[i * 4 + j] < nq ? reta[i * 4 + j] : 0) << (8 * j);
		sdpa_store_relaxed(&rss_reta_w[i], v);
	}
	/* R-rss pairs with A-rss in sdpa_wire_mem_create: the table is written first. */
	sdpa_store_release(&rss_nq, nq);
}

static inline struct mem_wire *to_mem(struct sdpa_wire *w)
{
	return sdpa_container_of(w, struct mem_wire, base);
}

static inline uint16_t rxq_burst(struct mem_wire *m, struct mem_rxq *q, struct sdpa_pkt **pkts,
                                 uint16_t n)
{
	uint32_t cons = sdpa_load_relaxed(&q->cons); /* only this thread writes it */
	uint32_t avail = q->prod_cache - cons;

	if (n > SDPA_WIRE_BURST_MAX)
		n = SDPA_WIRE_BURST_MAX;
	if (avail < n) {
		/* A2 pairs with R1 in sdpa_wire_mem_inject: the slots up to prod are written. */
		q->prod_cache = sdpa_load_acquire(&q->prod);
		avail = q->prod_cache - cons;
		if (avail < n)
			n = (uint16_t)avail;
	}
	for (uint16_t i = 0; i < n; i++)
		pkts[i] = &q->pkts[(cons + i) & m->mask];
	if (n > q->held)
		q->held = n;
	return n;
}

static inline void rxq_release(struct mem_wire *m, struct mem_rxq *q, uint16_t n)
{
	uint32_t cons = sdpa_load_relaxed(&q->cons);

	n = sdpa_wire_release_count(&m->base, n, q->held);
	q->held -= n;
	/* R2 pairs with A1 in sdpa_wire_mem_inject (and A5 in sdpa_wire_mem_rx_pending): the
	 * consumer is done with these slots, including its in-place rewrites. */
	sdpa_store_release(&q->cons, cons + n);
}

static uint16_t mem_rx_burst(struct sdpa_wire *w, struct sdpa_pkt **pkts, uint16_t n)
{
	struct mem_wire *m = to_mem(w);

	return rxq_burst(m, &m->rxq[0], pkts, n);
}

static void mem_rx_release(struct sdpa_wire *w, uint16_t n)
{
	struct mem_wire *m = to_mem(w);

	rxq_release(m, &m->rxq[0], n);
}

uint16_t sdpa_wire_mem_rx_queues(struct sdpa_wire *w)
{
	return to_mem(w)->nq;
}

uint16_t sdpa_wire_mem_rx_burst_q(struct sdpa_wire *w, uint16_t q, struct sdpa_pkt **pkts,
                                  uint16_t n)
{
	struct mem_wire *m = to_mem(w);

	return q < m->nq ? rxq_burst(m, &m->rxq[q], pkts, n) : 0;
}

void sdpa_wire_mem_rx_release_q(struct sdpa_wire *w, uint16_t q, uint16_t n)
{
	struct mem_wire *m = to_mem(w);

	if (q < m->nq)
		rxq_release(m, &m->rxq[q], n);
}

static bool mem_rx_exhausted(struct sdpa_wire *w)
{
	(void)w;
	return false; /* more frames can always be injected */
}

/* The wire's TX counters, under the ring's lock: with one ring that lock makes the writer
 * the only one; with more, the rings' holders write at once and need a locked add. */
static inline void tx_count(struct mem_wire *m, sdpa_atomic_u64 *c, uint64_t v)
{
	if (m->nq > 1)
		(void)sdpa_fetch_add_relaxed(c, v);
	else
		sdpa_counter_add(c, v);
}

static uint16_t mem_tx_burst(struct sdpa_wire *w, uint16_t queue, struct sdpa_pkt *const *pkts,
                             uint16_t n)
{
	struct mem_wire *m = to_mem(w);
	struct mem_txq *t = &m->txq[queue % m->nq];
	uint64_t frames = 0, bytes = 0, malformed = 0, ticket = 0;
	uint32_t prod, room;
	uint16_t i;

	if (n > SDPA_WIRE_BURST_MAX)
		n = SDPA_WIRE_BURST_MAX;
	pthread_mutex_lock(&t->lock);
	prod = sdpa_load_relaxed(&t->prod); /* only the lock holder writes it */
	room = m->size - (prod - t->cons_cache);
	if (room < n) {
		/* A3 pairs with R4 in sdpa_wire_mem_drain: slots before cons are copied out
		 * and may be overwritten. */
		t->cons_cache = sdpa_load_acquire(&t->cons);
		room = m->size - (prod - t->cons_cache);
	}
	/* Relaxed: a ticket only orders bursts; the frames are published by R3. */
	if (m->nq > 1)
		ticket = sdpa_fetch_add_relaxed(&m->tx_ticket, 1);
	for (i = 0; i < n; i++) {
		const struct sdpa_pkt *p = pkts[i];
		uint32_t idx;

		if (SDPA_UNLIKELY(p->len > SOFTDPA_FRAME_MAX)) {
			malformed++; /* taken and dropped: it could never fit */
			continue;
		}
		if (room == 0)
			break;
		idx = prod & m->mask;
		t->lens[idx] = p->len;
		t->seq[idx] = ticket;
		memcpy(t->bufs + (size_t)idx * TX_STRIDE, p->data, p->len);
		prod++;
		room--;
		frames++;
		bytes += p->len;
	}
	/* R3 pairs with A4 in sdpa_wire_mem_drain: the copied frames and their lengths are
	 * visible before the new prod. */
	sdpa_store_release(&t->prod, prod);
	tx_count(m, &w->ctr.tx_frames, frames);
	tx_count(m, &w->ctr.tx_bytes, bytes);
	if (malformed)
		tx_count(m, &w->ctr.tx_malformed, malformed);
	pthread_mutex_unlock(&t->lock);
	return i;
}

static void mem_close(struct sdpa_wire *w)
{
	struct mem_wire *m = to_mem(w);

	pthread_mutex_destroy(&m->inject_lock);
	for (uint16_t q = 0; q < m->nq; q++)
		pthread_mutex_destroy(&m->txq[q].lock);
	pthread_mutex_destroy(&m->drain_lock);
	munmap(m->map, m->map_len);
	for (uint16_t q = 1; q < m->nq; q++)
		if (m->qmap[q] != NULL)
			munmap(m->qmap[q], m->qmap_len);
	free(m->txq);
	free(m);
}

static const struct sdpa_wire_ops mem_ops = {
        .name = "mem",
        .rx_burst = mem_rx_burst,
        .rx_release = mem_rx_release,
        .rx_exhausted = mem_rx_exhausted,
        .tx_burst = mem_tx_burst,
        .close = mem_close,
};

doca_error_t sdpa_wire_mem_inject_nolock(struct sdpa_wire *w, const void *frame, uint32_t len)
{
	struct mem_wire *m = to_mem(w);
	struct mem_rxq *q = &m->rxq[0];
	struct sdpa_pkt *slot;
	uint32_t prod, idx;

	/* RSS: the "hardware" puts the frame straight into the queue of the worker that will
	 * process it; a flow's frames all go to one queue, in order. */
	if (m->nq > 1)
		q = &m->rxq[m->reta[sdpa_wire_flow_hash(frame, len) & (SDPA_WIRE_RETA - 1)]];
	prod = sdpa_load_relaxed(&q->prod); /* only the serialised injector writes it */
	if (prod - q->cons_cache == m->size) {
		/* A1 pairs with R2 in rxq_release: the consumer no longer reads or rewrites
		 * slots before cons. */
		q->cons_cache = sdpa_load_acquire(&q->cons);
		if (prod - q->cons_cache == m->size) {
			sdpa_counter_add(&w->ctr.rx_refused, 1);
			return DOCA_ERROR_AGAIN;
		}
	}
	idx = prod & m->mask;
	slot = &q->pkts[idx];
	slot->data = q->bufs + (size_t)idx * RX_STRIDE + SDPA_PKT_HEADROOM;
	slot->len = len;
	slot->cap = SOFTDPA_FRAME_MAX;
	slot->headroom = SDPA_PKT_HEADROOM;
	slot->meta = 0;
	memcpy(slot->data, frame, len);
	/* R1 pairs with A2 in rxq_burst: the slot is complete before it is published. */
	sdpa_store_release(&q->prod, prod + 1);
	return DOCA_SUCCESS;
}

doca_error_t sdpa_wire_mem_inject(struct sdpa_wire *w, const void *frame, uint32_t len)
{
	struct mem_wire *m = to_mem(w);
	doca_error_t r;

	pthread_mutex_lock(&m->inject_lock);
	r = sdpa_wire_mem_inject_nolock(w, frame, len);
	pthread_mutex_unlock(&m->inject_lock);
	return r;
}

/* The TX ring whose oldest frame has the lowest ticket, or NULL when all are empty. Only
 * the serialised drainer calls it. */
static struct mem_txq *drain_pick(struct mem_wire *m)
{
	struct mem_txq *best = NULL;
	uint64_t best_ticket = 0;

	for (uint16_t q = 0; q < m->nq; q++) {
		struct mem_txq *t = &m->txq[q];
		uint32_t cons = sdpa_load_relaxed(&t->cons); /* only the drainer writes it */

		if (cons == t->prod_cache) {
			/* A4 pairs with R3 in mem_tx_burst: frames before prod are copied in. */
			t->prod_cache = sdpa_load_acquire(&t->prod);
			if (cons == t->prod_cache)
				continue;
		}
		if (m->nq == 1)
			return t;
		if (best == NULL || t->seq[cons & m->mask] < best_ticket) {
			best = t;
			best_ticket = t->seq[cons & m->mask];
		}
	}
	return best;
}

doca_error_t sdpa_wire_mem_drain_nolock(struct sdpa_wire *w, void *buf, uint32_t cap, uint32_t *len)
{
	struct mem_wire *m = to_mem(w);
	struct mem_txq *t = drain_pick(m);
	uint32_t cons, idx, flen;

	if (t == NULL)
		return DOCA_ERROR_EMPTY;
	cons = sdpa_load_relaxed(&t->cons);
	idx = cons & m->mask;
	flen = t->lens[idx];
	*len = flen;
	if (cap < flen)
		return DOCA_ERROR_TOO_BIG;
	memcpy(buf, t->bufs + (size_t)idx * TX_STRIDE, flen);
	/* R4 pairs with A3 in mem_tx_burst: the slot is copied out and may be reused. */
	sdpa_store_release(&t->cons, cons + 1);
	return DOCA_SUCCESS;
}

doca_error_t sdpa_wire_mem_drain(struct sdpa_wire *w, void *buf, uint32_t cap, uint32_t *len)
{
	struct mem_wire *m = to_mem(w);
	doca_error_t r;

	pthread_mutex_lock(&m->drain_lock);
	r = sdpa_wire_mem_drain_nolock(w, buf, cap, len);
	pthread_mutex_unlock(&m->drain_lock);
	return r;
}

uint32_t sdpa_wire_mem_rx_pending(struct sdpa_wire *w)
{
	struct mem_wire *m = to_mem(w);
	uint32_t n = 0;

	for (uint16_t q = 0; q < m->nq; q++) {
		/* A5 pairs with R2 in rxq_release: when this reads 0, the consumer's work on
		 * every injected frame happened before. */
		uint32_t cons = sdpa_load_acquire(&m->rxq[q].cons);

		n += sdpa_load_relaxed(&m->rxq[q].prod) - cons;
	}
	return n;
}

uint32_t sdpa_wire_mem_tx_pending(struct sdpa_wire *w)
{
	struct mem_wire *m = to_mem(w);
	uint32_t n = 0;

	for (uint16_t q = 0; q < m->nq; q++) {
		uint32_t cons = sdpa_load_relaxed(&m->txq[q].cons);

		n += sdpa_load_relaxed(&m->txq[q].prod) - cons;
	}
	return n;
}

doca_error_t sdpa_wire_mem_create(uint16_t port_id, uint32_t ring_size, struct sdpa_wire **out)
{
	struct mem_wire *m;
	size_t rx_bytes, tx_bytes, desc_bytes;
	uint16_t nq;
	uint8_t *p;

	*out = NULL;
	if (!sdpa_is_pow2(ring_size) || ring_size < 2 || ring_size > RING_SIZE_MAX) {
		DOCA_LOG_ERR("port %u: mem wire ring size %u is not a power of two in 2..%u; "
		             "pick one such as %u",
		             (unsigned int)port_id, ring_size, (unsigned int)RING_SIZE_MAX,
		             (unsigned int)SDPA_WIRE_MEM_RING_SIZE);
		return DOCA_ERROR_INVALID_VALUE;
	}
	/* A-rss pairs with R-rss in sdpa_wire_mem_set_rss */
	nq = (uint16_t)sdpa_load_acquire(&rss_nq);
	m = sdpa_zalloc_aligned(sizeof(*m) + (size_t)nq * sizeof(struct mem_rxq));
	if (m == NULL)
		goto no_mem;
	m->txq = sdpa_zalloc_aligned((size_t)nq * sizeof(struct mem_txq));
	if (m->txq == NULL) {
		free(m);
		goto no_mem;
	}
	m->nq = nq;
	for (uint32_t i = 0; nq > 1 && i < SDPA_WIRE_RETA; i++)
		m->reta[i] = (uint8_t)(sdpa_load_relaxed(&rss_reta_w[i / 4]) >> (8 * (i % 4)));
	/* Each queue's map: RX descriptors, RX buffers, TX buffers, TX lengths and tickets. */
	desc_bytes = (size_t)ring_size * sizeof(struct sdpa_pkt);
	rx_bytes = (size_t)ring_size * RX_STRIDE;
	tx_bytes = (size_t)ring_size * (TX_STRIDE + sizeof(uint32_t) + sizeof(uint64_t));
	m->map_len = desc_bytes + rx_bytes + tx_bytes;
	/* Anonymous pages cost nothing until a slot is first used. */
	m->map = mmap(NULL, m->map_len, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	if (m->map == MAP_FAILED) {
		free(m->txq);
		free(m);
		goto no_mem;
	}
	/* Huge pages when available: each slot is ~9 KiB, so a 4 KiB-page ring walk misses
	 * the TLB on nearly every frame. */
	(void)madvise(m->map, m->map_len, MADV_HUGEPAGE);
	m->qmap[0] = m->map;
	/* Queues 1..nq-1: a map each, laid out as queue 0's. */
	m->qmap_len = m->map_len;
	for (uint16_t q = 1; q < nq; q++) {
		p = mmap(NULL, m->qmap_len, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1,
		         0);
		if (p == MAP_FAILED) {
			m->nq = q; /* mem_close's view: the queues mapped so far */
			munmap(m->map, m->map_len);
			for (uint16_t k = 1; k < q; k++)
				munmap(m->qmap[k], m->qmap_len);
			free(m->txq);
			free(m);
			goto no_mem;
		}
		(void)madvise(p, m->qmap_len, MADV_HUGEPAGE);
		m->qmap[q] = p;
	}
	for (uint16_t q = 0; q < nq; q++) {
		p = m->qmap[q];
		m->rxq[q].pkts = (struct sdpa_pkt *)p;
		m->rxq[q].bufs = p + desc_bytes;
		m->txq[q].bufs = p + desc_bytes + rx_bytes;
		m->txq[q].seq = (uint64_t *)(m->txq[q].bufs + (size_t)ring_size * TX_STRIDE);
		m->txq[q].lens = (uint32_t *)(m->txq[q].seq + ring_size);
		pthread_mutex_init(&m->txq[q].lock, NULL);
	}
	m->size = ring_size;
	m->mask = ring_size - 1;
	for (uint16_t q = 0; q < nq; q++)
		for (uint32_t i = 0; i < ring_size; i++)
			m->rxq[q].pkts[i].in_port = port_id;
	pthread_mutex_init(&m->inject_lock, NULL);
	pthread_mutex_init(&m->drain_lock, NULL);
	sdpa_wire_init(&m->base, &mem_ops, SDPA_WIRE_MEM, port_id);
	*out = &m->base;
	return DOCA_SUCCESS;

no_mem:
	DOCA_LOG_ERR("port %u: cannot allocate a mem wire of %u slots (~%zu MiB); free memory or "
	             "use fewer ports",
	             (unsigned int)port_id, ring_size,
	             (size_t)ring_size * (RX_STRIDE + TX_STRIDE) >> 20);
	return DOCA_ERROR_NO_MEMORY;
}
