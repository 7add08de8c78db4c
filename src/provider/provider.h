/* SPDX-License-Identifier: BSD-3-Clause
 * The DOCA Flow DPA Provider (docs/DESIGN_DECISIONS.md D5, D6): internal objects.
 *
 * Objects and owners:
 *   ctx        one per doca_flow_dpa_init; owns its port queue sets and its exported
 *              objects. Its fidelity mode is read at init. In 'fast', requests run when
 *              flushed, on the flushing thread. In 'faithful' and 'strict', the ctx's
 *              request engine (a thread standing for the NIC's request engine) runs them
 *              once their modelled latency has passed (engine.c). Either way one ring's
 *              requests execute one batch at a time (its exec_lock), in order.
 *   qset       the queues of one port (per type: nr_queues rings of queue_size slots).
 *   obj        an exported pipe or resource; named on the device by a tagged address.
 *
 * A device address packs (magic, kind, ctx id, object slot, generation). Resolving one
 * takes the registry read lock for the length of a post, so a stale, foreign or wrong-kind
 * address is refused (INVALID_VALUE) and never dereferenced after its object is gone. Each
 * thread caches its last resolutions (address, queue -> ctx, object, ring), valid while
 * the registry generation has not moved.
 *
 * A request ring is single-producer (the DPA thread that owns queue_id) and
 * single-consumer (whoever executes it under its exec_lock: the flushing thread, the
 * engine, or queue teardown). Free-running uint32 indices, in order:
 *   polled <= done <= flushed <= posted,   posted - polled <= size
 *   posted   producer: requests written          (producer-private)
 *   flushed  producer: handed to the processor   (release; processor acquires)
 *   done     processor: requests executed        (release; producer acquires in poll)
 *   polled   producer: completions reported      (producer-private)
 * A slot is reused only after a poll reported it, so the processor never reads a slot the
 * producer is rewriting. A flushed slot carries the time it becomes due (the engine runs
 * it no earlier); dues never decrease along a ring, so requests execute in order.
 *
 * What an executing request reads of its object (target pipe or resource, entry count,
 * generation) stays put because the executor holds one of two locks that everything
 * retiring an object or killing a pipe's exports also takes: the registry read side (a
 * flush in 'fast' runs inside its post) or ctx->proc_lock (the engine's pass). A teardown
 * executes only dead rings, which fail their requests without reading an object. So
 * DPA threads flushing in 'fast' run their batches in parallel, as the NIC's engine does;
 * a hash pipe's own lock serialises what they change in one pipe.
 */
#ifndef SDPA_PROVIDER_PROVIDER_H
#define SDPA_PROVIDER_PROVIDER_H

#include <pthread.h>
#include <stdalign.h>
#include <stdbool.h>
#include <stdint.h>

#include <doca_flow_dpa_provider.h>

#include "core/atomics.h"
#include "core/util.h"
#include "dpa/report.h"

enum {
	SDPA_PROV_MAX_CTX = 64,     /* provider contexts alive at once */
	SDPA_PROV_MAX_OBJS = 1024,  /* exported objects per ctx */
	SDPA_PROV_MAX_PORTS = 64,   /* = SDPA_MAX_PORTS */
	SDPA_PROV_MAX_QUEUES = 256, /* queues of one type on a port */
	SDPA_PROV_MAX_QSIZE = 1 << 16,
	SDPA_PROV_NR_TYPES = 3,
	SDPA_PROV_SEL_CHUNK = 32, /* selector range: indices per request */
	SDPA_PROV_MEM_CHUNK = 8,  /* memory read range: values per request */
};

enum sdpa_prov_kind {
	SDPA_PROV_KIND_NONE = 0,
	SDPA_PROV_KIND_PIPE = 1,
	SDPA_PROV_KIND_SELECTOR = 2,
	SDPA_PROV_KIND_MEMORY = 3,
};

enum sdpa_prov_op {
	SDPA_PROV_OP_ENABLE,
	SDPA_PROV_OP_DISABLE,
	SDPA_PROV_OP_REPLACE,
	SDPA_PROV_OP_SEL_MODIFY, /* indices index..index+count-1 (one chunk) */
	SDPA_PROV_OP_MEM_UPDATE,
	SDPA_PROV_OP_MEM_READ, /* values index..index+count-1 (one chunk) into out[] */
};

