/* SPDX-License-Identifier: BSD-3-Clause */
/**
 * @file
 * softdpa — doca_buf_array.h: fixed-size buffers carved out of an mmap, for the DPA.
 *
 * Element i covers [mmap start + start_offset + i * elem_size, + elem_size).
 */
#ifndef DOCA_BUF_ARRAY_H_
#define DOCA_BUF_ARRAY_H_

#include <stddef.h>
#include <stdint.h>

#include <doca_compat.h>
#include <doca_error.h>

#ifdef __cplusplus
extern "C" {
#endif

/** @brief A DPA context (doca_dpa.h). */
struct doca_dpa;
/** @brief A memory map (doca_mmap.h). */
struct doca_mmap;
/** @brief An array of equal-sized buffers carved out of an mmap (opaque). */
struct doca_buf_arr;

/** @brief A buf array as DPA kernels see it (doca_dpa_dev_buf_array_get_buf()). */
typedef uint64_t doca_dpa_dev_buf_arr_t;

/**
 * @brief Create a buf array of num_elem buffers, not configured and not started.
 *
 * @param [in] num_elem
 * The number of buffers, 1 to 2^24.
 * @param [out] buf_arr
 * The new buf array.
 * @return DOCA_SUCCESS on success; DOCA_ERROR_INVALID_VALUE when buf_arr is NULL or num_elem is
 * 0 or above 2^24; DOCA_ERROR_NO_MEMORY when it cannot be allocated.
 */
DOCA_EXPERIMENTAL doca_error_t doca_buf_arr_create(size_t num_elem, struct doca_buf_arr **buf_arr);
/**
 * @brief Destroy a buf array, stopping it first when it is started.
 *
 * @param [in] buf_arr
 * The buf array.
 * @return DOCA_SUCCESS on success; DOCA_ERROR_INVALID_VALUE when buf_arr is NULL or not a buf
 * array.
 * @note The array's reference on its target DPA context ends here: doca_dpa_destroy() answers
 * DOCA_ERROR_IN_USE until then.
 */
DOCA_EXPERIMENTAL doca_error_t doca_buf_arr_destroy(struct doca_buf_arr *buf_arr);
/**
 * @brief Name the DPA context whose kernels use the buffers (before doca_buf_arr_start()).
 *
 * @param [in] buf_arr
 * The buf array, not started.
 * @param [in] dpa
 * The DPA context; it replaces any set before.
 * @return DOCA_SUCCESS on success; DOCA_ERROR_INVALID_VALUE when buf_arr is not a buf array or
 * dpa is not a DPA context; DOCA_ERROR_BAD_STATE when the buf array is started.
 */
DOCA_EXPERIMENTAL doca_error_t doca_buf_arr_set_target_dpa(struct doca_buf_arr *buf_arr,
                                                           struct doca_dpa *dpa);
/**
 * @brief Lay the buffers out in an mmap (before doca_buf_arr_start()).
 *
 * Element i covers elem_size bytes from the mmap's start + start_offset + i * elem_size.
 *
 * @param [in] buf_arr
 * The buf array, not started.
 * @param [in] mmap
 * A started mmap holding every element.
 * @param [in] elem_size
 * The size of each buffer in bytes, above 0.
 * @param [in] start_offset
 * Where the first buffer begins, in bytes from the mmap's start.
 * @return DOCA_SUCCESS on success; DOCA_ERROR_INVALID_VALUE when buf_arr is not a buf array,
 * mmap is not an mmap, elem_size is 0, or the elements do not fit inside the mmap;
 * DOCA_ERROR_BAD_STATE when the buf array is started or the mmap is not started.
 */
DOCA_EXPERIMENTAL doca_error_t doca_buf_arr_set_params(struct doca_buf_arr *buf_arr,
                                                       struct doca_mmap *mmap, size_t elem_size,
                                                       uint64_t start_offset);
/**
 * @brief Start a buf array: build the buffer descriptors DPA kernels read.
 *
 * @param [in] buf_arr
 * The buf array, with its parameters and target DPA set.
 * @return DOCA_SUCCESS on success; DOCA_ERROR_INVALID_VALUE when buf_arr is NULL or not a buf
 * array; DOCA_ERROR_BAD_STATE when it is started already or lacks its parameters
 * (doca_buf_arr_set_params()) or its target DPA (doca_buf_arr_set_target_dpa());
 * DOCA_ERROR_NO_MEMORY when the descriptors cannot be allocated.
 * @note While the array is started, doca_mmap_stop() on its mmap answers DOCA_ERROR_IN_USE.
 */
DOCA_EXPERIMENTAL doca_error_t doca_buf_arr_start(struct doca_buf_arr *buf_arr);
/**
 * @brief Stop a buf array: free its buffer descriptors and release its mmap.
 *
 * @param [in] buf_arr
 * The started buf array.
 * @return DOCA_SUCCESS on success; DOCA_ERROR_INVALID_VALUE when buf_arr is NULL or not a buf
 * array; DOCA_ERROR_BAD_STATE when it is not started.
 * @note softdpa does not check that no kernel still uses the array's DPA handle; the handle is
 * invalid once the call returns.
 */
DOCA_EXPERIMENTAL doca_error_t doca_buf_arr_stop(struct doca_buf_arr *buf_arr);
/**
 * @brief Get the handle DPA kernels use to reach the buf array's buffers.
 *
 * @param [in] buf_arr
 * The started buf array (a started array always has a target DPA).
 * @param [out] dpa_buf_arr
 * The handle, valid until the array is stopped.
 * @return DOCA_SUCCESS on success; DOCA_ERROR_INVALID_VALUE when buf_arr is not a buf array or
 * dpa_buf_arr is NULL; DOCA_ERROR_BAD_STATE when the buf array is not started.
 */
DOCA_EXPERIMENTAL doca_error_t doca_buf_arr_get_dpa_handle(const struct doca_buf_arr *buf_arr,
                                                           doca_dpa_dev_buf_arr_t *dpa_buf_arr);

#ifdef __cplusplus
}
#endif

#endif /* DOCA_BUF_ARRAY_H_ */
