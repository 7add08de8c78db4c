/* SPDX-License-Identifier: BSD-3-Clause */
/**
 * @file
 * softdpa — doca_eth_rxq_cpu_data_path.h: the CPU data path of a DOCA Ethernet receive
 * queue: receive tasks (regular queues), managed receive events and event batches
 * (managed-mempool queues), and what they tell about each packet.
 *
 * softdpa emulates both (docs/ETH.md). Managed receive events and event batches: each
 * doca_pe_progress() of the queue's engine reports at most one event or batch. Receive
 * tasks: each submitted task takes the next frame steered to the queue into its doca_buf
 * (written after the buffer's data, over a doca_buf list up to max_recv_buf_list_len), and
 * doca_pe_progress() reports every completion found; a buffer with less room than the
 * queue's max_packet_size fails (DOCA_ERROR_INVALID_VALUE), and doca_ctx_stop() flushes the
 * tasks still posted (error callback, DOCA_ERROR_IO_FAILED). An attribute the queue was not
 * configured to deliver (metadata, flow tag, RSS hash, timestamp) answers
 * DOCA_ERROR_BAD_STATE with one line naming the setter.
 */
#ifndef DOCA_ETH_RXQ_CPU_DATA_PATH_H_
#define DOCA_ETH_RXQ_CPU_DATA_PATH_H_

#include <stdint.h>

#include <doca_compat.h>
#include <doca_error.h>
#include <doca_pe.h>
#include <doca_types.h>

#ifdef __cplusplus
extern "C" {
#endif

struct doca_buf;
struct doca_ctx;
struct doca_task;

/** @brief An Ethernet receive queue (opaque). */
struct doca_eth_rxq;

/** @brief A task receiving one packet into a buffer of the application (regular queues). */
struct doca_eth_rxq_task_recv;

/** @brief One packet received by a managed-mempool queue. */
struct doca_eth_rxq_event_managed_recv;

/** @brief Several packets received by a managed-mempool queue, reported together. */
struct doca_eth_rxq_event_batch_managed_recv;

/**
 * @brief Called from doca_pe_progress() when a receive task completes (the same type serves
 * the success and the error callback). The task belongs to the application again: it may
 * submit it again, free it or keep it. The callback must not call doca_pe_progress().
 *
 * @param [in] task_recv
 * The completed task, never NULL.
 * @param [in] task_user_data
 * The task's user data.
 * @param [in] ctx_user_data
 * The user data of the queue's context.
 */
typedef void (*doca_eth_rxq_task_recv_completion_cb_t)(struct doca_eth_rxq_task_recv *task_recv,
                                                       union doca_data task_user_data,
                                                       union doca_data ctx_user_data);

/**
 * @brief Called from doca_pe_progress() for each packet a managed-mempool queue received
 * (success handler) or failed to receive (error handler).
 *
 * @param [in] event_managed_recv
 * The event, never NULL; valid only during the call.
 * @param [in] pkt
 * The packet (NULL in the error handler). It stays valid until the application frees it
 * with doca_buf_dec_refcount(); holding packets long starves the queue's memory. It cannot
 * be duplicated with doca_buf_inventory_buf_dup().
 * @param [in] event_user_data
 * The user data given at registration.
 */
typedef void (*doca_eth_rxq_event_managed_recv_handler_cb_t)(
        struct doca_eth_rxq_event_managed_recv *event_managed_recv, struct doca_buf *pkt,
        union doca_data event_user_data);

/**
 * @brief Called from doca_pe_progress() with a batch of packets a managed-mempool queue
 * received (success handler), or when receiving failed (error handler).
 *
 * @param [in] event_batch_managed_recv
 * The batch, never NULL; valid only during the call.
 * @param [in] events_number
 * How many packets the batch holds (0 in the error handler).
 * @param [in] event_batch_user_data
 * The user data given at registration.
 * @param [in] status
 * The outcome of the batch.
 * @param [in] pkt_array
 * The packets (NULL in the error handler); valid until the application gives them back,
 * all at once with doca_eth_rxq_event_batch_managed_recv_pkt_array_free() or one by one
 * with doca_buf_dec_refcount().
 */
typedef void (*doca_eth_rxq_event_batch_managed_recv_handler_cb_t)(
        struct doca_eth_rxq_event_batch_managed_recv *event_batch_managed_recv,
        uint16_t events_number, union doca_data event_batch_user_data, doca_error_t status,
        struct doca_buf **pkt_array);

/**
 * @brief Metadata word metadata_index of packet packet_index in the array that
 * doca_eth_rxq_event_batch_managed_recv_get_metadata_array() returned, where each packet
 * has metadata_num words (doca_eth_rxq_set_metadata_num()).
 */
#define doca_eth_rxq_event_batch_managed_recv_metadata_array_get_metadata(                         \
        metadata_array, metadata_num, packet_index, metadata_index)                                \
	((metadata_array)[(packet_index) * (metadata_num) + (metadata_index)])

