/* SPDX-License-Identifier: BSD-3-Clause
 * The queue-pair engine (docs/DPA.md, "RDMA: the queue-pair engine").
 *
 * A QP is a requester (its send queue) and a responder (for its peer's requests, with a
 * receive queue it may share with other QPs). The requester gives each request the next PSN,
 * snapshots what it sends (the NIC reads the data when it processes the request, which in
 * softdpa is when it is posted), and transmits requests in PSN order, one "pump" at a time.
 * The responder executes a request only when its PSN is the one it expects (RoCE's ordering);
 * it answers ACK, an RNR NAK when no receive is posted, or a NAK (remote access, invalid
 * request). Completions go out in PSN order. An error completion moves the QP to the error
 * state: later and outstanding requests complete with WR_FLUSH_ERR.
 *
 * Locking: tbl_lock (read) is held by every entry (post, rx, rnr_ready) and (write) by
 * create/destroy, so a QP is never freed under a packet. qp->lock guards one QP's state and is
 * never held while transmitting; srq->lock is taken inside qp->lock of a responder only.
 */
#include <pthread.h>
#include <stdio.h>
#include <time.h>
#include <stdlib.h>
#include <string.h>

#include "core/atomics.h"
#include "core/log.h"
#include "core/util.h"
#include "rdma/qp.h"

SDPA_LOG_REGISTER(rdma_qp);

enum { QP_SLOTS = 4096, PSN_MASK = 0xffffff, RNR_UNLIMITED = 7, ATOMIC_CACHE = 128 };

struct wqe {
	enum sdpa_wr_opcode op;
	uint32_t psn;   /* first PSN */
	uint32_t npsn;  /* PSNs it takes: its packets (a read: its response's packets) */
	uint32_t index; /* the request's number on this QP (completion wr_index) */
	bool signaled;
	bool sent;
	uint32_t rkey;
	uint64_t raddr;
	uint64_t len;
	uint64_t imm;
	uint64_t swap;
	uint8_t *payload; /* SEND/WRITE snapshot */
	void *ldst;       /* READ destination / atomic result (may be NULL) */
	unsigned int rnr_naks;
};

struct recv_wqe {
	uint32_t lkey;
	uint64_t addr;
	uint64_t len;
	uint32_t index;
};

struct sdpa_srq {
	const struct sdpa_rdma_transport *t;
	pthread_mutex_t lock;
	uint32_t size;
	struct recv_wqe *ring;
	uint64_t head, tail, count;
	uint32_t rnr_qpn[8]; /* responders (local QPNs) that sent an RNR NAK, to wake */
	unsigned int nr_rnr;
};

struct sdpa_qp {
	uint32_t qpn;
	const struct sdpa_rdma_transport *t;
	struct sdpa_srq *srq;
	pthread_mutex_t lock;
	enum sdpa_qp_state state;
	uint32_t remote_qpn;
	uint32_t access;
	uint8_t rnr_retry;
	sdpa_qp_complete_fn fn;
	void *owner;
	uint32_t conn_id;
	char name[96];
	/* requester */
	uint32_t sq_size;
	struct wqe *sq;
	uint64_t sq_head, sq_tail; /* outstanding: [head, tail) */
	uint32_t first_psn, next_psn;
	uint32_t next_index;
	bool pumping;
	/* The payload the pump is transmitting with qp->lock dropped. A completion that
	 * arrives meanwhile (the ACK of an earlier copy of a retransmitted request) leaves
	 * it to the pump to free (xmit_orphan) instead of freeing it under the carrier. */
	uint8_t *xmit_payload;
	bool xmit_orphan;
	bool rnr_wait;
	/* path: MTU (bytes), and on a lossy carrier the timers */
	uint32_t mtu;
	bool timed;
	uint8_t retry_cnt, min_rnr_timer;
	uint64_t timeout_ns;
	uint64_t timer_ns; /* the retransmission timer's start (0: not running) */
	unsigned int retries;
	uint64_t rnr_until;
	/* responder */
	uint32_t epsn;
	bool nak_sent; /* a PSN-sequence NAK for epsn went out (IB sends one per gap) */
	uint32_t nak_epsn;
	sdpa_atomic_u32 msn; /* written under lock, read by respond() without it */
	uint32_t recv_index;
	struct {
		uint32_t psn;
		bool valid;
		uint64_t orig;
	} atomics[ATOMIC_CACHE]; /* answers of executed atomics, for duplicates */
	unsigned int atomic_next;
};

static pthread_rwlock_t tbl_lock = PTHREAD_RWLOCK_INITIALIZER;
static struct sdpa_qp *tbl[QP_SLOTS];
static uint32_t tbl_gen;
static sdpa_atomic_u32 nr_timed; /* QPs connected over a lossy carrier */

/* Timer settings (sdpa_qp_set_timers): IB's defaults of common stacks. */
static sdpa_atomic_u32 cfg_timers = (14u << 16) | (7u << 8) | 12u;

void sdpa_qp_set_timers(uint8_t ack_timeout, uint8_t retry_cnt, uint8_t min_rnr_timer)
{
	/* Relaxed: a setting read on its own by the next sdpa_qp_connect. */
	sdpa_store_relaxed(&cfg_timers, ((uint32_t)(ack_timeout & 31) << 16) |
	                                        ((uint32_t)(retry_cnt & 7) << 8) |
	                                        (min_rnr_timer & 31));
}

/* IB's RNR NAK timer codes in microseconds (code 0 is the longest, 655.36 ms). */
static uint64_t rnr_timer_us(uint8_t code)
{
	static const uint32_t us[32] = {
	        655360, 10,    20,    30,    40,    60,     80,     120,    160,    240,   320,
	        480,    640,   960,   1280,  1920,  2560,   3840,   5120,   7680,   10240, 15360,
	        20480,  30720, 40960, 61440, 81920, 122880, 163840, 245760, 327680, 491520};

	return us[code & 31];
}

/* Packets of a message of 'len' bytes at path MTU 'mtu' (a zero-length message is one). */
static uint32_t npkts(uint64_t len, uint32_t mtu)
{
	return len == 0 ? 1 : (uint32_t)((len + mtu - 1) / mtu);
}

static void enter_error(struct sdpa_qp *qp, enum sdpa_wc_status st);

static sdpa_mr_resolve_fn mr_fn;
static sdpa_event_signal_fn event_fn;

void sdpa_rdma_set_event_hook(sdpa_event_signal_fn fn)
{
	event_fn = fn;
}

void *sdpa_rdma_mr_resolve(uint32_t key, uint64_t addr, uint64_t len, uint32_t access,
                           enum sdpa_mr_status *st)
{
	if (mr_fn == NULL) {
		*st = SDPA_MR_BAD_KEY;
		return NULL;
	}
	return mr_fn(key, addr, len, access, st);
}

