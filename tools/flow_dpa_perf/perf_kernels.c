/* SPDX-License-Identifier: BSD-3-Clause
 * DPA kernels of softdpa-flow-dpa-perf. Each DPA thread (rank r) owns GENERAL queue r and
 * the tables addrs[r * tables .. r * tables + tables - 1]; it posts every operation on
 * every entry of its tables in bursts (flush on the last post of a burst), polls while
 * 'threshold' or more requests are outstanding, and at the end polls until everything
 * completed.
 *
 * Latency: lat[b] holds the time burst b was flushed; when a poll shows that the burst's
 * last request completed, it becomes (that time - flush time). __dpa_thread_time() is in
 * nanoseconds in softdpa (CLOCK_MONOTONIC).
 */
#include <doca_dpa_dev.h>
#include <doca_flow_dpa_provider_dev.h>

#include "perf_common.h"

struct wstate {
	doca_flow_dpa_addr qobj; /* any exported object of the port names its queues */
	uint32_t rank;
	uint32_t burst;
	uint32_t posted;
	uint32_t completed;
	uint32_t flushed; /* requests handed to the NIC (posted at the last flush) */
	uint32_t flushed_bursts;
	uint32_t stamped;
	uint64_t *lat;
	struct perf_result *r;
	uint64_t last_progress;
	uint32_t idle;
	uint32_t flags; /* PERF_F_* */
};

/* One poll; stamps every burst whose last request is now complete. Returns the number of
 * completions it reported. */
static uint32_t poll_once(struct wstate *w)
{
	struct doca_flow_dpa_completion_stats st = {0, 0};
	doca_error_t rc;

	rc = doca_flow_queue_poll_completion(w->qobj, DOCA_FLOW_DPA_QUEUE_TYPE_GENERAL, w->rank,
	                                     &st);
	w->r->polls++;
	if (rc != DOCA_SUCCESS) {
		if (w->r->poll_rc == 0)
			w->r->poll_rc = (uint32_t)rc;
		return 0;
	}
	if (st.num_completed == 0) {
		/* Reading the clock on every empty poll would cost more than the poll. */
		if (++w->idle % 4096 == 0 && __dpa_thread_time() - w->last_progress > PERF_STALL_NS)
			w->r->timed_out = 1;
		return 0;
	}
	w->idle = 0;
	w->completed += st.num_completed;
	w->r->failed += st.num_failed;
	w->last_progress = __dpa_thread_time();
	while (w->stamped < w->flushed_bursts && (w->stamped + 1) * w->burst <= w->completed) {
		w->lat[w->stamped] = w->last_progress - w->lat[w->stamped];
		w->stamped++;
	}
	return st.num_completed;
}

static bool stuck(const struct wstate *w)
{
	return w->r->timed_out || w->r->poll_rc != 0;
}

/* Poll; when nothing completed, let the EU run other work. The NIC's request processor
 * shares the host's cores with the EUs in softdpa, so a spinning poller would delay the
 * very completions it waits for (on hardware the yield costs next to nothing). */
static void poll_or_yield(struct wstate *w)
{
	if (poll_once(w) == 0 && !(w->flags & PERF_F_SPIN))
		doca_dpa_dev_yield();
}

/* Post one request (op: enum perf_one_op); retry on AGAIN after polling. false: stop
 * (error recorded). */
static bool post(struct wstate *w, doca_flow_dpa_addr pipe, uint32_t op, uint32_t index,
                 uint32_t value, bool flush)
{
	doca_error_t rc;

	for (;;) {
		if (op == PERF_ONE_REPLACE)
			rc = doca_flow_pipe_hash_replace_index(pipe, w->rank, index, value, flush);
		else if (op == PERF_ONE_DISABLE)
			rc = doca_flow_pipe_hash_disable_index(pipe, w->rank, index, flush);
		else
			rc = doca_flow_pipe_hash_enable_index(pipe, w->rank, index, flush);
		if (rc != DOCA_ERROR_AGAIN)
			break;
		w->r->again++;
		poll_or_yield(w);
		if (stuck(w))
			return false;
	}
	if (rc != DOCA_SUCCESS) {
		w->r->post_rc = (uint32_t)rc;
		return false;
	}
	w->posted++;
	if (flush) {
		w->lat[w->flushed_bursts++] = __dpa_thread_time();
		w->flushed = w->posted;
	}
	return true;
}

