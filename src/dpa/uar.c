/* SPDX-License-Identifier: BSD-3-Clause
 * DOCA UARs (doca_uar.h): the doorbell page a queue rings. A DPA UAR (doca_uar_dpa_create) is
 * real: an object with an ID that DOCA Verbs QPs of the DPA data path take (their kernels'
 * commits are the doorbells). Host UARs, and the page and register addresses, are refused:
 * softdpa has no doorbell pages to map.
 */
#include <stddef.h>
#include <stdlib.h>

#include <doca_uar.h>

#include "core/atomics.h"
#include "core/handles.h"
#include "core/log.h"
#include "core/refuse.h"
#include "dpa/dpa.h"

SDPA_LOG_REGISTER(dpa_uar);

#define SAY_UNSUPPORTED() SDPA_SAY_REFUSED("no doorbell pages are emulated")

/* What to pass instead of a bad argument (the records join several with "; "). */
#define RESULT_FIX "pass a result pointer"

DOCA_EXPERIMENTAL doca_error_t doca_uar_create(const struct doca_dev *dev,
                                               enum doca_uar_allocation_type allocation_type,
                                               struct doca_uar **uar)
{
	(void)allocation_type;
	if (SDPA_NULL_ARGS("pass an opened device (doca_dev_open); " RESULT_FIX, dev, uar))
		return DOCA_ERROR_INVALID_VALUE;
	SAY_UNSUPPORTED();
	return DOCA_ERROR_NOT_SUPPORTED;
}

struct doca_uar {
	uint32_t id;
	struct doca_dpa *dpa;
};

static sdpa_atomic_u32 next_uar_id;

static bool uar_live(const struct doca_uar *uar)
{
	if (sdpa_handle_live(uar, SDPA_H_UAR))
		return true;
	DOCA_LOG_ERR("doca_uar: uar is %s; pass a UAR from doca_uar_dpa_create",
	             uar == NULL ? "NULL" : "destroyed or not a UAR");
	return false;
}

DOCA_EXPERIMENTAL doca_error_t doca_uar_dpa_create(struct doca_dpa *dpa, struct doca_uar **uar)
{
	struct doca_uar *u;

	if (SDPA_NULL_ARGS("pass a DPA context from doca_dpa_create; " RESULT_FIX, dpa, uar))
		return DOCA_ERROR_INVALID_VALUE;
	if (!sdpa_dpa_valid(dpa) || !dpa->started) {
		DOCA_LOG_ERR("doca_uar_dpa_create: dpa is not a started DPA context; pass one "
		             "started with doca_dpa_start");
		return DOCA_ERROR_INVALID_VALUE;
	}
	u = calloc(1, sizeof(*u));
	if (u == NULL || !sdpa_handle_add(u, SDPA_H_UAR)) {
		free(u);
		DOCA_LOG_ERR("doca_uar_dpa_create: out of memory; free memory and retry");
		return DOCA_ERROR_NO_MEMORY;
	}
	u->id = sdpa_fetch_add_acq_rel(&next_uar_id, 1) + 1;
	u->dpa = dpa;
	*uar = u;
	return DOCA_SUCCESS;
}

DOCA_EXPERIMENTAL doca_error_t doca_uar_destroy(struct doca_uar *uar)
{
	if (!uar_live(uar))
		return DOCA_ERROR_INVALID_VALUE;
	sdpa_handle_retire(uar, free);
	return DOCA_SUCCESS;
}

DOCA_EXPERIMENTAL doca_error_t doca_uar_id_get(const struct doca_uar *uar, uint32_t *id)
{
	if (SDPA_NULL_ARGS(RESULT_FIX, id) || !uar_live(uar))
		return DOCA_ERROR_INVALID_VALUE;
	*id = uar->id;
	return DOCA_SUCCESS;
}

DOCA_EXPERIMENTAL doca_error_t doca_uar_page_get(const struct doca_uar *uar, void **page)
{
	if (SDPA_NULL_ARGS(RESULT_FIX, page) || !uar_live(uar))
		return DOCA_ERROR_INVALID_VALUE;
	SAY_UNSUPPORTED();
	return DOCA_ERROR_NOT_SUPPORTED;
}

DOCA_EXPERIMENTAL doca_error_t doca_uar_reg_addr_get(const struct doca_uar *uar, void **reg)
{
	if (SDPA_NULL_ARGS(RESULT_FIX, reg) || !uar_live(uar))
		return DOCA_ERROR_INVALID_VALUE;
	SAY_UNSUPPORTED();
	return DOCA_ERROR_NOT_SUPPORTED;
}
