/* SPDX-License-Identifier: BSD-3-Clause
 * Checks the Ethernet queues share (queue.h).
 */
#include "core/ctx.h"
#include "core/log.h"
#include "eth/queue.h"

SDPA_LOG_REGISTER(eth_queue);

bool sdpa_eth_queue_bad(const char *fn, const void *q, bool live, const char *what, const char *fix)
{
	if (q == NULL) {
		DOCA_LOG_ERR("%s: %s is NULL; %s", fn, what, fix);
		return true;
	}
	if (!live) {
		DOCA_LOG_ERR("%s: %s %p is not a live queue (destroyed?); %s", fn, what, q, fix);
		return true;
	}
	return false;
}

doca_error_t sdpa_eth_queue_idle(const char *fn, const struct doca_ctx *ctx)
{
	if (sdpa_ctx_state(ctx) != DOCA_CTX_STATE_IDLE) {
		DOCA_LOG_ERR(
		        "%s: the queue's context is not idle (started or stopping); call it before "
		        "doca_ctx_start or after doca_ctx_stop",
		        fn);
		return DOCA_ERROR_BAD_STATE;
	}
	return DOCA_SUCCESS;
}
