/* SPDX-License-Identifier: BSD-3-Clause
 * Host API of the emulated DPA: every documented error returns its exact doca_error_t and
 * logs one line with the cause and the fix; limits and queries return exact values.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <doca_buf_array.h>
#include <doca_dpa.h>
#include <doca_mmap.h>
#include <doca_sync_event.h>
#include <softdpa.h>

#include "core/config.h"
#include "core/devices.h"
#include "dpa/dpa.h"
#include "dpa_t.h"

extern struct doca_dpa_app *dpa_test_app;
extern doca_dpa_func_t hello_kernel, rpc_combine, counting_thread;

/* The call returns 'code' and the latest problem record contains the substrings. */
#define EXPECT(call, code, ...)                                                                    \
	do {                                                                                       \
		t_log_reset();                                                                     \
		assert_int_equal((call), (code));                                                  \
		assert_true(t_log_problems() >= 1);                                                \
		t_assert_logged(__VA_ARGS__);                                                      \
	} while (0)

struct fx {
	struct doca_dev *dev;
	struct doca_dpa *dpa; /* started */
};

static int setup(void **state)
{
	struct fx *f = calloc(1, sizeof(*f));

	f->dev = dpa_t_open_dev();
	f->dpa = dpa_t_start(f->dev, dpa_test_app);
	*state = f;
	return 0;
}

static int teardown(void **state)
{
	struct fx *f = *state;

	assert_int_equal(doca_dpa_destroy(f->dpa), DOCA_SUCCESS);
	assert_int_equal(doca_dev_close(f->dev), DOCA_SUCCESS);
	free(f);
	return 0;
}

static void test_context_lifecycle_errors(void **state)
{
	struct fx *f = *state;
	struct doca_dpa *d, *ext, *ext2;
	struct doca_dpa_app *app = NULL;
	struct doca_dpa_app fake = {.magic = 0x1234};
	doca_dpa_dev_t h;
	char name[64];
	uint32_t len = sizeof(name);

	EXPECT(doca_dpa_cap_is_supported(NULL), DOCA_ERROR_INVALID_VALUE, "devinfo is NULL");
	EXPECT(doca_dpa_create(NULL, &d), DOCA_ERROR_INVALID_VALUE, "dev is NULL");
	EXPECT(doca_dpa_create(f->dev, NULL), DOCA_ERROR_INVALID_VALUE, "dpa is NULL");
	assert_int_equal(doca_dpa_create(f->dev, &d), DOCA_SUCCESS);
	EXPECT(doca_dpa_start(d), DOCA_ERROR_BAD_STATE, "has no app", "doca_dpa_set_app");
	EXPECT(doca_dpa_set_app(NULL, dpa_test_app), DOCA_ERROR_INVALID_VALUE, "not a DPA context");
	EXPECT(doca_dpa_set_app(d, NULL), DOCA_ERROR_INVALID_VALUE, "app is NULL", "--app-name");
	EXPECT(doca_dpa_set_app(d, &fake), DOCA_ERROR_INVALID_VALUE, "not a DPA application",
	       "rebuild");
	EXPECT(doca_dpa_get_dpa_handle(d, &h), DOCA_ERROR_BAD_STATE, "not started",
	       "doca_dpa_start");
	EXPECT(doca_dpa_stop(d), DOCA_ERROR_BAD_STATE, "not started");
	EXPECT(doca_dpa_set_log_level(d, (doca_dpa_dev_log_level_t)45), DOCA_ERROR_INVALID_VALUE,
	       "45 is not a doca_dpa_dev_log_level_t");
	EXPECT(doca_dpa_log_file_set_path(d, NULL), DOCA_ERROR_INVALID_VALUE, "file path is NULL");
	EXPECT(doca_dpa_log_file_get_path(d, name, &len), DOCA_ERROR_NOT_FOUND, "no path was set");
	assert_int_equal(doca_dpa_log_file_set_path(d, "/tmp/softdpa-x.log"), DOCA_SUCCESS);
	len = 4;
	EXPECT(doca_dpa_log_file_get_path(d, name, &len), DOCA_ERROR_INVALID_VALUE, "too small");
	len = sizeof(name);
	assert_int_equal(doca_dpa_log_file_get_path(d, name, &len), DOCA_SUCCESS);
	assert_string_equal(name, "/tmp/softdpa-x.log");
	assert_int_equal(len, strlen("/tmp/softdpa-x.log") + 1);
	assert_int_equal(doca_dpa_set_app(d, dpa_test_app), DOCA_SUCCESS);
	assert_int_equal(doca_dpa_get_app(d, &app), DOCA_SUCCESS);
	assert_ptr_equal(app, dpa_test_app);
	len = 3;
	EXPECT(doca_dpa_app_get_name(app, name, &len), DOCA_ERROR_INVALID_VALUE, "too small");
	len = sizeof(name);
	assert_int_equal(doca_dpa_app_get_name(app, name, &len), DOCA_SUCCESS);
	assert_string_equal(name, "dpa_test_app");
	assert_int_equal(len, 13);
	assert_int_equal(doca_dpa_start(d), DOCA_SUCCESS);
	remove("/tmp/softdpa-x.log");
	EXPECT(doca_dpa_start(d), DOCA_ERROR_BAD_STATE, "already started");
	EXPECT(doca_dpa_set_app(d, dpa_test_app), DOCA_ERROR_BAD_STATE, "already started");
	EXPECT(doca_dpa_set_log_level(d, DOCA_DPA_DEV_LOG_LEVEL_DEBUG), DOCA_ERROR_BAD_STATE,
	       "already started");
	EXPECT(doca_dpa_log_file_set_path(d, "/tmp/y"), DOCA_ERROR_BAD_STATE, "already started");

	/* Extended contexts. */
	EXPECT(doca_dpa_device_extend(d, NULL, &ext), DOCA_ERROR_INVALID_VALUE,
	       "other_dev is NULL");
	assert_int_equal(doca_dpa_device_extend(d, f->dev, &ext), DOCA_SUCCESS);
	assert_int_equal(doca_dpa_get_dpa_handle(ext, &h), DOCA_SUCCESS); /* already started */
	EXPECT(doca_dpa_device_extend(ext, f->dev, &ext2), DOCA_ERROR_NOT_PERMITTED,
	       "is itself extended");
	EXPECT(doca_dpa_stop(d), DOCA_ERROR_IN_USE, "1 extended contexts", "destroy");
	EXPECT(doca_dpa_destroy(d), DOCA_ERROR_IN_USE, "extended contexts");
	assert_int_equal(doca_dpa_destroy(ext), DOCA_SUCCESS);
	assert_int_equal(doca_dpa_stop(d), DOCA_SUCCESS);
	EXPECT(doca_dpa_device_extend(d, f->dev, &ext), DOCA_ERROR_BAD_STATE, "not started");
	assert_int_equal(doca_dpa_destroy(d), DOCA_SUCCESS);
	EXPECT(doca_dpa_destroy(NULL), DOCA_ERROR_INVALID_VALUE, "not a DPA context");
}

