/* SPDX-License-Identifier: BSD-3-Clause
 * Window pitfalls (docs/WINDOWS.md): the forum case (P1) in every mode, P2, P3, P4, P5,
 * D13, stale and foreign window pointers — each with the faithful symptom (what the DPA
 * does) and the diagnostic (what softdpa says) — plus mode selection, line-granular
 * writeback under concurrency, and no fault per access after the first touch.
 */
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include <doca_buf_array.h>
#include <doca_dpa.h>
#include <doca_mmap.h>
#include <doca_sync_event.h>

#include "core/config.h"
#include "core/log.h"
#include "dpa/dpa.h"
#include "dpa/window.h"
#include "dpa_t.h"

extern struct doca_dpa_app *dpa_windows_app;
extern doca_dpa_func_t forum_stale, forum_refetch, window_repeat, win_store, win_store_load,
        buf_store, win_store_wait, win_poll, win_inv_before_wb, keep_ptr, use_kept, xeu_owner,
        xeu_user, win_notify, win_lines, win_sustain, win_outside_signal, buf_stale, stale_pages;

enum { PAGE = 4096, REGION = 2 * PAGE, WORDS = REGION / 8 };

struct fx {
	const char *mode;
	struct doca_dev *dev;
	struct doca_dpa *dpa;
	struct doca_sync_event *comp; /* DPA -> CPU, one per launch */
	uint64_t launches;
	doca_dpa_dev_uintptr_t out; /* 64 bytes of DPA heap */
};

/* Host memory exported as an mmap. */
struct hm {
	uint64_t *w;
	struct doca_mmap *mm;
	doca_dpa_dev_mmap_t h;
};

static int setup_mode(void **state, const char *mode)
{
	struct fx *f = calloc(1, sizeof(*f));

	f->mode = mode;
	setenv("SOFTDPA_WINDOW", mode, 1);
	unsetenv("SOFTDPA_STRICT_ABORT");
	sdpa_config_reload();
	f->dev = dpa_t_open_dev();
	f->dpa = dpa_t_start(f->dev, dpa_windows_app);
	f->comp = dpa_t_event(f->dev, f->dpa, 0);
	assert_int_equal(doca_dpa_mem_alloc(f->dpa, 64, &f->out), DOCA_SUCCESS);
	t_log_reset();
	*state = f;
	return 0;
}

static int setup_fast(void **state)
{
	return setup_mode(state, "fast");
}

static int setup_faithful(void **state)
{
	return setup_mode(state, "faithful");
}

static int setup_strict(void **state)
{
	return setup_mode(state, "strict");
}

static int teardown(void **state)
{
	struct fx *f = *state;

	assert_int_equal(doca_dpa_stop(f->dpa), DOCA_SUCCESS);
	assert_int_equal(doca_sync_event_destroy(f->comp), DOCA_SUCCESS);
	assert_int_equal(doca_dpa_destroy(f->dpa), DOCA_SUCCESS);
	assert_int_equal(doca_dev_close(f->dev), DOCA_SUCCESS);
	unsetenv("SOFTDPA_WINDOW");
	sdpa_config_reload();
	free(f);
	return 0;
}

static bool is_mode(const struct fx *f, const char *m)
{
	return strcmp(f->mode, m) == 0;
}

/* Page-aligned host memory, word i = base + i, as an mmap with 'perms'. */
static void hm_make(struct fx *f, struct hm *m, uint64_t base, uint32_t perms)
{
	m->w = aligned_alloc(PAGE, REGION);
	assert_non_null(m->w);
	for (unsigned int i = 0; i < WORDS; i++)
		m->w[i] = base + i;
	assert_int_equal(doca_mmap_create(&m->mm), DOCA_SUCCESS);
	assert_int_equal(doca_mmap_set_memrange(m->mm, m->w, REGION), DOCA_SUCCESS);
	assert_int_equal(doca_mmap_set_permissions(m->mm, perms), DOCA_SUCCESS);
	assert_int_equal(doca_mmap_add_dev(m->mm, f->dev), DOCA_SUCCESS);
	assert_int_equal(doca_mmap_start(m->mm), DOCA_SUCCESS);
	assert_int_equal(doca_mmap_dev_get_dpa_handle(m->mm, f->dev, &m->h), DOCA_SUCCESS);
}

static void hm_free(struct hm *m)
{
	assert_int_equal(doca_mmap_destroy(m->mm), DOCA_SUCCESS);
	free(m->w);
}

static uint64_t addr_of(const struct hm *m, unsigned int word)
{
	return (uint64_t)(uintptr_t)&m->w[word];
}

static uint64_t *out_ptr(struct fx *f)
{
	return (uint64_t *)(uintptr_t)f->out;
}

static void get_out(struct fx *f, uint64_t *v, size_t n)
{
	assert_int_equal(doca_dpa_d2h_memcpy(f->dpa, v, f->out, n * 8), DOCA_SUCCESS);
}

/* Launch 'kern' on n ranks and wait for it. */
#define RUN(f, n, kern, ...)                                                                       \
	do {                                                                                       \
		assert_int_equal(doca_dpa_kernel_launch_update_add((f)->dpa, NULL, 0, (f)->comp,   \
		                                                   1, (n), &(kern), __VA_ARGS__),  \
		                 DOCA_SUCCESS);                                                    \
		(f)->launches++;                                                                   \
		assert_int_equal(                                                                  \
		        doca_sync_event_wait_gt((f)->comp, (f)->launches - 1, UINT64_MAX),         \
		        DOCA_SUCCESS);                                                             \
	} while (0)

/* ---- the forum case (P1) ---- */

