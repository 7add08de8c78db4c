/* SPDX-License-Identifier: BSD-3-Clause
 * Window costs per mode (docs/WINDOWS.md). One JSON object per line:
 *   {"bench":"window_bind_touch","mode":"faithful","iters":N,"ns_per_op":..}
 *     a bind that switches the window plus the first touch of a 4 KiB page
 *   {"bench":"window_sustained","mode":"faithful","bytes":B,"rounds":R,
 *    "window_ns":..,"plain_ns":..,"ratio":..}
 *     loads and stores through a bound window after the first touch, vs. the same loop
 *     on plain host memory (ratio = window / plain; 1.0 = plain-memory speed)
 * Usage: bench_window [bind iterations]
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <doca_dev.h>
#include <doca_dpa.h>
#include <doca_mmap.h>
#include <doca_sync_event.h>

#include "bench_cli.h"
#include "core/config.h"

extern struct doca_dpa_app *bench_window_app;
extern doca_dpa_func_t bw_bind_touch, bw_sustain;

enum { PAGE = 4096, SUSTAIN_BYTES = 64 * 1024, SUSTAIN_ROUNDS = 200 };

#define CHECK(call)                                                                                \
	do {                                                                                       \
		doca_error_t r_ = (call);                                                          \
		if (r_ != DOCA_SUCCESS) {                                                          \
			fprintf(stderr, "%s failed: %s\n", #call, doca_error_get_name(r_));        \
			exit(1);                                                                   \
		}                                                                                  \
	} while (0)

struct ctx {
	struct doca_dev *dev;
	struct doca_dpa *dpa;
	struct doca_sync_event *comp;
	uint64_t launches;
	doca_dpa_dev_uintptr_t out;
};

struct region {
	void *mem;
	struct doca_mmap *mm;
	doca_dpa_dev_mmap_t h;
};

static void region_make(struct ctx *c, struct region *r, size_t len)
{
	r->mem = aligned_alloc(PAGE, len);
	if (r->mem == NULL)
		exit(1);
	memset(r->mem, 1, len);
	CHECK(doca_mmap_create(&r->mm));
	CHECK(doca_mmap_set_memrange(r->mm, r->mem, len));
	CHECK(doca_mmap_add_dev(r->mm, c->dev));
	CHECK(doca_mmap_start(r->mm));
	CHECK(doca_mmap_dev_get_dpa_handle(r->mm, c->dev, &r->h));
}

static void region_free(struct region *r)
{
	CHECK(doca_mmap_destroy(r->mm));
	free(r->mem);
}

static void wait_launch(struct ctx *c, uint64_t out[2])
{
	c->launches++;
	CHECK(doca_sync_event_wait_gt(c->comp, c->launches - 1, UINT64_MAX));
	CHECK(doca_dpa_d2h_memcpy(c->dpa, out, c->out, 16));
}

static struct doca_dev *open_dev(void)
{
	struct doca_devinfo **list;
	struct doca_dev *dev = NULL;
	uint32_t n;

	CHECK(doca_devinfo_create_list(&list, &n));
	for (uint32_t i = 0; i < n && dev == NULL; i++)
		if (doca_dpa_cap_is_supported(list[i]) == DOCA_SUCCESS)
			CHECK(doca_dev_open(list[i], &dev));
	CHECK(doca_devinfo_destroy_list(list));
	if (dev == NULL) {
		fprintf(stderr, "no DPA-capable device\n");
		exit(1);
	}
	return dev;
}

static void run_mode(struct doca_dev *dev, const char *mode, unsigned int iters)
{
	struct ctx c = {.dev = dev};
	struct region a, b, s;
	uint64_t out[2], win_ns, plain_ns;
	void *plain;

	setenv("SOFTDPA_WINDOW", mode, 1);
	sdpa_config_reload();
	CHECK(doca_dpa_create(dev, &c.dpa));
	CHECK(doca_dpa_set_app(c.dpa, bench_window_app));
	CHECK(doca_dpa_start(c.dpa));
	CHECK(doca_sync_event_create(&c.comp));
	CHECK(doca_sync_event_add_publisher_location_dpa(c.comp, c.dpa));
	CHECK(doca_sync_event_add_subscriber_location_cpu(c.comp, dev));
	CHECK(doca_sync_event_start(c.comp));
	CHECK(doca_dpa_mem_alloc(c.dpa, 16, &c.out));
	region_make(&c, &a, PAGE);
	region_make(&c, &b, PAGE);
	region_make(&c, &s, SUSTAIN_BYTES);

	CHECK(doca_dpa_kernel_launch_update_add(
	        c.dpa, NULL, 0, c.comp, 1, 1, &bw_bind_touch, a.h, (uint64_t)(uintptr_t)a.mem, b.h,
	        (uint64_t)(uintptr_t)b.mem, iters, (uint64_t *)(uintptr_t)c.out));
	wait_launch(&c, out);
	printf("{\"bench\":\"window_bind_touch\",\"mode\":\"%s\",\"iters\":%u,\"ns_per_op\":%s}\n",
	       mode, iters, bench_json(bench_div((double)out[0], iters), 1).s);

	plain = aligned_alloc(PAGE, SUSTAIN_BYTES);
	if (plain == NULL)
		exit(1);
	CHECK(doca_dpa_kernel_launch_update_add(
	        c.dpa, NULL, 0, c.comp, 1, 1, &bw_sustain, s.h, (uint64_t)(uintptr_t)s.mem,
	        (uint64_t *)plain, (uint32_t)1, (uint32_t)(SUSTAIN_BYTES / 8),
	        (uint32_t)SUSTAIN_ROUNDS, (uint64_t *)(uintptr_t)c.out));
	wait_launch(&c, out);
	win_ns = out[0];
	CHECK(doca_dpa_kernel_launch_update_add(
	        c.dpa, NULL, 0, c.comp, 1, 1, &bw_sustain, s.h, (uint64_t)(uintptr_t)s.mem,
	        (uint64_t *)plain, (uint32_t)0, (uint32_t)(SUSTAIN_BYTES / 8),
	        (uint32_t)SUSTAIN_ROUNDS, (uint64_t *)(uintptr_t)c.out));
	wait_launch(&c, out);
	plain_ns = out[0];
	printf("{\"bench\":\"window_sustained\",\"mode\":\"%s\",\"bytes\":%d,\"rounds\":%d,"
	       "\"window_ns\":%llu,\"plain_ns\":%llu,\"ratio\":%s}\n",
	       mode, SUSTAIN_BYTES, SUSTAIN_ROUNDS, (unsigned long long)win_ns,
	       (unsigned long long)plain_ns,
	       bench_json(bench_div((double)win_ns, (double)plain_ns), 2).s);
	free(plain);

	region_free(&a);
	region_free(&b);
	region_free(&s);
	CHECK(doca_dpa_stop(c.dpa));
	CHECK(doca_sync_event_destroy(c.comp));
	CHECK(doca_dpa_destroy(c.dpa));
}

/* At least 2, so both mmaps are bound: every bind switches the window. */
static const struct bench_arg args[] = {
        {.name = "iters",
         .help = "binds (each with a first touch) per mode",
         .unit = "a count",
         .lo = 2,
         .hi = 1000000,
         .def = 20000},
};

static struct bench_cli cli = {
        .prog = "bench_window",
        .about = "Window costs per SOFTDPA_WINDOW mode (fast, faithful, strict; docs/WINDOWS.md):\n"
                 "a switching bind plus first touch of a 4 KiB page, and sustained loads and\n"
                 "stores over 64 KiB through a bound window vs. plain host memory.",
        .output = "  window_bind_touch: mode, iters, ns_per_op\n"
                  "  window_sustained: mode, bytes, rounds, window_ns, plain_ns,\n"
                  "    ratio (window / plain; 1.0 = plain-memory speed)",
        .args = args,
        .nargs = sizeof(args) / sizeof(args[0]),
};

int main(int argc, char **argv)
{
	unsigned int iters;
	const char *modes[] = {"fast", "faithful", "strict"};
	struct doca_dev *dev;

	bench_cli_start(&cli, argc, argv);
	iters = (unsigned int)bench_cli_num(&cli, 0);
	dev = open_dev();
	for (unsigned int i = 0; i < 3; i++)
		run_mode(dev, modes[i], iters);
	CHECK(doca_dev_close(dev));
	return 0;
}
