/* SPDX-License-Identifier: BSD-3-Clause
 * doca_eth_rxq: an Ethernet receive queue of an emulated device, a doca_ctx driven by a
 * doca_pe (docs/ETH.md).
 *
 * A queue reads one software (RSS) queue of the DOCA Flow port started on its device: its
 * DOCA Flow queue id, chosen at doca_ctx_start (the highest id no other running queue of
 * the device holds; doca_eth_rxq_get_flow_queue_id) or bound afterwards with
 * doca_eth_rxq_apply_queue_id. A DOCA Flow RSS forward to that id reaches it. Each
 * doca_pe_progress runs the queue once: one datapath iteration in deterministic mode
 * (sdpa_nic_poll), then the frames waiting in the software queue are copied into strides
 * of the queue's packet buffer (doca_eth_rxq_set_pkt_buf) and handed to the application as
 * doca_bufs of a private inventory, in managed receive events or event batches.
 *
 * Types: MANAGED_MEMPOOL (a stride is free again once its doca_buf is given back) and
 * REGULAR (receive tasks: each submitted task takes the next frame into the application's
 * doca_buf, completed in doca_pe_progress) are emulated. CYCLIC is DOCA's GPU data path (a
 * ring a GPU kernel reads): it refuses at doca_ctx_start with the refusal line.
 *
 * Threads: control calls and progress come from the application; the NIC's software queue
 * has its own lock (sdpa_nic_rxq_take), so a worker thread may fill it meanwhile.
 */
#include <pthread.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#include <doca_buf.h>
#include <doca_buf_inventory.h>
#include <doca_ctx.h>
#include <doca_dev.h>
#include <doca_eth_rxq.h>
#include <doca_eth_rxq_cpu_data_path.h>
#include <doca_mmap.h>
#include <softdpa.h>

#include "core/buf.h"
#include "core/ctx.h"
#include "core/handles.h"
#include "core/log.h"
#include "eth/queue.h"
#include "core/nic_clock.h"
#include "core/refuse.h"
#include "core/task.h"
#include "eth/csum.h"
#include "nic/nic.h"

SDPA_LOG_REGISTER(eth_rxq);

#define FIX     "pass the objects the call needs and a result pointer"
#define RXQ_FIX "pass a queue made by doca_eth_rxq_create"

/* What an emulated device's queues accept (doca_eth_rxq_cap_*). */
enum {
	ETH_MAX_BURST = 8192,       /* most packets a queue holds at once */
	ETH_MAX_METADATA = 1,       /* the word DOCA Flow sets: meta.pkt_meta */
	ETH_MAX_ROOM = 1024,        /* headroom and tailroom */
	ETH_MAX_RECV_BUF_LIST = 16, /* doca_bufs a receive task scatters a packet over */
	ETH_BATCH_MAX = 128,        /* DOCA_EVENT_BATCH_EVENTS_NUMBER_128 */
	RXQ_MAGIC = 0x52585145,     /* "RXQE" */
	PKTS_MAGIC = 0x504b5441,    /* "PKTA" */
	RECV_MAGIC = 0x52435654,    /* "RCVT": a receive task */
	TAKE_CHUNK = 32,            /* frames taken from the software queue per step */
	NO_QUEUE = -1,
};

/* One packet handed to the application. */
struct rx_pkt {
	struct doca_buf *buf;
	uint32_t hash, tag, meta;
	uint64_t ts;
	uint8_t l3_ok, l4_ok;
};

/* A pkt_array given to a batch handler: the application gives it back with
 * doca_eth_rxq_event_batch_managed_recv_pkt_array_free. */
struct pkt_array {
	uint32_t magic;
	uint16_t n;
	struct doca_eth_rxq *rxq;
	struct pkt_array *prev, *next; /* the queue's outstanding arrays */
	struct doca_buf *pkts[];
};

struct doca_eth_rxq_event_batch_managed_recv {
	struct doca_eth_rxq *rxq;
	uint16_t n;
	uint8_t l3_ok[ETH_BATCH_MAX], l4_ok[ETH_BATCH_MAX];
	uint32_t hash[ETH_BATCH_MAX], tag[ETH_BATCH_MAX], meta[ETH_BATCH_MAX * ETH_MAX_METADATA];
	uint64_t ts[ETH_BATCH_MAX];
};

struct doca_eth_rxq_event_managed_recv {
	struct doca_eth_rxq *rxq;
	doca_error_t status;
	struct rx_pkt p;
};

struct doca_eth_rxq {
	uint32_t magic;
	struct doca_dev *dev;
	struct doca_ctx *ctx;
	/* configuration (idle only) */
	uint32_t max_burst, max_pkt;
	enum doca_eth_rxq_type type;
	uint8_t metadata_num, flow_tag, rx_hash, timestamp;
	uint16_t headroom, tailroom;
	uint32_t max_recv_buf_list_len;
	struct doca_mmap *mmap;
	uint32_t mmap_off, mmap_len;
	/* handlers */
	bool one_reg, batch_reg;
	union doca_data one_ud, batch_ud;
	doca_eth_rxq_event_managed_recv_handler_cb_t one_ok, one_err;
	doca_eth_rxq_event_batch_managed_recv_handler_cb_t batch_ok, batch_err;
	uint16_t batch_max, batch_min;
	/* running */
	int32_t flow_qid; /* DOCA Flow queue id, NO_QUEUE while idle */
	struct doca_buf_inventory *inv;
	uint8_t *base;
	uint32_t stride, nstrides, cursor;
	struct doca_buf **owner; /* the doca_buf holding each stride, NULL when never used */
	/* frames taken but not delivered yet (fewer than batch_min) */
	struct rx_pkt stage[ETH_BATCH_MAX];
	uint16_t staged;
	struct pkt_array *arrays;
	uint64_t received, dropped_big, dropped_nomem;
	/* receive tasks (REGULAR) */
	struct sdpa_task_pool *recv_pool;
	doca_eth_rxq_task_recv_completion_cb_t recv_ok, recv_err;
	struct doca_eth_rxq_task_recv *posted, *posted_tail; /* submitted, waiting for a frame */
	struct doca_eth_rxq_task_recv *done, *done_tail;     /* completed, to report */
	struct doca_eth_rxq *next;                           /* every queue (under rxq_lock) */
};

/* A receive task (REGULAR queues): the object of a slot of the queue's task pool. */
struct doca_eth_rxq_task_recv {
	uint32_t kind; /* RECV_MAGIC: tells it from another context's task */
	struct doca_eth_rxq *q;
	struct doca_buf *pkt;
	struct doca_eth_rxq_task_recv *next; /* in the posted or done list */
	doca_error_t status;
	struct rx_pkt p;
};

static pthread_mutex_t rxq_lock = PTHREAD_MUTEX_INITIALIZER;
static struct doca_eth_rxq *rxq_list;

static bool rxq_live(const struct doca_eth_rxq *q)
{
	return sdpa_handle_live(q, SDPA_H_ETH_RXQ) && q->magic == RXQ_MAGIC;
}

/* NULL or destroyed: one line naming the argument. */
static bool bad_rxq(const char *fn, const struct doca_eth_rxq *q)
{
	return sdpa_eth_queue_bad(fn, q, q != NULL && rxq_live(q), "eth_rxq", RXQ_FIX);
}

/* Configuration calls: only while the context is idle. */
static doca_error_t check_idle(const char *fn, const struct doca_eth_rxq *q)
{
	if (bad_rxq(fn, q))
		return DOCA_ERROR_INVALID_VALUE;
	return sdpa_eth_queue_idle(fn, q->ctx);
}

#define CHECK_IDLE(q) SDPA_ETH_RETURN_ERR(check_idle(__func__, (q)))

/* Memory a packet takes in the queue's range: the packet (or an LRO packet) with its
 * headroom and tailroom, in 64-byte strides. */
static uint64_t stride(uint32_t max_packet_size, uint8_t log_max_lro_pkt_sz, uint16_t head_size,
                       uint16_t tail_size)
{
	uint64_t pkt = max_packet_size;

	if (log_max_lro_pkt_sz > 0 && log_max_lro_pkt_sz < 32 && (1ULL << log_max_lro_pkt_sz) > pkt)
		pkt = 1ULL << log_max_lro_pkt_sz;
	return (pkt + head_size + tail_size + 63) / 64 * 64;
}

