/* SPDX-License-Identifier: BSD-3-Clause
 * DPA context: capabilities, lifecycle, app, log settings, limits, the FlexIO process
 * handle (D7) and the fatal state.
 */
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <doca_dev.h>
#include <softdpa.h>

#include "core/config.h"
#include "core/devices.h"
#include "core/log.h"
#include "core/util.h"
#include "dpa/dpa.h"
#include "core/handles.h"

SDPA_LOG_REGISTER(dpa);

enum {
	DEFAULT_HEAP_SIZE = 256u << 20, /* as NVIDIA's nvqual sample allocates */
	MAX_THREADS_PER_KERNEL = 256,
	DEFAULT_MAX_RUN_TIME_MS = 120000,
};

static sdpa_atomic_u64 max_run_time_ms = DEFAULT_MAX_RUN_TIME_MS;
static sdpa_atomic_u32 next_dpa_id = 1;

void sdpa_dpa_set_kernel_max_run_time_ms(uint64_t ms)
{
	sdpa_store_relaxed(&max_run_time_ms, ms ? ms : DEFAULT_MAX_RUN_TIME_MS);
}

uint64_t sdpa_dpa_get_kernel_max_run_time_ms(void)
{
	return sdpa_load_relaxed(&max_run_time_ms);
}

bool sdpa_dpa_valid(const struct doca_dpa *dpa)
{
	return sdpa_handle_live(dpa, SDPA_H_DPA) && dpa->magic == SDPA_DPA_MAGIC;
}

DOCA_EXPERIMENTAL void priv_doca_dpa_stub_called(const char *app, const char *kernel)
{
	DOCA_LOG_ERR(
	        "host code called '%s' of DPA app '%s' directly; it is a device function: pass "
	        "it to doca_dpa_kernel_launch_update_set/_add, doca_dpa_rpc or "
	        "doca_dpa_thread_set_func_arg instead",
	        kernel ? kernel : "?", app ? app : "?");
}

static doca_error_t check_ctx(const struct doca_dpa *dpa, const char *fn)
{
	if (!sdpa_dpa_valid(dpa)) {
		DOCA_LOG_ERR("%s: dpa is NULL or not a DPA context; pass the context from "
		             "doca_dpa_create",
		             fn);
		return DOCA_ERROR_INVALID_VALUE;
	}
	return DOCA_SUCCESS;
}

static doca_error_t check_started(const struct doca_dpa *dpa, const char *fn)
{
	doca_error_t r = check_ctx(dpa, fn);

	if (r != DOCA_SUCCESS)
		return r;
	if (!dpa->started) {
		DOCA_LOG_ERR("%s: DPA context %u is not started; call doca_dpa_start first", fn,
		             dpa->id);
		return DOCA_ERROR_BAD_STATE;
	}
	return DOCA_SUCCESS;
}

static doca_error_t check_not_started(const struct doca_dpa *dpa, const char *fn)
{
	doca_error_t r = check_ctx(dpa, fn);

	if (r != DOCA_SUCCESS)
		return r;
	if (dpa->started) {
		DOCA_LOG_ERR("%s: DPA context %u is already started; configure it before "
		             "doca_dpa_start",
		             fn, dpa->id);
		return DOCA_ERROR_BAD_STATE;
	}
	return DOCA_SUCCESS;
}

DOCA_EXPERIMENTAL doca_error_t doca_dpa_cap_is_supported(const struct doca_devinfo *devinfo)
{
	if (devinfo == NULL) {
		DOCA_LOG_ERR("doca_dpa_cap_is_supported: devinfo is NULL; pass an entry of "
		             "doca_devinfo_create_list");
		return DOCA_ERROR_INVALID_VALUE;
	}
	if (!sdpa_devinfo_has_dpa(devinfo)) {
		/* A capability query: answering no is not a misuse, so DEBUG only. */
		DOCA_LOG_DBG("doca_dpa_cap_is_supported: device is a %s, which has no DPA",
		             sdpa_dev_model_name(sdpa_devinfo_model(devinfo)));
		return DOCA_ERROR_NOT_SUPPORTED;
	}
	return DOCA_SUCCESS;
}

static struct doca_dpa *dpa_alloc(struct doca_dev *dev)
{
	struct doca_dpa *dpa = calloc(1, sizeof(*dpa));

