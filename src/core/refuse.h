/* SPDX-License-Identifier: BSD-3-Clause
 * Argument checks of the calls softdpa does not emulate (and of plain-data objects): each
 * bad argument gives one record "<fn>: <what>; <fix>" from the caller's log source, file,
 * line and function, and the check answers true so the caller returns its failure value.
 *
 *   if (SDPA_NULL_ARGS("pass the context from doca_rdma_create", rdma, result))
 *           return DOCA_ERROR_INVALID_VALUE;   // "<fn>: rdma is NULL; pass ..." (the first NULL)
 *   if (SDPA_BAD_ARG(size == 0, "size is 0", "pass the size in bytes"))
 *           return DOCA_ERROR_INVALID_VALUE;
 *   SDPA_SAY_REFUSED("RDMA is not emulated"); // "<fn> is not supported by softdpa (...)"
 *   return DOCA_ERROR_NOT_SUPPORTED;
 *
 * The macros read the file's 'log_source' (SDPA_LOG_REGISTER / DOCA_LOG_REGISTER).
 * SDPA_SAY_REFUSED is rate limited per call site, so it stays a macro expanded in the
 * refusing function.
 */
#ifndef SDPA_CORE_REFUSE_H
#define SDPA_CORE_REFUSE_H

#include <stdbool.h>
#include <stddef.h>

#include <doca_log.h>

/* Where a record comes from: the caller's source, file, line and function. */
struct sdpa_site {
	int source;
	const char *file;
	int line;
	const char *fn;
};

#define SDPA_SITE (&(const struct sdpa_site){log_source, __FILE__, __LINE__, __func__})

/* Log "<fn>: <what>; <fix>" as an error of 'site'. Returns true. */
bool sdpa_bad_arg(const struct sdpa_site *site, const char *what, const char *fix);

/* The first of the n pointers 'args' that is NULL: log "<fn>: <name> is NULL; <fix>" (name:
 * its entry of 'names', the comma-separated spelling of the arguments) and return true.
 * False when none is NULL. */
bool sdpa_null_args(const struct sdpa_site *site, const char *fix, const char *names, size_t n,
                    const void *const args[]);

/* True, with the record "<fn>: <what>; <fix>", when 'bad' holds ('what' and 'fix' are read
 * only then). */
#define SDPA_BAD_ARG(bad, what, fix) ((bad) && sdpa_bad_arg(SDPA_SITE, (what), (fix)))

/* True, with the record "<fn>: <arg> is NULL; <fix>" for the first NULL argument, when one of
 * the pointer arguments (up to any number, each spelled as the record should name it) is NULL. */
#define SDPA_NULL_ARGS(fix, ...)                                                                   \
	sdpa_null_args(SDPA_SITE, (fix), #__VA_ARGS__, SDPA_ARG_COUNT(__VA_ARGS__),                \
	               (const void *const[]){__VA_ARGS__})
#define SDPA_ARG_COUNT(...) (sizeof((const void *const[]){__VA_ARGS__}) / sizeof(const void *))

/* The refusal record of a call softdpa does not emulate, rate limited per call site. */
#define SDPA_SAY_REFUSED(why)                                                                      \
	DOCA_LOG_RATE_LIMIT_ERR("%s is not supported by softdpa (%s)", __func__, (why))

#endif
