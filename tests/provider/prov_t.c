/* SPDX-License-Identifier: BSD-3-Clause */
#include <arpa/inet.h>
#include <sched.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "core/config.h"
#include "core/devices.h"
#include "nic/frame_builder.h"
#include <doca_flow_external_action_index_selector.h>

#include "prov_t.h"

struct pt pt;

static uint64_t now_ms(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (uint64_t)ts.tv_sec * 1000 + (uint64_t)ts.tv_nsec / 1000000;
}

int pt_group_setup(void **state)
{
	struct doca_devinfo **list;
	struct doca_devinfo_rep **reps;
	uint32_t n, nrep;

	(void)state;
	setenv("SOFTDPA_DEVICES", "model=bf3,reps=2;model=bf3,reps=0", 1);
	sdpa_config_reload();
	sdpa_devices_reload();
	if (doca_devinfo_create_list(&list, &n) != DOCA_SUCCESS || n != 2)
		return -1;
	if (doca_dev_open(list[0], &pt.dev) != DOCA_SUCCESS ||
	    doca_dev_open(list[1], &pt.dev_other) != DOCA_SUCCESS)
		return -1;
	doca_devinfo_destroy_list(list);
	if (doca_devinfo_rep_create_list(pt.dev, DOCA_DEVINFO_REP_FILTER_NET, &reps, &nrep) !=
	            DOCA_SUCCESS ||
	    nrep != 2)
		return -1;
	for (int i = 0; i < 2; i++)
		if (doca_dev_rep_open(reps[i], &pt.rep[i]) != DOCA_SUCCESS)
			return -1;
	doca_devinfo_rep_destroy_list(reps);
	if (doca_dpa_create(pt.dev, &pt.dpa) != DOCA_SUCCESS ||
	    doca_dpa_set_app(pt.dpa, prov_test_app) != DOCA_SUCCESS ||
	    doca_dpa_start(pt.dpa) != DOCA_SUCCESS ||
	    softdpa_dpa_get_flexio_process(pt.dpa, &pt.process) != DOCA_SUCCESS)
		return -1;
	if (doca_sync_event_create(&pt.comp) != DOCA_SUCCESS ||
	    doca_sync_event_add_publisher_location_dpa(pt.comp, pt.dpa) != DOCA_SUCCESS ||
	    doca_sync_event_add_subscriber_location_cpu(pt.comp, pt.dev) != DOCA_SUCCESS ||
	    doca_sync_event_start(pt.comp) != DOCA_SUCCESS)
		return -1;
	if (doca_dpa_mem_alloc(pt.dpa, 64 * sizeof(struct prov_result), &pt.heap) != DOCA_SUCCESS)
		return -1;
	return 0;
}

int pt_group_teardown(void **state)
{
	(void)state;
	doca_dpa_mem_free(pt.dpa, pt.heap);
	doca_sync_event_stop(pt.comp);
	doca_sync_event_destroy(pt.comp);
	doca_dpa_stop(pt.dpa);
	doca_dpa_destroy(pt.dpa);
	doca_dev_rep_close(pt.rep[0]);
	doca_dev_rep_close(pt.rep[1]);
	doca_dev_close(pt.dev);
	doca_dev_close(pt.dev_other);
	return 0;
}

enum { PT_ENV_MAX = 8 };

static struct {
	const char *name;
	char *old; /* NULL: was unset */
} pt_env[PT_ENV_MAX];
static uint32_t pt_nenv;

void pt_setenv(const char *name, const char *value)
{
	uint32_t i = 0;

	while (i < pt_nenv && strcmp(pt_env[i].name, name) != 0)
		i++;
	if (i == pt_nenv) {
		const char *v = getenv(name);

		assert_true(pt_nenv < PT_ENV_MAX);
		pt_env[i].name = name;
		pt_env[i].old = v != NULL ? strdup(v) : NULL;
		pt_nenv++;
	}
	setenv(name, value, 1);
	sdpa_config_reload();
}

void pt_env_restore(void)
{
	for (uint32_t i = 0; i < pt_nenv; i++) {
		if (pt_env[i].old != NULL)
			setenv(pt_env[i].name, pt_env[i].old, 1);
		else
			unsetenv(pt_env[i].name);
		free(pt_env[i].old);
	}
	pt_nenv = 0;
	sdpa_config_reload();
}

