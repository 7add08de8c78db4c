/* SPDX-License-Identifier: BSD-3-Clause */
/**
 * @file
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

/**
 * @brief Log levels, numbered as DOCA numbers them: a record is printed when its level is at
 * or below the limit in force.
 */
enum doca_log_level {
	DOCA_LOG_LEVEL_DISABLE = 10, /**< nothing is printed */
	DOCA_LOG_LEVEL_CRIT = 20,    /**< critical: the program cannot go on */
	DOCA_LOG_LEVEL_ERROR = 30,   /**< an operation failed */
	DOCA_LOG_LEVEL_WARNING = 40, /**< something is wrong but work goes on */
	DOCA_LOG_LEVEL_INFO = 50,    /**< what the program is doing */
	DOCA_LOG_LEVEL_DEBUG = 60,   /**< details for debugging */
	DOCA_LOG_LEVEL_TRACE = 70,   /**< the most verbose (needs DOCA_LOGGING_ALLOW_TRACE) */
};

/** @brief A log backend: where records of one kind are written (opaque). */
struct doca_log_backend;

/**
 * @brief Set the SDK level of every SDK backend, and the default of those created later.
 *
 * @param [in] level
 * A doca_log_level (default DOCA_LOG_LEVEL_INFO).
 * @return DOCA_SUCCESS on success; DOCA_ERROR_INVALID_VALUE for a level outside
 * DISABLE..TRACE (or not a multiple of 10).
 * @note softdpa: until the application creates an SDK backend, the limit also caps what
 * softdpa's default stderr output of SDK records prints.
 */
DOCA_EXPERIMENTAL doca_error_t doca_log_level_set_global_sdk_limit(uint32_t level);

/**
 * @brief The global SDK limit.
 *
 * @return The level last set by doca_log_level_set_global_sdk_limit(), else the default
 * (DOCA_LOG_LEVEL_INFO, or SOFTDPA_LOG_LEVEL when set).
 */
DOCA_EXPERIMENTAL uint32_t doca_log_level_get_global_sdk_limit(void);

/**
 * @brief Set the lower limit (the most verbose level printed) of every application backend,
 * and the default of those created later.
 *
 * @param [in] level
 * A doca_log_level (default DOCA_LOG_LEVEL_INFO).
 * @return DOCA_SUCCESS on success; DOCA_ERROR_INVALID_VALUE for a level outside
 * DISABLE..TRACE (or not a multiple of 10).
 */
DOCA_EXPERIMENTAL doca_error_t doca_log_level_set_global_lower_limit(uint32_t level);

/**
 * @brief The global lower limit of the application backends.
 *
 * @return The level last set, else the default (DOCA_LOG_LEVEL_INFO, or SOFTDPA_LOG_LEVEL
 * when that is more verbose).
 */
DOCA_EXPERIMENTAL uint32_t doca_log_level_get_global_lower_limit(void);

/**
 * @brief Set the upper limit (the most severe level printed) of every application backend,
 * and the default of those created later.
 *
 * @param [in] level
 * A doca_log_level (default DOCA_LOG_LEVEL_CRIT).
 * @return DOCA_SUCCESS on success; DOCA_ERROR_INVALID_VALUE for a level outside
 * DISABLE..TRACE (or not a multiple of 10).
 */
DOCA_EXPERIMENTAL doca_error_t doca_log_level_set_global_upper_limit(uint32_t level);

/**
 * @brief The global upper limit of the application backends.
 *
 * @return The level last set, else DOCA_LOG_LEVEL_CRIT.
 */
DOCA_EXPERIMENTAL uint32_t doca_log_level_get_global_upper_limit(void);

/**
 * @brief Create the standard backend, a pair: application records from the global lower
 * limit up to INFO on stdout, from WARNING up to the global upper limit on stderr.
 *
 * @return DOCA_SUCCESS on success; DOCA_ERROR_NO_MEMORY when the backend cannot be
 * allocated.
 */
DOCA_EXPERIMENTAL doca_error_t doca_log_backend_create_standard(void);

