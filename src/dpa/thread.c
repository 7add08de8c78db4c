/* SPDX-License-Identifier: BSD-3-Clause
 * DPA threads, EU affinities, thread groups, completions, notification completions and
 * async ops: the event-driven side of the DPA.
 *
 * A thread is RUNNABLE after doca_dpa_thread_run; an activation (completion element while
 * armed, or notify) queues it on its context's ready queue unless it is already queued;
 * an activation that arrives while it runs makes it run once more afterwards.
 */
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "core/devices.h"
#include "core/log.h"
#include "core/util.h"
#include "dpa/dpa.h"
#include "core/handles.h"

SDPA_LOG_REGISTER(dpa_thread);

#define BAD_ARG(fn, what, fix)                                                                     \
	do {                                                                                       \
		DOCA_LOG_ERR("%s: %s; %s", fn, what, fix);                                         \
		return DOCA_ERROR_INVALID_VALUE;                                                   \
	} while (0)

static doca_error_t ctx_started(struct doca_dpa *dpa, const char *fn)
{
	if (!sdpa_dpa_valid(dpa))
		BAD_ARG(fn, "dpa is NULL or not a DPA context",
		        "pass the context from doca_dpa_create");
	if (!dpa->started) {
		DOCA_LOG_ERR("%s: DPA context %u is not started; call doca_dpa_start first", fn,
		             dpa->id);
		return DOCA_ERROR_BAD_STATE;
	}
	return DOCA_SUCCESS;
}

static bool thread_ok(const struct doca_dpa_thread *t)
{
	return sdpa_handle_live(t, SDPA_H_THREAD) && t->magic == SDPA_THREAD_MAGIC;
}

#define CHECK_THREAD(t, fn)                                                                        \
	do {                                                                                       \
		if (!thread_ok(t))                                                                 \
			BAD_ARG(fn, "thread is NULL or not a DPA thread",                          \
			        "pass one from doca_dpa_thread_create");                           \
	} while (0)

/* Wait for an activation of 't' that is executing to end: the host usually learns a
 * thread's work is done from a value the thread published just before it rescheduled or
 * finished. Kernel code gets 100 ms (it may never end: the caller then reports IN_USE);
 * the EU's bookkeeping after the kernel left is always waited for (bounded at 30 s), so
 * a loaded machine that delays the EU does not turn a finished thread into IN_USE.
 * Must hold root->lock; returns with it held. */
static void settle_locked(struct doca_dpa *root, struct doca_dpa_thread *t)
{
	uint64_t in_kernel = 0, t0 = sdpa_mono_ns(), prev = t0;

	while (t->running && in_kernel < 100000000ull && prev - t0 < 30000000000ull) {
		/* A1 pairs with R1 in run_exec (sched.c): 0 before and after the kernel runs. */
		bool leaving = sdpa_load_acquire(&t->run_eu->task_start_ns) == 0;
		uint64_t now;

		pthread_mutex_unlock(&root->lock);
		usleep(100);
		pthread_mutex_lock(&root->lock);
		now = sdpa_mono_ns();
		if (!leaving)
			in_kernel += now - prev; /* time seen inside the kernel */
		prev = now;
	}
}

/* Must hold root->lock. */
static void enqueue_locked(struct doca_dpa *root, struct doca_dpa_thread *t)
{
	t->queued = true;
	t->rq_next = NULL;
	if (root->rq_tail != NULL)
		root->rq_tail->rq_next = t;
	else
		root->rq_head = t;
	root->rq_tail = t;
	sdpa_sched_wake_thread_locked(root, t);
}

void sdpa_thread_activate(struct doca_dpa_thread *t)
{
	struct doca_dpa *root = sdpa_dpa_root(t->dpa);

	pthread_mutex_lock(&root->lock);
	if (t->state == SDPA_THREAD_FINISHED || t->queued) {
		/* finished: never again; queued: activations merge, as on the DPA */
	} else if (t->state != SDPA_THREAD_RUNNABLE || t->running) {
		t->pending = true;
	} else {
		enqueue_locked(root, t);
	}
	pthread_mutex_unlock(&root->lock);
}

void sdpa_thread_activation_done(struct doca_dpa_thread *t, enum sdpa_exec_end how)
{
	struct doca_dpa *root = sdpa_dpa_root(t->dpa);

	pthread_mutex_lock(&root->lock);
	t->running = false;
	t->rescheduled = how == SDPA_END_RESCHEDULE;
	if (how == SDPA_END_FINISH || how == SDPA_END_ABORT || how == SDPA_END_FAULT) {
		t->state = SDPA_THREAD_FINISHED;
		t->pending = false;
	} else if (t->pending && t->state == SDPA_THREAD_RUNNABLE) {
		t->pending = false;
		enqueue_locked(root, t);
	}
	pthread_mutex_unlock(&root->lock);
}

DOCA_EXPERIMENTAL doca_error_t doca_dpa_thread_create(struct doca_dpa *dpa,
                                                      struct doca_dpa_thread **thread)
{
	struct doca_dpa_thread *t;
	doca_error_t r = ctx_started(dpa, __func__);

	if (r != DOCA_SUCCESS)
		return r;
	if (thread == NULL)
		BAD_ARG(__func__, "thread is NULL", "pass a result pointer");
	t = calloc(1, sizeof(*t));
	if (t == NULL || !sdpa_handle_add(t, SDPA_H_THREAD)) {
		free(t);
		DOCA_LOG_ERR("doca_dpa_thread_create: out of memory; free memory and retry");
		return DOCA_ERROR_NO_MEMORY;
	}
	t->magic = SDPA_THREAD_MAGIC;
	t->dpa = dpa;
	t->affinity = -1;
	pthread_mutex_lock(&sdpa_dpa_root(dpa)->lock);
	t->id = ++sdpa_dpa_root(dpa)->next_thread_id;
	pthread_mutex_unlock(&sdpa_dpa_root(dpa)->lock);
	sdpa_fetch_add_acq_rel(&dpa->nr_threads, 1);
	*thread = t;
	return DOCA_SUCCESS;
}

