/* SPDX-License-Identifier: BSD-3-Clause
 * DOCA Flow shared resources scoped to a port (PORT resource mode), and the resolution of
 * the shared ids that pipes and entries name (global pools in SYSTEM mode, the port's in
 * PORT mode).
 *
 * A port's pool of a type holds ids 0..N-1, N = doca_flow_port_cfg_set_nr_resources (at
 * most SDPA_PORT_RES_MAX). All pool state is control plane (flow_g.lock). The datapath
 * sees only what entries and forwards resolved: counter blocks (allocated at the first
 * get of an id and kept until the port stops, so a stale entry never writes freed
 * memory) and RSS slots (read with acquire; NULL after a put).
 */
#include <stdlib.h>
#include <string.h>

#include "core/log.h"
#include "core/util.h"
#include "nic/flow_priv.h"
#include "nic/nic.h"

SDPA_LOG_REGISTER(nic_flow_shared);

enum {
	SDPA_SHARED_TYPES = DOCA_FLOW_SHARED_RESOURCE_IPSEC_SA + 1,
	SDPA_PORT_RES_MAX = 1 << 20, /* ids per type and port */
};

struct sdpa_port_pool {
	uint32_t nr;    /* ids 0..nr-1 */
	uint32_t held;  /* ids taken with get */
	uint64_t *bits; /* bit i: id i is held */
};

struct sdpa_port_res {
	struct sdpa_port_pool pool[SDPA_SHARED_TYPES];
	struct sdpa_ctr **ctr;     /* COUNTER: SDPA_FLOW_NW blocks per id, NULL until first get */
	sdpa_atomic_ptr *rss;      /* RSS: struct sdpa_rss * per id, NULL = not configured */
	struct sdpa_meter **meter; /* METER: per id, NULL until configured; kept until freed */
	sdpa_atomic_ptr *tun[2];   /* ENCAP / DECAP: struct sdpa_encap / sdpa_decap * per id */
};

sdpa_atomic_ptr *sdpa_port_res_tun_slots(struct sdpa_port_res *r, bool decap, uint32_t *n)
{
	if (r == NULL) {
		*n = 0;
		return NULL;
	}
	*n = r->pool[decap ? DOCA_FLOW_SHARED_RESOURCE_DECAP : DOCA_FLOW_SHARED_RESOURCE_ENCAP].nr;
	return r->tun[decap];
}

const char *sdpa_shared_type_name(enum doca_flow_shared_resource_type t)
{
	static const char *const n[] = {"METER", "COUNTER", "RSS",     "PSP",
	                                "ENCAP", "DECAP",   "IPSEC_SA"};

	return (unsigned int)t < SDPA_ARRAY_SIZE(n) ? n[t] : "unknown";
}

const char *sdpa_shared_cfg_member(enum doca_flow_shared_resource_type t)
{
	static const char *const n[] = {"meter_cfg", "(none)",    "rss_cfg",     "psp_cfg",
	                                "encap_cfg", "decap_cfg", "ipsec_sa_cfg"};

	return (unsigned int)t < SDPA_ARRAY_SIZE(n) ? n[t] : "unknown";
}

/* ------------------------------------------------------------------ pools */

void sdpa_port_res_free(struct sdpa_port_res *r)
{
	if (r == NULL)
		return;
	for (uint32_t i = 0; r->ctr && i < r->pool[DOCA_FLOW_SHARED_RESOURCE_COUNTER].nr; i++)
		free(r->ctr[i]);
	for (uint32_t i = 0; r->rss && i < r->pool[DOCA_FLOW_SHARED_RESOURCE_RSS].nr; i++)
		free(sdpa_load_relaxed(&r->rss[i]));
	for (uint32_t i = 0; r->meter && i < r->pool[DOCA_FLOW_SHARED_RESOURCE_METER].nr; i++)
		sdpa_meter_free(r->meter[i]);
	for (int k = 0; k < 2; k++) {
		uint32_t n;
		sdpa_atomic_ptr *sl = sdpa_port_res_tun_slots(r, k == 1, &n);

		for (uint32_t i = 0; sl && i < n; i++)
			free(sdpa_load_relaxed(&sl[i]));
		free(r->tun[k]);
	}
	for (uint32_t t = 0; t < SDPA_SHARED_TYPES; t++)
		free(r->pool[t].bits);
	free(r->meter);
	free(r->ctr);
	free(r->rss);
	free(r);
}

