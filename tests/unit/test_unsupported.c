/* SPDX-License-Identifier: BSD-3-Clause
 * Calls softdpa does not emulate answer DOCA_ERROR_NOT_SUPPORTED and log one line naming
 * themselves: RDMA and Comch objects, the generic doca_ctx, remote-net sync events, syslog
 * log backends. Bad arguments still answer INVALID_VALUE, with one line naming the argument.
 */
#include <doca_comch.h>
#include <doca_ctx.h>
#include <doca_dev.h>
#include <doca_dpa.h>
#include <doca_log.h>
#include <doca_rdma.h>
#include <doca_sync_event.h>

#include "../dpa/dpa_t.h" /* dpa_t_open_dev */

#define EXPECT_UNSUPPORTED(call, name)                                                             \
	do {                                                                                       \
		t_log_reset();                                                                     \
		assert_int_equal((call), DOCA_ERROR_NOT_SUPPORTED);                                \
		assert_int_equal(t_log_problems(), 1);                                             \
		t_assert_logged(name, "not supported");                                            \
	} while (0)

#define EXPECT_INVALID(call, name, what)                                                           \
	do {                                                                                       \
		t_log_reset();                                                                     \
		assert_int_equal((call), DOCA_ERROR_INVALID_VALUE);                                \
		assert_int_equal(t_log_problems(), 1);                                             \
		t_assert_logged(name, what);                                                       \
	} while (0)

/* Stand-ins for objects softdpa can never create: only their address is used. */
static int fake_ctx_storage, fake_remote_storage, fake_dev_storage;
#define FAKE_CTX    ((struct doca_ctx *)&fake_ctx_storage)
#define FAKE_DEV    ((struct doca_dev *)&fake_dev_storage)
#define FAKE_REMOTE ((struct doca_sync_event_remote_net *)&fake_remote_storage)

static void state_cb(const union doca_data user_data, struct doca_ctx *ctx,
                     enum doca_ctx_states prev_state, enum doca_ctx_states next_state)
{
	(void)user_data;
	(void)ctx;
	(void)prev_state;
	(void)next_state;
}

static void test_rdma_and_comch(void **state)
{
	struct doca_rdma *rdma = (struct doca_rdma *)0x1;
	struct doca_comch_server *srv = NULL;
	struct doca_comch_client *cli = NULL;
	doca_dpa_dev_rdma_t h = 7;

	(void)state;
	/* RDMA is emulated (tests/dpa/test_rdma.c); a pointer that is no context is refused
	 * as an invalid argument, outputs untouched. */
	EXPECT_INVALID(doca_rdma_create(NULL, &rdma), "doca_rdma_create", "dev is NULL");
	EXPECT_INVALID(doca_rdma_create(FAKE_DEV, &rdma), "doca_rdma_create", "not an open device");
	assert_ptr_equal(rdma, (struct doca_rdma *)0x1); /* outputs untouched */
	EXPECT_INVALID(doca_rdma_destroy(NULL), "doca_rdma_destroy", "rdma is NULL");
	EXPECT_INVALID(doca_rdma_destroy(rdma), "doca_rdma_destroy", "not an RDMA context");
	t_log_reset();
	assert_null(doca_rdma_as_ctx(rdma));
	assert_int_equal(t_log_problems(), 1);
	t_assert_logged("doca_rdma_as_ctx", "not an RDMA context");
	EXPECT_INVALID(doca_rdma_get_dpa_handle(rdma, &h), "doca_rdma_get_dpa_handle",
	               "not an RDMA context");
	assert_int_equal(h, 7);
	EXPECT_UNSUPPORTED(doca_comch_server_create(NULL, NULL, "x", &srv),
	                   "doca_comch_server_create");
	EXPECT_UNSUPPORTED(doca_comch_server_destroy(srv), "doca_comch_server_destroy");
	EXPECT_UNSUPPORTED(doca_comch_client_create(NULL, "x", &cli), "doca_comch_client_create");
	EXPECT_UNSUPPORTED(doca_comch_client_destroy(cli), "doca_comch_client_destroy");
}

