/* SPDX-License-Identifier: BSD-3-Clause
 * Port I/O table and the D10 calls softdpa_port_wire/inject/drain/stats.
 *
 * Locks per port (never held by a NIC worker except through the wire's own TX mutex):
 *   ctl         open/close/wire/stats; guards spec, open_spec, wire lifetime for stats.
 *   inject_lock serialises softdpa_port_inject callers (it is the mem wire's producer lock)
 *               and sdpa_port_host_tx callers, and excludes both from close.
 *   drain_lock  the same for softdpa_port_drain.
 * The app_* fields are written holding ctl + inject_lock + drain_lock, and read holding
 * either app lock.
 */
#include <pthread.h>
#include <stdalign.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/config.h"
#include "core/log.h"
#include "core/stats.h"
#include "core/util.h"
#include "io/port.h"

SDPA_LOG_REGISTER(io_port);

/* One worker's drop counters for one port: written by that worker only. */
struct worker_ctr {
	alignas(SDPA_CACHE_LINE) sdpa_atomic_u64 dropped[SOFTDPA_DROP_REASON_MAX];
};

/* One RX queue's counters: written by that queue's consumer only. */
struct rxq_ctr {
	alignas(SDPA_CACHE_LINE) sdpa_atomic_u64 rx_frames;
	sdpa_atomic_u64 rx_bytes;
	uint32_t rx_counted; /* held frames already counted */
};

struct saved_ctr {
	uint64_t rx_malformed, tx_frames, tx_bytes, tx_malformed, tx_errors, rx_refused;
};

struct port {
	/* Read by the datapath on every burst. A6 pairs with R6 in sdpa_port_open. */
	sdpa_atomic_ptr wire;

	/* RX consumer state and counters, one block per RX queue (its consumer writes it) */
	struct rxq_ctr rxq[SDPA_WIRE_RXQ_MAX];

	alignas(SDPA_CACHE_LINE) pthread_mutex_t ctl;
	pthread_mutex_t inject_lock;
	pthread_mutex_t drain_lock;
	char *spec;      /* from softdpa_port_wire, or NULL */
	char *open_spec; /* spec of the open wire */
	bool app_open;
	enum sdpa_wire_kind app_kind;
	struct sdpa_wire *app_wire;
	struct saved_ctr saved; /* the last wire's counters, kept after close */

	struct worker_ctr workers[SDPA_PORT_WORKERS];
};

static struct port ports[SDPA_MAX_PORTS];
static pthread_once_t ports_once = PTHREAD_ONCE_INIT;

static void ports_init(void)
{
	for (unsigned int i = 0; i < SDPA_MAX_PORTS; i++) {
		pthread_mutex_init(&ports[i].ctl, NULL);
		pthread_mutex_init(&ports[i].inject_lock, NULL);
		pthread_mutex_init(&ports[i].drain_lock, NULL);
	}
}

static struct port *port_get(uint16_t port_id)
{
	pthread_once(&ports_once, ports_init);
	return &ports[port_id];
}

static inline struct sdpa_wire *dp_wire(uint16_t port_id)
{
	if (SDPA_UNLIKELY(port_id >= SDPA_MAX_PORTS))
		return NULL;
	/* A6 pairs with R6 in sdpa_port_open: the wire is fully built. */
	return sdpa_load_acquire(&ports[port_id].wire);
}

static const char *const drop_names[] = {
        [SOFTDPA_DROP_RULE] = "rule",
        [SOFTDPA_DROP_TX_FULL] = "tx_full",
        [SOFTDPA_DROP_RXQ_FULL] = "rxq_full",
        [SOFTDPA_DROP_MALFORMED] = "malformed",
        [SOFTDPA_DROP_PORT_DOWN] = "port_down",
        [SOFTDPA_DROP_NO_PIPE] = "no_pipe",
        [SOFTDPA_DROP_WIRE_ERROR] = "wire_error",
        [SOFTDPA_DROP_METER_RED] = "meter_red",
        [SOFTDPA_DROP_TUNNEL] = "tunnel",
        [SOFTDPA_DROP_LOOP] = "loop",
};

