/* SPDX-License-Identifier: BSD-3-Clause
 * doca_eth_rxq on an emulated device (src/eth/rxq.c, docs/ETH.md): lifecycle and errors,
 * then frames steered by a DOCA Flow RSS forward to the queue's DOCA Flow queue id,
 * received through a doca_pe as managed receive events and event batches, in strides of
 * the queue's packet buffer that come back when the application frees them.
 */
#include <arpa/inet.h>
#include <stdlib.h>
#include <string.h>

#include <doca_buf.h>
#include <doca_ctx.h>
#include <doca_dev.h>
#include <doca_eth_rxq.h>
#include <doca_eth_rxq_cpu_data_path.h>
#include <doca_mmap.h>
#include <doca_pe.h>

#include "flow_t.h"

static uint8_t in[SOFTDPA_FRAME_MAX];

/* What the handlers saw. */
static struct {
	unsigned int batches, events, pkts, errors;
	uint16_t last_n;
	union doca_data ud;
	struct doca_buf **held[8]; /* pkt_arrays not given back yet */
	unsigned int nheld;
	bool keep; /* keep the arrays (else freed in the handler) */
	uint8_t data[8][128];
	size_t len[8];
	uint8_t l3[8], l4[8];
	uint32_t hash[8], meta[8];
	void *first_addr;
} seen;

struct env {
	struct doca_dev *dev;
	struct doca_pe *pe;
	struct doca_mmap *mmap;
	uint8_t *mem;
	size_t mem_len;
};

static void batch_ok(struct doca_eth_rxq_event_batch_managed_recv *ev, uint16_t n,
                     union doca_data ud, doca_error_t status, struct doca_buf **pkts)
{
	const uint8_t *l3 = NULL, *l4 = NULL;
	const uint32_t *hash = NULL, *meta = NULL;

	assert_int_equal(status, DOCA_SUCCESS);
	assert_non_null(doca_eth_rxq_event_batch_managed_recv_get_ctx(ev));
	assert_int_equal(doca_eth_rxq_event_batch_managed_recv_get_l3_ok_array(ev, &l3),
	                 DOCA_SUCCESS);
	assert_int_equal(doca_eth_rxq_event_batch_managed_recv_get_l4_ok_array(ev, &l4),
	                 DOCA_SUCCESS);
	if (doca_eth_rxq_event_batch_managed_recv_get_rx_hash_array(ev, &hash) != DOCA_SUCCESS)
		hash = NULL;
	if (doca_eth_rxq_event_batch_managed_recv_get_metadata_array(ev, &meta) != DOCA_SUCCESS)
		meta = NULL;
	seen.batches++;
	seen.last_n = n;
	seen.ud = ud;
	for (uint16_t i = 0; i < n; i++) {
		void *data = NULL;
		size_t len = 0;
		unsigned int k = seen.pkts++ % 8;

		assert_int_equal(doca_buf_get_data(pkts[i], &data), DOCA_SUCCESS);
		assert_int_equal(doca_buf_get_data_len(pkts[i], &len), DOCA_SUCCESS);
		if (seen.first_addr == NULL)
			seen.first_addr = data;
		memcpy(seen.data[k], data, len < 128 ? len : 128);
		seen.len[k] = len;
		seen.l3[k] = l3[i];
		seen.l4[k] = l4[i];
		seen.hash[k] = hash ? hash[i] : 0xdead;
		seen.meta[k] = meta ? meta[i] : 0xdead;
	}
	if (seen.keep && seen.nheld < 8)
		seen.held[seen.nheld++] = pkts;
	else
		doca_eth_rxq_event_batch_managed_recv_pkt_array_free(pkts);
}

static void batch_err(struct doca_eth_rxq_event_batch_managed_recv *ev, uint16_t n,
                      union doca_data ud, doca_error_t status, struct doca_buf **pkts)
{
	(void)ev;
	(void)n;
	(void)ud;
	(void)status;
	(void)pkts;
	seen.errors++;
}

static void one_ok(struct doca_eth_rxq_event_managed_recv *ev, struct doca_buf *pkt,
                   union doca_data ud)
{
	uint8_t l3 = 9;
	size_t len = 0;
	uint64_t ts = 0;

