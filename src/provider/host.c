/* SPDX-License-Identifier: BSD-3-Clause
 * The provider's host API (D5): contexts, queues, exports and their lifecycle rules.
 * Control-plane calls are serialised by 'host_lock'; object slots change under the
 * registry write lock and the ctx's processor lock, so device posts and the processor see
 * either the old or the new state of an export, never half of it.
 */
#include <sched.h>
#include <stdlib.h>
#include <string.h>

#include <doca_flow_dpa_provider.h>

#include "core/config.h"
#include "core/log.h"
#include "core/handles.h"
#include "core/stats.h"
#include "nic/nic_provider.h"
#include "provider/provider.h"

SDPA_LOG_REGISTER(provider_host);

static pthread_mutex_t host_lock = PTHREAD_MUTEX_INITIALIZER;
static struct doca_flow_dpa_ctx *live[SDPA_PROV_MAX_CTX]; /* for the pipe destroy hook */
static struct sdpa_nic_poller *poller;
static pthread_once_t glue_once = PTHREAD_ONCE_INIT;

static bool ctx_ok(const struct doca_flow_dpa_ctx *ctx, const char *fn)
{
	/* By address (core/handles.h): a destroyed context is never read. One being
	 * destroyed is still registered (and readable) but no longer in live[]. */
	if (!sdpa_handle_live(ctx, SDPA_H_PROV_CTX) || live[ctx->id] != ctx) {
		DOCA_LOG_ERR("%s: ctx is %s; pass the context doca_flow_dpa_init returned", fn,
		             ctx == NULL ? "NULL"
		             : sdpa_handle_destroyed(ctx, SDPA_H_PROV_CTX)
		                     ? "destroyed"
		                     : "not a live provider context");
		return false;
	}
	return true;
}

/* softdpa_nic_sync waits until every ctx has executed what was flushed. */
static bool sync_poller(void *arg, uint16_t worker)
{
	(void)arg;
	(void)worker;
	bool busy = false;

	/* Flushing threads execute the requests; the NIC worker running this poller must not
	 * spin on our behalf except while someone waits for everything to settle. */
	if (!sdpa_nic_sync_waiting())
		return false;
	pthread_mutex_lock(&host_lock);
	for (int i = 0; i < SDPA_PROV_MAX_CTX; i++)
		/* A-pend pairs with the acq_rel decrements of 'pending' (engine.c, queue.c). */
		if (live[i] != NULL && sdpa_load_acquire(&live[i]->pending) != 0)
			busy = true;
	pthread_mutex_unlock(&host_lock);
	/* The request engine (faithful/strict) needs a core to run what is due. */
	if (busy)
		sched_yield();
	return busy;
}

/* The "provider" section of softdpa_stats_dump / SOFTDPA_STATS: one line per queue. */
static void dump_queues(void *arg, FILE *out)
{
	(void)arg;
	pthread_mutex_lock(&host_lock);
	for (int i = 0; i < SDPA_PROV_MAX_CTX; i++) {
		struct doca_flow_dpa_ctx *ctx = live[i];

		for (uint32_t p = 0; ctx != NULL && p < SDPA_PROV_MAX_PORTS; p++) {
			struct sdpa_prov_qset *qs = ctx->qsets[p];

			for (uint32_t t = 0; qs != NULL && t < SDPA_PROV_NR_TYPES; t++) {
				for (uint32_t q = 0; q < qs->nr[t]; q++) {
					struct sdpa_prov_ring *r = sdpa_prov_ring_get(qs, t, q);

					fprintf(out,
					        "{\"ctx\":%u,\"port\":%u,\"type\":\"%s\","
					        "\"queue\":%u,\"size\":%u,\"posted\":%llu,"
					        "\"done\":%u,\"failed\":%llu,\"again\":%llu,"
					        "\"exports\":%u}\n",
					        (unsigned int)ctx->id, p,
					        sdpa_prov_queue_type_name(t), q, r->size,
					        (unsigned long long)sdpa_load_relaxed(
					                &r->stat_posted),
					        /* A2 pairs with R2 in process_ring (dev.c). */
					        (unsigned int)sdpa_load_acquire(&r->done),
					        (unsigned long long)sdpa_load_relaxed(
					                &r->stat_failed),
					        (unsigned long long)sdpa_load_relaxed(
					                &r->stat_again),
					        ctx->nr_objs_live);
				}
			}
		}
	}
	pthread_mutex_unlock(&host_lock);
}

