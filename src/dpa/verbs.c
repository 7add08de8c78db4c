/* SPDX-License-Identifier: BSD-3-Clause
 * DOCA Verbs objects (doca_verbs.h; docs/DPA.md, "DOCA Verbs"): contexts, protection domains,
 * address handle attributes and RC queue pairs whose data path is on the DPA (external
 * datapath: umems on the DPA heap, a DPA UAR, DPA completions). A QP is a queue pair of the
 * RDMA engine (rdma/rdma.h, sdpa_vqp_*); this file runs its state machine RST -> INIT -> RTR
 * -> RTS (and ERR, and back to RST) with the attributes IB requires at each step, and queues
 * the kernels' work requests until they commit them (verbs_dev.c). Verbs CQs, completion
 * channels and SRQs are not emulated (verbs_unsupported.c).
 */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <dev/doca_dpa_dev.h>
#include <dev/doca_dpa_dev_verbs.h>
#include <doca_dpa.h>
#include <doca_uar.h>
#include <doca_umem.h>
#include <doca_verbs.h>

#include "core/atomics.h"
#include "core/devices.h"
#include "core/handles.h"
#include "core/log.h"
#include "core/refuse.h"
#include "dpa/dpa.h"
#include "dpa/verbs_priv.h"
#include "rdma/rdma.h"

SDPA_LOG_REGISTER(dpa_verbs_obj);

enum { GID_TABLE = 4, MAX_WR = 1u << 15, MAX_SGE = 1 };

#define CTX_FIX    "pass a context from doca_verbs_context_create"
#define PD_FIX     "pass a protection domain from doca_verbs_pd_create"
#define AH_FIX     "pass attributes from doca_verbs_ah_attr_create"
#define QP_FIX     "pass a QP from doca_verbs_qp_create"
#define RESULT_FIX "pass a result pointer"

/* nr_pds, nr_qps: counters for the IN_USE checks of destroy, relaxed (a program does not
 * create and destroy objects of one parent from two threads at once without its own
 * ordering). */
struct doca_verbs_context {
	struct doca_dev *dev; /* the context's own open of the device */
	uint32_t dev_id;
	sdpa_atomic_u32 nr_pds;
};

struct doca_verbs_pd {
	struct doca_verbs_context *ctx;
	sdpa_atomic_u32 nr_qps;
};

struct doca_verbs_ah_attr {
	struct doca_verbs_context *ctx;
	struct doca_verbs_gid gid;
	enum doca_verbs_addr_type addr_type;
	uint32_t dlid;
	uint8_t sl, sgid_index, static_rate, hop_limit, traffic_class;
};

/* A receive work request posted, not yet committed. */
struct vrwr {
	uint32_t lkey;
	uint64_t addr, len;
};

struct doca_verbs_qp {
	struct doca_verbs_context *ctx;
	struct doca_verbs_pd *pd;
	struct doca_dpa *dpa; /* of the umems: the context kernels post from */
	struct doca_dpa_completion *send_comp, *recv_comp;
	struct sdpa_vqp *vqp;
	uint32_t qpn;
	uint32_t sq_wr, rq_wr;
	pthread_mutex_t lock; /* state, the uncommitted work requests */
	enum doca_verbs_qp_state state;
	/* attributes as modified */
	uint32_t access;
	uint8_t rnr_retry;
	uint8_t ack_timeout, retry_cnt, min_rnr_timer;
	uint32_t remote_qpn;
	uint32_t rq_psn, sq_psn;
	enum doca_mtu_size mtu;
	struct doca_verbs_ah_attr ah;
	/* work requests posted, not yet committed */
	struct sdpa_verbs_swr *spend;
	uint32_t nr_spend;
	struct vrwr *rpend;
	uint32_t nr_rpend;
	/* A commit's copy of them, as large as the queues (nothing to allocate, so nothing a
	 * commit can lose), used under commit_lock: one commit per QP at a time. */
	pthread_mutex_t commit_lock;
	struct sdpa_verbs_swr *scommit;
	struct vrwr *rcommit;
	uint32_t send_count, recv_count;
};

/* ---- checks ---- */

static bool live(const void *obj, enum sdpa_handle_kind kind, const char *fn, const char *what,
                 const char *fix)
{
	if (obj == NULL) {
		DOCA_LOG_ERR("%s: %s is NULL; %s", fn, what, fix);
		return false;
	}
	if (!sdpa_handle_live(obj, kind)) {
		DOCA_LOG_ERR("%s: %s %s; %s", fn, what,
		             sdpa_handle_destroyed(obj, kind) ? "was destroyed" : "is not one",
		             fix);
		return false;
	}
	return true;
}

#define CTX_BAD(c)   (!live(c, SDPA_H_VERBS_CTX, __func__, "verbs_context", CTX_FIX))
#define PD_BAD(p)    (!live(p, SDPA_H_VERBS_PD, __func__, "verbs_pd", PD_FIX))
#define AH_BAD(a)    (!live(a, SDPA_H_VERBS_AH, __func__, "verbs_ah_attr", AH_FIX))
#define QP_BAD(q)    (!live(q, SDPA_H_VERBS_QP, __func__, "verbs_qp", QP_FIX))
#define NO_RESULT(r) SDPA_NULL_ARGS(RESULT_FIX, r)

static void *make(size_t size, enum sdpa_handle_kind kind, const char *fn)
{
	void *o = calloc(1, size);

	if (o == NULL || !sdpa_handle_add(o, kind)) {
		free(o);
		DOCA_LOG_ERR("%s: out of memory; free memory and retry", fn);
		return NULL;
	}
	return o;
}

/* ---- contexts and protection domains ---- */

DOCA_EXPERIMENTAL doca_error_t doca_verbs_context_create(struct doca_devinfo *devinfo,
                                                         uint32_t flags,
                                                         struct doca_verbs_context **verbs_context)
{
	struct doca_verbs_context *c;
	struct doca_dev *dev = NULL;

