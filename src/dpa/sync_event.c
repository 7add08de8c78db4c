/* SPDX-License-Identifier: BSD-3-Clause
 * Sync events: one 64-bit atomic value shared by host threads and EUs.
 *
 * Waiters poll with sdpa_cpu_relax, then sleep on a futex over 'seq', which every update
 * bumps; updaters issue a futex wake only when someone sleeps. Sleeps are bounded (a few
 * ms), so a missed wake costs latency, never a hang.
 */
#include <errno.h>
#include <linux/futex.h>
#include <sched.h>
#include <stdlib.h>
#include <string.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>

#include "core/log.h"
#include "core/util.h"
#include "dpa/dpa.h"
#include "core/handles.h"

SDPA_LOG_REGISTER(dpa_sync_event);

enum { SPIN_POLLS = 2000, SHORT_SPIN_POLLS = 64, SLEEP_MAX_US = 2000, WAIT_THRESHOLD_MAX = 254 };

struct sdpa_se_pending {
	struct sdpa_se_pending *next;
	enum sdpa_se_cmp cmp;
	uint64_t value;
	struct doca_dpa_async_ops *ops;
};

bool sdpa_se_valid(const struct doca_sync_event *ev)
{
	return sdpa_handle_live(ev, SDPA_H_SYNC_EVENT) && ev->magic == SDPA_SE_MAGIC;
}

bool sdpa_se_has_dpa(const struct doca_sync_event *ev, const struct doca_dpa *dpa)
{
	for (unsigned int i = 0; i < ev->nr_dpa_loc; i++) {
		const struct doca_dpa *d = ev->dpa_loc[i];

		if (d == dpa || (d->base ? d->base : d) == dpa)
			return true;
	}
	return false;
}

static bool holds(enum sdpa_se_cmp cmp, uint64_t cur, uint64_t v)
{
	switch (cmp) {
	case SDPA_SE_GT:
		return cur > v;
	case SDPA_SE_EQ:
		return cur == v;
	case SDPA_SE_NE:
		return cur != v;
	case SDPA_SE_GE:
		return cur >= v;
	}
	return false;
}

static void complete_pending(struct doca_sync_event *ev)
{
	struct sdpa_se_pending *done = NULL, **link;
	/* A2 pairs with R2 in publish(). */
	uint64_t cur = sdpa_load_acquire(&ev->value);

	pthread_mutex_lock(&ev->lock);
	for (link = &ev->pending; *link != NULL;) {
		struct sdpa_se_pending *p = *link;

		if (holds(p->cmp, cur, p->value)) {
			*link = p->next;
			p->next = done;
			done = p;
			sdpa_fetch_sub_acq_rel(&ev->nr_pending, 1);
		} else {
			link = &p->next;
		}
	}
	pthread_mutex_unlock(&ev->lock);
	while (done != NULL) {
		struct sdpa_se_pending *n = done->next;

		sdpa_completion_post(done->ops->comp, DOCA_DPA_DEV_COMP_SEND,
		                     (uint32_t)done->ops->user_data);
		free(done);
		done = n;
	}
}

/* After a value change: wake sleepers, complete device post_wait ops. */
static void publish(struct doca_sync_event *ev)
{
	/* Pairs with the waiters bump in sdpa_se_wait: the updater bumps seq then reads
	 * waiters, the waiter bumps waiters then re-reads seq. Both bumps are locked RMWs
	 * (full barriers on x86); where a wake is still missed, the waiter's bounded sleep
	 * ends it. No thread fence: gcc's TSan rejects them. */
	sdpa_fetch_add_acq_rel(&ev->seq, 1);
	/* A-wait pairs with the acq_rel waiters bump in sdpa_se_wait (above). */
	if (sdpa_load_acquire(&ev->waiters) != 0)
		syscall(SYS_futex, (uint32_t *)&ev->seq, FUTEX_WAKE_PRIVATE, INT32_MAX, NULL, NULL,
		        0);
	/* A-pend pairs with the acq_rel count of queued post_wait ops (sdpa_se_post_wait). */
	if (sdpa_load_acquire(&ev->nr_pending) != 0)
		complete_pending(ev);
}