static void glue_setup(void)
{
	(void)sdpa_stats_register("provider", dump_queues, NULL);
	sdpa_prov_glue_init();
	sdpa_prov_glue_exec_hook();
	if (sdpa_nic_register_poller(sync_poller, NULL, &poller) != DOCA_SUCCESS)
		poller = NULL; /* softdpa_nic_sync will not wait for us; requests still run */
}

void sdpa_prov_pipe_destroyed(struct doca_flow_pipe *pipe)
{
	bool any = false;

	pthread_mutex_lock(&host_lock);
	/* A program without provider contexts destroys pipes without the write lock's
	 * barrier (a membarrier system call). */
	for (int i = 0; i < SDPA_PROV_MAX_CTX && !any; i++)
		any = live[i] != NULL;
	if (!any) {
		pthread_mutex_unlock(&host_lock);
		return;
	}
	/* A 'fast' flush executes inside its post (registry read side), the engine under
	 * proc_lock: taking both, no request is executing on the pipe while its exports die,
	 * and none starts after (provider.h). Registry, then proc_lock (slot_publish). */
	sdpa_prov_write_begin();
	for (int i = 0; i < SDPA_PROV_MAX_CTX; i++) {
		struct doca_flow_dpa_ctx *ctx = live[i];
		if (ctx == NULL)
			continue;
		pthread_mutex_lock(&ctx->proc_lock);
		for (int s = 0; s < SDPA_PROV_MAX_OBJS; s++) {
			struct sdpa_prov_obj *o = &ctx->objs[s];
			if (o->kind == SDPA_PROV_KIND_PIPE && o->target == pipe &&
			    !sdpa_load_relaxed(&o->dead)) {
				sdpa_store_relaxed(&o->dead, 1);
				DOCA_LOG_WARN(
				        "hash pipe %u is destroyed while exported to the DPA: "
				        "requests on it now fail; call "
				        "doca_flow_dpa_pipe_destroy before doca_flow_pipe_destroy",
				        o->pipe_id);
			}
		}
		pthread_mutex_unlock(&ctx->proc_lock);
	}
	sdpa_prov_write_end();
	pthread_mutex_unlock(&host_lock);
}

DOCA_EXPERIMENTAL doca_error_t doca_flow_dpa_init(struct flexio_process *process,
                                                  struct doca_flow_dpa_ctx **ctx)
{
	struct doca_flow_dpa_ctx *c;
	struct doca_dpa *dpa;
	uint32_t dev_id;
	doca_error_t r;

	if (process == NULL || ctx == NULL) {
		if (process == NULL)
			DOCA_LOG_ERR("doca_flow_dpa_init: process is NULL; get it with "
			             "softdpa_dpa_get_flexio_process on a started DPA context");
		else
			DOCA_LOG_ERR(
			        "doca_flow_dpa_init: ctx is NULL; pass where to store the context");
		return DOCA_ERROR_INVALID_VALUE;
	}
	if (sdpa_prov_glue_process(process, &dpa, &dev_id) != DOCA_SUCCESS) {
		DOCA_LOG_ERR("doca_flow_dpa_init: the process does not belong to a started DPA "
		             "context; call doca_dpa_start, then softdpa_dpa_get_flexio_process");
		return DOCA_ERROR_BAD_STATE;
	}
	c = sdpa_zalloc_aligned(sizeof(*c));
	if (c == NULL) {
		sdpa_prov_glue_process_release(dpa);
		DOCA_LOG_ERR("doca_flow_dpa_init: out of memory");
		return DOCA_ERROR_NO_MEMORY;
	}
	c->dpa = dpa;
	c->dev_id = dev_id;
	pthread_mutex_init(&c->proc_lock, NULL);
	{
		/* The fidelity mode and latency model in force now govern this ctx. */
		const struct sdpa_config *cfg = sdpa_config_get();

		c->mode = (uint8_t)cfg->window;
		c->async = cfg->window != SDPA_WINDOW_FAST;
		c->lat_ns = cfg->prov_latency_ns;
		c->jit_ns = cfg->prov_jitter_ns;
		c->seed = cfg->prov_seed;
	}
	r = sdpa_prov_engine_start(c);
	if (r != DOCA_SUCCESS) {
		sdpa_prov_glue_process_release(dpa);
		pthread_mutex_destroy(&c->proc_lock);
		free(c);
		return r;
	}