static doca_error_t thread_configurable(struct doca_dpa_thread *t, const char *fn)
{
	CHECK_THREAD(t, fn);
	if (t->state != SDPA_THREAD_CREATED) {
		DOCA_LOG_ERR("%s: DPA thread %u is already started; configure it before "
		             "doca_dpa_thread_start",
		             fn, t->id);
		return DOCA_ERROR_BAD_STATE;
	}
	return DOCA_SUCCESS;
}

DOCA_EXPERIMENTAL doca_error_t doca_dpa_thread_set_func_arg(struct doca_dpa_thread *thread,
                                                            doca_dpa_func_t *func, uint64_t arg)
{
	const struct sdpa_kernel *k;
	doca_error_t r = thread_configurable(thread, __func__);

	if (r != DOCA_SUCCESS)
		return r;
	if (func == NULL)
		BAD_ARG(__func__, "func is NULL", "pass a __dpa_global__ function");
	k = sdpa_image_kernel(&sdpa_dpa_root(thread->dpa)->image, func);
	if (k == NULL || k->kind != SDPA_KERNEL_GLOBAL)
		BAD_ARG(__func__,
		        k == NULL ? "func is not a kernel of the context's app"
		                  : "func is a __dpa_rpc__ function",
		        "pass a __dpa_global__ function of the app set with doca_dpa_set_app");
	thread->func = func;
	thread->kernel = k;
	thread->arg = arg;
	return DOCA_SUCCESS;
}

DOCA_EXPERIMENTAL doca_error_t doca_dpa_thread_get_func_arg(struct doca_dpa_thread *thread,
                                                            doca_dpa_func_t **func, uint64_t *arg)
{
	CHECK_THREAD(thread, __func__);
	if (func == NULL || arg == NULL)
		BAD_ARG(__func__, "func or arg is NULL", "pass result pointers");
	*func = thread->func;
	*arg = thread->arg;
	return DOCA_SUCCESS;
}

DOCA_EXPERIMENTAL doca_error_t doca_dpa_thread_set_local_storage(struct doca_dpa_thread *thread,
                                                                 doca_dpa_dev_uintptr_t dev_ptr)
{
	doca_error_t r = thread_configurable(thread, __func__);

	if (r != DOCA_SUCCESS)
		return r;
	if (dev_ptr == 0 || !sdpa_heap_range_ok(&sdpa_dpa_root(thread->dpa)->heap, dev_ptr, 1))
		BAD_ARG(__func__, "dev_ptr is not inside a DPA heap allocation",
		        "pass memory from doca_dpa_mem_alloc");
	thread->local_storage = dev_ptr;
	return DOCA_SUCCESS;
}

DOCA_EXPERIMENTAL doca_error_t doca_dpa_thread_get_local_storage(struct doca_dpa_thread *thread,
                                                                 doca_dpa_dev_uintptr_t *dev_ptr)
{
	CHECK_THREAD(thread, __func__);
	if (dev_ptr == NULL)
		BAD_ARG(__func__, "dev_ptr is NULL", "pass a result pointer");
	*dev_ptr = thread->local_storage;
	return DOCA_SUCCESS;
}

static bool aff_ok(const struct doca_dpa_eu_affinity *a)
{
	return sdpa_handle_live(a, SDPA_H_AFFINITY) && a->magic == SDPA_AFF_MAGIC;
}

DOCA_EXPERIMENTAL doca_error_t doca_dpa_thread_set_affinity(
        struct doca_dpa_thread *thread, const struct doca_dpa_eu_affinity *affinity)
{
	doca_error_t r = thread_configurable(thread, __func__);

	if (r != DOCA_SUCCESS)
		return r;
	if (!aff_ok(affinity))
		BAD_ARG(__func__, "affinity is NULL or not an EU affinity",
		        "pass one from doca_dpa_eu_affinity_create");
	thread->affinity = affinity->eu_id;
	return DOCA_SUCCESS;
}

DOCA_EXPERIMENTAL doca_error_t doca_dpa_thread_get_affinity(struct doca_dpa_thread *thread,
                                                            struct doca_dpa_eu_affinity *affinity)
{
	CHECK_THREAD(thread, __func__);
	if (!aff_ok(affinity))
		BAD_ARG(__func__, "affinity is NULL or not an EU affinity",
		        "pass one from doca_dpa_eu_affinity_create");
	affinity->eu_id = thread->affinity;
	return DOCA_SUCCESS;
}

static void *marshal_arg(const struct sdpa_kernel *k, ...)
{
	va_list ap;
	void *blk;

	va_start(ap, k);
	blk = sdpa_kernel_marshal(k, &ap);
	va_end(ap);
	return blk;
}

