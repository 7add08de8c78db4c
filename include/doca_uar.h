/* SPDX-License-Identifier: BSD-3-Clause */
/**
 * @file
 * softdpa — doca_uar.h: UARs, the pages of doorbell registers through which software (or a
 * DPA kernel) tells the device that queues have new work.
 *
 * A DPA UAR (doca_uar_dpa_create) is real in softdpa: an object with an ID that DOCA Verbs QPs
 * of the DPA data path take (their kernels' commits are the doorbells). softdpa has no host
 * doorbell pages to map: doca_uar_create and the page and register addresses check their
 * arguments like DOCA, then answer DOCA_ERROR_NOT_SUPPORTED and log one line naming
 * themselves.
 */
#ifndef DOCA_UAR_H_
#define DOCA_UAR_H_

#include <stddef.h>
#include <stdint.h>

#include <doca_compat.h>
#include <doca_error.h>

#ifdef __cplusplus
extern "C" {
#endif

struct doca_dev;
struct doca_dpa;

/** @brief A UAR (opaque). */
struct doca_uar;

/** @brief How a UAR page is mapped. */
enum doca_uar_allocation_type {
	DOCA_UAR_ALLOCATION_TYPE_BLUEFLAME = 0, /**< write-combining: low latency */
	DOCA_UAR_ALLOCATION_TYPE_NONCACHE = 1,  /**< uncached: high throughput */
	DOCA_UAR_ALLOCATION_TYPE_NONCACHE_DEDICATED =
	        2, /**< uncached, not shared (libibverbs >= 1.14.47) */
};

/**
 * @brief Allocate a UAR (a page of doorbell registers) on a device.
 *
 * @param [in] dev
 * The device.
 * @param [in] allocation_type
 * How the page is mapped.
 * @param [out] uar
 * The new UAR.
 * @return DOCA_SUCCESS on success; DOCA_ERROR_INVALID_VALUE when dev or uar is NULL;
 * DOCA_ERROR_DRIVER when the driver refuses; DOCA_ERROR_NOT_SUPPORTED in softdpa (softdpa has no
 * doorbell pages).
 */
DOCA_EXPERIMENTAL doca_error_t doca_uar_create(const struct doca_dev *dev,
                                               enum doca_uar_allocation_type allocation_type,
                                               struct doca_uar **uar);

/**
 * @brief Allocate a UAR that kernels of a DPA context ring.
 *
 * @param [in] dpa
 * The DPA context.
 * @param [out] uar
 * The new UAR.
 * @return DOCA_SUCCESS on success; DOCA_ERROR_INVALID_VALUE when dpa or uar is NULL, or dpa is
 * not a started DPA context; DOCA_ERROR_NO_MEMORY when out of memory.
 */
DOCA_EXPERIMENTAL doca_error_t doca_uar_dpa_create(struct doca_dpa *dpa, struct doca_uar **uar);

/**
 * @brief Free a UAR.
 *
 * @param [in] uar
 * The UAR.
 * @return DOCA_SUCCESS on success; DOCA_ERROR_INVALID_VALUE when uar is NULL or destroyed.
 */
DOCA_EXPERIMENTAL doca_error_t doca_uar_destroy(struct doca_uar *uar);

/**
 * @brief The ID of a UAR.
 *
 * @param [in] uar
 * The UAR.
 * @param [out] id
 * The ID.
 * @return DOCA_SUCCESS on success; DOCA_ERROR_INVALID_VALUE when uar or id is NULL, or uar is
 * destroyed.
 */
DOCA_EXPERIMENTAL doca_error_t doca_uar_id_get(const struct doca_uar *uar, uint32_t *id);

/**
 * @brief The page address of a UAR (not for DPA UARs).
 *
 * @param [in] uar
 * The UAR.
 * @param [out] page
 * The page address.
 * @return DOCA_SUCCESS on success; DOCA_ERROR_INVALID_VALUE when uar or page is NULL;
 * DOCA_ERROR_NOT_SUPPORTED in softdpa (softdpa has no doorbell pages).
 */
DOCA_EXPERIMENTAL doca_error_t doca_uar_page_get(const struct doca_uar *uar, void **page);

/**
 * @brief The doorbell register address of a UAR (not for DPA UARs).
 *
 * @param [in] uar
 * The UAR.
 * @param [out] reg
 * The register address.
 * @return DOCA_SUCCESS on success; DOCA_ERROR_INVALID_VALUE when uar or reg is NULL;
 * DOCA_ERROR_NOT_SUPPORTED in softdpa (softdpa has no doorbell pages).
 */
DOCA_EXPERIMENTAL doca_error_t doca_uar_reg_addr_get(const struct doca_uar *uar, void **reg);

#ifdef __cplusplus
}
#endif

#endif /* DOCA_UAR_H_ */