/* 'busy' covers the whole update, so a reader that saw the new value and destroys the
 * event waits for the publish to finish touching it (doca_sync_event_destroy). */
void sdpa_se_store(struct doca_sync_event *ev, uint64_t v)
{
	sdpa_fetch_add_acq_rel(&ev->busy, 1);
	/* R2 pairs with the acquire loads of waiters (A2, A3). */
	sdpa_store_release(&ev->value, v);
	publish(ev);
	sdpa_fetch_sub_acq_rel(&ev->busy, 1);
}

uint64_t sdpa_se_add(struct doca_sync_event *ev, uint64_t v)
{
	uint64_t old;

	sdpa_fetch_add_acq_rel(&ev->busy, 1);
	old = sdpa_fetch_add_acq_rel(&ev->value, v);
	publish(ev);
	sdpa_fetch_sub_acq_rel(&ev->busy, 1);
	return old;
}

bool sdpa_se_wait(struct doca_sync_event *ev, enum sdpa_se_cmp cmp, uint64_t v, uint64_t mask,
                  sdpa_atomic_int *stop, bool yield)
{
	/* A short spin (the value may be about to change), then sleep on seq until an update
	 * wakes us: EUs share the host's cores, so a waiter that polls on keeps from the very
	 * kernel it waits for the core it needs. 'yield' (the _yield variants) polls with
	 * sched_yield before sleeping, as asked. The sleep is bounded so a stop request is
	 * seen; a wake is not missed (see publish), so the bound is no latency. */
	for (unsigned int polls = 0;; polls++) {
		/* A-seq pairs with the acq_rel seq bump in publish. */
		uint32_t seq = sdpa_load_acquire(&ev->seq);

		/* A3 pairs with R2 in sdpa_se_store (or the acq_rel add). */
		if (holds(cmp, sdpa_load_acquire(&ev->value) & mask, v))
			return true;
		/* A-stop pairs with the release store of the caller's stop flag (the launcher's
		 * quit, an EU's 'lost'). */
		if (stop != NULL && sdpa_load_acquire(stop))
			return false;
		if (yield && polls < SPIN_POLLS) {
			sched_yield();
			continue;
		}
		if (polls < SHORT_SPIN_POLLS) {
			sdpa_cpu_relax();
			continue;
		}
		struct timespec ts = {.tv_sec = 0, .tv_nsec = (long)SLEEP_MAX_US * 1000};

		sdpa_fetch_add_acq_rel(&ev->waiters, 1);
		/* A-seq pairs with the acq_rel seq bump in publish. */
		if (sdpa_load_acquire(&ev->seq) == seq)
			syscall(SYS_futex, (uint32_t *)&ev->seq, FUTEX_WAIT_PRIVATE, seq, &ts, NULL,
			        0);
		sdpa_fetch_sub_acq_rel(&ev->waiters, 1);
	}
}

void sdpa_se_post_wait(struct doca_sync_event *ev, enum sdpa_se_cmp cmp, uint64_t v,
                       struct doca_dpa_async_ops *ops)
{
	struct sdpa_se_pending *p = calloc(1, sizeof(*p));

	if (p == NULL) {
		DOCA_LOG_ERR("doca_dpa_dev_sync_event_post_wait: out of host memory; the wait is "
		             "dropped");
		return;
	}
	p->cmp = cmp;
	p->value = v;
	p->ops = ops;
	pthread_mutex_lock(&ev->lock);
	p->next = ev->pending;
	ev->pending = p;
	sdpa_fetch_add_acq_rel(&ev->nr_pending, 1);
	pthread_mutex_unlock(&ev->lock);
	complete_pending(ev); /* it may already hold */
}

/* ---- host API ---- */

