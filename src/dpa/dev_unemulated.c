/* SPDX-License-Identifier: BSD-3-Clause
 * Device calls softdpa does not emulate (include/dev/doca_dpa_dev_verbs.h): Verbs raw WQEs,
 * shared receive queues and Ethernet queues (Verbs QP posts are real: verbs_dev.c). They exist
 * so that kernels using them build and link as with DOCA. At run time each logs one line
 * naming itself and fails as a device error would (docs/DPA.md): a call that reports failure
 * in its return value answers that failure (0), any other call ends the kernel with a device
 * fault, which puts the DPA context into the error state (sdpa_exec_fault).
 */
#include <dev/doca_dpa_dev.h>
#include <dev/doca_dpa_dev_buf.h>
#include <dev/doca_dpa_dev_sync_event.h>
#include <dev/doca_dpa_dev_verbs.h>

#include "core/log.h"
#include "dpa/dpa.h"

SDPA_LOG_REGISTER(dpa_dev_unemulated);

#define VERBS_WHAT "DOCA Verbs queues are not emulated: no doca_verbs queue exists"

/* A call without a failure value: the kernel ends with a device fault. */
#define SDPA_DEV_FAULT(what)                                                                       \
	do {                                                                                       \
		sdpa_exec_checkpoint();                                                            \
		sdpa_exec_fault(__func__, what);                                                   \
	} while (0)

/* A call whose return value reports failure: answer it, one line per call site and second. */
#define SDPA_DEV_FAILS(what)                                                                       \
	do {                                                                                       \
		sdpa_exec_checkpoint();                                                            \
		DOCA_LOG_RATE_LIMIT_ERR("%s is not emulated by softdpa (%s); it answers 0 "        \
		                        "(failure), as the DPA does for a queue it cannot use",    \
		                        __func__, what);                                           \
	} while (0)

DOCA_EXPERIMENTAL void doca_dpa_dev_verbs_qp_get_wq(doca_dpa_dev_verbs_qp_t verbs_qp,
                                                    uintptr_t *sq_buf, uint32_t *sq_num_entries,
                                                    uintptr_t *rq_buf, uint32_t *rq_num_entries,
                                                    uint32_t *rwqe_size_bytes)
{
	(void)verbs_qp;
	(void)sq_buf;
	(void)sq_num_entries;
	(void)rq_buf;
	(void)rq_num_entries;
	(void)rwqe_size_bytes;
	SDPA_DEV_FAULT(VERBS_WHAT);
}

DOCA_EXPERIMENTAL uint32_t *doca_dpa_dev_verbs_qp_get_dbr_addr(doca_dpa_dev_verbs_qp_t verbs_qp)
{
	(void)verbs_qp;
	SDPA_DEV_FAULT(VERBS_WHAT);
	return 0;
}

DOCA_EXPERIMENTAL uint32_t doca_dpa_dev_verbs_qp_get_user_index(doca_dpa_dev_verbs_qp_t verbs_qp)
{
	(void)verbs_qp;
	SDPA_DEV_FAULT(VERBS_WHAT);
	return 0;
}

DOCA_EXPERIMENTAL uint32_t doca_dpa_dev_verbs_qp_post_send_raw_wqe(doca_dpa_dev_verbs_qp_t verbs_qp,
                                                                   void *wqe)
{
	(void)verbs_qp;
	(void)wqe;
	SDPA_DEV_FAILS(VERBS_WHAT);
	return 0;
}

DOCA_EXPERIMENTAL uint32_t doca_dpa_dev_verbs_qp_post_recv_raw_ack(doca_dpa_dev_verbs_qp_t verbs_qp,
                                                                   uint64_t num_wr)
{
	(void)verbs_qp;
	(void)num_wr;
	SDPA_DEV_FAILS(VERBS_WHAT);
	return 0;
}

DOCA_EXPERIMENTAL uint32_t doca_dpa_dev_verbs_qp_post_recv_raw_wqe(doca_dpa_dev_verbs_qp_t verbs_qp,
                                                                   void *wqe, uint64_t sz)
{
	(void)verbs_qp;
	(void)wqe;
	(void)sz;
	SDPA_DEV_FAILS(VERBS_WHAT);
	return 0;
}