static void test_extended_log_level_not_permitted(void **state)
{
	struct fx *f = *state;
	struct doca_dpa *ext;

	assert_int_equal(doca_dpa_device_extend(f->dpa, f->dev, &ext), DOCA_SUCCESS);
	/* started: BAD_STATE wins; the extended rule is checked on a stopped extended ctx */
	EXPECT(doca_dpa_set_log_level(ext, DOCA_DPA_DEV_LOG_LEVEL_INFO), DOCA_ERROR_BAD_STATE,
	       "already started");
	ext->started = false;
	EXPECT(doca_dpa_set_log_level(ext, DOCA_DPA_DEV_LOG_LEVEL_INFO), DOCA_ERROR_NOT_PERMITTED,
	       "extended");
	EXPECT(doca_dpa_set_app(ext, dpa_test_app), DOCA_ERROR_NOT_PERMITTED, "extended context");
	ext->started = true;
	assert_int_equal(doca_dpa_destroy(ext), DOCA_SUCCESS);
}

static void test_no_dpa_device(void **state)
{
	struct doca_devinfo **list;
	struct doca_dev *cx6 = NULL;
	struct doca_dpa *d;
	uint32_t n;

	(void)state;
	setenv("SOFTDPA_DEVICES", "model=bf3;model=cx6", 1);
	sdpa_config_reload();
	sdpa_devices_reload();
	assert_int_equal(doca_devinfo_create_list(&list, &n), DOCA_SUCCESS);
	assert_int_equal(n, 2);
	assert_int_equal(doca_dpa_cap_is_supported(list[0]), DOCA_SUCCESS);
	assert_int_equal(doca_dpa_cap_is_supported(list[1]), DOCA_ERROR_NOT_SUPPORTED);
	assert_int_equal(doca_dev_open(list[1], &cx6), DOCA_SUCCESS);
	EXPECT(doca_dpa_create(cx6, &d), DOCA_ERROR_NOT_SUPPORTED, "has no DPA", "BlueField-3");
	assert_int_equal(doca_dev_close(cx6), DOCA_SUCCESS);
	assert_int_equal(doca_devinfo_destroy_list(list), DOCA_SUCCESS);
	unsetenv("SOFTDPA_DEVICES");
	sdpa_config_reload();
	sdpa_devices_reload();
}

static void test_queries(void **state)
{
	struct fx *f = *state;
	unsigned int v = 0;
	unsigned long long s = 0;
	uint32_t uar;

	assert_int_equal(doca_dpa_get_core_num(f->dpa, &v), DOCA_SUCCESS);
	assert_int_equal(v, 16);
	assert_int_equal(doca_dpa_get_num_eus_per_core(f->dpa, &v), DOCA_SUCCESS);
	assert_int_equal(v, 16);
	assert_int_equal(doca_dpa_get_total_num_eus_available(f->dpa, &v), DOCA_SUCCESS);
	assert_int_equal(v, 256);
	assert_int_equal(doca_dpa_get_max_threads_per_kernel(f->dpa, &v), DOCA_SUCCESS);
	assert_int_equal(v, 256);
	assert_int_equal(doca_dpa_get_kernel_max_run_time(f->dpa, &s), DOCA_SUCCESS);
	assert_int_equal(s, 120);
	sdpa_dpa_set_kernel_max_run_time_ms(1500);
	assert_int_equal(doca_dpa_get_kernel_max_run_time(f->dpa, &s), DOCA_SUCCESS);
	assert_int_equal(s, 2);                 /* rounded up to whole seconds */
	sdpa_dpa_set_kernel_max_run_time_ms(0); /* back to the default */
	assert_int_equal(doca_dpa_get_uar_id(f->dpa, &uar), DOCA_SUCCESS);
	assert_int_equal(doca_dpa_peek_at_last_error(f->dpa), DOCA_SUCCESS);
	EXPECT(doca_dpa_get_core_num(f->dpa, NULL), DOCA_ERROR_INVALID_VALUE,
	       "result pointer is NULL");
	EXPECT(doca_dpa_get_kernel_max_run_time(NULL, &s), DOCA_ERROR_INVALID_VALUE,
	       "not a DPA context");
	EXPECT(doca_dpa_peek_at_last_error(NULL), DOCA_ERROR_INVALID_VALUE, "not a DPA context");
}

static void host_function(void)
{
}

