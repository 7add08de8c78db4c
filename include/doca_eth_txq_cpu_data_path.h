/* SPDX-License-Identifier: BSD-3-Clause */
/**
 * @file
 * softdpa — doca_eth_txq_cpu_data_path.h: the CPU data path of a DOCA Ethernet send queue:
 * send tasks, LSO (large send offload) send tasks and batches of either.
 *
 * softdpa emulates them on the CPU (docs/ETH.md): a submitted task's frame leaves through
 * the port of the queue's device (its egress pipes, else its wire) at once, and its
 * completion callback runs in the next doca_pe_progress(). A task or batch pointer the
 * queue did not hand out (or already freed) is refused with one log line, never used.
 * A task's metadata word (doca_eth_txq_set_metadata_num(1)) is the frame's meta.pkt_meta
 * for the egress pipes; without it the metadata getters answer DOCA_ERROR_BAD_STATE.
 */
#ifndef DOCA_ETH_TXQ_CPU_DATA_PATH_H_
#define DOCA_ETH_TXQ_CPU_DATA_PATH_H_

#include <stdint.h>

#include <doca_compat.h>
#include <doca_error.h>
#include <doca_pe.h>
#include <doca_types.h>

#ifdef __cplusplus
extern "C" {
#endif

struct doca_buf;
struct doca_task;
struct doca_task_batch;

/** @brief An Ethernet send queue (opaque). */
struct doca_eth_txq;

/** @brief A task sending one packet. */
struct doca_eth_txq_task_send;
/** @brief A task sending a large payload cut into segments that each get the headers. */
struct doca_eth_txq_task_lso_send;

/** @brief Offloads a send task can ask for (a bitwise OR). */
enum doca_eth_txq_ol_flags {
	DOCA_ETH_TXQ_OL_FLAGS_L3_CSUM = (1 << 0), /**< the device computes the L3 checksum */
	DOCA_ETH_TXQ_OL_FLAGS_L4_CSUM = (1 << 1), /**< the device computes the L4 checksum */
};

/**
 * @brief Called from doca_pe_progress() when a send task completes (the same type serves the
 * success and the error callback). The task belongs to the application again.
 *
 * @param [in] task_send
 * The completed task, never NULL.
 * @param [in] task_user_data
 * The task's user data.
 * @param [in] ctx_user_data
 * The user data of the queue's context.
 */
typedef void (*doca_eth_txq_task_send_completion_cb_t)(struct doca_eth_txq_task_send *task_send,
                                                       union doca_data task_user_data,
                                                       union doca_data ctx_user_data);

/**
 * @brief Called from doca_pe_progress() when an LSO send task completes.
 *
 * @param [in] task_lso_send
 * The completed task, never NULL.
 * @param [in] task_user_data
 * The task's user data.
 * @param [in] ctx_user_data
 * The user data of the queue's context.
 */
typedef void (*doca_eth_txq_task_lso_send_completion_cb_t)(
        struct doca_eth_txq_task_lso_send *task_lso_send, union doca_data task_user_data,
        union doca_data ctx_user_data);

/**
 * @brief Called from doca_pe_progress() when a batch of send tasks completes.
 *
 * @param [in] task_batch
 * The completed batch, never NULL.
 * @param [in] tasks_num
 * How many tasks the batch held.
 * @param [in] ctx_user_data
 * The user data of the queue's context.
 * @param [in] task_batch_user_data
 * The batch's user data.
 * @param [in] task_user_data_array
 * The user data of each task.
 * @param [in] pkt_array
 * The packet of each task.
 * @param [in] status_array
 * The outcome of each task.
 */
typedef void (*doca_eth_txq_task_batch_send_completion_cb_t)(
        struct doca_task_batch *task_batch, uint16_t tasks_num, union doca_data ctx_user_data,
        union doca_data task_batch_user_data, union doca_data *task_user_data_array,
        struct doca_buf **pkt_array, doca_error_t *status_array);

/**
 * @brief Called from doca_pe_progress() when a batch of LSO send tasks completes.
 *
 * @param [in] task_batch
 * The completed batch, never NULL.
 * @param [in] tasks_num
 * How many tasks the batch held.
 * @param [in] ctx_user_data
 * The user data of the queue's context.
 * @param [in] task_batch_user_data
 * The batch's user data.
 * @param [in] task_user_data_array
 * The user data of each task.
 * @param [in] pkt_payload_array
 * The payload of each task.
 * @param [in] headers_array
 * The headers of each task.
 * @param [in] status_array
 * The outcome of each task.
 */
typedef void (*doca_eth_txq_task_batch_lso_send_completion_cb_t)(
        struct doca_task_batch *task_batch, uint16_t tasks_num, union doca_data ctx_user_data,
        union doca_data task_batch_user_data, union doca_data *task_user_data_array,
        struct doca_buf **pkt_payload_array, struct doca_gather_list **headers_array,
        doca_error_t *status_array);

/**
 * @brief Metadata word metadata_index of task packet_index in the array a batch's
 * get_metadata_array call returned, where each task has metadata_num words.
 */
#define doca_eth_txq_task_batch_metadata_array_get_metadata(metadata_array, metadata_num,          \
                                                            packet_index, metadata_index)          \
	((metadata_array)[(packet_index) * (metadata_num) + (metadata_index)])

