/* SPDX-License-Identifier: BSD-3-Clause
 * DOCA log facility: sources, backends, level windows, rate limiting.
 *
 * Thread-safety: registration and backend creation take 'lock'; emitting a record takes
 * it too, so lines from concurrent threads never interleave. Level checks before the lock
 * use relaxed loads: a level change racing with a record may or may not affect it.
 */
#include <errno.h>
#include <pthread.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/time.h>
#include <time.h>
#include <unistd.h>

#include <doca_log.h>

#include "core/atomics.h"
#include "core/log.h"
#include "core/util.h"

enum {
	MAX_SOURCES = 1024,
	SOURCE_NAME_MAX = 64,
	MAX_BUCKETS = 4096,
	RATE_LIMIT_PER_SEC = 10, /* records a call site may print per second */
	RECORD_MAX = 1024,
};

enum backend_kind { BACKEND_FILE, BACKEND_FD };

struct doca_log_backend {
	struct doca_log_backend *next;
	enum backend_kind kind;
	FILE *fp;
	int fd;
	bool takes_app;    /* application records */
	bool takes_sdk;    /* SDK records */
	bool split_errors; /* standard backend: ERROR/CRIT to stderr */
	uint32_t lower, upper, sdk_level;
};

struct source {
	char name[SOURCE_NAME_MAX];
	bool used;
	bool sdk;
};

struct bucket {
	int64_t window_start_ms;
	uint32_t printed;
	uint64_t suppressed;
};

static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static struct source sources[MAX_SOURCES];
static struct bucket buckets[MAX_BUCKETS];
static int nr_buckets;
static struct doca_log_backend *backends;
static bool user_sdk_backend; /* the application took over SDK output */

static sdpa_atomic_u32 global_lower = DOCA_LOG_LEVEL_DISABLE;
static sdpa_atomic_u32 global_upper = DOCA_LOG_LEVEL_INFO;
static sdpa_atomic_u32 global_sdk = DOCA_LOG_LEVEL_WARNING;

static sdpa_atomic_u64 sdk_counts[8];
static char last_problem[RECORD_MAX];

static pthread_once_t env_once = PTHREAD_ONCE_INIT;

static bool level_valid(uint32_t level)
{
	return level >= DOCA_LOG_LEVEL_DISABLE && level <= DOCA_LOG_LEVEL_TRACE && level % 10 == 0;
}

static unsigned int level_slot(uint32_t level)
{
	return level_valid(level) ? level / 10 : 0;
}

uint32_t sdpa_log_parse_level(const char *s)
{
	static const struct {
		const char *name;
		uint32_t level;
	} names[] = {
	        {"disable", DOCA_LOG_LEVEL_DISABLE}, {"crit", DOCA_LOG_LEVEL_CRIT},
	        {"critical", DOCA_LOG_LEVEL_CRIT},   {"err", DOCA_LOG_LEVEL_ERROR},
	        {"error", DOCA_LOG_LEVEL_ERROR},     {"warn", DOCA_LOG_LEVEL_WARNING},
	        {"warning", DOCA_LOG_LEVEL_WARNING}, {"info", DOCA_LOG_LEVEL_INFO},
	        {"debug", DOCA_LOG_LEVEL_DEBUG},     {"dbg", DOCA_LOG_LEVEL_DEBUG},
	        {"trace", DOCA_LOG_LEVEL_TRACE},     {"trc", DOCA_LOG_LEVEL_TRACE},
	};
	char *end;
	unsigned long v;

	if (s == NULL || *s == '\0')
		return 0;
	for (size_t i = 0; i < SDPA_ARRAY_SIZE(names); i++)
		if (strcasecmp(s, names[i].name) == 0)
			return names[i].level;
	errno = 0;
	v = strtoul(s, &end, 10);
	if (errno != 0 || *end != '\0' || v > UINT32_MAX || !level_valid((uint32_t)v))
		return 0;
	return (uint32_t)v;
}

