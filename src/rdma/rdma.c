/* SPDX-License-Identifier: BSD-3-Clause
 * doca_rdma on the emulated devices (docs/DPA.md, "RDMA"): contexts on any emulated function
 * (PF, VF, SF), their configuration, export/connect with connection ids, the DPA data path
 * (doca_ctx_set_datapath_on_dpa, doca_rdma_dpa_completion_attach, doca_rdma_get_dpa_handle)
 * and the device posts of kernels, over the queue-pair engine (qp.c). One RC queue pair per
 * connection; the receive queue is the context's, shared by its connections (a kernel posts
 * receives on the context, not on a connection). The CPU data path (tasks on a progress
 * engine) is refused (tasks_unsupported.c).
 */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <doca_ctx.h>
#include <doca_rdma.h>

#include "core/atomics.h"
#include "core/ctx.h"
#include "core/devices.h"
#include "core/handles.h"
#include "core/log.h"
#include "core/refuse.h"
#include "rdma/qp.h"

SDPA_LOG_REGISTER(rdma);

enum {
	RDMA_MAGIC = 0x52444d41,
	CONN_MAGIC = 0x52434f4e,
	DETAILS_MAGIC = 0x53445243, /* "SDRC" */
	DETAILS_VERSION = 2,
	DEFAULT_QUEUE = 64,
	MAX_QUEUE = 1u << 15,
	MAX_CONNS = 1024,
	GID_TABLE = 4,
};

#define RDMA_FIX   "pass the context from doca_rdma_create"
#define RESULT_FIX "pass a result pointer"

/* The exported connection details: what RoCE's out-of-band exchange carries (GID, QPN,
 * first PSN, MTU), the process (a peer of this process is reached in-process) and the wire
 * carrier's address (a peer in another process or machine is reached over it; docs/DPA.md,
 * "RDMA: the wire carrier"). Multi-byte fields in the exporter's byte order, except the
 * carrier address (network order). */
struct details {
	uint32_t magic;
	uint16_t version;
	uint16_t transport;
	uint32_t pid;
	uint32_t qpn;
	uint32_t psn;
	uint32_t mtu;
	uint32_t rdma_id;
	uint32_t conn_id;
	uint8_t gid[16];
	uint64_t proc;    /* sdpa_rdma_wire_proc of the exporter */
	uint32_t wire_ip; /* carrier IPv4 address, 0 when the exporter has no carrier */
	uint16_t wire_port;
	uint16_t reserved;
};

struct doca_rdma_connection {
	uint32_t magic;
	struct doca_rdma *rdma;
	uint32_t id;
	struct sdpa_qp *qp;
	bool connected;
	union doca_data user_data;
	struct details details;
};

struct doca_rdma {
	uint32_t magic;
	uint32_t id;
	struct doca_dev *dev;
	struct doca_ctx *ctx;
	bool running;
	/* configuration */
	uint32_t permissions;
	uint32_t sq_size, rq_size;
	uint32_t send_buf_list_len, recv_buf_list_len;
	enum doca_rdma_transport_type transport;
	enum doca_mtu_size mtu;
	uint8_t grh;
	uint32_t gid_index;
	uint32_t sl;
	uint16_t max_conns;
	uint8_t rnr_retry;
	uint16_t conn_timeout;
	void *dpa;  /* doca_ctx_set_datapath_on_dpa */
	void *comp; /* doca_rdma_dpa_completion_attach */
	/* running */
	pthread_mutex_t lock; /* conns */
	struct sdpa_srq *srq;
	struct doca_rdma_connection **conns;
	unsigned int nr_conns;
	/* Completions come from any thread (a kernel posting, the carrier's receive thread):
	 * the one warning is claimed by an atomic fetch-or (relaxed: it orders nothing else). */
	sdpa_atomic_u32 warned_no_comp;
};

static uint32_t next_rdma_id = 1;
static pthread_mutex_t id_lock = PTHREAD_MUTEX_INITIALIZER;

/* ---- the DPA layer's hooks ---- */

static sdpa_comp_post_fn comp_post_fn;
static sdpa_dpa_dev_fn dpa_dev_fn;
static sdpa_obj_valid_fn comp_valid_fn;

void sdpa_rdma_set_mr_resolver(sdpa_mr_resolve_fn fn); /* qp.c */

void sdpa_rdma_set_dpa_hooks(sdpa_mr_resolve_fn mr, sdpa_comp_post_fn comp_post,
                             sdpa_dpa_dev_fn dpa_dev, sdpa_obj_valid_fn comp_valid)
{
	sdpa_rdma_set_mr_resolver(mr);
	comp_post_fn = comp_post;
	dpa_dev_fn = dpa_dev;
	comp_valid_fn = comp_valid;
}

/* ---- helpers ---- */

static bool rdma_live(const struct doca_rdma *rdma)
{
	return sdpa_handle_live(rdma, SDPA_H_RDMA) && rdma->magic == RDMA_MAGIC;
}

static bool conn_live(const struct doca_rdma_connection *c)
{
	return sdpa_handle_live(c, SDPA_H_RDMA_CONN) && c->magic == CONN_MAGIC;
}

/* INVALID_VALUE with one line for NULL, destroyed or foreign pointers. */
static doca_error_t check_rdma(const struct doca_rdma *rdma, const char *fn)
{
	if (rdma == NULL) {
		DOCA_LOG_ERR("%s: rdma is NULL; " RDMA_FIX, fn);
		return DOCA_ERROR_INVALID_VALUE;
	}
	if (!rdma_live(rdma)) {
		DOCA_LOG_ERR("%s: rdma is %s; " RDMA_FIX, fn,
		             sdpa_handle_destroyed(rdma, SDPA_H_RDMA) ? "a destroyed RDMA context"
		                                                      : "not an RDMA context");
		return DOCA_ERROR_INVALID_VALUE;
	}
	return DOCA_SUCCESS;
}

/* A setter: the context must be idle. */
static doca_error_t check_cfg(struct doca_rdma *rdma, const char *fn)
{
	doca_error_t r = check_rdma(rdma, fn);

	if (r != DOCA_SUCCESS)
		return r;
	if (rdma->running) {
		DOCA_LOG_ERR("%s: the RDMA context is started; configure it before doca_ctx_start "
		             "(or doca_ctx_stop it first)",
		             fn);
		return DOCA_ERROR_BAD_STATE;
	}
	return DOCA_SUCCESS;
}

