/* SPDX-License-Identifier: BSD-3-Clause
 * The EU scheduler: EU pthreads, the launcher (launches in submission order, gated by
 * their wait event), the watchdog (P15), kernel launch and RPC.
 *
 * Non-returning device calls (reschedule, finish, and the watchdog's abort of a lost EU)
 * longjmp back to the EU loop in run_exec(); the next activation re-enters the entry
 * function, so locals are lost and statics kept, as on the DPA. A kernel fault the signal
 * handler contains (fault.h) lands there too, as SDPA_END_FAULT with exec.fault filled;
 * EUs run with an alternate signal stack so that even a stack overflow lands.
 */
#include <errno.h>
#include <sched.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "core/config.h"
#include "core/log.h"
#include "core/trace.h"
#include "core/util.h"
#include "dpa/dpa.h"
#include "dpa/exec_hook.h"
#include "dpa/window.h"

SDPA_LOG_REGISTER(dpa_sched);

enum {
	MAX_THREADS_PER_LAUNCH = 256,
	WAIT_THRESHOLD_MAX = 254,
	WATCHDOG_TICK_MS = 10,
	STOP_JOIN_MS = 2000,
	STOP_KICK_MS = 2000, /* after a kick, how long a kernel gets to unwind */
	STOP_IDLE_EXTRA_MS = 30000,
};
#define HANDLER_CHECK_NS 10000000ull /* a busy EU re-checks the fault handlers every 10 ms */

static __thread struct sdpa_exec *cur_exec;
static sdpa_atomic_ptr end_hook; /* sdpa_exec_end_hook_fn; R-hook / A-hook */

void sdpa_exec_set_end_hook(sdpa_exec_end_hook_fn fn)
{
	/* R-hook: pairs with A-hook in exec_end_hook: the registrant's state is set up. */
	sdpa_store_release(&end_hook, (void *)fn);
}

static void exec_end_hook(enum sdpa_exec_end how)
{
	sdpa_exec_end_hook_fn fn =
	        (sdpa_exec_end_hook_fn)sdpa_load_acquire(&end_hook); /* A-hook pairs with R-hook */

	if (fn != NULL)
		fn((int)how);
}

struct sdpa_exec *sdpa_exec_current(void)
{
	return cur_exec;
}

void sdpa_exec_set_current(struct sdpa_exec *ex)
{
	cur_exec = ex;
}

bool sdpa_kernel_report_once(const struct sdpa_exec *ex, enum sdpa_report bit)
{
	/* The kernel table entry is the image's; 'reported' is its one mutable field. */
	struct sdpa_kernel *k;

	if (ex == NULL || ex->kernel == NULL)
		return true;
	k = (struct sdpa_kernel *)ex->kernel;
	return (sdpa_fetch_or_acq_rel(&k->reported, (uint32_t)bit) & (uint32_t)bit) == 0;
}

void sdpa_exec_describe(const struct sdpa_exec *ex, char *buf, size_t size)
{
	const char *k = ex->kernel ? ex->kernel->name : "?";

	switch (ex->kind) {
	case SDPA_EXEC_LAUNCH:
		snprintf(buf, size, "kernel '%s' rank %u of %u", k, ex->rank, ex->nthreads);
		break;
	case SDPA_EXEC_THREAD:
		snprintf(buf, size, "DPA thread %u (kernel '%s', rank %u)",
		         ex->thread ? ex->thread->id : 0, k, ex->rank);
		break;
	case SDPA_EXEC_RPC:
		snprintf(buf, size, "RPC '%s'", k);
		break;
	}
}

void sdpa_exec_checkpoint(void)
{
	struct sdpa_exec *ex = cur_exec;

	sdpa_window_report_pending();
	/* 'lost' carries no data, only the request to unwind: relaxed is enough. */
	if (ex != NULL && ex->eu != NULL && ex->jb != NULL && sdpa_load_relaxed(&ex->eu->lost))
		longjmp(*ex->jb, SDPA_END_ABORT);
}

/* End the current execution with a device fault: 'line' is logged, 'msg' is the fatal state's
 * cause. */
static void exec_fault_end(struct sdpa_exec *ex, const char *line, const char *msg)
{
	struct doca_dpa *dpa = ex->dpa;

	DOCA_LOG_ERR("%s", line);
	sdpa_dpa_set_fatal(dpa, DOCA_ERROR_BAD_STATE, msg);
	pthread_mutex_lock(&dpa->lock);
	pthread_cond_broadcast(&dpa->launcher_cond);
	pthread_mutex_unlock(&dpa->lock);
	if (ex->jb != NULL)
		longjmp(*ex->jb, SDPA_END_FAULT);
}

void sdpa_exec_fault(const char *call, const char *what)
{
	struct sdpa_exec *ex = cur_exec;
	char who[160], msg[256], line[768];

	if (ex == NULL) {
		DOCA_LOG_RATE_LIMIT_ERR(
		        "%s was called by host code; device API functions work only "
		        "inside DPA kernels, and softdpa does not emulate this one (%s)",
		        call, what);
		return;
	}
	sdpa_exec_describe(ex, who, sizeof(who));
	snprintf(msg, sizeof(msg), "%s called %s, which softdpa does not emulate (%s)", who, call,
	         what);
	snprintf(line, sizeof(line),
	         "DPA context %u: %s is not emulated by softdpa (%s); %s ends with a device "
	         "fault and the context enters the error state (doca_dpa_peek_at_last_error "
	         "reports it, later launches and RPCs fail). Run this kernel on a BlueField "
	         "(NVIDIA's dpacc), or remove the call",
	         ex->dpa->id, call, what, who);
	exec_fault_end(ex, line, msg);
}

void sdpa_exec_misuse(const char *call, const char *what_and_fix)
{
	struct sdpa_exec *ex = cur_exec;
	char who[160], msg[256], line[768];

	if (ex == NULL) {
		DOCA_LOG_RATE_LIMIT_ERR(
		        "%s was called by host code; device API functions work only "
		        "inside DPA kernels (%s)",
		        call, what_and_fix);
		return;
	}
	sdpa_exec_describe(ex, who, sizeof(who));
	snprintf(msg, sizeof(msg), "%s: %s: %s", who, call, what_and_fix);
	snprintf(line, sizeof(line),
	         "DPA context %u: %s in %s: %s. %s ends with a device fault and the context enters "
	         "the error state (doca_dpa_peek_at_last_error reports it, later launches and RPCs "
	         "fail)",
	         ex->dpa->id, call, who, what_and_fix, who);
	exec_fault_end(ex, line, msg);
}

static void sleep_ms(unsigned int ms)
{
	struct timespec ts = {.tv_sec = ms / 1000, .tv_nsec = (long)(ms % 1000) * 1000000L};

	while (nanosleep(&ts, &ts) != 0 && errno == EINTR)
		;
}

