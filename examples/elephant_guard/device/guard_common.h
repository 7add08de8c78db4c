/* SPDX-License-Identifier: BSD-3-Clause
 * The block of DPA heap memory the host and the guard's DPA thread share. The host writes
 * the configuration once; the thread keeps its state here (locals do not survive a
 * reschedule) and leaves each window's results for the host to copy back.
 * Included by the kernel and by the host, so it uses fixed-width types only.
 */
#ifndef GUARD_COMMON_H
#define GUARD_COMMON_H

#include <stdint.h>

#define GUARD_MAX_BUCKETS 64

/* Queue sizes of the provider queues on port 0 (powers of two). A window posts at most one
 * request per bucket on each queue, so this never fills. */
#define GUARD_QUEUE_SIZE 128

enum guard_action {
	GUARD_NONE = 0,
	GUARD_DISABLED = 1, /* the bucket's fast-lane entry was disabled in this window */
	GUARD_ENABLED = 2,  /* ... re-enabled after its cool-down */
};

struct guard_shared {
	/* Configuration, written by the host before the thread runs. */
	uint64_t lanes_pipe; /* doca_flow_dpa_addr of the exported LANES hash pipe */
	uint64_t counters;   /* doca_flow_dpa_addr of the exported bucket-counter array */
	uint64_t done_event; /* doca_dpa_dev_sync_event_t: set to the window number when done */
	uint32_t nr_buckets; /* multiple of 8 (memory reads come in 8-slot blocks), <= 64 */
	uint32_t threshold;  /* a bucket is hot above this many frames in one window */
	uint32_t cooldown;   /* quiet windows before a disabled bucket is re-enabled */
	uint32_t pad0;

	/* Thread state, kept across activations. */
	uint64_t window;                    /* windows handled so far */
	uint64_t last[GUARD_MAX_BUCKETS];   /* counter values at the previous window */
	uint64_t values[GUARD_MAX_BUCKETS]; /* memory_read_range destination */
	uint32_t disabled[GUARD_MAX_BUCKETS];
	uint32_t quiet[GUARD_MAX_BUCKETS]; /* consecutive quiet windows while disabled */

	/* Results of the latest window. */
	uint64_t frames[GUARD_MAX_BUCKETS]; /* frames counted per bucket in this window */
	uint32_t action[GUARD_MAX_BUCKETS]; /* enum guard_action */

	/* Provider requests, cumulative. A refused post (not SUCCESS) is counted in
	 * 'refused' and its doca_error_t kept in 'last_refusal'. */
	uint64_t reads_posted, reads_completed, reads_failed;
	uint64_t writes_posted, writes_completed, writes_failed;
	uint64_t refused;
	uint32_t last_refusal;
	uint32_t pad1;
};

#endif
