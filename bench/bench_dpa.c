/* SPDX-License-Identifier: BSD-3-Clause
 * Emulated DPA latencies: kernel launch to completion event (1, 64 and 256 ranks) and RPC
 * round trip. One JSON object per line:
 *   {"bench":"dpa_launch","ranks":1,"iters":N,"eus":E,"median_us":..,"p99_us":..,"min_us":..}
 * Usage: bench_dpa [iterations]
 */
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#include <doca_dev.h>
#include <doca_dpa.h>
#include <doca_sync_event.h>

#include "bench_cli.h"
#include "core/config.h"

extern struct doca_dpa_app *bench_dpa_app;
extern doca_dpa_func_t bench_empty, bench_rpc;

static double now_us(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec * 1e6 + (double)ts.tv_nsec / 1e3;
}

static int cmp_double(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return (x > y) - (x < y);
}

static void report(const char *name, unsigned int ranks, double *s, unsigned int n)
{
	qsort(s, n, sizeof(*s), cmp_double);
	printf("{\"bench\":\"%s\",\"ranks\":%u,\"iters\":%u,\"eus\":%u,\"median_us\":%s,"
	       "\"p99_us\":%s,\"min_us\":%s}\n",
	       name, ranks, n, sdpa_config_get()->dpa_eus, bench_json(s[n / 2], 2).s,
	       bench_json(s[(size_t)n * 99 / 100], 2).s, bench_json(s[0], 2).s);
}

#define CHECK(call)                                                                                \
	do {                                                                                       \
		doca_error_t r_ = (call);                                                          \
		if (r_ != DOCA_SUCCESS) {                                                          \
			fprintf(stderr, "%s failed: %s\n", #call, doca_error_get_name(r_));        \
			exit(1);                                                                   \
		}                                                                                  \
	} while (0)

/* At least 10 samples, so the median and p99 are not a single launch. */
static const struct bench_arg args[] = {
        {.name = "iters",
         .help = "launches (and RPCs) per case",
         .unit = "a count",
         .lo = 10,
         .hi = 1000000,
         .def = 2000},
};

static struct bench_cli cli = {
        .prog = "bench_dpa",
        .about = "Emulated DPA latencies: kernel launch to completion event (1, 64 and 256 ranks)\n"
                 "and RPC round trip.",
        .output = "  bench (dpa_launch or dpa_rpc), ranks, iters, eus (execution units),\n"
                  "  median_us, p99_us, min_us",
        .args = args,
        .nargs = sizeof(args) / sizeof(args[0]),
};

int main(int argc, char **argv)
{
	unsigned int iters;
	struct doca_devinfo **list;
	struct doca_dev *dev = NULL;
	struct doca_dpa *dpa;
	struct doca_sync_event *comp;
	unsigned int ranks[] = {1, 64, 256};
	double *s;
	uint32_t n;

	bench_cli_start(&cli, argc, argv);
	iters = (unsigned int)bench_cli_num(&cli, 0);
	s = calloc(iters, sizeof(*s));
	if (s == NULL)
		return 1;
	CHECK(doca_devinfo_create_list(&list, &n));
	for (uint32_t i = 0; i < n && dev == NULL; i++)
		if (doca_dpa_cap_is_supported(list[i]) == DOCA_SUCCESS)
			CHECK(doca_dev_open(list[i], &dev));
	CHECK(doca_devinfo_destroy_list(list));
	if (dev == NULL) {
		fprintf(stderr, "no DPA-capable device\n");
		free(s);
		return 1;
	}
	CHECK(doca_dpa_create(dev, &dpa));
	CHECK(doca_dpa_set_app(dpa, bench_dpa_app));
	CHECK(doca_dpa_start(dpa));
	CHECK(doca_sync_event_create(&comp));
	CHECK(doca_sync_event_add_publisher_location_dpa(comp, dpa));
	CHECK(doca_sync_event_add_subscriber_location_cpu(comp, dev));
	CHECK(doca_sync_event_start(comp));

	for (size_t k = 0; k < sizeof(ranks) / sizeof(ranks[0]); k++) {
		uint64_t v = 0;

		CHECK(doca_sync_event_update_set(comp, 0));
		for (unsigned int i = 0; i < iters; i++) {
			double t0 = now_us();

			CHECK(doca_dpa_kernel_launch_update_add(dpa, NULL, 0, comp, 1, ranks[k],
			                                        &bench_empty));
			CHECK(doca_sync_event_wait_gt(comp, v, UINT64_MAX));
			s[i] = now_us() - t0;
			v++;
		}
		report("dpa_launch", ranks[k], s, iters);
	}
	for (unsigned int i = 0; i < iters; i++) {
		uint64_t ret;
		double t0 = now_us();

		CHECK(doca_dpa_rpc(dpa, &bench_rpc, &ret, (uint64_t)i));
		s[i] = now_us() - t0;
		if (ret != (uint64_t)i + 1)
			return 1;
	}
	report("dpa_rpc", 1, s, iters);
	CHECK(doca_sync_event_destroy(comp));
	CHECK(doca_dpa_destroy(dpa));
	CHECK(doca_dev_close(dev));
	free(s);
	return 0;
}
