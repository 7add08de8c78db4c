/* SPDX-License-Identifier: BSD-3-Clause
 * GENEVE TLV options (docs/FLOW.md "GENEVE options"): the option parser of a port
 * (doca_flow_parser_geneve_opt_create/_destroy), the packet view of the options, and the
 * layout of tun.geneve_options in pipe and entry matches.
 *
 * A parser lists up to DOCA_FLOW_GENEVE_NUM_OF_OPTIONS_MAX options (class, type, data
 * length, which data words are sampled). The device has 7 DWords for them: each sampled
 * data word (non-zero data_mask) takes one, a class matched per flow (mode MATCHABLE) one
 * more. The packet view shows, for each listed option in the parser's order, its header
 * word and then its sampled data words (masked by data_mask), wherever the option is in
 * the frame: a match names options in any order (header word, then its data words), and
 * sdpa_geneve_match_canon moves its words to where the view shows them.
 */
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#include <doca_flow.h>

#include "core/devices.h"
#include "core/log.h"
#include "core/util.h"
#include "nic/flow_priv.h"
#include "nic/nic.h"

SDPA_LOG_REGISTER(nic_flow_geneve);

enum {
	GP_DW_MAX = 7,          /* DWords of the device for GENEVE options */
	GP_MAGIC = 0x47454e56u, /* "GENV" */
	GP_DEAD = 0x64656164u,  /* destroyed */
};

struct gopt {
	doca_be16_t cls;
	uint8_t type;
	uint8_t len;  /* data words */
	uint8_t mode; /* enum doca_flow_parser_geneve_opt_mode */
	uint8_t view; /* view word of the header; data at view + 1 + s */
	uint8_t nsamp;
	uint8_t samp[GP_DW_MAX]; /* sampled data word indices, ascending */
	doca_be32_t smask[GP_DW_MAX];
};

struct doca_flow_parser {
	uint32_t magic;
	struct doca_flow_port *port;
	uint32_t dev_id; /* the port's device (SDPA_DEV_ID_INVALID: none) */
	uint8_t n;
	uint8_t words; /* view words used */
	struct gopt opt[DOCA_FLOW_GENEVE_NUM_OF_OPTIONS_MAX];
	struct doca_flow_parser_geneve_opt_cfg cfg[DOCA_FLOW_GENEVE_NUM_OF_OPTIONS_MAX];
};

static uint32_t port_dev_id(const struct doca_flow_port *port)
{
	if (port->switch_mode && port->sw_dev != SDPA_DEV_ID_INVALID)
		return port->sw_dev;
	return port->dev ? sdpa_dev_id(port->dev) : SDPA_DEV_ID_INVALID;
}

/* The option of a parser a header names: same type and, with class mode FIXED, same class. */
static int find_opt(const struct doca_flow_parser *gp, doca_be16_t cls, uint8_t type)
{
	for (int k = 0; k < gp->n; k++) {
		const struct gopt *o = &gp->opt[k];

		if (o->type == type &&
		    (o->mode != DOCA_FLOW_PARSER_GENEVE_OPT_MODE_FIXED || o->cls == cls))
			return k;
	}
	return -1;
}

static bool same_list(const struct doca_flow_parser *gp,
                      const struct doca_flow_parser_geneve_opt_cfg *l, uint8_t n)
{
	return gp->n == n && memcmp(gp->cfg, l, (size_t)n * sizeof(*l)) == 0;
}

