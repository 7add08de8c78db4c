/* SPDX-License-Identifier: BSD-3-Clause
 * Comch objects and remote-net sync events (which travel over RDMA): not emulated (the
 * generic doca_ctx: core/ctx.c; RDMA: src/rdma).
 * Each call checks its arguments like DOCA (INVALID_VALUE), then refuses and says so, once
 * per call site and second at most (a polling loop must not flood the log).
 */
#include <doca_comch.h>
#include <doca_rdma.h>
#include <doca_sync_event.h>

#include "core/log.h"
#include "dpa/dpa.h"

SDPA_LOG_REGISTER(dpa_unsupported);

#define SAY_UNSUPPORTED()                                                                          \
	DOCA_LOG_RATE_LIMIT_ERR(                                                                   \
	        "%s is not supported by softdpa (RDMA and Comch are not emulated)", __func__)

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

/* ---- remote-net sync events: the remote peer updates the event over RDMA ---- */

DOCA_EXPERIMENTAL doca_error_t
doca_sync_event_add_publisher_location_remote_net(struct doca_sync_event *event)
{
	if (!sdpa_se_valid(event)) {
		SAY_BAD_ARG("event is NULL or not a sync event",
		            "pass one from doca_sync_event_create");
		return DOCA_ERROR_INVALID_VALUE;
	}
	SAY_UNSUPPORTED();
	return DOCA_ERROR_NOT_SUPPORTED;
}

DOCA_EXPERIMENTAL doca_error_t doca_sync_event_export_to_remote_net(struct doca_sync_event *event,
                                                                    const uint8_t **data,
                                                                    size_t *sz)
{
	if (!sdpa_se_valid(event) || data == NULL || sz == NULL) {
		SAY_BAD_ARG(!sdpa_se_valid(event) ? "event is NULL or not a sync event"
		                                  : (data == NULL ? "data is NULL" : "sz is NULL"),
		            "pass a sync event from doca_sync_event_create and result pointers");
		return DOCA_ERROR_INVALID_VALUE;
	}
	SAY_UNSUPPORTED();
	return DOCA_ERROR_NOT_SUPPORTED;
}

DOCA_EXPERIMENTAL doca_error_t
doca_sync_event_remote_net_create_from_export(struct doca_dev *dev, const uint8_t *data, size_t sz,
                                              struct doca_sync_event_remote_net **event)
{
	if (dev == NULL || data == NULL || sz == 0 || event == NULL) {
		SAY_BAD_ARG(dev == NULL    ? "dev is NULL"
		            : data == NULL ? "data is NULL"
		            : sz == 0      ? "sz is 0"
		                           : "event is NULL",
		            "pass an opened device, the exported bytes and a result pointer");
		return DOCA_ERROR_INVALID_VALUE;
	}
	SAY_UNSUPPORTED();
	return DOCA_ERROR_NOT_SUPPORTED;
}

DOCA_EXPERIMENTAL doca_error_t doca_sync_event_remote_net_get_dpa_handle(
        struct doca_sync_event_remote_net *event, struct doca_dpa *dpa,
        doca_dpa_dev_sync_event_remote_net_t *dpa_remote_event)
{
	if (event == NULL || !sdpa_dpa_valid(dpa) || dpa_remote_event == NULL) {
		SAY_BAD_ARG(event == NULL          ? "event is NULL"
		            : !sdpa_dpa_valid(dpa) ? "dpa is NULL or not a DPA context"
		                                   : "dpa_remote_event is NULL",
		            "pass a remote-net event, a DPA context and a result pointer");
		return DOCA_ERROR_INVALID_VALUE;
	}
	SAY_UNSUPPORTED();
	return DOCA_ERROR_NOT_SUPPORTED;
}

DOCA_EXPERIMENTAL doca_error_t
doca_sync_event_remote_net_destroy(struct doca_sync_event_remote_net *event)
{
	if (event == NULL) {
		SAY_BAD_ARG("event is NULL",
		            "pass one from doca_sync_event_remote_net_create_from_export");
		return DOCA_ERROR_INVALID_VALUE;
	}
	SAY_UNSUPPORTED();
	return DOCA_ERROR_NOT_SUPPORTED;
}
