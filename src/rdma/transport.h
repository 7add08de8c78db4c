/* SPDX-License-Identifier: BSD-3-Clause
 * The carrier between queue pairs (docs/DPA.md, "RDMA: the queue-pair engine"). The engine
 * (qp.c) speaks in packets shaped like RoCEv2's IB transport headers -- a BTH (opcode,
 * destination QP, PSN), a RETH (virtual address, rkey, length), an ImmDt, an AtomicETH, an
 * AETH (ACK/NAK syndrome, MSN) and an AtomicAckETH -- and hands each to a transport. Today's
 * one transport, sdpa_rdma_local_transport, delivers a packet to a queue pair of this process
 * by a direct call. A carrier between processes encodes the same fields as RoCEv2 frames
 * (UDP port 4791, ICRC) and feeds received ones to sdpa_qp_rx; nothing else changes.
 * Internal to src/rdma.
 */
#ifndef SDPA_RDMA_TRANSPORT_H
#define SDPA_RDMA_TRANSPORT_H

#include <stdbool.h>
#include <stdint.h>

/* IB transport opcodes of the RC service (BTH.OpCode). The engine speaks in whole messages
 * (the _ONLY opcodes, READ_RESPONSE_ONLY); a wire carrier segments them at the path MTU into
 * _FIRST/_MIDDLE/_LAST packets and reassembles them before sdpa_qp_rx. A message of n
 * packets takes n PSNs (a read request: as many as its response has packets). */
enum sdpa_ib_opcode {
	SDPA_IB_SEND_FIRST = 0x00,
	SDPA_IB_SEND_MIDDLE = 0x01,
	SDPA_IB_SEND_LAST = 0x02,
	SDPA_IB_SEND_LAST_IMM = 0x03,
	SDPA_IB_SEND_ONLY = 0x04,
	SDPA_IB_SEND_ONLY_IMM = 0x05,
	SDPA_IB_WRITE_FIRST = 0x06,
	SDPA_IB_WRITE_MIDDLE = 0x07,
	SDPA_IB_WRITE_LAST = 0x08,
	SDPA_IB_WRITE_LAST_IMM = 0x09,
	SDPA_IB_WRITE_ONLY = 0x0a,
	SDPA_IB_WRITE_ONLY_IMM = 0x0b,
	SDPA_IB_READ_REQUEST = 0x0c,
	SDPA_IB_READ_RESPONSE_FIRST = 0x0d,
	SDPA_IB_READ_RESPONSE_MIDDLE = 0x0e,
	SDPA_IB_READ_RESPONSE_LAST = 0x0f,
	SDPA_IB_READ_RESPONSE_ONLY = 0x10,
	SDPA_IB_ACKNOWLEDGE = 0x11,
	SDPA_IB_ATOMIC_ACKNOWLEDGE = 0x12,
	SDPA_IB_CMP_SWAP = 0x13,
	SDPA_IB_FETCH_ADD = 0x14,
};

/* AETH syndromes (ACK, RNR NAK, NAK codes). On the wire an RNR NAK's low 5 bits carry the
 * responder's minimum RNR timer (struct sdpa_rdma_pkt.rnr_timer). */
enum sdpa_ib_syndrome {
	SDPA_AETH_ACK = 0x00,
	SDPA_AETH_RNR_NAK = 0x20,
	SDPA_AETH_NAK_PSN_SEQ = 0x60,
	SDPA_AETH_NAK_INV_REQ = 0x61,
	SDPA_AETH_NAK_REM_ACCESS = 0x62,
	SDPA_AETH_NAK_REM_OP = 0x63,
};

struct sdpa_rdma_pkt {
	uint8_t opcode;    /* enum sdpa_ib_opcode */
	uint32_t src_qpn;  /* the sender's QP (RoCEv2 carries it in the path; here explicit) */
	uint32_t dst_qpn;  /* BTH.DestQP */
	uint32_t psn;      /* BTH.PSN, 24 bits: a request's first PSN; an ACK's: the last PSN of
	                    * the message it answers; a read response's: the read's first PSN */
	uint64_t va;       /* RETH / AtomicETH */
	uint32_t rkey;     /* RETH / AtomicETH */
	uint32_t dma_len;  /* RETH */
	uint32_t imm;      /* ImmDt */
	uint64_t swap_add; /* AtomicETH */
	uint64_t compare;  /* AtomicETH */
	uint8_t syndrome;  /* AETH */
	uint8_t rnr_timer; /* AETH of an RNR NAK: IB's 5-bit RNR timer code */
	uint32_t msn;      /* AETH.MSN: messages the responder completed, 24 bits */
	uint64_t orig;     /* AtomicAckETH */
	const void *payload;
	uint32_t payload_len;
	/* Set by a carrier that reassembles messages: a packet of this message is missing (its
	 * payload is absent). psn: the message's first PSN when its first packet came, else the
	 * PSN of the packet after the gap. A request's responder answers it as the sequence
	 * error it is on a NIC (a PSN-sequence NAK), a read response's requester retries the
	 * read at once (IB's implied NAK): the retransmission timer is left for what a wire
	 * cannot tell (a lost last packet or answer). */
	bool broken;
};