DOCA_EXPERIMENTAL doca_error_t doca_flow_parser_geneve_opt_create(
        const struct doca_flow_port *port, const struct doca_flow_parser_geneve_opt_cfg tlv_list[],
        uint8_t nb_options, struct doca_flow_parser **parser)
{
	static const char *who = "doca_flow_parser_geneve_opt_create";
	struct doca_flow_parser *gp;
	uint32_t dws = 0, words = 0;

	if (parser == NULL || tlv_list == NULL || port == NULL) {
		DOCA_LOG_ERR("%s: %s is NULL; pass a started port, the options and where to store "
		             "the parser",
		             who,
		             parser == NULL     ? "parser"
		             : tlv_list == NULL ? "tlv_list"
		                                : "port");
		return DOCA_ERROR_INVALID_VALUE;
	}
	*parser = NULL;
	if (nb_options == 0 || nb_options > DOCA_FLOW_GENEVE_NUM_OF_OPTIONS_MAX) {
		DOCA_LOG_ERR("%s: nb_options %u is out of range; pass 1..%d "
		             "(DOCA_FLOW_GENEVE_NUM_OF_OPTIONS_MAX)",
		             who, (unsigned int)nb_options, DOCA_FLOW_GENEVE_NUM_OF_OPTIONS_MAX);
		return DOCA_ERROR_INVALID_VALUE;
	}
	gp = calloc(1, sizeof(*gp));
	if (gp == NULL) {
		DOCA_LOG_ERR("%s: out of memory; free memory and retry", who);
		return DOCA_ERROR_NO_MEMORY;
	}
	for (uint8_t i = 0; i < nb_options; i++) {
		const struct doca_flow_parser_geneve_opt_cfg *c = &tlv_list[i];
		struct gopt *o = &gp->opt[i];

		if ((unsigned int)c->match_on_class_mode >
		            DOCA_FLOW_PARSER_GENEVE_OPT_MODE_MATCHABLE ||
		    c->option_len > DOCA_FLOW_GENEVE_DATA_OPTION_LEN_MAX) {
			DOCA_LOG_ERR(
			        "%s: tlv_list[%u] has match_on_class_mode %d and option_len %u; "
			        "use a doca_flow_parser_geneve_opt_mode and at most %d data "
			        "words",
			        who, (unsigned int)i, (int)c->match_on_class_mode,
			        (unsigned int)c->option_len, DOCA_FLOW_GENEVE_DATA_OPTION_LEN_MAX);
			free(gp);
			return DOCA_ERROR_INVALID_VALUE;
		}
		o->cls = c->option_class;
		o->type = c->option_type;
		o->len = c->option_len;
		o->mode = (uint8_t)c->match_on_class_mode;
		for (uint8_t k = 0; k < i; k++) {
			const struct gopt *p = &gp->opt[k];

			if (p->type == o->type &&
			    (p->mode != DOCA_FLOW_PARSER_GENEVE_OPT_MODE_FIXED ||
			     o->mode != DOCA_FLOW_PARSER_GENEVE_OPT_MODE_FIXED ||
			     p->cls == o->cls)) {
				DOCA_LOG_ERR(
				        "%s: tlv_list[%u] (class 0x%04x type %u) cannot be told "
				        "from tlv_list[%u]; give each option its own type, or "
				        "its own class with match_on_class_mode FIXED",
				        who, (unsigned int)i, sdpa_be16((const uint8_t *)&o->cls),
				        (unsigned int)o->type, (unsigned int)k);
				free(gp);
				return DOCA_ERROR_INVALID_VALUE;
			}
		}
		o->view = (uint8_t)words;
		for (uint8_t j = 0; j < o->len; j++) {
			if (c->data_mask[j] == 0)
				continue;
			if (o->nsamp == GP_DW_MAX) {
				dws = GP_DW_MAX + 1;
				break;
			}
			o->samp[o->nsamp] = j;
			o->smask[o->nsamp] = c->data_mask[j];
			o->nsamp++;
		}
		dws += o->nsamp + (o->mode == DOCA_FLOW_PARSER_GENEVE_OPT_MODE_MATCHABLE ? 1u : 0u);
		words += 1u + o->nsamp;
		gp->cfg[i] = *c;
	}
	gp->n = nb_options;
	gp->words = (uint8_t)words;
	if (dws > GP_DW_MAX) {
		DOCA_LOG_ERR("%s: the options take %u DWords of the device's %d (one per non-zero "
		             "data_mask word, one more per MATCHABLE class); sample fewer data "
		             "words",
		             who, dws, GP_DW_MAX);
		free(gp);
		return DOCA_ERROR_NOT_SUPPORTED;
	}
	pthread_mutex_lock(&flow_g.lock);
	if (!sdpa_flow_port_valid(port)) {
		pthread_mutex_unlock(&flow_g.lock);
		free(gp);
		DOCA_LOG_ERR("%s: port is not a started port; pass a port from "
		             "doca_flow_port_start",
		             who);
		return DOCA_ERROR_INVALID_VALUE;
	}
	struct doca_flow_port *p = (struct doca_flow_port *)port;

	gp->port = p;
	gp->dev_id = port_dev_id(p);
	if (sdpa_load_relaxed(&p->gparser) != NULL) {
		pthread_mutex_unlock(&flow_g.lock);
		free(gp);
		DOCA_LOG_ERR("%s: port %u has a GENEVE option parser already; destroy it first "
		             "(doca_flow_parser_geneve_opt_destroy)",
		             who, (unsigned int)port->port_id);
		return DOCA_ERROR_ALREADY_EXIST;
	}
	/* One configuration per device: its other ports must list the same options. */
	for (uint32_t i = 0; gp->dev_id != SDPA_DEV_ID_INVALID && i < SDPA_MAX_PORTS; i++) {
		struct doca_flow_port *o = sdpa_load_relaxed(&flow_g.ports[i]);
		const struct doca_flow_parser *og = o ? sdpa_load_relaxed(&o->gparser) : NULL;

		if (og != NULL && og->dev_id == gp->dev_id &&
		    !same_list(og, tlv_list, nb_options)) {
			pthread_mutex_unlock(&flow_g.lock);
			free(gp);
			DOCA_LOG_ERR("%s: port %u's device has a GENEVE option parser with other "
			             "options (made on port %u); every port of a device must list "
			             "the same options in the same order",
			             who, (unsigned int)port->port_id, i);
			return DOCA_ERROR_ALREADY_EXIST;
		}
	}
	/* The firmware parses more than one option DWord with FLEX_PARSER_PROFILE_ENABLE 4 or
	 * 8 only (0: one). A port without a device has no firmware settings to check. */
	if (p->dev != NULL) {
		uint32_t prof = sdpa_dev_fw_param(p->dev, SDPA_FW_FLEX_PARSER_PROFILE);

		if (prof != 4 && prof != 8 && !(prof == 0 && dws <= 1)) {
			pthread_mutex_unlock(&flow_g.lock);
			free(gp);
			DOCA_LOG_ERR("%s: port %u's device has the firmware setting %s=%u, which "
			             "does not parse these GENEVE options (%u DWords); on a card: "
			             "mlxconfig -d <dev> set %s=8 and reset it; on softdpa: add "
			             "%s=8 to the device's entry in SOFTDPA_DEVICES",
			             who, (unsigned int)port->port_id,
			             sdpa_fw_param_mlxconfig(SDPA_FW_FLEX_PARSER_PROFILE), prof,
			             dws, sdpa_fw_param_mlxconfig(SDPA_FW_FLEX_PARSER_PROFILE),
			             sdpa_fw_param_key(SDPA_FW_FLEX_PARSER_PROFILE));
			return DOCA_ERROR_NOT_SUPPORTED;
		}
	}
	gp->magic = GP_MAGIC;
	sdpa_store_release(&p->gparser, gp); /* R-gp: pairs with A-gp in sdpa_geneve_view */
	pthread_mutex_unlock(&flow_g.lock);
	*parser = gp;
	DOCA_LOG_DBG("%s: port %u: %u options, %u DWords", who, (unsigned int)port->port_id,
	             (unsigned int)nb_options, dws);
	return DOCA_SUCCESS;
}