/**
 * @brief Configure the receive tasks of a regular queue (before the context starts): their
 * callbacks and how many can exist.
 *
 * @param [in] eth_rxq
 * The queue.
 * @param [in] task_completion_cb
 * Called when a receive task succeeds.
 * @param [in] task_error_cb
 * Called when a receive task fails.
 * @param [in] task_recv_num
 * How many receive tasks the queue can allocate.
 * @return DOCA_SUCCESS on success; DOCA_ERROR_INVALID_VALUE when an argument is NULL;
 * DOCA_ERROR_BAD_STATE when the context is not idle.
 */
DOCA_EXPERIMENTAL doca_error_t doca_eth_rxq_task_recv_set_conf(
        struct doca_eth_rxq *eth_rxq, doca_eth_rxq_task_recv_completion_cb_t task_completion_cb,
        doca_eth_rxq_task_recv_completion_cb_t task_error_cb, uint32_t task_recv_num);

/**
 * @brief Ask a managed-mempool queue to report each received packet as an event (before the
 * context starts).
 *
 * @param [in] eth_rxq
 * The queue.
 * @param [in] user_data
 * Passed to the handlers.
 * @param [in] success_event_handler
 * Called for each received packet.
 * @param [in] error_event_handler
 * Called for each receive error.
 * @return DOCA_SUCCESS on success; DOCA_ERROR_INVALID_VALUE when an argument is NULL;
 * DOCA_ERROR_BAD_STATE when the context is not idle.
 */
DOCA_EXPERIMENTAL doca_error_t doca_eth_rxq_event_managed_recv_register(
        struct doca_eth_rxq *eth_rxq, union doca_data user_data,
        doca_eth_rxq_event_managed_recv_handler_cb_t success_event_handler,
        doca_eth_rxq_event_managed_recv_handler_cb_t error_event_handler);

/**
 * @brief Ask a managed-mempool queue to report received packets in batches, several per
 * handler call (before the context starts).
 *
 * @param [in] eth_rxq
 * The queue.
 * @param [in] events_number_max
 * The most packets reported by one call of a handler.
 * @param [in] events_number_min
 * The fewest packets reported by one call of a handler.
 * @param [in] user_data
 * Passed to the handlers.
 * @param [in] success_event_batch_handler
 * Called with each batch of received packets.
 * @param [in] error_event_batch_handler
 * Called when receiving fails.
 * @return DOCA_SUCCESS on success; DOCA_ERROR_INVALID_VALUE when an argument is NULL;
 * DOCA_ERROR_BAD_STATE when the context is not idle.
 */
DOCA_EXPERIMENTAL doca_error_t doca_eth_rxq_event_batch_managed_recv_register(
        struct doca_eth_rxq *eth_rxq, enum doca_event_batch_events_number events_number_max,
        enum doca_event_batch_events_number events_number_min, union doca_data user_data,
        doca_eth_rxq_event_batch_managed_recv_handler_cb_t success_event_batch_handler,
        doca_eth_rxq_event_batch_managed_recv_handler_cb_t error_event_batch_handler);

/**
 * @brief Allocate a receive task of a running regular queue.
 *
 * @param [in] eth_rxq
 * The queue.
 * @param [in] pkt
 * The buffer to receive the packet into.
 * @param [in] user_data
 * Attached to the task.
 * @param [out] task_recv
 * The new task.
 * @return DOCA_SUCCESS on success; DOCA_ERROR_INVALID_VALUE when an argument is NULL;
 * DOCA_ERROR_NO_MEMORY when no task is left; DOCA_ERROR_BAD_STATE when the context is not
 * running; DOCA_ERROR_NOT_CONNECTED when the queue has no progress engine.
 */
DOCA_EXPERIMENTAL doca_error_t doca_eth_rxq_task_recv_allocate_init(
        struct doca_eth_rxq *eth_rxq, struct doca_buf *pkt, union doca_data user_data,
        struct doca_eth_rxq_task_recv **task_recv);

/**
 * @brief Replace the buffer a receive task receives into.
 *
 * @param [in] task_recv
 * The task.
 * @param [in] pkt
 * The buffer to receive into.
 */
DOCA_EXPERIMENTAL void doca_eth_rxq_task_recv_set_pkt(struct doca_eth_rxq_task_recv *task_recv,
                                                      struct doca_buf *pkt);

