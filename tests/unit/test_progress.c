/* SPDX-License-Identifier: BSD-3-Clause
 * Progress reporter: exact rate/ETA/line formatting, silence when stderr is not a
 * terminal, and at most ~10 redraws per second when it draws.
 */
#include <fcntl.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "core/progress.h"
#include "t_helpers.h"

static void test_fmt_rate(void **state)
{
	char b[32];

	(void)state;
	assert_string_equal(sdpa_progress_fmt_rate(b, sizeof(b), 0), "0 /s");
	assert_string_equal(sdpa_progress_fmt_rate(b, sizeof(b), 950), "950 /s");
	assert_string_equal(sdpa_progress_fmt_rate(b, sizeof(b), 999.4), "999 /s");
	assert_string_equal(sdpa_progress_fmt_rate(b, sizeof(b), 999.6), "1.0 k/s");
	assert_string_equal(sdpa_progress_fmt_rate(b, sizeof(b), 12345), "12.3 k/s");
	assert_string_equal(sdpa_progress_fmt_rate(b, sizeof(b), 1.5e6), "1.50 M/s");
	assert_string_equal(sdpa_progress_fmt_rate(b, sizeof(b), 2e9), "2.00 G/s");
	assert_string_equal(sdpa_progress_fmt_rate(b, sizeof(b), -1), "-- /s");
	assert_string_equal(sdpa_progress_fmt_rate(b, sizeof(b), NAN), "-- /s");
	assert_string_equal(sdpa_progress_fmt_rate(b, sizeof(b), INFINITY), "-- /s");
}

static void test_fmt_eta(void **state)
{
	char b[32];

	(void)state;
	assert_string_equal(sdpa_progress_fmt_eta(b, sizeof(b), 0), "0:00");
	assert_string_equal(sdpa_progress_fmt_eta(b, sizeof(b), 7.4), "0:07");
	assert_string_equal(sdpa_progress_fmt_eta(b, sizeof(b), 754), "12:34");
	assert_string_equal(sdpa_progress_fmt_eta(b, sizeof(b), 3599.4), "59:59");
	assert_string_equal(sdpa_progress_fmt_eta(b, sizeof(b), 3723), "1:02:03");
	assert_string_equal(sdpa_progress_fmt_eta(b, sizeof(b), 30 * 3600), "30:00:00");
	assert_string_equal(sdpa_progress_fmt_eta(b, sizeof(b), -1), "--:--");
	assert_string_equal(sdpa_progress_fmt_eta(b, sizeof(b), NAN), "--:--");
	assert_string_equal(sdpa_progress_fmt_eta(b, sizeof(b), 1e9), "--:--");
}

static void test_fmt_line(void **state)
{
	char b[256];
	size_t n;

	(void)state;
	/* 450 done in 1 s: 450/s, 550 left -> 1.2 s. Wide: the bar is capped at 30. */
	n = sdpa_progress_fmt_line(b, sizeof(b), "gen", 450, 1000, 1.0, 200);
	assert_string_equal(b, "gen [#############.................]   45.0%  450/1000  450 /s  "
	                       "ETA 0:01");
	assert_int_equal(n, strlen(b));
	/* 60 columns: the bar shrinks so the line fits exactly. */
	n = sdpa_progress_fmt_line(b, sizeof(b), "gen", 450, 1000, 1.0, 60);
	assert_int_equal(n, 60);
	assert_string_equal(b, "gen [########..........]   45.0%  450/1000  450 /s  ETA 0:01");
	/* Too narrow for a 10-column bar: no bar at all. */
	sdpa_progress_fmt_line(b, sizeof(b), "gen", 450, 1000, 1.0, 40);
	assert_string_equal(b, "gen   45.0%  450/1000  450 /s  ETA 0:01");
	/* Nothing done yet: no estimate. Done beyond total: clamped. */
	sdpa_progress_fmt_line(b, sizeof(b), "g", 0, 10, 0.5, 40);
	assert_string_equal(b, "g    0.0%  0/10  0 /s  ETA --:--");
	sdpa_progress_fmt_line(b, sizeof(b), "g", 12, 10, 2.0, 40);
	assert_string_equal(b, "g  100.0%  10/10  6 /s  ETA 0:00");
	/* Unknown total: count, rate and elapsed time. */
	sdpa_progress_fmt_line(b, sizeof(b), "info", 2500000, 0, 2.0, 80);
	assert_string_equal(b, "info  2500000  1.25 M/s  0:02 elapsed");
	/* Truncation reports what was written, like snprintf into a short buffer. */
	n = sdpa_progress_fmt_line(b, 8, "info", 2500000, 0, 2.0, 80);
	assert_int_equal(n, 7);
	assert_string_equal(b, "info  2");
}

