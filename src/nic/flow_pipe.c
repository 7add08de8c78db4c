/* SPDX-License-Identifier: BSD-3-Clause
 * DOCA Flow pipes: configuration, creation (compiling match, actions, monitor, forwards,
 * ordered lists), destruction, miss update, calc_hash, dump.
 *
 * A destroyed pipe's struct is kept (marked dead) until doca_flow_destroy, so a forward
 * that still names it drops the packet with a counted reason instead of reading freed
 * memory; its tables and entries are freed after a grace period.
 */
#include <stdlib.h>
#include <string.h>

#include <doca_flow_external_action_array.h>
#include <doca_flow_external_action_index_selector.h>
#include <doca_flow_external_actions.h>

#include "core/handles.h"
#include "core/log.h"
#include "core/util.h"
#include "nic/ext_resource.h"
#include "nic/flow_lpmacl.h"
#include "nic/flow_priv.h"
#include "nic/nic.h"

SDPA_LOG_REGISTER(nic_flow_pipe);

struct doca_flow_pipe_cfg {
	struct doca_flow_port *port;
	char name[SDPA_FLOW_NAME_MAX];
	enum doca_flow_pipe_type type;
	enum doca_flow_pipe_domain domain;
	bool domain_set;
	bool is_root;
	uint32_t nr_entries;
	bool miss_counter;
	void *user_ctx;
	uint32_t hash_algos;
	bool has_match;
	bool match_null;
	bool has_mask;
	/* Each user struct with the fields the definitions add after it (flex.h): the
	 * extension bytes directly follow their struct. */
	struct doca_flow_match match;
	uint8_t match_ext[SDPA_VIEW_EXT];
	struct doca_flow_match mask;
	uint8_t mask_ext[SDPA_VIEW_EXT];
	uint32_t nr_actions;
	struct sdpa_xactions actions[SDPA_FLOW_MAX_ACTIONS];
	struct sdpa_xactions amask[SDPA_FLOW_MAX_ACTIONS];
	bool has_amask[SDPA_FLOW_MAX_ACTIONS];
	struct sdpa_act_tmpl descs[SDPA_FLOW_MAX_ACTIONS]; /* only .descs/.ndescs used */
	bool has_monitor;
	struct doca_flow_monitor monitor;
	uint32_t nr_lists;
	struct sdpa_ol_tmpl *lists;
	bool is_resizable;
	uint8_t congestion_pct;
	uint64_t excluded_q;
	doca_error_t deferred_err; /* a setter failed: pipe_create refuses */
};

_Static_assert(offsetof(struct doca_flow_pipe_cfg, match_ext) ==
                       offsetof(struct doca_flow_pipe_cfg, match) + sizeof(struct doca_flow_match),
               "the defined match fields follow the match");
_Static_assert(offsetof(struct doca_flow_pipe_cfg, mask_ext) ==
                       offsetof(struct doca_flow_pipe_cfg, mask) + sizeof(struct doca_flow_match),
               "the defined match fields follow the mask");

static uint32_t next_pipe_id = 1;
static struct doca_flow_pipe *graveyard;

static const char *type_name(enum doca_flow_pipe_type t)
{
	static const char *const n[] = {"BASIC", "CONTROL",      "LPM", "CT",
	                                "ACL",   "ORDERED_LIST", "HASH"};

	return (unsigned int)t < SDPA_ARRAY_SIZE(n) ? n[t] : "unknown";
}

bool sdpa_flow_pipe_valid(const struct doca_flow_pipe *pipe)
{
	return sdpa_handle_live(pipe, SDPA_H_FLOW_PIPE);
}

/* ------------------------------------------------------------------ fields by name */

doca_error_t sdpa_field_resolve(const struct doca_flow_desc_field *f, const char *who,
                                uint32_t *kind, uint32_t *bit, uint32_t *width)
{
	const struct sdpa_field *d;
	uint32_t k, w;

	if (f->field_string == NULL) {
		DOCA_LOG_ERR("%s: field_string is NULL; name a field such as \"meta.data\"", who);
		return DOCA_ERROR_INVALID_VALUE;
	}
	k = f->field_string[0] == '#' ? SDPA_FIELD_NONE : sdpa_field_lookup(f->field_string);
	d = sdpa_field_get(k);
	if (d == NULL) {
		uint32_t bits;

		/* A defined field (custom header sample, PSP word) or parser_meta.utc.time. */
		if (sdpa_xfield_lookup(f->field_string, &k, &bits)) {
			w = f->width ? f->width : bits - SDPA_MIN(f->bit_offset, bits);
			if (f->bit_offset >= bits || w == 0 || w > 64 || f->bit_offset + w > bits) {
				DOCA_LOG_ERR("%s: bits %u..%u do not fit field \"%s\" (%u bits) or "
				             "exceed 64; fix bit_offset/width",
				             who, f->bit_offset, f->bit_offset + w - 1,
				             f->field_string, bits);
				return DOCA_ERROR_INVALID_VALUE;
			}
			*kind = k;
			*bit = f->bit_offset;
			*width = w;
			return DOCA_SUCCESS;
		}
		DOCA_LOG_ERR("%s: unknown field \"%s\" is not supported by softdpa; use one of the "
		             "fields docs/FLOW.md lists (meta.data, parser_meta.random.value, "
		             "{outer,inner}.{eth,ipv4,ipv6,tcp,udp,transport}.<member>, "
		             "tunnel.esp.{spi,sn}, tunnel.psp.dw6..9, custom_header.sample<N>, "
		             "parser_meta.utc.time)",
		             who, f->field_string);
		return DOCA_ERROR_NOT_SUPPORTED;
	}
	w = f->width ? f->width : d->bits - SDPA_MIN(f->bit_offset, d->bits);
	if (f->bit_offset >= d->bits || w == 0 || w > 64 || f->bit_offset + w > d->bits) {
		DOCA_LOG_ERR("%s: bits %u..%u do not fit field \"%s\" (%u bits) or exceed 64; fix "
		             "bit_offset/width",
		             who, f->bit_offset, f->bit_offset + w - 1, f->field_string, d->bits);
		return DOCA_ERROR_INVALID_VALUE;
	}
	*kind = k;
	*bit = f->bit_offset;
	*width = w;
	return DOCA_SUCCESS;
}

/* Clear a field's value bytes in a DOCA struct copy (they were an immediate operand). */
static void clear_member(void *st, uint16_t off, uint8_t size)
{
	if (st != NULL && off != 0xffff)
		memset((uint8_t *)st + off, 0, size);
}

