/* SPDX-License-Identifier: BSD-3-Clause
 * Pollers: functions that run on the NIC datapath once per loop iteration (the provider's
 * request processor). Registered from any thread; published with release (R-poll) and
 * read with acquire (A-poll) by the one datapath thread that runs them; an unregistered
 * poller is freed after a grace period, so a run in progress never touches freed memory.
 */
#include <pthread.h>
#include <stdlib.h>

#include "core/atomics.h"
#include "core/log.h"
#include "nic/grace.h"
#include "nic/nic.h"

SDPA_LOG_REGISTER(nic_pollers);

enum { MAX_POLLERS = 16 };

struct poller {
	sdpa_nic_poller_fn fn;
	void *arg;
};

static pthread_mutex_t poll_mtx = PTHREAD_MUTEX_INITIALIZER;
static sdpa_atomic_ptr pollers[MAX_POLLERS]; /* struct poller * */

struct sdpa_nic_poller {
	struct poller p;
	uint32_t slot;
};

doca_error_t sdpa_nic_register_poller(sdpa_nic_poller_fn fn, void *arg,
                                      struct sdpa_nic_poller **handle)
{
	struct sdpa_nic_poller *h;

	if (fn == NULL || handle == NULL) {
		DOCA_LOG_ERR("sdpa_nic_register_poller: %s is NULL; pass a function and a handle "
		             "pointer",
		             fn == NULL ? "fn" : "handle");
		return DOCA_ERROR_INVALID_VALUE;
	}
	h = calloc(1, sizeof(*h));
	if (h == NULL) {
		DOCA_LOG_ERR("sdpa_nic_register_poller: out of memory; free memory and retry");
		return DOCA_ERROR_NO_MEMORY;
	}
	h->p.fn = fn;
	h->p.arg = arg;
	pthread_mutex_lock(&poll_mtx);
	for (uint32_t i = 0; i < MAX_POLLERS; i++) {
		if (sdpa_load_relaxed(&pollers[i]) == NULL) {
			h->slot = i;
			/* R-poll: pairs with A-poll in run_pollers(). */
			sdpa_store_release(&pollers[i], &h->p);
			pthread_mutex_unlock(&poll_mtx);
			*handle = h;
			return DOCA_SUCCESS;
		}
	}
	pthread_mutex_unlock(&poll_mtx);
	free(h);
	DOCA_LOG_ERR("sdpa_nic_register_poller: all %u poller slots are taken; unregister one "
	             "first",
	             MAX_POLLERS);
	return DOCA_ERROR_FULL;
}

void sdpa_nic_unregister_poller(struct sdpa_nic_poller *h)
{
	if (h == NULL)
		return;
	pthread_mutex_lock(&poll_mtx);
	sdpa_store_release(&pollers[h->slot], NULL); /* R-poll: pairs with A-poll */
	pthread_mutex_unlock(&poll_mtx);
	sdpa_nic_synchronize();
	free(h);
}

bool sdpa_pollers_run(uint16_t widx)
{
	bool busy = false;

	for (uint32_t i = 0; i < MAX_POLLERS; i++) {
		struct poller *p = sdpa_load_acquire(&pollers[i]); /* A-poll: pairs with R-poll */

		if (p != NULL && p->fn(p->arg, widx))
			busy = true;
	}
	return busy;
}
