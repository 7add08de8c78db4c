/* SPDX-License-Identifier: BSD-3-Clause
 * doca_eth_txq on an emulated device (src/eth/txq.c, docs/ETH.md), and the regular
 * doca_eth_rxq (receive tasks): lifecycle and errors, send tasks whose frames leave through
 * the port (its wire, or its egress pipes), checksum offload, LSO, task batches, the queue's
 * depth, and a round trip: a frame a send queue sends is matched and forwarded by DOCA Flow
 * pipes and received by a receive task.
 */
#include <arpa/inet.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <doca_buf.h>
#include <doca_buf_inventory.h>
#include <doca_ctx.h>
#include <doca_dev.h>
#include <doca_eth_rxq.h>
#include <doca_eth_rxq_cpu_data_path.h>
#include <doca_eth_txq.h>
#include <doca_eth_txq_cpu_data_path.h>
#include <doca_mmap.h>
#include <doca_pe.h>

#include "eth/csum.h"
#include "flow_t.h"

static uint8_t out[SOFTDPA_FRAME_MAX];

/* What the callbacks saw. */
static struct {
	unsigned int ok, err, lso_ok, lso_err, batch_ok, batch_err, recv_ok, recv_err;
	doca_error_t last_status;
	union doca_data ud, cud;
	uint16_t batch_n;
	doca_error_t batch_status[16];
	bool free_in_cb; /* free the send task in its callback (else keep it) */
	bool resubmit;   /* resubmit a receive task from its callback (else free it) */
	struct doca_eth_txq_task_send *kept;
	size_t recv_len;
	uint8_t recv_l3, recv_l4;
	uint8_t recv_data[256];
} seen;

struct env {
	struct doca_dev *dev;
	struct doca_pe *pe;
	struct doca_mmap *mmap;
	struct doca_buf_inventory *inv;
	uint8_t *mem;
	size_t mem_len;
	bool flow;
};

static void send_ok(struct doca_eth_txq_task_send *t, union doca_data ud, union doca_data cud)
{
	seen.ok++;
	seen.ud = ud;
	seen.cud = cud;
	seen.last_status = doca_task_get_status(doca_eth_txq_task_send_as_doca_task(t));
	if (seen.free_in_cb)
		doca_task_free(doca_eth_txq_task_send_as_doca_task(t));
	else
		seen.kept = t;
}

static void send_err(struct doca_eth_txq_task_send *t, union doca_data ud, union doca_data cud)
{
	(void)cud;
	seen.err++;
	seen.ud = ud;
	seen.last_status = doca_task_get_status(doca_eth_txq_task_send_as_doca_task(t));
	doca_task_free(doca_eth_txq_task_send_as_doca_task(t));
}

static void lso_ok(struct doca_eth_txq_task_lso_send *t, union doca_data ud, union doca_data cud)
{
	(void)ud;
	(void)cud;
	seen.lso_ok++;
	doca_task_free(doca_eth_txq_task_lso_send_as_doca_task(t));
}

static void lso_err(struct doca_eth_txq_task_lso_send *t, union doca_data ud, union doca_data cud)
{
	(void)ud;
	(void)cud;
	seen.lso_err++;
	seen.last_status = doca_task_get_status(doca_eth_txq_task_lso_send_as_doca_task(t));
	doca_task_free(doca_eth_txq_task_lso_send_as_doca_task(t));
}

static void batch_done(struct doca_task_batch *b, uint16_t n, union doca_data cud,
                       union doca_data bud, union doca_data *uds, struct doca_buf **pkts,
                       doca_error_t *status)
{
	(void)cud;
	(void)pkts;
	assert_int_equal(doca_task_batch_get_tasks_num(b), n);
	seen.batch_n = n;
	seen.ud = bud;
	for (uint16_t i = 0; i < n && i < 16; i++) {
		seen.batch_status[i] = status[i];
		assert_int_equal(uds[i].u64, 100 + i);
	}
	if (doca_task_batch_get_status(b) == DOCA_SUCCESS)
		seen.batch_ok++;
	else
		seen.batch_err++;
	doca_task_batch_free(b);
}

static void env_open_workers(struct env *e, bool flow, const char *mode, const char *workers)
{
	struct doca_devinfo **list;
	uint32_t n = 0;

	memset(&seen, 0, sizeof(seen));
	seen.free_in_cb = true;
	memset(e, 0, sizeof(*e));
	setenv("SOFTDPA_NIC_WORKERS", workers, 1);
	assert_int_equal(doca_devinfo_create_list(&list, &n), DOCA_SUCCESS);
	assert_true(n >= 1);
	assert_int_equal(doca_dev_open(list[0], &e->dev), DOCA_SUCCESS);
	assert_int_equal(doca_devinfo_destroy_list(list), DOCA_SUCCESS);
	assert_int_equal(doca_pe_create(&e->pe), DOCA_SUCCESS);
	e->mem_len = 256 * 1024;
	e->mem = calloc(1, e->mem_len);
	assert_non_null(e->mem);
	assert_int_equal(doca_mmap_create(&e->mmap), DOCA_SUCCESS);
	assert_int_equal(doca_mmap_set_memrange(e->mmap, e->mem, e->mem_len), DOCA_SUCCESS);
	assert_int_equal(doca_mmap_add_dev(e->mmap, e->dev), DOCA_SUCCESS);
	assert_int_equal(doca_mmap_start(e->mmap), DOCA_SUCCESS);
	assert_int_equal(doca_buf_inventory_create(64, &e->inv), DOCA_SUCCESS);
	assert_int_equal(doca_buf_inventory_start(e->inv), DOCA_SUCCESS);
	e->flow = flow;
	if (flow) {
		struct doca_flow_cfg *cfg;
		struct doca_flow_port_cfg *pc;

		assert_int_equal(doca_flow_cfg_create(&cfg), DOCA_SUCCESS);
		assert_int_equal(doca_flow_cfg_set_mode_args(cfg, mode), DOCA_SUCCESS);
		assert_int_equal(doca_flow_init(cfg), DOCA_SUCCESS);
		doca_flow_cfg_destroy(cfg);
		memset(ft_ports, 0, sizeof(ft_ports));
		assert_int_equal(doca_flow_port_cfg_create(&pc), DOCA_SUCCESS);
		assert_int_equal(doca_flow_port_cfg_set_port_id(pc, 0), DOCA_SUCCESS);
		assert_int_equal(doca_flow_port_cfg_set_dev(pc, e->dev), DOCA_SUCCESS);
		assert_int_equal(doca_flow_port_start(pc, &ft_ports[0]), DOCA_SUCCESS);
		doca_flow_port_cfg_destroy(pc);
	}
}

static void env_open(struct env *e, bool flow, const char *mode)
{
	env_open_workers(e, flow, mode, "0");
}

static void env_close(struct env *e)
{
	if (e->flow)
		ft_fini();
	assert_int_equal(doca_pe_destroy(e->pe), DOCA_SUCCESS);
	assert_int_equal(doca_buf_inventory_destroy(e->inv), DOCA_SUCCESS);
	assert_int_equal(doca_mmap_destroy(e->mmap), DOCA_SUCCESS);
	free(e->mem);
	assert_int_equal(doca_dev_close(e->dev), DOCA_SUCCESS);
}

/* A doca_buf over mem[off, off+len) holding 'len' bytes of frame. */
static struct doca_buf *buf_of(struct env *e, size_t off, const uint8_t *frame, size_t len)
{
	struct doca_buf *b = NULL;