#define GETTER(fn, rdma, out)                                                                      \
	do {                                                                                       \
		doca_error_t r_ = check_rdma((rdma), fn);                                          \
		if (r_ != DOCA_SUCCESS)                                                            \
			return r_;                                                                 \
		if ((out) == NULL) {                                                               \
			DOCA_LOG_ERR("%s: %s is NULL; " RESULT_FIX, fn, #out);                     \
			return DOCA_ERROR_INVALID_VALUE;                                           \
		}                                                                                  \
	} while (0)

static uint32_t round_pow2(uint32_t v)
{
	uint32_t p = 1;

	while (p < v)
		p <<= 1;
	return p;
}

/* ---- completions: engine -> DPA completion context ---- */

static void on_complete(void *owner, uint32_t conn_id, enum sdpa_wc_opcode op,
                        enum sdpa_wc_status st, uint32_t wr_index, uint32_t imm)
{
	struct doca_rdma *rdma = owner;

	if (rdma->comp == NULL || comp_post_fn == NULL) {
		if (sdpa_fetch_or_relaxed(&rdma->warned_no_comp, 1) == 0) {
			DOCA_LOG_WARN("RDMA context %u: a completion arrived but no DPA completion "
			              "is attached; it is dropped. Fix: call "
			              "doca_rdma_dpa_completion_attach before doca_ctx_start",
			              rdma->id);
		}
		return;
	}
	if (comp_valid_fn != NULL && !comp_valid_fn(rdma->comp)) {
		DOCA_LOG_RATE_LIMIT_ERR("RDMA context %u: its DPA completion was destroyed while "
		                        "the context runs; the completion is lost. Fix: stop and "
		                        "destroy the RDMA context before its DPA completion",
		                        rdma->id);
		return;
	}
	comp_post_fn(rdma->comp, op, st, wr_index, imm, conn_id);
}

/* ---- doca_ctx ---- */

static doca_error_t ctx_on_dpa(void *owner, struct doca_dpa *dpa)
{
	struct doca_rdma *rdma = owner;
	const void *dev = dpa != NULL && dpa_dev_fn != NULL ? dpa_dev_fn(dpa) : NULL;

	if (dev == NULL) {
		DOCA_LOG_ERR("doca_ctx_set_datapath_on_dpa: dpa is NULL or not a DPA context; pass "
		             "one from doca_dpa_create (or doca_dpa_device_extend)");
		return DOCA_ERROR_INVALID_VALUE;
	}
	if (dev != (const void *)rdma->dev) {
		/* P7: the DPA reaches the function's RDMA resources only through a context of
		 * that function (the base context for the PF, an extended one for an SF/VF). */
		DOCA_LOG_ERR(
		        "doca_ctx_set_datapath_on_dpa: P7: the RDMA context is on another device "
		        "than the DPA context; the DPA can use an SF's (or VF's) RDMA resources "
		        "only through a DPA context of that device. Fix: extend the PF's DPA "
		        "context to the RDMA device (doca_dpa_device_extend) and pass the "
		        "extended context");
		return DOCA_ERROR_INVALID_VALUE;
	}
	rdma->dpa = dpa;
	return DOCA_SUCCESS;
}

static doca_error_t ctx_start(void *owner)
{
	struct doca_rdma *rdma = owner;

	if (rdma->dpa == NULL) {
		DOCA_LOG_RATE_LIMIT_ERR(
		        "doca_ctx_start: an RDMA context with its data path on the CPU (tasks on a "
		        "progress engine) is not supported by softdpa; put the data path on the "
		        "DPA "
		        "(doca_ctx_set_datapath_on_dpa) and post from kernels");
		return DOCA_ERROR_NOT_SUPPORTED;
	}
	if (dpa_dev_fn(rdma->dpa) == NULL) {
		DOCA_LOG_ERR("doca_ctx_start: the DPA context of the RDMA data path was destroyed; "
		             "set a live one with doca_ctx_set_datapath_on_dpa");
		return DOCA_ERROR_BAD_STATE;
	}
	if (rdma->transport != DOCA_RDMA_TRANSPORT_TYPE_RC) {
		DOCA_LOG_RATE_LIMIT_ERR(
		        "doca_ctx_start: the DC transport on the DPA data path is "
		        "not supported by softdpa; use DOCA_RDMA_TRANSPORT_TYPE_RC");
		return DOCA_ERROR_NOT_SUPPORTED;
	}
	rdma->srq = sdpa_srq_create(&sdpa_rdma_local_transport, rdma->rq_size);
	rdma->conns = calloc(rdma->max_conns, sizeof(*rdma->conns));
	if (rdma->srq == NULL || rdma->conns == NULL) {
		sdpa_srq_destroy(rdma->srq);
		free(rdma->conns);
		rdma->srq = NULL;
		rdma->conns = NULL;
		DOCA_LOG_ERR("doca_ctx_start: out of memory for the RDMA queues");
		return DOCA_ERROR_NO_MEMORY;
	}
	pthread_mutex_lock(&rdma->lock);
	rdma->nr_conns = 0;
	rdma->running = true;
	pthread_mutex_unlock(&rdma->lock);
	return DOCA_SUCCESS;
}

static void free_conn(void *p)
{
	free(p);
}

static doca_error_t ctx_stop(void *owner)
{
	struct doca_rdma *rdma = owner;

	/* Under the lock: a kernel posting now finds the context stopped (dev_rdma_lock). */
	pthread_mutex_lock(&rdma->lock);
	rdma->running = false;
	for (unsigned int i = 0; i < rdma->nr_conns; i++) {
		struct doca_rdma_connection *c = rdma->conns[i];
		unsigned int pending = 0;
		bool rnr = false;

		sdpa_rdma_wire_unroute(sdpa_qp_num(c->qp));
		sdpa_qp_destroy(c->qp, &pending, &rnr);
		if (pending > 0)
			DOCA_LOG_WARN(
			        "RDMA context %u connection %u: %u request(s) never completed%s. "
			        "Fix: %s",
			        rdma->id, c->id, pending,
			        rnr ? ": the peer's receive queue ran dry (RNR) and no receive "
			              "was posted again"
			            : "",
			        rnr ? "post a receive for every message the peer sends"
			            : "wait for the completions before stopping the context");
		c->magic = 0;
		sdpa_handle_retire(c, free_conn);
	}
	rdma->nr_conns = 0;
	free(rdma->conns);
	rdma->conns = NULL;
	sdpa_srq_destroy(rdma->srq);
	rdma->srq = NULL;
	pthread_mutex_unlock(&rdma->lock);
	return DOCA_SUCCESS;
}

/* ---- context ---- */

DOCA_EXPERIMENTAL doca_error_t doca_rdma_create(struct doca_dev *dev, struct doca_rdma **rdma)
{
	struct doca_rdma *r;

	if (SDPA_NULL_ARGS("pass an opened device (doca_dev_open); " RESULT_FIX, dev, rdma))
		return DOCA_ERROR_INVALID_VALUE;
	if (sdpa_dev_id(dev) == SDPA_DEV_ID_INVALID) {
		DOCA_LOG_ERR("doca_rdma_create: dev is not an open device; pass one from "
		             "doca_dev_open");
		return DOCA_ERROR_INVALID_VALUE;
	}
	r = calloc(1, sizeof(*r));
	if (r == NULL || !sdpa_handle_add(r, SDPA_H_RDMA)) {
		free(r);
		DOCA_LOG_ERR("doca_rdma_create: out of memory");
		return DOCA_ERROR_NO_MEMORY;
	}
	r->magic = RDMA_MAGIC;
	pthread_mutex_lock(&id_lock);
	r->id = next_rdma_id++;
	pthread_mutex_unlock(&id_lock);
	r->dev = dev;
	r->permissions = DOCA_ACCESS_FLAG_LOCAL_READ_WRITE;
	r->sq_size = DEFAULT_QUEUE;
	r->rq_size = DEFAULT_QUEUE;
	r->send_buf_list_len = 1;
	r->recv_buf_list_len = 1;
	r->transport = DOCA_RDMA_TRANSPORT_TYPE_RC;
	r->mtu = DOCA_MTU_SIZE_1K_BYTES;
	r->max_conns = 1;
	r->rnr_retry = 7;
	pthread_mutex_init(&r->lock, NULL);
	r->ctx = sdpa_ctx_create("doca_rdma", r, ctx_start, ctx_stop, ctx_on_dpa);
	if (r->ctx == NULL) {
		pthread_mutex_destroy(&r->lock);
		r->magic = 0;
		sdpa_handle_retire(r, free);
		DOCA_LOG_ERR("doca_rdma_create: out of memory");
		return DOCA_ERROR_NO_MEMORY;
	}
	*rdma = r;
	return DOCA_SUCCESS;
}

DOCA_EXPERIMENTAL doca_error_t doca_rdma_destroy(struct doca_rdma *rdma)
{
	doca_error_t r = check_rdma(rdma, __func__);

	if (r != DOCA_SUCCESS)
		return r;
	if (rdma->running) {
		DOCA_LOG_ERR("doca_rdma_destroy: the RDMA context is started; doca_ctx_stop it "
		             "first");
		return DOCA_ERROR_BAD_STATE;
	}
	sdpa_ctx_destroy(rdma->ctx);
	pthread_mutex_destroy(&rdma->lock);
	rdma->magic = 0;
	sdpa_handle_retire(rdma, free);
	return DOCA_SUCCESS;
}

DOCA_EXPERIMENTAL struct doca_ctx *doca_rdma_as_ctx(struct doca_rdma *rdma)
{
	if (check_rdma(rdma, __func__) != DOCA_SUCCESS)
		return NULL;
	return rdma->ctx;
}

/* ---- export / connect ---- */

DOCA_EXPERIMENTAL doca_error_t doca_rdma_export(struct doca_rdma *rdma,
                                                const void **local_rdma_conn_details,
                                                size_t *local_rdma_conn_details_size,
                                                struct doca_rdma_connection **rdma_connection)
{
	struct doca_rdma_connection *c;
	char name[96];
	doca_error_t r = check_rdma(rdma, __func__);

	if (r != DOCA_SUCCESS)
		return r;
	if (SDPA_NULL_ARGS(RESULT_FIX, local_rdma_conn_details, local_rdma_conn_details_size,
	                   rdma_connection))
		return DOCA_ERROR_INVALID_VALUE;
	if (!rdma->running) {
		DOCA_LOG_ERR("doca_rdma_export: the RDMA context is not started; call "
		             "doca_ctx_start first");
		return DOCA_ERROR_BAD_STATE;
	}
	pthread_mutex_lock(&rdma->lock);
	if (rdma->nr_conns >= rdma->max_conns) {
		pthread_mutex_unlock(&rdma->lock);
		DOCA_LOG_ERR(
		        "doca_rdma_export: the context has its %u connection(s) already; raise "
		        "doca_rdma_set_max_num_connections before doca_ctx_start",
		        rdma->max_conns);
		return DOCA_ERROR_FULL;
	}
	c = calloc(1, sizeof(*c));
	if (c == NULL || !sdpa_handle_add(c, SDPA_H_RDMA_CONN)) {
		pthread_mutex_unlock(&rdma->lock);
		free(c);
		DOCA_LOG_ERR("doca_rdma_export: out of memory");
		return DOCA_ERROR_NO_MEMORY;
	}
	c->magic = CONN_MAGIC;
	c->rdma = rdma;
	c->id = rdma->nr_conns;
	snprintf(name, sizeof(name), "context %u connection %u", rdma->id, c->id);
	c->qp = sdpa_qp_create(&sdpa_rdma_local_transport, rdma->srq, rdma->sq_size,
	                       rdma->permissions & (SDPA_MR_REMOTE_READ | SDPA_MR_REMOTE_WRITE |
	                                            SDPA_MR_REMOTE_ATOMIC),
	                       rdma->rnr_retry, on_complete, rdma, c->id, name);
	if (c->qp == NULL) {
		pthread_mutex_unlock(&rdma->lock);
		c->magic = 0;
		sdpa_handle_retire(c, free_conn);
		DOCA_LOG_ERR("doca_rdma_export: out of queue pairs");
		return DOCA_ERROR_NO_MEMORY;
	}
	c->details = (struct details){.magic = DETAILS_MAGIC,
	                              .version = DETAILS_VERSION,
	                              .transport = (uint16_t)rdma->transport,
	                              .pid = (uint32_t)getpid(),
	                              .qpn = sdpa_qp_num(c->qp),
	                              .psn = sdpa_qp_first_psn(c->qp),
	                              .mtu = (uint32_t)rdma->mtu,
	                              .rdma_id = rdma->id,
	                              .conn_id = c->id};
	/* Its GID-table entry (doca_rdma_cap_get_gid). */
	c->details.gid[10] = 0xff;
	c->details.gid[11] = 0xff;
	c->details.gid[12] = 192;
	c->details.gid[13] = 168;
	c->details.gid[14] = (uint8_t)(sdpa_dev_id(rdma->dev) + 1);
	c->details.gid[15] = (uint8_t)rdma->gid_index;
	/* The carrier to peers of other processes; without one (logged) only this process's
	 * peers can connect. */
	if (sdpa_rdma_wire_local(&c->details.wire_ip, &c->details.wire_port, &c->details.proc) !=
	    0) {
		c->details.wire_ip = 0;
		c->details.wire_port = 0;
	}
	rdma->conns[rdma->nr_conns++] = c;
	pthread_mutex_unlock(&rdma->lock);
	*local_rdma_conn_details = &c->details;
	*local_rdma_conn_details_size = sizeof(c->details);
	*rdma_connection = c;
	return DOCA_SUCCESS;
}

DOCA_EXPERIMENTAL doca_error_t doca_rdma_connect(struct doca_rdma *rdma,
                                                 const void *remote_rdma_conn_details,
                                                 size_t remote_rdma_conn_details_size,
                                                 struct doca_rdma_connection *rdma_connection)
{
	struct details d;
	uint32_t mtu;
	doca_error_t r = check_rdma(rdma, __func__);

	if (r != DOCA_SUCCESS)
		return r;
	if (SDPA_NULL_ARGS("pass the details the peer exported and the connection from "
	                   "doca_rdma_export",
	                   remote_rdma_conn_details, rdma_connection))
		return DOCA_ERROR_INVALID_VALUE;
	if (!conn_live(rdma_connection) || rdma_connection->rdma != rdma) {
		DOCA_LOG_ERR("doca_rdma_connect: rdma_connection is not a live connection of this "
		             "context; pass the connection doca_rdma_export gave for it");
		return DOCA_ERROR_INVALID_VALUE;
	}
	if (!rdma->running) {
		DOCA_LOG_ERR("doca_rdma_connect: the RDMA context is not started; call "
		             "doca_ctx_start and doca_rdma_export first");
		return DOCA_ERROR_BAD_STATE;
	}
	if (rdma_connection->connected) {
		DOCA_LOG_ERR("doca_rdma_connect: connection %u is already connected; export a new "
		             "connection for another peer",
		             rdma_connection->id);
		return DOCA_ERROR_BAD_STATE;
	}
	if (remote_rdma_conn_details_size != sizeof(d)) {
		DOCA_LOG_ERR("doca_rdma_connect: the details are %zu bytes, not the %zu an export "
		             "gives; pass the peer's details and their size unchanged",
		             remote_rdma_conn_details_size, sizeof(d));
		return DOCA_ERROR_CONNECTION_ABORTED;
	}
	memcpy(&d, remote_rdma_conn_details, sizeof(d));
	if (d.magic != DETAILS_MAGIC || d.version != DETAILS_VERSION) {
		DOCA_LOG_ERR("doca_rdma_connect: the details are not a doca_rdma_export of "
		             "softdpa (corrupt or from another program); pass the peer's details "
		             "unchanged");
		return DOCA_ERROR_CONNECTION_ABORTED;
	}
	if (d.transport != (uint16_t)rdma->transport) {
		DOCA_LOG_ERR("doca_rdma_connect: the peer uses another transport type; set the "
		             "same doca_rdma_set_transport_type on both sides");
		return DOCA_ERROR_CONNECTION_ABORTED;
	}
	if (d.mtu > DOCA_MTU_SIZE_4K_BYTES) {
		DOCA_LOG_ERR(
		        "doca_rdma_connect: the details carry no valid MTU (corrupt); pass the "
		        "peer's details unchanged");
		return DOCA_ERROR_CONNECTION_ABORTED;
	}
	/* The path MTU: the smaller of the two sides' (both compute the same). */
	mtu = 256u << (d.mtu < (uint32_t)rdma->mtu ? d.mtu : (uint32_t)rdma->mtu);
	if (d.proc == rdma_connection->details.proc && d.pid == (uint32_t)getpid()) {
		sdpa_qp_connect(rdma_connection->qp, d.qpn, d.psn, mtu, NULL);
	} else {
		if (d.wire_ip == 0 || rdma_connection->details.wire_ip == 0) {
			DOCA_LOG_ERR(
			        "doca_rdma_connect: the peer is in another process (pid %u) but "
			        "%s has no RDMA wire carrier (see the earlier error); fix the "
			        "carrier's address (SOFTDPA_RDMA_ADDR) and export again",
			        d.pid, d.wire_ip == 0 ? "the peer" : "this process");
			return DOCA_ERROR_CONNECTION_ABORTED;
		}
		if (sdpa_rdma_wire_route(sdpa_qp_num(rdma_connection->qp), d.qpn, d.wire_ip,
		                         d.wire_port, rdma_connection->details.gid, d.gid,
		                         mtu) != 0) {
			DOCA_LOG_ERR("doca_rdma_connect: out of memory for the route to the peer");
			return DOCA_ERROR_NO_MEMORY;
		}
		sdpa_qp_connect(rdma_connection->qp, d.qpn, d.psn, mtu, &sdpa_rdma_wire_transport);
	}
	rdma_connection->connected = true;
	return DOCA_SUCCESS;
}

DOCA_EXPERIMENTAL doca_error_t doca_rdma_connection_get_id(
        const struct doca_rdma_connection *rdma_connection, uint32_t *connection_id)
{
	if (SDPA_NULL_ARGS(RESULT_FIX, rdma_connection, connection_id))
		return DOCA_ERROR_INVALID_VALUE;
	if (!conn_live(rdma_connection)) {
		DOCA_LOG_ERR("doca_rdma_connection_get_id: rdma_connection is not a live "
		             "connection; pass one from doca_rdma_export");
		return DOCA_ERROR_INVALID_VALUE;
	}
	*connection_id = rdma_connection->id;
	return DOCA_SUCCESS;
}

DOCA_EXPERIMENTAL doca_error_t doca_rdma_connection_set_user_data(
        struct doca_rdma_connection *rdma_connection, union doca_data connection_user_data)
{
	if (!conn_live(rdma_connection)) {
		DOCA_LOG_ERR("doca_rdma_connection_set_user_data: rdma_connection is NULL or not a "
		             "live connection; pass one from doca_rdma_export");
		return DOCA_ERROR_INVALID_VALUE;
	}
	rdma_connection->user_data = connection_user_data;
	return DOCA_SUCCESS;
}

DOCA_EXPERIMENTAL doca_error_t doca_rdma_connection_get_user_data(
        const struct doca_rdma_connection *rdma_connection, union doca_data *connection_user_data)
{
	if (!conn_live(rdma_connection) || connection_user_data == NULL) {
		DOCA_LOG_ERR("doca_rdma_connection_get_user_data: rdma_connection is not a live "
		             "connection or connection_user_data is NULL; pass a connection from "
		             "doca_rdma_export and a result pointer");
		return DOCA_ERROR_INVALID_VALUE;
	}
	*connection_user_data = rdma_connection->user_data;
	return DOCA_SUCCESS;
}

/* ---- configuration ---- */

static doca_error_t set_queue(struct doca_rdma *rdma, uint32_t size, uint32_t *field,
                              const char *fn)
{
	doca_error_t r = check_cfg(rdma, fn);

	if (r != DOCA_SUCCESS)
		return r;
	if (field == NULL) /* check_cfg refused a context that is not live */
		return DOCA_ERROR_INVALID_VALUE;
	if (size == 0 || size > MAX_QUEUE) {
		DOCA_LOG_ERR("%s: %u entries is outside 1..%u; pass a size in that range", fn, size,
		             (unsigned int)MAX_QUEUE);
		return DOCA_ERROR_INVALID_VALUE;
	}
	*field = round_pow2(size);
	return DOCA_SUCCESS;
}

DOCA_EXPERIMENTAL doca_error_t doca_rdma_set_send_queue_size(struct doca_rdma *rdma,
                                                             uint32_t send_queue_size)
{
	return set_queue(rdma, send_queue_size, rdma_live(rdma) ? &rdma->sq_size : NULL, __func__);
}

DOCA_EXPERIMENTAL doca_error_t doca_rdma_set_recv_queue_size(struct doca_rdma *rdma,
                                                             uint32_t recv_queue_size)
{
	return set_queue(rdma, recv_queue_size, rdma_live(rdma) ? &rdma->rq_size : NULL, __func__);
}

DOCA_EXPERIMENTAL doca_error_t doca_rdma_set_max_send_buf_list_len(struct doca_rdma *rdma,
                                                                   uint32_t max_send_buf_list_len)
{
	doca_error_t r = check_cfg(rdma, __func__);

	if (r != DOCA_SUCCESS)
		return r;
	if (max_send_buf_list_len == 0) {
		DOCA_LOG_ERR("%s: 0 is not a list length; pass at least 1", __func__);
		return DOCA_ERROR_INVALID_VALUE;
	}
	rdma->send_buf_list_len = max_send_buf_list_len;
	return DOCA_SUCCESS;
}

DOCA_EXPERIMENTAL doca_error_t doca_rdma_task_receive_set_dst_buf_list_len(struct doca_rdma *rdma,
                                                                           uint32_t buf_list_len)
{
	doca_error_t r = check_cfg(rdma, __func__);

	if (r != DOCA_SUCCESS)
		return r;
	if (buf_list_len == 0) {
		DOCA_LOG_ERR("%s: 0 is not a list length; pass at least 1", __func__);
		return DOCA_ERROR_INVALID_VALUE;
	}
	rdma->recv_buf_list_len = buf_list_len;
	return DOCA_SUCCESS;
}

DOCA_EXPERIMENTAL doca_error_t
doca_rdma_set_transport_type(struct doca_rdma *rdma, enum doca_rdma_transport_type transport_type)
{
	doca_error_t r = check_cfg(rdma, __func__);

	if (r != DOCA_SUCCESS)
		return r;
	if (transport_type != DOCA_RDMA_TRANSPORT_TYPE_RC &&
	    transport_type != DOCA_RDMA_TRANSPORT_TYPE_DC) {
		DOCA_LOG_ERR("%s: %d is not a transport type; pass DOCA_RDMA_TRANSPORT_TYPE_RC or "
		             "_DC",
		             __func__, (int)transport_type);
		return DOCA_ERROR_INVALID_VALUE;
	}
	rdma->transport = transport_type;
	return DOCA_SUCCESS;
}

DOCA_EXPERIMENTAL doca_error_t doca_rdma_set_mtu(struct doca_rdma *rdma, enum doca_mtu_size mtu)
{
	doca_error_t r = check_cfg(rdma, __func__);

	if (r != DOCA_SUCCESS)
		return r;
	if ((int)mtu < DOCA_MTU_SIZE_256_BYTES || mtu > DOCA_MTU_SIZE_4K_BYTES) {
		DOCA_LOG_ERR("%s: %d is not an RDMA MTU; pass DOCA_MTU_SIZE_256_BYTES.._4K_BYTES",
		             __func__, (int)mtu);
		return DOCA_ERROR_INVALID_VALUE;
	}
	rdma->mtu = mtu;
	return DOCA_SUCCESS;
}

DOCA_EXPERIMENTAL doca_error_t doca_rdma_set_permissions(struct doca_rdma *rdma,
                                                         uint32_t permissions)
{
	const uint32_t ok = DOCA_ACCESS_FLAG_LOCAL_READ_WRITE | DOCA_ACCESS_FLAG_RDMA_READ |
	                    DOCA_ACCESS_FLAG_RDMA_WRITE | DOCA_ACCESS_FLAG_RDMA_ATOMIC;
	doca_error_t r = check_cfg(rdma, __func__);

	if (r != DOCA_SUCCESS)
		return r;
	if (permissions & ~ok) {
		DOCA_LOG_ERR("%s: 0x%x has flags an RDMA context does not take (PCI flags); pass "
		             "LOCAL_READ_WRITE and the RDMA_READ/_WRITE/_ATOMIC flags only",
		             __func__, permissions);
		return DOCA_ERROR_INVALID_VALUE;
	}
	rdma->permissions = permissions;
	return DOCA_SUCCESS;
}

DOCA_EXPERIMENTAL doca_error_t doca_rdma_set_grh_enabled(struct doca_rdma *rdma,
                                                         uint8_t grh_enabled)
{
	doca_error_t r = check_cfg(rdma, __func__);

	if (r != DOCA_SUCCESS)
		return r;
	rdma->grh = grh_enabled ? 1 : 0;
	return DOCA_SUCCESS;
}

DOCA_EXPERIMENTAL doca_error_t doca_rdma_set_gid_index(struct doca_rdma *rdma, uint32_t gid_index)
{
	doca_error_t r = check_cfg(rdma, __func__);

	if (r != DOCA_SUCCESS)
		return r;
	if (gid_index >= GID_TABLE) {
		DOCA_LOG_ERR("%s: GID index %u is past the device's GID table of %u entries; pass "
		             "0..%u (doca_rdma_cap_get_gid_table_size)",
		             __func__, gid_index, (unsigned int)GID_TABLE,
		             (unsigned int)GID_TABLE - 1);
		return DOCA_ERROR_INVALID_VALUE;
	}
	rdma->gid_index = gid_index;
	return DOCA_SUCCESS;
}

DOCA_EXPERIMENTAL doca_error_t doca_rdma_set_sl(struct doca_rdma *rdma, uint32_t sl)
{
	doca_error_t r = check_cfg(rdma, __func__);

	if (r != DOCA_SUCCESS)
		return r;
	if (sl > 15) {
		DOCA_LOG_ERR("%s: service level %u is past 15; pass 0..15", __func__, sl);
		return DOCA_ERROR_INVALID_VALUE;
	}
	rdma->sl = sl;
	return DOCA_SUCCESS;
}

DOCA_EXPERIMENTAL doca_error_t doca_rdma_set_connection_request_timeout(struct doca_rdma *rdma,
                                                                        uint16_t timeout)
{
	doca_error_t r = check_cfg(rdma, __func__);

	if (r != DOCA_SUCCESS)
		return r;
	rdma->conn_timeout = timeout;
	return DOCA_SUCCESS;
}

DOCA_EXPERIMENTAL doca_error_t doca_rdma_set_max_num_connections(struct doca_rdma *rdma,
                                                                 uint16_t max_num_connections)
{
	doca_error_t r = check_cfg(rdma, __func__);

	if (r != DOCA_SUCCESS)
		return r;
	if (max_num_connections == 0 || max_num_connections > MAX_CONNS) {
		DOCA_LOG_ERR("%s: %u connections is outside 1..%u; pass a count in that range",
		             __func__, max_num_connections, (unsigned int)MAX_CONNS);
		return DOCA_ERROR_INVALID_VALUE;
	}
	rdma->max_conns = max_num_connections;
	return DOCA_SUCCESS;
}

DOCA_EXPERIMENTAL doca_error_t doca_rdma_set_rnr_retry_count(struct doca_rdma *rdma,
                                                             uint8_t rnr_retry_count)
{
	doca_error_t r = check_cfg(rdma, __func__);

	if (r != DOCA_SUCCESS)
		return r;
	if (rnr_retry_count > 7) {
		DOCA_LOG_ERR("%s: %u is past 7 (7 = retry without limit); pass 0..7", __func__,
		             rnr_retry_count);
		return DOCA_ERROR_INVALID_VALUE;
	}
	rdma->rnr_retry = rnr_retry_count;
	return DOCA_SUCCESS;
}

DOCA_EXPERIMENTAL doca_error_t doca_rdma_dpa_completion_attach(struct doca_rdma *rdma,
                                                               struct doca_dpa_completion *dpa_comp)
{
	doca_error_t r = check_cfg(rdma, __func__);

	if (r != DOCA_SUCCESS)
		return r;
	if (dpa_comp == NULL || comp_valid_fn == NULL || !comp_valid_fn(dpa_comp)) {
		DOCA_LOG_ERR("%s: dpa_comp is NULL or not a DPA completion; pass one from "
		             "doca_dpa_completion_create",
		             __func__);
		return DOCA_ERROR_INVALID_VALUE;
	}
	rdma->comp = dpa_comp;
	return DOCA_SUCCESS;
}

/* ---- getters ---- */

DOCA_EXPERIMENTAL doca_error_t doca_rdma_get_send_queue_size(const struct doca_rdma *rdma,
                                                             uint32_t *send_queue_size)
{
	GETTER(__func__, rdma, send_queue_size);
	*send_queue_size = rdma->sq_size;
	return DOCA_SUCCESS;
}

DOCA_EXPERIMENTAL doca_error_t doca_rdma_get_recv_queue_size(const struct doca_rdma *rdma,
                                                             uint32_t *recv_queue_size)
{
	GETTER(__func__, rdma, recv_queue_size);
	*recv_queue_size = rdma->rq_size;
	return DOCA_SUCCESS;
}

DOCA_EXPERIMENTAL doca_error_t doca_rdma_get_max_send_buf_list_len(const struct doca_rdma *rdma,
                                                                   uint32_t *max_send_buf_list_len)
{
	GETTER(__func__, rdma, max_send_buf_list_len);
	*max_send_buf_list_len = rdma->send_buf_list_len;
	return DOCA_SUCCESS;
}

DOCA_EXPERIMENTAL doca_error_t
doca_rdma_task_receive_get_dst_buf_list_len(const struct doca_rdma *rdma, uint32_t *buf_list_len)
{
	GETTER(__func__, rdma, buf_list_len);
	*buf_list_len = rdma->recv_buf_list_len;
	return DOCA_SUCCESS;
}

DOCA_EXPERIMENTAL doca_error_t doca_rdma_get_transport_type(
        const struct doca_rdma *rdma, enum doca_rdma_transport_type *transport_type)
{
	GETTER(__func__, rdma, transport_type);
	*transport_type = rdma->transport;
	return DOCA_SUCCESS;
}

DOCA_EXPERIMENTAL doca_error_t doca_rdma_get_mtu(const struct doca_rdma *rdma,
                                                 enum doca_mtu_size *mtu)
{
	GETTER(__func__, rdma, mtu);
	*mtu = rdma->mtu;
	return DOCA_SUCCESS;
}

DOCA_EXPERIMENTAL doca_error_t doca_rdma_get_permissions(struct doca_rdma *rdma,
                                                         uint32_t *permissions)
{
	GETTER(__func__, rdma, permissions);
	*permissions = rdma->permissions;
	return DOCA_SUCCESS;
}

DOCA_EXPERIMENTAL doca_error_t doca_rdma_get_grh_enabled(const struct doca_rdma *rdma,
                                                         uint8_t *grh_enabled)
{
	GETTER(__func__, rdma, grh_enabled);
	*grh_enabled = rdma->grh;
	return DOCA_SUCCESS;
}

DOCA_EXPERIMENTAL doca_error_t doca_rdma_get_gid_index(const struct doca_rdma *rdma,
                                                       uint32_t *gid_index)
{
	GETTER(__func__, rdma, gid_index);
	*gid_index = rdma->gid_index;
	return DOCA_SUCCESS;
}

DOCA_EXPERIMENTAL doca_error_t doca_rdma_get_sl(const struct doca_rdma *rdma, uint32_t *sl)
{
	GETTER(__func__, rdma, sl);
	*sl = rdma->sl;
	return DOCA_SUCCESS;
}

DOCA_EXPERIMENTAL doca_error_t doca_rdma_get_connection_request_timeout(
        const struct doca_rdma *rdma, uint16_t *connection_request_timeout)
{
	GETTER(__func__, rdma, connection_request_timeout);
	*connection_request_timeout = rdma->conn_timeout;
	return DOCA_SUCCESS;
}

DOCA_EXPERIMENTAL doca_error_t doca_rdma_get_max_num_connections(struct doca_rdma *rdma,
                                                                 uint16_t *max_num_connections)
{
	GETTER(__func__, rdma, max_num_connections);
	*max_num_connections = rdma->max_conns;
	return DOCA_SUCCESS;
}

DOCA_EXPERIMENTAL doca_error_t doca_rdma_get_rnr_retry_count(const struct doca_rdma *rdma,
                                                             uint8_t *rnr_retry_count)
{
	GETTER(__func__, rdma, rnr_retry_count);
	*rnr_retry_count = rdma->rnr_retry;
	return DOCA_SUCCESS;
}

DOCA_EXPERIMENTAL doca_error_t doca_rdma_get_dpa_handle(struct doca_rdma *rdma,
                                                        doca_dpa_dev_rdma_t *dpa_rdma)
{
	GETTER(__func__, rdma, dpa_rdma);
	if (!rdma->running || rdma->dpa == NULL) {
		DOCA_LOG_ERR("doca_rdma_get_dpa_handle: the context is %s; put its data path on "
		             "the DPA (doca_ctx_set_datapath_on_dpa) and start it (doca_ctx_start) "
		             "first",
		             !rdma->running ? "not started" : "started with a CPU data path");
		return DOCA_ERROR_BAD_STATE;
	}
	*dpa_rdma = (doca_dpa_dev_rdma_t)(uintptr_t)rdma;
	return DOCA_SUCCESS;
}

/* ---- device capabilities: every emulated function is an RC-capable RDMA NIC ---- */

enum { MAX_MESSAGE = 1u << 30, MAX_BUF_LIST = 16 };

static bool cap_args(const struct doca_devinfo *devinfo, const void *out, const char *fn)
{
	if (devinfo == NULL || out == NULL) {
		DOCA_LOG_ERR(
		        "%s: %s is NULL; pass an entry of doca_devinfo_create_list and a result "
		        "pointer",
		        fn, devinfo == NULL ? "devinfo" : "the result pointer");
		return false;
	}
	if (sdpa_devinfo_id(devinfo) == SDPA_DEV_ID_INVALID) {
		DOCA_LOG_ERR("%s: devinfo is not a live device entry; pass an entry of "
		             "doca_devinfo_create_list",
		             fn);
		return false;
	}
	return true;
}

DOCA_EXPERIMENTAL doca_error_t doca_rdma_cap_get_max_recv_queue_size(
        const struct doca_devinfo *devinfo, uint32_t *max_recv_queue_size)
{
	if (!cap_args(devinfo, max_recv_queue_size, __func__))
		return DOCA_ERROR_INVALID_VALUE;
	*max_recv_queue_size = MAX_QUEUE;
	return DOCA_SUCCESS;
}

DOCA_EXPERIMENTAL doca_error_t doca_rdma_cap_get_max_send_queue_size(
        const struct doca_devinfo *devinfo, uint32_t *max_send_queue_size)
{
	if (!cap_args(devinfo, max_send_queue_size, __func__))
		return DOCA_ERROR_INVALID_VALUE;
	*max_send_queue_size = MAX_QUEUE;
	return DOCA_SUCCESS;
}

DOCA_EXPERIMENTAL doca_error_t doca_rdma_cap_get_max_send_buf_list_len(
        const struct doca_devinfo *devinfo, uint32_t *max_send_buf_list_len)
{
	if (!cap_args(devinfo, max_send_buf_list_len, __func__))
		return DOCA_ERROR_INVALID_VALUE;
	*max_send_buf_list_len = MAX_BUF_LIST;
	return DOCA_SUCCESS;
}

DOCA_EXPERIMENTAL doca_error_t
doca_rdma_cap_get_max_message_size(const struct doca_devinfo *devinfo, uint32_t *max_message_size)
{
	if (!cap_args(devinfo, max_message_size, __func__))
		return DOCA_ERROR_INVALID_VALUE;
	*max_message_size = MAX_MESSAGE;
	return DOCA_SUCCESS;
}

DOCA_EXPERIMENTAL doca_error_t doca_rdma_cap_get_gid_table_size(const struct doca_devinfo *devinfo,
                                                                uint32_t *gid_table_size)
{
	if (!cap_args(devinfo, gid_table_size, __func__))
		return DOCA_ERROR_INVALID_VALUE;
	*gid_table_size = GID_TABLE;
	return DOCA_SUCCESS;
}

DOCA_EXPERIMENTAL doca_error_t doca_rdma_cap_get_gid(const struct doca_devinfo *devinfo,
                                                     uint32_t start_index, uint32_t num_entries,
                                                     struct doca_rdma_gid *gid_array)
{
	if (!cap_args(devinfo, gid_array, __func__))
		return DOCA_ERROR_INVALID_VALUE;
	if (start_index >= GID_TABLE || num_entries > GID_TABLE - start_index) {
		DOCA_LOG_ERR("%s: entries %u..%u are past the GID table of %u entries; ask within "
		             "doca_rdma_cap_get_gid_table_size",
		             __func__, start_index, start_index + num_entries - 1,
		             (unsigned int)GID_TABLE);
		return DOCA_ERROR_INVALID_VALUE;
	}
	for (uint32_t i = 0; i < num_entries; i++) {
		/* RoCEv2 GIDs: ::ffff:192.168.<device + 1>.<index> (IPv4-mapped). */
		memset(&gid_array[i], 0, sizeof(gid_array[i]));
		gid_array[i].raw[10] = 0xff;
		gid_array[i].raw[11] = 0xff;
		gid_array[i].raw[12] = 192;
		gid_array[i].raw[13] = 168;
		gid_array[i].raw[14] = (uint8_t)(sdpa_devinfo_id(devinfo) + 1);
		gid_array[i].raw[15] = (uint8_t)(start_index + i);
	}
	return DOCA_SUCCESS;
}

DOCA_EXPERIMENTAL doca_error_t doca_rdma_cap_transport_type_is_supported(
        const struct doca_devinfo *devinfo, enum doca_rdma_transport_type transport_type)
{
	if (!cap_args(devinfo, devinfo, __func__))
		return DOCA_ERROR_INVALID_VALUE;
	return transport_type == DOCA_RDMA_TRANSPORT_TYPE_RC ? DOCA_SUCCESS
	                                                     : DOCA_ERROR_NOT_SUPPORTED;
}

DOCA_EXPERIMENTAL doca_error_t doca_rdma_cap_task_receive_get_max_dst_buf_list_len(
        const struct doca_devinfo *devinfo, enum doca_rdma_transport_type transport_type,
        uint32_t *max_buf_list_len)
{
	(void)transport_type;
	if (!cap_args(devinfo, max_buf_list_len, __func__))
		return DOCA_ERROR_INVALID_VALUE;
	*max_buf_list_len = MAX_BUF_LIST;
	return DOCA_SUCCESS;
}

/* ---- device posts (the DPA layer's doca_dpa_dev_rdma_*) ---- */

static struct doca_rdma *dev_rdma(uint64_t h)
{
	struct doca_rdma *rdma = (struct doca_rdma *)(uintptr_t)h;

	return rdma_live(rdma) && rdma->running && rdma->dpa != NULL ? rdma : NULL;
}

/* The context behind a kernel's handle, locked, when it is started with a DPA data path:
 * doca_ctx_stop (which takes the lock) cannot free its queues under the post. */
static struct doca_rdma *dev_rdma_lock(uint64_t h)
{
	struct doca_rdma *rdma = (struct doca_rdma *)(uintptr_t)h;

	if (!rdma_live(rdma))
		return NULL;
	pthread_mutex_lock(&rdma->lock);
	if (!rdma->running || rdma->dpa == NULL) {
		pthread_mutex_unlock(&rdma->lock);
		return NULL;
	}
	return rdma;
}

bool sdpa_rdma_dev_handle_ok(uint64_t rdma)
{
	return dev_rdma(rdma) != NULL;
}

void sdpa_rdma_describe(uint64_t h, char *buf, unsigned int size)
{
	struct doca_rdma *rdma = dev_rdma(h);

	if (rdma == NULL)
		snprintf(buf, size, "handle 0x%llx (no started RDMA context)",
		         (unsigned long long)h);
	else
		snprintf(buf, size, "RDMA context %u", rdma->id);
}

enum sdpa_rdma_post sdpa_rdma_dev_post(uint64_t h, uint32_t conn_id, enum sdpa_wr_opcode op,
                                       uint32_t lkey, uint64_t laddr, uint64_t len, uint32_t rkey,
                                       uint64_t raddr, uint64_t imm, uint64_t swap, bool signaled)
{
	struct doca_rdma *rdma;

	if ((op == SDPA_WR_FETCH_ADD || op == SDPA_WR_CMP_SWAP) && (raddr & 7) != 0)
		return dev_rdma(h) == NULL ? SDPA_RDMA_BAD_HANDLE : SDPA_RDMA_BAD_ARG;
	rdma = dev_rdma_lock(h);
	if (rdma == NULL)
		return SDPA_RDMA_BAD_HANDLE;
	if (conn_id >= rdma->nr_conns) {
		pthread_mutex_unlock(&rdma->lock);
		return SDPA_RDMA_BAD_CONN;
	}
	sdpa_qp_post(rdma->conns[conn_id]->qp, op, lkey, laddr, len, rkey, raddr, imm, swap,
	             signaled);
	pthread_mutex_unlock(&rdma->lock);
	return SDPA_RDMA_POSTED;
}

enum sdpa_rdma_post sdpa_rdma_dev_post_recv(uint64_t h, uint32_t lkey, uint64_t addr, uint64_t len)
{
	struct doca_rdma *rdma = dev_rdma_lock(h);
	int full;

	if (rdma == NULL)
		return SDPA_RDMA_BAD_HANDLE;
	full = sdpa_srq_post(rdma->srq, lkey, addr, len);
	pthread_mutex_unlock(&rdma->lock);
	if (full != 0)
		DOCA_LOG_RATE_LIMIT_ERR("RDMA context %u: a receive was posted on a full receive "
		                        "queue (%u entries); it is dropped. Fix: enlarge it "
		                        "(doca_rdma_set_recv_queue_size) or post only after "
		                        "receives completed",
		                        rdma->id, rdma->rq_size);
	return SDPA_RDMA_POSTED;
}