/**
 * @brief Configure the send tasks (before the context starts): their callbacks and how many
 * can exist.
 *
 * @param [in] eth_txq
 * The queue.
 * @param [in] task_completion_cb
 * Called when a send task succeeds.
 * @param [in] task_error_cb
 * Called when a send task fails.
 * @param [in] task_send_num
 * How many send tasks the queue can allocate.
 * @return DOCA_SUCCESS on success; DOCA_ERROR_INVALID_VALUE when an argument is NULL;
 * DOCA_ERROR_BAD_STATE when the context is not idle.
 */
DOCA_EXPERIMENTAL doca_error_t doca_eth_txq_task_send_set_conf(
        struct doca_eth_txq *eth_txq, doca_eth_txq_task_send_completion_cb_t task_completion_cb,
        doca_eth_txq_task_send_completion_cb_t task_error_cb, uint32_t task_send_num);

/**
 * @brief Configure the LSO send tasks (before the context starts).
 *
 * @param [in] eth_txq
 * The queue.
 * @param [in] task_completion_cb
 * Called when an LSO send task succeeds.
 * @param [in] task_error_cb
 * Called when an LSO send task fails.
 * @param [in] task_lso_send_num
 * How many LSO send tasks the queue can allocate.
 * @return DOCA_SUCCESS on success; DOCA_ERROR_INVALID_VALUE when an argument is NULL;
 * DOCA_ERROR_BAD_STATE when the context is not idle.
 */
DOCA_EXPERIMENTAL doca_error_t doca_eth_txq_task_lso_send_set_conf(
        struct doca_eth_txq *eth_txq, doca_eth_txq_task_lso_send_completion_cb_t task_completion_cb,
        doca_eth_txq_task_lso_send_completion_cb_t task_error_cb, uint32_t task_lso_send_num);

/**
 * @brief Configure batches of send tasks (before the context starts).
 *
 * @param [in] eth_txq
 * The queue.
 * @param [in] max_tasks_number
 * The most tasks in one batch.
 * @param [in] num_task_batches
 * How many batches the queue can allocate.
 * @param [in] success_completion_cb
 * Called when a batch succeeds.
 * @param [in] error_completion_cb
 * Called when a batch fails.
 * @return DOCA_SUCCESS on success; DOCA_ERROR_INVALID_VALUE when an argument is NULL;
 * DOCA_ERROR_BAD_STATE when the context is not idle.
 */
