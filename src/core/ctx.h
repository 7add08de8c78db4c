/* SPDX-License-Identifier: BSD-3-Clause
 * The generic doca_ctx (doca_ctx.h) of softdpa's contexts: a context library (src/rdma's
 * doca_rdma today) creates one per object and gives it the functions that start, stop and
 * place its data path; doca_ctx_* dispatch to them and keep the state, the user data and the
 * state-changed callback. A doca_ctx that no library created answers NOT_SUPPORTED with one
 * line, as before. Functions only: no layer sees struct doca_ctx.
 */
#ifndef SDPA_CORE_CTX_H
#define SDPA_CORE_CTX_H

#include <stdbool.h>
#include <stddef.h>

#include <doca_ctx.h>
#include <doca_error.h>

struct doca_dpa;

/* start/stop: configure and start, or stop, the owner; DOCA_SUCCESS moves the state. */
typedef doca_error_t (*sdpa_ctx_fn)(void *owner);
/* doca_ctx_set_datapath_on_dpa for the owner (called only while idle). */
typedef doca_error_t (*sdpa_ctx_dpa_fn)(void *owner, struct doca_dpa *dpa);

/* A new idle context of 'owner' ('kind' names it in messages, e.g. "doca_rdma"); NULL when
 * out of memory. */
struct doca_ctx *sdpa_ctx_create(const char *kind, void *owner, sdpa_ctx_fn start, sdpa_ctx_fn stop,
                                 sdpa_ctx_dpa_fn on_dpa);
/* Retire it (the owner is being destroyed). */
void sdpa_ctx_destroy(struct doca_ctx *ctx);
/* The state of a context from sdpa_ctx_create. */
enum doca_ctx_states sdpa_ctx_state(const struct doca_ctx *ctx);
/* A stop function that answers DOCA_ERROR_IN_PROGRESS leaves the context STOPPING (tasks
 * still to complete or to be freed); doca_pe_progress keeps running it, and it calls this
 * once the last task is back: the context is IDLE then (state-changed callback). */
void sdpa_ctx_stopped(struct doca_ctx *ctx);

/* ---- progress engines (pe.c) ----
 * A context whose events or tasks complete through a doca_pe gives a progress function:
 * called by doca_pe_progress() while the context runs and is connected to that engine; it
 * delivers what is ready (calling the application's callbacks) and answers whether it made
 * progress. Contexts without one refuse doca_pe_connect_ctx (NOT_SUPPORTED). */
struct doca_pe;
typedef bool (*sdpa_ctx_progress_fn)(void *owner);
void sdpa_ctx_set_progress(struct doca_ctx *ctx, sdpa_ctx_progress_fn fn);
/* doca_pe_connect_ctx's checks and the connection ('fn' names the call in messages). */
doca_error_t sdpa_ctx_connect_pe(struct doca_ctx *ctx, struct doca_pe *pe, const char *fn);
/* Run every running context connected to pe once; true when one made progress. */
bool sdpa_ctx_progress_pe(struct doca_pe *pe);
/* How many live contexts are connected to pe (doca_pe_destroy refuses while any is). */
size_t sdpa_ctx_count_pe(const struct doca_pe *pe);
/* The engine a context is connected to, NULL when none. */
struct doca_pe *sdpa_ctx_pe(const struct doca_ctx *ctx);

#endif
