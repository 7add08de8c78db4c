/* SPDX-License-Identifier: BSD-3-Clause
 * The device API (include/dev/): what DPA kernels call. These run on EU threads (or an
 * RPC caller's thread) and find their context through sdpa_exec_current(). Every call
 * starts with sdpa_exec_checkpoint(), the point where a lost EU (watchdog) unwinds.
 *
 * Calls made in the wrong kind of kernel (P8) behave as on the DPA — no effect or an
 * undefined value — and log one line per kernel and call naming the rank and the fix.
 */
#include <sched.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <dev/doca_dpa_dev.h>
#include <dev/doca_dpa_dev_buf.h>
#include <dev/doca_dpa_dev_sync_event.h>
#include <dev/dpaintrin.h>

#include "core/log.h"
#include "core/util.h"
#include "dpa/dpa.h"
#include "core/handles.h"
#include "dpa/window.h"

SDPA_LOG_REGISTER(dpa_dev);

static bool first_report(const struct sdpa_exec *ex, enum sdpa_report bit)
{
	return sdpa_kernel_report_once(ex, bit);
}

/* The current exec; logs (once) and returns NULL when host code calls the device API. */
static struct sdpa_exec *exec_or_null(const char *fn)
{
	static sdpa_atomic_u32 warned;
	struct sdpa_exec *ex = sdpa_exec_current();

	if (ex == NULL && sdpa_exchange_acq_rel(&warned, 1) == 0)
		DOCA_LOG_ERR(
		        "%s was called by host code; device API functions work only inside DPA "
		        "kernels (launched, DPA threads or RPCs)",
		        fn);
	return ex;
}

/* P8: a thread-only call in a launched kernel (or yield in a thread). */
static void report_p8(const struct sdpa_exec *ex, enum sdpa_report bit, const char *call,
                      const char *fix)
{
	char who[160];

	if (!first_report(ex, bit))
		return;
	sdpa_exec_describe(ex, who, sizeof(who));
	DOCA_LOG_ERR("P8: %s called in %s, %s; the call is only valid in %s, so on the DPA it has "
	             "no defined effect (softdpa: %s). Fix: %s",
	             call, who,
	             ex->kind == SDPA_EXEC_LAUNCH
	                     ? "a kernel launched with "
	                       "doca_dpa_kernel_launch_update_*"
	                     : (ex->kind == SDPA_EXEC_RPC ? "an RPC" : "a DPA thread"),
	             bit == SDPA_REPORT_YIELD ? "kernels launched by the host"
	                                      : "DPA threads (doca_dpa_thread)",
	             bit == SDPA_REPORT_TLS ? "it returns 0" : "it returns and does nothing", fix);
}

DOCA_EXPERIMENTAL unsigned int doca_dpa_dev_thread_rank(void)
{
	struct sdpa_exec *ex;

	sdpa_exec_checkpoint();
	ex = exec_or_null(__func__);
	return ex ? ex->rank : 0;
}

DOCA_EXPERIMENTAL unsigned int doca_dpa_dev_num_threads(void)
{
	struct sdpa_exec *ex;

	sdpa_exec_checkpoint();
	ex = exec_or_null(__func__);
	return ex ? ex->nthreads : 1;
}

DOCA_EXPERIMENTAL void doca_dpa_dev_yield(void)
{
	struct sdpa_exec *ex;

	sdpa_exec_checkpoint();
	ex = exec_or_null(__func__);
	if (ex == NULL)
		return;
	if (ex->kind == SDPA_EXEC_THREAD)
		report_p8(ex, SDPA_REPORT_YIELD, "doca_dpa_dev_yield",
		          "in a DPA thread give up the EU with doca_dpa_dev_thread_reschedule");
	sched_yield();
}

static void thread_exit(const char *fn, enum sdpa_report bit, enum sdpa_exec_end how)
{
	struct sdpa_exec *ex;

	sdpa_exec_checkpoint();
	ex = exec_or_null(fn);
	if (ex == NULL)
		return;
	if (ex->kind != SDPA_EXEC_THREAD || ex->jb == NULL) {
		report_p8(ex, bit, fn,
		          "return from the launched kernel instead; use a doca_dpa_thread for "
		          "event-driven work");
		return;
	}
	longjmp(*ex->jb, how);
}