	/* Outside host_lock: registering the hook takes DOCA Flow's lock, and DOCA Flow calls
	 * the hook with its lock held (then we take host_lock): one lock order only. */
	pthread_once(&glue_once, glue_setup);
	pthread_mutex_lock(&host_lock);
	r = sdpa_prov_ctx_register(c);
	if (r == DOCA_SUCCESS && !sdpa_handle_add(c, SDPA_H_PROV_CTX)) {
		sdpa_prov_ctx_unregister(c);
		r = DOCA_ERROR_NO_MEMORY; /* sdpa_handle_add logged the cause */
	}
	if (r != DOCA_SUCCESS) {
		pthread_mutex_unlock(&host_lock);
		sdpa_prov_engine_stop(c);
		sdpa_prov_glue_process_release(dpa);
		pthread_mutex_destroy(&c->proc_lock);
		free(c);
		return r;
	}
	live[c->id] = c;
	pthread_mutex_unlock(&host_lock);
	*ctx = c;
	return DOCA_SUCCESS;
}

DOCA_EXPERIMENTAL doca_error_t doca_flow_dpa_destroy(struct doca_flow_dpa_ctx *ctx)
{
	uint64_t unflushed;

	pthread_mutex_lock(&host_lock);
	if (!ctx_ok(ctx, __func__)) {
		pthread_mutex_unlock(&host_lock);
		return DOCA_ERROR_INVALID_VALUE;
	}
	if (ctx->nr_objs_live != 0) {
		DOCA_LOG_ERR(
		        "doca_flow_dpa_destroy: %u exported pipes/resources still exist and DPA "
		        "kernels may hold their addresses; call doca_flow_dpa_pipe_destroy / "
		        "doca_flow_dpa_external_resource_destroy first",
		        ctx->nr_objs_live);
		pthread_mutex_unlock(&host_lock);
		return DOCA_ERROR_IN_USE;
	}
	unflushed = sdpa_prov_unflushed(ctx);
	if (unflushed != 0)
		DOCA_LOG_WARN("doca_flow_dpa_destroy: %llu DPA requests were posted but never "
		              "flushed, so they never ran; post the last request of a batch with "
		              "flush=true or call doca_flow_queue_flush",
		              (unsigned long long)unflushed);
	live[ctx->id] = NULL; /* refused from now on (ctx_ok) */
	pthread_mutex_unlock(&host_lock);

	sdpa_prov_ctx_unregister(ctx);
	for (uint16_t p = 0; p < SDPA_PROV_MAX_PORTS; p++)
		sdpa_prov_qset_destroy(ctx, p);
	sdpa_prov_engine_stop(ctx); /* its list is empty: every ring was forgotten */
	sdpa_prov_glue_process_release(ctx->dpa);
	pthread_mutex_destroy(&ctx->proc_lock);
	/* Quarantined, not freed: a stale pointer is refused without being read, and no
	 * context created soon takes this address. */
	sdpa_handle_retire(ctx, free);
	return DOCA_SUCCESS;
}

