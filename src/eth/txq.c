/* SPDX-License-Identifier: BSD-3-Clause
 * doca_eth_txq: an Ethernet send queue of an emulated device, a doca_ctx whose send tasks
 * complete through a doca_pe (docs/ETH.md).
 *
 * Type REGULAR on the CPU: send tasks (one packet from a doca_buf or a doca_buf list), LSO
 * send tasks (a payload cut into MSS-sized segments, each behind a copy of the headers) and
 * batches of either. A submitted task's frame leaves at once through the same entry as a
 * frame the net_softdpa DPDK driver transmits (sdpa_nic_host_tx): the egress pipes of the
 * DOCA Flow port started on the queue's device when it has an egress root (in switch mode,
 * the switch's), else the port's wire. Its completion waits for the next doca_pe_progress.
 * At most max_burst_size tasks are in flight (submitted, completion not yet reported);
 * beyond, doca_task_submit answers DOCA_ERROR_FULL and the task stays the application's.
 *
 * A task that cannot be sent (empty packet, longer than the largest frame, a longer doca_buf
 * list than the queue allows, no port on the device) completes through its error callback
 * with the status that names the cause; doca_task_try_submit refuses it up front instead.
 *
 * Threads: every call comes from the application's threads (as DOCA's CPU data path).
 */
#include <pthread.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#include <doca_buf.h>
#include <doca_ctx.h>
#include <doca_dev.h>
#include <doca_eth_txq.h>
#include <doca_eth_txq_cpu_data_path.h>
#include <doca_pe.h>
#include <softdpa.h>

#include "core/ctx.h"
#include "core/handles.h"
#include "core/log.h"
#include "eth/queue.h"
#include "core/refuse.h"
#include "core/task.h"
#include "eth/csum.h"
#include "io/wire.h"
#include "nic/nic.h"

SDPA_LOG_REGISTER(eth_txq);

#define TXQ_FIX  "pass a queue made by doca_eth_txq_create"
#define TASK_FIX "pass a task the queue allocated"

/* What an emulated device's send queues accept (doca_eth_txq_cap_*). */
enum {
	TX_MAX_BURST = 8192,         /* tasks in flight */
	TX_MAX_LIST = 16,            /* doca_bufs of one packet */
	TX_MAX_METADATA = 1,         /* the word the egress pipes see as meta.pkt_meta */
	TX_MAX_LSO_HDR = 256,        /* headers of an LSO send */
	TX_MAX_LSO_MSG = 256 * 1024, /* payload of an LSO send */
	TX_SEG_BURST = 32,           /* LSO segments handed to the NIC at once */
	TXQ_MAGIC = 0x54585145,      /* "TXQE" */
	K_SEND = 0x53454e44,         /* task kinds */
	K_LSO = 0x4c534f53,
	K_BSEND = 0x42534e44,
	K_BLSO = 0x424c534f,
};

/* doca_eth_txq_task_send */
struct doca_eth_txq_task_send {
	uint32_t kind;
	struct doca_eth_txq *q;
	struct doca_buf *pkt;
	uint16_t ol_flags;
	uint32_t meta[1];
};

/* doca_eth_txq_task_lso_send */
struct doca_eth_txq_task_lso_send {
	uint32_t kind;
	struct doca_eth_txq *q;
	struct doca_buf *payload;
	struct doca_gather_list *headers;
	uint16_t ol_flags, mss;
	uint32_t meta[1];
};

/* The object of a doca_task_batch of (LSO) send tasks: arrays of 'cap' slots follow. */
struct tx_batch {
	uint32_t kind;
	struct doca_eth_txq *q;
	uint16_t n, cap;
	struct doca_buf **pkts;
	struct doca_gather_list **hdrs; /* LSO only */
	union doca_data *ud;
	uint16_t *ol, *mss;
	uint32_t *meta;
	doca_error_t *status;
};

/* One kind of task: its pool and callbacks. */
struct tx_conf {
	struct sdpa_task_pool *pool;
	void *ok, *err; /* the kind's completion callbacks */
	uint16_t batch_cap;
};

/* A completion waiting for doca_pe_progress. */
struct tx_done {
	void *obj;
	doca_error_t status;
};

struct doca_eth_txq {
	uint32_t magic;
	struct doca_dev *dev;
	struct doca_ctx *ctx;
	/* configuration (idle only) */
	uint32_t max_burst, max_list;
	uint8_t metadata_num, l3, l4;
	uint16_t mss, max_lso_hdr;
	enum doca_eth_txq_type type;
	struct tx_conf send, lso, bsend, blso;
	/* running */
	int32_t flow_qid;
	struct tx_done *done;          /* ring of max_burst completions */
	uint32_t head, tail, inflight; /* inflight counts tasks (a batch counts its tasks) */
	uint8_t *seg;                  /* TX_SEG_BURST frames of SOFTDPA_FRAME_MAX */
	uint32_t cur_meta;             /* metadata word of the task being sent */
	uint8_t *body; /* an LSO payload gathered (TX_MAX_LSO_MSG), made at the first LSO task */
	uint64_t sent, failed;
	struct doca_eth_txq *next; /* every queue (under txq_lock) */
};

static pthread_mutex_t txq_lock = PTHREAD_MUTEX_INITIALIZER;
static struct doca_eth_txq *txq_list;

static bool txq_live(const struct doca_eth_txq *q)
{
	return sdpa_handle_live(q, SDPA_H_ETH_TXQ) && q->magic == TXQ_MAGIC;
}

static bool bad_txq(const char *fn, const struct doca_eth_txq *q)
{
	return sdpa_eth_queue_bad(fn, q, q != NULL && txq_live(q), "eth_txq", TXQ_FIX);
}

static doca_error_t check_idle(const char *fn, const struct doca_eth_txq *q)
{
	if (bad_txq(fn, q))
		return DOCA_ERROR_INVALID_VALUE;
	return sdpa_eth_queue_idle(fn, q->ctx);
}

#define CHECK_IDLE(q) SDPA_ETH_RETURN_ERR(check_idle(__func__, (q)))

/* A task object the queue's pools handed out and the application holds, of kind 'kind';
 * NULL with one line otherwise. Looked up by address before it is read. */
static void *task_obj(const void *p, uint32_t kind, const char *fn)
{
	uint32_t k;

	if (p == NULL) {
		DOCA_LOG_ERR("%s: the task is NULL; " TASK_FIX, fn);
		return NULL;
	}
	if (sdpa_task_of(NULL, p) == NULL) {
		DOCA_LOG_ERR("%s: %p is not a live task (freed, or its queue destroyed); " TASK_FIX,
		             fn, p);
		return NULL;
	}
	k = *(const uint32_t *)p;
	if (k != kind) {
		DOCA_LOG_ERR("%s: %p is a task of another kind; " TASK_FIX, fn, p);
		return NULL;
	}
	return (void *)p;
}

/* A batch object from a doca_task_batch pointer, NULL with one line otherwise. */
static struct tx_batch *batch_obj(struct doca_task_batch *b, uint32_t kind, const char *fn)
{
	struct doca_task *t;
	struct tx_batch *o;

	if (b == NULL) {
		DOCA_LOG_ERR("%s: task_batch is NULL; pass a batch the queue allocated", fn);
		return NULL;
	}
	/* the doca_task_batch is the task header of its slot: find it among the live pools */
	if (doca_task_batch_get_ctx(b) == NULL)
		return NULL; /* logged: not a live batch */
	t = (struct doca_task *)(void *)b;
	o = sdpa_task_obj(t);
	if (o->kind != kind) {
		DOCA_LOG_ERR("%s: the batch holds another kind of task; pass a batch of %s tasks",
		             fn, kind == K_BSEND ? "send" : "LSO send");
		return NULL;
	}
	return o;
}

/* ------------------------------------------------------------------ sending */

/* The bytes of a doca_buf list into 'out' (at most 'cap'): their length, or an error. */
static doca_error_t gather_bufs(const struct doca_eth_txq *q, struct doca_buf *b, uint8_t *out,
                                uint32_t cap, uint32_t *len, const char **why)
{
	uint32_t n = 0, total = 0;

	for (; b != NULL; n++) {
		void *data = NULL;
		size_t dl = 0;
		struct doca_buf *next = NULL;

		if (n >= q->max_list) {
			*why = "the doca_buf list is longer than the queue's max_send_buf_list_len";
			return DOCA_ERROR_INVALID_VALUE;
		}
		if (doca_buf_get_data(b, &data) != DOCA_SUCCESS ||
		    doca_buf_get_data_len(b, &dl) != DOCA_SUCCESS) {
			*why = "the packet is not a live doca_buf";
			return DOCA_ERROR_INVALID_VALUE;
		}
		if (total + dl > cap) {
			*why = "the packet is longer than the largest frame (9216 bytes)";
			return DOCA_ERROR_INVALID_VALUE;
		}
		if (dl)
			memcpy(out + total, data, dl);
		total += (uint32_t)dl;
		if (doca_buf_get_next_in_list(b, &next) != DOCA_SUCCESS)
			next = NULL;
		b = next;
	}
	*len = total;
	return DOCA_SUCCESS;
}

