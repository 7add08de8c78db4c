/* SPDX-License-Identifier: BSD-3-Clause
 * Generic DOCA tasks and task batches (doca_pe.h's doca_task_* / doca_task_batch_* calls) of
 * the contexts that allocate them (src/eth: doca_eth_txq send tasks, doca_eth_rxq receive
 * tasks). Functions only: no layer sees struct doca_task.
 *
 * A context makes one pool per task kind. A pool holds slots; each slot is a doca_task (or a
 * doca_task_batch) followed by 'obj_size' bytes the context owns (its task object: the
 * pointer the context hands out, e.g. struct doca_eth_txq_task_send *). Tasks move
 *   FREE --sdpa_task_alloc--> OWNED (the application's) --doca_task_submit--> SUBMITTED
 *   SUBMITTED --sdpa_task_complete--> OWNED (in the completion callback) --doca_task_free--> FREE
 * doca_task_* validate a pointer by address against the live pools (never dereferenced
 * first), so a stale or foreign task pointer is refused with one line.
 *
 * Threads: every call comes from the application's threads (allocation, submission and
 * completion in doca_pe_progress); one mutex protects the pools.
 */
#ifndef SDPA_CORE_TASK_H
#define SDPA_CORE_TASK_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include <doca_error.h>
#include <doca_pe.h>
#include <doca_types.h>

struct doca_ctx;
struct sdpa_task_pool;

/* Submission of one task (or batch) of the pool: 'obj' is its object. DOCA_SUCCESS hands
 * the task to the context, which completes it later with sdpa_task_complete; any other
 * value (logged by the context) leaves the task with the application. 'validate' is true
 * for doca_task_try_submit / doca_task_batch_try_submit: a task the context would fail is
 * refused (INVALID_VALUE) instead of being submitted to fail in its error callback. */
typedef doca_error_t (*sdpa_task_submit_fn)(void *owner, void *obj, bool validate);

/* A pool of n slots of 'kind' (names the task kind in messages, e.g.
 * "doca_eth_txq_task_send") of context 'ctx'; 'batch' for doca_task_batch slots. NULL when
 * out of memory (logged). */
struct sdpa_task_pool *sdpa_task_pool_create(struct doca_ctx *ctx, const char *kind, bool batch,
                                             uint32_t n, size_t obj_size,
                                             sdpa_task_submit_fn submit, void *owner);
/* n more slots (doca_*_num_expand); NO_MEMORY (logged). */
doca_error_t sdpa_task_pool_expand(struct sdpa_task_pool *pool, uint32_t n);
/* Free the pool; its tasks become invalid pointers. NULL is ignored. */
void sdpa_task_pool_destroy(struct sdpa_task_pool *pool);
/* Tasks of the pool not FREE (allocated and not freed yet). */
uint32_t sdpa_task_pool_outstanding(const struct sdpa_task_pool *pool);
/* Slots of the pool. */
uint32_t sdpa_task_pool_size(const struct sdpa_task_pool *pool);

/* A FREE task of the pool, now OWNED, with its user data; its object in *obj (zeroed).
 * NULL when every task is taken. */
struct doca_task *sdpa_task_alloc(struct sdpa_task_pool *pool, union doca_data user_data,
                                  void **obj);
/* The task (or batch, cast) of an object the pool handed out, NULL for a pointer that is
 * not one (a stale or foreign pointer: never dereferenced). */
struct doca_task *sdpa_task_of(const struct sdpa_task_pool *pool, const void *obj);
/* The object of a task. */
void *sdpa_task_obj(struct doca_task *task);
/* A SUBMITTED task completes with 'status': OWNED again, inflight count down. The context
 * then calls the application's callback. */
void sdpa_task_complete(struct doca_task *task, doca_error_t status);
/* The number of tasks of a batch (doca_task_batch_get_tasks_num), set at allocation. */
void sdpa_task_set_count(struct doca_task *task, uint16_t count);
/* The user data of a task. */
union doca_data sdpa_task_user_data(const struct doca_task *task);

/* Tasks submitted and not completed of every pool of ctx / of every context connected to pe. */
size_t sdpa_task_inflight_ctx(const struct doca_ctx *ctx);
size_t sdpa_task_inflight_pe(const struct doca_pe *pe);

#endif
