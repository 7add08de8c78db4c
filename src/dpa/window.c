/* SPDX-License-Identifier: BSD-3-Clause
 * Windows: external memory as DPA kernels see it, in three modes (window.h,
 * docs/WINDOWS.md).
 *
 * faithful/strict: each EU owns apertures — virtual ranges reserved PROT_NONE. A binding
 * maps aperture page k to host page k of the bound mmap (counted from the mmap's first
 * page), so an old pointer reaches the newly bound mmap at the same offset (P1). Pages
 * are filled on first touch by the SIGSEGV handler (fault.c's, which offers every SIGSEGV
 * to sdpa_window_segv first): copied from the host, snapshotted,
 * and mapped read-only (or read-write when the first touch is a store). A store to a
 * read-only page faults once and maps it read-write. Writeback compares the writable
 * pages with their snapshots line by line (64 B) and copies only the changed bytes of
 * changed lines to the host, so host writes to other lines — or other bytes — survive.
 * read_inv drops every cached page (pending stores included, reported as P2), so the
 * next touch refetches. After the first touch of a page, loads and stores are plain
 * memory accesses.
 *
 * Locking: a window (struct win_eu) is used by its EU thread, and by the fault handler
 * on any thread that touches one of its apertures; both take its spin lock. The
 * handler never allocates, takes no mutex and logs nothing: its reports wait in the
 * window's pending list until its EU next binds, fences or ends an execution.
 */
#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <ucontext.h>
#include <unistd.h>

#include <doca_dev.h>

#include "core/config.h"
#include "core/log.h"
#include "core/util.h"
#include "dpa/dpa.h"
#include "dpa/window.h"

SDPA_LOG_REGISTER(dpa_window);

enum {
	LINE = 64,
	CACHE_PAGES = 1024, /* resident pages per EU window (4 MiB with 4 KiB pages) */
	MAX_APS = 64,       /* apertures per EU (strict: one per recently bound mmap) */
	REG_SLOTS = 4096,   /* apertures process-wide, as the fault handler sees them */
	PENDING = 8,        /* handler reports waiting to be logged, per window */
};

/* faithful: one aperture per EU covers mmaps up to this size. */
#define FAITHFUL_APERTURE (16ull << 30)

/* The device calls that return window pointers, as bits: an aperture remembers which of
 * them returned pointers into it, so a report names the call the user made. */
enum win_call {
	CALL_MMAP = 1u << 0, /* doca_dpa_dev_mmap_get_external_ptr */
	CALL_BUF = 1u << 1,  /* doca_dpa_dev_buf_get_external_ptr */
};

/* Why stores through the current binding never reach the host. */
enum drop {
	DROP_NONE,
	DROP_READ_ONLY, /* D13: mmap without LOCAL_READ_WRITE */
	DROP_EXTENDED,  /* P5: mmap/buf of an extended context */
	DROP_MISALIGNED /* P4: binding not 64 B aligned */
};

struct win_eu;

struct win_ap {
	uint8_t *base; /* NULL = unused slot */
	size_t size;
	struct win_eu *owner;
	const struct doca_mmap *mm; /* strict: the mmap it serves */
	uint32_t handle;
	uint64_t last_use;
	int reg;       /* registry slot */
	uint8_t calls; /* enum win_call: the calls that returned pointers into it */
};

struct win_binding {
	struct doca_mmap *mm;
	uint32_t handle;
	uint8_t *lo, *hi; /* the mmap's host range */
	uint8_t *page0;   /* lo rounded down to a page: aperture offset 0 */
	size_t span;      /* bytes of pages from page0 covering [lo, hi) */
	bool read_only;
	bool extended;
	enum drop drop;
	struct win_ap *ap;
};

struct win_page {
	uint8_t *ap;        /* the page, inside an aperture */
	uint8_t *host;      /* host address of its first byte; NULL = nothing behind it */
	uint8_t *snap;      /* the cache contents at fill / last writeback */
	uint16_t read_line; /* 1 + the line whose load brought the page in; 0 = a store */
	bool writable;
};

/* Who touched the window, captured by value (the handler cannot format). */
struct exec_id {
	bool valid; /* false: host code */
	enum sdpa_exec_kind kind;
	const char *kernel;
	unsigned int rank, nthreads, thread_id, eu;
};

enum rec_kind { REC_P1, REC_XEU, REC_UNBOUND, REC_OUTSIDE };

struct win_rec {
	enum rec_kind kind;
	struct exec_id who;
	unsigned int owner_eu;
	uint32_t ptr_handle;   /* strict P1: the aperture's mmap */
	uint32_t bound_handle; /* 0 = unbound */
	size_t bound_len;
	uint64_t off;
	uint8_t calls; /* enum win_call of the aperture the pointer is in */
};

struct win_eu {
	sdpa_atomic_int lock;
	struct doca_dpa *dpa;
	unsigned int id;
	enum sdpa_window_mode mode;
	bool strict_abort;
	const struct sdpa_exec *ex; /* NULL between executions */
	bool bound;
	struct win_binding b;
	struct win_ap aps[MAX_APS];
	uint64_t use_clock;
	struct win_page pages[CACHE_PAGES]; /* [0, nr_pages) are resident */
	unsigned int nr_pages;
	unsigned int evict_next;
	uint8_t *snap_pool;
	struct win_rec pend[PENDING]; /* under lock: faults of this EU or host code */
	unsigned int nr_pend;
	unsigned int nr_lost;     /* strict: reports that found pend full (under lock) */
	sdpa_atomic_int has_pend; /* nr_pend != 0, readable without the lock (a hint) */
	/* Faults of this EU's thread in another EU's window: written by the handler and
	 * read by the flush, both on this EU's thread, so no lock. */
	struct win_rec pend_self[PENDING];
	unsigned int nr_pend_self;
	unsigned int nr_lost_self;
};

