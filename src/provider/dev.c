/* SPDX-License-Identifier: BSD-3-Clause
 * The provider's device API (D6): what a DPA kernel calls. Runs on emulated EUs.
 *
 * A post resolves the address under the registry read lock (held until the post ends),
 * checks the queue, and writes slots. Flow-control answers (AGAIN) do not log, except to
 * name the classic mistakes behind a full queue: requests never flushed, or completions
 * never polled.
 */
#include <dev/doca_flow_dpa_provider_dev.h>

#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#if defined(__linux__)
#include <linux/hw_breakpoint.h>
#include <linux/perf_event.h>
#include <sys/syscall.h>
#endif

#include "core/config.h"
#include "core/log.h"
#include "core/trace.h"
#include "core/util.h"
#include "provider/provider.h"

SDPA_LOG_REGISTER(provider_dev);

struct qcache;

struct post {
	struct doca_flow_dpa_ctx *ctx;
	struct sdpa_prov_obj *obj;
	struct sdpa_prov_ring *ring;
	struct qcache *cache; /* this resolution's cache entry */
	uint16_t slot;
};

/* Take use of a ring for one post or poll. The ring is single-producer: its DPA thread owns
 * it, so taking it is a load and a store on the producer's own line, no locked
 * instruction. Two DPA threads on one queue is a bug on hardware: one that finds the ring
 * in use says so, then serialises with the other (a race of both entering at the very
 * same instant goes unseen, as it would on hardware). */
static __attribute__((noinline)) void ring_enter_contended(struct sdpa_prov_ring *r, const char *fn)
{
	uint32_t expected = 0;

	DOCA_LOG_RATE_LIMIT_WARN("%s: %s queue %u of port %u is used by two DPA threads at once; "
	                         "give each DPA thread its own queue_id (queues are "
	                         "single-producer on hardware)",
	                         fn, sdpa_prov_queue_type_name(r->type), r->queue_id,
	                         (unsigned int)r->port_id);
	do {
		expected = 0;
		sdpa_cpu_relax();
	} while (!sdpa_cas_acq_rel(&r->owner, &expected, 1));
}

static inline void ring_enter(struct sdpa_prov_ring *r, const char *fn)
{
	if (sdpa_load_relaxed(&r->owner) == 0) {
		/* A-own pairs with R-own in ring_leave: the previous user's writes are seen. */
		(void)sdpa_load_acquire(&r->owner);
		sdpa_store_relaxed(&r->owner, 1);
		return;
	}
	ring_enter_contended(r, fn);
}

static void ring_leave(struct sdpa_prov_ring *r)
{
	/* R-own pairs with A-own in ring_enter: our writes are seen by the next user. */
	sdpa_store_release(&r->owner, 0);
}

/* Per thread (a queue has one producer thread): the last resolutions of (address, queue
 * type, queue id), valid while the registry generation they were made under holds. A hit
 * skips the address decode and the ctx/object/queue checks; the ring's 'dead' flag and the
 * object's kind are still checked. */
enum { QCACHE_WAYS = 8 };

struct qcache {
	doca_flow_dpa_addr addr;
	uint64_t gen;
	uint32_t type, queue_id;
	struct doca_flow_dpa_ctx *ctx;
	struct sdpa_prov_obj *obj;
	struct sdpa_prov_ring *ring;
	uint16_t slot;
	uint32_t obj_gen;         /* the object's generation (what a request carries) */
	enum sdpa_prov_kind kind; /* the object's kind */
	bool strict;              /* the ctx is in strict mode */
	bool valid;
	/* The exported pipe can disable / replace (fixed at its creation; 'dead' is still
	 * checked per post). */
	bool can_disable, can_replace;
};

static _Thread_local struct qcache qcache[QCACHE_WAYS];

static struct qcache *qcache_way(doca_flow_dpa_addr addr, uint32_t type, uint32_t queue_id)
{
	uint64_t h =
	        (addr ^ (addr >> 16) ^ ((uint64_t)queue_id << 2) ^ type) * 0x9e3779b97f4a7c15ull;

	return &qcache[h >> 61];
}

#define LIKELY(x) __builtin_expect(!!(x), 1)

/* The cache missed: resolve 'addr' the long way (each refusal logged) and fill way 'c'.
 * Called with the registry read lock held; returns with it held on success only. */
static __attribute__((noinline)) doca_error_t post_resolve(const char *fn, doca_flow_dpa_addr addr,
                                                           enum sdpa_prov_kind kind, uint32_t type,
                                                           uint32_t queue_id, struct post *p,
                                                           struct qcache *c, uint64_t gen)
{
	const char *why = NULL;
	struct sdpa_prov_qset *qs;

