/* SPDX-License-Identifier: BSD-3-Clause */
/**
 * @file
 * softdpa — doca_flow_dpa_provider_dev.h: the DOCA Flow DPA Provider as a DPA kernel sees
 * it (docs/DESIGN_DECISIONS.md D6, D14). Reconstructed: no public header exists; names
 * follow DOCA's documentation, parameter lists are softdpa's choice (docs/PROVIDER.md).
 *
 * A post either is accepted (DOCA_SUCCESS) or refused with nothing posted:
 *   AGAIN          the queue is full (poll completions, then retry);
 *   NOT_SUPPORTED  the port has no queue of that type, or the pipe cannot do the operation;
 *   IO_FAILED      the queues were destroyed;
 *   INVALID_VALUE  the device address is stale, foreign or of the wrong kind, or queue_id is
 *                  out of range.
 * A bad index, offset or operation is accepted and the request completes as failed, as on
 * hardware. Requests run only once flushed (flush=true or doca_flow_queue_flush), complete in
 * order per queue, and free their slot when a poll reports them. Read results (*value,
 * values[]) are written when the request completes: read them only after a poll.
 */
#ifndef DOCA_FLOW_DPA_PROVIDER_DEV_H_
#define DOCA_FLOW_DPA_PROVIDER_DEV_H_

#include "doca_dpa_dev.h"

