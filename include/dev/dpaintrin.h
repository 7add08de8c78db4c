/* SPDX-License-Identifier: BSD-3-Clause */
/**
 * @file
 * softdpa — dpaintrin.h: DPA intrinsics (fences by memory space, window fences,
 * per-EU counters, fixed-point helpers), for DPA translation units.
 *
 * On the DPA these are compiler intrinsics. In softdpa they are macros over calls into the
 * emulated runtime, so that the window model (docs/DPA.md) sees every fence. Signatures of the
 * fixed-point helpers are reconstructed (public material shows only their names).
 */
#ifndef DPAINTRIN_H_
#define DPAINTRIN_H_

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* Memory spaces. */
#define __DPA_HEAP   0 /**< DPA heap (doca_dpa_mem_alloc) */
#define __DPA_MEMORY 1 /**< DPA memory (heap, globals, statics) */
#define __DPA_MMIO   2 /**< windows and outbox (external memory) */
#define __DPA_SYSTEM 3 /**< everything */

/* Operation sets. */
#define __DPA_R  1 /**< reads */
#define __DPA_W  2 /**< writes */
#define __DPA_RW 3 /**< reads and writes */

/* The runtime entry points behind the intrinsics below (exported by libsoftdpa under
 * DOCA's private-implementation prefix). Call the intrinsics, not these. */
/**
 * @brief The runtime behind __dpa_thread_fence() and the fences built on it; call those.
 *
 * @param [in] space
 * The memory space (__DPA_HEAP, __DPA_MEMORY, __DPA_MMIO, __DPA_SYSTEM).
 * @param [in] pred_op
 * The operations before the fence (__DPA_R, __DPA_W, __DPA_RW).
 * @param [in] succ_op
 * The operations after the fence.
 */
void priv_doca_dpa_thread_fence(int space, int pred_op, int succ_op);
/** @brief The runtime behind __dpa_thread_window_read_inv(); call that. */
void priv_doca_dpa_thread_window_read_inv(void);
/** @brief The runtime behind __dpa_thread_window_writeback(); call that. */
void priv_doca_dpa_thread_window_writeback(void);
/**
 * @brief The runtime behind __dpa_thread_cycles(); call that.
 *
 * @return The cycle count.
 */
uint64_t priv_doca_dpa_thread_cycles(void);
/**
 * @brief The runtime behind __dpa_thread_inst_ret(); call that.
 *
 * @return The retired-instruction count.
 */
uint64_t priv_doca_dpa_thread_inst_ret(void);
/**
 * @brief The runtime behind __dpa_thread_time(); call that.
 *
 * @return The time.
 */
uint64_t priv_doca_dpa_thread_time(void);
/**
 * @brief The runtime behind __dpa_fxp_rcp(); call that.
 *
 * @param [in] x
 * A Q16.16 value.
 * @return 1/x in Q16.16.
 */
int32_t priv_doca_dpa_fxp_rcp(int32_t x);
/**
 * @brief The runtime behind __dpa_fxp_pow2(); call that.
 *
 * @param [in] x
 * A Q16.16 value.
 * @return 2^x in Q16.16.
 */
int32_t priv_doca_dpa_fxp_pow2(int32_t x);
/**
 * @brief The runtime behind __dpa_fxp_log2(); call that.
 *
 * @param [in] x
 * An unsigned Q16.16 value.
 * @return log2(x) in Q16.16.
 */
int32_t priv_doca_dpa_fxp_log2(uint32_t x);

/**
 * @brief Order memory operations: operations pred_op before the call are visible, to every
 * observer, before operations succ_op after it, in space.
 *
 * @note In __DPA_MMIO and __DPA_SYSTEM, softdpa also writes the window back when pred_op holds
 * __DPA_W, and invalidates it when both pred_op and succ_op hold __DPA_R.
 */
#define __dpa_thread_fence(space, pred_op, succ_op)                                                \
	priv_doca_dpa_thread_fence((space), (pred_op), (succ_op))

