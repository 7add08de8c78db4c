/* SPDX-License-Identifier: BSD-3-Clause
 * doca_log.h: level windows, backends, sources, rate limiting, SDK vs application records.
 */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include <doca_log.h>

#include "core/log.h"
#include "t_helpers.h"

DOCA_LOG_REGISTER(TEST_LOG);

static int sdk_source = -1;

/* DOCA has no backend destroy: silence a backend and keep its file open for good. */
static void retire(struct doca_log_backend *be)
{
	doca_log_backend_set_level_upper_limit(be, DOCA_LOG_LEVEL_DISABLE);
	doca_log_backend_set_sdk_level(be, DOCA_LOG_LEVEL_DISABLE);
}

static void test_level_numbers_and_names(void **state)
{
	(void)state;
	assert_int_equal(DOCA_LOG_LEVEL_DISABLE, 10);
	assert_int_equal(DOCA_LOG_LEVEL_CRIT, 20);
	assert_int_equal(DOCA_LOG_LEVEL_ERROR, 30);
	assert_int_equal(DOCA_LOG_LEVEL_WARNING, 40);
	assert_int_equal(DOCA_LOG_LEVEL_INFO, 50);
	assert_int_equal(DOCA_LOG_LEVEL_DEBUG, 60);
	assert_int_equal(DOCA_LOG_LEVEL_TRACE, 70);
	assert_string_equal(doca_log_level_get_name(DOCA_LOG_LEVEL_ERROR), "ERR");
	assert_string_equal(doca_log_level_get_name(DOCA_LOG_LEVEL_WARNING), "WARN");
	assert_null(doca_log_level_get_name(45));
	assert_int_equal(sdpa_log_parse_level("warn"), DOCA_LOG_LEVEL_WARNING);
	assert_int_equal(sdpa_log_parse_level("DEBUG"), DOCA_LOG_LEVEL_DEBUG);
	assert_int_equal(sdpa_log_parse_level("70"), DOCA_LOG_LEVEL_TRACE);
	assert_int_equal(sdpa_log_parse_level("75"), 0);
	assert_int_equal(sdpa_log_parse_level("loud"), 0);
	assert_int_equal(sdpa_log_parse_level(""), 0);
	assert_int_equal(sdpa_log_parse_level(NULL), 0);
}

static void test_global_limits(void **state)
{
	(void)state;
	assert_int_equal(doca_log_level_set_global_upper_limit(DOCA_LOG_LEVEL_DEBUG), DOCA_SUCCESS);
	assert_int_equal(doca_log_level_get_global_upper_limit(), DOCA_LOG_LEVEL_DEBUG);
	assert_int_equal(doca_log_level_set_global_lower_limit(DOCA_LOG_LEVEL_CRIT), DOCA_SUCCESS);
	assert_int_equal(doca_log_level_get_global_lower_limit(), DOCA_LOG_LEVEL_CRIT);
	assert_int_equal(doca_log_level_set_global_sdk_limit(DOCA_LOG_LEVEL_INFO), DOCA_SUCCESS);
	assert_int_equal(doca_log_level_get_global_sdk_limit(), DOCA_LOG_LEVEL_INFO);

	assert_int_equal(doca_log_level_set_global_upper_limit(0), DOCA_ERROR_INVALID_VALUE);
	assert_int_equal(doca_log_level_set_global_upper_limit(71), DOCA_ERROR_INVALID_VALUE);
	assert_int_equal(doca_log_level_set_global_lower_limit(35), DOCA_ERROR_INVALID_VALUE);
	assert_int_equal(doca_log_level_set_global_sdk_limit(80), DOCA_ERROR_INVALID_VALUE);
	/* failed calls changed nothing */
	assert_int_equal(doca_log_level_get_global_upper_limit(), DOCA_LOG_LEVEL_DEBUG);
	assert_int_equal(doca_log_level_get_global_sdk_limit(), DOCA_LOG_LEVEL_INFO);
	doca_log_level_set_global_lower_limit(DOCA_LOG_LEVEL_DISABLE);
}

