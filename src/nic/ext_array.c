/* SPDX-License-Identifier: BSD-3-Clause
 * Array ("memory") external resource: num_resources x size slots, each kept in its own
 * 64-bit atomic word whose bits above the granularity are always zero. Every operation is
 * one atomic step on one slot: a native fetch-op where one exists and keeps the upper bits
 * zero, a CAS loop otherwise (narrow ADD, XOR, find-first-set-and-reset).
 * docs/EXTERNAL_RESOURCES.md defines operand, result and stored value of each op.
 */
#include <stdlib.h>

#include "nic/ext_resource.h"

#include "core/log.h"
#include "core/util.h"

SDPA_LOG_REGISTER(nic_ext_array);

#define FN_CREATE "doca_flow_external_resource_array_create"
#define FN_UPDATE "doca_flow_external_resource_array_update"

static bool is_array(const struct doca_flow_external_resource_array *arr)
{
	return sdpa_ext_kind_of(arr) == SDPA_EXT_KIND_ARRAY;
}

DOCA_EXPERIMENTAL doca_error_t doca_flow_external_resource_array_create(
        struct doca_flow_external_resource_array_cfg *cfg, struct doca_flow_port *port,
        struct doca_flow_external_resource_array **array)
{
	struct doca_flow_external_resource_array *arr;
	uint64_t slots;
	uint32_t bits;

	if (cfg == NULL || port == NULL || array == NULL) {
		DOCA_LOG_ERR(FN_CREATE ": %s is NULL; pass a cfg, the port and an output pointer",
		             cfg == NULL    ? "cfg"
		             : port == NULL ? "port"
		                            : "array");
		return DOCA_ERROR_INVALID_VALUE;
	}
	if (sdpa_ext_array_type() == 0) {
		DOCA_LOG_ERR(FN_CREATE
		             ": the array type is not registered; call "
		             "doca_flow_external_action_array_register before doca_flow_init");
		return DOCA_ERROR_BAD_STATE;
	}
	if (cfg->num_resources == 0 || cfg->num_resources > SDPA_EXT_MAX_RESOURCES) {
		DOCA_LOG_ERR(FN_CREATE ": num_resources %u is out of range; use 1..%u",
		             cfg->num_resources, (unsigned int)SDPA_EXT_MAX_RESOURCES);
		return DOCA_ERROR_INVALID_VALUE;
	}
	if (cfg->size == 0 || cfg->size > UINT32_MAX) {
		DOCA_LOG_ERR(FN_CREATE ": size %zu is out of range; slots are indexed by a "
		                       "uint32_t, use 1..%u",
		             cfg->size, UINT32_MAX);
		return DOCA_ERROR_INVALID_VALUE;
	}
	bits = (uint32_t)cfg->granularity;
	if (bits != 8 && bits != 16 && bits != 32 && bits != 64) {
		DOCA_LOG_ERR(FN_CREATE
		             ": granularity %u is not supported; use "
		             "DOCA_FLOW_EXTERNAL_RESOURCE_GRANULARITY_8BIT/16BIT/32BIT/64BIT",
		             bits);
		return DOCA_ERROR_INVALID_VALUE;
	}
	slots = (uint64_t)cfg->size * cfg->num_resources;
	if (slots > SDPA_ARRAY_MAX_SLOTS) {
		DOCA_LOG_ERR(FN_CREATE ": size %zu x num_resources %u = %llu slots exceeds "
		                       "softdpa's limit of %llu; use fewer or smaller arrays",
		             cfg->size, cfg->num_resources, (unsigned long long)slots,
		             (unsigned long long)SDPA_ARRAY_MAX_SLOTS);
		return DOCA_ERROR_INVALID_VALUE;
	}
	arr = calloc(1, sizeof(*arr) + (size_t)slots * sizeof(arr->slots[0]));
	if (arr == NULL) {
		DOCA_LOG_ERR(FN_CREATE ": out of memory for %llu slots; use smaller arrays",
		             (unsigned long long)slots);
		return DOCA_ERROR_NO_MEMORY;
	}
	if (sdpa_ext_hdr_init(&arr->hdr, SDPA_EXT_KIND_ARRAY, port, cfg->num_resources) !=
	    DOCA_SUCCESS) {
		free(arr);
		DOCA_LOG_ERR(FN_CREATE ": the resource id space is exhausted; destroy and "
		                       "recreate fewer, larger objects");
		return DOCA_ERROR_NO_MEMORY;
	}
	arr->size = (uint32_t)cfg->size;
	arr->bits = bits;
	arr->mask = bits == 64 ? UINT64_MAX : (1ull << bits) - 1;
	*array = arr;
	return DOCA_SUCCESS;
}