/* Hand n frames to the NIC through the port of the queue's device. */
static doca_error_t emit(struct doca_eth_txq *q, uint8_t *const *frames, const uint32_t *lens,
                         uint16_t n, const char **why)
{
	struct sdpa_pkt pkt[TX_SEG_BURST], *pp[TX_SEG_BURST];
	int32_t port = sdpa_nic_port_of_dev(q->dev);

	if (port < 0) {
		*why = "no DOCA Flow port is started on the queue's device, so the frame has no "
		       "wire; start one (doca_flow_port_cfg_set_dev) before sending";
		return DOCA_ERROR_NOT_CONNECTED;
	}
	for (uint16_t i = 0; i < n; i++) {
		pkt[i] = (struct sdpa_pkt){.data = frames[i],
		                           .len = lens[i],
		                           .cap = lens[i],
		                           .in_port = (uint16_t)port,
		                           .meta = q->metadata_num ? q->cur_meta : 0};
		pp[i] = &pkt[i];
	}
	if (sdpa_nic_host_tx((uint16_t)port, pp, n) < n) {
		*why = "the port's transmit queue is full (counted as tx_full drops)";
		return DOCA_ERROR_AGAIN;
	}
	return DOCA_SUCCESS;
}

static void offload(const struct doca_eth_txq *q, uint8_t *f, uint32_t len, uint16_t ol)
{
	bool l3 = q->l3 || (ol & DOCA_ETH_TXQ_OL_FLAGS_L3_CSUM);
	bool l4 = q->l4 || (ol & DOCA_ETH_TXQ_OL_FLAGS_L4_CSUM);

	if (l3 || l4)
		eth_csum_fill(f, len, l3, l4);
}

/* One plain send: build, offload, emit (or just check when !go). */
static doca_error_t do_send(struct doca_eth_txq *q, struct doca_buf *pkt, uint16_t ol, bool go,
                            const char **why)
{
	uint8_t *f = q->seg;
	uint32_t len = 0;
	doca_error_t r;

	if (pkt == NULL) {
		*why = "the task has no packet";
		return DOCA_ERROR_INVALID_VALUE;
	}
	r = gather_bufs(q, pkt, f, SOFTDPA_FRAME_MAX, &len, why);
	if (r != DOCA_SUCCESS)
		return r;
	if (len < 14) {
		*why = "the packet is shorter than an Ethernet header";
		return DOCA_ERROR_INVALID_VALUE;
	}
	if (!go)
		return DOCA_SUCCESS;
	offload(q, f, len, ol);
	return emit(q, &f, &len, 1, why);
}

/* Bytes of a gather list into 'out' (at most 'cap'). */
static doca_error_t gather_list(const struct doca_gather_list *g, uint8_t *out, uint32_t cap,
                                uint32_t *len, const char **why)
{
	uint32_t total = 0;

	for (uint32_t n = 0; g != NULL; g = g->next, n++) {
		if (n >= TX_MAX_LIST || g->len > cap - total || (g->len && g->addr == NULL)) {
			*why = "the LSO headers are longer than the queue's max_lso_header_size, "
			       "or "
			       "a gather list entry has no address";
			return DOCA_ERROR_INVALID_VALUE;
		}
		memcpy(out + total, g->addr, g->len);
		total += (uint32_t)g->len;
	}
	*len = total;
	return DOCA_SUCCESS;
}

/* One LSO send: the payload in segments of at most mss bytes, each behind the headers with
 * the IPv4 total length and id, the IPv6 payload length, the TCP sequence number and flags
 * (FIN and PSH on the last segment only) or the UDP length fixed, and the checksums the
 * device computes for every segment. */
static doca_error_t do_lso(struct doca_eth_txq *q, struct doca_buf *payload,
                           const struct doca_gather_list *headers, uint16_t mss, uint16_t ol,
                           bool go, const char **why)
{
	uint8_t hdr[TX_MAX_LSO_HDR];
	uint32_t hlen = 0, plen = 0, off = 0, seq = 0;
	uint8_t *body, *frames[TX_SEG_BURST];
	uint32_t lens[TX_SEG_BURST];
	struct eth_layers y;
	uint16_t n = 0, ip_id = 0;
	uint8_t tcp_flags = 0;
	doca_error_t r;

	if (payload == NULL || headers == NULL) {
		*why = "the task has no payload or no headers";
		return DOCA_ERROR_INVALID_VALUE;
	}
	if (mss == 0) {
		*why = "no MSS: set one with doca_eth_txq_set_mss or "
		       "doca_eth_txq_task_lso_send_set_mss";
		return DOCA_ERROR_INVALID_VALUE;
	}
	r = gather_list(headers, hdr, q->max_lso_hdr, &hlen, why);
	if (r != DOCA_SUCCESS)
		return r;
	if (hlen < 14 + 20 + 8) { /* the shortest stack: Ethernet, IPv4, UDP */
		*why = "the LSO headers are shorter than an Ethernet, IP and TCP/UDP header stack";
		return DOCA_ERROR_INVALID_VALUE;
	}
	if (q->body == NULL && (q->body = malloc(TX_MAX_LSO_MSG)) == NULL) {
		*why = "out of memory for the LSO payload";
		return DOCA_ERROR_NO_MEMORY;
	}
	body = q->body;
	r = gather_bufs(q, payload, body, TX_MAX_LSO_MSG, &plen, why);
	if (r == DOCA_ERROR_INVALID_VALUE && plen == 0 && strstr(*why, "largest frame"))
		*why = "the LSO payload is longer than doca_eth_txq_cap_get_max_lso_msg_size";
	if (r != DOCA_SUCCESS)
		goto out;
	/* the headers must be a whole Ethernet + IP + TCP/UDP header stack */
	{
		uint8_t probe[TX_MAX_LSO_HDR];
		uint32_t ipl;

		memcpy(probe, hdr, hlen);
		/* pretend the IP length covers the headers only, to find the layers */
		if (hlen >= 14 + 20 && (hdr[12] == 0x08 && hdr[13] == 0x00)) {
			ipl = hlen - 14;
			probe[16] = (uint8_t)(ipl >> 8);
			probe[17] = (uint8_t)ipl;
		} else if (hlen >= 14 + 40 && hdr[12] == 0x86 && hdr[13] == 0xdd) {
			ipl = hlen - 54;
			probe[18] = (uint8_t)(ipl >> 8);
			probe[19] = (uint8_t)ipl;
		}
		if (!eth_layers_of(probe, hlen, &y) || y.frag ||
		    !((y.proto == 6 && hlen >= y.l4 + 20 &&
		       hlen == y.l4 + (uint32_t)((hdr[y.l4 + 12] >> 4) * 4)) ||
		      (y.proto == 17 && hlen == y.l4 + 8))) {
			*why = "the LSO headers are not one Ethernet, IPv4 or IPv6, and TCP or UDP "
			       "header stack";
			r = DOCA_ERROR_INVALID_VALUE;
			goto out;
		}
	}
	if (hlen + (mss < plen ? mss : plen) > SOFTDPA_FRAME_MAX) {
		*why = "headers plus MSS exceed the largest frame (9216 bytes)";
		r = DOCA_ERROR_INVALID_VALUE;
		goto out;
	}
	if (!go)
		goto out;
	if (y.proto == 6) {
		seq = (uint32_t)hdr[y.l4 + 4] << 24 | (uint32_t)hdr[y.l4 + 5] << 16 |
		      (uint32_t)hdr[y.l4 + 6] << 8 | hdr[y.l4 + 7];
		tcp_flags = hdr[y.l4 + 13];
	}
	if (y.et == 0x0800)
		ip_id = (uint16_t)(hdr[y.l3 + 4] << 8 | hdr[y.l3 + 5]);
	do {
		uint32_t chunk = plen - off < mss ? plen - off : mss;
		bool last = off + chunk >= plen;
		uint8_t *f = q->seg + (size_t)n * SOFTDPA_FRAME_MAX;
		uint32_t l4len = hlen - y.l4 + chunk;

		memcpy(f, hdr, hlen);
		memcpy(f + hlen, body + off, chunk);
		if (y.et == 0x0800) {
			uint32_t tot = hlen - y.l3 + chunk;
			uint16_t id = (uint16_t)(ip_id + (off / mss));

			f[y.l3 + 2] = (uint8_t)(tot >> 8);
			f[y.l3 + 3] = (uint8_t)tot;
			f[y.l3 + 4] = (uint8_t)(id >> 8);
			f[y.l3 + 5] = (uint8_t)id;
		} else {
			f[y.l3 + 4] = (uint8_t)(l4len >> 8);
			f[y.l3 + 5] = (uint8_t)l4len;
		}
		if (y.proto == 6) {
			uint32_t s = seq + off;

			f[y.l4 + 4] = (uint8_t)(s >> 24);
			f[y.l4 + 5] = (uint8_t)(s >> 16);
			f[y.l4 + 6] = (uint8_t)(s >> 8);
			f[y.l4 + 7] = (uint8_t)s;
			/* FIN and PSH close the message: last segment only; CWR: first only */
			f[y.l4 + 13] =
			        (uint8_t)(tcp_flags & ~(last ? 0 : 0x09) & ~(off ? 0x80 : 0));
		} else {
			f[y.l4 + 4] = (uint8_t)(l4len >> 8);
			f[y.l4 + 5] = (uint8_t)l4len;
		}
		/* a segmenting device computes both checksums of every segment */
		eth_csum_fill(f, hlen + chunk, y.et == 0x0800, true);
		(void)ol;
		frames[n] = f;
		lens[n++] = hlen + chunk;
		off += chunk;
		if (n == TX_SEG_BURST || last) {
			r = emit(q, frames, lens, n, why);
			n = 0;
			if (r != DOCA_SUCCESS)
				break;
		}
	} while (off < plen);
out:
	return r;
}

