/* SPDX-License-Identifier: BSD-3-Clause
 * DOCA Verbs inside the DPA layer: the attribute objects (verbs_attr.c) as the Verbs objects
 * (verbs.c) read them, and what the device calls (verbs_dev.c) need of a Verbs QP.
 */
#ifndef SDPA_DPA_VERBS_PRIV_H
#define SDPA_DPA_VERBS_PRIV_H

#include <stdbool.h>
#include <stdint.h>

#include <doca_verbs.h>

struct doca_verbs_qp_init_attr {
	struct doca_verbs_pd *pd;
	struct doca_verbs_cq *send_cq;
	struct doca_verbs_cq *receive_cq;
	int sq_sig_all;
	uint32_t sq_wr;
	uint32_t rq_wr;
	uint32_t send_max_sges;
	uint32_t receive_max_sges;
	uint32_t max_inline_data;
	uint32_t user_index;
	uint32_t qp_type;
	struct doca_umem *external_umem;
	uint64_t external_umem_offset;
	struct doca_umem *external_dbr_umem;
	uint64_t external_dbr_umem_offset;
	struct doca_uar *external_uar;
	uint8_t core_direct_master;
	void *qp_context;
	struct doca_verbs_srq *srq;
	struct doca_dpa *dpa;
	struct doca_dpa_completion *send_dpa_completion;
	struct doca_dpa_completion *receive_dpa_completion;
	uint8_t external_datapath_en;
	uint32_t dbr_umem_id;
	uint64_t dbr_umem_offset;
	uint32_t wq_umem_id;
	uint64_t wq_umem_offset;
	uint32_t uar_id;
	uint32_t pdn;
	enum doca_verbs_qp_scatter_to_cqe cqe_inline;
	enum doca_verbs_qp_send_dbr_mode send_dbr_mode;
};

struct doca_verbs_qp_attr {
	enum doca_verbs_qp_state next_state;
	enum doca_verbs_qp_state current_state;
	enum doca_mtu_size path_mtu;
	uint32_t rq_psn;
	uint32_t sq_psn;
	uint32_t dest_qp_num;
	int allow_remote_write;
	int allow_remote_read;
	enum doca_verbs_qp_atomic_mode atomic_mode;
	uint8_t max_rd_atomic;
	uint8_t max_dest_rd_atomic;
	struct doca_verbs_ah_attr *ah_attr;
	uint16_t pkey_index;
	uint16_t port_num;
	uint16_t ack_timeout;
	uint16_t retry_cnt;
	uint16_t rnr_retry;
	uint16_t min_rnr_timer;
};

struct doca_verbs_qp;

/* The QP behind a kernel's handle (doca_verbs_qp_get_dpa_handle), NULL when it names no live
 * QP. */
struct doca_verbs_qp *sdpa_verbs_qp_from_handle(uint64_t handle);

/* What a kernel's post or commit did (verbs_dev.c turns the errors into device faults). */
enum sdpa_verbs_dev_rc {
	SDPA_VERBS_DEV_OK,
	SDPA_VERBS_DEV_BAD_HANDLE, /* not a live QP's handle */
	SDPA_VERBS_DEV_BAD_STATE,  /* sends need RTS, receives INIT or later */
	SDPA_VERBS_DEV_FULL,       /* more posts than the queue holds before a commit */
	SDPA_VERBS_DEV_BAD_WR,     /* opcode, SGE count or atomic alignment */
};

/* A send work request as a kernel posts it: 'opcode' the device enum's value. */
struct sdpa_verbs_swr {
	uint32_t opcode;
	uint32_t flags;
	uint32_t num_sge;
	uint32_t lkey;
	uint64_t laddr;
	uint64_t len;
	uint32_t rkey;
	uint64_t raddr;
	uint32_t imm;
	uint64_t compare_add;
	uint64_t swap;
};

/* Queue / commit work requests of a QP; *count: the queue's work request count after the
 * post (the device call's return value). */
enum sdpa_verbs_dev_rc sdpa_verbs_post_send(struct doca_verbs_qp *qp,
                                            const struct sdpa_verbs_swr *wr, uint32_t *count);
enum sdpa_verbs_dev_rc sdpa_verbs_post_recv(struct doca_verbs_qp *qp, uint32_t num_sge,
                                            uint32_t lkey, uint64_t addr, uint64_t len,
                                            uint32_t *count);
enum sdpa_verbs_dev_rc sdpa_verbs_commit(struct doca_verbs_qp *qp, bool send);
uint32_t sdpa_verbs_qp_num(const struct doca_verbs_qp *qp);

#endif
