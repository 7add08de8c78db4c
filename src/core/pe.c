/* SPDX-License-Identifier: BSD-3-Clause
 * The progress engine. Contexts that give a progress function (core/ctx.h: doca_eth_rxq's)
 * connect to an engine; doca_pe_progress runs each running one once and answers 1 when one
 * delivered something (an event, a state change). Other context kinds refuse to connect.
 * The tasks of the connected contexts (core/task.c) count as in flight from submission to
 * completion. The notification handle (an eventfd) never turns readable: an application
 * must poll.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/eventfd.h>
#include <unistd.h>

#include <doca_pe.h>

#include "core/ctx.h"
#include "core/handles.h"
#include "core/log.h"
#include "core/task.h"

SDPA_LOG_REGISTER(core_pe);

struct doca_pe {
	int efd;                      /* the notification handle */
	enum doca_pe_event_mode mode; /* kept for DOCA's sake: nothing connects to progress */
};

#define SAY_BAD_ARG(what, fix) DOCA_LOG_ERR("%s: %s; %s", __func__, what, fix)

#define PE_FIX "pass an engine made by doca_pe_create"

/* Looked up by address, never read (core/handles.h): a destroyed engine is refused. */
static bool pe_live(const struct doca_pe *pe)
{
	return sdpa_handle_live(pe, SDPA_H_PE);
}

DOCA_STABLE doca_error_t doca_pe_create(struct doca_pe **pe)
{
	struct doca_pe *p;

	if (pe == NULL) {
		SAY_BAD_ARG("pe is NULL", "pass the address of a struct doca_pe *");
		return DOCA_ERROR_INVALID_VALUE;
	}
	p = calloc(1, sizeof(*p));
	if (p == NULL) {
		DOCA_LOG_ERR("%s: out of memory for the progress engine", __func__);
		return DOCA_ERROR_NO_MEMORY;
	}
	p->efd = eventfd(0, EFD_NONBLOCK | EFD_CLOEXEC);
	if (p->efd < 0) {
		DOCA_LOG_ERR("%s: eventfd failed: %s; raise the open-file limit", __func__,
		             strerror(errno));
		free(p);
		return DOCA_ERROR_OPERATING_SYSTEM;
	}
	if (!sdpa_handle_add(p, SDPA_H_PE)) {
		close(p->efd);
		free(p);
		return DOCA_ERROR_NO_MEMORY; /* sdpa_handle_add logged the cause */
	}
	*pe = p;
	return DOCA_SUCCESS;
}

DOCA_STABLE doca_error_t doca_pe_destroy(struct doca_pe *pe)
{
	if (!pe_live(pe)) {
		SAY_BAD_ARG("pe is NULL or destroyed", PE_FIX);
		return DOCA_ERROR_INVALID_VALUE;
	}
	if (sdpa_ctx_count_pe(pe) > 0) {
		DOCA_LOG_ERR("%s: %zu contexts are still connected to the engine; destroy them "
		             "first",
		             __func__, sdpa_ctx_count_pe(pe));
		return DOCA_ERROR_IN_USE;
	}
	close(pe->efd);
	sdpa_handle_retire(pe, free); /* quarantined: core/handles.h */
	return DOCA_SUCCESS;
}

DOCA_STABLE uint8_t doca_pe_progress(struct doca_pe *pe)
{
	if (!pe_live(pe)) {
		SAY_BAD_ARG("pe is NULL or destroyed", PE_FIX);
		return 0;
	}
	return sdpa_ctx_progress_pe(pe) ? 1 : 0;
}

DOCA_STABLE doca_error_t doca_pe_get_notification_handle(const struct doca_pe *pe,
                                                         doca_notification_handle_t *handle)
{
	if (!pe_live(pe) || handle == NULL) {
		SAY_BAD_ARG(!pe_live(pe) ? "pe is NULL or destroyed" : "handle is NULL",
		            PE_FIX " and a result pointer");
		return DOCA_ERROR_INVALID_VALUE;
	}
	*handle = pe->efd;
	return DOCA_SUCCESS;
}

DOCA_STABLE doca_error_t doca_pe_clear_notification(struct doca_pe *pe,
                                                    doca_notification_handle_t handle)
{
	uint64_t v;

	if (!pe_live(pe)) {
		SAY_BAD_ARG("pe is NULL or destroyed", PE_FIX);
		return DOCA_ERROR_INVALID_VALUE;
	}
	if (handle != pe->efd) {
		DOCA_LOG_ERR("%s: handle %d is not this engine's (%d); pass the handle from "
		             "doca_pe_get_notification_handle()",
		             __func__, handle, pe->efd);
		return DOCA_ERROR_INVALID_VALUE;
	}
	if (read(pe->efd, &v, sizeof(v)) < 0 && errno != EAGAIN) {
		DOCA_LOG_ERR("%s: read of the event handle failed: %s", __func__, strerror(errno));
		return DOCA_ERROR_OPERATING_SYSTEM;
	}
	return DOCA_SUCCESS;
}

DOCA_STABLE doca_error_t doca_pe_request_notification(struct doca_pe *pe)
{
	if (!pe_live(pe)) {
		SAY_BAD_ARG("pe is NULL or destroyed", PE_FIX);
		return DOCA_ERROR_INVALID_VALUE;
	}
	/* Armed; nothing connected can ever complete, so the handle stays quiet. */
	return DOCA_SUCCESS;
}

DOCA_STABLE doca_error_t doca_pe_get_num_inflight_tasks(const struct doca_pe *pe,
                                                        size_t *num_inflight_tasks)
{
	if (!pe_live(pe) || num_inflight_tasks == NULL) {
		SAY_BAD_ARG(!pe_live(pe) ? "pe is NULL or destroyed" : "num_inflight_tasks is NULL",
		            PE_FIX " and a result pointer");
		return DOCA_ERROR_INVALID_VALUE;
	}
	*num_inflight_tasks = sdpa_task_inflight_pe(pe);
	return DOCA_SUCCESS;
}

DOCA_STABLE doca_error_t doca_pe_connect_ctx(struct doca_pe *pe, struct doca_ctx *ctx)
{
	if (!pe_live(pe) || ctx == NULL) {
		SAY_BAD_ARG(!pe_live(pe) ? "pe is NULL or destroyed" : "ctx is NULL",
		            PE_FIX " and an idle context");
		return DOCA_ERROR_INVALID_VALUE;
	}
	return sdpa_ctx_connect_pe(ctx, pe, __func__);
}

DOCA_EXPERIMENTAL doca_error_t doca_pe_set_event_mode(struct doca_pe *pe,
                                                      enum doca_pe_event_mode event_mode)
{
	if (!pe_live(pe)) {
		SAY_BAD_ARG("pe is NULL or destroyed", PE_FIX);
		return DOCA_ERROR_INVALID_VALUE;
	}
	if (event_mode != DOCA_PE_EVENT_MODE_PROGRESS_SELECTIVE &&
	    event_mode != DOCA_PE_EVENT_MODE_PROGRESS_ALL) {
		DOCA_LOG_ERR(
		        "%s: event mode %d is unknown; use DOCA_PE_EVENT_MODE_PROGRESS_SELECTIVE "
		        "or DOCA_PE_EVENT_MODE_PROGRESS_ALL",
		        __func__, (int)event_mode);
		return DOCA_ERROR_INVALID_VALUE;
	}
	pe->mode = event_mode;
	return DOCA_SUCCESS;
}