DOCA_EXPERIMENTAL doca_error_t doca_eth_rxq_estimate_packet_buf_size(
        enum doca_eth_rxq_type type, uint32_t rate, uint16_t pkt_max_time, uint32_t max_packet_size,
        uint32_t max_burst_size, uint8_t log_max_lro_pkt_sz, uint16_t head_size, uint16_t tail_size,
        uint32_t *buf_size)
{
	uint64_t per_pkt, in_flight, total;

	if (SDPA_NULL_ARGS("pass a result pointer", buf_size))
		return DOCA_ERROR_INVALID_VALUE;
	if (type != DOCA_ETH_RXQ_TYPE_CYCLIC && type != DOCA_ETH_RXQ_TYPE_MANAGED_MEMPOOL) {
		DOCA_LOG_ERR("%s: type %d has no packet buffer to size; use "
		             "DOCA_ETH_RXQ_TYPE_CYCLIC or DOCA_ETH_RXQ_TYPE_MANAGED_MEMPOOL",
		             __func__, (int)type);
		return DOCA_ERROR_INVALID_VALUE;
	}
	if (SDPA_BAD_ARG(max_packet_size == 0 || max_burst_size == 0,
	                 max_packet_size == 0 ? "max_packet_size is 0" : "max_burst_size is 0",
	                 "give the queue's packet and burst sizes"))
		return DOCA_ERROR_INVALID_VALUE;
	per_pkt = stride(max_packet_size, log_max_lro_pkt_sz, head_size, tail_size);
	/* Packets of max_packet_size arriving at 'rate' Mb/s during pkt_max_time us. */
	in_flight = ((uint64_t)rate * pkt_max_time / 8 + max_packet_size - 1) / max_packet_size;
	if (in_flight < max_burst_size)
		in_flight = max_burst_size;
	total = in_flight * per_pkt;
	if (total > UINT32_MAX) {
		DOCA_LOG_ERR("%s: %llu bytes do not fit a uint32_t; lower the rate or the time a "
		             "packet is held",
		             __func__, (unsigned long long)total);
		return DOCA_ERROR_INVALID_VALUE;
	}
	*buf_size = (uint32_t)total;
	return DOCA_SUCCESS;
}

/* ------------------------------------------------------------------ the data path */

/* A free stride: never used, or its doca_buf was given back. -1 when all are held. */
static int64_t free_stride(struct doca_eth_rxq *q)
{
	for (uint32_t n = 0; n < q->nstrides; n++) {
		uint32_t i = (q->cursor + n) % q->nstrides;

		if (q->owner[i] == NULL || !sdpa_buf_held(q->owner[i])) {
			q->cursor = (i + 1) % q->nstrides;
			return i;
		}
	}
	return -1;
}

struct take_ctx {
	struct doca_eth_rxq *q;
	uint16_t want;
	bool full;
};

/* Runs under the NIC's queue lock: copy one frame into a stride and stage it. */
static bool take_one(void *arg, const uint8_t *frame, uint32_t len, uint32_t rss_hash,
                     uint32_t pkt_meta, uint32_t ptype)
{
	struct take_ctx *t = arg;
	struct doca_eth_rxq *q = t->q;
	struct rx_pkt *p;
	struct doca_buf *buf = NULL;
	uint8_t *head;
	int64_t i;

	(void)ptype;
	if (t->want == 0)
		return false;
	if (len > q->max_pkt) {
		/* taken and counted: the device drops a packet larger than the queue's */
		if (q->dropped_big++ == 0)
			DOCA_LOG_WARN(
			        "eth_rxq (flow queue %d): a %u-byte packet exceeds the queue's "
			        "max_packet_size %u and is dropped (counted); raise it with "
			        "doca_eth_rxq_set_max_packet_size",
			        (int)q->flow_qid, len, q->max_pkt);
		return true;
	}
	i = free_stride(q);
	if (i < 0) {
		t->full = true;
		return false; /* left in the software queue until the application gives some back */
	}
	head = q->base + (uint64_t)i * q->stride;
	memcpy(head + q->headroom, frame, len);
	if (doca_buf_inventory_buf_get_by_args(q->inv, q->mmap, head, q->stride, head + q->headroom,
	                                       len, &buf) != DOCA_SUCCESS) {
		t->full = true;
		return false;
	}
	q->owner[i] = buf;
	p = &q->stage[q->staged++];
	p->buf = buf;
	p->hash = q->rx_hash ? rss_hash : 0;
	p->meta = pkt_meta;
	/* DOCA Flow 3.3 has no action that sets a flow tag: packets carry the default, 0. */
	p->tag = 0;
	p->ts = q->timestamp ? sdpa_nic_now_ns() : 0;
	l3l4_check(frame, len, &p->l3_ok, &p->l4_ok);
	q->received++;
	t->want--;
	return true;
}

static void deliver_one(struct doca_eth_rxq *q, const struct rx_pkt *p)
{
	struct doca_eth_rxq_event_managed_recv ev = {.rxq = q, .status = DOCA_SUCCESS, .p = *p};

	q->one_ok(&ev, p->buf, q->one_ud);
}

static void deliver_batch(struct doca_eth_rxq *q, uint16_t n)
{
	struct doca_eth_rxq_event_batch_managed_recv *ev = calloc(1, sizeof(*ev));
	struct pkt_array *a = malloc(sizeof(*a) + n * sizeof(a->pkts[0]));

	if (ev == NULL || a == NULL) {
		free(ev);
		free(a);
		q->dropped_nomem += n;
		DOCA_LOG_RATE_LIMIT_ERR("eth_rxq: out of memory for an event batch of %u packets; "
		                        "they are given back and counted as dropped",
		                        (unsigned int)n);
		for (uint16_t i = 0; i < n; i++)
			doca_buf_dec_refcount(q->stage[i].buf, NULL);
		memmove(q->stage, q->stage + n, (q->staged - n) * sizeof(q->stage[0]));
		q->staged -= n;
		return;
	}
	ev->rxq = q;
	ev->n = n;
	a->magic = PKTS_MAGIC;
	a->n = n;
	a->rxq = q;
	a->prev = NULL;
	pthread_mutex_lock(&rxq_lock);
	a->next = q->arrays;
	if (q->arrays != NULL)
		q->arrays->prev = a;
	q->arrays = a;
	pthread_mutex_unlock(&rxq_lock);
	for (uint16_t i = 0; i < n; i++) {
		const struct rx_pkt *p = &q->stage[i];

		a->pkts[i] = p->buf;
		ev->l3_ok[i] = p->l3_ok;
		ev->l4_ok[i] = p->l4_ok;
		ev->hash[i] = p->hash;
		ev->tag[i] = p->tag;
		ev->ts[i] = p->ts;
		for (uint8_t k = 0; k < q->metadata_num; k++)
			ev->meta[i * q->metadata_num + k] = k == 0 ? p->meta : 0;
	}
	memmove(q->stage, q->stage + n, (q->staged - n) * sizeof(q->stage[0]));
	q->staged -= n;
	q->batch_ok(ev, n, q->batch_ud, DOCA_SUCCESS, a->pkts);
	free(ev);
}

/* ------------------------------------------------------------------ receive tasks */

/* Bytes a receive task's doca_buf list (its first 'max' buffers) takes after their data. */
static uint64_t list_room(struct doca_buf *b, uint32_t max)
{
	uint64_t room = 0;

	for (uint32_t n = 0; b != NULL && n < max; n++) {
		void *head = NULL, *data = NULL;
		size_t len = 0, dl = 0;
		struct doca_buf *next = NULL;

		if (doca_buf_get_head(b, &head) != DOCA_SUCCESS ||
		    doca_buf_get_len(b, &len) != DOCA_SUCCESS ||
		    doca_buf_get_data(b, &data) != DOCA_SUCCESS ||
		    doca_buf_get_data_len(b, &dl) != DOCA_SUCCESS)
			return 0;
		room += (uint64_t)((uint8_t *)head + len - ((uint8_t *)data + dl));
		if (doca_buf_get_next_in_list(b, &next) != DOCA_SUCCESS)
			next = NULL;
		b = next;
	}
	return room;
}

/* Write a frame after the data of the task's buffers, buffer after buffer. */
static bool scatter(struct doca_buf *b, uint32_t max, const uint8_t *frame, uint32_t len)
{
	uint32_t off = 0;

	for (uint32_t n = 0; b != NULL && n < max && off < len; n++) {
		void *head = NULL, *data = NULL;
		size_t blen = 0, dl = 0, room, chunk;
		struct doca_buf *next = NULL;

		if (doca_buf_get_head(b, &head) != DOCA_SUCCESS ||
		    doca_buf_get_len(b, &blen) != DOCA_SUCCESS ||
		    doca_buf_get_data(b, &data) != DOCA_SUCCESS ||
		    doca_buf_get_data_len(b, &dl) != DOCA_SUCCESS)
			return false;
		room = (size_t)((uint8_t *)head + blen - ((uint8_t *)data + dl));
		chunk = len - off < room ? len - off : room;
		memcpy((uint8_t *)data + dl, frame + off, chunk);
		if (doca_buf_set_data(b, data, dl + chunk) != DOCA_SUCCESS)
			return false;
		off += (uint32_t)chunk;
		if (doca_buf_get_next_in_list(b, &next) != DOCA_SUCCESS)
			next = NULL;
		b = next;
	}
	return off == len;
}

static void push(struct doca_eth_rxq_task_recv **head, struct doca_eth_rxq_task_recv **tail,
                 struct doca_eth_rxq_task_recv *t)
{
	t->next = NULL;
	if (*tail != NULL)
		(*tail)->next = t;
	else
		*head = t;
	*tail = t;
}

static struct doca_eth_rxq_task_recv *pop(struct doca_eth_rxq_task_recv **head,
                                          struct doca_eth_rxq_task_recv **tail)
{
	struct doca_eth_rxq_task_recv *t = *head;

	if (t != NULL) {
		*head = t->next;
		if (*head == NULL)
			*tail = NULL;
		t->next = NULL;
	}
	return t;
}

