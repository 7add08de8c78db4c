/* SPDX-License-Identifier: BSD-3-Clause
 * DOCA Verbs (docs/DPA.md, "DOCA Verbs"): contexts, PDs, address handles, DPA UARs and RC
 * queue pairs whose data path is on the DPA; the QP state machine and its errors; kernels
 * posting sends, writes and receives on two QPs of this process connected to each other, and
 * their completions in the QPs' DPA completions; the IB verbs PD behind a device and its GID
 * table (ibv_query_gid); two processes whose QPs connect by those GIDs over the RoCEv2
 * carrier, with and without loss.
 */
#include <stdlib.h>
#include <string.h>
#include <arpa/inet.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <unistd.h>

#include <dev/doca_dpa_dev.h>
#include <dev/doca_dpa_dev_verbs.h>
#include <doca_dpa.h>
#include <doca_mmap.h>
#include <doca_rdma_bridge.h>
#include <doca_uar.h>
#include <doca_umem.h>
#include <doca_verbs.h>

#include "dpa_t.h"

#if defined(__has_include) && __has_include(<infiniband/verbs.h>)
#include <infiniband/verbs.h>
#define HAVE_IBV 1
#endif

extern struct doca_dpa_app *dpa_verbs_app;
doca_dpa_func_t verbs_t_recv, verbs_t_send, verbs_t_qpn, verbs_t_poll;

#define FULL_ACCESS                                                                                \
	(DOCA_ACCESS_FLAG_LOCAL_READ_WRITE | DOCA_ACCESS_FLAG_RDMA_READ |                          \
	 DOCA_ACCESS_FLAG_RDMA_WRITE | DOCA_ACCESS_FLAG_RDMA_ATOMIC)

#define EXPECT(call, err, ...)                                                                     \
	do {                                                                                       \
		t_log_reset();                                                                     \
		assert_int_equal((call), (err));                                                   \
		assert_int_equal(t_log_problems(), 1);                                             \
		t_assert_logged(__VA_ARGS__);                                                      \
	} while (0)

/* One QP and what it is made of. */
struct vqp {
	struct doca_dpa_completion *comp;
	doca_dpa_dev_completion_t comp_h;
	doca_dpa_dev_uintptr_t wq, dbr;
	struct doca_umem *wq_umem, *dbr_umem;
	struct doca_verbs_qp *qp;
	doca_dpa_dev_verbs_qp_t h;
	uint32_t qpn;
};

struct fx {
	struct dpa_t_fx base;
	struct doca_verbs_context *ctx;
	struct doca_verbs_pd *pd;
	struct doca_uar *uar;
	struct vqp a, b;
};

static uint64_t rpc_ret;

static uint64_t rpc_ok(doca_error_t r)
{
	assert_int_equal(r, DOCA_SUCCESS);
	return rpc_ret;
}

#define RPC(f, fn, ...) rpc_ok(doca_dpa_rpc((f)->base.dpa, &fn, &rpc_ret, __VA_ARGS__))
#define RTR_MASK                                                                                   \
	(DOCA_VERBS_QP_ATTR_NEXT_STATE | DOCA_VERBS_QP_ATTR_RQ_PSN |                               \
	 DOCA_VERBS_QP_ATTR_DEST_QP_NUM | DOCA_VERBS_QP_ATTR_PATH_MTU |                            \
	 DOCA_VERBS_QP_ATTR_AH_ATTR)
#define FOUND(v) (((v) >> 63) & 1)
#define TYPE(v)  ((unsigned int)(((v) >> 56) & 0x7f))
#define USER(v)  ((uint32_t)(v))

static struct doca_verbs_qp_init_attr *init_attr(struct fx *f, struct vqp *q)
{
	struct doca_verbs_qp_init_attr *ia;

	assert_int_equal(doca_verbs_qp_init_attr_create(&ia), DOCA_SUCCESS);
	assert_int_equal(doca_verbs_qp_init_attr_set_external_datapath_en(ia, 1), DOCA_SUCCESS);
	assert_int_equal(doca_verbs_qp_init_attr_set_external_umem(ia, q->wq_umem, 0),
	                 DOCA_SUCCESS);
	assert_int_equal(doca_verbs_qp_init_attr_set_external_dbr_umem(ia, q->dbr_umem, 0),
	                 DOCA_SUCCESS);
	assert_int_equal(doca_verbs_qp_init_attr_set_external_uar(ia, f->uar), DOCA_SUCCESS);
	assert_int_equal(doca_verbs_qp_init_attr_set_pd(ia, f->pd), DOCA_SUCCESS);
	assert_int_equal(doca_verbs_qp_init_attr_set_sq_wr(ia, 4), DOCA_SUCCESS);
	assert_int_equal(doca_verbs_qp_init_attr_set_rq_wr(ia, 4), DOCA_SUCCESS);
	assert_int_equal(doca_verbs_qp_init_attr_set_qp_type(ia, DOCA_VERBS_QP_TYPE_RC),
	                 DOCA_SUCCESS);
	assert_int_equal(doca_verbs_qp_init_attr_set_send_dpa_completion(ia, q->comp),
	                 DOCA_SUCCESS);
	assert_int_equal(doca_verbs_qp_init_attr_set_receive_dpa_completion(ia, q->comp),
	                 DOCA_SUCCESS);
	assert_int_equal(doca_verbs_qp_init_attr_set_send_max_sges(ia, 1), DOCA_SUCCESS);
	assert_int_equal(doca_verbs_qp_init_attr_set_receive_max_sges(ia, 1), DOCA_SUCCESS);
	return ia;
}

