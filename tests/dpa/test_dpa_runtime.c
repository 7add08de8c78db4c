/* SPDX-License-Identifier: BSD-3-Clause
 * The emulated DPA running kernels built by softdpa-dpacc: launches with wait and
 * completion events, mixed arguments over 64 ranks, RPCs, notification-driven threads,
 * heap round trips, host/kernel ping-pong, launch order, device logging, mmaps and buf
 * arrays, async memcpy completions and the device hash table.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <doca_buf_array.h>
#include <doca_dpa.h>
#include <doca_mmap.h>
#include <doca_sync_event.h>
#include <softdpa.h>

#include "dpa/dpa.h"
#include "dpa_t.h"
#include "dpa_test_common.h"

extern struct doca_dpa_app *dpa_test_app;
extern doca_dpa_func_t hello_kernel, mixed_args, rpc_combine, counting_thread, notify_rpc,
        get_activations, heap_invert, pingpong, append_id, log_levels, window_sum, bufarr_write,
        memcpy_thread, ht_roundtrip;

static int setup(void **state)
{
	return dpa_t_fx_setup(state, dpa_test_app);
}

static doca_dpa_dev_uintptr_t alloc(struct dpa_t_fx *f, size_t n)
{
	doca_dpa_dev_uintptr_t p = 0;

	assert_int_equal(doca_dpa_mem_alloc(f->dpa, n, &p), DOCA_SUCCESS);
	assert_true(p != 0);
	return p;
}

/* Hello world gated by a wait event, reporting on a completion event. */
static void test_hello_wait_and_completion(void **state)
{
	struct dpa_t_fx *f = *state;
	struct doca_sync_event *wait = dpa_t_event(f->dev, f->dpa, 1);
	struct doca_sync_event *comp = dpa_t_event(f->dev, f->dpa, 0);
	doca_dpa_dev_uintptr_t out = alloc(f, 4 * sizeof(uint64_t));
	uint64_t slots[4], v = 99;

	assert_int_equal(doca_dpa_memset(f->dpa, out, 0, sizeof(slots)), DOCA_SUCCESS);
	assert_int_equal(doca_dpa_kernel_launch_update_set(f->dpa, wait, 3, comp, 7, 4,
	                                                   &hello_kernel, (uint64_t)out),
	                 DOCA_SUCCESS);
	/* The wait event gates the start: below the threshold nothing runs. */
	assert_int_equal(doca_sync_event_update_set(wait, 2), DOCA_SUCCESS);
	assert_int_equal(dpa_t_wait_ge(comp, 1, 100), 0);
	assert_int_equal(doca_dpa_d2h_memcpy(f->dpa, slots, out, sizeof(slots)), DOCA_SUCCESS);
	for (int i = 0; i < 4; i++)
		assert_int_equal(slots[i], 0);
	assert_int_equal(doca_sync_event_update_set(wait, 3), DOCA_SUCCESS);
	assert_int_equal(doca_sync_event_wait_gt(comp, 6, UINT64_MAX), DOCA_SUCCESS);
	assert_int_equal(doca_sync_event_get(comp, &v), DOCA_SUCCESS);
	assert_int_equal(v, 7);
	assert_int_equal(doca_dpa_d2h_memcpy(f->dpa, slots, out, sizeof(slots)), DOCA_SUCCESS);
	for (int i = 0; i < 4; i++)
		assert_int_equal(slots[i], DPA_TEST_HELLO_MAGIC + (uint64_t)i);
	/* _add adds to the completion event. */
	assert_int_equal(doca_dpa_kernel_launch_update_add(f->dpa, NULL, 0, comp, 5, 1,
	                                                   &hello_kernel, (uint64_t)out),
	                 DOCA_SUCCESS);
	assert_int_equal(doca_sync_event_wait_gt(comp, 11, UINT64_MAX), DOCA_SUCCESS);
	assert_int_equal(doca_sync_event_get(comp, &v), DOCA_SUCCESS);
	assert_int_equal(v, 12);
	assert_int_equal(doca_dpa_mem_free(f->dpa, out), DOCA_SUCCESS);
	assert_int_equal(doca_sync_event_destroy(wait), DOCA_SUCCESS);
	assert_int_equal(doca_sync_event_destroy(comp), DOCA_SUCCESS);
	assert_int_equal(t_log_problems(), 0);
}