	memcpy(e->mem + off, frame, len);
	assert_int_equal(doca_buf_inventory_buf_get_by_data(e->inv, e->mmap, e->mem + off, len, &b),
	                 DOCA_SUCCESS);
	return b;
}

/* A started send queue: send tasks (n), LSO tasks, batches of 16. */
static struct doca_eth_txq *make_txq(struct env *e, uint32_t burst, uint32_t ntasks)
{
	struct doca_eth_txq *q = NULL;

	assert_int_equal(doca_eth_txq_create(e->dev, burst, &q), DOCA_SUCCESS);
	assert_int_equal(doca_eth_txq_set_type(q, DOCA_ETH_TXQ_TYPE_REGULAR), DOCA_SUCCESS);
	assert_int_equal(doca_eth_txq_task_send_set_conf(q, send_ok, send_err, ntasks),
	                 DOCA_SUCCESS);
	assert_int_equal(doca_eth_txq_task_lso_send_set_conf(q, lso_ok, lso_err, 4), DOCA_SUCCESS);
	assert_int_equal(doca_eth_txq_task_batch_send_set_conf(
	                         q, DOCA_TASK_BATCH_MAX_TASKS_NUMBER_16, 2, batch_done, batch_done),
	                 DOCA_SUCCESS);
	assert_int_equal(doca_pe_connect_ctx(e->pe, doca_eth_txq_as_doca_ctx(q)), DOCA_SUCCESS);
	assert_int_equal(doca_ctx_start(doca_eth_txq_as_doca_ctx(q)), DOCA_SUCCESS);
	return q;
}

static void drop_txq(struct doca_eth_txq *q)
{
	assert_int_equal(doca_ctx_stop(doca_eth_txq_as_doca_ctx(q)), DOCA_SUCCESS);
	assert_int_equal(doca_eth_txq_destroy(q), DOCA_SUCCESS);
}

static doca_error_t send1(struct doca_eth_txq *q, struct doca_buf *b, uint64_t ud, uint16_t ol)
{
	struct doca_eth_txq_task_send *t = NULL;
	doca_error_t r;

	r = doca_eth_txq_task_send_allocate_init(q, b, (union doca_data){.u64 = ud}, &t);
	if (r != DOCA_SUCCESS)
		return r;
	if (ol)
		doca_eth_txq_task_send_set_ol_flags(t, ol);
	r = doca_task_submit(doca_eth_txq_task_send_as_doca_task(t));
	if (r != DOCA_SUCCESS)
		doca_task_free(doca_eth_txq_task_send_as_doca_task(t));
	return r;
}

/* ---------------------------------------------------------------- lifecycle and errors */

