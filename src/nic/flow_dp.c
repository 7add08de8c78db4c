/* SPDX-License-Identifier: BSD-3-Clause
 * The NIC datapath engine: workers, softdpa_nic_sync, and the per-packet pipeline
 * (lookup, counters, actions, forward).
 *
 * Sync protocol (threaded mode): softdpa_nic_sync bumps sync_epoch (R-sync) and waits
 * until every worker has stored done >= that epoch. A worker reads sync_epoch at the top
 * of an iteration (A-sync) and, when the iteration found no frame on any of its ports and
 * every poller idle, publishes done = the epoch it read (R-done, read by A-done in
 * softdpa_nic_sync). Frames injected before the call are visible to an iteration that saw
 * the new epoch (inject happens-before R-sync -> A-sync), so an idle iteration proves
 * they were all processed and their effects (TX, counters) published.
 *
 * Grace periods (grace.c): each worker is reader w->idx (slot 0: the thread that runs the
 * datapath in mode 0); it marks itself quiescent after every loop iteration and offline
 * while it sleeps. Pollers (pollers.c) run on worker 1, or on the caller in mode 0.
 */
#include <pthread.h>
#include <sched.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <softdpa.h>

#include "core/config.h"
#include "core/devices.h"
#include "core/log.h"
#include "core/nic_clock.h"
#include "core/trace.h"
#include "core/util.h"
#include "io/port.h"
#include "nic/ext_resource.h"
#include "nic/flow_em.h"
#include "nic/flow_lpmacl.h"
#include "nic/flow_priv.h"
#include "nic/grace.h"
#include "nic/nat64.h"
#include "nic/nic.h"
#include "nic/spread.h"

SDPA_LOG_REGISTER(nic_dp);

enum {
	CLONE_MAX = 256,
	LOOP_MAX = 16,  /* frames looped back by the embedded switch, waiting per worker */
	LOOP_DEPTH = 8, /* times one frame may come back before it is dropped as a loop */
};

struct pctx {
	struct sdpa_pkt *pkt;
	uint16_t in_port;
	bool parsed;
	bool dirty;
	bool csum_done; /* parser_meta l4_checksum_ok filled for this parse */
	bool egress;    /* in an egress pipe: a PORT forward goes out, not to an
	                 * egress root again */
	bool eport_set; /* eport is known: where an egress miss sends the frame */
	uint16_t eport; /* the port the frame is leaving through */
	const struct doca_flow_port *port; /* the port of the pipe whose actions run */
	/* prefetch_root_em's lookup in this root pipe (hop 0 only): 1 = hint_e is the entry
	 * (hint_d its data when its slot named it, else NULL), 2 = a miss; 0 = none. */
	uint8_t hint;
	const struct doca_flow_pipe *hint_pipe;
	struct doca_flow_pipe_entry *hint_e;
	const struct sdpa_entry_data *hint_d;
	struct doca_flow_match m;     /* packet view (meta persists across pipes) */
	uint8_t m_ext[SDPA_VIEW_EXT]; /* the view's defined fields (flex.h): follow m */
	struct sdpa_pkt_info info;
	struct sdpa_flex_res flex; /* custom headers and PSP of this parse */
	bool flex_bad;             /* a custom header is cut: the frame is dropped */
};
_Static_assert(offsetof(struct pctx, m_ext) ==
                       offsetof(struct pctx, m) + sizeof(struct doca_flow_match),
               "the view's defined fields follow the match");

struct txq {
	uint16_t n;
	struct sdpa_pkt *pkts[SDPA_WIRE_BURST_MAX];
};

struct worker {
	sdpa_atomic_u64 done; /* last sync epoch proven idle */
	char pad1[56];
	sdpa_atomic_u32 stop;
	uint16_t idx;
	pthread_t th;
	bool running;
	uint64_t rng;
	uint64_t tx_mask;
	uint32_t trace_drops; /* frames dropped in the current burst (SOFTDPA_TRACE) */
	struct txq tx[SDPA_MAX_PORTS];
	uint32_t nclones;
	struct sdpa_pkt clones[CLONE_MAX];
	uint8_t *clone_mem;
	/* The packet context, reused: its tun/inner view stays zero between packets that
	 * are not tunnelled (sdpa_view_build clears it after a tunnelled one). */
	struct pctx ctx;
	/* prefetch_root_em's contexts, one per frame of the burst: each frame is parsed once,
	 * there, and processed in its context. */
	struct pctx pre[SDPA_WIRE_BURST_MAX];
	bool pre_used[SDPA_WIRE_BURST_MAX];
	/* Frames the embedded switch looped back (loop_back), processed after the frame that
	 * sent them: copies, since the sender's buffer goes back to its wire. */
	uint32_t nloop;
	uint8_t depth; /* loop-backs behind the frame being processed */
	struct {
		uint16_t port;
		uint8_t depth;
		struct sdpa_pkt pkt;
	} loop[LOOP_MAX];
	uint8_t *loop_mem;
};

static struct {
	uint32_t nworkers;
	struct worker *w; /* [0] = mode-0 / caller context, [1..n] threads */
	sdpa_atomic_u64 sync_epoch;
	pthread_mutex_t sync_mtx;
	pthread_cond_t sync_cv;
	pthread_mutex_t dp_mtx; /* mode 0: one softdpa_nic_sync at a time */
	sdpa_atomic_u32 running;
	sdpa_atomic_u32 hold; /* sdpa_nic_hold: workers leave the ports' RX alone */
	/* Spreading (spread.h), with 2 or more workers: ring[src * (nworkers + 1) + dst] carries
	 * frames from worker src (a port's RX owner) to worker dst; reta[] maps a flow hash to
	 * a worker, as an offset from the owner (0 = the owner itself). */
	struct sdpa_spread_ring **ring;
	uint8_t reta[SDPA_SPREAD_RETA];
} dp = {
        .sync_mtx = PTHREAD_MUTEX_INITIALIZER,
        .sync_cv = PTHREAD_COND_INITIALIZER,
        .dp_mtx = PTHREAD_MUTEX_INITIALIZER,
};

static _Thread_local int my_worker = -1; /* datapath thread's index, -1 otherwise */

uint32_t sdpa_nic_workers(void)
{
	return dp.nworkers;
}

/* ------------------------------------------------------------------ helpers */

/* A worker's generator state: from SOFTDPA_RANDOM_SEED (splitmix64 of seed and worker, so
 * workers draw different sequences), or softdpa's built-in start when the seed is 0. Never
 * 0 (xorshift would stay there). */
static uint64_t rng_seed(uint64_t seed, uint32_t worker)
{
	uint64_t z = 0x9e3779b97f4a7c15ull * (worker + 1);

	if (seed != 0) {
		z = seed + z;
		z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
		z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
		z ^= z >> 31;
	}
	return z ? z : 1;
}

/* xorshift64: the 16-bit parser_meta.random of each frame (and the hash pipe's random
 * algorithm) come from the processing worker's sequence. */
static inline uint32_t rng32(struct worker *w)
{
	uint64_t x = w->rng;

	x ^= x << 13;
	x ^= x >> 7;
	x ^= x << 17;
	w->rng = x;
	return (uint32_t)(x >> 16);
}

static inline void ensure_parsed(struct pctx *c)
{
	if (!c->parsed || c->dirty) {
		bool first = !c->parsed;

		sdpa_parse(c->pkt->data, c->pkt->len, &c->info);
		/* A frame's own problems, once (not those a rewrite of it may cause). */
		if (SDPA_UNLIKELY(c->info.error != SDPA_PKT_OK) && first)
			sdpa_parse_err_count(my_worker < 0 ? 0 : (uint32_t)my_worker,
			                     c->info.error);
		sdpa_view_build(&c->m, &c->info);
		if (SDPA_UNLIKELY(c->info.tun.type == SDPA_TUN_GENEVE &&
		                  c->info.tun.geneve_opt_words != 0))
			sdpa_geneve_view(c->in_port, &c->m, &c->info);
		if (SDPA_UNLIKELY(sdpa_flex_active())) {
			c->flex_bad =
			        !sdpa_flex_parse(c->pkt->data, c->pkt->len, &c->info, &c->flex);
			sdpa_flex_view(&c->m, c->pkt->data, c->pkt->len, &c->flex);
		} else {
			c->flex.valid = 0;
			c->flex.psp_off = 0;
			c->flex.l4_csum_off = 0;
			c->flex_bad = false;
		}
		c->parsed = true;
		c->dirty = false;
		c->csum_done = false;
	}
}

/* The parse alone, for an encap: it reads the frame's headers, then rewrites the frame, so
 * the view of this parse would never be read (the next ensure_parsed parses the new frame;
 * dirty says so). */
static inline void ensure_info(struct pctx *c)
{
	if (c->parsed && !c->dirty)
		return;
	bool first = !c->parsed;

	sdpa_parse(c->pkt->data, c->pkt->len, &c->info);
	if (SDPA_UNLIKELY(c->info.error != SDPA_PKT_OK) && first)
		sdpa_parse_err_count(my_worker < 0 ? 0 : (uint32_t)my_worker, c->info.error);
	c->parsed = true;
	c->dirty = true;
}

/* What a match template needs of the view: the parse, and the L4 checksum verdicts (a pass
 * over the whole L4 payload, so only for templates that mask them). */
static inline void ensure_view(struct pctx *c, const struct sdpa_match_tmpl *mt)
{
	if (mt->needs_parse)
		ensure_parsed(c);
	if (SDPA_UNLIKELY(mt->needs_l4csum) && !c->csum_done) {
		sdpa_view_l4csum(&c->m, c->pkt->data, c->pkt->len, &c->info);
		c->csum_done = true;
	}
}

/* What a BASIC or HASH pipe's match reads of the view. A compiled match (mt->lite) on a
 * frame not parsed since it last changed: the offset parse and only the view groups the
 * match reads (sdpa_view_lite), no sdpa_pkt_info, no checksum it does not mask. The full
 * view stays unbuilt (parsed stays false): whatever needs it later (an action, RSS, another
 * pipe's match) parses then. A frame the offset parse does not take (a tunnel, a parse
 * error, IPv6 extension headers, ...) gets the full parse, as every frame did before. */
static inline void match_view(struct pctx *c, const struct sdpa_match_tmpl *mt)
{
	if (mt->lite != 0 && (!c->parsed || c->dirty) && !SDPA_UNLIKELY(sdpa_flex_active()) &&
	    sdpa_view_lite(&c->m, c->pkt->data, c->pkt->len, mt->lite))
		return;
	ensure_view(c, mt);
}

/* A BASIC pipe's key for this frame: true with the key in 'key', false when the match's
 * selectors do not hold. A match compiled into direct extraction (mt->cx_n) reads the key
 * bytes from the frame at the offsets of the offset parse; a frame that parse does not take
 * gets the full view, as does every other match (match_view). */
static inline bool basic_key(struct pctx *c, const struct sdpa_match_tmpl *mt, uint8_t *key)
{
	const uint8_t *view = (const uint8_t *)&c->m;

	if (mt->cx_n != 0 && (!c->parsed || c->dirty) && !SDPA_UNLIKELY(sdpa_flex_active())) {
		int r = sdpa_match_cx_key(mt, c->pkt->data, c->pkt->len, &c->m, key);

		if (r >= 0)
			return r == 1;
		ensure_view(c, mt);
	} else {
		match_view(c, mt);
	}
	if (!sdpa_match_selectors_ok(mt, view))
		return false;
	sdpa_match_key(mt, view, key);
	return true;
}

/* A HASH pipe's view: false when the match's selectors do not hold. A match compiled into
 * direct extraction writes only its own bytes into the view (sdpa_match_cx_view), which is
 * all the steering hash and the constants read. */
static inline bool hash_view(struct pctx *c, const struct sdpa_match_tmpl *mt)
{
	if (mt->cx_n != 0 && (!c->parsed || c->dirty) && !SDPA_UNLIKELY(sdpa_flex_active())) {
		int r = sdpa_match_cx_view(mt, c->pkt->data, c->pkt->len, &c->m);

		if (r >= 0)
			return r == 1;
		ensure_view(c, mt);
	} else {
		match_view(c, mt);
	}
	return sdpa_match_selectors_ok(mt, (const uint8_t *)&c->m);
}

static void drop(struct worker *w, struct pctx *c, enum softdpa_drop_reason why)
{
	w->trace_drops++;
	sdpa_port_count_drop(c->in_port, w->idx, why, 1);
}

static void tx_flush_port(struct worker *w, uint16_t port)
{
	struct txq *q = &w->tx[port];

	if (q->n) {
		(void)sdpa_port_tx_burst(port, w->idx, q->pkts, q->n);
		q->n = 0;
	}
	w->tx_mask &= ~(1ull << port);
}

static void tx_flush(struct worker *w)
{
	while (w->tx_mask) {
		uint16_t p = (uint16_t)__builtin_ctzll(w->tx_mask);

		tx_flush_port(w, p);
	}
}

/* The embedded switch delivers a frame a function sends to its own MAC back to that
 * function (NVIDIA's flow_loopback re-injects a frame this way: an egress pipe
 * encapsulates it with the port's MAC as destination and forwards it to the same port).
 * True when 'pkt' leaving 'port' is such a frame and was queued to come back in. */
