/* SPDX-License-Identifier: BSD-3-Clause
 * Path failover: the host program's parts (DOCA Flow in host_flow.c, DOCA DPA in
 * host_dpa.c, traffic and report in main.c).
 */
#ifndef PATH_FAILOVER_H
#define PATH_FAILOVER_H

#include <stdbool.h>
#include <stdint.h>

#include <doca_dev.h>
#include <doca_dpa.h>
#include <doca_flow.h>
#include <doca_flow_dpa_provider.h>
#include <doca_mmap.h>
#include <doca_sync_event.h>

#include "failover_common.h"

/* ---- host_flow.c ---- */

struct fo_flow {
	struct doca_dev *dev;           /* the BlueField PF (port 0) */
	struct doca_dev_rep *rep[2];    /* its representors (ports 1, 2) */
	struct doca_flow_port *port[3]; /* 0 = PF (traffic in), 1 = uplink (traffic out) */
	struct doca_flow_pipe *pipe;    /* root hash pipe, FO_NR_ENTRIES entries */
	struct doca_flow_pipe_entry *entry[FO_NR_ENTRIES];
	struct doca_flow_dpa_ctx *ctx; /* provider context */
	struct doca_flow_dpa_pipe *dpa_pipe;
	doca_flow_dpa_addr pipe_addr; /* what the kernel gets */
};

/* Open the first device with a DPA and its two network representors. */
doca_error_t fo_devices_open(struct fo_flow *f);
void fo_devices_close(struct fo_flow *f);
/* doca_flow_init in switch mode, ports 0..2 on mem wires. */
doca_error_t fo_flow_start(struct fo_flow *f);
/* Provider context and queues, the hash pipe (exported before its entries are added), the
 * entries (entry e starts on its home link) and the device address of the pipe. */
doca_error_t fo_flow_build(struct fo_flow *f, struct flexio_process *process);
/* Frames that hit each entry so far. */
uint64_t fo_flow_entry_frames(struct fo_flow *f, uint32_t entry);
/* Un-export, destroy the provider context, stop the ports, doca_flow_destroy. */
void fo_flow_stop(struct fo_flow *f);

/* ---- host_dpa.c ---- */

struct fo_dpa {
	struct doca_dpa *dpa;
	struct doca_sync_event *done; /* the watcher's launch completion (CPU waits) */
	struct doca_sync_event *ack;  /* generations the watcher handled (CPU waits) */
	struct doca_mmap *links_mm, *rep_mm;
	struct fo_links *links;   /* host memory the kernel reads */
	struct fo_report *report; /* host memory the kernel writes */
	uint32_t gen;             /* last generation published */
	uint32_t up;              /* current up mask */
	bool running;             /* the watcher was launched and has not returned */
};

/* DPA context on 'dev' running path_failover_app, the two sync events and the two mmaps. */
doca_error_t fo_dpa_start(struct doca_dev *dev, struct fo_dpa *d);
/* Launch failover_watch on one EU. */
doca_error_t fo_dpa_launch_watcher(struct doca_dev *dev, struct fo_dpa *d, doca_flow_dpa_addr pipe);
/* Publish a new up mask and wait (at most timeout_ms) until the kernel has re-pathed every
 * affected entry and its requests completed. TIME_OUT if it did not. */
doca_error_t fo_dpa_set_links(struct fo_dpa *d, uint32_t up_mask, uint32_t timeout_ms);
/* Ask the watcher to return and wait for its completion (SUCCESS if it never ran). */
doca_error_t fo_dpa_stop_watcher(struct fo_dpa *d, uint32_t timeout_ms);
void fo_dpa_destroy(struct fo_dpa *d);

#endif
