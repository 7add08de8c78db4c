/* SPDX-License-Identifier: BSD-3-Clause
 * The emulated DPA: internal layout shared by the src/dpa files (docs/DPA.md).
 *
 * Threading model. Each started root context owns 'nr_eus' EU pthreads, a launcher
 * thread (runs launches in submission order, gates them on their wait event, publishes
 * their completion event) and a watchdog thread. Everything the scheduler shares
 * (launch FIFO, ready queue of DPA threads, thread states) is guarded by dpa->lock;
 * values device code polls (sync events, lost/fatal flags) are atomics.
 */
#ifndef SDPA_DPA_DPA_H
#define SDPA_DPA_DPA_H

#include <pthread.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include <doca_buf_array.h>
#include <doca_dpa.h>
#include <doca_mmap.h>
#include <doca_sync_event.h>
#include <dev/doca_dpa_dev_buf.h>

#include "core/atomics.h"
#include "dpa/fault.h"
#include "dpa/report.h"

struct doca_dev;

/* ---- the application descriptor softdpa-dpacc emits (host side, ABI 1) ---- */

enum {
	SDPA_APP_MAGIC = 0x53445041, /* "SDPA" */
	SDPA_IMAGE_ABI = 1,          /* the image's kernel table */
	SDPA_APP_ABI = 2,            /* the host descriptor; 2 adds the attributes (1 accepted) */
};

enum sdpa_kernel_kind {
	SDPA_KERNEL_GLOBAL = 0, /* __dpa_global__: launched, or a DPA thread entry */
	SDPA_KERNEL_RPC = 1,    /* __dpa_rpc__ */
};

struct sdpa_app_kernel {
	const char *name;
	void (*stub)(void); /* host stub: its address identifies the kernel */
	unsigned int kind;
};

/* Must match gen_host() in tools/dpacc/softdpa-dpacc. The attributes (ABI 2 only) are the
 * --dpa-proc-attr blob, validated at build time (tools/dpacc/dpa-app-attributes2blob). */
struct doca_dpa_app {
	uint32_t magic;
	uint32_t abi;
	const char *name;
	const unsigned char *image;
	unsigned long image_size;
	const struct sdpa_app_kernel *kernels;
	unsigned int nkernels;
	const unsigned char *attrs; /* NULL: built without --dpa-proc-attr */
	unsigned int attrs_size;
};

/* Application attribute features (bit numbers of the blob's feature bits). */
enum { SDPA_ATTR_GENERATING_EMPTY_CQE = 0 };

/* True when the app's attribute blob requests feature 'bit' (false without a blob). */
bool sdpa_app_has_attr(const struct doca_dpa_app *app, unsigned int bit);

/* Device-image kernel table entry; must match gen_table() in softdpa-dpacc. */
struct sdpa_image_kdesc {
	const char *name;
	unsigned int kind;
	unsigned long (*argsize)(void);
	void (*marshal)(void *vap, void *blk);
	unsigned long long (*invoke)(const void *blk);
};

/* A kernel of a loaded image: host identity joined with device entry points. */
struct sdpa_kernel {
	const char *name;
	void (*stub)(void);
	unsigned int kind;
	size_t argsize;
	void (*marshal)(void *vap, void *blk);
	unsigned long long (*invoke)(const void *blk);
	sdpa_atomic_u32 reported; /* enum sdpa_report: diagnostics already logged */
	/* Average ns per launch rank of this kernel so far (0 = not run yet): sched.c wakes
	 * another EU for a launch only when the ranks left are worth it. Relaxed: a hint. */
	sdpa_atomic_u64 rank_ns;
	/* Launches of this kernel left that spread over every EU at once: set when one of its
	 * launches stalled under the fast mode's cap (its ranks wait for each other), so the
	 * next launches do not wait for the stall again. Relaxed: a hint. */
	sdpa_atomic_u32 spread_launches;
};

struct sdpa_image {
	int memfd;
	void *handle;
	struct sdpa_kernel *kernels;
	unsigned int nkernels;
};

/* Load the app's image (memfd + dlopen RTLD_LOCAL). DRIVER / NO_MEMORY / INVALID_VALUE,
 * logged. */