static void test_app_records_in_window(void **state)
{
	struct doca_log_backend *be = NULL;
	FILE *fp = tmpfile();
	(void)state;

	assert_non_null(fp);
	assert_int_equal(doca_log_backend_create_with_file(fp, &be), DOCA_SUCCESS);
	assert_non_null(be);
	assert_int_equal(doca_log_backend_set_level_upper_limit(be, DOCA_LOG_LEVEL_INFO),
	                 DOCA_SUCCESS);
	assert_int_equal(doca_log_backend_set_level_lower_limit(be, DOCA_LOG_LEVEL_ERROR),
	                 DOCA_SUCCESS);
	doca_log_level_set_global_upper_limit(DOCA_LOG_LEVEL_TRACE);

	DOCA_LOG_CRIT("window-crit"); /* below the backend's lower limit */
	DOCA_LOG_ERR("window-err %d", 7);
	DOCA_LOG_WARN("window-warn");
	DOCA_LOG_INFO("window-info");
	DOCA_LOG_DBG("window-dbg"); /* above the backend's upper limit */
	DOCA_LOG_TRC("window-trc"); /* compiled out without DOCA_LOGGING_ALLOW_TRACE */

	assert_int_equal(t_count_lines(fp, "window-crit"), 0);
	assert_int_equal(t_count_lines(fp, "window-err 7"), 1);
	assert_int_equal(t_count_lines(fp, "window-warn"), 1);
	assert_int_equal(t_count_lines(fp, "window-info"), 1);
	assert_int_equal(t_count_lines(fp, "window-dbg"), 0);
	assert_int_equal(t_count_lines(fp, "window-trc"), 0);
	/* The record says who, where and how bad. */
	assert_int_equal(t_count_lines(fp, "[DOCA][ERR][test_log.c:"), 1);
	assert_int_equal(t_count_lines(fp, "[test_app_records_in_window] window-err 7"), 1);

	/* The global upper limit is applied before the backend's. */
	doca_log_level_set_global_upper_limit(DOCA_LOG_LEVEL_ERROR);
	DOCA_LOG_WARN("global-cut");
	assert_int_equal(t_count_lines(fp, "global-cut"), 0);
	doca_log_level_set_global_upper_limit(DOCA_LOG_LEVEL_INFO);

	/* App records never reach the SDK counters. */
	assert_int_equal(doca_log_backend_set_sdk_level(be, DOCA_LOG_LEVEL_INFO),
	                 DOCA_ERROR_INVALID_VALUE);
	retire(be);
}

static void test_sdk_records(void **state)
{
	struct doca_log_backend *be = NULL;
	FILE *fp = tmpfile();
	char last[256];
	(void)state;

	assert_int_equal(doca_log_backend_create_with_file_sdk(fp, &be), DOCA_SUCCESS);
	assert_int_equal(doca_log_backend_set_sdk_level(be, DOCA_LOG_LEVEL_WARNING), DOCA_SUCCESS);
	doca_log_level_set_global_sdk_limit(DOCA_LOG_LEVEL_DEBUG);
	t_log_reset();

	priv_doca_log_developer(DOCA_LOG_LEVEL_ERROR, sdk_source, __FILE__, __LINE__, __func__,
	                        "sdk-error %s", "cause; fix");
	priv_doca_log_developer(DOCA_LOG_LEVEL_INFO, sdk_source, __FILE__, __LINE__, __func__,
	                        "sdk-info");
	assert_int_equal(t_count_lines(fp, "[SOFTDPA][ERR]"), 1);
	assert_int_equal(t_count_lines(fp, "sdk-info"), 0); /* backend SDK level is WARNING */
	assert_int_equal(sdpa_log_sdk_count(DOCA_LOG_LEVEL_ERROR), 1);
	assert_int_equal(sdpa_log_sdk_count(DOCA_LOG_LEVEL_INFO), 1); /* passed the global limit */
	sdpa_log_last_problem(last, sizeof(last));
	assert_string_equal(last, "sdk-error cause; fix");
	t_assert_logged("sdk-error", "fix");

	/* The global SDK limit cuts before any backend. */
	doca_log_level_set_global_sdk_limit(DOCA_LOG_LEVEL_CRIT);
	priv_doca_log_developer(DOCA_LOG_LEVEL_ERROR, sdk_source, __FILE__, __LINE__, __func__,
	                        "sdk-cut");
	assert_int_equal(t_count_lines(fp, "sdk-cut"), 0);
	assert_int_equal(sdpa_log_sdk_count(DOCA_LOG_LEVEL_ERROR), 1);
	doca_log_level_set_global_sdk_limit(DOCA_LOG_LEVEL_WARNING);
	retire(be);
}