doca_error_t sdpa_desc_compile(const struct doca_flow_action_descs *ds,
                               const struct doca_flow_actions *a, const char *who,
                               struct sdpa_act_tmpl *out)
{
	out->ndescs = 0;
	if (ds == NULL)
		return DOCA_SUCCESS;
	if (ds->nb_action_desc && ds->desc_array == NULL) {
		DOCA_LOG_ERR("%s: action_descs has %u descriptors and desc_array NULL; pass the "
		             "array",
		             who, (unsigned int)ds->nb_action_desc);
		return DOCA_ERROR_INVALID_VALUE;
	}
	for (uint32_t k = 0; k < ds->nb_action_desc; k++) {
		const struct doca_flow_action_desc *d = &ds->desc_array[k];
		const struct sdpa_field *df;
		struct doca_flow_desc_field src, dst;
		struct sdpa_desc_op *op;
		uint32_t sw, dw, sk = SDPA_FIELD_NONE, dk, sb = 0, db;
		doca_error_t r;

		if (d->type == DOCA_FLOW_ACTION_AUTO)
			continue;
		if (d->type != DOCA_FLOW_ACTION_ADD && d->type != DOCA_FLOW_ACTION_COPY) {
			DOCA_LOG_ERR("%s: action descriptor type %d is unknown; use AUTO, ADD or "
			             "COPY",
			             who, (int)d->type);
			return DOCA_ERROR_INVALID_VALUE;
		}
		if (d->field_op.src.field_string == NULL && d->type == DOCA_FLOW_ACTION_COPY) {
			DOCA_LOG_ERR(
			        "%s: a COPY descriptor needs field_op.src.field_string; name the "
			        "source field (only ADD takes an immediate value)",
			        who);
			return DOCA_ERROR_INVALID_VALUE;
		}
		if (d->field_op.width == 0 || d->field_op.width > 64) {
			DOCA_LOG_ERR("%s: action descriptor width %u out of range; pass 1..64 bits",
			             who, d->field_op.width);
			return DOCA_ERROR_INVALID_VALUE;
		}
		src = d->field_op.src;
		dst = d->field_op.dst;
		src.width = dst.width = (uint16_t)d->field_op.width;
		r = sdpa_field_resolve(&dst, who, &dk, &db, &dw);
		if (r == DOCA_SUCCESS && src.field_string != NULL)
			r = sdpa_field_resolve(&src, who, &sk, &sb, &sw);
		if (r != DOCA_SUCCESS)
			return r;
		df = sdpa_field_get(dk);
		if (df == NULL) {
			/* A defined field (flex.h): writable but parser_meta.utc.time; no
			 * immediate source (the actions struct has no place for it). */
			if (dk == SDPA_XFIELD_UTC_TIME || sk == SDPA_FIELD_NONE) {
				DOCA_LOG_ERR("%s: %s \"%s\" with an action descriptor is not "
				             "supported by softdpa; %s",
				             who,
				             sk == SDPA_FIELD_NONE ? "an ADD of an immediate to"
				                                   : "writing",
				             dst.field_string,
				             sk == SDPA_FIELD_NONE ? "name a source field"
				                                   : "it can be a source only");
				return DOCA_ERROR_NOT_SUPPORTED;
			}
		} else if (df->ro) {
			DOCA_LOG_ERR(
			        "%s: writing \"%s\" with an action descriptor is not supported "
			        "by softdpa; it can be a source only",
			        who, dst.field_string);
			return DOCA_ERROR_NOT_SUPPORTED;
		}
		if (sk == SDPA_FIELD_NONE && df != NULL && df->aoff == 0xffff) {
			DOCA_LOG_ERR(
			        "%s: an ADD of an immediate value to \"%s\" has no place in struct "
			        "doca_flow_actions to take it from; name a source field",
			        who, dst.field_string);
			return DOCA_ERROR_INVALID_VALUE;
		}
		if (out->ndescs == SDPA_FLOW_MAX_DESCS) {
			DOCA_LOG_ERR(
			        "%s: more than %u ADD/COPY descriptors in one template are not "
			        "supported by softdpa; split them over pipes",
			        who, SDPA_FLOW_MAX_DESCS);
			return DOCA_ERROR_NOT_SUPPORTED;
		}
		op = &out->descs[out->ndescs++];
		op->type = (uint8_t)d->type;
		op->skind = (uint16_t)sk;
		op->dkind = (uint16_t)dk;
		op->width = (uint8_t)d->field_op.width;
		op->sbit = (uint16_t)sb;
		op->dbit = (uint16_t)db;
		op->imm = 0;
		if (sk == SDPA_FIELD_NONE && df != NULL) {
			/* The value sits in the actions struct at the destination field. */
			if (a != NULL)
				op->imm = sdpa_field_imm(df, a, df->aoff, db, op->width);
		}
	}
	return DOCA_SUCCESS;
}

/* Clear in 'x' the actions-struct bytes that ADDs of an immediate took their value from. */
static void desc_strip(const struct sdpa_act_tmpl *t, struct doca_flow_actions *x)
{
	for (uint32_t i = 0; i < t->ndescs; i++) {
		const struct sdpa_field *df = sdpa_field_get(t->descs[i].dkind);

		if (t->descs[i].skind == SDPA_FIELD_NONE && df != NULL)
			clear_member(x, df->aoff, df->vsize);
	}
}

doca_error_t sdpa_act_desc_compile(const struct doca_flow_actions *a,
                                   const struct doca_flow_actions *m,
                                   const struct doca_flow_action_descs *ds, const char *who,
                                   struct sdpa_act_tmpl *out)
{
	struct sdpa_xactions ac, mc; /* with the defined fields (flex.h) */
	struct sdpa_desc_op descs[SDPA_FLOW_MAX_DESCS];
	uint32_t n;
	doca_error_t r;

	r = sdpa_desc_compile(ds, a, who, out);
	if (r != DOCA_SUCCESS)
		return r;
	n = out->ndescs;
	memcpy(descs, out->descs, sizeof(descs));
	if (a != NULL) {
		memcpy(&ac, a, sdpa_defs_actions_size());
		desc_strip(out, &ac.a);
		a = &ac.a;
	}
	if (m != NULL) {
		memcpy(&mc, m, sdpa_defs_actions_size());
		desc_strip(out, &mc.a);
		m = &mc.a;
	}
	r = sdpa_act_compile(a, m, who, out);
	out->ndescs = n;
	memcpy(out->descs, descs, sizeof(descs));
	return r;
}

doca_error_t sdpa_cond_compile(const struct doca_flow_match_condition *cond,
                               const struct doca_flow_match *match,
                               struct doca_flow_match *match_left,
                               struct doca_flow_match *mask_left, const char *who,
                               struct sdpa_match_tmpl *mt)
{
	struct doca_flow_desc_field a, b;
	const struct sdpa_field *af;
	uint32_t ak, ab, aw, bk = SDPA_FIELD_NONE, bb = 0, bw;
	doca_error_t r;

	mt->has_cond = false;
	if (cond == NULL)
		return DOCA_SUCCESS;
	if ((unsigned int)cond->operation > DOCA_FLOW_COMPARE_GE) {
		DOCA_LOG_ERR("%s: condition operation %d is unknown; use DOCA_FLOW_COMPARE_EQ..GE",
		             who, (int)cond->operation);
		return DOCA_ERROR_INVALID_VALUE;
	}
	if (cond->field_op.width == 0 || cond->field_op.width > 64) {
		DOCA_LOG_ERR("%s: condition width %u out of range; pass 1..64 bits", who,
		             cond->field_op.width);
		return DOCA_ERROR_INVALID_VALUE;
	}
	a = cond->field_op.a;
	b = cond->field_op.b;
	a.width = b.width = (uint16_t)cond->field_op.width;
	r = sdpa_field_resolve(&a, who, &ak, &ab, &aw);
	if (r == DOCA_SUCCESS && b.field_string != NULL)
		r = sdpa_field_resolve(&b, who, &bk, &bb, &bw);
	if (r != DOCA_SUCCESS)
		return r;
	af = sdpa_field_get(ak);
	mt->cond_imm = 0;
	if (bk == SDPA_FIELD_NONE && af == NULL) {
		DOCA_LOG_ERR("%s: a condition comparing \"%s\" with a value is not supported by "
		             "softdpa; compare it with another field",
		             who, a.field_string);
		return DOCA_ERROR_NOT_SUPPORTED;
	}
	if (bk == SDPA_FIELD_NONE) {
		/* b is the value the match struct holds at a's field; it is no match criterion. */
		if (match != NULL)
			mt->cond_imm = sdpa_field_imm(af, match, af->moff, ab, aw);
		clear_member(match_left, af->moff, af->vsize);
		clear_member(mask_left, af->moff, af->vsize);
	}
	mt->has_cond = true;
	mt->cond_op = (uint8_t)cond->operation;
	mt->cond_akind = (uint16_t)ak;
	mt->cond_bkind = (uint16_t)bk;
	mt->cond_width = (uint8_t)cond->field_op.width;
	mt->cond_abit = (uint16_t)ab;
	mt->cond_bbit = (uint16_t)bb;
	return DOCA_SUCCESS;
}

/* ------------------------------------------------------------------ ordered lists */

static doca_error_t ext_compile(const struct doca_flow_external_actions *x, const char *who,
                                struct sdpa_ol_elem *el)
{
	doca_error_t r;

