/* SPDX-License-Identifier: BSD-3-Clause
 * doca_error_t names and descriptions.
 */
#include <doca_error.h>
#include <doca_version.h>

#include "core/util.h"

struct error_text {
	const char *name;
	const char *descr;
};

/* Indexed by the code; the static assert below keeps the table in step with the enum. */
static const struct error_text error_texts[] = {
        [DOCA_SUCCESS] = {"DOCA_SUCCESS", "Success"},
        [DOCA_ERROR_UNKNOWN] = {"DOCA_ERROR_UNKNOWN", "Unknown error"},
        [DOCA_ERROR_NOT_PERMITTED] = {"DOCA_ERROR_NOT_PERMITTED", "Operation not permitted"},
        [DOCA_ERROR_IN_USE] = {"DOCA_ERROR_IN_USE", "Resource already in use"},
        [DOCA_ERROR_NOT_SUPPORTED] = {"DOCA_ERROR_NOT_SUPPORTED", "Operation not supported"},
        [DOCA_ERROR_AGAIN] = {"DOCA_ERROR_AGAIN", "Resource temporarily unavailable, try again"},
        [DOCA_ERROR_INVALID_VALUE] = {"DOCA_ERROR_INVALID_VALUE", "Invalid input"},
        [DOCA_ERROR_NO_MEMORY] = {"DOCA_ERROR_NO_MEMORY", "Memory allocation failure"},
        [DOCA_ERROR_INITIALIZATION] = {"DOCA_ERROR_INITIALIZATION",
                                       "Resource initialization failure"},
        [DOCA_ERROR_TIME_OUT] = {"DOCA_ERROR_TIME_OUT", "Timer expired waiting for resource"},
        [DOCA_ERROR_SHUTDOWN] = {"DOCA_ERROR_SHUTDOWN", "Shut down in process or completed"},
        [DOCA_ERROR_CONNECTION_RESET] = {"DOCA_ERROR_CONNECTION_RESET", "Connection reset by peer"},
        [DOCA_ERROR_CONNECTION_ABORTED] = {"DOCA_ERROR_CONNECTION_ABORTED", "Connection aborted"},
        [DOCA_ERROR_CONNECTION_INPROGRESS] = {"DOCA_ERROR_CONNECTION_INPROGRESS",
                                              "Connection in progress"},
        [DOCA_ERROR_NOT_CONNECTED] = {"DOCA_ERROR_NOT_CONNECTED", "Not connected"},
        [DOCA_ERROR_NO_LOCK] = {"DOCA_ERROR_NO_LOCK", "Unable to acquire required lock"},
        [DOCA_ERROR_NOT_FOUND] = {"DOCA_ERROR_NOT_FOUND", "Resource not found"},
        [DOCA_ERROR_IO_FAILED] = {"DOCA_ERROR_IO_FAILED", "Input/output operation failed"},
        [DOCA_ERROR_BAD_STATE] = {"DOCA_ERROR_BAD_STATE", "Bad state for the requested operation"},
        [DOCA_ERROR_UNSUPPORTED_VERSION] = {"DOCA_ERROR_UNSUPPORTED_VERSION",
                                            "Version not supported"},
        [DOCA_ERROR_OPERATING_SYSTEM] = {"DOCA_ERROR_OPERATING_SYSTEM",
                                         "Operating system call failure"},
        [DOCA_ERROR_DRIVER] = {"DOCA_ERROR_DRIVER", "Driver call failure"},
        [DOCA_ERROR_UNEXPECTED] = {"DOCA_ERROR_UNEXPECTED", "Unexpected result"},
        [DOCA_ERROR_ALREADY_EXIST] = {"DOCA_ERROR_ALREADY_EXIST", "Resource already exists"},
        [DOCA_ERROR_FULL] = {"DOCA_ERROR_FULL", "No more space in resource"},
        [DOCA_ERROR_EMPTY] = {"DOCA_ERROR_EMPTY", "No entry is available in resource"},
        [DOCA_ERROR_IN_PROGRESS] = {"DOCA_ERROR_IN_PROGRESS", "Operation in progress"},
        [DOCA_ERROR_TOO_BIG] = {"DOCA_ERROR_TOO_BIG",
                                "Requested operation too big to be contained"},
        [DOCA_ERROR_AUTHENTICATION] = {"DOCA_ERROR_AUTHENTICATION", "Authentication failure"},
        [DOCA_ERROR_BAD_CONFIG] = {"DOCA_ERROR_BAD_CONFIG", "Configuration is not valid"},
        [DOCA_ERROR_SKIPPED] = {"DOCA_ERROR_SKIPPED", "Result is valid, but some data was skipped"},
};

_Static_assert(SDPA_ARRAY_SIZE(error_texts) == DOCA_ERROR_SKIPPED + 1,
               "error_texts must cover every doca_error_t value");

static const char unrecognized[] = "unrecognized error code";

DOCA_STABLE const char *doca_error_get_name(doca_error_t error)
{
	/* Cast first: a value outside the enum may be negative. */
	if ((unsigned int)error >= SDPA_ARRAY_SIZE(error_texts))
		return unrecognized;
	return error_texts[error].name;
}

DOCA_STABLE const char *doca_error_get_descr(doca_error_t error)
{
	if ((unsigned int)error >= SDPA_ARRAY_SIZE(error_texts))
		return unrecognized;
	return error_texts[error].descr;
}

/* The library's own copy: a program built against other headers still learns what it runs
 * with. */
DOCA_EXPERIMENTAL const char *doca_version_runtime(void)
{
	return DOCA_VERSION_STRING;
}
