/* SPDX-License-Identifier: BSD-3-Clause
 * Layouts shared by the DPA test kernels and their host programs.
 */
#ifndef DPA_TEST_COMMON_H
#define DPA_TEST_COMMON_H

#include <stdint.h>

/* Passed by value to mixed_args. */
struct dpa_test_mixed {
	uint32_t a;
	uint16_t b;
	double c;
	uint8_t d[5];
};

/* What each rank of mixed_args writes to out[rank]. */
struct dpa_test_record {
	uint32_t rank;
	uint32_t nthreads;
	uint32_t u8;
	int32_t s16;
	uint32_t u32;
	uint32_t pad;
	uint64_t u64;
	uint64_t ptr;
	double dbl;
	struct dpa_test_mixed m;
};

#define DPA_TEST_HELLO_MAGIC 0x48454c4c4f21ull /* "HELLO!" */

/* The state of the RDMA tests' DPA thread (kernels/rdma.c), in DPA memory. */
struct dpa_test_rdma_thread {
	uint64_t rdma;  /* doca_dpa_dev_rdma_t */
	uint64_t comp;  /* doca_dpa_dev_completion_t */
	uint64_t event; /* doca_dpa_dev_sync_event_t: set to 'received' after each activation */
	uint64_t buf;   /* the receive buffer (8 bytes) */
	uint32_t mmap;  /* its doca_dpa_dev_mmap_t */
	uint32_t last_type;
	uint64_t last_value;
	uint64_t received;
};

/* One side of the RDMA ping-pong test (kernels/rdma.c), in DPA memory. */
struct dpa_test_rdma_pp {
	uint64_t rdma;
	uint64_t comp;
	uint64_t event; /* set to 'count' after each activation */
	uint64_t recv_buf;
	uint64_t send_buf;
	uint32_t recv_mmap;
	uint32_t send_mmap;
	uint64_t count; /* messages received */
	uint64_t limit; /* send while count < limit */
	uint64_t first; /* the value of the first message it receives (pong 0, ping 1) */
	uint64_t bad;   /* messages whose value or type was not the one expected */
};

#endif