static bool loop_back(struct worker *w, const struct doca_flow_port *p, uint16_t port,
                      struct sdpa_pkt *pkt)
{
	if (p == NULL || !p->has_mac || pkt->len < SDPA_ETH_HLEN || memcmp(pkt->data, p->mac, 6))
		return false;
	if (w->depth >= LOOP_DEPTH || w->nloop == LOOP_MAX) {
		DOCA_LOG_RATE_LIMIT_WARN(
		        "port %u: a frame to the port's own MAC %s; dropped (loop)",
		        (unsigned int)port,
		        w->depth >= LOOP_DEPTH ? "came back 8 times"
		                               : "found the loopback queue full");
		w->trace_drops++;
		sdpa_port_count_drop(port, w->idx, SOFTDPA_DROP_LOOP, 1);
		return true;
	}
	{
		struct sdpa_pkt *l = &w->loop[w->nloop].pkt;

		l->headroom = SDPA_PKT_HEADROOM;
		l->data = w->loop_mem + (size_t)w->nloop * (SDPA_PKT_HEADROOM + SOFTDPA_FRAME_MAX) +
		          SDPA_PKT_HEADROOM;
		l->cap = SOFTDPA_FRAME_MAX;
		l->len = pkt->len;
		l->in_port = port;
		l->meta = 0;
		memcpy(l->data, pkt->data, pkt->len);
		w->loop[w->nloop].port = port;
		w->loop[w->nloop].depth = (uint8_t)(w->depth + 1);
		w->nloop++;
	}
	return true;
}

/* A frame out of port 'port' (p: that port, loaded with A-port, or NULL). */
static void tx_port(struct worker *w, const struct doca_flow_port *p, uint16_t port,
                    struct sdpa_pkt *pkt)
{
	struct txq *q = &w->tx[port];

	if (SDPA_UNLIKELY(loop_back(w, p, port, pkt)))
		return;
	q->pkts[q->n++] = pkt;
	w->tx_mask |= 1ull << port;
	if (q->n == SDPA_WIRE_BURST_MAX)
		tx_flush_port(w, port);
}

static void tx_one(struct worker *w, uint16_t port, struct sdpa_pkt *pkt)
{
	/* A-port pairs with R-port in doca_flow_port_start (has_mac and mac are set) */
	tx_port(w, sdpa_load_acquire(&flow_g.ports[port]), port, pkt);
}

static struct sdpa_pkt *clone_pkt(struct worker *w, const struct sdpa_pkt *src)
{
	struct sdpa_pkt *c;
	uint8_t *base;

	if (w->nclones == CLONE_MAX) {
		/* Frames sitting in TX batches may be clones: flush them to free the pool. */
		tx_flush(w);
		w->nclones = 0;
	}
	c = &w->clones[w->nclones];
	base = w->clone_mem + (size_t)w->nclones * (SDPA_PKT_HEADROOM + SOFTDPA_FRAME_MAX);
	w->nclones++;
	c->headroom = SDPA_PKT_HEADROOM;
	c->data = base + SDPA_PKT_HEADROOM;
	c->cap = SOFTDPA_FRAME_MAX;
	c->len = src->len;
	c->in_port = src->in_port;
	c->meta = src->meta;
	memcpy(c->data, src->data, src->len);
	return c;
}

/* ------------------------------------------------------------------ RSS */

static uint32_t toeplitz(const uint8_t *in, uint32_t n, bool symmetric)
{
	const uint8_t *key = flow_g.rss_key;
	uint32_t klen = flow_g.rss_key_len;
	uint32_t h = 0;
	uint32_t v;

	(void)symmetric;
	if (klen < 4)
		return 0;
	v = (uint32_t)key[0] << 24 | (uint32_t)key[1] << 16 | (uint32_t)key[2] << 8 | key[3];
	for (uint32_t i = 0; i < n; i++) {
		for (int b = 7; b >= 0; b--) {
			if (in[i] & (1u << b))
				h ^= v;
			v <<= 1;
			{
				uint32_t bitpos = i * 8 + (uint32_t)(7 - b) + 32;
				uint32_t kb = bitpos / 8;

				if (kb < klen && (key[kb] & (0x80u >> (bitpos % 8))))
					v |= 1;
			}
		}
	}
	return h;
}

/* Append the fields of one header stack that 'fl' (enum doca_rss_type bits) names: the
 * L3 addresses (IPV4/IPV6 both, _SRC/_DST one), then the L4 ports (TCP/UDP both, _SRC/_DST
 * one). AUTO stands for IPV4 | IPV6 | TCP | UDP. */
static uint32_t rss_input(const struct doca_flow_header_format *h, uint32_t fl, bool sym,
                          uint8_t *in, uint32_t n)
{
	bool src, dst;

	if (fl & DOCA_FLOW_RSS_AUTO)
		fl |= DOCA_FLOW_RSS_IPV4 | DOCA_FLOW_RSS_IPV6 | DOCA_FLOW_RSS_TCP |
		      DOCA_FLOW_RSS_UDP;
	if (h->l3_type == DOCA_FLOW_L3_TYPE_IP4) {
		const uint8_t *s = (const uint8_t *)&h->ip4.src_ip,
		              *d = (const uint8_t *)&h->ip4.dst_ip;

		src = fl & (DOCA_FLOW_RSS_IPV4 | DOCA_FLOW_RSS_IPV4_SRC);
		dst = fl & (DOCA_FLOW_RSS_IPV4 | DOCA_FLOW_RSS_IPV4_DST);
		if (sym && src && dst && memcmp(s, d, 4) > 0) {
			const uint8_t *t = s;
			s = d;
			d = t;
		}
		if (src) {
			memcpy(in + n, s, 4);
			n += 4;
		}
		if (dst) {
			memcpy(in + n, d, 4);
			n += 4;
		}
	} else if (h->l3_type == DOCA_FLOW_L3_TYPE_IP6) {
		if (fl & (DOCA_FLOW_RSS_IPV6 | DOCA_FLOW_RSS_IPV6_SRC)) {
			memcpy(in + n, h->ip6.src_ip, 16);
			n += 16;
		}
		if (fl & (DOCA_FLOW_RSS_IPV6 | DOCA_FLOW_RSS_IPV6_DST)) {
			memcpy(in + n, h->ip6.dst_ip, 16);
			n += 16;
		}
	}
	if (h->l4_type_ext == DOCA_FLOW_L4_TYPE_EXT_TCP) {
		src = fl & (DOCA_FLOW_RSS_TCP | DOCA_FLOW_RSS_TCP_SRC);
		dst = fl & (DOCA_FLOW_RSS_TCP | DOCA_FLOW_RSS_TCP_DST);
	} else if (h->l4_type_ext == DOCA_FLOW_L4_TYPE_EXT_UDP ||
	           h->l4_type_ext == DOCA_FLOW_L4_TYPE_EXT_ROCE_V2) {
		src = fl & (DOCA_FLOW_RSS_UDP | DOCA_FLOW_RSS_UDP_SRC);
		dst = fl & (DOCA_FLOW_RSS_UDP | DOCA_FLOW_RSS_UDP_DST);
	} else {
		src = dst = false;
	}
	if (src) {
		memcpy(in + n, &h->transport.src_port, 2);
		n += 2;
	}
	if (dst) {
		memcpy(in + n, &h->transport.dst_port, 2);
		n += 2;
	}
	return n;
}

/* ESP: the SPI of the outer ESP header (DOCA's tunnel ESP), after the L3/L4 fields. */
static uint32_t rss_input_esp(const struct doca_flow_match *m, uint32_t fl, uint8_t *in, uint32_t n)
{
	if ((fl & DOCA_FLOW_RSS_ESP) && m->tun.type == DOCA_FLOW_TUN_ESP) {
		memcpy(in + n, &m->tun.esp_spi, 4);
		n += 4;
	}
	return n;
}

/* Toeplitz over the outer fields outer_flags names, then (for a tunnelled packet) the
 * inner fields inner_flags names. */
static uint32_t rss_hash(struct pctx *c, const struct sdpa_rss *rss)
{
	uint8_t in[80];
	uint32_t n;
	bool sym = rss->func == DOCA_FLOW_RSS_HASH_FUNCTION_SYMMETRIC_TOEPLITZ;

	ensure_parsed(c);
	n = rss_input(&c->m.outer, rss->outer_flags, sym, in, 0);
	n = rss_input_esp(&c->m, rss->outer_flags, in, n);
	if (rss->inner_flags && c->m.tun.type != DOCA_FLOW_TUN_NONE)
		n = rss_input(&c->m.inner, rss->inner_flags, sym, in, n);
	return toeplitz(in, n, sym);
}

/* The parser's view of a frame in the SDPA_NIC_PT_* fields of nic.h. */
static uint32_t rx_ptype(const struct doca_flow_match *m)
{
	const struct doca_flow_parser_meta *pm = &m->parser_meta;
	uint32_t t = (uint32_t)pm->outer_l2_type << SDPA_NIC_PT_L2 |
	             (uint32_t)pm->outer_l3_type << SDPA_NIC_PT_L3 |
	             (uint32_t)pm->outer_l4_type << SDPA_NIC_PT_L4 |
	             (uint32_t) !!pm->outer_ip_fragmented << SDPA_NIC_PT_FRAG;

	if (m->tun.type == DOCA_FLOW_TUN_VXLAN)
		t |= 1u << SDPA_NIC_PT_VXLAN | (uint32_t)pm->inner_l2_type << SDPA_NIC_PT_IN_L2 |
		     (uint32_t)pm->inner_l3_type << SDPA_NIC_PT_IN_L3 |
		     (uint32_t)pm->inner_l4_type << SDPA_NIC_PT_IN_L4 |
		     (uint32_t) !!pm->inner_ip_fragmented << SDPA_NIC_PT_IN_FRAG;
	return t;
}

static void rxq_push(struct worker *w, struct pctx *c, const struct sdpa_rss *rss)
{
	/* A-port: pairs with R-port in doca_flow_port_start (a complete port). */
	struct doca_flow_port *port = sdpa_load_acquire(&flow_g.ports[c->in_port]);
	/* Switch mode: RSS from the switch lands on the switch manager's (the PF's) queues,
	 * whichever switch port the frame came in on; parser_meta.port_id says which. */
	struct doca_flow_port *sw = port && port->switch_mode ? sdpa_flow_switch_of(port) : NULL;
	uint32_t hash =
	        rss->nr_queues > 1 || rss->outer_flags || rss->inner_flags ? rss_hash(c, rss) : 0;
	uint16_t qid = rss->queues[rss->nr_queues ? hash % rss->nr_queues : 0];
	struct sdpa_rxq *q;
	uint32_t head, tail;
	struct sdpa_rxq_slot *s;

	/* Only within one device: a switch's ports share one worker (owner_key), so the PF's
	 * queue keeps a single producer. */
	if (sw != NULL && sw != port && sw->sw_dev == port->sw_dev)
		port = sw;
	/* Created on first use when no forward named it at configuration time (shared RSS,
	 * a representor reached through the switch port's pipes). */
	q = port ? sdpa_rxq_get(port, qid) : NULL;
	if (q == NULL) {
		drop(w, c, SOFTDPA_DROP_RXQ_FULL);
		return;
	}
	/* Spread ports (spread.h) have a producer per worker: they take turns. */
	if (dp.ring != NULL)
		pthread_mutex_lock(&q->prod_mtx);
	tail = sdpa_load_relaxed(&q->tail);
	head = sdpa_load_acquire(&q->head); /* A-rxqh: pairs with R-rxqh in rxq_take */
	s = &q->slots[tail & (SDPA_FLOW_RXQ_SIZE - 1)];
	if (tail - head >= SDPA_FLOW_RXQ_SIZE ||
	    (s->buf == NULL && (s->buf = malloc(SOFTDPA_FRAME_MAX)) == NULL)) {
		/* full, or no buffer for the slot (allocated once, reused afterwards) */
		if (dp.ring != NULL)
			pthread_mutex_unlock(&q->prod_mtx);
		drop(w, c, SOFTDPA_DROP_RXQ_FULL);
		return;
	}
	ensure_parsed(c);
	memcpy(s->buf, c->pkt->data, c->pkt->len);
	s->len = c->pkt->len;
	s->hash = hash;
	s->meta = sdpa_be32((const uint8_t *)&c->m.meta.pkt_meta);
	s->ptype = rx_ptype(&c->m);
	sdpa_store_release(&q->tail, tail + 1); /* R-rxqt: pairs with A-rxqt in rxq_take */
	if (dp.ring != NULL)
		pthread_mutex_unlock(&q->prod_mtx);
}

/* Take up to n frames from software queue 'queue' of the port, oldest first, handing each
 * to fn; a frame fn refuses stays queued. The control-plane lock keeps the port alive. */