DOCA_EXPERIMENTAL void
doca_flow_external_resource_array_destroy(struct doca_flow_external_resource_array *array)
{
	if (array == NULL)
		return;
	if (!is_array(array)) {
		DOCA_LOG_ERR("doca_flow_external_resource_array_destroy: the object is not a live "
		             "array; pass one that _create returned");
		return;
	}
	sdpa_ext_hdr_destroy(&array->hdr, "doca_flow_external_resource_array_destroy");
}

/* The slot, or NULL (one log line naming `fn`) when an argument is bad. */
static sdpa_atomic_u64 *slot_of(const char *fn, struct doca_flow_external_resource_array *arr,
                                uint32_t offset, uint32_t index)
{
	if (arr == NULL || !is_array(arr)) {
		DOCA_LOG_ERR("%s: %s; pass an array that _create returned", fn,
		             arr == NULL ? "array is NULL" : "the object is not a live array");
		return NULL;
	}
	if (offset >= arr->hdr.num_resources) {
		DOCA_LOG_ERR("%s: resource_offset %u is out of range; array %u has %u resource(s) "
		             "(0..%u)",
		             fn, offset, arr->hdr.id, arr->hdr.num_resources,
		             arr->hdr.num_resources - 1);
		return NULL;
	}
	if (index >= arr->size) {
		DOCA_LOG_ERR("%s: index %u is out of range; array %u has %u slots per resource "
		             "(0..%u)",
		             fn, index, arr->hdr.id, arr->size, arr->size - 1);
		return NULL;
	}
	return &arr->slots[(size_t)offset * arr->size + index];
}

DOCA_EXPERIMENTAL doca_error_t doca_flow_external_resource_array_update(
        struct doca_flow_port *port, struct doca_flow_external_resource_array *array,
        uint32_t resource_offset, uint32_t index, uint64_t value)
{
	sdpa_atomic_u64 *slot;
	char want[48], got[48];

	if (port == NULL) {
		DOCA_LOG_ERR(FN_UPDATE ": port is NULL; pass the port the array was created on");
		return DOCA_ERROR_INVALID_VALUE;
	}
	if (array != NULL && is_array(array) && port != array->hdr.port) {
		DOCA_LOG_ERR(FN_UPDATE ": array %u belongs to %s, not %s; pass the port it was "
		                       "created on",
		             array->hdr.id, sdpa_ext_port_name(array->hdr.port, want, sizeof(want)),
		             sdpa_ext_port_name(port, got, sizeof(got)));
		return DOCA_ERROR_INVALID_VALUE;
	}
	slot = slot_of(FN_UPDATE, array, resource_offset, index);
	if (slot == NULL)
		return DOCA_ERROR_INVALID_VALUE;
	sdpa_store_relaxed(slot, value & array->mask);
	return DOCA_SUCCESS;
}

doca_error_t sdpa_array_update(struct doca_flow_external_resource_array *arr, uint32_t offset,
                               uint32_t index, uint64_t value)
{
	sdpa_atomic_u64 *slot = slot_of("array update", arr, offset, index);

	if (slot == NULL)
		return DOCA_ERROR_INVALID_VALUE;
	sdpa_store_relaxed(slot, value & arr->mask);
	return DOCA_SUCCESS;
}

doca_error_t sdpa_array_read(struct doca_flow_external_resource_array *arr, uint32_t offset,
                             uint32_t index, uint64_t *value)
{
	sdpa_atomic_u64 *slot = slot_of("array read", arr, offset, index);

	if (slot == NULL)
		return DOCA_ERROR_INVALID_VALUE;
	if (value == NULL) {
		DOCA_LOG_ERR("array read: value is NULL; pass a uint64_t to receive the slot");
		return DOCA_ERROR_INVALID_VALUE;
	}
	*value = sdpa_load_relaxed(slot);
	return DOCA_SUCCESS;
}

uint32_t sdpa_array_size(const struct doca_flow_external_resource_array *arr)
{
	return arr->size;
}

uint32_t sdpa_array_bits(const struct doca_flow_external_resource_array *arr)
{
	return arr->bits;
}

static inline uint64_t msb_bit(uint64_t v)
{
	return 1ull << (63 - __builtin_clzll(v));
}

/* Slot-local CAS loop: new = f(old). Atomics.h offers only acq_rel CAS; slot values
 * publish no other data, so no ordering partner exists. */
#define SLOT_CAS_LOOP(slot, old, expr)                                                             \
	do {                                                                                       \
		(old) = sdpa_load_relaxed(slot);                                                   \
		while (!sdpa_cas_acq_rel((slot), &(old), (expr)))                                  \
			;                                                                          \
	} while (0)

