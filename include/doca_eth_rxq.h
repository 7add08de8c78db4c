/* SPDX-License-Identifier: BSD-3-Clause */
/**
 * @file
 * softdpa — doca_eth_rxq.h: DOCA Ethernet receive queue, a context (doca_ctx) that receives
 * packets steered to it (e.g. by a DOCA Flow RSS forward) into a memory range of a mmap.
 *
 * Configuration and capability calls of the control path. The CPU data path (tasks and
 * events) is in doca_eth_rxq_cpu_data_path.h.
 *
 * softdpa emulates the CPU data paths, managed-mempool and regular (receive task) queues
 * (docs/ETH.md): a queue of a device reads the software (RSS) queue of the DOCA Flow port
 * started on that device whose id is the queue's DOCA Flow queue id
 * (doca_eth_rxq_get_flow_queue_id, doca_eth_rxq_apply_queue_id). Cyclic queues are DOCA's
 * GPU data path (GPUNetIO): refused at doca_ctx_start with one line. Every bad argument:
 * DOCA_ERROR_INVALID_VALUE with one log line naming it.
 */
#ifndef DOCA_ETH_RXQ_H_
#define DOCA_ETH_RXQ_H_

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
struct doca_mmap;

/** @brief An Ethernet receive queue (opaque). */
struct doca_eth_rxq;
/** @brief The handle of a receive queue whose data path runs on a GPU (opaque). */
struct doca_gpu_eth_rxq;

/** @brief How a receive queue places packets in its memory. */
enum doca_eth_rxq_type {
	/** Packets are written one after another into the memory range, wrapping around; the
	 * application must consume them before they are overwritten. */
	DOCA_ETH_RXQ_TYPE_CYCLIC = 0,
	/** The queue manages the memory range as a pool; each packet is handed out as a
	 * doca_buf that goes back to the pool when the application frees it. */
	DOCA_ETH_RXQ_TYPE_MANAGED_MEMPOOL,
	/** The application posts a receive task with its own doca_buf per packet. */
	DOCA_ETH_RXQ_TYPE_REGULAR,
};

/** @brief Where the queue's data path runs. */
enum doca_eth_rxq_data_path_type {
	DOCA_ETH_RXQ_DATA_PATH_TYPE_CPU = 0, /**< on the host CPU */
	DOCA_ETH_RXQ_DATA_PATH_TYPE_GPU,     /**< on a GPU (GPUNetIO) */
};

/**
 * @brief Create a receive queue on a device.
 *
 * @param [in] dev
 * The device whose port receives.
 * @param [in] max_burst_size
 * The most packets the queue holds at once.
 * @param [in] max_packet_size
 * The largest packet, in bytes.
 * @param [out] eth_rxq
 * The new queue.
 * @return DOCA_SUCCESS on success; DOCA_ERROR_INVALID_VALUE for a NULL argument;
 * DOCA_ERROR_NO_MEMORY when allocation fails.
 */
DOCA_EXPERIMENTAL doca_error_t doca_eth_rxq_create(struct doca_dev *dev, uint32_t max_burst_size,
                                                   uint32_t max_packet_size,
                                                   struct doca_eth_rxq **eth_rxq);

/**
 * @brief Destroy an idle receive queue.
 *
 * @param [in] eth_rxq
 * The queue.
 * @return DOCA_SUCCESS on success; DOCA_ERROR_INVALID_VALUE when eth_rxq is NULL;
 * DOCA_ERROR_BAD_STATE when its context is not idle; DOCA_ERROR_IN_USE while the application
 * holds packets the queue handed out.
 */
DOCA_EXPERIMENTAL doca_error_t doca_eth_rxq_destroy(struct doca_eth_rxq *eth_rxq);

/**
 * @brief The queue as a generic context (to start, stop, connect to a progress engine).
 *
 * @param [in] eth_rxq
 * The queue.
 * @return The context; NULL when eth_rxq is NULL.
 */
DOCA_EXPERIMENTAL struct doca_ctx *doca_eth_rxq_as_doca_ctx(struct doca_eth_rxq *eth_rxq);