/* 64 ranks, six arguments of mixed widths and a struct by value. */
static void test_mixed_args_64_ranks(void **state)
{
	struct dpa_t_fx *f = *state;
	struct doca_sync_event *comp = dpa_t_event(f->dev, f->dpa, 0);
	doca_dpa_dev_uintptr_t out = alloc(f, 64 * sizeof(struct dpa_test_record));
	struct dpa_test_record recs[64];
	struct dpa_test_mixed m = {.a = 0xdeadbeef, .b = 0xbeef, .c = -2.5, .d = {1, 2, 3, 4, 5}};

	assert_int_equal(doca_dpa_kernel_launch_update_set(
	                         f->dpa, NULL, 0, comp, 1, 64, &mixed_args, (uint8_t)0xfe,
	                         (int16_t)-12345, (uint32_t)0xfedcba98,
	                         (uint64_t)0x0123456789abcdefull,
	                         (struct dpa_test_record *)(uintptr_t)out, 3.25, m),
	                 DOCA_SUCCESS);
	assert_int_equal(doca_sync_event_wait_gt(comp, 0, UINT64_MAX), DOCA_SUCCESS);
	assert_int_equal(doca_dpa_d2h_memcpy(f->dpa, recs, out, sizeof(recs)), DOCA_SUCCESS);
	for (unsigned int r = 0; r < 64; r++) {
		assert_int_equal(recs[r].rank, r);
		assert_int_equal(recs[r].nthreads, 64);
		assert_int_equal(recs[r].u8, 0xfe);
		assert_int_equal(recs[r].s16, -12345);
		assert_int_equal(recs[r].u32, 0xfedcba98u);
		assert_true(recs[r].u64 == 0x0123456789abcdefull);
		assert_true(recs[r].ptr == out);
		assert_true(recs[r].dbl == 3.25);
		assert_int_equal(recs[r].m.a, 0xdeadbeef);
		assert_int_equal(recs[r].m.b, 0xbeef);
		assert_true(recs[r].m.c == -2.5);
		assert_memory_equal(recs[r].m.d, m.d, 5);
	}
	assert_int_equal(doca_sync_event_destroy(comp), DOCA_SUCCESS);
}

static void test_rpc_returns_value(void **state)
{
	struct dpa_t_fx *f = *state;
	uint64_t ret = 0;

	assert_int_equal(doca_dpa_rpc(f->dpa, &rpc_combine, &ret, (uint64_t)42, (uint32_t)7,
	                              (int8_t)-3, 1.5f),
	                 DOCA_SUCCESS);
	assert_int_equal(ret, 42 * 1000 + 7 - 3 + 15);
}

/* A thread activated by notifications counts in a static and finishes after three. */
static void test_notification_thread(void **state)
{
	struct dpa_t_fx *f = *state;
	struct doca_sync_event *rep = dpa_t_event(f->dev, f->dpa, 0);
	struct doca_dpa_thread *t;
	struct doca_dpa_notification_completion *nc;
	doca_dpa_dev_notification_completion_t h;
	doca_dpa_dev_sync_event_t rep_h;
	uint64_t ret, acts = 0;

	assert_int_equal(doca_sync_event_get_dpa_handle(rep, f->dpa, &rep_h), DOCA_SUCCESS);
	assert_int_equal(doca_dpa_thread_create(f->dpa, &t), DOCA_SUCCESS);
	assert_int_equal(doca_dpa_thread_set_func_arg(t, &counting_thread, rep_h), DOCA_SUCCESS);
	assert_int_equal(doca_dpa_thread_start(t), DOCA_SUCCESS);
	assert_int_equal(doca_dpa_notification_completion_create(f->dpa, t, &nc), DOCA_SUCCESS);
	assert_int_equal(doca_dpa_notification_completion_start(nc), DOCA_SUCCESS);
	assert_int_equal(doca_dpa_notification_completion_get_dpa_handle(nc, &h), DOCA_SUCCESS);
	assert_int_equal(doca_dpa_thread_run(t), DOCA_SUCCESS);
	for (uint64_t i = 1; i <= 3; i++) {
		assert_int_equal(doca_dpa_rpc(f->dpa, &notify_rpc, &ret, h), DOCA_SUCCESS);
		/* static counts i; the local restarts at 1 every activation */
		assert_int_equal(dpa_t_wait_ge(rep, i * 100 + 1, 5000), i * 100 + 1);
	}
	/* Finished: a fourth notification does not run it. */
	assert_int_equal(doca_dpa_rpc(f->dpa, &notify_rpc, &ret, h), DOCA_SUCCESS);
	assert_int_equal(dpa_t_wait_ge(rep, 401, 100), 301);
	assert_int_equal(doca_dpa_rpc(f->dpa, &get_activations, &acts), DOCA_SUCCESS);
	assert_int_equal(acts, 3);
	assert_int_equal(doca_dpa_notification_completion_destroy(nc), DOCA_SUCCESS);
	assert_int_equal(doca_dpa_thread_destroy(t), DOCA_SUCCESS);
	assert_int_equal(doca_sync_event_destroy(rep), DOCA_SUCCESS);
}

