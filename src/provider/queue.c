/* SPDX-License-Identifier: BSD-3-Clause
 * Request rings and their execution: the NIC engine that runs flushed DPA requests against
 * the live pipes and resources while traffic flows.
 */
#include <stdlib.h>
#include <string.h>

#include "core/log.h"
#include "core/trace.h"
#include "provider/provider.h"

SDPA_LOG_REGISTER(provider_queue);

static struct sdpa_prov_ring *ring_new(uint16_t port_id, uint8_t type, uint32_t queue_id,
                                       uint32_t size)
{
	struct sdpa_prov_ring *r = sdpa_zalloc_aligned(sizeof(*r));

	if (r == NULL)
		return NULL;
	r->slots = calloc(size, sizeof(*r->slots));
	if (r->slots == NULL) {
		free(r);
		return NULL;
	}
	r->size = size;
	r->mask = size - 1;
	r->port_id = port_id;
	r->type = type;
	r->queue_id = queue_id;
	pthread_mutex_init(&r->exec_lock, NULL);
	return r;
}

static void ring_free(struct sdpa_prov_ring *r)
{
	if (r == NULL)
		return;
	pthread_mutex_destroy(&r->exec_lock);
	free(r->slots);
	free(r);
}

doca_error_t sdpa_prov_qset_create(struct doca_flow_dpa_ctx *ctx, struct doca_flow_port *port,
                                   uint16_t port_id, const struct doca_flow_dpa_queue_cfg *cfgs,
                                   uint32_t n)
{
	struct sdpa_prov_qset *qs = calloc(1, sizeof(*qs));

	if (qs == NULL)
		return DOCA_ERROR_NO_MEMORY;
	qs->port = port;
	qs->port_id = port_id;
	for (uint32_t i = 0; i < n; i++) {
		uint32_t t = cfgs[i].type;

		/* One allocation per ring: rings of different DPA threads never share a line. */
		qs->rings[t] = calloc(cfgs[i].nr_queues, sizeof(*qs->rings[t]));
		if (qs->rings[t] == NULL)
			goto nomem;
		qs->nr[t] = cfgs[i].nr_queues;
		for (uint32_t q = 0; q < cfgs[i].nr_queues; q++) {
			qs->rings[t][q] = ring_new(port_id, (uint8_t)t, q, cfgs[i].queue_size);
			if (qs->rings[t][q] == NULL)
				goto nomem;
		}
	}
	pthread_mutex_lock(&ctx->proc_lock);
	ctx->qsets[port_id] = qs;
	pthread_mutex_unlock(&ctx->proc_lock);
	return DOCA_SUCCESS;
nomem:
	for (uint32_t t = 0; t < SDPA_PROV_NR_TYPES; t++) {
		struct sdpa_prov_ring **arr = qs->rings[t];
		for (uint32_t q = 0; arr != NULL && q < qs->nr[t]; q++)
			ring_free(arr[q]);
		free(arr);
	}
	free(qs);
	DOCA_LOG_ERR("doca_flow_dpa_queues_create: out of memory for the queues of port %u",
	             (unsigned int)port_id);
	return DOCA_ERROR_NO_MEMORY;
}

struct sdpa_prov_ring *sdpa_prov_ring_get(const struct sdpa_prov_qset *qs, uint32_t type,
                                          uint32_t q)
{
	return qs->rings[type][q];
}

static uint64_t ring_unflushed(const struct sdpa_prov_ring *r)
{
	/* Host-side teardown read: the producer (a DPA thread) is expected to be quiet. */
	return (uint32_t)(r->posted - sdpa_load_relaxed(&r->flushed));
}

uint64_t sdpa_prov_unflushed(const struct doca_flow_dpa_ctx *ctx)
{
	uint64_t n = 0;

	for (uint32_t p = 0; p < SDPA_PROV_MAX_PORTS; p++) {
		const struct sdpa_prov_qset *qs = ctx->qsets[p];
		for (uint32_t t = 0; qs != NULL && t < SDPA_PROV_NR_TYPES; t++)
			for (uint32_t q = 0; q < qs->nr[t]; q++)
				n += ring_unflushed(sdpa_prov_ring_get(qs, t, q));
	}
	return n;
}

