/* SPDX-License-Identifier: BSD-3-Clause
 * softdpa — doca_dpa_dev_rdma.h: RDMA operations posted from DPA kernels.
 *
 * softdpa does not emulate RDMA (no doca_rdma context can be created on the host). The types
 * are real, so kernels and the structs they share with the host compile; but a kernel that
 * calls one of the functions below is refused by softdpa-dpacc, with a message naming the
 * call. Each post_* takes 'flags', a bitwise OR of enum doca_dpa_dev_submit_flag; addresses
 * are addresses inside the given mmap, lengths are in bytes.
 */
#ifndef DOCA_DPA_DEV_RDMA_H_
#define DOCA_DPA_DEV_RDMA_H_

#include "doca_dpa_dev.h"
#include "doca_dpa_dev_buf.h"
#include "doca_dpa_dev_sync_event.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Marks a device call softdpa-dpacc refuses to build ('area' names what is not emulated). */
#define SDPA_NOT_EMULATED(area)

/* An RDMA context whose data path is on the DPA (host: doca_rdma_get_dpa_handle). */
typedef uint64_t doca_dpa_dev_rdma_t;

/* RDMA read: copy 'length' bytes of the peer's src into the local dst. */
SDPA_NOT_EMULATED("RDMA")
void doca_dpa_dev_rdma_post_read(doca_dpa_dev_rdma_t rdma, uint32_t connection_id,
                                 doca_dpa_dev_mmap_t dst_mmap_handle, uint64_t dst_addr,
                                 doca_dpa_dev_mmap_t src_mmap_handle, uint64_t src_addr,
                                 size_t length, uint32_t flags);
SDPA_NOT_EMULATED("RDMA")
void doca_dpa_dev_rdma_post_buf_read(doca_dpa_dev_rdma_t rdma, uint32_t connection_id,
                                     doca_dpa_dev_buf_t dst_buf_handle,
                                     doca_dpa_dev_buf_t src_buf_handle, uint32_t flags);

/* RDMA write: copy the local src into the peer's dst (_imm: with 32-bit immediate data). */
SDPA_NOT_EMULATED("RDMA")
void doca_dpa_dev_rdma_post_write(doca_dpa_dev_rdma_t rdma, uint32_t connection_id,
                                  doca_dpa_dev_mmap_t dst_mmap_handle, uint64_t dst_addr,
                                  doca_dpa_dev_mmap_t src_mmap_handle, uint64_t src_addr,
                                  size_t length, uint32_t flags);
SDPA_NOT_EMULATED("RDMA")
void doca_dpa_dev_rdma_post_buf_write(doca_dpa_dev_rdma_t rdma, uint32_t connection_id,
                                      doca_dpa_dev_buf_t dst_buf_handle,
                                      doca_dpa_dev_buf_t src_buf_handle, uint32_t flags);
SDPA_NOT_EMULATED("RDMA")
void doca_dpa_dev_rdma_post_write_imm(doca_dpa_dev_rdma_t rdma, uint32_t connection_id,
                                      doca_dpa_dev_mmap_t dst_mmap_handle, uint64_t dst_addr,
                                      doca_dpa_dev_mmap_t src_mmap_handle, uint64_t src_addr,
                                      size_t length, uint32_t immediate, uint32_t flags);
SDPA_NOT_EMULATED("RDMA")
void doca_dpa_dev_rdma_post_buf_write_imm(doca_dpa_dev_rdma_t rdma, uint32_t connection_id,
                                          doca_dpa_dev_buf_t dst_buf_handle,
                                          doca_dpa_dev_buf_t src_buf_handle, uint32_t immediate,
                                          uint32_t flags);

/* Send a buffer to the peer's posted receive (_imm: with 32-bit immediate data). */
SDPA_NOT_EMULATED("RDMA")
void doca_dpa_dev_rdma_post_send(doca_dpa_dev_rdma_t rdma, uint32_t connection_id,
                                 doca_dpa_dev_mmap_t mmap_handle, uint64_t addr, size_t length,
                                 uint32_t flags);
SDPA_NOT_EMULATED("RDMA")
void doca_dpa_dev_rdma_post_buf_send(doca_dpa_dev_rdma_t rdma, uint32_t connection_id,
                                     doca_dpa_dev_buf_t send_buf_handle, uint32_t flags);
SDPA_NOT_EMULATED("RDMA")
void doca_dpa_dev_rdma_post_send_imm(doca_dpa_dev_rdma_t rdma, uint32_t connection_id,
                                     doca_dpa_dev_mmap_t mmap_handle, uint64_t addr, size_t length,
                                     uint32_t immediate, uint32_t flags);
SDPA_NOT_EMULATED("RDMA")
void doca_dpa_dev_rdma_post_buf_send_imm(doca_dpa_dev_rdma_t rdma, uint32_t connection_id,
                                         doca_dpa_dev_buf_t send_buf_handle, uint32_t immediate,
                                         uint32_t flags);

/* Post a buffer for the next message the peer sends; ack returns consumed receives. */
SDPA_NOT_EMULATED("RDMA")
void doca_dpa_dev_rdma_post_receive(doca_dpa_dev_rdma_t rdma, doca_dpa_dev_mmap_t mmap_handle,
                                    uint64_t addr, size_t length);
SDPA_NOT_EMULATED("RDMA")
void doca_dpa_dev_rdma_post_buf_receive(doca_dpa_dev_rdma_t rdma,
                                        doca_dpa_dev_buf_t receive_buf_handle);
SDPA_NOT_EMULATED("RDMA")
void doca_dpa_dev_rdma_receive_ack(doca_dpa_dev_rdma_t rdma, uint32_t num_acked);

/* Index of the work request a completion element reports. */
SDPA_NOT_EMULATED("RDMA")
uint32_t doca_dpa_dev_rdma_completion_get_wr_index(doca_dpa_dev_completion_element_t comp_element);

/* Atomically add 'value' to the peer's 64-bit word at dst. */
SDPA_NOT_EMULATED("RDMA")
void doca_dpa_dev_rdma_post_atomic_fetch_add(doca_dpa_dev_rdma_t rdma, uint32_t connection_id,
                                             doca_dpa_dev_mmap_t dst_mmap_handle, uint64_t dst_addr,
                                             uint64_t value, uint32_t flags);
SDPA_NOT_EMULATED("RDMA")
void doca_dpa_dev_rdma_post_buf_atomic_fetch_add(doca_dpa_dev_rdma_t rdma, uint32_t connection_id,
                                                 doca_dpa_dev_buf_t dst_buf_handle, uint64_t value,
                                                 uint32_t flags);

/* Set / atomically add to a peer's sync event (host: doca_sync_event_remote_net_*). */
SDPA_NOT_EMULATED("RDMA")
void doca_dpa_dev_rdma_signal_set(doca_dpa_dev_rdma_t rdma, uint32_t connection_id,
                                  doca_dpa_dev_sync_event_remote_net_t remote_sync_event,
                                  uint64_t count);
SDPA_NOT_EMULATED("RDMA")
void doca_dpa_dev_rdma_signal_add(doca_dpa_dev_rdma_t rdma, uint32_t connection_id,
                                  doca_dpa_dev_sync_event_remote_net_t remote_sync_event,
                                  uint64_t count);

#ifdef __cplusplus
}
#endif

#endif /* DOCA_DPA_DEV_RDMA_H_ */
