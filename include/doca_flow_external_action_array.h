/* SPDX-License-Identifier: BSD-3-Clause */
/**
 * @file
 * softdpa — doca_flow_external_action_array.h: the array external resource (DOCA >= 3.3;
 * the DPA provider calls it "memory", docs/DESIGN_DECISIONS.md D4). Each object holds num_resources
 * arrays of `size` slots, each slot `granularity` bits wide; a packet that passes one runs
 * one atomic operation on one slot, with a packet field as operand and result.
 * docs/EXTERNAL_RESOURCES.md defines every operation exactly.
 */
#ifndef DOCA_FLOW_EXTERNAL_ACTION_ARRAY_H_
#define DOCA_FLOW_EXTERNAL_ACTION_ARRAY_H_

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include <doca_compat.h>
#include <doca_error.h>
#include <doca_flow.h>
#include <doca_flow_external_actions.h>

#ifdef __cplusplus
extern "C" {
#endif

/** @brief An array object (opaque). */
struct doca_flow_external_resource_array;

/**
 * @brief The operation a packet runs on its slot. "old" is the slot before, "in" the field
 * value truncated to the slot width; the result goes back into the field.
 *
 * On an all-zero slot every FFS / FIND_FIRST_SET op yields: ID ops the slot width in bits
 * (8, 16, 32 or 64), BITMAP ops 0; the slot stays 0. docs/EXTERNAL_RESOURCES.md defines every
 * operation exactly.
 */
enum doca_flow_external_action_array_operation {
	DOCA_FLOW_EXTERNAL_ACTION_ARRAY_OP_LOAD,        /**< result old */
	DOCA_FLOW_EXTERNAL_ACTION_ARRAY_OP_STORE,       /**< slot = in; field unchanged */
	DOCA_FLOW_EXTERNAL_ACTION_ARRAY_OP_ADD,         /**< slot = old + in (wraps); result old */
	DOCA_FLOW_EXTERNAL_ACTION_ARRAY_OP_BITWISE_XOR, /**< slot = old ^ in; result old */
	DOCA_FLOW_EXTERNAL_ACTION_ARRAY_OP_BITWISE_OR,  /**< slot = old | in; result old */
	DOCA_FLOW_EXTERNAL_ACTION_ARRAY_OP_BITWISE_AND, /**< slot = old & in; result old */
	DOCA_FLOW_EXTERNAL_ACTION_ARRAY_OP_FFS_ID_MSB,  /**< result: bit number of the highest set
	                                                 * bit */
	DOCA_FLOW_EXTERNAL_ACTION_ARRAY_OP_FFS_SET_BITMAP_MSB, /**< result: only that bit set */
	DOCA_FLOW_EXTERNAL_ACTION_ARRAY_OP_FFS_ID_LSB, /**< result: bit number of the lowest set
	                                                * bit */
	DOCA_FLOW_EXTERNAL_ACTION_ARRAY_OP_FFS_SET_BITMAP_LSB, /**< result: only that bit set */
	DOCA_FLOW_EXTERNAL_ACTION_ARRAY_OP_RESET,              /**< slot = 0; result old */
	/** clear the highest set bit; result its bit number */
	DOCA_FLOW_EXTERNAL_ACTION_ARRAY_OP_FIND_FIRST_SET_AND_RESET_ID_MSB,
	/** clear the highest set bit; result only that bit set */
	DOCA_FLOW_EXTERNAL_ACTION_ARRAY_OP_FIND_FIRST_SET_AND_RESET_BITMAP_MSB,
	/** clear the lowest set bit; result its bit number */
	DOCA_FLOW_EXTERNAL_ACTION_ARRAY_OP_FIND_FIRST_SET_AND_RESET_ID_LSB,
	/** clear the lowest set bit; result only that bit set */
	DOCA_FLOW_EXTERNAL_ACTION_ARRAY_OP_FIND_FIRST_SET_AND_RESET_BITMAP_LSB,
};

/** @brief The action: which slot, which op, which field. */
struct doca_flow_external_action_array {
	enum doca_flow_external_action_array_operation operation; /**< what the packet runs */
	struct doca_flow_desc_field input_output;                 /**< operand in, result out */
	uint32_t index;                                           /**< slot, 0..size-1 */
	bool is_dynamic;                                          /**< softdpa: not supported */
};

/** @brief Configuration of an array object. */
struct doca_flow_external_resource_array_cfg {
	size_t size;            /**< slots per resource, 1..2^32-1 */
	uint32_t num_resources; /**< arrays in the object, >= 1 */
	enum doca_flow_external_resource_granularity granularity; /**< width of a slot */
};

/**
 * @brief Register the array kind, giving its id for struct doca_flow_external_actions.
 *
 * @param [out] type
 * The kind's id; a second call gives the same id.
 * @return DOCA_SUCCESS on success; DOCA_ERROR_INVALID_VALUE when type is NULL;
 * DOCA_ERROR_BAD_STATE after doca_flow_init() (register before it, or after
 * doca_flow_destroy()).
 */
DOCA_EXPERIMENTAL doca_error_t doca_flow_external_action_array_register(uint32_t *type);

/**
 * @brief Create an object of cfg->num_resources zero-filled arrays on a port.
 *
 * @param [in] cfg
 * The configuration.
 * @param [in] port
 * The port whose pipes use the object.
 * @param [out] array
 * The new object.
 * @return DOCA_SUCCESS on success; DOCA_ERROR_INVALID_VALUE when an argument is NULL, size is 0
 * or above 2^32-1, num_resources is 0 or above 2^20, the granularity is not 8, 16, 32 or 64,
 * or size x num_resources exceeds 2^26 slots (softdpa's limit); DOCA_ERROR_BAD_STATE when the
 * kind was not registered (doca_flow_external_action_array_register());
 * DOCA_ERROR_NO_MEMORY when memory or the resource id space runs out.
 */
DOCA_EXPERIMENTAL doca_error_t doca_flow_external_resource_array_create(
        struct doca_flow_external_resource_array_cfg *cfg, struct doca_flow_port *port,
        struct doca_flow_external_resource_array **array);

/**
 * @brief Destroy an array object.
 *
 * @param [in] array
 * The object; NULL is a no-op.
 * @note Something that is not a live array, or one destroyed already, is logged and ignored.
 * An object still used by pipes or DPA exports draws a warning and stays valid until they
 * release it.
 */
DOCA_EXPERIMENTAL void
doca_flow_external_resource_array_destroy(struct doca_flow_external_resource_array *array);

/**
 * @brief Set one slot of one array of the object, at once.
 *
 * @param [in] port
 * The port the object was created on.
 * @param [in] array
 * The object.
 * @param [in] resource_offset
 * Which of the object's arrays.
 * @param [in] index
 * The slot, 0..size-1.
 * @param [in] value
 * The new value, truncated to the granularity.
 * @return DOCA_SUCCESS on success; DOCA_ERROR_INVALID_VALUE when port or array is NULL, array
 * is not a live array, port is not the object's, or resource_offset or index is out of range.
 */
DOCA_EXPERIMENTAL doca_error_t doca_flow_external_resource_array_update(
        struct doca_flow_port *port, struct doca_flow_external_resource_array *array,
        uint32_t resource_offset, uint32_t index, uint64_t value);

#ifdef __cplusplus
}
#endif

#endif /* DOCA_FLOW_EXTERNAL_ACTION_ARRAY_H_ */
