/* SPDX-License-Identifier: BSD-3-Clause
 * Stale and twice-destroyed DPA-side objects (docs/DPA.md, "Stale and destroyed objects"):
 * a pointer or device handle of a destroyed object gets INVALID_VALUE and one log line,
 * is never dereferenced (ASan sees no use after free), and never acts on an object created
 * afterwards, even one malloc would have placed at the same address.
 */
#include <stdlib.h>
#include <string.h>

#include <doca_buf_array.h>
#include <doca_buf_inventory.h>
#include <doca_clock.h>
#include <doca_dpa.h>
#include <doca_mmap.h>
#include <doca_pe.h>
#include <doca_sync_event.h>
#include <doca_umem.h>
#include <doca_verbs.h>
#include <libflexio/flexio.h>

#include "dpa/dpa.h"
#include "core/handles.h"
#include "dpa_t.h"

extern struct doca_dpa_app *dpa_faults_app;
extern doca_dpa_func_t launch_trap;

static int setup(void **state)
{
	return dpa_t_fx_setup(state, dpa_faults_app);
}

/* 'call' on a destroyed object answers INVALID_VALUE with exactly one problem line. */
#define STALE(call)                                                                                \
	do {                                                                                       \
		t_log_reset();                                                                     \
		assert_int_equal((call), DOCA_ERROR_INVALID_VALUE);                                \
		assert_int_equal(t_log_problems(), 1);                                             \
	} while (0)

/* Destroying twice, for every kind of object: the second time is refused. */
static void test_destroy_twice(void **state)
{
	struct dpa_t_fx *f = *state;
	struct doca_dpa_thread *t;
	struct doca_dpa_eu_affinity *aff;
	struct doca_dpa_tg *tg;
	struct doca_dpa_completion *comp;
	struct doca_dpa_notification_completion *nc;
	struct doca_dpa_async_ops *aops;
	struct doca_dpa_hash_table *ht;
	struct doca_sync_event *ev;
	struct doca_mmap *mm;
	struct doca_buf_arr *arr;

	assert_int_equal(doca_dpa_thread_create(f->dpa, &t), DOCA_SUCCESS);
	assert_int_equal(doca_dpa_notification_completion_create(f->dpa, t, &nc), DOCA_SUCCESS);
	assert_int_equal(doca_dpa_notification_completion_destroy(nc), DOCA_SUCCESS);
	STALE(doca_dpa_notification_completion_destroy(nc));
	assert_int_equal(doca_dpa_thread_destroy(t), DOCA_SUCCESS);
	STALE(doca_dpa_thread_destroy(t));
	assert_int_equal(doca_dpa_eu_affinity_create(f->dpa, &aff), DOCA_SUCCESS);
	assert_int_equal(doca_dpa_eu_affinity_destroy(aff), DOCA_SUCCESS);
	STALE(doca_dpa_eu_affinity_destroy(aff));
	assert_int_equal(doca_dpa_thread_group_create(f->dpa, 2, &tg), DOCA_SUCCESS);
	assert_int_equal(doca_dpa_thread_group_destroy(tg), DOCA_SUCCESS);
	STALE(doca_dpa_thread_group_destroy(tg));
	assert_int_equal(doca_dpa_completion_create(f->dpa, 16, &comp), DOCA_SUCCESS);
	assert_int_equal(doca_dpa_completion_destroy(comp), DOCA_SUCCESS);
	STALE(doca_dpa_completion_destroy(comp));
	assert_int_equal(doca_dpa_async_ops_create(f->dpa, 16, 0, &aops), DOCA_SUCCESS);
	assert_int_equal(doca_dpa_async_ops_destroy(aops), DOCA_SUCCESS);
	STALE(doca_dpa_async_ops_destroy(aops));
	assert_int_equal(doca_dpa_hash_table_create(f->dpa, 16, &ht), DOCA_SUCCESS);
	assert_int_equal(doca_dpa_hash_table_destroy(ht), DOCA_SUCCESS);
	STALE(doca_dpa_hash_table_destroy(ht));
	assert_int_equal(doca_sync_event_create(&ev), DOCA_SUCCESS);
	assert_int_equal(doca_sync_event_destroy(ev), DOCA_SUCCESS);
	STALE(doca_sync_event_destroy(ev));
	assert_int_equal(doca_mmap_create(&mm), DOCA_SUCCESS);
	assert_int_equal(doca_mmap_destroy(mm), DOCA_SUCCESS);
	STALE(doca_mmap_destroy(mm));
	assert_int_equal(doca_buf_arr_create(4, &arr), DOCA_SUCCESS);
	assert_int_equal(doca_buf_arr_destroy(arr), DOCA_SUCCESS);
	STALE(doca_buf_arr_destroy(arr));
}

