/* SPDX-License-Identifier: BSD-3-Clause
 * The in-process transport: a packet goes to the destination queue pair by a direct call, in
 * the sender's thread, so a request and its response complete before the post returns.
 */
#include "rdma/transport.h"

static bool local_xmit(const struct sdpa_rdma_pkt *pkt)
{
	return sdpa_qp_rx(pkt);
}

static void local_rnr_ready(uint32_t qpn)
{
	sdpa_qp_rnr_ready(qpn);
}

const struct sdpa_rdma_transport sdpa_rdma_local_transport = {
        .name = "in-process",
        .xmit = local_xmit,
        .rnr_ready = local_rnr_ready,
};
