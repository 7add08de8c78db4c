/* SPDX-License-Identifier: BSD-3-Clause
 * Kernel faults contained (docs/DPA.md, "Kernel faults"): a kernel that dereferences NULL,
 * stores through a wild pointer, traps, overflows its stack or divides by zero ends with a
 * device fault reported with its name; its context enters the error state; the host
 * process goes on and tears the context down. Faults of host code stay the process's own.
 * Every case runs in fast, faithful and strict.
 */
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/wait.h>
#include <unistd.h>

#include <doca_dpa.h>
#include <doca_mmap.h>
#include <doca_sync_event.h>

#include "core/config.h"
#include "dpa/dpa.h"
#include "dpa/fault.h"
#include "dpa/window.h"
#include "dpa_t.h"

extern struct doca_dpa_app *dpa_faults_app;
extern doca_dpa_func_t launch_load, launch_store, launch_trap, launch_overflow, launch_divide,
        launch_memcpy, launch_heap_fill, launch_window_then_load, thread_load, rpc_load, rpc_notify,
        rpc_alive;

struct fx {
	const char *mode;
	struct doca_dev *dev;
	struct doca_dpa *dpa;
	struct doca_sync_event *comp; /* launches' completion event */
	struct doca_sync_event *done; /* kernels add 1 once past their fault */
	doca_dpa_dev_sync_event_t done_h;
	stack_t altstack; /* the caller's alternate stack before any RPC */
};

