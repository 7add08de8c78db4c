/* SPDX-License-Identifier: BSD-3-Clause */
/**
 * @file
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

/** @brief A DPA context (doca_dpa.h). */
struct doca_dpa;
/** @brief A FlexIO process (libflexio/flexio.h). */
struct flexio_process;

/** @brief Largest frame a port carries, in bytes (jumbo frames included). */
#define SOFTDPA_FRAME_MAX 9216

/** @brief A frame handed to the application by softdpa_port_rx_burst(). */
struct softdpa_frame {
	uint32_t len;                    /**< bytes used in data */
	uint16_t port_id;                /**< port the frame was received on */
	uint16_t queue;                  /**< software (RSS) queue it was steered to */
	uint32_t rss_hash;               /**< hash the RSS action computed */
	uint8_t data[SOFTDPA_FRAME_MAX]; /**< the frame, from the destination MAC on */
};

/** @brief Why the emulated NIC dropped a frame. Every drop is counted under one reason. */
enum softdpa_drop_reason {
	SOFTDPA_DROP_RULE = 0,   /**< a DROP forward, or a pipe miss whose action is drop */
	SOFTDPA_DROP_TX_FULL,    /**< the destination wire had no room to transmit */
	SOFTDPA_DROP_RXQ_FULL,   /**< the software (RSS) queue was full */
	SOFTDPA_DROP_MALFORMED,  /**< shorter than an Ethernet header, or longer than FRAME_MAX */
	SOFTDPA_DROP_PORT_DOWN,  /**< forwarded to a port that is not started */
	SOFTDPA_DROP_NO_PIPE,    /**< the port has no root pipe and no default miss target */
	SOFTDPA_DROP_WIRE_ERROR, /**< the wire failed to write the frame (pcap/afpacket I/O) */
	SOFTDPA_DROP_METER_RED,  /**< a meter colored it red and its pipe forwards out of the NIC */
	/** an encap/decap could not be applied: no or a truncated/malformed tunnel, a frame
	 * without the header the action needs, or a result longer than a frame (the reason is
	 * in the "tunnels" stats section) */
	SOFTDPA_DROP_TUNNEL,
	/** a frame the embedded switch looped back into its port (destination MAC = the
	 * port's own) came back more than 8 times, or found the loopback queue full */
	SOFTDPA_DROP_LOOP,
	SOFTDPA_DROP_REASON_MAX = 16, /**< size of softdpa_port_stats.dropped (not a reason) */
};

/**
 * @brief Per-port counters. rx_* count frames the port took from its wire; tx_* frames it put
 * on the wire. rx_refused counts softdpa_port_inject() calls answered AGAIN (the caller kept
 * the frame): they are not drops.
 */
struct softdpa_port_stats {
	uint64_t rx_frames;                        /**< frames taken from the wire */
	uint64_t rx_bytes;                         /**< bytes of those frames */
	uint64_t tx_frames;                        /**< frames put on the wire */
	uint64_t tx_bytes;                         /**< bytes of those frames */
	uint64_t rx_refused;                       /**< inject calls answered AGAIN (not drops) */
	uint64_t dropped[SOFTDPA_DROP_REASON_MAX]; /**< drops, by enum softdpa_drop_reason */
	uint64_t dropped_total;                    /**< sum of dropped[] */
};

/**
 * @brief Name of a drop reason ("rule", "tx_full", ...).
 *
 * @param [in] reason
 * The drop reason.
 * @return The reason's name (a static string); "unknown" for a value that names no reason.
 */
DOCA_EXPERIMENTAL const char *softdpa_drop_reason_name(enum softdpa_drop_reason reason);

/**
 * @brief Choose a port's wire before doca_flow_port_start() of that port id.
 *
 * @param [in] port_id
 * The port id, 0..63.
 * @param [in] wire
 * The wire spec:
 *   "mem"                   inject/drain through this API (the default);
 *   "pcap:IN.pcap[,OUT.pcap]" frames read from IN, transmitted frames written to OUT;
 *   "afpacket:IFNAME"       a raw socket on an existing interface (TAP, veth);
 *   "unix:PATH"             a SOCK_SEQPACKET socket softdpa listens on: the connected
 *                           process sends and receives the frames (docs/WIRES.md).
 * @return DOCA_SUCCESS on success; DOCA_ERROR_INVALID_VALUE when port_id >= 64, or wire is
 * NULL or a malformed spec; DOCA_ERROR_BAD_STATE once the port is started (stop it with
 * doca_flow_port_stop() first); DOCA_ERROR_NO_MEMORY when the spec cannot be copied.
 */
DOCA_EXPERIMENTAL doca_error_t softdpa_port_wire(uint16_t port_id, const char *wire);