DOCA_EXPERIMENTAL void doca_dpa_dev_thread_reschedule(void)
{
	thread_exit(__func__, SDPA_REPORT_RESCHEDULE, SDPA_END_RESCHEDULE);
}

DOCA_EXPERIMENTAL void doca_dpa_dev_thread_finish(void)
{
	thread_exit(__func__, SDPA_REPORT_FINISH, SDPA_END_FINISH);
}

DOCA_EXPERIMENTAL doca_dpa_dev_uintptr_t doca_dpa_dev_thread_get_local_storage(void)
{
	struct sdpa_exec *ex;

	sdpa_exec_checkpoint();
	ex = exec_or_null(__func__);
	if (ex == NULL)
		return 0;
	if (ex->kind != SDPA_EXEC_THREAD) {
		report_p8(
		        ex, SDPA_REPORT_TLS, "doca_dpa_dev_thread_get_local_storage",
		        "pass the data to the launched kernel as an argument (a DPA heap pointer)");
		return 0;
	}
	return ex->thread->local_storage;
}

DOCA_EXPERIMENTAL void
doca_dpa_dev_thread_notify(doca_dpa_dev_notification_completion_t notify_handle)
{
	struct doca_dpa_notification_completion *nc =
	        (struct doca_dpa_notification_completion *)(uintptr_t)notify_handle;
	struct sdpa_exec *ex;

	sdpa_exec_checkpoint();
	ex = exec_or_null(__func__);
	if (ex == NULL)
		return;
	if (ex->kind == SDPA_EXEC_LAUNCH) {
		report_p8(ex, SDPA_REPORT_NOTIFY, "doca_dpa_dev_thread_notify",
		          "notify from a DPA thread or an RPC (doca_dpa_rpc)");
		return;
	}
	if (!sdpa_handle_live(nc, SDPA_H_NOTIF) || nc->magic != SDPA_NOTIF_MAGIC || !nc->started) {
		char who[160];

		sdpa_exec_describe(ex, who, sizeof(who));
		DOCA_LOG_ERR("doca_dpa_dev_thread_notify in %s: handle 0x%llx is not a started "
		             "notification completion; pass the handle from "
		             "doca_dpa_notification_completion_get_dpa_handle",
		             who, (unsigned long long)notify_handle);
		return;
	}
	sdpa_thread_activate(nc->thread);
}

DOCA_EXPERIMENTAL void doca_dpa_dev_device_set(doca_dpa_dev_t dpa_handle)
{
	struct doca_dpa *d = (struct doca_dpa *)(uintptr_t)dpa_handle;
	struct sdpa_exec *ex;

	sdpa_exec_checkpoint();
	ex = exec_or_null(__func__);
	if (ex == NULL)
		return;
	if (!sdpa_dpa_valid(d) || sdpa_dpa_root(d) != ex->dpa) {
		char who[160];

		sdpa_exec_describe(ex, who, sizeof(who));
		DOCA_LOG_ERR(
		        "doca_dpa_dev_device_set in %s: handle 0x%llx is not this DPA context "
		        "or one of its extended contexts; pass doca_dpa_get_dpa_handle's value",
		        who, (unsigned long long)dpa_handle);
		return;
	}
	ex->device = dpa_handle;
}

/* ---- completions ---- */

static struct doca_dpa_completion *dev_comp(doca_dpa_dev_completion_t h, const char *fn)
{
	struct doca_dpa_completion *c = (struct doca_dpa_completion *)(uintptr_t)h;

	if (!sdpa_handle_live(c, SDPA_H_COMP) || c->magic != SDPA_COMP_MAGIC) {
		DOCA_LOG_RATE_LIMIT_ERR("%s: handle 0x%llx is not a DPA completion; pass the value "
		                        "of doca_dpa_completion_get_dpa_handle",
		                        fn, (unsigned long long)h);
		return NULL;
	}
	return c;
}

DOCA_EXPERIMENTAL int doca_dpa_dev_get_completion(doca_dpa_dev_completion_t dpa_comp_handle,
                                                  doca_dpa_dev_completion_element_t *comp_element)
{
	struct doca_dpa_completion *c;
	int got = 0;

	sdpa_exec_checkpoint();
	c = dev_comp(dpa_comp_handle, __func__);
	if (c == NULL || comp_element == NULL)
		return 0;
	pthread_mutex_lock(&c->lock);
	if (c->read < c->prod) {
		*comp_element = (doca_dpa_dev_completion_element_t)(uintptr_t)&c
		                        ->ring[c->read & (c->queue_size - 1)];
		c->read++;
		got = 1;
	}
	pthread_mutex_unlock(&c->lock);
	return got;
}

