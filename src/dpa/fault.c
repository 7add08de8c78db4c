/* SPDX-License-Identifier: BSD-3-Clause
 * Kernel faults contained (fault.h, docs/DPA.md "Kernel faults").
 *
 * The handler runs on the faulting thread, usually on its alternate stack. It is
 * async-signal-safe: it reads thread-local and published process-wide state, writes the
 * fault record of the thread's own execution, and either longjmps to that execution's
 * landing point (after restoring the signal mask the fault interrupted, so the next fault
 * of that thread is delivered too) or passes the signal on. Logging waits for the landing.
 */
#include <dlfcn.h>
#include <elf.h>
#include <errno.h>
#include <link.h>
#include <pthread.h>
#include <setjmp.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <ucontext.h>
#include <unistd.h>

#include "core/atomics.h"
#include "core/log.h"
#include "dpa/dpa.h"
#include "dpa/fault.h"
#include "dpa/window.h"

SDPA_LOG_REGISTER(dpa_fault);

enum {
	NSIGS = 6,
	CHAIN_SLOTS = 16,  /* saved previous actions per signal */
	CODE_SLOTS = 1024, /* executable ranges of loaded images, process-wide */
	SELF_RANGES = 8,   /* executable ranges of softdpa itself */
	ALTSTACK_SIZE = 128 << 10,
	FULL_CHECK_EVERY = 64,
	STACK_GUARD_SLACK = 1 << 20, /* below the stack: a frame that jumped the guard page */
};

/* SIGURG (last) is not a fault: doca_dpa_stop sends it to an EU whose kernel will not let
 * go (sdpa_fault_kick); it is otherwise ignored by default, as Go's runtime uses it. */
static const int fault_sigs[NSIGS] = {SIGSEGV, SIGBUS, SIGILL, SIGFPE, SIGTRAP, SIGURG};

/* The action in place before ours, per signal (A1/R1): slots are written under sig_lock and
 * published; a slot is not reused until CHAIN_SLOTS later installs. */
static struct sigaction chain_slot[NSIGS][CHAIN_SLOTS];
static unsigned int chain_n[NSIGS];
static sdpa_atomic_ptr chain_cur[NSIGS];
static pthread_mutex_t sig_lock = PTHREAD_MUTEX_INITIALIZER;

/* Image code: [lo, hi) with hi == 0 for a free slot; lo is written before hi is published
 * (R2), a reader loads hi first (A2). 'owner' is the image, for removal (under code_lock). */
static struct {
	sdpa_atomic_u64 lo, hi;
	const void *owner;
} code[CODE_SLOTS];
static sdpa_atomic_u32 code_hi; /* slots in use are below it */
static pthread_mutex_t code_lock = PTHREAD_MUTEX_INITIALIZER;

/* softdpa's own code: faults there are softdpa's, never contained. Written once under
 * sig_lock before the first handler is installed (sigaction orders it before any
 * delivery). */
static uintptr_t self_lo[SELF_RANGES], self_hi[SELF_RANGES];
static unsigned int nr_self;

static sdpa_atomic_u64 nr_contained;
static uintptr_t pgsz = 4096; /* set with the self ranges, before any handler runs */

/* The thread's stack, noted by sdpa_fault_thread_prepare (0 = unknown). */
static _Thread_local uintptr_t stk_lo, stk_hi;
static _Thread_local bool tls_prepared;
/* The calling EU's kick request (sdpa_fault_kick), NULL on other threads. */
static _Thread_local sdpa_atomic_int *tls_kick;
/* Calls of sdpa_fault_ensure_handlers on this thread: all signals are checked every
 * FULL_CHECK_EVERY calls, SIGSEGV at each (whoever replaces one replaces that one). */
static _Thread_local unsigned int tls_checks;

uint64_t sdpa_fault_count(void)
{
	return sdpa_load_relaxed(&nr_contained);
}

/* ---- code ranges ---- */

struct phdr_query {
	uintptr_t addr;   /* find the object holding this address ... */
	uintptr_t base;   /* ... or the object loaded at this base */
	const char *name; /* (with this name) */
	uintptr_t lo[SELF_RANGES], hi[SELF_RANGES];
	unsigned int n;
	bool found;
};

