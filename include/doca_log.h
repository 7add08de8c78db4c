/* SPDX-License-Identifier: BSD-3-Clause
 * softdpa — doca_log.h: DOCA's logging facility.
 *
 * Two kinds of sources write log records, and each kind has its own backends:
 *  - application records (sources registered with DOCA_LOG_REGISTER(name) in a user's
 *    file) go to the application backends: the standard one and those made by
 *    doca_log_backend_create_with_file/_with_fd;
 *  - SDK records (the library's own: softdpa's emulated DOCA libraries) go to the SDK
 *    backends, made by doca_log_backend_create_with_file_sdk.
 * A record is printed once by every backend of its kind whose level window admits it.
 *
 * Levels are numbered from the most severe (CRIT, 20) to the most verbose (TRACE, 70). An
 * application backend has a lower limit, the most verbose level it prints (default INFO),
 * and an upper limit, the most severe (default CRIT): it prints a record when
 * upper <= level <= lower. An SDK backend prints SDK records up to its SDK level (default
 * INFO). The global setters set that limit on every existing backend of their kind and are
 * the defaults of backends created later.
 *
 * softdpa only: until the application creates an SDK backend, SDK records of WARNING and
 * worse go to stderr, so that a misuse is never silent. SOFTDPA_LOG_LEVEL (a name or a
 * number) sets that threshold and the initial global SDK limit, and widens the global
 * lower limit when it is more verbose.
 * A record is printed whole up to 64 KiB of message; a longer one is cut there and ends
 * with "[softdpa: record truncated at 65536 bytes, N more cut]".
 */
#ifndef DOCA_LOG_H_
#define DOCA_LOG_H_

#include <stdint.h>
#include <stdio.h>

#include <doca_compat.h>
#include <doca_error.h>

