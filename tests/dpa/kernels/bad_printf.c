/* SPDX-License-Identifier: BSD-3-Clause
 * Must NOT build: printf does not exist on the DPA (D9); use DOCA_DPA_DEV_LOG_*.
 */
#include <stdio.h>

#include <doca_dpa_dev.h>

__dpa_global__ void uses_printf(uint64_t v)
{
	printf("value %llu\n", (unsigned long long)v);
}