static void test_heap_round_trip_and_poison(void **state)
{
	struct dpa_t_fx *f = *state;
	struct doca_sync_event *comp = dpa_t_event(f->dev, f->dpa, 0);
	enum { N = 10000 };
	static uint8_t in[N], out[N];
	doca_dpa_dev_uintptr_t p = alloc(f, N), q;

	/* Not zeroed: a fresh block holds the poison pattern. */
	assert_int_equal(doca_dpa_d2h_memcpy(f->dpa, out, p, N), DOCA_SUCCESS);
	for (int i = 0; i < N; i++)
		assert_int_equal(out[i], 0xA5);
	for (int i = 0; i < N; i++)
		in[i] = (uint8_t)(i * 7 + 3);
	assert_int_equal(doca_dpa_h2d_memcpy(f->dpa, p, in, N), DOCA_SUCCESS);
	assert_int_equal(doca_dpa_kernel_launch_update_set(f->dpa, NULL, 0, comp, 1, 16,
	                                                   &heap_invert, (uint8_t *)(uintptr_t)p,
	                                                   (uint32_t)N),
	                 DOCA_SUCCESS);
	assert_int_equal(doca_sync_event_wait_gt(comp, 0, UINT64_MAX), DOCA_SUCCESS);
	assert_int_equal(doca_dpa_d2h_memcpy(f->dpa, out, p, N), DOCA_SUCCESS);
	for (int i = 0; i < N; i++)
		assert_int_equal(out[i], (uint8_t)~in[i]);
	/* memset, partial ranges, and reuse after free. */
	assert_int_equal(doca_dpa_memset(f->dpa, p + 100, 0x3c, 50), DOCA_SUCCESS);
	assert_int_equal(doca_dpa_d2h_memcpy(f->dpa, out, p + 99, 52), DOCA_SUCCESS);
	assert_int_equal(out[0], (uint8_t)~in[99]);
	for (int i = 1; i <= 50; i++)
		assert_int_equal(out[i], 0x3c);
	assert_int_equal(out[51], (uint8_t)~in[150]);
	assert_int_equal(doca_dpa_mem_free(f->dpa, p), DOCA_SUCCESS);
	q = alloc(f, 64);
	assert_true(q == p); /* first fit reuses the freed block */
	assert_int_equal(doca_dpa_d2h_memcpy(f->dpa, out, q, 64), DOCA_SUCCESS);
	for (int i = 0; i < 64; i++)
		assert_int_equal(out[i], 0xA5); /* re-poisoned */
	assert_int_equal(doca_dpa_mem_free(f->dpa, q), DOCA_SUCCESS);
	assert_int_equal(doca_sync_event_destroy(comp), DOCA_SUCCESS);
}

