/* SPDX-License-Identifier: BSD-3-Clause
 * External resources, shared part: type registration around doca_flow_init, object ids
 * and kind tags, pinning, the dynamic-meta query.
 */
#include <string.h>

#include <doca_flow_external_action_array.h>
#include <doca_flow_external_action_index_selector.h>

#include "nic/ext_resource.h"
#include "t_helpers.h"

/* Ports are opaque to the resource code: any distinct addresses do. */
static char port_mem[2];
#define PORT_A ((struct doca_flow_port *)&port_mem[0])
#define PORT_B ((struct doca_flow_port *)&port_mem[1])

static int setup(void **state)
{
	(void)state;
	sdpa_ext_reset_registration();
	t_log_reset();
	return 0;
}

static struct doca_flow_external_resource_index_selector *new_sel(struct doca_flow_port *port,
                                                                  uint32_t n)
{
	struct doca_flow_external_resource_index_selector_cfg cfg = {.num_resources = n};
	struct doca_flow_external_resource_index_selector *res = NULL;

	assert_int_equal(doca_flow_external_resource_index_selector_create(&cfg, port, &res),
	                 DOCA_SUCCESS);
	return res;
}

static struct doca_flow_external_resource_array *new_arr(struct doca_flow_port *port, uint32_t n,
                                                         size_t size)
{
	struct doca_flow_external_resource_array_cfg cfg = {
	        .size = size,
	        .num_resources = n,
	        .granularity = DOCA_FLOW_EXTERNAL_RESOURCE_GRANULARITY_32BIT};
	struct doca_flow_external_resource_array *arr = NULL;

	assert_int_equal(doca_flow_external_resource_array_create(&cfg, port, &arr), DOCA_SUCCESS);
	return arr;
}

static void test_register_null(void **state)
{
	(void)state;
	assert_int_equal(doca_flow_external_action_index_selector_register(NULL),
	                 DOCA_ERROR_INVALID_VALUE);
	t_assert_logged("doca_flow_external_action_index_selector_register", "type is NULL");
	assert_int_equal(doca_flow_external_action_array_register(NULL), DOCA_ERROR_INVALID_VALUE);
	t_assert_logged("doca_flow_external_action_array_register", "type is NULL");
	assert_int_equal(t_log_problems(), 2);
}

static void test_register_ids(void **state)
{
	uint32_t sel = 0, sel2 = 0, arr = 0, arr2 = 0;

	(void)state;
	assert_false(sdpa_ext_type_is_index_selector(1));
	assert_false(sdpa_ext_type_is_array(1));
	assert_int_equal(doca_flow_external_action_index_selector_register(&sel), DOCA_SUCCESS);
	assert_int_equal(doca_flow_external_action_array_register(&arr), DOCA_SUCCESS);
	/* registration order from 1 */
	assert_int_equal(sel, 1);
	assert_int_equal(arr, 2);
	assert_int_equal(doca_flow_external_action_index_selector_register(&sel2), DOCA_SUCCESS);
	assert_int_equal(doca_flow_external_action_array_register(&arr2), DOCA_SUCCESS);
	assert_int_equal(sel2, sel);
	assert_int_equal(arr2, arr);
	assert_true(sdpa_ext_type_is_index_selector(sel));
	assert_false(sdpa_ext_type_is_index_selector(arr));
	assert_false(sdpa_ext_type_is_index_selector(0));
	assert_true(sdpa_ext_type_is_array(arr));
	assert_false(sdpa_ext_type_is_array(sel));
	assert_false(sdpa_ext_type_is_array(0));
	assert_false(sdpa_ext_type_is_array(3));
	assert_int_equal(t_log_problems(), 0);
}