/**
 * @brief Change the most packets the queue holds at once (before the context starts).
 *
 * @param [in] eth_rxq
 * The queue.
 * @param [in] max_burst_size
 * The burst size.
 * @return DOCA_SUCCESS on success; DOCA_ERROR_INVALID_VALUE when eth_rxq is NULL or the
 * value exceeds the device's capability; DOCA_ERROR_BAD_STATE when the context is not idle.
 */
DOCA_EXPERIMENTAL doca_error_t doca_eth_rxq_set_max_burst_size(struct doca_eth_rxq *eth_rxq,
                                                               uint32_t max_burst_size);

/**
 * @brief Change the largest packet the queue receives (before the context starts).
 *
 * @param [in] eth_rxq
 * The queue.
 * @param [in] max_packet_size
 * The packet size in bytes.
 * @return DOCA_SUCCESS on success; DOCA_ERROR_INVALID_VALUE when eth_rxq is NULL or the
 * value exceeds the device's capability; DOCA_ERROR_BAD_STATE when the context is not idle.
 */
DOCA_EXPERIMENTAL doca_error_t doca_eth_rxq_set_max_packet_size(struct doca_eth_rxq *eth_rxq,
                                                                uint32_t max_packet_size);

/**
 * @brief How many 32-bit metadata words (set by DOCA Flow) each received packet carries
 * (before the context starts).
 *
 * @param [in] eth_rxq
 * The queue.
 * @param [in] metadata_num
 * The number of words, at most doca_eth_rxq_cap_get_max_metadata_num().
 * @return DOCA_SUCCESS on success; DOCA_ERROR_INVALID_VALUE when eth_rxq is NULL or the
 * number is too large; DOCA_ERROR_BAD_STATE when the context is not idle.
 */
DOCA_EXPERIMENTAL doca_error_t doca_eth_rxq_set_metadata_num(struct doca_eth_rxq *eth_rxq,
                                                             uint8_t metadata_num);

/**
 * @brief Whether each received packet carries the flow tag DOCA Flow marked it with
 * (before the context starts).
 *
 * @param [in] eth_rxq
 * The queue.
 * @param [in] enable_flow_tag
 * 1 to deliver flow tags, 0 not to.
 * @return DOCA_SUCCESS on success; DOCA_ERROR_INVALID_VALUE when eth_rxq is NULL;
 * DOCA_ERROR_BAD_STATE when the context is not idle.
 */
DOCA_EXPERIMENTAL doca_error_t doca_eth_rxq_set_flow_tag(struct doca_eth_rxq *eth_rxq,
                                                         uint8_t enable_flow_tag);

/**
 * @brief Whether each received packet carries its RSS hash (before the context starts).
 *
 * @param [in] eth_rxq
 * The queue.
 * @param [in] enable_rx_hash
 * 1 to deliver the hash, 0 not to.
 * @return DOCA_SUCCESS on success; DOCA_ERROR_INVALID_VALUE when eth_rxq is NULL;
 * DOCA_ERROR_BAD_STATE when the context is not idle.
 */
DOCA_EXPERIMENTAL doca_error_t doca_eth_rxq_set_rx_hash(struct doca_eth_rxq *eth_rxq,
                                                        uint8_t enable_rx_hash);

/**
 * @brief Bytes left free before each packet in its buffer (before the context starts).
 *
 * @param [in] eth_rxq
 * The queue.
 * @param [in] head_size
 * The headroom in bytes.
 * @return DOCA_SUCCESS on success; DOCA_ERROR_INVALID_VALUE when eth_rxq is NULL or the
 * size exceeds the device's capability; DOCA_ERROR_BAD_STATE when the context is not idle.
 */
DOCA_EXPERIMENTAL doca_error_t doca_eth_rxq_set_packet_headroom(struct doca_eth_rxq *eth_rxq,
                                                                uint16_t head_size);

