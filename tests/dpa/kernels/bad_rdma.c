/* SPDX-License-Identifier: BSD-3-Clause
 * Must NOT build: softdpa does not emulate RDMA, so posting an RDMA operation from a kernel
 * is refused by softdpa-dpacc with a message naming the call.
 */
#include <doca_dpa_dev.h>
#include <doca_dpa_dev_rdma.h>

__dpa_global__ void posts_rdma_send(uint64_t rdma, uint32_t mmap, uint64_t addr)
{
	doca_dpa_dev_rdma_post_send(rdma, 0, mmap, addr, 8, DOCA_DPA_DEV_SUBMIT_FLAG_FLUSH);
}