/**
 * @brief The buffer a receive task received into.
 *
 * @param [in] task_recv
 * A completed receive task.
 * @param [out] pkt
 * The buffer holding the packet.
 * @return DOCA_SUCCESS on success; DOCA_ERROR_INVALID_VALUE when an argument is NULL.
 */
DOCA_EXPERIMENTAL doca_error_t doca_eth_rxq_task_recv_get_pkt(
        const struct doca_eth_rxq_task_recv *task_recv, struct doca_buf **pkt);

/**
 * @brief Whether the L3 checksum of the packet a receive task received is correct.
 *
 * @param [in] task_recv
 * A completed receive task.
 * @param [out] l3_ok
 * 1 when the L3 checksum is correct, else 0.
 * @return DOCA_SUCCESS on success; DOCA_ERROR_INVALID_VALUE when an argument is NULL.
 */
DOCA_EXPERIMENTAL doca_error_t
doca_eth_rxq_task_recv_get_l3_ok(const struct doca_eth_rxq_task_recv *task_recv, uint8_t *l3_ok);

/**
 * @brief Whether the L3 checksum of the packet of a managed receive event is correct.
 *
 * @param [in] event_managed_recv
 * A managed receive event (valid inside its callback).
 * @param [out] l3_ok
 * 1 when the L3 checksum is correct, else 0.
 * @return DOCA_SUCCESS on success; DOCA_ERROR_INVALID_VALUE when an argument is NULL.
 */
DOCA_EXPERIMENTAL doca_error_t doca_eth_rxq_event_managed_recv_get_l3_ok(
        const struct doca_eth_rxq_event_managed_recv *event_managed_recv, uint8_t *l3_ok);

/**
 * @brief Whether the L3 checksums of the packets of a managed receive event batch are correct.
 *
 * @param [in] event_batch_managed_recv
 * A managed receive event batch (valid inside its callback).
 * @param [out] l3_ok_array
 * One indicator per packet (valid inside the callback).
 * @return DOCA_SUCCESS on success; DOCA_ERROR_INVALID_VALUE when an argument is NULL.
 */
DOCA_EXPERIMENTAL doca_error_t doca_eth_rxq_event_batch_managed_recv_get_l3_ok_array(
        const struct doca_eth_rxq_event_batch_managed_recv *event_batch_managed_recv,
        const uint8_t **l3_ok_array);

/**
 * @brief Whether the L4 checksum of the packet a receive task received is correct.
 *
 * @param [in] task_recv
 * A completed receive task.
 * @param [out] l4_ok
 * 1 when the L4 checksum is correct, else 0.
 * @return DOCA_SUCCESS on success; DOCA_ERROR_INVALID_VALUE when an argument is NULL.
 */
DOCA_EXPERIMENTAL doca_error_t
doca_eth_rxq_task_recv_get_l4_ok(const struct doca_eth_rxq_task_recv *task_recv, uint8_t *l4_ok);

/**
 * @brief Whether the L4 checksum of the packet of a managed receive event is correct.
 *
 * @param [in] event_managed_recv
 * A managed receive event (valid inside its callback).
 * @param [out] l4_ok
 * 1 when the L4 checksum is correct, else 0.
 * @return DOCA_SUCCESS on success; DOCA_ERROR_INVALID_VALUE when an argument is NULL.
 */
DOCA_EXPERIMENTAL doca_error_t doca_eth_rxq_event_managed_recv_get_l4_ok(
        const struct doca_eth_rxq_event_managed_recv *event_managed_recv, uint8_t *l4_ok);

/**
 * @brief Whether the L4 checksums of the packets of a managed receive event batch are correct.
 *
 * @param [in] event_batch_managed_recv
 * A managed receive event batch (valid inside its callback).
 * @param [out] l4_ok_array
 * One indicator per packet (valid inside the callback).
 * @return DOCA_SUCCESS on success; DOCA_ERROR_INVALID_VALUE when an argument is NULL.
 */
DOCA_EXPERIMENTAL doca_error_t doca_eth_rxq_event_batch_managed_recv_get_l4_ok_array(
        const struct doca_eth_rxq_event_batch_managed_recv *event_batch_managed_recv,
        const uint8_t **l4_ok_array);

/**
 * @brief The metadata DOCA Flow attached to the packet a receive task received.
 *
 * @param [in] task_recv
 * A completed receive task.
 * @param [out] metadata_array
 * The packet's metadata words (doca_eth_rxq_set_metadata_num() of them).
 * @return DOCA_SUCCESS on success; DOCA_ERROR_INVALID_VALUE when an argument is NULL.
 */
