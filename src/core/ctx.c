/* SPDX-License-Identifier: BSD-3-Clause
 * doca_ctx (doca_ctx.h): the generic context of softdpa's context objects (core/ctx.h). A
 * context from sdpa_ctx_create dispatches start, stop and the DPA data path to its owner;
 * any other non-NULL pointer answers NOT_SUPPORTED with one line (no other context kind is
 * emulated), as DOCA's generic calls would for an object of a library softdpa lacks.
 */
#include <pthread.h>
#include <stdlib.h>

#include "core/ctx.h"
#include "core/handles.h"
#include "core/log.h"
#include "core/task.h"

SDPA_LOG_REGISTER(core_ctx);

enum { CTX_MAGIC = 0x43545843 };

struct doca_ctx {
	uint32_t magic;
	const char *kind;
	void *owner;
	sdpa_ctx_fn start, stop;
	sdpa_ctx_dpa_fn on_dpa;
	enum doca_ctx_states state;
	union doca_data user_data;
	doca_ctx_state_changed_callback_t cb;
	sdpa_ctx_progress_fn progress; /* NULL: cannot be driven by a progress engine */
	struct doca_pe *pe;            /* the engine it is connected to (under ctx_lock) */
	struct doca_ctx *next;         /* every context (under ctx_lock) */
};

/* Every context, so that an engine finds those connected to it. */
static pthread_mutex_t ctx_lock = PTHREAD_MUTEX_INITIALIZER;
static struct doca_ctx *ctx_list;

#define CTX_FIX "pass the doca_ctx of a created context (e.g. doca_rdma_as_ctx)"

static bool ctx_live(const struct doca_ctx *ctx)
{
	return sdpa_handle_live(ctx, SDPA_H_CTX) && ctx->magic == CTX_MAGIC;
}

/* NULL: INVALID_VALUE; a pointer no library created: NOT_SUPPORTED. Logged. */
static doca_error_t check(const struct doca_ctx *ctx, const char *fn)
{
	if (ctx == NULL) {
		DOCA_LOG_ERR("%s: ctx is NULL; " CTX_FIX, fn);
		return DOCA_ERROR_INVALID_VALUE;
	}
	if (sdpa_handle_destroyed(ctx, SDPA_H_CTX)) {
		DOCA_LOG_ERR("%s: ctx belongs to a destroyed context; " CTX_FIX, fn);
		return DOCA_ERROR_INVALID_VALUE;
	}
	if (!ctx_live(ctx)) {
		DOCA_LOG_RATE_LIMIT_ERR("%s is not supported by softdpa (this context kind is not "
		                        "emulated; doca_rdma contexts are)",
		                        fn);
		return DOCA_ERROR_NOT_SUPPORTED;
	}
	return DOCA_SUCCESS;
}

struct doca_ctx *sdpa_ctx_create(const char *kind, void *owner, sdpa_ctx_fn start, sdpa_ctx_fn stop,
                                 sdpa_ctx_dpa_fn on_dpa)
{
	struct doca_ctx *ctx = calloc(1, sizeof(*ctx));

	if (ctx == NULL || !sdpa_handle_add(ctx, SDPA_H_CTX)) {
		free(ctx);
		return NULL;
	}
	*ctx = (struct doca_ctx){.magic = CTX_MAGIC,
	                         .kind = kind,
	                         .owner = owner,
	                         .start = start,
	                         .stop = stop,
	                         .on_dpa = on_dpa,
	                         .state = DOCA_CTX_STATE_IDLE};
	pthread_mutex_lock(&ctx_lock);
	ctx->next = ctx_list;
	ctx_list = ctx;
	pthread_mutex_unlock(&ctx_lock);
	return ctx;
}

void sdpa_ctx_destroy(struct doca_ctx *ctx)
{
	struct doca_ctx **pp;

	if (ctx == NULL)
		return;
	pthread_mutex_lock(&ctx_lock);
	for (pp = &ctx_list; *pp != NULL; pp = &(*pp)->next) {
		if (*pp == ctx) {
			*pp = ctx->next;
			break;
		}
	}
	ctx->magic = 0;
	ctx->pe = NULL;
	pthread_mutex_unlock(&ctx_lock);
	sdpa_handle_retire(ctx, free);
}

void sdpa_ctx_set_progress(struct doca_ctx *ctx, sdpa_ctx_progress_fn fn)
{
	ctx->progress = fn;
}

struct doca_pe *sdpa_ctx_pe(const struct doca_ctx *ctx)
{
	struct doca_pe *pe;

	pthread_mutex_lock(&ctx_lock);
	pe = ctx->pe;
	pthread_mutex_unlock(&ctx_lock);
	return pe;
}