	assert_int_equal(doca_eth_rxq_event_managed_recv_get_status(ev), DOCA_SUCCESS);
	assert_int_equal(doca_eth_rxq_event_managed_recv_get_l3_ok(ev, &l3), DOCA_SUCCESS);
	assert_int_equal(l3, 1);
	/* timestamps were not asked for */
	assert_int_equal(doca_eth_rxq_event_managed_recv_get_timestamp(ev, &ts),
	                 DOCA_ERROR_BAD_STATE);
	assert_int_equal(doca_buf_get_data_len(pkt, &len), DOCA_SUCCESS);
	seen.len[seen.events % 8] = len;
	seen.events++;
	seen.ud = ud;
	assert_int_equal(doca_buf_dec_refcount(pkt, NULL), DOCA_SUCCESS);
}

static void one_err(struct doca_eth_rxq_event_managed_recv *ev, struct doca_buf *pkt,
                    union doca_data ud)
{
	(void)ev;
	(void)pkt;
	(void)ud;
	seen.errors++;
}

/* DOCA Flow in vnf (or switch) mode with port 0 on the first device (a mem wire). */
static void env_open_mode(struct env *e, size_t mem_len, bool sw)
{
	struct doca_devinfo **list;
	uint32_t n = 0;
	struct doca_flow_cfg *cfg;
	struct doca_flow_port_cfg *pc;

	memset(&seen, 0, sizeof(seen));
	memset(e, 0, sizeof(*e));
	setenv("SOFTDPA_NIC_WORKERS", "0", 1);
	assert_int_equal(doca_devinfo_create_list(&list, &n), DOCA_SUCCESS);
	assert_true(n >= 1);
	assert_int_equal(doca_dev_open(list[0], &e->dev), DOCA_SUCCESS);
	assert_int_equal(doca_devinfo_destroy_list(list), DOCA_SUCCESS);
	assert_int_equal(doca_pe_create(&e->pe), DOCA_SUCCESS);
	e->mem_len = mem_len;
	e->mem = calloc(1, mem_len);
	assert_non_null(e->mem);
	assert_int_equal(doca_mmap_create(&e->mmap), DOCA_SUCCESS);
	assert_int_equal(doca_mmap_set_memrange(e->mmap, e->mem, mem_len), DOCA_SUCCESS);
	assert_int_equal(doca_mmap_add_dev(e->mmap, e->dev), DOCA_SUCCESS);
	assert_int_equal(doca_mmap_start(e->mmap), DOCA_SUCCESS);

	assert_int_equal(doca_flow_cfg_create(&cfg), DOCA_SUCCESS);
	assert_int_equal(doca_flow_cfg_set_mode_args(cfg, sw ? "switch,hws" : "vnf,hws"),
	                 DOCA_SUCCESS);
	assert_int_equal(doca_flow_init(cfg), DOCA_SUCCESS);
	doca_flow_cfg_destroy(cfg);
	memset(ft_ports, 0, sizeof(ft_ports));
	assert_int_equal(doca_flow_port_cfg_create(&pc), DOCA_SUCCESS);
	assert_int_equal(doca_flow_port_cfg_set_port_id(pc, 0), DOCA_SUCCESS);
	assert_int_equal(doca_flow_port_cfg_set_dev(pc, e->dev), DOCA_SUCCESS);
	assert_int_equal(doca_flow_port_start(pc, &ft_ports[0]), DOCA_SUCCESS);
	doca_flow_port_cfg_destroy(pc);
}

static void env_open(struct env *e, size_t mem_len)
{
	env_open_mode(e, mem_len, false);
}

/* After ft_fini. */
static void env_release(struct env *e)
{
	assert_int_equal(doca_pe_destroy(e->pe), DOCA_SUCCESS);
	assert_int_equal(doca_mmap_destroy(e->mmap), DOCA_SUCCESS);
	free(e->mem);
	assert_int_equal(doca_dev_close(e->dev), DOCA_SUCCESS);
}

static void env_close(struct env *e)
{
	ft_fini();
	env_release(e);
}

