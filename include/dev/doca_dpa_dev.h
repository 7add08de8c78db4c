/* SPDX-License-Identifier: BSD-3-Clause */
/**
 * @file
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
/** @brief Defined in every DPA translation unit (device code), as by DOCA's dpacc. */
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

/**
 * @brief Marks an entry point the host launches (doca_dpa_kernel_launch_update_*) or runs as
 * a DPA thread.
 *
 * softdpa-dpacc finds these through the annotation, and its generated marshallers call them,
 * so nothing needs 'used' (which clang warns about on the structs and typedefs DOCA code also
 * marks __dpa_global__; annotate alone is silent there).
 */
#undef __dpa_global__ /* host code including device headers: doca_dpa.h's empty marker */
#define __dpa_global__ __attribute__((annotate("softdpa_dpa_global")))
/** @brief Marks a function the host calls with doca_dpa_rpc(); it returns uint64_t. */
#undef __dpa_rpc__
#define __dpa_rpc__ __attribute__((annotate("softdpa_dpa_rpc")))

#ifndef __forceinline
/** @brief A function always inlined. */
#define __forceinline static inline __attribute__((always_inline))
#endif

/** @brief A DPA context (doca_dpa_get_dpa_handle()). */
typedef uint64_t doca_dpa_dev_t;
/** @brief An address on the DPA heap. */
typedef uint64_t doca_dpa_dev_uintptr_t;
/** @brief A device hash table (doca_dpa_hash_table_get_dpa_handle()). */
typedef uint64_t doca_dpa_dev_hash_table_t;
/** @brief A DPA completion (doca_dpa_completion_get_dpa_handle()). */
typedef uint64_t doca_dpa_dev_completion_t;
/** @brief One element of a completion (doca_dpa_dev_get_completion()). */
typedef uint64_t doca_dpa_dev_completion_element_t;
/** @brief Async ops (doca_dpa_async_ops_get_dpa_handle()). */
typedef uint64_t doca_dpa_dev_async_ops_t;
/** @brief A notification completion (doca_dpa_notification_completion_get_dpa_handle()). */
typedef uint64_t doca_dpa_dev_notification_completion_t;

#ifndef DOCA_DPA_DEV_LOG_LEVEL_DEFINED
/** @brief Guard: the declarations below are shared with another header, which may come first. */
#define DOCA_DPA_DEV_LOG_LEVEL_DEFINED
/** @brief Level of a device log line (doca_dpa_dev_log); numbered like doca_log levels. */
typedef enum doca_dpa_dev_log_level {
	DOCA_DPA_DEV_LOG_LEVEL_DISABLE = 10, /**< nothing is printed */
	DOCA_DPA_DEV_LOG_LEVEL_CRIT = 20,    /**< critical */
	DOCA_DPA_DEV_LOG_LEVEL_ERROR = 30,   /**< error */
	DOCA_DPA_DEV_LOG_LEVEL_WARNING = 40, /**< warning */
	DOCA_DPA_DEV_LOG_LEVEL_INFO = 50,    /**< information */
	DOCA_DPA_DEV_LOG_LEVEL_DEBUG = 60,   /**< debugging detail */
} doca_dpa_dev_log_level_t;
#endif

/** @brief Completion element types. */
typedef enum doca_dpa_dev_completion_type {
	DOCA_DPA_DEV_COMP_SEND = 0x0,                /**< a send completed */
	DOCA_DPA_DEV_COMP_RECV_RDMA_WRITE_IMM = 0x1, /**< an RDMA write with immediate arrived */
	DOCA_DPA_DEV_COMP_RECV_SEND = 0x2,           /**< a send arrived */
	DOCA_DPA_DEV_COMP_RECV_SEND_IMM = 0x3,       /**< a send with immediate arrived */
	DOCA_DPA_DEV_COMP_SEND_ERR = 0xD,            /**< a send failed */
	DOCA_DPA_DEV_COMP_RECV_ERR = 0xE,            /**< a receive failed */
} doca_dpa_dev_completion_type_t;

/** @brief Flags of post_* calls. Without FLUSH an operation may wait for a later flushed one. */
enum doca_dpa_dev_submit_flag {
	DOCA_DPA_DEV_SUBMIT_FLAG_NONE = 0,                    /**< no flag */
	DOCA_DPA_DEV_SUBMIT_FLAG_FLUSH = (1 << 0),            /**< submit now, with those before */
	DOCA_DPA_DEV_SUBMIT_FLAG_OPTIMIZE_REPORTS = (1 << 1), /**< reports may be batched */
};