doca_error_t sdpa_ctx_connect_pe(struct doca_ctx *ctx, struct doca_pe *pe, const char *fn)
{
	doca_error_t r = check(ctx, fn);

	if (r != DOCA_SUCCESS)
		return r;
	if (ctx->progress == NULL) {
		DOCA_LOG_RATE_LIMIT_ERR("%s is not supported by softdpa (a %s context is not "
		                        "driven by a progress engine)",
		                        fn, ctx->kind);
		return DOCA_ERROR_NOT_SUPPORTED;
	}
	if (ctx->state != DOCA_CTX_STATE_IDLE) {
		DOCA_LOG_ERR("%s: the %s context is started; connect it before doca_ctx_start", fn,
		             ctx->kind);
		return DOCA_ERROR_BAD_STATE;
	}
	pthread_mutex_lock(&ctx_lock);
	if (ctx->pe != NULL) {
		pthread_mutex_unlock(&ctx_lock);
		DOCA_LOG_ERR("%s: the %s context is already connected to a progress engine; a "
		             "context has one engine",
		             fn, ctx->kind);
		return DOCA_ERROR_BAD_STATE;
	}
	ctx->pe = pe;
	pthread_mutex_unlock(&ctx_lock);
	return DOCA_SUCCESS;
}

bool sdpa_ctx_progress_pe(struct doca_pe *pe)
{
	enum { SNAP = 64 };
	struct doca_ctx *snap[SNAP];
	size_t n = 0;
	bool any = false;

	pthread_mutex_lock(&ctx_lock);
	for (struct doca_ctx *c = ctx_list; c != NULL && n < SNAP; c = c->next)
		if (c->pe == pe && c->progress != NULL &&
		    (c->state == DOCA_CTX_STATE_RUNNING || c->state == DOCA_CTX_STATE_STOPPING))
			snap[n++] = c;
	pthread_mutex_unlock(&ctx_lock);
	/* A callback may stop or destroy any context: each is checked again before it runs. */
	for (size_t i = 0; i < n; i++) {
		sdpa_ctx_progress_fn fn = NULL;
		void *owner = NULL;

		pthread_mutex_lock(&ctx_lock);
		if (ctx_live(snap[i]) && snap[i]->pe == pe &&
		    (snap[i]->state == DOCA_CTX_STATE_RUNNING ||
		     snap[i]->state == DOCA_CTX_STATE_STOPPING)) {
			fn = snap[i]->progress;
			owner = snap[i]->owner;
		}
		pthread_mutex_unlock(&ctx_lock);
		if (fn != NULL && fn(owner))
			any = true;
	}
	return any;
}

size_t sdpa_ctx_count_pe(const struct doca_pe *pe)
{
	size_t n = 0;

	pthread_mutex_lock(&ctx_lock);
	for (struct doca_ctx *c = ctx_list; c != NULL; c = c->next)
		n += c->pe == pe;
	pthread_mutex_unlock(&ctx_lock);
	return n;
}

enum doca_ctx_states sdpa_ctx_state(const struct doca_ctx *ctx)
{
	return ctx->state;
}

static void move(struct doca_ctx *ctx, enum doca_ctx_states next);

void sdpa_ctx_stopped(struct doca_ctx *ctx)
{
	if (ctx->state == DOCA_CTX_STATE_STOPPING)
		move(ctx, DOCA_CTX_STATE_IDLE);
}

static void move(struct doca_ctx *ctx, enum doca_ctx_states next)
{
	enum doca_ctx_states prev = ctx->state;

	ctx->state = next;
	if (ctx->cb != NULL && prev != next)
		ctx->cb(ctx->user_data, ctx, prev, next);
}

DOCA_STABLE doca_error_t doca_ctx_start(struct doca_ctx *ctx)
{
	doca_error_t r = check(ctx, __func__);

	if (r != DOCA_SUCCESS)
		return r;
	if (ctx->state != DOCA_CTX_STATE_IDLE) {
		DOCA_LOG_ERR("doca_ctx_start: the %s context is already started; stop it first",
		             ctx->kind);
		return DOCA_ERROR_BAD_STATE;
	}
	r = ctx->start(ctx->owner);
	if (r == DOCA_SUCCESS)
		move(ctx, DOCA_CTX_STATE_RUNNING);
	return r;
}