static size_t pgsz;

static void __attribute__((constructor)) window_init(void)
{
	pgsz = (size_t)sysconf(_SC_PAGESIZE);
}
static _Thread_local struct win_eu *tls_win;
static sdpa_atomic_u64 nr_faults;

/* Apertures by slot; the handler scans [0, reg_hi). Published with release stores,
 * read with acquire loads (A1/R1). */
static sdpa_atomic_ptr reg[REG_SLOTS];
static sdpa_atomic_u32 reg_hi;
static pthread_mutex_t reg_lock = PTHREAD_MUTEX_INITIALIZER;

/* A locked read-modify-write on a thread-local word: a full barrier for the calling EU
 * (and a compiler barrier), without atomic_thread_fence, which gcc's TSan rejects. */
static _Thread_local sdpa_atomic_u32 fence_word;

static void window_fence(void)
{
	sdpa_fetch_add_acq_rel(&fence_word, 1);
}

/* ---- host traffic ----
 * Window traffic stands for DMA over PCIe, outside the C memory model: the host may
 * write the same bytes concurrently (that is what read_inv is for). Under TSan the
 * copies use uninstrumented volatile accesses, so the emulated device's reads and writes
 * are not reported as races of the user's program. */
#if defined(__SANITIZE_THREAD__)
#define SDPA_WIN_TSAN 1
#elif defined(__has_feature)
#if __has_feature(thread_sanitizer)
#define SDPA_WIN_TSAN 1
#endif
#endif

#ifdef SDPA_WIN_TSAN
__attribute__((no_sanitize("thread"))) static void dma_copy(void *dst, const void *src, size_t n)
{
	volatile uint8_t *d = dst;
	const volatile uint8_t *s = src;

	for (size_t i = 0; i < n; i++)
		d[i] = s[i];
}

__attribute__((no_sanitize("thread"))) static bool dma_equal(const void *a, const void *b, size_t n)
{
	const volatile uint8_t *x = a, *y = b;

	for (size_t i = 0; i < n; i++)
		if (x[i] != y[i])
			return false;
	return true;
}
#else
static void dma_copy(void *dst, const void *src, size_t n)
{
	memcpy(dst, src, n);
}

static bool dma_equal(const void *a, const void *b, size_t n)
{
	return memcmp(a, b, n) == 0;
}
#endif

/* ---- small helpers ---- */

static void w_lock(struct win_eu *w)
{
	/* A3 pairs with R3 in w_unlock. */
	while (sdpa_exchange_acq_rel(&w->lock, 1) != 0)
		sdpa_cpu_relax();
}

static void w_unlock(struct win_eu *w)
{
	/* R3 pairs with A3 in w_lock. */
	sdpa_store_release(&w->lock, 0);
}

static uint8_t *page_of(const void *p)
{
	return (uint8_t *)((uintptr_t)p & ~(uintptr_t)(pgsz - 1));
}

static struct exec_id exec_id_of(const struct sdpa_exec *ex)
{
	struct exec_id id = {.valid = false};

	if (ex == NULL)
		return id;
	id.valid = true;
	id.kind = ex->kind;
	id.kernel = ex->kernel ? ex->kernel->name : "?";
	id.rank = ex->rank;
	id.nthreads = ex->nthreads;
	id.thread_id = ex->thread ? ex->thread->id : 0;
	id.eu = ex->eu ? ex->eu->id : 0;
	return id;
}

static void id_describe(const struct exec_id *id, char *buf, size_t size)
{
	if (!id->valid) {
		snprintf(buf, size, "host code (not a DPA kernel)");
		return;
	}
	switch (id->kind) {
	case SDPA_EXEC_LAUNCH:
		snprintf(buf, size, "kernel '%s' rank %u of %u on EU %u", id->kernel, id->rank,
		         id->nthreads, id->eu);
		break;
	case SDPA_EXEC_THREAD:
		snprintf(buf, size, "DPA thread %u (kernel '%s', rank %u) on EU %u", id->thread_id,
		         id->kernel, id->rank, id->eu);
		break;
	case SDPA_EXEC_RPC:
		snprintf(buf, size, "RPC '%s'", id->kernel);
		break;
	}
}

static void w_describe(const struct win_eu *w, char *buf, size_t size)
{
	struct exec_id id = exec_id_of(w->ex);

	id_describe(&id, buf, size);
}

/* True the first time 'bit' is reported for the kernel of 'ex' (async-signal-safe). */
static bool first_report(const struct sdpa_exec *ex, enum sdpa_report bit)
{
	return sdpa_kernel_report_once(ex, bit);
}

/* Strict mode with SOFTDPA_STRICT_ABORT=1: every report ends the process. */
static void maybe_abort(const struct win_eu *w)
{
	if (w->mode == SDPA_WINDOW_STRICT && w->strict_abort) {
		DOCA_LOG_CRIT("SOFTDPA_STRICT_ABORT=1: aborting on the window violation above");
		abort();
	}
}

static const char *mode_name(const struct win_eu *w)
{
	return sdpa_window_mode_name(w->mode);
}

/* ---- apertures ---- */

