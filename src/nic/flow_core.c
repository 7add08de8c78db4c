/* SPDX-License-Identifier: BSD-3-Clause
 * DOCA Flow: global configuration, init/destroy, ports, shared resources, forwards.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include <doca_dev.h>

#include "core/devices.h"
#include "core/handles.h"
#include "core/log.h"
#include "core/stats.h"
#include "core/util.h"
#include "io/port.h"
#include "nic/ext_resource.h"
#include "nic/flow_priv.h"
#include "nic/nic.h"

SDPA_LOG_REGISTER(nic_flow);

struct sdpa_flow_global flow_g = {
        .lock = PTHREAD_MUTEX_INITIALIZER,
};

struct doca_flow_cfg {
	uint16_t pipe_queues;
	uint32_t queue_depth;
	uint32_t nr_counters;
	uint32_t nr_meters;
	uint32_t nr_shared[8];
	char mode_args[256];
	bool has_mode;
	enum doca_flow_resource_mode res_mode;
	doca_flow_entry_process_cb entry_cb;
	doca_flow_pipe_process_cb pipe_cb;
	doca_flow_shared_resource_unbind_cb unbind_cb;
	uint8_t rss_key[64];
	uint32_t rss_key_len;
	struct sdpa_rss default_rss;
	bool has_default_rss;
	const struct doca_flow_definitions *defs; /* copied by doca_flow_init (flex.h) */
};

struct doca_flow_port_cfg {
	bool has_port_id;
	uint16_t port_id;
	char devargs[128];
	uint16_t priv_size;
	struct doca_dev *dev;
	struct doca_dev_rep *dev_rep;
	enum doca_flow_port_operation_state op_state;
	struct sdpa_rss rss;
	bool has_rss;
	uint32_t actions_mem;
	uint32_t nr_res[8];
};

/* The RSS key when the application sets none: the mlx5 driver's default Toeplitz key,
 * which a BlueField-3 port hashes with and which the net_softdpa PMD reports (D21). */
static const uint8_t default_rss_key[40] = {
        0x2c, 0xc6, 0x81, 0xd1, 0x5b, 0xdb, 0xf4, 0xf7, 0xfc, 0xa2, 0x83, 0x19, 0xdb, 0x1a,
        0x3e, 0x94, 0x6b, 0x9e, 0x38, 0xd9, 0x2c, 0x9c, 0x03, 0xd1, 0xad, 0x99, 0x44, 0xa7,
        0xd9, 0x56, 0x3d, 0x59, 0x06, 0x3c, 0x25, 0xf3, 0xfc, 0x1f, 0xdc, 0x2a,
};

void sdpa_ctr_sum(const struct sdpa_ctr *c, uint32_t n, struct doca_flow_resource_query *out)
{
	uint64_t p = 0, b = 0;

	for (uint32_t i = 0; i < n; i++) {
		p += sdpa_load_relaxed(&c[i].pkts);
		b += sdpa_load_relaxed(&c[i].bytes);
	}
	out->counter.total_pkts = p;
	out->counter.total_bytes = b;
}

/* ------------------------------------------------------------------ global cfg */

DOCA_STABLE doca_error_t doca_flow_cfg_create(struct doca_flow_cfg **cfg)
{
	struct doca_flow_cfg *c;

	if (cfg == NULL) {
		DOCA_LOG_ERR("doca_flow_cfg_create: cfg is NULL; pass the address of a "
		             "struct doca_flow_cfg pointer");
		return DOCA_ERROR_INVALID_VALUE;
	}
	c = calloc(1, sizeof(*c));
	if (c == NULL) {
		DOCA_LOG_ERR("doca_flow_cfg_create: out of memory; free memory and retry");
		return DOCA_ERROR_NO_MEMORY;
	}
	if (!sdpa_handle_add(c, SDPA_H_FLOW_CFG)) {
		free(c);
		return DOCA_ERROR_NO_MEMORY; /* sdpa_handle_add logged the cause */
	}
	c->pipe_queues = 1;
	c->queue_depth = 128;
	c->res_mode = DOCA_FLOW_RESOURCE_MODE_SYSTEM;
	*cfg = c;
	return DOCA_SUCCESS;
}

/* A configuration object of 'kind' (core/handles.h): NULL, destroyed or another object
 * is refused with one line, and never read. */
static bool obj_ok(const void *obj, enum sdpa_handle_kind kind, const char *fn, const char *what,
                   const char *create)
{
	if (sdpa_handle_live(obj, kind))
		return true;
	DOCA_LOG_ERR("%s: %s is %s; create it with %s (and pass it until it is destroyed)", fn,
	             what,
	             obj == NULL                        ? "NULL"
	             : sdpa_handle_destroyed(obj, kind) ? "destroyed"
	                                                : "not one",
	             create);
	return false;
}

#define CFG_CHECK(cfg, fn)                                                                         \
	do {                                                                                       \
		if (!obj_ok((cfg), SDPA_H_FLOW_CFG, fn, "cfg", "doca_flow_cfg_create"))            \
			return DOCA_ERROR_INVALID_VALUE;                                           \
	} while (0)

DOCA_STABLE doca_error_t doca_flow_cfg_destroy(struct doca_flow_cfg *cfg)
{
	CFG_CHECK(cfg, "doca_flow_cfg_destroy");
	sdpa_handle_retire(cfg, free);
	return DOCA_SUCCESS;
}

DOCA_STABLE doca_error_t doca_flow_cfg_set_pipe_queues(struct doca_flow_cfg *cfg,
                                                       uint16_t pipe_queues)
{
	CFG_CHECK(cfg, "doca_flow_cfg_set_pipe_queues");
	if (pipe_queues == 0 || pipe_queues > SDPA_FLOW_MAX_QUEUES) {
		DOCA_LOG_ERR("doca_flow_cfg_set_pipe_queues: %u queues is out of range; use "
		             "1..%u",
		             (unsigned int)pipe_queues, SDPA_FLOW_MAX_QUEUES);
		return DOCA_ERROR_INVALID_VALUE;
	}
	cfg->pipe_queues = pipe_queues;
	return DOCA_SUCCESS;
}

DOCA_STABLE doca_error_t doca_flow_cfg_set_nr_counters(struct doca_flow_cfg *cfg,
                                                       uint32_t nr_counters)
{
	CFG_CHECK(cfg, "doca_flow_cfg_set_nr_counters");
	cfg->nr_counters = nr_counters;
	return DOCA_SUCCESS;
}

DOCA_STABLE doca_error_t doca_flow_cfg_set_nr_meters(struct doca_flow_cfg *cfg, uint32_t nr_meters)
{
	CFG_CHECK(cfg, "doca_flow_cfg_set_nr_meters");
	cfg->nr_meters = nr_meters;
	return DOCA_SUCCESS;
}

DOCA_STABLE doca_error_t doca_flow_cfg_set_nr_acl_collisions(struct doca_flow_cfg *cfg,
                                                             uint8_t nr_acl_collisions)
{
	CFG_CHECK(cfg, "doca_flow_cfg_set_nr_acl_collisions");
	if (nr_acl_collisions > 8) {
		DOCA_LOG_ERR("doca_flow_cfg_set_nr_acl_collisions: %u is out of range; use 0..8",
		             (unsigned int)nr_acl_collisions);
		return DOCA_ERROR_INVALID_VALUE;
	}
	return DOCA_SUCCESS;
}