DOCA_EXPERIMENTAL doca_error_t doca_dpa_thread_start(struct doca_dpa_thread *thread)
{
	doca_error_t r = thread_configurable(thread, __func__);

	if (r != DOCA_SUCCESS)
		return r;
	if (thread->kernel == NULL) {
		DOCA_LOG_ERR("doca_dpa_thread_start: DPA thread %u has no function; call "
		             "doca_dpa_thread_set_func_arg first",
		             thread->id);
		return DOCA_ERROR_BAD_STATE;
	}
	if (!thread->dpa->started) {
		DOCA_LOG_ERR("doca_dpa_thread_start: DPA context %u is not started; start it first",
		             thread->dpa->id);
		return DOCA_ERROR_BAD_STATE;
	}
	thread->args = marshal_arg(thread->kernel, thread->arg);
	if (thread->args == NULL) {
		DOCA_LOG_ERR("doca_dpa_thread_start: out of memory; free memory and retry");
		return DOCA_ERROR_NO_MEMORY;
	}
	pthread_mutex_lock(&sdpa_dpa_root(thread->dpa)->lock);
	thread->state = SDPA_THREAD_STARTED;
	pthread_mutex_unlock(&sdpa_dpa_root(thread->dpa)->lock);
	return DOCA_SUCCESS;
}

DOCA_EXPERIMENTAL doca_error_t doca_dpa_thread_run(struct doca_dpa_thread *thread)
{
	struct doca_dpa *root;

	CHECK_THREAD(thread, __func__);
	root = sdpa_dpa_root(thread->dpa);
	pthread_mutex_lock(&root->lock);
	if (thread->state != SDPA_THREAD_STARTED || !thread->attached) {
		bool started = thread->state == SDPA_THREAD_STARTED;

		pthread_mutex_unlock(&root->lock);
		DOCA_LOG_ERR("doca_dpa_thread_run: DPA thread %u %s; follow create, set_func_arg, "
		             "start, attach a completion or notification completion, then run",
		             thread->id,
		             started ? "has no completion or notification completion attached"
		                     : (thread->state == SDPA_THREAD_CREATED ? "is not started"
		                                                             : "already runs"));
		return DOCA_ERROR_BAD_STATE;
	}
	thread->state = SDPA_THREAD_RUNNABLE;
	if (thread->pending) {
		thread->pending = false;
		enqueue_locked(root, thread);
	}
	pthread_mutex_unlock(&root->lock);
	return DOCA_SUCCESS;
}

DOCA_EXPERIMENTAL doca_error_t doca_dpa_thread_stop(struct doca_dpa_thread *thread)
{
	struct doca_dpa *root;

	CHECK_THREAD(thread, __func__);
	root = sdpa_dpa_root(thread->dpa);
	pthread_mutex_lock(&root->lock);
	if (thread->state == SDPA_THREAD_CREATED) {
		pthread_mutex_unlock(&root->lock);
		DOCA_LOG_ERR("doca_dpa_thread_stop: DPA thread %u is not started; nothing to stop",
		             thread->id);
		return DOCA_ERROR_BAD_STATE;
	}
	settle_locked(root, thread);
	if (thread->running) {
		pthread_mutex_unlock(&root->lock);
		DOCA_LOG_ERR("doca_dpa_thread_stop: DPA thread %u is executing; stop it once it "
		             "rescheduled or finished",
		             thread->id);
		return DOCA_ERROR_IN_USE;
	}
	if (thread->queued) {
		struct doca_dpa_thread **link = &root->rq_head;

		while (*link != thread)
			link = &(*link)->rq_next;
		*link = thread->rq_next;
		root->rq_tail = NULL;
		for (struct doca_dpa_thread *x = root->rq_head; x; x = x->rq_next)
			root->rq_tail = x;
		thread->queued = false;
	}
	thread->state = SDPA_THREAD_CREATED;
	thread->pending = false;
	pthread_mutex_unlock(&root->lock);
	free(thread->args);
	thread->args = NULL;
	return DOCA_SUCCESS;
}

DOCA_EXPERIMENTAL doca_error_t doca_dpa_thread_destroy(struct doca_dpa_thread *thread)
{
	struct doca_dpa *root;
	enum sdpa_thread_state state;

	CHECK_THREAD(thread, __func__);
	root = sdpa_dpa_root(thread->dpa);
	pthread_mutex_lock(&root->lock);
	settle_locked(root, thread);
	state = thread->state;
	pthread_mutex_unlock(&root->lock);
	if (state != SDPA_THREAD_CREATED && state != SDPA_THREAD_FINISHED) {
		doca_error_t r = doca_dpa_thread_stop(thread);

		if (r != DOCA_SUCCESS)
			return r;
	}
	pthread_mutex_lock(&root->lock);
	if (thread->attached || thread->tg != NULL || thread->running) {
		bool attached = thread->attached != 0, grouped = thread->tg != NULL;

		pthread_mutex_unlock(&root->lock);
		DOCA_LOG_ERR(
		        "doca_dpa_thread_destroy: DPA thread %u %s; %s first", thread->id,
		        attached ? "is still attached to a completion or notification completion"
		                 : (grouped ? "belongs to a thread group" : "is executing"),
		        attached ? "destroy that"
		                 : (grouped ? "destroy the group" : "let it reschedule or finish"));
		return DOCA_ERROR_IN_USE;
	}
	pthread_mutex_unlock(&root->lock);
	sdpa_fetch_sub_acq_rel(&thread->dpa->nr_threads, 1);
	free(thread->args);
	thread->magic = 0;
	sdpa_handle_retire(thread, free);
	return DOCA_SUCCESS;
}

DOCA_EXPERIMENTAL doca_error_t doca_dpa_thread_get_id(struct doca_dpa_thread *thread, uint32_t *id)
{
	CHECK_THREAD(thread, __func__);
	if (id == NULL)
		BAD_ARG(__func__, "id is NULL", "pass a result pointer");
	*id = thread->id;
	return DOCA_SUCCESS;
}

/* ---- EU affinity ---- */