/* One request, written by the producer, executed by the processor. */
struct sdpa_prov_req {
	uint8_t op;      /* enum sdpa_prov_op */
	uint8_t sel_op;  /* enum doca_flow_external_resource_index_selector_operation */
	uint16_t slot;   /* object slot in the ctx */
	uint32_t gen;    /* object generation when posted */
	uint32_t offset; /* resource_offset */
	uint32_t index;
	uint32_t count;
	uint64_t value;
	uint64_t *out;  /* reads: where the values go, written before 'done' moves */
	uint64_t due;   /* CLOCK_MONOTONIC ns when the engine may run it (set at flush) */
	uint8_t failed; /* set by the processor */
};

struct sdpa_prov_ring {
	/* Producer (DPA thread) side. */
	alignas(SDPA_CACHE_LINE) uint32_t posted;
	uint32_t polled;
	uint32_t flushes;        /* flushes that handed requests over (the jitter's sequence) */
	uint64_t last_due;       /* due of the last flushed request (dues never decrease) */
	sdpa_atomic_u32 owner;   /* 1 while a post/poll runs: detects two threads on one queue */
	sdpa_atomic_u32 flushed; /* R1: release by the producer, A1 in the processor */
	/* Processor side. */
	alignas(SDPA_CACHE_LINE)
	        sdpa_atomic_u32 done; /* R2: release by the processor, A2 in poll */
	/* Shared, immutable after creation. */
	alignas(SDPA_CACHE_LINE) uint32_t size, mask;
	uint16_t port_id;
	uint8_t type;
	uint32_t queue_id;
	sdpa_atomic_u32 dead; /* queues destroyed: posts get IO_FAILED */
	/* Held while a batch of this ring executes (done moves): the flushing thread, the
	 * engine and a teardown never run the same ring at once. */
	pthread_mutex_t exec_lock;
	sdpa_atomic_u64 stat_posted, stat_failed, stat_again; /* 'provider' stats section */
	struct sdpa_prov_req *slots;
	/* The engine's list of rings with flushed requests (ctx->eng_lock). */
	struct sdpa_prov_ring *eng_next;
	bool eng_queued;
};

struct sdpa_prov_qset {
	struct doca_flow_port *port;
	uint16_t port_id;
	uint32_t nr[SDPA_PROV_NR_TYPES];
	struct sdpa_prov_ring **rings[SDPA_PROV_NR_TYPES]; /* nr[type] rings, or NULL */
};

struct sdpa_prov_obj {
	sdpa_atomic_u32 gen; /* odd = live; bumped at destroy (stale addresses fail) */
	enum sdpa_prov_kind kind;
	bool exported;        /* pipe: export done (resources: at once) */
	sdpa_atomic_u32 dead; /* the pipe or resource behind it is gone */
	uint16_t port_id;
	void *target; /* struct doca_flow_pipe * or the resource */
	uint32_t pipe_id;
	uint32_t nr_entries;    /* pipe: indices the DPA may touch */
	uint64_t *not_exported; /* pipe: bitmap of indices that had entries at prepare */
	uint32_t nr_not_exported;
	void *handle; /* the user-visible struct (doca_flow_dpa_pipe / _resource) */
};

struct doca_flow_dpa_ctx {
	uint16_t id; /* registry slot */
	struct doca_dpa *dpa;
	uint32_t dev_id;
	struct sdpa_prov_qset *qsets[SDPA_PROV_MAX_PORTS];
	struct sdpa_prov_obj objs[SDPA_PROV_MAX_OBJS];
	uint32_t nr_objs_live;