static void test_launch_and_rpc_errors(void **state)
{
	struct fx *f = *state;
	struct doca_dpa *stopped;
	struct doca_sync_event *ev, *idle;
	uint64_t ret;

	assert_int_equal(doca_dpa_create(f->dev, &stopped), DOCA_SUCCESS);
	EXPECT(doca_dpa_kernel_launch_update_set(stopped, NULL, 0, NULL, 0, 1, &hello_kernel, 0ull),
	       DOCA_ERROR_BAD_STATE, "not started");
	EXPECT(doca_dpa_rpc(stopped, &rpc_combine, &ret, 1ull, 2u, 3, 4.0), DOCA_ERROR_BAD_STATE,
	       "not started");
	assert_int_equal(doca_dpa_destroy(stopped), DOCA_SUCCESS);
	EXPECT(doca_dpa_kernel_launch_update_set(NULL, NULL, 0, NULL, 0, 1, &hello_kernel, 0ull),
	       DOCA_ERROR_INVALID_VALUE, "not a DPA context");
	EXPECT(doca_dpa_kernel_launch_update_set(f->dpa, NULL, 0, NULL, 0, 1, NULL),
	       DOCA_ERROR_INVALID_VALUE, "func is NULL");
	EXPECT(doca_dpa_kernel_launch_update_set(f->dpa, NULL, 0, NULL, 0, 0, &hello_kernel, 0ull),
	       DOCA_ERROR_INVALID_VALUE, "num_threads 0");
	EXPECT(doca_dpa_kernel_launch_update_add(f->dpa, NULL, 0, NULL, 0, 257, &hello_kernel,
	                                         0ull),
	       DOCA_ERROR_INVALID_VALUE, "num_threads 257", "1..256");
	EXPECT(doca_dpa_kernel_launch_update_set(f->dpa, NULL, 0, NULL, 0, 1, &host_function),
	       DOCA_ERROR_INVALID_VALUE, "is not a kernel of app 'dpa_test_app'");
	EXPECT(doca_dpa_kernel_launch_update_set(f->dpa, NULL, 0, NULL, 0, 1, &rpc_combine, 1ull),
	       DOCA_ERROR_INVALID_VALUE, "'rpc_combine' is a __dpa_rpc__", "doca_dpa_rpc");
	EXPECT(doca_dpa_rpc(f->dpa, &hello_kernel, &ret, 0ull), DOCA_ERROR_INVALID_VALUE,
	       "'hello_kernel' is a __dpa_global__", "launch it");
	EXPECT(doca_dpa_rpc(f->dpa, &rpc_combine, NULL), DOCA_ERROR_INVALID_VALUE,
	       "retval is NULL");
	EXPECT(doca_dpa_rpc(f->dpa, &host_function, &ret), DOCA_ERROR_INVALID_VALUE,
	       "not a function of app");
	/* Events must be started. */
	assert_int_equal(doca_sync_event_create(&idle), DOCA_SUCCESS);
	EXPECT(doca_dpa_kernel_launch_update_set(f->dpa, idle, 0, NULL, 0, 1, &hello_kernel, 0ull),
	       DOCA_ERROR_BAD_STATE, "wait_event is not started");
	EXPECT(doca_dpa_kernel_launch_update_set(f->dpa, NULL, 0, idle, 1, 1, &hello_kernel, 0ull),
	       DOCA_ERROR_BAD_STATE, "comp_event is not started");
	assert_int_equal(doca_sync_event_destroy(idle), DOCA_SUCCESS);
	/* A pending launch holds its wait event: destroy answers IN_USE until stop. */
	ev = dpa_t_event(f->dev, f->dpa, 1);
	assert_int_equal(
	        doca_dpa_kernel_launch_update_set(f->dpa, ev, 5, NULL, 0, 1, &hello_kernel, 0ull),
	        DOCA_SUCCESS);
	EXPECT(doca_sync_event_destroy(ev), DOCA_ERROR_IN_USE, "pending kernel launch");
	EXPECT(doca_dpa_destroy(f->dpa), DOCA_ERROR_IN_USE, "sync events");
	EXPECT(doca_dpa_stop(f->dpa), DOCA_SUCCESS, "never completed", "wait for their completion");
	assert_int_equal(doca_sync_event_destroy(ev), DOCA_SUCCESS);
	assert_int_equal(doca_dpa_start(f->dpa), DOCA_SUCCESS);
	/* Calling a host stub directly is reported, not run. */
	t_log_reset();
	hello_kernel();
	t_assert_logged("called 'hello_kernel' of DPA app 'dpa_test_app' directly",
	                "doca_dpa_kernel_launch_update_set");
}

static void test_heap_errors(void **state)
{
	struct fx *f = *state;
	struct doca_dpa *stopped;
	doca_dpa_dev_uintptr_t p = 123, q;
	uint8_t buf[128];

	assert_int_equal(doca_dpa_create(f->dev, &stopped), DOCA_SUCCESS);
	EXPECT(doca_dpa_mem_alloc(stopped, 64, &p), DOCA_ERROR_BAD_STATE, "not started");
	assert_int_equal(p, 0);
	assert_int_equal(doca_dpa_destroy(stopped), DOCA_SUCCESS);
	p = 5;
	EXPECT(doca_dpa_mem_alloc(f->dpa, 0, &p), DOCA_ERROR_INVALID_VALUE, "size is 0");
	assert_int_equal(p, 0);
	EXPECT(doca_dpa_mem_alloc(f->dpa, 64, NULL), DOCA_ERROR_INVALID_VALUE, "dev_ptr is NULL");
	EXPECT(doca_dpa_mem_alloc(f->dpa, (size_t)1 << 40, &p), DOCA_ERROR_NO_MEMORY, "exceed");
	assert_int_equal(doca_dpa_mem_alloc(f->dpa, 100, &p), DOCA_SUCCESS);
	assert_int_equal(p % 64, 0);
	assert_int_equal(doca_dpa_mem_alloc(f->dpa, 1, &q), DOCA_SUCCESS);
	assert_int_equal(q, p + 128); /* 64-byte granules */
	EXPECT(doca_dpa_h2d_memcpy(f->dpa, p + 50, buf, 51), DOCA_ERROR_INVALID_VALUE,
	       "is not inside one live doca_dpa_mem_alloc block");
	EXPECT(doca_dpa_d2h_memcpy(f->dpa, buf, p - 1, 4), DOCA_ERROR_INVALID_VALUE, "not inside");
	EXPECT(doca_dpa_d2h_memcpy(f->dpa, NULL, p, 4), DOCA_ERROR_INVALID_VALUE,
	       "host pointer is NULL");
	EXPECT(doca_dpa_memset(f->dpa, p, 0, 101), DOCA_ERROR_INVALID_VALUE, "not inside");
	assert_int_equal(doca_dpa_memset(f->dpa, p, 0, 100), DOCA_SUCCESS);
	EXPECT(doca_dpa_mem_free(f->dpa, p + 8), DOCA_ERROR_INVALID_VALUE,
	       "not the start of a live");
	assert_int_equal(doca_dpa_mem_free(f->dpa, p), DOCA_SUCCESS);
	EXPECT(doca_dpa_mem_free(f->dpa, p), DOCA_ERROR_INVALID_VALUE, "freed twice");
	EXPECT(doca_dpa_h2d_memcpy(f->dpa, p, buf, 4), DOCA_ERROR_INVALID_VALUE, "not inside");
	assert_int_equal(doca_dpa_mem_free(f->dpa, q), DOCA_SUCCESS);
	EXPECT(doca_dpa_h2d_buf_memcpy(f->dpa, p, NULL, 4), DOCA_ERROR_NOT_SUPPORTED,
	       "doca_dpa_h2d_buf_memcpy is not supported");
	EXPECT(doca_dpa_d2h_buf_memcpy(f->dpa, NULL, p, 4), DOCA_ERROR_NOT_SUPPORTED,
	       "doca_dpa_d2h_buf_memcpy is not supported");
}

