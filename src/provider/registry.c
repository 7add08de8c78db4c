/* SPDX-License-Identifier: BSD-3-Clause
 * Device addresses: tagged handles resolved under a read lock.
 *
 * Layout (bits): 63..48 magic | 47..40 ctx slot | 39..32 ctx incarnation |
 *                31..16 object slot | 15..0 object generation.
 * An address outlives nothing: the incarnation changes when a ctx slot is reused and the
 * generation when an object slot is, so old addresses resolve to nothing.
 */
#include <pthread.h>

#include "core/log.h"
#include "provider/provider.h"

SDPA_LOG_REGISTER(provider);

enum { ADDR_MAGIC = 0xF1DAu };

pthread_rwlock_t sdpa_prov_registry_lock = PTHREAD_RWLOCK_INITIALIZER;
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
	pthread_rwlock_wrlock(&sdpa_prov_registry_lock);
	for (uint16_t i = 0; i < SDPA_PROV_MAX_CTX; i++) {
		if (ctxs[i] == NULL) {
			ctxs[i] = ctx;
			incarnation[i]++;
			ctx->id = i;
			pthread_rwlock_unlock(&sdpa_prov_registry_lock);
			return DOCA_SUCCESS;
		}
	}
	pthread_rwlock_unlock(&sdpa_prov_registry_lock);
	DOCA_LOG_ERR("doca_flow_dpa_init: %d provider contexts already exist; destroy one first",
	             SDPA_PROV_MAX_CTX);
	return DOCA_ERROR_NO_MEMORY;
}

void sdpa_prov_ctx_unregister(struct doca_flow_dpa_ctx *ctx)
{
	pthread_rwlock_wrlock(&sdpa_prov_registry_lock);
	if (ctxs[ctx->id] == ctx)
		ctxs[ctx->id] = NULL;
	pthread_rwlock_unlock(&sdpa_prov_registry_lock);
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
	if ((sdpa_load_acquire(&ctx->objs[s].gen) & 0xffff) != gen ||
	    ctx->objs[s].kind == SDPA_PROV_KIND_NONE) {
		*why = "names an export that was destroyed (stale address)";
		return NULL;
	}
	*slot = (uint16_t)s;
	return ctx;
}
