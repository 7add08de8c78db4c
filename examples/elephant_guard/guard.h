/* SPDX-License-Identifier: BSD-3-Clause
 * Elephant-flow guard: what the three host files share.
 *
 *   host_flow.c  DOCA Flow: ports, the ROOT -> COUNT -> LANES pipeline, the bucket-counter
 *                array, and their export to the DPA through the Flow DPA Provider
 *   host_dpa.c   DOCA DPA: device, DPA context, the guard's DPA thread and its wake-ups
 *   main.c       options, traffic in by windows, output captures, the report
 */
#ifndef GUARD_H
#define GUARD_H

#include <stdbool.h>
#include <stdint.h>

#include <doca_dev.h>
#include <doca_dpa.h>
#include <doca_error.h>
#include <doca_flow.h>
#include <doca_flow_dpa_provider.h>
#include <doca_flow_external_action_array.h>
#include <doca_flow_external_actions.h>
#include <doca_sync_event.h>

#include "guard_common.h"

#define GUARD_FAST_PORT 1 /* the representor the fast-lane entries forward to */
#define GUARD_BULK_PORT 2 /* ... and the bulk-lane entries */

/* ---------------------------------------------------------------------- host_dpa.c */

struct guard_dpa {
	struct doca_dev *dev;
	struct doca_dev_rep *rep[2];
	struct doca_dpa *dpa;
	struct flexio_process *process;
	struct doca_sync_event *done;  /* the thread sets it to the window it finished */
	doca_dpa_dev_uintptr_t shared; /* struct guard_shared in DPA heap */
	struct doca_dpa_thread *thread;
	struct doca_dpa_notification_completion *notify;
	doca_dpa_dev_notification_completion_t notify_handle;
	uint64_t windows; /* windows the thread was asked to handle */
};

/* Open the first DPA-capable device and its two representors; start a DPA context running
 * the guard's kernels; create the completion event. */
doca_error_t guard_dpa_open(struct guard_dpa *d);
/* Write the configuration into DPA heap and start the guard's DPA thread (not yet woken). */
doca_error_t guard_dpa_start_thread(struct guard_dpa *d, const struct guard_shared *cfg);
/* Wake the thread for one window and wait (at most timeout_ms) until it reports it done;
 * then copy its shared block back into *out. */
doca_error_t guard_dpa_run_window(struct guard_dpa *d, uint32_t timeout_ms,
                                  struct guard_shared *out);
void guard_dpa_close(struct guard_dpa *d);

/* --------------------------------------------------------------------- host_flow.c */

struct guard_flow {
	struct doca_flow_port *port[3];
	uint32_t arr_type;
	uint32_t nr_buckets;
	struct doca_flow_external_resource_array *counters;
	struct doca_flow_pipe *root, *count, *lanes;
	struct doca_flow_pipe_entry *lane_entry[2 * GUARD_MAX_BUCKETS];
	/* The ordered lists and their external actions must outlive the pipe. */
	struct doca_flow_external_action_array add[GUARD_MAX_BUCKETS];
	struct doca_flow_external_actions ext[GUARD_MAX_BUCKETS];
	struct doca_flow_ordered_list_element_adjusted el[GUARD_MAX_BUCKETS];
	struct doca_flow_ordered_list list[GUARD_MAX_BUCKETS];
	struct doca_flow_dpa_ctx *ctx;
	struct doca_flow_dpa_pipe *dpa_lanes;
	struct doca_flow_dpa_external_resource *dpa_counters;
	doca_flow_dpa_addr lanes_addr, counters_addr;
	/* --export-late: prepare LANES' export after its entries (README step 5's pitfall:
	 * the DPA cannot see them, its enable/disable requests complete as failed). */
	bool export_late;
};

/* Register the array type, start DOCA Flow in switch mode and ports 0 (PF), 1, 2
 * (representors), all on the mem wire. */
doca_error_t guard_flow_init(struct guard_flow *f, struct doca_dev *dev,
                             struct doca_dev_rep *rep[2]);
/* Provider context and queues, the counter array, the three pipes and their entries, and
 * the exports; fills lanes_addr and counters_addr. */
doca_error_t guard_flow_build(struct guard_flow *f, struct flexio_process *process,
                              uint32_t nr_buckets);
/* The bucket an IPv4 TCP/UDP 5-tuple (host byte order) hashes to in ROOT. */
doca_error_t guard_flow_bucket_of(struct guard_flow *f, uint32_t src, uint32_t dst, uint16_t sport,
                                  uint16_t dport, uint32_t *bucket);
/* Frames that hit LANES entry i so far. */
uint64_t guard_flow_lane_frames(struct guard_flow *f, uint32_t i);
void guard_flow_fini(struct guard_flow *f);

#endif
