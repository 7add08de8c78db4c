/* SPDX-License-Identifier: BSD-3-Clause
 * DOCA log facility: sources, backends, level windows, rate limiting.
 *
 * Which record goes where, as DOCA documents it (doca_log.h, "DOCA Log"):
 *  - application records (DOCA_LOG_REGISTER sources) go to the application backends only:
 *    the standard backend and those made by doca_log_backend_create_with_file/_fd;
 *  - SDK records (softdpa's own sources) go to the SDK backends only, those made by
 *    doca_log_backend_create_with_file_sdk.
 * An application backend prints a record whose level lies between its upper limit (the
 * most severe end, default CRIT) and its lower limit (the most verbose end, default INFO):
 * numerically upper <= level <= lower. An SDK backend prints levels up to its SDK level.
 * The global setters set that limit on every backend of their kind and are the defaults of
 * backends created later. The standard backend prints lower..INFO on stdout and
 * WARNING..upper on stderr.
 *
 * softdpa adds one thing: until the program creates an SDK backend, SDK records of
 * WARNING and worse (or SOFTDPA_LOG_LEVEL) go to stderr, so that a misuse is never silent.
 *
 * Thread-safety: registration, backend changes and emitting a record take 'lock', so lines
 * from concurrent threads never interleave. The checks before the lock use relaxed loads of
 * the "reach" summaries: a level change racing with a record may or may not affect it.
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
	MSG_INLINE = 1024,       /* a message this long is formatted on the stack */
	RECORD_MAX = 64 * 1024,  /* a longer message is cut there, with a visible mark */
	PREFIX_MAX = 384,        /* "[time][pid][DOCA][LEVEL][file:line][func] " */
	PROBLEM_MAX = 1024,
};

enum backend_kind { BACKEND_FILE, BACKEND_FD, BACKEND_STANDARD };