static void test_thread_errors(void **state)
{
	struct fx *f = *state;
	struct doca_dpa_thread *t;
	struct doca_dpa_eu_affinity *aff;
	struct doca_dpa_tg *tg;
	struct doca_dpa_completion *c;
	struct doca_dpa_async_ops *ops;
	struct doca_dpa_notification_completion *nc;
	doca_dpa_dev_completion_t ch;
	doca_dpa_dev_async_ops_t oh;
	doca_dpa_dev_notification_completion_t nh;
	doca_dpa_func_t *fn;
	unsigned int v, eu;
	uint64_t arg;
	uint32_t id;

	EXPECT(doca_dpa_thread_create(f->dpa, NULL), DOCA_ERROR_INVALID_VALUE, "thread is NULL");
	assert_int_equal(doca_dpa_thread_create(f->dpa, &t), DOCA_SUCCESS);
	assert_int_equal(doca_dpa_thread_get_id(t, &id), DOCA_SUCCESS);
	assert_true(id >= 1);
	EXPECT(doca_dpa_thread_start(t), DOCA_ERROR_BAD_STATE, "has no function");
	EXPECT(doca_dpa_thread_run(t), DOCA_ERROR_BAD_STATE, "is not started");
	EXPECT(doca_dpa_thread_set_func_arg(t, NULL, 0), DOCA_ERROR_INVALID_VALUE, "func is NULL");
	EXPECT(doca_dpa_thread_set_func_arg(t, &rpc_combine, 0), DOCA_ERROR_INVALID_VALUE,
	       "__dpa_rpc__");
	EXPECT(doca_dpa_thread_set_func_arg(t, &host_function, 0), DOCA_ERROR_INVALID_VALUE,
	       "not a kernel");
	EXPECT(doca_dpa_thread_set_local_storage(t, 0x1000), DOCA_ERROR_INVALID_VALUE,
	       "not inside a DPA heap allocation");
	assert_int_equal(doca_dpa_thread_set_func_arg(t, &counting_thread, 77), DOCA_SUCCESS);
	assert_int_equal(doca_dpa_thread_get_func_arg(t, &fn, &arg), DOCA_SUCCESS);
	assert_ptr_equal(fn, &counting_thread);
	assert_int_equal(arg, 77);

	assert_int_equal(doca_dpa_eu_affinity_create(f->dpa, &aff), DOCA_SUCCESS);
	EXPECT(doca_dpa_eu_affinity_get(aff, &eu), DOCA_ERROR_NOT_FOUND, "no EU is set");
	EXPECT(doca_dpa_eu_affinity_set(aff, 256), DOCA_ERROR_INVALID_VALUE,
	       "EU 256 does not exist");
	assert_int_equal(doca_dpa_eu_affinity_set(aff, 3), DOCA_SUCCESS);
	assert_int_equal(doca_dpa_eu_affinity_get(aff, &eu), DOCA_SUCCESS);
	assert_int_equal(eu, 3);
	assert_int_equal(doca_dpa_thread_set_affinity(t, aff), DOCA_SUCCESS);

	assert_int_equal(doca_dpa_thread_start(t), DOCA_SUCCESS);
	EXPECT(doca_dpa_thread_set_func_arg(t, &counting_thread, 1), DOCA_ERROR_BAD_STATE,
	       "already started");
	EXPECT(doca_dpa_thread_set_affinity(t, aff), DOCA_ERROR_BAD_STATE, "already started");
	EXPECT(doca_dpa_thread_run(t), DOCA_ERROR_BAD_STATE,
	       "has no completion or notification completion attached");

	/* Completions. */
	EXPECT(doca_dpa_completion_create(f->dpa, 0, &c), DOCA_ERROR_INVALID_VALUE, "queue_size");
	assert_int_equal(doca_dpa_completion_create(f->dpa, 3, &c), DOCA_SUCCESS);
	assert_int_equal(doca_dpa_completion_get_queue_size(c, &v), DOCA_SUCCESS);
	assert_int_equal(v, 4);
	EXPECT(doca_dpa_completion_get_dpa_handle(c, &ch), DOCA_ERROR_BAD_STATE, "not started");
	assert_int_equal(doca_dpa_completion_start(c), DOCA_SUCCESS);
	EXPECT(doca_dpa_completion_set_thread(c, t), DOCA_ERROR_BAD_STATE, "completion is started");
	EXPECT(doca_dpa_completion_start(c), DOCA_ERROR_BAD_STATE, "already started");
	assert_int_equal(doca_dpa_completion_stop(c), DOCA_SUCCESS);
	EXPECT(doca_dpa_completion_stop(c), DOCA_ERROR_BAD_STATE, "not started");

	/* Async ops. */
	EXPECT(doca_dpa_async_ops_create(f->dpa, 0, 5, &ops), DOCA_ERROR_INVALID_VALUE,
	       "queue_size is outside 1..2^24");
	/* Above 2^31 a power-of-two round-up would shift by 32 (UBSan). */
	EXPECT(doca_dpa_async_ops_create(f->dpa, UINT32_MAX, 5, &ops), DOCA_ERROR_INVALID_VALUE,
	       "queue_size is outside 1..2^24");
	EXPECT(doca_dpa_async_ops_create(f->dpa, 4, 1u << 24, &ops), DOCA_ERROR_INVALID_VALUE,
	       "needs more than 24 bits");
	assert_int_equal(doca_dpa_async_ops_create(f->dpa, 4, 5, &ops), DOCA_SUCCESS);
	EXPECT(doca_dpa_async_ops_start(ops), DOCA_ERROR_BAD_STATE, "no completion attached");
	EXPECT(doca_dpa_async_ops_get_dpa_handle(ops, &oh), DOCA_ERROR_BAD_STATE, "not started");
	assert_int_equal(doca_dpa_async_ops_attach(ops, c), DOCA_SUCCESS);
	assert_int_equal(doca_dpa_async_ops_start(ops), DOCA_SUCCESS);
	EXPECT(doca_dpa_async_ops_attach(ops, c), DOCA_ERROR_BAD_STATE, "async ops are started");
	assert_int_equal(doca_dpa_async_ops_destroy(ops), DOCA_SUCCESS);

	/* Notification completion: handle only once started; then the thread runs. */
	assert_int_equal(doca_dpa_notification_completion_create(f->dpa, t, &nc), DOCA_SUCCESS);
	EXPECT(doca_dpa_notification_completion_get_dpa_handle(nc, &nh), DOCA_ERROR_BAD_STATE,
	       "not started");
	assert_int_equal(doca_dpa_thread_run(t), DOCA_SUCCESS);
	EXPECT(doca_dpa_thread_run(t), DOCA_ERROR_BAD_STATE, "already runs");
	EXPECT(doca_dpa_thread_destroy(t), DOCA_ERROR_IN_USE, "still attached");
	assert_int_equal(doca_dpa_notification_completion_destroy(nc), DOCA_SUCCESS);

	/* Thread groups. */
	EXPECT(doca_dpa_thread_group_create(f->dpa, 0, &tg), DOCA_ERROR_INVALID_VALUE,
	       "num_threads");
	assert_int_equal(doca_dpa_thread_group_create(f->dpa, 2, &tg), DOCA_SUCCESS);
	assert_int_equal(doca_dpa_thread_group_get_num_threads(tg, &v), DOCA_SUCCESS);
	assert_int_equal(v, 2);
	EXPECT(doca_dpa_thread_group_set_thread(tg, t, 2), DOCA_ERROR_INVALID_VALUE,
	       "rank 2 is outside");
	assert_int_equal(doca_dpa_thread_group_set_thread(tg, t, 1), DOCA_SUCCESS);
	EXPECT(doca_dpa_thread_group_start(tg), DOCA_ERROR_BAD_STATE, "rank 0 has no thread");
	EXPECT(doca_dpa_thread_destroy(t), DOCA_ERROR_IN_USE, "thread group");
	EXPECT(doca_dpa_stop(f->dpa), DOCA_ERROR_IN_USE, "DPA threads");
	assert_int_equal(doca_dpa_thread_group_destroy(tg), DOCA_SUCCESS);
	assert_int_equal(doca_dpa_completion_destroy(c), DOCA_SUCCESS);
	assert_int_equal(doca_dpa_thread_destroy(t), DOCA_SUCCESS);
	assert_int_equal(doca_dpa_eu_affinity_destroy(aff), DOCA_SUCCESS);
	EXPECT(doca_dpa_thread_get_id(NULL, &id), DOCA_ERROR_INVALID_VALUE, "not a DPA thread");
}

