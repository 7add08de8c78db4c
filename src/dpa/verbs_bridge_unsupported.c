/* SPDX-License-Identifier: BSD-3-Clause
 * DOCA Verbs bridge (doca_verbs_bridge.h) and DOCA RDMA bridge (doca_rdma_bridge.h): not
 * emulated (no DOCA Verbs object exists, no device has an IB verbs device behind it). Each
 * call checks its arguments like DOCA, then refuses and says so, once per call site and
 * second at most.
 */
#include <errno.h>
#include <stddef.h>

#include <doca_rdma_bridge.h>
#include <doca_verbs_bridge.h>

#include "core/log.h"
#include "core/refuse.h"
#include "dpa/dpa.h"

SDPA_LOG_REGISTER(dpa_verbs_bridge);

#define SAY_UNSUPPORTED() SDPA_SAY_REFUSED("no IB verbs device backs softdpa's devices")

/* What to pass instead of a bad argument (the records join several with "; "). */
#define CQ_FIX     "pass a CQ from doca_verbs_cq_create"
#define QP_FIX     "pass a QP from doca_verbs_qp_create"
#define RESULT_FIX "pass a result pointer"

DOCA_EXPERIMENTAL doca_error_t doca_verbs_bridge_verbs_context_create(
        struct ibv_device *ibv_dev, uint32_t flags, struct doca_verbs_context **verbs_context)
{
	(void)flags;
	if (SDPA_NULL_ARGS("pass a device of ibv_get_device_list; " RESULT_FIX, ibv_dev,
	                   verbs_context))
		return DOCA_ERROR_INVALID_VALUE;
	SAY_UNSUPPORTED();
	return DOCA_ERROR_NOT_SUPPORTED;
}

DOCA_EXPERIMENTAL doca_error_t doca_verbs_bridge_verbs_context_import(
        struct ibv_context *ibv_ctx, uint32_t flags, struct doca_verbs_context **verbs_context)
{
	(void)flags;
	if (SDPA_NULL_ARGS("pass an opened ibv_context; " RESULT_FIX, ibv_ctx, verbs_context))
		return DOCA_ERROR_INVALID_VALUE;
	SAY_UNSUPPORTED();
	return DOCA_ERROR_NOT_SUPPORTED;
}

DOCA_EXPERIMENTAL doca_error_t doca_verbs_bridge_verbs_query_device(
        struct ibv_context *ibv_ctx, struct doca_verbs_device_attr **verbs_device_attr)
{
	if (SDPA_NULL_ARGS("pass an opened ibv_context; " RESULT_FIX, ibv_ctx, verbs_device_attr))
		return DOCA_ERROR_INVALID_VALUE;
	SAY_UNSUPPORTED();
	return DOCA_ERROR_NOT_SUPPORTED;
}

DOCA_EXPERIMENTAL doca_error_t doca_verbs_bridge_verbs_pd_import(struct ibv_pd *pd,
                                                                 struct doca_verbs_pd **verbs_pd)
{
	if (SDPA_NULL_ARGS("pass an ibv_pd; " RESULT_FIX, pd, verbs_pd))
		return DOCA_ERROR_INVALID_VALUE;
	SAY_UNSUPPORTED();
	return DOCA_ERROR_NOT_SUPPORTED;
}

DOCA_EXPERIMENTAL struct ibv_pd *
doca_verbs_bridge_verbs_pd_get_ibv_pd(const struct doca_verbs_pd *verbs_pd)
{
	if (!SDPA_NULL_ARGS("pass a protection domain from doca_verbs_pd_create", verbs_pd))
		SAY_UNSUPPORTED();
	return NULL;
}

DOCA_EXPERIMENTAL struct ibv_context *
doca_verbs_bridge_get_ibv_ctx(struct doca_verbs_context *verbs_context)
{
	if (!SDPA_NULL_ARGS("pass a context from doca_verbs_context_create", verbs_context))
		SAY_UNSUPPORTED();
	return NULL;
}

DOCA_EXPERIMENTAL doca_error_t doca_verbs_bridge_qp_attr_set(
        struct doca_verbs_qp_attr *verbs_qp_attr, const struct ibv_qp_attr *ibv_attr, int attr_mask)
{
	(void)attr_mask;
	if (SDPA_NULL_ARGS(
	            "pass attributes from doca_verbs_qp_attr_create; pass IB verbs QP attributes",
	            verbs_qp_attr, ibv_attr))
		return DOCA_ERROR_INVALID_VALUE;
	SAY_UNSUPPORTED();
	return DOCA_ERROR_NOT_SUPPORTED;
}

