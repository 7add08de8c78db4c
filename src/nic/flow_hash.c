/* SPDX-License-Identifier: BSD-3-Clause
 * Hash pipe slot state and the provider-facing API (flow_hash.h).
 *
 * 'active' bit i = (slot i has an entry) && (slot i is enabled); the datapath selects
 * indices from it. Writers hold hash.lock, so the two facts and the bit never disagree
 * once the lock is released; readers see each word atomically.
 */
#include <stdlib.h>
#include <string.h>

#include "core/log.h"
#include "core/util.h"
#include "nic/flow_hash.h"
#include "nic/flow_priv.h"

SDPA_LOG_REGISTER(nic_flow_hash);

enum { REGISTRY_SIZE = 1 << 16 };

static sdpa_atomic_ptr registry[REGISTRY_SIZE]; /* struct doca_flow_pipe *, by id % size */
static uint32_t registry_next_id = 1;
static sdpa_atomic_u64 destroy_gen;
static void (*destroy_hook)(struct doca_flow_pipe *, void *);
static void *destroy_hook_arg;

void sdpa_pipe_registry_add(struct doca_flow_pipe *pipe)
{
	/* Skip ids whose slot is taken by a live pipe (65536 live pipes wrap around). */
	for (uint32_t tries = 0; tries < REGISTRY_SIZE; tries++) {
		uint32_t id = registry_next_id++;

		if (id == 0)
			continue;
		if (sdpa_load_relaxed(&registry[id % REGISTRY_SIZE]) == NULL) {
			pipe->id = id;
			/* R-reg: pairs with A-reg in sdpa_flow_pipe_lookup. */
			sdpa_store_release(&registry[id % REGISTRY_SIZE], pipe);
			return;
		}
	}
}

void sdpa_pipe_registry_del(struct doca_flow_pipe *pipe)
{
	if (destroy_hook)
		destroy_hook(pipe, destroy_hook_arg);
	if (sdpa_load_relaxed(&registry[pipe->id % REGISTRY_SIZE]) == pipe)
		/* R-reg: pairs with A-reg in sdpa_flow_pipe_lookup (the slot is empty) */
		sdpa_store_release(&registry[pipe->id % REGISTRY_SIZE], NULL);
	sdpa_fetch_add_acq_rel(&destroy_gen, 1);
}

void sdpa_flow_set_pipe_destroy_hook(void (*fn)(struct doca_flow_pipe *, void *), void *arg)
{
	pthread_mutex_lock(&flow_g.lock);
	destroy_hook = fn;
	destroy_hook_arg = arg;
	pthread_mutex_unlock(&flow_g.lock);
}

uint32_t sdpa_flow_pipe_id(const struct doca_flow_pipe *pipe)
{
	return sdpa_flow_pipe_valid(pipe) ? pipe->id : 0; /* never reads a stale pointer */
}

struct doca_flow_pipe *sdpa_flow_pipe_lookup(uint32_t id)
{
	struct doca_flow_pipe *p =
	        sdpa_load_acquire(&registry[id % REGISTRY_SIZE]); /* A-reg: pairs with R-reg */

	if (p == NULL || p->id != id || sdpa_load_relaxed(&p->dead))
		return NULL;
	return p;
}

uint64_t sdpa_flow_pipe_destroy_generation(void)
{
	/* A-gen: pairs with the acq_rel increment in sdpa_pipe_registry_del. */
	return sdpa_load_acquire(&destroy_gen);
}

doca_error_t sdpa_hash_state_init(struct doca_flow_pipe *pipe, uint32_t algos)
{
	struct sdpa_hash_state *hs = &pipe->hash;

	hs->size = sdpa_pow2_ceil32(pipe->nr_entries);
	hs->algos = algos;
	hs->nwords = (hs->size + 63) / 64;
	hs->slots = calloc(hs->size, sizeof(*hs->slots));
	hs->active = calloc(hs->nwords, sizeof(*hs->active));
	hs->claimed = calloc(hs->nwords, sizeof(*hs->claimed));
	if (hs->slots == NULL || hs->active == NULL || hs->claimed == NULL) {
		free(hs->slots);
		free(hs->active);
		free(hs->claimed);
		hs->slots = NULL;
		hs->active = NULL;
		hs->claimed = NULL;
		DOCA_LOG_ERR("doca_flow_pipe_create: out of memory for hash pipe '%s' (%u "
		             "entries); lower nr_entries",
		             pipe->name, pipe->nr_entries);
		return DOCA_ERROR_NO_MEMORY;
	}
	for (uint32_t i = 0; i < hs->size; i++)
		sdpa_store_relaxed(&hs->slots[i].enabled, 1);
	pthread_mutex_init(&hs->lock, NULL);
	return DOCA_SUCCESS;
}

