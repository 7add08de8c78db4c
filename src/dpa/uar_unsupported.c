/* SPDX-License-Identifier: BSD-3-Clause
 * DOCA UARs (doca_uar.h): softdpa has no doorbell pages to map. Each call checks its
 * arguments like DOCA, then refuses and says so, once per call site and second at most.
 */
#include <stddef.h>

#include <doca_uar.h>

#include "core/log.h"
#include "dpa/dpa.h"

SDPA_LOG_REGISTER(dpa_uar);

#define SAY_UNSUPPORTED()                                                                          \
	DOCA_LOG_RATE_LIMIT_ERR("%s is not supported by softdpa (no doorbell pages are emulated)", \
	                        __func__)

/* One record for a bad argument: what is wrong and what to pass instead. */
#define SAY_BAD_ARG(what, fix) DOCA_LOG_ERR("%s: %s; %s", __func__, what, fix)

DOCA_EXPERIMENTAL doca_error_t doca_uar_create(const struct doca_dev *dev,
                                               enum doca_uar_allocation_type allocation_type,
                                               struct doca_uar **uar)
{
	(void)allocation_type;
	if (dev == NULL || uar == NULL) {
		SAY_BAD_ARG(dev == NULL ? "dev is NULL" : "uar is NULL",
		            "pass an opened device (doca_dev_open); pass a result pointer");
		return DOCA_ERROR_INVALID_VALUE;
	}
	SAY_UNSUPPORTED();
	return DOCA_ERROR_NOT_SUPPORTED;
}

DOCA_EXPERIMENTAL doca_error_t doca_uar_dpa_create(struct doca_dpa *dpa, struct doca_uar **uar)
{
	if (dpa == NULL || uar == NULL) {
		SAY_BAD_ARG(dpa == NULL ? "dpa is NULL" : "uar is NULL",
		            "pass a DPA context from doca_dpa_create; pass a result pointer");
		return DOCA_ERROR_INVALID_VALUE;
	}
	SAY_UNSUPPORTED();
	return DOCA_ERROR_NOT_SUPPORTED;
}

DOCA_EXPERIMENTAL doca_error_t doca_uar_destroy(struct doca_uar *uar)
{
	if (uar == NULL) {
		SAY_BAD_ARG("uar is NULL", "pass a UAR from doca_uar_create");
		return DOCA_ERROR_INVALID_VALUE;
	}
	SAY_UNSUPPORTED();
	return DOCA_ERROR_NOT_SUPPORTED;
}

DOCA_EXPERIMENTAL doca_error_t doca_uar_id_get(const struct doca_uar *uar, uint32_t *id)
{
	if (uar == NULL || id == NULL) {
		SAY_BAD_ARG(uar == NULL ? "uar is NULL" : "id is NULL",
		            "pass a UAR from doca_uar_create; pass a result pointer");
		return DOCA_ERROR_INVALID_VALUE;
	}
	SAY_UNSUPPORTED();
	return DOCA_ERROR_NOT_SUPPORTED;
}

DOCA_EXPERIMENTAL doca_error_t doca_uar_page_get(const struct doca_uar *uar, void **page)
{
	if (uar == NULL || page == NULL) {
		SAY_BAD_ARG(uar == NULL ? "uar is NULL" : "page is NULL",
		            "pass a UAR from doca_uar_create; pass a result pointer");
		return DOCA_ERROR_INVALID_VALUE;
	}
	SAY_UNSUPPORTED();
	return DOCA_ERROR_NOT_SUPPORTED;
}

DOCA_EXPERIMENTAL doca_error_t doca_uar_reg_addr_get(const struct doca_uar *uar, void **reg)
{
	if (uar == NULL || reg == NULL) {
		SAY_BAD_ARG(uar == NULL ? "uar is NULL" : "reg is NULL",
		            "pass a UAR from doca_uar_create; pass a result pointer");
		return DOCA_ERROR_INVALID_VALUE;
	}
	SAY_UNSUPPORTED();
	return DOCA_ERROR_NOT_SUPPORTED;
}