static const struct sdpa_comp_elem *elem(doca_dpa_dev_completion_element_t e)
{
	return (const struct sdpa_comp_elem *)(uintptr_t)e;
}

DOCA_EXPERIMENTAL doca_dpa_dev_completion_type_t
doca_dpa_dev_get_completion_type(doca_dpa_dev_completion_element_t comp_element)
{
	sdpa_exec_checkpoint();
	return comp_element ? (doca_dpa_dev_completion_type_t)elem(comp_element)->type
	                    : DOCA_DPA_DEV_COMP_SEND_ERR;
}

DOCA_EXPERIMENTAL uint32_t
doca_dpa_dev_get_completion_user_data(doca_dpa_dev_completion_element_t comp_element)
{
	sdpa_exec_checkpoint();
	return comp_element ? elem(comp_element)->user_data : 0;
}

DOCA_EXPERIMENTAL uint32_t
doca_dpa_dev_get_completion_immediate(doca_dpa_dev_completion_element_t comp_element)
{
	sdpa_exec_checkpoint();
	return comp_element ? elem(comp_element)->immediate : 0;
}

DOCA_EXPERIMENTAL void doca_dpa_dev_completion_ack(doca_dpa_dev_completion_t dpa_comp_handle,
                                                   uint64_t num_comp)
{
	struct doca_dpa_completion *c;

	sdpa_exec_checkpoint();
	c = dev_comp(dpa_comp_handle, __func__);
	if (c == NULL)
		return;
	pthread_mutex_lock(&c->lock);
	if (num_comp > c->read - c->cons) {
		uint64_t have = c->read - c->cons;

		pthread_mutex_unlock(&c->lock);
		DOCA_LOG_RATE_LIMIT_ERR(
		        "doca_dpa_dev_completion_ack: acknowledging %llu elements but "
		        "only %llu were read with doca_dpa_dev_get_completion; ack "
		        "what you consumed",
		        (unsigned long long)num_comp, (unsigned long long)have);
		return;
	}
	c->cons += num_comp;
	pthread_mutex_unlock(&c->lock);
}

DOCA_EXPERIMENTAL void
doca_dpa_dev_completion_request_notification(doca_dpa_dev_completion_t dpa_comp_handle)
{
	struct doca_dpa_completion *c;
	struct doca_dpa_thread *wake = NULL;

	sdpa_exec_checkpoint();
	c = dev_comp(dpa_comp_handle, __func__);
	if (c == NULL)
		return;
	pthread_mutex_lock(&c->lock);
	/* Elements that arrived while disarmed trigger at once, as a CQ armed over pending
	 * entries does. */
	if (c->read < c->prod && c->thread != NULL)
		wake = c->thread;
	else
		c->armed = true;
	pthread_mutex_unlock(&c->lock);
	if (wake != NULL)
		sdpa_thread_activate(wake);
}

/* ---- hash tables ---- */

struct ht_slot {
	uint32_t key;
	uint32_t used;
	uint64_t value;
};

struct doca_dpa_hash_table {
	uint32_t magic;
	struct doca_dpa *dpa;
	unsigned int size; /* power of two */
	unsigned int count;
	pthread_mutex_t lock;
	struct ht_slot *slots;
};

DOCA_EXPERIMENTAL doca_error_t doca_dpa_hash_table_create(struct doca_dpa *dpa,
                                                          unsigned int num_entries,
                                                          struct doca_dpa_hash_table **ht)
{
	struct doca_dpa_hash_table *t;

