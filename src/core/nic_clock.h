/* SPDX-License-Identifier: BSD-3-Clause
 * The emulated NIC's time base (nic_clock.c): real CLOCK_MONOTONIC, or the manual clock a
 * test drives with softdpa_clock_set_manual()/softdpa_clock_advance(). Lock-free.
 */
#ifndef SDPA_CORE_NIC_CLOCK_H
#define SDPA_CORE_NIC_CLOCK_H

#include <stdint.h>

/* Nanoseconds on the NIC clock (monotonic; only differences mean anything). */
uint64_t sdpa_nic_now_ns(void);

#endif
