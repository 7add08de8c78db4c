/* SPDX-License-Identifier: BSD-3-Clause
 * DOCA Flow encapsulation and decapsulation (docs/FLOW.md "Tunnels").
 *
 * Compile: an encap configuration becomes the exact header bytes it pushes (outer
 * Ethernet, VLANs, IPv4/IPv6, UDP, tunnel header); the fields a pipe template leaves to
 * each entry (all-ones) become patches that an entry's values fill in a copy. A decap
 * configuration becomes the L2 header an L3 decap puts back. Shared encap/decap resources
 * are compiled the same way (without per-entry fields) into slots the datapath reads.
 *
 * Datapath: what the hardware computes is filled per frame: IPv4 total length and header
 * checksum, IPv6 payload length, UDP length (checksum 0), GTP-U length, the EtherType /
 * protocol of an L3 tunnel from the inner header when the action leaves it 0, and the
 * UDP source port of VXLAN/VXLAN-GPE/GENEVE from the inner 5-tuple, computed as
 * doca_flow_port_calc_entropy does, when the action leaves it 0. The IPv4 identification
 * is the action's (0 unless set).
 */
#include <stddef.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "core/log.h"
#include "core/stats.h"
#include "core/util.h"
#include "nic/flow_priv.h"
#include "nic/nic.h"

SDPA_LOG_REGISTER(nic_flow_tunnel);

/* ------------------------------------------------------------------ header builder */

struct hb {
	uint8_t *buf;
	uint32_t len;
	uint32_t cap;
	const uint8_t *base;     /* the struct the configuration's fields live in */
	struct sdpa_act_tmpl *t; /* patch sink; NULL: every value is literal (shared) */
	uint8_t decap;
	bool overflow;
};

static bool all_ones(const uint8_t *p, uint32_t n)
{
	for (uint32_t i = 0; i < n; i++)
		if (p[i] != 0xff)
			return false;
	return true;
}

static void put_const(struct hb *b, const void *v, uint32_t n)
{
	if (b->len + n > b->cap) {
		b->overflow = true;
		return;
	}
	memcpy(b->buf + b->len, v, n);
	b->len += n;
}

static void put_u8(struct hb *b, uint8_t v)
{
	put_const(b, &v, 1);
}

static void put_be16(struct hb *b, uint16_t v)
{
	uint8_t x[2];

	sdpa_put_be16(x, v);
	put_const(b, x, 2);
}

/* A field of the configuration: literal, or (all-ones in a template) a per-entry patch. */
static void put(struct hb *b, const void *field, uint32_t n)
{
	const uint8_t *f = field;

	if (b->t != NULL && all_ones(f, n)) {
		static const uint8_t zero[16];

		if (b->t->npatch == SDPA_TUN_PATCH_MAX || b->len + n > b->cap) {
			b->overflow = true;
			return;
		}
		struct sdpa_tun_patch *p = &b->t->patch[b->t->npatch++];
		p->act_off = (uint16_t)(f - b->base);
		p->dst = (uint8_t)b->len;
		p->size = (uint8_t)n;
		p->decap = b->decap;
		put_const(b, zero, n);
		return;
	}
	put_const(b, f, n);
}

static bool udp_tunnel(uint32_t tun)
{
	return tun == DOCA_FLOW_TUN_VXLAN || tun == DOCA_FLOW_TUN_GENEVE ||
	       tun == DOCA_FLOW_TUN_GTPU || tun == DOCA_FLOW_TUN_MPLS_O_UDP;
}

static const char *tun_name(uint32_t tun)
{
	static const char *const n[] = {"NONE",       "VXLAN",  "GTPU", "GRE",     "ESP",
	                                "MPLS_O_UDP", "GENEVE", "PSP",  "IP_IN_IP"};

	return tun < SDPA_ARRAY_SIZE(n) ? n[tun] : "unknown";
}

/* The Ethernet header (and VLAN tags) of an encap or an L3 decap. type_auto: an EtherType
 * of 0 is left for the datapath (returns its offset), else the L3 type's. */
static void put_l2(struct hb *b, const struct doca_flow_header_eth *eth, uint16_t valid,
                   const struct doca_flow_header_eth_vlan *vlan, uint16_t l3_type)
{
	put(b, eth->dst_mac, 6);
	put(b, eth->src_mac, 6);
	for (int i = 0; i < 2; i++) {
		if (!(valid & (1u << i)))
			continue;
		put_be16(b, SDPA_ETH_P_VLAN);
		put(b, &vlan[i].tci, 2);
	}
	if (eth->type != 0)
		put(b, &eth->type, 2);
	else
		put_be16(b, l3_type);
}

/* The IPv4 header sum of an encap without what each frame fills in (sdpa_encap.ip4_sum).
 * Again after an entry's values are patched into the header. */
static void encap_sum(struct sdpa_encap *e)
{
	uint8_t h[SDPA_IP4_HLEN];

	if (e->l3 != SDPA_L3_IP4)
		return;
	memcpy(h, e->hdr + e->l3_off, sizeof(h));
	h[1] &= (uint8_t)~3u; /* ECN: the inner's */
	h[2] = h[3] = 0;      /* total length */
	h[10] = h[11] = 0;    /* checksum */
	if (e->auto_ip_proto)
		h[9] = 0;
	e->ip4_sum = sdpa_csum_partial(h, sizeof(h), 0);
}

static doca_error_t encap_build(const struct doca_flow_resource_encap_cfg *cfg, const uint8_t *base,
                                struct sdpa_act_tmpl *t, const char *who, struct sdpa_encap *e)
{
	const struct doca_flow_header_format *o = &cfg->encap.outer;
	const struct doca_flow_tun *tn = &cfg->encap.tun;
	struct hb b = {.buf = e->hdr, .cap = SDPA_ENCAP_MAX, .base = base, .t = t};
	uint32_t tun = tn->type;
	bool gpe = tun == DOCA_FLOW_TUN_VXLAN && tn->vxlan_type == DOCA_FLOW_TUN_EXT_VXLAN_GPE;
	bool nvgre = tun == DOCA_FLOW_TUN_GRE && tn->gre_type == DOCA_FLOW_TUN_EXT_GRE_NVGRE;