DOCA_EXPERIMENTAL const char *softdpa_drop_reason_name(enum softdpa_drop_reason reason)
{
	if ((unsigned int)reason < SDPA_ARRAY_SIZE(drop_names) && drop_names[reason] != NULL)
		return drop_names[reason];
	return "unknown";
}

DOCA_EXPERIMENTAL doca_error_t softdpa_port_wire(uint16_t port_id, const char *wire)
{
	struct sdpa_wire_spec *parsed;
	struct port *p;
	char who[48];
	char *copy;
	doca_error_t r;

	if (port_id >= SDPA_MAX_PORTS) {
		DOCA_LOG_ERR("softdpa_port_wire: port id %u is out of range; port ids are 0..%u",
		             (unsigned int)port_id, SDPA_MAX_PORTS - 1);
		return DOCA_ERROR_INVALID_VALUE;
	}
	parsed = malloc(sizeof(*parsed));
	if (parsed == NULL) {
		DOCA_LOG_ERR("softdpa_port_wire: out of memory");
		return DOCA_ERROR_NO_MEMORY;
	}
	snprintf(who, sizeof(who), "softdpa_port_wire(port %u)", (unsigned int)port_id);
	r = sdpa_wire_spec_parse(wire, who, parsed);
	free(parsed);
	if (r != DOCA_SUCCESS)
		return r;
	copy = strdup(wire);
	if (copy == NULL) {
		DOCA_LOG_ERR("softdpa_port_wire: out of memory");
		return DOCA_ERROR_NO_MEMORY;
	}
	p = port_get(port_id);
	pthread_mutex_lock(&p->ctl);
	if (sdpa_load_relaxed(&p->wire) != NULL) {
		DOCA_LOG_ERR("softdpa_port_wire: port %u is started with wire '%s'; stop it "
		             "(doca_flow_port_stop) before choosing another wire",
		             (unsigned int)port_id, p->open_spec);
		pthread_mutex_unlock(&p->ctl);
		free(copy);
		return DOCA_ERROR_BAD_STATE;
	}
	free(p->spec);
	p->spec = copy;
	pthread_mutex_unlock(&p->ctl);
	return DOCA_SUCCESS;
}

/* Must hold ctl. */
static void reset_counters(struct port *p)
{
	for (unsigned int q = 0; q < SDPA_WIRE_RXQ_MAX; q++) {
		sdpa_store_relaxed(&p->rxq[q].rx_frames, 0);
		sdpa_store_relaxed(&p->rxq[q].rx_bytes, 0);
		p->rxq[q].rx_counted = 0;
	}
	memset(&p->saved, 0, sizeof(p->saved));
	for (unsigned int w = 0; w < SDPA_PORT_WORKERS; w++)
		for (unsigned int i = 0; i < SOFTDPA_DROP_REASON_MAX; i++)
			sdpa_store_relaxed(&p->workers[w].dropped[i], 0);
}

static void stats_section_once(void);

