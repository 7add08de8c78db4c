/* SPDX-License-Identifier: BSD-3-Clause
 * Wires: where a port's frames come from and go to. One ops table, four backends
 * (mem, pcap, afpacket, unix). The NIC datapath is the consumer: a worker polls a wire's RX in
 * bursts, rewrites frames in place, and transmits them on other ports' wires.
 *
 * Thread-safety (every backend honours it):
 *   - RX (rx_burst, rx_release) has exactly one consumer thread at a time. Handing a wire's
 *     RX from one thread to another needs a synchronisation the caller provides (a mutex,
 *     a thread join, a release/acquire flag).
 *   - TX (tx_burst) may be called by any number of threads concurrently; the wire
 *     serialises them with a mutex (never a multi-producer spinning ring). A caller names
 *     a TX queue (its NIC worker); the mem wire gives each queue a ring and a mutex of its
 *     own, so workers on different queues do not wait for one another. The other wires
 *     have one queue.
 *   - rx_exhausted, sdpa_wire_rx_error and the counters may be read from any thread.
 *   - close runs when no other call on the wire is in progress or can start.
 *
 * Packet buffers: RX is zero-copy. rx_burst hands out pointers to wire-owned buffers,
 * valid until rx_release; the consumer may rewrite the frame, prepend into the headroom
 * (sdpa_pkt_prepend) or strip bytes (sdpa_pkt_adj). TX copies: once tx_burst returns, the
 * caller owns its buffers again.
 */
#ifndef SDPA_IO_WIRE_H
#define SDPA_IO_WIRE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include <doca_error.h>
#include <softdpa.h>

#include "core/atomics.h"

enum {
	SDPA_PKT_HEADROOM = 128,        /* room an encap action may prepend into */
	SDPA_WIRE_BURST_MAX = 32,       /* rx_burst/tx_burst never move more frames than this */
	SDPA_WIRE_MEM_RING_SIZE = 1024, /* default mem wire ring depth (a power of two) */
	SDPA_WIRE_SPEC_MAX = 4096 + 16, /* longest accepted spec string */
	SDPA_WIRE_RXQ_MAX = 64,         /* RX queues of a mem wire (one per NIC worker) */
	SDPA_WIRE_RETA = 128,           /* RSS indirection table entries (a power of two) */
};

/* The flow hash a port's "hardware" spreads frames by (RSS): the outer IPv4/IPv6 addresses,
 * protocol and TCP/UDP/SCTP ports; the addresses alone for a fragment; the MACs and
 * EtherType for a non-IP frame. Deterministic (no seed), any thread, never reads past len. */
uint32_t sdpa_wire_flow_hash(const uint8_t *frame, uint32_t len);

/* How the mem wires opened from now on spread their RX over queues: nq queues (1..
 * SDPA_WIRE_RXQ_MAX; 1 = one queue, no hashing), reta[hash % SDPA_WIRE_RETA] = the queue of
 * a frame with that flow hash (each < nq). The NIC datapath sets it when its workers start
 * and puts back 1 when they stop; a wire keeps what it was opened with. Any thread. */
void sdpa_wire_mem_set_rss(uint16_t nq, const uint8_t *reta);

/* A frame in a wire-owned buffer. The buffer spans [data - headroom, data + cap). */
struct sdpa_pkt {
	uint8_t *data;     /* first byte of the frame (destination MAC) */
	uint32_t len;      /* bytes in the frame */
	uint32_t cap;      /* bytes from data to the end of the buffer; len may grow to cap */
	uint16_t headroom; /* bytes before data free for sdpa_pkt_prepend */
	uint16_t in_port;  /* port the frame arrived on */
	uint32_t meta;     /* free for the datapath; wires set it to 0 on arrival */
};

/* Make room for n more bytes in front of the frame: returns the new data pointer, or NULL
 * (frame unchanged) when the headroom is smaller than n. */
static inline uint8_t *sdpa_pkt_prepend(struct sdpa_pkt *pkt, uint16_t n)
{
	if (n > pkt->headroom)
		return NULL;
	pkt->data -= n;
	pkt->headroom -= n;
	pkt->len += n;
	pkt->cap += n;
	return pkt->data;
}

/* Strip n bytes from the front (decap). Returns the new data pointer, or NULL (frame
 * unchanged) when the frame is shorter than n. */
static inline uint8_t *sdpa_pkt_adj(struct sdpa_pkt *pkt, uint16_t n)
{
	if (n > pkt->len)
		return NULL;
	pkt->data += n;
	pkt->headroom += n;
	pkt->len -= n;
	pkt->cap -= n;
	return pkt->data;
}

enum sdpa_wire_kind {
	SDPA_WIRE_MEM,
	SDPA_WIRE_PCAP,
	SDPA_WIRE_AFPACKET,
	SDPA_WIRE_UNIX,
};

/* Counters a wire keeps about frames that never reach the port's own rx/tx counters.
 * Each has one writer at a time (the RX consumer, or the holder of the wire's TX/inject
 * lock); any thread may read them with sdpa_load_relaxed. */
