/* SPDX-License-Identifier: BSD-3-Clause
 * RDMA from DPA kernels (include/dev/doca_dpa_dev_rdma.h; docs/DPA.md, "RDMA"): each post is
 * handed to the RDMA layer (rdma/rdma.h), which runs it on the queue-pair engine; its
 * completions come back here and become elements of the DPA completion attached to the RDMA
 * context, which activate the attached DPA thread as any completion does. This file also
 * gives the RDMA layer what it needs of the DPA layer: mmaps as memory registrations, DPA
 * completions and context checks (sdpa_dpa_rdma_hooks).
 */
#include <stdio.h>

#include <dev/doca_dpa_dev.h>
#include <dev/doca_dpa_dev_buf.h>
#include <dev/doca_dpa_dev_rdma.h>
#include <dev/doca_dpa_dev_sync_event.h>

#include "core/log.h"
#include "dpa/dpa.h"
#include "rdma/rdma.h"

SDPA_LOG_REGISTER(dpa_rdma_dev);

/* ---- hooks for the RDMA layer ---- */

static void *mr_resolve(uint32_t key, uint64_t addr, uint64_t len, uint32_t access,
                        enum sdpa_mr_status *st)
{
	struct doca_mmap *m = sdpa_mmap_lookup(key);

	/* An mmap created from an RDMA export names a peer's memory, never local memory. */
	if (m == NULL || m->remote) {
		*st = SDPA_MR_BAD_KEY;
		return NULL;
	}
	if (!sdpa_mmap_contains(m, addr, len)) {
		*st = SDPA_MR_RANGE;
		return NULL;
	}
	/* enum sdpa_mr_access has doca_access_flag's bit values. */
	if ((m->permissions & access) != access) {
		*st = SDPA_MR_ACCESS;
		return NULL;
	}
	*st = SDPA_MR_OK;
	return (void *)(uintptr_t)addr;
}

static bool comp_post(void *comp, enum sdpa_wc_opcode op, enum sdpa_wc_status st, uint32_t wr_index,
                      uint32_t immediate, uint32_t conn_id)
{
	uint32_t type;

	switch (op) {
	case SDPA_WC_SEND:
		type = st == SDPA_WC_OK ? DOCA_DPA_DEV_COMP_SEND : DOCA_DPA_DEV_COMP_SEND_ERR;
		break;
	case SDPA_WC_RECV:
		type = st == SDPA_WC_OK ? DOCA_DPA_DEV_COMP_RECV_SEND : DOCA_DPA_DEV_COMP_RECV_ERR;
		break;
	case SDPA_WC_RECV_IMM:
		type = st == SDPA_WC_OK ? DOCA_DPA_DEV_COMP_RECV_SEND_IMM
		                        : DOCA_DPA_DEV_COMP_RECV_ERR;
		break;
	default:
		type = st == SDPA_WC_OK ? DOCA_DPA_DEV_COMP_RECV_RDMA_WRITE_IMM
		                        : DOCA_DPA_DEV_COMP_RECV_ERR;
		break;
	}
	return sdpa_completion_post_elem(comp, type, conn_id, immediate, wr_index);
}

static const void *dpa_dev(const void *dpa)
{
	return sdpa_dpa_valid(dpa) ? ((const struct doca_dpa *)dpa)->dev : NULL;
}

static bool comp_ok(const void *comp)
{
	return sdpa_completion_valid(comp);
}

void sdpa_dpa_rdma_hooks(void)
{
	sdpa_rdma_set_dpa_hooks(mr_resolve, comp_post, dpa_dev, comp_ok);
	sdpa_rdma_set_event_hook(sdpa_se_remote_signal);
}

/* ---- device calls ---- */

/* The outcome of a post that was not queued: a device fault naming the cause and the fix
 * (a wrong handle is a programming error the DPA does not survive either). */
static void post_failed(enum sdpa_rdma_post r, const char *fn, doca_dpa_dev_rdma_t rdma,
                        uint32_t conn_id)
{
	char what[256];

	switch (r) {
	case SDPA_RDMA_BAD_HANDLE:
		snprintf(what, sizeof(what),
		         "handle 0x%llx is not a started RDMA context with its data path on the "
		         "DPA; pass doca_rdma_get_dpa_handle's value of a started context",
		         (unsigned long long)rdma);
		break;
	case SDPA_RDMA_BAD_CONN:
		snprintf(what, sizeof(what),
		         "connection id %u is not a connection of the RDMA context; pass "
		         "doca_rdma_connection_get_id's value of an exported connection",
		         conn_id);
		break;
	default:
		snprintf(what, sizeof(what),
		         "the atomic's remote address is not 8-byte aligned; align 64-bit atomics "
		         "to 8 bytes");
		break;
	}
	sdpa_exec_misuse(fn, what);
}