static void vqp_parts(struct fx *f, struct vqp *q)
{
	assert_int_equal(doca_dpa_completion_create(f->base.dpa, 16, &q->comp), DOCA_SUCCESS);
	assert_int_equal(doca_dpa_completion_start(q->comp), DOCA_SUCCESS);
	assert_int_equal(doca_dpa_completion_get_dpa_handle(q->comp, &q->comp_h), DOCA_SUCCESS);
	assert_int_equal(doca_dpa_mem_alloc(f->base.dpa, 512, &q->wq), DOCA_SUCCESS);
	assert_int_equal(doca_umem_dpa_create(f->base.dpa, q->wq, 512, FULL_ACCESS, &q->wq_umem),
	                 DOCA_SUCCESS);
	assert_int_equal(doca_dpa_mem_alloc(f->base.dpa, 64, &q->dbr), DOCA_SUCCESS);
	assert_int_equal(doca_umem_dpa_create(f->base.dpa, q->dbr, 64, FULL_ACCESS, &q->dbr_umem),
	                 DOCA_SUCCESS);
}

static void vqp_up(struct fx *f, struct vqp *q)
{
	struct doca_verbs_qp_init_attr *ia;

	vqp_parts(f, q);
	ia = init_attr(f, q);
	assert_int_equal(doca_verbs_qp_create(f->ctx, ia, &q->qp), DOCA_SUCCESS);
	assert_int_equal(doca_verbs_qp_init_attr_destroy(ia), DOCA_SUCCESS);
	q->qpn = doca_verbs_qp_get_qpn(q->qp);
	assert_int_not_equal(q->qpn, 0);
	assert_int_equal(doca_verbs_qp_get_dpa_handle(q->qp, f->base.dpa, &q->h), DOCA_SUCCESS);
}

static void vqp_down(struct fx *f, struct vqp *q)
{
	if (q->qp != NULL)
		assert_int_equal(doca_verbs_qp_destroy(q->qp), DOCA_SUCCESS);
	if (q->dbr_umem != NULL)
		assert_int_equal(doca_umem_destroy(q->dbr_umem), DOCA_SUCCESS);
	if (q->wq_umem != NULL)
		assert_int_equal(doca_umem_destroy(q->wq_umem), DOCA_SUCCESS);
	if (q->dbr)
		assert_int_equal(doca_dpa_mem_free(f->base.dpa, q->dbr), DOCA_SUCCESS);
	if (q->wq)
		assert_int_equal(doca_dpa_mem_free(f->base.dpa, q->wq), DOCA_SUCCESS);
	if (q->comp != NULL)
		assert_int_equal(doca_dpa_completion_destroy(q->comp), DOCA_SUCCESS);
	memset(q, 0, sizeof(*q));
}

static int setup(void **state)
{
	struct fx *f = calloc(1, sizeof(*f));
	void *inner;

	assert_non_null(f);
	dpa_t_fx_setup(&inner, dpa_verbs_app);
	f->base = *(struct dpa_t_fx *)inner;
	free(inner);
	assert_int_equal(doca_verbs_context_create(doca_dev_as_devinfo(f->base.dev),
	                                           DOCA_VERBS_CONTEXT_CREATE_FLAGS_NONE, &f->ctx),
	                 DOCA_SUCCESS);
	assert_int_equal(doca_verbs_pd_create(f->ctx, &f->pd), DOCA_SUCCESS);
	assert_int_equal(doca_uar_dpa_create(f->base.dpa, &f->uar), DOCA_SUCCESS);
	t_log_reset();
	*state = f;
	return 0;
}

static int teardown(void **state)
{
	struct fx *f = *state;
	struct dpa_t_fx *inner = malloc(sizeof(*inner));

	vqp_down(f, &f->a);
	vqp_down(f, &f->b);
	assert_int_equal(doca_uar_destroy(f->uar), DOCA_SUCCESS);
	assert_int_equal(doca_verbs_pd_destroy(f->pd), DOCA_SUCCESS);
	assert_int_equal(doca_verbs_context_destroy(f->ctx), DOCA_SUCCESS);
	*inner = f->base;
	free(f);
	return dpa_t_fx_teardown((void **)&inner);
}

/* RST -> INIT -> RTR -> RTS towards 'peer' with 'access' (write, read); RTS with IB's
 * ack_timeout (4.096 us * 2^n) and retry_cnt. */
