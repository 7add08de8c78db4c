/* SPDX-License-Identifier: BSD-3-Clause
 * DPA kernels for the window pitfalls (P1-P5, D13; docs/WINDOWS.md), written the way
 * users write them — mistakes included.
 */
#include <doca_dpa_dev.h>
#include <doca_dpa_dev_buf.h>
#include <doca_dpa_dev_sync_event.h>

/* The forum case (P1): cache mmap A's pointer, switch to mmap B, read through the cached
 * A pointer. out[0] = B[0] (through B's pointer), out[1..2] = A[0..1] as seen through the
 * stale pointer. */
__dpa_global__ void forum_stale(doca_dpa_dev_mmap_t ma, uint64_t a_addr, doca_dpa_dev_mmap_t mb,
                                uint64_t b_addr, uint64_t *out)
{
	uint64_t *pa = (uint64_t *)doca_dpa_dev_mmap_get_external_ptr(ma, a_addr);
	uint64_t *pb = (uint64_t *)doca_dpa_dev_mmap_get_external_ptr(mb, b_addr);

	__dpa_thread_window_read_inv();
	out[0] = pb[0];
	out[1] = pa[0];
	out[2] = pa[1];
}

/* The fix: fetch the pointer again after the switch. */
__dpa_global__ void forum_refetch(doca_dpa_dev_mmap_t ma, uint64_t a_addr, doca_dpa_dev_mmap_t mb,
                                  uint64_t b_addr, uint64_t *out)
{
	uint64_t *pa = (uint64_t *)doca_dpa_dev_mmap_get_external_ptr(ma, a_addr);
	uint64_t *pb = (uint64_t *)doca_dpa_dev_mmap_get_external_ptr(mb, b_addr);

	__dpa_thread_window_read_inv();
	out[0] = pb[0];
	pa = (uint64_t *)doca_dpa_dev_mmap_get_external_ptr(ma, a_addr);
	out[1] = pa[0];
	out[2] = pa[1];
}

/* One region, many accesses, one pointer: sums n words (wrapping at 512), then stores
 * the sum at word 'at' and writes it back. out[0] = the sum. */
__dpa_global__ void window_repeat(doca_dpa_dev_mmap_t m, uint64_t addr, uint32_t n, uint32_t at,
                                  uint64_t *out)
{
	uint64_t *p = (uint64_t *)doca_dpa_dev_mmap_get_external_ptr(m, addr);
	uint64_t s = 0;

	__dpa_thread_window_read_inv();
	for (uint32_t i = 0; i < n; i++)
		s += p[i % 512];
	p[at] = s;
	__dpa_thread_window_writeback();
	out[0] = s;
}

/* P2 (and P4, P5, D13 with the right mmap or address): store v, write back if asked. */
__dpa_global__ void win_store(doca_dpa_dev_mmap_t m, uint64_t addr, uint64_t v, uint32_t wb)
{
	uint64_t *p = (uint64_t *)doca_dpa_dev_mmap_get_external_ptr(m, addr);

	*p = v;
	if (wb)
		__dpa_thread_window_writeback();
}

/* Store, then read the value back through the window: out[0] = what the kernel sees. */
__dpa_global__ void win_store_load(doca_dpa_dev_mmap_t m, uint64_t addr, uint64_t v, uint64_t *out)
{
	volatile uint64_t *p = (volatile uint64_t *)doca_dpa_dev_mmap_get_external_ptr(m, addr);

	*p = v;
	__dpa_thread_window_writeback();
	out[0] = *p;
}

/* P5 through a buffer of a buf array. */
__dpa_global__ void buf_store(doca_dpa_dev_buf_arr_t arr, uint64_t idx, uint64_t v)
{
	doca_dpa_dev_buf_t b = doca_dpa_dev_buf_array_get_buf(arr, idx);
	uint64_t *p = (uint64_t *)doca_dpa_dev_buf_get_external_ptr(b);

	*p = v;
	__dpa_thread_window_writeback();
}

/* P2, line granularity: store into word 0 of the page, let the host write other words
 * while the line is cached, then write back. */
__dpa_global__ void win_store_wait(doca_dpa_dev_mmap_t m, uint64_t addr,
                                   doca_dpa_dev_sync_event_t started,
                                   doca_dpa_dev_sync_event_t host_done, uint64_t v)
{
	uint64_t *p = (uint64_t *)doca_dpa_dev_mmap_get_external_ptr(m, addr);

	p[0] = v;
	doca_dpa_dev_sync_event_update_set(started, 1);
	doca_dpa_dev_sync_event_wait_gt(host_done, 0, UINT64_MAX);
	__dpa_thread_window_writeback();
}

/* P3: poll a host-written flag, at most n times; read_inv each time only if 'inv'.
 * out[0] = the last value read, out[1] = polls done before seeing it (n = never). */
__dpa_global__ void win_poll(doca_dpa_dev_mmap_t m, uint64_t addr,
                             doca_dpa_dev_sync_event_t started, doca_dpa_dev_sync_event_t host_done,
                             uint32_t inv, uint32_t n, uint64_t *out)
{
	volatile uint64_t *flag = (volatile uint64_t *)doca_dpa_dev_mmap_get_external_ptr(m, addr);
	uint64_t v;
	uint32_t i;

	__dpa_thread_window_read_inv();
	v = flag[0];
	doca_dpa_dev_sync_event_update_set(started, 1);
	doca_dpa_dev_sync_event_wait_gt(host_done, 0, UINT64_MAX);
	for (i = 0; i < n; i++) {
		if (inv)
			__dpa_thread_window_read_inv();
		v = flag[0];
		if (v != 0)
			break;
	}
	out[0] = v;
	out[1] = i;
}

