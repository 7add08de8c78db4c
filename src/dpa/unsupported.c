/* SPDX-License-Identifier: BSD-3-Clause
 * RDMA and Comch objects: not emulated. Each call refuses and says so, once per call site
 * and second at most (a polling loop must not flood the log).
 */
#include <doca_comch.h>
#include <doca_rdma.h>

#include "core/log.h"

SDPA_LOG_REGISTER(dpa_unsupported);

#define SAY_UNSUPPORTED()                                                                          \
	DOCA_LOG_RATE_LIMIT_ERR("%s is not supported by softdpa (RDMA and Comch are not emulated)",  \
				__func__)

DOCA_EXPERIMENTAL doca_error_t doca_rdma_create(struct doca_dev *dev, struct doca_rdma **rdma)
{
	(void)dev;
	(void)rdma;
	SAY_UNSUPPORTED();
	return DOCA_ERROR_NOT_SUPPORTED;
}

DOCA_EXPERIMENTAL doca_error_t doca_rdma_destroy(struct doca_rdma *rdma)
{
	(void)rdma;
	SAY_UNSUPPORTED();
	return DOCA_ERROR_NOT_SUPPORTED;
}

DOCA_EXPERIMENTAL doca_error_t doca_rdma_set_datapath_on_dpa(struct doca_rdma *rdma,
							     struct doca_dpa *dpa)
{
	(void)rdma;
	(void)dpa;
	SAY_UNSUPPORTED();
	return DOCA_ERROR_NOT_SUPPORTED;
}

DOCA_EXPERIMENTAL doca_error_t doca_rdma_get_dpa_handle(struct doca_rdma *rdma,
							doca_dpa_dev_rdma_t *dpa_rdma)
{
	(void)rdma;
	(void)dpa_rdma;
	SAY_UNSUPPORTED();
	return DOCA_ERROR_NOT_SUPPORTED;
}

DOCA_EXPERIMENTAL doca_error_t doca_comch_server_create(struct doca_dev *dev,
							struct doca_dev_rep *repr, const char *name,
							struct doca_comch_server **comch_server)
{
	(void)dev;
	(void)repr;
	(void)name;
	(void)comch_server;
	SAY_UNSUPPORTED();
	return DOCA_ERROR_NOT_SUPPORTED;
}

DOCA_EXPERIMENTAL doca_error_t doca_comch_server_destroy(struct doca_comch_server *comch_server)
{
	(void)comch_server;
	SAY_UNSUPPORTED();
	return DOCA_ERROR_NOT_SUPPORTED;
}

DOCA_EXPERIMENTAL doca_error_t doca_comch_client_create(struct doca_dev *dev, const char *name,
							struct doca_comch_client **comch_client)
{
	(void)dev;
	(void)name;
	(void)comch_client;
	SAY_UNSUPPORTED();
	return DOCA_ERROR_NOT_SUPPORTED;
}

DOCA_EXPERIMENTAL doca_error_t doca_comch_client_destroy(struct doca_comch_client *comch_client)
{
	(void)comch_client;
	SAY_UNSUPPORTED();
	return DOCA_ERROR_NOT_SUPPORTED;
}
