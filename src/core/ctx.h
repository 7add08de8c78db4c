/* SPDX-License-Identifier: BSD-3-Clause
 * The generic doca_ctx (doca_ctx.h) of softdpa's contexts: a context library (src/rdma's
 * doca_rdma today) creates one per object and gives it the functions that start, stop and
 * place its data path; doca_ctx_* dispatch to them and keep the state, the user data and the
 * state-changed callback. A doca_ctx that no library created answers NOT_SUPPORTED with one
 * line, as before. Functions only: no layer sees struct doca_ctx.
 */
#ifndef SDPA_CORE_CTX_H
#define SDPA_CORE_CTX_H

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

#endif