static void collect_exec(struct dl_phdr_info *info, struct phdr_query *q)
{
	for (int i = 0; i < info->dlpi_phnum && q->n < SELF_RANGES; i++) {
		const ElfW(Phdr) *p = &info->dlpi_phdr[i];

		if (p->p_type != PT_LOAD || !(p->p_flags & PF_X))
			continue;
		q->lo[q->n] = info->dlpi_addr + p->p_vaddr;
		q->hi[q->n] = info->dlpi_addr + p->p_vaddr + p->p_memsz;
		q->n++;
	}
}

static int phdr_cb(struct dl_phdr_info *info, size_t size, void *arg)
{
	struct phdr_query *q = arg;

	(void)size;
	if (q->addr != 0) {
		for (int i = 0; i < info->dlpi_phnum; i++) {
			const ElfW(Phdr) *p = &info->dlpi_phdr[i];
			uintptr_t lo = info->dlpi_addr + p->p_vaddr;

			if (p->p_type == PT_LOAD && q->addr >= lo && q->addr < lo + p->p_memsz) {
				collect_exec(info, q);
				q->found = true;
				return 1;
			}
		}
		return 0;
	}
	if (info->dlpi_addr != q->base || info->dlpi_name == NULL || q->name == NULL ||
	    strcmp(info->dlpi_name, q->name) != 0)
		return 0;
	collect_exec(info, q);
	q->found = true;
	return 1;
}

static void find_self(void)
{
	struct phdr_query q = {.addr = (uintptr_t)&sdpa_fault_ensure_handlers};

	dl_iterate_phdr(phdr_cb, &q);
	for (unsigned int i = 0; i < q.n; i++) {
		self_lo[i] = q.lo[i];
		self_hi[i] = q.hi[i];
	}
	nr_self = q.n;
	pgsz = (uintptr_t)sysconf(_SC_PAGESIZE);
}

static bool in_self(uintptr_t pc)
{
	for (unsigned int i = 0; i < nr_self; i++)
		if (pc >= self_lo[i] && pc < self_hi[i])
			return true;
	return false;
}

static bool in_image(uintptr_t pc)
{
	/* A2 pairs with R2 in sdpa_fault_image_add. */
	unsigned int n = sdpa_load_acquire(&code_hi);

	for (unsigned int i = 0; i < n && i < CODE_SLOTS; i++) {
		/* A3 pairs with R3 in sdpa_fault_image_add: lo was written before hi. */
		uint64_t hi = sdpa_load_acquire(&code[i].hi);

		if (hi != 0 && pc >= sdpa_load_relaxed(&code[i].lo) && pc < hi)
			return true;
	}
	return false;
}

void sdpa_fault_image_add(struct sdpa_image *img, void *handle)
{
	struct link_map *lm = NULL;
	struct phdr_query q = {0};

	if (handle == NULL || dlinfo(handle, RTLD_DI_LINKMAP, &lm) != 0 || lm == NULL)
		return;
	q.base = lm->l_addr;
	q.name = lm->l_name;
	dl_iterate_phdr(phdr_cb, &q);
	pthread_mutex_lock(&code_lock);
	for (unsigned int r = 0, i = 0; r < q.n && i < CODE_SLOTS; i++) {
		if (sdpa_load_relaxed(&code[i].hi) != 0)
			continue;
		code[i].owner = img;
		sdpa_store_relaxed(&code[i].lo, q.lo[r]);
		/* R3 pairs with A3 in in_image. */
		sdpa_store_release(&code[i].hi, q.hi[r]);
		if (sdpa_load_relaxed(&code_hi) < i + 1)
			/* R2 pairs with A2 in in_image. */
			sdpa_store_release(&code_hi, i + 1);
		r++;
	}
	pthread_mutex_unlock(&code_lock);
}

void sdpa_fault_image_remove(struct sdpa_image *img)
{
	pthread_mutex_lock(&code_lock);
	for (unsigned int i = 0; i < CODE_SLOTS; i++)
		if (code[i].owner == img && sdpa_load_relaxed(&code[i].hi) != 0) {
			/* R3 pairs with A3 in in_image (a reader sees the slot free). */
			sdpa_store_release(&code[i].hi, 0);
			code[i].owner = NULL;
		}
	pthread_mutex_unlock(&code_lock);
}

/* ---- the handler ---- */