static void task_failed(struct doca_eth_txq *q, const char *kind, doca_error_t r, const char *why)
{
	q->failed++;
	DOCA_LOG_RATE_LIMIT_ERR("eth_txq: a %s task fails (%s): %s", kind, doca_error_get_name(r),
	                        why);
}

/* Queue the completion of a submitted task for doca_pe_progress. */
static void post_done(struct doca_eth_txq *q, void *obj, doca_error_t status, uint16_t ntasks)
{
	q->done[q->tail % q->max_burst] = (struct tx_done){obj, status};
	q->tail++;
	q->inflight += ntasks;
}

static doca_error_t room(struct doca_eth_txq *q, uint16_t ntasks)
{
	if (q->inflight + ntasks > q->max_burst) {
		DOCA_LOG_ERR("doca_task_submit: the send queue holds %u tasks in flight "
		             "(max_burst_size %u); call doca_pe_progress to complete some first",
		             q->inflight, q->max_burst);
		return DOCA_ERROR_FULL;
	}
	return DOCA_SUCCESS;
}

static doca_error_t submit_send(void *owner, void *obj, bool validate)
{
	struct doca_eth_txq *q = owner;
	struct doca_eth_txq_task_send *t = obj;
	const char *why = "";
	doca_error_t r = room(q, 1);

	if (r != DOCA_SUCCESS)
		return r;
	r = do_send(q, t->pkt, t->ol_flags, false, &why);
	if (r != DOCA_SUCCESS && validate) {
		DOCA_LOG_ERR("doca_task_try_submit: invalid send task: %s", why);
		return DOCA_ERROR_INVALID_VALUE;
	}
	q->cur_meta = t->meta[0];
	if (r == DOCA_SUCCESS)
		r = do_send(q, t->pkt, t->ol_flags, true, &why);
	if (r != DOCA_SUCCESS)
		task_failed(q, "send", r, why);
	else
		q->sent++;
	post_done(q, obj, r, 1);
	return DOCA_SUCCESS;
}

static doca_error_t submit_lso(void *owner, void *obj, bool validate)
{
	struct doca_eth_txq *q = owner;
	struct doca_eth_txq_task_lso_send *t = obj;
	uint16_t mss = t->mss ? t->mss : q->mss;
	const char *why = "";
	doca_error_t r = room(q, 1);

	if (r != DOCA_SUCCESS)
		return r;
	r = do_lso(q, t->payload, t->headers, mss, t->ol_flags, false, &why);
	if (r != DOCA_SUCCESS && validate) {
		DOCA_LOG_ERR("doca_task_try_submit: invalid LSO send task: %s", why);
		return DOCA_ERROR_INVALID_VALUE;
	}
	q->cur_meta = t->meta[0];
	if (r == DOCA_SUCCESS)
		r = do_lso(q, t->payload, t->headers, mss, t->ol_flags, true, &why);
	if (r != DOCA_SUCCESS)
		task_failed(q, "LSO send", r, why);
	else
		q->sent++;
	post_done(q, obj, r, 1);
	return DOCA_SUCCESS;
}

static doca_error_t submit_batch(void *owner, void *obj, bool validate)
{
	struct doca_eth_txq *q = owner;
	struct tx_batch *b = obj;
	bool lso = b->kind == K_BLSO;
	const char *why = "";
	doca_error_t r = room(q, b->n);

	if (r != DOCA_SUCCESS)
		return r;
	if (validate) {
		for (uint16_t i = 0; i < b->n; i++) {
			r = lso ? do_lso(q, b->pkts[i], b->hdrs[i], b->mss[i] ? b->mss[i] : q->mss,
			                 b->ol[i], false, &why)
			        : do_send(q, b->pkts[i], b->ol[i], false, &why);
			if (r != DOCA_SUCCESS) {
				DOCA_LOG_ERR("doca_task_batch_try_submit: task %u of the batch is "
				             "invalid: %s",
				             (unsigned int)i, why);
				return DOCA_ERROR_INVALID_VALUE;
			}
		}
	}
	r = DOCA_SUCCESS;
	for (uint16_t i = 0; i < b->n; i++) {
		q->cur_meta = b->meta[i];
		b->status[i] = lso ? do_lso(q, b->pkts[i], b->hdrs[i],
		                            b->mss[i] ? b->mss[i] : q->mss, b->ol[i], true, &why)
		                   : do_send(q, b->pkts[i], b->ol[i], true, &why);
		if (b->status[i] != DOCA_SUCCESS) {
			task_failed(q, lso ? "batched LSO send" : "batched send", b->status[i],
			            why);
			r = b->status[i];
		} else {
			q->sent++;
		}
	}
	post_done(q, obj, r, b->n);
	return DOCA_SUCCESS;
}

/* doca_pe_progress: report the completions waiting (those queued before the call). */
static bool txq_progress(void *owner)
{
	struct doca_eth_txq *q = owner;
	union doca_data cud = {.u64 = 0};
	uint32_t end = q->tail;
	bool any = q->head != end;

	(void)doca_ctx_get_user_data(q->ctx, &cud);
	while (q->head != end) {
		struct tx_done d = q->done[q->head % q->max_burst];
		struct doca_task *t = sdpa_task_of(NULL, d.obj);
		union doca_data ud;
		uint32_t kind = *(uint32_t *)d.obj;

		q->head++;
		if (t == NULL)
			continue; /* cannot happen: a submitted task is never freed */
		ud = sdpa_task_user_data(t);
		if (kind == K_SEND || kind == K_LSO) {
			struct tx_conf *c = kind == K_SEND ? &q->send : &q->lso;

			q->inflight--;
			sdpa_task_complete(t, d.status);
			if (kind == K_SEND)
				((doca_eth_txq_task_send_completion_cb_t)(d.status == DOCA_SUCCESS
				                                                  ? c->ok
				                                                  : c->err))(
				        d.obj, ud, cud);
			else
				((doca_eth_txq_task_lso_send_completion_cb_t)(d.status == DOCA_SUCCESS
				                                                      ? c->ok
				                                                      : c->err))(
				        d.obj, ud, cud);
		} else {
			struct tx_batch *b = d.obj;

			q->inflight -= b->n;
			sdpa_task_complete(t, d.status);
			if (kind == K_BSEND)
				((doca_eth_txq_task_batch_send_completion_cb_t)(d.status == DOCA_SUCCESS
				                                                        ? q->bsend.ok
				                                                        : q->bsend.err))(
				        (struct doca_task_batch *)(void *)t, b->n, cud, ud, b->ud,
				        b->pkts, b->status);
			else
				((doca_eth_txq_task_batch_lso_send_completion_cb_t)(d.status == DOCA_SUCCESS
				                                                            ? q->blso.ok
				                                                            : q->blso.err))(
				        (struct doca_task_batch *)(void *)t, b->n, cud, ud, b->ud,
				        b->pkts, b->hdrs, b->status);
		}
	}
	if (sdpa_ctx_state(q->ctx) == DOCA_CTX_STATE_STOPPING && q->head == q->tail) {
		uint32_t out = 0;
		struct tx_conf *cs[4] = {&q->send, &q->lso, &q->bsend, &q->blso};

		for (int i = 0; i < 4; i++)
			if (cs[i]->pool != NULL)
				out += sdpa_task_pool_outstanding(cs[i]->pool);
		if (out == 0) {
			pthread_mutex_lock(&txq_lock);
			q->flow_qid = -1;
			pthread_mutex_unlock(&txq_lock);
			sdpa_ctx_stopped(q->ctx);
			any = true;
		}
	}
	return any;
}

/* ------------------------------------------------------------------ start / stop */