static void test_ctx(void **state)
{
	struct doca_dev *dev = dpa_t_open_dev();
	struct doca_dpa *dpa;
	union doca_data ud = {.u64 = 42};
	enum doca_ctx_states st = DOCA_CTX_STATE_RUNNING;
	size_t inflight = 9;
	struct doca_ctx *rdma_ctx;
	(void)state;

	assert_int_equal(doca_dpa_create(dev, &dpa), DOCA_SUCCESS);

	EXPECT_INVALID(doca_ctx_start(NULL), "doca_ctx_start", "ctx is NULL");
	EXPECT_UNSUPPORTED(doca_ctx_start(FAKE_CTX), "doca_ctx_start");
	EXPECT_INVALID(doca_ctx_stop(NULL), "doca_ctx_stop", "ctx is NULL");
	EXPECT_UNSUPPORTED(doca_ctx_stop(FAKE_CTX), "doca_ctx_stop");
	EXPECT_INVALID(doca_ctx_get_num_inflight_tasks(NULL, &inflight),
	               "doca_ctx_get_num_inflight_tasks", "ctx is NULL");
	EXPECT_INVALID(doca_ctx_get_num_inflight_tasks(FAKE_CTX, NULL),
	               "doca_ctx_get_num_inflight_tasks", "num_inflight_tasks is NULL");
	EXPECT_UNSUPPORTED(doca_ctx_get_num_inflight_tasks(FAKE_CTX, &inflight),
	                   "doca_ctx_get_num_inflight_tasks");
	assert_int_equal(inflight, 9); /* outputs untouched */
	EXPECT_INVALID(doca_ctx_set_user_data(NULL, ud), "doca_ctx_set_user_data", "ctx is NULL");
	EXPECT_UNSUPPORTED(doca_ctx_set_user_data(FAKE_CTX, ud), "doca_ctx_set_user_data");
	EXPECT_INVALID(doca_ctx_get_user_data(NULL, &ud), "doca_ctx_get_user_data", "ctx is NULL");
	EXPECT_INVALID(doca_ctx_get_user_data(FAKE_CTX, NULL), "doca_ctx_get_user_data",
	               "user_data is NULL");
	EXPECT_UNSUPPORTED(doca_ctx_get_user_data(FAKE_CTX, &ud), "doca_ctx_get_user_data");
	assert_int_equal(ud.u64, 42);
	EXPECT_INVALID(doca_ctx_set_state_changed_cb(NULL, state_cb),
	               "doca_ctx_set_state_changed_cb", "ctx is NULL");
	EXPECT_INVALID(doca_ctx_set_state_changed_cb(FAKE_CTX, NULL),
	               "doca_ctx_set_state_changed_cb", "cb is NULL");
	EXPECT_UNSUPPORTED(doca_ctx_set_state_changed_cb(FAKE_CTX, state_cb),
	                   "doca_ctx_set_state_changed_cb");
	EXPECT_INVALID(doca_ctx_get_state(NULL, &st), "doca_ctx_get_state", "ctx is NULL");
	EXPECT_INVALID(doca_ctx_get_state(FAKE_CTX, NULL), "doca_ctx_get_state", "state is NULL");
	EXPECT_UNSUPPORTED(doca_ctx_get_state(FAKE_CTX, &st), "doca_ctx_get_state");
	assert_int_equal(st, DOCA_CTX_STATE_RUNNING);
	EXPECT_INVALID(doca_ctx_set_datapath_on_dpa(NULL, dpa), "doca_ctx_set_datapath_on_dpa",
	               "ctx is NULL");
	EXPECT_INVALID(doca_ctx_set_datapath_on_dpa(FAKE_CTX, NULL), "doca_ctx_set_datapath_on_dpa",
	               "not a DPA context");
	EXPECT_UNSUPPORTED(doca_ctx_set_datapath_on_dpa(FAKE_CTX, dpa),
	                   "doca_ctx_set_datapath_on_dpa");
	/* A NULL RDMA context gives a NULL doca_ctx, which the generic calls refuse. */
	rdma_ctx = doca_rdma_as_ctx(NULL); /* logs its own line */
	assert_null(rdma_ctx);
	EXPECT_INVALID(doca_ctx_set_datapath_on_dpa(rdma_ctx, dpa), "doca_ctx_set_datapath_on_dpa",
	               "ctx is NULL");

	assert_int_equal(doca_dpa_destroy(dpa), DOCA_SUCCESS);
	assert_int_equal(doca_dev_close(dev), DOCA_SUCCESS);
}