/* ---- who am I ---- */

/**
 * @brief The rank of the caller in its launch or thread group.
 *
 * @return The rank, in [0, doca_dpa_dev_num_threads()); 0 outside a kernel.
 */
unsigned int doca_dpa_dev_thread_rank(void);

/**
 * @brief The number of threads of the caller's launch or thread group.
 *
 * @return The number (1 for a lone DPA thread, and outside a kernel).
 */
unsigned int doca_dpa_dev_num_threads(void);

/* ---- scheduling ---- */

/**
 * @brief Launched kernels only: let other work run on this execution unit.
 *
 * @note In a DPA thread it behaves as on hardware and softdpa logs one line (use
 * doca_dpa_dev_thread_reschedule() there).
 */
void doca_dpa_dev_yield(void);

/**
 * @brief DPA threads only: give up the execution unit until the next activation, which restarts the
 * entry function (locals are lost, statics are kept). Does not return.
 */
void doca_dpa_dev_thread_reschedule(void);

/**
 * @brief DPA threads only: end the thread; it is never activated again. Does not return.
 */
void doca_dpa_dev_thread_finish(void);

/**
 * @brief DPA threads (and RPCs): activate the thread attached to a notification completion.
 *
 * @param [in] notify_handle
 * From doca_dpa_notification_completion_get_dpa_handle().
 * @note A handle that is not a started notification completion is logged and ignored; in a launched
 * kernel the call has no effect and softdpa logs one line.
 */
void doca_dpa_dev_thread_notify(doca_dpa_dev_notification_completion_t notify_handle);

/**
 * @brief DPA threads only: the thread's local storage.
 *
 * @return The value set by doca_dpa_thread_set_local_storage(); 0 in a launched kernel or an RPC
 * (softdpa logs one line).
 */
doca_dpa_dev_uintptr_t doca_dpa_dev_thread_get_local_storage(void);

/**
 * @brief Select the (extended) context whose resources the following calls use.
 *
 * @param [in] dpa_handle
 * From doca_dpa_get_dpa_handle() of the kernel's context or one of its extended contexts.
 * @note Another handle is logged and ignored.
 */
void doca_dpa_dev_device_set(doca_dpa_dev_t dpa_handle);

/* ---- completions ---- */

/**
 * @brief Read the next element of a completion, if one is waiting.
 *
 * @param [in] dpa_comp_handle
 * From doca_dpa_completion_get_dpa_handle().
 * @param [out] comp_element
 * The element.
 * @return 1 with *comp_element set when an element was waiting, else 0 (also for a bad handle or a
 * NULL comp_element).
 */
int doca_dpa_dev_get_completion(doca_dpa_dev_completion_t dpa_comp_handle,
                                doca_dpa_dev_completion_element_t *comp_element);

/**
 * @brief The type of a completion element.
 *
 * @param [in] comp_element
 * The element.
 * @return Its type; DOCA_DPA_DEV_COMP_SEND_ERR for a 0 element.
 */
doca_dpa_dev_completion_type_t
doca_dpa_dev_get_completion_type(doca_dpa_dev_completion_element_t comp_element);

/**
 * @brief The user data of a completion element (e.g. the async ops' user_data).
 *
 * @param [in] comp_element
 * The element.
 * @return The user data, below 2^24; 0 for a 0 element.
 */
uint32_t doca_dpa_dev_get_completion_user_data(doca_dpa_dev_completion_element_t comp_element);

/**
 * @brief The immediate value of a completion element.
 *
 * @param [in] comp_element
 * The element.
 * @return The immediate; 0 for a 0 element.
 */
uint32_t doca_dpa_dev_get_completion_immediate(doca_dpa_dev_completion_element_t comp_element);

/**
 * @brief Consume completion elements read with doca_dpa_dev_get_completion().
 *
 * @param [in] dpa_comp_handle
 * The completion.
 * @param [in] num_comp
 * The number of elements, at most the number read and not yet acknowledged (more is logged
 * and ignored).
 */
void doca_dpa_dev_completion_ack(doca_dpa_dev_completion_t dpa_comp_handle, uint64_t num_comp);

