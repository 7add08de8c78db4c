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

#include "core/atomics.h"
#include "core/config.h"
#include "core/log.h"
#include "core/util.h"

SDPA_LOG_REGISTER(core_config);

enum { MAX_NIC_WORKERS = 64, MAX_DPA_EUS = 256, DEFAULT_DPA_EUS = 16 };

/* The configuration in force is an immutable snapshot. A reload (tests) builds a new one
 * and publishes it; readers on other threads keep a consistent old one. Snapshots are
 * never freed (a handful per process), so a pointer from sdpa_config_get stays valid. */
struct config_snapshot {
	struct sdpa_config cfg;
	struct config_snapshot *older; /* retired snapshots, kept reachable */
};

static sdpa_atomic_ptr current; /* struct config_snapshot * */
static pthread_mutex_t config_lock = PTHREAD_MUTEX_INITIALIZER;
static struct config_snapshot fallback; /* when allocation fails: defaults */

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

static void load(struct sdpa_config *cfg)
{
	const char *s;

	memset(cfg, 0, sizeof(*cfg));
	cfg->devices = getenv("SOFTDPA_DEVICES");
	cfg->window = SDPA_WINDOW_FAITHFUL;
	s = getenv("SOFTDPA_WINDOW");
	if (s != NULL && *s != '\0') {
		if (strcasecmp(s, "fast") == 0)
			cfg->window = SDPA_WINDOW_FAST;
		else if (strcasecmp(s, "faithful") == 0)
			cfg->window = SDPA_WINDOW_FAITHFUL;
		else if (strcasecmp(s, "strict") == 0)
			cfg->window = SDPA_WINDOW_STRICT;
		else
			DOCA_LOG_WARN("SOFTDPA_WINDOW='%s' is not a window mode; use fast, faithful "
				      "or strict. Using faithful",
				      s);
	}
	s = getenv("SOFTDPA_STRICT_ABORT");
	cfg->strict_abort = s != NULL && strcmp(s, "1") == 0;
	cfg->nic_workers = parse_count("SOFTDPA_NIC_WORKERS", 0, MAX_NIC_WORKERS);
	cfg->dpa_eus = parse_count("SOFTDPA_DPA_EUS", DEFAULT_DPA_EUS, MAX_DPA_EUS);
	if (cfg->dpa_eus == 0) {
		DOCA_LOG_WARN("SOFTDPA_DPA_EUS=0 leaves no execution unit; using %u",
			      DEFAULT_DPA_EUS);
		cfg->dpa_eus = DEFAULT_DPA_EUS;
	}
	s = getenv("SOFTDPA_TRACE");
	cfg->trace_path = (s != NULL && *s != '\0') ? s : NULL;

	DOCA_LOG_DBG("SOFTDPA_DEVICES=%s", cfg->devices ? cfg->devices : "(default)");
	DOCA_LOG_DBG("SOFTDPA_WINDOW=%s", sdpa_window_mode_name(cfg->window));
	DOCA_LOG_DBG("SOFTDPA_STRICT_ABORT=%d", cfg->strict_abort);
	DOCA_LOG_DBG("SOFTDPA_NIC_WORKERS=%u", cfg->nic_workers);
	DOCA_LOG_DBG("SOFTDPA_DPA_EUS=%u", cfg->dpa_eus);
	DOCA_LOG_DBG("SOFTDPA_TRACE=%s", cfg->trace_path ? cfg->trace_path : "(off)");
	DOCA_LOG_DBG("SOFTDPA_LOG_LEVEL=%s",
		     getenv("SOFTDPA_LOG_LEVEL") ? getenv("SOFTDPA_LOG_LEVEL") : "(warn)");
}

/* Must hold config_lock. */
static struct config_snapshot *publish_locked(void)
{
	struct config_snapshot *snap = calloc(1, sizeof(*snap));

	if (snap == NULL) {
		load(&fallback.cfg);
		snap = &fallback;
	} else {
		load(&snap->cfg);
		snap->older = sdpa_load_relaxed(&current);
	}
	/* R-cfg: the snapshot is complete before a reader can see it (A-cfg). */
	sdpa_store_release(&current, snap);
	return snap;
}

const struct sdpa_config *sdpa_config_get(void)
{
	struct config_snapshot *snap = sdpa_load_acquire(&current); /* A-cfg pairs with R-cfg */

	if (snap == NULL) {
		pthread_mutex_lock(&config_lock);
		snap = sdpa_load_relaxed(&current);
		if (snap == NULL)
			snap = publish_locked();
		pthread_mutex_unlock(&config_lock);
	}
	return &snap->cfg;
}

void sdpa_config_reload(void)
{
	pthread_mutex_lock(&config_lock);
	publish_locked();
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