static void test_sync_event_ping_pong(void **state)
{
	struct dpa_t_fx *f = *state;
	struct doca_sync_event *ping = dpa_t_event(f->dev, f->dpa, 1);
	struct doca_sync_event *pong = dpa_t_event(f->dev, f->dpa, 0);
	struct doca_sync_event *comp = dpa_t_event(f->dev, f->dpa, 0);
	doca_dpa_dev_sync_event_t ph, qh;
	enum { ROUNDS = 200 };
	uint64_t v;

	assert_int_equal(doca_sync_event_get_dpa_handle(ping, f->dpa, &ph), DOCA_SUCCESS);
	assert_int_equal(doca_sync_event_get_dpa_handle(pong, f->dpa, &qh), DOCA_SUCCESS);
	assert_int_equal(doca_dpa_kernel_launch_update_set(f->dpa, NULL, 0, comp, 1, 1, &pingpong,
	                                                   ph, qh, (uint32_t)ROUNDS),
	                 DOCA_SUCCESS);
	for (uint64_t i = 1; i <= ROUNDS; i++) {
		assert_int_equal(doca_sync_event_update_set(ping, i), DOCA_SUCCESS);
		assert_int_equal(doca_sync_event_wait_eq(pong, i, UINT64_MAX), DOCA_SUCCESS);
	}
	assert_int_equal(doca_sync_event_wait_gt(comp, 0, UINT64_MAX), DOCA_SUCCESS);
	assert_int_equal(doca_sync_event_get(pong, &v), DOCA_SUCCESS);
	assert_int_equal(v, ROUNDS);
	assert_int_equal(doca_sync_event_destroy(ping), DOCA_SUCCESS);
	assert_int_equal(doca_sync_event_destroy(pong), DOCA_SUCCESS);
	assert_int_equal(doca_sync_event_destroy(comp), DOCA_SUCCESS);
}

/* Launches on one context run in submission order, each after the previous finished. */
static void test_launch_order(void **state)
{
	struct dpa_t_fx *f = *state;
	struct doca_sync_event *comp = dpa_t_event(f->dev, f->dpa, 0);
	doca_dpa_dev_uintptr_t log = alloc(f, 33 * sizeof(uint64_t));
	uint64_t got[33];

	assert_int_equal(doca_dpa_memset(f->dpa, log, 0, sizeof(got)), DOCA_SUCCESS);
	for (uint64_t i = 0; i < 32; i++)
		assert_int_equal(
		        doca_dpa_kernel_launch_update_add(f->dpa, NULL, 0, comp, 1, 1, &append_id,
		                                          (uint64_t *)(uintptr_t)log, 100 + i),
		        DOCA_SUCCESS);
	assert_int_equal(doca_sync_event_wait_gt(comp, 31, UINT64_MAX), DOCA_SUCCESS);
	assert_int_equal(doca_dpa_d2h_memcpy(f->dpa, got, log, sizeof(got)), DOCA_SUCCESS);
	assert_int_equal(got[0], 32);
	for (int i = 0; i < 32; i++)
		assert_int_equal(got[1 + i], 100 + i);
	assert_int_equal(doca_sync_event_destroy(comp), DOCA_SUCCESS);
}

static void test_device_log_file_and_level(void **state)
{
	struct dpa_t_fx *f = *state;
	struct doca_dpa *dpa;
	struct doca_sync_event *comp;
	char path[512], buf[4096] = "";
	FILE *fp;
	size_t n;

	t_path(path, sizeof(path), "dpa_dev.log");
	remove(path);
	assert_int_equal(doca_dpa_create(f->dev, &dpa), DOCA_SUCCESS);
	assert_int_equal(doca_dpa_set_app(dpa, dpa_test_app), DOCA_SUCCESS);
	assert_int_equal(doca_dpa_log_file_set_path(dpa, path), DOCA_SUCCESS);
	assert_int_equal(doca_dpa_set_log_level(dpa, DOCA_DPA_DEV_LOG_LEVEL_INFO), DOCA_SUCCESS);
	assert_int_equal(doca_dpa_start(dpa), DOCA_SUCCESS);
	comp = dpa_t_event(f->dev, dpa, 0);
	assert_int_equal(doca_dpa_kernel_launch_update_set(dpa, NULL, 0, comp, 1, 2, &log_levels,
	                                                   (uint32_t)77),
	                 DOCA_SUCCESS);
	assert_int_equal(doca_sync_event_wait_gt(comp, 0, UINT64_MAX), DOCA_SUCCESS);
	assert_int_equal(doca_sync_event_destroy(comp), DOCA_SUCCESS);
	assert_int_equal(doca_dpa_destroy(dpa), DOCA_SUCCESS); /* closes the file */
	fp = fopen(path, "r");
	assert_non_null(fp);
	n = fread(buf, 1, sizeof(buf) - 1, fp);
	buf[n] = '\0';
	fclose(fp);
	assert_non_null(strstr(buf, "kernel 'log_levels' rank 0 of 2] err line 77\n"));
	assert_non_null(strstr(buf, "kernel 'log_levels' rank 1 of 2] info line 77\n"));
	assert_null(strstr(buf, "debug line"));
	remove(path);
}

