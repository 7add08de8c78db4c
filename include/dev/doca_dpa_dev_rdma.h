/* SPDX-License-Identifier: BSD-3-Clause */
/**
 * @file
 * softdpa — doca_dpa_dev_rdma.h: RDMA operations posted from DPA kernels on the RDMA
 * context whose data path the host put on the DPA (doca_rdma_get_dpa_handle).
 *
 * Each post is carried out by softdpa's queue-pair engine (docs/DPA.md, "RDMA") as RoCE's RC
 * service does: requests of a connection execute in order at the peer, each completes into
 * the DPA completion attached to its RDMA context (doca_rdma_dpa_completion_attach) -- an
 * error always, a success unless DOCA_DPA_DEV_SUBMIT_FLAG_OPTIMIZE_REPORTS was given -- and a
 * completion activates the DPA thread attached to that completion context. Incoming sends
 * (and writes with immediate) consume receives posted on the context and complete there as
 * DOCA_DPA_DEV_COMP_RECV_* elements whose user data is the connection id. An error
 * completion (remote access, a receive too short, local memory out of its mmap, posting
 * before the connection is connected, a peer never connected back) moves the connection to
 * the error state: later requests complete with an error. A handle that names no started
 * RDMA context, or a connection id it does not have, ends the kernel with a device fault
 * (docs/DPA.md). Each post_* takes 'flags', a bitwise OR of enum doca_dpa_dev_submit_flag;
 * addresses lie inside the given mmap and lengths are in bytes.
 */
#ifndef DOCA_DPA_DEV_RDMA_H_
#define DOCA_DPA_DEV_RDMA_H_

#include "doca_dpa_dev.h"
#include "doca_dpa_dev_buf.h"
#include "doca_dpa_dev_sync_event.h"

