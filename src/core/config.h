/* SPDX-License-Identifier: BSD-3-Clause
 * SOFTDPA_* environment (docs/DESIGN_DECISIONS.md D11), read once on first use.
 * docs/CONFIGURATION.md documents every variable.
 */
#ifndef SDPA_CORE_CONFIG_H
#define SDPA_CORE_CONFIG_H

#include <stdbool.h>
#include <stdint.h>

/* softdpa's fidelity modes (SOFTDPA_FIDELITY, or its first name SOFTDPA_WINDOW). They
 * govern DPA windows (docs/WINDOWS.md) and the provider's request engine
 * (docs/PROVIDER.md): fast = convenient, faithful = what hardware does, strict = what
 * hardware does plus a report of every race softdpa can see. */
enum sdpa_window_mode {
	SDPA_WINDOW_FAST,
	SDPA_WINDOW_FAITHFUL,
	SDPA_WINDOW_STRICT,
};

enum { SDPA_MAX_PORTS = 64 };

struct sdpa_config {
	const char *devices;          /* SOFTDPA_DEVICES, NULL = default set */
	enum sdpa_window_mode window; /* the fidelity mode: SOFTDPA_FIDELITY, else SOFTDPA_WINDOW */
	bool strict_abort;            /* SOFTDPA_STRICT_ABORT=1 */
	uint32_t nic_workers;         /* SOFTDPA_NIC_WORKERS, 0 = deterministic */
	uint32_t dpa_eus;             /* SOFTDPA_DPA_EUS, default 16 */
	const char *trace_path;       /* SOFTDPA_TRACE, NULL = off */
	/* The provider's request engine in faithful/strict (docs/PROVIDER.md, "Latency"). */
	uint64_t prov_latency_ns; /* SOFTDPA_PROVIDER_LATENCY_NS: flush to execution */
	uint64_t prov_jitter_ns;  /* SOFTDPA_PROVIDER_JITTER_NS: + [0, jitter] per flush */
	uint64_t prov_seed;       /* SOFTDPA_PROVIDER_SEED: the jitter's seed */
	uint64_t random_seed;     /* SOFTDPA_RANDOM_SEED: the NIC's random values, 0 = built-in */
};

/* Defaults of the provider latency model (docs/PROVIDER.md says where they come from). */
enum {
	SDPA_PROV_DEFAULT_LATENCY_NS = 2000,
	SDPA_PROV_DEFAULT_JITTER_NS = 1000,
	SDPA_PROV_DEFAULT_SEED = 1,
};

/* The process-wide configuration; parsed on first call, never NULL. */
const struct sdpa_config *sdpa_config_get(void);

/* SOFTDPA_PORT<n> for a port id, or NULL when unset. */
const char *sdpa_config_port_wire(uint16_t port_id);

/* Re-read the environment (tests change variables between cases). */
void sdpa_config_reload(void);

/* The one boolean spelling of every SOFTDPA_* switch: 1/0, yes/no, true/false, on/off, in
 * any case. False (and *out untouched) for anything else. */
bool sdpa_parse_bool(const char *s, bool *out);

/* A boolean variable: def when unset or empty; a malformed value gets one warning naming
 * it and the accepted spellings, and def stays. */
bool sdpa_env_bool(const char *var, bool def);

/* Every SOFTDPA_* name softdpa reads ("SOFTDPA_PORT<n>" for the port wires), NULL-ended.
 * Loading the configuration warns once about each other SOFTDPA_* name in the environment
 * (a misspelling) and each SOFTDPA_PORT<n> of a port that does not exist. */
extern const char *const sdpa_config_known_vars[];

/* Name of a window mode, for messages. */
const char *sdpa_window_mode_name(enum sdpa_window_mode mode);

#endif