static bool ap_register(struct win_ap *ap)
{
	pthread_mutex_lock(&reg_lock);
	for (unsigned int i = 0; i < REG_SLOTS; i++) {
		if (sdpa_load_relaxed(&reg[i]) != NULL)
			continue;
		ap->reg = (int)i;
		/* R1 pairs with A1 in ap_find. */
		sdpa_store_release(&reg[i], ap);
		if (sdpa_load_relaxed(&reg_hi) < i + 1) /* R1 pairs with A1 in ap_find */
			sdpa_store_release(&reg_hi, i + 1);
		pthread_mutex_unlock(&reg_lock);
		return true;
	}
	pthread_mutex_unlock(&reg_lock);
	return false;
}

static void ap_unregister(struct win_ap *ap)
{
	if (ap->reg < 0)
		return;
	pthread_mutex_lock(&reg_lock);
	/* R1 pairs with A1 in ap_find: the slot is empty from now. */
	sdpa_store_release(&reg[ap->reg], NULL);
	pthread_mutex_unlock(&reg_lock);
	ap->reg = -1;
}

/* Reserve an aperture of 'size' bytes (no memory behind it until pages are touched). */
static bool ap_create(struct win_eu *w, struct win_ap *ap, size_t size)
{
	void *p = mmap(NULL, size, PROT_NONE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);

	if (p == MAP_FAILED)
		return false;
	*ap = (struct win_ap){.base = p, .size = size, .owner = w, .reg = -1};
	if (!ap_register(ap)) {
		munmap(p, size);
		ap->base = NULL;
		return false;
	}
	return true;
}

static void ap_destroy(struct win_ap *ap)
{
	if (ap->base == NULL)
		return;
	ap_unregister(ap);
	munmap(ap->base, ap->size);
	ap->base = NULL;
}

/* The aperture holding 'a', or NULL. The calling thread's own window first. */
static struct win_ap *ap_find(const uint8_t *a)
{
	struct win_eu *me = tls_win;
	unsigned int hi;

	if (me != NULL)
		for (unsigned int i = 0; i < MAX_APS; i++) {
			struct win_ap *ap = &me->aps[i];

			if (ap->base != NULL && a >= ap->base && a < ap->base + ap->size)
				return ap;
		}
	/* A1 pairs with R1 in ap_register. */
	hi = sdpa_load_acquire(&reg_hi);
	for (unsigned int i = 0; i < hi && i < REG_SLOTS; i++) {
		/* A1 pairs with R1 in ap_register / ap_unregister. */
		struct win_ap *ap = sdpa_load_acquire(&reg[i]);

		if (ap != NULL && a >= ap->base && a < ap->base + ap->size)
			return ap;
	}
	return NULL;
}

/* ---- the cache ---- */

static struct win_page *page_find(struct win_eu *w, const uint8_t *pg)
{
	for (unsigned int i = 0; i < w->nr_pages; i++)
		if (w->pages[i].ap == pg)
			return &w->pages[i];
	return NULL;
}

/* Host bytes behind cache bytes [c, c+n) of page e, clipped to the binding. */
static bool host_part(const struct win_eu *w, const struct win_page *e, size_t off, size_t n,
                      size_t *from, size_t *to)
{
	uint8_t *h;

	if (e->host == NULL) /* unbound or outside the mmap: no host bytes (and no NULL + off) */
		return false;
	h = e->host + off;
	if (h + n <= w->b.lo || h >= w->b.hi)
		return false;
	*from = h < w->b.lo ? (size_t)(w->b.lo - h) : 0;
	*to = h + n > w->b.hi ? (size_t)(w->b.hi - h) : n;
	return *from < *to;
}

/* Lines of page e holding stores not yet written back. */
static unsigned int dirty_lines(const struct win_page *e)
{
	unsigned int n = 0;

	if (!e->writable)
		return 0;
	for (size_t l = 0; l < pgsz; l += LINE)
		n += memcmp(e->ap + l, e->snap + l, LINE) != 0;
	return n;
}

/* Write the stores of page e to the host (only changed bytes of changed lines), unless
 * 'keep' is false (then they are dropped). Returns the number of dirty lines. */
static unsigned int page_writeback(struct win_eu *w, struct win_page *e, bool keep)
{
	unsigned int n = 0;

	if (!e->writable)
		return 0;
	for (size_t l = 0; l < pgsz; l += LINE) {
		uint8_t *c = e->ap + l, *s = e->snap + l;
		size_t from, to;

		if (memcmp(c, s, LINE) == 0)
			continue;
		n++;
		if (keep && host_part(w, e, l, LINE, &from, &to)) {
			/* Byte runs that changed: posted writes carry only the stored bytes. */
			for (size_t i = from; i < to;) {
				size_t j = i;

				if (c[i] == s[i]) {
					i++;
					continue;
				}
				while (j < to && c[j] != s[j])
					j++;
				dma_copy(e->host + l + i, c + i, j - i);
				i = j;
			}
		}
		memcpy(s, c, LINE);
	}
	return n;
}

static void page_unmap(struct win_page *e, bool release)
{
	mprotect(e->ap, pgsz, PROT_NONE);
	if (release)
		madvise(e->ap, pgsz, MADV_DONTNEED);
}

/* Forget every cached page (stores included). 'release' gives the memory back. */
static void drop_all(struct win_eu *w, bool release)
{
	for (unsigned int i = 0; i < w->nr_pages; i++)
		page_unmap(&w->pages[i], release);
	w->nr_pages = 0;
}

/* A free cache slot; evicts (writing stores back, as a cache would) when full. Runs in
 * the fault handler. */