doca_error_t sdpa_port_open(uint16_t port_id)
{
	const char *spec, *origin;
	char env_name[32];
	struct sdpa_wire *w;
	struct port *p;
	doca_error_t r;

	if (port_id >= SDPA_MAX_PORTS) {
		DOCA_LOG_ERR("port id %u is out of range; port ids are 0..%u",
		             (unsigned int)port_id, SDPA_MAX_PORTS - 1);
		return DOCA_ERROR_INVALID_VALUE;
	}
	p = port_get(port_id);
	pthread_mutex_lock(&p->ctl);
	if (sdpa_load_relaxed(&p->wire) != NULL) {
		DOCA_LOG_ERR("port %u is already started (wire '%s'); stop it before starting it "
		             "again",
		             (unsigned int)port_id, p->open_spec);
		pthread_mutex_unlock(&p->ctl);
		return DOCA_ERROR_BAD_STATE;
	}
	snprintf(env_name, sizeof(env_name), "SOFTDPA_PORT%u", (unsigned int)port_id);
	if (p->spec != NULL) {
		spec = p->spec;
		origin = "softdpa_port_wire";
	} else if ((spec = sdpa_config_port_wire(port_id)) != NULL) {
		origin = env_name;
	} else {
		spec = "mem";
		origin = "default";
	}
	r = sdpa_wire_create(spec, port_id, &w);
	if (r != DOCA_SUCCESS) {
		/* The backend said what failed; say where the spec came from. */
		DOCA_LOG_ERR("port %u cannot start: wire '%s' (from %s) failed with %s; fix "
		             "the wire or choose another with softdpa_port_wire/%s",
		             (unsigned int)port_id, spec, origin, doca_error_get_name(r), env_name);
		pthread_mutex_unlock(&p->ctl);
		return r;
	}
	free(p->open_spec);
	p->open_spec = strdup(spec);
	if (p->open_spec == NULL) {
		sdpa_wire_close(w);
		pthread_mutex_unlock(&p->ctl);
		DOCA_LOG_ERR("port %u cannot start: out of memory", (unsigned int)port_id);
		return DOCA_ERROR_NO_MEMORY;
	}
	reset_counters(p);
	pthread_mutex_lock(&p->inject_lock);
	pthread_mutex_lock(&p->drain_lock);
	p->app_open = true;
	p->app_kind = w->kind;
	p->app_wire = w;
	pthread_mutex_unlock(&p->drain_lock);
	pthread_mutex_unlock(&p->inject_lock);
	/* R6 pairs with A6 in dp_wire: the wire and the reset counters are visible to a
	 * worker that sees the pointer. */
	sdpa_store_release(&p->wire, w);
	DOCA_LOG_INFO("port %u: wire '%s' (from %s)", (unsigned int)port_id, spec, origin);
	pthread_mutex_unlock(&p->ctl);
	stats_section_once();
	return DOCA_SUCCESS;
}

doca_error_t sdpa_port_close(uint16_t port_id)
{
	struct sdpa_wire *w;
	struct port *p;

	if (port_id >= SDPA_MAX_PORTS) {
		DOCA_LOG_ERR("port id %u is out of range; port ids are 0..%u",
		             (unsigned int)port_id, SDPA_MAX_PORTS - 1);
		return DOCA_ERROR_INVALID_VALUE;
	}
	p = port_get(port_id);
	pthread_mutex_lock(&p->ctl);
	w = sdpa_load_relaxed(&p->wire);
	if (w == NULL) {
		pthread_mutex_unlock(&p->ctl);
		DOCA_LOG_ERR("port %u is not started; nothing to stop", (unsigned int)port_id);
		return DOCA_ERROR_BAD_STATE;
	}
	pthread_mutex_lock(&p->inject_lock);
	pthread_mutex_lock(&p->drain_lock);
	p->app_open = false;
	p->app_wire = NULL;
	pthread_mutex_unlock(&p->drain_lock);
	pthread_mutex_unlock(&p->inject_lock);
	sdpa_store_relaxed(&p->wire, NULL);
	p->saved.rx_malformed = sdpa_load_relaxed(&w->ctr.rx_malformed);
	p->saved.tx_frames = sdpa_load_relaxed(&w->ctr.tx_frames);
	p->saved.tx_bytes = sdpa_load_relaxed(&w->ctr.tx_bytes);
	p->saved.tx_malformed = sdpa_load_relaxed(&w->ctr.tx_malformed);
	p->saved.tx_errors = sdpa_load_relaxed(&w->ctr.tx_errors);
	p->saved.rx_refused = sdpa_load_relaxed(&w->ctr.rx_refused);
	sdpa_wire_close(w);
	pthread_mutex_unlock(&p->ctl);
	return DOCA_SUCCESS;
}

