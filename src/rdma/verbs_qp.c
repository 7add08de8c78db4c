/* SPDX-License-Identifier: BSD-3-Clause
 * DOCA Verbs queue pairs on the queue-pair engine (docs/DPA.md, "DOCA Verbs"): a Verbs QP is
 * one engine QP (qp.c) with a receive queue of its own. The DPA layer (src/dpa/verbs.c) owns
 * the Verbs object and its state machine (RST -> INIT -> RTR -> RTS, ERR) and calls these at
 * each transition; the kernels' posts arrive through sdpa_vqp_post*.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/log.h"
#include "rdma/qp.h"
#include "rdma/rdma.h"
#include "rdma/transport.h"

SDPA_LOG_REGISTER(rdma_verbs);

struct sdpa_vqp {
	struct sdpa_qp *qp;
	struct sdpa_srq *srq;
	uint32_t rq_size;
	bool routed; /* over the wire carrier: a route to forget */
	char name[64];
};

void sdpa_rdma_gid(uint32_t dev_id, uint32_t index, uint8_t gid[16])
{
	/* The address of this process's RoCEv2 carrier endpoint (transport_wire.c): its IPv4
	 * address IPv4-mapped (bytes 10..15) and its UDP port in bytes 8..9, so that a peer
	 * given this GID reaches this process; the device and the index in bytes 6..7. Without
	 * a carrier: ::ffff:192.168.<device + 1>.<index>, port 0 (this process only). */
	uint32_t ip = 0;
	uint16_t port = 0;
	uint64_t proc = 0;

	memset(gid, 0, 16);
	gid[10] = 0xff;
	gid[11] = 0xff;
	if (sdpa_rdma_wire_local(&ip, &port, &proc) == 0 && port != 0) {
		gid[6] = (uint8_t)(dev_id + 1);
		gid[7] = (uint8_t)index;
		memcpy(&gid[8], &port, 2); /* network order */
		memcpy(&gid[12], &ip, 4);
		return;
	}
	gid[12] = 192;
	gid[13] = 168;
	gid[14] = (uint8_t)(dev_id + 1);
	gid[15] = (uint8_t)index;
}

struct sdpa_vqp *sdpa_vqp_create(uint32_t sq_size, uint32_t rq_size, sdpa_vqp_complete_fn fn,
                                 void *owner, const char *name)
{
	struct sdpa_vqp *v = calloc(1, sizeof(*v));

	if (v == NULL)
		return NULL;
	v->rq_size = rq_size ? rq_size : 1;
	snprintf(v->name, sizeof(v->name), "%s", name);
	v->srq = sdpa_srq_create(&sdpa_rdma_local_transport, v->rq_size);
	if (v->srq != NULL)
		v->qp = sdpa_qp_create(&sdpa_rdma_local_transport, v->srq, sq_size, 0, 7, fn, owner,
		                       0, name);
	if (v->qp == NULL) {
		sdpa_srq_destroy(v->srq);
		free(v);
		return NULL;
	}
	return v;
}

void sdpa_vqp_destroy(struct sdpa_vqp *v, unsigned int *pending)
{
	if (v == NULL)
		return;
	if (v->routed)
		sdpa_rdma_wire_unroute(sdpa_qp_num(v->qp));
	sdpa_qp_destroy(v->qp, pending, NULL);
	sdpa_srq_destroy(v->srq);
	free(v);
}

uint32_t sdpa_vqp_num(const struct sdpa_vqp *v)
{
	return sdpa_qp_num(v->qp);
}

void sdpa_vqp_set_access(struct sdpa_vqp *v, uint32_t access, uint8_t rnr_retry)
{
	sdpa_qp_set_access(v->qp, access, rnr_retry);
}

int sdpa_vqp_connect(struct sdpa_vqp *v, uint32_t remote_qpn, const uint8_t local_gid[16],
                     const uint8_t remote_gid[16], uint32_t rq_psn, uint32_t mtu)
{
	uint32_t ip = 0, my_ip = 0;
	uint16_t port = 0, my_port = 0;
	uint64_t proc = 0;

	memcpy(&port, &remote_gid[8], 2);
	memcpy(&ip, &remote_gid[12], 4);
	if (v->routed) {
		sdpa_rdma_wire_unroute(sdpa_qp_num(v->qp));
		v->routed = false;
	}
	/* A GID without a carrier port, or this process's endpoint: a QP of this process. */
	if (port == 0 || (sdpa_rdma_wire_local(&my_ip, &my_port, &proc) == 0 && ip == my_ip &&
	                  port == my_port)) {
		if (!sdpa_qp_exists(remote_qpn))
			return -2;
		sdpa_qp_connect(v->qp, remote_qpn, rq_psn, mtu, &sdpa_rdma_local_transport);
		return 0;
	}
	if (sdpa_rdma_wire_route(sdpa_qp_num(v->qp), remote_qpn, ip, port, local_gid, remote_gid,
	                         mtu) != 0)
		return -1;
	v->routed = true;
	sdpa_qp_connect(v->qp, remote_qpn, rq_psn, mtu, &sdpa_rdma_wire_transport);
	return 0;
}

void sdpa_vqp_set_timers(struct sdpa_vqp *v, uint8_t ack_timeout, uint8_t retry_cnt,
                         uint8_t min_rnr_timer)
{
	sdpa_qp_set_qp_timers(v->qp, ack_timeout, retry_cnt, min_rnr_timer);
}

void sdpa_vqp_set_sq_psn(struct sdpa_vqp *v, uint32_t sq_psn)
{
	sdpa_qp_set_sq_psn(v->qp, sq_psn);
}

void sdpa_vqp_set_error(struct sdpa_vqp *v)
{
	sdpa_qp_set_error(v->qp);
}

enum sdpa_rdma_post sdpa_vqp_post(struct sdpa_vqp *v, enum sdpa_wr_opcode op, uint32_t lkey,
                                  uint64_t laddr, uint64_t len, uint32_t rkey, uint64_t raddr,
                                  uint64_t imm, uint64_t swap, bool signaled)
{
	if ((op == SDPA_WR_FETCH_ADD || op == SDPA_WR_CMP_SWAP) && (raddr & 7) != 0)
		return SDPA_RDMA_BAD_ARG;
	sdpa_qp_post(v->qp, op, lkey, laddr, len, rkey, raddr, imm, swap, signaled);
	return SDPA_RDMA_POSTED;
}

enum sdpa_rdma_post sdpa_vqp_post_recv(struct sdpa_vqp *v, uint32_t lkey, uint64_t addr,
                                       uint64_t len)
{
	if (sdpa_srq_post(v->srq, lkey, addr, len) != 0) {
		DOCA_LOG_RATE_LIMIT_ERR(
		        "Verbs %s: a receive was posted on a full receive queue (%u "
		        "entries); it is dropped. Fix: create the QP with a larger "
		        "doca_verbs_qp_init_attr_set_rq_wr or post only after "
		        "receives completed",
		        v->name, v->rq_size);
		return SDPA_RDMA_BAD_ARG;
	}
	return SDPA_RDMA_POSTED;
}