static doca_error_t check_ev(const struct doca_sync_event *ev, const char *fn)
{
	if (!sdpa_se_valid(ev)) {
		DOCA_LOG_ERR("%s: event is NULL or not a sync event; pass one from "
		             "doca_sync_event_create",
		             fn);
		return DOCA_ERROR_INVALID_VALUE;
	}
	return DOCA_SUCCESS;
}

static doca_error_t check_cfg(const struct doca_sync_event *ev, const char *fn)
{
	doca_error_t r = check_ev(ev, fn);

	if (r == DOCA_SUCCESS && ev->started) {
		DOCA_LOG_ERR("%s: the event is started; add locations before doca_sync_event_start",
		             fn);
		return DOCA_ERROR_BAD_STATE;
	}
	return r;
}

static doca_error_t check_running(const struct doca_sync_event *ev, const char *fn)
{
	doca_error_t r = check_ev(ev, fn);

	if (r == DOCA_SUCCESS && !ev->started) {
		DOCA_LOG_ERR("%s: the event is not started; call doca_sync_event_start first", fn);
		return DOCA_ERROR_BAD_STATE;
	}
	return r;
}

DOCA_EXPERIMENTAL doca_error_t doca_sync_event_create(struct doca_sync_event **event)
{
	struct doca_sync_event *ev;

	if (event == NULL) {
		DOCA_LOG_ERR("doca_sync_event_create: event is NULL; pass a result pointer");
		return DOCA_ERROR_INVALID_VALUE;
	}
	ev = calloc(1, sizeof(*ev));
	if (ev == NULL || !sdpa_handle_add(ev, SDPA_H_SYNC_EVENT)) {
		free(ev);
		DOCA_LOG_ERR("doca_sync_event_create: out of memory");
		return DOCA_ERROR_NO_MEMORY;
	}
	ev->magic = SDPA_SE_MAGIC;
	pthread_mutex_init(&ev->lock, NULL);
	*event = ev;
	return DOCA_SUCCESS;
}

DOCA_EXPERIMENTAL doca_error_t doca_sync_event_destroy(struct doca_sync_event *event)
{
	doca_error_t r = check_ev(event, __func__);
	struct sdpa_se_pending *p, *n;

	if (r != DOCA_SUCCESS)
		return r;
	/* A launch drops its references before it publishes its completion, so a host that
	 * saw the completion finds none; a launch still queued gets a moment to end before
	 * the event is called in use. A-users pairs with the acq_rel decrement of a launch
	 * dropping its reference. */
	for (uint64_t end = sdpa_mono_ns() + 200000000ull;
	     sdpa_load_acquire(&event->users) != 0 && sdpa_mono_ns() < end;)
		usleep(100);
	/* A-users, as above (pairs with the launch's acq_rel decrement). */
	if (sdpa_load_acquire(&event->users) != 0) {
		DOCA_LOG_ERR("doca_sync_event_destroy: %u pending kernel launch(es) still use the "
		             "event; wait for them to complete (or stop the DPA context) first",
		             sdpa_load_relaxed(&event->users));
		return DOCA_ERROR_IN_USE;
	}
	/* A-busy pairs with the acq_rel decrement of 'busy' at the end of an update. */
	while (sdpa_load_acquire(&event->busy) != 0)
		sched_yield();
	for (unsigned int i = 0; i < event->nr_dpa_loc; i++)
		sdpa_fetch_sub_acq_rel(&event->dpa_loc[i]->nr_refs, 1);
	for (p = event->pending; p != NULL; p = n) {
		n = p->next;
		free(p);
	}
	pthread_mutex_destroy(&event->lock);
	free(event->remote_export);
	event->magic = 0;
	sdpa_handle_retire(event, free);
	return DOCA_SUCCESS;
}

