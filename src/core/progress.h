/* SPDX-License-Identifier: BSD-3-Clause
 * A one-line progress bar for long runs (pcap gen, perf tools):
 *
 *   sdpa_progress_start("frames", total);
 *   for (...) sdpa_progress_update(done);
 *   sdpa_progress_end();
 *
 * It draws on stderr only when stderr is a terminal, at most ~10 times per second, and
 * is silent otherwise, so logs and CI output never fill with carriage returns. One bar
 * at a time per process (a terminal has one line to draw on).
 *
 * Thread safety: any thread may call _update while the bar is active; _start and _end
 * come from one controlling thread.
 */
#ifndef SDPA_CORE_PROGRESS_H
#define SDPA_CORE_PROGRESS_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

enum {
	SDPA_PROGRESS_MIN_INTERVAL_MS = 100, /* at most ~10 redraws per second */
};

/* Begin a bar named 'label' (copied; NULL means "progress") counting up to 'total' units;
 * total 0 means unknown (no bar, no ETA: count and rate only). Replaces any active bar
 * without drawing it further. Draws nothing unless stderr is a terminal. */
void sdpa_progress_start(const char *label, uint64_t total);

/* 'done' units are complete (an absolute count, not an increment). Cheap when it does
 * not redraw: callers may call it per item. Nothing happens without an active bar. */
void sdpa_progress_update(uint64_t done);

/* Draw the final state and end the line, then deactivate. No-op without an active bar. */
void sdpa_progress_end(void);

/* Test hook: draw to 'out' as if it were the terminal (NULL: back to "stderr if it is a
 * terminal"). Takes effect at the next sdpa_progress_start. */
void sdpa_progress_force_output(FILE *out);

/* Test hook: read the time (monotonic nanoseconds) from 'fn' instead of CLOCK_MONOTONIC,
 * so that tests can step the clock exactly (NULL: back to CLOCK_MONOTONIC). Call it only
 * while no bar is active and no other thread uses this module. */
void sdpa_progress_set_clock(uint64_t (*fn)(void));

/* Format a rate in units per second into buf: "950 /s", "12.3 k/s", "1.50 M/s",
 * "2.00 G/s". Returns buf. */
char *sdpa_progress_fmt_rate(char *buf, size_t size, double per_sec);

/* Format a remaining time: "0:07", "12:34", "1:02:03" (hours unbounded), or "--:--" when
 * unknown (negative, NaN, or beyond 100 days). Returns buf. */
char *sdpa_progress_fmt_eta(char *buf, size_t size, double seconds);

/* Format the whole line (no '\r', no newline) for 'done' of 'total' after 'elapsed'
 * seconds, fitting 'width' columns when it can (the bar shrinks first):
 *   "label [#########.........]  45.0%  450000/1000000  1.23 M/s  ETA 0:04"
 * With total 0: "label  450000  1.23 M/s  0:04 elapsed". Returns the length written
 * (truncated to size - 1 like snprintf). */
size_t sdpa_progress_fmt_line(char *buf, size_t size, const char *label, uint64_t done,
                              uint64_t total, double elapsed, unsigned int width);

#endif
