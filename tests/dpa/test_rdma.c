/* SPDX-License-Identifier: BSD-3-Clause
 * DOCA RDMA on the emulated DPA (docs/DPA.md, "RDMA"): host contexts, export/connect, the DPA
 * data path, and every device post with its completion, its error completion and the
 * pitfalls' diagnostics (posting before connecting, a peer never connected, a receive queue
 * that runs dry, a completion never acknowledged, memory without remote access).
 */
#include <stdlib.h>
#include <string.h>

#include <dev/doca_dpa_dev.h>
#include <doca_ctx.h>
#include <doca_dpa.h>
#include <doca_mmap.h>
#include <doca_rdma.h>
#include <doca_sync_event.h>

#include "dpa_t.h"
#include "dpa_test_common.h"

extern struct doca_dpa_app *dpa_rdma_app;
doca_dpa_func_t rdma_t_recv, rdma_t_send, rdma_t_signal, rdma_t_write, rdma_t_read,
        rdma_t_fetch_add, rdma_t_poll, rdma_t_thread, rdma_t_pingpong;

#define FULL_ACCESS                                                                                \
	(DOCA_ACCESS_FLAG_LOCAL_READ_WRITE | DOCA_ACCESS_FLAG_RDMA_READ |                          \
	 DOCA_ACCESS_FLAG_RDMA_WRITE | DOCA_ACCESS_FLAG_RDMA_ATOMIC)

/* One side: an RDMA context with its data path on the DPA and a DPA completion. */
struct side {
	struct doca_dpa_completion *comp;
	doca_dpa_dev_completion_t comp_h;
	struct doca_rdma *rdma;
	doca_dpa_dev_rdma_t h;
	struct doca_rdma_connection *conn;
	const void *details;
	size_t details_len;
};

struct fx {
	struct dpa_t_fx base;
	struct side a, b;
};

/* A started mmap over host memory with 'perm'; its DPA handle in *h. */
static struct doca_mmap *mk_mmap(struct fx *f, void *addr, size_t len, uint32_t perm,
                                 doca_dpa_dev_mmap_t *h)
{
	struct doca_mmap *m;

	assert_int_equal(doca_mmap_create(&m), DOCA_SUCCESS);
	assert_int_equal(doca_mmap_set_memrange(m, addr, len), DOCA_SUCCESS);
	assert_int_equal(doca_mmap_set_permissions(m, perm), DOCA_SUCCESS);
	assert_int_equal(doca_mmap_add_dev(m, f->base.dev), DOCA_SUCCESS);
	assert_int_equal(doca_mmap_start(m), DOCA_SUCCESS);
	assert_int_equal(doca_mmap_dev_get_dpa_handle(m, f->base.dev, h), DOCA_SUCCESS);
	return m;
}

/* Create, configure and start one side (no thread on its completion unless given). */
static void side_up(struct fx *f, struct side *s, uint32_t perm, uint8_t rnr_retry,
                    unsigned int comp_size, struct doca_dpa_thread *thread)
{
	assert_int_equal(doca_dpa_completion_create(f->base.dpa, comp_size, &s->comp),
	                 DOCA_SUCCESS);
	if (thread != NULL)
		assert_int_equal(doca_dpa_completion_set_thread(s->comp, thread), DOCA_SUCCESS);
	assert_int_equal(doca_dpa_completion_start(s->comp), DOCA_SUCCESS);
	assert_int_equal(doca_dpa_completion_get_dpa_handle(s->comp, &s->comp_h), DOCA_SUCCESS);
	assert_int_equal(doca_rdma_create(f->base.dev, &s->rdma), DOCA_SUCCESS);
	assert_int_equal(doca_rdma_set_permissions(s->rdma, perm), DOCA_SUCCESS);
	assert_int_equal(doca_rdma_set_grh_enabled(s->rdma, 1), DOCA_SUCCESS);
	assert_int_equal(doca_rdma_set_recv_queue_size(s->rdma, 4), DOCA_SUCCESS);
	assert_int_equal(doca_rdma_set_rnr_retry_count(s->rdma, rnr_retry), DOCA_SUCCESS);
	assert_int_equal(doca_ctx_set_datapath_on_dpa(doca_rdma_as_ctx(s->rdma), f->base.dpa),
	                 DOCA_SUCCESS);
	assert_int_equal(doca_rdma_dpa_completion_attach(s->rdma, s->comp), DOCA_SUCCESS);
	assert_int_equal(doca_ctx_start(doca_rdma_as_ctx(s->rdma)), DOCA_SUCCESS);
	assert_int_equal(doca_rdma_get_dpa_handle(s->rdma, &s->h), DOCA_SUCCESS);
	assert_int_equal(doca_rdma_export(s->rdma, &s->details, &s->details_len, &s->conn),
	                 DOCA_SUCCESS);
}

static void side_down(struct side *s)
{
	if (s->rdma != NULL) {
		assert_int_equal(doca_ctx_stop(doca_rdma_as_ctx(s->rdma)), DOCA_SUCCESS);
		assert_int_equal(doca_rdma_destroy(s->rdma), DOCA_SUCCESS);
	}
	if (s->comp != NULL)
		assert_int_equal(doca_dpa_completion_destroy(s->comp), DOCA_SUCCESS);
	memset(s, 0, sizeof(*s));
}

static void connect_both(struct fx *f)
{
	assert_int_equal(doca_rdma_connect(f->a.rdma, f->b.details, f->b.details_len, f->a.conn),
	                 DOCA_SUCCESS);
	assert_int_equal(doca_rdma_connect(f->b.rdma, f->a.details, f->a.details_len, f->b.conn),
	                 DOCA_SUCCESS);
}

static int setup(void **state)
{
	struct fx *f = calloc(1, sizeof(*f));
	void *inner;

	assert_non_null(f);
	dpa_t_fx_setup(&inner, dpa_rdma_app);
	f->base = *(struct dpa_t_fx *)inner;
	free(inner);
	*state = f;
	return 0;
}

static int teardown(void **state)
{
	struct fx *f = *state;
	struct dpa_t_fx *inner = malloc(sizeof(*inner));

	side_down(&f->a);
	side_down(&f->b);
	*inner = f->base;
	free(f);
	return dpa_t_fx_teardown((void **)&inner);
}

static uint64_t rpc_ret;

static uint64_t rpc_ok(doca_error_t r)
{
	assert_int_equal(r, DOCA_SUCCESS);
	return rpc_ret;
}

/* Run an RPC that must succeed; its return value. */
#define RPC(f, fn, ...) rpc_ok(doca_dpa_rpc((f)->base.dpa, &fn, &rpc_ret, __VA_ARGS__))

/* The next completion element of a side: 0 when none (see kernels/rdma.c for the bits). */
static uint64_t poll(struct fx *f, struct side *s)
{
	return RPC(f, rdma_t_poll, s->comp_h);
}