DOCA_EXPERIMENTAL doca_error_t doca_eth_txq_task_batch_send_set_conf(
        struct doca_eth_txq *eth_txq, enum doca_task_batch_max_tasks_number max_tasks_number,
        uint16_t num_task_batches,
        doca_eth_txq_task_batch_send_completion_cb_t success_completion_cb,
        doca_eth_txq_task_batch_send_completion_cb_t error_completion_cb);

/**
 * @brief Configure batches of LSO send tasks (before the context starts).
 *
 * @param [in] eth_txq
 * The queue.
 * @param [in] max_tasks_number
 * The most tasks in one batch.
 * @param [in] num_task_batches
 * How many batches the queue can allocate.
 * @param [in] success_completion_cb
 * Called when a batch succeeds.
 * @param [in] error_completion_cb
 * Called when a batch fails.
 * @return DOCA_SUCCESS on success; DOCA_ERROR_INVALID_VALUE when an argument is NULL;
 * DOCA_ERROR_BAD_STATE when the context is not idle.
 */
DOCA_EXPERIMENTAL doca_error_t doca_eth_txq_task_batch_lso_send_set_conf(
        struct doca_eth_txq *eth_txq, enum doca_task_batch_max_tasks_number max_tasks_number,
        uint16_t num_task_batches,
        doca_eth_txq_task_batch_lso_send_completion_cb_t success_completion_cb,
        doca_eth_txq_task_batch_lso_send_completion_cb_t error_completion_cb);

/**
 * @brief Allow more send tasks.
 *
 * @param [in] eth_txq
 * The queue.
 * @param [in] task_send_num
 * How many tasks to add.
 * @return DOCA_SUCCESS on success; DOCA_ERROR_INVALID_VALUE when an argument is NULL.
 */
DOCA_EXPERIMENTAL doca_error_t doca_eth_txq_task_send_num_expand(struct doca_eth_txq *eth_txq,
                                                                 uint32_t task_send_num);

/**
 * @brief Allow more LSO send tasks.
 *
 * @param [in] eth_txq
 * The queue.
 * @param [in] task_lso_send_num
 * How many tasks to add.
 * @return DOCA_SUCCESS on success; DOCA_ERROR_INVALID_VALUE when an argument is NULL.
 */
DOCA_EXPERIMENTAL doca_error_t doca_eth_txq_task_lso_send_num_expand(struct doca_eth_txq *eth_txq,
                                                                     uint32_t task_lso_send_num);

/**
 * @brief Allow more batches of send tasks.
 *
 * @param [in] eth_txq
 * The queue.
 * @param [in] task_batches_num
 * How many batches to add.
 * @return DOCA_SUCCESS on success; DOCA_ERROR_INVALID_VALUE when an argument is NULL.
 */
DOCA_EXPERIMENTAL doca_error_t doca_eth_txq_task_batch_send_num_expand(struct doca_eth_txq *eth_txq,
                                                                       uint16_t task_batches_num);

/**
 * @brief Allow more batches of LSO send tasks.
 *
 * @param [in] eth_txq
 * The queue.
 * @param [in] task_batches_num
 * How many batches to add.
 * @return DOCA_SUCCESS on success; DOCA_ERROR_INVALID_VALUE when an argument is NULL.
 */
DOCA_EXPERIMENTAL doca_error_t doca_eth_txq_task_batch_lso_send_num_expand(
        struct doca_eth_txq *eth_txq, uint16_t task_batches_num);

/**
 * @brief Allocate a send task of a running queue.
 *
 * @param [in] eth_txq
 * The queue.
 * @param [in] pkt
 * The packet to send.
 * @param [in] user_data
 * Attached to the task.
 * @param [out] task_send
 * The new task.
 * @return DOCA_SUCCESS on success; DOCA_ERROR_INVALID_VALUE when an argument is NULL;
 * DOCA_ERROR_NO_MEMORY when no task is left; DOCA_ERROR_BAD_STATE when the context is not
 * running.
 */
DOCA_EXPERIMENTAL doca_error_t doca_eth_txq_task_send_allocate_init(
        struct doca_eth_txq *eth_txq, struct doca_buf *pkt, union doca_data user_data,
        struct doca_eth_txq_task_send **task_send);