bool sdpa_port_is_open(uint16_t port_id)
{
	return dp_wire(port_id) != NULL;
}

enum sdpa_wire_kind sdpa_port_wire_kind(uint16_t port_id)
{
	struct sdpa_wire *w = dp_wire(port_id);

	return w != NULL ? w->kind : SDPA_WIRE_MEM;
}

/* Count the frames of a burst of queue q once each (frames handed out again before release
 * are counted once). */
static inline void rx_count(struct rxq_ctr *c, struct sdpa_pkt **pkts, uint16_t k)
{
	uint64_t bytes = 0;

	if (k > c->rx_counted) {
		for (uint16_t i = (uint16_t)c->rx_counted; i < k; i++)
			bytes += pkts[i]->len;
		sdpa_counter_add(&c->rx_frames, k - c->rx_counted);
		sdpa_counter_add(&c->rx_bytes, bytes);
		c->rx_counted = k;
	}
}

uint16_t sdpa_port_rx_burst(uint16_t port_id, struct sdpa_pkt **pkts, uint16_t n)
{
	struct sdpa_wire *w = dp_wire(port_id);
	uint16_t k;

	if (SDPA_UNLIKELY(w == NULL))
		return 0;
	k = sdpa_wire_rx_burst(w, pkts, n);
	rx_count(&ports[port_id].rxq[0], pkts, k);
	return k;
}

void sdpa_port_rx_release(uint16_t port_id, uint16_t n)
{
	struct sdpa_wire *w = dp_wire(port_id);
	struct rxq_ctr *c;

	if (SDPA_UNLIKELY(w == NULL))
		return;
	c = &ports[port_id].rxq[0];
	c->rx_counted -= SDPA_MIN(c->rx_counted, n);
	sdpa_wire_rx_release(w, n);
}

uint16_t sdpa_port_rx_queues(uint16_t port_id)
{
	struct sdpa_wire *w = dp_wire(port_id);

	return w != NULL && w->kind == SDPA_WIRE_MEM ? sdpa_wire_mem_rx_queues(w) : 1;
}

uint16_t sdpa_port_rx_burst_q(uint16_t port_id, uint16_t q, struct sdpa_pkt **pkts, uint16_t n)
{
	struct sdpa_wire *w = dp_wire(port_id);
	uint16_t k;

	if (SDPA_UNLIKELY(w == NULL))
		return 0;
	if (q == 0 || w->kind != SDPA_WIRE_MEM)
		return q == 0 ? sdpa_port_rx_burst(port_id, pkts, n) : 0;
	k = sdpa_wire_mem_rx_burst_q(w, q, pkts, n);
	rx_count(&ports[port_id].rxq[q], pkts, k);
	return k;
}

void sdpa_port_rx_release_q(uint16_t port_id, uint16_t q, uint16_t n)
{
	struct sdpa_wire *w = dp_wire(port_id);
	struct rxq_ctr *c;

	if (SDPA_UNLIKELY(w == NULL) || q >= SDPA_WIRE_RXQ_MAX)
		return;
	if (q == 0 || w->kind != SDPA_WIRE_MEM) {
		if (q == 0)
			sdpa_port_rx_release(port_id, n);
		return;
	}
	c = &ports[port_id].rxq[q];
	c->rx_counted -= SDPA_MIN(c->rx_counted, n);
	sdpa_wire_mem_rx_release_q(w, q, n);
}

bool sdpa_port_rx_exhausted(uint16_t port_id)
{
	struct sdpa_wire *w = dp_wire(port_id);

	return w == NULL || sdpa_wire_rx_exhausted(w);
}

doca_error_t sdpa_port_rx_error(uint16_t port_id)
{
	struct sdpa_wire *w = dp_wire(port_id);

	return w == NULL ? DOCA_SUCCESS : sdpa_wire_rx_error(w);
}

uint32_t sdpa_port_rx_pending(uint16_t port_id)
{
	struct sdpa_wire *w = dp_wire(port_id);

	return (w != NULL && w->kind == SDPA_WIRE_MEM) ? sdpa_wire_mem_rx_pending(w) : 0;
}

