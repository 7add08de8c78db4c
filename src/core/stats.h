/* SPDX-License-Identifier: BSD-3-Clause
 * Stats registry: layers register a dump callback under a section name ("ports", "pipes",
 * "dpa", "provider"); softdpa_stats_dump() (softdpa.h) writes every section, and a
 * running application serves the same dump on a unix socket when SOFTDPA_STATS=<path>
 * is set. `softdpa stats` reads either. docs/CLI.md documents the format.
 *
 * Dump format: text, one JSON object per line. A callback writes zero or more lines, each
 * a flat JSON object such as {"port":0,"rx_frames":12}; the registry prefixes each with
 * the section name, giving {"section":"ports","port":0,"rx_frames":12}. A line that is
 * not an object is kept as {"section":"ports","text":"..."}. The first line of a dump is
 * {"section":"softdpa","version":"...","pid":N,"sections":K}.
 *
 * Thread safety: every function may be called from any thread. A callback runs with the
 * registry lock held (so that once sdpa_stats_unregister returns, it is never called
 * again); it must not call back into this registry, and it must not block for long.
 */
#ifndef SDPA_CORE_STATS_H
#define SDPA_CORE_STATS_H

#include <stdint.h>
#include <stdio.h>

#include <doca_error.h>

enum {
	SDPA_STATS_NAME_MAX = 32, /* section name length, including the NUL */
	SDPA_STATS_SECTIONS = 32, /* registered sections at most */
};

/* Register 'fn' under 'section' ([a-z0-9_], 1..31 chars); 'arg' is passed back to it.
 * Sections are dumped in registration order. INVALID_VALUE for a NULL fn or a bad name;
 * ALREADY_EXIST when the name is taken; FULL beyond SDPA_STATS_SECTIONS. Each is logged. */
doca_error_t sdpa_stats_register(const char *section, void (*fn)(void *arg, FILE *out), void *arg);

/* Remove a section. Returns after any dump that is running the callback has finished.
 * NOT_FOUND (logged at debug level only: teardown paths may call it blindly). */
doca_error_t sdpa_stats_unregister(const char *section);

/* Write 's' as a JSON string (quotes included, escaped) to out: for callbacks. */
void sdpa_stats_json_str(FILE *out, const char *s);

/* Start the SOFTDPA_STATS socket server if the variable is set and it is not running
 * yet; otherwise do nothing. Cheap after the first call. Call it from every place the
 * library starts (doca_devinfo_create_list, doca_flow_init, doca_dpa_create);
 * softdpa_stats_dump calls it too.
 * Failures (path too long, bind error) are logged once as a warning: stats are a
 * diagnostic, never a reason to fail the application. */
void sdpa_stats_maybe_start(void);

/* Stop the server thread and remove its socket file; it may start again later (tests).
 * Also registered with atexit() by the first start, so a process never exits with the
 * thread inside a dump and never leaves the socket file behind. */
void sdpa_stats_stop(void);

/* Path the server listens on, or NULL when it is not running. For tests and messages. */
const char *sdpa_stats_socket_path(void);

/* Connections the server has answered since the process started (tests wait on it). */
uint64_t sdpa_stats_served(void);

#endif
