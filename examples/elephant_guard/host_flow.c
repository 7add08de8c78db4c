/* SPDX-License-Identifier: BSD-3-Clause
 * Elephant-flow guard, DOCA Flow part. Every IPv4 TCP/UDP frame arriving on port 0 (the
 * PF) crosses three pipes:
 *
 *   ROOT   hash pipe, algorithm HASH over the 5-tuple, one entry per bucket b: writes
 *          meta.pkt_meta = 2b (the bucket's fast-lane index) and meta.u32[0] = 1 (the
 *          increment), forwards to COUNT entry b
 *   COUNT  ordered-list pipe, entry b: array ADD of meta.u32[0] into counter slot b,
 *          then on to LANES
 *   LANES  hash pipe, IDENTITY | SELECT_ENABLED on meta.pkt_meta, two entries per
 *          bucket: 2b -> port 1 (fast lane), 2b+1 -> port 2 (bulk lane)
 *
 * While entry 2b is enabled, IDENTITY picks it; once the DPA disables it, SELECT_ENABLED
 * moves the bucket to the next enabled entry, its own bulk lane 2b+1. COUNT sits before
 * LANES, so a bucket is still counted while it is disabled.
 */
#include <arpa/inet.h>
#include <string.h>

#include <doca_log.h>

#include "guard.h"

DOCA_LOG_REGISTER(GUARD_FLOW);

