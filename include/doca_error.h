/* SPDX-License-Identifier: BSD-3-Clause */
/**
 * @file
 * softdpa — doca_error.h: the status code every DOCA call returns.
 *
 * Values and names follow DOCA's documented numbering; descriptions are our own.
 */
#ifndef DOCA_ERROR_H_
#define DOCA_ERROR_H_

#include <doca_compat.h>

#ifdef __cplusplus
extern "C" {
#endif

/**
 * @brief The status every DOCA call returns: DOCA_SUCCESS (0) or the kind of failure.
 *
 * Values and names follow DOCA's numbering, so a program may store or compare them as DOCA's.
 */
typedef enum doca_error {
	DOCA_SUCCESS = 0,                      /**< the call succeeded */
	DOCA_ERROR_UNKNOWN = 1,                /**< a failure of no more specific kind */
	DOCA_ERROR_NOT_PERMITTED = 2,          /**< the caller may not do this */
	DOCA_ERROR_IN_USE = 3,                 /**< still held or bound by something else */
	DOCA_ERROR_NOT_SUPPORTED = 4,          /**< the operation or setting is not supported */
	DOCA_ERROR_AGAIN = 5,                  /**< temporarily unavailable: retry later */
	DOCA_ERROR_INVALID_VALUE = 6,          /**< an argument is NULL, out of range or wrong */
	DOCA_ERROR_NO_MEMORY = 7,              /**< an allocation failed */
	DOCA_ERROR_INITIALIZATION = 8,         /**< a resource could not be initialized */
	DOCA_ERROR_TIME_OUT = 9,               /**< a wait for a resource expired */
	DOCA_ERROR_SHUTDOWN = 10,              /**< shutting down or shut down */
	DOCA_ERROR_CONNECTION_RESET = 11,      /**< the peer reset the connection */
	DOCA_ERROR_CONNECTION_ABORTED = 12,    /**< the connection was aborted */
	DOCA_ERROR_CONNECTION_INPROGRESS = 13, /**< the connection is being set up */
	DOCA_ERROR_NOT_CONNECTED = 14,         /**< there is no connection */
	DOCA_ERROR_NO_LOCK = 15,               /**< a required lock could not be taken */
	DOCA_ERROR_NOT_FOUND = 16,             /**< the resource does not exist */
	DOCA_ERROR_IO_FAILED = 17,             /**< an input/output operation failed */
	DOCA_ERROR_BAD_STATE = 18,             /**< the object's state does not allow the call */
	DOCA_ERROR_UNSUPPORTED_VERSION = 19,   /**< the version is not supported */
	DOCA_ERROR_OPERATING_SYSTEM = 20,      /**< a system call failed */
	DOCA_ERROR_DRIVER = 21,                /**< a driver call failed */
	DOCA_ERROR_UNEXPECTED = 22,            /**< a result that should not happen */
	DOCA_ERROR_ALREADY_EXIST = 23,         /**< the resource exists already */
	DOCA_ERROR_FULL = 24,                  /**< the resource has no room left */
	DOCA_ERROR_EMPTY = 25,                 /**< the resource has no entry to give */
	DOCA_ERROR_IN_PROGRESS = 26,           /**< the operation has started and not yet ended */
	DOCA_ERROR_TOO_BIG = 27,               /**< larger than the resource can hold */
	DOCA_ERROR_AUTHENTICATION = 28,        /**< authentication failed */
	DOCA_ERROR_BAD_CONFIG = 29,            /**< the configuration is not valid */
	DOCA_ERROR_SKIPPED = 30,               /**< the result is valid; some data was skipped */
} doca_error_t;

/** @brief True when r is anything but DOCA_SUCCESS. */
#define DOCA_IS_ERROR(r) ((r) != DOCA_SUCCESS)

/**
 * @brief Keep the first error: when r is still DOCA_SUCCESS, assign t to it.
 *
 * Typical in clean-up paths that must not hide the original failure. r must be an lvalue.
 */
#define DOCA_ERROR_PROPAGATE(r, t)                                                                 \
	do {                                                                                       \
		if ((r) == DOCA_SUCCESS)                                                           \
			(r) = (t);                                                                 \
	} while (0)

/**
 * @brief Name a status code as its enumerator is spelled, e.g. "DOCA_ERROR_AGAIN".
 *
 * @param [in] error
 * The status code.
 * @return The enumerator's name, a static string; "unrecognized error code" for a value
 * outside doca_error_t (negative values included). The call cannot fail.
 */
DOCA_STABLE const char *doca_error_get_name(doca_error_t error);

/**
 * @brief Describe a status code in a short human-readable phrase.
 *
 * @param [in] error
 * The status code.
 * @return The description, a static string; "unrecognized error code" for a value outside
 * doca_error_t (negative values included). The call cannot fail.
 */
DOCA_STABLE const char *doca_error_get_descr(doca_error_t error);

#ifdef __cplusplus
}
#endif

#endif /* DOCA_ERROR_H_ */