	if (SDPA_NULL_ARGS("pass an entry of doca_devinfo_create_list; " RESULT_FIX, devinfo,
	                   verbs_context))
		return DOCA_ERROR_INVALID_VALUE;
	if (flags != DOCA_VERBS_CONTEXT_CREATE_FLAGS_NONE) {
		DOCA_LOG_ERR(
		        "%s: flags 0x%x are unknown; pass DOCA_VERBS_CONTEXT_CREATE_FLAGS_NONE",
		        __func__, flags);
		return DOCA_ERROR_INVALID_VALUE;
	}
	if (doca_dev_open(devinfo, &dev) != DOCA_SUCCESS) {
		DOCA_LOG_ERR("%s: the device cannot be opened (see the line above); pass a live "
		             "entry of doca_devinfo_create_list",
		             __func__);
		return DOCA_ERROR_NOT_CONNECTED;
	}
	c = make(sizeof(*c), SDPA_H_VERBS_CTX, __func__);
	if (c == NULL) {
		doca_dev_close(dev);
		return DOCA_ERROR_NO_MEMORY;
	}
	c->dev = dev;
	c->dev_id = sdpa_dev_id(dev);
	*verbs_context = c;
	return DOCA_SUCCESS;
}

DOCA_EXPERIMENTAL doca_error_t doca_verbs_context_destroy(struct doca_verbs_context *verbs_context)
{
	uint32_t pds;

	if (CTX_BAD(verbs_context))
		return DOCA_ERROR_INVALID_VALUE;
	pds = sdpa_load_relaxed(&verbs_context->nr_pds);
	if (pds != 0) {
		DOCA_LOG_ERR("%s: %u protection domain(s) of the context are alive; destroy them "
		             "first (doca_verbs_pd_destroy)",
		             __func__, pds);
		return DOCA_ERROR_IN_USE;
	}
	doca_dev_close(verbs_context->dev);
	sdpa_handle_retire(verbs_context, free);
	return DOCA_SUCCESS;
}

DOCA_EXPERIMENTAL doca_error_t doca_verbs_pd_create(struct doca_verbs_context *verbs_context,
                                                    struct doca_verbs_pd **verbs_pd)
{
	struct doca_verbs_pd *p;

	if (CTX_BAD(verbs_context) || NO_RESULT(verbs_pd))
		return DOCA_ERROR_INVALID_VALUE;
	p = make(sizeof(*p), SDPA_H_VERBS_PD, __func__);
	if (p == NULL)
		return DOCA_ERROR_NO_MEMORY;
	p->ctx = verbs_context;
	sdpa_fetch_add_relaxed(&verbs_context->nr_pds, 1);
	*verbs_pd = p;
	return DOCA_SUCCESS;
}

DOCA_EXPERIMENTAL doca_error_t doca_verbs_pd_destroy(struct doca_verbs_pd *verbs_pd)
{
	uint32_t qps;

	if (PD_BAD(verbs_pd))
		return DOCA_ERROR_INVALID_VALUE;
	qps = sdpa_load_relaxed(&verbs_pd->nr_qps);
	if (qps != 0) {
		DOCA_LOG_ERR("%s: %u QP(s) of the protection domain are alive; destroy them first "
		             "(doca_verbs_qp_destroy)",
		             __func__, qps);
		return DOCA_ERROR_IN_USE;
	}
	sdpa_fetch_add_relaxed(&verbs_pd->ctx->nr_pds, (uint32_t)-1);
	sdpa_handle_retire(verbs_pd, free);
	return DOCA_SUCCESS;
}

DOCA_EXPERIMENTAL doca_error_t doca_verbs_pd_as_doca_dev(struct doca_verbs_pd *verbs_pd,
                                                         struct doca_dev **dev)
{
	if (PD_BAD(verbs_pd) || NO_RESULT(dev))
		return DOCA_ERROR_INVALID_VALUE;
	/* Another open of the context's device: the caller closes it (doca_dev_close). */
	return doca_dev_open(doca_dev_as_devinfo(verbs_pd->ctx->dev), dev);
}

/* ---- address handle attributes ---- */

DOCA_EXPERIMENTAL doca_error_t doca_verbs_ah_attr_create(struct doca_verbs_context *verbs_context,
                                                         struct doca_verbs_ah_attr **verbs_ah_attr)
{
	struct doca_verbs_ah_attr *a;

	if (CTX_BAD(verbs_context) || NO_RESULT(verbs_ah_attr))
		return DOCA_ERROR_INVALID_VALUE;
	a = make(sizeof(*a), SDPA_H_VERBS_AH, __func__);
	if (a == NULL)
		return DOCA_ERROR_NO_MEMORY;
	a->ctx = verbs_context;
	a->addr_type = DOCA_VERBS_ADDR_TYPE_IPv4;
	a->hop_limit = 64;
	*verbs_ah_attr = a;
	return DOCA_SUCCESS;
}

DOCA_EXPERIMENTAL doca_error_t doca_verbs_ah_attr_destroy(struct doca_verbs_ah_attr *verbs_ah_attr)
{
	if (AH_BAD(verbs_ah_attr))
		return DOCA_ERROR_INVALID_VALUE;
	sdpa_handle_retire(verbs_ah_attr, free);
	return DOCA_SUCCESS;
}

/* A value out of range: INVALID_VALUE with one line. */
static doca_error_t ah_range(const char *fn, const char *name, unsigned int v)
{
	DOCA_LOG_ERR("%s: %s %u is out of range; pass a value the header lists", fn, name, v);
	return DOCA_ERROR_INVALID_VALUE;
}

DOCA_EXPERIMENTAL doca_error_t doca_verbs_ah_attr_set_addr_type(
        struct doca_verbs_ah_attr *verbs_ah_attr, enum doca_verbs_addr_type addr_type)
{
	if (AH_BAD(verbs_ah_attr))
		return DOCA_ERROR_INVALID_VALUE;
	if (!((unsigned int)addr_type <= (unsigned int)DOCA_VERBS_ADDR_TYPE_IB_NO_GRH))
		return ah_range(__func__, "addr_type", (unsigned int)addr_type);
	verbs_ah_attr->addr_type = addr_type;
	return DOCA_SUCCESS;
}