static void test_register_after_init(void **state)
{
	uint32_t sel = 0, arr = 0, t = 77;

	(void)state;
	assert_int_equal(doca_flow_external_action_array_register(&arr), DOCA_SUCCESS);
	assert_int_equal(arr, 1);
	sdpa_ext_freeze_registration();
	assert_int_equal(doca_flow_external_action_index_selector_register(&sel),
	                 DOCA_ERROR_BAD_STATE);
	t_assert_logged("doca_flow_external_action_index_selector_register",
	                "register external action types before doca_flow_init");
	/* even an already registered kind */
	assert_int_equal(doca_flow_external_action_array_register(&t), DOCA_ERROR_BAD_STATE);
	t_assert_logged("doca_flow_external_action_array_register",
	                "register external action types before doca_flow_init");
	assert_int_equal(t, 77);
	assert_int_equal(t_log_problems(), 2);
	/* the types stay valid while DOCA Flow runs */
	assert_true(sdpa_ext_type_is_array(arr));
	assert_false(sdpa_ext_type_is_index_selector(2));

	/* doca_flow_destroy: forgotten, registration open again */
	sdpa_ext_reset_registration();
	assert_false(sdpa_ext_type_is_array(arr));
	assert_int_equal(doca_flow_external_action_index_selector_register(&sel), DOCA_SUCCESS);
	assert_int_equal(sel, 1);
	assert_true(sdpa_ext_type_is_index_selector(1));
	assert_false(sdpa_ext_type_is_array(1));
}

static void test_create_unregistered(void **state)
{
	struct doca_flow_external_resource_index_selector_cfg scfg = {.num_resources = 1};
	struct doca_flow_external_resource_array_cfg acfg = {
	        .size = 4, .num_resources = 1, .granularity = 8};
	struct doca_flow_external_resource_index_selector *sel = NULL;
	struct doca_flow_external_resource_array *arr = NULL;
	uint32_t t;

	(void)state;
	assert_int_equal(doca_flow_external_resource_index_selector_create(&scfg, PORT_A, &sel),
	                 DOCA_ERROR_BAD_STATE);
	t_assert_logged("doca_flow_external_resource_index_selector_create",
	                "call doca_flow_external_action_index_selector_register before "
	                "doca_flow_init");
	assert_null(sel);
	assert_int_equal(doca_flow_external_resource_array_create(&acfg, PORT_A, &arr),
	                 DOCA_ERROR_BAD_STATE);
	t_assert_logged("doca_flow_external_resource_array_create",
	                "call doca_flow_external_action_array_register before doca_flow_init");
	assert_null(arr);
	/* one kind registered does not register the other */
	assert_int_equal(doca_flow_external_action_array_register(&t), DOCA_SUCCESS);
	assert_int_equal(doca_flow_external_resource_index_selector_create(&scfg, PORT_A, &sel),
	                 DOCA_ERROR_BAD_STATE);
	assert_int_equal(doca_flow_external_resource_array_create(&acfg, PORT_A, &arr),
	                 DOCA_SUCCESS);
	doca_flow_external_resource_array_destroy(arr);
	assert_int_equal(t_log_problems(), 3);
	assert_int_equal(sdpa_ext_live_objects(), 0);
}