DOCA_EXPERIMENTAL doca_error_t doca_dpa_eu_affinity_create(struct doca_dpa *dpa,
                                                           struct doca_dpa_eu_affinity **affinity)
{
	struct doca_dpa_eu_affinity *a;

	if (!sdpa_dpa_valid(dpa) || affinity == NULL)
		BAD_ARG(__func__, "dpa or affinity is NULL",
		        "pass a DPA context and a result pointer");
	a = calloc(1, sizeof(*a));
	if (a == NULL || !sdpa_handle_add(a, SDPA_H_AFFINITY)) {
		free(a);
		DOCA_LOG_ERR("doca_dpa_eu_affinity_create: out of memory");
		return DOCA_ERROR_NO_MEMORY;
	}
	a->magic = SDPA_AFF_MAGIC;
	a->dpa = dpa;
	a->eu_id = -1;
	*affinity = a;
	return DOCA_SUCCESS;
}

DOCA_EXPERIMENTAL doca_error_t doca_dpa_eu_affinity_set(struct doca_dpa_eu_affinity *affinity,
                                                        unsigned int eu_id)
{
	if (!aff_ok(affinity))
		BAD_ARG(__func__, "affinity is NULL or invalid",
		        "pass one from doca_dpa_eu_affinity_create");
	if (eu_id >= SDPA_DPA_TOTAL_EUS) {
		DOCA_LOG_ERR(
		        "doca_dpa_eu_affinity_set: EU %u does not exist (the DPA has %u); pass "
		        "an id below doca_dpa_get_total_num_eus_available",
		        eu_id, (unsigned int)SDPA_DPA_TOTAL_EUS);
		return DOCA_ERROR_INVALID_VALUE;
	}
	affinity->eu_id = (int)eu_id;
	return DOCA_SUCCESS;
}

DOCA_EXPERIMENTAL doca_error_t doca_dpa_eu_affinity_get(struct doca_dpa_eu_affinity *affinity,
                                                        unsigned int *eu_id)
{
	if (!aff_ok(affinity) || eu_id == NULL)
		BAD_ARG(__func__, "affinity or eu_id is NULL",
		        "pass a valid affinity and a result pointer");
	if (affinity->eu_id < 0) {
		DOCA_LOG_ERR(
		        "doca_dpa_eu_affinity_get: no EU is set; call doca_dpa_eu_affinity_set "
		        "first");
		return DOCA_ERROR_NOT_FOUND;
	}
	*eu_id = (unsigned int)affinity->eu_id;
	return DOCA_SUCCESS;
}

DOCA_EXPERIMENTAL doca_error_t doca_dpa_eu_affinity_clear(struct doca_dpa_eu_affinity *affinity)
{
	if (!aff_ok(affinity))
		BAD_ARG(__func__, "affinity is NULL or invalid",
		        "pass one from doca_dpa_eu_affinity_create");
	affinity->eu_id = -1;
	return DOCA_SUCCESS;
}

DOCA_EXPERIMENTAL doca_error_t doca_dpa_eu_affinity_destroy(struct doca_dpa_eu_affinity *affinity)
{
	if (!aff_ok(affinity))
		BAD_ARG(__func__, "affinity is NULL or invalid",
		        "pass one from doca_dpa_eu_affinity_create");
	affinity->magic = 0;
	sdpa_handle_retire(affinity, free);
	return DOCA_SUCCESS;
}

/* ---- thread groups ---- */

static bool tg_ok(const struct doca_dpa_tg *tg)
{
	return sdpa_handle_live(tg, SDPA_H_TG) && tg->magic == SDPA_TG_MAGIC;
}

DOCA_EXPERIMENTAL doca_error_t doca_dpa_thread_group_create(struct doca_dpa *dpa,
                                                            unsigned int num_threads,
                                                            struct doca_dpa_tg **tg)
{
	struct doca_dpa_tg *g;
	doca_error_t r = ctx_started(dpa, __func__);

	if (r != DOCA_SUCCESS)
		return r;
	if (tg == NULL || num_threads == 0 || num_threads > SDPA_DPA_TOTAL_EUS)
		BAD_ARG(__func__, "tg is NULL or num_threads is outside 1..256",
		        "pass a result pointer and a valid group size");
	g = calloc(1, sizeof(*g));
	if (g != NULL)
		g->threads = calloc(num_threads, sizeof(*g->threads));
	if (g == NULL || g->threads == NULL || !sdpa_handle_add(g, SDPA_H_TG)) {
		if (g != NULL)
			free(g->threads);
		free(g);
		DOCA_LOG_ERR("doca_dpa_thread_group_create: out of memory");
		return DOCA_ERROR_NO_MEMORY;
	}
	g->magic = SDPA_TG_MAGIC;
	g->dpa = dpa;
	g->num_threads = num_threads;
	sdpa_fetch_add_acq_rel(&dpa->nr_tgs, 1);
	*tg = g;
	return DOCA_SUCCESS;
}

DOCA_EXPERIMENTAL doca_error_t doca_dpa_thread_group_set_thread(struct doca_dpa_tg *tg,
                                                                struct doca_dpa_thread *thread,
                                                                unsigned int rank)
{
	if (!tg_ok(tg))
		BAD_ARG(__func__, "tg is NULL or not a thread group",
		        "pass one from doca_dpa_thread_group_create");
	CHECK_THREAD(thread, __func__);
	if (rank >= tg->num_threads) {
		DOCA_LOG_ERR(
		        "doca_dpa_thread_group_set_thread: rank %u is outside 0..%u; pass a rank "
		        "below the group size",
		        rank, tg->num_threads - 1);
		return DOCA_ERROR_INVALID_VALUE;
	}
	if (tg->started || tg->threads[rank] != NULL || thread->tg != NULL) {
		DOCA_LOG_ERR("doca_dpa_thread_group_set_thread: %s; set each rank once, before "
		             "doca_dpa_thread_group_start",
		             tg->started ? "the group is started"
		                         : (thread->tg ? "the thread is already in a group"
		                                       : "the rank is already set"));
		return DOCA_ERROR_BAD_STATE;
	}
	tg->threads[rank] = thread;
	pthread_mutex_lock(&sdpa_dpa_root(tg->dpa)->lock);
	thread->tg = tg;
	thread->tg_rank = rank;
	pthread_mutex_unlock(&sdpa_dpa_root(tg->dpa)->lock);
	return DOCA_SUCCESS;
}