struct doca_log_backend {
	struct doca_log_backend *next;
	enum backend_kind kind;
	FILE *fp;
	int fd;
	bool sdk;           /* takes SDK records only; otherwise application records only */
	uint32_t lower;     /* application: the most verbose level printed */
	uint32_t upper;     /* application: the most severe level printed */
	uint32_t sdk_level; /* SDK: the most verbose level printed */
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

/* DOCA's defaults: application records INFO..CRIT, SDK records up to INFO. */
static sdpa_atomic_u32 global_lower = DOCA_LOG_LEVEL_INFO;
static sdpa_atomic_u32 global_upper = DOCA_LOG_LEVEL_CRIT;
static sdpa_atomic_u32 global_sdk = DOCA_LOG_LEVEL_INFO;
/* softdpa's stderr output of SDK records before any SDK backend: also capped here. */
static sdpa_atomic_u32 fallback_cap = DOCA_LOG_LEVEL_WARNING;
/* The most verbose level any backend of the kind prints: records past it are dropped
 * before they are formatted. Recomputed under 'lock' whenever a limit changes. */
static sdpa_atomic_u32 app_reach = DOCA_LOG_LEVEL_DISABLE;
static sdpa_atomic_u32 sdk_reach = DOCA_LOG_LEVEL_WARNING;

static sdpa_atomic_u64 sdk_counts[8];
static char last_problem[PROBLEM_MAX];

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

/* Must hold 'lock'. */
static void recompute_reach_locked(void)
{
	uint32_t app = DOCA_LOG_LEVEL_DISABLE, sdk = DOCA_LOG_LEVEL_DISABLE;

	for (const struct doca_log_backend *b = backends; b != NULL; b = b->next) {
		if (b->sdk)
			sdk = b->sdk_level > sdk ? b->sdk_level : sdk;
		else if (b->upper <= b->lower && b->lower > app)
			app = b->lower;
	}
	if (!user_sdk_backend) {
		uint32_t fb =
		        SDPA_MIN(sdpa_load_relaxed(&global_sdk), sdpa_load_relaxed(&fallback_cap));

		sdk = fb > sdk ? fb : sdk;
	}
	sdpa_store_relaxed(&app_reach, app);
	sdpa_store_relaxed(&sdk_reach, sdk);
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
	pthread_mutex_lock(&lock);
	sdpa_store_relaxed(&global_sdk, level);
	sdpa_store_relaxed(&fallback_cap, level);
	/* The variable speaks for every record softdpa prints, the user's included. */
	if (level > sdpa_load_relaxed(&global_lower))
		sdpa_store_relaxed(&global_lower, level);
	recompute_reach_locked();
	pthread_mutex_unlock(&lock);
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

enum window { WIN_SDK, WIN_LOWER, WIN_UPPER };

/* A global setter: the new default, and the limit of every backend of its kind. */
static doca_error_t set_global(enum window which, uint32_t level)
{
	sdpa_atomic_u32 *g = which == WIN_SDK     ? &global_sdk
	                     : which == WIN_LOWER ? &global_lower
	                                          : &global_upper;

	ensure_env();
	pthread_mutex_lock(&lock);
	sdpa_store_relaxed(g, level);
	for (struct doca_log_backend *b = backends; b != NULL; b = b->next) {
		if (which == WIN_SDK && b->sdk)
			b->sdk_level = level;
		else if (which == WIN_LOWER && !b->sdk)
			b->lower = level;
		else if (which == WIN_UPPER && !b->sdk)
			b->upper = level;
	}
	recompute_reach_locked();
	pthread_mutex_unlock(&lock);
	return DOCA_SUCCESS;
}

DOCA_EXPERIMENTAL doca_error_t doca_log_level_set_global_sdk_limit(uint32_t level)
{
	CHECK_LEVEL(__func__, level);
	return set_global(WIN_SDK, level);
}

DOCA_EXPERIMENTAL uint32_t doca_log_level_get_global_sdk_limit(void)
{
	ensure_env();
	return sdpa_load_relaxed(&global_sdk);
}

DOCA_EXPERIMENTAL doca_error_t doca_log_level_set_global_lower_limit(uint32_t level)
{
	CHECK_LEVEL(__func__, level);
	return set_global(WIN_LOWER, level);
}

DOCA_EXPERIMENTAL uint32_t doca_log_level_get_global_lower_limit(void)
{
	ensure_env();
	return sdpa_load_relaxed(&global_lower);
}

DOCA_EXPERIMENTAL doca_error_t doca_log_level_set_global_upper_limit(uint32_t level)
{
	CHECK_LEVEL(__func__, level);
	return set_global(WIN_UPPER, level);
}

DOCA_EXPERIMENTAL uint32_t doca_log_level_get_global_upper_limit(void)
{
	ensure_env();
	return sdpa_load_relaxed(&global_upper);
}

static doca_error_t add_backend(enum backend_kind kind, FILE *fp, int fd, bool sdk,
                                struct doca_log_backend **out)
{
	struct doca_log_backend *b;

	ensure_env();
	b = calloc(1, sizeof(*b));
	if (b == NULL) {
		fprintf(stderr, "softdpa: out of memory creating a log backend; free memory and "
		                "retry\n");
		return DOCA_ERROR_NO_MEMORY;
	}
	b->kind = kind;
	b->fp = fp;
	b->fd = fd;
	b->sdk = sdk;
	pthread_mutex_lock(&lock);
	b->lower = sdpa_load_relaxed(&global_lower);
	b->upper = sdpa_load_relaxed(&global_upper);
	b->sdk_level = sdpa_load_relaxed(&global_sdk);
	b->next = backends;
	backends = b;
	if (sdk)
		user_sdk_backend = true;
	recompute_reach_locked();
	pthread_mutex_unlock(&lock);
	if (out != NULL)
		*out = b;
	return DOCA_SUCCESS;
}

DOCA_EXPERIMENTAL doca_error_t doca_log_backend_create_standard(void)
{
	return add_backend(BACKEND_STANDARD, NULL, -1, false, NULL);
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
	return add_backend(BACKEND_FILE, fptr, -1, false, backend);
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
	return add_backend(BACKEND_FILE, fptr, -1, true, backend);
}

DOCA_EXPERIMENTAL doca_error_t doca_log_backend_create_with_fd(int fd,
                                                               struct doca_log_backend **backend)
{
	if (fd < 0 || backend == NULL) {
		fprintf(stderr, "softdpa: %s: %s; pass an open descriptor and a backend pointer\n",
		        __func__, fd < 0 ? "fd is negative" : "backend is NULL");
		return DOCA_ERROR_INVALID_VALUE;
	}
	return add_backend(BACKEND_FD, NULL, fd, false, backend);
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

/* The three per-backend level setters differ only in the field they set. */
static doca_error_t set_backend_level(const char *fn, struct doca_log_backend *backend,
                                      uint32_t level, enum window which)
{
	if (backend == NULL) {
		fprintf(stderr, "softdpa: %s: backend is NULL\n", fn);
		return DOCA_ERROR_INVALID_VALUE;
	}
	CHECK_LEVEL(fn, level);
	if ((which == WIN_SDK) != backend->sdk) {
		fprintf(stderr,
		        which == WIN_SDK
		                ? "softdpa: %s: this backend takes application records only; set "
		                  "its window with doca_log_backend_set_level_lower_limit/"
		                  "_upper_limit, or create an SDK backend with "
		                  "doca_log_backend_create_with_file_sdk\n"
		                : "softdpa: %s: this backend takes SDK records only; set its level "
		                  "with doca_log_backend_set_sdk_level\n",
		        fn);
		return DOCA_ERROR_NOT_PERMITTED;
	}
	pthread_mutex_lock(&lock);
	if (which == WIN_SDK)
		backend->sdk_level = level;
	else if (which == WIN_LOWER)
		backend->lower = level;
	else
		backend->upper = level;
	recompute_reach_locked();
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
	if (b->sdk != sdk)
		return false;
	if (sdk)
		return level <= b->sdk_level;
	return b->upper <= level && level <= b->lower;
}

static void write_all(int fd, const char *line, size_t len)
{
	while (len > 0) {
		ssize_t r = write(fd, line, len);

		if (r < 0 && errno == EINTR)
			continue;
		if (r <= 0)
			return; /* a full pipe or a closed descriptor loses the record */
		line += r;
		len -= (size_t)r;
	}
}

static void write_line(const struct doca_log_backend *b, uint32_t level, const char *line,
                       size_t len)
{
	FILE *fp = b->fp;

	if (b->kind == BACKEND_FD) {
		write_all(b->fd, line, len);
		return;
	}
	/* The standard backend: lower..INFO on stdout, WARNING..upper on stderr. */
	if (b->kind == BACKEND_STANDARD)
		fp = level <= DOCA_LOG_LEVEL_WARNING ? stderr : stdout;
	fwrite(line, 1, len, fp);
	fflush(fp);
}

/* A message and, when it was longer than RECORD_MAX, how many bytes were cut. */
struct msg {
	const char *text;
	size_t len;
	size_t cut;
};

/* Must hold 'lock'. */
static void emit_locked(uint32_t level, int source, const char *fname, int line, const char *func,
                        const struct msg *m)
{
	char prefix[PREFIX_MAX], mark[96] = "", stack_line[PREFIX_MAX + MSG_INLINE + 96];
	char *out = stack_line;
	const struct msg lost = {"", 0, 0};
	struct timeval tv;
	struct tm tm;
	const char *base = fname != NULL ? strrchr(fname, '/') : NULL;
	bool sdk = source >= 0 && source < MAX_SOURCES && sources[source].sdk;
	size_t plen, mlen, total;
	int n;

	base = base != NULL ? base + 1 : (fname != NULL ? fname : "?");
	gettimeofday(&tv, NULL);
	localtime_r(&tv.tv_sec, &tm);
	n = snprintf(prefix, sizeof(prefix), "[%02d:%02d:%02d:%06ld][%d][%s][%s][%s:%d][%s] ",
	             tm.tm_hour, tm.tm_min, tm.tm_sec, (long)tv.tv_usec, (int)getpid(),
	             sdk ? "SOFTDPA" : "DOCA", doca_log_level_get_name(level), base, line,
	             func != NULL ? func : "?");
	if (n < 0)
		return;
	plen = (size_t)n < sizeof(prefix) ? (size_t)n : sizeof(prefix) - 1;
	if (m->cut > 0)
		snprintf(mark, sizeof(mark),
		         " [softdpa: record truncated at %d bytes, %zu more cut]", RECORD_MAX,
		         m->cut);
	mlen = strlen(mark);
	total = plen + m->len + mlen + 1;
	if (total > sizeof(stack_line)) {
		out = malloc(total);
		if (out == NULL) {
			/* Say at least who and how bad, and that the text was lost. */
			out = stack_line;
			snprintf(mark, sizeof(mark),
			         "[softdpa: out of memory printing a %zu-byte "
			         "record]",
			         m->len);
			mlen = strlen(mark);
			total = plen + mlen + 1;
			m = &lost;
		}
	}
	memcpy(out, prefix, plen);
	memcpy(out + plen, m->text, m->len);
	memcpy(out + plen + m->len, mark, mlen);
	out[total - 1] = '\n';

	for (struct doca_log_backend *b = backends; b != NULL; b = b->next)
		if (backend_admits(b, sdk, level))
			write_line(b, level, out, total);

	/* Loud by default: until the user routes SDK records somewhere, they go to stderr. */
	if (sdk && !user_sdk_backend && level <= sdpa_load_relaxed(&global_sdk) &&
	    level <= sdpa_load_relaxed(&fallback_cap)) {
		fwrite(out, 1, total, stderr);
		fflush(stderr);
	}
	if (out != stack_line)
		free(out);
}

static bool record_wanted(uint32_t level, int source, bool *sdk)
{
	if (source < 0 || source >= MAX_SOURCES || !level_valid(level) ||
	    level == DOCA_LOG_LEVEL_DISABLE)
		return false;
	ensure_env();
	/* 'sdk' is set at registration, before any record of the source: no lock needed. */
	*sdk = sources[source].sdk;
	if (*sdk) /* the counters below see what passes the global SDK limit */
		return level <= sdpa_load_relaxed(&sdk_reach) ||
		       level <= sdpa_load_relaxed(&global_sdk);
	return level <= sdpa_load_relaxed(&app_reach);
}

static void note_sdk(uint32_t level, const char *msg)
{
	if (level > sdpa_load_relaxed(&global_sdk))
		return;
	sdpa_fetch_add_relaxed(&sdk_counts[level_slot(level)], 1);
	if (level <= DOCA_LOG_LEVEL_WARNING)
		snprintf(last_problem, sizeof(last_problem), "%s", msg);
}

/* Format the message: on the stack when short, else on the heap up to RECORD_MAX. Returns
 * false when nothing can be printed. '*heap' is what the caller frees. */
static bool format_msg(char *stack, const char *format, va_list ap, struct msg *m, char **heap)
{
	va_list again;
	size_t keep;
	int n;

	*heap = NULL;
	va_copy(again, ap);
	n = vsnprintf(stack, MSG_INLINE, format, ap);
	if (n < 0) {
		va_end(again);
		return false;
	}
	m->text = stack;
	m->len = (size_t)n;
	m->cut = 0;
	if ((size_t)n < MSG_INLINE) {
		va_end(again);
		return true;
	}
	keep = (size_t)n > RECORD_MAX ? RECORD_MAX : (size_t)n;
	*heap = malloc(keep + 1);
	if (*heap == NULL) {
		/* Keep what fits on the stack, and say how much is missing. */
		va_end(again);
		m->len = MSG_INLINE - 1;
		m->cut = (size_t)n - m->len;
		return true;
	}
	vsnprintf(*heap, keep + 1, format, again);
	va_end(again);
	m->text = *heap;
	m->len = keep;
	m->cut = (size_t)n - keep;
	return true;
}

static doca_error_t vlog(uint32_t level, int source, const char *fname, int line, const char *func,
                         int bucket, const char *format, va_list ap)
{
	char stack[MSG_INLINE], *heap = NULL;
	struct msg m;
	bool sdk = false;

	if (format == NULL)
		return DOCA_ERROR_INVALID_VALUE;
	if (!record_wanted(level, source, &sdk))
		return DOCA_SUCCESS;
	if (!format_msg(stack, format, ap, &m, &heap))
		return DOCA_SUCCESS;

	pthread_mutex_lock(&lock);
	if (bucket >= 0 && bucket < nr_buckets) {
		struct bucket *bk = &buckets[bucket];
		int64_t now_ms = (int64_t)(sdpa_mono_ns() / 1000000);

		if (now_ms - bk->window_start_ms >= 1000) {
			if (bk->suppressed != 0) {
				char note[128];
				struct msg nm = {note, 0, 0};

				snprintf(note, sizeof(note),
				         "(%llu similar records suppressed by rate limiting)",
				         (unsigned long long)bk->suppressed);
				nm.len = strlen(note);
				emit_locked(level, source, fname, line, func, &nm);
			}
			bk->window_start_ms = now_ms;
			bk->printed = 0;
			bk->suppressed = 0;
		}
		if (bk->printed >= RATE_LIMIT_PER_SEC) {
			bk->suppressed++;
			pthread_mutex_unlock(&lock);
			free(heap);
			return DOCA_SUCCESS;
		}
		bk->printed++;
	}
	if (sdk)
		note_sdk(level, m.text);
	emit_locked(level, source, fname, line, func, &m);
	pthread_mutex_unlock(&lock);
	free(heap);
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