static void read_env(void)
{
	const char *s = getenv("SOFTDPA_LOG_LEVEL");
	uint32_t level;

	if (s == NULL)
		return;
	level = sdpa_log_parse_level(s);
	if (level == 0) {
		fprintf(stderr,
		        "softdpa: SOFTDPA_LOG_LEVEL='%s' is not a level; use one of disable, crit, "
		        "error, warn, info, debug, trace or 10..70. Keeping 'warn'.\n",
		        s);
		return;
	}
	sdpa_store_relaxed(&global_sdk, level);
	/* The variable speaks for every record softdpa prints, the user's included. */
	if (level > sdpa_load_relaxed(&global_upper))
		sdpa_store_relaxed(&global_upper, level);
}

static void ensure_env(void)
{
	pthread_once(&env_once, read_env);
}

DOCA_EXPERIMENTAL const char *doca_log_level_get_name(uint32_t level)
{
	switch (level) {
	case DOCA_LOG_LEVEL_DISABLE:
		return "DISABLE";
	case DOCA_LOG_LEVEL_CRIT:
		return "CRIT";
	case DOCA_LOG_LEVEL_ERROR:
		return "ERR";
	case DOCA_LOG_LEVEL_WARNING:
		return "WARN";
	case DOCA_LOG_LEVEL_INFO:
		return "INFO";
	case DOCA_LOG_LEVEL_DEBUG:
		return "DBG";
	case DOCA_LOG_LEVEL_TRACE:
		return "TRC";
	default:
		return NULL;
	}
}

/* Every public setter and create call checks its level the same way. */
#define CHECK_LEVEL(fn, level)                                                                     \
	do {                                                                                       \
		if (!level_valid(level)) {                                                         \
			fprintf(stderr,                                                            \
			        "softdpa: %s: level %u is not a DOCA log level; use "              \
			        "DOCA_LOG_LEVEL_DISABLE (10) .. DOCA_LOG_LEVEL_TRACE (70)\n",      \
			        fn, (unsigned int)(level));                                        \
			return DOCA_ERROR_INVALID_VALUE;                                           \
		}                                                                                  \
	} while (0)

DOCA_EXPERIMENTAL doca_error_t doca_log_level_set_global_sdk_limit(uint32_t level)
{
	CHECK_LEVEL(__func__, level);
	ensure_env();
	sdpa_store_relaxed(&global_sdk, level);
	return DOCA_SUCCESS;
}

DOCA_EXPERIMENTAL uint32_t doca_log_level_get_global_sdk_limit(void)
{
	ensure_env();
	return sdpa_load_relaxed(&global_sdk);
}

DOCA_EXPERIMENTAL doca_error_t doca_log_level_set_global_lower_limit(uint32_t level)
{
	CHECK_LEVEL(__func__, level);
	sdpa_store_relaxed(&global_lower, level);
	return DOCA_SUCCESS;
}

DOCA_EXPERIMENTAL uint32_t doca_log_level_get_global_lower_limit(void)
{
	return sdpa_load_relaxed(&global_lower);
}

DOCA_EXPERIMENTAL doca_error_t doca_log_level_set_global_upper_limit(uint32_t level)
{
	CHECK_LEVEL(__func__, level);
	ensure_env();
	sdpa_store_relaxed(&global_upper, level);
	return DOCA_SUCCESS;
}

DOCA_EXPERIMENTAL uint32_t doca_log_level_get_global_upper_limit(void)
{
	ensure_env();
	return sdpa_load_relaxed(&global_upper);
}

static doca_error_t add_backend(enum backend_kind kind, FILE *fp, int fd, bool sdk, bool split,
                                struct doca_log_backend **out)
{
	struct doca_log_backend *b = calloc(1, sizeof(*b));

	if (b == NULL)
		return DOCA_ERROR_NO_MEMORY;
	b->kind = kind;
	b->fp = fp;
	b->fd = fd;
	b->takes_app = true;
	b->takes_sdk = sdk;
	b->split_errors = split;
	b->lower = DOCA_LOG_LEVEL_DISABLE;
	b->upper = DOCA_LOG_LEVEL_TRACE;
	b->sdk_level = DOCA_LOG_LEVEL_TRACE;
	pthread_mutex_lock(&lock);
	b->next = backends;
	backends = b;
	if (sdk)
		user_sdk_backend = true;
	pthread_mutex_unlock(&lock);
	if (out != NULL)
		*out = b;
	return DOCA_SUCCESS;
}

DOCA_EXPERIMENTAL doca_error_t doca_log_backend_create_standard(void)
{
	return add_backend(BACKEND_FILE, stdout, -1, false, true, NULL);
}

