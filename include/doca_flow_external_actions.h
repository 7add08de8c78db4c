/* SPDX-License-Identifier: BSD-3-Clause */
/**
 * @file
 * softdpa — doca_flow_external_actions.h: what every DOCA Flow external resource shares
 * (DOCA >= 3.3): the descriptor an ordered-list pipe element points at, the slot
 * granularity enum and the dynamic-input query. The resources themselves live in
 * doca_flow_external_action_index_selector.h and doca_flow_external_action_array.h.
 */
#ifndef DOCA_FLOW_EXTERNAL_ACTIONS_H_
#define DOCA_FLOW_EXTERNAL_ACTIONS_H_

#include <stdint.h>

#include <doca_compat.h>
#include <doca_error.h>
#include <doca_flow.h>

#ifdef __cplusplus
extern "C" {
#endif

/** @brief One use of an external resource, referenced from an ordered-list element. */
struct doca_flow_external_actions {
	uint32_t type;            /**< id returned by the resource kind's *_register() */
	void *resource;           /**< the resource object (selector or array) */
	uint32_t resource_offset; /**< which of the object's num_resources to use */
	void *action;             /**< kind-specific action, e.g. struct
	                           * doca_flow_external_action_array * */
};

/**
 * @brief Ordered-list element type for an external action; deliberately outside the range of
 * enum doca_flow_ordered_list_element_type.
 */
enum doca_flow_ordered_list_element_type_external {
	DOCA_FLOW_ORDERED_LIST_ELEMENT_EXTERNAL_ACTIONS = 100, /**< an external action */
};

/** @brief The external variant of an ordered-list element. */
struct doca_flow_ordered_list_element_external {
	enum doca_flow_ordered_list_element_type_external type; /**< always _EXTERNAL_ACTIONS */
	struct doca_flow_external_actions *external_actions;    /**< the resource use */
};

/**
 * @brief An ordered-list element that may be either kind: fill external and pass &element
 * where the ordered list expects a struct doca_flow_ordered_list_element.
 */
struct doca_flow_ordered_list_element_adjusted {
	union {
		struct doca_flow_ordered_list_element element;           /**< a DOCA Flow element */
		struct doca_flow_ordered_list_element_external external; /**< an external one */
	};
};

/** @brief Width of one array slot, in bits. */
enum doca_flow_external_resource_granularity {
	DOCA_FLOW_EXTERNAL_RESOURCE_GRANULARITY_8BIT = 8,   /**< 8-bit slots */
	DOCA_FLOW_EXTERNAL_RESOURCE_GRANULARITY_16BIT = 16, /**< 16-bit slots */
	DOCA_FLOW_EXTERNAL_RESOURCE_GRANULARITY_32BIT = 32, /**< 32-bit slots */
	DOCA_FLOW_EXTERNAL_RESOURCE_GRANULARITY_64BIT = 64, /**< 64-bit slots */
};

/**
 * @brief Get the bitmask of the meta.u32[] indices a dynamic external action may read its
 * input from.
 *
 * @param [in] port
 * A started port.
 * @param [out] meta_indices
 * The bitmask; softdpa sets it to 0.
 * @return DOCA_ERROR_NOT_SUPPORTED when both arguments are given: softdpa does not support
 * dynamic inputs (is_dynamic = true); DOCA_ERROR_INVALID_VALUE when port or meta_indices is
 * NULL.
 * @note softdpa never returns DOCA_SUCCESS here and logs an error at each call; use
 * is_dynamic = false with a fixed index and resource_offset.
 */
DOCA_EXPERIMENTAL doca_error_t doca_flow_external_action_get_dynamic_meta_indices(
        struct doca_flow_port *port, uint64_t *meta_indices);

#ifdef __cplusplus
}
#endif

#endif /* DOCA_FLOW_EXTERNAL_ACTIONS_H_ */