DOCA_EXPERIMENTAL enum doca_verbs_addr_type
doca_verbs_ah_attr_get_addr_type(const struct doca_verbs_ah_attr *verbs_ah_attr)
{
	if (AH_BAD(verbs_ah_attr))
		return (enum doca_verbs_addr_type)0;
	return verbs_ah_attr->addr_type;
}

DOCA_EXPERIMENTAL doca_error_t doca_verbs_ah_attr_set_dlid(struct doca_verbs_ah_attr *verbs_ah_attr,
                                                           uint32_t dlid)
{
	if (AH_BAD(verbs_ah_attr))
		return DOCA_ERROR_INVALID_VALUE;
	if (!(dlid <= 0xffff))
		return ah_range(__func__, "dlid", (unsigned int)dlid);
	verbs_ah_attr->dlid = dlid;
	return DOCA_SUCCESS;
}

DOCA_EXPERIMENTAL uint32_t
doca_verbs_ah_attr_get_dlid(const struct doca_verbs_ah_attr *verbs_ah_attr)
{
	if (AH_BAD(verbs_ah_attr))
		return (uint32_t)0;
	return verbs_ah_attr->dlid;
}

DOCA_EXPERIMENTAL doca_error_t doca_verbs_ah_attr_set_sl(struct doca_verbs_ah_attr *verbs_ah_attr,
                                                         uint8_t sl)
{
	if (AH_BAD(verbs_ah_attr))
		return DOCA_ERROR_INVALID_VALUE;
	if (!(sl <= 15))
		return ah_range(__func__, "sl", (unsigned int)sl);
	verbs_ah_attr->sl = sl;
	return DOCA_SUCCESS;
}

DOCA_EXPERIMENTAL uint8_t doca_verbs_ah_attr_get_sl(const struct doca_verbs_ah_attr *verbs_ah_attr)
{
	if (AH_BAD(verbs_ah_attr))
		return (uint8_t)0;
	return verbs_ah_attr->sl;
}

DOCA_EXPERIMENTAL doca_error_t
doca_verbs_ah_attr_set_sgid_index(struct doca_verbs_ah_attr *verbs_ah_attr, uint8_t sgid_index)
{
	if (AH_BAD(verbs_ah_attr))
		return DOCA_ERROR_INVALID_VALUE;
	if (!(sgid_index < GID_TABLE))
		return ah_range(__func__, "sgid_index", (unsigned int)sgid_index);
	verbs_ah_attr->sgid_index = sgid_index;
	return DOCA_SUCCESS;
}

DOCA_EXPERIMENTAL uint8_t
doca_verbs_ah_attr_get_sgid_index(const struct doca_verbs_ah_attr *verbs_ah_attr)
{
	if (AH_BAD(verbs_ah_attr))
		return (uint8_t)0;
	return verbs_ah_attr->sgid_index;
}

DOCA_EXPERIMENTAL doca_error_t
doca_verbs_ah_attr_set_static_rate(struct doca_verbs_ah_attr *verbs_ah_attr, uint8_t static_rate)
{
	if (AH_BAD(verbs_ah_attr))
		return DOCA_ERROR_INVALID_VALUE;
	verbs_ah_attr->static_rate = static_rate;
	return DOCA_SUCCESS;
}

DOCA_EXPERIMENTAL uint8_t
doca_verbs_ah_attr_get_static_rate(const struct doca_verbs_ah_attr *verbs_ah_attr)
{
	if (AH_BAD(verbs_ah_attr))
		return (uint8_t)0;
	return verbs_ah_attr->static_rate;
}

DOCA_EXPERIMENTAL doca_error_t
doca_verbs_ah_attr_set_hop_limit(struct doca_verbs_ah_attr *verbs_ah_attr, uint8_t hop_limit)
{
	if (AH_BAD(verbs_ah_attr))
		return DOCA_ERROR_INVALID_VALUE;
	verbs_ah_attr->hop_limit = hop_limit;
	return DOCA_SUCCESS;
}

DOCA_EXPERIMENTAL uint8_t
doca_verbs_ah_attr_get_hop_limit(const struct doca_verbs_ah_attr *verbs_ah_attr)
{
	if (AH_BAD(verbs_ah_attr))
		return (uint8_t)0;
	return verbs_ah_attr->hop_limit;
}

DOCA_EXPERIMENTAL doca_error_t doca_verbs_ah_attr_set_traffic_class(
        struct doca_verbs_ah_attr *verbs_ah_attr, uint8_t traffic_class)
{
	if (AH_BAD(verbs_ah_attr))
		return DOCA_ERROR_INVALID_VALUE;
	verbs_ah_attr->traffic_class = traffic_class;
	return DOCA_SUCCESS;
}

DOCA_EXPERIMENTAL uint8_t
doca_verbs_ah_attr_get_traffic_class(const struct doca_verbs_ah_attr *verbs_ah_attr)
{
	if (AH_BAD(verbs_ah_attr))
		return (uint8_t)0;
	return verbs_ah_attr->traffic_class;
}

DOCA_EXPERIMENTAL doca_error_t doca_verbs_ah_attr_set_gid(struct doca_verbs_ah_attr *verbs_ah_attr,
                                                          struct doca_verbs_gid gid)
{
	if (AH_BAD(verbs_ah_attr))
		return DOCA_ERROR_INVALID_VALUE;
	verbs_ah_attr->gid = gid;
	return DOCA_SUCCESS;
}

DOCA_EXPERIMENTAL struct doca_verbs_gid
doca_verbs_ah_attr_get_gid(const struct doca_verbs_ah_attr *verbs_ah_attr)
{
	struct doca_verbs_gid none = {{0}};

	if (AH_BAD(verbs_ah_attr))
		return none;
	return verbs_ah_attr->gid;
}

/* ---- queue pairs ---- */

static void on_complete(void *owner, uint32_t conn_id, enum sdpa_wc_opcode op,
                        enum sdpa_wc_status st, uint32_t wr_index, uint32_t imm)
{
	struct doca_verbs_qp *qp = owner;
	struct doca_dpa_completion *comp = op == SDPA_WC_SEND ? qp->send_comp : qp->recv_comp;
	uint32_t type;