static void test_forum_case(void **state)
{
	struct fx *f = *state;
	struct hm a, b;
	uint64_t got[3], sum = 0;
	char want[64];

	hm_make(f, &a, 0xA000, DOCA_ACCESS_FLAG_LOCAL_READ_WRITE);
	hm_make(f, &b, 0xB000, DOCA_ACCESS_FLAG_LOCAL_READ_WRITE);

	/* Cached A pointer used after switching to B. */
	RUN(f, 1, forum_stale, a.h, addr_of(&a, 0), b.h, addr_of(&b, 0), out_ptr(f));
	get_out(f, got, 3);
	assert_int_equal(got[0], 0xB000);
	if (is_mode(f, "fast")) {
		/* fast: the pointer is A's host address and still works (unlike the DPA). */
		assert_int_equal(got[1], 0xA000);
		assert_int_equal(got[2], 0xA001);
		assert_int_equal(t_log_problems(), 0);
	} else {
		/* The real symptom: B's bytes at A's offset. */
		assert_int_equal(got[1], 0xB000);
		assert_int_equal(got[2], 0xB001);
	}
	if (is_mode(f, "faithful"))
		assert_int_equal(t_log_problems(), 0); /* same-size mmaps: nothing to see */
	if (is_mode(f, "strict")) {
		assert_int_equal(t_log_problems(), 1);
		snprintf(want, sizeof(want), "obtained for mmap %u (offset 0x0)", a.h);
		t_assert_logged("P1: kernel 'forum_stale' rank 0 of 1 on EU", want,
		                "a stale pointer after a switch");
		snprintf(want, sizeof(want), "bound to mmap %u", b.h);
		t_assert_logged(want,
		                "call doca_dpa_dev_mmap_get_external_ptr again after switching");
	}

	/* Re-fetching after the switch reads A in every mode. */
	t_log_reset();
	RUN(f, 1, forum_refetch, a.h, addr_of(&a, 0), b.h, addr_of(&b, 0), out_ptr(f));
	get_out(f, got, 3);
	assert_int_equal(got[0], 0xB000);
	assert_int_equal(got[1], 0xA000);
	assert_int_equal(got[2], 0xA001);
	assert_int_equal(t_log_problems(), 0);

	/* Many accesses to one region through one pointer are fine in every mode. */
	RUN(f, 1, window_repeat, a.h, addr_of(&a, 0), (uint32_t)5000, (uint32_t)700, out_ptr(f));
	for (unsigned int i = 0; i < 5000; i++)
		sum += 0xA000 + i % 512;
	get_out(f, got, 1);
	assert_int_equal(got[0], sum);
	assert_int_equal(a.w[700], sum);
	assert_int_equal(a.w[699], 0xA000 + 699);
	assert_int_equal(a.w[701], 0xA000 + 701);
	assert_int_equal(t_log_problems(), 0);
	hm_free(&a);
	hm_free(&b);
}

/* A stale pointer beyond the newly bound (smaller) mmap: faithful reports it. */
static void test_p1_outside(void **state)
{
	struct fx *f = *state;
	struct hm a, b;
	uint64_t got[3];
	char want[64];

	hm_make(f, &a, 0xA000, DOCA_ACCESS_FLAG_LOCAL_READ_WRITE);
	b.w = aligned_alloc(PAGE, PAGE);
	memset(b.w, 0x5B, PAGE);
	assert_int_equal(doca_mmap_create(&b.mm), DOCA_SUCCESS);
	assert_int_equal(doca_mmap_set_memrange(b.mm, b.w, PAGE), DOCA_SUCCESS);
	assert_int_equal(doca_mmap_add_dev(b.mm, f->dev), DOCA_SUCCESS);
	assert_int_equal(doca_mmap_start(b.mm), DOCA_SUCCESS);
	assert_int_equal(doca_mmap_dev_get_dpa_handle(b.mm, f->dev, &b.h), DOCA_SUCCESS);
	/* A's pointer to its second page, then bind B (one page): nothing behind it. */
	RUN(f, 1, forum_stale, a.h, addr_of(&a, 512), b.h, addr_of(&b, 0), out_ptr(f));
	get_out(f, got, 3);
	assert_int_equal(got[0], 0x5B5B5B5B5B5B5B5Bull);
	assert_int_equal(got[1], 0);
	assert_int_equal(got[2], 0);
	assert_int_equal(t_log_problems(), 1);
	if (is_mode(f, "strict")) {
		/* strict sees A's aperture first: a stale pointer of A. */
		snprintf(want, sizeof(want), "obtained for mmap %u (offset 0x1000)", a.h);
		t_assert_logged("P1: kernel 'forum_stale' rank 0 of 1 on EU", want,
		                "call doca_dpa_dev_mmap_get_external_ptr again after switching");
	} else {
		snprintf(want, sizeof(want), "beyond mmap %u (4096 bytes)", b.h);
		t_assert_logged("P1: kernel 'forum_stale' rank 0 of 1 on EU",
		                "window offset 0x1000", want, "Loads read 0 and stores are dropped",
		                "call doca_dpa_dev_mmap_get_external_ptr again after switching");
	}
	hm_free(&a);
	hm_free(&b);
}

/* A pointer kept in a static and used by a later launch, without binding. */
static void test_p1_kept_pointer(void **state)
{
	struct fx *f = *state;
	struct hm a;
	uint64_t got[1];

	hm_make(f, &a, 0xA000, DOCA_ACCESS_FLAG_LOCAL_READ_WRITE);
	RUN(f, 1, keep_ptr, a.h, addr_of(&a, 8), out_ptr(f));
	get_out(f, got, 1);
	assert_int_equal(got[0], 0xA008);
	RUN(f, 1, use_kept, out_ptr(f));
	get_out(f, got, 1);
	if (is_mode(f, "fast")) {
		assert_int_equal(got[0], 0xA008);
		assert_int_equal(t_log_problems(), 0);
	} else {
		assert_int_equal(got[0], 0); /* the window holds nothing any more */
		assert_int_equal(t_log_problems(), 1);
		/* Same EU: unbound; another EU: a foreign window. Either way, named. */
		t_assert_logged("kernel 'use_kept' rank 0 of 1 on EU", "window pointer",
		                "doca_dpa_dev_mmap_get_external_ptr");
	}
	hm_free(&a);
}

