/* SPDX-License-Identifier: BSD-3-Clause
 * softdpa — doca_flow_external_action_index_selector.h: the index selector external
 * resource (DOCA >= 3.3, DECISIONS D4). Each object holds num_resources independent
 * round-robin selectors; a packet that passes one gets the selected 1-based index written
 * into the action's output field. softdpa: every selector has 64 indices (1..64, see
 * _get_max_index), all DISABLED when created. docs/EXTERNAL_RESOURCES.md has the exact
 * round-robin rule.
 */
#ifndef DOCA_FLOW_EXTERNAL_ACTION_INDEX_SELECTOR_H_
#define DOCA_FLOW_EXTERNAL_ACTION_INDEX_SELECTOR_H_

#include <stdbool.h>
#include <stdint.h>

#include <doca_compat.h>
#include <doca_error.h>
#include <doca_flow.h>
#include <doca_flow_external_actions.h>

#ifdef __cplusplus
extern "C" {
#endif

/* An index selector object (opaque). */
struct doca_flow_external_resource_index_selector;

/* The action: where the selected index goes. The first index is 1; 0 means none was
 * selectable (the packet then takes the pipe's miss path). */
struct doca_flow_external_action_index_selector {
	struct doca_flow_desc_field output;
	bool is_dynamic; /* softdpa: not supported */
};

/* How the next index is chosen. */
enum doca_flow_external_resource_index_selector_policy {
	DOCA_FLOW_EXTERNAL_RESOURCE_INDEX_SELECTOR_POLICY_ROUND_ROBIN,
};

struct doca_flow_external_resource_index_selector_cfg {
	uint32_t num_resources; /* independent selectors in the object, >= 1 */
	enum doca_flow_external_resource_index_selector_policy policy;
	bool hw_load_balancer; /* softdpa: accepted, no effect */
};

/* What a modify does to an index (also its resulting state). Also declared by the DPA
 * provider's device header; the guard lets both meet in one translation unit. */
#ifndef DOCA_FLOW_INDEX_SELECTOR_OPERATION_DECLARED
#define DOCA_FLOW_INDEX_SELECTOR_OPERATION_DECLARED
enum doca_flow_external_resource_index_selector_operation {
	DOCA_FLOW_EXTERNAL_RESOURCE_INDEX_SELECTOR_OP_ENABLE,     /* selectable */
	DOCA_FLOW_EXTERNAL_RESOURCE_INDEX_SELECTOR_OP_SKIP_ONCE,  /* passed over once, then enabled
	                                                           */
	DOCA_FLOW_EXTERNAL_RESOURCE_INDEX_SELECTOR_OP_SKIP_TWICE, /* passed over twice, then enabled
	                                                           */
	DOCA_FLOW_EXTERNAL_RESOURCE_INDEX_SELECTOR_OP_DISABLE,    /* never selected */
};
#endif

/* Register the index selector kind; *type receives its id for struct
 * doca_flow_external_actions. Call before doca_flow_init (BAD_STATE after it); a second
 * call returns the same id. INVALID_VALUE on NULL. */
DOCA_EXPERIMENTAL doca_error_t doca_flow_external_action_index_selector_register(uint32_t *type);

/* Create an object of cfg->num_resources selectors on `port`. INVALID_VALUE on NULL
 * arguments, num_resources 0 or too large, an unknown policy; BAD_STATE when the kind was
 * not registered; NO_MEMORY. */
DOCA_EXPERIMENTAL doca_error_t doca_flow_external_resource_index_selector_create(
        struct doca_flow_external_resource_index_selector_cfg *cfg, struct doca_flow_port *port,
        struct doca_flow_external_resource_index_selector **out);

/* Destroy an object (NULL is a no-op). */
DOCA_EXPERIMENTAL void doca_flow_external_resource_index_selector_destroy(
        struct doca_flow_external_resource_index_selector *res);

/* Id of the object's first selector; selector r has id + r. INVALID_VALUE on NULL. */
DOCA_EXPERIMENTAL doca_error_t doca_flow_external_resource_index_selector_get_id(
        struct doca_flow_external_resource_index_selector *res, uint32_t *resource_id);

/* Largest index a selector can return (softdpa: 64). INVALID_VALUE on NULL. */
DOCA_EXPERIMENTAL doca_error_t doca_flow_external_resource_index_selector_get_max_index(
        struct doca_flow_external_resource_index_selector *res, uint32_t *max_index);

/* Apply `op` to index `index` (1..max_index) of selector `resource_offset`. INVALID_VALUE
 * on NULL arguments, a port other than the object's, offset/index/op out of range. */
DOCA_EXPERIMENTAL doca_error_t doca_flow_external_resource_index_selector_modify(
        struct doca_flow_port *port, struct doca_flow_external_resource_index_selector *res,
        uint32_t resource_offset, enum doca_flow_external_resource_index_selector_operation op,
        uint32_t index);

/* Apply `op` to indices start_idx..end_idx (end inclusive). All-or-nothing: nothing
 * changes when any argument is invalid (INVALID_VALUE, also for start_idx > end_idx). */
DOCA_EXPERIMENTAL doca_error_t doca_flow_external_resource_index_selector_modify_range(
        struct doca_flow_port *port, struct doca_flow_external_resource_index_selector *res,
        uint32_t resource_offset, enum doca_flow_external_resource_index_selector_operation op,
        uint32_t start_idx, uint32_t end_idx);

#ifdef __cplusplus
}
#endif

#endif /* DOCA_FLOW_EXTERNAL_ACTION_INDEX_SELECTOR_H_ */