DOCA_EXPERIMENTAL doca_error_t doca_log_backend_create_with_file(FILE *fptr,
                                                                 struct doca_log_backend **backend)
{
	if (fptr == NULL || backend == NULL) {
		fprintf(stderr,
		        "softdpa: %s: %s is NULL; pass an open FILE and a backend pointer\n",
		        __func__, fptr == NULL ? "fptr" : "backend");
		return DOCA_ERROR_INVALID_VALUE;
	}
	return add_backend(BACKEND_FILE, fptr, -1, false, false, backend);
}

DOCA_EXPERIMENTAL doca_error_t
doca_log_backend_create_with_file_sdk(FILE *fptr, struct doca_log_backend **backend)
{
	if (fptr == NULL || backend == NULL) {
		fprintf(stderr,
		        "softdpa: %s: %s is NULL; pass an open FILE and a backend pointer\n",
		        __func__, fptr == NULL ? "fptr" : "backend");
		return DOCA_ERROR_INVALID_VALUE;
	}
	return add_backend(BACKEND_FILE, fptr, -1, true, false, backend);
}

DOCA_EXPERIMENTAL doca_error_t doca_log_backend_create_with_fd(int fd,
                                                               struct doca_log_backend **backend)
{
	if (fd < 0 || backend == NULL) {
		fprintf(stderr, "softdpa: %s: %s; pass an open descriptor and a backend pointer\n",
		        __func__, fd < 0 ? "fd is negative" : "backend is NULL");
		return DOCA_ERROR_INVALID_VALUE;
	}
	return add_backend(BACKEND_FD, NULL, fd, false, false, backend);
}

DOCA_EXPERIMENTAL doca_error_t
doca_log_backend_create_with_syslog(const char *name, struct doca_log_backend **backend)
{
	(void)name;
	(void)backend;
	fprintf(stderr, "softdpa: doca_log_backend_create_with_syslog is not supported by the "
	                "emulator; use doca_log_backend_create_with_file or _with_fd\n");
	return DOCA_ERROR_NOT_SUPPORTED;
}

enum backend_window { WIN_SDK, WIN_LOWER, WIN_UPPER };

/* The three per-backend level setters differ only in the field they set. */
static doca_error_t set_backend_level(const char *fn, struct doca_log_backend *backend,
                                      uint32_t level, enum backend_window which)
{
	if (backend == NULL) {
		fprintf(stderr, "softdpa: %s: backend is NULL\n", fn);
		return DOCA_ERROR_INVALID_VALUE;
	}
	CHECK_LEVEL(fn, level);
	if (which == WIN_SDK && !backend->takes_sdk) {
		fprintf(stderr,
		        "softdpa: %s: this backend takes no SDK records; create it with "
		        "doca_log_backend_create_with_file_sdk\n",
		        fn);
		return DOCA_ERROR_INVALID_VALUE;
	}
	pthread_mutex_lock(&lock);
	if (which == WIN_SDK)
		backend->sdk_level = level;
	else if (which == WIN_LOWER)
		backend->lower = level;
	else
		backend->upper = level;
	pthread_mutex_unlock(&lock);
	return DOCA_SUCCESS;
}

DOCA_EXPERIMENTAL doca_error_t doca_log_backend_set_sdk_level(struct doca_log_backend *backend,
                                                              uint32_t level)
{
	return set_backend_level(__func__, backend, level, WIN_SDK);
}

DOCA_EXPERIMENTAL doca_error_t
doca_log_backend_set_level_lower_limit(struct doca_log_backend *backend, uint32_t level)
{
	return set_backend_level(__func__, backend, level, WIN_LOWER);
}

DOCA_EXPERIMENTAL doca_error_t
doca_log_backend_set_level_upper_limit(struct doca_log_backend *backend, uint32_t level)
{
	return set_backend_level(__func__, backend, level, WIN_UPPER);
}

static doca_error_t register_source(const char *name, int *source, bool sdk)
{
	if (name == NULL || source == NULL || name[0] == '\0')
		return DOCA_ERROR_INVALID_VALUE;
	pthread_mutex_lock(&lock);
	for (int i = 0; i < MAX_SOURCES; i++) {
		if (!sources[i].used) {
			sources[i].used = true;
			sources[i].sdk = sdk;
			snprintf(sources[i].name, sizeof(sources[i].name), "%s", name);
			*source = i;
			pthread_mutex_unlock(&lock);
			return DOCA_SUCCESS;
		}
	}
	pthread_mutex_unlock(&lock);
	return DOCA_ERROR_NO_MEMORY;
}

