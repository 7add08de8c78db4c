/* SPDX-License-Identifier: BSD-3-Clause */
/**
 * @file
 * softdpa — doca_pe.h: the progress engine, which drives the tasks and events of the
 * contexts connected to it, and the generic doca_task calls.
 *
 * softdpa's engine drives the DOCA Ethernet queues (doca_eth_txq send tasks, doca_eth_rxq
 * receive tasks and events; docs/ETH.md); other context kinds refuse doca_pe_connect_ctx
 * (DOCA_ERROR_NOT_SUPPORTED, one log line). The doca_task / doca_task_batch calls act on
 * the tasks those queues allocate; a pointer no live queue handed out (or a freed task) is
 * refused with DOCA_ERROR_INVALID_VALUE (or nothing, for a void call) and one log line.
 */
#ifndef DOCA_PE_H_
#define DOCA_PE_H_

#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>

#include <doca_compat.h>
#include <doca_error.h>
#include <doca_types.h>

#ifdef __cplusplus
extern "C" {
#endif

struct doca_ctx;
struct doca_devinfo;
/** @brief A progress engine (opaque). */
struct doca_pe;
/** @brief A unit of work a context executes asynchronously (opaque). */
struct doca_task;
/** @brief Several tasks of one kind submitted together (opaque). */
struct doca_task_batch;

/** @brief How many tasks a doca_task_batch holds at most. */
enum doca_task_batch_max_tasks_number {
	DOCA_TASK_BATCH_MAX_TASKS_NUMBER_16,
	DOCA_TASK_BATCH_MAX_TASKS_NUMBER_32,
	DOCA_TASK_BATCH_MAX_TASKS_NUMBER_64,
	DOCA_TASK_BATCH_MAX_TASKS_NUMBER_128,
};

/** @brief How many events an event batch holds. */
enum doca_event_batch_events_number {
	DOCA_EVENT_BATCH_EVENTS_NUMBER_1,
	DOCA_EVENT_BATCH_EVENTS_NUMBER_2,
	DOCA_EVENT_BATCH_EVENTS_NUMBER_4,
	DOCA_EVENT_BATCH_EVENTS_NUMBER_8,
	DOCA_EVENT_BATCH_EVENTS_NUMBER_16,
	DOCA_EVENT_BATCH_EVENTS_NUMBER_32,
	DOCA_EVENT_BATCH_EVENTS_NUMBER_64,
	DOCA_EVENT_BATCH_EVENTS_NUMBER_128,
};

/** @brief Flags of doca_task_submit_ex() (a bitwise OR). */
enum doca_task_submit_flag {
	/** Plain submission: the context may hold the task back to send several at once. */
	DOCA_TASK_SUBMIT_FLAG_NONE = 0U,
	/** Hand this task, and every task held back before it, to the hardware now. */
	DOCA_TASK_SUBMIT_FLAG_FLUSH = (1U << 0),
	/** The task's completion may be reported late, together with a later task's. */
	DOCA_TASK_SUBMIT_FLAG_OPTIMIZE_REPORTS = (1U << 1),
};

/** @brief Which contexts doca_pe_progress() looks at once the engine was armed. */
enum doca_pe_event_mode {
	/** Only contexts that got an event (or had work when the engine was armed); the
	 * notification must be cleared after each wake-up. The default. */
	DOCA_PE_EVENT_MODE_PROGRESS_SELECTIVE,
	/** Every context, on every call; no need to clear the notification. */
	DOCA_PE_EVENT_MODE_PROGRESS_ALL
};

/**
 * @brief Called from doca_pe_progress() when a task completes (successfully or not; the
 * context registers one callback for each outcome).
 *
 * The task belongs to the caller again inside the callback: it may submit it again, free it
 * with doca_task_free() or keep it. The callback must not call doca_pe_progress().
 *
 * @param [in] task
 * The completed task, never NULL.
 * @param [in] task_user_data
 * The task's user data (doca_task_set_user_data()).
 * @param [in] ctx_user_data
 * The user data of the task's context.
 */
typedef void (*doca_task_completion_cb_t)(struct doca_task *task, union doca_data task_user_data,
                                          union doca_data ctx_user_data);

/**
 * @brief Create a progress engine.
 *
 * @param [out] pe
 * The new progress engine.
 * @return DOCA_SUCCESS on success; DOCA_ERROR_INVALID_VALUE when pe is NULL;
 * DOCA_ERROR_NO_MEMORY when allocation fails; DOCA_ERROR_OPERATING_SYSTEM when its event
 * handle cannot be created.
 */
DOCA_STABLE doca_error_t doca_pe_create(struct doca_pe **pe);

/**
 * @brief Destroy a progress engine; every context connected to it must have been destroyed.
 *
 * @param [in] pe
 * The progress engine.
 * @return DOCA_SUCCESS on success; DOCA_ERROR_INVALID_VALUE when pe is NULL;
 * DOCA_ERROR_IN_USE while contexts are connected to it.
 */
DOCA_STABLE doca_error_t doca_pe_destroy(struct doca_pe *pe);

/**
 * @brief Poll once: complete one finished task, handle one event or advance one context
 * state change, calling the matching callback.
 *
 * @param [in] pe
 * The progress engine, not NULL.
 * @return 1 when something progressed, 0 otherwise.
 */
DOCA_STABLE uint8_t doca_pe_progress(struct doca_pe *pe);

/**
 * @brief The handle to block on (e.g. with epoll) until the progress engine has work; it
 * stays the same for the life of the engine.
 *
 * @param [in] pe
 * The progress engine.
 * @param [out] handle
 * A file descriptor that turns readable when the armed engine has work.
 * @return DOCA_SUCCESS on success; DOCA_ERROR_INVALID_VALUE for a NULL argument.
 */
DOCA_STABLE doca_error_t doca_pe_get_notification_handle(const struct doca_pe *pe,
                                                         doca_notification_handle_t *handle);

/**
 * @brief Acknowledge a wake-up: clear what made the handle readable, so that it can be
 * armed again with doca_pe_request_notification().
 *
 * @param [in] pe
 * The progress engine.
 * @param [in] handle
 * The engine's handle (doca_pe_get_notification_handle()).
 * @return DOCA_SUCCESS on success; DOCA_ERROR_INVALID_VALUE when pe is NULL or handle is not
 * the engine's; DOCA_ERROR_OPERATING_SYSTEM when a system call fails.
 */
DOCA_STABLE doca_error_t doca_pe_clear_notification(struct doca_pe *pe,
                                                    doca_notification_handle_t handle);

/**
 * @brief Arm the progress engine: its handle turns readable at the next completion or
 * event. Wait on the handle, then doca_pe_clear_notification(), then call
 * doca_pe_progress() until it answers 0, then arm again.
 *
 * @param [in] pe
 * The progress engine.
 * @return DOCA_SUCCESS on success; DOCA_ERROR_INVALID_VALUE when pe is NULL.
 */
DOCA_STABLE doca_error_t doca_pe_request_notification(struct doca_pe *pe);

/**
 * @brief How many tasks submitted through the progress engine have not completed yet.
 *
 * @param [in] pe
 * The progress engine.
 * @param [out] num_inflight_tasks
 * The number of tasks in flight.
 * @return DOCA_SUCCESS on success; DOCA_ERROR_INVALID_VALUE for a NULL argument.
 */
DOCA_STABLE doca_error_t doca_pe_get_num_inflight_tasks(const struct doca_pe *pe,
                                                        size_t *num_inflight_tasks);

/**
 * @brief Hand a task to its context for asynchronous execution, without validating it; on
 * success DOCA owns the task until its completion callback.
 *
 * @param [in] task
 * The task.
 * @return DOCA_SUCCESS on success; any other value means the task was not submitted and
 * still belongs to the caller (DOCA_ERROR_INVALID_VALUE when task is NULL).
 */
DOCA_STABLE doca_error_t doca_task_submit(struct doca_task *task);

/**
 * @brief Submit a task like doca_task_submit(), with flags that control batching towards the
 * hardware and completion reporting.
 *
 * @param [in] task
 * The task.
 * @param [in] flags
 * A bitwise OR of enum doca_task_submit_flag values.
 * @return DOCA_SUCCESS on success; any other value means the task was not submitted and
 * still belongs to the caller (DOCA_ERROR_INVALID_VALUE when task is NULL or flags has
 * unknown bits).
 */
DOCA_EXPERIMENTAL doca_error_t doca_task_submit_ex(struct doca_task *task, uint32_t flags);

/**
 * @brief Hand a task batch to its context, without validating it.
 *
 * @param [in] task_batch
 * The batch.
 * @return DOCA_SUCCESS on success; any other value means the batch was not submitted
 * (DOCA_ERROR_INVALID_VALUE when task_batch is NULL).
 */
DOCA_EXPERIMENTAL doca_error_t doca_task_batch_submit(struct doca_task_batch *task_batch);

/**
 * @brief Validate a task and, when it is valid, submit it like doca_task_submit().
 *
 * @param [in] task
 * The task.
 * @return DOCA_SUCCESS on success; DOCA_ERROR_INVALID_VALUE for an invalid task; any other
 * value means the task was not submitted.
 */
DOCA_STABLE doca_error_t doca_task_try_submit(struct doca_task *task);

/**
 * @brief Validate a task batch and, when it is valid, submit it.
 *
 * @param [in] task_batch
 * The batch.
 * @return DOCA_SUCCESS on success; DOCA_ERROR_INVALID_VALUE for an invalid batch; any other
 * value means the batch was not submitted.
 */
DOCA_EXPERIMENTAL doca_error_t doca_task_batch_try_submit(struct doca_task_batch *task_batch);

/**
 * @brief Give a task that is not submitted back to the context that allocated it. A context
 * stops only once all its tasks are freed.
 *
 * @param [in] task
 * The task.
 */
DOCA_STABLE void doca_task_free(struct doca_task *task);

/**
 * @brief Give a task batch that is not submitted back to its context.
 *
 * @param [in] task_batch
 * The batch.
 */
DOCA_EXPERIMENTAL void doca_task_batch_free(struct doca_task_batch *task_batch);

/**
 * @brief The outcome of a completed task.
 *
 * @param [in] task
 * The task.
 * @return DOCA_SUCCESS when the task succeeded, otherwise the error it failed with.
 */
DOCA_STABLE doca_error_t doca_task_get_status(const struct doca_task *task);

/**
 * @brief The outcome of a completed task batch.
 *
 * @param [in] task_batch
 * The batch.
 * @return DOCA_SUCCESS when the batch succeeded, otherwise the error it failed with.
 */
DOCA_EXPERIMENTAL doca_error_t doca_task_batch_get_status(const struct doca_task_batch *task_batch);

/**
 * @brief Attach an opaque value to a task; it is passed to the completion callback.
 *
 * @param [in] task
 * The task.
 * @param [in] user_data
 * The value.
 */
DOCA_STABLE void doca_task_set_user_data(struct doca_task *task, union doca_data user_data);

/**
 * @brief Attach an opaque value to a task batch.
 *
 * @param [in] task_batch
 * The batch.
 * @param [in] user_data
 * The value.
 */
DOCA_EXPERIMENTAL void doca_task_batch_set_user_data(struct doca_task_batch *task_batch,
                                                     union doca_data user_data);

/**
 * @brief The opaque value attached to a task.
 *
 * @param [in] task
 * The task.
 * @return The value set with doca_task_set_user_data().
 */
DOCA_STABLE union doca_data doca_task_get_user_data(const struct doca_task *task);

/**
 * @brief The opaque value attached to a task batch.
 *
 * @param [in] task_batch
 * The batch.
 * @return The value set with doca_task_batch_set_user_data().
 */
DOCA_EXPERIMENTAL union doca_data
doca_task_batch_get_user_data(const struct doca_task_batch *task_batch);

/**
 * @brief The context that allocated a task.
 *
 * @param [in] task
 * The task.
 * @return The context.
 */
DOCA_STABLE struct doca_ctx *doca_task_get_ctx(const struct doca_task *task);

/**
 * @brief The context that allocated a task batch.
 *
 * @param [in] task_batch
 * The batch.
 * @return The context.
 */
DOCA_EXPERIMENTAL struct doca_ctx *
doca_task_batch_get_ctx(const struct doca_task_batch *task_batch);

/**
 * @brief The user data of the context that allocated a task batch.
 *
 * @param [in] task_batch
 * The batch.
 * @return The context's user data.
 */
DOCA_EXPERIMENTAL union doca_data
doca_task_batch_get_ctx_user_data(const struct doca_task_batch *task_batch);

/**
 * @brief How many tasks a task batch holds.
 *
 * @param [in] task_batch
 * The batch.
 * @return The number of tasks.
 */
DOCA_EXPERIMENTAL uint16_t doca_task_batch_get_tasks_num(struct doca_task_batch *task_batch);

/**
 * @brief Connect a context to a progress engine, which then drives its tasks, events and
 * state changes. Only destroying the context undoes it.
 *
 * @param [in] pe
 * The progress engine.
 * @param [in] ctx
 * An idle context not connected to any progress engine.
 * @return DOCA_SUCCESS on success; DOCA_ERROR_INVALID_VALUE when pe or ctx is NULL;
 * DOCA_ERROR_NO_MEMORY when allocation fails; DOCA_ERROR_BAD_STATE when the context is not
 * idle; DOCA_ERROR_NOT_PERMITTED when it is already connected.
 * @note softdpa drives doca_eth_rxq and doca_eth_txq contexts; other kinds answer
 * DOCA_ERROR_NOT_SUPPORTED with one log line.
 */
DOCA_STABLE doca_error_t doca_pe_connect_ctx(struct doca_pe *pe, struct doca_ctx *ctx);

/**
 * @brief Choose which contexts doca_pe_progress() looks at after the engine was armed.
 *
 * @param [in] pe
 * The progress engine.
 * @param [in] event_mode
 * The mode (default DOCA_PE_EVENT_MODE_PROGRESS_SELECTIVE).
 * @return DOCA_SUCCESS on success; DOCA_ERROR_INVALID_VALUE when pe is NULL or the mode is
 * unknown.
 */
DOCA_EXPERIMENTAL doca_error_t doca_pe_set_event_mode(struct doca_pe *pe,
                                                      enum doca_pe_event_mode event_mode);

#ifdef __cplusplus
}
#endif

#endif /* DOCA_PE_H_ */
