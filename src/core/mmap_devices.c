/* SPDX-License-Identifier: BSD-3-Clause
 * doca_mmap_set_max_num_devices. The mmap object belongs to the DPA layer (src/dpa/mmap.c);
 * this call only reads its state, so it lives here with the other doca-common additions.
 */
#include <doca_mmap.h>

#include "core/log.h"
#include "dpa/dpa.h" /* struct doca_mmap: read only */

SDPA_LOG_REGISTER(core_mmap_devices);

DOCA_STABLE doca_error_t doca_mmap_set_max_num_devices(struct doca_mmap *mmap,
                                                       uint32_t max_num_devices)
{
	if (mmap == NULL || mmap->magic != SDPA_MMAP_MAGIC) {
		DOCA_LOG_ERR("%s: mmap is %s; pass an mmap made by doca_mmap_create", __func__,
		             mmap == NULL ? "NULL" : "not a live mmap (destroyed?)");
		return DOCA_ERROR_INVALID_VALUE;
	}
	if (mmap->started) {
		DOCA_LOG_ERR("%s: the mmap is started; set the maximum before doca_mmap_start",
		             __func__);
		return DOCA_ERROR_NOT_PERMITTED;
	}
	if (max_num_devices == 0 || max_num_devices < mmap->nr_devs) {
		DOCA_LOG_ERR("%s: a maximum of %u devices is below the %u already added (and 1); "
		             "raise it or remove devices with doca_mmap_rm_dev",
		             __func__, max_num_devices, mmap->nr_devs);
		return DOCA_ERROR_INVALID_VALUE;
	}
	return DOCA_SUCCESS;
}