DOCA_EXPERIMENTAL doca_error_t
doca_flow_dpa_queues_create(struct doca_flow_dpa_ctx *ctx, struct doca_flow_port *port,
                            const struct doca_flow_dpa_queue_cfg *cfgs, uint32_t n)
{
	bool seen[SDPA_PROV_NR_TYPES] = {false};
	uint16_t port_id;
	uint32_t dev_id;
	doca_error_t r = DOCA_ERROR_INVALID_VALUE;

	pthread_mutex_lock(&host_lock);
	if (!ctx_ok(ctx, __func__))
		goto out;
	if (port == NULL || cfgs == NULL || n == 0) {
		DOCA_LOG_ERR(
		        "doca_flow_dpa_queues_create: %s; pass a started port and at least one "
		        "queue configuration",
		        port == NULL   ? "port is NULL"
		        : cfgs == NULL ? "queue_cfgs is NULL"
		                       : "num_queue_cfgs is 0");
		goto out;
	}
	if (sdpa_prov_glue_port(port, &port_id, &dev_id) != DOCA_SUCCESS) {
		DOCA_LOG_ERR("doca_flow_dpa_queues_create: port is not a started DOCA Flow port");
		goto out;
	}
	if (dev_id != ctx->dev_id) {
		DOCA_LOG_ERR("doca_flow_dpa_queues_create: mismatched devices: port %u belongs to "
		             "another device than the DPA context; create the DPA context on the "
		             "port's PF",
		             (unsigned int)port_id);
		goto out;
	}
	for (uint32_t i = 0; i < n; i++) {
		const struct doca_flow_dpa_queue_cfg *c = &cfgs[i];

		if ((uint32_t)c->type >= SDPA_PROV_NR_TYPES) {
			DOCA_LOG_ERR("doca_flow_dpa_queues_create: queue_cfgs[%u].type %u is not a "
			             "doca_flow_dpa_queue_type",
			             i, (unsigned int)c->type);
			goto out;
		}
		if (seen[c->type]) {
			DOCA_LOG_ERR(
			        "doca_flow_dpa_queues_create: queue_cfgs[%u] repeats type %s; give "
			        "each type once, with nr_queues queues",
			        i, sdpa_prov_queue_type_name(c->type));
			goto out;
		}
		seen[c->type] = true;
		if (c->queue_size < 2 || !sdpa_is_pow2(c->queue_size) ||
		    c->queue_size > SDPA_PROV_MAX_QSIZE) {
			DOCA_LOG_ERR(
			        "doca_flow_dpa_queues_create: queue_cfgs[%u].queue_size %u is not "
			        "a power of two in 2..%u",
			        i, c->queue_size, SDPA_PROV_MAX_QSIZE);
			goto out;
		}
		if (c->nr_queues == 0 || c->nr_queues > SDPA_PROV_MAX_QUEUES) {
			DOCA_LOG_ERR(
			        "doca_flow_dpa_queues_create: queue_cfgs[%u].nr_queues %u is not "
			        "in 1..%u",
			        i, c->nr_queues, SDPA_PROV_MAX_QUEUES);
			goto out;
		}
	}
	if (ctx->qsets[port_id] != NULL) {
		DOCA_LOG_ERR(
		        "doca_flow_dpa_queues_create: port %u already has queues; call it once "
		        "per port (doca_flow_dpa_queues_destroy first to change them)",
		        (unsigned int)port_id);
		r = DOCA_ERROR_BAD_STATE;
		goto out;
	}
	r = sdpa_prov_qset_create(ctx, port, port_id, cfgs, n);
out:
	pthread_mutex_unlock(&host_lock);
	return r;
}

DOCA_EXPERIMENTAL doca_error_t doca_flow_dpa_queues_destroy(struct doca_flow_dpa_ctx *ctx,
                                                            struct doca_flow_port *port)
{
	uint16_t port_id;
	uint32_t dev_id;
	doca_error_t r = DOCA_ERROR_INVALID_VALUE;

	pthread_mutex_lock(&host_lock);
	if (!ctx_ok(ctx, __func__))
		goto out;
	if (port == NULL || sdpa_prov_glue_port(port, &port_id, &dev_id) != DOCA_SUCCESS) {
		DOCA_LOG_ERR("doca_flow_dpa_queues_destroy: port is %s",
		             port == NULL ? "NULL" : "not a started DOCA Flow port");
		goto out;
	}
	if (ctx->qsets[port_id] == NULL) {
		DOCA_LOG_ERR("doca_flow_dpa_queues_destroy: port %u has no queues in this context",
		             (unsigned int)port_id);
		r = DOCA_ERROR_NOT_FOUND;
		goto out;
	}
	sdpa_prov_qset_destroy(ctx, port_id);
	r = DOCA_SUCCESS;
out:
	pthread_mutex_unlock(&host_lock);
	return r;
}

/* Must hold host_lock. A free object slot, or -1. */
static int slot_alloc(struct doca_flow_dpa_ctx *ctx)
{
	for (int s = 0; s < SDPA_PROV_MAX_OBJS; s++)
		if (ctx->objs[s].kind == SDPA_PROV_KIND_NONE)
			return s;
	return -1;
}