struct sdpa_wire_counters {
	/* RX consumer */
	sdpa_atomic_u64 rx_malformed; /* arrived larger than SOFTDPA_FRAME_MAX: dropped */
	sdpa_atomic_u64 rx_snapped;   /* pcap records shorter than the original frame */
	/* TX lock holder */
	sdpa_atomic_u64 tx_frames; /* put on the wire */
	sdpa_atomic_u64 tx_bytes;
	sdpa_atomic_u64 tx_malformed; /* larger than SOFTDPA_FRAME_MAX: dropped */
	sdpa_atomic_u64 tx_errors;    /* the wire failed to write them: dropped */
	/* inject lock holder (mem wire) */
	sdpa_atomic_u64 rx_refused; /* inject answered AGAIN: the caller kept the frame */
};

struct sdpa_wire;

/* The backend contract. Every member is set by every backend (callers never NULL-check). */
struct sdpa_wire_ops {
	/* "mem", "pcap" or "afpacket": used in messages. */
	const char *name;

	/* Hand out up to n (<= SDPA_WIRE_BURST_MAX) received frames, oldest first, in pkts[].
	 * Returns how many; 0 means none right now (not an error: "again" — poll later, or
	 * check rx_exhausted). The buffers stay wire-owned and valid until rx_release; until
	 * then, calling rx_burst again returns the same frames (with any in-place changes)
	 * first. RX consumer thread only. Never blocks. */
	uint16_t (*rx_burst)(struct sdpa_wire *w, struct sdpa_pkt **pkts, uint16_t n);

	/* Give back the n oldest frames handed out by rx_burst (n <= frames held); their
	 * buffers may be reused immediately. RX consumer thread only. Never blocks. */
	void (*rx_release)(struct sdpa_wire *w, uint16_t n);

	/* True when no frame will ever be handed out again (pcap EOF or a fatal read error,
	 * with every frame released). mem and afpacket wires never run dry. Any thread. */
	bool (*rx_exhausted)(struct sdpa_wire *w);

	/* Copy pkts[0..n-1] (n <= SDPA_WIRE_BURST_MAX) onto the wire, in order. Returns how
	 * many were taken from the front of pkts: a taken frame was either transmitted
	 * (tx_frames) or dropped and counted by the wire (tx_malformed, tx_errors). The rest
	 * found no room (mem TX ring full, socket buffer full): the caller counts them as
	 * SOFTDPA_DROP_TX_FULL. The caller keeps ownership of every pkt. Any thread; may wait
	 * for the TX mutex of 'queue' (any number; a wire folds it onto its queues), never for
	 * the peer. */
	uint16_t (*tx_burst)(struct sdpa_wire *w, uint16_t queue, struct sdpa_pkt *const *pkts,
	                     uint16_t n);

	/* Flush pending output (pcap), release every resource and free w. No call on w may
	 * be in progress or follow. */
	void (*close)(struct sdpa_wire *w);
};

/* Embedded first in every backend's wire. */
struct sdpa_wire {
	const struct sdpa_wire_ops *ops;
	enum sdpa_wire_kind kind;
	uint16_t port_id;         /* stamped into sdpa_pkt.in_port */
	sdpa_atomic_u32 rx_error; /* doca_error_t: SUCCESS, or why RX stopped for good */
	struct sdpa_wire_counters ctr;
};

/* A parsed spec. */
struct sdpa_wire_spec {
	enum sdpa_wire_kind kind;
	uint32_t ring;   /* mem ring depth ("mem:RING"), 0 for the default */
	char in[4096];   /* pcap input file */
	char out[4096];  /* pcap output file, "" for none */
	char ifname[16]; /* afpacket interface */
	char path[108];  /* unix socket path (sizeof sun_path) */
};

/* Parse "mem", "mem:RING" (a power of two, checked when the wire is created), "pcap:IN[,OUT]",
 * "afpacket:IFNAME" or "unix:PATH" (syntax only: files and interfaces are checked when the wire is
 * created). INVALID_VALUE, with a log line naming 'who' and listing the accepted forms, for
 * anything else. */
doca_error_t sdpa_wire_spec_parse(const char *spec, const char *who, struct sdpa_wire_spec *out);

/* Create the wire a spec describes, for port 'port_id'. Errors are the backend's (logged):
 * INVALID_VALUE (bad spec, not a capture, ...), NOT_FOUND (missing file or interface),
 * NOT_PERMITTED, IO_FAILED, NO_MEMORY. */
doca_error_t sdpa_wire_create(const char *spec, uint16_t port_id, struct sdpa_wire **out);

/* Backend constructors (sdpa_wire_create calls them). ring_size: a power of two >= 2. */
doca_error_t sdpa_wire_mem_create(uint16_t port_id, uint32_t ring_size, struct sdpa_wire **out);
doca_error_t sdpa_wire_pcap_create(uint16_t port_id, const char *in, const char *out_path,
                                   struct sdpa_wire **out);
