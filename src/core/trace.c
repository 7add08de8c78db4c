/* SPDX-License-Identifier: BSD-3-Clause
 * SOFTDPA_TRACE: per-thread event buffers and the Chrome/Perfetto JSON writer
 * (docs/TRACING.md, src/core/trace.h).
 *
 * A buffer belongs to one OS thread at a time. Its owner writes an event, then publishes
 * it by moving 'n' with release (R-ev); the writer reads 'n' with acquire (A-ev) and
 * reads only events below it. Events are stored in chunks that double in size and are
 * never freed, so a published event never moves. When a thread exits its buffer becomes
 * free and the next new thread adopts it (under 'lock'), which bounds the number of
 * buffers by the number of threads alive at once.
 */
#include <errno.h>
#include <inttypes.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <softdpa.h>

#include "core/config.h"
#include "core/log.h"
#include "core/trace.h"
#include "core/util.h"

SDPA_LOG_REGISTER(core_trace);

enum {
	CHUNK0 = 256,   /* events in chunk 0; chunk k holds CHUNK0 << k */
	NR_CHUNKS = 13, /* CHUNK0 * (2^13 - 1) >= SDPA_TRACE_MAX_EVENTS */
	NAME_CACHE = 8, /* per-thread cache of copied strings */
	NR_PIDS = 4,
	INTERN_BUCKETS = 256,
	CALLER_TID_BASE = 0x10000, /* tracks of SDPA_TRACE_TID_CALLER: base + buffer index */
};

_Static_assert((uint64_t)CHUNK0 *((1u << NR_CHUNKS) - 1) >= SDPA_TRACE_MAX_EVENTS,
               "chunks must hold SDPA_TRACE_MAX_EVENTS");

struct ev {
	uint64_t ts, dur; /* ns */
	const char *name; /* interned */
	const char *key[SDPA_TRACE_MAX_ARGS];
	int64_t val[SDPA_TRACE_MAX_ARGS];
	const char *skey[2], *sval[2]; /* sval interned */
	uint32_t pid, tid;
	char ph;
};

struct tbuf {
	struct tbuf *next;                /* under 'lock' */
	uint32_t index;                   /* registration order */
	bool in_use;                      /* under 'lock': a live thread owns it */
	sdpa_atomic_u32 n;                /* R-ev / A-ev */
	sdpa_atomic_u32 first;            /* events below were recorded before a reload */
	sdpa_atomic_u64 dropped[NR_PIDS]; /* relaxed counters */
	struct ev *chunks[NR_CHUNKS];     /* written by the owner before R-ev */
	const char *csrc[NAME_CACHE], *cstr[NAME_CACHE]; /* owner only */
	unsigned int cnext;
};

struct istr {
	struct istr *next;
	char s[];
};

sdpa_atomic_int sdpa_trace_enabled;

static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER; /* buffers, path, writing */
static pthread_mutex_t intern_lock = PTHREAD_MUTEX_INITIALIZER;
static struct tbuf *buffers;
static uint32_t nr_buffers;
static char *path;
static uint64_t base_ns;
static bool atexit_registered;
static sdpa_atomic_u32 max_events = SDPA_TRACE_MAX_EVENTS;
static struct istr *interned[INTERN_BUCKETS];
static pthread_key_t buf_key;
static pthread_once_t key_once = PTHREAD_ONCE_INIT;
static __thread struct tbuf *my_buf;

/* ---- buffers ---- */

static void buf_release(void *p)
{
	struct tbuf *b = p;

	pthread_mutex_lock(&lock);
	b->in_use = false; /* the mutex orders our events before the next owner's */
	pthread_mutex_unlock(&lock);
}

static void key_create(void)
{
	if (pthread_key_create(&buf_key, buf_release) != 0)
		DOCA_LOG_WARN("SOFTDPA_TRACE: cannot create a thread key; buffers of exited "
		              "threads will not be reused");
}

static struct tbuf *buf_get(void)
{
	struct tbuf *b;

