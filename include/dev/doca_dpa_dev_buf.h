/* SPDX-License-Identifier: BSD-3-Clause
 * softdpa — doca_dpa_dev_buf.h: buffers, buffer arrays and mmaps as DPA kernels see them.
 *
 * External (host) memory is reached through the calling thread's window:
 * *_get_external_ptr() binds the window and returns a pointer valid until the thread
 * binds another mmap/buffer. Stores need __dpa_thread_window_writeback(); loads of data
 * the host changed need __dpa_thread_window_read_inv(). See docs/DPA.md.
 */
#ifndef DOCA_DPA_DEV_BUF_H_
#define DOCA_DPA_DEV_BUF_H_

#include "doca_dpa_dev.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef uint32_t doca_dpa_dev_mmap_t;
typedef uint64_t doca_dpa_dev_buf_t;
typedef uint64_t doca_dpa_dev_buf_arr_t;

/* One buffer: 32 bytes. */
struct doca_dpa_dev_buf {
	uintptr_t addr;
	uint64_t len;
	doca_dpa_dev_mmap_t mmap;
	unsigned char reserved[12];
} __attribute__((__packed__));

/* A buffer array: a pointer to its buffers. */
struct doca_dpa_dev_buf_arr {
	struct doca_dpa_dev_buf *bufs;
	unsigned char reserved[20];
} __attribute__((__packed__, aligned(64)));

/* The buffer at 'buf_idx'. A pure accessor: it binds no window. */
__forceinline doca_dpa_dev_buf_t doca_dpa_dev_buf_array_get_buf(doca_dpa_dev_buf_arr_t buf_arr,
                                                                const uint64_t buf_idx)
{
	return (doca_dpa_dev_buf_t)(uintptr_t) &
	       ((struct doca_dpa_dev_buf_arr *)(uintptr_t)buf_arr)->bufs[buf_idx];
}

__forceinline uintptr_t doca_dpa_dev_buf_get_addr(doca_dpa_dev_buf_t buf)
{
	return ((struct doca_dpa_dev_buf *)(uintptr_t)buf)->addr;
}

__forceinline uint64_t doca_dpa_dev_buf_get_len(doca_dpa_dev_buf_t buf)
{
	return ((struct doca_dpa_dev_buf *)(uintptr_t)buf)->len;
}

__forceinline doca_dpa_dev_mmap_t doca_dpa_dev_buf_get_mmap(doca_dpa_dev_buf_t buf)
{
	return ((struct doca_dpa_dev_buf *)(uintptr_t)buf)->mmap;
}

__forceinline void doca_dpa_dev_buf_set_addr(doca_dpa_dev_buf_t buf, uintptr_t addr)
{
	((struct doca_dpa_dev_buf *)(uintptr_t)buf)->addr = addr;
}

__forceinline void doca_dpa_dev_buf_set_len(doca_dpa_dev_buf_t buf, uint64_t len)
{
	((struct doca_dpa_dev_buf *)(uintptr_t)buf)->len = len;
}

__forceinline void doca_dpa_dev_buf_set_mmap(doca_dpa_dev_buf_t buf, doca_dpa_dev_mmap_t mmap)
{
	((struct doca_dpa_dev_buf *)(uintptr_t)buf)->mmap = mmap;
}

/* Bind the calling thread's window to the buffer's mmap; a pointer to the buffer's
 * start. 0 (and a log line) for an invalid buffer. */
doca_dpa_dev_uintptr_t doca_dpa_dev_buf_get_external_ptr(doca_dpa_dev_buf_t buf);

/* Bind the calling thread's window to 'mmap_handle'; a pointer for external address
 * 'addr' inside it. 0 (and a log line) for an invalid handle or address. */
doca_dpa_dev_uintptr_t doca_dpa_dev_mmap_get_external_ptr(doca_dpa_dev_mmap_t mmap_handle,
                                                          uint64_t addr);

/* DPA threads only: copy between buffers / mmaps; with 'completion_requested' an element
 * carrying the async ops' user data reaches the attached completion. */
void doca_dpa_dev_post_buf_memcpy(doca_dpa_dev_async_ops_t async_ops_handle,
                                  doca_dpa_dev_buf_t dst_buf_handle,
                                  doca_dpa_dev_buf_t src_buf_handle, uint32_t completion_requested);
void doca_dpa_dev_post_memcpy(doca_dpa_dev_async_ops_t async_ops_handle,
                              doca_dpa_dev_mmap_t dst_mmap_handle, uint64_t dst_addr,
                              doca_dpa_dev_mmap_t src_mmap_handle, uint64_t src_addr, size_t length,
                              uint32_t completion_requested);

#ifdef __cplusplus
}
#endif

#endif /* DOCA_DPA_DEV_BUF_H_ */
