/* SPDX-License-Identifier: BSD-3-Clause
 * SOFTDPA_* environment variables. A malformed value is never fatal: it is reported
 * once with the accepted values, and the default stays in force.
 */
#include <errno.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "core/config.h"
#include "core/log.h"
#include "core/util.h"

SDPA_LOG_REGISTER(core_config);

enum { MAX_NIC_WORKERS = 64, MAX_DPA_EUS = 256, DEFAULT_DPA_EUS = 16 };

static struct sdpa_config config;
static pthread_mutex_t config_lock = PTHREAD_MUTEX_INITIALIZER;
static bool loaded;

const char *sdpa_window_mode_name(enum sdpa_window_mode mode)
{
	switch (mode) {
	case SDPA_WINDOW_FAST: return "fast";
	case SDPA_WINDOW_FAITHFUL: return "faithful";
	case SDPA_WINDOW_STRICT: return "strict";
	}
	return "?";
}

static uint32_t parse_count(const char *var, uint32_t def, uint32_t max)
{
	const char *s = getenv(var);
	char *end;
	unsigned long v;

	if (s == NULL || *s == '\0')
		return def;
	errno = 0;
	v = strtoul(s, &end, 10);
	if (errno != 0 || *end != '\0' || s[0] == '-' || v > max) {
		DOCA_LOG_WARN("%s='%s' is not a number in 0..%u; using %u", var, s, max, def);
		return def;
	}
	return (uint32_t)v;
}

static void load_locked(void)
{
	const char *s;

	memset(&config, 0, sizeof(config));
	config.devices = getenv("SOFTDPA_DEVICES");
	config.window = SDPA_WINDOW_FAITHFUL;
	s = getenv("SOFTDPA_WINDOW");
	if (s != NULL && *s != '\0') {
		if (strcasecmp(s, "fast") == 0)
			config.window = SDPA_WINDOW_FAST;
		else if (strcasecmp(s, "faithful") == 0)
			config.window = SDPA_WINDOW_FAITHFUL;
		else if (strcasecmp(s, "strict") == 0)
			config.window = SDPA_WINDOW_STRICT;
		else
			DOCA_LOG_WARN("SOFTDPA_WINDOW='%s' is not a window mode; use fast, faithful "
				      "or strict. Using faithful",
				      s);
	}
	s = getenv("SOFTDPA_STRICT_ABORT");
	config.strict_abort = s != NULL && strcmp(s, "1") == 0;
	config.nic_workers = parse_count("SOFTDPA_NIC_WORKERS", 0, MAX_NIC_WORKERS);
	config.dpa_eus = parse_count("SOFTDPA_DPA_EUS", DEFAULT_DPA_EUS, MAX_DPA_EUS);
	if (config.dpa_eus == 0) {
		DOCA_LOG_WARN("SOFTDPA_DPA_EUS=0 leaves no execution unit; using %u",
			      DEFAULT_DPA_EUS);
		config.dpa_eus = DEFAULT_DPA_EUS;
	}
	s = getenv("SOFTDPA_TRACE");
	config.trace_path = (s != NULL && *s != '\0') ? s : NULL;

	DOCA_LOG_DBG("SOFTDPA_DEVICES=%s", config.devices ? config.devices : "(default)");
	DOCA_LOG_DBG("SOFTDPA_WINDOW=%s", sdpa_window_mode_name(config.window));
	DOCA_LOG_DBG("SOFTDPA_STRICT_ABORT=%d", config.strict_abort);
	DOCA_LOG_DBG("SOFTDPA_NIC_WORKERS=%u", config.nic_workers);
	DOCA_LOG_DBG("SOFTDPA_DPA_EUS=%u", config.dpa_eus);
	DOCA_LOG_DBG("SOFTDPA_TRACE=%s", config.trace_path ? config.trace_path : "(off)");
	DOCA_LOG_DBG("SOFTDPA_LOG_LEVEL=%s",
		     getenv("SOFTDPA_LOG_LEVEL") ? getenv("SOFTDPA_LOG_LEVEL") : "(warn)");
	loaded = true;
}

const struct sdpa_config *sdpa_config_get(void)
{
	pthread_mutex_lock(&config_lock);
	if (!loaded)
		load_locked();
	pthread_mutex_unlock(&config_lock);
	return &config;
}

void sdpa_config_reload(void)
{
	pthread_mutex_lock(&config_lock);
	load_locked();
	pthread_mutex_unlock(&config_lock);
}

const char *sdpa_config_port_wire(uint16_t port_id)
{
	char name[32];
	const char *s;

	snprintf(name, sizeof(name), "SOFTDPA_PORT%u", (unsigned int)port_id);
	s = getenv(name);
	return (s != NULL && *s != '\0') ? s : NULL;
}