static void test_lifecycle(void **state)
{
	struct env e;
	struct doca_eth_txq *q = NULL;
	struct doca_ctx *ctx;
	struct doca_eth_txq_task_send *t = NULL;
	struct doca_buf *b;
	uint32_t v = 0;
	uint16_t id = 9;
	size_t inflight = 7;
	enum doca_eth_wait_on_time_type wot = DOCA_ETH_WAIT_ON_TIME_TYPE_NATIVE;
	enum doca_ctx_states st;

	(void)state;
	env_open(&e, true, "vnf,hws");
	b = buf_of(&e, 0, out, ft_udp4(out, 1, 2, 3, 4));
	/* capabilities */
	assert_int_equal(doca_eth_txq_cap_get_max_burst_size(doca_dev_as_devinfo(e.dev), 1, 0, &v),
	                 DOCA_SUCCESS);
	assert_int_equal(v, 8192);
	assert_int_equal(doca_eth_txq_cap_is_type_supported(doca_dev_as_devinfo(e.dev),
	                                                    DOCA_ETH_TXQ_TYPE_REGULAR,
	                                                    DOCA_ETH_TXQ_DATA_PATH_TYPE_CPU),
	                 DOCA_SUCCESS);
	assert_int_equal(doca_eth_txq_cap_is_type_supported(doca_dev_as_devinfo(e.dev),
	                                                    DOCA_ETH_TXQ_TYPE_REGULAR,
	                                                    DOCA_ETH_TXQ_DATA_PATH_TYPE_GPU),
	                 DOCA_ERROR_NOT_SUPPORTED);
	assert_int_equal(
	        doca_eth_txq_cap_is_l3_chksum_offload_supported(doca_dev_as_devinfo(e.dev)),
	        DOCA_SUCCESS);
	assert_int_equal(doca_eth_txq_cap_get_wait_on_time_offload_supported(
	                         doca_dev_as_devinfo(e.dev), &wot),
	                 DOCA_SUCCESS);
	assert_int_equal(wot, DOCA_ETH_WAIT_ON_TIME_TYPE_NONE);
	assert_int_equal(doca_eth_txq_cap_get_max_lso_header_size(NULL, (uint16_t *)&v),
	                 DOCA_ERROR_INVALID_VALUE);

	/* configuration */
	assert_int_equal(doca_eth_txq_create(e.dev, 9000, &q), DOCA_ERROR_INVALID_VALUE);
	assert_int_equal(doca_eth_txq_create(e.dev, 4, &q), DOCA_SUCCESS);
	ctx = doca_eth_txq_as_doca_ctx(q);
	assert_non_null(ctx);
	t_log_reset();
	assert_int_equal(doca_eth_txq_set_type(q, (enum doca_eth_txq_type)3),
	                 DOCA_ERROR_INVALID_VALUE);
	t_assert_logged("doca_eth_txq_set_type", "unknown");
	assert_int_equal(doca_eth_txq_set_max_send_buf_list_len(q, 17), DOCA_ERROR_INVALID_VALUE);
	assert_int_equal(doca_eth_txq_set_metadata_num(q, 2), DOCA_ERROR_INVALID_VALUE);
	t_assert_logged("metadata_num is above");
	assert_int_equal(doca_eth_txq_set_mss(q, 0), DOCA_ERROR_INVALID_VALUE);
	assert_int_equal(doca_eth_txq_set_max_lso_header_size(q, 300), DOCA_ERROR_INVALID_VALUE);
	t_log_reset();
	assert_int_equal(doca_eth_txq_set_wait_on_time_offload(q), DOCA_ERROR_NOT_SUPPORTED);
	t_assert_logged("doca_eth_txq_set_wait_on_time_offload", "is not supported by softdpa");
	assert_int_equal(doca_eth_txq_task_send_set_conf(q, send_ok, NULL, 4),
	                 DOCA_ERROR_INVALID_VALUE);
	assert_int_equal(doca_eth_txq_task_send_set_conf(q, send_ok, send_err, 0),
	                 DOCA_ERROR_INVALID_VALUE);
	assert_int_equal(
	        doca_eth_txq_task_batch_send_set_conf(q, (enum doca_task_batch_max_tasks_number)9,
	                                              1, batch_done, batch_done),
	        DOCA_ERROR_INVALID_VALUE);
	assert_int_equal(doca_eth_txq_task_send_num_expand(q, 2), DOCA_ERROR_BAD_STATE);
	/* start: needs an engine and a task configuration */
	t_log_reset();
	assert_int_equal(doca_ctx_start(ctx), DOCA_ERROR_BAD_STATE);
	t_assert_logged("not connected to a progress engine");
	assert_int_equal(doca_pe_connect_ctx(e.pe, ctx), DOCA_SUCCESS);
	assert_int_equal(doca_ctx_start(ctx), DOCA_ERROR_BAD_STATE);
	t_assert_logged("no task configuration");
	assert_int_equal(doca_eth_txq_task_send_set_conf(q, send_ok, send_err, 2), DOCA_SUCCESS);
	/* tasks exist from start on */
	assert_int_equal(doca_eth_txq_task_send_allocate_init(q, b, (union doca_data){0}, &t),
	                 DOCA_ERROR_BAD_STATE);
	assert_int_equal(doca_eth_txq_get_flow_queue_id(q, &id), DOCA_ERROR_BAD_STATE);
	assert_int_equal(doca_ctx_start(ctx), DOCA_SUCCESS);
	assert_int_equal(doca_eth_txq_get_flow_queue_id(q, &id), DOCA_SUCCESS);
	assert_int_equal(id, 0);
	/* running: configuration refused, destroy refused */
	t_log_reset();
	assert_int_equal(doca_eth_txq_set_mss(q, 100), DOCA_ERROR_BAD_STATE);
	t_assert_logged("not idle");
	assert_int_equal(doca_eth_txq_destroy(q), DOCA_ERROR_BAD_STATE);
	/* allocation: arguments, kinds not configured, the pool's size, then expand */
	assert_int_equal(doca_eth_txq_task_send_allocate_init(q, NULL, (union doca_data){0}, &t),
	                 DOCA_ERROR_INVALID_VALUE);
	assert_int_equal(doca_eth_txq_task_lso_send_allocate_init(
	                         q, b, (struct doca_gather_list *)out, (union doca_data){0},
	                         (struct doca_eth_txq_task_lso_send **)&t),
	                 DOCA_ERROR_BAD_STATE);
	{
		struct doca_eth_txq_task_send *a = NULL, *c = NULL, *d = NULL;

		assert_int_equal(
		        doca_eth_txq_task_send_allocate_init(q, b, (union doca_data){0}, &a),
		        DOCA_SUCCESS);
		assert_int_equal(
		        doca_eth_txq_task_send_allocate_init(q, b, (union doca_data){0}, &c),
		        DOCA_SUCCESS);
		t_log_reset();
		assert_int_equal(
		        doca_eth_txq_task_send_allocate_init(q, b, (union doca_data){0}, &d),
		        DOCA_ERROR_NO_MEMORY);
		t_assert_logged("all 2 tasks are allocated");
		assert_int_equal(doca_eth_txq_task_send_num_expand(q, 1), DOCA_SUCCESS);
		assert_int_equal(
		        doca_eth_txq_task_send_allocate_init(q, b, (union doca_data){0}, &d),
		        DOCA_SUCCESS);
		/* stop with tasks allocated: STOPPING until they are freed */
		assert_int_equal(doca_ctx_stop(ctx), DOCA_ERROR_IN_PROGRESS);
		assert_int_equal(doca_ctx_get_state(ctx, &st), DOCA_SUCCESS);
		assert_int_equal(st, DOCA_CTX_STATE_STOPPING);
		t_log_reset();
		assert_int_equal(doca_task_submit(doca_eth_txq_task_send_as_doca_task(a)),
		                 DOCA_ERROR_BAD_STATE);
		t_assert_logged("not running");
		doca_task_free(doca_eth_txq_task_send_as_doca_task(a));
		doca_task_free(doca_eth_txq_task_send_as_doca_task(c));
		assert_int_equal(doca_pe_progress(e.pe), 0);
		assert_int_equal(doca_ctx_get_state(ctx, &st), DOCA_SUCCESS);
		assert_int_equal(st, DOCA_CTX_STATE_STOPPING);
		{
			struct doca_task *dt = doca_eth_txq_task_send_as_doca_task(d);

			doca_task_free(dt);
			/* freed twice: refused with one line */
			t_log_reset();
			doca_task_free(dt);
			assert_int_equal(t_log_problems(), 1);
			t_assert_logged("doca_task_free", "was freed");
			t_log_reset();
			assert_null(doca_eth_txq_task_send_as_doca_task(d));
			t_assert_logged("not a live task");
		}
		assert_int_equal(doca_pe_progress(e.pe), 1);
		assert_int_equal(doca_ctx_get_state(ctx, &st), DOCA_SUCCESS);
		assert_int_equal(st, DOCA_CTX_STATE_IDLE);
	}
	assert_int_equal(doca_ctx_get_num_inflight_tasks(ctx, &inflight), DOCA_SUCCESS);
	assert_int_equal(inflight, 0);
	assert_int_equal(doca_eth_txq_destroy(q), DOCA_SUCCESS);
	t_log_reset();
	assert_int_equal(doca_eth_txq_destroy(q), DOCA_ERROR_INVALID_VALUE);
	t_assert_logged("not a live queue");
	assert_null(doca_eth_txq_as_doca_ctx(NULL));
	assert_int_equal(doca_buf_dec_refcount(b, NULL), DOCA_SUCCESS);
	env_close(&e);
}

/* ---------------------------------------------------------------- the data path */

/* A send task's frame leaves through the port's wire (no egress pipe); its completion waits
 * for doca_pe_progress and carries the user data; submitting twice and freeing a submitted
 * task are refused. */
static void test_send_to_wire(void **state)
{
	struct env e;
	struct doca_eth_txq *q;
	struct doca_eth_txq_task_send *t = NULL;
	struct doca_buf *b;
	uint8_t in[128];
	uint32_t len;
	size_t inflight = 0;
	union doca_data cud = {.u64 = 5};

	(void)state;
	env_open(&e, true, "vnf,hws");
	q = make_txq(&e, 8, 8);
	assert_int_equal(doca_ctx_set_user_data(doca_eth_txq_as_doca_ctx(q), cud), DOCA_SUCCESS);
	len = ft_udp4(in, 0x0a000001, 0x0a000002, 10, 20);
	b = buf_of(&e, 0, in, len);
	assert_int_equal(
	        doca_eth_txq_task_send_allocate_init(q, b, (union doca_data){.u64 = 42}, &t),
	        DOCA_SUCCESS);
	assert_int_equal(doca_task_submit(doca_eth_txq_task_send_as_doca_task(t)), DOCA_SUCCESS);
	t_log_reset();
	assert_int_equal(doca_task_submit(doca_eth_txq_task_send_as_doca_task(t)),
	                 DOCA_ERROR_BAD_STATE);
	t_assert_logged("submitted already");
	t_log_reset();
	doca_task_free(doca_eth_txq_task_send_as_doca_task(t));
	t_assert_logged("is submitted");
	assert_int_equal(doca_pe_get_num_inflight_tasks(e.pe, &inflight), DOCA_SUCCESS);
	assert_int_equal(inflight, 1);
	/* on the wire already; completion on progress */
	assert_int_equal(ft_drain(0, out), len);
	assert_memory_equal(out, in, len);
	assert_int_equal(seen.ok, 0);
	assert_int_equal(doca_pe_progress(e.pe), 1);
	assert_int_equal(seen.ok, 1);
	assert_int_equal(seen.ud.u64, 42);
	assert_int_equal(seen.cud.u64, 5);
	assert_int_equal(seen.last_status, DOCA_SUCCESS);
	assert_int_equal(doca_pe_get_num_inflight_tasks(e.pe, &inflight), DOCA_SUCCESS);
	assert_int_equal(inflight, 0);
	assert_int_equal(doca_pe_progress(e.pe), 0);
	/* a doca_buf list (two pieces) is one frame */
	assert_int_equal(doca_ctx_stop(doca_eth_txq_as_doca_ctx(q)), DOCA_SUCCESS);
	assert_int_equal(doca_eth_txq_set_max_send_buf_list_len(q, 2), DOCA_SUCCESS);
	assert_int_equal(doca_ctx_start(doca_eth_txq_as_doca_ctx(q)), DOCA_SUCCESS);
	{
		struct doca_buf *h = buf_of(&e, 4096, in, 20),
		                *p = buf_of(&e, 8192, in + 20, len - 20);

		assert_int_equal(doca_buf_chain_list(h, p), DOCA_SUCCESS);
		assert_int_equal(send1(q, h, 1, 0), DOCA_SUCCESS);
		assert_int_equal(ft_drain(0, out), len);
		assert_memory_equal(out, in, len);
		assert_int_equal(doca_pe_progress(e.pe), 1);
		assert_int_equal(doca_buf_dec_refcount(h, NULL), DOCA_SUCCESS);
	}
	drop_txq(q);
	assert_int_equal(doca_buf_dec_refcount(b, NULL), DOCA_SUCCESS);
	env_close(&e);
}

