/* SPDX-License-Identifier: BSD-3-Clause
 * DOCA UARs (doca_uar.h): softdpa has no doorbell pages to map. Each call checks its
 * arguments like DOCA, then refuses and says so, once per call site and second at most.
 */
#include <stddef.h>

#include <doca_uar.h>

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

DOCA_EXPERIMENTAL doca_error_t doca_uar_dpa_create(struct doca_dpa *dpa, struct doca_uar **uar)
{
	if (SDPA_NULL_ARGS("pass a DPA context from doca_dpa_create; " RESULT_FIX, dpa, uar))
		return DOCA_ERROR_INVALID_VALUE;
	SAY_UNSUPPORTED();
	return DOCA_ERROR_NOT_SUPPORTED;
}

DOCA_EXPERIMENTAL doca_error_t doca_uar_destroy(struct doca_uar *uar)
{
	if (SDPA_NULL_ARGS("pass a UAR from doca_uar_create", uar))
		return DOCA_ERROR_INVALID_VALUE;
	SAY_UNSUPPORTED();
	return DOCA_ERROR_NOT_SUPPORTED;
}

DOCA_EXPERIMENTAL doca_error_t doca_uar_id_get(const struct doca_uar *uar, uint32_t *id)
{
	if (SDPA_NULL_ARGS("pass a UAR from doca_uar_create; " RESULT_FIX, uar, id))
		return DOCA_ERROR_INVALID_VALUE;
	SAY_UNSUPPORTED();
	return DOCA_ERROR_NOT_SUPPORTED;
}

DOCA_EXPERIMENTAL doca_error_t doca_uar_page_get(const struct doca_uar *uar, void **page)
{
	if (SDPA_NULL_ARGS("pass a UAR from doca_uar_create; " RESULT_FIX, uar, page))
		return DOCA_ERROR_INVALID_VALUE;
	SAY_UNSUPPORTED();
	return DOCA_ERROR_NOT_SUPPORTED;
}

DOCA_EXPERIMENTAL doca_error_t doca_uar_reg_addr_get(const struct doca_uar *uar, void **reg)
{
	if (SDPA_NULL_ARGS("pass a UAR from doca_uar_create; " RESULT_FIX, uar, reg))
		return DOCA_ERROR_INVALID_VALUE;
	SAY_UNSUPPORTED();
	return DOCA_ERROR_NOT_SUPPORTED;
}
