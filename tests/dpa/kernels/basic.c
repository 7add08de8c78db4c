/* SPDX-License-Identifier: BSD-3-Clause
 * DPA kernels of the functional tests, written as DOCA users write them.
 */
#include <doca_dpa_dev.h>
#include <doca_dpa_dev_buf.h>
#include <doca_dpa_dev_sync_event.h>

#include "dpa_test_common.h"

/* Hello world: rank r writes the magic plus r into out[r]. */
__dpa_global__ void hello_kernel(uint64_t out)
{
	uint64_t *slots = (uint64_t *)out;
	unsigned int r = doca_dpa_dev_thread_rank();

	slots[r] = DPA_TEST_HELLO_MAGIC + r;
	DOCA_DPA_DEV_LOG_INFO("hello from rank %u of %u\n", r, doca_dpa_dev_num_threads());
}

/* Six arguments of mixed widths and a struct by value. */
__dpa_global__ void mixed_args(uint8_t u8, int16_t s16, uint32_t u32, uint64_t u64,
                               struct dpa_test_record *out, double dbl, struct dpa_test_mixed m)
{
	unsigned int r = doca_dpa_dev_thread_rank();
	struct dpa_test_record *rec = &out[r];

	rec->rank = r;
	rec->nthreads = doca_dpa_dev_num_threads();
	rec->u8 = u8;
	rec->s16 = s16;
	rec->u32 = u32;
	rec->u64 = u64;
	rec->ptr = (uint64_t)(uintptr_t)out;
	rec->dbl = dbl;
	rec->m = m;
}

/* An RPC whose result depends on every argument (c is signed and narrow). */
__dpa_rpc__ uint64_t rpc_combine(uint64_t a, uint32_t b, int8_t c, float f)
{
	return a * 1000 + b + (uint64_t)(int64_t)c + (uint64_t)(f * 10.0f);
}

/* Statics persist across activations and launches. */
static uint32_t activations;

/* A notification-driven thread: counts activations, reports each on the event in
 * 'arg', and finishes after the third. */
__dpa_global__ void counting_thread(uint64_t arg)
{
	uint32_t local = 0; /* lost at every reschedule */

	local++;
	activations++;
	doca_dpa_dev_sync_event_update_set((doca_dpa_dev_sync_event_t)arg,
	                                   (uint64_t)activations * 100 + local);
	if (activations == 3)
		doca_dpa_dev_thread_finish();
	doca_dpa_dev_thread_reschedule();
}

__dpa_rpc__ uint64_t notify_rpc(doca_dpa_dev_notification_completion_t h)
{
	doca_dpa_dev_thread_notify(h);
	return 1;
}

__dpa_rpc__ uint64_t get_activations(void)
{
	return activations;
}

/* Heap round trip: invert n bytes in place, rank-strided. */
__dpa_global__ void heap_invert(uint8_t *p, uint32_t n)
{
	unsigned int r = doca_dpa_dev_thread_rank(), nt = doca_dpa_dev_num_threads();

	for (uint32_t i = r; i < n; i += nt)
		p[i] = (uint8_t)~p[i];
}

/* Ping-pong with the host: wait for ping i, answer pong i. */
__dpa_global__ void pingpong(doca_dpa_dev_sync_event_t ping, doca_dpa_dev_sync_event_t pong,
                             uint32_t rounds)
{
	for (uint32_t i = 1; i <= rounds; i++) {
		doca_dpa_dev_sync_event_wait_gt(ping, i - 1, UINT64_MAX);
		doca_dpa_dev_sync_event_update_set(pong, i);
	}
}

/* Launch ordering: append 'id' to the log at out[0] (count), out[1..]. */
__dpa_global__ void append_id(uint64_t *log, uint64_t id)
{
	uint64_t i = __atomic_fetch_add(&log[0], 1, __ATOMIC_RELAXED);

	log[1 + i] = id;
}

/* Device logging at three levels. */
__dpa_global__ void log_levels(uint32_t tag)
{
	DOCA_DPA_DEV_LOG_ERR("err line %u", tag);
	DOCA_DPA_DEV_LOG_INFO("info line %u", tag);
	DOCA_DPA_DEV_LOG_DBG("debug line %u", tag);
}

