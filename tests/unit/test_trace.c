/* SPDX-License-Identifier: BSD-3-Clause
 * SOFTDPA_TRACE (src/core/trace.c): off by default, a bad path warns once, the file is a
 * valid Chrome/Perfetto JSON trace with named tracks and the layers' event kinds, the
 * buffers are bounded, and threads record while the file is being written (TSan).
 */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <softdpa.h>

#include "core/config.h"
#include "core/trace.h"
#include "core/util.h"
#include "t_helpers.h"
#include "trace_check.inc"

static char trace_path[512];

static void trace_to(const char *p)
{
	if (p != NULL)
		setenv("SOFTDPA_TRACE", p, 1);
	else
		unsetenv("SOFTDPA_TRACE");
	sdpa_config_reload();
	sdpa_trace_reload();
}

static int setup(void **state)
{
	(void)state;
	t_path(trace_path, sizeof(trace_path), "trace.json");
	sdpa_trace_set_max_events(SDPA_TRACE_MAX_EVENTS);
	t_log_reset();
	return 0;
}

static int teardown(void **state)
{
	(void)state;
	trace_to(NULL);
	unlink(trace_path);
	return 0;
}

static void check(const char *const *expect, size_t n)
{
	int rc = trace_check(trace_path, expect, n);

	if (rc == -1) {
		print_message("python3 not found: JSON check skipped\n");
		return;
	}
	assert_int_equal(rc, 0);
}

static char *slurp(const char *p)
{
	FILE *f = fopen(p, "r");
	char *buf;
	long n;

	assert_non_null(f);
	fseek(f, 0, SEEK_END);
	n = ftell(f);
	fseek(f, 0, SEEK_SET);
	buf = calloc(1, (size_t)n + 1);
	assert_non_null(buf);
	assert_int_equal(fread(buf, 1, (size_t)n, f), (size_t)n);
	fclose(f);
	return buf;
}

static void test_off_by_default(void **state)
{
	struct stat st;

	(void)state;
	trace_to(NULL);
	assert_false(sdpa_trace_on());
	assert_int_equal(sdpa_trace_begin(), 0);
	sdpa_trace_instant(SDPA_TRACE_NIC, 0, "nothing", NULL);
	assert_int_equal(softdpa_trace_flush(), DOCA_SUCCESS);
	assert_int_equal(stat(trace_path, &st), -1);
	assert_int_equal(t_log_problems(), 0);
}

static void test_bad_path_warns_once(void **state)
{
	(void)state;
	trace_to("/nonexistent-softdpa-dir/x/trace.json");
	assert_false(sdpa_trace_on());
	assert_int_equal(t_log_problems(), 1);
	t_assert_logged("SOFTDPA_TRACE='/nonexistent-softdpa-dir/x/trace.json'",
	                "cannot create the trace file", "tracing is off", "writable path");
	/* Hooks and flush stay quiet: no second warning, no crash. */
	sdpa_trace_nic_burst(1, 0, 4, 0, sdpa_mono_ns());
	assert_int_equal(softdpa_trace_flush(), DOCA_SUCCESS);
	assert_int_equal(t_log_problems(), 1);
}