DOCA_STABLE doca_error_t doca_ctx_stop(struct doca_ctx *ctx)
{
	doca_error_t r = check(ctx, __func__);

	if (r != DOCA_SUCCESS)
		return r;
	if (ctx->state == DOCA_CTX_STATE_IDLE) {
		DOCA_LOG_ERR("doca_ctx_stop: the %s context is not started; nothing to stop",
		             ctx->kind);
		return DOCA_ERROR_BAD_STATE;
	}
	if (ctx->state == DOCA_CTX_STATE_STOPPING)
		return DOCA_ERROR_IN_PROGRESS; /* still draining: doca_pe_progress finishes it */
	r = ctx->stop(ctx->owner);
	if (r == DOCA_SUCCESS)
		move(ctx, DOCA_CTX_STATE_IDLE);
	else if (r == DOCA_ERROR_IN_PROGRESS)
		move(ctx, DOCA_CTX_STATE_STOPPING);
	return r;
}

DOCA_STABLE doca_error_t doca_ctx_get_num_inflight_tasks(const struct doca_ctx *ctx,
                                                         size_t *num_inflight_tasks)
{
	doca_error_t r;

	if (ctx != NULL && num_inflight_tasks == NULL) {
		DOCA_LOG_ERR("%s: num_inflight_tasks is NULL; pass a result pointer", __func__);
		return DOCA_ERROR_INVALID_VALUE;
	}
	r = check(ctx, __func__);
	if (r != DOCA_SUCCESS)
		return r;
	*num_inflight_tasks = sdpa_task_inflight_ctx(ctx);
	return DOCA_SUCCESS;
}

DOCA_STABLE doca_error_t doca_ctx_set_user_data(struct doca_ctx *ctx, union doca_data user_data)
{
	doca_error_t r = check(ctx, __func__);

	if (r != DOCA_SUCCESS)
		return r;
	ctx->user_data = user_data;
	return DOCA_SUCCESS;
}

DOCA_STABLE doca_error_t doca_ctx_get_user_data(const struct doca_ctx *ctx,
                                                union doca_data *user_data)
{
	doca_error_t r;

	if (ctx != NULL && user_data == NULL) {
		DOCA_LOG_ERR("%s: user_data is NULL; pass a result pointer", __func__);
		return DOCA_ERROR_INVALID_VALUE;
	}
	r = check(ctx, __func__);
	if (r != DOCA_SUCCESS)
		return r;
	*user_data = ctx->user_data;
	return DOCA_SUCCESS;
}

DOCA_STABLE doca_error_t doca_ctx_set_state_changed_cb(struct doca_ctx *ctx,
                                                       doca_ctx_state_changed_callback_t cb)
{
	doca_error_t r;

	if (ctx != NULL && cb == NULL) {
		DOCA_LOG_ERR("%s: cb is NULL; pass a callback", __func__);
		return DOCA_ERROR_INVALID_VALUE;
	}
	r = check(ctx, __func__);
	if (r != DOCA_SUCCESS)
		return r;
	if (ctx->state != DOCA_CTX_STATE_IDLE) {
		DOCA_LOG_ERR(
		        "%s: the %s context is started; set the callback before doca_ctx_start",
		        __func__, ctx->kind);
		return DOCA_ERROR_BAD_STATE;
	}
	ctx->cb = cb;
	return DOCA_SUCCESS;
}

DOCA_STABLE doca_error_t doca_ctx_get_state(const struct doca_ctx *ctx, enum doca_ctx_states *state)
{
	doca_error_t r;

	if (ctx != NULL && state == NULL) {
		DOCA_LOG_ERR("%s: state is NULL; pass a result pointer", __func__);
		return DOCA_ERROR_INVALID_VALUE;
	}
	r = check(ctx, __func__);
	if (r != DOCA_SUCCESS)
		return r;
	*state = ctx->state;
	return DOCA_SUCCESS;
}

DOCA_EXPERIMENTAL doca_error_t doca_ctx_set_datapath_on_dpa(struct doca_ctx *ctx,
                                                            struct doca_dpa *dpa)
{
	doca_error_t r;

	if (ctx != NULL && dpa == NULL) {
		DOCA_LOG_ERR("%s: dpa is NULL or not a DPA context; pass one from doca_dpa_create",
		             __func__);
		return DOCA_ERROR_INVALID_VALUE;
	}
	r = check(ctx, __func__);
	if (r != DOCA_SUCCESS)
		return r;
	if (ctx->state != DOCA_CTX_STATE_IDLE) {
		DOCA_LOG_ERR("%s: the %s context is started; place its data path before "
		             "doca_ctx_start",
		             __func__, ctx->kind);
		return DOCA_ERROR_BAD_STATE;
	}
	if (ctx->on_dpa == NULL) {
		DOCA_LOG_RATE_LIMIT_ERR(
		        "%s: a %s data path on the DPA is not supported by softdpa; "
		        "keep it on the CPU",
		        __func__, ctx->kind);
		return DOCA_ERROR_NOT_SUPPORTED;
	}
	return ctx->on_dpa(ctx->owner, dpa);
}