/* Drops the user can act on get one warning per port and reason, the first time: the
 * counters say how many, the line says why and what to do. A bit per port (relaxed: the
 * flag only decides who logs). */
static sdpa_atomic_u64 explained[SOFTDPA_DROP_REASON_MAX];

static void explain_drop(uint16_t port_id, enum softdpa_drop_reason reason)
{
	uint64_t bit = 1ull << port_id;

	if ((sdpa_load_relaxed(&explained[reason]) & bit) != 0 ||
	    (sdpa_fetch_or_relaxed(&explained[reason], bit) & bit) != 0)
		return;
	if (reason == SOFTDPA_DROP_PORT_DOWN)
		DOCA_LOG_WARN(
		        "port %u is not started: frames sent or forwarded to it are dropped and "
		        "counted as port_down (softdpa stats); start it with "
		        "doca_flow_port_start, or forward elsewhere (said once per port)",
		        (unsigned int)port_id);
	else
		DOCA_LOG_WARN(
		        "port %u: a frame found no pipe to take it (no root pipe yet, or a "
		        "KERNEL default miss: nothing stands behind an emulated port); dropped as "
		        "on hardware and counted as no_pipe (softdpa stats). Create the root "
		        "pipe before traffic arrives (said once per port)",
		        (unsigned int)port_id);
}

static inline void count_drop(uint16_t port_id, uint16_t worker, enum softdpa_drop_reason reason,
                              uint64_t n)
{
	sdpa_counter_add(&ports[port_id].workers[worker].dropped[reason], n);
	if (SDPA_UNLIKELY(reason == SOFTDPA_DROP_PORT_DOWN || reason == SOFTDPA_DROP_NO_PIPE))
		explain_drop(port_id, reason);
}

uint16_t sdpa_port_tx_burst(uint16_t port_id, uint16_t worker, struct sdpa_pkt *const *pkts,
                            uint16_t n)
{
	struct sdpa_wire *w = dp_wire(port_id);
	uint16_t done = 0;

	if (SDPA_UNLIKELY(port_id >= SDPA_MAX_PORTS || worker >= SDPA_PORT_WORKERS)) {
		DOCA_LOG_RATE_LIMIT_ERR("sdpa_port_tx_burst: port %u / worker %u out of range "
		                        "(ports 0..%u, workers 0..%u); %u frames not sent",
		                        (unsigned int)port_id, (unsigned int)worker,
		                        SDPA_MAX_PORTS - 1, SDPA_PORT_WORKERS - 1, (unsigned int)n);
		return 0;
	}
	if (SDPA_UNLIKELY(w == NULL)) {
		if (n)
			count_drop(port_id, worker, SOFTDPA_DROP_PORT_DOWN, n);
		return 0;
	}
	while (done < n) {
		uint16_t chunk = SDPA_MIN((uint16_t)(n - done), (uint16_t)SDPA_WIRE_BURST_MAX);
		uint16_t took = sdpa_wire_tx_burst_q(w, worker, pkts + done, chunk);

		done += took;
		if (took < chunk)
			break;
	}
	if (done < n)
		count_drop(port_id, worker, SOFTDPA_DROP_TX_FULL, (uint64_t)(n - done));
	return done;
}