	if (dpa == NULL || !sdpa_handle_add(dpa, SDPA_H_DPA)) {
		free(dpa);
		return NULL;
	}
	dpa->magic = SDPA_DPA_MAGIC;
	dpa->id = sdpa_fetch_add_relaxed(&next_dpa_id, 1);
	dpa->dev = dev;
	dpa->log_level = DOCA_DPA_DEV_LOG_LEVEL_INFO;
	dpa->process.magic = SDPA_PROCESS_MAGIC;
	dpa->process.dpa = dpa;
	dpa->image.memfd = -1;
	pthread_mutex_init(&dpa->log_lock, NULL);
	pthread_mutex_init(&dpa->lock, NULL);
	pthread_cond_init(&dpa->launcher_cond, NULL);
	return dpa;
}

void sdpa_dpa_park(struct doca_dpa *dpa, void *mem0, void *mem1)
{
	struct doca_dpa *root = dpa->base != NULL ? dpa->base : dpa;
	struct sdpa_parked *p = malloc(sizeof(*p));

	if (p == NULL)
		return; /* no memory to remember them: leaking beats a kernel reading freed memory
		         */
	p->mem[0] = mem0;
	p->mem[1] = mem1;
	pthread_mutex_lock(&root->lock);
	p->next = root->parked;
	root->parked = p;
	pthread_mutex_unlock(&root->lock);
}

static void dpa_free(struct doca_dpa *dpa)
{
	while (dpa->parked != NULL) {
		struct sdpa_parked *n = dpa->parked->next;

		free(dpa->parked->mem[0]);
		free(dpa->parked->mem[1]);
		free(dpa->parked);
		dpa->parked = n;
	}
	pthread_mutex_destroy(&dpa->log_lock);
	pthread_mutex_destroy(&dpa->lock);
	pthread_cond_destroy(&dpa->launcher_cond);
	free(dpa->log_path);
	free(dpa->trace_path);
	dpa->magic = 0;
	sdpa_handle_retire(dpa, free);
}

DOCA_EXPERIMENTAL doca_error_t doca_dpa_create(struct doca_dev *dev, struct doca_dpa **dpa)
{
	struct doca_devinfo *info;
	enum doca_pci_func_type type = DOCA_PCI_FUNC_TYPE_PF;

	sdpa_dpa_rdma_hooks();
	if (dev == NULL || dpa == NULL) {
		DOCA_LOG_ERR("doca_dpa_create: %s is NULL; pass an opened doca_dev and a result "
		             "pointer",
		             dev == NULL ? "dev" : "dpa");
		return DOCA_ERROR_INVALID_VALUE;
	}
	*dpa = NULL;
	info = doca_dev_as_devinfo(dev);
	if (info == NULL) {
		DOCA_LOG_ERR("doca_dpa_create: dev is not an open device; open it with "
		             "doca_dev_open");
		return DOCA_ERROR_INVALID_VALUE;
	}
	if (!sdpa_devinfo_has_dpa(info)) {
		DOCA_LOG_ERR("doca_dpa_create: device is a %s, which has no DPA; pick a device for "
		             "which doca_dpa_cap_is_supported succeeds (a BlueField-3)",
		             sdpa_dev_model_name(sdpa_devinfo_model(info)));
		return DOCA_ERROR_NOT_SUPPORTED;
	}
	if (doca_devinfo_get_pci_func_type(info, &type) == DOCA_SUCCESS &&
	    type != DOCA_PCI_FUNC_TYPE_PF) {
		DOCA_LOG_ERR("doca_dpa_create: a DPA context must be created on a PF; use "
		             "doca_dpa_device_extend for a VF/SF");
		return DOCA_ERROR_NOT_SUPPORTED;
	}
	*dpa = dpa_alloc(dev);
	if (*dpa == NULL) {
		DOCA_LOG_ERR("doca_dpa_create: out of memory allocating the context; free memory "
		             "and retry");
		return DOCA_ERROR_NO_MEMORY;
	}
	return DOCA_SUCCESS;
}