/* The checksum offloads: a frame with wrong checksums leaves with right ones when the task
 * (or the queue) asks for them, unchanged otherwise. */
static void test_checksum_offload(void **state)
{
	struct env e;
	struct doca_eth_txq *q;
	struct doca_buf *b;
	uint8_t in[128], l3 = 9, l4 = 9;
	uint32_t len;

	(void)state;
	env_open(&e, true, "vnf,hws");
	q = make_txq(&e, 8, 8);
	len = ft_udp4(in, 0x0a000001, 0x0a000002, 10, 20);
	in[24] ^= 0x5a; /* IPv4 checksum */
	in[40] ^= 0x33; /* UDP checksum */
	b = buf_of(&e, 0, in, len);
	assert_int_equal(send1(q, b, 1, 0), DOCA_SUCCESS);
	assert_int_equal(ft_drain(0, out), len);
	l3l4_check(out, len, &l3, &l4);
	assert_int_equal(l3, 0); /* no offload: as given */
	assert_int_equal(send1(q, b, 2, DOCA_ETH_TXQ_OL_FLAGS_L3_CSUM), DOCA_SUCCESS);
	assert_int_equal(ft_drain(0, out), len);
	l3l4_check(out, len, &l3, &l4);
	assert_int_equal(l3, 1);
	assert_int_equal(l4, 0);
	assert_int_equal(
	        send1(q, b, 3, DOCA_ETH_TXQ_OL_FLAGS_L3_CSUM | DOCA_ETH_TXQ_OL_FLAGS_L4_CSUM),
	        DOCA_SUCCESS);
	assert_int_equal(ft_drain(0, out), len);
	l3l4_check(out, len, &l3, &l4);
	assert_int_equal(l3, 1);
	assert_int_equal(l4, 1);
	while (doca_pe_progress(e.pe))
		;
	assert_int_equal(seen.ok, 3);
	/* the queue-wide setting: every packet */
	assert_int_equal(doca_ctx_stop(doca_eth_txq_as_doca_ctx(q)), DOCA_SUCCESS);
	assert_int_equal(doca_eth_txq_set_l3_chksum_offload(q, 1), DOCA_SUCCESS);
	assert_int_equal(doca_eth_txq_set_l4_chksum_offload(q, 1), DOCA_SUCCESS);
	assert_int_equal(doca_ctx_start(doca_eth_txq_as_doca_ctx(q)), DOCA_SUCCESS);
	/* IPv6 / UDP too */
	len = ft_udp6(in, 0x12345, 77);
	in[len - 1] ^= 0xff;
	assert_int_equal(doca_buf_dec_refcount(b, NULL), DOCA_SUCCESS);
	b = buf_of(&e, 0, in, len);
	assert_int_equal(send1(q, b, 4, 0), DOCA_SUCCESS);
	assert_int_equal(ft_drain(0, out), len);
	l3l4_check(out, len, &l3, &l4);
	assert_int_equal(l3, 1);
	assert_int_equal(l4, 1);
	while (doca_pe_progress(e.pe))
		;
	drop_txq(q);
	assert_int_equal(doca_buf_dec_refcount(b, NULL), DOCA_SUCCESS);
	env_close(&e);
}

/* The queue holds max_burst_size tasks in flight: one more is refused (FULL) and stays the
 * application's; a progress makes room. Task errors complete through the error callback;
 * doca_task_try_submit refuses them up front. */
static void test_full_and_task_errors(void **state)
{
	struct env e;
	struct doca_eth_txq *q;
	struct doca_eth_txq_task_send *t = NULL;
	struct doca_buf *b, *tiny;
	uint8_t in[128];
	uint32_t len;

	(void)state;
	env_open(&e, true, "vnf,hws");
	q = make_txq(&e, 2, 8);
	len = ft_udp4(in, 1, 2, 3, 4);
	b = buf_of(&e, 0, in, len);
	assert_int_equal(send1(q, b, 1, 0), DOCA_SUCCESS);
	assert_int_equal(send1(q, b, 2, 0), DOCA_SUCCESS);
	t_log_reset();
	assert_int_equal(send1(q, b, 3, 0), DOCA_ERROR_FULL);
	t_assert_logged("holds 2 tasks in flight");
	assert_int_equal(ft_drain_all(0), 2);
	assert_int_equal(doca_pe_progress(e.pe), 1);
	assert_int_equal(seen.ok, 2);
	assert_int_equal(send1(q, b, 3, 0), DOCA_SUCCESS);
	assert_int_equal(doca_pe_progress(e.pe), 1);
	assert_int_equal(ft_drain_all(0), 1);
	/* a 10-byte packet: the error callback, with INVALID_VALUE; nothing on the wire */
	tiny = buf_of(&e, 4096, in, 10);
	t_log_reset();
	assert_int_equal(send1(q, tiny, 7, 0), DOCA_SUCCESS);
	assert_int_equal(doca_pe_progress(e.pe), 1);
	assert_int_equal(seen.err, 1);
	assert_int_equal(seen.ud.u64, 7);
	assert_int_equal(seen.last_status, DOCA_ERROR_INVALID_VALUE);
	t_assert_logged("shorter than an Ethernet header");
	assert_int_equal(ft_drain_all(0), 0);
	/* try_submit: refused, the task stays the application's */
	assert_int_equal(doca_eth_txq_task_send_allocate_init(q, tiny, (union doca_data){0}, &t),
	                 DOCA_SUCCESS);
	assert_int_equal(doca_task_try_submit(doca_eth_txq_task_send_as_doca_task(t)),
	                 DOCA_ERROR_INVALID_VALUE);
	doca_eth_txq_task_send_set_pkt(t, b);
	{
		struct doca_buf *got = NULL;

		assert_int_equal(doca_eth_txq_task_send_get_pkt(t, &got), DOCA_SUCCESS);
		assert_ptr_equal(got, b);
	}
	assert_int_equal(doca_task_try_submit(doca_eth_txq_task_send_as_doca_task(t)),
	                 DOCA_SUCCESS);
	assert_int_equal(doca_pe_progress(e.pe), 1);
	assert_int_equal(ft_drain_all(0), 1);
	drop_txq(q);
	assert_int_equal(doca_buf_dec_refcount(b, NULL), DOCA_SUCCESS);
	assert_int_equal(doca_buf_dec_refcount(tiny, NULL), DOCA_SUCCESS);
	env_close(&e);

	/* no DOCA Flow port on the device: the frame has no wire */
	env_open(&e, false, NULL);
	q = make_txq(&e, 2, 2);
	b = buf_of(&e, 0, in, len);
	t_log_reset();
	assert_int_equal(send1(q, b, 1, 0), DOCA_SUCCESS);
	assert_int_equal(doca_pe_progress(e.pe), 1);
	assert_int_equal(seen.err, 1);
	assert_int_equal(seen.last_status, DOCA_ERROR_NOT_CONNECTED);
	t_assert_logged("no DOCA Flow port is started");
	drop_txq(q);
	assert_int_equal(doca_buf_dec_refcount(b, NULL), DOCA_SUCCESS);
	env_close(&e);
}

