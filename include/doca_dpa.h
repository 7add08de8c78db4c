/* SPDX-License-Identifier: BSD-3-Clause
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

struct doca_dev;
struct doca_devinfo;
struct doca_sync_event;
struct doca_buf;

/* Device-side handles, as the kernels see them (64-bit on the DPA). */
typedef uint64_t doca_dpa_dev_t;
typedef uint64_t doca_dpa_dev_uintptr_t;
typedef uint64_t doca_dpa_dev_hash_table_t;
typedef uint64_t doca_dpa_dev_completion_t;
typedef uint64_t doca_dpa_dev_async_ops_t;
typedef uint64_t doca_dpa_dev_notification_completion_t;

/* A device function as the host names it: the address of the host stub softdpa-dpacc
 * generated for a __dpa_global__ or __dpa_rpc__ function. */
typedef void(doca_dpa_func_t)(void);

#ifndef __DPA__
/* Host code shares types with kernels and may mark them as the device side does (e.g.
 * 'struct arg { ... } __dpa_global__;'): on the host the markers mean nothing. Kernels get
 * their own definitions from doca_dpa_dev.h. */
#ifndef __dpa_global__
#define __dpa_global__
#endif
#ifndef __dpa_rpc__
#define __dpa_rpc__
#endif
#endif

/* User data of a completion element is below 2^24. */
#define DOCA_DPA_COMPLETION_LOG_MAX_USER_DATA (24)

#ifndef DOCA_DPA_DEV_LOG_LEVEL_DEFINED
#define DOCA_DPA_DEV_LOG_LEVEL_DEFINED
/* Level of a device log line (doca_dpa_dev_log); numbered like doca_log levels. */
typedef enum doca_dpa_dev_log_level {
	DOCA_DPA_DEV_LOG_LEVEL_DISABLE = 10,
	DOCA_DPA_DEV_LOG_LEVEL_CRIT = 20,
	DOCA_DPA_DEV_LOG_LEVEL_ERROR = 30,
	DOCA_DPA_DEV_LOG_LEVEL_WARNING = 40,
	DOCA_DPA_DEV_LOG_LEVEL_INFO = 50,
	DOCA_DPA_DEV_LOG_LEVEL_DEBUG = 60,
} doca_dpa_dev_log_level_t;
#endif

struct doca_dpa;
struct doca_dpa_app;
struct doca_dpa_thread;
struct doca_dpa_tg;
struct doca_dpa_completion;
struct doca_dpa_async_ops;
struct doca_dpa_notification_completion;
struct doca_dpa_eu_affinity;
struct doca_dpa_hash_table;

/* ---- capabilities and context lifecycle ---- */

/* SUCCESS when the device has a DPA (a BlueField-3), NOT_SUPPORTED otherwise. */
DOCA_EXPERIMENTAL doca_error_t doca_dpa_cap_is_supported(const struct doca_devinfo *devinfo);

/* A new, stopped DPA context on a DPA-capable device. NOT_SUPPORTED for a device without
 * a DPA. */
DOCA_EXPERIMENTAL doca_error_t doca_dpa_create(struct doca_dev *dev, struct doca_dpa **dpa);

/* The application (the token given to softdpa-dpacc --app-name). Before start. */
DOCA_EXPERIMENTAL doca_error_t doca_dpa_set_app(struct doca_dpa *dpa, struct doca_dpa_app *app);
DOCA_EXPERIMENTAL doca_error_t doca_dpa_get_app(struct doca_dpa *dpa, struct doca_dpa_app **app);

/* Copy the app name into 'name' (*len bytes available; on return *len is the length
 * including the NUL). INVALID_VALUE when the buffer is too small. */
DOCA_EXPERIMENTAL doca_error_t doca_dpa_app_get_name(struct doca_dpa_app *app, char *name,
                                                     uint32_t *len);