/* A root pipe of port 0: UDP/IPv4 to the given DOCA Flow queues, RSS over the addresses. */
static void rss_pipe(const uint16_t *queues, uint32_t nq)
{
	struct doca_flow_pipe_cfg *pc;
	struct doca_flow_match m;
	struct doca_flow_fwd fwd, miss = {.type = DOCA_FLOW_FWD_DROP};
	struct doca_flow_pipe *p;

	memset(&m, 0, sizeof(m));
	memset(&fwd, 0, sizeof(fwd));
	m.parser_meta.outer_l3_type = DOCA_FLOW_L3_META_IPV4;
	fwd.type = DOCA_FLOW_FWD_RSS;
	fwd.rss_type = DOCA_FLOW_RESOURCE_TYPE_NON_SHARED;
	fwd.rss.queues_array = (uint16_t *)queues;
	fwd.rss.nr_queues = nq;
	fwd.rss.outer_flags = DOCA_FLOW_RSS_IPV4;
	assert_int_equal(doca_flow_pipe_cfg_create(&pc, ft_ports[0]), DOCA_SUCCESS);
	assert_int_equal(doca_flow_pipe_cfg_set_name(pc, "RXQ_RSS"), DOCA_SUCCESS);
	assert_int_equal(doca_flow_pipe_cfg_set_type(pc, DOCA_FLOW_PIPE_BASIC), DOCA_SUCCESS);
	assert_int_equal(doca_flow_pipe_cfg_set_is_root(pc, true), DOCA_SUCCESS);
	assert_int_equal(doca_flow_pipe_cfg_set_match(pc, &m, NULL), DOCA_SUCCESS);
	assert_int_equal(doca_flow_pipe_create(pc, &fwd, &miss, &p), DOCA_SUCCESS);
	doca_flow_pipe_cfg_destroy(pc);
	memset(&m, 0, sizeof(m));
	assert_int_equal(doca_flow_pipe_basic_add_entry(0, p, &m, 0, NULL, NULL, NULL,
	                                                DOCA_FLOW_ENTRY_FLAGS_NO_WAIT, NULL, NULL),
	                 DOCA_SUCCESS);
}

/* A managed-mempool queue over [0, len) of the env's mmap, batches max..min. */
static struct doca_eth_rxq *make_rxq(struct env *e, uint32_t len,
                                     enum doca_event_batch_events_number mx,
                                     enum doca_event_batch_events_number mn, bool batch)
{
	struct doca_eth_rxq *q = NULL;
	union doca_data ud = {.u64 = 77};

	assert_int_equal(doca_eth_rxq_create(e->dev, 32, 1600, &q), DOCA_SUCCESS);
	assert_int_equal(doca_eth_rxq_set_type(q, DOCA_ETH_RXQ_TYPE_MANAGED_MEMPOOL), DOCA_SUCCESS);
	assert_int_equal(doca_eth_rxq_set_pkt_buf(q, e->mmap, 0, len), DOCA_SUCCESS);
	if (batch)
		assert_int_equal(doca_eth_rxq_event_batch_managed_recv_register(
		                         q, mx, mn, ud, batch_ok, batch_err),
		                 DOCA_SUCCESS);
	else
		assert_int_equal(doca_eth_rxq_event_managed_recv_register(q, ud, one_ok, one_err),
		                 DOCA_SUCCESS);
	assert_int_equal(doca_pe_connect_ctx(e->pe, doca_eth_rxq_as_doca_ctx(q)), DOCA_SUCCESS);
	return q;
}

static void drop_rxq(struct doca_eth_rxq *q)
{
	assert_int_equal(doca_ctx_stop(doca_eth_rxq_as_doca_ctx(q)), DOCA_SUCCESS);
	assert_int_equal(doca_eth_rxq_destroy(q), DOCA_SUCCESS);
}

static void progress_all(struct doca_pe *pe)
{
	while (doca_pe_progress(pe))
		;
}

/* ---------------------------------------------------------------- lifecycle and errors */