/**
 * @brief Bytes left free after each packet in its buffer (before the context starts).
 *
 * @param [in] eth_rxq
 * The queue.
 * @param [in] tail_size
 * The tailroom in bytes.
 * @return DOCA_SUCCESS on success; DOCA_ERROR_INVALID_VALUE when eth_rxq is NULL or the
 * size exceeds the device's capability; DOCA_ERROR_BAD_STATE when the context is not idle.
 */
DOCA_EXPERIMENTAL doca_error_t doca_eth_rxq_set_packet_tailroom(struct doca_eth_rxq *eth_rxq,
                                                                uint16_t tail_size);

/**
 * @brief Whether each received packet carries its arrival time (before the context starts).
 *
 * @param [in] eth_rxq
 * The queue.
 * @param [in] enable_timestamp
 * 1 to deliver timestamps, 0 not to.
 * @return DOCA_SUCCESS on success; DOCA_ERROR_INVALID_VALUE when eth_rxq is NULL;
 * DOCA_ERROR_BAD_STATE when the context is not idle.
 */
DOCA_EXPERIMENTAL doca_error_t doca_eth_rxq_set_timestamp(struct doca_eth_rxq *eth_rxq,
                                                          uint8_t enable_timestamp);

/**
 * @brief The longest doca_buf list a regular receive task may receive into (before the
 * context starts).
 *
 * @param [in] eth_rxq
 * The queue.
 * @param [in] max_recv_buf_list_len
 * The list length.
 * @return DOCA_SUCCESS on success; DOCA_ERROR_INVALID_VALUE when eth_rxq is NULL or the
 * length exceeds the device's capability; DOCA_ERROR_BAD_STATE when the context is not
 * idle.
 */
DOCA_EXPERIMENTAL doca_error_t doca_eth_rxq_set_max_recv_buf_list_len(
        struct doca_eth_rxq *eth_rxq, uint32_t max_recv_buf_list_len);

/**
 * @brief The memory the queue receives into: [mmap_offset, mmap_offset + mmap_len) of a
 * started mmap (cyclic and managed-mempool queues; before the context starts).
 *
 * @param [in] eth_rxq
 * The queue.
 * @param [in] mmap
 * The mmap.
 * @param [in] mmap_offset
 * Offset of the range inside the mmap.
 * @param [in] mmap_len
 * Length of the range, at least doca_eth_rxq_estimate_packet_buf_size().
 * @return DOCA_SUCCESS on success; DOCA_ERROR_INVALID_VALUE for a NULL argument or a range
 * outside the mmap; DOCA_ERROR_BAD_STATE when the context is not idle.
 */
DOCA_EXPERIMENTAL doca_error_t doca_eth_rxq_set_pkt_buf(struct doca_eth_rxq *eth_rxq,
                                                        struct doca_mmap *mmap,
                                                        uint32_t mmap_offset, uint32_t mmap_len);

/**
 * @brief How the queue places packets (before the context starts; default cyclic).
 *
 * @param [in] eth_rxq
 * The queue.
 * @param [in] type
 * The queue type.
 * @return DOCA_SUCCESS on success; DOCA_ERROR_INVALID_VALUE when eth_rxq is NULL or the
 * type is unknown; DOCA_ERROR_BAD_STATE when the context is not idle.
 */
DOCA_EXPERIMENTAL doca_error_t doca_eth_rxq_set_type(struct doca_eth_rxq *eth_rxq,
                                                     enum doca_eth_rxq_type type);

/**
 * @brief Moderate completion notifications: notify after period_usec microseconds or
 * comp_count completions, whichever comes first.
 *
 * @param [in] eth_rxq
 * The queue.
 * @param [in] period_usec
 * The period in microseconds.
 * @param [in] comp_count
 * The number of completions.
 * @return DOCA_SUCCESS on success; DOCA_ERROR_INVALID_VALUE when eth_rxq is NULL.
 */
DOCA_EXPERIMENTAL doca_error_t doca_eth_rxq_set_notification_moderation(
        struct doca_eth_rxq *eth_rxq, uint16_t period_usec, uint16_t comp_count);

