/* SPDX-License-Identifier: BSD-3-Clause
 * The provider's view of the layers below it (nic: pipes, ports, resources, through the
 * function-only nic/nic_provider.h; dpa: the FlexIO process). Only this file includes
 * their headers.
 */
#include <stdio.h>

#include "core/devices.h"
#include "core/log.h"
#include "dpa/dpa.h"
#include "dpa/exec_hook.h"
#include "nic/nic_provider.h"
#include "provider/provider.h"

SDPA_LOG_REGISTER(provider_glue);

doca_error_t sdpa_prov_glue_process(struct flexio_process *process, struct doca_dpa **dpa,
                                    uint32_t *dev_id)
{
	struct doca_dpa *d = sdpa_flexio_process_dpa(process);

	if (d == NULL)
		return DOCA_ERROR_BAD_STATE;
	sdpa_dpa_provider_hold(d); /* doca_dpa_destroy answers IN_USE until released */
	*dpa = d;
	*dev_id = sdpa_dev_id(d->dev);
	return DOCA_SUCCESS;
}

void sdpa_prov_glue_process_release(struct doca_dpa *dpa)
{
	sdpa_dpa_provider_release(dpa);
}

doca_error_t sdpa_prov_glue_port(struct doca_flow_port *port, uint16_t *port_id, uint32_t *dev_id)
{
	return sdpa_nic_prov_port(port, port_id, dev_id);
}

doca_error_t sdpa_prov_glue_pipe(struct doca_flow_pipe *pipe, uint16_t *port_id,
                                 uint32_t *nr_entries)
{
	return sdpa_nic_prov_pipe(pipe, port_id, nr_entries);
}

bool sdpa_prov_glue_pipe_has_entry(struct doca_flow_pipe *pipe, uint32_t index)
{
	bool has = false, en;
	uint32_t v;

	return sdpa_flow_hash_index_state(pipe, index, &has, &en, &v) == DOCA_SUCCESS && has;
}

doca_error_t sdpa_prov_glue_resource(void *res, enum sdpa_prov_kind *kind, uint16_t *port_id)
{
	switch (sdpa_nic_prov_resource(res, port_id)) {
	case SDPA_NIC_PROV_RES_SELECTOR:
		*kind = SDPA_PROV_KIND_SELECTOR;
		return DOCA_SUCCESS;
	case SDPA_NIC_PROV_RES_ARRAY:
		*kind = SDPA_PROV_KIND_MEMORY;
		return DOCA_SUCCESS;
	default:
		return DOCA_ERROR_INVALID_VALUE;
	}
}

void sdpa_prov_glue_pin(void *res, bool pin)
{
	sdpa_nic_prov_resource_pin(res, pin);
}

bool sdpa_prov_pipe_can_disable(const struct sdpa_prov_obj *obj)
{
	return !sdpa_load_relaxed(&obj->dead) && sdpa_flow_hash_disable_supported(obj->target);
}

bool sdpa_prov_pipe_can_replace(const struct sdpa_prov_obj *obj)
{
	return !sdpa_load_relaxed(&obj->dead) && sdpa_flow_hash_replace_supported(obj->target);
}

static bool resource_doomed(const void *res)
{
	return sdpa_nic_prov_resource_doomed(res);
}

void sdpa_prov_burst_end(struct sdpa_prov_burst *b)
{
	if (b->pipe != NULL)
		sdpa_flow_hash_unlock(b->pipe);
	b->pipe = NULL;
}

/* Locks as sdpa_prov_process_due (provider.h): the pipe destroy hook cannot run meanwhile. */
bool sdpa_prov_exec(struct doca_flow_dpa_ctx *ctx, struct sdpa_prov_req *req,
                    struct sdpa_prov_burst *b)
{
	struct sdpa_prov_obj *obj = &ctx->objs[req->slot];

	/* A-gen pairs with R-gen in slot_publish / slot_retire (host.c). */
	if (sdpa_load_acquire(&obj->gen) != req->gen || sdpa_load_relaxed(&obj->dead))
		return false; /* the export or its target went away while the request waited */