	if (SDPA_LIKELY(my_buf != NULL))
		return my_buf;
	pthread_once(&key_once, key_create);
	pthread_mutex_lock(&lock);
	for (b = buffers; b != NULL && b->in_use; b = b->next)
		;
	if (b == NULL) {
		b = calloc(1, sizeof(*b));
		if (b != NULL) {
			b->index = nr_buffers++;
			b->next = buffers;
			buffers = b;
		}
	} else {
		memset(b->csrc, 0, sizeof(b->csrc));
	}
	if (b != NULL)
		b->in_use = true;
	pthread_mutex_unlock(&lock);
	if (b == NULL)
		return NULL; /* out of memory: events of this thread are lost, never a crash */
	(void)pthread_setspecific(buf_key, b);
	my_buf = b;
	return b;
}

static unsigned int pid_slot(uint32_t pid)
{
	return pid < NR_PIDS ? pid : 0;
}

/* Room for one more event of the calling thread, or NULL (counted as dropped). */
static struct ev *ev_slot(struct tbuf *b, uint32_t pid)
{
	uint32_t n = sdpa_load_relaxed(&b->n); /* our own counter */
	uint32_t k, off;

	if (n - sdpa_load_relaxed(&b->first) >= sdpa_load_relaxed(&max_events) ||
	    n >= SDPA_TRACE_MAX_EVENTS)
		goto drop;
	/* Chunk k starts at event CHUNK0 * (2^k - 1). */
	k = 31u - (uint32_t)__builtin_clz(n / CHUNK0 + 1);
	off = n - CHUNK0 * ((1u << k) - 1);
	if (b->chunks[k] == NULL) {
		b->chunks[k] = malloc(sizeof(struct ev) * ((size_t)CHUNK0 << k));
		if (b->chunks[k] == NULL)
			goto drop;
	}
	return &b->chunks[k][off];
drop:
	sdpa_fetch_add_relaxed(&b->dropped[pid_slot(pid)], 1);
	return NULL;
}

static void ev_commit(struct tbuf *b)
{
	/* R-ev: pairs with A-ev in write_file: the event is complete before it counts. */
	sdpa_store_release(&b->n, sdpa_load_relaxed(&b->n) + 1);
}

static const struct ev *ev_at(const struct tbuf *b, uint32_t i)
{
	uint32_t k = 31u - (uint32_t)__builtin_clz(i / CHUNK0 + 1);

	return &b->chunks[k][i - CHUNK0 * ((1u << k) - 1)];
}

/* ---- strings ---- */

static const char *intern_slow(const char *s)
{
	uint32_t h = 2166136261u;
	struct istr *e;
	size_t len = strlen(s);

	for (size_t i = 0; i < len; i++)
		h = (h ^ (uint8_t)s[i]) * 16777619u;
	pthread_mutex_lock(&intern_lock);
	for (e = interned[h % INTERN_BUCKETS]; e != NULL; e = e->next)
		if (strcmp(e->s, s) == 0)
			break;
	if (e == NULL) {
		e = malloc(sizeof(*e) + len + 1);
		if (e != NULL) {
			memcpy(e->s, s, len + 1);
			e->next = interned[h % INTERN_BUCKETS];
			interned[h % INTERN_BUCKETS] = e;
		}
	}
	pthread_mutex_unlock(&intern_lock);
	return e != NULL ? e->s : "?";
}

/* A copy of 's' that lives as long as the process. The cache is checked by content too:
 * the same address may hold another name after an image was unloaded. */
static const char *intern(struct tbuf *b, const char *s)
{
	const char *c;

	if (s == NULL)
		return NULL;
	for (unsigned int i = 0; i < NAME_CACHE; i++)
		if (b->csrc[i] == s && strcmp(s, b->cstr[i]) == 0)
			return b->cstr[i];
	c = intern_slow(s);
	b->csrc[b->cnext] = s;
	b->cstr[b->cnext] = c;
	b->cnext = (b->cnext + 1) % NAME_CACHE;
	return c;
}

/* ---- recording ---- */