uint64_t sdpa_prov_process_due(struct doca_flow_dpa_ctx *ctx, struct sdpa_prov_ring *r,
                               uint64_t now, uint64_t *next_due)
{
	uint32_t f, d;
	bool dead;
	uint64_t n = 0;
	uint64_t t0;

	*next_due = UINT64_MAX;
	/* Nothing flushed since the last batch: no lock taken. */
	if (sdpa_load_relaxed(&r->done) == sdpa_load_relaxed(&r->flushed))
		return 0;
	pthread_mutex_lock(&r->exec_lock);
	/* A1: pairs with R1 (release of 'flushed' in ring_flush): the slots up to 'flushed'
	 * (their dues included) are fully written before we read them. 'done' moves only
	 * under exec_lock, which we hold. */
	f = sdpa_load_acquire(&r->flushed);
	d = sdpa_load_relaxed(&r->done);
	dead = sdpa_load_relaxed(&r->dead) != 0;
	if (d == f) { /* another executor ran them meanwhile */
		pthread_mutex_unlock(&r->exec_lock);
		return 0;
	}
	t0 = sdpa_trace_begin();
	if (dead) {
		/* Queues destroyed with requests in flight: they complete as failed, due or
		 * not. */
		for (; d != f; d++, n++)
			r->slots[d & r->mask].failed = 1;
	} else {
		struct sdpa_prov_burst b = {0};

		while (d != f) {
			struct sdpa_prov_req *req = &r->slots[d & r->mask];
			uint32_t k = 1;

			if (req->due > now) {
				*next_due = req->due;
				break;
			}
			if (req->op == SDPA_PROV_OP_REPLACE)
				k = sdpa_prov_exec_replace_run(ctx, r, d, f, now, &b);
			else
				req->failed = !sdpa_prov_exec(ctx, req, &b);
			d += k;
			n += k;
		}
		sdpa_prov_burst_end(&b);
	}
	if (n != 0)
		/* R2: pairs with A2 in doca_flow_queue_poll_completion: results (failed flags,
		 * read values) are visible to the producer before it sees them done. */
		sdpa_store_release(&r->done, d);
	pthread_mutex_unlock(&r->exec_lock);
	if (n == 0)
		return 0;
	if (t0 != 0)
		sdpa_trace_prov_batch(r->port_id, r->type, r->queue_id, (uint32_t)n, dead,
		                      (uint32_t)sdpa_load_relaxed(&r->stat_posted) - d, t0);
	return n;
}

void sdpa_prov_process_now(struct doca_flow_dpa_ctx *ctx, struct sdpa_prov_ring *r)
{
	uint64_t next;
	/* No ctx-wide lock: DPA threads that flush at once execute their batches at once (see
	 * provider.h for what keeps the objects in place). */
	uint64_t n = sdpa_prov_process_due(ctx, r, UINT64_MAX, &next);

	if (n != 0)
		sdpa_fetch_sub_acq_rel(&ctx->pending, n);
}

void sdpa_prov_qset_destroy(struct doca_flow_dpa_ctx *ctx, uint16_t port_id)
{
	struct sdpa_prov_qset *qs = ctx->qsets[port_id];

	if (qs == NULL)
		return;
	/* Mark dead first (posts now get IO_FAILED), fail what is in flight, then unlink. */
	for (uint32_t t = 0; t < SDPA_PROV_NR_TYPES; t++)
		for (uint32_t q = 0; q < qs->nr[t]; q++)
			sdpa_store_relaxed(&sdpa_prov_ring_get(qs, t, q)->dead, 1);
	for (uint32_t t = 0; t < SDPA_PROV_NR_TYPES; t++)
		for (uint32_t q = 0; q < qs->nr[t]; q++)
			sdpa_prov_process_now(ctx, sdpa_prov_ring_get(qs, t, q));
	pthread_mutex_lock(&ctx->proc_lock);
	ctx->qsets[port_id] = NULL;
	pthread_mutex_unlock(&ctx->proc_lock);
	/* A producer that resolved this qset holds the registry read lock until its post
	 * ends; taking the write lock waits for such posts to drain, and bumps the registry
	 * generation, so no post's cached resolution names these rings any more. */
	sdpa_prov_write_begin();
	sdpa_prov_write_end();
	/* No producer can flush (or kick the engine) any more: fail what a post that was
	 * already running flushed, and take the rings off the engine's list. */
	for (uint32_t t = 0; t < SDPA_PROV_NR_TYPES; t++)
		for (uint32_t q = 0; q < qs->nr[t]; q++)
			sdpa_prov_process_now(ctx, sdpa_prov_ring_get(qs, t, q));
	pthread_mutex_lock(&ctx->proc_lock);
	for (uint32_t t = 0; t < SDPA_PROV_NR_TYPES; t++)
		for (uint32_t q = 0; q < qs->nr[t]; q++)
			sdpa_prov_engine_forget(ctx, sdpa_prov_ring_get(qs, t, q));
	pthread_mutex_unlock(&ctx->proc_lock);
	for (uint32_t t = 0; t < SDPA_PROV_NR_TYPES; t++) {
		for (uint32_t q = 0; q < qs->nr[t]; q++)
			ring_free(sdpa_prov_ring_get(qs, t, q));
		free(qs->rings[t]);
	}
	free(qs);
}
