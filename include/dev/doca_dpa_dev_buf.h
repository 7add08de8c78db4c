/* SPDX-License-Identifier: BSD-3-Clause */
/**
 * @file
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

/** @brief An mmap as DPA kernels see it (doca_mmap_dev_get_dpa_handle()); 0 is never valid. */
typedef uint32_t doca_dpa_dev_mmap_t;
/** @brief One buffer of a buf array (doca_dpa_dev_buf_array_get_buf()). */
typedef uint64_t doca_dpa_dev_buf_t;
/** @brief A buf array as DPA kernels see it (doca_buf_arr_get_dpa_handle()). */
typedef uint64_t doca_dpa_dev_buf_arr_t;

/** @brief One buffer: 32 bytes. */
struct doca_dpa_dev_buf {
	uintptr_t addr;             /**< host (external) address of the buffer's start */
	uint64_t len;               /**< length in bytes */
	doca_dpa_dev_mmap_t mmap;   /**< the mmap holding the buffer */
	unsigned char reserved[12]; /**< softdpa's own marks; do not touch */
} __attribute__((__packed__));

/** @brief A buffer array: a pointer to its buffers. */
struct doca_dpa_dev_buf_arr {
	struct doca_dpa_dev_buf *bufs; /**< the buffers, in index order */
	unsigned char reserved[20];    /**< padding */
} __attribute__((__packed__, aligned(64)));

/**
 * @brief Get one buffer of a buf array.
 *
 * @param [in] buf_arr
 * The buf array (doca_buf_arr_get_dpa_handle()).
 * @param [in] buf_idx
 * The buffer's index, below the array's number of elements.
 * @return The buffer at buf_idx.
 * @note A pure accessor: it binds no window and checks neither the handle nor the index.
 */
__forceinline doca_dpa_dev_buf_t doca_dpa_dev_buf_array_get_buf(doca_dpa_dev_buf_arr_t buf_arr,
                                                                const uint64_t buf_idx)
{
	return (doca_dpa_dev_buf_t)(uintptr_t) &
	       ((struct doca_dpa_dev_buf_arr *)(uintptr_t)buf_arr)->bufs[buf_idx];
}

/**
 * @brief Get the host (external) address of a buffer's start.
 *
 * @param [in] buf
 * The buffer (doca_dpa_dev_buf_array_get_buf()).
 * @return The address, as set by doca_buf_arr_set_params() or doca_dpa_dev_buf_set_addr().
 */
__forceinline uintptr_t doca_dpa_dev_buf_get_addr(doca_dpa_dev_buf_t buf)
{
	return ((struct doca_dpa_dev_buf *)(uintptr_t)buf)->addr;
}

/**
 * @brief Get the length of a buffer.
 *
 * @param [in] buf
 * The buffer (doca_dpa_dev_buf_array_get_buf()).
 * @return The length in bytes.
 */
__forceinline uint64_t doca_dpa_dev_buf_get_len(doca_dpa_dev_buf_t buf)
{
	return ((struct doca_dpa_dev_buf *)(uintptr_t)buf)->len;
}

/**
 * @brief Get the mmap holding a buffer.
 *
 * @param [in] buf
 * The buffer (doca_dpa_dev_buf_array_get_buf()).
 * @return The mmap's handle.
 */
__forceinline doca_dpa_dev_mmap_t doca_dpa_dev_buf_get_mmap(doca_dpa_dev_buf_t buf)
{
	return ((struct doca_dpa_dev_buf *)(uintptr_t)buf)->mmap;
}

/**
 * @brief Set the host (external) address of a buffer's start.
 *
 * @param [in] buf
 * The buffer (doca_dpa_dev_buf_array_get_buf()).
 * @param [in] addr
 * The new address, inside the buffer's mmap.
 * @note The change lasts until the buf array is stopped; nothing is checked here, the next
 * get_external_ptr or post_buf_memcpy checks the result.
 */
__forceinline void doca_dpa_dev_buf_set_addr(doca_dpa_dev_buf_t buf, uintptr_t addr)
{
	((struct doca_dpa_dev_buf *)(uintptr_t)buf)->addr = addr;
}

/**
 * @brief Set the length of a buffer.
 *
 * @param [in] buf
 * The buffer (doca_dpa_dev_buf_array_get_buf()).
 * @param [in] len
 * The new length in bytes.
 * @note The change lasts until the buf array is stopped; nothing is checked here, the next
 * get_external_ptr or post_buf_memcpy checks the result.
 */
__forceinline void doca_dpa_dev_buf_set_len(doca_dpa_dev_buf_t buf, uint64_t len)
{
	((struct doca_dpa_dev_buf *)(uintptr_t)buf)->len = len;
}

/**
 * @brief Set the mmap holding a buffer.
 *
 * @param [in] buf
 * The buffer (doca_dpa_dev_buf_array_get_buf()).
 * @param [in] mmap
 * The new mmap's handle.
 * @note The change lasts until the buf array is stopped; nothing is checked here, the next
 * get_external_ptr or post_buf_memcpy checks the result.
 */