/* Device log filter (default INFO). Before start; NOT_PERMITTED on an extended context. */
DOCA_EXPERIMENTAL doca_error_t doca_dpa_set_log_level(struct doca_dpa *dpa,
                                                      doca_dpa_dev_log_level_t log_level);
DOCA_EXPERIMENTAL doca_error_t doca_dpa_get_log_level(struct doca_dpa *dpa,
                                                      doca_dpa_dev_log_level_t *log_level);

/* Where device log lines go (default: stdout). Before start. */
DOCA_EXPERIMENTAL doca_error_t doca_dpa_log_file_set_path(struct doca_dpa *dpa,
                                                          const char *file_path);
DOCA_EXPERIMENTAL doca_error_t doca_dpa_log_file_get_path(struct doca_dpa *dpa, char *file_path,
                                                          uint32_t *len);
/* Where device trace records go. Before start. */
DOCA_EXPERIMENTAL doca_error_t doca_dpa_trace_file_set_path(struct doca_dpa *dpa,
                                                            const char *file_path);
DOCA_EXPERIMENTAL doca_error_t doca_dpa_trace_file_get_path(struct doca_dpa *dpa, char *file_path,
                                                            uint32_t *len);

/* Load the app image and start the execution units. BAD_STATE without an app or when
 * already started; DRIVER when the image cannot be loaded. */
DOCA_EXPERIMENTAL doca_error_t doca_dpa_start(struct doca_dpa *dpa);

/* IN_USE while threads, completions, async ops, thread groups or extended contexts of
 * this context exist. Launches not yet finished are abandoned (and logged). */
DOCA_EXPERIMENTAL doca_error_t doca_dpa_stop(struct doca_dpa *dpa);

/* Stops a started context first (same IN_USE rules); IN_USE while an mmap, buf array,
 * sync event or extended context still refers to it. */
DOCA_EXPERIMENTAL doca_error_t doca_dpa_destroy(struct doca_dpa *dpa);

/* An extended context for another device (VF/SF) sharing this context's DPA process.
 * The base must be started; the returned context is started; destroy it first. */
DOCA_EXPERIMENTAL doca_error_t doca_dpa_device_extend(struct doca_dpa *dpa,
                                                      struct doca_dev *other_dev,
                                                      struct doca_dpa **extended_dpa);

/* Handle for doca_dpa_dev_device_set(). Started contexts only. */
DOCA_EXPERIMENTAL doca_error_t doca_dpa_get_dpa_handle(struct doca_dpa *dpa,
                                                       doca_dpa_dev_t *handle);

DOCA_EXPERIMENTAL doca_error_t doca_dpa_get_uar_id(const struct doca_dpa *dpa, uint32_t *uar_id);
DOCA_EXPERIMENTAL doca_error_t doca_dpa_get_max_threads_per_kernel(const struct doca_dpa *dpa,
                                                                   unsigned int *value);
/* Seconds a kernel may run before the runtime declares the context fatal (120 in
 * softdpa). */
DOCA_EXPERIMENTAL doca_error_t doca_dpa_get_kernel_max_run_time(const struct doca_dpa *dpa,
                                                                unsigned long long *value);
DOCA_EXPERIMENTAL doca_error_t doca_dpa_get_core_num(const struct doca_dpa *dpa,
                                                     unsigned int *value);
DOCA_EXPERIMENTAL doca_error_t doca_dpa_get_num_eus_per_core(const struct doca_dpa *dpa,
                                                             unsigned int *value);
DOCA_EXPERIMENTAL doca_error_t doca_dpa_get_total_num_eus_available(const struct doca_dpa *dpa,
                                                                    unsigned int *value);

/* SUCCESS, or BAD_STATE once a device-side error (e.g. the kernel watchdog) made the
 * context fatal; the context must then be destroyed. */
DOCA_EXPERIMENTAL doca_error_t doca_dpa_peek_at_last_error(const struct doca_dpa *dpa);

/* ---- kernels ---- */

