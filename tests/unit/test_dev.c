/* SPDX-License-Identifier: BSD-3-Clause
 * doca_dev.h: the emulated device set (default, custom, malformed SOFTDPA_DEVICES), every
 * getter's exact values, every documented error with its log line, and the lifetimes of
 * lists, devices and representors.
 */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <doca_dev.h>

#include "core/config.h"
#include "core/devices.h"
#include "t_helpers.h"

/* Select a device set (NULL = unset) and start with a clean log. */
static void use_devices(const char *spec)
{
	if (spec == NULL)
		unsetenv("SOFTDPA_DEVICES");
	else
		setenv("SOFTDPA_DEVICES", spec, 1);
	sdpa_config_reload();
	t_log_reset();
	sdpa_devices_reload();
}

/* Objects alive before the test: a failed test leaks, which must not fail the next. */
static uint32_t live_before;

static int setup(void **state)
{
	(void)state;
	use_devices(NULL);
	live_before = sdpa_devices_live_objects();
	return 0;
}

/* Every test must give back everything it was handed. */
static int teardown(void **state)
{
	(void)state;
	assert_int_equal(sdpa_devices_live_objects(), live_before);
	return 0;
}

struct opened {
	struct doca_devinfo **list;
	uint32_t n;
	struct doca_dev *dev;
};

static void open_dev(struct opened *o, uint32_t idx)
{
	assert_int_equal(doca_devinfo_create_list(&o->list, &o->n), DOCA_SUCCESS);
	assert_true(idx < o->n);
	assert_int_equal(doca_dev_open(o->list[idx], &o->dev), DOCA_SUCCESS);
}

static void close_dev(struct opened *o)
{
	assert_int_equal(doca_dev_close(o->dev), DOCA_SUCCESS);
	assert_int_equal(doca_devinfo_destroy_list(o->list), DOCA_SUCCESS);
}

static void assert_dev(struct doca_devinfo *di, const char *ibdev, const char *iface,
                       const char *pci, enum doca_pci_func_type type, const uint8_t *mac)
{
	char name[DOCA_DEVINFO_IFACE_NAME_SIZE];
	char addr[DOCA_DEVINFO_PCI_ADDR_SIZE];
	uint8_t m[DOCA_DEVINFO_MAC_ADDR_SIZE];
	enum doca_pci_func_type t;
	uint8_t eq = 7;

	memset(name, 'x', sizeof(name));
	assert_int_equal(doca_devinfo_get_ibdev_name(di, name, DOCA_DEVINFO_IBDEV_NAME_SIZE),
	                 DOCA_SUCCESS);
	assert_string_equal(name, ibdev);
	assert_int_equal(doca_devinfo_get_iface_name(di, name, sizeof(name)), DOCA_SUCCESS);
	assert_string_equal(name, iface);
	memset(addr, 'x', sizeof(addr));
	assert_int_equal(doca_devinfo_get_pci_addr_str(di, addr), DOCA_SUCCESS);
	assert_string_equal(addr, pci);
	assert_int_equal(doca_devinfo_is_equal_pci_addr(di, pci, &eq), DOCA_SUCCESS);
	assert_int_equal(eq, 1);
	assert_int_equal(doca_devinfo_get_pci_func_type(di, &t), DOCA_SUCCESS);
	assert_int_equal(t, type);
	assert_int_equal(doca_devinfo_get_mac_addr(di, m, sizeof(m)), DOCA_SUCCESS);
	assert_memory_equal(m, mac, sizeof(m));
}

static void assert_rep(struct doca_devinfo_rep *r, const char *iface, const char *pci,
                       enum doca_pci_func_type type)
{
	char name[DOCA_DEVINFO_IFACE_NAME_SIZE];
	char addr[DOCA_DEVINFO_REP_PCI_ADDR_SIZE];
	enum doca_pci_func_type t;
	uint8_t eq = 7;

	assert_int_equal(doca_devinfo_rep_get_iface_name(r, name, sizeof(name)), DOCA_SUCCESS);
	assert_string_equal(name, iface);
	assert_int_equal(doca_devinfo_rep_get_pci_addr_str(r, addr), DOCA_SUCCESS);
	assert_string_equal(addr, pci);
	assert_int_equal(doca_devinfo_rep_is_equal_pci_addr(r, pci, &eq), DOCA_SUCCESS);
	assert_int_equal(eq, 1);
	assert_int_equal(doca_devinfo_rep_get_pci_func_type(r, &t), DOCA_SUCCESS);
	assert_int_equal(t, type);
}

/* ------------------------------------------------------------------ default set */

static void test_default_set(void **state)
{
	static const uint8_t mac[6] = {0x02, 0x53, 0x44, 0x50, 0x41, 0x00};
	static const uint8_t sf_mac[6] = {0x02, 0x53, 0x44, 0x50, 0x41, 0x01};
	static const uint8_t ip6[16] = {0xfe, 0x80, 0,    0,    0,    0,    0,    0,
	                                0x00, 0x53, 0x44, 0xff, 0xfe, 0x50, 0x41, 0x00};
	struct doca_devinfo_rep **reps;
	struct opened o;
	uint8_t ip4[4] = {1, 2, 3, 4}, ip[16], cap;
	uint32_t nr;
	uint64_t rate = 0;
	uint8_t eq;
	(void)state;

	/* A BlueField-3's Arm side: the PF of port 0 and the SF BlueField's OS creates on it. */
	assert_int_equal(sdpa_devices_count(), 2);
	open_dev(&o, 0);
	assert_int_equal(o.n, 2);
	assert_null(o.list[2]); /* NULL-terminated */
	assert_dev(o.list[0], "mlx5_0", "p0", "0000:03:00.0", DOCA_PCI_FUNC_TYPE_PF, mac);
	assert_dev(o.list[1], "mlx5_1", "en3f0pf0sf0", "0000:04:00.0", DOCA_PCI_FUNC_TYPE_SF,
	           sf_mac);
	assert_true(sdpa_devinfo_has_dpa(o.list[1])); /* a DPA device: extendable to */
	assert_int_equal(doca_devinfo_get_sf_index(o.list[1], &nr), DOCA_SUCCESS);
	assert_int_equal(nr, 1);
	cap = 9;
	assert_int_equal(doca_devinfo_rep_cap_is_filter_net_supported(o.list[1], &cap),
	                 DOCA_SUCCESS);
	assert_int_equal(cap, 0);
	assert_int_equal(doca_devinfo_get_ipv4_addr(o.list[0], ip4, 4), DOCA_SUCCESS);
	assert_int_equal(ip4[0] | ip4[1] | ip4[2] | ip4[3], 0);
	assert_int_equal(doca_devinfo_get_ipv6_addr(o.list[0], ip, sizeof(ip)), DOCA_SUCCESS);
	assert_memory_equal(ip, ip6, sizeof(ip));
	assert_int_equal(doca_devinfo_get_active_rate(o.list[0], &rate), DOCA_SUCCESS);
	assert_true(rate == 400000000000ULL);
	/* Short and upper-case forms; other functions do not match. */
	assert_int_equal(doca_devinfo_is_equal_pci_addr(o.list[0], "03:00.0", &eq), DOCA_SUCCESS);
	assert_int_equal(eq, 1);
	assert_int_equal(doca_devinfo_is_equal_pci_addr(o.list[0], "0000:03:00.1", &eq),
	                 DOCA_SUCCESS);
	assert_int_equal(eq, 0);
	assert_int_equal(doca_devinfo_is_equal_pci_addr(o.list[0], "0001:03:00.0", &eq),
	                 DOCA_SUCCESS);
	assert_int_equal(eq, 0);
	assert_int_equal(doca_devinfo_is_equal_pci_addr(o.list[0], "0A:00.0", &eq), DOCA_SUCCESS);
	assert_int_equal(eq, 0);
	cap = 9;
	assert_int_equal(doca_devinfo_rep_cap_is_filter_all_supported(o.list[0], &cap),
	                 DOCA_SUCCESS);
	assert_int_equal(cap, 1);
	cap = 9;
	assert_int_equal(doca_devinfo_rep_cap_is_filter_net_supported(o.list[0], &cap),
	                 DOCA_SUCCESS);
	assert_int_equal(cap, 1);
	cap = 9;
	assert_int_equal(doca_devinfo_rep_cap_is_filter_emulated_supported(o.list[0], &cap),
	                 DOCA_SUCCESS);
	assert_int_equal(cap, 0);

	assert_int_equal(sdpa_devinfo_model(o.list[0]), SDPA_DEV_BF3);
	assert_int_equal(sdpa_dev_model(o.dev), SDPA_DEV_BF3);
	assert_true(sdpa_devinfo_has_dpa(o.list[0]));
	assert_int_equal(sdpa_devinfo_id(o.list[0]), 0);
	assert_int_equal(sdpa_dev_id(o.dev), 0);
	assert_ptr_equal(doca_dev_as_devinfo(o.dev), o.list[0]);

	for (int f = 0; f < 2; f++) {
		int filter = f == 0 ? DOCA_DEVINFO_REP_FILTER_ALL : DOCA_DEVINFO_REP_FILTER_NET;

		assert_int_equal(doca_devinfo_rep_create_list(o.dev, filter, &reps, &nr),
		                 DOCA_SUCCESS);
		assert_int_equal(nr, 2);
		assert_null(reps[2]);
		assert_rep(reps[0], "pf0vf0", "0000:03:00.1", DOCA_PCI_FUNC_TYPE_VF);
		assert_rep(reps[1], "pf0vf1", "0000:03:00.2", DOCA_PCI_FUNC_TYPE_VF);
		assert_int_equal(sdpa_devinfo_rep_index(reps[0]), 0);
		assert_int_equal(sdpa_devinfo_rep_index(reps[1]), 1);
		assert_int_equal(doca_devinfo_rep_is_equal_pci_addr(reps[1], "03:00.2", &eq),
		                 DOCA_SUCCESS);
		assert_int_equal(eq, 1);
		assert_int_equal(doca_devinfo_rep_is_equal_pci_addr(reps[1], "0000:03:00.1", &eq),
		                 DOCA_SUCCESS);
		assert_int_equal(eq, 0);
		assert_int_equal(doca_devinfo_rep_destroy_list(reps), DOCA_SUCCESS);
	}
	close_dev(&o);
	assert_int_equal(t_log_problems(), 0);
}