static void post(const char *fn, doca_dpa_dev_rdma_t rdma, uint32_t conn_id, enum sdpa_wr_opcode op,
                 uint32_t lkey, uint64_t laddr, uint64_t len, uint32_t rkey, uint64_t raddr,
                 uint64_t imm, uint32_t flags)
{
	enum sdpa_rdma_post r;

	sdpa_exec_checkpoint();
	/* A report may be left out when OPTIMIZE_REPORTS is given (the DPA batches them): a
	 * successful request of such a post reports nothing; errors are always reported. */
	r = sdpa_rdma_dev_post(rdma, conn_id, op, lkey, laddr, len, sdpa_mmap_rkey(rkey), raddr,
	                       imm, 0, (flags & DOCA_DPA_DEV_SUBMIT_FLAG_OPTIMIZE_REPORTS) == 0);
	if (r != SDPA_RDMA_POSTED)
		post_failed(r, fn, rdma, conn_id);
}

static const struct doca_dpa_dev_buf *buf(doca_dpa_dev_buf_t h)
{
	return (const struct doca_dpa_dev_buf *)(uintptr_t)h;
}

#define BUF_OK(fn, ...)                                                                            \
	do {                                                                                       \
		const doca_dpa_dev_buf_t bufs_[] = {__VA_ARGS__};                                  \
		for (size_t i_ = 0; i_ < sizeof(bufs_) / sizeof(bufs_[0]); i_++)                   \
			if (bufs_[i_] == 0) {                                                      \
				sdpa_exec_misuse(fn, "a buffer handle is 0; pass buffers from "    \
				                     "doca_dpa_dev_buf_array_get_buf");            \
				return;                                                            \
			}                                                                          \
	} while (0)

DOCA_EXPERIMENTAL void doca_dpa_dev_rdma_post_read(doca_dpa_dev_rdma_t rdma, uint32_t connection_id,
                                                   doca_dpa_dev_mmap_t dst_mmap_handle,
                                                   uint64_t dst_addr,
                                                   doca_dpa_dev_mmap_t src_mmap_handle,
                                                   uint64_t src_addr, size_t length, uint32_t flags)
{
	post(__func__, rdma, connection_id, SDPA_WR_READ, dst_mmap_handle, dst_addr, length,
	     src_mmap_handle, src_addr, 0, flags);
}

DOCA_EXPERIMENTAL void doca_dpa_dev_rdma_post_buf_read(doca_dpa_dev_rdma_t rdma,
                                                       uint32_t connection_id,
                                                       doca_dpa_dev_buf_t dst_buf_handle,
                                                       doca_dpa_dev_buf_t src_buf_handle,
                                                       uint32_t flags)
{
	BUF_OK(__func__, dst_buf_handle, src_buf_handle);
	post(__func__, rdma, connection_id, SDPA_WR_READ, buf(dst_buf_handle)->mmap,
	     buf(dst_buf_handle)->addr, buf(src_buf_handle)->len, buf(src_buf_handle)->mmap,
	     buf(src_buf_handle)->addr, 0, flags);
}

DOCA_EXPERIMENTAL void
doca_dpa_dev_rdma_post_write(doca_dpa_dev_rdma_t rdma, uint32_t connection_id,
                             doca_dpa_dev_mmap_t dst_mmap_handle, uint64_t dst_addr,
                             doca_dpa_dev_mmap_t src_mmap_handle, uint64_t src_addr, size_t length,
                             uint32_t flags)
{
	post(__func__, rdma, connection_id, SDPA_WR_WRITE, src_mmap_handle, src_addr, length,
	     dst_mmap_handle, dst_addr, 0, flags);
}

