/* SPDX-License-Identifier: BSD-3-Clause
 * The elephant-flow guard's DPA side: one DPA thread, woken once per traffic window.
 *
 * Each activation reads every bucket counter with one memory_read_range, turns the
 * cumulative counts into this window's counts, disables the fast-lane entry of every
 * bucket above the threshold and re-enables a disabled bucket after 'cooldown' quiet
 * windows. It then reports the window number on the host's sync event and reschedules.
 */
#include <doca_dpa_dev.h>
#include <doca_dpa_dev_sync_event.h>
#include <doca_flow_dpa_provider_dev.h>

#include "guard_common.h"

/* Requests complete in a few microseconds; this bound only stops a kernel from spinning
 * forever when the provider's queues were destroyed under it. */
#define POLL_LIMIT 100000000u

/* Poll until 'want' more requests of the queue completed; count them into the totals. */
static void wait_completions(uint64_t obj, enum doca_flow_dpa_queue_type type, uint32_t want,
                             uint64_t *completed, uint64_t *failed)
{
	struct doca_flow_dpa_completion_stats st;
	uint32_t got = 0;

	for (uint32_t spins = 0; got < want && spins < POLL_LIMIT; spins++) {
		if (doca_flow_queue_poll_completion(obj, type, 0, &st) != DOCA_SUCCESS)
			return;
		got += st.num_completed;
		*completed += st.num_completed;
		*failed += st.num_failed;
	}
}

static void refused(struct guard_shared *g, doca_error_t rc)
{
	g->refused++;
	g->last_refusal = (uint32_t)rc;
}

/* Read all counters: one request per 8-slot block, values written at completion. */
static int read_counters(struct guard_shared *g)
{
	uint32_t blocks = g->nr_buckets / 8;
	doca_error_t rc;

	rc = doca_flow_external_resource_memory_read_range(g->counters, 0, 0, 0, g->nr_buckets - 1,
	                                                   g->values, true);
	if (rc != DOCA_SUCCESS) {
		refused(g, rc);
		return -1;
	}
	g->reads_posted += blocks;
	wait_completions(g->counters, DOCA_FLOW_DPA_QUEUE_TYPE_RESOURCES_READ, blocks,
	                 &g->reads_completed, &g->reads_failed);
	return 0;
}

/* Post one enable/disable of bucket b's fast-lane entry (LANES index 2b), not flushed:
 * the window's changes go to the NIC together. */
static int post_lane(struct guard_shared *g, uint32_t b, int disable)
{
	doca_error_t rc;

	if (disable)
		rc = doca_flow_pipe_hash_disable_index(g->lanes_pipe, 0, 2 * b, false);
	else
		rc = doca_flow_pipe_hash_enable_index(g->lanes_pipe, 0, 2 * b, false);
	if (rc != DOCA_SUCCESS) {
		refused(g, rc);
		return 0;
	}
	g->writes_posted++;
	return 1;
}

__dpa_global__ void guard_thread(uint64_t arg)
{
	struct guard_shared *g = (struct guard_shared *)arg;
	uint32_t posted = 0;

	if (read_counters(g) == 0) {
		for (uint32_t b = 0; b < g->nr_buckets; b++) {
			uint64_t n = g->values[b] - g->last[b];

			g->last[b] = g->values[b];
			g->frames[b] = n;
			g->action[b] = GUARD_NONE;
			if (!g->disabled[b]) {
				if (n > g->threshold && post_lane(g, b, 1)) {
					g->disabled[b] = 1;
					g->quiet[b] = 0;
					g->action[b] = GUARD_DISABLED;
					posted++;
				}
				continue;
			}
			/* The counter stage sits before the lanes, so a disabled bucket is still
			 * counted: it comes back only once it has calmed down. */
			g->quiet[b] = n > g->threshold ? 0 : g->quiet[b] + 1;
			if (g->quiet[b] >= g->cooldown && post_lane(g, b, 0)) {
				g->disabled[b] = 0;
				g->action[b] = GUARD_ENABLED;
				posted++;
			}
		}
	}
	if (posted > 0) {
		doca_error_t rc =
		        doca_flow_queue_flush(g->lanes_pipe, DOCA_FLOW_DPA_QUEUE_TYPE_GENERAL, 0);

		if (rc != DOCA_SUCCESS)
			refused(g, rc);
		/* Wait, so the host's next window already sees the new lanes. */
		wait_completions(g->lanes_pipe, DOCA_FLOW_DPA_QUEUE_TYPE_GENERAL, posted,
		                 &g->writes_completed, &g->writes_failed);
	}
	g->window++;
	/* The host copies this block back once the event says the window is done. */
	__dpa_thread_memory_writeback();
	doca_dpa_dev_sync_event_update_set(g->done_event, g->window);
	doca_dpa_dev_thread_reschedule();
}

/* The host cannot notify a DPA thread directly: it asks the DPA to, through this RPC. */
__dpa_rpc__ uint64_t guard_kick(doca_dpa_dev_notification_completion_t h)
{
	doca_dpa_dev_thread_notify(h);
	return 0;
}
