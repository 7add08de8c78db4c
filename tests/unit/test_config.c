/* SPDX-License-Identifier: BSD-3-Clause
 * SOFTDPA_* environment (D11): defaults, every accepted value, and malformed values
 * reported with the fix while the default stays in force.
 */
#include <stdlib.h>
#include <string.h>

#include "core/config.h"
#include "t_helpers.h"

static const char *const vars[] = {
        "SOFTDPA_DEVICES",
        "SOFTDPA_WINDOW",
        "SOFTDPA_STRICT_ABORT",
        "SOFTDPA_NIC_WORKERS",
        "SOFTDPA_DPA_EUS",
        "SOFTDPA_TRACE",
        "SOFTDPA_PORT0",
        "SOFTDPA_PORT63",
        "SOFTDPA_FIDELITY",
        "SOFTDPA_PROVIDER_LATENCY_NS",
        "SOFTDPA_PROVIDER_JITTER_NS",
        "SOFTDPA_PROVIDER_SEED",
};

static int clear_env(void **state)
{
	(void)state;
	for (size_t i = 0; i < sizeof(vars) / sizeof(vars[0]); i++)
		unsetenv(vars[i]);
	sdpa_config_reload();
	t_log_reset();
	return 0;
}

static void test_defaults(void **state)
{
	const struct sdpa_config *c = sdpa_config_get();
	(void)state;
	assert_null(c->devices);
	assert_int_equal(c->window, SDPA_WINDOW_FAITHFUL);
	assert_false(c->strict_abort);
	assert_int_equal(c->nic_workers, 0);
	assert_int_equal(c->dpa_eus, 16);
	assert_null(c->trace_path);
	assert_null(sdpa_config_port_wire(0));
	assert_int_equal(c->prov_latency_ns, 2000);
	assert_int_equal(c->prov_jitter_ns, 1000);
	assert_int_equal(c->prov_seed, 1);
	assert_int_equal(t_log_problems(), 0);
}

/* One fidelity setting: SOFTDPA_FIDELITY, or SOFTDPA_WINDOW; FIDELITY wins when both are. */
static void test_fidelity(void **state)
{
	(void)state;
	setenv("SOFTDPA_FIDELITY", "strict", 1);
	sdpa_config_reload();
	assert_int_equal(sdpa_config_get()->window, SDPA_WINDOW_STRICT);
	setenv("SOFTDPA_WINDOW", "fast", 1);
	sdpa_config_reload();
	assert_int_equal(sdpa_config_get()->window, SDPA_WINDOW_STRICT);
	t_assert_logged("SOFTDPA_FIDELITY wins");
	setenv("SOFTDPA_FIDELITY", "nonsense", 1); /* invalid: SOFTDPA_WINDOW applies */
	sdpa_config_reload();
	assert_int_equal(sdpa_config_get()->window, SDPA_WINDOW_FAST);
	t_assert_logged("SOFTDPA_FIDELITY='nonsense'", "fast, faithful or strict");
	unsetenv("SOFTDPA_FIDELITY");
	sdpa_config_reload();
	assert_int_equal(sdpa_config_get()->window, SDPA_WINDOW_FAST);

	setenv("SOFTDPA_PROVIDER_LATENCY_NS", "250000", 1);
	setenv("SOFTDPA_PROVIDER_JITTER_NS", "0", 1);
	setenv("SOFTDPA_PROVIDER_SEED", "42", 1);
	sdpa_config_reload();
	assert_int_equal(sdpa_config_get()->prov_latency_ns, 250000);
	assert_int_equal(sdpa_config_get()->prov_jitter_ns, 0);
	assert_int_equal(sdpa_config_get()->prov_seed, 42);
	setenv("SOFTDPA_PROVIDER_LATENCY_NS", "20000000000", 1); /* 20 s: above 10 s */
	sdpa_config_reload();
	assert_int_equal(sdpa_config_get()->prov_latency_ns, 2000);
	t_assert_logged("SOFTDPA_PROVIDER_LATENCY_NS='20000000000'", "0..10000000000");
}

