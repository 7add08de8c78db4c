/* SPDX-License-Identifier: BSD-3-Clause
 * softdpa — doca_ctx.h: the generic DOCA context, the base every data-path library's
 * object converts to (e.g. doca_rdma_as_ctx).
 *
 * The only contexts a DPA program creates are RDMA and Comch objects, which softdpa does
 * not emulate (they cannot be created). So every call here checks its arguments
 * (INVALID_VALUE for a NULL context or result pointer) and otherwise answers
 * DOCA_ERROR_NOT_SUPPORTED with one log line naming itself.
 */
#ifndef DOCA_CTX_H_
#define DOCA_CTX_H_

#include <stddef.h>
#include <stdint.h>

#include <doca_compat.h>
#include <doca_error.h>
#include <doca_types.h>

#ifdef __cplusplus
extern "C" {
#endif

struct doca_ctx;
struct doca_dpa;

/* Life of a context: IDLE --start--> RUNNING (or STARTING while an asynchronous start
 * connects) --stop--> STOPPING while tasks drain --> IDLE. */
enum doca_ctx_states {
	DOCA_CTX_STATE_IDLE = 0,
	DOCA_CTX_STATE_STARTING = 1,
	DOCA_CTX_STATE_RUNNING = 2,
	DOCA_CTX_STATE_STOPPING = 3,
};

/* Called on every state change, once the context is already in next_state. */
typedef void (*doca_ctx_state_changed_callback_t)(const union doca_data user_data,
                                                  struct doca_ctx *ctx,
                                                  enum doca_ctx_states prev_state,
                                                  enum doca_ctx_states next_state);

/* Finish configuration and start / stop (for reconfiguration) the context. */
DOCA_STABLE doca_error_t doca_ctx_start(struct doca_ctx *ctx);
DOCA_STABLE doca_error_t doca_ctx_stop(struct doca_ctx *ctx);

/* Tasks submitted and not yet completed. */
DOCA_STABLE doca_error_t doca_ctx_get_num_inflight_tasks(const struct doca_ctx *ctx,
                                                         size_t *num_inflight_tasks);

/* The cookie passed to the state-changed callback. */
DOCA_STABLE doca_error_t doca_ctx_set_user_data(struct doca_ctx *ctx, union doca_data user_data);
DOCA_STABLE doca_error_t doca_ctx_get_user_data(const struct doca_ctx *ctx,
                                                union doca_data *user_data);

DOCA_STABLE doca_error_t doca_ctx_set_state_changed_cb(struct doca_ctx *ctx,
                                                       doca_ctx_state_changed_callback_t cb);
DOCA_STABLE doca_error_t doca_ctx_get_state(const struct doca_ctx *ctx,
                                            enum doca_ctx_states *state);

/* Run the context's data path on the DPA (its handles are then used by kernels); before
 * doca_ctx_start. */
DOCA_EXPERIMENTAL doca_error_t doca_ctx_set_datapath_on_dpa(struct doca_ctx *ctx,
                                                            struct doca_dpa *dpa);

#ifdef __cplusplus
}
#endif

#endif /* DOCA_CTX_H_ */