	/* Request execution (fast: by the flushing thread, see sdpa_prov_process_now;
	 * faithful/strict: by the engine thread, see engine.c). */
	pthread_mutex_t proc_lock;     /* the engine's pass; object publish/retire and the
	                                * pipe destroy hook take it too */
	sdpa_atomic_u64 pending;       /* flushed, not yet executed (sum over rings) */
	uint8_t mode;                  /* enum sdpa_window_mode at init (the fidelity mode) */
	bool async;                    /* faithful/strict: the engine thread executes */
	uint64_t lat_ns, jit_ns, seed; /* the latency model (SOFTDPA_PROVIDER_*) */
	/* The engine (async only). Lock order: proc_lock before eng_lock. */
	pthread_mutex_t eng_lock;
	pthread_cond_t eng_cond; /* CLOCK_MONOTONIC */
	pthread_t eng_thread;
	bool eng_started;
	bool eng_stop;     /* eng_lock */
	bool eng_sleeping; /* eng_lock: the engine waits on eng_cond until eng_wake_at */
	uint64_t eng_wake_at;
	struct sdpa_prov_ring *eng_head, *eng_tail; /* eng_lock; rings with flushed requests */
};

struct doca_flow_dpa_pipe {
	struct doca_flow_dpa_ctx *ctx;
	uint16_t slot;
};

struct doca_flow_dpa_external_resource {
	struct doca_flow_dpa_ctx *ctx;
	uint16_t slot;
};

/* Registry (registry.c). The registry lock: read around a post (it keeps contexts,
 * exports and queues alive), write around any change of them. Reads nest; a read costs one
 * exchange on a line of the calling thread's own. */
extern pthread_rwlock_t sdpa_prov_registry_lock; /* inside the read/write calls only */
void sdpa_prov_read_begin(void);
void sdpa_prov_read_end(void);
void sdpa_prov_write_begin(void);
void sdpa_prov_write_end(void);
/* Changes with every write: a resolution made under one read stays valid while it holds. */
uint64_t sdpa_prov_registry_gen(void);
doca_error_t sdpa_prov_ctx_register(struct doca_flow_dpa_ctx *ctx);
void sdpa_prov_ctx_unregister(struct doca_flow_dpa_ctx *ctx);
doca_flow_dpa_addr sdpa_prov_addr_make(const struct doca_flow_dpa_ctx *ctx, uint16_t slot);
/* Must hold the registry read lock. Resolves an address or says why not (for the log). */
struct doca_flow_dpa_ctx *sdpa_prov_addr_resolve(doca_flow_dpa_addr addr, uint16_t *slot,
                                                 const char **why);
const char *sdpa_prov_kind_name(enum sdpa_prov_kind kind);
const char *sdpa_prov_queue_type_name(uint32_t type);

/* Queues and processor (queue.c). */
doca_error_t sdpa_prov_qset_create(struct doca_flow_dpa_ctx *ctx, struct doca_flow_port *port,
                                   uint16_t port_id, const struct doca_flow_dpa_queue_cfg *cfgs,
                                   uint32_t n);
void sdpa_prov_qset_destroy(struct doca_flow_dpa_ctx *ctx, uint16_t port_id);
/* Execute what is flushed on one ring, now, on the calling thread: a flush in 'fast'
 * (inside its post, the registry read side held), or a teardown (the ring dead). Lock
 * order: the registry lock, ctx->proc_lock, a ring's exec_lock, a hash pipe's lock. */
void sdpa_prov_process_now(struct doca_flow_dpa_ctx *ctx, struct sdpa_prov_ring *r);
struct sdpa_prov_ring *sdpa_prov_ring_get(const struct sdpa_prov_qset *qs, uint32_t type,
                                          uint32_t q);
/* Requests posted but never flushed, over every ring of the ctx. */
uint64_t sdpa_prov_unflushed(const struct doca_flow_dpa_ctx *ctx);
/* Must hold the registry read side or ctx->proc_lock, unless 'r' is dead (see the top of
 * this file); takes r->exec_lock. Execute what is flushed on 'r' and due at 'now' (every
 * flushed request when r is dead); *next_due = the due of the first request left, or
 * UINT64_MAX. Returns the requests executed; the caller subtracts them from 'pending'. */
uint64_t sdpa_prov_process_due(struct doca_flow_dpa_ctx *ctx, struct sdpa_prov_ring *r,
                               uint64_t now, uint64_t *next_due);

/* The request engine (engine.c), faithful and strict only. */
doca_error_t sdpa_prov_engine_start(struct doca_flow_dpa_ctx *ctx);
void sdpa_prov_engine_stop(struct doca_flow_dpa_ctx *ctx);
/* The producer flushed requests on 'r', the earliest due at 'due': make sure the engine
 * will run them. Takes eng_lock only. */