DOCA_EXPERIMENTAL doca_error_t doca_dpa_set_app(struct doca_dpa *dpa, struct doca_dpa_app *app)
{
	doca_error_t r = check_not_started(dpa, __func__);

	if (r != DOCA_SUCCESS)
		return r;
	if (app == NULL) {
		DOCA_LOG_ERR("doca_dpa_set_app: app is NULL; pass the variable named by "
		             "softdpa-dpacc --app-name");
		return DOCA_ERROR_INVALID_VALUE;
	}
	if (app->magic != SDPA_APP_MAGIC || app->abi == 0 || app->abi > SDPA_APP_ABI) {
		DOCA_LOG_ERR(
		        "doca_dpa_set_app: app is not a DPA application built by "
		        "softdpa-dpacc (bad magic or ABI %u, expected 1..%u); rebuild the kernels "
		        "with this softdpa's softdpa-dpacc",
		        app->magic == SDPA_APP_MAGIC ? app->abi : 0, SDPA_APP_ABI);
		return DOCA_ERROR_INVALID_VALUE;
	}
	if (dpa->base != NULL) {
		DOCA_LOG_ERR("doca_dpa_set_app: context %u is an extended context; set the app on "
		             "its base context",
		             dpa->id);
		return DOCA_ERROR_NOT_PERMITTED;
	}
	dpa->app = app;
	return DOCA_SUCCESS;
}

bool sdpa_app_has_attr(const struct doca_dpa_app *app, unsigned int bit)
{
	/* The blob: 16-byte header (its bytes 10..11 hold the bit bytes), then the bits. */
	enum { ATTR_HEADER = 16 };
	unsigned int nbits;

	if (app == NULL || app->abi < 2 || app->attrs == NULL || app->attrs_size < ATTR_HEADER)
		return false;
	nbits = (unsigned int)(app->attrs[10] | app->attrs[11] << 8) * 8;
	if (bit >= nbits || ATTR_HEADER + nbits / 8 > app->attrs_size)
		return false;
	return (app->attrs[ATTR_HEADER + bit / 8] >> (bit % 8) & 1) != 0;
}

DOCA_EXPERIMENTAL doca_error_t doca_dpa_get_app(struct doca_dpa *dpa, struct doca_dpa_app **app)
{
	doca_error_t r = check_ctx(dpa, __func__);

	if (r != DOCA_SUCCESS)
		return r;
	if (app == NULL) {
		DOCA_LOG_ERR("doca_dpa_get_app: app is NULL; pass a result pointer");
		return DOCA_ERROR_INVALID_VALUE;
	}
	*app = sdpa_dpa_root(dpa)->app;
	return DOCA_SUCCESS;
}

DOCA_EXPERIMENTAL doca_error_t doca_dpa_app_get_name(struct doca_dpa_app *app, char *name,
                                                     uint32_t *len)
{
	size_t n;

	if (app == NULL || name == NULL || len == NULL || app->magic != SDPA_APP_MAGIC) {
		DOCA_LOG_ERR(
		        "doca_dpa_app_get_name: NULL or invalid argument; pass an app built by "
		        "softdpa-dpacc, a buffer and its length");
		return DOCA_ERROR_INVALID_VALUE;
	}
	n = strlen(app->name) + 1;
	if (*len < n) {
		DOCA_LOG_ERR(
		        "doca_dpa_app_get_name: buffer of %u bytes is too small for '%s'; pass "
		        "at least %zu bytes",
		        *len, app->name, n);
		return DOCA_ERROR_INVALID_VALUE;
	}
	memcpy(name, app->name, n);
	*len = (uint32_t)n;
	return DOCA_SUCCESS;
}

DOCA_EXPERIMENTAL doca_error_t doca_dpa_set_log_level(struct doca_dpa *dpa,
                                                      doca_dpa_dev_log_level_t log_level)
{
	doca_error_t r = check_not_started(dpa, __func__);

	if (r != DOCA_SUCCESS)
		return r;
	if (dpa->base != NULL) {
		DOCA_LOG_ERR("doca_dpa_set_log_level: context %u is extended; set the level on its "
		             "base context",
		             dpa->id);
		return DOCA_ERROR_NOT_PERMITTED;
	}
	if (log_level < DOCA_DPA_DEV_LOG_LEVEL_DISABLE ||
	    log_level > DOCA_DPA_DEV_LOG_LEVEL_DEBUG || log_level % 10 != 0) {
		DOCA_LOG_ERR("doca_dpa_set_log_level: %d is not a doca_dpa_dev_log_level_t; use "
		             "DOCA_DPA_DEV_LOG_LEVEL_DISABLE..DEBUG",
		             (int)log_level);
		return DOCA_ERROR_INVALID_VALUE;
	}
	dpa->log_level = log_level;
	return DOCA_SUCCESS;
}

