/* SPDX-License-Identifier: BSD-3-Clause
 * The softdpa poll-mode driver (net_softdpa): what doca_dpdk asks of it. Function-only.
 *
 * A DPDK port the driver creates stands for one emulated port: DPDK port id N is softdpa
 * port N, which DOCA Flow port N drives. Each port belongs to an emulated device (its
 * position in SOFTDPA_DEVICES) and is either the device itself or one of its representors.
 * Every call takes the driver's lock: control path only.
 */
#ifndef SDPA_DPDK_PMD_H
#define SDPA_DPDK_PMD_H

#include <stdbool.h>
#include <stdint.h>

#include <doca_error.h>

struct doca_dev;

enum {
	SDPA_PMD_NOT_REP = -1,  /* rep_index of a port that is the device itself */
	SDPA_MAX_PORT_IDS = 32, /* DPDK port ids (Debian's RTE_MAX_ETHPORTS; pmd.c checks) */
};

/* The vdev driver's name: "--vdev net_softdpa<i>[,dev=PCI][,representor=...]". */
#define SDPA_PMD_DRIVER "net_softdpa"

/* Attach the ports of an emulated device: the device itself, then each representor that
 * 'representor' names (DPDK's syntax, e.g. "vf[0-1]", "sf[0,2]"; NULL or "" for none).
 * extra_devargs is passed on (unknown keys, such as mlx5's, are accepted and ignored).
 * Returns through *first_port the DPDK port id of the device's port. 'who' starts the one
 * line an error logs. DRIVER when
 * DPDK refuses; BAD_STATE when DPDK's EAL is not initialised; ALREADY_EXIST when the
 * device's ports are attached already. */
doca_error_t sdpa_pmd_attach(const char *who, uint32_t dev_id, const char *extra_devargs,
                             const char *representor, uint16_t *first_port);

/* True when DPDK port 'port_id' is a net_softdpa port; then *dev_id and *rep_index say
 * what it stands for. */
bool sdpa_pmd_port_owner(uint16_t port_id, uint32_t *dev_id, int32_t *rep_index);

/* The first net_softdpa port of emulated device dev_id (its own port), or false. */
bool sdpa_pmd_first_port(uint32_t dev_id, uint16_t *port_id);

/* The doca_dev bound to a port id (doca_dpdk_port_probe binds the probing device), or NULL;
 * *open says whether the port still exists. A closed port keeps its binding until a new
 * port takes its id. */
struct doca_dev *sdpa_pmd_port_dev(uint16_t port_id, bool *open);
void sdpa_pmd_port_bind(uint16_t port_id, struct doca_dev *dev);

#endif