void sdpa_rdma_set_mr_resolver(sdpa_mr_resolve_fn fn);
void sdpa_rdma_set_mr_resolver(sdpa_mr_resolve_fn fn)
{
	mr_fn = fn;
}

static struct sdpa_qp *qp_find(uint32_t qpn)
{
	uint32_t slot = qpn % QP_SLOTS;
	struct sdpa_qp *qp = tbl[slot];

	return qp != NULL && qp->qpn == qpn ? qp : NULL;
}

/* ---- shared receive queue ---- */

struct sdpa_srq *sdpa_srq_create(const struct sdpa_rdma_transport *t, uint32_t size)
{
	struct sdpa_srq *srq = calloc(1, sizeof(*srq));

	if (srq == NULL)
		return NULL;
	srq->t = t;
	srq->size = size ? size : 1;
	srq->ring = calloc(srq->size, sizeof(*srq->ring));
	if (srq->ring == NULL) {
		free(srq);
		return NULL;
	}
	pthread_mutex_init(&srq->lock, NULL);
	return srq;
}

void sdpa_srq_destroy(struct sdpa_srq *srq)
{
	if (srq == NULL)
		return;
	pthread_mutex_destroy(&srq->lock);
	free(srq->ring);
	free(srq);
}

int sdpa_srq_post(struct sdpa_srq *srq, uint32_t lkey, uint64_t addr, uint64_t len)
{
	uint32_t wake[8];
	unsigned int nr_wake = 0;

	pthread_rwlock_rdlock(&tbl_lock);
	pthread_mutex_lock(&srq->lock);
	if (srq->count >= srq->size) {
		pthread_mutex_unlock(&srq->lock);
		pthread_rwlock_unlock(&tbl_lock);
		return -1;
	}
	srq->ring[srq->tail % srq->size] = (struct recv_wqe){
	        .lkey = lkey, .addr = addr, .len = len, .index = (uint32_t)srq->tail};
	srq->tail++;
	srq->count++;
	nr_wake = srq->nr_rnr;
	memcpy(wake, srq->rnr_qpn, sizeof(wake));
	srq->nr_rnr = 0;
	pthread_mutex_unlock(&srq->lock);
	/* The requesters our QPs NAKed retry now when their transport can say so (in-process);
	 * over a wire their RNR timer does. */
	for (unsigned int i = 0; i < nr_wake; i++) {
		struct sdpa_qp *qp = qp_find(wake[i]);
		const struct sdpa_rdma_transport *t;
		uint32_t peer;

		if (qp == NULL)
			continue;
		pthread_mutex_lock(&qp->lock);
		t = qp->t;
		peer = qp->remote_qpn;
		pthread_mutex_unlock(&qp->lock);
		if (t->rnr_ready != NULL)
			t->rnr_ready(peer);
	}
	pthread_rwlock_unlock(&tbl_lock);
	return 0;
}

/* ---- QPs ---- */

struct sdpa_qp *sdpa_qp_create(const struct sdpa_rdma_transport *t, struct sdpa_srq *srq,
                               uint32_t sq_size, uint32_t access, uint8_t rnr_retry,
                               sdpa_qp_complete_fn fn, void *owner, uint32_t conn_id,
                               const char *name)
{
	struct sdpa_qp *qp = calloc(1, sizeof(*qp));
	uint32_t slot;

	if (qp == NULL)
		return NULL;
	qp->sq_size = sq_size ? sq_size : 1;
	qp->sq = calloc(qp->sq_size, sizeof(*qp->sq));
	if (qp->sq == NULL) {
		free(qp);
		return NULL;
	}
	pthread_mutex_init(&qp->lock, NULL);
	qp->t = t;
	qp->srq = srq;
	qp->access = access;
	qp->rnr_retry = rnr_retry;
	qp->fn = fn;
	qp->owner = owner;
	qp->conn_id = conn_id;
	snprintf(qp->name, sizeof(qp->name), "%s", name);
	pthread_rwlock_wrlock(&tbl_lock);
	for (slot = 0; slot < QP_SLOTS; slot++) {
		uint32_t s = (tbl_gen + slot) % QP_SLOTS;

		if (s != 0 && tbl[s] == NULL) {
			slot = s;
			break;
		}
	}
	if (slot >= QP_SLOTS) {
		pthread_rwlock_unlock(&tbl_lock);
		pthread_mutex_destroy(&qp->lock);
		free(qp->sq);
		free(qp);
		return NULL;
	}
	tbl_gen++;
	/* QPN: the slot plus a generation, 24 bits, so a stale QPN names nothing. */
	qp->qpn = (((tbl_gen & 0xfff) << 12) | slot) & PSN_MASK;
	if (qp->qpn % QP_SLOTS != slot)
		qp->qpn = slot;
	qp->first_psn = (qp->qpn * 2654435761u) & PSN_MASK;
	qp->next_psn = qp->first_psn;
	qp->mtu = 1024;
	tbl[slot] = qp;
	pthread_rwlock_unlock(&tbl_lock);
	return qp;
}

void sdpa_qp_destroy(struct sdpa_qp *qp, unsigned int *pending, bool *rnr_waiting)
{
	if (qp == NULL)
		return;
	pthread_rwlock_wrlock(&tbl_lock);
	tbl[qp->qpn % QP_SLOTS] = NULL;
	if (qp->timed)
		sdpa_fetch_add_relaxed(&nr_timed, (uint32_t)-1);
	pthread_rwlock_unlock(&tbl_lock);
	if (pending != NULL)
		*pending = (unsigned int)(qp->sq_tail - qp->sq_head);
	if (rnr_waiting != NULL)
		*rnr_waiting = qp->rnr_wait;
	for (uint64_t i = qp->sq_head; i < qp->sq_tail; i++)
		free(qp->sq[i % qp->sq_size].payload);
	pthread_mutex_destroy(&qp->lock);
	free(qp->sq);
	free(qp);
}

uint32_t sdpa_qp_num(const struct sdpa_qp *qp)
{
	return qp->qpn;
}

uint32_t sdpa_qp_first_psn(const struct sdpa_qp *qp)
{
	return qp->first_psn;
}