/* A stale pointer never reaches the object created after it: not even when malloc would
 * give the new object the same address (the destroyed one is quarantined). */
static void test_stale_never_acts_on_new_object(void **state)
{
	struct dpa_t_fx *f = *state;
	struct doca_sync_event *old_ev, *new_ev;
	struct doca_dpa *old_dpa, *new_dpa;
	uint64_t v = 0;

	assert_int_equal(doca_sync_event_create(&old_ev), DOCA_SUCCESS);
	assert_int_equal(doca_sync_event_destroy(old_ev), DOCA_SUCCESS);
	assert_int_equal(doca_sync_event_create(&new_ev), DOCA_SUCCESS);
	assert_ptr_not_equal(new_ev, old_ev);
	assert_true(sdpa_handle_destroyed(old_ev, SDPA_H_SYNC_EVENT));
	STALE(doca_sync_event_destroy(old_ev));
	STALE(doca_sync_event_update_set(old_ev, 5));
	/* The new event is untouched and still works. */
	assert_int_equal(doca_sync_event_add_publisher_location_cpu(new_ev, f->dev), DOCA_SUCCESS);
	assert_int_equal(doca_sync_event_add_subscriber_location_cpu(new_ev, f->dev), DOCA_SUCCESS);
	assert_int_equal(doca_sync_event_start(new_ev), DOCA_SUCCESS);
	assert_int_equal(doca_sync_event_get(new_ev, &v), DOCA_SUCCESS);
	assert_int_equal(v, 0);
	assert_int_equal(doca_sync_event_destroy(new_ev), DOCA_SUCCESS);

	/* Contexts too: a destroyed one is refused by every call, never confused. */
	assert_int_equal(doca_dpa_create(f->dev, &old_dpa), DOCA_SUCCESS);
	assert_int_equal(doca_dpa_destroy(old_dpa), DOCA_SUCCESS);
	assert_int_equal(doca_dpa_create(f->dev, &new_dpa), DOCA_SUCCESS);
	assert_ptr_not_equal(new_dpa, old_dpa);
	STALE(doca_dpa_destroy(old_dpa));
	STALE(doca_dpa_set_app(old_dpa, dpa_faults_app));
	STALE(doca_dpa_start(old_dpa));
	assert_int_equal(doca_dpa_set_app(new_dpa, dpa_faults_app), DOCA_SUCCESS);
	assert_int_equal(doca_dpa_destroy(new_dpa), DOCA_SUCCESS);
}

/* A kernel holding the device handle of a destroyed event: its update is refused (one
 * rate-limited line) and never reaches the event created afterwards. */
