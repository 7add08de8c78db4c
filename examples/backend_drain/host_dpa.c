/* SPDX-License-Identifier: BSD-3-Clause
 * Backend drain, the DOCA DPA part: the DPA context, the drain thread (its mailbox is its
 * local storage in DPA heap memory), the notification completion that wakes it, and the
 * 'done' sync event it answers on.
 */
#define _POSIX_C_SOURCE 200809L
#include <stddef.h>
#include <string.h>
#include <time.h>

#include <doca_log.h>

#include "backend_drain.h"

DOCA_LOG_REGISTER(DRAIN_DPA);

extern struct doca_dpa_app *backend_drain_app;
extern doca_dpa_func_t drain_thread, drain_notify;

#define CHECK(call)                                                                                \
	do {                                                                                       \
		doca_error_t rc_ = (call);                                                         \
		if (rc_ != DOCA_SUCCESS) {                                                         \
			DOCA_LOG_ERR("%s failed: %s", #call, doca_error_get_descr(rc_));           \
			return rc_;                                                                \
		}                                                                                  \
	} while (0)

static uint64_t now_ms(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (uint64_t)ts.tv_sec * 1000 + (uint64_t)ts.tv_nsec / 1000000;
}

doca_error_t dr_dpa_start(struct doca_dev *dev, struct dr_dpa *d)
{
	struct dr_mailbox mb;

	CHECK(doca_dpa_create(dev, &d->dpa));
	CHECK(doca_dpa_set_app(d->dpa, backend_drain_app));
	CHECK(doca_dpa_start(d->dpa));
	CHECK(doca_sync_event_create(&d->done));
	CHECK(doca_sync_event_add_publisher_location_dpa(d->done, d->dpa));
	CHECK(doca_sync_event_add_subscriber_location_cpu(d->done, dev));
	CHECK(doca_sync_event_start(d->done));
	CHECK(doca_dpa_mem_alloc(d->dpa, sizeof(mb), &d->mailbox));
	memset(&mb, 0, sizeof(mb)); /* DPA heap is not zeroed */
	return doca_dpa_h2d_memcpy(d->dpa, d->mailbox, &mb, sizeof(mb));
}

doca_error_t dr_dpa_thread_start(struct dr_dpa *d, doca_flow_dpa_addr selector)
{
	doca_dpa_dev_sync_event_t done_h;
	uint64_t init[2];

	CHECK(doca_sync_event_get_dpa_handle(d->done, d->dpa, &done_h));
	init[0] = selector;
	init[1] = done_h;
	CHECK(doca_dpa_h2d_memcpy(d->dpa, d->mailbox + offsetof(struct dr_mailbox, selector), init,
	                          sizeof(init)));
	CHECK(doca_dpa_thread_create(d->dpa, &d->thread));
	CHECK(doca_dpa_thread_set_func_arg(d->thread, &drain_thread, 0));
	CHECK(doca_dpa_thread_set_local_storage(d->thread, d->mailbox));
	CHECK(doca_dpa_thread_start(d->thread));
	CHECK(doca_dpa_notification_completion_create(d->dpa, d->thread, &d->notify));
	CHECK(doca_dpa_notification_completion_start(d->notify));
	CHECK(doca_dpa_notification_completion_get_dpa_handle(d->notify, &d->notify_h));
	return doca_dpa_thread_run(d->thread);
}

doca_error_t dr_dpa_command(struct dr_dpa *d, uint32_t op, uint32_t index, uint32_t timeout_ms,
                            struct dr_mailbox *mb)
{
	uint32_t cmd[3] = {d->seq + 1, op, index};
	uint64_t end, v = 0, ret;
	struct timespec pause = {0, 100000};

	/* The thread sleeps between commands, so the copy cannot race with it. */
	CHECK(doca_dpa_h2d_memcpy(d->dpa, d->mailbox + offsetof(struct dr_mailbox, seq), cmd,
	                          sizeof(cmd)));
	d->seq++;
	CHECK(doca_dpa_rpc(d->dpa, &drain_notify, &ret, d->notify_h));
	for (end = now_ms() + timeout_ms;;) {
		CHECK(doca_sync_event_get(d->done, &v));
		if (v >= d->seq)
			break;
		if (now_ms() > end) {
			DOCA_LOG_ERR("the drain thread did not apply command %u within %u ms",
			             d->seq, timeout_ms);
			return DOCA_ERROR_TIME_OUT;
		}
		nanosleep(&pause, NULL);
	}
	return doca_dpa_d2h_memcpy(d->dpa, mb, d->mailbox, sizeof(*mb));
}

void dr_dpa_destroy(struct dr_dpa *d)
{
	if (d->notify != NULL)
		doca_dpa_notification_completion_destroy(d->notify);
	if (d->thread != NULL)
		doca_dpa_thread_destroy(d->thread);
	if (d->mailbox != 0)
		doca_dpa_mem_free(d->dpa, d->mailbox);
	if (d->done != NULL)
		doca_sync_event_destroy(d->done);
	if (d->dpa != NULL)
		doca_dpa_destroy(d->dpa);
	memset(d, 0, sizeof(*d));
}