DOCA_EXPERIMENTAL doca_error_t doca_dpa_get_log_level(struct doca_dpa *dpa,
                                                      doca_dpa_dev_log_level_t *log_level)
{
	doca_error_t r = check_ctx(dpa, __func__);

	if (r != DOCA_SUCCESS)
		return r;
	if (log_level == NULL) {
		DOCA_LOG_ERR("doca_dpa_get_log_level: log_level is NULL; pass a result pointer");
		return DOCA_ERROR_INVALID_VALUE;
	}
	*log_level = sdpa_dpa_root(dpa)->log_level;
	return DOCA_SUCCESS;
}

static doca_error_t set_path(struct doca_dpa *dpa, char **slot, const char *path, const char *fn)
{
	doca_error_t r = check_not_started(dpa, fn);
	char *copy;

	if (r != DOCA_SUCCESS)
		return r;
	if (slot == NULL) /* an invalid dpa, which check_not_started already refused */
		return DOCA_ERROR_INVALID_VALUE;
	if (path == NULL || path[0] == '\0' || strlen(path) >= PATH_MAX) {
		DOCA_LOG_ERR("%s: file path is NULL, empty or longer than %d; pass a file path", fn,
		             PATH_MAX - 1);
		return DOCA_ERROR_INVALID_VALUE;
	}
	copy = strdup(path);
	if (copy == NULL) {
		DOCA_LOG_ERR("%s: out of memory; free memory and retry", fn);
		return DOCA_ERROR_NO_MEMORY;
	}
	free(*slot);
	*slot = copy;
	return DOCA_SUCCESS;
}

static doca_error_t get_path(struct doca_dpa *dpa, const char *val, char *out, uint32_t *len,
                             const char *fn)
{
	doca_error_t r = check_ctx(dpa, fn);
	size_t n;

	if (r != DOCA_SUCCESS)
		return r;
	if (out == NULL || len == NULL) {
		DOCA_LOG_ERR("%s: file_path or len is NULL; pass a buffer and its length", fn);
		return DOCA_ERROR_INVALID_VALUE;
	}
	if (val == NULL) {
		DOCA_LOG_ERR("%s: no path was set (output goes to stdout); set one with the "
		             "matching _set_path call first",
		             fn);
		return DOCA_ERROR_NOT_FOUND;
	}
	n = strlen(val) + 1;
	if (*len < n) {
		DOCA_LOG_ERR("%s: buffer of %u bytes is too small; pass at least %zu", fn, *len, n);
		return DOCA_ERROR_INVALID_VALUE;
	}
	memcpy(out, val, n);
	*len = (uint32_t)n;
	return DOCA_SUCCESS;
}

DOCA_EXPERIMENTAL doca_error_t doca_dpa_log_file_set_path(struct doca_dpa *dpa,
                                                          const char *file_path)
{
	return set_path(dpa, sdpa_dpa_valid(dpa) ? &dpa->log_path : NULL, file_path, __func__);
}

DOCA_EXPERIMENTAL doca_error_t doca_dpa_log_file_get_path(struct doca_dpa *dpa, char *file_path,
                                                          uint32_t *len)
{
	return get_path(dpa, sdpa_dpa_valid(dpa) ? dpa->log_path : NULL, file_path, len, __func__);
}

DOCA_EXPERIMENTAL doca_error_t doca_dpa_trace_file_set_path(struct doca_dpa *dpa,
                                                            const char *file_path)
{
	return set_path(dpa, sdpa_dpa_valid(dpa) ? &dpa->trace_path : NULL, file_path, __func__);
}

DOCA_EXPERIMENTAL doca_error_t doca_dpa_trace_file_get_path(struct doca_dpa *dpa, char *file_path,
                                                            uint32_t *len)
{
	return get_path(dpa, sdpa_dpa_valid(dpa) ? dpa->trace_path : NULL, file_path, len,
	                __func__);
}