/* ---- waking EUs: each idle EU sleeps on its own condition (under dpa->lock) ---- */

static void wake_eu_locked(struct doca_dpa *dpa, struct sdpa_eu *eu)
{
	for (unsigned int i = dpa->nr_idle; i-- > 0;) {
		if (dpa->idle[i] != eu->id)
			continue;
		dpa->idle[i] = dpa->idle[--dpa->nr_idle];
		eu->idle = false;
		dpa->eu_wakes++;
		pthread_cond_signal(&eu->cond);
		return;
	}
}

/* Take the EU that went idle last (its cache is the warmest) off the idle stack, or NULL.
 * The caller signals it, after dropping dpa->lock where it can: the woken EU then finds
 * the lock free. */
static struct sdpa_eu *take_idle_locked(struct doca_dpa *dpa)
{
	struct sdpa_eu *eu;

	if (dpa->nr_idle == 0)
		return NULL;
	eu = &dpa->eus[dpa->idle[--dpa->nr_idle]];
	eu->idle = false;
	dpa->eu_wakes++;
	return eu;
}

/* A scheduler counter of dpa, read under its lock. */
static uint64_t counter_read(struct doca_dpa *dpa, const uint64_t *c)
{
	uint64_t n;

	pthread_mutex_lock(&dpa->lock);
	n = *c;
	pthread_mutex_unlock(&dpa->lock);
	return n;
}

uint64_t sdpa_sched_eu_wakes(struct doca_dpa *dpa)
{
	return counter_read(dpa, &dpa->eu_wakes);
}

uint64_t sdpa_sched_stalls(struct doca_dpa *dpa)
{
	return counter_read(dpa, &dpa->stalls);
}

static void signal_eu(struct sdpa_eu *eu)
{
	if (eu != NULL)
		pthread_cond_signal(&eu->cond);
}

static bool wake_one_locked(struct doca_dpa *dpa)
{
	struct sdpa_eu *eu = take_idle_locked(dpa);

	signal_eu(eu);
	return eu != NULL;
}

static void wake_all_locked(struct doca_dpa *dpa)
{
	while (wake_one_locked(dpa))
		;
}

void sdpa_sched_wake_thread_locked(struct doca_dpa *root, const struct doca_dpa_thread *t)
{
	/* An EU that is busy takes the thread when its execution ends (pick runs after each),
	 * so only an idle one needs waking; a thread bound to one EU needs that one. */
	if (root->nr_eus == 0)
		return;
	if (t->affinity >= 0)
		wake_eu_locked(root, &root->eus[(unsigned int)t->affinity % root->nr_eus]);
	else
		wake_one_locked(root);
}

/* Below this much work left in a launch (its ranks left times the kernel's average rank
 * time), another EU is not woken: a wake and the context switch it causes cost more than
 * the ranks (256 empty ranks: 13 us on one EU, 42 us when woken across 16 EUs on a 2-core
 * host). */
enum { LAUNCH_WAKE_WORK_NS = 20000 };

/* Whether the ranks left of launch l are worth another EU. A launch of at most one rank
 * per EU always spreads: its ranks may wait for each other, as they run at once on
 * hardware. A kernel not run yet spreads too (no time known). */
static bool launch_wants_eus(const struct doca_dpa *dpa, const struct sdpa_launch *l)
{
	uint64_t r;

	if (l->nthreads <= dpa->nr_eus)
		return true;
	r = sdpa_load_relaxed(&((struct sdpa_kernel *)l->kernel)->rank_ns);
	return r == 0 || (uint64_t)(l->nthreads - l->next_rank) * r > LAUNCH_WAKE_WORK_NS;
}

/* Work is left after an EU took its share: the next idle EU joins in. Each woken EU wakes
 * the next, so the thread that made the work pays for one wake only. In the fast mode a
 * launch stops spreading once as many EUs are busy as the host has CPUs: more would only
 * take turns on them, and each costs a wake (a cross-CPU one is tens of microseconds on a
 * virtual machine); the busy EUs take the ranks left as they finish theirs, one at a time
 * (pick), so that an EU woken later still finds ranks to run. */
static struct sdpa_eu *idle_if_work_left_locked(struct doca_dpa *dpa)
{
	const struct sdpa_launch *l = dpa->lhead;

	if (dpa->rq_head != NULL ||
	    (l != NULL && l->active && l->next_rank < l->nthreads && launch_wants_eus(dpa, l) &&
	     (l->spread || dpa->nr_eus - dpa->nr_idle < dpa->spread_cap)))
		return take_idle_locked(dpa);
	return NULL;
}

/* A launch whose ranks have all been waiting for busy EUs (spread_cap) without a range
 * taken or ended for this long spreads over every EU: its running ranks may be waiting for
 * the ones not started, as they could on the DPA, where all run at once. The kernel's next
 * SPREAD_AFTER_STALL launches spread at once: a kernel whose ranks wait for each other
 * stalls once per that many launches, not on every one, and a stall that was only the
 * host's CPUs being busy costs a bounded number of spread launches. */
#define SPREAD_STALL_NS (WATCHDOG_TICK_MS * 1000000ull)
enum { SPREAD_AFTER_STALL = 64 };

static bool capped(const struct doca_dpa *dpa)
{
	return dpa->spread_cap < dpa->nr_eus;
}

static void spread_if_stalled_locked(struct doca_dpa *dpa, uint64_t now)
{
	struct sdpa_launch *l = dpa->lhead;

	if (!capped(dpa) || l == NULL || !l->active || l->spread || l->next_rank >= l->nthreads ||
	    now <= l->moved_ns || now - l->moved_ns < SPREAD_STALL_NS)
		return;
	l->spread = true;
	dpa->stalls++;
	sdpa_store_relaxed(&((struct sdpa_kernel *)l->kernel)->spread_launches,
	                   (uint32_t)SPREAD_AFTER_STALL);
	wake_one_locked(dpa); /* it wakes the next (idle_if_work_left_locked) */
}

/* Take work for 'eu'. Must hold dpa->lock. Fills eu->exec under the lock, so the
 * watchdog (which reads it under the lock) sees a consistent description. */
static bool pick(struct doca_dpa *dpa, struct sdpa_eu *eu, struct sdpa_launch **lp,
                 struct doca_dpa_thread **tp, struct sdpa_eu **wakep)
{
	struct sdpa_launch *l = dpa->lhead;
	struct doca_dpa_thread **link;
	bool rank_ok = l != NULL && l->active && l->next_rank < l->nthreads;