uint16_t sdpa_port_host_tx(uint16_t port_id, struct sdpa_pkt *const *pkts, uint16_t n)
{
	struct sdpa_wire *w;
	struct port *p;
	uint16_t done = 0;

	if (SDPA_UNLIKELY(port_id >= SDPA_MAX_PORTS))
		return 0;
	p = port_get(port_id);
	/* The inject lock makes this thread the HOST block's only writer, and keeps close
	 * (which takes it too) from freeing the wire under us. */
	pthread_mutex_lock(&p->inject_lock);
	w = p->app_open ? p->app_wire : NULL;
	if (w == NULL) {
		if (n)
			count_drop(port_id, SDPA_PORT_WORKER_HOST, SOFTDPA_DROP_PORT_DOWN, n);
		pthread_mutex_unlock(&p->inject_lock);
		return 0;
	}
	while (done < n) {
		uint16_t chunk = SDPA_MIN((uint16_t)(n - done), (uint16_t)SDPA_WIRE_BURST_MAX);
		uint16_t took = sdpa_wire_tx_burst_q(w, SDPA_PORT_WORKER_HOST, pkts + done, chunk);

		done += took;
		if (took < chunk)
			break;
	}
	if (done < n)
		count_drop(port_id, SDPA_PORT_WORKER_HOST, SOFTDPA_DROP_TX_FULL,
		           (uint64_t)(n - done));
	pthread_mutex_unlock(&p->inject_lock);
	return done;
}

void sdpa_port_count_drop(uint16_t port_id, uint16_t worker, enum softdpa_drop_reason reason,
                          uint64_t n)
{
	if (SDPA_UNLIKELY(port_id >= SDPA_MAX_PORTS || worker >= SDPA_PORT_WORKERS ||
	                  (unsigned int)reason >= SOFTDPA_DROP_REASON_MAX)) {
		DOCA_LOG_RATE_LIMIT_ERR("sdpa_port_count_drop: port %u / worker %u / reason %d out "
		                        "of range; %llu drops not counted",
		                        (unsigned int)port_id, (unsigned int)worker, (int)reason,
		                        (unsigned long long)n);
		return;
	}
	count_drop(port_id, worker, reason, n);
}

/* Shared checks of inject and drain; returns the mem wire or NULL (and sets *err, logged).
 * Must hold the app lock. */
static struct sdpa_wire *app_wire_locked(const char *fn, uint16_t port_id, struct port *p,
                                         doca_error_t *err)
{
	if (!p->app_open) {
		DOCA_LOG_ERR("%s: port %u is not started; call doca_flow_port_start first", fn,
		             (unsigned int)port_id);
		*err = DOCA_ERROR_BAD_STATE;
		return NULL;
	}
	if (p->app_kind != SDPA_WIRE_MEM) {
		DOCA_LOG_ERR("%s: port %u uses a %s wire, not mem; its frames come from and go to "
		             "that wire. Call softdpa_port_wire(%u, \"mem\") before starting the "
		             "port to use inject/drain",
		             fn, (unsigned int)port_id, sdpa_wire_kind_name(p->app_kind),
		             (unsigned int)port_id);
		*err = DOCA_ERROR_BAD_STATE;
		return NULL;
	}
	/* open with a mem wire means the wire exists; say so if that ever stops holding */
	*err = p->app_wire != NULL ? DOCA_SUCCESS : DOCA_ERROR_BAD_STATE;
	if (p->app_wire == NULL)
		DOCA_LOG_ERR("%s: port %u has no wire; restart the port", fn,
		             (unsigned int)port_id);
	return p->app_wire;
}

DOCA_EXPERIMENTAL doca_error_t softdpa_port_inject(uint16_t port_id, const void *frame,
                                                   uint32_t len)
{
	struct sdpa_wire *w;
	struct port *p;
	doca_error_t r;

	if (port_id >= SDPA_MAX_PORTS) {
		DOCA_LOG_ERR("softdpa_port_inject: port id %u is out of range; port ids are 0..%u",
		             (unsigned int)port_id, SDPA_MAX_PORTS - 1);
		return DOCA_ERROR_INVALID_VALUE;
	}
	if (frame == NULL) {
		DOCA_LOG_ERR("softdpa_port_inject: frame is NULL; pass the frame's bytes");
		return DOCA_ERROR_INVALID_VALUE;
	}
	if (len == 0 || len > SOFTDPA_FRAME_MAX) {
		DOCA_LOG_ERR("softdpa_port_inject: port %u: frame length %u is outside 1..%u "
		             "(SOFTDPA_FRAME_MAX); pass the frame's real length",
		             (unsigned int)port_id, len, (unsigned int)SOFTDPA_FRAME_MAX);
		return DOCA_ERROR_INVALID_VALUE;
	}
	p = port_get(port_id);
	pthread_mutex_lock(&p->inject_lock);
	w = app_wire_locked(__func__, port_id, p, &r);
	if (w != NULL)
		r = sdpa_wire_mem_inject_nolock(w, frame, len); /* AGAIN: flow control, no log */
	pthread_mutex_unlock(&p->inject_lock);
	return r;
}

