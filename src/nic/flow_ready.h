/* SPDX-License-Identifier: BSD-3-Clause
 * The readiness signal: with SOFTDPA_READY_FILE=PATH set, softdpa appends "ready port=N"
 * to PATH once port N is ready for traffic, so a test driver knows when to send without
 * sleeping (docs/CONFIGURATION.md, `softdpa samples test`). Ready: a
 * doca_flow_entries_process call left the port with a root pipe and no operation
 * outstanding on any of its queues, and since then DOCA Flow's tables have settled (no
 * entry added, removed or updated for SDPA_READY_SETTLE_NS), or SDPA_READY_CAP_NS passed.
 * The settling matters for a program that calls doca_flow_entries_process once early and
 * then goes on adding entries that complete at once (CONTROL pipes, NVIDIA's
 * flow_pipe_resize): reporting at the first call sent its traffic before its last entries.
 * A port still waiting when the process exits is not reported, nor is any in a child
 * process after fork (the watcher thread is the parent's).
 */
#ifndef SDPA_NIC_FLOW_READY_H
#define SDPA_NIC_FLOW_READY_H

#include <stdint.h>

#define SDPA_READY_SETTLE_NS 200000000ull  /* tables unchanged this long: ready */
#define SDPA_READY_CAP_NS    2000000000ull /* ready this long after the first note, at most */

/* Port 'port_id' met the condition (a root pipe, nothing outstanding): report it once the
 * tables settle (once per port per process; nothing without the variable). Any thread;
 * never called with the DOCA Flow lock held (it may start the watcher thread). */
void sdpa_flow_ready_note(uint16_t port_id);

/* An entry went into, out of or changed in a table. Any thread. */
void sdpa_flow_ready_changed(void);

/* The watcher's decision, apart for its tests: what it saw at the previous tick. */
struct sdpa_ready_watch {
	uint64_t changes;       /* the change count seen */
	uint64_t quiet_since;   /* when it last moved (ns) */
	uint64_t pending_since; /* when the last port started waiting */
	uint64_t waiting;       /* the ports waiting at that tick */
};

/* One tick at 'now_ns' with 'pending' ports waiting and 'changes' changes so far: the
 * ports to report now ('pending', or 0 while the tables have not settled). Each port
 * waits at least the settle time from the tick that first sees it. */
uint64_t sdpa_ready_due(struct sdpa_ready_watch *w, uint64_t pending, uint64_t changes,
                        uint64_t now_ns);

#endif