doca_error_t sdpa_image_load(const struct doca_dpa_app *app, struct sdpa_image *img);
/* dlclose and free; 'keep_code' leaves the code mapped (an EU may still run in it). */
void sdpa_image_unload(struct sdpa_image *img, bool keep_code);
/* The kernel whose host stub is 'func', or NULL. */
const struct sdpa_kernel *sdpa_image_kernel(const struct sdpa_image *img, doca_dpa_func_t *func);
/* Argument block for 'k' filled from 'ap' (malloc'd, 64-byte aligned), or NULL. */
void *sdpa_kernel_marshal(const struct sdpa_kernel *k, va_list *ap);
/* The same into buf (64-byte aligned) when the arguments fit in size bytes, else allocated:
 * the result is buf or must be freed. */
void *sdpa_kernel_marshal_into(const struct sdpa_kernel *k, va_list *ap, void *buf, size_t size);

/* ---- execution contexts ---- */

enum sdpa_exec_kind {
	SDPA_EXEC_LAUNCH, /* one rank of doca_dpa_kernel_launch_update_* */
	SDPA_EXEC_THREAD, /* an activation of a doca_dpa_thread */
	SDPA_EXEC_RPC,    /* doca_dpa_rpc, run in the caller's thread */
};

/* How an execution ended (longjmp codes are these values). */
enum sdpa_exec_end {
	SDPA_END_RETURN = 0,
	SDPA_END_RESCHEDULE = 1,
	SDPA_END_FINISH = 2,
	SDPA_END_ABORT = 3, /* watchdog: the EU was declared lost */
	SDPA_END_FAULT = 4, /* a device fault: a call softdpa does not emulate, or a kernel
	                     * fault the signal handler contained (fault.sig != 0, fault.h) */
};

struct sdpa_eu;

struct sdpa_exec {
	enum sdpa_exec_kind kind;
	struct doca_dpa *dpa; /* root context */
	const struct sdpa_kernel *kernel;
	unsigned int rank;
	unsigned int nthreads;
	struct doca_dpa_thread *thread; /* SDPA_EXEC_THREAD */
	struct sdpa_eu *eu;             /* NULL for RPC */
	jmp_buf *jb;                    /* non-returning calls land here */
	uint64_t device;                /* doca_dpa_dev_device_set() selection */
	struct sdpa_fault_rec fault;    /* a contained kernel fault (fault.h) */
};

/* What the calling host thread is executing as device code, or NULL. */
struct sdpa_exec *sdpa_exec_current(void);
void sdpa_exec_set_current(struct sdpa_exec *ex);
/* Name of the exec for messages: "kernel 'k' rank 3", "DPA thread 2 (kernel 't')". */
void sdpa_exec_describe(const struct sdpa_exec *ex, char *buf, size_t size);
/* True the first time 'bit' is reported for the kernel of 'ex', and when 'ex' is NULL or
 * runs no kernel (host code). Async-signal-safe (one atomic or). */
bool sdpa_kernel_report_once(const struct sdpa_exec *ex, enum sdpa_report bit);
/* Called at the top of every device API call: unwinds a lost EU (watchdog). */
void sdpa_exec_checkpoint(void);
/* A device call softdpa does not emulate ('call', with 'what' saying what is not emulated)
 * ends the current execution with a device fault: one log line, the context becomes fatal,
 * and the execution unwinds (SDPA_END_FAULT). Returns only when host code made the call. */
void sdpa_exec_fault(const char *call, const char *what);
/* A device call with an argument the DPA cannot use (a handle of nothing, say): the same end
 * as sdpa_exec_fault, the line naming 'what_and_fix' instead of "not emulated". */
void sdpa_exec_misuse(const char *call, const char *what_and_fix);

struct sdpa_eu {
	unsigned int id;
	struct doca_dpa *dpa;
	pthread_t tid;
	bool tid_valid;
	sdpa_atomic_u64 task_start_ns; /* 0 when idle */
	sdpa_atomic_int lost;          /* set by the watchdog */
	sdpa_atomic_int exited;
	sdpa_atomic_int orphaned; /* stop gave up on it: touch nothing shared */
	sdpa_atomic_int kick;     /* stop asks its kernel to unwind (sdpa_fault_kick) */
	uint64_t inst_ret;
	jmp_buf jb;
	struct sdpa_exec exec;
	/* Under dpa->lock: an idle EU sleeps on its own condition until a waker takes it off
	 * dpa->idle (idle = false) and signals it, so a launch wakes only the EUs it needs. */
	pthread_cond_t cond;
	bool idle;
	unsigned int rank_end; /* ranks exec.rank..rank_end-1 of a launch are this EU's */
	/* The EU's own: check the fault handlers before the next execution. */
	bool check_handlers;
	uint64_t next_handler_check;
};

