/* SPDX-License-Identifier: BSD-3-Clause
 * doca_clock: the NIC clocks of an emulated device are host clocks (see doca_clock.h); the
 * host clocks are read with clock_gettime and the cycle counter of the CPU.
 */
#include <stdbool.h>
#include <stdlib.h>
#include <time.h>

#include <doca_clock.h>
#include <doca_dev.h>

#include "core/devices.h"
#include "core/handles.h"
#include "core/log.h"

SDPA_LOG_REGISTER(core_clock);

enum { CLOCK_MAGIC = 0x434c4b31 /* "CLK1" */ };

struct doca_clock {
	uint32_t magic;
	bool has_dpa;
};

#define NIC_CLOCKS                                                                                 \
	(DOCA_CLOCK_NIC_FREE_RUNNING | DOCA_CLOCK_NIC_REAL_TIME | DOCA_CLOCK_NIC_DPA_TIMER)
#define ALL_CLOCKS                                                                                 \
	(NIC_CLOCKS | DOCA_CLOCK_HOST_COUNTER_CYCLES | DOCA_CLOCK_HOST_REAL_TIME |                 \
	 DOCA_CLOCK_HOST_MONOTONIC | DOCA_CLOCK_HOST_MONOTONIC_RAW)

/* Exactly one known clock bit. */
static bool one_clock(uint64_t type, uint64_t allowed)
{
	return type != 0 && (type & (type - 1)) == 0 && (type & allowed) == type;
}

static doca_error_t cap(const char *fn, const struct doca_devinfo *devinfo, bool dpa_timer)
{
	if (devinfo == NULL || sdpa_devinfo_id(devinfo) == SDPA_DEV_ID_INVALID) {
		DOCA_LOG_ERR("%s: devinfo is %s; pass an entry of doca_devinfo_create_list", fn,
		             devinfo == NULL ? "NULL" : "not a live devinfo");
		return DOCA_ERROR_INVALID_VALUE;
	}
	if (dpa_timer && !sdpa_devinfo_has_dpa(devinfo)) {
		DOCA_LOG_DBG("%s: a ConnectX-6 has no DPA, hence no DPA timer", fn);
		return DOCA_ERROR_NOT_SUPPORTED;
	}
	return DOCA_SUCCESS;
}

DOCA_EXPERIMENTAL doca_error_t
doca_clock_cap_nic_free_running_is_supported(const struct doca_devinfo *devinfo)
{
	return cap(__func__, devinfo, false);
}

DOCA_EXPERIMENTAL doca_error_t
doca_clock_cap_nic_real_time_is_supported(const struct doca_devinfo *devinfo)
{
	return cap(__func__, devinfo, false);
}

DOCA_EXPERIMENTAL doca_error_t
doca_clock_cap_nic_dpa_timer_is_supported(const struct doca_devinfo *devinfo)
{
	return cap(__func__, devinfo, true);
}

DOCA_EXPERIMENTAL doca_error_t doca_clock_create(const struct doca_dev *dev,
                                                 struct doca_clock **clock)
{
	struct doca_clock *c;

	if (dev == NULL || clock == NULL || sdpa_dev_id(dev) == SDPA_DEV_ID_INVALID) {
		DOCA_LOG_ERR("%s: %s; pass a device from doca_dev_open and a result pointer",
		             __func__,
		             dev == NULL     ? "dev is NULL"
		             : clock == NULL ? "clock is NULL"
		                             : "dev is not an open device");
		return DOCA_ERROR_INVALID_VALUE;
	}
	c = calloc(1, sizeof(*c));
	if (c == NULL) {
		DOCA_LOG_ERR("%s: out of memory for the clock", __func__);
		return DOCA_ERROR_NO_MEMORY;
	}
	if (!sdpa_handle_add(c, SDPA_H_CLOCK)) {
		free(c);
		return DOCA_ERROR_NO_MEMORY; /* sdpa_handle_add logged the cause */
	}
	c->magic = CLOCK_MAGIC;
	c->has_dpa = sdpa_dev_model(dev) == SDPA_DEV_BF3;
	*clock = c;
	return DOCA_SUCCESS;
}

DOCA_EXPERIMENTAL doca_error_t doca_clock_destroy(struct doca_clock *clock)
{
	if (!sdpa_handle_live(clock, SDPA_H_CLOCK)) {
		DOCA_LOG_ERR("%s: clock is %s; pass a clock from doca_clock_create", __func__,
		             clock == NULL ? "NULL" : "not a live clock (destroyed?)");
		return DOCA_ERROR_INVALID_VALUE;
	}
	clock->magic = 0;
	sdpa_handle_retire(clock, free); /* quarantined: core/handles.h */
	return DOCA_SUCCESS;
}

static uint64_t cycles(void)
{
#if defined(__x86_64__) || defined(__i386__)
	return __builtin_ia32_rdtsc();
#elif defined(__aarch64__)
	uint64_t v;

	__asm__ volatile("mrs %0, cntvct_el0" : "=r"(v));
	return v;
#else
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC_RAW, &ts);
	return (uint64_t)ts.tv_sec * 1000000000ull + (uint64_t)ts.tv_nsec;