static struct win_page *page_alloc(struct win_eu *w)
{
	if (w->nr_pages == CACHE_PAGES) {
		unsigned int v = w->evict_next++ % CACHE_PAGES;
		struct win_page tmp = w->pages[v];

		page_writeback(w, &w->pages[v], w->bound && w->b.drop == DROP_NONE);
		page_unmap(&w->pages[v], false);
		w->pages[v] = w->pages[CACHE_PAGES - 1];
		w->pages[CACHE_PAGES - 1] = tmp;
		w->nr_pages--;
	}
	return &w->pages[w->nr_pages++];
}

/* ---- the fault handler ---- */

static bool fault_is_write(const void *ucv)
{
#if defined(__x86_64__) && defined(REG_ERR)
	const ucontext_t *uc = ucv;

	return (uc->uc_mcontext.gregs[REG_ERR] & 2) != 0; /* page-fault error code: W */
#else
	(void)ucv;
	return false; /* a store then faults again on the read-only page */
#endif
}

/* The call that returned the pointer of a report, for its fix. */
static const char *call_name(uint8_t calls)
{
	switch (calls) {
	case CALL_BUF:
		return "doca_dpa_dev_buf_get_external_ptr";
	case CALL_MMAP | CALL_BUF:
		return "doca_dpa_dev_mmap_get_external_ptr or doca_dpa_dev_buf_get_external_ptr "
		       "(whichever returned the pointer)";
	default:
		return "doca_dpa_dev_mmap_get_external_ptr";
	}
}

static void rec_format(const struct win_rec *r, char *buf, size_t size)
{
	char who[160], bound[32];
	const char *call = call_name(r->calls);

	id_describe(&r->who, who, sizeof(who));
	switch (r->kind) {
	case REC_P1:
		snprintf(buf, size,
		         "P1: %s touched a window pointer obtained for mmap %u (offset 0x%llx) "
		         "after its window was bound to mmap %u: a stale pointer after a switch. "
		         "On the DPA it reads/writes mmap %u's bytes at that offset; softdpa does "
		         "the same. Fix: call %s again after switching (pointers from "
		         "*_get_external_ptr are valid only until the thread binds another mmap "
		         "or buffer)",
		         who, r->ptr_handle, (unsigned long long)r->off, r->bound_handle,
		         r->bound_handle, call);
		break;
	case REC_XEU:
		if (r->bound_handle != 0)
			snprintf(bound, sizeof(bound), "bound to mmap %u", r->bound_handle);
		else
			snprintf(bound, sizeof(bound), "not bound");
		snprintf(buf, size,
		         "%s used a window pointer of EU %u's window (%s, offset 0x%llx): windows "
		         "are per thread, so on the DPA the pointer reaches whatever this "
		         "thread's window holds; softdpa serves it from EU %u's window%s. Fix: "
		         "call %s in the thread that dereferences the pointer; do not share "
		         "window pointers",
		         who, r->owner_eu, bound, (unsigned long long)r->off, r->owner_eu,
		         r->bound_handle != 0 ? "" : " (loads read 0, stores are dropped)", call);
		break;
	case REC_UNBOUND:
		snprintf(buf, size,
		         "P1: %s touched a window pointer (EU %u, offset 0x%llx) while its window "
		         "is not bound in this execution: a pointer kept from an earlier kernel or "
		         "activation. Loads read 0 and stores are dropped. Fix: call %s again in "
		         "every execution before using the pointer",
		         who, r->owner_eu, (unsigned long long)r->off, call);
		break;
	case REC_OUTSIDE:
		snprintf(buf, size,
		         "P1: %s touched window offset 0x%llx, beyond mmap %u (%zu bytes) that the "
		         "window is bound to: a stale pointer from a larger mmap? Loads read 0 "
		         "and stores are dropped. Fix: call %s again after switching",
		         who, (unsigned long long)r->off, r->bound_handle, r->bound_len, call);
		break;
	}
}

static const enum sdpa_report rec_bit[] = {
        [REC_P1] = SDPA_REPORT_WIN_P1,
        [REC_XEU] = SDPA_REPORT_WIN_XEU,
        [REC_UNBOUND] = SDPA_REPORT_WIN_UNBOUND,
        [REC_OUTSIDE] = SDPA_REPORT_WIN_OUTSIDE,
};

/* Queue a report of the handler (logged later by the window's EU), or abort. faithful
 * reports each kind once per kernel and context; strict reports every trapped access
 * (the first touch of each page in an execution), and counts those that find the queue
 * full so the flush says how many it could not log. */
static void rec_push(struct win_eu *w, const struct sdpa_exec *fx, const struct win_rec *r)
{
	bool strict = w->mode == SDPA_WINDOW_STRICT;

	if (!first_report(fx, rec_bit[r->kind]) && !strict)
		return;
	if (w->mode == SDPA_WINDOW_STRICT && w->strict_abort) {
		char msg[768];
		int n;

		rec_format(r, msg, sizeof(msg) - 1);
		n = (int)strlen(msg);
		msg[n++] = '\n';
		if (write(STDERR_FILENO, "softdpa: SOFTDPA_STRICT_ABORT=1: ", 33) < 0 ||
		    write(STDERR_FILENO, msg, (size_t)n) < 0)
			(void)0;
		abort();
	}
	/* A foreign EU's report is logged by that EU, which is running now. */
	if (tls_win != NULL && tls_win != w) {
		if (tls_win->nr_pend_self < PENDING)
			tls_win->pend_self[tls_win->nr_pend_self++] = *r;
		else
			tls_win->nr_lost_self++;
	} else {
		if (w->nr_pend < PENDING)
			w->pend[w->nr_pend++] = *r;
		else
			w->nr_lost++;
		sdpa_store_relaxed(&w->has_pend, 1);
	}
}