/**
 * @brief Allocate an LSO send task of a running queue.
 *
 * @param [in] eth_txq
 * The queue.
 * @param [in] pkt_payload
 * The payload to segment.
 * @param [in] headers
 * The headers each segment carries.
 * @param [in] user_data
 * Attached to the task.
 * @param [out] task_lso_send
 * The new task.
 * @return DOCA_SUCCESS on success; DOCA_ERROR_INVALID_VALUE when an argument is NULL;
 * DOCA_ERROR_NO_MEMORY when no task is left; DOCA_ERROR_BAD_STATE when the context is not
 * running.
 */
DOCA_EXPERIMENTAL doca_error_t doca_eth_txq_task_lso_send_allocate_init(
        struct doca_eth_txq *eth_txq, struct doca_buf *pkt_payload,
        struct doca_gather_list *headers, union doca_data user_data,
        struct doca_eth_txq_task_lso_send **task_lso_send);

/**
 * @brief Allocate a batch of send tasks of a running queue.
 *
 * @param [in] eth_txq
 * The queue.
 * @param [in] tasks_num
 * How many tasks the batch holds.
 * @param [in] task_batch_user_data
 * Attached to the batch.
 * @param [out] pkt_array
 * The batch's packet slots, to fill.
 * @param [out] task_user_data_array
 * The batch's per-task user data, to fill.
 * @param [out] task_batch
 * The new batch.
 * @return DOCA_SUCCESS on success; DOCA_ERROR_INVALID_VALUE when an argument is NULL;
 * DOCA_ERROR_NO_MEMORY when no batch is left; DOCA_ERROR_BAD_STATE when the context is not
 * running.
 */
DOCA_EXPERIMENTAL doca_error_t doca_eth_txq_task_batch_send_allocate(
        struct doca_eth_txq *eth_txq, uint16_t tasks_num, union doca_data task_batch_user_data,
        struct doca_buf ***pkt_array, union doca_data **task_user_data_array,
        struct doca_task_batch **task_batch);

/**
 * @brief Allocate a batch of LSO send tasks of a running queue.
 *
 * @param [in] eth_txq
 * The queue.
 * @param [in] tasks_num
 * How many tasks the batch holds.
 * @param [in] task_batch_user_data
 * Attached to the batch.
 * @param [out] pkt_payload_array
 * The batch's payload slots, to fill.
 * @param [out] headers_array
 * The batch's header slots, to fill.
 * @param [out] task_user_data_array
 * The batch's per-task user data, to fill.
 * @param [out] task_batch
 * The new batch.
 * @return DOCA_SUCCESS on success; DOCA_ERROR_INVALID_VALUE when an argument is NULL;
 * DOCA_ERROR_NO_MEMORY when no batch is left; DOCA_ERROR_BAD_STATE when the context is not
 * running.
 */
DOCA_EXPERIMENTAL doca_error_t doca_eth_txq_task_batch_lso_send_allocate(
        struct doca_eth_txq *eth_txq, uint16_t tasks_num, union doca_data task_batch_user_data,
        struct doca_buf ***pkt_payload_array, struct doca_gather_list ***headers_array,
        union doca_data **task_user_data_array, struct doca_task_batch **task_batch);

/**
 * @brief Replace the packet a send task sends.
 *
 * @param [in] task_send
 * The send task.
 * @param [in] pkt
 * The packet.
 */
DOCA_EXPERIMENTAL void doca_eth_txq_task_send_set_pkt(struct doca_eth_txq_task_send *task_send,
                                                      struct doca_buf *pkt);

/**
 * @brief Replace the payload an LSO send task segments.
 *
 * @param [in] task_lso_send
 * The LSO send task.
 * @param [in] pkt_payload
 * The payload.
 */
DOCA_EXPERIMENTAL void
doca_eth_txq_task_lso_send_set_pkt_payload(struct doca_eth_txq_task_lso_send *task_lso_send,
                                           struct doca_buf *pkt_payload);