void sdpa_hash_state_fini(struct doca_flow_pipe *pipe)
{
	struct sdpa_hash_state *hs = &pipe->hash;

	if (hs->slots == NULL)
		return;
	free(hs->slots);
	free(hs->active);
	free(hs->claimed);
	hs->slots = NULL;
	hs->active = NULL;
	hs->claimed = NULL;
	pthread_mutex_destroy(&hs->lock);
}

/* Recompute the active bit of index i. Holds hs->lock. */
static void active_update(struct sdpa_hash_state *hs, uint32_t i)
{
	uint64_t bit = 1ull << (i % 64);
	bool on = sdpa_load_relaxed(&hs->slots[i].entry) != NULL &&
	          sdpa_load_relaxed(&hs->slots[i].enabled) != 0;

	if (on)
		sdpa_fetch_or_acq_rel(&hs->active[i / 64], bit);
	else
		sdpa_fetch_and_acq_rel(&hs->active[i / 64], ~bit);
}

void sdpa_hash_slot_set(struct doca_flow_pipe *pipe, uint32_t index, struct doca_flow_pipe_entry *e,
                        uint32_t value)
{
	struct sdpa_hash_state *hs = &pipe->hash;

	pthread_mutex_lock(&hs->lock);
	if (e != NULL) {
		sdpa_store_relaxed(&hs->slots[index].value, value);
		sdpa_store_relaxed(&hs->slots[index].enabled, 1);
	}
	/* R-hslot: pairs with A-hslot in flow_dp.c (the entry is complete). */
	sdpa_store_release(&hs->slots[index].entry, e);
	active_update(hs, index);
	pthread_mutex_unlock(&hs->lock);
}

bool sdpa_flow_pipe_is_hash(const struct doca_flow_pipe *pipe)
{
	return sdpa_flow_pipe_valid(pipe) && !sdpa_load_relaxed(&pipe->dead) &&
	       pipe->type == DOCA_FLOW_PIPE_HASH;
}

/* The request path (enable/disable/replace, D2/D3): the caller holds a pipe it resolved
 * through a live export (the provider holds off the pipe destroy hook meanwhile, so the
 * pipe is not destroyed under it), so no handle-table lookup is needed per request, only
 * its state. */
static bool hash_ok(const struct doca_flow_pipe *pipe)
{
	return pipe != NULL && !sdpa_load_relaxed(&pipe->dead) && pipe->type == DOCA_FLOW_PIPE_HASH;
}

static bool disable_ok(const struct doca_flow_pipe *pipe)
{
	return (pipe->hash.algos & (DOCA_FLOW_PIPE_HASH_MAP_ALGORITHM_RANDOM |
	                            DOCA_FLOW_PIPE_HASH_MAP_ALGORITHM_FLOODING |
	                            DOCA_FLOW_PIPE_HASH_MAP_ALGORITHM_SELECT_ENABLED)) != 0;
}

uint32_t sdpa_flow_hash_nr_entries(const struct doca_flow_pipe *pipe)
{
	return sdpa_flow_pipe_is_hash(pipe) ? pipe->nr_entries : 0;
}

uint32_t sdpa_flow_hash_index_space(const struct doca_flow_pipe *pipe)
{
	return sdpa_flow_pipe_is_hash(pipe) ? pipe->hash.size : 0;
}

bool sdpa_flow_hash_disable_supported(const struct doca_flow_pipe *pipe)
{
	return sdpa_flow_pipe_is_hash(pipe) && disable_ok(pipe);
}

bool sdpa_flow_hash_replace_supported(const struct doca_flow_pipe *pipe)
{
	return sdpa_flow_pipe_is_hash(pipe) && pipe->hash.has_psv;
}

/* 'held': the caller holds hs->lock (sdpa_flow_hash_lock, a burst of requests). */
static doca_error_t set_enabled(struct doca_flow_pipe *pipe, uint32_t index, uint32_t on, bool held)
{
	struct sdpa_hash_state *hs;

	if (!hash_ok(pipe) || index >= pipe->nr_entries)
		return DOCA_ERROR_INVALID_VALUE;
	if (!on && !disable_ok(pipe))
		return DOCA_ERROR_NOT_SUPPORTED;
	hs = &pipe->hash;
	if (!held)
		pthread_mutex_lock(&hs->lock);
	sdpa_store_relaxed(&hs->slots[index].enabled, on);
	active_update(hs, index);
	if (!held)
		pthread_mutex_unlock(&hs->lock);
	return DOCA_SUCCESS;
}

