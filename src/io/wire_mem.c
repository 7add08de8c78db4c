/* SPDX-License-Identifier: BSD-3-Clause
 * The mem wire: two single-producer/single-consumer rings per port.
 *
 *   RX ring: producer = softdpa_port_inject callers (serialised by inject_lock),
 *            consumer = the port's RX consumer (rx_burst/rx_release, one thread).
 *   TX ring: producer = tx_burst callers (serialised by tx_lock),
 *            consumer = softdpa_port_drain callers (serialised by drain_lock).
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

enum {
	RX_STRIDE = SDPA_PKT_HEADROOM + SOFTDPA_FRAME_MAX,
	TX_STRIDE = SOFTDPA_FRAME_MAX,
	RING_SIZE_MAX = 1u << 16,
};

struct mem_wire {
	struct sdpa_wire base;
	uint32_t size, mask;
	struct sdpa_pkt *rx_pkts; /* slot descriptors, [size] */
	uint8_t *rx_bufs;         /* [size][RX_STRIDE] */
	uint32_t *tx_lens;        /* [size] */
	uint8_t *tx_bufs;         /* [size][TX_STRIDE] */
	void *map;
	size_t map_len;

	/* RX producer side (injectors, under inject_lock or the caller's own lock) */
	alignas(SDPA_CACHE_LINE) sdpa_atomic_u32 rx_prod;
	uint32_t rx_cons_cache;
	pthread_mutex_t inject_lock;

	/* RX consumer side (one thread) */
	alignas(SDPA_CACHE_LINE) sdpa_atomic_u32 rx_cons;
	uint32_t rx_prod_cache;
	uint32_t rx_held; /* frames handed out by rx_burst, not yet released */

	/* TX producer side (workers, under tx_lock) */
	alignas(SDPA_CACHE_LINE) sdpa_atomic_u32 tx_prod;
	uint32_t tx_cons_cache;
	pthread_mutex_t tx_lock;

	/* TX consumer side (drainers, under drain_lock or the caller's own lock) */
	alignas(SDPA_CACHE_LINE) sdpa_atomic_u32 tx_cons;
	uint32_t tx_prod_cache;
	pthread_mutex_t drain_lock;
};

static inline struct mem_wire *to_mem(struct sdpa_wire *w)
{
	return sdpa_container_of(w, struct mem_wire, base);
}

static uint16_t mem_rx_burst(struct sdpa_wire *w, struct sdpa_pkt **pkts, uint16_t n)
{
	struct mem_wire *m = to_mem(w);
	uint32_t cons = sdpa_load_relaxed(&m->rx_cons); /* only this thread writes it */
	uint32_t avail = m->rx_prod_cache - cons;

	if (n > SDPA_WIRE_BURST_MAX)
		n = SDPA_WIRE_BURST_MAX;
	if (avail < n) {
		/* A2 pairs with R1 in sdpa_wire_mem_inject: the slots up to rx_prod are
		 * written. */
		m->rx_prod_cache = sdpa_load_acquire(&m->rx_prod);
		avail = m->rx_prod_cache - cons;
		if (avail < n)
			n = (uint16_t)avail;
	}
	for (uint16_t i = 0; i < n; i++)
		pkts[i] = &m->rx_pkts[(cons + i) & m->mask];
	if (n > m->rx_held)
		m->rx_held = n;
	return n;
}

static void mem_rx_release(struct sdpa_wire *w, uint16_t n)
{
	struct mem_wire *m = to_mem(w);
	uint32_t cons = sdpa_load_relaxed(&m->rx_cons);

	n = sdpa_wire_release_count(w, n, m->rx_held);
	m->rx_held -= n;
	/* R2 pairs with A1 in sdpa_wire_mem_inject (and A5 in sdpa_wire_mem_rx_pending): the
	 * consumer is done with these slots, including its in-place rewrites. */
	sdpa_store_release(&m->rx_cons, cons + n);
}

static bool mem_rx_exhausted(struct sdpa_wire *w)
{
	(void)w;
	return false; /* more frames can always be injected */
}

static uint16_t mem_tx_burst(struct sdpa_wire *w, struct sdpa_pkt *const *pkts, uint16_t n)
{
	struct mem_wire *m = to_mem(w);
	uint64_t frames = 0, bytes = 0, malformed = 0;
	uint32_t prod, room;
	uint16_t i;

	if (n > SDPA_WIRE_BURST_MAX)
		n = SDPA_WIRE_BURST_MAX;
	pthread_mutex_lock(&m->tx_lock);
	prod = sdpa_load_relaxed(&m->tx_prod); /* only the tx_lock holder writes it */
	room = m->size - (prod - m->tx_cons_cache);
	if (room < n) {
		/* A3 pairs with R4 in sdpa_wire_mem_drain: slots before tx_cons are copied
		 * out and may be overwritten. */
		m->tx_cons_cache = sdpa_load_acquire(&m->tx_cons);
		room = m->size - (prod - m->tx_cons_cache);
	}
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
		m->tx_lens[idx] = p->len;
		memcpy(m->tx_bufs + (size_t)idx * TX_STRIDE, p->data, p->len);
		prod++;
		room--;
		frames++;
		bytes += p->len;
	}
	/* R3 pairs with A4 in sdpa_wire_mem_drain: the copied frames and their lengths are
	 * visible before the new tx_prod. */
	sdpa_store_release(&m->tx_prod, prod);
	sdpa_counter_add(&w->ctr.tx_frames, frames);
	sdpa_counter_add(&w->ctr.tx_bytes, bytes);
	if (malformed)
		sdpa_counter_add(&w->ctr.tx_malformed, malformed);
	pthread_mutex_unlock(&m->tx_lock);
	return i;
}

