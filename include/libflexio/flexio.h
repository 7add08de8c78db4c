/* SPDX-License-Identifier: BSD-3-Clause */
/**
 * @file
 * softdpa — libflexio/flexio.h: the subset of the FlexIO host SDK that DOCA programs use next
 * to DOCA DPA: the status codes, and the DPA resources an administrator distributed to
 * applications (execution units and EU groups per application key, in a resources YAML
 * file).
 *
 * The resource calls are real, on softdpa's resources format (docs/DPA.md, "DPA resources
 * files"). Processes, threads, queues and the rest of FlexIO are not part of this subset; a
 * softdpa DPA context's FlexIO process comes from softdpa_dpa_get_flexio_process()
 * (softdpa.h).
 */
#ifndef _FLEXIO_H_
#define _FLEXIO_H_

#include <stddef.h>
#include <stdint.h>

#include <doca_compat.h>

#include "flexio_ver.h"

#ifndef FLEXIO_VER_USED
/** @brief The FlexIO API version the program uses (define it before including this header). */
#define FLEXIO_VER_USED FLEXIO_VER_LATEST
#endif

#ifdef __cplusplus
extern "C" {
#endif

/** @brief Return codes of FlexIO calls. */
typedef enum {
	FLEXIO_STATUS_SUCCESS = 0,   /**< success */
	FLEXIO_STATUS_FAILED = 1,    /**< failure */
	FLEXIO_STATUS_TIMEOUT = 2,   /**< the operation timed out */
	FLEXIO_STATUS_FATAL_ERR = 3, /**< the process hit a fatal error */
} flexio_status;

/** @brief An address in a DPA process's memory. */
typedef uint64_t flexio_uintptr_t;

/** @brief A DPA process (opaque; softdpa_dpa_get_flexio_process gives a context's). */
struct flexio_process;

/** @brief The DPA resources of one application (opaque). */
struct flexio_resource;

/**
 * @brief Read the resources a resources file gives one application.
 *
 * @param [in] app_key
 * The application's key in the file.
 * @param [in] buffer
 * The file's contents (YAML).
 * @param [in] buffer_size
 * Bytes in buffer.
 * @param [out] res
 * The application's resources; release them with flexio_resources_destroy().
 * @return FLEXIO_STATUS_SUCCESS on success; FLEXIO_STATUS_FAILED when an argument is NULL or
 * empty, the contents are not a valid resources file (one log line says where and why), the
 * file has no application app_key, or memory runs out.
 * @note softdpa reads its documented resources format (docs/DPA.md).
 */
DOCA_STABLE flexio_status flexio_resources_create(const char *app_key, const char *buffer,
                                                  size_t buffer_size, struct flexio_resource **res);

/**
 * @brief Release resources read by flexio_resources_create().
 *
 * @param [in] res
 * The resources.
 * @return FLEXIO_STATUS_SUCCESS on success; FLEXIO_STATUS_FAILED when res is NULL.
 */
DOCA_STABLE flexio_status flexio_resources_destroy(struct flexio_resource *res);

/**
 * @brief How many execution unit groups the application was given.
 *
 * @param [in] res
 * The resources.
 * @return The number of EU groups (0 when res is NULL).
 */
DOCA_STABLE uint32_t flexio_resources_get_eugs_num(struct flexio_resource *res);

/**
 * @brief How many execution units the application was given.
 *
 * @param [in] res
 * The resources.
 * @return The number of EUs (0 when res is NULL).
 */
DOCA_STABLE uint32_t flexio_resources_get_eus_num(struct flexio_resource *res);

/**
 * @brief The execution units the application was given.
 *
 * @param [in] res
 * The resources.
 * @return flexio_resources_get_eus_num() EU IDs, owned by res (NULL when res is NULL or there
 * are none).
 */
DOCA_STABLE uint32_t *flexio_resources_get_eus(struct flexio_resource *res);

#ifdef __cplusplus
}
#endif

#endif