bool sdpa_array_exec(struct doca_flow_external_resource_array *arr, uint32_t resource_offset,
                     uint32_t index, uint32_t op, uint64_t *io_value)
{
	sdpa_atomic_u64 *slot;
	uint64_t in, old, m, bit;

	if (SDPA_UNLIKELY(
	            arr == NULL || io_value == NULL || resource_offset >= arr->hdr.num_resources ||
	            index >= arr->size ||
	            op > DOCA_FLOW_EXTERNAL_ACTION_ARRAY_OP_FIND_FIRST_SET_AND_RESET_BITMAP_LSB)) {
		DOCA_LOG_RATE_LIMIT_ERR(
		        "array exec: %s (array %u, resource_offset %u, index %u, op %u); the "
		        "action is not applied, fix the pipe's external action",
		        arr == NULL || io_value == NULL             ? "NULL argument"
		        : resource_offset >= arr->hdr.num_resources ? "resource_offset out of range"
		        : index >= arr->size                        ? "index out of range"
		                                                    : "unknown operation",
		        arr == NULL ? 0 : arr->hdr.id, resource_offset, index, op);
		return false;
	}
	slot = &arr->slots[(size_t)resource_offset * arr->size + index];
	m = arr->mask;
	in = *io_value & m;
	switch (op) {
	case DOCA_FLOW_EXTERNAL_ACTION_ARRAY_OP_LOAD:
		*io_value = sdpa_load_relaxed(slot);
		break;
	case DOCA_FLOW_EXTERNAL_ACTION_ARRAY_OP_STORE:
		sdpa_store_relaxed(slot, in); /* the field keeps its value */
		break;
	case DOCA_FLOW_EXTERNAL_ACTION_ARRAY_OP_ADD:
		if (arr->bits == 64)
			old = sdpa_fetch_add_acq_rel(slot, in); /* no partner: see SLOT_CAS_LOOP */
		else
			SLOT_CAS_LOOP(slot, old, (old + in) & m);
		*io_value = old;
		break;
	case DOCA_FLOW_EXTERNAL_ACTION_ARRAY_OP_BITWISE_XOR:
		SLOT_CAS_LOOP(slot, old, old ^ in);
		*io_value = old;
		break;
	case DOCA_FLOW_EXTERNAL_ACTION_ARRAY_OP_BITWISE_OR:
		*io_value = sdpa_fetch_or_acq_rel(slot, in); /* no partner: see SLOT_CAS_LOOP */
		break;
	case DOCA_FLOW_EXTERNAL_ACTION_ARRAY_OP_BITWISE_AND:
		*io_value = sdpa_fetch_and_acq_rel(slot, in); /* no partner: see SLOT_CAS_LOOP */
		break;
	case DOCA_FLOW_EXTERNAL_ACTION_ARRAY_OP_FFS_ID_MSB:
		old = sdpa_load_relaxed(slot);
		*io_value = old ? (uint64_t)(63 - __builtin_clzll(old)) : arr->bits;
		break;
	case DOCA_FLOW_EXTERNAL_ACTION_ARRAY_OP_FFS_SET_BITMAP_MSB:
		old = sdpa_load_relaxed(slot);
		*io_value = old ? msb_bit(old) : 0;
		break;
	case DOCA_FLOW_EXTERNAL_ACTION_ARRAY_OP_FFS_ID_LSB:
		old = sdpa_load_relaxed(slot);
		*io_value = old ? (uint64_t)__builtin_ctzll(old) : arr->bits;
		break;
	case DOCA_FLOW_EXTERNAL_ACTION_ARRAY_OP_FFS_SET_BITMAP_LSB:
		old = sdpa_load_relaxed(slot);
		*io_value = old & (~old + 1);
		break;
	case DOCA_FLOW_EXTERNAL_ACTION_ARRAY_OP_RESET:
		*io_value = sdpa_exchange_acq_rel(slot, 0); /* no partner: see SLOT_CAS_LOOP */
		break;
	case DOCA_FLOW_EXTERNAL_ACTION_ARRAY_OP_FIND_FIRST_SET_AND_RESET_ID_MSB:
	case DOCA_FLOW_EXTERNAL_ACTION_ARRAY_OP_FIND_FIRST_SET_AND_RESET_BITMAP_MSB:
		SLOT_CAS_LOOP(slot, old, old & ~(old ? msb_bit(old) : 0));
		bit = old ? msb_bit(old) : 0;
		if (op == DOCA_FLOW_EXTERNAL_ACTION_ARRAY_OP_FIND_FIRST_SET_AND_RESET_ID_MSB)
			*io_value = old ? (uint64_t)(63 - __builtin_clzll(old)) : arr->bits;
		else
			*io_value = bit;
		break;
	default: /* FIND_FIRST_SET_AND_RESET_ID_LSB / _BITMAP_LSB */
		SLOT_CAS_LOOP(slot, old, old & (old - 1));
		bit = old & (~old + 1);
		if (op == DOCA_FLOW_EXTERNAL_ACTION_ARRAY_OP_FIND_FIRST_SET_AND_RESET_ID_LSB)
			*io_value = old ? (uint64_t)__builtin_ctzll(old) : arr->bits;
		else
			*io_value = bit;
		break;
	}
	return true;
}
