/* SPDX-License-Identifier: BSD-3-Clause
 * doca_dpdk's port calls behind their argument checks (src/dpdk/doca_dpdk.c): ports.c with
 * the poll-mode driver, ports_absent.c without it. Arguments are checked already (non-NULL,
 * nb_reps > 0). Each error path logs one line. Function-only.
 */
#ifndef SDPA_DPDK_PORTS_H
#define SDPA_DPDK_PORTS_H

#include <stdint.h>

#include <doca_error.h>

struct doca_dev;
struct doca_dev_rep;
struct doca_devinfo;

doca_error_t sdpa_dpdk_rep_port_supported(const char *fn, const struct doca_devinfo *devinfo,
                                          uint8_t *supported);
doca_error_t sdpa_dpdk_probe(const char *fn, struct doca_dev *dev, const char *devargs,
                             struct doca_dev_rep **reps, uint16_t nb_reps);
doca_error_t sdpa_dpdk_first_port(const char *fn, const struct doca_dev *dev, uint16_t *port_id);
doca_error_t sdpa_dpdk_port_as_dev(const char *fn, uint16_t port_id, struct doca_dev **dev);
doca_error_t sdpa_dpdk_open_rep(const char *fn, uint16_t port_id, struct doca_dev *dev,
                                struct doca_dev_rep **rep);

#endif