	memset(e, 0, sizeof(*e));
	e->is_l2 = cfg->is_l2;
	e->tun = (uint8_t)tun;
	switch (tun) {
	case DOCA_FLOW_TUN_VXLAN:
	case DOCA_FLOW_TUN_GRE:
	case DOCA_FLOW_TUN_GENEVE:
	case DOCA_FLOW_TUN_GTPU:
	case DOCA_FLOW_TUN_MPLS_O_UDP:
	case DOCA_FLOW_TUN_IP_IN_IP:
		break;
	case DOCA_FLOW_TUN_ESP:
	case DOCA_FLOW_TUN_PSP:
		DOCA_LOG_ERR("%s: encap of a %s tunnel is not supported by softdpa; use VXLAN, "
		             "GRE, GENEVE, GTPU, MPLS_O_UDP or IP_IN_IP",
		             who, tun_name(tun));
		return DOCA_ERROR_NOT_SUPPORTED;
	default:
		DOCA_LOG_ERR("%s: encap tun.type %u is not a tunnel; set encap.tun.type to "
		             "VXLAN, GRE, GENEVE, GTPU, MPLS_O_UDP or IP_IN_IP",
		             who, tun);
		return DOCA_ERROR_INVALID_VALUE;
	}
	if (tun == DOCA_FLOW_TUN_VXLAN && tn->vxlan_type == DOCA_FLOW_TUN_EXT_VXLAN_GBP) {
		DOCA_LOG_ERR("%s: encap of VXLAN-GBP is not supported by softdpa; use "
		             "DOCA_FLOW_TUN_EXT_VXLAN_STANDARD or _GPE",
		             who);
		return DOCA_ERROR_NOT_SUPPORTED;
	}
	if (o->l3_type != DOCA_FLOW_L3_TYPE_IP4 && o->l3_type != DOCA_FLOW_L3_TYPE_IP6) {
		DOCA_LOG_ERR("%s: encap outer.l3_type %d is neither IP4 nor IP6; set "
		             "encap_cfg.encap.outer.l3_type and the outer addresses",
		             who, (int)o->l3_type);
		return DOCA_ERROR_INVALID_VALUE;
	}
	if (cfg->is_l2 && (tun == DOCA_FLOW_TUN_GTPU || tun == DOCA_FLOW_TUN_MPLS_O_UDP ||
	                   tun == DOCA_FLOW_TUN_IP_IN_IP)) {
		DOCA_LOG_ERR("%s: a %s tunnel carries IP, not Ethernet; set encap_cfg.is_l2 = "
		             "false",
		             who, tun_name(tun));
		return DOCA_ERROR_INVALID_VALUE;
	}
	if (!cfg->is_l2 && tun == DOCA_FLOW_TUN_VXLAN && !gpe) {
		DOCA_LOG_ERR("%s: VXLAN carries Ethernet; set encap_cfg.is_l2 = true, or use "
		             "VXLAN-GPE (tun.vxlan_type GPE) for an L3 tunnel",
		             who);
		return DOCA_ERROR_INVALID_VALUE;
	}
	if (tun == DOCA_FLOW_TUN_GENEVE &&
	    (tn->geneve.ver_opt_len & 0x3f) > DOCA_FLOW_ENCAP_GENEVE_OPT_LEN_MAX) {
		DOCA_LOG_ERR("%s: GENEVE encap with %u option words; at most %u "
		             "(DOCA_FLOW_ENCAP_GENEVE_OPT_LEN_MAX)",
		             who, tn->geneve.ver_opt_len & 0x3fu,
		             DOCA_FLOW_ENCAP_GENEVE_OPT_LEN_MAX);
		return DOCA_ERROR_INVALID_VALUE;
	}
	if (tun == DOCA_FLOW_TUN_GTPU && tn->gtp_next_ext_hdr_type != 0 &&
	    tn->gtp_next_ext_hdr_type != DOCA_FLOW_GTP_EXT_PSC) {
		DOCA_LOG_ERR("%s: GTP-U encap with next extension header 0x%02x is not supported "
		             "by softdpa; use 0 or DOCA_FLOW_GTP_EXT_PSC (0x85)",
		             who, tn->gtp_next_ext_hdr_type);
		return DOCA_ERROR_NOT_SUPPORTED;
	}
	bool ip6 = o->l3_type == DOCA_FLOW_L3_TYPE_IP6;