static void test_backend_errors(void **state)
{
	struct doca_log_backend *be = NULL;
	(void)state;

	assert_int_equal(doca_log_backend_create_with_file(NULL, &be), DOCA_ERROR_INVALID_VALUE);
	assert_int_equal(doca_log_backend_create_with_file(stderr, NULL), DOCA_ERROR_INVALID_VALUE);
	assert_int_equal(doca_log_backend_create_with_file_sdk(NULL, &be),
	                 DOCA_ERROR_INVALID_VALUE);
	assert_int_equal(doca_log_backend_create_with_file_sdk(stderr, NULL),
	                 DOCA_ERROR_INVALID_VALUE);
	assert_int_equal(doca_log_backend_create_with_fd(-1, &be), DOCA_ERROR_INVALID_VALUE);
	assert_int_equal(doca_log_backend_create_with_fd(2, NULL), DOCA_ERROR_INVALID_VALUE);
	assert_int_equal(doca_log_backend_create_with_syslog("x", &be), DOCA_ERROR_NOT_SUPPORTED);
	assert_int_equal(doca_log_backend_set_sdk_level(NULL, DOCA_LOG_LEVEL_INFO),
	                 DOCA_ERROR_INVALID_VALUE);
	assert_int_equal(doca_log_backend_set_level_lower_limit(NULL, DOCA_LOG_LEVEL_INFO),
	                 DOCA_ERROR_INVALID_VALUE);
	assert_int_equal(doca_log_backend_set_level_upper_limit(NULL, DOCA_LOG_LEVEL_INFO),
	                 DOCA_ERROR_INVALID_VALUE);

	FILE *fp = tmpfile();
	assert_int_equal(doca_log_backend_create_with_file_sdk(fp, &be), DOCA_SUCCESS);
	assert_int_equal(doca_log_backend_set_sdk_level(be, 33), DOCA_ERROR_INVALID_VALUE);
	assert_int_equal(doca_log_backend_set_level_lower_limit(be, 5), DOCA_ERROR_INVALID_VALUE);
	assert_int_equal(doca_log_backend_set_level_upper_limit(be, 90), DOCA_ERROR_INVALID_VALUE);
	assert_int_equal(doca_log_backend_create_standard(), DOCA_SUCCESS);
	retire(be);
}

static void test_fd_backend(void **state)
{
	struct doca_log_backend *be = NULL;
	int fds[2];
	char buf[512] = {0};
	(void)state;

	assert_int_equal(pipe(fds), 0);
	assert_int_equal(doca_log_backend_create_with_fd(fds[1], &be), DOCA_SUCCESS);
	assert_int_equal(doca_log_backend_set_level_upper_limit(be, DOCA_LOG_LEVEL_WARNING),
	                 DOCA_SUCCESS);
	DOCA_LOG_WARN("through-a-pipe");
	ssize_t n = read(fds[0], buf, sizeof(buf) - 1);
	assert_true(n > 0);
	assert_non_null(strstr(buf, "through-a-pipe"));
	/* Lower its window to nothing so later tests don't fill the pipe. */
	assert_int_equal(doca_log_backend_set_level_upper_limit(be, DOCA_LOG_LEVEL_DISABLE),
	                 DOCA_SUCCESS);
}

static void test_sources(void **state)
{
	int src = -1;
	(void)state;

	assert_int_equal(doca_log_register_source(NULL, &src), DOCA_ERROR_INVALID_VALUE);
	assert_int_equal(doca_log_register_source("x", NULL), DOCA_ERROR_INVALID_VALUE);
	assert_int_equal(doca_log_register_source("", &src), DOCA_ERROR_INVALID_VALUE);
	assert_int_equal(doca_log_register_source("extra", &src), DOCA_SUCCESS);
	assert_true(src >= 0);
	assert_int_equal(doca_log_unregister_source(src), DOCA_SUCCESS);
	assert_int_equal(doca_log_unregister_source(src), DOCA_ERROR_NOT_FOUND);
	assert_int_equal(doca_log_unregister_source(-1), DOCA_ERROR_INVALID_VALUE);
	assert_int_equal(doca_log_unregister_source(1 << 20), DOCA_ERROR_INVALID_VALUE);
	/* A record from an unknown source is dropped, not a crash. */
	assert_int_equal(priv_doca_log_developer(DOCA_LOG_LEVEL_ERROR, 1 << 20, NULL, 0, NULL, "x"),
	                 DOCA_SUCCESS);
	assert_int_equal(
	        priv_doca_log_developer(DOCA_LOG_LEVEL_ERROR, log_source, NULL, 0, NULL, NULL),
	        DOCA_ERROR_INVALID_VALUE);
}