/* P2 variant: read_inv before writeback throws the stores away. */
__dpa_global__ void win_inv_before_wb(doca_dpa_dev_mmap_t m, uint64_t addr, uint64_t v)
{
	uint64_t *p = (uint64_t *)doca_dpa_dev_mmap_get_external_ptr(m, addr);

	*p = v;
	__dpa_thread_window_read_inv();
	__dpa_thread_window_writeback();
}

/* A window pointer kept in a static across launches. */
static uint64_t *kept;

__dpa_global__ void keep_ptr(doca_dpa_dev_mmap_t m, uint64_t addr, uint64_t *out)
{
	kept = (uint64_t *)doca_dpa_dev_mmap_get_external_ptr(m, addr);
	__dpa_thread_window_read_inv();
	out[0] = kept[0];
}

__dpa_global__ void use_kept(uint64_t *out)
{
	out[0] = kept[0];
}

/* A fault on the kernel's own window (one page past a 2-page mmap), then a signal to the
 * host while the kernel keeps its EU: the report must already be in the log. */
__dpa_global__ void win_outside_signal(doca_dpa_dev_mmap_t m, uint64_t addr, uint64_t *out,
                                       doca_dpa_dev_sync_event_t started,
                                       doca_dpa_dev_sync_event_t release)
{
	uint64_t *p = (uint64_t *)doca_dpa_dev_mmap_get_external_ptr(m, addr);

	out[0] = p[3 * 4096 / 8];
	doca_dpa_dev_sync_event_update_set(started, 1);
	doca_dpa_dev_sync_event_wait_gt(release, 0, UINT64_MAX);
}

/* A window pointer used on another EU: the launched kernel binds and publishes the
 * pointer without touching it, then holds its EU until the host says so; a DPA thread
 * (on another EU) reads through it. tls of the thread: [0] = where the pointer is,
 * [1] = result slot, [2] = event to signal. */
__dpa_global__ void xeu_owner(doca_dpa_dev_mmap_t m, uint64_t addr, uint64_t *slot,
                              doca_dpa_dev_sync_event_t started, doca_dpa_dev_sync_event_t release)
{
	*slot = doca_dpa_dev_mmap_get_external_ptr(m, addr);
	doca_dpa_dev_sync_event_update_set(started, 1);
	doca_dpa_dev_sync_event_wait_gt(release, 0, UINT64_MAX);
}

__dpa_global__ void xeu_user(uint64_t arg)
{
	uint64_t *tls = (uint64_t *)doca_dpa_dev_thread_get_local_storage();
	uint64_t *p = *(uint64_t **)tls[0];

	(void)arg;
	*(uint64_t *)tls[1] = p[0];
	doca_dpa_dev_sync_event_update_set(tls[2], 1);
	doca_dpa_dev_thread_finish();
}

__dpa_rpc__ uint64_t win_notify(doca_dpa_dev_notification_completion_t h)
{
	doca_dpa_dev_thread_notify(h);
	return 0;
}

/* Concurrency: rank r writes words r*8..r*8+7 (its own line) of a shared region and
 * reads back its neighbour-independent value. */
__dpa_global__ void win_lines(doca_dpa_dev_mmap_t m, uint64_t addr)
{
	unsigned int r = doca_dpa_dev_thread_rank();
	uint64_t *p = (uint64_t *)doca_dpa_dev_mmap_get_external_ptr(m, addr);

	for (unsigned int i = 0; i < 8; i++)
		p[r * 8 + i] = ((uint64_t)r << 32) | i;
	__dpa_thread_window_writeback();
}

/* Sustained access after the first touch: n load/store rounds over 'words' words. */
__dpa_global__ void win_sustain(doca_dpa_dev_mmap_t m, uint64_t addr, uint32_t words, uint32_t n,
                                uint64_t *out)
{
	volatile uint64_t *p = (volatile uint64_t *)doca_dpa_dev_mmap_get_external_ptr(m, addr);
	uint64_t s = 0;

	for (uint32_t k = 0; k < n; k++)
		for (uint32_t i = 0; i < words; i++) {
			s += p[i];
			p[i] = s;
		}
	__dpa_thread_window_writeback();
	out[0] = s;
}

/* P1 through buffers: keep the pointer of buffer ia of array a, switch to buffer 0 of
 * array b, read through the kept pointer. out[0] = b's word 0, out[1] = the stale read. */
__dpa_global__ void buf_stale(doca_dpa_dev_buf_arr_t a, uint64_t ia, doca_dpa_dev_buf_arr_t b,
                              uint64_t *out)
{
	uint64_t *pa = (uint64_t *)doca_dpa_dev_buf_get_external_ptr(
	        doca_dpa_dev_buf_array_get_buf(a, ia));
	uint64_t *pb =
	        (uint64_t *)doca_dpa_dev_buf_get_external_ptr(doca_dpa_dev_buf_array_get_buf(b, 0));

	__dpa_thread_window_read_inv();
	out[0] = pb[0];
	out[1] = pa[0];
}

/* P1 on many pages at once: keep mmap A's pointer, switch to B, then read word 0 of
 * pages 0..n-1 through the stale pointer with no device call in between. out[0] = sum. */
__dpa_global__ void stale_pages(doca_dpa_dev_mmap_t ma, uint64_t a_addr, doca_dpa_dev_mmap_t mb,
                                uint64_t b_addr, uint32_t n, uint64_t *out)
{
	volatile uint64_t *pa = (volatile uint64_t *)doca_dpa_dev_mmap_get_external_ptr(ma, a_addr);
	volatile uint64_t *pb = (volatile uint64_t *)doca_dpa_dev_mmap_get_external_ptr(mb, b_addr);
	uint64_t s = pb[0];

	for (uint32_t i = 0; i < n; i++)
		s += pa[i * 512];
	out[0] = s;
}
