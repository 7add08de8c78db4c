/* SPDX-License-Identifier: BSD-3-Clause
 * Backend drain, the DOCA Flow part: a switch-mode NIC that load-balances the PF's IPv4
 * traffic over DR_NR_BACKENDS backends. An ORDERED_LIST pipe holds one EXTERNAL_ACTIONS
 * element: a round-robin index selector whose output (1..4) becomes the last byte of the
 * destination address (a DNAT to backend 10.10.0.i); the frame then leaves on port 1.
 * The selector is exported to the DPA, whose thread drains and restores backends.
 */
#include <arpa/inet.h>
#include <string.h>

#include <doca_flow_external_action_index_selector.h>
#include <doca_flow_external_actions.h>
#include <doca_log.h>
#include <softdpa.h>

#include "backend_drain.h"

DOCA_LOG_REGISTER(DRAIN_FLOW);

#define CHECK(call)                                                                                \
	do {                                                                                       \
		doca_error_t rc_ = (call);                                                         \
		if (rc_ != DOCA_SUCCESS) {                                                         \
			DOCA_LOG_ERR("%s failed: %s", #call, doca_error_get_descr(rc_));           \
			return rc_;                                                                \
		}                                                                                  \
	} while (0)

doca_error_t dr_devices_open(struct dr_flow *f)
{
	struct doca_devinfo **list = NULL;
	struct doca_devinfo_rep **reps = NULL;
	uint32_t n = 0, nrep = 0;
	doca_error_t rc;

	CHECK(doca_devinfo_create_list(&list, &n));
	rc = DOCA_ERROR_NOT_FOUND;
	for (uint32_t i = 0; i < n && f->dev == NULL; i++)
		if (doca_dpa_cap_is_supported(list[i]) == DOCA_SUCCESS)
			rc = doca_dev_open(list[i], &f->dev);
	doca_devinfo_destroy_list(list);
	if (f->dev == NULL) {
		DOCA_LOG_ERR("no device with a DPA (%s); check SOFTDPA_DEVICES",
		             doca_error_get_descr(rc));
		return rc == DOCA_SUCCESS ? DOCA_ERROR_NOT_FOUND : rc;
	}
	CHECK(doca_devinfo_rep_create_list(f->dev, DOCA_DEVINFO_REP_FILTER_NET, &reps, &nrep));
	if (nrep < 2) {
		doca_devinfo_rep_destroy_list(reps);
		DOCA_LOG_ERR("the device has %u representors; this example needs 2", nrep);
		return DOCA_ERROR_NOT_FOUND;
	}
	rc = doca_dev_rep_open(reps[0], &f->rep[0]);
	if (rc == DOCA_SUCCESS)
		rc = doca_dev_rep_open(reps[1], &f->rep[1]);
	doca_devinfo_rep_destroy_list(reps);
	return rc;
}

void dr_devices_close(struct dr_flow *f)
{
	for (int i = 0; i < 2; i++)
		if (f->rep[i] != NULL)
			doca_dev_rep_close(f->rep[i]);
	if (f->dev != NULL)
		doca_dev_close(f->dev);
}

doca_error_t dr_flow_start(struct dr_flow *f)
{
	struct doca_flow_cfg *cfg;
	doca_error_t rc;

	/* External action kinds are registered before doca_flow_init. */
	CHECK(doca_flow_external_action_index_selector_register(&f->sel_type));
	CHECK(doca_flow_cfg_create(&cfg));
	rc = doca_flow_cfg_set_mode_args(cfg, "switch,hws");
	if (rc == DOCA_SUCCESS)
		rc = doca_flow_cfg_set_queue_depth(cfg, 128);
	if (rc == DOCA_SUCCESS)
		rc = doca_flow_init(cfg);
	doca_flow_cfg_destroy(cfg);
	CHECK(rc);
	for (uint16_t i = 0; i < 3; i++) {
		struct doca_flow_port_cfg *pc;

		/* softdpa only: the host injects into port 0 and drains port 1 (main.c). */
		CHECK(softdpa_port_wire(i, "mem"));
		CHECK(doca_flow_port_cfg_create(&pc));
		rc = doca_flow_port_cfg_set_port_id(pc, i);
		if (rc == DOCA_SUCCESS)
			rc = i == 0 ? doca_flow_port_cfg_set_dev(pc, f->dev)
			            : doca_flow_port_cfg_set_dev_rep(pc, f->rep[i - 1]);
		if (rc == DOCA_SUCCESS)
			rc = doca_flow_port_start(pc, &f->port[i]);
		doca_flow_port_cfg_destroy(pc);
		CHECK(rc);
	}
	return DOCA_SUCCESS;
}

/* The load balancer: one ordered list { selector -> outer.ipv4.dst_ip bits 0..7 }, entry
 * 0 forwarding to port 1. A frame with no selectable backend takes the miss path (drop,
 * counted). The descriptors must outlive the pipe's creation only, but keeping them
 * static makes that obvious. */
static doca_error_t create_lb(struct dr_flow *f)
{
	static struct doca_flow_external_action_index_selector act;
	static struct doca_flow_external_actions ext;
	static struct doca_flow_ordered_list_element_adjusted el;
	static struct doca_flow_ordered_list list;
	struct doca_flow_ordered_list *lp = &list;
	struct doca_flow_fwd fwd = {.type = DOCA_FLOW_FWD_PORT, .port_id = 0xffff};
	struct doca_flow_fwd to_backends = {.type = DOCA_FLOW_FWD_PORT, .port_id = 1};
	struct doca_flow_pipe_entry *e;
	struct doca_flow_pipe_cfg *pc;
	doca_error_t rc;

	memset(&act, 0, sizeof(act));
	act.output.field_string = "outer.ipv4.dst_ip";
	act.output.bit_offset = 0; /* bit 0 is the least significant: the address's last byte */
	act.output.width = 8;
	ext = (struct doca_flow_external_actions){f->sel_type, f->sel, 0, &act};
	memset(&el, 0, sizeof(el));
	el.external.type = DOCA_FLOW_ORDERED_LIST_ELEMENT_EXTERNAL_ACTIONS;
	el.external.external_actions = &ext;
	list = (struct doca_flow_ordered_list){.idx = 0, .size = 1, .elements = &el.element};

	CHECK(doca_flow_pipe_cfg_create(&pc, f->port[0]));
	rc = doca_flow_pipe_cfg_set_name(pc, "LB");
	if (rc == DOCA_SUCCESS)
		rc = doca_flow_pipe_cfg_set_type(pc, DOCA_FLOW_PIPE_ORDERED_LIST);
	if (rc == DOCA_SUCCESS)
		rc = doca_flow_pipe_cfg_set_ordered_lists(pc, &lp, 1);
	if (rc == DOCA_SUCCESS)
		rc = doca_flow_pipe_cfg_set_miss_counter(pc, true);
	if (rc == DOCA_SUCCESS)
		rc = doca_flow_pipe_create(pc, &fwd, NULL, &f->lb);
	doca_flow_pipe_cfg_destroy(pc);
	CHECK(rc);
	CHECK(doca_flow_pipe_ordered_list_add_entry(0, f->lb, 0, &list, &to_backends,
	                                            DOCA_FLOW_ENTRY_FLAGS_NO_WAIT, NULL, &e));
	return DOCA_SUCCESS;
}

/* Root: every IPv4 frame goes to the load balancer's list 0. */
static doca_error_t create_root(struct dr_flow *f)
{
	struct doca_flow_match m;
	struct doca_flow_fwd fwd = {.type = DOCA_FLOW_FWD_ORDERED_LIST_PIPE};
	struct doca_flow_pipe_entry *e;
	struct doca_flow_pipe_cfg *pc;
	doca_error_t rc;

	memset(&m, 0, sizeof(m));
	m.outer.l3_type = DOCA_FLOW_L3_TYPE_IP4;
	fwd.ordered_list_pipe.pipe = f->lb;
	fwd.ordered_list_pipe.idx = 0;
	CHECK(doca_flow_pipe_cfg_create(&pc, f->port[0]));
	rc = doca_flow_pipe_cfg_set_name(pc, "ROOT");
	if (rc == DOCA_SUCCESS)
		rc = doca_flow_pipe_cfg_set_type(pc, DOCA_FLOW_PIPE_BASIC);
	if (rc == DOCA_SUCCESS)
		rc = doca_flow_pipe_cfg_set_is_root(pc, true);
	if (rc == DOCA_SUCCESS)
		rc = doca_flow_pipe_cfg_set_match(pc, &m, NULL);
	if (rc == DOCA_SUCCESS)
		rc = doca_flow_pipe_create(pc, &fwd, NULL, &f->root);
	doca_flow_pipe_cfg_destroy(pc);
	CHECK(rc);
	CHECK(doca_flow_pipe_basic_add_entry(0, f->root, &m, 0, NULL, NULL, NULL,
	                                     DOCA_FLOW_ENTRY_FLAGS_NO_WAIT, NULL, &e));
	return DOCA_SUCCESS;
}

doca_error_t dr_flow_build(struct dr_flow *f, struct flexio_process *process)
{
	struct doca_flow_external_resource_index_selector_cfg cfg = {
	        .num_resources = 1,
	        .policy = DOCA_FLOW_EXTERNAL_RESOURCE_INDEX_SELECTOR_POLICY_ROUND_ROBIN};
	struct doca_flow_dpa_queue_cfg q = {DOCA_FLOW_DPA_QUEUE_TYPE_RESOURCES_WRITE, 16, 1};

	/* A new selector has every index DISABLED: enable the backends in use. */
	CHECK(doca_flow_external_resource_index_selector_create(&cfg, f->port[0], &f->sel));
	CHECK(doca_flow_external_resource_index_selector_modify_range(
	        f->port[0], f->sel, 0, DOCA_FLOW_EXTERNAL_RESOURCE_INDEX_SELECTOR_OP_ENABLE, 1,
	        DR_NR_BACKENDS));
	CHECK(create_lb(f));
	CHECK(create_root(f));
	CHECK(doca_flow_entries_process(f->port[0], 0, 0, 0));
	/* Resource requests from the DPA travel on a RESOURCES_WRITE queue of the port. */
	CHECK(doca_flow_dpa_init(process, &f->ctx));
	CHECK(doca_flow_dpa_queues_create(f->ctx, f->port[0], &q, 1));
	CHECK(doca_flow_dpa_external_resource_export(
	        f->ctx, DOCA_FLOW_DPA_EXTERNAL_RESOURCE_TYPE_INDEX_SELECTOR, f->sel, &f->dpa_sel));
	CHECK(doca_flow_dpa_external_resource_get_device_addr(f->ctx, f->dpa_sel, &f->sel_addr));
	return DOCA_SUCCESS;
}

uint64_t dr_flow_misses(struct dr_flow *f)
{
	struct doca_flow_resource_query q;

	if (f->lb == NULL || doca_flow_resource_query_pipe_miss(f->lb, &q) != DOCA_SUCCESS)
		return 0;
	return q.counter.total_pkts;
}

void dr_flow_stop(struct dr_flow *f)
{
	if (f->dpa_sel != NULL)
		doca_flow_dpa_external_resource_destroy(f->ctx, f->dpa_sel);
	if (f->ctx != NULL) {
		doca_flow_dpa_queues_destroy(f->ctx, f->port[0]);
		doca_flow_dpa_destroy(f->ctx);
	}
	for (int i = 2; i >= 0; i--)
		if (f->port[i] != NULL)
			doca_flow_port_stop(f->port[i]);
	if (f->sel != NULL)
		doca_flow_external_resource_index_selector_destroy(f->sel);
	doca_flow_destroy();
	f->dpa_sel = NULL;
	f->ctx = NULL;
	f->sel = NULL;
	f->lb = f->root = NULL;
	memset(f->port, 0, sizeof(f->port));
}