/**
 * @brief Arm a completion: the next element activates the attached thread. Needed after every
 * activation.
 *
 * @param [in] dpa_comp_handle
 * The completion.
 * @note Elements that arrived while it was disarmed activate the thread at once.
 */
void doca_dpa_dev_completion_request_notification(doca_dpa_dev_completion_t dpa_comp_handle);

/* ---- hash table (reconstructed signatures) ---- */

/**
 * @brief Add key -> value to a device hash table, or replace the key's value.
 *
 * @param [in] ht_handle
 * From doca_dpa_hash_table_get_dpa_handle().
 * @param [in] key
 * The key.
 * @param [in] value
 * The value.
 * @note Adding to a full table is undefined on the DPA; softdpa leaves the table unchanged and
 * logs.
 */
void doca_dpa_dev_hash_table_add(doca_dpa_dev_hash_table_t ht_handle, uint32_t key, uint64_t value);

/**
 * @brief Remove a key from a device hash table (nothing happens when it is absent).
 *
 * @param [in] ht_handle
 * The table.
 * @param [in] key
 * The key.
 */
void doca_dpa_dev_hash_table_remove(doca_dpa_dev_hash_table_t ht_handle, uint32_t key);

/**
 * @brief Look a key up in a device hash table.
 *
 * @param [in] ht_handle
 * The table.
 * @param [in] key
 * The key.
 * @param [out] value
 * The key's value.
 * @return 1 with *value set when the key was found, else 0.
 */
int doca_dpa_dev_hash_table_find(doca_dpa_dev_hash_table_t ht_handle, uint32_t key,
                                 uint64_t *value);

/* ---- logging and tracing ---- */

/**
 * @brief Print a printf-style line on the host (stdout or the file of doca_dpa_log_file_set_path())
 * when log_level passes doca_dpa_set_log_level().
 *
 * @param [in] log_level
 * The line's level.
 * @param [in] format
 * A printf format, followed by its arguments.
 * @note softdpa prefixes the line with the context and the kernel, and cuts it at 1023 bytes.
 */
void doca_dpa_dev_log(doca_dpa_dev_log_level_t log_level, const char *format, ...)
        __attribute__((format(printf, 2, 3)));

/**
 * @brief Record a trace entry of five values.
 *
 * @param [in] arg1
 * The first value.
 * @param [in] arg2
 * The second value.
 * @param [in] arg3
 * The third value.
 * @param [in] arg4
 * The fourth value.
 * @param [in] arg5
 * The fifth value.
 * @note softdpa writes the entry to the SDK log at DEBUG level, not to the trace file of
 * doca_dpa_trace_file_set_path().
 */
void doca_dpa_dev_trace(uint64_t arg1, uint64_t arg2, uint64_t arg3, uint64_t arg4, uint64_t arg5);

/**
 * @brief Flush the trace entries recorded so far.
 *
 * @note softdpa writes each entry at once: nothing to flush.
 */
void doca_dpa_dev_trace_flush(void);

/**
 * @brief DOCA_DPA_DEV_LOG_CRIT, _ERR, _WARN, _INFO, _DBG: doca_dpa_dev_log() at that level,
 * with a printf format and its arguments.
 * @{
 */
#define DOCA_DPA_DEV_LOG_CRIT(...) doca_dpa_dev_log(DOCA_DPA_DEV_LOG_LEVEL_CRIT, __VA_ARGS__)
#define DOCA_DPA_DEV_LOG_ERR(...)  doca_dpa_dev_log(DOCA_DPA_DEV_LOG_LEVEL_ERROR, __VA_ARGS__)
#define DOCA_DPA_DEV_LOG_WARN(...) doca_dpa_dev_log(DOCA_DPA_DEV_LOG_LEVEL_WARNING, __VA_ARGS__)
#define DOCA_DPA_DEV_LOG_INFO(...) doca_dpa_dev_log(DOCA_DPA_DEV_LOG_LEVEL_INFO, __VA_ARGS__)
#define DOCA_DPA_DEV_LOG_DBG(...)  doca_dpa_dev_log(DOCA_DPA_DEV_LOG_LEVEL_DEBUG, __VA_ARGS__)
/** @} */

#ifdef __cplusplus
}
#endif

#endif /* DOCA_DPA_DEV_H_ */