doca_error_t sdpa_wire_afpacket_create(uint16_t port_id, const char *ifname,
                                       struct sdpa_wire **out);
doca_error_t sdpa_wire_unix_create(uint16_t port_id, const char *path, struct sdpa_wire **out);

/* The application side of a mem wire (w must be a mem wire).
 * inject: copy one frame into the RX ring. AGAIN (counted in rx_refused, not logged) when
 * the ring is full. len must be 1..SOFTDPA_FRAME_MAX (the caller checks). Any thread:
 * injectors are serialised by a mutex of their own.
 * drain: take the oldest transmitted frame. EMPTY when none; TOO_BIG when cap is smaller
 * (the frame stays queued, *len says the size). Any thread: drainers are serialised by a
 * mutex of their own. Neither logs. */
doca_error_t sdpa_wire_mem_inject(struct sdpa_wire *w, const void *frame, uint32_t len);
doca_error_t sdpa_wire_mem_drain(struct sdpa_wire *w, void *buf, uint32_t cap, uint32_t *len);

/* The same without the wire's mutexes, for a caller that already serialises all injectors
 * (resp. drainers) of this wire with a lock of its own (the port layer does). */
doca_error_t sdpa_wire_mem_inject_nolock(struct sdpa_wire *w, const void *frame, uint32_t len);
doca_error_t sdpa_wire_mem_drain_nolock(struct sdpa_wire *w, void *buf, uint32_t cap,
                                        uint32_t *len);

/* RX queues of a mem wire (1, or the nq of sdpa_wire_mem_set_rss when it was created).
 * Queue 0 is what the ops' rx_burst/rx_release serve; with more, an injected frame goes to
 * the queue its flow hash names, so each flow's frames stay in order in one queue. */
uint16_t sdpa_wire_mem_rx_queues(struct sdpa_wire *w);

/* rx_burst/rx_release of queue q (< sdpa_wire_mem_rx_queues). Each queue has its own single
 * consumer thread; the contract is otherwise the ops'. */
uint16_t sdpa_wire_mem_rx_burst_q(struct sdpa_wire *w, uint16_t q, struct sdpa_pkt **pkts,
                                  uint16_t n);
void sdpa_wire_mem_rx_release_q(struct sdpa_wire *w, uint16_t q, uint16_t n);

/* Frames injected but not yet released by the RX consumer (mem wire, every queue; any
 * thread). */
uint32_t sdpa_wire_mem_rx_pending(struct sdpa_wire *w);
/* Frames transmitted but not yet drained (mem wire; any thread). */
uint32_t sdpa_wire_mem_tx_pending(struct sdpa_wire *w);

/* Write out a pcap wire's buffered output now (pcap wire; any thread). */
void sdpa_wire_pcap_flush(struct sdpa_wire *w);

/* Why RX stopped for good (pcap: corrupt record), or DOCA_SUCCESS. Any thread. */
static inline doca_error_t sdpa_wire_rx_error(struct sdpa_wire *w)
{
	return (doca_error_t)sdpa_load_relaxed(&w->rx_error);
}

static inline uint16_t sdpa_wire_rx_burst(struct sdpa_wire *w, struct sdpa_pkt **pkts, uint16_t n)
{
	return w->ops->rx_burst(w, pkts, n);
}

static inline void sdpa_wire_rx_release(struct sdpa_wire *w, uint16_t n)
{
	w->ops->rx_release(w, n);
}

static inline bool sdpa_wire_rx_exhausted(struct sdpa_wire *w)
{
	return w->ops->rx_exhausted(w);
}

static inline uint16_t sdpa_wire_tx_burst_q(struct sdpa_wire *w, uint16_t queue,
                                            struct sdpa_pkt *const *pkts, uint16_t n)
{
	return w->ops->tx_burst(w, queue, pkts, n);
}

/* tx_burst on queue 0. */
static inline uint16_t sdpa_wire_tx_burst(struct sdpa_wire *w, struct sdpa_pkt *const *pkts,
                                          uint16_t n)
{
	return sdpa_wire_tx_burst_q(w, 0, pkts, n);
}

/* Close and free a wire; NULL is a no-op. */
void sdpa_wire_close(struct sdpa_wire *w);

/* Name of a wire kind ("mem", "pcap", "afpacket"). */
const char *sdpa_wire_kind_name(enum sdpa_wire_kind kind);

/* Shared by backends: set the base fields. */
void sdpa_wire_init(struct sdpa_wire *w, const struct sdpa_wire_ops *ops, enum sdpa_wire_kind kind,
                    uint16_t port_id);

/* Shared by backends' rx_release: how many of the 'held' frames a release of n frees. n,
 * or 'held' with one (rate-limited) line when the caller releases more than rx_burst gave. */
uint16_t sdpa_wire_release_count(const struct sdpa_wire *w, uint16_t n, uint32_t held);

#endif