	(void)conn_id;
	switch (op) {
	case SDPA_WC_SEND:
		type = st == SDPA_WC_OK ? DOCA_DPA_DEV_COMP_SEND : DOCA_DPA_DEV_COMP_SEND_ERR;
		break;
	case SDPA_WC_RECV:
		type = st == SDPA_WC_OK ? DOCA_DPA_DEV_COMP_RECV_SEND : DOCA_DPA_DEV_COMP_RECV_ERR;
		break;
	case SDPA_WC_RECV_IMM:
		type = st == SDPA_WC_OK ? DOCA_DPA_DEV_COMP_RECV_SEND_IMM
		                        : DOCA_DPA_DEV_COMP_RECV_ERR;
		break;
	default:
		type = st == SDPA_WC_OK ? DOCA_DPA_DEV_COMP_RECV_RDMA_WRITE_IMM
		                        : DOCA_DPA_DEV_COMP_RECV_ERR;
		break;
	}
	if (!sdpa_completion_valid(comp)) {
		DOCA_LOG_RATE_LIMIT_ERR(
		        "Verbs QP %u: its DPA completion was destroyed while the QP "
		        "lives; the completion is lost. Fix: destroy the QP before "
		        "its DPA completions",
		        qp->qpn);
		return;
	}
	/* The element's user data is the QP number, as a CQE carries it. */
	sdpa_completion_post_elem(comp, type, qp->qpn, imm, wr_index);
}

static bool umem_ok(const char *fn, const char *what, struct doca_umem *u)
{
	if (u != NULL && sdpa_handle_live(u, SDPA_H_UMEM))
		return true;
	DOCA_LOG_ERR("%s: the %s is %s; set a live umem from doca_umem_dpa_create", fn, what,
	             u == NULL ? "not set" : "destroyed or not a umem");
	return false;
}

DOCA_EXPERIMENTAL doca_error_t doca_verbs_qp_create(
        struct doca_verbs_context *verbs_context,
        struct doca_verbs_qp_init_attr *verbs_qp_init_attr, struct doca_verbs_qp **verbs_qp)
{
	const struct doca_verbs_qp_init_attr *a = verbs_qp_init_attr;
	struct doca_verbs_qp *qp;
	struct doca_dpa *dpa = NULL;
	void *umem_dpa = NULL;
	char name[48];

	if (CTX_BAD(verbs_context) || NO_RESULT(verbs_qp))
		return DOCA_ERROR_INVALID_VALUE;
	if (!sdpa_handle_live(a, SDPA_H_VERBS_QP_INIT_ATTR)) {
		DOCA_LOG_ERR("%s: verbs_qp_init_attr is NULL or not live; pass attributes from "
		             "doca_verbs_qp_init_attr_create",
		             __func__);
		return DOCA_ERROR_INVALID_VALUE;
	}
	if (!sdpa_handle_live(a->pd, SDPA_H_VERBS_PD) || a->pd->ctx != verbs_context) {
		DOCA_LOG_ERR("%s: the attributes' protection domain is %s; set one of this context "
		             "(doca_verbs_qp_init_attr_set_pd)",
		             __func__, a->pd == NULL ? "not set" : "not a live PD of the context");
		return DOCA_ERROR_INVALID_VALUE;
	}
	if (a->qp_type != DOCA_VERBS_QP_TYPE_RC) {
		DOCA_LOG_RATE_LIMIT_ERR("doca_verbs_qp_create: QP type %u (UC) is not supported by "
		                        "softdpa; create an RC QP (DOCA_VERBS_QP_TYPE_RC)",
		                        a->qp_type);
		return DOCA_ERROR_NOT_SUPPORTED;
	}
	if (!a->external_datapath_en) {
		DOCA_LOG_RATE_LIMIT_ERR(
		        "doca_verbs_qp_create: a QP whose data path is on the CPU is not supported "
		        "by softdpa; enable the external data path "
		        "(doca_verbs_qp_init_attr_set_external_datapath_en) with DPA umems, a DPA "
		        "UAR and DPA completions, and post from DPA kernels");
		return DOCA_ERROR_NOT_SUPPORTED;
	}
	if (a->srq != NULL) {
		DOCA_LOG_RATE_LIMIT_ERR(
		        "doca_verbs_qp_create: a QP on a shared receive queue is not "
		        "supported by softdpa; give the QP its own receive queue "
		        "(doca_verbs_qp_init_attr_set_rq_wr)");
		return DOCA_ERROR_NOT_SUPPORTED;
	}
	if (a->send_cq != NULL || a->receive_cq != NULL) {
		DOCA_LOG_RATE_LIMIT_ERR("doca_verbs_qp_create: Verbs CQs are not supported by "
		                        "softdpa; attach DPA completions instead "
		                        "(doca_verbs_qp_init_attr_set_send_dpa_completion, "
		                        "_set_receive_dpa_completion)");
		return DOCA_ERROR_NOT_SUPPORTED;
	}
	if (!sdpa_completion_valid(a->send_dpa_completion) ||
	    !sdpa_completion_valid(a->receive_dpa_completion)) {
		DOCA_LOG_ERR("%s: the %s DPA completion is not set or not live; set one from "
		             "doca_dpa_completion_create (doca_verbs_qp_init_attr_set_%s_dpa_"
		             "completion)",
		             __func__,
		             sdpa_completion_valid(a->send_dpa_completion) ? "receive" : "send",
		             sdpa_completion_valid(a->send_dpa_completion) ? "receive" : "send");
		return DOCA_ERROR_INVALID_VALUE;
	}
	if (a->sq_wr == 0 || a->sq_wr > MAX_WR || a->rq_wr > MAX_WR) {
		DOCA_LOG_ERR("%s: sq_wr %u / rq_wr %u out of range; pass 1..%u send and 0..%u "
		             "receive work requests",
		             __func__, a->sq_wr, a->rq_wr, MAX_WR, MAX_WR);
		return DOCA_ERROR_INVALID_VALUE;
	}
	if (a->send_max_sges > MAX_SGE || a->receive_max_sges > MAX_SGE) {
		DOCA_LOG_RATE_LIMIT_ERR("doca_verbs_qp_create: more than %u scatter-gather element "
		                        "per work request is not supported by softdpa; set "
		                        "send_max_sges and receive_max_sges to 1",
		                        (unsigned int)MAX_SGE);
		return DOCA_ERROR_NOT_SUPPORTED;
	}
	if (!umem_ok(__func__, "external umem (the work queues)", a->external_umem) ||
	    !umem_ok(__func__, "external doorbell record umem", a->external_dbr_umem))
		return DOCA_ERROR_INVALID_VALUE;
	if (a->external_uar == NULL || !sdpa_handle_live(a->external_uar, SDPA_H_UAR)) {
		DOCA_LOG_ERR("%s: the external UAR is %s; set one from doca_uar_dpa_create "
		             "(doca_verbs_qp_init_attr_set_external_uar)",
		             __func__, a->external_uar == NULL ? "not set" : "not a live UAR");
		return DOCA_ERROR_INVALID_VALUE;
	}
	if (doca_umem_get_address(a->external_umem, &umem_dpa) != DOCA_SUCCESS)
		return DOCA_ERROR_INVALID_VALUE;
	dpa = a->send_dpa_completion->dpa;
	qp = make(sizeof(*qp), SDPA_H_VERBS_QP, __func__);
	if (qp == NULL)
		return DOCA_ERROR_NO_MEMORY;
	qp->ctx = verbs_context;
	qp->pd = a->pd;
	qp->dpa = dpa;
	qp->send_comp = a->send_dpa_completion;
	qp->recv_comp = a->receive_dpa_completion;
	qp->sq_wr = a->sq_wr;
	qp->rq_wr = a->rq_wr;
	qp->state = DOCA_VERBS_QP_STATE_RST;
	qp->rnr_retry = 7;
	qp->ack_timeout = 14;
	qp->retry_cnt = 7;
	qp->min_rnr_timer = 12;
	qp->mtu = DOCA_MTU_SIZE_1K_BYTES;
	qp->spend = calloc(qp->sq_wr, sizeof(*qp->spend));
	qp->rpend = calloc(qp->rq_wr ? qp->rq_wr : 1, sizeof(*qp->rpend));
	qp->scommit = calloc(qp->sq_wr, sizeof(*qp->scommit));
	qp->rcommit = calloc(qp->rq_wr ? qp->rq_wr : 1, sizeof(*qp->rcommit));
	snprintf(name, sizeof(name), "QP on %s", "a Verbs context");
	qp->vqp = qp->spend && qp->rpend && qp->scommit && qp->rcommit
	                  ? sdpa_vqp_create(qp->sq_wr, qp->rq_wr, on_complete, qp, name)
	                  : NULL;
	if (qp->vqp == NULL) {
		free(qp->spend);
		free(qp->rpend);
		free(qp->scommit);
		free(qp->rcommit);
		sdpa_handle_retire(qp, free);
		DOCA_LOG_ERR("%s: out of memory or queue pair numbers; destroy unused QPs",
		             __func__);
		return DOCA_ERROR_NO_MEMORY;
	}
	qp->qpn = sdpa_vqp_num(qp->vqp);
	pthread_mutex_init(&qp->lock, NULL);
	pthread_mutex_init(&qp->commit_lock, NULL);
	sdpa_fetch_add_relaxed(&a->pd->nr_qps, 1);
	*verbs_qp = qp;
	return DOCA_SUCCESS;
}

