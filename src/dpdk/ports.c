/* SPDX-License-Identifier: BSD-3-Clause
 * doca_dpdk's port calls with the softdpa poll-mode driver (dpdk/pmd.h, docs/DPDK.md).
 *
 * doca_dpdk_port_probe(dev, devargs) attaches the vdev net_softdpa<i> of the emulated device
 * dev stands for (its position i in SOFTDPA_DEVICES), with the representors devargs name
 * ("representor=vf[0-1]", or "pf<i>vf[...]" as DOCA writes them), and binds dev to the new
 * ports: doca_dpdk_port_as_dev() gives it back. A port attached some other way (the EAL's
 * --vdev) gets a device opened on first doca_dpdk_port_as_dev(), which the caller closes.
 */
#include <stdio.h>
#include <string.h>

#include <doca_dev.h>

#include "core/devices.h"
#include "core/log.h"
#include "dpdk/pmd.h"
#include "dpdk/ports.h"

SDPA_LOG_REGISTER(dpdk_ports);

doca_error_t sdpa_dpdk_rep_port_supported(const char *fn, const struct doca_devinfo *devinfo,
                                          uint8_t *supported)
{
	enum doca_pci_func_type t;

	if (doca_devinfo_get_pci_func_type(devinfo, &t) != DOCA_SUCCESS) {
		DOCA_LOG_ERR("%s: the devinfo is stale; query it before doca_devinfo_destroy_list",
		             fn);
		return DOCA_ERROR_INVALID_VALUE;
	}
	*supported = t == DOCA_PCI_FUNC_TYPE_PF; /* only a PF has representors */
	return DOCA_SUCCESS;
}

/* Split devargs into "representor=<value>" (bracketed lists kept whole) and the rest. */
static doca_error_t split_devargs(const char *fn, const char *devargs, char *rest, size_t rest_sz,
                                  char *rep, size_t rep_sz)
{
	const char *p = devargs;
	size_t r = 0;

	rest[0] = rep[0] = '\0';
	while (*p != '\0') {
		const char *end = p;
		int depth = 0;
		size_t len;

		while (*end != '\0' && (*end != ',' || depth > 0)) {
			depth += *end == '[' ? 1 : *end == ']' ? -1 : 0;
			end++;
		}
		len = (size_t)(end - p);
		if (strncmp(p, "representor=", 12) == 0) {
			if (len - 12 >= rep_sz) {
				DOCA_LOG_ERR("%s: the representor list in '%s' is too long", fn,
				             devargs);
				return DOCA_ERROR_INVALID_VALUE;
			}
			memcpy(rep, p + 12, len - 12);
			rep[len - 12] = '\0';
		} else if (len > 0) {
			if (r + len + 2 >= rest_sz) {
				DOCA_LOG_ERR("%s: the devargs '%s' are too long", fn, devargs);
				return DOCA_ERROR_INVALID_VALUE;
			}
			if (r > 0)
				rest[r++] = ',';
			memcpy(rest + r, p, len);
			r += len;
			rest[r] = '\0';
		}
		p = *end == ',' ? end + 1 : end;
	}
	return DOCA_SUCCESS;
}

doca_error_t sdpa_dpdk_probe(const char *fn, struct doca_dev *dev, const char *devargs,
                             struct doca_dev_rep **reps, uint16_t nb_reps)
{
	uint32_t dev_id = sdpa_dev_id(dev);
	char rest[1024], rep[512];
	uint16_t first, port_id;
	uint32_t owner;
	int32_t rep_index;
	doca_error_t err;

	if (dev_id == SDPA_DEV_ID_INVALID) {
		DOCA_LOG_ERR("%s: dev is not an open device (closed already?); pass one from "
		             "doca_dev_open()",
		             fn);
		return DOCA_ERROR_INVALID_VALUE;
	}
	err = split_devargs(fn, devargs, rest, sizeof(rest), rep, sizeof(rep));
	if (err != DOCA_SUCCESS)
		return err;
	if (reps != NULL) {
		size_t n = 0;

		if (rep[0] != '\0') {
			DOCA_LOG_ERR(
			        "%s: devargs '%s' name representors; pass them in dev_reps only",
			        fn, devargs);
			return DOCA_ERROR_INVALID_VALUE;
		}
		for (uint16_t i = 0; i < nb_reps; i++) {
			struct doca_dev *parent = sdpa_dev_rep_parent(reps[i]);
			enum doca_pci_func_type t = DOCA_PCI_FUNC_TYPE_VF;
			uint32_t k = sdpa_dev_rep_index(reps[i]);

			if (parent == NULL || sdpa_dev_id(parent) != dev_id || k == UINT32_MAX) {
				DOCA_LOG_ERR(
				        "%s: dev_reps[%u] is not an open representor of dev; open "
				        "it with doca_dev_rep_open() from dev's representor list",
				        fn, i);
				return DOCA_ERROR_INVALID_VALUE;
			}
			(void)doca_devinfo_rep_get_pci_func_type(doca_dev_rep_as_devinfo(reps[i]),
			                                         &t);
			n += (size_t)snprintf(
			        rep + n, sizeof(rep) - n, "%s%u",
			        i == 0 ? (t == DOCA_PCI_FUNC_TYPE_SF ? "sf[" : "vf[") : ",", k);
			if (n >= sizeof(rep) - 2) {
				DOCA_LOG_ERR("%s: too many representors", fn);
				return DOCA_ERROR_INVALID_VALUE;
			}
		}
		rep[n++] = ']';
		rep[n] = '\0';
	}
	err = sdpa_pmd_attach(fn, dev_id, rest, rep, &first); /* an error logged its line */
	if (err == DOCA_ERROR_BAD_STATE || err == DOCA_ERROR_ALREADY_EXIST)
		return DOCA_ERROR_DRIVER; /* DOCA documents DRIVER for a port DPDK cannot attach */
	if (err != DOCA_SUCCESS)
		return err;
	for (port_id = 0; port_id < SDPA_MAX_PORT_IDS; port_id++)
		if (sdpa_pmd_port_owner(port_id, &owner, &rep_index) && owner == dev_id)
			sdpa_pmd_port_bind(port_id, dev);
	return DOCA_SUCCESS;
}