#define FOUND(v) (((v) >> 63) & 1)
#define TYPE(v)  ((unsigned int)(((v) >> 56) & 0x7f))
#define CONN(v)  ((unsigned int)(((v) >> 48) & 0xff))
#define WR(v)    ((unsigned int)(((v) >> 32) & 0xffff))
#define IMM(v)   ((uint32_t)(v))
#define F_NONE   0u
#define F_OPT    ((uint32_t)DOCA_DPA_DEV_SUBMIT_FLAG_FLUSH | DOCA_DPA_DEV_SUBMIT_FLAG_OPTIMIZE_REPORTS)

/* ---- host API ---- */

static void state_cb(const union doca_data ud, struct doca_ctx *ctx, enum doca_ctx_states prev,
                     enum doca_ctx_states next)
{
	(void)ctx;
	(void)prev;
	*(enum doca_ctx_states *)ud.ptr = next;
}

static void test_host_config(void **state)
{
	struct fx *f = *state;
	struct doca_rdma *r;
	struct doca_ctx *ctx;
	struct doca_rdma_connection *c1, *c2, *c3;
	const void *d;
	size_t dl;
	uint32_t v = 0, id = 9;
	uint16_t v16 = 0;
	uint8_t v8 = 0;
	doca_dpa_dev_rdma_t h = 5;
	enum doca_ctx_states seen = DOCA_CTX_STATE_IDLE, st;
	union doca_data ud = {.ptr = &seen};
	uint8_t bad[64];

	assert_int_equal(doca_rdma_create(f->base.dev, &r), DOCA_SUCCESS);
	ctx = doca_rdma_as_ctx(r);
	assert_non_null(ctx);
	/* Defaults and setters (queue sizes round up to a power of two). */
	assert_int_equal(doca_rdma_get_max_num_connections(r, &v16), DOCA_SUCCESS);
	assert_int_equal(v16, 1);
	assert_int_equal(doca_rdma_set_recv_queue_size(r, 5), DOCA_SUCCESS);
	assert_int_equal(doca_rdma_get_recv_queue_size(r, &v), DOCA_SUCCESS);
	assert_int_equal(v, 8);
	assert_int_equal(doca_rdma_set_send_queue_size(r, 16), DOCA_SUCCESS);
	assert_int_equal(doca_rdma_get_send_queue_size(r, &v), DOCA_SUCCESS);
	assert_int_equal(v, 16);
	assert_int_equal(doca_rdma_set_permissions(r, FULL_ACCESS), DOCA_SUCCESS);
	assert_int_equal(doca_rdma_get_permissions(r, &v), DOCA_SUCCESS);
	assert_int_equal(v, FULL_ACCESS);
	assert_int_equal(doca_rdma_set_grh_enabled(r, 1), DOCA_SUCCESS);
	assert_int_equal(doca_rdma_get_grh_enabled(r, &v8), DOCA_SUCCESS);
	assert_int_equal(v8, 1);
	assert_int_equal(doca_rdma_set_gid_index(r, 1), DOCA_SUCCESS);
	assert_int_equal(doca_rdma_set_transport_type(r, DOCA_RDMA_TRANSPORT_TYPE_RC),
	                 DOCA_SUCCESS);
	assert_int_equal(doca_rdma_task_receive_set_dst_buf_list_len(r, 2), DOCA_SUCCESS);
	assert_int_equal(doca_rdma_set_max_num_connections(r, 2), DOCA_SUCCESS);
	/* Bad values: INVALID_VALUE and one line each. */
	t_log_reset();
	assert_int_equal(doca_rdma_set_recv_queue_size(r, 0), DOCA_ERROR_INVALID_VALUE);
	assert_int_equal(doca_rdma_set_permissions(r, DOCA_ACCESS_FLAG_PCI_READ_WRITE),
	                 DOCA_ERROR_INVALID_VALUE);
	assert_int_equal(doca_rdma_set_gid_index(r, 99), DOCA_ERROR_INVALID_VALUE);
	assert_int_equal(doca_rdma_set_max_num_connections(r, 0), DOCA_ERROR_INVALID_VALUE);
	assert_int_equal(doca_rdma_set_rnr_retry_count(r, 8), DOCA_ERROR_INVALID_VALUE);
	assert_int_equal(doca_rdma_set_mtu(r, DOCA_MTU_SIZE_RAW_ETHERNET),
	                 DOCA_ERROR_INVALID_VALUE);
	assert_int_equal(t_log_problems(), 6);
	/* Before start: no DPA handle, no export; a CPU data path is refused at start. */
	t_log_reset();
	assert_int_equal(doca_rdma_get_dpa_handle(r, &h), DOCA_ERROR_BAD_STATE);
	assert_int_equal(h, 5);
	assert_int_equal(doca_rdma_export(r, &d, &dl, &c1), DOCA_ERROR_BAD_STATE);
	assert_int_equal(doca_ctx_start(ctx), DOCA_ERROR_NOT_SUPPORTED);
	t_assert_logged("doca_ctx_start", "not supported by softdpa",
	                "doca_ctx_set_datapath_on_dpa");
	assert_int_equal(doca_ctx_set_datapath_on_dpa(ctx, (struct doca_dpa *)&bad),
	                 DOCA_ERROR_INVALID_VALUE);
	/* Start with the state callback. */
	assert_int_equal(doca_ctx_set_user_data(ctx, ud), DOCA_SUCCESS);
	assert_int_equal(doca_ctx_set_state_changed_cb(ctx, state_cb), DOCA_SUCCESS);
	assert_int_equal(doca_ctx_set_datapath_on_dpa(ctx, f->base.dpa), DOCA_SUCCESS);
	assert_int_equal(doca_ctx_start(ctx), DOCA_SUCCESS);
	assert_int_equal(seen, DOCA_CTX_STATE_RUNNING);
	assert_int_equal(doca_ctx_get_state(ctx, &st), DOCA_SUCCESS);
	assert_int_equal(st, DOCA_CTX_STATE_RUNNING);
	t_log_reset();
	assert_int_equal(doca_ctx_start(ctx), DOCA_ERROR_BAD_STATE);
	assert_int_equal(doca_rdma_set_permissions(r, 0), DOCA_ERROR_BAD_STATE);
	assert_int_equal(doca_rdma_destroy(r), DOCA_ERROR_BAD_STATE);
	assert_int_equal(t_log_problems(), 3);
	/* Export: as many connections as configured, ids 0, 1; then FULL. */
	assert_int_equal(doca_rdma_export(r, &d, &dl, &c1), DOCA_SUCCESS);
	assert_int_equal(doca_rdma_connection_get_id(c1, &id), DOCA_SUCCESS);
	assert_int_equal(id, 0);
	assert_int_equal(doca_rdma_export(r, &d, &dl, &c2), DOCA_SUCCESS);
	assert_int_equal(doca_rdma_connection_get_id(c2, &id), DOCA_SUCCESS);
	assert_int_equal(id, 1);
	t_log_reset();
	assert_int_equal(doca_rdma_export(r, &d, &dl, &c3), DOCA_ERROR_FULL);
	t_assert_logged("doca_rdma_export", "doca_rdma_set_max_num_connections");
	/* Connect: corrupt or short details are CONNECTION_ABORTED; twice is BAD_STATE. */
	memset(bad, 0x5a, sizeof(bad));
	assert_int_equal(doca_rdma_connect(r, bad, dl, c1), DOCA_ERROR_CONNECTION_ABORTED);
	assert_int_equal(doca_rdma_connect(r, d, dl - 1, c1), DOCA_ERROR_CONNECTION_ABORTED);
	assert_int_equal(doca_rdma_connect(r, d, dl, c1), DOCA_SUCCESS); /* to its sibling */
	assert_int_equal(doca_rdma_connect(r, d, dl, c1), DOCA_ERROR_BAD_STATE);
	assert_int_equal(doca_rdma_get_dpa_handle(r, &h), DOCA_SUCCESS);
	/* Stop, destroy; the connection is gone with the context. */
	assert_int_equal(doca_ctx_stop(ctx), DOCA_SUCCESS);
	assert_int_equal(seen, DOCA_CTX_STATE_IDLE);
	t_log_reset();
	assert_int_equal(doca_rdma_connection_get_id(c1, &id), DOCA_ERROR_INVALID_VALUE);
	assert_int_equal(doca_rdma_destroy(r), DOCA_SUCCESS);
	assert_int_equal(doca_rdma_destroy(r), DOCA_ERROR_INVALID_VALUE);
	t_assert_logged("doca_rdma_destroy", "destroyed");
	assert_int_equal(doca_ctx_start(ctx), DOCA_ERROR_INVALID_VALUE);
}