static doca_error_t txq_start(void *owner)
{
	struct doca_eth_txq *q = owner;

	if (q->type != DOCA_ETH_TXQ_TYPE_REGULAR) {
		DOCA_LOG_ERR("doca_ctx_start: send queue type %d is unknown; use "
		             "DOCA_ETH_TXQ_TYPE_REGULAR",
		             (int)q->type);
		return DOCA_ERROR_INVALID_VALUE;
	}
	if (sdpa_ctx_pe(q->ctx) == NULL) {
		DOCA_LOG_ERR("doca_ctx_start: the send queue is not connected to a progress "
		             "engine; call doca_pe_connect_ctx first");
		return DOCA_ERROR_BAD_STATE;
	}
	if (q->send.pool == NULL && q->lso.pool == NULL && q->bsend.pool == NULL &&
	    q->blso.pool == NULL) {
		DOCA_LOG_ERR("doca_ctx_start: the send queue has no task configuration; call "
		             "doca_eth_txq_task_send_set_conf (or the LSO / batch variants) first");
		return DOCA_ERROR_BAD_STATE;
	}
	free(q->done);
	free(q->seg);
	q->done = calloc(q->max_burst, sizeof(q->done[0]));
	q->seg = malloc((size_t)TX_SEG_BURST * SOFTDPA_FRAME_MAX);
	if (q->done == NULL || q->seg == NULL) {
		free(q->done);
		free(q->seg);
		q->done = NULL;
		q->seg = NULL;
		DOCA_LOG_ERR("doca_ctx_start: out of memory for the send queue's rings");
		return DOCA_ERROR_NO_MEMORY;
	}
	q->head = q->tail = q->inflight = 0;
	/* an id of its own among the device's running send queues (the lowest free) */
	pthread_mutex_lock(&txq_lock);
	for (int32_t id = 0; id < (int32_t)sdpa_nic_rxq_max(); id++) {
		bool taken = false;

		for (const struct doca_eth_txq *o = txq_list; o != NULL && !taken; o = o->next)
			taken = o != q && o->dev == q->dev && o->flow_qid == id;
		if (!taken) {
			q->flow_qid = id;
			break;
		}
	}
	pthread_mutex_unlock(&txq_lock);
	return DOCA_SUCCESS;
}

static doca_error_t txq_stop(void *owner)
{
	struct doca_eth_txq *q = owner;
	uint32_t out = 0;
	struct tx_conf *cs[4] = {&q->send, &q->lso, &q->bsend, &q->blso};

	for (int i = 0; i < 4; i++)
		if (cs[i]->pool != NULL)
			out += sdpa_task_pool_outstanding(cs[i]->pool);
	if (out > 0 || q->head != q->tail)
		return DOCA_ERROR_IN_PROGRESS; /* doca_pe_progress completes and waits for frees */
	pthread_mutex_lock(&txq_lock);
	q->flow_qid = -1;
	pthread_mutex_unlock(&txq_lock);
	return DOCA_SUCCESS;
}

/* ------------------------------------------------------------------ control path */

DOCA_EXPERIMENTAL doca_error_t doca_eth_txq_create(struct doca_dev *dev, uint32_t max_burst_size,
                                                   struct doca_eth_txq **eth_txq)
{
	struct doca_eth_txq *q;

	if (SDPA_NULL_ARGS("pass an open device and a result pointer", dev, eth_txq))
		return DOCA_ERROR_INVALID_VALUE;
	if (SDPA_BAD_ARG(max_burst_size == 0 || max_burst_size > TX_MAX_BURST,
	                 "max_burst_size is 0 or above doca_eth_txq_cap_get_max_burst_size",
	                 "give 1..8192 tasks"))
		return DOCA_ERROR_INVALID_VALUE;
	q = calloc(1, sizeof(*q));
	if (q == NULL) {
		DOCA_LOG_ERR("%s: out of memory for the queue", __func__);
		return DOCA_ERROR_NO_MEMORY;
	}
	q->magic = TXQ_MAGIC;
	q->dev = dev;
	q->max_burst = max_burst_size;
	q->max_list = 1;
	q->max_lso_hdr = TX_MAX_LSO_HDR;
	q->type = DOCA_ETH_TXQ_TYPE_REGULAR;
	q->flow_qid = -1;
	q->ctx = sdpa_ctx_create("doca_eth_txq", q, txq_start, txq_stop, NULL);
	if (q->ctx == NULL || !sdpa_handle_add(q, SDPA_H_ETH_TXQ)) {
		if (q->ctx != NULL)
			sdpa_ctx_destroy(q->ctx);
		free(q);
		DOCA_LOG_ERR("%s: out of memory for the queue's context", __func__);
		return DOCA_ERROR_NO_MEMORY;
	}
	sdpa_ctx_set_progress(q->ctx, txq_progress);
	pthread_mutex_lock(&txq_lock);
	q->next = txq_list;
	txq_list = q;
	pthread_mutex_unlock(&txq_lock);
	*eth_txq = q;
	return DOCA_SUCCESS;
}

DOCA_EXPERIMENTAL doca_error_t doca_eth_txq_destroy(struct doca_eth_txq *eth_txq)
{
	struct doca_eth_txq *q = eth_txq, **pp;

	CHECK_IDLE(q);
	pthread_mutex_lock(&txq_lock);
	for (pp = &txq_list; *pp != NULL; pp = &(*pp)->next) {
		if (*pp == q) {
			*pp = q->next;
			break;
		}
	}
	pthread_mutex_unlock(&txq_lock);
	sdpa_task_pool_destroy(q->send.pool);
	sdpa_task_pool_destroy(q->lso.pool);
	sdpa_task_pool_destroy(q->bsend.pool);
	sdpa_task_pool_destroy(q->blso.pool);
	free(q->done);
	free(q->seg);
	free(q->body);
	sdpa_ctx_destroy(q->ctx);
	q->magic = 0;
	sdpa_handle_retire(q, free);
	return DOCA_SUCCESS;
}

DOCA_EXPERIMENTAL struct doca_ctx *doca_eth_txq_as_doca_ctx(struct doca_eth_txq *eth_txq)
{
	if (bad_txq(__func__, eth_txq))
		return NULL;
	return eth_txq->ctx;
}

DOCA_EXPERIMENTAL doca_error_t doca_eth_txq_set_max_burst_size(struct doca_eth_txq *eth_txq,
                                                               uint32_t max_burst_size)
{
	CHECK_IDLE(eth_txq);
	if (SDPA_BAD_ARG(max_burst_size == 0 || max_burst_size > TX_MAX_BURST,
	                 "max_burst_size is 0 or above doca_eth_txq_cap_get_max_burst_size",
	                 "give 1..8192 tasks"))
		return DOCA_ERROR_INVALID_VALUE;
	eth_txq->max_burst = max_burst_size;
	return DOCA_SUCCESS;
}

DOCA_EXPERIMENTAL doca_error_t
doca_eth_txq_set_max_send_buf_list_len(struct doca_eth_txq *eth_txq, uint32_t max_send_buf_list_len)
{
	CHECK_IDLE(eth_txq);
	if (SDPA_BAD_ARG(max_send_buf_list_len == 0 || max_send_buf_list_len > TX_MAX_LIST,
	                 "max_send_buf_list_len is 0 or above "
	                 "doca_eth_txq_cap_get_max_send_buf_list_len (16)",
	                 "give 1..16 buffers"))
		return DOCA_ERROR_INVALID_VALUE;
	eth_txq->max_list = max_send_buf_list_len;
	return DOCA_SUCCESS;
}

DOCA_EXPERIMENTAL doca_error_t doca_eth_txq_set_metadata_num(struct doca_eth_txq *eth_txq,
                                                             uint8_t metadata_num)
{
	CHECK_IDLE(eth_txq);
	if (SDPA_BAD_ARG(metadata_num > TX_MAX_METADATA,
	                 "metadata_num is above doca_eth_txq_cap_get_max_metadata_num (1: the "
	                 "word egress pipes match as meta.pkt_meta)",
	                 "ask for 0 or 1"))
		return DOCA_ERROR_INVALID_VALUE;
	eth_txq->metadata_num = metadata_num;
	return DOCA_SUCCESS;
}

DOCA_EXPERIMENTAL doca_error_t doca_eth_txq_set_mss(struct doca_eth_txq *eth_txq, uint16_t mss)
{
	CHECK_IDLE(eth_txq);
	if (SDPA_BAD_ARG(mss == 0 || mss > SOFTDPA_FRAME_MAX, "mss is 0 or above a frame (9216)",
	                 "give the segment payload size in bytes"))
		return DOCA_ERROR_INVALID_VALUE;
	eth_txq->mss = mss;
	return DOCA_SUCCESS;
}

DOCA_EXPERIMENTAL doca_error_t doca_eth_txq_set_max_lso_header_size(struct doca_eth_txq *eth_txq,
                                                                    uint16_t max_lso_header_size)
{
	CHECK_IDLE(eth_txq);
	if (SDPA_BAD_ARG(max_lso_header_size == 0 || max_lso_header_size > TX_MAX_LSO_HDR,
	                 "max_lso_header_size is 0 or above "
	                 "doca_eth_txq_cap_get_max_lso_header_size (256)",
	                 "give 1..256 bytes"))
		return DOCA_ERROR_INVALID_VALUE;
	eth_txq->max_lso_hdr = max_lso_header_size;
	return DOCA_SUCCESS;
}