uint16_t sdpa_nic_rxq_take(uint16_t port_id, uint16_t queue, uint16_t n, sdpa_nic_rxq_fn fn,
                           void *arg)
{
	struct doca_flow_port *port;
	struct sdpa_rxq *q;
	uint16_t got = 0;

	if (port_id >= SDPA_MAX_PORTS || queue >= SDPA_FLOW_RSS_QUEUES)
		return 0;
	pthread_mutex_lock(&flow_g.lock);
	port = sdpa_load_relaxed(&flow_g.ports[port_id]);
	q = port ? sdpa_load_relaxed(&port->rxq[queue]) : NULL;
	if (q != NULL) {
		uint32_t head, tail;

		pthread_mutex_lock(&q->mtx);
		head = sdpa_load_relaxed(&q->head);
		tail = sdpa_load_acquire(&q->tail); /* A-rxqt: pairs with R-rxqt */
		while (got < n && head != tail) {
			const struct sdpa_rxq_slot *s = &q->slots[head & (SDPA_FLOW_RXQ_SIZE - 1)];

			if (!fn(arg, s->buf, s->len, s->hash, s->meta, s->ptype))
				break;
			got++;
			head++;
		}
		sdpa_store_release(&q->head, head); /* R-rxqh: pairs with A-rxqh in rxq_push */
		pthread_mutex_unlock(&q->mtx);
	}
	pthread_mutex_unlock(&flow_g.lock);
	return got;
}

int32_t sdpa_nic_port_of_dev(const struct doca_dev *dev)
{
	int32_t id = -1;

	if (dev == NULL)
		return -1;
	pthread_mutex_lock(&flow_g.lock);
	for (uint16_t i = 0; i < SDPA_MAX_PORTS && id < 0; i++) {
		const struct doca_flow_port *p = sdpa_load_relaxed(&flow_g.ports[i]);

		if (p != NULL && p->dev == dev && !p->is_rep)
			id = i;
	}
	pthread_mutex_unlock(&flow_g.lock);
	return id;
}

struct frames_out {
	struct softdpa_frame *frames;
	uint16_t port_id;
	uint16_t queue;
	uint16_t n;
};

static bool frame_out(void *arg, const uint8_t *data, uint32_t len, uint32_t hash, uint32_t meta,
                      uint32_t ptype)
{
	struct frames_out *o = arg;
	struct softdpa_frame *f = &o->frames[o->n++];

	(void)meta;
	(void)ptype;
	f->len = len;
	f->port_id = o->port_id;
	f->queue = o->queue;
	f->rss_hash = hash;
	memcpy(f->data, data, len);
	return true;
}

DOCA_EXPERIMENTAL uint16_t softdpa_port_rx_burst(uint16_t port_id, uint16_t queue,
                                                 struct softdpa_frame *frames, uint16_t n)
{
	struct frames_out o = {frames, port_id, queue, 0};

	if (frames == NULL || port_id >= SDPA_MAX_PORTS || queue >= SDPA_FLOW_RSS_QUEUES) {
		DOCA_LOG_RATE_LIMIT_ERR("softdpa_port_rx_burst: %s; pass a frame array, a port "
		                        "id < %u and a queue < %u",
		                        frames == NULL ? "frames is NULL"
		                                       : "port or queue out of range",
		                        SDPA_MAX_PORTS, SDPA_FLOW_RSS_QUEUES);
		return 0;
	}
	return sdpa_nic_rxq_take(port_id, queue, n, frame_out, &o);
}

/* ------------------------------------------------------------------ actions */

static void csum_replace(uint8_t *csum, const uint8_t *old, const uint8_t *new, uint32_t len,
                         bool udp)
{
	uint32_t sum = (uint16_t)~sdpa_be16(csum);

	if (udp && sdpa_be16(csum) == 0)
		return; /* IPv4 UDP without checksum stays without */
	for (uint32_t i = 0; i + 1 < len; i += 2) {
		sum += (uint16_t)~sdpa_be16(old + i);
		sum += sdpa_be16(new + i);
	}
	while (sum >> 16)
		sum = (sum & 0xffff) + (sum >> 16);
	sum = (uint16_t)~sum;
	if (udp && sum == 0)
		sum = 0xffff;
	sdpa_put_be16(csum, (uint16_t)sum);
}

static void ip4_csum_fix(uint8_t *ip, uint32_t hlen)
{
	ip[10] = 0;
	ip[11] = 0;
	sdpa_put_be16(ip + 10, sdpa_csum_fold(sdpa_csum_partial(ip, hlen, 0)));
}

/* A tunnel header field of the frame's own tunnel (actions.tun); NULL when the frame has
 * no whole tunnel of that type. */
static uint8_t *tun_target(struct pctx *c, uint8_t kind, uint16_t arg)
{
	const struct sdpa_pkt_tun *t = &c->info.tun;
	uint8_t *f = c->pkt->data;

	if (t->hlen == 0)
		return NULL;
	switch (kind) {
	case SDPA_OP_TUN_VXLAN_VNI:
		return t->type == SDPA_TUN_VXLAN ? f + t->off + 4 : NULL;
	case SDPA_OP_TUN_VXLAN_RSVD1:
		return t->type == SDPA_TUN_VXLAN ? f + t->off + 7 : NULL;
	case SDPA_OP_TUN_GRE_KEY:
		return t->type == SDPA_TUN_GRE && t->gre_key_present
		               ? f + t->off + 4 + (f[t->off] & 0x80 ? 4 : 0)
		               : NULL;
	case SDPA_OP_TUN_GTP_TEID:
		return t->type == SDPA_TUN_GTPU ? f + t->off + 4 : NULL;
	case SDPA_OP_TUN_GTP_QFI:
		return t->type == SDPA_TUN_GTPU && t->gtp_has_psc ? f + t->gtp_psc_off : NULL;
	case SDPA_OP_TUN_GENEVE_VNI:
		return t->type == SDPA_TUN_GENEVE ? f + t->off + 4 : NULL;
	case SDPA_OP_TUN_MPLS:
		return t->type == SDPA_TUN_MPLS_O_UDP && arg < t->mpls_n ? f + t->off + 4 * arg
		                                                         : NULL;
	default:
		return NULL;
	}
}

/* Where a header op lands in the frame; NULL when the packet lacks that header. */
static uint8_t *op_target(struct pctx *c, uint8_t kind, uint16_t arg)
{
	const struct sdpa_pkt_hdrs *h = &c->info.outer;
	uint8_t *f = c->pkt->data;

	switch (kind) {
	case SDPA_OP_ETH_DST:
		return f;
	case SDPA_OP_ETH_SRC:
		return f + 6;
	case SDPA_OP_IP4_SRC:
		return h->l3_type == SDPA_L3_IP4 && h->l3_ok ? f + h->l3_off + 12 : NULL;
	case SDPA_OP_IP4_DST:
		return h->l3_type == SDPA_L3_IP4 && h->l3_ok ? f + h->l3_off + 16 : NULL;
	case SDPA_OP_IP4_DSCP_ECN:
		return h->l3_type == SDPA_L3_IP4 && h->l3_ok ? f + h->l3_off + 1 : NULL;
	case SDPA_OP_IP4_TTL:
		return h->l3_type == SDPA_L3_IP4 && h->l3_ok ? f + h->l3_off + 8 : NULL;
	case SDPA_OP_IP6_SRC:
		return h->l3_type == SDPA_L3_IP6 && h->l3_ok ? f + h->l3_off + 8 : NULL;
	case SDPA_OP_IP6_DST:
		return h->l3_type == SDPA_L3_IP6 && h->l3_ok ? f + h->l3_off + 24 : NULL;
	case SDPA_OP_IP6_HOP:
		return h->l3_type == SDPA_L3_IP6 && h->l3_ok ? f + h->l3_off + 7 : NULL;
	case SDPA_OP_IP6_TC:
		return h->l3_type == SDPA_L3_IP6 && h->l3_ok ? f + h->l3_off : NULL;
	case SDPA_OP_L4_SRC:
		return (h->l4_type == SDPA_L4_TCP || h->l4_type == SDPA_L4_UDP) && h->l4_ok
		               ? f + h->l4_off
		               : NULL;
	case SDPA_OP_L4_DST:
		return (h->l4_type == SDPA_L4_TCP || h->l4_type == SDPA_L4_UDP) && h->l4_ok
		               ? f + h->l4_off + 2
		               : NULL;
	case SDPA_OP_VLAN_TCI: /* the TCI of the frame's tag 'arg' (after its TPID) */
		return arg < SDPA_VLAN_MAX && (h->l2_valid_headers & (SDPA_L2_VALID_VLAN_0 << arg))
		               ? f + SDPA_ETH_HLEN + SDPA_VLAN_HLEN * arg
		               : NULL;
	default:
		return tun_target(c, kind, arg);
	}
}

/* Write 'size' bytes (new = old & ~mask | val & mask) into a header field, keeping the
 * IPv4 header checksum and the TCP/UDP checksum right. Parse must be current. */
static void hdr_write(struct pctx *c, uint8_t kind, uint16_t arg, const uint8_t *val,
                      const uint8_t *mask, uint32_t size)
{
	uint8_t *t = op_target(c, kind, arg);
	const struct sdpa_pkt_hdrs *h = &c->info.outer;
	uint8_t old[16], nv[16];
	uint8_t *l4csum = NULL;
	bool udp = h->l4_type == SDPA_L4_UDP;

	if (t == NULL || size == 0)
		return;
	if (kind == SDPA_OP_IP6_TC) {
		uint8_t tc = (uint8_t)(((t[0] & 0x0f) << 4) | (t[1] >> 4));

		tc = (uint8_t)((tc & ~mask[0]) | (val[0] & mask[0]));
		t[0] = (uint8_t)((t[0] & 0xf0) | (tc >> 4));
		t[1] = (uint8_t)((t[1] & 0x0f) | (uint8_t)(tc << 4));
		c->dirty = true;
		return;
	}
	for (uint32_t i = 0; i < size; i++) {
		old[i] = t[i];
		nv[i] = (uint8_t)((t[i] & ~mask[i]) | (val[i] & mask[i]));
	}
	if (memcmp(old, nv, size) == 0)
		return;
	if ((h->l4_type == SDPA_L4_TCP || udp) && h->l4_ok && !h->ip_fragmented)
		l4csum = c->pkt->data + h->l4_off + (udp ? 6 : 16);
	switch (kind) {
	case SDPA_OP_IP4_SRC:
	case SDPA_OP_IP4_DST:
	case SDPA_OP_IP6_SRC:
	case SDPA_OP_IP6_DST:
	case SDPA_OP_L4_SRC:
	case SDPA_OP_L4_DST:
		if (l4csum != NULL)
			csum_replace(l4csum, old, nv, size, udp && h->l3_type == SDPA_L3_IP4);
		break;
	case SDPA_OP_TUN_VXLAN_VNI:
	case SDPA_OP_TUN_VXLAN_RSVD1:
	case SDPA_OP_TUN_GTP_TEID:
	case SDPA_OP_TUN_GTP_QFI:
	case SDPA_OP_TUN_GENEVE_VNI:
	case SDPA_OP_TUN_MPLS:
		/* in the outer UDP payload: keep a computed UDP checksum right (odd offsets
		 * and lengths: replace the aligned 16-bit words around the field) */
		if (l4csum != NULL && udp) {
			/* l4_off is even (headers are whole 16-bit words) */
			uint32_t at = (uint32_t)(t - c->pkt->data), a0 = at & ~1u;
			uint32_t n = ((at + size + 1) & ~1u) - a0;
			uint8_t ow[20], nw[20];

			memcpy(ow, c->pkt->data + a0, n);
			memcpy(nw, ow, n);
			memcpy(ow + (at - a0), old, size);
			memcpy(nw + (at - a0), nv, size);
			csum_replace(l4csum, ow, nw, n, h->l3_type == SDPA_L3_IP4);
		}
		break;
	default:
		break;
	}
	memcpy(t, nv, size);
	if (h->l3_type == SDPA_L3_IP4 && h->l3_ok &&
	    (kind == SDPA_OP_IP4_SRC || kind == SDPA_OP_IP4_DST || kind == SDPA_OP_IP4_TTL ||
	     kind == SDPA_OP_IP4_DSCP_ECN))
		ip4_csum_fix(c->pkt->data + h->l3_off,
		             (uint32_t)(c->pkt->data[h->l3_off] & 0x0f) * 4);
	c->dirty = true;
}

static void pop_vlan(struct pctx *c)
{
	ensure_parsed(c);
	if (!(c->info.outer.l2_valid_headers & SDPA_L2_VALID_VLAN_0) || c->pkt->len < 18)
		return;
	memmove(c->pkt->data + 4, c->pkt->data, 12);
	(void)sdpa_pkt_adj(c->pkt, 4);
	c->dirty = true;
}

/* Insert a VLAN tag (TPID, TCI) after the MAC addresses; a frame without headroom for it
 * is left as it is. */
static void push_vlan(struct pctx *c, const uint8_t *tag)
{
	uint8_t *d;

	if (c->pkt->len < 12 || (d = sdpa_pkt_prepend(c->pkt, 4)) == NULL)
		return;
	memmove(d, d + 4, 12);
	memcpy(d + 12, tag, 4);
	c->dirty = true;
}

/* An action template's write of a named field: the template's bytes are the DOCA struct
 * member (big-endian, the field at its vshift), the mask likewise. */
static void field_set(struct pctx *c, const struct sdpa_op *op, const uint8_t *v)
{
	const struct sdpa_field *f = sdpa_field_get(op->arg);
	uint64_t val, mask, cur;
	uint32_t off;

	if (f == NULL || f->bits > 64 || !sdpa_field_locate(f, &c->info, &off))
		return;
	val = sdpa_field_imm(f, v, 0, 0, f->bits);
	mask = sdpa_field_imm(f, op->mask, 0, 0, f->bits);
	cur = sdpa_field_read_at(c->pkt->data, off, f, 0, f->bits);
	if (sdpa_field_write_at(c->pkt->data, &c->info, off, f, 0, f->bits,
	                        (cur & ~mask) | (val & mask)))
		c->dirty = true;
}

