/* SPDX-License-Identifier: BSD-3-Clause
 * The port I/O table: which wire each of the 64 ports uses, and its counters.
 *
 * Wire choice when a port opens: softdpa_port_wire() > SOFTDPA_PORT<n> > "mem".
 *
 * Thread-safety:
 *   - Control calls (sdpa_port_open/close, softdpa_port_wire, softdpa_port_stats) take the
 *     port's control mutex, which the datapath never takes: a stats query never blocks it.
 *   - sdpa_port_close must not run while a datapath call on that port is in progress or
 *     can start: the NIC layer quiesces its workers for the port first. inject/drain
 *     callers need no such care (close excludes them with their own locks).
 *   - RX calls (rx_burst/rx_release) come from one thread at a time per port and RX queue.
 *   - tx_burst and count_drop may come from any worker; 'worker' selects that thread's own
 *     counter block (0 = the application's thread, 1..64 = NIC workers). Two threads must
 *     never use the same worker index at the same time.
 */
#ifndef SDPA_IO_PORT_H
#define SDPA_IO_PORT_H

#include <stdbool.h>
#include <stdint.h>

#include <softdpa.h>

#include "io/wire.h"

enum {
	/* counter blocks: 0 = caller's thread, 1..64 = NIC workers, 65 = frames the host sends
	 * (the DPDK driver's tx_burst, which serialises its callers per port) */
	SDPA_PORT_WORKER_HOST = 65,
	SDPA_PORT_WORKERS = 66,
};

/* Open a port's wire (doca_flow_port_start calls this). INVALID_VALUE for port_id >= 64
 * or a malformed SOFTDPA_PORT<n>; BAD_STATE when already open; otherwise the wire's own
 * errors (NOT_FOUND, NOT_PERMITTED, IO_FAILED, ...). Counters restart from zero. */
doca_error_t sdpa_port_open(uint16_t port_id);

/* Close a port's wire (doca_flow_port_stop). Counters keep their final values until the
 * next open. INVALID_VALUE for port_id >= 64, BAD_STATE when not open. */
doca_error_t sdpa_port_close(uint16_t port_id);

/* True when the port is open. Any thread. */
bool sdpa_port_is_open(uint16_t port_id);

/* The open port's wire kind; SDPA_WIRE_MEM when closed. */
enum sdpa_wire_kind sdpa_port_wire_kind(uint16_t port_id);

/* Received frames, as sdpa_wire_rx_burst (zero-copy, valid until rx_release); counts
 * rx_frames/rx_bytes once per frame. 0 for a closed port. RX consumer thread only. */
uint16_t sdpa_port_rx_burst(uint16_t port_id, struct sdpa_pkt **pkts, uint16_t n);

/* Give back the n oldest frames from sdpa_port_rx_burst. RX consumer thread only. */
void sdpa_port_rx_release(uint16_t port_id, uint16_t n);

/* RX queues of the open port: a mem wire's (sdpa_wire_mem_rx_queues), 1 for other wires and
 * closed ports. Fixed while the port is open. Any thread. */
uint16_t sdpa_port_rx_queues(uint16_t port_id);

/* sdpa_port_rx_burst/sdpa_port_rx_release of RX queue q (queue 0 is theirs). Each queue has
 * its own consumer thread and counter block; 0 frames for a queue the port does not have. */
uint16_t sdpa_port_rx_burst_q(uint16_t port_id, uint16_t q, struct sdpa_pkt **pkts, uint16_t n);
void sdpa_port_rx_release_q(uint16_t port_id, uint16_t q, uint16_t n);

/* True when the port's wire will never deliver a frame again (pcap EOF/error), or the
 * port is closed. Any thread. */
bool sdpa_port_rx_exhausted(uint16_t port_id);

/* Why RX stopped for good (pcap: corrupt record), or DOCA_SUCCESS. Any thread. */
doca_error_t sdpa_port_rx_error(uint16_t port_id);

/* Frames injected on a mem port and not yet released by its RX consumer (0 for other
 * wires and closed ports). softdpa_nic_sync waits for 0. Any thread. */
uint32_t sdpa_port_rx_pending(uint16_t port_id);

/* Transmit pkts[0..n-1] (any n) on the port, copying them; the caller keeps the pkts.
 * Returns how many the wire took. The rest are counted here, on this port's 'worker'
 * block: TX_FULL when the wire had no room, PORT_DOWN when the port is not open. */
uint16_t sdpa_port_tx_burst(uint16_t port_id, uint16_t worker, struct sdpa_pkt *const *pkts,
                            uint16_t n);

/* Transmit frames the host sends on the port (the DPDK driver's tx_burst): as
 * sdpa_port_tx_burst, counting drops in the SDPA_PORT_WORKER_HOST block. Any thread; callers
 * are serialised with softdpa_port_inject's lock, and may run while the port closes (the
 * frames then count as PORT_DOWN). Host-sent frames leave on the port's own wire. */
uint16_t sdpa_port_host_tx(uint16_t port_id, struct sdpa_pkt *const *pkts, uint16_t n);

/* Count n frames dropped for 'reason' on the port, in 'worker''s block. */
void sdpa_port_count_drop(uint16_t port_id, uint16_t worker, enum softdpa_drop_reason reason,
                          uint64_t n);

#endif