static void test_lifecycle(void **state)
{
	struct env e;
	struct doca_eth_rxq *q = NULL, *q2 = NULL;
	struct doca_ctx *ctx;
	uint16_t id = 0;
	uint32_t v = 0;
	union doca_data ud = {.u64 = 1};

	(void)state;
	env_open(&e, 64 * 1024);
	/* arguments */
	t_log_reset();
	assert_int_equal(doca_eth_rxq_create(NULL, 32, 1500, &q), DOCA_ERROR_INVALID_VALUE);
	t_assert_logged("doca_eth_rxq_create", "dev is NULL");
	assert_int_equal(doca_eth_rxq_create(e.dev, 0, 1500, &q), DOCA_ERROR_INVALID_VALUE);
	t_assert_logged("max_burst_size is 0");
	assert_int_equal(doca_eth_rxq_create(e.dev, 32, 20000, &q), DOCA_ERROR_INVALID_VALUE);
	t_assert_logged("max_packet_size is 0 or above");
	assert_int_equal(doca_eth_rxq_cap_get_max_burst_size(doca_dev_as_devinfo(e.dev), &v),
	                 DOCA_SUCCESS);
	assert_int_equal(v, 8192);
	assert_int_equal(doca_eth_rxq_cap_get_max_packet_size(doca_dev_as_devinfo(e.dev), &v),
	                 DOCA_SUCCESS);
	assert_int_equal(v, SOFTDPA_FRAME_MAX);
	assert_int_equal(doca_eth_rxq_cap_is_type_supported(doca_dev_as_devinfo(e.dev),
	                                                    DOCA_ETH_RXQ_TYPE_MANAGED_MEMPOOL,
	                                                    DOCA_ETH_RXQ_DATA_PATH_TYPE_CPU),
	                 DOCA_SUCCESS);
	assert_int_equal(doca_eth_rxq_cap_is_type_supported(doca_dev_as_devinfo(e.dev),
	                                                    DOCA_ETH_RXQ_TYPE_REGULAR,
	                                                    DOCA_ETH_RXQ_DATA_PATH_TYPE_CPU),
	                 DOCA_SUCCESS);
	assert_int_equal(doca_eth_rxq_cap_is_type_supported(doca_dev_as_devinfo(e.dev),
	                                                    DOCA_ETH_RXQ_TYPE_CYCLIC,
	                                                    DOCA_ETH_RXQ_DATA_PATH_TYPE_CPU),
	                 DOCA_ERROR_NOT_SUPPORTED);

	assert_int_equal(doca_eth_rxq_create(e.dev, 32, 1600, &q), DOCA_SUCCESS);
	ctx = doca_eth_rxq_as_doca_ctx(q);
	assert_non_null(ctx);
	assert_int_equal(doca_eth_rxq_set_type(q, (enum doca_eth_rxq_type)9),
	                 DOCA_ERROR_INVALID_VALUE);
	assert_int_equal(doca_eth_rxq_set_metadata_num(q, 2), DOCA_ERROR_INVALID_VALUE);
	assert_int_equal(doca_eth_rxq_set_pkt_buf(q, e.mmap, 0, (uint32_t)e.mem_len + 1),
	                 DOCA_ERROR_INVALID_VALUE);
	t_assert_logged("outside the mmap");
	assert_int_equal(doca_eth_rxq_event_batch_managed_recv_register(
	                         q, DOCA_EVENT_BATCH_EVENTS_NUMBER_1,
	                         DOCA_EVENT_BATCH_EVENTS_NUMBER_16, ud, batch_ok, batch_err),
	                 DOCA_ERROR_INVALID_VALUE);
	t_assert_logged("min is above max");
	/* the id exists from start on */
	assert_int_equal(doca_eth_rxq_get_flow_queue_id(q, &id), DOCA_ERROR_BAD_STATE);
	assert_int_equal(doca_eth_rxq_apply_queue_id(q, 0), DOCA_ERROR_BAD_STATE);
	/* default type (cyclic) is a GPU data path: refused at start, with the refusal line */
	assert_int_equal(doca_pe_connect_ctx(e.pe, ctx), DOCA_SUCCESS);
	assert_int_equal(doca_pe_connect_ctx(e.pe, ctx), DOCA_ERROR_BAD_STATE);
	t_assert_logged("already connected");
	t_log_reset();
	assert_int_equal(doca_ctx_start(ctx), DOCA_ERROR_NOT_SUPPORTED);
	t_assert_logged("cyclic doca_eth_rxq", "is not supported by softdpa");
	/* a regular queue receives with tasks */
	assert_int_equal(doca_eth_rxq_set_type(q, DOCA_ETH_RXQ_TYPE_REGULAR), DOCA_SUCCESS);
	assert_int_equal(doca_ctx_start(ctx), DOCA_ERROR_BAD_STATE);
	t_assert_logged("doca_eth_rxq_task_recv_set_conf first");
	/* managed mempool without a buffer */
	assert_int_equal(doca_eth_rxq_set_type(q, DOCA_ETH_RXQ_TYPE_MANAGED_MEMPOOL), DOCA_SUCCESS);
	assert_int_equal(doca_ctx_start(ctx), DOCA_ERROR_BAD_STATE);
	t_assert_logged("no packet buffer");
	assert_int_equal(doca_eth_rxq_set_pkt_buf(q, e.mmap, 0, 1000), DOCA_SUCCESS);
	assert_int_equal(doca_ctx_start(ctx), DOCA_ERROR_INVALID_VALUE);
	t_assert_logged("holds no 1600-byte packet");
	assert_int_equal(doca_eth_rxq_set_pkt_buf(q, e.mmap, 0, 32 * 1024), DOCA_SUCCESS);
	assert_int_equal(doca_ctx_start(ctx), DOCA_SUCCESS);
	/* running: configuration refused, the id is the highest free one */
	assert_int_equal(doca_eth_rxq_set_max_burst_size(q, 64), DOCA_ERROR_BAD_STATE);
	t_assert_logged("call it before doca_ctx_start");
	assert_int_equal(doca_eth_rxq_get_flow_queue_id(q, &id), DOCA_SUCCESS);
	assert_int_equal(id, 63);
	assert_int_equal(doca_eth_rxq_apply_queue_id(q, 64), DOCA_ERROR_INVALID_VALUE);
	assert_int_equal(doca_eth_rxq_apply_queue_id(q, 5), DOCA_SUCCESS);
	assert_int_equal(doca_eth_rxq_get_flow_queue_id(q, &id), DOCA_SUCCESS);
	assert_int_equal(id, 5);
	/* a second queue of the device: the next free id; the bound one is refused */
	assert_int_equal(doca_eth_rxq_create(e.dev, 32, 1600, &q2), DOCA_SUCCESS);
	assert_int_equal(doca_eth_rxq_set_type(q2, DOCA_ETH_RXQ_TYPE_MANAGED_MEMPOOL),
	                 DOCA_SUCCESS);
	assert_int_equal(doca_eth_rxq_set_pkt_buf(q2, e.mmap, 32 * 1024, 32 * 1024), DOCA_SUCCESS);
	assert_int_equal(doca_ctx_start(doca_eth_rxq_as_doca_ctx(q2)), DOCA_ERROR_BAD_STATE);
	t_assert_logged("not connected to a progress engine");
	assert_int_equal(doca_pe_connect_ctx(e.pe, doca_eth_rxq_as_doca_ctx(q2)), DOCA_SUCCESS);
	assert_int_equal(doca_ctx_start(doca_eth_rxq_as_doca_ctx(q2)), DOCA_SUCCESS);
	assert_int_equal(doca_eth_rxq_get_flow_queue_id(q2, &id), DOCA_SUCCESS);
	assert_int_equal(id, 63);
	assert_int_equal(doca_eth_rxq_apply_queue_id(q2, 5), DOCA_ERROR_IN_USE);
	t_assert_logged("bound to another running queue");
	/* destroy needs an idle context; the engine needs its contexts gone */
	assert_int_equal(doca_eth_rxq_destroy(q), DOCA_ERROR_BAD_STATE);
	assert_int_equal(doca_pe_destroy(e.pe), DOCA_ERROR_IN_USE);
	t_assert_logged("still connected");
	drop_rxq(q2);
	drop_rxq(q);
	assert_int_equal(doca_eth_rxq_destroy(q), DOCA_ERROR_INVALID_VALUE);
	t_assert_logged("not a live queue");
	env_close(&e);
}