DOCA_EXPERIMENTAL doca_error_t doca_eth_txq_set_type(struct doca_eth_txq *eth_txq,
                                                     enum doca_eth_txq_type type)
{
	CHECK_IDLE(eth_txq);
	if (type != DOCA_ETH_TXQ_TYPE_REGULAR) {
		DOCA_LOG_ERR("%s: type %d is unknown; use DOCA_ETH_TXQ_TYPE_REGULAR", __func__,
		             (int)type);
		return DOCA_ERROR_INVALID_VALUE;
	}
	eth_txq->type = type;
	return DOCA_SUCCESS;
}

DOCA_EXPERIMENTAL doca_error_t doca_eth_txq_set_l3_chksum_offload(struct doca_eth_txq *eth_txq,
                                                                  uint8_t enable_l3_chksum)
{
	CHECK_IDLE(eth_txq);
	eth_txq->l3 = enable_l3_chksum != 0;
	return DOCA_SUCCESS;
}

DOCA_EXPERIMENTAL doca_error_t doca_eth_txq_set_l4_chksum_offload(struct doca_eth_txq *eth_txq,
                                                                  uint8_t enable_l4_chksum)
{
	CHECK_IDLE(eth_txq);
	eth_txq->l4 = enable_l4_chksum != 0;
	return DOCA_SUCCESS;
}

DOCA_EXPERIMENTAL doca_error_t doca_eth_txq_set_wait_on_time_offload(struct doca_eth_txq *eth_txq)
{
	CHECK_IDLE(eth_txq);
	DOCA_LOG_RATE_LIMIT_ERR("%s is not supported by softdpa (the emulated port sends at "
	                        "once: doca_eth_txq_cap_get_wait_on_time_offload_supported "
	                        "answers DOCA_ETH_WAIT_ON_TIME_TYPE_NONE)",
	                        __func__);
	return DOCA_ERROR_NOT_SUPPORTED;
}

DOCA_EXPERIMENTAL doca_error_t doca_eth_txq_calculate_timestamp(struct doca_eth_txq *eth_txq,
                                                                uint64_t timestamp_ns,
                                                                uint64_t *wait_on_time_value)
{
	(void)timestamp_ns;
	if (bad_txq(__func__, eth_txq) ||
	    SDPA_NULL_ARGS("pass a result pointer", wait_on_time_value))
		return DOCA_ERROR_INVALID_VALUE;
	DOCA_LOG_RATE_LIMIT_ERR("%s is not supported by softdpa (no wait-on-time send: "
	                        "doca_eth_txq_set_wait_on_time_offload is refused)",
	                        __func__);
	return DOCA_ERROR_NOT_SUPPORTED;
}

DOCA_EXPERIMENTAL doca_error_t doca_eth_txq_get_gpu_handle(const struct doca_eth_txq *eth_txq,
                                                           struct doca_gpu_eth_txq **eth_txq_ext)
{
	if (bad_txq(__func__, eth_txq) || SDPA_NULL_ARGS("pass a result pointer", eth_txq_ext))
		return DOCA_ERROR_INVALID_VALUE;
	DOCA_LOG_RATE_LIMIT_ERR("%s is not supported by softdpa (no GPU: the queue's data path "
	                        "runs on the CPU)",
	                        __func__);
	return DOCA_ERROR_NOT_SUPPORTED;
}

DOCA_EXPERIMENTAL doca_error_t doca_eth_txq_get_flow_queue_id(struct doca_eth_txq *eth_txq,
                                                              uint16_t *flow_queue_id)
{
	if (bad_txq(__func__, eth_txq) || SDPA_NULL_ARGS("pass a result pointer", flow_queue_id))
		return DOCA_ERROR_INVALID_VALUE;
	if (sdpa_ctx_state(eth_txq->ctx) != DOCA_CTX_STATE_RUNNING || eth_txq->flow_qid < 0) {
		DOCA_LOG_ERR("%s: the queue is not started; the id exists from doca_ctx_start on",
		             __func__);
		return DOCA_ERROR_BAD_STATE;
	}
	*flow_queue_id = (uint16_t)eth_txq->flow_qid;
	return DOCA_SUCCESS;
}

/* ------------------------------------------------------------------ capabilities */

static bool bad_devinfo(const char *fn, const struct doca_devinfo *devinfo, const void *out)
{
	if (devinfo == NULL || out == NULL) {
		DOCA_LOG_ERR("%s: %s is NULL; pass a device's devinfo and a result pointer", fn,
		             devinfo == NULL ? "devinfo" : "the result pointer");
		return true;
	}
	return false;
}

DOCA_EXPERIMENTAL doca_error_t doca_eth_txq_cap_get_max_burst_size(
        const struct doca_devinfo *devinfo, uint32_t max_send_buf_list_len,
        uint16_t max_lso_header_size, uint32_t *max_burst_size)
{
	(void)max_send_buf_list_len;
	(void)max_lso_header_size;
	if (bad_devinfo(__func__, devinfo, max_burst_size))
		return DOCA_ERROR_INVALID_VALUE;
	*max_burst_size = TX_MAX_BURST; /* the emulated ring does not shrink with these */
	return DOCA_SUCCESS;
}

DOCA_EXPERIMENTAL doca_error_t doca_eth_txq_cap_get_max_send_buf_list_len(
        const struct doca_devinfo *devinfo, uint32_t *max_send_buf_list_len)
{
	if (bad_devinfo(__func__, devinfo, max_send_buf_list_len))
		return DOCA_ERROR_INVALID_VALUE;
	*max_send_buf_list_len = TX_MAX_LIST;
	return DOCA_SUCCESS;
}

DOCA_EXPERIMENTAL doca_error_t
doca_eth_txq_cap_get_max_metadata_num(const struct doca_devinfo *devinfo, uint8_t *max_metadata_num)
{
	if (bad_devinfo(__func__, devinfo, max_metadata_num))
		return DOCA_ERROR_INVALID_VALUE;
	*max_metadata_num = TX_MAX_METADATA;
	return DOCA_SUCCESS;
}

DOCA_EXPERIMENTAL doca_error_t doca_eth_txq_cap_get_max_lso_header_size(
        const struct doca_devinfo *devinfo, uint16_t *max_lso_header_size)
{
	if (bad_devinfo(__func__, devinfo, max_lso_header_size))
		return DOCA_ERROR_INVALID_VALUE;
	*max_lso_header_size = TX_MAX_LSO_HDR;
	return DOCA_SUCCESS;
}

DOCA_EXPERIMENTAL doca_error_t
doca_eth_txq_cap_is_type_supported(const struct doca_devinfo *devinfo, enum doca_eth_txq_type type,
                                   enum doca_eth_txq_data_path_type data_path_type)
{
	if (bad_devinfo(__func__, devinfo, devinfo))
		return DOCA_ERROR_INVALID_VALUE;
	if (type != DOCA_ETH_TXQ_TYPE_REGULAR ||
	    (data_path_type != DOCA_ETH_TXQ_DATA_PATH_TYPE_CPU &&
	     data_path_type != DOCA_ETH_TXQ_DATA_PATH_TYPE_GPU)) {
		DOCA_LOG_ERR("%s: type %d or data path %d is unknown; use enum doca_eth_txq_type "
		             "and enum doca_eth_txq_data_path_type values",
		             __func__, (int)type, (int)data_path_type);
		return DOCA_ERROR_INVALID_VALUE;
	}
	/* A capability answer, not a refusal: no log line. */
	return data_path_type == DOCA_ETH_TXQ_DATA_PATH_TYPE_CPU ? DOCA_SUCCESS
	                                                         : DOCA_ERROR_NOT_SUPPORTED;
}

DOCA_EXPERIMENTAL doca_error_t
doca_eth_txq_cap_is_l3_chksum_offload_supported(const struct doca_devinfo *devinfo)
{
	if (bad_devinfo(__func__, devinfo, devinfo))
		return DOCA_ERROR_INVALID_VALUE;
	return DOCA_SUCCESS;
}

DOCA_EXPERIMENTAL doca_error_t
doca_eth_txq_cap_is_l4_chksum_offload_supported(const struct doca_devinfo *devinfo)
{
	if (bad_devinfo(__func__, devinfo, devinfo))
		return DOCA_ERROR_INVALID_VALUE;
	return DOCA_SUCCESS;
}

DOCA_EXPERIMENTAL doca_error_t doca_eth_txq_cap_get_max_lso_msg_size(
        const struct doca_devinfo *devinfo, uint32_t *max_lso_msg_size)
{
	if (bad_devinfo(__func__, devinfo, max_lso_msg_size))
		return DOCA_ERROR_INVALID_VALUE;
	*max_lso_msg_size = TX_MAX_LSO_MSG;
	return DOCA_SUCCESS;
}

