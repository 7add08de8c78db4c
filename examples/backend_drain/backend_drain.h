/* SPDX-License-Identifier: BSD-3-Clause
 * Backend drain: the host program's parts (DOCA Flow in host_flow.c, DOCA DPA in
 * host_dpa.c, traffic, report and check in main.c).
 */
#ifndef BACKEND_DRAIN_H
#define BACKEND_DRAIN_H

#include <stdint.h>

#include <doca_dev.h>
#include <doca_dpa.h>
#include <doca_flow.h>
#include <doca_flow_dpa_provider.h>
#include <doca_sync_event.h>

#include "drain_common.h"

/* ---- host_flow.c ---- */

struct doca_flow_external_resource_index_selector;

struct dr_flow {
	struct doca_dev *dev;           /* the BlueField PF (port 0) */
	struct doca_dev_rep *rep[2];    /* its representors (ports 1, 2) */
	struct doca_flow_port *port[3]; /* 0 = PF (clients), 1 = backend side */
	uint32_t sel_type;              /* registered external action type */
	struct doca_flow_external_resource_index_selector *sel;
	struct doca_flow_pipe *lb;   /* ORDERED_LIST pipe: the selector picks the backend */
	struct doca_flow_pipe *root; /* BASIC root: IPv4 -> lb */
	struct doca_flow_dpa_ctx *ctx;
	struct doca_flow_dpa_external_resource *dpa_sel;
	doca_flow_dpa_addr sel_addr; /* what the DPA thread gets */
};

/* Open the first device with a DPA and its two network representors. */
doca_error_t dr_devices_open(struct dr_flow *f);
void dr_devices_close(struct dr_flow *f);
/* Register the selector type, doca_flow_init in switch mode, ports 0..2 on mem wires. */
doca_error_t dr_flow_start(struct dr_flow *f);
/* The selector (indices 1..DR_NR_BACKENDS enabled), the pipes, the provider context with a
 * RESOURCES_WRITE queue, and the selector's export and device address. */
doca_error_t dr_flow_build(struct dr_flow *f, struct flexio_process *process);
/* Frames that found no selectable backend (the load balancer's miss counter). */
uint64_t dr_flow_misses(struct dr_flow *f);
void dr_flow_stop(struct dr_flow *f);

/* ---- host_dpa.c ---- */

struct dr_dpa {
	struct doca_dpa *dpa;
	struct doca_sync_event *done; /* commands applied (DPA sets, CPU waits) */
	struct doca_dpa_thread *thread;
	struct doca_dpa_notification_completion *notify;
	doca_dpa_dev_notification_completion_t notify_h;
	doca_dpa_dev_uintptr_t mailbox; /* struct dr_mailbox in DPA heap */
	uint32_t seq;                   /* last command sent */
};

/* DPA context on 'dev' running backend_drain_app, the 'done' event, the mailbox. */
doca_error_t dr_dpa_start(struct doca_dev *dev, struct dr_dpa *d);
/* Create, start and run the drain thread with its notification completion. */
doca_error_t dr_dpa_thread_start(struct dr_dpa *d, doca_flow_dpa_addr selector);
/* Send one command (selector op on a 1-based index), wake the thread, and wait (at most
 * timeout_ms) until it has applied it; the thread's mailbox is copied to *mb. */
doca_error_t dr_dpa_command(struct dr_dpa *d, uint32_t op, uint32_t index, uint32_t timeout_ms,
                            struct dr_mailbox *mb);
void dr_dpa_destroy(struct dr_dpa *d);

#endif