void sdpa_qp_connect(struct sdpa_qp *qp, uint32_t remote_qpn, uint32_t remote_psn, uint32_t mtu,
                     const struct sdpa_rdma_transport *t)
{
	uint32_t cfg = sdpa_load_relaxed(&cfg_timers);
	bool newly_timed;

	pthread_rwlock_rdlock(&tbl_lock);
	pthread_mutex_lock(&qp->lock);
	qp->remote_qpn = remote_qpn;
	qp->epsn = remote_psn & PSN_MASK;
	qp->mtu = mtu >= 256 ? mtu : 256;
	if (t != NULL)
		qp->t = t;
	newly_timed = qp->t->lossy && !qp->timed;
	qp->timed = qp->t->lossy;
	qp->timeout_ns = 4096ull << ((cfg >> 16) & 31);
	qp->retry_cnt = (uint8_t)((cfg >> 8) & 7);
	qp->min_rnr_timer = (uint8_t)(cfg & 31);
	if (qp->state == SDPA_QP_INIT)
		qp->state = SDPA_QP_RTS;
	pthread_mutex_unlock(&qp->lock);
	if (newly_timed)
		sdpa_fetch_add_relaxed(&nr_timed, 1);
	pthread_rwlock_unlock(&tbl_lock);
}

bool sdpa_qp_exists(uint32_t qpn)
{
	bool found;

	pthread_rwlock_rdlock(&tbl_lock);
	found = qp_find(qpn) != NULL;
	pthread_rwlock_unlock(&tbl_lock);
	return found;
}

void sdpa_qp_set_sq_psn(struct sdpa_qp *qp, uint32_t psn)
{
	pthread_mutex_lock(&qp->lock);
	if (qp->sq_head == qp->sq_tail && qp->next_psn == qp->first_psn) {
		qp->first_psn = psn & PSN_MASK;
		qp->next_psn = qp->first_psn;
	}
	pthread_mutex_unlock(&qp->lock);
}

void sdpa_qp_set_access(struct sdpa_qp *qp, uint32_t access, uint8_t rnr_retry)
{
	pthread_mutex_lock(&qp->lock);
	qp->access = access;
	qp->rnr_retry = rnr_retry;
	pthread_mutex_unlock(&qp->lock);
}

void sdpa_qp_set_qp_timers(struct sdpa_qp *qp, uint8_t ack_timeout, uint8_t retry_cnt,
                           uint8_t min_rnr_timer)
{
	pthread_mutex_lock(&qp->lock);
	qp->timeout_ns = 4096ull << (ack_timeout & 31);
	qp->retry_cnt = (uint8_t)(retry_cnt & 7);
	qp->min_rnr_timer = (uint8_t)(min_rnr_timer & 31);
	pthread_mutex_unlock(&qp->lock);
}

void sdpa_qp_set_error(struct sdpa_qp *qp)
{
	pthread_mutex_lock(&qp->lock);
	if (qp->state != SDPA_QP_ERROR)
		enter_error(qp, SDPA_WC_WR_FLUSH_ERR);
	pthread_mutex_unlock(&qp->lock);
}

enum sdpa_qp_state sdpa_qp_state(struct sdpa_qp *qp)
{
	enum sdpa_qp_state s;

	pthread_mutex_lock(&qp->lock);
	s = qp->state;
	pthread_mutex_unlock(&qp->lock);
	return s;
}

static const char *op_name(enum sdpa_wr_opcode op)
{
	switch (op) {
	case SDPA_WR_SEND:
		return "send";
	case SDPA_WR_SEND_IMM:
		return "send with immediate";
	case SDPA_WR_WRITE:
		return "write";
	case SDPA_WR_WRITE_IMM:
		return "write with immediate";
	case SDPA_WR_READ:
		return "read";
	case SDPA_WR_FETCH_ADD:
		return "atomic fetch-add";
	case SDPA_WR_SIGNAL_SET:
		return "signal set";
	case SDPA_WR_SIGNAL_ADD:
		return "signal add";
	default:
		return "atomic compare-swap";
	}
}

/* Complete the oldest outstanding request with 'st'. Under qp->lock. */
static void complete_head(struct sdpa_qp *qp, enum sdpa_wc_status st)
{
	struct wqe *w = &qp->sq[qp->sq_head % qp->sq_size];

	if (w->payload != NULL && w->payload == qp->xmit_payload)
		qp->xmit_orphan = true;
	else
		free(w->payload);
	w->payload = NULL;
	qp->sq_head++;
	if (st != SDPA_WC_OK || w->signaled)
		qp->fn(qp->owner, qp->conn_id, SDPA_WC_SEND, st, w->index, 0);
}

/* The QP enters the error state: the head completes with 'st', the rest are flushed. */
static void enter_error(struct sdpa_qp *qp, enum sdpa_wc_status st)
{
	qp->state = SDPA_QP_ERROR;
	qp->rnr_wait = false;
	if (qp->sq_head < qp->sq_tail)
		complete_head(qp, st);
	while (qp->sq_head < qp->sq_tail)
		complete_head(qp, SDPA_WC_WR_FLUSH_ERR);
}

static bool psn_before(uint32_t a, uint32_t b)
{
	return ((b - a) & PSN_MASK) != 0 && ((b - a) & PSN_MASK) < 0x800000;
}

/* Transmit unsent requests in PSN order, one pump per QP. Takes and releases qp->lock. */
static void pump(struct sdpa_qp *qp)
{
	pthread_mutex_lock(&qp->lock);
	if (qp->pumping) {
		pthread_mutex_unlock(&qp->lock);
		return;
	}
	qp->pumping = true;
	while (qp->state == SDPA_QP_RTS && !qp->rnr_wait) {
		struct sdpa_rdma_pkt pkt = {0};
		struct wqe *w = NULL;
		uint32_t psn;

		for (uint64_t i = qp->sq_head; i < qp->sq_tail; i++)
			if (!qp->sq[i % qp->sq_size].sent) {
				w = &qp->sq[i % qp->sq_size];
				break;
			}
		if (w == NULL)
			break;
		w->sent = true;
		psn = w->psn;
		pkt.src_qpn = qp->qpn;
		pkt.dst_qpn = qp->remote_qpn;
		pkt.psn = w->psn;
		pkt.va = w->raddr;
		pkt.rkey = w->rkey;
		pkt.dma_len = (uint32_t)w->len;
		pkt.imm = (uint32_t)w->imm;
		switch (w->op) {
		case SDPA_WR_SEND:
			pkt.opcode = SDPA_IB_SEND_ONLY;
			break;
		case SDPA_WR_SEND_IMM:
			pkt.opcode = SDPA_IB_SEND_ONLY_IMM;
			break;
		case SDPA_WR_WRITE:
		case SDPA_WR_SIGNAL_SET:
			pkt.opcode = SDPA_IB_WRITE_ONLY;
			break;
		case SDPA_WR_WRITE_IMM:
			pkt.opcode = SDPA_IB_WRITE_ONLY_IMM;
			break;
		case SDPA_WR_READ:
			pkt.opcode = SDPA_IB_READ_REQUEST;
			break;
		case SDPA_WR_FETCH_ADD:
		case SDPA_WR_SIGNAL_ADD:
			pkt.opcode = SDPA_IB_FETCH_ADD;
			pkt.swap_add = w->imm;
			break;
		case SDPA_WR_CMP_SWAP:
			pkt.opcode = SDPA_IB_CMP_SWAP;
			pkt.compare = w->imm;
			pkt.swap_add = w->swap;
			break;
		}
		pkt.payload = w->payload;
		pkt.payload_len = w->payload ? (uint32_t)w->len : 0;
		if (qp->timed && qp->timer_ns == 0)
			qp->timer_ns = sdpa_mono_ns();
		const struct sdpa_rdma_transport *t = qp->t;

		qp->xmit_payload = w->payload;
		pthread_mutex_unlock(&qp->lock);
		bool taken = t->xmit(&pkt);
		pthread_mutex_lock(&qp->lock);
		if (qp->xmit_orphan)
			free(qp->xmit_payload);
		qp->xmit_payload = NULL;
		qp->xmit_orphan = false;
		if (!taken && !qp->timed && qp->state == SDPA_QP_RTS && qp->sq_head < qp->sq_tail &&
		    qp->sq[qp->sq_head % qp->sq_size].psn == psn) {
			/* Nobody took it: the peer QP does not exist or is not connected to us. A
			 * wire carrier learns this from its retry timer (retry_cnt timeouts). */
			DOCA_LOG_ERR(
			        "RDMA %s: the %s (PSN %u) reached no queue connected to it: the "
			        "peer (QP %u) was never connected to this one, or was destroyed; "
			        "it completes with a transport retry error and the queue moves to "
			        "the error state. Fix: call doca_rdma_connect on both sides, each "
			        "with the details the other exported, before posting",
			        qp->name, op_name(qp->sq[qp->sq_head % qp->sq_size].op), psn,
			        qp->remote_qpn);
			enter_error(qp, SDPA_WC_RETRY_EXC_ERR);
		}
	}
	qp->pumping = false;
	pthread_mutex_unlock(&qp->lock);
}