static void test_events_and_tracks(void **state)
{
	static const char *const expect[] = {
	        "X|DPA|my_kernel|rank=3|thread=None|kind=launch|end=return",
	        "X|DPA|act|rank=0|thread=7|kind=thread|end=reschedule",
	        "X|DPA|rpc_fn|kind=rpc",
	        "X|NIC|burst|port=1|frames=32|dropped=2",
	        "i|Provider|disable|queue=3|count=1",
	        "i|Provider|flush|n=1",
	        "X|Provider|execute|n=1|dead=0",
	        "i|Provider|completions|completed=1|failed=0",
	        "C|Provider|outstanding port 1 RESOURCES_READ q3|value=1",
	        "C|Provider|outstanding port 1 RESOURCES_READ q3|value=0",
	        "M|DPA|process_name",
	        "M|DPA|thread_name|name=EU 2",
	        "M|DPA|thread_name|name=RPC (host thread 0)",
	        "M|NIC|thread_name|name=worker 0 (caller)",
	        "M|Provider|thread_name|name=port 1 RESOURCES_READ q3",
	        "i|NIC|esc\"a\\pe|why=tab\there",
	};
	char kname[32];
	uint64_t t0;
	char *text;

	(void)state;
	trace_to(trace_path);
	assert_true(sdpa_trace_on());
	assert_int_equal(t_log_problems(), 0);

	t0 = sdpa_trace_begin();
	assert_true(t0 != 0);
	/* The kernel name lives in a buffer that changes: names are copied, and the
	 * per-thread cache notices a new name at the same address. */
	strcpy(kname, "my_kernel");
	sdpa_trace_dpa_exec(2, kname, "launch", 3, -1, "return", t0);
	strcpy(kname, "act");
	sdpa_trace_dpa_exec(4, kname, "thread", 0, 7, "reschedule", sdpa_trace_begin());
	strcpy(kname, "overwritten");
	sdpa_trace_dpa_exec(SDPA_TRACE_TID_CALLER, "rpc_fn", "rpc", 0, -1, "return",
	                    sdpa_trace_begin());
	sdpa_trace_nic_burst(0, 1, 32, 2, sdpa_trace_begin());
	sdpa_trace_prov_post(1, 2, 3, "disable", 1, 1);
	sdpa_trace_prov_flush(1, 2, 3, 1);
	t0 = sdpa_trace_begin();
	sdpa_trace_prov_batch(1, 2, 3, 1, false, 0, t0);
	sdpa_trace_prov_poll(1, 2, 3, 1, 0);
	sdpa_trace_instant(SDPA_TRACE_NIC, 0, "esc\"a\\pe",
	                   &(struct sdpa_trace_args){.skey = {"why"}, .sval = {"tab\there"}});
	assert_int_equal(softdpa_trace_flush(), DOCA_SUCCESS);
	assert_int_equal(sdpa_trace_dropped(), 0);
	check(expect, sizeof(expect) / sizeof(expect[0]));

	text = slurp(trace_path);
	/* Exact spellings the viewers rely on. */
	assert_non_null(strstr(text, "\"displayTimeUnit\":\"ns\""));
	assert_non_null(strstr(text, "\"name\":\"process_name\",\"ph\":\"M\",\"pid\":1,\"tid\":0,"
	                             "\"args\":{\"name\":\"DPA\"}"));
	assert_non_null(strstr(text,
	                       "\"name\":\"my_kernel\",\"cat\":\"DPA\",\"ph\":\"X\",\"pid\":1,"
	                       "\"tid\":2,\"ts\":"));
	assert_non_null(strstr(text, "\"dropped_events\":0"));
	assert_null(strstr(text, "overwritten"));
	free(text);
}

/* Tracing on, nothing recorded yet (a flush racing the first event, or a run that did
 * nothing): a valid trace with no events. Under UBSan this once failed: qsort(NULL, 0). */
static void test_flush_before_any_event(void **state)
{
	char *text;

	(void)state;
	trace_to(trace_path);
	assert_int_equal(softdpa_trace_flush(), DOCA_SUCCESS);
	check(NULL, 0);
	text = slurp(trace_path);
	assert_non_null(strstr(text, "\"traceEvents\":[\n]"));
	assert_non_null(strstr(text, "\"dropped_events\":0"));
	free(text);
	assert_int_equal(t_log_problems(), 0);
}

static void test_reload_forgets_older_events(void **state)
{
	char *text;

	(void)state;
	trace_to(trace_path);
	sdpa_trace_instant(SDPA_TRACE_NIC, 0, "before_reload", NULL);
	trace_to(trace_path);
	sdpa_trace_instant(SDPA_TRACE_NIC, 0, "after_reload", NULL);
	assert_int_equal(softdpa_trace_flush(), DOCA_SUCCESS);
	text = slurp(trace_path);
	assert_null(strstr(text, "before_reload"));
	assert_non_null(strstr(text, "after_reload"));
	free(text);
}

static void test_bounded_buffer_counts_drops(void **state)
{
	static const char *const expect[] = {"M|NIC|process_labels"};
	char *text;

	(void)state;
	trace_to(trace_path);
	sdpa_trace_set_max_events(5);
	for (int i = 0; i < 12; i++)
		sdpa_trace_instant(SDPA_TRACE_NIC, 0, "tick", NULL);
	assert_int_equal(sdpa_trace_dropped(), 7);
	t_log_reset();
	assert_int_equal(softdpa_trace_flush(), DOCA_SUCCESS);
	assert_int_equal(t_log_problems(), 1);
	t_assert_logged("SOFTDPA_TRACE: 7 events were dropped", "more than 5",
	                "trace a shorter run");
	check(expect, 1);
	text = slurp(trace_path);
	assert_non_null(strstr(text, "\"labels\":\"7 events dropped: trace buffer full\""));
	assert_non_null(strstr(text, "\"dropped_events\":7"));
	/* Exactly the 5 recorded instants. */
	{
		int n = 0;
		for (const char *p = text; (p = strstr(p, "\"name\":\"tick\"")) != NULL; p++)
			n++;
		assert_int_equal(n, 5);
	}
	free(text);
}