static const char *state_name(enum doca_verbs_qp_state s)
{
	static const char *const n[] = {"RST", "INIT", "RTR", "RTS", "ERR"};

	return (unsigned int)s < 5 ? n[s] : "an unknown state";
}

/* Attributes IB requires (and allows) for each transition of an RC QP. */
#define REQ_INIT (DOCA_VERBS_QP_ATTR_NEXT_STATE)
#define REQ_RTR                                                                                    \
	(DOCA_VERBS_QP_ATTR_NEXT_STATE | DOCA_VERBS_QP_ATTR_RQ_PSN |                               \
	 DOCA_VERBS_QP_ATTR_DEST_QP_NUM | DOCA_VERBS_QP_ATTR_PATH_MTU |                            \
	 DOCA_VERBS_QP_ATTR_AH_ATTR)
#define REQ_RTS    (DOCA_VERBS_QP_ATTR_NEXT_STATE | DOCA_VERBS_QP_ATTR_SQ_PSN)
#define ATTR_KNOWN ((DOCA_VERBS_QP_ATTR_CC_GROUP << 1) - 1)

static uint32_t mtu_bytes(enum doca_mtu_size m)
{
	return 256u << (unsigned int)m;
}

static void apply_access(struct doca_verbs_qp *qp, const struct doca_verbs_qp_attr *a, int mask)
{
	if (mask & DOCA_VERBS_QP_ATTR_ALLOW_REMOTE_WRITE) {
		qp->access &= ~(uint32_t)SDPA_MR_REMOTE_WRITE;
		if (a->allow_remote_write)
			qp->access |= SDPA_MR_REMOTE_WRITE;
	}
	if (mask & DOCA_VERBS_QP_ATTR_ALLOW_REMOTE_READ) {
		qp->access &= ~(uint32_t)SDPA_MR_REMOTE_READ;
		if (a->allow_remote_read)
			qp->access |= SDPA_MR_REMOTE_READ;
	}
	if (mask & DOCA_VERBS_QP_ATTR_ATOMIC_MODE) {
		qp->access &= ~(uint32_t)SDPA_MR_REMOTE_ATOMIC;
		if (a->atomic_mode != DOCA_VERBS_QP_ATOMIC_MODE_NONE)
			qp->access |= SDPA_MR_REMOTE_ATOMIC;
	}
	if (mask & DOCA_VERBS_QP_ATTR_RNR_RETRY)
		qp->rnr_retry = (uint8_t)a->rnr_retry;
	if (mask & DOCA_VERBS_QP_ATTR_ACK_TIMEOUT)
		qp->ack_timeout = (uint8_t)a->ack_timeout;
	if (mask & DOCA_VERBS_QP_ATTR_RETRY_CNT)
		qp->retry_cnt = (uint8_t)a->retry_cnt;
	if (mask & DOCA_VERBS_QP_ATTR_MIN_RNR_TIMER)
		qp->min_rnr_timer = (uint8_t)a->min_rnr_timer;
	sdpa_vqp_set_access(qp->vqp, qp->access, qp->rnr_retry);
}