static bool field_read(struct pctx *c, uint32_t kind, uint32_t bit, uint32_t width, uint64_t *out);
static bool field_write(struct pctx *c, uint32_t kind, uint32_t bit, uint32_t width, uint64_t v);

/* ADD/COPY descriptors, in order, after the template's field writes. A field the packet
 * lacks (no IPv4 header for outer.ipv4.src_ip, ...) makes that descriptor do nothing. */
/* A control entry's condition: a OP b over 'width' bits, unsigned; false when the packet
 * lacks either field. */
static bool cond_ok(struct pctx *c, const struct sdpa_match_tmpl *mt)
{
	uint64_t a, b;

	if (!field_read(c, mt->cond_akind, mt->cond_abit, mt->cond_width, &a))
		return false;
	if (mt->cond_bkind == SDPA_FIELD_NONE)
		b = mt->cond_imm; /* an immediate value */
	else if (!field_read(c, mt->cond_bkind, mt->cond_bbit, mt->cond_width, &b))
		return false;
	switch (mt->cond_op) {
	case DOCA_FLOW_COMPARE_EQ:
		return a == b;
	case DOCA_FLOW_COMPARE_NE:
		return a != b;
	case DOCA_FLOW_COMPARE_LT:
		return a < b;
	case DOCA_FLOW_COMPARE_LE:
		return a <= b;
	case DOCA_FLOW_COMPARE_GT:
		return a > b;
	default:
		return a >= b;
	}
}

static void apply_descs(struct pctx *c, const struct sdpa_act_tmpl *t)
{
	for (uint32_t i = 0; i < t->ndescs; i++) {
		const struct sdpa_desc_op *d = &t->descs[i];
		uint64_t sv, dv;

		if (d->skind == SDPA_FIELD_NONE)
			sv = d->imm; /* ADD of an immediate value */
		else if (!field_read(c, d->skind, d->sbit, d->width, &sv))
			continue;
		if (d->type == DOCA_FLOW_ACTION_ADD) {
			if (!field_read(c, d->dkind, d->dbit, d->width, &dv))
				continue;
			sv += dv; /* modulo 2^width: field_write keeps the low bits */
		}
		(void)field_write(c, d->dkind, d->dbit, d->width, sv);
	}
}

/* Encap/decap of a template (flow_tunnel.c); false: drop the frame (counted here with
 * its tunnel reason; the caller counts the port drop). */
static bool tun_done(struct pctx *c, bool encap, uint32_t why)
{
	uint32_t widx = my_worker < 0 ? 0 : (uint32_t)my_worker;

	sdpa_tun_count(widx, encap, why, c->info.error);
	if (why != SDPA_TUNDROP_NONE)
		return false;
	c->dirty = true;
	return true;
}

static bool apply_decap(struct pctx *c, const struct sdpa_act_tmpl *t, const uint8_t *vals)
{
	const struct sdpa_decap *d = &t->decap;
	uint32_t id = t->decap_id;

	ensure_parsed(c);
	if (t->decap_kind == SDPA_TUN_ACT_ENTRY)
		d = (const struct sdpa_decap *)(vals + t->decap_voff);
	if (t->decap_kind == SDPA_TUN_ACT_SHARED_ENTRY)
		memcpy(&id, vals + t->decap_voff, 4);
	if (t->decap_kind == SDPA_TUN_ACT_SHARED || t->decap_kind == SDPA_TUN_ACT_SHARED_ENTRY)
		d = sdpa_shared_decap_get(c->port, id);
	return tun_done(c, false, sdpa_tun_decap(c->pkt, &c->info, d));
}

static bool apply_encap(struct pctx *c, const struct sdpa_act_tmpl *t, const uint8_t *vals)
{
	const struct sdpa_encap *e = &t->encap;
	uint32_t id = t->encap_id;

	if (t->encap_kind == SDPA_TUN_ACT_ENTRY)
		e = (const struct sdpa_encap *)(vals + t->encap_voff);
	if (t->encap_kind == SDPA_TUN_ACT_SHARED_ENTRY)
		memcpy(&id, vals + t->encap_voff, 4);
	if (t->encap_kind == SDPA_TUN_ACT_SHARED || t->encap_kind == SDPA_TUN_ACT_SHARED_ENTRY)
		e = sdpa_shared_encap_get(c->port, id);
	/* A frame not parsed yet: its common form needs no parse (the encap reads the outer
	 * L3/L4 only, and the frame is rewritten). */
	if (!c->parsed || c->dirty) {
		uint32_t why = sdpa_tun_encap_quick(c->pkt, e);

		if (why != SDPA_TUN_NEEDS_PARSE)
			return tun_done(c, true, why);
	}
	ensure_info(c);
	return tun_done(c, true, sdpa_tun_encap(c->pkt, &c->info, e));
}

/* A template's actions, in DOCA's order: decap, VLAN pop, NAT64, field writes, descriptors,
 * VLAN push, encap. false: the frame must be dropped (SOFTDPA_DROP_TUNNEL). */
static bool apply_actions(struct pctx *c, const struct sdpa_act_tmpl *t, const uint8_t *vals,
                          const struct sdpa_hash_slot *slot)
{
	if (t->decap_kind != SDPA_TUN_ACT_NONE && !apply_decap(c, t, vals))
		return false;
	if (t->pop_vlan)
		pop_vlan(c);
	if (t->nat64_l3) {
		ensure_parsed(c);
		if (sdpa_nat64_apply(c->pkt, &c->info, t->nat64_l3) == SDPA_NAT64_DONE)
			c->dirty = true;
	}
	for (uint32_t i = 0; i < t->nops; i++) {
		const struct sdpa_op *op = &t->ops[i];
		const uint8_t *v = op->cval;
		uint8_t pv[4];

		if (op->per_entry) {
			if (op->psv && slot != NULL) {
				uint32_t x = sdpa_load_relaxed(&slot->value);

				for (uint32_t b = 0; b < op->size; b++)
					pv[b] = (uint8_t)(x >> (8 * (op->size - 1 - b)));
				v = pv;
			} else {
				v = vals + op->val_off;
			}
		}
		if (op->kind == SDPA_OP_XFIELD) {
			uint64_t nv = 0, mk = 0, old = 0;
			uint32_t wbits;

			ensure_parsed(c);
			/* The value's low bits when the field is narrower than its definition. */
			wbits = SDPA_MIN(sdpa_xfield_bits(&c->flex, op->arg), op->size * 8u);
			wbits = SDPA_MIN(wbits, 64u);
			if (wbits == 0 || !sdpa_xfield_read(c->pkt->data, c->pkt->len, &c->flex,
			                                    op->arg, 0, wbits, &old))
				continue;
			for (uint32_t b = op->size > 8 ? op->size - 8u : 0; b < op->size; b++) {
				nv = nv << 8 | v[b];
				mk = mk << 8 | op->mask[b];
			}
			nv = (old & ~mk) | (nv & mk);
			if (wbits < 64)
				nv &= (1ull << wbits) - 1;
			if (sdpa_xfield_write(c->pkt->data, c->pkt->len, &c->flex, op->arg, 0,
			                      wbits, nv))
				c->dirty = true;
			continue;
		}
		if (op->kind == SDPA_OP_META) {
			uint8_t *m = (uint8_t *)&c->m.meta + op->arg;

			for (uint32_t b = 0; b < op->size; b++)
				m[b] = (uint8_t)((m[b] & ~op->mask[b]) | (v[b] & op->mask[b]));
			continue;
		}
		ensure_parsed(c);
		if (op->kind == SDPA_OP_FIELD)
			field_set(c, op, v);
		else
			hdr_write(c, op->kind, op->arg, v, op->mask, op->size);
	}
	if (t->ndescs)
		apply_descs(c, t);
	if (t->push_vlan)
		push_vlan(c,
		          t->push_per_entry && vals != NULL ? vals + t->push_val_off : t->push_hdr);
	if (t->encap_kind != SDPA_TUN_ACT_NONE)
		return apply_encap(c, t, vals);
	return true;
}

/* ------------------------------------------------------------------ fields by name */

/* meta.data is 11 32-bit words (pkt_meta, u32[0..9]); bit b is bit b % 32 of word b / 32,
 * and a value wider than what is left of a word continues in the next word. */
static uint64_t meta_bits_read(const struct doca_flow_meta *m, uint32_t bit, uint32_t width)
{
	const uint8_t *words = (const uint8_t *)&m->pkt_meta;
	uint32_t shift = bit % 32;
	uint64_t v = 0;

	if (shift + width <= 32) {
		uint32_t w = sdpa_be32(words + (bit / 32) * 4) >> shift;

		return width == 32 ? w : w & ((1u << width) - 1);
	}
	for (uint32_t i = 0; i < width; i++) {
		uint32_t b = bit + i;

		if (sdpa_be32(words + (b / 32) * 4) & (1u << (b % 32)))
			v |= 1ull << i;
	}
	return v;
}

static void meta_bits_write(struct doca_flow_meta *m, uint32_t bit, uint32_t width, uint64_t v)
{
	uint8_t *words = (uint8_t *)&m->pkt_meta;
	uint32_t shift = bit % 32;

	if (shift + width <= 32) {
		uint8_t *p = words + (bit / 32) * 4;
		uint32_t mask = (width == 32 ? 0xffffffffu : ((1u << width) - 1)) << shift;

		sdpa_put_be32(p, (sdpa_be32(p) & ~mask) | (((uint32_t)v << shift) & mask));
		return;
	}
	for (uint32_t i = 0; i < width; i++) {
		uint32_t b = bit + i;
		uint8_t *p = words + (b / 32) * 4;
		uint32_t w = sdpa_be32(p);

		if (v & (1ull << i))
			w |= 1u << (b % 32);
		else
			w &= ~(1u << (b % 32));
		sdpa_put_be32(p, w);
	}
}

/* Read bits [bit, bit+width) of a named field (bit 0 = least significant). false when the
 * packet lacks the header. */
static bool field_read(struct pctx *c, uint32_t kind, uint32_t bit, uint32_t width, uint64_t *out)
{
	const struct sdpa_field *f;
	uint32_t off;

	if (kind == SDPA_FIELD_META) {
		*out = meta_bits_read(&c->m.meta, bit, width);
		return true;
	}
	if (kind >= SDPA_XFIELD_UTC_TIME) {
		ensure_parsed(c);
		return sdpa_xfield_read(c->pkt->data, c->pkt->len, &c->flex, kind, bit, width, out);
	}
	if (kind == SDPA_FIELD_RANDOM) {
		uint64_t v = sdpa_be16((const uint8_t *)&c->m.parser_meta.random) >> bit;

		*out = width >= 64 ? v : v & ((1ull << width) - 1);
		return true;
	}
	f = sdpa_field_get(kind);
	if (f == NULL)
		return false;
	ensure_parsed(c);
	if (!sdpa_field_locate(f, &c->info, &off))
		return false;
	*out = sdpa_field_read_at(c->pkt->data, off, f, bit, width);
	return true;
}

static bool field_write(struct pctx *c, uint32_t kind, uint32_t bit, uint32_t width, uint64_t v)
{
	const struct sdpa_field *f;
	uint32_t off;

	if (kind == SDPA_FIELD_META) {
		meta_bits_write(&c->m.meta, bit, width, v);
		return true;
	}
	if (kind >= SDPA_XFIELD_UTC_TIME) {
		ensure_parsed(c);
		if (!sdpa_xfield_write(c->pkt->data, c->pkt->len, &c->flex, kind, bit, width, v))
			return false;
		c->dirty = true;
		return true;
	}
	f = sdpa_field_get(kind);
	if (f == NULL || f->ro)
		return false;
	ensure_parsed(c);
	if (!sdpa_field_locate(f, &c->info, &off))
		return false;
	if (sdpa_field_write_at(c->pkt->data, &c->info, off, f, bit, width, v))
		c->dirty = true;
	return true;
}

/* ------------------------------------------------------------------ the pipeline */

static void run_pipe(struct worker *w, struct pctx *c, struct doca_flow_pipe *pipe, uint32_t algo,
                     uint32_t ol_idx, uint32_t hops);

static void default_miss(struct worker *w, struct pctx *c, struct doca_flow_port *port)
{
	uint32_t t;

	if (port == NULL) {
		drop(w, c, SOFTDPA_DROP_NO_PIPE);
		return;
	}
	if (sdpa_load_relaxed(&port->miss_ctr_en))
		sdpa_ctr_add(&port->miss_ctr[w->idx], c->pkt->len);
	/* A-dmiss pairs with R-dmiss in doca_flow_port_update_default_miss: KERNEL is stored
	 * only once the port's kernel side exists */
	t = sdpa_load_acquire(&port->miss_type);
	if (t == DOCA_FLOW_PORT_DEFAULT_MISS_RSS)
		rxq_push(w, c, &port->rss);
	else if (t == DOCA_FLOW_PORT_DEFAULT_MISS_KERNEL)
		/* the port's kernel: a TAP device, or captured and counted (flow_target.c) */
		sdpa_kernel_deliver(port, c->pkt->data, c->pkt->len);
	else
		drop(w, c, SOFTDPA_DROP_RULE);
}

