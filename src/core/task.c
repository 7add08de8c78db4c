/* SPDX-License-Identifier: BSD-3-Clause
 * Generic DOCA tasks and task batches (core/task.h): the pools contexts allocate their tasks
 * from, and doca_pe.h's doca_task_* / doca_task_batch_* calls, which dispatch a task to the
 * context that allocated it. A pointer no live pool handed out is refused with one line.
 */
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#include <doca_ctx.h>
#include <doca_pe.h>

#include "core/ctx.h"
#include "core/log.h"
#include "core/task.h"

SDPA_LOG_REGISTER(core_task);

enum { TASK_MAGIC = 0x5441534b, ALIGN = 16 };

enum task_state { T_FREE = 0, T_OWNED, T_SUBMITTED };

struct doca_task {
	uint32_t magic;
	uint8_t state; /* enum task_state */
	bool batch;
	uint16_t count; /* tasks of a batch */
	struct sdpa_task_pool *pool;
	union doca_data user_data;
	doca_error_t status;
	struct doca_task *next_free;
};

struct chunk {
	struct chunk *next;
	uint32_t n;
	uint8_t *mem; /* n slots */
};

struct sdpa_task_pool {
	struct doca_ctx *ctx;
	const char *kind;
	bool batch;
	size_t hdr_size, slot_size;
	sdpa_task_submit_fn submit;
	void *owner;
	struct chunk *chunks;
	struct doca_task *free_list;
	uint32_t size, outstanding, inflight;
	struct sdpa_task_pool *next; /* every live pool (under task_lock) */
};

static pthread_mutex_t task_lock = PTHREAD_MUTEX_INITIALIZER;
static struct sdpa_task_pool *pools;

#define ROUND(x) (((x) + ALIGN - 1) / ALIGN * ALIGN)

static doca_error_t add_chunk(struct sdpa_task_pool *p, uint32_t n)
{
	struct chunk *c = calloc(1, sizeof(*c));

	if (c == NULL || (c->mem = calloc(n, p->slot_size)) == NULL) {
		free(c);
		DOCA_LOG_ERR("%s: out of memory for %u tasks; ask for fewer", p->kind, n);
		return DOCA_ERROR_NO_MEMORY;
	}
	c->n = n;
	for (uint32_t i = n; i-- > 0;) {
		struct doca_task *t = (struct doca_task *)(c->mem + (size_t)i * p->slot_size);

		t->magic = TASK_MAGIC;
		t->batch = p->batch;
		t->pool = p;
		t->next_free = p->free_list;
		p->free_list = t;
	}
	c->next = p->chunks;
	p->chunks = c;
	p->size += n;
	return DOCA_SUCCESS;
}

struct sdpa_task_pool *sdpa_task_pool_create(struct doca_ctx *ctx, const char *kind, bool batch,
                                             uint32_t n, size_t obj_size,
                                             sdpa_task_submit_fn submit, void *owner)
{
	struct sdpa_task_pool *p = calloc(1, sizeof(*p));

	if (p == NULL) {
		DOCA_LOG_ERR("%s: out of memory for a task pool", kind);
		return NULL;
	}
	p->ctx = ctx;
	p->kind = kind;
	p->batch = batch;
	p->hdr_size = ROUND(sizeof(struct doca_task));
	p->slot_size = p->hdr_size + ROUND(obj_size == 0 ? 1 : obj_size);
	p->submit = submit;
	p->owner = owner;
	if (n > 0 && add_chunk(p, n) != DOCA_SUCCESS) {
		free(p);
		return NULL;
	}
	pthread_mutex_lock(&task_lock);
	p->next = pools;
	pools = p;
	pthread_mutex_unlock(&task_lock);
	return p;
}

doca_error_t sdpa_task_pool_expand(struct sdpa_task_pool *pool, uint32_t n)
{
	doca_error_t r;

	pthread_mutex_lock(&task_lock);
	r = add_chunk(pool, n);
	pthread_mutex_unlock(&task_lock);
	return r;
}

