/* SPDX-License-Identifier: BSD-3-Clause
 * Forward and RSS compilation: a struct doca_flow_fwd (of a pipe, its miss, an entry or an
 * update) checked and turned into the struct sdpa_fwd the datapath follows, and RSS
 * configurations into struct sdpa_rss. Beside flow_match.c, which compiles matches and
 * actions. Called with flow_g.lock held (control plane).
 */
#include <string.h>

#include <doca_flow.h>

#include "core/log.h"
#include "nic/flow_priv.h"

SDPA_LOG_REGISTER(nic_fwd);

doca_error_t sdpa_rss_compile(const struct doca_flow_resource_rss_cfg *cfg, const char *who,
                              struct sdpa_rss *out)
{
	memset(out, 0, sizeof(*out));
	if (cfg->nr_queues <= 0 || cfg->nr_queues > SDPA_FLOW_RSS_QUEUES ||
	    cfg->queues_array == NULL) {
		DOCA_LOG_ERR("%s: RSS with %d queues (queues_array %s); give 1..%u queues in "
		             "queues_array",
		             who, cfg->nr_queues, cfg->queues_array ? "set" : "NULL",
		             SDPA_FLOW_RSS_QUEUES);
		return DOCA_ERROR_INVALID_VALUE;
	}
	for (int i = 0; i < cfg->nr_queues; i++) {
		if (cfg->queues_array[i] >= SDPA_FLOW_RSS_QUEUES) {
			DOCA_LOG_ERR("%s: RSS queue %u is out of range; software queues are 0..%u",
			             who, (unsigned int)cfg->queues_array[i],
			             SDPA_FLOW_RSS_QUEUES - 1);
			return DOCA_ERROR_INVALID_VALUE;
		}
		out->queues[i] = cfg->queues_array[i];
	}
	if ((unsigned int)cfg->rss_hash_func > DOCA_FLOW_RSS_HASH_FUNCTION_SYMMETRIC_TOEPLITZ) {
		DOCA_LOG_ERR("%s: unknown RSS hash function %d; use TOEPLITZ or "
		             "SYMMETRIC_TOEPLITZ",
		             who, (int)cfg->rss_hash_func);
		return DOCA_ERROR_INVALID_VALUE;
	}
	for (int inner = 0; inner < 2; inner++) {
		const uint32_t known =
		        DOCA_FLOW_RSS_IPV4 | DOCA_FLOW_RSS_IPV6 | DOCA_FLOW_RSS_UDP |
		        DOCA_FLOW_RSS_TCP | DOCA_FLOW_RSS_ESP | DOCA_FLOW_RSS_IPV4_SRC |
		        DOCA_FLOW_RSS_IPV4_DST | DOCA_FLOW_RSS_IPV6_SRC | DOCA_FLOW_RSS_IPV6_DST |
		        DOCA_FLOW_RSS_UDP_SRC | DOCA_FLOW_RSS_UDP_DST | DOCA_FLOW_RSS_TCP_SRC |
		        DOCA_FLOW_RSS_TCP_DST | DOCA_FLOW_RSS_AUTO;
		uint32_t fl = inner ? cfg->inner_flags : cfg->outer_flags;
		const char *name = inner ? "inner_flags" : "outer_flags";

		if (fl & ~known) {
			DOCA_LOG_ERR(
			        "%s: RSS %s 0x%x has unknown bits 0x%x; use enum doca_rss_type "
			        "bits",
			        who, name, fl, fl & ~known);
			return DOCA_ERROR_INVALID_VALUE;
		}
		if (inner && (fl & DOCA_FLOW_RSS_ESP)) {
			/* ESP is DOCA's tunnel: there is no ESP header after a tunnel. */
			DOCA_LOG_ERR("%s: RSS inner_flags DOCA_FLOW_RSS_ESP: the ESP SPI is an "
			             "outer field; set it in outer_flags",
			             who);
			return DOCA_ERROR_INVALID_VALUE;
		}
		(void)name;
	}
	out->nr_queues = (uint32_t)cfg->nr_queues;
	out->outer_flags = cfg->outer_flags;
	out->inner_flags = cfg->inner_flags;
	out->func = cfg->rss_hash_func;
	return DOCA_SUCCESS;
}

