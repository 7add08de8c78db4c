/* SPDX-License-Identifier: BSD-3-Clause
 * Spreading one port's frames over the NIC workers (RSS-style, by flow hash).
 *
 * A mem port spreads by itself (io/wire.h, sdpa_wire_mem_set_rss): with two or more NIC
 * workers its wire has one RX queue per worker, the injector puts each frame into the queue
 * its flow hash names, and worker k polls queue k places after the owner's. Nothing here is
 * used for it. The rings below serve the wires that read by themselves and have one queue
 * (pcap, afpacket, unix):
 *
 * With two or more NIC workers, the worker that owns a port's RX (flow_dp.c: owns) reads
 * its bursts, hashes each frame's flow (sdpa_spread_hash: the outer 5-tuple, or the
 * addresses alone for fragments and other protocols, the MACs for non-IP) and looks the
 * hash up in an indirection table (RETA) that names a worker. Frames of its own it
 * processes in place; the others it copies into a single-producer/single-consumer ring
 * to that worker (one ring per ordered pair of workers), then releases the burst. Every
 * frame of a flow therefore goes to the same worker, through one FIFO: per-flow order is
 * kept, as RSS keeps it; frames of different flows may leave in another order.
 *
 * A ring that is full stops the burst at that frame: the rest stays on the wire and comes
 * back with the next rx_burst, so nothing is dropped and nothing is reordered.
 *
 * Ring protocol: the producer fills slot prod, then publishes prod + 1 (R-spp, read by
 * A-spp in sdpa_spread_peek); the consumer processes the frames, transmits them, then
 * publishes cons (R-spc, read by A-spc in sdpa_spread_push and sdpa_spread_drained). A
 * producer that finds its rings drained therefore knows that their frames were processed
 * and their effects published: the sync protocol (flow_dp.c) counts a worker idle only
 * when the rings it fills are drained.
 */
#ifndef SDPA_NIC_SPREAD_H
#define SDPA_NIC_SPREAD_H

#include <stdbool.h>
#include <stdint.h>

#include "core/atomics.h"
#include "core/util.h"
#include "io/wire.h"

enum {
	SDPA_SPREAD_RING = 2048, /* frames in flight from one worker to another (power of 2) */
	SDPA_SPREAD_RETA = 128,  /* indirection table entries (power of 2) */
};

struct sdpa_spread_slot {
	uint8_t *buf; /* SDPA_PKT_HEADROOM + SOFTDPA_FRAME_MAX bytes, allocated on first use */
	uint32_t len;
	uint16_t in_port;
};

struct sdpa_spread_ring {
	sdpa_atomic_u32 prod; /* written by the producer */
	uint32_t cons_cache;  /* the producer's view of cons */
	char pad1[SDPA_CACHE_LINE - 8];
	sdpa_atomic_u32 cons; /* written by the consumer */
	uint32_t prod_cache;  /* the consumer's view of prod */
	uint32_t held;        /* frames handed out by sdpa_spread_peek, not released */
	char pad2[SDPA_CACHE_LINE - 12];
	struct sdpa_spread_slot slots[SDPA_SPREAD_RING];
};

/* The flow hash of a frame (any thread; never reads past len): the one the mem wire's RSS
 * uses too (io/wire.h), so a flow goes to the same worker whichever way it is spread. */
static inline uint32_t sdpa_spread_hash(const uint8_t *frame, uint32_t len)
{
	return sdpa_wire_flow_hash(frame, len);
}

/* A zeroed ring, or NULL (out of memory). Freed with sdpa_spread_ring_free. */
struct sdpa_spread_ring *sdpa_spread_ring_new(void);
void sdpa_spread_ring_free(struct sdpa_spread_ring *r);

/* Producer: copy the frame into the ring. false when the ring is full (or a slot buffer
 * cannot be allocated): the caller keeps the frame. */
bool sdpa_spread_push(struct sdpa_spread_ring *r, const struct sdpa_pkt *pkt);

/* Producer: every frame pushed so far has been processed and released by the consumer. */
bool sdpa_spread_drained(struct sdpa_spread_ring *r);

/* Consumer: up to n (<= SDPA_WIRE_BURST_MAX) of the oldest frames as packet descriptors in
 * pkts[] (buffers valid until sdpa_spread_release). */
uint16_t sdpa_spread_peek(struct sdpa_spread_ring *r, struct sdpa_pkt *pkts, uint16_t n);

/* Consumer: give back the n frames sdpa_spread_peek handed out. */
void sdpa_spread_release(struct sdpa_spread_ring *r, uint16_t n);

#endif