static void test_mmap_window_and_buf_array(void **state)
{
	struct dpa_t_fx *f = *state;
	struct doca_sync_event *comp = dpa_t_event(f->dev, f->dpa, 0);
	static uint32_t host[1024] __attribute__((aligned(64)));
	struct doca_mmap *mm;
	struct doca_buf_arr *arr;
	doca_dpa_dev_mmap_t mh;
	doca_dpa_dev_buf_arr_t ah;
	doca_dpa_dev_uintptr_t out = alloc(f, 8);
	uint64_t sum = 0, expect = 0;

	for (int i = 0; i < 1024; i++) {
		host[i] = (uint32_t)i * 3;
		expect += (uint64_t)i * 3;
	}
	assert_int_equal(doca_mmap_create(&mm), DOCA_SUCCESS);
	assert_int_equal(doca_mmap_set_memrange(mm, host, sizeof(host)), DOCA_SUCCESS);
	assert_int_equal(doca_mmap_add_dev(mm, f->dev), DOCA_SUCCESS);
	assert_int_equal(doca_mmap_start(mm), DOCA_SUCCESS);
	assert_int_equal(doca_mmap_dev_get_dpa_handle(mm, f->dev, &mh), DOCA_SUCCESS);
	assert_int_equal(doca_dpa_kernel_launch_update_set(f->dpa, NULL, 0, comp, 1, 1, &window_sum,
	                                                   mh, (uint64_t)(uintptr_t)host,
	                                                   (uint32_t)1024,
	                                                   (uint64_t *)(uintptr_t)out),
	                 DOCA_SUCCESS);
	assert_int_equal(doca_sync_event_wait_gt(comp, 0, UINT64_MAX), DOCA_SUCCESS);
	assert_int_equal(doca_dpa_d2h_memcpy(f->dpa, &sum, out, 8), DOCA_SUCCESS);
	assert_true(sum == expect);

	assert_int_equal(doca_buf_arr_create(16, &arr), DOCA_SUCCESS);
	assert_int_equal(doca_buf_arr_set_target_dpa(arr, f->dpa), DOCA_SUCCESS);
	assert_int_equal(doca_buf_arr_set_params(arr, mm, 64, 128), DOCA_SUCCESS);
	assert_int_equal(doca_buf_arr_start(arr), DOCA_SUCCESS);
	assert_int_equal(doca_buf_arr_get_dpa_handle(arr, &ah), DOCA_SUCCESS);
	assert_int_equal(
	        doca_dpa_kernel_launch_update_set(f->dpa, NULL, 0, comp, 2, 16, &bufarr_write, ah),
	        DOCA_SUCCESS);
	assert_int_equal(doca_sync_event_wait_gt(comp, 1, UINT64_MAX), DOCA_SUCCESS);
	for (int i = 0; i < 16; i++)
		assert_int_equal(host[(128 + i * 64) / 4], (uint32_t)i + 1);
	assert_int_equal(host[(128 + 16 * 64) / 4], (128 + 16 * 64) / 4 * 3); /* untouched */
	/* The mmap is in use while the buf array is started. */
	assert_int_equal(doca_mmap_destroy(mm), DOCA_ERROR_IN_USE);
	t_assert_logged("buf array", "destroy them first");
	assert_int_equal(doca_buf_arr_destroy(arr), DOCA_SUCCESS);
	assert_int_equal(doca_mmap_destroy(mm), DOCA_SUCCESS);
	assert_int_equal(doca_sync_event_destroy(comp), DOCA_SUCCESS);
}