static uint32_t buf_list_max(const struct doca_eth_rxq *q)
{
	return q->max_recv_buf_list_len ? q->max_recv_buf_list_len : 1;
}

/* doca_task_submit of a receive task: posted for the next frame. A buffer list with less
 * room than max_packet_size fails (try_submit: refused). */
static doca_error_t submit_recv(void *owner, void *obj, bool validate)
{
	struct doca_eth_rxq *q = owner;
	struct doca_eth_rxq_task_recv *t = obj;
	uint64_t room = list_room(t->pkt, buf_list_max(q));

	if (room < q->max_pkt) {
		if (validate) {
			DOCA_LOG_ERR("doca_task_try_submit: the receive task's buffer has room for "
			             "%llu bytes after its data, less than the queue's "
			             "max_packet_size %u; give a larger buffer (or a list, with "
			             "doca_eth_rxq_set_max_recv_buf_list_len)",
			             (unsigned long long)room, q->max_pkt);
			return DOCA_ERROR_INVALID_VALUE;
		}
		DOCA_LOG_RATE_LIMIT_ERR("eth_rxq: a receive task fails (DOCA_ERROR_INVALID_VALUE): "
		                        "its buffer has room for %llu bytes, less than the queue's "
		                        "max_packet_size %u; give a larger buffer",
		                        (unsigned long long)room, q->max_pkt);
		t->status = DOCA_ERROR_INVALID_VALUE;
		push(&q->done, &q->done_tail, t);
		return DOCA_SUCCESS;
	}
	t->status = DOCA_SUCCESS;
	push(&q->posted, &q->posted_tail, t);
	return DOCA_SUCCESS;
}

/* Runs under the NIC's queue lock: the oldest posted task takes the frame. */
static bool recv_one(void *arg, const uint8_t *frame, uint32_t len, uint32_t rss_hash,
                     uint32_t pkt_meta, uint32_t ptype)
{
	struct doca_eth_rxq *q = arg;
	struct doca_eth_rxq_task_recv *t;

	(void)ptype;
	if (q->posted == NULL)
		return false; /* left in the software queue for the next task */
	if (len > q->max_pkt) {
		if (q->dropped_big++ == 0)
			DOCA_LOG_WARN(
			        "eth_rxq (flow queue %d): a %u-byte packet exceeds the queue's "
			        "max_packet_size %u and is dropped (counted); raise it with "
			        "doca_eth_rxq_set_max_packet_size",
			        (int)q->flow_qid, len, q->max_pkt);
		return true;
	}
	t = pop(&q->posted, &q->posted_tail);
	t->status = scatter(t->pkt, buf_list_max(q), frame, len) ? DOCA_SUCCESS
	                                                         : DOCA_ERROR_INVALID_VALUE;
	t->p.buf = t->pkt;
	t->p.hash = q->rx_hash ? rss_hash : 0;
	t->p.meta = pkt_meta;
	t->p.tag = 0;
	t->p.ts = q->timestamp ? sdpa_nic_now_ns() : 0;
	l3l4_check(frame, len, &t->p.l3_ok, &t->p.l4_ok);
	q->received++;
	push(&q->done, &q->done_tail, t);
	return true;
}

/* Tasks not freed yet (allocated, posted or waiting to be reported). */
static uint32_t recv_outstanding(const struct doca_eth_rxq *q)
{
	return q->recv_pool != NULL ? sdpa_task_pool_outstanding(q->recv_pool) : 0;
}

/* doca_pe_progress of a REGULAR queue: posted tasks take the frames waiting, then every
 * completion found is reported. Stopping: posted tasks are flushed (error callback,
 * DOCA_ERROR_IO_FAILED), and the context is idle once every task is freed. */
static bool regular_progress(struct doca_eth_rxq *q)
{
	union doca_data cud = {.u64 = 0};
	bool stopping = sdpa_ctx_state(q->ctx) == DOCA_CTX_STATE_STOPPING;
	struct doca_eth_rxq_task_recv *list, *t;
	bool any = false;

	if (stopping) {
		while ((t = pop(&q->posted, &q->posted_tail)) != NULL) {
			t->status = DOCA_ERROR_IO_FAILED;
			push(&q->done, &q->done_tail, t);
		}
	} else if (q->posted != NULL) {
		int32_t port;

		sdpa_nic_poll();
		port = sdpa_nic_port_of_dev(q->dev);
		while (port >= 0 && q->posted != NULL &&
		       sdpa_nic_rxq_take((uint16_t)port, (uint16_t)q->flow_qid, TAKE_CHUNK,
		                         recv_one, q) > 0)
			;
	}
	(void)doca_ctx_get_user_data(q->ctx, &cud);
	/* report what completed before the callbacks run (they may submit again) */
	list = q->done;
	q->done = q->done_tail = NULL;
	while ((t = list) != NULL) {
		struct doca_task *dt = sdpa_task_of(q->recv_pool, t);

		list = t->next;
		t->next = NULL;
		if (dt == NULL)
			continue; /* cannot happen: a submitted task is never freed */
		sdpa_task_complete(dt, t->status);
		any = true;
		(t->status == DOCA_SUCCESS ? q->recv_ok : q->recv_err)(t, sdpa_task_user_data(dt),
		                                                       cud);
	}
	if (stopping && q->posted == NULL && q->done == NULL && recv_outstanding(q) == 0) {
		pthread_mutex_lock(&rxq_lock);
		q->flow_qid = NO_QUEUE;
		pthread_mutex_unlock(&rxq_lock);
		sdpa_ctx_stopped(q->ctx);
		any = true;
	}
	return any;
}

/* doca_pe_progress: one datapath iteration, then what waits in the software queue. */
static bool rxq_progress(void *owner)
{
	struct doca_eth_rxq *q = owner;
	int32_t port;
	uint16_t cap;
	bool any = false;

	if (q->type == DOCA_ETH_RXQ_TYPE_REGULAR)
		return regular_progress(q);

	if (!q->one_reg && !q->batch_reg)
		return false; /* nothing to report to: the frames wait in the software queue */
	sdpa_nic_poll();
	port = sdpa_nic_port_of_dev(q->dev);
	cap = q->batch_reg ? q->batch_max : 1;
	while (port >= 0 && q->staged < cap) {
		struct take_ctx t = {q, (uint16_t)(cap - q->staged), false};

		if (t.want > TAKE_CHUNK)
			t.want = TAKE_CHUNK;
		if (sdpa_nic_rxq_take((uint16_t)port, (uint16_t)q->flow_qid, t.want, take_one,
		                      &t) == 0 ||
		    t.full)
			break;
	}
	if (q->staged == 0 || (q->batch_reg && q->staged < q->batch_min))
		return false;
	/* One report per progress call, as an engine finds one completion at a time; the rest
	 * waits for the next call. */
	if (q->batch_reg) {
		deliver_batch(q, q->staged < q->batch_max ? q->staged : q->batch_max);
	} else {
		struct rx_pkt p = q->stage[0];

		q->staged = 0;
		deliver_one(q, &p);
	}
	any = true;
	return any;
}

/* ------------------------------------------------------------------ start / stop */

static bool qid_taken(const struct doca_eth_rxq *self, int32_t qid)
{
	for (const struct doca_eth_rxq *o = rxq_list; o != NULL; o = o->next)
		if (o != self && o->dev == self->dev && o->flow_qid == qid)
			return true;
	return false;
}

/* Free the strides and inventory of an earlier run; IN_USE (logged) while the application
 * holds some of its packets. */
static doca_error_t free_strides(struct doca_eth_rxq *q, const char *fn)
{
	if (q->inv == NULL)
		return DOCA_SUCCESS;
	for (uint32_t i = 0; i < q->nstrides; i++) {
		if (q->owner[i] != NULL && sdpa_buf_held(q->owner[i])) {
			DOCA_LOG_ERR(
			        "%s: the application still holds packets of the queue; give "
			        "them back (doca_eth_rxq_event_batch_managed_recv_pkt_array_free "
			        "or doca_buf_dec_refcount) first",
			        fn);
			return DOCA_ERROR_IN_USE;
		}
	}
	doca_buf_inventory_destroy(q->inv);
	q->inv = NULL;
	free(q->owner);
	q->owner = NULL;
	q->nstrides = 0;
	return DOCA_SUCCESS;
}

/* The highest DOCA Flow queue id no other running queue of the device holds; FULL (logged)
 * when none is free. */
static doca_error_t take_qid(struct doca_eth_rxq *q)
{
	pthread_mutex_lock(&rxq_lock);
	q->flow_qid = NO_QUEUE;
	for (int32_t id = (int32_t)sdpa_nic_rxq_max() - 1; id >= 0; id--) {
		if (!qid_taken(q, id)) {
			q->flow_qid = id;
			break;
		}
	}
	pthread_mutex_unlock(&rxq_lock);
	if (q->flow_qid == NO_QUEUE) {
		DOCA_LOG_ERR("doca_ctx_start: all %u DOCA Flow queues of the device are taken by "
		             "running queues; stop one first",
		             (unsigned int)sdpa_nic_rxq_max());
		return DOCA_ERROR_FULL;
	}
	return DOCA_SUCCESS;
}

/* A REGULAR queue needs an engine and receive tasks; the application's buffers hold the
 * packets. */
