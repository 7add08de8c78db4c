/* SPDX-License-Identifier: BSD-3-Clause
 * D9 bypass attempt: a constructor. It would run on the host, inside doca_dpa_start, when
 * the image is loaded; the DPA runs no constructors.
 */
#include <doca_dpa_dev.h>

static volatile uint64_t armed;

__attribute__((constructor)) void arm_at_load(void)
{
	armed = 1;
}

__dpa_global__ void ctor_kernel(uint64_t x)
{
	armed += x;
}