__forceinline void doca_dpa_dev_buf_set_mmap(doca_dpa_dev_buf_t buf, doca_dpa_dev_mmap_t mmap)
{
	((struct doca_dpa_dev_buf *)(uintptr_t)buf)->mmap = mmap;
}

/**
 * @brief Get a pointer through which the calling kernel reaches a buffer's start.
 *
 * Binds the calling thread's window to the buffer's mmap; the pointer stays valid until the
 * thread binds another mmap or buffer.
 *
 * @param [in] buf
 * The buffer (doca_dpa_dev_buf_array_get_buf()).
 * @return The pointer; 0 (and a rate-limited log line) when buf is 0, its mmap handle is not a
 * started mmap, or its address lies outside that mmap.
 * @note See doca_dpa_dev_mmap_get_external_ptr() for what each SOFTDPA_FIDELITY mode returns and
 * which bindings softdpa reports (P4 misalignment; P5 buffers of an extended context, whose
 * stores softdpa drops).
 */
doca_dpa_dev_uintptr_t doca_dpa_dev_buf_get_external_ptr(doca_dpa_dev_buf_t buf);

/**
 * @brief Get a pointer through which the calling kernel reaches an external address of an mmap.
 *
 * Binds the calling thread's window to the mmap; the pointer stays valid until the thread
 * binds another mmap or buffer.
 *
 * @param [in] mmap_handle
 * The mmap (doca_mmap_dev_get_dpa_handle()).
 * @param [in] addr
 * The host (external) address, inside the mmap.
 * @return The pointer; 0 (and a rate-limited log line) when mmap_handle is not a started mmap or
 * addr lies outside it.
 * @note SOFTDPA_FIDELITY=fast (and any RPC) returns addr itself; faithful returns an address in
 * the execution unit's window aperture, so missing writebacks and invalidations behave as on the
 * DPA; strict adds one aperture per mmap and traps stale pointers (docs/WINDOWS.md). An mmap too
 * large for the aperture gets addr itself and a warning. In faithful and strict modes, stores
 * are dropped through a window on a read-only mmap, on memory of an extended context (P5) or
 * bound at an address not 64-byte aligned (P4); P4 and P5 draw one warning.
 */
doca_dpa_dev_uintptr_t doca_dpa_dev_mmap_get_external_ptr(doca_dpa_dev_mmap_t mmap_handle,
                                                          uint64_t addr);

/**
 * @brief DPA threads only: copy one buffer into another through async ops.
 *
 * Copies min(length of dst, length of src) bytes, as doca_dpa_dev_post_memcpy() does.
 *
 * @param [in] async_ops_handle
 * Started async ops (doca_dpa_async_ops_get_dpa_handle()).
 * @param [in] dst_buf_handle
 * The destination buffer.
 * @param [in] src_buf_handle
 * The source buffer.
 * @param [in] completion_requested
 * Non-zero to have an element carrying the async ops' user data reach their completion.
 * @note A 0 buffer handle is logged and the call does nothing (no completion element); every
 * other failure behaves as in doca_dpa_dev_post_memcpy().
 */
void doca_dpa_dev_post_buf_memcpy(doca_dpa_dev_async_ops_t async_ops_handle,
                                  doca_dpa_dev_buf_t dst_buf_handle,
                                  doca_dpa_dev_buf_t src_buf_handle, uint32_t completion_requested);
/**
 * @brief DPA threads only: copy length bytes between two mmaps through async ops.
 *
 * @param [in] async_ops_handle
 * Started async ops (doca_dpa_async_ops_get_dpa_handle()).
 * @param [in] dst_mmap_handle
 * The destination mmap, writable (DOCA_ACCESS_FLAG_LOCAL_READ_WRITE).
 * @param [in] dst_addr
 * The destination's host address, with length bytes inside the destination mmap.
 * @param [in] src_mmap_handle
 * The source mmap.
 * @param [in] src_addr
 * The source's host address, with length bytes inside the source mmap.
 * @param [in] length
 * The number of bytes.
 * @param [in] completion_requested
 * Non-zero to have a DOCA_DPA_DEV_COMP_SEND element carrying the async ops' user data reach
 * their completion.
 * @note softdpa copies at once (overlapping ranges are safe), so the data is in place when the
 * call returns. A handle that is not a started mmap, a range outside its mmap or a read-only
 * destination is logged and posts a DOCA_DPA_DEV_COMP_SEND_ERR element whether or not
 * completion_requested is set; nothing is copied. Outside a DPA thread (P8), or with a handle
 * that is not started async ops with a completion, the call is logged and does nothing.
 */
void doca_dpa_dev_post_memcpy(doca_dpa_dev_async_ops_t async_ops_handle,
                              doca_dpa_dev_mmap_t dst_mmap_handle, uint64_t dst_addr,
                              doca_dpa_dev_mmap_t src_mmap_handle, uint64_t src_addr, size_t length,
                              uint32_t completion_requested);

#ifdef __cplusplus
}
#endif

#endif /* DOCA_DPA_DEV_BUF_H_ */