static void test_stale_device_event_handle(void **state)
{
	struct dpa_t_fx *f = *state;
	struct doca_sync_event *old_ev = dpa_t_event(f->dev, f->dpa, 0);
	struct doca_sync_event *comp = dpa_t_event(f->dev, f->dpa, 0);
	struct doca_sync_event *new_ev;
	doca_dpa_dev_sync_event_t old_h;

	assert_int_equal(doca_sync_event_get_dpa_handle(old_ev, f->dpa, &old_h), DOCA_SUCCESS);
	assert_int_equal(doca_sync_event_destroy(old_ev), DOCA_SUCCESS);
	new_ev = dpa_t_event(f->dev, f->dpa, 0);
	t_log_reset();
	assert_int_equal(doca_dpa_kernel_launch_update_set(f->dpa, NULL, 0, comp, 1, 1,
	                                                   &launch_trap, (uint64_t)0, old_h),
	                 DOCA_SUCCESS);
	assert_int_equal(dpa_t_wait_ge(comp, 1, 30000), 1);
	t_assert_logged("is not a sync event", "doca_sync_event_get_dpa_handle");
	assert_int_equal(dpa_t_wait_ge(new_ev, 1, 10), 0);
	assert_int_equal(doca_sync_event_destroy(new_ev), DOCA_SUCCESS);
	assert_int_equal(doca_sync_event_destroy(comp), DOCA_SUCCESS);
}

/* An mmap's device handle carries a generation: after the mmap stops, the handle names
 * nothing — not the next mmap started in the same slot. */
static void test_stale_mmap_handle(void **state)
{
	struct dpa_t_fx *f = *state;
	static uint64_t mem[512] __attribute__((aligned(4096)));
	doca_dpa_dev_mmap_t h[2];
	struct doca_mmap *mm[2];

	for (int i = 0; i < 2; i++) {
		assert_int_equal(doca_mmap_create(&mm[i]), DOCA_SUCCESS);
		assert_int_equal(doca_mmap_set_memrange(mm[i], mem, sizeof(mem)), DOCA_SUCCESS);
		assert_int_equal(doca_mmap_add_dev(mm[i], f->dev), DOCA_SUCCESS);
		assert_int_equal(doca_mmap_start(mm[i]), DOCA_SUCCESS);
		assert_int_equal(doca_mmap_dev_get_dpa_handle(mm[i], f->dev, &h[i]), DOCA_SUCCESS);
		assert_ptr_equal(sdpa_mmap_lookup(h[i]), mm[i]);
		if (i == 0)
			assert_int_equal(doca_mmap_destroy(mm[0]), DOCA_SUCCESS);
	}
	assert_int_not_equal(h[0], h[1]);
	assert_null(sdpa_mmap_lookup(h[0]));
	assert_ptr_equal(sdpa_mmap_lookup(h[1]), mm[1]);
	assert_int_equal(doca_mmap_destroy(mm[1]), DOCA_SUCCESS);
	assert_null(sdpa_mmap_lookup(h[1]));
}

/* The quarantine is bounded: many create/destroy rounds keep working. */
static void test_many_rounds(void **state)
{
	struct doca_sync_event *ev;

	(void)state;
	for (unsigned int i = 0; i < 3 * SDPA_HANDLE_QUARANTINE; i++) {
		assert_int_equal(doca_sync_event_create(&ev), DOCA_SUCCESS);
		assert_int_equal(doca_sync_event_destroy(ev), DOCA_SUCCESS);
	}
}

/* doca-common objects: a progress engine, a buffer inventory, a clock reader, a umem. */
static void test_common_objects_destroy_twice(void **state)
{
	static uint8_t mem[4096];
	struct dpa_t_fx *f = *state;
	struct doca_pe *pe;
	struct doca_buf_inventory *inv;
	struct doca_clock *clk;
	struct doca_umem *um;
	union doca_clock_timespec_t ts;
	doca_notification_handle_t nh;
	uint32_t n;

	assert_int_equal(doca_pe_create(&pe), DOCA_SUCCESS);
	assert_int_equal(doca_pe_destroy(pe), DOCA_SUCCESS);
	STALE(doca_pe_destroy(pe));
	STALE(doca_pe_get_notification_handle(pe, &nh));
	STALE(doca_pe_set_event_mode(pe, DOCA_PE_EVENT_MODE_PROGRESS_ALL));

	assert_int_equal(doca_buf_inventory_create(8, &inv), DOCA_SUCCESS);
	assert_int_equal(doca_buf_inventory_destroy(inv), DOCA_SUCCESS);
	STALE(doca_buf_inventory_destroy(inv));
	STALE(doca_buf_inventory_get_num_elements(inv, &n));

	assert_int_equal(doca_clock_create(f->dev, &clk), DOCA_SUCCESS);
	assert_int_equal(doca_clock_destroy(clk), DOCA_SUCCESS);
	STALE(doca_clock_destroy(clk));
	STALE(doca_clock_get_timestamp(clk, DOCA_CLOCK_HOST_REAL_TIME, &ts));

	assert_int_equal(
	        doca_umem_create(f->dev, mem, sizeof(mem), DOCA_ACCESS_FLAG_LOCAL_READ_WRITE, &um),
	        DOCA_SUCCESS);
	assert_int_equal(doca_umem_destroy(um), DOCA_SUCCESS);
	STALE(doca_umem_destroy(um));
	STALE(doca_umem_get_id(um, &n));
}