/**
 * @brief One frame arrives on the port from the wire (mem wire only). The frame is copied.
 *
 * @param [in] port_id
 * The port id, 0..63; the port is started and its wire is "mem".
 * @param [in] frame
 * The frame, from the destination MAC on.
 * @param [in] len
 * The frame's length in bytes, 1..SOFTDPA_FRAME_MAX.
 * @return DOCA_SUCCESS on success; DOCA_ERROR_AGAIN when the port's RX ring is full (the caller
 * still owns the frame; counted in rx_refused, not logged); DOCA_ERROR_BAD_STATE when the port
 * is not started or its wire is not "mem"; DOCA_ERROR_INVALID_VALUE when port_id >= 64, frame
 * is NULL, len is 0 or len > SOFTDPA_FRAME_MAX.
 */
DOCA_EXPERIMENTAL doca_error_t softdpa_port_inject(uint16_t port_id, const void *frame,
                                                   uint32_t len);

/**
 * @brief One frame the NIC transmitted on the port (mem wire only), oldest first.
 *
 * @param [in] port_id
 * The port id, 0..63; the port is started and its wire is "mem".
 * @param [out] buf
 * Where the frame is copied.
 * @param [in] cap
 * Bytes buf holds (SOFTDPA_FRAME_MAX always fits).
 * @param [out] len
 * The frame's length; on DOCA_ERROR_TOO_BIG, the size needed.
 * @return DOCA_SUCCESS on success; DOCA_ERROR_EMPTY when there is no frame (not logged);
 * DOCA_ERROR_TOO_BIG when cap is smaller than the frame (the frame stays queued and *len tells
 * the size needed); DOCA_ERROR_BAD_STATE when the port is not started or its wire is not "mem"
 * (as for inject); DOCA_ERROR_INVALID_VALUE when port_id >= 64, buf or len is NULL.
 */
DOCA_EXPERIMENTAL doca_error_t softdpa_port_drain(uint16_t port_id, void *buf, uint32_t cap,
                                                  uint32_t *len);

/**
 * @brief Block until every injected frame and every flushed DPA request has been processed.
 *
 * @return DOCA_SUCCESS on success; DOCA_ERROR_BAD_STATE when DOCA Flow is not initialised
 * (doca_flow_init() not called, or no port started).
 * @note In the faithful and strict fidelity modes, a flushed request runs only once its
 * modelled NIC latency has passed: this waits for that too.
 */
DOCA_EXPERIMENTAL doca_error_t softdpa_nic_sync(void);

/**
 * @brief Frames the pipeline forwarded to software (RSS) queue 'queue' of the port.
 *
 * @param [in] port_id
 * The port id, 0..63.
 * @param [in] queue
 * The software (RSS) queue, 0..63.
 * @param [out] frames
 * Array of at least n frames; frames[0..returned-1] are written.
 * @param [in] n
 * Most frames to take.
 * @return How many frames were written to frames[0..n-1]; 0 when there are none, or when
 * frames is NULL, port_id >= 64 or queue >= 64 (logged, rate-limited).
 */
DOCA_EXPERIMENTAL uint16_t softdpa_port_rx_burst(uint16_t port_id, uint16_t queue,
                                                 struct softdpa_frame *frames, uint16_t n);

/**
 * @brief Per-port counters, summed over the NIC's workers. A query never blocks the datapath.
 *
 * @param [in] port_id
 * The port id, 0..63.
 * @param [out] stats
 * The counters.
 * @return DOCA_SUCCESS on success; DOCA_ERROR_INVALID_VALUE when port_id >= 64 or stats is
 * NULL.
 */
DOCA_EXPERIMENTAL doca_error_t softdpa_port_stats(uint16_t port_id,
                                                  struct softdpa_port_stats *stats);

/** @brief What the kernel target (DOCA_FLOW_FWD_TARGET) of a port received. */
struct softdpa_kernel_stats {
	uint64_t frames;   /**< frames forwarded to the kernel target */
	uint64_t bytes;    /**< bytes of those frames */
	uint64_t dropped;  /**< of those, frames the TAP device did not take (or no memory) */
	uint32_t captured; /**< frames waiting for softdpa_port_kernel_drain() (no TAP device) */
	uint32_t tap;      /**< 1: frames go to TAP interface ifname; 0: they are captured */
	char ifname[16];   /**< the TAP interface, "" when there is none */
};

/**
 * @brief What the port's kernel target received (all zero before a pipe of the port forwards
 * to doca_flow_get_target(DOCA_FLOW_TARGET_KERNEL)).
 *
 * @param [in] port_id
 * The port id, 0..63.
 * @param [out] stats
 * The counters.
 * @return DOCA_SUCCESS on success; DOCA_ERROR_INVALID_VALUE when port_id >= 64 or stats is
 * NULL.
 */
DOCA_EXPERIMENTAL doca_error_t softdpa_port_kernel_stats(uint16_t port_id,
                                                         struct softdpa_kernel_stats *stats);