/* Launch 'func' on 'num_threads' threads, with the arguments that follow (passed with
 * the kernel's own parameter types). Asynchronous: returns once submitted. The kernel
 * starts when wait_event >= wait_threshold (0..254); at its end comp_event is set to
 * (_set) or increased by (_add) comp_count. Launches on a context run in order. */
DOCA_EXPERIMENTAL doca_error_t doca_dpa_kernel_launch_update_set(
        struct doca_dpa *dpa, struct doca_sync_event *wait_event, uint64_t wait_threshold,
        struct doca_sync_event *comp_event, uint64_t comp_count, unsigned int num_threads,
        doca_dpa_func_t *func, ...);
DOCA_EXPERIMENTAL doca_error_t doca_dpa_kernel_launch_update_add(
        struct doca_dpa *dpa, struct doca_sync_event *wait_event, uint64_t wait_threshold,
        struct doca_sync_event *comp_event, uint64_t comp_count, unsigned int num_threads,
        doca_dpa_func_t *func, ...);

/* Run a __dpa_rpc__ function and wait for its uint64_t result. */
DOCA_EXPERIMENTAL doca_error_t doca_dpa_rpc(struct doca_dpa *dpa, doca_dpa_func_t *func,
                                            uint64_t *retval, ...);

/* ---- DPA heap ---- */

/* Allocate 'size' bytes, 64-byte aligned, NOT zeroed. On failure *dev_ptr is 0. */
DOCA_EXPERIMENTAL doca_error_t doca_dpa_mem_alloc(struct doca_dpa *dpa, size_t size,
                                                  doca_dpa_dev_uintptr_t *dev_ptr);
/* INVALID_VALUE unless dev_ptr is the start of a live allocation. */
DOCA_EXPERIMENTAL doca_error_t doca_dpa_mem_free(struct doca_dpa *dpa,
                                                 doca_dpa_dev_uintptr_t dev_ptr);
/* Blocking copies; the range must lie inside one live allocation (INVALID_VALUE). */
DOCA_EXPERIMENTAL doca_error_t doca_dpa_h2d_memcpy(struct doca_dpa *dpa,
                                                   doca_dpa_dev_uintptr_t dst_ptr, void *src_ptr,
                                                   size_t size);
DOCA_EXPERIMENTAL doca_error_t doca_dpa_d2h_memcpy(struct doca_dpa *dpa, void *dst_ptr,
                                                   doca_dpa_dev_uintptr_t src_ptr, size_t size);
DOCA_EXPERIMENTAL doca_error_t doca_dpa_memset(struct doca_dpa *dpa, doca_dpa_dev_uintptr_t dev_ptr,
                                               int value, size_t size);
/* doca_buf variants: NOT_SUPPORTED in softdpa. */
DOCA_EXPERIMENTAL doca_error_t doca_dpa_h2d_buf_memcpy(struct doca_dpa *dpa,
                                                       doca_dpa_dev_uintptr_t dst_ptr,
                                                       struct doca_buf *buf, size_t size);
DOCA_EXPERIMENTAL doca_error_t doca_dpa_d2h_buf_memcpy(struct doca_dpa *dpa, struct doca_buf *buf,
                                                       doca_dpa_dev_uintptr_t src_ptr, size_t size);

/* A device hash table of 'num_entries' (rounded up to a power of two) uint32 keys. */
DOCA_EXPERIMENTAL doca_error_t doca_dpa_hash_table_create(struct doca_dpa *dpa,
                                                          unsigned int num_entries,
                                                          struct doca_dpa_hash_table **ht);
DOCA_EXPERIMENTAL doca_error_t doca_dpa_hash_table_destroy(struct doca_dpa_hash_table *ht);
DOCA_EXPERIMENTAL doca_error_t doca_dpa_hash_table_get_dpa_handle(
        struct doca_dpa_hash_table *ht, doca_dpa_dev_hash_table_t *handle);

/* ---- DPA threads ---- */

/* Procedure: create, set func/arg (and local storage, affinity), start, attach a
 * completion or notification completion, run. */