static void test_empty_value_is_default(void **state)
{
	static const uint8_t mac[6] = {0x02, 0x53, 0x44, 0x50, 0x41, 0x00};
	struct opened o;
	(void)state;

	use_devices("");
	assert_int_equal(sdpa_devices_count(), 2);
	open_dev(&o, 0);
	assert_dev(o.list[0], "mlx5_0", "p0", "0000:03:00.0", DOCA_PCI_FUNC_TYPE_PF, mac);
	close_dev(&o);
	assert_int_equal(t_log_problems(), 0);
}

/* ------------------------------------------------------------------ custom sets */

static void test_custom_set(void **state)
{
	static const uint8_t mac0[6] = {0x02, 0xaa, 0xbb, 0xcc, 0xdd, 0xee};
	static const uint8_t mac1[6] = {0x02, 0x53, 0x44, 0x50, 0x41, 0x01};
	struct doca_devinfo_rep **reps;
	struct doca_dev *dev1;
	struct opened o;
	uint32_t nr;
	uint64_t rate;
	(void)state;

	use_devices(" model = BF3, ibdev=mlx5_2,iface=eth7,pci=0000:81:00.0,"
	            "mac=02:AA:bb:cc:dd:ee,reps=3,rep_type=sf ; model=cx6 ;");
	assert_int_equal(t_log_problems(), 0);
	assert_int_equal(sdpa_devices_count(), 2);
	open_dev(&o, 0);
	assert_int_equal(o.n, 2);
	assert_null(o.list[2]);
	assert_dev(o.list[0], "mlx5_2", "eth7", "0000:81:00.0", DOCA_PCI_FUNC_TYPE_PF, mac0);
	assert_int_equal(
	        doca_devinfo_rep_create_list(o.dev, DOCA_DEVINFO_REP_FILTER_ALL, &reps, &nr),
	        DOCA_SUCCESS);
	assert_int_equal(nr, 3);
	assert_rep(reps[0], "pf0sf0", "0000:81:00.1", DOCA_PCI_FUNC_TYPE_SF);
	assert_rep(reps[1], "pf0sf1", "0000:81:00.2", DOCA_PCI_FUNC_TYPE_SF);
	assert_rep(reps[2], "pf0sf2", "0000:81:00.3", DOCA_PCI_FUNC_TYPE_SF);
	assert_int_equal(doca_devinfo_rep_destroy_list(reps), DOCA_SUCCESS);

	/* Entry 1 takes every default from its position: a ConnectX-6 without DPA. */
	assert_dev(o.list[1], "mlx5_1", "p1", "0000:04:00.0", DOCA_PCI_FUNC_TYPE_PF, mac1);
	assert_int_equal(sdpa_devinfo_model(o.list[1]), SDPA_DEV_CX6);
	assert_false(sdpa_devinfo_has_dpa(o.list[1]));
	assert_int_equal(sdpa_devinfo_id(o.list[1]), 1);
	assert_int_equal(doca_devinfo_get_active_rate(o.list[1], &rate), DOCA_SUCCESS);
	assert_true(rate == 200000000000ULL);
	assert_int_equal(doca_dev_open(o.list[1], &dev1), DOCA_SUCCESS);
	assert_int_equal(sdpa_dev_id(dev1), 1);
	assert_int_equal(sdpa_dev_model(dev1), SDPA_DEV_CX6);
	assert_int_equal(
	        doca_devinfo_rep_create_list(dev1, DOCA_DEVINFO_REP_FILTER_NET, &reps, &nr),
	        DOCA_SUCCESS);
	assert_int_equal(nr, 2);
	assert_rep(reps[0], "pf1vf0", "0000:04:00.1", DOCA_PCI_FUNC_TYPE_VF);
	assert_rep(reps[1], "pf1vf1", "0000:04:00.2", DOCA_PCI_FUNC_TYPE_VF);
	assert_int_equal(doca_devinfo_rep_destroy_list(reps), DOCA_SUCCESS);
	assert_int_equal(doca_dev_close(dev1), DOCA_SUCCESS);
	close_dev(&o);
	assert_int_equal(t_log_problems(), 0);
}

/* Representor addresses carry from function 7 into the next PCI device. */
static void test_rep_pci_carry(void **state)
{
	struct doca_devinfo_rep **reps;
	struct opened o;
	uint32_t nr;
	(void)state;

	use_devices("pci=05:00.6,reps=3");
	assert_int_equal(t_log_problems(), 0);
	open_dev(&o, 0);
	assert_int_equal(doca_devinfo_rep_create_list(o.dev, 0, &reps, &nr), DOCA_SUCCESS);
	assert_int_equal(nr, 3);
	assert_rep(reps[0], "pf0vf0", "0000:05:00.7", DOCA_PCI_FUNC_TYPE_VF);
	assert_rep(reps[1], "pf0vf1", "0000:05:01.0", DOCA_PCI_FUNC_TYPE_VF);
	assert_rep(reps[2], "pf0vf2", "0000:05:01.1", DOCA_PCI_FUNC_TYPE_VF);
	assert_int_equal(doca_devinfo_rep_destroy_list(reps), DOCA_SUCCESS);
	close_dev(&o);
}