	*lp = NULL;
	*tp = NULL;
	*wakep = NULL;
	if (sdpa_load_relaxed(&dpa->fatal) != 0)
		return false;
	for (int pass = 0; pass < 2; pass++) {
		bool want_thread = (pass == 0) == dpa->take_thread_first;

		if (!want_thread && rank_ok) {
			/* A range of ranks, shrinking as the launch drains (guided
			 * self-scheduling): one lock round trip per range, not per rank,
			 * while the ranks still spread over every EU that is free. */
			unsigned int left = l->nthreads - l->next_rank;
			unsigned int chunk = left / dpa->nr_eus ? left / dpa->nr_eus : 1;

			/* Too little work for more EUs: this one takes what is worth
			 * LAUNCH_WAKE_WORK_NS, and decides again after it (the kernel's time
			 * is measured anew). */
			if (!launch_wants_eus(dpa, l)) {
				uint64_t r = sdpa_load_relaxed(
				        &((struct sdpa_kernel *)l->kernel)->rank_ns);
				uint64_t n = r ? LAUNCH_WAKE_WORK_NS / r : left;

				chunk = n >= left ? left : n > chunk ? (unsigned int)n : chunk;
			}

			if (capped(dpa))
				l->moved_ns = sdpa_mono_ns();
			eu->rank_end = l->next_rank + chunk;
			eu->exec = (struct sdpa_exec){
			        .kind = SDPA_EXEC_LAUNCH,
			        .dpa = dpa,
			        .kernel = l->kernel,
			        .rank = l->next_rank,
			        .nthreads = l->nthreads,
			        .eu = eu,
			        .jb = &eu->jb,
			};
			l->next_rank += chunk;
			*lp = l;
			dpa->take_thread_first = true;
			*wakep = idle_if_work_left_locked(dpa);
			return true;
		}
		if (!want_thread)
			continue;
		for (link = &dpa->rq_head; *link != NULL; link = &(*link)->rq_next) {
			struct doca_dpa_thread *t = *link;

			if (t->affinity >= 0 && (unsigned int)t->affinity % dpa->nr_eus != eu->id)
				continue;
			*link = t->rq_next;
			if (dpa->rq_tail == t) {
				dpa->rq_tail = NULL;
				for (struct doca_dpa_thread *x = dpa->rq_head; x; x = x->rq_next)
					dpa->rq_tail = x;
			}
			t->rq_next = NULL;
			t->queued = false;
			t->running = true;
			t->run_eu = eu;
			t->activations++;
			eu->exec = (struct sdpa_exec){
			        .kind = SDPA_EXEC_THREAD,
			        .dpa = dpa,
			        .kernel = t->kernel,
			        .rank = t->tg ? t->tg_rank : 0,
			        .nthreads = t->tg ? t->tg->num_threads : 1,
			        .thread = t,
			        .eu = eu,
			        .jb = &eu->jb,
			};
			*tp = t;
			dpa->take_thread_first = false;
			*wakep = idle_if_work_left_locked(dpa);
			return true;
		}
	}
	return false;
}

/* SOFTDPA_TRACE: one complete event per execution (docs/TRACING.md). */
static void trace_exec(const struct sdpa_exec *ex, enum sdpa_exec_end how, uint64_t t0)
{
	static const char *const kind[] = {"launch", "thread", "rpc"};
	static const char *const end[] = {"return", "reschedule", "finish", "abort", "fault"};

	sdpa_trace_dpa_exec(ex->eu != NULL ? ex->eu->id : SDPA_TRACE_TID_CALLER, ex->kernel->name,
	                    kind[ex->kind], ex->rank,
	                    ex->thread != NULL ? (int64_t)ex->thread->id : -1, end[how], t0);
}

/* Run the exec prepared in eu->exec; returns how it ended. */
static enum sdpa_exec_end run_exec(struct sdpa_eu *eu, const void *args)
{
	struct sdpa_exec *ex = &eu->exec;
	uint64_t t0 = sdpa_trace_begin(); /* set before setjmp, never after: survives longjmp */
	int how;

	uint64_t now = sdpa_mono_ns();

	sdpa_exec_set_current(ex);
	/* cmocka, or the program, may have replaced the fault handlers. Asking costs a system
	 * call, so it is not asked per execution: a launch asks once, in the launching thread
	 * (launch()); an EU woken from idle asks before a thread activation (the host may
	 * have changed them since), and a busy EU asks every HANDLER_CHECK_NS. */
	if ((eu->check_handlers && ex->kind != SDPA_EXEC_LAUNCH) || now >= eu->next_handler_check) {
		sdpa_fault_ensure_handlers();
		eu->check_handlers = false;
		eu->next_handler_check = now + HANDLER_CHECK_NS;
	}
	sdpa_window_exec_begin(ex);
	/* R1 pairs with A1 in watchdog_scan: the watchdog times this execution. */
	sdpa_store_release(&eu->task_start_ns, now);
	how = setjmp(eu->jb);
	if (how == 0) {
		ex->kernel->invoke(args);
		how = SDPA_END_RETURN;
	}
	/* R1 pairs with A1 in watchdog_scan, sdpa_sched_stop, settle_locked (thread.c): done. */
	sdpa_store_release(&eu->task_start_ns, 0);
	/* A-orph pairs with R-orph in sdpa_sched_stop: the EU was given up on. */
	if (sdpa_load_acquire(&eu->orphaned))
		return (enum sdpa_exec_end)how;
	if (how == SDPA_END_FAULT && ex->fault.sig != 0)
		sdpa_fault_report(ex); /* a contained kernel fault: log it, the context is fatal */
	sdpa_window_exec_end(ex, (enum sdpa_exec_end)how);
	exec_end_hook((enum sdpa_exec_end)how);
	if (t0 != 0)
		trace_exec(ex, (enum sdpa_exec_end)how, t0);
	sdpa_exec_set_current(NULL);
	return (enum sdpa_exec_end)how;
}

/* Drop the launch's event references and its argument block; the object stays. */
static void launch_release(struct sdpa_launch *l)
{
	if (l->wait_ev != NULL)
		sdpa_fetch_sub_acq_rel(&l->wait_ev->users, 1);
	if (l->comp_ev != NULL)
		sdpa_fetch_sub_acq_rel(&l->comp_ev->users, 1);
	l->wait_ev = NULL;
	l->comp_ev = NULL;
	if (l->args != l->args_inline)
		free(l->args);
	l->args = NULL;
}

static void launch_free(struct sdpa_launch *l)
{
	launch_release(l);
	free(l);
}

/* Launch objects are pooled per context: a launch allocates nothing once the pool is warm.
 * The pool keeps as many as were ever in flight at once. */
static struct sdpa_launch *launch_get(struct doca_dpa *root)
{
	struct sdpa_launch *l;

	pthread_mutex_lock(&root->lock);
	l = root->lpool;
	if (l != NULL)
		root->lpool = l->next;
	pthread_mutex_unlock(&root->lock);
	if (l == NULL)
		return aligned_alloc(64, sizeof(*l));
	return l;
}

