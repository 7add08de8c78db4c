/* SPDX-License-Identifier: BSD-3-Clause
 * softdpa — doca_dpa_dev_sync_event.h: sync events from DPA kernels.
 */
#ifndef DOCA_DPA_DEV_SYNC_EVENT_H_
#define DOCA_DPA_DEV_SYNC_EVENT_H_

#include "doca_dpa_dev.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef uint64_t doca_dpa_dev_sync_event_t;
/* A remote-net event (a peer's, reached over RDMA); softdpa does not emulate RDMA. */
typedef uint64_t doca_dpa_dev_sync_event_remote_net_t;

void doca_dpa_dev_sync_event_get(doca_dpa_dev_sync_event_t dpa_dev_se_handle, uint64_t *value);
/* Atomically add 'value'. */
void doca_dpa_dev_sync_event_update_add(doca_dpa_dev_sync_event_t dpa_dev_se_handle,
                                        uint64_t value);
void doca_dpa_dev_sync_event_update_set(doca_dpa_dev_sync_event_t dpa_dev_se_handle,
                                        uint64_t value);
/* Spin until (event & mask) > value. */
void doca_dpa_dev_sync_event_wait_gt(doca_dpa_dev_sync_event_t dpa_dev_se_handle, uint64_t value,
                                     uint64_t mask);
/* DPA threads only, non-blocking: when the event exceeds / differs from 'value' (0..254;
 * larger values are undefined), a completion reaches the async ops' completion. */
void doca_dpa_dev_sync_event_post_wait_gt(doca_dpa_dev_async_ops_t async_ops_handle,
                                          doca_dpa_dev_sync_event_t wait_se_handle, uint64_t value);
void doca_dpa_dev_sync_event_post_wait_ne(doca_dpa_dev_async_ops_t async_ops_handle,
                                          doca_dpa_dev_sync_event_t wait_se_handle, uint64_t value);

#ifdef __cplusplus
}
#endif

#endif /* DOCA_DPA_DEV_SYNC_EVENT_H_ */