	if (x == NULL || x->resource == NULL || x->action == NULL) {
		DOCA_LOG_ERR("%s: an EXTERNAL_ACTIONS element needs external_actions with a "
		             "resource and an action",
		             who);
		return DOCA_ERROR_INVALID_VALUE;
	}
	el->ext_type = x->type;
	el->ext_res = x->resource;
	el->ext_off = x->resource_offset;
	if (sdpa_ext_type_is_index_selector(x->type)) {
		const struct doca_flow_external_action_index_selector *a = x->action;

		if (sdpa_ext_kind_of(x->resource) != SDPA_EXT_KIND_INDEX_SELECTOR) {
			DOCA_LOG_ERR("%s: the resource is not a live index selector but the type "
			             "says index selector; pass the object from "
			             "doca_flow_external_resource_index_selector_create",
			             who);
			return DOCA_ERROR_INVALID_VALUE;
		}
		if (a->is_dynamic) {
			DOCA_LOG_ERR("%s: dynamic index-selector actions are not supported by "
			             "softdpa; set is_dynamic = false",
			             who);
			return DOCA_ERROR_NOT_SUPPORTED;
		}
		el->ext_ixsel = true;
		r = sdpa_field_resolve(&a->output, who, &el->fkind, &el->fbit, &el->fwidth);
		if (r != DOCA_SUCCESS)
			return r;
	} else if (sdpa_ext_type_is_array(x->type)) {
		const struct doca_flow_external_action_array *a = x->action;

		if (sdpa_ext_kind_of(x->resource) != SDPA_EXT_KIND_ARRAY) {
			DOCA_LOG_ERR("%s: the resource is not a live array but the type says "
			             "array; pass the object from "
			             "doca_flow_external_resource_array_create",
			             who);
			return DOCA_ERROR_INVALID_VALUE;
		}
		if (a->is_dynamic) {
			DOCA_LOG_ERR("%s: dynamic array actions are not supported by softdpa; set "
			             "is_dynamic = false",
			             who);
			return DOCA_ERROR_NOT_SUPPORTED;
		}
		if (a->index >= sdpa_array_size(x->resource) ||
		    (unsigned int)a->operation >
		            DOCA_FLOW_EXTERNAL_ACTION_ARRAY_OP_FIND_FIRST_SET_AND_RESET_BITMAP_LSB) {
			DOCA_LOG_ERR("%s: array index %u (size %u) or operation %d out of range; "
			             "fix the action",
			             who, a->index, sdpa_array_size(x->resource),
			             (int)a->operation);
			return DOCA_ERROR_INVALID_VALUE;
		}
		el->ext_op = (uint32_t)a->operation;
		el->ext_index = a->index;
		r = sdpa_field_resolve(&a->input_output, who, &el->fkind, &el->fbit, &el->fwidth);
		if (r != DOCA_SUCCESS)
			return r;
	} else {
		DOCA_LOG_ERR("%s: external action type %u was not registered; call "
		             "doca_flow_external_action_*_register before doca_flow_init",
		             who, x->type);
		return DOCA_ERROR_INVALID_VALUE;
	}
	if (x->resource_offset >= sdpa_ext_obj_num_resources(x->resource)) {
		DOCA_LOG_ERR("%s: resource_offset %u out of range (%u resources); fix the offset",
		             who, x->resource_offset, sdpa_ext_obj_num_resources(x->resource));
		return DOCA_ERROR_INVALID_VALUE;
	}
	sdpa_ext_pin(x->resource);
	return DOCA_SUCCESS;
}

void sdpa_ol_unpin(struct sdpa_ol_tmpl *t)
{
	for (uint32_t i = 0; t && i < t->nelems; i++)
		if (t->elems[i].type == SDPA_OL_EXTERNAL && t->elems[i].ext_res)
			sdpa_ext_unpin(t->elems[i].ext_res);
}

doca_error_t sdpa_ol_compile(const struct doca_flow_ordered_list *l,
                             const struct sdpa_ol_tmpl *tmpl, const char *who,
                             struct sdpa_ol_tmpl *out, uint32_t *vlen)
{
	doca_error_t r;
	uint32_t v = 0;

	if (l == NULL || l->elements == NULL || l->size == 0 || l->size > SDPA_FLOW_MAX_ELEMS) {
		DOCA_LOG_ERR("%s: ordered list NULL, without elements or with more than %u; pass "
		             "1..%u elements",
		             who, SDPA_FLOW_MAX_ELEMS, SDPA_FLOW_MAX_ELEMS);
		return DOCA_ERROR_INVALID_VALUE;
	}
	if (tmpl != NULL && tmpl->nelems != l->size) {
		DOCA_LOG_ERR("%s: the entry's list has %u elements but pipe list %u has %u; give "
		             "the same elements",
		             who, l->size, tmpl->idx, tmpl->nelems);
		return DOCA_ERROR_INVALID_VALUE;
	}
	memset(out, 0, sizeof(*out));
	out->idx = l->idx;
	out->nelems = l->size;
	for (uint32_t i = 0; i < l->size; i++) {
		const struct doca_flow_ordered_list_element *e = &l->elements[i];
		struct sdpa_ol_elem *el = &out->elems[i];
		uint32_t type = (uint32_t)e->type;

		if (tmpl != NULL && tmpl->elems[i].type != type) {
			DOCA_LOG_ERR("%s: element %u has type %u but the pipe's list says %u; keep "
			             "the template's order",
			             who, i, type, tmpl->elems[i].type);
			sdpa_ol_unpin(out);
			return DOCA_ERROR_INVALID_VALUE;
		}
		el->type = type;
		switch (type) {
		case DOCA_FLOW_ORDERED_LIST_ELEMENT_ACTIONS:
			/* The template, its mask and its descriptors sit side by side in the
			 * element; an entry's element gives only the per-entry values. */
			if (tmpl != NULL) {
				el->act = tmpl->elems[i].act;
				el->val_off = v;
				v += el->act.vlen;
				break;
			}
			r = sdpa_act_desc_compile(e->actions, e->actions_mask, e->action_descs, who,
			                          &el->act);
			if (r != DOCA_SUCCESS) {
				sdpa_ol_unpin(out);
				return r;
			}
			el->val_off = v;
			v += el->act.vlen;
			break;
		case DOCA_FLOW_ORDERED_LIST_ELEMENT_NAT64:
			/* An entry's element may leave the action to the pipe's list (NVIDIA's
			 * flow_ordered_list gives a zeroed one). */
			if (tmpl != NULL && (e->nat64 == NULL || e->nat64->original_l3_type ==
			                                                 DOCA_FLOW_L3_TYPE_NONE)) {
				el->nat64_l3 = tmpl->elems[i].nat64_l3;
				break;
			}
			if (e->nat64 == NULL ||
			    (e->nat64->original_l3_type != DOCA_FLOW_L3_TYPE_IP4 &&
			     e->nat64->original_l3_type != DOCA_FLOW_L3_TYPE_IP6)) {
				DOCA_LOG_ERR("%s: NAT64 element %u: %s; pass a nat64 action whose "
				             "original_l3_type is DOCA_FLOW_L3_TYPE_IP4 or _IP6",
				             who, i,
				             e->nat64 == NULL
				                     ? "nat64 is NULL"
				                     : "original_l3_type is not IP4 or IP6");
				sdpa_ol_unpin(out);
				return DOCA_ERROR_INVALID_VALUE;
			}
			el->nat64_l3 = (uint32_t)e->nat64->original_l3_type;
			break;
		case DOCA_FLOW_ORDERED_LIST_ELEMENT_CRYPTO:
			DOCA_LOG_ERR("%s: element %u: CRYPTO (crypto.crypto, crypto.crypto_encap) "
			             "is not supported by softdpa; encrypt in software",
			             who, i);
			sdpa_ol_unpin(out);
			return DOCA_ERROR_NOT_SUPPORTED;
		case DOCA_FLOW_ORDERED_LIST_ELEMENT_MONITOR: {
			doca_error_t mr;

			if (tmpl != NULL) {
				/* The entry's meter and aging:
				 * doca_flow_pipe_ordered_list_add_entry. */
				el->counter = tmpl->elems[i].counter;
				el->mon = tmpl->elems[i].mon;
				break;
			}
			if (e->monitor == NULL) {
				DOCA_LOG_ERR("%s: MONITOR element %u has no monitor; pass one", who,
				             i);
				sdpa_ol_unpin(out);
				return DOCA_ERROR_INVALID_VALUE;
			}
			mr = sdpa_mon_tmpl_compile(e->monitor, NULL, who, &el->mon);
			if (mr != DOCA_SUCCESS) {
				sdpa_ol_unpin(out);
				return mr;
			}
			el->counter = e->monitor->counter_type != DOCA_FLOW_RESOURCE_TYPE_NONE;
			break;
		}
		case SDPA_OL_EXTERNAL: {
			const struct doca_flow_ordered_list_element_external *x =
			        (const struct doca_flow_ordered_list_element_external *)e;

			if (x->external_actions == NULL && tmpl != NULL) {
				*el = tmpl->elems[i];
				sdpa_ext_pin(el->ext_res);
				break;
			}
			r = ext_compile(x->external_actions, who, el);
			if (r != DOCA_SUCCESS) {
				el->ext_res = NULL;
				sdpa_ol_unpin(out);
				return r;
			}
			break;
		}
		default:
			DOCA_LOG_ERR("%s: unknown ordered-list element type %u; use a "
			             "doca_flow_ordered_list_element_type",
			             who, type);
			sdpa_ol_unpin(out);
			return DOCA_ERROR_INVALID_VALUE;
		}
	}
	if (vlen)
		*vlen = v;
	return DOCA_SUCCESS;
}