/* ---------------------------------------------------------------- the data path */

/* RSS to the queue's applied id: batches, strides in the buffer, attributes. */
static void test_batches(void **state)
{
	struct env e;
	struct doca_eth_rxq *q;
	const uint16_t queues[1] = {3};
	uint32_t len;

	(void)state;
	env_open(&e, 64 * 1024);
	q = make_rxq(&e, 64 * 1024, DOCA_EVENT_BATCH_EVENTS_NUMBER_4,
	             DOCA_EVENT_BATCH_EVENTS_NUMBER_1, true);
	assert_int_equal(doca_eth_rxq_set_rx_hash(q, 1), DOCA_SUCCESS);
	assert_int_equal(doca_eth_rxq_set_metadata_num(q, 1), DOCA_SUCCESS);
	assert_int_equal(doca_ctx_start(doca_eth_rxq_as_doca_ctx(q)), DOCA_SUCCESS);
	assert_int_equal(doca_eth_rxq_apply_queue_id(q, 3), DOCA_SUCCESS);
	rss_pipe(queues, 1);
	/* nothing yet */
	assert_int_equal(doca_pe_progress(e.pe), 0);
	for (uint32_t i = 0; i < 6; i++) {
		len = ft_udp4(in, 0x01020300 + i, 0x08080808, 1000, 2000);
		ft_inject(0, in, len);
	}
	/* six frames, batches of at most 4: 4 then 2, one batch per progress call */
	assert_int_equal(doca_pe_progress(e.pe), 1);
	assert_int_equal(seen.batches, 1);
	assert_int_equal(seen.last_n, 4);
	assert_int_equal(seen.ud.u64, 77);
	assert_int_equal(doca_pe_progress(e.pe), 1);
	assert_int_equal(seen.last_n, 2);
	assert_int_equal(doca_pe_progress(e.pe), 0);
	assert_int_equal(seen.pkts, 6);
	/* the bytes, inside the queue's memory; checks and hash reported */
	assert_true((uint8_t *)seen.first_addr >= e.mem &&
	            (uint8_t *)seen.first_addr < e.mem + e.mem_len);
	for (uint32_t i = 0; i < 6; i++) {
		len = ft_udp4(in, 0x01020300 + i, 0x08080808, 1000, 2000);
		assert_int_equal(seen.len[i], len);
		assert_memory_equal(seen.data[i], in, len);
		assert_int_equal(seen.l3[i], 1);
		assert_int_equal(seen.l4[i], 1);
		assert_int_not_equal(seen.hash[i], 0xdead);
		assert_int_equal(seen.meta[i], 0);
	}
	assert_int_not_equal(seen.hash[0], seen.hash[1]); /* the hash covers the addresses */
	/* a bad IPv4 checksum: l3_ok 0 */
	len = ft_udp4(in, 0x01020304, 0x08080808, 1000, 2000);
	in[24] ^= 0xff;
	ft_inject(0, in, len);
	progress_all(e.pe);
	assert_int_equal(seen.l3[6], 0);
	assert_int_equal(seen.l4[6], 0);
	drop_rxq(q);
	env_close(&e);
}