void sdpa_qp_post(struct sdpa_qp *qp, enum sdpa_wr_opcode op, uint32_t lkey, uint64_t laddr,
                  uint64_t len, uint32_t rkey, uint64_t raddr, uint64_t imm, uint64_t swap,
                  bool signaled)
{
	enum sdpa_mr_status st = SDPA_MR_OK;
	struct wqe *w;
	void *local = NULL;
	uint32_t index;

	pthread_rwlock_rdlock(&tbl_lock);
	pthread_mutex_lock(&qp->lock);
	index = qp->next_index++;
	if (qp->state == SDPA_QP_ERROR) {
		pthread_mutex_unlock(&qp->lock);
		pthread_rwlock_unlock(&tbl_lock);
		DOCA_LOG_RATE_LIMIT_ERR("RDMA %s: %s posted on a queue in the error state; it "
		                        "completes with a flush error. Fix: find the first error "
		                        "completion of this connection; destroy and recreate the "
		                        "context to recover",
		                        qp->name, op_name(op));
		qp->fn(qp->owner, qp->conn_id, SDPA_WC_SEND, SDPA_WC_WR_FLUSH_ERR, index, 0);
		return;
	}
	if (qp->state != SDPA_QP_RTS) {
		qp->state = SDPA_QP_ERROR;
		pthread_mutex_unlock(&qp->lock);
		pthread_rwlock_unlock(&tbl_lock);
		DOCA_LOG_ERR("RDMA %s: %s posted before the connection was connected; it "
		             "completes with an error and the queue moves to the error state. Fix: "
		             "call doca_rdma_connect with the peer's exported details (on both "
		             "sides) before any kernel posts on the connection",
		             qp->name, op_name(op));
		qp->fn(qp->owner, qp->conn_id, SDPA_WC_SEND, SDPA_WC_LOC_QP_OP_ERR, index, 0);
		return;
	}
	if (qp->sq_tail - qp->sq_head >= qp->sq_size) {
		pthread_mutex_unlock(&qp->lock);
		pthread_rwlock_unlock(&tbl_lock);
		DOCA_LOG_RATE_LIMIT_ERR(
		        "RDMA %s: %s posted on a full send queue (%u requests "
		        "outstanding); it is dropped with an error completion. Fix: "
		        "enlarge it (doca_rdma_set_send_queue_size) or wait for "
		        "completions before posting more",
		        qp->name, op_name(op), qp->sq_size);
		qp->fn(qp->owner, qp->conn_id, SDPA_WC_SEND, SDPA_WC_LOC_QP_OP_ERR, index, 0);
		return;
	}
	/* Local memory: the source of a send/write, the destination of a read (local write). */
	if (op == SDPA_WR_SEND || op == SDPA_WR_SEND_IMM || op == SDPA_WR_WRITE ||
	    op == SDPA_WR_WRITE_IMM) {
		local = len ? sdpa_rdma_mr_resolve(lkey, laddr, len, 0, &st) : NULL;
	} else if (op == SDPA_WR_READ) {
		local = len ? sdpa_rdma_mr_resolve(lkey, laddr, len, SDPA_MR_LOCAL_WRITE, &st)
		            : NULL;
	} else if (op == SDPA_WR_SIGNAL_SET) {
		local = &imm; /* the count travels as the write's 8 bytes */
		len = sizeof(imm);
	} else if (lkey != 0) {
		local = sdpa_rdma_mr_resolve(lkey, laddr, 8, SDPA_MR_LOCAL_WRITE, &st);
	}
	if (st != SDPA_MR_OK) {
		DOCA_LOG_ERR("RDMA %s: the %s's local memory (mmap %u, 0x%llx, %llu bytes) %s; it "
		             "completes with a local protection error and the queue moves to the "
		             "error state. Fix: %s",
		             qp->name, op_name(op), lkey, (unsigned long long)laddr,
		             (unsigned long long)len,
		             st == SDPA_MR_BAD_KEY ? "is not a started mmap"
		             : st == SDPA_MR_RANGE
		                     ? "is not inside the mmap"
		                     : "is not writable (no DOCA_ACCESS_FLAG_LOCAL_READ_WRITE)",
		             st == SDPA_MR_BAD_KEY ? "pass doca_mmap_dev_get_dpa_handle's handle"
		             : st == SDPA_MR_RANGE
		                     ? "keep the range inside the mmap's memrange"
		                     : "set DOCA_ACCESS_FLAG_LOCAL_READ_WRITE on the mmap");
		qp->state = SDPA_QP_ERROR;
		enter_error(qp, SDPA_WC_WR_FLUSH_ERR);
		pthread_mutex_unlock(&qp->lock);
		pthread_rwlock_unlock(&tbl_lock);
		qp->fn(qp->owner, qp->conn_id, SDPA_WC_SEND, SDPA_WC_LOC_PROT_ERR, index, 0);
		return;
	}
	w = &qp->sq[qp->sq_tail % qp->sq_size];
	*w = (struct wqe){.op = op,
	                  .psn = qp->next_psn,
	                  .npsn = op == SDPA_WR_FETCH_ADD || op == SDPA_WR_CMP_SWAP ||
	                                          op == SDPA_WR_SIGNAL_ADD
	                                  ? 1
	                                  : npkts(len, qp->mtu),
	                  .index = index,
	                  .signaled = signaled,
	                  .rkey = rkey,
	                  .raddr = raddr,
	                  .len = len,
	                  .imm = imm,
	                  .swap = swap};
	if (op == SDPA_WR_SEND || op == SDPA_WR_SEND_IMM || op == SDPA_WR_WRITE ||
	    op == SDPA_WR_WRITE_IMM || op == SDPA_WR_SIGNAL_SET) {
		w->len = len;
		w->payload = malloc(len ? len : 1);
		if (w->payload == NULL) {
			pthread_mutex_unlock(&qp->lock);
			pthread_rwlock_unlock(&tbl_lock);
			DOCA_LOG_ERR("RDMA %s: out of memory for a %llu-byte %s", qp->name,
			             (unsigned long long)len, op_name(op));
			qp->fn(qp->owner, qp->conn_id, SDPA_WC_SEND, SDPA_WC_LOC_QP_OP_ERR, index,
			       0);
			return;
		}
		if (len)
			memcpy(w->payload, local, len);
	} else {
		w->ldst = local;
	}
	qp->next_psn = (qp->next_psn + w->npsn) & PSN_MASK;
	qp->sq_tail++;
	pthread_mutex_unlock(&qp->lock);
	pump(qp);
	pthread_rwlock_unlock(&tbl_lock);
}