	if (!sdpa_dpa_valid(dpa) || ht == NULL || num_entries == 0 || num_entries > (1u << 24)) {
		DOCA_LOG_ERR(
		        "doca_dpa_hash_table_create: NULL argument or num_entries outside "
		        "1..2^24; pass a started context, an entry count and a result pointer");
		return DOCA_ERROR_INVALID_VALUE;
	}
	if (!dpa->started) {
		DOCA_LOG_ERR("doca_dpa_hash_table_create: DPA context %u is not started; call "
		             "doca_dpa_start first",
		             dpa->id);
		return DOCA_ERROR_BAD_STATE;
	}
	t = calloc(1, sizeof(*t));
	if (t != NULL) {
		t->size = sdpa_pow2_ceil32(num_entries);
		t->slots = calloc(t->size, sizeof(*t->slots));
	}
	if (t == NULL || t->slots == NULL || !sdpa_handle_add(t, SDPA_H_HASH_TABLE)) {
		if (t != NULL)
			free(t->slots);
		free(t);
		DOCA_LOG_ERR("doca_dpa_hash_table_create: out of memory");
		return DOCA_ERROR_NO_MEMORY;
	}
	t->magic = SDPA_HT_MAGIC;
	t->dpa = dpa;
	pthread_mutex_init(&t->lock, NULL);
	sdpa_fetch_add_acq_rel(&dpa->nr_refs, 1);
	*ht = t;
	return DOCA_SUCCESS;
}

DOCA_EXPERIMENTAL doca_error_t doca_dpa_hash_table_destroy(struct doca_dpa_hash_table *ht)
{
	if (!sdpa_handle_live(ht, SDPA_H_HASH_TABLE) || ht->magic != SDPA_HT_MAGIC) {
		DOCA_LOG_ERR("doca_dpa_hash_table_destroy: ht is NULL or not a hash table");
		return DOCA_ERROR_INVALID_VALUE;
	}
	sdpa_fetch_sub_acq_rel(&ht->dpa->nr_refs, 1);
	pthread_mutex_destroy(&ht->lock);
	ht->magic = 0;
	free(ht->slots);
	sdpa_handle_retire(ht, free);
	return DOCA_SUCCESS;
}

DOCA_EXPERIMENTAL doca_error_t doca_dpa_hash_table_get_dpa_handle(struct doca_dpa_hash_table *ht,
                                                                  doca_dpa_dev_hash_table_t *handle)
{
	if (!sdpa_handle_live(ht, SDPA_H_HASH_TABLE) || ht->magic != SDPA_HT_MAGIC ||
	    handle == NULL) {
		DOCA_LOG_ERR("doca_dpa_hash_table_get_dpa_handle: NULL or invalid argument; pass a "
		             "hash table and a result pointer");
		return DOCA_ERROR_INVALID_VALUE;
	}
	*handle = (doca_dpa_dev_hash_table_t)(uintptr_t)ht;
	return DOCA_SUCCESS;
}

static struct doca_dpa_hash_table *dev_ht(doca_dpa_dev_hash_table_t h, const char *fn)
{
	struct doca_dpa_hash_table *t = (struct doca_dpa_hash_table *)(uintptr_t)h;

	sdpa_exec_checkpoint();
	if (!sdpa_handle_live(t, SDPA_H_HASH_TABLE) || t->magic != SDPA_HT_MAGIC) {
		DOCA_LOG_RATE_LIMIT_ERR(
		        "%s: handle 0x%llx is not a DPA hash table; pass the value of "
		        "doca_dpa_hash_table_get_dpa_handle",
		        fn, (unsigned long long)h);
		return NULL;
	}
	return t;
}

/* Slot holding 'key', or the first free slot of its probe sequence; -1 when full. */
static long ht_find(struct doca_dpa_hash_table *t, uint32_t key, bool *found)
{
	uint32_t h = key * 2654435761u;
	long free_slot = -1;

	*found = false;
	for (unsigned int i = 0; i < t->size; i++) {
		unsigned int s = (h + i) & (t->size - 1);

		if (t->slots[s].used && t->slots[s].key == key) {
			*found = true;
			return s;
		}
		if (!t->slots[s].used) {
			if (free_slot < 0)
				free_slot = s;
			break;
		}
	}
	return free_slot;
}