static doca_error_t add_dpa(struct doca_sync_event *ev, struct doca_dpa *dpa, bool pub,
                            const char *fn)
{
	doca_error_t r = check_cfg(ev, fn);

	if (r != DOCA_SUCCESS)
		return r;
	if (!sdpa_dpa_valid(dpa)) {
		DOCA_LOG_ERR("%s: dpa is NULL or not a DPA context; pass one from doca_dpa_create",
		             fn);
		return DOCA_ERROR_INVALID_VALUE;
	}
	/* A refused call changes nothing: the location is recorded only once it fits. */
	if (!sdpa_se_has_dpa(ev, dpa)) {
		if (ev->nr_dpa_loc == sizeof(ev->dpa_loc) / sizeof(ev->dpa_loc[0])) {
			DOCA_LOG_ERR("%s: the event already has %u DPA locations (softdpa's limit)",
			             fn, ev->nr_dpa_loc);
			return DOCA_ERROR_FULL;
		}
		ev->dpa_loc[ev->nr_dpa_loc++] = dpa;
		sdpa_fetch_add_acq_rel(&dpa->nr_refs, 1);
	}
	if (pub)
		ev->pub_dpa = true;
	else
		ev->sub_dpa = true;
	return DOCA_SUCCESS;
}

static doca_error_t add_cpu(struct doca_sync_event *ev, struct doca_dev *dev, bool pub,
                            const char *fn)
{
	doca_error_t r = check_cfg(ev, fn);

	if (r != DOCA_SUCCESS)
		return r;
	if (dev == NULL) {
		DOCA_LOG_ERR("%s: dev is NULL; pass the opened doca_dev", fn);
		return DOCA_ERROR_INVALID_VALUE;
	}
	if (pub)
		ev->pub_cpu = true;
	else
		ev->sub_cpu = true;
	return DOCA_SUCCESS;
}

DOCA_EXPERIMENTAL doca_error_t
doca_sync_event_add_publisher_location_cpu(struct doca_sync_event *event, struct doca_dev *dev)
{
	return add_cpu(event, dev, true, __func__);
}

DOCA_EXPERIMENTAL doca_error_t
doca_sync_event_add_publisher_location_dpa(struct doca_sync_event *event, struct doca_dpa *dpa)
{
	return add_dpa(event, dpa, true, __func__);
}

DOCA_EXPERIMENTAL doca_error_t
doca_sync_event_add_subscriber_location_cpu(struct doca_sync_event *event, struct doca_dev *dev)
{
	return add_cpu(event, dev, false, __func__);
}

DOCA_EXPERIMENTAL doca_error_t
doca_sync_event_add_subscriber_location_dpa(struct doca_sync_event *event, struct doca_dpa *dpa)
{
	return add_dpa(event, dpa, false, __func__);
}

DOCA_EXPERIMENTAL doca_error_t doca_sync_event_start(struct doca_sync_event *event)
{
	doca_error_t r = check_cfg(event, __func__);

	if (r != DOCA_SUCCESS)
		return r;
	bool pub = event != NULL && (event->pub_cpu || event->pub_dpa || event->pub_remote);

	if (!pub || !(event->sub_cpu || event->sub_dpa)) {
		DOCA_LOG_ERR("doca_sync_event_start: the event has no %s location; add one with "
		             "doca_sync_event_add_%s_location_cpu/_dpa first",
		             pub ? "subscriber" : "publisher", pub ? "subscriber" : "publisher");
		return DOCA_ERROR_BAD_STATE;
	}
	event->started = true;
	return DOCA_SUCCESS;
}

DOCA_EXPERIMENTAL doca_error_t doca_sync_event_stop(struct doca_sync_event *event)
{
	doca_error_t r = check_running(event, __func__);

	if (r == DOCA_SUCCESS)
		event->started = false;
	return r;
}

DOCA_EXPERIMENTAL doca_error_t doca_sync_event_get(struct doca_sync_event *event, uint64_t *value)
{
	doca_error_t r = check_running(event, __func__);

	if (r != DOCA_SUCCESS)
		return r;
	if (value == NULL) {
		DOCA_LOG_ERR("doca_sync_event_get: value is NULL; pass a result pointer");
		return DOCA_ERROR_INVALID_VALUE;
	}
	/* A4 pairs with R2 / the acq_rel add of the publisher. */
	*value = sdpa_load_acquire(&event->value);
	return DOCA_SUCCESS;
}