DOCA_EXPERIMENTAL doca_error_t doca_log_register_source(const char *source_name, int *source)
{
	return register_source(source_name, source, false);
}

doca_error_t sdpa_log_register_sdk_source(const char *name, int *source)
{
	return register_source(name, source, true);
}

DOCA_EXPERIMENTAL doca_error_t doca_log_unregister_source(int source)
{
	if (source < 0 || source >= MAX_SOURCES)
		return DOCA_ERROR_INVALID_VALUE;
	pthread_mutex_lock(&lock);
	if (!sources[source].used) {
		pthread_mutex_unlock(&lock);
		return DOCA_ERROR_NOT_FOUND;
	}
	sources[source].used = false;
	pthread_mutex_unlock(&lock);
	return DOCA_SUCCESS;
}

static bool backend_admits(const struct doca_log_backend *b, bool sdk, uint32_t level)
{
	if (sdk)
		return b->takes_sdk && level <= b->sdk_level;
	return b->takes_app && level <= b->upper && level >= b->lower;
}

static void write_line(struct doca_log_backend *b, uint32_t level, const char *line, size_t len)
{
	if (b->kind == BACKEND_FD) {
		ssize_t r = write(b->fd, line, len);
		(void)r;
		return;
	}
	FILE *fp = b->fp;
	if (b->split_errors && level <= DOCA_LOG_LEVEL_ERROR)
		fp = stderr;
	fwrite(line, 1, len, fp);
	fflush(fp);
}

/* Must hold 'lock'. */
static void emit_locked(uint32_t level, int source, const char *fname, int line, const char *func,
                        const char *msg)
{
	char out[RECORD_MAX + 256];
	struct timeval tv;
	struct tm tm;
	const char *base = fname != NULL ? strrchr(fname, '/') : NULL;
	bool sdk = source >= 0 && source < MAX_SOURCES && sources[source].sdk;
	int n;

	base = base != NULL ? base + 1 : (fname != NULL ? fname : "?");
	gettimeofday(&tv, NULL);
	localtime_r(&tv.tv_sec, &tm);
	n = snprintf(out, sizeof(out), "[%02d:%02d:%02d:%06ld][%d][%s][%s][%s:%d][%s] %s\n",
	             tm.tm_hour, tm.tm_min, tm.tm_sec, (long)tv.tv_usec, (int)getpid(),
	             sdk ? "SOFTDPA" : "DOCA", doca_log_level_get_name(level), base, line,
	             func != NULL ? func : "?", msg);
	if (n < 0)
		return;
	if ((size_t)n >= sizeof(out))
		n = sizeof(out) - 1;

	for (struct doca_log_backend *b = backends; b != NULL; b = b->next)
		if (backend_admits(b, sdk, level))
			write_line(b, level, out, (size_t)n);

	/* Loud by default: until the user routes SDK records somewhere, they go to stderr. */
	if (sdk && !user_sdk_backend) {
		fwrite(out, 1, (size_t)n, stderr);
		fflush(stderr);
	}
}

static bool record_wanted(uint32_t level, int source, bool *sdk)
{
	if (source < 0 || source >= MAX_SOURCES || !level_valid(level) ||
	    level == DOCA_LOG_LEVEL_DISABLE)
		return false;
	ensure_env();
	/* 'sdk' is set at registration, before any record of the source: no lock needed. */
	*sdk = sources[source].sdk;
	if (*sdk)
		return level <= sdpa_load_relaxed(&global_sdk);
	return level <= sdpa_load_relaxed(&global_upper) &&
	       level >= sdpa_load_relaxed(&global_lower);
}

static void note_sdk(uint32_t level, const char *msg)
{
	sdpa_fetch_add_relaxed(&sdk_counts[level_slot(level)], 1);
	if (level <= DOCA_LOG_LEVEL_WARNING)
		snprintf(last_problem, sizeof(last_problem), "%s", msg);
}