DOCA_EXPERIMENTAL doca_error_t doca_verbs_qp_modify(struct doca_verbs_qp *verbs_qp,
                                                    struct doca_verbs_qp_attr *verbs_qp_attr,
                                                    int attr_mask)
{
	const struct doca_verbs_qp_attr *a = verbs_qp_attr;
	struct doca_verbs_qp *qp = verbs_qp;
	enum doca_verbs_qp_state cur, next;
	int req = 0;

	if (QP_BAD(qp))
		return DOCA_ERROR_INVALID_VALUE;
	if (!sdpa_handle_live(a, SDPA_H_VERBS_QP_ATTR)) {
		DOCA_LOG_ERR("%s: verbs_qp_attr is NULL or not live; pass attributes from "
		             "doca_verbs_qp_attr_create",
		             __func__);
		return DOCA_ERROR_INVALID_VALUE;
	}
	if ((attr_mask & ~ATTR_KNOWN) != 0) {
		DOCA_LOG_ERR("%s: attr_mask 0x%x holds unknown bits; use DOCA_VERBS_QP_ATTR_*",
		             __func__, (unsigned int)attr_mask);
		return DOCA_ERROR_INVALID_VALUE;
	}
	pthread_mutex_lock(&qp->lock);
	cur = qp->state;
	if ((attr_mask & DOCA_VERBS_QP_ATTR_CURRENT_STATE) && a->current_state != cur) {
		pthread_mutex_unlock(&qp->lock);
		DOCA_LOG_ERR("%s: QP %u is in %s, not in %s as the attributes' current state says; "
		             "pass the QP's state or leave DOCA_VERBS_QP_ATTR_CURRENT_STATE out",
		             __func__, qp->qpn, state_name(cur), state_name(a->current_state));
		return DOCA_ERROR_INVALID_VALUE;
	}
	next = (attr_mask & DOCA_VERBS_QP_ATTR_NEXT_STATE) ? a->next_state : cur;
	/* RC's transitions: RST->INIT, INIT->INIT, INIT->RTR, RTR->RTS, RTS->RTS, any->RST,
	 * any->ERR. */
	if (next == DOCA_VERBS_QP_STATE_RST || next == DOCA_VERBS_QP_STATE_ERR) {
		req = 0;
	} else if (next == DOCA_VERBS_QP_STATE_INIT &&
	           (cur == DOCA_VERBS_QP_STATE_RST || cur == DOCA_VERBS_QP_STATE_INIT)) {
		req = cur == DOCA_VERBS_QP_STATE_RST ? REQ_INIT : 0;
	} else if (next == DOCA_VERBS_QP_STATE_RTR && cur == DOCA_VERBS_QP_STATE_INIT) {
		req = REQ_RTR;
	} else if (next == DOCA_VERBS_QP_STATE_RTS &&
	           (cur == DOCA_VERBS_QP_STATE_RTR || cur == DOCA_VERBS_QP_STATE_RTS)) {
		req = cur == DOCA_VERBS_QP_STATE_RTR ? REQ_RTS : 0;
	} else if (next == cur && cur == DOCA_VERBS_QP_STATE_RTR) {
		req = 0;
	} else {
		pthread_mutex_unlock(&qp->lock);
		DOCA_LOG_ERR("%s: QP %u cannot move from %s to %s; an RC QP goes RST -> INIT -> "
		             "RTR -> RTS (any state -> RST or ERR)",
		             __func__, qp->qpn, state_name(cur), state_name(next));
		return DOCA_ERROR_INVALID_VALUE;
	}
	if ((attr_mask & req) != req) {
		pthread_mutex_unlock(&qp->lock);
		DOCA_LOG_ERR("%s: QP %u %s -> %s needs attr_mask 0x%x (has 0x%x); set and name "
		             "the missing attributes (DOCA_VERBS_QP_ATTR_*)",
		             __func__, qp->qpn, state_name(cur), state_name(next),
		             (unsigned int)req, (unsigned int)attr_mask);
		return DOCA_ERROR_INVALID_VALUE;
	}
	if ((attr_mask & DOCA_VERBS_QP_ATTR_PATH_MTU) &&
	    (unsigned int)a->path_mtu > (unsigned int)DOCA_MTU_SIZE_4K_BYTES) {
		pthread_mutex_unlock(&qp->lock);
		DOCA_LOG_ERR("%s: path MTU %d is not one of 256..4096 bytes; pass "
		             "DOCA_MTU_SIZE_256_BYTES..DOCA_MTU_SIZE_4K_BYTES",
		             __func__, (int)a->path_mtu);
		return DOCA_ERROR_INVALID_VALUE;
	}
	if ((attr_mask & DOCA_VERBS_QP_ATTR_AH_ATTR) &&
	    !sdpa_handle_live(a->ah_attr, SDPA_H_VERBS_AH)) {
		pthread_mutex_unlock(&qp->lock);
		DOCA_LOG_ERR("%s: the attributes' address handle is not set or not live; set one "
		             "from doca_verbs_ah_attr_create (doca_verbs_qp_attr_set_ah_attr)",
		             __func__);
		return DOCA_ERROR_INVALID_VALUE;
	}
	if ((attr_mask & DOCA_VERBS_QP_ATTR_PORT_NUM) && a->port_num != 1) {
		pthread_mutex_unlock(&qp->lock);
		DOCA_LOG_ERR("%s: port %u does not exist; softdpa's functions have port 1",
		             __func__, a->port_num);
		return DOCA_ERROR_INVALID_VALUE;
	}
	if (attr_mask & DOCA_VERBS_QP_ATTR_PATH_MTU)
		qp->mtu = a->path_mtu;
	if (attr_mask & DOCA_VERBS_QP_ATTR_AH_ATTR)
		qp->ah = *a->ah_attr;
	if (attr_mask & DOCA_VERBS_QP_ATTR_DEST_QP_NUM)
		qp->remote_qpn = a->dest_qp_num & 0xffffff;
	if (attr_mask & DOCA_VERBS_QP_ATTR_RQ_PSN)
		qp->rq_psn = a->rq_psn & 0xffffff;
	if (attr_mask & DOCA_VERBS_QP_ATTR_SQ_PSN)
		qp->sq_psn = a->sq_psn & 0xffffff;
	apply_access(qp, a, attr_mask);
	if (next == DOCA_VERBS_QP_STATE_RTR && cur == DOCA_VERBS_QP_STATE_INIT) {
		uint8_t local_gid[16];
		int rc;

		sdpa_rdma_gid(qp->ctx->dev_id, qp->ah.sgid_index, local_gid);
		rc = sdpa_vqp_connect(qp->vqp, qp->remote_qpn, local_gid, qp->ah.gid.raw,
		                      qp->rq_psn, mtu_bytes(qp->mtu));
		/* This QP's timers, not the process-wide ones connect took (another QP's
		 * modify could change those meanwhile). */
		if (rc == 0)
			sdpa_vqp_set_timers(qp->vqp, qp->ack_timeout, qp->retry_cnt,
			                    qp->min_rnr_timer);

		if (rc == -2) {
			pthread_mutex_unlock(&qp->lock);
			DOCA_LOG_ERR(
			        "%s: QP %u: the peer's GID names this process but no QP has "
			        "number %u; pass the peer QP's doca_verbs_qp_get_qpn and the GID "
			        "ibv_query_gid gave the peer",
			        __func__, qp->qpn, qp->remote_qpn);
			return DOCA_ERROR_INVALID_VALUE;
		}
		if (rc != 0) {
			pthread_mutex_unlock(&qp->lock);
			DOCA_LOG_ERR("%s: QP %u: no route to the peer's GID could be made (see the "
			             "line above); free memory and retry",
			             __func__, qp->qpn);
			return DOCA_ERROR_NO_MEMORY;
		}
	}
	if (next == DOCA_VERBS_QP_STATE_RTS && cur == DOCA_VERBS_QP_STATE_RTR)
		sdpa_vqp_set_sq_psn(qp->vqp, qp->sq_psn);
	/* ack_timeout and retry_cnt are RTS attributes (RTR -> RTS, and RTS -> RTS): the
	 * requester's timers take them there, not only as they were at RTR. */
	if (next == DOCA_VERBS_QP_STATE_RTS &&
	    (attr_mask & (DOCA_VERBS_QP_ATTR_ACK_TIMEOUT | DOCA_VERBS_QP_ATTR_RETRY_CNT |
	                  DOCA_VERBS_QP_ATTR_MIN_RNR_TIMER)) != 0)
		sdpa_vqp_set_timers(qp->vqp, qp->ack_timeout, qp->retry_cnt, qp->min_rnr_timer);
	if (next == DOCA_VERBS_QP_STATE_ERR && cur != DOCA_VERBS_QP_STATE_ERR)
		sdpa_vqp_set_error(qp->vqp);
	if (next == DOCA_VERBS_QP_STATE_RST && cur != DOCA_VERBS_QP_STATE_RST) {
		/* Back to reset: a fresh queue pair with the same number is what IB gives; the
		 * engine's QP is recreated (work requests pending are dropped). */
		struct sdpa_vqp *fresh = sdpa_vqp_create(qp->sq_wr, qp->rq_wr, on_complete, qp,
		                                         "QP on a Verbs context");

		if (fresh == NULL) {
			pthread_mutex_unlock(&qp->lock);
			DOCA_LOG_ERR("%s: out of memory resetting QP %u; free memory and retry",
			             __func__, qp->qpn);
			return DOCA_ERROR_NO_MEMORY;
		}
		sdpa_vqp_destroy(qp->vqp, NULL);
		qp->vqp = fresh;
		qp->qpn = sdpa_vqp_num(fresh);
		qp->access = 0;
		qp->nr_spend = qp->nr_rpend = 0;
	}
	qp->state = next;
	pthread_mutex_unlock(&qp->lock);
	return DOCA_SUCCESS;
}

