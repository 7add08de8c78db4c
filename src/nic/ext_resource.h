/* SPDX-License-Identifier: BSD-3-Clause
 * External resources (docs/DESIGN_DECISIONS.md D4): the index selector and the array ("memory")
 * resource, internal API for the NIC datapath (flow layer) and the DPA provider.
 * docs/EXTERNAL_RESOURCES.md defines every state, op and result exactly.
 *
 * Thread-safety, per call:
 * - registration (sdpa_ext_freeze/reset_registration, *_register): any thread, serialised
 *   by a mutex; sdpa_ext_type_is_*() is a lock-free read, callable from workers.
 * - create/destroy: control path; destroy must not race with users of the object unless
 *   they pinned it (sdpa_ext_pin), in which case the free is deferred to the last unpin.
 * - sdpa_ixsel_select, sdpa_array_exec: lock-free, any number of worker threads at once,
 *   concurrently with sdpa_ixsel_modify*, sdpa_array_update/read from any other thread.
 * - accessors (kind, id, port, sizes): immutable after create, any thread.
 */
#ifndef SDPA_NIC_EXT_RESOURCE_H
#define SDPA_NIC_EXT_RESOURCE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include <doca_error.h>
#include <doca_flow_external_action_array.h>
#include <doca_flow_external_action_index_selector.h>

#include "core/atomics.h"

/* Indices per index-selector resource (the cfg has no size field; fixed, 1-based). Two
 * 32-index chunks, so a DPA modify_range can span a chunk boundary. */
enum { SDPA_IXSEL_MAX_INDEX = 64 };
/* Indices whose 2-bit states share one 64-bit word (= one DPA range chunk). */
enum { SDPA_IXSEL_IDX_PER_WORD = 32 };
enum { SDPA_IXSEL_WORDS = SDPA_IXSEL_MAX_INDEX / SDPA_IXSEL_IDX_PER_WORD };

/* Per-index state; the encoding equals enum doca_flow_external_resource_index_selector_
 * operation, so a SKIP is consumed by subtracting one. */
enum sdpa_ixsel_state {
	SDPA_IXSEL_ENABLE = 0,
	SDPA_IXSEL_SKIP_ONCE = 1,
	SDPA_IXSEL_SKIP_TWICE = 2,
	SDPA_IXSEL_DISABLE = 3,
};

/* Limits on create (INVALID_VALUE beyond them). */
enum { SDPA_EXT_MAX_RESOURCES = 1u << 20 };
#define SDPA_ARRAY_MAX_SLOTS (1ull << 26) /* size x num_resources; 8 bytes each */

/* Kind tag, first field of every object: lets the provider classify a void *. */
enum sdpa_ext_kind {
	SDPA_EXT_KIND_NONE = 0,
	SDPA_EXT_KIND_INDEX_SELECTOR = 0x58534c31, /* "XSL1" */
	SDPA_EXT_KIND_ARRAY = 0x58415231,          /* "XAR1" */
};

/* Common header; every resource object starts with it. */
struct sdpa_ext_hdr {
	uint32_t magic; /* enum sdpa_ext_kind; NONE once freed */
	uint32_t id;    /* base id: resource r has id + r; unique in the process */
	struct doca_flow_port *port;
	uint32_t num_resources;
	sdpa_atomic_u32 refs;   /* 1 (owner) + pins */
	sdpa_atomic_u32 doomed; /* destroy was called */
};

/* One round-robin selector. The cursor is the 0-based position of the next index to visit. */
struct sdpa_ixsel_one {
	sdpa_atomic_u32 cursor;
	sdpa_atomic_u64 states[SDPA_IXSEL_WORDS]; /* 2 bits per index, index i at (i-1) */
};

struct doca_flow_external_resource_index_selector {
	struct sdpa_ext_hdr hdr;
	struct sdpa_ixsel_one res[]; /* num_resources */
};

/* Each slot is one 64-bit atomic word holding the value in its low `bits` bits, upper bits
 * always zero. */
struct doca_flow_external_resource_array {
	struct sdpa_ext_hdr hdr;
	uint32_t size;           /* slots per resource */
	uint32_t bits;           /* granularity: 8, 16, 32 or 64 */
	uint64_t mask;           /* (1 << bits) - 1 */
	sdpa_atomic_u64 slots[]; /* num_resources * size, resource-major */
};

/* --- registration (called by doca_flow_init / doca_flow_destroy) --- */

/* doca_flow_init succeeded: *_register now answers BAD_STATE. */
void sdpa_ext_freeze_registration(void);
/* doca_flow_destroy: registered types are forgotten and registration is open again.
 * Warns (one line) when resource objects are still alive. */
void sdpa_ext_reset_registration(void);
/* Whether `type` is the id a *_register call returned (lock-free, any thread). */
bool sdpa_ext_type_is_index_selector(uint32_t type);
bool sdpa_ext_type_is_array(uint32_t type);