/* What a frame nothing forwards does: on its way out of a port (an egress pipe missed, or
 * decided nothing) it goes on to that port's wire; otherwise the port's default miss. */
static void miss_default(struct worker *w, struct pctx *c, struct doca_flow_port *port)
{
	if (c->egress && c->eport_set)
		tx_one(w, c->eport, c->pkt);
	else
		default_miss(w, c, port);
}

/* The egress root a frame leaving through 'port' traverses: the port's own outside switch
 * mode, the switch port's in switch mode. Lock-free. */
static struct doca_flow_pipe *egress_root_of(const struct doca_flow_port *port)
{
	if (port == NULL)
		return NULL;
	if (port->switch_mode) {
		const struct doca_flow_port *sw = sdpa_flow_switch_of(port);

		/* A-eroot pairs with R-eroot in doca_flow_pipe_create: the pipe is whole */
		return sw ? sdpa_load_acquire(&sw->eroot) : NULL;
	}
	return sdpa_load_acquire(&port->eroot); /* A-eroot pairs with R-eroot */
}

/* A frame forwarded to a port by an ingress pipe, outside switch mode: through the port's
 * egress root first when it has one (in switch mode a forward to a port goes straight out;
 * the switch's egress pipes see what an ingress pipe forwards to them and what the host
 * sends). */
static void fwd_port(struct worker *w, struct pctx *c, uint16_t port_id, uint32_t hops)
{
	struct doca_flow_port *port;
	struct doca_flow_pipe *er;

	if (c->egress || port_id >= SDPA_MAX_PORTS) {
		tx_one(w, port_id, c->pkt);
		return;
	}
	port = sdpa_load_acquire(&flow_g.ports[port_id]); /* A-port pairs with R-port */
	er = port != NULL && !port->switch_mode ? egress_root_of(port) : NULL;
	if (er == NULL) {
		tx_port(w, port, port_id, c->pkt);
		return;
	}
	c->eport = port_id;
	c->eport_set = true;
	run_pipe(w, c, er, 0, 0, hops + 1);
}

static void do_fwd(struct worker *w, struct pctx *c, const struct sdpa_fwd *f,
                   struct doca_flow_pipe *from, uint32_t hops)
{
	switch (f->kind) {
	case SDPA_FWD_PORT:
		fwd_port(w, c, f->port_id, hops);
		return;
	case SDPA_FWD_DROP:
		drop(w, c, SOFTDPA_DROP_RULE);
		return;
	case SDPA_FWD_RSS:
		rxq_push(w, c, &f->rss);
		return;
	case SDPA_FWD_SHARED_RSS: {
		const struct sdpa_rss *rss =
		        sdpa_load_acquire(f->srss); /* A-srss: pairs with R-srss */

		if (rss == NULL) /* the id was put back (PORT resource mode) */
			drop(w, c, SOFTDPA_DROP_RULE);
		else
			rxq_push(w, c, rss);
		return;
	}
	case SDPA_FWD_TARGET:
		/* the kernel of the pipe's port: a TAP device, or captured (flow_target.c) */
		sdpa_kernel_deliver(from ? from->port : NULL, c->pkt->data, c->pkt->len);
		return;
	case SDPA_FWD_PIPE:
	case SDPA_FWD_HASH:
		run_pipe(w, c, f->pipe, f->algo, 0, hops + 1);
		return;
	case SDPA_FWD_OL:
		run_pipe(w, c, f->pipe, 0, f->idx, hops + 1);
		return;
	default:
		miss_default(w, c, from ? from->port : NULL);
		return;
	}
}

static void pipe_miss(struct worker *w, struct pctx *c, struct doca_flow_pipe *pipe, uint32_t hops)
{
	const struct sdpa_fwd *fm =
	        sdpa_load_acquire(&pipe->fwd_miss); /* A-miss: pairs with R-miss */

	if (pipe->miss_counter)
		sdpa_ctr_add(&pipe->miss[w->idx], c->pkt->len);
	if (fm != NULL)
		do_fwd(w, c, fm, pipe, hops);
	else
		miss_default(w, c, pipe->port);
}

/* An ORDERED_LIST entry's MONITOR element: its data holds its counter (ectr_off is
 * BASIC's). */
static void count(struct worker *w, struct pctx *c, const struct sdpa_entry_data *d)
{
	if (d->ctr != NULL)
		sdpa_ctr_add(&d->ctr[w->idx], c->pkt->len);
	if (d->shared_ctr != NULL)
		sdpa_ctr_add(&d->shared_ctr[w->idx], c->pkt->len);
}

/* Meter a hit: the color goes to parser_meta.meter_color, where later pipes match it (the
 * policy per color). A red frame whose pipe forwards out of the pipeline (a port, RSS,
 * drop, the default miss) is dropped: there is no later pipe to decide for it. */
static bool meter(struct worker *w, struct pctx *c, const struct doca_flow_pipe *pipe,
                  const struct sdpa_entry_data *d)
{
	uint8_t color = sdpa_meter_run(d->meter, d->meter_in, c->pkt->len);
	const struct sdpa_fwd *f = pipe->fwd.kind != SDPA_FWD_NONE ? &pipe->fwd : &d->fwd;

	c->m.parser_meta.meter_color = (enum doca_flow_meter_color)color;
	if (color == DOCA_FLOW_METER_COLOR_RED && f->kind != SDPA_FWD_PIPE &&
	    f->kind != SDPA_FWD_OL && f->kind != SDPA_FWD_HASH) {
		drop(w, c, SOFTDPA_DROP_METER_RED);
		return false;
	}
	return true;
}

static void entry_fwd(struct worker *w, struct pctx *c, struct doca_flow_pipe *pipe,
                      const struct sdpa_entry_data *d, uint32_t hops)
{
	const struct sdpa_fwd *f = pipe->fwd.kind != SDPA_FWD_NONE ? &pipe->fwd : &d->fwd;

	do_fwd(w, c, f, pipe, hops);
}

/* A hit's share that needs the entry's data only: an exact-match slot naming its data's
 * em_hot place (flow_em.h) comes here straight, without the entry. */
static void hit_data(struct worker *w, struct pctx *c, struct doca_flow_pipe *pipe,
                     const struct sdpa_entry_data *d, const struct sdpa_hash_slot *slot,
                     uint32_t hops)
{
	if (d->shared_ctr != NULL)
		sdpa_ctr_add(&d->shared_ctr[w->idx], c->pkt->len);
	if (d->meter != NULL && !meter(w, c, pipe, d))
		return;
	c->port = pipe->port;
	if ((pipe->nr_actions && !apply_actions(c, &pipe->act[d->action_idx], d->vals, slot)) ||
	    (d->ol != NULL && pipe->type == DOCA_FLOW_PIPE_CONTROL &&
	     !apply_actions(c, &d->ol->elems[0].act, d->vals, NULL))) {
		drop(w, c, SOFTDPA_DROP_TUNNEL);
		return;
	}
	entry_fwd(w, c, pipe, d, hops);
}

/* A hit on an entry that ages: its last hit is now. Out of line, so that a hit on the
 * others (most) calls nothing before its data's path and keeps no register across. */
static __attribute__((noinline)) void hit_stamp(const struct doca_flow_pipe *pipe,
                                                struct doca_flow_pipe_entry *e,
                                                const struct sdpa_entry_data *d)
{
	sdpa_store_relaxed(sdpa_entry_last_hit(pipe, e, d), sdpa_nic_now_ns());
}

static void hit(struct worker *w, struct pctx *c, struct doca_flow_pipe *pipe,
                struct doca_flow_pipe_entry *e, const struct sdpa_hash_slot *slot, uint32_t hops)
{
	const struct sdpa_entry_data *d =
	        sdpa_load_acquire(&e->data); /* A-data: pairs with R-data */

	struct sdpa_ctr *ctr = sdpa_entry_ctr(pipe, e, d);

	if (ctr != NULL)
		sdpa_ctr_add(&ctr[w->idx], c->pkt->len);
	if (SDPA_UNLIKELY(d->aging_sec != 0))
		hit_stamp(pipe, e, d);
	hit_data(w, c, pipe, d, slot, hops);
}

static void run_ol(struct worker *w, struct pctx *c, struct doca_flow_pipe *pipe, uint32_t idx,
                   uint32_t hops)
{
	const struct sdpa_snap *s = sdpa_load_acquire(&pipe->snap); /* A-snap: pairs with R-snap */
	struct doca_flow_pipe_entry *e = NULL;
	const struct sdpa_entry_data *d;
	uint32_t lo = 0, hi = s ? s->n : 0;

	while (lo < hi) {
		uint32_t mid = (lo + hi) / 2;

		if (s->e[mid]->index < idx)
			lo = mid + 1;
		else
			hi = mid;
	}
	if (s && lo < s->n && s->e[lo]->index == idx)
		e = s->e[lo];
	if (e == NULL) {
		pipe_miss(w, c, pipe, hops);
		return;
	}
	d = sdpa_load_acquire(&e->data); /* A-data: pairs with R-data */
	if (d->aging_sec != 0)
		hit_stamp(pipe, e, d);
	for (uint32_t i = 0; d->ol && i < d->ol->nelems; i++) {
		const struct sdpa_ol_elem *el = &d->ol->elems[i];

		switch (el->type) {
		case DOCA_FLOW_ORDERED_LIST_ELEMENT_ACTIONS:
			c->port = pipe->port;
			if (!apply_actions(c, &el->act, d->vals + el->val_off, NULL)) {
				drop(w, c, SOFTDPA_DROP_TUNNEL);
				return;
			}
			break;
		case DOCA_FLOW_ORDERED_LIST_ELEMENT_MONITOR:
			if (el->counter)
				count(w, c, d);
			if (el->meter && !meter(w, c, pipe, d))
				return;
			break;
		case DOCA_FLOW_ORDERED_LIST_ELEMENT_NAT64:
			ensure_parsed(c);
			if (sdpa_nat64_apply(c->pkt, &c->info, el->nat64_l3) == SDPA_NAT64_DONE)
				c->dirty = true;
			break;
		case SDPA_OL_EXTERNAL: {
			uint64_t v = 0;

			if (el->ext_ixsel) {
				uint32_t sel = sdpa_ixsel_select(el->ext_res, el->ext_off);

				if (sel == 0) {
					pipe_miss(w, c, pipe, hops);
					return;
				}
				if (!field_write(c, el->fkind, el->fbit, el->fwidth, sel)) {
					drop(w, c, SOFTDPA_DROP_MALFORMED);
					return;
				}
				break;
			}
			if (!field_read(c, el->fkind, el->fbit, el->fwidth, &v)) {
				drop(w, c, SOFTDPA_DROP_MALFORMED);
				return;
			}
			if (!sdpa_array_exec(el->ext_res, el->ext_off, el->ext_index, el->ext_op,
			                     &v)) {
				drop(w, c, SOFTDPA_DROP_RULE);
				return;
			}
			(void)field_write(c, el->fkind, el->fbit, el->fwidth, v);
			break;
		}
		default:
			break;
		}
	}
	entry_fwd(w, c, pipe, d, hops);
}

/* The data an exact-match slot's em_hot place names (flow_em.h), or NULL for place 0. */
static inline const struct sdpa_entry_data *em_hot_data(const struct doca_flow_pipe *pipe,
                                                        uint32_t place)
{
	/* A-emhot pairs with R-emhot in flow_em.c (the slot's A-emslot already orders it). */
	return place != 0 ? sdpa_load_acquire(&pipe->em_hot[place - 1]) : NULL;
}

/* The entry with this key, or NULL; *d its data when its slot names it (else NULL). */
static struct doca_flow_pipe_entry *em_lookup(struct doca_flow_pipe *pipe, const uint8_t *key,
                                              uint32_t h, const struct sdpa_entry_data **d)
{
	const struct sdpa_em_table *t = sdpa_load_acquire(&pipe->em); /* A-em: pairs with R-em */
	struct doca_flow_pipe_entry *e;
	uint32_t place = 0;

	e = t == NULL ? NULL : sdpa_em_find(t, key, pipe->mt.klen, h, &place);
	*d = em_hot_data(pipe, place);
	return e;
}

static uint32_t next_active(const struct sdpa_hash_state *hs, uint32_t from, uint32_t nr)
{
	for (uint32_t k = 0; k < nr; k++) {
		uint32_t i = from + k;

		if (i >= nr)
			i -= nr;
		if (sdpa_load_relaxed(&hs->active[i / 64]) & (1ull << (i % 64)))
			return i;
	}
	return UINT32_MAX;
}