	p->ctx = sdpa_prov_addr_resolve(addr, &p->slot, &why);
	if (p->ctx == NULL) {
		sdpa_prov_read_end();
		DOCA_LOG_RATE_LIMIT_ERR("%s: address 0x%016llx %s", fn, (unsigned long long)addr,
		                        why);
		return DOCA_ERROR_INVALID_VALUE;
	}
	p->obj = &p->ctx->objs[p->slot];
	if (kind != SDPA_PROV_KIND_NONE && p->obj->kind != kind) {
		sdpa_prov_read_end();
		DOCA_LOG_RATE_LIMIT_ERR("%s: address 0x%016llx names %s; this call needs %s", fn,
		                        (unsigned long long)addr, sdpa_prov_kind_name(p->obj->kind),
		                        sdpa_prov_kind_name(kind));
		return DOCA_ERROR_INVALID_VALUE;
	}
	qs = p->ctx->qsets[p->obj->port_id];
	if (qs == NULL) {
		sdpa_prov_read_end();
		DOCA_LOG_RATE_LIMIT_ERR("%s: the queues of port %u were destroyed; nothing can be "
		                        "posted until doca_flow_dpa_queues_create runs again",
		                        fn, (unsigned int)p->obj->port_id);
		return DOCA_ERROR_IO_FAILED;
	}
	if (qs->nr[type] == 0) {
		sdpa_prov_read_end();
		DOCA_LOG_RATE_LIMIT_ERR("%s: port %u has no %s queue; add a {%s, size, n} entry to "
		                        "doca_flow_dpa_queues_create",
		                        fn, (unsigned int)p->obj->port_id,
		                        sdpa_prov_queue_type_name(type),
		                        type == DOCA_FLOW_DPA_QUEUE_TYPE_GENERAL
		                                ? "DOCA_FLOW_DPA_QUEUE_TYPE_GENERAL"
		                        : type == DOCA_FLOW_DPA_QUEUE_TYPE_RESOURCES_WRITE
		                                ? "DOCA_FLOW_DPA_QUEUE_TYPE_RESOURCES_WRITE"
		                                : "DOCA_FLOW_DPA_QUEUE_TYPE_RESOURCES_READ");
		return DOCA_ERROR_NOT_SUPPORTED;
	}
	if (queue_id >= qs->nr[type]) {
		sdpa_prov_read_end();
		DOCA_LOG_RATE_LIMIT_ERR("%s: queue_id %u is out of range: port %u has %u %s queues",
		                        fn, queue_id, (unsigned int)p->obj->port_id, qs->nr[type],
		                        sdpa_prov_queue_type_name(type));
		return DOCA_ERROR_INVALID_VALUE;
	}
	p->ring = sdpa_prov_ring_get(qs, type, queue_id);
	if (sdpa_load_relaxed(&p->ring->dead)) {
		sdpa_prov_read_end();
		DOCA_LOG_RATE_LIMIT_ERR("%s: %s queue %u of port %u is being destroyed", fn,
		                        sdpa_prov_queue_type_name(type), queue_id,
		                        (unsigned int)p->obj->port_id);
		return DOCA_ERROR_IO_FAILED;
	}
	/* The object's generation moves only under the registry write lock, so it holds as
	 * long as 'gen' does. */
	*c = (struct qcache){.addr = addr,
	                     .gen = gen,
	                     .type = type,
	                     .queue_id = queue_id,
	                     .ctx = p->ctx,
	                     .obj = p->obj,
	                     .ring = p->ring,
	                     .slot = p->slot,
	                     .obj_gen = sdpa_load_relaxed(&p->obj->gen),
	                     .kind = p->obj->kind,
	                     .strict = p->ctx->mode == SDPA_WINDOW_STRICT,
	                     .valid = true};
	p->cache = c;
	return DOCA_SUCCESS;
}

/* Resolve 'addr' for a call that needs object kind 'kind' (NONE: any kind) and queue
 * 'type'. On success the registry read lock is held; release it with post_end(). A hit in
 * this thread's cache costs a few compares: the registry generation it was made under
 * still holds (no context, export or queue set changed since), and the ring is not dying. */
static inline __attribute__((always_inline)) doca_error_t
post_begin(const char *fn, doca_flow_dpa_addr addr, enum sdpa_prov_kind kind, uint32_t type,
           uint32_t queue_id, struct post *p)
{
	struct qcache *c;
	uint64_t gen;

	if (type >= SDPA_PROV_NR_TYPES) {
		DOCA_LOG_RATE_LIMIT_ERR("%s: queue type %u is not a doca_flow_dpa_queue_type", fn,
		                        type);
		return DOCA_ERROR_INVALID_VALUE;
	}
	sdpa_prov_read_begin();
	gen = sdpa_prov_registry_gen();
	c = qcache_way(addr, type, queue_id);
	if (LIKELY(c->valid && c->addr == addr && c->gen == gen && c->type == type &&
	           c->queue_id == queue_id && (kind == SDPA_PROV_KIND_NONE || c->kind == kind) &&
	           !sdpa_load_relaxed(&c->ring->dead))) {
		p->ctx = c->ctx;
		p->obj = c->obj;
		p->ring = c->ring;
		p->slot = c->slot;
		p->cache = c;
		return DOCA_SUCCESS;
	}
	return post_resolve(fn, addr, kind, type, queue_id, p, c, gen);
}

