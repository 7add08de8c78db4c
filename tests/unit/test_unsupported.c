/* SPDX-License-Identifier: BSD-3-Clause
 * Calls softdpa does not emulate answer DOCA_ERROR_NOT_SUPPORTED and log one line naming
 * themselves: RDMA and Comch objects, syslog log backends.
 */
#include <doca_comch.h>
#include <doca_log.h>
#include <doca_rdma.h>

#include "t_helpers.h"

#define EXPECT_UNSUPPORTED(call, name)                                                             \
	do {                                                                                       \
		t_log_reset();                                                                     \
		assert_int_equal((call), DOCA_ERROR_NOT_SUPPORTED);                                \
		assert_int_equal(t_log_problems(), 1);                                             \
		t_assert_logged(name, "not supported");                                            \
	} while (0)

static void test_rdma_and_comch(void **state)
{
	struct doca_rdma *rdma = (struct doca_rdma *)0x1;
	struct doca_comch_server *srv = NULL;
	struct doca_comch_client *cli = NULL;
	doca_dpa_dev_rdma_t h = 7;

	(void)state;
	EXPECT_UNSUPPORTED(doca_rdma_create(NULL, &rdma), "doca_rdma_create");
	assert_ptr_equal(rdma, (struct doca_rdma *)0x1); /* outputs untouched */
	EXPECT_UNSUPPORTED(doca_rdma_destroy(NULL), "doca_rdma_destroy");
	EXPECT_UNSUPPORTED(doca_rdma_set_datapath_on_dpa(NULL, NULL),
			   "doca_rdma_set_datapath_on_dpa");
	EXPECT_UNSUPPORTED(doca_rdma_get_dpa_handle(NULL, &h), "doca_rdma_get_dpa_handle");
	assert_int_equal(h, 7);
	EXPECT_UNSUPPORTED(doca_comch_server_create(NULL, NULL, "x", &srv),
			   "doca_comch_server_create");
	EXPECT_UNSUPPORTED(doca_comch_server_destroy(srv), "doca_comch_server_destroy");
	EXPECT_UNSUPPORTED(doca_comch_client_create(NULL, "x", &cli), "doca_comch_client_create");
	EXPECT_UNSUPPORTED(doca_comch_client_destroy(cli), "doca_comch_client_destroy");
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_rdma_and_comch),
	};
	return cmocka_run_group_tests_name("unsupported", tests, NULL, NULL);
}
