/* SPDX-License-Identifier: BSD-3-Clause */
/**
 * @file
 * softdpa — doca_eth_txq.h: DOCA Ethernet send queue, a context (doca_ctx) that sends
 * packets from doca_bufs on a device's port: configuration and capabilities. The CPU data
 * path (send tasks) is in doca_eth_txq_cpu_data_path.h.
 *
 * softdpa emulates the REGULAR type on the CPU (docs/ETH.md): frames leave through the
 * DOCA Flow port started on the queue's device, like the frames a DPDK application sends on
 * that port. Not emulated: the GPU data path (doca_eth_txq_get_gpu_handle), sending at a
 * given time (doca_eth_txq_set_wait_on_time_offload, doca_eth_txq_calculate_timestamp):
 * each answers DOCA_ERROR_NOT_SUPPORTED with one log line naming itself. One metadata word
 * per packet (doca_eth_txq_cap_get_max_metadata_num): the egress pipes match it as
 * meta.pkt_meta.
 */
#ifndef DOCA_ETH_TXQ_H_
#define DOCA_ETH_TXQ_H_

#include <stdint.h>

#include <doca_compat.h>
#include <doca_error.h>
#include <doca_types.h>

#ifdef __cplusplus
extern "C" {
#endif

struct doca_ctx;
struct doca_dev;
struct doca_devinfo;

/** @brief An Ethernet send queue (opaque). */
struct doca_eth_txq;
/** @brief The handle of a send queue whose data path runs on a GPU (opaque). */
struct doca_gpu_eth_txq;

/** @brief Kinds of send queue. */
enum doca_eth_txq_type {
	DOCA_ETH_TXQ_TYPE_REGULAR = 0, /**< one task per packet (or per LSO message) */
};

/** @brief Where the queue's data path runs. */
enum doca_eth_txq_data_path_type {
	DOCA_ETH_TXQ_DATA_PATH_TYPE_CPU = 0, /**< on the host CPU */
	DOCA_ETH_TXQ_DATA_PATH_TYPE_GPU,     /**< on a GPU (GPUNetIO) */
};

/**
 * @brief Create a send queue on a device.
 *
 * @param [in] dev
 * The device whose port sends.
 * @param [in] max_burst_size
 * The most packets the queue holds at once.
 * @param [out] eth_txq
 * The new queue.
 * @return DOCA_SUCCESS on success; DOCA_ERROR_INVALID_VALUE when an argument is NULL;
 * DOCA_ERROR_NO_MEMORY when allocation fails.
 */
DOCA_EXPERIMENTAL doca_error_t doca_eth_txq_create(struct doca_dev *dev, uint32_t max_burst_size,
                                                   struct doca_eth_txq **eth_txq);

/**
 * @brief Destroy an idle send queue.
 *
 * @param [in] eth_txq
 * The queue.
 * @return DOCA_SUCCESS on success; DOCA_ERROR_INVALID_VALUE when an argument is NULL;
 * DOCA_ERROR_BAD_STATE when the context is not idle.
 */
DOCA_EXPERIMENTAL doca_error_t doca_eth_txq_destroy(struct doca_eth_txq *eth_txq);

/**
 * @brief The queue as a generic context (to start, stop, connect to a progress engine).
 *
 * @param [in] eth_txq
 * The queue.
 * @return The context; NULL when eth_txq is NULL
 */
DOCA_EXPERIMENTAL struct doca_ctx *doca_eth_txq_as_doca_ctx(struct doca_eth_txq *eth_txq);

/**
 * @brief Change the most packets the queue holds at once (before the context starts).
 *
 * @param [in] eth_txq
 * The queue.
 * @param [in] max_burst_size
 * The burst size.
 * @return DOCA_SUCCESS on success; DOCA_ERROR_INVALID_VALUE when an argument is NULL;
 * DOCA_ERROR_BAD_STATE when the context is not idle.
 */
DOCA_EXPERIMENTAL doca_error_t doca_eth_txq_set_max_burst_size(struct doca_eth_txq *eth_txq,
                                                               uint32_t max_burst_size);

/**
 * @brief The longest doca_buf list a send task may send (before the context starts).
 *
 * @param [in] eth_txq
 * The queue.
 * @param [in] max_send_buf_list_len
 * The list length.
 * @return DOCA_SUCCESS on success; DOCA_ERROR_INVALID_VALUE when an argument is NULL;
 * DOCA_ERROR_BAD_STATE when the context is not idle.
 */
DOCA_EXPERIMENTAL doca_error_t doca_eth_txq_set_max_send_buf_list_len(
        struct doca_eth_txq *eth_txq, uint32_t max_send_buf_list_len);

/**
 * @brief How many metadata words each sent packet carries for DOCA Flow to match (before the
 * context starts).
 *
 * @param [in] eth_txq
 * The queue.
 * @param [in] metadata_num
 * The number of 32-bit words.
 * @return DOCA_SUCCESS on success; DOCA_ERROR_INVALID_VALUE when an argument is NULL;
 * DOCA_ERROR_BAD_STATE when the context is not idle.
 */
DOCA_EXPERIMENTAL doca_error_t doca_eth_txq_set_metadata_num(struct doca_eth_txq *eth_txq,
                                                             uint8_t metadata_num);

/**
 * @brief The maximum segment size of LSO send tasks (before the context starts).
 *
 * @param [in] eth_txq
 * The queue.
 * @param [in] mss
 * The segment size in bytes.
 * @return DOCA_SUCCESS on success; DOCA_ERROR_INVALID_VALUE when an argument is NULL;
 * DOCA_ERROR_BAD_STATE when the context is not idle.
 */
DOCA_EXPERIMENTAL doca_error_t doca_eth_txq_set_mss(struct doca_eth_txq *eth_txq, uint16_t mss);

/**
 * @brief The largest header an LSO send task carries (before the context starts).
 *
 * @param [in] eth_txq
 * The queue.
 * @param [in] max_lso_header_size
 * The header size in bytes.
 * @return DOCA_SUCCESS on success; DOCA_ERROR_INVALID_VALUE when an argument is NULL;
 * DOCA_ERROR_BAD_STATE when the context is not idle.
 */
DOCA_EXPERIMENTAL doca_error_t doca_eth_txq_set_max_lso_header_size(struct doca_eth_txq *eth_txq,
                                                                    uint16_t max_lso_header_size);

/**
 * @brief The kind of send queue (before the context starts).
 *
 * @param [in] eth_txq
 * The queue.
 * @param [in] type
 * The queue type.
 * @return DOCA_SUCCESS on success; DOCA_ERROR_INVALID_VALUE when an argument is NULL;
 * DOCA_ERROR_BAD_STATE when the context is not idle.
 */
DOCA_EXPERIMENTAL doca_error_t doca_eth_txq_set_type(struct doca_eth_txq *eth_txq,
                                                     enum doca_eth_txq_type type);

/**
 * @brief Whether the device computes the L3 checksum of sent packets (before the context
 * starts).
 *
 * @param [in] eth_txq
 * The queue.
 * @param [in] enable_l3_chksum
 * 1 to let the device compute L3 checksums, 0 not to.
 * @return DOCA_SUCCESS on success; DOCA_ERROR_INVALID_VALUE when an argument is NULL;
 * DOCA_ERROR_BAD_STATE when the context is not idle.
 */
DOCA_EXPERIMENTAL doca_error_t doca_eth_txq_set_l3_chksum_offload(struct doca_eth_txq *eth_txq,
                                                                  uint8_t enable_l3_chksum);

/**
 * @brief Whether the device computes the L4 checksum of sent packets (before the context
 * starts).
 *
 * @param [in] eth_txq
 * The queue.
 * @param [in] enable_l4_chksum
 * 1 to let the device compute L4 checksums, 0 not to.
 * @return DOCA_SUCCESS on success; DOCA_ERROR_INVALID_VALUE when an argument is NULL;
 * DOCA_ERROR_BAD_STATE when the context is not idle.
 */
DOCA_EXPERIMENTAL doca_error_t doca_eth_txq_set_l4_chksum_offload(struct doca_eth_txq *eth_txq,
                                                                  uint8_t enable_l4_chksum);

/**
 * @brief Let send tasks carry the time at which the packet leaves (before the context starts).
 *
 * @param [in] eth_txq
 * The queue.
 * @return DOCA_SUCCESS on success; DOCA_ERROR_INVALID_VALUE when an argument is NULL;
 * DOCA_ERROR_BAD_STATE when the context is not idle.
 */
DOCA_EXPERIMENTAL doca_error_t doca_eth_txq_set_wait_on_time_offload(struct doca_eth_txq *eth_txq);

/**
 * @brief The GPU handle of a started queue whose data path runs on a GPU.
 *
 * @param [in] eth_txq
 * The queue.
 * @param [out] eth_txq_ext
 * The GPU handle.
 * @return DOCA_SUCCESS on success; DOCA_ERROR_INVALID_VALUE when an argument is NULL;
 * DOCA_ERROR_BAD_STATE when the context is not running.
 * @note softdpa has no GPU: DOCA_ERROR_NOT_SUPPORTED with one line naming the call.
 */
DOCA_EXPERIMENTAL doca_error_t doca_eth_txq_get_gpu_handle(const struct doca_eth_txq *eth_txq,
                                                           struct doca_gpu_eth_txq **eth_txq_ext);

/**
 * @brief The largest burst size a device accepts for a send queue with these settings.
 *
 * @param [in] devinfo
 * The device.
 * @param [in] max_send_buf_list_len
 * The send list length the queue would use.
 * @param [in] max_lso_header_size
 * The LSO header size the queue would use.
 * @param [out] max_burst_size
 * The burst size.
 * @return DOCA_SUCCESS on success; DOCA_ERROR_INVALID_VALUE when an argument is NULL.
 */
DOCA_EXPERIMENTAL doca_error_t doca_eth_txq_cap_get_max_burst_size(
        const struct doca_devinfo *devinfo, uint32_t max_send_buf_list_len,
        uint16_t max_lso_header_size, uint32_t *max_burst_size);

/**
 * @brief The longest doca_buf list a device sends in one task.
 *
 * @param [in] devinfo
 * The device.
 * @param [out] max_send_buf_list_len
 * The list length.
 * @return DOCA_SUCCESS on success; DOCA_ERROR_INVALID_VALUE when an argument is NULL.
 */
DOCA_EXPERIMENTAL doca_error_t doca_eth_txq_cap_get_max_send_buf_list_len(
        const struct doca_devinfo *devinfo, uint32_t *max_send_buf_list_len);

/**
 * @brief The most metadata words a device accepts per sent packet.
 *
 * @param [in] devinfo
 * The device.
 * @param [out] max_metadata_num
 * The number of words.
 * @return DOCA_SUCCESS on success; DOCA_ERROR_INVALID_VALUE when an argument is NULL.
 */
DOCA_EXPERIMENTAL doca_error_t doca_eth_txq_cap_get_max_metadata_num(
        const struct doca_devinfo *devinfo, uint8_t *max_metadata_num);

/**
 * @brief The largest LSO header a device accepts.
 *
 * @param [in] devinfo
 * The device.
 * @param [out] max_lso_header_size
 * The header size in bytes.
 * @return DOCA_SUCCESS on success; DOCA_ERROR_INVALID_VALUE when an argument is NULL.
 */
DOCA_EXPERIMENTAL doca_error_t doca_eth_txq_cap_get_max_lso_header_size(
        const struct doca_devinfo *devinfo, uint16_t *max_lso_header_size);

/**
 * @brief Whether a device supports a send queue type with a data path (DOCA_SUCCESS when it
 * does).
 *
 * @param [in] devinfo
 * The device.
 * @param [in] type
 * The queue type.
 * @param [in] data_path_type
 * Where the data path runs.
 * @return DOCA_SUCCESS on success; DOCA_ERROR_INVALID_VALUE when an argument is NULL;
 * DOCA_ERROR_NOT_SUPPORTED when it does not.
 */
DOCA_EXPERIMENTAL doca_error_t
doca_eth_txq_cap_is_type_supported(const struct doca_devinfo *devinfo, enum doca_eth_txq_type type,
                                   enum doca_eth_txq_data_path_type data_path_type);

/**
 * @brief Whether a device can compute L3 checksums of sent packets (DOCA_SUCCESS when it can).
 *
 * @param [in] devinfo
 * The device.
 * @return DOCA_SUCCESS on success; DOCA_ERROR_INVALID_VALUE when an argument is NULL;
 * DOCA_ERROR_NOT_SUPPORTED when it cannot.
 */
DOCA_EXPERIMENTAL doca_error_t
doca_eth_txq_cap_is_l3_chksum_offload_supported(const struct doca_devinfo *devinfo);

/**
 * @brief Whether a device can compute L4 checksums of sent packets (DOCA_SUCCESS when it can).
 *
 * @param [in] devinfo
 * The device.
 * @return DOCA_SUCCESS on success; DOCA_ERROR_INVALID_VALUE when an argument is NULL;
 * DOCA_ERROR_NOT_SUPPORTED when it cannot.
 */
DOCA_EXPERIMENTAL doca_error_t
doca_eth_txq_cap_is_l4_chksum_offload_supported(const struct doca_devinfo *devinfo);

/**
 * @brief The largest message a device segments in one LSO send task.
 *
 * @param [in] devinfo
 * The device.
 * @param [out] max_lso_msg_size
 * The message size in bytes.
 * @return DOCA_SUCCESS on success; DOCA_ERROR_INVALID_VALUE when an argument is NULL.
 */
DOCA_EXPERIMENTAL doca_error_t doca_eth_txq_cap_get_max_lso_msg_size(
        const struct doca_devinfo *devinfo, uint32_t *max_lso_msg_size);

/**
 * @brief Whether and how a device supports sending packets at a given time.
 *
 * @param [in] devinfo
 * The device.
 * @param [out] wait_on_time_mode
 * How the device supports sending at a given time.
 * @return DOCA_SUCCESS on success; DOCA_ERROR_INVALID_VALUE when an argument is NULL.
 */
DOCA_EXPERIMENTAL doca_error_t doca_eth_txq_cap_get_wait_on_time_offload_supported(
        const struct doca_devinfo *devinfo, enum doca_eth_wait_on_time_type *wait_on_time_mode);

/**
 * @brief Turn a time into the value a wait-on-time send task carries.
 *
 * @param [in] eth_txq
 * The queue.
 * @param [in] timestamp_ns
 * The time to send at, in nanoseconds.
 * @param [out] wait_on_time_value
 * The value to give the send task.
 * @return DOCA_SUCCESS on success; DOCA_ERROR_INVALID_VALUE when an argument is NULL.
 */
DOCA_EXPERIMENTAL doca_error_t doca_eth_txq_calculate_timestamp(struct doca_eth_txq *eth_txq,
                                                                uint64_t timestamp_ns,
                                                                uint64_t *wait_on_time_value);

/**
 * @brief The DOCA Flow queue id of a started send queue.
 *
 * @param [in] eth_txq
 * The queue.
 * @param [out] flow_queue_id
 * The queue id.
 * @return DOCA_SUCCESS on success; DOCA_ERROR_INVALID_VALUE when an argument is NULL;
 * DOCA_ERROR_BAD_STATE when the context is not running.
 */
DOCA_EXPERIMENTAL doca_error_t doca_eth_txq_get_flow_queue_id(struct doca_eth_txq *eth_txq,
                                                              uint16_t *flow_queue_id);

#ifdef __cplusplus
} /* extern "C" */
#endif

#endif /* DOCA_ETH_TXQ_H_ */
