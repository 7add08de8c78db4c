/* SPDX-License-Identifier: BSD-3-Clause
 * Windows: how DPA kernels reach external (host) memory (docs/WINDOWS.md).
 *
 * This module owns doca_dpa_dev_mmap_get_external_ptr, doca_dpa_dev_buf_get_external_ptr,
 * and the window fences __dpa_thread_window_read_inv / __dpa_thread_window_writeback
 * (dpaintrin.h macros over priv_doca_dpa_thread_window_read_inv / _writeback, so that
 * libsoftdpa exports only doca_/priv_doca_/softdpa_ names). Three modes (SOFTDPA_WINDOW,
 * read when a context starts its EUs):
 *
 *   fast      the external pointer is the host address; fences are memory fences.
 *   faithful  the pointer lies in the EU's window aperture, backed by a per-EU,
 *             line-granular window cache filled on first touch (SIGSEGV); stores reach
 *             the host at writeback, host changes are seen after read_inv; a rebind
 *             makes old pointers reach the new mmap at the same offset (P1).
 *   strict    as faithful with one aperture per (EU, mmap); touching an inactive one
 *             is trapped and reported (or aborts with SOFTDPA_STRICT_ABORT=1).
 *
 * The scheduler calls the hooks below:
 *
 *   EU thread start/stop          sdpa_window_eu_start / sdpa_window_eu_stop
 *   each execution on an EU       sdpa_window_exec_begin / sdpa_window_exec_end
 *     (a launched rank, a DPA thread activation, an RPC; exec says which kernel, rank,
 *      thread and EU, and 'how' says whether it returned, rescheduled, finished or
 *      was aborted by the watchdog)
 *
 * All hooks run on the thread executing the device code (the EU, or the RPC caller).
 * RPCs run on the host caller's thread and always use the fast window.
 */
#ifndef SDPA_DPA_WINDOW_H
#define SDPA_DPA_WINDOW_H

#include <stdbool.h>
#include <stdint.h>

#include "dpa/dpa.h"

/* Marker softdpa writes into reserved[0] of the device buffers of a buf array whose
 * target is an extended DPA context, so get_external_ptr can report P5. */
enum { SDPA_BUF_MARK_EXTENDED = 0xE5 };

/* An EU thread begins / ends; eu_id in [0, nr_eus). Picks the context's window mode. */
void sdpa_window_eu_start(struct doca_dpa *dpa, unsigned int eu_id);
void sdpa_window_eu_stop(struct doca_dpa *dpa, unsigned int eu_id);

/* Device code starts running as 'ex' on the calling thread (the window is unbound). */
void sdpa_window_exec_begin(const struct sdpa_exec *ex);
/* ... and stopped, in way 'how'. Stores never written back are reported (P2) and
 * dropped; stale polled lines are reported (P3); the window cache is emptied. */
void sdpa_window_exec_end(const struct sdpa_exec *ex, enum sdpa_exec_end how);

/* Log the calling EU's queued fault reports now (every device call does). */
void sdpa_window_report_pending(void);

/* The fault handler (fault.c) offers every SIGSEGV here first: true when 'addr' lies in
 * a window aperture and the touch was served (the access is retried). Async-signal-safe;
 * 'uc' is the handler's ucontext. */
bool sdpa_window_segv(void *addr, void *uc);

/* Test and bench hook: window-cache page faults served since start (all EUs). */
uint64_t sdpa_window_faults(void);

#endif