static int setup_mode(void **state, const char *mode)
{
	struct fx *f = calloc(1, sizeof(*f));

	f->mode = mode;
	assert_int_equal(sigaltstack(NULL, &f->altstack), 0);
	setenv("SOFTDPA_WINDOW", mode, 1);
	sdpa_config_reload();
	f->dev = dpa_t_open_dev();
	f->dpa = dpa_t_start(f->dev, dpa_faults_app);
	f->comp = dpa_t_event(f->dev, f->dpa, 0);
	f->done = dpa_t_event(f->dev, f->dpa, 0);
	assert_int_equal(doca_sync_event_get_dpa_handle(f->done, f->dpa, &f->done_h), DOCA_SUCCESS);
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

/* Teardown after a fault: the faulted launch never completed, so stop drops it; then the
 * events and the context go, and the process is still here to check it. */
static int teardown(void **state)
{
	struct fx *f = *state;

	assert_int_equal(doca_dpa_stop(f->dpa), DOCA_SUCCESS);
	assert_int_equal(doca_sync_event_destroy(f->done), DOCA_SUCCESS);
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

/* Poll doca_dpa_peek_at_last_error until it reports the error state (or 30 s pass). */
static doca_error_t wait_fatal(struct doca_dpa *dpa)
{
	uint64_t end = dpa_t_ms() + 30000;
	doca_error_t r;

	while ((r = doca_dpa_peek_at_last_error(dpa)) == DOCA_SUCCESS && dpa_t_ms() < end)
		sched_yield();
	return r;
}

/* The context is fatal: launches and RPCs refuse; the kernel never got past its fault. */
static void assert_context_fatal(struct fx *f)
{
	uint64_t ret = 0;

	assert_int_equal(wait_fatal(f->dpa), DOCA_ERROR_BAD_STATE);
	assert_int_equal(doca_dpa_rpc(f->dpa, &rpc_alive, &ret, (uint64_t)1), DOCA_ERROR_BAD_STATE);
	assert_int_equal(doca_dpa_kernel_launch_update_set(f->dpa, NULL, 0, NULL, 0, 1,
	                                                   &launch_trap, (uint64_t)0, f->done_h),
	                 DOCA_ERROR_BAD_STATE);
	assert_int_equal(dpa_t_wait_ge(f->done, 1, 50), 0);
	assert_int_equal(dpa_t_wait_ge(f->comp, 1, 10), 0);
}

/* Launch 'kern' on one rank with (arg, done) and wait for the context to turn fatal; the
 * fault line is logged before the context turns fatal, so it is the latest problem. */
static void launch_and_fault(struct fx *f, doca_dpa_func_t *kern, uint64_t arg)
{
	uint64_t before = sdpa_fault_count();

	assert_int_equal(doca_dpa_kernel_launch_update_set(f->dpa, NULL, 0, f->comp, 1, 1, kern,
	                                                   arg, f->done_h),
	                 DOCA_SUCCESS);
	assert_int_equal(wait_fatal(f->dpa), DOCA_ERROR_BAD_STATE);
	assert_true(sdpa_fault_count() > before);
}

/* A wild address: inside a reserved range with no access (an unmapped one could be
 * mapped again by the time the kernel runs). */
static void *wild_range;

static uint64_t wild_address(void)
{
	if (wild_range == NULL) {
		wild_range = mmap(NULL, 1 << 16, PROT_NONE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
		assert_true(wild_range != MAP_FAILED);
	}
	return (uint64_t)(uintptr_t)wild_range + 0x1230;
}

static void test_null_load(void **state)
{
	struct fx *f = *state;

	launch_and_fault(f, &launch_load, 0);
	t_assert_logged("kernel 'launch_load' rank 0 of 1 on EU", "faulted",
	                "NULL pointer dereference", "in launch_load ", "of app 'dpa_faults_app'",
	                "SIGSEGV", "device fault", "error state", "destroy the context");
	assert_context_fatal(f);
}

static void test_wild_store(void **state)
{
	struct fx *f = *state;
	uint64_t bad = wild_address();
	char want[64];

	launch_and_fault(f, &launch_store, bad);
	snprintf(want, sizeof(want), "invalid memory store at address 0x%llx",
	         (unsigned long long)bad);
	t_assert_logged("kernel 'launch_store' rank 0 of 1", want, "no permission",
	                "in launch_store ");
	assert_context_fatal(f);
}

static void test_trap(void **state)
{
	struct fx *f = *state;

	launch_and_fault(f, &launch_trap, 1);
	t_assert_logged("kernel 'launch_trap' rank 0 of 1", "illegal instruction",
	                "__builtin_trap()", "in launch_trap ", "SIGILL");
	assert_context_fatal(f);
}

static void test_stack_overflow(void **state)
{
	struct fx *f = *state;

	launch_and_fault(f, &launch_overflow, 1);
	t_assert_logged("kernel 'launch_overflow' rank 0 of 1", "stack overflow", "SIGSEGV");
	assert_context_fatal(f);
}

static void test_divide_by_zero(void **state)
{
	struct fx *f = *state;

#if !defined(__x86_64__) && !defined(__i386__)
	skip(); /* integer division by zero does not trap on this CPU */
#endif
	launch_and_fault(f, &launch_divide, 0);
	t_assert_logged("kernel 'launch_divide' rank 0 of 1", "integer divide by zero",
	                "in launch_divide ", "SIGFPE");
	assert_context_fatal(f);
}

/* A fault inside libc (the kernel's memcpy) is the kernel's too. */
static void test_fault_in_libc_memcpy(void **state)
{
	struct fx *f = *state;

	assert_int_equal(doca_dpa_kernel_launch_update_set(f->dpa, NULL, 0, f->comp, 1, 1,
	                                                   &launch_memcpy, (uint64_t)8,
	                                                   (uint64_t)200, f->done_h),
	                 DOCA_SUCCESS);
	assert_int_equal(wait_fatal(f->dpa), DOCA_ERROR_BAD_STATE);
	t_assert_logged("kernel 'launch_memcpy' rank 0 of 1", "NULL pointer dereference",
	                "called by the kernel");
	assert_context_fatal(f);
}

/* Many ranks fault at once: each EU lands, the context is fatal once, stop is clean. */
static void test_all_ranks_fault(void **state)
{
	struct fx *f = *state;

	assert_int_equal(doca_dpa_kernel_launch_update_set(f->dpa, NULL, 0, f->comp, 1, 8,
	                                                   &launch_load, (uint64_t)0, f->done_h),
	                 DOCA_SUCCESS);
	assert_int_equal(wait_fatal(f->dpa), DOCA_ERROR_BAD_STATE);
	assert_context_fatal(f);
}

static void test_rpc_fault(void **state)
{
	struct fx *f = *state;
	uint64_t ret = 7;

	assert_int_equal(doca_dpa_rpc(f->dpa, &rpc_alive, &ret, (uint64_t)41), DOCA_SUCCESS);
	assert_int_equal(ret, 42);
	assert_int_equal(doca_dpa_rpc(f->dpa, &rpc_load, &ret, (uint64_t)16), DOCA_ERROR_BAD_STATE);
	t_assert_logged("RPC 'rpc_load' ended with a device fault");
	assert_int_equal(ret, 42); /* untouched */
	assert_context_fatal(f);
}

/* The RPC's landing reported the fault itself (checked apart: the RPC logs after it). */
static void test_rpc_fault_report(void **state)
{
	struct fx *f = *state;
	uint64_t ret = 0, problems;

	t_log_reset();
	assert_int_equal(doca_dpa_rpc(f->dpa, &rpc_load, &ret, (uint64_t)0), DOCA_ERROR_BAD_STATE);
	problems = t_log_problems();
	assert_int_equal(problems, 2); /* the fault, then doca_dpa_rpc's BAD_STATE */
	/* The caller's thread keeps the alternate stack it had (ASan gives it one), else it has
	 * softdpa's. */
	{
		stack_t ss;

		assert_int_equal(sigaltstack(NULL, &ss), 0);
		assert_false(ss.ss_flags & SS_DISABLE);
		if (!(f->altstack.ss_flags & SS_DISABLE))
			assert_ptr_equal(ss.ss_sp, f->altstack.ss_sp);
	}
}

static void test_thread_fault(void **state)
{
	struct fx *f = *state;
	struct doca_dpa_notification_completion *nc;
	doca_dpa_dev_notification_completion_t nc_h;
	struct doca_dpa_thread *t;
	uint64_t ret;

	assert_int_equal(doca_dpa_thread_create(f->dpa, &t), DOCA_SUCCESS);
	assert_int_equal(doca_dpa_thread_set_func_arg(t, &thread_load, 0), DOCA_SUCCESS);
	assert_int_equal(doca_dpa_thread_start(t), DOCA_SUCCESS);
	assert_int_equal(doca_dpa_notification_completion_create(f->dpa, t, &nc), DOCA_SUCCESS);
	assert_int_equal(doca_dpa_notification_completion_start(nc), DOCA_SUCCESS);
	assert_int_equal(doca_dpa_notification_completion_get_dpa_handle(nc, &nc_h), DOCA_SUCCESS);
	assert_int_equal(doca_dpa_thread_run(t), DOCA_SUCCESS);
	assert_int_equal(doca_dpa_rpc(f->dpa, &rpc_notify, &ret, nc_h), DOCA_SUCCESS);
	assert_int_equal(wait_fatal(f->dpa), DOCA_ERROR_BAD_STATE);
	t_assert_logged("DPA thread", "kernel 'thread_load'", "NULL pointer dereference");
	assert_context_fatal(f);
	assert_int_equal(doca_dpa_notification_completion_destroy(nc), DOCA_SUCCESS);
	assert_int_equal(doca_dpa_thread_destroy(t), DOCA_SUCCESS);
}

/* The window's page fill (its own SIGSEGV) still works before the kernel's fault. */
static void test_window_then_fault(void **state)
{
	struct fx *f = *state;
	enum { PAGE = 4096 };
	uint64_t *mem = aligned_alloc(PAGE, PAGE);
	struct doca_mmap *mm;
	doca_dpa_dev_mmap_t h;
	uint64_t fills = sdpa_window_faults();

	assert_non_null(mem);
	mem[0] = 0x77;
	assert_int_equal(doca_mmap_create(&mm), DOCA_SUCCESS);
	assert_int_equal(doca_mmap_set_memrange(mm, mem, PAGE), DOCA_SUCCESS);
	assert_int_equal(doca_mmap_set_permissions(mm, DOCA_ACCESS_FLAG_LOCAL_READ_WRITE),
	                 DOCA_SUCCESS);
	assert_int_equal(doca_mmap_add_dev(mm, f->dev), DOCA_SUCCESS);
	assert_int_equal(doca_mmap_start(mm), DOCA_SUCCESS);
	assert_int_equal(doca_mmap_dev_get_dpa_handle(mm, f->dev, &h), DOCA_SUCCESS);
	assert_int_equal(doca_dpa_kernel_launch_update_set(
	                         f->dpa, NULL, 0, f->comp, 1, 1, &launch_window_then_load, h,
	                         (uint64_t)(uintptr_t)mem, (uint64_t)8, f->done_h),
	                 DOCA_SUCCESS);
	assert_int_equal(wait_fatal(f->dpa), DOCA_ERROR_BAD_STATE);
	t_assert_logged("kernel 'launch_window_then_load'", "NULL pointer dereference",
	                "address 0x8");
	if (!is_mode(f, "fast"))
		assert_true(sdpa_window_faults() > fills); /* the window page was filled */
	assert_context_fatal(f);
	assert_int_equal(doca_mmap_destroy(mm), DOCA_SUCCESS);
	free(mem);
}

/* strict: an overrun of a DPA heap block faults in the kernel that made it; fast and
 * faithful let it through, as the DPA does. */
static void test_heap_overrun(void **state)
{
	struct fx *f = *state;
	doca_dpa_dev_uintptr_t p;

	assert_int_equal(doca_dpa_mem_alloc(f->dpa, 100, &p), DOCA_SUCCESS);
	assert_int_equal(p % 64, 0);
	assert_int_equal(doca_dpa_kernel_launch_update_set(f->dpa, NULL, 0, f->comp, 1, 1,
	                                                   &launch_heap_fill, p, (uint64_t)200,
	                                                   f->done_h),
	                 DOCA_SUCCESS);
	if (!is_mode(f, "strict")) {
		assert_int_equal(dpa_t_wait_ge(f->comp, 1, 30000), 1);
		assert_int_equal(doca_dpa_peek_at_last_error(f->dpa), DOCA_SUCCESS);
		assert_int_equal(doca_dpa_mem_free(f->dpa, p), DOCA_SUCCESS);
		return;
	}
	assert_int_equal(wait_fatal(f->dpa), DOCA_ERROR_BAD_STATE);
	t_assert_logged("kernel 'launch_heap_fill' rank 0 of 1",
	                "DPA heap overrun: a store 28 bytes past the end of block", "of 100 bytes",
	                "in launch_heap_fill ");
	assert_context_fatal(f);
	assert_int_equal(doca_dpa_mem_free(f->dpa, p), DOCA_SUCCESS);
}

/* strict: an overrun within the block's last line (which no guard page can cover) is
 * found at free, and the kernel's next allocation works. */
static void test_heap_overrun_in_last_line(void **state)
{
	struct fx *f = *state;
	doca_dpa_dev_uintptr_t p, q;

	assert_int_equal(doca_dpa_mem_alloc(f->dpa, 100, &p), DOCA_SUCCESS);
	assert_int_equal(doca_dpa_kernel_launch_update_set(f->dpa, NULL, 0, f->comp, 1, 1,
	                                                   &launch_heap_fill, p, (uint64_t)110,
	                                                   f->done_h),
	                 DOCA_SUCCESS);
	assert_int_equal(dpa_t_wait_ge(f->comp, 1, 30000), 1);
	assert_int_equal(doca_dpa_peek_at_last_error(f->dpa), DOCA_SUCCESS);
	t_log_reset();
	assert_int_equal(doca_dpa_mem_free(f->dpa, p), DOCA_SUCCESS);
	if (is_mode(f, "strict"))
		t_assert_logged("block", "of 100 bytes was overrun", "10 byte(s) of the red zone");
	else
		assert_int_equal(t_log_problems(), 0);
	/* The freed range (guard page included) serves the next block. */
	assert_int_equal(doca_dpa_mem_alloc(f->dpa, 4096, &q), DOCA_SUCCESS);
	assert_int_equal(doca_dpa_memset(f->dpa, q, 0, 4096), DOCA_SUCCESS);
	assert_int_equal(doca_dpa_mem_free(f->dpa, q), DOCA_SUCCESS);
}

/* A context after another's fault works: the faulted EUs returned to their loop and the
 * handlers stay in place. */
static void test_next_context_works(void **state)
{
	struct fx *f = *state;
	struct doca_dpa *dpa2;
	uint64_t ret = 0;

	launch_and_fault(f, &launch_load, 0);
	dpa2 = dpa_t_start(f->dev, dpa_faults_app);
	assert_int_equal(doca_dpa_rpc(dpa2, &rpc_alive, &ret, (uint64_t)1), DOCA_SUCCESS);
	assert_int_equal(ret, 2);
	assert_int_equal(doca_dpa_rpc(dpa2, &rpc_load, &ret, (uint64_t)0), DOCA_ERROR_BAD_STATE);
	assert_int_equal(doca_dpa_destroy(dpa2), DOCA_SUCCESS);
	assert_context_fatal(f);
}

/* ---- faults of host code stay the process's own ---- */

static void on_user_segv(int sig)
{
	(void)sig;
	_exit(42);
}

/* Runs 'body' in a child whose fault handlers are softdpa's on top of 'prev'; returns the
 * child's wait status. */
static int in_child(void (*prev)(int), void (*body)(void))
{
	int status = 0;
	pid_t pid = fork();

	assert_true(pid >= 0);
	if (pid == 0) {
		signal(SIGSEGV, prev);
		signal(SIGILL, prev);
		sdpa_fault_ensure_handlers();
		body();
		_exit(0);
	}
	assert_int_equal(waitpid(pid, &status, 0), pid);
	return status;
}

static void host_wild_load(void)
{
	(void)*(volatile uint64_t *)(uintptr_t)wild_address();
}

static void host_trap(void)
{
	__builtin_trap();
}

static void host_raise(void)
{
	raise(SIGSEGV);
}

static void test_host_faults_not_contained(void **state)
{
	int st;

	(void)state;
	/* Nobody else handles them: the process dies of the signal, as without softdpa. */
	st = in_child(SIG_DFL, host_wild_load);
	assert_true(WIFSIGNALED(st));
	assert_int_equal(WTERMSIG(st), SIGSEGV);
	st = in_child(SIG_DFL, host_trap);
	assert_true(WIFSIGNALED(st));
	assert_int_equal(WTERMSIG(st), SIGILL);
	/* A sent SIGSEGV is not a fault either. */
	st = in_child(SIG_DFL, host_raise);
	assert_true(WIFSIGNALED(st));
	assert_int_equal(WTERMSIG(st), SIGSEGV);
	/* The program's own handler, installed before softdpa's, gets them. */
	st = in_child(on_user_segv, host_wild_load);
	assert_true(WIFEXITED(st));
	assert_int_equal(WEXITSTATUS(st), 42);
}

#define ALL_MODES(fn)                                                                              \
	cmocka_unit_test_setup_teardown(fn, setup_fast, teardown),                                 \
	        cmocka_unit_test_setup_teardown(fn, setup_faithful, teardown),                     \
	        cmocka_unit_test_setup_teardown(fn, setup_strict, teardown)

int main(void)
{
	/* Each case chooses its mode with SOFTDPA_WINDOW (the first name of the fidelity
	 * setting); a SOFTDPA_FIDELITY from the caller's environment would win over it. */
	unsetenv("SOFTDPA_FIDELITY");
	const struct CMUnitTest tests[] = {
	        ALL_MODES(test_null_load),
	        ALL_MODES(test_wild_store),
	        ALL_MODES(test_trap),
	        ALL_MODES(test_stack_overflow),
	        ALL_MODES(test_divide_by_zero),
	        ALL_MODES(test_fault_in_libc_memcpy),
	        ALL_MODES(test_all_ranks_fault),
	        ALL_MODES(test_rpc_fault),
	        ALL_MODES(test_rpc_fault_report),
	        ALL_MODES(test_thread_fault),
	        ALL_MODES(test_window_then_fault),
	        ALL_MODES(test_heap_overrun),
	        ALL_MODES(test_heap_overrun_in_last_line),
	        ALL_MODES(test_next_context_works),
	        cmocka_unit_test(test_host_faults_not_contained),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