static uintptr_t uc_pc(const void *ucv)
{
	const ucontext_t *uc = ucv;

#if defined(__x86_64__)
	return (uintptr_t)uc->uc_mcontext.gregs[REG_RIP];
#elif defined(__aarch64__)
	return (uintptr_t)uc->uc_mcontext.pc;
#else
	(void)uc;
	return 0;
#endif
}

static bool uc_write(const void *ucv)
{
#if defined(__x86_64__) && defined(REG_ERR)
	const ucontext_t *uc = ucv;

	return (uc->uc_mcontext.gregs[REG_ERR] & 2) != 0; /* page-fault error code: W */
#else
	(void)ucv;
	return false;
#endif
}

static int sig_index(int sig)
{
	for (int i = 0; i < NSIGS; i++)
		if (fault_sigs[i] == sig)
			return i;
	return -1;
}

static const char *sig_name(int sig)
{
	switch (sig) {
	case SIGSEGV:
		return "SIGSEGV";
	case SIGBUS:
		return "SIGBUS";
	case SIGILL:
		return "SIGILL";
	case SIGFPE:
		return "SIGFPE";
	case SIGTRAP:
		return "SIGTRAP";
	case SIGURG:
		return "SIGURG";
	default:
		return "signal";
	}
}

static void on_fault(int sig, siginfo_t *si, void *uc);

/* Not a fault of device code: the action in place before ours, or the default one. */
static void chain(int sig, siginfo_t *si, void *uc)
{
	int idx = sig_index(sig);
	/* A1 pairs with R1 in sdpa_fault_ensure_handlers. */
	const struct sigaction *old = idx >= 0 ? sdpa_load_acquire(&chain_cur[idx]) : NULL;
	struct sigaction dfl;

	if (old != NULL && (old->sa_flags & SA_SIGINFO) && old->sa_sigaction != NULL &&
	    old->sa_sigaction != on_fault) {
		old->sa_sigaction(sig, si, uc);
		return;
	}
	if (old != NULL && !(old->sa_flags & SA_SIGINFO) && old->sa_handler != SIG_DFL &&
	    old->sa_handler != SIG_IGN) {
		old->sa_handler(sig);
		return;
	}
	/* Ignored: only a signal someone sent (a fault cannot be ignored). */
	if (old != NULL && !(old->sa_flags & SA_SIGINFO) && old->sa_handler == SIG_IGN &&
	    si->si_code <= 0)
		return;
	/* Nobody else handles it: the default action, as without softdpa. Raised again, so a
	 * trap (which does not re-execute) or a sent signal ends the process too; it is
	 * delivered when this handler returns. */
	memset(&dfl, 0, sizeof(dfl));
	dfl.sa_handler = SIG_DFL;
	sigemptyset(&dfl.sa_mask);
	sigaction(sig, &dfl, NULL);
	raise(sig);
}

static void on_fault(int sig, siginfo_t *si, void *uc)
{
	int saved = errno;
	struct sdpa_exec *ex;
	uintptr_t pc, addr;

	if (sig == SIGSEGV && sdpa_window_segv(si->si_addr, uc)) {
		errno = saved;
		return;
	}
	ex = sdpa_exec_current();
	pc = uc_pc(uc);
	addr = (uintptr_t)si->si_addr;
	/* A kick from doca_dpa_stop (this process, this thread's request): unwind a kernel
	 * executing device code; anywhere else the EU is about to exit on its own. */
	if (sig == SIGURG && si->si_code == SI_TKILL && si->si_pid == getpid() &&
	    tls_kick != NULL && sdpa_exchange_acq_rel(tls_kick, 0) != 0) {
		if (ex != NULL && ex->jb != NULL && ex->eu != NULL && pc != 0 &&
		    (in_image(pc) || !in_self(pc))) {
			pthread_sigmask(SIG_SETMASK, &((ucontext_t *)uc)->uc_sigmask, NULL);
			errno = saved;
			longjmp(*ex->jb, SDPA_END_ABORT);
		}
		errno = saved;
		return;
	}
	/* si_code > 0: raised by the CPU, not sent. A second fault before the landing point
	 * cleared 'current' is softdpa's own. */
	if (si->si_code > 0 && sig != SIGURG && ex != NULL && ex->jb != NULL &&
	    ex->fault.sig == 0 && pc != 0 && (in_image(pc) || !in_self(pc))) {
		ex->fault = (struct sdpa_fault_rec){
		        .sig = sig,
		        .code = si->si_code,
		        .addr = addr,
		        .pc = pc,
		        .write = sig == SIGSEGV && uc_write(uc),
		        .stack = (sig == SIGSEGV || sig == SIGBUS) && stk_lo != 0 &&
		                 addr + STACK_GUARD_SLACK >= stk_lo && addr < stk_lo + pgsz,
		};
		sdpa_fetch_add_relaxed(&nr_contained, 1);
		/* Leave with the mask the fault interrupted (this signal unblocked again). */
		pthread_sigmask(SIG_SETMASK, &((ucontext_t *)uc)->uc_sigmask, NULL);
		errno = saved;
		longjmp(*ex->jb, SDPA_END_FAULT);
	}
	errno = saved;
	chain(sig, si, uc);
}