static void post_end(void)
{
	sdpa_prov_read_end();
}

/* Must own the ring. Hand everything posted to the processor. */
static void ring_flush(struct doca_flow_dpa_ctx *ctx, struct sdpa_prov_ring *r)
{
	uint32_t old = sdpa_load_relaxed(&r->flushed);
	uint64_t due = 0;

	if (old == r->posted)
		return;
	if (ctx->async) {
		/* faithful/strict: the NIC runs the batch once its latency has passed. */
		due = sdpa_prov_due(ctx, r, sdpa_mono_ns());
		for (uint32_t i = old; i != r->posted; i++)
			r->slots[i & r->mask].due = due;
	}
	/* R1: pairs with A1 in sdpa_prov_process_due: the slot contents (dues included) are
	 * written before the processor can see them as flushed. */
	sdpa_store_release(&r->flushed, r->posted);
	sdpa_fetch_add_acq_rel(&ctx->pending, (uint32_t)(r->posted - old));
	if (sdpa_trace_on())
		sdpa_trace_prov_flush(r->port_id, r->type, r->queue_id, r->posted - old);
	if (ctx->async) {
		sdpa_prov_engine_kick(ctx, r, due);
		return;
	}
	/* fast: the request engine is modelled as instantaneous, and the flushing thread
	 * runs the batch. On a host with fewer cores than busy threads, handing it to
	 * another thread makes completions wait for a time slice. */
	sdpa_prov_process_now(ctx, r);
}

/* ---- strict: the races of an asynchronous engine, diagnosed (docs/PROVIDER.md) ----
 *
 * Per OS thread (an EU runs one execution at a time): the queues this execution posted
 * on, and up to 4 read destinations watched by a hardware watchpoint (the CPU's debug
 * registers, through perf_event_open) from the post until the poll that reports the
 * read. A watchpoint that counted an access means the kernel touched *value before its
 * completion was reported: on hardware it read whatever was there before. */
enum { TL_QUEUES = 16, TL_WATCHES = 4 };

struct tl_queue {
	doca_flow_dpa_addr addr;
	uint32_t type, queue_id;
};

struct tl_watch {
	int fd;
	const struct sdpa_prov_ring *ring; /* identity only, never dereferenced */
	uint32_t seq;                      /* the request's slot number (posted index) */
	uint32_t queue_id;
	uint16_t port_id;
};

static _Thread_local struct {
	uint32_t nq, nw;
	struct tl_queue q[TL_QUEUES];
	struct tl_watch w[TL_WATCHES];
} tl;

static sdpa_atomic_u32 watch_unavailable_logged;

static void strict_abort_maybe(void)
{
	if (sdpa_config_get()->strict_abort)
		abort();
}

static void note_queue(doca_flow_dpa_addr addr, uint32_t type, uint32_t queue_id)
{
	for (uint32_t i = 0; i < tl.nq; i++)
		if (tl.q[i].type == type && tl.q[i].queue_id == queue_id && tl.q[i].addr == addr)
			return;
	if (tl.nq < TL_QUEUES)
		tl.q[tl.nq++] = (struct tl_queue){addr, type, queue_id};
}

static int watch_open(const void *addr)
{
#if defined(__linux__) && (defined(__x86_64__) || defined(__aarch64__))
	struct perf_event_attr a;

	memset(&a, 0, sizeof(a));
	a.type = PERF_TYPE_BREAKPOINT;
	a.size = sizeof(a);
	a.bp_type = HW_BREAKPOINT_RW; /* x86 cannot watch loads alone; stores are misuse too */
	a.bp_addr = (uintptr_t)addr;
	a.bp_len = ((uintptr_t)addr & 7u) == 0 ? HW_BREAKPOINT_LEN_8 : HW_BREAKPOINT_LEN_1;
	a.exclude_kernel = 1;
	a.exclude_hv = 1;
	/* pid 0, cpu -1: this thread only, so the engine's write of the value never counts. */
	return (int)syscall(__NR_perf_event_open, &a, 0, -1, -1, PERF_FLAG_FD_CLOEXEC);
#else
	(void)addr;
	return -1;
#endif
}

/* Whether watchpoints count on this machine: some hypervisors accept the perf event but
 * never raise the debug exception, so a watch that opens is not proof. Tried once, on a
 * variable of our own that this thread then reads; 1 = they count, 2 = they do not. */
static sdpa_atomic_u32 watch_state;

