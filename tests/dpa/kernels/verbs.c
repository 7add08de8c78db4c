/* SPDX-License-Identifier: BSD-3-Clause
 * DPA kernels of the DOCA Verbs tests (tests/dpa/test_verbs.c): RPCs that post one Verbs work
 * request and commit it, and one that reads the next element of a DPA completion.
 */
#include <doca_dpa_dev.h>
#include <doca_dpa_dev_verbs.h>

#include "dpa_test_common.h"

__dpa_rpc__ uint64_t verbs_t_recv(doca_dpa_dev_verbs_qp_t qp, uint32_t lkey, uint64_t addr,
                                  uint32_t len, uint32_t commit)
{
	struct doca_dpa_dev_verbs_recv_wr wr;
	struct doca_dpa_dev_verbs_sge sge = {.addr = addr, .length = len, .lkey = lkey};
	uint32_t n;

	doca_dpa_dev_verbs_recv_wr_set_sg_list(&wr, &sge);
	doca_dpa_dev_verbs_recv_wr_set_sg_num_sge(&wr, 1);
	n = doca_dpa_dev_verbs_qp_post_recv_wr(qp, &wr);
	if (commit)
		doca_dpa_dev_verbs_qp_commit_recv(qp);
	return n;
}

__dpa_rpc__ uint64_t verbs_t_send(doca_dpa_dev_verbs_qp_t qp, uint32_t opcode, uint32_t lkey,
                                  uint64_t laddr, uint32_t len, uint32_t rkey, uint64_t raddr,
                                  uint32_t imm)
{
	struct doca_dpa_dev_verbs_send_wr wr;
	struct doca_dpa_dev_verbs_sge sge = {.addr = laddr, .length = len, .lkey = lkey};
	uint32_t n;

	doca_dpa_dev_verbs_send_wr_set_sg_list(&wr, &sge);
	doca_dpa_dev_verbs_send_wr_set_sg_num_sge(&wr, 1);
	doca_dpa_dev_verbs_send_wr_set_send_flags(&wr, DOCA_DPA_DEV_VERBS_SEND_WR_FLAGS_SIGNALED);
	doca_dpa_dev_verbs_send_wr_set_rdma_rkey(&wr, rkey);
	doca_dpa_dev_verbs_send_wr_set_rdma_remote_addr(&wr, raddr);
	doca_dpa_dev_verbs_send_wr_set_imm_data(&wr, imm);
	doca_dpa_dev_verbs_send_wr_set_opcode(&wr, (enum doca_dpa_dev_verbs_send_wr_opcode)opcode);
	doca_dpa_dev_verbs_send_wr_set_fence_mode(&wr, DOCA_DPA_DEV_VERBS_SEND_WR_FM_NO_FENCE);
	n = doca_dpa_dev_verbs_qp_post_send_wr(qp, &wr);
	doca_dpa_dev_verbs_qp_commit_send(qp);
	return n;
}

__dpa_rpc__ uint64_t verbs_t_qpn(doca_dpa_dev_verbs_qp_t qp)
{
	return doca_dpa_dev_verbs_qp_get_qpn(qp);
}

/* The next element of 'comp': bit 63 found, bits 56..62 its type, bits 0..31 its user data
 * (the QP number); 0 when there is none. */
__dpa_rpc__ uint64_t verbs_t_poll(doca_dpa_dev_completion_t comp)
{
	doca_dpa_dev_completion_element_t e;

	if (!doca_dpa_dev_get_completion(comp, &e))
		return 0;
	uint64_t v = (1ull << 63) | ((uint64_t)(doca_dpa_dev_get_completion_type(e) & 0x7f) << 56) |
	             doca_dpa_dev_get_completion_user_data(e);
	doca_dpa_dev_completion_ack(comp, 1);
	return v;
}
