/* SPDX-License-Identifier: BSD-3-Clause
 * softdpa — doca_flow_dpa_provider_dev.h: the DOCA Flow DPA Provider as a DPA kernel sees
 * it (DECISIONS D6, D14). Reconstructed: no public header exists; names follow DOCA's
 * documentation, parameter lists are softdpa's choice (docs/PROVIDER.md).
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
#define DOCA_FLOW_DPA_ADDR_DECLARED
/* An exported pipe or resource, as the host's *_get_device_addr returned it. */
typedef uint64_t doca_flow_dpa_addr;

enum doca_flow_dpa_queue_type {
	DOCA_FLOW_DPA_QUEUE_TYPE_GENERAL,         /* hash-pipe entry enable/disable/replace */
	DOCA_FLOW_DPA_QUEUE_TYPE_RESOURCES_WRITE, /* index-selector modify, memory update */
	DOCA_FLOW_DPA_QUEUE_TYPE_RESOURCES_READ,  /* memory read */
};
#endif

#ifndef DOCA_FLOW_INDEX_SELECTOR_OPERATION_DECLARED
#define DOCA_FLOW_INDEX_SELECTOR_OPERATION_DECLARED
enum doca_flow_external_resource_index_selector_operation {
	DOCA_FLOW_EXTERNAL_RESOURCE_INDEX_SELECTOR_OP_ENABLE,
	DOCA_FLOW_EXTERNAL_RESOURCE_INDEX_SELECTOR_OP_SKIP_ONCE,
	DOCA_FLOW_EXTERNAL_RESOURCE_INDEX_SELECTOR_OP_SKIP_TWICE,
	DOCA_FLOW_EXTERNAL_RESOURCE_INDEX_SELECTOR_OP_DISABLE,
};
#endif

/* What a poll reports: requests finished since the previous poll of that queue. */
struct doca_flow_dpa_completion_stats {
	uint32_t num_completed; /* failed ones included */
	uint32_t num_failed;
};

/* GENERAL queue: let index 'index' of the hash pipe receive packets again. */
doca_error_t doca_flow_pipe_hash_enable_index(doca_flow_dpa_addr pipe, uint32_t queue_id,
                                              uint32_t index, bool flush);
/* GENERAL queue: stop index 'index' from receiving packets. NOT_SUPPORTED unless the pipe
 * has the RANDOM, FLOODING or SELECT_ENABLED algorithm. */
doca_error_t doca_flow_pipe_hash_disable_index(doca_flow_dpa_addr pipe, uint32_t queue_id,
                                               uint32_t index, bool flush);
/* GENERAL queue: replace the entry's path-selector value (the pipe's changeable header
 * field, D3). NOT_SUPPORTED when the pipe has no changeable field. */
doca_error_t doca_flow_pipe_hash_replace_index(doca_flow_dpa_addr pipe, uint32_t queue_id,
                                               uint32_t index, uint32_t value, bool flush);

/* The two selector calls share their names with the host API of D4. On hardware they live
 * in the DPA's own library; in softdpa kernels run inside the host process, so their
 * symbols are renamed below (the C names kernels use are unchanged). A host file cannot
 * include this header and doca_flow_external_action_index_selector.h together. */
#define SDPA_DEV_SYMBOL(name) __asm__(name)

/* RESOURCES_WRITE queue: host doca_flow_external_resource_index_selector_modify. */
doca_error_t doca_flow_external_resource_index_selector_modify(
        doca_flow_dpa_addr res, uint32_t queue_id, uint32_t resource_offset,
        enum doca_flow_external_resource_index_selector_operation op, uint32_t index, bool flush)
        SDPA_DEV_SYMBOL("softdpa_dev_index_selector_modify");
/* RESOURCES_WRITE queue: indices start_idx..end_idx (inclusive, 1-based), one request per
 * 32-index block (1..32, 33..64, ...); AGAIN with nothing posted when the queue cannot
 * take every block. */
doca_error_t doca_flow_external_resource_index_selector_modify_range(
        doca_flow_dpa_addr res, uint32_t queue_id, uint32_t resource_offset,
        enum doca_flow_external_resource_index_selector_operation op, uint32_t start_idx,
        uint32_t end_idx, bool flush) SDPA_DEV_SYMBOL("softdpa_dev_index_selector_modify_range");
/* RESOURCES_WRITE queue: host doca_flow_external_resource_array_update. */
doca_error_t doca_flow_external_resource_memory_update(doca_flow_dpa_addr res, uint32_t queue_id,
                                                       uint32_t resource_offset, uint32_t index,
                                                       uint64_t value, bool flush);
/* RESOURCES_READ queue: *value is written when the request completes. */
doca_error_t doca_flow_external_resource_memory_read(doca_flow_dpa_addr res, uint32_t queue_id,
                                                     uint32_t resource_offset, uint32_t index,
                                                     uint64_t *value, bool flush);
/* RESOURCES_READ queue: values[0..end-start] written on completion; one request per 8-index
 * aligned block, all or nothing. */
doca_error_t doca_flow_external_resource_memory_read_range(doca_flow_dpa_addr res,
                                                           uint32_t queue_id,
                                                           uint32_t resource_offset,
                                                           uint32_t start_idx, uint32_t end_idx,
                                                           uint64_t *values, bool flush);

/* Requests of one queue finished since the last poll (and free their slots). 'obj' is any
 * object exported on the port. NOT_SUPPORTED when the port has no queue of that type. */
doca_error_t doca_flow_queue_poll_completion(doca_flow_dpa_addr obj,
                                             enum doca_flow_dpa_queue_type type, uint32_t queue_id,
                                             struct doca_flow_dpa_completion_stats *stats);
/* Hand every posted request of the queue to the NIC. */
doca_error_t doca_flow_queue_flush(doca_flow_dpa_addr obj, enum doca_flow_dpa_queue_type type,
                                   uint32_t queue_id);

#ifdef __cplusplus
}
#endif

#endif /* DOCA_FLOW_DPA_PROVIDER_DEV_H_ */