/* An mmap of 'pages' pages, word i = base + i. */
static void hm_pages(struct fx *f, struct hm *m, uint64_t base, unsigned int pages)
{
	m->w = aligned_alloc(PAGE, (size_t)pages * PAGE);
	assert_non_null(m->w);
	for (unsigned int i = 0; i < pages * PAGE / 8; i++)
		m->w[i] = base + i;
	assert_int_equal(doca_mmap_create(&m->mm), DOCA_SUCCESS);
	assert_int_equal(doca_mmap_set_memrange(m->mm, m->w, (size_t)pages * PAGE), DOCA_SUCCESS);
	assert_int_equal(doca_mmap_set_permissions(m->mm, DOCA_ACCESS_FLAG_LOCAL_READ_WRITE),
	                 DOCA_SUCCESS);
	assert_int_equal(doca_mmap_add_dev(m->mm, f->dev), DOCA_SUCCESS);
	assert_int_equal(doca_mmap_start(m->mm), DOCA_SUCCESS);
	assert_int_equal(doca_mmap_dev_get_dpa_handle(m->mm, f->dev, &m->h), DOCA_SUCCESS);
}

/* A buf array of n buffers of 'size' bytes over mmap m, for the base context. */
static void arr_of(struct fx *f, struct hm *m, unsigned int n, size_t size,
                   struct doca_buf_arr **arr, doca_dpa_dev_buf_arr_t *h)
{
	assert_int_equal(doca_buf_arr_create(n, arr), DOCA_SUCCESS);
	assert_int_equal(doca_buf_arr_set_target_dpa(*arr, f->dpa), DOCA_SUCCESS);
	assert_int_equal(doca_buf_arr_set_params(*arr, m->mm, size, 0), DOCA_SUCCESS);
	assert_int_equal(doca_buf_arr_start(*arr), DOCA_SUCCESS);
	assert_int_equal(doca_buf_arr_get_dpa_handle(*arr, h), DOCA_SUCCESS);
}

/* A stale pointer from doca_dpa_dev_buf_get_external_ptr: the fix names that call, not
 * the mmap one the user never made. */
static void test_p1_buf_names_its_call(void **state)
{
	struct fx *f = *state;
	struct doca_buf_arr *arr_a, *arr_b;
	doca_dpa_dev_buf_arr_t ha, hb;
	struct hm a, b;
	uint64_t got[2];

	hm_pages(f, &a, 0xA000, 2);
	hm_pages(f, &b, 0xB000, 1);
	arr_of(f, &a, 2, PAGE, &arr_a, &ha);
	arr_of(f, &b, 1, 64, &arr_b, &hb);
	/* Buffer 1 of A is A's second page; B has one page: nothing behind the stale one. */
	RUN(f, 1, buf_stale, ha, (uint64_t)1, hb, out_ptr(f));
	get_out(f, got, 2);
	assert_int_equal(got[0], 0xB000);
	assert_int_equal(got[1], 0);
	assert_int_equal(t_log_problems(), 1);
	t_assert_logged("P1: kernel 'buf_stale' rank 0 of 1 on EU",
	                "call doca_dpa_dev_buf_get_external_ptr again after switching");
	{
		char last[1024];

		sdpa_log_last_problem(last, sizeof(last));
		assert_null(strstr(last, "doca_dpa_dev_mmap_get_external_ptr"));
	}
	assert_int_equal(doca_buf_arr_destroy(arr_a), DOCA_SUCCESS);
	assert_int_equal(doca_buf_arr_destroy(arr_b), DOCA_SUCCESS);
	hm_free(&a);
	hm_free(&b);
}

/* strict reports every stale access of every launch (each first touch of a page), and
 * says how many it could not log; faithful reports a kind once per kernel. */
static void test_p1_every_access(void **state)
{
	struct fx *f = *state;
	struct hm a, b;
	uint64_t got[1];
	char last[1024];
	bool strict = is_mode(f, "strict");

	hm_pages(f, &a, 0xA000, 16);
	hm_pages(f, &b, 0xB000, 1);
	/* Pages 0..2 of A's pointer after switching to one-page B. */
	RUN(f, 1, stale_pages, a.h, addr_of(&a, 0), b.h, addr_of(&b, 0), (uint32_t)3, out_ptr(f));
	get_out(f, got, 1);
	assert_int_equal(t_log_problems(), strict ? 3 : 1);
	/* Launched again: strict reports again; faithful said it already. */
	t_log_reset();
	RUN(f, 1, stale_pages, a.h, addr_of(&a, 0), b.h, addr_of(&b, 0), (uint32_t)3, out_ptr(f));
	assert_int_equal(t_log_problems(), strict ? 3 : 0);
	/* 12 pages with no device call in between: 8 reports wait, 4 are counted. */
	t_log_reset();
	RUN(f, 1, stale_pages, a.h, addr_of(&a, 0), b.h, addr_of(&b, 0), (uint32_t)12, out_ptr(f));
	if (strict) {
		assert_int_equal(t_log_problems(), 9);
		sdpa_log_last_problem(last, sizeof(last));
		assert_non_null(strstr(last, "4 more stale window pointer access(es)"));
		t_assert_logged("kernel 'stale_pages' rank 0 of 1 on EU", "trapped but not logged");
	} else {
		assert_int_equal(t_log_problems(), 0);
	}
	hm_free(&a);
	hm_free(&b);
}

