/* SPDX-License-Identifier: BSD-3-Clause
 * Device addresses: tagged handles resolved under a read lock.
 *
 * The registry lock is a big-reader lock: a reader (a post, every few tens of ns on every
 * DPA thread) raises a flag of its own thread, on a cache line of its own, and checks that
 * no writer is in; a writer (create/destroy of contexts, exports, queues: rare) announces
 * itself, takes the rwlock, and waits until every thread's flag is down. Readers never
 * write a shared line, so posts of 8 DPA threads do not slow each other down. A reader
 * that meets a writer falls back to the rwlock. Every writer bumps the registry
 * generation, which guards the resolutions that dev.c caches per queue.
 *
 * Raising the flag and then looking for writers is a store followed by a load, which the
 * CPU may reorder unless a barrier sits between them. Where membarrier(2) is available
 * the writer provides that barrier in every running thread at once (after announcing
 * itself, before reading the flags), so a read costs a plain store, a load and a store;
 * elsewhere the reader raises its flag with a locked exchange.
 *
 * Layout (bits): 63..48 magic | 47..40 ctx slot | 39..32 ctx incarnation |
 *                31..16 object slot | 15..0 object generation.
 * An address outlives nothing: the incarnation changes when a ctx slot is reused and the
 * generation when an object slot is, so old addresses resolve to nothing.
 */
#include <pthread.h>
#include <sched.h>
#include <stdalign.h>
#include <stdlib.h>
#include <unistd.h>
#if defined(__linux__)
#include <linux/membarrier.h>
#include <sys/syscall.h>
#endif

#include "core/log.h"
#include "provider/provider.h"

SDPA_LOG_REGISTER(provider);

enum { ADDR_MAGIC = 0xF1DAu };

pthread_rwlock_t sdpa_prov_registry_lock = PTHREAD_RWLOCK_INITIALIZER;

/* ---- the big-reader lock ---- */

struct reader {
	alignas(SDPA_CACHE_LINE) sdpa_atomic_u32 active; /* this thread is reading */
	sdpa_atomic_u32 in_use;                          /* owned by a live thread */
	struct reader *next;                             /* immutable once published */
};

static sdpa_atomic_ptr readers; /* struct reader *: grows only, nodes are reused */
static pthread_mutex_t readers_lock = PTHREAD_MUTEX_INITIALIZER;
static sdpa_atomic_u32 writers; /* writers in or waiting */
static sdpa_atomic_u64 reg_gen; /* bumped by every writer */
static pthread_key_t reader_key;
static pthread_once_t reader_once = PTHREAD_ONCE_INIT;
static bool reader_key_ok;
/* membarrier(2) works here: a writer makes every running thread execute a full barrier,
 * so a reader needs none of its own (set once, under reader_once). */
static bool mb_ok;
/* One thread-local block: one TLS address computation per call. */
static _Thread_local struct {
	struct reader *r;
	uint32_t depth;
	bool slow; /* this read holds the rwlock */
} tl_rd;

static void reader_release(void *p)
{
	struct reader *r = p;

	/* R-use pairs with A-use in reader_get: the node is free for another thread. */
	sdpa_store_release(&r->in_use, 0);
}

static void reader_key_init(void)
{
	reader_key_ok = pthread_key_create(&reader_key, reader_release) == 0;
#if defined(__linux__) && defined(__NR_membarrier)
	mb_ok = syscall(__NR_membarrier, MEMBARRIER_CMD_REGISTER_PRIVATE_EXPEDITED, 0, 0) == 0;
#endif
}

/* Writer side of the asymmetric barrier: every thread of the process that is running
 * now executes a full memory barrier before this returns. */
static void writer_barrier(void)
{
#if defined(__linux__) && defined(__NR_membarrier)
	if (mb_ok && syscall(__NR_membarrier, MEMBARRIER_CMD_PRIVATE_EXPEDITED, 0, 0) != 0)
		abort(); /* registered above: it cannot fail */
#endif
}