static void port_res_free_cb(void *p)
{
	sdpa_port_res_free(p);
}

void sdpa_port_res_release(struct sdpa_port_res *r)
{
	if (r != NULL)
		sdpa_nic_defer(port_res_free_cb, r);
}

struct sdpa_port_res *sdpa_port_res_create(const struct doca_flow_port *port)
{
	struct sdpa_port_res *r = calloc(1, sizeof(*r));
	bool ok = r != NULL;

	for (uint32_t t = 0; ok && t < SDPA_SHARED_TYPES; t++) {
		uint32_t nr =
		        port->nr_res[t] < SDPA_PORT_RES_MAX ? port->nr_res[t] : SDPA_PORT_RES_MAX;

		r->pool[t].nr = nr;
		if (nr == 0)
			continue;
		r->pool[t].bits = calloc((nr + 63) / 64, sizeof(uint64_t));
		ok = r->pool[t].bits != NULL;
		if (ok && t == DOCA_FLOW_SHARED_RESOURCE_COUNTER)
			ok = (r->ctr = calloc(nr, sizeof(*r->ctr))) != NULL;
		if (ok && t == DOCA_FLOW_SHARED_RESOURCE_RSS)
			ok = (r->rss = calloc(nr, sizeof(*r->rss))) != NULL;
		if (ok && t == DOCA_FLOW_SHARED_RESOURCE_METER)
			ok = (r->meter = calloc(nr, sizeof(*r->meter))) != NULL;
		if (ok && t == DOCA_FLOW_SHARED_RESOURCE_ENCAP)
			ok = (r->tun[0] = calloc(nr, sizeof(*r->tun[0]))) != NULL;
		if (ok && t == DOCA_FLOW_SHARED_RESOURCE_DECAP)
			ok = (r->tun[1] = calloc(nr, sizeof(*r->tun[1]))) != NULL;
	}
	if (!ok) {
		sdpa_port_res_free(r);
		DOCA_LOG_ERR("doca_flow_port_start: out of memory for the shared-resource pools of "
		             "port %u; lower doca_flow_port_cfg_set_nr_resources",
		             (unsigned int)port->port_id);
		return NULL;
	}
	return r;
}

static bool pool_held(const struct sdpa_port_res *r, enum doca_flow_shared_resource_type t,
                      uint32_t id)
{
	const struct sdpa_port_pool *p = &r->pool[t];

	return id < p->nr && (p->bits[id / 64] >> (id % 64) & 1) != 0;
}

/* ------------------------------------------------------------------ resolution */

struct sdpa_ctr *sdpa_shared_ctr_resolve(struct doca_flow_port *port, uint32_t id, const char *who)
{
	uint32_t n = flow_g.nr_shared[DOCA_FLOW_SHARED_RESOURCE_COUNTER];

	if (flow_g.res_mode != DOCA_FLOW_RESOURCE_MODE_PORT) {
		if (id < n)
			return &flow_g.shared_ctr[(size_t)id * SDPA_FLOW_NW];
		DOCA_LOG_ERR("%s: shared counter %u out of range (%u configured); raise "
		             "doca_flow_cfg_set_nr_shared_resource(COUNTER)",
		             who, id, n);
		return NULL;
	}
	if (port->res != NULL && pool_held(port->res, DOCA_FLOW_SHARED_RESOURCE_COUNTER, id))
		return port->res->ctr[id];
	DOCA_LOG_ERR("%s: shared counter %u is not held by port %u (PORT resource mode); take "
	             "it with doca_flow_port_shared_resource_get",
	             who, id, (unsigned int)port->port_id);
	return NULL;
}