DOCA_EXPERIMENTAL doca_error_t doca_verbs_bridge_qp_attr_get(
        const struct doca_verbs_qp_attr *verbs_qp_attr, struct ibv_qp_attr *ibv_attr)
{
	if (SDPA_NULL_ARGS("pass attributes from doca_verbs_qp_attr_create; " RESULT_FIX,
	                   verbs_qp_attr, ibv_attr))
		return DOCA_ERROR_INVALID_VALUE;
	SAY_UNSUPPORTED();
	return DOCA_ERROR_NOT_SUPPORTED;
}

DOCA_EXPERIMENTAL int doca_verbs_bridge_get_qp_attr_mask(int ibv_mask)
{
	(void)ibv_mask;
	SAY_UNSUPPORTED();
	return 0;
}

DOCA_EXPERIMENTAL int doca_verbs_bridge_poll_cq(struct doca_verbs_cq *verbs_cq, int num_entries,
                                                struct ibv_wc *ibv_wc)
{
	(void)num_entries;
	(void)ibv_wc;
	if (!SDPA_NULL_ARGS(CQ_FIX, verbs_cq))
		SAY_UNSUPPORTED();
	return -1;
}

DOCA_EXPERIMENTAL int doca_verbs_bridge_post_recv(struct doca_verbs_qp *verbs_qp,
                                                  struct ibv_recv_wr *wr,
                                                  struct ibv_recv_wr **bad_wr)
{
	(void)wr;
	(void)bad_wr;
	if (!SDPA_NULL_ARGS(QP_FIX, verbs_qp))
		SAY_UNSUPPORTED();
	return EOPNOTSUPP;
}

DOCA_EXPERIMENTAL int doca_verbs_bridge_post_send(struct doca_verbs_qp *verbs_qp,
                                                  struct ibv_send_wr *wr,
                                                  struct ibv_send_wr **bad_wr)
{
	(void)wr;
	(void)bad_wr;
	if (!SDPA_NULL_ARGS(QP_FIX, verbs_qp))
		SAY_UNSUPPORTED();
	return EOPNOTSUPP;
}

DOCA_EXPERIMENTAL uint32_t doca_verbs_bridge_get_current_cq_ci(struct doca_verbs_cq *verbs_cq)
{
	if (!SDPA_NULL_ARGS(CQ_FIX, verbs_cq))
		SAY_UNSUPPORTED();
	return 0;
}

DOCA_EXPERIMENTAL int doca_verbs_bridge_set_wait_cq_pi_wr(struct doca_verbs_cq *cq,
                                                          uint32_t wait_pi, struct ibv_send_wr *wr)
{
	(void)wait_pi;
	(void)wr;
	if (!SDPA_NULL_ARGS(CQ_FIX, cq))
		SAY_UNSUPPORTED();
	return EOPNOTSUPP;
}

DOCA_EXPERIMENTAL int doca_verbs_bridge_post_srq_recv(struct doca_verbs_srq *verbs_srq,
                                                      struct ibv_recv_wr *wr,
                                                      struct ibv_recv_wr **bad_wr)
{
	(void)wr;
	(void)bad_wr;
	if (!SDPA_NULL_ARGS("pass a shared receive queue", verbs_srq))
		SAY_UNSUPPORTED();
	return EOPNOTSUPP;
}

DOCA_STABLE doca_error_t doca_rdma_bridge_open_dev_from_pd(struct ibv_pd *pd, struct doca_dev **dev)
{
	if (SDPA_NULL_ARGS("pass an ibv_pd; " RESULT_FIX, pd, dev))
		return DOCA_ERROR_INVALID_VALUE;
	SAY_UNSUPPORTED();
	return DOCA_ERROR_NOT_SUPPORTED;
}

DOCA_STABLE doca_error_t doca_rdma_bridge_get_buf_mkey(const struct doca_buf *buf,
                                                       struct doca_dev *dev, uint32_t *mkey)
{
	if (SDPA_NULL_ARGS("pass a buffer; " RESULT_FIX, buf, dev, mkey))
		return DOCA_ERROR_INVALID_VALUE;
	SAY_UNSUPPORTED();
	return DOCA_ERROR_NOT_SUPPORTED;
}