/**
 * @brief The DOCA Flow queue id of a started queue, for use in an RSS forward.
 *
 * @param [in] eth_rxq
 * The queue.
 * @param [out] flow_queue_id
 * The queue id.
 * @return DOCA_SUCCESS on success; DOCA_ERROR_INVALID_VALUE for a NULL argument;
 * DOCA_ERROR_BAD_STATE when the context is not running.
 */
DOCA_EXPERIMENTAL doca_error_t doca_eth_rxq_get_flow_queue_id(struct doca_eth_rxq *eth_rxq,
                                                              uint16_t *flow_queue_id);

/**
 * @brief Bind a started queue to a DOCA Flow queue id of the port, so that an RSS forward
 * to that id delivers to this queue.
 *
 * @param [in] eth_rxq
 * The queue.
 * @param [in] queue_id
 * The DOCA Flow queue id.
 * @return DOCA_SUCCESS on success; DOCA_ERROR_INVALID_VALUE when eth_rxq is NULL or the id
 * is beyond the port's queues; DOCA_ERROR_BAD_STATE when the context is not running;
 * DOCA_ERROR_IN_USE when another running queue of the device is bound to that id.
 */
DOCA_EXPERIMENTAL doca_error_t doca_eth_rxq_apply_queue_id(struct doca_eth_rxq *eth_rxq,
                                                           uint16_t queue_id);

/**
 * @brief The GPU handle of a started queue whose data path runs on a GPU.
 *
 * @param [in] eth_rxq
 * The queue.
 * @param [out] eth_rxq_ext
 * The GPU handle.
 * @return DOCA_SUCCESS on success; DOCA_ERROR_INVALID_VALUE for a NULL argument;
 * DOCA_ERROR_BAD_STATE when the context is not running.
 * @note softdpa has no GPU: DOCA_ERROR_NOT_SUPPORTED.
 */
DOCA_EXPERIMENTAL doca_error_t doca_eth_rxq_get_gpu_handle(const struct doca_eth_rxq *eth_rxq,
                                                           struct doca_gpu_eth_rxq **eth_rxq_ext);

/**
 * @brief The largest burst size a device's receive queues accept.
 *
 * @param [in] devinfo
 * The device.
 * @param [out] max_burst_size
 * The burst size.
 * @return DOCA_SUCCESS on success; DOCA_ERROR_INVALID_VALUE for a NULL argument.
 */
DOCA_EXPERIMENTAL doca_error_t
doca_eth_rxq_cap_get_max_burst_size(const struct doca_devinfo *devinfo, uint32_t *max_burst_size);

/**
 * @brief The most metadata words a device delivers per packet.
 *
 * @param [in] devinfo
 * The device.
 * @param [out] max_metadata_num
 * The number of words.
 * @return DOCA_SUCCESS on success; DOCA_ERROR_INVALID_VALUE for a NULL argument.
 */
DOCA_EXPERIMENTAL doca_error_t doca_eth_rxq_cap_get_max_metadata_num(
        const struct doca_devinfo *devinfo, uint8_t *max_metadata_num);

/**
 * @brief The largest packet headroom a device accepts.
 *
 * @param [in] devinfo
 * The device.
 * @param [out] max_packet_headroom
 * The headroom in bytes.
 * @return DOCA_SUCCESS on success; DOCA_ERROR_INVALID_VALUE for a NULL argument.
 */
DOCA_EXPERIMENTAL doca_error_t doca_eth_rxq_cap_get_max_packet_headroom(
        const struct doca_devinfo *devinfo, uint16_t *max_packet_headroom);

/**
 * @brief The largest packet tailroom a device accepts.
 *
 * @param [in] devinfo
 * The device.
 * @param [out] max_packet_tailroom
 * The tailroom in bytes.
 * @return DOCA_SUCCESS on success; DOCA_ERROR_INVALID_VALUE for a NULL argument.
 */
DOCA_EXPERIMENTAL doca_error_t doca_eth_rxq_cap_get_max_packet_tailroom(
        const struct doca_devinfo *devinfo, uint16_t *max_packet_tailroom);