DOCA_EXPERIMENTAL doca_error_t doca_eth_txq_cap_get_wait_on_time_offload_supported(
        const struct doca_devinfo *devinfo, enum doca_eth_wait_on_time_type *wait_on_time_mode)
{
	if (bad_devinfo(__func__, devinfo, wait_on_time_mode))
		return DOCA_ERROR_INVALID_VALUE;
	*wait_on_time_mode = DOCA_ETH_WAIT_ON_TIME_TYPE_NONE;
	return DOCA_SUCCESS;
}

/* ------------------------------------------------------------------ task configuration */

static doca_error_t set_conf(struct doca_eth_txq *q, struct tx_conf *c, const char *kind,
                             bool batch, uint32_t n, size_t obj_size, sdpa_task_submit_fn fn,
                             void *ok, void *err, const char *caller)
{
	struct sdpa_task_pool *p;

	if (c->pool != NULL && sdpa_task_pool_outstanding(c->pool) > 0) {
		DOCA_LOG_ERR("%s: tasks of the earlier configuration are still allocated; free "
		             "them (doca_task_free) first",
		             caller);
		return DOCA_ERROR_IN_USE;
	}
	p = sdpa_task_pool_create(q->ctx, kind, batch, n, obj_size, fn, q);
	if (p == NULL)
		return DOCA_ERROR_NO_MEMORY;
	sdpa_task_pool_destroy(c->pool);
	c->pool = p;
	c->ok = ok;
	c->err = err;
	return DOCA_SUCCESS;
}

#define CONF_FIX "pass both callbacks and a task count above 0"

DOCA_EXPERIMENTAL doca_error_t doca_eth_txq_task_send_set_conf(
        struct doca_eth_txq *eth_txq, doca_eth_txq_task_send_completion_cb_t task_completion_cb,
        doca_eth_txq_task_send_completion_cb_t task_error_cb, uint32_t task_send_num)
{
	CHECK_IDLE(eth_txq);
	if (SDPA_NULL_ARGS(CONF_FIX, task_completion_cb, task_error_cb) ||
	    SDPA_BAD_ARG(task_send_num == 0, "task_send_num is 0", CONF_FIX))
		return DOCA_ERROR_INVALID_VALUE;
	return set_conf(eth_txq, &eth_txq->send, "doca_eth_txq_task_send", false, task_send_num,
	                sizeof(struct doca_eth_txq_task_send), submit_send,
	                (void *)task_completion_cb, (void *)task_error_cb, __func__);
}

DOCA_EXPERIMENTAL doca_error_t doca_eth_txq_task_lso_send_set_conf(
        struct doca_eth_txq *eth_txq, doca_eth_txq_task_lso_send_completion_cb_t task_completion_cb,
        doca_eth_txq_task_lso_send_completion_cb_t task_error_cb, uint32_t task_lso_send_num)
{
	CHECK_IDLE(eth_txq);
	if (SDPA_NULL_ARGS(CONF_FIX, task_completion_cb, task_error_cb) ||
	    SDPA_BAD_ARG(task_lso_send_num == 0, "task_lso_send_num is 0", CONF_FIX))
		return DOCA_ERROR_INVALID_VALUE;
	return set_conf(eth_txq, &eth_txq->lso, "doca_eth_txq_task_lso_send", false,
	                task_lso_send_num, sizeof(struct doca_eth_txq_task_lso_send), submit_lso,
	                (void *)task_completion_cb, (void *)task_error_cb, __func__);
}

static uint16_t batch_cap(enum doca_task_batch_max_tasks_number n)
{
	switch (n) {
	case DOCA_TASK_BATCH_MAX_TASKS_NUMBER_16:
		return 16;
	case DOCA_TASK_BATCH_MAX_TASKS_NUMBER_32:
		return 32;
	case DOCA_TASK_BATCH_MAX_TASKS_NUMBER_64:
		return 64;
	case DOCA_TASK_BATCH_MAX_TASKS_NUMBER_128:
		return 128;
	}
	return 0;
}

static size_t batch_size(uint16_t cap)
{
	return sizeof(struct tx_batch) +
	       (size_t)cap * (sizeof(struct doca_buf *) + sizeof(struct doca_gather_list *) +
	                      sizeof(union doca_data) + sizeof(doca_error_t) +
	                      2 * sizeof(uint16_t) + sizeof(uint32_t));
}

static doca_error_t batch_conf(struct doca_eth_txq *q, struct tx_conf *c, bool lso,
                               enum doca_task_batch_max_tasks_number max_tasks_number,
                               uint16_t num_task_batches, void *ok, void *err, const char *fn)
{
	uint16_t cap = batch_cap(max_tasks_number);
	doca_error_t r;

	if (SDPA_NULL_ARGS(CONF_FIX, ok, err) ||
	    SDPA_BAD_ARG(cap == 0,
	                 "max_tasks_number is not an enum "
	                 "doca_task_batch_max_tasks_number value",
	                 "use DOCA_TASK_BATCH_MAX_TASKS_NUMBER_16..128") ||
	    SDPA_BAD_ARG(num_task_batches == 0, "num_task_batches is 0", CONF_FIX))
		return DOCA_ERROR_INVALID_VALUE;
	r = set_conf(q, c, lso ? "doca_task_batch (LSO send)" : "doca_task_batch (send)", true,
	             num_task_batches, batch_size(cap), submit_batch, ok, err, fn);
	if (r == DOCA_SUCCESS)
		c->batch_cap = cap;
	return r;
}

DOCA_EXPERIMENTAL doca_error_t doca_eth_txq_task_batch_send_set_conf(
        struct doca_eth_txq *eth_txq, enum doca_task_batch_max_tasks_number max_tasks_number,
        uint16_t num_task_batches,
        doca_eth_txq_task_batch_send_completion_cb_t success_completion_cb,
        doca_eth_txq_task_batch_send_completion_cb_t error_completion_cb)
{
	CHECK_IDLE(eth_txq);
	return batch_conf(eth_txq, &eth_txq->bsend, false, max_tasks_number, num_task_batches,
	                  (void *)success_completion_cb, (void *)error_completion_cb, __func__);
}

DOCA_EXPERIMENTAL doca_error_t doca_eth_txq_task_batch_lso_send_set_conf(
        struct doca_eth_txq *eth_txq, enum doca_task_batch_max_tasks_number max_tasks_number,
        uint16_t num_task_batches,
        doca_eth_txq_task_batch_lso_send_completion_cb_t success_completion_cb,
        doca_eth_txq_task_batch_lso_send_completion_cb_t error_completion_cb)
{
	CHECK_IDLE(eth_txq);
	return batch_conf(eth_txq, &eth_txq->blso, true, max_tasks_number, num_task_batches,
	                  (void *)success_completion_cb, (void *)error_completion_cb, __func__);
}

static doca_error_t expand(struct tx_conf *c, uint32_t n, const char *fn, const char *setter)
{
	if (c->pool == NULL) {
		DOCA_LOG_ERR("%s: the queue has no such task configuration; call %s first", fn,
		             setter);
		return DOCA_ERROR_BAD_STATE;
	}
	if (n == 0) {
		DOCA_LOG_ERR("%s: the number to add is 0; give how many to add", fn);
		return DOCA_ERROR_INVALID_VALUE;
	}
	return sdpa_task_pool_expand(c->pool, n);
}

DOCA_EXPERIMENTAL doca_error_t doca_eth_txq_task_send_num_expand(struct doca_eth_txq *eth_txq,
                                                                 uint32_t task_send_num)
{
	if (bad_txq(__func__, eth_txq))
		return DOCA_ERROR_INVALID_VALUE;
	return expand(&eth_txq->send, task_send_num, __func__, "doca_eth_txq_task_send_set_conf");
}

DOCA_EXPERIMENTAL doca_error_t doca_eth_txq_task_lso_send_num_expand(struct doca_eth_txq *eth_txq,
                                                                     uint32_t task_lso_send_num)
{
	if (bad_txq(__func__, eth_txq))
		return DOCA_ERROR_INVALID_VALUE;
	return expand(&eth_txq->lso, task_lso_send_num, __func__,
	              "doca_eth_txq_task_lso_send_set_conf");
}

DOCA_EXPERIMENTAL doca_error_t doca_eth_txq_task_batch_send_num_expand(struct doca_eth_txq *eth_txq,
                                                                       uint16_t task_batches_num)
{
	if (bad_txq(__func__, eth_txq))
		return DOCA_ERROR_INVALID_VALUE;
	return expand(&eth_txq->bsend, task_batches_num, __func__,
	              "doca_eth_txq_task_batch_send_set_conf");
}

DOCA_EXPERIMENTAL doca_error_t
doca_eth_txq_task_batch_lso_send_num_expand(struct doca_eth_txq *eth_txq, uint16_t task_batches_num)
{
	if (bad_txq(__func__, eth_txq))
		return DOCA_ERROR_INVALID_VALUE;
	return expand(&eth_txq->blso, task_batches_num, __func__,
	              "doca_eth_txq_task_batch_lso_send_set_conf");
}

