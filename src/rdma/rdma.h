/* SPDX-License-Identifier: BSD-3-Clause
 * The RDMA layer as the DPA layer sees it (docs/DPA.md, "RDMA"): functions and enums only,
 * no struct layout. The RDMA layer (src/rdma) depends on core alone; what it needs from the
 * DPA -- memory registrations (doca_mmap), DPA completion contexts, DPA context checks -- it
 * reaches through the hooks the DPA layer registers here (sdpa_rdma_set_dpa_hooks), and the
 * DPA layer posts kernels' work requests with sdpa_rdma_dev_post*.
 */
#ifndef SDPA_RDMA_RDMA_H
#define SDPA_RDMA_RDMA_H

#include <stdbool.h>
#include <stdint.h>

/* Access a work request needs on a memory registration. Same bits as enum doca_access_flag
 * (LOCAL_READ_WRITE, RDMA_READ, RDMA_WRITE, RDMA_ATOMIC); 0 = local read, always allowed. */
enum sdpa_mr_access {
	SDPA_MR_LOCAL_WRITE = 1u << 0,
	SDPA_MR_REMOTE_READ = 1u << 1,
	SDPA_MR_REMOTE_WRITE = 1u << 2,
	SDPA_MR_REMOTE_ATOMIC = 1u << 3,
};

enum sdpa_mr_status {
	SDPA_MR_OK,
	SDPA_MR_BAD_KEY, /* no started mmap has this handle */
	SDPA_MR_RANGE,   /* the range is not inside the mmap */
	SDPA_MR_ACCESS,  /* the mmap's permissions lack the access */
};

/* What a work request asks for (the IB verbs opcodes the DPA calls map to). */
enum sdpa_wr_opcode {
	SDPA_WR_SEND,
	SDPA_WR_SEND_IMM,
	SDPA_WR_WRITE,
	SDPA_WR_WRITE_IMM,
	SDPA_WR_READ,
	SDPA_WR_FETCH_ADD,
	SDPA_WR_CMP_SWAP,
	SDPA_WR_SIGNAL_SET, /* set a remote-net sync event: an 8-byte write to its key */
	SDPA_WR_SIGNAL_ADD, /* add to one: a fetch-add on its key */
};

/* The rkey of a remote-net sync event (raddr: the event's exported id). No mmap handle has
 * this value. */
#define SDPA_RKEY_SYNC_EVENT 0xffffffffu

/* The kind of a work completion. */
enum sdpa_wc_opcode {
	SDPA_WC_SEND, /* requester side: any send-queue work request */
	SDPA_WC_RECV,
	SDPA_WC_RECV_IMM,       /* a send with immediate arrived */
	SDPA_WC_RECV_WRITE_IMM, /* a write with immediate arrived */
};

/* The status of a work completion (the IB verbs statuses softdpa produces). */
enum sdpa_wc_status {
	SDPA_WC_OK,
	SDPA_WC_LOC_LEN_ERR,       /* a receive buffer shorter than the message */
	SDPA_WC_LOC_PROT_ERR,      /* local memory not registered, out of range or not writable */
	SDPA_WC_WR_FLUSH_ERR,      /* the queue was in error when the request was processed */
	SDPA_WC_REM_ACCESS_ERR,    /* the peer's memory lacks the access (rkey, range, flags) */
	SDPA_WC_REM_INV_REQ_ERR,   /* the peer could not take the request (e.g. too long) */
	SDPA_WC_RETRY_EXC_ERR,     /* the peer never answered (not connected to us) */
	SDPA_WC_RNR_RETRY_EXC_ERR, /* the peer had no receive posted, retries exhausted */
	SDPA_WC_LOC_QP_OP_ERR,     /* posted on a queue that is not connected */
};

/* Resolve 'key' (a doca_dpa_dev_mmap_t) for [addr, addr+len) with 'access': the host address
 * of addr, or NULL with *st saying why. */
typedef void *(*sdpa_mr_resolve_fn)(uint32_t key, uint64_t addr, uint64_t len, uint32_t access,
                                    enum sdpa_mr_status *st);
/* Deliver one completion of connection 'conn_id' to a DPA completion context ('comp' as
 * attached); false when the context refused it (overflow; the hook logs). */
typedef bool (*sdpa_comp_post_fn)(void *comp, enum sdpa_wc_opcode op, enum sdpa_wc_status st,
                                  uint32_t wr_index, uint32_t immediate, uint32_t conn_id);
/* True when 'obj' is a live object of the kind the hook checks. */
typedef bool (*sdpa_obj_valid_fn)(const void *obj);
/* The device of a live DPA context (an extended context's: the device it was extended to),
 * or NULL when 'dpa' is not one. */
typedef const void *(*sdpa_dpa_dev_fn)(const void *dpa);

/* Set (add false) or add to the remote-net sync event 'event' (its exported id); false when
 * it names no started event published by the network (the hook logs why). */
typedef bool (*sdpa_event_signal_fn)(uint64_t event, bool add, uint64_t value);
void sdpa_rdma_set_event_hook(sdpa_event_signal_fn fn);

/* Registered by the DPA layer (idempotent; every argument non-NULL). */
void sdpa_rdma_set_dpa_hooks(sdpa_mr_resolve_fn mr, sdpa_comp_post_fn comp_post,
                             sdpa_dpa_dev_fn dpa_dev, sdpa_obj_valid_fn comp_valid);