static void sleep_ms(long ms)
{
	struct timespec ts = {.tv_sec = ms / 1000, .tv_nsec = (ms % 1000) * 1000000};

	nanosleep(&ts, NULL);
}

static uint64_t mono_ms(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (uint64_t)ts.tv_sec * 1000 + (uint64_t)ts.tv_nsec / 1000000;
}

static void test_silent_when_not_a_tty(void **state)
{
	char path[512];
	struct stat st;
	int saved, fd;

	(void)state;
	t_path(path, sizeof(path), "stderr.txt");
	fd = open(path, O_CREAT | O_TRUNC | O_WRONLY, 0600);
	assert_true(fd >= 0);
	fflush(stderr);
	saved = dup(STDERR_FILENO);
	assert_int_equal(dup2(fd, STDERR_FILENO), STDERR_FILENO);
	close(fd);

	sdpa_progress_force_output(NULL);
	sdpa_progress_start("quiet", 100);
	for (int i = 0; i <= 100; i++) {
		sdpa_progress_update((uint64_t)i);
		if (i % 25 == 0)
			sleep_ms(60); /* long enough that a terminal would have been redrawn */
	}
	sdpa_progress_end();
	fflush(stderr);

	assert_int_equal(dup2(saved, STDERR_FILENO), STDERR_FILENO);
	close(saved);
	assert_int_equal(stat(path, &st), 0);
	assert_int_equal(st.st_size, 0);
}

static size_t count_char(const char *s, size_t n, char c)
{
	size_t k = 0;

	for (size_t i = 0; i < n; i++)
		k += s[i] == c;
	return k;
}

static void test_throttled_redraws(void **state)
{
	char *buf = NULL;
	size_t size = 0, cr;
	FILE *mem = open_memstream(&buf, &size);

	(void)state;
	assert_non_null(mem);
	sdpa_progress_force_output(mem);
	/* A run shorter than one interval draws only the final line. */
	sdpa_progress_start("short", 10);
	for (int i = 1; i <= 10; i++)
		sdpa_progress_update((uint64_t)i);
	sdpa_progress_end();
	fflush(mem);
	assert_int_equal(count_char(buf, size, '\r'), 1);
	assert_int_equal(count_char(buf, size, '\n'), 1);
	assert_non_null(strstr(buf, "short [##############################]  100.0%  10/10"));

	sdpa_progress_force_output(NULL);
	fclose(mem);
	free(buf);
	buf = NULL;
	size = 0;
	mem = open_memstream(&buf, &size);
	assert_non_null(mem);
	sdpa_progress_force_output(mem);

	/* 450 ms (by the clock, whatever the load) of updates about every 1 ms: at most 4
	 * redraws 100 ms apart, not ~450; at least 1 since updates go on past 100 ms. */
	sdpa_progress_start("long", 1000);
	for (uint64_t i = 0, t0 = mono_ms(); mono_ms() - t0 < 450; i++) {
		sdpa_progress_update(i % 1000);
		sleep_ms(1);
	}
	sdpa_progress_update(1000);
	sdpa_progress_end();
	/* After _end nothing draws. */
	sdpa_progress_update(5);
	sdpa_progress_end();
	fflush(mem);
	cr = count_char(buf, size, '\r');
	assert_in_range(cr, 2, 5); /* redraws + the final line */
	assert_int_equal(count_char(buf, size, '\n'), 1);
	assert_non_null(strstr(buf, "\rlong ["));
	assert_non_null(strstr(buf, "100.0%  1000/1000"));
	assert_int_equal(buf[size - 1], '\n');
	sdpa_progress_force_output(NULL);
	fclose(mem);
	free(buf);
}

static int setup(void **state)
{
	(void)state;
	return t_tmpdir() != NULL ? 0 : -1;
}

static int teardown(void **state)
{
	(void)state;
	t_rmdir_r(t_tmpdir());
	return 0;
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	        cmocka_unit_test(test_fmt_rate),
	        cmocka_unit_test(test_fmt_eta),
	        cmocka_unit_test(test_fmt_line),
	        cmocka_unit_test(test_silent_when_not_a_tty),
	        cmocka_unit_test(test_throttled_redraws),
	};
	return cmocka_run_group_tests(tests, setup, teardown);
}