DOCA_EXPERIMENTAL void doca_dpa_dev_hash_table_add(doca_dpa_dev_hash_table_t ht_handle,
                                                   uint32_t key, uint64_t value)
{
	struct doca_dpa_hash_table *t = dev_ht(ht_handle, __func__);
	bool found;
	long s;

	if (t == NULL)
		return;
	pthread_mutex_lock(&t->lock);
	s = ht_find(t, key, &found);
	if (s >= 0) {
		if (!found)
			t->count++;
		t->slots[s] = (struct ht_slot){.key = key, .used = 1, .value = value};
	}
	pthread_mutex_unlock(&t->lock);
	if (s < 0)
		DOCA_LOG_RATE_LIMIT_ERR(
		        "doca_dpa_dev_hash_table_add: the table of %u entries is full; "
		        "key %u was not added (undefined on the DPA). Create the "
		        "table larger",
		        t->size, key);
}

DOCA_EXPERIMENTAL void doca_dpa_dev_hash_table_remove(doca_dpa_dev_hash_table_t ht_handle,
                                                      uint32_t key)
{
	struct doca_dpa_hash_table *t = dev_ht(ht_handle, __func__);
	bool found;
	long s;

	if (t == NULL)
		return;
	pthread_mutex_lock(&t->lock);
	s = ht_find(t, key, &found);
	if (found) {
		/* Re-insert the rest of the cluster so probing stays correct. */
		unsigned int i = (unsigned int)s;

		t->slots[i].used = 0;
		t->count--;
		for (unsigned int j = (i + 1) & (t->size - 1); t->slots[j].used;
		     j = (j + 1) & (t->size - 1)) {
			struct ht_slot moved = t->slots[j];
			bool f;
			long d;

			t->slots[j].used = 0;
			d = ht_find(t, moved.key, &f);
			t->slots[d] = moved;
		}
	}
	pthread_mutex_unlock(&t->lock);
}

DOCA_EXPERIMENTAL int doca_dpa_dev_hash_table_find(doca_dpa_dev_hash_table_t ht_handle,
                                                   uint32_t key, uint64_t *value)
{
	struct doca_dpa_hash_table *t = dev_ht(ht_handle, __func__);
	bool found = false;
	long s;

	if (t == NULL || value == NULL)
		return 0;
	pthread_mutex_lock(&t->lock);
	s = ht_find(t, key, &found);
	if (found)
		*value = t->slots[s].value;
	pthread_mutex_unlock(&t->lock);
	return found ? 1 : 0;
}

/* ---- logging and tracing ---- */

DOCA_EXPERIMENTAL void doca_dpa_dev_log(doca_dpa_dev_log_level_t log_level, const char *format, ...)
{
	struct sdpa_exec *ex;
	struct doca_dpa *root;
	char who[160], msg[1024];
	va_list ap;
	size_t n;

	sdpa_exec_checkpoint();
	ex = exec_or_null(__func__);
	if (ex == NULL || format == NULL)
		return;
	root = ex->dpa;
	if (root->log_level == DOCA_DPA_DEV_LOG_LEVEL_DISABLE || log_level > root->log_level ||
	    log_level <= DOCA_DPA_DEV_LOG_LEVEL_DISABLE)
		return;
	va_start(ap, format);
	vsnprintf(msg, sizeof(msg), format, ap);
	va_end(ap);
	n = strlen(msg);
	while (n > 0 && msg[n - 1] == '\n')
		msg[--n] = '\0';
	sdpa_exec_describe(ex, who, sizeof(who));
	pthread_mutex_lock(&root->log_lock);
	fprintf(root->log_fp ? root->log_fp : stdout, "[DPA %u %s] %s\n", root->id, who, msg);
	fflush(root->log_fp ? root->log_fp : stdout);
	pthread_mutex_unlock(&root->log_lock);
}

DOCA_EXPERIMENTAL void doca_dpa_dev_trace(uint64_t arg1, uint64_t arg2, uint64_t arg3,
                                          uint64_t arg4, uint64_t arg5)
{
	struct sdpa_exec *ex;
	char who[160];

	sdpa_exec_checkpoint();
	ex = exec_or_null(__func__);
	if (ex == NULL)
		return;
	sdpa_exec_describe(ex, who, sizeof(who));
	DOCA_LOG_DBG("DPA trace from %s: 0x%llx 0x%llx 0x%llx 0x%llx 0x%llx", who,
	             (unsigned long long)arg1, (unsigned long long)arg2, (unsigned long long)arg3,
	             (unsigned long long)arg4, (unsigned long long)arg5);
}

DOCA_EXPERIMENTAL void doca_dpa_dev_trace_flush(void)
{
	sdpa_exec_checkpoint();
}

/* ---- sync events ---- */