/* A live parser of a started port (flow_g.lock held). */
static bool parser_live(const struct doca_flow_parser *gp)
{
	for (uint32_t i = 0; i < SDPA_MAX_PORTS; i++) {
		struct doca_flow_port *o = sdpa_load_relaxed(&flow_g.ports[i]);

		if (o != NULL && sdpa_load_relaxed(&o->gparser) == gp)
			return true;
	}
	return false;
}

DOCA_EXPERIMENTAL doca_error_t doca_flow_parser_geneve_opt_destroy(struct doca_flow_parser *parser)
{
	static const char *who = "doca_flow_parser_geneve_opt_destroy";

	if (parser == NULL) {
		DOCA_LOG_ERR("%s: parser is NULL; pass the parser made by "
		             "doca_flow_parser_geneve_opt_create",
		             who);
		return DOCA_ERROR_INVALID_VALUE;
	}
	pthread_mutex_lock(&flow_g.lock);
	if (!parser_live(parser)) {
		pthread_mutex_unlock(&flow_g.lock);
		DOCA_LOG_ERR("%s: parser %p is not a live parser (destroyed already, or its port "
		             "stopped); pass one from doca_flow_parser_geneve_opt_create",
		             who, (void *)parser);
		return DOCA_ERROR_INVALID_VALUE;
	}
	for (const struct doca_flow_pipe *p = parser->port->pipes; p != NULL; p = p->next) {
		if (p->mt.gopts) {
			pthread_mutex_unlock(&flow_g.lock);
			DOCA_LOG_ERR("%s: pipe '%s' matches on GENEVE options of this parser; "
			             "destroy the pipe first",
			             who, p->name);
			return DOCA_ERROR_IN_USE;
		}
	}
	/* R-gp (NULL): pairs with A-gp in sdpa_geneve_view; no reader once synchronised */
	sdpa_store_release(&parser->port->gparser, NULL);
	sdpa_nic_synchronize(); /* no datapath thread reads it any more */
	parser->magic = GP_DEAD;
	free(parser);
	pthread_mutex_unlock(&flow_g.lock);
	return DOCA_SUCCESS;
}

