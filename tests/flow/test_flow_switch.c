/* SPDX-License-Identifier: BSD-3-Clause
 * Switch mode (docs/DESIGN_DECISIONS.md D12): one switch per PF with the representors
 * opened from it, and egress pipes of a switch reached by forwarding to them.
 */
#include <arpa/inet.h>
#include <stdlib.h>
#include <string.h>

#include <doca_dev.h>

#include "core/config.h"
#include "core/devices.h"
#include "flow_t.h"

static uint8_t in[SOFTDPA_FRAME_MAX], out[SOFTDPA_FRAME_MAX];

/* A BASIC pipe matching the IPv4 destination per entry (or nothing when !match_dst). */
static struct doca_flow_pipe *basic_pipe(struct doca_flow_port *port, const char *name,
                                         enum doca_flow_pipe_domain domain, bool root,
                                         bool match_dst, const struct doca_flow_fwd *fwd,
                                         doca_error_t want)
{
	struct doca_flow_pipe_cfg *pc;
	struct doca_flow_match m;
	struct doca_flow_pipe *p = NULL;

	memset(&m, 0, sizeof(m));
	if (match_dst) {
		m.outer.l3_type = DOCA_FLOW_L3_TYPE_IP4;
		m.outer.ip4.dst_ip = 0xffffffff;
	}
	assert_int_equal(doca_flow_pipe_cfg_create(&pc, port), DOCA_SUCCESS);
	assert_int_equal(doca_flow_pipe_cfg_set_name(pc, name), DOCA_SUCCESS);
	assert_int_equal(doca_flow_pipe_cfg_set_type(pc, DOCA_FLOW_PIPE_BASIC), DOCA_SUCCESS);
	assert_int_equal(doca_flow_pipe_cfg_set_is_root(pc, root), DOCA_SUCCESS);
	assert_int_equal(doca_flow_pipe_cfg_set_domain(pc, domain), DOCA_SUCCESS);
	assert_int_equal(doca_flow_pipe_cfg_set_nr_entries(pc, 8), DOCA_SUCCESS);
	assert_int_equal(doca_flow_pipe_cfg_set_match(pc, &m, NULL), DOCA_SUCCESS);
	assert_int_equal(doca_flow_pipe_create(pc, fwd, NULL, &p), want);
	doca_flow_pipe_cfg_destroy(pc);
	return p;
}

static doca_error_t add(struct doca_flow_pipe *p, uint32_t dst, const struct doca_flow_fwd *fwd)
{
	struct doca_flow_match m;
	struct doca_flow_pipe_entry *e = NULL;

	memset(&m, 0, sizeof(m));
	m.outer.ip4.dst_ip = htonl(dst);
	return doca_flow_pipe_basic_add_entry(0, p, &m, 0, NULL, NULL, fwd,
	                                      DOCA_FLOW_ENTRY_FLAGS_NO_WAIT, NULL, &e);
}

static struct doca_flow_fwd fwd_port(uint16_t port)
{
	struct doca_flow_fwd f;

	memset(&f, 0, sizeof(f));
	f.type = DOCA_FLOW_FWD_PORT;
	f.port_id = port;
	return f;
}

static struct doca_flow_fwd fwd_pipe(struct doca_flow_pipe *p)
{
	struct doca_flow_fwd f;

	memset(&f, 0, sizeof(f));
	f.type = DOCA_FLOW_FWD_PIPE;
	f.next_pipe = p;
	return f;
}