static void launch_put_locked(struct doca_dpa *dpa, struct sdpa_launch *l)
{
	l->next = dpa->lpool;
	dpa->lpool = l;
}

void sdpa_sched_release_events_locked(struct doca_dpa *dpa)
{
	/* A fatal context never runs nor completes a launch again: its events are free to be
	 * destroyed at once (as on hardware), in any teardown order. The launcher may be
	 * waiting on a head launch's event: it holds 'busy', which destroy waits for, and
	 * stops waiting now. R-quit pairs with the acquire load in sdpa_se_wait. */
	sdpa_store_release(&dpa->launcher_quit, 1);
	for (struct sdpa_launch *l = dpa->lhead; l != NULL; l = l->next) {
		if (l->wait_ev != NULL)
			sdpa_fetch_sub_acq_rel(&l->wait_ev->users, 1);
		if (l->comp_ev != NULL)
			sdpa_fetch_sub_acq_rel(&l->comp_ev->users, 1);
		l->wait_ev = NULL;
		l->comp_ev = NULL;
	}
}

static bool wait_passed(const struct sdpa_launch *l)
{
	/* A7 pairs with R2 in sync_event.c. */
	return l->wait_ev == NULL || sdpa_load_acquire(&l->wait_ev->value) >= l->wait_threshold;
}

/* The head launch changed: start it at once when its wait event allows, else let the
 * launcher wait for the event. Must hold dpa->lock. The EU to wake for it goes to *wakep
 * (the caller signals it); with wakep NULL the calling EU picks the launch itself. */
static void advance_locked(struct doca_dpa *dpa, struct sdpa_eu **wakep)
{
	struct sdpa_launch *l = dpa->lhead;

	if (l == NULL || l->active || dpa->publishing || sdpa_load_relaxed(&dpa->fatal) != 0)
		return;
	if (wait_passed(l)) {
		l->active = true;
		if (capped(dpa))
			l->moved_ns = sdpa_mono_ns();
		/* One EU; it wakes the next if ranks are left (pick). An EU that is busy
		 * takes ranks when its execution ends. */
		if (wakep != NULL)
			*wakep = take_idle_locked(dpa);
	} else {
		pthread_cond_signal(&dpa->launcher_cond);
	}
}

/* The last rank of the head launch ended: retire it, publish its completion event, start
 * the next one. The next waits for the publish (dpa->publishing), so completions reach an
 * event in launch order: with update_set a later launch's value never gets overwritten
 * by an earlier one's. Called by that rank's EU with dpa->lock held; drops it meanwhile. */
static void retire_head_locked(struct doca_dpa *dpa, struct sdpa_launch *l)
{
	dpa->lhead = l->next;
	if (dpa->lhead == NULL)
		dpa->ltail = NULL;
	dpa->publishing = true;
	pthread_mutex_unlock(&dpa->lock);
	{
		struct doca_sync_event *ev = l->comp_ev;
		uint64_t count = l->comp_count;
		bool add = l->comp_add;

		/* Drop the launch's references before publishing: a host that saw the
		 * completion may destroy both events at once. 'busy' keeps the completion
		 * event alive until the update is done (doca_sync_event_destroy spins on it;
		 * our increment is ordered before the users decrement it reads). */
		if (ev != NULL)
			sdpa_fetch_add_acq_rel(&ev->busy, 1);
		launch_release(l);
		if (ev != NULL) {
			if (add)
				sdpa_se_add(ev, count);
			else
				sdpa_se_store(ev, count);
			sdpa_fetch_sub_acq_rel(&ev->busy, 1);
		}
	}
	pthread_mutex_lock(&dpa->lock);
	launch_put_locked(dpa, l);
	dpa->publishing = false;
	advance_locked(dpa, NULL); /* the calling EU picks next */
}

/* P9: say once per kernel that a rescheduled thread restarts from its entry point. */
static void note_reentry(struct sdpa_eu *eu)
{
	const struct sdpa_kernel *k = eu->exec.kernel;
	char who[160];

	if (!sdpa_kernel_report_once(&eu->exec, SDPA_REPORT_REENTRY))
		return;
	sdpa_exec_describe(&eu->exec, who, sizeof(who));
	DOCA_LOG_INFO("P9: %s re-enters '%s' from the top after doca_dpa_dev_thread_reschedule; "
	              "locals of the previous activation are gone. Keep state that must survive "
	              "in statics or in the thread's local storage",
	              who, k->name);
}

static void *eu_main(void *arg)
{
	struct sdpa_eu *eu = arg;
	struct doca_dpa *dpa = eu->dpa;

	sdpa_fault_thread_prepare(); /* a kernel's stack overflow needs another stack */
	sdpa_fault_set_kick_flag(&eu->kick);
	sdpa_window_eu_start(dpa, eu->id);
	pthread_mutex_lock(&dpa->lock);
	while (!dpa->shutdown) {
		struct sdpa_launch *l;
		struct doca_dpa_thread *t;
		struct sdpa_eu *wake;
		enum sdpa_exec_end how;
		bool reenter;
		unsigned int ran = 0;
		uint64_t t0, t1;

		if (!pick(dpa, eu, &l, &t, &wake) || (l == NULL && t == NULL)) {
			eu->idle = true;
			dpa->idle[dpa->nr_idle++] = eu->id;
			while (eu->idle && !dpa->shutdown)
				pthread_cond_wait(&eu->cond, &dpa->lock);
			eu->check_handlers = true;
			continue;
		}
		reenter = t != NULL && t->rescheduled;
		pthread_mutex_unlock(&dpa->lock);
		/* Every EU's cond is destroyed only once all EUs are joined (sdpa_sched_stop). */
		signal_eu(wake);
		if (reenter)
			note_reentry(eu);
		/* A launch's range of ranks runs back to back without the lock; a rank that
		 * aborts or faults ends the range (the context is fatal then). */
		t0 = l != NULL ? sdpa_mono_ns() : 0;
		for (;;) {
			how = run_exec(eu, l != NULL ? l->args : t->args);
			/* A-orph pairs with R-orph in sdpa_sched_stop. */
			if (sdpa_load_acquire(&eu->orphaned))
				return NULL; /* stop gave up on this EU: dpa may be gone */
			if (l == NULL || how == SDPA_END_ABORT || how == SDPA_END_FAULT)
				break;
			ran++;
			/* A-stop pairs with R-stop in sdpa_sched_stop. */
			if (eu->exec.rank + 1 >= eu->rank_end ||
			    sdpa_load_relaxed(&dpa->fatal) != 0 ||
			    sdpa_load_acquire(&dpa->stopping))
				break;
			/* The watchdog reads exec only while task_start_ns says a kernel runs
			 * (and after its acquire load), so it is rewritten between kernels. The
			 * next rank differs in its rank only; a device selection does not
			 * carry over (a fault would have ended the range). */
			eu->exec.rank++;
			eu->exec.device = 0;
		}
		if (t != NULL)
			sdpa_thread_activation_done(t, how);
		t1 = l != NULL ? sdpa_mono_ns() : 0;
		if (l != NULL && ran > 0) {
			/* the kernel's rank time, averaged (launch_wants_eus) */
			struct sdpa_kernel *k = (struct sdpa_kernel *)l->kernel;
			uint64_t ns = (t1 - t0) / ran + 1;
			uint64_t old = sdpa_load_relaxed(&k->rank_ns);

			sdpa_store_relaxed(&k->rank_ns, old ? (old * 3 + ns) / 4 : ns);
		}
		pthread_mutex_lock(&dpa->lock);
		if (l != NULL && capped(dpa))
			l->moved_ns = t1;
		/* An aborted or faulted rank never completes its launch, nor does any launch
		 * of a fatal context. */
		if (l != NULL && ran > 0 && (l->done += ran) == l->nthreads &&
		    sdpa_load_relaxed(&dpa->fatal) == 0 && !dpa->shutdown)
			retire_head_locked(dpa, l);
	}
	pthread_mutex_unlock(&dpa->lock);
	sdpa_window_eu_stop(dpa, eu->id);
	/* R-exit pairs with A-exit in sdpa_sched_stop: this EU touches nothing after it. */
	sdpa_store_release(&eu->exited, 1);
	return NULL;
}