static struct doca_sync_event *dev_se(doca_dpa_dev_sync_event_t h, const char *fn)
{
	struct doca_sync_event *ev = (struct doca_sync_event *)(uintptr_t)h;

	sdpa_exec_checkpoint();
	if (!sdpa_se_valid(ev)) {
		DOCA_LOG_RATE_LIMIT_ERR("%s: handle 0x%llx is not a sync event; pass the value of "
		                        "doca_sync_event_get_dpa_handle",
		                        fn, (unsigned long long)h);
		return NULL;
	}
	return ev;
}

DOCA_EXPERIMENTAL void doca_dpa_dev_sync_event_get(doca_dpa_dev_sync_event_t dpa_dev_se_handle,
                                                   uint64_t *value)
{
	struct doca_sync_event *ev = dev_se(dpa_dev_se_handle, __func__);

	if (ev != NULL && value != NULL)
		*value = sdpa_load_acquire(&ev->value); /* A6 pairs with R2 in sync_event.c */
}

DOCA_EXPERIMENTAL void
doca_dpa_dev_sync_event_update_add(doca_dpa_dev_sync_event_t dpa_dev_se_handle, uint64_t value)
{
	struct doca_sync_event *ev = dev_se(dpa_dev_se_handle, __func__);

	if (ev != NULL)
		sdpa_se_add(ev, value);
}

DOCA_EXPERIMENTAL void
doca_dpa_dev_sync_event_update_set(doca_dpa_dev_sync_event_t dpa_dev_se_handle, uint64_t value)
{
	struct doca_sync_event *ev = dev_se(dpa_dev_se_handle, __func__);

	if (ev != NULL)
		sdpa_se_store(ev, value);
}

DOCA_EXPERIMENTAL void doca_dpa_dev_sync_event_wait_gt(doca_dpa_dev_sync_event_t dpa_dev_se_handle,
                                                       uint64_t value, uint64_t mask)
{
	struct doca_sync_event *ev = dev_se(dpa_dev_se_handle, __func__);
	struct sdpa_exec *ex = sdpa_exec_current();

	if (ev == NULL)
		return;
	/* The EU's 'lost' flag stops the wait, so the watchdog can unwind a stuck kernel. */
	while (!sdpa_se_wait(ev, SDPA_SE_GT, value, mask,
	                     ex != NULL && ex->eu != NULL ? &ex->eu->lost : NULL, true))
		sdpa_exec_checkpoint();
}

static struct doca_dpa_async_ops *dev_aops(doca_dpa_dev_async_ops_t h, const char *fn)
{
	struct doca_dpa_async_ops *a = (struct doca_dpa_async_ops *)(uintptr_t)h;

	if (!sdpa_handle_live(a, SDPA_H_AOPS) || a->magic != SDPA_AOPS_MAGIC || !a->started ||
	    a->comp == NULL) {
		DOCA_LOG_RATE_LIMIT_ERR(
		        "%s: handle 0x%llx is not started async ops; pass the value "
		        "of doca_dpa_async_ops_get_dpa_handle",
		        fn, (unsigned long long)h);
		return NULL;
	}
	return a;
}

/* post_* calls are thread-only (P8). True when the caller may go on. */
static bool post_allowed(const char *fn)
{
	struct sdpa_exec *ex = exec_or_null(fn);

	if (ex == NULL)
		return false;
	if (ex->kind != SDPA_EXEC_THREAD) {
		report_p8(ex, SDPA_REPORT_POST, fn,
		          "post asynchronous operations from a DPA thread attached to the "
		          "completion");
		return false;
	}
	return true;
}

static void post_wait(doca_dpa_dev_async_ops_t ops_h, doca_dpa_dev_sync_event_t se_h,
                      uint64_t value, enum sdpa_se_cmp cmp, const char *fn)
{
	struct doca_dpa_async_ops *ops;
	struct doca_sync_event *ev = dev_se(se_h, fn);
	struct sdpa_exec *ex = sdpa_exec_current();

	if (ev == NULL || !post_allowed(fn) || (ops = dev_aops(ops_h, fn)) == NULL)
		return;
	if (value > 254) {
		/* P14: an 8-bit field on the DPA; softdpa models the undefined behaviour as
		 * truncation, which is what a too-wide value written to it does. */
		if (first_report(ex, SDPA_REPORT_POST_WAIT)) {
			char who[160];

			sdpa_exec_describe(ex, who, sizeof(who));
			DOCA_LOG_ERR(
			        "P14: %s in %s with value %llu, outside the valid range 0..254; "
			        "the result is undefined on the DPA (softdpa: the value is "
			        "truncated to %llu). Keep post_wait values at most 254",
			        fn, who, (unsigned long long)value,
			        (unsigned long long)(value & 0xff));
		}
		value &= 0xff;
	}
	sdpa_se_post_wait(ev, cmp, value, ops);
}

