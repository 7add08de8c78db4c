/* SPDX-License-Identifier: BSD-3-Clause
 * Helpers shared by the DPA test programs (host side).
 */
#ifndef DPA_T_H
#define DPA_T_H

#include <sched.h>
#include <stdint.h>
#include <stdlib.h>
#include <time.h>

#include <doca_dev.h>
#include <doca_dpa.h>
#include <doca_sync_event.h>

#include "t_helpers.h"

/* The first DPA-capable device, opened. */
static inline struct doca_dev *dpa_t_open_dev(void)
{
	struct doca_devinfo **list;
	struct doca_dev *dev = NULL;
	uint32_t n;

	assert_int_equal(doca_devinfo_create_list(&list, &n), DOCA_SUCCESS);
	for (uint32_t i = 0; i < n && dev == NULL; i++)
		if (doca_dpa_cap_is_supported(list[i]) == DOCA_SUCCESS)
			assert_int_equal(doca_dev_open(list[i], &dev), DOCA_SUCCESS);
	assert_int_equal(doca_devinfo_destroy_list(list), DOCA_SUCCESS);
	assert_non_null(dev);
	return dev;
}

static inline struct doca_dpa *dpa_t_start(struct doca_dev *dev, struct doca_dpa_app *app)
{
	struct doca_dpa *dpa;

	assert_int_equal(doca_dpa_create(dev, &dpa), DOCA_SUCCESS);
	assert_int_equal(doca_dpa_set_app(dpa, app), DOCA_SUCCESS);
	assert_int_equal(doca_dpa_start(dpa), DOCA_SUCCESS);
	return dpa;
}

/* The fixture most DPA tests share: a device and a started DPA context of one app. */
struct dpa_t_fx {
	struct doca_dev *dev;
	struct doca_dpa *dpa;
};

static inline int dpa_t_fx_setup(void **state, struct doca_dpa_app *app)
{
	struct dpa_t_fx *f = calloc(1, sizeof(*f));

	assert_non_null(f);
	f->dev = dpa_t_open_dev();
	f->dpa = dpa_t_start(f->dev, app);
	t_log_reset();
	*state = f;
	return 0;
}

static inline int dpa_t_fx_teardown(void **state)
{
	struct dpa_t_fx *f = *state;

	assert_int_equal(doca_dpa_destroy(f->dpa), DOCA_SUCCESS);
	assert_int_equal(doca_dev_close(f->dev), DOCA_SUCCESS);
	free(f);
	return 0;
}

/* A started event: the CPU publishes and the DPA subscribes when host_to_dpa, else the
 * reverse. */
static inline struct doca_sync_event *dpa_t_event(struct doca_dev *dev, struct doca_dpa *dpa,
                                                  int host_to_dpa)
{
	struct doca_sync_event *ev;

	assert_int_equal(doca_sync_event_create(&ev), DOCA_SUCCESS);
	if (host_to_dpa) {
		assert_int_equal(doca_sync_event_add_publisher_location_cpu(ev, dev), DOCA_SUCCESS);
		assert_int_equal(doca_sync_event_add_subscriber_location_dpa(ev, dpa),
		                 DOCA_SUCCESS);
	} else {
		assert_int_equal(doca_sync_event_add_publisher_location_dpa(ev, dpa), DOCA_SUCCESS);
		assert_int_equal(doca_sync_event_add_subscriber_location_cpu(ev, dev),
		                 DOCA_SUCCESS);
	}
	assert_int_equal(doca_sync_event_start(ev), DOCA_SUCCESS);
	return ev;
}

static inline uint64_t dpa_t_ms(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (uint64_t)ts.tv_sec * 1000 + (uint64_t)ts.tv_nsec / 1000000;
}

/* Poll until the event reaches at least 'want' or 'ms' pass; returns the last value. */
static inline uint64_t dpa_t_wait_ge(struct doca_sync_event *ev, uint64_t want, unsigned int ms)
{
	uint64_t v = 0, end = dpa_t_ms() + ms;

	do {
		assert_int_equal(doca_sync_event_get(ev, &v), DOCA_SUCCESS);
		if (v >= want)
			return v;
		sched_yield();
	} while (dpa_t_ms() < end);
	return v;
}

#endif