/* Starts head launches whose wait event was not yet reached when they became head. */
static void *launcher_main(void *arg)
{
	struct doca_dpa *dpa = arg;

	pthread_mutex_lock(&dpa->lock);
	for (;;) {
		struct sdpa_launch *l;
		struct doca_sync_event *ev;
		uint64_t threshold;
		bool passed;

		while (!dpa->shutdown && (dpa->lhead == NULL || dpa->lhead->active ||
		                          dpa->publishing || sdpa_load_relaxed(&dpa->fatal) != 0))
			pthread_cond_wait(&dpa->launcher_cond, &dpa->lock);
		if (dpa->shutdown)
			break;
		l = dpa->lhead;
		ev = l->wait_ev;
		if (ev == NULL) { /* advance_locked starts such a launch itself */
			struct sdpa_eu *w = NULL;

			advance_locked(dpa, &w);
			signal_eu(w);
			continue;
		}
		threshold = l->wait_threshold;
		/* While we wait unlocked, a submit may start l and l may retire, after which
		 * the host may destroy the event: 'busy' keeps it alive until the wait returns
		 * (doca_sync_event_destroy spins on it). Taken while l still holds a user
		 * reference, so a destroyer that sees users == 0 sees busy too. */
		sdpa_fetch_add_acq_rel(&ev->busy, 1);
		pthread_mutex_unlock(&dpa->lock);
		passed = sdpa_se_wait(ev, SDPA_SE_GE, threshold, UINT64_MAX, &dpa->launcher_quit,
		                      true);
		sdpa_fetch_sub_acq_rel(&ev->busy, 1);
		pthread_mutex_lock(&dpa->lock);
		if (passed) {
			struct sdpa_eu *w = NULL;

			advance_locked(dpa, &w);
			signal_eu(w);
		}
	}
	pthread_mutex_unlock(&dpa->lock);
	return NULL;
}

static void watchdog_scan(struct doca_dpa *dpa)
{
	uint64_t limit_ms = sdpa_dpa_get_kernel_max_run_time_ms();
	uint64_t now = sdpa_mono_ns();
	char what[160] = "";
	unsigned int eu_id = 0;
	bool fire = false;

	pthread_mutex_lock(&dpa->lock);
	for (unsigned int i = 0; i < dpa->nr_eus && !fire; i++) {
		struct sdpa_eu *eu = &dpa->eus[i];
		/* A1 pairs with R1 in run_exec. */
		uint64_t start = sdpa_load_acquire(&eu->task_start_ns);

		/* 'now' was read before the lock: an execution may have started since. */
		if (start == 0 || start >= now || sdpa_load_relaxed(&eu->lost) ||
		    now - start <= limit_ms * 1000000ull)
			continue;
		sdpa_exec_describe(&eu->exec, what, sizeof(what));
		sdpa_store_relaxed(&eu->lost, 1);
		if (sdpa_load_relaxed(&dpa->fatal) == 0) {
			int expected = 0;

			if (sdpa_cas_acq_rel(&dpa->fatal, &expected, (int)DOCA_ERROR_BAD_STATE)) {
				snprintf(dpa->fatal_msg, sizeof(dpa->fatal_msg),
				         "%s exceeded the kernel max run time", what);
				sdpa_sched_release_events_locked(dpa);
				fire = true;
				eu_id = i;
			}
		}
	}
	if (fire) {
		pthread_cond_broadcast(&dpa->launcher_cond);
		wake_all_locked(dpa);
	} else {
		spread_if_stalled_locked(dpa, now);
	}
	pthread_mutex_unlock(&dpa->lock);
	if (fire)
		DOCA_LOG_ERR("DPA context %u: %s ran on EU %u longer than the kernel max run time "
		             "(%llu ms); the context is now fatal (later launches fail with "
		             "BAD_STATE, doca_dpa_peek_at_last_error reports it). Make the kernel "
		             "return sooner (move long loops into a DPA thread that reschedules), "
		             "then destroy and recreate the context",
		             dpa->id, what, eu_id, (unsigned long long)limit_ms);
}

static void *watchdog_main(void *arg)
{
	struct doca_dpa *dpa = arg;

	/* A-stop pairs with R-stop in sdpa_sched_stop. */
	while (!sdpa_load_acquire(&dpa->stopping)) {
		sleep_ms(WATCHDOG_TICK_MS);
		watchdog_scan(dpa);
	}
	return NULL;
}