void sdpa_task_pool_destroy(struct sdpa_task_pool *pool)
{
	struct sdpa_task_pool **pp;

	if (pool == NULL)
		return;
	pthread_mutex_lock(&task_lock);
	for (pp = &pools; *pp != NULL; pp = &(*pp)->next) {
		if (*pp == pool) {
			*pp = pool->next;
			break;
		}
	}
	pthread_mutex_unlock(&task_lock);
	while (pool->chunks != NULL) {
		struct chunk *c = pool->chunks;

		pool->chunks = c->next;
		free(c->mem);
		free(c);
	}
	free(pool);
}

uint32_t sdpa_task_pool_outstanding(const struct sdpa_task_pool *pool)
{
	uint32_t n;

	pthread_mutex_lock(&task_lock);
	n = pool->outstanding;
	pthread_mutex_unlock(&task_lock);
	return n;
}

uint32_t sdpa_task_pool_size(const struct sdpa_task_pool *pool)
{
	uint32_t n;

	pthread_mutex_lock(&task_lock);
	n = pool->size;
	pthread_mutex_unlock(&task_lock);
	return n;
}

struct doca_task *sdpa_task_alloc(struct sdpa_task_pool *pool, union doca_data user_data,
                                  void **obj)
{
	struct doca_task *t;

	pthread_mutex_lock(&task_lock);
	t = pool->free_list;
	if (t != NULL) {
		pool->free_list = t->next_free;
		t->next_free = NULL;
		t->state = T_OWNED;
		t->user_data = user_data;
		t->status = DOCA_SUCCESS;
		t->count = 0;
		pool->outstanding++;
	}
	pthread_mutex_unlock(&task_lock);
	if (t != NULL) {
		*obj = (uint8_t *)t + pool->hdr_size;
		memset(*obj, 0, pool->slot_size - pool->hdr_size);
	}
	return t;
}

/* The slot at 'addr' of a live pool (task_lock held); NULL when none. */
static struct doca_task *find_locked(const struct sdpa_task_pool *only, const void *addr,
                                     size_t back)
{
	for (struct sdpa_task_pool *p = pools; p != NULL; p = p->next) {
		if (only != NULL && p != only)
			continue;
		for (struct chunk *c = p->chunks; c != NULL; c = c->next) {
			const uint8_t *a = (const uint8_t *)addr - (back ? p->hdr_size : 0);
			size_t off;

			if (a < c->mem || a >= c->mem + (size_t)c->n * p->slot_size)
				continue;
			off = (size_t)(a - c->mem);
			if (off % p->slot_size != 0)
				return NULL;
			return (struct doca_task *)(c->mem + off);
		}
	}
	return NULL;
}

struct doca_task *sdpa_task_of(const struct sdpa_task_pool *pool, const void *obj)
{
	struct doca_task *t;

	if (obj == NULL)
		return NULL;
	pthread_mutex_lock(&task_lock);
	t = find_locked(pool, obj, 1);
	if (t != NULL && t->state == T_FREE)
		t = NULL;
	pthread_mutex_unlock(&task_lock);
	return t;
}

void *sdpa_task_obj(struct doca_task *task)
{
	return (uint8_t *)task + task->pool->hdr_size;
}

void sdpa_task_complete(struct doca_task *task, doca_error_t status)
{
	pthread_mutex_lock(&task_lock);
	task->status = status;
	if (task->state == T_SUBMITTED) {
		task->state = T_OWNED;
		task->pool->inflight--;
	}
	pthread_mutex_unlock(&task_lock);
}

union doca_data sdpa_task_user_data(const struct doca_task *task)
{
	return task->user_data;
}

size_t sdpa_task_inflight_ctx(const struct doca_ctx *ctx)
{
	size_t n = 0;

	pthread_mutex_lock(&task_lock);
	for (struct sdpa_task_pool *p = pools; p != NULL; p = p->next)
		if (p->ctx == ctx)
			n += p->inflight;
	pthread_mutex_unlock(&task_lock);
	return n;
}

size_t sdpa_task_inflight_pe(const struct doca_pe *pe)
{
	size_t n = 0;

	pthread_mutex_lock(&task_lock);
	for (struct sdpa_task_pool *p = pools; p != NULL; p = p->next)
		if (p->inflight > 0 && sdpa_ctx_pe(p->ctx) == pe)
			n += p->inflight;
	pthread_mutex_unlock(&task_lock);
	return n;
}

