/* SPDX-License-Identifier: BSD-3-Clause
 * The NIC datapath engine: internal API for later layers (the DPA provider).
 *
 * Worker model (SOFTDPA_NIC_WORKERS, read at doca_flow_init):
 *   0  no threads: every frame is processed in the thread that calls softdpa_nic_sync;
 *   N  N worker threads; worker i (1..N) owns the ports whose id % N == i - 1 and runs a
 *      PMD loop: poll RX in bursts of 32, process, transmit, run the pollers, quiesce.
 *
 * Pollers: functions that run on the datapath once per loop iteration (the provider's
 * request processor). All pollers run on one thread at a time: worker 1 in threaded mode,
 * the softdpa_nic_sync caller in mode 0. softdpa_nic_sync returns only after an iteration
 * in which every poller reported idle and no port had a frame.
 *
 * Grace periods: sdpa_nic_defer() runs a free function once every datapath thread has
 * passed a quiescent point (QSBR); sdpa_nic_synchronize() waits for that.
 */
#ifndef SDPA_NIC_NIC_H
#define SDPA_NIC_NIC_H

#include <stdbool.h>
#include <stdint.h>

#include <doca_error.h>

/* A poller: do a bounded amount of work; return true when work remains or was done
 * (not idle), false when idle. 'worker' is the counter block index of the calling
 * thread (0 in mode 0). */
typedef bool (*sdpa_nic_poller_fn)(void *arg, uint16_t worker);

struct sdpa_nic_poller;

/* Register a poller. Any thread; takes effect at the next loop iteration.
 * INVALID_VALUE for a NULL fn or handle, NO_MEMORY, FULL beyond 16 pollers. */
doca_error_t sdpa_nic_register_poller(sdpa_nic_poller_fn fn, void *arg,
                                      struct sdpa_nic_poller **handle);

/* Unregister: when this returns, the poller is not running and will not run again. Must
 * not be called from inside a poller. */
void sdpa_nic_unregister_poller(struct sdpa_nic_poller *handle);

/* True while a thread waits in softdpa_nic_sync: a poller whose work is done by a thread
 * of its own reports busy only then, so idle workers can back off the rest of the time. */
bool sdpa_nic_sync_waiting(void);

/* Number of worker threads (0 = deterministic mode). */
uint32_t sdpa_nic_workers(void);

/* Run fn(ptr) after a grace period (any thread). */
void sdpa_nic_defer(void (*fn)(void *), void *ptr);

/* Wait for a grace period. Must not be called by a datapath thread from a poller (it
 * would wait for itself); a control-plane thread that is not a datapath thread may. */
void sdpa_nic_synchronize(void);

/* ---- Software (RSS) queues, for a driver that hands them to an application ----
 * (the DPDK poll-mode driver, src/dpdk/). A frame a pipe sends to a software queue keeps
 * its RSS hash, its meta.pkt_meta (host order) and what the parser saw, packed in one
 * word: 4 bits each, at these shifts. L2 holds an enum doca_flow_l2_meta, L3 an enum
 * doca_flow_l3_meta, L4 an enum doca_flow_l4_meta, FRAG 1 for an IP fragment; VXLAN is 1
 * for a VXLAN frame, whose inner headers the IN_* fields describe. */
enum sdpa_nic_ptype_shift {
	SDPA_NIC_PT_L2 = 0,
	SDPA_NIC_PT_L3 = 4,
	SDPA_NIC_PT_L4 = 8,
	SDPA_NIC_PT_FRAG = 12,
	SDPA_NIC_PT_VXLAN = 16,
	SDPA_NIC_PT_IN_L2 = 20,
	SDPA_NIC_PT_IN_L3 = 24,
	SDPA_NIC_PT_IN_L4 = 28,
	SDPA_NIC_PT_IN_FRAG = 13,
};

/* Takes one frame (valid only during the call); false leaves it queued and stops. */
typedef bool (*sdpa_nic_rxq_fn)(void *arg, const uint8_t *frame, uint32_t len, uint32_t rss_hash,
                                uint32_t pkt_meta, uint32_t ptype);

/* Hand up to n frames of software queue 'queue' of DOCA Flow port 'port_id' to fn, oldest
 * first; returns how many fn took. 0 when the port does not exist or the queue never
 * received a frame. One consumer at a time per queue (a mutex serialises them); takes the
 * DOCA Flow lock, so never call it from a poller or an entry callback. */
uint16_t sdpa_nic_rxq_take(uint16_t port_id, uint16_t queue, uint16_t n, sdpa_nic_rxq_fn fn,
                           void *arg);

/* With SOFTDPA_NIC_WORKERS=0, run one datapath iteration (every port's RX, the pipes, TX,
 * the pollers) in the calling thread; nothing in threaded mode, before doca_flow_init, or
 * while another thread runs one. The DPDK driver's rx_burst calls it, so that a program
 * that polls its queues sees frames without softdpa_nic_sync. Not from a poller. */
void sdpa_nic_poll(void);

/* Benches only: while on, the NIC workers leave every port's RX alone (frames injected
 * meanwhile wait on their wires) and softdpa_nic_sync does not return; off lets them go.
 * A bench preloads a port this way and times the workers alone (bench_flow). */
void sdpa_nic_hold(bool on);

/* Frames the host transmits on DOCA Flow port 'port_id' (the DPDK driver's tx_burst,
 * doca_eth_txq): when the port has an egress root pipe (the switch's, in switch mode) they
 * are copied to a queue the port's worker runs through the egress pipes; otherwise they go
 * to the wire as sdpa_port_host_tx. A frame's 'meta' (host order) is its meta.pkt_meta for
 * the egress pipes (doca_eth_txq metadata; 0 from the DPDK driver). Returns how many were
 * taken; the rest are counted as TX_FULL drops. Takes the DOCA Flow lock: not from a poller
 * or an entry callback. */
struct sdpa_pkt;
uint16_t sdpa_nic_host_tx(uint16_t port_id, struct sdpa_pkt *const *pkts, uint16_t n);

/* How many software queues a port has (queue ids 0..N-1). */
uint16_t sdpa_nic_rxq_max(void);

/* The DOCA Flow port started on device 'dev' (not a representor's port): its port id, or
 * -1 when none is started (yet). A queue of the device (doca_eth_rxq) reads that port's
 * software queues. Takes the DOCA Flow lock. */
struct doca_dev;
int32_t sdpa_nic_port_of_dev(const struct doca_dev *dev);

#endif