/* ---- responder ---- */

static void respond(struct sdpa_qp *qp, uint8_t opcode, uint32_t psn, uint8_t syndrome,
                    const void *payload, uint32_t len, uint64_t orig)
{
	struct sdpa_rdma_pkt r = {.opcode = opcode,
	                          .src_qpn = qp->qpn,
	                          .dst_qpn = qp->remote_qpn,
	                          .psn = psn & PSN_MASK,
	                          .syndrome = syndrome,
	                          .rnr_timer =
	                                  syndrome == SDPA_AETH_RNR_NAK ? qp->min_rnr_timer : 0,
	                          .msn = sdpa_load_relaxed(&qp->msn) & PSN_MASK,
	                          .payload = payload,
	                          .payload_len = len,
	                          .orig = orig};

	qp->t->xmit(&r);
}

static const char *mr_why(enum sdpa_mr_status st, uint32_t need)
{
	if (st == SDPA_MR_BAD_KEY)
		return "names no started mmap";
	if (st == SDPA_MR_RANGE)
		return "lies outside the mmap";
	if (need & SDPA_MR_REMOTE_WRITE)
		return "is in an mmap without DOCA_ACCESS_FLAG_RDMA_WRITE";
	if (need & SDPA_MR_REMOTE_READ)
		return "is in an mmap without DOCA_ACCESS_FLAG_RDMA_READ";
	if (need & SDPA_MR_REMOTE_ATOMIC)
		return "is in an mmap without DOCA_ACCESS_FLAG_RDMA_ATOMIC";
	return "is in an mmap without DOCA_ACCESS_FLAG_LOCAL_READ_WRITE";
}

/* Take a posted receive for a message of 'len' bytes (SEND, or WRITE_IMM with len 0).
 * 0 = taken (*dst set), 1 = none posted (RNR), 2 = too short / bad memory (logged). */
static int take_recv(struct sdpa_qp *qp, uint32_t len, void **dst, uint32_t *index,
                     enum sdpa_wc_status *st)
{
	struct sdpa_srq *srq = qp->srq;
	struct recv_wqe r;
	enum sdpa_mr_status ms = SDPA_MR_OK;

	pthread_mutex_lock(&srq->lock);
	if (srq->count == 0) {
		bool known = false;

		for (unsigned int i = 0; i < srq->nr_rnr; i++)
			known |= srq->rnr_qpn[i] == qp->qpn;
		if (!known && srq->nr_rnr < 8)
			srq->rnr_qpn[srq->nr_rnr++] = qp->qpn;
		pthread_mutex_unlock(&srq->lock);
		return 1;
	}
	r = srq->ring[srq->head % srq->size];
	srq->head++;
	srq->count--;
	pthread_mutex_unlock(&srq->lock);
	*index = r.index;
	*dst = NULL;
	if (len > r.len) {
		DOCA_LOG_ERR("RDMA %s: a %u-byte message arrived for a %llu-byte receive; the "
		             "receive completes with a length error and the sender with an invalid "
		             "request error. Fix: post receives at least as long as the largest "
		             "message the peer sends",
		             qp->name, len, (unsigned long long)r.len);
		*st = SDPA_WC_LOC_LEN_ERR;
		return 2;
	}
	if (len > 0) {
		*dst = sdpa_rdma_mr_resolve(r.lkey, r.addr, len, SDPA_MR_LOCAL_WRITE, &ms);
		if (*dst == NULL) {
			DOCA_LOG_ERR(
			        "RDMA %s: the receive buffer (mmap %u, 0x%llx) %s; the receive "
			        "completes with a local protection error. Fix: post receives "
			        "into a started mmap with DOCA_ACCESS_FLAG_LOCAL_READ_WRITE",
			        qp->name, r.lkey, (unsigned long long)r.addr,
			        mr_why(ms, SDPA_MR_LOCAL_WRITE));
			*st = SDPA_WC_LOC_PROT_ERR;
			return 2;
		}
	}
	return 0;
}