	switch (req->op) {
	case SDPA_PROV_OP_ENABLE:
	case SDPA_PROV_OP_DISABLE:
	case SDPA_PROV_OP_REPLACE:
		if (req->index >= obj->nr_entries)
			return false;
		if (obj->not_exported != NULL &&
		    (obj->not_exported[req->index / 64] >> (req->index % 64)) & 1)
			return false; /* added before export_prepare: invisible to the DPA */
		/* Consecutive requests on one pipe share one hold of its control lock. */
		if (b->pipe != obj->target) {
			sdpa_prov_burst_end(b);
			sdpa_flow_hash_lock(obj->target);
			b->pipe = obj->target;
		}
		if (req->op == SDPA_PROV_OP_ENABLE)
			return sdpa_flow_hash_enable_index_locked(obj->target, req->index) ==
			       DOCA_SUCCESS;
		if (req->op == SDPA_PROV_OP_DISABLE)
			return sdpa_flow_hash_disable_index_locked(obj->target, req->index) ==
			       DOCA_SUCCESS;
		return sdpa_flow_hash_replace_index_locked(obj->target, req->index,
		                                           (uint32_t)req->value) == DOCA_SUCCESS;
	default:
		break;
	}
	/* Resources take locks of their own: no pipe lock held across them. */
	sdpa_prov_burst_end(b);
	switch (req->op) {
	case SDPA_PROV_OP_SEL_MODIFY:
		if (resource_doomed(obj->target) || req->count == 0)
			return false;
		return sdpa_nic_prov_selector_modify(obj->target, req->offset, req->sel_op,
		                                     req->index,
		                                     req->index + req->count - 1) == DOCA_SUCCESS;
	case SDPA_PROV_OP_MEM_UPDATE:
		if (resource_doomed(obj->target))
			return false;
		return sdpa_nic_prov_array_update(obj->target, req->offset, req->index,
		                                  req->value) == DOCA_SUCCESS;
	case SDPA_PROV_OP_MEM_READ: {
		uint64_t v[SDPA_PROV_MEM_CHUNK];

		if (resource_doomed(obj->target) || req->count == 0 ||
		    req->count > SDPA_PROV_MEM_CHUNK)
			return false;
		/* All or nothing: read every value first, then hand them over. */
		for (uint32_t i = 0; i < req->count; i++)
			if (sdpa_nic_prov_array_read(obj->target, req->offset, req->index + i,
			                             &v[i]) != DOCA_SUCCESS)
				return false;
		for (uint32_t i = 0; i < req->count; i++)
			req->out[i] = v[i];
		return true;
	}
	default:
		return false;
	}
}

uint32_t sdpa_prov_exec_replace_run(struct doca_flow_dpa_ctx *ctx, struct sdpa_prov_ring *r,
                                    uint32_t d, uint32_t f, uint64_t now, struct sdpa_prov_burst *b)
{
	enum { RUN = 64 };
	const struct sdpa_prov_req *first = &r->slots[d & r->mask];
	const uint16_t slot = first->slot;
	const uint32_t gen = first->gen;
	struct sdpa_prov_obj *obj = &ctx->objs[slot];
	struct sdpa_prov_req *reqs[RUN];
	uint32_t idx[RUN], val[RUN];
	uint8_t failed[RUN];
	uint32_t n = 0, k = 0;
	/* The registry read side or proc_lock is held for the whole run, so the object cannot
	 * be retired nor its pipe destroyed under it: the checks of sdpa_prov_exec are made
	 * once.
	 * A-gen pairs with R-gen in slot_publish / slot_retire (host.c). */
	bool live = sdpa_load_acquire(&obj->gen) == gen && !sdpa_load_relaxed(&obj->dead);
	const uint64_t *not_exported = obj->not_exported;
	uint32_t nr = obj->nr_entries;

	for (; d + n != f && n < RUN; n++) {
		struct sdpa_prov_req *req = &r->slots[(d + n) & r->mask];
		uint32_t i = req->index;

		if (req->op != SDPA_PROV_OP_REPLACE || req->slot != slot || req->gen != gen ||
		    req->due > now)
			break;
		if (!live || i >= nr ||
		    (not_exported != NULL && (not_exported[i / 64] >> (i % 64)) & 1)) {
			req->failed = 1;
			continue;
		}
		req->failed = 0; /* unless the pipe refuses it below */
		reqs[k] = req;
		idx[k] = i;
		val[k] = (uint32_t)req->value;
		k++;
	}
	if (k == 0)
		return n;
	if (b->pipe != obj->target) {
		sdpa_prov_burst_end(b);
		sdpa_flow_hash_lock(obj->target);
		b->pipe = obj->target;
	}
	if (sdpa_flow_hash_replace_indices_locked(obj->target, idx, val, k, failed) != 0)
		for (uint32_t j = 0; j < k; j++)
			reqs[j]->failed = failed[j];
	return n;
}

uint32_t sdpa_prov_glue_pipe_id(const struct doca_flow_pipe *pipe)
{
	return sdpa_flow_pipe_id(pipe);
}

/* DOCA Flow destroys a pipe (its lock held): every export of it dies now, under the
 * registry write lock and each ctx's processor lock, so no request touches the pipe after
 * this returns. */
static void pipe_destroy_hook(struct doca_flow_pipe *pipe, void *arg)
{
	(void)arg;
	sdpa_prov_pipe_destroyed(pipe);
}

void sdpa_prov_glue_init(void)
{
	sdpa_flow_set_pipe_destroy_hook(pipe_destroy_hook, NULL);
}

bool sdpa_prov_glue_who(char *buf, size_t size)
{
	const struct sdpa_exec *ex = sdpa_exec_current();

	if (ex == NULL) {
		snprintf(buf, size, "a host thread (not DPA code)");
		return false;
	}
	sdpa_exec_describe(ex, buf, size);
	return true;
}

bool sdpa_prov_glue_report_once(enum sdpa_report bit)
{
	return sdpa_kernel_report_once(sdpa_exec_current(), bit);
}

static void exec_end_hook(int how)
{
	sdpa_prov_exec_end(how != SDPA_END_RESCHEDULE);
}

void sdpa_prov_glue_exec_hook(void)
{
	sdpa_exec_set_end_hook(exec_end_hook);
}
