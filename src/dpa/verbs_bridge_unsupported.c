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
#include "dpa/dpa.h"

SDPA_LOG_REGISTER(dpa_verbs_bridge);

#define SAY_UNSUPPORTED()                                                                          \
	DOCA_LOG_RATE_LIMIT_ERR(                                                                   \
	        "%s is not supported by softdpa (no IB verbs device backs softdpa's devices)",     \
	        __func__)

/* One record for a bad argument: what is wrong and what to pass instead. */
#define SAY_BAD_ARG(what, fix) DOCA_LOG_ERR("%s: %s; %s", __func__, what, fix)

DOCA_EXPERIMENTAL doca_error_t doca_verbs_bridge_verbs_context_create(
        struct ibv_device *ibv_dev, uint32_t flags, struct doca_verbs_context **verbs_context)
{
	(void)flags;
	if (ibv_dev == NULL || verbs_context == NULL) {
		SAY_BAD_ARG(ibv_dev == NULL ? "ibv_dev is NULL" : "verbs_context is NULL",
		            "pass a device of ibv_get_device_list; pass a result pointer");
		return DOCA_ERROR_INVALID_VALUE;
	}
	SAY_UNSUPPORTED();
	return DOCA_ERROR_NOT_SUPPORTED;
}

DOCA_EXPERIMENTAL doca_error_t doca_verbs_bridge_verbs_context_import(
        struct ibv_context *ibv_ctx, uint32_t flags, struct doca_verbs_context **verbs_context)
{
	(void)flags;
	if (ibv_ctx == NULL || verbs_context == NULL) {
		SAY_BAD_ARG(ibv_ctx == NULL ? "ibv_ctx is NULL" : "verbs_context is NULL",
		            "pass an opened ibv_context; pass a result pointer");
		return DOCA_ERROR_INVALID_VALUE;
	}
	SAY_UNSUPPORTED();
	return DOCA_ERROR_NOT_SUPPORTED;
}

DOCA_EXPERIMENTAL doca_error_t doca_verbs_bridge_verbs_query_device(
        struct ibv_context *ibv_ctx, struct doca_verbs_device_attr **verbs_device_attr)
{
	if (ibv_ctx == NULL || verbs_device_attr == NULL) {
		SAY_BAD_ARG(ibv_ctx == NULL ? "ibv_ctx is NULL" : "verbs_device_attr is NULL",
		            "pass an opened ibv_context; pass a result pointer");
		return DOCA_ERROR_INVALID_VALUE;
	}
	SAY_UNSUPPORTED();
	return DOCA_ERROR_NOT_SUPPORTED;
}

DOCA_EXPERIMENTAL doca_error_t doca_verbs_bridge_verbs_pd_import(struct ibv_pd *pd,
                                                                 struct doca_verbs_pd **verbs_pd)
{
	if (pd == NULL || verbs_pd == NULL) {
		SAY_BAD_ARG(pd == NULL ? "pd is NULL" : "verbs_pd is NULL",
		            "pass an ibv_pd; pass a result pointer");
		return DOCA_ERROR_INVALID_VALUE;
	}
	SAY_UNSUPPORTED();
	return DOCA_ERROR_NOT_SUPPORTED;
}

DOCA_EXPERIMENTAL struct ibv_pd *
doca_verbs_bridge_verbs_pd_get_ibv_pd(const struct doca_verbs_pd *verbs_pd)
{
	if (verbs_pd == NULL) {
		SAY_BAD_ARG("verbs_pd is NULL",
		            "pass a protection domain from doca_verbs_pd_create");
		return NULL;
	}
	SAY_UNSUPPORTED();
	return NULL;
}

DOCA_EXPERIMENTAL struct ibv_context *
doca_verbs_bridge_get_ibv_ctx(struct doca_verbs_context *verbs_context)
{
	if (verbs_context == NULL) {
		SAY_BAD_ARG("verbs_context is NULL",
		            "pass a context from doca_verbs_context_create");
		return NULL;
	}
	SAY_UNSUPPORTED();
	return NULL;
}

DOCA_EXPERIMENTAL doca_error_t doca_verbs_bridge_qp_attr_set(
        struct doca_verbs_qp_attr *verbs_qp_attr, const struct ibv_qp_attr *ibv_attr, int attr_mask)
{
	(void)attr_mask;
	if (verbs_qp_attr == NULL || ibv_attr == NULL) {
		SAY_BAD_ARG(verbs_qp_attr == NULL ? "verbs_qp_attr is NULL" : "ibv_attr is NULL",
		            "pass attributes from doca_verbs_qp_attr_create; pass IB verbs QP "
		            "attributes");
		return DOCA_ERROR_INVALID_VALUE;
	}
	SAY_UNSUPPORTED();
	return DOCA_ERROR_NOT_SUPPORTED;
}