DOCA_EXPERIMENTAL doca_error_t softdpa_port_drain(uint16_t port_id, void *buf, uint32_t cap,
                                                  uint32_t *len)
{
	struct sdpa_wire *w;
	struct port *p;
	doca_error_t r;

	if (port_id >= SDPA_MAX_PORTS) {
		DOCA_LOG_ERR("softdpa_port_drain: port id %u is out of range; port ids are 0..%u",
		             (unsigned int)port_id, SDPA_MAX_PORTS - 1);
		return DOCA_ERROR_INVALID_VALUE;
	}
	if (buf == NULL || len == NULL) {
		DOCA_LOG_ERR("softdpa_port_drain: %s is NULL; pass a buffer and where to store the "
		             "frame's length",
		             buf == NULL ? "buf" : "len");
		return DOCA_ERROR_INVALID_VALUE;
	}
	p = port_get(port_id);
	pthread_mutex_lock(&p->drain_lock);
	w = app_wire_locked(__func__, port_id, p, &r);
	if (w != NULL)
		r = sdpa_wire_mem_drain_nolock(w, buf, cap, len); /* EMPTY: no log */
	pthread_mutex_unlock(&p->drain_lock);
	if (r == DOCA_ERROR_TOO_BIG)
		DOCA_LOG_ERR("softdpa_port_drain: port %u: the next frame is %u bytes but cap is "
		             "%u; it stays queued. Pass a buffer of at least %u bytes "
		             "(SOFTDPA_FRAME_MAX = %u always fits)",
		             (unsigned int)port_id, *len, cap, *len,
		             (unsigned int)SOFTDPA_FRAME_MAX);
	return r;
}

DOCA_EXPERIMENTAL doca_error_t softdpa_port_stats(uint16_t port_id,
                                                  struct softdpa_port_stats *stats)
{
	struct saved_ctr c;
	struct sdpa_wire *w;
	struct port *p;

	if (port_id >= SDPA_MAX_PORTS) {
		DOCA_LOG_ERR("softdpa_port_stats: port id %u is out of range; port ids are 0..%u",
		             (unsigned int)port_id, SDPA_MAX_PORTS - 1);
		return DOCA_ERROR_INVALID_VALUE;
	}
	if (stats == NULL) {
		DOCA_LOG_ERR("softdpa_port_stats: stats is NULL; pass a struct softdpa_port_stats "
		             "to fill");
		return DOCA_ERROR_INVALID_VALUE;
	}
	p = port_get(port_id);
	memset(stats, 0, sizeof(*stats));
	pthread_mutex_lock(&p->ctl);
	w = sdpa_load_relaxed(&p->wire);
	if (w != NULL) {
		c.rx_malformed = sdpa_load_relaxed(&w->ctr.rx_malformed);
		c.tx_frames = sdpa_load_relaxed(&w->ctr.tx_frames);
		c.tx_bytes = sdpa_load_relaxed(&w->ctr.tx_bytes);
		c.tx_malformed = sdpa_load_relaxed(&w->ctr.tx_malformed);
		c.tx_errors = sdpa_load_relaxed(&w->ctr.tx_errors);
		c.rx_refused = sdpa_load_relaxed(&w->ctr.rx_refused);
	} else {
		c = p->saved;
	}
	stats->rx_frames = 0;
	stats->rx_bytes = 0;
	for (unsigned int q = 0; q < SDPA_WIRE_RXQ_MAX; q++) {
		stats->rx_frames += sdpa_load_relaxed(&p->rxq[q].rx_frames);
		stats->rx_bytes += sdpa_load_relaxed(&p->rxq[q].rx_bytes);
	}
	stats->tx_frames = c.tx_frames;
	stats->tx_bytes = c.tx_bytes;
	stats->rx_refused = c.rx_refused;
	for (unsigned int wk = 0; wk < SDPA_PORT_WORKERS; wk++)
		for (unsigned int i = 0; i < SOFTDPA_DROP_REASON_MAX; i++)
			stats->dropped[i] += sdpa_load_relaxed(&p->workers[wk].dropped[i]);
	stats->dropped[SOFTDPA_DROP_MALFORMED] += c.rx_malformed + c.tx_malformed;
	stats->dropped[SOFTDPA_DROP_WIRE_ERROR] += c.tx_errors;
	pthread_mutex_unlock(&p->ctl);
	for (unsigned int i = 0; i < SOFTDPA_DROP_REASON_MAX; i++)
		stats->dropped_total += stats->dropped[i];
	return DOCA_SUCCESS;
}