/* LSO: a 2500-byte TCP payload with MSS 1000 leaves as three segments (1000, 1000, 500)
 * behind copies of the headers, with sequence numbers, IPv4 ids and lengths fixed, FIN/PSH
 * on the last only, and both checksums right. */
static void test_lso(void **state)
{
	struct env e;
	struct doca_eth_txq *q;
	struct doca_eth_txq_task_lso_send *t = NULL;
	struct doca_buf *pay;
	uint8_t hdr[54], *payload;
	struct doca_gather_list g = {.addr = hdr, .len = sizeof(hdr), .next = NULL};
	uint8_t l3 = 0, l4 = 0;

	(void)state;
	env_open(&e, true, "vnf,hws");
	q = make_txq(&e, 8, 8);
	memset(hdr, 0, sizeof(hdr));
	memset(hdr, 0xaa, 6);
	memset(hdr + 6, 0xbb, 6);
	hdr[12] = 0x08;
	hdr[14] = 0x45;
	hdr[18] = 0x12; /* id 0x1234 */
	hdr[19] = 0x34;
	hdr[22] = 64;
	hdr[23] = 6;
	hdr[26] = 10;
	hdr[29] = 1;
	hdr[30] = 10;
	hdr[33] = 2;
	hdr[34] = 0x30; /* sport 12345 */
	hdr[35] = 0x39;
	hdr[37] = 80;
	hdr[41] = 100; /* seq 100 */
	hdr[46] = 0x50;
	hdr[47] = 0x19; /* FIN PSH ACK */
	payload = malloc(2500);
	assert_non_null(payload);
	for (int i = 0; i < 2500; i++)
		payload[i] = (uint8_t)i;
	pay = buf_of(&e, 0, payload, 2500);
	assert_int_equal(
	        doca_eth_txq_task_lso_send_allocate_init(q, pay, &g, (union doca_data){0}, &t),
	        DOCA_SUCCESS);
	/* no MSS anywhere: the error callback */
	t_log_reset();
	assert_int_equal(doca_task_submit(doca_eth_txq_task_lso_send_as_doca_task(t)),
	                 DOCA_SUCCESS);
	assert_int_equal(doca_pe_progress(e.pe), 1);
	assert_int_equal(seen.lso_err, 1);
	t_assert_logged("no MSS");
	assert_int_equal(
	        doca_eth_txq_task_lso_send_allocate_init(q, pay, &g, (union doca_data){0}, &t),
	        DOCA_SUCCESS);
	doca_eth_txq_task_lso_send_set_mss(t, 1000);
	assert_int_equal(doca_task_submit(doca_eth_txq_task_lso_send_as_doca_task(t)),
	                 DOCA_SUCCESS);
	for (uint32_t i = 0; i < 3; i++) {
		uint32_t want = i < 2 ? 1000 : 500, seq;

		assert_int_equal(ft_drain(0, out), 54 + want);
		assert_int_equal(out[16] << 8 | out[17], 40 + want);
		assert_int_equal(out[18] << 8 | out[19], 0x1234 + i);
		seq = (uint32_t)out[38] << 24 | (uint32_t)out[39] << 16 | (uint32_t)out[40] << 8 |
		      out[41];
		assert_int_equal(seq, 100 + 1000 * i);
		assert_int_equal(out[47], i < 2 ? 0x10 : 0x19);
		assert_memory_equal(out + 54, payload + 1000 * i, want);
		l3l4_check(out, 54 + want, &l3, &l4);
		assert_int_equal(l3, 1);
		assert_int_equal(l4, 1);
	}
	assert_int_equal(ft_drain_all(0), 0);
	assert_int_equal(doca_pe_progress(e.pe), 1);
	assert_int_equal(seen.lso_ok, 1);
	drop_txq(q);
	assert_int_equal(doca_buf_dec_refcount(pay, NULL), DOCA_SUCCESS);
	free(payload);
	env_close(&e);
}

/* A batch of four send tasks: one completion with each task's status and user data. */
static void test_batch(void **state)
{
	struct env e;
	struct doca_eth_txq *q;
	struct doca_task_batch *bt = NULL;
	struct doca_buf **pkts = NULL, *b[4];
	union doca_data *uds = NULL;
	uint16_t *ol = NULL;
	uint8_t in[128];
	uint32_t len = 0;

	(void)state;
	env_open(&e, true, "vnf,hws");
	q = make_txq(&e, 8, 8);
	t_log_reset();
	assert_int_equal(doca_eth_txq_task_batch_send_allocate(q, 17, (union doca_data){.u64 = 9},
	                                                       &pkts, &uds, &bt),
	                 DOCA_ERROR_INVALID_VALUE);
	t_assert_logged("above the batch size");
	assert_int_equal(doca_eth_txq_task_batch_send_allocate(q, 4, (union doca_data){.u64 = 9},
	                                                       &pkts, &uds, &bt),
	                 DOCA_SUCCESS);
	assert_int_equal(doca_task_batch_get_tasks_num(bt), 4);
	assert_int_equal(doca_eth_txq_task_batch_send_get_ol_flags_array(bt, &ol), DOCA_SUCCESS);
	for (uint16_t i = 0; i < 4; i++) {
		len = ft_udp4(in, 0x0a000000 + i, 2, 3, 4);
		b[i] = buf_of(&e, 256 * i, in, len);
		pkts[i] = b[i];
		uds[i].u64 = 100 + i;
		ol[i] = DOCA_ETH_TXQ_OL_FLAGS_L3_CSUM;
	}
	/* the batch is four tasks of the queue's 8 */
	assert_int_equal(doca_task_batch_submit(bt), DOCA_SUCCESS);
	assert_int_equal(ft_drain_all(0), 4);
	assert_int_equal(doca_pe_progress(e.pe), 1);
	assert_int_equal(seen.batch_ok, 1);
	assert_int_equal(seen.batch_n, 4);
	assert_int_equal(seen.ud.u64, 9);
	for (int i = 0; i < 4; i++)
		assert_int_equal(seen.batch_status[i], DOCA_SUCCESS);
	drop_txq(q);
	for (int i = 0; i < 4; i++)
		assert_int_equal(doca_buf_dec_refcount(b[i], NULL), DOCA_SUCCESS);
	env_close(&e);
}

/* The metadata word of a send task is the frame's meta.pkt_meta for the egress pipes: an
 * egress root that passes pkt_meta 7 to the wire and drops the rest. Without
 * set_metadata_num the getters answer BAD_STATE. */