static bool watch_works(void)
{
	uint32_t s = sdpa_load_relaxed(&watch_state); /* a plain flag: no data hangs on it */

	if (s == 0) {
		static volatile uint64_t probe;
		uint64_t count = 0;
		int fd = watch_open((const void *)&probe);

		if (fd >= 0) {
			(void)probe;
			if (read(fd, &count, sizeof(count)) != (ssize_t)sizeof(count))
				count = 0;
			close(fd);
		}
		s = count != 0 ? 1u : 2u;
		sdpa_store_relaxed(&watch_state, s);
	}
	return s == 1;
}

/* Close a watch; true when the watched destination was touched while it was armed. */
static bool watch_close(const struct tl_watch *w)
{
	uint64_t count = 0;
	bool touched = read(w->fd, &count, sizeof(count)) == (ssize_t)sizeof(count) && count;

	close(w->fd);
	return touched;
}

static void report_early_use(const struct tl_watch *w)
{
	char who[160];

	if (!sdpa_prov_glue_report_once(SDPA_REPORT_PROV_EARLY_USE))
		return;
	sdpa_prov_glue_who(who, sizeof(who));
	DOCA_LOG_ERR("strict: %s used *value of a memory read on RESOURCES_READ queue %u of port "
	             "%u before doca_flow_queue_poll_completion reported the request; on a "
	             "BlueField the NIC writes *value some time after the flush, so the kernel "
	             "read whatever was there before. Fix: poll doca_flow_queue_poll_completion "
	             "until the request is reported before using *value",
	             who, w->queue_id, (unsigned int)w->port_id);
	strict_abort_maybe();
}

/* A read was just posted as slot 'seq' of 'r' (owned) into 'out': watch it. */
static void watch_read(const struct sdpa_prov_ring *r, uint32_t seq, const uint64_t *out)
{
	struct tl_watch w = {.ring = r, .seq = seq, .queue_id = r->queue_id, .port_id = r->port_id};

	if (out == NULL)
		return;
	if (tl.nw == TL_WATCHES) {
		/* Debug registers are few: the oldest watch (a read never polled from a host
		 * thread, typically) gives way. */
		if (watch_close(&tl.w[0]))
			report_early_use(&tl.w[0]);
		memmove(&tl.w[0], &tl.w[1], sizeof(tl.w[0]) * (TL_WATCHES - 1));
		tl.nw--;
	}
	w.fd = watch_works() ? watch_open(out) : -1;
	if (w.fd < 0) {
		uint32_t expected = 0;

		if (sdpa_cas_acq_rel(&watch_unavailable_logged, &expected, 1))
			DOCA_LOG_WARN(
			        "strict: cannot watch memory-read destinations (hardware "
			        "watchpoints through perf_event_open are unavailable or never "
			        "fire, as under some hypervisors); a "
			        "kernel that uses *value before polling is not detected, one "
			        "that returns with reads it never polled still is");
		return;
	}
	tl.w[tl.nw++] = w;
}

/* Must own 'r'. A poll just reported slots [from, to) of 'r': close their watches. */
static void watches_reported(const struct sdpa_prov_ring *r, uint32_t from, uint32_t to)
{
	uint32_t k = 0;

	for (uint32_t i = 0; i < tl.nw; i++) {
		struct tl_watch *w = &tl.w[i];

		if (w->ring == r && (uint32_t)(w->seq - from) < (uint32_t)(to - from)) {
			if (watch_close(w))
				report_early_use(w);
			continue;
		}
		tl.w[k++] = *w;
	}
	tl.nw = k;
}

/* Resolve a queue without logging (the export may be gone by now). On success the
 * registry read lock is held. */
static struct sdpa_prov_ring *resolve_quiet(const struct tl_queue *q)
{
	const char *why;
	uint16_t slot;
	struct doca_flow_dpa_ctx *ctx;
	struct sdpa_prov_qset *qs;
	struct sdpa_prov_ring *r;

	sdpa_prov_read_begin();
	ctx = sdpa_prov_addr_resolve(q->addr, &slot, &why);
	qs = ctx != NULL ? ctx->qsets[ctx->objs[slot].port_id] : NULL;
	if (qs == NULL || q->type >= SDPA_PROV_NR_TYPES || q->queue_id >= qs->nr[q->type]) {
		sdpa_prov_read_end();
		return NULL;
	}
	r = sdpa_prov_ring_get(qs, q->type, q->queue_id);
	if (sdpa_load_relaxed(&r->dead)) {
		sdpa_prov_read_end();
		return NULL;
	}
	return r;
}

