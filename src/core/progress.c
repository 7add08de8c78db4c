/* SPDX-License-Identifier: BSD-3-Clause
 * Terminal progress bar. State changes happen under 'lock'; 'active' and 'next_draw_ns'
 * are atomics only so that _update can return without the lock between redraws.
 */
#include <math.h>
#include <pthread.h>
#include <stdbool.h>
#include <string.h>
#include <sys/ioctl.h>
#include <time.h>
#include <unistd.h>

#include "core/atomics.h"
#include "core/progress.h"
#include "core/util.h"

enum { LABEL_MAX = 48, DEFAULT_WIDTH = 80, BAR_MIN = 10, BAR_MAX = 30 };

static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static sdpa_atomic_int active;
static sdpa_atomic_u64 next_draw_ns;
static sdpa_atomic_u64 last_done;
static FILE *forced_out; /* under lock */
static FILE *out;        /* under lock */
static char label[LABEL_MAX];
static uint64_t total;
static uint64_t start_ns;
static unsigned int width;
/* Set only while the module is idle (see sdpa_progress_set_clock): a plain pointer. */
static uint64_t (*clock_fn)(void);

static uint64_t now_ns(void)
{
	return clock_fn != NULL ? clock_fn() : sdpa_mono_ns();
}

void sdpa_progress_set_clock(uint64_t (*fn)(void))
{
	clock_fn = fn;
}

char *sdpa_progress_fmt_rate(char *buf, size_t size, double per_sec)
{
	if (!(per_sec >= 0) || isinf(per_sec))
		snprintf(buf, size, "-- /s");
	else if (per_sec < 999.5)
		snprintf(buf, size, "%.0f /s", per_sec);
	else if (per_sec < 999.95e3)
		snprintf(buf, size, "%.1f k/s", per_sec / 1e3);
	else if (per_sec < 999.995e6)
		snprintf(buf, size, "%.2f M/s", per_sec / 1e6);
	else
		snprintf(buf, size, "%.2f G/s", per_sec / 1e9);
	return buf;
}

char *sdpa_progress_fmt_eta(char *buf, size_t size, double seconds)
{
	uint64_t s;

	if (!(seconds >= 0) || seconds > 100.0 * 86400) {
		snprintf(buf, size, "--:--");
		return buf;
	}
	s = (uint64_t)(seconds + 0.5);
	if (s >= 3600)
		snprintf(buf, size, "%llu:%02u:%02u", (unsigned long long)(s / 3600),
		         (unsigned int)(s / 60 % 60), (unsigned int)(s % 60));
	else
		snprintf(buf, size, "%u:%02u", (unsigned int)(s / 60), (unsigned int)(s % 60));
	return buf;
}

size_t sdpa_progress_fmt_line(char *buf, size_t size, const char *lbl, uint64_t done, uint64_t tot,
                              double elapsed, unsigned int cols)
{
	char rate[32], eta[32], tail[160], bar[BAR_MAX + 1];
	double per_sec = elapsed > 0 ? (double)done / elapsed : 0;
	size_t lbl_len = strlen(lbl), tail_len;
	int n;

	if (size == 0)
		return 0;
	sdpa_progress_fmt_rate(rate, sizeof(rate), per_sec);
	if (tot == 0) {
		n = snprintf(buf, size, "%s  %llu  %s  %s elapsed", lbl, (unsigned long long)done,
		             rate, sdpa_progress_fmt_eta(eta, sizeof(eta), elapsed));
		return n < 0 ? 0 : SDPA_MIN((size_t)n, size - 1);
	}
	if (done > tot)
		done = tot;
	/* No rate yet means no estimate, not "0:00 left". */
	sdpa_progress_fmt_eta(eta, sizeof(eta),
	                      per_sec > 0 ? (double)(tot - done) / per_sec : -1.0);
	n = snprintf(tail, sizeof(tail), "  %5.1f%%  %llu/%llu  %s  ETA %s",
	             100.0 * (double)done / (double)tot, (unsigned long long)done,
	             (unsigned long long)tot, rate, eta);
	tail_len = n < 0 ? 0 : (size_t)n;

	/* The bar takes what is left of the line: " [" + bar + "]". */
	long room = (long)cols - (long)lbl_len - (long)tail_len - 3;
	int bar_len = room > BAR_MAX ? BAR_MAX : (int)room;

	if (bar_len < BAR_MIN) {
		n = snprintf(buf, size, "%s%s", lbl, tail);
	} else {
		int fill = (int)((double)bar_len * (double)done / (double)tot);

		memset(bar, '#', (size_t)fill);
		memset(bar + fill, '.', (size_t)(bar_len - fill));
		bar[bar_len] = '\0';
		n = snprintf(buf, size, "%s [%s]%s", lbl, bar, tail);
	}
	return n < 0 ? 0 : SDPA_MIN((size_t)n, size - 1);
}

