/* SPDX-License-Identifier: BSD-3-Clause
 * RDMA between two processes over the wire carrier (docs/DPA.md, "The wire carrier"): the
 * program forks a peer (one emulated BlueField each), the two exchange connection details
 * and a memory export over a socketpair, then measure send round trips between two DPA
 * threads woken by their receive completions, and writes posted from a kernel in batches of
 * 64 (the last one signalled), at 8 and 4096 bytes (1 KB path MTU: a 4096-byte message is
 * four RoCEv2 packets). One JSON object per line:
 *   {"bench":"rdma_wire_send_pingpong","size":8,"round_trips":N,"eus":E,"rtt_us":..}
 *   {"bench":"rdma_wire_write","size":8,"writes":N,"eus":E,"us_per_write":..,"gbytes_per_s":..}
 * Usage: bench_rdma_wire [iterations]
 */
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

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
extern doca_dpa_func_t bench_rdma_pingpong, bench_rdma_post, bench_rdma_write_batch,
        bench_rdma_poll;

enum { BATCH = 64 };

#define SYS(x)                                                                                     \
	do {                                                                                       \
		if (!(x)) {                                                                        \
			fprintf(stderr, "[pid %d] %s failed\n", (int)getpid(), #x);                \
			exit(1);                                                                   \
		}                                                                                  \
	} while (0)

static int peer_fd;

static void put_msg(const void *p, uint32_t len)
{
	SYS(write(peer_fd, &len, sizeof(len)) == (ssize_t)sizeof(len));
	SYS(write(peer_fd, p, len) == (ssize_t)len);
}

static uint32_t get_msg(void *p, uint32_t cap)
{
	uint32_t len = 0, got = 0;

	SYS(read(peer_fd, &len, sizeof(len)) == (ssize_t)sizeof(len));
	SYS(len <= cap);
	while (got < len) {
		ssize_t r = read(peer_fd, (uint8_t *)p + got, len - got);

		SYS(r > 0);
		got += (uint32_t)r;
	}
	return len;
}

/* A side connected to the peer's matching one; with 'thread', its DPA thread runs. */
static void side_up_connected(struct side *s, bool thread)
{
	uint8_t peer[256];
	uint32_t len;

	side_up(s, thread ? &bench_rdma_pingpong : NULL, 1024, 2 * BATCH);
	put_msg(s->details, (uint32_t)s->details_len);
	len = get_msg(peer, sizeof(peer));
	CHECK(doca_rdma_connect(s->rdma, peer, len, s->conn));
	if (thread)
		CHECK(doca_dpa_thread_run(s->th));
}

/* Arm one side of a ping-pong of 'n' messages of 'size' bytes: 'expect' receives. */
static struct doca_sync_event *arm(struct side *s, uint64_t size, unsigned int n, uint64_t expect)
{
	struct doca_sync_event *ev;
	doca_dpa_dev_sync_event_t h;
	struct bench_rdma_pp a;
	uint64_t ret;

	CHECK(doca_sync_event_create(&ev));
	CHECK(doca_sync_event_add_publisher_location_dpa(ev, dpa));
	CHECK(doca_sync_event_add_subscriber_location_cpu(ev, dev));
	CHECK(doca_sync_event_start(ev));
	CHECK(doca_sync_event_get_dpa_handle(ev, dpa, &h));
	a = (struct bench_rdma_pp){.rdma = s->h,
	                           .comp = s->comp_h,
	                           .event = h,
	                           .recv_buf = s->recv,
	                           .send_buf = s->send,
	                           .recv_mmap = s->rh,
	                           .send_mmap = s->sh,
	                           .size = size,
	                           .limit = n,
	                           .expect = expect};
	CHECK(doca_dpa_h2d_memcpy(dpa, s->arg, &a, sizeof(a)));
	CHECK(doca_dpa_rpc(dpa, &bench_rdma_post, &ret, s->h, 0u, s->rh, (uint64_t)s->recv, size));
	return ev;
}

/* The peer: the pong side and the target of the writes. */
static void peer(unsigned int n, const uint64_t *sizes, size_t nsizes)
{
	struct side p = {0}, w = {0};
	static uint8_t target[MAX_SIZE];
	struct doca_mmap *tm;
	const void *desc;
	size_t dlen;
	char go[8];

	side_up_connected(&p, true);
	side_up_connected(&w, false);
	CHECK(doca_mmap_create(&tm));
	CHECK(doca_mmap_set_memrange(tm, target, sizeof(target)));
	CHECK(doca_mmap_set_permissions(tm, DOCA_ACCESS_FLAG_LOCAL_READ_WRITE |
	                                            DOCA_ACCESS_FLAG_RDMA_WRITE));
	CHECK(doca_mmap_add_dev(tm, dev));
	CHECK(doca_mmap_start(tm));
	CHECK(doca_mmap_export_rdma(tm, dev, &desc, &dlen));
	put_msg(desc, (uint32_t)dlen);
	{
		uint64_t addr = (uint64_t)(uintptr_t)target;

		put_msg(&addr, sizeof(addr));
	}
	for (size_t i = 0; i < nsizes; i++) {
		struct doca_sync_event *ev = arm(&p, sizes[i], n, n);

		put_msg("ready", 5);
		CHECK(doca_sync_event_wait_gt(ev, n - 1, UINT64_MAX));
		get_msg(go, sizeof(go));
		CHECK(doca_sync_event_destroy(ev));
	}
	get_msg(go, sizeof(go)); /* the writes are done */
	CHECK(doca_mmap_destroy(tm));
	side_down(&p);
	side_down(&w);
}

static void pingpong(struct side *s, uint64_t size, unsigned int n)
{
	struct doca_sync_event *ev = arm(s, size, n, n - 1);
	char ready[8];
	uint64_t ret;
	double t0, t1;

	get_msg(ready, sizeof(ready));
	t0 = now_us();
	CHECK(doca_dpa_rpc(dpa, &bench_rdma_post, &ret, s->h, 1u, s->sh, (uint64_t)s->send, size));
	CHECK(doca_sync_event_wait_gt(ev, n - 2, UINT64_MAX));
	t1 = now_us();
	printf("{\"bench\":\"rdma_wire_send_pingpong\",\"size\":%llu,\"round_trips\":%u,"
	       "\"eus\":%u,\"rtt_us\":%s}\n",
	       (unsigned long long)size, n, sdpa_config_get()->dpa_eus,
	       bench_json((t1 - t0) / ((double)n - 0.5), 3).s);
	fflush(stdout);
	put_msg("next", 4);
	CHECK(doca_sync_event_destroy(ev));
}

static void writes(struct side *s, doca_dpa_dev_mmap_t dst_h, uint64_t dst, uint64_t size,
                   unsigned int n)
{
	unsigned int done = 0;
	double t0 = now_us(), t;

	while (done < n) {
		uint64_t batch = n - done < BATCH ? n - done : BATCH, ret = 0, type = 0;

		CHECK(doca_dpa_rpc(dpa, &bench_rdma_write_batch, &ret, s->h, dst_h, dst, s->sh,
		                   (uint64_t)s->send, size, batch));
		do
			CHECK(doca_dpa_rpc(dpa, &bench_rdma_poll, &type, s->comp_h));
		while (type == 0);
		if (type != 1) {
			fprintf(stderr, "a write completed with an error (type %llu)\n",
			        (unsigned long long)type - 1);
			exit(1);
		}
		done += (unsigned int)batch;
	}
	t = now_us() - t0;
	printf("{\"bench\":\"rdma_wire_write\",\"size\":%llu,\"writes\":%u,\"eus\":%u,"
	       "\"us_per_write\":%s,\"gbytes_per_s\":%s}\n",
	       (unsigned long long)size, n, sdpa_config_get()->dpa_eus, bench_json(t / n, 3).s,
	       bench_json(t > 0 ? (double)size * n / t / 1e3 : NAN, 3).s);
	fflush(stdout);
}

static const struct bench_arg args[] = {
        {.name = "iters",
         .help = "round trips and writes per case",
         .unit = "a count",
         .lo = 2,
         .hi = 10000000,
         .def = 5000},
};

static struct bench_cli cli = {
        .prog = "bench_rdma_wire",
        .about = "RDMA between two processes over the RoCEv2 wire carrier: send round trips\n"
                 "between two DPA threads woken by their receive completions, and writes\n"
                 "posted from a kernel in batches of 64, at 8 and 4096 bytes.",
        .output = "  bench (rdma_wire_send_pingpong or rdma_wire_write), size (bytes),\n"
                  "  round_trips or writes, eus, rtt_us (a round trip) or us_per_write and\n"
                  "  gbytes_per_s",
        .args = args,
        .nargs = sizeof(args) / sizeof(args[0]),
};

static void open_dpa(void)
{
	struct doca_devinfo **list;
	uint32_t nd;

	CHECK(doca_devinfo_create_list(&list, &nd));
	for (uint32_t i = 0; i < nd && dev == NULL; i++)
		if (doca_dpa_cap_is_supported(list[i]) == DOCA_SUCCESS)
			CHECK(doca_dev_open(list[i], &dev));
	CHECK(doca_devinfo_destroy_list(list));
	SYS(dev != NULL);
	CHECK(doca_dpa_create(dev, &dpa));
	CHECK(doca_dpa_set_app(dpa, bench_rdma_app));
	CHECK(doca_dpa_start(dpa));
}

int main(int argc, char **argv)
{
	const uint64_t sizes[] = {8, MAX_SIZE};
	const size_t nsizes = sizeof(sizes) / sizeof(sizes[0]);
	struct side p = {0}, w = {0};
	struct doca_mmap *tm;
	doca_dpa_dev_mmap_t th;
	uint8_t desc[256];
	uint32_t dlen;
	uint64_t taddr = 0;
	unsigned int n;
	int sv[2], st = 0;
	pid_t child;

	bench_cli_start(&cli, argc, argv);
	n = (unsigned int)bench_cli_num(&cli, 0);
	/* Fork before any DOCA object exists: each process is one emulated BlueField. */
	SYS(socketpair(AF_UNIX, SOCK_STREAM, 0, sv) == 0);
	fflush(NULL);
	child = fork();
	SYS(child >= 0);
	if (child == 0) {
		close(sv[0]);
		peer_fd = sv[1];
		alarm(600);
		open_dpa();
		peer(n, sizes, nsizes);
		CHECK(doca_dpa_destroy(dpa));
		CHECK(doca_dev_close(dev));
		_exit(0);
	}
	close(sv[1]);
	peer_fd = sv[0];
	open_dpa();
	side_up_connected(&p, true);
	side_up_connected(&w, false);
	dlen = get_msg(desc, sizeof(desc));
	SYS(get_msg(&taddr, sizeof(taddr)) == sizeof(taddr));
	CHECK(doca_mmap_create_from_export(NULL, desc, dlen, dev, &tm));
	CHECK(doca_mmap_dev_get_dpa_handle(tm, dev, &th));
	for (size_t i = 0; i < nsizes; i++)
		pingpong(&p, sizes[i], n);
	for (size_t i = 0; i < nsizes; i++)
		writes(&w, th, taddr, sizes[i], n);
	put_msg("bye", 3);
	CHECK(doca_mmap_destroy(tm));
	side_down(&p);
	side_down(&w);
	CHECK(doca_dpa_destroy(dpa));
	CHECK(doca_dev_close(dev));
	SYS(waitpid(child, &st, 0) == child);
	return WIFEXITED(st) && WEXITSTATUS(st) == 0 ? 0 : 1;
}
