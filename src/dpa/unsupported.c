/* SPDX-License-Identifier: BSD-3-Clause
 * Comch objects: not emulated (the generic doca_ctx: core/ctx.c; RDMA: src/rdma; remote-net
 * sync events: sync_event.c).
 * Each call checks its arguments like DOCA (INVALID_VALUE), then refuses and says so, once
 * per call site and second at most (a polling loop must not flood the log).
 */
#include <doca_comch.h>

#include "core/log.h"
#include "dpa/dpa.h"

SDPA_LOG_REGISTER(dpa_unsupported);

#define SAY_UNSUPPORTED()                                                                          \
	DOCA_LOG_RATE_LIMIT_ERR("%s is not supported by softdpa (Comch is not emulated)", __func__)

/* One record for a bad argument: what is wrong and what to pass instead. */
#define SAY_BAD_ARG(what, fix) DOCA_LOG_ERR("%s: %s; %s", __func__, what, fix)

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