static doca_error_t regular_start(struct doca_eth_rxq *q)
{
	if (sdpa_ctx_pe(q->ctx) == NULL) {
		DOCA_LOG_ERR("doca_ctx_start: the queue is not connected to a progress engine; "
		             "call doca_pe_connect_ctx first");
		return DOCA_ERROR_BAD_STATE;
	}
	if (q->recv_pool == NULL) {
		DOCA_LOG_ERR("doca_ctx_start: a regular queue receives with tasks; call "
		             "doca_eth_rxq_task_recv_set_conf first");
		return DOCA_ERROR_BAD_STATE;
	}
	q->posted = q->posted_tail = q->done = q->done_tail = NULL;
	return take_qid(q);
}

static doca_error_t rxq_start(void *owner)
{
	struct doca_eth_rxq *q = owner;
	void *range = NULL;
	size_t range_len = 0;
	doca_error_t r;

	if (q->type == DOCA_ETH_RXQ_TYPE_REGULAR)
		return regular_start(q);
	if (q->type == DOCA_ETH_RXQ_TYPE_CYCLIC) {
		DOCA_LOG_RATE_LIMIT_ERR(
		        "doca_ctx_start: a cyclic doca_eth_rxq (DOCA's GPU data path: a GPUNetIO "
		        "kernel reads the ring) is not supported by softdpa; use "
		        "DOCA_ETH_RXQ_TYPE_MANAGED_MEMPOOL or DOCA_ETH_RXQ_TYPE_REGULAR on the "
		        "CPU");
		return DOCA_ERROR_NOT_SUPPORTED;
	}
	if (q->mmap == NULL) {
		DOCA_LOG_ERR("doca_ctx_start: the managed-mempool queue has no packet buffer; call "
		             "doca_eth_rxq_set_pkt_buf first");
		return DOCA_ERROR_BAD_STATE;
	}
	if (sdpa_ctx_pe(q->ctx) == NULL) {
		DOCA_LOG_ERR("doca_ctx_start: the queue is not connected to a progress engine; "
		             "call doca_pe_connect_ctx first");
		return DOCA_ERROR_BAD_STATE;
	}
	r = free_strides(q, "doca_ctx_start");
	if (r != DOCA_SUCCESS)
		return r;
	r = doca_mmap_get_memrange(q->mmap, &range, &range_len);
	if (r != DOCA_SUCCESS)
		return r; /* logged by the mmap */
	if ((uint64_t)q->mmap_off + q->mmap_len > range_len) {
		DOCA_LOG_ERR(
		        "doca_ctx_start: the packet buffer [%u, +%u) is outside the mmap's %zu "
		        "bytes; give a range inside it",
		        q->mmap_off, q->mmap_len, range_len);
		return DOCA_ERROR_INVALID_VALUE;
	}
	q->stride = (uint32_t)stride(q->max_pkt, 0, q->headroom, q->tailroom);
	q->nstrides = q->mmap_len / q->stride;
	if (q->nstrides == 0) {
		DOCA_LOG_ERR(
		        "doca_ctx_start: the packet buffer (%u bytes) holds no %u-byte packet; "
		        "size it with doca_eth_rxq_estimate_packet_buf_size",
		        q->mmap_len, q->stride);
		return DOCA_ERROR_INVALID_VALUE;
	}
	q->base = (uint8_t *)range + q->mmap_off;
	q->owner = calloc(q->nstrides, sizeof(q->owner[0]));
	if (q->owner == NULL) {
		DOCA_LOG_ERR("doca_ctx_start: out of memory for %u packet strides", q->nstrides);
		return DOCA_ERROR_NO_MEMORY;
	}
	r = doca_buf_inventory_create(q->nstrides, &q->inv);
	if (r == DOCA_SUCCESS)
		r = doca_buf_inventory_start(q->inv);
	if (r != DOCA_SUCCESS) {
		if (q->inv != NULL)
			doca_buf_inventory_destroy(q->inv);
		q->inv = NULL;
		free(q->owner);
		q->owner = NULL;
		return r;
	}
	q->cursor = 0;
	q->staged = 0;
	if (take_qid(q) != DOCA_SUCCESS) {
		doca_buf_inventory_destroy(q->inv);
		q->inv = NULL;
		free(q->owner);
		q->owner = NULL;
		return DOCA_ERROR_FULL;
	}
	return DOCA_SUCCESS;
}

/* The inventory and strides live until every doca_buf is given back (destroy checks). */
static void release_running(struct doca_eth_rxq *q)
{
	for (uint16_t i = 0; i < q->staged; i++)
		doca_buf_dec_refcount(q->stage[i].buf, NULL);
	q->staged = 0;
}

static doca_error_t rxq_stop(void *owner)
{
	struct doca_eth_rxq *q = owner;

	if (q->type == DOCA_ETH_RXQ_TYPE_REGULAR &&
	    (q->posted != NULL || q->done != NULL || recv_outstanding(q) > 0))
		return DOCA_ERROR_IN_PROGRESS; /* doca_pe_progress flushes, then waits for frees */
	release_running(q);
	pthread_mutex_lock(&rxq_lock);
	q->flow_qid = NO_QUEUE;
	pthread_mutex_unlock(&rxq_lock);
	return DOCA_SUCCESS;
}

/* ------------------------------------------------------------------ control path */

DOCA_EXPERIMENTAL doca_error_t doca_eth_rxq_create(struct doca_dev *dev, uint32_t max_burst_size,
                                                   uint32_t max_packet_size,
                                                   struct doca_eth_rxq **eth_rxq)
{
	struct doca_eth_rxq *q;

	if (SDPA_NULL_ARGS("pass an open device and a result pointer", dev, eth_rxq))
		return DOCA_ERROR_INVALID_VALUE;
	if (SDPA_BAD_ARG(max_burst_size == 0 || max_burst_size > ETH_MAX_BURST,
	                 "max_burst_size is 0 or above the device's "
	                 "doca_eth_rxq_cap_get_max_burst_size",
	                 "give 1..8192 packets"))
		return DOCA_ERROR_INVALID_VALUE;
	if (SDPA_BAD_ARG(max_packet_size == 0 || max_packet_size > SOFTDPA_FRAME_MAX,
	                 "max_packet_size is 0 or above the device's "
	                 "doca_eth_rxq_cap_get_max_packet_size",
	                 "give 1..9216 bytes"))
		return DOCA_ERROR_INVALID_VALUE;
	q = calloc(1, sizeof(*q));
	if (q == NULL) {
		DOCA_LOG_ERR("%s: out of memory for the queue", __func__);
		return DOCA_ERROR_NO_MEMORY;
	}
	q->magic = RXQ_MAGIC;
	q->dev = dev;
	q->max_burst = max_burst_size;
	q->max_pkt = max_packet_size;
	q->type = DOCA_ETH_RXQ_TYPE_CYCLIC; /* DOCA's default */
	q->flow_qid = NO_QUEUE;
	q->ctx = sdpa_ctx_create("doca_eth_rxq", q, rxq_start, rxq_stop, NULL);
	if (q->ctx == NULL || !sdpa_handle_add(q, SDPA_H_ETH_RXQ)) {
		if (q->ctx != NULL)
			sdpa_ctx_destroy(q->ctx);
		free(q);
		DOCA_LOG_ERR("%s: out of memory for the queue's context", __func__);
		return DOCA_ERROR_NO_MEMORY;
	}
	sdpa_ctx_set_progress(q->ctx, rxq_progress);
	pthread_mutex_lock(&rxq_lock);
	q->next = rxq_list;
	rxq_list = q;
	pthread_mutex_unlock(&rxq_lock);
	*eth_rxq = q;
	return DOCA_SUCCESS;
}

DOCA_EXPERIMENTAL doca_error_t doca_eth_rxq_destroy(struct doca_eth_rxq *eth_rxq)
{
	struct doca_eth_rxq *q = eth_rxq, **pp;

	doca_error_t r;

	CHECK_IDLE(q);
	r = free_strides(q, __func__);
	if (r != DOCA_SUCCESS)
		return r;
	pthread_mutex_lock(&rxq_lock);
	while (q->arrays != NULL) { /* arrays whose packets were given back one by one */
		struct pkt_array *a = q->arrays;

		q->arrays = a->next;
		a->magic = 0;
		free(a);
	}
	for (pp = &rxq_list; *pp != NULL; pp = &(*pp)->next) {
		if (*pp == q) {
			*pp = q->next;
			break;
		}
	}
	pthread_mutex_unlock(&rxq_lock);
	sdpa_task_pool_destroy(q->recv_pool);
	sdpa_ctx_destroy(q->ctx);
	q->magic = 0;
	sdpa_handle_retire(q, free);
	return DOCA_SUCCESS;
}

DOCA_EXPERIMENTAL struct doca_ctx *doca_eth_rxq_as_doca_ctx(struct doca_eth_rxq *eth_rxq)
{
	if (bad_rxq(__func__, eth_rxq))
		return NULL;
	return eth_rxq->ctx;
}