/* ---- P2 ---- */

static void test_p2_symptom(void **state)
{
	struct fx *f = *state;
	struct hm a;

	hm_make(f, &a, 0xA000, DOCA_ACCESS_FLAG_LOCAL_READ_WRITE);
	RUN(f, 1, win_store, a.h, addr_of(&a, 0), (uint64_t)0x1234, (uint32_t)0);
	/* faithful/strict: never written back, never seen; fast: seen (unlike the DPA). */
	assert_int_equal(a.w[0], is_mode(f, "fast") ? 0x1234 : 0xA000);
	RUN(f, 1, win_store, a.h, addr_of(&a, 0), (uint64_t)0x5678, (uint32_t)1);
	assert_int_equal(a.w[0], 0x5678);
	assert_int_equal(a.w[1], 0xA001);
	hm_free(&a);
}

static void test_p2_diagnostic(void **state)
{
	struct fx *f = *state;
	struct hm a;
	char want[64];

	hm_make(f, &a, 0xA000, DOCA_ACCESS_FLAG_LOCAL_READ_WRITE);
	RUN(f, 1, win_store, a.h, addr_of(&a, 8), (uint64_t)0x1234, (uint32_t)0);
	assert_int_equal(t_log_problems(), 1);
	snprintf(want, sizeof(want), "stored 1 line(s) (64 B) into mmap %u", a.h);
	t_assert_logged("P2: kernel 'win_store' rank 0 of 1 on EU", want,
	                "returned without __dpa_thread_window_writeback",
	                "Fix: call __dpa_thread_window_writeback() after the stores");
	/* Once per kernel; the correct kernel says nothing. */
	RUN(f, 1, win_store, a.h, addr_of(&a, 8), (uint64_t)0x1234, (uint32_t)0);
	RUN(f, 1, win_store, a.h, addr_of(&a, 8), (uint64_t)0x4321, (uint32_t)1);
	assert_int_equal(t_log_problems(), 1);
	assert_int_equal(a.w[8], 0x4321);

	/* read_inv before writeback discards the stores. */
	t_log_reset();
	RUN(f, 1, win_inv_before_wb, a.h, addr_of(&a, 16), (uint64_t)0x99);
	assert_int_equal(a.w[16], 0xA010);
	assert_int_equal(t_log_problems(), 1);
	t_assert_logged(
	        "P2: kernel 'win_inv_before_wb'", "called __dpa_thread_window_read_inv",
	        "1 line(s) of stores", "discards them",
	        "call __dpa_thread_window_writeback() before __dpa_thread_window_read_inv()");
	hm_free(&a);
}

/* Host writes to other lines, and other bytes of the stored line, survive a writeback. */
static void test_p2_line_granularity(void **state)
{
	struct fx *f = *state;
	struct doca_sync_event *started = dpa_t_event(f->dev, f->dpa, 0);
	struct doca_sync_event *done = dpa_t_event(f->dev, f->dpa, 1);
	doca_dpa_dev_sync_event_t sh, dh;
	struct hm a;

	hm_make(f, &a, 0xA000, DOCA_ACCESS_FLAG_LOCAL_READ_WRITE);
	assert_int_equal(doca_sync_event_get_dpa_handle(started, f->dpa, &sh), DOCA_SUCCESS);
	assert_int_equal(doca_sync_event_get_dpa_handle(done, f->dpa, &dh), DOCA_SUCCESS);
	assert_int_equal(doca_dpa_kernel_launch_update_add(f->dpa, NULL, 0, f->comp, 1, 1,
	                                                   &win_store_wait, a.h, addr_of(&a, 0), sh,
	                                                   dh, (uint64_t)0x77),
	                 DOCA_SUCCESS);
	f->launches++;
	assert_int_equal(doca_sync_event_wait_gt(started, 0, UINT64_MAX), DOCA_SUCCESS);
	/* The kernel's page is cached with word 0 stored; the host writes around it. */
	__atomic_store_n(&a.w[1], 0x1111, __ATOMIC_RELAXED);   /* same line, other word */
	__atomic_store_n(&a.w[8], 0x2222, __ATOMIC_RELAXED);   /* next line */
	__atomic_store_n(&a.w[511], 0x3333, __ATOMIC_RELAXED); /* last line of the page */
	assert_int_equal(doca_sync_event_update_set(done, 1), DOCA_SUCCESS);
	assert_int_equal(doca_sync_event_wait_gt(f->comp, f->launches - 1, UINT64_MAX),
	                 DOCA_SUCCESS);
	assert_int_equal(a.w[0], 0x77);
	assert_int_equal(a.w[1], 0x1111);
	assert_int_equal(a.w[2], 0xA002);
	assert_int_equal(a.w[8], 0x2222);
	assert_int_equal(a.w[511], 0x3333);
	assert_int_equal(t_log_problems(), 0);
	hm_free(&a);
	assert_int_equal(doca_sync_event_destroy(started), DOCA_SUCCESS);
	assert_int_equal(doca_sync_event_destroy(done), DOCA_SUCCESS);
}

/* ---- P3 ---- */