DOCA_EXPERIMENTAL doca_error_t doca_dpa_thread_group_get_num_threads(struct doca_dpa_tg *tg,
                                                                     unsigned int *num_threads)
{
	if (!tg_ok(tg) || num_threads == NULL)
		BAD_ARG(__func__, "tg or num_threads is NULL",
		        "pass a thread group and a result pointer");
	*num_threads = tg->num_threads;
	return DOCA_SUCCESS;
}

DOCA_EXPERIMENTAL doca_error_t doca_dpa_thread_group_start(struct doca_dpa_tg *tg)
{
	if (!tg_ok(tg))
		BAD_ARG(__func__, "tg is NULL or not a thread group",
		        "pass one from doca_dpa_thread_group_create");
	for (unsigned int i = 0; i < tg->num_threads; i++) {
		if (tg->threads[i] == NULL) {
			DOCA_LOG_ERR("doca_dpa_thread_group_start: rank %u has no thread; call "
			             "doca_dpa_thread_group_set_thread for every rank",
			             i);
			return DOCA_ERROR_BAD_STATE;
		}
	}
	if (tg->started) {
		DOCA_LOG_ERR("doca_dpa_thread_group_start: the group is already started");
		return DOCA_ERROR_BAD_STATE;
	}
	tg->started = true;
	return DOCA_SUCCESS;
}

DOCA_EXPERIMENTAL doca_error_t doca_dpa_thread_group_stop(struct doca_dpa_tg *tg)
{
	if (!tg_ok(tg))
		BAD_ARG(__func__, "tg is NULL or not a thread group",
		        "pass one from doca_dpa_thread_group_create");
	if (!tg->started) {
		DOCA_LOG_ERR("doca_dpa_thread_group_stop: the group is not started");
		return DOCA_ERROR_BAD_STATE;
	}
	tg->started = false;
	return DOCA_SUCCESS;
}

DOCA_EXPERIMENTAL doca_error_t doca_dpa_thread_group_destroy(struct doca_dpa_tg *tg)
{
	if (!tg_ok(tg))
		BAD_ARG(__func__, "tg is NULL or not a thread group",
		        "pass one from doca_dpa_thread_group_create");
	pthread_mutex_lock(&sdpa_dpa_root(tg->dpa)->lock);
	for (unsigned int i = 0; i < tg->num_threads; i++)
		if (tg->threads[i] != NULL)
			tg->threads[i]->tg = NULL;
	pthread_mutex_unlock(&sdpa_dpa_root(tg->dpa)->lock);
	sdpa_fetch_sub_acq_rel(&tg->dpa->nr_tgs, 1);
	tg->magic = 0;
	free(tg->threads);
	sdpa_handle_retire(tg, free);
	return DOCA_SUCCESS;
}

/* ---- completions ---- */

static bool comp_ok(const struct doca_dpa_completion *c)
{
	return sdpa_handle_live(c, SDPA_H_COMP) && c->magic == SDPA_COMP_MAGIC;
}

bool sdpa_completion_valid(const struct doca_dpa_completion *c)
{
	return comp_ok(c);
}

#define CHECK_COMP(c, fn)                                                                          \
	do {                                                                                       \
		if (!comp_ok(c))                                                                   \
			BAD_ARG(fn, "comp is NULL or not a DPA completion",                        \
			        "pass one from doca_dpa_completion_create");                       \
	} while (0)

DOCA_EXPERIMENTAL doca_error_t doca_dpa_completion_create(struct doca_dpa *dpa,
                                                          unsigned int queue_size,
                                                          struct doca_dpa_completion **comp)
{
	struct doca_dpa_completion *c;
	doca_error_t r = ctx_started(dpa, __func__);

	if (r != DOCA_SUCCESS)
		return r;
	if (comp == NULL || queue_size == 0 || queue_size > (1u << 24))
		BAD_ARG(__func__, "comp is NULL or queue_size is outside 1..2^24",
		        "pass a result pointer and a queue size");
	c = calloc(1, sizeof(*c));
	if (c != NULL) {
		c->queue_size = sdpa_pow2_ceil32(queue_size);
		c->ring = calloc(c->queue_size, sizeof(*c->ring));
	}
	if (c == NULL || c->ring == NULL || !sdpa_handle_add(c, SDPA_H_COMP)) {
		if (c != NULL)
			free(c->ring);
		free(c);
		DOCA_LOG_ERR("doca_dpa_completion_create: out of memory");
		return DOCA_ERROR_NO_MEMORY;
	}
	c->magic = SDPA_COMP_MAGIC;
	c->dpa = dpa;
	c->armed = true;
	pthread_mutex_init(&c->lock, NULL);
	sdpa_fetch_add_acq_rel(&dpa->nr_completions, 1);
	*comp = c;
	return DOCA_SUCCESS;
}

