/* SPDX-License-Identifier: BSD-3-Clause
 * nic_provider.h: the provider's function-only door into the NIC, over the NIC's own
 * structures (flow_priv.h, ext_resource.h), which stay inside src/nic.
 */
#include "nic/nic_provider.h"

#include "core/devices.h"
#include "nic/ext_resource.h"
#include "nic/flow_priv.h"

doca_error_t sdpa_nic_prov_port(struct doca_flow_port *port, uint16_t *port_id, uint32_t *dev_id)
{
	if (!sdpa_flow_port_valid(port))
		return DOCA_ERROR_INVALID_VALUE;
	*port_id = port->port_id;
	if (port->dev != NULL)
		*dev_id = sdpa_dev_id(port->dev);
	else if (port->dev_rep != NULL)
		*dev_id = sdpa_dev_id(sdpa_dev_rep_parent(port->dev_rep));
	else
		*dev_id = SDPA_DEV_ID_INVALID;
	return DOCA_SUCCESS;
}

doca_error_t sdpa_nic_prov_pipe(struct doca_flow_pipe *pipe, uint16_t *port_id,
                                uint32_t *nr_entries)
{
	if (sdpa_flow_pipe_id(pipe) == 0 || sdpa_flow_pipe_lookup(sdpa_flow_pipe_id(pipe)) != pipe)
		return DOCA_ERROR_INVALID_VALUE;
	if (!sdpa_flow_pipe_is_hash(pipe))
		return DOCA_ERROR_NOT_SUPPORTED;
	*port_id = pipe->port->port_id;
	*nr_entries = sdpa_flow_hash_nr_entries(pipe);
	return DOCA_SUCCESS;
}

enum sdpa_nic_prov_res sdpa_nic_prov_resource(const void *res, uint16_t *port_id)
{
	enum sdpa_nic_prov_res kind;
	int id;

	switch (sdpa_ext_kind_of(res)) {
	case SDPA_EXT_KIND_INDEX_SELECTOR:
		kind = SDPA_NIC_PROV_RES_SELECTOR;
		break;
	case SDPA_EXT_KIND_ARRAY:
		kind = SDPA_NIC_PROV_RES_ARRAY;
		break;
	default:
		return SDPA_NIC_PROV_RES_NONE;
	}
	id = sdpa_flow_port_id_of(sdpa_ext_obj_port(res));
	if (id < 0)
		return SDPA_NIC_PROV_RES_NONE;
	*port_id = (uint16_t)id;
	return kind;
}

bool sdpa_nic_prov_resource_doomed(const void *res)
{
	const struct sdpa_ext_hdr *h = res;

	return sdpa_load_relaxed(&h->doomed) != 0;
}

void sdpa_nic_prov_resource_pin(void *res, bool pin)
{
	if (pin)
		sdpa_ext_pin(res);
	else
		sdpa_ext_unpin(res);
}

doca_error_t sdpa_nic_prov_selector_modify(void *res, uint32_t offset, uint32_t op, uint32_t first,
                                           uint32_t last)
{
	return sdpa_ixsel_modify_range(res, offset, op, first, last);
}

doca_error_t sdpa_nic_prov_array_update(void *res, uint32_t offset, uint32_t index, uint64_t value)
{
	return sdpa_array_update(res, offset, index, value);
}

doca_error_t sdpa_nic_prov_array_read(void *res, uint32_t offset, uint32_t index, uint64_t *value)
{
	return sdpa_array_read(res, offset, index, value);
}
