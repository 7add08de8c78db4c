/* SPDX-License-Identifier: BSD-3-Clause
 * D9 bypass attempt: a function pointer placed in .init_array by hand.
 */
#include <doca_dpa_dev.h>

static volatile uint64_t hits;

static void sneaky(void)
{
	hits = 3;
}

__attribute__((section(".init_array"), used)) static void (*const sneaky_entry)(void) = sneaky;

__dpa_global__ void init_array_kernel(uint64_t x)
{
	hits += x;
}
