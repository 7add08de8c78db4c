/* SPDX-License-Identifier: BSD-3-Clause
 * The diagnostics logged once per kernel and DPA context: one bit each in
 * sdpa_kernel.reported (dpa.h). Every reporter's bits are named here, so no two reporters
 * can take the same bit. A function-free header: the provider's glue names its bits too.
 */
#ifndef SDPA_DPA_REPORT_H
#define SDPA_DPA_REPORT_H

enum sdpa_report {
	/* dev_api.c: device calls an execution of this kind cannot make (P8), misuse */
	SDPA_REPORT_RESCHEDULE = 1u << 0,
	SDPA_REPORT_FINISH = 1u << 1,
	SDPA_REPORT_TLS = 1u << 2,
	SDPA_REPORT_NOTIFY = 1u << 3,
	SDPA_REPORT_POST = 1u << 4,
	SDPA_REPORT_YIELD = 1u << 5,
	SDPA_REPORT_REENTER = 1u << 6,
	SDPA_REPORT_POST_WAIT = 1u << 7,
	SDPA_REPORT_NO_EXEC = 1u << 8,
	/* sched.c: a rescheduled thread re-enters from the top (P9) */
	SDPA_REPORT_REENTRY = 1u << 9,
	/* window.c: the window pitfalls (docs/WINDOWS.md) */
	SDPA_REPORT_WIN_P1 = 1u << 10,
	SDPA_REPORT_WIN_P2 = 1u << 11,
	SDPA_REPORT_WIN_P3 = 1u << 12,
	SDPA_REPORT_WIN_P4 = 1u << 13,
	SDPA_REPORT_WIN_P5 = 1u << 14,
	SDPA_REPORT_WIN_D13 = 1u << 15,
	SDPA_REPORT_WIN_XEU = 1u << 16,
	SDPA_REPORT_WIN_UNBOUND = 1u << 17,
	SDPA_REPORT_WIN_OUTSIDE = 1u << 18,
	SDPA_REPORT_WIN_P2_INV = 1u << 19,
	SDPA_REPORT_WIN_BIG = 1u << 20,
	/* provider (src/provider, through glue.c): the DOCA Flow DPA provider's pitfalls */
	SDPA_REPORT_PROV_EARLY_USE = 1u << 21,
	SDPA_REPORT_PROV_UNPOLLED_READ = 1u << 22,
	SDPA_REPORT_PROV_UNPOLLED_WRITE = 1u << 23,
	SDPA_REPORT_PROV_UNPOLLED_GENERAL = 1u << 24,
	/* the next free bit; bits up to 1u << 30 fit (sdpa_kernel.reported is 32 bits) */
	SDPA_REPORT_NEXT_FREE_ = 1u << 25,
};

#endif
