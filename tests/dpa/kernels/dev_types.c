/* SPDX-License-Identifier: BSD-3-Clause
 * Must build with -Wall -Wextra -Werror: patterns of DOCA device code that use no call,
 * only types and annotations. __dpa_global__ on a struct or a typedef (as DOCA's own headers
 * and samples write it), and the RDMA handle types, which kernels share with the host even
 * though softdpa does not emulate the RDMA calls themselves.
 */
#include <doca_dpa_dev.h>
#include <doca_dpa_dev_rdma.h>
#include <doca_dpa_dev_sync_event.h>

struct shared_arg {
	doca_dpa_dev_rdma_t rdma;
	doca_dpa_dev_sync_event_remote_net_t remote_event;
	doca_dpa_dev_sync_event_t done;
} __dpa_global__;

__dpa_global__ typedef uint64_t shared_handle_t;

__dpa_global__ void signal_done(uint64_t arg)
{
	struct shared_arg *a = (struct shared_arg *)arg;

	doca_dpa_dev_sync_event_update_add(a->done, 1);
}

__dpa_rpc__ uint64_t handle_sum(struct shared_arg a, shared_handle_t h)
{
	return a.rdma + a.remote_event + h;
}
