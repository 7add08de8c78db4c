/* SPDX-License-Identifier: BSD-3-Clause
 * The only door to atomics in softdpa.
 *
 * Every acquire/release use names its partner in a comment at the call site
 * ("A1 pairs with R1 in ..."). RELEASE: no load or store before it may be reordered
 * after it. ACQUIRE: no load or store after it may be reordered before it. A release
 * store that an acquire load observes makes everything written before the store
 * visible to the reader after the load.
 *
 * Relaxed operations give atomicity only: use them for counters and for flags whose
 * readers need no other data.
 */
#ifndef SDPA_CORE_ATOMICS_H
#define SDPA_CORE_ATOMICS_H

#include <stdatomic.h>
#include <stdbool.h>
#include <stdint.h>

typedef _Atomic uint8_t sdpa_atomic_u8;
typedef _Atomic uint32_t sdpa_atomic_u32;
typedef _Atomic uint64_t sdpa_atomic_u64;
typedef _Atomic int sdpa_atomic_int;
typedef _Atomic(void *) sdpa_atomic_ptr;

#define sdpa_load_relaxed(p)         atomic_load_explicit((p), memory_order_relaxed)
#define sdpa_load_acquire(p)         atomic_load_explicit((p), memory_order_acquire)
#define sdpa_store_relaxed(p, v)     atomic_store_explicit((p), (v), memory_order_relaxed)
#define sdpa_store_release(p, v)     atomic_store_explicit((p), (v), memory_order_release)
#define sdpa_fetch_add_relaxed(p, v) atomic_fetch_add_explicit((p), (v), memory_order_relaxed)
#define sdpa_fetch_add_acq_rel(p, v) atomic_fetch_add_explicit((p), (v), memory_order_acq_rel)
#define sdpa_fetch_sub_acq_rel(p, v) atomic_fetch_sub_explicit((p), (v), memory_order_acq_rel)
#define sdpa_fetch_or_relaxed(p, v)  atomic_fetch_or_explicit((p), (v), memory_order_relaxed)
#define sdpa_fetch_or_acq_rel(p, v)  atomic_fetch_or_explicit((p), (v), memory_order_acq_rel)
#define sdpa_fetch_and_relaxed(p, v) atomic_fetch_and_explicit((p), (v), memory_order_relaxed)
#define sdpa_fetch_and_acq_rel(p, v) atomic_fetch_and_explicit((p), (v), memory_order_acq_rel)
#define sdpa_exchange_acq_rel(p, v)  atomic_exchange_explicit((p), (v), memory_order_acq_rel)
#define sdpa_cas_acq_rel(p, expected, desired)                                                     \
	atomic_compare_exchange_strong_explicit((p), (expected), (desired), memory_order_acq_rel,  \
	                                        memory_order_acquire)
#define sdpa_fence_seq_cst() atomic_thread_fence(memory_order_seq_cst)
/* A compiler-only barrier: keeps this thread's accesses in program order, emits nothing.
 * For the reader half of an asymmetric Dekker whose other half (membarrier(2)) makes the
 * CPU's barrier happen in this thread (src/provider/registry.c). */
#define sdpa_compiler_fence() atomic_signal_fence(memory_order_seq_cst)
/* Sequentially consistent: for the store-then-load handshakes (Dekker) where two threads
 * each write their own flag and then read the other's; acquire/release cannot order a
 * store before a later load. */
#define sdpa_exchange_seq_cst(p, v)  atomic_exchange_explicit((p), (v), memory_order_seq_cst)
#define sdpa_load_seq_cst(p)         atomic_load_explicit((p), memory_order_seq_cst)
#define sdpa_fetch_add_seq_cst(p, v) atomic_fetch_add_explicit((p), (v), memory_order_seq_cst)
#define sdpa_fetch_sub_seq_cst(p, v) atomic_fetch_sub_explicit((p), (v), memory_order_seq_cst)

/* A counter with a single writer (one worker): a relaxed load + store is enough and
 * avoids a locked instruction on the hot path; readers on other threads see a
 * recent, untorn value. */
static inline void sdpa_counter_add(sdpa_atomic_u64 *c, uint64_t v)
{
	sdpa_store_relaxed(c, sdpa_load_relaxed(c) + v);
}

static inline void sdpa_cpu_relax(void)
{
#if defined(__x86_64__) || defined(__i386__)
	__builtin_ia32_pause();
#elif defined(__aarch64__)
	__asm__ volatile("yield");
#endif
}

#endif