/* Reads host memory through an mmap window: sums n uint32 at addr. */
__dpa_global__ void window_sum(doca_dpa_dev_mmap_t mmap, uint64_t addr, uint32_t n, uint64_t *out)
{
	uint32_t *p = (uint32_t *)doca_dpa_dev_mmap_get_external_ptr(mmap, addr);
	uint64_t s = 0;

	__dpa_thread_window_read_inv();
	for (uint32_t i = 0; i < n; i++)
		s += p[i];
	*out = s;
}

/* Writes rank+1 into element 'rank' of a buf array (a uint32 at each buffer start). */
__dpa_global__ void bufarr_write(doca_dpa_dev_buf_arr_t arr)
{
	unsigned int r = doca_dpa_dev_thread_rank();
	doca_dpa_dev_buf_t b = doca_dpa_dev_buf_array_get_buf(arr, r);
	uint32_t *p = (uint32_t *)doca_dpa_dev_buf_get_external_ptr(b);

	*p = r + 1;
	__dpa_thread_window_writeback();
}

/* A thread with local storage, woken by completions of async memcpys it posts. */
__dpa_global__ void memcpy_thread(uint64_t arg)
{
	uint64_t *tls = (uint64_t *)doca_dpa_dev_thread_get_local_storage();
	/* tls[0] comp handle, tls[1] async ops, tls[2] mmap, tls[3] src, tls[4] dst,
	 * tls[5] len, tls[6] sync event, tls[7] state */
	doca_dpa_dev_completion_element_t e;

	if (tls[7] == 0) {
		tls[7] = 1;
		doca_dpa_dev_post_memcpy(tls[1], (doca_dpa_dev_mmap_t)tls[2], tls[4],
		                         (doca_dpa_dev_mmap_t)tls[2], tls[3], tls[5], 1);
		doca_dpa_dev_completion_request_notification(tls[0]);
		doca_dpa_dev_thread_reschedule();
	}
	if (doca_dpa_dev_get_completion(tls[0], &e)) {
		doca_dpa_dev_sync_event_update_set(
		        tls[6], 1000 + doca_dpa_dev_get_completion_user_data(e) + arg);
		doca_dpa_dev_completion_ack(tls[0], 1);
	}
	doca_dpa_dev_thread_finish();
}

/* Device hash table round trip. */
__dpa_rpc__ uint64_t ht_roundtrip(doca_dpa_dev_hash_table_t ht)
{
	uint64_t v = 0, got = 0;

	for (uint32_t k = 1; k <= 10; k++)
		doca_dpa_dev_hash_table_add(ht, k, k * 7);
	doca_dpa_dev_hash_table_remove(ht, 3);
	for (uint32_t k = 1; k <= 10; k++)
		if (doca_dpa_dev_hash_table_find(ht, k, &v))
			got += v;
	return got;
}

/* Concurrency: every rank adds 1 to the event 'n' times, and rank+1 to *counter. */
__dpa_global__ void add_many(doca_dpa_dev_sync_event_t ev, uint32_t n, uint64_t *counter)
{
	for (uint32_t i = 0; i < n; i++)
		doca_dpa_dev_sync_event_update_add(ev, 1);
	__atomic_fetch_add(counter, doca_dpa_dev_thread_rank() + 1, __ATOMIC_RELAXED);
}

/* Every rank arrives, then waits until all have: the ranks must run at once, as on the
 * DPA. */
__dpa_global__ void rendezvous(uint64_t *arrived)
{
	uint32_t n = doca_dpa_dev_num_threads();

	__atomic_fetch_add(arrived, 1, __ATOMIC_ACQ_REL);
	while (__atomic_load_n(arrived, __ATOMIC_ACQUIRE) < n)
		;
}

/* A thread that reports each activation on the event in 'arg' and reschedules. */
__dpa_global__ void tick_thread(uint64_t arg)
{
	doca_dpa_dev_sync_event_update_add((doca_dpa_dev_sync_event_t)arg, 1);
	doca_dpa_dev_thread_reschedule();
}