DOCA_EXPERIMENTAL doca_error_t doca_eth_rxq_task_recv_get_metadata_array(
        const struct doca_eth_rxq_task_recv *task_recv, const uint32_t **metadata_array);

/**
 * @brief The metadata DOCA Flow attached to the packet of a managed receive event.
 *
 * @param [in] event_managed_recv
 * A managed receive event (valid inside its callback).
 * @param [out] metadata_array
 * The packet's metadata words (doca_eth_rxq_set_metadata_num() of them).
 * @return DOCA_SUCCESS on success; DOCA_ERROR_INVALID_VALUE when an argument is NULL.
 */
DOCA_EXPERIMENTAL doca_error_t doca_eth_rxq_event_managed_recv_get_metadata_array(
        const struct doca_eth_rxq_event_managed_recv *event_managed_recv,
        const uint32_t **metadata_array);

/**
 * @brief The metadata DOCA Flow attached to the packets of a managed receive event batch.
 *
 * @param [in] event_batch_managed_recv
 * A managed receive event batch (valid inside its callback).
 * @param [out] metadata_array
 * metadata_num words per packet, packet after packet (valid inside the callback); see
 * doca_eth_rxq_event_batch_managed_recv_metadata_array_get_metadata().
 * @return DOCA_SUCCESS on success; DOCA_ERROR_INVALID_VALUE when an argument is NULL.
 */
DOCA_EXPERIMENTAL doca_error_t doca_eth_rxq_event_batch_managed_recv_get_metadata_array(
        const struct doca_eth_rxq_event_batch_managed_recv *event_batch_managed_recv,
        const uint32_t **metadata_array);

/**
 * @brief The flow tag of the packet a receive task received.
 *
 * @param [in] task_recv
 * A completed receive task.
 * @param [out] flow_tag
 * The flow tag.
 * @return DOCA_SUCCESS on success; DOCA_ERROR_INVALID_VALUE when an argument is NULL.
 */
DOCA_EXPERIMENTAL doca_error_t doca_eth_rxq_task_recv_get_flow_tag(
        const struct doca_eth_rxq_task_recv *task_recv, uint32_t *flow_tag);

/**
 * @brief The flow tag of the packet of a managed receive event.
 *
 * @param [in] event_managed_recv
 * A managed receive event (valid inside its callback).
 * @param [out] flow_tag
 * The flow tag.
 * @return DOCA_SUCCESS on success; DOCA_ERROR_INVALID_VALUE when an argument is NULL.
 */
DOCA_EXPERIMENTAL doca_error_t doca_eth_rxq_event_managed_recv_get_flow_tag(
        const struct doca_eth_rxq_event_managed_recv *event_managed_recv, uint32_t *flow_tag);

/**
 * @brief The flow tag of each packet of a managed receive event batch.
 *
 * @param [in] event_batch_managed_recv
 * A managed receive event batch (valid inside its callback).
 * @param [out] flow_tag_array
 * One value per packet (valid inside the callback).
 * @return DOCA_SUCCESS on success; DOCA_ERROR_INVALID_VALUE when an argument is NULL.
 */
DOCA_EXPERIMENTAL doca_error_t doca_eth_rxq_event_batch_managed_recv_get_flow_tag_array(
        const struct doca_eth_rxq_event_batch_managed_recv *event_batch_managed_recv,
        const uint32_t **flow_tag_array);

/**
 * @brief The RSS hash of the packet a receive task received.
 *
 * @param [in] task_recv
 * A completed receive task.
 * @param [out] rx_hash
 * The RSS hash.
 * @return DOCA_SUCCESS on success; DOCA_ERROR_INVALID_VALUE when an argument is NULL.
 */
DOCA_EXPERIMENTAL doca_error_t doca_eth_rxq_task_recv_get_rx_hash(
        const struct doca_eth_rxq_task_recv *task_recv, uint32_t *rx_hash);

/**
 * @brief The RSS hash of the packet of a managed receive event.
 *
 * @param [in] event_managed_recv
 * A managed receive event (valid inside its callback).
 * @param [out] rx_hash
 * The RSS hash.
 * @return DOCA_SUCCESS on success; DOCA_ERROR_INVALID_VALUE when an argument is NULL.
 */
DOCA_EXPERIMENTAL doca_error_t doca_eth_rxq_event_managed_recv_get_rx_hash(
        const struct doca_eth_rxq_event_managed_recv *event_managed_recv, uint32_t *rx_hash);