/* Outcome of a device post, for the DPA layer's diagnostics. */
enum sdpa_rdma_post {
	SDPA_RDMA_POSTED,     /* queued (its completion reports how it ended) */
	SDPA_RDMA_BAD_HANDLE, /* not a started RDMA context with a DPA data path */
	SDPA_RDMA_BAD_CONN,   /* no such connection id */
	SDPA_RDMA_BAD_ARG,    /* e.g. an atomic address not 8-byte aligned */
};

/* Post a send-queue work request from a kernel on connection 'conn_id' of the RDMA context
 * whose DPA handle is 'rdma'. lkey/laddr: local memory (source; READ: destination; atomics:
 * 0 = the result is discarded); rkey/raddr: the peer's memory (WRITE, READ, atomics; the
 * signals: SDPA_RKEY_SYNC_EVENT and the event's id); imm: immediate data, the atomic operand
 * or the signal's count; swap: CMP_SWAP's swap value. A signalled request
 * reports its completion even when it succeeds; errors are always reported. */
enum sdpa_rdma_post sdpa_rdma_dev_post(uint64_t rdma, uint32_t conn_id, enum sdpa_wr_opcode op,
                                       uint32_t lkey, uint64_t laddr, uint64_t len, uint32_t rkey,
                                       uint64_t raddr, uint64_t imm, uint64_t swap, bool signaled);
/* Post a receive on the context's (shared) receive queue. */
enum sdpa_rdma_post sdpa_rdma_dev_post_recv(uint64_t rdma, uint32_t lkey, uint64_t addr,
                                            uint64_t len);
/* The DPA handle of a live, started RDMA context with a DPA data path? */
bool sdpa_rdma_dev_handle_ok(uint64_t rdma);
/* One line describing the context behind a DPA handle ("RDMA context 3 on mlx5_0"). */
void sdpa_rdma_describe(uint64_t rdma, char *buf, unsigned int size);

/* ---- DOCA Verbs queue pairs (verbs_qp.c) ----
 * A Verbs QP is a queue pair of the engine with its own receive queue; the DPA layer
 * (src/dpa/verbs.c) runs its state machine and calls these at each transition. */
struct sdpa_vqp;

/* A completion of a Verbs QP: as the engine reports it (conn_id: unused, 0). */
typedef void (*sdpa_vqp_complete_fn)(void *owner, uint32_t conn_id, enum sdpa_wc_opcode op,
                                     enum sdpa_wc_status st, uint32_t wr_index, uint32_t imm);

/* A QP with 'sq_size' send and 'rq_size' receive entries; NULL when out of memory or QPNs. */
struct sdpa_vqp *sdpa_vqp_create(uint32_t sq_size, uint32_t rq_size, sdpa_vqp_complete_fn fn,
                                 void *owner, const char *name);
/* Requests not completed are dropped; their count goes to *pending (may be NULL). */
void sdpa_vqp_destroy(struct sdpa_vqp *vqp, unsigned int *pending);
uint32_t sdpa_vqp_num(const struct sdpa_vqp *vqp);
/* What the peer may do to this QP's memory (enum sdpa_mr_access remote bits), RNR retries. */
void sdpa_vqp_set_access(struct sdpa_vqp *vqp, uint32_t access, uint8_t rnr_retry);
/* RTR: towards remote QP 'remote_qpn' at GID 'remote_gid' (sdpa_rdma_gid of its process:
 * this process's QPs by the in-process transport, another's over the RoCEv2 carrier), from
 * 'local_gid', expecting PSN 'rq_psn', path MTU 'mtu' bytes. 0; -1 when no route could be
 * made (logged); -2 when the GID names this process and no QP has 'remote_qpn'. */
int sdpa_vqp_connect(struct sdpa_vqp *vqp, uint32_t remote_qpn, const uint8_t local_gid[16],
                     const uint8_t remote_gid[16], uint32_t rq_psn, uint32_t mtu);
/* This QP's IB timer settings (encodings): the carrier's retransmission and RNR timers use
 * them (after the connect; again when RTS gives ack_timeout and retry_cnt). */
void sdpa_vqp_set_timers(struct sdpa_vqp *vqp, uint8_t ack_timeout, uint8_t retry_cnt,
                         uint8_t min_rnr_timer);
/* RTS: the first PSN of this QP's requests. */
void sdpa_vqp_set_sq_psn(struct sdpa_vqp *vqp, uint32_t sq_psn);
/* Move to the error state: outstanding requests complete with WR_FLUSH_ERR. */
void sdpa_vqp_set_error(struct sdpa_vqp *vqp);
/* Post a send-queue request (as sdpa_rdma_dev_post) / a receive. A receive on a full queue
 * answers SDPA_RDMA_BAD_ARG. */
enum sdpa_rdma_post sdpa_vqp_post(struct sdpa_vqp *vqp, enum sdpa_wr_opcode op, uint32_t lkey,
                                  uint64_t laddr, uint64_t len, uint32_t rkey, uint64_t raddr,
                                  uint64_t imm, uint64_t swap, bool signaled);
enum sdpa_rdma_post sdpa_vqp_post_recv(struct sdpa_vqp *vqp, uint32_t lkey, uint64_t addr,
                                       uint64_t len);
/* GID 'index' of emulated device 'dev_id' as softdpa's devices report it: the address of
 * this process's carrier endpoint (verbs_qp.c). */
void sdpa_rdma_gid(uint32_t dev_id, uint32_t index, uint8_t gid[16]);

#endif