static void connect_timers(struct fx *f, struct vqp *q, uint32_t peer_qpn, const uint8_t *peer_gid,
                           int write, uint16_t ack_timeout, uint16_t retry_cnt)
{
	struct doca_verbs_qp_attr *qa;
	struct doca_verbs_ah_attr *ah;
	uint8_t gid[16];

	assert_int_equal(doca_verbs_ah_attr_create(f->ctx, &ah), DOCA_SUCCESS);
	assert_int_equal(doca_verbs_ah_attr_set_addr_type(ah, DOCA_VERBS_ADDR_TYPE_IPv4),
	                 DOCA_SUCCESS);
	assert_int_equal(doca_verbs_ah_attr_set_sgid_index(ah, 0), DOCA_SUCCESS);
	memset(gid, 0, sizeof(gid));
	if (peer_gid != NULL) {
		struct doca_verbs_gid g;

		memcpy(g.raw, peer_gid, sizeof(g.raw));
		assert_int_equal(doca_verbs_ah_attr_set_gid(ah, g), DOCA_SUCCESS);
	}
	assert_int_equal(doca_verbs_qp_attr_create(&qa), DOCA_SUCCESS);
	assert_int_equal(doca_verbs_qp_attr_set_next_state(qa, DOCA_VERBS_QP_STATE_INIT),
	                 DOCA_SUCCESS);
	assert_int_equal(doca_verbs_qp_attr_set_allow_remote_write(qa, write), DOCA_SUCCESS);
	assert_int_equal(doca_verbs_qp_attr_set_allow_remote_read(qa, 1), DOCA_SUCCESS);
	assert_int_equal(doca_verbs_qp_attr_set_port_num(qa, 1), DOCA_SUCCESS);
	assert_int_equal(doca_verbs_qp_modify(q->qp, qa,
	                                      DOCA_VERBS_QP_ATTR_NEXT_STATE |
	                                              DOCA_VERBS_QP_ATTR_ALLOW_REMOTE_WRITE |
	                                              DOCA_VERBS_QP_ATTR_ALLOW_REMOTE_READ |
	                                              DOCA_VERBS_QP_ATTR_PKEY_INDEX |
	                                              DOCA_VERBS_QP_ATTR_PORT_NUM),
	                 DOCA_SUCCESS);
	assert_int_equal(doca_verbs_qp_attr_set_next_state(qa, DOCA_VERBS_QP_STATE_RTR),
	                 DOCA_SUCCESS);
	assert_int_equal(doca_verbs_qp_attr_set_rq_psn(qa, 0), DOCA_SUCCESS);
	assert_int_equal(doca_verbs_qp_attr_set_dest_qp_num(qa, peer_qpn), DOCA_SUCCESS);
	assert_int_equal(doca_verbs_qp_attr_set_path_mtu(qa, DOCA_MTU_SIZE_1K_BYTES), DOCA_SUCCESS);
	assert_int_equal(doca_verbs_qp_attr_set_ah_attr(qa, ah), DOCA_SUCCESS);
	assert_int_equal(doca_verbs_qp_modify(
	                         q->qp, qa,
	                         DOCA_VERBS_QP_ATTR_NEXT_STATE | DOCA_VERBS_QP_ATTR_RQ_PSN |
	                                 DOCA_VERBS_QP_ATTR_DEST_QP_NUM |
	                                 DOCA_VERBS_QP_ATTR_PATH_MTU | DOCA_VERBS_QP_ATTR_AH_ATTR),
	                 DOCA_SUCCESS);
	assert_int_equal(doca_verbs_qp_attr_set_next_state(qa, DOCA_VERBS_QP_STATE_RTS),
	                 DOCA_SUCCESS);
	assert_int_equal(doca_verbs_qp_attr_set_sq_psn(qa, 0), DOCA_SUCCESS);
	assert_int_equal(doca_verbs_qp_attr_set_rnr_retry(qa, 1), DOCA_SUCCESS);
	assert_int_equal(doca_verbs_qp_attr_set_ack_timeout(qa, ack_timeout), DOCA_SUCCESS);
	assert_int_equal(doca_verbs_qp_attr_set_retry_cnt(qa, retry_cnt), DOCA_SUCCESS);
	assert_int_equal(doca_verbs_qp_modify(q->qp, qa,
	                                      DOCA_VERBS_QP_ATTR_NEXT_STATE |
	                                              DOCA_VERBS_QP_ATTR_SQ_PSN |
	                                              DOCA_VERBS_QP_ATTR_RNR_RETRY |
	                                              DOCA_VERBS_QP_ATTR_ACK_TIMEOUT |
	                                              DOCA_VERBS_QP_ATTR_RETRY_CNT),
	                 DOCA_SUCCESS);
	assert_int_equal(doca_verbs_qp_attr_destroy(qa), DOCA_SUCCESS);
	assert_int_equal(doca_verbs_ah_attr_destroy(ah), DOCA_SUCCESS);
}

/* A peer in another process gets an ACK timeout of 1.07 s (code 18), not 67 ms: the peer is
 * a process a loaded machine may not run for a while, and seven retransmissions in 0.5 s
 * without an answer would take it for gone. */
static void connect_to(struct fx *f, struct vqp *q, uint32_t peer_qpn, const uint8_t *peer_gid,
                       int write)
{
	connect_timers(f, q, peer_qpn, peer_gid, write, peer_gid != NULL ? 18 : 14, 7);
}

static void connect_qp(struct fx *f, struct vqp *q, const struct vqp *peer, int write)
{
	connect_to(f, q, peer->qpn, NULL, write);
}

/* QPs a and b up and connected to each other. a accepts b's remote writes; b accepts a's
 * when b_writable. */
static void pair_up(struct fx *f, int b_writable)
{
	vqp_up(f, &f->a);
	vqp_up(f, &f->b);
	connect_qp(f, &f->a, &f->b, 1);
	connect_qp(f, &f->b, &f->a, b_writable);
}

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

/* ---- host objects and their errors ---- */

static void test_context_pd_ah(void **state)
{
	struct fx *f = *state;
	struct doca_verbs_context *c = NULL;
	struct doca_verbs_pd *pd = NULL;
	struct doca_verbs_ah_attr *ah = NULL;
	struct doca_dev *dev = NULL;
	struct doca_verbs_gid gid = {{1, 2, 3}};

	EXPECT(doca_verbs_context_create(NULL, 0, &c), DOCA_ERROR_INVALID_VALUE, "devinfo is NULL");
	EXPECT(doca_verbs_context_create(doca_dev_as_devinfo(f->base.dev), 5, &c),
	       DOCA_ERROR_INVALID_VALUE, "flags 0x5 are unknown");
	EXPECT(doca_verbs_pd_create(NULL, &pd), DOCA_ERROR_INVALID_VALUE, "verbs_context is NULL");
	/* The PD is a doca_dev of the context's device: the caller closes it. */
	assert_int_equal(doca_verbs_pd_as_doca_dev(f->pd, &dev), DOCA_SUCCESS);
	assert_ptr_equal(doca_dev_as_devinfo(dev), doca_dev_as_devinfo(f->base.dev));
	assert_int_equal(doca_dev_close(dev), DOCA_SUCCESS);
	/* A context with a live PD is in use. */
	EXPECT(doca_verbs_context_destroy(f->ctx), DOCA_ERROR_IN_USE,
	       "protection domain(s) of the context are alive");
	assert_int_equal(doca_verbs_ah_attr_create(f->ctx, &ah), DOCA_SUCCESS);
	assert_int_equal(doca_verbs_ah_attr_set_gid(ah, gid), DOCA_SUCCESS);
	assert_int_equal(doca_verbs_ah_attr_get_gid(ah).raw[2], 3);
	assert_int_equal(doca_verbs_ah_attr_set_hop_limit(ah, 255), DOCA_SUCCESS);
	assert_int_equal(doca_verbs_ah_attr_get_hop_limit(ah), 255);
	EXPECT(doca_verbs_ah_attr_set_sgid_index(ah, 9), DOCA_ERROR_INVALID_VALUE,
	       "sgid_index 9 is out of range");
	EXPECT(doca_verbs_ah_attr_set_addr_type(ah, (enum doca_verbs_addr_type)7),
	       DOCA_ERROR_INVALID_VALUE, "addr_type 7 is out of range");
	assert_int_equal(doca_verbs_ah_attr_destroy(ah), DOCA_SUCCESS);
	EXPECT(doca_verbs_ah_attr_destroy(ah), DOCA_ERROR_INVALID_VALUE, "was destroyed");
}

