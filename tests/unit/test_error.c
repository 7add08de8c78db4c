/* SPDX-License-Identifier: BSD-3-Clause
 * doca_error.h: every code has its DOCA name and a description; unknown codes are
 * reported as such; the helper macros keep the first error.
 */
#include <string.h>

#include <doca_error.h>
#include <doca_version.h>

#include "t_helpers.h"

static void test_every_code_named(void **state)
{
	static const struct {
		doca_error_t code;
		const char *name;
	} expected[] = {
	        {DOCA_SUCCESS, "DOCA_SUCCESS"},
	        {DOCA_ERROR_UNKNOWN, "DOCA_ERROR_UNKNOWN"},
	        {DOCA_ERROR_NOT_PERMITTED, "DOCA_ERROR_NOT_PERMITTED"},
	        {DOCA_ERROR_IN_USE, "DOCA_ERROR_IN_USE"},
	        {DOCA_ERROR_NOT_SUPPORTED, "DOCA_ERROR_NOT_SUPPORTED"},
	        {DOCA_ERROR_AGAIN, "DOCA_ERROR_AGAIN"},
	        {DOCA_ERROR_INVALID_VALUE, "DOCA_ERROR_INVALID_VALUE"},
	        {DOCA_ERROR_NO_MEMORY, "DOCA_ERROR_NO_MEMORY"},
	        {DOCA_ERROR_INITIALIZATION, "DOCA_ERROR_INITIALIZATION"},
	        {DOCA_ERROR_TIME_OUT, "DOCA_ERROR_TIME_OUT"},
	        {DOCA_ERROR_SHUTDOWN, "DOCA_ERROR_SHUTDOWN"},
	        {DOCA_ERROR_CONNECTION_RESET, "DOCA_ERROR_CONNECTION_RESET"},
	        {DOCA_ERROR_CONNECTION_ABORTED, "DOCA_ERROR_CONNECTION_ABORTED"},
	        {DOCA_ERROR_CONNECTION_INPROGRESS, "DOCA_ERROR_CONNECTION_INPROGRESS"},
	        {DOCA_ERROR_NOT_CONNECTED, "DOCA_ERROR_NOT_CONNECTED"},
	        {DOCA_ERROR_NO_LOCK, "DOCA_ERROR_NO_LOCK"},
	        {DOCA_ERROR_NOT_FOUND, "DOCA_ERROR_NOT_FOUND"},
	        {DOCA_ERROR_IO_FAILED, "DOCA_ERROR_IO_FAILED"},
	        {DOCA_ERROR_BAD_STATE, "DOCA_ERROR_BAD_STATE"},
	        {DOCA_ERROR_UNSUPPORTED_VERSION, "DOCA_ERROR_UNSUPPORTED_VERSION"},
	        {DOCA_ERROR_OPERATING_SYSTEM, "DOCA_ERROR_OPERATING_SYSTEM"},
	        {DOCA_ERROR_DRIVER, "DOCA_ERROR_DRIVER"},
	        {DOCA_ERROR_UNEXPECTED, "DOCA_ERROR_UNEXPECTED"},
	        {DOCA_ERROR_ALREADY_EXIST, "DOCA_ERROR_ALREADY_EXIST"},
	        {DOCA_ERROR_FULL, "DOCA_ERROR_FULL"},
	        {DOCA_ERROR_EMPTY, "DOCA_ERROR_EMPTY"},
	        {DOCA_ERROR_IN_PROGRESS, "DOCA_ERROR_IN_PROGRESS"},
	        {DOCA_ERROR_TOO_BIG, "DOCA_ERROR_TOO_BIG"},
	        {DOCA_ERROR_AUTHENTICATION, "DOCA_ERROR_AUTHENTICATION"},
	        {DOCA_ERROR_BAD_CONFIG, "DOCA_ERROR_BAD_CONFIG"},
	        {DOCA_ERROR_SKIPPED, "DOCA_ERROR_SKIPPED"},
	};
	(void)state;
	assert_int_equal(sizeof(expected) / sizeof(expected[0]), 31);
	for (size_t i = 0; i < sizeof(expected) / sizeof(expected[0]); i++) {
		assert_int_equal(expected[i].code, (int)i); /* DOCA's numbering */
		assert_string_equal(doca_error_get_name(expected[i].code), expected[i].name);
		const char *d = doca_error_get_descr(expected[i].code);
		assert_non_null(d);
		assert_true(strlen(d) > 3);
		assert_string_not_equal(d, "unrecognized error code");
	}
}

static void test_unknown_codes(void **state)
{
	(void)state;
	assert_string_equal(doca_error_get_name((doca_error_t)31), "unrecognized error code");
	assert_string_equal(doca_error_get_descr((doca_error_t)31), "unrecognized error code");
	assert_string_equal(doca_error_get_name((doca_error_t)-1), "unrecognized error code");
	assert_string_equal(doca_error_get_descr((doca_error_t)1000000), "unrecognized error code");
}

static void test_macros(void **state)
{
	doca_error_t r = DOCA_SUCCESS;
	(void)state;
	assert_false(DOCA_IS_ERROR(DOCA_SUCCESS));
	assert_true(DOCA_IS_ERROR(DOCA_ERROR_AGAIN));
	DOCA_ERROR_PROPAGATE(r, DOCA_ERROR_IO_FAILED);
	assert_int_equal(r, DOCA_ERROR_IO_FAILED);
	DOCA_ERROR_PROPAGATE(r, DOCA_ERROR_NO_MEMORY); /* first error wins */
	assert_int_equal(r, DOCA_ERROR_IO_FAILED);
	DOCA_ERROR_PROPAGATE(r, DOCA_SUCCESS);
	assert_int_equal(r, DOCA_ERROR_IO_FAILED);
}

/* doca_version.h: the compiled-in and the runtime version agree, and the comparison macros
 * order releases as DOCA's do (patch counted in thousands for official versions). */
static void test_version(void **state)
{
	(void)state;
	assert_string_equal(doca_version(), "3.5.0000");
	assert_string_equal(doca_version_runtime(), doca_version());
	assert_true(DOCA_VERSION_EQ_CURRENT(3, 5, 0));
	assert_false(DOCA_VERSION_EQ_CURRENT(3, 4, 0));
	assert_true(DOCA_VERSION_LTE_CURRENT(3, 4, 9));
	assert_true(DOCA_VERSION_LTE_CURRENT(2, 9, 0));
	assert_false(DOCA_VERSION_LTE_CURRENT(3, 5, 1));
	assert_false(DOCA_VERSION_LTE_CURRENT(3, 6, 0));
	assert_true(DOCA_VERSION_EXACT == ((size_t)3 << 24 | (size_t)5 << 16));
	assert_true(DOCA_VERSION_CALC(3, 5, 1) > DOCA_VERSION_CALC_EXACT(3, 5, 999));
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	        cmocka_unit_test(test_every_code_named),
	        cmocka_unit_test(test_unknown_codes),
	        cmocka_unit_test(test_macros),
	        cmocka_unit_test(test_version),
	};
	return cmocka_run_group_tests_name("doca_error", tests, NULL, NULL);
}
