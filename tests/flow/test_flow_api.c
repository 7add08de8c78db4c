/* SPDX-License-Identifier: BSD-3-Clause
 * DOCA Flow API contract: every public call's documented errors (NULL, out of range,
 * wrong state) with the log line that names the cause and the fix.
 */
#include <arpa/inet.h>
#include <string.h>

#include "flow_t.h"

#define EXPECT(call, err, ...)                                                                     \
	do {                                                                                       \
		t_log_reset();                                                                     \
		assert_int_equal((call), (err));                                                   \
		t_assert_logged(__VA_ARGS__);                                                      \
	} while (0)

static void test_global_cfg_errors(void **state)
{
	struct doca_flow_cfg *cfg;
	uint8_t key[65] = {0};
	uint16_t q = 99;
	struct doca_flow_resource_rss_cfg rss = {.queues_array = &q, .nr_queues = 1};

	(void)state;
	EXPECT(doca_flow_cfg_create(NULL), DOCA_ERROR_INVALID_VALUE, "cfg is NULL");
	EXPECT(doca_flow_cfg_destroy(NULL), DOCA_ERROR_INVALID_VALUE, "doca_flow_cfg_create");
	EXPECT(doca_flow_cfg_set_pipe_queues(NULL, 1), DOCA_ERROR_INVALID_VALUE, "cfg is NULL");
	EXPECT(doca_flow_init(NULL), DOCA_ERROR_INVALID_VALUE, "cfg is NULL");
	assert_int_equal(doca_flow_cfg_create(&cfg), DOCA_SUCCESS);
	EXPECT(doca_flow_cfg_set_pipe_queues(cfg, 0), DOCA_ERROR_INVALID_VALUE, "0 queues",
	       "1..64");
	EXPECT(doca_flow_cfg_set_pipe_queues(cfg, 65), DOCA_ERROR_INVALID_VALUE, "out of range");
	EXPECT(doca_flow_cfg_set_queue_depth(cfg, 0), DOCA_ERROR_INVALID_VALUE, "1..65536");
	EXPECT(doca_flow_cfg_set_nr_acl_collisions(cfg, 9), DOCA_ERROR_INVALID_VALUE, "0..8");
	EXPECT(doca_flow_cfg_set_mode_args(cfg, NULL), DOCA_ERROR_INVALID_VALUE, "mode_args");
	EXPECT(doca_flow_cfg_set_mode_args(cfg, "router"), DOCA_ERROR_INVALID_VALUE, "\"router\"",
	       "\"vnf\" or \"switch\"");
	EXPECT(doca_flow_cfg_set_nr_shared_resource(cfg, 1, (enum doca_flow_shared_resource_type)9),
	       DOCA_ERROR_INVALID_VALUE, "type 9");
	EXPECT(doca_flow_cfg_set_rss_key(cfg, key, 65), DOCA_ERROR_INVALID_VALUE, "length 65");
	EXPECT(doca_flow_cfg_set_rss_key(cfg, NULL, 4), DOCA_ERROR_INVALID_VALUE, "key NULL");
	EXPECT(doca_flow_cfg_set_default_rss(cfg, NULL), DOCA_ERROR_INVALID_VALUE, "rss is NULL");
	EXPECT(doca_flow_cfg_set_default_rss(cfg, &rss), DOCA_ERROR_INVALID_VALUE,
	       "RSS queue 99 is out of range");
	rss.nr_queues = 0;
	EXPECT(doca_flow_cfg_set_default_rss(cfg, &rss), DOCA_ERROR_INVALID_VALUE, "0 queues");
	EXPECT(doca_flow_cfg_set_resource_mode(cfg, (enum doca_flow_resource_mode)5),
	       DOCA_ERROR_INVALID_VALUE, "unknown mode 5");
	EXPECT(doca_flow_init(cfg), DOCA_ERROR_INVALID_VALUE, "no mode",
	       "doca_flow_cfg_set_mode_args");
	assert_int_equal(doca_flow_cfg_set_mode_args(cfg, "vnf,hws"), DOCA_SUCCESS);
	assert_int_equal(doca_flow_cfg_set_rss_key(cfg, key, 40), DOCA_SUCCESS);
	assert_int_equal(doca_flow_cfg_set_resource_mode(cfg, DOCA_FLOW_RESOURCE_MODE_PORT),
	                 DOCA_SUCCESS);
	assert_int_equal(doca_flow_init(cfg), DOCA_SUCCESS);
	EXPECT(doca_flow_init(cfg), DOCA_ERROR_BAD_STATE, "already initialised",
	       "doca_flow_destroy first");
	assert_int_equal(doca_flow_cfg_destroy(cfg), DOCA_SUCCESS);
	doca_flow_destroy();
	doca_flow_destroy(); /* twice: harmless */
	EXPECT(softdpa_nic_sync(), DOCA_ERROR_BAD_STATE, "softdpa_nic_sync", "doca_flow_init");
}