/**
 * @brief The longest doca_buf list a device's regular receive tasks accept.
 *
 * @param [in] devinfo
 * The device.
 * @param [out] max_recv_buf_list_len
 * The list length.
 * @return DOCA_SUCCESS on success; DOCA_ERROR_INVALID_VALUE for a NULL argument.
 */
DOCA_EXPERIMENTAL doca_error_t doca_eth_rxq_cap_get_max_recv_buf_list_len(
        const struct doca_devinfo *devinfo, uint32_t *max_recv_buf_list_len);

/**
 * @brief The largest packet a device's receive queues accept.
 *
 * @param [in] devinfo
 * The device.
 * @param [out] max_packet_size
 * The packet size in bytes.
 * @return DOCA_SUCCESS on success; DOCA_ERROR_INVALID_VALUE for a NULL argument.
 */
DOCA_EXPERIMENTAL doca_error_t
doca_eth_rxq_cap_get_max_packet_size(const struct doca_devinfo *devinfo, uint32_t *max_packet_size);

/**
 * @brief Whether a device supports a queue type with a data path.
 *
 * @param [in] devinfo
 * The device.
 * @param [in] type
 * The queue type.
 * @param [in] data_path_type
 * Where the data path runs.
 * @return DOCA_SUCCESS when supported; DOCA_ERROR_NOT_SUPPORTED when not;
 * DOCA_ERROR_INVALID_VALUE for a NULL argument or an unknown type.
 * @note softdpa: DOCA_SUCCESS for DOCA_ETH_RXQ_TYPE_MANAGED_MEMPOOL and
 * DOCA_ETH_RXQ_TYPE_REGULAR on the CPU data path; DOCA_ERROR_NOT_SUPPORTED for the others
 * (DOCA's cyclic queues and every GPU data path; without a log line).
 */
DOCA_EXPERIMENTAL doca_error_t
doca_eth_rxq_cap_is_type_supported(const struct doca_devinfo *devinfo, enum doca_eth_rxq_type type,
                                   enum doca_eth_rxq_data_path_type data_path_type);

/**
 * @brief How large the memory range of a cyclic or managed-mempool queue must be to hold
 * the packets that arrive at 'rate' Mb/s while each is held for up to pkt_max_time
 * microseconds.
 *
 * @param [in] type
 * The queue type (DOCA_ETH_RXQ_TYPE_CYCLIC or DOCA_ETH_RXQ_TYPE_MANAGED_MEMPOOL).
 * @param [in] rate
 * The expected receive rate in Mb/s.
 * @param [in] pkt_max_time
 * The longest time, in microseconds, the application holds a packet.
 * @param [in] max_packet_size
 * The largest packet in bytes.
 * @param [in] max_burst_size
 * The queue's burst size.
 * @param [in] log_max_lro_pkt_sz
 * Log2 of the largest LRO packet (0 without LRO).
 * @param [in] head_size
 * The packet headroom in bytes.
 * @param [in] tail_size
 * The packet tailroom in bytes.
 * @param [out] buf_size
 * The size of the memory range in bytes.
 * @return DOCA_SUCCESS on success; DOCA_ERROR_INVALID_VALUE when buf_size is NULL, the
 * type is DOCA_ETH_RXQ_TYPE_REGULAR or unknown, max_packet_size or max_burst_size is 0, or
 * the result does not fit 32 bits.
 * @note softdpa's estimate: the larger of one burst and the packets arriving during
 * pkt_max_time, each taking its size plus headroom and tailroom rounded up to 64 bytes.
 */
DOCA_EXPERIMENTAL doca_error_t doca_eth_rxq_estimate_packet_buf_size(
        enum doca_eth_rxq_type type, uint32_t rate, uint16_t pkt_max_time, uint32_t max_packet_size,
        uint32_t max_burst_size, uint8_t log_max_lro_pkt_sz, uint16_t head_size, uint16_t tail_size,
        uint32_t *buf_size);

#ifdef __cplusplus
} /* extern "C" */
#endif

#endif /* DOCA_ETH_RXQ_H_ */