/**
 * @brief Create a backend writing application records to a stream.
 *
 * @param [in] fptr
 * An open stream; it must stay open while the backend lives.
 * @param [out] backend
 * The new backend, with the global lower and upper limits.
 * @return DOCA_SUCCESS on success; DOCA_ERROR_INVALID_VALUE when fptr or backend is NULL;
 * DOCA_ERROR_NO_MEMORY when the backend cannot be allocated.
 */
DOCA_EXPERIMENTAL doca_error_t doca_log_backend_create_with_file(FILE *fptr,
                                                                 struct doca_log_backend **backend);

/**
 * @brief Create a backend writing SDK records (only) to a stream, up to its SDK level
 * (initially the global SDK limit).
 *
 * @param [in] fptr
 * An open stream; it must stay open while the backend lives.
 * @param [out] backend
 * The new backend.
 * @return DOCA_SUCCESS on success; DOCA_ERROR_INVALID_VALUE when fptr or backend is NULL;
 * DOCA_ERROR_NO_MEMORY when the backend cannot be allocated.
 * @note Creating one ends softdpa's default stderr output of SDK records.
 */
DOCA_EXPERIMENTAL doca_error_t
doca_log_backend_create_with_file_sdk(FILE *fptr, struct doca_log_backend **backend);

/**
 * @brief Create a backend writing application records to a file descriptor.
 *
 * @param [in] fd
 * An open descriptor; it must stay open while the backend lives.
 * @param [out] backend
 * The new backend, with the global lower and upper limits.
 * @return DOCA_SUCCESS on success; DOCA_ERROR_INVALID_VALUE when fd is negative or backend
 * is NULL; DOCA_ERROR_NO_MEMORY when the backend cannot be allocated.
 */
DOCA_EXPERIMENTAL doca_error_t doca_log_backend_create_with_fd(int fd,
                                                               struct doca_log_backend **backend);

/**
 * @brief Create a backend writing application records to syslog.
 *
 * @param [in] name
 * The name the records carry in syslog.
 * @param [out] backend
 * The new backend.
 * @return DOCA_ERROR_NOT_SUPPORTED always.
 * @note syslog backends are not emulated by softdpa.
 */
DOCA_EXPERIMENTAL doca_error_t
doca_log_backend_create_with_syslog(const char *name, struct doca_log_backend **backend);

/**
 * @brief Set the SDK level of one SDK backend: it prints SDK records up to that level.
 *
 * @param [in] backend
 * A backend from doca_log_backend_create_with_file_sdk().
 * @param [in] level
 * A doca_log_level.
 * @return DOCA_SUCCESS on success; DOCA_ERROR_INVALID_VALUE when backend is NULL or the
 * level is outside DISABLE..TRACE; DOCA_ERROR_NOT_PERMITTED for an application backend.
 */
DOCA_EXPERIMENTAL doca_error_t doca_log_backend_set_sdk_level(struct doca_log_backend *backend,
                                                              uint32_t level);

/**
 * @brief Set the lower limit (the most verbose level printed) of one application backend.
 *
 * @param [in] backend
 * An application backend.
 * @param [in] level
 * A doca_log_level.
 * @return DOCA_SUCCESS on success; DOCA_ERROR_INVALID_VALUE when backend is NULL or the
 * level is outside DISABLE..TRACE; DOCA_ERROR_NOT_PERMITTED for an SDK backend.
 */
DOCA_EXPERIMENTAL doca_error_t
doca_log_backend_set_level_lower_limit(struct doca_log_backend *backend, uint32_t level);

/**
 * @brief Set the upper limit (the most severe level printed) of one application backend.
 *
 * @param [in] backend
 * An application backend.
 * @param [in] level
 * A doca_log_level.
 * @return DOCA_SUCCESS on success; DOCA_ERROR_INVALID_VALUE when backend is NULL or the
 * level is outside DISABLE..TRACE; DOCA_ERROR_NOT_PERMITTED for an SDK backend.
 */
DOCA_EXPERIMENTAL doca_error_t
doca_log_backend_set_level_upper_limit(struct doca_log_backend *backend, uint32_t level);