void sdpa_prov_engine_kick(struct doca_flow_dpa_ctx *ctx, struct sdpa_prov_ring *r, uint64_t due);
/* Must hold proc_lock. 'r' is about to be freed: take it off the engine's list. */
void sdpa_prov_engine_forget(struct doca_flow_dpa_ctx *ctx, struct sdpa_prov_ring *r);
/* When a request flushed now on 'r' becomes due (the latency model). Producer only. */
uint64_t sdpa_prov_due(const struct doca_flow_dpa_ctx *ctx, struct sdpa_prov_ring *r, uint64_t now);

/* strict: the execution that ends on this thread (a DPA kernel returns, a DPA thread
 * reschedules or finishes); 'returned' is false for a reschedule (dev.c). */
void sdpa_prov_exec_end(bool returned);

/* Targets (glue.c): the only file that knows the nic and dpa layers. */
doca_error_t sdpa_prov_glue_process(struct flexio_process *process, struct doca_dpa **dpa,
                                    uint32_t *dev_id);
/* Lets go of the context sdpa_prov_glue_process bound (at doca_flow_dpa_destroy). */
void sdpa_prov_glue_process_release(struct doca_dpa *dpa);
doca_error_t sdpa_prov_glue_port(struct doca_flow_port *port, uint16_t *port_id, uint32_t *dev_id);
void sdpa_prov_glue_init(void);
/* A burst being executed (the ring's exec_lock held): the hash pipe whose control lock is held
 * across consecutive requests on it, so a flushed burst takes that lock once. */
struct sdpa_prov_burst {
	struct doca_flow_pipe *pipe; /* locked, or NULL */
};
bool sdpa_prov_exec(struct doca_flow_dpa_ctx *ctx, struct sdpa_prov_req *req,
                    struct sdpa_prov_burst *b);
/* Locks as sdpa_prov_process_due, which calls it. Execute the run of REPLACE requests
 * that starts at index d of 'r' (its first request is a due REPLACE): the requests up to
 * 'f' on the same object that are due at 'now', at most 64, under one hold of the pipe's
 * lock and one call into the pipe. Sets each one's 'failed' exactly as sdpa_prov_exec
 * would; returns how many it took (>= 1). */
uint32_t sdpa_prov_exec_replace_run(struct doca_flow_dpa_ctx *ctx, struct sdpa_prov_ring *r,
                                    uint32_t d, uint32_t f, uint64_t now,
                                    struct sdpa_prov_burst *b);
/* Let go of what the burst holds; call before the ring's exec_lock is released. */
void sdpa_prov_burst_end(struct sdpa_prov_burst *b);
/* Pipe capabilities, checked at post time (D2, D3). Registry read lock held. */
bool sdpa_prov_pipe_can_disable(const struct sdpa_prov_obj *obj);
bool sdpa_prov_pipe_can_replace(const struct sdpa_prov_obj *obj);
/* Export helpers for host.c. */
doca_error_t sdpa_prov_glue_pipe(struct doca_flow_pipe *pipe, uint16_t *port_id,
                                 uint32_t *nr_entries);
bool sdpa_prov_glue_pipe_has_entry(struct doca_flow_pipe *pipe, uint32_t index);
uint32_t sdpa_prov_glue_pipe_id(const struct doca_flow_pipe *pipe);
void sdpa_prov_pipe_destroyed(struct doca_flow_pipe *pipe);
doca_error_t sdpa_prov_glue_resource(void *res, enum sdpa_prov_kind *kind, uint16_t *port_id);
void sdpa_prov_glue_pin(void *res, bool pin);
/* The device code running on this thread, for reports: "kernel 'k' rank 0 of 1 on EU 3",
 * or "a host thread (not DPA code)". Returns false for a host thread. */
bool sdpa_prov_glue_who(char *buf, size_t size);
/* True the first time 'bit' (SDPA_REPORT_PROV_*) is reported for the running kernel (always
 * true on a host thread). */
bool sdpa_prov_glue_report_once(enum sdpa_report bit);
/* The DPA calls sdpa_prov_exec_end at the end of every execution. */
void sdpa_prov_glue_exec_hook(void);

#endif