DOCA_STABLE doca_error_t doca_flow_cfg_set_mode_args(struct doca_flow_cfg *cfg,
                                                     const char *mode_args)
{
	CFG_CHECK(cfg, "doca_flow_cfg_set_mode_args");
	if (mode_args == NULL || strlen(mode_args) >= sizeof(cfg->mode_args)) {
		DOCA_LOG_ERR("doca_flow_cfg_set_mode_args: mode_args is NULL or longer than %zu "
		             "bytes; pass e.g. \"vnf,hws\" or \"switch,hws\"",
		             sizeof(cfg->mode_args) - 1);
		return DOCA_ERROR_INVALID_VALUE;
	}
	if (strncmp(mode_args, "vnf", 3) != 0 && strncmp(mode_args, "switch", 6) != 0) {
		DOCA_LOG_ERR("doca_flow_cfg_set_mode_args: \"%s\" does not start with a mode; "
		             "start with \"vnf\" or \"switch\" (e.g. \"switch,hws\")",
		             mode_args);
		return DOCA_ERROR_INVALID_VALUE;
	}
	strcpy(cfg->mode_args, mode_args);
	cfg->has_mode = true;
	return DOCA_SUCCESS;
}

DOCA_STABLE doca_error_t
doca_flow_cfg_set_nr_shared_resource(struct doca_flow_cfg *cfg, uint32_t nr_shared_resource,
                                     enum doca_flow_shared_resource_type type)
{
	CFG_CHECK(cfg, "doca_flow_cfg_set_nr_shared_resource");
	if ((unsigned int)type > DOCA_FLOW_SHARED_RESOURCE_IPSEC_SA ||
	    nr_shared_resource > (1u << 20)) {
		DOCA_LOG_ERR("doca_flow_cfg_set_nr_shared_resource: type %d / count %u out of "
		             "range; use a doca_flow_shared_resource_type and at most %u",
		             (int)type, nr_shared_resource, 1u << 20);
		return DOCA_ERROR_INVALID_VALUE;
	}
	cfg->nr_shared[type] = nr_shared_resource;
	return DOCA_SUCCESS;
}

DOCA_STABLE doca_error_t doca_flow_cfg_set_queue_depth(struct doca_flow_cfg *cfg,
                                                       uint32_t queue_depth)
{
	CFG_CHECK(cfg, "doca_flow_cfg_set_queue_depth");
	if (queue_depth == 0 || queue_depth > 65536) {
		DOCA_LOG_ERR("doca_flow_cfg_set_queue_depth: %u is out of range; use 1..65536",
		             queue_depth);
		return DOCA_ERROR_INVALID_VALUE;
	}
	cfg->queue_depth = queue_depth;
	return DOCA_SUCCESS;
}

DOCA_STABLE doca_error_t doca_flow_cfg_set_cb_pipe_process(struct doca_flow_cfg *cfg,
                                                           doca_flow_pipe_process_cb cb)
{
	CFG_CHECK(cfg, "doca_flow_cfg_set_cb_pipe_process");
	cfg->pipe_cb = cb;
	return DOCA_SUCCESS;
}

DOCA_STABLE doca_error_t doca_flow_cfg_set_cb_entry_process(struct doca_flow_cfg *cfg,
                                                            doca_flow_entry_process_cb cb)
{
	CFG_CHECK(cfg, "doca_flow_cfg_set_cb_entry_process");
	cfg->entry_cb = cb;
	return DOCA_SUCCESS;
}

DOCA_STABLE doca_error_t doca_flow_cfg_set_cb_shared_resource_unbind(
        struct doca_flow_cfg *cfg, doca_flow_shared_resource_unbind_cb cb)
{
	CFG_CHECK(cfg, "doca_flow_cfg_set_cb_shared_resource_unbind");
	cfg->unbind_cb = cb;
	return DOCA_SUCCESS;
}

DOCA_STABLE doca_error_t doca_flow_cfg_set_rss_key(struct doca_flow_cfg *cfg,
                                                   const uint8_t *rss_key, uint32_t rss_key_len)
{
	CFG_CHECK(cfg, "doca_flow_cfg_set_rss_key");
	if (rss_key == NULL || rss_key_len == 0 || rss_key_len > sizeof(cfg->rss_key)) {
		DOCA_LOG_ERR("doca_flow_cfg_set_rss_key: key NULL or length %u out of range; "
		             "pass 1..%zu bytes",
		             rss_key_len, sizeof(cfg->rss_key));
		return DOCA_ERROR_INVALID_VALUE;
	}
	memcpy(cfg->rss_key, rss_key, rss_key_len);
	cfg->rss_key_len = rss_key_len;
	return DOCA_SUCCESS;
}

DOCA_STABLE doca_error_t doca_flow_cfg_set_default_rss(struct doca_flow_cfg *cfg,
                                                       const struct doca_flow_resource_rss_cfg *rss)
{
	doca_error_t r;

	CFG_CHECK(cfg, "doca_flow_cfg_set_default_rss");
	if (rss == NULL) {
		DOCA_LOG_ERR("doca_flow_cfg_set_default_rss: rss is NULL; pass an RSS config");
		return DOCA_ERROR_INVALID_VALUE;
	}
	r = sdpa_rss_compile(rss, "doca_flow_cfg_set_default_rss", &cfg->default_rss);
	if (r == DOCA_SUCCESS)
		cfg->has_default_rss = true;
	return r;
}

DOCA_STABLE doca_error_t doca_flow_cfg_set_resource_mode(struct doca_flow_cfg *cfg,
                                                         const enum doca_flow_resource_mode mode)
{
	CFG_CHECK(cfg, "doca_flow_cfg_set_resource_mode");
	if ((unsigned int)mode > DOCA_FLOW_RESOURCE_MODE_PORT) {
		DOCA_LOG_ERR("doca_flow_cfg_set_resource_mode: unknown mode %d; use SYSTEM or "
		             "PORT",
		             (int)mode);
		return DOCA_ERROR_INVALID_VALUE;
	}
	cfg->res_mode = mode;
	return DOCA_SUCCESS;
}

/* The definitions (fields after struct doca_flow_match / doca_flow_actions) DOCA Flow
 * uses from doca_flow_init on: doca_flow_init copies them (flow_custom_header.c). */
DOCA_EXPERIMENTAL doca_error_t
doca_flow_cfg_set_definitions(struct doca_flow_cfg *cfg, const struct doca_flow_definitions *defs)
{
	CFG_CHECK(cfg, "doca_flow_cfg_set_definitions");
	if (defs == NULL) {
		DOCA_LOG_ERR("doca_flow_cfg_set_definitions: defs is NULL; pass a definitions "
		             "object, or do not call it");
		return DOCA_ERROR_INVALID_VALUE;
	}
	cfg->defs = defs;
	return DOCA_SUCCESS;
}

/* DOCA Flow Tune: softdpa has no tune server, so a profile changes nothing; the calls
 * check their arguments and keep the profile. */
struct doca_flow_tune_cfg {
	enum doca_flow_tune_profile profile;
};

DOCA_EXPERIMENTAL doca_error_t doca_flow_tune_cfg_create(struct doca_flow_tune_cfg **tune_cfg)
{
	if (tune_cfg == NULL) {
		DOCA_LOG_ERR("doca_flow_tune_cfg_create: tune_cfg is NULL; pass where to store "
		             "the configuration");
		return DOCA_ERROR_INVALID_VALUE;
	}
	*tune_cfg = calloc(1, sizeof(**tune_cfg));
	if (*tune_cfg == NULL) {
		DOCA_LOG_ERR("doca_flow_tune_cfg_create: out of memory; free memory");
		return DOCA_ERROR_NO_MEMORY;
	}
	if (!sdpa_handle_add(*tune_cfg, SDPA_H_FLOW_TUNE_CFG)) {
		free(*tune_cfg);
		*tune_cfg = NULL;
		return DOCA_ERROR_NO_MEMORY; /* sdpa_handle_add logged the cause */
	}
	return DOCA_SUCCESS;
}