static void test_ids_kinds_accessors(void **state)
{
	struct doca_flow_external_resource_index_selector *s1, *s2;
	struct doca_flow_external_resource_array *a1;
	uint32_t t, id1 = 0, id2 = 0;
	int plain = 0;

	(void)state;
	assert_int_equal(doca_flow_external_action_index_selector_register(&t), DOCA_SUCCESS);
	assert_int_equal(doca_flow_external_action_array_register(&t), DOCA_SUCCESS);
	s1 = new_sel(PORT_A, 3);
	a1 = new_arr(PORT_A, 2, 10);
	s2 = new_sel(PORT_A, 1);
	assert_int_equal(sdpa_ext_live_objects(), 3);

	assert_int_equal(sdpa_ext_kind_of(s1), SDPA_EXT_KIND_INDEX_SELECTOR);
	assert_int_equal(sdpa_ext_kind_of(a1), SDPA_EXT_KIND_ARRAY);
	assert_int_equal(sdpa_ext_kind_of(NULL), SDPA_EXT_KIND_NONE);
	assert_int_equal(sdpa_ext_kind_of(&plain), SDPA_EXT_KIND_NONE);
	assert_ptr_equal(sdpa_ext_obj_port(s1), PORT_A);
	assert_ptr_equal(sdpa_ext_obj_port(a1), PORT_A);
	assert_int_equal(sdpa_ext_obj_num_resources(s1), 3);
	assert_int_equal(sdpa_ext_obj_num_resources(a1), 2);
	assert_int_equal(sdpa_array_size(a1), 10);
	assert_int_equal(sdpa_array_bits(a1), 32);

	/* ids: consecutive blocks of num_resources, never overlapping */
	assert_int_equal(doca_flow_external_resource_index_selector_get_id(s1, &id1), DOCA_SUCCESS);
	assert_int_equal(doca_flow_external_resource_index_selector_get_id(s2, &id2), DOCA_SUCCESS);
	assert_int_equal(id1, sdpa_ext_obj_id(s1));
	assert_int_equal(sdpa_ext_obj_id(a1), id1 + 3);
	assert_int_equal(id2, id1 + 3 + 2);

	doca_flow_external_resource_index_selector_destroy(s1);
	doca_flow_external_resource_index_selector_destroy(s2);
	doca_flow_external_resource_array_destroy(a1);
	assert_int_equal(sdpa_ext_live_objects(), 0);
	assert_int_equal(t_log_problems(), 0);
}

static void test_destroy_wrong_kind_and_null(void **state)
{
	struct doca_flow_external_resource_index_selector *s;
	struct doca_flow_external_resource_array *a;
	uint32_t t;

	(void)state;
	assert_int_equal(doca_flow_external_action_index_selector_register(&t), DOCA_SUCCESS);
	assert_int_equal(doca_flow_external_action_array_register(&t), DOCA_SUCCESS);
	doca_flow_external_resource_index_selector_destroy(NULL);
	doca_flow_external_resource_array_destroy(NULL);
	assert_int_equal(t_log_problems(), 0);

	s = new_sel(PORT_A, 1);
	a = new_arr(PORT_A, 1, 1);
	doca_flow_external_resource_index_selector_destroy(
	        (struct doca_flow_external_resource_index_selector *)a);
	t_assert_logged("index_selector_destroy", "not a live index selector");
	doca_flow_external_resource_array_destroy((struct doca_flow_external_resource_array *)s);
	t_assert_logged("array_destroy", "not a live array");
	assert_int_equal(sdpa_ext_live_objects(), 2);
	doca_flow_external_resource_index_selector_destroy(s);
	doca_flow_external_resource_array_destroy(a);
	assert_int_equal(sdpa_ext_live_objects(), 0);
	assert_int_equal(t_log_problems(), 2);
}

static void test_pin_defers_free(void **state)
{
	struct doca_flow_external_resource_index_selector *s;
	uint32_t t;

	(void)state;
	assert_int_equal(doca_flow_external_action_index_selector_register(&t), DOCA_SUCCESS);
	s = new_sel(PORT_A, 1);
	sdpa_ext_pin(s);
	sdpa_ext_pin(s);
	doca_flow_external_resource_index_selector_destroy(s);
	t_assert_logged("index_selector_destroy", "still used by 2 pipe(s) or DPA export(s)",
	                "destroy them first");
	/* still valid memory for its users */
	assert_int_equal(sdpa_ext_kind_of(s), SDPA_EXT_KIND_INDEX_SELECTOR);
	assert_int_equal(sdpa_ext_live_objects(), 1);
	assert_int_equal(sdpa_ixsel_modify(s, 0, SDPA_IXSEL_ENABLE, 5), DOCA_SUCCESS);
	assert_int_equal(sdpa_ixsel_select(s, 0), 5);
	doca_flow_external_resource_index_selector_destroy(s);
	t_assert_logged("already destroyed", "destroy each object once");
	sdpa_ext_unpin(s);
	assert_int_equal(sdpa_ext_live_objects(), 1);
	sdpa_ext_unpin(s); /* last: freed */
	assert_int_equal(sdpa_ext_live_objects(), 0);
	assert_int_equal(t_log_problems(), 2);
}