static void poll_once(struct fx *f, struct hm *a, uint32_t inv, uint64_t got[2])
{
	struct doca_sync_event *started = dpa_t_event(f->dev, f->dpa, 0);
	struct doca_sync_event *done = dpa_t_event(f->dev, f->dpa, 1);
	doca_dpa_dev_sync_event_t sh, dh;

	a->w[64] = 0;
	assert_int_equal(doca_sync_event_get_dpa_handle(started, f->dpa, &sh), DOCA_SUCCESS);
	assert_int_equal(doca_sync_event_get_dpa_handle(done, f->dpa, &dh), DOCA_SUCCESS);
	assert_int_equal(doca_dpa_kernel_launch_update_add(f->dpa, NULL, 0, f->comp, 1, 1,
	                                                   &win_poll, a->h, addr_of(a, 64), sh, dh,
	                                                   inv, (uint32_t)2000, out_ptr(f)),
	                 DOCA_SUCCESS);
	f->launches++;
	assert_int_equal(doca_sync_event_wait_gt(started, 0, UINT64_MAX), DOCA_SUCCESS);
	__atomic_store_n(&a->w[64], 1, __ATOMIC_RELAXED); /* the host raises the flag */
	assert_int_equal(doca_sync_event_update_set(done, 1), DOCA_SUCCESS);
	assert_int_equal(doca_sync_event_wait_gt(f->comp, f->launches - 1, UINT64_MAX),
	                 DOCA_SUCCESS);
	get_out(f, got, 2);
	assert_int_equal(doca_sync_event_destroy(started), DOCA_SUCCESS);
	assert_int_equal(doca_sync_event_destroy(done), DOCA_SUCCESS);
}

static void test_p3_symptom(void **state)
{
	struct fx *f = *state;
	struct hm a;
	uint64_t got[2];

	hm_make(f, &a, 0, DOCA_ACCESS_FLAG_LOCAL_READ_WRITE);
	poll_once(f, &a, 0, got);
	if (is_mode(f, "fast")) {
		assert_int_equal(got[0], 1); /* sees it at once (unlike the DPA) */
		assert_int_equal(got[1], 0);
	} else {
		assert_int_equal(got[0], 0); /* 2000 polls of the cached line: never */
		assert_int_equal(got[1], 2000);
	}
	poll_once(f, &a, 1, got); /* with read_inv every poll */
	assert_int_equal(got[0], 1);
	assert_int_equal(got[1], 0);
	hm_free(&a);
}

static void test_p3_diagnostic(void **state)
{
	struct fx *f = *state;
	struct hm a;
	uint64_t got[2];
	char want[64];

	hm_make(f, &a, 0, DOCA_ACCESS_FLAG_LOCAL_READ_WRITE);
	poll_once(f, &a, 1, got);
	assert_int_equal(t_log_problems(), 0); /* the correct loop is quiet */
	poll_once(f, &a, 0, got);
	assert_int_equal(t_log_problems(), 1);
	snprintf(want, sizeof(want), "loaded mmap %u at offset 0x200", a.h);
	t_assert_logged("P3: kernel 'win_poll' rank 0 of 1 on EU", want,
	                "the host changed that line while it was cached",
	                "never called __dpa_thread_window_read_inv",
	                "Fix: call __dpa_thread_window_read_inv() before every read");
	hm_free(&a);
}

/* ---- P4 ---- */

static void test_p4(void **state)
{
	struct fx *f = *state;
	struct hm a;
	char want[96];

	hm_make(f, &a, 0xA000, DOCA_ACCESS_FLAG_LOCAL_READ_WRITE);
	RUN(f, 1, win_store, a.h, addr_of(&a, 9), (uint64_t)0x44, (uint32_t)1);
	/* Symptom: the misaligned window's stores never reach the host, silently on the DPA. */
	assert_int_equal(a.w[9], 0xA009);
	assert_int_equal(t_log_problems(), 1);
	snprintf(want, sizeof(want), "binds mmap %u at address 0x%llx", a.h,
	         (unsigned long long)addr_of(&a, 9));
	t_assert_logged("P4: kernel 'win_store' rank 0 of 1 on EU", want,
	                "not 64-byte aligned (byte 8 of its line)",
	                "align the mmap range, the buffer start and the element size to 64 bytes");
	/* Aligned: fine. */
	t_log_reset();
	RUN(f, 1, win_store, a.h, addr_of(&a, 16), (uint64_t)0x45, (uint32_t)1);
	assert_int_equal(a.w[16], 0x45);
	assert_int_equal(t_log_problems(), 0);
	hm_free(&a);
}

/* ---- P5 ---- */

static void arr_make(struct fx *f, struct doca_dpa *target, struct hm *a, struct doca_buf_arr **arr,
                     doca_dpa_dev_buf_arr_t *h)
{
	assert_int_equal(doca_buf_arr_create(4, arr), DOCA_SUCCESS);
	assert_int_equal(doca_buf_arr_set_target_dpa(*arr, target), DOCA_SUCCESS);
	assert_int_equal(doca_buf_arr_set_params(*arr, a->mm, 64, 0), DOCA_SUCCESS);
	assert_int_equal(doca_buf_arr_start(*arr), DOCA_SUCCESS);
	assert_int_equal(doca_buf_arr_get_dpa_handle(*arr, h), DOCA_SUCCESS);
	(void)f;
}

