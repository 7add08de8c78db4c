/* SPDX-License-Identifier: BSD-3-Clause */
/**
 * @file
 * softdpa — doca_verbs_bridge.h: DOCA Verbs objects to and from rdma-core's IB verbs
 * (libibverbs), and the bridge data path (ibv work requests and completions on DOCA Verbs
 * queues).
 *
 * softdpa does not emulate DOCA Verbs objects, so none can be bridged: every call checks its
 * arguments like DOCA, then answers DOCA_ERROR_NOT_SUPPORTED (or its documented failure
 * value) and logs one line naming itself.
 */
#ifndef DOCA_VERBS_BRIDGE_H_
#define DOCA_VERBS_BRIDGE_H_

#include <doca_error.h>
#include <doca_types.h>

#include "doca_verbs.h"

#ifdef __cplusplus
extern "C" {
#endif

struct ibv_qp_attr;
struct ibv_context;
struct ibv_device;
struct ibv_pd;
struct ibv_recv_wr;
struct ibv_wc;
struct ibv_send_wr;

/**
 * @brief Create a Verbs context on an ibv_device.
 *
 * @param [in] ibv_dev
 * The IB verbs device.
 * @param [in] flags
 * Creation flags (DOCA_VERBS_CONTEXT_CREATE_FLAGS_*).
 * @param [out] verbs_context
 * The new context.
 * @return DOCA_SUCCESS on success; DOCA_ERROR_INVALID_VALUE when ibv_dev or verbs_context is NULL;
 * DOCA_ERROR_NOT_CONNECTED when the device cannot be opened; DOCA_ERROR_NOT_SUPPORTED in softdpa
 * (DOCA Verbs objects are not emulated).
 */
DOCA_EXPERIMENTAL doca_error_t doca_verbs_bridge_verbs_context_create(
        struct ibv_device *ibv_dev, uint32_t flags, struct doca_verbs_context **verbs_context);

/**
 * @brief Create a Verbs context from an opened ibv_context.
 *
 * @param [in] ibv_ctx
 * The IB verbs context.
 * @param [in] flags
 * Creation flags (DOCA_VERBS_CONTEXT_CREATE_FLAGS_*).
 * @param [out] verbs_context
 * The new context.
 * @return DOCA_SUCCESS on success; DOCA_ERROR_INVALID_VALUE when ibv_ctx or verbs_context is NULL;
 * DOCA_ERROR_NOT_SUPPORTED in softdpa (DOCA Verbs objects are not emulated).
 */
DOCA_EXPERIMENTAL doca_error_t doca_verbs_bridge_verbs_context_import(
        struct ibv_context *ibv_ctx, uint32_t flags, struct doca_verbs_context **verbs_context);

/**
 * @brief Query the attributes of the device behind an ibv_context.
 *
 * @param [in] ibv_ctx
 * The IB verbs context.
 * @param [out] verbs_device_attr
 * The attributes (free them with doca_verbs_device_attr_free).
 * @return DOCA_SUCCESS on success; DOCA_ERROR_INVALID_VALUE when ibv_ctx or verbs_device_attr is
 * NULL; DOCA_ERROR_NOT_SUPPORTED in softdpa (DOCA Verbs objects are not emulated).
 */
DOCA_EXPERIMENTAL doca_error_t doca_verbs_bridge_verbs_query_device(
        struct ibv_context *ibv_ctx, struct doca_verbs_device_attr **verbs_device_attr);

/**
 * @brief Create a Verbs protection domain from an ibv_pd.
 *
 * @param [in] pd
 * The IB verbs protection domain.
 * @param [out] verbs_pd
 * The new protection domain.
 * @return DOCA_SUCCESS on success; DOCA_ERROR_INVALID_VALUE when pd or verbs_pd is NULL;
 * DOCA_ERROR_NOT_SUPPORTED in softdpa (DOCA Verbs objects are not emulated).
 */
DOCA_EXPERIMENTAL doca_error_t doca_verbs_bridge_verbs_pd_import(struct ibv_pd *pd,
                                                                 struct doca_verbs_pd **verbs_pd);

/**
 * @brief The ibv_pd of a Verbs protection domain.
 *
 * @param [in] verbs_pd
 * The Verbs protection domain.
 * @return The object, or NULL on failure (always in softdpa).
 */
DOCA_EXPERIMENTAL struct ibv_pd *
doca_verbs_bridge_verbs_pd_get_ibv_pd(const struct doca_verbs_pd *verbs_pd);

/**
 * @brief The ibv_context of a Verbs context.
 *
 * @param [in] verbs_context
 * The Verbs context.
 * @return The object, or NULL on failure (always in softdpa).
 */
DOCA_EXPERIMENTAL struct ibv_context *
doca_verbs_bridge_get_ibv_ctx(struct doca_verbs_context *verbs_context);

/**
 * @brief Copy the attributes attr_mask names (IBV_QP_*) from an ibv_qp_attr into Verbs QP
 * attributes.
 *
 * @param [in] verbs_qp_attr
 * The Verbs QP attributes.
 * @param [in] ibv_attr
 * The IB verbs QP attributes.
 * @param [in] attr_mask
 * Which attributes to copy (IBV_QP_*).
 * @return DOCA_SUCCESS on success; DOCA_ERROR_INVALID_VALUE when verbs_qp_attr or ibv_attr is NULL;
 * DOCA_ERROR_NOT_SUPPORTED in softdpa (DOCA Verbs objects are not emulated).
 */
DOCA_EXPERIMENTAL doca_error_t
doca_verbs_bridge_qp_attr_set(struct doca_verbs_qp_attr *verbs_qp_attr,
                              const struct ibv_qp_attr *ibv_attr, int attr_mask);

/**
 * @brief Copy Verbs QP attributes into an ibv_qp_attr.
 *
 * @param [in] verbs_qp_attr
 * The Verbs QP attributes.
 * @param [out] ibv_attr
 * The IB verbs QP attributes.
 * @return DOCA_SUCCESS on success; DOCA_ERROR_INVALID_VALUE when verbs_qp_attr or ibv_attr is NULL;
 * DOCA_ERROR_NOT_SUPPORTED in softdpa (DOCA Verbs objects are not emulated).
 */
DOCA_EXPERIMENTAL doca_error_t doca_verbs_bridge_qp_attr_get(
        const struct doca_verbs_qp_attr *verbs_qp_attr, struct ibv_qp_attr *ibv_attr);

/**
 * @brief The DOCA_VERBS_QP_ATTR_* mask matching an IBV_QP_* mask.
 *
 * @param [in] ibv_mask
 * The IBV_QP_* mask.
 * @return The DOCA_VERBS_QP_ATTR_* mask (0 in softdpa).
 */
DOCA_EXPERIMENTAL int doca_verbs_bridge_get_qp_attr_mask(int ibv_mask);

/**
 * @brief Poll up to num_entries completions of a CQ.
 *
 * @param [in] verbs_cq
 * The CQ.
 * @param [in] num_entries
 * Most completions to return.
 * @param [out] ibv_wc
 * Room for num_entries completions.
 * @return The completions returned (fewer than num_entries: the CQ is empty), or a negative value
 * on error (always in softdpa).
 */
DOCA_EXPERIMENTAL int doca_verbs_bridge_poll_cq(struct doca_verbs_cq *verbs_cq, int num_entries,
                                                struct ibv_wc *ibv_wc);

/**
 * @brief Post a list of receive work requests.
 *
 * @param [in] verbs_qp
 * The QP.
 * @param [in] wr
 * The work requests.
 * @param [out] bad_wr
 * On error, the first one not posted.
 * @return 0 on success, an errno value otherwise (EOPNOTSUPP in softdpa).
 */
DOCA_EXPERIMENTAL int doca_verbs_bridge_post_recv(struct doca_verbs_qp *verbs_qp,
                                                  struct ibv_recv_wr *wr,
                                                  struct ibv_recv_wr **bad_wr);

/**
 * @brief Post a list of send work requests.
 *
 * @param [in] verbs_qp
 * The QP.
 * @param [in] wr
 * The work requests.
 * @param [out] bad_wr
 * On error, the first one not posted.
 * @return 0 on success, an errno value otherwise (EOPNOTSUPP in softdpa).
 */
DOCA_EXPERIMENTAL int doca_verbs_bridge_post_send(struct doca_verbs_qp *verbs_qp,
                                                  struct ibv_send_wr *wr,
                                                  struct ibv_send_wr **bad_wr);

/**
 * @brief The consumer index of a CQ.
 *
 * @param [in] verbs_cq
 * The CQ.
 * @return The consumer index (0 in softdpa).
 */
DOCA_EXPERIMENTAL uint32_t doca_verbs_bridge_get_current_cq_ci(struct doca_verbs_cq *verbs_cq);

/**
 * @brief Fill a work request that makes a QP wait until a CQ passes a producer index.
 *
 * @param [in] cq
 * The CQ to wait on.
 * @param [in] wait_pi
 * The producer index.
 * @param [in] wr
 * The work request to fill.
 * @return 0 on success, an errno value otherwise (EOPNOTSUPP in softdpa).
 */
DOCA_EXPERIMENTAL int doca_verbs_bridge_set_wait_cq_pi_wr(struct doca_verbs_cq *cq,
                                                          uint32_t wait_pi, struct ibv_send_wr *wr);

/**
 * @brief Post a list of receive work requests to a shared receive queue (linked-list type).
 *
 * @param [in] verbs_srq
 * The shared receive queue.
 * @param [in] wr
 * The work requests.
 * @param [out] bad_wr
 * On error, the first one not posted.
 * @return 0 on success, an errno value otherwise (EOPNOTSUPP in softdpa).
 */
DOCA_EXPERIMENTAL int doca_verbs_bridge_post_srq_recv(struct doca_verbs_srq *verbs_srq,
                                                      struct ibv_recv_wr *wr,
                                                      struct ibv_recv_wr **bad_wr);

#ifdef __cplusplus
}
#endif

#endif /* DOCA_VERBS_BRIDGE_H_ */
