/* SPDX-License-Identifier: BSD-3-Clause
 * Elephant-flow guard, DOCA DPA part: the device, a DPA context running the kernels that
 * softdpa-dpacc built from device/elephant_guard_kernels.c, and the guard's DPA thread,
 * woken once per window through a notification completion.
 */
#include <sched.h>
#include <string.h>
#include <time.h>

#include <doca_log.h>
#include <softdpa.h>

#include "guard.h"

DOCA_LOG_REGISTER(GUARD_DPA);

/* From the library softdpa-dpacc (or dpacc) produced. */
extern struct doca_dpa_app *elephant_guard_app;
extern doca_dpa_func_t guard_thread, guard_kick;

#define CHECK(call)                                                                                \
	do {                                                                                       \
		doca_error_t rc_ = (call);                                                         \
		if (rc_ != DOCA_SUCCESS) {                                                         \
			DOCA_LOG_ERR("%s failed: %s", #call, doca_error_get_descr(rc_));           \
			return rc_;                                                                \
		}                                                                                  \
	} while (0)

static doca_error_t open_reps(struct guard_dpa *d)
{
	struct doca_devinfo_rep **reps;
	uint32_t n;

	CHECK(doca_devinfo_rep_create_list(d->dev, DOCA_DEVINFO_REP_FILTER_NET, &reps, &n));
	if (n < 2) {
		doca_devinfo_rep_destroy_list(reps);
		DOCA_LOG_ERR("the device has %u representors; the guard needs two (fast and bulk "
		             "lane). Set SOFTDPA_DEVICES=\"model=bf3,reps=2\" or unset it",
		             n);
		return DOCA_ERROR_NOT_FOUND;
	}
	for (int i = 0; i < 2; i++) {
		doca_error_t rc = doca_dev_rep_open(reps[i], &d->rep[i]);

		if (rc != DOCA_SUCCESS) {
			doca_devinfo_rep_destroy_list(reps);
			DOCA_LOG_ERR("cannot open representor %d: %s", i, doca_error_get_descr(rc));
			return rc;
		}
	}
	doca_devinfo_rep_destroy_list(reps);
	return DOCA_SUCCESS;
}

doca_error_t guard_dpa_open(struct guard_dpa *d)
{
	struct doca_devinfo **list;
	uint32_t n;
	doca_error_t rc = DOCA_ERROR_NOT_FOUND;

	memset(d, 0, sizeof(*d));
	CHECK(doca_devinfo_create_list(&list, &n));
	for (uint32_t i = 0; i < n && d->dev == NULL; i++)
		if (doca_dpa_cap_is_supported(list[i]) == DOCA_SUCCESS)
			rc = doca_dev_open(list[i], &d->dev);
	doca_devinfo_destroy_list(list);
	if (d->dev == NULL) {
		DOCA_LOG_ERR("no device with a DPA (%s); the guard needs a BlueField-3",
		             doca_error_get_descr(rc));
		return rc;
	}
	CHECK(open_reps(d));
	CHECK(doca_dpa_create(d->dev, &d->dpa));
	CHECK(doca_dpa_set_app(d->dpa, elephant_guard_app));
	CHECK(doca_dpa_start(d->dpa));
	/* The one call a provider application needs that DOCA does not name (softdpa D7). */
	CHECK(softdpa_dpa_get_flexio_process(d->dpa, &d->process));
	CHECK(doca_sync_event_create(&d->done));
	CHECK(doca_sync_event_add_publisher_location_dpa(d->done, d->dpa));
	CHECK(doca_sync_event_add_subscriber_location_cpu(d->done, d->dev));
	CHECK(doca_sync_event_start(d->done));
	CHECK(doca_dpa_mem_alloc(d->dpa, sizeof(struct guard_shared), &d->shared));
	return DOCA_SUCCESS;
}

doca_error_t guard_dpa_start_thread(struct guard_dpa *d, const struct guard_shared *cfg)
{
	struct guard_shared g = *cfg;
	doca_dpa_dev_sync_event_t ev;

	CHECK(doca_sync_event_get_dpa_handle(d->done, d->dpa, &ev));
	g.done_event = ev;
	/* DPA heap is not zeroed: the whole block, state included, comes from the host. */
	CHECK(doca_dpa_h2d_memcpy(d->dpa, d->shared, &g, sizeof(g)));
	CHECK(doca_dpa_thread_create(d->dpa, &d->thread));
	CHECK(doca_dpa_thread_set_func_arg(d->thread, &guard_thread, d->shared));
	CHECK(doca_dpa_thread_start(d->thread));
	CHECK(doca_dpa_notification_completion_create(d->dpa, d->thread, &d->notify));
	CHECK(doca_dpa_notification_completion_start(d->notify));
	CHECK(doca_dpa_notification_completion_get_dpa_handle(d->notify, &d->notify_handle));
	CHECK(doca_dpa_thread_run(d->thread));
	return DOCA_SUCCESS;
}

static uint64_t now_ms(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (uint64_t)ts.tv_sec * 1000 + (uint64_t)ts.tv_nsec / 1000000;
}

doca_error_t guard_dpa_run_window(struct guard_dpa *d, uint32_t timeout_ms,
                                  struct guard_shared *out)
{
	uint64_t ret, v = 0, end = now_ms() + timeout_ms;

	CHECK(doca_dpa_rpc(d->dpa, &guard_kick, &ret, d->notify_handle));
	d->windows++;
	/* Bounded wait: a kernel that never answers must not hang the program. */
	for (;;) {
		CHECK(doca_sync_event_get(d->done, &v));
		if (v >= d->windows)
			break;
		if (now_ms() > end) {
			DOCA_LOG_ERR("the guard thread did not finish window %llu within %u ms "
			             "(event at %llu); check the DPA log above",
			             (unsigned long long)d->windows, timeout_ms,
			             (unsigned long long)v);
			return DOCA_ERROR_TIME_OUT;
		}
		sched_yield();
	}
	CHECK(doca_dpa_d2h_memcpy(d->dpa, out, d->shared, sizeof(*out)));
	return DOCA_SUCCESS;
}

void guard_dpa_close(struct guard_dpa *d)
{
	if (d->notify != NULL)
		doca_dpa_notification_completion_destroy(d->notify);
	if (d->thread != NULL)
		doca_dpa_thread_destroy(d->thread);
	if (d->shared != 0)
		doca_dpa_mem_free(d->dpa, d->shared);
	if (d->done != NULL) {
		doca_sync_event_stop(d->done);
		doca_sync_event_destroy(d->done);
	}
	if (d->dpa != NULL) {
		doca_dpa_stop(d->dpa);
		doca_dpa_destroy(d->dpa);
	}
	for (int i = 0; i < 2; i++)
		if (d->rep[i] != NULL)
			doca_dev_rep_close(d->rep[i]);
	if (d->dev != NULL)
		doca_dev_close(d->dev);
	memset(d, 0, sizeof(*d));
}