static void test_unwritable_file_at_flush(void **state)
{
	char dir[512], p[600];

	(void)state;
	t_path(dir, sizeof(dir), "gone");
	assert_int_equal(mkdir(dir, 0700), 0);
	snprintf(p, sizeof(p), "%s/trace.json", dir);
	trace_to(p);
	assert_true(sdpa_trace_on());
	sdpa_trace_instant(SDPA_TRACE_NIC, 0, "x", NULL);
	assert_int_equal(unlink(p), 0);
	assert_int_equal(rmdir(dir), 0);
	t_log_reset();
	assert_int_equal(softdpa_trace_flush(), DOCA_ERROR_IO_FAILED);
	t_assert_logged("SOFTDPA_TRACE: cannot write", "trace.json",
	                "check that its directory exists and is writable");
}

enum { NR_THREADS = 6, PER_THREAD = 20000 };

static void *recorder(void *arg)
{
	uint32_t eu = (uint32_t)(uintptr_t)arg;
	char name[16];

	snprintf(name, sizeof(name), "k%u", eu);
	for (int i = 0; i < PER_THREAD; i++)
		sdpa_trace_dpa_exec(eu, name, "launch", (uint32_t)i, -1, "return",
		                    sdpa_trace_begin());
	return NULL;
}

/* Threads record while the file is written again and again: no lost or torn event. */
static void test_concurrent_record_and_flush(void **state)
{
	static const char *const expect[] = {"X|DPA|k0", "X|DPA|k5|rank=19999"};
	pthread_t th[NR_THREADS];
	char *text;
	int n = 0;

	(void)state;
	trace_to(trace_path);
	for (uintptr_t i = 0; i < NR_THREADS; i++)
		assert_int_equal(pthread_create(&th[i], NULL, recorder, (void *)i), 0);
	for (int i = 0; i < 5; i++)
		assert_int_equal(softdpa_trace_flush(), DOCA_SUCCESS);
	for (int i = 0; i < NR_THREADS; i++)
		pthread_join(th[i], NULL);
	assert_int_equal(softdpa_trace_flush(), DOCA_SUCCESS);
	assert_int_equal(sdpa_trace_dropped(), 0);
	check(expect, 2);
	text = slurp(trace_path);
	/* A plain scan: sanitizer interceptors of strstr re-measure the whole remaining text
	 * on every call, which makes a strstr loop quadratic on a 10 MB file. */
	static const char needle[] = "\"ph\":\"X\"";
	for (size_t i = 0, m = 0; text[i] != '\0'; i++) {
		m = text[i] == needle[m] ? m + 1 : (text[i] == needle[0] ? 1 : 0);
		if (m == sizeof(needle) - 1) {
			n++;
			m = 0;
		}
	}
	assert_int_equal(n, NR_THREADS * PER_THREAD);
	free(text);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	        cmocka_unit_test_setup_teardown(test_off_by_default, setup, teardown),
	        cmocka_unit_test_setup_teardown(test_bad_path_warns_once, setup, teardown),
	        cmocka_unit_test_setup_teardown(test_events_and_tracks, setup, teardown),
	        cmocka_unit_test_setup_teardown(test_flush_before_any_event, setup, teardown),
	        cmocka_unit_test_setup_teardown(test_reload_forgets_older_events, setup, teardown),
	        cmocka_unit_test_setup_teardown(test_bounded_buffer_counts_drops, setup, teardown),
	        cmocka_unit_test_setup_teardown(test_unwritable_file_at_flush, setup, teardown),
	        cmocka_unit_test_setup_teardown(test_concurrent_record_and_flush, setup, teardown),
	};
	int rc;

	unsetenv("SOFTDPA_TRACE");
	rc = cmocka_run_group_tests(tests, NULL, NULL);
	t_rmdir_r(t_tmpdir());
	return rc;
}