static void test_reset_warns_live(void **state)
{
	struct doca_flow_external_resource_array *a;
	uint32_t t;

	(void)state;
	assert_int_equal(doca_flow_external_action_array_register(&t), DOCA_SUCCESS);
	a = new_arr(PORT_B, 1, 4);
	sdpa_ext_freeze_registration();
	sdpa_ext_reset_registration();
	t_assert_logged("1 external resource object(s) still exist",
	                "destroy index selectors and arrays before doca_flow_destroy");
	assert_int_equal(t_log_problems(), 1);
	/* the object itself still works and is destroyed normally */
	assert_int_equal(doca_flow_external_resource_array_update(PORT_B, a, 0, 3, 9),
	                 DOCA_SUCCESS);
	doca_flow_external_resource_array_destroy(a);
	assert_int_equal(sdpa_ext_live_objects(), 0);
	sdpa_ext_reset_registration();
	assert_int_equal(t_log_problems(), 1);
}

static void test_dynamic_meta_indices(void **state)
{
	uint64_t mask = 0xffff;

	(void)state;
	assert_int_equal(doca_flow_external_action_get_dynamic_meta_indices(NULL, &mask),
	                 DOCA_ERROR_INVALID_VALUE);
	t_assert_logged("doca_flow_external_action_get_dynamic_meta_indices", "port is NULL");
	assert_int_equal(mask, 0xffff);
	assert_int_equal(doca_flow_external_action_get_dynamic_meta_indices(PORT_A, NULL),
	                 DOCA_ERROR_INVALID_VALUE);
	t_assert_logged("doca_flow_external_action_get_dynamic_meta_indices",
	                "meta_indices is NULL");
	assert_int_equal(doca_flow_external_action_get_dynamic_meta_indices(PORT_A, &mask),
	                 DOCA_ERROR_NOT_SUPPORTED);
	t_assert_logged("doca_flow_external_action_get_dynamic_meta_indices", "not supported",
	                "is_dynamic = false");
	assert_int_equal(mask, 0);
	assert_int_equal(t_log_problems(), 3);
}

static void test_port_name(void **state)
{
	char buf[48], want[48];

	(void)state;
	/* until the flow layer provides sdpa_flow_port_id_of, the weak fallback answers -1 */
	if (sdpa_flow_port_id_of(PORT_A) < 0) {
		snprintf(want, sizeof(want), "port at %p", (void *)PORT_A);
		assert_string_equal(sdpa_ext_port_name(PORT_A, buf, sizeof(buf)), want);
	} else {
		snprintf(want, sizeof(want), "port %d", sdpa_flow_port_id_of(PORT_A));
		assert_string_equal(sdpa_ext_port_name(PORT_A, buf, sizeof(buf)), want);
	}
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	        cmocka_unit_test_setup(test_register_null, setup),
	        cmocka_unit_test_setup(test_register_ids, setup),
	        cmocka_unit_test_setup(test_register_after_init, setup),
	        cmocka_unit_test_setup(test_create_unregistered, setup),
	        cmocka_unit_test_setup(test_ids_kinds_accessors, setup),
	        cmocka_unit_test_setup(test_destroy_wrong_kind_and_null, setup),
	        cmocka_unit_test_setup(test_pin_defers_free, setup),
	        cmocka_unit_test_setup(test_reset_warns_live, setup),
	        cmocka_unit_test_setup(test_dynamic_meta_indices, setup),
	        cmocka_unit_test_setup(test_port_name, setup),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
