/* SPDX-License-Identifier: BSD-3-Clause
 * Index selector external resource: round robin over indices 1..64 with per-index states
 * ENABLE / SKIP_ONCE / SKIP_TWICE / DISABLE, packed 2 bits per index, 32 per 64-bit word.
 *
 * Round-robin rule (docs/EXTERNAL_RESOURCES.md): a select visits at most one full cycle of
 * positions, starting at the cursor. A DISABLE index is passed over; a SKIP index is passed
 * over and loses one skip (SKIP_TWICE -> SKIP_ONCE -> ENABLE); the first ENABLE index is
 * selected and the cursor moves just past it. A cycle without an ENABLE index yields 0 and
 * leaves the cursor where it was (the skips it consumed stay consumed).
 *
 * Concurrency: each state change is a CAS on its word, so a skip is consumed exactly once;
 * the cursor advances by CAS from the value the scan started at, so two workers never both
 * commit the same visit (the loser rescans from the new cursor).
 */
#include <stdlib.h>

#include "nic/ext_resource.h"

#include "core/log.h"
#include "core/util.h"

SDPA_LOG_REGISTER(nic_ext_ixsel);

#define FN_CREATE "doca_flow_external_resource_index_selector_create"
#define FN_MODIFY "doca_flow_external_resource_index_selector_modify"
#define FN_RANGE  "doca_flow_external_resource_index_selector_modify_range"

static bool is_selector(const struct doca_flow_external_resource_index_selector *res)
{
	return sdpa_ext_kind_of(res) == SDPA_EXT_KIND_INDEX_SELECTOR;
}

DOCA_EXPERIMENTAL doca_error_t doca_flow_external_resource_index_selector_create(
        struct doca_flow_external_resource_index_selector_cfg *cfg, struct doca_flow_port *port,
        struct doca_flow_external_resource_index_selector **out)
{
	struct doca_flow_external_resource_index_selector *res;
	uint32_t n;

	if (cfg == NULL || port == NULL || out == NULL) {
		DOCA_LOG_ERR(FN_CREATE ": %s is NULL; pass a cfg, the port and an output pointer",
		             cfg == NULL    ? "cfg"
		             : port == NULL ? "port"
		                            : "out");
		return DOCA_ERROR_INVALID_VALUE;
	}
	if (sdpa_ext_ixsel_type() == 0) {
		DOCA_LOG_ERR(FN_CREATE ": the index selector type is not registered; call "
		                       "doca_flow_external_action_index_selector_register before "
		                       "doca_flow_init");
		return DOCA_ERROR_BAD_STATE;
	}
	n = cfg->num_resources;
	if (n == 0 || n > SDPA_EXT_MAX_RESOURCES) {
		DOCA_LOG_ERR(FN_CREATE ": num_resources %u is out of range; use 1..%u", n,
		             (unsigned int)SDPA_EXT_MAX_RESOURCES);
		return DOCA_ERROR_INVALID_VALUE;
	}
	if (cfg->policy != DOCA_FLOW_EXTERNAL_RESOURCE_INDEX_SELECTOR_POLICY_ROUND_ROBIN) {
		DOCA_LOG_ERR(FN_CREATE
		             ": policy %d is unknown; use "
		             "DOCA_FLOW_EXTERNAL_RESOURCE_INDEX_SELECTOR_POLICY_ROUND_ROBIN",
		             (int)cfg->policy);
		return DOCA_ERROR_INVALID_VALUE;
	}
	res = calloc(1, sizeof(*res) + (size_t)n * sizeof(res->res[0]));
	if (res == NULL) {
		DOCA_LOG_ERR(FN_CREATE ": out of memory for %u selectors; use fewer resources", n);
		return DOCA_ERROR_NO_MEMORY;
	}
	if (sdpa_ext_hdr_init(&res->hdr, SDPA_EXT_KIND_INDEX_SELECTOR, port, n) != DOCA_SUCCESS) {
		free(res);
		DOCA_LOG_ERR(FN_CREATE ": the resource id space is exhausted; destroy and "
		                       "recreate fewer, larger objects");
		return DOCA_ERROR_NO_MEMORY;
	}
	for (uint32_t r = 0; r < n; r++) {
		sdpa_store_relaxed(&res->res[r].cursor, 0);
		for (uint32_t w = 0; w < SDPA_IXSEL_WORDS; w++)
			sdpa_store_relaxed(&res->res[r].states[w], UINT64_MAX); /* all DISABLE */
	}
	*out = res;
	return DOCA_SUCCESS;
}