void sdpa_geneve_port_free(struct doca_flow_port *port)
{
	struct doca_flow_parser *gp = sdpa_load_relaxed(&port->gparser);

	/* The port is out of flow_g.ports and the datapath synchronised (port_free). */
	sdpa_store_relaxed(&port->gparser, NULL);
	free(gp);
}

/* ------------------------------------------------------------------ matches */

static bool words_zero(const union doca_flow_geneve_option *w)
{
	return w->data == 0;
}

doca_error_t sdpa_geneve_match_canon(const struct doca_flow_port *port,
                                     struct doca_flow_match *match, struct doca_flow_match *mask,
                                     const char *who, uint8_t *gperm)
{
	const struct doca_flow_parser *gp = port ? sdpa_load_relaxed(&port->gparser) : NULL;
	union doca_flow_geneve_option vm[SDPA_GOPT_VIEW_WORDS], vk[SDPA_GOPT_VIEW_WORDS];
	const union doca_flow_geneve_option *um = match ? match->tun.geneve_options : NULL;
	const union doca_flow_geneve_option *uk = mask ? mask->tun.geneve_options : NULL;
	static const union doca_flow_geneve_option zero;
	bool seen[DOCA_FLOW_GENEVE_NUM_OF_OPTIONS_MAX] = {false};
	uint32_t i = 0;

	memset(gperm, 0, SDPA_GOPT_VIEW_WORDS);
	memset(vm, 0, sizeof(vm));
	memset(vk, 0, sizeof(vk));
	if (gp == NULL) {
		DOCA_LOG_ERR("%s: the match sets tun.geneve_options but port %d has no GENEVE "
		             "option parser; create it with doca_flow_parser_geneve_opt_create "
		             "before the pipe",
		             who, port ? (int)port->port_id : -1);
		return DOCA_ERROR_INVALID_VALUE;
	}
	while (i < DOCA_FLOW_GENEVE_OPT_LEN_MAX) {
		const union doca_flow_geneve_option *hm = um ? &um[i] : &zero;
		const union doca_flow_geneve_option *hk = uk ? &uk[i] : &zero;
		/* The option a header names: from the template, or the mask without one. */
		const union doca_flow_geneve_option *id = um ? hm : hk;

		if (words_zero(hm) && words_zero(hk))
			break;
		int k = find_opt(gp, id->class_id, id->type);

		if (k < 0) {
			DOCA_LOG_ERR("%s: tun.geneve_options[%u] names class 0x%04x type %u, which "
			             "is not an option of port %u's GENEVE parser; list it in "
			             "doca_flow_parser_geneve_opt_create",
			             who, i, sdpa_be16((const uint8_t *)&id->class_id),
			             (unsigned int)id->type, (unsigned int)port->port_id);
			return DOCA_ERROR_INVALID_VALUE;
		}
		const struct gopt *o = &gp->opt[k];
		uint32_t len = id->length & 0x1f;

		if (seen[k] || (len != 0 && len != o->len) ||
		    i + 1 + o->len > DOCA_FLOW_GENEVE_OPT_LEN_MAX) {
			DOCA_LOG_ERR("%s: tun.geneve_options[%u] (class 0x%04x type %u) %s; name "
			             "each option once, with the parser's length (%u data words)",
			             who, i, sdpa_be16((const uint8_t *)&id->class_id),
			             (unsigned int)id->type,
			             seen[k] ? "names an option a second time"
			                     : "has another length than the parser's",
			             (unsigned int)o->len);
			return DOCA_ERROR_INVALID_VALUE;
		}
		seen[k] = true;
		/* The header: the class is a criterion only with class mode MATCHABLE or FIXED;
		 * the view shows no class for IGNORE. */
		vm[o->view] = *hm;
		vk[o->view] = *hk;
		if (o->mode == DOCA_FLOW_PARSER_GENEVE_OPT_MODE_IGNORE) {
			vm[o->view].class_id = 0;
			vk[o->view].class_id = 0;
		}
		gperm[o->view] = (uint8_t)(i + 1);
		for (uint32_t j = 0; j < o->len; j++) {
			uint32_t u = i + 1 + j;
			doca_be32_t v = um ? um[u].data : 0, m = uk ? uk[u].data : 0;
			/* Without a mask, a non-zero template word is the criterion. */
			doca_be32_t crit = uk ? m : v;
			int s = -1;

			for (uint32_t q = 0; q < o->nsamp; q++)
				if (o->samp[q] == j)
					s = (int)q;
			if (crit == 0)
				continue;
			if (s < 0 || (crit & ~o->smask[s]) != 0) {
				DOCA_LOG_ERR(
				        "%s: tun.geneve_options[%u] (data word %u of class 0x%04x "
				        "type %u) matches bits the parser does not sample "
				        "(data_mask[%u] = 0x%08x); mask only sampled bits",
				        who, u, j, sdpa_be16((const uint8_t *)&id->class_id),
				        (unsigned int)id->type, j,
				        s < 0 ? 0u : sdpa_be32((const uint8_t *)&o->smask[s]));
				return DOCA_ERROR_INVALID_VALUE;
			}
			vm[o->view + 1 + s].data = v;
			vk[o->view + 1 + s].data = m;
			gperm[o->view + 1 + s] = (uint8_t)(u + 1);
		}
		i += 1 + o->len;
	}
	for (uint32_t r = i; r < DOCA_FLOW_GENEVE_OPT_LEN_MAX; r++) {
		if ((um && um[r].data) || (uk && uk[r].data)) {
			DOCA_LOG_ERR(
			        "%s: tun.geneve_options[%u] is set after the end of the options "
			        "(an all-zero header at [%u]); name options back to back from "
			        "index 0",
			        who, r, i);
			return DOCA_ERROR_INVALID_VALUE;
		}
	}
	if (match) {
		memset(match->tun.geneve_options, 0, sizeof(match->tun.geneve_options));
		memcpy(match->tun.geneve_options, vm, sizeof(vm));
	}
	if (mask) {
		memset(mask->tun.geneve_options, 0, sizeof(mask->tun.geneve_options));
		memcpy(mask->tun.geneve_options, vk, sizeof(vk));
	}
	return DOCA_SUCCESS;
}