/**
 * @brief Replace the headers an LSO send task puts on each segment.
 *
 * @param [in] task_lso_send
 * The LSO send task.
 * @param [in] headers
 * The headers.
 */
DOCA_EXPERIMENTAL void
doca_eth_txq_task_lso_send_set_headers(struct doca_eth_txq_task_lso_send *task_lso_send,
                                       struct doca_gather_list *headers);

/**
 * @brief The packet a send task sends.
 *
 * @param [in] task_send
 * The send task.
 * @param [out] pkt
 * The packet.
 * @return DOCA_SUCCESS on success; DOCA_ERROR_INVALID_VALUE when an argument is NULL.
 */
DOCA_EXPERIMENTAL doca_error_t doca_eth_txq_task_send_get_pkt(
        const struct doca_eth_txq_task_send *task_send, struct doca_buf **pkt);

/**
 * @brief The payload an LSO send task segments.
 *
 * @param [in] task_lso_send
 * The LSO send task.
 * @param [out] pkt_payload
 * The payload.
 * @return DOCA_SUCCESS on success; DOCA_ERROR_INVALID_VALUE when an argument is NULL.
 */
DOCA_EXPERIMENTAL doca_error_t doca_eth_txq_task_lso_send_get_pkt_payload(
        const struct doca_eth_txq_task_lso_send *task_lso_send, struct doca_buf **pkt_payload);

/**
 * @brief The headers an LSO send task puts on each segment.
 *
 * @param [in] task_lso_send
 * The LSO send task.
 * @param [out] headers
 * The headers.
 * @return DOCA_SUCCESS on success; DOCA_ERROR_INVALID_VALUE when an argument is NULL.
 */
DOCA_EXPERIMENTAL doca_error_t doca_eth_txq_task_lso_send_get_headers(
        const struct doca_eth_txq_task_lso_send *task_lso_send, struct doca_gather_list **headers);

/**
 * @brief The metadata words a send task attaches to its packet.
 *
 * @param [in] task_send
 * The send task.
 * @param [out] metadata_array
 * The task's metadata words, to read or write.
 * @return DOCA_SUCCESS on success; DOCA_ERROR_INVALID_VALUE when an argument is NULL.
 */
DOCA_EXPERIMENTAL doca_error_t doca_eth_txq_task_send_get_metadata_array(
        struct doca_eth_txq_task_send *task_send, uint32_t **metadata_array);

/**
 * @brief The metadata words an LSO send task attaches to its segments.
 *
 * @param [in] task_lso_send
 * The LSO send task.
 * @param [out] metadata_array
 * The task's metadata words, to read or write.
 * @return DOCA_SUCCESS on success; DOCA_ERROR_INVALID_VALUE when an argument is NULL.
 */
DOCA_EXPERIMENTAL doca_error_t doca_eth_txq_task_lso_send_get_metadata_array(
        struct doca_eth_txq_task_lso_send *task_lso_send, uint32_t **metadata_array);

/**
 * @brief The metadata words of the tasks of a send batch.
 *
 * @param [in] task_batch_send
 * The batch.
 * @param [out] metadata_array
 * metadata_num words per task, task after task; see
 * doca_eth_txq_task_batch_metadata_array_get_metadata().
 * @return DOCA_SUCCESS on success; DOCA_ERROR_INVALID_VALUE when an argument is NULL.
 */
DOCA_EXPERIMENTAL doca_error_t doca_eth_txq_task_batch_send_get_metadata_array(
        struct doca_task_batch *task_batch_send, uint32_t **metadata_array);

/**
 * @brief The metadata words of the tasks of an LSO send batch.
 *
 * @param [in] task_batch_lso_send
 * The batch.
 * @param [out] metadata_array
 * metadata_num words per task, task after task.
 * @return DOCA_SUCCESS on success; DOCA_ERROR_INVALID_VALUE when an argument is NULL.
 */
