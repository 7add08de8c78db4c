/* SPDX-License-Identifier: BSD-3-Clause
 * softdpa — doca_dpa_dev.h: the device API of the (emulated) DPA, for kernel sources
 * built with softdpa-dpacc.
 *
 * Which call is allowed where (docs/DPA.md): rank/num_threads everywhere; yield only in
 * launched kernels; reschedule, finish, get_local_storage, notify and post_* only in
 * doca_dpa_thread kernels (notify also in RPCs). A call in the wrong kind of kernel
 * behaves as on hardware (no effect, or an undefined value) and softdpa logs one line
 * naming the kernel, the rank, the call and the fix.
 */
#ifndef DOCA_DPA_DEV_H_
#define DOCA_DPA_DEV_H_

#ifndef DOCA_DPA_DEVICE
#define DOCA_DPA_DEVICE
#endif

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include <doca_error.h>

#include "dpaintrin.h"

#ifdef __cplusplus
extern "C" {
#endif

/* An entry point the host launches (doca_dpa_kernel_launch_update_*) or runs as a DPA
 * thread. softdpa-dpacc finds these through the annotation, and its generated marshallers
 * call them, so nothing needs 'used' (which clang warns about on the structs and typedefs DOCA
 * code also marks __dpa_global__; annotate alone is silent there). */
#undef __dpa_global__ /* host code including device headers: doca_dpa.h's empty marker */
#define __dpa_global__ __attribute__((annotate("sdpa_dpa_global")))
/* A function the host calls with doca_dpa_rpc(); it returns uint64_t. */
#undef __dpa_rpc__
#define __dpa_rpc__ __attribute__((annotate("sdpa_dpa_rpc")))

#ifndef __forceinline
#define __forceinline static inline __attribute__((always_inline))
#endif

typedef uint64_t doca_dpa_dev_t;
typedef uint64_t doca_dpa_dev_uintptr_t;
typedef uint64_t doca_dpa_dev_hash_table_t;
typedef uint64_t doca_dpa_dev_completion_t;
typedef uint64_t doca_dpa_dev_completion_element_t;
typedef uint64_t doca_dpa_dev_async_ops_t;
typedef uint64_t doca_dpa_dev_notification_completion_t;

#ifndef DOCA_DPA_DEV_LOG_LEVEL_DEFINED
#define DOCA_DPA_DEV_LOG_LEVEL_DEFINED
typedef enum doca_dpa_dev_log_level {
	DOCA_DPA_DEV_LOG_LEVEL_DISABLE = 10,
	DOCA_DPA_DEV_LOG_LEVEL_CRIT = 20,
	DOCA_DPA_DEV_LOG_LEVEL_ERROR = 30,
	DOCA_DPA_DEV_LOG_LEVEL_WARNING = 40,
	DOCA_DPA_DEV_LOG_LEVEL_INFO = 50,
	DOCA_DPA_DEV_LOG_LEVEL_DEBUG = 60,
} doca_dpa_dev_log_level_t;
#endif

/* Completion element types. */
typedef enum doca_dpa_dev_completion_type {
	DOCA_DPA_DEV_COMP_SEND = 0x0,
	DOCA_DPA_DEV_COMP_RECV_RDMA_WRITE_IMM = 0x1,
	DOCA_DPA_DEV_COMP_RECV_SEND = 0x2,
	DOCA_DPA_DEV_COMP_RECV_SEND_IMM = 0x3,
	DOCA_DPA_DEV_COMP_SEND_ERR = 0xD,
	DOCA_DPA_DEV_COMP_RECV_ERR = 0xE,
} doca_dpa_dev_completion_type_t;

/* Flags of post_* calls. Without FLUSH an operation may wait for a later flushed one. */
enum doca_dpa_dev_submit_flag {
	DOCA_DPA_DEV_SUBMIT_FLAG_NONE = 0,
	DOCA_DPA_DEV_SUBMIT_FLAG_FLUSH = (1 << 0),
	DOCA_DPA_DEV_SUBMIT_FLAG_OPTIMIZE_REPORTS = (1 << 1),
};

/* ---- who am I ---- */

/* Rank of the caller in its launch / thread group, in [0, num_threads). */
unsigned int doca_dpa_dev_thread_rank(void);
/* Threads of the caller's launch / thread group (1 for a lone DPA thread). */
unsigned int doca_dpa_dev_num_threads(void);

/* ---- scheduling ---- */

/* Launched kernels only: let other work run on this EU. */
void doca_dpa_dev_yield(void);
/* DPA threads only: give up the EU; the next activation restarts the entry function
 * (locals are lost, statics are kept). Does not return. */
void doca_dpa_dev_thread_reschedule(void);
/* DPA threads only: the thread is never activated again. Does not return. */
void doca_dpa_dev_thread_finish(void);
/* DPA threads (and RPCs): activate the thread attached to 'notify_handle'. */
void doca_dpa_dev_thread_notify(doca_dpa_dev_notification_completion_t notify_handle);
/* DPA threads only: the value set by doca_dpa_thread_set_local_storage(). */
doca_dpa_dev_uintptr_t doca_dpa_dev_thread_get_local_storage(void);
/* Select the (extended) context whose resources the following calls use. */
void doca_dpa_dev_device_set(doca_dpa_dev_t dpa_handle);

/* ---- completions ---- */

/* 1 and *comp_element when an element is waiting, else 0. */
int doca_dpa_dev_get_completion(doca_dpa_dev_completion_t dpa_comp_handle,
                                doca_dpa_dev_completion_element_t *comp_element);
doca_dpa_dev_completion_type_t
doca_dpa_dev_get_completion_type(doca_dpa_dev_completion_element_t comp_element);
uint32_t doca_dpa_dev_get_completion_user_data(doca_dpa_dev_completion_element_t comp_element);
uint32_t doca_dpa_dev_get_completion_immediate(doca_dpa_dev_completion_element_t comp_element);
/* Consume 'num_comp' elements. */
void doca_dpa_dev_completion_ack(doca_dpa_dev_completion_t dpa_comp_handle, uint64_t num_comp);
/* Arm: the next element activates the attached thread. Needed after every activation. */
void doca_dpa_dev_completion_request_notification(doca_dpa_dev_completion_t dpa_comp_handle);

/* ---- hash table (reconstructed signatures) ---- */

/* Add or replace key -> value. Adding to a full table is undefined (softdpa logs). */
void doca_dpa_dev_hash_table_add(doca_dpa_dev_hash_table_t ht_handle, uint32_t key, uint64_t value);
void doca_dpa_dev_hash_table_remove(doca_dpa_dev_hash_table_t ht_handle, uint32_t key);
/* 1 and *value when found, else 0. */
int doca_dpa_dev_hash_table_find(doca_dpa_dev_hash_table_t ht_handle, uint32_t key,
                                 uint64_t *value);

/* ---- logging and tracing ---- */

/* A printf-style line on the host (stdout or doca_dpa_log_file_set_path), when 'log_level'
 * passes doca_dpa_set_log_level(). */
void doca_dpa_dev_log(doca_dpa_dev_log_level_t log_level, const char *format, ...)
        __attribute__((format(printf, 2, 3)));
void doca_dpa_dev_trace(uint64_t arg1, uint64_t arg2, uint64_t arg3, uint64_t arg4, uint64_t arg5);
void doca_dpa_dev_trace_flush(void);

#define DOCA_DPA_DEV_LOG_CRIT(...) doca_dpa_dev_log(DOCA_DPA_DEV_LOG_LEVEL_CRIT, __VA_ARGS__)
#define DOCA_DPA_DEV_LOG_ERR(...)  doca_dpa_dev_log(DOCA_DPA_DEV_LOG_LEVEL_ERROR, __VA_ARGS__)
#define DOCA_DPA_DEV_LOG_WARN(...) doca_dpa_dev_log(DOCA_DPA_DEV_LOG_LEVEL_WARNING, __VA_ARGS__)
#define DOCA_DPA_DEV_LOG_INFO(...) doca_dpa_dev_log(DOCA_DPA_DEV_LOG_LEVEL_INFO, __VA_ARGS__)
#define DOCA_DPA_DEV_LOG_DBG(...)  doca_dpa_dev_log(DOCA_DPA_DEV_LOG_LEVEL_DEBUG, __VA_ARGS__)

#ifdef __cplusplus
}
#endif

#endif /* DOCA_DPA_DEV_H_ */
