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
#define MAX_PROV_NS 10000000000ull /* 10 s: a latency or jitter beyond is a typo */

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
	case SDPA_WINDOW_FAST:
		return "fast";
	case SDPA_WINDOW_FAITHFUL:
		return "faithful";
	case SDPA_WINDOW_STRICT:
		return "strict";
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

static uint64_t parse_u64(const char *var, uint64_t def, uint64_t max)
{
	const char *s = getenv(var);
	char *end;
	unsigned long long v;

	if (s == NULL || *s == '\0')
		return def;
	errno = 0;
	v = strtoull(s, &end, 10);
	if (errno != 0 || *end != '\0' || s[0] == '-' || v > max) {
		DOCA_LOG_WARN("%s='%s' is not a number in 0..%llu; using %llu", var, s,
		              (unsigned long long)max, (unsigned long long)def);
		return def;
	}
	return (uint64_t)v;
}

/* One fidelity variable: true and *mode when it is set to a valid mode. */
static bool parse_mode(const char *var, enum sdpa_window_mode *mode)
{
	const char *s = getenv(var);

	if (s == NULL || *s == '\0')
		return false;
	if (strcasecmp(s, "fast") == 0)
		*mode = SDPA_WINDOW_FAST;
	else if (strcasecmp(s, "faithful") == 0)
		*mode = SDPA_WINDOW_FAITHFUL;
	else if (strcasecmp(s, "strict") == 0)
		*mode = SDPA_WINDOW_STRICT;
	else {
		DOCA_LOG_WARN("%s='%s' is not a window mode; use fast, faithful or strict "
		              "(softdpa's fidelity modes). Ignoring it: the default is faithful",
		              var, s);
		return false;
	}
	return true;
}

/* SOFTDPA_FIDELITY wins over SOFTDPA_WINDOW (its first name) when both are valid. */
static enum sdpa_window_mode load_fidelity(void)
{
	enum sdpa_window_mode f = SDPA_WINDOW_FAITHFUL, w = SDPA_WINDOW_FAITHFUL;
	bool has_f = parse_mode("SOFTDPA_FIDELITY", &f);
	bool has_w = parse_mode("SOFTDPA_WINDOW", &w);

	if (has_f && has_w && f != w)
		DOCA_LOG_WARN("SOFTDPA_FIDELITY=%s and SOFTDPA_WINDOW=%s are both set; "
		              "SOFTDPA_FIDELITY wins",
		              sdpa_window_mode_name(f), sdpa_window_mode_name(w));
	if (has_f)
		return f;
	if (has_w)
		return w;
	return SDPA_WINDOW_FAITHFUL;
}

static void load(struct sdpa_config *cfg)
{
	const char *s;

	memset(cfg, 0, sizeof(*cfg));
	cfg->devices = getenv("SOFTDPA_DEVICES");
	cfg->window = load_fidelity();
	cfg->prov_latency_ns =
	        parse_u64("SOFTDPA_PROVIDER_LATENCY_NS", SDPA_PROV_DEFAULT_LATENCY_NS, MAX_PROV_NS);
	cfg->prov_jitter_ns =
	        parse_u64("SOFTDPA_PROVIDER_JITTER_NS", SDPA_PROV_DEFAULT_JITTER_NS, MAX_PROV_NS);
	cfg->prov_seed = parse_u64("SOFTDPA_PROVIDER_SEED", SDPA_PROV_DEFAULT_SEED, UINT64_MAX);
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
	DOCA_LOG_DBG("SOFTDPA_FIDELITY=%s (SOFTDPA_WINDOW=%s)", sdpa_window_mode_name(cfg->window),
	             getenv("SOFTDPA_WINDOW") ? getenv("SOFTDPA_WINDOW") : "(unset)");
	DOCA_LOG_DBG("SOFTDPA_PROVIDER_LATENCY_NS=%llu SOFTDPA_PROVIDER_JITTER_NS=%llu "
	             "SOFTDPA_PROVIDER_SEED=%llu",
	             (unsigned long long)cfg->prov_latency_ns,
	             (unsigned long long)cfg->prov_jitter_ns, (unsigned long long)cfg->prov_seed);
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
