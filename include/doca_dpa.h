/* SPDX-License-Identifier: BSD-3-Clause */
/**
 * @file
 * softdpa — doca_dpa.h: the host side of the (emulated) Data Path Accelerator.
 *
 * A DPA context runs the device image that softdpa-dpacc built from the user's kernel
 * sources (docs/BUILDING_KERNELS.md) on emulated execution units (docs/DPA.md).
 * Every call returns a doca_error_t; every failure logs one line with the cause and the
 * fix. Unless stated otherwise a call on a context that is not started answers BAD_STATE,
 * and NULL arguments answer INVALID_VALUE.
 */
#ifndef DOCA_DPA_H_
#define DOCA_DPA_H_

#include <stddef.h>
#include <stdint.h>

#include <doca_compat.h>
#include <doca_error.h>
#include <doca_types.h>

#ifdef __cplusplus
extern "C" {
#endif

/** @brief An opened device (doca_dev.h). */
struct doca_dev;
/** @brief Information about a device (doca_dev.h). */
struct doca_devinfo;
/** @brief A sync event (doca_sync_event.h). */
struct doca_sync_event;
/** @brief A DOCA buffer (doca_buf.h). */
struct doca_buf;

/* Device-side handles, as the kernels see them (64-bit on the DPA). */
/** @brief A DPA context as kernels see it (doca_dpa_get_dpa_handle()). */
typedef uint64_t doca_dpa_dev_t;
/** @brief An address on the DPA heap. */
typedef uint64_t doca_dpa_dev_uintptr_t;
/** @brief A device hash table as kernels see it. */
typedef uint64_t doca_dpa_dev_hash_table_t;
/** @brief A DPA completion as kernels see it. */
typedef uint64_t doca_dpa_dev_completion_t;
/** @brief Async ops as kernels see them. */
typedef uint64_t doca_dpa_dev_async_ops_t;
/** @brief A notification completion as kernels see it. */
typedef uint64_t doca_dpa_dev_notification_completion_t;

/**
 * @brief A device function as the host names it: the address of the host stub softdpa-dpacc
 * generated for a __dpa_global__ or __dpa_rpc__ function.
 */
typedef void(doca_dpa_func_t)(void);

#ifndef __DPA__
/* Host code shares types with kernels and may mark them as the device side does (e.g.
 * 'struct arg { ... } __dpa_global__;'): on the host the markers mean nothing. Kernels get
 * their own definitions from doca_dpa_dev.h. */
#ifndef __dpa_global__
/** @brief Marks a kernel (nothing on the host). */
#define __dpa_global__
#endif
#ifndef __dpa_rpc__
/** @brief Marks an RPC function (nothing on the host). */
#define __dpa_rpc__
#endif
#endif

/** @brief User data of a completion element is below 2^24. */
#define DOCA_DPA_COMPLETION_LOG_MAX_USER_DATA (24)

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

/** @brief A DPA context (opaque). */
struct doca_dpa;
/** @brief A DPA application, built by softdpa-dpacc (opaque). */
struct doca_dpa_app;
/** @brief A DPA thread (opaque). */
struct doca_dpa_thread;
/** @brief A DPA thread group (opaque). */
struct doca_dpa_tg;
/** @brief A DPA completion (opaque). */
struct doca_dpa_completion;
/** @brief DPA async ops (opaque). */
struct doca_dpa_async_ops;
/** @brief A DPA notification completion (opaque). */
struct doca_dpa_notification_completion;
/** @brief An execution-unit affinity (opaque). */
struct doca_dpa_eu_affinity;
/** @brief A device hash table (opaque). */
struct doca_dpa_hash_table;

/* ---- capabilities and context lifecycle ---- */

/**
 * @brief Whether a device has a DPA.
 *
 * @param [in] devinfo
 * The device.
 * @return DOCA_SUCCESS when it has one (a BlueField-3); DOCA_ERROR_NOT_SUPPORTED when it has none;
 * DOCA_ERROR_INVALID_VALUE when devinfo is NULL.
 */
DOCA_EXPERIMENTAL doca_error_t doca_dpa_cap_is_supported(const struct doca_devinfo *devinfo);

/**
 * @brief Create a DPA context, not started, on a DPA-capable device.
 *
 * @param [in] dev
 * An opened PF device with a DPA (doca_dpa_cap_is_supported()).
 * @param [out] dpa
 * The new context (NULL on failure).
 * @return DOCA_SUCCESS on success; DOCA_ERROR_INVALID_VALUE when dev or dpa is NULL or dev is not
 * an open device; DOCA_ERROR_NOT_SUPPORTED when the device has no DPA or is not a PF (use
 * doca_dpa_device_extend() for a VF/SF); DOCA_ERROR_NO_MEMORY when it cannot be allocated.
 */
DOCA_EXPERIMENTAL doca_error_t doca_dpa_create(struct doca_dev *dev, struct doca_dpa **dpa);

/**
 * @brief Set the DPA application the context runs: the variable softdpa-dpacc --app-name defined.
 * Before doca_dpa_start().
 *
 * @param [in] dpa
 * The context, not started.
 * @param [in] app
 * The application.
 * @return DOCA_SUCCESS on success; DOCA_ERROR_INVALID_VALUE when dpa is NULL or not a DPA context,
 * app is NULL, or app was not built by this softdpa's softdpa-dpacc (bad magic or ABI);
 * DOCA_ERROR_BAD_STATE when the context is started; DOCA_ERROR_NOT_PERMITTED on an extended context
 * (set it on the base).
 */
DOCA_EXPERIMENTAL doca_error_t doca_dpa_set_app(struct doca_dpa *dpa, struct doca_dpa_app *app);

/**
 * @brief The application of a context.
 *
 * @param [in] dpa
 * The context.
 * @param [out] app
 * The application (the base context's for an extended context; NULL when none is set).
 * @return DOCA_SUCCESS on success; DOCA_ERROR_INVALID_VALUE when dpa is NULL or not a DPA context
 * or app is NULL.
 */
DOCA_EXPERIMENTAL doca_error_t doca_dpa_get_app(struct doca_dpa *dpa, struct doca_dpa_app **app);

/**
 * @brief The name of a DPA application.
 *
 * @param [in] app
 * The application.
 * @param [out] name
 * The NUL-terminated name.
 * @param [in,out] len
 * In: the size of name; out: the length of the name including the NUL.
 * @return DOCA_SUCCESS on success; DOCA_ERROR_INVALID_VALUE when an argument is NULL, app was not
 * built by softdpa-dpacc, or the buffer is too small.
 */
DOCA_EXPERIMENTAL doca_error_t doca_dpa_app_get_name(struct doca_dpa_app *app, char *name,
                                                     uint32_t *len);

/**
 * @brief Set the most verbose level of the device log lines (doca_dpa_dev_log) that are printed
 * (default INFO). Before doca_dpa_start().
 *
 * @param [in] dpa
 * The context, not started.
 * @param [in] log_level
 * DOCA_DPA_DEV_LOG_LEVEL_DISABLE..DEBUG.
 * @return DOCA_SUCCESS on success; DOCA_ERROR_INVALID_VALUE when dpa is NULL or not a DPA context
 * or the level is not a doca_dpa_dev_log_level_t; DOCA_ERROR_BAD_STATE when the context is started;
 * DOCA_ERROR_NOT_PERMITTED on an extended context (set it on the base).
 */
DOCA_EXPERIMENTAL doca_error_t doca_dpa_set_log_level(struct doca_dpa *dpa,
                                                      doca_dpa_dev_log_level_t log_level);

/**
 * @brief The device log level of a context.
 *
 * @param [in] dpa
 * The context.
 * @param [out] log_level
 * The level (the base context's for an extended context).
 * @return DOCA_SUCCESS on success; DOCA_ERROR_INVALID_VALUE when dpa is NULL or not a DPA context
 * or log_level is NULL.
 */
DOCA_EXPERIMENTAL doca_error_t doca_dpa_get_log_level(struct doca_dpa *dpa,
                                                      doca_dpa_dev_log_level_t *log_level);

/**
 * @brief Send the device log lines to a file (default: stdout). Before doca_dpa_start().
 *
 * @param [in] dpa
 * The context, not started.
 * @param [in] file_path
 * The file, opened for appending at doca_dpa_start().
 * @return DOCA_SUCCESS on success; DOCA_ERROR_INVALID_VALUE when dpa is NULL or not a DPA context,
 * or file_path is NULL, empty or longer than PATH_MAX; DOCA_ERROR_BAD_STATE when the context is
 * started; DOCA_ERROR_NO_MEMORY.
 */
DOCA_EXPERIMENTAL doca_error_t doca_dpa_log_file_set_path(struct doca_dpa *dpa,
                                                          const char *file_path);

/**
 * @brief The file the device log lines go to.
 *
 * @param [in] dpa
 * The context.
 * @param [out] file_path
 * The NUL-terminated path.
 * @param [in,out] len
 * In: the size of file_path; out: the length of the path including the NUL.
 * @return DOCA_SUCCESS on success; DOCA_ERROR_INVALID_VALUE when dpa is NULL or not a DPA context,
 * an argument is NULL or the buffer is too small; DOCA_ERROR_NOT_FOUND when no path was set (the
 * lines go to stdout).
 */
DOCA_EXPERIMENTAL doca_error_t doca_dpa_log_file_get_path(struct doca_dpa *dpa, char *file_path,
                                                          uint32_t *len);

/**
 * @brief Send the device trace records to a file. Before doca_dpa_start().
 *
 * @param [in] dpa
 * The context, not started.
 * @param [in] file_path
 * The file.
 * @return DOCA_SUCCESS on success; DOCA_ERROR_INVALID_VALUE when dpa is NULL or not a DPA context,
 * or file_path is NULL, empty or longer than PATH_MAX; DOCA_ERROR_BAD_STATE when the context is
 * started; DOCA_ERROR_NO_MEMORY.
 * @note softdpa records the path but writes doca_dpa_dev_trace() records to the SDK log (DEBUG
 * level), not to this file.
 */
DOCA_EXPERIMENTAL doca_error_t doca_dpa_trace_file_set_path(struct doca_dpa *dpa,
                                                            const char *file_path);

/**
 * @brief The file the device trace records go to.
 *
 * @param [in] dpa
 * The context.
 * @param [out] file_path
 * The NUL-terminated path.
 * @param [in,out] len
 * In: the size of file_path; out: the length of the path including the NUL.
 * @return DOCA_SUCCESS on success; DOCA_ERROR_INVALID_VALUE when dpa is NULL or not a DPA context,
 * an argument is NULL or the buffer is too small; DOCA_ERROR_NOT_FOUND when no path was set.
 */
DOCA_EXPERIMENTAL doca_error_t doca_dpa_trace_file_get_path(struct doca_dpa *dpa, char *file_path,
                                                            uint32_t *len);

/**
 * @brief Start a context: load the application's image and start the execution units.
 *
 * @param [in] dpa
 * The context, with an application.
 * @return DOCA_SUCCESS on success; DOCA_ERROR_INVALID_VALUE when dpa is NULL or not a DPA context;
 * DOCA_ERROR_BAD_STATE when it is started already (extended contexts included) or has no
 * application; DOCA_ERROR_OPERATING_SYSTEM when the log file cannot be opened or the image or an EU
 * thread cannot be set up; DOCA_ERROR_DRIVER when the image cannot be loaded; DOCA_ERROR_NO_MEMORY
 * when the DPA heap (256 MiB) or the scheduler cannot be allocated.
 */
DOCA_EXPERIMENTAL doca_error_t doca_dpa_start(struct doca_dpa *dpa);

/**
 * @brief Stop a context: stop its execution units and unload its image (the heap goes with it).
 *
 * @param [in] dpa
 * The started context.
 * @return DOCA_SUCCESS on success; DOCA_ERROR_INVALID_VALUE when dpa is NULL or not a DPA context;
 * DOCA_ERROR_BAD_STATE when it is not started; DOCA_ERROR_IN_USE while threads, completions,
 * notification completions, async ops, thread groups or extended contexts of the context exist.
 * @note Launches not yet finished are abandoned (and logged).
 */
DOCA_EXPERIMENTAL doca_error_t doca_dpa_stop(struct doca_dpa *dpa);

/**
 * @brief Destroy a context, stopping it first when it is started.
 *
 * @param [in] dpa
 * The context (destroy its extended contexts first).
 * @return DOCA_SUCCESS on success; DOCA_ERROR_INVALID_VALUE when dpa is NULL or not a DPA context;
 * DOCA_ERROR_IN_USE under the rules of doca_dpa_stop(), and while an mmap, buf array, sync event or
 * hash table still refers to the context.
 */
DOCA_EXPERIMENTAL doca_error_t doca_dpa_destroy(struct doca_dpa *dpa);

/**
 * @brief Create an extended context: another device (a VF/SF) sharing this context's DPA process,
 * application and heap.
 *
 * @param [in] dpa
 * The started base context (not itself extended).
 * @param [in] other_dev
 * The other device.
 * @param [out] extended_dpa
 * The extended context, started; destroy it before the base.
 * @return DOCA_SUCCESS on success; DOCA_ERROR_INVALID_VALUE when dpa is NULL or not a DPA context,
 * or other_dev or extended_dpa is NULL; DOCA_ERROR_BAD_STATE when dpa is not started;
 * DOCA_ERROR_NOT_PERMITTED when dpa is itself extended; DOCA_ERROR_NO_MEMORY.
 */
DOCA_EXPERIMENTAL doca_error_t doca_dpa_device_extend(struct doca_dpa *dpa,
                                                      struct doca_dev *other_dev,
                                                      struct doca_dpa **extended_dpa);

/**
 * @brief The handle kernels pass to doca_dpa_dev_device_set().
 *
 * @param [in] dpa
 * The started context.
 * @param [out] handle
 * The handle.
 * @return DOCA_SUCCESS on success; DOCA_ERROR_INVALID_VALUE when dpa is NULL or not a DPA context
 * or handle is NULL; DOCA_ERROR_BAD_STATE when the context is not started.
 */
DOCA_EXPERIMENTAL doca_error_t doca_dpa_get_dpa_handle(struct doca_dpa *dpa,
                                                       doca_dpa_dev_t *handle);

/**
 * @brief The id of the context's UAR (user access region).
 *
 * @param [in] dpa
 * The context (started or not).
 * @param [out] uar_id
 * The id.
 * @return DOCA_SUCCESS on success; DOCA_ERROR_INVALID_VALUE when dpa is NULL or not a DPA context
 * or uar_id is NULL.
 * @note softdpa: the context's id.
 */
DOCA_EXPERIMENTAL doca_error_t doca_dpa_get_uar_id(const struct doca_dpa *dpa, uint32_t *uar_id);

/**
 * @brief The most threads one kernel launch may use.
 *
 * @param [in] dpa
 * The context (started or not).
 * @param [out] value
 * The number.
 * @return DOCA_SUCCESS on success; DOCA_ERROR_INVALID_VALUE when dpa is NULL or not a DPA context
 * or value is NULL.
 * @note softdpa: 256.
 */
DOCA_EXPERIMENTAL doca_error_t doca_dpa_get_max_threads_per_kernel(const struct doca_dpa *dpa,
                                                                   unsigned int *value);

/**
 * @brief How long a kernel may run before the runtime declares the context fatal.
 *
 * @param [in] dpa
 * The context (started or not).
 * @param [out] value
 * The time in seconds.
 * @return DOCA_SUCCESS on success; DOCA_ERROR_INVALID_VALUE when dpa is NULL or not a DPA context
 * or value is NULL.
 * @note softdpa: 120 s by default (rounded up to whole seconds).
 */
DOCA_EXPERIMENTAL doca_error_t doca_dpa_get_kernel_max_run_time(const struct doca_dpa *dpa,
                                                                unsigned long long *value);

/**
 * @brief The number of DPA cores.
 *
 * @param [in] dpa
 * The context (started or not).
 * @param [out] value
 * The number.
 * @return DOCA_SUCCESS on success; DOCA_ERROR_INVALID_VALUE when dpa is NULL or not a DPA context
 * or value is NULL.
 * @note softdpa: 16.
 */
DOCA_EXPERIMENTAL doca_error_t doca_dpa_get_core_num(const struct doca_dpa *dpa,
                                                     unsigned int *value);

/**
 * @brief The number of execution units per DPA core.
 *
 * @param [in] dpa
 * The context (started or not).
 * @param [out] value
 * The number.
 * @return DOCA_SUCCESS on success; DOCA_ERROR_INVALID_VALUE when dpa is NULL or not a DPA context
 * or value is NULL.
 * @note softdpa: 16.
 */
DOCA_EXPERIMENTAL doca_error_t doca_dpa_get_num_eus_per_core(const struct doca_dpa *dpa,
                                                             unsigned int *value);

/**
 * @brief The number of execution units available to the context.
 *
 * @param [in] dpa
 * The context (started or not).
 * @param [out] value
 * The number.
 * @return DOCA_SUCCESS on success; DOCA_ERROR_INVALID_VALUE when dpa is NULL or not a DPA context
 * or value is NULL.
 * @note softdpa: 256 (16 cores of 16 EUs).
 */
DOCA_EXPERIMENTAL doca_error_t doca_dpa_get_total_num_eus_available(const struct doca_dpa *dpa,
                                                                    unsigned int *value);

/**
 * @brief Whether a device-side error (e.g. the kernel watchdog or a device fault) made the context
 * fatal.
 *
 * @param [in] dpa
 * The context.
 * @return DOCA_SUCCESS when it is healthy; DOCA_ERROR_BAD_STATE once it is fatal (it must then be
 * destroyed); DOCA_ERROR_INVALID_VALUE when dpa is NULL or not a DPA context.
 * @note For an extended context the base context's state is reported.
 */
DOCA_EXPERIMENTAL doca_error_t doca_dpa_peek_at_last_error(const struct doca_dpa *dpa);

/* ---- kernels ---- */

/**
 * @brief Launch a kernel on num_threads threads; at its end the completion event is set to
 * comp_count.
 *
 * The call is asynchronous: it returns once the launch is submitted. The kernel starts when
 * wait_event >= wait_threshold. Launches on a context run in order.
 *
 * @param [in] dpa
 * The started context.
 * @param [in] wait_event
 * The event the launch waits on (may be NULL).
 * @param [in] wait_threshold
 * The value wait_event must reach, 0..254.
 * @param [in] comp_event
 * The event updated when the kernel ends (may be NULL).
 * @param [in] comp_count
 * The value comp_event is set to.
 * @param [in] num_threads
 * 1..doca_dpa_get_max_threads_per_kernel() (256).
 * @param [in] func
 * A __dpa_global__ kernel of the context's application, followed by its arguments (passed
 * with the kernel's own parameter types).
 * @return DOCA_SUCCESS once submitted; DOCA_ERROR_INVALID_VALUE when dpa is NULL or not a DPA
 * context, func is NULL, not a kernel of the application or a __dpa_rpc__ function, num_threads or
 * wait_threshold is out of range, or an event is not a sync event; DOCA_ERROR_BAD_STATE when the
 * context is not started or is fatal, or an event is not started; DOCA_ERROR_NO_MEMORY.
 * @note softdpa warns once per event that lacks a DPA location for the context, as hardware
 * requires one.
 */
DOCA_EXPERIMENTAL doca_error_t doca_dpa_kernel_launch_update_set(
        struct doca_dpa *dpa, struct doca_sync_event *wait_event, uint64_t wait_threshold,
        struct doca_sync_event *comp_event, uint64_t comp_count, unsigned int num_threads,
        doca_dpa_func_t *func, ...);

/**
 * @brief Launch a kernel on num_threads threads; at its end the completion event is increased by
 * comp_count.
 *
 * The call is asynchronous: it returns once the launch is submitted. The kernel starts when
 * wait_event >= wait_threshold. Launches on a context run in order.
 *
 * @param [in] dpa
 * The started context.
 * @param [in] wait_event
 * The event the launch waits on (may be NULL).
 * @param [in] wait_threshold
 * The value wait_event must reach, 0..254.
 * @param [in] comp_event
 * The event updated when the kernel ends (may be NULL).
 * @param [in] comp_count
 * The value comp_event is increased by.
 * @param [in] num_threads
 * 1..doca_dpa_get_max_threads_per_kernel() (256).
 * @param [in] func
 * A __dpa_global__ kernel of the context's application, followed by its arguments (passed
 * with the kernel's own parameter types).
 * @return DOCA_SUCCESS once submitted; DOCA_ERROR_INVALID_VALUE when dpa is NULL or not a DPA
 * context, func is NULL, not a kernel of the application or a __dpa_rpc__ function, num_threads or
 * wait_threshold is out of range, or an event is not a sync event; DOCA_ERROR_BAD_STATE when the
 * context is not started or is fatal, or an event is not started; DOCA_ERROR_NO_MEMORY.
 * @note softdpa warns once per event that lacks a DPA location for the context, as hardware
 * requires one.
 */
DOCA_EXPERIMENTAL doca_error_t doca_dpa_kernel_launch_update_add(
        struct doca_dpa *dpa, struct doca_sync_event *wait_event, uint64_t wait_threshold,
        struct doca_sync_event *comp_event, uint64_t comp_count, unsigned int num_threads,
        doca_dpa_func_t *func, ...);

/**
 * @brief Run a __dpa_rpc__ function and wait for its result.
 *
 * @param [in] dpa
 * The started context.
 * @param [in] func
 * A __dpa_rpc__ function of the context's application, followed by its arguments.
 * @param [out] retval
 * The function's uint64_t result.
 * @return DOCA_SUCCESS on success; DOCA_ERROR_INVALID_VALUE when dpa is NULL or not a DPA context,
 * func or retval is NULL, or func is not a __dpa_rpc__ function of the application;
 * DOCA_ERROR_BAD_STATE when the context is not started or is fatal, or the function ended with a
 * device fault (the context is then fatal); DOCA_ERROR_NO_MEMORY.
 * @note softdpa runs the function in the calling thread, independently of busy EUs.
 */
DOCA_EXPERIMENTAL doca_error_t doca_dpa_rpc(struct doca_dpa *dpa, doca_dpa_func_t *func,
                                            uint64_t *retval, ...);

/* ---- DPA heap ---- */

/**
 * @brief Allocate memory on the DPA heap, 64-byte aligned and not zeroed.
 *
 * @param [in] dpa
 * The started context.
 * @param [in] size
 * The size in bytes, not 0.
 * @param [out] dev_ptr
 * The device address (0 on failure).
 * @return DOCA_SUCCESS on success; DOCA_ERROR_INVALID_VALUE when dpa is NULL or not a DPA context,
 * dev_ptr is NULL or size is 0; DOCA_ERROR_BAD_STATE when the context is not started;
 * DOCA_ERROR_NO_MEMORY when the heap (256 MiB) has no free range of that size.
 * @note softdpa fills new memory with a poison byte, so code that relies on zeroed memory shows it;
 * in strict window mode each block is followed by a guard page.
 */
DOCA_EXPERIMENTAL doca_error_t doca_dpa_mem_alloc(struct doca_dpa *dpa, size_t size,
                                                  doca_dpa_dev_uintptr_t *dev_ptr);

/**
 * @brief Free memory of the DPA heap.
 *
 * @param [in] dpa
 * The started context.
 * @param [in] dev_ptr
 * The start of a live allocation.
 * @return DOCA_SUCCESS on success; DOCA_ERROR_INVALID_VALUE when dpa is NULL or not a DPA context
 * or dev_ptr is not the start of a live allocation; DOCA_ERROR_BAD_STATE when the context is not
 * started.
 * @note In strict window mode softdpa logs an overrun of the block's red zones.
 */
DOCA_EXPERIMENTAL doca_error_t doca_dpa_mem_free(struct doca_dpa *dpa,
                                                 doca_dpa_dev_uintptr_t dev_ptr);

/**
 * @brief Copy host memory to the DPA heap (blocking).
 *
 * @param [in] dpa
 * The started context.
 * @param [in] dst_ptr
 * The device destination; [dst_ptr, dst_ptr + size) must lie inside one live allocation.
 * @param [in] src_ptr
 * The host source.
 * @param [in] size
 * The size in bytes.
 * @return DOCA_SUCCESS on success; DOCA_ERROR_INVALID_VALUE when dpa is NULL or not a DPA context,
 * src_ptr is NULL or the range is not inside one live allocation; DOCA_ERROR_BAD_STATE when the
 * context is not started.
 */
DOCA_EXPERIMENTAL doca_error_t doca_dpa_h2d_memcpy(struct doca_dpa *dpa,
                                                   doca_dpa_dev_uintptr_t dst_ptr, void *src_ptr,
                                                   size_t size);

/**
 * @brief Copy DPA heap memory to the host (blocking).
 *
 * @param [in] dpa
 * The started context.
 * @param [out] dst_ptr
 * The host destination.
 * @param [in] src_ptr
 * The device source; [src_ptr, src_ptr + size) must lie inside one live allocation.
 * @param [in] size
 * The size in bytes.
 * @return DOCA_SUCCESS on success; DOCA_ERROR_INVALID_VALUE when dpa is NULL or not a DPA context,
 * dst_ptr is NULL or the range is not inside one live allocation; DOCA_ERROR_BAD_STATE when the
 * context is not started.
 */
DOCA_EXPERIMENTAL doca_error_t doca_dpa_d2h_memcpy(struct doca_dpa *dpa, void *dst_ptr,
                                                   doca_dpa_dev_uintptr_t src_ptr, size_t size);

/**
 * @brief Fill DPA heap memory with a byte (blocking).
 *
 * @param [in] dpa
 * The started context.
 * @param [in] dev_ptr
 * The device address; [dev_ptr, dev_ptr + size) must lie inside one live allocation.
 * @param [in] value
 * The byte.
 * @param [in] size
 * The size in bytes.
 * @return DOCA_SUCCESS on success; DOCA_ERROR_INVALID_VALUE when dpa is NULL or not a DPA context
 * or the range is not inside one live allocation; DOCA_ERROR_BAD_STATE when the context is not
 * started.
 */
DOCA_EXPERIMENTAL doca_error_t doca_dpa_memset(struct doca_dpa *dpa, doca_dpa_dev_uintptr_t dev_ptr,
                                               int value, size_t size);

/**
 * @brief Copy the data of a doca_buf to the DPA heap.
 *
 * @param [in] dpa
 * The context.
 * @param [in] dst_ptr
 * The device destination.
 * @param [in] buf
 * The source buffer.
 * @param [in] size
 * The size in bytes.
 * @return DOCA_ERROR_NOT_SUPPORTED always.
 * @note Not supported by softdpa: use doca_dpa_h2d_memcpy() with the buffer's address.
 */
DOCA_EXPERIMENTAL doca_error_t doca_dpa_h2d_buf_memcpy(struct doca_dpa *dpa,
                                                       doca_dpa_dev_uintptr_t dst_ptr,
                                                       struct doca_buf *buf, size_t size);

/**
 * @brief Copy DPA heap memory into a doca_buf.
 *
 * @param [in] dpa
 * The context.
 * @param [in] buf
 * The destination buffer.
 * @param [in] src_ptr
 * The device source.
 * @param [in] size
 * The size in bytes.
 * @return DOCA_ERROR_NOT_SUPPORTED always.
 * @note Not supported by softdpa: use doca_dpa_d2h_memcpy() with the buffer's address.
 */
DOCA_EXPERIMENTAL doca_error_t doca_dpa_d2h_buf_memcpy(struct doca_dpa *dpa, struct doca_buf *buf,
                                                       doca_dpa_dev_uintptr_t src_ptr, size_t size);

/**
 * @brief Create a device hash table of uint32 keys, for kernels (doca_dpa_dev_hash_table_*).
 *
 * @param [in] dpa
 * The started context.
 * @param [in] num_entries
 * 1..2^24, rounded up to a power of two.
 * @param [out] ht
 * The new table.
 * @return DOCA_SUCCESS on success; DOCA_ERROR_INVALID_VALUE when dpa is NULL or not a DPA context,
 * ht is NULL or num_entries is out of range; DOCA_ERROR_BAD_STATE when the context is not started;
 * DOCA_ERROR_NO_MEMORY.
 */
DOCA_EXPERIMENTAL doca_error_t doca_dpa_hash_table_create(struct doca_dpa *dpa,
                                                          unsigned int num_entries,
                                                          struct doca_dpa_hash_table **ht);

/**
 * @brief Destroy a device hash table.
 *
 * @param [in] ht
 * The table.
 * @return DOCA_SUCCESS on success; DOCA_ERROR_INVALID_VALUE when ht is NULL or not a hash table.
 */
DOCA_EXPERIMENTAL doca_error_t doca_dpa_hash_table_destroy(struct doca_dpa_hash_table *ht);

/**
 * @brief The handle kernels use to reach a hash table.
 *
 * @param [in] ht
 * The table.
 * @param [out] handle
 * The handle.
 * @return DOCA_SUCCESS on success; DOCA_ERROR_INVALID_VALUE when ht is not a hash table or handle
 * is NULL.
 */
DOCA_EXPERIMENTAL doca_error_t doca_dpa_hash_table_get_dpa_handle(
        struct doca_dpa_hash_table *ht, doca_dpa_dev_hash_table_t *handle);

/* ---- DPA threads ---- */

/**
 * @brief Create a DPA thread: a kernel function that a completion or notification activates.
 *
 * Then: set its function and argument (and local storage, affinity), start it, attach a
 * completion or a notification completion, and run it.
 *
 * @param [in] dpa
 * The started context.
 * @param [out] thread
 * The new thread.
 * @return DOCA_SUCCESS on success; DOCA_ERROR_INVALID_VALUE when dpa is NULL or not a DPA context
 * or thread is NULL; DOCA_ERROR_BAD_STATE when the context is not started; DOCA_ERROR_NO_MEMORY.
 */
DOCA_EXPERIMENTAL doca_error_t doca_dpa_thread_create(struct doca_dpa *dpa,
                                                      struct doca_dpa_thread **thread);

/**
 * @brief Set the function a thread runs and its argument.
 *
 * @param [in] thread
 * The thread, not started.
 * @param [in] func
 * A __dpa_global__ function of the context's application.
 * @param [in] arg
 * Its argument.
 * @return DOCA_SUCCESS on success; DOCA_ERROR_INVALID_VALUE when thread is NULL or not a DPA
 * thread, or func is NULL, not a function of the application or a __dpa_rpc__ function;
 * DOCA_ERROR_BAD_STATE when the thread is started.
 */
DOCA_EXPERIMENTAL doca_error_t doca_dpa_thread_set_func_arg(struct doca_dpa_thread *thread,
                                                            doca_dpa_func_t *func, uint64_t arg);

/**
 * @brief The function of a thread and its argument.
 *
 * @param [in] thread
 * The thread.
 * @param [out] func
 * The function (NULL when none is set).
 * @param [out] arg
 * The argument.
 * @return DOCA_SUCCESS on success; DOCA_ERROR_INVALID_VALUE when thread is NULL or not a DPA
 * thread, or func or arg is NULL.
 */
DOCA_EXPERIMENTAL doca_error_t doca_dpa_thread_get_func_arg(struct doca_dpa_thread *thread,
                                                            doca_dpa_func_t **func, uint64_t *arg);

/**
 * @brief Give a thread its local storage (doca_dpa_dev_thread_get_local_storage()).
 *
 * @param [in] thread
 * The thread, not started.
 * @param [in] dev_ptr
 * Memory inside a DPA heap allocation.
 * @return DOCA_SUCCESS on success; DOCA_ERROR_INVALID_VALUE when thread is NULL or not a DPA thread
 * or dev_ptr is not inside a heap allocation; DOCA_ERROR_BAD_STATE when the thread is started.
 */
DOCA_EXPERIMENTAL doca_error_t doca_dpa_thread_set_local_storage(struct doca_dpa_thread *thread,
                                                                 doca_dpa_dev_uintptr_t dev_ptr);

/**
 * @brief The local storage of a thread.
 *
 * @param [in] thread
 * The thread.
 * @param [out] dev_ptr
 * The device address (0 when none is set).
 * @return DOCA_SUCCESS on success; DOCA_ERROR_INVALID_VALUE when thread is NULL or not a DPA thread
 * or dev_ptr is NULL.
 */
DOCA_EXPERIMENTAL doca_error_t doca_dpa_thread_get_local_storage(struct doca_dpa_thread *thread,
                                                                 doca_dpa_dev_uintptr_t *dev_ptr);

/**
 * @brief Bind a thread to an execution unit.
 *
 * @param [in] thread
 * The thread, not started.
 * @param [in] affinity
 * The EU affinity (its EU, or none when cleared).
 * @return DOCA_SUCCESS on success; DOCA_ERROR_INVALID_VALUE when thread is NULL or not a DPA thread
 * or affinity is not an EU affinity; DOCA_ERROR_BAD_STATE when the thread is started.
 */
DOCA_EXPERIMENTAL doca_error_t doca_dpa_thread_set_affinity(
        struct doca_dpa_thread *thread, const struct doca_dpa_eu_affinity *affinity);

/**
 * @brief The EU affinity of a thread.
 *
 * @param [in] thread
 * The thread.
 * @param [out] affinity
 * An EU affinity object that receives the thread's EU (none when unbound).
 * @return DOCA_SUCCESS on success; DOCA_ERROR_INVALID_VALUE when thread is NULL or not a DPA thread
 * or affinity is not an EU affinity.
 */
DOCA_EXPERIMENTAL doca_error_t doca_dpa_thread_get_affinity(struct doca_dpa_thread *thread,
                                                            struct doca_dpa_eu_affinity *affinity);

/**
 * @brief Start a thread: its configuration is fixed from here on.
 *
 * @param [in] thread
 * The thread, with a function.
 * @return DOCA_SUCCESS on success; DOCA_ERROR_INVALID_VALUE when thread is NULL or not a DPA
 * thread; DOCA_ERROR_BAD_STATE when it is started already, has no function, or its context is not
 * started; DOCA_ERROR_NO_MEMORY.
 */
DOCA_EXPERIMENTAL doca_error_t doca_dpa_thread_start(struct doca_dpa_thread *thread);

/**
 * @brief Make a started thread with a completion or notification completion attached runnable: from
 * here on activations run its function.
 *
 * @param [in] thread
 * The thread.
 * @return DOCA_SUCCESS on success; DOCA_ERROR_INVALID_VALUE when thread is NULL or not a DPA
 * thread; DOCA_ERROR_BAD_STATE when it is not started, has no completion or notification completion
 * attached, or runs already.
 */
DOCA_EXPERIMENTAL doca_error_t doca_dpa_thread_run(struct doca_dpa_thread *thread);

/**
 * @brief Stop a thread: it runs no more and may be configured again.
 *
 * @param [in] thread
 * The thread.
 * @return DOCA_SUCCESS on success; DOCA_ERROR_INVALID_VALUE when thread is NULL or not a DPA
 * thread; DOCA_ERROR_BAD_STATE when it is not started; DOCA_ERROR_IN_USE while its function is
 * executing (stop it once it rescheduled or finished).
 * @note softdpa waits up to 100 ms for an executing activation to end first.
 */
DOCA_EXPERIMENTAL doca_error_t doca_dpa_thread_stop(struct doca_dpa_thread *thread);

/**
 * @brief Destroy a thread, stopping it first when it is started.
 *
 * @param [in] thread
 * The thread.
 * @return DOCA_SUCCESS on success; DOCA_ERROR_INVALID_VALUE when thread is NULL or not a DPA
 * thread; DOCA_ERROR_IN_USE while it executes, is attached to a completion or notification
 * completion, or belongs to a thread group (destroy those first).
 */
DOCA_EXPERIMENTAL doca_error_t doca_dpa_thread_destroy(struct doca_dpa_thread *thread);

/**
 * @brief The id of a thread, unique in its context.
 *
 * @param [in] thread
 * The thread.
 * @param [out] id
 * The id.
 * @return DOCA_SUCCESS on success; DOCA_ERROR_INVALID_VALUE when thread is NULL or not a DPA thread
 * or id is NULL.
 */
DOCA_EXPERIMENTAL doca_error_t doca_dpa_thread_get_id(struct doca_dpa_thread *thread, uint32_t *id);

/**
 * @brief Create an EU affinity object (no EU set).
 *
 * @param [in] dpa
 * The context.
 * @param [out] affinity
 * The new object.
 * @return DOCA_SUCCESS on success; DOCA_ERROR_INVALID_VALUE when dpa is NULL or not a DPA context
 * or affinity is NULL; DOCA_ERROR_NO_MEMORY.
 */
DOCA_EXPERIMENTAL doca_error_t doca_dpa_eu_affinity_create(struct doca_dpa *dpa,
                                                           struct doca_dpa_eu_affinity **affinity);

/**
 * @brief Set the execution unit of an affinity.
 *
 * @param [in] affinity
 * The affinity.
 * @param [in] eu_id
 * The EU, below doca_dpa_get_total_num_eus_available() (256).
 * @return DOCA_SUCCESS on success; DOCA_ERROR_INVALID_VALUE when affinity is NULL or not an EU
 * affinity or eu_id is out of range.
 */
DOCA_EXPERIMENTAL doca_error_t doca_dpa_eu_affinity_set(struct doca_dpa_eu_affinity *affinity,
                                                        unsigned int eu_id);

/**
 * @brief The execution unit of an affinity.
 *
 * @param [in] affinity
 * The affinity.
 * @param [out] eu_id
 * The EU.
 * @return DOCA_SUCCESS on success; DOCA_ERROR_INVALID_VALUE when affinity is NULL or not an EU
 * affinity or eu_id is NULL; DOCA_ERROR_NOT_FOUND when no EU is set.
 */
DOCA_EXPERIMENTAL doca_error_t doca_dpa_eu_affinity_get(struct doca_dpa_eu_affinity *affinity,
                                                        unsigned int *eu_id);

/**
 * @brief Clear the execution unit of an affinity.
 *
 * @param [in] affinity
 * The affinity.
 * @return DOCA_SUCCESS on success; DOCA_ERROR_INVALID_VALUE when affinity is NULL or not an EU
 * affinity.
 */
DOCA_EXPERIMENTAL doca_error_t doca_dpa_eu_affinity_clear(struct doca_dpa_eu_affinity *affinity);

/**
 * @brief Destroy an affinity object (threads keep the EU they were given).
 *
 * @param [in] affinity
 * The affinity.
 * @return DOCA_SUCCESS on success; DOCA_ERROR_INVALID_VALUE when affinity is NULL or not an EU
 * affinity.
 */
DOCA_EXPERIMENTAL doca_error_t doca_dpa_eu_affinity_destroy(struct doca_dpa_eu_affinity *affinity);

/**
 * @brief Create a thread group: rank r of the group sees doca_dpa_dev_thread_rank() == r.
 *
 * @param [in] dpa
 * The started context.
 * @param [in] num_threads
 * The group size, 1..256.
 * @param [out] tg
 * The new group.
 * @return DOCA_SUCCESS on success; DOCA_ERROR_INVALID_VALUE when dpa is NULL or not a DPA context,
 * tg is NULL or num_threads is out of range; DOCA_ERROR_BAD_STATE when the context is not started;
 * DOCA_ERROR_NO_MEMORY.
 */
DOCA_EXPERIMENTAL doca_error_t doca_dpa_thread_group_create(struct doca_dpa *dpa,
                                                            unsigned int num_threads,
                                                            struct doca_dpa_tg **tg);

/**
 * @brief Put a thread at a rank of a group.
 *
 * @param [in] tg
 * The group, not started.
 * @param [in] thread
 * The thread, in no group yet.
 * @param [in] rank
 * The rank, below the group size.
 * @return DOCA_SUCCESS on success; DOCA_ERROR_INVALID_VALUE when tg is NULL or not a thread group,
 * thread is not a DPA thread or rank is out of range; DOCA_ERROR_BAD_STATE when the group is
 * started, the rank is set already or the thread is in a group already.
 */
DOCA_EXPERIMENTAL doca_error_t doca_dpa_thread_group_set_thread(struct doca_dpa_tg *tg,
                                                                struct doca_dpa_thread *thread,
                                                                unsigned int rank);

/**
 * @brief The size of a thread group.
 *
 * @param [in] tg
 * The group.
 * @param [out] num_threads
 * The size.
 * @return DOCA_SUCCESS on success; DOCA_ERROR_INVALID_VALUE when tg is NULL or not a thread group
 * or num_threads is NULL.
 */
DOCA_EXPERIMENTAL doca_error_t doca_dpa_thread_group_get_num_threads(struct doca_dpa_tg *tg,
                                                                     unsigned int *num_threads);

/**
 * @brief Start a thread group.
 *
 * @param [in] tg
 * The group, with a thread at every rank.
 * @return DOCA_SUCCESS on success; DOCA_ERROR_INVALID_VALUE when tg is NULL or not a thread group;
 * DOCA_ERROR_BAD_STATE when a rank has no thread or the group is started already.
 */
DOCA_EXPERIMENTAL doca_error_t doca_dpa_thread_group_start(struct doca_dpa_tg *tg);

/**
 * @brief Stop a thread group.
 *
 * @param [in] tg
 * The started group.
 * @return DOCA_SUCCESS on success; DOCA_ERROR_INVALID_VALUE when tg is NULL or not a thread group;
 * DOCA_ERROR_BAD_STATE when it is not started.
 */
DOCA_EXPERIMENTAL doca_error_t doca_dpa_thread_group_stop(struct doca_dpa_tg *tg);

/**
 * @brief Destroy a thread group; its threads belong to no group afterwards.
 *
 * @param [in] tg
 * The group.
 * @return DOCA_SUCCESS on success; DOCA_ERROR_INVALID_VALUE when tg is NULL or not a thread group.
 */
DOCA_EXPERIMENTAL doca_error_t doca_dpa_thread_group_destroy(struct doca_dpa_tg *tg);

/* ---- completions and notifications ---- */

/**
 * @brief Create a DPA completion: a queue of completion elements that activates the thread attached
 * to it.
 *
 * @param [in] dpa
 * The started context.
 * @param [in] queue_size
 * 1..2^24, rounded up to a power of two.
 * @param [out] comp
 * The new completion.
 * @return DOCA_SUCCESS on success; DOCA_ERROR_INVALID_VALUE when dpa is NULL or not a DPA context,
 * comp is NULL or queue_size is out of range; DOCA_ERROR_BAD_STATE when the context is not started;
 * DOCA_ERROR_NO_MEMORY.
 */
DOCA_EXPERIMENTAL doca_error_t doca_dpa_completion_create(struct doca_dpa *dpa,
                                                          unsigned int queue_size,
                                                          struct doca_dpa_completion **comp);

/**
 * @brief Attach the thread a completion activates. Before doca_dpa_completion_start().
 *
 * @param [in] comp
 * The completion, not started, without a thread.
 * @param [in] thread
 * The thread.
 * @return DOCA_SUCCESS on success; DOCA_ERROR_INVALID_VALUE when comp is NULL or not a DPA
 * completion, or thread is not a DPA thread; DOCA_ERROR_BAD_STATE when the completion is started or
 * has a thread already.
 */
DOCA_EXPERIMENTAL doca_error_t doca_dpa_completion_set_thread(struct doca_dpa_completion *comp,
                                                              struct doca_dpa_thread *thread);

/**
 * @brief The thread a completion activates.
 *
 * @param [in] comp
 * The completion.
 * @param [out] thread
 * The thread (NULL when none is attached).
 * @return DOCA_SUCCESS on success; DOCA_ERROR_INVALID_VALUE when comp is NULL or not a DPA
 * completion or thread is NULL.
 */
DOCA_EXPERIMENTAL doca_error_t doca_dpa_completion_get_thread(struct doca_dpa_completion *comp,
                                                              struct doca_dpa_thread **thread);

/**
 * @brief The queue size of a completion.
 *
 * @param [in] comp
 * The completion.
 * @param [out] queue_size
 * The size (the power of two it was rounded up to).
 * @return DOCA_SUCCESS on success; DOCA_ERROR_INVALID_VALUE when comp is NULL or not a DPA
 * completion or queue_size is NULL.
 */
DOCA_EXPERIMENTAL doca_error_t doca_dpa_completion_get_queue_size(struct doca_dpa_completion *comp,
                                                                  unsigned int *queue_size);

/**
 * @brief Start a completion.
 *
 * @param [in] comp
 * The completion.
 * @return DOCA_SUCCESS on success; DOCA_ERROR_INVALID_VALUE when comp is NULL or not a DPA
 * completion; DOCA_ERROR_BAD_STATE when it is started already.
 */
DOCA_EXPERIMENTAL doca_error_t doca_dpa_completion_start(struct doca_dpa_completion *comp);

/**
 * @brief Stop a completion.
 *
 * @param [in] comp
 * The started completion.
 * @return DOCA_SUCCESS on success; DOCA_ERROR_INVALID_VALUE when comp is NULL or not a DPA
 * completion; DOCA_ERROR_BAD_STATE when it is not started.
 */
DOCA_EXPERIMENTAL doca_error_t doca_dpa_completion_stop(struct doca_dpa_completion *comp);

/**
 * @brief Destroy a completion; its thread loses this attachment (it stays attached to any
 * other completion or notification completion).
 *
 * @param [in] comp
 * The completion.
 * @return DOCA_SUCCESS on success; DOCA_ERROR_INVALID_VALUE when comp is NULL or not a DPA
 * completion; DOCA_ERROR_IN_USE while its thread is executing, or while async ops are
 * attached to it (destroy them first).
 */
DOCA_EXPERIMENTAL doca_error_t doca_dpa_completion_destroy(struct doca_dpa_completion *comp);

/**
 * @brief The handle kernels use to read a completion.
 *
 * @param [in] comp
 * The started completion.
 * @param [out] handle
 * The handle.
 * @return DOCA_SUCCESS on success; DOCA_ERROR_INVALID_VALUE when comp is NULL or not a DPA
 * completion or handle is NULL; DOCA_ERROR_BAD_STATE when the completion is not started.
 */
DOCA_EXPERIMENTAL doca_error_t doca_dpa_completion_get_dpa_handle(
        struct doca_dpa_completion *comp, doca_dpa_dev_completion_t *handle);

/**
 * @brief Create a notification completion: it activates thread when a kernel calls
 * doca_dpa_dev_thread_notify() on its handle.
 *
 * @param [in] dpa
 * The started context.
 * @param [in] thread
 * The thread it activates (attached from here on).
 * @param [out] notify_comp
 * The new notification completion.
 * @return DOCA_SUCCESS on success; DOCA_ERROR_INVALID_VALUE when dpa is NULL or not a DPA context,
 * thread is not a DPA thread or notify_comp is NULL; DOCA_ERROR_BAD_STATE when the context is not
 * started; DOCA_ERROR_NO_MEMORY.
 */
DOCA_EXPERIMENTAL doca_error_t
doca_dpa_notification_completion_create(struct doca_dpa *dpa, struct doca_dpa_thread *thread,
                                        struct doca_dpa_notification_completion **notify_comp);

/**
 * @brief Start a notification completion.
 *
 * @param [in] notify_comp
 * The notification completion.
 * @return DOCA_SUCCESS on success; DOCA_ERROR_INVALID_VALUE when notify_comp is NULL or not a
 * notification completion; DOCA_ERROR_BAD_STATE when it is started already.
 */
DOCA_EXPERIMENTAL doca_error_t
doca_dpa_notification_completion_start(struct doca_dpa_notification_completion *notify_comp);

/**
 * @brief Stop a notification completion.
 *
 * @param [in] notify_comp
 * The started notification completion.
 * @return DOCA_SUCCESS on success; DOCA_ERROR_INVALID_VALUE when notify_comp is NULL or not a
 * notification completion; DOCA_ERROR_BAD_STATE when it is not started.
 */
DOCA_EXPERIMENTAL doca_error_t
doca_dpa_notification_completion_stop(struct doca_dpa_notification_completion *notify_comp);

/**
 * @brief Destroy a notification completion; its thread is attached to nothing afterwards.
 *
 * @param [in] notify_comp
 * The notification completion.
 * @return DOCA_SUCCESS on success; DOCA_ERROR_INVALID_VALUE when notify_comp is NULL or not a
 * notification completion; DOCA_ERROR_IN_USE while its thread is executing.
 */
DOCA_EXPERIMENTAL doca_error_t
doca_dpa_notification_completion_destroy(struct doca_dpa_notification_completion *notify_comp);

/**
 * @brief The thread a notification completion activates.
 *
 * @param [in] notify_comp
 * The notification completion.
 * @param [out] thread
 * The thread.
 * @return DOCA_SUCCESS on success; DOCA_ERROR_INVALID_VALUE when notify_comp is NULL or not a
 * notification completion or thread is NULL.
 */
DOCA_EXPERIMENTAL doca_error_t doca_dpa_notification_completion_get_thread(
        struct doca_dpa_notification_completion *notify_comp, struct doca_dpa_thread **thread);

/**
 * @brief The handle kernels pass to doca_dpa_dev_thread_notify().
 *
 * @param [in] notify_comp
 * The started notification completion.
 * @param [out] handle
 * The handle.
 * @return DOCA_SUCCESS on success; DOCA_ERROR_INVALID_VALUE when notify_comp is NULL or not a
 * notification completion or handle is NULL; DOCA_ERROR_BAD_STATE when it is not started.
 */
DOCA_EXPERIMENTAL doca_error_t doca_dpa_notification_completion_get_dpa_handle(
        struct doca_dpa_notification_completion *notify_comp,
        doca_dpa_dev_notification_completion_t *handle);

/**
 * @brief Create async ops: operations kernels post (memcpy, sync-event waits) that report on a
 * completion.
 *
 * @param [in] dpa
 * The started context.
 * @param [in] queue_size
 * 1..2^24, rounded up to a power of two.
 * @param [in] user_data
 * Carried by the completion elements; below 2^DOCA_DPA_COMPLETION_LOG_MAX_USER_DATA.
 * @param [out] async_ops
 * The new async ops.
 * @return DOCA_SUCCESS on success; DOCA_ERROR_INVALID_VALUE when dpa is NULL or not a DPA context,
 * async_ops is NULL, queue_size is out of range or user_data is too wide; DOCA_ERROR_BAD_STATE when
 * the context is not started; DOCA_ERROR_NO_MEMORY.
 */
DOCA_EXPERIMENTAL doca_error_t doca_dpa_async_ops_create(struct doca_dpa *dpa,
                                                         unsigned int queue_size,
                                                         uint64_t user_data,
                                                         struct doca_dpa_async_ops **async_ops);

/**
 * @brief Attach the completion async ops report on. Before doca_dpa_async_ops_start().
 *
 * @param [in] async_ops
 * The async ops, not started.
 * @param [in] comp
 * The completion.
 * @return DOCA_SUCCESS on success; DOCA_ERROR_INVALID_VALUE when async_ops is NULL or not async
 * ops, or comp is not a DPA completion; DOCA_ERROR_BAD_STATE when the async ops are started.
 */
DOCA_EXPERIMENTAL doca_error_t doca_dpa_async_ops_attach(struct doca_dpa_async_ops *async_ops,
                                                         struct doca_dpa_completion *comp);

/**
 * @brief Start async ops.
 *
 * @param [in] async_ops
 * The async ops, with a completion attached.
 * @return DOCA_SUCCESS on success; DOCA_ERROR_INVALID_VALUE when async_ops is NULL or not async
 * ops; DOCA_ERROR_BAD_STATE when they are started already or have no completion.
 */
DOCA_EXPERIMENTAL doca_error_t doca_dpa_async_ops_start(struct doca_dpa_async_ops *async_ops);

/**
 * @brief Stop async ops.
 *
 * @param [in] async_ops
 * The started async ops.
 * @return DOCA_SUCCESS on success; DOCA_ERROR_INVALID_VALUE when async_ops is NULL or not async
 * ops; DOCA_ERROR_BAD_STATE when they are not started.
 */
DOCA_EXPERIMENTAL doca_error_t doca_dpa_async_ops_stop(struct doca_dpa_async_ops *async_ops);

/**
 * @brief Destroy async ops (started or not).
 *
 * @param [in] async_ops
 * The async ops.
 * @return DOCA_SUCCESS on success; DOCA_ERROR_INVALID_VALUE when async_ops is NULL or not async
 * ops.
 */
DOCA_EXPERIMENTAL doca_error_t doca_dpa_async_ops_destroy(struct doca_dpa_async_ops *async_ops);

/**
 * @brief The handle kernels post async operations on.
 *
 * @param [in] async_ops
 * The started async ops.
 * @param [out] handle
 * The handle.
 * @return DOCA_SUCCESS on success; DOCA_ERROR_INVALID_VALUE when async_ops is NULL or not async ops
 * or handle is NULL; DOCA_ERROR_BAD_STATE when they are not started.
 */
DOCA_EXPERIMENTAL doca_error_t doca_dpa_async_ops_get_dpa_handle(
        struct doca_dpa_async_ops *async_ops, doca_dpa_dev_async_ops_t *handle);

#ifdef __cplusplus
}
#endif

#endif /* DOCA_DPA_H_ */