doca_error_t sdpa_flow_hash_enable_index(struct doca_flow_pipe *pipe, uint32_t index)
{
	return set_enabled(pipe, index, 1, false);
}

doca_error_t sdpa_flow_hash_disable_index(struct doca_flow_pipe *pipe, uint32_t index)
{
	return set_enabled(pipe, index, 0, false);
}

static doca_error_t replace_index(struct doca_flow_pipe *pipe, uint32_t index, uint32_t value,
                                  bool held)
{
	struct sdpa_hash_state *hs;
	doca_error_t r = DOCA_SUCCESS;

	if (!hash_ok(pipe) || index >= pipe->nr_entries)
		return DOCA_ERROR_INVALID_VALUE;
	if (!pipe->hash.has_psv)
		return DOCA_ERROR_NOT_SUPPORTED;
	hs = &pipe->hash;
	if (hs->psv_size < 4)
		value &= (1u << (8 * hs->psv_size)) - 1;
	if (!held)
		pthread_mutex_lock(&hs->lock);
	if (sdpa_load_relaxed(&hs->slots[index].entry) == NULL)
		r = DOCA_ERROR_NOT_FOUND;
	else
		sdpa_store_relaxed(&hs->slots[index].value, value);
	if (!held)
		pthread_mutex_unlock(&hs->lock);
	return r;
}

doca_error_t sdpa_flow_hash_replace_index(struct doca_flow_pipe *pipe, uint32_t index,
                                          uint32_t value)
{
	return replace_index(pipe, index, value, false);
}

void sdpa_flow_hash_lock(struct doca_flow_pipe *pipe)
{
	pthread_mutex_lock(&pipe->hash.lock);
}

void sdpa_flow_hash_unlock(struct doca_flow_pipe *pipe)
{
	pthread_mutex_unlock(&pipe->hash.lock);
}

doca_error_t sdpa_flow_hash_enable_index_locked(struct doca_flow_pipe *pipe, uint32_t index)
{
	return set_enabled(pipe, index, 1, true);
}

doca_error_t sdpa_flow_hash_disable_index_locked(struct doca_flow_pipe *pipe, uint32_t index)
{
	return set_enabled(pipe, index, 0, true);
}

doca_error_t sdpa_flow_hash_replace_index_locked(struct doca_flow_pipe *pipe, uint32_t index,
                                                 uint32_t value)
{
	return replace_index(pipe, index, value, true);
}

uint32_t sdpa_flow_hash_replace_indices_locked(struct doca_flow_pipe *pipe, const uint32_t *idx,
                                               const uint32_t *val, uint32_t n, uint8_t *failed)
{
	struct sdpa_hash_state *hs = &pipe->hash;
	uint32_t nr, mask, nfail = 0;

	if (!hash_ok(pipe) || !hs->has_psv) {
		memset(failed, 1, n);
		return n;
	}
	/* The checks of replace_index, once for the burst; then one load and one store per
	 * request. */
	nr = pipe->nr_entries;
	mask = hs->psv_size < 4 ? (1u << (8 * hs->psv_size)) - 1 : UINT32_MAX;
	for (uint32_t i = 0; i < n; i++) {
		uint32_t k = idx[i];
		bool bad = k >= nr || sdpa_load_relaxed(&hs->slots[k].entry) == NULL;

		failed[i] = bad;
		nfail += bad;
		if (!bad)
			sdpa_store_relaxed(&hs->slots[k].value, val[i] & mask);
	}
	return nfail;
}

doca_error_t sdpa_flow_hash_index_state(const struct doca_flow_pipe *pipe, uint32_t index,
                                        bool *has_entry, bool *enabled, uint32_t *value)
{
	const struct sdpa_hash_slot *s;

	if (!sdpa_flow_pipe_is_hash(pipe) || index >= pipe->nr_entries || has_entry == NULL ||
	    enabled == NULL || value == NULL)
		return DOCA_ERROR_INVALID_VALUE;
	s = &pipe->hash.slots[index];
	*has_entry = sdpa_load_acquire(&s->entry) != NULL; /* A-hslot: pairs with R-hslot */
	*enabled = sdpa_load_relaxed(&s->enabled) != 0;
	*value = sdpa_load_relaxed(&s->value);
	return DOCA_SUCCESS;
}
