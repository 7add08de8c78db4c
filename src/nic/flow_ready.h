/* SPDX-License-Identifier: BSD-3-Clause
 * The readiness signal: with SOFTDPA_READY_FILE=PATH set, softdpa appends "ready port=N"
 * to PATH the first time doca_flow_entries_process leaves port N with a root pipe and no
 * operation outstanding on any of its queues, so a test driver knows when to send
 * traffic without sleeping (docs/CONFIGURATION.md, `softdpa samples test`).
 */
#ifndef SDPA_NIC_FLOW_READY_H
#define SDPA_NIC_FLOW_READY_H

#include <stdint.h>

/* Report port 'port_id' ready (once per port per process; nothing without the variable).
 * Any thread; never called with the DOCA Flow lock held (it writes a file). */
void sdpa_flow_ready_note(uint16_t port_id);

#endif