DOCA_EXPERIMENTAL doca_error_t doca_dpa_start(struct doca_dpa *dpa)
{
	doca_error_t r = check_not_started(dpa, __func__);

	if (r != DOCA_SUCCESS)
		return r;
	if (dpa->app == NULL) {
		DOCA_LOG_ERR(
		        "doca_dpa_start: context %u has no app; call doca_dpa_set_app with the "
		        "softdpa-dpacc --app-name variable first",
		        dpa->id);
		return DOCA_ERROR_BAD_STATE;
	}
	if (dpa->log_path != NULL) {
		dpa->log_fp = fopen(dpa->log_path, "a");
		if (dpa->log_fp == NULL) {
			DOCA_LOG_ERR("doca_dpa_start: cannot open device log file '%s': %s; pass a "
			             "writable path to doca_dpa_log_file_set_path",
			             dpa->log_path, strerror(errno));
			return DOCA_ERROR_OPERATING_SYSTEM;
		}
	}
	/* Strict mode guards the heap's blocks with red zones (a kernel's overrun faults). */
	r = sdpa_heap_init(&dpa->heap, DEFAULT_HEAP_SIZE,
	                   sdpa_config_get()->window == SDPA_WINDOW_STRICT);
	if (r != DOCA_SUCCESS)
		goto err_log;
	r = sdpa_image_load(dpa->app, &dpa->image);
	if (r != DOCA_SUCCESS)
		goto err_heap;
	sdpa_store_relaxed(&dpa->fatal, 0);
	r = sdpa_sched_start(dpa);
	if (r != DOCA_SUCCESS)
		goto err_image;
	dpa->started = true;
	DOCA_LOG_DBG("DPA context %u started: app '%s', %u kernels, %u EUs", dpa->id,
	             dpa->app->name, dpa->image.nkernels, dpa->nr_eus);
	if (sdpa_app_has_attr(dpa->app, SDPA_ATTR_GENERATING_EMPTY_CQE))
		DOCA_LOG_DBG("DPA context %u: app '%s' asks for Generating_Empty_CQE; recorded, "
		             "nothing to do (softdpa's notifications never need it, P12)",
		             dpa->id, dpa->app->name);
	return DOCA_SUCCESS;

err_image:
	sdpa_image_unload(&dpa->image, false);
err_heap:
	sdpa_heap_fini(&dpa->heap, false);
err_log:
	if (dpa->log_fp != NULL)
		fclose(dpa->log_fp);
	dpa->log_fp = NULL;
	return r;
}

static doca_error_t check_no_users(struct doca_dpa *dpa, const char *fn, bool destroying)
{
	struct {
		sdpa_atomic_u32 *count;
		const char *what;
		const char *how;
	} users[] = {
	        {&dpa->nr_extended, "extended contexts", "doca_dpa_destroy them"},
	        {&dpa->nr_threads, "DPA threads", "doca_dpa_thread_destroy them"},
	        {&dpa->nr_completions, "completions or notification completions", "destroy them"},
	        {&dpa->nr_async_ops, "async ops", "doca_dpa_async_ops_destroy them"},
	        {&dpa->nr_tgs, "thread groups", "doca_dpa_thread_group_destroy them"},
	        {&dpa->nr_refs, "mmaps, buf arrays, sync events or hash tables",
	         "destroy them (or remove this context from them)"},
	        {&dpa->nr_provider, "DOCA Flow DPA provider contexts bound to its process",
	         "doca_flow_dpa_destroy them (provider objects go before the DPA context)"},
	};

	for (size_t i = 0; i < sizeof(users) / sizeof(users[0]); i++) {
		/* A-users pairs with the acq_rel decrement of each count by its last user. */
		uint32_t n = sdpa_load_acquire(users[i].count);

		/* Only destroy cares about objects that merely refer to the context. */
		if (!destroying &&
		    (users[i].count == &dpa->nr_refs || users[i].count == &dpa->nr_provider))
			continue;
		if (n != 0) {
			DOCA_LOG_ERR("%s: DPA context %u still has %u %s; %s first", fn, dpa->id, n,
			             users[i].what, users[i].how);
			return DOCA_ERROR_IN_USE;
		}
	}
	return DOCA_SUCCESS;
}