#ifdef __cplusplus
extern "C" {
#endif

/** @brief An RDMA context whose data path is on the DPA (host: doca_rdma_get_dpa_handle). */
typedef uint64_t doca_dpa_dev_rdma_t;

/**
 * @brief Read 'length' bytes of the peer's memory into local memory.
 *
 * @param [in] rdma
 * The RDMA context's DPA handle.
 * @param [in] connection_id
 * The connection to use (doca_rdma_connection_get_id).
 * @param [in] dst_mmap_handle
 * Local destination mmap.
 * @param [in] dst_addr
 * Destination address inside dst_mmap_handle.
 * @param [in] src_mmap_handle
 * The peer's source mmap.
 * @param [in] src_addr
 * Source address inside src_mmap_handle.
 * @param [in] length
 * Bytes to read.
 * @param [in] flags
 * Bitwise OR of enum doca_dpa_dev_submit_flag.
 */
void doca_dpa_dev_rdma_post_read(doca_dpa_dev_rdma_t rdma, uint32_t connection_id,
                                 doca_dpa_dev_mmap_t dst_mmap_handle, uint64_t dst_addr,
                                 doca_dpa_dev_mmap_t src_mmap_handle, uint64_t src_addr,
                                 size_t length, uint32_t flags);

/**
 * @brief Read the peer's buffer into a local buffer (buffer-handle form of post_read).
 *
 * @param [in] rdma
 * The RDMA context's DPA handle.
 * @param [in] connection_id
 * The connection to use.
 * @param [in] dst_buf_handle
 * Local destination buffer.
 * @param [in] src_buf_handle
 * The peer's source buffer.
 * @param [in] flags
 * Bitwise OR of enum doca_dpa_dev_submit_flag.
 */
void doca_dpa_dev_rdma_post_buf_read(doca_dpa_dev_rdma_t rdma, uint32_t connection_id,
                                     doca_dpa_dev_buf_t dst_buf_handle,
                                     doca_dpa_dev_buf_t src_buf_handle, uint32_t flags);

/**
 * @brief Write 'length' bytes of local memory into the peer's memory.
 *
 * @param [in] rdma
 * The RDMA context's DPA handle.
 * @param [in] connection_id
 * The connection to use.
 * @param [in] dst_mmap_handle
 * The peer's destination mmap.
 * @param [in] dst_addr
 * Destination address inside dst_mmap_handle.
 * @param [in] src_mmap_handle
 * Local source mmap.
 * @param [in] src_addr
 * Source address inside src_mmap_handle.
 * @param [in] length
 * Bytes to write.
 * @param [in] flags
 * Bitwise OR of enum doca_dpa_dev_submit_flag.
 */
void doca_dpa_dev_rdma_post_write(doca_dpa_dev_rdma_t rdma, uint32_t connection_id,
                                  doca_dpa_dev_mmap_t dst_mmap_handle, uint64_t dst_addr,
                                  doca_dpa_dev_mmap_t src_mmap_handle, uint64_t src_addr,
                                  size_t length, uint32_t flags);

/**
 * @brief Write a local buffer into the peer's buffer (buffer-handle form of post_write).
 *
 * @param [in] rdma
 * The RDMA context's DPA handle.
 * @param [in] connection_id
 * The connection to use.
 * @param [in] dst_buf_handle
 * The peer's destination buffer.
 * @param [in] src_buf_handle
 * Local source buffer.
 * @param [in] flags
 * Bitwise OR of enum doca_dpa_dev_submit_flag.
 */
void doca_dpa_dev_rdma_post_buf_write(doca_dpa_dev_rdma_t rdma, uint32_t connection_id,
                                      doca_dpa_dev_buf_t dst_buf_handle,
                                      doca_dpa_dev_buf_t src_buf_handle, uint32_t flags);

/**
 * @brief Write local memory into the peer's memory and deliver 32 bits of immediate data
 * to the peer's completion.
 *
 * @param [in] rdma
 * The RDMA context's DPA handle.
 * @param [in] connection_id
 * The connection to use.
 * @param [in] dst_mmap_handle
 * The peer's destination mmap.
 * @param [in] dst_addr
 * Destination address inside dst_mmap_handle.
 * @param [in] src_mmap_handle
 * Local source mmap.
 * @param [in] src_addr
 * Source address inside src_mmap_handle.
 * @param [in] length
 * Bytes to write.
 * @param [in] immediate
 * Immediate data for the peer.
 * @param [in] flags
 * Bitwise OR of enum doca_dpa_dev_submit_flag.
 */
void doca_dpa_dev_rdma_post_write_imm(doca_dpa_dev_rdma_t rdma, uint32_t connection_id,
                                      doca_dpa_dev_mmap_t dst_mmap_handle, uint64_t dst_addr,
                                      doca_dpa_dev_mmap_t src_mmap_handle, uint64_t src_addr,
                                      size_t length, uint32_t immediate, uint32_t flags);

/**
 * @brief Buffer-handle form of doca_dpa_dev_rdma_post_write_imm().
 *
 * @param [in] rdma
 * The RDMA context's DPA handle.
 * @param [in] connection_id
 * The connection to use.
 * @param [in] dst_buf_handle
 * The peer's destination buffer.
 * @param [in] src_buf_handle
 * Local source buffer.
 * @param [in] immediate
 * Immediate data for the peer.
 * @param [in] flags
 * Bitwise OR of enum doca_dpa_dev_submit_flag.
 */
void doca_dpa_dev_rdma_post_buf_write_imm(doca_dpa_dev_rdma_t rdma, uint32_t connection_id,
                                          doca_dpa_dev_buf_t dst_buf_handle,
                                          doca_dpa_dev_buf_t src_buf_handle, uint32_t immediate,
                                          uint32_t flags);

/**
 * @brief Send local memory to the receive the peer posted.
 *
 * @param [in] rdma
 * The RDMA context's DPA handle.
 * @param [in] connection_id
 * The connection to use.
 * @param [in] mmap_handle
 * Local mmap of the data.
 * @param [in] addr
 * Address of the data inside mmap_handle.
 * @param [in] length
 * Bytes to send.
 * @param [in] flags
 * Bitwise OR of enum doca_dpa_dev_submit_flag.
 */
void doca_dpa_dev_rdma_post_send(doca_dpa_dev_rdma_t rdma, uint32_t connection_id,
                                 doca_dpa_dev_mmap_t mmap_handle, uint64_t addr, size_t length,
                                 uint32_t flags);

/**
 * @brief Buffer-handle form of doca_dpa_dev_rdma_post_send().
 *
 * @param [in] rdma
 * The RDMA context's DPA handle.
 * @param [in] connection_id
 * The connection to use.
 * @param [in] send_buf_handle
 * Local buffer to send.
 * @param [in] flags
 * Bitwise OR of enum doca_dpa_dev_submit_flag.
 */
void doca_dpa_dev_rdma_post_buf_send(doca_dpa_dev_rdma_t rdma, uint32_t connection_id,
                                     doca_dpa_dev_buf_t send_buf_handle, uint32_t flags);

/**
 * @brief Send local memory with 32 bits of immediate data to the peer's posted receive.
 *
 * @param [in] rdma
 * The RDMA context's DPA handle.
 * @param [in] connection_id
 * The connection to use.
 * @param [in] mmap_handle
 * Local mmap of the data.
 * @param [in] addr
 * Address of the data inside mmap_handle.
 * @param [in] length
 * Bytes to send.
 * @param [in] immediate
 * Immediate data for the peer.
 * @param [in] flags
 * Bitwise OR of enum doca_dpa_dev_submit_flag.
 */
void doca_dpa_dev_rdma_post_send_imm(doca_dpa_dev_rdma_t rdma, uint32_t connection_id,
                                     doca_dpa_dev_mmap_t mmap_handle, uint64_t addr, size_t length,
                                     uint32_t immediate, uint32_t flags);

/**
 * @brief Buffer-handle form of doca_dpa_dev_rdma_post_send_imm().
 *
 * @param [in] rdma
 * The RDMA context's DPA handle.
 * @param [in] connection_id
 * The connection to use.
 * @param [in] send_buf_handle
 * Local buffer to send.
 * @param [in] immediate
 * Immediate data for the peer.
 * @param [in] flags
 * Bitwise OR of enum doca_dpa_dev_submit_flag.
 */
void doca_dpa_dev_rdma_post_buf_send_imm(doca_dpa_dev_rdma_t rdma, uint32_t connection_id,
                                         doca_dpa_dev_buf_t send_buf_handle, uint32_t immediate,
                                         uint32_t flags);

/**
 * @brief Post local memory for the next message the peer sends.
 *
 * @param [in] rdma
 * The RDMA context's DPA handle.
 * @param [in] mmap_handle
 * Local mmap that receives the data.
 * @param [in] addr
 * Address inside mmap_handle.
 * @param [in] length
 * Bytes available at addr.
 */
void doca_dpa_dev_rdma_post_receive(doca_dpa_dev_rdma_t rdma, doca_dpa_dev_mmap_t mmap_handle,
                                    uint64_t addr, size_t length);

/**
 * @brief Buffer-handle form of doca_dpa_dev_rdma_post_receive().
 *
 * @param [in] rdma
 * The RDMA context's DPA handle.
 * @param [in] receive_buf_handle
 * Local buffer that receives the data.
 */
void doca_dpa_dev_rdma_post_buf_receive(doca_dpa_dev_rdma_t rdma,
                                        doca_dpa_dev_buf_t receive_buf_handle);

/**
 * @brief Acknowledge consumed receives so that their buffers may be posted again.
 *
 * @param [in] rdma
 * The RDMA context's DPA handle.
 * @param [in] num_acked
 * Receives to acknowledge.
 * @note softdpa frees a receive's slot when its message arrives; the call only checks the
 * handle (a handle of no started RDMA context ends the kernel with a device fault).
 */
void doca_dpa_dev_rdma_receive_ack(doca_dpa_dev_rdma_t rdma, uint32_t num_acked);

/**
 * @brief Index of the work request a completion element reports.
 *
 * @param [in] comp_element
 * A completion element (doca_dpa_dev_get_completion).
 * @return The work request index.
 */
uint32_t doca_dpa_dev_rdma_completion_get_wr_index(doca_dpa_dev_completion_element_t comp_element);

/**
 * @brief Atomically add 'value' to the peer's 64-bit word at dst_addr.
 *
 * @param [in] rdma
 * The RDMA context's DPA handle.
 * @param [in] connection_id
 * The connection to use.
 * @param [in] dst_mmap_handle
 * The peer's mmap of the word.
 * @param [in] dst_addr
 * Address of the word inside dst_mmap_handle.
 * @param [in] value
 * Value to add.
 * @param [in] flags
 * Bitwise OR of enum doca_dpa_dev_submit_flag.
 */
void doca_dpa_dev_rdma_post_atomic_fetch_add(doca_dpa_dev_rdma_t rdma, uint32_t connection_id,
                                             doca_dpa_dev_mmap_t dst_mmap_handle, uint64_t dst_addr,
                                             uint64_t value, uint32_t flags);

/**
 * @brief Buffer-handle form of doca_dpa_dev_rdma_post_atomic_fetch_add().
 *
 * @param [in] rdma
 * The RDMA context's DPA handle.
 * @param [in] connection_id
 * The connection to use.
 * @param [in] dst_buf_handle
 * The peer's buffer holding the word.
 * @param [in] value
 * Value to add.
 * @param [in] flags
 * Bitwise OR of enum doca_dpa_dev_submit_flag.
 */
void doca_dpa_dev_rdma_post_buf_atomic_fetch_add(doca_dpa_dev_rdma_t rdma, uint32_t connection_id,
                                                 doca_dpa_dev_buf_t dst_buf_handle, uint64_t value,
                                                 uint32_t flags);

/**
 * @brief Set the count of a peer's sync event (host: doca_sync_event_remote_net_*).
 *
 * @param [in] rdma
 * The RDMA context's DPA handle.
 * @param [in] connection_id
 * The connection to use.
 * @param [in] remote_sync_event
 * The peer's event (doca_sync_event_remote_net_get_dpa_handle).
 * @param [in] count
 * The new count.
 * @note softdpa: only errors are reported to the completion; a handle of no remote-net event
 * ends the kernel with a device fault.
 */
void doca_dpa_dev_rdma_signal_set(doca_dpa_dev_rdma_t rdma, uint32_t connection_id,
                                  doca_dpa_dev_sync_event_remote_net_t remote_sync_event,
                                  uint64_t count);

/**
 * @brief Atomically add to the count of a peer's sync event.
 *
 * @param [in] rdma
 * The RDMA context's DPA handle.
 * @param [in] connection_id
 * The connection to use.
 * @param [in] remote_sync_event
 * The peer's event (doca_sync_event_remote_net_get_dpa_handle).
 * @param [in] count
 * Value to add.
 * @note softdpa: only errors are reported to the completion; a handle of no remote-net event
 * ends the kernel with a device fault.
 */
void doca_dpa_dev_rdma_signal_add(doca_dpa_dev_rdma_t rdma, uint32_t connection_id,
                                  doca_dpa_dev_sync_event_remote_net_t remote_sync_event,
                                  uint64_t count);

#ifdef __cplusplus
}
#endif

#endif /* DOCA_DPA_DEV_RDMA_H_ */
