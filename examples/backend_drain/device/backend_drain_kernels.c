/* SPDX-License-Identifier: BSD-3-Clause
 * Backend drain, the DPA side: an event-driven DPA thread that changes one index of the
 * load balancer's index selector (SKIP_ONCE, DISABLE, ENABLE) each time the host
 * notifies it, through the Flow DPA Provider's RESOURCES_WRITE queue.
 */
#include <doca_dpa_dev.h>
#include <doca_dpa_dev_sync_event.h>
#include <doca_flow_dpa_provider_dev.h>

#include "drain_common.h"

/* Runs at every notification; its state is the mailbox (locals die at reschedule). */
__dpa_global__ void drain_thread(uint64_t arg)
{
	struct dr_mailbox *mb = (struct dr_mailbox *)doca_dpa_dev_thread_get_local_storage();
	struct doca_flow_dpa_completion_stats st;
	doca_error_t rc;

	(void)arg;
	mb->activations++;
	if (mb->seq == mb->handled)
		doca_dpa_dev_thread_reschedule(); /* a spurious wake-up: nothing new */

	/* Resource offset 0 (the object has one selector), queue 0, flushed at once. */
	rc = doca_flow_external_resource_index_selector_modify(
	        mb->selector, 0, 0,
	        (enum doca_flow_external_resource_index_selector_operation)mb->op, mb->index, true);
	mb->post_rc = (uint32_t)rc;
	if (rc == DOCA_SUCCESS) {
		uint32_t want = ++mb->posted;

		/* The change is live once its completion is polled. */
		while (mb->completed < want &&
		       doca_flow_queue_poll_completion(mb->selector,
		                                       DOCA_FLOW_DPA_QUEUE_TYPE_RESOURCES_WRITE, 0,
		                                       &st) == DOCA_SUCCESS) {
			mb->completed += st.num_completed;
			mb->failed += st.num_failed;
		}
	} else {
		DOCA_DPA_DEV_LOG_ERR("index selector modify (op %u, index %u) refused: %d\n",
		                     mb->op, mb->index, (int)rc);
	}
	mb->handled = mb->seq;
	/* Mailbox stores first, then the event the host waits on. */
	__dpa_thread_memory_writeback();
	doca_dpa_dev_sync_event_update_set((doca_dpa_dev_sync_event_t)mb->done, mb->seq);
	doca_dpa_dev_thread_reschedule();
}

/* The host's doorbell: an RPC that notifies the thread. */
__dpa_rpc__ uint64_t drain_notify(doca_dpa_dev_notification_completion_t h)
{
	doca_dpa_dev_thread_notify(h);
	return 0;
}