/* Must hold host_lock. Publish or retire a slot so device posts and the processor agree. */
static void slot_publish(struct doca_flow_dpa_ctx *ctx, int s, const struct sdpa_prov_obj *o)
{
	struct sdpa_prov_obj *dst = &ctx->objs[s];

	sdpa_prov_write_begin(); /* registry, then proc_lock */
	pthread_mutex_lock(&ctx->proc_lock);
	uint32_t gen = sdpa_load_relaxed(&dst->gen) + 1; /* odd: live */
	dst->kind = o->kind;
	dst->exported = o->exported;
	sdpa_store_relaxed(&dst->dead, 0);
	dst->port_id = o->port_id;
	dst->target = o->target;
	dst->pipe_id = o->pipe_id;
	dst->nr_entries = o->nr_entries;
	dst->not_exported = o->not_exported;
	dst->nr_not_exported = o->nr_not_exported;
	dst->handle = o->handle;
	/* R-gen pairs with A-gen in sdpa_prov_exec (glue.c): the slot is filled first. */
	sdpa_store_release(&dst->gen, gen);
	pthread_mutex_unlock(&ctx->proc_lock);
	sdpa_prov_write_end();
	ctx->nr_objs_live++;
}

static void slot_retire(struct doca_flow_dpa_ctx *ctx, int s)
{
	struct sdpa_prov_obj *o = &ctx->objs[s];

	sdpa_prov_write_begin(); /* registry, then proc_lock */
	pthread_mutex_lock(&ctx->proc_lock);
	/* R-gen pairs with A-gen in sdpa_prov_exec (glue.c); even: addresses go stale. */
	sdpa_store_release(&o->gen, sdpa_load_relaxed(&o->gen) + 1);
	o->kind = SDPA_PROV_KIND_NONE;
	free(o->not_exported);
	o->not_exported = NULL;
	o->target = NULL;
	o->handle = NULL;
	pthread_mutex_unlock(&ctx->proc_lock);
	sdpa_prov_write_end();
	ctx->nr_objs_live--;
}

