/* SPDX-License-Identifier: BSD-3-Clause
 * DOCA Verbs QPs from DPA kernels (include/dev/doca_dpa_dev_verbs.h; docs/DPA.md, "DOCA
 * Verbs"): post_send_wr / post_recv_wr queue a work request on the QP behind the handle
 * (doca_verbs_qp_get_dpa_handle) and answer the queue's work request count; commit_send /
 * commit_recv (and their lw_ forms) ring the doorbell: the queued requests go to the
 * queue-pair engine, whose completions become elements of the QP's DPA completions
 * (verbs.c). A handle that names no QP, a post in a state that forbids it or a queue that
 * overflows before its commit answers 0 (post) or ends the kernel with a device fault
 * (commit), one line naming the cause and the fix.
 */
#include <stdio.h>

#include <dev/doca_dpa_dev.h>
#include <dev/doca_dpa_dev_verbs.h>

#include "core/log.h"
#include "dpa/dpa.h"
#include "dpa/verbs_priv.h"

SDPA_LOG_REGISTER(dpa_verbs_dev);

static const char *why(enum sdpa_verbs_dev_rc rc)
{
	switch (rc) {
	case SDPA_VERBS_DEV_BAD_HANDLE:
		return "the handle names no live Verbs QP; pass doca_verbs_qp_get_dpa_handle's "
		       "value of a QP not destroyed";
	case SDPA_VERBS_DEV_BAD_STATE:
		return "the QP is not in a state that takes it (sends need RTS, receives INIT or "
		       "later); move the QP with doca_verbs_qp_modify before posting";
	case SDPA_VERBS_DEV_FULL:
		return "more work requests than the queue holds were posted before a commit; "
		       "commit sooner or create the QP with more work requests";
	default:
		return "the work request is malformed (more than one scatter-gather element, or "
		       "an atomic's remote address not 8-byte aligned); post one SGE, align "
		       "atomics to 8 bytes";
	}
}

/* A post that failed answers 0, with one line. */
static uint32_t post_failed(const char *fn, enum sdpa_verbs_dev_rc rc)
{
	DOCA_LOG_RATE_LIMIT_ERR("%s: %s (it answers 0)", fn, why(rc));
	return 0;
}

static struct doca_verbs_qp *qp_of(doca_dpa_dev_verbs_qp_t h)
{
	sdpa_exec_checkpoint();
	return sdpa_verbs_qp_from_handle(h);
}

DOCA_EXPERIMENTAL uint32_t doca_dpa_dev_verbs_qp_get_qpn(doca_dpa_dev_verbs_qp_t verbs_qp)
{
	struct doca_verbs_qp *qp = qp_of(verbs_qp);

	if (qp == NULL) {
		sdpa_exec_misuse(__func__, why(SDPA_VERBS_DEV_BAD_HANDLE));
		return 0;
	}
	return sdpa_verbs_qp_num(qp);
}

DOCA_EXPERIMENTAL uint32_t doca_dpa_dev_verbs_qp_post_send_wr(
        doca_dpa_dev_verbs_qp_t verbs_qp, struct doca_dpa_dev_verbs_send_wr *send_wr)
{
	struct doca_verbs_qp *qp = qp_of(verbs_qp);
	struct sdpa_verbs_swr w = {0};
	struct doca_dpa_dev_verbs_sge sge = {0};
	uint64_t sg_list = 0;
	uint32_t count = 0;
	enum sdpa_verbs_dev_rc rc;

	if (qp == NULL)
		return post_failed(__func__, SDPA_VERBS_DEV_BAD_HANDLE);
	if (send_wr == NULL)
		return post_failed(__func__, SDPA_VERBS_DEV_BAD_WR);
	SOFTDPA_VERBS_WR_GET(send_wr, struct softdpa_verbs_send_wr_fields, sg_list, sg_list);
	SOFTDPA_VERBS_WR_GET(send_wr, struct softdpa_verbs_send_wr_fields, num_sge, w.num_sge);
	SOFTDPA_VERBS_WR_GET(send_wr, struct softdpa_verbs_send_wr_fields, opcode, w.opcode);
	SOFTDPA_VERBS_WR_GET(send_wr, struct softdpa_verbs_send_wr_fields, send_flags, w.flags);
	SOFTDPA_VERBS_WR_GET(send_wr, struct softdpa_verbs_send_wr_fields, remote_addr, w.raddr);
	SOFTDPA_VERBS_WR_GET(send_wr, struct softdpa_verbs_send_wr_fields, rkey, w.rkey);
	SOFTDPA_VERBS_WR_GET(send_wr, struct softdpa_verbs_send_wr_fields, imm_data, w.imm);
	SOFTDPA_VERBS_WR_GET(send_wr, struct softdpa_verbs_send_wr_fields, compare_add,
	                     w.compare_add);
	SOFTDPA_VERBS_WR_GET(send_wr, struct softdpa_verbs_send_wr_fields, swap, w.swap);
	switch (w.opcode) {
	case DOCA_DPA_DEV_VERBS_SEND_WR_OPCODE_WRITE:
	case DOCA_DPA_DEV_VERBS_SEND_WR_OPCODE_WRITE_WITH_IMM:
	case DOCA_DPA_DEV_VERBS_SEND_WR_OPCODE_SEND:
	case DOCA_DPA_DEV_VERBS_SEND_WR_OPCODE_SEND_WITH_IMM:
	case DOCA_DPA_DEV_VERBS_SEND_WR_OPCODE_READ:
	case DOCA_DPA_DEV_VERBS_SEND_WR_OPCODE_ATOMIC_FETCH_ADD:
		break;
	default:
		DOCA_LOG_RATE_LIMIT_ERR("%s: opcode 0x%x is not a send work request opcode; use "
		                        "enum doca_dpa_dev_verbs_send_wr_opcode (it answers 0)",
		                        __func__, w.opcode);
		return 0;
	}
	if (w.num_sge > 0) {
		if (sg_list == 0)
			return post_failed(__func__, SDPA_VERBS_DEV_BAD_WR);
		/* The NIC reads the scatter-gather list when it processes the request; softdpa
		 * reads it now (the list must outlive the post either way). */
		sge = *(const struct doca_dpa_dev_verbs_sge *)(uintptr_t)sg_list;
		w.lkey = sge.lkey;
		w.laddr = sge.addr;
		w.len = sge.length;
	}
	if (w.opcode == DOCA_DPA_DEV_VERBS_SEND_WR_OPCODE_ATOMIC_FETCH_ADD && (w.raddr & 7) != 0)
		return post_failed(__func__, SDPA_VERBS_DEV_BAD_WR);
	rc = sdpa_verbs_post_send(qp, &w, &count);
	return rc == SDPA_VERBS_DEV_OK ? count : post_failed(__func__, rc);
}

