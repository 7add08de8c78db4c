/* SPDX-License-Identifier: BSD-3-Clause
 * Shared by the kernels of softdpa-flow-dpa-perf and its host program: operation codes and
 * the record each DPA thread writes into DPA heap memory. Plain fixed-width types only, so
 * the device image can include it (D9).
 */
#ifndef PERF_COMMON_H
#define PERF_COMMON_H

#include <stdint.h>

/* What perf_run does to every entry. */
enum perf_op {
	PERF_OP_UPDATE = 0,  /* replace_index(entry, new value): one op per entry */
	PERF_OP_DISABLE = 1, /* disable_index then enable_index: two ops per entry */
};

/* One request on one entry: what perf_one (self-test) posts, and each post of perf_run. */
enum perf_one_op {
	PERF_ONE_REPLACE = 0,
	PERF_ONE_DISABLE = 1,
	PERF_ONE_ENABLE = 2,
};

/* perf_run flags. */
enum perf_flags {
	PERF_F_SPIN = 1u << 0, /* busy-poll; never doca_dpa_dev_yield() while waiting */
};

/* One per DPA thread (rank), written by the kernel at its end. */
struct perf_result {
	uint32_t post_rc;   /* first post that failed with something else than AGAIN, or 0 */
	uint32_t poll_rc;   /* first poll that failed, or 0 */
	uint32_t completed; /* sum of num_completed */
	uint32_t failed;    /* sum of num_failed */
	uint32_t posted;    /* requests accepted */
	uint32_t again;     /* posts answered AGAIN (retried) */
	uint32_t bursts;    /* bursts flushed; latency records written */
	uint32_t timed_out; /* 1: gave up waiting for completions */
	uint64_t polls;     /* poll calls */
};

/* A thread gives up waiting for completions after this long without progress. */
#define PERF_STALL_NS 10000000000ull

#endif