	/* L2 */
	put_l2(&b, &o->eth, o->l2_valid_headers, o->eth_vlan,
	       ip6 ? SDPA_ETH_P_IPV6 : SDPA_ETH_P_IPV4);
	/* L3 */
	e->l3 = ip6 ? SDPA_L3_IP6 : SDPA_L3_IP4;
	e->l3_off = (uint8_t)b.len;
	uint8_t proto = udp_tunnel(tun)            ? SDPA_IPPROTO_UDP
	                : tun == DOCA_FLOW_TUN_GRE ? SDPA_IPPROTO_GRE
	                                           : 0;
	if (!ip6) {
		put_u8(&b, 0x45);
		put(&b, &o->ip4.dscp_ecn, 1);
		put_be16(&b, 0); /* total length: per frame */
		put(&b, &o->ip4.identification, 2);
		put(&b, &o->ip4.flags_fragment_offset, 2);
		put(&b, &o->ip4.ttl, 1);
		if (o->ip4.next_proto)
			put(&b, &o->ip4.next_proto, 1);
		else
			put_u8(&b, proto);
		put_be16(&b, 0); /* checksum: per frame */
		put(&b, &o->ip4.src_ip, 4);
		put(&b, &o->ip4.dst_ip, 4);
		e->auto_ip_proto = o->ip4.next_proto == 0 && proto == 0;
	} else {
		uint32_t fl = sdpa_be32((const uint8_t *)&o->ip6.flow_label);

		if (t != NULL && (o->ip6.traffic_class == 0xff || fl == 0xffffffffu)) {
			DOCA_LOG_ERR("%s: a per-entry outer IPv6 traffic class or flow label in an "
			             "encap is not supported by softdpa; give them in the pipe's "
			             "actions",
			             who);
			return DOCA_ERROR_NOT_SUPPORTED;
		}
		fl &= 0xfffff;
		uint8_t w[4];
		sdpa_put_be32(w, 6u << 28 | (uint32_t)o->ip6.traffic_class << 20 | fl);
		put_const(&b, w, 4);
		put_be16(&b, 0); /* payload length: per frame */
		if (o->ip6.next_proto)
			put(&b, &o->ip6.next_proto, 1);
		else
			put_u8(&b, proto);
		put(&b, &o->ip6.hop_limit, 1);
		put(&b, o->ip6.src_ip, 16);
		put(&b, o->ip6.dst_ip, 16);
		e->auto_ip_proto = o->ip6.next_proto == 0 && proto == 0;
	}
	/* L4 */
	if (udp_tunnel(tun)) {
		static const uint16_t dport[] = {[DOCA_FLOW_TUN_VXLAN] = SDPA_VXLAN_PORT,
		                                 [DOCA_FLOW_TUN_GTPU] = SDPA_GTPU_PORT,
		                                 [DOCA_FLOW_TUN_MPLS_O_UDP] = SDPA_MPLS_UDP_PORT,
		                                 [DOCA_FLOW_TUN_GENEVE] = SDPA_GENEVE_PORT};

		e->l4_off = (uint8_t)b.len;
		put(&b, &o->udp.l4_port.src_port, 2);
		e->entropy = o->udp.l4_port.src_port == 0 &&
		             (tun == DOCA_FLOW_TUN_VXLAN || tun == DOCA_FLOW_TUN_GENEVE);
		if (o->udp.l4_port.dst_port)
			put(&b, &o->udp.l4_port.dst_port, 2);
		else
			put_be16(&b, gpe ? SDPA_VXLAN_GPE_PORT : dport[tun]);
		put_be16(&b, 0); /* length: per frame */
		put_be16(&b, 0); /* checksum: 0, as the hardware sends it */
	}
	/* Tunnel header */
	e->tun_off = (uint8_t)b.len;
	switch (tun) {
	case DOCA_FLOW_TUN_VXLAN:
		if (!gpe) {
			put_u8(&b, 0x08);
			put_const(&b, "\0\0\0", 3);
		} else {
			if (tn->vxlan_gpe_flags)
				put(&b, &tn->vxlan_gpe_flags, 1);
			else
				put_u8(&b, 0x0c); /* VNI and next-protocol present */
			put_const(&b, "\0\0", 2);
			if (tn->vxlan_gpe_next_protocol) {
				put(&b, &tn->vxlan_gpe_next_protocol, 1);
			} else if (cfg->is_l2) {
				put_u8(&b, DOCA_FLOW_VXLAN_GPE_TYPE_ETH);
			} else {
				e->auto_gpe_off = (uint8_t)b.len;
				put_u8(&b, 0);
			}
		}
		put(&b, (const uint8_t *)&tn->vxlan_tun_id + 1, 3); /* htobe32(VNI) */
		put(&b, &tn->vxlan_tun_rsvd1, 1);
		break;
	case DOCA_FLOW_TUN_GRE: {
		bool key = nvgre || tn->key_present;

		put_u8(&b, key ? 0x20 : 0);
		put_u8(&b, 0);
		if (tn->protocol) {
			put(&b, &tn->protocol, 2);
		} else if (cfg->is_l2) {
			put_be16(&b, SDPA_ETH_P_TEB);
		} else {
			e->auto_type_off = (uint8_t)b.len;
			put_be16(&b, 0);
		}
		if (nvgre) {
			put(&b, &tn->nvgre_vs_id, 3);
			put(&b, &tn->nvgre_flow_id, 1);
		} else if (key) {
			put(&b, &tn->gre_key, 4);
		}
		break;
	}
	case DOCA_FLOW_TUN_GENEVE: {
		uint32_t words = tn->geneve.ver_opt_len & 0x3f;

		put_u8(&b, (uint8_t)words);
		put(&b, &tn->geneve.o_c, 1);
		if (tn->geneve.next_proto) {
			put(&b, &tn->geneve.next_proto, 2);
		} else if (cfg->is_l2) {
			put_be16(&b, SDPA_ETH_P_TEB);
		} else {
			e->auto_type_off = (uint8_t)b.len;
			put_be16(&b, 0);
		}
		put(&b, &tn->geneve.vni, 3);
		put_u8(&b, 0);
		for (uint32_t i = 0; i < words; i++)
			put(&b, &tn->geneve_options[i], 4);
		/* Each option's own length must end inside the options (template values). */
		for (uint32_t i = 0; t == NULL && i < words;) {
			i += 1 + (tn->geneve_options[i].length & 0x1f);
			if (i > words) {
				DOCA_LOG_ERR(
				        "%s: GENEVE encap option %u runs past the %u option words "
				        "of ver_opt_len; fix the option's length or ver_opt_len",
				        who, i, words);
				return DOCA_ERROR_INVALID_VALUE;
			}
		}
		break;
	}
	case DOCA_FLOW_TUN_GTPU: {
		bool psc = tn->gtp_next_ext_hdr_type == DOCA_FLOW_GTP_EXT_PSC;

		put_u8(&b, psc ? 0x34 : 0x30); /* version 1, PT 1, E with an extension */
		put_u8(&b, 0xff);              /* G-PDU */
		put_be16(&b, 0);               /* length: per frame */
		put(&b, &tn->gtp_teid, 4);
		if (psc) {
			static const uint8_t opt[] = {0, 0, 0, DOCA_FLOW_GTP_EXT_PSC, 1, 0};

			put_const(&b, opt, sizeof(opt)); /* seq, N-PDU, next 0x85; PSC len 1, DL */
			put(&b, &tn->gtp_ext_psc_qfi, 1);
			put_u8(&b, 0); /* no next extension */
		}
		break;
	}
	case DOCA_FLOW_TUN_MPLS_O_UDP: {
		uint32_t n = 0;

		while (n < DOCA_FLOW_MPLS_LABELS_MAX && tn->mpls[n].label != 0)
			n++;
		if (n == 0) {
			DOCA_LOG_ERR(
			        "%s: MPLS encap without a label; fill encap.tun.mpls[0] (build "
			        "it with doca_flow_mpls_label_encode)",
			        who);
			return DOCA_ERROR_INVALID_VALUE;
		}
		for (uint32_t i = 0; i < n; i++)
			put(&b, &tn->mpls[i], 4);
		break;
	}
	default: /* IP_IN_IP: nothing between the two IP headers */
		break;
	}
	if (b.overflow) {
		DOCA_LOG_ERR("%s: the encap header needs more than %u bytes or %u per-entry "
		             "fields; shorten the GENEVE options or set fields in the pipe",
		             who, SDPA_ENCAP_MAX, SDPA_TUN_PATCH_MAX);
		return DOCA_ERROR_NOT_SUPPORTED;
	}
	e->len = (uint8_t)b.len;
	encap_sum(e);
	if (e->entropy)
		sdpa_entropy_init();
	return DOCA_SUCCESS;
}