/* ------------------------------------------------------------------ task allocation */

/* The checks of every allocation: a live, running queue with an engine and this kind. */
static doca_error_t alloc_check(const struct doca_eth_txq *q, const struct tx_conf *c,
                                const char *fn, const char *setter)
{
	if (bad_txq(fn, q))
		return DOCA_ERROR_INVALID_VALUE;
	if (sdpa_ctx_state(q->ctx) != DOCA_CTX_STATE_RUNNING) {
		DOCA_LOG_ERR("%s: the queue's context is not running; allocate tasks after "
		             "doca_ctx_start",
		             fn);
		return DOCA_ERROR_BAD_STATE;
	}
	if (c->pool == NULL) {
		DOCA_LOG_ERR("%s: the queue has no such task configuration; call %s before "
		             "doca_ctx_start",
		             fn, setter);
		return DOCA_ERROR_BAD_STATE;
	}
	return DOCA_SUCCESS;
}

static void *alloc_obj(struct tx_conf *c, union doca_data ud, const char *fn,
                       struct doca_task **task)
{
	void *obj = NULL;

	*task = sdpa_task_alloc(c->pool, ud, &obj);
	if (*task == NULL) {
		DOCA_LOG_ERR("%s: all %u tasks are allocated; free some (doca_task_free) or add "
		             "more (the _num_expand call)",
		             fn, sdpa_task_pool_size(c->pool));
		return NULL;
	}
	return obj;
}

DOCA_EXPERIMENTAL doca_error_t doca_eth_txq_task_send_allocate_init(
        struct doca_eth_txq *eth_txq, struct doca_buf *pkt, union doca_data user_data,
        struct doca_eth_txq_task_send **task_send)
{
	struct doca_eth_txq_task_send *t;
	struct doca_task *dt;
	doca_error_t r;

	if (SDPA_NULL_ARGS("pass the queue, the packet and a result pointer", eth_txq, pkt,
	                   task_send))
		return DOCA_ERROR_INVALID_VALUE;
	r = alloc_check(eth_txq, &eth_txq->send, __func__, "doca_eth_txq_task_send_set_conf");
	if (r != DOCA_SUCCESS)
		return r;
	t = alloc_obj(&eth_txq->send, user_data, __func__, &dt);
	if (t == NULL)
		return DOCA_ERROR_NO_MEMORY;
	t->kind = K_SEND;
	t->q = eth_txq;
	t->pkt = pkt;
	*task_send = t;
	return DOCA_SUCCESS;
}

DOCA_EXPERIMENTAL doca_error_t doca_eth_txq_task_lso_send_allocate_init(
        struct doca_eth_txq *eth_txq, struct doca_buf *pkt_payload,
        struct doca_gather_list *headers, union doca_data user_data,
        struct doca_eth_txq_task_lso_send **task_lso_send)
{
	struct doca_eth_txq_task_lso_send *t;
	struct doca_task *dt;
	doca_error_t r;

	if (SDPA_NULL_ARGS("pass the queue, the payload, the headers and a result pointer", eth_txq,
	                   pkt_payload, headers, task_lso_send))
		return DOCA_ERROR_INVALID_VALUE;
	r = alloc_check(eth_txq, &eth_txq->lso, __func__, "doca_eth_txq_task_lso_send_set_conf");
	if (r != DOCA_SUCCESS)
		return r;
	t = alloc_obj(&eth_txq->lso, user_data, __func__, &dt);
	if (t == NULL)
		return DOCA_ERROR_NO_MEMORY;
	t->kind = K_LSO;
	t->q = eth_txq;
	t->payload = pkt_payload;
	t->headers = headers;
	*task_lso_send = t;
	return DOCA_SUCCESS;
}

static struct tx_batch *batch_alloc(struct doca_eth_txq *q, struct tx_conf *c, bool lso, uint16_t n,
                                    union doca_data ud, const char *fn, const char *setter,
                                    doca_error_t *r, struct doca_task_batch **out)
{
	struct tx_batch *b;
	struct doca_task *dt;
	uint8_t *p;

	*r = alloc_check(q, c, fn, setter);
	if (*r != DOCA_SUCCESS)
		return NULL;
	if (n == 0 || n > c->batch_cap) {
		DOCA_LOG_ERR("%s: tasks_num %u is 0 or above the batch size configured (%u); give "
		             "1..%u",
		             fn, (unsigned int)n, (unsigned int)c->batch_cap,
		             (unsigned int)c->batch_cap);
		*r = DOCA_ERROR_INVALID_VALUE;
		return NULL;
	}
	b = alloc_obj(c, ud, fn, &dt);
	if (b == NULL) {
		*r = DOCA_ERROR_NO_MEMORY;
		return NULL;
	}
	b->kind = lso ? K_BLSO : K_BSEND;
	b->q = q;
	b->n = n;
	b->cap = c->batch_cap;
	p = (uint8_t *)(b + 1);
	b->pkts = (struct doca_buf **)(void *)p;
	p += b->cap * sizeof(b->pkts[0]);
	b->hdrs = (struct doca_gather_list **)(void *)p;
	p += b->cap * sizeof(b->hdrs[0]);
	b->ud = (union doca_data *)(void *)p;
	p += b->cap * sizeof(b->ud[0]);
	b->status = (doca_error_t *)(void *)p;
	p += b->cap * sizeof(b->status[0]);
	b->meta = (uint32_t *)(void *)p;
	p += b->cap * sizeof(b->meta[0]);
	b->ol = (uint16_t *)(void *)p;
	p += b->cap * sizeof(b->ol[0]);
	b->mss = (uint16_t *)(void *)p;
	sdpa_task_set_count(dt, n);
	*out = (struct doca_task_batch *)(void *)dt;
	return b;
}

DOCA_EXPERIMENTAL doca_error_t doca_eth_txq_task_batch_send_allocate(
        struct doca_eth_txq *eth_txq, uint16_t tasks_num, union doca_data task_batch_user_data,
        struct doca_buf ***pkt_array, union doca_data **task_user_data_array,
        struct doca_task_batch **task_batch)
{
	struct tx_batch *b;
	doca_error_t r;

	if (SDPA_NULL_ARGS("pass the queue and the result pointers", eth_txq, pkt_array,
	                   task_user_data_array, task_batch))
		return DOCA_ERROR_INVALID_VALUE;
	b = batch_alloc(eth_txq, &eth_txq->bsend, false, tasks_num, task_batch_user_data, __func__,
	                "doca_eth_txq_task_batch_send_set_conf", &r, task_batch);
	if (b == NULL)
		return r;
	*pkt_array = b->pkts;
	*task_user_data_array = b->ud;
	return DOCA_SUCCESS;
}

DOCA_EXPERIMENTAL doca_error_t doca_eth_txq_task_batch_lso_send_allocate(
        struct doca_eth_txq *eth_txq, uint16_t tasks_num, union doca_data task_batch_user_data,
        struct doca_buf ***pkt_payload_array, struct doca_gather_list ***headers_array,
        union doca_data **task_user_data_array, struct doca_task_batch **task_batch)
{
	struct tx_batch *b;
	doca_error_t r;

	if (SDPA_NULL_ARGS("pass the queue and the result pointers", eth_txq, pkt_payload_array,
	                   headers_array, task_user_data_array, task_batch))
		return DOCA_ERROR_INVALID_VALUE;
	b = batch_alloc(eth_txq, &eth_txq->blso, true, tasks_num, task_batch_user_data, __func__,
	                "doca_eth_txq_task_batch_lso_send_set_conf", &r, task_batch);
	if (b == NULL)
		return r;
	*pkt_payload_array = b->pkts;
	*headers_array = b->hdrs;
	*task_user_data_array = b->ud;
	return DOCA_SUCCESS;
}

/* ------------------------------------------------------------------ task accessors */

DOCA_EXPERIMENTAL void doca_eth_txq_task_send_set_pkt(struct doca_eth_txq_task_send *task_send,
                                                      struct doca_buf *pkt)
{
	struct doca_eth_txq_task_send *t = task_obj(task_send, K_SEND, __func__);

	if (t != NULL && !SDPA_NULL_ARGS("pass the packet", pkt))
		t->pkt = pkt;
}

DOCA_EXPERIMENTAL void
doca_eth_txq_task_lso_send_set_pkt_payload(struct doca_eth_txq_task_lso_send *task_lso_send,
                                           struct doca_buf *pkt_payload)
{
	struct doca_eth_txq_task_lso_send *t = task_obj(task_lso_send, K_LSO, __func__);

	if (t != NULL && !SDPA_NULL_ARGS("pass the payload", pkt_payload))
		t->payload = pkt_payload;
}

DOCA_EXPERIMENTAL void
doca_eth_txq_task_lso_send_set_headers(struct doca_eth_txq_task_lso_send *task_lso_send,
                                       struct doca_gather_list *headers)
{
	struct doca_eth_txq_task_lso_send *t = task_obj(task_lso_send, K_LSO, __func__);