static void pipe_cb(struct doca_flow_pipe *pipe, enum doca_flow_pipe_status status,
                    enum doca_flow_pipe_op op, void *user_ctx)
{
	(void)pipe;
	(void)status;
	(void)op;
	(void)user_ctx;
}

static void unbind_cb(enum doca_flow_shared_resource_type type, uint32_t id, void *obj)
{
	(void)type;
	(void)id;
	(void)obj;
}

/* Every setter accepts valid input. */
static void test_setters_succeed(void **state)
{
	struct doca_flow_cfg *cfg;
	struct doca_flow_port_cfg *pc;
	struct doca_flow_pipe_cfg *ppc;
	struct doca_flow_port *p;
	uint16_t q = 1;
	struct doca_flow_resource_rss_cfg rss = {.queues_array = &q, .nr_queues = 1};
	int ctx;

	(void)state;
	assert_int_equal(doca_flow_cfg_create(&cfg), DOCA_SUCCESS);
	assert_int_equal(doca_flow_cfg_set_nr_counters(cfg, 1024), DOCA_SUCCESS);
	assert_int_equal(doca_flow_cfg_set_nr_meters(cfg, 16), DOCA_SUCCESS);
	assert_int_equal(doca_flow_cfg_set_nr_acl_collisions(cfg, 2), DOCA_SUCCESS);
	assert_int_equal(doca_flow_cfg_set_cb_pipe_process(cfg, pipe_cb), DOCA_SUCCESS);
	assert_int_equal(doca_flow_cfg_set_cb_shared_resource_unbind(cfg, unbind_cb), DOCA_SUCCESS);
	assert_int_equal(doca_flow_cfg_set_default_rss(cfg, &rss), DOCA_SUCCESS);
	assert_int_equal(doca_flow_cfg_set_mode_args(cfg, "switch,hws,expert"), DOCA_SUCCESS);
	assert_int_equal(doca_flow_init(cfg), DOCA_SUCCESS);
	doca_flow_cfg_destroy(cfg);
	assert_int_equal(doca_flow_port_cfg_create(&pc), DOCA_SUCCESS);
	assert_int_equal(doca_flow_port_cfg_set_port_id(pc, 0), DOCA_SUCCESS);
	assert_int_equal(doca_flow_port_cfg_set_rss_cfg(pc, &rss), DOCA_SUCCESS);
	assert_int_equal(
	        doca_flow_port_cfg_set_operation_state(pc, DOCA_FLOW_PORT_OPERATION_STATE_ACTIVE),
	        DOCA_SUCCESS);
	assert_int_equal(doca_flow_port_cfg_set_service_threads_cycle(pc, 500), DOCA_SUCCESS);
	assert_int_equal(doca_flow_port_cfg_set_nr_resources(pc, DOCA_FLOW_RESOURCE_COUNTER, 64),
	                 DOCA_SUCCESS);
	assert_int_equal(doca_flow_port_start(pc, &p), DOCA_SUCCESS);
	assert_ptr_equal(doca_flow_port_switch_get(p), p);
	assert_int_equal(doca_flow_pipe_cfg_create(&ppc, p), DOCA_SUCCESS);
	assert_int_equal(doca_flow_pipe_cfg_set_label(ppc, "lbl"), DOCA_SUCCESS);
	assert_int_equal(doca_flow_pipe_cfg_set_excluded_queue(ppc, 0), DOCA_SUCCESS);
	assert_int_equal(doca_flow_pipe_cfg_set_congestion_level_threshold(ppc, 80), DOCA_SUCCESS);
	assert_int_equal(doca_flow_pipe_cfg_set_user_ctx(ppc, &ctx), DOCA_SUCCESS);
	assert_int_equal(doca_flow_pipe_cfg_set_is_resizable(ppc, false), DOCA_SUCCESS);
	assert_int_equal(doca_flow_pipe_cfg_destroy(ppc), DOCA_SUCCESS);
	assert_int_equal(doca_flow_port_stop(p), DOCA_SUCCESS);
	assert_int_equal(doca_flow_port_cfg_destroy(pc), DOCA_SUCCESS);
	doca_flow_destroy();
}