DOCA_EXPERIMENTAL doca_error_t doca_flow_tune_cfg_destroy(struct doca_flow_tune_cfg *tune_cfg)
{
	if (!obj_ok(tune_cfg, SDPA_H_FLOW_TUNE_CFG, "doca_flow_tune_cfg_destroy", "tune_cfg",
	            "doca_flow_tune_cfg_create"))
		return DOCA_ERROR_INVALID_VALUE;
	sdpa_handle_retire(tune_cfg, free);
	return DOCA_SUCCESS;
}

DOCA_EXPERIMENTAL doca_error_t doca_flow_tune_cfg_set_profile(struct doca_flow_tune_cfg *tune_cfg,
                                                              enum doca_flow_tune_profile profile)
{
	if (!obj_ok(tune_cfg, SDPA_H_FLOW_TUNE_CFG, "doca_flow_tune_cfg_set_profile", "tune_cfg",
	            "doca_flow_tune_cfg_create"))
		return DOCA_ERROR_INVALID_VALUE;
	if (profile != DOCA_FLOW_TUNE_PROFILE_NONE && profile != DOCA_FLOW_TUNE_PROFILE_PIPELINE &&
	    profile != DOCA_FLOW_TUNE_PROFILE_FULL) {
		DOCA_LOG_ERR("doca_flow_tune_cfg_set_profile: unknown profile %d; pass NONE, "
		             "PIPELINE or FULL",
		             (int)profile);
		return DOCA_ERROR_INVALID_VALUE;
	}
	tune_cfg->profile = profile;
	return DOCA_SUCCESS;
}

DOCA_EXPERIMENTAL doca_error_t doca_flow_cfg_set_tune_cfg(struct doca_flow_cfg *cfg,
                                                          struct doca_flow_tune_cfg *tune_cfg)
{
	CFG_CHECK(cfg, "doca_flow_cfg_set_tune_cfg");
	if (!obj_ok(tune_cfg, SDPA_H_FLOW_TUNE_CFG, "doca_flow_cfg_set_tune_cfg", "tune_cfg",
	            "doca_flow_tune_cfg_create"))
		return DOCA_ERROR_INVALID_VALUE;
	/* NONE asks for nothing; the other profiles ask the Flow Tune server for an analysis
	 * that no emulated NIC can give: refuse rather than accept a setting with no effect. */
	if (tune_cfg->profile != DOCA_FLOW_TUNE_PROFILE_NONE) {
		DOCA_LOG_ERR(
		        "doca_flow_cfg_set_tune_cfg: the %s profile is not supported by softdpa "
		        "(Flow Tune is not emulated); use DOCA_FLOW_TUNE_PROFILE_NONE",
		        tune_cfg->profile == DOCA_FLOW_TUNE_PROFILE_FULL ? "FULL" : "PIPELINE");
		return DOCA_ERROR_NOT_SUPPORTED;
	}
	return DOCA_SUCCESS;
}

static void shared_rss_free(void)
{
	for (uint32_t i = 0;
	     flow_g.shared_rss && i < flow_g.nr_shared[DOCA_FLOW_SHARED_RESOURCE_RSS]; i++)
		free(sdpa_load_relaxed(&flow_g.shared_rss[i]));
	free(flow_g.shared_rss);
}

DOCA_STABLE doca_error_t doca_flow_init(struct doca_flow_cfg *cfg)
{
	doca_error_t r;
	uint32_t nw;

	sdpa_stats_maybe_start(); /* SOFTDPA_STATS: serve dumps from the first use */
	CFG_CHECK(cfg, "doca_flow_init");
	if (!cfg->has_mode) {
		DOCA_LOG_ERR("doca_flow_init: no mode; call doca_flow_cfg_set_mode_args(cfg, "
		             "\"vnf,hws\") or \"switch,hws\" first");
		return DOCA_ERROR_INVALID_VALUE;
	}
	pthread_mutex_lock(&flow_g.lock);
	if (flow_g.inited) {
		pthread_mutex_unlock(&flow_g.lock);
		DOCA_LOG_ERR("doca_flow_init: DOCA Flow is already initialised; call "
		             "doca_flow_destroy first");
		return DOCA_ERROR_BAD_STATE;
	}
	flow_g.switch_mode = strncmp(cfg->mode_args, "switch", 6) == 0;
	flow_g.pipe_queues = cfg->pipe_queues;
	flow_g.queue_depth = cfg->queue_depth;
	flow_g.nr_counters = cfg->nr_counters;
	memcpy(flow_g.nr_shared, cfg->nr_shared, sizeof(flow_g.nr_shared));
	flow_g.res_mode = cfg->res_mode;
	flow_g.entry_cb = cfg->entry_cb;
	flow_g.pipe_cb = cfg->pipe_cb;
	flow_g.unbind_cb = cfg->unbind_cb;
	if (cfg->rss_key_len) {
		memcpy(flow_g.rss_key, cfg->rss_key, cfg->rss_key_len);
		flow_g.rss_key_len = cfg->rss_key_len;
	} else {
		memcpy(flow_g.rss_key, default_rss_key, sizeof(default_rss_key));
		flow_g.rss_key_len = sizeof(default_rss_key);
	}
	flow_g.default_rss = cfg->default_rss;
	flow_g.has_default_rss = cfg->has_default_rss;
	flow_g.shared_ctr = calloc((size_t)flow_g.nr_shared[DOCA_FLOW_SHARED_RESOURCE_COUNTER] + 1,
	                           sizeof(struct sdpa_ctr) * SDPA_FLOW_NW);
	flow_g.shared_rss = calloc((size_t)flow_g.nr_shared[DOCA_FLOW_SHARED_RESOURCE_RSS] + 1,
	                           sizeof(sdpa_atomic_ptr));
	if (flow_g.shared_ctr == NULL || flow_g.shared_rss == NULL) {
		r = DOCA_ERROR_NO_MEMORY;
		DOCA_LOG_ERR("doca_flow_init: out of memory for shared resources; lower "
		             "doca_flow_cfg_set_nr_shared_resource");
		goto err;
	}
	r = sdpa_defs_activate(cfg->defs);
	if (r != DOCA_SUCCESS)
		goto err;
	nw = sdpa_config_get()->nic_workers;
	if (nw > SDPA_FLOW_MAX_WORKERS)
		nw = SDPA_FLOW_MAX_WORKERS;
	flow_g.nworkers = nw;
	r = sdpa_dp_start(nw);
	if (r != DOCA_SUCCESS) {
		sdpa_defs_deactivate();
		goto err;
	}
	flow_g.inited = true;
	sdpa_ext_freeze_registration();
	pthread_mutex_unlock(&flow_g.lock);
	sdpa_flow_stats_register();
	DOCA_LOG_DBG("doca_flow_init: mode \"%s\", %u pipe queues of depth %u, %u NIC workers",
	             cfg->mode_args, cfg->pipe_queues, cfg->queue_depth, nw);
	return DOCA_SUCCESS;
err:
	free(flow_g.shared_ctr);
	shared_rss_free();
	sdpa_meter_global_free();
	sdpa_shared_tun_free_all();
	flow_g.shared_ctr = NULL;
	flow_g.shared_rss = NULL;
	pthread_mutex_unlock(&flow_g.lock);
	return r;
}

static void port_free(struct doca_flow_port *p);