DOCA_EXPERIMENTAL doca_error_t doca_sync_event_update_set(struct doca_sync_event *event,
                                                          uint64_t value)
{
	doca_error_t r = check_running(event, __func__);

	if (r == DOCA_SUCCESS)
		sdpa_se_store(event, value);
	return r;
}

DOCA_EXPERIMENTAL doca_error_t doca_sync_event_update_add(struct doca_sync_event *event,
                                                          uint64_t value, uint64_t *fetched)
{
	doca_error_t r = check_running(event, __func__);
	uint64_t old;

	if (r != DOCA_SUCCESS)
		return r;
	old = sdpa_se_add(event, value);
	if (fetched != NULL)
		*fetched = old;
	return DOCA_SUCCESS;
}

static doca_error_t host_wait(struct doca_sync_event *ev, enum sdpa_se_cmp cmp, uint64_t v,
                              uint64_t mask, bool yield, const char *fn)
{
	doca_error_t r = check_running(ev, fn);

	if (r == DOCA_SUCCESS)
		sdpa_se_wait(ev, cmp, v, mask, NULL, yield);
	return r;
}

DOCA_EXPERIMENTAL doca_error_t doca_sync_event_wait_gt(struct doca_sync_event *event,
                                                       uint64_t value, uint64_t mask)
{
	return host_wait(event, SDPA_SE_GT, value, mask, false, __func__);
}

DOCA_EXPERIMENTAL doca_error_t doca_sync_event_wait_gt_yield(struct doca_sync_event *event,
                                                             uint64_t value, uint64_t mask)
{
	return host_wait(event, SDPA_SE_GT, value, mask, true, __func__);
}

DOCA_EXPERIMENTAL doca_error_t doca_sync_event_wait_eq(struct doca_sync_event *event,
                                                       uint64_t value, uint64_t mask)
{
	return host_wait(event, SDPA_SE_EQ, value, mask, false, __func__);
}

DOCA_EXPERIMENTAL doca_error_t doca_sync_event_wait_eq_yield(struct doca_sync_event *event,
                                                             uint64_t value, uint64_t mask)
{
	return host_wait(event, SDPA_SE_EQ, value, mask, true, __func__);
}

DOCA_EXPERIMENTAL doca_error_t doca_sync_event_wait_neq(struct doca_sync_event *event,
                                                        uint64_t value, uint64_t mask)
{
	return host_wait(event, SDPA_SE_NE, value, mask, false, __func__);
}

DOCA_EXPERIMENTAL doca_error_t doca_sync_event_wait_neq_yield(struct doca_sync_event *event,
                                                              uint64_t value, uint64_t mask)
{
	return host_wait(event, SDPA_SE_NE, value, mask, true, __func__);
}

DOCA_EXPERIMENTAL doca_error_t
doca_sync_event_get_dpa_handle(struct doca_sync_event *event, struct doca_dpa *dpa,
                               doca_dpa_dev_sync_event_t *dpa_dev_se_handle)
{
	doca_error_t r = check_running(event, __func__);

	if (r != DOCA_SUCCESS)
		return r;
	if (!sdpa_dpa_valid(dpa) || dpa_dev_se_handle == NULL) {
		DOCA_LOG_ERR("doca_sync_event_get_dpa_handle: %s; pass a DPA context and a result "
		             "pointer",
		             dpa_dev_se_handle == NULL ? "handle is NULL"
		                                       : "dpa is not a DPA context");
		return DOCA_ERROR_INVALID_VALUE;
	}
	if (!sdpa_se_has_dpa(event, dpa)) {
		DOCA_LOG_ERR(
		        "doca_sync_event_get_dpa_handle: DPA context %u is neither a publisher "
		        "nor a subscriber of the event; add it with "
		        "doca_sync_event_add_publisher_location_dpa or "
		        "_add_subscriber_location_dpa before start",
		        dpa->id);
		return DOCA_ERROR_BAD_STATE;
	}
	*dpa_dev_se_handle = (doca_dpa_dev_sync_event_t)(uintptr_t)event;
	return DOCA_SUCCESS;
}