/* NVIDIA's flow_switch: two PFs, each with two representors, ports 0-2 and 3-5. */
static void test_two_switches(void **state)
{
	struct doca_devinfo **devs;
	struct doca_devinfo_rep **reps[2];
	struct doca_dev *dev[2];
	struct doca_dev_rep *rep[4];
	struct doca_flow_port *port[6];
	struct doca_flow_cfg *cfg;
	struct doca_flow_pipe *root[2];
	struct doca_flow_fwd f;
	uint32_t ndev, nrep;

	(void)state;
	setenv("SOFTDPA_DEVICES", "reps=2;reps=2", 1);
	setenv("SOFTDPA_NIC_WORKERS", "0", 1);
	sdpa_config_reload();
	sdpa_devices_reload();
	assert_int_equal(doca_devinfo_create_list(&devs, &ndev), DOCA_SUCCESS);
	assert_int_equal(ndev, 2);
	for (int d = 0; d < 2; d++) {
		assert_int_equal(doca_dev_open(devs[d], &dev[d]), DOCA_SUCCESS);
		assert_int_equal(doca_devinfo_rep_create_list(dev[d], DOCA_DEVINFO_REP_FILTER_NET,
		                                              &reps[d], &nrep),
		                 DOCA_SUCCESS);
		assert_int_equal(nrep, 2);
		for (int k = 0; k < 2; k++)
			assert_int_equal(doca_dev_rep_open(reps[d][k], &rep[2 * d + k]),
			                 DOCA_SUCCESS);
	}
	assert_int_equal(doca_flow_cfg_create(&cfg), DOCA_SUCCESS);
	assert_int_equal(doca_flow_cfg_set_mode_args(cfg, "switch,hws"), DOCA_SUCCESS);
	assert_int_equal(doca_flow_init(cfg), DOCA_SUCCESS);
	doca_flow_cfg_destroy(cfg);
	for (int i = 0; i < 6; i++) {
		struct doca_flow_port_cfg *pc;

		assert_int_equal(doca_flow_port_cfg_create(&pc), DOCA_SUCCESS);
		assert_int_equal(doca_flow_port_cfg_set_port_id(pc, (uint16_t)i), DOCA_SUCCESS);
		if (i % 3 == 0)
			assert_int_equal(doca_flow_port_cfg_set_dev(pc, dev[i / 3]), DOCA_SUCCESS);
		else
			assert_int_equal(
			        doca_flow_port_cfg_set_dev_rep(pc, rep[2 * (i / 3) + i % 3 - 1]),
			        DOCA_SUCCESS);
		assert_int_equal(doca_flow_port_start(pc, &port[i]), DOCA_SUCCESS);
		doca_flow_port_cfg_destroy(pc);
	}
	/* each port's switch is its PF's */
	for (int i = 0; i < 6; i++)
		assert_ptr_equal(doca_flow_port_switch_get(port[i]), port[i / 3 * 3]);
	assert_ptr_equal(doca_flow_port_switch_get(NULL), port[0]);

	/* a root pipe on each switch; the second does not collide with the first */
	for (int s = 0; s < 2; s++) {
		root[s] = basic_pipe(port[3 * s], "SWITCH_PIPE", DOCA_FLOW_PIPE_DOMAIN_DEFAULT,
		                     true, true, NULL, DOCA_SUCCESS);
		f = fwd_port((uint16_t)(3 * s + 1));
		assert_int_equal(add(root[s], 0x08080808, &f), DOCA_SUCCESS);
		f = fwd_port((uint16_t)(3 * s + 2));
		assert_int_equal(add(root[s], 0x08080809, &f), DOCA_SUCCESS);
		ft_process(port[3 * s]);
	}
	/* the wire of PF 1 and a representor of PF 1 enter switch 1, not switch 0 */
	ft_inject(3, in, ft_udp4(in, 0x01020304, 0x08080808, 1, 2));
	ft_inject(5, in, ft_udp4(in, 0x01020304, 0x08080809, 1, 2));
	ft_inject(2, in, ft_udp4(in, 0x01020304, 0x08080808, 1, 2));
	ft_sync();
	assert_int_equal(ft_drain_all(4), 1);
	assert_int_equal(ft_drain_all(5), 1);
	assert_int_equal(ft_drain(1, out), 64);
	assert_int_equal(ft_drain_all(1) + ft_drain_all(2) + ft_drain_all(0) + ft_drain_all(3), 0);

	/* a PF stops once its own representors are stopped, whatever the other switch does */
	assert_int_equal(doca_flow_port_stop(port[0]), DOCA_ERROR_IN_USE);
	t_assert_logged("still has representor port 1");
	assert_int_equal(doca_flow_port_stop(port[1]), DOCA_SUCCESS);
	assert_int_equal(doca_flow_port_stop(port[2]), DOCA_SUCCESS);
	assert_int_equal(doca_flow_port_stop(port[0]), DOCA_SUCCESS);
	for (int i = 5; i >= 3; i--)
		assert_int_equal(doca_flow_port_stop(port[i]), DOCA_SUCCESS);
	doca_flow_destroy();

	/* argp-style teardown order is not needed here: representors, then devices */
	for (int i = 0; i < 4; i++)
		assert_int_equal(doca_dev_rep_close(rep[i]), DOCA_SUCCESS);
	for (int d = 0; d < 2; d++) {
		doca_devinfo_rep_destroy_list(reps[d]);
		assert_int_equal(doca_dev_close(dev[d]), DOCA_SUCCESS);
	}
	doca_devinfo_destroy_list(devs);
	unsetenv("SOFTDPA_DEVICES");
	sdpa_config_reload();
	sdpa_devices_reload();
}