static void test_values(void **state)
{
	(void)state;
	setenv("SOFTDPA_WINDOW", "strict", 1);
	setenv("SOFTDPA_STRICT_ABORT", "1", 1);
	setenv("SOFTDPA_NIC_WORKERS", "2", 1);
	setenv("SOFTDPA_DPA_EUS", "64", 1);
	setenv("SOFTDPA_TRACE", "/tmp/t.json", 1);
	setenv("SOFTDPA_DEVICES", "model=bf3", 1);
	setenv("SOFTDPA_PORT63", "pcap:a.pcap", 1);
	sdpa_config_reload();
	const struct sdpa_config *c = sdpa_config_get();
	assert_int_equal(c->window, SDPA_WINDOW_STRICT);
	assert_true(c->strict_abort);
	assert_int_equal(c->nic_workers, 2);
	assert_int_equal(c->dpa_eus, 64);
	assert_string_equal(c->trace_path, "/tmp/t.json");
	assert_string_equal(c->devices, "model=bf3");
	assert_string_equal(sdpa_config_port_wire(63), "pcap:a.pcap");
	assert_null(sdpa_config_port_wire(0));
	setenv("SOFTDPA_WINDOW", "FAST", 1);
	sdpa_config_reload();
	assert_int_equal(sdpa_config_get()->window, SDPA_WINDOW_FAST);
	assert_string_equal(sdpa_window_mode_name(SDPA_WINDOW_FAST), "fast");
	assert_string_equal(sdpa_window_mode_name(SDPA_WINDOW_STRICT), "strict");
	assert_int_equal(t_log_problems(), 0);
}

static void test_malformed_values_keep_defaults(void **state)
{
	(void)state;
	setenv("SOFTDPA_WINDOW", "sloppy", 1);
	sdpa_config_reload();
	assert_int_equal(sdpa_config_get()->window, SDPA_WINDOW_FAITHFUL);
	t_assert_logged("SOFTDPA_WINDOW='sloppy'", "fast, faithful or strict");

	setenv("SOFTDPA_NIC_WORKERS", "two", 1);
	sdpa_config_reload();
	assert_int_equal(sdpa_config_get()->nic_workers, 0);
	t_assert_logged("SOFTDPA_NIC_WORKERS='two'");

	setenv("SOFTDPA_NIC_WORKERS", "-1", 1);
	sdpa_config_reload();
	assert_int_equal(sdpa_config_get()->nic_workers, 0);
	t_assert_logged("SOFTDPA_NIC_WORKERS='-1'");

	setenv("SOFTDPA_NIC_WORKERS", "65", 1);
	sdpa_config_reload();
	assert_int_equal(sdpa_config_get()->nic_workers, 0);
	t_assert_logged("0..64");

	setenv("SOFTDPA_DPA_EUS", "0", 1);
	sdpa_config_reload();
	assert_int_equal(sdpa_config_get()->dpa_eus, 16);
	t_assert_logged("SOFTDPA_DPA_EUS=0");

	setenv("SOFTDPA_DPA_EUS", "999", 1);
	sdpa_config_reload();
	assert_int_equal(sdpa_config_get()->dpa_eus, 16);

	setenv("SOFTDPA_STRICT_ABORT", "yes", 1); /* only "1" arms it */
	sdpa_config_reload();
	assert_false(sdpa_config_get()->strict_abort);

	setenv("SOFTDPA_TRACE", "", 1);
	sdpa_config_reload();
	assert_null(sdpa_config_get()->trace_path);
	assert_true(t_log_problems() >= 5);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	        cmocka_unit_test_setup(test_defaults, clear_env),
	        cmocka_unit_test_setup(test_values, clear_env),
	        cmocka_unit_test_setup(test_fidelity, clear_env),
	        cmocka_unit_test_setup(test_malformed_values_keep_defaults, clear_env),
	};
	return cmocka_run_group_tests_name("config", tests, NULL, NULL);
}