static void mem_close(struct sdpa_wire *w)
{
	struct mem_wire *m = to_mem(w);

	pthread_mutex_destroy(&m->inject_lock);
	pthread_mutex_destroy(&m->tx_lock);
	pthread_mutex_destroy(&m->drain_lock);
	munmap(m->map, m->map_len);
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
	struct sdpa_pkt *slot;
	uint32_t prod, idx;

	prod = sdpa_load_relaxed(&m->rx_prod); /* only the serialised injector writes it */
	if (prod - m->rx_cons_cache == m->size) {
		/* A1 pairs with R2 in mem_rx_release: the consumer no longer reads or
		 * rewrites slots before rx_cons. */
		m->rx_cons_cache = sdpa_load_acquire(&m->rx_cons);
		if (prod - m->rx_cons_cache == m->size) {
			sdpa_counter_add(&w->ctr.rx_refused, 1);
			return DOCA_ERROR_AGAIN;
		}
	}
	idx = prod & m->mask;
	slot = &m->rx_pkts[idx];
	slot->data = m->rx_bufs + (size_t)idx * RX_STRIDE + SDPA_PKT_HEADROOM;
	slot->len = len;
	slot->cap = SOFTDPA_FRAME_MAX;
	slot->headroom = SDPA_PKT_HEADROOM;
	slot->meta = 0;
	memcpy(slot->data, frame, len);
	/* R1 pairs with A2 in mem_rx_burst: the slot is complete before it is published. */
	sdpa_store_release(&m->rx_prod, prod + 1);
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

doca_error_t sdpa_wire_mem_drain_nolock(struct sdpa_wire *w, void *buf, uint32_t cap, uint32_t *len)
{
	struct mem_wire *m = to_mem(w);
	uint32_t cons, idx, flen;

	cons = sdpa_load_relaxed(&m->tx_cons); /* only the serialised drainer writes it */
	if (cons == m->tx_prod_cache) {
		/* A4 pairs with R3 in mem_tx_burst: frames before tx_prod are copied in. */
		m->tx_prod_cache = sdpa_load_acquire(&m->tx_prod);
		if (cons == m->tx_prod_cache)
			return DOCA_ERROR_EMPTY;
	}
	idx = cons & m->mask;
	flen = m->tx_lens[idx];
	*len = flen;
	if (cap < flen)
		return DOCA_ERROR_TOO_BIG;
	memcpy(buf, m->tx_bufs + (size_t)idx * TX_STRIDE, flen);
	/* R4 pairs with A3 in mem_tx_burst: the slot is copied out and may be reused. */
	sdpa_store_release(&m->tx_cons, cons + 1);
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
	/* A5 pairs with R2 in mem_rx_release: when this reads 0, the consumer's work on
	 * every injected frame happened before. */
	uint32_t cons = sdpa_load_acquire(&m->rx_cons);

	return sdpa_load_relaxed(&m->rx_prod) - cons;
}

uint32_t sdpa_wire_mem_tx_pending(struct sdpa_wire *w)
{
	struct mem_wire *m = to_mem(w);
	uint32_t cons = sdpa_load_relaxed(&m->tx_cons);

	return sdpa_load_relaxed(&m->tx_prod) - cons;
}

doca_error_t sdpa_wire_mem_create(uint16_t port_id, uint32_t ring_size, struct sdpa_wire **out)
{
	struct mem_wire *m;
	size_t rx_bytes, tx_bytes, desc_bytes;
	uint8_t *p;

	*out = NULL;
	if (!sdpa_is_pow2(ring_size) || ring_size < 2 || ring_size > RING_SIZE_MAX) {
		DOCA_LOG_ERR("port %u: mem wire ring size %u is not a power of two in 2..%u; "
		             "pick one such as %u",
		             (unsigned int)port_id, ring_size, (unsigned int)RING_SIZE_MAX,
		             (unsigned int)SDPA_WIRE_MEM_RING_SIZE);
		return DOCA_ERROR_INVALID_VALUE;
	}
	m = sdpa_zalloc_aligned(sizeof(*m));
	if (m == NULL)
		goto no_mem;
	desc_bytes = (size_t)ring_size * (sizeof(struct sdpa_pkt) + sizeof(uint32_t));
	rx_bytes = (size_t)ring_size * RX_STRIDE;
	tx_bytes = (size_t)ring_size * TX_STRIDE;
	m->map_len = desc_bytes + rx_bytes + tx_bytes;
	/* Anonymous pages cost nothing until a slot is first used. */
	m->map = mmap(NULL, m->map_len, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	if (m->map == MAP_FAILED) {
		free(m);
		goto no_mem;
	}
	/* Huge pages when available: each slot is ~9 KiB, so a 4 KiB-page ring walk misses
	 * the TLB on nearly every frame. */
	(void)madvise(m->map, m->map_len, MADV_HUGEPAGE);
	p = m->map;
	m->rx_bufs = p;
	m->tx_bufs = p + rx_bytes;
	m->rx_pkts = (struct sdpa_pkt *)(p + rx_bytes + tx_bytes);
	m->tx_lens = (uint32_t *)(m->rx_pkts + ring_size);
	m->size = ring_size;
	m->mask = ring_size - 1;
	for (uint32_t i = 0; i < ring_size; i++)
		m->rx_pkts[i].in_port = port_id;
	pthread_mutex_init(&m->inject_lock, NULL);
	pthread_mutex_init(&m->tx_lock, NULL);
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
