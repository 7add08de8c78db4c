/* Shared by the provider test kernels and their host programs: result records the
 * kernels write into DPA heap memory, and operation codes. Plain fixed-width types only. */
#ifndef PROV_COMMON_H
#define PROV_COMMON_H

#include <stdint.h>

enum prov_op {
	PROV_ENABLE = 0,
	PROV_DISABLE = 1,
	PROV_REPLACE = 2,
	PROV_MEM_UPDATE = 3,
	PROV_MEM_READ = 4,
	PROV_SEL_MODIFY = 5,
	PROV_MEM_READ_RANGE = 6,
	PROV_SEL_MODIFY_RANGE = 7,
};

struct prov_result {
	uint32_t post_rc;     /* doca_error_t of the post */
	uint32_t completed;   /* sum of num_completed until done */
	uint32_t failed;      /* sum of num_failed */
	uint32_t polls;       /* polls it took */
	uint64_t value;       /* a read's value */
	uint64_t values[64];  /* a range read's values */
	uint32_t again_after; /* posts accepted before the first AGAIN */
	uint32_t resumed;     /* posts accepted after draining */
};

#endif