sdpa_atomic_ptr *sdpa_shared_rss_resolve(struct doca_flow_port *port, uint32_t id, const char *who)
{
	if (flow_g.res_mode != DOCA_FLOW_RESOURCE_MODE_PORT) {
		if (id < flow_g.nr_shared[DOCA_FLOW_SHARED_RESOURCE_RSS] &&
		    sdpa_load_relaxed(&flow_g.shared_rss[id]) != NULL)
			return &flow_g.shared_rss[id];
		DOCA_LOG_ERR("%s: shared RSS %u is not configured; raise nr_shared_resource(RSS) "
		             "and call doca_flow_shared_resource_set_cfg",
		             who, id);
		return NULL;
	}
	if (port->res != NULL && pool_held(port->res, DOCA_FLOW_SHARED_RESOURCE_RSS, id) &&
	    sdpa_load_relaxed(&port->res->rss[id]) != NULL)
		return &port->res->rss[id];
	DOCA_LOG_ERR("%s: shared RSS %u is not configured on port %u (PORT resource mode); take "
	             "it with doca_flow_port_shared_resource_get and configure it with "
	             "doca_flow_port_shared_resource_set_cfg",
	             who, id, (unsigned int)port->port_id);
	return NULL;
}

struct sdpa_meter *sdpa_shared_meter_resolve(struct doca_flow_port *port, uint32_t id,
                                             const char *who)
{
	struct sdpa_meter *m;

	if (flow_g.res_mode != DOCA_FLOW_RESOURCE_MODE_PORT) {
		m = sdpa_meter_global_get(id);
		if (m != NULL)
			return m;
		DOCA_LOG_ERR("%s: shared meter %u is not configured; raise "
		             "nr_shared_resource(METER) and call doca_flow_shared_resource_set_cfg",
		             who, id);
		return NULL;
	}
	if (port->res != NULL && pool_held(port->res, DOCA_FLOW_SHARED_RESOURCE_METER, id) &&
	    (m = port->res->meter[id]) != NULL)
		return m;
	DOCA_LOG_ERR("%s: shared meter %u is not configured on port %u (PORT resource mode); "
	             "take it with doca_flow_port_shared_resource_get and configure it with "
	             "doca_flow_port_shared_resource_set_cfg",
	             who, id, (unsigned int)port->port_id);
	return NULL;
}

/* ------------------------------------------------------------------ public API */

/* The checks every port call starts with (flow_g.lock held): a started port, a known
 * type, the PORT resource mode. */
static doca_error_t port_call_check(const struct doca_flow_port *port,
                                    enum doca_flow_shared_resource_type type, const char *who)
{
	if (!sdpa_flow_port_valid(port)) {
		DOCA_LOG_ERR("%s: not a started port; pass a port from doca_flow_port_start", who);
		return DOCA_ERROR_INVALID_VALUE;
	}
	if ((unsigned int)type >= SDPA_SHARED_TYPES) {
		DOCA_LOG_ERR("%s: unknown shared resource type %d; use a "
		             "doca_flow_shared_resource_type",
		             who, (int)type);
		return DOCA_ERROR_INVALID_VALUE;
	}
	if (flow_g.res_mode != DOCA_FLOW_RESOURCE_MODE_PORT || port->res == NULL) {
		DOCA_LOG_ERR("%s: per-port shared resources are not supported in the SYSTEM "
		             "resource mode; call doca_flow_cfg_set_resource_mode(cfg, "
		             "DOCA_FLOW_RESOURCE_MODE_PORT) before doca_flow_init, or use the "
		             "global doca_flow_shared_resource_* calls",
		             who);
		return DOCA_ERROR_NOT_SUPPORTED;
	}
	return DOCA_SUCCESS;
}

/* An id the port holds, else INVALID_VALUE (logged). */
static doca_error_t held_check(const struct doca_flow_port *port,
                               enum doca_flow_shared_resource_type type, uint32_t id,
                               const char *who)
{
	if (pool_held(port->res, type, id))
		return DOCA_SUCCESS;
	DOCA_LOG_ERR("%s: %s id %u is not held by port %u; use an id that "
	             "doca_flow_port_shared_resource_get returned for this port",
	             who, sdpa_shared_type_name(type), id, (unsigned int)port->port_id);
	return DOCA_ERROR_INVALID_VALUE;
}