DOCA_EXPERIMENTAL doca_error_t doca_eth_rxq_set_max_burst_size(struct doca_eth_rxq *eth_rxq,
                                                               uint32_t max_burst_size)
{
	CHECK_IDLE(eth_rxq);
	if (SDPA_BAD_ARG(max_burst_size == 0 || max_burst_size > ETH_MAX_BURST,
	                 "max_burst_size is 0 or above doca_eth_rxq_cap_get_max_burst_size",
	                 "give 1..8192 packets"))
		return DOCA_ERROR_INVALID_VALUE;
	eth_rxq->max_burst = max_burst_size;
	return DOCA_SUCCESS;
}

DOCA_EXPERIMENTAL doca_error_t doca_eth_rxq_set_max_packet_size(struct doca_eth_rxq *eth_rxq,
                                                                uint32_t max_packet_size)
{
	CHECK_IDLE(eth_rxq);
	if (SDPA_BAD_ARG(max_packet_size == 0 || max_packet_size > SOFTDPA_FRAME_MAX,
	                 "max_packet_size is 0 or above doca_eth_rxq_cap_get_max_packet_size",
	                 "give 1..9216 bytes"))
		return DOCA_ERROR_INVALID_VALUE;
	eth_rxq->max_pkt = max_packet_size;
	return DOCA_SUCCESS;
}

DOCA_EXPERIMENTAL doca_error_t doca_eth_rxq_set_metadata_num(struct doca_eth_rxq *eth_rxq,
                                                             uint8_t metadata_num)
{
	CHECK_IDLE(eth_rxq);
	if (SDPA_BAD_ARG(metadata_num > ETH_MAX_METADATA,
	                 "metadata_num is above doca_eth_rxq_cap_get_max_metadata_num (1: the "
	                 "word DOCA Flow sets, meta.pkt_meta)",
	                 "ask for 0 or 1"))
		return DOCA_ERROR_INVALID_VALUE;
	eth_rxq->metadata_num = metadata_num;
	return DOCA_SUCCESS;
}

DOCA_EXPERIMENTAL doca_error_t doca_eth_rxq_set_flow_tag(struct doca_eth_rxq *eth_rxq,
                                                         uint8_t enable_flow_tag)
{
	CHECK_IDLE(eth_rxq);
	eth_rxq->flow_tag = enable_flow_tag != 0;
	return DOCA_SUCCESS;
}

DOCA_EXPERIMENTAL doca_error_t doca_eth_rxq_set_rx_hash(struct doca_eth_rxq *eth_rxq,
                                                        uint8_t enable_rx_hash)
{
	CHECK_IDLE(eth_rxq);
	eth_rxq->rx_hash = enable_rx_hash != 0;
	return DOCA_SUCCESS;
}

DOCA_EXPERIMENTAL doca_error_t doca_eth_rxq_set_packet_headroom(struct doca_eth_rxq *eth_rxq,
                                                                uint16_t head_size)
{
	CHECK_IDLE(eth_rxq);
	if (SDPA_BAD_ARG(head_size > ETH_MAX_ROOM,
	                 "head_size is above doca_eth_rxq_cap_get_max_packet_headroom (1024)",
	                 "ask for at most 1024 bytes"))
		return DOCA_ERROR_INVALID_VALUE;
	eth_rxq->headroom = head_size;
	return DOCA_SUCCESS;
}

DOCA_EXPERIMENTAL doca_error_t doca_eth_rxq_set_packet_tailroom(struct doca_eth_rxq *eth_rxq,
                                                                uint16_t tail_size)
{
	CHECK_IDLE(eth_rxq);
	if (SDPA_BAD_ARG(tail_size > ETH_MAX_ROOM,
	                 "tail_size is above doca_eth_rxq_cap_get_max_packet_tailroom (1024)",
	                 "ask for at most 1024 bytes"))
		return DOCA_ERROR_INVALID_VALUE;
	eth_rxq->tailroom = tail_size;
	return DOCA_SUCCESS;
}

DOCA_EXPERIMENTAL doca_error_t doca_eth_rxq_set_timestamp(struct doca_eth_rxq *eth_rxq,
                                                          uint8_t enable_timestamp)
{
	CHECK_IDLE(eth_rxq);
	eth_rxq->timestamp = enable_timestamp != 0;
	return DOCA_SUCCESS;
}

DOCA_EXPERIMENTAL doca_error_t
doca_eth_rxq_set_max_recv_buf_list_len(struct doca_eth_rxq *eth_rxq, uint32_t max_recv_buf_list_len)
{
	CHECK_IDLE(eth_rxq);
	if (SDPA_BAD_ARG(max_recv_buf_list_len == 0 ||
	                         max_recv_buf_list_len > ETH_MAX_RECV_BUF_LIST,
	                 "max_recv_buf_list_len is 0 or above "
	                 "doca_eth_rxq_cap_get_max_recv_buf_list_len (16)",
	                 "give 1..16 buffers"))
		return DOCA_ERROR_INVALID_VALUE;
	eth_rxq->max_recv_buf_list_len = max_recv_buf_list_len;
	return DOCA_SUCCESS;
}

DOCA_EXPERIMENTAL doca_error_t doca_eth_rxq_set_pkt_buf(struct doca_eth_rxq *eth_rxq,
                                                        struct doca_mmap *mmap,
                                                        uint32_t mmap_offset, uint32_t mmap_len)
{
	void *range = NULL;
	size_t range_len = 0;

	CHECK_IDLE(eth_rxq);
	if (SDPA_NULL_ARGS("pass a mmap whose memory range is set", mmap))
		return DOCA_ERROR_INVALID_VALUE;
	if (doca_mmap_get_memrange(mmap, &range, &range_len) != DOCA_SUCCESS)
		return DOCA_ERROR_INVALID_VALUE; /* logged by the mmap */
	if (SDPA_BAD_ARG(mmap_len == 0 || (uint64_t)mmap_offset + mmap_len > range_len,
	                 "the range [mmap_offset, mmap_offset + mmap_len) is empty or outside the "
	                 "mmap's memory range",
	                 "give a range inside the mmap"))
		return DOCA_ERROR_INVALID_VALUE;
	eth_rxq->mmap = mmap;
	eth_rxq->mmap_off = mmap_offset;
	eth_rxq->mmap_len = mmap_len;
	return DOCA_SUCCESS;
}

DOCA_EXPERIMENTAL doca_error_t doca_eth_rxq_set_type(struct doca_eth_rxq *eth_rxq,
                                                     enum doca_eth_rxq_type type)
{
	CHECK_IDLE(eth_rxq);
	if (type != DOCA_ETH_RXQ_TYPE_CYCLIC && type != DOCA_ETH_RXQ_TYPE_MANAGED_MEMPOOL &&
	    type != DOCA_ETH_RXQ_TYPE_REGULAR) {
		DOCA_LOG_ERR("%s: type %d is unknown; use an enum doca_eth_rxq_type value",
		             __func__, (int)type);
		return DOCA_ERROR_INVALID_VALUE;
	}
	eth_rxq->type = type;
	return DOCA_SUCCESS;
}

DOCA_EXPERIMENTAL doca_error_t doca_eth_rxq_set_notification_moderation(
        struct doca_eth_rxq *eth_rxq, uint16_t period_usec, uint16_t comp_count)
{
	(void)period_usec;
	(void)comp_count;
	/* Accepted: the engine's notification handle never fires (the application polls), so
	 * there is nothing to moderate. */
	CHECK_IDLE(eth_rxq);
	return DOCA_SUCCESS;
}

DOCA_EXPERIMENTAL doca_error_t doca_eth_rxq_get_flow_queue_id(struct doca_eth_rxq *eth_rxq,
                                                              uint16_t *flow_queue_id)
{
	if (bad_rxq(__func__, eth_rxq) || SDPA_NULL_ARGS("pass a result pointer", flow_queue_id))
		return DOCA_ERROR_INVALID_VALUE;
	if (sdpa_ctx_state(eth_rxq->ctx) != DOCA_CTX_STATE_RUNNING) {
		DOCA_LOG_ERR("%s: the queue is not started; the id exists from doca_ctx_start on",
		             __func__);
		return DOCA_ERROR_BAD_STATE;
	}
	*flow_queue_id = (uint16_t)eth_rxq->flow_qid;
	return DOCA_SUCCESS;
}

DOCA_EXPERIMENTAL doca_error_t doca_eth_rxq_apply_queue_id(struct doca_eth_rxq *eth_rxq,
                                                           uint16_t queue_id)
{
	if (bad_rxq(__func__, eth_rxq))
		return DOCA_ERROR_INVALID_VALUE;
	if (sdpa_ctx_state(eth_rxq->ctx) != DOCA_CTX_STATE_RUNNING) {
		DOCA_LOG_ERR("%s: the queue is not started; bind its id after doca_ctx_start",
		             __func__);
		return DOCA_ERROR_BAD_STATE;
	}
	if (SDPA_BAD_ARG(queue_id >= sdpa_nic_rxq_max(), "queue_id is beyond the port's queues",
	                 "give a DOCA Flow queue id below 64"))
		return DOCA_ERROR_INVALID_VALUE;
	pthread_mutex_lock(&rxq_lock);
	if (qid_taken(eth_rxq, queue_id)) {
		pthread_mutex_unlock(&rxq_lock);
		DOCA_LOG_ERR("%s: DOCA Flow queue %u of the device is bound to another running "
		             "queue; give each queue its own id",
		             __func__, (unsigned int)queue_id);
		return DOCA_ERROR_IN_USE;
	}
	eth_rxq->flow_qid = queue_id;
	pthread_mutex_unlock(&rxq_lock);
	return DOCA_SUCCESS;
}

