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

bool sdpa_parse_bool(const char *s, bool *out)
{
	static const char *const yes[] = {"1", "yes", "true", "on"};
	static const char *const no[] = {"0", "no", "false", "off"};

	for (size_t i = 0; s != NULL && i < sizeof(yes) / sizeof(yes[0]); i++) {
		if (strcasecmp(s, yes[i]) == 0) {
			*out = true;
			return true;
		}
		if (strcasecmp(s, no[i]) == 0) {
			*out = false;
			return true;
		}
	}
	return false;
}

bool sdpa_env_bool(const char *var, bool def)
{
	const char *s = getenv(var);
	bool v;

	if (s == NULL || *s == '\0')
		return def;
	if (sdpa_parse_bool(s, &v))
		return v;
	DOCA_LOG_WARN("%s='%s' is not a boolean; use 1, yes, true or on (or 0, no, false, off). "
	              "Using %s",
	              var, s, def ? "on" : "off");
	return def;
}

/* Every SOFTDPA_* variable softdpa's library, tools and tests read; SOFTDPA_PORT<n> is
 * checked apart. docs/CONFIGURATION.md lists the same names (tests/unit/test_config.c). */
const char *const sdpa_config_known_vars[] = {
        "SOFTDPA_DEVICES",
        "SOFTDPA_PORT<n>",
        "SOFTDPA_FIDELITY",
        "SOFTDPA_WINDOW",
        "SOFTDPA_STRICT_ABORT",
        "SOFTDPA_PROVIDER_LATENCY_NS",
        "SOFTDPA_PROVIDER_JITTER_NS",
        "SOFTDPA_PROVIDER_SEED",
        "SOFTDPA_RANDOM_SEED",
        "SOFTDPA_NIC_WORKERS",
        "SOFTDPA_DPA_EUS",
        "SOFTDPA_LOG_LEVEL",
        "SOFTDPA_TRACE",
        "SOFTDPA_STATS",
        "SOFTDPA_READY_FILE",
        "SOFTDPA_KERNEL_TAP",
        "SOFTDPA_SAMPLES_TEST",
        "SOFTDPA_DPACC_CLANG",
        "SOFTDPA_INCLUDE_DIR",
        "SOFTDPA_TEST_SRCDIR",
        "SOFTDPA_TRACE_KEEP",
        "SOFTDPA_RDMA_ADDR",
        "SOFTDPA_RDMA_ACK_TIMEOUT",
        "SOFTDPA_RDMA_RETRY_CNT",
        "SOFTDPA_RDMA_MIN_RNR_TIMER",
        "SOFTDPA_RDMA_LOSS",
        "SOFTDPA_RDMA_REORDER",
        "SOFTDPA_RDMA_PCAP",
        NULL,
};

/* Levenshtein distance of two short names, case-insensitive; large for long ones. */
static size_t name_distance(const char *a, const char *b)
{
	size_t la = strlen(a), lb = strlen(b), row[64];

	if (la >= 64 || lb >= 64)
		return 64;
	for (size_t j = 0; j <= lb; j++)
		row[j] = j;
	for (size_t i = 1; i <= la; i++) {
		size_t diag = row[0];

		row[0] = i;
		for (size_t j = 1; j <= lb; j++) {
			size_t up = row[j];
			size_t cost = (a[i - 1] | 0x20) == (b[j - 1] | 0x20) ? 0 : 1;
			size_t best = diag + cost;

			if (up + 1 < best)
				best = up + 1;
			if (row[j - 1] + 1 < best)
				best = row[j - 1] + 1;
			row[j] = best;
			diag = up;
		}
	}
	return row[lb];
}

/* SOFTDPA_PORT<n>: n in 0..SDPA_MAX_PORTS-1 written as a plain decimal. Returns 1 for a
 * valid port, 0 for a port that does not exist, -1 when the name is not PORT<digits>. */
static int port_var(const char *name, size_t len)
{
	const char *d = name + strlen("SOFTDPA_PORT");
	size_t nd = len - (size_t)(d - name);
	unsigned long n = 0;

	if (len <= strlen("SOFTDPA_PORT") || strncmp(name, "SOFTDPA_PORT", 12) != 0)
		return -1;
	for (size_t i = 0; i < nd; i++) {
		if (d[i] < '0' || d[i] > '9')
			return -1;
		if (n < 100000)
			n = n * 10 + (unsigned long)(d[i] - '0');
	}
	return (nd > 1 && d[0] == '0') || n >= SDPA_MAX_PORTS ? 0 : 1;
}

extern char **environ;

/* "SOFTDPA_DEVICES, SOFTDPA_PORT<n>, ...": the known names for a message. */
static const char *known_list(void)
{
	static char buf[1024];
	size_t n = 0;

	if (buf[0] != '\0')
		return buf;
	for (size_t i = 0; sdpa_config_known_vars[i] != NULL && n < sizeof(buf); i++)
		n += (size_t)snprintf(buf + n, sizeof(buf) - n, "%s%s", i ? ", " : "",
		                      sdpa_config_known_vars[i]);
	return buf;
}

/* One warning per SOFTDPA_* name in the environment that softdpa does not read: a typo
 * would otherwise leave the default silently in force. */
static void check_names(void)
{
	for (char **e = environ; e != NULL && *e != NULL; e++) {
		const char *name = *e, *eq = strchr(name, '=');
		size_t len = eq != NULL ? (size_t)(eq - name) : strlen(name), best_d = 64;
		const char *best = NULL;
		bool known = false;
		int port;

		if (len < 8 || strncasecmp(name, "SOFTDPA_", 8) != 0)
			continue;
		for (size_t i = 0; sdpa_config_known_vars[i] != NULL && !known; i++)
			known = strlen(sdpa_config_known_vars[i]) == len &&
			        strncmp(sdpa_config_known_vars[i], name, len) == 0;
		if (known)
			continue;
		port = port_var(name, len);
		if (port == 1)
			continue;
		if (port == 0) {
			DOCA_LOG_WARN("%.*s names a port that does not exist; ports are "
			              "SOFTDPA_PORT0..SOFTDPA_PORT%u. Ignoring it",
			              (int)len, name, SDPA_MAX_PORTS - 1);
			continue;
		}
		for (size_t i = 0; sdpa_config_known_vars[i] != NULL; i++) {
			char cand[64];
			size_t d;

			snprintf(cand, sizeof(cand), "%.*s", (int)len, name);
			d = name_distance(cand, sdpa_config_known_vars[i]);
			if (d < best_d) {
				best_d = d;
				best = sdpa_config_known_vars[i];
			}
		}
		DOCA_LOG_WARN("%.*s is not a softdpa variable%s%s%s; the known ones are %s "
		              "(docs/CONFIGURATION.md). Ignoring it",
		              (int)len, name, best_d <= 3 ? " (did you mean " : "",
		              best_d <= 3 ? best : "", best_d <= 3 ? "?)" : "", known_list());
	}
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
	cfg->random_seed = parse_u64("SOFTDPA_RANDOM_SEED", 0, UINT64_MAX);
	check_names();
	cfg->strict_abort = sdpa_env_bool("SOFTDPA_STRICT_ABORT", false);
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
	DOCA_LOG_DBG("SOFTDPA_RANDOM_SEED=%llu", (unsigned long long)cfg->random_seed);
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