DOCA_EXPERIMENTAL doca_error_t doca_flow_port_shared_resource_get(
        struct doca_flow_port *port, enum doca_flow_shared_resource_type type, uint32_t *res_id)
{
	static const char who[] = "doca_flow_port_shared_resource_get";
	struct sdpa_port_pool *p;
	uint32_t id = 0;
	doca_error_t r;

	if (res_id == NULL) {
		DOCA_LOG_ERR("%s: res_id is NULL; pass where to store the id", who);
		return DOCA_ERROR_INVALID_VALUE;
	}
	pthread_mutex_lock(&flow_g.lock);
	r = port_call_check(port, type, who);
	if (r != DOCA_SUCCESS)
		goto out;
	p = &port->res->pool[type];
	if (p->held == p->nr) {
		r = DOCA_ERROR_EMPTY;
		DOCA_LOG_ERR("%s: port %u has no free %s id (pool of %u); raise "
		             "doca_flow_port_cfg_set_nr_resources for it or put ids back",
		             who, (unsigned int)port->port_id, sdpa_shared_type_name(type), p->nr);
		goto out;
	}
	while (p->bits[id / 64] == UINT64_MAX)
		id += 64;
	id += (uint32_t)__builtin_ctzll(~p->bits[id / 64]);
	if (type == DOCA_FLOW_SHARED_RESOURCE_COUNTER) {
		struct sdpa_ctr *c = port->res->ctr[id];

		if (c == NULL) {
			c = calloc(SDPA_FLOW_NW, sizeof(*c));
			if (c == NULL) {
				r = DOCA_ERROR_NO_MEMORY;
				DOCA_LOG_ERR(
				        "%s: out of memory for a counter of port %u; free memory "
				        "and retry",
				        who, (unsigned int)port->port_id);
				goto out;
			}
			port->res->ctr[id] = c;
		}
		/* A reused id starts from zero. Only entries that still name a put id write
		 * here, which the application asked for. */
		for (uint32_t w = 0; w < SDPA_FLOW_NW; w++) {
			sdpa_store_relaxed(&c[w].pkts, 0);
			sdpa_store_relaxed(&c[w].bytes, 0);
		}
	}
	p->bits[id / 64] |= 1ull << (id % 64);
	p->held++;
	*res_id = id;
out:
	pthread_mutex_unlock(&flow_g.lock);
	return r;
}

DOCA_EXPERIMENTAL doca_error_t doca_flow_port_shared_resource_put(
        struct doca_flow_port *port, enum doca_flow_shared_resource_type type, uint32_t res_id)
{
	static const char who[] = "doca_flow_port_shared_resource_put";
	doca_error_t r;

	pthread_mutex_lock(&flow_g.lock);
	r = port_call_check(port, type, who);
	if (r == DOCA_SUCCESS)
		r = held_check(port, type, res_id, who);
	if (r == DOCA_SUCCESS) {
		struct sdpa_port_pool *p = &port->res->pool[type];

		p->bits[res_id / 64] &= ~(1ull << (res_id % 64));
		p->held--;
		if (type == DOCA_FLOW_SHARED_RESOURCE_RSS) {
			/* R-srss: pairs with A-srss in flow_dp.c; forwards that still name the id
			 * drop from now on. */
			void *old = sdpa_exchange_acq_rel(&port->res->rss[res_id], NULL);

			if (old != NULL)
				sdpa_nic_defer(free, old);
		}
	}
	pthread_mutex_unlock(&flow_g.lock);
	return r;
}

DOCA_EXPERIMENTAL doca_error_t doca_flow_port_shared_resource_set_cfg(
        struct doca_flow_port *port, enum doca_flow_shared_resource_type type, uint32_t res_id,
        struct doca_flow_shared_resource_cfg *cfg)
{
	static const char who[] = "doca_flow_port_shared_resource_set_cfg";
	doca_error_t r;