/* The completion threshold: once 'threshold' requests are outstanding, poll until fewer
 * are (waiting only for flushed requests: unflushed ones never complete). */
static void throttle(struct wstate *w, uint32_t threshold)
{
	while (w->posted - w->completed >= threshold && w->completed < w->flushed && !stuck(w))
		poll_or_yield(w);
}

static void drain(struct wstate *w)
{
	while (w->completed < w->posted && !stuck(w))
		poll_or_yield(w);
}

/* Every op on every entry of this thread's tables. nbursts: latency records per thread
 * (= ops / burst); value_base makes each iteration write new path-selector values. */
__dpa_global__ void perf_run(uint64_t addrs, uint32_t tables, uint32_t table_size, uint32_t op,
                             uint32_t burst, uint32_t threshold, uint32_t value_base, uint64_t lat,
                             uint32_t nbursts, uint32_t flags, uint64_t results)
{
	unsigned int rank = doca_dpa_dev_thread_rank();
	const doca_flow_dpa_addr *pipes = (const doca_flow_dpa_addr *)addrs + rank * tables;
	struct perf_result *r = (struct perf_result *)results + rank;
	uint32_t entries = tables * table_size;
	uint32_t passes = op == PERF_OP_DISABLE ? 2 : 1;
	struct wstate w;

	memset(r, 0, sizeof(*r));
	memset(&w, 0, sizeof(w));
	w.qobj = pipes[0];
	w.rank = rank;
	w.burst = burst;
	w.lat = (uint64_t *)lat + (uint64_t)rank * nbursts;
	w.r = r;
	w.flags = flags;
	w.last_progress = __dpa_thread_time();

	for (uint32_t first = 0; first < entries; first += burst) {
		/* disable: the burst's entries are disabled, then enabled again, so at most
		 * one burst of a table is out of service at a time while traffic flows. */
		for (uint32_t pass = 0; pass < passes; pass++) {
			for (uint32_t j = 0; j < burst; j++) {
				uint32_t e = first + j;
				uint32_t kind = op == PERF_OP_UPDATE ? PERF_ONE_REPLACE
				                : pass == 0          ? PERF_ONE_DISABLE
				                                     : PERF_ONE_ENABLE;
				uint32_t value = 1024 + (value_base + e) % 30000;

				if (!post(&w, pipes[e / table_size], kind, e % table_size, value,
				          j == burst - 1))
					goto out;
				throttle(&w, threshold);
			}
		}
	}
out:
	drain(&w);
	r->posted = w.posted;
	r->completed = w.completed;
	r->bursts = w.stamped;
	__dpa_thread_memory_writeback();
}

/* One request on one entry, flushed, polled until it completes (self-test). */
__dpa_global__ void perf_one(uint64_t pipe, uint32_t op, uint32_t index, uint32_t value,
                             uint64_t lat, uint64_t result)
{
	struct perf_result *r = (struct perf_result *)result;
	struct wstate w;

	memset(r, 0, sizeof(*r));
	memset(&w, 0, sizeof(w));
	w.qobj = pipe;
	w.burst = 1;
	w.lat = (uint64_t *)lat;
	w.r = r;
	w.last_progress = __dpa_thread_time();
	if (post(&w, pipe, op, index, value, true))
		drain(&w);
	r->posted = w.posted;
	r->completed = w.completed;
	r->bursts = w.stamped;
	__dpa_thread_memory_writeback();
}