doca_error_t sdpa_sched_start(struct doca_dpa *dpa)
{
	unsigned int n = sdpa_config_get()->dpa_eus;
	unsigned int started = 0;

	dpa->eus = calloc(n, sizeof(*dpa->eus));
	dpa->idle = calloc(n, sizeof(*dpa->idle));
	if (dpa->eus == NULL || dpa->idle == NULL) {
		free(dpa->eus);
		free(dpa->idle);
		dpa->eus = NULL;
		dpa->idle = NULL;
		DOCA_LOG_ERR("doca_dpa_start: out of memory for %u EUs; lower SOFTDPA_DPA_EUS", n);
		return DOCA_ERROR_NO_MEMORY;
	}
	dpa->nr_eus = n;
	dpa->spread_cap = n;
	if (sdpa_config_get()->window == SDPA_WINDOW_FAST) {
		cpu_set_t cpus;

		if (sched_getaffinity(0, sizeof(cpus), &cpus) == 0 && CPU_COUNT(&cpus) > 0 &&
		    (unsigned int)CPU_COUNT(&cpus) < n)
			dpa->spread_cap = (unsigned int)CPU_COUNT(&cpus);
	}
	dpa->shutdown = false;
	sdpa_store_relaxed(&dpa->stopping, 0);
	sdpa_store_relaxed(&dpa->launcher_quit, 0);
	for (; started < n; started++) {
		struct sdpa_eu *eu = &dpa->eus[started];

		eu->id = started;
		eu->dpa = dpa;
		pthread_cond_init(&eu->cond, NULL);
		if (pthread_create(&eu->tid, NULL, eu_main, eu) != 0) {
			pthread_cond_destroy(&eu->cond);
			goto err;
		}
		eu->tid_valid = true;
	}
	if (pthread_create(&dpa->launcher, NULL, launcher_main, dpa) != 0)
		goto err;
	if (pthread_create(&dpa->watchdog, NULL, watchdog_main, dpa) != 0) {
		pthread_mutex_lock(&dpa->lock);
		dpa->shutdown = true;
		pthread_cond_broadcast(&dpa->launcher_cond);
		pthread_mutex_unlock(&dpa->lock);
		pthread_join(dpa->launcher, NULL);
		goto err;
	}
	dpa->threads_up = true;
	return DOCA_SUCCESS;

err:
	DOCA_LOG_ERR("doca_dpa_start: cannot create the EU threads (%u of %u started); lower "
	             "SOFTDPA_DPA_EUS or raise the thread limit",
	             started, n);
	pthread_mutex_lock(&dpa->lock);
	dpa->shutdown = true;
	wake_all_locked(dpa);
	pthread_mutex_unlock(&dpa->lock);
	for (unsigned int i = 0; i < started; i++) {
		pthread_join(dpa->eus[i].tid, NULL);
		pthread_cond_destroy(&dpa->eus[i].cond);
	}
	free(dpa->eus);
	free(dpa->idle);
	dpa->eus = NULL;
	dpa->idle = NULL;
	dpa->nr_idle = 0;
	dpa->nr_eus = 0;
	return DOCA_ERROR_OPERATING_SYSTEM;
}

bool sdpa_sched_may_hold_handles(struct doca_dpa *dpa)
{
	bool busy;

	/* A-threads pairs with the acq_rel decrement in doca_dpa_thread_destroy. */
	if (sdpa_load_acquire(&dpa->nr_threads) != 0)
		return true;
	if (!dpa->threads_up)
		return false;
	pthread_mutex_lock(&dpa->lock);
	busy = dpa->lhead != NULL || dpa->rq_head != NULL;
	pthread_mutex_unlock(&dpa->lock);
	for (unsigned int i = 0; !busy && i < dpa->nr_eus; i++)
		/* A1 pairs with R1 in run_exec. */
		busy = sdpa_load_acquire(&dpa->eus[i].task_start_ns) != 0;
	return busy;
}

bool sdpa_sched_stop(struct doca_dpa *dpa)
{
	struct sdpa_launch *l, *next;
	unsigned int abandoned = 0;
	bool clean = true;
	uint64_t deadline;

	if (!dpa->threads_up)
		return true;
	/* R-stop pairs with A-stop in eu_main and watchdog_main. */
	sdpa_store_release(&dpa->stopping, 1);
	/* R-quit pairs with the acquire load of the launcher's event wait (sdpa_se_wait). */
	sdpa_store_release(&dpa->launcher_quit, 1);
	pthread_mutex_lock(&dpa->lock);
	dpa->shutdown = true;
	wake_all_locked(dpa);
	pthread_cond_broadcast(&dpa->launcher_cond);
	pthread_mutex_unlock(&dpa->lock);
	pthread_join(dpa->launcher, NULL);
	pthread_join(dpa->watchdog, NULL);
	/* An EU still inside a kernel unwinds at its next device API call. */
	for (unsigned int i = 0; i < dpa->nr_eus; i++)
		/* A1 pairs with R1 in run_exec. */
		if (sdpa_load_acquire(&dpa->eus[i].task_start_ns) != 0)
			sdpa_store_relaxed(&dpa->eus[i].lost, 1);
	deadline = sdpa_mono_ns() + STOP_JOIN_MS * 1000000ull;
	for (unsigned int i = 0; i < dpa->nr_eus; i++) {
		struct sdpa_eu *eu = &dpa->eus[i];

		/* Only a kernel that keeps running past the deadline is abandoned; an EU
		 * between kernels exits as soon as it is scheduled (a loaded machine may take a
		 * while), and abandoning it would leak it and let it touch a freed context. */
		bool in_kernel = false, kicked = false;
		uint64_t kick_wait = 0;
		uint64_t eu_deadline = deadline;

		/* A-exit pairs with R-exit in eu_main. */
		while (!sdpa_load_acquire(&eu->exited)) {
			uint64_t now = sdpa_mono_ns();

			/* A1 pairs with R1 in run_exec. A kernel picked before shutdown may
			 * start after the pass above: mark it lost too. */
			in_kernel = sdpa_load_acquire(&eu->task_start_ns) != 0;
			if (in_kernel)
				sdpa_store_relaxed(&eu->lost, 1);
			/* A kernel that makes no device call never reaches an unwind point:
			 * interrupt it (once) rather than leave its EU spinning on a core. */
			if (now >= eu_deadline && in_kernel && !kicked) {
				kicked = true;
				if (sdpa_fault_kick(eu->tid, &eu->kick))
					kick_wait = STOP_KICK_MS * 1000000ull;
				eu_deadline = now + kick_wait;
				continue;
			}
			if (now >= eu_deadline &&
			    (in_kernel || now >= eu_deadline + STOP_IDLE_EXTRA_MS * 1000000ull))
				break;
			sleep_ms(1);
		}
		/* A-exit pairs with R-exit in eu_main. */
		if (sdpa_load_acquire(&eu->exited)) {
			pthread_join(eu->tid, NULL);
			continue;
		}
		/* A kernel spinning without any device call cannot be stopped safely. */
		/* R-orph pairs with A-orph in run_exec and eu_main. */
		sdpa_store_release(&eu->orphaned, 1);
		pthread_detach(eu->tid);
		clean = false;
		if (in_kernel)
			DOCA_LOG_WARN("doca_dpa_stop: EU %u of DPA context %u is still executing a "
			              "kernel that makes no device API call and could not be "
			              "interrupted; it is abandoned and the image and heap stay "
			              "mapped. Make long-running kernels call doca_dpa_dev_yield",
			              i, dpa->id);
		else
			DOCA_LOG_WARN("doca_dpa_stop: EU %u of DPA context %u was not scheduled "
			              "for %u s to exit; it is abandoned and the image and heap "
			              "stay mapped. The machine is overloaded",
			              i, dpa->id, (STOP_JOIN_MS + STOP_IDLE_EXTRA_MS) / 1000);
	}
	for (l = dpa->lhead; l != NULL; l = next) {
		next = l->next;
		launch_free(l);
		abandoned++;
	}
	dpa->lhead = dpa->ltail = NULL;
	dpa->rq_head = dpa->rq_tail = NULL;
	while ((l = dpa->lpool) != NULL) {
		dpa->lpool = l->next;
		free(l);
	}
	if (abandoned)
		DOCA_LOG_WARN(
		        "doca_dpa_stop: %u kernel launch(es) of DPA context %u never completed "
		        "(waiting for their wait event, or the context was fatal); wait for "
		        "their completion event before stopping",
		        abandoned, dpa->id);
	if (clean) {
		for (unsigned int i = 0; i < dpa->nr_eus; i++)
			pthread_cond_destroy(&dpa->eus[i].cond);
		free(dpa->eus); /* an orphaned EU still uses its slot */
	}
	free(dpa->idle);
	dpa->idle = NULL;
	dpa->nr_idle = 0;
	dpa->eus = NULL;
	dpa->nr_eus = 0;
	dpa->threads_up = false;
	return clean;
}