DOCA_EXPERIMENTAL doca_error_t doca_dpa_completion_set_thread(struct doca_dpa_completion *comp,
                                                              struct doca_dpa_thread *thread)
{
	CHECK_COMP(comp, __func__);
	CHECK_THREAD(thread, __func__);
	if (comp->started || comp->thread != NULL) {
		DOCA_LOG_ERR("doca_dpa_completion_set_thread: %s; attach the thread once, before "
		             "doca_dpa_completion_start",
		             comp->started ? "the completion is started"
		                           : "a thread is already attached");
		return DOCA_ERROR_BAD_STATE;
	}
	comp->thread = thread;
	pthread_mutex_lock(&sdpa_dpa_root(thread->dpa)->lock);
	thread->attached++;
	pthread_mutex_unlock(&sdpa_dpa_root(thread->dpa)->lock);
	return DOCA_SUCCESS;
}

DOCA_EXPERIMENTAL doca_error_t doca_dpa_completion_get_thread(struct doca_dpa_completion *comp,
                                                              struct doca_dpa_thread **thread)
{
	CHECK_COMP(comp, __func__);
	if (thread == NULL)
		BAD_ARG(__func__, "thread is NULL", "pass a result pointer");
	*thread = comp->thread;
	return DOCA_SUCCESS;
}

DOCA_EXPERIMENTAL doca_error_t doca_dpa_completion_get_queue_size(struct doca_dpa_completion *comp,
                                                                  unsigned int *queue_size)
{
	CHECK_COMP(comp, __func__);
	if (queue_size == NULL)
		BAD_ARG(__func__, "queue_size is NULL", "pass a result pointer");
	*queue_size = comp->queue_size;
	return DOCA_SUCCESS;
}

DOCA_EXPERIMENTAL doca_error_t doca_dpa_completion_start(struct doca_dpa_completion *comp)
{
	CHECK_COMP(comp, __func__);
	if (comp->started) {
		DOCA_LOG_ERR("doca_dpa_completion_start: the completion is already started");
		return DOCA_ERROR_BAD_STATE;
	}
	comp->started = true;
	return DOCA_SUCCESS;
}

DOCA_EXPERIMENTAL doca_error_t doca_dpa_completion_stop(struct doca_dpa_completion *comp)
{
	CHECK_COMP(comp, __func__);
	if (!comp->started) {
		DOCA_LOG_ERR("doca_dpa_completion_stop: the completion is not started");
		return DOCA_ERROR_BAD_STATE;
	}
	comp->started = false;
	return DOCA_SUCCESS;
}

DOCA_EXPERIMENTAL doca_error_t doca_dpa_completion_destroy(struct doca_dpa_completion *comp)
{
	unsigned int aops;

	CHECK_COMP(comp, __func__);
	pthread_mutex_lock(&comp->lock);
	aops = comp->nr_async_ops;
	pthread_mutex_unlock(&comp->lock);
	if (aops != 0) {
		DOCA_LOG_ERR(
		        "doca_dpa_completion_destroy: %u async ops are attached to it and would "
		        "post into freed memory; doca_dpa_async_ops_destroy them first",
		        aops);
		return DOCA_ERROR_IN_USE;
	}
	if (comp->thread != NULL) {
		struct doca_dpa *root = sdpa_dpa_root(comp->thread->dpa);

		pthread_mutex_lock(&root->lock);
		settle_locked(root, comp->thread);
		if (comp->thread->running) {
			pthread_mutex_unlock(&root->lock);
			DOCA_LOG_ERR(
			        "doca_dpa_completion_destroy: its DPA thread %u is executing; "
			        "destroy the completion once the thread rescheduled or finished",
			        comp->thread->id);
			return DOCA_ERROR_IN_USE;
		}
		comp->thread->attached--;
		pthread_mutex_unlock(&root->lock);
	}
	sdpa_fetch_sub_acq_rel(&comp->dpa->nr_completions, 1);
	pthread_mutex_destroy(&comp->lock);
	comp->magic = 0;
	free(comp->ring);
	sdpa_handle_retire(comp, free);
	return DOCA_SUCCESS;
}

DOCA_EXPERIMENTAL doca_error_t doca_dpa_completion_get_dpa_handle(struct doca_dpa_completion *comp,
                                                                  doca_dpa_dev_completion_t *handle)
{
	CHECK_COMP(comp, __func__);
	if (handle == NULL)
		BAD_ARG(__func__, "handle is NULL", "pass a result pointer");
	if (!comp->started) {
		DOCA_LOG_ERR("doca_dpa_completion_get_dpa_handle: the completion is not started; "
		             "call doca_dpa_completion_start first");
		return DOCA_ERROR_BAD_STATE;
	}
	*handle = (doca_dpa_dev_completion_t)(uintptr_t)comp;
	return DOCA_SUCCESS;
}

bool sdpa_completion_post(struct doca_dpa_completion *c, uint32_t type, uint32_t user_data)
{
	return sdpa_completion_post_elem(c, type, user_data, 0, 0);
}

bool sdpa_completion_post_elem(struct doca_dpa_completion *c, uint32_t type, uint32_t user_data,
                               uint32_t immediate, uint32_t wr_index)
{
	struct doca_dpa_thread *wake = NULL;
	bool ok = true;

	pthread_mutex_lock(&c->lock);
	if (c->prod - c->cons >= c->queue_size) {
		c->overflows++;
		ok = false;
	} else {
		c->ring[c->prod & (c->queue_size - 1)] =
		        (struct sdpa_comp_elem){.type = type,
		                                .user_data = user_data,
		                                .immediate = immediate,
		                                .wr_index = wr_index};
		c->prod++;
		if (c->armed && c->thread != NULL) {
			c->armed = false;
			wake = c->thread;
		}
	}
	pthread_mutex_unlock(&c->lock);
	if (!ok)
		DOCA_LOG_RATE_LIMIT_ERR(
		        "DPA completion of %u entries overflowed (no "
		        "doca_dpa_dev_completion_ack for the elements); the element is "
		        "lost. Ack consumed elements or enlarge the queue",
		        c->queue_size);
	if (wake != NULL)
		sdpa_thread_activate(wake);
	return ok;
}

