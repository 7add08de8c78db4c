/* SPDX-License-Identifier: BSD-3-Clause
 * D9 bypass attempt: a weak undefined reference to a host function. The device image
 * would bind it to the host's malloc at load time; softdpa-dpacc must refuse it as it
 * refuses a plain call.
 */
#include <doca_dpa_dev.h>

extern void *malloc(unsigned long size) __attribute__((weak));

__dpa_global__ void weak_kernel(uint64_t n)
{
	if (malloc != 0)
		(void)malloc(n);
}