static void do_stop(struct doca_dpa *dpa)
{
	if (dpa->base == NULL) {
		bool clean = sdpa_sched_stop(dpa);

		/* A lost EU may still execute image code or touch the heap: leave both mapped. */
		sdpa_image_unload(&dpa->image, !clean);
		sdpa_heap_fini(&dpa->heap, !clean);
	}
	if (dpa->log_fp != NULL)
		fclose(dpa->log_fp);
	dpa->log_fp = NULL;
	dpa->started = false;
}

DOCA_EXPERIMENTAL doca_error_t doca_dpa_stop(struct doca_dpa *dpa)
{
	doca_error_t r = check_started(dpa, __func__);

	if (r != DOCA_SUCCESS)
		return r;
	r = check_no_users(dpa, __func__, false);
	if (r != DOCA_SUCCESS)
		return r;
	do_stop(dpa);
	return DOCA_SUCCESS;
}

DOCA_EXPERIMENTAL doca_error_t doca_dpa_destroy(struct doca_dpa *dpa)
{
	doca_error_t r = check_ctx(dpa, __func__);

	if (r != DOCA_SUCCESS)
		return r;
	r = check_no_users(dpa, __func__, true);
	if (r != DOCA_SUCCESS)
		return r;
	if (dpa->started)
		do_stop(dpa);
	if (dpa->base != NULL)
		sdpa_fetch_sub_acq_rel(&dpa->base->nr_extended, 1);
	dpa_free(dpa);
	return DOCA_SUCCESS;
}

DOCA_EXPERIMENTAL doca_error_t doca_dpa_device_extend(struct doca_dpa *dpa,
                                                      struct doca_dev *other_dev,
                                                      struct doca_dpa **extended_dpa)
{
	doca_error_t r = check_started(dpa, __func__);
	struct doca_dpa *ext;

	if (r != DOCA_SUCCESS)
		return r;
	if (other_dev == NULL || extended_dpa == NULL) {
		DOCA_LOG_ERR(
		        "doca_dpa_device_extend: %s is NULL; pass the VF/SF device and a result "
		        "pointer",
		        other_dev == NULL ? "other_dev" : "extended_dpa");
		return DOCA_ERROR_INVALID_VALUE;
	}
	if (dpa->base != NULL) {
		DOCA_LOG_ERR("doca_dpa_device_extend: context %u is itself extended; extend its "
		             "base context",
		             dpa->id);
		return DOCA_ERROR_NOT_PERMITTED;
	}
	ext = dpa_alloc(other_dev);
	if (ext == NULL) {
		DOCA_LOG_ERR("doca_dpa_device_extend: out of memory; free memory and retry");
		return DOCA_ERROR_NO_MEMORY;
	}
	ext->base = dpa;
	ext->app = dpa->app;
	ext->log_level = dpa->log_level;
	ext->started = true;
	sdpa_fetch_add_acq_rel(&dpa->nr_extended, 1);
	*extended_dpa = ext;
	return DOCA_SUCCESS;
}

DOCA_EXPERIMENTAL doca_error_t doca_dpa_get_dpa_handle(struct doca_dpa *dpa, doca_dpa_dev_t *handle)
{
	doca_error_t r = check_started(dpa, __func__);

	if (r != DOCA_SUCCESS)
		return r;
	if (handle == NULL) {
		DOCA_LOG_ERR("doca_dpa_get_dpa_handle: handle is NULL; pass a result pointer");
		return DOCA_ERROR_INVALID_VALUE;
	}
	*handle = (doca_dpa_dev_t)(uintptr_t)dpa;
	return DOCA_SUCCESS;
}

static doca_error_t query(const struct doca_dpa *dpa, const void *out, const char *fn)
{
	doca_error_t r = check_ctx(dpa, fn);

	if (r != DOCA_SUCCESS)
		return r;
	if (out == NULL) {
		DOCA_LOG_ERR("%s: result pointer is NULL; pass where to store the value", fn);
		return DOCA_ERROR_INVALID_VALUE;
	}
	return DOCA_SUCCESS;
}

DOCA_EXPERIMENTAL doca_error_t doca_dpa_get_uar_id(const struct doca_dpa *dpa, uint32_t *uar_id)
{
	doca_error_t r = query(dpa, uar_id, __func__);

	if (r == DOCA_SUCCESS)
		*uar_id = dpa->id;
	return r;
}

