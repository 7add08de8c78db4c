/* SPDX-License-Identifier: BSD-3-Clause */
/**
 * @file
 * softdpa — doca_dpa_dev_sync_event.h: sync events from DPA kernels.
 */
#ifndef DOCA_DPA_DEV_SYNC_EVENT_H_
#define DOCA_DPA_DEV_SYNC_EVENT_H_

#include "doca_dpa_dev.h"

#ifdef __cplusplus
extern "C" {
#endif

/** @brief A sync event as DPA kernels see it (doca_sync_event_get_dpa_handle()). */
typedef uint64_t doca_dpa_dev_sync_event_t;
/** @brief A remote-net event (a peer's, reached over RDMA); softdpa does not emulate RDMA. */
typedef uint64_t doca_dpa_dev_sync_event_remote_net_t;

/**
 * @brief Read the value of a sync event.
 *
 * @param [in] dpa_dev_se_handle
 * The event (doca_sync_event_get_dpa_handle()).
 * @param [out] value
 * The value.
 * @note A handle that is not a sync event is logged (rate-limited) and *value is left as it
 * was; so is a NULL value, silently.
 */
void doca_dpa_dev_sync_event_get(doca_dpa_dev_sync_event_t dpa_dev_se_handle, uint64_t *value);
/**
 * @brief Atomically add to the value of a sync event.
 *
 * Waiters on the event, host or device, see the new value.
 *
 * @param [in] dpa_dev_se_handle
 * The event (doca_sync_event_get_dpa_handle()).
 * @param [in] value
 * What to add.
 * @note A handle that is not a sync event is logged (rate-limited) and ignored.
 */
void doca_dpa_dev_sync_event_update_add(doca_dpa_dev_sync_event_t dpa_dev_se_handle,
                                        uint64_t value);
/**
 * @brief Set the value of a sync event.
 *
 * Waiters on the event, host or device, see the new value.
 *
 * @param [in] dpa_dev_se_handle
 * The event (doca_sync_event_get_dpa_handle()).
 * @param [in] value
 * The new value.
 * @note A handle that is not a sync event is logged (rate-limited) and ignored.
 */
void doca_dpa_dev_sync_event_update_set(doca_dpa_dev_sync_event_t dpa_dev_se_handle,
                                        uint64_t value);
/**
 * @brief Block the calling kernel until the event's value, masked, is greater than value.
 *
 * @param [in] dpa_dev_se_handle
 * The event (doca_sync_event_get_dpa_handle()).
 * @param [in] value
 * The value compared with.
 * @param [in] mask
 * The bits of the event compared.
 * @note The wait polls, yielding the host core, then sleeps with back-off; it never times out,
 * but doca_dpa_stop() and the watchdog can still end the kernel. A handle that is not a sync
 * event is logged (rate-limited) and the call returns at once.
 */
void doca_dpa_dev_sync_event_wait_gt(doca_dpa_dev_sync_event_t dpa_dev_se_handle, uint64_t value,
                                     uint64_t mask);
/**
 * @brief DPA threads only, non-blocking: once the event's value is greater than value, a
 * completion element reaches the async ops' completion.
 *
 * @param [in] async_ops_handle
 * Started async ops (doca_dpa_async_ops_get_dpa_handle()).
 * @param [in] wait_se_handle
 * The event (doca_sync_event_get_dpa_handle()).
 * @param [in] value
 * The value compared with, 0 to 254; larger values are undefined.
 * @note The element is DOCA_DPA_DEV_COMP_SEND carrying the async ops' user data; it is posted
 * at once when the condition already holds. The whole 64-bit value is compared (no mask). softdpa
 * truncates a value above 254 to its low 8 bits and logs it once (P14). A handle that is not a
 * sync event or not started async ops, or a call outside a DPA thread (P8), is logged and does
 * nothing.
 */
void doca_dpa_dev_sync_event_post_wait_gt(doca_dpa_dev_async_ops_t async_ops_handle,
                                          doca_dpa_dev_sync_event_t wait_se_handle, uint64_t value);
/**
 * @brief DPA threads only, non-blocking: once the event's value differs from value, a
 * completion element reaches the async ops' completion.
 *
 * @param [in] async_ops_handle
 * Started async ops (doca_dpa_async_ops_get_dpa_handle()).
 * @param [in] wait_se_handle
 * The event (doca_sync_event_get_dpa_handle()).
 * @param [in] value
 * The value compared with, 0 to 254; larger values are undefined.
 * @note As doca_dpa_dev_sync_event_post_wait_gt(): a DOCA_DPA_DEV_COMP_SEND element with the
 * async ops' user data, posted at once when the condition already holds; a value above 254 is
 * truncated to its low 8 bits and logged once (P14); bad handles and calls outside a DPA thread
 * (P8) are logged and do nothing.
 */
void doca_dpa_dev_sync_event_post_wait_ne(doca_dpa_dev_async_ops_t async_ops_handle,
                                          doca_dpa_dev_sync_event_t wait_se_handle, uint64_t value);

#ifdef __cplusplus
}
#endif

#endif /* DOCA_DPA_DEV_SYNC_EVENT_H_ */
