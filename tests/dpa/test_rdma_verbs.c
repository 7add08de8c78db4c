/* SPDX-License-Identifier: BSD-3-Clause
 * The host APIs around the DPA that softdpa models only in part: DOCA RDMA's CPU data path
 * (tasks), Verbs CQs and the IB verbs bridges (not emulated: arguments checked, then
 * NOT_SUPPORTED with a line naming the call), Verbs attribute objects and umems (real), and FlexIO
 * DPA resources (real, on softdpa's resources format).
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include <doca_dpa.h>
#include <doca_rdma.h>
#include <doca_rdma_bridge.h>
#include <doca_uar.h>
#include <doca_umem.h>
#include <doca_verbs.h>
#include <doca_verbs_bridge.h>
#include <libflexio/flexio.h>

#include "core/config.h"
#include "core/devices.h"
#include "dpa_t.h"

extern struct doca_dpa_app *dpa_test_app;

#define EXPECT_UNSUPPORTED(call, name)                                                             \
	do {                                                                                       \
		t_log_reset();                                                                     \
		assert_int_equal((call), DOCA_ERROR_NOT_SUPPORTED);                                \
		assert_int_equal(t_log_problems(), 1);                                             \
		t_assert_logged(name, "not supported by softdpa");                                 \
	} while (0)

#define EXPECT_INVALID(call, what)                                                                 \
	do {                                                                                       \
		t_log_reset();                                                                     \
		assert_int_equal((call), DOCA_ERROR_INVALID_VALUE);                                \
		assert_int_equal(t_log_problems(), 1);                                             \
		t_assert_logged(what);                                                             \
	} while (0)

/* Stand-ins for objects softdpa can never create: only their address is used. */
static long fake[8];
#define FAKE(type, i) ((type *)&fake[i])

static void unused_cb(struct doca_rdma_task_send *task, union doca_data task_user_data,
                      union doca_data ctx_user_data)
{
	(void)task;
	(void)task_user_data;
	(void)ctx_user_data;
}

static void test_rdma(void **state)
{
	struct doca_rdma *rdma = FAKE(struct doca_rdma, 0);
	struct doca_rdma_connection *conn = NULL;
	const void *details = NULL;
	size_t len = 0;
	uint32_t v = 5;
	uint16_t v16 = 5;
	struct doca_rdma_task_send *task = NULL;
	union doca_data ud = {.u64 = 1};

	(void)state;
	(void)conn;
	(void)details;
	(void)len;
	(void)v;
	(void)v16;
	/* The context, its configuration, export/connect and the DPA data path are real
	 * (tests/dpa/test_rdma.c); the CPU data path's tasks are refused. */
	EXPECT_INVALID(doca_rdma_cap_task_send_is_supported(FAKE(struct doca_devinfo, 1)),
	               "doca_rdma_cap_task_send_is_supported: devinfo is not a live device");
	EXPECT_INVALID(doca_rdma_cap_task_send_is_supported(NULL), "devinfo is NULL");
	EXPECT_INVALID(doca_rdma_task_send_set_conf(rdma, unused_cb, NULL, 4),
	               "a completion callback is NULL");
	EXPECT_UNSUPPORTED(doca_rdma_task_send_set_conf(rdma, unused_cb, unused_cb, 4),
	                   "doca_rdma_task_send_set_conf");
	EXPECT_UNSUPPORTED(doca_rdma_task_send_allocate_init(
	                           rdma, FAKE(struct doca_rdma_connection, 4), NULL, ud, &task),
	                   "doca_rdma_task_send_allocate_init");
	/* Calls without a status: the documented failure value, one line. */
	t_log_reset();
	assert_null(doca_rdma_task_send_as_task(FAKE(struct doca_rdma_task_send, 3)));
	assert_int_equal(doca_rdma_task_receive_get_result_len(NULL), 0);
	doca_rdma_task_send_set_src_buf(NULL, NULL);
	assert_int_equal(t_log_problems(), 3);
}