static void run_hash(struct worker *w, struct pctx *c, struct doca_flow_pipe *pipe, uint32_t algo,
                     uint32_t hops)
{
	struct sdpa_hash_state *hs = &pipe->hash;
	const uint8_t *view = (const uint8_t *)&c->m;
	uint32_t nr = pipe->nr_entries;
	uint32_t idx;
	bool sel_en;
	struct doca_flow_pipe_entry *e;

	if (!hash_view(c, &pipe->mt) || !sdpa_match_consts_ok(&pipe->mt, view)) {
		pipe_miss(w, c, pipe, hops);
		return;
	}
	if (algo == 0)
		algo = hs->def_algo;
	sel_en = (algo | hs->algos) & DOCA_FLOW_PIPE_HASH_MAP_ALGORITHM_SELECT_ENABLED;
	if (algo & DOCA_FLOW_PIPE_HASH_MAP_ALGORITHM_FLOODING) {
		uint32_t last = UINT32_MAX;

		/* Every active entry gets the packet; the last one gets the original. */
		for (uint32_t i = 0; i < nr; i++)
			if (sdpa_load_relaxed(&hs->active[i / 64]) & (1ull << (i % 64)))
				last = i;
		if (last == UINT32_MAX) {
			pipe_miss(w, c, pipe, hops);
			return;
		}
		for (uint32_t i = 0; i < last; i++) {
			if (!(sdpa_load_relaxed(&hs->active[i / 64]) & (1ull << (i % 64))))
				continue;
			/* A-hslot: pairs with R-hslot */
			e = sdpa_load_acquire(&hs->slots[i].entry);
			if (e == NULL)
				continue;
			{
				struct pctx cc = *c;

				cc.pkt = clone_pkt(w, c->pkt);
				hit(w, &cc, pipe, e, &hs->slots[i], hops);
			}
		}
		e = sdpa_load_acquire(&hs->slots[last].entry); /* A-hslot: pairs with R-hslot */
		if (e == NULL)
			pipe_miss(w, c, pipe, hops);
		else
			hit(w, c, pipe, e, &hs->slots[last], hops);
		return;
	}
	if (algo & DOCA_FLOW_PIPE_HASH_MAP_ALGORITHM_RANDOM)
		idx = nr ? rng32(w) % nr : 0;
	else if (algo & DOCA_FLOW_PIPE_HASH_MAP_ALGORITHM_ROUND_ROBIN)
		idx = nr ? sdpa_fetch_add_relaxed(&hs->rr, 1) % nr : 0;
	else if (algo & DOCA_FLOW_PIPE_HASH_MAP_ALGORITHM_IDENTITY) {
		uint32_t v = 0;

		for (uint32_t s = 0; s < pipe->mt.nsegs; s++)
			for (uint32_t i = pipe->mt.segs[s].off;
			     i < (uint32_t)pipe->mt.segs[s].off + pipe->mt.segs[s].len; i++)
				v = v << 8 | (view[i] & pipe->mt.mask[i]);
		idx = v & (hs->size - 1);
	} else {
		idx = sdpa_steer_hash(&pipe->steer, view) & (hs->size - 1);
	}
	if (sel_en && nr != 0) /* no entries: a miss below, never idx % 0 */
		idx = next_active(hs, idx < nr ? idx : idx % nr, nr);
	if (idx >= nr || !(sdpa_load_relaxed(&hs->active[idx / 64]) & (1ull << (idx % 64)))) {
		pipe_miss(w, c, pipe, hops);
		return;
	}
	e = sdpa_load_acquire(&hs->slots[idx].entry); /* A-hslot: pairs with R-hslot */
	if (e == NULL) {
		pipe_miss(w, c, pipe, hops);
		return;
	}
	hit(w, c, pipe, e, &hs->slots[idx], hops);
}

static void run_pipe(struct worker *w, struct pctx *c, struct doca_flow_pipe *pipe, uint32_t algo,
                     uint32_t ol_idx, uint32_t hops)
{
	const uint8_t *view = (const uint8_t *)&c->m;

	if (SDPA_UNLIKELY(sdpa_load_relaxed(&pipe->dead))) {
		DOCA_LOG_RATE_LIMIT_WARN("packet from port %u forwarded to destroyed pipe '%s'; "
		                         "dropped. Update the forwards that name it before "
		                         "destroying it",
		                         (unsigned int)c->in_port, pipe->name);
		drop(w, c, SOFTDPA_DROP_RULE);
		return;
	}
	if (hops >= SDPA_FLOW_MAX_HOPS) {
		DOCA_LOG_RATE_LIMIT_WARN("packet from port %u traversed %u pipes (last '%s'): a "
		                         "forwarding loop; dropped. Break the pipe cycle",
		                         (unsigned int)c->in_port, hops, pipe->name);
		drop(w, c, SOFTDPA_DROP_RULE);
		return;
	}
	if (pipe->domain == DOCA_FLOW_PIPE_DOMAIN_EGRESS) {
		/* Entered by a forward to the pipe (an ingress pipe sending a frame out through
		 * another port's egress pipes): outside switch mode it leaves through the
		 * pipe's port unless an egress pipe says otherwise. */
		if (!c->egress && !c->eport_set && !pipe->port->switch_mode) {
			c->eport = pipe->port->port_id;
			c->eport_set = true;
		}
		c->egress = true;
	} else if (c->egress) {
		/* Switch mode: an egress pipe handed the frame back to an ingress pipe. */
		c->egress = false;
		c->eport_set = false;
	}
	switch (pipe->type) {
	case DOCA_FLOW_PIPE_BASIC: {
		uint8_t key[SDPA_FLOW_KEY_MAX];
		struct doca_flow_pipe_entry *e;
		const struct sdpa_entry_data *d;

		if (c->hint != 0 && hops == 0 && c->hint_pipe == pipe) {
			/* looked up by prefetch_root_em, its selectors checked there */
			e = c->hint == 1 ? c->hint_e : NULL;
			d = c->hint_d;
		} else {
			if (!basic_key(c, &pipe->mt, key)) {
				c->hint = 0;
				pipe_miss(w, c, pipe, hops);
				return;
			}
			e = em_lookup(pipe, key, sdpa_em_hash(key, pipe->mt.klen), &d);
		}
		c->hint = 0;
		if (e == NULL)
			pipe_miss(w, c, pipe, hops);
		else if (d != NULL)
			hit_data(w, c, pipe, d, NULL, hops); /* the slot named the data */
		else
			hit(w, c, pipe, e, NULL, hops);
		return;
	}
	case DOCA_FLOW_PIPE_CONTROL: {
		const struct sdpa_snap *s =
		        sdpa_load_acquire(&pipe->snap); /* A-snap: pairs with R-snap */

		ensure_parsed(c);
		for (uint32_t i = 0; s && i < s->n; i++) {
			struct doca_flow_pipe_entry *e = s->e[i];
			const struct sdpa_match_tmpl *cm = sdpa_entry_ctl(e)->cm;

			ensure_view(c, cm);
			if (sdpa_match_selectors_ok(cm, view) && sdpa_match_consts_ok(cm, view) &&
			    (!cm->has_cond || cond_ok(c, cm))) {
				hit(w, c, pipe, e, NULL, hops);
				return;
			}
		}
		pipe_miss(w, c, pipe, hops);
		return;
	}
	case DOCA_FLOW_PIPE_LPM:
	case DOCA_FLOW_PIPE_ACL: {
		struct doca_flow_pipe_entry *e;

		ensure_parsed(c);
		ensure_view(c, &pipe->mt);
		if (pipe->type == DOCA_FLOW_PIPE_LPM &&
		    (!sdpa_match_selectors_ok(&pipe->mt, view) ||
		     !sdpa_match_consts_ok(&pipe->mt, view))) {
			pipe_miss(w, c, pipe, hops);
			return;
		}
		e = pipe->type == DOCA_FLOW_PIPE_LPM ? sdpa_lpm_pipe_lookup(pipe, view)
		                                     : sdpa_acl_pipe_lookup(pipe, view);
		if (e == NULL)
			pipe_miss(w, c, pipe, hops);
		else
			hit(w, c, pipe, e, NULL, hops);
		return;
	}
	case DOCA_FLOW_PIPE_HASH:
		run_hash(w, c, pipe, algo, hops);
		return;
	case DOCA_FLOW_PIPE_ORDERED_LIST:
		run_ol(w, c, pipe, ol_idx, hops);
		return;
	default:
		drop(w, c, SOFTDPA_DROP_RULE);
		return;
	}
}

/* 'cp': the worker's context, or the frame's own from prefetch_root_em (parsed already). */
static void process_pkt(struct worker *w, struct doca_flow_port *port, struct sdpa_pkt *pkt,
                        struct pctx *cp)
{
	struct doca_flow_pipe *root;
	uint16_t r;

	if (cp == &w->ctx) {
		cp->pkt = pkt;
		cp->parsed = false;
		cp->hint = 0;
	}
	cp->in_port = port->port_id;
	cp->dirty = false;
	cp->egress = false;
	cp->eport_set = false;
	memset(&cp->m.meta, 0, sizeof(cp->m.meta));
	cp->m.parser_meta.port_id = port->port_id;
	cp->m.parser_meta.meter_color = DOCA_FLOW_METER_COLOR_GREEN; /* no meter: green */
	r = (uint16_t)rng32(w);
	sdpa_put_be16((uint8_t *)&cp->m.parser_meta.random, r);
#define c (*cp)
	if (pkt->len < SDPA_ETH_HLEN) {
		drop(w, &c, SOFTDPA_DROP_MALFORMED);
		return;
	}
	if (sdpa_load_relaxed(&port->op_state) != DOCA_FLOW_PORT_OPERATION_STATE_ACTIVE) {
		drop(w, &c, SOFTDPA_DROP_RULE);
		return;
	}
	root = sdpa_load_acquire(&port->root); /* A-root: pairs with R-root in flow_pipe.c */
	if (root == NULL && port->switch_mode) {
		struct doca_flow_port *sw = sdpa_flow_switch_of(port);

		root = sw ? sdpa_load_acquire(&sw->root) : NULL; /* A-root, as above (R-root) */
	}
	if (root == NULL) {
		drop(w, &c, SOFTDPA_DROP_NO_PIPE);
		return;
	}
	if (SDPA_UNLIKELY(sdpa_flex_active())) {
		/* The bound parse graph parses every frame; one whose custom header is cut
		 * is malformed, as the hardware's parser reports it. */
		ensure_parsed(&c);
		if (c.flex_bad) {
			DOCA_LOG_RATE_LIMIT_WARN(
			        "port %u: frame of %u bytes dropped: %s at byte %u",
			        (unsigned int)port->port_id, pkt->len,
			        sdpa_flex_error_name(c.flex.error), c.flex.error_off);
			drop(w, &c, SOFTDPA_DROP_MALFORMED);
			return;
		}
	}
	run_pipe(w, &c, root, 0, 0, 0);
#undef c
}

/* A lookup in a large exact-match table misses the cache twice: the bucket, then the entry
 * (its action data in the same slot, flow_em.h). When the root pipe is BASIC and its table
 * is larger than the caches, parse the burst's frames (each in its own context, which
 * process_pkt then uses: one parse per frame), find their buckets, then their entries,
 * prefetching each, so that the misses of a whole burst overlap instead of adding up. The
 * lookup's result is handed to run_pipe (hint) unless the key depends on the random value
 * process_pkt draws later; the entry stays valid until the worker's next quiescent point,
 * after the burst, so a hint is a lookup made a little earlier. */
enum { EM_PREFETCH_MIN_SLOTS = 1u << 16, EM_PREFETCH_KEY_MAX = 64 };

static void prefetch_root_em(struct worker *w, struct doca_flow_port *port, struct sdpa_pkt **pkts,
                             uint16_t n)
{
	const struct doca_flow_pipe *root =
	        sdpa_load_acquire(&port->root); /* A-root: pairs with R-root */
	const size_t rnd = offsetof(struct doca_flow_match, parser_meta.random);
	const struct sdpa_em_table *t;
	uint8_t key[SDPA_WIRE_BURST_MAX][EM_PREFETCH_KEY_MAX];
	uint32_t h[SDPA_WIRE_BURST_MAX];
	uint32_t klen;
	bool hint;

	memset(w->pre_used, 0, sizeof(w->pre_used[0]) * n);
	if (root == NULL || root->type != DOCA_FLOW_PIPE_BASIC)
		return;
	t = sdpa_load_acquire(&root->em); /* A-em: pairs with R-em */
	if (t == NULL || t->size < EM_PREFETCH_MIN_SLOTS)
		return;
	klen = root->mt.klen;
	if (klen > EM_PREFETCH_KEY_MAX)
		return;
	hint = (root->mt.mask[rnd] | root->mt.mask[rnd + 1]) == 0;
	for (uint16_t i = 0; i < n; i++) {
		struct pctx *c = &w->pre[i];

		h[i] = 0;
		if (pkts[i]->len < SDPA_ETH_HLEN)
			continue;
		/* As process_pkt starts a frame (the random value aside). */
		c->pkt = pkts[i];
		c->parsed = false;
		c->dirty = false;
		c->hint = 0;
		memset(&c->m.meta, 0, sizeof(c->m.meta));
		c->m.parser_meta.port_id = port->port_id;
		c->m.parser_meta.meter_color = DOCA_FLOW_METER_COLOR_GREEN;
		w->pre_used[i] = true;
		if (!basic_key(c, &root->mt, key[i]))
			continue;
		h[i] = sdpa_em_hash(key[i], klen);
		__builtin_prefetch(sdpa_em_home(t, h[i]));
		c->hint = 2;
	}
	for (uint16_t i = 0; i < n; i++) {
		struct pctx *c = &w->pre[i];
		struct doca_flow_pipe_entry *e;
		uint32_t place = 0;

		if (!w->pre_used[i] || c->hint == 0)
			continue;
		e = sdpa_em_find(t, key[i], klen, h[i], &place);
		c->hint = hint ? (e != NULL ? 1 : 2) : 0;
		c->hint_pipe = root;
		c->hint_e = e;
		c->hint_d = em_hot_data(root, place);
		if (e == NULL || c->hint_d != NULL)
			continue; /* a hit that names its data does not read the entry */
		/* The entry's lines (its head, for longer keys the key, then its counter and
		 * last hit): a slot of 16-byte granularity may straddle two. Shared data (most
		 * entries) is hot already. */
		__builtin_prefetch(e);
		__builtin_prefetch((const char *)e +
		                   (root->etail ? root->etail : SDPA_ENTRY_HEAD + klen) - 1);
	}
}