/* What points at what outlives it: a thread stays attached while any completion or
 * notification completion still refers to it, and a completion while async ops would post
 * into it (each destroy in the wrong order would leave a dangling pointer behind). */
static void test_attachment_lifetimes(void **state)
{
	struct fx *f = *state;
	struct doca_dpa_thread *t;
	struct doca_dpa_completion *c, *c2;
	struct doca_dpa_notification_completion *nc;
	struct doca_dpa_async_ops *ops;

	assert_int_equal(doca_dpa_thread_create(f->dpa, &t), DOCA_SUCCESS);
	assert_int_equal(doca_dpa_thread_set_func_arg(t, &counting_thread, 1), DOCA_SUCCESS);
	assert_int_equal(doca_dpa_completion_create(f->dpa, 4, &c), DOCA_SUCCESS);
	assert_int_equal(doca_dpa_completion_set_thread(c, t), DOCA_SUCCESS);
	assert_int_equal(doca_dpa_notification_completion_create(f->dpa, t, &nc), DOCA_SUCCESS);
	/* Two attachments; dropping one leaves the other. */
	assert_int_equal(doca_dpa_notification_completion_destroy(nc), DOCA_SUCCESS);
	EXPECT(doca_dpa_thread_destroy(t), DOCA_ERROR_IN_USE, "still attached");

	assert_int_equal(doca_dpa_completion_create(f->dpa, 4, &c2), DOCA_SUCCESS);
	assert_int_equal(doca_dpa_async_ops_create(f->dpa, 4, 5, &ops), DOCA_SUCCESS);
	assert_int_equal(doca_dpa_async_ops_attach(ops, c2), DOCA_SUCCESS);
	EXPECT(doca_dpa_completion_destroy(c2), DOCA_ERROR_IN_USE, "1 async ops are attached");
	/* Re-attaching moves the reference: c2 is free, c is held. */
	assert_int_equal(doca_dpa_async_ops_attach(ops, c), DOCA_SUCCESS);
	assert_int_equal(doca_dpa_completion_destroy(c2), DOCA_SUCCESS);
	EXPECT(doca_dpa_completion_destroy(c), DOCA_ERROR_IN_USE, "async ops are attached");
	assert_int_equal(doca_dpa_async_ops_destroy(ops), DOCA_SUCCESS);
	assert_int_equal(doca_dpa_completion_destroy(c), DOCA_SUCCESS);
	assert_int_equal(doca_dpa_thread_destroy(t), DOCA_SUCCESS);
}