/* SOFTDPA_DEVICES = spec (NULL: unset) for the lists that follow. */
static void use_devices(const char *spec)
{
	if (spec != NULL)
		setenv("SOFTDPA_DEVICES", spec, 1);
	else
		unsetenv("SOFTDPA_DEVICES");
	sdpa_config_reload();
	sdpa_devices_reload();
}

/* The RC task capabilities describe the device: every emulated function, whatever its model
 * or type, has them (DOCA's DPA samples pick their RDMA device by them); using the transport
 * is what softdpa refuses. */
static void test_rdma_task_caps(void **state)
{
	doca_error_t (*const caps[])(const struct doca_devinfo *) = {
	        doca_rdma_cap_task_receive_is_supported,
	        doca_rdma_cap_task_send_is_supported,
	        doca_rdma_cap_task_send_imm_is_supported,
	        doca_rdma_cap_task_read_is_supported,
	        doca_rdma_cap_task_write_is_supported,
	        doca_rdma_cap_task_write_imm_is_supported,
	        doca_rdma_cap_task_atomic_cmp_swp_is_supported,
	        doca_rdma_cap_task_atomic_fetch_add_is_supported,
	};
	struct doca_devinfo **list, *gone;
	struct doca_rdma *rdma = NULL;
	struct doca_dev *dev;
	uint32_t n;

	(void)state;
	use_devices("model=bf3;model=cx6;type=sf,reps=0");
	assert_int_equal(doca_devinfo_create_list(&list, &n), DOCA_SUCCESS);
	assert_int_equal(n, 3);
	t_log_reset();
	for (uint32_t d = 0; d < n; d++)
		for (size_t c = 0; c < sizeof(caps) / sizeof(caps[0]); c++)
			assert_int_equal(caps[c](list[d]), DOCA_SUCCESS);
	assert_int_equal(t_log_problems(), 0);
	for (size_t c = 0; c < sizeof(caps) / sizeof(caps[0]); c++)
		EXPECT_INVALID(caps[c](NULL), "devinfo is NULL");
	/* A capable device takes an RDMA context. */
	assert_int_equal(doca_dev_open(list[0], &dev), DOCA_SUCCESS);
	assert_int_equal(doca_rdma_create(dev, &rdma), DOCA_SUCCESS);
	assert_int_equal(doca_rdma_destroy(rdma), DOCA_SUCCESS);
	assert_int_equal(doca_dev_close(dev), DOCA_SUCCESS);
	gone = list[1];
	assert_int_equal(doca_devinfo_destroy_list(list), DOCA_SUCCESS);
	/* A destroyed list's devinfo is reported, not followed. */
	EXPECT_INVALID(doca_rdma_cap_task_write_is_supported(gone), "not a live device");
	use_devices(NULL);
}

/* Verbs CQs, completion channels, SRQs and the IB verbs bridges are not emulated (the Verbs
 * objects that are: test_verbs.c). */
static void test_verbs_objects_not_supported(void **state)
{
	struct doca_verbs_cq *cq = NULL;
	struct doca_verbs_cq_attr *ca = NULL;

	(void)state;
	assert_int_equal(doca_verbs_cq_attr_create(&ca), DOCA_SUCCESS);
	EXPECT_INVALID(doca_verbs_cq_create(NULL, ca, &cq), "verbs_context is NULL");
	EXPECT_UNSUPPORTED(doca_verbs_cq_create(FAKE(struct doca_verbs_context, 1), ca, &cq),
	                   "doca_verbs_cq_create");
	assert_null(cq);
	assert_int_equal(doca_verbs_cq_attr_destroy(ca), DOCA_SUCCESS);
	t_log_reset();
	assert_int_equal(doca_verbs_comp_channel_get_handle(NULL), doca_event_invalid_handle);
	assert_int_equal(t_log_problems(), 1);
	/* The bridges. */
	t_log_reset();
	assert_int_equal(doca_verbs_bridge_post_send(FAKE(struct doca_verbs_qp, 3), NULL, NULL),
	                 EOPNOTSUPP);
	assert_int_equal(t_log_problems(), 1);
}