static void report_unpolled(const struct sdpa_prov_ring *r, uint32_t n)
{
	char who[160];
	enum sdpa_report bit =
	        r->type == DOCA_FLOW_DPA_QUEUE_TYPE_RESOURCES_READ ? SDPA_REPORT_PROV_UNPOLLED_READ
	        : r->type == DOCA_FLOW_DPA_QUEUE_TYPE_GENERAL ? SDPA_REPORT_PROV_UNPOLLED_GENERAL
	                                                      : SDPA_REPORT_PROV_UNPOLLED_WRITE;

	if (!sdpa_prov_glue_report_once(bit))
		return;
	sdpa_prov_glue_who(who, sizeof(who));
	if (r->type == DOCA_FLOW_DPA_QUEUE_TYPE_RESOURCES_READ)
		DOCA_LOG_ERR("strict: %s returned with %u memory read(s) on RESOURCES_READ queue "
		             "%u of port %u that no doca_flow_queue_poll_completion reported; "
		             "*value is written whenever the NIC runs the read, so whatever the "
		             "kernel took from it was stale. Fix: poll "
		             "doca_flow_queue_poll_completion until the request is reported "
		             "before using *value",
		             who, n, r->queue_id, (unsigned int)r->port_id);
	else if (r->type == DOCA_FLOW_DPA_QUEUE_TYPE_GENERAL)
		DOCA_LOG_ERR("strict: %s returned with %u enable/disable/replace request(s) on "
		             "GENERAL queue %u of port %u that no "
		             "doca_flow_queue_poll_completion reported; until the NIC runs them, "
		             "traffic still uses the old entry state. Fix: poll "
		             "doca_flow_queue_poll_completion until the requests are reported "
		             "before acting as if they took effect",
		             who, n, r->queue_id, (unsigned int)r->port_id);
	else
		DOCA_LOG_ERR("strict: %s returned with %u update/modify request(s) on "
		             "RESOURCES_WRITE queue %u of port %u that no "
		             "doca_flow_queue_poll_completion reported; until the NIC runs them, "
		             "traffic still sees the old resource content. Fix: poll "
		             "doca_flow_queue_poll_completion until the requests are reported "
		             "before acting as if they took effect",
		             who, n, r->queue_id, (unsigned int)r->port_id);
	strict_abort_maybe();
}

void sdpa_prov_exec_end(bool returned)
{
	struct tl_watch w[TL_WATCHES];
	struct tl_queue q[TL_QUEUES];
	uint32_t nw = tl.nw, nq = tl.nq;

	if (nw == 0 && nq == 0)
		return;
	memcpy(w, tl.w, sizeof(w[0]) * nw);
	memcpy(q, tl.q, sizeof(q[0]) * nq);
	tl.nw = 0;
	tl.nq = 0;
	for (uint32_t i = 0; i < nw; i++)
		if (watch_close(&w[i]))
			report_early_use(&w[i]);
	/* A DPA thread that reschedules may poll in its next activation. */
	for (uint32_t i = 0; returned && i < nq; i++) {
		struct sdpa_prov_ring *r = resolve_quiet(&q[i]);
		uint32_t n;

		if (r == NULL)
			continue;
		ring_enter(r, __func__);
		n = r->posted - r->polled;
		ring_leave(r);
		post_end();
		if (n != 0)
			report_unpolled(r, n);
	}
}

/* SOFTDPA_TRACE: 'count' requests of 'op' were just posted on 'r' (must own it). */
static void trace_post(const struct sdpa_prov_ring *r, uint8_t op, uint32_t count)
{
	static const char *const name[] = {"enable",     "disable",    "replace",
	                                   "sel_modify", "mem_update", "mem_read"};

	/* Relaxed: counting only, like ring_room. */
	sdpa_trace_prov_post(r->port_id, r->type, r->queue_id,
	                     op < SDPA_ARRAY_SIZE(name) ? name[op] : "?", count,
	                     r->posted - sdpa_load_relaxed(&r->done));
}

/* Must own the ring, which is full: AGAIN with the reason logged. */
static __attribute__((noinline)) doca_error_t ring_full(struct sdpa_prov_ring *r, uint32_t used,
                                                        const char *fn)
{
	uint32_t unflushed, unpolled;

	sdpa_fetch_add_relaxed(&r->stat_again, 1);
	unflushed = r->posted - sdpa_load_relaxed(&r->flushed);
	/* A2': the processor's release of 'done' pairs with this acquire (counting only). */
	unpolled = sdpa_load_acquire(&r->done) - r->polled;
	if (unflushed != 0)
		DOCA_LOG_RATE_LIMIT_WARN(
		        "%s: %s queue %u of port %u is full and %u of its requests "
		        "were never flushed; post with flush=true or call "
		        "doca_flow_queue_flush",
		        fn, sdpa_prov_queue_type_name(r->type), r->queue_id,
		        (unsigned int)r->port_id, unflushed);
	else if (unpolled == used)
		DOCA_LOG_RATE_LIMIT_WARN(
		        "%s: %s queue %u of port %u is full of %u completed requests "
		        "nobody polled; call doca_flow_queue_poll_completion to "
		        "free their slots",
		        fn, sdpa_prov_queue_type_name(r->type), r->queue_id,
		        (unsigned int)r->port_id, unpolled);
	return DOCA_ERROR_AGAIN;
}