/* The short BB:DD.F form matches in any domain; the long form needs the domain. */
static void test_pci_domain(void **state)
{
	struct doca_devinfo_rep **reps;
	struct opened o;
	uint32_t nr;
	uint8_t eq = 7;
	(void)state;

	use_devices("pci=00a1:3B:1e.4,reps=1");
	assert_int_equal(t_log_problems(), 0);
	open_dev(&o, 0);
	assert_int_equal(doca_devinfo_is_equal_pci_addr(o.list[0], "3b:1E.4", &eq), DOCA_SUCCESS);
	assert_int_equal(eq, 1);
	assert_int_equal(doca_devinfo_is_equal_pci_addr(o.list[0], "00A1:3b:1e.4", &eq),
	                 DOCA_SUCCESS);
	assert_int_equal(eq, 1);
	assert_int_equal(doca_devinfo_is_equal_pci_addr(o.list[0], "0000:3b:1e.4", &eq),
	                 DOCA_SUCCESS);
	assert_int_equal(eq, 0);
	assert_int_equal(doca_devinfo_rep_create_list(o.dev, 0, &reps, &nr), DOCA_SUCCESS);
	assert_rep(reps[0], "pf0vf0", "00a1:3b:1e.5", DOCA_PCI_FUNC_TYPE_VF);
	assert_int_equal(doca_devinfo_rep_is_equal_pci_addr(reps[0], "3b:1e.5", &eq), DOCA_SUCCESS);
	assert_int_equal(eq, 1);
	assert_int_equal(doca_devinfo_rep_is_equal_pci_addr(reps[0], "0000:3b:1e.5", &eq),
	                 DOCA_SUCCESS);
	assert_int_equal(eq, 0);
	assert_int_equal(doca_devinfo_rep_destroy_list(reps), DOCA_SUCCESS);
	close_dev(&o);
}

static void test_max_reps(void **state)
{
	struct doca_devinfo_rep **reps;
	struct opened o;
	uint32_t nr;
	(void)state;

	use_devices("reps=32");
	assert_int_equal(t_log_problems(), 0);
	open_dev(&o, 0);
	assert_int_equal(doca_devinfo_rep_create_list(o.dev, 0, &reps, &nr), DOCA_SUCCESS);
	assert_int_equal(nr, 32);
	assert_rep(reps[31], "pf0vf31", "0000:03:04.0", DOCA_PCI_FUNC_TYPE_VF);
	assert_int_equal(sdpa_devinfo_rep_index(reps[31]), 31);
	assert_int_equal(doca_devinfo_rep_destroy_list(reps), DOCA_SUCCESS);
	close_dev(&o);
}

/* A PF without representors lists none; a VF lists none it could have. */
static void test_no_reps(void **state)
{
	static const uint8_t mac1[6] = {0x02, 0x53, 0x44, 0x50, 0x41, 0x01};
	struct doca_devinfo_rep **reps = NULL;
	struct doca_dev *vf;
	struct opened o;
	uint32_t nr = 99;
	uint8_t cap = 9;
	(void)state;

	use_devices("reps=0;type=vf");
	assert_int_equal(t_log_problems(), 0);
	open_dev(&o, 0);
	assert_int_equal(
	        doca_devinfo_rep_create_list(o.dev, DOCA_DEVINFO_REP_FILTER_NET, &reps, &nr),
	        DOCA_SUCCESS);
	assert_int_equal(nr, 0);
	assert_non_null(reps);
	assert_null(reps[0]);
	assert_int_equal(doca_devinfo_rep_destroy_list(reps), DOCA_SUCCESS);

	assert_dev(o.list[1], "mlx5_1", "p1", "0000:04:00.0", DOCA_PCI_FUNC_TYPE_VF, mac1);
	assert_int_equal(doca_devinfo_rep_cap_is_filter_all_supported(o.list[1], &cap),
	                 DOCA_SUCCESS);
	assert_int_equal(cap, 0);
	cap = 9;
	assert_int_equal(doca_devinfo_rep_cap_is_filter_net_supported(o.list[1], &cap),
	                 DOCA_SUCCESS);
	assert_int_equal(cap, 0);
	assert_int_equal(doca_dev_open(o.list[1], &vf), DOCA_SUCCESS);
	t_log_reset();
	assert_int_equal(doca_devinfo_rep_create_list(vf, DOCA_DEVINFO_REP_FILTER_ALL, &reps, &nr),
	                 DOCA_ERROR_NOT_SUPPORTED);
	t_assert_logged("doca_devinfo_rep_create_list", "mlx5_1 is a vf", "on its PF");
	assert_int_equal(t_log_problems(), 1);
	assert_int_equal(doca_dev_close(vf), DOCA_SUCCESS);
	close_dev(&o);
}

static void test_no_devices(void **state)
{
	struct doca_devinfo **list = NULL;
	uint32_t n = 99;
	(void)state;

	use_devices("none");
	assert_int_equal(t_log_problems(), 0);
	assert_int_equal(sdpa_devices_count(), 0);
	assert_int_equal(doca_devinfo_create_list(&list, &n), DOCA_SUCCESS);
	assert_int_equal(n, 0);
	assert_non_null(list);
	assert_null(list[0]);
	assert_int_equal(doca_devinfo_destroy_list(list), DOCA_SUCCESS);
}

/* ------------------------------------------------------------------ malformed */

struct bad_spec {
	const char *spec;
	const char *want1;
	const char *want2;
};

static void test_malformed_specs(void **state)
{
	static char long_spec[5000];
	static char many[400];
	const struct bad_spec cases[] = {
	        {"model=cx7", "entry 0 ('model=cx7'): unknown model 'cx7'", "use model=bf3 or"},
	        {"model", "entry 0 ('model'): 'model' is not key=value", "default device set"},
	        {"ibdev=", "key 'ibdev' has an empty value", "entry 0"},
	        {"reps= ", "key 'reps' has an empty value", "entry 0"},
	        {"reps=33", "reps '33' is not a number in 0..32", "entry 0"},
	        {"reps=-1", "reps '-1' is not a number in 0..32", "entry 0"},
	        {"reps=2x", "reps '2x' is not a number", "entry 0"},
	        {"reps=+2", "reps '+2' is not a number", "entry 0"},
	        {"model=bf3;pci=0000:03:00", "entry 1", "pci '0000:03:00' is not a PCI address"},
	        {"pci=0000:03:20.0", "pci '0000:03:20.0' is not a PCI address", "device <= 1f"},
	        {"pci=0000:03:00.8", "is not a PCI address", "function <= 7"},
	        {"pci=zz:00.0", "pci 'zz:00.0' is not a PCI address", "0000:03:00.0"},
	        {"pci=0000-03:00.0", "is not a PCI address", "DDDD:BB:DD.F"},
	        {"mac=01:00:00:00:00:01", "mac '01:00:00:00:00:01' is not a unicast",
	         "xx:xx:xx:xx:xx:xx"},
	        {"mac=00:00:00:00:00:00", "is not a unicast, non-zero MAC", "entry 0"},
	        {"mac=02:00:00:00:00", "is not a unicast, non-zero MAC", "entry 0"},
	        {"mac=02-00-00-00-00-01", "is not a unicast, non-zero MAC", "entry 0"},
	        {"type=xf", "unknown type 'xf'", "pf, vf or sf"},
	        {"rep_type=pf", "unknown rep_type 'pf'", "vf or sf"},
	        {"type=sf,reps=2", "a sf has no representors", "type=pf or reps=0"},
	        {"color=red", "unknown key 'color'", "model, type, ibdev"},
	        {"prog_parse_graph=2", "prog_parse_graph '2' is not a number in 0..1", "entry 0"},
	        {"flex_parser_profile=256", "flex_parser_profile '256' is not a number in 0..255",
	         "entry 0"},
	        {"real_time_clock_enable=yes", "real_time_clock_enable 'yes' is not a number",
	         "entry 0"},
	        {"model=bf3,model=cx6", "key 'model' is given twice", "entry 0"},
	        {"rep_type=vf,rep_type=sf", "key 'rep_type' is given twice", "entry 0"},
	        {"ibdev=mlx5_0;ibdev=mlx5_0", "entry 1: ibdev 'mlx5_0' is already used by entry 0",
	         "its own ibdev="},
	        {"pci=0000:03:00.0;pci=03:00.1", "entry 1: PCI address 0000:03:00.1 is used twice",
	         "do not overlap"},
	        {"iface=a;iface=a", "entry 1: interface name 'a' is used twice", "its own iface="},
	        {"iface=pf0vf1", "entry 0: interface name 'pf0vf1' is used twice", "(entry 0)"},
	        {"mac=02:00:00:00:00:01;mac=02:00:00:00:00:01",
	         "entry 1: its MAC is already used by entry 0", "its own mac="},
	        {"iface=averyveryverylongname", "iface 'averyveryverylongname' is not 1..15",
	         "IFNAMSIZ"},
	        {"ibdev=bad/name", "ibdev 'bad/name' is not 1..63 characters", "entry 0"},
	        {";", "has no device entry", "'none' for no device"},
	        {" ; ;", "has no device entry", "default device set"},
	        {"pci=0000:03:1f.7,reps=2", "representor 0 would need PCI device 20", "fewer reps"},
	        {many, "lists more than 16 devices", "remove entries"},
	        {long_spec, "longer than 4096 characters", "default device set"},
	};
	(void)state;

	many[0] = '\0';
	for (int i = 0; i < 17; i++) {
		char e[32];
		snprintf(e, sizeof(e), "ibdev=d%d;", i);
		strcat(many, e);
	}
	memset(long_spec, ' ', sizeof(long_spec) - 1);
	long_spec[sizeof(long_spec) - 1] = '\0';

	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		struct opened o;
		char name[DOCA_DEVINFO_IBDEV_NAME_SIZE];

		use_devices(cases[i].spec);
		if (t_log_problems() != 1)
			fail_msg("case %zu ('%.40s'): %lu warnings, want 1", i, cases[i].spec,
			         t_log_problems());
		t_assert_logged("SOFTDPA_DEVICES", cases[i].want1, cases[i].want2);
		/* The fallback is the default set. */
		assert_int_equal(sdpa_devices_count(), 2);
		open_dev(&o, 0);
		assert_int_equal(o.n, 2);
		assert_int_equal(doca_devinfo_get_ibdev_name(o.list[0], name, sizeof(name)),
		                 DOCA_SUCCESS);
		assert_string_equal(name, "mlx5_0");
		assert_int_equal(sdpa_devinfo_model(o.list[0]), SDPA_DEV_BF3);
		close_dev(&o);
	}
}

