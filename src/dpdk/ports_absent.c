/* SPDX-License-Identifier: BSD-3-Clause
 * doca_dpdk's port calls when softdpa was built without its DPDK driver (DPDK's driver
 * headers were missing at configure time; scripts/deps.sh fetches them, docs/DPDK.md).
 */
#include "core/log.h"
#include "dpdk/ports.h"

SDPA_LOG_REGISTER(dpdk_ports);

#define REFUSE(fn)                                                                                 \
	do {                                                                                       \
		DOCA_LOG_RATE_LIMIT_ERR("%s is not supported by this softdpa build: it was built " \
		                        "without its DPDK driver (run scripts/deps.sh, then "      \
		                        "reconfigure; docs/DPDK.md)",                              \
		                        fn);                                                       \
		return DOCA_ERROR_NOT_SUPPORTED;                                                   \
	} while (0)

doca_error_t sdpa_dpdk_rep_port_supported(const char *fn, const struct doca_devinfo *devinfo,
                                          uint8_t *supported)
{
	(void)devinfo;
	(void)supported;
	REFUSE(fn);
}

doca_error_t sdpa_dpdk_probe(const char *fn, struct doca_dev *dev, const char *devargs,
                             struct doca_dev_rep **reps, uint16_t nb_reps)
{
	(void)dev;
	(void)devargs;
	(void)reps;
	(void)nb_reps;
	REFUSE(fn);
}

doca_error_t sdpa_dpdk_first_port(const char *fn, const struct doca_dev *dev, uint16_t *port_id)
{
	(void)dev;
	(void)port_id;
	REFUSE(fn);
}

doca_error_t sdpa_dpdk_port_as_dev(const char *fn, uint16_t port_id, struct doca_dev **dev)
{
	(void)port_id;
	(void)dev;
	REFUSE(fn);
}

doca_error_t sdpa_dpdk_open_rep(const char *fn, uint16_t port_id, struct doca_dev *dev,
                                struct doca_dev_rep **rep)
{
	(void)port_id;
	(void)dev;
	(void)rep;
	REFUSE(fn);
}