/* Must own the ring. Room for n more slots, or AGAIN with the reason logged. */
static inline doca_error_t ring_room(struct sdpa_prov_ring *r, uint32_t n, const char *fn)
{
	uint32_t used = r->posted - r->polled;

	if (LIKELY(used + n <= r->size))
		return DOCA_SUCCESS;
	return ring_full(r, used, fn);
}

static inline void ring_put(struct sdpa_prov_ring *r, const struct sdpa_prov_req *req)
{
	r->slots[r->posted & r->mask] = *req;
	r->posted++;
	/* Only the ring's owner writes it, so no read-modify-write; relaxed: a counter that
	 * the stats dump reads. */
	sdpa_store_relaxed(&r->stat_posted, sdpa_load_relaxed(&r->stat_posted) + 1);
}

static inline __attribute__((always_inline)) doca_error_t
post_one(const char *fn, doca_flow_dpa_addr addr, enum sdpa_prov_kind kind, uint32_t type,
         uint32_t queue_id, struct sdpa_prov_req *req, bool flush,
         doca_error_t (*check)(const char *, struct post *, struct sdpa_prov_req *))
{
	struct post p;
	doca_error_t r = post_begin(fn, addr, kind, type, queue_id, &p);

	if (r != DOCA_SUCCESS)
		return r;
	if (check != NULL) {
		r = check(fn, &p, req);
		if (r != DOCA_SUCCESS) {
			post_end();
			return r;
		}
	}
	ring_enter(p.ring, fn);
	r = ring_room(p.ring, 1, fn);
	if (r == DOCA_SUCCESS) {
		req->slot = p.slot;
		req->gen = p.cache->obj_gen;
		ring_put(p.ring, req);
		if (sdpa_trace_on())
			trace_post(p.ring, req->op, 1);
		if (p.cache->strict) {
			note_queue(addr, type, queue_id);
			if (req->op == SDPA_PROV_OP_MEM_READ)
				watch_read(p.ring, p.ring->posted - 1, req->out);
		}
		if (flush)
			ring_flush(p.ctx, p.ring);
	}
	ring_leave(p.ring);
	post_end();
	return r;
}

static doca_error_t check_disable(const char *fn, struct post *p, struct sdpa_prov_req *req)
{
	(void)req;
	if (p->cache->can_disable || sdpa_load_relaxed(&p->obj->dead))
		return DOCA_SUCCESS; /* a destroyed pipe: the request completes as failed */
	if (sdpa_prov_pipe_can_disable(p->obj)) {
		p->cache->can_disable = true;
		return DOCA_SUCCESS;
	}
	DOCA_LOG_RATE_LIMIT_ERR("%s: this hash pipe cannot disable entries; create it with "
	                        "DOCA_FLOW_PIPE_HASH_MAP_ALGORITHM_RANDOM, _FLOODING or "
	                        "_SELECT_ENABLED",
	                        fn);
	return DOCA_ERROR_NOT_SUPPORTED;
}

static doca_error_t check_replace(const char *fn, struct post *p, struct sdpa_prov_req *req)
{
	(void)req;
	if (p->cache->can_replace || sdpa_load_relaxed(&p->obj->dead))
		return DOCA_SUCCESS; /* a destroyed pipe: the request completes as failed */
	if (sdpa_prov_pipe_can_replace(p->obj)) {
		p->cache->can_replace = true;
		return DOCA_SUCCESS;
	}
	DOCA_LOG_RATE_LIMIT_ERR("%s: this hash pipe has no path-selector field; mark one header "
	                        "field changeable (all ones) in the pipe's action mask",
	                        fn);
	return DOCA_ERROR_NOT_SUPPORTED;
}

DOCA_EXPERIMENTAL doca_error_t doca_flow_pipe_hash_enable_index(doca_flow_dpa_addr pipe,
                                                                uint32_t queue_id, uint32_t index,
                                                                bool flush)
{
	struct sdpa_prov_req req = {.op = SDPA_PROV_OP_ENABLE, .index = index, .count = 1};

	return post_one(__func__, pipe, SDPA_PROV_KIND_PIPE, DOCA_FLOW_DPA_QUEUE_TYPE_GENERAL,
	                queue_id, &req, flush, NULL);
}

DOCA_EXPERIMENTAL doca_error_t doca_flow_pipe_hash_disable_index(doca_flow_dpa_addr pipe,
                                                                 uint32_t queue_id, uint32_t index,
                                                                 bool flush)
{
	struct sdpa_prov_req req = {.op = SDPA_PROV_OP_DISABLE, .index = index, .count = 1};

	return post_one(__func__, pipe, SDPA_PROV_KIND_PIPE, DOCA_FLOW_DPA_QUEUE_TYPE_GENERAL,
	                queue_id, &req, flush, check_disable);
}