	pthread_mutex_lock(&flow_g.lock);
	r = port_call_check(port, type, who);
	if (r == DOCA_SUCCESS)
		r = held_check(port, type, res_id, who);
	if (r != DOCA_SUCCESS)
		goto out;
	switch (type) {
	case DOCA_FLOW_SHARED_RESOURCE_COUNTER:
		break; /* nothing to configure */
	case DOCA_FLOW_SHARED_RESOURCE_RSS: {
		struct sdpa_rss *n;
		void *old;

		if (cfg == NULL) {
			r = DOCA_ERROR_INVALID_VALUE;
			DOCA_LOG_ERR("%s: RSS %u needs a cfg; pass rss_cfg", who, res_id);
			break;
		}
		n = malloc(sizeof(*n));
		if (n == NULL) {
			r = DOCA_ERROR_NO_MEMORY;
			DOCA_LOG_ERR("%s: out of memory; free memory and retry", who);
			break;
		}
		r = sdpa_rss_compile(&cfg->rss_cfg, who, n);
		if (r != DOCA_SUCCESS) {
			free(n);
			break;
		}
		/* R-srss: pairs with A-srss in flow_dp.c. */
		old = sdpa_exchange_acq_rel(&port->res->rss[res_id], n);
		if (old != NULL)
			sdpa_nic_defer(free, old);
		break;
	}
	case DOCA_FLOW_SHARED_RESOURCE_METER: {
		struct sdpa_meter_cfg mc;

		r = sdpa_meter_cfg_check(cfg ? &cfg->meter_cfg : NULL, who, &mc);
		if (r == DOCA_SUCCESS)
			r = sdpa_meter_slot_set(&port->res->meter[res_id], &mc, who);
		break;
	}
	case DOCA_FLOW_SHARED_RESOURCE_ENCAP:
	case DOCA_FLOW_SHARED_RESOURCE_DECAP:
		r = sdpa_shared_tun_cfg(port, type, res_id, cfg, who);
		break;
	default:
		r = DOCA_ERROR_NOT_SUPPORTED;
		DOCA_LOG_ERR("%s: shared %s resources (cfg->%s) are not supported by softdpa; use "
		             "COUNTER, RSS, METER, ENCAP or DECAP",
		             who, sdpa_shared_type_name(type), sdpa_shared_cfg_member(type));
		break;
	}
out:
	pthread_mutex_unlock(&flow_g.lock);
	return r;
}

DOCA_EXPERIMENTAL doca_error_t doca_flow_port_shared_resources_query(
        struct doca_flow_port *port, enum doca_flow_shared_resource_type type, uint32_t *res_array,
        struct doca_flow_resource_query *query_results_array, uint32_t array_len)
{
	static const char who[] = "doca_flow_port_shared_resources_query";
	doca_error_t r;

	if (res_array == NULL || query_results_array == NULL || array_len == 0) {
		DOCA_LOG_ERR("%s: NULL arrays or length 0; pass ids and a result array of "
		             "array_len elements",
		             who);
		return DOCA_ERROR_INVALID_VALUE;
	}
	pthread_mutex_lock(&flow_g.lock);
	r = port_call_check(port, type, who);
	if (r == DOCA_SUCCESS && type != DOCA_FLOW_SHARED_RESOURCE_COUNTER) {
		r = DOCA_ERROR_NOT_SUPPORTED;
		DOCA_LOG_ERR("%s: %s resources have no counters; query COUNTER resources", who,
		             sdpa_shared_type_name(type));
	}
	for (uint32_t i = 0; r == DOCA_SUCCESS && i < array_len; i++)
		r = held_check(port, type, res_array[i], who);
	for (uint32_t i = 0; r == DOCA_SUCCESS && i < array_len; i++)
		sdpa_ctr_sum(port->res->ctr[res_array[i]], SDPA_FLOW_NW, &query_results_array[i]);
	pthread_mutex_unlock(&flow_g.lock);
	return r;
}
