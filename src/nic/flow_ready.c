/* SPDX-License-Identifier: BSD-3-Clause
 * The readiness signal (flow_ready.h): one line per port, appended with one write(2) so
 * that concurrent writers never interleave and a reader polling the file sees whole lines.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "core/atomics.h"
#include "core/log.h"
#include "nic/flow_ready.h"

SDPA_LOG_REGISTER(nic_flow_ready);

static sdpa_atomic_u64 reported; /* bit N: port N was reported (ports 0..63) */

void sdpa_flow_ready_note(uint16_t port_id)
{
	const char *path = getenv("SOFTDPA_READY_FILE");
	uint64_t bit;
	char line[32];
	int fd, len;

	if (path == NULL || path[0] == '\0' || port_id >= 64)
		return;
	bit = 1ull << port_id;
	/* Atomicity only (who reports first): the bit publishes no other data. */
	if (sdpa_fetch_or_acq_rel(&reported, bit) & bit)
		return;
	fd = open(path, O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC, 0600);
	if (fd < 0) {
		DOCA_LOG_ERR("SOFTDPA_READY_FILE: cannot open '%s': %s; port %u's readiness is "
		             "not reported",
		             path, strerror(errno), (unsigned int)port_id);
		return;
	}
	len = snprintf(line, sizeof(line), "ready port=%u\n", (unsigned int)port_id);
	if (write(fd, line, (size_t)len) != len)
		DOCA_LOG_ERR("SOFTDPA_READY_FILE: cannot write to '%s': %s", path, strerror(errno));
	close(fd);
}
