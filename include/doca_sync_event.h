/* SPDX-License-Identifier: BSD-3-Clause */
/**
 * @file
 * softdpa — doca_sync_event.h: a 64-bit event shared by the host CPU and the DPA.
 *
 * Configure publishers and subscribers, start, then get/update/wait from the host and
 * (through doca_sync_event_get_dpa_handle) from DPA kernels. The value is one 64-bit
 * atomic word. Waits poll, then back off, until the condition holds; they never time out
 * (as in DOCA), so tests that must not hang poll doca_sync_event_get() themselves.
 */
#ifndef DOCA_SYNC_EVENT_H_
#define DOCA_SYNC_EVENT_H_

#include <stddef.h>
#include <stdint.h>

#include <doca_compat.h>
#include <doca_error.h>

#ifdef __cplusplus
extern "C" {
#endif

/** @brief An opened device (doca_dev.h). */
struct doca_dev;
/** @brief A DPA context (doca_dpa.h). */
struct doca_dpa;
/** @brief A 64-bit event shared by the host CPU and the DPA (opaque). */
struct doca_sync_event;
/** @brief A peer's event reached over the network (RDMA). */
struct doca_sync_event_remote_net;

/** @brief A sync event as DPA kernels see it. */
typedef uint64_t doca_dpa_dev_sync_event_t;
/** @brief A remote-net event as DPA kernels see it (doca_dpa_dev_rdma_signal_*). */
typedef uint64_t doca_dpa_dev_sync_event_remote_net_t;

/**
 * @brief Create a sync event: a 64-bit value that publishers update and subscribers wait on.
 *
 * @param [out] event
 * The new event, value 0, not started.
 * @return DOCA_SUCCESS on success; DOCA_ERROR_INVALID_VALUE when event is NULL;
 * DOCA_ERROR_NO_MEMORY when it cannot be allocated.
 */
DOCA_EXPERIMENTAL doca_error_t doca_sync_event_create(struct doca_sync_event **event);

/**
 * @brief Destroy a sync event.
 *
 * @param [in] event
 * The event.
 * @return DOCA_SUCCESS on success; DOCA_ERROR_INVALID_VALUE when event is NULL or not a sync event;
 * DOCA_ERROR_IN_USE while a pending kernel launch still waits on or completes into the event.
 * @note softdpa gives pending launches up to 200 ms to end before answering IN_USE.
 */
DOCA_EXPERIMENTAL doca_error_t doca_sync_event_destroy(struct doca_sync_event *event);

/**
 * @brief Declare that the host CPU updates the event (before doca_sync_event_start()).
 *
 * @param [in] event
 * The event, not started.
 * @param [in] dev
 * The opened device the CPU updates the event through.
 * @return DOCA_SUCCESS on success; DOCA_ERROR_INVALID_VALUE when event is not a sync event or dev
 * is NULL; DOCA_ERROR_BAD_STATE when the event is started.
 */
DOCA_EXPERIMENTAL doca_error_t
doca_sync_event_add_publisher_location_cpu(struct doca_sync_event *event, struct doca_dev *dev);

/**
 * @brief Declare that DPA kernels update the event (before doca_sync_event_start()).
 *
 * @param [in] event
 * The event, not started.
 * @param [in] dpa
 * The DPA context whose kernels update the event.
 * @return DOCA_SUCCESS on success; DOCA_ERROR_INVALID_VALUE when event is not a sync event or dpa
 * is not a DPA context; DOCA_ERROR_BAD_STATE when the event is started; DOCA_ERROR_FULL when the
 * event has 4 DPA locations already (softdpa's limit).
 */
DOCA_EXPERIMENTAL doca_error_t
doca_sync_event_add_publisher_location_dpa(struct doca_sync_event *event, struct doca_dpa *dpa);

/**
 * @brief Declare that the host CPU waits on the event (before doca_sync_event_start()).
 *
 * @param [in] event
 * The event, not started.
 * @param [in] dev
 * The opened device the CPU reads the event through.
 * @return DOCA_SUCCESS on success; DOCA_ERROR_INVALID_VALUE when event is not a sync event or dev
 * is NULL; DOCA_ERROR_BAD_STATE when the event is started.
 */
DOCA_EXPERIMENTAL doca_error_t
doca_sync_event_add_subscriber_location_cpu(struct doca_sync_event *event, struct doca_dev *dev);

/**
 * @brief Declare that DPA kernels wait on the event (before doca_sync_event_start()).
 *
 * @param [in] event
 * The event, not started.
 * @param [in] dpa
 * The DPA context whose kernels wait on the event.
 * @return DOCA_SUCCESS on success; DOCA_ERROR_INVALID_VALUE when event is not a sync event or dpa
 * is not a DPA context; DOCA_ERROR_BAD_STATE when the event is started; DOCA_ERROR_FULL when the
 * event has 4 DPA locations already (softdpa's limit).
 */
DOCA_EXPERIMENTAL doca_error_t
doca_sync_event_add_subscriber_location_dpa(struct doca_sync_event *event, struct doca_dpa *dpa);

/**
 * @brief Start a sync event: its value can then be read, updated and waited on.
 *
 * @param [in] event
 * The event, with at least one publisher and one subscriber location.
 * @return DOCA_SUCCESS on success; DOCA_ERROR_INVALID_VALUE when event is not a sync event;
 * DOCA_ERROR_BAD_STATE when it is started already or lacks a publisher or a subscriber.
 */
DOCA_EXPERIMENTAL doca_error_t doca_sync_event_start(struct doca_sync_event *event);

/**
 * @brief Stop a sync event.
 *
 * @param [in] event
 * The started event.
 * @return DOCA_SUCCESS on success; DOCA_ERROR_INVALID_VALUE when event is not a sync event;
 * DOCA_ERROR_BAD_STATE when it is not started.
 */
DOCA_EXPERIMENTAL doca_error_t doca_sync_event_stop(struct doca_sync_event *event);

/**
 * @brief Read the value of a sync event.
 *
 * @param [in] event
 * The started event.
 * @param [out] value
 * The value.
 * @return DOCA_SUCCESS on success; DOCA_ERROR_INVALID_VALUE when event is not a sync event or value
 * is NULL; DOCA_ERROR_BAD_STATE when the event is not started.
 */
DOCA_EXPERIMENTAL doca_error_t doca_sync_event_get(struct doca_sync_event *event, uint64_t *value);

/**
 * @brief Set the value of a sync event.
 *
 * @param [in] event
 * The started event.
 * @param [in] value
 * The new value.
 * @return DOCA_SUCCESS on success; DOCA_ERROR_INVALID_VALUE when event is not a sync event;
 * DOCA_ERROR_BAD_STATE when it is not started.
 */
DOCA_EXPERIMENTAL doca_error_t doca_sync_event_update_set(struct doca_sync_event *event,
                                                          uint64_t value);

/**
 * @brief Atomically add to the value of a sync event.
 *
 * @param [in] event
 * The started event.
 * @param [in] value
 * What to add.
 * @param [out] fetched
 * The value before the addition (may be NULL).
 * @return DOCA_SUCCESS on success; DOCA_ERROR_INVALID_VALUE when event is not a sync event;
 * DOCA_ERROR_BAD_STATE when it is not started.
 */
DOCA_EXPERIMENTAL doca_error_t doca_sync_event_update_add(struct doca_sync_event *event,
                                                          uint64_t value, uint64_t *fetched);

/**
 * @brief Block until the event's value, masked, is greater than value.
 *
 * @param [in] event
 * The started event.
 * @param [in] value
 * The value compared with.
 * @param [in] mask
 * The bits of the event compared.
 * @return DOCA_SUCCESS once the condition holds; DOCA_ERROR_INVALID_VALUE when event is not a sync
 * event; DOCA_ERROR_BAD_STATE when it is not started.
 * @note The wait polls, then backs off, and never times out (as in DOCA).
 */
DOCA_EXPERIMENTAL doca_error_t doca_sync_event_wait_gt(struct doca_sync_event *event,
                                                       uint64_t value, uint64_t mask);

/**
 * @brief Block until the event's value, masked, is greater than value; the calling thread gives up
 * the CPU between polls.
 *
 * @param [in] event
 * The started event.
 * @param [in] value
 * The value compared with.
 * @param [in] mask
 * The bits of the event compared.
 * @return DOCA_SUCCESS once the condition holds; DOCA_ERROR_INVALID_VALUE when event is not a sync
 * event; DOCA_ERROR_BAD_STATE when it is not started.
 * @note The wait polls, then backs off, and never times out (as in DOCA).
 */
DOCA_EXPERIMENTAL doca_error_t doca_sync_event_wait_gt_yield(struct doca_sync_event *event,
                                                             uint64_t value, uint64_t mask);

/**
 * @brief Block until the event's value, masked, is equal to value.
 *
 * @param [in] event
 * The started event.
 * @param [in] value
 * The value compared with.
 * @param [in] mask
 * The bits of the event compared.
 * @return DOCA_SUCCESS once the condition holds; DOCA_ERROR_INVALID_VALUE when event is not a sync
 * event; DOCA_ERROR_BAD_STATE when it is not started.
 * @note The wait polls, then backs off, and never times out (as in DOCA).
 */
DOCA_EXPERIMENTAL doca_error_t doca_sync_event_wait_eq(struct doca_sync_event *event,
                                                       uint64_t value, uint64_t mask);

/**
 * @brief Block until the event's value, masked, is equal to value; the calling thread gives up the
 * CPU between polls.
 *
 * @param [in] event
 * The started event.
 * @param [in] value
 * The value compared with.
 * @param [in] mask
 * The bits of the event compared.
 * @return DOCA_SUCCESS once the condition holds; DOCA_ERROR_INVALID_VALUE when event is not a sync
 * event; DOCA_ERROR_BAD_STATE when it is not started.
 * @note The wait polls, then backs off, and never times out (as in DOCA).
 */
DOCA_EXPERIMENTAL doca_error_t doca_sync_event_wait_eq_yield(struct doca_sync_event *event,
                                                             uint64_t value, uint64_t mask);

/**
 * @brief Block until the event's value, masked, is different from value.
 *
 * @param [in] event
 * The started event.
 * @param [in] value
 * The value compared with.
 * @param [in] mask
 * The bits of the event compared.
 * @return DOCA_SUCCESS once the condition holds; DOCA_ERROR_INVALID_VALUE when event is not a sync
 * event; DOCA_ERROR_BAD_STATE when it is not started.
 * @note The wait polls, then backs off, and never times out (as in DOCA).
 */
DOCA_EXPERIMENTAL doca_error_t doca_sync_event_wait_neq(struct doca_sync_event *event,
                                                        uint64_t value, uint64_t mask);

/**
 * @brief Block until the event's value, masked, is different from value; the calling thread gives
 * up the CPU between polls.
 *
 * @param [in] event
 * The started event.
 * @param [in] value
 * The value compared with.
 * @param [in] mask
 * The bits of the event compared.
 * @return DOCA_SUCCESS once the condition holds; DOCA_ERROR_INVALID_VALUE when event is not a sync
 * event; DOCA_ERROR_BAD_STATE when it is not started.
 * @note The wait polls, then backs off, and never times out (as in DOCA).
 */
DOCA_EXPERIMENTAL doca_error_t doca_sync_event_wait_neq_yield(struct doca_sync_event *event,
                                                              uint64_t value, uint64_t mask);

/**
 * @brief The handle DPA kernels of a context use to reach the event.
 *
 * @param [in] event
 * The started event.
 * @param [in] dpa
 * A DPA context declared as a publisher or subscriber location of the event.
 * @param [out] dpa_dev_se_handle
 * The handle.
 * @return DOCA_SUCCESS on success; DOCA_ERROR_INVALID_VALUE when event is not a sync event, dpa is
 * not a DPA context or dpa_dev_se_handle is NULL; DOCA_ERROR_BAD_STATE when the event is not
 * started or dpa is not one of its locations.
 */
DOCA_EXPERIMENTAL doca_error_t
doca_sync_event_get_dpa_handle(struct doca_sync_event *event, struct doca_dpa *dpa,
                               doca_dpa_dev_sync_event_t *dpa_dev_se_handle);

/* ---- remote-net events ----
 * A remote peer updates the event over RDMA: declare the remote publisher, export the event,
 * and on the peer create a remote-net handle from the exported bytes and pass its DPA handle
 * to kernels. softdpa does not emulate RDMA. */

/**
 * @brief Declare that a remote peer updates the event over the network (RDMA).
 *
 * @param [in] event
 * The event, not started.
 * @return DOCA_SUCCESS on success; DOCA_ERROR_INVALID_VALUE when event is not a sync event;
 * DOCA_ERROR_BAD_STATE when it is started.
 */
DOCA_EXPERIMENTAL doca_error_t
doca_sync_event_add_publisher_location_remote_net(struct doca_sync_event *event);

/**
 * @brief Export the event for a remote peer, which builds a remote-net event from the bytes.
 *
 * @param [in] event
 * The event.
 * @param [out] data
 * The exported bytes.
 * @param [out] sz
 * Their size.
 * @return DOCA_SUCCESS on success (the bytes belong to the event); DOCA_ERROR_INVALID_VALUE
 * when event is not a sync event or data or sz is NULL; DOCA_ERROR_BAD_STATE when the event is
 * not started; DOCA_ERROR_NOT_PERMITTED without a remote-net publisher location.
 */
DOCA_EXPERIMENTAL doca_error_t doca_sync_event_export_to_remote_net(struct doca_sync_event *event,
                                                                    const uint8_t **data,
                                                                    size_t *sz);

/**
 * @brief Create, on the peer, a handle of a remote event from its exported bytes.
 *
 * @param [in] dev
 * The opened device that reaches the remote event.
 * @param [in] data
 * The exported bytes.
 * @param [in] sz
 * Their size, not 0.
 * @param [out] event
 * The remote-net event.
 * @return DOCA_SUCCESS on success; DOCA_ERROR_INVALID_VALUE when dev, data or event is NULL, sz
 * is 0 or the bytes are not an export; DOCA_ERROR_NOT_SUPPORTED in softdpa for an event of
 * another process.
 */
DOCA_EXPERIMENTAL doca_error_t
doca_sync_event_remote_net_create_from_export(struct doca_dev *dev, const uint8_t *data, size_t sz,
                                              struct doca_sync_event_remote_net **event);

/**
 * @brief The handle DPA kernels use to signal a remote-net event (doca_dpa_dev_rdma_signal_*).
 *
 * @param [in] event
 * The remote-net event.
 * @param [in] dpa
 * The DPA context.
 * @param [out] dpa_remote_event
 * The handle.
 * @return DOCA_SUCCESS on success; DOCA_ERROR_INVALID_VALUE when event is not a remote-net
 * event, dpa_remote_event is NULL or dpa is not a DPA context.
 */
DOCA_EXPERIMENTAL doca_error_t doca_sync_event_remote_net_get_dpa_handle(
        struct doca_sync_event_remote_net *event, struct doca_dpa *dpa,
        doca_dpa_dev_sync_event_remote_net_t *dpa_remote_event);

/**
 * @brief Destroy a remote-net event.
 *
 * @param [in] event
 * The remote-net event.
 * @return DOCA_SUCCESS on success; DOCA_ERROR_INVALID_VALUE when event is not a remote-net
 * event.
 */
DOCA_EXPERIMENTAL doca_error_t
doca_sync_event_remote_net_destroy(struct doca_sync_event_remote_net *event);

#ifdef __cplusplus
}
#endif

#endif /* DOCA_SYNC_EVENT_H_ */
