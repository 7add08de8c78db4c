/* SPDX-License-Identifier: BSD-3-Clause
 * D9 bypass attempt: a destructor (would run on the host when the image is unloaded).
 */
#include <doca_dpa_dev.h>

static volatile uint64_t seen;

__attribute__((destructor)) void at_unload(void)
{
	seen = 2;
}

__dpa_global__ void dtor_kernel(uint64_t x)
{
	seen += x;
}
