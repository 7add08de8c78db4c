/* SPDX-License-Identifier: BSD-3-Clause
 * RDMA on the emulated DPA, in one process (docs/DPA.md, "RDMA"): send round trips between
 * two DPA threads woken by their receive completions, and writes posted back to back from a
 * kernel, at 8 and 4096 bytes. One JSON object per line:
 *   {"bench":"rdma_send_pingpong","size":8,"round_trips":N,"eus":E,"rtt_us":..}
 *   {"bench":"rdma_write","size":8,"writes":N,"eus":E,"us_per_write":..,"gbytes_per_s":..}
 * Usage: bench_rdma [iterations]
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <doca_ctx.h>
#include <doca_dev.h>
#include <doca_dpa.h>
#include <doca_mmap.h>
#include <doca_rdma.h>
#include <doca_sync_event.h>

#include "bench_cli.h"
#include "bench_rdma_side.h"
#include "core/config.h"

extern struct doca_dpa_app *bench_rdma_app;
extern doca_dpa_func_t bench_rdma_pingpong, bench_rdma_writes, bench_rdma_post;

static struct doca_sync_event *event(doca_dpa_dev_sync_event_t *h)
{
	struct doca_sync_event *ev;

	CHECK(doca_sync_event_create(&ev));
	CHECK(doca_sync_event_add_publisher_location_dpa(ev, dpa));
	CHECK(doca_sync_event_add_subscriber_location_cpu(ev, dev));
	CHECK(doca_sync_event_start(ev));
	CHECK(doca_sync_event_get_dpa_handle(ev, dpa, h));
	return ev;
}

/* Round trips of 'size' bytes between the two threads; the receives are posted first. */
static void pingpong(struct side *ping, struct side *pong, uint64_t size, unsigned int n)
{
	struct side *sides[2] = {ping, pong};
	struct doca_sync_event *ev[2];
	double t0, t1;
	uint64_t ret;

	for (int i = 0; i < 2; i++) {
		doca_dpa_dev_sync_event_t h;
		struct bench_rdma_pp a;

		ev[i] = event(&h);
		a = (struct bench_rdma_pp){.rdma = sides[i]->h,
		                           .comp = sides[i]->comp_h,
		                           .event = h,
		                           .recv_buf = sides[i]->recv,
		                           .send_buf = sides[i]->send,
		                           .recv_mmap = sides[i]->rh,
		                           .send_mmap = sides[i]->sh,
		                           .size = size,
		                           .limit = n,
		                           .expect = i == 0 ? n - 1 : n};
		CHECK(doca_dpa_h2d_memcpy(dpa, sides[i]->arg, &a, sizeof(a)));
		CHECK(doca_dpa_rpc(dpa, &bench_rdma_post, &ret, sides[i]->h, 0u, sides[i]->rh,
		                   (uint64_t)sides[i]->recv, size));
	}
	t0 = now_us();
	CHECK(doca_dpa_rpc(dpa, &bench_rdma_post, &ret, ping->h, 1u, ping->sh, (uint64_t)ping->send,
	                   size));
	/* Pong receives n messages, ping n - 1 answers: n - 1 full round trips and a half. */
	CHECK(doca_sync_event_wait_gt(ev[1], n - 1, UINT64_MAX));
	CHECK(doca_sync_event_wait_gt(ev[0], n - 2, UINT64_MAX));
	t1 = now_us();
	printf("{\"bench\":\"rdma_send_pingpong\",\"size\":%llu,\"round_trips\":%u,\"eus\":%u,"
	       "\"rtt_us\":%s}\n",
	       (unsigned long long)size, n, sdpa_config_get()->dpa_eus,
	       bench_json((t1 - t0) / ((double)n - 0.5), 3).s);
	CHECK(doca_sync_event_destroy(ev[0]));
	CHECK(doca_sync_event_destroy(ev[1]));
}

static void writes(struct side *from, struct side *to, uint64_t size, unsigned int n)
{
	uint64_t ret = 0;
	double t0 = now_us(), t;

	CHECK(doca_dpa_rpc(dpa, &bench_rdma_writes, &ret, from->h, to->rh, (uint64_t)to->recv,
	                   from->sh, (uint64_t)from->send, size, (uint64_t)n));
	t = now_us() - t0;
	if (ret != n)
		exit(1);
	printf("{\"bench\":\"rdma_write\",\"size\":%llu,\"writes\":%u,\"eus\":%u,"
	       "\"us_per_write\":%s,\"gbytes_per_s\":%s}\n",
	       (unsigned long long)size, n, sdpa_config_get()->dpa_eus, bench_json(t / n, 3).s,
	       bench_json(t > 0 ? (double)size * n / t / 1e3 : NAN, 3).s);
}

static const struct bench_arg args[] = {
        {.name = "iters",
         .help = "round trips and writes per case",
         .unit = "a count",
         .lo = 2,
         .hi = 10000000,
         .def = 20000},
};

static struct bench_cli cli = {
        .prog = "bench_rdma",
        .about = "RDMA on the emulated DPA, in one process: send round trips between two DPA\n"
                 "threads woken by their receive completions, and writes posted back to back\n"
                 "from a kernel, at 8 and 4096 bytes.",
        .output = "  bench (rdma_send_pingpong or rdma_write), size (bytes), round_trips or\n"
                  "  writes, eus, rtt_us (a round trip) or us_per_write and gbytes_per_s",
        .args = args,
        .nargs = sizeof(args) / sizeof(args[0]),
};

int main(int argc, char **argv)
{
	struct doca_devinfo **list;
	struct side a = {0}, b = {0};
	const uint64_t sizes[] = {8, MAX_SIZE};
	unsigned int n;
	uint32_t nd;

	bench_cli_start(&cli, argc, argv);
	n = (unsigned int)bench_cli_num(&cli, 0);
	CHECK(doca_devinfo_create_list(&list, &nd));
	for (uint32_t i = 0; i < nd && dev == NULL; i++)
		if (doca_dpa_cap_is_supported(list[i]) == DOCA_SUCCESS)
			CHECK(doca_dev_open(list[i], &dev));
	CHECK(doca_devinfo_destroy_list(list));
	if (dev == NULL) {
		fprintf(stderr, "no DPA-capable device\n");
		return 1;
	}
	CHECK(doca_dpa_create(dev, &dpa));
	CHECK(doca_dpa_set_app(dpa, bench_rdma_app));
	CHECK(doca_dpa_start(dpa));
	side_up(&a, &bench_rdma_pingpong, 64, 0);
	side_up(&b, &bench_rdma_pingpong, 64, 0);
	CHECK(doca_rdma_connect(a.rdma, b.details, b.details_len, a.conn));
	CHECK(doca_rdma_connect(b.rdma, a.details, a.details_len, b.conn));
	CHECK(doca_dpa_thread_run(a.th));
	CHECK(doca_dpa_thread_run(b.th));
	for (size_t i = 0; i < sizeof(sizes) / sizeof(sizes[0]); i++)
		pingpong(&a, &b, sizes[i], n);
	for (size_t i = 0; i < sizeof(sizes) / sizeof(sizes[0]); i++)
		writes(&a, &b, sizes[i], n);
	side_down(&a);
	side_down(&b);
	CHECK(doca_dpa_destroy(dpa));
	CHECK(doca_dev_close(dev));
	return 0;
}
