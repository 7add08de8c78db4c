/* SPDX-License-Identifier: BSD-3-Clause
 * DPA kernels that fall into pitfalls P8, P9, P14 and P15 (docs/DPA.md), written the way
 * a user would write the mistake.
 */
#include <doca_dpa_dev.h>
#include <doca_dpa_dev_sync_event.h>

/* P8: thread-only calls in a launched kernel. out[r] = 1 when the kernel went on after
 * "rescheduling"; out[n + r] = what get_local_storage returned. */
__dpa_global__ void p8_launched(uint64_t *out)
{
	unsigned int r = doca_dpa_dev_thread_rank(), n = doca_dpa_dev_num_threads();

	doca_dpa_dev_thread_reschedule(); /* meant to "wait for more work" */
	out[r] = 1;
	out[n + r] = doca_dpa_dev_thread_get_local_storage();
	doca_dpa_dev_thread_finish();
	out[r] += 1;
}

/* P8: yield in a DPA thread. */
__dpa_global__ void p8_yield_thread(uint64_t ev)
{
	doca_dpa_dev_yield();
	doca_dpa_dev_sync_event_update_set((doca_dpa_dev_sync_event_t)ev, 8);
	doca_dpa_dev_thread_finish();
}

static uint32_t p9_total;

/* P9: expects 'progress' to carry over the reschedule. */
__dpa_global__ void p9_thread(uint64_t ev)
{
	uint32_t progress = 0;

	progress++;
	p9_total++;
	doca_dpa_dev_sync_event_update_set((doca_dpa_dev_sync_event_t)ev,
	                                   p9_total * 100 + progress);
	if (p9_total == 3)
		doca_dpa_dev_thread_finish();
	doca_dpa_dev_thread_reschedule();
	/* never reached: the next activation starts at the top */
	doca_dpa_dev_sync_event_update_set((doca_dpa_dev_sync_event_t)ev, 999999);
}

__dpa_rpc__ uint64_t p_notify(doca_dpa_dev_notification_completion_t h)
{
	doca_dpa_dev_thread_notify(h);
	return 0;
}

/* P14: a post_wait threshold above 254. tls: [0] async ops, [1] event to wait on,
 * [2] completion, [3] report event, [4] state. */
__dpa_global__ void p14_thread(uint64_t value)
{
	uint64_t *tls = (uint64_t *)doca_dpa_dev_thread_get_local_storage();
	doca_dpa_dev_completion_element_t e;

	if (tls[4] == 0) {
		tls[4] = 1;
		doca_dpa_dev_sync_event_post_wait_gt(tls[0], tls[1], value);
		doca_dpa_dev_completion_request_notification(tls[2]);
		doca_dpa_dev_thread_reschedule();
	}
	if (doca_dpa_dev_get_completion(tls[2], &e)) {
		doca_dpa_dev_completion_ack(tls[2], 1);
		doca_dpa_dev_sync_event_update_set(tls[3], 1);
	}
	doca_dpa_dev_thread_finish();
}

__dpa_global__ void p14_noop(void)
{
}

/* P15: a launched kernel that polls for a flag the host never sets. */
__dpa_global__ void p15_spin(uint64_t *flag)
{
	while (__atomic_load_n(flag, __ATOMIC_RELAXED) == 0)
		doca_dpa_dev_yield();
}

/* P15: a launched kernel blocked on an event nobody signals. */
__dpa_global__ void p15_wait(doca_dpa_dev_sync_event_t ev)
{
	doca_dpa_dev_sync_event_wait_gt(ev, 1000, UINT64_MAX);
}