void sdpa_ol_entry_vals(const struct sdpa_ol_tmpl *t, const struct doca_flow_ordered_list *l,
                        uint8_t *vals)
{
	for (uint32_t i = 0; i < t->nelems; i++)
		if (t->elems[i].type == DOCA_FLOW_ORDERED_LIST_ELEMENT_ACTIONS)
			sdpa_act_entry_vals(&t->elems[i].act, l->elements[i].actions,
			                    vals + t->elems[i].val_off);
}

/* ------------------------------------------------------------------ pipe cfg */

/* A live pipe cfg (core/handles.h): NULL, destroyed or another object is refused with one
 * line, and never read. */
static bool pcfg_ok(const struct doca_flow_pipe_cfg *cfg, const char *fn)
{
	if (sdpa_handle_live(cfg, SDPA_H_FLOW_PIPE_CFG))
		return true;
	DOCA_LOG_ERR("%s: cfg is %s; create it with doca_flow_pipe_cfg_create (and pass it until "
	             "doca_flow_pipe_cfg_destroy)",
	             fn,
	             cfg == NULL                                        ? "NULL"
	             : sdpa_handle_destroyed(cfg, SDPA_H_FLOW_PIPE_CFG) ? "destroyed"
	                                                                : "not a pipe cfg");
	return false;
}

#define PC_CHECK(cfg, fn)                                                                          \
	do {                                                                                       \
		if (!pcfg_ok((cfg), fn))                                                           \
			return DOCA_ERROR_INVALID_VALUE;                                           \
	} while (0)

DOCA_STABLE doca_error_t doca_flow_pipe_cfg_create(struct doca_flow_pipe_cfg **cfg,
                                                   struct doca_flow_port *port)
{
	if (cfg == NULL || !sdpa_flow_port_valid(port)) {
		DOCA_LOG_ERR("doca_flow_pipe_cfg_create: %s; pass a cfg pointer and a started port",
		             cfg == NULL ? "cfg is NULL" : "port is not a started port");
		return DOCA_ERROR_INVALID_VALUE;
	}
	*cfg = calloc(1, sizeof(**cfg));
	if (*cfg == NULL) {
		DOCA_LOG_ERR("doca_flow_pipe_cfg_create: out of memory; free memory and retry");
		return DOCA_ERROR_NO_MEMORY;
	}
	if (!sdpa_handle_add(*cfg, SDPA_H_FLOW_PIPE_CFG)) {
		free(*cfg);
		*cfg = NULL;
		return DOCA_ERROR_NO_MEMORY; /* sdpa_handle_add logged the cause */
	}
	(*cfg)->port = port;
	(*cfg)->nr_entries = 8192;
	(*cfg)->hash_algos = DOCA_FLOW_PIPE_HASH_MAP_ALGORITHM_HASH;
	return DOCA_SUCCESS;
}

DOCA_STABLE doca_error_t doca_flow_pipe_cfg_destroy(struct doca_flow_pipe_cfg *cfg)
{
	PC_CHECK(cfg, "doca_flow_pipe_cfg_destroy");
	for (uint32_t i = 0; cfg->lists && i < cfg->nr_lists; i++)
		sdpa_ol_unpin(&cfg->lists[i]);
	free(cfg->lists);
	cfg->lists = NULL;
	sdpa_handle_retire(cfg, free);
	return DOCA_SUCCESS;
}

DOCA_STABLE doca_error_t doca_flow_pipe_cfg_set_match(struct doca_flow_pipe_cfg *cfg,
                                                      const struct doca_flow_match *match,
                                                      const struct doca_flow_match *match_mask)
{
	PC_CHECK(cfg, "doca_flow_pipe_cfg_set_match");
	if (match == NULL && match_mask == NULL) {
		DOCA_LOG_ERR("doca_flow_pipe_cfg_set_match: match and match_mask are both NULL; "
		             "pass at least one");
		return DOCA_ERROR_INVALID_VALUE;
	}
	cfg->has_match = true;
	cfg->match_null = match == NULL;
	memset(&cfg->match, 0, sizeof(cfg->match) + sizeof(cfg->match_ext));
	if (match)
		memcpy(&cfg->match, match, sdpa_defs_match_size());
	cfg->has_mask = match_mask != NULL;
	if (match_mask)
		memcpy(&cfg->mask, match_mask, sdpa_defs_match_size());
	return DOCA_SUCCESS;
}

DOCA_STABLE doca_error_t doca_flow_pipe_cfg_set_actions(
        struct doca_flow_pipe_cfg *cfg, struct doca_flow_actions *const *actions,
        struct doca_flow_actions *const *actions_masks,
        struct doca_flow_action_descs *const *action_descs, size_t nr_actions)
{
	PC_CHECK(cfg, "doca_flow_pipe_cfg_set_actions");
	/* The three arrays are each optional (NVIDIA's flow_rss_esp passes descriptors
	 * only); at least one of actions and action_descs names the templates. */
	if ((actions == NULL && action_descs == NULL) || nr_actions == 0 ||
	    nr_actions > SDPA_FLOW_MAX_ACTIONS) {
		DOCA_LOG_ERR("doca_flow_pipe_cfg_set_actions: %s; pass 1..%u templates (actions, "
		             "action_descs or both)",
		             nr_actions == 0 || nr_actions > SDPA_FLOW_MAX_ACTIONS
		                     ? "nr_actions out of range"
		                     : "actions and action_descs are both NULL",
		             SDPA_FLOW_MAX_ACTIONS);
		return DOCA_ERROR_INVALID_VALUE;
	}
	for (size_t i = 0; i < nr_actions; i++) {
		if ((actions == NULL || actions[i] == NULL) &&
		    (action_descs == NULL || action_descs[i] == NULL)) {
			DOCA_LOG_ERR("doca_flow_pipe_cfg_set_actions: template %zu has neither "
			             "actions nor action_descs; pass one for every index",
			             i);
			return DOCA_ERROR_INVALID_VALUE;
		}
	}
	for (size_t i = 0; i < nr_actions; i++) {
		const struct doca_flow_actions *a = actions != NULL ? actions[i] : NULL;
		doca_error_t r;

		memset(&cfg->actions[i], 0, sizeof(cfg->actions[i]));
		if (a != NULL)
			memcpy(&cfg->actions[i], a, sdpa_defs_actions_size());
		cfg->has_amask[i] = actions_masks && actions_masks[i];
		if (cfg->has_amask[i])
			memcpy(&cfg->amask[i], actions_masks[i], sdpa_defs_actions_size());
		/* An ADD of an immediate takes (and consumes) its value from the template. */
		r = sdpa_desc_compile(action_descs ? action_descs[i] : NULL, a,
		                      "doca_flow_pipe_cfg_set_actions", &cfg->descs[i]);
		if (r != DOCA_SUCCESS) {
			cfg->nr_actions = 0;
			return r;
		}
		desc_strip(&cfg->descs[i], &cfg->actions[i].a);
		if (cfg->has_amask[i])
			desc_strip(&cfg->descs[i], &cfg->amask[i].a);
	}
	cfg->nr_actions = (uint32_t)nr_actions;
	return DOCA_SUCCESS;
}

DOCA_STABLE doca_error_t doca_flow_pipe_cfg_set_monitor(struct doca_flow_pipe_cfg *cfg,
                                                        const struct doca_flow_monitor *monitor)
{
	PC_CHECK(cfg, "doca_flow_pipe_cfg_set_monitor");
	if (monitor == NULL) {
		DOCA_LOG_ERR("doca_flow_pipe_cfg_set_monitor: monitor is NULL; pass a monitor");
		return DOCA_ERROR_INVALID_VALUE;
	}
	cfg->has_monitor = true;
	cfg->monitor = *monitor;
	return DOCA_SUCCESS;
}

DOCA_STABLE doca_error_t
doca_flow_pipe_cfg_set_ordered_lists(struct doca_flow_pipe_cfg *cfg,
                                     struct doca_flow_ordered_list *const *lists, size_t nr_lists)
{
	struct sdpa_ol_tmpl *t;
	doca_error_t r;