static void test_uar_and_bridge(void **state)
{
	struct fx *f = *state;
	struct doca_uar *u = NULL;
	struct ibv_pd *pd = NULL;
	uint32_t id1 = 0, id2 = 0;
	void *page = NULL;

	EXPECT(doca_uar_dpa_create(NULL, &u), DOCA_ERROR_INVALID_VALUE, "dpa is NULL");
	assert_int_equal(doca_uar_dpa_create(f->base.dpa, &u), DOCA_SUCCESS);
	assert_int_equal(doca_uar_id_get(u, &id1), DOCA_SUCCESS);
	assert_int_equal(doca_uar_id_get(f->uar, &id2), DOCA_SUCCESS);
	assert_int_not_equal(id1, id2);
	t_log_reset();
	assert_int_equal(doca_uar_page_get(u, &page), DOCA_ERROR_NOT_SUPPORTED);
	t_assert_logged("not supported by softdpa");
	assert_int_equal(doca_uar_destroy(u), DOCA_SUCCESS);
	EXPECT(doca_uar_destroy(u), DOCA_ERROR_INVALID_VALUE, "destroyed or not a UAR");

	EXPECT(doca_rdma_bridge_get_dev_pd(NULL, &pd), DOCA_ERROR_INVALID_VALUE, "dev is NULL");
#ifdef HAVE_IBV
	{
		union ibv_gid gid;

		assert_int_equal(doca_rdma_bridge_get_dev_pd(f->base.dev, &pd), DOCA_SUCCESS);
		assert_non_null(pd->context);
		memset(&gid, 0, sizeof(gid));
		assert_int_equal(ibv_query_gid(pd->context, 1, 0, &gid), 0);
		/* the carrier's address, IPv4-mapped (127.0.0.1 by default) */
		assert_int_equal(gid.raw[10], 0xff);
		/* the UDP port of this process's carrier endpoint */
		assert_int_not_equal(gid.raw[8] | gid.raw[9], 0);
		assert_int_equal(gid.raw[12], 127);
		t_log_reset();
		assert_int_equal(ibv_query_gid(pd->context, 2, 0, &gid), -1);
		t_assert_logged("does not exist");
	}
#endif
}

static void test_qp_create_errors(void **state)
{
	struct fx *f = *state;
	struct doca_verbs_qp_init_attr *ia;
	struct doca_verbs_qp *qp = NULL;

	vqp_parts(f, &f->a);
	ia = init_attr(f, &f->a);
	EXPECT(doca_verbs_qp_create(f->ctx, NULL, &qp), DOCA_ERROR_INVALID_VALUE,
	       "verbs_qp_init_attr is NULL or not live");
	assert_int_equal(doca_verbs_qp_init_attr_set_external_uar(ia, NULL), DOCA_SUCCESS);
	EXPECT(doca_verbs_qp_create(f->ctx, ia, &qp), DOCA_ERROR_INVALID_VALUE,
	       "the external UAR is not set");
	assert_int_equal(doca_verbs_qp_init_attr_set_external_uar(ia, f->uar), DOCA_SUCCESS);
	assert_int_equal(doca_verbs_qp_init_attr_set_external_datapath_en(ia, 0), DOCA_SUCCESS);
	EXPECT(doca_verbs_qp_create(f->ctx, ia, &qp), DOCA_ERROR_NOT_SUPPORTED,
	       "data path is on the CPU is not supported by softdpa");
	assert_int_equal(doca_verbs_qp_init_attr_set_external_datapath_en(ia, 1), DOCA_SUCCESS);
	assert_int_equal(doca_verbs_qp_init_attr_set_qp_type(ia, DOCA_VERBS_QP_TYPE_UC),
	                 DOCA_SUCCESS);
	EXPECT(doca_verbs_qp_create(f->ctx, ia, &qp), DOCA_ERROR_NOT_SUPPORTED,
	       "(UC) is not supported by softdpa");
	assert_int_equal(doca_verbs_qp_init_attr_set_qp_type(ia, DOCA_VERBS_QP_TYPE_RC),
	                 DOCA_SUCCESS);
	assert_int_equal(doca_verbs_qp_init_attr_set_sq_wr(ia, 0), DOCA_SUCCESS);
	EXPECT(doca_verbs_qp_create(f->ctx, ia, &qp), DOCA_ERROR_INVALID_VALUE, "out of range");
	assert_null(qp);
	assert_int_equal(doca_verbs_qp_init_attr_set_sq_wr(ia, 4), DOCA_SUCCESS);
	assert_int_equal(doca_verbs_qp_create(f->ctx, ia, &f->a.qp), DOCA_SUCCESS);
	assert_int_equal(doca_verbs_qp_init_attr_destroy(ia), DOCA_SUCCESS);
	/* The PD is in use while its QP lives. */
	EXPECT(doca_verbs_pd_destroy(f->pd), DOCA_ERROR_IN_USE, "QP(s) of the protection domain");
}