DOCA_EXPERIMENTAL doca_error_t doca_dpa_thread_create(struct doca_dpa *dpa,
                                                      struct doca_dpa_thread **thread);
DOCA_EXPERIMENTAL doca_error_t doca_dpa_thread_set_func_arg(struct doca_dpa_thread *thread,
                                                            doca_dpa_func_t *func, uint64_t arg);
DOCA_EXPERIMENTAL doca_error_t doca_dpa_thread_get_func_arg(struct doca_dpa_thread *thread,
                                                            doca_dpa_func_t **func, uint64_t *arg);
DOCA_EXPERIMENTAL doca_error_t doca_dpa_thread_set_local_storage(struct doca_dpa_thread *thread,
                                                                 doca_dpa_dev_uintptr_t dev_ptr);
DOCA_EXPERIMENTAL doca_error_t doca_dpa_thread_get_local_storage(struct doca_dpa_thread *thread,
                                                                 doca_dpa_dev_uintptr_t *dev_ptr);
DOCA_EXPERIMENTAL doca_error_t doca_dpa_thread_set_affinity(
        struct doca_dpa_thread *thread, const struct doca_dpa_eu_affinity *affinity);
DOCA_EXPERIMENTAL doca_error_t doca_dpa_thread_get_affinity(struct doca_dpa_thread *thread,
                                                            struct doca_dpa_eu_affinity *affinity);
DOCA_EXPERIMENTAL doca_error_t doca_dpa_thread_start(struct doca_dpa_thread *thread);
/* Make a started thread that has a completion or notification attached runnable. */
DOCA_EXPERIMENTAL doca_error_t doca_dpa_thread_run(struct doca_dpa_thread *thread);
DOCA_EXPERIMENTAL doca_error_t doca_dpa_thread_stop(struct doca_dpa_thread *thread);
DOCA_EXPERIMENTAL doca_error_t doca_dpa_thread_destroy(struct doca_dpa_thread *thread);
DOCA_EXPERIMENTAL doca_error_t doca_dpa_thread_get_id(struct doca_dpa_thread *thread, uint32_t *id);

DOCA_EXPERIMENTAL doca_error_t doca_dpa_eu_affinity_create(struct doca_dpa *dpa,
                                                           struct doca_dpa_eu_affinity **affinity);
DOCA_EXPERIMENTAL doca_error_t doca_dpa_eu_affinity_set(struct doca_dpa_eu_affinity *affinity,
                                                        unsigned int eu_id);
DOCA_EXPERIMENTAL doca_error_t doca_dpa_eu_affinity_get(struct doca_dpa_eu_affinity *affinity,
                                                        unsigned int *eu_id);
DOCA_EXPERIMENTAL doca_error_t doca_dpa_eu_affinity_clear(struct doca_dpa_eu_affinity *affinity);
DOCA_EXPERIMENTAL doca_error_t doca_dpa_eu_affinity_destroy(struct doca_dpa_eu_affinity *affinity);

/* Thread groups: rank r of the group sees doca_dpa_dev_thread_rank() == r. */
DOCA_EXPERIMENTAL doca_error_t doca_dpa_thread_group_create(struct doca_dpa *dpa,
                                                            unsigned int num_threads,
                                                            struct doca_dpa_tg **tg);
DOCA_EXPERIMENTAL doca_error_t doca_dpa_thread_group_set_thread(struct doca_dpa_tg *tg,
                                                                struct doca_dpa_thread *thread,
                                                                unsigned int rank);
DOCA_EXPERIMENTAL doca_error_t doca_dpa_thread_group_get_num_threads(struct doca_dpa_tg *tg,
                                                                     unsigned int *num_threads);
DOCA_EXPERIMENTAL doca_error_t doca_dpa_thread_group_start(struct doca_dpa_tg *tg);
DOCA_EXPERIMENTAL doca_error_t doca_dpa_thread_group_stop(struct doca_dpa_tg *tg);
DOCA_EXPERIMENTAL doca_error_t doca_dpa_thread_group_destroy(struct doca_dpa_tg *tg);

