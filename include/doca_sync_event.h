/* SPDX-License-Identifier: BSD-3-Clause
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

struct doca_dev;
struct doca_dpa;
struct doca_sync_event;
/* A peer's event reached over the network (RDMA). */
struct doca_sync_event_remote_net;

/* A sync event as DPA kernels see it. */
typedef uint64_t doca_dpa_dev_sync_event_t;
/* A remote-net event as DPA kernels see it (doca_dpa_dev_rdma_signal_*). */
typedef uint64_t doca_dpa_dev_sync_event_remote_net_t;

DOCA_EXPERIMENTAL doca_error_t doca_sync_event_create(struct doca_sync_event **event);
/* IN_USE while a pending launch still waits on or completes into the event. */
DOCA_EXPERIMENTAL doca_error_t doca_sync_event_destroy(struct doca_sync_event *event);

/* Locations; before start. */
DOCA_EXPERIMENTAL doca_error_t
doca_sync_event_add_publisher_location_cpu(struct doca_sync_event *event, struct doca_dev *dev);
DOCA_EXPERIMENTAL doca_error_t
doca_sync_event_add_publisher_location_dpa(struct doca_sync_event *event, struct doca_dpa *dpa);
DOCA_EXPERIMENTAL doca_error_t
doca_sync_event_add_subscriber_location_cpu(struct doca_sync_event *event, struct doca_dev *dev);
DOCA_EXPERIMENTAL doca_error_t
doca_sync_event_add_subscriber_location_dpa(struct doca_sync_event *event, struct doca_dpa *dpa);

/* BAD_STATE without at least one publisher and one subscriber, or when started. */
DOCA_EXPERIMENTAL doca_error_t doca_sync_event_start(struct doca_sync_event *event);
DOCA_EXPERIMENTAL doca_error_t doca_sync_event_stop(struct doca_sync_event *event);

/* Value access; the event must be started. */
DOCA_EXPERIMENTAL doca_error_t doca_sync_event_get(struct doca_sync_event *event, uint64_t *value);
DOCA_EXPERIMENTAL doca_error_t doca_sync_event_update_set(struct doca_sync_event *event,
                                                          uint64_t value);
/* Atomically add 'value'; *fetched (may be NULL) gets the value before the addition. */
DOCA_EXPERIMENTAL doca_error_t doca_sync_event_update_add(struct doca_sync_event *event,
                                                          uint64_t value, uint64_t *fetched);

/* Block until (event & mask) > value / == value / != value. The _yield variants give up
 * the CPU between polls. */
DOCA_EXPERIMENTAL doca_error_t doca_sync_event_wait_gt(struct doca_sync_event *event,
                                                       uint64_t value, uint64_t mask);
DOCA_EXPERIMENTAL doca_error_t doca_sync_event_wait_gt_yield(struct doca_sync_event *event,
                                                             uint64_t value, uint64_t mask);
DOCA_EXPERIMENTAL doca_error_t doca_sync_event_wait_eq(struct doca_sync_event *event,
                                                       uint64_t value, uint64_t mask);
DOCA_EXPERIMENTAL doca_error_t doca_sync_event_wait_eq_yield(struct doca_sync_event *event,
                                                             uint64_t value, uint64_t mask);
DOCA_EXPERIMENTAL doca_error_t doca_sync_event_wait_neq(struct doca_sync_event *event,
                                                        uint64_t value, uint64_t mask);
DOCA_EXPERIMENTAL doca_error_t doca_sync_event_wait_neq_yield(struct doca_sync_event *event,
                                                              uint64_t value, uint64_t mask);

/* The handle kernels of 'dpa' use. The event must be started, exported from the host, and
 * have 'dpa' as a publisher or subscriber location (else BAD_STATE). */
DOCA_EXPERIMENTAL doca_error_t
doca_sync_event_get_dpa_handle(struct doca_sync_event *event, struct doca_dpa *dpa,
                               doca_dpa_dev_sync_event_t *dpa_dev_se_handle);

/* ---- remote-net events ----
 * A remote peer updates the event over RDMA: declare the remote publisher, export the event,
 * and on the peer create a remote-net handle from the exported bytes and pass its DPA handle
 * to kernels. softdpa does not emulate RDMA: each call checks its arguments (INVALID_VALUE)
 * and otherwise answers NOT_SUPPORTED with one log line. */
DOCA_EXPERIMENTAL doca_error_t
doca_sync_event_add_publisher_location_remote_net(struct doca_sync_event *event);
DOCA_EXPERIMENTAL doca_error_t doca_sync_event_export_to_remote_net(struct doca_sync_event *event,
                                                                    const uint8_t **data,
                                                                    size_t *sz);
DOCA_EXPERIMENTAL doca_error_t
doca_sync_event_remote_net_create_from_export(struct doca_dev *dev, const uint8_t *data, size_t sz,
                                              struct doca_sync_event_remote_net **event);
DOCA_EXPERIMENTAL doca_error_t doca_sync_event_remote_net_get_dpa_handle(
        struct doca_sync_event_remote_net *event, struct doca_dpa *dpa,
        doca_dpa_dev_sync_event_remote_net_t *dpa_remote_event);
DOCA_EXPERIMENTAL doca_error_t
doca_sync_event_remote_net_destroy(struct doca_sync_event_remote_net *event);

#ifdef __cplusplus
}
#endif

#endif /* DOCA_SYNC_EVENT_H_ */