static void test_p5(void **state)
{
	struct fx *f = *state;
	struct doca_dpa *ext;
	struct doca_buf_arr *arr, *arr_pf;
	doca_dpa_dev_buf_arr_t h, h_pf;
	struct hm a;

	hm_make(f, &a, 0xA000, DOCA_ACCESS_FLAG_LOCAL_READ_WRITE);
	assert_int_equal(doca_dpa_device_extend(f->dpa, f->dev, &ext), DOCA_SUCCESS);
	arr_make(f, ext, &a, &arr, &h);
	arr_make(f, f->dpa, &a, &arr_pf, &h_pf);
	RUN(f, 1, buf_store, h, (uint64_t)2, (uint64_t)0x55);
	/* Symptom: updating the pointer does not work. */
	assert_int_equal(a.w[16], 0xA010);
	assert_int_equal(t_log_problems(), 1);
	t_assert_logged("P5: kernel 'buf_store' rank 0 of 1 on EU", "a buffer of a buf array",
	                "extended DPA context (doca_dpa_device_extend)",
	                "updating the returned pointer does not work",
	                "create the mmap / buf array for the PF device and its base DPA context");
	t_log_reset();
	RUN(f, 1, buf_store, h_pf, (uint64_t)2, (uint64_t)0x56);
	assert_int_equal(a.w[16], 0x56);
	assert_int_equal(t_log_problems(), 0);
	assert_int_equal(doca_buf_arr_destroy(arr), DOCA_SUCCESS);
	assert_int_equal(doca_buf_arr_destroy(arr_pf), DOCA_SUCCESS);
	assert_int_equal(doca_dpa_destroy(ext), DOCA_SUCCESS);
	hm_free(&a);
}

/* ---- D13 ---- */

static void test_d13_read_only(void **state)
{
	struct fx *f = *state;
	struct hm a;
	uint64_t got[1];
	char want[96];

	hm_make(f, &a, 0xA000, DOCA_ACCESS_FLAG_LOCAL_READ_ONLY);
	RUN(f, 1, win_store_load, a.h, addr_of(&a, 0), (uint64_t)0xD13, out_ptr(f));
	get_out(f, got, 1);
	assert_int_equal(got[0], 0xD13);  /* the kernel sees its own store in the cache... */
	assert_int_equal(a.w[0], 0xA000); /* ...the host never does */
	assert_int_equal(t_log_problems(), 1);
	snprintf(want, sizeof(want), "stored 1 line(s) through its window into mmap %u", a.h);
	t_assert_logged("D13: kernel 'win_store_load' rank 0 of 1 on EU", want,
	                "lack DOCA_ACCESS_FLAG_LOCAL_READ_WRITE", "the stores are dropped",
	                "doca_mmap_set_permissions");
	hm_free(&a);
}

/* ---- when a report is logged ---- */

/* Faithful only: the offset is inside the 16 GiB aperture (strict's aperture ends with
 * the mmap, and fast would read the host's memory past the buffer). A fault report is in
 * the log before the host sees the kernel's next device call take effect, not only when
 * the kernel returns. */
static void test_report_before_next_call(void **state)
{
	struct fx *f = *state;
	struct doca_sync_event *started = dpa_t_event(f->dev, f->dpa, 0);
	struct doca_sync_event *release = dpa_t_event(f->dev, f->dpa, 1);
	doca_dpa_dev_sync_event_t sh, rh;
	uint64_t got[1];
	struct hm a;

	hm_make(f, &a, 0xA000, DOCA_ACCESS_FLAG_LOCAL_READ_WRITE);
	assert_int_equal(doca_sync_event_get_dpa_handle(started, f->dpa, &sh), DOCA_SUCCESS);
	assert_int_equal(doca_sync_event_get_dpa_handle(release, f->dpa, &rh), DOCA_SUCCESS);
	assert_int_equal(doca_dpa_kernel_launch_update_add(f->dpa, NULL, 0, f->comp, 1, 1,
	                                                   &win_outside_signal, a.h, addr_of(&a, 0),
	                                                   out_ptr(f), sh, rh),
	                 DOCA_SUCCESS);
	f->launches++;
	assert_int_equal(doca_sync_event_wait_gt(started, 0, UINT64_MAX), DOCA_SUCCESS);
	/* The kernel still holds its EU (it waits for 'release'). */
	assert_int_equal(t_log_problems(), 1);
	t_assert_logged("P1: kernel 'win_outside_signal' rank 0 of 1 on EU", "beyond mmap",
	                "Loads read 0");
	assert_int_equal(doca_sync_event_update_set(release, 1), DOCA_SUCCESS);
	assert_int_equal(doca_sync_event_wait_gt(f->comp, f->launches - 1, UINT64_MAX),
	                 DOCA_SUCCESS);
	get_out(f, got, 1);
	assert_int_equal(got[0], 0);
	assert_int_equal(t_log_problems(), 1);
	assert_int_equal(doca_sync_event_destroy(started), DOCA_SUCCESS);
	assert_int_equal(doca_sync_event_destroy(release), DOCA_SUCCESS);
	hm_free(&a);
}

/* ---- a window pointer used on another EU ---- */