DOCA_EXPERIMENTAL doca_error_t doca_verbs_bridge_qp_attr_get(
        const struct doca_verbs_qp_attr *verbs_qp_attr, struct ibv_qp_attr *ibv_attr)
{
	if (verbs_qp_attr == NULL || ibv_attr == NULL) {
		SAY_BAD_ARG(
		        verbs_qp_attr == NULL ? "verbs_qp_attr is NULL" : "ibv_attr is NULL",
		        "pass attributes from doca_verbs_qp_attr_create; pass a result pointer");
		return DOCA_ERROR_INVALID_VALUE;
	}
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
	if (verbs_cq == NULL) {
		SAY_BAD_ARG("verbs_cq is NULL", "pass a CQ from doca_verbs_cq_create");
		return -1;
	}
	SAY_UNSUPPORTED();
	return -1;
}

DOCA_EXPERIMENTAL int doca_verbs_bridge_post_recv(struct doca_verbs_qp *verbs_qp,
                                                  struct ibv_recv_wr *wr,
                                                  struct ibv_recv_wr **bad_wr)
{
	(void)wr;
	(void)bad_wr;
	if (verbs_qp == NULL) {
		SAY_BAD_ARG("verbs_qp is NULL", "pass a QP from doca_verbs_qp_create");
		return EOPNOTSUPP;
	}
	SAY_UNSUPPORTED();
	return EOPNOTSUPP;
}

DOCA_EXPERIMENTAL int doca_verbs_bridge_post_send(struct doca_verbs_qp *verbs_qp,
                                                  struct ibv_send_wr *wr,
                                                  struct ibv_send_wr **bad_wr)
{
	(void)wr;
	(void)bad_wr;
	if (verbs_qp == NULL) {
		SAY_BAD_ARG("verbs_qp is NULL", "pass a QP from doca_verbs_qp_create");
		return EOPNOTSUPP;
	}
	SAY_UNSUPPORTED();
	return EOPNOTSUPP;
}

DOCA_EXPERIMENTAL uint32_t doca_verbs_bridge_get_current_cq_ci(struct doca_verbs_cq *verbs_cq)
{
	if (verbs_cq == NULL) {
		SAY_BAD_ARG("verbs_cq is NULL", "pass a CQ from doca_verbs_cq_create");
		return 0;
	}
	SAY_UNSUPPORTED();
	return 0;
}

DOCA_EXPERIMENTAL int doca_verbs_bridge_set_wait_cq_pi_wr(struct doca_verbs_cq *cq,
                                                          uint32_t wait_pi, struct ibv_send_wr *wr)
{
	(void)wait_pi;
	(void)wr;
	if (cq == NULL) {
		SAY_BAD_ARG("cq is NULL", "pass a CQ from doca_verbs_cq_create");
		return EOPNOTSUPP;
	}
	SAY_UNSUPPORTED();
	return EOPNOTSUPP;
}

DOCA_EXPERIMENTAL int doca_verbs_bridge_post_srq_recv(struct doca_verbs_srq *verbs_srq,
                                                      struct ibv_recv_wr *wr,
                                                      struct ibv_recv_wr **bad_wr)
{
	(void)wr;
	(void)bad_wr;
	if (verbs_srq == NULL) {
		SAY_BAD_ARG("verbs_srq is NULL", "pass a shared receive queue");
		return EOPNOTSUPP;
	}
	SAY_UNSUPPORTED();
	return EOPNOTSUPP;
}

DOCA_STABLE doca_error_t doca_rdma_bridge_get_dev_pd(const struct doca_dev *dev, struct ibv_pd **pd)
{
	if (dev == NULL || pd == NULL) {
		SAY_BAD_ARG(dev == NULL ? "dev is NULL" : "pd is NULL",
		            "pass an opened device (doca_dev_open); pass a result pointer");
		return DOCA_ERROR_INVALID_VALUE;
	}
	SAY_UNSUPPORTED();
	return DOCA_ERROR_NOT_SUPPORTED;
}

DOCA_STABLE doca_error_t doca_rdma_bridge_open_dev_from_pd(struct ibv_pd *pd, struct doca_dev **dev)
{
	if (pd == NULL || dev == NULL) {
		SAY_BAD_ARG(pd == NULL ? "pd is NULL" : "dev is NULL",
		            "pass an ibv_pd; pass a result pointer");
		return DOCA_ERROR_INVALID_VALUE;
	}
	SAY_UNSUPPORTED();
	return DOCA_ERROR_NOT_SUPPORTED;
}

DOCA_STABLE doca_error_t doca_rdma_bridge_get_buf_mkey(const struct doca_buf *buf,
                                                       struct doca_dev *dev, uint32_t *mkey)
{
	if (buf == NULL || dev == NULL || mkey == NULL) {
		SAY_BAD_ARG(buf == NULL   ? "buf is NULL"
		            : dev == NULL ? "dev is NULL"
		                          : "mkey is NULL",
		            "pass a buffer; pass a result pointer");
		return DOCA_ERROR_INVALID_VALUE;
	}
	SAY_UNSUPPORTED();
	return DOCA_ERROR_NOT_SUPPORTED;
}