/* A buffer of two strides: the third frame waits until the application gives one back;
 * batch min holds back a batch until enough frames came. */
static void test_mempool_backpressure(void **state)
{
	struct env e;
	struct doca_eth_rxq *q;
	uint16_t id = 0;
	uint32_t len;

	(void)state;
	env_open(&e, 64 * 1024);
	q = make_rxq(&e, 2 * 1600, DOCA_EVENT_BATCH_EVENTS_NUMBER_8,
	             DOCA_EVENT_BATCH_EVENTS_NUMBER_1, true);
	assert_int_equal(doca_ctx_start(doca_eth_rxq_as_doca_ctx(q)), DOCA_SUCCESS);
	/* the id doca_eth_rxq_get_flow_queue_id gives, used as is in the forward */
	assert_int_equal(doca_eth_rxq_get_flow_queue_id(q, &id), DOCA_SUCCESS);
	rss_pipe(&id, 1);
	seen.keep = true;
	for (uint32_t i = 0; i < 3; i++) {
		len = ft_udp4(in, 0x01020300 + i, 0x08080808, 1, 2);
		ft_inject(0, in, len);
	}
	progress_all(e.pe);
	assert_int_equal(seen.pkts, 2);
	assert_int_equal(seen.nheld, 1);
	/* destroy refuses while packets are held */
	assert_int_equal(doca_ctx_stop(doca_eth_rxq_as_doca_ctx(q)), DOCA_SUCCESS);
	assert_int_equal(doca_eth_rxq_destroy(q), DOCA_ERROR_IN_USE);
	t_assert_logged("still holds packets");
	assert_int_equal(doca_ctx_start(doca_eth_rxq_as_doca_ctx(q)), DOCA_ERROR_IN_USE);
	doca_eth_rxq_event_batch_managed_recv_pkt_array_free(seen.held[0]);
	seen.nheld = 0;
	t_log_reset();
	doca_eth_rxq_event_batch_managed_recv_pkt_array_free(seen.held[0]);
	t_assert_logged("not a packet array of a live queue");
	assert_int_equal(doca_eth_rxq_destroy(q), DOCA_SUCCESS);
	env_close(&e);

	/* again, running: after the free the third frame arrives */
	env_open(&e, 64 * 1024);
	q = make_rxq(&e, 2 * 1600, DOCA_EVENT_BATCH_EVENTS_NUMBER_8,
	             DOCA_EVENT_BATCH_EVENTS_NUMBER_1, true);
	assert_int_equal(doca_ctx_start(doca_eth_rxq_as_doca_ctx(q)), DOCA_SUCCESS);
	assert_int_equal(doca_eth_rxq_get_flow_queue_id(q, &id), DOCA_SUCCESS);
	rss_pipe(&id, 1);
	seen.keep = true;
	for (uint32_t i = 0; i < 3; i++) {
		len = ft_udp4(in, 0x01020300 + i, 0x08080808, 1, 2);
		ft_inject(0, in, len);
	}
	progress_all(e.pe);
	assert_int_equal(seen.pkts, 2);
	seen.keep = false;
	doca_eth_rxq_event_batch_managed_recv_pkt_array_free(seen.held[0]);
	progress_all(e.pe);
	assert_int_equal(seen.pkts, 3);
	assert_int_equal(seen.batches, 2);
	drop_rxq(q);
	env_close(&e);
}

