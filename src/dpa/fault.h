/* SPDX-License-Identifier: BSD-3-Clause
 * Kernel faults (docs/DPA.md, "Kernel faults"): a NULL dereference, a wild store, a trap,
 * a divide by zero or a stack overflow in device code ends that execution with a device
 * fault instead of the host process.
 *
 * One module owns the handlers of SIGSEGV, SIGBUS, SIGILL, SIGFPE and SIGTRAP (and of SIGURG,
 * which doca_dpa_stop sends to an EU whose kernel never lets go: sdpa_fault_kick). SIGSEGV is
 * first offered to the windows (lazy page fill, window.c). A fault is contained when the
 * faulting thread executes device code (an EU running a kernel or a DPA thread, or an
 * RPC's caller) and the faulting instruction is in a loaded device image, or anywhere
 * but softdpa's own code (a libc memcpy the kernel called): the handler records it in
 * the execution (no formatting, no lock, no allocation), restores the signal mask and
 * longjmps to the execution's landing point; back in normal context the EU logs it
 * (sdpa_fault_report) and the context becomes fatal, as with SDPA_END_FAULT. Every other
 * fault stays the process's own: it goes to the handler installed before ours, or to the
 * default action.
 *
 * Each thread that runs device code (EUs, RPC callers) gets an alternate signal stack when
 * it has none (a stack overflow leaves no stack to run a handler on).
 */
#ifndef SDPA_DPA_FAULT_H
#define SDPA_DPA_FAULT_H

#include <pthread.h>
#include <signal.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "core/atomics.h"

struct sdpa_exec;
struct sdpa_image;
struct doca_dpa;

/* What the handler saw (filled in the handler, read after landing). sig == 0: none. */
struct sdpa_fault_rec {
	int sig;
	int code;       /* si_code */
	uintptr_t addr; /* si_addr: the faulting address (SIGSEGV/SIGBUS) or instruction */
	uintptr_t pc;   /* the faulting instruction */
	bool write;     /* a store (x86-64 page faults; false when unknown) */
	bool stack;     /* the address lies in the thread's stack guard: a stack overflow */
};

/* Install the handlers, or reinstall any that someone replaced (cmocka swaps them around
 * every test); a replaced action becomes the one faults outside device code go to. Any
 * thread; cheap when nothing changed: one sigaction query (SIGSEGV), all five signals
 * every 64th call of the thread. */
void sdpa_fault_ensure_handlers(void);

/* Prepare the calling thread to run device code (once per thread, then free): note its
 * stack bounds (to recognise an overflow) and give it an alternate signal stack when it
 * has none, kept until the thread exits. */
void sdpa_fault_thread_prepare(void);

/* A loaded image's code, so the handler recognises its instructions. 'handle' is its
 * dlopen handle. Remove before the code is unmapped. */
void sdpa_fault_image_add(struct sdpa_image *img, void *handle);
void sdpa_fault_image_remove(struct sdpa_image *img);

/* Stopping a kernel that never makes a device call: the EU thread registers its kick
 * flag (once, at its start); sdpa_fault_kick() raises the flag and sends the EU SIGURG,
 * whose handler unwinds the execution (SDPA_END_ABORT) when the EU is executing device
 * code, and does nothing otherwise. False when the signal could not be sent. */
void sdpa_fault_set_kick_flag(sdpa_atomic_int *flag);
bool sdpa_fault_kick(pthread_t tid, sdpa_atomic_int *flag);

/* After landing from a contained fault of 'ex' (ex->fault.sig != 0): one ERROR line (the
 * execution, the fault, the address, the symbol) and the context becomes fatal. */
void sdpa_fault_report(struct sdpa_exec *ex);

/* Test hook: contained faults since the process started. */
uint64_t sdpa_fault_count(void);

#endif