static doca_error_t decap_build(const struct doca_flow_resource_decap_cfg *cfg, const uint8_t *base,
                                struct sdpa_act_tmpl *t, const char *who, struct sdpa_decap *d)
{
	struct hb b = {.buf = d->l2, .cap = SDPA_DECAP_L2_MAX, .base = base, .t = t, .decap = 1};

	memset(d, 0, sizeof(*d));
	d->is_l2 = cfg->is_l2;
	if (cfg->is_l2)
		return DOCA_SUCCESS;
	if (cfg->l2_valid_headers & ~(uint16_t)3) {
		DOCA_LOG_ERR("%s: decap_cfg.l2_valid_headers 0x%x has unknown bits; use "
		             "DOCA_FLOW_L2_VALID_HEADER_VLAN_0 / _VLAN_1",
		             who, (unsigned int)cfg->l2_valid_headers);
		return DOCA_ERROR_INVALID_VALUE;
	}
	put_l2(&b, &cfg->eth, cfg->l2_valid_headers, cfg->eth_vlan, 0);
	d->auto_type = cfg->eth.type == 0;
	if (b.overflow) {
		DOCA_LOG_ERR("%s: more than %u per-entry encap/decap fields; set fields in the "
		             "pipe",
		             who, SDPA_TUN_PATCH_MAX);
		return DOCA_ERROR_NOT_SUPPORTED;
	}
	d->l2len = (uint8_t)b.len;
	return DOCA_SUCCESS;
}

doca_error_t sdpa_encap_compile(const struct doca_flow_resource_encap_cfg *cfg, const char *who,
                                struct sdpa_encap *out)
{
	return encap_build(cfg, (const uint8_t *)cfg, NULL, who, out);
}

doca_error_t sdpa_decap_compile(const struct doca_flow_resource_decap_cfg *cfg, const char *who,
                                struct sdpa_decap *out)
{
	return decap_build(cfg, (const uint8_t *)cfg, NULL, who, out);
}

static doca_error_t res_type_check(uint32_t type, const char *member, const char *who)
{
	if (type <= DOCA_FLOW_RESOURCE_TYPE_NON_SHARED)
		return DOCA_SUCCESS;
	DOCA_LOG_ERR("%s: actions.%s %u is not a doca_flow_resource_type; use NONE, SHARED or "
	             "NON_SHARED",
	             who, member, type);
	return DOCA_ERROR_INVALID_VALUE;
}

doca_error_t sdpa_tun_act_compile(const struct doca_flow_actions *a, const char *who,
                                  struct sdpa_act_tmpl *t, uint8_t *covered)
{
	const uint8_t *base = (const uint8_t *)a;
	doca_error_t r;

	memset(covered + offsetof(struct doca_flow_actions, decap_type), 1, sizeof(a->decap_type));
	memset(covered + offsetof(struct doca_flow_actions, decap_cfg), 1, sizeof(a->decap_cfg));
	memset(covered + offsetof(struct doca_flow_actions, encap_type), 1, sizeof(a->encap_type));
	memset(covered + offsetof(struct doca_flow_actions, encap_cfg), 1, sizeof(a->encap_cfg));
	r = res_type_check(a->decap_type, "decap_type", who);
	if (r == DOCA_SUCCESS)
		r = res_type_check(a->encap_type, "encap_type", who);
	if (r != DOCA_SUCCESS)
		return r;
	if (a->decap_type == DOCA_FLOW_RESOURCE_TYPE_NON_SHARED) {
		uint32_t before = t->npatch;

		r = decap_build(&a->decap_cfg, base, t, who, &t->decap);
		if (r != DOCA_SUCCESS)
			return r;
		t->decap_kind = t->npatch != before ? SDPA_TUN_ACT_ENTRY : SDPA_TUN_ACT_CONST;
	} else if (a->decap_type == DOCA_FLOW_RESOURCE_TYPE_SHARED) {
		t->decap_kind = a->shared_decap_id == UINT32_MAX ? SDPA_TUN_ACT_SHARED_ENTRY
		                                                 : SDPA_TUN_ACT_SHARED;
		t->decap_id = a->shared_decap_id;
	}
	if (a->encap_type == DOCA_FLOW_RESOURCE_TYPE_NON_SHARED) {
		uint32_t before = t->npatch;

		r = encap_build(&a->encap_cfg, base, t, who, &t->encap);
		if (r != DOCA_SUCCESS)
			return r;
		t->encap_kind = t->npatch != before ? SDPA_TUN_ACT_ENTRY : SDPA_TUN_ACT_CONST;
	} else if (a->encap_type == DOCA_FLOW_RESOURCE_TYPE_SHARED) {
		t->encap_kind = a->shared_encap_id == UINT32_MAX ? SDPA_TUN_ACT_SHARED_ENTRY
		                                                 : SDPA_TUN_ACT_SHARED;
		t->encap_id = a->shared_encap_id;
	}
	/* Per-entry storage, 4-byte aligned after the modify values. */
	if (t->decap_kind == SDPA_TUN_ACT_ENTRY || t->decap_kind == SDPA_TUN_ACT_SHARED_ENTRY) {
		t->vlen = (t->vlen + 3) & ~3u;
		t->decap_voff = (uint16_t)t->vlen;
		t->vlen += t->decap_kind == SDPA_TUN_ACT_ENTRY ? sizeof(struct sdpa_decap) : 4;
	}
	if (t->encap_kind == SDPA_TUN_ACT_ENTRY || t->encap_kind == SDPA_TUN_ACT_SHARED_ENTRY) {
		t->vlen = (t->vlen + 3) & ~3u;
		t->encap_voff = (uint16_t)t->vlen;
		t->vlen += t->encap_kind == SDPA_TUN_ACT_ENTRY ? sizeof(struct sdpa_encap) : 4;
	}
	return DOCA_SUCCESS;
}