/* ------------------------------------------------------------------ doca_task_* */

#define TASK_FIX "pass a task its context allocated (e.g. doca_eth_txq_task_send_as_doca_task)"
#define BATCH_FIX                                                                                  \
	"pass a task batch its context allocated (e.g. doca_eth_txq_task_batch_send_allocate)"

/* The live task (or batch) at 'p', or NULL with one line naming the cause. */
static struct doca_task *lookup(const void *p, bool batch, const char *fn)
{
	struct doca_task *t;

	if (p == NULL) {
		DOCA_LOG_ERR("%s: %s is NULL; %s", fn, batch ? "task_batch" : "task",
		             batch ? BATCH_FIX : TASK_FIX);
		return NULL;
	}
	pthread_mutex_lock(&task_lock);
	t = find_locked(NULL, p, 0);
	pthread_mutex_unlock(&task_lock);
	if (t == NULL || t->batch != batch) {
		DOCA_LOG_ERR(
		        "%s: %p is not a %s of a live context (destroyed, or another kind); %s", fn,
		        p, batch ? "task batch" : "task", batch ? BATCH_FIX : TASK_FIX);
		return NULL;
	}
	if (t->state == T_FREE) {
		DOCA_LOG_ERR("%s: the %s was freed (doca_task%s_free); allocate a new one", fn,
		             batch ? "task batch" : "task", batch ? "_batch" : "");
		return NULL;
	}
	return t;
}

static doca_error_t submit(const void *p, bool batch, bool validate, const char *fn)
{
	struct doca_task *t = lookup(p, batch, fn);
	struct sdpa_task_pool *pool;
	doca_error_t r;

	if (t == NULL)
		return DOCA_ERROR_INVALID_VALUE;
	pool = t->pool;
	pthread_mutex_lock(&task_lock);
	if (t->state == T_SUBMITTED) {
		pthread_mutex_unlock(&task_lock);
		DOCA_LOG_ERR("%s: the %s is submitted already; submit it again from its "
		             "completion callback",
		             fn, pool->kind);
		return DOCA_ERROR_BAD_STATE;
	}
	pthread_mutex_unlock(&task_lock);
	if (sdpa_ctx_state(pool->ctx) != DOCA_CTX_STATE_RUNNING) {
		DOCA_LOG_ERR("%s: the %s's context is not running; submit after doca_ctx_start "
		             "and before doca_ctx_stop",
		             fn, pool->kind);
		return DOCA_ERROR_BAD_STATE;
	}
	pthread_mutex_lock(&task_lock);
	t->state = T_SUBMITTED;
	t->status = DOCA_SUCCESS;
	pool->inflight++;
	pthread_mutex_unlock(&task_lock);
	r = pool->submit(pool->owner, (uint8_t *)t + pool->hdr_size, validate);
	if (r != DOCA_SUCCESS) {
		pthread_mutex_lock(&task_lock);
		if (t->state == T_SUBMITTED) {
			t->state = T_OWNED;
			pool->inflight--;
		}
		pthread_mutex_unlock(&task_lock);
	}
	return r;
}

static void task_free(const void *p, bool batch, const char *fn)
{
	struct doca_task *t = lookup(p, batch, fn);

	if (t == NULL)
		return;
	pthread_mutex_lock(&task_lock);
	if (t->state == T_SUBMITTED) {
		pthread_mutex_unlock(&task_lock);
		DOCA_LOG_ERR("%s: the %s is submitted; free it in its completion callback or "
		             "after it",
		             fn, t->pool->kind);
		return;
	}
	t->state = T_FREE;
	t->next_free = t->pool->free_list;
	t->pool->free_list = t;
	t->pool->outstanding--;
	pthread_mutex_unlock(&task_lock);
}

DOCA_STABLE doca_error_t doca_task_submit(struct doca_task *task)
{
	return submit(task, false, false, __func__);
}

