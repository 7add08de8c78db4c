/* SPDX-License-Identifier: BSD-3-Clause */
/**
 * @file
 * softdpa — doca_dpa_dev_verbs.h: DOCA Verbs queues (QP, SRQ, Ethernet SQ/RQ) driven from
 * DPA kernels: building work requests, posting and committing them.
 *
 * The work-request and scatter-gather accessors are real (plain memory in the caller's
 * structures, defined inline here). The queues are not emulated: no DOCA Verbs queue can be
 * created on the host (doca_verbs.h), so no kernel holds a valid handle. A kernel calling a
 * queue function builds and links as with DOCA; at run time softdpa logs one line naming the
 * call, and
 *   - a call that reports failure in its return value (the post_* calls, documented to
 *     return 0 on failure) answers 0;
 *   - any other call ends the kernel with a device fault: the DPA context enters its error
 *     state (doca_dpa_peek_at_last_error), the launch never completes, an RPC answers an
 *     error (docs/DPA.md).
 */
#ifndef DOCA_DPA_DEV_VERBS_H_
#define DOCA_DPA_DEV_VERBS_H_

#include "doca_dpa_dev.h"

#ifdef __cplusplus
extern "C" {
#endif

/** @brief A Verbs queue pair, as kernels see it (host: doca_verbs_qp_get_dpa_handle). */
typedef uint64_t doca_dpa_dev_verbs_qp_t;

/** @brief A Verbs shared receive queue, as kernels see it. */
typedef uint64_t doca_dpa_dev_verbs_srq_t;

/** @brief A Verbs Ethernet send queue, as kernels see it. */
typedef uint64_t doca_dpa_dev_verbs_eth_sq_t;

/** @brief A Verbs Ethernet receive queue, as kernels see it. */
typedef uint64_t doca_dpa_dev_verbs_eth_rq_t;

/** @brief A send work request; opaque, use the accessors below. */
struct doca_dpa_dev_verbs_send_wr {
	uint8_t rsvd[64]; /**< opaque contents */
} __attribute__((__packed__, aligned(8)));

/** @brief A receive work request; opaque, use the accessors below. */
struct doca_dpa_dev_verbs_recv_wr {
	uint8_t rsvd[12]; /**< opaque contents */
} __attribute__((__packed__, aligned(8)));

/** @brief What a send work request does. */
enum doca_dpa_dev_verbs_send_wr_opcode {
	DOCA_DPA_DEV_VERBS_SEND_WR_OPCODE_WRITE = 0x8,             /**< RDMA write */
	DOCA_DPA_DEV_VERBS_SEND_WR_OPCODE_WRITE_WITH_IMM = 0x9,    /**< RDMA write with immediate */
	DOCA_DPA_DEV_VERBS_SEND_WR_OPCODE_SEND = 0xA,              /**< send */
	DOCA_DPA_DEV_VERBS_SEND_WR_OPCODE_SEND_WITH_IMM = 0xB,     /**< send with immediate */
	DOCA_DPA_DEV_VERBS_SEND_WR_OPCODE_READ = 0x10,             /**< RDMA read */
	DOCA_DPA_DEV_VERBS_SEND_WR_OPCODE_ATOMIC_FETCH_ADD = 0x12, /**< atomic fetch and add */
};

/** @brief Flags of a send work request. */
enum doca_dpa_dev_verbs_send_wr_flags {
	DOCA_DPA_DEV_VERBS_SEND_WR_FLAGS_SIGNALED = 1 << 1,  /**< report a completion */
	DOCA_DPA_DEV_VERBS_SEND_WR_FLAGS_SOLICITED = 1 << 2, /**< raise a solicited event */
};

/** @brief How a shared receive queue stores its receive work requests. */
enum doca_dpa_dev_verbs_srq_type {
	DOCA_DPA_DEV_VERBS_SRQ_TYPE_LINKED_LIST = 0x0, /**< a linked list */
	DOCA_DPA_DEV_VERBS_SRQ_TYPE_CONTIGUOUS = 0x1,  /**< a contiguous ring */
};

/** @brief Ordering of a send work request against the ones before it. */
enum doca_dpa_dev_verbs_send_wr_fm {
	DOCA_DPA_DEV_VERBS_SEND_WR_FM_NO_FENCE = 0x0,              /**< no ordering */
	DOCA_DPA_DEV_VERBS_SEND_WR_FM_INITIATOR_SMALL_FENCE = 0x1, /**< after local operations */
	DOCA_DPA_DEV_VERBS_SEND_WR_FM_FENCE = 0x2,                 /**< after reads and atomics */
	DOCA_DPA_DEV_VERBS_SEND_WR_FM_STRONG_ORDERING_FENCE = 0x3, /**< after everything (RC) */
	DOCA_DPA_DEV_VERBS_SEND_WR_FM_FENCE_AND_INITIATOR_SMALL_FENCE = 0x4, /**< both fences */
};

#ifndef DOCA_DPA_DEV_VERBS_SGE_TERMINATING_LKEY
/** @brief lkey that ends a scatter-gather list shorter than the receive WR's capacity. */
#define DOCA_DPA_DEV_VERBS_SGE_TERMINATING_LKEY (0x100)
#endif

/** @brief One scatter-gather element: a range of registered memory. */
struct doca_dpa_dev_verbs_sge {
	uint64_t addr;   /**< start address */
	uint32_t length; /**< bytes */
	uint32_t lkey;   /**< local key of the memory */
};

/** @cond SOFTDPA_PRIVATE */
/* softdpa's layout of the opaque work requests (private; the accessors below use it). The
 * remote address and key are shared by RDMA and atomic operations, as in a hardware WQE. */
struct softdpa_verbs_send_wr_fields {
	uint64_t sg_list;
	uint64_t remote_addr;
	uint64_t compare_add;
	uint64_t swap;
	uint32_t num_sge;
	uint32_t opcode;
	uint32_t send_flags;
	uint32_t fence_mode;
	uint32_t imm_data;
	uint32_t invalidate_rkey;
	uint32_t rkey;
};

struct softdpa_verbs_recv_wr_fields {
	uint64_t sg_list;
	uint32_t num_sge;
};

#define SOFTDPA_VERBS_WR_GET(wr, type, field, out)                                                 \
	__builtin_memcpy(&(out), (const uint8_t *)(wr) + __builtin_offsetof(type, field),          \
	                 sizeof(out))
#define SOFTDPA_VERBS_WR_SET(wr, type, field, in)                                                  \
	__builtin_memcpy((uint8_t *)(wr) + __builtin_offsetof(type, field), &(in), sizeof(in))
/** @endcond */

/**
 * @brief Set the scatter-gather list of a send work request.
 *
 * @param [in] send_wr
 * The work request.
 * @param [in] sg_list
 * The list (kept by reference: it must outlive the post).
 */
__forceinline void
doca_dpa_dev_verbs_send_wr_set_sg_list(struct doca_dpa_dev_verbs_send_wr *send_wr,
                                       struct doca_dpa_dev_verbs_sge *sg_list)
{
	uint64_t v = (uint64_t)(uintptr_t)sg_list;

	SOFTDPA_VERBS_WR_SET(send_wr, struct softdpa_verbs_send_wr_fields, sg_list, v);
}

/**
 * @brief The scatter-gather list of a send work request.
 *
 * @param [in] send_wr
 * The work request.
 * @return The list.
 */
__forceinline struct doca_dpa_dev_verbs_sge *
doca_dpa_dev_verbs_send_wr_get_sg_list(struct doca_dpa_dev_verbs_send_wr *send_wr)
{
	uint64_t v;

	SOFTDPA_VERBS_WR_GET(send_wr, struct softdpa_verbs_send_wr_fields, sg_list, v);
	return (struct doca_dpa_dev_verbs_sge *)(uintptr_t)v;
}

/**
 * @brief Set the number of scatter-gather elements of a send work request.
 *
 * @param [in] send_wr
 * The work request.
 * @param [in] num_sge
 * Elements in the list.
 */
__forceinline void
doca_dpa_dev_verbs_send_wr_set_sg_num_sge(struct doca_dpa_dev_verbs_send_wr *send_wr,
                                          uint32_t num_sge)
{
	SOFTDPA_VERBS_WR_SET(send_wr, struct softdpa_verbs_send_wr_fields, num_sge, num_sge);
}

/**
 * @brief The number of scatter-gather elements of a send work request.
 *
 * @param [in] send_wr
 * The work request.
 * @return Elements in the list.
 */
__forceinline uint32_t
doca_dpa_dev_verbs_send_wr_get_sg_num_sge(struct doca_dpa_dev_verbs_send_wr *send_wr)
{
	uint32_t v;

	SOFTDPA_VERBS_WR_GET(send_wr, struct softdpa_verbs_send_wr_fields, num_sge, v);
	return v;
}

/**
 * @brief Set the operation of a send work request.
 *
 * @param [in] send_wr
 * The work request.
 * @param [in] opcode
 * The operation.
 */
__forceinline void
doca_dpa_dev_verbs_send_wr_set_opcode(struct doca_dpa_dev_verbs_send_wr *send_wr,
                                      enum doca_dpa_dev_verbs_send_wr_opcode opcode)
{
	uint32_t v = (uint32_t)opcode;

	SOFTDPA_VERBS_WR_SET(send_wr, struct softdpa_verbs_send_wr_fields, opcode, v);
}

/**
 * @brief The operation of a send work request.
 *
 * @param [in] send_wr
 * The work request.
 * @return The operation.
 */
__forceinline enum doca_dpa_dev_verbs_send_wr_opcode
doca_dpa_dev_verbs_send_wr_get_opcode(struct doca_dpa_dev_verbs_send_wr *send_wr)
{
	uint32_t v;

	SOFTDPA_VERBS_WR_GET(send_wr, struct softdpa_verbs_send_wr_fields, opcode, v);
	return (enum doca_dpa_dev_verbs_send_wr_opcode)v;
}

/**
 * @brief Set the flags of a send work request.
 *
 * @param [in] send_wr
 * The work request.
 * @param [in] send_flags
 * Bitwise OR of enum doca_dpa_dev_verbs_send_wr_flags.
 */
__forceinline void
doca_dpa_dev_verbs_send_wr_set_send_flags(struct doca_dpa_dev_verbs_send_wr *send_wr,
                                          unsigned int send_flags)
{
	uint32_t v = send_flags;

	SOFTDPA_VERBS_WR_SET(send_wr, struct softdpa_verbs_send_wr_fields, send_flags, v);
}

/**
 * @brief The flags of a send work request.
 *
 * @param [in] send_wr
 * The work request.
 * @return Bitwise OR of enum doca_dpa_dev_verbs_send_wr_flags.
 */
__forceinline unsigned int
doca_dpa_dev_verbs_send_wr_get_send_flags(struct doca_dpa_dev_verbs_send_wr *send_wr)
{
	uint32_t v;

	SOFTDPA_VERBS_WR_GET(send_wr, struct softdpa_verbs_send_wr_fields, send_flags, v);
	return v;
}

/**
 * @brief Set the fence mode of a send work request.
 *
 * @param [in] send_wr
 * The work request.
 * @param [in] fence_mode
 * The ordering against earlier work requests.
 */
__forceinline void
doca_dpa_dev_verbs_send_wr_set_fence_mode(struct doca_dpa_dev_verbs_send_wr *send_wr,
                                          enum doca_dpa_dev_verbs_send_wr_fm fence_mode)
{
	uint32_t v = (uint32_t)fence_mode;

	SOFTDPA_VERBS_WR_SET(send_wr, struct softdpa_verbs_send_wr_fields, fence_mode, v);
}

/**
 * @brief The fence mode of a send work request.
 *
 * @param [in] send_wr
 * The work request.
 * @return The ordering against earlier work requests.
 */
__forceinline enum doca_dpa_dev_verbs_send_wr_fm
doca_dpa_dev_verbs_send_wr_get_fence_mode(struct doca_dpa_dev_verbs_send_wr *send_wr)
{
	uint32_t v;

	SOFTDPA_VERBS_WR_GET(send_wr, struct softdpa_verbs_send_wr_fields, fence_mode, v);
	return (enum doca_dpa_dev_verbs_send_wr_fm)v;
}

/**
 * @brief Set the immediate data of a send work request (the *_WITH_IMM opcodes).
 *
 * @param [in] send_wr
 * The work request.
 * @param [in] imm_data
 * The immediate data.
 */
__forceinline void
doca_dpa_dev_verbs_send_wr_set_imm_data(struct doca_dpa_dev_verbs_send_wr *send_wr,
                                        uint32_t imm_data)
{
	SOFTDPA_VERBS_WR_SET(send_wr, struct softdpa_verbs_send_wr_fields, imm_data, imm_data);
}

/**
 * @brief The immediate data of a send work request.
 *
 * @param [in] send_wr
 * The work request.
 * @return The immediate data.
 */
__forceinline uint32_t
doca_dpa_dev_verbs_send_wr_get_imm_data(struct doca_dpa_dev_verbs_send_wr *send_wr)
{
	uint32_t v;

	SOFTDPA_VERBS_WR_GET(send_wr, struct softdpa_verbs_send_wr_fields, imm_data, v);
	return v;
}

/**
 * @brief Set the remote key a send work request invalidates.
 *
 * @param [in] send_wr
 * The work request.
 * @param [in] invalidate_rkey
 * The key.
 */
__forceinline void
doca_dpa_dev_verbs_send_wr_set_invalidate_rkey(struct doca_dpa_dev_verbs_send_wr *send_wr,
                                               uint32_t invalidate_rkey)
{
	SOFTDPA_VERBS_WR_SET(send_wr, struct softdpa_verbs_send_wr_fields, invalidate_rkey,
	                     invalidate_rkey);
}

/**
 * @brief The remote key a send work request invalidates.
 *
 * @param [in] send_wr
 * The work request.
 * @return The key.
 */
__forceinline uint32_t
doca_dpa_dev_verbs_send_wr_get_invalidate_rkey(struct doca_dpa_dev_verbs_send_wr *send_wr)
{
	uint32_t v;

	SOFTDPA_VERBS_WR_GET(send_wr, struct softdpa_verbs_send_wr_fields, invalidate_rkey, v);
	return v;
}

/**
 * @brief Set the remote address of an RDMA read or write.
 *
 * @param [in] send_wr
 * The work request.
 * @param [in] remote_addr
 * The peer's address.
 */
__forceinline void
doca_dpa_dev_verbs_send_wr_set_rdma_remote_addr(struct doca_dpa_dev_verbs_send_wr *send_wr,
                                                uint64_t remote_addr)
{
	SOFTDPA_VERBS_WR_SET(send_wr, struct softdpa_verbs_send_wr_fields, remote_addr,
	                     remote_addr);
}

/**
 * @brief The remote address of an RDMA read or write.
 *
 * @param [in] send_wr
 * The work request.
 * @return The peer's address.
 */
__forceinline uint64_t
doca_dpa_dev_verbs_send_wr_get_rdma_remote_addr(struct doca_dpa_dev_verbs_send_wr *send_wr)
{
	uint64_t v;

	SOFTDPA_VERBS_WR_GET(send_wr, struct softdpa_verbs_send_wr_fields, remote_addr, v);
	return v;
}

/**
 * @brief Set the remote key of an RDMA read or write.
 *
 * @param [in] send_wr
 * The work request.
 * @param [in] rkey
 * The peer's key.
 */
__forceinline void
doca_dpa_dev_verbs_send_wr_set_rdma_rkey(struct doca_dpa_dev_verbs_send_wr *send_wr, uint32_t rkey)
{
	SOFTDPA_VERBS_WR_SET(send_wr, struct softdpa_verbs_send_wr_fields, rkey, rkey);
}

/**
 * @brief The remote key of an RDMA read or write.
 *
 * @param [in] send_wr
 * The work request.
 * @return The peer's key.
 */
__forceinline uint32_t
doca_dpa_dev_verbs_send_wr_get_rdma_rkey(struct doca_dpa_dev_verbs_send_wr *send_wr)
{
	uint32_t v;

	SOFTDPA_VERBS_WR_GET(send_wr, struct softdpa_verbs_send_wr_fields, rkey, v);
	return v;
}

/**
 * @brief Set the remote address of an atomic operation.
 *
 * @param [in] send_wr
 * The work request.
 * @param [in] remote_addr
 * The peer's address.
 * @note softdpa: the same field as the RDMA remote address.
 */
__forceinline void
doca_dpa_dev_verbs_send_wr_set_atomic_remote_addr(struct doca_dpa_dev_verbs_send_wr *send_wr,
                                                  uint64_t remote_addr)
{
	SOFTDPA_VERBS_WR_SET(send_wr, struct softdpa_verbs_send_wr_fields, remote_addr,
	                     remote_addr);
}

/**
 * @brief The remote address of an atomic operation.
 *
 * @param [in] send_wr
 * The work request.
 * @return The peer's address.
 */
__forceinline uint64_t
doca_dpa_dev_verbs_send_wr_get_atomic_remote_addr(struct doca_dpa_dev_verbs_send_wr *send_wr)
{
	uint64_t v;

	SOFTDPA_VERBS_WR_GET(send_wr, struct softdpa_verbs_send_wr_fields, remote_addr, v);
	return v;
}

/**
 * @brief Set the value an atomic fetch-and-add adds (or a compare-and-swap compares).
 *
 * @param [in] send_wr
 * The work request.
 * @param [in] compare_add
 * The value.
 */
__forceinline void
doca_dpa_dev_verbs_send_wr_set_atomic_compare_add(struct doca_dpa_dev_verbs_send_wr *send_wr,
                                                  uint64_t compare_add)
{
	SOFTDPA_VERBS_WR_SET(send_wr, struct softdpa_verbs_send_wr_fields, compare_add,
	                     compare_add);
}

/**
 * @brief The add (or compare) value of an atomic operation.
 *
 * @param [in] send_wr
 * The work request.
 * @return The value.
 */
__forceinline uint64_t
doca_dpa_dev_verbs_send_wr_get_atomic_compare_add(struct doca_dpa_dev_verbs_send_wr *send_wr)
{
	uint64_t v;

	SOFTDPA_VERBS_WR_GET(send_wr, struct softdpa_verbs_send_wr_fields, compare_add, v);
	return v;
}

/**
 * @brief Set the swap value of an atomic operation.
 *
 * @param [in] send_wr
 * The work request.
 * @param [in] swap
 * The value.
 */
__forceinline void
doca_dpa_dev_verbs_send_wr_set_atomic_swap(struct doca_dpa_dev_verbs_send_wr *send_wr,
                                           uint64_t swap)
{
	SOFTDPA_VERBS_WR_SET(send_wr, struct softdpa_verbs_send_wr_fields, swap, swap);
}

/**
 * @brief The swap value of an atomic operation.
 *
 * @param [in] send_wr
 * The work request.
 * @return The value.
 */
__forceinline uint64_t
doca_dpa_dev_verbs_send_wr_get_atomic_swap(struct doca_dpa_dev_verbs_send_wr *send_wr)
{
	uint64_t v;

	SOFTDPA_VERBS_WR_GET(send_wr, struct softdpa_verbs_send_wr_fields, swap, v);
	return v;
}

/**
 * @brief Set the remote key of an atomic operation.
 *
 * @param [in] send_wr
 * The work request.
 * @param [in] rkey
 * The peer's key.
 * @note softdpa: the same field as the RDMA remote key.
 */
__forceinline void
doca_dpa_dev_verbs_send_wr_set_atomic_rkey(struct doca_dpa_dev_verbs_send_wr *send_wr,
                                           uint32_t rkey)
{
	SOFTDPA_VERBS_WR_SET(send_wr, struct softdpa_verbs_send_wr_fields, rkey, rkey);
}

/**
 * @brief The remote key of an atomic operation.
 *
 * @param [in] send_wr
 * The work request.
 * @return The peer's key.
 */
__forceinline uint32_t
doca_dpa_dev_verbs_send_wr_get_atomic_rkey(struct doca_dpa_dev_verbs_send_wr *send_wr)
{
	uint32_t v;

	SOFTDPA_VERBS_WR_GET(send_wr, struct softdpa_verbs_send_wr_fields, rkey, v);
	return v;
}

/**
 * @brief Set the scatter-gather list of a receive work request.
 *
 * @param [in] recv_wr
 * The work request.
 * @param [in] sg_list
 * The list (kept by reference: it must outlive the post).
 */
__forceinline void
doca_dpa_dev_verbs_recv_wr_set_sg_list(struct doca_dpa_dev_verbs_recv_wr *recv_wr,
                                       struct doca_dpa_dev_verbs_sge *sg_list)
{
	uint64_t v = (uint64_t)(uintptr_t)sg_list;

	SOFTDPA_VERBS_WR_SET(recv_wr, struct softdpa_verbs_recv_wr_fields, sg_list, v);
}

/**
 * @brief The scatter-gather list of a receive work request.
 *
 * @param [in] recv_wr
 * The work request.
 * @return The list.
 */
__forceinline struct doca_dpa_dev_verbs_sge *
doca_dpa_dev_verbs_recv_wr_get_sg_list(struct doca_dpa_dev_verbs_recv_wr *recv_wr)
{
	uint64_t v;

	SOFTDPA_VERBS_WR_GET(recv_wr, struct softdpa_verbs_recv_wr_fields, sg_list, v);
	return (struct doca_dpa_dev_verbs_sge *)(uintptr_t)v;
}

/**
 * @brief Set the number of scatter-gather elements of a receive work request.
 *
 * @param [in] recv_wr
 * The work request.
 * @param [in] num_sge
 * Elements in the list.
 */
__forceinline void
doca_dpa_dev_verbs_recv_wr_set_sg_num_sge(struct doca_dpa_dev_verbs_recv_wr *recv_wr,
                                          uint32_t num_sge)
{
	SOFTDPA_VERBS_WR_SET(recv_wr, struct softdpa_verbs_recv_wr_fields, num_sge, num_sge);
}

/**
 * @brief The number of scatter-gather elements of a receive work request.
 *
 * @param [in] recv_wr
 * The work request.
 * @return Elements in the list.
 */
__forceinline uint32_t
doca_dpa_dev_verbs_recv_wr_get_sg_num_sge(struct doca_dpa_dev_verbs_recv_wr *recv_wr)
{
	uint32_t v;

	SOFTDPA_VERBS_WR_GET(recv_wr, struct softdpa_verbs_recv_wr_fields, num_sge, v);
	return v;
}

/* ---- queue pairs ---- */

/**
 * @brief The work queues of a queue pair.
 *
 * @param [in] verbs_qp
 * The queue pair.
 * @param [out] sq_buf
 * Send queue buffer.
 * @param [out] sq_num_entries
 * Entries in the send queue.
 * @param [out] rq_buf
 * Receive queue buffer.
 * @param [out] rq_num_entries
 * Entries in the receive queue.
 * @param [out] rwqe_size_bytes
 * Size of a receive WQE.
 * @note softdpa: not emulated; the call ends the kernel with a device fault.
 */
void doca_dpa_dev_verbs_qp_get_wq(doca_dpa_dev_verbs_qp_t verbs_qp, uintptr_t *sq_buf,
                                  uint32_t *sq_num_entries, uintptr_t *rq_buf,
                                  uint32_t *rq_num_entries, uint32_t *rwqe_size_bytes);

/**
 * @brief The doorbell record of a queue pair.
 *
 * @param [in] verbs_qp
 * The queue pair.
 * @return The doorbell record's address.
 * @note softdpa: not emulated; the call ends the kernel with a device fault.
 */
uint32_t *doca_dpa_dev_verbs_qp_get_dbr_addr(doca_dpa_dev_verbs_qp_t verbs_qp);

/**
 * @brief The number of a queue pair.
 *
 * @param [in] verbs_qp
 * The queue pair.
 * @return The QP number.
 * @note softdpa: real (docs/DPA.md, "DOCA Verbs"); a handle that names no QP, or a post
 * the QP's state or size refuses, answers 0 (posts) or ends the kernel with a device fault
 * (get_qpn, commits), with one line.
 */
uint32_t doca_dpa_dev_verbs_qp_get_qpn(doca_dpa_dev_verbs_qp_t verbs_qp);

/**
 * @brief The user index of a queue pair.
 *
 * @param [in] verbs_qp
 * The queue pair.
 * @return The user index.
 * @note softdpa: not emulated; the call ends the kernel with a device fault.
 */
uint32_t doca_dpa_dev_verbs_qp_get_user_index(doca_dpa_dev_verbs_qp_t verbs_qp);

/**
 * @brief Queue a send work request on a queue pair (commit_send hands it to the device).
 *
 * @param [in] verbs_qp
 * The queue pair.
 * @param [in] send_wr
 * The work request.
 * @return The send work request count on success (comparable with the WQE counter of a
 * completion), 0 on failure.
 * @note softdpa: real (docs/DPA.md, "DOCA Verbs"); a handle that names no QP, or a post
 * the QP's state or size refuses, answers 0 (posts) or ends the kernel with a device fault
 * (get_qpn, commits), with one line.
 */
uint32_t doca_dpa_dev_verbs_qp_post_send_wr(doca_dpa_dev_verbs_qp_t verbs_qp,
                                            struct doca_dpa_dev_verbs_send_wr *send_wr);

/**
 * @brief Queue a send WQE the caller built itself (the driver sets only its index).
 *
 * @param [in] verbs_qp
 * The queue pair.
 * @param [in] wqe
 * The WQE.
 * @return The send work request count on success, 0 on failure.
 * @note softdpa: not emulated; answers 0 and logs one line naming itself.
 */
uint32_t doca_dpa_dev_verbs_qp_post_send_raw_wqe(doca_dpa_dev_verbs_qp_t verbs_qp, void *wqe);

/**
 * @brief Hand 'num_wr' receive WQEs already in the receive queue to the device.
 *
 * @param [in] verbs_qp
 * The queue pair.
 * @param [in] num_wr
 * Receive work requests to acknowledge.
 * @return The receive work request count on success, 0 on failure.
 * @note softdpa: not emulated; answers 0 and logs one line naming itself.
 */
uint32_t doca_dpa_dev_verbs_qp_post_recv_raw_ack(doca_dpa_dev_verbs_qp_t verbs_qp, uint64_t num_wr);

/**
 * @brief Queue a receive work request on a queue pair (commit_recv hands it to the device).
 *
 * @param [in] verbs_qp
 * The queue pair.
 * @param [in] recv_wr
 * The work request.
 * @return The receive work request count on success, 0 on failure.
 * @note softdpa: real (docs/DPA.md, "DOCA Verbs"); a handle that names no QP, or a post
 * the QP's state or size refuses, answers 0 (posts) or ends the kernel with a device fault
 * (get_qpn, commits), with one line.
 */
uint32_t doca_dpa_dev_verbs_qp_post_recv_wr(doca_dpa_dev_verbs_qp_t verbs_qp,
                                            struct doca_dpa_dev_verbs_recv_wr *recv_wr);

/**
 * @brief Queue a receive WQE the caller built itself.
 *
 * @param [in] verbs_qp
 * The queue pair.
 * @param [in] wqe
 * The WQE.
 * @param [in] sz
 * Its size in bytes.
 * @return The receive work request count on success, 0 on failure.
 * @note softdpa: not emulated; answers 0 and logs one line naming itself.
 */
uint32_t doca_dpa_dev_verbs_qp_post_recv_raw_wqe(doca_dpa_dev_verbs_qp_t verbs_qp, void *wqe,
                                                 uint64_t sz);

/**
 * @brief Hand the send work requests queued since the last commit to the device.
 *
 * @param [in] verbs_qp
 * The queue pair.
 * @note softdpa: real (docs/DPA.md, "DOCA Verbs"); a handle that names no QP, or a post
 * the QP's state or size refuses, answers 0 (posts) or ends the kernel with a device fault
 * (get_qpn, commits), with one line.
 */
void doca_dpa_dev_verbs_qp_commit_send(doca_dpa_dev_verbs_qp_t verbs_qp);

/**
 * @brief commit_send without its memory fence (the caller fences first).
 *
 * @param [in] verbs_qp
 * The queue pair.
 * @note softdpa: real (docs/DPA.md, "DOCA Verbs"); a handle that names no QP, or a post
 * the QP's state or size refuses, answers 0 (posts) or ends the kernel with a device fault
 * (get_qpn, commits), with one line.
 */
void doca_dpa_dev_verbs_qp_lw_commit_send(doca_dpa_dev_verbs_qp_t verbs_qp);

/**
 * @brief Hand the receive work requests queued since the last commit to the device.
 *
 * @param [in] verbs_qp
 * The queue pair.
 * @note softdpa: real (docs/DPA.md, "DOCA Verbs"); a handle that names no QP, or a post
 * the QP's state or size refuses, answers 0 (posts) or ends the kernel with a device fault
 * (get_qpn, commits), with one line.
 */
void doca_dpa_dev_verbs_qp_commit_recv(doca_dpa_dev_verbs_qp_t verbs_qp);

/**
 * @brief commit_recv without its memory fence (the caller fences first).
 *
 * @param [in] verbs_qp
 * The queue pair.
 * @note softdpa: real (docs/DPA.md, "DOCA Verbs"); a handle that names no QP, or a post
 * the QP's state or size refuses, answers 0 (posts) or ends the kernel with a device fault
 * (get_qpn, commits), with one line.
 */
void doca_dpa_dev_verbs_qp_lw_commit_recv(doca_dpa_dev_verbs_qp_t verbs_qp);

/* ---- shared receive queues ---- */

/**
 * @brief Queue a receive work request on a shared receive queue.
 *
 * @param [in] verbs_srq
 * The shared receive queue.
 * @param [in] srq_type
 * Its type.
 * @param [in] recv_wr
 * The work request.
 * @return The receive work request count on success, 0 on failure.
 * @note softdpa: not emulated; answers 0 and logs one line naming itself.
 */
uint32_t doca_dpa_dev_verbs_srq_post_recv_wr(doca_dpa_dev_verbs_srq_t verbs_srq,
                                             enum doca_dpa_dev_verbs_srq_type srq_type,
                                             struct doca_dpa_dev_verbs_recv_wr *recv_wr);

/**
 * @brief Queue a receive WQE the caller built itself on a shared receive queue.
 *
 * @param [in] verbs_srq
 * The shared receive queue.
 * @param [in] srq_type
 * Its type.
 * @param [in] wqe
 * The WQE.
 * @param [in] sz
 * Its size in bytes.
 * @return The receive work request count on success, 0 on failure.
 * @note softdpa: not emulated; answers 0 and logs one line naming itself.
 */
uint32_t doca_dpa_dev_verbs_srq_post_recv_raw_wqe(doca_dpa_dev_verbs_srq_t verbs_srq,
                                                  enum doca_dpa_dev_verbs_srq_type srq_type,
                                                  void *wqe, uint64_t sz);

/**
 * @brief Hand the receive work requests queued since the last commit to the device.
 *
 * @param [in] verbs_srq
 * The shared receive queue.
 * @note softdpa: not emulated; the call ends the kernel with a device fault.
 */
void doca_dpa_dev_verbs_srq_commit_recv(doca_dpa_dev_verbs_srq_t verbs_srq);

/**
 * @brief srq_commit_recv without its memory fence (the caller fences first).
 *
 * @param [in] verbs_srq
 * The shared receive queue.
 * @note softdpa: not emulated; the call ends the kernel with a device fault.
 */
void doca_dpa_dev_verbs_srq_lw_commit_recv(doca_dpa_dev_verbs_srq_t verbs_srq);

/**
 * @brief Release a completed receive work request of a linked-list shared receive queue.
 *
 * @param [in] verbs_srq
 * The shared receive queue.
 * @param [in] wr_count
 * The work request count of the completion.
 * @note softdpa: not emulated; the call ends the kernel with a device fault.
 */
void doca_dpa_dev_verbs_srq_linked_list_ack_wr(doca_dpa_dev_verbs_srq_t verbs_srq,
                                               uint32_t wr_count);

/**
 * @brief The number of a shared receive queue.
 *
 * @param [in] verbs_srq
 * The shared receive queue.
 * @return The SRQ number.
 * @note softdpa: not emulated; the call ends the kernel with a device fault.
 */
uint32_t doca_dpa_dev_verbs_srq_get_srqn(doca_dpa_dev_verbs_srq_t verbs_srq);

/**
 * @brief The work queue of a shared receive queue.
 *
 * @param [in] verbs_srq
 * The shared receive queue.
 * @param [out] srq_buf
 * The queue buffer.
 * @param [out] srq_num_entries
 * Entries in the queue.
 * @param [out] rwqe_size_bytes
 * Size of a receive WQE.
 * @note softdpa: not emulated; the call ends the kernel with a device fault.
 */
void doca_dpa_dev_verbs_srq_get_wq(doca_dpa_dev_verbs_srq_t verbs_srq, uintptr_t *srq_buf,
                                   uint32_t *srq_num_entries, uint32_t *rwqe_size_bytes);

/**
 * @brief The doorbell record of a shared receive queue.
 *
 * @param [in] verbs_srq
 * The shared receive queue.
 * @return The doorbell record's address.
 * @note softdpa: not emulated; the call ends the kernel with a device fault.
 */
uint32_t *doca_dpa_dev_verbs_srq_get_dbr_addr(doca_dpa_dev_verbs_srq_t verbs_srq);

/* ---- Ethernet queues ---- */

/**
 * @brief Queue a send work request on an Ethernet send queue (opcode SEND only).
 *
 * @param [in] verbs_eth_sq
 * The Ethernet send queue.
 * @param [in] send_wr
 * The work request.
 * @return The send work request count on success, 0 on failure.
 * @note softdpa: not emulated; answers 0 and logs one line naming itself.
 */
uint32_t doca_dpa_dev_verbs_eth_sq_post_send_wr(doca_dpa_dev_verbs_eth_sq_t verbs_eth_sq,
                                                struct doca_dpa_dev_verbs_send_wr *send_wr);

/**
 * @brief Hand the send work requests queued since the last commit to the device.
 *
 * @param [in] verbs_eth_sq
 * The Ethernet send queue.
 * @note softdpa: not emulated; the call ends the kernel with a device fault.
 */
void doca_dpa_dev_verbs_eth_sq_commit_send(doca_dpa_dev_verbs_eth_sq_t verbs_eth_sq);

/**
 * @brief eth_sq_commit_send without its memory fence (the caller fences first).
 *
 * @param [in] verbs_eth_sq
 * The Ethernet send queue.
 * @note softdpa: not emulated; the call ends the kernel with a device fault.
 */
void doca_dpa_dev_verbs_eth_sq_lw_commit_send(doca_dpa_dev_verbs_eth_sq_t verbs_eth_sq);

/**
 * @brief The number of an Ethernet send queue.
 *
 * @param [in] verbs_eth_sq
 * The Ethernet send queue.
 * @return The SQ number.
 * @note softdpa: not emulated; the call ends the kernel with a device fault.
 */
uint32_t doca_dpa_dev_verbs_eth_sq_get_sqn(doca_dpa_dev_verbs_eth_sq_t verbs_eth_sq);

/**
 * @brief The user index of an Ethernet send queue.
 *
 * @param [in] verbs_eth_sq
 * The Ethernet send queue.
 * @return The user index.
 * @note softdpa: not emulated; the call ends the kernel with a device fault.
 */
uint32_t doca_dpa_dev_verbs_eth_sq_get_user_index(doca_dpa_dev_verbs_eth_sq_t verbs_eth_sq);

/**
 * @brief The work queue of an Ethernet send queue.
 *
 * @param [in] verbs_eth_sq
 * The Ethernet send queue.
 * @param [out] eth_sq_buf
 * The queue buffer.
 * @param [out] eth_sq_num_entries
 * Entries in the queue.
 * @note softdpa: not emulated; the call ends the kernel with a device fault.
 */
void doca_dpa_dev_verbs_eth_sq_get_wq(doca_dpa_dev_verbs_eth_sq_t verbs_eth_sq,
                                      uintptr_t *eth_sq_buf, uint32_t *eth_sq_num_entries);

/**
 * @brief Queue a receive work request on an Ethernet receive queue.
 *
 * @param [in] verbs_eth_rq
 * The Ethernet receive queue.
 * @param [in] recv_wr
 * The work request.
 * @return The receive work request count on success, 0 on failure.
 * @note softdpa: not emulated; answers 0 and logs one line naming itself.
 */
uint32_t doca_dpa_dev_verbs_eth_rq_post_recv_wr(doca_dpa_dev_verbs_eth_rq_t verbs_eth_rq,
                                                struct doca_dpa_dev_verbs_recv_wr *recv_wr);

/**
 * @brief Hand 'num_wr' receive WQEs already in an Ethernet receive queue to the device.
 *
 * @param [in] verbs_eth_rq
 * The Ethernet receive queue.
 * @param [in] num_wr
 * Receive work requests to acknowledge.
 * @return The receive work request count on success, 0 on failure.
 * @note softdpa: not emulated; answers 0 and logs one line naming itself.
 */
uint32_t doca_dpa_dev_verbs_eth_rq_post_recv_raw_ack(doca_dpa_dev_verbs_eth_rq_t verbs_eth_rq,
                                                     uint64_t num_wr);

/**
 * @brief Hand the receive work requests queued since the last commit to the device.
 *
 * @param [in] verbs_eth_rq
 * The Ethernet receive queue.
 * @note softdpa: not emulated; the call ends the kernel with a device fault.
 */
void doca_dpa_dev_verbs_eth_rq_commit_recv(doca_dpa_dev_verbs_eth_rq_t verbs_eth_rq);

/**
 * @brief eth_rq_commit_recv without its memory fence (the caller fences first).
 *
 * @param [in] verbs_eth_rq
 * The Ethernet receive queue.
 * @note softdpa: not emulated; the call ends the kernel with a device fault.
 */
void doca_dpa_dev_verbs_eth_rq_lw_commit_recv(doca_dpa_dev_verbs_eth_rq_t verbs_eth_rq);

/**
 * @brief The number of an Ethernet receive queue.
 *
 * @param [in] verbs_eth_rq
 * The Ethernet receive queue.
 * @return The RQ number.
 * @note softdpa: not emulated; the call ends the kernel with a device fault.
 */
uint32_t doca_dpa_dev_verbs_eth_rq_get_rqn(doca_dpa_dev_verbs_eth_rq_t verbs_eth_rq);

/**
 * @brief The user index of an Ethernet receive queue.
 *
 * @param [in] verbs_eth_rq
 * The Ethernet receive queue.
 * @return The user index.
 * @note softdpa: not emulated; the call ends the kernel with a device fault.
 */
uint32_t doca_dpa_dev_verbs_eth_rq_get_user_index(doca_dpa_dev_verbs_eth_rq_t verbs_eth_rq);

/**
 * @brief The work queue of an Ethernet receive queue.
 *
 * @param [in] verbs_eth_rq
 * The Ethernet receive queue.
 * @param [out] eth_rq_buf
 * The queue buffer.
 * @param [out] eth_rq_num_entries
 * Entries in the queue.
 * @param [out] rwqe_size_bytes
 * Size of a receive WQE.
 * @note softdpa: not emulated; the call ends the kernel with a device fault.
 */
void doca_dpa_dev_verbs_eth_rq_get_wq(doca_dpa_dev_verbs_eth_rq_t verbs_eth_rq,
                                      uintptr_t *eth_rq_buf, uint32_t *eth_rq_num_entries,
                                      uint32_t *rwqe_size_bytes);

/**
 * @brief The doorbell record of an Ethernet receive queue.
 *
 * @param [in] verbs_eth_rq
 * The Ethernet receive queue.
 * @return The doorbell record's address.
 * @note softdpa: not emulated; the call ends the kernel with a device fault.
 */
uintptr_t doca_dpa_dev_verbs_eth_rq_get_dbr_addr(doca_dpa_dev_verbs_eth_rq_t verbs_eth_rq);

#ifdef __cplusplus
}
#endif

#endif /* DOCA_DPA_DEV_VERBS_H_ */