DOCA_EXPERIMENTAL void doca_dpa_dev_rdma_post_buf_write(doca_dpa_dev_rdma_t rdma,
                                                        uint32_t connection_id,
                                                        doca_dpa_dev_buf_t dst_buf_handle,
                                                        doca_dpa_dev_buf_t src_buf_handle,
                                                        uint32_t flags)
{
	BUF_OK(__func__, dst_buf_handle, src_buf_handle);
	post(__func__, rdma, connection_id, SDPA_WR_WRITE, buf(src_buf_handle)->mmap,
	     buf(src_buf_handle)->addr, buf(src_buf_handle)->len, buf(dst_buf_handle)->mmap,
	     buf(dst_buf_handle)->addr, 0, flags);
}

DOCA_EXPERIMENTAL void
doca_dpa_dev_rdma_post_write_imm(doca_dpa_dev_rdma_t rdma, uint32_t connection_id,
                                 doca_dpa_dev_mmap_t dst_mmap_handle, uint64_t dst_addr,
                                 doca_dpa_dev_mmap_t src_mmap_handle, uint64_t src_addr,
                                 size_t length, uint32_t immediate, uint32_t flags)
{
	post(__func__, rdma, connection_id, SDPA_WR_WRITE_IMM, src_mmap_handle, src_addr, length,
	     dst_mmap_handle, dst_addr, immediate, flags);
}

DOCA_EXPERIMENTAL void doca_dpa_dev_rdma_post_buf_write_imm(doca_dpa_dev_rdma_t rdma,
                                                            uint32_t connection_id,
                                                            doca_dpa_dev_buf_t dst_buf_handle,
                                                            doca_dpa_dev_buf_t src_buf_handle,
                                                            uint32_t immediate, uint32_t flags)
{
	BUF_OK(__func__, dst_buf_handle, src_buf_handle);
	post(__func__, rdma, connection_id, SDPA_WR_WRITE_IMM, buf(src_buf_handle)->mmap,
	     buf(src_buf_handle)->addr, buf(src_buf_handle)->len, buf(dst_buf_handle)->mmap,
	     buf(dst_buf_handle)->addr, immediate, flags);
}

DOCA_EXPERIMENTAL void doca_dpa_dev_rdma_post_send(doca_dpa_dev_rdma_t rdma, uint32_t connection_id,
                                                   doca_dpa_dev_mmap_t mmap_handle, uint64_t addr,
                                                   size_t length, uint32_t flags)
{
	post(__func__, rdma, connection_id, SDPA_WR_SEND, mmap_handle, addr, length, 0, 0, 0,
	     flags);
}

DOCA_EXPERIMENTAL void doca_dpa_dev_rdma_post_buf_send(doca_dpa_dev_rdma_t rdma,
                                                       uint32_t connection_id,
                                                       doca_dpa_dev_buf_t send_buf_handle,
                                                       uint32_t flags)
{
	BUF_OK(__func__, send_buf_handle);
	post(__func__, rdma, connection_id, SDPA_WR_SEND, buf(send_buf_handle)->mmap,
	     buf(send_buf_handle)->addr, buf(send_buf_handle)->len, 0, 0, 0, flags);
}

DOCA_EXPERIMENTAL void doca_dpa_dev_rdma_post_send_imm(doca_dpa_dev_rdma_t rdma,
                                                       uint32_t connection_id,
                                                       doca_dpa_dev_mmap_t mmap_handle,
                                                       uint64_t addr, size_t length,
                                                       uint32_t immediate, uint32_t flags)
{
	post(__func__, rdma, connection_id, SDPA_WR_SEND_IMM, mmap_handle, addr, length, 0, 0,
	     immediate, flags);
}

DOCA_EXPERIMENTAL void doca_dpa_dev_rdma_post_buf_send_imm(doca_dpa_dev_rdma_t rdma,
                                                           uint32_t connection_id,
                                                           doca_dpa_dev_buf_t send_buf_handle,
                                                           uint32_t immediate, uint32_t flags)
{
	BUF_OK(__func__, send_buf_handle);
	post(__func__, rdma, connection_id, SDPA_WR_SEND_IMM, buf(send_buf_handle)->mmap,
	     buf(send_buf_handle)->addr, buf(send_buf_handle)->len, 0, 0, immediate, flags);
}

DOCA_EXPERIMENTAL void doca_dpa_dev_rdma_post_receive(doca_dpa_dev_rdma_t rdma,
                                                      doca_dpa_dev_mmap_t mmap_handle,
                                                      uint64_t addr, size_t length)
{
	enum sdpa_rdma_post r;

	sdpa_exec_checkpoint();
	r = sdpa_rdma_dev_post_recv(rdma, mmap_handle, addr, length);
	if (r != SDPA_RDMA_POSTED)
		post_failed(r, __func__, rdma, 0);
}

