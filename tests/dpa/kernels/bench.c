/* SPDX-License-Identifier: BSD-3-Clause
 * Kernels for bench/bench_dpa.c.
 */
#include <doca_dpa_dev.h>

__dpa_global__ void bench_empty(void)
{
}

__dpa_rpc__ uint64_t bench_rpc(uint64_t x)
{
	return x + 1;
}
