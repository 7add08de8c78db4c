/* SPDX-License-Identifier: BSD-3-Clause
 * One hook a layer above the DPA (the provider) registers to learn that an execution ends:
 * called on the EU thread (or the RPC caller's) after the window's end-of-execution
 * checks, while sdpa_exec_current() still names the execution. 'how' is an
 * enum sdpa_exec_end. Its report-once bits are SDPA_REPORT_PROV_* (dpa/report.h).
 */
#ifndef SDPA_DPA_EXEC_HOOK_H
#define SDPA_DPA_EXEC_HOOK_H

typedef void (*sdpa_exec_end_hook_fn)(int how);

/* Any thread; the last registration wins (NULL removes it). */
void sdpa_exec_set_end_hook(sdpa_exec_end_hook_fn fn);

#endif
