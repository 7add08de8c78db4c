/* SPDX-License-Identifier: BSD-3-Clause
 * DOCA Flow meters on the emulated NIC: token buckets after RFC 2697 (srTCM), RFC 2698
 * (trTCM) and RFC 4115, color-blind or color-aware, in bytes or packets, refilled from the
 * NIC clock (core/nic_clock.h: real, or the manual clock a test drives). An entry's own
 * meter (monitor.non_shared_meter) is a color-blind RFC 2697 meter with no excess bucket:
 * green while the committed bucket holds the frame, red otherwise. Shared meters are
 * configured with doca_flow_shared_resource_set_cfg (SYSTEM mode, this file) or
 * doca_flow_port_shared_resource_set_cfg (PORT mode, flow_shared.c).
 *
 * Buckets are exact integers: a rate of R units per second over dt nanoseconds adds
 * (R * dt + carry) / 10^9 units, the remainder carried to the next refill, so a meter
 * admits exactly R units a second on average whatever the refill pattern.
 *
 * Thread-safety: a meter is shared by every worker whose frames hit it; its buckets are
 * updated under its own mutex (the datapath holds it for a few arithmetic operations).
 * Configuration (control plane, flow_g.lock) takes the same mutex. Meter objects are never
 * freed while DOCA Flow runs (entries hold plain pointers): own meters go with their entry's
 * data after the grace period, shared ones at doca_flow_destroy or when their port's pools go.
 */
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#include "core/log.h"
#include "core/nic_clock.h"
#include "nic/flow_priv.h"

SDPA_LOG_REGISTER(nic_flow_meter);

#define NS_PER_S 1000000000ull

struct bucket {
	uint64_t tokens; /* whole units (bytes or packets) */
	uint64_t carry;  /* rate x ns not yet a whole unit: < 10^9 */
};

struct sdpa_meter {
	pthread_mutex_t lock;
	struct sdpa_meter_cfg cfg;
	struct bucket c, e; /* committed; excess (2697, 4115) or peak (2698) */
	uint64_t last_ns;
	bool started;
};

/* ------------------------------------------------------------------ configuration */

doca_error_t sdpa_meter_cfg_check(const struct doca_flow_resource_meter_cfg *c, const char *who,
                                  struct sdpa_meter_cfg *out)
{
	if (c == NULL) {
		DOCA_LOG_ERR("%s: a METER needs a cfg; pass meter_cfg", who);
		return DOCA_ERROR_INVALID_VALUE;
	}
	if ((unsigned int)c->limit_type > DOCA_FLOW_METER_LIMIT_TYPE_PACKETS) {
		DOCA_LOG_ERR("%s: meter_cfg.limit_type %d is not a doca_flow_meter_limit_type; use "
		             "BYTES or PACKETS",
		             who, (int)c->limit_type);
		return DOCA_ERROR_INVALID_VALUE;
	}
	if ((unsigned int)c->color_mode > DOCA_FLOW_METER_COLOR_MODE_AWARE) {
		DOCA_LOG_ERR("%s: meter_cfg.color_mode %d is not a doca_flow_meter_color_mode; use "
		             "BLIND or AWARE",
		             who, (int)c->color_mode);
		return DOCA_ERROR_INVALID_VALUE;
	}
	memset(out, 0, sizeof(*out));
	out->limit_type = (uint8_t)c->limit_type;
	out->color_mode = (uint8_t)c->color_mode;
	out->alg = (uint8_t)c->alg;
	out->cir = c->cir;
	out->cbs = c->cbs;
	switch (c->alg) {
	case DOCA_FLOW_METER_ALGORITHM_TYPE_RFC2697:
		out->b2 = c->rfc2697.ebs;
		break;
	case DOCA_FLOW_METER_ALGORITHM_TYPE_RFC2698:
		if (c->rfc2698.pir < c->cir) {
			DOCA_LOG_ERR("%s: meter_cfg.rfc2698.pir %llu is below cir %llu; RFC 2698 "
			             "needs pir >= cir",
			             who, (unsigned long long)c->rfc2698.pir,
			             (unsigned long long)c->cir);
			return DOCA_ERROR_INVALID_VALUE;
		}
		out->r2 = c->rfc2698.pir;
		out->b2 = c->rfc2698.pbs;
		break;
	case DOCA_FLOW_METER_ALGORITHM_TYPE_RFC4115:
		out->r2 = c->rfc4115.eir;
		out->b2 = c->rfc4115.ebs;
		break;
	default:
		DOCA_LOG_ERR("%s: meter_cfg.alg %d is not a doca_flow_meter_algorithm_type; use "
		             "RFC2697, RFC2698 or RFC4115",
		             who, (int)c->alg);
		return DOCA_ERROR_INVALID_VALUE;
	}
	return DOCA_SUCCESS;
}