static void test_qp_state_machine(void **state)
{
	struct fx *f = *state;
	struct doca_verbs_qp_attr *qa;
	doca_dpa_dev_verbs_qp_t h = 0;

	vqp_up(f, &f->a);
	assert_int_equal(doca_verbs_qp_attr_create(&qa), DOCA_SUCCESS);
	/* RST -> RTR skips INIT. */
	assert_int_equal(doca_verbs_qp_attr_set_next_state(qa, DOCA_VERBS_QP_STATE_RTR),
	                 DOCA_SUCCESS);
	EXPECT(doca_verbs_qp_modify(f->a.qp, qa, DOCA_VERBS_QP_ATTR_NEXT_STATE),
	       DOCA_ERROR_INVALID_VALUE, "cannot move from RST to RTR");
	assert_int_equal(doca_verbs_qp_attr_set_next_state(qa, DOCA_VERBS_QP_STATE_INIT),
	                 DOCA_SUCCESS);
	assert_int_equal(doca_verbs_qp_modify(f->a.qp, qa, DOCA_VERBS_QP_ATTR_NEXT_STATE),
	                 DOCA_SUCCESS);
	/* INIT -> RTR without the peer's address. */
	assert_int_equal(doca_verbs_qp_attr_set_next_state(qa, DOCA_VERBS_QP_STATE_RTR),
	                 DOCA_SUCCESS);
	EXPECT(doca_verbs_qp_modify(f->a.qp, qa,
	                            DOCA_VERBS_QP_ATTR_NEXT_STATE | DOCA_VERBS_QP_ATTR_RQ_PSN),
	       DOCA_ERROR_INVALID_VALUE, "INIT -> RTR needs attr_mask");
	/* A GID of this process (no carrier port) and a QP number no QP has. */
	{
		struct doca_verbs_ah_attr *ah;
		struct doca_verbs_gid other = {{0}};
		uint16_t port = htons(9);

		assert_int_equal(doca_verbs_ah_attr_create(f->ctx, &ah), DOCA_SUCCESS);
		assert_int_equal(doca_verbs_qp_attr_set_dest_qp_num(qa, 0xabcdef), DOCA_SUCCESS);
		assert_int_equal(doca_verbs_qp_attr_set_path_mtu(qa, DOCA_MTU_SIZE_1K_BYTES),
		                 DOCA_SUCCESS);
		assert_int_equal(doca_verbs_qp_attr_set_ah_attr(qa, ah), DOCA_SUCCESS);
		EXPECT(doca_verbs_qp_modify(f->a.qp, qa, RTR_MASK), DOCA_ERROR_INVALID_VALUE,
		       "names this process but no QP has number 11259375");
		/* The GID of another process (its carrier's address): routed over the carrier. */
		memcpy(&other.raw[8], &port, 2);
		other.raw[10] = other.raw[11] = 0xff;
		other.raw[12] = 127;
		other.raw[15] = 1;
		assert_int_equal(doca_verbs_ah_attr_set_gid(ah, other), DOCA_SUCCESS);
		assert_int_equal(doca_verbs_qp_attr_set_ah_attr(qa, ah), DOCA_SUCCESS);
		t_log_reset();
		assert_int_equal(doca_verbs_qp_modify(f->a.qp, qa, RTR_MASK), DOCA_SUCCESS);
		assert_int_equal(t_log_problems(), 0);
		assert_int_equal(doca_verbs_ah_attr_destroy(ah), DOCA_SUCCESS);
	}
	/* A wrong current state, unknown bits. */
	assert_int_equal(doca_verbs_qp_attr_set_current_state(qa, DOCA_VERBS_QP_STATE_RTS),
	                 DOCA_SUCCESS);
	EXPECT(doca_verbs_qp_modify(f->a.qp, qa, DOCA_VERBS_QP_ATTR_CURRENT_STATE),
	       DOCA_ERROR_INVALID_VALUE, "is in RTR, not in RTS");
	EXPECT(doca_verbs_qp_modify(f->a.qp, qa, 1 << 30), DOCA_ERROR_INVALID_VALUE,
	       "unknown bits");
	/* Any state -> ERR -> RST. */
	assert_int_equal(doca_verbs_qp_attr_set_next_state(qa, DOCA_VERBS_QP_STATE_ERR),
	                 DOCA_SUCCESS);
	assert_int_equal(doca_verbs_qp_modify(f->a.qp, qa, DOCA_VERBS_QP_ATTR_NEXT_STATE),
	                 DOCA_SUCCESS);
	assert_int_equal(doca_verbs_qp_attr_set_next_state(qa, DOCA_VERBS_QP_STATE_RST),
	                 DOCA_SUCCESS);
	assert_int_equal(doca_verbs_qp_modify(f->a.qp, qa, DOCA_VERBS_QP_ATTR_NEXT_STATE),
	                 DOCA_SUCCESS);
	assert_int_equal(doca_verbs_qp_attr_destroy(qa), DOCA_SUCCESS);
	EXPECT(doca_verbs_qp_get_dpa_handle(f->a.qp, NULL, &h), DOCA_ERROR_INVALID_VALUE,
	       "dpa_ctx is NULL or not a DPA context");
	assert_int_equal(doca_verbs_qp_get_dpa_handle(f->a.qp, f->base.dpa, &h), DOCA_SUCCESS);
	/* A post on a QP in RST answers 0, one line; the kernel goes on. */
	t_log_reset();
	assert_int_equal(RPC(f, verbs_t_send, h, (uint32_t)DOCA_DPA_DEV_VERBS_SEND_WR_OPCODE_SEND,
	                     0u, (uint64_t)0, 0u, 0u, (uint64_t)0, 0u),
	                 0);
	t_assert_logged("is not in a state that takes it");
	assert_int_equal(RPC(f, verbs_t_qpn, h), doca_verbs_qp_get_qpn(f->a.qp));
}