/* This thread's flag, or NULL (no memory: the thread reads through the rwlock). */
static struct reader *reader_get(void)
{
	struct reader *r;

	pthread_once(&reader_once, reader_key_init);
	if (!reader_key_ok)
		return NULL;
	pthread_mutex_lock(&readers_lock);
	/* A-list pairs with R-list below; A-use pairs with R-use in reader_release. */
	for (r = sdpa_load_acquire(&readers); r != NULL; r = r->next)
		if (sdpa_load_acquire(&r->in_use) == 0)
			break;
	if (r == NULL) {
		r = sdpa_zalloc_aligned(sizeof(*r));
		if (r != NULL) {
			r->next = sdpa_load_relaxed(&readers);
			/* R-list pairs with the acquire loads of the list head. */
			sdpa_store_release(&readers, r);
		}
	}
	if (r != NULL)
		sdpa_store_relaxed(&r->in_use, 1);
	pthread_mutex_unlock(&readers_lock);
	if (r != NULL && pthread_setspecific(reader_key, r) != 0) {
		/* R-use pairs with A-use above: the node is free again. */
		sdpa_store_release(&r->in_use, 0);
		r = NULL;
	}
	tl_rd.r = r;
	return r;
}

void sdpa_prov_read_begin(void)
{
	struct reader *r;

	if (tl_rd.depth++ != 0)
		return;
	r = tl_rd.r != NULL ? tl_rd.r : reader_get();
	if (r != NULL) {
		/* Dekker with sdpa_prov_write_begin: our flag up before we look for writers,
		 * theirs up before they look at our flag; one of us sees the other. With
		 * membarrier, the writer's barrier orders our store before our load (the
		 * compiler must keep them in order); without, a locked exchange does. */
		if (mb_ok) {
			sdpa_store_relaxed(&r->active, 1);
			sdpa_compiler_fence();
		} else {
			sdpa_exchange_seq_cst(&r->active, 1);
		}
		/* A-wr pairs with the release of the last writer's decrement of 'writers'
		 * (sdpa_prov_write_end): what that writer changed is seen. */
		if (sdpa_load_acquire(&writers) == 0) {
			tl_rd.slow = false;
			return;
		}
		/* R-read pairs with the seq_cst load in sdpa_prov_write_begin (we back off). */
		sdpa_store_release(&r->active, 0);
	}
	tl_rd.slow = true;
	pthread_rwlock_rdlock(&sdpa_prov_registry_lock);
}

void sdpa_prov_read_end(void)
{
	if (--tl_rd.depth != 0)
		return;
	if (tl_rd.slow)
		pthread_rwlock_unlock(&sdpa_prov_registry_lock);
	else /* R-read pairs with the seq_cst load in sdpa_prov_write_begin. */
		sdpa_store_release(&tl_rd.r->active, 0);
}

void sdpa_prov_write_begin(void)
{
	pthread_once(&reader_once, reader_key_init); /* mb_ok is known */
	sdpa_fetch_add_seq_cst(&writers, 1);
	/* Every reader that raised its flag before this barrier has it visible below; every
	 * reader that raises it later sees 'writers' non-zero. */
	writer_barrier();
	pthread_rwlock_wrlock(&sdpa_prov_registry_lock);
	/* A-list pairs with R-list in reader_get: every published node is complete. */
	for (struct reader *r = sdpa_load_acquire(&readers); r != NULL; r = r->next)
		while (sdpa_load_seq_cst(&r->active) != 0)
			sched_yield(); /* a post in progress: a few hundred ns */
	sdpa_store_relaxed(&reg_gen, sdpa_load_relaxed(&reg_gen) + 1);
}

void sdpa_prov_write_end(void)
{
	pthread_rwlock_unlock(&sdpa_prov_registry_lock);
	sdpa_fetch_sub_seq_cst(&writers, 1);
}