/* Buckets start full (RFC 2697 2.: "initially full"); so after a reconfiguration. */
static void fill(struct sdpa_meter *m)
{
	m->c.tokens = m->cfg.cbs;
	m->e.tokens = m->cfg.b2;
	m->c.carry = m->e.carry = 0;
	m->started = false;
}

struct sdpa_meter *sdpa_meter_new(const struct sdpa_meter_cfg *cfg)
{
	struct sdpa_meter *m = calloc(1, sizeof(*m));

	if (m == NULL)
		return NULL;
	pthread_mutex_init(&m->lock, NULL);
	m->cfg = *cfg;
	fill(m);
	return m;
}

void sdpa_meter_free(struct sdpa_meter *m)
{
	if (m == NULL)
		return;
	pthread_mutex_destroy(&m->lock);
	free(m);
}

doca_error_t sdpa_meter_slot_set(struct sdpa_meter **slot, const struct sdpa_meter_cfg *cfg,
                                 const char *who)
{
	struct sdpa_meter *m = *slot;

	if (m == NULL) {
		m = sdpa_meter_new(cfg);
		if (m == NULL) {
			DOCA_LOG_ERR("%s: out of memory for a meter; free memory and retry", who);
			return DOCA_ERROR_NO_MEMORY;
		}
		/* Published to entries only through the flow lock (resolution at add). */
		*slot = m;
		return DOCA_SUCCESS;
	}
	pthread_mutex_lock(&m->lock);
	m->cfg = *cfg;
	fill(m);
	pthread_mutex_unlock(&m->lock);
	return DOCA_SUCCESS;
}

/* ------------------------------------------------------------------ datapath */

/* Add rate x dt to b, up to cap; what does not fit is returned (for RFC 2697's overflow
 * from the committed into the excess bucket). */
static uint64_t refill(struct bucket *b, uint64_t rate, uint64_t dt, uint64_t cap)
{
	unsigned __int128 credit = (unsigned __int128)rate * dt + b->carry;
	unsigned __int128 add = credit / NS_PER_S;
	unsigned __int128 room = cap > b->tokens ? cap - b->tokens : 0;

	b->carry = (uint64_t)(credit % NS_PER_S);
	if (add <= room) {
		b->tokens += (uint64_t)add;
		return 0;
	}
	b->tokens = cap;
	b->carry = 0; /* a full bucket keeps no fraction */
	add -= room;
	return add > UINT64_MAX ? UINT64_MAX : (uint64_t)add;
}

static void advance(struct sdpa_meter *m, uint64_t now)
{
	uint64_t dt;

	if (!m->started || now <= m->last_ns) {
		/* First frame, or the clock went back (manual clock reset): no time elapsed. */
		m->started = true;
		m->last_ns = now;
		return;
	}
	dt = now - m->last_ns;
	m->last_ns = now;
	switch (m->cfg.alg) {
	case DOCA_FLOW_METER_ALGORITHM_TYPE_RFC2697: {
		/* One rate (CIR) fills C up to CBS, then E up to EBS. */
		uint64_t over = refill(&m->c, m->cfg.cir, dt, m->cfg.cbs);

		if (over != 0)
			m->e.tokens =
			        m->cfg.b2 - m->e.tokens < over ? m->cfg.b2 : m->e.tokens + over;
		break;
	}
	default: /* 2698: C at CIR, P at PIR; 4115: C at CIR, E at EIR; independent */
		(void)refill(&m->c, m->cfg.cir, dt, m->cfg.cbs);
		(void)refill(&m->e, m->cfg.r2, dt, m->cfg.b2);
		break;
	}
}

