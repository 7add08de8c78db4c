/* SPDX-License-Identifier: BSD-3-Clause */
/**
 * @file
 * softdpa — doca_umem.h: umems, memory registered for a device's queues (work queues,
 * doorbell records) that the application allocates itself, in host memory, on the DPA heap
 * or on a GPU.
 *
 * Host and DPA umems are real: a registration checks its range and access flags and records
 * them, with an ID. GPU umems are not emulated (DOCA_ERROR_NOT_SUPPORTED and a log line).
 * No softdpa object consumes a umem yet (DOCA Verbs queues are not emulated).
 */
#ifndef DOCA_UMEM_H_
#define DOCA_UMEM_H_

#include <stddef.h>
#include <stdint.h>

#include <doca_compat.h>
#include <doca_error.h>

#ifdef __cplusplus
extern "C" {
#endif

struct doca_dev;
struct doca_dpa;
struct doca_gpu;

/** @brief A umem (opaque). */
struct doca_umem;

/**
 * @brief Register host memory as a umem of a device.
 *
 * @param [in] dev
 * The device.
 * @param [in] address
 * Start of the memory.
 * @param [in] size
 * Its size in bytes.
 * @param [in] access_flags
 * Bitwise OR of enum doca_access_flag (doca_types.h).
 * @param [out] umem_obj
 * The new umem.
 * @return DOCA_SUCCESS on success; DOCA_ERROR_INVALID_VALUE when dev, address or umem_obj is
 * NULL, size is 0 or access_flags holds an unknown flag; DOCA_ERROR_NO_MEMORY when allocation
 * fails.
 */
DOCA_EXPERIMENTAL doca_error_t doca_umem_create(const struct doca_dev *dev, void *address,
                                                size_t size, uint32_t access_flags,
                                                struct doca_umem **umem_obj);

/**
 * @brief Register DPA heap memory (doca_dpa_mem_alloc) as a umem of a DPA context.
 *
 * @param [in] dpa
 * The DPA context.
 * @param [in] address
 * Start of the memory, a DPA heap address.
 * @param [in] size
 * Its size in bytes.
 * @param [in] access_flags
 * Bitwise OR of enum doca_access_flag (doca_types.h).
 * @param [out] umem_obj
 * The new umem.
 * @return DOCA_SUCCESS on success; DOCA_ERROR_INVALID_VALUE when dpa is not a started DPA
 * context, umem_obj is NULL, size is 0, access_flags holds an unknown flag or the range is not
 * inside one live DPA heap allocation; DOCA_ERROR_NO_MEMORY when allocation fails.
 */
DOCA_EXPERIMENTAL doca_error_t doca_umem_dpa_create(struct doca_dpa *dpa, uint64_t address,
                                                    size_t size, uint32_t access_flags,
                                                    struct doca_umem **umem_obj);

/**
 * @brief Register GPU memory as a umem of a device.
 *
 * @param [in] gpu
 * The GPU.
 * @param [in] dev
 * The device.
 * @param [in] address
 * Start of the GPU memory.
 * @param [in] size
 * Its size in bytes.
 * @param [in] access_flags
 * Bitwise OR of enum doca_access_flag (doca_types.h).
 * @param [out] umem_obj
 * The new umem.
 * @return DOCA_SUCCESS on success; DOCA_ERROR_INVALID_VALUE when gpu, dev, address or umem_obj
 * is NULL or size is 0; DOCA_ERROR_NOT_SUPPORTED in softdpa (GPUs are not emulated).
 */
DOCA_EXPERIMENTAL doca_error_t doca_umem_gpu_create(struct doca_gpu *gpu, struct doca_dev *dev,
                                                    void *address, size_t size,
                                                    uint32_t access_flags,
                                                    struct doca_umem **umem_obj);

/**
 * @brief Deregister a umem.
 *
 * @param [in] umem_obj
 * The umem.
 * @return DOCA_SUCCESS on success; DOCA_ERROR_INVALID_VALUE when umem_obj is not a umem.
 */
DOCA_EXPERIMENTAL doca_error_t doca_umem_destroy(struct doca_umem *umem_obj);

/**
 * @brief The ID of a umem.
 *
 * @param [in] umem_obj
 * The umem.
 * @param [out] umem_id
 * The ID.
 * @return DOCA_SUCCESS on success; DOCA_ERROR_INVALID_VALUE when umem_obj is not a umem or
 * umem_id is NULL.
 */
DOCA_EXPERIMENTAL doca_error_t doca_umem_get_id(const struct doca_umem *umem_obj,
                                                uint32_t *umem_id);

/**
 * @brief The size of a umem.
 *
 * @param [in] umem_obj
 * The umem.
 * @param [out] umem_size
 * The size in bytes.
 * @return DOCA_SUCCESS on success; DOCA_ERROR_INVALID_VALUE when umem_obj is not a umem or
 * umem_size is NULL.
 * @note The size is a 32-bit value, as in DOCA; a larger umem reports UINT32_MAX.
 */
DOCA_EXPERIMENTAL doca_error_t doca_umem_get_size(const struct doca_umem *umem_obj,
                                                  uint32_t *umem_size);

/**
 * @brief The start address of a umem.
 *
 * @param [in] umem_obj
 * The umem.
 * @param [out] umem_addr
 * The address (a DPA heap address for a DPA umem).
 * @return DOCA_SUCCESS on success; DOCA_ERROR_INVALID_VALUE when umem_obj is not a umem or
 * umem_addr is NULL.
 */
DOCA_EXPERIMENTAL doca_error_t doca_umem_get_address(const struct doca_umem *umem_obj,
                                                     void **umem_addr);

#ifdef __cplusplus
}
#endif

#endif /* DOCA_UMEM_H_ */