static void test_metadata_to_egress_pipes(void **state)
{
	struct env e;
	struct doca_eth_txq *q = NULL;
	struct doca_eth_txq_task_send *t = NULL;
	struct doca_buf *b;
	struct doca_flow_pipe_cfg *pc;
	struct doca_flow_match m;
	struct doca_flow_fwd f = {.type = DOCA_FLOW_FWD_PORT}, miss = {.type = DOCA_FLOW_FWD_DROP};
	struct doca_flow_pipe *eg;
	uint32_t *meta = NULL;
	uint8_t in[128];
	uint32_t len;

	(void)state;
	env_open(&e, true, "vnf,hws");
	memset(&m, 0, sizeof(m));
	m.meta.pkt_meta = 0xffffffff;
	f.port_id = 0;
	assert_int_equal(doca_flow_pipe_cfg_create(&pc, ft_ports[0]), DOCA_SUCCESS);
	assert_int_equal(doca_flow_pipe_cfg_set_name(pc, "EGRESS_META"), DOCA_SUCCESS);
	assert_int_equal(doca_flow_pipe_cfg_set_type(pc, DOCA_FLOW_PIPE_BASIC), DOCA_SUCCESS);
	assert_int_equal(doca_flow_pipe_cfg_set_is_root(pc, true), DOCA_SUCCESS);
	assert_int_equal(doca_flow_pipe_cfg_set_domain(pc, DOCA_FLOW_PIPE_DOMAIN_EGRESS),
	                 DOCA_SUCCESS);
	assert_int_equal(doca_flow_pipe_cfg_set_match(pc, &m, NULL), DOCA_SUCCESS);
	assert_int_equal(doca_flow_pipe_create(pc, &f, &miss, &eg), DOCA_SUCCESS);
	doca_flow_pipe_cfg_destroy(pc);
	memset(&m, 0, sizeof(m));
	m.meta.pkt_meta = htonl(7);
	assert_int_equal(doca_flow_pipe_basic_add_entry(0, eg, &m, 0, NULL, NULL, NULL,
	                                                DOCA_FLOW_ENTRY_FLAGS_NO_WAIT, NULL, NULL),
	                 DOCA_SUCCESS);
	ft_process(ft_ports[0]);
	len = ft_udp4(in, 1, 2, 3, 4);
	b = buf_of(&e, 0, in, len);
	/* metadata not enabled: the getter says so */
	q = make_txq(&e, 8, 8);
	assert_int_equal(doca_eth_txq_task_send_allocate_init(q, b, (union doca_data){0}, &t),
	                 DOCA_SUCCESS);
	t_log_reset();
	assert_int_equal(doca_eth_txq_task_send_get_metadata_array(t, &meta), DOCA_ERROR_BAD_STATE);
	t_assert_logged("doca_eth_txq_set_metadata_num");
	doca_task_free(doca_eth_txq_task_send_as_doca_task(t));
	assert_int_equal(doca_ctx_stop(doca_eth_txq_as_doca_ctx(q)), DOCA_SUCCESS);
	assert_int_equal(doca_eth_txq_set_metadata_num(q, 1), DOCA_SUCCESS);
	assert_int_equal(doca_ctx_start(doca_eth_txq_as_doca_ctx(q)), DOCA_SUCCESS);
	for (uint32_t v = 7; v <= 8; v++) {
		assert_int_equal(
		        doca_eth_txq_task_send_allocate_init(q, b, (union doca_data){0}, &t),
		        DOCA_SUCCESS);
		assert_int_equal(doca_eth_txq_task_send_get_metadata_array(t, &meta), DOCA_SUCCESS);
		meta[0] = v;
		assert_int_equal(doca_task_submit(doca_eth_txq_task_send_as_doca_task(t)),
		                 DOCA_SUCCESS);
		assert_int_equal(ft_drain_all(0), v == 7 ? 1 : 0); /* 8: dropped by the miss */
	}
	while (doca_pe_progress(e.pe))
		;
	assert_int_equal(seen.ok, 2);
	drop_txq(q);
	assert_int_equal(doca_buf_dec_refcount(b, NULL), DOCA_SUCCESS);
	env_close(&e);
}

/* Switch mode: a send queue of the switch manager's (the PF's) device sends on port 0; with
 * no egress pipe the frame leaves by port 0's wire. */
static void test_switch_mode_send(void **state)
{
	struct env e;
	struct doca_eth_txq *q;
	struct doca_buf *b;
	uint8_t in[128];
	uint32_t len;

	(void)state;
	env_open(&e, true, "switch,hws");
	q = make_txq(&e, 4, 4);
	len = ft_udp4(in, 0x0a000001, 0x0a000002, 10, 20);
	b = buf_of(&e, 0, in, len);
	assert_int_equal(send1(q, b, 1, 0), DOCA_SUCCESS);
	assert_int_equal(ft_drain(0, out), len);
	assert_memory_equal(out, in, len);
	assert_int_equal(doca_pe_progress(e.pe), 1);
	assert_int_equal(seen.ok, 1);
	drop_txq(q);
	assert_int_equal(doca_buf_dec_refcount(b, NULL), DOCA_SUCCESS);
	env_close(&e);
}

/* ---------------------------------------------------------------- regular receive queues */

static void recv_ok(struct doca_eth_rxq_task_recv *t, union doca_data ud, union doca_data cud)
{
	struct doca_buf *pkt = NULL;
	void *data = NULL;

	(void)cud;
	seen.recv_ok++;
	seen.ud = ud;
	assert_int_equal(doca_eth_rxq_task_recv_get_pkt(t, &pkt), DOCA_SUCCESS);
	assert_int_equal(doca_buf_get_data(pkt, &data), DOCA_SUCCESS);
	assert_int_equal(doca_buf_get_data_len(pkt, &seen.recv_len), DOCA_SUCCESS);
	memcpy(seen.recv_data, data, seen.recv_len < 256 ? seen.recv_len : 256);
	assert_int_equal(doca_eth_rxq_task_recv_get_l3_ok(t, &seen.recv_l3), DOCA_SUCCESS);
	assert_int_equal(doca_eth_rxq_task_recv_get_l4_ok(t, &seen.recv_l4), DOCA_SUCCESS);
	/* resubmitted from the callback, with the data dropped */
	assert_int_equal(doca_buf_reset_data_len(pkt), DOCA_SUCCESS);
	if (seen.resubmit)
		assert_int_equal(doca_task_submit(doca_eth_rxq_task_recv_as_doca_task(t)),
		                 DOCA_SUCCESS);
	else
		doca_task_free(doca_eth_rxq_task_recv_as_doca_task(t));
}

static void recv_err(struct doca_eth_rxq_task_recv *t, union doca_data ud, union doca_data cud)
{
	(void)cud;
	seen.recv_err++;
	seen.ud = ud;
	seen.last_status = doca_task_get_status(doca_eth_rxq_task_recv_as_doca_task(t));
	doca_task_free(doca_eth_rxq_task_recv_as_doca_task(t));
}

/* A started regular queue with n receive tasks, bound to DOCA Flow queue 'qid'. */
static struct doca_eth_rxq *make_rxq(struct env *e, uint16_t qid, uint32_t n)
{
	struct doca_eth_rxq *q = NULL;