/* The capabilities describe an RC-capable RDMA NIC; the GIDs are the ones exports carry. */
static void test_caps(void **state)
{
	struct fx *f = *state;
	struct doca_devinfo *di = doca_dev_as_devinfo(f->base.dev);
	struct doca_rdma_gid gids[4];
	uint32_t v = 0;

	assert_int_equal(doca_rdma_cap_get_max_recv_queue_size(di, &v), DOCA_SUCCESS);
	assert_int_equal(v, 32768);
	assert_int_equal(doca_rdma_cap_get_gid_table_size(di, &v), DOCA_SUCCESS);
	assert_int_equal(v, 4);
	assert_int_equal(doca_rdma_cap_get_gid(di, 0, 4, gids), DOCA_SUCCESS);
	assert_int_equal(gids[2].raw[10], 0xff);
	assert_int_equal(gids[2].raw[15], 2);
	assert_int_equal(doca_rdma_cap_transport_type_is_supported(di, DOCA_RDMA_TRANSPORT_TYPE_RC),
	                 DOCA_SUCCESS);
	assert_int_equal(doca_rdma_cap_transport_type_is_supported(di, DOCA_RDMA_TRANSPORT_TYPE_DC),
	                 DOCA_ERROR_NOT_SUPPORTED);
	t_log_reset();
	assert_int_equal(doca_rdma_cap_get_gid(di, 3, 2, gids), DOCA_ERROR_INVALID_VALUE);
	assert_int_equal(doca_rdma_cap_get_max_message_size(di, NULL), DOCA_ERROR_INVALID_VALUE);
	assert_int_equal(t_log_problems(), 2);
}

/* ---- send / receive ---- */

static void test_send_receive(void **state)
{
	struct fx *f = *state;
	uint64_t src = 0x1122334455667788ull, dst[2] = {0, 0}, v;
	doca_dpa_dev_mmap_t sh, dh;
	struct doca_mmap *sm, *dm;

	side_up(f, &f->a, FULL_ACCESS, 7, 8, NULL);
	side_up(f, &f->b, FULL_ACCESS, 7, 8, NULL);
	connect_both(f);
	sm = mk_mmap(f, &src, sizeof(src), DOCA_ACCESS_FLAG_LOCAL_READ_WRITE, &sh);
	dm = mk_mmap(f, dst, sizeof(dst), DOCA_ACCESS_FLAG_LOCAL_READ_WRITE, &dh);
	t_log_reset();
	/* A signalled send: the receive completes on B, the send on A. */
	RPC(f, rdma_t_recv, f->b.h, dh, (uint64_t)(uintptr_t)&dst[0], (uint64_t)sizeof(dst));
	RPC(f, rdma_t_send, f->a.h, 0u, sh, (uint64_t)(uintptr_t)&src, (uint64_t)8, 0u, F_NONE);
	assert_int_equal(dst[0], src);
	v = poll(f, &f->b);
	assert_true(FOUND(v));
	assert_int_equal(TYPE(v), DOCA_DPA_DEV_COMP_RECV_SEND);
	assert_int_equal(CONN(v), 0);
	v = poll(f, &f->a);
	assert_true(FOUND(v));
	assert_int_equal(TYPE(v), DOCA_DPA_DEV_COMP_SEND);
	assert_int_equal(WR(v), 0);
	/* With immediate and OPTIMIZE_REPORTS: the success of the send is not reported. */
	src = 42;
	RPC(f, rdma_t_recv, f->b.h, dh, (uint64_t)(uintptr_t)&dst[0], (uint64_t)sizeof(dst));
	RPC(f, rdma_t_send, f->a.h, 0u, sh, (uint64_t)(uintptr_t)&src, (uint64_t)8, 77u, F_OPT);
	v = poll(f, &f->b);
	assert_int_equal(TYPE(v), DOCA_DPA_DEV_COMP_RECV_SEND_IMM);
	assert_int_equal(IMM(v), 77);
	assert_int_equal(dst[0], 42);
	assert_int_equal(poll(f, &f->a), 0);
	assert_int_equal(t_log_problems(), 0);
	/* A message longer than the receive: both sides complete in error. */
	RPC(f, rdma_t_recv, f->b.h, dh, (uint64_t)(uintptr_t)&dst[0], (uint64_t)4);
	RPC(f, rdma_t_send, f->a.h, 0u, sh, (uint64_t)(uintptr_t)&src, (uint64_t)8, 0u, F_OPT);
	t_assert_logged("8-byte message arrived for a 4-byte receive");
	assert_int_equal(TYPE(poll(f, &f->b)), DOCA_DPA_DEV_COMP_RECV_ERR);
	assert_int_equal(TYPE(poll(f, &f->a)), DOCA_DPA_DEV_COMP_SEND_ERR);
	assert_int_equal(doca_mmap_destroy(sm), DOCA_SUCCESS);
	assert_int_equal(doca_mmap_destroy(dm), DOCA_SUCCESS);
}

/* ---- write / read / atomics and the access checks ---- */