#define CHECK(call)                                                                                \
	do {                                                                                       \
		doca_error_t rc_ = (call);                                                         \
		if (rc_ != DOCA_SUCCESS) {                                                         \
			DOCA_LOG_ERR("%s failed: %s", #call, doca_error_get_descr(rc_));           \
			return rc_;                                                                \
		}                                                                                  \
	} while (0)

doca_error_t guard_flow_init(struct guard_flow *f, struct doca_dev *dev,
                             struct doca_dev_rep *rep[2])
{
	struct doca_flow_cfg *cfg;
	doca_error_t rc;

	memset(f, 0, sizeof(*f));
	/* External action types are registered before doca_flow_init. */
	CHECK(doca_flow_external_action_array_register(&f->arr_type));
	CHECK(doca_flow_cfg_create(&cfg));
	rc = doca_flow_cfg_set_mode_args(cfg, "switch,hws");
	if (rc == DOCA_SUCCESS)
		rc = doca_flow_cfg_set_queue_depth(cfg, 256);
	if (rc == DOCA_SUCCESS)
		rc = doca_flow_init(cfg);
	doca_flow_cfg_destroy(cfg);
	if (rc != DOCA_SUCCESS) {
		DOCA_LOG_ERR("doca_flow_init failed: %s", doca_error_get_descr(rc));
		return rc;
	}
	for (uint16_t i = 0; i < 3; i++) {
		struct doca_flow_port_cfg *pc;

		CHECK(doca_flow_port_cfg_create(&pc));
		rc = doca_flow_port_cfg_set_port_id(pc, i);
		if (rc == DOCA_SUCCESS)
			rc = i == 0 ? doca_flow_port_cfg_set_dev(pc, dev)
			            : doca_flow_port_cfg_set_dev_rep(pc, rep[i - 1]);
		if (rc == DOCA_SUCCESS)
			rc = doca_flow_port_start(pc, &f->port[i]);
		doca_flow_port_cfg_destroy(pc);
		if (rc != DOCA_SUCCESS) {
			DOCA_LOG_ERR("port %u did not start: %s", i, doca_error_get_descr(rc));
			return rc;
		}
	}
	return DOCA_SUCCESS;
}

static doca_error_t process(struct guard_flow *f)
{
	return doca_flow_entries_process(f->port[0], 0, 0, 0);
}

/* The 5-tuple ROOT hashes. TRANSPORT covers TCP and UDP ports alike. */
static void five_tuple_mask(struct doca_flow_match *m)
{
	memset(m, 0, sizeof(*m));
	m->outer.l3_type = DOCA_FLOW_L3_TYPE_IP4;
	m->outer.ip4.src_ip = 0xffffffff;
	m->outer.ip4.dst_ip = 0xffffffff;
	m->outer.l4_type_ext = DOCA_FLOW_L4_TYPE_EXT_TRANSPORT;
	m->outer.transport.src_port = 0xffff;
	m->outer.transport.dst_port = 0xffff;
}

static doca_error_t create_pipe(struct doca_flow_pipe_cfg *pc, const char *name,
                                const struct doca_flow_fwd *fwd, struct doca_flow_pipe **pipe)
{
	doca_error_t rc = doca_flow_pipe_create(pc, fwd, NULL, pipe);

	doca_flow_pipe_cfg_destroy(pc);
	if (rc != DOCA_SUCCESS)
		DOCA_LOG_ERR("pipe %s: doca_flow_pipe_create failed: %s", name,
		             doca_error_get_descr(rc));
	return rc;
}

/* LANES, exported to the DPA. export_prepare comes before its entries: entries added
 * earlier would not be visible to the DPA. */
static doca_error_t build_lanes(struct guard_flow *f)
{
	uint32_t nr = 2 * f->nr_buckets;
	struct doca_flow_pipe_cfg *pc;
	struct doca_flow_match mask;
	struct doca_flow_monitor mon;
	struct doca_flow_fwd fwd = {.type = DOCA_FLOW_FWD_PORT, .port_id = 0xffff};

	memset(&mask, 0, sizeof(mask));
	mask.meta.pkt_meta = 0xffffffff;
	memset(&mon, 0, sizeof(mon));
	mon.counter_type = DOCA_FLOW_RESOURCE_TYPE_NON_SHARED;
	CHECK(doca_flow_pipe_cfg_create(&pc, f->port[0]));
	CHECK(doca_flow_pipe_cfg_set_name(pc, "LANES"));
	CHECK(doca_flow_pipe_cfg_set_type(pc, DOCA_FLOW_PIPE_HASH));
	CHECK(doca_flow_pipe_cfg_set_nr_entries(pc, nr));
	CHECK(doca_flow_pipe_cfg_set_match(pc, NULL, &mask));
	CHECK(doca_flow_pipe_cfg_set_monitor(pc, &mon));
	CHECK(doca_flow_pipe_cfg_set_hash_map_algorithm(
	        pc, DOCA_FLOW_PIPE_HASH_MAP_ALGORITHM_IDENTITY |
	                    DOCA_FLOW_PIPE_HASH_MAP_ALGORITHM_SELECT_ENABLED));
	CHECK(create_pipe(pc, "LANES", &fwd, &f->lanes));
	if (!f->export_late)
		CHECK(doca_flow_dpa_pipe_export_prepare(f->ctx, f->lanes, nr, &f->dpa_lanes));
	for (uint32_t i = 0; i < nr; i++) {
		struct doca_flow_fwd efwd = {
		        .type = DOCA_FLOW_FWD_PORT,
		        .port_id = (uint16_t)(i % 2 == 0 ? GUARD_FAST_PORT : GUARD_BULK_PORT)};

		CHECK(doca_flow_pipe_hash_add_entry(0, f->lanes, i, 0, NULL, NULL, &efwd,
		                                    DOCA_FLOW_ENTRY_FLAGS_NO_WAIT, NULL,
		                                    &f->lane_entry[i]));
	}
	CHECK(process(f));
	if (f->export_late)
		CHECK(doca_flow_dpa_pipe_export_prepare(f->ctx, f->lanes, nr, &f->dpa_lanes));
	CHECK(doca_flow_dpa_pipe_export(f->ctx, f->dpa_lanes));
	CHECK(doca_flow_dpa_pipe_get_device_addr(f->ctx, f->dpa_lanes, &f->lanes_addr));
	return DOCA_SUCCESS;
}

/* COUNT: list b is one EXTERNAL_ACTIONS element, "ADD meta.u32[0] to slot b". The slot is
 * fixed per list: softdpa has no dynamic (metadata-chosen) index, so ROOT picks the list. */
static doca_error_t build_count(struct guard_flow *f)
{
	struct doca_flow_ordered_list *lp[GUARD_MAX_BUCKETS];
	struct doca_flow_pipe_cfg *pc;
	struct doca_flow_fwd fwd = {.type = DOCA_FLOW_FWD_PIPE, .next_pipe = f->lanes};

	for (uint32_t b = 0; b < f->nr_buckets; b++) {
		memset(&f->add[b], 0, sizeof(f->add[b]));
		f->add[b].operation = DOCA_FLOW_EXTERNAL_ACTION_ARRAY_OP_ADD;
		f->add[b].input_output.field_string = "meta.data";
		f->add[b].input_output.bit_offset = 32; /* meta.u32[0] */
		f->add[b].input_output.width = 32;
		f->add[b].index = b;
		f->ext[b] = (struct doca_flow_external_actions){f->arr_type, f->counters, 0,
		                                                &f->add[b]};
		memset(&f->el[b], 0, sizeof(f->el[b]));
		f->el[b].external.type = DOCA_FLOW_ORDERED_LIST_ELEMENT_EXTERNAL_ACTIONS;
		f->el[b].external.external_actions = &f->ext[b];
		f->list[b].idx = b;
		f->list[b].size = 1;
		f->list[b].elements = &f->el[b].element;
		lp[b] = &f->list[b];
	}
	CHECK(doca_flow_pipe_cfg_create(&pc, f->port[0]));
	CHECK(doca_flow_pipe_cfg_set_name(pc, "COUNT"));
	CHECK(doca_flow_pipe_cfg_set_type(pc, DOCA_FLOW_PIPE_ORDERED_LIST));
	CHECK(doca_flow_pipe_cfg_set_ordered_lists(pc, lp, f->nr_buckets));
	CHECK(create_pipe(pc, "COUNT", &fwd, &f->count));
	for (uint32_t b = 0; b < f->nr_buckets; b++) {
		struct doca_flow_pipe_entry *e;

		CHECK(doca_flow_pipe_ordered_list_add_entry(0, f->count, b, &f->list[b], NULL,
		                                            DOCA_FLOW_ENTRY_FLAGS_NO_WAIT, NULL,
		                                            &e));
	}
	return process(f);
}

static doca_error_t build_root(struct guard_flow *f)
{
	struct doca_flow_actions tmpl, *tmpls[1] = {&tmpl};
	struct doca_flow_pipe_cfg *pc;
	struct doca_flow_match mask;
	struct doca_flow_fwd fwd = {.type = DOCA_FLOW_FWD_CHANGEABLE};

	five_tuple_mask(&mask);
	memset(&tmpl, 0, sizeof(tmpl));
	tmpl.meta.pkt_meta = 0xffffffff; /* per entry */
	tmpl.meta.u32[0] = 0xffffffff;
	CHECK(doca_flow_pipe_cfg_create(&pc, f->port[0]));
	CHECK(doca_flow_pipe_cfg_set_name(pc, "ROOT"));
	CHECK(doca_flow_pipe_cfg_set_type(pc, DOCA_FLOW_PIPE_HASH));
	CHECK(doca_flow_pipe_cfg_set_is_root(pc, true));
	CHECK(doca_flow_pipe_cfg_set_nr_entries(pc, f->nr_buckets));
	CHECK(doca_flow_pipe_cfg_set_match(pc, NULL, &mask));
	CHECK(doca_flow_pipe_cfg_set_actions(pc, tmpls, NULL, NULL, 1));
	CHECK(create_pipe(pc, "ROOT", &fwd, &f->root));
	for (uint32_t b = 0; b < f->nr_buckets; b++) {
		struct doca_flow_pipe_entry *e;
		struct doca_flow_actions a;
		struct doca_flow_fwd efwd = {.type = DOCA_FLOW_FWD_ORDERED_LIST_PIPE};

		memset(&a, 0, sizeof(a));
		a.meta.pkt_meta = htonl(2 * b);
		a.meta.u32[0] = htonl(1);
		efwd.ordered_list_pipe.pipe = f->count;
		efwd.ordered_list_pipe.idx = b;
		CHECK(doca_flow_pipe_hash_add_entry(0, f->root, b, 0, &a, NULL, &efwd,
		                                    DOCA_FLOW_ENTRY_FLAGS_NO_WAIT, NULL, &e));
	}
	return process(f);
}

doca_error_t guard_flow_build(struct guard_flow *f, struct flexio_process *process_handle,
                              uint32_t nr_buckets)
{
	struct doca_flow_external_resource_array_cfg acfg = {
	        .size = nr_buckets,
	        .num_resources = 1,
	        .granularity = DOCA_FLOW_EXTERNAL_RESOURCE_GRANULARITY_64BIT};
	/* One queue of each type: the guard is a single DPA thread. */
	struct doca_flow_dpa_queue_cfg q[3] = {
	        {DOCA_FLOW_DPA_QUEUE_TYPE_GENERAL, GUARD_QUEUE_SIZE, 1},
	        {DOCA_FLOW_DPA_QUEUE_TYPE_RESOURCES_WRITE, GUARD_QUEUE_SIZE, 1},
	        {DOCA_FLOW_DPA_QUEUE_TYPE_RESOURCES_READ, GUARD_QUEUE_SIZE, 1},
	};

	f->nr_buckets = nr_buckets;
	CHECK(doca_flow_dpa_init(process_handle, &f->ctx));
	CHECK(doca_flow_dpa_queues_create(f->ctx, f->port[0], q, 3));
	CHECK(doca_flow_external_resource_array_create(&acfg, f->port[0], &f->counters));
	CHECK(build_lanes(f));
	CHECK(build_count(f));
	CHECK(build_root(f));
	CHECK(doca_flow_dpa_external_resource_export(f->ctx,
	                                             DOCA_FLOW_DPA_EXTERNAL_RESOURCE_TYPE_MEMORY,
	                                             f->counters, &f->dpa_counters));
	CHECK(doca_flow_dpa_external_resource_get_device_addr(f->ctx, f->dpa_counters,
	                                                      &f->counters_addr));
	return DOCA_SUCCESS;
}

doca_error_t guard_flow_bucket_of(struct guard_flow *f, uint32_t src, uint32_t dst, uint16_t sport,
                                  uint16_t dport, uint32_t *bucket)
{
	struct doca_flow_match m;
	uint32_t h;

	memset(&m, 0, sizeof(m));
	m.outer.l3_type = DOCA_FLOW_L3_TYPE_IP4;
	m.outer.ip4.src_ip = htonl(src);
	m.outer.ip4.dst_ip = htonl(dst);
	m.outer.l4_type_ext = DOCA_FLOW_L4_TYPE_EXT_TRANSPORT;
	m.outer.transport.src_port = htons(sport);
	m.outer.transport.dst_port = htons(dport);
	CHECK(doca_flow_pipe_calc_hash(f->root, &m, &h));
	/* ROOT has nr_buckets entries, a power of two: its index is H & (size - 1). */
	*bucket = h & (f->nr_buckets - 1);
	return DOCA_SUCCESS;
}

uint64_t guard_flow_lane_frames(struct guard_flow *f, uint32_t i)
{
	struct doca_flow_resource_query q;

	if (f->lane_entry[i] == NULL ||
	    doca_flow_resource_query_entry(f->lane_entry[i], &q) != DOCA_SUCCESS)
		return 0;
	return q.counter.total_pkts;
}

void guard_flow_fini(struct guard_flow *f)
{
	if (f->arr_type == 0) /* guard_flow_init never ran */
		return;
	if (f->ctx != NULL) {
		if (f->dpa_counters != NULL)
			doca_flow_dpa_external_resource_destroy(f->ctx, f->dpa_counters);
		if (f->dpa_lanes != NULL)
			doca_flow_dpa_pipe_destroy(f->ctx, f->dpa_lanes);
		doca_flow_dpa_queues_destroy(f->ctx, f->port[0]);
		doca_flow_dpa_destroy(f->ctx);
	}
	for (int i = 2; i >= 0; i--)
		if (f->port[i] != NULL)
			doca_flow_port_stop(f->port[i]);
	if (f->counters != NULL)
		doca_flow_external_resource_array_destroy(f->counters);
	doca_flow_destroy();
	memset(f, 0, sizeof(*f));
}