DOCA_EXPERIMENTAL void doca_dpa_dev_rdma_post_buf_receive(doca_dpa_dev_rdma_t rdma,
                                                          doca_dpa_dev_buf_t receive_buf_handle)
{
	BUF_OK(__func__, receive_buf_handle);
	doca_dpa_dev_rdma_post_receive(rdma, buf(receive_buf_handle)->mmap,
	                               buf(receive_buf_handle)->addr, buf(receive_buf_handle)->len);
}

DOCA_EXPERIMENTAL void doca_dpa_dev_rdma_receive_ack(doca_dpa_dev_rdma_t rdma, uint32_t num_acked)
{
	(void)num_acked;
	sdpa_exec_checkpoint();
	/* softdpa frees a receive's slot when its message arrives; the ack only checks the
	 * handle. */
	if (!sdpa_rdma_dev_handle_ok(rdma))
		post_failed(SDPA_RDMA_BAD_HANDLE, __func__, rdma, 0);
}

DOCA_EXPERIMENTAL uint32_t
doca_dpa_dev_rdma_completion_get_wr_index(doca_dpa_dev_completion_element_t comp_element)
{
	sdpa_exec_checkpoint();
	return comp_element ? ((const struct sdpa_comp_elem *)(uintptr_t)comp_element)->wr_index
	                    : 0;
}

DOCA_EXPERIMENTAL void doca_dpa_dev_rdma_post_atomic_fetch_add(doca_dpa_dev_rdma_t rdma,
                                                               uint32_t connection_id,
                                                               doca_dpa_dev_mmap_t dst_mmap_handle,
                                                               uint64_t dst_addr, uint64_t value,
                                                               uint32_t flags)
{
	post(__func__, rdma, connection_id, SDPA_WR_FETCH_ADD, 0, 0, 8, dst_mmap_handle, dst_addr,
	     value, flags);
}

DOCA_EXPERIMENTAL void
doca_dpa_dev_rdma_post_buf_atomic_fetch_add(doca_dpa_dev_rdma_t rdma, uint32_t connection_id,
                                            doca_dpa_dev_buf_t dst_buf_handle, uint64_t value,
                                            uint32_t flags)
{
	BUF_OK(__func__, dst_buf_handle);
	post(__func__, rdma, connection_id, SDPA_WR_FETCH_ADD, 0, 0, 8, buf(dst_buf_handle)->mmap,
	     buf(dst_buf_handle)->addr, value, flags);
}

static void post_signal(const char *fn, doca_dpa_dev_rdma_t rdma, uint32_t conn_id,
                        doca_dpa_dev_sync_event_remote_net_t remote, bool add, uint64_t count)
{
	uint64_t id;

	sdpa_exec_checkpoint();
	id = sdpa_se_remote_id(remote);
	if (id == 0) {
		sdpa_exec_misuse(fn, "the remote-net event handle names no remote-net event; pass "
		                     "doca_sync_event_remote_net_get_dpa_handle's value");
		return;
	}
	/* Signals report like the other posts with OPTIMIZE_REPORTS: errors only. */
	enum sdpa_rdma_post r =
	        sdpa_rdma_dev_post(rdma, conn_id, add ? SDPA_WR_SIGNAL_ADD : SDPA_WR_SIGNAL_SET, 0,
	                           0, 8, SDPA_RKEY_SYNC_EVENT, id, count, 0, false);
	if (r != SDPA_RDMA_POSTED)
		post_failed(r, fn, rdma, conn_id);
}

DOCA_EXPERIMENTAL void
doca_dpa_dev_rdma_signal_set(doca_dpa_dev_rdma_t rdma, uint32_t connection_id,
                             doca_dpa_dev_sync_event_remote_net_t remote_sync_event, uint64_t count)
{
	post_signal(__func__, rdma, connection_id, remote_sync_event, false, count);
}

DOCA_EXPERIMENTAL void
doca_dpa_dev_rdma_signal_add(doca_dpa_dev_rdma_t rdma, uint32_t connection_id,
                             doca_dpa_dev_sync_event_remote_net_t remote_sync_event, uint64_t count)
{
	post_signal(__func__, rdma, connection_id, remote_sync_event, true, count);
}