static void responder(struct sdpa_qp *qp, const struct sdpa_rdma_pkt *p)
{
	enum sdpa_mr_status ms = SDPA_MR_OK;
	enum sdpa_wc_status rst = SDPA_WC_OK;
	uint32_t need = 0, ridx = 0;
	void *dst = NULL;
	uint64_t orig = 0;
	int rc;

	/* The PSNs the message takes, and its last one (what an ACK names). */
	const uint32_t n = p->opcode == SDPA_IB_FETCH_ADD || p->opcode == SDPA_IB_CMP_SWAP ? 1
	                   : p->opcode == SDPA_IB_READ_REQUEST ? npkts(p->dma_len, qp->mtu)
	                                                       : npkts(p->payload_len, qp->mtu);
	const uint32_t last = (p->psn + n - 1) & PSN_MASK;
	bool dup_read = false;

	pthread_mutex_lock(&qp->lock);
	if (p->broken) {
		/* A request the carrier received with a packet missing: a sequence error. The
		 * expected message itself (the requester sent it, maybe again after a NAK) is
		 * NAKed every time, as a NIC NAKs again once the PSN it expects came back; a later
		 * one gets the gap's one NAK; an earlier one (a duplicate) nothing. */
		uint32_t epsn = qp->epsn;
		bool nak = p->psn == epsn ||
		           (!psn_before(p->psn, epsn) && !(qp->nak_sent && qp->nak_epsn == epsn));

		if (nak) {
			qp->nak_sent = true;
			qp->nak_epsn = epsn;
		}
		pthread_mutex_unlock(&qp->lock);
		if (nak)
			respond(qp, SDPA_IB_ACKNOWLEDGE, epsn, SDPA_AETH_NAK_PSN_SEQ, NULL, 0, 0);
		return;
	}
	if (p->psn != qp->epsn) {
		bool dup = psn_before(p->psn, qp->epsn);
		uint32_t epsn = qp->epsn;

		if (dup && p->opcode == SDPA_IB_READ_REQUEST) {
			dup_read = true; /* a read is executed again (its response was lost) */
		} else if (dup &&
		           (p->opcode == SDPA_IB_FETCH_ADD || p->opcode == SDPA_IB_CMP_SWAP)) {
			/* An atomic is not executed twice: its saved answer is sent again. */
			bool found = false;
			uint64_t orig = 0;

			for (unsigned int i = 0; i < ATOMIC_CACHE; i++)
				if (qp->atomics[i].valid && qp->atomics[i].psn == p->psn) {
					found = true;
					orig = qp->atomics[i].orig;
				}
			pthread_mutex_unlock(&qp->lock);
			if (found)
				respond(qp, SDPA_IB_ATOMIC_ACKNOWLEDGE, p->psn, SDPA_AETH_ACK, NULL,
				        0, orig);
			return;
		} else {
			if (!dup && qp->nak_sent && qp->nak_epsn == epsn) {
				pthread_mutex_unlock(&qp->lock);
				return; /* this gap was NAKed already */
			}
			if (!dup) {
				qp->nak_sent = true;
				qp->nak_epsn = epsn;
			}
			pthread_mutex_unlock(&qp->lock);
			/* A duplicate is re-acknowledged; a request past a gap asks for the gap. */
			respond(qp, SDPA_IB_ACKNOWLEDGE, dup ? last : epsn,
			        dup ? SDPA_AETH_ACK : SDPA_AETH_NAK_PSN_SEQ, NULL, 0, 0);
			return;
		}
	}
	switch (p->opcode) {
	case SDPA_IB_SEND_ONLY:
	case SDPA_IB_SEND_ONLY_IMM:
	case SDPA_IB_WRITE_ONLY_IMM:
		if (p->opcode == SDPA_IB_WRITE_ONLY_IMM) {
			need = SDPA_MR_REMOTE_WRITE;
			break;
		}
		rc = take_recv(qp, p->payload_len, &dst, &ridx, &rst);
		if (rc == 1) {
			pthread_mutex_unlock(&qp->lock);
			DOCA_LOG_DBG("RDMA %s: no receive posted for PSN %u: RNR NAK", qp->name,
			             p->psn);
			respond(qp, SDPA_IB_ACKNOWLEDGE, p->psn, SDPA_AETH_RNR_NAK, NULL, 0, 0);
			return;
		}
		qp->epsn = (qp->epsn + n) & PSN_MASK;
		if (rc == 2) {
			pthread_mutex_unlock(&qp->lock);
			qp->fn(qp->owner, qp->conn_id, SDPA_WC_RECV, rst, ridx, 0);
			respond(qp, SDPA_IB_ACKNOWLEDGE, p->psn, SDPA_AETH_NAK_INV_REQ, NULL, 0, 0);
			return;
		}
		if (p->payload_len)
			memcpy(dst, p->payload, p->payload_len);
		sdpa_store_relaxed(&qp->msn, sdpa_load_relaxed(&qp->msn) + 1);
		pthread_mutex_unlock(&qp->lock);
		qp->fn(qp->owner, qp->conn_id,
		       p->opcode == SDPA_IB_SEND_ONLY ? SDPA_WC_RECV : SDPA_WC_RECV_IMM, SDPA_WC_OK,
		       ridx, p->imm);
		respond(qp, SDPA_IB_ACKNOWLEDGE, last, SDPA_AETH_ACK, NULL, 0, 0);
		return;
	case SDPA_IB_WRITE_ONLY:
		need = SDPA_MR_REMOTE_WRITE;
		break;
	case SDPA_IB_READ_REQUEST:
		need = SDPA_MR_REMOTE_READ;
		break;
	case SDPA_IB_FETCH_ADD:
	case SDPA_IB_CMP_SWAP:
		need = SDPA_MR_REMOTE_ATOMIC;
		break;
	default:
		pthread_mutex_unlock(&qp->lock);
		respond(qp, SDPA_IB_ACKNOWLEDGE, p->psn, SDPA_AETH_NAK_INV_REQ, NULL, 0, 0);
		return;
	}
	/* A remote-net sync event: set by an 8-byte write, added to by a fetch-add. */
	if (p->rkey == SDPA_RKEY_SYNC_EVENT &&
	    (p->opcode == SDPA_IB_WRITE_ONLY || p->opcode == SDPA_IB_FETCH_ADD)) {
		uint64_t v = p->swap_add;
		bool ok;

		if (p->opcode == SDPA_IB_WRITE_ONLY && p->payload_len == sizeof(v))
			memcpy(&v, p->payload, sizeof(v));
		ok = event_fn != NULL && (p->opcode == SDPA_IB_FETCH_ADD || p->payload_len == 8) &&
		     event_fn(p->va, p->opcode == SDPA_IB_FETCH_ADD, v);
		if (ok) {
			qp->epsn = (qp->epsn + 1) & PSN_MASK;
			sdpa_store_relaxed(&qp->msn, sdpa_load_relaxed(&qp->msn) + 1);
		}
		pthread_mutex_unlock(&qp->lock);
		respond(qp,
		        p->opcode == SDPA_IB_FETCH_ADD ? SDPA_IB_ATOMIC_ACKNOWLEDGE
		                                       : SDPA_IB_ACKNOWLEDGE,
		        p->psn, ok ? SDPA_AETH_ACK : SDPA_AETH_NAK_REM_ACCESS, NULL, 0, 0);
		return;
	}
	/* Remote access: the QP must allow it (doca_rdma_set_permissions) and the rkey's
	 * mmap must grant it for the whole range. */
	{
		uint64_t len = need == SDPA_MR_REMOTE_ATOMIC ? 8 : p->dma_len;

		if ((qp->access & need) == 0) {
			ms = SDPA_MR_ACCESS;
			dst = NULL;
		} else if (len > 0) {
			dst = sdpa_rdma_mr_resolve(p->rkey, p->va, len, need, &ms);
		}
		if (ms == SDPA_MR_OK && need == SDPA_MR_REMOTE_ATOMIC && (p->va & 7) != 0)
			ms = SDPA_MR_RANGE;
		if (ms != SDPA_MR_OK) {
			pthread_mutex_unlock(&qp->lock);
			DOCA_LOG_ERR(
			        "RDMA %s: the peer's %s of %llu bytes at 0x%llx (mmap %u) %s%s; "
			        "the responder answers a remote access error, the request "
			        "completes with an error and the requester's queue moves to the "
			        "error state. Fix: %s",
			        qp->name,
			        need == SDPA_MR_REMOTE_WRITE  ? "write"
			        : need == SDPA_MR_REMOTE_READ ? "read"
			                                      : "atomic",
			        (unsigned long long)len, (unsigned long long)p->va, p->rkey,
			        (qp->access & need) == 0
			                ? "targets a queue pair whose permissions (doca_rdma_set_"
			                  "permissions; a Verbs QP's allow_remote_* or atomic "
			                  "mode) "
			                  "lack it"
			                : mr_why(ms, need),
			        need == SDPA_MR_REMOTE_ATOMIC && ms == SDPA_MR_RANGE
			                ? " (or is not 8-byte aligned)"
			                : "",
			        "grant the access on the target mmap (doca_mmap_set_permissions) "
			        "and on the RDMA context (or Verbs QP), and address inside the "
			        "mmap");
			respond(qp, SDPA_IB_ACKNOWLEDGE, p->psn, SDPA_AETH_NAK_REM_ACCESS, NULL, 0,
			        0);
			return;
		}
	}
	if (dup_read) {
		pthread_mutex_unlock(&qp->lock);
		respond(qp, SDPA_IB_READ_RESPONSE_ONLY, p->psn, SDPA_AETH_ACK, dst, p->dma_len, 0);
		return;
	}
	if (p->opcode == SDPA_IB_WRITE_ONLY_IMM) {
		void *rdst = NULL;

		rc = take_recv(qp, 0, &rdst, &ridx, &rst);
		if (rc == 1) {
			pthread_mutex_unlock(&qp->lock);
			respond(qp, SDPA_IB_ACKNOWLEDGE, p->psn, SDPA_AETH_RNR_NAK, NULL, 0, 0);
			return;
		}
	}
	qp->epsn = (qp->epsn + n) & PSN_MASK;
	sdpa_store_relaxed(&qp->msn, sdpa_load_relaxed(&qp->msn) + 1);
	switch (p->opcode) {
	case SDPA_IB_WRITE_ONLY:
	case SDPA_IB_WRITE_ONLY_IMM:
		if (p->payload_len && dst != NULL) /* resolved above when dma_len > 0 */
			memcpy(dst, p->payload, p->payload_len);
		break;
	case SDPA_IB_FETCH_ADD:
		orig = sdpa_fetch_add_acq_rel((sdpa_atomic_u64 *)dst, p->swap_add);
		break;
	case SDPA_IB_CMP_SWAP: {
		uint64_t expected = p->compare;

		sdpa_cas_acq_rel((sdpa_atomic_u64 *)dst, &expected, p->swap_add);
		orig = expected;
		break;
	}
	default:
		break;
	}
	if (p->opcode == SDPA_IB_FETCH_ADD || p->opcode == SDPA_IB_CMP_SWAP) {
		unsigned int i = qp->atomic_next++ % ATOMIC_CACHE;

		qp->atomics[i].psn = p->psn;
		qp->atomics[i].orig = orig;
		qp->atomics[i].valid = true;
	}
	pthread_mutex_unlock(&qp->lock);
	if (p->opcode == SDPA_IB_WRITE_ONLY_IMM)
		qp->fn(qp->owner, qp->conn_id, SDPA_WC_RECV_WRITE_IMM, rst, ridx, p->imm);
	if (p->opcode == SDPA_IB_READ_REQUEST)
		respond(qp, SDPA_IB_READ_RESPONSE_ONLY, p->psn, SDPA_AETH_ACK, dst, p->dma_len, 0);
	else if (p->opcode == SDPA_IB_FETCH_ADD || p->opcode == SDPA_IB_CMP_SWAP)
		respond(qp, SDPA_IB_ATOMIC_ACKNOWLEDGE, p->psn, SDPA_AETH_ACK, NULL, 0, orig);
	else
		respond(qp, SDPA_IB_ACKNOWLEDGE, last, SDPA_AETH_ACK, NULL, 0, 0);
}