/**
 * @brief Register an application log source. DOCA_LOG_REGISTER does this for you.
 *
 * @param [in] source_name
 * The name the records of the source carry.
 * @param [out] source
 * The source's identifier, for the logging calls and doca_log_unregister_source().
 * @return DOCA_SUCCESS on success; DOCA_ERROR_INVALID_VALUE when source_name is NULL or
 * empty or source is NULL; DOCA_ERROR_NO_MEMORY when the table of sources is full.
 */
DOCA_EXPERIMENTAL doca_error_t doca_log_register_source(const char *source_name, int *source);

/**
 * @brief Unregister a log source. DOCA_LOG_REGISTER does this at exit.
 *
 * @param [in] source
 * The identifier from doca_log_register_source().
 * @return DOCA_SUCCESS on success; DOCA_ERROR_INVALID_VALUE for an identifier out of range;
 * DOCA_ERROR_NOT_FOUND when no source is registered with it.
 */
DOCA_EXPERIMENTAL doca_error_t doca_log_unregister_source(int source);

/**
 * @brief The short name of a level.
 *
 * @param [in] level
 * A doca_log_level.
 * @return "DISABLE", "CRIT", "ERR", "WARN", "INFO", "DBG" or "TRC"; NULL for an unknown
 * level.
 */
DOCA_EXPERIMENTAL const char *doca_log_level_get_name(uint32_t level);

/**
 * @brief Write one record. Implementation entry point of DOCA_LOG; call the macros instead.
 *
 * @param [in] level
 * The record's level.
 * @param [in] source
 * The source's identifier.
 * @param [in] fname
 * The source file.
 * @param [in] line
 * The line in the file.
 * @param [in] func
 * The function.
 * @param [in] format
 * A printf format, followed by its arguments.
 * @return DOCA_SUCCESS, also when no backend prints the record; DOCA_ERROR_INVALID_VALUE
 * when format is NULL.
 * @note A message is printed whole up to 64 KiB; a longer one is cut there.
 */
DOCA_EXPERIMENTAL doca_error_t priv_doca_log_developer(uint32_t level, int source,
                                                       const char *fname, int line,
                                                       const char *func, const char *format, ...)
        __attribute__((format(printf, 6, 7)));

/**
 * @brief Give a call site its rate-limit bucket. Implementation entry point of
 * DOCA_LOG_RATE_LIMIT; call the macros instead.
 *
 * @param [in] source
 * The source's identifier.
 * @param [in,out] bucket
 * The call site's bucket: set when it is still negative, kept otherwise.
 * @return DOCA_SUCCESS on success; DOCA_ERROR_INVALID_VALUE when bucket is NULL or source is
 * out of range; DOCA_ERROR_NO_MEMORY when every bucket is taken (the call site then logs
 * without rate limit).
 */
DOCA_EXPERIMENTAL doca_error_t priv_doca_log_rate_bucket_register(int source, int *bucket);

/**
 * @brief Write one rate-limited record. Implementation entry point of DOCA_LOG_RATE_LIMIT;
 * call the macros instead.
 *
 * @param [in] level
 * The record's level.
 * @param [in] source
 * The source's identifier.
 * @param [in] fname
 * The source file.
 * @param [in] line
 * The line in the file.
 * @param [in] func
 * The function.
 * @param [in] bucket
 * The call site's bucket (negative: no rate limit).
 * @param [in] format
 * A printf format, followed by its arguments.
 * @return DOCA_SUCCESS, also when the record is suppressed or no backend prints it;
 * DOCA_ERROR_INVALID_VALUE when format is NULL.
 */
DOCA_EXPERIMENTAL doca_error_t priv_doca_log_rate_limit(uint32_t level, int source,
                                                        const char *fname, int line,
                                                        const char *func, int bucket,
                                                        const char *format, ...)
        __attribute__((format(printf, 7, 8)));

/**
 * @brief Register this file as log source 'SOURCE'. Use once per file, at file scope.
 *
 * SOURCE is only stringified, so any spelling DOCA accepts works (e.g.
 * KERNEL_LAUNCH::SAMPLE); the helpers are static, so their fixed names never clash between
 * files.
 */
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