/* ---- notification completions ---- */

static bool nc_ok(const struct doca_dpa_notification_completion *n)
{
	return sdpa_handle_live(n, SDPA_H_NOTIF) && n->magic == SDPA_NOTIF_MAGIC;
}

#define CHECK_NC(n, fn)                                                                            \
	do {                                                                                       \
		if (!nc_ok(n))                                                                     \
			BAD_ARG(fn, "notify_comp is NULL or not a notification completion",        \
			        "pass one from doca_dpa_notification_completion_create");          \
	} while (0)

DOCA_EXPERIMENTAL doca_error_t
doca_dpa_notification_completion_create(struct doca_dpa *dpa, struct doca_dpa_thread *thread,
                                        struct doca_dpa_notification_completion **notify_comp)
{
	struct doca_dpa_notification_completion *n;
	doca_error_t r = ctx_started(dpa, __func__);

	if (r != DOCA_SUCCESS)
		return r;
	CHECK_THREAD(thread, __func__);
	if (notify_comp == NULL)
		BAD_ARG(__func__, "notify_comp is NULL", "pass a result pointer");
	n = calloc(1, sizeof(*n));
	if (n == NULL || !sdpa_handle_add(n, SDPA_H_NOTIF)) {
		free(n);
		DOCA_LOG_ERR("doca_dpa_notification_completion_create: out of memory");
		return DOCA_ERROR_NO_MEMORY;
	}
	n->magic = SDPA_NOTIF_MAGIC;
	n->dpa = dpa;
	n->thread = thread;
	pthread_mutex_lock(&sdpa_dpa_root(thread->dpa)->lock);
	thread->attached++;
	pthread_mutex_unlock(&sdpa_dpa_root(thread->dpa)->lock);
	sdpa_fetch_add_acq_rel(&dpa->nr_completions, 1);
	*notify_comp = n;
	return DOCA_SUCCESS;
}

DOCA_EXPERIMENTAL doca_error_t
doca_dpa_notification_completion_start(struct doca_dpa_notification_completion *notify_comp)
{
	CHECK_NC(notify_comp, __func__);
	if (notify_comp->started) {
		DOCA_LOG_ERR("doca_dpa_notification_completion_start: already started");
		return DOCA_ERROR_BAD_STATE;
	}
	notify_comp->started = true;
	return DOCA_SUCCESS;
}

DOCA_EXPERIMENTAL doca_error_t
doca_dpa_notification_completion_stop(struct doca_dpa_notification_completion *notify_comp)
{
	CHECK_NC(notify_comp, __func__);
	if (!notify_comp->started) {
		DOCA_LOG_ERR("doca_dpa_notification_completion_stop: not started");
		return DOCA_ERROR_BAD_STATE;
	}
	notify_comp->started = false;
	return DOCA_SUCCESS;
}

DOCA_EXPERIMENTAL doca_error_t
doca_dpa_notification_completion_destroy(struct doca_dpa_notification_completion *notify_comp)
{
	struct doca_dpa *root;

	CHECK_NC(notify_comp, __func__);
	root = sdpa_dpa_root(notify_comp->thread->dpa);
	pthread_mutex_lock(&root->lock);
	settle_locked(root, notify_comp->thread);
	if (notify_comp->thread->running) {
		pthread_mutex_unlock(&root->lock);
		DOCA_LOG_ERR("doca_dpa_notification_completion_destroy: its DPA thread %u is "
		             "executing; destroy it once the thread rescheduled or finished",
		             notify_comp->thread->id);
		return DOCA_ERROR_IN_USE;
	}
	notify_comp->thread->attached--;
	pthread_mutex_unlock(&root->lock);
	sdpa_fetch_sub_acq_rel(&notify_comp->dpa->nr_completions, 1);
	notify_comp->magic = 0;
	sdpa_handle_retire(notify_comp, free);
	return DOCA_SUCCESS;
}

DOCA_EXPERIMENTAL doca_error_t doca_dpa_notification_completion_get_thread(
        struct doca_dpa_notification_completion *notify_comp, struct doca_dpa_thread **thread)
{
	CHECK_NC(notify_comp, __func__);
	if (thread == NULL)
		BAD_ARG(__func__, "thread is NULL", "pass a result pointer");
	*thread = notify_comp->thread;
	return DOCA_SUCCESS;
}

DOCA_EXPERIMENTAL doca_error_t doca_dpa_notification_completion_get_dpa_handle(
        struct doca_dpa_notification_completion *notify_comp,
        doca_dpa_dev_notification_completion_t *handle)
{
	CHECK_NC(notify_comp, __func__);
	if (handle == NULL)
		BAD_ARG(__func__, "handle is NULL", "pass a result pointer");
	if (!notify_comp->started) {
		DOCA_LOG_ERR("doca_dpa_notification_completion_get_dpa_handle: not started; call "
		             "doca_dpa_notification_completion_start first");
		return DOCA_ERROR_BAD_STATE;
	}
	*handle = (doca_dpa_dev_notification_completion_t)(uintptr_t)notify_comp;
	return DOCA_SUCCESS;
}

/* ---- async ops ---- */

static bool aops_ok(const struct doca_dpa_async_ops *a)
{
	return sdpa_handle_live(a, SDPA_H_AOPS) && a->magic == SDPA_AOPS_MAGIC;
}