static void test_write_read_atomic(void **state)
{
	struct fx *f = *state;
	uint64_t local[2] = {0xabcdefull, 0}, remote[2] = {0, 1000}, rbuf = 0, v;
	doca_dpa_dev_mmap_t lh, rh, bh;
	struct doca_mmap *lm, *rm, *bm;

	side_up(f, &f->a, FULL_ACCESS, 7, 8, NULL);
	side_up(f, &f->b, FULL_ACCESS, 7, 8, NULL);
	connect_both(f);
	lm = mk_mmap(f, local, sizeof(local), DOCA_ACCESS_FLAG_LOCAL_READ_WRITE, &lh);
	rm = mk_mmap(f, remote, sizeof(remote), FULL_ACCESS, &rh);
	bm = mk_mmap(f, &rbuf, sizeof(rbuf), DOCA_ACCESS_FLAG_LOCAL_READ_WRITE, &bh);
	t_log_reset();
	/* Write: lands in B's memory, nothing consumed on B. */
	RPC(f, rdma_t_write, f->a.h, 0u, rh, (uint64_t)(uintptr_t)&remote[0], lh,
	    (uint64_t)(uintptr_t)&local[0], (uint64_t)8, 0u, F_NONE);
	assert_int_equal(remote[0], 0xabcdef);
	assert_int_equal(TYPE(poll(f, &f->a)), DOCA_DPA_DEV_COMP_SEND);
	assert_int_equal(poll(f, &f->b), 0);
	/* Write with immediate: consumes a receive on B, reports the immediate. */
	local[0] = 5;
	RPC(f, rdma_t_recv, f->b.h, bh, (uint64_t)(uintptr_t)&rbuf, (uint64_t)8);
	RPC(f, rdma_t_write, f->a.h, 0u, rh, (uint64_t)(uintptr_t)&remote[0], lh,
	    (uint64_t)(uintptr_t)&local[0], (uint64_t)8, 9u, F_OPT);
	assert_int_equal(remote[0], 5);
	v = poll(f, &f->b);
	assert_int_equal(TYPE(v), DOCA_DPA_DEV_COMP_RECV_RDMA_WRITE_IMM);
	assert_int_equal(IMM(v), 9);
	/* Read B's second word into A's. */
	RPC(f, rdma_t_read, f->a.h, 0u, lh, (uint64_t)(uintptr_t)&local[1], rh,
	    (uint64_t)(uintptr_t)&remote[1], (uint64_t)8, F_NONE);
	assert_int_equal(local[1], 1000);
	assert_int_equal(TYPE(poll(f, &f->a)), DOCA_DPA_DEV_COMP_SEND);
	/* Fetch-add on B's second word. */
	RPC(f, rdma_t_fetch_add, f->a.h, 0u, rh, (uint64_t)(uintptr_t)&remote[1], (uint64_t)24,
	    F_NONE);
	assert_int_equal(remote[1], 1024);
	assert_int_equal(TYPE(poll(f, &f->a)), DOCA_DPA_DEV_COMP_SEND);
	assert_int_equal(t_log_problems(), 0);
	assert_int_equal(doca_mmap_destroy(lm), DOCA_SUCCESS);
	assert_int_equal(doca_mmap_destroy(rm), DOCA_SUCCESS);
	assert_int_equal(doca_mmap_destroy(bm), DOCA_SUCCESS);
}

/* The peer's memory through doca_mmap_create_from_export of its RDMA export: a write lands
 * at the peer's address; used as local memory, the imported mmap is refused. */
static void test_mmap_from_export(void **state)
{
	struct fx *f = *state;
	uint64_t local = 0x1234, remote[2] = {0, 0};
	doca_dpa_dev_mmap_t lh, rh, ih;
	struct doca_mmap *lm, *rm, *im, *bad;
	const void *desc;
	size_t len;
	uint8_t junk[64] = {0};

	side_up(f, &f->a, FULL_ACCESS, 7, 8, NULL);
	side_up(f, &f->b, FULL_ACCESS, 7, 8, NULL);
	connect_both(f);
	lm = mk_mmap(f, &local, sizeof(local), DOCA_ACCESS_FLAG_LOCAL_READ_WRITE, &lh);
	rm = mk_mmap(f, remote, sizeof(remote), FULL_ACCESS, &rh);
	assert_int_equal(doca_mmap_export_rdma(rm, f->base.dev, &desc, &len), DOCA_SUCCESS);
	assert_int_equal(doca_mmap_create_from_export(NULL, desc, len, f->base.dev, &im),
	                 DOCA_SUCCESS);
	assert_int_equal(doca_mmap_dev_get_dpa_handle(im, f->base.dev, &ih), DOCA_SUCCESS);
	assert_int_not_equal(ih, rh); /* a handle of its own in this process */
	t_log_reset();
	RPC(f, rdma_t_write, f->a.h, 0u, ih, (uint64_t)(uintptr_t)&remote[1], lh,
	    (uint64_t)(uintptr_t)&local, (uint64_t)8, 0u, F_NONE);
	assert_int_equal(remote[1], 0x1234);
	assert_int_equal(TYPE(poll(f, &f->a)), DOCA_DPA_DEV_COMP_SEND);
	assert_int_equal(t_log_problems(), 0);
	/* The imported mmap is no local memory: as a write's source it fails locally. */
	RPC(f, rdma_t_write, f->a.h, 0u, rh, (uint64_t)(uintptr_t)&remote[0], ih,
	    (uint64_t)(uintptr_t)&remote[1], (uint64_t)8, 0u, F_NONE);
	assert_int_equal(remote[0], 0);
	assert_int_equal(TYPE(poll(f, &f->a)), DOCA_DPA_DEV_COMP_SEND_ERR);
	/* It cannot be exported again; bad descriptors are refused with one line each. */
	assert_int_equal(doca_mmap_export_rdma(im, f->base.dev, &desc, &len),
	                 DOCA_ERROR_NOT_PERMITTED);
	t_log_reset();
	assert_int_equal(doca_mmap_create_from_export(NULL, junk, sizeof(junk), f->base.dev, &bad),
	                 DOCA_ERROR_INVALID_VALUE);
	t_assert_logged("not an export descriptor");
	assert_int_equal(doca_mmap_create_from_export(NULL, NULL, len, f->base.dev, &bad),
	                 DOCA_ERROR_INVALID_VALUE);
	t_assert_logged("export_desc is NULL");
	assert_int_equal(doca_mmap_export_rdma(rm, f->base.dev, &desc, &len), DOCA_SUCCESS);
	assert_int_equal(doca_mmap_create_from_export(NULL, desc, len, NULL, &bad),
	                 DOCA_ERROR_INVALID_VALUE);
	t_assert_logged("dev is NULL");
	assert_int_equal(doca_mmap_destroy(im), DOCA_SUCCESS);
	assert_int_equal(doca_mmap_destroy(lm), DOCA_SUCCESS);
	assert_int_equal(doca_mmap_destroy(rm), DOCA_SUCCESS);
}

/* A write to memory without remote-write access completes with an error and the queue moves
 * to the error state: the next request is flushed. */