/* Serve a touch of 'a' in aperture 'ap' of window 'w' (w locked). */
static void serve(struct win_eu *w, struct win_ap *ap, uint8_t *a, bool write)
{
	struct win_eu *me = tls_win;
	const struct sdpa_exec *fx = me != NULL ? me->ex : NULL;
	uint8_t *pg = page_of(a);
	struct win_page *e = page_find(w, pg);
	struct win_rec r = {.owner_eu = w->id};
	bool report = true;
	size_t off = (size_t)(pg - ap->base);

	if (e != NULL) {
		/* Resident and faulting: a store to a read-only page. */
		if (mprotect(pg, pgsz, PROT_READ | PROT_WRITE) == 0)
			e->writable = true;
		return;
	}
	r.who = exec_id_of(fx);
	r.off = (uint64_t)(a - ap->base);
	r.bound_handle = w->bound ? w->b.handle : 0;
	r.bound_len = w->bound ? (size_t)(w->b.hi - w->b.lo) : 0;
	r.ptr_handle = ap->handle;
	r.calls = ap->calls;
	if (me != w)
		r.kind = REC_XEU;
	else if (!w->bound)
		r.kind = REC_UNBOUND;
	else if (ap != w->b.ap)
		r.kind = REC_P1; /* strict: an inactive aperture */
	else if (off >= w->b.span)
		r.kind = REC_OUTSIDE;
	else
		report = false;

	e = page_alloc(w);
	e->ap = pg;
	e->host = w->bound && off < w->b.span ? w->b.page0 + off : NULL;
	e->read_line = write ? 0 : (uint16_t)(1 + (size_t)(a - pg) / LINE);
	if (mprotect(pg, pgsz, PROT_READ | PROT_WRITE) != 0) {
		w->nr_pages--;
		return; /* the access faults again and is chained: nothing we can do */
	}
	memset(pg, 0, pgsz);
	{
		size_t from, to;

		if (e->host != NULL && host_part(w, e, 0, pgsz, &from, &to))
			dma_copy(pg + from, e->host + from, to - from);
	}
	memcpy(e->snap, pg, pgsz);
	e->writable = write;
	if (!write)
		mprotect(pg, pgsz, PROT_READ);
	sdpa_fetch_add_relaxed(&nr_faults, 1);
	if (report)
		rec_push(w, fx, &r);
}

bool sdpa_window_segv(void *addr, void *uc)
{
	uint8_t *a = addr;
	struct win_ap *ap = ap_find(a);

	if (ap == NULL)
		return false;
	w_lock(ap->owner);
	serve(ap->owner, ap, a, fault_is_write(uc));
	w_unlock(ap->owner);
	return true;
}

/* ---- reports from normal context (w locked) ---- */

/* strict: say how many trapped accesses found the queue full (none is dropped silently). */
static void report_lost(const struct win_eu *w, const struct win_rec *last, unsigned int lost)
{
	char who[160];

	if (lost == 0)
		return;
	id_describe(&last->who, who, sizeof(who));
	DOCA_LOG_ERR("window: %u more stale window pointer access(es) like the one above (by %s "
	             "and others since, EU %u's window) were trapped but not logged: at most %u "
	             "reports wait between two device calls. Fix the access above, then run "
	             "again to see the rest",
	             lost, who, w->id, (unsigned int)PENDING);
}

/* Log the handler's queued reports. */
static void flush_pending(struct win_eu *w)
{
	char msg[768];

	for (unsigned int i = 0; i < w->nr_pend; i++) {
		rec_format(&w->pend[i], msg, sizeof(msg));
		DOCA_LOG_ERR("%s", msg);
	}
	if (w->nr_pend != 0)
		report_lost(w, &w->pend[w->nr_pend - 1], w->nr_lost);
	w->nr_pend = 0;
	w->nr_lost = 0;
	sdpa_store_relaxed(&w->has_pend, 0);
	if (w != tls_win)
		return;
	for (unsigned int i = 0; i < w->nr_pend_self; i++) {
		rec_format(&w->pend_self[i], msg, sizeof(msg));
		DOCA_LOG_ERR("%s", msg);
	}
	if (w->nr_pend_self != 0)
		report_lost(w, &w->pend_self[w->nr_pend_self - 1], w->nr_lost_self);
	w->nr_pend_self = 0;
	w->nr_lost_self = 0;
}

void sdpa_window_report_pending(void)
{
	struct win_eu *w = tls_win;

	/* pend_self is this thread's own (filled by its fault handler): no lock to look;
	 * has_pend only says whether to take the lock (the records are read under it). So a
	 * fault report is logged at the kernel's next device call, before the host can see
	 * any effect of that call (a sync event set, a notify). */
	if (w == NULL || (w->nr_pend_self == 0 && sdpa_load_relaxed(&w->has_pend) == 0))
		return;
	w_lock(w);
	flush_pending(w);
	w_unlock(w);
}

static void report_drop(struct win_eu *w, enum drop why, unsigned int lines)
{
	char who[160];

	if (why != DROP_READ_ONLY || !first_report(w->ex, SDPA_REPORT_WIN_D13))
		return; /* P4 and P5 were reported at bind time */
	w_describe(w, who, sizeof(who));
	DOCA_LOG_ERR("D13: %s stored %u line(s) through its window into mmap %u, whose "
	             "permissions (0x%x) lack DOCA_ACCESS_FLAG_LOCAL_READ_WRITE; the stores are "
	             "dropped. Fix: doca_mmap_set_permissions(mmap, "
	             "DOCA_ACCESS_FLAG_LOCAL_READ_WRITE | ...) before doca_mmap_start",
	             who, lines, w->b.handle, w->b.mm ? w->b.mm->permissions : 0);
	maybe_abort(w);
}