DOCA_EXPERIMENTAL void
doca_dpa_dev_sync_event_post_wait_gt(doca_dpa_dev_async_ops_t async_ops_handle,
                                     doca_dpa_dev_sync_event_t wait_se_handle, uint64_t value)
{
	post_wait(async_ops_handle, wait_se_handle, value, SDPA_SE_GT, __func__);
}

DOCA_EXPERIMENTAL void
doca_dpa_dev_sync_event_post_wait_ne(doca_dpa_dev_async_ops_t async_ops_handle,
                                     doca_dpa_dev_sync_event_t wait_se_handle, uint64_t value)
{
	post_wait(async_ops_handle, wait_se_handle, value, SDPA_SE_NE, __func__);
}

/* ---- async memcpy ---- */

DOCA_EXPERIMENTAL void doca_dpa_dev_post_memcpy(doca_dpa_dev_async_ops_t async_ops_handle,
                                                doca_dpa_dev_mmap_t dst_mmap_handle,
                                                uint64_t dst_addr,
                                                doca_dpa_dev_mmap_t src_mmap_handle,
                                                uint64_t src_addr, size_t length,
                                                uint32_t completion_requested)
{
	struct doca_dpa_async_ops *ops;
	struct doca_mmap *dst, *src;

	sdpa_exec_checkpoint();
	if (!post_allowed(__func__) || (ops = dev_aops(async_ops_handle, __func__)) == NULL)
		return;
	dst = sdpa_mmap_lookup(dst_mmap_handle);
	src = sdpa_mmap_lookup(src_mmap_handle);
	if (dst == NULL || src == NULL || !sdpa_mmap_contains(dst, dst_addr, length) ||
	    !sdpa_mmap_contains(src, src_addr, length)) {
		DOCA_LOG_RATE_LIMIT_ERR(
		        "doca_dpa_dev_post_memcpy: %zu bytes from mmap %u @0x%llx to "
		        "mmap %u @0x%llx are outside the mmaps (or a handle is "
		        "invalid); the copy completes with an error",
		        length, src_mmap_handle, (unsigned long long)src_addr, dst_mmap_handle,
		        (unsigned long long)dst_addr);
		sdpa_completion_post(ops->comp, DOCA_DPA_DEV_COMP_SEND_ERR,
		                     (uint32_t)ops->user_data);
		return;
	}
	if (!(dst->permissions & DOCA_ACCESS_FLAG_LOCAL_READ_WRITE)) {
		DOCA_LOG_RATE_LIMIT_ERR(
		        "doca_dpa_dev_post_memcpy: destination mmap %u is read-only "
		        "(no DOCA_ACCESS_FLAG_LOCAL_READ_WRITE); the copy completes "
		        "with an error",
		        dst_mmap_handle);
		sdpa_completion_post(ops->comp, DOCA_DPA_DEV_COMP_SEND_ERR,
		                     (uint32_t)ops->user_data);
		return;
	}
	memmove((void *)(uintptr_t)dst_addr, (const void *)(uintptr_t)src_addr, length);
	if (completion_requested)
		sdpa_completion_post(ops->comp, DOCA_DPA_DEV_COMP_SEND, (uint32_t)ops->user_data);
}