/* --- any object --- */

/* Kind of the object `obj` points to, SDPA_EXT_KIND_NONE when it is not a live resource. */
enum sdpa_ext_kind sdpa_ext_kind_of(const void *obj);
/* Base id (as _get_id reports), owning port, number of resources. obj must be live. */
uint32_t sdpa_ext_obj_id(const void *obj);
struct doca_flow_port *sdpa_ext_obj_port(const void *obj);
uint32_t sdpa_ext_obj_num_resources(const void *obj);
/* Keep the object's memory alive past its _destroy (a pipe or a DPA export uses it);
 * the last unpin after _destroy frees it. */
void sdpa_ext_pin(void *obj);
void sdpa_ext_unpin(void *obj);
/* Number of resource objects not yet freed (tests, teardown diagnostics). */
uint32_t sdpa_ext_live_objects(void);

/* The DOCA Flow port id of `port` for messages, -1 if unknown. Provided by the flow layer's
 * port code; ext_resource.c holds a weak fallback answering -1. */
int sdpa_flow_port_id_of(const struct doca_flow_port *port);

/* --- index selector --- */

/* Datapath (any worker thread, lock-free): the selected 1-based index, 0 when none is
 * selectable or resource_offset is out of range (rate-limited log). */
uint32_t sdpa_ixsel_select(struct doca_flow_external_resource_index_selector *res,
                           uint32_t resource_offset);
/* Set index `index` of resource `offset` to state `op` (atomic per index). Any thread,
 * concurrently with select. INVALID_VALUE on NULL, offset/index/op out of range. */
doca_error_t sdpa_ixsel_modify(struct doca_flow_external_resource_index_selector *res,
                               uint32_t offset, uint32_t op, uint32_t index);
/* Same for start..end inclusive; all-or-nothing validation, then atomic per 32-index word
 * (a concurrent select may see a range half applied across a word boundary). */
doca_error_t sdpa_ixsel_modify_range(struct doca_flow_external_resource_index_selector *res,
                                     uint32_t offset, uint32_t op, uint32_t start, uint32_t end);
/* State of one index (tests, dumps). INVALID_VALUE on bad arguments. */
doca_error_t sdpa_ixsel_get_state(struct doca_flow_external_resource_index_selector *res,
                                  uint32_t offset, uint32_t index, enum sdpa_ixsel_state *state);
/* The raw 64-bit state word holding indices 32*chunk+1 .. 32*chunk+32 (provider reads). */
doca_error_t sdpa_ixsel_get_word(struct doca_flow_external_resource_index_selector *res,
                                 uint32_t offset, uint32_t chunk, uint64_t *word);
static inline uint32_t sdpa_ixsel_max_index(void)
{
	return SDPA_IXSEL_MAX_INDEX;
}

/* --- array --- */

/* Datapath: one op on one slot, atomically; *io_value: operand in, result out (see
 * docs/EXTERNAL_RESOURCES.md). false (rate-limited log, *io_value untouched) on NULL,
 * bad offset/index or unknown op. Lock-free, any thread. */
bool sdpa_array_exec(struct doca_flow_external_resource_array *arr, uint32_t resource_offset,
                     uint32_t index, uint32_t op, uint64_t *io_value);
/* Store `value` truncated to the granularity. Any thread. INVALID_VALUE on bad arguments. */
doca_error_t sdpa_array_update(struct doca_flow_external_resource_array *arr, uint32_t offset,
                               uint32_t index, uint64_t value);
/* Read one slot. Any thread. INVALID_VALUE on bad arguments. */
doca_error_t sdpa_array_read(struct doca_flow_external_resource_array *arr, uint32_t offset,
                             uint32_t index, uint64_t *value);
/* Slots per resource and slot width in bits. */
uint32_t sdpa_array_size(const struct doca_flow_external_resource_array *arr);
uint32_t sdpa_array_bits(const struct doca_flow_external_resource_array *arr);

/* --- shared by ext_*.c only --- */

/* Fill the header; allocates `nres` consecutive ids. INVALID_VALUE when the id space is
 * exhausted (logged by the caller). */
doca_error_t sdpa_ext_hdr_init(struct sdpa_ext_hdr *hdr, enum sdpa_ext_kind kind,
                               struct doca_flow_port *port, uint32_t nres);
/* _destroy: drop the owner's reference; frees when nothing pins the object. */
void sdpa_ext_hdr_destroy(struct sdpa_ext_hdr *hdr, const char *what);
/* "port N" (or "port at 0x..." when the flow layer cannot say) for messages. */
const char *sdpa_ext_port_name(const struct doca_flow_port *port, char *buf, size_t size);
/* Registered type ids (0 = not registered). */
uint32_t sdpa_ext_ixsel_type(void);
uint32_t sdpa_ext_array_type(void);

#endif
