/* SPDX-License-Identifier: BSD-3-Clause
 * DPDK's EAL for the anchor benches (bench_anchor, bench_lpmacl): no huge pages, no devices,
 * and the main lcore allowed on exactly the CPUs this process may run on. make bench-compare
 * pins both sides of a pair to one CPU (scripts/bench_compare.py); an EAL started with "-l 0"
 * would move its thread to CPU 0 instead, and the pair would compare two CPUs.
 */
#ifndef SDPA_BENCH_EAL_H
#define SDPA_BENCH_EAL_H

#include <sched.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include <rte_eal.h>
#include <rte_errno.h>

/* rte_eal_init for 'prog' with 'mem_mb' megabytes of (normal) memory; 0 or -1 as it. */
static inline int bench_eal_up(const char *prog, const char *mem_mb)
{
	char prefix[64], lcores[512] = "0@(";
	size_t len = strlen(lcores);
	cpu_set_t cpus;
	char *argv[16];
	int argc = 0;

	if (sched_getaffinity(0, sizeof(cpus), &cpus) != 0)
		CPU_ZERO(&cpus);
	for (int c = 0; c < CPU_SETSIZE && len + 8 < sizeof(lcores); c++)
		if (CPU_ISSET(c, &cpus))
			len += (size_t)snprintf(lcores + len, sizeof(lcores) - len, "%s%d",
			                        lcores[len - 1] == '(' ? "" : ",", c);
	if (lcores[len - 1] == '(')
		len += (size_t)snprintf(lcores + len, sizeof(lcores) - len, "0");
	snprintf(lcores + len, sizeof(lcores) - len, ")");
	snprintf(prefix, sizeof(prefix), "--file-prefix=%s_%d", prog, (int)getpid());
	argv[argc++] = (char *)prog;
	argv[argc++] = "--no-huge";
	argv[argc++] = "-m";
	argv[argc++] = (char *)mem_mb;
	argv[argc++] = "--no-pci";
	argv[argc++] = "--log-level=error";
	argv[argc++] = "--no-telemetry";
	argv[argc++] = "--lcores";
	argv[argc++] = lcores;
	argv[argc++] = prefix;
	argv[argc] = NULL;
	if (rte_eal_init(argc, argv) < 0) {
		fprintf(stderr, "%s: rte_eal_init failed: %s\n", prog, rte_strerror(rte_errno));
		return -1;
	}
	return 0;
}

#endif