void sdpa_fault_ensure_handlers(void)
{
	struct sigaction cur, sa;
	int n = tls_checks++ % FULL_CHECK_EVERY == 0 ? NSIGS : 1; /* fault_sigs[0] = SIGSEGV */
	bool all = true;

	for (int i = 0; i < n && all; i++)
		all = sigaction(fault_sigs[i], NULL, &cur) == 0 && (cur.sa_flags & SA_SIGINFO) &&
		      cur.sa_sigaction == on_fault;
	if (all)
		return;
	pthread_mutex_lock(&sig_lock);
	if (nr_self == 0)
		find_self();
	for (int i = 0; i < NSIGS; i++) {
		struct sigaction *slot;

		if (sigaction(fault_sigs[i], NULL, &cur) == 0 && (cur.sa_flags & SA_SIGINFO) &&
		    cur.sa_sigaction == on_fault)
			continue;
		slot = &chain_slot[i][chain_n[i]++ % CHAIN_SLOTS];
		memset(&sa, 0, sizeof(sa));
		sa.sa_sigaction = on_fault;
		sa.sa_flags = SA_SIGINFO | SA_ONSTACK | SA_RESTART;
		sigemptyset(&sa.sa_mask);
		if (sigaction(fault_sigs[i], &sa, slot) != 0)
			DOCA_LOG_ERR("DPA: cannot install the %s handler (errno %d); kernel faults "
			             "%s",
			             sig_name(fault_sigs[i]), errno,
			             fault_sigs[i] == SIGSEGV
			                     ? "end the process and window pages cannot be filled. "
			                       "Use SOFTDPA_FIDELITY=fast"
			                     : "of this kind end the process");
		else
			/* R1 pairs with A1 in chain. */
			sdpa_store_release(&chain_cur[i], slot);
	}
	pthread_mutex_unlock(&sig_lock);
}

/* ---- alternate stacks ---- */

static void note_stack(void)
{
	pthread_attr_t attr;
	void *addr;
	size_t size;

	if (stk_lo != 0 || pthread_getattr_np(pthread_self(), &attr) != 0)
		return;
	if (pthread_attr_getstack(&attr, &addr, &size) == 0) {
		stk_lo = (uintptr_t)addr;
		stk_hi = (uintptr_t)addr + size;
	}
	pthread_attr_destroy(&attr);
}

/* Thread exit: disable softdpa's alternate stack (if still the thread's) and free it. */
static void altstack_free(void *p)
{
	stack_t cur, off = {.ss_flags = SS_DISABLE};

	if (sigaltstack(NULL, &cur) == 0 && cur.ss_sp == p && !(cur.ss_flags & SS_DISABLE))
		sigaltstack(&off, NULL);
	munmap(p, ALTSTACK_SIZE);
}

static pthread_key_t altstack_key;
static pthread_once_t altstack_once = PTHREAD_ONCE_INIT;
static bool altstack_key_ok;

static void altstack_key_init(void)
{
	altstack_key_ok = pthread_key_create(&altstack_key, altstack_free) == 0;
}