static void test_write_without_access(void **state)
{
	struct fx *f = *state;
	uint64_t local = 7, remote = 0;
	doca_dpa_dev_mmap_t lh, rh;
	struct doca_mmap *lm, *rm;

	side_up(f, &f->a, FULL_ACCESS, 7, 8, NULL);
	side_up(f, &f->b, FULL_ACCESS, 7, 8, NULL);
	connect_both(f);
	lm = mk_mmap(f, &local, sizeof(local), DOCA_ACCESS_FLAG_LOCAL_READ_WRITE, &lh);
	rm = mk_mmap(f, &remote, sizeof(remote),
	             DOCA_ACCESS_FLAG_LOCAL_READ_WRITE | DOCA_ACCESS_FLAG_RDMA_READ, &rh);
	t_log_reset();
	RPC(f, rdma_t_write, f->a.h, 0u, rh, (uint64_t)(uintptr_t)&remote, lh,
	    (uint64_t)(uintptr_t)&local, (uint64_t)8, 0u, F_OPT);
	assert_int_equal(remote, 0);
	t_assert_logged("without DOCA_ACCESS_FLAG_RDMA_WRITE", "remote access error",
	                "error state");
	assert_int_equal(TYPE(poll(f, &f->a)), DOCA_DPA_DEV_COMP_SEND_ERR);
	/* The queue is in error: a correct read is flushed. */
	t_log_reset();
	RPC(f, rdma_t_read, f->a.h, 0u, lh, (uint64_t)(uintptr_t)&local, rh,
	    (uint64_t)(uintptr_t)&remote, (uint64_t)8, F_OPT);
	assert_int_equal(TYPE(poll(f, &f->a)), DOCA_DPA_DEV_COMP_SEND_ERR);
	t_assert_logged("error state", "flush");
	assert_int_equal(doca_mmap_destroy(lm), DOCA_SUCCESS);
	assert_int_equal(doca_mmap_destroy(rm), DOCA_SUCCESS);
}

/* The RDMA context's own permissions gate remote access too. */
static void test_context_without_access(void **state)
{
	struct fx *f = *state;
	uint64_t local = 7, remote = 3;
	doca_dpa_dev_mmap_t lh, rh;
	struct doca_mmap *lm, *rm;

	side_up(f, &f->a, FULL_ACCESS, 7, 8, NULL);
	side_up(f, &f->b, DOCA_ACCESS_FLAG_LOCAL_READ_WRITE, 7, 8, NULL);
	connect_both(f);
	lm = mk_mmap(f, &local, sizeof(local), DOCA_ACCESS_FLAG_LOCAL_READ_WRITE, &lh);
	rm = mk_mmap(f, &remote, sizeof(remote), FULL_ACCESS, &rh);
	t_log_reset();
	RPC(f, rdma_t_read, f->a.h, 0u, lh, (uint64_t)(uintptr_t)&local, rh,
	    (uint64_t)(uintptr_t)&remote, (uint64_t)8, F_OPT);
	assert_int_equal(local, 7);
	t_assert_logged("doca_rdma_set_permissions");
	assert_int_equal(TYPE(poll(f, &f->a)), DOCA_DPA_DEV_COMP_SEND_ERR);
	assert_int_equal(doca_mmap_destroy(lm), DOCA_SUCCESS);
	assert_int_equal(doca_mmap_destroy(rm), DOCA_SUCCESS);
}

/* Signals: a kernel sets and adds to a peer's remote-net sync event over a connection. */
static void test_signal_remote_event(void **state)
{
	struct fx *f = *state;
	struct doca_sync_event *ev;
	struct doca_sync_event_remote_net *rn;
	doca_dpa_dev_sync_event_remote_net_t rn_h;
	const uint8_t *data;
	size_t sz;
	uint64_t v = 0;

	side_up(f, &f->a, FULL_ACCESS, 7, 8, NULL);
	side_up(f, &f->b, FULL_ACCESS, 7, 8, NULL);
	connect_both(f);
	assert_int_equal(doca_sync_event_create(&ev), DOCA_SUCCESS);
	assert_int_equal(doca_sync_event_add_publisher_location_remote_net(ev), DOCA_SUCCESS);
	assert_int_equal(doca_sync_event_add_subscriber_location_cpu(ev, f->base.dev),
	                 DOCA_SUCCESS);
	assert_int_equal(doca_sync_event_start(ev), DOCA_SUCCESS);
	assert_int_equal(doca_sync_event_export_to_remote_net(ev, &data, &sz), DOCA_SUCCESS);
	assert_int_equal(doca_sync_event_remote_net_create_from_export(f->base.dev, data, sz, &rn),
	                 DOCA_SUCCESS);
	assert_int_equal(doca_sync_event_remote_net_get_dpa_handle(rn, f->base.dpa, &rn_h),
	                 DOCA_SUCCESS);
	t_log_reset();
	RPC(f, rdma_t_signal, f->a.h, 0u, rn_h, 0u, (uint64_t)5);
	assert_int_equal(doca_sync_event_get(ev, &v), DOCA_SUCCESS);
	assert_int_equal(v, 5);
	RPC(f, rdma_t_signal, f->a.h, 0u, rn_h, 1u, (uint64_t)3);
	assert_int_equal(doca_sync_event_wait_gt(ev, 7, UINT64_MAX), DOCA_SUCCESS);
	assert_int_equal(poll(f, &f->a), 0); /* signals report errors only */
	assert_int_equal(t_log_problems(), 0);
	/* A stopped event: the signal completes with an error. */
	assert_int_equal(doca_sync_event_stop(ev), DOCA_SUCCESS);
	RPC(f, rdma_t_signal, f->a.h, 0u, rn_h, 0u, (uint64_t)9);
	t_assert_logged("remote-net event is not started");
	assert_int_equal(TYPE(poll(f, &f->a)), DOCA_DPA_DEV_COMP_SEND_ERR);
	assert_int_equal(doca_sync_event_remote_net_destroy(rn), DOCA_SUCCESS);
	assert_int_equal(doca_sync_event_destroy(ev), DOCA_SUCCESS);
}

/* ---- pitfalls ---- */

/* Posting before doca_rdma_connect: an error completion, the queue in error, one line. */
static void test_post_before_connect(void **state)
{
	struct fx *f = *state;
	uint64_t src = 1;
	doca_dpa_dev_mmap_t sh;
	struct doca_mmap *sm;

	side_up(f, &f->a, FULL_ACCESS, 7, 8, NULL);
	sm = mk_mmap(f, &src, sizeof(src), DOCA_ACCESS_FLAG_LOCAL_READ_WRITE, &sh);
	t_log_reset();
	RPC(f, rdma_t_send, f->a.h, 0u, sh, (uint64_t)(uintptr_t)&src, (uint64_t)8, 0u, F_OPT);
	assert_int_equal(t_log_problems(), 1);
	t_assert_logged("posted before the connection was connected", "doca_rdma_connect");
	assert_int_equal(TYPE(poll(f, &f->a)), DOCA_DPA_DEV_COMP_SEND_ERR);
	assert_int_equal(doca_mmap_destroy(sm), DOCA_SUCCESS);
}