	PC_CHECK(cfg, "doca_flow_pipe_cfg_set_ordered_lists");
	if (lists == NULL || nr_lists == 0 || nr_lists > SDPA_FLOW_MAX_LISTS) {
		DOCA_LOG_ERR("doca_flow_pipe_cfg_set_ordered_lists: lists NULL or nr_lists %zu "
		             "out of range; pass 1..%u lists",
		             nr_lists, SDPA_FLOW_MAX_LISTS);
		return DOCA_ERROR_INVALID_VALUE;
	}
	t = calloc(nr_lists, sizeof(*t));
	if (t == NULL) {
		DOCA_LOG_ERR("doca_flow_pipe_cfg_set_ordered_lists: out of memory; free memory "
		             "and retry");
		return DOCA_ERROR_NO_MEMORY;
	}
	for (size_t i = 0; i < nr_lists; i++) {
		r = sdpa_ol_compile(lists[i], NULL, "doca_flow_pipe_cfg_set_ordered_lists", &t[i],
		                    NULL);
		if (r != DOCA_SUCCESS) {
			for (size_t k = 0; k < i; k++)
				sdpa_ol_unpin(&t[k]);
			free(t);
			return r;
		}
	}
	for (uint32_t i = 0; cfg->lists && i < cfg->nr_lists; i++)
		sdpa_ol_unpin(&cfg->lists[i]);
	free(cfg->lists);
	cfg->lists = t;
	cfg->nr_lists = (uint32_t)nr_lists;
	return DOCA_SUCCESS;
}

DOCA_STABLE doca_error_t doca_flow_pipe_cfg_set_name(struct doca_flow_pipe_cfg *cfg,
                                                     const char *name)
{
	PC_CHECK(cfg, "doca_flow_pipe_cfg_set_name");
	if (name == NULL || name[0] == '\0' || strlen(name) >= SDPA_FLOW_NAME_MAX) {
		DOCA_LOG_ERR("doca_flow_pipe_cfg_set_name: name NULL, empty or longer than %u "
		             "characters; pass a short name",
		             SDPA_FLOW_NAME_MAX - 1);
		return DOCA_ERROR_INVALID_VALUE;
	}
	strcpy(cfg->name, name);
	return DOCA_SUCCESS;
}

DOCA_STABLE doca_error_t doca_flow_pipe_cfg_set_label(struct doca_flow_pipe_cfg *cfg,
                                                      const char *label)
{
	PC_CHECK(cfg, "doca_flow_pipe_cfg_set_label");
	if (label == NULL) {
		DOCA_LOG_ERR("doca_flow_pipe_cfg_set_label: label is NULL; pass a string");
		return DOCA_ERROR_INVALID_VALUE;
	}
	return DOCA_SUCCESS;
}

DOCA_STABLE doca_error_t doca_flow_pipe_cfg_set_type(struct doca_flow_pipe_cfg *cfg,
                                                     enum doca_flow_pipe_type type)
{
	PC_CHECK(cfg, "doca_flow_pipe_cfg_set_type");
	if ((unsigned int)type > DOCA_FLOW_PIPE_HASH) {
		DOCA_LOG_ERR("doca_flow_pipe_cfg_set_type: unknown type %d; use a "
		             "doca_flow_pipe_type value",
		             (int)type);
		return DOCA_ERROR_INVALID_VALUE;
	}
	cfg->type = type;
	return DOCA_SUCCESS;
}

DOCA_STABLE doca_error_t doca_flow_pipe_cfg_set_domain(struct doca_flow_pipe_cfg *cfg,
                                                       enum doca_flow_pipe_domain domain)
{
	PC_CHECK(cfg, "doca_flow_pipe_cfg_set_domain");
	if ((unsigned int)domain > DOCA_FLOW_PIPE_DOMAIN_SECURE_EGRESS) {
		DOCA_LOG_ERR("doca_flow_pipe_cfg_set_domain: unknown domain %d; use a "
		             "doca_flow_pipe_domain value",
		             (int)domain);
		return DOCA_ERROR_INVALID_VALUE;
	}
	if (cfg->domain_set) {
		DOCA_LOG_ERR("doca_flow_pipe_cfg_set_domain: the domain is already set; set it "
		             "once per cfg");
		return DOCA_ERROR_ALREADY_EXIST;
	}
	cfg->domain = domain;
	cfg->domain_set = true;
	return DOCA_SUCCESS;
}

DOCA_STABLE doca_error_t doca_flow_pipe_cfg_set_is_root(struct doca_flow_pipe_cfg *cfg,
                                                        bool is_root)
{
	PC_CHECK(cfg, "doca_flow_pipe_cfg_set_is_root");
	cfg->is_root = is_root;
	return DOCA_SUCCESS;
}

DOCA_STABLE doca_error_t doca_flow_pipe_cfg_set_nr_entries(struct doca_flow_pipe_cfg *cfg,
                                                           uint32_t nr_entries)
{
	PC_CHECK(cfg, "doca_flow_pipe_cfg_set_nr_entries");
	if (nr_entries == 0 || nr_entries > SDPA_FLOW_MAX_ENTRIES) {
		DOCA_LOG_ERR("doca_flow_pipe_cfg_set_nr_entries: %u entries is out of range; use "
		             "1..%u",
		             nr_entries, SDPA_FLOW_MAX_ENTRIES);
		return DOCA_ERROR_INVALID_VALUE;
	}
	cfg->nr_entries = nr_entries;
	return DOCA_SUCCESS;
}

DOCA_STABLE doca_error_t doca_flow_pipe_cfg_set_is_resizable(struct doca_flow_pipe_cfg *cfg,
                                                             bool is_resizable)
{
	PC_CHECK(cfg, "doca_flow_pipe_cfg_set_is_resizable");
	cfg->is_resizable = is_resizable;
	return DOCA_SUCCESS;
}

DOCA_STABLE doca_error_t doca_flow_pipe_cfg_set_excluded_queue(struct doca_flow_pipe_cfg *cfg,
                                                               uint16_t pipe_queue)
{
	PC_CHECK(cfg, "doca_flow_pipe_cfg_set_excluded_queue");
	if (pipe_queue >= SDPA_FLOW_MAX_QUEUES) {
		DOCA_LOG_ERR("doca_flow_pipe_cfg_set_excluded_queue: queue %u out of range; use "
		             "0..%u",
		             (unsigned int)pipe_queue, SDPA_FLOW_MAX_QUEUES - 1);
		return DOCA_ERROR_INVALID_VALUE;
	}
	cfg->excluded_q |= 1ull << pipe_queue;
	return DOCA_SUCCESS;
}

DOCA_STABLE doca_error_t doca_flow_pipe_cfg_set_miss_counter(struct doca_flow_pipe_cfg *cfg,
                                                             bool miss_counter)
{
	PC_CHECK(cfg, "doca_flow_pipe_cfg_set_miss_counter");
	cfg->miss_counter = miss_counter;
	return DOCA_SUCCESS;
}

DOCA_STABLE doca_error_t doca_flow_pipe_cfg_set_congestion_level_threshold(
        struct doca_flow_pipe_cfg *cfg, uint8_t congestion_level_threshold)
{
	PC_CHECK(cfg, "doca_flow_pipe_cfg_set_congestion_level_threshold");
	if (congestion_level_threshold == 0 || congestion_level_threshold > 100) {
		DOCA_LOG_ERR("doca_flow_pipe_cfg_set_congestion_level_threshold: %u%% is out of "
		             "range; use 1..100",
		             (unsigned int)congestion_level_threshold);
		return DOCA_ERROR_INVALID_VALUE;
	}
	cfg->congestion_pct = congestion_level_threshold;
	return DOCA_SUCCESS;
}

DOCA_STABLE doca_error_t doca_flow_pipe_cfg_set_user_ctx(struct doca_flow_pipe_cfg *cfg,
                                                         void *user_ctx)
{
	PC_CHECK(cfg, "doca_flow_pipe_cfg_set_user_ctx");
	cfg->user_ctx = user_ctx;
	return DOCA_SUCCESS;
}

DOCA_STABLE doca_error_t doca_flow_pipe_cfg_set_hash_map_algorithm(struct doca_flow_pipe_cfg *cfg,
                                                                   uint32_t algorithm_flags)
{
	PC_CHECK(cfg, "doca_flow_pipe_cfg_set_hash_map_algorithm");
	if (algorithm_flags == 0 || (algorithm_flags & ~0x3fu) != 0) {
		DOCA_LOG_ERR("doca_flow_pipe_cfg_set_hash_map_algorithm: flags 0x%x invalid; OR "
		             "doca_flow_pipe_hash_map_algorithm bits (HASH, RANDOM, IDENTITY, "
		             "ROUND_ROBIN, FLOODING, SELECT_ENABLED)",
		             algorithm_flags);
		return DOCA_ERROR_INVALID_VALUE;
	}
	cfg->hash_algos = algorithm_flags;
	return DOCA_SUCCESS;
}