DOCA_EXPERIMENTAL doca_error_t doca_eth_rxq_get_gpu_handle(const struct doca_eth_rxq *eth_rxq,
                                                           struct doca_gpu_eth_rxq **eth_rxq_ext)
{
	if (bad_rxq(__func__, eth_rxq) || SDPA_NULL_ARGS(FIX, eth_rxq_ext))
		return DOCA_ERROR_INVALID_VALUE;
	DOCA_LOG_RATE_LIMIT_ERR("%s is not supported by softdpa (no GPU: the queue's data path "
	                        "runs on the CPU)",
	                        __func__);
	return DOCA_ERROR_NOT_SUPPORTED;
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

DOCA_EXPERIMENTAL doca_error_t
doca_eth_rxq_cap_get_max_burst_size(const struct doca_devinfo *devinfo, uint32_t *max_burst_size)
{
	if (bad_devinfo(__func__, devinfo, max_burst_size))
		return DOCA_ERROR_INVALID_VALUE;
	*max_burst_size = ETH_MAX_BURST;
	return DOCA_SUCCESS;
}

DOCA_EXPERIMENTAL doca_error_t
doca_eth_rxq_cap_get_max_metadata_num(const struct doca_devinfo *devinfo, uint8_t *max_metadata_num)
{
	if (bad_devinfo(__func__, devinfo, max_metadata_num))
		return DOCA_ERROR_INVALID_VALUE;
	*max_metadata_num = ETH_MAX_METADATA;
	return DOCA_SUCCESS;
}

DOCA_EXPERIMENTAL doca_error_t doca_eth_rxq_cap_get_max_packet_headroom(
        const struct doca_devinfo *devinfo, uint16_t *max_packet_headroom)
{
	if (bad_devinfo(__func__, devinfo, max_packet_headroom))
		return DOCA_ERROR_INVALID_VALUE;
	*max_packet_headroom = ETH_MAX_ROOM;
	return DOCA_SUCCESS;
}

DOCA_EXPERIMENTAL doca_error_t doca_eth_rxq_cap_get_max_packet_tailroom(
        const struct doca_devinfo *devinfo, uint16_t *max_packet_tailroom)
{
	if (bad_devinfo(__func__, devinfo, max_packet_tailroom))
		return DOCA_ERROR_INVALID_VALUE;
	*max_packet_tailroom = ETH_MAX_ROOM;
	return DOCA_SUCCESS;
}

DOCA_EXPERIMENTAL doca_error_t doca_eth_rxq_cap_get_max_recv_buf_list_len(
        const struct doca_devinfo *devinfo, uint32_t *max_recv_buf_list_len)
{
	if (bad_devinfo(__func__, devinfo, max_recv_buf_list_len))
		return DOCA_ERROR_INVALID_VALUE;
	*max_recv_buf_list_len = ETH_MAX_RECV_BUF_LIST;
	return DOCA_SUCCESS;
}

DOCA_EXPERIMENTAL doca_error_t
doca_eth_rxq_cap_get_max_packet_size(const struct doca_devinfo *devinfo, uint32_t *max_packet_size)
{
	if (bad_devinfo(__func__, devinfo, max_packet_size))
		return DOCA_ERROR_INVALID_VALUE;
	*max_packet_size = SOFTDPA_FRAME_MAX;
	return DOCA_SUCCESS;
}

DOCA_EXPERIMENTAL doca_error_t
doca_eth_rxq_cap_is_type_supported(const struct doca_devinfo *devinfo, enum doca_eth_rxq_type type,
                                   enum doca_eth_rxq_data_path_type data_path_type)
{
	if (bad_devinfo(__func__, devinfo, devinfo))
		return DOCA_ERROR_INVALID_VALUE;
	if ((type != DOCA_ETH_RXQ_TYPE_CYCLIC && type != DOCA_ETH_RXQ_TYPE_MANAGED_MEMPOOL &&
	     type != DOCA_ETH_RXQ_TYPE_REGULAR) ||
	    (data_path_type != DOCA_ETH_RXQ_DATA_PATH_TYPE_CPU &&
	     data_path_type != DOCA_ETH_RXQ_DATA_PATH_TYPE_GPU)) {
		DOCA_LOG_ERR("%s: type %d or data path %d is unknown; use enum doca_eth_rxq_type "
		             "and enum doca_eth_rxq_data_path_type values",
		             __func__, (int)type, (int)data_path_type);
		return DOCA_ERROR_INVALID_VALUE;
	}
	/* A capability answer, not a refusal: no log line. */
	/* MANAGED_MEMPOOL and REGULAR are DOCA's CPU data paths, CYCLIC its GPU one. */
	return type != DOCA_ETH_RXQ_TYPE_CYCLIC && data_path_type == DOCA_ETH_RXQ_DATA_PATH_TYPE_CPU
	               ? DOCA_SUCCESS
	               : DOCA_ERROR_NOT_SUPPORTED;
}

/* ------------------------------------------------------------------ events */

static uint16_t batch_count(enum doca_event_batch_events_number n)
{
	return (unsigned int)n <= DOCA_EVENT_BATCH_EVENTS_NUMBER_128 ? (uint16_t)(1u << n) : 0;
}

DOCA_EXPERIMENTAL doca_error_t doca_eth_rxq_event_managed_recv_register(
        struct doca_eth_rxq *eth_rxq, union doca_data user_data,
        doca_eth_rxq_event_managed_recv_handler_cb_t success_event_handler,
        doca_eth_rxq_event_managed_recv_handler_cb_t error_event_handler)
{
	CHECK_IDLE(eth_rxq);
	if (SDPA_NULL_ARGS("pass both handlers", success_event_handler, error_event_handler))
		return DOCA_ERROR_INVALID_VALUE;
	if (eth_rxq->batch_reg) {
		DOCA_LOG_ERR("%s: the queue reports event batches already; register one kind of "
		             "receive event",
		             __func__);
		return DOCA_ERROR_BAD_STATE;
	}
	eth_rxq->one_reg = true;
	eth_rxq->one_ud = user_data;
	eth_rxq->one_ok = success_event_handler;
	eth_rxq->one_err = error_event_handler;
	return DOCA_SUCCESS;
}

DOCA_EXPERIMENTAL doca_error_t doca_eth_rxq_event_batch_managed_recv_register(
        struct doca_eth_rxq *eth_rxq, enum doca_event_batch_events_number events_number_max,
        enum doca_event_batch_events_number events_number_min, union doca_data user_data,
        doca_eth_rxq_event_batch_managed_recv_handler_cb_t success_event_batch_handler,
        doca_eth_rxq_event_batch_managed_recv_handler_cb_t error_event_batch_handler)
{
	uint16_t mx = batch_count(events_number_max), mn = batch_count(events_number_min);

	CHECK_IDLE(eth_rxq);
	if (SDPA_NULL_ARGS("pass both handlers", success_event_batch_handler,
	                   error_event_batch_handler))
		return DOCA_ERROR_INVALID_VALUE;
	if (SDPA_BAD_ARG(mx == 0 || mn == 0 || mn > mx,
	                 "events_number_max or events_number_min is not an enum "
	                 "doca_event_batch_events_number value, or min is above max",
	                 "give DOCA_EVENT_BATCH_EVENTS_NUMBER_* values with min <= max"))
		return DOCA_ERROR_INVALID_VALUE;
	if (eth_rxq->one_reg) {
		DOCA_LOG_ERR("%s: the queue reports single receive events already; register one "
		             "kind of receive event",
		             __func__);
		return DOCA_ERROR_BAD_STATE;
	}
	eth_rxq->batch_reg = true;
	eth_rxq->batch_ud = user_data;
	eth_rxq->batch_ok = success_event_batch_handler;
	eth_rxq->batch_err = error_event_batch_handler;
	eth_rxq->batch_max = mx;
	eth_rxq->batch_min = mn;
	return DOCA_SUCCESS;
}

DOCA_EXPERIMENTAL void
doca_eth_rxq_event_batch_managed_recv_pkt_array_free(struct doca_buf **pkt_array)
{
	struct pkt_array *a = NULL;

	if (SDPA_NULL_ARGS("pass the pkt_array a batch handler received", pkt_array))
		return;
	/* Found among the arrays the live queues handed out, never read before: a stale or
	 * foreign pointer is refused, not dereferenced. */
	pthread_mutex_lock(&rxq_lock);
	for (struct doca_eth_rxq *q = rxq_list; q != NULL && a == NULL; q = q->next)
		for (struct pkt_array *x = q->arrays; x != NULL; x = x->next)
			if (x->pkts == pkt_array) {
				a = x;
				break;
			}
	if (a != NULL) {
		if (a->prev != NULL)
			a->prev->next = a->next;
		else
			a->rxq->arrays = a->next;
		if (a->next != NULL)
			a->next->prev = a->prev;
	}
	pthread_mutex_unlock(&rxq_lock);
	if (a == NULL) {
		DOCA_LOG_ERR("%s: pkt_array is not a packet array of a live queue (freed twice?); "
		             "pass the pkt_array a batch handler received, once",
		             __func__);
		return;
	}
	for (uint16_t i = 0; i < a->n; i++)
		if (sdpa_buf_held(a->pkts[i]))
			doca_buf_dec_refcount(a->pkts[i], NULL);
	a->magic = 0;
	free(a);
}

#define EV_FIX "pass the event the handler received, during the handler"

DOCA_EXPERIMENTAL doca_error_t doca_eth_rxq_event_managed_recv_get_l3_ok(
        const struct doca_eth_rxq_event_managed_recv *event_managed_recv, uint8_t *l3_ok)
{
	if (SDPA_NULL_ARGS(EV_FIX, event_managed_recv, l3_ok))
		return DOCA_ERROR_INVALID_VALUE;
	*l3_ok = event_managed_recv->p.l3_ok;
	return DOCA_SUCCESS;
}

DOCA_EXPERIMENTAL doca_error_t doca_eth_rxq_event_batch_managed_recv_get_l3_ok_array(
        const struct doca_eth_rxq_event_batch_managed_recv *event_batch_managed_recv,
        const uint8_t **l3_ok_array)
{
	if (SDPA_NULL_ARGS(EV_FIX, event_batch_managed_recv, l3_ok_array))
		return DOCA_ERROR_INVALID_VALUE;
	*l3_ok_array = event_batch_managed_recv->l3_ok;
	return DOCA_SUCCESS;
}

DOCA_EXPERIMENTAL doca_error_t doca_eth_rxq_event_managed_recv_get_l4_ok(
        const struct doca_eth_rxq_event_managed_recv *event_managed_recv, uint8_t *l4_ok)
{
	if (SDPA_NULL_ARGS(EV_FIX, event_managed_recv, l4_ok))
		return DOCA_ERROR_INVALID_VALUE;
	*l4_ok = event_managed_recv->p.l4_ok;
	return DOCA_SUCCESS;
}

DOCA_EXPERIMENTAL doca_error_t doca_eth_rxq_event_batch_managed_recv_get_l4_ok_array(
        const struct doca_eth_rxq_event_batch_managed_recv *event_batch_managed_recv,
        const uint8_t **l4_ok_array)
{
	if (SDPA_NULL_ARGS(EV_FIX, event_batch_managed_recv, l4_ok_array))
		return DOCA_ERROR_INVALID_VALUE;
	*l4_ok_array = event_batch_managed_recv->l4_ok;
	return DOCA_SUCCESS;
}

/* Per-packet attributes the queue was not configured to deliver. */
static doca_error_t not_enabled(const char *fn, const char *what, const char *setter)
{
	DOCA_LOG_ERR("%s: the queue does not deliver %s; enable it with %s before doca_ctx_start",
	             fn, what, setter);
	return DOCA_ERROR_BAD_STATE;
}

DOCA_EXPERIMENTAL doca_error_t doca_eth_rxq_event_managed_recv_get_metadata_array(
        const struct doca_eth_rxq_event_managed_recv *event_managed_recv,
        const uint32_t **metadata_array)
{
	if (SDPA_NULL_ARGS(EV_FIX, event_managed_recv, metadata_array))
		return DOCA_ERROR_INVALID_VALUE;
	if (event_managed_recv->rxq->metadata_num == 0)
		return not_enabled(__func__, "metadata", "doca_eth_rxq_set_metadata_num");
	*metadata_array = &event_managed_recv->p.meta;
	return DOCA_SUCCESS;
}

DOCA_EXPERIMENTAL doca_error_t doca_eth_rxq_event_batch_managed_recv_get_metadata_array(
        const struct doca_eth_rxq_event_batch_managed_recv *event_batch_managed_recv,
        const uint32_t **metadata_array)
{
	if (SDPA_NULL_ARGS(EV_FIX, event_batch_managed_recv, metadata_array))
		return DOCA_ERROR_INVALID_VALUE;
	if (event_batch_managed_recv->rxq->metadata_num == 0)
		return not_enabled(__func__, "metadata", "doca_eth_rxq_set_metadata_num");
	*metadata_array = event_batch_managed_recv->meta;
	return DOCA_SUCCESS;
}

DOCA_EXPERIMENTAL doca_error_t doca_eth_rxq_event_managed_recv_get_flow_tag(
        const struct doca_eth_rxq_event_managed_recv *event_managed_recv, uint32_t *flow_tag)
{
	if (SDPA_NULL_ARGS(EV_FIX, event_managed_recv, flow_tag))
		return DOCA_ERROR_INVALID_VALUE;
	if (!event_managed_recv->rxq->flow_tag)
		return not_enabled(__func__, "flow tags", "doca_eth_rxq_set_flow_tag");
	*flow_tag = event_managed_recv->p.tag;
	return DOCA_SUCCESS;
}

DOCA_EXPERIMENTAL doca_error_t doca_eth_rxq_event_batch_managed_recv_get_flow_tag_array(
        const struct doca_eth_rxq_event_batch_managed_recv *event_batch_managed_recv,
        const uint32_t **flow_tag_array)
{
	if (SDPA_NULL_ARGS(EV_FIX, event_batch_managed_recv, flow_tag_array))
		return DOCA_ERROR_INVALID_VALUE;
	if (!event_batch_managed_recv->rxq->flow_tag)
		return not_enabled(__func__, "flow tags", "doca_eth_rxq_set_flow_tag");
	*flow_tag_array = event_batch_managed_recv->tag;
	return DOCA_SUCCESS;
}

DOCA_EXPERIMENTAL doca_error_t doca_eth_rxq_event_managed_recv_get_rx_hash(
        const struct doca_eth_rxq_event_managed_recv *event_managed_recv, uint32_t *rx_hash)
{
	if (SDPA_NULL_ARGS(EV_FIX, event_managed_recv, rx_hash))
		return DOCA_ERROR_INVALID_VALUE;
	if (!event_managed_recv->rxq->rx_hash)
		return not_enabled(__func__, "RSS hashes", "doca_eth_rxq_set_rx_hash");
	*rx_hash = event_managed_recv->p.hash;
	return DOCA_SUCCESS;
}

DOCA_EXPERIMENTAL doca_error_t doca_eth_rxq_event_batch_managed_recv_get_rx_hash_array(
        const struct doca_eth_rxq_event_batch_managed_recv *event_batch_managed_recv,
        const uint32_t **rx_hash_array)
{
	if (SDPA_NULL_ARGS(EV_FIX, event_batch_managed_recv, rx_hash_array))
		return DOCA_ERROR_INVALID_VALUE;
	if (!event_batch_managed_recv->rxq->rx_hash)
		return not_enabled(__func__, "RSS hashes", "doca_eth_rxq_set_rx_hash");
	*rx_hash_array = event_batch_managed_recv->hash;
	return DOCA_SUCCESS;
}

DOCA_EXPERIMENTAL doca_error_t doca_eth_rxq_event_managed_recv_get_timestamp(
        const struct doca_eth_rxq_event_managed_recv *event_managed_recv, uint64_t *timestamp)
{
	if (SDPA_NULL_ARGS(EV_FIX, event_managed_recv, timestamp))
		return DOCA_ERROR_INVALID_VALUE;
	if (!event_managed_recv->rxq->timestamp)
		return not_enabled(__func__, "timestamps", "doca_eth_rxq_set_timestamp");
	*timestamp = event_managed_recv->p.ts;
	return DOCA_SUCCESS;
}

DOCA_EXPERIMENTAL doca_error_t doca_eth_rxq_event_batch_managed_recv_get_timestamp_array(
        const struct doca_eth_rxq_event_batch_managed_recv *event_batch_managed_recv,
        const uint64_t **timestamp_array)
{
	if (SDPA_NULL_ARGS(EV_FIX, event_batch_managed_recv, timestamp_array))
		return DOCA_ERROR_INVALID_VALUE;
	if (!event_batch_managed_recv->rxq->timestamp)
		return not_enabled(__func__, "timestamps", "doca_eth_rxq_set_timestamp");
	*timestamp_array = event_batch_managed_recv->ts;
	return DOCA_SUCCESS;
}

DOCA_EXPERIMENTAL doca_error_t doca_eth_rxq_event_managed_recv_get_status(
        const struct doca_eth_rxq_event_managed_recv *event_managed_recv)
{
	if (SDPA_NULL_ARGS(EV_FIX, event_managed_recv))
		return DOCA_ERROR_INVALID_VALUE;
	return event_managed_recv->status;
}

DOCA_EXPERIMENTAL struct doca_ctx *doca_eth_rxq_event_managed_recv_get_ctx(
        const struct doca_eth_rxq_event_managed_recv *event_managed_recv)
{
	if (SDPA_NULL_ARGS(EV_FIX, event_managed_recv))
		return NULL;
	return event_managed_recv->rxq->ctx;
}

DOCA_EXPERIMENTAL struct doca_ctx *doca_eth_rxq_event_batch_managed_recv_get_ctx(
        const struct doca_eth_rxq_event_batch_managed_recv *event_batch_managed_recv)
{
	if (SDPA_NULL_ARGS(EV_FIX, event_batch_managed_recv))
		return NULL;
	return event_batch_managed_recv->rxq->ctx;
}

/* ------------------------------------------------------------------ receive tasks */

#define TASK_FIX "pass a receive task the queue allocated"

/* A receive task the application holds, or NULL with one line; looked up by address first. */
static struct doca_eth_rxq_task_recv *task_of(const struct doca_eth_rxq_task_recv *t,
                                              const char *fn)
{
	if (t == NULL) {
		DOCA_LOG_ERR("%s: task_recv is NULL; " TASK_FIX, fn);
		return NULL;
	}
	if (sdpa_task_of(NULL, t) == NULL || t->kind != RECV_MAGIC) {
		DOCA_LOG_ERR("%s: %p is not a live receive task (freed, its queue destroyed, or "
		             "another kind of task); " TASK_FIX,
		             fn, (const void *)t);
		return NULL;
	}
	return (struct doca_eth_rxq_task_recv *)t;
}

DOCA_EXPERIMENTAL doca_error_t doca_eth_rxq_task_recv_set_conf(
        struct doca_eth_rxq *eth_rxq, doca_eth_rxq_task_recv_completion_cb_t task_completion_cb,
        doca_eth_rxq_task_recv_completion_cb_t task_error_cb, uint32_t task_recv_num)
{
	struct sdpa_task_pool *p;

	CHECK_IDLE(eth_rxq);
	if (SDPA_NULL_ARGS("pass both callbacks", task_completion_cb, task_error_cb) ||
	    SDPA_BAD_ARG(task_recv_num == 0, "task_recv_num is 0", "give the number of tasks"))
		return DOCA_ERROR_INVALID_VALUE;
	if (eth_rxq->recv_pool != NULL && sdpa_task_pool_outstanding(eth_rxq->recv_pool) > 0) {
		DOCA_LOG_ERR("%s: receive tasks of the earlier configuration are still allocated; "
		             "free them (doca_task_free) first",
		             __func__);
		return DOCA_ERROR_IN_USE;
	}
	p = sdpa_task_pool_create(eth_rxq->ctx, "doca_eth_rxq_task_recv", false, task_recv_num,
	                          sizeof(struct doca_eth_rxq_task_recv), submit_recv, eth_rxq);
	if (p == NULL)
		return DOCA_ERROR_NO_MEMORY;
	sdpa_task_pool_destroy(eth_rxq->recv_pool);
	eth_rxq->recv_pool = p;
	eth_rxq->recv_ok = task_completion_cb;
	eth_rxq->recv_err = task_error_cb;
	return DOCA_SUCCESS;
}

DOCA_EXPERIMENTAL doca_error_t doca_eth_rxq_task_recv_allocate_init(
        struct doca_eth_rxq *eth_rxq, struct doca_buf *pkt, union doca_data user_data,
        struct doca_eth_rxq_task_recv **task_recv)
{
	struct doca_eth_rxq_task_recv *t = NULL;