void pt_flow_up(uint32_t workers)
{
	struct doca_flow_cfg *cfg;
	char w[16];

	snprintf(w, sizeof(w), "%u", workers);
	setenv("SOFTDPA_NIC_WORKERS", w, 1);
	sdpa_config_reload();
	assert_int_equal(doca_flow_external_action_index_selector_register(&pt.sel_type),
	                 DOCA_SUCCESS);
	assert_int_equal(doca_flow_external_action_array_register(&pt.arr_type), DOCA_SUCCESS);
	assert_int_equal(doca_flow_cfg_create(&cfg), DOCA_SUCCESS);
	assert_int_equal(doca_flow_cfg_set_mode_args(cfg, "switch,hws"), DOCA_SUCCESS);
	assert_int_equal(doca_flow_cfg_set_queue_depth(cfg, 1024), DOCA_SUCCESS);
	assert_int_equal(doca_flow_init(cfg), DOCA_SUCCESS);
	doca_flow_cfg_destroy(cfg);
	for (int i = 0; i < 3; i++) {
		struct doca_flow_port_cfg *pc;

		assert_int_equal(doca_flow_port_cfg_create(&pc), DOCA_SUCCESS);
		assert_int_equal(doca_flow_port_cfg_set_port_id(pc, (uint16_t)i), DOCA_SUCCESS);
		if (i == 0)
			assert_int_equal(doca_flow_port_cfg_set_dev(pc, pt.dev), DOCA_SUCCESS);
		else
			assert_int_equal(doca_flow_port_cfg_set_dev_rep(pc, pt.rep[i - 1]),
			                 DOCA_SUCCESS);
		assert_int_equal(doca_flow_port_start(pc, &pt.port[i]), DOCA_SUCCESS);
		doca_flow_port_cfg_destroy(pc);
	}
	t_log_reset();
}

void pt_flow_down(void)
{
	for (int i = 2; i >= 0; i--)
		if (pt.port[i] != NULL)
			doca_flow_port_stop(pt.port[i]);
	memset(pt.port, 0, sizeof(pt.port));
	doca_flow_destroy();
}

int pt_teardown(void **state)
{
	(void)state;
	pt_flow_down();
	return 0;
}

struct doca_flow_pipe *pt_hash_pipe(uint32_t nr, uint32_t algos, bool changeable, bool root)
{
	struct doca_flow_pipe_cfg *pc;
	struct doca_flow_match mask;
	struct doca_flow_monitor mon;
	struct doca_flow_actions act, *acts[1] = {&act};
	struct doca_flow_fwd fwd;
	struct doca_flow_pipe *p;

	memset(&mask, 0, sizeof(mask));
	mask.outer.l3_type = DOCA_FLOW_L3_TYPE_IP4;
	mask.outer.ip4.dst_ip = 0xffffffff;
	memset(&mon, 0, sizeof(mon));
	mon.counter_type = DOCA_FLOW_RESOURCE_TYPE_NON_SHARED;
	memset(&act, 0, sizeof(act));
	act.outer.l4_type_ext = DOCA_FLOW_L4_TYPE_EXT_UDP;
	act.outer.udp.l4_port.src_port = 0xffff;
	memset(&fwd, 0, sizeof(fwd));
	fwd.type = DOCA_FLOW_FWD_PORT;
	fwd.port_id = 0xffff;
	assert_int_equal(doca_flow_pipe_cfg_create(&pc, pt.port[0]), DOCA_SUCCESS);
	assert_int_equal(doca_flow_pipe_cfg_set_name(pc, "PROV_HASH"), DOCA_SUCCESS);
	assert_int_equal(doca_flow_pipe_cfg_set_type(pc, DOCA_FLOW_PIPE_HASH), DOCA_SUCCESS);
	assert_int_equal(doca_flow_pipe_cfg_set_is_root(pc, root), DOCA_SUCCESS);
	assert_int_equal(doca_flow_pipe_cfg_set_nr_entries(pc, nr), DOCA_SUCCESS);
	assert_int_equal(doca_flow_pipe_cfg_set_match(pc, NULL, &mask), DOCA_SUCCESS);
	assert_int_equal(doca_flow_pipe_cfg_set_monitor(pc, &mon), DOCA_SUCCESS);
	if (algos)
		assert_int_equal(doca_flow_pipe_cfg_set_hash_map_algorithm(pc, algos),
		                 DOCA_SUCCESS);
	if (changeable)
		assert_int_equal(doca_flow_pipe_cfg_set_actions(pc, acts, NULL, NULL, 1),
		                 DOCA_SUCCESS);
	assert_int_equal(doca_flow_pipe_create(pc, &fwd, NULL, &p), DOCA_SUCCESS);
	assert_int_equal(doca_flow_pipe_cfg_destroy(pc), DOCA_SUCCESS);
	return p;
}

void pt_hash_entries(struct doca_flow_pipe *p, uint32_t first, uint32_t n, bool changeable)
{
	for (uint32_t i = first; i < first + n; i++) {
		struct doca_flow_fwd fwd = {.type = DOCA_FLOW_FWD_PORT,
		                            .port_id = (uint16_t)(1 + i % 2)};
		struct doca_flow_actions a;
		struct doca_flow_pipe_entry *e;

		memset(&a, 0, sizeof(a));
		a.outer.udp.l4_port.src_port = htons((uint16_t)(1000 + i));
		assert_int_equal(doca_flow_pipe_hash_add_entry(
		                         0, p, i, 0, changeable ? &a : NULL, NULL, &fwd,
		                         DOCA_FLOW_ENTRY_FLAGS_NO_WAIT, NULL, &e),
		                 DOCA_SUCCESS);
		if ((i - first) % 64 == 63)
			assert_int_equal(doca_flow_entries_process(pt.port[0], 0, 0, 0),
			                 DOCA_SUCCESS);
	}
	assert_int_equal(doca_flow_entries_process(pt.port[0], 0, 0, 0), DOCA_SUCCESS);
}

