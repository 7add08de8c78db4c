/* SPDX-License-Identifier: BSD-3-Clause
 * The NIC's request engine, faithful and strict (docs/PROVIDER.md, "How it runs").
 *
 * On a BlueField, a flushed request is carried out by the NIC some time after the flush;
 * the DPA thread that posted it goes on meanwhile. Here one thread per provider context
 * stands for that engine: a flush stamps its requests with a due time (flush time + the
 * modelled latency, jittered deterministically) and puts the ring on the engine's list;
 * the engine runs every request whose due time has passed, in order per ring, and
 * publishes 'done' (R2). A read's destination is written then, and a poll reports the
 * request only after it ran.
 *
 * Waiting: the engine sleeps on eng_cond while its list is empty, yields while the next
 * due time is less than SPIN_NS away, and otherwise sleeps until that time (a producer
 * whose request is due earlier wakes it). Once its list empties it keeps yielding for
 * IDLE_SPIN_NS before sleeping, as a NIC worker backs off, so bursts do not pay a wake-up.
 */
#include <errno.h>
#include <sched.h>
#include <stdint.h>
#include <string.h>
#include <time.h>
#if defined(__linux__)
#include <sys/prctl.h>
#endif

#include "core/config.h"
#include "core/log.h"
#include "core/util.h"
#include "provider/provider.h"

SDPA_LOG_REGISTER(provider_engine);

enum {
	SPIN_NS = 50000,       /* a due time closer than this is waited for by yielding */
	IDLE_SPIN_NS = 200000, /* keep yielding this long after the list empties */
};

/* splitmix64: the jitter of one flush depends only on the seed, the queue and the flush's
 * number on that queue, never on how threads interleave. */
static uint64_t mix(uint64_t x)
{
	x += 0x9e3779b97f4a7c15ull;
	x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ull;
	x = (x ^ (x >> 27)) * 0x94d049bb133111ebull;
	return x ^ (x >> 31);
}

uint64_t sdpa_prov_due(const struct doca_flow_dpa_ctx *ctx, struct sdpa_prov_ring *r, uint64_t now)
{
	uint64_t due = now + ctx->lat_ns;

	if (ctx->jit_ns != 0) {
		uint64_t key = mix(ctx->seed ^ ((uint64_t)r->port_id << 48) ^
		                   ((uint64_t)r->type << 40) ^ ((uint64_t)r->queue_id << 8)) ^
		               r->flushes;

		due += mix(key) % (ctx->jit_ns + 1);
	}
	r->flushes++;
	/* In order per queue: a request never becomes due before the one flushed before it. */
	if (due < r->last_due)
		due = r->last_due;
	r->last_due = due;
	return due;
}

void sdpa_prov_engine_kick(struct doca_flow_dpa_ctx *ctx, struct sdpa_prov_ring *r, uint64_t due)
{
	pthread_mutex_lock(&ctx->eng_lock);
	if (!r->eng_queued) {
		r->eng_queued = true;
		r->eng_next = NULL;
		if (ctx->eng_tail != NULL)
			ctx->eng_tail->eng_next = r;
		else
			ctx->eng_head = r;
		ctx->eng_tail = r;
	}
	if (ctx->eng_sleeping && due < ctx->eng_wake_at)
		pthread_cond_signal(&ctx->eng_cond);
	pthread_mutex_unlock(&ctx->eng_lock);
}

/* Must hold eng_lock. Unlink r (prev is its predecessor, or NULL). */
static void unlink_ring(struct doca_flow_dpa_ctx *ctx, struct sdpa_prov_ring *prev,
                        struct sdpa_prov_ring *r)
{
	if (prev != NULL)
		prev->eng_next = r->eng_next;
	else
		ctx->eng_head = r->eng_next;
	if (ctx->eng_tail == r)
		ctx->eng_tail = prev;
	r->eng_next = NULL;
	r->eng_queued = false;
}

void sdpa_prov_engine_forget(struct doca_flow_dpa_ctx *ctx, struct sdpa_prov_ring *r)
{
	struct sdpa_prov_ring *prev = NULL;

	pthread_mutex_lock(&ctx->eng_lock);
	for (struct sdpa_prov_ring *it = ctx->eng_head; it != NULL; prev = it, it = it->eng_next) {
		if (it == r) {
			unlink_ring(ctx, prev, r);
			break;
		}
	}
	pthread_mutex_unlock(&ctx->eng_lock);
}

/* One pass over the list: run what is due at 'now'. Returns the earliest due time left
 * (UINT64_MAX: nothing flushed is left). Rings are unlinked only by the engine and by
 * queue teardown, both under proc_lock, which this pass holds: a ring it walks to stays
 * allocated. Producers only append, under eng_lock, which guards every link read here. */