/* ---- requester: responses ---- */

static uint32_t wqe_last(const struct wqe *w)
{
	return (w->psn + w->npsn - 1) & PSN_MASK;
}

/* Resend everything outstanding from the head (go-back-N). Under qp->lock. */
static void rewind_sq(struct sdpa_qp *qp)
{
	for (uint64_t i = qp->sq_head; i < qp->sq_tail; i++)
		qp->sq[i % qp->sq_size].sent = false;
}

static void requester(struct sdpa_qp *qp, const struct sdpa_rdma_pkt *p)
{
	/* A read response that came with a packet missing: retry the read from its PSN at
	 * once, as a NIC does on the out-of-sequence response (an implied NAK). */
	const uint8_t syndrome = p->broken ? SDPA_AETH_NAK_PSN_SEQ : p->syndrome;
	bool retry = false;
	struct wqe *w;

	pthread_mutex_lock(&qp->lock);
	if (qp->state != SDPA_QP_RTS) {
		pthread_mutex_unlock(&qp->lock);
		return;
	}
	/* Requests whose last PSN precedes the answered one are implicitly acknowledged (in
	 * order) -- except a read or an atomic, whose answer carries data: its answer was lost,
	 * so everything from it is sent again. */
	while (qp->sq_head < qp->sq_tail) {
		w = &qp->sq[qp->sq_head % qp->sq_size];
		if (!w->sent || !psn_before(wqe_last(w), p->psn))
			break;
		if (w->op == SDPA_WR_READ || w->op == SDPA_WR_FETCH_ADD ||
		    w->op == SDPA_WR_CMP_SWAP) {
			rewind_sq(qp);
			retry = true;
			break;
		}
		complete_head(qp, SDPA_WC_OK);
		qp->timer_ns = qp->sq_head < qp->sq_tail ? sdpa_mono_ns() : 0;
		qp->retries = 0;
	}
	w = qp->sq_head < qp->sq_tail ? &qp->sq[qp->sq_head % qp->sq_size] : NULL;
	/* A PSN-sequence NAK naming a PSN before the oldest outstanding request: the responder
	 * expected one that is acknowledged by now (it came, late, after a later one that the
	 * responder dropped, and its ACK overtook this NAK): what the responder dropped is
	 * outstanding, so it goes again from the oldest, rather than after the ACK timeout. */
	bool nak_behind = w != NULL && p->opcode == SDPA_IB_ACKNOWLEDGE &&
	                  syndrome == SDPA_AETH_NAK_PSN_SEQ && psn_before(p->psn, w->psn);

	/* An ACK names the request's last PSN, any other answer its first. */
	if (retry || w == NULL || !w->sent ||
	    (!nak_behind &&
	     (p->opcode == SDPA_IB_ACKNOWLEDGE && syndrome == SDPA_AETH_ACK ? wqe_last(w)
	                                                                    : w->psn) != p->psn)) {
		pthread_mutex_unlock(&qp->lock);
		if (retry)
			pump(qp);
		return; /* a stale answer */
	}
	switch (syndrome) {
	case SDPA_AETH_ACK:
		if (p->opcode == SDPA_IB_READ_RESPONSE_ONLY && w->ldst != NULL && p->payload_len)
			memcpy(w->ldst, p->payload,
			       p->payload_len < w->len ? p->payload_len : (uint32_t)w->len);
		if (p->opcode == SDPA_IB_ATOMIC_ACKNOWLEDGE && w->ldst != NULL)
			memcpy(w->ldst, &p->orig, sizeof(p->orig));
		complete_head(qp, SDPA_WC_OK);
		qp->timer_ns = qp->sq_head < qp->sq_tail ? sdpa_mono_ns() : 0;
		qp->retries = 0;
		break;
	case SDPA_AETH_RNR_NAK:
		w->rnr_naks++;
		if (qp->rnr_retry != RNR_UNLIMITED && w->rnr_naks > qp->rnr_retry) {
			DOCA_LOG_ERR("RDMA %s: the peer had no receive posted for the %s (PSN "
			             "%u) through %u retries: RNR retries exhausted; it "
			             "completes with an error and the queue moves to the error "
			             "state. Fix: post receives on the peer before sending "
			             "(keep its receive queue stocked), or raise "
			             "doca_rdma_set_rnr_retry_count",
			             qp->name, op_name(w->op), w->psn, qp->rnr_retry);
			enter_error(qp, SDPA_WC_RNR_RETRY_EXC_ERR);
			break;
		}
		qp->rnr_wait = true;
		if (qp->timed) {
			/* Retry after the responder's RNR timer; the retransmission timer
			 * waits meanwhile. */
			qp->rnr_until = sdpa_mono_ns() + rnr_timer_us(p->rnr_timer) * 1000;
			qp->timer_ns = 0;
		}
		rewind_sq(qp);
		break;
	case SDPA_AETH_NAK_PSN_SEQ:
		rewind_sq(qp);
		qp->timer_ns = 0;
		retry = true;
		break;
	case SDPA_AETH_NAK_REM_ACCESS:
		enter_error(qp, SDPA_WC_REM_ACCESS_ERR);
		break;
	default:
		enter_error(qp, SDPA_WC_REM_INV_REQ_ERR);
		break;
	}
	pthread_mutex_unlock(&qp->lock);
	if (retry)
		pump(qp);
}