static void test_sync_event_errors(void **state)
{
	struct fx *f = *state;
	struct doca_sync_event *ev;
	struct doca_dpa *other;
	doca_dpa_dev_sync_event_t h;
	uint64_t v, fetched = 0;

	EXPECT(doca_sync_event_create(NULL), DOCA_ERROR_INVALID_VALUE, "event is NULL");
	assert_int_equal(doca_sync_event_create(&ev), DOCA_SUCCESS);
	EXPECT(doca_sync_event_start(ev), DOCA_ERROR_BAD_STATE, "no publisher location");
	EXPECT(doca_sync_event_get(ev, &v), DOCA_ERROR_BAD_STATE, "not started");
	EXPECT(doca_sync_event_add_publisher_location_dpa(ev, NULL), DOCA_ERROR_INVALID_VALUE,
	       "not a DPA context");
	assert_int_equal(doca_sync_event_add_publisher_location_cpu(ev, f->dev), DOCA_SUCCESS);
	EXPECT(doca_sync_event_start(ev), DOCA_ERROR_BAD_STATE, "no subscriber location");
	assert_int_equal(doca_sync_event_add_subscriber_location_dpa(ev, f->dpa), DOCA_SUCCESS);
	assert_int_equal(doca_sync_event_start(ev), DOCA_SUCCESS);
	EXPECT(doca_sync_event_add_subscriber_location_cpu(ev, f->dev), DOCA_ERROR_BAD_STATE,
	       "the event is started");
	assert_int_equal(doca_sync_event_update_set(ev, 10), DOCA_SUCCESS);
	assert_int_equal(doca_sync_event_update_add(ev, 5, &fetched), DOCA_SUCCESS);
	assert_int_equal(fetched, 10);
	assert_int_equal(doca_sync_event_get(ev, &v), DOCA_SUCCESS);
	assert_int_equal(v, 15);
	assert_int_equal(doca_sync_event_wait_gt(ev, 14, UINT64_MAX), DOCA_SUCCESS);
	assert_int_equal(doca_sync_event_wait_eq(ev, 7, 0x7), DOCA_SUCCESS); /* 15 & 7 */
	assert_int_equal(doca_sync_event_wait_neq_yield(ev, 0, UINT64_MAX), DOCA_SUCCESS);
	assert_int_equal(doca_sync_event_get_dpa_handle(ev, f->dpa, &h), DOCA_SUCCESS);
	assert_int_equal(doca_dpa_create(f->dev, &other), DOCA_SUCCESS);
	EXPECT(doca_sync_event_get_dpa_handle(ev, other, &h), DOCA_ERROR_BAD_STATE,
	       "neither a publisher nor a subscriber");
	assert_int_equal(doca_dpa_destroy(other), DOCA_SUCCESS);
	EXPECT(doca_sync_event_get_dpa_handle(ev, f->dpa, NULL), DOCA_ERROR_INVALID_VALUE,
	       "handle is NULL");
	assert_int_equal(doca_sync_event_stop(ev), DOCA_SUCCESS);
	EXPECT(doca_sync_event_update_set(ev, 1), DOCA_ERROR_BAD_STATE, "not started");
	assert_int_equal(doca_sync_event_destroy(ev), DOCA_SUCCESS);
	EXPECT(doca_sync_event_destroy(NULL), DOCA_ERROR_INVALID_VALUE, "not a sync event");
}

static void test_mmap_and_buf_arr_errors(void **state)
{
	struct fx *f = *state;
	static uint8_t host[4096];
	struct doca_mmap *mm, *dm;
	struct doca_buf_arr *arr;
	doca_dpa_dev_mmap_t h;
	doca_dpa_dev_buf_arr_t ah;
	doca_dpa_dev_uintptr_t p;

	assert_int_equal(doca_mmap_create(&mm), DOCA_SUCCESS);
	EXPECT(doca_mmap_set_memrange(mm, NULL, 10), DOCA_ERROR_INVALID_VALUE, "addr is NULL");
	EXPECT(doca_mmap_set_memrange(mm, host, 0), DOCA_ERROR_INVALID_VALUE, "len is 0");
	EXPECT(doca_mmap_start(mm), DOCA_ERROR_BAD_STATE, "has no memory");
	assert_int_equal(doca_mmap_set_memrange(mm, host, sizeof(host)), DOCA_SUCCESS);
	EXPECT(doca_mmap_start(mm), DOCA_ERROR_BAD_STATE, "doca_mmap_add_dev");
	EXPECT(doca_mmap_set_permissions(mm, 0x100), DOCA_ERROR_INVALID_VALUE, "0x100");
	assert_int_equal(doca_mmap_add_dev(mm, f->dev), DOCA_SUCCESS);
	EXPECT(doca_mmap_dev_get_dpa_handle(mm, f->dev, &h), DOCA_ERROR_NOT_PERMITTED,
	       "not started");
	assert_int_equal(doca_mmap_start(mm), DOCA_SUCCESS);
	EXPECT(doca_mmap_dev_get_dpa_handle(mm, (const struct doca_dev *)&h, &h),
	       DOCA_ERROR_NOT_FOUND, "not added");
	EXPECT(doca_mmap_add_dev(mm, f->dev), DOCA_ERROR_BAD_STATE, "the mmap is started");
	assert_int_equal(doca_mmap_dev_get_dpa_handle(mm, f->dev, &h), DOCA_SUCCESS);
	assert_true(h != 0);
	assert_ptr_equal(sdpa_mmap_lookup(h), mm);

	assert_int_equal(doca_buf_arr_create(8, &arr), DOCA_SUCCESS);
	EXPECT(doca_buf_arr_start(arr), DOCA_ERROR_BAD_STATE, "no params");
	EXPECT(doca_buf_arr_set_params(arr, mm, 1024, 0), DOCA_ERROR_INVALID_VALUE, "do not fit");
	assert_int_equal(doca_buf_arr_set_params(arr, mm, 512, 0), DOCA_SUCCESS);
	EXPECT(doca_buf_arr_start(arr), DOCA_ERROR_BAD_STATE, "no target DPA");
	EXPECT(doca_buf_arr_get_dpa_handle(arr, &ah), DOCA_ERROR_BAD_STATE, "not started");
	assert_int_equal(doca_buf_arr_set_target_dpa(arr, f->dpa), DOCA_SUCCESS);
	assert_int_equal(doca_buf_arr_start(arr), DOCA_SUCCESS);
	EXPECT(doca_dpa_destroy(f->dpa), DOCA_ERROR_IN_USE, "buf arrays");
	assert_int_equal(doca_buf_arr_destroy(arr), DOCA_SUCCESS);
	assert_int_equal(doca_mmap_destroy(mm), DOCA_SUCCESS);
	assert_null(sdpa_mmap_lookup(h));

	/* DPA memrange. */
	assert_int_equal(doca_dpa_mem_alloc(f->dpa, 256, &p), DOCA_SUCCESS);
	assert_int_equal(doca_mmap_create(&dm), DOCA_SUCCESS);
	EXPECT(doca_mmap_set_dpa_memrange(dm, f->dpa, p, 512), DOCA_ERROR_INVALID_VALUE,
	       "is not inside one DPA heap allocation");
	assert_int_equal(doca_mmap_set_dpa_memrange(dm, f->dpa, p, 256), DOCA_SUCCESS);
	EXPECT(doca_mmap_add_dev(dm, f->dev), DOCA_ERROR_NOT_PERMITTED, "DPA memrange");
	assert_int_equal(doca_mmap_start(dm), DOCA_SUCCESS);
	assert_int_equal(doca_mmap_dev_get_dpa_handle(dm, f->dev, &h), DOCA_SUCCESS);
	EXPECT(doca_dpa_destroy(f->dpa), DOCA_ERROR_IN_USE, "mmaps");
	assert_int_equal(doca_mmap_destroy(dm), DOCA_SUCCESS);
	assert_int_equal(doca_dpa_mem_free(f->dpa, p), DOCA_SUCCESS);
}