static uint64_t engine_pass(struct doca_flow_dpa_ctx *ctx, uint64_t now)
{
	struct sdpa_prov_ring *prev = NULL, *r;
	uint64_t next = UINT64_MAX, executed = 0;

	pthread_mutex_lock(&ctx->proc_lock);
	pthread_mutex_lock(&ctx->eng_lock);
	r = ctx->eng_head;
	while (r != NULL) {
		struct sdpa_prov_ring *nxt;
		uint64_t due;

		pthread_mutex_unlock(&ctx->eng_lock);
		executed += sdpa_prov_process_due(ctx, r, now, &due);
		pthread_mutex_lock(&ctx->eng_lock);
		nxt = r->eng_next;
		/* A producer publishes 'flushed' (R1) before it takes eng_lock to kick us, and
		 * does not append a ring that is still queued. Reading 'flushed' under
		 * eng_lock sees every flush whose kick found the ring queued. */
		if (due == UINT64_MAX &&
		    sdpa_load_acquire(&r->flushed) != sdpa_load_relaxed(&r->done)) /* A1' */
			due = now; /* flushed during the pass: look again at once */
		if (due == UINT64_MAX) {
			unlink_ring(ctx, prev, r);
		} else {
			if (due < next)
				next = due;
			prev = r;
		}
		r = nxt;
	}
	pthread_mutex_unlock(&ctx->eng_lock);
	pthread_mutex_unlock(&ctx->proc_lock);
	if (executed != 0)
		sdpa_fetch_sub_acq_rel(&ctx->pending, executed);
	return next;
}

static struct timespec abs_ts(uint64_t ns)
{
	struct timespec ts = {.tv_sec = (time_t)(ns / 1000000000ull),
	                      .tv_nsec = (long)(ns % 1000000000ull)};
	return ts;
}

static void *engine_main(void *arg)
{
	struct doca_flow_dpa_ctx *ctx = arg;
	uint64_t idle_since = 0;

#if defined(__linux__)
	/* Sleeps of a few microseconds: the default 50 us timer slack would dwarf them. */
	prctl(PR_SET_TIMERSLACK, 1000UL, 0, 0, 0);
#endif
	for (;;) {
		uint64_t now = sdpa_mono_ns();
		uint64_t next = engine_pass(ctx, now);
		bool stop;

		pthread_mutex_lock(&ctx->eng_lock);
		stop = ctx->eng_stop;
		if (stop && ctx->eng_head == NULL) {
			pthread_mutex_unlock(&ctx->eng_lock);
			break;
		}
		if (next == UINT64_MAX) {
			/* Nothing flushed: yield a while (bursts), then sleep until a kick. */
			if (idle_since == 0)
				idle_since = now;
			if (now - idle_since < IDLE_SPIN_NS || ctx->eng_head != NULL) {
				pthread_mutex_unlock(&ctx->eng_lock);
				sched_yield();
				continue;
			}
			ctx->eng_sleeping = true;
			ctx->eng_wake_at = UINT64_MAX;
			while (ctx->eng_head == NULL && !ctx->eng_stop)
				pthread_cond_wait(&ctx->eng_cond, &ctx->eng_lock);
			ctx->eng_sleeping = false;
			pthread_mutex_unlock(&ctx->eng_lock);
			idle_since = 0;
			continue;
		}
		idle_since = 0;
		if (next <= now + SPIN_NS || stop) {
			pthread_mutex_unlock(&ctx->eng_lock);
			sched_yield();
			continue;
		}
		/* Sleep until the next due time; a kick for an earlier one signals, and the
		 * next pass recomputes the time (a spurious wake-up costs one pass). */
		ctx->eng_sleeping = true;
		ctx->eng_wake_at = next;
		{
			struct timespec ts = abs_ts(next);

			pthread_cond_timedwait(&ctx->eng_cond, &ctx->eng_lock, &ts);
		}
		ctx->eng_sleeping = false;
		pthread_mutex_unlock(&ctx->eng_lock);
	}
	return NULL;
}

doca_error_t sdpa_prov_engine_start(struct doca_flow_dpa_ctx *ctx)
{
	pthread_condattr_t ca;
	int rc;

	pthread_mutex_init(&ctx->eng_lock, NULL);
	pthread_condattr_init(&ca);
	pthread_condattr_setclock(&ca, CLOCK_MONOTONIC);
	pthread_cond_init(&ctx->eng_cond, &ca);
	pthread_condattr_destroy(&ca);
	if (!ctx->async)
		return DOCA_SUCCESS;
	rc = pthread_create(&ctx->eng_thread, NULL, engine_main, ctx);
	if (rc != 0) {
		DOCA_LOG_ERR("doca_flow_dpa_init: cannot create the request engine thread (%s); "
		             "free resources, or run with SOFTDPA_FIDELITY=fast",
		             strerror(rc));
		pthread_cond_destroy(&ctx->eng_cond);
		pthread_mutex_destroy(&ctx->eng_lock);
		return DOCA_ERROR_OPERATING_SYSTEM;
	}
#if defined(__linux__)
	pthread_setname_np(ctx->eng_thread, "sdpa-prov-eng");
#endif
	ctx->eng_started = true;
	return DOCA_SUCCESS;
}

void sdpa_prov_engine_stop(struct doca_flow_dpa_ctx *ctx)
{
	if (ctx->eng_started) {
		pthread_mutex_lock(&ctx->eng_lock);
		ctx->eng_stop = true;
		pthread_cond_signal(&ctx->eng_cond);
		pthread_mutex_unlock(&ctx->eng_lock);
		pthread_join(ctx->eng_thread, NULL);
		ctx->eng_started = false;
	}
	pthread_cond_destroy(&ctx->eng_cond);
	pthread_mutex_destroy(&ctx->eng_lock);
}