DOCA_EXPERIMENTAL uint32_t doca_dpa_dev_verbs_srq_post_recv_wr(
        doca_dpa_dev_verbs_srq_t verbs_srq, enum doca_dpa_dev_verbs_srq_type srq_type,
        struct doca_dpa_dev_verbs_recv_wr *recv_wr)
{
	(void)verbs_srq;
	(void)srq_type;
	(void)recv_wr;
	SDPA_DEV_FAILS(VERBS_WHAT);
	return 0;
}

DOCA_EXPERIMENTAL uint32_t doca_dpa_dev_verbs_srq_post_recv_raw_wqe(
        doca_dpa_dev_verbs_srq_t verbs_srq, enum doca_dpa_dev_verbs_srq_type srq_type, void *wqe,
        uint64_t sz)
{
	(void)verbs_srq;
	(void)srq_type;
	(void)wqe;
	(void)sz;
	SDPA_DEV_FAILS(VERBS_WHAT);
	return 0;
}

DOCA_EXPERIMENTAL void doca_dpa_dev_verbs_srq_commit_recv(doca_dpa_dev_verbs_srq_t verbs_srq)
{
	(void)verbs_srq;
	SDPA_DEV_FAULT(VERBS_WHAT);
}

DOCA_EXPERIMENTAL void doca_dpa_dev_verbs_srq_lw_commit_recv(doca_dpa_dev_verbs_srq_t verbs_srq)
{
	(void)verbs_srq;
	SDPA_DEV_FAULT(VERBS_WHAT);
}

DOCA_EXPERIMENTAL void doca_dpa_dev_verbs_srq_linked_list_ack_wr(doca_dpa_dev_verbs_srq_t verbs_srq,
                                                                 uint32_t wr_count)
{
	(void)verbs_srq;
	(void)wr_count;
	SDPA_DEV_FAULT(VERBS_WHAT);
}

DOCA_EXPERIMENTAL uint32_t doca_dpa_dev_verbs_srq_get_srqn(doca_dpa_dev_verbs_srq_t verbs_srq)
{
	(void)verbs_srq;
	SDPA_DEV_FAULT(VERBS_WHAT);
	return 0;
}

DOCA_EXPERIMENTAL void doca_dpa_dev_verbs_srq_get_wq(doca_dpa_dev_verbs_srq_t verbs_srq,
                                                     uintptr_t *srq_buf, uint32_t *srq_num_entries,
                                                     uint32_t *rwqe_size_bytes)
{
	(void)verbs_srq;
	(void)srq_buf;
	(void)srq_num_entries;
	(void)rwqe_size_bytes;
	SDPA_DEV_FAULT(VERBS_WHAT);
}

DOCA_EXPERIMENTAL uint32_t *doca_dpa_dev_verbs_srq_get_dbr_addr(doca_dpa_dev_verbs_srq_t verbs_srq)
{
	(void)verbs_srq;
	SDPA_DEV_FAULT(VERBS_WHAT);
	return 0;
}

DOCA_EXPERIMENTAL uint32_t doca_dpa_dev_verbs_eth_sq_post_send_wr(
        doca_dpa_dev_verbs_eth_sq_t verbs_eth_sq, struct doca_dpa_dev_verbs_send_wr *send_wr)
{
	(void)verbs_eth_sq;
	(void)send_wr;
	SDPA_DEV_FAILS(VERBS_WHAT);
	return 0;
}

DOCA_EXPERIMENTAL void
doca_dpa_dev_verbs_eth_sq_commit_send(doca_dpa_dev_verbs_eth_sq_t verbs_eth_sq)
{
	(void)verbs_eth_sq;
	SDPA_DEV_FAULT(VERBS_WHAT);
}

DOCA_EXPERIMENTAL void
doca_dpa_dev_verbs_eth_sq_lw_commit_send(doca_dpa_dev_verbs_eth_sq_t verbs_eth_sq)
{
	(void)verbs_eth_sq;
	SDPA_DEV_FAULT(VERBS_WHAT);
}

