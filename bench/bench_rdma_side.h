/* SPDX-License-Identifier: BSD-3-Clause
 * What bench_rdma.c (one process) and bench_rdma_wire.c (two processes) share: an RDMA
 * context with its DPA data path, its completion context, optionally the DPA thread that
 * completion wakes, and two DPA buffers registered for RDMA. Included by one bench each
 * (static functions and the bench's device and DPA context).
 */
#ifndef BENCH_RDMA_SIDE_H
#define BENCH_RDMA_SIDE_H

#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>
#include <unistd.h>

#include <doca_ctx.h>
#include <doca_dev.h>
#include <doca_dpa.h>
#include <doca_mmap.h>
#include <doca_rdma.h>

enum { MAX_SIZE = 4096 };

/* The layout of bench_rdma_dev.c's struct bench_rdma_pp. */
struct bench_rdma_pp {
	uint64_t rdma, comp, event, recv_buf, send_buf;
	uint32_t recv_mmap, send_mmap;
	uint64_t size, count, limit;
	uint64_t expect; /* messages this side receives: it reposts until then */
};

/* A bench: a failed call ends the process with its name and error. */
#define CHECK(call)                                                                                \
	do {                                                                                       \
		doca_error_t r_ = (call);                                                          \
		if (r_ != DOCA_SUCCESS) {                                                          \
			fprintf(stderr, "[pid %d] %s failed: %s\n", (int)getpid(), #call,          \
			        doca_error_get_name(r_));                                          \
			exit(1);                                                                   \
		}                                                                                  \
	} while (0)

static struct doca_dev *dev;
static struct doca_dpa *dpa;

static inline double now_us(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec * 1e6 + (double)ts.tv_nsec / 1e3;
}

struct side {
	struct doca_dpa_thread *th; /* NULL: no thread on the completion */
	struct doca_dpa_completion *comp;
	doca_dpa_dev_completion_t comp_h;
	struct doca_rdma *rdma;
	doca_dpa_dev_rdma_t h;
	struct doca_rdma_connection *conn;
	const void *details;
	size_t details_len;
	doca_dpa_dev_uintptr_t arg, recv, send;
	struct doca_mmap *rm, *sm;
	doca_dpa_dev_mmap_t rh, sh;
};

static inline struct doca_mmap *dpa_mmap(doca_dpa_dev_uintptr_t addr, doca_dpa_dev_mmap_t *h)
{
	struct doca_mmap *m;

	CHECK(doca_mmap_create(&m));
	CHECK(doca_mmap_set_dpa_memrange(m, dpa, addr, MAX_SIZE));
	CHECK(doca_mmap_set_permissions(m, DOCA_ACCESS_FLAG_LOCAL_READ_WRITE |
	                                           DOCA_ACCESS_FLAG_RDMA_WRITE));
	CHECK(doca_mmap_start(m));
	CHECK(doca_mmap_dev_get_dpa_handle(m, dev, h));
	return m;
}

/* Up to the export: buffers, (with 'thread') a DPA thread running 'func' woken by the
 * completion of 'depth' elements, the RDMA context (send queue of 'sq' when not 0), started.
 * Connecting and running the thread are the caller's. */
static inline void side_up(struct side *s, doca_dpa_func_t *func, uint32_t depth, uint32_t sq)
{
	CHECK(doca_dpa_mem_alloc(dpa, sizeof(struct bench_rdma_pp), &s->arg));
	CHECK(doca_dpa_mem_alloc(dpa, MAX_SIZE, &s->recv));
	CHECK(doca_dpa_mem_alloc(dpa, MAX_SIZE, &s->send));
	CHECK(doca_dpa_memset(dpa, s->send, 0x5a, MAX_SIZE));
	s->rm = dpa_mmap(s->recv, &s->rh);
	s->sm = dpa_mmap(s->send, &s->sh);
	if (func != NULL) {
		CHECK(doca_dpa_thread_create(dpa, &s->th));
		CHECK(doca_dpa_thread_set_func_arg(s->th, func, s->arg));
		CHECK(doca_dpa_thread_start(s->th));
	}
	CHECK(doca_dpa_completion_create(dpa, depth, &s->comp));
	if (s->th != NULL)
		CHECK(doca_dpa_completion_set_thread(s->comp, s->th));
	CHECK(doca_dpa_completion_start(s->comp));
	CHECK(doca_dpa_completion_get_dpa_handle(s->comp, &s->comp_h));
	CHECK(doca_rdma_create(dev, &s->rdma));
	CHECK(doca_rdma_set_permissions(s->rdma, DOCA_ACCESS_FLAG_LOCAL_READ_WRITE |
	                                                 DOCA_ACCESS_FLAG_RDMA_WRITE));
	if (sq != 0)
		CHECK(doca_rdma_set_send_queue_size(s->rdma, sq));
	CHECK(doca_ctx_set_datapath_on_dpa(doca_rdma_as_ctx(s->rdma), dpa));
	CHECK(doca_rdma_dpa_completion_attach(s->rdma, s->comp));
	CHECK(doca_ctx_start(doca_rdma_as_ctx(s->rdma)));
	CHECK(doca_rdma_get_dpa_handle(s->rdma, &s->h));
	CHECK(doca_rdma_export(s->rdma, &s->details, &s->details_len, &s->conn));
}

static inline void side_down(struct side *s)
{
	CHECK(doca_ctx_stop(doca_rdma_as_ctx(s->rdma)));
	CHECK(doca_rdma_destroy(s->rdma));
	CHECK(doca_dpa_completion_destroy(s->comp));
	if (s->th != NULL)
		CHECK(doca_dpa_thread_destroy(s->th));
	CHECK(doca_mmap_destroy(s->rm));
	CHECK(doca_mmap_destroy(s->sm));
	CHECK(doca_dpa_mem_free(dpa, s->arg));
	CHECK(doca_dpa_mem_free(dpa, s->recv));
	CHECK(doca_dpa_mem_free(dpa, s->send));
}

#endif