static void test_foreign_eu(void **state)
{
	struct fx *f = *state;
	struct doca_sync_event *started = dpa_t_event(f->dev, f->dpa, 0);
	struct doca_sync_event *release = dpa_t_event(f->dev, f->dpa, 1);
	struct doca_sync_event *used = dpa_t_event(f->dev, f->dpa, 0);
	doca_dpa_dev_sync_event_t sh, rh, uh;
	doca_dpa_dev_uintptr_t tls, slot, res;
	struct doca_dpa_thread *t;
	struct doca_dpa_notification_completion *nc;
	doca_dpa_dev_notification_completion_t nh;
	uint64_t v[3], got = 0, ret;
	struct hm a;

	hm_make(f, &a, 0xA000, DOCA_ACCESS_FLAG_LOCAL_READ_WRITE);
	assert_int_equal(doca_sync_event_get_dpa_handle(started, f->dpa, &sh), DOCA_SUCCESS);
	assert_int_equal(doca_sync_event_get_dpa_handle(release, f->dpa, &rh), DOCA_SUCCESS);
	assert_int_equal(doca_sync_event_get_dpa_handle(used, f->dpa, &uh), DOCA_SUCCESS);
	assert_int_equal(doca_dpa_mem_alloc(f->dpa, 24, &tls), DOCA_SUCCESS);
	assert_int_equal(doca_dpa_mem_alloc(f->dpa, 8, &slot), DOCA_SUCCESS);
	assert_int_equal(doca_dpa_mem_alloc(f->dpa, 8, &res), DOCA_SUCCESS);
	v[0] = slot;
	v[1] = res;
	v[2] = uh;
	assert_int_equal(doca_dpa_h2d_memcpy(f->dpa, tls, v, sizeof(v)), DOCA_SUCCESS);
	assert_int_equal(doca_dpa_thread_create(f->dpa, &t), DOCA_SUCCESS);
	assert_int_equal(doca_dpa_thread_set_func_arg(t, &xeu_user, 0), DOCA_SUCCESS);
	assert_int_equal(doca_dpa_thread_set_local_storage(t, tls), DOCA_SUCCESS);
	assert_int_equal(doca_dpa_thread_start(t), DOCA_SUCCESS);
	assert_int_equal(doca_dpa_notification_completion_create(f->dpa, t, &nc), DOCA_SUCCESS);
	assert_int_equal(doca_dpa_notification_completion_start(nc), DOCA_SUCCESS);
	assert_int_equal(doca_dpa_notification_completion_get_dpa_handle(nc, &nh), DOCA_SUCCESS);
	assert_int_equal(doca_dpa_thread_run(t), DOCA_SUCCESS);

	/* The owner binds A on its EU and keeps that EU busy. */
	assert_int_equal(doca_dpa_kernel_launch_update_add(f->dpa, NULL, 0, f->comp, 1, 1,
	                                                   &xeu_owner, a.h, addr_of(&a, 8),
	                                                   (uint64_t *)(uintptr_t)slot, sh, rh),
	                 DOCA_SUCCESS);
	f->launches++;
	assert_int_equal(doca_sync_event_wait_gt(started, 0, UINT64_MAX), DOCA_SUCCESS);
	/* The thread runs on another EU and dereferences the owner's pointer. */
	assert_int_equal(doca_dpa_rpc(f->dpa, &win_notify, &ret, nh), DOCA_SUCCESS);
	assert_int_equal(dpa_t_wait_ge(used, 1, 5000), 1);
	assert_int_equal(doca_dpa_d2h_memcpy(f->dpa, &got, res, 8), DOCA_SUCCESS);
	assert_int_equal(doca_sync_event_update_set(release, 1), DOCA_SUCCESS);
	assert_int_equal(doca_sync_event_wait_gt(f->comp, f->launches - 1, UINT64_MAX),
	                 DOCA_SUCCESS);
	if (is_mode(f, "fast")) {
		assert_int_equal(got, 0xA008);
		assert_int_equal(t_log_problems(), 0);
	} else {
		/* softdpa serves it from the owner's window (the owner is bound to A). */
		assert_int_equal(got, 0xA008);
		assert_int_equal(t_log_problems(), 1);
		t_assert_logged("(kernel 'xeu_user', rank 0) on EU", "used a window pointer of EU",
		                "bound to mmap", "windows are per thread",
		                "in the thread that dereferences the pointer");
	}
	assert_int_equal(doca_dpa_notification_completion_destroy(nc), DOCA_SUCCESS);
	assert_int_equal(doca_dpa_thread_destroy(t), DOCA_SUCCESS);
	assert_int_equal(doca_sync_event_destroy(started), DOCA_SUCCESS);
	assert_int_equal(doca_sync_event_destroy(release), DOCA_SUCCESS);
	assert_int_equal(doca_sync_event_destroy(used), DOCA_SUCCESS);
	hm_free(&a);
}

/* ---- concurrency: 64 ranks on 4 EUs write their own lines of two shared pages ---- */

static void test_lines_concurrent(void **state)
{
	struct fx *f = *state;
	struct hm a;

	hm_make(f, &a, 0xA000, DOCA_ACCESS_FLAG_LOCAL_READ_WRITE);
	for (int round = 0; round < 5; round++) {
		memset(a.w, 0, REGION);
		RUN(f, 128, win_lines, a.h, addr_of(&a, 0));
		for (unsigned int r = 0; r < 128; r++)
			for (unsigned int i = 0; i < 8; i++)
				assert_int_equal(a.w[r * 8 + i], ((uint64_t)r << 32) | i);
	}
	assert_int_equal(t_log_problems(), 0);
	hm_free(&a);
}

/* ---- performance: no fault per access once a page is cached ---- */

static void test_no_fault_per_access(void **state)
{
	struct fx *f = *state;
	struct hm a;
	uint64_t before = sdpa_window_faults(), got[1], s = 0;

	hm_make(f, &a, 1, DOCA_ACCESS_FLAG_LOCAL_READ_WRITE);
	RUN(f, 1, win_sustain, a.h, addr_of(&a, 0), (uint32_t)512, (uint32_t)200, out_ptr(f));
	if (is_mode(f, "fast")) {
		assert_int_equal(sdpa_window_faults() - before, 0);
	} else {
		/* 204800 loads and stores: one fill, one read-only -> writable upgrade. */
		assert_true(sdpa_window_faults() - before <= 2);
		assert_true(sdpa_window_faults() - before >= 1);
	}
	{
		uint64_t w[512];

		for (unsigned int i = 0; i < 512; i++)
			w[i] = 1 + i;
		for (unsigned int k = 0; k < 200; k++)
			for (unsigned int i = 0; i < 512; i++) {
				s += w[i];
				w[i] = s;
			}
		get_out(f, got, 1);
		assert_int_equal(got[0], s);
		for (unsigned int i = 0; i < 512; i++)
			assert_int_equal(a.w[i], w[i]);
	}
	assert_int_equal(t_log_problems(), 0);
	hm_free(&a);
}