/* Process one burst of a port; returns how many frames it took. */
/* The frames the embedded switch looped back while the last frame was processed (and
 * those they loop back in turn, up to LOOP_DEPTH), into their ports' ingress, in order. */
static void loop_drain(struct worker *w)
{
	for (uint32_t i = 0; i < w->nloop; i++) {
		/* A-port pairs with R-port in doca_flow_port_start */
		struct doca_flow_port *p = sdpa_load_acquire(&flow_g.ports[w->loop[i].port]);

		w->depth = w->loop[i].depth;
		if (p != NULL)
			process_pkt(w, p, &w->loop[i].pkt, &w->ctx);
		else
			sdpa_port_count_drop(w->loop[i].port, w->idx, SOFTDPA_DROP_PORT_DOWN, 1);
	}
	tx_flush(w); /* TX batches may hold loop buffers: send them before reuse */
	w->nloop = 0;
	w->depth = 0;
}

static inline struct sdpa_spread_ring *spread_ring(uint32_t src, uint32_t dst)
{
	return dp.ring[src * (dp.nworkers + 1) + dst];
}

/* The owner's share of a burst (spread.h): frames of other workers' flows go to their
 * rings; pkts[] keeps the owner's own, in order, and *own their count. Returns how many
 * frames of the burst were taken: fewer than n when a ring is full (the rest stays on
 * the wire, so no flow is reordered). */
static uint16_t spread_burst(struct worker *w, struct sdpa_pkt **pkts, uint16_t n, uint16_t *own)
{
	uint16_t m = 0, i;

	for (i = 0; i < n; i++) {
		uint32_t h = sdpa_spread_hash(pkts[i]->data, pkts[i]->len);
		uint32_t off = dp.reta[h & (SDPA_SPREAD_RETA - 1)];
		uint32_t dst = (w->idx - 1 + off) % dp.nworkers + 1;

		if (dst == w->idx)
			pkts[m++] = pkts[i];
		else if (!sdpa_spread_push(spread_ring(w->idx, dst), pkts[i]))
			break;
	}
	*own = m;
	return i;
}

/* RX queue q of the port (0: the owner's; more only for a wire that spreads by itself, see
 * iterate). *blocked: a ring to another worker was full, frames wait on the wire (not
 * idle). 'spread': this worker owns a port whose wire has one queue, and spreads it. */
static uint16_t poll_port(struct worker *w, struct doca_flow_port *port, uint16_t q, bool spread,
                          bool *blocked)
{
	struct sdpa_pkt *pkts[SDPA_WIRE_BURST_MAX];
	uint16_t n = q == 0 ? sdpa_port_rx_burst(port->port_id, pkts, SDPA_WIRE_BURST_MAX)
	                    : sdpa_port_rx_burst_q(port->port_id, q, pkts, SDPA_WIRE_BURST_MAX);
	uint16_t taken = n, n_rx = n;
	uint64_t t0;

	if (n == 0)
		return 0;
	t0 = sdpa_trace_begin();
	w->trace_drops = 0;
	if (spread) {
		taken = spread_burst(w, pkts, n, &n);
		if (taken < n_rx)
			*blocked = true;
	}
	if (n != 0) {
		prefetch_root_em(w, port, pkts, n);
		for (uint16_t i = 0; i < n; i++) {
			process_pkt(w, port, pkts[i], w->pre_used[i] ? &w->pre[i] : &w->ctx);
			if (SDPA_UNLIKELY(w->nloop != 0))
				loop_drain(w);
		}
		tx_flush(w);
		w->nclones = 0;
	}
	if (q == 0)
		sdpa_port_rx_release(port->port_id, taken);
	else
		sdpa_port_rx_release_q(port->port_id, q, taken);
	if (t0 != 0)
		sdpa_trace_nic_burst(w->idx, port->port_id, n, w->trace_drops, t0);
	return taken;
}

/* The frames other workers spread to this one: processed as if they had just arrived on
 * their port, a run of one port's frames at a time. Returns how many were taken. */
static uint32_t poll_spread(struct worker *w)
{
	uint32_t got = 0;

	for (uint32_t src = 1; src <= dp.nworkers; src++) {
		struct sdpa_spread_ring *r;
		struct sdpa_pkt fr[SDPA_WIRE_BURST_MAX];
		struct sdpa_pkt *pkts[SDPA_WIRE_BURST_MAX];
		uint16_t n;

		if (src == w->idx)
			continue;
		r = spread_ring(src, w->idx);
		n = sdpa_spread_peek(r, fr, SDPA_WIRE_BURST_MAX);
		if (n == 0)
			continue;
		for (uint16_t i = 0; i < n; i++)
			pkts[i] = &fr[i];
		for (uint16_t i = 0; i < n;) {
			uint16_t pid = fr[i].in_port, k = 1;
			/* A-port pairs with R-port in doca_flow_port_start */
			struct doca_flow_port *port = sdpa_load_acquire(&flow_g.ports[pid]);

			while (i + k < n && fr[i + k].in_port == pid)
				k++;
			if (port == NULL) {
				sdpa_port_count_drop(pid, w->idx, SOFTDPA_DROP_PORT_DOWN, k);
			} else {
				prefetch_root_em(w, port, pkts + i, k);
				for (uint16_t j = 0; j < k; j++) {
					process_pkt(w, port, pkts[i + j],
					            w->pre_used[j] ? &w->pre[j] : &w->ctx);
					if (SDPA_UNLIKELY(w->nloop != 0))
						loop_drain(w);
				}
			}
			i += k;
		}
		tx_flush(w); /* the batches point into the ring's slots */
		w->nclones = 0;
		sdpa_spread_release(r, n);
		got += n;
	}
	return got;
}

/* Every frame this worker spread to others has been processed (spread.h). */
static bool spread_drained(struct worker *w)
{
	if (dp.ring == NULL)
		return true;
	for (uint32_t dst = 1; dst <= dp.nworkers; dst++)
		if (dst != w->idx && !sdpa_spread_drained(spread_ring(w->idx, dst)))
			return false;
	return true;
}

void sdpa_nic_hold(bool on)
{
	/* R-hold pairs with A-hold in iterate: frames injected before the release are seen. */
	sdpa_store_release(&dp.hold, on ? 1u : 0u);
}

/* ------------------------------------------------------------------ host TX via egress */

/* A frame the host sent on 'port': through the egress root (the port's, or the switch's),
 * then out of the port unless an egress pipe decides otherwise. */
static void process_host_pkt(struct worker *w, struct doca_flow_port *port, struct sdpa_pkt *pkt)
{
	struct pctx *c = &w->ctx;
	struct doca_flow_pipe *er = egress_root_of(port);

	c->pkt = pkt;
	c->in_port = port->port_id;
	c->parsed = false;
	c->dirty = false;
	c->egress = true;
	c->eport = port->port_id;
	c->eport_set = true;
	memset(&c->m.meta, 0, sizeof(c->m.meta));
	/* the sender's metadata word (doca_eth_txq_set_metadata_num) is meta.pkt_meta */
	sdpa_put_be32((uint8_t *)&c->m.meta.pkt_meta, pkt->meta);
	c->m.parser_meta.port_id = port->port_id;
	sdpa_put_be16((uint8_t *)&c->m.parser_meta.random, (uint16_t)rng32(w));
	if (pkt->len < SDPA_ETH_HLEN) {
		drop(w, c, SOFTDPA_DROP_MALFORMED);
		return;
	}
	if (er == NULL) /* the egress root was destroyed meanwhile */
		tx_one(w, port->port_id, pkt);
	else
		run_pipe(w, c, er, 0, 0, 0);
}

/* The frames the host queued on a port (sdpa_nic_host_tx); how many were taken. */
static uint16_t poll_host_tx(struct worker *w, struct doca_flow_port *port)
{
	/* A-htx pairs with R-htx in sdpa_nic_host_tx: the queue is initialised */
	struct sdpa_htx *q = sdpa_load_acquire(&port->htx);
	struct sdpa_pkt pkts[SDPA_WIRE_BURST_MAX];
	uint32_t head, tail, n;

	if (q == NULL)
		return 0;
	head = sdpa_load_relaxed(&q->head);
	tail = sdpa_load_acquire(&q->tail); /* A-htxt pairs with R-htxt in sdpa_nic_host_tx */
	n = SDPA_MIN(tail - head, (uint32_t)SDPA_WIRE_BURST_MAX);
	if (n == 0)
		return 0;
	for (uint32_t i = 0; i < n; i++) {
		struct sdpa_htx_slot *s = &q->slots[(head + i) & (SDPA_FLOW_RXQ_SIZE - 1)];

		pkts[i] = (struct sdpa_pkt){.data = s->buf + SDPA_PKT_HEADROOM,
		                            .len = s->len,
		                            .cap = SOFTDPA_FRAME_MAX,
		                            .headroom = SDPA_PKT_HEADROOM,
		                            .in_port = port->port_id,
		                            .meta = s->meta};
		process_host_pkt(w, port, &pkts[i]);
		if (SDPA_UNLIKELY(w->nloop != 0))
			loop_drain(w);
	}
	tx_flush(w); /* the batches point into the slots: send before giving them back */
	w->nclones = 0;
	sdpa_store_release(&q->head, head + n); /* R-htxh pairs with A-htxh (host_tx) */
	return (uint16_t)n;
}

uint16_t sdpa_nic_host_tx(uint16_t port_id, struct sdpa_pkt *const *pkts, uint16_t n)
{
	struct doca_flow_port *port;
	struct sdpa_htx *q;
	uint16_t done = 0;

	if (port_id >= SDPA_MAX_PORTS)
		return 0;
	pthread_mutex_lock(&flow_g.lock);
	port = flow_g.inited ? sdpa_load_relaxed(&flow_g.ports[port_id]) : NULL;
	if (port == NULL || egress_root_of(port) == NULL) {
		pthread_mutex_unlock(&flow_g.lock);
		return sdpa_port_host_tx(port_id, pkts, n); /* straight to the wire */
	}
	q = sdpa_load_relaxed(&port->htx);
	if (q == NULL && (q = calloc(1, sizeof(*q))) != NULL) {
		pthread_mutex_init(&q->mtx, NULL);
		sdpa_store_release(&port->htx, q); /* R-htx pairs with A-htx in poll_host_tx */
	}
	if (q != NULL) {
		pthread_mutex_lock(&q->mtx);
		for (; done < n; done++) {
			uint32_t tail = sdpa_load_relaxed(&q->tail);
			/* A-htxh pairs with R-htxh in poll_host_tx: the slot is free */
			uint32_t head = sdpa_load_acquire(&q->head);
			struct sdpa_htx_slot *s = &q->slots[tail & (SDPA_FLOW_RXQ_SIZE - 1)];

			if (tail - head >= SDPA_FLOW_RXQ_SIZE ||
			    pkts[done]->len > SOFTDPA_FRAME_MAX)
				break;
			if (s->buf == NULL &&
			    (s->buf = malloc(SDPA_PKT_HEADROOM + SOFTDPA_FRAME_MAX)) == NULL)
				break;
			memcpy(s->buf + SDPA_PKT_HEADROOM, pkts[done]->data, pkts[done]->len);
			s->len = pkts[done]->len;
			s->meta = pkts[done]->meta;
			sdpa_store_release(&q->tail, tail + 1); /* R-htxt pairs with A-htxt */
		}
		pthread_mutex_unlock(&q->mtx);
	}
	if (done < n)
		sdpa_port_count_drop(port_id, SDPA_PORT_WORKER_HOST, SOFTDPA_DROP_TX_FULL,
		                     (uint64_t)(n - done));
	pthread_mutex_unlock(&flow_g.lock);
	sdpa_nic_poll(); /* SOFTDPA_NIC_WORKERS=0: the sender drives the NIC */
	return done;
}

void sdpa_htx_free(struct doca_flow_port *port)
{
	struct sdpa_htx *q = sdpa_load_relaxed(&port->htx);

	if (q == NULL)
		return;
	sdpa_store_relaxed(&port->htx, NULL);
	for (uint32_t s = 0; s < SDPA_FLOW_RXQ_SIZE; s++)
		free(q->slots[s].buf);
	pthread_mutex_destroy(&q->mtx);
	free(q);
}

/* Which worker polls a port: by port id, except that in switch mode every port of one
 * device's switch (the PF and its representors) goes to the same worker, so that RSS from
 * the switch has one producer on the PF's queues (rxq_push). Fixed for the port's life. */
static uint32_t owner_key(const struct doca_flow_port *p)
{
	return p->switch_mode && p->sw_dev != SDPA_DEV_ID_INVALID ? p->sw_dev : p->port_id;
}

static bool owns(struct worker *w, uint32_t key)
{
	if (dp.nworkers == 0)
		return true;
	return key % dp.nworkers + 1 == w->idx;
}