/* Arguments of up to this many bytes live in the launch object (no allocation). */
enum { SDPA_LAUNCH_INLINE_ARGS = 256 };

struct sdpa_launch {
	struct sdpa_launch *next;
	const struct sdpa_kernel *kernel;
	void *args;
	unsigned int nthreads;
	unsigned int next_rank; /* under dpa->lock */
	unsigned int done;      /* under dpa->lock */
	bool active;            /* wait event passed; ranks may be taken */
	bool spread;            /* its ranks waited: past dpa->spread_cap; under dpa->lock */
	uint64_t moved_ns;      /* capped: a range was last taken or ended; under dpa->lock */
	struct doca_sync_event *wait_ev;
	uint64_t wait_threshold;
	struct doca_sync_event *comp_ev;
	uint64_t comp_count;
	bool comp_add;
	uint64_t seq;
	_Alignas(64) unsigned char args_inline[SDPA_LAUNCH_INLINE_ARGS]; /* args when they fit */
};

/* ---- heap ---- */

struct sdpa_heap_block {
	struct sdpa_heap_block *next; /* sorted by offset */
	size_t off;                   /* the block the user sees */
	size_t size;
	size_t span_off, span_len; /* what it occupies (strict: pad, block, slack, guard page) */
};

struct sdpa_heap {
	pthread_mutex_t lock;
	uint8_t *base;
	size_t size;
	struct sdpa_heap_block *blocks;
	size_t used;
	bool guarded; /* strict: each block ends at an inaccessible guard page (red zones) */
};

enum { SDPA_HEAP_POISON = 0xA5, SDPA_HEAP_REDZONE = 0xFB };

/* 'guarded' (strict mode): red zones around every block (docs/DPA.md, "DPA heap"). */
doca_error_t sdpa_heap_init(struct sdpa_heap *h, size_t size, bool guarded);
/* When 'addr' lies in the red zone of a live block: describe the overrun ("DPA heap
 * overrun: a store 4 bytes past the end of block 0x... of 100 bytes") and return true. */
bool sdpa_heap_describe_guard(struct sdpa_heap *h, uintptr_t addr, bool write, char *buf,
                              size_t size);
void sdpa_heap_fini(struct sdpa_heap *h, bool keep_mapping);
/* True when [addr, addr+len) lies inside one live allocation. */
bool sdpa_heap_range_ok(struct sdpa_heap *h, uint64_t addr, size_t len);

/* ---- contexts ---- */

enum { SDPA_DPA_MAGIC = 0x44504143, SDPA_PROCESS_MAGIC = 0x464c5850 };

/* D7: the FlexIO process of a started context. */
struct flexio_process {
	uint32_t magic;
	struct doca_dpa *dpa;
};

/* Device-visible memory of an object stopped while kernels may still hold its handle
 * (doca_buf_arr_stop): kept, not freed, until the context is destroyed. */
struct sdpa_parked {
	struct sdpa_parked *next;
	void *mem[2];
};

struct doca_dpa {
	uint32_t magic;
	uint32_t id;
	struct doca_dev *dev;
	struct doca_dpa *base; /* extended context: its base; NULL for a root */
	bool started;
	struct doca_dpa_app *app;
	doca_dpa_dev_log_level_t log_level;
	char *log_path;
	char *trace_path;
	FILE *log_fp; /* NULL = stdout */
	pthread_mutex_t log_lock;
	struct flexio_process process;

	/* Users that block stop/destroy. */
	sdpa_atomic_u32 nr_extended;
	sdpa_atomic_u32 nr_threads;
	sdpa_atomic_u32 nr_completions;
	sdpa_atomic_u32 nr_async_ops;
	sdpa_atomic_u32 nr_tgs;
	sdpa_atomic_u32 nr_refs;     /* mmaps, buf arrays, sync events, hash tables */
	sdpa_atomic_u32 nr_provider; /* DOCA Flow DPA provider contexts bound to the process */