	if (bad_rxq(__func__, eth_rxq) ||
	    SDPA_NULL_ARGS("pass the packet buffer and a result pointer", pkt, task_recv))
		return DOCA_ERROR_INVALID_VALUE;
	if (eth_rxq->type != DOCA_ETH_RXQ_TYPE_REGULAR) {
		DOCA_LOG_ERR("%s: the queue is not of type DOCA_ETH_RXQ_TYPE_REGULAR; receive "
		             "tasks need a regular queue",
		             __func__);
		return DOCA_ERROR_BAD_STATE;
	}
	if (sdpa_ctx_state(eth_rxq->ctx) != DOCA_CTX_STATE_RUNNING) {
		DOCA_LOG_ERR("%s: the queue's context is not running; allocate tasks after "
		             "doca_ctx_start",
		             __func__);
		return DOCA_ERROR_BAD_STATE;
	}
	if (sdpa_task_alloc(eth_rxq->recv_pool, user_data, (void **)&t) == NULL) {
		DOCA_LOG_ERR("%s: all %u receive tasks are allocated; free some (doca_task_free)",
		             __func__, sdpa_task_pool_size(eth_rxq->recv_pool));
		return DOCA_ERROR_NO_MEMORY;
	}
	t->kind = RECV_MAGIC;
	t->q = eth_rxq;
	t->pkt = pkt;
	*task_recv = t;
	return DOCA_SUCCESS;
}

DOCA_EXPERIMENTAL void doca_eth_rxq_task_recv_set_pkt(struct doca_eth_rxq_task_recv *task_recv,
                                                      struct doca_buf *pkt)
{
	struct doca_eth_rxq_task_recv *t = task_of(task_recv, __func__);

