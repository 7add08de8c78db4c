/* SPDX-License-Identifier: BSD-3-Clause
 * softdpa — doca_flow_dpa_provider.h: hand a DOCA Flow hash pipe and external resources to
 * DPA kernels (host side). DECISIONS D5; the device side is dev/doca_flow_dpa_provider_dev.h.
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

struct flexio_process;
struct doca_flow_dpa_ctx;
struct doca_flow_dpa_pipe;
struct doca_flow_dpa_external_resource;

#ifndef DOCA_FLOW_DPA_ADDR_DECLARED
#define DOCA_FLOW_DPA_ADDR_DECLARED
/* An exported object as a DPA kernel names it: an opaque 64-bit device address. */
typedef uint64_t doca_flow_dpa_addr;

/* The three kinds of request queue. */
enum doca_flow_dpa_queue_type {
	DOCA_FLOW_DPA_QUEUE_TYPE_GENERAL,         /* hash-pipe entry enable/disable/replace */
	DOCA_FLOW_DPA_QUEUE_TYPE_RESOURCES_WRITE, /* index-selector modify, memory update */
	DOCA_FLOW_DPA_QUEUE_TYPE_RESOURCES_READ,  /* memory read */
};
#endif

/* Queues of one type on a port. */
struct doca_flow_dpa_queue_cfg {
	enum doca_flow_dpa_queue_type type;
	uint32_t queue_size; /* requests a queue holds; a power of two */
	uint32_t nr_queues;  /* queues of this type (queue_id 0..nr_queues-1); >= 1 */
};

/* What kind of external resource an export names. */
enum doca_flow_dpa_external_resource_type {
	DOCA_FLOW_DPA_EXTERNAL_RESOURCE_TYPE_INDEX_SELECTOR,
	DOCA_FLOW_DPA_EXTERNAL_RESOURCE_TYPE_MEMORY, /* the array resource */
};

/* A provider context bound to the FlexIO process of a started DPA context.
 * INVALID_VALUE on NULL; BAD_STATE when 'process' is not from a started DPA context. */
DOCA_EXPERIMENTAL doca_error_t doca_flow_dpa_init(struct flexio_process *process,
                                                  struct doca_flow_dpa_ctx **ctx);

/* Release the context. IN_USE while it still has exported pipes or resources. Requests
 * posted but never flushed are reported in a warning. */
DOCA_EXPERIMENTAL doca_error_t doca_flow_dpa_destroy(struct doca_flow_dpa_ctx *ctx);

/* Create the request queues of 'port'. INVALID_VALUE: NULL, num_queue_cfgs 0, a size that
 * is not a power of two, zero queues, an unknown or repeated type, a port of another device
 * than the DPA context's ("mismatched devices"). BAD_STATE: queues already exist on the port. */
DOCA_EXPERIMENTAL doca_error_t doca_flow_dpa_queues_create(
        struct doca_flow_dpa_ctx *ctx, struct doca_flow_port *port,
        const struct doca_flow_dpa_queue_cfg *queue_cfgs, uint32_t num_queue_cfgs);

/* Destroy the queues of 'port'. Requests in flight complete as failed; later posts from
 * kernels get IO_FAILED. INVALID_VALUE on NULL; NOT_FOUND when the port has no queues. */
DOCA_EXPERIMENTAL doca_error_t doca_flow_dpa_queues_destroy(struct doca_flow_dpa_ctx *ctx,
                                                            struct doca_flow_port *port);

/* Prepare the export of hash pipe 'pipe' (nr_entries: how many indices the DPA may touch).
 * Call it before adding entries. BAD_STATE: the port has no queues; NOT_SUPPORTED: not a
 * HASH pipe; INVALID_VALUE: NULL, nr_entries 0 or above the pipe's. */
DOCA_EXPERIMENTAL doca_error_t
doca_flow_dpa_pipe_export_prepare(struct doca_flow_dpa_ctx *ctx, struct doca_flow_pipe *pipe,
                                  uint32_t nr_entries, struct doca_flow_dpa_pipe **dpa_pipe);

/* Complete the export. BAD_STATE when not prepared or already exported. */
DOCA_EXPERIMENTAL doca_error_t doca_flow_dpa_pipe_export(struct doca_flow_dpa_ctx *ctx,
                                                         struct doca_flow_dpa_pipe *dpa_pipe);

/* The pipe's device address. BAD_STATE before export. */
DOCA_EXPERIMENTAL doca_error_t doca_flow_dpa_pipe_get_device_addr(
        struct doca_flow_dpa_ctx *ctx, struct doca_flow_dpa_pipe *dpa_pipe,
        doca_flow_dpa_addr *dev_addr);

/* Withdraw the export; its device address goes stale (later requests fail with
 * INVALID_VALUE) and requests in flight complete as failed. */
DOCA_EXPERIMENTAL doca_error_t doca_flow_dpa_pipe_destroy(struct doca_flow_dpa_ctx *ctx,
                                                          struct doca_flow_dpa_pipe *dpa_pipe);

/* Export an index selector or array ("memory") resource. BAD_STATE: its port has no queues,
 * or no RESOURCES_WRITE queue; INVALID_VALUE: NULL, or 'resource' is not of 'type'. */
DOCA_EXPERIMENTAL doca_error_t doca_flow_dpa_external_resource_export(
        struct doca_flow_dpa_ctx *ctx, enum doca_flow_dpa_external_resource_type type,
        void *resource, struct doca_flow_dpa_external_resource **dpa_resource);

/* The resource's device address. */
DOCA_EXPERIMENTAL doca_error_t doca_flow_dpa_external_resource_get_device_addr(
        struct doca_flow_dpa_ctx *ctx, struct doca_flow_dpa_external_resource *dpa_resource,
        doca_flow_dpa_addr *dev_addr);

/* Withdraw a resource export (its device address goes stale). */
DOCA_EXPERIMENTAL doca_error_t doca_flow_dpa_external_resource_destroy(
        struct doca_flow_dpa_ctx *ctx, struct doca_flow_dpa_external_resource *dpa_resource);

#ifdef __cplusplus
}
#endif

#endif /* DOCA_FLOW_DPA_PROVIDER_H_ */