static void record(char ph, uint32_t pid, uint32_t tid, const char *name, uint64_t ts, uint64_t dur,
                   const struct sdpa_trace_args *a)
{
	struct tbuf *b;
	struct ev *e;

	if (!sdpa_trace_on())
		return;
	b = buf_get();
	if (b == NULL)
		return;
	e = ev_slot(b, pid);
	if (e == NULL)
		return;
	e->ts = ts;
	e->dur = dur;
	e->name = intern(b, name != NULL ? name : "?");
	e->pid = pid;
	e->tid = tid == SDPA_TRACE_TID_CALLER ? CALLER_TID_BASE + b->index : tid;
	e->ph = ph;
	for (int i = 0; i < SDPA_TRACE_MAX_ARGS; i++) {
		e->key[i] = a != NULL ? a->key[i] : NULL;
		e->val[i] = a != NULL ? a->val[i] : 0;
	}
	for (int i = 0; i < 2; i++) {
		e->skey[i] = a != NULL && a->sval[i] != NULL ? a->skey[i] : NULL;
		e->sval[i] = e->skey[i] != NULL ? intern(b, a->sval[i]) : NULL;
	}
	ev_commit(b);
}

void sdpa_trace_complete(uint32_t pid, uint32_t tid, const char *name, uint64_t t0_ns,
                         const struct sdpa_trace_args *args)
{
	uint64_t now = sdpa_mono_ns();

	record('X', pid, tid, name, t0_ns, now > t0_ns ? now - t0_ns : 0, args);
}

void sdpa_trace_instant(uint32_t pid, uint32_t tid, const char *name,
                        const struct sdpa_trace_args *args)
{
	record('i', pid, tid, name, sdpa_mono_ns(), 0, args);
}

void sdpa_trace_counter(uint32_t pid, uint32_t tid, const char *name, int64_t value)
{
	struct sdpa_trace_args a = {.key = {"value"}, .val = {value}};

	record('C', pid, tid, name, sdpa_mono_ns(), 0, &a);
}

void sdpa_trace_dpa_exec(uint32_t eu, const char *kernel, const char *kind, uint32_t rank,
                         int64_t thread, const char *end, uint64_t t0)
{
	struct sdpa_trace_args a = {.key = {"rank", thread >= 0 ? "thread" : NULL},
	                            .val = {rank, thread},
	                            .skey = {"kind", "end"},
	                            .sval = {kind, end}};

	sdpa_trace_complete(SDPA_TRACE_DPA, eu, kernel, t0, &a);
}

void sdpa_trace_nic_burst(uint32_t worker, uint16_t port, uint32_t frames, uint32_t dropped,
                          uint64_t t0)
{
	struct sdpa_trace_args a = {.key = {"port", "frames", "dropped"},
	                            .val = {port, frames, dropped}};

	sdpa_trace_complete(SDPA_TRACE_NIC, worker, "burst", t0, &a);
}

void sdpa_trace_prov_post(uint16_t port, uint32_t type, uint32_t queue, const char *op,
                          uint32_t count, uint32_t outstanding)
{
	uint32_t tid = sdpa_trace_prov_tid(port, type, queue);
	struct sdpa_trace_args a = {.key = {"queue", "count"}, .val = {queue, count}};

	sdpa_trace_instant(SDPA_TRACE_PROVIDER, tid, op, &a);
	sdpa_trace_counter(SDPA_TRACE_PROVIDER, tid, "outstanding", outstanding);
}

void sdpa_trace_prov_flush(uint16_t port, uint32_t type, uint32_t queue, uint32_t n)
{
	struct sdpa_trace_args a = {.key = {"n"}, .val = {n}};

	sdpa_trace_instant(SDPA_TRACE_PROVIDER, sdpa_trace_prov_tid(port, type, queue), "flush",
	                   &a);
}

void sdpa_trace_prov_batch(uint16_t port, uint32_t type, uint32_t queue, uint32_t n, bool dead,
                           uint32_t outstanding, uint64_t t0)
{
	uint32_t tid = sdpa_trace_prov_tid(port, type, queue);
	struct sdpa_trace_args a = {.key = {"n", "dead"}, .val = {n, dead}};

	sdpa_trace_complete(SDPA_TRACE_PROVIDER, tid, "execute", t0, &a);
	sdpa_trace_counter(SDPA_TRACE_PROVIDER, tid, "outstanding", outstanding);
}

void sdpa_trace_prov_poll(uint16_t port, uint32_t type, uint32_t queue, uint32_t completed,
                          uint32_t failed)
{
	struct sdpa_trace_args a = {.key = {"completed", "failed"}, .val = {completed, failed}};

	sdpa_trace_instant(SDPA_TRACE_PROVIDER, sdpa_trace_prov_tid(port, type, queue),
	                   "completions", &a);
}