/* Flush pcap outputs at exit, so they are complete even if the application never stops
 * its ports. Wires are not closed here: a worker thread may still be using them. */
static void __attribute__((destructor)) ports_fini(void)
{
	for (uint16_t i = 0; i < SDPA_MAX_PORTS; i++) {
		/* A6 pairs with R6 in sdpa_port_open, as in dp_wire. */
		struct sdpa_wire *w = sdpa_load_acquire(&ports[i].wire);

		if (w != NULL && w->kind == SDPA_WIRE_PCAP)
			sdpa_wire_pcap_flush(w);
	}
}

/* The "ports" section of softdpa_stats_dump / SOFTDPA_STATS: ports that are started or
 * carried traffic, from the same counters softdpa_port_stats() sums. */
static void dump_ports(void *arg, FILE *out)
{
	(void)arg;
	for (uint16_t id = 0; id < SDPA_MAX_PORTS; id++) {
		struct softdpa_port_stats st;
		bool open = sdpa_port_is_open(id);

		if (softdpa_port_stats(id, &st) != DOCA_SUCCESS)
			continue;
		if (!open && st.rx_frames == 0 && st.tx_frames == 0 && st.dropped_total == 0 &&
		    st.rx_refused == 0)
			continue;
		fprintf(out, "{\"port\":%u,\"state\":\"%s\",\"wire\":\"%s\"", (unsigned int)id,
		        open ? "started" : "stopped",
		        open ? sdpa_wire_kind_name(sdpa_port_wire_kind(id)) : "-");
		fprintf(out,
		        ",\"rx_frames\":%llu,\"rx_bytes\":%llu,\"tx_frames\":%llu,"
		        "\"tx_bytes\":%llu,\"rx_refused\":%llu,\"dropped\":%llu",
		        (unsigned long long)st.rx_frames, (unsigned long long)st.rx_bytes,
		        (unsigned long long)st.tx_frames, (unsigned long long)st.tx_bytes,
		        (unsigned long long)st.rx_refused, (unsigned long long)st.dropped_total);
		for (int r = 0; r < SOFTDPA_DROP_REASON_MAX; r++)
			if (st.dropped[r] != 0)
				fprintf(out, ",\"drop_%s\":%llu",
				        softdpa_drop_reason_name((enum softdpa_drop_reason)r),
				        (unsigned long long)st.dropped[r]);
		fputs("}\n", out);
	}
}

static void register_stats(void)
{
	(void)sdpa_stats_register("ports", dump_ports, NULL);
}

/* Called when a port opens: from then on every stats dump lists the ports. */
static void stats_section_once(void)
{
	static pthread_once_t once = PTHREAD_ONCE_INIT;

	pthread_once(&once, register_stats);
	sdpa_stats_maybe_start();
}