	if (t != NULL && !SDPA_NULL_ARGS("pass the packet buffer", pkt))
		t->pkt = pkt;
}

DOCA_EXPERIMENTAL doca_error_t doca_eth_rxq_task_recv_get_pkt(
        const struct doca_eth_rxq_task_recv *task_recv, struct doca_buf **pkt)
{
	const struct doca_eth_rxq_task_recv *t;

	if (SDPA_NULL_ARGS("pass a result pointer", pkt) ||
	    (t = task_of(task_recv, __func__)) == NULL)
		return DOCA_ERROR_INVALID_VALUE;
	*pkt = t->pkt;
	return DOCA_SUCCESS;
}

DOCA_EXPERIMENTAL doca_error_t
doca_eth_rxq_task_recv_get_l3_ok(const struct doca_eth_rxq_task_recv *task_recv, uint8_t *l3_ok)
{
	const struct doca_eth_rxq_task_recv *t;

	if (SDPA_NULL_ARGS("pass a result pointer", l3_ok) ||
	    (t = task_of(task_recv, __func__)) == NULL)
		return DOCA_ERROR_INVALID_VALUE;
	*l3_ok = t->p.l3_ok;
	return DOCA_SUCCESS;
}

DOCA_EXPERIMENTAL doca_error_t
doca_eth_rxq_task_recv_get_l4_ok(const struct doca_eth_rxq_task_recv *task_recv, uint8_t *l4_ok)
{
	const struct doca_eth_rxq_task_recv *t;

	if (SDPA_NULL_ARGS("pass a result pointer", l4_ok) ||
	    (t = task_of(task_recv, __func__)) == NULL)
		return DOCA_ERROR_INVALID_VALUE;
	*l4_ok = t->p.l4_ok;
	return DOCA_SUCCESS;
}

DOCA_EXPERIMENTAL doca_error_t doca_eth_rxq_task_recv_get_metadata_array(
        const struct doca_eth_rxq_task_recv *task_recv, const uint32_t **metadata_array)
{
	const struct doca_eth_rxq_task_recv *t;

	if (SDPA_NULL_ARGS("pass a result pointer", metadata_array) ||
	    (t = task_of(task_recv, __func__)) == NULL)
		return DOCA_ERROR_INVALID_VALUE;
	if (t->q->metadata_num == 0)
		return not_enabled(__func__, "metadata", "doca_eth_rxq_set_metadata_num");
	*metadata_array = &t->p.meta;
	return DOCA_SUCCESS;
}

DOCA_EXPERIMENTAL doca_error_t doca_eth_rxq_task_recv_get_flow_tag(
        const struct doca_eth_rxq_task_recv *task_recv, uint32_t *flow_tag)
{
	const struct doca_eth_rxq_task_recv *t;

	if (SDPA_NULL_ARGS("pass a result pointer", flow_tag) ||
	    (t = task_of(task_recv, __func__)) == NULL)
		return DOCA_ERROR_INVALID_VALUE;
	if (!t->q->flow_tag)
		return not_enabled(__func__, "flow tags", "doca_eth_rxq_set_flow_tag");
	*flow_tag = t->p.tag;
	return DOCA_SUCCESS;
}

DOCA_EXPERIMENTAL doca_error_t doca_eth_rxq_task_recv_get_rx_hash(
        const struct doca_eth_rxq_task_recv *task_recv, uint32_t *rx_hash)
{
	const struct doca_eth_rxq_task_recv *t;

	if (SDPA_NULL_ARGS("pass a result pointer", rx_hash) ||
	    (t = task_of(task_recv, __func__)) == NULL)
		return DOCA_ERROR_INVALID_VALUE;
	if (!t->q->rx_hash)
		return not_enabled(__func__, "RSS hashes", "doca_eth_rxq_set_rx_hash");
	*rx_hash = t->p.hash;
	return DOCA_SUCCESS;
}

DOCA_EXPERIMENTAL doca_error_t doca_eth_rxq_task_recv_get_timestamp(
        const struct doca_eth_rxq_task_recv *task_recv, uint64_t *timestamp)
{
	const struct doca_eth_rxq_task_recv *t;

	if (SDPA_NULL_ARGS("pass a result pointer", timestamp) ||
	    (t = task_of(task_recv, __func__)) == NULL)
		return DOCA_ERROR_INVALID_VALUE;
	if (!t->q->timestamp)
		return not_enabled(__func__, "timestamps", "doca_eth_rxq_set_timestamp");
	*timestamp = t->p.ts;
	return DOCA_SUCCESS;
}

DOCA_EXPERIMENTAL struct doca_task *
doca_eth_rxq_task_recv_as_doca_task(struct doca_eth_rxq_task_recv *task_recv)
{
	if (task_of(task_recv, __func__) == NULL)
		return NULL;
	return sdpa_task_of(NULL, task_recv);
}
