/* SPDX-License-Identifier: BSD-3-Clause
 * Must NOT build: malloc does not exist on the DPA (D9).
 */
#include <stdlib.h>

#include <doca_dpa_dev.h>

__dpa_global__ void uses_malloc(uint64_t out)
{
	uint64_t *p = malloc(64);

	p[0] = doca_dpa_dev_thread_rank();
	*(uint64_t **)out = p;
}