DOCA_EXPERIMENTAL doca_error_t
doca_flow_dpa_pipe_export_prepare(struct doca_flow_dpa_ctx *ctx, struct doca_flow_pipe *pipe,
                                  uint32_t nr_entries, struct doca_flow_dpa_pipe **dpa_pipe)
{
	struct sdpa_prov_obj o = {.kind = SDPA_PROV_KIND_PIPE};
	struct doca_flow_dpa_pipe *h = NULL;
	uint32_t pipe_entries = 0;
	doca_error_t r = DOCA_ERROR_INVALID_VALUE;
	int s;

	pthread_mutex_lock(&host_lock);
	if (!ctx_ok(ctx, __func__))
		goto out;
	if (pipe == NULL || dpa_pipe == NULL) {
		DOCA_LOG_ERR("doca_flow_dpa_pipe_export_prepare: %s is NULL",
		             pipe == NULL ? "pipe" : "dpa_pipe");
		goto out;
	}
	r = sdpa_prov_glue_pipe(pipe, &o.port_id, &pipe_entries);
	if (r == DOCA_ERROR_NOT_SUPPORTED) {
		DOCA_LOG_ERR(
		        "doca_flow_dpa_pipe_export_prepare: only DOCA_FLOW_PIPE_HASH pipes can "
		        "be exported to the DPA");
		goto out;
	}
	if (r != DOCA_SUCCESS) {
		DOCA_LOG_ERR(
		        "doca_flow_dpa_pipe_export_prepare: pipe is not a live DOCA Flow pipe");
		goto out;
	}
	if (ctx->qsets[o.port_id] == NULL) {
		DOCA_LOG_ERR("doca_flow_dpa_pipe_export_prepare: port %u has no DPA queues; call "
		             "doca_flow_dpa_queues_create first",
		             (unsigned int)o.port_id);
		r = DOCA_ERROR_BAD_STATE;
		goto out;
	}
	if (nr_entries == 0 || nr_entries > pipe_entries) {
		DOCA_LOG_ERR(
		        "doca_flow_dpa_pipe_export_prepare: nr_entries %u is not in 1..%u (the "
		        "pipe's nr_entries)",
		        nr_entries, pipe_entries);
		r = DOCA_ERROR_INVALID_VALUE;
		goto out;
	}
	for (s = 0; s < SDPA_PROV_MAX_OBJS; s++) {
		if (ctx->objs[s].kind == SDPA_PROV_KIND_PIPE && ctx->objs[s].target == pipe &&
		    !sdpa_load_relaxed(&ctx->objs[s].dead)) {
			DOCA_LOG_ERR(
			        "doca_flow_dpa_pipe_export_prepare: this pipe is already "
			        "exported by this context; use its existing doca_flow_dpa_pipe");
			r = DOCA_ERROR_BAD_STATE;
			goto out;
		}
	}
	s = slot_alloc(ctx);
	h = calloc(1, sizeof(*h));
	o.not_exported = calloc((nr_entries + 63) / 64, sizeof(uint64_t));
	if (s < 0 || h == NULL || o.not_exported == NULL) {
		DOCA_LOG_ERR("doca_flow_dpa_pipe_export_prepare: %s",
		             s < 0 ? "too many exports in this context" : "out of memory");
		r = DOCA_ERROR_NO_MEMORY;
		goto out;
	}
	/* The classic mistake: entries added before prepare are not exported. */
	for (uint32_t i = 0; i < nr_entries; i++) {
		if (sdpa_prov_glue_pipe_has_entry(pipe, i)) {
			o.not_exported[i / 64] |= 1ull << (i % 64);
			o.nr_not_exported++;
		}
	}
	if (o.nr_not_exported != 0)
		DOCA_LOG_WARN(
		        "pipe_export_prepare called after %u entries were added to hash pipe "
		        "%u; they will not be visible to the DPA (requests on them complete as "
		        "failed). Call doca_flow_dpa_pipe_export_prepare before adding entries.",
		        o.nr_not_exported, sdpa_prov_glue_pipe_id(pipe));
	o.target = pipe;
	o.pipe_id = sdpa_prov_glue_pipe_id(pipe);
	o.nr_entries = nr_entries;
	o.handle = h;
	if (!sdpa_handle_add(h, SDPA_H_PROV_PIPE)) {
		r = DOCA_ERROR_NO_MEMORY; /* sdpa_handle_add logged the cause */
		goto out;
	}
	h->ctx = ctx;
	h->slot = (uint16_t)s;
	slot_publish(ctx, s, &o);
	*dpa_pipe = h;
	h = NULL;
	o.not_exported = NULL;
	r = DOCA_SUCCESS;
out:
	free(h);
	free(o.not_exported);
	pthread_mutex_unlock(&host_lock);
	return r;
}

static struct sdpa_prov_obj *pipe_obj(struct doca_flow_dpa_ctx *ctx, struct doca_flow_dpa_pipe *p,
                                      const char *fn)
{
	if (!ctx_ok(ctx, fn))
		return NULL;
	if (!sdpa_handle_live(p, SDPA_H_PROV_PIPE)) {
		DOCA_LOG_ERR("%s: dpa_pipe is %s; pass one doca_flow_dpa_pipe_export_prepare "
		             "returned, until doca_flow_dpa_pipe_destroy",
		             fn,
		             p == NULL ? "NULL"
		             : sdpa_handle_destroyed(p, SDPA_H_PROV_PIPE)
		                     ? "destroyed"
		                     : "not a doca_flow_dpa_pipe");
		return NULL;
	}
	if (p->ctx != ctx) {
		DOCA_LOG_ERR("%s: dpa_pipe belongs to another provider context", fn);
		return NULL;
	}
	return &ctx->objs[p->slot];
}

DOCA_EXPERIMENTAL doca_error_t doca_flow_dpa_pipe_export(struct doca_flow_dpa_ctx *ctx,
                                                         struct doca_flow_dpa_pipe *dpa_pipe)
{
	struct sdpa_prov_obj *o;
	doca_error_t r = DOCA_ERROR_INVALID_VALUE;

	pthread_mutex_lock(&host_lock);
	o = pipe_obj(ctx, dpa_pipe, __func__);
	if (o == NULL)
		goto out;
	if (o->exported) {
		DOCA_LOG_ERR(
		        "doca_flow_dpa_pipe_export: the pipe is already exported; call it once");
		r = DOCA_ERROR_BAD_STATE;
		goto out;
	}
	if (sdpa_load_relaxed(&o->dead)) {
		DOCA_LOG_ERR("doca_flow_dpa_pipe_export: the DOCA Flow pipe was destroyed after "
		             "prepare");
		r = DOCA_ERROR_BAD_STATE;
		goto out;
	}
	o->exported = true; /* read only by host calls, under host_lock */
	r = DOCA_SUCCESS;
out:
	pthread_mutex_unlock(&host_lock);
	return r;
}