/* Firmware settings (the samples' fw_config): 0 unless an entry gives them. */
static void test_fw_params(void **state)
{
	struct opened o;
	(void)state;

	use_devices("flex_parser_profile=4,prog_parse_graph=1,real_time_clock_enable=1;model=cx6");
	assert_int_equal(t_log_problems(), 0);
	open_dev(&o, 0);
	assert_int_equal(sdpa_dev_fw_param(o.dev, SDPA_FW_FLEX_PARSER_PROFILE), 4);
	assert_int_equal(sdpa_dev_fw_param(o.dev, SDPA_FW_PROG_PARSE_GRAPH), 1);
	assert_int_equal(sdpa_dev_fw_param(o.dev, SDPA_FW_REAL_TIME_CLOCK), 1);
	assert_int_equal(sdpa_dev_fw_param(o.dev, SDPA_FW_COUNT), 0);
	close_dev(&o);
	open_dev(&o, 1);
	for (uint32_t p = 0; p < SDPA_FW_COUNT; p++)
		assert_int_equal(sdpa_dev_fw_param(o.dev, (enum sdpa_fw_param)p), 0);
	close_dev(&o);
	assert_int_equal(sdpa_dev_fw_param(NULL, SDPA_FW_PROG_PARSE_GRAPH), 0);
	assert_string_equal(sdpa_fw_param_key(SDPA_FW_PROG_PARSE_GRAPH), "prog_parse_graph");
	assert_string_equal(sdpa_fw_param_mlxconfig(SDPA_FW_FLEX_PARSER_PROFILE),
	                    "FLEX_PARSER_PROFILE_ENABLE");
	use_devices(NULL);
}

/* A new set applies to new lists only; handed-out objects keep their description. */
static void test_reload_keeps_old_objects(void **state)
{
	char name[DOCA_DEVINFO_IBDEV_NAME_SIZE];
	struct opened o;
	(void)state;

	open_dev(&o, 0);
	use_devices("ibdev=other");
	assert_int_equal(doca_devinfo_get_ibdev_name(o.list[0], name, sizeof(name)), DOCA_SUCCESS);
	assert_string_equal(name, "mlx5_0");
	close_dev(&o);
	open_dev(&o, 0);
	assert_int_equal(doca_devinfo_get_ibdev_name(o.list[0], name, sizeof(name)), DOCA_SUCCESS);
	assert_string_equal(name, "other");
	close_dev(&o);
}

/* ------------------------------------------------------------------ list errors */

static void test_create_list_errors(void **state)
{
	struct doca_devinfo **list;
	uint32_t n;
	(void)state;

	assert_int_equal(doca_devinfo_create_list(NULL, &n), DOCA_ERROR_INVALID_VALUE);
	t_assert_logged("doca_devinfo_create_list: dev_list is NULL", "pass the address");
	assert_int_equal(doca_devinfo_create_list(&list, NULL), DOCA_ERROR_INVALID_VALUE);
	t_assert_logged("doca_devinfo_create_list: nb_devs is NULL", "pass the address");
	assert_int_equal(t_log_problems(), 2);
}

static void test_destroy_list_errors(void **state)
{
	struct doca_devinfo *fake[2] = {NULL, NULL};
	struct doca_devinfo **list;
	uint32_t n;
	(void)state;

	assert_int_equal(doca_devinfo_destroy_list(NULL), DOCA_ERROR_INVALID_VALUE);
	t_assert_logged("doca_devinfo_destroy_list: dev_list is NULL", "doca_devinfo_create_list");
	assert_int_equal(doca_devinfo_destroy_list(fake), DOCA_ERROR_INVALID_VALUE);
	t_assert_logged("is not a list from doca_devinfo_create_list", "exactly once");
	assert_int_equal(doca_devinfo_create_list(&list, &n), DOCA_SUCCESS);
	assert_int_equal(sdpa_devices_live_objects(), live_before + 3); /* list + 2 devinfos */
	assert_int_equal(doca_devinfo_destroy_list(list), DOCA_SUCCESS);
	assert_int_equal(sdpa_devices_live_objects(), live_before);
	t_log_reset();
	assert_int_equal(doca_devinfo_destroy_list(list), DOCA_ERROR_INVALID_VALUE);
	t_assert_logged("or was already destroyed", "destroy each list exactly once");
	assert_int_equal(t_log_problems(), 1);
}

/* ------------------------------------------------------------------ open / close */

static void test_open_close(void **state)
{
	struct doca_devinfo **list, **list2;
	struct doca_dev *a, *b, *c;
	uint32_t n;
	(void)state;

	assert_int_equal(doca_devinfo_create_list(&list, &n), DOCA_SUCCESS);
	assert_int_equal(doca_dev_open(NULL, &a), DOCA_ERROR_INVALID_VALUE);
	t_assert_logged("doca_dev_open: devinfo is NULL", "doca_devinfo_create_list");
	assert_int_equal(doca_dev_open(list[0], NULL), DOCA_ERROR_INVALID_VALUE);
	t_assert_logged("doca_dev_open: dev is NULL", "struct doca_dev *");
	assert_int_equal(doca_dev_open((struct doca_devinfo *)&n, &a), DOCA_ERROR_INVALID_VALUE);
	t_assert_logged("doca_dev_open: devinfo", "is not a live devinfo");

	/* Two opens of one devinfo: one device, two closes. */
	assert_int_equal(doca_dev_open(list[0], &a), DOCA_SUCCESS);
	assert_int_equal(doca_dev_open(list[0], &b), DOCA_SUCCESS);
	assert_ptr_equal(a, b);
	/* Another list's devinfo for the same hardware: another handle, the same id. */
	assert_int_equal(doca_devinfo_create_list(&list2, &n), DOCA_SUCCESS);
	assert_ptr_not_equal(list2[0], list[0]);
	assert_int_equal(doca_dev_open(list2[0], &c), DOCA_SUCCESS);
	assert_ptr_not_equal(c, a);
	assert_int_equal(sdpa_dev_id(c), sdpa_dev_id(a));
	assert_int_equal(doca_dev_close(c), DOCA_SUCCESS);
	assert_int_equal(doca_devinfo_destroy_list(list2), DOCA_SUCCESS);

	t_log_reset();
	assert_int_equal(doca_dev_close(a), DOCA_SUCCESS);
	assert_ptr_equal(doca_dev_as_devinfo(a), list[0]); /* still open once */
	assert_int_equal(doca_dev_close(b), DOCA_SUCCESS);
	assert_int_equal(t_log_problems(), 0);
	assert_int_equal(doca_dev_close(a), DOCA_ERROR_INVALID_VALUE);
	t_assert_logged("doca_dev_close", "is not an open device", "once per doca_dev_open");
	assert_null(doca_dev_as_devinfo(a));
	t_assert_logged("doca_dev_as_devinfo", "is not an open device");
	assert_int_equal(doca_dev_close(NULL), DOCA_ERROR_INVALID_VALUE);
	t_assert_logged("doca_dev_close: dev is NULL", "doca_dev_open");
	assert_null(doca_dev_as_devinfo(NULL));
	t_assert_logged("doca_dev_as_devinfo", "is not an open device");
	assert_int_equal(t_log_problems(), 4);
	assert_int_equal(sdpa_dev_id(a), SDPA_DEV_ID_INVALID);
	assert_int_equal(doca_devinfo_destroy_list(list), DOCA_SUCCESS);
}