DOCA_STABLE void doca_flow_destroy(void)
{
	sdpa_flow_stats_unregister(); /* before flow_g.lock: see flow_stats.c */
	pthread_mutex_lock(&flow_g.lock);
	if (!flow_g.inited) {
		pthread_mutex_unlock(&flow_g.lock);
		sdpa_ext_reset_registration();
		return;
	}
	/* Representors first, the switch port last, as applications do. */
	for (int i = SDPA_MAX_PORTS - 1; i >= 0; i--) {
		struct doca_flow_port *p = sdpa_load_relaxed(&flow_g.ports[i]);

		if (p == NULL)
			continue;
		/* R-port: pairs with A-port in flow_dp.c. */
		sdpa_store_release(&flow_g.ports[i], NULL);
		sdpa_nic_synchronize();
		port_free(p);
	}
	sdpa_dp_stop();
	sdpa_entry_registry_clear();
	sdpa_pipe_graveyard_free();
	free(flow_g.shared_ctr);
	shared_rss_free();
	sdpa_meter_global_free();
	flow_g.shared_ctr = NULL;
	flow_g.shared_rss = NULL;
	flow_g.inited = false;
	sdpa_defs_deactivate();
	pthread_mutex_unlock(&flow_g.lock);
	sdpa_ext_reset_registration();
}

/* ------------------------------------------------------------------ port cfg */

#define PCFG_CHECK(cfg, fn)                                                                        \
	do {                                                                                       \
		if (!obj_ok((cfg), SDPA_H_FLOW_PORT_CFG, fn, "cfg", "doca_flow_port_cfg_create"))  \
			return DOCA_ERROR_INVALID_VALUE;                                           \
	} while (0)

DOCA_STABLE doca_error_t doca_flow_port_cfg_create(struct doca_flow_port_cfg **cfg)
{
	if (cfg == NULL) {
		DOCA_LOG_ERR("doca_flow_port_cfg_create: cfg is NULL; pass the address of a "
		             "struct doca_flow_port_cfg pointer");
		return DOCA_ERROR_INVALID_VALUE;
	}
	*cfg = calloc(1, sizeof(**cfg));
	if (*cfg == NULL) {
		DOCA_LOG_ERR("doca_flow_port_cfg_create: out of memory; free memory and retry");
		return DOCA_ERROR_NO_MEMORY;
	}
	if (!sdpa_handle_add(*cfg, SDPA_H_FLOW_PORT_CFG)) {
		free(*cfg);
		*cfg = NULL;
		return DOCA_ERROR_NO_MEMORY; /* sdpa_handle_add logged the cause */
	}
	return DOCA_SUCCESS;
}

DOCA_STABLE doca_error_t doca_flow_port_cfg_destroy(struct doca_flow_port_cfg *cfg)
{
	PCFG_CHECK(cfg, "doca_flow_port_cfg_destroy");
	sdpa_handle_retire(cfg, free);
	return DOCA_SUCCESS;
}

DOCA_STABLE doca_error_t doca_flow_port_cfg_set_devargs(struct doca_flow_port_cfg *cfg,
                                                        const char *devargs)
{
	PCFG_CHECK(cfg, "doca_flow_port_cfg_set_devargs");
	if (devargs == NULL || strlen(devargs) >= sizeof(cfg->devargs)) {
		DOCA_LOG_ERR("doca_flow_port_cfg_set_devargs: devargs NULL or longer than %zu "
		             "bytes; pass a short string such as \"0\"",
		             sizeof(cfg->devargs) - 1);
		return DOCA_ERROR_INVALID_VALUE;
	}
	strcpy(cfg->devargs, devargs);
	return DOCA_SUCCESS;
}

DOCA_STABLE doca_error_t doca_flow_port_cfg_set_priv_data_size(struct doca_flow_port_cfg *cfg,
                                                               uint16_t priv_data_size)
{
	PCFG_CHECK(cfg, "doca_flow_port_cfg_set_priv_data_size");
	if (priv_data_size > 4096) {
		DOCA_LOG_ERR("doca_flow_port_cfg_set_priv_data_size: %u bytes is too large; use "
		             "at most 4096",
		             (unsigned int)priv_data_size);
		return DOCA_ERROR_INVALID_VALUE;
	}
	cfg->priv_size = priv_data_size;
	return DOCA_SUCCESS;
}

DOCA_STABLE doca_error_t doca_flow_port_cfg_set_dev(struct doca_flow_port_cfg *cfg,
                                                    struct doca_dev *dev)
{
	PCFG_CHECK(cfg, "doca_flow_port_cfg_set_dev");
	if (dev == NULL || sdpa_dev_id(dev) == SDPA_DEV_ID_INVALID) {
		DOCA_LOG_ERR("doca_flow_port_cfg_set_dev: dev is NULL or not an open device; "
		             "open one with doca_dev_open");
		return DOCA_ERROR_INVALID_VALUE;
	}
	cfg->dev = dev;
	return DOCA_SUCCESS;
}

DOCA_STABLE doca_error_t doca_flow_port_cfg_set_dev_rep(struct doca_flow_port_cfg *cfg,
                                                        struct doca_dev_rep *dev_rep)
{
	PCFG_CHECK(cfg, "doca_flow_port_cfg_set_dev_rep");
	if (dev_rep == NULL || sdpa_dev_rep_index(dev_rep) == UINT32_MAX) {
		DOCA_LOG_ERR("doca_flow_port_cfg_set_dev_rep: dev_rep is NULL or not an open "
		             "representor; open one with doca_dev_rep_open");
		return DOCA_ERROR_INVALID_VALUE;
	}
	cfg->dev_rep = dev_rep;
	return DOCA_SUCCESS;
}

DOCA_STABLE doca_error_t doca_flow_port_cfg_set_port_id(struct doca_flow_port_cfg *cfg,
                                                        uint16_t port_id)
{
	PCFG_CHECK(cfg, "doca_flow_port_cfg_set_port_id");
	if (port_id >= SDPA_MAX_PORTS) {
		DOCA_LOG_ERR("doca_flow_port_cfg_set_port_id: port id %u is out of range; use "
		             "0..%u",
		             (unsigned int)port_id, SDPA_MAX_PORTS - 1);
		return DOCA_ERROR_INVALID_VALUE;
	}
	cfg->port_id = port_id;
	cfg->has_port_id = true;
	return DOCA_SUCCESS;
}

DOCA_STABLE doca_error_t doca_flow_port_cfg_set_rss_cfg(
        struct doca_flow_port_cfg *cfg, const struct doca_flow_resource_rss_cfg *rss)
{
	doca_error_t r;

	PCFG_CHECK(cfg, "doca_flow_port_cfg_set_rss_cfg");
	if (rss == NULL) {
		DOCA_LOG_ERR("doca_flow_port_cfg_set_rss_cfg: rss is NULL; pass an RSS config");
		return DOCA_ERROR_INVALID_VALUE;
	}
	r = sdpa_rss_compile(rss, "doca_flow_port_cfg_set_rss_cfg", &cfg->rss);
	if (r == DOCA_SUCCESS)
		cfg->has_rss = true;
	return r;
}

DOCA_STABLE doca_error_t
doca_flow_port_cfg_set_ipsec_sn_offload_disable(struct doca_flow_port_cfg *cfg)
{
	PCFG_CHECK(cfg, "doca_flow_port_cfg_set_ipsec_sn_offload_disable");
	return DOCA_SUCCESS;
}

DOCA_STABLE doca_error_t doca_flow_port_cfg_set_operation_state(
        struct doca_flow_port_cfg *cfg, enum doca_flow_port_operation_state state)
{
	PCFG_CHECK(cfg, "doca_flow_port_cfg_set_operation_state");
	if ((unsigned int)state > DOCA_FLOW_PORT_OPERATION_STATE_UNCONNECTED) {
		DOCA_LOG_ERR("doca_flow_port_cfg_set_operation_state: unknown state %d; use a "
		             "doca_flow_port_operation_state value",
		             (int)state);
		return DOCA_ERROR_INVALID_VALUE;
	}
	cfg->op_state = state;
	return DOCA_SUCCESS;
}