/* The attribute objects are plain data: every value set is read back; bad values refused. */
static void test_verbs_attributes(void **state)
{
	struct doca_verbs_qp_init_attr *ia;
	struct doca_verbs_qp_attr *qa;
	struct doca_verbs_cq_attr *ca;
	struct doca_umem *um = NULL;
	struct doca_uar *uar = NULL;
	uint64_t off = 0;

	(void)state;
	assert_int_equal(doca_verbs_qp_init_attr_create(&ia), DOCA_SUCCESS);
	assert_int_equal(doca_verbs_qp_init_attr_get_qp_type(ia), 0);
	assert_int_equal(doca_verbs_qp_init_attr_set_qp_type(ia, DOCA_VERBS_QP_TYPE_UC),
	                 DOCA_SUCCESS);
	assert_int_equal(doca_verbs_qp_init_attr_get_qp_type(ia), DOCA_VERBS_QP_TYPE_UC);
	EXPECT_INVALID(doca_verbs_qp_init_attr_set_qp_type(ia, 7), "qp_type 7 is out of range");
	assert_int_equal(doca_verbs_qp_init_attr_set_sq_wr(ia, 64), DOCA_SUCCESS);
	assert_int_equal(doca_verbs_qp_init_attr_set_rq_wr(ia, 32), DOCA_SUCCESS);
	assert_int_equal(doca_verbs_qp_init_attr_get_sq_wr(ia), 64);
	assert_int_equal(doca_verbs_qp_init_attr_get_rq_wr(ia), 32);
	assert_int_equal(doca_verbs_qp_init_attr_set_external_datapath_en(ia, 1), DOCA_SUCCESS);
	assert_int_equal(doca_verbs_qp_init_attr_get_external_datapath_en(ia), 1);
	EXPECT_INVALID(doca_verbs_qp_init_attr_set_external_datapath_en(ia, 2),
	               "external_datapath_en 2 is out of range");
	assert_int_equal(
	        doca_verbs_qp_init_attr_set_external_umem(ia, FAKE(struct doca_umem, 5), 4096),
	        DOCA_SUCCESS);
	assert_int_equal(doca_verbs_qp_init_attr_get_external_umem(ia, &um, &off), DOCA_SUCCESS);
	assert_ptr_equal(um, FAKE(struct doca_umem, 5));
	assert_int_equal(off, 4096);
	assert_int_equal(doca_verbs_qp_init_attr_set_external_uar(ia, FAKE(struct doca_uar, 6)),
	                 DOCA_SUCCESS);
	assert_int_equal(doca_verbs_qp_init_attr_get_external_uar(ia, &uar), DOCA_SUCCESS);
	assert_ptr_equal(uar, FAKE(struct doca_uar, 6));
	assert_int_equal(doca_verbs_qp_init_attr_set_dbr_umem(ia, 3, 128), DOCA_SUCCESS);
	assert_int_equal(doca_verbs_qp_init_attr_get_dbr_umem_id(ia), 3);
	assert_int_equal(doca_verbs_qp_init_attr_get_dbr_umem_offset(ia), 128);
	assert_int_equal(doca_verbs_qp_init_attr_set_receive_dpa_completion(
	                         ia, FAKE(struct doca_dpa_completion, 7)),
	                 DOCA_SUCCESS);
	assert_ptr_equal(doca_verbs_qp_init_attr_get_receive_dpa_completion(ia),
	                 FAKE(struct doca_dpa_completion, 7));
	assert_int_equal(doca_verbs_qp_init_attr_get_send_cqn(ia), 0);
	EXPECT_INVALID(doca_verbs_qp_init_attr_set_pd(NULL, NULL), "verbs_qp_init_attr is NULL");
	t_log_reset();
	assert_int_equal(doca_verbs_qp_init_attr_get_sq_wr(NULL), 0);
	assert_int_equal(t_log_problems(), 1);
	assert_int_equal(doca_verbs_qp_init_attr_destroy(ia), DOCA_SUCCESS);

	assert_int_equal(doca_verbs_qp_attr_create(&qa), DOCA_SUCCESS);
	assert_int_equal(doca_verbs_qp_attr_set_next_state(qa, DOCA_VERBS_QP_STATE_RTS),
	                 DOCA_SUCCESS);
	assert_int_equal(doca_verbs_qp_attr_get_next_state(qa), DOCA_VERBS_QP_STATE_RTS);
	EXPECT_INVALID(doca_verbs_qp_attr_set_next_state(qa, (enum doca_verbs_qp_state)9),
	               "next_state 9 is out of range");
	assert_int_equal(doca_verbs_qp_attr_set_path_mtu(qa, DOCA_MTU_SIZE_1K_BYTES), DOCA_SUCCESS);
	assert_int_equal(doca_verbs_qp_attr_get_path_mtu(qa), DOCA_MTU_SIZE_1K_BYTES);
	assert_int_equal(doca_verbs_qp_attr_set_dest_qp_num(qa, 0x1234), DOCA_SUCCESS);
	assert_int_equal(doca_verbs_qp_attr_get_dest_qp_num(qa), 0x1234);
	assert_int_equal(doca_verbs_qp_attr_set_allow_remote_write(qa, 1), DOCA_SUCCESS);
	assert_int_equal(doca_verbs_qp_attr_get_allow_remote_write(qa), 1);
	assert_int_equal(doca_verbs_qp_attr_destroy(qa), DOCA_SUCCESS);

	assert_int_equal(doca_verbs_cq_attr_create(&ca), DOCA_SUCCESS);
	assert_int_equal(doca_verbs_cq_attr_set_cq_size(ca, 256), DOCA_SUCCESS);
	assert_int_equal(doca_verbs_cq_attr_get_cq_size(ca), 256);
	EXPECT_INVALID(doca_verbs_cq_attr_set_entry_size(ca, (enum doca_verbs_cq_entry_size)5),
	               "entry_size 5 is out of range");
	assert_int_equal(doca_verbs_cq_attr_destroy(ca), DOCA_SUCCESS);
	EXPECT_INVALID(doca_verbs_cq_attr_destroy(NULL), "verbs_cq_attr is NULL");
}