uint8_t sdpa_meter_run(struct sdpa_meter *m, uint8_t in, uint32_t len)
{
	uint64_t b = m->cfg.limit_type == DOCA_FLOW_METER_LIMIT_TYPE_PACKETS ? 1 : len;
	uint8_t color;

	if (m->cfg.color_mode == DOCA_FLOW_METER_COLOR_MODE_BLIND)
		in = DOCA_FLOW_METER_COLOR_GREEN;
	pthread_mutex_lock(&m->lock);
	advance(m, sdpa_nic_now_ns());
	if (m->cfg.alg == DOCA_FLOW_METER_ALGORITHM_TYPE_RFC2698) {
		/* RFC 2698 3.: red if P lacks B (or pre-red); yellow if C lacks B (or pre-yellow),
		 * taking from P; green takes from both. */
		if (in == DOCA_FLOW_METER_COLOR_RED || m->e.tokens < b) {
			color = DOCA_FLOW_METER_COLOR_RED;
		} else if (in == DOCA_FLOW_METER_COLOR_YELLOW || m->c.tokens < b) {
			color = DOCA_FLOW_METER_COLOR_YELLOW;
			m->e.tokens -= b;
		} else {
			color = DOCA_FLOW_METER_COLOR_GREEN;
			m->e.tokens -= b;
			m->c.tokens -= b;
		}
	} else {
		/* RFC 2697 3. and RFC 4115 3.: green from C (green frames only when aware),
		 * else yellow from E (not for pre-red frames), else red. */
		if (in == DOCA_FLOW_METER_COLOR_GREEN && m->c.tokens >= b) {
			color = DOCA_FLOW_METER_COLOR_GREEN;
			m->c.tokens -= b;
		} else if (in != DOCA_FLOW_METER_COLOR_RED && m->e.tokens >= b) {
			color = DOCA_FLOW_METER_COLOR_YELLOW;
			m->e.tokens -= b;
		} else {
			color = DOCA_FLOW_METER_COLOR_RED;
		}
	}
	pthread_mutex_unlock(&m->lock);
	return color;
}

/* ------------------------------------------------------------------ global shared meters */

static struct sdpa_meter **g_meters; /* nr_shared[METER] slots, flow_g.lock */
static uint32_t g_nmeters;

doca_error_t sdpa_meter_global_set(uint32_t id, const struct doca_flow_resource_meter_cfg *c,
                                   const char *who)
{
	struct sdpa_meter_cfg cfg;
	doca_error_t r = sdpa_meter_cfg_check(c, who, &cfg);

	if (r != DOCA_SUCCESS)
		return r;
	if (g_meters == NULL) {
		g_nmeters = flow_g.nr_shared[DOCA_FLOW_SHARED_RESOURCE_METER];
		g_meters = calloc(g_nmeters, sizeof(*g_meters));
		if (g_meters == NULL) {
			DOCA_LOG_ERR("%s: out of memory for %u shared meters; lower "
			             "doca_flow_cfg_set_nr_shared_resource(METER)",
			             who, g_nmeters);
			return DOCA_ERROR_NO_MEMORY;
		}
	}
	return sdpa_meter_slot_set(&g_meters[id], &cfg, who);
}

struct sdpa_meter *sdpa_meter_global_get(uint32_t id)
{
	return g_meters != NULL && id < g_nmeters ? g_meters[id] : NULL;
}