	assert_int_equal(doca_eth_rxq_create(e->dev, 16, 1600, &q), DOCA_SUCCESS);
	assert_int_equal(doca_eth_rxq_set_type(q, DOCA_ETH_RXQ_TYPE_REGULAR), DOCA_SUCCESS);
	assert_int_equal(doca_eth_rxq_task_recv_set_conf(q, recv_ok, recv_err, n), DOCA_SUCCESS);
	assert_int_equal(doca_pe_connect_ctx(e->pe, doca_eth_rxq_as_doca_ctx(q)), DOCA_SUCCESS);
	assert_int_equal(doca_ctx_start(doca_eth_rxq_as_doca_ctx(q)), DOCA_SUCCESS);
	assert_int_equal(doca_eth_rxq_apply_queue_id(q, qid), DOCA_SUCCESS);
	return q;
}

/* Submit a receive task over mem[off, off + len) (empty). */
static doca_error_t post(struct env *e, struct doca_eth_rxq *q, size_t off, size_t len, uint64_t ud,
                         bool try, struct doca_buf **out_buf)
{
	struct doca_buf *b = NULL;
	struct doca_eth_rxq_task_recv *t = NULL;
	doca_error_t r;

	assert_int_equal(doca_buf_inventory_buf_get_by_addr(e->inv, e->mmap, e->mem + off, len, &b),
	                 DOCA_SUCCESS);
	*out_buf = b;
	assert_int_equal(
	        doca_eth_rxq_task_recv_allocate_init(q, b, (union doca_data){.u64 = ud}, &t),
	        DOCA_SUCCESS);
	r = try ? doca_task_try_submit(doca_eth_rxq_task_recv_as_doca_task(t))
	        : doca_task_submit(doca_eth_rxq_task_recv_as_doca_task(t));
	if (r != DOCA_SUCCESS)
		doca_task_free(doca_eth_rxq_task_recv_as_doca_task(t));
	return r;
}

/* A root pipe of port 0: IPv4 to DOCA Flow queue 'qid'. */
static void rss_root(uint16_t qid)
{
	static uint16_t queues[1];
	struct doca_flow_pipe_cfg *pc;
	struct doca_flow_match m;
	struct doca_flow_fwd fwd, miss = {.type = DOCA_FLOW_FWD_DROP};
	struct doca_flow_pipe *p;

	queues[0] = qid;
	memset(&m, 0, sizeof(m));
	memset(&fwd, 0, sizeof(fwd));
	m.parser_meta.outer_l3_type = DOCA_FLOW_L3_META_IPV4;
	fwd.type = DOCA_FLOW_FWD_RSS;
	fwd.rss_type = DOCA_FLOW_RESOURCE_TYPE_NON_SHARED;
	fwd.rss.queues_array = queues;
	fwd.rss.nr_queues = 1;
	fwd.rss.outer_flags = DOCA_FLOW_RSS_IPV4;
	assert_int_equal(doca_flow_pipe_cfg_create(&pc, ft_ports[0]), DOCA_SUCCESS);
	assert_int_equal(doca_flow_pipe_cfg_set_name(pc, "RSS_ROOT"), DOCA_SUCCESS);
	assert_int_equal(doca_flow_pipe_cfg_set_type(pc, DOCA_FLOW_PIPE_BASIC), DOCA_SUCCESS);
	assert_int_equal(doca_flow_pipe_cfg_set_is_root(pc, true), DOCA_SUCCESS);
	assert_int_equal(doca_flow_pipe_cfg_set_match(pc, &m, NULL), DOCA_SUCCESS);
	assert_int_equal(doca_flow_pipe_create(pc, &fwd, &miss, &p), DOCA_SUCCESS);
	doca_flow_pipe_cfg_destroy(pc);
	memset(&m, 0, sizeof(m));
	assert_int_equal(doca_flow_pipe_basic_add_entry(0, p, &m, 0, NULL, NULL, NULL,
	                                                DOCA_FLOW_ENTRY_FLAGS_NO_WAIT, NULL, NULL),
	                 DOCA_SUCCESS);
}

/* Receive tasks: frames steered to the queue's id land in the application's buffers, one
 * task each, oldest task first; a frame without a task waits in the port's queue; a buffer
 * smaller than max_packet_size fails (try_submit refuses it); stop flushes posted tasks
 * (error callback, DOCA_ERROR_IO_FAILED) and the queue is idle once they are freed. */
static void test_regular_rxq(void **state)
{
	struct env e;
	struct doca_eth_rxq *q;
	struct doca_buf *b[4];
	uint8_t in[128];
	uint32_t len;
	enum doca_ctx_states st;

	(void)state;
	env_open(&e, true, "vnf,hws");
	q = make_rxq(&e, 6, 4);
	rss_root(6);
	len = ft_udp4(in, 0x0a000001, 0x0a000002, 10, 20);
	ft_inject(0, in, len);
	/* no task yet: the frame waits */
	assert_int_equal(doca_pe_progress(e.pe), 0);
	assert_int_equal(post(&e, q, 0, 2048, 11, false, &b[0]), DOCA_SUCCESS);
	assert_int_equal(doca_pe_progress(e.pe), 1);
	assert_int_equal(seen.recv_ok, 1);
	assert_int_equal(seen.ud.u64, 11);
	assert_int_equal(seen.recv_len, len);
	assert_memory_equal(seen.recv_data, in, len);
	assert_int_equal(seen.recv_l3, 1);
	assert_int_equal(seen.recv_l4, 1);
	/* too small a buffer: try_submit refuses, submit fails in the error callback */
	t_log_reset();
	assert_int_equal(post(&e, q, 4096, 100, 12, true, &b[1]), DOCA_ERROR_INVALID_VALUE);
	t_assert_logged("less than the queue's max_packet_size 1600");
	assert_int_equal(post(&e, q, 4096, 100, 13, false, &b[2]), DOCA_SUCCESS);
	assert_int_equal(doca_pe_progress(e.pe), 1);
	assert_int_equal(seen.recv_err, 1);
	assert_int_equal(seen.last_status, DOCA_ERROR_INVALID_VALUE);
	/* another kind of task (a send task) is not a receive task */
	{
		struct doca_eth_txq *tq = make_txq(&e, 2, 2);
		struct doca_eth_txq_task_send *st = NULL;
		struct doca_buf *got = NULL;

		assert_int_equal(
		        doca_eth_txq_task_send_allocate_init(tq, b[0], (union doca_data){0}, &st),
		        DOCA_SUCCESS);
		t_log_reset();
		assert_int_equal(
		        doca_eth_rxq_task_recv_get_pkt((struct doca_eth_rxq_task_recv *)st, &got),
		        DOCA_ERROR_INVALID_VALUE);
		t_assert_logged("another kind of task");
		doca_task_free(doca_eth_txq_task_send_as_doca_task(st));
		drop_txq(tq);
	}
	/* stop with a task posted: flushed, then idle */
	assert_int_equal(post(&e, q, 8192, 2048, 14, false, &b[3]), DOCA_SUCCESS);
	assert_int_equal(doca_ctx_stop(doca_eth_rxq_as_doca_ctx(q)), DOCA_ERROR_IN_PROGRESS);
	assert_int_equal(doca_pe_progress(e.pe), 1);
	assert_int_equal(seen.recv_err, 2);
	assert_int_equal(seen.ud.u64, 14);
	assert_int_equal(seen.last_status, DOCA_ERROR_IO_FAILED);
	assert_int_equal(doca_ctx_get_state(doca_eth_rxq_as_doca_ctx(q), &st), DOCA_SUCCESS);
	assert_int_equal(st, DOCA_CTX_STATE_IDLE);
	assert_int_equal(doca_eth_rxq_destroy(q), DOCA_SUCCESS);
	for (int i = 0; i < 4; i++)
		assert_int_equal(doca_buf_dec_refcount(b[i], NULL), DOCA_SUCCESS);
	env_close(&e);
}