struct sdpa_rdma_transport {
	const char *name;
	/* Carry 'pkt' to QP pkt->dst_qpn. True when it was taken by a QP that accepts packets
	 * from pkt->src_qpn; false when it was dropped (no such QP, or one not connected to the
	 * sender) -- a wire carrier cannot tell and lets the requester's timer find out. The
	 * packet (and its payload) is only valid during the call. */
	bool (*xmit)(const struct sdpa_rdma_pkt *pkt);
	/* The responder that sent QP 'qpn' an RNR NAK has a receive again: retry now. NULL for
	 * a wire carrier, which has no such signal: the requester retries on its RNR timer. */
	void (*rnr_ready)(uint32_t qpn);
	/* A carrier that can lose or reorder packets: the engine runs the requester's
	 * retransmission timer (retry count) and RNR timer for the QPs connected over it
	 * (sdpa_qp_timers), instead of relying on xmit's "taken" and on rnr_ready. */
	bool lossy;
};

/* The in-process transport (transport_local.c). */
extern const struct sdpa_rdma_transport sdpa_rdma_local_transport;

/* Engine entry points a transport calls (qp.c). */
bool sdpa_qp_rx(const struct sdpa_rdma_pkt *pkt);
void sdpa_qp_rnr_ready(uint32_t qpn);
/* Run the timers of QPs on a lossy carrier at monotonic time 'now_ns' (the carrier's thread
 * calls it about every millisecond): retransmit after the ACK timeout (the QP moves to the
 * error state after retry_cnt retransmissions without progress), retry after an RNR wait. */
void sdpa_qp_timers(uint64_t now_ns);
/* The timer settings of QPs connected from now on (IB's encodings): ack_timeout: 4.096 us *
 * 2^ack_timeout (1..31); retry_cnt: 0..7 retransmissions; min_rnr_timer: the 5-bit RNR NAK
 * timer code a responder sends (IBTA table "Encoding for RNR NAK Timer Field"). */
void sdpa_qp_set_timers(uint8_t ack_timeout, uint8_t retry_cnt, uint8_t min_rnr_timer);

/* The wire carrier (transport_wire.c): RoCEv2 packets in UDP datagrams between processes
 * (docs/DPA.md, "RDMA: the wire carrier"). */
extern const struct sdpa_rdma_transport sdpa_rdma_wire_transport;

/* This process's carrier endpoint, opened on first use (a UDP socket and its receive
 * thread): IPv4 address and port in network byte order, and a number unique to this
 * process (a forked child gets its own). 0, or -1 with one line logged. */
int sdpa_rdma_wire_local(uint32_t *ip_be, uint16_t *port_be, uint64_t *proc);
/* A number unique to this process (no socket opened). */
uint64_t sdpa_rdma_wire_proc(void);
/* Route local QP 'qpn' to remote QP 'remote_qpn' at ip_be:port_be; the GIDs' IPv4 addresses
 * make the pseudo IP header of the ICRC and of the capture; mtu in bytes. 0 or -1. */
int sdpa_rdma_wire_route(uint32_t qpn, uint32_t remote_qpn, uint32_t ip_be, uint16_t port_be,
                         const uint8_t local_gid[16], const uint8_t remote_gid[16], uint32_t mtu);
/* Forget QP 'qpn''s route (before the QP is destroyed). */
void sdpa_rdma_wire_unroute(uint32_t qpn);
/* The carrier's counters since the process opened it (datagrams). */
struct sdpa_rdma_wire_stats {
	uint64_t tx, rx, lost, reordered, bad_icrc, no_route;
};
void sdpa_rdma_wire_get_stats(struct sdpa_rdma_wire_stats *st);

#endif
