/* SPDX-License-Identifier: BSD-3-Clause
 * Grace periods of the NIC datapath (QSBR) and the deferred frees that wait for them.
 *
 * Each reader (datapath thread: worker i, or slot 0 for the thread that runs the datapath
 * in mode 0) owns a slot qs: 0 = offline, else the global epoch it last read while
 * quiescent. After finishing the reads of a loop iteration a reader stores the current
 * epoch with release (R-qs); a grace period started at epoch t (R-epoch: the epoch
 * incremented after the unlink) ends when every online reader shows qs >= t (A-qs).
 * Going offline and back online takes qs_mtx, which grace_done() also holds while it
 * reads, so a reader that comes online after grace_done() saw it offline also sees every
 * pointer unlinked before that grace period. No standalone fences: TSan understands every
 * ordering used here.
 */
#include <pthread.h>
#include <sched.h>
#include <stdlib.h>

#include "core/atomics.h"
#include "core/log.h"
#include "core/util.h"
#include "nic/grace.h"
#include "nic/nic.h"

SDPA_LOG_REGISTER(nic_grace);

enum { DEFER_MAX = 1 << 16 };

struct reader {
	sdpa_atomic_u64 qs; /* epoch seen at the last quiescent point, 0 = offline */
	char pad[56];       /* one cache line per reader */
};

struct defer_item {
	void (*fn)(void *);
	void *ptr;
	uint64_t epoch;
};

static struct {
	struct reader *r;
	uint32_t nreaders;
	sdpa_atomic_u64 epoch;  /* starts at 1: a qs of 0 means offline */
	pthread_mutex_t qs_mtx; /* online/offline transitions vs grace_done() */
	pthread_mutex_t defer_mtx;
	struct defer_item *defer;
	uint32_t ndefer;
} g = {
        .epoch = 1,
        .qs_mtx = PTHREAD_MUTEX_INITIALIZER,
        .defer_mtx = PTHREAD_MUTEX_INITIALIZER,
};

static _Thread_local int self = -1; /* the calling thread's reader slot, -1 if none */

doca_error_t sdpa_grace_init(uint32_t nreaders)
{
	struct reader *r = calloc(nreaders, sizeof(*r));

	if (r == NULL)
		return DOCA_ERROR_NO_MEMORY;
	pthread_mutex_lock(&g.qs_mtx);
	g.r = r;
	g.nreaders = nreaders;
	pthread_mutex_unlock(&g.qs_mtx);
	return DOCA_SUCCESS;
}

static uint32_t defer_run(bool all);

void sdpa_grace_fini(void)
{
	/* Every deferred free, however many: one pass runs at most a batch, and a free may
	 * defer another. */
	while (defer_run(true) != 0)
		;
	pthread_mutex_lock(&g.qs_mtx);
	free(g.r);
	g.r = NULL;
	g.nreaders = 0;
	pthread_mutex_unlock(&g.qs_mtx);
}

void sdpa_grace_online(uint32_t r)
{
	pthread_mutex_lock(&g.qs_mtx);
	sdpa_store_release(&g.r[r].qs, sdpa_load_acquire(&g.epoch)); /* R-qs; A-epoch */
	pthread_mutex_unlock(&g.qs_mtx);
	self = (int)r;
}

void sdpa_grace_quiescent(uint32_t r)
{
	/* R-qs: pairs with A-qs in grace_done(); every read of this iteration is done. A-epoch:
	 * the acquire load pairs with R-epoch, so later reads see what was unlinked before that
	 * epoch began. */
	sdpa_store_release(&g.r[r].qs, sdpa_load_acquire(&g.epoch));
}

void sdpa_grace_offline(uint32_t r)
{
	self = -1;
	pthread_mutex_lock(&g.qs_mtx);
	sdpa_store_release(&g.r[r].qs, 0); /* R-qs: pairs with A-qs (offline) */
	pthread_mutex_unlock(&g.qs_mtx);
}

static uint64_t grace_start(void)
{
	/* R-epoch: everything unlinked before this is visible to a reader that reads the new
	 * epoch (A-epoch). */
	return sdpa_fetch_add_acq_rel(&g.epoch, 1) + 1;
}

static bool grace_done(uint64_t t)
{
	bool done = true;

	pthread_mutex_lock(&g.qs_mtx);
	for (uint32_t i = 0; i < g.nreaders && done; i++) {
		uint64_t q;

		if ((int)i == self)
			continue; /* a reader waiting in a poller holds no pointer of its own */
		q = sdpa_load_acquire(&g.r[i].qs); /* A-qs: pairs with R-qs */
		if (q != 0 && q < t)
			done = false;
	}
	pthread_mutex_unlock(&g.qs_mtx);
	return done;
}

void sdpa_nic_synchronize(void)
{
	uint64_t t = grace_start();

	while (!grace_done(t))
		sched_yield();
}

/* Run the deferred frees whose grace period is over (all: every one), a batch at most;
 * how many are left waiting. */
static uint32_t defer_run(bool all)
{
	uint32_t k = 0;
	struct defer_item run[256];
	uint32_t nrun = 0;

	pthread_mutex_lock(&g.defer_mtx);
	for (uint32_t i = 0; i < g.ndefer; i++) {
		struct defer_item *d = &g.defer[i];

		if ((all || grace_done(d->epoch)) && nrun < SDPA_ARRAY_SIZE(run))
			run[nrun++] = *d;
		else
			g.defer[k++] = *d;
	}
	g.ndefer = k;
	pthread_mutex_unlock(&g.defer_mtx);
	for (uint32_t i = 0; i < nrun; i++)
		run[i].fn(run[i].ptr);
	return k;
}

void sdpa_grace_reclaim(void)
{
	(void)defer_run(false);
}

void sdpa_nic_defer(void (*fn)(void *), void *ptr)
{
	uint64_t t = grace_start();
	bool full;

	pthread_mutex_lock(&g.defer_mtx);
	if (g.defer == NULL)
		g.defer = calloc(DEFER_MAX, sizeof(*g.defer));
	full = g.defer == NULL || g.ndefer == DEFER_MAX;
	if (!full)
		g.defer[g.ndefer++] = (struct defer_item){fn, ptr, t};
	pthread_mutex_unlock(&g.defer_mtx);
	if (full) {
		/* No room to remember it: wait for the grace period here instead. */
		while (!grace_done(t))
			sched_yield();
		fn(ptr);
	}
	(void)defer_run(false);
}