void sdpa_geneve_entry_canon(const uint8_t *gperm, struct doca_flow_match *m)
{
	union doca_flow_geneve_option v[SDPA_GOPT_VIEW_WORDS];

	for (uint32_t w = 0; w < SDPA_GOPT_VIEW_WORDS; w++)
		v[w].data = gperm[w] ? m->tun.geneve_options[gperm[w] - 1].data : 0;
	memset(m->tun.geneve_options, 0, sizeof(m->tun.geneve_options));
	memcpy(m->tun.geneve_options, v, sizeof(v));
}

/* ------------------------------------------------------------------ datapath */

void sdpa_geneve_view(uint16_t in_port, struct doca_flow_match *m, const struct sdpa_pkt_info *info)
{
	const struct doca_flow_port *port;
	const struct doca_flow_parser *gp;
	const doca_be32_t *w = info->geneve_opts;
	uint32_t n = info->tun.geneve_opt_words;
	uint32_t done = 0;

	if (in_port >= SDPA_MAX_PORTS)
		return;
	/* A-port: pairs with R-port in doca_flow_port_start (a complete port) */
	port = sdpa_load_acquire(&flow_g.ports[in_port]);
	if (port == NULL)
		return;
	gp = sdpa_load_acquire(&port->gparser); /* A-gp: pairs with R-gp */
	if (gp == NULL && port->is_rep) {
		port = sdpa_flow_switch_of(port);
		/* A-gp: pairs with R-gp in doca_flow_parser_geneve_opt_create */
		gp = port ? sdpa_load_acquire(&port->gparser) : NULL;
	}
	if (gp == NULL)
		return;
	/* Options back to back; a length running past the options ends the walk (the
	 * parser flagged the frame malformed). The first of two same options is shown. */
	for (uint32_t i = 0; i < n;) {
		const uint8_t *h = (const uint8_t *)&w[i];
		uint32_t len = h[3] & 0x1f;
		doca_be16_t cls;

		if (i + 1 + len > n)
			break;
		memcpy(&cls, h, 2);
		int k = find_opt(gp, cls, h[2]);

		if (k >= 0 && !(done & (1u << k))) {
			const struct gopt *o = &gp->opt[k];
			union doca_flow_geneve_option *v = &m->tun.geneve_options[o->view];

			done |= 1u << k;
			if (o->mode != DOCA_FLOW_PARSER_GENEVE_OPT_MODE_IGNORE)
				v->class_id = cls;
			v->type = h[2];
			v->length = h[3];
			for (uint32_t s = 0; s < o->nsamp; s++)
				if (o->samp[s] < len)
					v[1 + s].data = w[i + 1 + o->samp[s]] & o->smask[s];
		}
		i += 1 + len;
	}
}