void sdpa_tun_entry_vals(const struct sdpa_act_tmpl *t, const struct doca_flow_actions *a,
                         uint8_t *vals)
{
	const uint8_t *av = (const uint8_t *)a;
	struct sdpa_encap *e = NULL;
	struct sdpa_decap *d = NULL;

	if (t->decap_kind == SDPA_TUN_ACT_ENTRY) {
		d = (struct sdpa_decap *)(vals + t->decap_voff);
		memcpy(d, &t->decap, sizeof(*d));
	} else if (t->decap_kind == SDPA_TUN_ACT_SHARED_ENTRY) {
		uint32_t id = a && a->decap_type == DOCA_FLOW_RESOURCE_TYPE_SHARED
		                      ? a->shared_decap_id
		                      : UINT32_MAX;
		memcpy(vals + t->decap_voff, &id, 4);
	}
	if (t->encap_kind == SDPA_TUN_ACT_ENTRY) {
		e = (struct sdpa_encap *)(vals + t->encap_voff);
		memcpy(e, &t->encap, sizeof(*e));
	} else if (t->encap_kind == SDPA_TUN_ACT_SHARED_ENTRY) {
		uint32_t id = a && a->encap_type == DOCA_FLOW_RESOURCE_TYPE_SHARED
		                      ? a->shared_encap_id
		                      : UINT32_MAX;
		memcpy(vals + t->encap_voff, &id, 4);
	}
	if (a == NULL)
		return;
	for (uint32_t i = 0; i < t->npatch; i++) {
		const struct sdpa_tun_patch *p = &t->patch[i];

		if (p->decap && d != NULL)
			memcpy(d->l2 + p->dst, av + p->act_off, p->size);
		else if (!p->decap && e != NULL)
			memcpy(e->hdr + p->dst, av + p->act_off, p->size);
	}
	if (e != NULL)
		encap_sum(e);
	if (d != NULL && d->auto_type && d->l2len >= 2 &&
	    (d->l2[d->l2len - 2] | d->l2[d->l2len - 1]) != 0)
		d->auto_type = 0; /* the entry gave the EtherType */
}

void sdpa_tun_make_const(struct sdpa_act_tmpl *t, const struct doca_flow_actions *a)
{
	const uint8_t *av = (const uint8_t *)a;

	if (a == NULL)
		return;
	for (uint32_t i = 0; i < t->npatch; i++) {
		const struct sdpa_tun_patch *p = &t->patch[i];

		if (p->decap)
			memcpy(t->decap.l2 + p->dst, av + p->act_off, p->size);
		else
			memcpy(t->encap.hdr + p->dst, av + p->act_off, p->size);
	}
	encap_sum(&t->encap);
	if (t->decap.auto_type && t->decap.l2len >= 2 &&
	    (t->decap.l2[t->decap.l2len - 2] | t->decap.l2[t->decap.l2len - 1]) != 0)
		t->decap.auto_type = 0;
	t->npatch = 0;
	if (t->encap_kind == SDPA_TUN_ACT_ENTRY)
		t->encap_kind = SDPA_TUN_ACT_CONST;
	if (t->decap_kind == SDPA_TUN_ACT_ENTRY)
		t->decap_kind = SDPA_TUN_ACT_CONST;
	if (t->encap_kind == SDPA_TUN_ACT_SHARED_ENTRY)
		t->encap_kind = SDPA_TUN_ACT_SHARED; /* id UINT32_MAX: never configured */
	if (t->decap_kind == SDPA_TUN_ACT_SHARED_ENTRY)
		t->decap_kind = SDPA_TUN_ACT_SHARED;
}

/* ------------------------------------------------------------------ shared resources */

static struct {
	uint32_t n[2];
	sdpa_atomic_ptr *slot[2]; /* [0] encap, [1] decap: struct sdpa_encap / sdpa_decap * */
} shared_g;

/* The slots of one kind: SYSTEM mode global, PORT mode the port's. */
static sdpa_atomic_ptr *slots_of(const struct doca_flow_port *port, bool decap, uint32_t *n)
{
	if (flow_g.res_mode == DOCA_FLOW_RESOURCE_MODE_PORT && port != NULL)
		return sdpa_port_res_tun_slots(port->res, decap, n);
	*n = shared_g.n[decap];
	return shared_g.slot[decap];
}

const struct sdpa_encap *sdpa_shared_encap_get(const struct doca_flow_port *port, uint32_t id)
{
	uint32_t n;
	sdpa_atomic_ptr *s = slots_of(port, false, &n);

	/* A-stun pairs with R-stun in sdpa_shared_tun_set: the configuration is read whole */
	return s != NULL && id < n ? sdpa_load_acquire(&s[id]) : NULL;
}