DOCA_EXPERIMENTAL void doca_flow_external_resource_index_selector_destroy(
        struct doca_flow_external_resource_index_selector *res)
{
	if (res == NULL)
		return;
	if (!is_selector(res)) {
		DOCA_LOG_ERR("doca_flow_external_resource_index_selector_destroy: the object is "
		             "not a live index selector; pass one that _create returned");
		return;
	}
	sdpa_ext_hdr_destroy(&res->hdr, "doca_flow_external_resource_index_selector_destroy");
}

DOCA_EXPERIMENTAL doca_error_t doca_flow_external_resource_index_selector_get_id(
        struct doca_flow_external_resource_index_selector *res, uint32_t *resource_id)
{
	if (res == NULL || resource_id == NULL || !is_selector(res)) {
		DOCA_LOG_ERR("doca_flow_external_resource_index_selector_get_id: %s; pass a live "
		             "index selector and a uint32_t to receive the id",
		             resource_id == NULL && res != NULL ? "resource_id is NULL"
		             : res == NULL                      ? "res is NULL"
		                                                : "res is not an index selector");
		return DOCA_ERROR_INVALID_VALUE;
	}
	*resource_id = res->hdr.id;
	return DOCA_SUCCESS;
}

DOCA_EXPERIMENTAL doca_error_t doca_flow_external_resource_index_selector_get_max_index(
        struct doca_flow_external_resource_index_selector *res, uint32_t *max_index)
{
	if (res == NULL || max_index == NULL || !is_selector(res)) {
		DOCA_LOG_ERR("doca_flow_external_resource_index_selector_get_max_index: %s; pass a "
		             "live index selector and a uint32_t to receive the maximum",
		             max_index == NULL && res != NULL ? "max_index is NULL"
		             : res == NULL                    ? "res is NULL"
		                                              : "res is not an index selector");
		return DOCA_ERROR_INVALID_VALUE;
	}
	*max_index = SDPA_IXSEL_MAX_INDEX;
	return DOCA_SUCCESS;
}

/* Validate everything a modify needs; logs one line naming `fn` on failure. */
static doca_error_t check_modify(const char *fn,
                                 struct doca_flow_external_resource_index_selector *res,
                                 uint32_t offset, uint32_t op, uint32_t start, uint32_t end)
{
	if (res == NULL || !is_selector(res)) {
		DOCA_LOG_ERR("%s: %s; pass an index selector that _create returned", fn,
		             res == NULL ? "res is NULL" : "res is not a live index selector");
		return DOCA_ERROR_INVALID_VALUE;
	}
	if (offset >= res->hdr.num_resources) {
		DOCA_LOG_ERR("%s: resource_offset %u is out of range; the object has %u "
		             "resource(s) (0..%u)",
		             fn, offset, res->hdr.num_resources, res->hdr.num_resources - 1);
		return DOCA_ERROR_INVALID_VALUE;
	}
	if (op > SDPA_IXSEL_DISABLE) {
		DOCA_LOG_ERR("%s: operation %u is unknown; use one of "
		             "DOCA_FLOW_EXTERNAL_RESOURCE_INDEX_SELECTOR_OP_ENABLE/SKIP_ONCE/"
		             "SKIP_TWICE/DISABLE (0..3)",
		             fn, op);
		return DOCA_ERROR_INVALID_VALUE;
	}
	if (start == 0 || start > SDPA_IXSEL_MAX_INDEX || end == 0 || end > SDPA_IXSEL_MAX_INDEX) {
		DOCA_LOG_ERR("%s: index %u is out of range; indices are 1-based, 1..%u", fn,
		             (start == 0 || start > SDPA_IXSEL_MAX_INDEX) ? start : end,
		             (unsigned int)SDPA_IXSEL_MAX_INDEX);
		return DOCA_ERROR_INVALID_VALUE;
	}
	if (start > end) {
		DOCA_LOG_ERR("%s: start_idx %u is after end_idx %u; end_idx is the last index, "
		             "inclusive",
		             fn, start, end);
		return DOCA_ERROR_INVALID_VALUE;
	}
	return DOCA_SUCCESS;
}

static doca_error_t check_port(const char *fn, struct doca_flow_port *port,
                               struct doca_flow_external_resource_index_selector *res)
{
	char want[48], got[48];