/* Write back every page of the current binding (or drop per the binding's rule). */
static void writeback_all(struct win_eu *w)
{
	unsigned int lines = 0;
	bool keep = w->bound && w->b.drop == DROP_NONE;

	for (unsigned int i = 0; i < w->nr_pages; i++)
		lines += page_writeback(w, &w->pages[i], keep);
	if (lines != 0 && !keep && w->bound)
		report_drop(w, w->b.drop, lines);
}

static unsigned int count_dirty(struct win_eu *w)
{
	unsigned int n = 0;

	for (unsigned int i = 0; i < w->nr_pages; i++)
		if (w->pages[i].host != NULL)
			n += dirty_lines(&w->pages[i]);
	return n;
}

/* P3: a line that a load brought into the cache, still clean, that the host has changed
 * since. Returns its page or NULL. */
static const struct win_page *stale_polled(struct win_eu *w, size_t *line_off)
{
	for (unsigned int i = 0; i < w->nr_pages; i++) {
		const struct win_page *e = &w->pages[i];
		size_t l, from, to;

		if (e->read_line == 0 || e->host == NULL)
			continue;
		l = (size_t)(e->read_line - 1) * LINE;
		if (memcmp(e->ap + l, e->snap + l, LINE) != 0)
			continue; /* the kernel stored there: P2's business */
		if (!host_part(w, e, l, LINE, &from, &to))
			continue;
		if (!dma_equal(e->snap + l + from, e->host + l + from, to - from)) {
			*line_off = (size_t)(e->host + l - w->b.page0);
			return e;
		}
	}
	return NULL;
}

static const char *end_name(enum sdpa_exec_end how)
{
	switch (how) {
	case SDPA_END_RESCHEDULE:
		return "rescheduled";
	case SDPA_END_FINISH:
		return "finished";
	default:
		return "returned";
	}
}

/* ---- hooks ---- */

