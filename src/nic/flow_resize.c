/* SPDX-License-Identifier: BSD-3-Clause
 * Resizable DOCA Flow pipes (doca_flow_pipe_cfg_set_is_resizable: BASIC, CONTROL and
 * ORDERED_LIST).
 *
 * - Congestion: when an add brings a resizable pipe with a congestion level (percent of
 *   nr_entries, doca_flow_pipe_cfg_set_congestion_level_threshold) to or above it, the pipe
 *   callback gets DOCA_FLOW_PIPE_OP_CONGESTION_REACHED (status SUCCESS) once for that size,
 *   when the add call returns (outside the DOCA Flow lock).
 * - doca_flow_pipe_resize(pipe, level, nr_entries_changed_cb, entry_relocation_cb): the new
 *   size is the smallest power of two above the current size that holds the current
 *   entries at 'level' percent; nr_entries_changed_cb gets it before the call returns. A
 *   BASIC pipe's exact-match table is rebuilt at the new size and published in one store,
 *   so the datapath finds every entry in the old table or the new one: traffic is never
 *   interrupted. A CONTROL or ORDERED_LIST pipe's entries live in a snapshot with no fixed
 *   size: nothing moves, the pipe only admits more entries.
 * - The next doca_flow_entries_process on the pipe's port, on a queue the pipe does not
 *   exclude (doca_flow_pipe_cfg_set_excluded_queue), calls entry_relocation_cb for every
 *   entry of the pipe (the entry's user context may be replaced), then the pipe callback
 *   with DOCA_FLOW_PIPE_OP_RESIZED.
 */
#include <stdlib.h>

#include "core/log.h"
#include "core/util.h"
#include "nic/flow_priv.h"

SDPA_LOG_REGISTER(nic_flow_resize);

/* Pipes owing CONGESTION_REACHED (flow lock). */
static struct doca_flow_pipe **due;
static uint32_t ndue, capdue;
/* ndue, readable without the lock: an add that owes nothing does not take it again. */
static sdpa_atomic_u32 ndue_hint;

void sdpa_resize_added(struct doca_flow_pipe *pipe)
{
	if (!pipe->resizable || pipe->congestion_pct == 0 || pipe->congestion_sent ||
	    (uint64_t)pipe->nr_cur * 100 < (uint64_t)pipe->congestion_pct * pipe->nr_entries)
		return;
	if (ndue == capdue) {
		uint32_t nc = capdue ? capdue * 2 : 8;
		struct doca_flow_pipe **n = realloc(due, nc * sizeof(*n));

		if (n == NULL) {
			DOCA_LOG_ERR(
			        "pipe '%s' reached its congestion level but there is no memory "
			        "to report it; free memory",
			        pipe->name);
			return;
		}
		due = n;
		capdue = nc;
	}
	pipe->congestion_sent = true;
	due[ndue++] = pipe;
	sdpa_store_relaxed(&ndue_hint, ndue);
}

void sdpa_resize_notify(void)
{
	struct doca_flow_pipe *p[16];
	void *ctx[16];
	doca_flow_pipe_process_cb cb;
	uint32_t n = 0;

	if (sdpa_load_relaxed(&ndue_hint) == 0)
		return; /* the add that owes a report stored it itself, before this load */
	pthread_mutex_lock(&flow_g.lock);
	while (ndue > 0 && n < SDPA_ARRAY_SIZE(p)) {
		struct doca_flow_pipe *x = due[--ndue];

		if (!sdpa_flow_pipe_valid(x))
			continue; /* destroyed meanwhile */
		p[n] = x;
		ctx[n++] = x->user_ctx;
	}
	sdpa_store_relaxed(&ndue_hint, ndue);
	cb = flow_g.pipe_cb;
	pthread_mutex_unlock(&flow_g.lock);
	for (uint32_t i = 0; i < n; i++)
		if (cb != NULL)
			cb(p[i], DOCA_FLOW_PIPE_STATUS_SUCCESS,
			   DOCA_FLOW_PIPE_OP_CONGESTION_REACHED, ctx[i]);
}