DOCA_EXPERIMENTAL uint32_t doca_dpa_dev_verbs_qp_post_recv_wr(
        doca_dpa_dev_verbs_qp_t verbs_qp, struct doca_dpa_dev_verbs_recv_wr *recv_wr)
{
	struct doca_verbs_qp *qp = qp_of(verbs_qp);
	struct doca_dpa_dev_verbs_sge sge = {0};
	uint64_t sg_list = 0;
	uint32_t num_sge = 0, count = 0;
	enum sdpa_verbs_dev_rc rc;

	if (qp == NULL)
		return post_failed(__func__, SDPA_VERBS_DEV_BAD_HANDLE);
	if (recv_wr == NULL)
		return post_failed(__func__, SDPA_VERBS_DEV_BAD_WR);
	SOFTDPA_VERBS_WR_GET(recv_wr, struct softdpa_verbs_recv_wr_fields, sg_list, sg_list);
	SOFTDPA_VERBS_WR_GET(recv_wr, struct softdpa_verbs_recv_wr_fields, num_sge, num_sge);
	if (num_sge > 0) {
		if (sg_list == 0)
			return post_failed(__func__, SDPA_VERBS_DEV_BAD_WR);
		sge = *(const struct doca_dpa_dev_verbs_sge *)(uintptr_t)sg_list;
		if (sge.lkey == DOCA_DPA_DEV_VERBS_SGE_TERMINATING_LKEY)
			num_sge = 0;
	}
	rc = sdpa_verbs_post_recv(qp, num_sge, sge.lkey, sge.addr, sge.length, &count);
	return rc == SDPA_VERBS_DEV_OK ? count : post_failed(__func__, rc);
}

static void commit(const char *fn, doca_dpa_dev_verbs_qp_t verbs_qp, bool send)
{
	struct doca_verbs_qp *qp = qp_of(verbs_qp);
	enum sdpa_verbs_dev_rc rc;

	if (qp == NULL) {
		sdpa_exec_misuse(fn, why(SDPA_VERBS_DEV_BAD_HANDLE));
		return;
	}
	rc = sdpa_verbs_commit(qp, send);
	if (rc != SDPA_VERBS_DEV_OK)
		DOCA_LOG_RATE_LIMIT_ERR("%s: a work request was refused by the queue: %s", fn,
		                        why(rc));
}

DOCA_EXPERIMENTAL void doca_dpa_dev_verbs_qp_commit_send(doca_dpa_dev_verbs_qp_t verbs_qp)
{
	commit(__func__, verbs_qp, true);
}

DOCA_EXPERIMENTAL void doca_dpa_dev_verbs_qp_lw_commit_send(doca_dpa_dev_verbs_qp_t verbs_qp)
{
	commit(__func__, verbs_qp, true);
}

DOCA_EXPERIMENTAL void doca_dpa_dev_verbs_qp_commit_recv(doca_dpa_dev_verbs_qp_t verbs_qp)
{
	commit(__func__, verbs_qp, false);
}

DOCA_EXPERIMENTAL void doca_dpa_dev_verbs_qp_lw_commit_recv(doca_dpa_dev_verbs_qp_t verbs_qp)
{
	commit(__func__, verbs_qp, false);
}
