/* SPDX-License-Identifier: BSD-3-Clause
 * Grace periods and pollers of the NIC datapath, for flow_dp.c (not installed;
 * function-only). The rest of the NIC and later layers use nic.h: sdpa_nic_defer,
 * sdpa_nic_synchronize, sdpa_nic_register_poller.
 *
 * A grace period is the one mechanism by which memory the control plane unlinks is freed
 * while datapath threads may still read it (quiescent-state-based reclamation, QSBR):
 * every datapath thread is a "reader" with a slot; it marks itself quiescent between
 * frames, and a grace period started at epoch t ends when every online reader has been
 * quiescent at an epoch >= t.
 */
#ifndef SDPA_NIC_GRACE_H
#define SDPA_NIC_GRACE_H

#include <stdbool.h>
#include <stdint.h>

#include <doca_error.h>

/* Reader slots 0..n-1 (all offline). NO_MEMORY. Called before any reader runs. */
doca_error_t sdpa_grace_init(uint32_t nreaders);

/* Run every deferred free now (no reader may be online) and forget the slots. */
void sdpa_grace_fini(void);

/* Reader r comes online (the calling thread becomes reader r), is quiescent (has finished
 * every read it began), goes offline (the thread holds no pointer; it is no reader any
 * more). */
void sdpa_grace_online(uint32_t r);
void sdpa_grace_quiescent(uint32_t r);
void sdpa_grace_offline(uint32_t r);

/* Run the deferred frees whose grace period has ended (any thread). */
void sdpa_grace_reclaim(void);

/* Run every registered poller once on reader 'worker'; true when one of them was busy. */
bool sdpa_pollers_run(uint16_t worker);

#endif
