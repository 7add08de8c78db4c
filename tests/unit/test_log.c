/* SPDX-License-Identifier: BSD-3-Clause
 * doca_log.h: level windows, backends, sources, rate limiting, which records go to which
 * backend (application vs SDK, the standard backend), and long records.
 */
#include <fcntl.h>
#include <pthread.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include <doca_log.h>

#include "core/log.h"
#include "t_helpers.h"

DOCA_LOG_REGISTER(TEST_LOG);

static int sdk_source = -1;

#define SDK_LOG(level, ...)                                                                        \
	priv_doca_log_developer(DOCA_LOG_LEVEL_##level, sdk_source, __FILE__, __LINE__, __func__,  \
	                        __VA_ARGS__)

/* DOCA has no backend destroy: empty a backend's window and keep its file open for good.
 * (A later global setter gives it the global limits again: its file just grows.) */
static void retire(struct doca_log_backend *be, bool sdk)
{
	if (sdk)
		doca_log_backend_set_sdk_level(be, DOCA_LOG_LEVEL_DISABLE);
	else
		doca_log_backend_set_level_lower_limit(be, DOCA_LOG_LEVEL_DISABLE);
}

/* DOCA's defaults: application records CRIT..INFO, SDK records up to INFO. */
static void doca_defaults(void)
{
	doca_log_level_set_global_lower_limit(DOCA_LOG_LEVEL_INFO);
	doca_log_level_set_global_upper_limit(DOCA_LOG_LEVEL_CRIT);
	doca_log_level_set_global_sdk_limit(DOCA_LOG_LEVEL_INFO);
}

/* The whole of a file, for records that span lines. */
static char *slurp(FILE *fp)
{
	long n;
	char *buf;

	fflush(fp);
	fseek(fp, 0, SEEK_END);
	n = ftell(fp);
	rewind(fp);
	buf = calloc(1, (size_t)n + 1);
	assert_non_null(buf);
	assert_int_equal(fread(buf, 1, (size_t)n, fp), (size_t)n);
	return buf;
}

static int count_in(const char *text, const char *needle)
{
	int n = 0;

	for (const char *p = strstr(text, needle); p != NULL; p = strstr(p + 1, needle))
		n++;
	return n;
}

/* Run 'fn' in a child whose stdout and stderr go to files; returns them read back. The
 * child starts from this process's log state, so these tests run first. */
static void in_child(void (*fn)(void), char **out, char **err)
{
	FILE *o = tmpfile(), *e = tmpfile();
	pid_t pid;
	int status = 0;

	assert_non_null(o);
	assert_non_null(e);
	fflush(stdout);
	fflush(stderr);
	pid = fork();
	assert_true(pid >= 0);
	if (pid == 0) {
		dup2(fileno(o), 1);
		dup2(fileno(e), 2);
		fn();
		fflush(stdout);
		fflush(stderr);
		_exit(0);
	}
	assert_int_equal(waitpid(pid, &status, 0), pid);
	assert_true(WIFEXITED(status) && WEXITSTATUS(status) == 0);
	*out = slurp(o);
	*err = slurp(e);
	fclose(o);
	fclose(e);
}

/* What every DOCA sample's main() does first, then one record of each kind. */
static void sample_like(void)
{
	struct doca_log_backend *sdk_log = NULL;

	if (doca_log_backend_create_standard() != DOCA_SUCCESS ||
	    doca_log_backend_create_with_file_sdk(stderr, &sdk_log) != DOCA_SUCCESS ||
	    doca_log_backend_set_sdk_level(sdk_log, DOCA_LOG_LEVEL_WARNING) != DOCA_SUCCESS)
		_exit(3);
	DOCA_LOG_INFO("app-info-line");
	DOCA_LOG_WARN("app-warn-line");
	DOCA_LOG_ERR("app-err-line");
	DOCA_LOG_CRIT("app-crit-line");
	DOCA_LOG_DBG("app-dbg-line");
	SDK_LOG(ERROR, "sdk-err-line");
	SDK_LOG(WARNING, "sdk-warn-line");
	SDK_LOG(INFO, "sdk-info-line");
}

/* Each application line once (INFO on stdout, WARN and worse on stderr), each SDK line once
 * on the SDK backend at its level: no backend takes the other kind's records. */
