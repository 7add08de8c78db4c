/* SPDX-License-Identifier: BSD-3-Clause
 * What the Ethernet send and receive queues (txq.c, rxq.c) check alike: a queue handle the
 * application passed, and a configuration call made while the queue's context is idle.
 * Internal to src/eth.
 */
#ifndef SDPA_ETH_QUEUE_H
#define SDPA_ETH_QUEUE_H

#include <stdbool.h>

#include <doca_ctx.h>
#include <doca_error.h>

/* True (after one log line naming 'fn', the queue kind 'what' and 'fix') when 'q' is NULL or
 * not 'live' (destroyed, or not a queue of that kind). */
bool sdpa_eth_queue_bad(const char *fn, const void *q, bool live, const char *what,
                        const char *fix);

/* DOCA_SUCCESS while 'ctx' is idle; otherwise one log line naming 'fn' and BAD_STATE. */
doca_error_t sdpa_eth_queue_idle(const char *fn, const struct doca_ctx *ctx);

/* Return the error of a check from the enclosing DOCA call. */
#define SDPA_ETH_RETURN_ERR(check)                                                                 \
	do {                                                                                       \
		doca_error_t r_ = (check);                                                         \
		if (r_ != DOCA_SUCCESS)                                                            \
			return r_;                                                                 \
	} while (0)

#endif