static void test_remote_net_sync_event(void **state)
{
	struct doca_dev *dev = dpa_t_open_dev();
	struct doca_dpa *dpa;
	struct doca_sync_event *ev;
	struct doca_sync_event_remote_net *remote = FAKE_REMOTE;
	const uint8_t *data = NULL;
	const uint8_t bytes[16] = {1};
	size_t sz = 0;
	doca_dpa_dev_sync_event_remote_net_t h = 5;
	(void)state;

	assert_int_equal(doca_dpa_create(dev, &dpa), DOCA_SUCCESS);
	assert_int_equal(doca_sync_event_create(&ev), DOCA_SUCCESS);

	EXPECT_INVALID(doca_sync_event_add_publisher_location_remote_net(NULL),
	               "doca_sync_event_add_publisher_location_remote_net", "not a sync event");
	/* Remote-net events are emulated (tests/dpa/test_rdma.c); here, their argument checks. */
	assert_int_equal(doca_sync_event_add_publisher_location_remote_net(ev), DOCA_SUCCESS);

	EXPECT_INVALID(doca_sync_event_export_to_remote_net(NULL, &data, &sz),
	               "doca_sync_event_export_to_remote_net", "not a sync event");
	t_log_reset();
	assert_int_equal(doca_sync_event_export_to_remote_net(ev, &data, &sz),
	                 DOCA_ERROR_BAD_STATE);
	t_assert_logged("doca_sync_event_export_to_remote_net", "not started");
	assert_null(data);
	assert_int_equal(sz, 0);

	EXPECT_INVALID(
	        doca_sync_event_remote_net_create_from_export(NULL, bytes, sizeof(bytes), &remote),
	        "doca_sync_event_remote_net_create_from_export", "dev is NULL");
	EXPECT_INVALID(
	        doca_sync_event_remote_net_create_from_export(dev, NULL, sizeof(bytes), &remote),
	        "doca_sync_event_remote_net_create_from_export", "data is NULL");
	EXPECT_INVALID(doca_sync_event_remote_net_create_from_export(dev, bytes, 0, &remote),
	               "doca_sync_event_remote_net_create_from_export", "sz is 0");
	EXPECT_INVALID(
	        doca_sync_event_remote_net_create_from_export(dev, bytes, sizeof(bytes), NULL),
	        "doca_sync_event_remote_net_create_from_export", "event is NULL");
	EXPECT_INVALID(
	        doca_sync_event_remote_net_create_from_export(dev, bytes, sizeof(bytes), &remote),
	        "doca_sync_event_remote_net_create_from_export", "not a remote-net export");
	assert_ptr_equal(remote, FAKE_REMOTE);

	EXPECT_INVALID(doca_sync_event_remote_net_get_dpa_handle(NULL, dpa, &h),
	               "doca_sync_event_remote_net_get_dpa_handle", "not a remote-net event");
	EXPECT_INVALID(doca_sync_event_remote_net_get_dpa_handle(FAKE_REMOTE, dpa, &h),
	               "doca_sync_event_remote_net_get_dpa_handle", "not a remote-net event");
	assert_int_equal(h, 5);

	EXPECT_INVALID(doca_sync_event_remote_net_destroy(NULL),
	               "doca_sync_event_remote_net_destroy", "not a remote-net event");
	EXPECT_INVALID(doca_sync_event_remote_net_destroy(FAKE_REMOTE),
	               "doca_sync_event_remote_net_destroy", "not a remote-net event");

	/* The refused calls left the local event usable. */
	assert_int_equal(doca_sync_event_add_publisher_location_cpu(ev, dev), DOCA_SUCCESS);
	assert_int_equal(doca_sync_event_add_subscriber_location_dpa(ev, dpa), DOCA_SUCCESS);
	assert_int_equal(doca_sync_event_start(ev), DOCA_SUCCESS);
	assert_int_equal(doca_sync_event_destroy(ev), DOCA_SUCCESS);
	assert_int_equal(doca_dpa_destroy(dpa), DOCA_SUCCESS);
	assert_int_equal(doca_dev_close(dev), DOCA_SUCCESS);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	        cmocka_unit_test(test_rdma_and_comch),
	        cmocka_unit_test(test_ctx),
	        cmocka_unit_test(test_remote_net_sync_event),
	};
	return cmocka_run_group_tests_name("unsupported", tests, NULL, NULL);
}
