/* SPDX-License-Identifier: BSD-3-Clause
 * softdpa.h calls whose layer (the emulated DPA) is not built yet.
 */
#include <softdpa.h>

#include "core/log.h"

SDPA_LOG_REGISTER(dpa);

DOCA_EXPERIMENTAL doca_error_t softdpa_dpa_get_flexio_process(struct doca_dpa *dpa,
							      struct flexio_process **process)
{
	(void)dpa;
	(void)process;
	DOCA_LOG_ERR("softdpa_dpa_get_flexio_process is not supported yet: the emulated DPA is not "
		     "part of this build");
	return DOCA_ERROR_NOT_SUPPORTED;
}