void sdpa_meter_global_free(void)
{
	for (uint32_t i = 0; g_meters && i < g_nmeters; i++)
		sdpa_meter_free(g_meters[i]);
	free(g_meters);
	g_meters = NULL;
	g_nmeters = 0;
}

/* ------------------------------------------------------------------ monitors */

static doca_error_t own_cfg(const struct doca_flow_monitor *m, const char *who,
                            struct sdpa_meter_cfg *out)
{
	if ((unsigned int)m->non_shared_meter.limit_type > DOCA_FLOW_METER_LIMIT_TYPE_PACKETS) {
		DOCA_LOG_ERR("%s: monitor.non_shared_meter.limit_type %d is not a "
		             "doca_flow_meter_limit_type; use BYTES or PACKETS",
		             who, (int)m->non_shared_meter.limit_type);
		return DOCA_ERROR_INVALID_VALUE;
	}
	memset(out, 0, sizeof(*out));
	out->limit_type = (uint8_t)m->non_shared_meter.limit_type;
	out->color_mode = DOCA_FLOW_METER_COLOR_MODE_BLIND;
	out->alg = DOCA_FLOW_METER_ALGORITHM_TYPE_RFC2697;
	out->cir = m->non_shared_meter.cir;
	out->cbs = m->non_shared_meter.cbs;
	return DOCA_SUCCESS;
}

static doca_error_t init_color_check(const struct doca_flow_monitor *m, const char *who)
{
	if ((unsigned int)m->shared_meter.meter_init_color > DOCA_FLOW_METER_COLOR_GREEN) {
		DOCA_LOG_ERR("%s: monitor.shared_meter.meter_init_color %d is not a "
		             "doca_flow_meter_color; use RED, YELLOW or GREEN",
		             who, (int)m->shared_meter.meter_init_color);
		return DOCA_ERROR_INVALID_VALUE;
	}
	return DOCA_SUCCESS;
}

doca_error_t sdpa_mon_tmpl_compile(const struct doca_flow_monitor *m, struct doca_flow_port *port,
                                   const char *who, struct sdpa_mon_tmpl *out)
{
	doca_error_t r = DOCA_SUCCESS;

	memset(out, 0, sizeof(*out));
	if (m == NULL)
		return DOCA_SUCCESS;
	out->aging_sec = m->aging_sec;
	out->meter_type = (uint8_t)m->meter_type;
	switch (m->meter_type) {
	case DOCA_FLOW_RESOURCE_TYPE_NONE:
		break;
	case DOCA_FLOW_RESOURCE_TYPE_NON_SHARED:
		/* All-ones rate and burst: each entry gives its own (the template is a mask). */
		out->meter_per_entry = m->non_shared_meter.cir == UINT64_MAX;
		r = own_cfg(m, who, &out->own);
		break;
	case DOCA_FLOW_RESOURCE_TYPE_SHARED:
		out->shared_id = m->shared_meter.shared_meter_id;
		out->meter_per_entry = out->shared_id == UINT32_MAX;
		out->init_color = (uint8_t)m->shared_meter.meter_init_color;
		r = init_color_check(m, who);
		if (r == DOCA_SUCCESS && !out->meter_per_entry && port != NULL &&
		    sdpa_shared_meter_resolve(port, out->shared_id, who) == NULL)
			r = DOCA_ERROR_INVALID_VALUE;
		break;
	default:
		DOCA_LOG_ERR(
		        "%s: monitor.meter_type %d is not a doca_flow_resource_type; use NONE, "
		        "SHARED or NON_SHARED",
		        who, (int)m->meter_type);
		r = DOCA_ERROR_INVALID_VALUE;
		break;
	}
	return r;
}

doca_error_t sdpa_mon_entry(const struct doca_flow_pipe *pipe, const struct doca_flow_monitor *m,
                            const char *who, struct sdpa_entry_data *d, uint32_t *aging_sec)
{
	return sdpa_mon_entry_tmpl(pipe, &pipe->mon, m, who, d, aging_sec);
}

