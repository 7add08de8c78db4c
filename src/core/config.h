/* SPDX-License-Identifier: BSD-3-Clause
 * SOFTDPA_* environment (DECISIONS D11), read once on first use.
 * docs/CONFIGURATION.md documents every variable.
 */
#ifndef SDPA_CORE_CONFIG_H
#define SDPA_CORE_CONFIG_H

#include <stdbool.h>
#include <stdint.h>

enum sdpa_window_mode {
	SDPA_WINDOW_FAST,
	SDPA_WINDOW_FAITHFUL,
	SDPA_WINDOW_STRICT,
};

enum { SDPA_MAX_PORTS = 64 };

struct sdpa_config {
	const char *devices;	   /* SOFTDPA_DEVICES, NULL = default set */
	enum sdpa_window_mode window; /* SOFTDPA_WINDOW */
	bool strict_abort;	   /* SOFTDPA_STRICT_ABORT=1 */
	uint32_t nic_workers;	   /* SOFTDPA_NIC_WORKERS, 0 = deterministic */
	uint32_t dpa_eus;	   /* SOFTDPA_DPA_EUS, default 16 */
	const char *trace_path;	   /* SOFTDPA_TRACE, NULL = off */
};

/* The process-wide configuration; parsed on first call, never NULL. */
const struct sdpa_config *sdpa_config_get(void);

/* SOFTDPA_PORT<n> for a port id, or NULL when unset. */
const char *sdpa_config_port_wire(uint16_t port_id);

/* Re-read the environment (tests change variables between cases). */
void sdpa_config_reload(void);

/* Name of a window mode, for messages. */
const char *sdpa_window_mode_name(enum sdpa_window_mode mode);

#endif