#ifdef __cplusplus
extern "C" {
#endif

/* Log levels, numbered as DOCA numbers them: a record is printed when its level is at
 * or below the limit in force. */
enum doca_log_level {
	DOCA_LOG_LEVEL_DISABLE = 10, /* nothing is printed */
	DOCA_LOG_LEVEL_CRIT = 20,
	DOCA_LOG_LEVEL_ERROR = 30,
	DOCA_LOG_LEVEL_WARNING = 40,
	DOCA_LOG_LEVEL_INFO = 50,
	DOCA_LOG_LEVEL_DEBUG = 60,
	DOCA_LOG_LEVEL_TRACE = 70,
};

struct doca_log_backend;

/* Global limits: set_* sets the limit of every backend of its kind, and of those created
 * later. Each returns INVALID_VALUE for a level outside DISABLE..TRACE. Defaults: lower
 * INFO, upper CRIT, SDK INFO. */
DOCA_EXPERIMENTAL doca_error_t doca_log_level_set_global_sdk_limit(uint32_t level);
DOCA_EXPERIMENTAL uint32_t doca_log_level_get_global_sdk_limit(void);
DOCA_EXPERIMENTAL doca_error_t doca_log_level_set_global_lower_limit(uint32_t level);
DOCA_EXPERIMENTAL uint32_t doca_log_level_get_global_lower_limit(void);
DOCA_EXPERIMENTAL doca_error_t doca_log_level_set_global_upper_limit(uint32_t level);
DOCA_EXPERIMENTAL uint32_t doca_log_level_get_global_upper_limit(void);

/* The standard backend, a pair: application records from the global lower limit up to
 * INFO on stdout, from WARNING up to the global upper limit on stderr. */
DOCA_EXPERIMENTAL doca_error_t doca_log_backend_create_standard(void);

/* A backend writing application records to 'fptr'. */
DOCA_EXPERIMENTAL doca_error_t doca_log_backend_create_with_file(FILE *fptr,
                                                                 struct doca_log_backend **backend);

/* A backend writing SDK records (only) to 'fptr', up to its SDK level (initially the global
 * SDK limit). Creating one ends softdpa's default stderr output of SDK records. */
DOCA_EXPERIMENTAL doca_error_t
doca_log_backend_create_with_file_sdk(FILE *fptr, struct doca_log_backend **backend);

/* A backend writing application records to file descriptor 'fd'. */
DOCA_EXPERIMENTAL doca_error_t doca_log_backend_create_with_fd(int fd,
                                                               struct doca_log_backend **backend);

/* syslog backends are not emulated: NOT_SUPPORTED. */
DOCA_EXPERIMENTAL doca_error_t
doca_log_backend_create_with_syslog(const char *name, struct doca_log_backend **backend);

/* Per-backend windows. INVALID_VALUE for a NULL backend or a level outside the range;
 * NOT_PERMITTED for a limit the backend does not have (set_sdk_level on an application
 * backend, the lower/upper limits on an SDK backend). */
DOCA_EXPERIMENTAL doca_error_t doca_log_backend_set_sdk_level(struct doca_log_backend *backend,
                                                              uint32_t level);
DOCA_EXPERIMENTAL doca_error_t
doca_log_backend_set_level_lower_limit(struct doca_log_backend *backend, uint32_t level);
DOCA_EXPERIMENTAL doca_error_t
doca_log_backend_set_level_upper_limit(struct doca_log_backend *backend, uint32_t level);

/* Application sources. DOCA_LOG_REGISTER does this for you. */
DOCA_EXPERIMENTAL doca_error_t doca_log_register_source(const char *source_name, int *source);
DOCA_EXPERIMENTAL doca_error_t doca_log_unregister_source(int source);

/* The level's name ("ERR", "WARN", ...) or NULL for an unknown level. */
DOCA_EXPERIMENTAL const char *doca_log_level_get_name(uint32_t level);

/* Implementation entry points of the macros below; call the macros instead. */
DOCA_EXPERIMENTAL doca_error_t priv_doca_log_developer(uint32_t level, int source,
                                                       const char *fname, int line,
                                                       const char *func, const char *format, ...)
        __attribute__((format(printf, 6, 7)));
DOCA_EXPERIMENTAL doca_error_t priv_doca_log_rate_bucket_register(int source, int *bucket);
DOCA_EXPERIMENTAL doca_error_t priv_doca_log_rate_limit(uint32_t level, int source,
                                                        const char *fname, int line,
                                                        const char *func, int bucket,
                                                        const char *format, ...)
        __attribute__((format(printf, 7, 8)));

/* Register this file as log source 'SOURCE'. Use once per file, at file scope. SOURCE is
 * only stringified, so any spelling DOCA accepts works (e.g. KERNEL_LAUNCH::SAMPLE); the
 * helpers are static, so their fixed names never clash between files. */
#define DOCA_LOG_REGISTER(SOURCE)                                                                  \
	static int log_source = -1;                                                                \
	static void __attribute__((constructor)) priv_doca_log_source_register(void)               \
	{                                                                                          \
		(void)doca_log_register_source(#SOURCE, &log_source);                              \
	}                                                                                          \
	static void __attribute__((destructor)) priv_doca_log_source_unregister(void)              \
	{                                                                                          \
		(void)doca_log_unregister_source(log_source);                                      \
	}

#define DOCA_LOG(level, format, ...)                                                               \
	priv_doca_log_developer(DOCA_LOG_LEVEL_##level, log_source, __FILE__, __LINE__, __func__,  \
	                        format, ##__VA_ARGS__)

#define DOCA_LOG_CRIT(format, ...) DOCA_LOG(CRIT, format, ##__VA_ARGS__)
#define DOCA_LOG_ERR(format, ...)  DOCA_LOG(ERROR, format, ##__VA_ARGS__)
#define DOCA_LOG_WARN(format, ...) DOCA_LOG(WARNING, format, ##__VA_ARGS__)
#define DOCA_LOG_INFO(format, ...) DOCA_LOG(INFO, format, ##__VA_ARGS__)
#define DOCA_LOG_DBG(format, ...)  DOCA_LOG(DEBUG, format, ##__VA_ARGS__)
/* Trace records exist only when built with DOCA_LOGGING_ALLOW_TRACE, as in DOCA. */
#ifdef DOCA_LOGGING_ALLOW_TRACE
#define DOCA_LOG_TRC(format, ...) DOCA_LOG(TRACE, format, ##__VA_ARGS__)
#else
#define DOCA_LOG_TRC(format, ...)                                                                  \
	do {                                                                                       \
		if (0)                                                                             \
			DOCA_LOG(TRACE, format, ##__VA_ARGS__);                                    \
	} while (0)
#endif

/* Rate-limited records: each call site may print a few records per second; the rest are
 * counted and reported as suppressed with the next record that passes. */
#define DOCA_LOG_RATE_LIMIT(level, format, ...)                                                    \
	do {                                                                                       \
		static int log_bucket = -1;                                                        \
		if (log_bucket == -1)                                                              \
			(void)priv_doca_log_rate_bucket_register(log_source, &log_bucket);         \
		priv_doca_log_rate_limit(DOCA_LOG_LEVEL_##level, log_source, __FILE__, __LINE__,   \
		                         __func__, log_bucket, format, ##__VA_ARGS__);             \
	} while (0)

#define DOCA_LOG_RATE_LIMIT_CRIT(format, ...) DOCA_LOG_RATE_LIMIT(CRIT, format, ##__VA_ARGS__)
#define DOCA_LOG_RATE_LIMIT_ERR(format, ...)  DOCA_LOG_RATE_LIMIT(ERROR, format, ##__VA_ARGS__)
#define DOCA_LOG_RATE_LIMIT_WARN(format, ...) DOCA_LOG_RATE_LIMIT(WARNING, format, ##__VA_ARGS__)
#define DOCA_LOG_RATE_LIMIT_INFO(format, ...) DOCA_LOG_RATE_LIMIT(INFO, format, ##__VA_ARGS__)
#define DOCA_LOG_RATE_LIMIT_DBG(format, ...)  DOCA_LOG_RATE_LIMIT(DEBUG, format, ##__VA_ARGS__)
#ifdef DOCA_LOGGING_ALLOW_TRACE
#define DOCA_LOG_RATE_LIMIT_TRC(format, ...) DOCA_LOG_RATE_LIMIT(TRACE, format, ##__VA_ARGS__)
#else
#define DOCA_LOG_RATE_LIMIT_TRC(format, ...)                                                       \
	do {                                                                                       \
		if (0)                                                                             \
			DOCA_LOG(TRACE, format, ##__VA_ARGS__);                                    \
	} while (0)
#endif

#ifdef __cplusplus
}
#endif

#endif /* DOCA_LOG_H_ */