void sdpa_fault_thread_prepare(void)
{
	stack_t old, ss;
	void *p;

	if (tls_prepared)
		return;
	tls_prepared = true;
	note_stack();
	if (sigaltstack(NULL, &old) != 0 || !(old.ss_flags & SS_DISABLE))
		return; /* the thread has one (ASan gives its threads one): use it */
	pthread_once(&altstack_once, altstack_key_init);
	p = mmap(NULL, ALTSTACK_SIZE, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	if (p == MAP_FAILED || !altstack_key_ok || pthread_setspecific(altstack_key, p) != 0) {
		if (p != MAP_FAILED)
			munmap(p, ALTSTACK_SIZE);
		DOCA_LOG_RATE_LIMIT_WARN(
		        "DPA: cannot give this thread an alternate signal stack; "
		        "a stack overflow in a kernel it runs will end the process");
		return;
	}
	memset(&ss, 0, sizeof(ss));
	ss.ss_sp = p;
	ss.ss_size = ALTSTACK_SIZE;
	sigaltstack(&ss, NULL);
}

void sdpa_fault_set_kick_flag(sdpa_atomic_int *flag)
{
	tls_kick = flag;
}

bool sdpa_fault_kick(pthread_t tid, sdpa_atomic_int *flag)
{
	sdpa_fault_ensure_handlers();
	/* R-kick pairs with the exchange in on_fault (acq_rel). */
	sdpa_store_release(flag, 1);
	return pthread_kill(tid, SIGURG) == 0;
}

/* ---- the report (normal context) ---- */

/* The function of the image holding 'off' (an offset from its load base), from its
 * symbol table; false when there is none. */
static bool image_symbol(const unsigned char *elf, size_t size, uint64_t off, char *buf,
                         size_t bufsz, uint64_t *delta)
{
	const Elf64_Ehdr *eh = (const Elf64_Ehdr *)elf;
	const Elf64_Shdr *sh;
	bool found = false;
	uint64_t best = 0;

	if (size < sizeof(*eh) || memcmp(eh->e_ident, ELFMAG, SELFMAG) != 0 ||
	    eh->e_ident[EI_CLASS] != ELFCLASS64 || eh->e_shoff == 0 ||
	    eh->e_shoff + (uint64_t)eh->e_shnum * sizeof(*sh) > size)
		return false;
	sh = (const Elf64_Shdr *)(elf + eh->e_shoff);
	for (unsigned int s = 0; s < eh->e_shnum; s++) {
		const Elf64_Shdr *strs;

		if ((sh[s].sh_type != SHT_SYMTAB && sh[s].sh_type != SHT_DYNSYM) ||
		    sh[s].sh_link >= eh->e_shnum || sh[s].sh_offset + sh[s].sh_size > size)
			continue;
		strs = &sh[sh[s].sh_link];
		if (strs->sh_offset + strs->sh_size > size)
			continue;
		for (uint64_t i = 0; i < sh[s].sh_size / sizeof(Elf64_Sym); i++) {
			const Elf64_Sym *sym = (const Elf64_Sym *)(elf + sh[s].sh_offset) + i;

			if (ELF64_ST_TYPE(sym->st_info) != STT_FUNC || sym->st_value > off ||
			    sym->st_name >= strs->sh_size)
				continue;
			if (sym->st_size != 0 && off >= sym->st_value + sym->st_size)
				continue;
			if (found && sym->st_value <= best)
				continue;
			best = sym->st_value;
			snprintf(buf, bufsz, "%.*s", (int)(strs->sh_size - sym->st_name),
			         (const char *)elf + strs->sh_offset + sym->st_name);
			found = true;
		}
	}
	*delta = off - best;
	return found;
}

/* "in 'kernel'+0x12 of app 'x'", "in memcpy (libc.so.6)" or "". */
static void where(struct doca_dpa *dpa, uintptr_t pc, char *buf, size_t size)
{
	struct link_map *lm = NULL;
	char sym[128];
	uint64_t delta = 0;
	Dl_info di;

	buf[0] = '\0';
	if (dpa->image.handle != NULL && dpa->app != NULL &&
	    dlinfo(dpa->image.handle, RTLD_DI_LINKMAP, &lm) == 0 && lm != NULL && in_image(pc) &&
	    pc >= lm->l_addr &&
	    image_symbol(dpa->app->image, dpa->app->image_size, pc - lm->l_addr, sym, sizeof(sym),
	                 &delta)) {
		static const char stub[] = "__sdpa_invoke_";

		/* A kernel inlined into the entry softdpa-dpacc generates for it. */
		if (strncmp(sym, stub, sizeof(stub) - 1) == 0)
			snprintf(buf, size, " in %s (inlined in %s+0x%llx) of app '%s'",
			         sym + sizeof(stub) - 1, sym, (unsigned long long)delta,
			         dpa->app->name);
		else
			snprintf(buf, size, " in %s+0x%llx of app '%s'", sym,
			         (unsigned long long)delta, dpa->app->name);
		return;
	}
	if (dladdr((void *)pc, &di) != 0) {
		const char *obj = di.dli_fname ? strrchr(di.dli_fname, '/') : NULL;

		obj = obj ? obj + 1 : (di.dli_fname ? di.dli_fname : "?");
		if (di.dli_sname != NULL)
			snprintf(buf, size, " in %s (%s, called by the kernel)", di.dli_sname, obj);
		else
			snprintf(buf, size, " in %s (called by the kernel)", obj);
	}
}

static void what(const struct sdpa_fault_rec *f, struct doca_dpa *dpa, char *buf, size_t size)
{
	char heap[200];

	switch (f->sig) {
	case SIGSEGV:
		if (f->stack) {
			snprintf(buf, size, "stack overflow (address 0x%llx, below the EU's stack)",
			         (unsigned long long)f->addr);
			return;
		}
		if (sdpa_heap_describe_guard(&dpa->heap, f->addr, f->write, heap, sizeof(heap))) {
			snprintf(buf, size, "%s", heap);
			return;
		}
		if (f->addr < 4096) {
			snprintf(buf, size, "NULL pointer dereference (%s address 0x%llx)",
			         f->write ? "store to" : "access to", (unsigned long long)f->addr);
			return;
		}
		snprintf(buf, size, "invalid memory %s at address 0x%llx (%s)",
		         f->write ? "store" : "access", (unsigned long long)f->addr,
		         f->code == SEGV_ACCERR ? "no permission" : "not mapped");
		return;
	case SIGBUS:
		snprintf(buf, size, "bus error at address 0x%llx (%s)", (unsigned long long)f->addr,
		         f->code == BUS_ADRALN
		                 ? "misaligned"
		                 : "no memory behind a mapping, e.g. a truncated file");
		return;
	case SIGILL:
		snprintf(buf, size,
		         "illegal instruction (__builtin_trap(), or a call through a "
		         "corrupted function pointer)");
		return;
	case SIGFPE:
		snprintf(buf, size, "%s",
		         f->code == FPE_INTDIV   ? "integer divide by zero"
		         : f->code == FPE_INTOVF ? "integer overflow (INT_MIN / -1)"
		                                 : "arithmetic exception");
		return;
	case SIGTRAP:
		snprintf(buf, size, "trap (a breakpoint instruction with no debugger attached)");
		return;
	default:
		snprintf(buf, size, "signal %d", f->sig);
	}
}

void sdpa_fault_report(struct sdpa_exec *ex)
{
	struct doca_dpa *dpa = ex->dpa;
	const struct sdpa_fault_rec *f = &ex->fault;
	char who[160], how[240], at[400], msg[256];

	sdpa_exec_describe(ex, who, sizeof(who));
	what(f, dpa, how, sizeof(how));
	where(dpa, f->pc, at, sizeof(at));
	if (ex->eu != NULL) {
		size_t n = strlen(who);

		snprintf(who + n, sizeof(who) - n, " on EU %u", ex->eu->id);
	}
	DOCA_LOG_ERR("DPA context %u: %s faulted: %s, at pc 0x%llx%s (%s). The execution ends "
	             "with a device fault and the context enters the error state "
	             "(doca_dpa_peek_at_last_error reports it, later launches and RPCs fail with "
	             "BAD_STATE); the host process goes on. Fix the kernel, then destroy the "
	             "context and create a new one",
	             dpa->id, who, how, (unsigned long long)f->pc, at, sig_name(f->sig));
	snprintf(msg, sizeof(msg), "%.120s faulted: %.120s", who, how);
	sdpa_dpa_set_fatal(dpa, DOCA_ERROR_BAD_STATE, msg);
	pthread_mutex_lock(&dpa->lock);
	pthread_cond_broadcast(&dpa->launcher_cond);
	pthread_mutex_unlock(&dpa->lock);
}