static void test_sample_like_setup(void **state)
{
	char *out, *err;
	(void)state;

	in_child(sample_like, &out, &err);
	assert_int_equal(count_in(out, "app-info-line"), 1);
	assert_int_equal(count_in(out, "[DOCA][INFO]"), 1);
	assert_int_equal(count_in(err, "app-info-line"), 0);
	assert_int_equal(count_in(err, "app-warn-line"), 1);
	assert_int_equal(count_in(err, "app-err-line"), 1);
	assert_int_equal(count_in(err, "app-crit-line"), 1);
	assert_int_equal(count_in(out, "-line") - count_in(out, "app-info-line"), 0);
	assert_int_equal(count_in(out, "app-dbg-line") + count_in(err, "app-dbg-line"), 0);
	assert_int_equal(count_in(err, "sdk-err-line"), 1);
	assert_int_equal(count_in(err, "[SOFTDPA][ERR]"), 1);
	assert_int_equal(count_in(err, "sdk-warn-line"), 1);
	assert_int_equal(count_in(out, "sdk-"), 0);
	assert_int_equal(count_in(err, "sdk-info-line"), 0);
	free(out);
	free(err);
}

static void fallback(void)
{
	struct doca_log_backend *be = NULL;
	FILE *fp = tmpfile();

	SDK_LOG(WARNING, "sdk-warn-before");
	SDK_LOG(INFO, "sdk-info-before");
	DOCA_LOG_ERR("app-err-nowhere"); /* no application backend: printed nowhere */
	if (fp == NULL || doca_log_backend_create_with_file_sdk(fp, &be) != DOCA_SUCCESS)
		_exit(3);
	SDK_LOG(WARNING, "sdk-warn-after");
	fflush(fp);
	if (t_count_lines(fp, "sdk-warn-after") != 1)
		_exit(4);
}

/* softdpa's own rule: until the program creates an SDK backend, SDK records of WARNING and
 * worse go to stderr; after, only to the SDK backends. */
static void test_sdk_fallback_until_sdk_backend(void **state)
{
	char *out, *err;
	(void)state;

	in_child(fallback, &out, &err);
	assert_int_equal(count_in(err, "sdk-warn-before"), 1);
	assert_int_equal(count_in(err, "sdk-info-before"), 0);
	assert_int_equal(count_in(err, "app-err-nowhere") + count_in(out, "app-err-nowhere"), 0);
	assert_int_equal(count_in(err, "sdk-warn-after"), 0);
	free(out);
	free(err);
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
	if (getenv("SOFTDPA_LOG_LEVEL") == NULL) { /* DOCA's documented defaults */
		assert_int_equal(doca_log_level_get_global_lower_limit(), DOCA_LOG_LEVEL_INFO);
		assert_int_equal(doca_log_level_get_global_upper_limit(), DOCA_LOG_LEVEL_CRIT);
		assert_int_equal(doca_log_level_get_global_sdk_limit(), DOCA_LOG_LEVEL_INFO);
	}
	assert_int_equal(doca_log_level_set_global_lower_limit(DOCA_LOG_LEVEL_DEBUG), DOCA_SUCCESS);
	assert_int_equal(doca_log_level_get_global_lower_limit(), DOCA_LOG_LEVEL_DEBUG);
	assert_int_equal(doca_log_level_set_global_upper_limit(DOCA_LOG_LEVEL_ERROR), DOCA_SUCCESS);
	assert_int_equal(doca_log_level_get_global_upper_limit(), DOCA_LOG_LEVEL_ERROR);
	assert_int_equal(doca_log_level_set_global_sdk_limit(DOCA_LOG_LEVEL_WARNING), DOCA_SUCCESS);
	assert_int_equal(doca_log_level_get_global_sdk_limit(), DOCA_LOG_LEVEL_WARNING);

	assert_int_equal(doca_log_level_set_global_upper_limit(0), DOCA_ERROR_INVALID_VALUE);
	assert_int_equal(doca_log_level_set_global_upper_limit(71), DOCA_ERROR_INVALID_VALUE);
	assert_int_equal(doca_log_level_set_global_lower_limit(35), DOCA_ERROR_INVALID_VALUE);
	assert_int_equal(doca_log_level_set_global_sdk_limit(80), DOCA_ERROR_INVALID_VALUE);
	/* failed calls changed nothing */
	assert_int_equal(doca_log_level_get_global_lower_limit(), DOCA_LOG_LEVEL_DEBUG);
	assert_int_equal(doca_log_level_get_global_upper_limit(), DOCA_LOG_LEVEL_ERROR);
	assert_int_equal(doca_log_level_get_global_sdk_limit(), DOCA_LOG_LEVEL_WARNING);
	doca_defaults();
}

/* An application backend prints upper <= level <= lower: 'upper' is the most severe end,
 * 'lower' the most verbose. The global setters set every application backend. */