DOCA_EXPERIMENTAL doca_error_t doca_flow_pipe_hash_replace_index(doca_flow_dpa_addr pipe,
                                                                 uint32_t queue_id, uint32_t index,
                                                                 uint32_t value, bool flush)
{
	struct sdpa_prov_req req = {
	        .op = SDPA_PROV_OP_REPLACE, .index = index, .count = 1, .value = value};

	return post_one(__func__, pipe, SDPA_PROV_KIND_PIPE, DOCA_FLOW_DPA_QUEUE_TYPE_GENERAL,
	                queue_id, &req, flush, check_replace);
}

DOCA_EXPERIMENTAL doca_error_t doca_flow_external_resource_index_selector_modify(
        doca_flow_dpa_addr res, uint32_t queue_id, uint32_t resource_offset,
        enum doca_flow_external_resource_index_selector_operation op, uint32_t index, bool flush)
{
	struct sdpa_prov_req req = {.op = SDPA_PROV_OP_SEL_MODIFY,
	                            .sel_op = (uint8_t)op,
	                            .offset = resource_offset,
	                            .index = index,
	                            .count = 1};

	/* An op outside the enum is posted and fails at execution, as on hardware. */
	if ((unsigned int)op > 0xff)
		req.sel_op = 0xff;
	return post_one(__func__, res, SDPA_PROV_KIND_SELECTOR,
	                DOCA_FLOW_DPA_QUEUE_TYPE_RESOURCES_WRITE, queue_id, &req, flush, NULL);
}

/* Post one request per 'chunk'-aligned block of [start, end]; all or nothing. Blocks
 * start at 'base' (selector indices are 1-based: 1..32, 33..64, ...). */
static doca_error_t post_range(const char *fn, doca_flow_dpa_addr addr, enum sdpa_prov_kind kind,
                               uint32_t type, uint32_t queue_id, struct sdpa_prov_req *tmpl,
                               uint32_t start, uint32_t end, uint32_t chunk, uint32_t base,
                               uint64_t *values, bool flush)
{
	struct post p;
	doca_error_t r;
	uint32_t nr_chunks;

	r = post_begin(fn, addr, kind, type, queue_id, &p);
	if (r != DOCA_SUCCESS)
		return r;
	/* A reversed range (or one below 'base') is posted as one request that fails, like
	 * any bad index. */
	bool valid = start <= end && start >= base;

	nr_chunks = valid ? (end - base) / chunk - (start - base) / chunk + 1 : 1;
	ring_enter(p.ring, fn);
	r = ring_room(p.ring, nr_chunks, fn);
	if (r == DOCA_SUCCESS) {
		uint32_t gen = p.cache->obj_gen;

		if (!valid) {
			struct sdpa_prov_req req = *tmpl;
			req.slot = p.slot, req.gen = gen, req.index = start, req.count = 0;
			req.out = values;
			ring_put(p.ring, &req);
		}
		for (uint64_t i = start; valid && i <= end;) {
			uint64_t block_end = ((i - base) / chunk + 1) * chunk - 1 + base;
			uint64_t last = block_end < end ? block_end : end;
			struct sdpa_prov_req req = *tmpl;

			req.slot = p.slot, req.gen = gen;
			req.index = (uint32_t)i;
			req.count = (uint32_t)(last - i + 1);
			req.out = values != NULL ? values + (i - start) : NULL;
			ring_put(p.ring, &req);
			i = last + 1;
		}
		if (sdpa_trace_on())
			trace_post(p.ring, tmpl->op, nr_chunks);
		if (p.cache->strict) {
			note_queue(addr, type, queue_id);
			/* A range read: the first value of each block, while watches last. */
			for (uint32_t c = 0;
			     values != NULL && c < nr_chunks && (c == 0 || tl.nw < TL_WATCHES);
			     c++) {
				uint32_t seq = p.ring->posted - nr_chunks + c;

				watch_read(p.ring, seq, p.ring->slots[seq & p.ring->mask].out);
			}
		}
		if (flush)
			ring_flush(p.ctx, p.ring);
	}
	ring_leave(p.ring);
	post_end();
	return r;
}

DOCA_EXPERIMENTAL doca_error_t doca_flow_external_resource_index_selector_modify_range(
        doca_flow_dpa_addr res, uint32_t queue_id, uint32_t resource_offset,
        enum doca_flow_external_resource_index_selector_operation op, uint32_t start_idx,
        uint32_t end_idx, bool flush)
{
	struct sdpa_prov_req tmpl = {.op = SDPA_PROV_OP_SEL_MODIFY,
	                             .sel_op = (unsigned int)op > 0xff ? 0xff : (uint8_t)op,
	                             .offset = resource_offset};

	return post_range(__func__, res, SDPA_PROV_KIND_SELECTOR,
	                  DOCA_FLOW_DPA_QUEUE_TYPE_RESOURCES_WRITE, queue_id, &tmpl, start_idx,
	                  end_idx, SDPA_PROV_SEL_CHUNK, 1, NULL, flush);
}

