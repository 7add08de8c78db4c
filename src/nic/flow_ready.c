/* SPDX-License-Identifier: BSD-3-Clause
 * The readiness signal (flow_ready.h). A port that met the condition waits in 'pending'; a
 * watcher thread, started by the first one (and only with SOFTDPA_READY_FILE set), looks
 * every SDPA_READY_TICK_NS at the count of table changes and writes the waiting ports'
 * lines once the count has stood still long enough. With no port waiting it sleeps until
 * one is noted. One line per port, appended with one write(2) so that a reader polling the
 * file sees whole lines.
 */
#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "core/atomics.h"
#include "core/log.h"
#include "core/util.h"
#include "nic/flow_ready.h"

SDPA_LOG_REGISTER(nic_flow_ready);

#define SDPA_READY_TICK_NS 10000000ull

/* Bitmasks of ports 0..63 and a counter: each publishes no other data, so relaxed (or
 * read-modify-write for atomicity only). */
static sdpa_atomic_u64 claimed; /* bit N: port N met the condition once */
static sdpa_atomic_u64 pending; /* bit N: port N waits for the tables to settle */
static sdpa_atomic_u64 changes;
static pthread_once_t watcher_once = PTHREAD_ONCE_INIT;
static bool watcher_failed; /* written in the once routine, read after pthread_once */
/* The watcher sleeps on 'noted' while no port waits; a note signals it under the lock. */
static pthread_mutex_t idle_lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t noted = PTHREAD_COND_INITIALIZER;

static void write_line(const char *path, unsigned int port_id)
{
	char line[32];
	int fd, len;

	fd = open(path, O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC, 0600);
	if (fd < 0) {
		DOCA_LOG_ERR("SOFTDPA_READY_FILE: cannot open '%s': %s; port %u's readiness is "
		             "not reported",
		             path, strerror(errno), port_id);
		return;
	}
	len = snprintf(line, sizeof(line), "ready port=%u\n", port_id);
	if (write(fd, line, (size_t)len) != len)
		DOCA_LOG_ERR("SOFTDPA_READY_FILE: cannot write to '%s': %s", path, strerror(errno));
	close(fd);
}

uint64_t sdpa_ready_due(struct sdpa_ready_watch *w, uint64_t waiting, uint64_t nchanges,
                        uint64_t now_ns)
{
	/* A port that starts waiting starts both clocks anew: it settles on its own. */
	if (nchanges != w->changes || (waiting & ~w->waiting) != 0) {
		w->changes = nchanges;
		w->quiet_since = now_ns;
	}
	if ((waiting & ~w->waiting) != 0)
		w->pending_since = now_ns;
	w->waiting = waiting;
	if (waiting == 0)
		return 0;
	if (now_ns - w->quiet_since >= SDPA_READY_SETTLE_NS ||
	    now_ns - w->pending_since >= SDPA_READY_CAP_NS)
		return waiting;
	return 0;
}

static void *watcher_main(void *arg)
{
	const char *path = arg;
	struct sdpa_ready_watch w = {sdpa_load_relaxed(&changes), sdpa_mono_ns(), 0, 0};
	const struct timespec tick = {0, (long)SDPA_READY_TICK_NS};

	for (;;) {
		uint64_t due;

		if (w.waiting == 0) {
			/* Nothing waits: sleep until a port is noted (its bit set under the lock
			 * before the signal, so the wake is not missed). */
			pthread_mutex_lock(&idle_lock);
			while (sdpa_load_relaxed(&pending) == 0)
				pthread_cond_wait(&noted, &idle_lock);
			pthread_mutex_unlock(&idle_lock);
		}
		nanosleep(&tick, NULL);
		due = sdpa_ready_due(&w, sdpa_load_relaxed(&pending), sdpa_load_relaxed(&changes),
		                     sdpa_mono_ns());
		for (unsigned int p = 0; p < 64; p++)
			if (due & 1ull << p)
				write_line(path, p);
		/* Atomicity only: the mask publishes no other data. */
		(void)sdpa_fetch_and_acq_rel(&pending, ~due);
		w.waiting &= ~due;
	}
	return NULL;
}

static void watcher_start(void)
{
	/* Its own copy: a later setenv may free the environment's. */
	const char *env = getenv("SOFTDPA_READY_FILE");
	char *path = env != NULL ? strdup(env) : NULL;
	pthread_attr_t attr;
	pthread_t th;
	int rc;

	/* The thread lives as long as the process: it ticks only while a port waits. */

	pthread_attr_init(&attr);
	pthread_attr_setdetachstate(&attr, PTHREAD_CREATE_DETACHED);
	rc = path != NULL ? pthread_create(&th, &attr, watcher_main, path) : ENOMEM;
	pthread_attr_destroy(&attr);
	if (rc == 0) {
		pthread_setname_np(th, "sdpa-ready");
		return;
	}
	free(path);
	watcher_failed = true;
	DOCA_LOG_WARN("SOFTDPA_READY_FILE: cannot start the watcher thread: %s; ports are "
	              "reported at once, before the tables settle",
	              strerror(rc));
}

void sdpa_flow_ready_changed(void)
{
	/* Counted only while a port waits (a port that starts waiting restarts the clocks):
	 * no locked instruction on an add otherwise. */
	if (sdpa_load_relaxed(&pending) != 0)
		sdpa_fetch_add_relaxed(&changes, 1);
}

void sdpa_flow_ready_note(uint16_t port_id)
{
	const char *path = getenv("SOFTDPA_READY_FILE");
	uint64_t bit;

	if (path == NULL || path[0] == '\0' || port_id >= 64)
		return;
	bit = 1ull << port_id;
	/* Atomicity only (who notes first): the bit publishes no other data. */
	if (sdpa_fetch_or_acq_rel(&claimed, bit) & bit)
		return;
	pthread_once(&watcher_once, watcher_start);
	if (watcher_failed) {
		write_line(path, port_id);
		return;
	}
	pthread_mutex_lock(&idle_lock);
	(void)sdpa_fetch_or_relaxed(&pending, bit);
	pthread_cond_signal(&noted);
	pthread_mutex_unlock(&idle_lock);
}
