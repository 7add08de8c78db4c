/* SPDX-License-Identifier: BSD-3-Clause
 * DPA kernels that fault, each in its own way (tests/faults/test_faults.c): on the DPA a
 * faulting kernel takes its context into the error state; under softdpa it must not take
 * the host process down. Addresses come from the host, so the compiler cannot see the
 * fault coming (and turn it into something else).
 */
#include <doca_dpa_dev.h>
#include <doca_dpa_dev_buf.h>
#include <doca_dpa_dev_sync_event.h>

static volatile uint64_t sink;

/* A load through 'addr' (0: a NULL dereference); never returns. */
__dpa_global__ void launch_load(uint64_t addr, doca_dpa_dev_sync_event_t done)
{
	sink = *(volatile uint64_t *)addr;
	doca_dpa_dev_sync_event_update_add(done, 1);
}

/* A store through 'addr' (a wild pointer). */
__dpa_global__ void launch_store(uint64_t addr, doca_dpa_dev_sync_event_t done)
{
	*(volatile uint64_t *)addr = 0x5a5a;
	doca_dpa_dev_sync_event_update_add(done, 1);
}

/* __builtin_trap(), unless 'really' is 0. */
__dpa_global__ void launch_trap(uint64_t really, doca_dpa_dev_sync_event_t done)
{
	if (really)
		__builtin_trap();
	doca_dpa_dev_sync_event_update_add(done, 1);
}

/* Unbounded recursion with 4 KiB frames: a stack overflow. */
__attribute__((noinline)) static uint64_t deep(uint64_t n)
{
	volatile unsigned char frame[4096];

	frame[0] = (unsigned char)n;
	frame[sizeof(frame) - 1] = (unsigned char)n;
	return deep(n + 1) + frame[n % sizeof(frame)];
}

__dpa_global__ void launch_overflow(uint64_t start, doca_dpa_dev_sync_event_t done)
{
	sink = deep(start);
	doca_dpa_dev_sync_event_update_add(done, 1);
}

/* An integer division by 'divisor' (0 traps on x86-64). */
__dpa_global__ void launch_divide(uint64_t divisor, doca_dpa_dev_sync_event_t done)
{
	volatile uint64_t d = divisor;

	sink = 1000 / d;
	doca_dpa_dev_sync_event_update_add(done, 1);
}

/* memcpy from a bad address: the fault is in libc's memcpy, called by the kernel. */
__dpa_global__ void launch_memcpy(uint64_t from, uint64_t len, doca_dpa_dev_sync_event_t done)
{
	unsigned char buf[256];

	memcpy(buf, (const void *)from, len < sizeof(buf) ? len : sizeof(buf));
	sink = buf[0];
	doca_dpa_dev_sync_event_update_add(done, 1);
}

/* Stores 'n' bytes at 'heap' (a DPA heap block); past its end when n > its size. */
__dpa_global__ void launch_heap_fill(uint64_t heap, uint64_t n, doca_dpa_dev_sync_event_t done)
{
	volatile unsigned char *p = (volatile unsigned char *)heap;

	for (uint64_t i = 0; i < n; i++)
		p[i] = 0x11;
	doca_dpa_dev_sync_event_update_add(done, 1);
}

/* Touches a window (a lazy page fill by the window's SIGSEGV handler), then loads
 * through 'bad': the window keeps working, the second fault is the kernel's. */
__dpa_global__ void launch_window_then_load(doca_dpa_dev_mmap_t m, uint64_t addr, uint64_t bad,
                                            doca_dpa_dev_sync_event_t done)
{
	uint64_t *p = (uint64_t *)doca_dpa_dev_mmap_get_external_ptr(m, addr);

	__dpa_thread_window_read_inv();
	sink = p[0];
	sink = *(volatile uint64_t *)bad;
	doca_dpa_dev_sync_event_update_add(done, 1);
}

/* A DPA thread loading through its argument. */
__dpa_global__ void thread_load(uint64_t addr)
{
	sink = *(volatile uint64_t *)addr;
	doca_dpa_dev_thread_finish();
}

/* An RPC loading through 'addr'; returns the value. */
__dpa_rpc__ uint64_t rpc_load(uint64_t addr)
{
	return *(volatile uint64_t *)addr;
}

__dpa_rpc__ uint64_t rpc_notify(doca_dpa_dev_notification_completion_t nc)
{
	doca_dpa_dev_thread_notify(nc);
	return 0;
}

/* A healthy RPC: x + 1. */
__dpa_rpc__ uint64_t rpc_alive(uint64_t x)
{
	return x + 1;
}

/* A DPA thread that counts its activations on the event 'done' and reschedules. */
__dpa_global__ void thread_count(uint64_t done)
{
	doca_dpa_dev_sync_event_update_add((doca_dpa_dev_sync_event_t)done, 1);
	doca_dpa_dev_thread_reschedule();
}

/* Says it runs, then spins forever without a device call: only an interrupt stops it. */
__dpa_global__ void launch_spin(uint64_t start, doca_dpa_dev_sync_event_t running)
{
	doca_dpa_dev_sync_event_update_add(running, 1);
	for (uint64_t i = start;; i++)
		sink = i;
}

/* Reads buffer 1 of a buf array through its handle: 1 when its address is 'expect', 2 when
 * not (test_lifecycle: the array is stopped while this launch waits to run). */
__dpa_global__ void launch_buf_check(doca_dpa_dev_buf_arr_t arr, uint64_t expect,
                                     doca_dpa_dev_sync_event_t done)
{
	uintptr_t a = doca_dpa_dev_buf_get_addr(doca_dpa_dev_buf_array_get_buf(arr, 1));

	doca_dpa_dev_sync_event_update_add(done, a == expect ? 1 : 2);
}
