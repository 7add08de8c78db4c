/* SPDX-License-Identifier: BSD-3-Clause
 * Backend drain: what the host program and the DPA thread share. Plain fixed-width types
 * only, so the host's and the device's compilers agree on the layout.
 */
#ifndef DRAIN_COMMON_H
#define DRAIN_COMMON_H

#include <stdint.h>

enum {
	DR_NR_BACKENDS = 4, /* index selector indices 1..4; index i = backend 10.10.0.i */
};

/* The DPA thread's mailbox, in DPA heap memory (the thread's local storage). The host
 * writes a command (seq, op, index) with doca_dpa_h2d_memcpy, then notifies the thread;
 * the thread applies it and sets the 'done' sync event to seq. One command at a time. */
struct dr_mailbox {
	/* set once by the host */
	uint64_t selector; /* doca_flow_dpa_addr of the exported index selector */
	uint64_t done;     /* doca_dpa_dev_sync_event_t the thread sets to seq */
	/* a command, written by the host in one copy */
	uint32_t seq;   /* command number 1, 2, ...; a new value means a new command */
	uint32_t op;    /* enum doca_flow_external_resource_index_selector_operation */
	uint32_t index; /* the selector index (backend), 1-based */
	/* written by the thread */
	uint32_t handled;     /* last seq applied */
	uint32_t post_rc;     /* doca_error_t of the last post */
	uint32_t posted;      /* modify requests accepted */
	uint32_t completed;   /* completions polled (failures included) */
	uint32_t failed;      /* of which failed */
	uint32_t activations; /* times the thread ran */
	uint32_t pad;
};

#endif