/* ---- the file ---- */

static const char *const pid_names[NR_PIDS] = {"softdpa", "DPA", "NIC", "Provider"};

static void track_name(uint32_t pid, uint32_t tid, char *buf, size_t size)
{
	static const char *const qtype[] = {"GENERAL", "RESOURCES_WRITE", "RESOURCES_READ"};

	if (tid >= CALLER_TID_BASE && pid != SDPA_TRACE_PROVIDER) {
		snprintf(buf, size, "%s (host thread %u)", pid == SDPA_TRACE_DPA ? "RPC" : "caller",
		         tid - CALLER_TID_BASE);
		return;
	}
	switch (pid) {
	case SDPA_TRACE_DPA:
		snprintf(buf, size, "EU %u", tid);
		break;
	case SDPA_TRACE_NIC:
		snprintf(buf, size, tid == 0 ? "worker 0 (caller)" : "worker %u", tid);
		break;
	case SDPA_TRACE_PROVIDER: {
		uint32_t t = tid >> 16 & 0xf;

		snprintf(buf, size, "port %u %s q%u", tid >> 20, t < 3 ? qtype[t] : "?",
		         tid & 0xffff);
		break;
	}
	default:
		snprintf(buf, size, "track %u", tid);
	}
}

static void put_str(FILE *f, const char *s)
{
	fputc('"', f);
	for (; *s != '\0'; s++) {
		unsigned char c = (unsigned char)*s;

		if (c == '"' || c == '\\')
			fprintf(f, "\\%c", c);
		else if (c < 0x20)
			fprintf(f, "\\u%04x", c);
		else
			fputc(c, f);
	}
	fputc('"', f);
}

/* µs with ns decimals, as the JSON trace format wants. */
static void put_us(FILE *f, const char *key, uint64_t ns)
{
	fprintf(f, ",\"%s\":%" PRIu64 ".%03u", key, ns / 1000, (unsigned int)(ns % 1000));
}

struct item {
	const struct ev *e;
	uint64_t ord; /* buffer index, event index: ties keep recording order */
};

static int item_cmp(const void *a, const void *b)
{
	const struct item *x = a, *y = b;

	if (x->e->ts != y->e->ts)
		return x->e->ts < y->e->ts ? -1 : 1;
	return x->ord < y->ord ? -1 : x->ord > y->ord;
}

static int track_cmp(const void *a, const void *b)
{
	uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;

	return x < y ? -1 : x > y;
}

static void put_event(FILE *f, const struct ev *e)
{
	char track[64];
	bool args = false;

	fputs(",\n{\"name\":", f);
	if (e->ph == 'C') {
		char name[160];

		track_name(e->pid, e->tid, track, sizeof(track));
		snprintf(name, sizeof(name), "%s %s", e->name, track);
		put_str(f, name);
	} else {
		put_str(f, e->name);
	}
	fprintf(f, ",\"cat\":\"%s\",\"ph\":\"%c\",\"pid\":%u,\"tid\":%u",
	        pid_names[pid_slot(e->pid)], e->ph, e->pid, e->tid);
	put_us(f, "ts", e->ts - base_ns);
	if (e->ph == 'X')
		put_us(f, "dur", e->dur);
	if (e->ph == 'i')
		fputs(",\"s\":\"t\"", f);
	for (int i = 0; i < SDPA_TRACE_MAX_ARGS; i++) {
		if (e->key[i] == NULL)
			continue;
		fputs(args ? "," : ",\"args\":{", f);
		args = true;
		put_str(f, e->key[i]);
		fprintf(f, ":%" PRId64, e->val[i]);
	}
	for (int i = 0; i < 2; i++) {
		if (e->skey[i] == NULL)
			continue;
		fputs(args ? "," : ",\"args\":{", f);
		args = true;
		put_str(f, e->skey[i]);
		fputc(':', f);
		put_str(f, e->sval[i]);
	}
	fputs(args ? "}}" : "}", f);
}