DOCA_STABLE doca_error_t doca_flow_port_cfg_set_actions_mem_size(struct doca_flow_port_cfg *cfg,
                                                                 uint32_t size)
{
	PCFG_CHECK(cfg, "doca_flow_port_cfg_set_actions_mem_size");
	if (size != 0 && (size < 64 || !sdpa_is_pow2(size))) {
		DOCA_LOG_ERR("doca_flow_port_cfg_set_actions_mem_size: %u is not a power of two "
		             ">= 64; use such a size or 0",
		             size);
		return DOCA_ERROR_INVALID_VALUE;
	}
	cfg->actions_mem = size;
	return DOCA_SUCCESS;
}

DOCA_STABLE doca_error_t doca_flow_port_cfg_set_service_threads_core(struct doca_flow_port_cfg *cfg,
                                                                     uint32_t core)
{
	(void)core;
	PCFG_CHECK(cfg, "doca_flow_port_cfg_set_service_threads_core");
	return DOCA_SUCCESS;
}

DOCA_STABLE doca_error_t
doca_flow_port_cfg_set_service_threads_cycle(struct doca_flow_port_cfg *cfg, uint32_t cycle_ms)
{
	PCFG_CHECK(cfg, "doca_flow_port_cfg_set_service_threads_cycle");
	if (cycle_ms == 0) {
		DOCA_LOG_ERR("doca_flow_port_cfg_set_service_threads_cycle: cycle 0 ms; use a "
		             "positive period (default 1000)");
		return DOCA_ERROR_INVALID_VALUE;
	}
	return DOCA_SUCCESS;
}

DOCA_STABLE doca_error_t doca_flow_port_cfg_set_nr_resources(struct doca_flow_port_cfg *cfg,
                                                             enum doca_flow_resource type,
                                                             uint32_t nr)
{
	PCFG_CHECK(cfg, "doca_flow_port_cfg_set_nr_resources");
	if ((unsigned int)type > DOCA_FLOW_RESOURCE_IPSEC_SA) {
		DOCA_LOG_ERR("doca_flow_port_cfg_set_nr_resources: unknown resource %d; use a "
		             "doca_flow_resource value",
		             (int)type);
		return DOCA_ERROR_INVALID_VALUE;
	}
	cfg->nr_res[type] = nr;
	return DOCA_SUCCESS;
}

/* ------------------------------------------------------------------ ports */

bool sdpa_flow_port_valid(const struct doca_flow_port *port)
{
	return sdpa_handle_live(port, SDPA_H_FLOW_PORT);
}

int sdpa_flow_port_id_of(const struct doca_flow_port *port)
{
	return sdpa_flow_port_valid(port) ? (int)port->port_id : -1;
}

static void port_free(struct doca_flow_port *p)
{
	while (p->pipes != NULL)
		sdpa_pipe_destroy_locked(p->pipes);
	sdpa_geneve_port_free(p);
	(void)sdpa_port_close(p->port_id);
	sdpa_rxq_free_all(p);
	sdpa_htx_free(p);
	sdpa_kernel_free(p);
	for (uint32_t q = 0; q < SDPA_FLOW_MAX_QUEUES; q++) {
		free(p->queues[q].ops);
		free(p->queues[q].late);
	}
	free(p->priv);
	/* Entries of the pipes just destroyed may still be read by the datapath. */
	sdpa_port_res_release(p->res);
	/* The struct stays in the handle quarantine: a stale pointer to it is refused, and no
	 * port started later takes its address (core/handles.h). */
	sdpa_handle_retire(p, free);
}

static bool devargs_port_id(const char *s, uint16_t *id)
{
	const char *p = strstr(s, "port_id=");
	char *end;
	unsigned long v;

	p = p ? p + 8 : s;
	if (*p < '0' || *p > '9')
		return false;
	errno = 0;
	v = strtoul(p, &end, 10);
	if (errno || (*end != '\0' && *end != ',') || v >= SDPA_MAX_PORTS)
		return false;
	*id = (uint16_t)v;
	return true;
}

DOCA_STABLE doca_error_t doca_flow_port_start(const struct doca_flow_port_cfg *cfg,
                                              struct doca_flow_port **port)
{
	struct doca_flow_port *p;
	uint16_t id = 0;
	doca_error_t r;

	if (!obj_ok(cfg, SDPA_H_FLOW_PORT_CFG, "doca_flow_port_start", "cfg",
	            "doca_flow_port_cfg_create"))
		return DOCA_ERROR_INVALID_VALUE;
	if (port == NULL) {
		DOCA_LOG_ERR("doca_flow_port_start: port is NULL; pass the address of a port "
		             "pointer");
		return DOCA_ERROR_INVALID_VALUE;
	}
	if (cfg->has_port_id)
		id = cfg->port_id;
	else if (cfg->dev_rep != NULL)
		id = (uint16_t)(sdpa_dev_rep_index(cfg->dev_rep) + 1);
	else if (cfg->dev != NULL)
		id = 0;
	else if (!devargs_port_id(cfg->devargs, &id)) {
		DOCA_LOG_ERR("doca_flow_port_start: the port has no id; call "
		             "doca_flow_port_cfg_set_port_id (or set_dev / set_dev_rep)");
		return DOCA_ERROR_INVALID_VALUE;
	}
	if (id >= SDPA_MAX_PORTS) {
		DOCA_LOG_ERR("doca_flow_port_start: port id %u is out of range; use 0..%u",
		             (unsigned int)id, SDPA_MAX_PORTS - 1);
		return DOCA_ERROR_INVALID_VALUE;
	}
	pthread_mutex_lock(&flow_g.lock);
	if (!flow_g.inited) {
		pthread_mutex_unlock(&flow_g.lock);
		DOCA_LOG_ERR("doca_flow_port_start: DOCA Flow is not initialised; call "
		             "doca_flow_init first");
		return DOCA_ERROR_BAD_STATE;
	}
	if (sdpa_load_relaxed(&flow_g.ports[id]) != NULL) {
		pthread_mutex_unlock(&flow_g.lock);
		DOCA_LOG_ERR("doca_flow_port_start: port %u is already started; stop it first "
		             "or use another port id",
		             (unsigned int)id);
		return DOCA_ERROR_ALREADY_EXIST;
	}
	p = calloc(1, sizeof(*p));
	if (p == NULL || (cfg->priv_size && (p->priv = calloc(1, cfg->priv_size)) == NULL)) {
		free(p);
		pthread_mutex_unlock(&flow_g.lock);
		DOCA_LOG_ERR("doca_flow_port_start: out of memory for port %u; free memory and "
		             "retry",
		             (unsigned int)id);
		return DOCA_ERROR_NO_MEMORY;
	}
	for (uint32_t q = 0; q < flow_g.pipe_queues; q++) {
		p->queues[q].ops = calloc(flow_g.queue_depth, sizeof(struct sdpa_qop));
		if (p->queues[q].ops == NULL) {
			for (uint32_t k = 0; k < q; k++)
				free(p->queues[k].ops);
			free(p->priv);
			free(p);
			pthread_mutex_unlock(&flow_g.lock);
			DOCA_LOG_ERR("doca_flow_port_start: out of memory for the entry queues of "
			             "port %u; lower the queue depth",
			             (unsigned int)id);
			return DOCA_ERROR_NO_MEMORY;
		}
	}
	p->port_id = id;
	p->dev = cfg->dev;
	p->dev_rep = cfg->dev_rep;
	p->is_rep = cfg->dev_rep != NULL;
	p->switch_mode = flow_g.switch_mode;
	p->sw_dev = SDPA_DEV_ID_INVALID;
	p->has_mac = !p->switch_mode && cfg->dev != NULL && cfg->dev_rep == NULL &&
	             doca_devinfo_get_mac_addr(doca_dev_as_devinfo(cfg->dev), p->mac,
	                                       sizeof(p->mac)) == DOCA_SUCCESS;
	if (cfg->dev_rep != NULL && sdpa_dev_rep_parent(cfg->dev_rep) != NULL)
		p->sw_dev = sdpa_dev_id(sdpa_dev_rep_parent(cfg->dev_rep));
	else if (cfg->dev != NULL)
		p->sw_dev = sdpa_dev_id(cfg->dev);
	sdpa_store_relaxed(&p->op_state, (uint32_t)cfg->op_state);
	sdpa_store_relaxed(&p->miss_type, (uint32_t)DOCA_FLOW_PORT_DEFAULT_MISS_DROP);
	if (cfg->has_rss)
		p->rss = cfg->rss;
	else if (flow_g.has_default_rss)
		p->rss = flow_g.default_rss;
	else
		p->rss.nr_queues = 1; /* queue 0 */
	memcpy(p->nr_res, cfg->nr_res, sizeof(p->nr_res));
	if (flow_g.res_mode == DOCA_FLOW_RESOURCE_MODE_PORT &&
	    (p->res = sdpa_port_res_create(p)) == NULL) {
		for (uint32_t q = 0; q < SDPA_FLOW_MAX_QUEUES; q++)
			free(p->queues[q].ops);
		free(p->priv);
		free(p);
		pthread_mutex_unlock(&flow_g.lock);
		return DOCA_ERROR_NO_MEMORY; /* sdpa_port_res_create logged the cause */
	}
	for (uint32_t i = 0; i < p->rss.nr_queues; i++) {
		if (sdpa_rxq_get(p, p->rss.queues[i]) == NULL) {
			sdpa_port_res_free(p->res);
			sdpa_rxq_free_all(p);
			for (uint32_t q = 0; q < SDPA_FLOW_MAX_QUEUES; q++)
				free(p->queues[q].ops);
			free(p->priv);
			free(p);
			pthread_mutex_unlock(&flow_g.lock);
			DOCA_LOG_ERR(
			        "doca_flow_port_start: out of memory for the software queues of "
			        "port %u; free memory and retry",
			        (unsigned int)id);
			return DOCA_ERROR_NO_MEMORY;
		}
	}
	r = sdpa_port_open(id);
	if (r == DOCA_SUCCESS && !sdpa_handle_add(p, SDPA_H_FLOW_PORT)) {
		(void)sdpa_port_close(id);
		r = DOCA_ERROR_NO_MEMORY; /* sdpa_handle_add logged the cause */
	}
	if (r != DOCA_SUCCESS) {
		sdpa_port_res_free(p->res);
		sdpa_rxq_free_all(p);
		for (uint32_t q = 0; q < SDPA_FLOW_MAX_QUEUES; q++)
			free(p->queues[q].ops);
		free(p->priv);
		free(p);
		pthread_mutex_unlock(&flow_g.lock);
		return r; /* sdpa_port_open logged the cause */
	}
	/* R-port: pairs with A-port in flow_dp.c (the worker sees a complete port). */
	sdpa_store_release(&flow_g.ports[id], p);
	pthread_mutex_unlock(&flow_g.lock);
	*port = p;
	return DOCA_SUCCESS;
}