DOCA_EXPERIMENTAL doca_error_t doca_task_submit_ex(struct doca_task *task, uint32_t flags)
{
	const uint32_t known = DOCA_TASK_SUBMIT_FLAG_FLUSH | DOCA_TASK_SUBMIT_FLAG_OPTIMIZE_REPORTS;

	if (task != NULL && (flags & ~known)) {
		DOCA_LOG_ERR("%s: flags 0x%x has bits outside enum doca_task_submit_flag; OR "
		             "DOCA_TASK_SUBMIT_FLAG_* values",
		             __func__, flags);
		return DOCA_ERROR_INVALID_VALUE;
	}
	/* The emulated contexts hand every task to the device at once: FLUSH is implied, and
	 * each completion is reported on its own. */
	return submit(task, false, false, __func__);
}

DOCA_STABLE doca_error_t doca_task_try_submit(struct doca_task *task)
{
	return submit(task, false, true, __func__);
}

DOCA_EXPERIMENTAL doca_error_t doca_task_batch_submit(struct doca_task_batch *task_batch)
{
	return submit(task_batch, true, false, __func__);
}

DOCA_EXPERIMENTAL doca_error_t doca_task_batch_try_submit(struct doca_task_batch *task_batch)
{
	return submit(task_batch, true, true, __func__);
}

DOCA_STABLE void doca_task_free(struct doca_task *task)
{
	task_free(task, false, __func__);
}

DOCA_EXPERIMENTAL void doca_task_batch_free(struct doca_task_batch *task_batch)
{
	task_free(task_batch, true, __func__);
}

DOCA_STABLE doca_error_t doca_task_get_status(const struct doca_task *task)
{
	const struct doca_task *t = lookup(task, false, __func__);

	return t == NULL ? DOCA_ERROR_INVALID_VALUE : t->status;
}

DOCA_EXPERIMENTAL doca_error_t doca_task_batch_get_status(const struct doca_task_batch *task_batch)
{
	const struct doca_task *t = lookup(task_batch, true, __func__);

	return t == NULL ? DOCA_ERROR_INVALID_VALUE : t->status;
}

DOCA_STABLE void doca_task_set_user_data(struct doca_task *task, union doca_data user_data)
{
	struct doca_task *t = lookup(task, false, __func__);

	if (t != NULL)
		t->user_data = user_data;
}

DOCA_EXPERIMENTAL void doca_task_batch_set_user_data(struct doca_task_batch *task_batch,
                                                     union doca_data user_data)
{
	struct doca_task *t = lookup(task_batch, true, __func__);

	if (t != NULL)
		t->user_data = user_data;
}

DOCA_STABLE union doca_data doca_task_get_user_data(const struct doca_task *task)
{
	const struct doca_task *t = lookup(task, false, __func__);

	return t == NULL ? (union doca_data){.u64 = 0} : t->user_data;
}

DOCA_EXPERIMENTAL union doca_data
doca_task_batch_get_user_data(const struct doca_task_batch *task_batch)
{
	const struct doca_task *t = lookup(task_batch, true, __func__);

	return t == NULL ? (union doca_data){.u64 = 0} : t->user_data;
}

DOCA_STABLE struct doca_ctx *doca_task_get_ctx(const struct doca_task *task)
{
	const struct doca_task *t = lookup(task, false, __func__);

	return t == NULL ? NULL : t->pool->ctx;
}

DOCA_EXPERIMENTAL struct doca_ctx *doca_task_batch_get_ctx(const struct doca_task_batch *task_batch)
{
	const struct doca_task *t = lookup(task_batch, true, __func__);

	return t == NULL ? NULL : t->pool->ctx;
}

DOCA_EXPERIMENTAL union doca_data
doca_task_batch_get_ctx_user_data(const struct doca_task_batch *task_batch)
{
	const struct doca_task *t = lookup(task_batch, true, __func__);
	union doca_data ud = {.u64 = 0};

	if (t != NULL)
		(void)doca_ctx_get_user_data(t->pool->ctx, &ud);
	return ud;
}

DOCA_EXPERIMENTAL uint16_t doca_task_batch_get_tasks_num(struct doca_task_batch *task_batch)
{
	const struct doca_task *t = lookup(task_batch, true, __func__);

	return t == NULL ? 0 : t->count;
}

/* The context sets a batch's task count at allocation (core/task.h users only). */
void sdpa_task_set_count(struct doca_task *task, uint16_t count)
{
	task->count = count;
}