/* ------------------------------------------------------------------ create / destroy */

static uint32_t default_algo(uint32_t algos)
{
	static const uint32_t order[] = {
	        DOCA_FLOW_PIPE_HASH_MAP_ALGORITHM_HASH,
	        DOCA_FLOW_PIPE_HASH_MAP_ALGORITHM_RANDOM,
	        DOCA_FLOW_PIPE_HASH_MAP_ALGORITHM_IDENTITY,
	        DOCA_FLOW_PIPE_HASH_MAP_ALGORITHM_ROUND_ROBIN,
	        DOCA_FLOW_PIPE_HASH_MAP_ALGORITHM_FLOODING,
	};

	for (size_t i = 0; i < SDPA_ARRAY_SIZE(order); i++)
		if (algos & order[i])
			return order[i] |
			       (algos & DOCA_FLOW_PIPE_HASH_MAP_ALGORITHM_SELECT_ENABLED);
	return DOCA_FLOW_PIPE_HASH_MAP_ALGORITHM_HASH |
	       (algos & DOCA_FLOW_PIPE_HASH_MAP_ALGORITHM_SELECT_ENABLED);
}

static void pipe_free_mem(struct doca_flow_pipe *p)
{
	struct sdpa_fwd *fm = sdpa_load_relaxed(&p->fwd_miss);

	free(fm);
	sdpa_em_table_free(sdpa_load_relaxed(&p->em));
	sdpa_entry_dcache_clear(p);
	free(sdpa_load_relaxed(&p->snap));
	sdpa_store_relaxed(&p->em, NULL);
	sdpa_store_relaxed(&p->snap, NULL);
	sdpa_store_relaxed(&p->fwd_miss, NULL);
	if (p->type == DOCA_FLOW_PIPE_HASH)
		sdpa_hash_state_fini(p);
	if (p->type == DOCA_FLOW_PIPE_LPM || p->type == DOCA_FLOW_PIPE_ACL)
		sdpa_lpmacl_pipe_fini(p);
	for (uint32_t i = 0; p->lists && i < p->nr_lists; i++)
		sdpa_ol_unpin(&p->lists[i]);
	free(p->lists);
	p->lists = NULL;
}

DOCA_STABLE doca_error_t doca_flow_pipe_create(const struct doca_flow_pipe_cfg *cfg,
                                               const struct doca_flow_fwd *fwd,
                                               const struct doca_flow_fwd *fwd_miss,
                                               struct doca_flow_pipe **pipe)
{
	static const char who[] = "doca_flow_pipe_create";
	struct doca_flow_pipe *p;
	struct sdpa_fwd fm;
	doca_error_t r;

