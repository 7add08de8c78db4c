/* SPDX-License-Identifier: BSD-3-Clause */
/**
 * @file
 * softdpa — doca_flow_dpa_provider.h: hand a DOCA Flow hash pipe and external resources to
 * DPA kernels (host side). docs/DESIGN_DECISIONS.md D5; the device side is
 * dev/doca_flow_dpa_provider_dev.h.
 *
 * Order of calls (each step's violations answer BAD_STATE with a log line):
 *   doca_flow_dpa_init(process)                    process: softdpa_dpa_get_flexio_process()
 *   doca_flow_dpa_queues_create(ctx, port, cfgs)   once per port
 *   doca_flow_dpa_pipe_export_prepare(ctx, pipe)   BEFORE adding the pipe's entries
 *   doca_flow_pipe_hash_add_entry(...) ...         entries to expose to the DPA
 *   doca_flow_dpa_pipe_export(ctx, dpa_pipe)
 *   doca_flow_dpa_pipe_get_device_addr(ctx, dpa_pipe, &addr)   pass addr to the kernel
 * Entries added before export_prepare are not exported: DPA requests on them complete as
 * failed, and prepare logs a warning with their number.
 * Parts of this API are reconstructed (no public header exists); see docs/PROVIDER.md.
 */
#ifndef DOCA_FLOW_DPA_PROVIDER_H_
#define DOCA_FLOW_DPA_PROVIDER_H_

#include <stdint.h>

#include <doca_compat.h>
#include <doca_error.h>
#include <doca_flow.h>

