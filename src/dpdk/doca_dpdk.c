/* SPDX-License-Identifier: BSD-3-Clause
 * doca_dpdk's port calls: DOCA devices as DPDK ports of the softdpa poll-mode driver
 * (docs/DPDK.md). Each call checks its arguments like DOCA (INVALID_VALUE, one line naming
 * the argument); the work is in ports.c (or ports_absent.c in a build without the driver).
 * The representor queries and the mempool calls are in core/dpdk_bridge.c.
 */
#include <doca_dev.h>
#include <doca_dpdk.h>

#include "core/log.h"
#include "dpdk/ports.h"

SDPA_LOG_REGISTER(dpdk_doca);

#define SAY_BAD_ARG(what, fix) DOCA_LOG_ERR("%s: %s; %s", __func__, what, fix)

DOCA_EXPERIMENTAL doca_error_t doca_dpdk_cap_is_rep_port_supported(
        const struct doca_devinfo *devinfo, uint8_t *is_rep_port_supported)
{
	if (devinfo == NULL || is_rep_port_supported == NULL) {
		SAY_BAD_ARG(devinfo == NULL ? "devinfo is NULL" : "is_rep_port_supported is NULL",
		            "pass a devinfo from doca_devinfo_create_list() and a result pointer");
		return DOCA_ERROR_INVALID_VALUE;
	}
	return sdpa_dpdk_rep_port_supported(__func__, devinfo, is_rep_port_supported);
}

DOCA_EXPERIMENTAL doca_error_t doca_dpdk_port_probe(struct doca_dev *dev, const char *devargs)
{
	if (dev == NULL || devargs == NULL) {
		SAY_BAD_ARG(
		        dev == NULL ? "dev is NULL" : "devargs is NULL",
		        "pass a device from doca_dev_open() and a devargs string (may be empty)");
		return DOCA_ERROR_INVALID_VALUE;
	}
	return sdpa_dpdk_probe(__func__, dev, devargs, NULL, 0);
}

DOCA_EXPERIMENTAL doca_error_t doca_dpdk_port_probe_with_representors(
        struct doca_dev *dev, const char *devargs, struct doca_dev_rep **dev_reps, uint16_t nb_reps)
{
	if (dev == NULL || devargs == NULL || dev_reps == NULL || nb_reps == 0) {
		SAY_BAD_ARG(dev == NULL        ? "dev is NULL"
		            : devargs == NULL  ? "devargs is NULL"
		            : dev_reps == NULL ? "dev_reps is NULL"
		                               : "nb_reps is 0",
		            "pass an open PF, a devargs string and at least one open representor "
		            "(doca_dpdk_port_probe() probes the PF alone)");
		return DOCA_ERROR_INVALID_VALUE;
	}
	for (uint16_t i = 0; i < nb_reps; i++) {
		if (dev_reps[i] == NULL) {
			DOCA_LOG_ERR(
			        "%s: dev_reps[%u] is NULL; pass nb_reps representors opened with "
			        "doca_dev_rep_open()",
			        __func__, i);
			return DOCA_ERROR_INVALID_VALUE;
		}
	}
	return sdpa_dpdk_probe(__func__, dev, devargs, dev_reps, nb_reps);
}

DOCA_EXPERIMENTAL doca_error_t doca_dpdk_get_first_port_id(const struct doca_dev *dev,
                                                           uint16_t *port_id)
{
	if (dev == NULL || port_id == NULL) {
		SAY_BAD_ARG(
		        dev == NULL ? "dev is NULL" : "port_id is NULL",
		        "pass a device probed with doca_dpdk_port_probe() and a result pointer");
		return DOCA_ERROR_INVALID_VALUE;
	}
	return sdpa_dpdk_first_port(__func__, dev, port_id);
}

DOCA_EXPERIMENTAL doca_error_t doca_dpdk_port_as_dev(uint16_t port_id, struct doca_dev **dev)
{
	if (dev == NULL) {
		SAY_BAD_ARG("dev is NULL", "pass the address of a struct doca_dev *");
		return DOCA_ERROR_INVALID_VALUE;
	}
	*dev = NULL;
	return sdpa_dpdk_port_as_dev(__func__, port_id, dev);
}

DOCA_EXPERIMENTAL doca_error_t doca_dpdk_open_dev_rep_by_port_id(uint16_t port_id,
                                                                 struct doca_dev *dev,
                                                                 struct doca_dev_rep **rep)
{
	if (dev == NULL || rep == NULL) {
		SAY_BAD_ARG(dev == NULL ? "dev is NULL" : "rep is NULL",
		            "pass the open device the port's representor belongs to and a result "
		            "pointer");
		return DOCA_ERROR_INVALID_VALUE;
	}
	return sdpa_dpdk_open_rep(__func__, port_id, dev, rep);
}
