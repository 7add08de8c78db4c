/* SPDX-License-Identifier: BSD-3-Clause */
/**
 * @file
 * softdpa — doca_rdma_bridge.h: DOCA devices and buffers to and from rdma-core's IB verbs
 * (protection domains and memory keys).
 *
 * softdpa's devices are emulated, with no kernel IB verbs device behind them.
 * doca_rdma_bridge_get_dev_pd gives a protection domain of rdma-core's public struct whose
 * context answers ibv_query_gid (libsoftdpa answers that call for its own contexts; docs/DPA.md,
 * "DOCA Verbs"); any other libibverbs call on it is not emulated. The other calls check their
 * arguments like DOCA, then answer DOCA_ERROR_NOT_SUPPORTED and log one line naming
 * themselves. As DOCA's, this header includes <infiniband/verbs.h> (rdma-core's libibverbs-dev)
 * when it is installed; otherwise it declares the verbs types it names.
 */
#ifndef DOCA_RDMA_BRIDGE_H_
#define DOCA_RDMA_BRIDGE_H_

#include <stdint.h>

#if defined(__has_include)
#if __has_include(<infiniband/verbs.h>)
#include <infiniband/verbs.h>
#endif
#endif

#include <doca_compat.h>
#include <doca_error.h>
#include <doca_types.h>

#ifdef __cplusplus
extern "C" {
#endif

struct doca_dev;
struct doca_buf;
struct ibv_pd;

/**
 * @brief The IB verbs protection domain of a device.
 *
 * @param [in] dev
 * The device.
 * @param [out] pd
 * The protection domain.
 * @return DOCA_SUCCESS on success; DOCA_ERROR_INVALID_VALUE when dev or pd is NULL;
 * DOCA_ERROR_BAD_STATE when the device has no valid protection domain; DOCA_ERROR_NOT_SUPPORTED in
 * softdpa when it was built without rdma-core's headers.
 */
DOCA_STABLE doca_error_t doca_rdma_bridge_get_dev_pd(const struct doca_dev *dev,
                                                     struct ibv_pd **pd);

/**
 * @brief Open a device that shares an IB verbs protection domain (for memory registrations shared
 * with rdma-core).
 *
 * @param [in] pd
 * A protection domain not bound to a DOCA device.
 * @param [out] dev
 * The new device.
 * @return DOCA_SUCCESS on success; DOCA_ERROR_INVALID_VALUE when pd or dev is NULL;
 * DOCA_ERROR_NOT_SUPPORTED in softdpa (the devices have no IB verbs device behind them).
 */
DOCA_STABLE doca_error_t doca_rdma_bridge_open_dev_from_pd(struct ibv_pd *pd,
                                                           struct doca_dev **dev);

/**
 * @brief The memory key of a buffer for a device (its access is that of the buffer's mmap).
 *
 * @param [in] buf
 * The buffer.
 * @param [out] dev
 * The device.
 * @param [out] mkey
 * The key.
 * @return DOCA_SUCCESS on success; DOCA_ERROR_INVALID_VALUE when buf, dev or mkey is NULL;
 * DOCA_ERROR_NOT_SUPPORTED in softdpa (the devices have no IB verbs device behind them).
 */
DOCA_STABLE doca_error_t doca_rdma_bridge_get_buf_mkey(const struct doca_buf *buf,
                                                       struct doca_dev *dev, uint32_t *mkey);

#ifdef __cplusplus
}
#endif

#endif /* DOCA_RDMA_BRIDGE_H_ */
