/* SPDX-License-Identifier: BSD-3-Clause
 * The "pipes" section of a stats dump (src/nic/flow_stats.c, softdpa stats): one line per
 * pipe of every port, in creation order, with its type, root flag and entries; present
 * only while DOCA Flow is initialised.
 */
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#include <softdpa.h>

#include "flow_t.h"

static struct doca_flow_pipe *make_pipe(struct doca_flow_port *port, const char *name,
                                        enum doca_flow_pipe_type type, bool root, uint32_t nr)
{
	struct doca_flow_match mask;
	struct doca_flow_pipe_cfg *pc;
	struct doca_flow_fwd fwd = {.type = DOCA_FLOW_FWD_PORT, .port_id = 1};
	struct doca_flow_pipe *p;

	memset(&mask, 0, sizeof(mask));
	mask.outer.l3_type = DOCA_FLOW_L3_TYPE_IP4;
	mask.outer.ip4.dst_ip = 0xffffffff;
	assert_int_equal(doca_flow_pipe_cfg_create(&pc, port), DOCA_SUCCESS);
	assert_int_equal(doca_flow_pipe_cfg_set_name(pc, name), DOCA_SUCCESS);
	assert_int_equal(doca_flow_pipe_cfg_set_type(pc, type), DOCA_SUCCESS);
	assert_int_equal(doca_flow_pipe_cfg_set_is_root(pc, root), DOCA_SUCCESS);
	assert_int_equal(doca_flow_pipe_cfg_set_nr_entries(pc, nr), DOCA_SUCCESS);
	assert_int_equal(
	        doca_flow_pipe_cfg_set_match(pc, type == DOCA_FLOW_PIPE_HASH ? NULL : &mask, &mask),
	        DOCA_SUCCESS);
	assert_int_equal(doca_flow_pipe_create(pc, &fwd, NULL, &p), DOCA_SUCCESS);
	assert_int_equal(doca_flow_pipe_cfg_destroy(pc), DOCA_SUCCESS);
	return p;
}

static char *dump(void)
{
	char *buf = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&buf, &len);

	assert_non_null(f);
	assert_int_equal(softdpa_stats_dump(f), DOCA_SUCCESS);
	assert_int_equal(fclose(f), 0);
	return buf;
}

static void test_pipes_section(void **state)
{
	struct doca_flow_pipe *root, *hash;
	struct doca_flow_pipe_entry *e;
	struct doca_flow_match m;
	struct doca_flow_fwd fwd = {.type = DOCA_FLOW_FWD_PORT, .port_id = 1};
	char *d;

	(void)state;
	ft_init("vnf,hws", 0, 0, 0, 2);
	root = make_pipe(ft_ports[0], "ROOT", DOCA_FLOW_PIPE_BASIC, true, 16);
	hash = make_pipe(ft_ports[0], "HASH_PIPE", DOCA_FLOW_PIPE_HASH, false, 64);
	(void)make_pipe(ft_ports[1], "P1 \"q\"", DOCA_FLOW_PIPE_BASIC, true, 8);
	for (uint32_t i = 0; i < 2; i++) {
		memset(&m, 0, sizeof(m));
		m.outer.l3_type = DOCA_FLOW_L3_TYPE_IP4;
		m.outer.ip4.dst_ip = htobe32(0x0a000001 + i);
		assert_int_equal(doca_flow_pipe_basic_add_entry(0, root, &m, 0, NULL, NULL, NULL,
		                                                DOCA_FLOW_ENTRY_FLAGS_NO_WAIT, NULL,
		                                                &e),
		                 DOCA_SUCCESS);
	}
	for (uint32_t i = 0; i < 5; i++)
		assert_int_equal(doca_flow_pipe_hash_add_entry(0, hash, i, 0, NULL, NULL, &fwd,
		                                               DOCA_FLOW_ENTRY_FLAGS_NO_WAIT, NULL,
		                                               &e),
		                 DOCA_SUCCESS);
	ft_process(ft_ports[0]);

	d = dump();
	assert_non_null(strstr(d, "{\"section\":\"pipes\",\"port\":0,\"pipe\":\"ROOT\",\"type\":"
	                          "\"basic\",\"root\":true,\"entries\":2,\"max_entries\":16}\n"
	                          "{\"section\":\"pipes\",\"port\":0,\"pipe\":\"HASH_PIPE\","
	                          "\"type\":\"hash\",\"root\":false,\"entries\":5,"
	                          "\"max_entries\":64}\n"
	                          "{\"section\":\"pipes\",\"port\":1,\"pipe\":\"P1 \\\"q\\\"\","
	                          "\"type\":\"basic\",\"root\":true,\"entries\":0,"
	                          "\"max_entries\":8}\n"));
	free(d);

	ft_fini();
	d = dump();
	assert_null(strstr(d, "\"section\":\"pipes\""));
	free(d);
	/* Initialised again: the section comes back (no ALREADY_EXIST, no stale pipes). */
	ft_init("vnf,hws", 0, 0, 0, 1);
	(void)make_pipe(ft_ports[0], "AGAIN", DOCA_FLOW_PIPE_BASIC, true, 4);
	d = dump();
	assert_non_null(strstr(d, "\"pipe\":\"AGAIN\""));
	assert_null(strstr(d, "\"pipe\":\"ROOT\""));
	free(d);
	ft_fini();
}

static int dumping; /* atomic: the dump thread runs while it is 1 */

static void *dump_loop(void *arg)
{
	int *n = arg;

	while (__atomic_load_n(&dumping, __ATOMIC_ACQUIRE)) {
		free(dump());
		__atomic_add_fetch(n, 1, __ATOMIC_RELAXED);
	}
	return NULL;
}

/* Dumps while the control plane creates pipes, adds entries and destroys pipes: the section
 * reads them only under the control-plane lock (TSan: make tsan runs the concurrency suite). */
static void test_pipes_section_while_changing(void **state)
{
	struct doca_flow_fwd fwd = {.type = DOCA_FLOW_FWD_PORT, .port_id = 1};
	struct doca_flow_pipe_entry *e;
	pthread_t t;
	int dumps = 0;

	(void)state;
	ft_init("vnf,hws", 0, 0, 0, 2);
	__atomic_store_n(&dumping, 1, __ATOMIC_RELEASE);
	assert_int_equal(pthread_create(&t, NULL, dump_loop, &dumps), 0);
	/* At least 50 rounds, and on until the thread has dumped 20 times in between. */
	for (int round = 0; round < 50 || __atomic_load_n(&dumps, __ATOMIC_RELAXED) < 20; round++) {
		struct doca_flow_pipe *h =
		        make_pipe(ft_ports[0], "H", DOCA_FLOW_PIPE_HASH, false, 8);

		for (uint32_t i = 0; i < 8; i++)
			assert_int_equal(doca_flow_pipe_hash_add_entry(
			                         0, h, i, 0, NULL, NULL, &fwd,
			                         DOCA_FLOW_ENTRY_FLAGS_NO_WAIT, NULL, &e),
			                 DOCA_SUCCESS);
		ft_process(ft_ports[0]);
		doca_flow_pipe_destroy(h);
	}
	__atomic_store_n(&dumping, 0, __ATOMIC_RELEASE);
	assert_int_equal(pthread_join(t, NULL), 0);
	assert_true(dumps > 0);
	ft_fini();
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	        cmocka_unit_test_teardown(test_pipes_section, ft_teardown),
	        cmocka_unit_test_teardown(test_pipes_section_while_changing, ft_teardown),
	};
	return cmocka_run_group_tests_name("flow_stats", tests, NULL, NULL);
}