static void test_port_errors(void **state)
{
	struct doca_flow_port_cfg *pc;
	struct doca_flow_port *p;
	struct doca_flow_resource_query q;

	(void)state;
	EXPECT(doca_flow_port_cfg_create(NULL), DOCA_ERROR_INVALID_VALUE, "cfg is NULL");
	EXPECT(doca_flow_port_cfg_set_port_id(NULL, 1), DOCA_ERROR_INVALID_VALUE,
	       "doca_flow_port_cfg_create");
	assert_int_equal(doca_flow_port_cfg_create(&pc), DOCA_SUCCESS);
	EXPECT(doca_flow_port_start(pc, &p), DOCA_ERROR_INVALID_VALUE, "no id",
	       "doca_flow_port_cfg_set_port_id");
	EXPECT(doca_flow_port_cfg_set_port_id(pc, 64), DOCA_ERROR_INVALID_VALUE, "port id 64",
	       "0..63");
	EXPECT(doca_flow_port_cfg_set_dev(pc, NULL), DOCA_ERROR_INVALID_VALUE, "doca_dev_open");
	EXPECT(doca_flow_port_cfg_set_dev_rep(pc, NULL), DOCA_ERROR_INVALID_VALUE,
	       "doca_dev_rep_open");
	EXPECT(doca_flow_port_cfg_set_devargs(pc, NULL), DOCA_ERROR_INVALID_VALUE, "devargs NULL");
	EXPECT(doca_flow_port_cfg_set_priv_data_size(pc, 5000), DOCA_ERROR_INVALID_VALUE,
	       "at most 4096");
	EXPECT(doca_flow_port_cfg_set_rss_cfg(pc, NULL), DOCA_ERROR_INVALID_VALUE, "rss is NULL");
	EXPECT(doca_flow_port_cfg_set_operation_state(pc, (enum doca_flow_port_operation_state)7),
	       DOCA_ERROR_INVALID_VALUE, "unknown state 7");
	EXPECT(doca_flow_port_cfg_set_actions_mem_size(pc, 100), DOCA_ERROR_INVALID_VALUE,
	       "power of two");
	EXPECT(doca_flow_port_cfg_set_service_threads_cycle(pc, 0), DOCA_ERROR_INVALID_VALUE,
	       "cycle 0");
	EXPECT(doca_flow_port_cfg_set_nr_resources(pc, (enum doca_flow_resource)9, 1),
	       DOCA_ERROR_INVALID_VALUE, "unknown resource 9");
	assert_int_equal(doca_flow_port_cfg_set_devargs(pc, "port_id=3"), DOCA_SUCCESS);
	EXPECT(doca_flow_port_start(pc, &p), DOCA_ERROR_BAD_STATE, "not initialised",
	       "doca_flow_init first");
	EXPECT(doca_flow_port_start(NULL, &p), DOCA_ERROR_INVALID_VALUE, "cfg is NULL");
	ft_init("vnf", 0, 0, 0, 0);
	assert_int_equal(doca_flow_port_start(pc, &p), DOCA_SUCCESS); /* id from devargs */
	assert_int_equal(doca_flow_port_cfg_set_actions_mem_size(pc, 128), DOCA_SUCCESS);
	assert_int_equal(doca_flow_port_cfg_set_service_threads_core(pc, 1), DOCA_SUCCESS);
	assert_int_equal(doca_flow_port_cfg_set_ipsec_sn_offload_disable(pc), DOCA_SUCCESS);
	EXPECT(doca_flow_port_operation_state_modify(NULL, DOCA_FLOW_PORT_OPERATION_STATE_ACTIVE),
	       DOCA_ERROR_INVALID_VALUE, "not a started port");
	EXPECT(doca_flow_port_update_default_miss(p, (enum doca_flow_port_default_miss_type)3,
	                                          false),
	       DOCA_ERROR_INVALID_VALUE, "unknown miss type");
	EXPECT(doca_flow_port_query_default_miss(p, NULL), DOCA_ERROR_INVALID_VALUE,
	       "data is invalid");
	EXPECT(doca_flow_port_pair(p, NULL), DOCA_ERROR_INVALID_VALUE, "two different");
	t_log_reset();
	assert_null(doca_flow_port_priv_data(NULL));
	t_assert_logged("doca_flow_port_priv_data", "not a started port");
	assert_int_equal(doca_flow_port_stop(p), DOCA_SUCCESS);
	EXPECT(doca_flow_port_stop(NULL), DOCA_ERROR_INVALID_VALUE, "not a started port");
	assert_int_equal(doca_flow_port_cfg_destroy(pc), DOCA_SUCCESS);
	(void)q;
	ft_fini();
}