/* ---- remote-net events (docs/DPA.md, "RDMA"): a peer's kernel sets or adds to the event
 * over an RDMA connection (doca_dpa_dev_rdma_signal_set/_add). The export names the event
 * by an id (its address, checked against the live-object table before use, never followed
 * blindly) and the process: the in-process transport reaches events of this process. ---- */

enum {
	REMOTE_MAGIC = 0x53445245 /* "SDRE" */,
	REMOTE_VERSION = 1,
	SDPA_SE_REMOTE_MAGIC = 0x52454d54
};

struct remote_export {
	uint32_t magic;
	uint16_t version;
	uint16_t reserved;
	uint32_t pid;
	uint32_t pad;
	uint64_t id;
};

struct doca_sync_event_remote_net {
	uint32_t magic;
	uint64_t id;
};

DOCA_EXPERIMENTAL doca_error_t
doca_sync_event_add_publisher_location_remote_net(struct doca_sync_event *event)
{
	doca_error_t r = check_cfg(event, __func__);

	if (r != DOCA_SUCCESS)
		return r;
	event->pub_remote = true;
	return DOCA_SUCCESS;
}

DOCA_EXPERIMENTAL doca_error_t doca_sync_event_export_to_remote_net(struct doca_sync_event *event,
                                                                    const uint8_t **data,
                                                                    size_t *sz)
{
	doca_error_t r = check_running(event, __func__);
	struct remote_export *e;

	if (r != DOCA_SUCCESS)
		return r;
	if (data == NULL || sz == NULL) {
		DOCA_LOG_ERR("%s: %s is NULL; pass result pointers", __func__,
		             data == NULL ? "data" : "sz");
		return DOCA_ERROR_INVALID_VALUE;
	}
	if (!event->pub_remote) {
		DOCA_LOG_ERR("%s: the event has no remote-net publisher; call "
		             "doca_sync_event_add_publisher_location_remote_net before "
		             "doca_sync_event_start",
		             __func__);
		return DOCA_ERROR_NOT_PERMITTED;
	}
	if (event->remote_export == NULL) {
		e = calloc(1, sizeof(*e));
		if (e == NULL) {
			DOCA_LOG_ERR("%s: out of memory", __func__);
			return DOCA_ERROR_NO_MEMORY;
		}
		*e = (struct remote_export){.magic = REMOTE_MAGIC,
		                            .version = REMOTE_VERSION,
		                            .pid = (uint32_t)getpid(),
		                            .id = (uint64_t)(uintptr_t)event};
		event->remote_export = (uint8_t *)e;
	}
	*data = event->remote_export;
	*sz = sizeof(struct remote_export);
	return DOCA_SUCCESS;
}

DOCA_EXPERIMENTAL doca_error_t
doca_sync_event_remote_net_create_from_export(struct doca_dev *dev, const uint8_t *data, size_t sz,
                                              struct doca_sync_event_remote_net **event)
{
	struct doca_sync_event_remote_net *rn;
	struct remote_export e;