DOCA_EXPERIMENTAL doca_error_t doca_verbs_qp_destroy(struct doca_verbs_qp *verbs_qp)
{
	unsigned int pending = 0;

	if (QP_BAD(verbs_qp))
		return DOCA_ERROR_INVALID_VALUE;
	sdpa_vqp_destroy(verbs_qp->vqp, &pending);
	if (pending > 0)
		DOCA_LOG_WARN("Verbs QP %u: %u request(s) never completed. Fix: wait for their "
		              "completions before destroying the QP",
		              verbs_qp->qpn, pending);
	sdpa_fetch_add_relaxed(&verbs_qp->pd->nr_qps, (uint32_t)-1);
	pthread_mutex_destroy(&verbs_qp->lock);
	pthread_mutex_destroy(&verbs_qp->commit_lock);
	free(verbs_qp->spend);
	free(verbs_qp->rpend);
	free(verbs_qp->scommit);
	free(verbs_qp->rcommit);
	sdpa_handle_retire(verbs_qp, free);
	return DOCA_SUCCESS;
}

DOCA_EXPERIMENTAL uint32_t doca_verbs_qp_get_qpn(const struct doca_verbs_qp *verbs_qp)
{
	if (QP_BAD(verbs_qp))
		return 0;
	return verbs_qp->qpn;
}

DOCA_EXPERIMENTAL doca_error_t doca_verbs_qp_get_dpa_handle(struct doca_verbs_qp *verbs_qp,
                                                            struct doca_dpa *dpa_ctx,
                                                            doca_dpa_dev_verbs_qp_t *dpa_qp_handle)
{
	if (QP_BAD(verbs_qp) || NO_RESULT(dpa_qp_handle))
		return DOCA_ERROR_INVALID_VALUE;
	if (!sdpa_dpa_valid(dpa_ctx)) {
		DOCA_LOG_ERR("%s: dpa_ctx is NULL or not a DPA context; pass the context of the "
		             "QP's umems and DPA completions",
		             __func__);
		return DOCA_ERROR_INVALID_VALUE;
	}
	if (sdpa_dpa_root(dpa_ctx) != sdpa_dpa_root(verbs_qp->dpa)) {
		DOCA_LOG_ERR("%s: dpa_ctx is not the DPA context of the QP's DPA completions; pass "
		             "that context",
		             __func__);
		return DOCA_ERROR_INVALID_VALUE;
	}
	*dpa_qp_handle = (doca_dpa_dev_verbs_qp_t)(uintptr_t)verbs_qp;
	return DOCA_SUCCESS;
}