/* ---- the data path ---- */

static void test_send_write_receive(void **state)
{
	struct fx *f = *state;
	uint64_t src = 0x1122334455667788ull, dst[2] = {0, 0}, v;
	doca_dpa_dev_mmap_t sh, dh;
	struct doca_mmap *sm, *dm;

	pair_up(f, 1);
	sm = mk_mmap(f, &src, sizeof(src), DOCA_ACCESS_FLAG_LOCAL_READ_WRITE, &sh);
	dm = mk_mmap(f, dst, sizeof(dst), FULL_ACCESS, &dh);
	t_log_reset();
	/* A receive is handed to the device only by its commit. */
	assert_int_equal(RPC(f, verbs_t_recv, f->b.h, dh, (uint64_t)(uintptr_t)dst, 16u, 1u), 1);
	assert_int_equal(RPC(f, verbs_t_send, f->a.h,
	                     (uint32_t)DOCA_DPA_DEV_VERBS_SEND_WR_OPCODE_SEND, sh,
	                     (uint64_t)(uintptr_t)&src, 8u, 0u, (uint64_t)0, 0u),
	                 1);
	assert_int_equal(dst[0], src);
	v = RPC(f, verbs_t_poll, f->b.comp_h);
	assert_true(FOUND(v));
	assert_int_equal(TYPE(v), DOCA_DPA_DEV_COMP_RECV_SEND);
	assert_int_equal(USER(v), f->b.qpn);
	v = RPC(f, verbs_t_poll, f->a.comp_h);
	assert_true(FOUND(v));
	assert_int_equal(TYPE(v), DOCA_DPA_DEV_COMP_SEND);
	assert_int_equal(USER(v), f->a.qpn);
	/* A write lands in B's memory; only A completes. */
	src = 0xfeed;
	assert_int_equal(RPC(f, verbs_t_send, f->a.h,
	                     (uint32_t)DOCA_DPA_DEV_VERBS_SEND_WR_OPCODE_WRITE, sh,
	                     (uint64_t)(uintptr_t)&src, 8u, dh, (uint64_t)(uintptr_t)&dst[1], 0u),
	                 2);
	assert_int_equal(dst[1], 0xfeed);
	assert_int_equal(TYPE(RPC(f, verbs_t_poll, f->a.comp_h)), DOCA_DPA_DEV_COMP_SEND);
	assert_int_equal(RPC(f, verbs_t_poll, f->b.comp_h), 0);
	assert_int_equal(t_log_problems(), 0);
	/* A send with no receive posted and no RNR retry (RTS -> RTS): RNR retries exhausted. */
	{
		struct doca_verbs_qp_attr *qa;

		assert_int_equal(doca_verbs_qp_attr_create(&qa), DOCA_SUCCESS);
		assert_int_equal(doca_verbs_qp_attr_set_next_state(qa, DOCA_VERBS_QP_STATE_RTS),
		                 DOCA_SUCCESS);
		assert_int_equal(doca_verbs_qp_attr_set_rnr_retry(qa, 0), DOCA_SUCCESS);
		assert_int_equal(doca_verbs_qp_modify(f->a.qp, qa,
		                                      DOCA_VERBS_QP_ATTR_NEXT_STATE |
		                                              DOCA_VERBS_QP_ATTR_RNR_RETRY),
		                 DOCA_SUCCESS);
		assert_int_equal(doca_verbs_qp_attr_destroy(qa), DOCA_SUCCESS);
	}
	RPC(f, verbs_t_send, f->a.h, (uint32_t)DOCA_DPA_DEV_VERBS_SEND_WR_OPCODE_SEND, sh,
	    (uint64_t)(uintptr_t)&src, 8u, 0u, (uint64_t)0, 0u);
	assert_int_equal(TYPE(RPC(f, verbs_t_poll, f->a.comp_h)), DOCA_DPA_DEV_COMP_SEND_ERR);
	assert_int_equal(doca_mmap_destroy(sm), DOCA_SUCCESS);
	assert_int_equal(doca_mmap_destroy(dm), DOCA_SUCCESS);
}

/* Receives posted without a commit reach the device together at the next commit, each
 * with its own buffer and in posting order (the commit copies them into the QP's own
 * commit area: nothing is allocated, so nothing can be dropped). */
static void test_commit_batch(void **state)
{
	struct fx *f = *state;
	uint64_t src[3] = {0x101, 0x202, 0x303}, dst[3] = {0, 0, 0}, v;
	doca_dpa_dev_mmap_t sh, dh;
	struct doca_mmap *sm, *dm;

	pair_up(f, 1);
	sm = mk_mmap(f, src, sizeof(src), DOCA_ACCESS_FLAG_LOCAL_READ_WRITE, &sh);
	dm = mk_mmap(f, dst, sizeof(dst), FULL_ACCESS, &dh);
	t_log_reset();
	for (uint32_t i = 0; i < 3; i++)
		assert_int_equal(RPC(f, verbs_t_recv, f->b.h, dh, (uint64_t)(uintptr_t)&dst[i], 8u,
		                     (uint32_t)(i == 2)),
		                 i + 1);
	for (uint32_t i = 0; i < 3; i++)
		assert_int_equal(RPC(f, verbs_t_send, f->a.h,
		                     (uint32_t)DOCA_DPA_DEV_VERBS_SEND_WR_OPCODE_SEND, sh,
		                     (uint64_t)(uintptr_t)&src[i], 8u, 0u, (uint64_t)0, 0u),
		                 i + 1);
	for (uint32_t i = 0; i < 3; i++) {
		assert_int_equal(dst[i], src[i]);
		v = RPC(f, verbs_t_poll, f->b.comp_h);
		assert_true(FOUND(v));
		assert_int_equal(TYPE(v), DOCA_DPA_DEV_COMP_RECV_SEND);
		v = RPC(f, verbs_t_poll, f->a.comp_h);
		assert_true(FOUND(v));
		assert_int_equal(TYPE(v), DOCA_DPA_DEV_COMP_SEND);
	}
	assert_int_equal(RPC(f, verbs_t_poll, f->b.comp_h), 0);
	assert_int_equal(t_log_problems(), 0);
	assert_int_equal(doca_mmap_destroy(sm), DOCA_SUCCESS);
	assert_int_equal(doca_mmap_destroy(dm), DOCA_SUCCESS);
}