const struct sdpa_decap *sdpa_shared_decap_get(const struct doca_flow_port *port, uint32_t id)
{
	uint32_t n;
	sdpa_atomic_ptr *s = slots_of(port, true, &n);

	/* A-stun pairs with R-stun in sdpa_shared_tun_set: the configuration is read whole */
	return s != NULL && id < n ? sdpa_load_acquire(&s[id]) : NULL;
}

doca_error_t sdpa_shared_tun_set(struct doca_flow_port *port, bool decap, uint32_t id,
                                 void *compiled, const char *who)
{
	uint32_t n;
	sdpa_atomic_ptr *s;

	if (port == NULL && shared_g.slot[decap] == NULL) {
		uint32_t nr = flow_g.nr_shared[decap ? DOCA_FLOW_SHARED_RESOURCE_DECAP
		                                     : DOCA_FLOW_SHARED_RESOURCE_ENCAP];

		shared_g.slot[decap] = calloc(nr ? nr : 1, sizeof(sdpa_atomic_ptr));
		if (shared_g.slot[decap] == NULL) {
			DOCA_LOG_ERR("%s: out of memory; free memory and retry", who);
			return DOCA_ERROR_NO_MEMORY;
		}
		shared_g.n[decap] = nr;
	}
	s = slots_of(port, decap, &n);
	if (s == NULL || id >= n) {
		DOCA_LOG_ERR("%s: shared %s id %u out of range (%u); raise the number of %s "
		             "resources",
		             who, decap ? "DECAP" : "ENCAP", id, n, decap ? "DECAP" : "ENCAP");
		return DOCA_ERROR_INVALID_VALUE;
	}
	/* R-stun pairs with A-stun in sdpa_shared_encap_get/_decap_get: a frame sees the old
	 * or the new configuration whole */
	void *old = sdpa_exchange_acq_rel(&s[id], compiled);
	if (old != NULL)
		sdpa_nic_defer(free, old);
	return DOCA_SUCCESS;
}

doca_error_t sdpa_shared_tun_cfg(struct doca_flow_port *port, uint32_t type, uint32_t id,
                                 const struct doca_flow_shared_resource_cfg *cfg, const char *who)
{
	bool decap = type == DOCA_FLOW_SHARED_RESOURCE_DECAP;
	void *c;
	doca_error_t r;

	if (cfg == NULL) {
		DOCA_LOG_ERR("%s: %s %u needs a cfg; pass %s", who, decap ? "DECAP" : "ENCAP", id,
		             decap ? "decap_cfg" : "encap_cfg");
		return DOCA_ERROR_INVALID_VALUE;
	}
	c = malloc(decap ? sizeof(struct sdpa_decap) : sizeof(struct sdpa_encap));
	if (c == NULL) {
		DOCA_LOG_ERR("%s: out of memory; free memory and retry", who);
		return DOCA_ERROR_NO_MEMORY;
	}
	r = decap ? sdpa_decap_compile(&cfg->decap_cfg, who, c)
	          : sdpa_encap_compile(&cfg->encap_cfg, who, c);
	if (r == DOCA_SUCCESS)
		r = sdpa_shared_tun_set(port, decap, id, c, who);
	if (r != DOCA_SUCCESS)
		free(c);
	return r;
}

void sdpa_shared_tun_free_all(void)
{
	for (int k = 0; k < 2; k++) {
		for (uint32_t i = 0; shared_g.slot[k] && i < shared_g.n[k]; i++)
			free(sdpa_load_relaxed(&shared_g.slot[k][i]));
		free(shared_g.slot[k]);
		shared_g.slot[k] = NULL;
		shared_g.n[k] = 0;
	}
}

/* ------------------------------------------------------------------ datapath */

static bool parse_problem(const struct sdpa_pkt_info *info)
{
	return (info->flags & (SDPA_PKT_TRUNCATED | SDPA_PKT_MALFORMED | SDPA_PKT_UNSUPPORTED)) !=
	       0;
}

uint32_t sdpa_tun_decap(struct sdpa_pkt *pkt, const struct sdpa_pkt_info *info,
                        const struct sdpa_decap *d)
{
	const struct sdpa_pkt_hdrs *in = &info->inner;
	uint32_t strip;

	if (d == NULL)
		return SDPA_TUNDROP_UNSET;
	if (parse_problem(info) && info->error_off >= info->outer.payload_off)
		return SDPA_TUNDROP_PARSE; /* the cut or bad header is in or after the tunnel */
	if (info->tun.type == SDPA_TUN_NONE)
		return SDPA_TUNDROP_NO_TUNNEL;
	if (d->is_l2) {
		if (in->l2_off == 0 || in->l3_off == in->l2_off)
			return SDPA_TUNDROP_NOT_L2;
		strip = in->l2_off;
		(void)sdpa_pkt_adj(pkt, (uint16_t)strip);
		return SDPA_TUNDROP_NONE;
	}
	if (in->l3_type == SDPA_L3_NONE)
		return SDPA_TUNDROP_NOT_IP;
	strip = in->l3_off;
	(void)sdpa_pkt_adj(pkt, (uint16_t)strip);
	/* The frame shrank by strip >= l2len bytes: the headroom holds the new L2. */
	uint8_t *p = sdpa_pkt_prepend(pkt, d->l2len);
	memcpy(p, d->l2, d->l2len);
	if (d->auto_type)
		sdpa_put_be16(p + d->l2len - 2,
		              in->l3_type == SDPA_L3_IP4 ? SDPA_ETH_P_IPV4 : SDPA_ETH_P_IPV6);
	return SDPA_TUNDROP_NONE;
}

/* The UDP source port of VXLAN/GENEVE: CRC-16 over the inner 5-tuple, laid out and folded
 * exactly as doca_flow_port_calc_entropy does (flow_steer_hash.c: one table lookup per
 * byte of the tuple). */