	PC_CHECK(cfg, "doca_flow_pipe_create");
	if (pipe == NULL) {
		DOCA_LOG_ERR("doca_flow_pipe_create: pipe is NULL; pass the address of a pipe "
		             "pointer");
		return DOCA_ERROR_INVALID_VALUE;
	}
	if (cfg->type == DOCA_FLOW_PIPE_CT) {
		DOCA_LOG_ERR("doca_flow_pipe_create: pipe '%s' of type %s is not supported by "
		             "softdpa; use BASIC, CONTROL, HASH, ORDERED_LIST, LPM or ACL",
		             cfg->name, type_name(cfg->type));
		return DOCA_ERROR_NOT_SUPPORTED;
	}
	/* DEFAULT (ingress) and EGRESS pipes; the secure domains belong to the crypto path
	 * (IPsec/PSP), which softdpa does not emulate. */
	if (cfg->domain != DOCA_FLOW_PIPE_DOMAIN_DEFAULT &&
	    cfg->domain != DOCA_FLOW_PIPE_DOMAIN_EGRESS) {
		DOCA_LOG_ERR(
		        "doca_flow_pipe_create: pipe '%s': domain %s is not supported by "
		        "softdpa (no IPsec/PSP crypto path); use DOCA_FLOW_PIPE_DOMAIN_DEFAULT "
		        "or DOCA_FLOW_PIPE_DOMAIN_EGRESS",
		        cfg->name,
		        cfg->domain == DOCA_FLOW_PIPE_DOMAIN_SECURE_INGRESS ? "SECURE_INGRESS"
		                                                            : "SECURE_EGRESS");
		return DOCA_ERROR_NOT_SUPPORTED;
	}
	if (cfg->type == DOCA_FLOW_PIPE_ORDERED_LIST && cfg->nr_lists == 0) {
		DOCA_LOG_ERR("doca_flow_pipe_create: ORDERED_LIST pipe '%s' has no lists; call "
		             "doca_flow_pipe_cfg_set_ordered_lists",
		             cfg->name);
		return DOCA_ERROR_INVALID_VALUE;
	}
	/* A pipe that floods, or picks at random or in turn, hashes nothing. */
	if (cfg->type == DOCA_FLOW_PIPE_HASH && !cfg->has_match &&
	    !(cfg->hash_algos & (DOCA_FLOW_PIPE_HASH_MAP_ALGORITHM_FLOODING |
	                         DOCA_FLOW_PIPE_HASH_MAP_ALGORITHM_RANDOM |
	                         DOCA_FLOW_PIPE_HASH_MAP_ALGORITHM_ROUND_ROBIN))) {
		DOCA_LOG_ERR("doca_flow_pipe_create: HASH pipe '%s' has no match mask; call "
		             "doca_flow_pipe_cfg_set_match(cfg, NULL, &mask) with the hashed "
		             "fields",
		             cfg->name);
		return DOCA_ERROR_INVALID_VALUE;
	}
	p = calloc(1, sizeof(*p));
	if (p == NULL) {
		DOCA_LOG_ERR("doca_flow_pipe_create: out of memory for pipe '%s'; free memory",
		             cfg->name);
		return DOCA_ERROR_NO_MEMORY;
	}
	pthread_mutex_lock(&flow_g.lock);
	if (!sdpa_flow_port_valid(cfg->port)) {
		r = DOCA_ERROR_INVALID_VALUE;
		DOCA_LOG_ERR("doca_flow_pipe_create: the cfg's port was stopped; create the cfg "
		             "on a started port");
		goto err;
	}
	snprintf(p->name, sizeof(p->name), "%s", cfg->name[0] ? cfg->name : "(unnamed)");
	p->type = cfg->type;
	p->domain = cfg->domain;
	p->is_root = cfg->is_root && cfg->domain != DOCA_FLOW_PIPE_DOMAIN_EGRESS;
	p->egress_root = cfg->is_root && cfg->domain == DOCA_FLOW_PIPE_DOMAIN_EGRESS;
	p->miss_counter = cfg->miss_counter;
	p->nr_entries = cfg->nr_entries;
	p->user_ctx = cfg->user_ctx;
	p->resizable = cfg->is_resizable;
	p->congestion_pct = cfg->congestion_pct;
	p->excluded_q = cfg->excluded_q;
	if (p->resizable && p->type != DOCA_FLOW_PIPE_BASIC && p->type != DOCA_FLOW_PIPE_CONTROL &&
	    p->type != DOCA_FLOW_PIPE_ORDERED_LIST) {
		r = DOCA_ERROR_NOT_SUPPORTED;
		DOCA_LOG_ERR("%s: pipe '%s': a resizable %s pipe is not supported by softdpa; "
		             "make BASIC, CONTROL or ORDERED_LIST pipes resizable, size others "
		             "with doca_flow_pipe_cfg_set_nr_entries",
		             who, p->name, type_name(p->type));
		goto err;
	}
	p->port = cfg->port;
	if (cfg->has_match && p->type != DOCA_FLOW_PIPE_ORDERED_LIST) {
		r = sdpa_match_compile_port(p->port, cfg->match_null ? NULL : &cfg->match,
		                            cfg->has_mask ? &cfg->mask : NULL, false, who, &p->mt);
		if (r != DOCA_SUCCESS)
			goto err;
	}
	if (p->type == DOCA_FLOW_PIPE_HASH && !sdpa_steer_plan_build(&p->mt, &p->steer)) {
		/* The device has no definer for it either (D21). */
		DOCA_LOG_ERR("%s: hash pipe '%s' hashes more fields than a definer holds (9 "
		             "DWords and 8 bytes of the header layout); hash on fewer fields",
		             who, p->name);
		r = DOCA_ERROR_INVALID_VALUE;
		goto err;
	}
	p->nr_actions = cfg->nr_actions;
	for (uint32_t i = 0; i < cfg->nr_actions; i++) {
		r = sdpa_act_compile(&cfg->actions[i].a,
		                     cfg->has_amask[i] ? &cfg->amask[i].a : NULL, who, &p->act[i]);
		if (r != DOCA_SUCCESS)
			goto err;
		p->act[i].ndescs = cfg->descs[i].ndescs;
		memcpy(p->act[i].descs, cfg->descs[i].descs, sizeof(p->act[i].descs));
	}
	if (cfg->has_monitor) {
		p->ctr_non_shared = cfg->monitor.counter_type == DOCA_FLOW_RESOURCE_TYPE_NON_SHARED;
		p->ctr_shared = cfg->monitor.counter_type == DOCA_FLOW_RESOURCE_TYPE_SHARED;
		p->ctr_shared_id = cfg->monitor.shared_counter.shared_counter_id;
		/* UINT32_MAX: each entry names its own. */
		if (p->ctr_shared && p->ctr_shared_id != UINT32_MAX &&
		    sdpa_shared_ctr_resolve(p->port, p->ctr_shared_id, who) == NULL) {
			r = DOCA_ERROR_INVALID_VALUE;
			goto err;
		}
		r = sdpa_mon_tmpl_compile(&cfg->monitor, p->port, who, &p->mon);
		if (r != DOCA_SUCCESS)
			goto err;
	}
	r = sdpa_fwd_compile(fwd, p->port, false, who, &p->fwd);
	if (r == DOCA_SUCCESS)
		r = sdpa_fwd_domain_check(p, &p->fwd, who);
	if (r != DOCA_SUCCESS)
		goto err;
	r = sdpa_fwd_compile(fwd_miss, p->port, true, who, &fm);
	if (r == DOCA_SUCCESS)
		r = sdpa_fwd_domain_check(p, &fm, who);
	if (r != DOCA_SUCCESS)
		goto err;
	if (fm.kind != SDPA_FWD_NONE) {
		struct sdpa_fwd *f = malloc(sizeof(*f));

		if (f == NULL) {
			r = DOCA_ERROR_NO_MEMORY;
			DOCA_LOG_ERR("doca_flow_pipe_create: out of memory; free memory");
			goto err;
		}
		*f = fm;
		sdpa_store_relaxed(&p->fwd_miss, f);
	}
	switch (p->type) {
	case DOCA_FLOW_PIPE_BASIC: {
		uint32_t size = sdpa_em_slots(p->nr_entries);
		uint16_t tail = (uint16_t)((SDPA_ENTRY_HEAD + p->mt.klen + 7) & ~(size_t)7);
		struct sdpa_em_table *t = sdpa_em_table_alloc(size);

		if (t == NULL) {
			r = DOCA_ERROR_NO_MEMORY;
			DOCA_LOG_ERR("doca_flow_pipe_create: out of memory for %u entries of pipe "
			             "'%s'; lower nr_entries",
			             p->nr_entries, p->name);
			goto err;
		}
		sdpa_store_relaxed(&p->em, t);
		/* An entry's own counter and last hit after its key, so that entries with
		 * equal data share it (flow_entry.c): room for the last hit when the template
		 * ages (an entry that ages on its own keeps it in its own data). */
		if (p->ctr_non_shared) {
			p->ectr_off = tail;
			tail += 8;
		}
		if (p->mon.aging_sec != 0) {
			p->eage_off = tail;
			tail += 8;
		}
		p->etail = p->ectr_off != 0 || p->eage_off != 0 ? tail : 0;
		break;
	}
	case DOCA_FLOW_PIPE_HASH:
		r = sdpa_hash_state_init(p, cfg->hash_algos);
		if (r != DOCA_SUCCESS)
			goto err;
		p->hash.def_algo = default_algo(cfg->hash_algos);
		for (uint32_t a = 0; a < p->nr_actions; a++) {
			for (uint32_t i = 0; i < p->act[a].nops; i++) {
				struct sdpa_op *op = &p->act[a].ops[i];

				if (op->per_entry && op->kind != SDPA_OP_META && op->size <= 4) {
					op->psv = 1;
					p->hash.has_psv = true;
					p->hash.psv_size = op->size;
					break;
				}
			}
		}
		break;
	case DOCA_FLOW_PIPE_ORDERED_LIST:
		p->lists = calloc(cfg->nr_lists, sizeof(*p->lists));
		if (p->lists == NULL) {
			r = DOCA_ERROR_NO_MEMORY;
			DOCA_LOG_ERR("doca_flow_pipe_create: out of memory; free memory");
			goto err;
		}
		memcpy(p->lists, cfg->lists, cfg->nr_lists * sizeof(*p->lists));
		p->nr_lists = cfg->nr_lists;
		for (uint32_t i = 0; i < p->nr_lists; i++)
			for (uint32_t k = 0; k < p->lists[i].nelems; k++)
				if (p->lists[i].elems[k].type == SDPA_OL_EXTERNAL)
					sdpa_ext_pin(p->lists[i].elems[k].ext_res);
		break;
	case DOCA_FLOW_PIPE_LPM:
	case DOCA_FLOW_PIPE_ACL:
		r = sdpa_lpmacl_pipe_init(p, who);
		if (r != DOCA_SUCCESS)
			goto err;
		break;
	default:
		break;
	}
	if (p->is_root && sdpa_load_relaxed(&p->port->root) != NULL) {
		struct doca_flow_pipe *old = sdpa_load_relaxed(&p->port->root);

		r = DOCA_ERROR_INVALID_VALUE;
		DOCA_LOG_ERR("doca_flow_pipe_create: port %u already has root pipe '%s'; destroy "
		             "it or create '%s' with is_root false",
		             (unsigned int)p->port->port_id, old->name, p->name);
		goto err;
	}
	for (struct doca_flow_pipe *o = p->port->pipes; p->egress_root && o != NULL; o = o->next)
		if (o->egress_root) {
			r = DOCA_ERROR_INVALID_VALUE;
			DOCA_LOG_ERR("doca_flow_pipe_create: port %u already has egress root pipe "
			             "'%s'; destroy it or create '%s' with is_root false",
			             (unsigned int)p->port->port_id, o->name, p->name);
			goto err;
		}
	if (!sdpa_handle_add(p, SDPA_H_FLOW_PIPE)) {
		r = DOCA_ERROR_NO_MEMORY; /* sdpa_handle_add logged the cause */
		goto err;
	}
	p->id = next_pipe_id++;
	p->next = p->port->pipes;
	if (p->next)
		p->next->prev = p;
	p->port->pipes = p;
	sdpa_pipe_registry_add(p);
	if (p->is_root)
		sdpa_store_release(&p->port->root, p); /* R-root: pairs with A-root (datapath) */
	if (p->egress_root)
		/* R-eroot pairs with A-eroot in egress_root_of (flow_dp.c): the pipe is whole */
		sdpa_store_release(&p->port->eroot, p);
	pthread_mutex_unlock(&flow_g.lock);
	*pipe = p;
	return DOCA_SUCCESS;
err:
	pthread_mutex_unlock(&flow_g.lock);
	pipe_free_mem(p);
	free(p);
	return r;
}

static void entries_free_all(struct doca_flow_pipe *p)
{
	struct doca_flow_pipe_entry *e = p->entries;

	while (e != NULL) {
		struct doca_flow_pipe_entry *n = e->next;

		sdpa_entry_bury(e, true);
		e = n;
	}
	p->entries = NULL;
}