DOCA_EXPERIMENTAL uint32_t
doca_dpa_dev_verbs_eth_sq_get_sqn(doca_dpa_dev_verbs_eth_sq_t verbs_eth_sq)
{
	(void)verbs_eth_sq;
	SDPA_DEV_FAULT(VERBS_WHAT);
	return 0;
}

DOCA_EXPERIMENTAL uint32_t
doca_dpa_dev_verbs_eth_sq_get_user_index(doca_dpa_dev_verbs_eth_sq_t verbs_eth_sq)
{
	(void)verbs_eth_sq;
	SDPA_DEV_FAULT(VERBS_WHAT);
	return 0;
}

DOCA_EXPERIMENTAL void doca_dpa_dev_verbs_eth_sq_get_wq(doca_dpa_dev_verbs_eth_sq_t verbs_eth_sq,
                                                        uintptr_t *eth_sq_buf,
                                                        uint32_t *eth_sq_num_entries)
{
	(void)verbs_eth_sq;
	(void)eth_sq_buf;
	(void)eth_sq_num_entries;
	SDPA_DEV_FAULT(VERBS_WHAT);
}

DOCA_EXPERIMENTAL uint32_t doca_dpa_dev_verbs_eth_rq_post_recv_wr(
        doca_dpa_dev_verbs_eth_rq_t verbs_eth_rq, struct doca_dpa_dev_verbs_recv_wr *recv_wr)
{
	(void)verbs_eth_rq;
	(void)recv_wr;
	SDPA_DEV_FAILS(VERBS_WHAT);
	return 0;
}

DOCA_EXPERIMENTAL uint32_t doca_dpa_dev_verbs_eth_rq_post_recv_raw_ack(
        doca_dpa_dev_verbs_eth_rq_t verbs_eth_rq, uint64_t num_wr)
{
	(void)verbs_eth_rq;
	(void)num_wr;
	SDPA_DEV_FAILS(VERBS_WHAT);
	return 0;
}

DOCA_EXPERIMENTAL void
doca_dpa_dev_verbs_eth_rq_commit_recv(doca_dpa_dev_verbs_eth_rq_t verbs_eth_rq)
{
	(void)verbs_eth_rq;
	SDPA_DEV_FAULT(VERBS_WHAT);
}

DOCA_EXPERIMENTAL void
doca_dpa_dev_verbs_eth_rq_lw_commit_recv(doca_dpa_dev_verbs_eth_rq_t verbs_eth_rq)
{
	(void)verbs_eth_rq;
	SDPA_DEV_FAULT(VERBS_WHAT);
}

DOCA_EXPERIMENTAL uint32_t
doca_dpa_dev_verbs_eth_rq_get_rqn(doca_dpa_dev_verbs_eth_rq_t verbs_eth_rq)
{
	(void)verbs_eth_rq;
	SDPA_DEV_FAULT(VERBS_WHAT);
	return 0;
}

DOCA_EXPERIMENTAL uint32_t
doca_dpa_dev_verbs_eth_rq_get_user_index(doca_dpa_dev_verbs_eth_rq_t verbs_eth_rq)
{
	(void)verbs_eth_rq;
	SDPA_DEV_FAULT(VERBS_WHAT);
	return 0;
}

DOCA_EXPERIMENTAL void doca_dpa_dev_verbs_eth_rq_get_wq(doca_dpa_dev_verbs_eth_rq_t verbs_eth_rq,
                                                        uintptr_t *eth_rq_buf,
                                                        uint32_t *eth_rq_num_entries,
                                                        uint32_t *rwqe_size_bytes)
{
	(void)verbs_eth_rq;
	(void)eth_rq_buf;
	(void)eth_rq_num_entries;
	(void)rwqe_size_bytes;
	SDPA_DEV_FAULT(VERBS_WHAT);
}

DOCA_EXPERIMENTAL uintptr_t
doca_dpa_dev_verbs_eth_rq_get_dbr_addr(doca_dpa_dev_verbs_eth_rq_t verbs_eth_rq)
{
	(void)verbs_eth_rq;
	SDPA_DEV_FAULT(VERBS_WHAT);
	return 0;
}