/* Verbs attributes and FlexIO resources: destroyed twice, used after destroy. */
static void test_attrs_and_resources_destroy_twice(void **state)
{
	static const char file[] = "app:\n  eus: [1, 2]\n";
	struct doca_verbs_qp_init_attr *ia;
	struct doca_verbs_qp_attr *qa;
	struct doca_verbs_cq_attr *ca;
	struct flexio_resource *res;

	(void)state;
	assert_int_equal(doca_verbs_qp_init_attr_create(&ia), DOCA_SUCCESS);
	assert_int_equal(doca_verbs_qp_init_attr_destroy(ia), DOCA_SUCCESS);
	STALE(doca_verbs_qp_init_attr_destroy(ia));
	STALE(doca_verbs_qp_init_attr_set_sq_wr(ia, 64));
	assert_int_equal(doca_verbs_qp_attr_create(&qa), DOCA_SUCCESS);
	assert_int_equal(doca_verbs_qp_attr_destroy(qa), DOCA_SUCCESS);
	STALE(doca_verbs_qp_attr_destroy(qa));
	STALE(doca_verbs_qp_attr_set_rq_psn(qa, 1));
	assert_int_equal(doca_verbs_cq_attr_create(&ca), DOCA_SUCCESS);
	assert_int_equal(doca_verbs_cq_attr_destroy(ca), DOCA_SUCCESS);
	STALE(doca_verbs_cq_attr_destroy(ca));
	STALE(doca_verbs_cq_attr_set_cq_size(ca, 64));

	assert_int_equal(flexio_resources_create("app", file, sizeof(file) - 1, &res),
	                 FLEXIO_STATUS_SUCCESS);
	assert_int_equal(flexio_resources_get_eus_num(res), 2);
	assert_int_equal(flexio_resources_destroy(res), FLEXIO_STATUS_SUCCESS);
	t_log_reset();
	assert_int_equal(flexio_resources_destroy(res), FLEXIO_STATUS_FAILED);
	assert_int_equal(flexio_resources_get_eus_num(res), 0);
	assert_null(flexio_resources_get_eus(res));
	assert_int_equal(t_log_problems(), 3);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	        cmocka_unit_test_setup_teardown(test_destroy_twice, setup, dpa_t_fx_teardown),
	        cmocka_unit_test_setup_teardown(test_stale_never_acts_on_new_object, setup,
	                                        dpa_t_fx_teardown),
	        cmocka_unit_test_setup_teardown(test_stale_device_event_handle, setup,
	                                        dpa_t_fx_teardown),
	        cmocka_unit_test_setup_teardown(test_stale_mmap_handle, setup, dpa_t_fx_teardown),
	        cmocka_unit_test_setup_teardown(test_many_rounds, setup, dpa_t_fx_teardown),
	        cmocka_unit_test_setup_teardown(test_common_objects_destroy_twice, setup,
	                                        dpa_t_fx_teardown),
	        cmocka_unit_test(test_attrs_and_resources_destroy_twice),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