/* Batch min: fewer frames than the minimum wait for more. */
static void test_batch_min(void **state)
{
	struct env e;
	struct doca_eth_rxq *q;
	const uint16_t queues[1] = {0};
	uint32_t len;

	(void)state;
	env_open(&e, 64 * 1024);
	q = make_rxq(&e, 64 * 1024, DOCA_EVENT_BATCH_EVENTS_NUMBER_8,
	             DOCA_EVENT_BATCH_EVENTS_NUMBER_4, true);
	assert_int_equal(doca_ctx_start(doca_eth_rxq_as_doca_ctx(q)), DOCA_SUCCESS);
	assert_int_equal(doca_eth_rxq_apply_queue_id(q, 0), DOCA_SUCCESS);
	rss_pipe(queues, 1);
	for (uint32_t i = 0; i < 3; i++) {
		len = ft_udp4(in, 0x01020300 + i, 0x08080808, 1, 2);
		ft_inject(0, in, len);
	}
	assert_int_equal(doca_pe_progress(e.pe), 0);
	assert_int_equal(seen.batches, 0);
	ft_inject(0, in, len);
	assert_int_equal(doca_pe_progress(e.pe), 1);
	assert_int_equal(seen.batches, 1);
	assert_int_equal(seen.last_n, 4);
	drop_rxq(q);
	env_close(&e);
}

/* Single managed receive events: one packet per event; frames RSS spreads over two queues
 * each reach their own queue. */