void sdpa_window_eu_start(struct doca_dpa *dpa, unsigned int eu_id)
{
	const struct sdpa_config *cfg = sdpa_config_get();
	struct win_eu *w;

	if (cfg->window == SDPA_WINDOW_FAST)
		return;
	w = calloc(1, sizeof(*w));
	if (w != NULL)
		w->snap_pool = mmap(NULL, CACHE_PAGES * pgsz, PROT_READ | PROT_WRITE,
		                    MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
	if (w == NULL || w->snap_pool == MAP_FAILED ||
	    (cfg->window == SDPA_WINDOW_FAITHFUL && !ap_create(w, &w->aps[0], FAITHFUL_APERTURE))) {
		DOCA_LOG_ERR("DPA context %u EU %u: cannot reserve the %s window (out of memory or "
		             "address space); this EU uses the fast window. Lower SOFTDPA_DPA_EUS "
		             "or use SOFTDPA_WINDOW=fast",
		             dpa->id, eu_id, sdpa_window_mode_name(cfg->window));
		if (w != NULL && w->snap_pool != MAP_FAILED && w->snap_pool != NULL)
			munmap(w->snap_pool, CACHE_PAGES * pgsz);
		free(w);
		return;
	}
	for (unsigned int i = 0; i < MAX_APS; i++)
		if (w->aps[i].base == NULL)
			w->aps[i].reg = -1;
	for (unsigned int i = 0; i < CACHE_PAGES; i++)
		w->pages[i].snap = w->snap_pool + (size_t)i * pgsz;
	w->dpa = dpa;
	w->id = eu_id;
	w->mode = cfg->window;
	w->strict_abort = cfg->strict_abort;
	sdpa_fault_ensure_handlers(); /* SIGSEGV comes to sdpa_window_segv first */
	tls_win = w; /* also makes the TLS block exist before the handler reads it */
}

void sdpa_window_eu_stop(struct doca_dpa *dpa, unsigned int eu_id)
{
	struct win_eu *w = tls_win;

	(void)dpa;
	(void)eu_id;
	if (w == NULL)
		return;
	w_lock(w);
	flush_pending(w);
	drop_all(w, true);
	for (unsigned int i = 0; i < MAX_APS; i++)
		ap_destroy(&w->aps[i]);
	w_unlock(w);
	munmap(w->snap_pool, CACHE_PAGES * pgsz);
	tls_win = NULL;
	free(w);
}

void sdpa_window_exec_begin(const struct sdpa_exec *ex)
{
	struct win_eu *w = tls_win;

	if (w == NULL || ex->eu == NULL)
		return;
	/* The scheduler checked the fault handlers when this EU woke, and checks them every
	 * 10 ms while it is busy (sdpa_fault_ensure_handlers in run_exec). */
	w_lock(w);
	w->ex = ex;
	w->bound = false;
	w_unlock(w);
}

void sdpa_window_exec_end(const struct sdpa_exec *ex, enum sdpa_exec_end how)
{
	struct win_eu *w = tls_win;
	char who[160];

	if (w == NULL || ex->eu == NULL || w->ex != ex)
		return;
	w_lock(w);
	flush_pending(w);
	if (how != SDPA_END_ABORT && how != SDPA_END_FAULT && w->bound) {
		unsigned int dirty = count_dirty(w);
		const struct win_page *st;
		size_t line_off = 0;

		if (dirty != 0 && first_report(ex, SDPA_REPORT_WIN_P2)) {
			w_describe(w, who, sizeof(who));
			DOCA_LOG_WARN("P2: %s stored %u line(s) (64 B) into mmap %u through its "
			              "window and %s without __dpa_thread_window_writeback: on the "
			              "DPA the host may never see them; softdpa (%s window) drops "
			              "them. Fix: call __dpa_thread_window_writeback() after the "
			              "stores",
			              who, dirty, w->b.handle, end_name(how), mode_name(w));
			maybe_abort(w);
		}
		st = stale_polled(w, &line_off);
		if (st != NULL && first_report(ex, SDPA_REPORT_WIN_P3)) {
			w_describe(w, who, sizeof(who));
			DOCA_LOG_WARN(
			        "P3: %s loaded mmap %u at offset 0x%zx through its window, "
			        "the host changed that line while it was cached, and the "
			        "kernel never called __dpa_thread_window_read_inv afterwards: "
			        "its loads kept returning the old value. Fix: call "
			        "__dpa_thread_window_read_inv() before every read of "
			        "host-updated data (in each iteration of a poll loop)",
			        who, w->b.handle, line_off);
			maybe_abort(w);
		}
	}
	drop_all(w, true);
	w->bound = false;
	w->ex = NULL;
	w_unlock(w);
}

uint64_t sdpa_window_faults(void)
{
	return sdpa_load_relaxed(&nr_faults);
}

/* ---- binding ---- */

/* True when the mmap belongs to the PF context (P5 otherwise). */
static bool mmap_on_pf(const struct doca_mmap *m)
{
	bool any = false;

	if (m->dpa != NULL)
		return m->dpa->base == NULL;
	for (unsigned int i = 0; i < m->nr_devs; i++) {
		enum doca_pci_func_type t = DOCA_PCI_FUNC_TYPE_PF;

		if (doca_devinfo_get_pci_func_type(doca_dev_as_devinfo(m->devs[i]), &t) !=
		            DOCA_SUCCESS ||
		    t == DOCA_PCI_FUNC_TYPE_PF)
			return true;
		any = true;
	}
	return !any;
}

/* strict: the aperture for mmap m (span bytes), created or recycled. */
static struct win_ap *strict_ap(struct win_eu *w, const struct doca_mmap *m, size_t span)
{
	struct win_ap *lru = NULL, *ap;

	for (unsigned int i = 0; i < MAX_APS; i++) {
		ap = &w->aps[i];
		if (ap->base != NULL && ap->mm == m && ap->handle == m->handle && ap->size >= span)
			return ap;
	}
	for (unsigned int i = 0; i < MAX_APS; i++) {
		ap = &w->aps[i];
		if (ap->base == NULL) {
			lru = ap;
			break;
		}
		if (w->bound && ap == w->b.ap)
			continue;
		if (lru == NULL || ap->last_use < lru->last_use)
			lru = ap;
	}
	if (lru == NULL)
		return NULL;
	/* Recycling: no cached pages remain in it (bind switches drop them all). */
	if (lru->base != NULL && lru->size < span)
		ap_destroy(lru);
	if (lru->base == NULL && !ap_create(w, lru, span))
		return NULL;
	lru->mm = m;
	lru->handle = m->handle;
	lru->calls = 0;
	return lru;
}

/* Bind w to mmap m at addr; the window pointer, or 0 when the fast address is used. */
static doca_dpa_dev_uintptr_t bind(struct win_eu *w, struct doca_mmap *m, uint64_t addr,
                                   bool ext_buf, enum win_call call)
{
	uint8_t *lo = m->addr, *hi = m->addr + m->len;
	uint8_t *page0 = page_of(lo);
	size_t span = (size_t)(page_of(hi + pgsz - 1) - page0);
	char who[160];
	bool mis = (addr % LINE) != 0;
	doca_dpa_dev_uintptr_t ptr;

	w_lock(w);
	flush_pending(w);
	if (!w->bound || w->b.mm != m || w->b.handle != m->handle || w->b.lo != lo) {
		struct win_ap *ap;

		/* Stores pending for the old mmap were addressed to it: they go there. */
		if (w->bound)
			writeback_all(w);
		drop_all(w, false);
		w->bound = false;
		ap = w->mode == SDPA_WINDOW_FAITHFUL ? &w->aps[0] : strict_ap(w, m, span);
		if (ap == NULL || ap->base == NULL || span > ap->size) {
			if (first_report(w->ex, SDPA_REPORT_WIN_BIG)) {
				w_describe(w, who, sizeof(who));
				DOCA_LOG_WARN(
				        "window: %s binds mmap %u of %zu bytes, which does not "
				        "fit softdpa's window aperture; this binding uses the "
				        "host address (no window model). Use smaller mmaps to "
				        "get the %s window",
				        who, m->handle, m->len, mode_name(w));
			}
			w_unlock(w);
			return (doca_dpa_dev_uintptr_t)addr;
		}
		ap->last_use = ++w->use_clock;
		w->b = (struct win_binding){
		        .mm = m,
		        .handle = m->handle,
		        .lo = lo,
		        .hi = hi,
		        .page0 = page0,
		        .span = span,
		        .read_only = (m->permissions & DOCA_ACCESS_FLAG_LOCAL_READ_WRITE) == 0,
		        .extended = !mmap_on_pf(m),
		        .ap = ap,
		};
		w->bound = true;
	}
	w->b.drop = w->b.read_only               ? DROP_READ_ONLY
	            : (w->b.extended || ext_buf) ? DROP_EXTENDED
	            : mis                        ? DROP_MISALIGNED
	                                         : DROP_NONE;
	if ((w->b.extended || ext_buf) && first_report(w->ex, SDPA_REPORT_WIN_P5)) {
		w_describe(w, who, sizeof(who));
		DOCA_LOG_WARN("P5: %s binds %s %u, which belongs to an extended DPA context "
		              "(doca_dpa_device_extend) or only to VF/SF devices: get_external_ptr "
		              "needs memory of the PF context, otherwise updating the returned "
		              "pointer does not work (softdpa drops the stores). Fix: create the "
		              "mmap / buf array for the PF device and its base DPA context",
		              who, ext_buf ? "a buffer of a buf array on mmap" : "mmap", m->handle);
		maybe_abort(w);
	}
	if (mis && first_report(w->ex, SDPA_REPORT_WIN_P4)) {
		w_describe(w, who, sizeof(who));
		DOCA_LOG_WARN("P4: %s binds mmap %u at address 0x%llx, which is not 64-byte "
		              "aligned (byte %u of its line): memory reached through a window "
		              "pointer is subject to a 64 B alignment restriction, and stores "
		              "through such a window may never reach the host (softdpa drops "
		              "them). Fix: align the mmap range, the buffer start and the element "
		              "size to 64 bytes",
		              who, m->handle, (unsigned long long)addr,
		              (unsigned int)(addr % LINE));
		maybe_abort(w);
	}
	ptr = (doca_dpa_dev_uintptr_t)(uintptr_t)(w->b.ap->base +
	                                          ((uint8_t *)(uintptr_t)addr - page0));
	w->b.ap->calls |= (uint8_t)call;
	w_unlock(w);
	return ptr;
}

static void who(char *buf, size_t size)
{
	struct sdpa_exec *ex = sdpa_exec_current();

	if (ex != NULL)
		sdpa_exec_describe(ex, buf, size);
	else
		snprintf(buf, size, "host code (not a DPA kernel)");
}

static doca_dpa_dev_uintptr_t external_ptr(doca_dpa_dev_mmap_t mmap_handle, uint64_t addr,
                                           bool ext_buf, enum win_call call)
{
	const char *fn = call == CALL_BUF ? "doca_dpa_dev_buf_get_external_ptr"
	                                  : "doca_dpa_dev_mmap_get_external_ptr";
	struct doca_mmap *m;
	struct win_eu *w = tls_win;
	char wh[128];

	m = sdpa_mmap_lookup(mmap_handle);
	if (m == NULL) {
		who(wh, sizeof(wh));
		DOCA_LOG_RATE_LIMIT_ERR("%s in %s: mmap handle %u is not a started mmap; pass the "
		                        "handle from doca_mmap_dev_get_dpa_handle",
		                        fn, wh, mmap_handle);
		return 0;
	}
	if (!sdpa_mmap_contains(m, addr, 1)) {
		who(wh, sizeof(wh));
		DOCA_LOG_RATE_LIMIT_ERR("%s in %s: address 0x%llx is outside mmap %u [%p, +%zu); "
		                        "pass an address inside the memrange",
		                        fn, wh, (unsigned long long)addr, mmap_handle,
		                        (void *)m->addr, m->len);
		return 0;
	}
	if (w == NULL || w->ex == NULL)
		return (doca_dpa_dev_uintptr_t)addr; /* fast window (or an RPC) */
	return bind(w, m, addr, ext_buf, call);
}

DOCA_EXPERIMENTAL doca_dpa_dev_uintptr_t
doca_dpa_dev_mmap_get_external_ptr(doca_dpa_dev_mmap_t mmap_handle, uint64_t addr)
{
	sdpa_exec_checkpoint();
	return external_ptr(mmap_handle, addr, false, CALL_MMAP);
}

DOCA_EXPERIMENTAL doca_dpa_dev_uintptr_t doca_dpa_dev_buf_get_external_ptr(doca_dpa_dev_buf_t buf)
{
	const struct doca_dpa_dev_buf *b = (const struct doca_dpa_dev_buf *)(uintptr_t)buf;
	char w[128];

	sdpa_exec_checkpoint();
	if (b == NULL) {
		who(w, sizeof(w));
		DOCA_LOG_RATE_LIMIT_ERR("doca_dpa_dev_buf_get_external_ptr in %s: buf is 0; pass a "
		                        "buffer from doca_dpa_dev_buf_array_get_buf",
		                        w);
		return 0;
	}
	return external_ptr(b->mmap, b->addr, b->reserved[0] == SDPA_BUF_MARK_EXTENDED, CALL_BUF);
}

DOCA_EXPERIMENTAL void priv_doca_dpa_thread_window_read_inv(void)
{
	struct win_eu *w = tls_win;

	sdpa_exec_checkpoint();
	window_fence();
	if (w == NULL || w->ex == NULL)
		return;
	w_lock(w);
	flush_pending(w);
	if (w->bound) {
		unsigned int dirty = count_dirty(w);

		if (dirty != 0 && first_report(w->ex, SDPA_REPORT_WIN_P2_INV)) {
			char wh[160];

			w_describe(w, wh, sizeof(wh));
			DOCA_LOG_WARN("P2: %s called __dpa_thread_window_read_inv with %u line(s) "
			              "of stores to mmap %u not written back; the invalidation "
			              "discards them. Fix: call __dpa_thread_window_writeback() "
			              "before __dpa_thread_window_read_inv()",
			              wh, dirty, w->b.handle);
			maybe_abort(w);
		}
	}
	drop_all(w, false);
	w_unlock(w);
}

DOCA_EXPERIMENTAL void priv_doca_dpa_thread_window_writeback(void)
{
	struct win_eu *w = tls_win;

	sdpa_exec_checkpoint();
	if (w != NULL && w->ex != NULL) {
		w_lock(w);
		flush_pending(w);
		writeback_all(w);
		w_unlock(w);
	}
	window_fence();
}