#ifdef __cplusplus
extern "C" {
#endif

#ifndef DOCA_FLOW_DPA_ADDR_DECLARED
/** @brief Guard: the declarations below are shared with another header, which may come first. */
#define DOCA_FLOW_DPA_ADDR_DECLARED
/** @brief An exported pipe or resource, as the host's *_get_device_addr returned it. */
typedef uint64_t doca_flow_dpa_addr;

/** @brief The three kinds of request queue. */
enum doca_flow_dpa_queue_type {
	DOCA_FLOW_DPA_QUEUE_TYPE_GENERAL,         /**< hash-pipe entry enable/disable/replace */
	DOCA_FLOW_DPA_QUEUE_TYPE_RESOURCES_WRITE, /**< index-selector modify, memory update */
	DOCA_FLOW_DPA_QUEUE_TYPE_RESOURCES_READ,  /**< memory read */
};
#endif

#ifndef DOCA_FLOW_INDEX_SELECTOR_OPERATION_DECLARED
/** @brief Guard: the declarations below are shared with another header, which may come first. */
#define DOCA_FLOW_INDEX_SELECTOR_OPERATION_DECLARED
/** @brief What an index-selector modify does to an index. */
enum doca_flow_external_resource_index_selector_operation {
	DOCA_FLOW_EXTERNAL_RESOURCE_INDEX_SELECTOR_OP_ENABLE,     /**< selectable */
	DOCA_FLOW_EXTERNAL_RESOURCE_INDEX_SELECTOR_OP_SKIP_ONCE,  /**< passed over once */
	DOCA_FLOW_EXTERNAL_RESOURCE_INDEX_SELECTOR_OP_SKIP_TWICE, /**< passed over twice */
	DOCA_FLOW_EXTERNAL_RESOURCE_INDEX_SELECTOR_OP_DISABLE,    /**< never selected */
};
#endif

/** @brief What a poll reports: requests finished since the previous poll of that queue. */
struct doca_flow_dpa_completion_stats {
	uint32_t num_completed; /**< requests finished, failed ones included */
	uint32_t num_failed;    /**< those of them that failed */
};

/**
 * @brief GENERAL queue: post a request that lets an entry of a hash pipe receive packets
 * again.
 *
 * @param [in] pipe
 * The exported hash pipe (doca_flow_dpa_pipe_get_device_addr()).
 * @param [in] queue_id
 * The GENERAL queue, below the number created for the port.
 * @param [in] index
 * The entry's index in the pipe, below the export's nr_entries.
 * @param [in] flush
 * True to hand the queue's posted requests to the NIC now (as doca_flow_queue_flush()).
 * @return DOCA_SUCCESS when the request is posted; DOCA_ERROR_AGAIN when the queue is full
 * (poll completions, then retry); DOCA_ERROR_NOT_SUPPORTED when the port has no GENERAL queue;
 * DOCA_ERROR_IO_FAILED when the port's queues were destroyed or are being destroyed;
 * DOCA_ERROR_INVALID_VALUE when pipe is stale, foreign or names something other than a pipe, or
 * queue_id is out of range.
 * @note A bad index is accepted and the request completes as failed.
 */
doca_error_t doca_flow_pipe_hash_enable_index(doca_flow_dpa_addr pipe, uint32_t queue_id,
                                              uint32_t index, bool flush);
/**
 * @brief GENERAL queue: post a request that stops an entry of a hash pipe from receiving
 * packets.
 *
 * @param [in] pipe
 * The exported hash pipe (doca_flow_dpa_pipe_get_device_addr()).
 * @param [in] queue_id
 * The GENERAL queue, below the number created for the port.
 * @param [in] index
 * The entry's index in the pipe, below the export's nr_entries.
 * @param [in] flush
 * True to hand the queue's posted requests to the NIC now (as doca_flow_queue_flush()).
 * @return DOCA_SUCCESS when the request is posted; DOCA_ERROR_AGAIN when the queue is full (poll
 * completions, then retry); DOCA_ERROR_NOT_SUPPORTED when the port has no GENERAL queue, or the
 * pipe has none of the RANDOM, FLOODING or SELECT_ENABLED algorithms; DOCA_ERROR_IO_FAILED when the
 * port's queues were destroyed or are being destroyed; DOCA_ERROR_INVALID_VALUE when pipe is stale,
 * foreign or names something other than a pipe, or queue_id is out of range.
 * @note A bad index is accepted and the request completes as failed.
 */
doca_error_t doca_flow_pipe_hash_disable_index(doca_flow_dpa_addr pipe, uint32_t queue_id,
                                               uint32_t index, bool flush);
/**
 * @brief GENERAL queue: post a request that replaces an entry's path-selector value (the pipe's
 * changeable header field, D3).
 *
 * @param [in] pipe
 * The exported hash pipe (doca_flow_dpa_pipe_get_device_addr()).
 * @param [in] queue_id
 * The GENERAL queue, below the number created for the port.
 * @param [in] index
 * The entry's index in the pipe, below the export's nr_entries.
 * @param [in] value
 * The new value of the changeable field.
 * @param [in] flush
 * True to hand the queue's posted requests to the NIC now (as doca_flow_queue_flush()).
 * @return DOCA_SUCCESS when the request is posted; DOCA_ERROR_AGAIN when the queue is full (poll
 * completions, then retry); DOCA_ERROR_NOT_SUPPORTED when the port has no GENERAL queue, or the
 * pipe has no changeable field; DOCA_ERROR_IO_FAILED when the port's queues were destroyed or are
 * being destroyed; DOCA_ERROR_INVALID_VALUE when pipe is stale, foreign or names something other
 * than a pipe, or queue_id is out of range.
 * @note A bad index is accepted and the request completes as failed.
 */
doca_error_t doca_flow_pipe_hash_replace_index(doca_flow_dpa_addr pipe, uint32_t queue_id,
                                               uint32_t index, uint32_t value, bool flush);

/**
 * @brief Give a device function the assembly symbol name, leaving its C name unchanged.
 *
 * The two selector calls share their names with the host API of D4. On hardware they live
 * in the DPA's own library; in softdpa kernels run inside the host process, so their
 * symbols are renamed below (the C names kernels use are unchanged). A host file cannot
 * include this header and doca_flow_external_action_index_selector.h together.
 */
#define SOFTDPA_DEV_SYMBOL(name) __asm__(name)

/**
 * @brief RESOURCES_WRITE queue: post a request that applies op to one index of a selector, as
 * the host's doca_flow_external_resource_index_selector_modify() does at once.
 *
 * @param [in] res
 * The exported index selector (doca_flow_dpa_external_resource_get_device_addr()).
 * @param [in] queue_id
 * The RESOURCES_WRITE queue, below the number created for the port.
 * @param [in] resource_offset
 * Which of the object's resources to use.
 * @param [in] op
 * What to do to the index.
 * @param [in] index
 * The index, 1-based.
 * @param [in] flush
 * True to hand the queue's posted requests to the NIC now (as doca_flow_queue_flush()).
 * @return DOCA_SUCCESS when the request is posted; DOCA_ERROR_AGAIN when the queue is full (poll
 * completions, then retry); DOCA_ERROR_NOT_SUPPORTED when the port has no RESOURCES_WRITE queue;
 * DOCA_ERROR_IO_FAILED when the port's queues were destroyed or are being destroyed;
 * DOCA_ERROR_INVALID_VALUE when res is stale, foreign or names something other than an index
 * selector, or queue_id is out of range.
 * @note A bad offset, index or op is accepted and the request completes as failed.
 */
doca_error_t doca_flow_external_resource_index_selector_modify(
        doca_flow_dpa_addr res, uint32_t queue_id, uint32_t resource_offset,
        enum doca_flow_external_resource_index_selector_operation op, uint32_t index, bool flush)
        SOFTDPA_DEV_SYMBOL("softdpa_dev_index_selector_modify");
/**
 * @brief RESOURCES_WRITE queue: post requests that apply op to indices start_idx..end_idx
 * (inclusive, 1-based) of a selector.
 *
 * One request is posted per 32-index block (1..32, 33..64, ...), all or nothing.
 *
 * @param [in] res
 * The exported index selector (doca_flow_dpa_external_resource_get_device_addr()).
 * @param [in] queue_id
 * The RESOURCES_WRITE queue, below the number created for the port.
 * @param [in] resource_offset
 * Which of the object's resources to use.
 * @param [in] op
 * What to do to the indices.
 * @param [in] start_idx
 * The first index, at least 1.
 * @param [in] end_idx
 * The last index, at least start_idx.
 * @param [in] flush
 * True to hand the queue's posted requests to the NIC now (as doca_flow_queue_flush()).
 * @return DOCA_SUCCESS when the requests are posted; DOCA_ERROR_AGAIN, with nothing posted, when
 * the queue cannot take every block; DOCA_ERROR_NOT_SUPPORTED when the port has no RESOURCES_WRITE
 * queue; DOCA_ERROR_IO_FAILED when the port's queues were destroyed or are being destroyed;
 * DOCA_ERROR_INVALID_VALUE when res is stale, foreign or names something other than an index
 * selector, or queue_id is out of range.
 * @note A reversed range, or one starting at 0, is posted as one request that completes as
 * failed; so do bad offsets, indices or ops.
 */
doca_error_t doca_flow_external_resource_index_selector_modify_range(
        doca_flow_dpa_addr res, uint32_t queue_id, uint32_t resource_offset,
        enum doca_flow_external_resource_index_selector_operation op, uint32_t start_idx,
        uint32_t end_idx, bool flush) SOFTDPA_DEV_SYMBOL("softdpa_dev_index_selector_modify_range");
/**
 * @brief RESOURCES_WRITE queue: post a request that sets one slot of an array resource, as the
 * host's doca_flow_external_resource_array_update() does at once.
 *
 * @param [in] res
 * The exported array resource (doca_flow_dpa_external_resource_get_device_addr()).
 * @param [in] queue_id
 * The RESOURCES_WRITE queue, below the number created for the port.
 * @param [in] resource_offset
 * Which of the object's resources to use.
 * @param [in] index
 * The slot.
 * @param [in] value
 * The new value.
 * @param [in] flush
 * True to hand the queue's posted requests to the NIC now (as doca_flow_queue_flush()).
 * @return DOCA_SUCCESS when the request is posted; DOCA_ERROR_AGAIN when the queue is full (poll
 * completions, then retry); DOCA_ERROR_NOT_SUPPORTED when the port has no RESOURCES_WRITE queue;
 * DOCA_ERROR_IO_FAILED when the port's queues were destroyed or are being destroyed;
 * DOCA_ERROR_INVALID_VALUE when res is stale, foreign or names something other than an array
 * resource, or queue_id is out of range.
 * @note A bad offset or index is accepted and the request completes as failed.
 */
doca_error_t doca_flow_external_resource_memory_update(doca_flow_dpa_addr res, uint32_t queue_id,
                                                       uint32_t resource_offset, uint32_t index,
                                                       uint64_t value, bool flush);
/**
 * @brief RESOURCES_READ queue: post a request that reads one slot of an array resource.
 *
 * @param [in] res
 * The exported array resource (doca_flow_dpa_external_resource_get_device_addr()).
 * @param [in] queue_id
 * The RESOURCES_READ queue, below the number created for the port.
 * @param [in] resource_offset
 * Which of the object's resources to use.
 * @param [in] index
 * The slot.
 * @param [out] value
 * Where the value is written when the request completes: use it only after a poll reported
 * the request.
 * @param [in] flush
 * True to hand the queue's posted requests to the NIC now (as doca_flow_queue_flush()).
 * @return DOCA_SUCCESS when the request is posted; DOCA_ERROR_AGAIN when the queue is full (poll
 * completions, then retry); DOCA_ERROR_NOT_SUPPORTED when the port has no RESOURCES_READ queue;
 * DOCA_ERROR_IO_FAILED when the port's queues were destroyed or are being destroyed;
 * DOCA_ERROR_INVALID_VALUE when res is stale, foreign or names something other than an array
 * resource, or queue_id is out of range, or value is NULL.
 * @note A bad offset or index is accepted and the request completes as failed. With
 * SOFTDPA_FIDELITY=strict, softdpa reports a kernel that uses *value before a poll reported the
 * request (docs/PROVIDER.md).
 */
doca_error_t doca_flow_external_resource_memory_read(doca_flow_dpa_addr res, uint32_t queue_id,
                                                     uint32_t resource_offset, uint32_t index,
                                                     uint64_t *value, bool flush);
/**
 * @brief RESOURCES_READ queue: post requests that read slots start_idx..end_idx (inclusive) of
 * an array resource.
 *
 * One request is posted per 8-index aligned block (0..7, 8..15, ...), all or nothing.
 *
 * @param [in] res
 * The exported array resource (doca_flow_dpa_external_resource_get_device_addr()).
 * @param [in] queue_id
 * The RESOURCES_READ queue, below the number created for the port.
 * @param [in] resource_offset
 * Which of the object's resources to use.
 * @param [in] start_idx
 * The first slot.
 * @param [in] end_idx
 * The last slot, at least start_idx.
 * @param [out] values
 * end_idx - start_idx + 1 values, each written when its block's request completes: use them
 * only after a poll reported the requests.
 * @param [in] flush
 * True to hand the queue's posted requests to the NIC now (as doca_flow_queue_flush()).
 * @return DOCA_SUCCESS when the requests are posted; DOCA_ERROR_AGAIN, with nothing posted, when
 * the queue cannot take every block; DOCA_ERROR_NOT_SUPPORTED when the port has no RESOURCES_READ
 * queue; DOCA_ERROR_IO_FAILED when the port's queues were destroyed or are being destroyed;
 * DOCA_ERROR_INVALID_VALUE when res is stale, foreign or names something other than an array
 * resource, or queue_id is out of range, or values is NULL.
 * @note A reversed range is posted as one request that completes as failed; so do bad
 * offsets or indices.
 */
doca_error_t doca_flow_external_resource_memory_read_range(doca_flow_dpa_addr res,
                                                           uint32_t queue_id,
                                                           uint32_t resource_offset,
                                                           uint32_t start_idx, uint32_t end_idx,
                                                           uint64_t *values, bool flush);

/**
 * @brief Report the requests of one queue finished since the previous poll, and free their
 * slots.
 *
 * @param [in] obj
 * Any object exported on the port (a pipe or a resource).
 * @param [in] type
 * The queue's type.
 * @param [in] queue_id
 * The queue, below the number of that type created for the port.
 * @param [out] stats
 * How many requests finished, and how many of them failed.
 * @return DOCA_SUCCESS on success (also when nothing finished); DOCA_ERROR_INVALID_VALUE when
 * stats is NULL, type is not a doca_flow_dpa_queue_type, obj is stale or foreign, or queue_id
 * is out of range; DOCA_ERROR_NOT_SUPPORTED when the port has no queue of that type;
 * DOCA_ERROR_IO_FAILED when the port's queues were destroyed or are being destroyed.
 * @note Requests complete in order per queue.
 */
doca_error_t doca_flow_queue_poll_completion(doca_flow_dpa_addr obj,
                                             enum doca_flow_dpa_queue_type type, uint32_t queue_id,
                                             struct doca_flow_dpa_completion_stats *stats);
/**
 * @brief Hand every posted request of the queue to the NIC.
 *
 * @param [in] obj
 * Any object exported on the port (a pipe or a resource).
 * @param [in] type
 * The queue's type.
 * @param [in] queue_id
 * The queue, below the number of that type created for the port.
 * @return DOCA_SUCCESS on success (also when nothing was waiting); DOCA_ERROR_INVALID_VALUE
 * when type is not a doca_flow_dpa_queue_type, obj is stale or foreign, or queue_id is out of
 * range; DOCA_ERROR_NOT_SUPPORTED when the port has no queue of that type;
 * DOCA_ERROR_IO_FAILED when the port's queues were destroyed or are being destroyed.
 * @note With SOFTDPA_FIDELITY=fast the flushing thread runs the requests before returning;
 * otherwise softdpa's request engine runs them after a modelled latency (docs/PROVIDER.md).
 */
doca_error_t doca_flow_queue_flush(doca_flow_dpa_addr obj, enum doca_flow_dpa_queue_type type,
                                   uint32_t queue_id);

#ifdef __cplusplus
}
#endif

#endif /* DOCA_FLOW_DPA_PROVIDER_DEV_H_ */