DOCA_STABLE doca_error_t doca_flow_port_stop(struct doca_flow_port *port)
{
	pthread_mutex_lock(&flow_g.lock);
	if (!sdpa_flow_port_valid(port)) {
		pthread_mutex_unlock(&flow_g.lock);
		DOCA_LOG_ERR(
		        "doca_flow_port_stop: %s; pass a port from doca_flow_port_start "
		        "(each port is stopped once)",
		        sdpa_handle_destroyed(port, SDPA_H_FLOW_PORT)
		                ? "the port was stopped already (stopped twice, or a stale pointer)"
		                : "not a started port");
		return DOCA_ERROR_INVALID_VALUE;
	}
	if (port->switch_mode && !port->is_rep) {
		for (uint32_t i = 0; i < SDPA_MAX_PORTS; i++) {
			struct doca_flow_port *o = sdpa_load_relaxed(&flow_g.ports[i]);

			if (o != NULL && o != port && o->is_rep && sdpa_flow_switch_of(o) == port) {
				pthread_mutex_unlock(&flow_g.lock);
				DOCA_LOG_ERR("doca_flow_port_stop: switch port %u still has "
				             "representor port %u started; stop the "
				             "representors first",
				             (unsigned int)port->port_id, i);
				return DOCA_ERROR_IN_USE;
			}
		}
	}
	sdpa_store_release(&flow_g.ports[port->port_id], NULL); /* R-port: pairs with A-port */
	sdpa_nic_synchronize();
	port_free(port);
	pthread_mutex_unlock(&flow_g.lock);
	return DOCA_SUCCESS;
}

DOCA_STABLE doca_error_t doca_flow_port_pair(struct doca_flow_port *port,
                                             struct doca_flow_port *pair_port)
{
	pthread_mutex_lock(&flow_g.lock);
	if (!sdpa_flow_port_valid(port) || !sdpa_flow_port_valid(pair_port) || port == pair_port) {
		pthread_mutex_unlock(&flow_g.lock);
		DOCA_LOG_ERR("doca_flow_port_pair: both arguments must be two different started "
		             "ports");
		return DOCA_ERROR_INVALID_VALUE;
	}
	port->pair = pair_port;
	pair_port->pair = port;
	pthread_mutex_unlock(&flow_g.lock);
	return DOCA_SUCCESS;
}

DOCA_STABLE uint8_t *doca_flow_port_priv_data(struct doca_flow_port *port)
{
	if (!sdpa_flow_port_valid(port)) {
		DOCA_LOG_ERR("doca_flow_port_priv_data: not a started port; pass a port from "
		             "doca_flow_port_start");
		return NULL;
	}
	return port->priv;
}

struct doca_flow_port *sdpa_flow_switch_of(const struct doca_flow_port *port)
{
	struct doca_flow_port *first = NULL;

	if (port == NULL || !port->switch_mode)
		return NULL;
	if (!port->is_rep)
		return (struct doca_flow_port *)port;
	for (uint32_t i = 0; i < SDPA_MAX_PORTS; i++) {
		/* A-port: pairs with R-port in doca_flow_port_start */
		struct doca_flow_port *o = sdpa_load_acquire(&flow_g.ports[i]);

		if (o == NULL || o->is_rep)
			continue;
		if (port->sw_dev != SDPA_DEV_ID_INVALID && o->sw_dev == port->sw_dev)
			return o;
		if (first == NULL)
			first = o;
	}
	return first;
}

DOCA_STABLE struct doca_flow_port *doca_flow_port_switch_get(const struct doca_flow_port *port)
{
	struct doca_flow_port *found = NULL;

	pthread_mutex_lock(&flow_g.lock);
	if (port != NULL && !sdpa_flow_port_valid(port)) {
		pthread_mutex_unlock(&flow_g.lock);
		DOCA_LOG_ERR("doca_flow_port_switch_get: not a started port; pass a started port "
		             "or NULL");
		return NULL;
	}
	if (flow_g.switch_mode) {
		if (port != NULL) {
			found = sdpa_flow_switch_of(port);
		} else {
			for (uint32_t i = 0; i < SDPA_MAX_PORTS && found == NULL; i++) {
				struct doca_flow_port *o = sdpa_load_relaxed(&flow_g.ports[i]);

				if (o != NULL && !o->is_rep)
					found = o;
			}
		}
	}
	pthread_mutex_unlock(&flow_g.lock);
	if (found == NULL)
		DOCA_LOG_WARN("doca_flow_port_switch_get: no switch port; initialise with "
		              "mode \"switch\" and start the PF port (set_dev) first");
	return found;
}