DOCA_EXPERIMENTAL doca_error_t doca_dpa_get_max_threads_per_kernel(const struct doca_dpa *dpa,
                                                                   unsigned int *value)
{
	doca_error_t r = query(dpa, value, __func__);

	if (r == DOCA_SUCCESS)
		*value = MAX_THREADS_PER_KERNEL;
	return r;
}

DOCA_EXPERIMENTAL doca_error_t doca_dpa_get_kernel_max_run_time(const struct doca_dpa *dpa,
                                                                unsigned long long *value)
{
	doca_error_t r = query(dpa, value, __func__);

	if (r == DOCA_SUCCESS)
		*value = (sdpa_dpa_get_kernel_max_run_time_ms() + 999) / 1000;
	return r;
}

DOCA_EXPERIMENTAL doca_error_t doca_dpa_get_core_num(const struct doca_dpa *dpa,
                                                     unsigned int *value)
{
	doca_error_t r = query(dpa, value, __func__);

	if (r == DOCA_SUCCESS)
		*value = SDPA_DPA_CORES;
	return r;
}

DOCA_EXPERIMENTAL doca_error_t doca_dpa_get_num_eus_per_core(const struct doca_dpa *dpa,
                                                             unsigned int *value)
{
	doca_error_t r = query(dpa, value, __func__);

	if (r == DOCA_SUCCESS)
		*value = SDPA_DPA_EUS_PER_CORE;
	return r;
}

DOCA_EXPERIMENTAL doca_error_t doca_dpa_get_total_num_eus_available(const struct doca_dpa *dpa,
                                                                    unsigned int *value)
{
	doca_error_t r = query(dpa, value, __func__);

	if (r == DOCA_SUCCESS)
		*value = SDPA_DPA_TOTAL_EUS;
	return r;
}

void sdpa_dpa_set_fatal(struct doca_dpa *dpa, doca_error_t err, const char *msg)
{
	int expected = 0;

	pthread_mutex_lock(&dpa->lock);
	if (sdpa_cas_acq_rel(&dpa->fatal, &expected, (int)err)) {
		snprintf(dpa->fatal_msg, sizeof(dpa->fatal_msg), "%s", msg);
		sdpa_sched_release_events_locked(dpa);
	}
	pthread_mutex_unlock(&dpa->lock);
}

DOCA_EXPERIMENTAL doca_error_t doca_dpa_peek_at_last_error(const struct doca_dpa *dpa)
{
	doca_error_t r = check_ctx(dpa, __func__);
	const struct doca_dpa *root;

	if (r != DOCA_SUCCESS)
		return r;
	root = dpa->base ? dpa->base : dpa;
	/* A1 pairs with the CAS in sdpa_dpa_set_fatal (acq_rel). */
	if (sdpa_load_acquire(&((struct doca_dpa *)root)->fatal) != 0)
		return DOCA_ERROR_BAD_STATE;
	return DOCA_SUCCESS;
}

struct doca_dpa *sdpa_flexio_process_dpa(struct flexio_process *process)
{
	/* The process lives inside its context: check the context is live before reading. */
	struct doca_dpa *owner =
	        process != NULL ? sdpa_container_of(process, struct doca_dpa, process) : NULL;

	if (owner == NULL || !sdpa_dpa_valid(owner) || process->magic != SDPA_PROCESS_MAGIC ||
	    process->dpa != owner || !owner->started)
		return NULL;
	return owner;
}

void sdpa_dpa_provider_hold(struct doca_dpa *dpa)
{
	sdpa_fetch_add_acq_rel(&dpa->nr_provider, 1);
}

void sdpa_dpa_provider_release(struct doca_dpa *dpa)
{
	sdpa_fetch_sub_acq_rel(&dpa->nr_provider, 1);
}

DOCA_EXPERIMENTAL doca_error_t softdpa_dpa_get_flexio_process(struct doca_dpa *dpa,
                                                              struct flexio_process **process)
{
	doca_error_t r = check_started(dpa, __func__);

	if (r != DOCA_SUCCESS)
		return r;
	if (process == NULL) {
		DOCA_LOG_ERR("softdpa_dpa_get_flexio_process: process is NULL; pass a result "
		             "pointer");
		return DOCA_ERROR_INVALID_VALUE;
	}
	*process = &sdpa_dpa_root(dpa)->process;
	return DOCA_SUCCESS;
}