/* A DPA thread posts an async memcpy; its completion re-activates the thread. */
static void test_async_memcpy_completion(void **state)
{
	struct dpa_t_fx *f = *state;
	struct doca_sync_event *rep = dpa_t_event(f->dev, f->dpa, 0);
	struct doca_dpa_thread *t;
	struct doca_dpa_completion *comp;
	struct doca_dpa_async_ops *ops;
	struct doca_mmap *mm;
	static uint8_t host[256];
	uint64_t tls[8];
	doca_dpa_dev_uintptr_t tls_dev = alloc(f, sizeof(tls));
	doca_dpa_dev_completion_t ch;
	doca_dpa_dev_async_ops_t oh;
	doca_dpa_dev_sync_event_t rh;
	doca_dpa_dev_mmap_t mh;
	struct doca_dpa_notification_completion *nc;
	doca_dpa_dev_notification_completion_t nh;
	uint64_t ret;

	for (int i = 0; i < 128; i++)
		host[i] = (uint8_t)(i + 1);
	memset(host + 128, 0, 128);
	assert_int_equal(doca_mmap_create(&mm), DOCA_SUCCESS);
	assert_int_equal(doca_mmap_set_memrange(mm, host, sizeof(host)), DOCA_SUCCESS);
	assert_int_equal(doca_mmap_add_dev(mm, f->dev), DOCA_SUCCESS);
	assert_int_equal(doca_mmap_start(mm), DOCA_SUCCESS);
	assert_int_equal(doca_mmap_dev_get_dpa_handle(mm, f->dev, &mh), DOCA_SUCCESS);
	assert_int_equal(doca_sync_event_get_dpa_handle(rep, f->dpa, &rh), DOCA_SUCCESS);

	assert_int_equal(doca_dpa_thread_create(f->dpa, &t), DOCA_SUCCESS);
	assert_int_equal(doca_dpa_thread_set_func_arg(t, &memcpy_thread, 5), DOCA_SUCCESS);
	assert_int_equal(doca_dpa_thread_set_local_storage(t, tls_dev), DOCA_SUCCESS);
	assert_int_equal(doca_dpa_thread_start(t), DOCA_SUCCESS);
	assert_int_equal(doca_dpa_completion_create(f->dpa, 3, &comp), DOCA_SUCCESS);
	assert_int_equal(doca_dpa_completion_set_thread(comp, t), DOCA_SUCCESS);
	assert_int_equal(doca_dpa_completion_start(comp), DOCA_SUCCESS);
	assert_int_equal(doca_dpa_completion_get_dpa_handle(comp, &ch), DOCA_SUCCESS);
	assert_int_equal(doca_dpa_async_ops_create(f->dpa, 4, 0x42, &ops), DOCA_SUCCESS);
	assert_int_equal(doca_dpa_async_ops_attach(ops, comp), DOCA_SUCCESS);
	assert_int_equal(doca_dpa_async_ops_start(ops), DOCA_SUCCESS);
	assert_int_equal(doca_dpa_async_ops_get_dpa_handle(ops, &oh), DOCA_SUCCESS);
	tls[0] = ch;
	tls[1] = oh;
	tls[2] = mh;
	tls[3] = (uint64_t)(uintptr_t)host;
	tls[4] = (uint64_t)(uintptr_t)(host + 128);
	tls[5] = 128;
	tls[6] = rh;
	tls[7] = 0;
	assert_int_equal(doca_dpa_h2d_memcpy(f->dpa, tls_dev, tls, sizeof(tls)), DOCA_SUCCESS);
	/* The first activation comes from a notification; the rest from the completion. */
	assert_int_equal(doca_dpa_notification_completion_create(f->dpa, t, &nc), DOCA_SUCCESS);
	assert_int_equal(doca_dpa_notification_completion_start(nc), DOCA_SUCCESS);
	assert_int_equal(doca_dpa_notification_completion_get_dpa_handle(nc, &nh), DOCA_SUCCESS);
	assert_int_equal(doca_dpa_thread_run(t), DOCA_SUCCESS);
	assert_int_equal(doca_dpa_rpc(f->dpa, &notify_rpc, &ret, nh), DOCA_SUCCESS);
	assert_int_equal(dpa_t_wait_ge(rep, 1, 5000), 1000 + 0x42 + 5);
	assert_memory_equal(host, host + 128, 128);
	/* The context refuses to stop while objects live. */
	assert_int_equal(doca_dpa_stop(f->dpa), DOCA_ERROR_IN_USE);
	t_assert_logged("DPA threads", "destroy");
	assert_int_equal(doca_dpa_notification_completion_destroy(nc), DOCA_SUCCESS);
	assert_int_equal(doca_dpa_async_ops_destroy(ops), DOCA_SUCCESS);
	assert_int_equal(doca_dpa_completion_destroy(comp), DOCA_SUCCESS);
	assert_int_equal(doca_dpa_thread_destroy(t), DOCA_SUCCESS);
	assert_int_equal(doca_mmap_destroy(mm), DOCA_SUCCESS);
	assert_int_equal(doca_sync_event_destroy(rep), DOCA_SUCCESS);
}