DOCA_STABLE void doca_flow_port_pipes_flush(struct doca_flow_port *port)
{
	pthread_mutex_lock(&flow_g.lock);
	if (!sdpa_flow_port_valid(port)) {
		pthread_mutex_unlock(&flow_g.lock);
		DOCA_LOG_ERR("doca_flow_port_pipes_flush: not a started port; pass a port from "
		             "doca_flow_port_start");
		return;
	}
	while (port->pipes != NULL)
		sdpa_pipe_destroy_locked(port->pipes);
	pthread_mutex_unlock(&flow_g.lock);
}

DOCA_STABLE doca_error_t doca_flow_port_operation_state_modify(
        struct doca_flow_port *port, enum doca_flow_port_operation_state state)
{
	if (!sdpa_flow_port_valid(port) ||
	    (unsigned int)state > DOCA_FLOW_PORT_OPERATION_STATE_UNCONNECTED) {
		DOCA_LOG_ERR("doca_flow_port_operation_state_modify: %s; pass a started port and "
		             "a doca_flow_port_operation_state value",
		             sdpa_flow_port_valid(port) ? "unknown state" : "not a started port");
		return DOCA_ERROR_INVALID_VALUE;
	}
	if (sdpa_load_relaxed(&port->op_state) == (uint32_t)state) {
		DOCA_LOG_ERR("doca_flow_port_operation_state_modify: port %u is already in state "
		             "%d; nothing to change",
		             (unsigned int)port->port_id, (int)state);
		return DOCA_ERROR_ALREADY_EXIST;
	}
	sdpa_store_relaxed(&port->op_state, (uint32_t)state);
	return DOCA_SUCCESS;
}

DOCA_EXPERIMENTAL doca_error_t doca_flow_port_update_default_miss(
        struct doca_flow_port *port, enum doca_flow_port_default_miss_type type, bool counter_en)
{
	if (!sdpa_flow_port_valid(port) || (unsigned int)type > DOCA_FLOW_PORT_DEFAULT_MISS_DROP) {
		DOCA_LOG_ERR("doca_flow_port_update_default_miss: %s; pass a started port and "
		             "KERNEL, RSS or DROP",
		             sdpa_flow_port_valid(port) ? "unknown miss type"
		                                        : "not a started port");
		return DOCA_ERROR_INVALID_VALUE;
	}
	if (type == DOCA_FLOW_PORT_DEFAULT_MISS_KERNEL) {
		/* The port's kernel delivery (a TAP device, else a capture) exists before the
		 * first miss can reach it, as for a forward to the kernel target. */
		doca_error_t r;

		pthread_mutex_lock(&flow_g.lock);
		r = sdpa_kernel_setup(port, "doca_flow_port_update_default_miss");
		pthread_mutex_unlock(&flow_g.lock);
		if (r != DOCA_SUCCESS)
			return r;
	}
	sdpa_store_relaxed(&port->miss_ctr_en, counter_en ? 1u : 0u);
	/* R-dmiss pairs with A-dmiss in default_miss: the kernel side is whole */
	sdpa_store_release(&port->miss_type, (uint32_t)type);
	return DOCA_SUCCESS;
}

DOCA_EXPERIMENTAL doca_error_t doca_flow_port_query_default_miss(
        struct doca_flow_port *port, struct doca_flow_resource_query *data)
{
	if (!sdpa_flow_port_valid(port) || data == NULL) {
		DOCA_LOG_ERR("doca_flow_port_query_default_miss: %s is invalid; pass a started "
		             "port and an output struct",
		             data == NULL ? "data" : "port");
		return DOCA_ERROR_INVALID_VALUE;
	}
	if (!sdpa_load_relaxed(&port->miss_ctr_en)) {
		DOCA_LOG_ERR("doca_flow_port_query_default_miss: port %u has no default-miss "
		             "counter; call doca_flow_port_update_default_miss(..., true) first",
		             (unsigned int)port->port_id);
		return DOCA_ERROR_BAD_STATE;
	}
	sdpa_ctr_sum(port->miss_ctr, SDPA_FLOW_NW, data);
	return DOCA_SUCCESS;
}

/* ------------------------------------------------------------------ shared resources */

DOCA_STABLE doca_error_t doca_flow_shared_resources_query(
        enum doca_flow_shared_resource_type type, uint32_t *res_array,
        struct doca_flow_resource_query *query_results_array, uint32_t array_len)
{
	doca_error_t r = DOCA_SUCCESS;

	if (res_array == NULL || query_results_array == NULL || array_len == 0) {
		DOCA_LOG_ERR("doca_flow_shared_resources_query: NULL arrays or length 0; pass ids "
		             "and a result array of array_len elements");
		return DOCA_ERROR_INVALID_VALUE;
	}
	if (type != DOCA_FLOW_SHARED_RESOURCE_COUNTER) {
		DOCA_LOG_ERR("doca_flow_shared_resources_query: %s resources have no counters; "
		             "query COUNTER resources",
		             sdpa_shared_type_name(type));
		return DOCA_ERROR_NOT_SUPPORTED;
	}
	pthread_mutex_lock(&flow_g.lock);
	if (!flow_g.inited) {
		r = DOCA_ERROR_BAD_STATE;
		DOCA_LOG_ERR("doca_flow_shared_resources_query: DOCA Flow is not initialised; "
		             "call doca_flow_init first");
	}
	for (uint32_t i = 0; r == DOCA_SUCCESS && i < array_len; i++) {
		if (res_array[i] >= flow_g.nr_shared[DOCA_FLOW_SHARED_RESOURCE_COUNTER]) {
			DOCA_LOG_ERR("doca_flow_shared_resources_query: shared counter %u out of "
			             "range (%u configured); raise "
			             "doca_flow_cfg_set_nr_shared_resource(COUNTER)",
			             res_array[i],
			             flow_g.nr_shared[DOCA_FLOW_SHARED_RESOURCE_COUNTER]);
			r = DOCA_ERROR_INVALID_VALUE;
			break;
		}
		sdpa_ctr_sum(&flow_g.shared_ctr[(size_t)res_array[i] * SDPA_FLOW_NW], SDPA_FLOW_NW,
		             &query_results_array[i]);
	}
	pthread_mutex_unlock(&flow_g.lock);
	return r;
}

DOCA_STABLE doca_error_t
doca_flow_shared_resource_set_cfg(enum doca_flow_shared_resource_type type, uint32_t id,
                                  struct doca_flow_shared_resource_cfg *cfg)
{
	doca_error_t r = DOCA_SUCCESS;

