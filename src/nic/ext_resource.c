/* SPDX-License-Identifier: BSD-3-Clause
 * External resources, the part both kinds share: type registration around doca_flow_init,
 * object ids, the kind tag and deferred freeing of pinned objects.
 */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>

#include "nic/ext_resource.h"

#include "core/handles.h"
#include "core/log.h"

SDPA_LOG_REGISTER(nic_ext);

/* Registration state. Writers hold reg_lock; sdpa_ext_type_is_*() read the ids lock-free
 * (relaxed: an id is a plain value that publishes nothing else). */
static pthread_mutex_t reg_lock = PTHREAD_MUTEX_INITIALIZER;
static sdpa_atomic_u32 ixsel_type_id;
static sdpa_atomic_u32 array_type_id;
static bool frozen;               /* under reg_lock */
static uint32_t next_type_id = 1; /* under reg_lock; ids in registration order from 1 */

/* Object ids: [next_obj_id, next_obj_id + num_resources) per object. */
static pthread_mutex_t id_lock = PTHREAD_MUTEX_INITIALIZER;
static uint32_t next_obj_id = 1;

static sdpa_atomic_u32 live_objects;

__attribute__((weak)) int sdpa_flow_port_id_of(const struct doca_flow_port *port)
{
	(void)port;
	return -1;
}

const char *sdpa_ext_port_name(const struct doca_flow_port *port, char *buf, size_t size)
{
	int id = sdpa_flow_port_id_of(port);

	if (id >= 0)
		snprintf(buf, size, "port %d", id);
	else
		snprintf(buf, size, "port at %p", (const void *)port);
	return buf;
}

static doca_error_t register_type(sdpa_atomic_u32 *id, uint32_t *type, const char *fn)
{
	doca_error_t rc = DOCA_SUCCESS;

	if (type == NULL) {
		DOCA_LOG_ERR("%s: type is NULL; pass the address of a uint32_t that receives the "
		             "type id",
		             fn);
		return DOCA_ERROR_INVALID_VALUE;
	}
	pthread_mutex_lock(&reg_lock);
	if (frozen) {
		DOCA_LOG_ERR("%s: called after doca_flow_init; register external action types "
		             "before doca_flow_init (or after doca_flow_destroy)",
		             fn);
		rc = DOCA_ERROR_BAD_STATE;
	} else {
		uint32_t cur = sdpa_load_relaxed(id);

		if (cur == 0) {
			cur = next_type_id++;
			sdpa_store_relaxed(id, cur);
		}
		*type = cur;
	}
	pthread_mutex_unlock(&reg_lock);
	return rc;
}

DOCA_EXPERIMENTAL doca_error_t doca_flow_external_action_index_selector_register(uint32_t *type)
{
	return register_type(&ixsel_type_id, type,
	                     "doca_flow_external_action_index_selector_register");
}

DOCA_EXPERIMENTAL doca_error_t doca_flow_external_action_array_register(uint32_t *type)
{
	return register_type(&array_type_id, type, "doca_flow_external_action_array_register");
}

void sdpa_ext_freeze_registration(void)
{
	pthread_mutex_lock(&reg_lock);
	frozen = true;
	pthread_mutex_unlock(&reg_lock);
}

void sdpa_ext_reset_registration(void)
{
	uint32_t live = sdpa_load_relaxed(&live_objects);

	pthread_mutex_lock(&reg_lock);
	frozen = false;
	next_type_id = 1;
	sdpa_store_relaxed(&ixsel_type_id, 0);
	sdpa_store_relaxed(&array_type_id, 0);
	pthread_mutex_unlock(&reg_lock);
	if (live != 0)
		DOCA_LOG_WARN("doca_flow_destroy: %u external resource object(s) still exist; "
		              "destroy index selectors and arrays before doca_flow_destroy",
		              live);
}

bool sdpa_ext_type_is_index_selector(uint32_t type)
{
	return type != 0 && type == sdpa_load_relaxed(&ixsel_type_id);
}

bool sdpa_ext_type_is_array(uint32_t type)
{
	return type != 0 && type == sdpa_load_relaxed(&array_type_id);
}

uint32_t sdpa_ext_ixsel_type(void)
{
	return sdpa_load_relaxed(&ixsel_type_id);
}

uint32_t sdpa_ext_array_type(void)
{
	return sdpa_load_relaxed(&array_type_id);
}

doca_error_t sdpa_ext_hdr_init(struct sdpa_ext_hdr *hdr, enum sdpa_ext_kind kind,
                               struct doca_flow_port *port, uint32_t nres)
{
	doca_error_t rc = DOCA_SUCCESS;