/* The round trip: a frame a send queue sends to the device's own MAC passes port 0's egress
 * root pipe, which forwards it back to port 0 (the embedded switch loops it into the port's
 * ingress); the root pipe's RSS forward steers it to a regular receive queue, whose task
 * gets it, byte for byte, checksums filled by the send offload. A frame the egress pipe
 * does not match is dropped by its miss: never received, never on the wire. */
static void round_trip(const char *workers)
{
	struct env e;
	struct doca_eth_txq *tq;
	struct doca_eth_rxq *rq;
	struct doca_buf *rb, *tb;
	struct doca_flow_pipe_cfg *pc;
	struct doca_flow_match m;
	struct doca_flow_fwd f = {.type = DOCA_FLOW_FWD_PORT}, miss = {.type = DOCA_FLOW_FWD_DROP};
	struct doca_flow_pipe *eg;
	uint8_t in[128], l3 = 0, l4 = 0;
	uint32_t len;
	bool threaded = strcmp(workers, "0") != 0;

	env_open_workers(&e, true, "vnf,hws", workers);
	/* egress root of port 0: 10.0.0.2 back to port 0, the rest dropped */
	memset(&m, 0, sizeof(m));
	m.outer.l3_type = DOCA_FLOW_L3_TYPE_IP4;
	m.outer.ip4.dst_ip = 0xffffffff;
	f.port_id = 0;
	assert_int_equal(doca_flow_pipe_cfg_create(&pc, ft_ports[0]), DOCA_SUCCESS);
	assert_int_equal(doca_flow_pipe_cfg_set_name(pc, "EGRESS_ROOT"), DOCA_SUCCESS);
	assert_int_equal(doca_flow_pipe_cfg_set_type(pc, DOCA_FLOW_PIPE_BASIC), DOCA_SUCCESS);
	assert_int_equal(doca_flow_pipe_cfg_set_is_root(pc, true), DOCA_SUCCESS);
	assert_int_equal(doca_flow_pipe_cfg_set_domain(pc, DOCA_FLOW_PIPE_DOMAIN_EGRESS),
	                 DOCA_SUCCESS);
	assert_int_equal(doca_flow_pipe_cfg_set_match(pc, &m, NULL), DOCA_SUCCESS);
	assert_int_equal(doca_flow_pipe_create(pc, &f, &miss, &eg), DOCA_SUCCESS);
	doca_flow_pipe_cfg_destroy(pc);
	memset(&m, 0, sizeof(m));
	m.outer.ip4.dst_ip = htonl(0x0a000002);
	assert_int_equal(doca_flow_pipe_basic_add_entry(0, eg, &m, 0, NULL, NULL, NULL,
	                                                DOCA_FLOW_ENTRY_FLAGS_NO_WAIT, NULL, NULL),
	                 DOCA_SUCCESS);
	rss_root(9);
	ft_process(ft_ports[0]);
	rq = make_rxq(&e, 9, 4);
	seen.resubmit = true; /* the receive task is resubmitted from its callback */
	assert_int_equal(post(&e, rq, 0, 2048, 21, false, &rb), DOCA_SUCCESS);
	tq = make_txq(&e, 8, 8);
	/* to the device's own MAC, checksums left to the send offload */
	len = ft_udp4(in, 0x0a000001, 0x0a000002, 10, 20);
	assert_int_equal(doca_devinfo_get_mac_addr(doca_dev_as_devinfo(e.dev), in, 6),
	                 DOCA_SUCCESS);
	in[24] = in[25] = 0;
	in[40] = in[41] = 0;
	tb = buf_of(&e, 16384, in, len);
	assert_int_equal(
	        send1(tq, tb, 1, DOCA_ETH_TXQ_OL_FLAGS_L3_CSUM | DOCA_ETH_TXQ_OL_FLAGS_L4_CSUM),
	        DOCA_SUCCESS);
	/* with a NIC worker the frame takes its time: poll until it came (5 s at most) */
	for (int i = 0; i < (threaded ? 5000 : 1) && seen.recv_ok == 0; i++) {
		if (i)
			usleep(1000);
		while (doca_pe_progress(e.pe))
			;
	}
	assert_int_equal(seen.ok, 1);
	assert_int_equal(seen.recv_ok, 1);
	assert_int_equal(seen.ud.u64, 21);
	assert_int_equal(seen.recv_len, len);
	assert_memory_equal(seen.recv_data, in, 24); /* up to the IPv4 checksum */
	l3l4_check(seen.recv_data, len, &l3, &l4);
	assert_int_equal(l3, 1);
	assert_int_equal(l4, 1);
	if (threaded)
		ft_sync();
	assert_int_equal(ft_drain_all(0), 0); /* it never reached the wire */
	/* 10.0.0.3: the egress miss drops it */
	assert_int_equal(doca_buf_dec_refcount(tb, NULL), DOCA_SUCCESS);
	len = ft_udp4(in, 0x0a000001, 0x0a000003, 10, 20);
	assert_int_equal(doca_devinfo_get_mac_addr(doca_dev_as_devinfo(e.dev), in, 6),
	                 DOCA_SUCCESS);
	tb = buf_of(&e, 16384, in, len);
	assert_int_equal(send1(tq, tb, 2, 0), DOCA_SUCCESS);
	if (threaded)
		ft_sync();
	while (doca_pe_progress(e.pe))
		;
	assert_int_equal(seen.ok, 2);
	assert_int_equal(seen.recv_ok, 1);
	assert_int_equal(ft_drain_all(0), 0);
	drop_txq(tq);
	/* the receive task still posted: stop flushes it */
	assert_int_equal(doca_ctx_stop(doca_eth_rxq_as_doca_ctx(rq)), DOCA_ERROR_IN_PROGRESS);
	assert_int_equal(doca_pe_progress(e.pe), 1);
	assert_int_equal(seen.recv_err, 1);
	assert_int_equal(doca_eth_rxq_destroy(rq), DOCA_SUCCESS);
	assert_int_equal(doca_buf_dec_refcount(tb, NULL), DOCA_SUCCESS);
	assert_int_equal(doca_buf_dec_refcount(rb, NULL), DOCA_SUCCESS);
	env_close(&e);
}

static void test_round_trip_through_pipes(void **state)
{
	(void)state;
	round_trip("0");
}

/* The same with a NIC worker thread: the egress pipes, the loopback and the RSS run on the
 * worker while the application sends and polls (TSan checks the hand-offs). */
static void test_round_trip_threaded(void **state)
{
	(void)state;
	round_trip("1");
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	        FT_TEST(test_lifecycle),
	        FT_TEST(test_send_to_wire),
	        FT_TEST(test_checksum_offload),
	        FT_TEST(test_full_and_task_errors),
	        FT_TEST(test_lso),
	        FT_TEST(test_batch),
	        FT_TEST(test_metadata_to_egress_pipes),
	        FT_TEST(test_switch_mode_send),
	        FT_TEST(test_regular_rxq),
	        FT_TEST(test_round_trip_through_pipes),
	        FT_TEST(test_round_trip_threaded),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