static void test_hash_table(void **state)
{
	struct dpa_t_fx *f = *state;
	struct doca_dpa_hash_table *ht;
	doca_dpa_dev_hash_table_t h;
	uint64_t ret = 0;

	assert_int_equal(doca_dpa_hash_table_create(f->dpa, 12, &ht), DOCA_SUCCESS);
	assert_int_equal(doca_dpa_hash_table_get_dpa_handle(ht, &h), DOCA_SUCCESS);
	assert_int_equal(doca_dpa_rpc(f->dpa, &ht_roundtrip, &ret, h), DOCA_SUCCESS);
	assert_int_equal(ret, 7 * (55 - 3));
	assert_int_equal(doca_dpa_hash_table_destroy(ht), DOCA_SUCCESS);
}

static void test_flexio_process(void **state)
{
	struct dpa_t_fx *f = *state;
	struct flexio_process *p = NULL;

	assert_int_equal(softdpa_dpa_get_flexio_process(f->dpa, &p), DOCA_SUCCESS);
	assert_non_null(p);
	assert_ptr_equal(sdpa_flexio_process_dpa(p), f->dpa);
	assert_null(sdpa_flexio_process_dpa(NULL));
}

int main(void)
{
	/* These cases check the DPA heap's packed layout (errors and round trips at exact
	 * offsets); strict puts a guard page after every block (docs/DPA.md), so they run in
	 * the default mode whatever the environment says. tests/faults covers strict's heap. */
	setenv("SOFTDPA_FIDELITY", "faithful", 1);
	unsetenv("SOFTDPA_WINDOW");
	const struct CMUnitTest tests[] = {
	        cmocka_unit_test_setup_teardown(test_hello_wait_and_completion, setup,
	                                        dpa_t_fx_teardown),
	        cmocka_unit_test_setup_teardown(test_mixed_args_64_ranks, setup, dpa_t_fx_teardown),
	        cmocka_unit_test_setup_teardown(test_rpc_returns_value, setup, dpa_t_fx_teardown),
	        cmocka_unit_test_setup_teardown(test_notification_thread, setup, dpa_t_fx_teardown),
	        cmocka_unit_test_setup_teardown(test_heap_round_trip_and_poison, setup,
	                                        dpa_t_fx_teardown),
	        cmocka_unit_test_setup_teardown(test_sync_event_ping_pong, setup,
	                                        dpa_t_fx_teardown),
	        cmocka_unit_test_setup_teardown(test_launch_order, setup, dpa_t_fx_teardown),
	        cmocka_unit_test_setup_teardown(test_device_log_file_and_level, setup,
	                                        dpa_t_fx_teardown),
	        cmocka_unit_test_setup_teardown(test_mmap_window_and_buf_array, setup,
	                                        dpa_t_fx_teardown),
	        cmocka_unit_test_setup_teardown(test_async_memcpy_completion, setup,
	                                        dpa_t_fx_teardown),
	        cmocka_unit_test_setup_teardown(test_hash_table, setup, dpa_t_fx_teardown),
	        cmocka_unit_test_setup_teardown(test_flexio_process, setup, dpa_t_fx_teardown),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
