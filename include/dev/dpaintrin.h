/* SPDX-License-Identifier: BSD-3-Clause
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
#define __DPA_HEAP   0 /* DPA heap (doca_dpa_mem_alloc) */
#define __DPA_MEMORY 1 /* DPA memory (heap, globals, statics) */
#define __DPA_MMIO   2 /* windows and outbox (external memory) */
#define __DPA_SYSTEM 3 /* everything */

/* Operation sets. */
#define __DPA_R  1
#define __DPA_W  2
#define __DPA_RW 3

/* The runtime entry points behind the intrinsics below (exported by libsoftdpa under
 * DOCA's private-implementation prefix). Call the intrinsics, not these. */
void priv_doca_dpa_thread_fence(int space, int pred_op, int succ_op);
void priv_doca_dpa_thread_window_read_inv(void);
void priv_doca_dpa_thread_window_writeback(void);
uint64_t priv_doca_dpa_thread_cycles(void);
uint64_t priv_doca_dpa_thread_inst_ret(void);
uint64_t priv_doca_dpa_thread_time(void);
int32_t priv_doca_dpa_fxp_rcp(int32_t x);
int32_t priv_doca_dpa_fxp_pow2(int32_t x);
int32_t priv_doca_dpa_fxp_log2(uint32_t x);

/* Operations 'pred_op' before the call are visible, to every observer, before operations
 * 'succ_op' after it, in 'space'. */
#define __dpa_thread_fence(space, pred_op, succ_op)                                                \
	priv_doca_dpa_thread_fence((space), (pred_op), (succ_op))

/* Window: drop the calling thread's cached view of external memory before later loads. */
#define __dpa_thread_window_read_inv() priv_doca_dpa_thread_window_read_inv()
/* Window: make the calling thread's stores through window pointers visible outside. */
#define __dpa_thread_window_writeback() priv_doca_dpa_thread_window_writeback()

#define __dpa_thread_memory_fence(op1, op2) __dpa_thread_fence(__DPA_MEMORY, (op1), (op2))
#define __dpa_thread_outbox_fence(op1, op2) __dpa_thread_fence(__DPA_MMIO, (op1), (op2))
#define __dpa_thread_window_fence(op1, op2) __dpa_thread_fence(__DPA_MMIO, (op1), (op2))
#define __dpa_thread_system_fence()         __dpa_thread_fence(__DPA_SYSTEM, __DPA_RW, __DPA_RW)
#define __dpa_thread_memory_writeback()     __dpa_thread_fence(__DPA_MEMORY, __DPA_W, __DPA_W)

/* Keeps the compiler from moving memory accesses across it; no hardware effect. */
#define __dpa_compiler_barrier() __asm__ __volatile__("" ::: "memory")

/* Hint that the line holding 'addr' need not be written back; a no-op in softdpa. */
#define __dpa_data_ignore(addr) ((void)(addr))

/* Counters of the EU the thread runs on; meaningful only while the thread stays on it
 * (they jump when a DPA thread is rescheduled onto another EU). */
#define __dpa_thread_cycles()   priv_doca_dpa_thread_cycles()
#define __dpa_thread_inst_ret() priv_doca_dpa_thread_inst_ret()
#define __dpa_thread_time()     priv_doca_dpa_thread_time()

/* Q16.16 fixed point: 1/x, 2^x, log2(x). Reconstructed signatures. */
#define __dpa_fxp_rcp(x)  priv_doca_dpa_fxp_rcp(x)
#define __dpa_fxp_pow2(x) priv_doca_dpa_fxp_pow2(x)
#define __dpa_fxp_log2(x) priv_doca_dpa_fxp_log2(x)

#ifdef __cplusplus
}
#endif

#endif /* DPAINTRIN_H_ */