static void test_pipe_errors(void **state)
{
	struct doca_flow_pipe_cfg *pc;
	struct doca_flow_pipe *p, *root;
	struct doca_flow_match m;
	struct doca_flow_monitor mon;
	struct doca_flow_actions a, *acts[1] = {&a};
	struct doca_flow_fwd fwd = {.type = DOCA_FLOW_FWD_PORT, .port_id = 64};
	struct doca_flow_ordered_list *lists[1] = {NULL};
	struct doca_flow_resource_query q;
	uint32_t h;

	(void)state;
	ft_init("vnf,hws", 0, 0, 0, 2);
	EXPECT(doca_flow_pipe_cfg_create(NULL, ft_ports[0]), DOCA_ERROR_INVALID_VALUE,
	       "cfg is NULL");
	EXPECT(doca_flow_pipe_cfg_create(&pc, NULL), DOCA_ERROR_INVALID_VALUE,
	       "not a started port");
	EXPECT(doca_flow_pipe_cfg_set_name(NULL, "x"), DOCA_ERROR_INVALID_VALUE,
	       "doca_flow_pipe_cfg_create");
	assert_int_equal(doca_flow_pipe_cfg_create(&pc, ft_ports[0]), DOCA_SUCCESS);
	EXPECT(doca_flow_pipe_cfg_set_name(pc, ""), DOCA_ERROR_INVALID_VALUE, "empty");
	EXPECT(doca_flow_pipe_cfg_set_label(pc, NULL), DOCA_ERROR_INVALID_VALUE, "label is NULL");
	EXPECT(doca_flow_pipe_cfg_set_type(pc, (enum doca_flow_pipe_type)7),
	       DOCA_ERROR_INVALID_VALUE, "unknown type 7");
	EXPECT(doca_flow_pipe_cfg_set_domain(pc, (enum doca_flow_pipe_domain)4),
	       DOCA_ERROR_INVALID_VALUE, "unknown domain 4");
	EXPECT(doca_flow_pipe_cfg_set_nr_entries(pc, 0), DOCA_ERROR_INVALID_VALUE, "0 entries");
	EXPECT(doca_flow_pipe_cfg_set_is_resizable(NULL, true), DOCA_ERROR_INVALID_VALUE,
	       "doca_flow_pipe_cfg_create");
	EXPECT(doca_flow_pipe_cfg_set_excluded_queue(pc, 64), DOCA_ERROR_INVALID_VALUE, "queue 64");
	EXPECT(doca_flow_pipe_cfg_set_congestion_level_threshold(pc, 0), DOCA_ERROR_INVALID_VALUE,
	       "1..100");
	EXPECT(doca_flow_pipe_cfg_set_hash_map_algorithm(pc, 1u << 6), DOCA_ERROR_INVALID_VALUE,
	       "flags 0x40");
	EXPECT(doca_flow_pipe_cfg_set_match(pc, NULL, NULL), DOCA_ERROR_INVALID_VALUE, "both NULL");
	EXPECT(doca_flow_pipe_cfg_set_actions(pc, NULL, NULL, NULL, 1), DOCA_ERROR_INVALID_VALUE,
	       "actions and action_descs are both NULL");
	EXPECT(doca_flow_pipe_cfg_set_actions(pc, acts, NULL, NULL, 0), DOCA_ERROR_INVALID_VALUE,
	       "nr_actions out of range");
	{
		/* Descriptors alone name the templates (NVIDIA's flow_rss_esp, flow_fwd_miss);
		 * a template with neither is refused; a COPY from no named field is not
		 * emulated. */
		struct doca_flow_action_desc d = {.type = DOCA_FLOW_ACTION_AUTO};
		struct doca_flow_action_descs ds = {.nb_action_desc = 1, .desc_array = &d};
		struct doca_flow_action_descs *dl[2] = {&ds, NULL};
		struct doca_flow_actions *none[2] = {NULL, NULL};

		assert_int_equal(doca_flow_pipe_cfg_set_actions(pc, NULL, NULL, dl, 1),
		                 DOCA_SUCCESS);
		EXPECT(doca_flow_pipe_cfg_set_actions(pc, none, NULL, dl, 2),
		       DOCA_ERROR_INVALID_VALUE, "template 1 has neither");
		d.type = DOCA_FLOW_ACTION_COPY;
		EXPECT(doca_flow_pipe_cfg_set_actions(pc, NULL, NULL, dl, 1),
		       DOCA_ERROR_INVALID_VALUE,
		       "a COPY descriptor needs field_op.src.field_string");
	}
	EXPECT(doca_flow_pipe_cfg_set_monitor(pc, NULL), DOCA_ERROR_INVALID_VALUE,
	       "monitor is NULL");
	EXPECT(doca_flow_pipe_cfg_set_ordered_lists(pc, lists, 0), DOCA_ERROR_INVALID_VALUE,
	       "nr_lists 0");
	EXPECT(doca_flow_pipe_cfg_set_ordered_lists(pc, lists, 1), DOCA_ERROR_INVALID_VALUE,
	       "ordered list NULL");
	EXPECT(doca_flow_pipe_create(NULL, NULL, NULL, &p), DOCA_ERROR_INVALID_VALUE,
	       "cfg is NULL");
	EXPECT(doca_flow_pipe_create(pc, &fwd, NULL, &p), DOCA_ERROR_INVALID_VALUE,
	       "fwd port 64 is out of range");
	fwd.type = DOCA_FLOW_FWD_TARGET;
	fwd.target = NULL;
	EXPECT(doca_flow_pipe_create(pc, &fwd, NULL, &p), DOCA_ERROR_INVALID_VALUE,
	       "fwd target is not a target");
	fwd.type = (enum doca_flow_fwd_type)42;
	EXPECT(doca_flow_pipe_create(pc, &fwd, NULL, &p), DOCA_ERROR_INVALID_VALUE,
	       "unknown fwd type 42");
	fwd.type = DOCA_FLOW_FWD_PIPE;
	fwd.next_pipe = (struct doca_flow_pipe *)&fwd;
	EXPECT(doca_flow_pipe_create(pc, &fwd, NULL, &p), DOCA_ERROR_INVALID_VALUE,
	       "not a live pipe");
	/* Unsupported match field and action. */
	memset(&m, 0, sizeof(m));
	m.parser_meta.psp_syndrome = 1;
	assert_int_equal(doca_flow_pipe_cfg_set_match(pc, &m, NULL), DOCA_SUCCESS);
	EXPECT(doca_flow_pipe_create(pc, NULL, NULL, &p), DOCA_ERROR_NOT_SUPPORTED,
	       "parser_meta.psp_syndrome");
	memset(&m, 0, sizeof(m));
	assert_int_equal(doca_flow_pipe_cfg_set_match(pc, &m, &m), DOCA_SUCCESS);
	memset(&a, 0, sizeof(a));
	a.has_crypto_encap = true;
	assert_int_equal(doca_flow_pipe_cfg_set_actions(pc, acts, NULL, NULL, 1), DOCA_SUCCESS);
	EXPECT(doca_flow_pipe_create(pc, NULL, NULL, &p), DOCA_ERROR_NOT_SUPPORTED,
	       "has_crypto_encap", "pushes VLANs only");
	memset(&a, 0, sizeof(a));
	assert_int_equal(doca_flow_pipe_cfg_set_actions(pc, acts, NULL, NULL, 1), DOCA_SUCCESS);
	memset(&mon, 0, sizeof(mon));
	mon.meter_type = (enum doca_flow_resource_type)9;
	assert_int_equal(doca_flow_pipe_cfg_set_monitor(pc, &mon), DOCA_SUCCESS);
	EXPECT(doca_flow_pipe_create(pc, NULL, NULL, &p), DOCA_ERROR_INVALID_VALUE,
	       "monitor.meter_type 9");
	mon.meter_type = DOCA_FLOW_RESOURCE_TYPE_NONE;
	mon.counter_type = DOCA_FLOW_RESOURCE_TYPE_SHARED;
	mon.shared_counter.shared_counter_id = 4;
	assert_int_equal(doca_flow_pipe_cfg_set_monitor(pc, &mon), DOCA_SUCCESS);
	EXPECT(doca_flow_pipe_create(pc, NULL, NULL, &p), DOCA_ERROR_INVALID_VALUE,
	       "shared counter 4 out of range");
	mon.counter_type = DOCA_FLOW_RESOURCE_TYPE_NONE;
	assert_int_equal(doca_flow_pipe_cfg_set_monitor(pc, &mon), DOCA_SUCCESS);
	/* Root twice on one port. */
	assert_int_equal(doca_flow_pipe_cfg_set_is_root(pc, true), DOCA_SUCCESS);
	fwd.type = DOCA_FLOW_FWD_DROP;
	assert_int_equal(doca_flow_pipe_cfg_set_name(pc, "first"), DOCA_SUCCESS);
	assert_int_equal(doca_flow_pipe_create(pc, &fwd, NULL, &root), DOCA_SUCCESS);
	EXPECT(doca_flow_pipe_create(pc, &fwd, NULL, &p), DOCA_ERROR_INVALID_VALUE,
	       "already has root pipe 'first'");
	assert_int_equal(doca_flow_pipe_cfg_set_type(pc, DOCA_FLOW_PIPE_HASH), DOCA_SUCCESS);
	EXPECT(doca_flow_pipe_calc_hash(root, &m, &h), DOCA_ERROR_NOT_SUPPORTED,
	       "needs a HASH pipe");
	EXPECT(doca_flow_resource_query_pipe_miss(root, &q), DOCA_ERROR_INVALID_VALUE,
	       "no miss counter");
	EXPECT(doca_flow_resource_query_pipe_miss(root, NULL), DOCA_ERROR_INVALID_VALUE,
	       "query_stats is NULL");
	EXPECT(doca_flow_pipe_update_miss(root, NULL), DOCA_ERROR_INVALID_VALUE,
	       "fwd_miss is NULL");
	doca_flow_pipe_dump(root, stderr);
	doca_flow_pipe_destroy(root);
	t_log_reset();
	doca_flow_pipe_destroy(root);
	t_assert_logged("destroyed twice");
	assert_int_equal(doca_flow_pipe_cfg_destroy(pc), DOCA_SUCCESS);
	/* ORDERED_LIST without lists; HASH without match. */
	assert_int_equal(doca_flow_pipe_cfg_create(&pc, ft_ports[0]), DOCA_SUCCESS);
	assert_int_equal(doca_flow_pipe_cfg_set_type(pc, DOCA_FLOW_PIPE_ORDERED_LIST),
	                 DOCA_SUCCESS);
	EXPECT(doca_flow_pipe_create(pc, NULL, NULL, &p), DOCA_ERROR_INVALID_VALUE, "has no lists");
	assert_int_equal(doca_flow_pipe_cfg_set_type(pc, DOCA_FLOW_PIPE_HASH), DOCA_SUCCESS);
	EXPECT(doca_flow_pipe_create(pc, NULL, NULL, &p), DOCA_ERROR_INVALID_VALUE,
	       "no match mask");
	assert_int_equal(doca_flow_pipe_cfg_destroy(pc), DOCA_SUCCESS);
	ft_fini();
}