/* One loop iteration over the worker's ports: frames taken, and whether some input is
 * still pending (pcap not at EOF). */
static uint32_t iterate(struct worker *w, bool *pending)
{
	uint32_t got = 0;

	*pending = false;
	/* A-hold pairs with R-hold in sdpa_nic_hold */
	if (SDPA_UNLIKELY(sdpa_load_acquire(&dp.hold) != 0)) {
		*pending = true; /* not idle: a sync waits for the release */
		sched_yield();
		return 0;
	}
	if (dp.ring != NULL && w->idx != 0)
		got += poll_spread(w);
	for (uint32_t i = 0; i < SDPA_MAX_PORTS; i++) {
		struct doca_flow_port *p;

		p = sdpa_load_acquire(&flow_g.ports[i]); /* A-port: pairs with R-port */
		if (p == NULL)
			continue;
		if (!owns(w, owner_key(p))) {
			/* A mem wire spreads by itself (RSS at inject, io/wire.h): queue q is
			 * the worker q places after the owner's. */
			if (dp.ring != NULL && w->idx != 0) {
				uint32_t q =
				        (w->idx - 1 + dp.nworkers - owner_key(p) % dp.nworkers) %
				        dp.nworkers;

				if (q < sdpa_port_rx_queues(p->port_id))
					got += poll_port(w, p, (uint16_t)q, false, pending);
			}
			continue;
		}
		got += poll_port(w, p, 0,
		                 dp.ring != NULL && w->idx != 0 &&
		                         sdpa_port_rx_queues(p->port_id) == 1,
		                 pending);
		got += poll_host_tx(w, p);
		if (sdpa_port_wire_kind(p->port_id) == SDPA_WIRE_PCAP &&
		    !sdpa_port_rx_exhausted(p->port_id))
			*pending = true;
	}
	return got;
}

/* Once per sync request per worker: cheap, and under sync_mtx so a waiter that checked
 * 'done' under the same mutex cannot miss the wake-up. */
static void wake_syncers(void)
{
	pthread_mutex_lock(&dp.sync_mtx);
	pthread_cond_broadcast(&dp.sync_cv);
	pthread_mutex_unlock(&dp.sync_mtx);
}

/* Idle back-off by time, not by iterations: spin for 50 us after the last frame (the
 * next burst usually comes sooner), then yield, then after 2 ms sleep 100 us per round
 * (offline for QSBR), so an idle NIC does not burn a core. */
static void backoff(struct worker *w, uint64_t *idle_since)
{
	uint64_t t = sdpa_mono_ns(), idle;

	if (*idle_since == 0) {
		*idle_since = t;
		return;
	}
	idle = t - *idle_since;
	if (idle < 50000) {
		sdpa_cpu_relax();
	} else if (idle < 2000000) {
		sched_yield();
	} else {
		struct timespec ts = {0, 100000};

		sdpa_grace_offline(w->idx);
		nanosleep(&ts, NULL);
		sdpa_grace_online(w->idx);
	}
}

static void *worker_main(void *arg)
{
	struct worker *w = arg;
	uint64_t idle_since = 0;

	my_worker = w->idx;
	sdpa_grace_online(w->idx);
	while (!sdpa_load_acquire(&w->stop)) { /* A-stop: pairs with R-stop in sdpa_dp_stop */
		uint64_t s = sdpa_load_acquire(&dp.sync_epoch); /* A-sync: pairs with R-sync */
		bool pending;
		uint32_t got = iterate(w, &pending);
		bool busy = w->idx == 1 && sdpa_pollers_run(w->idx);

		sdpa_grace_quiescent(w->idx);
		if (got == 0 && !busy && !pending && spread_drained(w)) {
			if (sdpa_load_relaxed(&w->done) < s) {
				sdpa_store_release(&w->done, s); /* R-done: pairs with A-done */
				wake_syncers();
			}
			backoff(w, &idle_since);
		} else {
			idle_since = 0;
			/* Only waiting for another worker (a full ring, frames it has not processed
			 * yet): let it have the core. */
			if (got == 0 && !busy && dp.ring != NULL)
				sched_yield();
		}
	}
	sdpa_grace_offline(w->idx);
	return NULL;
}

doca_error_t sdpa_dp_start(uint32_t nworkers)
{
	dp.w = calloc(nworkers + 1, sizeof(*dp.w));
	if (dp.w == NULL) {
		DOCA_LOG_ERR("doca_flow_init: out of memory for %u NIC workers; lower "
		             "SOFTDPA_NIC_WORKERS",
		             nworkers);
		return DOCA_ERROR_NO_MEMORY;
	}
	dp.nworkers = nworkers;
	if (sdpa_grace_init(nworkers + 1) != DOCA_SUCCESS) {
		DOCA_LOG_ERR("doca_flow_init: out of memory for %u NIC workers; lower "
		             "SOFTDPA_NIC_WORKERS",
		             nworkers);
		free(dp.w);
		dp.w = NULL;
		dp.nworkers = 0;
		return DOCA_ERROR_NO_MEMORY;
	}
	for (uint32_t i = 0; i <= nworkers; i++) {
		struct worker *w = &dp.w[i];

		w->idx = (uint16_t)i;
		w->rng = rng_seed(sdpa_config_get()->random_seed, i);
		w->clone_mem = malloc((size_t)CLONE_MAX * (SDPA_PKT_HEADROOM + SOFTDPA_FRAME_MAX));
		w->loop_mem = malloc((size_t)LOOP_MAX * (SDPA_PKT_HEADROOM + SOFTDPA_FRAME_MAX));
		if (w->clone_mem == NULL || w->loop_mem == NULL) {
			DOCA_LOG_ERR("doca_flow_init: out of memory for NIC worker buffers; free "
			             "memory and retry");
			sdpa_dp_stop();
			return DOCA_ERROR_NO_MEMORY;
		}
	}
	if (nworkers >= 2) {
		dp.ring = calloc((size_t)(nworkers + 1) * (nworkers + 1), sizeof(*dp.ring));
		for (uint32_t s = 1; dp.ring != NULL && s <= nworkers; s++)
			for (uint32_t d = 1; d <= nworkers; d++)
				if (s != d && (dp.ring[s * (nworkers + 1) + d] =
				                       sdpa_spread_ring_new()) == NULL) {
					DOCA_LOG_ERR("doca_flow_init: out of memory for the rings "
					             "between %u NIC workers; lower "
					             "SOFTDPA_NIC_WORKERS",
					             nworkers);
					sdpa_dp_stop();
					return DOCA_ERROR_NO_MEMORY;
				}
		if (dp.ring == NULL) {
			DOCA_LOG_ERR("doca_flow_init: out of memory for the rings between %u NIC "
			             "workers; lower SOFTDPA_NIC_WORKERS",
			             nworkers);
			sdpa_dp_stop();
			return DOCA_ERROR_NO_MEMORY;
		}
		/* Mem wires opened from now on spread by themselves (RSS at inject): queue q
		 * feeds the worker q places after the port's owner, an equal share each (the
		 * owner pays no hashing or copying there). */
		{
			uint8_t qreta[SDPA_WIRE_RETA];

			for (uint32_t i = 0; i < SDPA_WIRE_RETA; i++)
				qreta[i] = (uint8_t)(i % nworkers);
			sdpa_wire_mem_set_rss((uint16_t)nworkers, qreta);
		}
		/* The owner of a port also hashes and copies every frame of it, about a tenth
		 * of a frame's work (callgrind: ~80 of ~890 instructions on a BASIC pipe), so it
		 * takes 0.9 of an equal share of the flows and the others the rest, round
		 * robin. Entry i names a worker as its distance from the owner (0 = owner). */
		{
			uint32_t own = (SDPA_SPREAD_RETA * 9 + nworkers * 5) / (nworkers * 10);

			for (uint32_t i = 0; i < SDPA_SPREAD_RETA; i++)
				dp.reta[i] =
				        (uint8_t)(i < own ? 0 : 1 + (i - own) % (nworkers - 1));
		}
	}
	for (uint32_t i = 1; i <= nworkers; i++) {
		if (pthread_create(&dp.w[i].th, NULL, worker_main, &dp.w[i]) != 0) {
			DOCA_LOG_ERR("doca_flow_init: cannot create NIC worker thread %u; lower "
			             "SOFTDPA_NIC_WORKERS",
			             i);
			sdpa_dp_stop();
			return DOCA_ERROR_OPERATING_SYSTEM;
		}
		dp.w[i].running = true;
	}
	return DOCA_SUCCESS;
}

void sdpa_dp_stop(void)
{
	if (dp.w == NULL)
		return;
	for (uint32_t i = 1; i <= dp.nworkers; i++) {
		if (!dp.w[i].running)
			continue;
		sdpa_store_release(&dp.w[i].stop, 1); /* R-stop: pairs with A-stop */
		pthread_join(dp.w[i].th, NULL);
		dp.w[i].running = false;
	}
	sdpa_grace_fini();
	for (uint32_t i = 0; i <= dp.nworkers; i++) {
		free(dp.w[i].clone_mem);
		free(dp.w[i].loop_mem);
	}
	sdpa_wire_mem_set_rss(1, NULL); /* mem wires opened from now on: one RX queue */
	if (dp.ring != NULL)
		for (uint32_t i = 0; i < (dp.nworkers + 1) * (dp.nworkers + 1); i++)
			sdpa_spread_ring_free(dp.ring[i]);
	free(dp.ring);
	dp.ring = NULL;
	free(dp.w);
	dp.w = NULL;
	dp.nworkers = 0;
}

/* Mode 0: one datapath iteration in the caller's thread, unless another thread is in one
 * (a DPDK program polling rx_burst drives the NIC, as hardware runs by itself). The same
 * contract as softdpa_nic_sync: DOCA Flow is not destroyed meanwhile. */
void sdpa_nic_poll(void)
{
	struct worker *w;
	bool pending;

	pthread_mutex_lock(&flow_g.lock);
	w = flow_g.inited && dp.w != NULL && dp.nworkers == 0 ? &dp.w[0] : NULL;
	pthread_mutex_unlock(&flow_g.lock);
	if (w == NULL || my_worker >= 0 || pthread_mutex_trylock(&dp.dp_mtx) != 0)
		return;
	my_worker = 0;
	sdpa_grace_online(w->idx);
	(void)iterate(w, &pending);
	(void)sdpa_pollers_run(0);
	sdpa_grace_quiescent(w->idx);
	sdpa_grace_offline(w->idx);
	my_worker = -1;
	pthread_mutex_unlock(&dp.dp_mtx);
	sdpa_grace_reclaim();
}

static sdpa_atomic_u32 sync_waiters; /* threads inside softdpa_nic_sync */

DOCA_EXPERIMENTAL doca_error_t softdpa_nic_sync(void)
{
	pthread_mutex_lock(&flow_g.lock);
	if (!flow_g.inited || dp.w == NULL) {
		pthread_mutex_unlock(&flow_g.lock);
		DOCA_LOG_ERR("softdpa_nic_sync: DOCA Flow is not initialised; call doca_flow_init "
		             "and start ports first");
		return DOCA_ERROR_BAD_STATE;
	}
	pthread_mutex_unlock(&flow_g.lock);
	/* Pollers ask sdpa_nic_sync_waiting() whether "busy" matters right now. */
	sdpa_fetch_add_acq_rel(&sync_waiters, 1);
	if (dp.nworkers == 0) {
		struct worker *w = &dp.w[0];
		bool pending;
		uint32_t got;
		bool busy;

		pthread_mutex_lock(&dp.dp_mtx);
		my_worker = 0;
		sdpa_grace_online(w->idx);
		do {
			got = iterate(w, &pending);
			busy = sdpa_pollers_run(0);
			sdpa_grace_quiescent(w->idx);
		} while (got || busy || pending);
		sdpa_grace_offline(w->idx);
		my_worker = -1;
		pthread_mutex_unlock(&dp.dp_mtx);
		sdpa_fetch_sub_acq_rel(&sync_waiters, 1);
		sdpa_grace_reclaim();
		return DOCA_SUCCESS;
	}
	{
		uint64_t s = sdpa_fetch_add_acq_rel(&dp.sync_epoch, 1) + 1; /* R-sync */

		pthread_mutex_lock(&dp.sync_mtx);
		for (;;) {
			bool all = true;

			/* A-done: pairs with R-done in worker_main */
			for (uint32_t i = 1; i <= dp.nworkers; i++)
				if (sdpa_load_acquire(&dp.w[i].done) < s)
					all = false;
			if (all)
				break;
			pthread_cond_wait(&dp.sync_cv, &dp.sync_mtx);
		}
		pthread_mutex_unlock(&dp.sync_mtx);
	}
	sdpa_fetch_sub_acq_rel(&sync_waiters, 1);
	sdpa_grace_reclaim();
	return DOCA_SUCCESS;
}

bool sdpa_nic_sync_waiting(void)
{
	/* Relaxed: a poller that misses a new waiter reports idle once; the waiter's next
	 * iteration sees it again (the sync loop only ends on an idle iteration after its
	 * own epoch). */
	return sdpa_load_relaxed(&sync_waiters) != 0;
}

uint16_t sdpa_nic_rxq_max(void)
{
	return SDPA_FLOW_RSS_QUEUES;
}