doca_error_t sdpa_fwd_compile(const struct doca_flow_fwd *fwd, struct doca_flow_port *port,
                              bool in_entry, const char *who, struct sdpa_fwd *out)
{
	memset(out, 0, sizeof(*out));
	if (fwd == NULL) {
		out->kind = SDPA_FWD_NONE;
		return DOCA_SUCCESS;
	}
	switch (fwd->type) {
	case DOCA_FLOW_FWD_NONE:
		out->kind = SDPA_FWD_NONE;
		return DOCA_SUCCESS;
	case DOCA_FLOW_FWD_CHANGEABLE:
		if (in_entry) {
			DOCA_LOG_ERR("%s: an entry's fwd cannot be CHANGEABLE; give the entry a "
			             "concrete forward",
			             who);
			return DOCA_ERROR_INVALID_VALUE;
		}
		out->kind = SDPA_FWD_NONE;
		return DOCA_SUCCESS;
	case DOCA_FLOW_FWD_DROP:
		out->kind = SDPA_FWD_DROP;
		return DOCA_SUCCESS;
	case DOCA_FLOW_FWD_PORT:
		if (fwd->port_id == 0xffff && !in_entry) {
			out->kind = SDPA_FWD_NONE;
			return DOCA_SUCCESS;
		}
		if (fwd->port_id >= SDPA_MAX_PORTS) {
			DOCA_LOG_ERR("%s: fwd port %u is out of range; use a port id 0..%u", who,
			             (unsigned int)fwd->port_id, SDPA_MAX_PORTS - 1);
			return DOCA_ERROR_INVALID_VALUE;
		}
		out->kind = SDPA_FWD_PORT;
		out->port_id = fwd->port_id;
		return DOCA_SUCCESS;
	case DOCA_FLOW_FWD_PIPE:
		if (fwd->next_pipe == NULL && !in_entry) {
			out->kind = SDPA_FWD_NONE;
			return DOCA_SUCCESS;
		}
		if (fwd->next_pipe == NULL || !sdpa_flow_pipe_valid(fwd->next_pipe)) {
			DOCA_LOG_ERR("%s: fwd next_pipe is not a live pipe; create the next pipe "
			             "first",
			             who);
			return DOCA_ERROR_INVALID_VALUE;
		}
		out->kind =
		        fwd->next_pipe->type == DOCA_FLOW_PIPE_HASH ? SDPA_FWD_HASH : SDPA_FWD_PIPE;
		out->pipe = fwd->next_pipe;
		return DOCA_SUCCESS;
	case DOCA_FLOW_FWD_ORDERED_LIST_PIPE:
		/* A pipe's idx UINT32_MAX leaves the list (and so the forward) to each entry, as
		 * NVIDIA's flow_ordered_list does. */
		if (!in_entry && fwd->ordered_list_pipe.idx == UINT32_MAX) {
			out->kind = SDPA_FWD_NONE;
			return DOCA_SUCCESS;
		}
		if (!sdpa_flow_pipe_valid(fwd->ordered_list_pipe.pipe) ||
		    fwd->ordered_list_pipe.pipe->type != DOCA_FLOW_PIPE_ORDERED_LIST) {
			DOCA_LOG_ERR("%s: fwd ordered_list_pipe.pipe is not a live ORDERED_LIST "
			             "pipe; create it first",
			             who);
			return DOCA_ERROR_INVALID_VALUE;
		}
		out->kind = SDPA_FWD_OL;
		out->pipe = fwd->ordered_list_pipe.pipe;
		out->idx = fwd->ordered_list_pipe.idx;
		return DOCA_SUCCESS;
	case DOCA_FLOW_FWD_HASH_PIPE: {
		struct doca_flow_pipe *hp = fwd->hash_pipe.pipe;
		uint32_t a = (uint32_t)fwd->hash_pipe.algorithm;

		if (!sdpa_flow_pipe_valid(hp) || hp->type != DOCA_FLOW_PIPE_HASH) {
			DOCA_LOG_ERR("%s: fwd hash_pipe.pipe is not a live HASH pipe; create it "
			             "first",
			             who);
			return DOCA_ERROR_INVALID_VALUE;
		}
		if (a != 0 && (a & ~hp->hash.algos) != 0) {
			DOCA_LOG_ERR(
			        "%s: hash algorithm 0x%x is not enabled on hash pipe '%s' "
			        "(0x%x); add it with doca_flow_pipe_cfg_set_hash_map_algorithm",
			        who, a, hp->name, hp->hash.algos);
			return DOCA_ERROR_INVALID_VALUE;
		}
		out->kind = SDPA_FWD_HASH;
		out->pipe = hp;
		out->algo = a;
		return DOCA_SUCCESS;
	}
	case DOCA_FLOW_FWD_RSS: {
		doca_error_t r;

		if (fwd->rss_type == DOCA_FLOW_RESOURCE_TYPE_SHARED) {
			out->srss = sdpa_shared_rss_resolve(port, fwd->shared_rss_id, who);
			if (out->srss == NULL)
				return DOCA_ERROR_INVALID_VALUE;
			out->kind = SDPA_FWD_SHARED_RSS;
			out->idx = fwd->shared_rss_id;
			return DOCA_SUCCESS;
		}
		if (!in_entry && fwd->rss.nr_queues == (int)UINT32_MAX) {
			out->kind = SDPA_FWD_NONE;
			return DOCA_SUCCESS;
		}
		out->kind = SDPA_FWD_RSS;
		r = sdpa_rss_compile(&fwd->rss, who, &out->rss);
		if (r != DOCA_SUCCESS)
			return r;
		for (uint32_t i = 0; port != NULL && i < out->rss.nr_queues; i++) {
			if (sdpa_rxq_get(port, out->rss.queues[i]) == NULL) {
				DOCA_LOG_ERR("%s: out of memory for software queue %u; free "
				             "memory and retry",
				             who, (unsigned int)out->rss.queues[i]);
				return DOCA_ERROR_NO_MEMORY;
			}
		}
		return DOCA_SUCCESS;
	}
	case DOCA_FLOW_FWD_TARGET:
		if (!sdpa_target_valid(fwd->target)) {
			DOCA_LOG_ERR("%s: fwd target is not a target; pass the one "
			             "doca_flow_get_target(DOCA_FLOW_TARGET_KERNEL, ...) returned",
			             who);
			return DOCA_ERROR_INVALID_VALUE;
		}
		if (port == NULL) {
			DOCA_LOG_ERR("%s: fwd TARGET needs the pipe's port; forward from a pipe",
			             who);
			return DOCA_ERROR_INVALID_VALUE;
		}
		out->kind = SDPA_FWD_TARGET;
		return sdpa_kernel_setup(port, who);
	default:
		DOCA_LOG_ERR("%s: unknown fwd type %d; use a doca_flow_fwd_type value", who,
		             (int)fwd->type);
		return DOCA_ERROR_INVALID_VALUE;
	}
}