static void test_entry_errors(void **state)
{
	struct doca_flow_pipe_cfg *pc;
	struct doca_flow_pipe *p;
	struct doca_flow_match m;
	struct doca_flow_monitor mon = {.counter_type = DOCA_FLOW_RESOURCE_TYPE_NON_SHARED};
	struct doca_flow_fwd fwd = {.type = DOCA_FLOW_FWD_PORT, .port_id = 0xffff};
	struct doca_flow_fwd f1 = {.type = DOCA_FLOW_FWD_PORT, .port_id = 1};
	struct doca_flow_pipe_entry *e = NULL, *e2;
	struct doca_flow_resource_query q;
	struct doca_flow_ordered_list l = {0};

	(void)state;
	ft_init("vnf,hws", 0, 0, 0, 2);
	memset(&m, 0, sizeof(m));
	m.outer.ip4.dst_ip = 0xffffffff;
	assert_int_equal(doca_flow_pipe_cfg_create(&pc, ft_ports[0]), DOCA_SUCCESS);
	assert_int_equal(doca_flow_pipe_cfg_set_name(pc, "P"), DOCA_SUCCESS);
	assert_int_equal(doca_flow_pipe_cfg_set_nr_entries(pc, 1), DOCA_SUCCESS);
	assert_int_equal(doca_flow_pipe_cfg_set_match(pc, &m, NULL), DOCA_SUCCESS);
	assert_int_equal(doca_flow_pipe_create(pc, &fwd, NULL, &p), DOCA_SUCCESS);
	doca_flow_pipe_cfg_destroy(pc);
	EXPECT(doca_flow_pipe_basic_add_entry(0, NULL, &m, 0, NULL, NULL, &f1, 0, NULL, &e),
	       DOCA_ERROR_INVALID_VALUE, "not a live pipe");
	EXPECT(doca_flow_pipe_basic_add_entry(1, p, &m, 0, NULL, NULL, &f1, 0, NULL, &e),
	       DOCA_ERROR_INVALID_VALUE, "pipe queue 1 out of range");
	EXPECT(doca_flow_pipe_basic_add_entry(0, p, &m, 0, NULL, NULL, &f1, 3, NULL, &e),
	       DOCA_ERROR_INVALID_VALUE, "flags 0x3", "not both");
	EXPECT(doca_flow_pipe_basic_add_entry(0, p, &m, 0, NULL, NULL, NULL, 0, NULL, &e),
	       DOCA_ERROR_INVALID_VALUE, "forwards per entry", "entry's fwd");
	EXPECT(doca_flow_pipe_basic_add_entry(0, p, &m, 0, NULL, &mon, &f1, 0, NULL, &e),
	       DOCA_ERROR_INVALID_VALUE, "asks for a counter", "'P' has none");
	EXPECT(doca_flow_pipe_hash_add_entry(0, p, 0, 0, NULL, NULL, &f1, 0, NULL, &e),
	       DOCA_ERROR_INVALID_VALUE, "add call of its type");
	EXPECT(doca_flow_pipe_ordered_list_add_entry(0, p, 0, &l, &f1, 0, NULL, &e),
	       DOCA_ERROR_INVALID_VALUE, "add call of its type");
	EXPECT(doca_flow_pipe_control_add_entry(0, p, &m, NULL, NULL, NULL, NULL, NULL, NULL, 0,
	                                        &f1, NULL, &e),
	       DOCA_ERROR_INVALID_VALUE, "add call of its type");
	assert_int_equal(doca_flow_pipe_basic_add_entry(0, p, &m, 0, NULL, NULL, &f1, 0, NULL, &e),
	                 DOCA_SUCCESS);
	EXPECT(doca_flow_pipe_basic_add_entry(0, p, &m, 0, NULL, NULL, &f1, 0, NULL, &e2),
	       DOCA_ERROR_INVALID_VALUE, "'P' is full", "set_nr_entries");
	EXPECT(doca_flow_resource_query_entry(e, &q), DOCA_ERROR_INVALID_VALUE, "has no counter");
	EXPECT(doca_flow_resource_query_entry(e, NULL), DOCA_ERROR_INVALID_VALUE,
	       "query_stats is NULL");
	EXPECT(doca_flow_resource_query_entry(NULL, &q), DOCA_ERROR_INVALID_VALUE,
	       "not a live entry");
	EXPECT(doca_flow_pipe_basic_update_entry(0, p, 0, NULL, NULL, &f1, 0, NULL),
	       DOCA_ERROR_INVALID_VALUE, "not a live entry of this pipe");
	EXPECT(doca_flow_pipe_basic_update_entry(5, p, 0, NULL, NULL, &f1, 0, e),
	       DOCA_ERROR_INVALID_VALUE, "pipe queue 5 out of range");
	EXPECT(doca_flow_pipe_remove_entry(0, 0, NULL), DOCA_ERROR_INVALID_VALUE,
	       "not a live entry");
	EXPECT(doca_flow_pipe_remove_entry(3, 0, e), DOCA_ERROR_INVALID_VALUE,
	       "pipe queue 3 out of range");
	EXPECT(doca_flow_pipe_remove_entry(0, 8, e), DOCA_ERROR_INVALID_VALUE, "flags 0x8");
	t_log_reset();
	assert_int_equal(doca_flow_pipe_entry_get_status(NULL), DOCA_FLOW_ENTRY_STATUS_ERROR);
	t_assert_logged("doca_flow_pipe_entry_get_status", "not a live entry");
	EXPECT(doca_flow_entries_process(NULL, 0, 0, 0), DOCA_ERROR_INVALID_VALUE,
	       "not a started port");
	EXPECT(doca_flow_entries_process(ft_ports[0], 9, 0, 0), DOCA_ERROR_INVALID_VALUE,
	       "pipe queue out of range");
	assert_int_equal(doca_flow_aging_handle(ft_ports[0], 0, 0, 0), -1);
	assert_int_equal(doca_flow_pipe_remove_entry(0, DOCA_FLOW_ENTRY_FLAGS_NO_WAIT, e),
	                 DOCA_SUCCESS);
	EXPECT(doca_flow_pipe_remove_entry(0, 0, e), DOCA_ERROR_INVALID_VALUE, "not a live entry");
	ft_process(ft_ports[0]);
	assert_int_equal(ft_cb[DOCA_FLOW_ENTRY_OP_DEL][DOCA_FLOW_ENTRY_STATUS_SUCCESS], 1);
	ft_fini();
	EXPECT(doca_flow_pipe_remove_entry(0, 0, NULL), DOCA_ERROR_BAD_STATE, "not initialised");
}