	pthread_mutex_lock(&flow_g.lock);
	if (!flow_g.inited) {
		pthread_mutex_unlock(&flow_g.lock);
		DOCA_LOG_ERR("doca_flow_shared_resource_set_cfg: DOCA Flow is not initialised; "
		             "call doca_flow_init first");
		return DOCA_ERROR_BAD_STATE;
	}
	if ((unsigned int)type > DOCA_FLOW_SHARED_RESOURCE_IPSEC_SA ||
	    id >= flow_g.nr_shared[type]) {
		pthread_mutex_unlock(&flow_g.lock);
		DOCA_LOG_ERR("doca_flow_shared_resource_set_cfg: %s id %u out of range; raise "
		             "doca_flow_cfg_set_nr_shared_resource",
		             sdpa_shared_type_name(type), id);
		return DOCA_ERROR_INVALID_VALUE;
	}
	switch (type) {
	case DOCA_FLOW_SHARED_RESOURCE_COUNTER:
		break;
	case DOCA_FLOW_SHARED_RESOURCE_RSS:
		if (cfg == NULL) {
			r = DOCA_ERROR_INVALID_VALUE;
			DOCA_LOG_ERR("doca_flow_shared_resource_set_cfg: RSS %u needs a cfg; pass "
			             "rss_cfg",
			             id);
			break;
		}
		{
			struct sdpa_rss *n = malloc(sizeof(*n)), *old;

			if (n == NULL) {
				r = DOCA_ERROR_NO_MEMORY;
				DOCA_LOG_ERR(
				        "doca_flow_shared_resource_set_cfg: out of memory; free "
				        "memory and retry");
				break;
			}
			r = sdpa_rss_compile(&cfg->rss_cfg, "doca_flow_shared_resource_set_cfg", n);
			if (r != DOCA_SUCCESS) {
				free(n);
				break;
			}
			old = sdpa_load_relaxed(&flow_g.shared_rss[id]);
			/* R-srss: pairs with A-srss in flow_dp.c. */
			sdpa_store_release(&flow_g.shared_rss[id], n);
			if (old != NULL)
				sdpa_nic_defer(free, old);
		}
		break;
	case DOCA_FLOW_SHARED_RESOURCE_METER:
		r = sdpa_meter_global_set(id, cfg ? &cfg->meter_cfg : NULL,
		                          "doca_flow_shared_resource_set_cfg");
		break;
	case DOCA_FLOW_SHARED_RESOURCE_ENCAP:
	case DOCA_FLOW_SHARED_RESOURCE_DECAP:
		r = sdpa_shared_tun_cfg(NULL, type, id, cfg, "doca_flow_shared_resource_set_cfg");
		break;
	default:
		r = DOCA_ERROR_NOT_SUPPORTED;
		DOCA_LOG_ERR("doca_flow_shared_resource_set_cfg: shared %s resources (cfg->%s) are "
		             "not supported by softdpa; use COUNTER, RSS, METER, ENCAP or DECAP",
		             sdpa_shared_type_name(type), sdpa_shared_cfg_member(type));
		break;
	}
	pthread_mutex_unlock(&flow_g.lock);
	return r;
}

DOCA_STABLE doca_error_t doca_flow_shared_resources_bind(enum doca_flow_shared_resource_type type,
                                                         uint32_t *res_array, uint32_t array_len,
                                                         void *bindable_obj)
{
	(void)bindable_obj;
	if (res_array == NULL || array_len == 0) {
		DOCA_LOG_ERR("doca_flow_shared_resources_bind: res_array NULL or empty; pass the "
		             "ids to bind");
		return DOCA_ERROR_INVALID_VALUE;
	}
	if ((unsigned int)type > DOCA_FLOW_SHARED_RESOURCE_IPSEC_SA) {
		DOCA_LOG_ERR("doca_flow_shared_resources_bind: unknown type %d; use a "
		             "doca_flow_shared_resource_type",
		             (int)type);
		return DOCA_ERROR_INVALID_VALUE;
	}
	for (uint32_t i = 0; i < array_len; i++) {
		if (res_array[i] >= flow_g.nr_shared[type]) {
			DOCA_LOG_ERR("doca_flow_shared_resources_bind: %s id %u out of range; "
			             "raise doca_flow_cfg_set_nr_shared_resource",
			             sdpa_shared_type_name(type), res_array[i]);
			return DOCA_ERROR_INVALID_VALUE;
		}
	}
	return DOCA_SUCCESS;
}

/* ------------------------------------------------------------------ software queues */

/* Any thread (control plane, or a worker on first use of a queue): creators race with a
 * CAS, the loser frees its copy. */
struct sdpa_rxq *sdpa_rxq_get(struct doca_flow_port *port, uint16_t queue)
{
	void *expected = NULL;
	struct sdpa_rxq *q;

	if (queue >= SDPA_FLOW_RSS_QUEUES)
		return NULL;
	q = sdpa_load_acquire(&port->rxq[queue]); /* A-rxq: pairs with R-rxq */
	if (q != NULL)
		return q;
	q = calloc(1, sizeof(*q));
	if (q == NULL)
		return NULL;
	pthread_mutex_init(&q->mtx, NULL);
	pthread_mutex_init(&q->prod_mtx, NULL);
	/* R-rxq: pairs with A-rxq here and in flow_dp.c (the queue is initialised). */
	if (!sdpa_cas_acq_rel(&port->rxq[queue], &expected, q)) {
		pthread_mutex_destroy(&q->mtx);
		pthread_mutex_destroy(&q->prod_mtx);
		free(q);
		return expected;
	}
	return q;
}

void sdpa_rxq_free_all(struct doca_flow_port *port)
{
	for (uint32_t i = 0; i < SDPA_FLOW_RSS_QUEUES; i++) {
		struct sdpa_rxq *q = sdpa_load_relaxed(&port->rxq[i]);

		if (q == NULL)
			continue;
		sdpa_store_relaxed(&port->rxq[i], NULL);
		pthread_mutex_destroy(&q->prod_mtx);
		for (uint32_t s = 0; s < SDPA_FLOW_RXQ_SIZE; s++)
			free(q->slots[s].buf);
		pthread_mutex_destroy(&q->mtx);
		free(q);
	}
}

/* ------------------------------------------------------------------ MPLS */

enum {
	MPLS_LABEL_MAX = 0xfffff,
	MPLS_TC_MAX = 7,
	MPLS_LABEL_SHIFT = 12,
	MPLS_TC_SHIFT = 9,
	MPLS_BOS_SHIFT = 8,
};

DOCA_EXPERIMENTAL doca_error_t doca_flow_mpls_label_encode(uint32_t label, uint8_t traffic_class,
                                                           uint8_t ttl, bool bottom_of_stack,
                                                           struct doca_flow_header_mpls *mpls)
{
	uint32_t w;

	if (mpls == NULL || label > MPLS_LABEL_MAX || traffic_class > MPLS_TC_MAX) {
		DOCA_LOG_ERR("doca_flow_mpls_label_encode: %s; pass a label <= 0xfffff, a traffic "
		             "class <= 7 and an output header",
		             mpls == NULL             ? "mpls is NULL"
		             : label > MPLS_LABEL_MAX ? "label is wider than 20 bits"
		                                      : "traffic class is wider than 3 bits");
		return DOCA_ERROR_INVALID_VALUE;
	}
	w = label << MPLS_LABEL_SHIFT | (uint32_t)traffic_class << MPLS_TC_SHIFT |
	    (uint32_t)bottom_of_stack << MPLS_BOS_SHIFT | ttl;
	sdpa_put_be32((uint8_t *)&mpls->label, w);
	return DOCA_SUCCESS;
}

DOCA_EXPERIMENTAL doca_error_t doca_flow_mpls_label_decode(const struct doca_flow_header_mpls *mpls,
                                                           uint32_t *label, uint8_t *traffic_class,
                                                           uint8_t *ttl, bool *bottom_of_stack)
{
	uint32_t w;

	if (mpls == NULL || label == NULL || traffic_class == NULL || ttl == NULL ||
	    bottom_of_stack == NULL) {
		DOCA_LOG_ERR("doca_flow_mpls_label_decode: %s is NULL; pass the header and four "
		             "outputs",
		             mpls == NULL            ? "mpls"
		             : label == NULL         ? "label"
		             : traffic_class == NULL ? "traffic_class"
		             : ttl == NULL           ? "ttl"
		                                     : "bottom_of_stack");
		return DOCA_ERROR_INVALID_VALUE;
	}
	w = sdpa_be32((const uint8_t *)&mpls->label);
	*label = w >> MPLS_LABEL_SHIFT;
	*traffic_class = (uint8_t)(w >> MPLS_TC_SHIFT & MPLS_TC_MAX);
	*bottom_of_stack = (w >> MPLS_BOS_SHIFT & 1) != 0;
	*ttl = (uint8_t)w;
	return DOCA_SUCCESS;
}