DOCA_EXPERIMENTAL doca_error_t doca_flow_dpa_pipe_get_device_addr(
        struct doca_flow_dpa_ctx *ctx, struct doca_flow_dpa_pipe *dpa_pipe,
        doca_flow_dpa_addr *dev_addr)
{
	struct sdpa_prov_obj *o;
	doca_error_t r = DOCA_ERROR_INVALID_VALUE;

	pthread_mutex_lock(&host_lock);
	o = pipe_obj(ctx, dpa_pipe, __func__);
	if (o == NULL)
		goto out;
	if (dev_addr == NULL) {
		DOCA_LOG_ERR("doca_flow_dpa_pipe_get_device_addr: dev_addr is NULL");
		goto out;
	}
	if (!o->exported) {
		DOCA_LOG_ERR("doca_flow_dpa_pipe_get_device_addr: the pipe is prepared but not "
		             "exported; add its entries, then call doca_flow_dpa_pipe_export");
		r = DOCA_ERROR_BAD_STATE;
		goto out;
	}
	*dev_addr = sdpa_prov_addr_make(ctx, dpa_pipe->slot);
	r = DOCA_SUCCESS;
out:
	pthread_mutex_unlock(&host_lock);
	return r;
}

DOCA_EXPERIMENTAL doca_error_t doca_flow_dpa_pipe_destroy(struct doca_flow_dpa_ctx *ctx,
                                                          struct doca_flow_dpa_pipe *dpa_pipe)
{
	doca_error_t r = DOCA_ERROR_INVALID_VALUE;

	pthread_mutex_lock(&host_lock);
	if (pipe_obj(ctx, dpa_pipe, __func__) != NULL) {
		slot_retire(ctx, dpa_pipe->slot);
		sdpa_handle_retire(dpa_pipe, free); /* quarantined: core/handles.h */
		r = DOCA_SUCCESS;
	}
	pthread_mutex_unlock(&host_lock);
	return r;
}

DOCA_EXPERIMENTAL doca_error_t doca_flow_dpa_external_resource_export(
        struct doca_flow_dpa_ctx *ctx, enum doca_flow_dpa_external_resource_type type,
        void *resource, struct doca_flow_dpa_external_resource **dpa_resource)
{
	struct sdpa_prov_obj o = {0};
	struct doca_flow_dpa_external_resource *h;
	enum sdpa_prov_kind want;
	doca_error_t r = DOCA_ERROR_INVALID_VALUE;
	int s;

	pthread_mutex_lock(&host_lock);
	if (!ctx_ok(ctx, __func__))
		goto out;
	if (resource == NULL || dpa_resource == NULL) {
		DOCA_LOG_ERR("doca_flow_dpa_external_resource_export: %s is NULL",
		             resource == NULL ? "resource" : "dpa_resource");
		goto out;
	}
	if (type == DOCA_FLOW_DPA_EXTERNAL_RESOURCE_TYPE_INDEX_SELECTOR)
		want = SDPA_PROV_KIND_SELECTOR;
	else if (type == DOCA_FLOW_DPA_EXTERNAL_RESOURCE_TYPE_MEMORY)
		want = SDPA_PROV_KIND_MEMORY;
	else {
		DOCA_LOG_ERR("doca_flow_dpa_external_resource_export: type %d is not a "
		             "doca_flow_dpa_external_resource_type",
		             (int)type);
		goto out;
	}
	if (sdpa_prov_glue_resource(resource, &o.kind, &o.port_id) != DOCA_SUCCESS) {
		DOCA_LOG_ERR("doca_flow_dpa_external_resource_export: resource is not a live index "
		             "selector or array created with doca_flow_external_resource_*_create");
		goto out;
	}
	if (o.kind != want) {
		DOCA_LOG_ERR("doca_flow_dpa_external_resource_export: resource is %s but type "
		             "says %s",
		             sdpa_prov_kind_name(o.kind), sdpa_prov_kind_name(want));
		goto out;
	}
	if (ctx->qsets[o.port_id] == NULL ||
	    ctx->qsets[o.port_id]->nr[DOCA_FLOW_DPA_QUEUE_TYPE_RESOURCES_WRITE] == 0) {
		DOCA_LOG_ERR(
		        "doca_flow_dpa_external_resource_export: port %u has %s; create queues "
		        "including DOCA_FLOW_DPA_QUEUE_TYPE_RESOURCES_WRITE first",
		        (unsigned int)o.port_id,
		        ctx->qsets[o.port_id] == NULL ? "no DPA queues"
		                                      : "no RESOURCES_WRITE queue");
		r = DOCA_ERROR_BAD_STATE;
		goto out;
	}
	s = slot_alloc(ctx);
	h = s < 0 ? NULL : calloc(1, sizeof(*h));
	if (h == NULL) {
		DOCA_LOG_ERR("doca_flow_dpa_external_resource_export: %s",
		             s < 0 ? "too many exports in this context" : "out of memory");
		r = DOCA_ERROR_NO_MEMORY;
		goto out;
	}
	if (!sdpa_handle_add(h, SDPA_H_PROV_RES)) {
		free(h);
		r = DOCA_ERROR_NO_MEMORY; /* sdpa_handle_add logged the cause */
		goto out;
	}
	sdpa_prov_glue_pin(resource, true);
	o.exported = true;
	o.target = resource;
	o.handle = h;
	h->ctx = ctx;
	h->slot = (uint16_t)s;
	slot_publish(ctx, s, &o);
	*dpa_resource = h;
	r = DOCA_SUCCESS;
out:
	pthread_mutex_unlock(&host_lock);
	return r;
}