doca_error_t sdpa_dpdk_first_port(const char *fn, const struct doca_dev *dev, uint16_t *port_id)
{
	uint32_t dev_id = sdpa_dev_id(dev);

	if (dev_id == SDPA_DEV_ID_INVALID) {
		DOCA_LOG_ERR("%s: dev is not an open device; pass one from doca_dev_open()", fn);
		return DOCA_ERROR_INVALID_VALUE;
	}
	if (!sdpa_pmd_first_port(dev_id, port_id)) {
		DOCA_LOG_ERR("%s: device %u has no DPDK port; probe it with doca_dpdk_port_probe() "
		             "first",
		             fn, dev_id);
		return DOCA_ERROR_NOT_FOUND;
	}
	return DOCA_SUCCESS;
}

doca_error_t sdpa_dpdk_port_as_dev(const char *fn, uint16_t port_id, struct doca_dev **dev)
{
	struct doca_devinfo **list;
	struct doca_dev *bound;
	uint32_t dev_id = 0, n = 0;
	int32_t rep_index;
	bool open;
	doca_error_t err = DOCA_ERROR_NOT_FOUND;

	bound = sdpa_pmd_port_dev(port_id, &open);
	if (!open) {
		/* closed (rte_eal_cleanup closes them all): the device it was probed with */
		if (bound != NULL && sdpa_dev_id(bound) != SDPA_DEV_ID_INVALID) {
			*dev = bound;
			return DOCA_SUCCESS;
		}
		DOCA_LOG_ERR("%s: DPDK port %u is not a softdpa port (none, or another driver's)",
		             fn, port_id);
		return DOCA_ERROR_NOT_FOUND;
	}
	(void)sdpa_pmd_port_owner(port_id, &dev_id, &rep_index);
	if (bound != NULL && sdpa_dev_id(bound) == dev_id) {
		*dev = bound;
		return DOCA_SUCCESS;
	}
	/* Not probed through doca_dpdk (an EAL --vdev), or its device was closed: open it. */
	if (doca_devinfo_create_list(&list, &n) != DOCA_SUCCESS)
		return DOCA_ERROR_NO_MEMORY; /* it logged why */
	for (uint32_t i = 0; i < n; i++) {
		if (sdpa_devinfo_id(list[i]) == dev_id) {
			err = doca_dev_open(list[i], dev);
			break;
		}
	}
	(void)doca_devinfo_destroy_list(list);
	if (err != DOCA_SUCCESS) {
		DOCA_LOG_ERR("%s: cannot open device %u of DPDK port %u (%s)", fn, dev_id, port_id,
		             doca_error_get_name(err));
		return err;
	}
	for (uint16_t p = 0; p < SDPA_MAX_PORT_IDS; p++) {
		uint32_t owner;
		int32_t r;

		if (sdpa_pmd_port_owner(p, &owner, &r) && owner == dev_id)
			sdpa_pmd_port_bind(p, *dev);
	}
	return DOCA_SUCCESS;
}

doca_error_t sdpa_dpdk_open_rep(const char *fn, uint16_t port_id, struct doca_dev *dev,
                                struct doca_dev_rep **rep)
{
	struct doca_devinfo_rep **list;
	uint32_t dev_id, n = 0;
	int32_t rep_index;
	doca_error_t err = DOCA_ERROR_NOT_FOUND;

	if (!sdpa_pmd_port_owner(port_id, &dev_id, &rep_index) || rep_index < 0 ||
	    dev_id != sdpa_dev_id(dev)) {
		DOCA_LOG_ERR("%s: DPDK port %u is not a representor port of this device", fn,
		             port_id);
		return DOCA_ERROR_NOT_FOUND;
	}
	err = doca_devinfo_rep_create_list(dev, DOCA_DEVINFO_REP_FILTER_NET, &list, &n);
	if (err != DOCA_SUCCESS)
		return err; /* it logged why */
	err = DOCA_ERROR_NOT_FOUND;
	for (uint32_t i = 0; i < n; i++) {
		if (sdpa_devinfo_rep_index(list[i]) == (uint32_t)rep_index) {
			err = doca_dev_rep_open(list[i], rep);
			break;
		}
	}
	(void)doca_devinfo_rep_destroy_list(list);
	if (err != DOCA_SUCCESS)
		DOCA_LOG_ERR("%s: cannot open representor %d of device %u (%s)", fn, rep_index,
		             dev_id, doca_error_get_name(err));
	return err;
}
