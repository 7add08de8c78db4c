/* SPDX-License-Identifier: BSD-3-Clause
 * SOFTDPA_TRACE=<file>: a Chrome/Perfetto JSON trace of the emulator (docs/TRACING.md).
 *
 * Recording is off unless SOFTDPA_TRACE names a file. Off, every hook costs one relaxed
 * load of a global flag (sdpa_trace_on(), inline); call sites test it before computing
 * arguments:
 *
 *   uint64_t t0 = sdpa_trace_begin();          // 0 when off
 *   ... work ...
 *   if (t0 != 0)
 *           sdpa_trace_nic_burst(w->idx, port, n, drops, t0);
 *
 * Events go to a buffer of the calling OS thread (no lock per event; a lock only to
 * register the buffer and to write the file). A buffer holds SDPA_TRACE_MAX_EVENTS;
 * beyond that events are counted as dropped and the file says how many. The file is
 * written at exit (atexit) and by softdpa_trace_flush(), each time complete.
 *
 * Tracks (pid, tid) — a "process" and a "thread" in the viewer:
 *   SDPA_TRACE_DPA       tid = EU id ("EU 3"); RPCs run in the caller's thread and use
 *                        SDPA_TRACE_TID_CALLER (one track per calling host thread).
 *   SDPA_TRACE_NIC       tid = worker index (0 = the caller's thread in deterministic
 *                        mode, SOFTDPA_NIC_WORKERS=0).
 *   SDPA_TRACE_PROVIDER  tid = sdpa_trace_prov_tid(port, queue type, queue id).
 * Track names are derived from (pid, tid) when the file is written.
 *
 * Strings: event names and string argument values are copied (a kernel's name may go
 * away with its image); argument KEYS must be string literals.
 *
 * For the window module (src/dpa/window.c): record binds and faults on the EU track,
 * e.g. an instant per bind and per fault,
 *   if (sdpa_trace_on())
 *           sdpa_trace_instant(SDPA_TRACE_DPA, eu_id, "window_bind",
 *                              &(struct sdpa_trace_args){.key = {"mmap", "size"},
 *                                                        .val = {mmap_id, size}});
 * or a complete event (sdpa_trace_complete) for a writeback/read_inv that copies lines.
 * Pass SDPA_TRACE_TID_CALLER as tid when the code runs as an RPC (no EU).
 */
#ifndef SDPA_CORE_TRACE_H
#define SDPA_CORE_TRACE_H

#include <stdbool.h>
#include <stdint.h>

#include "core/atomics.h"
#include "core/util.h"

enum sdpa_trace_pid {
	SDPA_TRACE_DPA = 1,
	SDPA_TRACE_NIC = 2,
	SDPA_TRACE_PROVIDER = 3,
};

enum {
	SDPA_TRACE_MAX_ARGS = 3,         /* integer arguments per event */
	SDPA_TRACE_MAX_EVENTS = 1 << 20, /* per recording thread */
	/* tid meaning "the calling host thread" (replaced by a per-thread track id). */
	SDPA_TRACE_TID_CALLER = 0xffffffffu,
};

/* Up to three integer and two string arguments; unused keys are NULL. */
struct sdpa_trace_args {
	const char *key[SDPA_TRACE_MAX_ARGS]; /* string literals */
	int64_t val[SDPA_TRACE_MAX_ARGS];
	const char *skey[2]; /* string literals */
	const char *sval[2]; /* copied; NULL leaves the argument out */
};

/* Set while recording; hooks read it with one relaxed load. */
extern sdpa_atomic_int sdpa_trace_enabled;

/* Whether events are being recorded. */
static inline bool sdpa_trace_on(void)
{
	/* A flag with no data behind it: relaxed. */
	return SDPA_UNLIKELY(sdpa_load_relaxed(&sdpa_trace_enabled) != 0);
}

/* Start of a complete event: the time now, or 0 when not recording. */
static inline uint64_t sdpa_trace_begin(void)
{
	return sdpa_trace_on() ? sdpa_mono_ns() : 0;
}

/* The Provider track of one queue. */
static inline uint32_t sdpa_trace_prov_tid(uint16_t port, uint32_t type, uint32_t queue)
{
	return (uint32_t)port << 20 | (type & 0xf) << 16 | (queue & 0xffff);
}

/* Generic events. 'args' may be NULL. Each is a no-op when not recording. */
/* "X": from t0_ns to now. */
void sdpa_trace_complete(uint32_t pid, uint32_t tid, const char *name, uint64_t t0_ns,
                         const struct sdpa_trace_args *args);
/* "i": now, thread-scoped. */
void sdpa_trace_instant(uint32_t pid, uint32_t tid, const char *name,
                        const struct sdpa_trace_args *args);
/* "C": the counter 'name' of track (pid, tid) takes 'value' now. The viewer shows it as a
 * process counter named "<name> <track name>" (e.g. "outstanding port 0 GENERAL q0"). */
void sdpa_trace_counter(uint32_t pid, uint32_t tid, const char *name, int64_t value);

/* Layer helpers (one line at each hook). */
/* DPA: one execution on EU 'eu' (or SDPA_TRACE_TID_CALLER for an RPC) began at t0:
 * kind "launch" | "thread" | "rpc"; thread = DPA thread id or -1; end = how it ended. */
void sdpa_trace_dpa_exec(uint32_t eu, const char *kernel, const char *kind, uint32_t rank,
                         int64_t thread, const char *end, uint64_t t0);
/* NIC: worker 'worker' processed one non-empty burst of 'frames' frames from 'port' since
 * t0, 'dropped' of them dropped. */
void sdpa_trace_nic_burst(uint32_t worker, uint16_t port, uint32_t frames, uint32_t dropped,
                          uint64_t t0);
/* Provider: 'count' requests of operation 'op' posted on a queue; 'outstanding' =
 * posted and not yet executed on that queue after the post. */
void sdpa_trace_prov_post(uint16_t port, uint32_t type, uint32_t queue, const char *op,
                          uint32_t count, uint32_t outstanding);
/* Provider: 'n' requests handed to the processor. */
void sdpa_trace_prov_flush(uint16_t port, uint32_t type, uint32_t queue, uint32_t n);
/* Provider: the processor executed a batch of 'n' requests since t0 ('dead': the queues
 * were being destroyed, so they completed as failed); 'outstanding' after the batch. */
void sdpa_trace_prov_batch(uint16_t port, uint32_t type, uint32_t queue, uint32_t n, bool dead,
                           uint32_t outstanding, uint64_t t0);
/* Provider: a poll reported 'completed' completions, 'failed' of them failed. */
void sdpa_trace_prov_poll(uint16_t port, uint32_t type, uint32_t queue, uint32_t completed,
                          uint32_t failed);

/* Tests: re-read SOFTDPA_TRACE (after sdpa_config_reload) and restart recording: events
 * recorded before are no longer written. Call while no other thread records. */
void sdpa_trace_reload(void);
/* Tests: events dropped for lack of room since the last reload. */
uint64_t sdpa_trace_dropped(void);
/* Tests: events a thread may record (default and maximum SDPA_TRACE_MAX_EVENTS). */
void sdpa_trace_set_max_events(uint32_t n);

#endif