	/* Root contexts only. */
	struct sdpa_image image;
	struct sdpa_heap heap;
	pthread_mutex_t lock;
	pthread_cond_t launcher_cond; /* launcher waits for launches / their end */
	struct sdpa_launch *lhead, *ltail;
	bool publishing; /* a retired launch's completion is being published: hold the next */
	struct doca_dpa_thread *rq_head, *rq_tail;
	struct sdpa_parked *parked; /* lock: memory kernels may still read (sdpa_dpa_park) */
	bool shutdown;
	bool take_thread_first; /* alternates ranks and thread activations */
	unsigned int nr_eus;
	/* Busy EUs past which a launch wakes no other for its ranks (they wait for a busy
	 * one): the host's CPUs in the fast fidelity mode, every EU otherwise (sched.c). */
	unsigned int spread_cap;
	uint64_t eu_wakes; /* idle EUs taken for work (sdpa_sched_eu_wakes); under lock */
	uint64_t stalls;   /* launches spread by the stall rule (sdpa_sched_stalls); under lock */
	struct sdpa_eu *eus;
	unsigned int *idle; /* ids of the EUs waiting for work (a stack) */
	unsigned int nr_idle;
	struct sdpa_launch *lpool; /* retired launch objects, reused by the next launches */
	pthread_t launcher;
	pthread_t watchdog;
	bool threads_up;
	uint64_t launch_seq;
	uint32_t next_thread_id;
	sdpa_atomic_int fatal;         /* doca_error_t of the device-side error, 0 = none */
	sdpa_atomic_int stopping;      /* stops the watchdog */
	sdpa_atomic_int launcher_quit; /* stop or fatal: wakes the launcher out of event waits */
	char fatal_msg[256];
};

/* The root (base) context of an extended one, or itself. */
static inline struct doca_dpa *sdpa_dpa_root(struct doca_dpa *dpa)
{
	return dpa->base ? dpa->base : dpa;
}

/* True for a live context pointer (checks the magic). */
bool sdpa_dpa_valid(const struct doca_dpa *dpa);

/* D7, for the provider layer: the started context behind a process, or NULL. */
struct doca_dpa *sdpa_flexio_process_dpa(struct flexio_process *process);
/* A provider context binds to (hold) and lets go of (release) a context: while bound,
 * doca_dpa_destroy answers IN_USE, so no provider call ever meets a destroyed context. */
void sdpa_dpa_provider_hold(struct doca_dpa *dpa);
void sdpa_dpa_provider_release(struct doca_dpa *dpa);

/* The emulated kernel max run time (P15). Default 120 s; tests lower it. Applies to
 * contexts started afterwards and to the running watchdogs. */
void sdpa_dpa_set_kernel_max_run_time_ms(uint64_t ms);
uint64_t sdpa_dpa_get_kernel_max_run_time_ms(void);

/* Called by softdpa-dpacc host stubs when host code calls one directly. */
DOCA_EXPERIMENTAL void priv_doca_dpa_stub_called(const char *app, const char *kernel);

/* ---- scheduler (sched.c) ---- */

doca_error_t sdpa_sched_start(struct doca_dpa *dpa);
/* Stops and joins; returns true when every EU came back (the image may be unloaded). */
bool sdpa_sched_stop(struct doca_dpa *dpa);
/* Thread t was queued to run: wake an idle EU that may take it (its affine EU, if it has
 * one). Must hold root->lock. */
void sdpa_sched_wake_thread_locked(struct doca_dpa *root, const struct doca_dpa_thread *t);
/* True when device code of the root context 'dpa' may be holding a handle now or later: a
 * launch queued or running, a thread activation queued or running, or DPA threads alive. */
bool sdpa_sched_may_hold_handles(struct doca_dpa *dpa);

/* How many times an idle EU of 'dpa' was woken for work since it started. */
uint64_t sdpa_sched_eu_wakes(struct doca_dpa *dpa);
/* How many launches of 'dpa' stalled under the fast mode's cap and were spread over every
 * EU since it was created. */
uint64_t sdpa_sched_stalls(struct doca_dpa *dpa);
/* Keep mem[0..1] (either may be NULL) until 'dpa' (its root) is destroyed, instead of
 * freeing them now: device code may still read them. */
void sdpa_dpa_park(struct doca_dpa *dpa, void *mem0, void *mem1);
/* Queue a launch (takes ownership of l). BAD_STATE when fatal. */
doca_error_t sdpa_sched_submit(struct doca_dpa *dpa, struct sdpa_launch *l);
/* Device-side error: the context becomes fatal (logged once by the caller). */
void sdpa_dpa_set_fatal(struct doca_dpa *dpa, doca_error_t err, const char *msg);
/* The context just became fatal: its queued launches drop their sync-event references
 * (they will never run nor complete). Must hold dpa->lock. */
