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

/* IB transport opcodes of the RC service (BTH.OpCode), the ones softdpa's messages use:
 * every message fits one packet in-process (a wire carrier segments at the path MTU). */
enum sdpa_ib_opcode {
	SDPA_IB_SEND_ONLY = 0x04,
	SDPA_IB_SEND_ONLY_IMM = 0x05,
	SDPA_IB_WRITE_ONLY = 0x0a,
	SDPA_IB_WRITE_ONLY_IMM = 0x0b,
	SDPA_IB_READ_REQUEST = 0x0c,
	SDPA_IB_READ_RESPONSE_ONLY = 0x10,
	SDPA_IB_ACKNOWLEDGE = 0x11,
	SDPA_IB_ATOMIC_ACKNOWLEDGE = 0x12,
	SDPA_IB_CMP_SWAP = 0x13,
	SDPA_IB_FETCH_ADD = 0x14,
};

/* AETH syndromes (ACK, RNR NAK, NAK codes). */
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
	uint32_t psn;      /* BTH.PSN, 24 bits */
	uint64_t va;       /* RETH / AtomicETH */
	uint32_t rkey;     /* RETH / AtomicETH */
	uint32_t dma_len;  /* RETH */
	uint32_t imm;      /* ImmDt */
	uint64_t swap_add; /* AtomicETH */
	uint64_t compare;  /* AtomicETH */
	uint8_t syndrome;  /* AETH */
	uint64_t orig;     /* AtomicAckETH */
	const void *payload;
	uint32_t payload_len;
};

struct sdpa_rdma_transport {
	const char *name;
	/* Carry 'pkt' to QP pkt->dst_qpn. True when it was taken by a QP that accepts packets
	 * from pkt->src_qpn; false when it was dropped (no such QP, or one not connected to the
	 * sender) -- a wire carrier cannot tell and lets the requester's timer find out. The
	 * packet (and its payload) is only valid during the call. */
	bool (*xmit)(const struct sdpa_rdma_pkt *pkt);
	/* The responder that sent QP 'qpn' an RNR NAK has a receive again: retry now. A wire
	 * carrier has no such signal and retries on the RNR timer instead. */
	void (*rnr_ready)(uint32_t qpn);
};

/* The in-process transport (transport_local.c). */
extern const struct sdpa_rdma_transport sdpa_rdma_local_transport;

/* Engine entry points a transport calls (qp.c). */
bool sdpa_qp_rx(const struct sdpa_rdma_pkt *pkt);
void sdpa_qp_rnr_ready(uint32_t qpn);

#endif