	if (port == NULL) {
		DOCA_LOG_ERR("%s: port is NULL; pass the port the index selector was created on",
		             fn);
		return DOCA_ERROR_INVALID_VALUE;
	}
	if (res != NULL && is_selector(res) && port != res->hdr.port) {
		DOCA_LOG_ERR("%s: index selector %u belongs to %s, not %s; pass the port it was "
		             "created on",
		             fn, res->hdr.id, sdpa_ext_port_name(res->hdr.port, want, sizeof(want)),
		             sdpa_ext_port_name(port, got, sizeof(got)));
		return DOCA_ERROR_INVALID_VALUE;
	}
	return DOCA_SUCCESS;
}

/* Set indices start..end (1-based, inclusive, validated) of one selector to `st`; one CAS
 * per 32-index word. */
static void apply_range(struct sdpa_ixsel_one *one, uint32_t st, uint32_t start, uint32_t end)
{
	for (uint32_t w = (start - 1) / SDPA_IXSEL_IDX_PER_WORD;
	     w <= (end - 1) / SDPA_IXSEL_IDX_PER_WORD; w++) {
		uint64_t clear = 0, set = 0, old, neu;

		for (uint32_t i = start; i <= end; i++) {
			uint32_t pos = i - 1;

			if (pos / SDPA_IXSEL_IDX_PER_WORD != w)
				continue;
			clear |= 3ull << (2 * (pos % SDPA_IXSEL_IDX_PER_WORD));
			set |= (uint64_t)st << (2 * (pos % SDPA_IXSEL_IDX_PER_WORD));
		}
		old = sdpa_load_relaxed(&one->states[w]);
		do {
			neu = (old & ~clear) | set;
			/* acq_rel is atomics.h's only CAS; states publish no other data. */
		} while (!sdpa_cas_acq_rel(&one->states[w], &old, neu));
	}
}

doca_error_t sdpa_ixsel_modify_range(struct doca_flow_external_resource_index_selector *res,
                                     uint32_t offset, uint32_t op, uint32_t start, uint32_t end)
{
	doca_error_t rc = check_modify("index selector modify_range", res, offset, op, start, end);

	if (rc != DOCA_SUCCESS)
		return rc;
	apply_range(&res->res[offset], op, start, end);
	return DOCA_SUCCESS;
}

doca_error_t sdpa_ixsel_modify(struct doca_flow_external_resource_index_selector *res,
                               uint32_t offset, uint32_t op, uint32_t index)
{
	doca_error_t rc = check_modify("index selector modify", res, offset, op, index, index);

	if (rc != DOCA_SUCCESS)
		return rc;
	apply_range(&res->res[offset], op, index, index);
	return DOCA_SUCCESS;
}

DOCA_EXPERIMENTAL doca_error_t doca_flow_external_resource_index_selector_modify(
        struct doca_flow_port *port, struct doca_flow_external_resource_index_selector *res,
        uint32_t resource_offset, enum doca_flow_external_resource_index_selector_operation op,
        uint32_t index)
{
	doca_error_t rc = check_port(FN_MODIFY, port, res);

	if (rc == DOCA_SUCCESS)
		rc = check_modify(FN_MODIFY, res, resource_offset, (uint32_t)op, index, index);
	if (rc != DOCA_SUCCESS)
		return rc;
	apply_range(&res->res[resource_offset], (uint32_t)op, index, index);
	return DOCA_SUCCESS;
}

DOCA_EXPERIMENTAL doca_error_t doca_flow_external_resource_index_selector_modify_range(
        struct doca_flow_port *port, struct doca_flow_external_resource_index_selector *res,
        uint32_t resource_offset, enum doca_flow_external_resource_index_selector_operation op,
        uint32_t start_idx, uint32_t end_idx)
{
	doca_error_t rc = check_port(FN_RANGE, port, res);

	if (rc == DOCA_SUCCESS)
		rc = check_modify(FN_RANGE, res, resource_offset, (uint32_t)op, start_idx, end_idx);
	if (rc != DOCA_SUCCESS)
		return rc;
	apply_range(&res->res[resource_offset], (uint32_t)op, start_idx, end_idx);
	return DOCA_SUCCESS;
}