/**
 * @brief The RSS hash of each packet of a managed receive event batch.
 *
 * @param [in] event_batch_managed_recv
 * A managed receive event batch (valid inside its callback).
 * @param [out] rx_hash_array
 * One value per packet (valid inside the callback).
 * @return DOCA_SUCCESS on success; DOCA_ERROR_INVALID_VALUE when an argument is NULL.
 */
DOCA_EXPERIMENTAL doca_error_t doca_eth_rxq_event_batch_managed_recv_get_rx_hash_array(
        const struct doca_eth_rxq_event_batch_managed_recv *event_batch_managed_recv,
        const uint32_t **rx_hash_array);

/**
 * @brief The arrival time in nanoseconds of the packet a receive task received.
 *
 * @param [in] task_recv
 * A completed receive task.
 * @param [out] timestamp
 * The arrival time in nanoseconds.
 * @return DOCA_SUCCESS on success; DOCA_ERROR_INVALID_VALUE when an argument is NULL.
 */
DOCA_EXPERIMENTAL doca_error_t doca_eth_rxq_task_recv_get_timestamp(
        const struct doca_eth_rxq_task_recv *task_recv, uint64_t *timestamp);

/**
 * @brief The arrival time in nanoseconds of the packet of a managed receive event.
 *
 * @param [in] event_managed_recv
 * A managed receive event (valid inside its callback).
 * @param [out] timestamp
 * The arrival time in nanoseconds.
 * @return DOCA_SUCCESS on success; DOCA_ERROR_INVALID_VALUE when an argument is NULL.
 */
DOCA_EXPERIMENTAL doca_error_t doca_eth_rxq_event_managed_recv_get_timestamp(
        const struct doca_eth_rxq_event_managed_recv *event_managed_recv, uint64_t *timestamp);

/**
 * @brief The arrival time in nanoseconds of each packet of a managed receive event batch.
 *
 * @param [in] event_batch_managed_recv
 * A managed receive event batch (valid inside its callback).
 * @param [out] timestamp_array
 * One value per packet (valid inside the callback).
 * @return DOCA_SUCCESS on success; DOCA_ERROR_INVALID_VALUE when an argument is NULL.
 */
DOCA_EXPERIMENTAL doca_error_t doca_eth_rxq_event_batch_managed_recv_get_timestamp_array(
        const struct doca_eth_rxq_event_batch_managed_recv *event_batch_managed_recv,
        const uint64_t **timestamp_array);

/**
 * @brief The outcome of a managed receive event.
 *
 * @param [in] event_managed_recv
 * The event.
 * @return DOCA_SUCCESS when the packet was received, otherwise the error it failed with;
 * DOCA_ERROR_INVALID_VALUE when the event is NULL.
 */
DOCA_EXPERIMENTAL doca_error_t doca_eth_rxq_event_managed_recv_get_status(
        const struct doca_eth_rxq_event_managed_recv *event_managed_recv);

/**
 * @brief Give back at once all the packets of one managed receive event batch. Either free a
 * batch this way or each packet with doca_buf_dec_refcount(), not both.
 *
 * @param [in] pkt_array
 * The packet array a batch handler received.
 */
DOCA_EXPERIMENTAL void
doca_eth_rxq_event_batch_managed_recv_pkt_array_free(struct doca_buf **pkt_array);

/**
 * @brief The context (queue) a managed receive event belongs to.
 *
 * @param [in] event_managed_recv
 * A managed receive event (valid inside its callback).
 * @return The context; NULL for a NULL event
 */
DOCA_EXPERIMENTAL struct doca_ctx *doca_eth_rxq_event_managed_recv_get_ctx(
        const struct doca_eth_rxq_event_managed_recv *event_managed_recv);

/**
 * @brief The context (queue) a managed receive event batch belongs to.
 *
 * @param [in] event_batch_managed_recv
 * A managed receive event batch (valid inside its callback).
 * @return The context; NULL for a NULL batch
 */
DOCA_EXPERIMENTAL struct doca_ctx *doca_eth_rxq_event_batch_managed_recv_get_ctx(
        const struct doca_eth_rxq_event_batch_managed_recv *event_batch_managed_recv);

/**
 * @brief A receive task as a generic doca_task (to submit or free it).
 *
 * @param [in] task_recv
 * The task.
 * @return The task; NULL for a NULL task
 */
DOCA_EXPERIMENTAL struct doca_task *
doca_eth_rxq_task_recv_as_doca_task(struct doca_eth_rxq_task_recv *task_recv);

#ifdef __cplusplus
} /* extern "C" */
#endif

#endif /* DOCA_ETH_RXQ_CPU_DATA_PATH_H_ */
