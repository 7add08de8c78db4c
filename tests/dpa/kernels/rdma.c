/* SPDX-License-Identifier: BSD-3-Clause
 * DPA kernels of the RDMA tests (tests/dpa/test_rdma.c): RPCs that post one work request
 * each, one that reads a completion element, and a DPA thread woken by an RDMA completion.
 */
#include <doca_dpa_dev.h>
#include <doca_dpa_dev_buf.h>
#include <doca_dpa_dev_rdma.h>
#include <doca_dpa_dev_sync_event.h>

#include "dpa_test_common.h"

__dpa_rpc__ uint64_t rdma_t_recv(doca_dpa_dev_rdma_t rdma, doca_dpa_dev_mmap_t mmap, uint64_t addr,
                                 uint64_t len)
{
	doca_dpa_dev_rdma_post_receive(rdma, mmap, addr, len);
	return 0;
}

__dpa_rpc__ uint64_t rdma_t_send(doca_dpa_dev_rdma_t rdma, uint32_t conn, doca_dpa_dev_mmap_t mmap,
                                 uint64_t addr, uint64_t len, uint32_t imm, uint32_t flags)
{
	if (imm != 0)
		doca_dpa_dev_rdma_post_send_imm(rdma, conn, mmap, addr, len, imm, flags);
	else
		doca_dpa_dev_rdma_post_send(rdma, conn, mmap, addr, len, flags);
	return 0;
}

__dpa_rpc__ uint64_t rdma_t_write(doca_dpa_dev_rdma_t rdma, uint32_t conn, doca_dpa_dev_mmap_t dst,
                                  uint64_t dst_addr, doca_dpa_dev_mmap_t src, uint64_t src_addr,
                                  uint64_t len, uint32_t imm, uint32_t flags)
{
	if (imm != 0)
		doca_dpa_dev_rdma_post_write_imm(rdma, conn, dst, dst_addr, src, src_addr, len, imm,
		                                 flags);
	else
		doca_dpa_dev_rdma_post_write(rdma, conn, dst, dst_addr, src, src_addr, len, flags);
	return 0;
}

__dpa_rpc__ uint64_t rdma_t_read(doca_dpa_dev_rdma_t rdma, uint32_t conn, doca_dpa_dev_mmap_t dst,
                                 uint64_t dst_addr, doca_dpa_dev_mmap_t src, uint64_t src_addr,
                                 uint64_t len, uint32_t flags)
{
	doca_dpa_dev_rdma_post_read(rdma, conn, dst, dst_addr, src, src_addr, len, flags);
	return 0;
}

__dpa_rpc__ uint64_t rdma_t_fetch_add(doca_dpa_dev_rdma_t rdma, uint32_t conn,
                                      doca_dpa_dev_mmap_t dst, uint64_t dst_addr, uint64_t value,
                                      uint32_t flags)
{
	doca_dpa_dev_rdma_post_atomic_fetch_add(rdma, conn, dst, dst_addr, value, flags);
	return 0;
}

__dpa_rpc__ uint64_t rdma_t_signal(doca_dpa_dev_rdma_t rdma, uint32_t conn,
                                   doca_dpa_dev_sync_event_remote_net_t ev, uint32_t add,
                                   uint64_t count)
{
	if (add)
		doca_dpa_dev_rdma_signal_add(rdma, conn, ev, count);
	else
		doca_dpa_dev_rdma_signal_set(rdma, conn, ev, count);
	return 0;
}

/* The next element of 'comp', acknowledged: 0 when none, else bit 63 set, the type in bits
 * 56..62, the user data in 48..55, the work request index in 32..47 and the immediate in 0..31. */
__dpa_rpc__ uint64_t rdma_t_poll(doca_dpa_dev_completion_t comp)
{
	doca_dpa_dev_completion_element_t e;
	uint64_t v;

	if (!doca_dpa_dev_get_completion(comp, &e))
		return 0;
	v = (1ull << 63) | ((uint64_t)(doca_dpa_dev_get_completion_type(e) & 0x7f) << 56) |
	    ((uint64_t)(doca_dpa_dev_get_completion_user_data(e) & 0xff) << 48) |
	    ((uint64_t)(doca_dpa_dev_rdma_completion_get_wr_index(e) & 0xffff) << 32) |
	    doca_dpa_dev_get_completion_immediate(e);
	doca_dpa_dev_completion_ack(comp, 1);
	return v;
}

/* A DPA thread attached to an RDMA context's completion: each activation counts the
 * receives it finds, reposts the receive and re-arms; arg points to struct
 * dpa_test_rdma_thread in DPA memory. */
__dpa_global__ void rdma_t_thread(uint64_t arg)
{
	struct dpa_test_rdma_thread *t = (struct dpa_test_rdma_thread *)arg;
	doca_dpa_dev_completion_element_t e;

	while (doca_dpa_dev_get_completion(t->comp, &e)) {
		t->last_type = doca_dpa_dev_get_completion_type(e);
		t->last_value = *(volatile uint64_t *)t->buf;
		t->received++;
		doca_dpa_dev_completion_ack(t->comp, 1);
		doca_dpa_dev_rdma_post_receive(t->rdma, t->mmap, t->buf, 8);
	}
	doca_dpa_dev_sync_event_update_set(t->event, t->received);
	doca_dpa_dev_completion_request_notification(t->comp);
	doca_dpa_dev_thread_reschedule();
}

/* Ping-pong between two DPA threads: each message carries the sender's next value (the
 * k-th message a side receives holds first + 2 (k - 1)); the receiver checks it, reposts its
 * receive and, below the limit, answers with the value plus one. */
__dpa_global__ void rdma_t_pingpong(uint64_t arg)
{
	struct dpa_test_rdma_pp *t = (struct dpa_test_rdma_pp *)arg;
	doca_dpa_dev_completion_element_t e;

	while (doca_dpa_dev_get_completion(t->comp, &e)) {
		uint64_t got = *(volatile uint64_t *)t->recv_buf;

		if (doca_dpa_dev_get_completion_type(e) != DOCA_DPA_DEV_COMP_RECV_SEND ||
		    got != t->first + 2 * t->count)
			t->bad++;
		doca_dpa_dev_completion_ack(t->comp, 1);
		t->count++;
		doca_dpa_dev_rdma_post_receive(t->rdma, t->recv_mmap, t->recv_buf, 8);
		if (t->count < t->limit) {
			*(volatile uint64_t *)t->send_buf = got + 1;
			doca_dpa_dev_rdma_post_send(
			        t->rdma, 0, t->send_mmap, t->send_buf, 8,
			        DOCA_DPA_DEV_SUBMIT_FLAG_FLUSH |
			                DOCA_DPA_DEV_SUBMIT_FLAG_OPTIMIZE_REPORTS);
		}
	}
	doca_dpa_dev_sync_event_update_set(t->event, t->count);
	doca_dpa_dev_completion_request_notification(t->comp);
	doca_dpa_dev_thread_reschedule();
}