/** @brief Write a record of level 'level' (CRIT, ERROR, WARNING, INFO, DEBUG, TRACE). */
#define DOCA_LOG(level, format, ...)                                                               \
	priv_doca_log_developer(DOCA_LOG_LEVEL_##level, log_source, __FILE__, __LINE__, __func__,  \
	                        format, ##__VA_ARGS__)

/**
 * @brief DOCA_LOG_CRIT, _ERR, _WARN, _INFO, _DBG (and _TRC): write a record of that level
 * from this file's source, with a printf format and its arguments.
 * @{
 */
#define DOCA_LOG_CRIT(format, ...) DOCA_LOG(CRIT, format, ##__VA_ARGS__)
#define DOCA_LOG_ERR(format, ...)  DOCA_LOG(ERROR, format, ##__VA_ARGS__)
#define DOCA_LOG_WARN(format, ...) DOCA_LOG(WARNING, format, ##__VA_ARGS__)
#define DOCA_LOG_INFO(format, ...) DOCA_LOG(INFO, format, ##__VA_ARGS__)
#define DOCA_LOG_DBG(format, ...)  DOCA_LOG(DEBUG, format, ##__VA_ARGS__)
/** @} */
/* Trace records exist only when built with DOCA_LOGGING_ALLOW_TRACE, as in DOCA. */
#ifdef DOCA_LOGGING_ALLOW_TRACE
/** @brief Write a trace record. */
#define DOCA_LOG_TRC(format, ...) DOCA_LOG(TRACE, format, ##__VA_ARGS__)
#else
/** @brief Trace records are compiled out (the format is still checked). */
#define DOCA_LOG_TRC(format, ...)                                                                  \
	do {                                                                                       \
		if (0)                                                                             \
			DOCA_LOG(TRACE, format, ##__VA_ARGS__);                                    \
	} while (0)
#endif

/**
 * @brief Write a rate-limited record: each call site may print a few records per second;
 * the rest are counted and reported as suppressed with the next record that passes.
 */
#define DOCA_LOG_RATE_LIMIT(level, format, ...)                                                    \
	do {                                                                                       \
		static int log_bucket = -1;                                                        \
		if (log_bucket == -1)                                                              \
			(void)priv_doca_log_rate_bucket_register(log_source, &log_bucket);         \
		priv_doca_log_rate_limit(DOCA_LOG_LEVEL_##level, log_source, __FILE__, __LINE__,   \
		                         __func__, log_bucket, format, ##__VA_ARGS__);             \
	} while (0)

/**
 * @brief DOCA_LOG_RATE_LIMIT_CRIT, _ERR, _WARN, _INFO, _DBG (and _TRC): a rate-limited
 * record of that level.
 * @{
 */
#define DOCA_LOG_RATE_LIMIT_CRIT(format, ...) DOCA_LOG_RATE_LIMIT(CRIT, format, ##__VA_ARGS__)
#define DOCA_LOG_RATE_LIMIT_ERR(format, ...)  DOCA_LOG_RATE_LIMIT(ERROR, format, ##__VA_ARGS__)
#define DOCA_LOG_RATE_LIMIT_WARN(format, ...) DOCA_LOG_RATE_LIMIT(WARNING, format, ##__VA_ARGS__)
#define DOCA_LOG_RATE_LIMIT_INFO(format, ...) DOCA_LOG_RATE_LIMIT(INFO, format, ##__VA_ARGS__)
#define DOCA_LOG_RATE_LIMIT_DBG(format, ...)  DOCA_LOG_RATE_LIMIT(DEBUG, format, ##__VA_ARGS__)
#ifdef DOCA_LOGGING_ALLOW_TRACE
/** @brief Write a rate-limited trace record. */
#define DOCA_LOG_RATE_LIMIT_TRC(format, ...) DOCA_LOG_RATE_LIMIT(TRACE, format, ##__VA_ARGS__)
#else
/** @brief Trace records are compiled out (the format is still checked). */
#define DOCA_LOG_RATE_LIMIT_TRC(format, ...)                                                       \
	do {                                                                                       \
		if (0)                                                                             \
			DOCA_LOG(TRACE, format, ##__VA_ARGS__);                                    \
	} while (0)
#endif
/** @} */

#ifdef __cplusplus
}
#endif

#endif /* DOCA_LOG_H_ */