/* A QP that does not allow remote writes: the writer's request completes in error. */
static void test_write_without_access(void **state)
{
	struct fx *f = *state;
	uint64_t src = 5, dst = 0;
	doca_dpa_dev_mmap_t sh, dh;
	struct doca_mmap *sm, *dm;

	pair_up(f, 0);
	sm = mk_mmap(f, &src, sizeof(src), DOCA_ACCESS_FLAG_LOCAL_READ_WRITE, &sh);
	dm = mk_mmap(f, &dst, sizeof(dst), FULL_ACCESS, &dh);
	RPC(f, verbs_t_send, f->a.h, (uint32_t)DOCA_DPA_DEV_VERBS_SEND_WR_OPCODE_WRITE, sh,
	    (uint64_t)(uintptr_t)&src, 8u, dh, (uint64_t)(uintptr_t)&dst, 0u);
	assert_int_equal(dst, 0);
	assert_int_equal(TYPE(RPC(f, verbs_t_poll, f->a.comp_h)), DOCA_DPA_DEV_COMP_SEND_ERR);
	assert_int_equal(doca_mmap_destroy(sm), DOCA_SUCCESS);
	assert_int_equal(doca_mmap_destroy(dm), DOCA_SUCCESS);
}

/* ---- two processes ---- */

#ifdef HAVE_IBV
/* What the two processes exchange out of band, as dpa_verbs_initiator_target does. */
struct oob {
	uint32_t qpn;
	uint32_t mkey;
	uint64_t addr;
	uint8_t gid[16];
};

static void xfer(int fd, struct oob *mine, struct oob *theirs)
{
	assert_int_equal(write(fd, mine, sizeof(*mine)), (ssize_t)sizeof(*mine));
	assert_int_equal(read(fd, theirs, sizeof(*theirs)), (ssize_t)sizeof(*theirs));
}

static void sync_byte(int fd, bool send_it)
{
	char c = 1;

	if (send_it)
		assert_int_equal(write(fd, &c, 1), 1);
	else
		assert_int_equal(read(fd, &c, 1), 1);
}

/* The next completion of 'q', waiting up to 20 s (the carrier may retransmit). */
static uint64_t wait_comp(struct fx *f, struct vqp *q)
{
	for (int i = 0; i < 20000; i++) {
		uint64_t v = RPC(f, verbs_t_poll, q->comp_h);

		if (FOUND(v))
			return v;
		usleep(1000);
	}
	return 0;
}

/* One emulated BlueField: a QP connected to the other process's by the GIDs and QP numbers
 * exchanged on 'fd'. The target receives a send and a write; the initiator sends, writes and
 * reads its write back. */
static void role(int fd, bool target)
{
	static uint64_t buf[2];
	void *st = NULL;
	struct fx *f;
	struct ibv_pd *pd = NULL;
	union ibv_gid gid;
	struct oob mine = {0}, theirs = {0};
	doca_dpa_dev_mmap_t mh;
	struct doca_mmap *m;
	uint64_t v;

	setup(&st);
	f = st;
	vqp_up(f, &f->a);
	m = mk_mmap(f, buf, sizeof(buf), FULL_ACCESS, &mh);
	assert_int_equal(doca_rdma_bridge_get_dev_pd(f->base.dev, &pd), DOCA_SUCCESS);
	assert_int_equal(ibv_query_gid(pd->context, 1, 0, &gid), 0);
	mine.qpn = f->a.qpn;
	mine.mkey = mh;
	mine.addr = (uint64_t)(uintptr_t)buf;
	memcpy(mine.gid, gid.raw, sizeof(mine.gid));
	xfer(fd, &mine, &theirs);
	assert_memory_not_equal(mine.gid, theirs.gid, 16); /* another process's endpoint */
	connect_to(f, &f->a, theirs.qpn, theirs.gid, 1);
	if (target) {
		RPC(f, verbs_t_recv, f->a.h, mh, (uint64_t)(uintptr_t)&buf[0], 8u, 1u);
		sync_byte(fd, true); /* the receive is posted */
		v = wait_comp(f, &f->a);
		assert_int_equal(TYPE(v), DOCA_DPA_DEV_COMP_RECV_SEND);
		assert_int_equal(buf[0], 0x77);
		sync_byte(fd, false); /* the initiator read its write back */
		sync_byte(fd, true);
	} else {
		buf[0] = 0x77;
		buf[1] = 0x99;
		sync_byte(fd, false);
		RPC(f, verbs_t_send, f->a.h, (uint32_t)DOCA_DPA_DEV_VERBS_SEND_WR_OPCODE_SEND, mh,
		    (uint64_t)(uintptr_t)&buf[0], 8u, 0u, (uint64_t)0, 0u);
		assert_int_equal(TYPE(wait_comp(f, &f->a)), DOCA_DPA_DEV_COMP_SEND);
		RPC(f, verbs_t_send, f->a.h, (uint32_t)DOCA_DPA_DEV_VERBS_SEND_WR_OPCODE_WRITE, mh,
		    (uint64_t)(uintptr_t)&buf[1], 8u, theirs.mkey, theirs.addr + 8, 0u);
		assert_int_equal(TYPE(wait_comp(f, &f->a)), DOCA_DPA_DEV_COMP_SEND);
		/* Read the write back (the target's memory is the NIC's to read, not its CPU's:
		 * no completion there orders it). */
		RPC(f, verbs_t_send, f->a.h, (uint32_t)DOCA_DPA_DEV_VERBS_SEND_WR_OPCODE_READ, mh,
		    (uint64_t)(uintptr_t)&buf[0], 8u, theirs.mkey, theirs.addr + 8, 0u);
		assert_int_equal(TYPE(wait_comp(f, &f->a)), DOCA_DPA_DEV_COMP_SEND);
		assert_int_equal(buf[0], 0x99);
		sync_byte(fd, true);
		sync_byte(fd, false); /* the target is done */
	}
	assert_int_equal(doca_mmap_destroy(m), DOCA_SUCCESS);
	teardown(&st);
}

