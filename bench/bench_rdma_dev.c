/* SPDX-License-Identifier: BSD-3-Clause
 * Kernels for bench/bench_rdma.c: a ping-pong DPA thread and a burst of writes.
 */
#include <doca_dpa_dev.h>
#include <doca_dpa_dev_buf.h>
#include <doca_dpa_dev_rdma.h>
#include <doca_dpa_dev_sync_event.h>

/* One side of the ping-pong, in DPA memory (bench_rdma.c has the same layout). */
struct bench_rdma_pp {
	uint64_t rdma, comp, event, recv_buf, send_buf;
	uint32_t recv_mmap, send_mmap;
	uint64_t size, count, limit;
	uint64_t expect; /* messages this side receives: it reposts until then */
};

/* Each received message is answered (below the limit); the count goes to the event. */
__dpa_global__ void bench_rdma_pingpong(uint64_t arg)
{
	struct bench_rdma_pp *t = (struct bench_rdma_pp *)arg;
	doca_dpa_dev_completion_element_t e;

	while (doca_dpa_dev_get_completion(t->comp, &e)) {
		doca_dpa_dev_completion_ack(t->comp, 1);
		t->count++;
		if (t->count < t->expect)
			doca_dpa_dev_rdma_post_receive(t->rdma, t->recv_mmap, t->recv_buf, t->size);
		if (t->count < t->limit)
			doca_dpa_dev_rdma_post_send(
			        t->rdma, 0, t->send_mmap, t->send_buf, t->size,
			        DOCA_DPA_DEV_SUBMIT_FLAG_FLUSH |
			                DOCA_DPA_DEV_SUBMIT_FLAG_OPTIMIZE_REPORTS);
	}
	doca_dpa_dev_sync_event_update_set(t->event, t->count);
	doca_dpa_dev_completion_request_notification(t->comp);
	doca_dpa_dev_thread_reschedule();
}

/* 'n' writes of 'size' bytes on connection 0, then one RPC return. */
__dpa_rpc__ uint64_t bench_rdma_writes(uint64_t rdma, uint32_t dst_mmap, uint64_t dst,
                                       uint32_t src_mmap, uint64_t src, uint64_t size, uint64_t n)
{
	for (uint64_t i = 0; i < n; i++)
		doca_dpa_dev_rdma_post_write(rdma, 0, dst_mmap, dst, src_mmap, src, size,
		                             DOCA_DPA_DEV_SUBMIT_FLAG_OPTIMIZE_REPORTS);
	return n;
}

/* Post the first receive (or send) of a side from the host. */
__dpa_rpc__ uint64_t bench_rdma_post(uint64_t rdma, uint32_t send, uint32_t mmap, uint64_t addr,
                                     uint64_t size)
{
	if (send)
		doca_dpa_dev_rdma_post_send(rdma, 0, mmap, addr, size,
		                            DOCA_DPA_DEV_SUBMIT_FLAG_FLUSH |
		                                    DOCA_DPA_DEV_SUBMIT_FLAG_OPTIMIZE_REPORTS);
	else
		doca_dpa_dev_rdma_post_receive(rdma, mmap, addr, size);
	return 0;
}

/* 'n' writes of 'size' bytes on connection 0, only the last one signalled (its completion
 * tells the host the whole batch is done: RC completes in order). */
__dpa_rpc__ uint64_t bench_rdma_write_batch(uint64_t rdma, uint32_t dst_mmap, uint64_t dst,
                                            uint32_t src_mmap, uint64_t src, uint64_t size,
                                            uint64_t n)
{
	for (uint64_t i = 0; i < n; i++)
		doca_dpa_dev_rdma_post_write(rdma, 0, dst_mmap, dst, src_mmap, src, size,
		                             i + 1 == n
		                                     ? DOCA_DPA_DEV_SUBMIT_FLAG_FLUSH
		                                     : DOCA_DPA_DEV_SUBMIT_FLAG_OPTIMIZE_REPORTS);
	return n;
}

/* The type of the next element of 'comp' (acknowledged), 0 when none. */
__dpa_rpc__ uint64_t bench_rdma_poll(uint64_t comp)
{
	doca_dpa_dev_completion_element_t e;
	uint64_t type;

	if (!doca_dpa_dev_get_completion(comp, &e))
		return 0;
	type = doca_dpa_dev_get_completion_type(e) + 1;
	doca_dpa_dev_completion_ack(comp, 1);
	return type;
}