void sdpa_sched_release_events_locked(struct doca_dpa *dpa);

/* ---- DPA threads and completions (thread.c) ---- */

enum sdpa_thread_state {
	SDPA_THREAD_CREATED,
	SDPA_THREAD_STARTED,
	SDPA_THREAD_RUNNABLE,
	SDPA_THREAD_FINISHED,
};

enum {
	SDPA_THREAD_MAGIC = 0x54485244,
	SDPA_COMP_MAGIC = 0x434f4d50,
	SDPA_NOTIF_MAGIC = 0x4e4f5446,
	SDPA_AOPS_MAGIC = 0x414f5053,
	SDPA_TG_MAGIC = 0x54475250,
	SDPA_AFF_MAGIC = 0x41464650,
	SDPA_HT_MAGIC = 0x48544142
};

struct doca_dpa_thread {
	uint32_t magic;
	uint32_t id;
	struct doca_dpa *dpa; /* the context it was created on */
	doca_dpa_func_t *func;
	uint64_t arg;
	const struct sdpa_kernel *kernel;
	void *args; /* marshalled 'arg', built at thread start */
	doca_dpa_dev_uintptr_t local_storage;
	int affinity; /* EU id, -1 = relaxed */
	/* Under root->lock: */
	enum sdpa_thread_state state;
	unsigned int attached; /* completions + notification completions attached to it */
	bool queued;
	bool running;
	struct sdpa_eu *run_eu; /* the EU running it, while 'running' */
	bool pending;
	bool rescheduled; /* last activation ended in reschedule */
	struct doca_dpa_thread *rq_next;
	struct doca_dpa_tg *tg;
	unsigned int tg_rank;
	uint64_t activations;
};

struct doca_dpa_eu_affinity {
	uint32_t magic;
	struct doca_dpa *dpa;
	int eu_id; /* -1 = cleared */
};

struct doca_dpa_tg {
	uint32_t magic;
	struct doca_dpa *dpa;
	unsigned int num_threads;
	struct doca_dpa_thread **threads;
	bool started;
};

struct sdpa_comp_elem {
	uint32_t type;
	uint32_t user_data;
	uint32_t immediate;
	uint32_t wr_index; /* RDMA: the work request's index
	                      (doca_dpa_dev_rdma_completion_get_wr_index) */
};

struct doca_dpa_completion {
	uint32_t magic;
	struct doca_dpa *dpa;
	unsigned int queue_size;
	struct doca_dpa_thread *thread;
	bool started;
	pthread_mutex_t lock;
	struct sdpa_comp_elem *ring;
	uint64_t prod; /* under lock */
	uint64_t read; /* elements handed out by get_completion */
	uint64_t cons; /* acknowledged */
	bool armed;
	uint64_t overflows;
	unsigned int nr_async_ops; /* async ops attached (under lock): destroy waits for none */
};

struct doca_dpa_notification_completion {
	uint32_t magic;
	struct doca_dpa *dpa;
	struct doca_dpa_thread *thread;
	bool started;
};

struct doca_dpa_async_ops {
	uint32_t magic;
	struct doca_dpa *dpa;
	unsigned int queue_size;
	uint64_t user_data;
	struct doca_dpa_completion *comp;
	bool started;
};

/* Activate a DPA thread (completion or notification). Safe from any thread. */
void sdpa_thread_activate(struct doca_dpa_thread *t);
/* Post an element; activates the attached thread when armed. False when full (logged). */
bool sdpa_completion_post(struct doca_dpa_completion *c, uint32_t type, uint32_t user_data);
/* The same with an immediate value and a work request index (RDMA completions). */
bool sdpa_completion_post_elem(struct doca_dpa_completion *c, uint32_t type, uint32_t user_data,
                               uint32_t immediate, uint32_t wr_index);
/* True when 'c' is a live DPA completion. */
bool sdpa_completion_valid(const struct doca_dpa_completion *c);
/* Register the DPA layer's hooks with the RDMA layer (rdma_dev.c); idempotent. */
void sdpa_dpa_rdma_hooks(void);
/* The EU finished an activation of 't' in way 'how'. Takes root->lock. */
void sdpa_thread_activation_done(struct doca_dpa_thread *t, enum sdpa_exec_end how);

/* ---- sync events (sync_event.c) ---- */

enum { SDPA_SE_MAGIC = 0x53594e45 };

struct sdpa_se_pending; /* a device post_wait_* waiting for the event */