void pt_queues(struct doca_flow_dpa_ctx *ctx, uint32_t general, uint32_t write, uint32_t read,
               uint32_t nq)
{
	struct doca_flow_dpa_queue_cfg cfg[3];
	uint32_t n = 0;

	if (general)
		cfg[n++] = (struct doca_flow_dpa_queue_cfg){DOCA_FLOW_DPA_QUEUE_TYPE_GENERAL,
		                                            general, nq};
	if (write)
		cfg[n++] = (struct doca_flow_dpa_queue_cfg){
		        DOCA_FLOW_DPA_QUEUE_TYPE_RESOURCES_WRITE, write, nq};
	if (read)
		cfg[n++] = (struct doca_flow_dpa_queue_cfg){DOCA_FLOW_DPA_QUEUE_TYPE_RESOURCES_READ,
		                                            read, nq};
	assert_int_equal(doca_flow_dpa_queues_create(ctx, pt.port[0], cfg, n), DOCA_SUCCESS);
}

void pt_launch_wait(doca_error_t launch_rc)
{
	uint64_t v = 0, end = now_ms() + 20000;

	assert_int_equal(launch_rc, DOCA_SUCCESS);
	pt.comp_count++;
	do {
		assert_int_equal(doca_sync_event_get(pt.comp, &v), DOCA_SUCCESS);
		if (v >= pt.comp_count)
			return;
		sched_yield();
	} while (now_ms() < end);
	fail_msg("kernel did not finish in 20 s (completion event %llu, want %llu)",
	         (unsigned long long)v, (unsigned long long)pt.comp_count);
}

void pt_results_clear(void)
{
	assert_int_equal(doca_dpa_memset(pt.dpa, pt.heap, 0, 64 * sizeof(struct prov_result)),
	                 DOCA_SUCCESS);
}

void pt_results(struct prov_result *r, uint32_t n)
{
	assert_int_equal(doca_dpa_d2h_memcpy(pt.dpa, r, pt.heap, n * sizeof(*r)), DOCA_SUCCESS);
}

uint64_t pt_result_addr(uint32_t i)
{
	return pt.heap + i * sizeof(struct prov_result);
}

uint16_t pt_send(uint32_t dst, uint16_t *sport_out)
{
	struct sdpa_frame_spec s;
	uint8_t f[128], o[SOFTDPA_FRAME_MAX];
	uint32_t len;

	memset(&s, 0, sizeof(s));
	s.l3 = 1; /* IPv4 */
	s.ip4_src = 0x0a000001;
	s.ip4_dst = dst;
	s.l4 = 2; /* UDP */
	s.src_port = 7;
	s.dst_port = 53;
	s.frame_len = 64;
	len = sdpa_frame_build(&s, f, sizeof(f));
	assert_int_equal(softdpa_port_inject(0, f, len), DOCA_SUCCESS);
	assert_int_equal(softdpa_nic_sync(), DOCA_SUCCESS);
	for (uint16_t p = 1; p <= 2; p++) {
		if (softdpa_port_drain(p, o, sizeof(o), &len) == DOCA_SUCCESS) {
			if (sport_out != NULL)
				*sport_out = (uint16_t)(o[34] << 8 | o[35]);
			return p;
		}
	}
	return 0;
}

uint32_t pt_dst_for(struct doca_flow_pipe *p, uint32_t idx, uint32_t space)
{
	struct doca_flow_match m;

	for (uint32_t dst = 0x0b000000; dst < 0x0b100000; dst++) {
		uint32_t h;

		memset(&m, 0, sizeof(m));
		m.outer.l3_type = DOCA_FLOW_L3_TYPE_IP4;
		m.outer.ip4.dst_ip = htonl(dst);
		assert_int_equal(doca_flow_pipe_calc_hash(p, &m, &h), DOCA_SUCCESS);
		if ((h & (space - 1)) == idx)
			return dst;
	}
	fail_msg("no destination hashes to index %u", idx);
	return 0;
}

struct doca_flow_external_resource_index_selector *pt_selector_create(uint32_t nres)
{
	struct doca_flow_external_resource_index_selector_cfg cfg = {.num_resources = nres};
	struct doca_flow_external_resource_index_selector *sel;

	assert_int_equal(doca_flow_external_resource_index_selector_create(&cfg, pt.port[0], &sel),
	                 DOCA_SUCCESS);
	return sel;
}

void pt_selector_destroy(struct doca_flow_external_resource_index_selector *sel)
{
	doca_flow_external_resource_index_selector_destroy(sel);
}