/**
 * @brief Take the oldest frame the port's kernel target captured (without a TAP device the
 * last 256 frames forwarded to the kernel are kept).
 *
 * @param [in] port_id
 * The port id, 0..63.
 * @param [out] buf
 * Where to copy the frame (SOFTDPA_FRAME_MAX bytes hold any).
 * @param [in] cap
 * Bytes of buf.
 * @param [out] len
 * The frame's length.
 * @return DOCA_SUCCESS on success; DOCA_ERROR_EMPTY when no frame is captured;
 * DOCA_ERROR_NO_MEMORY when the frame is longer than cap (it stays captured);
 * DOCA_ERROR_INVALID_VALUE when port_id >= 64 or buf or len is NULL.
 */
DOCA_EXPERIMENTAL doca_error_t softdpa_port_kernel_drain(uint16_t port_id, uint8_t *buf,
                                                         uint32_t cap, uint32_t *len);

/**
 * @brief The FlexIO process behind a started DPA context (D7).
 *
 * @param [in] dpa
 * The DPA context, started.
 * @param [out] process
 * The context's FlexIO process.
 * @return DOCA_SUCCESS on success; DOCA_ERROR_INVALID_VALUE when dpa is NULL or not a DPA
 * context, or process is NULL; DOCA_ERROR_BAD_STATE when the context is not started.
 */
DOCA_EXPERIMENTAL doca_error_t softdpa_dpa_get_flexio_process(struct doca_dpa *dpa,
                                                              struct flexio_process **process);

/**
 * @brief Write the emulator's live statistics to 'out'.
 *
 * One JSON object per line, the first {"section":"softdpa",...}, then each registered
 * section's records ("ports", and those the NIC, DPA and provider layers add), e.g.
 * {"section":"ports","port":0,"rx_frames":12}.
 *
 * @param [in] out
 * An open FILE (e.g. stdout).
 * @return DOCA_SUCCESS on success; DOCA_ERROR_INVALID_VALUE when out is NULL;
 * DOCA_ERROR_IO_FAILED when writing (or flushing) the dump fails.
 * @note The same dump is served on the unix socket SOFTDPA_STATS names, which this call starts
 * if needed; `softdpa stats` reads either (docs/CLI.md).
 */
DOCA_EXPERIMENTAL doca_error_t softdpa_stats_dump(FILE *out);

/**
 * @brief Write the trace recorded so far to the file SOFTDPA_TRACE names (Chrome/Perfetto
 * JSON, docs/TRACING.md).
 *
 * @return DOCA_SUCCESS on success, and (nothing written) when SOFTDPA_TRACE is unset;
 * DOCA_ERROR_IO_FAILED when the file cannot be opened or written; DOCA_ERROR_NO_MEMORY when
 * the events cannot be sorted (the file is not written).
 * @note The file is also written at exit. Each write is complete, so the file opens in
 * ui.perfetto.dev after any flush.
 */
DOCA_EXPERIMENTAL doca_error_t softdpa_trace_flush(void);

/**
 * @brief Switch the emulated NIC's clock (meter token buckets, entry aging) to a manual clock
 * that stands at start_ns until softdpa_clock_advance() moves it: a test gets the same
 * colors and the same aging whatever the machine's load. Without this call the NIC clock is
 * the host's CLOCK_MONOTONIC.
 *
 * @param [in] start_ns
 * The time the manual clock starts at, in nanoseconds (only differences matter).
 * @return DOCA_SUCCESS.
 * @note Process-wide; may be called at any time, also while traffic flows. Meters and aging
 * measure elapsed time, so a jump backwards counts as no time elapsed.
 */
DOCA_EXPERIMENTAL doca_error_t softdpa_clock_set_manual(uint64_t start_ns);

/**
 * @brief Advance the manual NIC clock (softdpa_clock_set_manual()).
 *
 * @param [in] ns
 * Nanoseconds to add.
 * @return DOCA_SUCCESS on success; DOCA_ERROR_BAD_STATE when the NIC clock is the real clock;
 * DOCA_ERROR_INVALID_VALUE when the clock would wrap past UINT64_MAX.
 */
DOCA_EXPERIMENTAL doca_error_t softdpa_clock_advance(uint64_t ns);

/**
 * @brief Give the NIC clock back to the host's CLOCK_MONOTONIC.
 *
 * @return DOCA_SUCCESS.
 */
DOCA_EXPERIMENTAL doca_error_t softdpa_clock_set_real(void);

/**
 * @brief Read the NIC clock.
 *
 * @return Nanoseconds: the manual time, or CLOCK_MONOTONIC.
 */
DOCA_EXPERIMENTAL uint64_t softdpa_clock_now(void);

#ifdef __cplusplus
}
#endif

#endif /* SOFTDPA_H_ */