static void test_single_events(void **state)
{
	struct env e;
	struct doca_eth_rxq *q;
	const uint16_t queues[1] = {2};
	uint32_t len = 0;

	(void)state;
	env_open(&e, 64 * 1024);
	q = make_rxq(&e, 64 * 1024, 0, 0, false);
	assert_int_equal(doca_eth_rxq_event_batch_managed_recv_register(
	                         q, DOCA_EVENT_BATCH_EVENTS_NUMBER_4,
	                         DOCA_EVENT_BATCH_EVENTS_NUMBER_1, seen.ud, batch_ok, batch_err),
	                 DOCA_ERROR_BAD_STATE);
	t_assert_logged("register one kind of receive event");
	assert_int_equal(doca_ctx_start(doca_eth_rxq_as_doca_ctx(q)), DOCA_SUCCESS);
	assert_int_equal(doca_eth_rxq_apply_queue_id(q, 2), DOCA_SUCCESS);
	rss_pipe(queues, 1);
	for (uint32_t i = 0; i < 3; i++) {
		len = ft_udp4(in, 0x01020300 + i, 0x08080808, 1, 2);
		ft_inject(0, in, len);
	}
	progress_all(e.pe);
	assert_int_equal(seen.events, 3);
	assert_int_equal(seen.len[2], len);
	assert_int_equal(seen.ud.u64, 77);
	/* a stopped queue receives nothing; what arrives meanwhile waits in the port's queue */
	assert_int_equal(doca_ctx_stop(doca_eth_rxq_as_doca_ctx(q)), DOCA_SUCCESS);
	ft_inject(0, in, len);
	assert_int_equal(doca_pe_progress(e.pe), 0);
	assert_int_equal(seen.events, 3);
	assert_int_equal(doca_eth_rxq_destroy(q), DOCA_SUCCESS);
	env_close(&e);
}

/* Switch mode (NVIDIA's flow_switch_rss): an RSS of the switch's pipes lands on the switch
 * manager's (the PF's) queues whatever port the frame came in on, so a queue of the PF's
 * device receives what a representor's traffic was steered to. */
static void test_switch_rss(void **state)
{
	struct env e;
	struct doca_eth_rxq *q;
	struct doca_devinfo_rep **reps;
	struct doca_dev_rep *rep[2];
	uint32_t nrep = 0, len = 0;
	const uint16_t queues[1] = {4};

	(void)state;
	env_open_mode(&e, 64 * 1024, true);
	assert_int_equal(
	        doca_devinfo_rep_create_list(e.dev, DOCA_DEVINFO_REP_FILTER_NET, &reps, &nrep),
	        DOCA_SUCCESS);
	assert_true(nrep >= 2);
	for (uint16_t i = 0; i < 2; i++) {
		struct doca_flow_port_cfg *pc;

		assert_int_equal(doca_dev_rep_open(reps[i], &rep[i]), DOCA_SUCCESS);
		assert_int_equal(doca_flow_port_cfg_create(&pc), DOCA_SUCCESS);
		assert_int_equal(doca_flow_port_cfg_set_port_id(pc, (uint16_t)(i + 1)),
		                 DOCA_SUCCESS);
		assert_int_equal(doca_flow_port_cfg_set_dev_rep(pc, rep[i]), DOCA_SUCCESS);
		assert_int_equal(doca_flow_port_start(pc, &ft_ports[i + 1]), DOCA_SUCCESS);
		doca_flow_port_cfg_destroy(pc);
	}
	assert_int_equal(doca_devinfo_rep_destroy_list(reps), DOCA_SUCCESS);
	q = make_rxq(&e, 64 * 1024, DOCA_EVENT_BATCH_EVENTS_NUMBER_16,
	             DOCA_EVENT_BATCH_EVENTS_NUMBER_1, true);
	assert_int_equal(doca_ctx_start(doca_eth_rxq_as_doca_ctx(q)), DOCA_SUCCESS);
	assert_int_equal(doca_eth_rxq_apply_queue_id(q, 4), DOCA_SUCCESS);
	rss_pipe(queues, 1);
	for (uint16_t p = 0; p < 3; p++) {
		len = ft_udp4(in, 0x01020300 + p, 0x08080808, 1, 2);
		ft_inject(p, in, len);
	}
	progress_all(e.pe);
	assert_int_equal(seen.pkts, 3);
	assert_int_equal(seen.len[2], len);
	drop_rxq(q);
	ft_fini();
	for (int i = 0; i < 2; i++)
		assert_int_equal(doca_dev_rep_close(rep[i]), DOCA_SUCCESS);
	env_release(&e);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	        FT_TEST(test_lifecycle),
	        FT_TEST(test_batches),
	        FT_TEST(test_mempool_backpressure),
	        FT_TEST(test_batch_min),
	        FT_TEST(test_single_events),
	        FT_TEST(test_switch_rss),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