/* The devinfo of an open device outlives its list. */
static void test_devinfo_outlives_list(void **state)
{
	char name[DOCA_DEVINFO_IBDEV_NAME_SIZE];
	struct doca_devinfo **list, *info;
	struct doca_dev *dev, *again;
	uint32_t n;
	(void)state;

	assert_int_equal(doca_devinfo_create_list(&list, &n), DOCA_SUCCESS);
	assert_int_equal(doca_dev_open(list[0], &dev), DOCA_SUCCESS);
	info = list[0];
	assert_int_equal(doca_devinfo_destroy_list(list), DOCA_SUCCESS);
	assert_int_equal(sdpa_devices_live_objects(), live_before + 2); /* devinfo + dev */
	assert_ptr_equal(doca_dev_as_devinfo(dev), info);
	assert_int_equal(doca_devinfo_get_ibdev_name(info, name, sizeof(name)), DOCA_SUCCESS);
	assert_string_equal(name, "mlx5_0");
	assert_true(sdpa_devinfo_has_dpa(info));
	/* Opening it again still works and counts. */
	assert_int_equal(doca_dev_open(info, &again), DOCA_SUCCESS);
	assert_ptr_equal(again, dev);
	assert_int_equal(doca_dev_close(again), DOCA_SUCCESS);
	assert_int_equal(doca_dev_close(dev), DOCA_SUCCESS);
	assert_int_equal(sdpa_devices_live_objects(), live_before);
	assert_int_equal(t_log_problems(), 0);
	/* Now it is gone: reported, not followed. */
	assert_int_equal(doca_devinfo_get_ibdev_name(info, name, sizeof(name)),
	                 DOCA_ERROR_INVALID_VALUE);
	t_assert_logged("doca_devinfo_get_ibdev_name: devinfo", "is not a live devinfo");
	assert_int_equal(doca_dev_open(info, &dev), DOCA_ERROR_INVALID_VALUE);
	t_assert_logged("doca_dev_open: devinfo", "before destroying their list");
	assert_false(sdpa_devinfo_has_dpa(info));
	assert_int_equal(sdpa_devinfo_id(info), SDPA_DEV_ID_INVALID);
	assert_int_equal(sdpa_devinfo_model(info), SDPA_DEV_CX6);
}

/* ------------------------------------------------------------------ getter errors */