/* CLOCK_MONOTONIC truncated to milliseconds, as the rate limiter reads it. */
static int64_t mono_ms(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (int64_t)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

static void test_rate_limit(void **state)
{
	struct doca_log_backend *be = NULL;
	FILE *fp = tmpfile();
	(void)state;

	assert_int_equal(doca_log_backend_create_with_file(fp, &be), DOCA_SUCCESS);
	doca_log_level_set_global_upper_limit(DOCA_LOG_LEVEL_INFO);
	int64_t t0 = mono_ms();
	for (int i = 0; i < 500; i++)
		DOCA_LOG_RATE_LIMIT_WARN("flood %d", i);
	int64_t secs = (mono_ms() - t0) / 1000;
	int printed = t_count_lines(fp, "flood ");
	/* A burst far larger than the budget is cut to the budget of 10 per 1-second window.
	 * Windows open >= 1000 ms apart (by the same truncated-ms clock), so a loop that a
	 * slow machine stretched over 'secs' whole seconds spans at most 1 + secs of them;
	 * the first alone always prints 10. */
	print_message("rate limit: %d of 500 printed in %lld s\n", printed, (long long)secs);
	assert_true(printed >= 10);
	assert_true(printed <= 10 * (1 + secs));
	/* A different call site has its own budget. */
	DOCA_LOG_RATE_LIMIT_ERR("other site");
	assert_int_equal(t_count_lines(fp, "other site"), 1);
	retire(be);
}

struct flood_arg {
	int id;
};

static void *flood(void *p)
{
	struct flood_arg *a = p;
	for (int i = 0; i < 500; i++)
		DOCA_LOG_INFO("thread-%d-line-%d-padding-padding-padding-padding-padding", a->id,
		              i);
	return NULL;
}

/* Records from concurrent threads never interleave within a line. */
static void test_concurrent_records(void **state)
{
	struct doca_log_backend *be = NULL;
	FILE *fp = tmpfile();
	pthread_t th[4];
	struct flood_arg args[4];
	char line[2048];
	int whole = 0;
	(void)state;

	assert_int_equal(doca_log_backend_create_with_file(fp, &be), DOCA_SUCCESS);
	doca_log_level_set_global_upper_limit(DOCA_LOG_LEVEL_INFO);
	for (int i = 0; i < 4; i++) {
		args[i].id = i;
		assert_int_equal(pthread_create(&th[i], NULL, flood, &args[i]), 0);
	}
	for (int i = 0; i < 4; i++)
		pthread_join(th[i], NULL);
	fflush(fp);
	rewind(fp);
	while (fgets(line, sizeof(line), fp) != NULL) {
		if (strstr(line, "thread-") == NULL)
			continue;
		assert_non_null(strstr(line, "-padding-padding-padding-padding-padding\n"));
		assert_ptr_equal(strstr(line, "[DOCA]"), strstr(line, "[DOCA]")); /* one prefix */
		assert_null(strstr(strstr(line, "thread-") + 1, "thread-"));
		whole++;
	}
	assert_int_equal(whole, 2000);
	retire(be);
}

int main(void)
{
	sdpa_log_register_sdk_source("test_sdk", &sdk_source);
	const struct CMUnitTest tests[] = {
	        cmocka_unit_test(test_level_numbers_and_names),
	        cmocka_unit_test(test_global_limits),
	        cmocka_unit_test(test_app_records_in_window),
	        cmocka_unit_test(test_sdk_records),
	        cmocka_unit_test(test_backend_errors),
	        cmocka_unit_test(test_fd_backend),
	        cmocka_unit_test(test_sources),
	        cmocka_unit_test(test_rate_limit),
	        cmocka_unit_test(test_concurrent_records),
	};
	return cmocka_run_group_tests_name("doca_log", tests, NULL, NULL);
}
