/* SPDX-License-Identifier: BSD-3-Clause
 * Path failover, the DOCA Flow part: a switch-mode NIC whose root hash pipe spreads the
 * PF's traffic over FO_NR_ENTRIES entries. Every entry rewrites the UDP source port (the
 * pipe's changeable field, its path-selector value) and sends the frame to the uplink
 * (port 1). The pipe is exported to the DPA so a kernel can re-path entries.
 */
#include <arpa/inet.h>
#include <string.h>

#include <doca_log.h>
#include <softdpa.h>

#include "path_failover.h"

DOCA_LOG_REGISTER(FAILOVER_FLOW);

#define CHECK(call)                                                                                \
	do {                                                                                       \
		doca_error_t rc_ = (call);                                                         \
		if (rc_ != DOCA_SUCCESS) {                                                         \
			DOCA_LOG_ERR("%s failed: %s", #call, doca_error_get_descr(rc_));           \
			return rc_;                                                                \
		}                                                                                  \
	} while (0)

doca_error_t fo_devices_open(struct fo_flow *f)
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

void fo_devices_close(struct fo_flow *f)
{
	for (int i = 0; i < 2; i++)
		if (f->rep[i] != NULL)
			doca_dev_rep_close(f->rep[i]);
	if (f->dev != NULL)
		doca_dev_close(f->dev);
}

doca_error_t fo_flow_start(struct fo_flow *f)
{
	struct doca_flow_cfg *cfg;
	doca_error_t rc;

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

		/* softdpa only: where the port's frames come from and go to. The host
		 * injects into port 0 and drains port 1 (see main.c). */
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

/* The root hash pipe: the key is the IPv4 address pair, the UDP source port is the
 * changeable field (all-ones in the action template), every entry goes to port 1. */
static doca_error_t create_pipe(struct fo_flow *f)
{
	struct doca_flow_pipe_cfg *pc;
	struct doca_flow_match mask;
	struct doca_flow_monitor mon;
	struct doca_flow_actions act, *acts[1] = {&act};
	struct doca_flow_fwd fwd;
	doca_error_t rc;

	memset(&mask, 0, sizeof(mask));
	mask.outer.l3_type = DOCA_FLOW_L3_TYPE_IP4;
	mask.outer.ip4.src_ip = 0xffffffff;
	mask.outer.ip4.dst_ip = 0xffffffff;
	memset(&mon, 0, sizeof(mon));
	mon.counter_type = DOCA_FLOW_RESOURCE_TYPE_NON_SHARED;
	memset(&act, 0, sizeof(act));
	act.outer.l4_type_ext = DOCA_FLOW_L4_TYPE_EXT_UDP;
	act.outer.udp.l4_port.src_port = 0xffff;
	memset(&fwd, 0, sizeof(fwd));
	fwd.type = DOCA_FLOW_FWD_PORT;
	fwd.port_id = 1;

	CHECK(doca_flow_pipe_cfg_create(&pc, f->port[0]));
	rc = doca_flow_pipe_cfg_set_name(pc, "PATH_HASH");
	if (rc == DOCA_SUCCESS)
		rc = doca_flow_pipe_cfg_set_type(pc, DOCA_FLOW_PIPE_HASH);
	if (rc == DOCA_SUCCESS)
		rc = doca_flow_pipe_cfg_set_is_root(pc, true);
	if (rc == DOCA_SUCCESS)
		rc = doca_flow_pipe_cfg_set_nr_entries(pc, FO_NR_ENTRIES);
	if (rc == DOCA_SUCCESS)
		rc = doca_flow_pipe_cfg_set_match(pc, NULL, &mask);
	if (rc == DOCA_SUCCESS)
		rc = doca_flow_pipe_cfg_set_monitor(pc, &mon);
	if (rc == DOCA_SUCCESS)
		rc = doca_flow_pipe_cfg_set_actions(pc, acts, NULL, NULL, 1);
	if (rc == DOCA_SUCCESS)
		rc = doca_flow_pipe_create(pc, &fwd, NULL, &f->pipe);
	doca_flow_pipe_cfg_destroy(pc);
	return rc;
}

doca_error_t fo_flow_build(struct fo_flow *f, struct flexio_process *process)
{
	struct doca_flow_dpa_queue_cfg q = {DOCA_FLOW_DPA_QUEUE_TYPE_GENERAL, 32, 1};

	CHECK(doca_flow_dpa_init(process, &f->ctx));
	CHECK(doca_flow_dpa_queues_create(f->ctx, f->port[0], &q, 1));
	CHECK(create_pipe(f));
	/* Prepare the export BEFORE adding entries: entries added earlier are not exported
	 * and the DPA's requests on them fail. */
	CHECK(doca_flow_dpa_pipe_export_prepare(f->ctx, f->pipe, FO_NR_ENTRIES, &f->dpa_pipe));
	for (uint32_t e = 0; e < FO_NR_ENTRIES; e++) {
		struct doca_flow_actions a;

		memset(&a, 0, sizeof(a));
		a.outer.udp.l4_port.src_port = htons(fo_sport(fo_home_link(e), e));
		CHECK(doca_flow_pipe_hash_add_entry(0, f->pipe, e, 0, &a, NULL, NULL,
		                                    DOCA_FLOW_ENTRY_FLAGS_NO_WAIT, NULL,
		                                    &f->entry[e]));
	}
	CHECK(doca_flow_entries_process(f->port[0], 0, 0, 0));
	CHECK(doca_flow_dpa_pipe_export(f->ctx, f->dpa_pipe));
	CHECK(doca_flow_dpa_pipe_get_device_addr(f->ctx, f->dpa_pipe, &f->pipe_addr));
	return DOCA_SUCCESS;
}

uint64_t fo_flow_entry_frames(struct fo_flow *f, uint32_t entry)
{
	struct doca_flow_resource_query q;

	if (entry >= FO_NR_ENTRIES || f->entry[entry] == NULL ||
	    doca_flow_resource_query_entry(f->entry[entry], &q) != DOCA_SUCCESS)
		return 0;
	return q.counter.total_pkts;
}

void fo_flow_stop(struct fo_flow *f)
{
	if (f->dpa_pipe != NULL)
		doca_flow_dpa_pipe_destroy(f->ctx, f->dpa_pipe);
	if (f->ctx != NULL) {
		doca_flow_dpa_queues_destroy(f->ctx, f->port[0]);
		doca_flow_dpa_destroy(f->ctx);
	}
	for (int i = 2; i >= 0; i--)
		if (f->port[i] != NULL)
			doca_flow_port_stop(f->port[i]);
	doca_flow_destroy();
	f->dpa_pipe = NULL;
	f->ctx = NULL;
	memset(f->port, 0, sizeof(f->port));
}
