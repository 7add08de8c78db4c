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

#endif
