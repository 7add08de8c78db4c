/* SPDX-License-Identifier: BSD-3-Clause */
/**
 * @file
 * softdpa — doca_ctx.h: the generic DOCA context, the base every data-path library's
 * object converts to (e.g. doca_rdma_as_ctx).
 *
 * softdpa's contexts are doca_rdma's (doca_rdma_as_ctx): for them these calls work as DOCA
 * documents them (start and stop are synchronous: a context goes IDLE -> RUNNING -> IDLE
 * and the state-changed callback sees each move). Any other non-NULL pointer (a context of
 * a library softdpa does not emulate) answers DOCA_ERROR_NOT_SUPPORTED with one log line
 * naming the call; NULL arguments answer DOCA_ERROR_INVALID_VALUE.
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

/** @brief A DOCA context, the generic view of a data-path library's object (opaque). */
struct doca_ctx;
/** @brief A DPA context (doca_dpa.h). */
struct doca_dpa;

/**
 * @brief Life of a context: IDLE --start--> RUNNING (or STARTING while an asynchronous start
 * connects) --stop--> STOPPING while tasks drain --> IDLE.
 */
enum doca_ctx_states {
	DOCA_CTX_STATE_IDLE = 0,     /**< created or stopped: may be configured */
	DOCA_CTX_STATE_STARTING = 1, /**< an asynchronous start is in progress */
	DOCA_CTX_STATE_RUNNING = 2,  /**< started: accepts tasks */
	DOCA_CTX_STATE_STOPPING = 3, /**< stopping: waits for in-flight tasks to complete */
};

/**
 * @brief Called on every state change, once the context is already in next_state.
 *
 * @param [in] user_data
 * The cookie set with doca_ctx_set_user_data().
 * @param [in] ctx
 * The context.
 * @param [in] prev_state
 * The state it left.
 * @param [in] next_state
 * The state it is in now.
 */
typedef void (*doca_ctx_state_changed_callback_t)(const union doca_data user_data,
                                                  struct doca_ctx *ctx,
                                                  enum doca_ctx_states prev_state,
                                                  enum doca_ctx_states next_state);

/**
 * @brief Finish the configuration of a context and start it.
 *
 * @param [in] ctx
 * The context.
 * @return DOCA_SUCCESS on success; DOCA_ERROR_INVALID_VALUE when ctx is NULL or destroyed;
 * DOCA_ERROR_BAD_STATE in the wrong state (start: already started; stop: not started);
 * DOCA_ERROR_NOT_SUPPORTED for a context of a library softdpa does not emulate, or what the
 * context's own start refuses.
 */
DOCA_STABLE doca_error_t doca_ctx_start(struct doca_ctx *ctx);

/**
 * @brief Stop a context (e.g. to reconfigure it); in-flight tasks complete first.
 *
 * @param [in] ctx
 * The context.
 * @return DOCA_SUCCESS on success (the context is idle); DOCA_ERROR_IN_PROGRESS when tasks
 * are still in flight or allocated: the context is STOPPING until doca_pe_progress() has
 * completed them and the application has freed them all, then idle (state-changed
 * callback); DOCA_ERROR_INVALID_VALUE when ctx is NULL or destroyed;
 * DOCA_ERROR_BAD_STATE in the wrong state (start: already started; stop: not started);
 * DOCA_ERROR_NOT_SUPPORTED for a context of a library softdpa does not emulate, or what the
 * context's own start refuses.
 */
DOCA_STABLE doca_error_t doca_ctx_stop(struct doca_ctx *ctx);

/**
 * @brief The number of tasks submitted to a context and not yet completed.
 *
 * @param [in] ctx
 * The context.
 * @param [out] num_inflight_tasks
 * The number of tasks.
 * @return DOCA_SUCCESS on success; DOCA_ERROR_INVALID_VALUE for a NULL argument;
 * DOCA_ERROR_NOT_SUPPORTED for a context of a library softdpa does not emulate.
 */
DOCA_STABLE doca_error_t doca_ctx_get_num_inflight_tasks(const struct doca_ctx *ctx,
                                                         size_t *num_inflight_tasks);

/**
 * @brief Set the cookie passed to the state-changed callback.
 *
 * @param [in] ctx
 * The context.
 * @param [in] user_data
 * The cookie.
 * @return DOCA_SUCCESS on success; DOCA_ERROR_INVALID_VALUE when ctx is NULL or destroyed;
 * DOCA_ERROR_NOT_SUPPORTED for a context of a library softdpa does not emulate.
 */
DOCA_STABLE doca_error_t doca_ctx_set_user_data(struct doca_ctx *ctx, union doca_data user_data);

/**
 * @brief The cookie passed to the state-changed callback.
 *
 * @param [in] ctx
 * The context.
 * @param [out] user_data
 * The cookie.
 * @return DOCA_SUCCESS on success; DOCA_ERROR_INVALID_VALUE for a NULL argument;
 * DOCA_ERROR_NOT_SUPPORTED for a context of a library softdpa does not emulate.
 */
DOCA_STABLE doca_error_t doca_ctx_get_user_data(const struct doca_ctx *ctx,
                                                union doca_data *user_data);

/**
 * @brief Set the callback called on every state change of the context.
 *
 * @param [in] ctx
 * The context.
 * @param [in] cb
 * The callback.
 * @return DOCA_SUCCESS on success; DOCA_ERROR_INVALID_VALUE for a NULL argument;
 * DOCA_ERROR_BAD_STATE when the context is started; DOCA_ERROR_NOT_SUPPORTED for a context
 * of a library softdpa does not emulate.
 */
DOCA_STABLE doca_error_t doca_ctx_set_state_changed_cb(struct doca_ctx *ctx,
                                                       doca_ctx_state_changed_callback_t cb);

/**
 * @brief The current state of a context.
 *
 * @param [in] ctx
 * The context.
 * @param [out] state
 * The state.
 * @return DOCA_SUCCESS on success; DOCA_ERROR_INVALID_VALUE for a NULL argument;
 * DOCA_ERROR_NOT_SUPPORTED for a context of a library softdpa does not emulate.
 */
DOCA_STABLE doca_error_t doca_ctx_get_state(const struct doca_ctx *ctx,
                                            enum doca_ctx_states *state);

/**
 * @brief Run the context's data path on the DPA: its handles are then used by kernels. Call
 * it before doca_ctx_start().
 *
 * @param [in] ctx
 * The context.
 * @param [in] dpa
 * The DPA context.
 * @return DOCA_SUCCESS on success; DOCA_ERROR_INVALID_VALUE when ctx is NULL or dpa is NULL or
 * not a DPA context; DOCA_ERROR_BAD_STATE when the context is started;
 * DOCA_ERROR_NOT_SUPPORTED for a context of a library softdpa does not emulate.
 */
DOCA_EXPERIMENTAL doca_error_t doca_ctx_set_datapath_on_dpa(struct doca_ctx *ctx,
                                                            struct doca_dpa *dpa);

#ifdef __cplusplus
}
#endif

#endif /* DOCA_CTX_H_ */