uint64_t sdpa_prov_registry_gen(void)
{
	return sdpa_load_relaxed(&reg_gen);
}
static struct doca_flow_dpa_ctx *ctxs[SDPA_PROV_MAX_CTX];
static uint8_t incarnation[SDPA_PROV_MAX_CTX];

const char *sdpa_prov_kind_name(enum sdpa_prov_kind kind)
{
	switch (kind) {
	case SDPA_PROV_KIND_PIPE:
		return "an exported hash pipe";
	case SDPA_PROV_KIND_SELECTOR:
		return "an index selector resource";
	case SDPA_PROV_KIND_MEMORY:
		return "a memory (array) resource";
	default:
		return "nothing";
	}
}

const char *sdpa_prov_queue_type_name(uint32_t type)
{
	switch (type) {
	case DOCA_FLOW_DPA_QUEUE_TYPE_GENERAL:
		return "GENERAL";
	case DOCA_FLOW_DPA_QUEUE_TYPE_RESOURCES_WRITE:
		return "RESOURCES_WRITE";
	case DOCA_FLOW_DPA_QUEUE_TYPE_RESOURCES_READ:
		return "RESOURCES_READ";
	default:
		return "unknown";
	}
}

doca_error_t sdpa_prov_ctx_register(struct doca_flow_dpa_ctx *ctx)
{
	sdpa_prov_write_begin();
	for (uint16_t i = 0; i < SDPA_PROV_MAX_CTX; i++) {
		if (ctxs[i] == NULL) {
			ctxs[i] = ctx;
			incarnation[i]++;
			ctx->id = i;
			sdpa_prov_write_end();
			return DOCA_SUCCESS;
		}
	}
	sdpa_prov_write_end();
	DOCA_LOG_ERR("doca_flow_dpa_init: %d provider contexts already exist; destroy one first",
	             SDPA_PROV_MAX_CTX);
	return DOCA_ERROR_NO_MEMORY;
}

void sdpa_prov_ctx_unregister(struct doca_flow_dpa_ctx *ctx)
{
	sdpa_prov_write_begin();
	if (ctxs[ctx->id] == ctx)
		ctxs[ctx->id] = NULL;
	sdpa_prov_write_end();
}

doca_flow_dpa_addr sdpa_prov_addr_make(const struct doca_flow_dpa_ctx *ctx, uint16_t slot)
{
	uint32_t gen = sdpa_load_relaxed(&ctx->objs[slot].gen);

	return (uint64_t)ADDR_MAGIC << 48 | (uint64_t)ctx->id << 40 |
	       (uint64_t)incarnation[ctx->id] << 32 | (uint64_t)slot << 16 | (gen & 0xffffu);
}

struct doca_flow_dpa_ctx *sdpa_prov_addr_resolve(doca_flow_dpa_addr addr, uint16_t *slot,
                                                 const char **why)
{
	uint32_t cid = (uint32_t)(addr >> 40) & 0xff;
	uint32_t inc = (uint32_t)(addr >> 32) & 0xff;
	uint32_t s = (uint32_t)(addr >> 16) & 0xffff;
	uint32_t gen = (uint32_t)addr & 0xffff;
	struct doca_flow_dpa_ctx *ctx;

	if ((addr >> 48) != ADDR_MAGIC || cid >= SDPA_PROV_MAX_CTX || s >= SDPA_PROV_MAX_OBJS) {
		*why = "is not a provider device address (pass what *_get_device_addr returned)";
		return NULL;
	}
	ctx = ctxs[cid];
	if (ctx == NULL || incarnation[cid] != inc) {
		*why = "belongs to a provider context that was destroyed";
		return NULL;
	}
	/* A-gen pairs with R-gen in slot_publish / slot_retire (host.c). */
	if ((sdpa_load_acquire(&ctx->objs[s].gen) & 0xffff) != gen ||
	    ctx->objs[s].kind == SDPA_PROV_KIND_NONE) {
		*why = "names an export that was destroyed (stale address)";
		return NULL;
	}
	*slot = (uint16_t)s;
	return ctx;
}