static void test_app_records_in_window(void **state)
{
	struct doca_log_backend *be = NULL;
	FILE *fp = tmpfile();
	(void)state;

	assert_non_null(fp);
	doca_defaults();
	assert_int_equal(doca_log_backend_create_with_file(fp, &be), DOCA_SUCCESS);
	assert_non_null(be);
	assert_int_equal(doca_log_backend_set_level_upper_limit(be, DOCA_LOG_LEVEL_ERROR),
	                 DOCA_SUCCESS);
	assert_int_equal(doca_log_backend_set_level_lower_limit(be, DOCA_LOG_LEVEL_INFO),
	                 DOCA_SUCCESS);

	DOCA_LOG_CRIT("window-crit"); /* more severe than the backend's upper limit */
	DOCA_LOG_ERR("window-err %d", 7);
	DOCA_LOG_WARN("window-warn");
	DOCA_LOG_INFO("window-info");
	DOCA_LOG_DBG("window-dbg"); /* more verbose than the backend's lower limit */
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

	/* A global setter sets the limit of every application backend. */
	doca_log_level_set_global_lower_limit(DOCA_LOG_LEVEL_DEBUG);
	DOCA_LOG_DBG("global-debug");
	DOCA_LOG_CRIT("still-too-severe"); /* the upper limit is still the backend's ERROR */
	doca_log_level_set_global_upper_limit(DOCA_LOG_LEVEL_CRIT);
	DOCA_LOG_CRIT("global-crit");
	doca_log_level_set_global_lower_limit(DOCA_LOG_LEVEL_ERROR);
	DOCA_LOG_WARN("global-cut");
	assert_int_equal(t_count_lines(fp, "global-debug"), 1);
	assert_int_equal(t_count_lines(fp, "still-too-severe"), 0);
	assert_int_equal(t_count_lines(fp, "global-crit"), 1);
	assert_int_equal(t_count_lines(fp, "global-cut"), 0);
	doca_defaults();

	/* SDK records never reach an application backend, which has no SDK level. */
	SDK_LOG(ERROR, "sdk-not-app");
	assert_int_equal(t_count_lines(fp, "sdk-not-app"), 0);
	assert_int_equal(doca_log_backend_set_sdk_level(be, DOCA_LOG_LEVEL_INFO),
	                 DOCA_ERROR_NOT_PERMITTED);
	retire(be, false);
}

/* An SDK backend prints SDK records up to its SDK level; the global SDK limit sets every
 * SDK backend. Application records never reach it. */
static void test_sdk_records(void **state)
{
	struct doca_log_backend *be = NULL;
	FILE *fp = tmpfile();
	char last[256];
	(void)state;

	doca_defaults();
	assert_int_equal(doca_log_backend_create_with_file_sdk(fp, &be), DOCA_SUCCESS);
	assert_int_equal(doca_log_backend_set_sdk_level(be, DOCA_LOG_LEVEL_WARNING), DOCA_SUCCESS);
	t_log_reset();

	SDK_LOG(ERROR, "sdk-error %s", "cause; fix");
	SDK_LOG(INFO, "sdk-info");
	DOCA_LOG_ERR("app-not-sdk");
	assert_int_equal(t_count_lines(fp, "[SOFTDPA][ERR]"), 1);
	assert_int_equal(t_count_lines(fp, "sdk-info"), 0); /* backend SDK level is WARNING */
	assert_int_equal(t_count_lines(fp, "app-not-sdk"), 0);
	assert_int_equal(sdpa_log_sdk_count(DOCA_LOG_LEVEL_ERROR), 1);
	assert_int_equal(sdpa_log_sdk_count(DOCA_LOG_LEVEL_INFO), 1); /* passed the global limit */
	sdpa_log_last_problem(last, sizeof(last));
	assert_string_equal(last, "sdk-error cause; fix");
	t_assert_logged("sdk-error", "fix");
	assert_int_equal(doca_log_backend_set_level_lower_limit(be, DOCA_LOG_LEVEL_INFO),
	                 DOCA_ERROR_NOT_PERMITTED);
	assert_int_equal(doca_log_backend_set_level_upper_limit(be, DOCA_LOG_LEVEL_INFO),
	                 DOCA_ERROR_NOT_PERMITTED);

	/* The global SDK limit is every SDK backend's level from now on. */
	doca_log_level_set_global_sdk_limit(DOCA_LOG_LEVEL_CRIT);
	SDK_LOG(ERROR, "sdk-cut");
	assert_int_equal(t_count_lines(fp, "sdk-cut"), 0);
	assert_int_equal(sdpa_log_sdk_count(DOCA_LOG_LEVEL_ERROR), 1);
	doca_log_level_set_global_sdk_limit(DOCA_LOG_LEVEL_DEBUG);
	SDK_LOG(DEBUG, "sdk-debug");
	assert_int_equal(t_count_lines(fp, "sdk-debug"), 1);
	doca_defaults();
	retire(be, true);
}