/* A peer that never connected back: the request reaches no queue, retries are exhausted. */
static void test_peer_never_connected(void **state)
{
	struct fx *f = *state;
	uint64_t src = 1;
	doca_dpa_dev_mmap_t sh;
	struct doca_mmap *sm;

	side_up(f, &f->a, FULL_ACCESS, 7, 8, NULL);
	side_up(f, &f->b, FULL_ACCESS, 7, 8, NULL);
	assert_int_equal(doca_rdma_connect(f->a.rdma, f->b.details, f->b.details_len, f->a.conn),
	                 DOCA_SUCCESS);
	sm = mk_mmap(f, &src, sizeof(src), DOCA_ACCESS_FLAG_LOCAL_READ_WRITE, &sh);
	t_log_reset();
	RPC(f, rdma_t_send, f->a.h, 0u, sh, (uint64_t)(uintptr_t)&src, (uint64_t)8, 0u, F_OPT);
	assert_int_equal(t_log_problems(), 1);
	t_assert_logged("reached no queue connected to it", "doca_rdma_connect on both sides");
	assert_int_equal(TYPE(poll(f, &f->a)), DOCA_DPA_DEV_COMP_SEND_ERR);
	assert_int_equal(doca_mmap_destroy(sm), DOCA_SUCCESS);
}

/* A receive queue that runs dry: the send waits (RNR) and is delivered when a receive is
 * posted; with rnr_retry_count 0 it fails; at stop a send still waiting is reported. */
static void test_receive_queue_runs_dry(void **state)
{
	struct fx *f = *state;
	uint64_t src = 5, dst = 0;
	doca_dpa_dev_mmap_t sh, dh;
	struct doca_mmap *sm, *dm;

	side_up(f, &f->a, FULL_ACCESS, 7, 8, NULL);
	side_up(f, &f->b, FULL_ACCESS, 7, 8, NULL);
	connect_both(f);
	sm = mk_mmap(f, &src, sizeof(src), DOCA_ACCESS_FLAG_LOCAL_READ_WRITE, &sh);
	dm = mk_mmap(f, &dst, sizeof(dst), DOCA_ACCESS_FLAG_LOCAL_READ_WRITE, &dh);
	t_log_reset();
	RPC(f, rdma_t_send, f->a.h, 0u, sh, (uint64_t)(uintptr_t)&src, (uint64_t)8, 0u, F_NONE);
	src = 6; /* the send's data was taken when it was posted */
	assert_int_equal(poll(f, &f->a), 0);
	assert_int_equal(poll(f, &f->b), 0);
	RPC(f, rdma_t_recv, f->b.h, dh, (uint64_t)(uintptr_t)&dst, (uint64_t)8);
	assert_int_equal(dst, 5);
	assert_int_equal(TYPE(poll(f, &f->b)), DOCA_DPA_DEV_COMP_RECV_SEND);
	assert_int_equal(TYPE(poll(f, &f->a)), DOCA_DPA_DEV_COMP_SEND);
	assert_int_equal(t_log_problems(), 0);
	/* Still waiting at stop: a warning naming the dry receive queue. */
	RPC(f, rdma_t_send, f->a.h, 0u, sh, (uint64_t)(uintptr_t)&src, (uint64_t)8, 0u, F_NONE);
	side_down(&f->a);
	t_assert_logged("never completed", "receive queue ran dry");
	side_down(&f->b);
	/* With no RNR retries, the first RNR NAK fails the send. */
	side_up(f, &f->a, FULL_ACCESS, 0, 8, NULL);
	side_up(f, &f->b, FULL_ACCESS, 0, 8, NULL);
	connect_both(f);
	t_log_reset();
	RPC(f, rdma_t_send, f->a.h, 0u, sh, (uint64_t)(uintptr_t)&src, (uint64_t)8, 0u, F_OPT);
	t_assert_logged("RNR retries exhausted", "post receives on the peer");
	assert_int_equal(TYPE(poll(f, &f->a)), DOCA_DPA_DEV_COMP_SEND_ERR);
	assert_int_equal(doca_mmap_destroy(sm), DOCA_SUCCESS);
	assert_int_equal(doca_mmap_destroy(dm), DOCA_SUCCESS);
}

/* A completion context never acknowledged overflows: the element is lost, one line. */
static void test_completion_never_acked(void **state)
{
	struct fx *f = *state;
	uint64_t src = 5, dst = 0;
	doca_dpa_dev_mmap_t sh, dh;
	struct doca_mmap *sm, *dm;

	side_up(f, &f->a, FULL_ACCESS, 7, 2, NULL);
	side_up(f, &f->b, FULL_ACCESS, 7, 8, NULL);
	connect_both(f);
	sm = mk_mmap(f, &src, sizeof(src), DOCA_ACCESS_FLAG_LOCAL_READ_WRITE, &sh);
	dm = mk_mmap(f, &dst, sizeof(dst), DOCA_ACCESS_FLAG_LOCAL_READ_WRITE, &dh);
	t_log_reset();
	for (int i = 0; i < 3; i++) {
		RPC(f, rdma_t_recv, f->b.h, dh, (uint64_t)(uintptr_t)&dst, (uint64_t)8);
		RPC(f, rdma_t_send, f->a.h, 0u, sh, (uint64_t)(uintptr_t)&src, (uint64_t)8, 0u,
		    F_NONE);
	}
	assert_int_equal(t_log_problems(), 1);
	t_assert_logged("overflowed", "Ack consumed elements");
	assert_int_equal(doca_mmap_destroy(sm), DOCA_SUCCESS);
	assert_int_equal(doca_mmap_destroy(dm), DOCA_SUCCESS);
}

/* Wrong handles from a kernel end it with a device fault naming the fix. */
static void test_bad_handles(void **state)
{
	struct fx *f = *state;
	uint64_t ret = 0, src = 1;
	doca_dpa_dev_mmap_t sh;
	struct doca_mmap *sm;

	side_up(f, &f->a, FULL_ACCESS, 7, 8, NULL);
	sm = mk_mmap(f, &src, sizeof(src), DOCA_ACCESS_FLAG_LOCAL_READ_WRITE, &sh);
	t_log_reset();
	assert_int_equal(doca_dpa_rpc(f->base.dpa, &rdma_t_send, &ret, f->a.h, 5u, sh,
	                              (uint64_t)(uintptr_t)&src, (uint64_t)8, 0u, F_OPT),
	                 DOCA_ERROR_BAD_STATE);
	assert_int_equal(t_log_problems(), 2); /* the cause, then doca_dpa_rpc's line */
	assert_int_equal(doca_dpa_peek_at_last_error(f->base.dpa), DOCA_ERROR_BAD_STATE);
	/* A later RPC fails and repeats the cause. */
	assert_int_equal(doca_dpa_rpc(f->base.dpa, &rdma_t_poll, &ret, f->a.comp_h),
	                 DOCA_ERROR_BAD_STATE);
	t_assert_logged("connection id 5 is not a connection");
	assert_int_equal(doca_mmap_destroy(sm), DOCA_SUCCESS);
}

static void test_bad_rdma_handle(void **state)
{
	struct fx *f = *state;
	uint64_t ret = 0;

	t_log_reset();
	assert_int_equal(doca_dpa_rpc(f->base.dpa, &rdma_t_recv, &ret, (uint64_t)0x1234,
	                              (uint32_t)1, (uint64_t)0, (uint64_t)8),
	                 DOCA_ERROR_BAD_STATE);
	assert_int_equal(t_log_problems(), 2);
	assert_int_equal(doca_dpa_rpc(f->base.dpa, &rdma_t_poll, &ret, (uint64_t)1),
	                 DOCA_ERROR_BAD_STATE);
	t_assert_logged("not a started RDMA context");
}