struct doca_sync_event {
	uint32_t magic;
	sdpa_atomic_u64 value;
	sdpa_atomic_u32 seq;     /* bumped on every update: futex word */
	sdpa_atomic_u32 waiters; /* sleepers on seq */
	sdpa_atomic_u32 users;   /* launches that still reference the event */
	sdpa_atomic_u32 busy;    /* updates in progress */
	bool started;
	bool pub_cpu, pub_dpa, sub_cpu, sub_dpa;
	bool pub_remote;        /* doca_sync_event_add_publisher_location_remote_net */
	uint8_t *remote_export; /* doca_sync_event_export_to_remote_net's bytes */
	struct doca_dpa *dpa_loc[4];
	unsigned int nr_dpa_loc;
	bool warned_no_dpa;
	pthread_mutex_t lock; /* pending list */
	struct sdpa_se_pending *pending;
	sdpa_atomic_u32 nr_pending;
};

bool sdpa_se_valid(const struct doca_sync_event *ev);
/* True when 'dpa' (or its root) is a DPA location of the event. */
bool sdpa_se_has_dpa(const struct doca_sync_event *ev, const struct doca_dpa *dpa);
void sdpa_se_store(struct doca_sync_event *ev, uint64_t v);
uint64_t sdpa_se_add(struct doca_sync_event *ev, uint64_t v);
/* The exported id of a remote-net event behind a device handle
 * (doca_sync_event_remote_net_get_dpa_handle), or 0 when the handle names none. */
uint64_t sdpa_se_remote_id(uint64_t dev_handle);
/* The RDMA layer's signal hook: set or add to the event whose exported id is 'id'. */
bool sdpa_se_remote_signal(uint64_t id, bool add, uint64_t value);
/* Wait until pred holds; gives up (false) when *stop becomes non-zero. */
enum sdpa_se_cmp { SDPA_SE_GT, SDPA_SE_EQ, SDPA_SE_NE, SDPA_SE_GE };
bool sdpa_se_wait(struct doca_sync_event *ev, enum sdpa_se_cmp cmp, uint64_t v, uint64_t mask,
                  sdpa_atomic_int *stop, bool yield);
/* Device post_wait: complete on 'ops' once the predicate holds. */
void sdpa_se_post_wait(struct doca_sync_event *ev, enum sdpa_se_cmp cmp, uint64_t v,
                       struct doca_dpa_async_ops *ops);

/* ---- mmaps (mmap.c) ---- */

enum { SDPA_MMAP_MAGIC = 0x4d4d4150, SDPA_BUFARR_MAGIC = 0x42554641, SDPA_MAX_MMAPS = 4096 };

struct sdpa_mmap_export; /* one doca_mmap_export_pci/_rdma descriptor (mmap.c) */

enum { SDPA_MMAP_MAX_DEVS = 8 }; /* devices one mmap holds */

struct doca_mmap {
	uint32_t magic;
	bool started;
	uint8_t *addr;
	size_t len;
	uint32_t permissions;
	struct doca_dev *devs[SDPA_MMAP_MAX_DEVS];
	unsigned int nr_devs;
	unsigned int max_devs; /* doca_mmap_set_max_num_devices, capped at SDPA_MMAP_MAX_DEVS */
	bool ever_started;     /* the maximum is fixed from the first start */
	struct doca_dpa *dpa;  /* DPA memrange */
	uint32_t handle;       /* doca_dpa_dev_mmap_t, 0 = none */
	sdpa_atomic_u32 users;
	struct sdpa_mmap_export *exports; /* descriptors handed out; freed at stop */
	/* doca_mmap_create_from_export of an RDMA descriptor: no local memory (addr NULL);
	 * the peer's handle (the rkey RDMA posts carry) and range. */
	bool remote;
	uint32_t remote_handle;
	uint64_t remote_addr;
	uint64_t remote_len;
	union doca_data user_data;
};

/* A started mmap by device handle, or NULL. */
struct doca_mmap *sdpa_mmap_lookup(doca_dpa_dev_mmap_t handle);
/* The rkey an RDMA request carries for the mmap 'handle' names: the exporter's handle for an
 * mmap created from an RDMA export, else 'handle' itself (a peer in this process). */
uint32_t sdpa_mmap_rkey(uint32_t handle);
/* True when [addr, addr+len) lies inside the mmap. */
bool sdpa_mmap_contains(const struct doca_mmap *m, uint64_t addr, uint64_t len);

#endif