/* The call returns 'code' and logs exactly one problem record containing the substrings. */
#define EXPECT1(call, code, ...)                                                                   \
	do {                                                                                       \
		t_log_reset();                                                                     \
		assert_int_equal((call), (code));                                                  \
		assert_int_equal(t_log_problems(), 1);                                             \
		t_assert_logged(__VA_ARGS__);                                                      \
	} while (0)

typedef doca_error_t (*export_fn)(struct doca_mmap *, const struct doca_dev *, const void **,
                                  size_t *);

/* Every documented error of one export call, then its success path. */
static void check_export(struct fx *f, export_fn fn, const char *name, uint32_t grant,
                         uint32_t other)
{
	static uint8_t host[4096];
	struct doca_mmap *mm;
	const void *desc = NULL, *again = NULL;
	size_t len = 0, len2 = 0;
	int foreign;

	assert_int_equal(doca_mmap_create(&mm), DOCA_SUCCESS);
	assert_int_equal(doca_mmap_set_memrange(mm, host, sizeof(host)), DOCA_SUCCESS);
	assert_int_equal(doca_mmap_add_dev(mm, f->dev), DOCA_SUCCESS);
	EXPECT1(fn(mm, f->dev, &desc, &len), DOCA_ERROR_NOT_PERMITTED, name, "not started",
	        "doca_mmap_start");
	/* Granting only the other kind of remote access (and local access) is not enough. */
	assert_int_equal(doca_mmap_set_permissions(mm, DOCA_ACCESS_FLAG_LOCAL_READ_WRITE | other),
	                 DOCA_SUCCESS);
	assert_int_equal(doca_mmap_start(mm), DOCA_SUCCESS);
	EXPECT1(fn(NULL, f->dev, &desc, &len), DOCA_ERROR_INVALID_VALUE, name, "mmap is NULL");
	EXPECT1(fn(mm, NULL, &desc, &len), DOCA_ERROR_INVALID_VALUE, name, "dev is NULL");
	EXPECT1(fn(mm, f->dev, NULL, &len), DOCA_ERROR_INVALID_VALUE, name, "export_desc is NULL");
	EXPECT1(fn(mm, f->dev, &desc, NULL), DOCA_ERROR_INVALID_VALUE, name,
	        "export_desc_len is NULL");
	EXPECT1(fn(mm, (const struct doca_dev *)&foreign, &desc, &len), DOCA_ERROR_NOT_FOUND, name,
	        "not added", "doca_mmap_add_dev");
	EXPECT1(fn(mm, f->dev, &desc, &len), DOCA_ERROR_NOT_PERMITTED, name, "permissions",
	        "doca_mmap_set_permissions");
	assert_null(desc);
	assert_int_equal(len, 0);

	/* Restart with the permission: a descriptor owned by the mmap, stable across calls. */
	assert_int_equal(doca_mmap_stop(mm), DOCA_SUCCESS);
	assert_int_equal(doca_mmap_set_permissions(mm, DOCA_ACCESS_FLAG_LOCAL_READ_WRITE | grant),
	                 DOCA_SUCCESS);
	assert_int_equal(doca_mmap_start(mm), DOCA_SUCCESS);
	t_log_reset();
	assert_int_equal(fn(mm, f->dev, &desc, &len), DOCA_SUCCESS);
	assert_int_equal(t_log_problems(), 0);
	assert_non_null(desc);
	assert_true(len >= 16);
	assert_int_equal(fn(mm, f->dev, &again, &len2), DOCA_SUCCESS);
	assert_ptr_equal(again, desc);
	assert_int_equal(len2, len);
	assert_int_equal(doca_mmap_stop(mm), DOCA_SUCCESS); /* frees it (else LSan reports) */
	EXPECT1(fn(mm, f->dev, &desc, &len), DOCA_ERROR_NOT_PERMITTED, name, "not started");
	assert_int_equal(doca_mmap_start(mm), DOCA_SUCCESS);
	assert_int_equal(fn(mm, f->dev, &desc, &len), DOCA_SUCCESS);
	assert_int_equal(doca_mmap_destroy(mm), DOCA_SUCCESS); /* started: stops, frees it */
}

