/* SPDX-License-Identifier: BSD-3-Clause
 * softdpa — doca_rdma.h: DOCA RDMA, as far as DPA applications reach it.
 *
 * softdpa does not emulate RDMA. Every call answers DOCA_ERROR_NOT_SUPPORTED (as_ctx: NULL)
 * and logs one line naming itself, so a program that depends on RDMA learns it at the first
 * call. The data path goes on the DPA through doca_ctx_set_datapath_on_dpa(doca_rdma_as_ctx()).
 */
#ifndef DOCA_RDMA_H_
#define DOCA_RDMA_H_

#include <stdint.h>

#include <doca_compat.h>
#include <doca_error.h>

#ifdef __cplusplus
extern "C" {
#endif

struct doca_ctx;
struct doca_dev;
struct doca_rdma;

/* Handle of an RDMA context on the DPA (device side). */
typedef uint64_t doca_dpa_dev_rdma_t;

/* Create an RDMA context on 'dev'. softdpa: NOT_SUPPORTED. */
DOCA_EXPERIMENTAL doca_error_t doca_rdma_create(struct doca_dev *dev, struct doca_rdma **rdma);
/* Destroy an RDMA context. softdpa: NOT_SUPPORTED. */
DOCA_EXPERIMENTAL doca_error_t doca_rdma_destroy(struct doca_rdma *rdma);
/* The context as a generic doca_ctx (doca_ctx.h), e.g. for doca_ctx_set_datapath_on_dpa and
 * doca_ctx_start; NULL on failure. softdpa: always NULL (no RDMA context can exist). */
DOCA_EXPERIMENTAL struct doca_ctx *doca_rdma_as_ctx(struct doca_rdma *rdma);
/* The context's DPA handle. softdpa: NOT_SUPPORTED. */
DOCA_EXPERIMENTAL doca_error_t doca_rdma_get_dpa_handle(struct doca_rdma *rdma,
                                                        doca_dpa_dev_rdma_t *dpa_rdma);

#ifdef __cplusplus
}
#endif

#endif /* DOCA_RDMA_H_ */
