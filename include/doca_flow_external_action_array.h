/* SPDX-License-Identifier: BSD-3-Clause
 * softdpa — doca_flow_external_action_array.h: the array external resource (DOCA >= 3.3;
 * the DPA provider calls it "memory", DECISIONS D4). Each object holds num_resources
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

/* An array object (opaque). */
struct doca_flow_external_resource_array;

/* The operation a packet runs on its slot. "old" is the slot before, "in" the field value
 * truncated to the slot width; the result goes back into the field. */
enum doca_flow_external_action_array_operation {
	DOCA_FLOW_EXTERNAL_ACTION_ARRAY_OP_LOAD,        /* result old */
	DOCA_FLOW_EXTERNAL_ACTION_ARRAY_OP_STORE,       /* slot = in; field unchanged */
	DOCA_FLOW_EXTERNAL_ACTION_ARRAY_OP_ADD,         /* slot = old + in (wraps); result old */
	DOCA_FLOW_EXTERNAL_ACTION_ARRAY_OP_BITWISE_XOR, /* slot = old ^ in; result old */
	DOCA_FLOW_EXTERNAL_ACTION_ARRAY_OP_BITWISE_OR,  /* slot = old | in; result old */
	DOCA_FLOW_EXTERNAL_ACTION_ARRAY_OP_BITWISE_AND, /* slot = old & in; result old */
	DOCA_FLOW_EXTERNAL_ACTION_ARRAY_OP_FFS_ID_MSB,  /* result: bit number of the highest set bit
	                                                 */
	DOCA_FLOW_EXTERNAL_ACTION_ARRAY_OP_FFS_SET_BITMAP_MSB, /* result: only that bit set */
	DOCA_FLOW_EXTERNAL_ACTION_ARRAY_OP_FFS_ID_LSB, /* result: bit number of the lowest set bit
	                                                */
	DOCA_FLOW_EXTERNAL_ACTION_ARRAY_OP_FFS_SET_BITMAP_LSB, /* result: only that bit set */
	DOCA_FLOW_EXTERNAL_ACTION_ARRAY_OP_RESET,              /* slot = 0; result old */
	DOCA_FLOW_EXTERNAL_ACTION_ARRAY_OP_FIND_FIRST_SET_AND_RESET_ID_MSB, /* clear it; result id
	                                                                     */
	DOCA_FLOW_EXTERNAL_ACTION_ARRAY_OP_FIND_FIRST_SET_AND_RESET_BITMAP_MSB,
	DOCA_FLOW_EXTERNAL_ACTION_ARRAY_OP_FIND_FIRST_SET_AND_RESET_ID_LSB,
	DOCA_FLOW_EXTERNAL_ACTION_ARRAY_OP_FIND_FIRST_SET_AND_RESET_BITMAP_LSB,
};
/* On an all-zero slot every FFS / FIND_FIRST_SET op yields: ID ops the slot width in bits
 * (8, 16, 32 or 64), BITMAP ops 0; the slot stays 0. */

/* The action: which slot, which op, which field. */
struct doca_flow_external_action_array {
	enum doca_flow_external_action_array_operation operation;
	struct doca_flow_desc_field input_output; /* operand in, result out */
	uint32_t index;                           /* slot, 0..size-1 */
	bool is_dynamic;                          /* softdpa: not supported */
};

struct doca_flow_external_resource_array_cfg {
	size_t size;            /* slots per resource, 1..2^32-1 */
	uint32_t num_resources; /* arrays in the object, >= 1 */
	enum doca_flow_external_resource_granularity granularity;
};

/* Register the array kind; *type receives its id. Call before doca_flow_init (BAD_STATE
 * after it); a second call returns the same id. INVALID_VALUE on NULL. */
DOCA_EXPERIMENTAL doca_error_t doca_flow_external_action_array_register(uint32_t *type);

/* Create an object of cfg->num_resources zero-filled arrays on `port`. INVALID_VALUE on NULL
 * arguments, size or num_resources 0 or too large, a bad granularity; BAD_STATE when the
 * kind was not registered; NO_MEMORY. */
DOCA_EXPERIMENTAL doca_error_t doca_flow_external_resource_array_create(
        struct doca_flow_external_resource_array_cfg *cfg, struct doca_flow_port *port,
        struct doca_flow_external_resource_array **array);

/* Destroy an object (NULL is a no-op). */
DOCA_EXPERIMENTAL void
doca_flow_external_resource_array_destroy(struct doca_flow_external_resource_array *array);

/* Set slot `index` of array `resource_offset` to `value` truncated to the granularity.
 * INVALID_VALUE on NULL, a port other than the object's, offset or index out of range. */
DOCA_EXPERIMENTAL doca_error_t doca_flow_external_resource_array_update(
        struct doca_flow_port *port, struct doca_flow_external_resource_array *array,
        uint32_t resource_offset, uint32_t index, uint64_t value);

#ifdef __cplusplus
}
#endif

#endif /* DOCA_FLOW_EXTERNAL_ACTION_ARRAY_H_ */
