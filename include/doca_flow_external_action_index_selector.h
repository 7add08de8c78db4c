/* SPDX-License-Identifier: BSD-3-Clause */
/**
 * @file
 * softdpa — doca_flow_external_action_index_selector.h: the index selector external
 * resource (DOCA >= 3.3, docs/DESIGN_DECISIONS.md D4). Each object holds num_resources independent
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

/** @brief An index selector object (opaque). */
struct doca_flow_external_resource_index_selector;

/**
 * @brief The action: where the selected index goes. The first index is 1; 0 means none was
 * selectable (the packet then takes the pipe's miss path).
 */
struct doca_flow_external_action_index_selector {
	struct doca_flow_desc_field output; /**< the field the selected index is written to */
	bool is_dynamic;                    /**< softdpa: not supported */
};

/** @brief How the next index is chosen. */
enum doca_flow_external_resource_index_selector_policy {
	DOCA_FLOW_EXTERNAL_RESOURCE_INDEX_SELECTOR_POLICY_ROUND_ROBIN, /**< in turn */
};

/** @brief Configuration of an index selector object. */
struct doca_flow_external_resource_index_selector_cfg {
	uint32_t num_resources; /**< independent selectors in the object, >= 1 */
	enum doca_flow_external_resource_index_selector_policy policy; /**< the policy */
	bool hw_load_balancer; /**< softdpa: accepted, no effect */
};

/* What a modify does to an index (also its resulting state). Also declared by the DPA
 * provider's device header; the guard lets both meet in one translation unit. */
#ifndef DOCA_FLOW_INDEX_SELECTOR_OPERATION_DECLARED
/** @brief Guard: enum doca_flow_external_resource_index_selector_operation is declared. */
#define DOCA_FLOW_INDEX_SELECTOR_OPERATION_DECLARED
/** @brief What a modify does to an index (also its resulting state). */
enum doca_flow_external_resource_index_selector_operation {
	DOCA_FLOW_EXTERNAL_RESOURCE_INDEX_SELECTOR_OP_ENABLE,     /**< selectable */
	DOCA_FLOW_EXTERNAL_RESOURCE_INDEX_SELECTOR_OP_SKIP_ONCE,  /**< passed over once, then
	                                                           * enabled */
	DOCA_FLOW_EXTERNAL_RESOURCE_INDEX_SELECTOR_OP_SKIP_TWICE, /**< passed over twice, then
	                                                           * enabled */
	DOCA_FLOW_EXTERNAL_RESOURCE_INDEX_SELECTOR_OP_DISABLE,    /**< never selected */
};
#endif

/**
 * @brief Register the index selector kind, giving its id for struct doca_flow_external_actions.
 *
 * @param [out] type
 * The kind's id; a second call gives the same id.
 * @return DOCA_SUCCESS on success; DOCA_ERROR_INVALID_VALUE when type is NULL;
 * DOCA_ERROR_BAD_STATE after doca_flow_init() (register before it, or after
 * doca_flow_destroy()).
 */
DOCA_EXPERIMENTAL doca_error_t doca_flow_external_action_index_selector_register(uint32_t *type);

/**
 * @brief Create an object of cfg->num_resources selectors on a port.
 *
 * @param [in] cfg
 * The configuration.
 * @param [in] port
 * The port whose pipes use the object.
 * @param [out] out
 * The new object; every index of every selector starts DISABLED.
 * @return DOCA_SUCCESS on success; DOCA_ERROR_INVALID_VALUE when an argument is NULL,
 * num_resources is 0 or above 2^20, or the policy is unknown; DOCA_ERROR_BAD_STATE when the
 * kind was not registered (doca_flow_external_action_index_selector_register());
 * DOCA_ERROR_NO_MEMORY when memory or the resource id space runs out.
 */
DOCA_EXPERIMENTAL doca_error_t doca_flow_external_resource_index_selector_create(
        struct doca_flow_external_resource_index_selector_cfg *cfg, struct doca_flow_port *port,
        struct doca_flow_external_resource_index_selector **out);

/**
 * @brief Destroy an index selector object.
 *
 * @param [in] res
 * The object; NULL is a no-op.
 * @note Something that is not a live selector, or one destroyed already, is logged and
 * ignored. An object still used by pipes or DPA exports draws a warning and stays valid
 * until they release it.
 */
DOCA_EXPERIMENTAL void doca_flow_external_resource_index_selector_destroy(
        struct doca_flow_external_resource_index_selector *res);

/**
 * @brief Get the id of the object's first selector; selector r has id + r.
 *
 * @param [in] res
 * The object.
 * @param [out] resource_id
 * The id.
 * @return DOCA_SUCCESS on success; DOCA_ERROR_INVALID_VALUE when res is NULL or not a live
 * index selector, or resource_id is NULL.
 */
DOCA_EXPERIMENTAL doca_error_t doca_flow_external_resource_index_selector_get_id(
        struct doca_flow_external_resource_index_selector *res, uint32_t *resource_id);

/**
 * @brief Get the largest index a selector can return (softdpa: 64).
 *
 * @param [in] res
 * The object.
 * @param [out] max_index
 * The largest index.
 * @return DOCA_SUCCESS on success; DOCA_ERROR_INVALID_VALUE when res is NULL or not a live
 * index selector, or max_index is NULL.
 */
DOCA_EXPERIMENTAL doca_error_t doca_flow_external_resource_index_selector_get_max_index(
        struct doca_flow_external_resource_index_selector *res, uint32_t *max_index);

/**
 * @brief Apply op to one index of one selector of the object, at once.
 *
 * @param [in] port
 * The port the object was created on.
 * @param [in] res
 * The object.
 * @param [in] resource_offset
 * Which of the object's selectors.
 * @param [in] op
 * What to do to the index.
 * @param [in] index
 * The index, 1..max_index.
 * @return DOCA_SUCCESS on success; DOCA_ERROR_INVALID_VALUE when port or res is NULL, res is
 * not a live index selector, port is not the object's, or resource_offset, op or index is out
 * of range.
 */
DOCA_EXPERIMENTAL doca_error_t doca_flow_external_resource_index_selector_modify(
        struct doca_flow_port *port, struct doca_flow_external_resource_index_selector *res,
        uint32_t resource_offset, enum doca_flow_external_resource_index_selector_operation op,
        uint32_t index);

/**
 * @brief Apply op to indices start_idx..end_idx (end inclusive) of one selector, at once.
 *
 * All or nothing: nothing changes when any argument is invalid.
 *
 * @param [in] port
 * The port the object was created on.
 * @param [in] res
 * The object.
 * @param [in] resource_offset
 * Which of the object's selectors.
 * @param [in] op
 * What to do to the indices.
 * @param [in] start_idx
 * The first index, 1..max_index.
 * @param [in] end_idx
 * The last index, start_idx..max_index.
 * @return DOCA_SUCCESS on success; DOCA_ERROR_INVALID_VALUE when port or res is NULL, res is
 * not a live index selector, port is not the object's, resource_offset, op or an index is out
 * of range, or start_idx > end_idx.
 */
DOCA_EXPERIMENTAL doca_error_t doca_flow_external_resource_index_selector_modify_range(
        struct doca_flow_port *port, struct doca_flow_external_resource_index_selector *res,
        uint32_t resource_offset, enum doca_flow_external_resource_index_selector_operation op,
        uint32_t start_idx, uint32_t end_idx);

#ifdef __cplusplus
}
#endif

#endif /* DOCA_FLOW_EXTERNAL_ACTION_INDEX_SELECTOR_H_ */