/* DPA umems register DPA heap memory; DPA UARs are objects with an ID (test_verbs.c). */
static void test_umem_and_uar(void **state)
{
	struct doca_dev *dev = dpa_t_open_dev();
	struct doca_dpa *dpa = dpa_t_start(dev, dpa_test_app);
	doca_dpa_dev_uintptr_t heap = 0;
	struct doca_umem *u1, *u2;
	struct doca_uar *uar = NULL;
	uint32_t id1, id2, size;
	void *addr;
	char host[64];

	(void)state;
	assert_int_equal(doca_dpa_mem_alloc(dpa, 4096, &heap), DOCA_SUCCESS);
	assert_int_equal(
	        doca_umem_dpa_create(dpa, heap, 4096, DOCA_ACCESS_FLAG_LOCAL_READ_WRITE, &u1),
	        DOCA_SUCCESS);
	assert_int_equal(doca_umem_get_id(u1, &id1), DOCA_SUCCESS);
	assert_int_equal(doca_umem_get_size(u1, &size), DOCA_SUCCESS);
	assert_int_equal(size, 4096);
	assert_int_equal(doca_umem_get_address(u1, &addr), DOCA_SUCCESS);
	assert_ptr_equal(addr, (void *)(uintptr_t)heap);
	EXPECT_INVALID(doca_umem_dpa_create(dpa, heap + 4000, 4096, 0, &u2),
	               "is not inside one live DPA heap allocation");
	EXPECT_INVALID(doca_umem_dpa_create(dpa, heap, 64, 0x8000u, &u2), "unknown flags");
	assert_int_equal(doca_umem_create(dev, host, sizeof(host), 0, &u2), DOCA_SUCCESS);
	assert_int_equal(doca_umem_get_id(u2, &id2), DOCA_SUCCESS);
	assert_int_not_equal(id1, id2);
	assert_int_equal(doca_umem_destroy(u2), DOCA_SUCCESS);
	assert_int_equal(doca_umem_destroy(u1), DOCA_SUCCESS);
	EXPECT_INVALID(doca_umem_destroy(NULL), "umem_obj is NULL or not a umem");
	assert_int_equal(doca_uar_dpa_create(dpa, &uar), DOCA_SUCCESS);
	assert_int_equal(doca_uar_destroy(uar), DOCA_SUCCESS);
	EXPECT_INVALID(doca_uar_dpa_create(NULL, &uar), "dpa is NULL");
	assert_int_equal(doca_dpa_mem_free(dpa, heap), DOCA_SUCCESS);
	assert_int_equal(doca_dpa_destroy(dpa), DOCA_SUCCESS);
	assert_int_equal(doca_dev_close(dev), DOCA_SUCCESS);
}

