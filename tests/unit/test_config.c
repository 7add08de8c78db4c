/* SPDX-License-Identifier: BSD-3-Clause
 * SOFTDPA_* environment (D11): defaults, every accepted value, and malformed values
 * reported with the fix while the default stays in force.
 */
#include <stdio.h>
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
        "SOFTDPA_FIDELTY",
        "SOFTDPA_PORT64",
        "SOFTDPA_PORT07",
        "SOFTDPA_BOGUS_THING",
        "softdpa_devices",
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

	unsetenv("SOFTDPA_NIC_WORKERS");
	unsetenv("SOFTDPA_DPA_EUS");
	unsetenv("SOFTDPA_WINDOW");
	setenv("SOFTDPA_STRICT_ABORT", "maybe", 1); /* not a boolean: off stays */
	sdpa_config_reload();
	assert_false(sdpa_config_get()->strict_abort);
	t_assert_logged("SOFTDPA_STRICT_ABORT='maybe'", "1, yes, true or on");

	setenv("SOFTDPA_TRACE", "", 1);
	sdpa_config_reload();
	assert_null(sdpa_config_get()->trace_path);
	assert_true(t_log_problems() >= 5);
}

/* One shared parser: the usual spellings, any case; nothing else. */
static void test_bool_spellings(void **state)
{
	static const char *const on[] = {"1", "yes", "true", "on", "YES", "True", "ON"};
	static const char *const off[] = {"0", "no", "false", "off", "No", "FALSE", "Off"};
	static const char *const bad[] = {"", "2", "y", "enable", "onn", " 1", "1 "};
	bool v;

	(void)state;
	for (size_t i = 0; i < sizeof(on) / sizeof(on[0]); i++) {
		v = false;
		assert_true(sdpa_parse_bool(on[i], &v));
		assert_true(v);
	}
	for (size_t i = 0; i < sizeof(off) / sizeof(off[0]); i++) {
		v = true;
		assert_true(sdpa_parse_bool(off[i], &v));
		assert_false(v);
	}
	for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++)
		assert_false(sdpa_parse_bool(bad[i], &v));
	assert_false(sdpa_parse_bool(NULL, &v));

	setenv("SOFTDPA_STRICT_ABORT", "on", 1);
	sdpa_config_reload();
	assert_true(sdpa_config_get()->strict_abort);
	setenv("SOFTDPA_STRICT_ABORT", "no", 1);
	sdpa_config_reload();
	assert_false(sdpa_config_get()->strict_abort);
	assert_int_equal(t_log_problems(), 0);
}

/* A misspelled name, an unknown one, another case, and a port that does not exist: one
 * warning each, naming the variable and the valid ones. Valid names give none. */
static void test_unknown_names(void **state)
{
	(void)state;
	setenv("SOFTDPA_PORT0", "mem", 1);
	setenv("SOFTDPA_PORT63", "mem", 1);
	setenv("SOFTDPA_DEVICES", "model=bf3", 1);
	sdpa_config_reload();
	assert_int_equal(t_log_problems(), 0);

	setenv("SOFTDPA_FIDELTY", "strict", 1);
	sdpa_config_reload();
	assert_int_equal(t_log_problems(), 1);
	t_assert_logged(
	        "SOFTDPA_FIDELTY is not a softdpa variable (did you mean SOFTDPA_FIDELITY?)",
	        "SOFTDPA_NIC_WORKERS", "docs/CONFIGURATION.md");
	assert_int_equal(sdpa_config_get()->window, SDPA_WINDOW_FAITHFUL);
	unsetenv("SOFTDPA_FIDELTY");

	t_log_reset();
	setenv("SOFTDPA_BOGUS_THING", "1", 1);
	sdpa_config_reload();
	assert_int_equal(t_log_problems(), 1);
	t_assert_logged("SOFTDPA_BOGUS_THING is not a softdpa variable; the known ones are");
	unsetenv("SOFTDPA_BOGUS_THING");

	t_log_reset();
	setenv("softdpa_devices", "model=cx6", 1);
	sdpa_config_reload();
	t_assert_logged(
	        "softdpa_devices is not a softdpa variable (did you mean SOFTDPA_DEVICES?)");
	unsetenv("softdpa_devices");

	t_log_reset();
	setenv("SOFTDPA_PORT64", "mem", 1);
	sdpa_config_reload();
	assert_int_equal(t_log_problems(), 1);
	t_assert_logged("SOFTDPA_PORT64 names a port that does not exist",
	                "SOFTDPA_PORT0..SOFTDPA_PORT63");
	unsetenv("SOFTDPA_PORT64");
	setenv("SOFTDPA_PORT07", "mem", 1);
	sdpa_config_reload();
	assert_int_equal(t_log_problems(), 2);
	t_assert_logged("SOFTDPA_PORT07 names a port that does not exist");
}

/* docs/CONFIGURATION.md's table lists exactly the names the code knows. */
static void test_docs_list_every_variable(void **state)
{
	const char *src = t_srcdir();
	char path[4096], line[4096], docs[64][64];
	size_t nd = 0, nk = 0;
	FILE *f;

	(void)state;
	assert_non_null(src);
	snprintf(path, sizeof(path), "%s/../docs/CONFIGURATION.md", src);
	f = fopen(path, "r");
	assert_non_null(f);
	while (fgets(line, sizeof(line), f) != NULL) {
		size_t n;

		if (strncmp(line, "| `SOFTDPA_", 11) != 0)
			continue;
		n = strcspn(line + 3, "`");
		assert_true(n < sizeof(docs[0]) && nd < 64);
		snprintf(docs[nd++], sizeof(docs[0]), "%.*s", (int)n, line + 3);
	}
	fclose(f);
	for (; sdpa_config_known_vars[nk] != NULL; nk++) {
		bool found = false;

		for (size_t i = 0; i < nd; i++)
			found = found || strcmp(docs[i], sdpa_config_known_vars[nk]) == 0;
		if (!found)
			fail_msg("%s is read by softdpa but not listed in docs/CONFIGURATION.md",
			         sdpa_config_known_vars[nk]);
	}
	for (size_t i = 0; i < nd; i++) {
		bool found = false;

		for (size_t k = 0; k < nk; k++)
			found = found || strcmp(docs[i], sdpa_config_known_vars[k]) == 0;
		if (!found)
			fail_msg("docs/CONFIGURATION.md lists %s, which softdpa does not know",
			         docs[i]);
	}
	assert_int_equal(nd, nk);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	        cmocka_unit_test_setup(test_defaults, clear_env),
	        cmocka_unit_test_setup(test_values, clear_env),
	        cmocka_unit_test_setup(test_fidelity, clear_env),
	        cmocka_unit_test_setup(test_malformed_values_keep_defaults, clear_env),
	        cmocka_unit_test_setup(test_bool_spellings, clear_env),
	        cmocka_unit_test_setup(test_unknown_names, clear_env),
	        cmocka_unit_test_setup(test_docs_list_every_variable, clear_env),
	};
	return cmocka_run_group_tests_name("config", tests, NULL, NULL);
}