static void test_getter_errors(void **state)
{
	char name[DOCA_DEVINFO_IFACE_NAME_SIZE];
	uint8_t buf[16], eq;
	enum doca_pci_func_type t;
	uint64_t rate;
	struct opened o;
	(void)state;

	open_dev(&o, 0);
	struct doca_devinfo *di = o.list[0];

	/* NULL devinfo, for every getter. */
	assert_int_equal(doca_devinfo_get_pci_addr_str(NULL, name), DOCA_ERROR_INVALID_VALUE);
	t_assert_logged("doca_devinfo_get_pci_addr_str: devinfo is NULL");
	assert_int_equal(doca_devinfo_is_equal_pci_addr(NULL, "03:00.0", &eq),
	                 DOCA_ERROR_INVALID_VALUE);
	t_assert_logged("doca_devinfo_is_equal_pci_addr: devinfo is NULL");
	assert_int_equal(doca_devinfo_get_pci_func_type(NULL, &t), DOCA_ERROR_INVALID_VALUE);
	t_assert_logged("doca_devinfo_get_pci_func_type: devinfo is NULL");
	assert_int_equal(doca_devinfo_get_iface_name(NULL, name, sizeof(name)),
	                 DOCA_ERROR_INVALID_VALUE);
	t_assert_logged("doca_devinfo_get_iface_name: devinfo is NULL");
	assert_int_equal(doca_devinfo_get_ibdev_name(NULL, name, sizeof(name)),
	                 DOCA_ERROR_INVALID_VALUE);
	t_assert_logged("doca_devinfo_get_ibdev_name: devinfo is NULL");
	assert_int_equal(doca_devinfo_get_mac_addr(NULL, buf, 6), DOCA_ERROR_INVALID_VALUE);
	t_assert_logged("doca_devinfo_get_mac_addr: devinfo is NULL");
	assert_int_equal(doca_devinfo_get_ipv4_addr(NULL, buf, 4), DOCA_ERROR_INVALID_VALUE);
	t_assert_logged("doca_devinfo_get_ipv4_addr: devinfo is NULL");
	assert_int_equal(doca_devinfo_get_ipv6_addr(NULL, buf, 16), DOCA_ERROR_INVALID_VALUE);
	t_assert_logged("doca_devinfo_get_ipv6_addr: devinfo is NULL");
	assert_int_equal(doca_devinfo_get_active_rate(NULL, &rate), DOCA_ERROR_INVALID_VALUE);
	t_assert_logged("doca_devinfo_get_active_rate: devinfo is NULL");
	assert_int_equal(doca_devinfo_rep_cap_is_filter_all_supported(NULL, &eq),
	                 DOCA_ERROR_INVALID_VALUE);
	t_assert_logged("doca_devinfo_rep_cap_is_filter_all_supported: devinfo is NULL");
	assert_int_equal(doca_devinfo_rep_cap_is_filter_net_supported(NULL, &eq),
	                 DOCA_ERROR_INVALID_VALUE);
	t_assert_logged("doca_devinfo_rep_cap_is_filter_net_supported: devinfo is NULL");
	assert_int_equal(doca_devinfo_rep_cap_is_filter_emulated_supported(NULL, &eq),
	                 DOCA_ERROR_INVALID_VALUE);
	t_assert_logged("doca_devinfo_rep_cap_is_filter_emulated_supported: devinfo is NULL");

	/* NULL output, for every getter. */
	assert_int_equal(doca_devinfo_get_pci_addr_str(di, NULL), DOCA_ERROR_INVALID_VALUE);
	t_assert_logged("doca_devinfo_get_pci_addr_str: pci_addr_str is NULL");
	assert_int_equal(doca_devinfo_is_equal_pci_addr(di, NULL, &eq), DOCA_ERROR_INVALID_VALUE);
	t_assert_logged("doca_devinfo_is_equal_pci_addr: pci_addr_str is NULL");
	assert_int_equal(doca_devinfo_is_equal_pci_addr(di, "03:00.0", NULL),
	                 DOCA_ERROR_INVALID_VALUE);
	t_assert_logged("doca_devinfo_is_equal_pci_addr: is_equal is NULL");
	assert_int_equal(doca_devinfo_get_pci_func_type(di, NULL), DOCA_ERROR_INVALID_VALUE);
	t_assert_logged("doca_devinfo_get_pci_func_type: type is NULL");
	assert_int_equal(doca_devinfo_get_iface_name(di, NULL, 256), DOCA_ERROR_INVALID_VALUE);
	t_assert_logged("doca_devinfo_get_iface_name: name is NULL");
	assert_int_equal(doca_devinfo_get_ibdev_name(di, NULL, 64), DOCA_ERROR_INVALID_VALUE);
	t_assert_logged("doca_devinfo_get_ibdev_name: name is NULL");
	assert_int_equal(doca_devinfo_get_mac_addr(di, NULL, 6), DOCA_ERROR_INVALID_VALUE);
	t_assert_logged("doca_devinfo_get_mac_addr: mac_addr is NULL");
	assert_int_equal(doca_devinfo_get_ipv4_addr(di, NULL, 4), DOCA_ERROR_INVALID_VALUE);
	t_assert_logged("doca_devinfo_get_ipv4_addr: ipv4_addr is NULL");
	assert_int_equal(doca_devinfo_get_ipv6_addr(di, NULL, 16), DOCA_ERROR_INVALID_VALUE);
	t_assert_logged("doca_devinfo_get_ipv6_addr: ipv6_addr is NULL");
	assert_int_equal(doca_devinfo_get_active_rate(di, NULL), DOCA_ERROR_INVALID_VALUE);
	t_assert_logged("doca_devinfo_get_active_rate: active_rate is NULL");
	assert_int_equal(doca_devinfo_rep_cap_is_filter_all_supported(di, NULL),
	                 DOCA_ERROR_INVALID_VALUE);
	t_assert_logged("doca_devinfo_rep_cap_is_filter_all_supported", "is NULL");
	assert_int_equal(doca_devinfo_rep_cap_is_filter_net_supported(di, NULL),
	                 DOCA_ERROR_INVALID_VALUE);
	t_assert_logged("doca_devinfo_rep_cap_is_filter_net_supported", "is NULL");
	assert_int_equal(doca_devinfo_rep_cap_is_filter_emulated_supported(di, NULL),
	                 DOCA_ERROR_INVALID_VALUE);
	t_assert_logged("doca_devinfo_rep_cap_is_filter_emulated_supported", "is NULL");

	/* Buffers below DOCA's documented sizes; nothing is written. */
	memset(name, 'x', sizeof(name));
	assert_int_equal(doca_devinfo_get_iface_name(di, name, 255), DOCA_ERROR_INVALID_VALUE);
	t_assert_logged("doca_devinfo_get_iface_name: size 255 is below "
	                "DOCA_DEVINFO_IFACE_NAME_SIZE (256)",
	                "at least 256 bytes", "'p0' needs 3");
	assert_int_equal(doca_devinfo_get_iface_name(di, name, 0), DOCA_ERROR_INVALID_VALUE);
	t_assert_logged("size 0 is below DOCA_DEVINFO_IFACE_NAME_SIZE");
	assert_int_equal(doca_devinfo_get_ibdev_name(di, name, 63), DOCA_ERROR_INVALID_VALUE);
	t_assert_logged("doca_devinfo_get_ibdev_name: size 63 is below "
	                "DOCA_DEVINFO_IBDEV_NAME_SIZE (64)",
	                "'mlx5_0' needs 7");
	assert_int_equal(name[0], 'x');
	assert_int_equal(doca_devinfo_get_mac_addr(di, buf, 5), DOCA_ERROR_INVALID_VALUE);
	t_assert_logged(
	        "doca_devinfo_get_mac_addr: size 5 is below DOCA_DEVINFO_MAC_ADDR_SIZE (6)");
	assert_int_equal(doca_devinfo_get_ipv4_addr(di, buf, 3), DOCA_ERROR_INVALID_VALUE);
	t_assert_logged("doca_devinfo_get_ipv4_addr: size 3 is below DOCA_DEVINFO_IPV4_ADDR_SIZE");
	assert_int_equal(doca_devinfo_get_ipv6_addr(di, buf, 15), DOCA_ERROR_INVALID_VALUE);
	t_assert_logged("doca_devinfo_get_ipv6_addr: size 15 is below DOCA_DEVINFO_IPV6_ADDR_SIZE");

	/* Malformed addresses to compare with. */
	static const char *const bad[] = {
	        "",        "03:00",   "0000:03:00.0 ", "0000:03:00:0", "0000:03:20.0",
	        "03:00.8", "g3:00.0", "000:003:00.0"};
	for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		eq = 7;
		assert_int_equal(doca_devinfo_is_equal_pci_addr(di, bad[i], &eq),
		                 DOCA_ERROR_INVALID_VALUE);
		t_assert_logged("doca_devinfo_is_equal_pci_addr", "is not a PCI address",
		                "DDDD:BB:DD.F or BB:DD.F");
	}
	assert_int_equal(t_log_problems(), 12 + 13 + 6 + 8);
	close_dev(&o);
}

/* ------------------------------------------------------------------ representors */

static void test_rep_list_errors(void **state)
{
	struct doca_devinfo_rep **reps, *fake[1] = {NULL};
	struct opened o;
	uint32_t nr;
	(void)state;

	open_dev(&o, 0);
	assert_int_equal(doca_devinfo_rep_create_list(NULL, 0, &reps, &nr),
	                 DOCA_ERROR_INVALID_VALUE);
	t_assert_logged("doca_devinfo_rep_create_list: dev is NULL", "open PF device");
	assert_int_equal(doca_devinfo_rep_create_list(o.dev, 0, NULL, &nr),
	                 DOCA_ERROR_INVALID_VALUE);
	t_assert_logged("doca_devinfo_rep_create_list: dev_list_rep is NULL");
	assert_int_equal(doca_devinfo_rep_create_list(o.dev, 0, &reps, NULL),
	                 DOCA_ERROR_INVALID_VALUE);
	t_assert_logged("doca_devinfo_rep_create_list: nb_devs_rep is NULL");
	static const int bad_filters[] = {1, 8, 1 << 30, -1, DOCA_DEVINFO_REP_FILTER_NET | 1};
	for (size_t i = 0; i < sizeof(bad_filters) / sizeof(bad_filters[0]); i++) {
		char want[64];
		snprintf(want, sizeof(want), "filter 0x%x has unknown bits",
		         (unsigned int)bad_filters[i]);
		assert_int_equal(doca_devinfo_rep_create_list(o.dev, bad_filters[i], &reps, &nr),
		                 DOCA_ERROR_INVALID_VALUE);
		t_assert_logged(want, "DOCA_DEVINFO_REP_FILTER_ALL, _NET or _EMULATED");
	}
	assert_int_equal(
	        doca_devinfo_rep_create_list(o.dev, DOCA_DEVINFO_REP_FILTER_EMULATED, &reps, &nr),
	        DOCA_ERROR_NOT_SUPPORTED);
	t_assert_logged("mlx5_0 has no emulated functions", "DOCA_DEVINFO_REP_FILTER_NET");
	assert_int_equal(doca_devinfo_rep_create_list(o.dev,
	                                              DOCA_DEVINFO_REP_FILTER_NET |
	                                                      DOCA_DEVINFO_REP_FILTER_EMULATED,
	                                              &reps, &nr),
	                 DOCA_ERROR_NOT_SUPPORTED);
	t_assert_logged("no emulated functions");
	assert_int_equal(doca_devinfo_rep_destroy_list(NULL), DOCA_ERROR_INVALID_VALUE);
	t_assert_logged("doca_devinfo_rep_destroy_list: dev_list_rep is NULL");
	assert_int_equal(doca_devinfo_rep_destroy_list(fake), DOCA_ERROR_INVALID_VALUE);
	t_assert_logged("is not a list from doca_devinfo_rep_create_list");
	assert_int_equal(doca_devinfo_rep_create_list(o.dev, 0, &reps, &nr), DOCA_SUCCESS);
	assert_int_equal(doca_devinfo_rep_destroy_list(reps), DOCA_SUCCESS);
	assert_int_equal(doca_devinfo_rep_destroy_list(reps), DOCA_ERROR_INVALID_VALUE);
	t_assert_logged("or was already destroyed", "exactly once");
	assert_int_equal(t_log_problems(), 3 + 5 + 2 + 3);
	struct doca_dev *dev = o.dev;
	close_dev(&o);
	/* A closed device lists nothing. */
	t_log_reset();
	assert_int_equal(doca_devinfo_rep_create_list(dev, 0, &reps, &nr),
	                 DOCA_ERROR_INVALID_VALUE);
	t_assert_logged("doca_devinfo_rep_create_list", "is not an open device");
	assert_int_equal(t_log_problems(), 1);
}