#ifdef __cplusplus
extern "C" {
#endif

/** @brief The FlexIO process of a DPA context (softdpa_dpa_get_flexio_process()). */
struct flexio_process;
/** @brief A DOCA Flow DPA provider context (opaque). */
struct doca_flow_dpa_ctx;
/** @brief A hash pipe prepared for, or exported to, DPA kernels (opaque). */
struct doca_flow_dpa_pipe;
/** @brief An index selector or array resource exported to DPA kernels (opaque). */
struct doca_flow_dpa_external_resource;

#ifndef DOCA_FLOW_DPA_ADDR_DECLARED
#define DOCA_FLOW_DPA_ADDR_DECLARED
/** @brief An exported object as a DPA kernel names it: an opaque 64-bit device address. */
typedef uint64_t doca_flow_dpa_addr;

/** @brief The three kinds of request queue. */
enum doca_flow_dpa_queue_type {
	DOCA_FLOW_DPA_QUEUE_TYPE_GENERAL,         /**< hash-pipe entry enable/disable/replace */
	DOCA_FLOW_DPA_QUEUE_TYPE_RESOURCES_WRITE, /**< index-selector modify, memory update */
	DOCA_FLOW_DPA_QUEUE_TYPE_RESOURCES_READ,  /**< memory read */
};
#endif

/** @brief Queues of one type on a port. */
struct doca_flow_dpa_queue_cfg {
	enum doca_flow_dpa_queue_type type; /**< the queues' type */
	uint32_t queue_size; /**< requests a queue holds; a power of two (softdpa: 2..65536) */
	uint32_t nr_queues;  /**< queues of this type (queue_id 0..nr_queues-1); 1..256 */
};

/** @brief What kind of external resource an export names. */
enum doca_flow_dpa_external_resource_type {
	DOCA_FLOW_DPA_EXTERNAL_RESOURCE_TYPE_INDEX_SELECTOR, /**< an index selector */
	DOCA_FLOW_DPA_EXTERNAL_RESOURCE_TYPE_MEMORY,         /**< the array resource */
};

/**
 * @brief Create a provider context bound to the FlexIO process of a started DPA context.
 *
 * @param [in] process
 * The process, from softdpa_dpa_get_flexio_process() on a started DPA context.
 * @param [out] ctx
 * The new provider context.
 * @return DOCA_SUCCESS on success; DOCA_ERROR_INVALID_VALUE when process or ctx is NULL;
 * DOCA_ERROR_BAD_STATE when process is not from a started DPA context; DOCA_ERROR_NO_MEMORY
 * when the context cannot be allocated or 64 provider contexts exist already (softdpa's
 * limit); DOCA_ERROR_OPERATING_SYSTEM when the request engine thread cannot be created.
 * @note The SOFTDPA_FIDELITY mode and provider latency settings in force now govern the
 * context (docs/PROVIDER.md); faithful and strict start a request-engine thread. While the
 * context exists, doca_dpa_destroy() on its DPA context answers DOCA_ERROR_IN_USE.
 */
DOCA_EXPERIMENTAL doca_error_t doca_flow_dpa_init(struct flexio_process *process,
                                                  struct doca_flow_dpa_ctx **ctx);

/**
 * @brief Destroy a provider context, with the queues of every port.
 *
 * @param [in] ctx
 * The provider context (doca_flow_dpa_init()).
 * @return DOCA_SUCCESS on success; DOCA_ERROR_INVALID_VALUE when ctx is NULL or not a live
 * provider context; DOCA_ERROR_IN_USE while it still has exported pipes or resources.
 * @note Requests posted but never flushed are reported in a warning (they never ran).
 */
DOCA_EXPERIMENTAL doca_error_t doca_flow_dpa_destroy(struct doca_flow_dpa_ctx *ctx);

/**
 * @brief Create the request queues of a port, once per port.
 *
 * @param [in] ctx
 * The provider context (doca_flow_dpa_init()).
 * @param [in] port
 * A started DOCA Flow port of the DPA context's device.
 * @param [in] queue_cfgs
 * One configuration per queue type wanted.
 * @param [in] num_queue_cfgs
 * The number of configurations, at least 1.
 * @return DOCA_SUCCESS on success; DOCA_ERROR_INVALID_VALUE when ctx is not a live provider
 * context, port or queue_cfgs is NULL, num_queue_cfgs is 0, port is not a started DOCA Flow
 * port or belongs to another device than the DPA context ("mismatched devices"), a type is
 * unknown or repeated, a queue_size is not a power of two in 2..65536, or a nr_queues is not in
 * 1..256; DOCA_ERROR_BAD_STATE when the port has queues already; DOCA_ERROR_NO_MEMORY when the
 * queues cannot be allocated.
 */
DOCA_EXPERIMENTAL doca_error_t doca_flow_dpa_queues_create(
        struct doca_flow_dpa_ctx *ctx, struct doca_flow_port *port,
        const struct doca_flow_dpa_queue_cfg *queue_cfgs, uint32_t num_queue_cfgs);

/**
 * @brief Destroy the request queues of a port.
 *
 * @param [in] ctx
 * The provider context (doca_flow_dpa_init()).
 * @param [in] port
 * The port.
 * @return DOCA_SUCCESS on success; DOCA_ERROR_INVALID_VALUE when ctx is not a live provider
 * context, or port is NULL or not a started DOCA Flow port; DOCA_ERROR_NOT_FOUND when the port
 * has no queues in this context.
 * @note Requests in flight complete as failed; later posts from kernels get
 * DOCA_ERROR_IO_FAILED.
 */
DOCA_EXPERIMENTAL doca_error_t doca_flow_dpa_queues_destroy(struct doca_flow_dpa_ctx *ctx,
                                                            struct doca_flow_port *port);

/**
 * @brief Prepare the export of a hash pipe to DPA kernels; call it before adding entries.
 *
 * @param [in] ctx
 * The provider context (doca_flow_dpa_init()).
 * @param [in] pipe
 * A DOCA_FLOW_PIPE_HASH pipe on a port with queues.
 * @param [in] nr_entries
 * How many indices the DPA may touch: 1 to the pipe's nr_entries.
 * @param [out] dpa_pipe
 * The prepared pipe.
 * @return DOCA_SUCCESS on success; DOCA_ERROR_INVALID_VALUE when ctx is not a live provider
 * context, pipe or dpa_pipe is NULL, pipe is not a live DOCA Flow pipe, or nr_entries is 0 or
 * above the pipe's; DOCA_ERROR_NOT_SUPPORTED when pipe is not a hash pipe;
 * DOCA_ERROR_BAD_STATE when the pipe's port has no queues or this context exports the pipe
 * already; DOCA_ERROR_NO_MEMORY when memory runs out or the context has 1024 exports already.
 * @note Entries added before this call are not exported: DPA requests on them complete as
 * failed, and the call logs a warning with their number.
 */
DOCA_EXPERIMENTAL doca_error_t
doca_flow_dpa_pipe_export_prepare(struct doca_flow_dpa_ctx *ctx, struct doca_flow_pipe *pipe,
                                  uint32_t nr_entries, struct doca_flow_dpa_pipe **dpa_pipe);

/**
 * @brief Complete the export of a prepared pipe, once its entries are added.
 *
 * @param [in] ctx
 * The provider context (doca_flow_dpa_init()).
 * @param [in] dpa_pipe
 * The prepared pipe (doca_flow_dpa_pipe_export_prepare()).
 * @return DOCA_SUCCESS on success; DOCA_ERROR_INVALID_VALUE when ctx is not a live provider
 * context, or dpa_pipe is NULL, not a live prepared pipe, or of another context;
 * DOCA_ERROR_BAD_STATE when the pipe is exported already or its DOCA Flow pipe was destroyed
 * after the prepare.
 */
DOCA_EXPERIMENTAL doca_error_t doca_flow_dpa_pipe_export(struct doca_flow_dpa_ctx *ctx,
                                                         struct doca_flow_dpa_pipe *dpa_pipe);

/**
 * @brief Get the device address DPA kernels name an exported pipe by.
 *
 * @param [in] ctx
 * The provider context (doca_flow_dpa_init()).
 * @param [in] dpa_pipe
 * The exported pipe.
 * @param [out] dev_addr
 * The address, to pass to the kernel.
 * @return DOCA_SUCCESS on success; DOCA_ERROR_INVALID_VALUE when ctx is not a live provider
 * context, dpa_pipe is NULL, not a live prepared pipe or of another context, or dev_addr is
 * NULL; DOCA_ERROR_BAD_STATE before doca_flow_dpa_pipe_export().
 */
DOCA_EXPERIMENTAL doca_error_t doca_flow_dpa_pipe_get_device_addr(
        struct doca_flow_dpa_ctx *ctx, struct doca_flow_dpa_pipe *dpa_pipe,
        doca_flow_dpa_addr *dev_addr);

/**
 * @brief Withdraw a pipe's export (prepared or exported) and free dpa_pipe.
 *
 * @param [in] ctx
 * The provider context (doca_flow_dpa_init()).
 * @param [in] dpa_pipe
 * The pipe.
 * @return DOCA_SUCCESS on success; DOCA_ERROR_INVALID_VALUE when ctx is not a live provider
 * context, or dpa_pipe is NULL, not a live prepared pipe or of another context.
 * @note The device address goes stale: later posts on it answer DOCA_ERROR_INVALID_VALUE, and
 * requests in flight complete as failed. Call it before doca_flow_pipe_destroy(): a pipe
 * destroyed while exported draws a warning and requests on it fail.
 */
DOCA_EXPERIMENTAL doca_error_t doca_flow_dpa_pipe_destroy(struct doca_flow_dpa_ctx *ctx,
                                                          struct doca_flow_dpa_pipe *dpa_pipe);

/**
 * @brief Export an index selector or array ("memory") resource to DPA kernels.
 *
 * @param [in] ctx
 * The provider context (doca_flow_dpa_init()).
 * @param [in] type
 * What resource is.
 * @param [in] resource
 * A live struct doca_flow_external_resource_index_selector or struct
 * doca_flow_external_resource_array.
 * @param [out] dpa_resource
 * The exported resource.
 * @return DOCA_SUCCESS on success; DOCA_ERROR_INVALID_VALUE when ctx is not a live provider
 * context, resource or dpa_resource is NULL, type is unknown, resource is not a live selector
 * or array, or it is not of type; DOCA_ERROR_BAD_STATE when the resource's port has no queues,
 * or no RESOURCES_WRITE queue; DOCA_ERROR_NO_MEMORY when memory runs out or the context has
 * 1024 exports already.
 * @note The resource's memory stays allocated while it is exported, even if it is destroyed.
 */
DOCA_EXPERIMENTAL doca_error_t doca_flow_dpa_external_resource_export(
        struct doca_flow_dpa_ctx *ctx, enum doca_flow_dpa_external_resource_type type,
        void *resource, struct doca_flow_dpa_external_resource **dpa_resource);

/**
 * @brief Get the device address DPA kernels name an exported resource by.
 *
 * @param [in] ctx
 * The provider context (doca_flow_dpa_init()).
 * @param [in] dpa_resource
 * The exported resource.
 * @param [out] dev_addr
 * The address, to pass to the kernel.
 * @return DOCA_SUCCESS on success; DOCA_ERROR_INVALID_VALUE when ctx is not a live provider
 * context, dpa_resource is NULL, not a live export or of another context, or dev_addr is NULL.
 */
DOCA_EXPERIMENTAL doca_error_t doca_flow_dpa_external_resource_get_device_addr(
        struct doca_flow_dpa_ctx *ctx, struct doca_flow_dpa_external_resource *dpa_resource,
        doca_flow_dpa_addr *dev_addr);

/**
 * @brief Withdraw a resource export and free dpa_resource.
 *
 * @param [in] ctx
 * The provider context (doca_flow_dpa_init()).
 * @param [in] dpa_resource
 * The exported resource.
 * @return DOCA_SUCCESS on success; DOCA_ERROR_INVALID_VALUE when ctx is not a live provider
 * context, or dpa_resource is NULL, not a live export or of another context.
 * @note The device address goes stale: later posts on it answer DOCA_ERROR_INVALID_VALUE.
 */
DOCA_EXPERIMENTAL doca_error_t doca_flow_dpa_external_resource_destroy(
        struct doca_flow_dpa_ctx *ctx, struct doca_flow_dpa_external_resource *dpa_resource);

#ifdef __cplusplus
}
#endif

#endif /* DOCA_FLOW_DPA_PROVIDER_H_ */