/* ---- completions and notifications ---- */

DOCA_EXPERIMENTAL doca_error_t doca_dpa_completion_create(struct doca_dpa *dpa,
                                                          unsigned int queue_size,
                                                          struct doca_dpa_completion **comp);
/* Attach the thread the completion activates. Before completion start. */
DOCA_EXPERIMENTAL doca_error_t doca_dpa_completion_set_thread(struct doca_dpa_completion *comp,
                                                              struct doca_dpa_thread *thread);
DOCA_EXPERIMENTAL doca_error_t doca_dpa_completion_get_thread(struct doca_dpa_completion *comp,
                                                              struct doca_dpa_thread **thread);
DOCA_EXPERIMENTAL doca_error_t doca_dpa_completion_get_queue_size(struct doca_dpa_completion *comp,
                                                                  unsigned int *queue_size);
DOCA_EXPERIMENTAL doca_error_t doca_dpa_completion_start(struct doca_dpa_completion *comp);
DOCA_EXPERIMENTAL doca_error_t doca_dpa_completion_stop(struct doca_dpa_completion *comp);
DOCA_EXPERIMENTAL doca_error_t doca_dpa_completion_destroy(struct doca_dpa_completion *comp);
DOCA_EXPERIMENTAL doca_error_t doca_dpa_completion_get_dpa_handle(
        struct doca_dpa_completion *comp, doca_dpa_dev_completion_t *handle);

/* A notification completion activates 'thread' when a kernel calls
 * doca_dpa_dev_thread_notify() on its handle. */
DOCA_EXPERIMENTAL doca_error_t
doca_dpa_notification_completion_create(struct doca_dpa *dpa, struct doca_dpa_thread *thread,
                                        struct doca_dpa_notification_completion **notify_comp);
DOCA_EXPERIMENTAL doca_error_t
doca_dpa_notification_completion_start(struct doca_dpa_notification_completion *notify_comp);
DOCA_EXPERIMENTAL doca_error_t
doca_dpa_notification_completion_stop(struct doca_dpa_notification_completion *notify_comp);
DOCA_EXPERIMENTAL doca_error_t
doca_dpa_notification_completion_destroy(struct doca_dpa_notification_completion *notify_comp);
DOCA_EXPERIMENTAL doca_error_t doca_dpa_notification_completion_get_thread(
        struct doca_dpa_notification_completion *notify_comp, struct doca_dpa_thread **thread);
DOCA_EXPERIMENTAL doca_error_t doca_dpa_notification_completion_get_dpa_handle(
        struct doca_dpa_notification_completion *notify_comp,
        doca_dpa_dev_notification_completion_t *handle);

/* Async ops: device-posted memcpy / sync-event waits that report on a completion. */
DOCA_EXPERIMENTAL doca_error_t doca_dpa_async_ops_create(struct doca_dpa *dpa,
                                                         unsigned int queue_size,
                                                         uint64_t user_data,
                                                         struct doca_dpa_async_ops **async_ops);
/* Before async ops start. */
DOCA_EXPERIMENTAL doca_error_t doca_dpa_async_ops_attach(struct doca_dpa_async_ops *async_ops,
                                                         struct doca_dpa_completion *comp);
DOCA_EXPERIMENTAL doca_error_t doca_dpa_async_ops_start(struct doca_dpa_async_ops *async_ops);
DOCA_EXPERIMENTAL doca_error_t doca_dpa_async_ops_stop(struct doca_dpa_async_ops *async_ops);
DOCA_EXPERIMENTAL doca_error_t doca_dpa_async_ops_destroy(struct doca_dpa_async_ops *async_ops);
DOCA_EXPERIMENTAL doca_error_t doca_dpa_async_ops_get_dpa_handle(
        struct doca_dpa_async_ops *async_ops, doca_dpa_dev_async_ops_t *handle);

#ifdef __cplusplus
}
#endif

#endif /* DOCA_DPA_H_ */