	if (dev == NULL || data == NULL || sz == 0 || event == NULL) {
		DOCA_LOG_ERR(
		        "%s: %s; pass an opened device, the exported bytes and a result pointer",
		        __func__,
		        dev == NULL    ? "dev is NULL"
		        : data == NULL ? "data is NULL"
		        : sz == 0      ? "sz is 0"
		                       : "event is NULL");
		return DOCA_ERROR_INVALID_VALUE;
	}
	if (sz != sizeof(e)) {
		DOCA_LOG_ERR(
		        "%s: %zu bytes are not a remote-net export (%zu bytes); pass the bytes "
		        "and size doca_sync_event_export_to_remote_net gave",
		        __func__, sz, sizeof(e));
		return DOCA_ERROR_INVALID_VALUE;
	}
	memcpy(&e, data, sizeof(e));
	if (e.magic != REMOTE_MAGIC || e.version != REMOTE_VERSION) {
		DOCA_LOG_ERR(
		        "%s: the bytes are not a remote-net export of softdpa (corrupt or from "
		        "another program); pass them unchanged",
		        __func__);
		return DOCA_ERROR_INVALID_VALUE;
	}
	/* The exporter may be another process: the event is reached only by RDMA signals
	 * (doca_dpa_dev_rdma_signal_set/_add) on a connection to it, which its own process
	 * checks against its live events (sdpa_se_remote_signal). */
	rn = calloc(1, sizeof(*rn));
	if (rn == NULL || !sdpa_handle_add(rn, SDPA_H_SE_REMOTE)) {
		free(rn);
		DOCA_LOG_ERR("%s: out of memory", __func__);
		return DOCA_ERROR_NO_MEMORY;
	}
	rn->magic = SDPA_SE_REMOTE_MAGIC;
	rn->id = e.id;
	*event = rn;
	return DOCA_SUCCESS;
}

static bool remote_ok(const struct doca_sync_event_remote_net *rn)
{
	return sdpa_handle_live(rn, SDPA_H_SE_REMOTE) && rn->magic == SDPA_SE_REMOTE_MAGIC;
}

DOCA_EXPERIMENTAL doca_error_t doca_sync_event_remote_net_get_dpa_handle(
        struct doca_sync_event_remote_net *event, struct doca_dpa *dpa,
        doca_dpa_dev_sync_event_remote_net_t *dpa_remote_event)
{
	if (!remote_ok(event) || !sdpa_dpa_valid(dpa) || dpa_remote_event == NULL) {
		DOCA_LOG_ERR("%s: %s; pass a remote-net event, a DPA context and a result pointer",
		             __func__,
		             !remote_ok(event)      ? "event is NULL or not a remote-net event"
		             : !sdpa_dpa_valid(dpa) ? "dpa is NULL or not a DPA context"
		                                    : "dpa_remote_event is NULL");
		return DOCA_ERROR_INVALID_VALUE;
	}
	*dpa_remote_event = (doca_dpa_dev_sync_event_remote_net_t)(uintptr_t)event;
	return DOCA_SUCCESS;
}

DOCA_EXPERIMENTAL doca_error_t
doca_sync_event_remote_net_destroy(struct doca_sync_event_remote_net *event)
{
	if (!remote_ok(event)) {
		DOCA_LOG_ERR("%s: event is NULL or not a remote-net event; pass one from "
		             "doca_sync_event_remote_net_create_from_export",
		             __func__);
		return DOCA_ERROR_INVALID_VALUE;
	}
	event->magic = 0;
	sdpa_handle_retire(event, free);
	return DOCA_SUCCESS;
}

uint64_t sdpa_se_remote_id(uint64_t dev_handle)
{
	const struct doca_sync_event_remote_net *rn =
	        (const struct doca_sync_event_remote_net *)(uintptr_t)dev_handle;

	return remote_ok(rn) ? rn->id : 0;
}

bool sdpa_se_remote_signal(uint64_t id, bool add, uint64_t value)
{
	struct doca_sync_event *ev = (struct doca_sync_event *)(uintptr_t)id;

	if (!sdpa_se_valid(ev) || !ev->started || !ev->pub_remote) {
		DOCA_LOG_RATE_LIMIT_ERR(
		        "RDMA signal: the remote-net event is %s; the signal completes with a "
		        "remote "
		        "access error. Fix: keep the event started, with a remote-net publisher "
		        "(doca_sync_event_add_publisher_location_remote_net), while peers signal "
		        "it",
		        !sdpa_se_valid(ev) ? "destroyed"
		        : !ev->started     ? "not started"
		                           : "without a remote-net publisher location");
		return false;
	}
	if (add)
		sdpa_se_add(ev, value);
	else
		sdpa_se_store(ev, value);
	return true;
}