/**
 * @brief Window: drop the calling thread's cached view of external memory before later loads.
 *
 * @note Window stores not yet written back are discarded; softdpa warns once (P2).
 */
#define __dpa_thread_window_read_inv() priv_doca_dpa_thread_window_read_inv()
/** @brief Window: make the calling thread's stores through window pointers visible outside. */
#define __dpa_thread_window_writeback() priv_doca_dpa_thread_window_writeback()

/** @brief Fence DPA memory: operations op1 before, op2 after. */
#define __dpa_thread_memory_fence(op1, op2) __dpa_thread_fence(__DPA_MEMORY, (op1), (op2))
/** @brief Fence the outbox (external memory space): operations op1 before, op2 after. */
#define __dpa_thread_outbox_fence(op1, op2) __dpa_thread_fence(__DPA_MMIO, (op1), (op2))
/** @brief Fence windows (external memory space): operations op1 before, op2 after. */
#define __dpa_thread_window_fence(op1, op2) __dpa_thread_fence(__DPA_MMIO, (op1), (op2))
/** @brief Fence every space, reads and writes on both sides. */
#define __dpa_thread_system_fence() __dpa_thread_fence(__DPA_SYSTEM, __DPA_RW, __DPA_RW)
/** @brief Order earlier writes to DPA memory before later ones. */
#define __dpa_thread_memory_writeback() __dpa_thread_fence(__DPA_MEMORY, __DPA_W, __DPA_W)

/** @brief Keeps the compiler from moving memory accesses across it; no hardware effect. */
#define __dpa_compiler_barrier() __asm__ __volatile__("" ::: "memory")

/** @brief Hint that the line holding addr need not be written back; a no-op in softdpa. */
#define __dpa_data_ignore(addr) ((void)(addr))

/* Counters of the EU the thread runs on; on the DPA they are meaningful only while the
 * thread stays on it (they jump when a DPA thread is rescheduled onto another EU). */
/**
 * @brief The cycle counter of the EU the thread runs on.
 *
 * @note softdpa derives it from the host's monotonic clock at 1.8 GHz (the BlueField-3 DPA's
 * rate): one counter for every EU, so it does not jump on rescheduling, and it counts time the
 * kernel was not running too.
 */
#define __dpa_thread_cycles() priv_doca_dpa_thread_cycles()
/**
 * @brief The retired-instruction counter of the EU the thread runs on.
 *
 * @note softdpa counts no instructions: it returns the __dpa_thread_cycles() value (one
 * instruction per cycle).
 */
#define __dpa_thread_inst_ret() priv_doca_dpa_thread_inst_ret()
/**
 * @brief The time counter of the EU the thread runs on.
 *
 * @note softdpa returns the host's monotonic clock in nanoseconds.
 */
#define __dpa_thread_time() priv_doca_dpa_thread_time()

/* Q16.16 fixed point: 1/x, 2^x, log2(x). Reconstructed signatures. */
/**
 * @brief 1/x in Q16.16 fixed point (reconstructed signature).
 *
 * @note softdpa rounds to nearest, saturates to INT32_MIN..INT32_MAX and returns INT32_MAX for
 * x == 0.
 */
#define __dpa_fxp_rcp(x) priv_doca_dpa_fxp_rcp(x)
/**
 * @brief 2^x in Q16.16 fixed point (reconstructed signature).
 *
 * @note softdpa rounds to nearest and saturates to INT32_MAX.
 */
#define __dpa_fxp_pow2(x) priv_doca_dpa_fxp_pow2(x)
/**
 * @brief log2(x) in Q16.16 fixed point, x unsigned (reconstructed signature).
 *
 * @note softdpa rounds to nearest and returns INT32_MIN for x == 0.
 */
#define __dpa_fxp_log2(x) priv_doca_dpa_fxp_log2(x)

#ifdef __cplusplus
}
#endif

#endif /* DPAINTRIN_H_ */