doca_error_t sdpa_sched_submit(struct doca_dpa *dpa, struct sdpa_launch *l)
{
	struct sdpa_eu *w = NULL;

	pthread_mutex_lock(&dpa->lock);
	if (sdpa_load_relaxed(&dpa->fatal) != 0) {
		pthread_mutex_unlock(&dpa->lock);
		return DOCA_ERROR_BAD_STATE;
	}
	l->seq = ++dpa->launch_seq;
	if (dpa->ltail != NULL)
		dpa->ltail->next = l;
	else
		dpa->lhead = l;
	dpa->ltail = l;
	advance_locked(dpa, &w);
	pthread_mutex_unlock(&dpa->lock);
	signal_eu(w); /* the cond outlives any launch: stop cannot run during a launch call */
	return DOCA_SUCCESS;
}

static doca_error_t usable(struct doca_dpa *dpa, const char *fn, struct doca_dpa **rootp)
{
	struct doca_dpa *root;

	if (!sdpa_dpa_valid(dpa)) {
		DOCA_LOG_ERR("%s: dpa is NULL or not a DPA context; pass the context from "
		             "doca_dpa_create",
		             fn);
		return DOCA_ERROR_INVALID_VALUE;
	}
	if (!dpa->started) {
		DOCA_LOG_ERR("%s: DPA context %u is not started; call doca_dpa_start first", fn,
		             dpa->id);
		return DOCA_ERROR_BAD_STATE;
	}
	root = sdpa_dpa_root(dpa);
	/* A-fatal pairs with the acq_rel CAS in sdpa_dpa_set_fatal. */
	if (sdpa_load_acquire(&root->fatal) != 0) {
		pthread_mutex_lock(&root->lock);
		DOCA_LOG_ERR(
		        "%s: DPA context %u is in the fatal state (%s); destroy it and create a "
		        "new one",
		        fn, root->id, root->fatal_msg);
		pthread_mutex_unlock(&root->lock);
		return DOCA_ERROR_BAD_STATE;
	}
	*rootp = root;
	return DOCA_SUCCESS;
}

static doca_error_t check_event(struct doca_sync_event *ev, struct doca_dpa *dpa, const char *fn,
                                const char *which)
{
	if (ev == NULL)
		return DOCA_SUCCESS;
	if (!sdpa_se_valid(ev)) {
		DOCA_LOG_ERR("%s: %s is not a sync event; pass one from doca_sync_event_create", fn,
		             which);
		return DOCA_ERROR_INVALID_VALUE;
	}
	if (!ev->started) {
		DOCA_LOG_ERR("%s: %s is not started; call doca_sync_event_start first", fn, which);
		return DOCA_ERROR_BAD_STATE;
	}
	if (!sdpa_se_has_dpa(ev, dpa) && !ev->warned_no_dpa) {
		ev->warned_no_dpa = true;
		DOCA_LOG_WARN("%s: %s has no DPA publisher/subscriber location for context %u; "
		              "add one (doca_sync_event_add_%s_location_dpa) as hardware requires",
		              fn, which, dpa->id,
		              strcmp(which, "wait_event") == 0 ? "subscriber" : "publisher");
	}
	return DOCA_SUCCESS;
}

static doca_error_t launch(struct doca_dpa *dpa, struct doca_sync_event *wait_ev, uint64_t wait_thr,
                           struct doca_sync_event *comp_ev, uint64_t comp_count, unsigned int n,
                           doca_dpa_func_t *func, bool add, va_list *ap, const char *fn)
{
	const struct sdpa_kernel *k;
	struct sdpa_launch *l;
	struct doca_dpa *root;
	doca_error_t r = usable(dpa, fn, &root);

	if (r != DOCA_SUCCESS)
		return r;
	if (func == NULL) {
		DOCA_LOG_ERR(
		        "%s: func is NULL; pass a __dpa_global__ kernel (extern doca_dpa_func_t "
		        "name;)",
		        fn);
		return DOCA_ERROR_INVALID_VALUE;
	}
	if (n == 0 || n > MAX_THREADS_PER_LAUNCH) {
		DOCA_LOG_ERR("%s: num_threads %u is outside 1..%u "
		             "(doca_dpa_get_max_threads_per_kernel); launch fewer threads",
		             fn, n, MAX_THREADS_PER_LAUNCH);
		return DOCA_ERROR_INVALID_VALUE;
	}
	if (wait_ev != NULL && wait_thr > WAIT_THRESHOLD_MAX) {
		/* P14: the hardware field is 8 bits wide; refuse rather than truncate. */
		DOCA_LOG_ERR("%s: wait_threshold %llu is outside the valid range 0..%d; keep wait "
		             "thresholds at most %d (e.g. reset the event instead of counting up)",
		             fn, (unsigned long long)wait_thr, WAIT_THRESHOLD_MAX,
		             WAIT_THRESHOLD_MAX);
		return DOCA_ERROR_INVALID_VALUE;
	}
	r = check_event(wait_ev, root, fn, "wait_event");
	if (r == DOCA_SUCCESS)
		r = check_event(comp_ev, root, fn, "comp_event");
	if (r != DOCA_SUCCESS)
		return r;
	k = sdpa_image_kernel(&root->image, func);
	if (k == NULL) {
		DOCA_LOG_ERR(
		        "%s: func %p is not a kernel of app '%s'; pass a __dpa_global__ function "
		        "compiled into the app set with doca_dpa_set_app",
		        fn, (void *)(uintptr_t)func, root->app->name);
		return DOCA_ERROR_INVALID_VALUE;
	}
	if (k->kind != SDPA_KERNEL_GLOBAL) {
		DOCA_LOG_ERR("%s: '%s' is a __dpa_rpc__ function; call it with doca_dpa_rpc", fn,
		             k->name);
		return DOCA_ERROR_INVALID_VALUE;
	}
	l = launch_get(root);
	if (l != NULL) {
		memset(l, 0, offsetof(struct sdpa_launch, args_inline));
		l->args = sdpa_kernel_marshal_into(k, ap, l->args_inline, sizeof(l->args_inline));
	}
	if (l == NULL || l->args == NULL) {
		free(l);
		DOCA_LOG_ERR("%s: out of memory for the launch of '%s'; free memory and retry", fn,
		             k->name);
		return DOCA_ERROR_NO_MEMORY;
	}
	l->kernel = k;
	l->nthreads = n;
	{
		/* The kernel's scheduling hints are mutable (as rank_ns in eu_main). */
		struct sdpa_kernel *mk = (struct sdpa_kernel *)k;
		uint32_t left = sdpa_load_relaxed(&mk->spread_launches);

		if (left != 0) { /* it stalled lately (spread_if_stalled_locked) */
			l->spread = true;
			sdpa_store_relaxed(&mk->spread_launches, left - 1);
		}
	}
	l->wait_ev = wait_ev;
	l->wait_threshold = wait_thr;
	l->comp_ev = comp_ev;
	l->comp_count = comp_count;
	l->comp_add = add;
	if (wait_ev != NULL)
		sdpa_fetch_add_acq_rel(&wait_ev->users, 1);
	if (comp_ev != NULL)
		sdpa_fetch_add_acq_rel(&comp_ev->users, 1);
	/* The launching thread checks the fault handlers once for every rank of the launch:
	 * an EU woken for a launch rank does not ask again (run_exec). */
	sdpa_fault_ensure_handlers();
	r = sdpa_sched_submit(root, l);
	if (r != DOCA_SUCCESS) {
		launch_free(l);
		DOCA_LOG_ERR("%s: DPA context %u became fatal; destroy it and create a new one", fn,
		             root->id);
	}
	return r;
}

