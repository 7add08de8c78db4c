/* SPDX-License-Identifier: BSD-3-Clause */
/**
 * @file
 * softdpa — doca_clock.h: read the clocks of a device (the NIC's free-running and real-time
 * clocks, the DPA timer) and of the host, alone or as a cross-timestamp pair.
 *
 * softdpa's NIC clocks are host clocks: the free-running clock is CLOCK_MONOTONIC_RAW, the
 * real-time clock CLOCK_REALTIME, and the DPA timer (BlueField-3 only) CLOCK_MONOTONIC, the
 * clock the emulated DPA itself runs on.
 */
#ifndef DOCA_CLOCK_H_
#define DOCA_CLOCK_H_

#include <stdint.h>
#include <stdlib.h>
#include <time.h>

#include <doca_compat.h>
#include <doca_error.h>
#include <doca_types.h>

#ifdef __cplusplus
extern "C" {
#endif

/** @brief Timestamp reading on a device (opaque). */
struct doca_clock;
struct doca_dev;
struct doca_devinfo;

/* Clock types (the clock_type arguments below take exactly one). */
#define DOCA_CLOCK_NIC_FREE_RUNNING    0x1         /**< NIC free-running clock, secs/nsecs */
#define DOCA_CLOCK_NIC_REAL_TIME       (0x1 << 1)  /**< NIC real-time clock, secs/nsecs */
#define DOCA_CLOCK_NIC_DPA_TIMER       (0x1 << 8)  /**< NIC DPA timer, secs/nsecs */
#define DOCA_CLOCK_HOST_COUNTER_CYCLES (0x1 << 16) /**< host cycle counter, raw (counter) */
#define DOCA_CLOCK_HOST_REAL_TIME      (0x1 << 17) /**< host real-time clock, secs/nsecs */
#define DOCA_CLOCK_HOST_MONOTONIC      (0x1 << 18) /**< host monotonic clock, secs/nsecs */
#define DOCA_CLOCK_HOST_MONOTONIC_RAW  (0x1 << 19) /**< host raw monotonic clock, secs/nsecs */

/** @brief A clock reading: a time (ts) for the secs/nsecs clocks, a count for counters. */
union doca_clock_timespec_t {
	struct timespec ts; /**< seconds and nanoseconds */
	uint64_t counter;   /**< raw counter value */
};

/**
 * @brief Whether a device has a free-running NIC clock.
 *
 * @param [in] devinfo
 * The device.
 * @return DOCA_SUCCESS when it has; DOCA_ERROR_NOT_SUPPORTED when not;
 * DOCA_ERROR_INVALID_VALUE for a NULL or stale devinfo; DOCA_ERROR_DRIVER when the device
 * cannot be queried.
 * @note Every emulated device has one.
 */
DOCA_EXPERIMENTAL doca_error_t
doca_clock_cap_nic_free_running_is_supported(const struct doca_devinfo *devinfo);

/**
 * @brief Whether a device has a real-time NIC clock.
 *
 * @param [in] devinfo
 * The device.
 * @return DOCA_SUCCESS when it has; DOCA_ERROR_NOT_SUPPORTED when not;
 * DOCA_ERROR_INVALID_VALUE for a NULL or stale devinfo; DOCA_ERROR_DRIVER when the device
 * cannot be queried.
 * @note Every emulated device has one.
 */
DOCA_EXPERIMENTAL doca_error_t
doca_clock_cap_nic_real_time_is_supported(const struct doca_devinfo *devinfo);

/**
 * @brief Whether a device has a DPA timer.
 *
 * @param [in] devinfo
 * The device.
 * @return DOCA_SUCCESS when it has; DOCA_ERROR_NOT_SUPPORTED when not;
 * DOCA_ERROR_INVALID_VALUE for a NULL or stale devinfo; DOCA_ERROR_DRIVER when the device
 * cannot be queried.
 * @note A BlueField-3 has one, a ConnectX-6 (no DPA) not.
 */
DOCA_EXPERIMENTAL doca_error_t
doca_clock_cap_nic_dpa_timer_is_supported(const struct doca_devinfo *devinfo);

/**
 * @brief Create a clock reader on an open device.
 *
 * @param [in] dev
 * The device.
 * @param [out] clock
 * The new clock reader.
 * @return DOCA_SUCCESS on success; DOCA_ERROR_INVALID_VALUE for a NULL argument or a device
 * that is not open; DOCA_ERROR_NO_MEMORY when allocation fails; DOCA_ERROR_DRIVER on a
 * driver error; DOCA_ERROR_NOT_SUPPORTED when the device has no clock.
 */
DOCA_EXPERIMENTAL doca_error_t doca_clock_create(const struct doca_dev *dev,
                                                 struct doca_clock **clock);

/**
 * @brief Destroy a clock reader.
 *
 * @param [in] clock
 * The clock reader.
 * @return DOCA_SUCCESS on success; DOCA_ERROR_INVALID_VALUE when clock is NULL.
 */
DOCA_EXPERIMENTAL doca_error_t doca_clock_destroy(struct doca_clock *clock);

/**
 * @brief Read one clock.
 *
 * @param [in] clock
 * The clock reader.
 * @param [in] clock_type
 * One DOCA_CLOCK_* value.
 * @param [out] clock_ts
 * The reading (counter for DOCA_CLOCK_HOST_COUNTER_CYCLES, ts for the others).
 * @return DOCA_SUCCESS on success; DOCA_ERROR_INVALID_VALUE for a NULL argument or a
 * clock_type that is not one DOCA_CLOCK_* value; DOCA_ERROR_DRIVER on a driver error;
 * DOCA_ERROR_OPERATING_SYSTEM when the device may not be accessed;
 * DOCA_ERROR_NOT_SUPPORTED when the device lacks that clock.
 */
DOCA_EXPERIMENTAL doca_error_t doca_clock_get_timestamp(const struct doca_clock *clock,
                                                        uint64_t clock_type,
                                                        union doca_clock_timespec_t *clock_ts);

/**
 * @brief Read a clock and a NIC clock as close together as possible, and say how close.
 *
 * @param [in] clock
 * The clock reader.
 * @param [in] primary_clock_type
 * One DOCA_CLOCK_* value (NIC or host).
 * @param [in] nic_clock_type
 * One DOCA_CLOCK_NIC_* value.
 * @param [out] primary_clock_ts
 * The reading of the primary clock.
 * @param [out] nic_clock_ts
 * The reading of the NIC clock.
 * @param [out] error_margin_nsecs
 * How far apart in time the two readings may be, in nanoseconds (0 when exact).
 * @return DOCA_SUCCESS on success; DOCA_ERROR_INVALID_VALUE for a NULL argument or a bad
 * clock type; DOCA_ERROR_DRIVER on a driver error; DOCA_ERROR_OPERATING_SYSTEM when the
 * device may not be accessed; DOCA_ERROR_NOT_SUPPORTED when the device lacks a clock.
 * @note softdpa reads the two clocks one after the other; the margin is the time the two
 * reads took together.
 */
DOCA_EXPERIMENTAL doca_error_t doca_clock_get_crosstimestamp(
        const struct doca_clock *clock, uint64_t primary_clock_type, uint64_t nic_clock_type,
        union doca_clock_timespec_t *primary_clock_ts, union doca_clock_timespec_t *nic_clock_ts,
        uint64_t *error_margin_nsecs);

#ifdef __cplusplus
}
#endif

#endif /* DOCA_CLOCK_H_ */