static void put_meta(FILE *f, const char *what, uint32_t pid, uint32_t tid, const char *name,
                     uint32_t sort, bool *first)
{
	fprintf(f, "%s\n{\"name\":\"%s\",\"ph\":\"M\",\"pid\":%u,\"tid\":%u,\"args\":{\"name\":",
	        *first ? "" : ",", what, pid, tid);
	put_str(f, name);
	fputs("}}", f);
	*first = false;
	fprintf(f,
	        ",\n{\"name\":\"%s_sort_index\",\"ph\":\"M\",\"pid\":%u,\"tid\":%u,"
	        "\"args\":{\"sort_index\":%u}}",
	        what[0] == 'p' ? "process" : "thread", pid, tid, sort);
}

/* Must hold 'lock'. Writes every event recorded since the last (re)start. */
static doca_error_t write_file(void)
{
	uint64_t dropped[NR_PIDS] = {0}, total_dropped = 0;
	struct item *items = NULL;
	uint64_t *tracks = NULL;
	size_t n = 0, cap = 0, nt = 0;
	bool first = true;
	FILE *f;
	int err;

	for (struct tbuf *b = buffers; b != NULL; b = b->next) {
		/* A-ev: pairs with R-ev in ev_commit. */
		uint32_t end = sdpa_load_acquire(&b->n);

		for (int p = 0; p < NR_PIDS; p++)
			dropped[p] += sdpa_load_relaxed(&b->dropped[p]);
		for (uint32_t i = sdpa_load_relaxed(&b->first); i < end; i++) {
			const struct ev *e = ev_at(b, i);

			if (e->ts < base_ns)
				continue; /* an X event that began before a restart */
			if (n == cap) {
				size_t ncap = cap ? cap * 2 : 4096;
				struct item *ni = realloc(items, ncap * sizeof(*ni));

				if (ni == NULL)
					goto nomem;
				items = ni;
				cap = ncap;
			}
			items[n].e = e;
			items[n++].ord = (uint64_t)b->index << 32 | i;
		}
	}
	/* A flush before the first event has no array: qsort's pointer must not be NULL. */
	if (n > 1)
		qsort(items, n, sizeof(*items), item_cmp);
	tracks = malloc((n ? n : 1) * sizeof(*tracks));
	if (tracks == NULL)
		goto nomem;
	for (size_t i = 0; i < n; i++)
		tracks[i] = (uint64_t)items[i].e->pid << 32 | items[i].e->tid;
	if (n > 1)
		qsort(tracks, n, sizeof(*tracks), track_cmp);
	for (size_t i = 0; i < n; i++)
		if (nt == 0 || tracks[nt - 1] != tracks[i])
			tracks[nt++] = tracks[i];

	f = fopen(path, "w");
	if (f == NULL) {
		err = errno;
		DOCA_LOG_WARN("SOFTDPA_TRACE: cannot write '%s': %s; check that its directory "
		              "exists and is writable",
		              path, strerror(err));
		free(items);
		free(tracks);
		return DOCA_ERROR_IO_FAILED;
	}
	fputs("{\"displayTimeUnit\":\"ns\",\"traceEvents\":[", f);
	for (size_t i = 0; i < nt; i++) {
		uint32_t pid = (uint32_t)(tracks[i] >> 32), tid = (uint32_t)tracks[i];
		char name[64];

		if (i == 0 || (uint32_t)(tracks[i - 1] >> 32) != pid) {
			put_meta(f, "process_name", pid, 0, pid_names[pid_slot(pid)], pid, &first);
			if (dropped[pid_slot(pid)] != 0) {
				fprintf(f,
				        ",\n{\"name\":\"process_labels\",\"ph\":\"M\",\"pid\":%u,"
				        "\"tid\":0,\"args\":{\"labels\":\"%" PRIu64 " events "
				        "dropped: trace buffer full\"}}",
				        pid, dropped[pid_slot(pid)]);
			}
		}
		track_name(pid, tid, name, sizeof(name));
		put_meta(f, "thread_name", pid, tid, name, tid, &first);
	}
	/* Every event has a track, so metadata came first and each event follows a ','. */
	for (size_t i = 0; i < n; i++)
		put_event(f, items[i].e);
	for (int p = 0; p < NR_PIDS; p++)
		total_dropped += dropped[p];
	fprintf(f,
	        "\n],\"otherData\":{\"generator\":\"softdpa\",\"dropped_events\":%" PRIu64 "}}\n",
	        total_dropped);
	err = ferror(f) ? EIO : 0;
	if (fclose(f) != 0 && err == 0)
		err = errno;
	free(items);
	free(tracks);
	if (err != 0) {
		DOCA_LOG_WARN("SOFTDPA_TRACE: writing '%s' failed: %s; check the free space of "
		              "its file system",
		              path, strerror(err));
		return DOCA_ERROR_IO_FAILED;
	}
	if (total_dropped != 0)
		DOCA_LOG_WARN("SOFTDPA_TRACE: %" PRIu64 " events were dropped (a thread recorded "
		              "more than %u); trace a shorter run",
		              total_dropped, sdpa_load_relaxed(&max_events));
	return DOCA_SUCCESS;
nomem:
	free(items);
	free(tracks);
	DOCA_LOG_WARN("SOFTDPA_TRACE: out of memory sorting %zu events; '%s' is not written. "
	              "Trace a shorter run",
	              n, path);
	return DOCA_ERROR_NO_MEMORY;
}