static uint16_t inner_entropy(const struct sdpa_pkt_hdrs *h)
{
	bool l4 = h->l4_type == SDPA_L4_TCP || h->l4_type == SDPA_L4_UDP;
	const void *dp = l4 ? &h->transport.dst_port : NULL;
	const void *sp = l4 ? &h->transport.src_port : NULL;
	uint16_t c;

	if (h->l3_type == SDPA_L3_IP4)
		c = sdpa_entropy_5tuple(SDPA_L3_IP4, &h->ip4.dst_ip, &h->ip4.src_ip,
		                        h->ip4.next_proto, dp, sp);
	else if (h->l3_type == SDPA_L3_IP6)
		c = sdpa_entropy_5tuple(SDPA_L3_IP6, h->ip6.dst_ip, h->ip6.src_ip,
		                        h->ip6.next_proto, dp, sp);
	else
		c = sdpa_entropy_5tuple(SDPA_L3_NONE, NULL, NULL, 0, dp, sp);
	return (uint16_t)(0xc000u | c);
}

/* Copy an encap header (n >= 16 bytes) in 16-byte blocks, the last one overlapping: a
 * short memcpy of variable length compiles to rep movs, whose start-up cost was two
 * thirds of an encap's time. */
static inline void copy_hdr(uint8_t *d, const uint8_t *s, uint32_t n)
{
	uint64_t a, b;
	uint32_t i = 0;

	for (; i + 16 <= n; i += 16) {
		memcpy(&a, s + i, 8);
		memcpy(&b, s + i + 8, 8);
		memcpy(d + i, &a, 8);
		memcpy(d + i + 8, &b, 8);
	}
	if (i < n) {
		memcpy(&a, s + n - 16, 8);
		memcpy(&b, s + n - 8, 8);
		memcpy(d + n - 16, &a, 8);
		memcpy(d + n - 8, &b, 8);
	}
}

static uint32_t encap_o(struct sdpa_pkt *pkt, const struct sdpa_pkt_hdrs *o,
                        const struct sdpa_encap *e);

uint32_t sdpa_tun_encap(struct sdpa_pkt *pkt, const struct sdpa_pkt_info *info,
                        const struct sdpa_encap *e)
{
	return encap_o(pkt, &info->outer, e);
}

/* The outer members encap_o reads, as sdpa_parse fills them, for the common frame:
 * Ethernet without VLAN tags / whole IPv4 without options, not a fragment (no offset) /
 * the protocol's header (TCP or UDP ports when that header fits in the IP packet, as
 * parse_l4 takes them). Anything else: false (the caller parses the frame). */
static bool quick_hdrs(const uint8_t *f, uint32_t len, struct sdpa_pkt_hdrs *o)
{
	enum { L3 = SDPA_ETH_HLEN };

	if (len < L3 + SDPA_IP4_HLEN || sdpa_be16(f + 12) != SDPA_ETH_P_IPV4 || f[L3] != 0x45)
		return false;
	uint32_t total = sdpa_be16(f + L3 + 2);
	if (total < SDPA_IP4_HLEN || total > len - L3 || (sdpa_be16(f + L3 + 6) & 0x1fff) != 0)
		return false;
	uint8_t proto = f[L3 + 9];
	uint32_t l4len = total - SDPA_IP4_HLEN;

	o->l3_type = SDPA_L3_IP4;
	o->l3_off = L3;
	memcpy(&o->ip4.src_ip, f + L3 + 12, 4);
	memcpy(&o->ip4.dst_ip, f + L3 + 16, 4);
	o->ip4.next_proto = proto;
	o->l4_type = SDPA_L4_NONE;
	if ((proto == SDPA_IPPROTO_TCP && l4len >= SDPA_TCP_HLEN) ||
	    (proto == SDPA_IPPROTO_UDP && l4len >= SDPA_UDP_HLEN)) {
		o->l4_type = proto == SDPA_IPPROTO_TCP ? SDPA_L4_TCP : SDPA_L4_UDP;
		memcpy(&o->transport, f + L3 + SDPA_IP4_HLEN, 4); /* src, dst as on the wire */
	}
	return true;
}

uint32_t sdpa_tun_encap_quick(struct sdpa_pkt *pkt, const struct sdpa_encap *e)
{
	struct sdpa_pkt_hdrs o;

	if (e == NULL || !quick_hdrs(pkt->data, pkt->len, &o))
		return SDPA_TUN_NEEDS_PARSE;
	return encap_o(pkt, &o, e);
}