/* Holding lock. */
static void draw_locked(uint64_t done, bool final)
{
	char line[512];
	double elapsed = (double)(now_ns() - start_ns) / 1e9;

	sdpa_progress_fmt_line(line, sizeof(line), label, done, total, elapsed, width - 1);
	/* "\033[K" clears what a longer previous line left on the right. */
	fprintf(out, "\r%s\033[K%s", line, final ? "\n" : "");
	fflush(out);
}

void sdpa_progress_force_output(FILE *f)
{
	pthread_mutex_lock(&lock);
	forced_out = f;
	pthread_mutex_unlock(&lock);
}

void sdpa_progress_start(const char *lbl, uint64_t tot)
{
	struct winsize ws;

	pthread_mutex_lock(&lock);
	sdpa_store_relaxed(&active, 0);
	out = forced_out;
	if (out == NULL && isatty(STDERR_FILENO))
		out = stderr;
	if (out == NULL) {
		pthread_mutex_unlock(&lock);
		return;
	}
	snprintf(label, sizeof(label), "%s", lbl != NULL ? lbl : "progress");
	total = tot;
	width = DEFAULT_WIDTH;
	if (ioctl(fileno(out), TIOCGWINSZ, &ws) == 0 && ws.ws_col >= 20)
		width = ws.ws_col;
	start_ns = now_ns();
	sdpa_store_relaxed(&last_done, 0);
	/* The first redraw waits one interval: short runs never draw at all. */
	sdpa_store_relaxed(&next_draw_ns, start_ns + SDPA_PROGRESS_MIN_INTERVAL_MS * 1000000ull);
	/* A1 pairs with R1 in sdpa_progress_update: the fields above are set before. */
	sdpa_store_release(&active, 1);
	pthread_mutex_unlock(&lock);
}

void sdpa_progress_update(uint64_t done)
{
	uint64_t t;

	/* R1 pairs with A1 in sdpa_progress_start. */
	if (!sdpa_load_acquire(&active))
		return;
	sdpa_store_relaxed(&last_done, done);
	t = now_ns();
	if (t < sdpa_load_relaxed(&next_draw_ns))
		return;
	pthread_mutex_lock(&lock);
	/* Re-check: another thread may have drawn, or _end may have run, meanwhile. */
	if (sdpa_load_relaxed(&active) && t >= sdpa_load_relaxed(&next_draw_ns)) {
		sdpa_store_relaxed(&next_draw_ns, t + SDPA_PROGRESS_MIN_INTERVAL_MS * 1000000ull);
		draw_locked(done, false);
	}
	pthread_mutex_unlock(&lock);
}

void sdpa_progress_end(void)
{
	pthread_mutex_lock(&lock);
	if (sdpa_load_relaxed(&active)) {
		sdpa_store_relaxed(&active, 0);
		draw_locked(sdpa_load_relaxed(&last_done), true);
	}
	pthread_mutex_unlock(&lock);
}