/* ---- the device side's view (verbs_dev.c) ---- */

struct doca_verbs_qp *sdpa_verbs_qp_from_handle(uint64_t handle)
{
	struct doca_verbs_qp *qp = (struct doca_verbs_qp *)(uintptr_t)handle;

	return sdpa_handle_live(qp, SDPA_H_VERBS_QP) ? qp : NULL;
}

uint32_t sdpa_verbs_qp_num(const struct doca_verbs_qp *qp)
{
	return qp->qpn;
}

enum sdpa_verbs_dev_rc sdpa_verbs_post_send(struct doca_verbs_qp *qp,
                                            const struct sdpa_verbs_swr *wr, uint32_t *count)
{
	enum sdpa_verbs_dev_rc rc = SDPA_VERBS_DEV_OK;

	pthread_mutex_lock(&qp->lock);
	if (qp->state != DOCA_VERBS_QP_STATE_RTS && qp->state != DOCA_VERBS_QP_STATE_ERR)
		rc = SDPA_VERBS_DEV_BAD_STATE;
	else if (qp->nr_spend >= qp->sq_wr)
		rc = SDPA_VERBS_DEV_FULL;
	else if (wr->num_sge > MAX_SGE)
		rc = SDPA_VERBS_DEV_BAD_WR;
	if (rc == SDPA_VERBS_DEV_OK) {
		qp->spend[qp->nr_spend++] = *wr;
		*count = ++qp->send_count;
	}
	pthread_mutex_unlock(&qp->lock);
	return rc;
}

enum sdpa_verbs_dev_rc sdpa_verbs_post_recv(struct doca_verbs_qp *qp, uint32_t num_sge,
                                            uint32_t lkey, uint64_t addr, uint64_t len,
                                            uint32_t *count)
{
	enum sdpa_verbs_dev_rc rc = SDPA_VERBS_DEV_OK;

	pthread_mutex_lock(&qp->lock);
	if (qp->state == DOCA_VERBS_QP_STATE_RST)
		rc = SDPA_VERBS_DEV_BAD_STATE;
	else if (qp->nr_rpend >= qp->rq_wr)
		rc = SDPA_VERBS_DEV_FULL;
	else if (num_sge > MAX_SGE)
		rc = SDPA_VERBS_DEV_BAD_WR;
	if (rc == SDPA_VERBS_DEV_OK) {
		qp->rpend[qp->nr_rpend].lkey = lkey;
		qp->rpend[qp->nr_rpend].addr = addr;
		qp->rpend[qp->nr_rpend].len = num_sge ? len : 0;
		qp->nr_rpend++;
		*count = ++qp->recv_count;
	}
	pthread_mutex_unlock(&qp->lock);
	return rc;
}

static enum sdpa_wr_opcode wr_op(uint32_t opcode)
{
	switch (opcode) {
	case DOCA_DPA_DEV_VERBS_SEND_WR_OPCODE_WRITE:
		return SDPA_WR_WRITE;
	case DOCA_DPA_DEV_VERBS_SEND_WR_OPCODE_WRITE_WITH_IMM:
		return SDPA_WR_WRITE_IMM;
	case DOCA_DPA_DEV_VERBS_SEND_WR_OPCODE_SEND_WITH_IMM:
		return SDPA_WR_SEND_IMM;
	case DOCA_DPA_DEV_VERBS_SEND_WR_OPCODE_READ:
		return SDPA_WR_READ;
	case DOCA_DPA_DEV_VERBS_SEND_WR_OPCODE_ATOMIC_FETCH_ADD:
		return SDPA_WR_FETCH_ADD;
	default:
		return SDPA_WR_SEND;
	}
}

enum sdpa_verbs_dev_rc sdpa_verbs_commit(struct doca_verbs_qp *qp, bool send)
{
	enum sdpa_verbs_dev_rc rc = SDPA_VERBS_DEV_OK;
	uint32_t n;

	/* Take the queued requests into the commit copy, then hand them to the engine without
	 * qp->lock: a request may complete (and wake a thread that posts again) before the
	 * post returns. commit_lock keeps a second commit from refilling the copy meanwhile;
	 * the engine never waits for a committing thread, so holding it cannot deadlock. */
	pthread_mutex_lock(&qp->commit_lock);
	pthread_mutex_lock(&qp->lock);
	if (send) {
		n = qp->nr_spend;
		memcpy(qp->scommit, qp->spend, n * sizeof(*qp->scommit));
		qp->nr_spend = 0;
		pthread_mutex_unlock(&qp->lock);
		for (uint32_t i = 0; i < n; i++) {
			const struct sdpa_verbs_swr *w = &qp->scommit[i];
			enum sdpa_wr_opcode op = wr_op(w->opcode);
			uint64_t imm = op == SDPA_WR_FETCH_ADD ? w->compare_add : w->imm;

			if (sdpa_vqp_post(qp->vqp, op, w->lkey, w->laddr, w->len, w->rkey, w->raddr,
			                  imm, w->swap,
			                  (w->flags & DOCA_DPA_DEV_VERBS_SEND_WR_FLAGS_SIGNALED) !=
			                          0) != SDPA_RDMA_POSTED)
				rc = SDPA_VERBS_DEV_BAD_WR;
		}
	} else {
		n = qp->nr_rpend;
		memcpy(qp->rcommit, qp->rpend, n * sizeof(*qp->rcommit));
		qp->nr_rpend = 0;
		pthread_mutex_unlock(&qp->lock);
		for (uint32_t i = 0; i < n; i++)
			if (sdpa_vqp_post_recv(qp->vqp, qp->rcommit[i].lkey, qp->rcommit[i].addr,
			                       qp->rcommit[i].len) != SDPA_RDMA_POSTED)
				rc = SDPA_VERBS_DEV_FULL;
	}
	pthread_mutex_unlock(&qp->commit_lock);
	return rc;
}
