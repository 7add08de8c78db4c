/* SPDX-License-Identifier: BSD-3-Clause
 * Cost of the external-resource datapath calls, single thread: one index-selector select
 * (a few selector shapes: everything enabled, a sparse set that makes the scan walk past
 * DISABLE indices, skips being consumed) and one array ADD at every granularity (64-bit is
 * a native fetch-add, narrower widths a CAS loop). Prints one JSON line per case.
 *
 *   bench_ext [operations per case (default 10000000)]
 */
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#include <doca_flow_external_action_array.h>
#include <doca_flow_external_action_index_selector.h>

#include "bench_cli.h"
#include "nic/ext_resource.h"

static char port_mem;
#define PORT ((struct doca_flow_port *)&port_mem)

static double now_ns(void)
{
	struct timespec t;

	clock_gettime(CLOCK_MONOTONIC, &t);
	return (double)t.tv_sec * 1e9 + (double)t.tv_nsec;
}

static void report(const char *kind, const char *name, uint64_t ops, double ns, uint64_t check)
{
	printf("{\"bench\":\"ext\",\"op\":\"%s\",\"case\":\"%s\",\"ops\":%llu,"
	       "\"ns_per_op\":%s,\"mops\":%s,\"check\":%llu}\n",
	       kind, name, (unsigned long long)ops, bench_json(bench_div(ns, (double)ops), 2).s,
	       bench_json(bench_div((double)ops * 1e3, ns), 2).s, (unsigned long long)check);
}

/* `prep` shapes the selector; `reskip` re-arms SKIP_ONCE on index 2 every 4 selects. */
static int bench_select(const char *name, uint64_t ops, uint32_t first, uint32_t last,
                        uint32_t stride, int reskip)
{
	struct doca_flow_external_resource_index_selector_cfg cfg = {.num_resources = 1};
	struct doca_flow_external_resource_index_selector *sel;
	uint64_t sum = 0;
	double t0, t1;

	if (doca_flow_external_resource_index_selector_create(&cfg, PORT, &sel) != DOCA_SUCCESS)
		return 1;
	for (uint32_t i = first; i <= last; i += stride)
		sdpa_ixsel_modify(sel, 0, SDPA_IXSEL_ENABLE, i);
	t0 = now_ns();
	for (uint64_t i = 0; i < ops; i++) {
		if (reskip && (i & 3) == 0)
			sdpa_ixsel_modify(sel, 0, SDPA_IXSEL_SKIP_ONCE, 2);
		sum += sdpa_ixsel_select(sel, 0);
	}
	t1 = now_ns();
	report("select", name, ops, t1 - t0, sum);
	doca_flow_external_resource_index_selector_destroy(sel);
	return sum == 0;
}

static int bench_add(uint32_t bits, uint64_t ops)
{
	struct doca_flow_external_resource_array_cfg cfg = {
	        .size = 64,
	        .num_resources = 1,
	        .granularity = (enum doca_flow_external_resource_granularity)bits};
	struct doca_flow_external_resource_array *arr;
	uint64_t v = 0;
	double t0, t1;
	char name[16];

	if (doca_flow_external_resource_array_create(&cfg, PORT, &arr) != DOCA_SUCCESS)
		return 1;
	t0 = now_ns();
	for (uint64_t i = 0; i < ops; i++) {
		uint64_t io = 1;

		if (!sdpa_array_exec(arr, 0, (uint32_t)(i & 63),
		                     DOCA_FLOW_EXTERNAL_ACTION_ARRAY_OP_ADD, &io))
			return 1;
	}
	t1 = now_ns();
	sdpa_array_read(arr, 0, 0, &v);
	snprintf(name, sizeof(name), "add_%ubit", bits);
	report("array_add", name, ops, t1 - t0, v);
	doca_flow_external_resource_array_destroy(arr);
	return 0;
}

static const struct bench_arg args[] = {
        {.name = "ops",
         .help = "operations per case",
         .unit = "a count",
         .lo = 1,
         .hi = 1000000000,
         .def = 10000000},
};

static struct bench_cli cli = {
        .prog = "bench_ext",
        .about = "External-resource datapath calls, one thread: index-selector select (several\n"
                 "selector shapes) and array ADD at 8, 16, 32 and 64 bits.",
        .output = "  op (select or array_add), case, ops, ns_per_op, mops (million ops a second),\n"
                  "  check (a checksum that keeps the work from being optimised away)",
        .args = args,
        .nargs = sizeof(args) / sizeof(args[0]),
};

int main(int argc, char **argv)
{
	uint64_t ops;
	uint32_t t;

	bench_cli_start(&cli, argc, argv);
	ops = bench_cli_num(&cli, 0);
	if (doca_flow_external_action_index_selector_register(&t) != DOCA_SUCCESS ||
	    doca_flow_external_action_array_register(&t) != DOCA_SUCCESS)
		return 1;
	return bench_select("4_enabled", ops, 1, 4, 1, 0) ||
	       bench_select("64_enabled", ops, 1, 64, 1, 0) ||
	       bench_select("every_8th_of_64", ops, 1, 64, 8, 0) ||
	       bench_select("4_enabled_skip_once_rearmed", ops, 1, 4, 1, 1) || bench_add(8, ops) ||
	       bench_add(16, ops) || bench_add(32, ops) || bench_add(64, ops);
}
