/* SPDX-License-Identifier: BSD-3-Clause
 * DOCA_LOG_REGISTER accepts any source spelling DOCA samples use, such as a name with '::'
 * (NVIDIA's DPA samples register KERNEL_LAUNCH::SAMPLE). A file of its own: a translation
 * unit registers one source.
 */
#include <stdio.h>
#include <string.h>

#include <doca_log.h>

#include "core/log.h"
#include "t_helpers.h"

DOCA_LOG_REGISTER(KERNEL_LAUNCH::SAMPLE);

static void test_source_name_with_colons(void **state)
{
	struct doca_log_backend *be = NULL;
	FILE *fp = tmpfile();
	char name[128];
	(void)state;

	/* The constructor ran before main and registered the name exactly as written. */
	assert_true(log_source >= 0);
	sdpa_log_source_name(log_source, name, sizeof(name));
	assert_string_equal(name, "KERNEL_LAUNCH::SAMPLE");

	/* Records of the source reach a backend like any other application record. */
	assert_non_null(fp);
	assert_int_equal(doca_log_backend_create_with_file(fp, &be), DOCA_SUCCESS);
	assert_int_equal(doca_log_backend_set_level_lower_limit(be, DOCA_LOG_LEVEL_INFO),
	                 DOCA_SUCCESS);
	DOCA_LOG_INFO("launched %d kernels", 3);
	DOCA_LOG_ERR("one error");
	assert_int_equal(t_count_lines(fp, "[test_log_source.c:"), 2);
	assert_int_equal(t_count_lines(fp, "[test_source_name_with_colons] launched 3 kernels"), 1);
	assert_int_equal(t_count_lines(fp, "[ERR]"), 1);

	/* An unknown source has no name. */
	sdpa_log_source_name(-1, name, sizeof(name));
	assert_string_equal(name, "");
	assert_int_equal(doca_log_backend_set_level_lower_limit(be, DOCA_LOG_LEVEL_DISABLE),
	                 DOCA_SUCCESS);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	        cmocka_unit_test(test_source_name_with_colons),
	};
	return cmocka_run_group_tests_name("log_source", tests, NULL, NULL);
}