/* P7: an SF's RDMA context with its data path on the PF's DPA context is refused; on the
 * context extended to the SF it works. */
static void test_p7_sf_on_pf_context(void **state)
{
	struct fx *f = *state;
	struct doca_devinfo **list;
	struct doca_dev *sf = NULL;
	struct doca_dpa *ext;
	struct doca_rdma *r;
	uint32_t n;

	assert_int_equal(doca_devinfo_create_list(&list, &n), DOCA_SUCCESS);
	for (uint32_t i = 0; i < n && sf == NULL; i++) {
		enum doca_pci_func_type t;

		if (doca_devinfo_get_pci_func_type(list[i], &t) == DOCA_SUCCESS &&
		    t == DOCA_PCI_FUNC_TYPE_SF)
			assert_int_equal(doca_dev_open(list[i], &sf), DOCA_SUCCESS);
	}
	assert_int_equal(doca_devinfo_destroy_list(list), DOCA_SUCCESS);
	assert_non_null(sf); /* the default device set has one (docs/DEVICES.md) */
	assert_int_equal(doca_rdma_create(sf, &r), DOCA_SUCCESS);
	t_log_reset();
	assert_int_equal(doca_ctx_set_datapath_on_dpa(doca_rdma_as_ctx(r), f->base.dpa),
	                 DOCA_ERROR_INVALID_VALUE);
	t_assert_logged("P7", "doca_dpa_device_extend");
	assert_int_equal(doca_dpa_device_extend(f->base.dpa, sf, &ext), DOCA_SUCCESS);
	assert_int_equal(doca_ctx_set_datapath_on_dpa(doca_rdma_as_ctx(r), ext), DOCA_SUCCESS);
	assert_int_equal(doca_rdma_destroy(r), DOCA_SUCCESS);
	assert_int_equal(doca_dpa_destroy(ext), DOCA_SUCCESS);
	assert_int_equal(doca_dev_close(sf), DOCA_SUCCESS);
}

/* An RDMA completion activates the DPA thread attached to the completion context. */
static void test_thread_wakeup(void **state)
{
	struct fx *f = *state;
	struct doca_dpa_thread *th;
	struct dpa_test_rdma_thread arg = {0}, out;
	doca_dpa_dev_uintptr_t arg_dev, buf_dev;
	struct doca_sync_event *ev = dpa_t_event(f->base.dev, f->base.dpa, 0);
	doca_dpa_dev_sync_event_t ev_h;
	doca_dpa_dev_mmap_t sh, dh;
	struct doca_mmap *sm, *dm;
	uint64_t src = 0;

	assert_int_equal(doca_sync_event_get_dpa_handle(ev, f->base.dpa, &ev_h), DOCA_SUCCESS);
	assert_int_equal(doca_dpa_mem_alloc(f->base.dpa, sizeof(arg), &arg_dev), DOCA_SUCCESS);
	assert_int_equal(doca_dpa_mem_alloc(f->base.dpa, 8, &buf_dev), DOCA_SUCCESS);
	assert_int_equal(doca_dpa_thread_create(f->base.dpa, &th), DOCA_SUCCESS);
	assert_int_equal(doca_dpa_thread_set_func_arg(th, &rdma_t_thread, arg_dev), DOCA_SUCCESS);
	assert_int_equal(doca_dpa_thread_start(th), DOCA_SUCCESS);
	side_up(f, &f->a, FULL_ACCESS, 7, 8, NULL);
	side_up(f, &f->b, FULL_ACCESS, 7, 8, th);
	connect_both(f);
	assert_int_equal(doca_dpa_thread_run(th), DOCA_SUCCESS);
	sm = mk_mmap(f, &src, sizeof(src), DOCA_ACCESS_FLAG_LOCAL_READ_WRITE, &sh);
	assert_int_equal(doca_mmap_create(&dm), DOCA_SUCCESS);
	assert_int_equal(doca_mmap_set_dpa_memrange(dm, f->base.dpa, buf_dev, 8), DOCA_SUCCESS);
	assert_int_equal(doca_mmap_set_permissions(dm, DOCA_ACCESS_FLAG_LOCAL_READ_WRITE),
	                 DOCA_SUCCESS);
	assert_int_equal(doca_mmap_start(dm), DOCA_SUCCESS);
	assert_int_equal(doca_mmap_dev_get_dpa_handle(dm, f->base.dev, &dh), DOCA_SUCCESS);
	arg = (struct dpa_test_rdma_thread){
	        .rdma = f->b.h, .comp = f->b.comp_h, .event = ev_h, .buf = buf_dev, .mmap = dh};
	assert_int_equal(doca_dpa_h2d_memcpy(f->base.dpa, arg_dev, &arg, sizeof(arg)),
	                 DOCA_SUCCESS);
	RPC(f, rdma_t_recv, f->b.h, dh, (uint64_t)buf_dev, (uint64_t)8);
	for (src = 1; src <= 3; src++) {
		RPC(f, rdma_t_send, f->a.h, 0u, sh, (uint64_t)(uintptr_t)&src, (uint64_t)8, 0u,
		    F_OPT);
		assert_int_equal(doca_sync_event_wait_gt(ev, src - 1, UINT64_MAX), DOCA_SUCCESS);
	}
	assert_int_equal(doca_dpa_d2h_memcpy(f->base.dpa, &out, arg_dev, sizeof(out)),
	                 DOCA_SUCCESS);
	assert_int_equal(out.received, 3);
	assert_int_equal(out.last_value, 3);
	assert_int_equal(out.last_type, DOCA_DPA_DEV_COMP_RECV_SEND);
	side_down(&f->a);
	side_down(&f->b);
	assert_int_equal(doca_dpa_thread_destroy(th), DOCA_SUCCESS);
	assert_int_equal(doca_mmap_destroy(sm), DOCA_SUCCESS);
	assert_int_equal(doca_mmap_destroy(dm), DOCA_SUCCESS);
	assert_int_equal(doca_sync_event_destroy(ev), DOCA_SUCCESS);
	assert_int_equal(doca_dpa_mem_free(f->base.dpa, arg_dev), DOCA_SUCCESS);
	assert_int_equal(doca_dpa_mem_free(f->base.dpa, buf_dev), DOCA_SUCCESS);
}

/* Two DPA threads play ping-pong through two connected contexts, each woken by its receive
 * completions, posting from its own EU: ordering, data and wake-ups under concurrency. */
struct pp_side {
	struct doca_dpa_thread *th;
	doca_dpa_dev_uintptr_t arg, recv, send;
	struct doca_mmap *rm, *sm;
	doca_dpa_dev_mmap_t rh, sh;
	struct doca_sync_event *ev;
	doca_dpa_dev_sync_event_t ev_h;
};

static struct doca_mmap *dpa_mmap(struct fx *f, doca_dpa_dev_uintptr_t addr, doca_dpa_dev_mmap_t *h)
{
	struct doca_mmap *m;