doca_error_t sdpa_ixsel_get_state(struct doca_flow_external_resource_index_selector *res,
                                  uint32_t offset, uint32_t index, enum sdpa_ixsel_state *state)
{
	doca_error_t rc = check_modify("index selector get_state", res, offset, 0, index, index);
	uint32_t pos = index - 1;
	uint64_t word;

	if (rc != DOCA_SUCCESS)
		return rc;
	if (state == NULL) {
		DOCA_LOG_ERR("index selector get_state: state is NULL; pass an output pointer");
		return DOCA_ERROR_INVALID_VALUE;
	}
	word = sdpa_load_relaxed(&res->res[offset].states[pos / SDPA_IXSEL_IDX_PER_WORD]);
	*state = (enum sdpa_ixsel_state)((word >> (2 * (pos % SDPA_IXSEL_IDX_PER_WORD))) & 3);
	return DOCA_SUCCESS;
}

doca_error_t sdpa_ixsel_get_word(struct doca_flow_external_resource_index_selector *res,
                                 uint32_t offset, uint32_t chunk, uint64_t *word)
{
	doca_error_t rc = check_modify("index selector get_word", res, offset, 0, 1, 1);

	if (rc != DOCA_SUCCESS)
		return rc;
	if (chunk >= SDPA_IXSEL_WORDS || word == NULL) {
		DOCA_LOG_ERR("index selector get_word: %s; chunks are 0..%u",
		             word == NULL ? "word is NULL" : "chunk out of range",
		             (unsigned int)SDPA_IXSEL_WORDS - 1);
		return DOCA_ERROR_INVALID_VALUE;
	}
	*word = sdpa_load_relaxed(&res->res[offset].states[chunk]);
	return DOCA_SUCCESS;
}

uint32_t sdpa_ixsel_select(struct doca_flow_external_resource_index_selector *res,
                           uint32_t resource_offset)
{
	struct sdpa_ixsel_one *one;
	uint32_t c;

	if (SDPA_UNLIKELY(res == NULL || resource_offset >= res->hdr.num_resources)) {
		DOCA_LOG_RATE_LIMIT_ERR("index selector select: %s; the packet takes the miss "
		                        "path, fix the pipe's resource_offset",
		                        res == NULL ? "no selector"
		                                    : "resource_offset out of range");
		return 0;
	}
	one = &res->res[resource_offset];
	c = sdpa_load_relaxed(&one->cursor);
restart:
	for (uint32_t k = 0; k < SDPA_IXSEL_MAX_INDEX;) {
		uint32_t pos = (c + k) % SDPA_IXSEL_MAX_INDEX;
		uint32_t bi = pos % SDPA_IXSEL_IDX_PER_WORD;
		sdpa_atomic_u64 *w = &one->states[pos / SDPA_IXSEL_IDX_PER_WORD];
		uint64_t word = sdpa_load_relaxed(w);
		uint64_t live = ~word; /* a pair != 0b11 is a non-DISABLE index */
		uint32_t sh;

		/* Passing a DISABLE index has no effect, so jump straight to the next index of
		 * this word that is not DISABLE (or to the next word). */
		live = (live | (live >> 1)) & 0x5555555555555555ull & (UINT64_MAX << (2 * bi));
		if (live == 0) {
			k += SDPA_IXSEL_IDX_PER_WORD - bi;
			continue;
		}
		sh = (uint32_t)__builtin_ctzll(live);
		k += sh / 2 - bi;
		if (k >= SDPA_IXSEL_MAX_INDEX)
			break; /* the start word's indices before the cursor: already visited */
		pos = (c + k) % SDPA_IXSEL_MAX_INDEX;
		for (;;) {
			uint32_t st = (uint32_t)(word >> sh) & 3;

			if (st == SDPA_IXSEL_DISABLE)
				break;
			if (st == SDPA_IXSEL_ENABLE) {
				/* Commit the visit only if nobody moved the cursor since the scan
				 * began; on failure c holds the new cursor. acq_rel is atomics.h's
				 * only CAS; the cursor publishes no other data. */
				if (sdpa_cas_acq_rel(&one->cursor, &c,
				                     (pos + 1) % SDPA_IXSEL_MAX_INDEX))
					return pos + 1;
				goto restart;
			}
			/* SKIP_ONCE/TWICE: consume one skip (state - 1); a failed CAS reloads the
			 * word and the state is judged again. */
			if (sdpa_cas_acq_rel(w, &word, word - (1ull << sh)))
				break;
		}
		k++;
	}
	return 0;
}