/* ---- mode selection ---- */

static void test_mode_bogus_is_faithful(void **state)
{
	struct hm a, b;
	struct fx *f;
	uint64_t got[3];

	(void)state;
	setenv("SOFTDPA_WINDOW", "bogus", 1);
	t_log_reset();
	sdpa_config_reload();
	t_assert_logged("SOFTDPA_WINDOW='bogus' is not a window mode", "faithful");
	assert_int_equal(sdpa_config_get()->window, SDPA_WINDOW_FAITHFUL);
	f = calloc(1, sizeof(*f));
	f->mode = "faithful";
	f->dev = dpa_t_open_dev();
	f->dpa = dpa_t_start(f->dev, dpa_windows_app);
	f->comp = dpa_t_event(f->dev, f->dpa, 0);
	assert_int_equal(doca_dpa_mem_alloc(f->dpa, 64, &f->out), DOCA_SUCCESS);
	hm_make(f, &a, 0xA000, DOCA_ACCESS_FLAG_LOCAL_READ_WRITE);
	hm_make(f, &b, 0xB000, DOCA_ACCESS_FLAG_LOCAL_READ_WRITE);
	RUN(f, 1, forum_stale, a.h, addr_of(&a, 0), b.h, addr_of(&b, 0), out_ptr(f));
	get_out(f, got, 3);
	assert_int_equal(got[1], 0xB000);
	hm_free(&a);
	hm_free(&b);
	teardown((void **)&f);
}

/* SOFTDPA_STRICT_ABORT=1: a strict violation ends the process with the report. */
static void test_strict_abort(void **state)
{
	int fds[2], status;
	char buf[4096] = "";
	size_t n = 0;
	pid_t pid;

	(void)state;
	assert_int_equal(pipe(fds), 0);
	pid = fork();
	assert_true(pid >= 0);
	if (pid == 0) {
		struct fx *f;
		struct hm a, b;

		dup2(fds[1], STDERR_FILENO);
		close(fds[0]);
		setenv("SOFTDPA_STRICT_ABORT", "1", 1);
		setenv("SOFTDPA_WINDOW", "strict", 1);
		sdpa_config_reload();
		f = calloc(1, sizeof(*f));
		f->dev = dpa_t_open_dev();
		f->dpa = dpa_t_start(f->dev, dpa_windows_app);
		f->comp = dpa_t_event(f->dev, f->dpa, 0);
		assert_int_equal(doca_dpa_mem_alloc(f->dpa, 64, &f->out), DOCA_SUCCESS);
		hm_make(f, &a, 0xA000, DOCA_ACCESS_FLAG_LOCAL_READ_WRITE);
		hm_make(f, &b, 0xB000, DOCA_ACCESS_FLAG_LOCAL_READ_WRITE);
		RUN(f, 1, forum_stale, a.h, addr_of(&a, 0), b.h, addr_of(&b, 0), out_ptr(f));
		_exit(0); /* not reached */
	}
	close(fds[1]);
	for (ssize_t r;
	     n < sizeof(buf) - 1 && (r = read(fds[0], buf + n, sizeof(buf) - 1 - n)) > 0;)
		n += (size_t)r;
	buf[n] = '\0';
	close(fds[0]);
	assert_int_equal(waitpid(pid, &status, 0), pid);
	assert_true(WIFSIGNALED(status));
	assert_int_equal(WTERMSIG(status), SIGABRT);
	assert_non_null(strstr(buf, "SOFTDPA_STRICT_ABORT=1"));
	assert_non_null(strstr(buf, "P1: kernel 'forum_stale' rank 0 of 1 on EU"));
	assert_non_null(
	        strstr(buf, "call doca_dpa_dev_mmap_get_external_ptr again after switching"));
}

#define ALL_MODES(fn)                                                                              \
	cmocka_unit_test_setup_teardown(fn, setup_fast, teardown),                                 \
	        cmocka_unit_test_setup_teardown(fn, setup_faithful, teardown),                     \
	        cmocka_unit_test_setup_teardown(fn, setup_strict, teardown)
#define MODELLED(fn)                                                                               \
	cmocka_unit_test_setup_teardown(fn, setup_faithful, teardown),                             \
	        cmocka_unit_test_setup_teardown(fn, setup_strict, teardown)

int main(void)
{
	/* Each case chooses its mode with SOFTDPA_WINDOW (the first name of the fidelity
	 * setting); a SOFTDPA_FIDELITY from the caller's environment would win over it. */
	unsetenv("SOFTDPA_FIDELITY");
	const struct CMUnitTest tests[] = {
	        ALL_MODES(test_forum_case),
	        MODELLED(test_p1_outside),
	        ALL_MODES(test_p1_kept_pointer),
	        MODELLED(test_p1_buf_names_its_call),
	        MODELLED(test_p1_every_access),
	        ALL_MODES(test_p2_symptom),
	        MODELLED(test_p2_diagnostic),
	        ALL_MODES(test_p2_line_granularity),
	        ALL_MODES(test_p3_symptom),
	        MODELLED(test_p3_diagnostic),
	        MODELLED(test_p4),
	        MODELLED(test_p5),
	        MODELLED(test_d13_read_only),
	        ALL_MODES(test_foreign_eu),
	        cmocka_unit_test_setup_teardown(test_report_before_next_call, setup_faithful,
	                                        teardown),
	        ALL_MODES(test_lines_concurrent),
	        ALL_MODES(test_no_fault_per_access),
	        cmocka_unit_test(test_mode_bogus_is_faithful),
	        cmocka_unit_test(test_strict_abort),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
