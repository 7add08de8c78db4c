/* SPDX-License-Identifier: BSD-3-Clause
 * Kernels that call device functions softdpa does not emulate (Verbs queues), or RDMA posts
 * with a handle of no RDMA context. They must build and link as with DOCA; at run time
 * softdpa reports the call and fails as a device error would
 * (tests/dpa/test_dpa_unemulated.c).
 */
#include <doca_dpa_dev.h>
#include <doca_dpa_dev_buf.h>
#include <doca_dpa_dev_rdma.h>
#include <doca_dpa_dev_sync_event.h>
#include <doca_dpa_dev_verbs.h>

/* A launched kernel posting an RDMA send (void: a device fault). 'done' counts the ranks
 * that got past the call, which none may. */
__dpa_global__ void launch_rdma_send(doca_dpa_dev_rdma_t rdma, doca_dpa_dev_sync_event_t done)
{
	doca_dpa_dev_rdma_post_send(rdma, 0, 1, 0x1000, 8, DOCA_DPA_DEV_SUBMIT_FLAG_FLUSH);
	doca_dpa_dev_sync_event_update_add(done, 1);
}

/* An RPC posting a raw Verbs send WQE: the post reports failure (0) and the RPC goes
 * on; the work-request accessors are real. Returns the post's result plus 100 * the number
 * of accessor round trips that held. */
__dpa_rpc__ uint64_t rpc_verbs_post(doca_dpa_dev_verbs_qp_t qp)
{
	struct doca_dpa_dev_verbs_send_wr wr;
	struct doca_dpa_dev_verbs_sge sge = {.addr = 0x2000, .length = 64, .lkey = 7};
	uint64_t ok = 0;

	doca_dpa_dev_verbs_send_wr_set_sg_list(&wr, &sge);
	doca_dpa_dev_verbs_send_wr_set_sg_num_sge(&wr, 1);
	doca_dpa_dev_verbs_send_wr_set_opcode(&wr, DOCA_DPA_DEV_VERBS_SEND_WR_OPCODE_WRITE);
	doca_dpa_dev_verbs_send_wr_set_send_flags(&wr, DOCA_DPA_DEV_VERBS_SEND_WR_FLAGS_SIGNALED);
	doca_dpa_dev_verbs_send_wr_set_fence_mode(&wr, DOCA_DPA_DEV_VERBS_SEND_WR_FM_FENCE);
	doca_dpa_dev_verbs_send_wr_set_rdma_remote_addr(&wr, 0xabcdef);
	doca_dpa_dev_verbs_send_wr_set_rdma_rkey(&wr, 42);
	doca_dpa_dev_verbs_send_wr_set_imm_data(&wr, 9);
	ok += doca_dpa_dev_verbs_send_wr_get_sg_list(&wr) == &sge;
	ok += doca_dpa_dev_verbs_send_wr_get_sg_num_sge(&wr) == 1;
	ok += doca_dpa_dev_verbs_send_wr_get_opcode(&wr) == DOCA_DPA_DEV_VERBS_SEND_WR_OPCODE_WRITE;
	ok += doca_dpa_dev_verbs_send_wr_get_send_flags(&wr) ==
	      DOCA_DPA_DEV_VERBS_SEND_WR_FLAGS_SIGNALED;
	ok += doca_dpa_dev_verbs_send_wr_get_fence_mode(&wr) == DOCA_DPA_DEV_VERBS_SEND_WR_FM_FENCE;
	ok += doca_dpa_dev_verbs_send_wr_get_rdma_remote_addr(&wr) == 0xabcdef;
	ok += doca_dpa_dev_verbs_send_wr_get_rdma_rkey(&wr) == 42;
	ok += doca_dpa_dev_verbs_send_wr_get_imm_data(&wr) == 9;
	return doca_dpa_dev_verbs_qp_post_send_raw_wqe(qp, &wr) + 100 * ok;
}

/* An RPC committing receives of a shared receive queue (void: a device fault); never returns
 * 1. */
__dpa_rpc__ uint64_t rpc_verbs_commit(doca_dpa_dev_verbs_srq_t srq)
{
	doca_dpa_dev_verbs_srq_commit_recv(srq);
	return 1;
}

/* A DPA thread posting an RDMA receive (a device fault); sets event 'arg' to 77 if it got
 * past the call. */
__dpa_global__ void thread_rdma_receive(uint64_t arg)
{
	doca_dpa_dev_rdma_post_receive(0, 1, 0x3000, 64);
	doca_dpa_dev_sync_event_update_set((doca_dpa_dev_sync_event_t)arg, 77);
	doca_dpa_dev_thread_finish();
}

/* Activates the thread attached to notification completion 'h'. */
__dpa_rpc__ uint64_t rpc_notify(doca_dpa_dev_notification_completion_t h)
{
	doca_dpa_dev_thread_notify(h);
	return 0;
}

/* An RPC that only answers: the context still works before any fault. */
__dpa_rpc__ uint64_t rpc_alive(uint64_t x)
{
	return x + 1;
}
