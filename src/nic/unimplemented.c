/* SPDX-License-Identifier: BSD-3-Clause
 * softdpa.h calls whose layer (the NIC datapath engine) is not built yet. Each answers
 * NOT_SUPPORTED and says so, and docs/API_COVERAGE.md lists it as such.
 */
#include <softdpa.h>

#include "core/log.h"

SDPA_LOG_REGISTER(nic);

DOCA_EXPERIMENTAL doca_error_t softdpa_nic_sync(void)
{
	DOCA_LOG_ERR("softdpa_nic_sync is not supported yet: the NIC datapath engine is not part "
		     "of this build");
	return DOCA_ERROR_NOT_SUPPORTED;
}

DOCA_EXPERIMENTAL uint16_t softdpa_port_rx_burst(uint16_t port_id, uint16_t queue,
						 struct softdpa_frame *frames, uint16_t n)
{
	(void)frames;
	(void)n;
	DOCA_LOG_RATE_LIMIT_ERR("softdpa_port_rx_burst(port %u, queue %u) is not supported yet: "
				"no pipeline forwards to software queues in this build",
				(unsigned int)port_id, (unsigned int)queue);
	return 0;
}