doca_error_t sdpa_mon_entry_tmpl(const struct doca_flow_pipe *pipe, const struct sdpa_mon_tmpl *t,
                                 const struct doca_flow_monitor *m, const char *who,
                                 struct sdpa_entry_data *d, uint32_t *aging_sec)
{
	uint8_t type = t->meter_type;
	doca_error_t r;

	/* Aging: the entry's own time, else the pipe's (UINT32_MAX there: entries decide). */
	*aging_sec = m != NULL && m->aging_sec != 0 ? m->aging_sec
	             : t->aging_sec != UINT32_MAX   ? t->aging_sec
	                                            : 0;
	/* A control entry brings its own monitor, as it brings its own actions. */
	if (m != NULL && m->meter_type != DOCA_FLOW_RESOURCE_TYPE_NONE &&
	    type == DOCA_FLOW_RESOURCE_TYPE_NONE) {
		if (pipe->type != DOCA_FLOW_PIPE_CONTROL) {
			DOCA_LOG_ERR("%s: the entry asks for a meter but pipe '%s' has none; set "
			             "the pipe monitor's meter_type",
			             who, pipe->name);
			return DOCA_ERROR_INVALID_VALUE;
		}
		type = (uint8_t)m->meter_type;
	}
	if (m != NULL && m->meter_type != DOCA_FLOW_RESOURCE_TYPE_NONE && m->meter_type != type) {
		DOCA_LOG_ERR("%s: the entry's monitor.meter_type %d differs from pipe '%s''s %d; "
		             "use the pipe's",
		             who, (int)m->meter_type, pipe->name, (int)type);
		return DOCA_ERROR_INVALID_VALUE;
	}
	if (type == DOCA_FLOW_RESOURCE_TYPE_NON_SHARED) {
		struct sdpa_meter_cfg cfg = t->own;

		if (m != NULL && m->meter_type == DOCA_FLOW_RESOURCE_TYPE_NON_SHARED) {
			r = own_cfg(m, who, &cfg);
			if (r != DOCA_SUCCESS)
				return r;
		} else if (t->meter_per_entry || t->meter_type == DOCA_FLOW_RESOURCE_TYPE_NONE) {
			DOCA_LOG_ERR("%s: pipe '%s' leaves the meter's rate to each entry and the "
			             "entry gives none; pass a monitor with meter_type NON_SHARED "
			             "and non_shared_meter.cir/cbs",
			             who, pipe->name);
			return DOCA_ERROR_INVALID_VALUE;
		}
		d->meter = sdpa_meter_new(&cfg);
		if (d->meter == NULL) {
			DOCA_LOG_ERR("%s: out of memory for an entry meter; free memory", who);
			return DOCA_ERROR_NO_MEMORY;
		}
		d->meter_owned = true;
		return DOCA_SUCCESS;
	}
	if (type == DOCA_FLOW_RESOURCE_TYPE_SHARED) {
		uint32_t id = t->shared_id;
		uint8_t color = t->init_color;

		if (m != NULL &&
		    (m->meter_type == DOCA_FLOW_RESOURCE_TYPE_SHARED ||
		     (t->meter_per_entry && m->meter_type == DOCA_FLOW_RESOURCE_TYPE_NONE))) {
			id = m->shared_meter.shared_meter_id;
			color = (uint8_t)m->shared_meter.meter_init_color;
			r = init_color_check(m, who);
			if (r != DOCA_SUCCESS)
				return r;
		}
		if (id == UINT32_MAX) {
			DOCA_LOG_ERR("%s: pipe '%s' leaves its shared meter id changeable "
			             "(UINT32_MAX) and the entry gives none; pass a monitor with "
			             "shared_meter.shared_meter_id",
			             who, pipe->name);
			return DOCA_ERROR_INVALID_VALUE;
		}
		d->meter = sdpa_shared_meter_resolve(pipe->port, id, who);
		if (d->meter == NULL)
			return DOCA_ERROR_INVALID_VALUE;
		d->meter_in = color;
	}
	return DOCA_SUCCESS;
}