static void test_rep_open_close(void **state)
{
	struct doca_devinfo_rep **reps, *info;
	struct doca_dev_rep *r0, *r0b, *r1;
	struct opened o;
	uint32_t nr;
	char name[DOCA_DEVINFO_IFACE_NAME_SIZE];
	(void)state;

	open_dev(&o, 0);
	assert_int_equal(
	        doca_devinfo_rep_create_list(o.dev, DOCA_DEVINFO_REP_FILTER_NET, &reps, &nr),
	        DOCA_SUCCESS);
	assert_int_equal(doca_dev_rep_open(NULL, &r0), DOCA_ERROR_INVALID_VALUE);
	t_assert_logged("doca_dev_rep_open: devinfo is NULL");
	assert_int_equal(doca_dev_rep_open(reps[0], NULL), DOCA_ERROR_INVALID_VALUE);
	t_assert_logged("doca_dev_rep_open: dev_rep is NULL");
	assert_int_equal(doca_dev_rep_open((struct doca_devinfo_rep *)&nr, &r0),
	                 DOCA_ERROR_INVALID_VALUE);
	t_assert_logged("doca_dev_rep_open: devinfo", "is not a live representor devinfo");

	assert_int_equal(doca_dev_rep_open(reps[0], &r0), DOCA_SUCCESS);
	assert_int_equal(doca_dev_rep_open(reps[0], &r0b), DOCA_SUCCESS);
	assert_ptr_equal(r0, r0b);
	assert_int_equal(doca_dev_rep_open(reps[1], &r1), DOCA_SUCCESS);
	assert_ptr_equal(doca_dev_rep_as_devinfo(r1), reps[1]);
	assert_int_equal(sdpa_dev_rep_index(r0), 0);
	assert_int_equal(sdpa_dev_rep_index(r1), 1);
	assert_ptr_equal(sdpa_dev_rep_parent(r1), o.dev);

	/* The representor devinfo outlives its list while open. */
	info = reps[1];
	assert_int_equal(doca_devinfo_rep_destroy_list(reps), DOCA_SUCCESS);
	assert_int_equal(doca_devinfo_rep_get_iface_name(info, name, sizeof(name)), DOCA_SUCCESS);
	assert_string_equal(name, "pf0vf1");
	assert_int_equal(t_log_problems(), 3);

	/* The device stays while representors are open: 3 opens over 2 representors. */
	t_log_reset();
	assert_int_equal(doca_dev_close(o.dev), DOCA_ERROR_IN_USE);
	t_assert_logged("doca_dev_close: device mlx5_0 still has 3 open representor(s)",
	                "doca_dev_rep_close first");
	assert_int_equal(doca_dev_rep_close(r0), DOCA_SUCCESS);
	assert_int_equal(doca_dev_rep_close(r1), DOCA_SUCCESS);
	assert_int_equal(doca_dev_close(o.dev), DOCA_ERROR_IN_USE);
	t_assert_logged("still has 1 open representor(s)");
	assert_ptr_equal(doca_dev_rep_as_devinfo(r0b), doca_dev_rep_as_devinfo(r0));
	assert_int_equal(doca_dev_rep_close(r0b), DOCA_SUCCESS);
	assert_int_equal(t_log_problems(), 2);

	/* Closed representors are reported, not followed. */
	assert_int_equal(doca_dev_rep_close(r0), DOCA_ERROR_INVALID_VALUE);
	t_assert_logged("doca_dev_rep_close", "is not an open representor",
	                "once per doca_dev_rep_open");
	assert_int_equal(doca_dev_rep_close(NULL), DOCA_ERROR_INVALID_VALUE);
	t_assert_logged("doca_dev_rep_close: dev_rep is NULL");
	assert_null(doca_dev_rep_as_devinfo(r1));
	t_assert_logged("doca_dev_rep_as_devinfo", "is not an open representor");
	assert_null(doca_dev_rep_as_devinfo(NULL));
	t_assert_logged("doca_dev_rep_as_devinfo");
	assert_int_equal(doca_devinfo_rep_get_iface_name(info, name, sizeof(name)),
	                 DOCA_ERROR_INVALID_VALUE);
	t_assert_logged("doca_devinfo_rep_get_iface_name: devinfo_rep", "is not a live");
	assert_int_equal(sdpa_dev_rep_index(r1), UINT32_MAX);
	assert_null(sdpa_dev_rep_parent(r1));
	assert_int_equal(sdpa_devinfo_rep_index(info), UINT32_MAX);
	assert_int_equal(t_log_problems(), 2 + 5);
	close_dev(&o);
}

/* Twice-opened device with a representor: the first close is fine, the last is IN_USE. */
static void test_close_counts_with_reps(void **state)
{
	struct doca_devinfo_rep **reps;
	struct doca_dev_rep *r;
	struct doca_dev *again;
	struct opened o;
	uint32_t nr;
	(void)state;

	open_dev(&o, 0);
	assert_int_equal(doca_dev_open(o.list[0], &again), DOCA_SUCCESS);
	assert_int_equal(doca_devinfo_rep_create_list(o.dev, 0, &reps, &nr), DOCA_SUCCESS);
	assert_int_equal(doca_dev_rep_open(reps[0], &r), DOCA_SUCCESS);
	assert_int_equal(doca_dev_close(again), DOCA_SUCCESS);
	assert_int_equal(doca_dev_close(o.dev), DOCA_ERROR_IN_USE);
	t_assert_logged("still has 1 open representor(s)");
	assert_int_equal(doca_dev_rep_close(r), DOCA_SUCCESS);
	assert_int_equal(doca_devinfo_rep_destroy_list(reps), DOCA_SUCCESS);
	close_dev(&o);
}

/* A representor list may outlive its device's close; its entries can no longer open. */
static void test_rep_list_after_dev_close(void **state)
{
	struct doca_devinfo_rep **reps;
	struct doca_dev_rep *r;
	struct opened o;
	uint32_t nr;
	char name[DOCA_DEVINFO_IFACE_NAME_SIZE];
	(void)state;

	open_dev(&o, 0);
	assert_int_equal(doca_devinfo_rep_create_list(o.dev, 0, &reps, &nr), DOCA_SUCCESS);
	close_dev(&o);
	assert_int_equal(t_log_problems(), 0);
	/* list, 2 representor devinfos, the closed device they point to and its devinfo */
	assert_int_equal(sdpa_devices_live_objects(), live_before + 5);
	assert_int_equal(doca_devinfo_rep_get_iface_name(reps[0], name, sizeof(name)),
	                 DOCA_SUCCESS);
	assert_string_equal(name, "pf0vf0");
	assert_int_equal(doca_dev_rep_open(reps[0], &r), DOCA_ERROR_INVALID_VALUE);
	t_assert_logged("doca_dev_rep_open: the device mlx5_0 that listed representor pf0vf0 was "
	                "closed",
	                "open it again");
	assert_int_equal(sdpa_dev_id(o.dev), SDPA_DEV_ID_INVALID);
	assert_int_equal(doca_devinfo_rep_destroy_list(reps), DOCA_SUCCESS);
	assert_int_equal(t_log_problems(), 1);
}