/* NVIDIA's flow_switch_to_wire: an ingress root forwards to an egress root pipe, which
 * sends back to the wire or to a representor. */
static void test_egress_pipes(void **state)
{
	struct doca_flow_pipe *ing, *egr, *other;
	struct doca_flow_fwd f, miss;

	(void)state;
	ft_init("switch,hws", 0, 0, 0, 3);
	egr = basic_pipe(ft_ports[0], "EGRESS", DOCA_FLOW_PIPE_DOMAIN_EGRESS, true, true, NULL,
	                 DOCA_SUCCESS);
	f = fwd_port(0);
	assert_int_equal(add(egr, 0x08080808, &f), DOCA_SUCCESS);
	f = fwd_port(1);
	assert_int_equal(add(egr, 0x08080809, &f), DOCA_SUCCESS);
	/* one egress root per port; it leaves the ingress root free */
	basic_pipe(ft_ports[0], "EGRESS2", DOCA_FLOW_PIPE_DOMAIN_EGRESS, true, true, NULL,
	           DOCA_ERROR_INVALID_VALUE);
	t_assert_logged("already has egress root pipe 'EGRESS'");
	f = fwd_pipe(egr);
	ing = basic_pipe(ft_ports[0], "INGRESS", DOCA_FLOW_PIPE_DOMAIN_DEFAULT, true, false, &f,
	                 DOCA_SUCCESS);
	{
		struct doca_flow_match m;
		struct doca_flow_pipe_entry *e;

		memset(&m, 0, sizeof(m));
		assert_int_equal(doca_flow_pipe_basic_add_entry(0, ing, &m, 0, NULL, NULL, NULL,
		                                                DOCA_FLOW_ENTRY_FLAGS_NO_WAIT, NULL,
		                                                &e),
		                 DOCA_SUCCESS);
	}
	ft_process(ft_ports[0]);
	ft_inject(0, in, ft_udp4(in, 0x01020304, 0x08080808, 1, 2));
	ft_inject(0, in, ft_udp4(in, 0x01020304, 0x08080809, 1, 2));
	ft_sync();
	assert_int_equal(ft_drain_all(0), 1); /* wire to wire */
	assert_int_equal(ft_drain_all(1), 1);

	/* In switch mode an egress pipe may hand a frame back to the switch's ingress pipes
	 * (NVIDIA's flow_hash_flooding_pipe); the frame then leaves as those decide. */
	{
		struct doca_flow_pipe *vport;

		f = fwd_port(2);
		vport = basic_pipe(ft_ports[0], "VPORT", DOCA_FLOW_PIPE_DOMAIN_DEFAULT, false,
		                   false, &f, DOCA_SUCCESS);
		f = fwd_pipe(vport);
		other = basic_pipe(ft_ports[0], "BACK", DOCA_FLOW_PIPE_DOMAIN_EGRESS, false, false,
		                   &f, DOCA_SUCCESS);
		assert_non_null(other);
		f = fwd_pipe(other);
		assert_int_equal(add(egr, 0x0808080a, &f), DOCA_SUCCESS);
		{
			struct doca_flow_match m;
			struct doca_flow_pipe_entry *e;

			memset(&m, 0, sizeof(m));
			assert_int_equal(doca_flow_pipe_basic_add_entry(
			                         0, other, &m, 0, NULL, NULL, NULL,
			                         DOCA_FLOW_ENTRY_FLAGS_NO_WAIT, NULL, &e),
			                 DOCA_SUCCESS);
			assert_int_equal(doca_flow_pipe_basic_add_entry(
			                         0, vport, &m, 0, NULL, NULL, NULL,
			                         DOCA_FLOW_ENTRY_FLAGS_NO_WAIT, NULL, &e),
			                 DOCA_SUCCESS);
		}
		ft_process(ft_ports[0]);
		ft_inject(0, in, ft_udp4(in, 0x01020304, 0x0808080a, 1, 2));
		ft_sync();
		/* ingress -> egress root -> BACK (egress) -> VPORT (ingress) -> port 2 */
		assert_int_equal(ft_drain_all(2), 1);
		assert_int_equal(ft_drain_all(0) + ft_drain_all(1), 0);
	}
	memset(&miss, 0, sizeof(miss));
	miss.type = DOCA_FLOW_FWD_PIPE;
	miss.next_pipe = ing;
	assert_int_equal(doca_flow_pipe_update_miss(other, &miss), DOCA_SUCCESS);
	ft_fini();
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	        FT_TEST(test_two_switches),
	        FT_TEST(test_egress_pipes),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