DOCA_EXPERIMENTAL void doca_dpa_dev_post_buf_memcpy(doca_dpa_dev_async_ops_t async_ops_handle,
                                                    doca_dpa_dev_buf_t dst_buf_handle,
                                                    doca_dpa_dev_buf_t src_buf_handle,
                                                    uint32_t completion_requested)
{
	const struct doca_dpa_dev_buf *d =
	        (const struct doca_dpa_dev_buf *)(uintptr_t)dst_buf_handle;
	const struct doca_dpa_dev_buf *s =
	        (const struct doca_dpa_dev_buf *)(uintptr_t)src_buf_handle;

	sdpa_exec_checkpoint();
	if (d == NULL || s == NULL) {
		DOCA_LOG_RATE_LIMIT_ERR("doca_dpa_dev_post_buf_memcpy: a buffer handle is 0; pass "
		                        "buffers from doca_dpa_dev_buf_array_get_buf");
		return;
	}
	doca_dpa_dev_post_memcpy(async_ops_handle, d->mmap, d->addr, s->mmap, s->addr,
	                         (size_t)SDPA_MIN(d->len, s->len), completion_requested);
}

/* ---- intrinsics ---- */

static _Thread_local sdpa_atomic_u32 fence_word;

DOCA_EXPERIMENTAL void priv_doca_dpa_thread_fence(int space, int pred_op, int succ_op)
{
	sdpa_exec_checkpoint();
	if (space == __DPA_MMIO || space == __DPA_SYSTEM) {
		if ((pred_op & __DPA_W) != 0)
			__dpa_thread_window_writeback();
		if ((pred_op & __DPA_R) != 0 && (succ_op & __DPA_R) != 0)
			__dpa_thread_window_read_inv();
	}
	/* Heap and memory are plain host memory: a locked RMW orders them (see window.c). */
	sdpa_fetch_add_acq_rel(&fence_word, 1);
}

DOCA_EXPERIMENTAL uint64_t priv_doca_dpa_thread_time(void)
{
	sdpa_exec_checkpoint();
	return sdpa_mono_ns();
}

DOCA_EXPERIMENTAL uint64_t priv_doca_dpa_thread_cycles(void)
{
	/* 1.8 GHz, as the BlueField-3 DPA. */
	sdpa_exec_checkpoint();
	return sdpa_mono_ns() * 9 / 5;
}

DOCA_EXPERIMENTAL uint64_t priv_doca_dpa_thread_inst_ret(void)
{
	struct sdpa_exec *ex = sdpa_exec_current();

	sdpa_exec_checkpoint();
	/* No instruction counting: an estimate of one instruction per cycle. */
	(void)ex;
	return sdpa_mono_ns() * 9 / 5;
}

/* 2^v and log2(v) without libm (the library links no libm). */
static double exp2_d(double v)
{
	double r = 1.0, term = 1.0, f;
	long n = (long)v;

	if (v < (double)n)
		n--; /* floor */
	f = (v - (double)n) * 0.69314718055994530942;
	for (int i = 1; i < 30; i++) {
		term *= f / i;
		r += term;
	}
	for (; n > 0; n--)
		r *= 2.0;
	for (; n < 0; n++)
		r /= 2.0;
	return r;
}

static double log2_d(double v)
{
	double r = 0.0, bit = 0.5;

	while (v >= 2.0) {
		v /= 2.0;
		r += 1.0;
	}
	while (v < 1.0) {
		v *= 2.0;
		r -= 1.0;
	}
	for (int i = 0; i < 40; i++) {
		v *= v;
		if (v >= 2.0) {
			v /= 2.0;
			r += bit;
		}
		bit /= 2.0;
	}
	return r;
}

/* Q16.16 helpers, computed in double and rounded to nearest. */
static int32_t q16(double v)
{
	double s = v * 65536.0;

	if (s >= 2147483647.0)
		return INT32_MAX;
	if (s <= -2147483648.0)
		return INT32_MIN;
	return (int32_t)(s < 0 ? s - 0.5 : s + 0.5);
}

DOCA_EXPERIMENTAL int32_t priv_doca_dpa_fxp_rcp(int32_t x)
{
	sdpa_exec_checkpoint();
	if (x == 0)
		return INT32_MAX;
	return q16(1.0 / ((double)x / 65536.0));
}

DOCA_EXPERIMENTAL int32_t priv_doca_dpa_fxp_pow2(int32_t x)
{
	sdpa_exec_checkpoint();
	return q16(exp2_d((double)x / 65536.0));
}

DOCA_EXPERIMENTAL int32_t priv_doca_dpa_fxp_log2(uint32_t x)
{
	sdpa_exec_checkpoint();
	if (x == 0)
		return INT32_MIN;
	return q16(log2_d((double)x / 65536.0));
}
