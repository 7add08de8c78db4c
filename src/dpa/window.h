/* SPDX-License-Identifier: BSD-3-Clause
 * Windows: how DPA kernels reach external (host) memory (docs/DPA.md, "Windows").
 *
 * This module owns doca_dpa_dev_mmap_get_external_ptr, doca_dpa_dev_buf_get_external_ptr,
 * and the window fences __dpa_thread_window_read_inv / __dpa_thread_window_writeback
 * (dpaintrin.h macros over priv_doca_dpa_thread_window_read_inv / _writeback, so that
 * libsoftdpa exports only doca_/priv_doca_/softdpa_ names). Today it implements the
 * `fast` mode only: the external pointer is the host address and the window fences are
 * plain memory fences. The faithful/strict modes (per-EU window caches, apertures,
 * pitfall reports) plug in behind the same hooks, which the scheduler already calls:
 *
 *   EU thread start/stop          sdpa_window_eu_start / sdpa_window_eu_stop
 *   each execution on an EU       sdpa_window_exec_begin / sdpa_window_exec_end
 *     (a launched rank, a DPA thread activation, an RPC; exec says which kernel, rank,
 *      thread and EU, and 'how' says whether it returned, rescheduled, finished or
 *      was aborted by the watchdog)
 *
 * All hooks run on the thread executing the device code (the EU, or the RPC caller).
 */
#ifndef SDPA_DPA_WINDOW_H
#define SDPA_DPA_WINDOW_H

#include "dpa/dpa.h"

/* An EU thread begins / ends; eu_id in [0, nr_eus). */
void sdpa_window_eu_start(struct doca_dpa *dpa, unsigned int eu_id);
void sdpa_window_eu_stop(struct doca_dpa *dpa, unsigned int eu_id);

/* Device code starts running as 'ex' on the calling thread. */
void sdpa_window_exec_begin(const struct sdpa_exec *ex);
/* ... and stopped, in way 'how' (reschedule and finish end the activation, so a missing
 * writeback becomes observable there). */
void sdpa_window_exec_end(const struct sdpa_exec *ex, enum sdpa_exec_end how);

#endif