static void test_shared_and_rx_errors(void **state)
{
	uint32_t id = 0;
	struct doca_flow_resource_query q;
	struct doca_flow_shared_resource_cfg cfg;
	static struct softdpa_frame fr[1];

	(void)state;
	EXPECT(doca_flow_shared_resources_query(DOCA_FLOW_SHARED_RESOURCE_COUNTER, &id, &q, 1),
	       DOCA_ERROR_BAD_STATE, "not initialised");
	ft_init("vnf,hws", 0, 0, 0, 1);
	EXPECT(doca_flow_shared_resources_query(DOCA_FLOW_SHARED_RESOURCE_COUNTER, NULL, &q, 1),
	       DOCA_ERROR_INVALID_VALUE, "NULL arrays");
	EXPECT(doca_flow_shared_resources_query(DOCA_FLOW_SHARED_RESOURCE_RSS, &id, &q, 1),
	       DOCA_ERROR_NOT_SUPPORTED, "RSS resources have no counters");
	memset(&cfg, 0, sizeof(cfg));
	EXPECT(doca_flow_shared_resource_set_cfg(DOCA_FLOW_SHARED_RESOURCE_METER, 4, &cfg),
	       DOCA_ERROR_INVALID_VALUE, "METER id 4 out of range");
	EXPECT(doca_flow_shared_resources_bind(DOCA_FLOW_SHARED_RESOURCE_COUNTER, NULL, 1, NULL),
	       DOCA_ERROR_INVALID_VALUE, "res_array NULL");
	id = 9;
	EXPECT(doca_flow_shared_resources_bind(DOCA_FLOW_SHARED_RESOURCE_COUNTER, &id, 1, NULL),
	       DOCA_ERROR_INVALID_VALUE, "COUNTER id 9 out of range");
	id = 1;
	assert_int_equal(doca_flow_shared_resources_bind(DOCA_FLOW_SHARED_RESOURCE_COUNTER, &id, 1,
	                                                 ft_ports[0]),
	                 DOCA_SUCCESS);
	assert_int_equal(
	        doca_flow_shared_resource_set_cfg(DOCA_FLOW_SHARED_RESOURCE_COUNTER, 1, NULL),
	        DOCA_SUCCESS);
	t_log_reset();
	assert_int_equal(softdpa_port_rx_burst(0, 0, NULL, 1), 0);
	t_assert_logged("frames is NULL");
	assert_int_equal(softdpa_port_rx_burst(0, 64, fr, 1), 0);
	t_assert_logged("out of range");
	assert_int_equal(softdpa_port_rx_burst(5, 0, fr, 1), 0); /* not started: nothing */
	ft_fini();
}

int main(void)
{
	/* clang-format off */
	const struct CMUnitTest tests[] = {
		FT_TEST(test_global_cfg_errors),
		FT_TEST(test_setters_succeed),
		FT_TEST(test_port_errors),
		FT_TEST(test_pipe_errors),
		FT_TEST(test_entry_errors),
		FT_TEST(test_shared_and_rx_errors),
	};
	/* clang-format on */

	return cmocka_run_group_tests(tests, NULL, NULL);
}