#define CHECK_AOPS(a, fn)                                                                          \
	do {                                                                                       \
		if (!aops_ok(a))                                                                   \
			BAD_ARG(fn, "async_ops is NULL or not async ops",                          \
			        "pass one from doca_dpa_async_ops_create");                        \
	} while (0)

DOCA_EXPERIMENTAL doca_error_t doca_dpa_async_ops_create(struct doca_dpa *dpa,
                                                         unsigned int queue_size,
                                                         uint64_t user_data,
                                                         struct doca_dpa_async_ops **async_ops)
{
	struct doca_dpa_async_ops *a;
	doca_error_t r = ctx_started(dpa, __func__);

	if (r != DOCA_SUCCESS)
		return r;
	if (async_ops == NULL || queue_size == 0 || queue_size > (1u << 24))
		BAD_ARG(__func__, "async_ops is NULL or queue_size is outside 1..2^24",
		        "pass a result pointer and a queue size");
	if (user_data >= (1ull << DOCA_DPA_COMPLETION_LOG_MAX_USER_DATA)) {
		DOCA_LOG_ERR("doca_dpa_async_ops_create: user_data 0x%llx needs more than %d bits; "
		             "pass a value below 2^%d",
		             (unsigned long long)user_data, DOCA_DPA_COMPLETION_LOG_MAX_USER_DATA,
		             DOCA_DPA_COMPLETION_LOG_MAX_USER_DATA);
		return DOCA_ERROR_INVALID_VALUE;
	}
	a = calloc(1, sizeof(*a));
	if (a == NULL || !sdpa_handle_add(a, SDPA_H_AOPS)) {
		free(a);
		DOCA_LOG_ERR("doca_dpa_async_ops_create: out of memory");
		return DOCA_ERROR_NO_MEMORY;
	}
	a->magic = SDPA_AOPS_MAGIC;
	a->dpa = dpa;
	a->queue_size = sdpa_pow2_ceil32(queue_size);
	a->user_data = user_data;
	sdpa_fetch_add_acq_rel(&dpa->nr_async_ops, 1);
	*async_ops = a;
	return DOCA_SUCCESS;
}

DOCA_EXPERIMENTAL doca_error_t doca_dpa_async_ops_attach(struct doca_dpa_async_ops *async_ops,
                                                         struct doca_dpa_completion *comp)
{
	CHECK_AOPS(async_ops, __func__);
	CHECK_COMP(comp, __func__);
	if (async_ops->started) {
		DOCA_LOG_ERR("doca_dpa_async_ops_attach: async ops are started; attach before "
		             "doca_dpa_async_ops_start");
		return DOCA_ERROR_BAD_STATE;
	}
	if (async_ops->comp != NULL) {
		pthread_mutex_lock(&async_ops->comp->lock);
		async_ops->comp->nr_async_ops--;
		pthread_mutex_unlock(&async_ops->comp->lock);
	}
	pthread_mutex_lock(&comp->lock);
	comp->nr_async_ops++;
	pthread_mutex_unlock(&comp->lock);
	async_ops->comp = comp;
	return DOCA_SUCCESS;
}

DOCA_EXPERIMENTAL doca_error_t doca_dpa_async_ops_start(struct doca_dpa_async_ops *async_ops)
{
	CHECK_AOPS(async_ops, __func__);
	if (async_ops->started || async_ops->comp == NULL) {
		DOCA_LOG_ERR(
		        "doca_dpa_async_ops_start: %s",
		        async_ops->started
		                ? "already started"
		                : "no completion attached; call doca_dpa_async_ops_attach first");
		return DOCA_ERROR_BAD_STATE;
	}
	async_ops->started = true;
	return DOCA_SUCCESS;
}

DOCA_EXPERIMENTAL doca_error_t doca_dpa_async_ops_stop(struct doca_dpa_async_ops *async_ops)
{
	CHECK_AOPS(async_ops, __func__);
	if (!async_ops->started) {
		DOCA_LOG_ERR("doca_dpa_async_ops_stop: not started");
		return DOCA_ERROR_BAD_STATE;
	}
	async_ops->started = false;
	return DOCA_SUCCESS;
}

DOCA_EXPERIMENTAL doca_error_t doca_dpa_async_ops_destroy(struct doca_dpa_async_ops *async_ops)
{
	CHECK_AOPS(async_ops, __func__);
	if (async_ops->comp != NULL) {
		pthread_mutex_lock(&async_ops->comp->lock);
		async_ops->comp->nr_async_ops--;
		pthread_mutex_unlock(&async_ops->comp->lock);
	}
	sdpa_fetch_sub_acq_rel(&async_ops->dpa->nr_async_ops, 1);
	async_ops->magic = 0;
	sdpa_handle_retire(async_ops, free);
	return DOCA_SUCCESS;
}

DOCA_EXPERIMENTAL doca_error_t doca_dpa_async_ops_get_dpa_handle(
        struct doca_dpa_async_ops *async_ops, doca_dpa_dev_async_ops_t *handle)
{
	CHECK_AOPS(async_ops, __func__);
	if (handle == NULL)
		BAD_ARG(__func__, "handle is NULL", "pass a result pointer");
	if (!async_ops->started) {
		DOCA_LOG_ERR("doca_dpa_async_ops_get_dpa_handle: not started; call "
		             "doca_dpa_async_ops_start first");
		return DOCA_ERROR_BAD_STATE;
	}
	*handle = (doca_dpa_dev_async_ops_t)(uintptr_t)async_ops;
	return DOCA_SUCCESS;
}