static doca_error_t vlog(uint32_t level, int source, const char *fname, int line, const char *func,
                         int bucket, const char *format, va_list ap)
{
	char msg[RECORD_MAX];
	bool sdk = false;

	if (format == NULL)
		return DOCA_ERROR_INVALID_VALUE;
	if (!record_wanted(level, source, &sdk))
		return DOCA_SUCCESS;
	vsnprintf(msg, sizeof(msg), format, ap);

	pthread_mutex_lock(&lock);
	if (bucket >= 0 && bucket < nr_buckets) {
		struct bucket *bk = &buckets[bucket];
		struct timespec ts;
		int64_t now_ms;

		clock_gettime(CLOCK_MONOTONIC, &ts);
		now_ms = (int64_t)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
		if (now_ms - bk->window_start_ms >= 1000) {
			if (bk->suppressed != 0) {
				char note[128];
				snprintf(note, sizeof(note),
				         "(%llu similar records suppressed by rate limiting)",
				         (unsigned long long)bk->suppressed);
				emit_locked(level, source, fname, line, func, note);
			}
			bk->window_start_ms = now_ms;
			bk->printed = 0;
			bk->suppressed = 0;
		}
		if (bk->printed >= RATE_LIMIT_PER_SEC) {
			bk->suppressed++;
			pthread_mutex_unlock(&lock);
			return DOCA_SUCCESS;
		}
		bk->printed++;
	}
	if (sdk)
		note_sdk(level, msg);
	emit_locked(level, source, fname, line, func, msg);
	pthread_mutex_unlock(&lock);
	return DOCA_SUCCESS;
}

DOCA_EXPERIMENTAL doca_error_t priv_doca_log_developer(uint32_t level, int source,
                                                       const char *fname, int line,
                                                       const char *func, const char *format, ...)
{
	va_list ap;
	doca_error_t r;

	va_start(ap, format);
	r = vlog(level, source, fname, line, func, -1, format, ap);
	va_end(ap);
	return r;
}

DOCA_EXPERIMENTAL doca_error_t priv_doca_log_rate_bucket_register(int source, int *bucket)
{
	if (bucket == NULL || source < 0 || source >= MAX_SOURCES)
		return DOCA_ERROR_INVALID_VALUE;
	pthread_mutex_lock(&lock);
	if (*bucket >= 0) { /* another thread of the same call site won the race */
		pthread_mutex_unlock(&lock);
		return DOCA_SUCCESS;
	}
	if (nr_buckets >= MAX_BUCKETS) {
		pthread_mutex_unlock(&lock);
		return DOCA_ERROR_NO_MEMORY;
	}
	*bucket = nr_buckets++;
	buckets[*bucket].window_start_ms = 0;
	pthread_mutex_unlock(&lock);
	return DOCA_SUCCESS;
}

DOCA_EXPERIMENTAL doca_error_t priv_doca_log_rate_limit(uint32_t level, int source,
                                                        const char *fname, int line,
                                                        const char *func, int bucket,
                                                        const char *format, ...)
{
	va_list ap;
	doca_error_t r;

	va_start(ap, format);
	r = vlog(level, source, fname, line, func, bucket < 0 ? MAX_BUCKETS : bucket, format, ap);
	va_end(ap);
	return r;
}

uint64_t sdpa_log_sdk_count(uint32_t level)
{
	return sdpa_load_relaxed(&sdk_counts[level_slot(level)]);
}

void sdpa_log_last_problem(char *buf, size_t size)
{
	if (buf == NULL || size == 0)
		return;
	pthread_mutex_lock(&lock);
	snprintf(buf, size, "%s", last_problem);
	pthread_mutex_unlock(&lock);
}

void sdpa_log_source_name(int source, char *buf, size_t size)
{
	if (buf == NULL || size == 0)
		return;
	pthread_mutex_lock(&lock);
	snprintf(buf, size, "%s",
	         source >= 0 && source < MAX_SOURCES && sources[source].used ? sources[source].name
	                                                                     : "");
	pthread_mutex_unlock(&lock);
}

void sdpa_log_reset_counters(void)
{
	pthread_mutex_lock(&lock);
	for (size_t i = 0; i < SDPA_ARRAY_SIZE(sdk_counts); i++)
		sdpa_store_relaxed(&sdk_counts[i], 0);
	last_problem[0] = '\0';
	pthread_mutex_unlock(&lock);
}