#endif
}

/* Read one clock; the type was checked. */
static doca_error_t read_clock(const char *fn, const struct doca_clock *c, uint64_t type,
                               union doca_clock_timespec_t *out)
{
	clockid_t id;

	switch (type) {
	case DOCA_CLOCK_HOST_COUNTER_CYCLES:
		out->counter = cycles();
		return DOCA_SUCCESS;
	case DOCA_CLOCK_NIC_DPA_TIMER:
		if (!c->has_dpa) {
			DOCA_LOG_ERR(
			        "%s: the device is a ConnectX-6, which has no DPA timer; check "
			        "doca_clock_cap_nic_dpa_timer_is_supported first",
			        fn);
			return DOCA_ERROR_NOT_SUPPORTED;
		}
		id = CLOCK_MONOTONIC; /* the emulated DPA's own clock */
		break;
	case DOCA_CLOCK_NIC_FREE_RUNNING:
	case DOCA_CLOCK_HOST_MONOTONIC_RAW:
		id = CLOCK_MONOTONIC_RAW;
		break;
	case DOCA_CLOCK_NIC_REAL_TIME:
	case DOCA_CLOCK_HOST_REAL_TIME:
		id = CLOCK_REALTIME;
		break;
	default: /* DOCA_CLOCK_HOST_MONOTONIC */
		id = CLOCK_MONOTONIC;
		break;
	}
	clock_gettime(id, &out->ts);
	return DOCA_SUCCESS;
}

static bool clock_ok(const char *fn, const struct doca_clock *clock)
{
	if (!sdpa_handle_live(clock, SDPA_H_CLOCK)) {
		DOCA_LOG_ERR("%s: clock is %s; pass a clock from doca_clock_create", fn,
		             clock == NULL ? "NULL" : "not a live clock (destroyed?)");
		return false;
	}
	return true;
}

DOCA_EXPERIMENTAL doca_error_t doca_clock_get_timestamp(const struct doca_clock *clock,
                                                        uint64_t clock_type,
                                                        union doca_clock_timespec_t *clock_ts)
{
	if (!clock_ok(__func__, clock))
		return DOCA_ERROR_INVALID_VALUE;
	if (clock_ts == NULL) {
		DOCA_LOG_ERR("%s: clock_ts is NULL; pass a result pointer", __func__);
		return DOCA_ERROR_INVALID_VALUE;
	}
	if (!one_clock(clock_type, ALL_CLOCKS)) {
		DOCA_LOG_ERR(
		        "%s: clock type 0x%llx is not one DOCA_CLOCK_* value; pass exactly one",
		        __func__, (unsigned long long)clock_type);
		return DOCA_ERROR_INVALID_VALUE;
	}
	return read_clock(__func__, clock, clock_type, clock_ts);
}

static uint64_t raw_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC_RAW, &ts);
	return (uint64_t)ts.tv_sec * 1000000000ull + (uint64_t)ts.tv_nsec;
}

DOCA_EXPERIMENTAL doca_error_t doca_clock_get_crosstimestamp(
        const struct doca_clock *clock, uint64_t primary_clock_type, uint64_t nic_clock_type,
        union doca_clock_timespec_t *primary_clock_ts, union doca_clock_timespec_t *nic_clock_ts,
        uint64_t *error_margin_nsecs)
{
	uint64_t t0;
	doca_error_t r;

	if (!clock_ok(__func__, clock))
		return DOCA_ERROR_INVALID_VALUE;
	if (primary_clock_ts == NULL || nic_clock_ts == NULL || error_margin_nsecs == NULL) {
		DOCA_LOG_ERR("%s: %s is NULL; pass result pointers", __func__,
		             primary_clock_ts == NULL ? "primary_clock_ts"
		             : nic_clock_ts == NULL   ? "nic_clock_ts"
		                                      : "error_margin_nsecs");
		return DOCA_ERROR_INVALID_VALUE;
	}
	if (!one_clock(primary_clock_type, ALL_CLOCKS) || !one_clock(nic_clock_type, NIC_CLOCKS)) {
		DOCA_LOG_ERR("%s: clock types 0x%llx / 0x%llx; pass one DOCA_CLOCK_* value and one "
		             "DOCA_CLOCK_NIC_* value",
		             __func__, (unsigned long long)primary_clock_type,
		             (unsigned long long)nic_clock_type);
		return DOCA_ERROR_INVALID_VALUE;
	}
	t0 = raw_ns();
	r = read_clock(__func__, clock, primary_clock_type, primary_clock_ts);
	if (r == DOCA_SUCCESS)
		r = read_clock(__func__, clock, nic_clock_type, nic_clock_ts);
	if (r != DOCA_SUCCESS)
		return r;
	*error_margin_nsecs = raw_ns() - t0;
	return DOCA_SUCCESS;
}