static void test_mmap_export(void **state)
{
	struct fx *f = *state;
	struct doca_mmap *mm, *dm;
	static uint8_t host[256];
	const void *rdma = NULL, *pci = NULL, *dpa_desc = NULL;
	size_t rdma_len = 0, pci_len = 0, dpa_len = 0;
	doca_dpa_dev_uintptr_t p;

	check_export(f, doca_mmap_export_rdma, "doca_mmap_export_rdma", DOCA_ACCESS_FLAG_RDMA_WRITE,
	             DOCA_ACCESS_FLAG_PCI_READ_WRITE);
	check_export(f, doca_mmap_export_pci, "doca_mmap_export_pci",
	             DOCA_ACCESS_FLAG_PCI_READ_WRITE,
	             DOCA_ACCESS_FLAG_RDMA_READ | DOCA_ACCESS_FLAG_RDMA_WRITE |
	                     DOCA_ACCESS_FLAG_RDMA_ATOMIC);

	/* Each RDMA flag alone is enough; one mmap exported both ways gets two descriptors
	 * that name the same mmap. */
	assert_int_equal(doca_mmap_create(&mm), DOCA_SUCCESS);
	assert_int_equal(doca_mmap_set_memrange(mm, host, sizeof(host)), DOCA_SUCCESS);
	assert_int_equal(doca_mmap_add_dev(mm, f->dev), DOCA_SUCCESS);
	assert_int_equal(doca_mmap_set_permissions(mm, DOCA_ACCESS_FLAG_RDMA_ATOMIC |
	                                                       DOCA_ACCESS_FLAG_PCI_READ_WRITE),
	                 DOCA_SUCCESS);
	assert_int_equal(doca_mmap_start(mm), DOCA_SUCCESS);
	assert_int_equal(doca_mmap_export_rdma(mm, f->dev, &rdma, &rdma_len), DOCA_SUCCESS);
	assert_int_equal(doca_mmap_export_pci(mm, f->dev, &pci, &pci_len), DOCA_SUCCESS);
	assert_ptr_not_equal(rdma, pci);
	assert_int_equal(rdma_len, pci_len);
	assert_memory_not_equal(rdma, pci, rdma_len);
	assert_int_equal(doca_mmap_destroy(mm), DOCA_SUCCESS);

	/* NVIDIA's dpa_common.c exports every mmap it makes, DPA-heap ones included, with the
	 * DPA context's device. */
	assert_int_equal(doca_dpa_mem_alloc(f->dpa, 256, &p), DOCA_SUCCESS);
	assert_int_equal(doca_mmap_create(&dm), DOCA_SUCCESS);
	assert_int_equal(doca_mmap_set_permissions(dm, DOCA_ACCESS_FLAG_LOCAL_READ_WRITE |
	                                                       DOCA_ACCESS_FLAG_RDMA_READ |
	                                                       DOCA_ACCESS_FLAG_RDMA_WRITE),
	                 DOCA_SUCCESS);
	assert_int_equal(doca_mmap_set_dpa_memrange(dm, f->dpa, p, 256), DOCA_SUCCESS);
	assert_int_equal(doca_mmap_start(dm), DOCA_SUCCESS);
	assert_int_equal(doca_mmap_export_rdma(dm, f->dev, &dpa_desc, &dpa_len), DOCA_SUCCESS);
	assert_non_null(dpa_desc);
	assert_int_equal(doca_mmap_destroy(dm), DOCA_SUCCESS);
	assert_int_equal(doca_dpa_mem_free(f->dpa, p), DOCA_SUCCESS);
}

static void test_flexio_process_errors(void **state)
{
	struct fx *f = *state;
	struct doca_dpa *stopped;
	struct flexio_process *p;

	assert_int_equal(doca_dpa_create(f->dev, &stopped), DOCA_SUCCESS);
	EXPECT(softdpa_dpa_get_flexio_process(stopped, &p), DOCA_ERROR_BAD_STATE, "not started");
	EXPECT(softdpa_dpa_get_flexio_process(NULL, &p), DOCA_ERROR_INVALID_VALUE,
	       "not a DPA context");
	EXPECT(softdpa_dpa_get_flexio_process(f->dpa, NULL), DOCA_ERROR_INVALID_VALUE,
	       "process is NULL");
	assert_int_equal(doca_dpa_destroy(stopped), DOCA_SUCCESS);
	assert_int_equal(softdpa_dpa_get_flexio_process(f->dpa, &p), DOCA_SUCCESS);
	assert_ptr_equal(sdpa_flexio_process_dpa(p), f->dpa);
	assert_int_equal(doca_dpa_stop(f->dpa), DOCA_SUCCESS);
	assert_null(sdpa_flexio_process_dpa(p)); /* only while started */
	assert_int_equal(doca_dpa_start(f->dpa), DOCA_SUCCESS);
}

int main(void)
{
	/* These cases check the DPA heap's packed layout (errors and round trips at exact
	 * offsets); strict puts a guard page after every block (docs/DPA.md), so they run in
	 * the default mode whatever the environment says. tests/faults covers strict's heap. */
	setenv("SOFTDPA_FIDELITY", "faithful", 1);
	unsetenv("SOFTDPA_WINDOW");
	const struct CMUnitTest tests[] = {
	        cmocka_unit_test_setup_teardown(test_context_lifecycle_errors, setup, teardown),
	        cmocka_unit_test_setup_teardown(test_extended_log_level_not_permitted, setup,
	                                        teardown),
	        cmocka_unit_test(test_no_dpa_device),
	        cmocka_unit_test_setup_teardown(test_queries, setup, teardown),
	        cmocka_unit_test_setup_teardown(test_launch_and_rpc_errors, setup, teardown),
	        cmocka_unit_test_setup_teardown(test_heap_errors, setup, teardown),
	        cmocka_unit_test_setup_teardown(test_thread_errors, setup, teardown),
	        cmocka_unit_test_setup_teardown(test_attachment_lifetimes, setup, teardown),
	        cmocka_unit_test_setup_teardown(test_sync_event_errors, setup, teardown),
	        cmocka_unit_test_setup_teardown(test_mmap_and_buf_arr_errors, setup, teardown),
	        cmocka_unit_test_setup_teardown(test_mmap_export, setup, teardown),
	        cmocka_unit_test_setup_teardown(test_flexio_process_errors, setup, teardown),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