/* Both roles in children (each starts clean); both must exit 0. This test runs first, while
 * the test process has no thread yet (a fork copies no lock another thread holds); a child's
 * failed assertion makes the child's run of the tests fail, so it exits non-zero. */
static void run_two(void)
{
	int sv[2], sa = -1, sb = -1;
	pid_t pa, pb;

	assert_int_equal(socketpair(AF_UNIX, SOCK_STREAM, 0, sv), 0);
	fflush(NULL);
	pa = fork();
	assert_true(pa >= 0);
	if (pa == 0) {
		close(sv[1]);
		alarm(60);
		role(sv[0], true);
		_exit(0);
	}
	pb = fork();
	assert_true(pb >= 0);
	if (pb == 0) {
		close(sv[0]);
		alarm(60);
		role(sv[1], false);
		_exit(0);
	}
	close(sv[0]);
	close(sv[1]);
	assert_int_equal(waitpid(pa, &sa, 0), pa);
	assert_int_equal(waitpid(pb, &sb, 0), pb);
	assert_true(WIFEXITED(sa) && WEXITSTATUS(sa) == 0);
	assert_true(WIFEXITED(sb) && WEXITSTATUS(sb) == 0);
}

/* Two processes connect their QPs by the GIDs ibv_query_gid gave and the QP numbers, over the
 * RoCEv2 carrier; then again with 5% of the datagrams lost and 5% reordered both ways. */
static void test_two_processes(void **state)
{
	(void)state;
	run_two();
	setenv("SOFTDPA_RDMA_LOSS", "50,seed=11", 1);
	setenv("SOFTDPA_RDMA_REORDER", "50", 1);
	run_two();
	unsetenv("SOFTDPA_RDMA_LOSS");
	unsetenv("SOFTDPA_RDMA_REORDER");
}

/* ack_timeout and retry_cnt given at RTR -> RTS (where IB and DOCA's samples give them) are
 * the ones the requester's timers use: a send to a peer address where nobody answers (a
 * UDP socket that never reads) ends in SEND_ERR after 2 retransmissions 4.2 ms apart (code
 * 10). Before, the engine took its timers at RTR, so RTS's values were ignored (7 of 67 ms). */
static void test_rts_timers(void **state)
{
	struct fx *f = *state;
	static uint64_t buf;
	struct ibv_pd *pd = NULL;
	union ibv_gid gid;
	struct sockaddr_in sink = {.sin_family = AF_INET};
	socklen_t sl = sizeof(sink);
	doca_dpa_dev_mmap_t mh;
	struct doca_mmap *m;
	int fd;
	uint64_t v;

	vqp_up(f, &f->a);
	m = mk_mmap(f, &buf, sizeof(buf), FULL_ACCESS, &mh);
	assert_int_equal(doca_rdma_bridge_get_dev_pd(f->base.dev, &pd), DOCA_SUCCESS);
	assert_int_equal(ibv_query_gid(pd->context, 1, 0, &gid), 0);
	fd = socket(AF_INET, SOCK_DGRAM, 0);
	assert_true(fd >= 0);
	memcpy(&sink.sin_addr, &gid.raw[12], 4); /* this process's carrier address */
	assert_int_equal(bind(fd, (struct sockaddr *)&sink, sizeof(sink)), 0);
	assert_int_equal(getsockname(fd, (struct sockaddr *)&sink, &sl), 0);
	memcpy(&gid.raw[8], &sink.sin_port, 2); /* the GID of a "process" at the sink */
	connect_timers(f, &f->a, 0x4242, gid.raw, 1, 10, 2);
	t_log_reset();
	RPC(f, verbs_t_send, f->a.h, (uint32_t)DOCA_DPA_DEV_VERBS_SEND_WR_OPCODE_SEND, mh,
	    (uint64_t)(uintptr_t)&buf, 8u, 0u, (uint64_t)0, 0u);
	v = wait_comp(f, &f->a);
	assert_true(FOUND(v));
	assert_int_equal(TYPE(v), DOCA_DPA_DEV_COMP_SEND_ERR);
	t_assert_logged("was not acknowledged after 2 retransmissions (ACK timeout 4194 us)");
	close(fd);
	assert_int_equal(doca_mmap_destroy(m), DOCA_SUCCESS);
}
#endif

int main(void)
{
	const struct CMUnitTest tests[] = {
#ifdef HAVE_IBV
	        cmocka_unit_test(test_two_processes), /* first: see run_two */
	        cmocka_unit_test_setup_teardown(test_rts_timers, setup, teardown),
#endif
	        cmocka_unit_test_setup_teardown(test_context_pd_ah, setup, teardown),
	        cmocka_unit_test_setup_teardown(test_uar_and_bridge, setup, teardown),
	        cmocka_unit_test_setup_teardown(test_qp_create_errors, setup, teardown),
	        cmocka_unit_test_setup_teardown(test_qp_state_machine, setup, teardown),
	        cmocka_unit_test_setup_teardown(test_send_write_receive, setup, teardown),
	        cmocka_unit_test_setup_teardown(test_commit_batch, setup, teardown),
	        cmocka_unit_test_setup_teardown(test_write_without_access, setup, teardown),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
