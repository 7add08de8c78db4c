/* SPDX-License-Identifier: BSD-3-Clause
 * softdpa.h — the emulator's own API (docs/DESIGN_DECISIONS.md D10). Nothing here exists in
 * DOCA; every name carries the softdpa_ prefix. A program that runs on a BlueField uses none of it
 * except softdpa_dpa_get_flexio_process (D7), so porting means removing these calls.
 */
#ifndef SOFTDPA_H_
#define SOFTDPA_H_

#include <stdint.h>
#include <stdio.h>

#include <doca_compat.h>
#include <doca_error.h>

#ifdef __cplusplus
extern "C" {
#endif

struct doca_dpa;
struct flexio_process;

/* Largest frame a port carries, in bytes (jumbo frames included). */
#define SOFTDPA_FRAME_MAX 9216

/* A frame handed to the application by softdpa_port_rx_burst(). */
struct softdpa_frame {
	uint32_t len;			   /* bytes used in data */
	uint16_t port_id;		   /* port the frame was received on */
	uint16_t queue;			   /* software (RSS) queue it was steered to */
	uint32_t rss_hash;		   /* hash the RSS action computed */
	uint8_t data[SOFTDPA_FRAME_MAX]; /* the frame, from the destination MAC on */
};

/* Why the emulated NIC dropped a frame. Every drop is counted under one reason. */
enum softdpa_drop_reason {
	SOFTDPA_DROP_RULE = 0,	  /* a DROP forward, or a pipe miss whose action is drop */
	SOFTDPA_DROP_TX_FULL,	  /* the destination wire had no room to transmit */
	SOFTDPA_DROP_RXQ_FULL,	  /* the software (RSS) queue was full */
	SOFTDPA_DROP_MALFORMED,	  /* shorter than an Ethernet header, or longer than FRAME_MAX */
	SOFTDPA_DROP_PORT_DOWN,	  /* forwarded to a port that is not started */
	SOFTDPA_DROP_NO_PIPE,	  /* the port has no root pipe and no default miss target */
	SOFTDPA_DROP_WIRE_ERROR,  /* the wire failed to write the frame (pcap/afpacket I/O) */
	SOFTDPA_DROP_REASON_MAX = 16,
};

/* Per-port counters. rx_* count frames the port took from its wire; tx_* frames it put on
 * the wire. rx_refused counts softdpa_port_inject() calls answered AGAIN (the caller kept
 * the frame): they are not drops. */
struct softdpa_port_stats {
	uint64_t rx_frames;
	uint64_t rx_bytes;
	uint64_t tx_frames;
	uint64_t tx_bytes;
	uint64_t rx_refused;
	uint64_t dropped[SOFTDPA_DROP_REASON_MAX];
	uint64_t dropped_total;
};

/* Name of a drop reason ("rule", "tx_full", ...), or "unknown". */
DOCA_EXPERIMENTAL const char *softdpa_drop_reason_name(enum softdpa_drop_reason reason);

/* Choose a port's wire before doca_flow_port_start() of that port id:
 *   "mem"                   inject/drain through this API (the default);
 *   "pcap:IN.pcap[,OUT.pcap]" frames read from IN, transmitted frames written to OUT;
 *   "afpacket:IFNAME"       a raw socket on an existing interface (TAP, veth);
 *   "unix:PATH"             a SOCK_SEQPACKET socket softdpa listens on: the connected
 *                           process sends and receives the frames (docs/WIRES.md).
 * INVALID_VALUE for a malformed spec or port id >= 64; BAD_STATE once the port is started. */
DOCA_EXPERIMENTAL doca_error_t softdpa_port_wire(uint16_t port_id, const char *wire);

/* One frame arrives on the port from the wire (mem wire only). The frame is copied.
 * AGAIN when the port's RX ring is full (the caller still owns the frame);
 * BAD_STATE when the port is not started or its wire is not "mem";
 * INVALID_VALUE for NULL, len 0 or len > SOFTDPA_FRAME_MAX. */
DOCA_EXPERIMENTAL doca_error_t softdpa_port_inject(uint16_t port_id, const void *frame, uint32_t len);

/* One frame the NIC transmitted on the port (mem wire only), oldest first.
 * EMPTY when there is none; TOO_BIG when 'cap' is smaller than the frame (the frame stays
 * queued and *len tells the size needed); BAD_STATE / INVALID_VALUE as for inject. */
DOCA_EXPERIMENTAL doca_error_t softdpa_port_drain(uint16_t port_id, void *buf, uint32_t cap,
						  uint32_t *len);

/* Block until every injected frame and every flushed DPA request has been processed
 * (in the faithful and strict fidelity modes, a flushed request runs only once its
 * modelled NIC latency has passed: this waits for that too). */
DOCA_EXPERIMENTAL doca_error_t softdpa_nic_sync(void);

/* Frames the pipeline forwarded to software (RSS) queue 'queue' of the port; returns how
 * many were written to frames[0..n-1]. */
DOCA_EXPERIMENTAL uint16_t softdpa_port_rx_burst(uint16_t port_id, uint16_t queue,
						 struct softdpa_frame *frames, uint16_t n);

/* Per-port counters, summed over the NIC's workers. A query never blocks the datapath. */
DOCA_EXPERIMENTAL doca_error_t softdpa_port_stats(uint16_t port_id, struct softdpa_port_stats *stats);

/* The FlexIO process behind a started DPA context (D7). */
DOCA_EXPERIMENTAL doca_error_t softdpa_dpa_get_flexio_process(struct doca_dpa *dpa,
							      struct flexio_process **process);

/* Write the emulator's live statistics to 'out': one JSON object per line, the first
 * {"section":"softdpa",...}, then each registered section's records ("ports", and those
 * the NIC, DPA and provider layers add), e.g. {"section":"ports","port":0,"rx_frames":12}.
 * The same dump is served on the unix socket SOFTDPA_STATS names, which this call starts
 * if needed; `softdpa stats` reads either (docs/CLI.md). INVALID_VALUE for a NULL out;
 * IO_FAILED when writing fails. */
DOCA_EXPERIMENTAL doca_error_t softdpa_stats_dump(FILE *out);

/* Write the trace recorded so far to the file SOFTDPA_TRACE names (Chrome/Perfetto JSON,
 * docs/TRACING.md); the file is also written at exit. Each write is complete, so the file
 * opens in ui.perfetto.dev after any flush. SUCCESS (and nothing written) when
 * SOFTDPA_TRACE is unset; IO_FAILED when the file cannot be written; NO_MEMORY. */
DOCA_EXPERIMENTAL doca_error_t softdpa_trace_flush(void);

#ifdef __cplusplus
}
#endif

#endif /* SOFTDPA_H_ */