	assert_int_equal(doca_mmap_create(&m), DOCA_SUCCESS);
	assert_int_equal(doca_mmap_set_dpa_memrange(m, f->base.dpa, addr, 8), DOCA_SUCCESS);
	assert_int_equal(doca_mmap_set_permissions(m, DOCA_ACCESS_FLAG_LOCAL_READ_WRITE),
	                 DOCA_SUCCESS);
	assert_int_equal(doca_mmap_start(m), DOCA_SUCCESS);
	assert_int_equal(doca_mmap_dev_get_dpa_handle(m, f->base.dev, h), DOCA_SUCCESS);
	return m;
}

static void pp_prepare(struct fx *f, struct pp_side *p)
{
	p->ev = dpa_t_event(f->base.dev, f->base.dpa, 0);
	assert_int_equal(doca_sync_event_get_dpa_handle(p->ev, f->base.dpa, &p->ev_h),
	                 DOCA_SUCCESS);
	assert_int_equal(doca_dpa_mem_alloc(f->base.dpa, sizeof(struct dpa_test_rdma_pp), &p->arg),
	                 DOCA_SUCCESS);
	assert_int_equal(doca_dpa_mem_alloc(f->base.dpa, 8, &p->recv), DOCA_SUCCESS);
	assert_int_equal(doca_dpa_mem_alloc(f->base.dpa, 8, &p->send), DOCA_SUCCESS);
	p->rm = dpa_mmap(f, p->recv, &p->rh);
	p->sm = dpa_mmap(f, p->send, &p->sh);
	assert_int_equal(doca_dpa_thread_create(f->base.dpa, &p->th), DOCA_SUCCESS);
	assert_int_equal(doca_dpa_thread_set_func_arg(p->th, &rdma_t_pingpong, p->arg),
	                 DOCA_SUCCESS);
	assert_int_equal(doca_dpa_thread_start(p->th), DOCA_SUCCESS);
}

static void pp_arg(struct fx *f, struct pp_side *p, struct side *s, uint64_t first, uint64_t limit)
{
	struct dpa_test_rdma_pp a = {.rdma = s->h,
	                             .comp = s->comp_h,
	                             .event = p->ev_h,
	                             .recv_buf = p->recv,
	                             .send_buf = p->send,
	                             .recv_mmap = p->rh,
	                             .send_mmap = p->sh,
	                             .limit = limit,
	                             .first = first};

	assert_int_equal(doca_dpa_h2d_memcpy(f->base.dpa, p->arg, &a, sizeof(a)), DOCA_SUCCESS);
	RPC(f, rdma_t_recv, s->h, p->rh, (uint64_t)p->recv, (uint64_t)8);
}

static void pp_check_and_free(struct fx *f, struct pp_side *p, uint64_t count)
{
	struct dpa_test_rdma_pp out;

	assert_int_equal(doca_dpa_d2h_memcpy(f->base.dpa, &out, p->arg, sizeof(out)), DOCA_SUCCESS);
	assert_int_equal(out.count, count);
	assert_int_equal(out.bad, 0);
	assert_int_equal(doca_dpa_thread_destroy(p->th), DOCA_SUCCESS);
	assert_int_equal(doca_mmap_destroy(p->rm), DOCA_SUCCESS);
	assert_int_equal(doca_mmap_destroy(p->sm), DOCA_SUCCESS);
	assert_int_equal(doca_sync_event_destroy(p->ev), DOCA_SUCCESS);
	assert_int_equal(doca_dpa_mem_free(f->base.dpa, p->arg), DOCA_SUCCESS);
	assert_int_equal(doca_dpa_mem_free(f->base.dpa, p->recv), DOCA_SUCCESS);
	assert_int_equal(doca_dpa_mem_free(f->base.dpa, p->send), DOCA_SUCCESS);
}

static void test_ping_pong_threads(void **state)
{
	struct fx *f = *state;
	struct pp_side ping = {0}, pong = {0};
	const uint64_t limit = 300;
	uint64_t zero = 0;

	pp_prepare(f, &ping);
	pp_prepare(f, &pong);
	side_up(f, &f->a, FULL_ACCESS, 7, 8, ping.th);
	side_up(f, &f->b, FULL_ACCESS, 7, 8, pong.th);
	connect_both(f);
	assert_int_equal(doca_dpa_thread_run(ping.th), DOCA_SUCCESS);
	assert_int_equal(doca_dpa_thread_run(pong.th), DOCA_SUCCESS);
	pp_arg(f, &ping, &f->a, 1, limit);
	pp_arg(f, &pong, &f->b, 0, limit);
	t_log_reset();
	/* The first message, value 0, from ping's send buffer. */
	assert_int_equal(doca_dpa_h2d_memcpy(f->base.dpa, ping.send, &zero, 8), DOCA_SUCCESS);
	RPC(f, rdma_t_send, f->a.h, 0u, ping.sh, (uint64_t)ping.send, (uint64_t)8, 0u, F_OPT);
	/* Pong receives 'limit' messages and answers limit - 1 of them. */
	assert_int_equal(doca_sync_event_wait_gt(pong.ev, limit - 1, UINT64_MAX), DOCA_SUCCESS);
	assert_int_equal(doca_sync_event_wait_gt(ping.ev, limit - 2, UINT64_MAX), DOCA_SUCCESS);
	assert_int_equal(t_log_problems(), 0);
	side_down(&f->a);
	side_down(&f->b);
	pp_check_and_free(f, &ping, limit - 1);
	pp_check_and_free(f, &pong, limit);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	        cmocka_unit_test_setup_teardown(test_host_config, setup, teardown),
	        cmocka_unit_test_setup_teardown(test_caps, setup, teardown),
	        cmocka_unit_test_setup_teardown(test_send_receive, setup, teardown),
	        cmocka_unit_test_setup_teardown(test_write_read_atomic, setup, teardown),
	        cmocka_unit_test_setup_teardown(test_write_without_access, setup, teardown),
	        cmocka_unit_test_setup_teardown(test_context_without_access, setup, teardown),
	        cmocka_unit_test_setup_teardown(test_signal_remote_event, setup, teardown),
	        cmocka_unit_test_setup_teardown(test_mmap_from_export, setup, teardown),
	        cmocka_unit_test_setup_teardown(test_post_before_connect, setup, teardown),
	        cmocka_unit_test_setup_teardown(test_peer_never_connected, setup, teardown),
	        cmocka_unit_test_setup_teardown(test_receive_queue_runs_dry, setup, teardown),
	        cmocka_unit_test_setup_teardown(test_completion_never_acked, setup, teardown),
	        cmocka_unit_test_setup_teardown(test_bad_handles, setup, teardown),
	        cmocka_unit_test_setup_teardown(test_bad_rdma_handle, setup, teardown),
	        cmocka_unit_test_setup_teardown(test_p7_sf_on_pf_context, setup, teardown),
	        cmocka_unit_test_setup_teardown(test_thread_wakeup, setup, teardown),
	        cmocka_unit_test_setup_teardown(test_ping_pong_threads, setup, teardown),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