	if (t != NULL && !SDPA_NULL_ARGS("pass the headers", headers))
		t->headers = headers;
}

DOCA_EXPERIMENTAL doca_error_t doca_eth_txq_task_send_get_pkt(
        const struct doca_eth_txq_task_send *task_send, struct doca_buf **pkt)
{
	const struct doca_eth_txq_task_send *t;

	if (SDPA_NULL_ARGS("pass a result pointer", pkt) ||
	    (t = task_obj(task_send, K_SEND, __func__)) == NULL)
		return DOCA_ERROR_INVALID_VALUE;
	*pkt = t->pkt;
	return DOCA_SUCCESS;
}

DOCA_EXPERIMENTAL doca_error_t doca_eth_txq_task_lso_send_get_pkt_payload(
        const struct doca_eth_txq_task_lso_send *task_lso_send, struct doca_buf **pkt_payload)
{
	const struct doca_eth_txq_task_lso_send *t;

	if (SDPA_NULL_ARGS("pass a result pointer", pkt_payload) ||
	    (t = task_obj(task_lso_send, K_LSO, __func__)) == NULL)
		return DOCA_ERROR_INVALID_VALUE;
	*pkt_payload = t->payload;
	return DOCA_SUCCESS;
}

DOCA_EXPERIMENTAL doca_error_t doca_eth_txq_task_lso_send_get_headers(
        const struct doca_eth_txq_task_lso_send *task_lso_send, struct doca_gather_list **headers)
{
	const struct doca_eth_txq_task_lso_send *t;

	if (SDPA_NULL_ARGS("pass a result pointer", headers) ||
	    (t = task_obj(task_lso_send, K_LSO, __func__)) == NULL)
		return DOCA_ERROR_INVALID_VALUE;
	*headers = t->headers;
	return DOCA_SUCCESS;
}

/* Metadata words: metadata_num (0 or 1) per task, the egress pipes' meta.pkt_meta. */
static doca_error_t no_metadata(const char *fn)
{
	DOCA_LOG_ERR("%s: the queue carries no metadata words; enable them with "
	             "doca_eth_txq_set_metadata_num before doca_ctx_start",
	             fn);
	return DOCA_ERROR_BAD_STATE;
}

DOCA_EXPERIMENTAL doca_error_t doca_eth_txq_task_send_get_metadata_array(
        struct doca_eth_txq_task_send *task_send, uint32_t **metadata_array)
{
	struct doca_eth_txq_task_send *t;

	if (SDPA_NULL_ARGS("pass a result pointer", metadata_array) ||
	    (t = task_obj(task_send, K_SEND, __func__)) == NULL)
		return DOCA_ERROR_INVALID_VALUE;
	if (t->q->metadata_num == 0)
		return no_metadata(__func__);
	*metadata_array = t->meta;
	return DOCA_SUCCESS;
}

DOCA_EXPERIMENTAL doca_error_t doca_eth_txq_task_lso_send_get_metadata_array(
        struct doca_eth_txq_task_lso_send *task_lso_send, uint32_t **metadata_array)
{
	struct doca_eth_txq_task_lso_send *t;

	if (SDPA_NULL_ARGS("pass a result pointer", metadata_array) ||
	    (t = task_obj(task_lso_send, K_LSO, __func__)) == NULL)
		return DOCA_ERROR_INVALID_VALUE;
	if (t->q->metadata_num == 0)
		return no_metadata(__func__);
	*metadata_array = t->meta;
	return DOCA_SUCCESS;
}

DOCA_EXPERIMENTAL doca_error_t doca_eth_txq_task_batch_send_get_metadata_array(
        struct doca_task_batch *task_batch_send, uint32_t **metadata_array)
{
	struct tx_batch *b;

	if (SDPA_NULL_ARGS("pass a result pointer", metadata_array) ||
	    (b = batch_obj(task_batch_send, K_BSEND, __func__)) == NULL)
		return DOCA_ERROR_INVALID_VALUE;
	if (b->q->metadata_num == 0)
		return no_metadata(__func__);
	*metadata_array = b->meta;
	return DOCA_SUCCESS;
}

DOCA_EXPERIMENTAL doca_error_t doca_eth_txq_task_batch_lso_send_get_metadata_array(
        struct doca_task_batch *task_batch_lso_send, uint32_t **metadata_array)
{
	struct tx_batch *b;

	if (SDPA_NULL_ARGS("pass a result pointer", metadata_array) ||
	    (b = batch_obj(task_batch_lso_send, K_BLSO, __func__)) == NULL)
		return DOCA_ERROR_INVALID_VALUE;
	if (b->q->metadata_num == 0)
		return no_metadata(__func__);
	*metadata_array = b->meta;
	return DOCA_SUCCESS;
}

DOCA_EXPERIMENTAL void
doca_eth_txq_task_lso_send_set_mss(struct doca_eth_txq_task_lso_send *task_lso_send, uint16_t mss)
{
	struct doca_eth_txq_task_lso_send *t = task_obj(task_lso_send, K_LSO, __func__);

	if (t != NULL && !SDPA_BAD_ARG(mss == 0, "mss is 0", "give the segment payload size"))
		t->mss = mss;
}

DOCA_EXPERIMENTAL doca_error_t doca_eth_txq_task_batch_lso_send_get_mss_array(
        struct doca_task_batch *task_batch_lso_send, uint16_t **mss_array)
{
	struct tx_batch *b;

	if (SDPA_NULL_ARGS("pass a result pointer", mss_array) ||
	    (b = batch_obj(task_batch_lso_send, K_BLSO, __func__)) == NULL)
		return DOCA_ERROR_INVALID_VALUE;
	*mss_array = b->mss;
	return DOCA_SUCCESS;
}

#define OL_KNOWN (DOCA_ETH_TXQ_OL_FLAGS_L3_CSUM | DOCA_ETH_TXQ_OL_FLAGS_L4_CSUM)

DOCA_EXPERIMENTAL void doca_eth_txq_task_send_set_ol_flags(struct doca_eth_txq_task_send *task_send,
                                                           uint16_t ol_flags)
{
	struct doca_eth_txq_task_send *t = task_obj(task_send, K_SEND, __func__);

	if (t != NULL && !SDPA_BAD_ARG(ol_flags & ~OL_KNOWN,
	                               "ol_flags has bits outside enum doca_eth_txq_ol_flags",
	                               "OR DOCA_ETH_TXQ_OL_FLAGS_* values"))
		t->ol_flags = ol_flags;
}

DOCA_EXPERIMENTAL void
doca_eth_txq_task_lso_send_set_ol_flags(struct doca_eth_txq_task_lso_send *task_lso_send,
                                        uint16_t ol_flags)
{
	struct doca_eth_txq_task_lso_send *t = task_obj(task_lso_send, K_LSO, __func__);

	if (t != NULL && !SDPA_BAD_ARG(ol_flags & ~OL_KNOWN,
	                               "ol_flags has bits outside enum doca_eth_txq_ol_flags",
	                               "OR DOCA_ETH_TXQ_OL_FLAGS_* values"))
		t->ol_flags = ol_flags;
}

DOCA_EXPERIMENTAL doca_error_t doca_eth_txq_task_batch_send_get_ol_flags_array(
        struct doca_task_batch *task_batch_send, uint16_t **ol_flags_array)
{
	struct tx_batch *b;

	if (SDPA_NULL_ARGS("pass a result pointer", ol_flags_array) ||
	    (b = batch_obj(task_batch_send, K_BSEND, __func__)) == NULL)
		return DOCA_ERROR_INVALID_VALUE;
	*ol_flags_array = b->ol;
	return DOCA_SUCCESS;
}

DOCA_EXPERIMENTAL doca_error_t doca_eth_txq_task_batch_lso_send_get_ol_flags_array(
        struct doca_task_batch *task_batch_lso_send, uint16_t **ol_flags_array)
{
	struct tx_batch *b;

	if (SDPA_NULL_ARGS("pass a result pointer", ol_flags_array) ||
	    (b = batch_obj(task_batch_lso_send, K_BLSO, __func__)) == NULL)
		return DOCA_ERROR_INVALID_VALUE;
	*ol_flags_array = b->ol;
	return DOCA_SUCCESS;
}

DOCA_EXPERIMENTAL struct doca_task *
doca_eth_txq_task_send_as_doca_task(struct doca_eth_txq_task_send *task_send)
{
	if (task_obj(task_send, K_SEND, __func__) == NULL)
		return NULL;
	return sdpa_task_of(NULL, task_send);
}

DOCA_EXPERIMENTAL struct doca_task *
doca_eth_txq_task_lso_send_as_doca_task(struct doca_eth_txq_task_lso_send *task_lso_send)
{
	if (task_obj(task_lso_send, K_LSO, __func__) == NULL)
		return NULL;
	return sdpa_task_of(NULL, task_lso_send);
}
