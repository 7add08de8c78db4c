/* SPDX-License-Identifier: BSD-3-Clause
 * The queue-pair engine (qp.c): RC queue pairs with a shared receive queue, RoCE's
 * requester/responder rules (PSN order, ACK/NAK, RNR, remote access checks, the error state)
 * over a transport (transport.h). Internal to src/rdma; doca_rdma (rdma.c) builds on it.
 */
#ifndef SDPA_RDMA_QP_H
#define SDPA_RDMA_QP_H

#include <stdbool.h>
#include <stdint.h>

#include "rdma/rdma.h"
#include "rdma/transport.h"

struct sdpa_qp;
struct sdpa_srq;

enum sdpa_qp_state {
	SDPA_QP_INIT,  /* created, not connected: receives may be posted */
	SDPA_QP_RTS,   /* connected to its peer */
	SDPA_QP_ERROR, /* every request completes with WR_FLUSH_ERR */
};

/* A completion of a QP (or of the receive queue it shares): owner as given at creation. */
typedef void (*sdpa_qp_complete_fn)(void *owner, uint32_t conn_id, enum sdpa_wc_opcode op,
                                    enum sdpa_wc_status st, uint32_t wr_index, uint32_t imm);

/* A receive queue of 'size' entries; 't' carries its "receive posted again" signal. */
struct sdpa_srq *sdpa_srq_create(const struct sdpa_rdma_transport *t, uint32_t size);
/* Receives still posted are dropped. */
void sdpa_srq_destroy(struct sdpa_srq *srq);
/* 0, or -1 when the queue is full. */
int sdpa_srq_post(struct sdpa_srq *srq, uint32_t lkey, uint64_t addr, uint64_t len);

/* 'access': enum sdpa_mr_access bits the QP allows its peer (remote read/write/atomic);
 * rnr_retry: 7 = retry without limit (as IB), else the retries after the first RNR NAK.
 * 'access' again: the QP allows its peer (remote read/write/atomic). */
struct sdpa_qp *sdpa_qp_create(const struct sdpa_rdma_transport *t, struct sdpa_srq *srq,
                               uint32_t sq_size, uint32_t access, uint8_t rnr_retry,
                               sdpa_qp_complete_fn fn, void *owner, uint32_t conn_id,
                               const char *name);
/* Requests not yet completed are dropped; the count goes to *pending (may be NULL). */
void sdpa_qp_destroy(struct sdpa_qp *qp, unsigned int *pending, bool *rnr_waiting);
uint32_t sdpa_qp_num(const struct sdpa_qp *qp);
uint32_t sdpa_qp_first_psn(const struct sdpa_qp *qp);
/* INIT -> RTS towards the peer QP 'remote_qpn' whose first PSN is 'remote_psn', over the
 * path MTU 'mtu' (bytes; both sides must pass the same) and transport 't' (NULL: the one
 * given at creation). A lossy transport turns the QP's timers on (sdpa_qp_timers). */
void sdpa_qp_connect(struct sdpa_qp *qp, uint32_t remote_qpn, uint32_t remote_psn, uint32_t mtu,
                     const struct sdpa_rdma_transport *t);
enum sdpa_qp_state sdpa_qp_state(struct sdpa_qp *qp);
/* DOCA Verbs (verbs_qp.c): the first PSN of the QP's requests (RTS's sq_psn; ignored once a
 * request was posted), the access its peer gets and its RNR retry count (INIT, RTS), and a
 * move to the error state (outstanding requests are flushed). */
void sdpa_qp_set_sq_psn(struct sdpa_qp *qp, uint32_t psn);
void sdpa_qp_set_access(struct sdpa_qp *qp, uint32_t access, uint8_t rnr_retry);
void sdpa_qp_set_error(struct sdpa_qp *qp);
/* This QP's timer settings (IB's encodings, as sdpa_qp_set_timers), replacing those it took
 * when connected: a Verbs QP's own attributes (min_rnr_timer at RTR, ack_timeout and
 * retry_cnt at RTS). */
void sdpa_qp_set_qp_timers(struct sdpa_qp *qp, uint8_t ack_timeout, uint8_t retry_cnt,
                           uint8_t min_rnr_timer);
/* True when a QP of this process has number 'qpn'. */
bool sdpa_qp_exists(uint32_t qpn);

/* Post a send-queue request (rdma.h's sdpa_rdma_dev_post explains the arguments). Its
 * completion (always for errors, on success when signalled) goes to the QP's owner. */
void sdpa_qp_post(struct sdpa_qp *qp, enum sdpa_wr_opcode op, uint32_t lkey, uint64_t laddr,
                  uint64_t len, uint32_t rkey, uint64_t raddr, uint64_t imm, uint64_t swap,
                  bool signaled);

/* The memory resolver (set by sdpa_rdma_set_dpa_hooks). */
void *sdpa_rdma_mr_resolve(uint32_t key, uint64_t addr, uint64_t len, uint32_t access,
                           enum sdpa_mr_status *st);

#endif
