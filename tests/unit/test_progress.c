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

/* The test clock (sdpa_progress_set_clock): it moves only when a test moves it. */
static uint64_t fake_ns;

static uint64_t fake_clock(void)
{
	return fake_ns;
}

static uint64_t mono_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
}

/* Append to 'exp' what a redraw of 'done' after 'elapsed_ns' writes (80 columns: a
 * memstream is no terminal, so the default width applies and the line gets 79). */
static void expect_draw(char *exp, size_t size, const char *lbl, uint64_t done, uint64_t tot,
                        uint64_t elapsed_ns, int final)
{
	char line[512];
	size_t n = strlen(exp);

	sdpa_progress_fmt_line(line, sizeof(line), lbl, done, tot, (double)elapsed_ns / 1e9, 79);
	snprintf(exp + n, size - n, "\r%s\033[K%s", line, final ? "\n" : "");
}

/* A fresh memstream as the bar's output. */
static FILE *open_out(char **buf, size_t *size)
{
	FILE *mem;

	*buf = NULL;
	*size = 0;
	mem = open_memstream(buf, size);
	assert_non_null(mem);
	sdpa_progress_force_output(mem);
	return mem;
}

/* fclose may move the buffer (it shrinks it): free what it leaves in *buf. */
static void close_out(FILE *mem, char **buf)
{
	sdpa_progress_force_output(NULL);
	fclose(mem);
	free(*buf);
	*buf = NULL;
}

/* On the test clock, so exact: one redraw per 100 ms at most, none before the first
 * 100 ms, and the final line. */
static void test_throttled_redraws(void **state)
{
	const uint64_t ms = 1000000, base = 5000 * ms;
	char *buf, exp[4096] = "";
	size_t size;
	FILE *mem;

	(void)state;
	sdpa_progress_set_clock(fake_clock);

	/* A run shorter than one interval draws only the final line. */
	mem = open_out(&buf, &size);
	fake_ns = base;
	sdpa_progress_start("short", 10);
	for (uint64_t i = 1; i <= 10; i++) {
		fake_ns = base + i * 9 * ms; /* up to 90 ms */
		sdpa_progress_update(i);
	}
	fake_ns = base + 99 * ms;
	sdpa_progress_end();
	fflush(mem);
	assert_int_equal(count_char(buf, size, '\r'), 1);
	assert_int_equal(count_char(buf, size, '\n'), 1);
	assert_non_null(strstr(buf, "short [##############################]  100.0%  10/10"));
	expect_draw(exp, sizeof(exp), "short", 10, 10, 99 * ms, 1);
	assert_string_equal(buf, exp);
	close_out(mem, &buf);

	/* 450 ms of updates every 1 ms: redraws at exactly 100, 200, 300 and 400 ms (not
	 * ~450), each with the count and elapsed time of its moment, then the final line. */
	mem = open_out(&buf, &size);
	exp[0] = '\0';
	fake_ns = base;
	sdpa_progress_start("long", 1000);
	for (uint64_t i = 1; i <= 450; i++) {
		fake_ns = base + i * ms;
		sdpa_progress_update(i);
		if (i % 100 == 0)
			expect_draw(exp, sizeof(exp), "long", i, 1000, i * ms, 0);
	}
	fflush(mem);
	assert_int_equal(count_char(buf, size, '\r'), 4);
	sdpa_progress_update(1000); /* still at 450 ms: no redraw until 500 */
	fflush(mem);
	assert_int_equal(count_char(buf, size, '\r'), 4);
	sdpa_progress_end();
	expect_draw(exp, sizeof(exp), "long", 1000, 1000, 450 * ms, 1);
	/* After _end nothing draws, however late. */
	fake_ns += 1000 * ms;
	sdpa_progress_update(5);
	sdpa_progress_end();
	fflush(mem);
	assert_string_equal(buf, exp);
	assert_non_null(strstr(buf, "100.0%  1000/1000"));
	close_out(mem, &buf);

	/* A late update redraws once, not once per interval missed, and the next redraw is
	 * due 100 ms after it (at 350 ms, not on the 100 ms grid). */
	mem = open_out(&buf, &size);
	fake_ns = base;
	sdpa_progress_start("gap", 0);
	fake_ns = base + 250 * ms;
	sdpa_progress_update(1);
	sdpa_progress_update(2);
	fake_ns = base + 349 * ms;
	sdpa_progress_update(3);
	fake_ns = base + 350 * ms;
	sdpa_progress_update(4);
	sdpa_progress_end();
	fflush(mem);
	assert_int_equal(count_char(buf, size, '\r'), 3);
	assert_non_null(strstr(buf, "\rgap  1  "));
	assert_non_null(strstr(buf, "\rgap  4  "));
	assert_null(strstr(buf, "\rgap  2  "));
	assert_null(strstr(buf, "\rgap  3  "));
	close_out(mem, &buf);
	sdpa_progress_set_clock(NULL);
}

/* The same on the real clock, bounded by the time the run really took (a stalled
 * machine may rightly allow more redraws, never more than one per 100 ms). */
static void test_throttled_redraws_real_clock(void **state)
{
	char *buf;
	size_t size, cr;
	uint64_t t_before, t_after;
	FILE *mem;

	(void)state;
	sdpa_progress_set_clock(NULL);
	mem = open_out(&buf, &size);
	t_before = mono_ns();
	sdpa_progress_start("real", 1000);
	/* 250 ms of updates about every 1 ms. */
	for (uint64_t i = 0, t0 = mono_ms(); mono_ms() - t0 < 250; i++) {
		sdpa_progress_update(i % 1000);
		sleep_ms(1);
	}
	/* At least 250 ms after start: draws unless a redraw happened in the last 100 ms. */
	sdpa_progress_update(1000);
	sdpa_progress_end();
	t_after = mono_ns();
	fflush(mem);
	cr = count_char(buf, size, '\r');
	/* Redraws come >= 100 ms after start and >= 100 ms apart; plus the final line. */
	print_message("real clock: %zu draws in %llu ms\n", cr,
	              (unsigned long long)((t_after - t_before) / 1000000));
	assert_in_range(cr, 2,
	                1 + (t_after - t_before) / (SDPA_PROGRESS_MIN_INTERVAL_MS * 1000000ull));
	assert_int_equal(count_char(buf, size, '\n'), 1);
	assert_non_null(strstr(buf, "\rreal ["));
	assert_non_null(strstr(buf, "100.0%  1000/1000"));
	assert_int_equal(buf[size - 1], '\n');
	close_out(mem, &buf);
}

static int setup(void **state)
{
	(void)state;
	return t_tmpdir() != NULL ? 0 : -1;
}

static int teardown(void **state)
{
	(void)state;
	sdpa_progress_set_clock(NULL);
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
	        cmocka_unit_test(test_throttled_redraws_real_clock),
	};
	return cmocka_run_group_tests(tests, setup, teardown);
}