/* A record is printed whole however long (dpa_nvqual prints a JSON summary of several KiB
 * in one record); past 64 KiB it is cut, and the line says so. */
static void test_long_records(void **state)
{
	struct doca_log_backend *be = NULL, *sdk_be = NULL;
	FILE *fp = tmpfile(), *sdk_fp = tmpfile();
	size_t big = 70000;
	char *text = malloc(big + 1), *all;
	(void)state;

	assert_non_null(text);
	doca_defaults();
	assert_int_equal(doca_log_backend_create_with_file(fp, &be), DOCA_SUCCESS);
	assert_int_equal(doca_log_backend_create_with_file_sdk(sdk_fp, &sdk_be), DOCA_SUCCESS);
	for (size_t k = 0; k < big; k++)
		text[k] = (char)('a' + k % 26);
	text[big] = '\0';
	memcpy(text, "{\"data\": {\n", 11);

	/* 3000 bytes of a multi-line JSON-like text: whole, no mark */
	DOCA_LOG_INFO("\n\n%.3000s%s\n", text, "}}END3000");
	SDK_LOG(WARNING, "%.5000sEND5000", text);
	all = slurp(fp);
	assert_int_equal(count_in(all, "END3000"), 1);
	assert_non_null(strstr(all, "{\"data\": {\n"));
	assert_int_equal(count_in(all, "truncated"), 0);
	free(all);
	all = slurp(sdk_fp);
	assert_int_equal(count_in(all, "END5000"), 1);
	assert_int_equal(count_in(all, "truncated"), 0);
	free(all);

	/* 70000 bytes: the first 65536 and a mark with what was cut */
	DOCA_LOG_INFO("%sEND", text);
	all = slurp(fp);
	assert_int_equal(count_in(all, "END\n"), 0);
	assert_int_equal(
	        count_in(all, " [softdpa: record truncated at 65536 bytes, 4467 more cut]\n"), 1);
	{
		const char *start = strstr(all, "{\"data\": {\n") + 0;
		const char *mark = strstr(all, " [softdpa: record truncated");

		start = strstr(start + 1, "{\"data\": {\n"); /* the second record */
		assert_non_null(start);
		assert_int_equal(mark - start, 65536);
	}
	free(all);
	retire(be, false);
	retire(sdk_be, true);
	free(text);
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
	/* (doca_log_backend_create_standard is exercised in a child: test_sample_like_setup) */
	retire(be, true);
}

static void test_fd_backend(void **state)
{
	struct doca_log_backend *be = NULL;
	int fds[2];
	char buf[512] = {0};
	(void)state;

	assert_int_equal(pipe(fds), 0);
	/* A global setter may widen its window again later: a full pipe must not block. */
	assert_int_equal(fcntl(fds[1], F_SETFL, O_NONBLOCK), 0);
	doca_defaults();
	assert_int_equal(doca_log_backend_create_with_fd(fds[1], &be), DOCA_SUCCESS);
	assert_int_equal(doca_log_backend_set_level_lower_limit(be, DOCA_LOG_LEVEL_WARNING),
	                 DOCA_SUCCESS);
	DOCA_LOG_INFO("not-through-the-pipe");
	DOCA_LOG_WARN("through-a-pipe");
	ssize_t n = read(fds[0], buf, sizeof(buf) - 1);
	assert_true(n > 0);
	assert_non_null(strstr(buf, "through-a-pipe"));
	assert_null(strstr(buf, "not-through-the-pipe"));
	retire(be, false);
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

	doca_defaults();
	assert_int_equal(doca_log_backend_create_with_file(fp, &be), DOCA_SUCCESS);
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
	retire(be, false);
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

	doca_defaults();
	assert_int_equal(doca_log_backend_create_with_file(fp, &be), DOCA_SUCCESS);
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
	retire(be, false);
}

int main(void)
{
	sdpa_log_register_sdk_source("test_sdk", &sdk_source);
	const struct CMUnitTest tests[] = {
	        /* first: their children start from a log state no other test touched */
	        cmocka_unit_test(test_sample_like_setup),
	        cmocka_unit_test(test_sdk_fallback_until_sdk_backend),
	        cmocka_unit_test(test_level_numbers_and_names),
	        cmocka_unit_test(test_global_limits),
	        cmocka_unit_test(test_app_records_in_window),
	        cmocka_unit_test(test_sdk_records),
	        cmocka_unit_test(test_long_records),
	        cmocka_unit_test(test_backend_errors),
	        cmocka_unit_test(test_fd_backend),
	        cmocka_unit_test(test_sources),
	        cmocka_unit_test(test_rate_limit),
	        cmocka_unit_test(test_concurrent_records),
	};
	return cmocka_run_group_tests_name("doca_log", tests, NULL, NULL);
}