DOCA_EXPERIMENTAL doca_error_t doca_dpa_kernel_launch_update_set(
        struct doca_dpa *dpa, struct doca_sync_event *wait_event, uint64_t wait_threshold,
        struct doca_sync_event *comp_event, uint64_t comp_count, unsigned int num_threads,
        doca_dpa_func_t *func, ...)
{
	va_list ap;
	doca_error_t r;

	va_start(ap, func);
	r = launch(dpa, wait_event, wait_threshold, comp_event, comp_count, num_threads, func,
	           false, &ap, __func__);
	va_end(ap);
	return r;
}

DOCA_EXPERIMENTAL doca_error_t doca_dpa_kernel_launch_update_add(
        struct doca_dpa *dpa, struct doca_sync_event *wait_event, uint64_t wait_threshold,
        struct doca_sync_event *comp_event, uint64_t comp_count, unsigned int num_threads,
        doca_dpa_func_t *func, ...)
{
	va_list ap;
	doca_error_t r;

	va_start(ap, func);
	r = launch(dpa, wait_event, wait_threshold, comp_event, comp_count, num_threads, func, true,
	           &ap, __func__);
	va_end(ap);
	return r;
}

DOCA_EXPERIMENTAL doca_error_t doca_dpa_rpc(struct doca_dpa *dpa, doca_dpa_func_t *func,
                                            uint64_t *retval, ...)
{
	const struct sdpa_kernel *k;
	struct sdpa_exec ex, *prev;
	struct doca_dpa *root;
	uint64_t t0;
	va_list ap;
	void *args;
	jmp_buf jb;
	int how;
	doca_error_t r = usable(dpa, __func__, &root);

	if (r != DOCA_SUCCESS)
		return r;
	if (func == NULL || retval == NULL) {
		DOCA_LOG_ERR("doca_dpa_rpc: %s is NULL; pass a __dpa_rpc__ function and a result "
		             "pointer",
		             func == NULL ? "func" : "retval");
		return DOCA_ERROR_INVALID_VALUE;
	}
	k = sdpa_image_kernel(&root->image, func);
	if (k == NULL) {
		DOCA_LOG_ERR(
		        "doca_dpa_rpc: func %p is not a function of app '%s'; pass a __dpa_rpc__ "
		        "function compiled into the app",
		        (void *)(uintptr_t)func, root->app->name);
		return DOCA_ERROR_INVALID_VALUE;
	}
	if (k->kind != SDPA_KERNEL_RPC) {
		DOCA_LOG_ERR("doca_dpa_rpc: '%s' is a __dpa_global__ kernel; launch it with "
		             "doca_dpa_kernel_launch_update_set/_add",
		             k->name);
		return DOCA_ERROR_INVALID_VALUE;
	}
	va_start(ap, retval);
	args = sdpa_kernel_marshal(k, &ap);
	va_end(ap);
	if (args == NULL) {
		DOCA_LOG_ERR("doca_dpa_rpc: out of memory for the arguments of '%s'", k->name);
		return DOCA_ERROR_NO_MEMORY;
	}
	/* RPCs run in the caller's thread: blocking, and independent of busy EUs. A device
	 * fault (sdpa_exec_fault) unwinds to 'jb'. */
	ex = (struct sdpa_exec){
	        .kind = SDPA_EXEC_RPC, .dpa = root, .kernel = k, .nthreads = 1, .jb = &jb};
	prev = sdpa_exec_current();
	sdpa_exec_set_current(&ex);
	t0 = sdpa_trace_begin();
	/* A kernel fault lands at 'jb' too (fault.h): the caller's thread needs an alternate
	 * stack (given once, kept) and the handlers in place. */
	sdpa_fault_thread_prepare();
	sdpa_fault_ensure_handlers();
	sdpa_window_exec_begin(&ex);
	how = setjmp(jb);
	if (how == 0) {
		*retval = k->invoke(args);
		how = SDPA_END_RETURN;
	}
	if (how == SDPA_END_FAULT && ex.fault.sig != 0)
		sdpa_fault_report(&ex);
	sdpa_window_exec_end(&ex, (enum sdpa_exec_end)how);
	exec_end_hook((enum sdpa_exec_end)how);
	if (t0 != 0)
		trace_exec(&ex, (enum sdpa_exec_end)how, t0);
	sdpa_exec_set_current(prev);
	free(args);
	if (how == SDPA_END_FAULT) {
		DOCA_LOG_ERR(
		        "doca_dpa_rpc: RPC '%s' ended with a device fault; DPA context %u is in "
		        "the error state, destroy it",
		        k->name, root->id);
		return DOCA_ERROR_BAD_STATE;
	}
	return DOCA_SUCCESS;
}