static void test_rep_getter_errors(void **state)
{
	struct doca_devinfo_rep **reps;
	char name[DOCA_DEVINFO_IFACE_NAME_SIZE];
	enum doca_pci_func_type t;
	struct opened o;
	uint32_t nr;
	uint8_t eq;
	(void)state;

	open_dev(&o, 0);
	assert_int_equal(doca_devinfo_rep_create_list(o.dev, 0, &reps, &nr), DOCA_SUCCESS);
	struct doca_devinfo_rep *r = reps[0];

	assert_int_equal(doca_devinfo_rep_get_iface_name(NULL, name, sizeof(name)),
	                 DOCA_ERROR_INVALID_VALUE);
	t_assert_logged("doca_devinfo_rep_get_iface_name: devinfo_rep is NULL");
	assert_int_equal(doca_devinfo_rep_get_iface_name(r, NULL, sizeof(name)),
	                 DOCA_ERROR_INVALID_VALUE);
	t_assert_logged("doca_devinfo_rep_get_iface_name: iface_name is NULL");
	assert_int_equal(doca_devinfo_rep_get_iface_name(r, name, 16), DOCA_ERROR_INVALID_VALUE);
	t_assert_logged("size 16 is below DOCA_DEVINFO_IFACE_NAME_SIZE (256)", "'pf0vf0' needs 7");
	assert_int_equal(doca_devinfo_rep_get_pci_addr_str(NULL, name), DOCA_ERROR_INVALID_VALUE);
	t_assert_logged("doca_devinfo_rep_get_pci_addr_str: devinfo_rep is NULL");
	assert_int_equal(doca_devinfo_rep_get_pci_addr_str(r, NULL), DOCA_ERROR_INVALID_VALUE);
	t_assert_logged("doca_devinfo_rep_get_pci_addr_str: pci_addr_str is NULL");
	assert_int_equal(doca_devinfo_rep_get_pci_func_type(NULL, &t), DOCA_ERROR_INVALID_VALUE);
	t_assert_logged("doca_devinfo_rep_get_pci_func_type: devinfo_rep is NULL");
	assert_int_equal(doca_devinfo_rep_get_pci_func_type(r, NULL), DOCA_ERROR_INVALID_VALUE);
	t_assert_logged("doca_devinfo_rep_get_pci_func_type: pci_func_type is NULL");
	assert_int_equal(doca_devinfo_rep_is_equal_pci_addr(NULL, "03:00.1", &eq),
	                 DOCA_ERROR_INVALID_VALUE);
	t_assert_logged("doca_devinfo_rep_is_equal_pci_addr: devinfo_rep is NULL");
	assert_int_equal(doca_devinfo_rep_is_equal_pci_addr(r, NULL, &eq),
	                 DOCA_ERROR_INVALID_VALUE);
	t_assert_logged("doca_devinfo_rep_is_equal_pci_addr: pci_addr_str is NULL");
	assert_int_equal(doca_devinfo_rep_is_equal_pci_addr(r, "03:00.1", NULL),
	                 DOCA_ERROR_INVALID_VALUE);
	t_assert_logged("doca_devinfo_rep_is_equal_pci_addr: is_equal is NULL");
	assert_int_equal(doca_devinfo_rep_is_equal_pci_addr(r, "3:0.1", &eq),
	                 DOCA_ERROR_INVALID_VALUE);
	t_assert_logged("doca_devinfo_rep_is_equal_pci_addr: '3:0.1' is not a PCI address");
	assert_int_equal(t_log_problems(), 11);
	assert_int_equal(doca_devinfo_rep_destroy_list(reps), DOCA_SUCCESS);
	close_dev(&o);
}

static void test_internal_null(void **state)
{
	(void)state;
	assert_int_equal(sdpa_devinfo_model(NULL), SDPA_DEV_CX6);
	assert_int_equal(sdpa_dev_model(NULL), SDPA_DEV_CX6);
	assert_false(sdpa_devinfo_has_dpa(NULL));
	assert_int_equal(sdpa_devinfo_id(NULL), SDPA_DEV_ID_INVALID);
	assert_int_equal(sdpa_dev_id(NULL), SDPA_DEV_ID_INVALID);
	assert_int_equal(sdpa_devinfo_rep_index(NULL), UINT32_MAX);
	assert_int_equal(sdpa_dev_rep_index(NULL), UINT32_MAX);
	assert_null(sdpa_dev_rep_parent(NULL));
	assert_string_equal(sdpa_dev_model_name(SDPA_DEV_BF3), "bf3");
	assert_string_equal(sdpa_dev_model_name(SDPA_DEV_CX6), "cx6");
	assert_int_equal(SDPA_DPA_TOTAL_EUS, 256);
}

/* ------------------------------------------------------------------ threads */

static void *churn(void *arg)
{
	(void)arg;
	for (int i = 0; i < 200; i++) {
		struct doca_devinfo **list;
		struct doca_devinfo_rep **reps;
		struct doca_dev *dev;
		struct doca_dev_rep *rep;
		uint32_t n, nr;

		if (doca_devinfo_create_list(&list, &n) != DOCA_SUCCESS ||
		    doca_dev_open(list[0], &dev) != DOCA_SUCCESS ||
		    doca_devinfo_destroy_list(list) != DOCA_SUCCESS ||
		    doca_devinfo_rep_create_list(dev, 0, &reps, &nr) != DOCA_SUCCESS ||
		    doca_dev_rep_open(reps[i % 2], &rep) != DOCA_SUCCESS ||
		    doca_devinfo_rep_destroy_list(reps) != DOCA_SUCCESS ||
		    sdpa_dev_rep_parent(rep) != dev || doca_dev_rep_close(rep) != DOCA_SUCCESS ||
		    doca_dev_close(dev) != DOCA_SUCCESS)
			return (void *)1;
	}
	return NULL;
}

static void test_threads(void **state)
{
	pthread_t th[4];
	(void)state;

	for (int i = 0; i < 4; i++)
		assert_int_equal(pthread_create(&th[i], NULL, churn, NULL), 0);
	for (int i = 0; i < 4; i++) {
		void *ret;
		assert_int_equal(pthread_join(th[i], &ret), 0);
		assert_null(ret);
	}
	assert_int_equal(t_log_problems(), 0);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	        cmocka_unit_test_setup_teardown(test_default_set, setup, teardown),
	        cmocka_unit_test_setup_teardown(test_empty_value_is_default, setup, teardown),
	        cmocka_unit_test_setup_teardown(test_custom_set, setup, teardown),
	        cmocka_unit_test_setup_teardown(test_rep_pci_carry, setup, teardown),
	        cmocka_unit_test_setup_teardown(test_pci_domain, setup, teardown),
	        cmocka_unit_test_setup_teardown(test_max_reps, setup, teardown),
	        cmocka_unit_test_setup_teardown(test_no_reps, setup, teardown),
	        cmocka_unit_test_setup_teardown(test_no_devices, setup, teardown),
	        cmocka_unit_test_setup_teardown(test_malformed_specs, setup, teardown),
	        cmocka_unit_test_setup_teardown(test_fw_params, setup, teardown),
	        cmocka_unit_test_setup_teardown(test_reload_keeps_old_objects, setup, teardown),
	        cmocka_unit_test_setup_teardown(test_create_list_errors, setup, teardown),
	        cmocka_unit_test_setup_teardown(test_destroy_list_errors, setup, teardown),
	        cmocka_unit_test_setup_teardown(test_open_close, setup, teardown),
	        cmocka_unit_test_setup_teardown(test_devinfo_outlives_list, setup, teardown),
	        cmocka_unit_test_setup_teardown(test_getter_errors, setup, teardown),
	        cmocka_unit_test_setup_teardown(test_rep_list_errors, setup, teardown),
	        cmocka_unit_test_setup_teardown(test_rep_open_close, setup, teardown),
	        cmocka_unit_test_setup_teardown(test_close_counts_with_reps, setup, teardown),
	        cmocka_unit_test_setup_teardown(test_rep_list_after_dev_close, setup, teardown),
	        cmocka_unit_test_setup_teardown(test_rep_getter_errors, setup, teardown),
	        cmocka_unit_test_setup_teardown(test_internal_null, setup, teardown),
	        cmocka_unit_test_setup_teardown(test_threads, setup, teardown),
	};
	return cmocka_run_group_tests_name("doca_dev", tests, NULL, NULL);
}