DOCA_EXPERIMENTAL doca_error_t doca_flow_external_resource_memory_update(doca_flow_dpa_addr res,
                                                                         uint32_t queue_id,
                                                                         uint32_t resource_offset,
                                                                         uint32_t index,
                                                                         uint64_t value, bool flush)
{
	struct sdpa_prov_req req = {.op = SDPA_PROV_OP_MEM_UPDATE,
	                            .offset = resource_offset,
	                            .index = index,
	                            .count = 1,
	                            .value = value};

	return post_one(__func__, res, SDPA_PROV_KIND_MEMORY,
	                DOCA_FLOW_DPA_QUEUE_TYPE_RESOURCES_WRITE, queue_id, &req, flush, NULL);
}

DOCA_EXPERIMENTAL doca_error_t doca_flow_external_resource_memory_read(doca_flow_dpa_addr res,
                                                                       uint32_t queue_id,
                                                                       uint32_t resource_offset,
                                                                       uint32_t index,
                                                                       uint64_t *value, bool flush)
{
	struct sdpa_prov_req req = {.op = SDPA_PROV_OP_MEM_READ,
	                            .offset = resource_offset,
	                            .index = index,
	                            .count = 1,
	                            .out = value};

	if (value == NULL) {
		DOCA_LOG_RATE_LIMIT_ERR("%s: value is NULL; pass where the value should be written",
		                        __func__);
		return DOCA_ERROR_INVALID_VALUE;
	}
	return post_one(__func__, res, SDPA_PROV_KIND_MEMORY,
	                DOCA_FLOW_DPA_QUEUE_TYPE_RESOURCES_READ, queue_id, &req, flush, NULL);
}

DOCA_EXPERIMENTAL doca_error_t doca_flow_external_resource_memory_read_range(
        doca_flow_dpa_addr res, uint32_t queue_id, uint32_t resource_offset, uint32_t start_idx,
        uint32_t end_idx, uint64_t *values, bool flush)
{
	struct sdpa_prov_req tmpl = {.op = SDPA_PROV_OP_MEM_READ, .offset = resource_offset};

	if (values == NULL) {
		DOCA_LOG_RATE_LIMIT_ERR("%s: values is NULL; pass an array of end_idx - start_idx "
		                        "+ 1 values",
		                        __func__);
		return DOCA_ERROR_INVALID_VALUE;
	}
	return post_range(__func__, res, SDPA_PROV_KIND_MEMORY,
	                  DOCA_FLOW_DPA_QUEUE_TYPE_RESOURCES_READ, queue_id, &tmpl, start_idx,
	                  end_idx, SDPA_PROV_MEM_CHUNK, 0, values, flush);
}

DOCA_EXPERIMENTAL doca_error_t
doca_flow_queue_poll_completion(doca_flow_dpa_addr obj, enum doca_flow_dpa_queue_type type,
                                uint32_t queue_id, struct doca_flow_dpa_completion_stats *stats)
{
	struct post p;
	doca_error_t r;
	uint32_t done, failed = 0;

	if (stats == NULL) {
		DOCA_LOG_RATE_LIMIT_ERR("%s: stats is NULL", __func__);
		return DOCA_ERROR_INVALID_VALUE;
	}
	r = post_begin(__func__, obj, SDPA_PROV_KIND_NONE, type, queue_id, &p);
	if (r != DOCA_SUCCESS)
		return r;
	ring_enter(p.ring, __func__);
	/* A2: pairs with R2 in process_ring: the results of every request below 'done' are
	 * visible here (and to the caller after we return). */
	done = sdpa_load_acquire(&p.ring->done);
	for (uint32_t i = p.ring->polled; i != done; i++)
		failed += p.ring->slots[i & p.ring->mask].failed;
	stats->num_completed = done - p.ring->polled;
	stats->num_failed = failed;
	if (tl.nw != 0 && done != p.ring->polled)
		watches_reported(p.ring, p.ring->polled, done);
	p.ring->polled = done;
	if (failed != 0)
		sdpa_fetch_add_relaxed(&p.ring->stat_failed, failed);
	if (stats->num_completed != 0 && sdpa_trace_on())
		sdpa_trace_prov_poll(p.ring->port_id, p.ring->type, p.ring->queue_id,
		                     stats->num_completed, failed);
	ring_leave(p.ring);
	post_end();
	return DOCA_SUCCESS;
}

DOCA_EXPERIMENTAL doca_error_t doca_flow_queue_flush(doca_flow_dpa_addr obj,
                                                     enum doca_flow_dpa_queue_type type,
                                                     uint32_t queue_id)
{
	struct post p;
	doca_error_t r = post_begin(__func__, obj, SDPA_PROV_KIND_NONE, type, queue_id, &p);

	if (r != DOCA_SUCCESS)
		return r;
	ring_enter(p.ring, __func__);
	ring_flush(p.ctx, p.ring);
	ring_leave(p.ring);
	post_end();
	return DOCA_SUCCESS;
}