doca_error_t sdpa_fwd_domain_check(const struct doca_flow_pipe *from, const struct sdpa_fwd *f,
                                   const char *who)
{
	bool to_pipe =
	        f->kind == SDPA_FWD_PIPE || f->kind == SDPA_FWD_HASH || f->kind == SDPA_FWD_OL;

	/* In switch mode the egress pipes are the switch's: they may hand a frame back to
	 * the switch's ingress pipes (NVIDIA's flow_hash_flooding_pipe) or to its queues. */
	if (from->domain != DOCA_FLOW_PIPE_DOMAIN_EGRESS || from->port->switch_mode)
		return DOCA_SUCCESS;
	if (to_pipe && f->pipe != NULL && f->pipe->domain != DOCA_FLOW_PIPE_DOMAIN_EGRESS) {
		DOCA_LOG_ERR("%s: egress pipe '%s' forwards to ingress pipe '%s': outside switch "
		             "mode an egress pipe forwards only to a port, to DROP or to egress "
		             "pipes; forward to an egress pipe or a port",
		             who, from->name, f->pipe->name);
		return DOCA_ERROR_INVALID_VALUE;
	}
	if (f->kind == SDPA_FWD_RSS || f->kind == SDPA_FWD_SHARED_RSS ||
	    f->kind == SDPA_FWD_TARGET) {
		DOCA_LOG_ERR("%s: egress pipe '%s' forwards to %s: outside switch mode frames on "
		             "their way out reach no receive queue or kernel; forward to a port, "
		             "to DROP or to an egress pipe",
		             who, from->name,
		             f->kind == SDPA_FWD_TARGET ? "a target" : "RSS queues");
		return DOCA_ERROR_INVALID_VALUE;
	}
	return DOCA_SUCCESS;
}

void sdpa_pipe_destroy_locked(struct doca_flow_pipe *p)
{
	if (p->is_root && sdpa_load_relaxed(&p->port->root) == p)
		sdpa_store_release(&p->port->root, NULL); /* R-root: pairs with A-root */
	if (p->egress_root && sdpa_load_relaxed(&p->port->eroot) == p)
		sdpa_store_release(&p->port->eroot, NULL); /* R-eroot pairs with A-eroot */
	if (p->prev)
		p->prev->next = p->next;
	else
		p->port->pipes = p->next;
	if (p->next)
		p->next->prev = p->prev;
	sdpa_queue_cancel_pipe(p);
	sdpa_pipe_registry_del(p);
	sdpa_store_relaxed(&p->dead, 1);
	/* Refused from now on; the graveyard keeps the memory (core/handles.h). */
	sdpa_handle_retire(p, NULL);
	/* No datapath thread can reach the tables or entries once this returns. */
	sdpa_nic_synchronize();
	entries_free_all(p);
	pipe_free_mem(p);
	p->grave_next = graveyard;
	graveyard = p;
}

void sdpa_pipe_graveyard_free(void)
{
	while (graveyard != NULL) {
		struct doca_flow_pipe *n = graveyard->grave_next;

		free(graveyard);
		graveyard = n;
	}
}

DOCA_STABLE void doca_flow_pipe_destroy(struct doca_flow_pipe *pipe)
{
	pthread_mutex_lock(&flow_g.lock);
	if (!sdpa_flow_pipe_valid(pipe)) {
		pthread_mutex_unlock(&flow_g.lock);
		DOCA_LOG_ERR("doca_flow_pipe_destroy: %s; pass a pipe from doca_flow_pipe_create "
		             "(each pipe is destroyed once)",
		             pipe == NULL ? "pipe is NULL"
		             : sdpa_handle_destroyed(pipe, SDPA_H_FLOW_PIPE)
		                     ? "the pipe was destroyed already (destroyed twice, or a "
		                       "stale pointer)"
		                     : "not a live pipe");
		return;
	}
	sdpa_pipe_destroy_locked(pipe);
	pthread_mutex_unlock(&flow_g.lock);
}

DOCA_STABLE doca_error_t doca_flow_pipe_update_miss(struct doca_flow_pipe *pipe,
                                                    const struct doca_flow_fwd *fwd_miss)
{
	struct sdpa_fwd fm, *nf = NULL, *old;
	doca_error_t r;

	pthread_mutex_lock(&flow_g.lock);
	if (!sdpa_flow_pipe_valid(pipe) || fwd_miss == NULL) {
		pthread_mutex_unlock(&flow_g.lock);
		DOCA_LOG_ERR("doca_flow_pipe_update_miss: %s; pass a live pipe and a fwd_miss",
		             fwd_miss == NULL ? "fwd_miss is NULL" : "not a live pipe");
		return DOCA_ERROR_INVALID_VALUE;
	}
	r = sdpa_fwd_compile(fwd_miss, pipe->port, true, "doca_flow_pipe_update_miss", &fm);
	if (r == DOCA_SUCCESS)
		r = sdpa_fwd_domain_check(pipe, &fm, "doca_flow_pipe_update_miss");
	if (r == DOCA_SUCCESS && fm.kind != SDPA_FWD_NONE) {
		nf = malloc(sizeof(*nf));
		if (nf == NULL) {
			r = DOCA_ERROR_NO_MEMORY;
			DOCA_LOG_ERR("doca_flow_pipe_update_miss: out of memory; free memory");
		} else {
			*nf = fm;
		}
	}
	if (r == DOCA_SUCCESS) {
		old = sdpa_load_relaxed(&pipe->fwd_miss);
		sdpa_store_release(&pipe->fwd_miss, nf); /* R-miss: pairs with A-miss */
		if (old)
			sdpa_nic_defer(free, old);
	}
	pthread_mutex_unlock(&flow_g.lock);
	return r;
}

DOCA_EXPERIMENTAL doca_error_t doca_flow_pipe_calc_hash(struct doca_flow_pipe *pipe,
                                                        const struct doca_flow_match *match,
                                                        uint32_t *hash)
{
	if (!sdpa_flow_pipe_valid(pipe) || match == NULL || hash == NULL) {
		DOCA_LOG_ERR("doca_flow_pipe_calc_hash: %s; pass a live HASH pipe, a match and an "
		             "output",
		             !sdpa_flow_pipe_valid(pipe) ? "not a live pipe" : "NULL argument");
		return DOCA_ERROR_INVALID_VALUE;
	}
	if (pipe->type != DOCA_FLOW_PIPE_HASH) {
		DOCA_LOG_ERR("doca_flow_pipe_calc_hash: pipe '%s' is %s; calc_hash needs a HASH "
		             "pipe",
		             pipe->name, type_name(pipe->type));
		return DOCA_ERROR_NOT_SUPPORTED;
	}
	*hash = sdpa_steer_hash(&pipe->steer, (const uint8_t *)match);
	return DOCA_SUCCESS;
}

static const char *fwd_name(uint8_t k)
{
	static const char *const n[] = {
	        "none (per entry)", "rss",       "port",         "pipe",      "drop",
	        "ordered list",     "hash pipe", "default miss", "shared rss"};

	return k < SDPA_ARRAY_SIZE(n) ? n[k] : "?";
}

DOCA_EXPERIMENTAL void doca_flow_pipe_dump(struct doca_flow_pipe *pipe, FILE *f)
{
	struct doca_flow_resource_query q;

	if (f == NULL)
		f = stdout;
	pthread_mutex_lock(&flow_g.lock);
	if (!sdpa_flow_pipe_valid(pipe)) {
		pthread_mutex_unlock(&flow_g.lock);
		DOCA_LOG_ERR("doca_flow_pipe_dump: not a live pipe; pass a pipe from "
		             "doca_flow_pipe_create");
		return;
	}
	fprintf(f,
	        "pipe '%s' id %u type %s port %u%s: %u/%u entries, key %u bytes in %u "
	        "ranges, %u selectors, %u action templates, fwd %s",
	        pipe->name, pipe->id, type_name(pipe->type), (unsigned int)pipe->port->port_id,
	        pipe->is_root ? " (root)" : "", pipe->nr_cur, pipe->nr_entries, pipe->mt.klen,
	        pipe->mt.nsegs, pipe->mt.nsel, pipe->nr_actions, fwd_name(pipe->fwd.kind));
	if (pipe->fwd.kind == SDPA_FWD_PORT)
		fprintf(f, " %u", (unsigned int)pipe->fwd.port_id);
	if (pipe->miss_counter) {
		sdpa_ctr_sum(pipe->miss, SDPA_FLOW_NW, &q);
		fprintf(f, ", missed %llu", (unsigned long long)q.counter.total_pkts);
	}
	if (pipe->type == DOCA_FLOW_PIPE_HASH)
		fprintf(f, ", index space %u, algorithms 0x%x", pipe->hash.size, pipe->hash.algos);
	fprintf(f, "\n");
	for (uint32_t s = 0; s < pipe->mt.nsegs; s++)
		fprintf(f, "  match bytes %u..%u of struct doca_flow_match\n", pipe->mt.segs[s].off,
		        pipe->mt.segs[s].off + pipe->mt.segs[s].len - 1);
	pthread_mutex_unlock(&flow_g.lock);
}