static flexio_status resources(const char *text, const char *key, struct flexio_resource **res)
{
	return flexio_resources_create(key, text, strlen(text), res);
}

/* softdpa's resources format: application keys, their EUs (flow or block lists) and EU
 * groups; a malformed file fails with a line naming the problem. */
static void test_flexio_resources(void **state)
{
	const char *file = "# DPA resources\n"
	                   "other_app:\n"
	                   "  eus: [1, 2]\n"
	                   "  eu_groups:\n"
	                   "    - name: g0\n"
	                   "      size: 4\n"
	                   "my_app:   # the one we want\n"
	                   "  eus:\n"
	                   "  - 16\n"
	                   "  - 17\n"
	                   "  - 0x20\n"
	                   "  partition: 3\n"
	                   "third: \n"
	                   "  eu_groups: [a, b, c]\n";
	struct flexio_resource *res = NULL;
	uint32_t *eus;

	(void)state;
	assert_int_equal(resources(file, "my_app", &res), FLEXIO_STATUS_SUCCESS);
	assert_int_equal(flexio_resources_get_eus_num(res), 3);
	assert_int_equal(flexio_resources_get_eugs_num(res), 0);
	eus = flexio_resources_get_eus(res);
	assert_non_null(eus);
	assert_int_equal(eus[0], 16);
	assert_int_equal(eus[1], 17);
	assert_int_equal(eus[2], 32);
	assert_int_equal(flexio_resources_destroy(res), FLEXIO_STATUS_SUCCESS);

	assert_int_equal(resources(file, "other_app", &res), FLEXIO_STATUS_SUCCESS);
	assert_int_equal(flexio_resources_get_eus_num(res), 2);
	assert_int_equal(flexio_resources_get_eugs_num(res), 1);
	assert_int_equal(flexio_resources_destroy(res), FLEXIO_STATUS_SUCCESS);

	assert_int_equal(resources(file, "third", &res), FLEXIO_STATUS_SUCCESS);
	assert_int_equal(flexio_resources_get_eugs_num(res), 3);
	assert_null(flexio_resources_get_eus(res));
	assert_int_equal(flexio_resources_destroy(res), FLEXIO_STATUS_SUCCESS);

	t_log_reset();
	assert_int_equal(resources(file, "missing_app", &res), FLEXIO_STATUS_FAILED);
	t_assert_logged("no application key 'missing_app'");
	assert_int_equal(resources("my_app:\n  eus: [1, 300]\n", "my_app", &res),
	                 FLEXIO_STATUS_FAILED);
	t_assert_logged("line 2", "'300' is not an execution unit ID");
	assert_int_equal(resources("my_app:\n  eus: 5\n", "my_app", &res), FLEXIO_STATUS_FAILED);
	t_assert_logged("line 2", "is not a list");
	assert_int_equal(resources("just text\n", "my_app", &res), FLEXIO_STATUS_FAILED);
	t_assert_logged("line 1", "expected 'APP_KEY:'");
	assert_int_equal(flexio_resources_create(NULL, file, 10, &res), FLEXIO_STATUS_FAILED);
	assert_int_equal(flexio_resources_destroy(NULL), FLEXIO_STATUS_FAILED);
	assert_int_equal(flexio_resources_get_eus_num(NULL), 0);
	assert_null(flexio_resources_get_eus(NULL));
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	        cmocka_unit_test(test_rdma),
	        cmocka_unit_test(test_rdma_task_caps),
	        cmocka_unit_test(test_verbs_objects_not_supported),
	        cmocka_unit_test(test_verbs_attributes),
	        cmocka_unit_test(test_umem_and_uar),
	        cmocka_unit_test(test_flexio_resources),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