static uint32_t encap_o(struct sdpa_pkt *pkt, const struct sdpa_pkt_hdrs *o,
                        const struct sdpa_encap *e)
{
	uint32_t strip = 0;
	uint8_t *p;

	if (e == NULL)
		return SDPA_TUNDROP_UNSET;
	if (!e->is_l2) {
		if (o->l3_type == SDPA_L3_NONE)
			return SDPA_TUNDROP_NOT_IP;
		strip = o->l3_off;
	}
	if ((e->auto_ip_proto || e->auto_type_off || e->auto_gpe_off) && o->l3_type == SDPA_L3_NONE)
		return SDPA_TUNDROP_NOT_IP;
	if (pkt->len - strip + e->len > SOFTDPA_FRAME_MAX)
		return SDPA_TUNDROP_TOO_LONG;
	uint16_t sport = e->entropy ? inner_entropy(o) : 0;
	bool v4in = o->l3_type == SDPA_L3_IP4;
	/* The outer ECN field is the inner one (RFC 6040, normal mode): the pipe's DSCP or
	 * traffic class gives the other six bits. Not IP inside: Not-ECT (0). */
	uint8_t ecn = o->l3_type == SDPA_L3_IP4   ? pkt->data[o->l3_off + 1] & 3
	              : o->l3_type == SDPA_L3_IP6 ? (pkt->data[o->l3_off + 1] >> 4) & 3
	                                          : 0;

	(void)sdpa_pkt_adj(pkt, (uint16_t)strip);
	p = sdpa_pkt_prepend(pkt, e->len);
	if (p == NULL) {
		/* A wire without headroom: move the frame within its buffer. */
		if (pkt->data == NULL || pkt->len + e->len > pkt->cap) {
			/* cannot happen with FRAME_MAX buffers; keep the frame as it came */
			return SDPA_TUNDROP_TOO_LONG;
		}
		memmove(pkt->data + e->len, pkt->data, pkt->len);
		pkt->len += e->len;
		p = pkt->data;
	}
	copy_hdr(p, e->hdr, e->len); /* e->len >= 14 + 20 */
	uint8_t *ip = p + e->l3_off;
	if (e->auto_ip_proto)
		ip[e->l3 == SDPA_L3_IP4 ? 9 : 6] = v4in ? SDPA_IPPROTO_IPIP : SDPA_IPPROTO_IPV6;
	if (e->auto_type_off)
		sdpa_put_be16(p + e->auto_type_off, v4in ? SDPA_ETH_P_IPV4 : SDPA_ETH_P_IPV6);
	if (e->auto_gpe_off)
		p[e->auto_gpe_off] =
		        v4in ? DOCA_FLOW_VXLAN_GPE_TYPE_IPV4 : DOCA_FLOW_VXLAN_GPE_TYPE_IPV6;
	if (e->l4_off) {
		sdpa_put_be16(p + e->l4_off + 4, (uint16_t)(pkt->len - e->l4_off));
		if (e->entropy && sdpa_be16(p + e->l4_off) == 0)
			sdpa_put_be16(p + e->l4_off, sport);
	}
	if (e->tun == DOCA_FLOW_TUN_GTPU)
		sdpa_put_be16(p + e->tun_off + 2, (uint16_t)(pkt->len - e->tun_off - 8));
	if (e->l3 == SDPA_L3_IP4) {
		uint16_t tl = (uint16_t)(pkt->len - e->l3_off);

		ip[1] = (uint8_t)((ip[1] & ~3u) | ecn);
		sdpa_put_be16(ip + 2, tl);
		/* The template's sum plus what this frame filled in (words as big-endian
		 * values: ECN is the low byte of word 0, the protocol of word 4). */
		uint32_t sum = e->ip4_sum + ecn + tl + (e->auto_ip_proto ? ip[9] : 0u);

		sum = (sum & 0xffff) + (sum >> 16);
		sum = (sum & 0xffff) + (sum >> 16);
		sdpa_put_be16(ip + 10, (uint16_t)~sum);
	} else {
		ip[1] = (uint8_t)((ip[1] & ~0x30u) | ecn << 4);
		sdpa_put_be16(ip + 4, (uint16_t)(pkt->len - e->l3_off - SDPA_IP6_HLEN));
	}
	return SDPA_TUNDROP_NONE;
}

/* ------------------------------------------------------------------ counters, stats */

static struct {
	sdpa_atomic_u64 encap;
	sdpa_atomic_u64 decap;
	sdpa_atomic_u64 drop[SDPA_TUNDROP_COUNT];
	sdpa_atomic_u64 perr[SDPA_PKT_ERR_COUNT];
} tun_ctr[SDPA_FLOW_NW];

void sdpa_tun_count(uint32_t w, bool encap, uint32_t why, uint32_t parse_err)
{
	if (w >= SDPA_FLOW_NW)
		return;
	if (why == SDPA_TUNDROP_NONE) {
		sdpa_counter_add(encap ? &tun_ctr[w].encap : &tun_ctr[w].decap, 1);
		return;
	}
	if (why < SDPA_TUNDROP_COUNT)
		sdpa_counter_add(&tun_ctr[w].drop[why], 1);
	if (why == SDPA_TUNDROP_PARSE && parse_err < SDPA_PKT_ERR_COUNT)
		sdpa_counter_add(&tun_ctr[w].perr[parse_err], 1);
}

static const char *const drop_names[SDPA_TUNDROP_COUNT] = {
        [SDPA_TUNDROP_NONE] = "none",
        [SDPA_TUNDROP_NO_TUNNEL] = "no_tunnel",
        [SDPA_TUNDROP_NOT_L2] = "no_inner_ethernet",
        [SDPA_TUNDROP_NOT_IP] = "no_ip",
        [SDPA_TUNDROP_TOO_LONG] = "too_long",
        [SDPA_TUNDROP_UNSET] = "shared_unset",
        [SDPA_TUNDROP_PARSE] = "bad_tunnel",
};

static uint64_t sum(const sdpa_atomic_u64 *first, size_t stride)
{
	uint64_t s = 0;

	for (uint32_t w = 0; w < SDPA_FLOW_NW; w++)
		s += sdpa_load_relaxed(
		        (const sdpa_atomic_u64 *)((const uint8_t *)first + w * stride));
	return s;
}

/* One record of totals (applied encaps/decaps, drops by reason), then one per parser
 * error behind bad_tunnel drops. Flat keys: `softdpa stats` makes them table columns. */
static void dump_tunnels(void *arg, FILE *out)
{
	const size_t st = sizeof(tun_ctr[0]);

	(void)arg;
	fprintf(out, "{\"encap\":%llu,\"decap\":%llu",
	        (unsigned long long)sum(&tun_ctr[0].encap, st),
	        (unsigned long long)sum(&tun_ctr[0].decap, st));
	for (uint32_t i = 1; i < SDPA_TUNDROP_COUNT; i++)
		fprintf(out, ",\"drop_%s\":%llu", drop_names[i],
		        (unsigned long long)sum(&tun_ctr[0].drop[i], st));
	fprintf(out, "}\n");
	for (uint32_t i = 1; i < SDPA_PKT_ERR_COUNT; i++) {
		uint64_t v = sum(&tun_ctr[0].perr[i], st);

		if (v == 0)
			continue;
		fprintf(out, "{\"bad_tunnel_error\":");
		sdpa_stats_json_str(out, sdpa_pkt_error_name(i));
		fprintf(out, ",\"dropped\":%llu}\n", (unsigned long long)v);
	}
}

void sdpa_tun_stats_register(void)
{
	memset(tun_ctr, 0, sizeof(tun_ctr));
	(void)sdpa_stats_register("tunnels", dump_tunnels, NULL);
}

void sdpa_tun_stats_unregister(void)
{
	(void)sdpa_stats_unregister("tunnels");
}
