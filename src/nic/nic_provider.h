/* SPDX-License-Identifier: BSD-3-Clause
 * What the DOCA Flow DPA provider (src/provider) may ask of the NIC: functions only, no
 * struct layout of the NIC (docs/ARCHITECTURE.md, layering). The provider includes this
 * header and no other of src/nic; flow_hash.h (the hash pipe's index calls) and nic.h
 * (pollers, the sync barrier) are function-only too and come with it.
 */
#ifndef SDPA_NIC_PROVIDER_H
#define SDPA_NIC_PROVIDER_H

#include <stdbool.h>
#include <stdint.h>

#include <doca_error.h>

#include "nic/flow_hash.h"
#include "nic/nic.h"

struct doca_flow_port;
struct doca_flow_pipe;

/* A started-or-not live port: its DOCA Flow port id and the id of its device (the
 * representor's parent for a representor port). INVALID_VALUE when 'port' is not a live
 * port. */
doca_error_t sdpa_nic_prov_port(struct doca_flow_port *port, uint16_t *port_id, uint32_t *dev_id);

/* A live pipe the provider can export: its port id and number of entries. INVALID_VALUE
 * when 'pipe' is not a live pipe, NOT_SUPPORTED when it is not a hash pipe. */
doca_error_t sdpa_nic_prov_pipe(struct doca_flow_pipe *pipe, uint16_t *port_id,
                                uint32_t *nr_entries);

/* External resources (index selectors, arrays), by their public handle. */
enum sdpa_nic_prov_res {
	SDPA_NIC_PROV_RES_NONE, /* not a live resource */
	SDPA_NIC_PROV_RES_SELECTOR,
	SDPA_NIC_PROV_RES_ARRAY,
};

/* What 'res' is, and its port id (NONE when not a live resource or its port is unknown). */
enum sdpa_nic_prov_res sdpa_nic_prov_resource(const void *res, uint16_t *port_id);
/* True once the resource's destroy was called (its memory may live on while pinned). */
bool sdpa_nic_prov_resource_doomed(const void *res);
/* Keep (pin) or release (unpin) the resource's memory past its destroy. */
void sdpa_nic_prov_resource_pin(void *res, bool pin);
/* Selector: set indices first..last of resource 'offset' to state 'op'. */
doca_error_t sdpa_nic_prov_selector_modify(void *res, uint32_t offset, uint32_t op, uint32_t first,
                                           uint32_t last);
/* Array: store or read slot 'index' of resource 'offset'. */
doca_error_t sdpa_nic_prov_array_update(void *res, uint32_t offset, uint32_t index, uint64_t value);
doca_error_t sdpa_nic_prov_array_read(void *res, uint32_t offset, uint32_t index, uint64_t *value);

#endif