static void at_exit(void)
{
	pthread_mutex_lock(&lock);
	if (path != NULL && sdpa_load_relaxed(&sdpa_trace_enabled))
		(void)write_file();
	pthread_mutex_unlock(&lock);
}

/* Must hold 'lock'. */
static void start_locked(void)
{
	const char *p = sdpa_config_get()->trace_path;
	FILE *f;

	sdpa_store_relaxed(&sdpa_trace_enabled, 0);
	free(path);
	path = NULL;
	if (p == NULL)
		return;
	/* Fail now rather than at exit: the user learns at once that nothing is recorded. */
	f = fopen(p, "w");
	if (f == NULL) {
		DOCA_LOG_WARN("SOFTDPA_TRACE='%s': cannot create the trace file (%s); tracing is "
		              "off. Point SOFTDPA_TRACE at a writable path",
		              p, strerror(errno));
		return;
	}
	/* A valid, empty trace until the first write. */
	fputs("{\"displayTimeUnit\":\"ns\",\"traceEvents\":[]}\n", f);
	fclose(f);
	path = strdup(p);
	if (path == NULL) {
		DOCA_LOG_WARN("SOFTDPA_TRACE: out of memory; tracing is off");
		return;
	}
	for (struct tbuf *b = buffers; b != NULL; b = b->next) {
		/* Owners may still run (not in tests); 'first' only hides older events. A-ev
		 * pairs with R-ev in ev_commit. */
		sdpa_store_relaxed(&b->first, sdpa_load_acquire(&b->n));
		for (int i = 0; i < NR_PIDS; i++)
			sdpa_store_relaxed(&b->dropped[i], 0);
	}
	base_ns = sdpa_mono_ns();
	if (!atexit_registered && atexit(at_exit) == 0)
		atexit_registered = true;
	sdpa_store_relaxed(&sdpa_trace_enabled, 1);
}

/* Placed after SDPA_LOG_REGISTER so that our log source exists when a bad path is
 * reported. Reads the configuration only when the variable is set at all. */
static void __attribute__((constructor)) trace_init(void)
{
	const char *s = getenv("SOFTDPA_TRACE");

	if (s == NULL || *s == '\0')
		return;
	pthread_mutex_lock(&lock);
	start_locked();
	pthread_mutex_unlock(&lock);
}

void sdpa_trace_reload(void)
{
	pthread_mutex_lock(&lock);
	start_locked();
	pthread_mutex_unlock(&lock);
}

uint64_t sdpa_trace_dropped(void)
{
	uint64_t n = 0;

	pthread_mutex_lock(&lock);
	for (struct tbuf *b = buffers; b != NULL; b = b->next)
		for (int i = 0; i < NR_PIDS; i++)
			n += sdpa_load_relaxed(&b->dropped[i]);
	pthread_mutex_unlock(&lock);
	return n;
}

void sdpa_trace_set_max_events(uint32_t n)
{
	sdpa_store_relaxed(&max_events, n < SDPA_TRACE_MAX_EVENTS ? n : SDPA_TRACE_MAX_EVENTS);
}

DOCA_EXPERIMENTAL doca_error_t softdpa_trace_flush(void)
{
	doca_error_t r = DOCA_SUCCESS;

	pthread_mutex_lock(&lock);
	if (path != NULL && sdpa_load_relaxed(&sdpa_trace_enabled))
		r = write_file();
	pthread_mutex_unlock(&lock);
	return r;
}