	pthread_mutex_lock(&id_lock);
	if ((uint64_t)next_obj_id + nres > UINT32_MAX) {
		rc = DOCA_ERROR_INVALID_VALUE;
	} else {
		hdr->id = next_obj_id;
		next_obj_id += nres;
	}
	pthread_mutex_unlock(&id_lock);
	if (rc != DOCA_SUCCESS)
		return rc;
	/* Handed to the user as a pointer: validated by address (core/handles.h). */
	if (!sdpa_handle_add(hdr, SDPA_H_FLOW_EXT_RES))
		return DOCA_ERROR_NO_MEMORY;
	hdr->magic = (uint32_t)kind;
	hdr->port = port;
	hdr->num_resources = nres;
	sdpa_store_relaxed(&hdr->refs, 1);
	sdpa_store_relaxed(&hdr->doomed, 0);
	sdpa_fetch_add_relaxed(&live_objects, 1);
	return DOCA_SUCCESS;
}

static void hdr_put(struct sdpa_ext_hdr *hdr)
{
	/* R1/A1: the release half publishes this holder's uses of the object; the acquire half
	 * of the final decrement (the same line in the freeing thread) sees all of them before
	 * free. */
	if (sdpa_fetch_sub_acq_rel(&hdr->refs, 1) != 1)
		return;
	hdr->magic = SDPA_EXT_KIND_NONE;
	sdpa_fetch_sub_acq_rel(&live_objects, 1);
	/* Quarantined, not freed: a stale pointer is refused, and no new object takes the
	 * address soon. */
	sdpa_handle_retire(hdr, free);
}

void sdpa_ext_hdr_destroy(struct sdpa_ext_hdr *hdr, const char *what)
{
	uint32_t pins;

	if (sdpa_exchange_acq_rel(&hdr->doomed, 1) != 0) {
		DOCA_LOG_ERR("%s: object %u was already destroyed; destroy each object once", what,
		             hdr->id);
		return;
	}
	pins = sdpa_load_relaxed(&hdr->refs) - 1;
	if (pins != 0)
		DOCA_LOG_WARN("%s: object %u is still used by %u pipe(s) or DPA export(s); it "
		              "stays valid until they release it, destroy them first",
		              what, hdr->id, pins);
	hdr_put(hdr);
}

void sdpa_ext_pin(void *obj)
{
	struct sdpa_ext_hdr *hdr = obj;

	sdpa_fetch_add_relaxed(&hdr->refs, 1);
}

void sdpa_ext_unpin(void *obj)
{
	hdr_put(obj);
}

enum sdpa_ext_kind sdpa_ext_kind_of(const void *obj)
{
	const struct sdpa_ext_hdr *hdr = obj;

	/* Never read unless live: a destroyed object's memory may be gone. */
	if (!sdpa_handle_live(obj, SDPA_H_FLOW_EXT_RES))
		return SDPA_EXT_KIND_NONE;
	if (hdr->magic == SDPA_EXT_KIND_INDEX_SELECTOR || hdr->magic == SDPA_EXT_KIND_ARRAY)
		return (enum sdpa_ext_kind)hdr->magic;
	return SDPA_EXT_KIND_NONE;
}

uint32_t sdpa_ext_obj_id(const void *obj)
{
	return ((const struct sdpa_ext_hdr *)obj)->id;
}

struct doca_flow_port *sdpa_ext_obj_port(const void *obj)
{
	return ((const struct sdpa_ext_hdr *)obj)->port;
}

uint32_t sdpa_ext_obj_num_resources(const void *obj)
{
	return ((const struct sdpa_ext_hdr *)obj)->num_resources;
}

uint32_t sdpa_ext_live_objects(void)
{
	return sdpa_load_relaxed(&live_objects);
}

DOCA_EXPERIMENTAL doca_error_t doca_flow_external_action_get_dynamic_meta_indices(
        struct doca_flow_port *port, uint64_t *meta_indices)
{
	if (port == NULL || meta_indices == NULL) {
		DOCA_LOG_ERR("doca_flow_external_action_get_dynamic_meta_indices: %s is NULL; pass "
		             "a started port and a uint64_t to receive the mask",
		             port == NULL ? "port" : "meta_indices");
		return DOCA_ERROR_INVALID_VALUE;
	}
	*meta_indices = 0;
	DOCA_LOG_ERR("doca_flow_external_action_get_dynamic_meta_indices: dynamic external "
	             "action inputs are not supported by softdpa; use is_dynamic = false with a "
	             "fixed index and resource_offset");
	return DOCA_ERROR_NOT_SUPPORTED;
}
