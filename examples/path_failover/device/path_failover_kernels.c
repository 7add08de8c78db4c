/* SPDX-License-Identifier: BSD-3-Clause
 * Path failover, the DPA side: one kernel watches a link table in host memory and moves
 * the hash-pipe entries of a failed link to surviving links with replace_index.
 */
#include <doca_dpa_dev.h>
#include <doca_dpa_dev_buf.h>
#include <doca_dpa_dev_sync_event.h>
#include <doca_flow_dpa_provider_dev.h>

#include "failover_common.h"

/* Poll queue 0 until 'want' completions arrived in total. */
static void wait_completions(doca_flow_dpa_addr pipe, struct fo_report *r, uint32_t want)
{
	struct doca_flow_dpa_completion_stats st;

	while (r->completed < want) {
		if (doca_flow_queue_poll_completion(pipe, DOCA_FLOW_DPA_QUEUE_TYPE_GENERAL, 0,
		                                    &st) != DOCA_SUCCESS)
			return;
		r->completed += st.num_completed;
		r->failed += st.num_failed;
	}
}

/* Post one replace; on AGAIN (the queue is full) flush, reap completions and retry. */
static doca_error_t post_replace(doca_flow_dpa_addr pipe, uint32_t entry, uint16_t sport,
                                 bool flush, struct fo_report *r)
{
	struct doca_flow_dpa_completion_stats st;
	doca_error_t rc;

	while ((rc = doca_flow_pipe_hash_replace_index(pipe, 0, entry, sport, flush)) ==
	       DOCA_ERROR_AGAIN) {
		r->again++;
		doca_flow_queue_flush(pipe, DOCA_FLOW_DPA_QUEUE_TYPE_GENERAL, 0);
		if (doca_flow_queue_poll_completion(pipe, DOCA_FLOW_DPA_QUEUE_TYPE_GENERAL, 0,
		                                    &st) == DOCA_SUCCESS) {
			r->completed += st.num_completed;
			r->failed += st.num_failed;
		}
	}
	return rc;
}

/*
 * Launched once with one thread; returns when the host sets the stop bit.
 *   links_mm/links_addr: the host's struct fo_links (read-only for us)
 *   rep_mm/rep_addr:     the host's struct fo_report (we write it)
 *   pipe:                the exported hash pipe (doca_flow_pipe_hash_replace_index)
 *   ack:                 set to each generation once its re-paths have completed
 */
__dpa_global__ void failover_watch(doca_dpa_dev_mmap_t links_mm, uint64_t links_addr,
                                   doca_dpa_dev_mmap_t rep_mm, uint64_t rep_addr,
                                   doca_flow_dpa_addr pipe, doca_dpa_dev_sync_event_t ack)
{
	/* The working copy lives in DPA memory; the host sees it only at publish time. */
	struct fo_report r;
	uint32_t seen_gen = 0;

	__builtin_memset(&r, 0, sizeof(r));
	for (uint32_t e = 0; e < FO_NR_ENTRIES; e++)
		r.sport[e] = fo_sport(fo_home_link(e), e);

	for (;;) {
		/* A window pointer is valid only while this thread's window is bound to its
		 * mmap: publishing the report binds rep_mm, so fetch it again every round. */
		volatile struct fo_links *links =
		        (volatile struct fo_links *)doca_dpa_dev_mmap_get_external_ptr(links_mm,
		                                                                       links_addr);
		uint64_t word;
		uint32_t gen, up, last = FO_NR_ENTRIES, todo = 0;
		struct fo_report *out;

		/* Without read_inv the window keeps serving what it fetched the first time,
		 * and the host's change is never seen. */
		__dpa_thread_window_read_inv();
		word = links->word;
		gen = FO_LINKS_GEN(word);
		up = FO_LINKS_UP(word);
		if (gen == seen_gen) {
			if (word & FO_LINKS_STOP)
				return;
			doca_dpa_dev_yield();
			continue;
		}

		/* Post one replace per entry whose link must change; flush with the last. */
		for (uint32_t e = 0; e < FO_NR_ENTRIES; e++) {
			uint32_t l = fo_pick_link(e, up);

			if (l == FO_NR_LINKS)
				r.no_path++;
			else if (fo_sport(l, e) != r.sport[e])
				last = e, todo++;
		}
		for (uint32_t e = 0; e < FO_NR_ENTRIES && todo > 0; e++) {
			uint32_t l = fo_pick_link(e, up);
			uint16_t to;
			doca_error_t rc;

			if (l == FO_NR_LINKS || fo_sport(l, e) == r.sport[e])
				continue;
			to = fo_sport(l, e);
			rc = post_replace(pipe, e, to, e == last, &r);
			if (rc != DOCA_SUCCESS) {
				DOCA_DPA_DEV_LOG_ERR("replace_index(entry %u) refused: %d\n", e,
				                     (int)rc);
				r.refused++;
				if (e == last) /* what was posted before must still run */
					doca_flow_queue_flush(pipe,
					                      DOCA_FLOW_DPA_QUEUE_TYPE_GENERAL, 0);
				continue;
			}
			r.posted++;
			if (r.nr_events < FO_MAX_EVENTS)
				r.ev[r.nr_events++] = (struct fo_event){gen, e, r.sport[e], to};
			r.sport[e] = to;
		}
		wait_completions(pipe, &r, r.posted);
		r.gen = gen;
		seen_gen = gen;

		/* Publish: bind the report mmap (this invalidates 'links'), store, write back,
		 * and only then tell the host. */
		out = (struct fo_report *)doca_dpa_dev_mmap_get_external_ptr(rep_mm, rep_addr);
		__builtin_memcpy(out, &r, sizeof(r));
		__dpa_thread_window_writeback();
		doca_dpa_dev_sync_event_update_set(ack, gen);
	}
}