DOCA_EXPERIMENTAL doca_error_t doca_eth_txq_task_batch_lso_send_get_metadata_array(
        struct doca_task_batch *task_batch_lso_send, uint32_t **metadata_array);

/**
 * @brief The segment size of one LSO send task.
 *
 * @param [in] task_lso_send
 * The LSO send task.
 * @param [in] mss
 * The segment size in bytes.
 */
DOCA_EXPERIMENTAL void
doca_eth_txq_task_lso_send_set_mss(struct doca_eth_txq_task_lso_send *task_lso_send, uint16_t mss);

/**
 * @brief The segment sizes of the tasks of an LSO send batch.
 *
 * @param [in] task_batch_lso_send
 * The batch.
 * @param [out] mss_array
 * One segment size per task, to write.
 * @return DOCA_SUCCESS on success; DOCA_ERROR_INVALID_VALUE when an argument is NULL.
 */
DOCA_EXPERIMENTAL doca_error_t doca_eth_txq_task_batch_lso_send_get_mss_array(
        struct doca_task_batch *task_batch_lso_send, uint16_t **mss_array);

/**
 * @brief The offloads (checksums) applied to the packet of a send task.
 *
 * @param [in] task_send
 * The send task.
 * @param [in] ol_flags
 * A bitwise OR of enum doca_eth_txq_ol_flags.
 */
DOCA_EXPERIMENTAL void doca_eth_txq_task_send_set_ol_flags(struct doca_eth_txq_task_send *task_send,
                                                           uint16_t ol_flags);

/**
 * @brief The offloads (checksums) applied to the segments of an LSO send task.
 *
 * @param [in] task_lso_send
 * The LSO send task.
 * @param [in] ol_flags
 * A bitwise OR of enum doca_eth_txq_ol_flags.
 */
DOCA_EXPERIMENTAL void
doca_eth_txq_task_lso_send_set_ol_flags(struct doca_eth_txq_task_lso_send *task_lso_send,
                                        uint16_t ol_flags);

/**
 * @brief The offloads of the tasks of a send batch.
 *
 * @param [in] task_batch_send
 * The batch.
 * @param [out] ol_flags_array
 * One offload mask per task, to write.
 * @return DOCA_SUCCESS on success; DOCA_ERROR_INVALID_VALUE when an argument is NULL.
 */
DOCA_EXPERIMENTAL doca_error_t doca_eth_txq_task_batch_send_get_ol_flags_array(
        struct doca_task_batch *task_batch_send, uint16_t **ol_flags_array);

/**
 * @brief The offloads of the tasks of an LSO send batch.
 *
 * @param [in] task_batch_lso_send
 * The batch.
 * @param [out] ol_flags_array
 * One offload mask per task, to write.
 * @return DOCA_SUCCESS on success; DOCA_ERROR_INVALID_VALUE when an argument is NULL.
 */
DOCA_EXPERIMENTAL doca_error_t doca_eth_txq_task_batch_lso_send_get_ol_flags_array(
        struct doca_task_batch *task_batch_lso_send, uint16_t **ol_flags_array);

/**
 * @brief A send task as a generic doca_task (to submit or free it).
 *
 * @param [in] task_send
 * The send task.
 * @return The task; NULL for a NULL task
 */
DOCA_EXPERIMENTAL struct doca_task *
doca_eth_txq_task_send_as_doca_task(struct doca_eth_txq_task_send *task_send);

/**
 * @brief An LSO send task as a generic doca_task.
 *
 * @param [in] task_lso_send
 * The LSO send task.
 * @return The task; NULL for a NULL task
 */
DOCA_EXPERIMENTAL struct doca_task *
doca_eth_txq_task_lso_send_as_doca_task(struct doca_eth_txq_task_lso_send *task_lso_send);

#ifdef __cplusplus
} /* extern "C" */
#endif

#endif /* DOCA_ETH_TXQ_CPU_DATA_PATH_H_ */