bool sdpa_qp_rx(const struct sdpa_rdma_pkt *p)
{
	struct sdpa_qp *qp;
	bool taken = false;

	pthread_rwlock_rdlock(&tbl_lock);
	qp = qp_find(p->dst_qpn);
	if (qp != NULL) {
		pthread_mutex_lock(&qp->lock);
		taken = qp->state == SDPA_QP_RTS && qp->remote_qpn == p->src_qpn;
		pthread_mutex_unlock(&qp->lock);
	}
	if (taken) {
		if (p->opcode == SDPA_IB_ACKNOWLEDGE || p->opcode == SDPA_IB_READ_RESPONSE_ONLY ||
		    p->opcode == SDPA_IB_ATOMIC_ACKNOWLEDGE)
			requester(qp, p);
		else
			responder(qp, p);
	}
	pthread_rwlock_unlock(&tbl_lock);
	return taken;
}

void sdpa_qp_timers(uint64_t now_ns)
{
	if (sdpa_load_relaxed(&nr_timed) == 0)
		return;
	pthread_rwlock_rdlock(&tbl_lock);
	for (uint32_t slot = 0; slot < QP_SLOTS; slot++) {
		struct sdpa_qp *qp = tbl[slot];
		bool go = false;

		if (qp == NULL)
			continue;
		pthread_mutex_lock(&qp->lock);
		if (!qp->timed || qp->state != SDPA_QP_RTS) {
			pthread_mutex_unlock(&qp->lock);
			continue;
		}
		if (qp->rnr_wait) {
			if (now_ns >= qp->rnr_until) {
				DOCA_LOG_DBG("RDMA %s: RNR timer expired: retrying PSN %u",
				             qp->name, qp->sq[qp->sq_head % qp->sq_size].psn);
				qp->rnr_wait = false;
				go = true;
			}
		} else if (qp->timer_ns != 0 && qp->sq_head < qp->sq_tail &&
		           now_ns - qp->timer_ns >= qp->timeout_ns) {
			struct wqe *w = &qp->sq[qp->sq_head % qp->sq_size];

			if (++qp->retries > qp->retry_cnt) {
				DOCA_LOG_ERR(
				        "RDMA %s: the %s (PSN %u) was not acknowledged after %u "
				        "retransmissions (ACK timeout %llu us): the peer is "
				        "unreachable, gone, or not connected to this queue; it "
				        "completes with a transport retry error and the queue "
				        "moves to the error state. Fix: check that the peer "
				        "process "
				        "runs and called doca_rdma_connect with this side's "
				        "details, "
				        "and that its carrier address is reachable",
				        qp->name, op_name(w->op), w->psn, qp->retry_cnt,
				        (unsigned long long)(qp->timeout_ns / 1000));
				enter_error(qp, SDPA_WC_RETRY_EXC_ERR);
				qp->timer_ns = 0;
			} else {
				DOCA_LOG_DBG(
				        "RDMA %s: ACK timeout on PSN %u: retransmission %u of %u",
				        qp->name, w->psn, qp->retries, qp->retry_cnt);
				rewind_sq(qp);
				qp->timer_ns = now_ns;
				go = true;
			}
		}
		pthread_mutex_unlock(&qp->lock);
		if (go)
			pump(qp);
	}
	pthread_rwlock_unlock(&tbl_lock);
}

void sdpa_qp_rnr_ready(uint32_t qpn)
{
	struct sdpa_qp *qp;

	pthread_rwlock_rdlock(&tbl_lock);
	qp = qp_find(qpn);
	if (qp != NULL) {
		pthread_mutex_lock(&qp->lock);
		qp->rnr_wait = false;
		pthread_mutex_unlock(&qp->lock);
		pump(qp);
	}
	pthread_rwlock_unlock(&tbl_lock);
}