DOCA_STABLE doca_error_t
doca_flow_pipe_resize(struct doca_flow_pipe *pipe, uint8_t new_congestion_level,
                      doca_flow_pipe_resize_nr_entries_changed_cb nr_entries_changed_cb,
                      doca_flow_pipe_resize_entry_relocate_cb entry_relocation_cb)
{
	static const char who[] = "doca_flow_pipe_resize";
	uint64_t want;
	uint32_t size;
	void *ctx;

	if (new_congestion_level == 0 || new_congestion_level > 100) {
		DOCA_LOG_ERR("%s: new_congestion_level %u is not 1..100; pass a percentage", who,
		             (unsigned int)new_congestion_level);
		return DOCA_ERROR_INVALID_VALUE;
	}
	pthread_mutex_lock(&flow_g.lock);
	if (!flow_g.inited || !sdpa_flow_pipe_valid(pipe) || !pipe->resizable) {
		pthread_mutex_unlock(&flow_g.lock);
		DOCA_LOG_ERR("%s: %s; pass a pipe created with "
		             "doca_flow_pipe_cfg_set_is_resizable(cfg, true)",
		             who,
		             !flow_g.inited                ? "DOCA Flow is not initialised"
		             : !sdpa_flow_pipe_valid(pipe) ? "not a live pipe"
		                                           : "the pipe is not resizable");
		return DOCA_ERROR_INVALID_VALUE;
	}
	if (pipe->resize_pending) {
		pthread_mutex_unlock(&flow_g.lock);
		DOCA_LOG_ERR("%s: pipe '%s' has a resize whose RESIZED callback is still due; call "
		             "doca_flow_entries_process on a queue it does not exclude first",
		             who, pipe->name);
		return DOCA_ERROR_BAD_STATE;
	}
	/* The current entries at most new_congestion_level percent of the new size. */
	want = ((uint64_t)pipe->nr_cur * 100 + new_congestion_level - 1) / new_congestion_level;
	if (want < (uint64_t)pipe->nr_entries + 1)
		want = (uint64_t)pipe->nr_entries + 1;
	if (want > SDPA_FLOW_MAX_ENTRIES) {
		pthread_mutex_unlock(&flow_g.lock);
		DOCA_LOG_ERR("%s: pipe '%s' would grow beyond %u entries; remove entries", who,
		             pipe->name, SDPA_FLOW_MAX_ENTRIES);
		return DOCA_ERROR_INVALID_VALUE;
	}
	size = sdpa_pow2_ceil32((uint32_t)want);
	if (pipe->type == DOCA_FLOW_PIPE_BASIC && !sdpa_em_rebuild(pipe, sdpa_em_slots(size))) {
		pthread_mutex_unlock(&flow_g.lock);
		DOCA_LOG_ERR("%s: out of memory for %u entries of pipe '%s'; free memory", who,
		             size, pipe->name);
		return DOCA_ERROR_NO_MEMORY;
	}
	pipe->nr_entries = size;
	pipe->congestion_sent = false;
	pipe->resize_pending = true;
	pipe->reloc_cb = entry_relocation_cb;
	ctx = pipe->user_ctx;
	pthread_mutex_unlock(&flow_g.lock);
	DOCA_LOG_DBG("%s: pipe '%s' now holds %u entries", who, pipe->name, size);
	if (nr_entries_changed_cb != NULL)
		(void)nr_entries_changed_cb(ctx, size);
	return DOCA_SUCCESS;
}

struct reloc {
	struct doca_flow_pipe_entry *e;
	void *ctx;
};

void sdpa_resize_process(struct doca_flow_port *port, uint16_t queue)
{
	for (;;) {
		struct doca_flow_pipe *pipe = NULL;
		struct reloc *r = NULL;
		uint32_t n = 0;
		doca_flow_pipe_resize_entry_relocate_cb rcb;
		doca_flow_pipe_process_cb pcb;
		void *pctx;

		pthread_mutex_lock(&flow_g.lock);
		if (!flow_g.inited || !sdpa_flow_port_valid(port)) {
			pthread_mutex_unlock(&flow_g.lock);
			return;
		}
		for (struct doca_flow_pipe *p = port->pipes; p != NULL; p = p->next)
			if (p->resize_pending && !(p->excluded_q >> queue & 1)) {
				pipe = p;
				break;
			}
		if (pipe == NULL) {
			pthread_mutex_unlock(&flow_g.lock);
			return;
		}
		pipe->resize_pending = false;
		rcb = pipe->reloc_cb;
		pcb = flow_g.pipe_cb;
		pctx = pipe->user_ctx;
		if (rcb != NULL && pipe->nr_cur != 0) {
			r = malloc(pipe->nr_cur * sizeof(*r));
			for (struct doca_flow_pipe_entry *e = pipe->entries; r != NULL && e != NULL;
			     e = e->next)
				if (!e->removing && n < pipe->nr_cur) {
					r[n].e = e;
					r[n++].ctx = e->usr_ctx;
				}
			if (r == NULL)
				DOCA_LOG_ERR("doca_flow_entries_process: out of memory for the "
				             "relocations of pipe '%s'; the entries keep their "
				             "contexts",
				             pipe->name);
		}
		pthread_mutex_unlock(&flow_g.lock);
		/* Outside the lock: the callbacks may call DOCA Flow. */
		for (uint32_t i = 0; i < n; i++) {
			void *nctx = r[i].ctx;

			if (rcb(pctx, queue, r[i].ctx, &nctx) != DOCA_SUCCESS)
				continue;
			pthread_mutex_lock(&flow_g.lock);
			if (sdpa_entry_live(r[i].e))
				r[i].e->usr_ctx = nctx;
			pthread_mutex_unlock(&flow_g.lock);
		}
		free(r);
		if (pcb != NULL)
			pcb(pipe, DOCA_FLOW_PIPE_STATUS_SUCCESS, DOCA_FLOW_PIPE_OP_RESIZED, pctx);
	}
}