static bool res_ok(struct doca_flow_dpa_ctx *ctx, struct doca_flow_dpa_external_resource *h,
                   const char *fn)
{
	if (!ctx_ok(ctx, fn))
		return false;
	if (!sdpa_handle_live(h, SDPA_H_PROV_RES)) {
		DOCA_LOG_ERR("%s: dpa_resource is %s; pass one "
		             "doca_flow_dpa_external_resource_export returned, until its destroy",
		             fn,
		             h == NULL ? "NULL"
		             : sdpa_handle_destroyed(h, SDPA_H_PROV_RES)
		                     ? "destroyed"
		                     : "not an exported resource");
		return false;
	}
	if (h->ctx != ctx) {
		DOCA_LOG_ERR("%s: dpa_resource belongs to another provider context", fn);
		return false;
	}
	return true;
}

DOCA_EXPERIMENTAL doca_error_t doca_flow_dpa_external_resource_get_device_addr(
        struct doca_flow_dpa_ctx *ctx, struct doca_flow_dpa_external_resource *dpa_resource,
        doca_flow_dpa_addr *dev_addr)
{
	doca_error_t r = DOCA_ERROR_INVALID_VALUE;

	pthread_mutex_lock(&host_lock);
	if (res_ok(ctx, dpa_resource, __func__)) {
		if (dev_addr == NULL) {
			DOCA_LOG_ERR("doca_flow_dpa_external_resource_get_device_addr: dev_addr is "
			             "NULL");
		} else {
			*dev_addr = sdpa_prov_addr_make(ctx, dpa_resource->slot);
			r = DOCA_SUCCESS;
		}
	}
	pthread_mutex_unlock(&host_lock);
	return r;
}

DOCA_EXPERIMENTAL doca_error_t doca_flow_dpa_external_resource_destroy(
        struct doca_flow_dpa_ctx *ctx, struct doca_flow_dpa_external_resource *dpa_resource)
{
	doca_error_t r = DOCA_ERROR_INVALID_VALUE;

	pthread_mutex_lock(&host_lock);
	if (res_ok(ctx, dpa_resource, __func__)) {
		void *target = ctx->objs[dpa_resource->slot].target;

		slot_retire(ctx, dpa_resource->slot);
		sdpa_prov_glue_pin(target, false);
		sdpa_handle_retire(dpa_resource, free); /* quarantined: core/handles.h */
		r = DOCA_SUCCESS;
	}
	pthread_mutex_unlock(&host_lock);
	return r;
}
