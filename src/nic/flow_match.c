/* SPDX-License-Identifier: BSD-3-Clause
 * DOCA Flow match and action compilation, the packet view, CRC32C (exact-match tables).
 *
 * A pipe's match is compiled once into byte masks over struct doca_flow_match: which bytes
 * are compared (mask), which are constants of the pipe (cval) and which each entry
 * supplies (per_entry), plus "selectors" (l3_type, l4_type_ext, tun.type) that are checked
 * as header-type constraints and never hashed. Every packet is turned into the same struct
 * (the packet view), so a key is the masked bytes of the view at the compiled segments.
 */
#include <stddef.h>
#include <string.h>

#include "core/log.h"
#include "core/util.h"
#include "nic/flow_priv.h"
#include "nic/parse_lite.h"

SDPA_LOG_REGISTER(nic_flow_match);

/* ------------------------------------------------------------------ CRC32C */

static uint32_t crc_table[256];

static void __attribute__((constructor)) crc_init(void)
{
	for (uint32_t i = 0; i < 256; i++) {
		uint32_t c = i;

		for (int k = 0; k < 8; k++)
			c = (c & 1) ? (c >> 1) ^ 0x82f63b78u : c >> 1;
		crc_table[i] = c;
	}
}

static inline uint32_t crc_step(uint32_t c, uint8_t b)
{
	return crc_table[(c ^ b) & 0xff] ^ (c >> 8);
}

#if defined(__x86_64__)
/* The SSE4.2 crc32 instruction computes the same CRC32C (same polynomial, reflected); it
 * is chosen at run time so the build needs no -msse4.2. */
__attribute__((target("sse4.2"))) static uint32_t crc32c_hw(uint32_t c, const uint8_t *p,
                                                            uint32_t n)
{
	while (n >= 8) {
		uint64_t v;

		memcpy(&v, p, 8);
		c = (uint32_t)__builtin_ia32_crc32di(c, v);
		p += 8;
		n -= 8;
	}
	while (n--)
		c = __builtin_ia32_crc32qi(c, *p++);
	return c;
}

static int have_sse42 = -1;
#endif

uint32_t sdpa_crc32c(const uint8_t *p, uint32_t n)
{
	uint32_t c = 0xffffffffu;

#if defined(__x86_64__)
	if (SDPA_UNLIKELY(have_sse42 < 0))
		have_sse42 = __builtin_cpu_supports("sse4.2") ? 1 : 0;
	if (have_sse42)
		return ~crc32c_hw(c, p, n);
#endif
	for (uint32_t i = 0; i < n; i++)
		c = crc_step(c, p[i]);
	return ~c;
}

void sdpa_match_key(const struct sdpa_match_tmpl *mt, const uint8_t *m, uint8_t *key)
{
	uint32_t k = 0;

	for (uint32_t s = 0; s < mt->nsegs; s++) {
		const struct sdpa_seg *g = &mt->segs[s];

		for (uint32_t i = g->off; i < (uint32_t)g->off + g->len; i++)
			key[k++] = m[i] & mt->mask[i];
	}
}

/* ------------------------------------------------------------------ field table */

enum fgroup {
	G_ALL = 0,
	G_IP4,
	G_IP6,
	G_TCP,
	G_ICMP,
	G_VXLAN,
	G_ESP, /* tun.type ESP: the SPI and sequence number of IPsec ESP (IP protocol 50) */
	G_GRE,
	G_GTP,
	G_MPLS,
	G_GENEVE,
	G_PSP,  /* tun.type PSP: the PSP header on UDP 1000 (flow_custom_header.c fills it) */
	G_ROCE, /* l4_type_ext ROCE_V2: UDP ports, then the InfiniBand BTH */
};

enum fflag {
	F_SEL = 1 << 0,   /* header-type selector */
	F_UNSUP = 1 << 1, /* softdpa does not fill it: matching on it is NOT_SUPPORTED */
	F_OUTER = 1 << 2,
	F_INNER = 1 << 3,
};

struct mfield {
	const char *name;
	uint16_t off;
	uint16_t size;
	uint8_t group;
	uint8_t flags;
};

#define MF(path, grp, fl)                                                                          \
	{                                                                                          \
#path, (uint16_t)offsetof(struct doca_flow_match, path),                           \
		        (uint16_t)sizeof(((struct doca_flow_match *)0)->path), grp, fl             \
	}

#define HDR_FIELDS(S, FL)                                                                          \
	MF(S.eth.src_mac, G_ALL, FL), MF(S.eth.dst_mac, G_ALL, FL), MF(S.eth.type, G_ALL, FL),     \
	        MF(S.l2_valid_headers, G_ALL, FL), MF(S.eth_vlan[0].tci, G_ALL, FL),               \
	        MF(S.eth_vlan[1].tci, G_ALL, FL), MF(S.l3_type, G_ALL, FL | F_SEL),                \
	        MF(S.ip4.src_ip, G_IP4, FL), MF(S.ip4.dst_ip, G_IP4, FL),                          \
	        MF(S.ip4.version_ihl, G_IP4, FL), MF(S.ip4.dscp_ecn, G_IP4, FL),                   \
	        MF(S.ip4.total_len, G_IP4, FL), MF(S.ip4.identification, G_IP4, FL),               \
	        MF(S.ip4.flags_fragment_offset, G_IP4, FL), MF(S.ip4.next_proto, G_IP4, FL),       \
	        MF(S.ip4.ttl, G_IP4, FL), MF(S.ip6.src_ip, G_IP6, FL),                             \
	        MF(S.ip6.dst_ip, G_IP6, FL), MF(S.ip6.traffic_class, G_IP6, FL),                   \
	        MF(S.ip6.flow_label, G_IP6, FL), MF(S.ip6.payload_len, G_IP6, FL),                 \
	        MF(S.ip6.next_proto, G_IP6, FL), MF(S.ip6.hop_limit, G_IP6, FL),                   \
	        MF(S.l4_type_ext, G_ALL, FL | F_SEL), MF(S.tcp.l4_port.src_port, G_TCP, FL),       \
	        MF(S.tcp.l4_port.dst_port, G_TCP, FL), MF(S.tcp.data_offset, G_TCP, FL),           \
	        MF(S.tcp.flags, G_TCP, FL), MF(S.tcp.seq_num, G_TCP, FL),                          \
	        MF(S.tcp.ack_num, G_TCP, FL), MF(S.icmp.type, G_ICMP, FL),                         \
	        MF(S.icmp.code, G_ICMP, FL), MF(S.icmp.ident, G_ICMP, FL),                         \
	        MF(S.roce_v2.udp.l4_port.src_port, G_ROCE, FL),                                    \
	        MF(S.roce_v2.udp.l4_port.dst_port, G_ROCE, FL),                                    \
	        MF(S.roce_v2.bth.opcode, G_ROCE, FL), MF(S.roce_v2.bth.sempt, G_ROCE, FL),         \
	        MF(S.roce_v2.bth.pkey, G_ROCE, FL), MF(S.roce_v2.bth.flags0, G_ROCE, FL),          \
	        MF(S.roce_v2.bth.dest_qp, G_ROCE, FL), MF(S.roce_v2.bth.flags1, G_ROCE, FL),       \
	        MF(S.roce_v2.bth.psn, G_ROCE, FL)

#define GOPT_WORD(w)                                                                               \
	MF(tun.geneve_options[w].class_id, G_GENEVE, 0),                                           \
	        MF(tun.geneve_options[w].type, G_GENEVE, 0),                                       \
	        MF(tun.geneve_options[w].length, G_GENEVE, 0)
_Static_assert(SDPA_GOPT_VIEW_WORDS == 16, "one GOPT_WORD per view word");

static const struct mfield mfields[] = {
        MF(meta.pkt_meta, G_ALL, 0),
        MF(meta.u32, G_ALL, 0),
        MF(parser_meta.port_id, G_ALL, 0),
        MF(parser_meta.random, G_ALL, 0),
        MF(parser_meta.ipsec_syndrome, G_ALL, F_UNSUP),
        MF(parser_meta.ipsec_ar_syndrome, G_ALL, F_UNSUP),
        MF(parser_meta.psp_syndrome, G_ALL, F_UNSUP),
        MF(parser_meta.meter_color, G_ALL, 0),
        MF(parser_meta.outer_l2_type, G_ALL, 0),
        MF(parser_meta.outer_l3_type, G_ALL, 0),
        MF(parser_meta.outer_l4_type, G_ALL, 0),
        MF(parser_meta.inner_l2_type, G_ALL, 0),
        MF(parser_meta.inner_l3_type, G_ALL, 0),
        MF(parser_meta.inner_l4_type, G_ALL, 0),
        MF(parser_meta.outer_ip_fragmented, G_ALL, 0),
        MF(parser_meta.inner_ip_fragmented, G_ALL, 0),
        MF(parser_meta.outer_l3_ok, G_ALL, 0),
        MF(parser_meta.outer_ip4_checksum_ok, G_ALL, 0),
        MF(parser_meta.outer_l4_ok, G_ALL, 0),
        MF(parser_meta.outer_l4_checksum_ok, G_ALL, 0),
        MF(parser_meta.inner_l3_ok, G_ALL, 0),
        MF(parser_meta.inner_ip4_checksum_ok, G_ALL, 0),
        MF(parser_meta.inner_l4_ok, G_ALL, 0),
        MF(parser_meta.inner_l4_checksum_ok, G_ALL, 0),
        HDR_FIELDS(outer, F_OUTER),
        MF(tun.type, G_ALL, F_SEL),
        MF(tun.vxlan_type, G_VXLAN, 0),
        MF(tun.vxlan_gpe_flags, G_VXLAN, 0),
        MF(tun.vxlan_gpe_next_protocol, G_VXLAN, 0),
        MF(tun.vxlan_tun_id, G_VXLAN, 0),
        MF(tun.vxlan_tun_rsvd1, G_VXLAN, 0),
        /* GRE; NVGRE's vs_id/flow_id are moved onto gre_key first (tun_canon). */
        MF(tun.gre_type, G_GRE, 0),
        MF(tun.protocol, G_GRE, 0),
        MF(tun.key_present, G_GRE, 0),
        MF(tun.gre_key, G_GRE, 0),
        MF(tun.gtp_teid, G_GTP, 0),
        MF(tun.gtp_next_ext_hdr_type, G_GTP, 0),
        MF(tun.gtp_ext_psc_qfi, G_GTP, 0),
        MF(tun.esp_spi, G_ESP, 0),
        MF(tun.esp_sn, G_ESP, 0),
        MF(tun.mpls[0], G_MPLS, 0),
        MF(tun.mpls[1], G_MPLS, 0),
        MF(tun.mpls[2], G_MPLS, 0),
        MF(tun.mpls[3], G_MPLS, 0),
        MF(tun.mpls[4], G_MPLS, 0),
        MF(tun.geneve.ver_opt_len, G_GENEVE, 0),
        MF(tun.geneve.o_c, G_GENEVE, 0),
        MF(tun.geneve.next_proto, G_GENEVE, 0),
        MF(tun.geneve.vni, G_GENEVE, 0),
        /* GENEVE options as the view shows them (sdpa_geneve_match_canon): the words of
         * the port's parser; each word as header fields (a data word is their union). */
        GOPT_WORD(0),
        GOPT_WORD(1),
        GOPT_WORD(2),
        GOPT_WORD(3),
        GOPT_WORD(4),
        GOPT_WORD(5),
        GOPT_WORD(6),
        GOPT_WORD(7),
        GOPT_WORD(8),
        GOPT_WORD(9),
        GOPT_WORD(10),
        GOPT_WORD(11),
        GOPT_WORD(12),
        GOPT_WORD(13),
        GOPT_WORD(14),
        GOPT_WORD(15),
        /* PSP on UDP 1000 (flow_custom_header.c parses it). */
        MF(tun.psp.nexthdr, G_PSP, 0),
        MF(tun.psp.hdrextlen, G_PSP, 0),
        MF(tun.psp.res_cryptofst, G_PSP, 0),
        MF(tun.psp.s_d_ver_v, G_PSP, 0),
        MF(tun.psp.spi, G_PSP, 0),
        MF(tun.psp.iv, G_PSP, 0),
        MF(tun.psp.vc, G_PSP, 0),
        HDR_FIELDS(inner, F_INNER),
};

static bool all_zero(const uint8_t *p, uint32_t n)
{
	for (uint32_t i = 0; i < n; i++)
		if (p[i])
			return false;
	return true;
}

static bool all_ones(const uint8_t *p, uint32_t n)
{
	for (uint32_t i = 0; i < n; i++)
		if (p[i] != 0xff)
			return false;
	return true;
}

static uint32_t rd32(const uint8_t *p)
{
	uint32_t v;

	memcpy(&v, p, 4);
	return v;
}

/* Which union member a header stack uses, from the l3/l4 type of template or mask. */
static bool group_active(uint8_t group, const struct doca_flow_match *match,
                         const struct doca_flow_match *mask, bool inner)
{
	uint32_t l3 = 0, l4 = 0, tun = 0;

	if (match) {
		l3 = inner ? match->inner.l3_type : match->outer.l3_type;
		l4 = inner ? match->inner.l4_type_ext : match->outer.l4_type_ext;
		tun = match->tun.type;
	}
	if (mask) {
		l3 = l3 ? l3 : (inner ? mask->inner.l3_type : mask->outer.l3_type);
		l4 = l4 ? l4 : (inner ? mask->inner.l4_type_ext : mask->outer.l4_type_ext);
		tun = tun ? tun : mask->tun.type;
	}
	switch (group) {
	case G_IP4:
		return l3 != DOCA_FLOW_L3_TYPE_IP6;
	case G_IP6:
		return l3 == DOCA_FLOW_L3_TYPE_IP6;
	case G_TCP:
		return l4 != DOCA_FLOW_L4_TYPE_EXT_ICMP && l4 != DOCA_FLOW_L4_TYPE_EXT_ICMP6 &&
		       l4 != DOCA_FLOW_L4_TYPE_EXT_ROCE_V2;
	case G_ROCE:
		return l4 == DOCA_FLOW_L4_TYPE_EXT_ROCE_V2;
	case G_ICMP:
		return l4 == DOCA_FLOW_L4_TYPE_EXT_ICMP || l4 == DOCA_FLOW_L4_TYPE_EXT_ICMP6;
	case G_VXLAN:
		return tun == DOCA_FLOW_TUN_NONE || tun == DOCA_FLOW_TUN_VXLAN;
	case G_GRE:
		return tun == DOCA_FLOW_TUN_GRE;
	case G_GTP:
		return tun == DOCA_FLOW_TUN_GTPU;
	case G_MPLS:
		return tun == DOCA_FLOW_TUN_MPLS_O_UDP;
	case G_GENEVE:
		return tun == DOCA_FLOW_TUN_GENEVE;
	case G_ESP:
		return tun == DOCA_FLOW_TUN_ESP;
	case G_PSP:
		return tun == DOCA_FLOW_TUN_PSP;
	default:
		return true;
	}
}

static void build_segs(const uint8_t *mask, const uint8_t *sel, struct sdpa_seg *segs,
                       uint32_t *nsegs, uint32_t *klen, bool *overflow)
{
	uint32_t n = 0, k = 0;
	uint32_t i = 0;

	*overflow = false;
	while (i < SDPA_VIEW_SIZE) {
		if (!mask[i] || (sel && !sel[i])) {
			i++;
			continue;
		}
		uint32_t s = i;

		while (i < SDPA_VIEW_SIZE && mask[i] && (!sel || sel[i]))
			i++;
		if (n == SDPA_FLOW_MAX_SEGS) {
			*overflow = true;
			return;
		}
		segs[n].off = (uint16_t)s;
		segs[n].len = (uint16_t)(i - s);
		k += i - s;
		n++;
	}
	*nsegs = n;
	*klen = k;
}

static doca_error_t add_selector(struct sdpa_match_tmpl *out, uint16_t off, uint32_t v,
                                 const char *who)
{
	if (out->nsel == SDPA_FLOW_MAX_SEL) {
		DOCA_LOG_ERR("%s: too many header-type selectors; simplify the match", who);
		return DOCA_ERROR_NOT_SUPPORTED;
	}
	out->sel_off[out->nsel] = off;
	out->sel_val[out->nsel] = v;
	out->nsel++;
	return DOCA_SUCCESS;
}

/* ---- direct key extraction (compiled matching, BASIC pipes) ---- */

#define HF(f)   offsetof(struct doca_flow_match, outer.f)
#define IP4F(f) offsetof(struct doca_flow_header_ip4, f)
#define IP6F(f) offsetof(struct doca_flow_header_ip6, f)
#define TCPF(f) offsetof(struct doca_flow_header_tcp, f)

/* Where byte 'i' of the view comes from for a direct extraction, once the template's own
 * L3/L4 selectors hold on a frame sdpa_parse_lite takes; false: not a plain header byte
 * (VLAN tags, IPv6 traffic class / flow label, parser metadata, ...). Offsets as the
 * parser reads them (parse_stack, parse_ip4, parse_ip6, parse_l4). */
static bool cx_src(const struct sdpa_match_tmpl *mt, uint32_t i, uint8_t *base, uint16_t *off)
{
	enum {
		SYN = offsetof(struct doca_flow_match, parser_meta.ipsec_syndrome),
		MC = offsetof(struct doca_flow_match, parser_meta.meter_color),
	};
	uint32_t u;

	if (i < SYN || (i >= MC && i < MC + sizeof(enum doca_flow_meter_color))) {
		*base = SDPA_CX_VIEW;
		*off = (uint16_t)i;
		return true;
	}
	if (i >= HF(eth.src_mac) && i < HF(eth.src_mac) + 6) {
		*base = SDPA_CX_L2;
		*off = (uint16_t)(6 + i - HF(eth.src_mac));
		return true;
	}
	if (i >= HF(eth.dst_mac) && i < HF(eth.dst_mac) + 6) {
		*base = SDPA_CX_L2;
		*off = (uint16_t)(i - HF(eth.dst_mac));
		return true;
	}
	if (i >= HF(eth.type) && i < HF(eth.type) + 2) {
		*base = SDPA_CX_ETYPE;
		*off = (uint16_t)(i - HF(eth.type));
		return true;
	}
	*base = SDPA_CX_L3;
	u = i - HF(ip4);
	if (i >= HF(ip4) && i < HF(l4_type_ext) && mt->cx_l3 == SDPA_L3_IP4) {
		static const struct {
			uint8_t v, len, w;
		} m4[] = {
		        {IP4F(src_ip), 4, 12},
		        {IP4F(dst_ip), 4, 16},
		        {IP4F(version_ihl), 1, 0},
		        {IP4F(dscp_ecn), 1, 1},
		        {IP4F(total_len), 2, 2},
		        {IP4F(identification), 2, 4},
		        {IP4F(flags_fragment_offset), 2, 6},
		        {IP4F(ttl), 1, 8},
		        {IP4F(next_proto), 1, 9},
		};
		for (size_t k = 0; k < SDPA_ARRAY_SIZE(m4); k++)
			if (u >= m4[k].v && u < (uint32_t)m4[k].v + m4[k].len) {
				*off = (uint16_t)(m4[k].w + u - m4[k].v);
				return true;
			}
		return false;
	}
	if (i >= HF(ip6) && i < HF(l4_type_ext) && mt->cx_l3 == SDPA_L3_IP6) {
		static const struct {
			uint8_t v, len, w;
		} m6[] = {
		        {IP6F(src_ip), 16, 8},     {IP6F(dst_ip), 16, 24},
		        {IP6F(payload_len), 2, 4}, {IP6F(next_proto), 1, 6},
		        {IP6F(hop_limit), 1, 7},
		};
		for (size_t k = 0; k < SDPA_ARRAY_SIZE(m6); k++)
			if (u >= m6[k].v && u < (uint32_t)m6[k].v + m6[k].len) {
				*off = (uint16_t)(m6[k].w + u - m6[k].v);
				return true;
			}
		return false;
	}
	if (i < HF(l4_type_ext))
		return false; /* VLAN tags, l2_valid_headers, an L3 byte of another type */
	*base = SDPA_CX_L4;
	u = i - HF(icmp);
	if (i < HF(icmp) || i >= offsetof(struct doca_flow_match, tun))
		return false;
	switch (mt->cx_l4) {
	case DOCA_FLOW_L4_TYPE_EXT_TCP: {
		static const struct {
			uint8_t v, len, w;
		} mt4[] = {
		        {TCPF(l4_port), 4, 0}, {TCPF(data_offset), 1, 12}, {TCPF(flags), 1, 13},
		        {TCPF(seq_num), 4, 4}, {TCPF(ack_num), 4, 8},
		};
		for (size_t k = 0; k < SDPA_ARRAY_SIZE(mt4); k++)
			if (u >= mt4[k].v && u < (uint32_t)mt4[k].v + mt4[k].len) {
				*off = (uint16_t)(mt4[k].w + u - mt4[k].v);
				return true;
			}
		return false;
	}
	case DOCA_FLOW_L4_TYPE_EXT_UDP:
	case DOCA_FLOW_L4_TYPE_EXT_TRANSPORT:
		*off = (uint16_t)u;
		return u < 4; /* the ports */
	case DOCA_FLOW_L4_TYPE_EXT_ICMP:
	case DOCA_FLOW_L4_TYPE_EXT_ICMP6:
		if (u == offsetof(struct doca_flow_header_icmp, type) ||
		    u == offsetof(struct doca_flow_header_icmp, code)) {
			*off = (uint16_t)u; /* type, code: header bytes 0, 1 */
			return true;
		}
		if (u >= offsetof(struct doca_flow_header_icmp, ident) &&
		    u < offsetof(struct doca_flow_header_icmp, ident) + 2) {
			*off = (uint16_t)(4 + u - offsetof(struct doca_flow_header_icmp, ident));
			return true;
		}
		return false;
	default:
		return false;
	}
}

/* Compile a match into direct key extraction (mt->cx_*), when it can be. */
static void cx_plan(struct sdpa_match_tmpl *mt)
{
	uint32_t k = 0, n = 0;

	mt->cx_n = 0;
	mt->cx_l3 = 0;
	mt->cx_l4 = 0;
	if (!(mt->lite & SDPA_LV_ON) || mt->klen == 0 || mt->klen > SDPA_CX_KEY_MAX)
		return;
	for (uint32_t s = 0; s < mt->nsel; s++) {
		uint32_t v = mt->sel_val[s];

		if (mt->sel_off[s] == HF(l3_type) && (v == SDPA_L3_IP4 || v == SDPA_L3_IP6))
			mt->cx_l3 = (uint8_t)v;
		else if (mt->sel_off[s] == HF(l4_type_ext) && v >= DOCA_FLOW_L4_TYPE_EXT_TCP &&
		         v <= DOCA_FLOW_L4_TYPE_EXT_TRANSPORT)
			mt->cx_l4 = (uint8_t)v;
		else
			return;
	}
	for (uint32_t s = 0; s < mt->nsegs; s++) {
		const struct sdpa_seg *g = &mt->segs[s];

		for (uint32_t i = g->off; i < (uint32_t)g->off + g->len; i++, k++) {
			uint8_t base;
			uint16_t off;
			struct sdpa_cx_op *op = n ? &mt->cx[n - 1] : NULL;

			if (!cx_src(mt, i, &base, &off)) {
				mt->cx_n = 0;
				return;
			}
			mt->cx_mask[k] = mt->mask[i];
			if (op && op->base == base && op->off + op->len == off &&
			    op->koff + op->len == k && op->voff + op->len == i) {
				op->len++;
				continue;
			}
			if (n == SDPA_CX_OPS) {
				mt->cx_n = 0;
				return;
			}
			mt->cx[n].base = base;
			mt->cx[n].len = 1;
			mt->cx[n].koff = (uint16_t)k;
			mt->cx[n].off = off;
			mt->cx[n].voff = (uint16_t)i;
			n++;
		}
	}
	mt->cx_n = (uint8_t)n;
}

/* The offset parse and the match's selectors on its types: 1 hold, 0 not, -1 no parse. */
static inline int cx_parse(const struct sdpa_match_tmpl *mt, const uint8_t *f, uint32_t len,
                           struct sdpa_pkt_lite *op)
{
	struct sdpa_pkt_lite o;

	if (!sdpa_parse_lite_inl(f, len, &o))
		return -1;
	*op = o;
	if (mt->cx_l3 != 0 && o.l3_type != mt->cx_l3)
		return 0;
	if (mt->cx_l4 != 0) {
		static const uint8_t ext[] = {
		        [SDPA_L4_NONE] = DOCA_FLOW_L4_TYPE_EXT_NONE,
		        [SDPA_L4_TCP] = DOCA_FLOW_L4_TYPE_EXT_TCP,
		        [SDPA_L4_UDP] = DOCA_FLOW_L4_TYPE_EXT_UDP,
		        [SDPA_L4_ICMP] = DOCA_FLOW_L4_TYPE_EXT_ICMP,
		        [SDPA_L4_ICMP6] = DOCA_FLOW_L4_TYPE_EXT_ICMP6,
		        [SDPA_L4_OTHER] = DOCA_FLOW_L4_TYPE_EXT_NONE,
		        [SDPA_L4_ESP] = DOCA_FLOW_L4_TYPE_EXT_NONE,
		};
		uint8_t have = ext[o.l4_type];

		if (have != mt->cx_l4 &&
		    !(mt->cx_l4 == DOCA_FLOW_L4_TYPE_EXT_TRANSPORT &&
		      (have == DOCA_FLOW_L4_TYPE_EXT_TCP || have == DOCA_FLOW_L4_TYPE_EXT_UDP)))
			return 0;
	}
	return 1;
}

int sdpa_match_cx_view(const struct sdpa_match_tmpl *mt, const uint8_t *f, uint32_t len,
                       struct doca_flow_match *view)
{
	struct sdpa_pkt_lite o;
	const uint8_t *b[5];
	int r = cx_parse(mt, f, len, &o);

	if (r != 1)
		return r;
	b[SDPA_CX_L2] = f;
	b[SDPA_CX_L3] = f + o.l3_off;
	b[SDPA_CX_L4] = f + o.l4_off;
	b[SDPA_CX_ETYPE] = f + o.l3_off - 2;
	for (uint32_t i = 0; i < mt->cx_n; i++) {
		const struct sdpa_cx_op *op = &mt->cx[i];

		if (op->base != SDPA_CX_VIEW) /* those are in the view already */
			memcpy((uint8_t *)view + op->voff, b[op->base] + op->off, op->len);
	}
	return 1;
}

int sdpa_match_cx_key(const struct sdpa_match_tmpl *mt, const uint8_t *f, uint32_t len,
                      const struct doca_flow_match *view, uint8_t *key)
{
	struct sdpa_pkt_lite o;
	const uint8_t *b[5];
	int r = cx_parse(mt, f, len, &o);

	if (r != 1)
		return r;
	b[SDPA_CX_VIEW] = (const uint8_t *)view;
	b[SDPA_CX_L2] = f;
	b[SDPA_CX_L3] = f + o.l3_off;
	b[SDPA_CX_L4] = f + o.l4_off;
	b[SDPA_CX_ETYPE] = f + o.l3_off - 2;
	for (uint32_t i = 0; i < mt->cx_n; i++) {
		const struct sdpa_cx_op *op = &mt->cx[i];
		const uint8_t *src = b[op->base] + op->off;
		const uint8_t *mk = mt->cx_mask + op->koff;
		uint8_t *dst = key + op->koff;

		/* copy and mask in one pass; the common widths as one load each */
		switch (op->len) {
		case 4: {
			uint32_t v, m;

			memcpy(&v, src, 4);
			memcpy(&m, mk, 4);
			v &= m;
			memcpy(dst, &v, 4);
			break;
		}
		case 2: {
			uint16_t v, m;

			memcpy(&v, src, 2);
			memcpy(&m, mk, 2);
			v &= m;
			memcpy(dst, &v, 2);
			break;
		}
		case 8: {
			uint64_t v, m;

			memcpy(&v, src, 8);
			memcpy(&m, mk, 8);
			v &= m;
			memcpy(dst, &v, 8);
			break;
		}
		default:
			for (uint32_t k = 0; k < op->len; k++)
				dst[k] = src[k] & mk[k];
			break;
		}
	}
	return 1;
}

#undef HF
#undef IP4F
#undef IP6F
#undef TCPF

static doca_error_t finish(struct sdpa_match_tmpl *out, const char *who)
{
	bool ovf;
	uint8_t cons[SDPA_VIEW_SIZE];

	build_segs(out->mask, NULL, out->segs, &out->nsegs, &out->klen, &ovf);
	if (!ovf) {
		for (uint32_t i = 0; i < sizeof(cons); i++)
			cons[i] = out->mask[i] && !out->per_entry[i];
		build_segs(out->mask, cons, out->csegs, &out->ncsegs, &out->cklen, &ovf);
	}
	if (ovf) {
		DOCA_LOG_ERR("%s: the match uses more than %u separate byte ranges; match on "
		             "fewer fields",
		             who, SDPA_FLOW_MAX_SEGS);
		return DOCA_ERROR_NOT_SUPPORTED;
	}
	/* Keys of the match's own bytes (not the defined fields after it), not empty. */
	out->ek_fast = out->klen != 0 && out->klen <= SDPA_EK_FAST;
	for (uint32_t s = 0; s < out->nsegs; s++)
		if ((size_t)out->segs[s].off + out->segs[s].len > sizeof(struct doca_flow_match))
			out->ek_fast = false;
	memset(out->ek_pem, 0, sizeof(out->ek_pem));
	memset(out->ek_cst, 0, sizeof(out->ek_cst));
	for (uint32_t s = 0, k = 0; out->ek_fast && s < out->nsegs; s++)
		for (uint32_t i = out->segs[s].off;
		     i < (uint32_t)out->segs[s].off + out->segs[s].len; i++, k++) {
			out->ek_pem[k] = out->per_entry[i] ? out->mask[i] : 0;
			out->ek_cst[k] = out->per_entry[i] ? 0 : out->cval[i] & out->mask[i];
		}
	out->needs_parse = out->nsel > 0;
	out->needs_l4csum =
	        out->mask[offsetof(struct doca_flow_match, parser_meta.outer_l4_checksum_ok)] ||
	        out->mask[offsetof(struct doca_flow_match, parser_meta.inner_l4_checksum_ok)];
	for (uint32_t i = offsetof(struct doca_flow_match, parser_meta.ipsec_syndrome);
	     i < SDPA_VIEW_SIZE; i++)
		if (out->mask[i])
			out->needs_parse = true;
	out->lite = sdpa_match_lite_plan(out);
	cx_plan(out);
	return DOCA_SUCCESS;
}

/* The view group of byte 'i' of struct doca_flow_match: 0 for the bytes every view holds
 * (meta, port_id, random, meter_color), UINT8_MAX for one only the full parse gives. */
static uint8_t lite_group(uint32_t i)
{
	enum {
		PM = offsetof(struct doca_flow_match, parser_meta),
		SYN = offsetof(struct doca_flow_match, parser_meta.ipsec_syndrome),
		MC = offsetof(struct doca_flow_match, parser_meta.meter_color),
		OCS = offsetof(struct doca_flow_match, parser_meta.outer_ip4_checksum_ok),
		OL4CS = offsetof(struct doca_flow_match, parser_meta.outer_l4_checksum_ok),
		IL4CS = offsetof(struct doca_flow_match, parser_meta.inner_l4_checksum_ok),
		OUT = offsetof(struct doca_flow_match, outer),
		L3 = offsetof(struct doca_flow_match, outer.l3_type),
		L4 = offsetof(struct doca_flow_match, outer.l4_type_ext),
		TUN = offsetof(struct doca_flow_match, tun),
	};

	if (i < SYN || (i >= MC && i < MC + sizeof(enum doca_flow_meter_color)))
		return 0;
	if (i < OUT) {
		if (i == OL4CS || i == IL4CS)
			return UINT8_MAX; /* a pass over the L4 payload: sdpa_view_l4csum */
		return i == OCS ? SDPA_LV_PMETA | SDPA_LV_CSUM : SDPA_LV_PMETA;
	}
	(void)PM;
	if (i < L3)
		return SDPA_LV_ETH;
	if (i < L4)
		return SDPA_LV_L3;
	if (i < TUN)
		return SDPA_LV_L4;
	return UINT8_MAX; /* tunnel, inner headers, defined fields */
}

uint8_t sdpa_match_lite_plan(const struct sdpa_match_tmpl *mt)
{
	uint8_t g = 0;

	if (!mt->needs_parse || mt->needs_l4csum || mt->nvgre || mt->gopts || mt->has_cond)
		return 0;
	for (uint32_t i = 0; i < SDPA_VIEW_SIZE; i++) {
		uint8_t b = mt->mask[i] ? lite_group(i) : 0;

		if (b == UINT8_MAX)
			return 0;
		g |= b;
	}
	for (uint32_t s = 0; s < mt->nsel; s++) {
		uint8_t b = lite_group(mt->sel_off[s]);

		if (b == UINT8_MAX)
			return 0;
		g |= b;
	}
	return g ? (uint8_t)(g | SDPA_LV_ON) : 0;
}

/* NVGRE's virtual subnet id (upper 24 bits of nvgre_vs_id) and flow id are the GRE key
 * on the wire; the packet view holds the key in gre_key (the GRE_STANDARD member). Move
 * them there, clearing the bytes of the NVGRE member, so one view serves both. */
static void tun_canon(struct doca_flow_match *m)
{
	uint8_t key[4];

	memcpy(key, &m->tun.nvgre_vs_id, 3);
	key[3] = m->tun.nvgre_flow_id;
	memset(&m->tun.nvgre_vs_id, 0, sizeof(m->tun.nvgre_vs_id));
	m->tun.nvgre_flow_id = 0;
	m->tun.key_present = false;
	memcpy(&m->tun.gre_key, key, 4);
}

static bool is_nvgre(const struct doca_flow_match *match, const struct doca_flow_match *mask)
{
	const struct doca_flow_match *m = match ? match : mask;
	uint32_t tun = match && match->tun.type ? match->tun.type : (mask ? mask->tun.type : 0);

	if (tun != DOCA_FLOW_TUN_GRE || m == NULL)
		return false;
	return m->tun.gre_type == DOCA_FLOW_TUN_EXT_GRE_NVGRE ||
	       (mask && mask->tun.gre_type == DOCA_FLOW_TUN_EXT_GRE_NVGRE);
}

static doca_error_t match_compile(const struct doca_flow_match *match,
                                  const struct doca_flow_match *mask, bool literal, const char *who,
                                  struct sdpa_match_tmpl *out);

/* Whether a match sets GENEVE options (a GENEVE tunnel, any option word non-zero). */
static bool has_gopts(const struct doca_flow_match *match, const struct doca_flow_match *mask)
{
	uint32_t tun = match && match->tun.type ? match->tun.type : (mask ? mask->tun.type : 0);

	if (tun != DOCA_FLOW_TUN_GENEVE)
		return false;
	return (match && !all_zero((const uint8_t *)match->tun.geneve_options,
	                           sizeof(match->tun.geneve_options))) ||
	       (mask && !all_zero((const uint8_t *)mask->tun.geneve_options,
	                          sizeof(mask->tun.geneve_options)));
}

doca_error_t sdpa_match_compile(const struct doca_flow_match *match,
                                const struct doca_flow_match *mask, bool literal, const char *who,
                                struct sdpa_match_tmpl *out)
{
	return sdpa_match_compile_port(NULL, match, mask, literal, who, out);
}

doca_error_t sdpa_match_compile_port(const struct doca_flow_port *port,
                                     const struct doca_flow_match *match,
                                     const struct doca_flow_match *mask, bool literal,
                                     const char *who, struct sdpa_match_tmpl *out)
{
	struct doca_flow_match cm, ck;
	uint8_t gperm[SDPA_GOPT_VIEW_WORDS];
	bool nvgre = is_nvgre(match, mask), gopts = has_gopts(match, mask);
	doca_error_t r;

	if (!nvgre && !gopts)
		return match_compile(match, mask, literal, who, out);
	memset(&cm, 0, sizeof(cm));
	memset(&ck, 0, sizeof(ck));
	if (match)
		cm = *match;
	if (mask)
		ck = *mask;
	if (nvgre) {
		if (match)
			tun_canon(&cm);
		if (mask)
			tun_canon(&ck);
	}
	if (gopts) {
		r = sdpa_geneve_match_canon(port, match ? &cm : NULL, mask ? &ck : NULL, who,
		                            gperm);
		if (r != DOCA_SUCCESS)
			return r;
	}
	r = match_compile(match ? &cm : NULL, mask ? &ck : NULL, literal, who, out);
	out->nvgre = nvgre;
	out->gopts = gopts;
	if (gopts)
		memcpy(out->gperm, gperm, sizeof(gperm));
	return r;
}

static doca_error_t match_compile(const struct doca_flow_match *match,
                                  const struct doca_flow_match *mask, bool literal, const char *who,
                                  struct sdpa_match_tmpl *out)
{
	const uint8_t *mv = (const uint8_t *)match;
	const uint8_t *mk = (const uint8_t *)mask;
	doca_error_t r;

	memset(out, 0, sizeof(*out));
	for (size_t f = 0; f < SDPA_ARRAY_SIZE(mfields); f++) {
		const struct mfield *d = &mfields[f];
		static const uint8_t zero[64];
		const uint8_t *v = mv ? mv + d->off : zero;
		const uint8_t *k = mk ? mk + d->off : NULL;
		bool per;

		if (!group_active(d->group, match, mask, (d->flags & F_INNER) != 0))
			continue;
		if (d->flags & F_SEL) {
			uint32_t sv = rd32(v);

			if (sv == 0 && k)
				sv = rd32(k);
			if (sv != 0) {
				r = add_selector(out, d->off, sv, who);
				if (r != DOCA_SUCCESS)
					return r;
			}
			continue;
		}
		if (k) {
			if (all_zero(k, d->size))
				continue;
			/* Under a mask, a template value of 0 (or all-ones, or no template)
			 * leaves the value to each entry: NVIDIA's flow_set_meta masks
			 * meta.u32[0] with a zero template and gives 10 in the entry. */
			per = !literal &&
			      (mv == NULL || all_zero(v, d->size) || all_ones(v, d->size));
		} else {
			if (all_zero(v, d->size))
				continue;
			per = !literal && all_ones(v, d->size);
		}
		if (d->flags & F_UNSUP) {
			DOCA_LOG_ERR("%s: matching on %s is not supported by softdpa; remove it "
			             "from the match",
			             who, d->name);
			return DOCA_ERROR_NOT_SUPPORTED;
		}
		for (uint32_t i = 0; i < d->size; i++) {
			uint32_t b = d->off + i;

			out->mask[b] = k ? k[i] : 0xff;
			if (per)
				out->per_entry[b] = 1;
			else
				out->cval[b] = v[i] & out->mask[b];
		}
	}
	/* The fields the definitions add after struct doca_flow_match (flex.h). */
	r = sdpa_defs_match_compile(mv, mk, literal, who, out->mask, out->cval, out->per_entry);
	if (r != DOCA_SUCCESS)
		return r;
	return finish(out, who);
}

bool sdpa_match_selectors_ok(const struct sdpa_match_tmpl *mt, const uint8_t *view)
{
	for (uint32_t i = 0; i < mt->nsel; i++) {
		uint32_t have = rd32(view + mt->sel_off[i]);
		uint32_t want = mt->sel_val[i];

		if (have == want)
			continue;
		/* TRANSPORT means "TCP or UDP" (the ports); RoCEv2 is UDP with a BTH. */
		if ((mt->sel_off[i] == offsetof(struct doca_flow_match, outer.l4_type_ext) ||
		     mt->sel_off[i] == offsetof(struct doca_flow_match, inner.l4_type_ext)) &&
		    ((want == DOCA_FLOW_L4_TYPE_EXT_TRANSPORT &&
		      (have == DOCA_FLOW_L4_TYPE_EXT_TCP || have == DOCA_FLOW_L4_TYPE_EXT_UDP ||
		       have == DOCA_FLOW_L4_TYPE_EXT_ROCE_V2)) ||
		     (want == DOCA_FLOW_L4_TYPE_EXT_UDP && have == DOCA_FLOW_L4_TYPE_EXT_ROCE_V2)))
			continue;
		return false;
	}
	return true;
}

bool sdpa_match_consts_ok(const struct sdpa_match_tmpl *mt, const uint8_t *view)
{
	for (uint32_t s = 0; s < mt->ncsegs; s++) {
		const struct sdpa_seg *g = &mt->csegs[s];

		for (uint32_t i = g->off; i < (uint32_t)g->off + g->len; i++)
			if ((view[i] & mt->mask[i]) != mt->cval[i])
				return false;
	}
	return true;
}

/* n bytes from src to dst; the common field widths as single moves, not a call. */
static inline void ek_copy(uint8_t *dst, const uint8_t *src, uint32_t n)
{
#define EK_WIDTH(w)                                                                                \
	case w:                                                                                    \
		memcpy(dst, src, w);                                                               \
		return
	switch (n) {
		EK_WIDTH(1);
		EK_WIDTH(2);
		EK_WIDTH(4);
		EK_WIDTH(6);
		EK_WIDTH(8);
		EK_WIDTH(16);
	default:
		memcpy(dst, src, n);
		return;
	}
#undef EK_WIDTH
}

void sdpa_match_entry_key(const struct sdpa_match_tmpl *mt, const struct doca_flow_match *em,
                          uint8_t *key)
{
	const uint8_t *e = (const uint8_t *)em;
	uint32_t k = 0;
	struct doca_flow_match cm;

	if ((mt->nvgre || mt->gopts) && em) {
		cm = *em;
		if (mt->nvgre)
			tun_canon(&cm);
		if (mt->gopts)
			sdpa_geneve_entry_canon(mt->gperm, &cm);
		e = (const uint8_t *)&cm;
	}

	if (mt->ek_fast) {
		uint64_t w[SDPA_EK_FAST / 8];
		uint8_t *b = (uint8_t *)w;
		uint32_t nw = (mt->klen + 7) / 8;

		/* The segments fill bytes 0..klen-1; past klen ek_pem and ek_cst are 0. */
		w[nw - 1] = 0;
		for (uint32_t s = 0; em != NULL && s < mt->nsegs; s++) {
			ek_copy(b + k, e + mt->segs[s].off, mt->segs[s].len);
			k += mt->segs[s].len;
		}
		for (uint32_t j = 0; j < nw; j++) {
			uint64_t pem, cst;

			memcpy(&pem, mt->ek_pem + 8 * j, 8);
			memcpy(&cst, mt->ek_cst + 8 * j, 8);
			w[j] = em != NULL ? (w[j] & pem) | cst : cst;
		}
		memcpy(key, b, mt->klen);
		return;
	}
	/* sdpa_match_key over the entry's bytes with the constants merged in, visiting the
	 * key's bytes only (not the whole struct: an insert's main cost otherwise). The
	 * defined fields after struct doca_flow_match come from the entry itself. */
	for (uint32_t s = 0; s < mt->nsegs; s++) {
		const struct sdpa_seg *g = &mt->segs[s];

		for (uint32_t i = g->off; i < (uint32_t)g->off + g->len; i++) {
			const uint8_t *src = i < sizeof(cm) ? e : (const uint8_t *)em;

			key[k++] =
			        (mt->per_entry[i] ? (src ? src[i] : 0) : mt->cval[i]) & mt->mask[i];
		}
	}
}

/* ------------------------------------------------------------------ packet view */

static void view_hdrs(struct doca_flow_header_format *h, const struct sdpa_pkt_hdrs *p)
{
	memcpy(h->eth.src_mac, p->eth.src_mac, 6);
	memcpy(h->eth.dst_mac, p->eth.dst_mac, 6);
	h->eth.type = p->eth.type;
	h->l2_valid_headers = p->l2_valid_headers;
	h->eth_vlan[0].tci = p->eth_vlan[0].tci;
	h->eth_vlan[1].tci = p->eth_vlan[1].tci;
	h->l3_type = (enum doca_flow_l3_type)p->l3_type;
	if (p->l3_type == SDPA_L3_IP4)
		memcpy(&h->ip4, &p->ip4, sizeof(h->ip4));
	else if (p->l3_type == SDPA_L3_IP6)
		memcpy(&h->ip6, &p->ip6, sizeof(h->ip6));
	switch (p->l4_type) {
	case SDPA_L4_TCP:
		h->l4_type_ext = DOCA_FLOW_L4_TYPE_EXT_TCP;
		memcpy(&h->tcp, &p->tcp, sizeof(h->tcp));
		break;
	case SDPA_L4_UDP:
		h->l4_type_ext = DOCA_FLOW_L4_TYPE_EXT_UDP;
		h->udp.l4_port.src_port = p->udp.l4_port.src_port;
		h->udp.l4_port.dst_port = p->udp.l4_port.dst_port;
		if (p->roce) { /* UDP to 4791 with a whole BTH */
			h->l4_type_ext = DOCA_FLOW_L4_TYPE_EXT_ROCE_V2;
			memcpy(&h->roce_v2.bth, p->bth.b, sizeof(h->roce_v2.bth));
		}
		break;
	case SDPA_L4_ICMP:
	case SDPA_L4_ICMP6:
		h->l4_type_ext = p->l4_type == SDPA_L4_ICMP ? DOCA_FLOW_L4_TYPE_EXT_ICMP
		                                            : DOCA_FLOW_L4_TYPE_EXT_ICMP6;
		h->icmp.type = p->icmp.type;
		h->icmp.code = p->icmp.code;
		h->icmp.ident = p->icmp.ident;
		break;
	default:
		h->l4_type_ext = DOCA_FLOW_L4_TYPE_EXT_NONE;
		break;
	}
}

static uint32_t l4_meta(uint8_t t)
{
	switch (t) {
	case SDPA_L4_TCP:
		return DOCA_FLOW_L4_META_TCP;
	case SDPA_L4_UDP:
		return DOCA_FLOW_L4_META_UDP;
	case SDPA_L4_ICMP:
	case SDPA_L4_ICMP6:
		return DOCA_FLOW_L4_META_ICMP;
	case SDPA_L4_ESP:
		return DOCA_FLOW_L4_META_ESP;
	default:
		return DOCA_FLOW_L4_META_NONE;
	}
}

/* The tunnel header as DOCA names it (see tun_canon for GRE keys). */
static void view_tun(struct doca_flow_tun *v, const struct sdpa_pkt_tun *t)
{
	v->type = (enum doca_flow_tun_type)t->type;
	switch (t->type) {
	case SDPA_TUN_VXLAN:
		v->vxlan_type = (enum doca_flow_tun_ext_vxlan_type)t->vxlan_type;
		if (t->vxlan_type == DOCA_FLOW_TUN_EXT_VXLAN_GPE) {
			v->vxlan_gpe_flags = t->vxlan_flags;
			v->vxlan_gpe_next_protocol = t->vxlan_gpe_next_protocol;
		}
		v->vxlan_tun_id = t->vxlan_tun_id;
		v->vxlan_tun_rsvd1 = t->vxlan_rsvd1;
		break;
	case SDPA_TUN_GRE:
		v->gre_type = t->gre_key_present && sdpa_be16((const uint8_t *)&t->gre_protocol) ==
		                                            SDPA_ETH_P_TEB
		                      ? DOCA_FLOW_TUN_EXT_GRE_NVGRE
		                      : DOCA_FLOW_TUN_EXT_GRE_STANDARD;
		v->protocol = t->gre_protocol;
		v->key_present = t->gre_key_present;
		v->gre_key = t->gre_key;
		break;
	case SDPA_TUN_GTPU:
		v->gtp_teid = t->gtp_teid;
		v->gtp_next_ext_hdr_type = t->gtp_next_ext_hdr_type;
		v->gtp_ext_psc_qfi = t->gtp_psc_qfi;
		break;
	case SDPA_TUN_MPLS_O_UDP:
		memcpy(v->mpls, t->mpls, (size_t)t->mpls_n * 4);
		break;
	case SDPA_TUN_GENEVE:
		memcpy(&v->geneve, t->geneve_hdr, sizeof(v->geneve));
		((uint8_t *)&v->geneve.vni)[3] = 0; /* reserved, not part of the VNI */
		break;
	default:
		break;
	}
}

void sdpa_view_build(struct doca_flow_match *m, const struct sdpa_pkt_info *info)
{
	struct doca_flow_parser_meta *pm = &m->parser_meta;
	uint16_t port_id = pm->port_id;
	doca_be16_t rnd = pm->random;
	enum doca_flow_meter_color color = pm->meter_color; /* set by a meter, not the parse */

	/* Zero what a parse defines (parser_meta .. outer); tun and inner only when the frame
	 * is tunnelled or they held a previous parse's values. */
	memset(pm, 0,
	       offsetof(struct doca_flow_match, tun) -
	               offsetof(struct doca_flow_match, parser_meta));
	if (info->tun.type != SDPA_TUN_NONE || m->tun.type != DOCA_FLOW_TUN_NONE)
		memset(&m->tun, 0, sizeof(*m) - offsetof(struct doca_flow_match, tun));
	pm->port_id = port_id;
	pm->random = rnd;
	pm->meter_color = color;
	pm->outer_l2_type = (enum doca_flow_l2_meta)info->outer.l2_type;
	pm->outer_l3_type = (enum doca_flow_l3_meta)info->outer.l3_type;
	pm->outer_l4_type = (enum doca_flow_l4_meta)l4_meta(info->outer.l4_type);
	pm->outer_ip_fragmented = info->outer.ip_fragmented;
	pm->outer_l3_ok = info->outer.l3_ok;
	pm->outer_ip4_checksum_ok = info->outer.ip4_checksum_ok;
	pm->outer_l4_ok = info->outer.l4_ok;
	view_hdrs(&m->outer, &info->outer);
	/* An outer ESP header is DOCA's tunnel of type ESP (SPI, sequence number). */
	if (info->tun.type == SDPA_TUN_NONE && info->outer.l4_type == SDPA_L4_ESP) {
		m->tun.type = DOCA_FLOW_TUN_ESP;
		m->tun.esp_spi = info->outer.esp.spi;
		m->tun.esp_sn = info->outer.esp.sn;
	}
	if (info->tun.type != SDPA_TUN_NONE) {
		view_tun(&m->tun, &info->tun);
		pm->inner_l2_type = (enum doca_flow_l2_meta)info->inner.l2_type;
		pm->inner_l3_type = (enum doca_flow_l3_meta)info->inner.l3_type;
		pm->inner_l4_type = (enum doca_flow_l4_meta)l4_meta(info->inner.l4_type);
		pm->inner_ip_fragmented = info->inner.ip_fragmented;
		pm->inner_l3_ok = info->inner.l3_ok;
		pm->inner_ip4_checksum_ok = info->inner.ip4_checksum_ok;
		pm->inner_l4_ok = info->inner.l4_ok;
		view_hdrs(&m->inner, &info->inner);
	}
}

/* sdpa_view_lite: the groups as view_hdrs and sdpa_view_build write them for a frame
 * sdpa_parse_lite takes (outer stack only, no error, no tunnel). */
bool sdpa_view_lite(struct doca_flow_match *m, const uint8_t *f, uint32_t len, uint8_t groups)
{
	struct sdpa_pkt_lite o;
	struct doca_flow_header_format *h = &m->outer;
	const uint8_t *ip, *l4;

	if (!sdpa_parse_lite_inl(f, len, &o))
		return false;
	ip = f + o.l3_off;
	l4 = f + o.l4_off;
	if (groups & SDPA_LV_PMETA) {
		struct doca_flow_parser_meta *pm = &m->parser_meta;
		uint16_t port_id = pm->port_id;
		doca_be16_t rnd = pm->random;
		enum doca_flow_meter_color color = pm->meter_color;

		memset(pm, 0, sizeof(*pm));
		pm->port_id = port_id;
		pm->random = rnd;
		pm->meter_color = color;
		pm->outer_l2_type = (enum doca_flow_l2_meta)(o.nvlan == 0   ? SDPA_L2_NO_VLAN
		                                             : o.nvlan == 1 ? SDPA_L2_SINGLE_VLAN
		                                                            : SDPA_L2_MULTI_VLAN);
		pm->outer_l3_type = (enum doca_flow_l3_meta)o.l3_type;
		pm->outer_l4_type = (enum doca_flow_l4_meta)l4_meta(o.l4_type);
		pm->outer_l3_ok = o.l3_type != SDPA_L3_NONE;
		if ((groups & SDPA_LV_CSUM) && o.l3_type == SDPA_L3_IP4)
			pm->outer_ip4_checksum_ok =
			        sdpa_ip4_csum_ok(ip, (uint32_t)(ip[0] & 0xf) * 4);
		pm->outer_l4_ok = o.l4_type != SDPA_L4_NONE && o.l4_type != SDPA_L4_OTHER;
	}
	if (groups & SDPA_LV_ETH) {
		memcpy(h->eth.dst_mac, f, 6);
		memcpy(h->eth.src_mac, f + 6, 6);
		memcpy(&h->eth.type, f + o.l3_off - 2, 2);
		h->l2_valid_headers = (uint16_t)((1u << o.nvlan) - 1);
		h->eth_vlan[0].tci = 0;
		h->eth_vlan[1].tci = 0;
		for (uint32_t i = 0; i < o.nvlan; i++)
			memcpy(&h->eth_vlan[i].tci, f + SDPA_ETH_HLEN + SDPA_VLAN_HLEN * i, 2);
	}
	if (groups & SDPA_LV_L3) {
		h->l3_type = (enum doca_flow_l3_type)o.l3_type;
		memset(&h->ip4, 0,
		       offsetof(struct doca_flow_header_format, l4_type_ext) -
		               offsetof(struct doca_flow_header_format, ip4));
		if (o.l3_type == SDPA_L3_IP4) {
			h->ip4.version_ihl = ip[0];
			h->ip4.dscp_ecn = ip[1];
			memcpy(&h->ip4.total_len, ip + 2, 2);
			memcpy(&h->ip4.identification, ip + 4, 2);
			memcpy(&h->ip4.flags_fragment_offset, ip + 6, 2);
			h->ip4.ttl = ip[8];
			h->ip4.next_proto = ip[9];
			memcpy(&h->ip4.src_ip, ip + 12, 4);
			memcpy(&h->ip4.dst_ip, ip + 16, 4);
		} else if (o.l3_type == SDPA_L3_IP6) {
			uint32_t w0 = sdpa_be32(ip);

			h->ip6.traffic_class = (uint8_t)(w0 >> 20);
			sdpa_put_be32((uint8_t *)&h->ip6.flow_label, w0 & 0xfffff);
			memcpy(&h->ip6.payload_len, ip + 4, 2);
			h->ip6.next_proto = ip[6];
			h->ip6.hop_limit = ip[7];
			memcpy(h->ip6.src_ip, ip + 8, 16);
			memcpy(h->ip6.dst_ip, ip + 24, 16);
		}
	}
	if (groups & SDPA_LV_L4) {
		memset(&h->icmp, 0, sizeof(*h) - offsetof(struct doca_flow_header_format, icmp));
		switch (o.l4_type) {
		case SDPA_L4_TCP:
			h->l4_type_ext = DOCA_FLOW_L4_TYPE_EXT_TCP;
			memcpy(&h->tcp.l4_port, l4, 4);
			memcpy(&h->tcp.seq_num, l4 + 4, 4);
			memcpy(&h->tcp.ack_num, l4 + 8, 4);
			h->tcp.data_offset = l4[12];
			h->tcp.flags = l4[13];
			break;
		case SDPA_L4_UDP:
			h->l4_type_ext = DOCA_FLOW_L4_TYPE_EXT_UDP;
			memcpy(&h->udp.l4_port, l4, 4);
			break;
		case SDPA_L4_ICMP:
		case SDPA_L4_ICMP6:
			h->l4_type_ext = o.l4_type == SDPA_L4_ICMP ? DOCA_FLOW_L4_TYPE_EXT_ICMP
			                                           : DOCA_FLOW_L4_TYPE_EXT_ICMP6;
			h->icmp.type = l4[0];
			h->icmp.code = l4[1];
			memcpy(&h->icmp.ident, l4 + 4, 2);
			break;
		default:
			h->l4_type_ext = DOCA_FLOW_L4_TYPE_EXT_NONE;
			break;
		}
	}
	return true;
}

/* parser_meta.*_l4_checksum_ok of one header stack: a whole TCP, UDP or ICMP header (l4_ok)
 * in a whole, unfragmented IP packet whose checksum verifies. A UDP checksum of 0 ("none
 * computed") counts as good over IPv6 too: NVIDIA's flow_parser_meta expects
 * IPv6/IPv6/UDP with checksum 0 on its valid entry. */
static uint8_t l4_csum_meta(const uint8_t *frame, uint32_t len, const struct sdpa_pkt_info *info,
                            bool inner)
{
	const struct sdpa_pkt_hdrs *h = inner ? &info->inner : &info->outer;

	if (!h->l3_ok || !h->l4_ok || h->ip_fragmented)
		return 0;
	if (h->l4_type == SDPA_L4_UDP && h->l4_off + SDPA_UDP_HLEN <= len &&
	    frame[h->l4_off + 6] == 0 && frame[h->l4_off + 7] == 0)
		return 1;
	return sdpa_pkt_l4_csum_ok(frame, len, info, inner) ? 1 : 0;
}

void sdpa_view_l4csum(struct doca_flow_match *m, const uint8_t *frame, uint32_t len,
                      const struct sdpa_pkt_info *info)
{
	m->parser_meta.outer_l4_checksum_ok = l4_csum_meta(frame, len, info, false);
	m->parser_meta.inner_l4_checksum_ok =
	        info->tun.type != SDPA_TUN_NONE ? l4_csum_meta(frame, len, info, true) : 0;
}

/* ------------------------------------------------------------------ actions */

struct afield {
	const char *name;
	uint16_t off; /* in struct doca_flow_actions */
	uint16_t size;
	uint8_t kind; /* enum sdpa_op_kind */
	uint8_t group;
	uint16_t arg;
	const char *fname; /* SDPA_OP_FIELD: the field (flow_field.c) */
};

#define AF(path, kind, grp, arg)                                                                   \
	{                                                                                          \
#path, (uint16_t)offsetof(struct doca_flow_actions, path),                         \
		        (uint16_t)sizeof(((struct doca_flow_actions *)0)->path), kind, grp, arg    \
	}

#define AFF(path, fname, grp)                                                                      \
	{                                                                                          \
#path, (uint16_t)offsetof(struct doca_flow_actions, path),                         \
		        (uint16_t)sizeof(((struct doca_flow_actions *)0)->path), SDPA_OP_FIELD,    \
		        grp, 0, fname                                                              \
	}

static const struct afield afields[] = {
        AF(meta.pkt_meta, SDPA_OP_META, G_ALL, 0),
        AF(meta.u32[0], SDPA_OP_META, G_ALL, 4),
        AF(meta.u32[1], SDPA_OP_META, G_ALL, 8),
        AF(meta.u32[2], SDPA_OP_META, G_ALL, 12),
        AF(meta.u32[3], SDPA_OP_META, G_ALL, 16),
        AF(meta.u32[4], SDPA_OP_META, G_ALL, 20),
        AF(meta.u32[5], SDPA_OP_META, G_ALL, 24),
        AF(meta.u32[6], SDPA_OP_META, G_ALL, 28),
        AF(meta.u32[7], SDPA_OP_META, G_ALL, 32),
        AF(meta.u32[8], SDPA_OP_META, G_ALL, 36),
        AF(meta.u32[9], SDPA_OP_META, G_ALL, 40),
        AF(outer.eth.dst_mac, SDPA_OP_ETH_DST, G_ALL, 0),
        AF(outer.eth.src_mac, SDPA_OP_ETH_SRC, G_ALL, 0),
        AF(outer.ip4.src_ip, SDPA_OP_IP4_SRC, G_IP4, 0),
        AF(outer.ip4.dst_ip, SDPA_OP_IP4_DST, G_IP4, 0),
        AF(outer.ip4.dscp_ecn, SDPA_OP_IP4_DSCP_ECN, G_IP4, 0),
        AF(outer.ip4.ttl, SDPA_OP_IP4_TTL, G_IP4, 0),
        AF(outer.ip6.src_ip, SDPA_OP_IP6_SRC, G_IP6, 0),
        AF(outer.ip6.dst_ip, SDPA_OP_IP6_DST, G_IP6, 0),
        AF(outer.ip6.traffic_class, SDPA_OP_IP6_TC, G_IP6, 0),
        AF(outer.ip6.hop_limit, SDPA_OP_IP6_HOP, G_IP6, 0),
        AF(outer.tcp.l4_port.src_port, SDPA_OP_L4_SRC, G_ALL, 0),
        AF(outer.tcp.l4_port.dst_port, SDPA_OP_L4_DST, G_ALL, 0),
        /* The TCI of the frame's first / second VLAN tag: only with its bit in
         * outer.l2_valid_headers (sdpa_act_compile). */
        AF(outer.eth_vlan[0].tci, SDPA_OP_VLAN_TCI, G_ALL, 0),
        AF(outer.eth_vlan[1].tci, SDPA_OP_VLAN_TCI, G_ALL, 1),
/* Tunnel fields: the template's tun.type says which union member is meant. VNIs are the
 * upper 3 bytes of their doca_be32_t. */
#define AFN(path, n, kind, grp, arg)                                                               \
	{                                                                                          \
#path, (uint16_t)offsetof(struct doca_flow_actions, path), n, kind, grp, arg       \
	}
        {"tun.vxlan_tun_id", (uint16_t)(offsetof(struct doca_flow_actions, tun.vxlan_tun_id) + 1),
         3, SDPA_OP_TUN_VXLAN_VNI, G_VXLAN, 0}, /* htobe32(VNI): its low 3 bytes */
        AF(tun.vxlan_tun_rsvd1, SDPA_OP_TUN_VXLAN_RSVD1, G_VXLAN, 0),
        AF(tun.gre_key, SDPA_OP_TUN_GRE_KEY, G_GRE, 0),
        AF(tun.gtp_teid, SDPA_OP_TUN_GTP_TEID, G_GTP, 0),
        AF(tun.gtp_ext_psc_qfi, SDPA_OP_TUN_GTP_QFI, G_GTP, 0),
        AFN(tun.geneve.vni, 3, SDPA_OP_TUN_GENEVE_VNI, G_GENEVE, 0),
        AF(tun.mpls[0], SDPA_OP_TUN_MPLS, G_MPLS, 0),
        AF(tun.mpls[1], SDPA_OP_TUN_MPLS, G_MPLS, 1),
        AF(tun.mpls[2], SDPA_OP_TUN_MPLS, G_MPLS, 2),
        AF(tun.mpls[3], SDPA_OP_TUN_MPLS, G_MPLS, 3),
        AF(tun.mpls[4], SDPA_OP_TUN_MPLS, G_MPLS, 4),
#undef AFN
        AFF(outer.ip6.flow_label, "outer.ipv6.flow_label", G_IP6),
        AFF(outer.tcp.flags, "outer.tcp.flags", G_TCP),
        AFF(outer.tcp.seq_num, "outer.tcp.seq_num", G_TCP),
        AFF(outer.tcp.ack_num, "outer.tcp.ack_num", G_TCP),
        AFF(outer.roce_v2.bth.opcode, "#outer.roce_v2.bth.opcode", G_ROCE),
        AFF(outer.roce_v2.bth.dest_qp, "#outer.roce_v2.bth.dest_qp", G_ROCE),
        AFF(outer.roce_v2.bth.flags1, "#outer.roce_v2.bth.flags1", G_ROCE),
        AFF(outer.roce_v2.bth.psn, "#outer.roce_v2.bth.psn", G_ROCE),
        AFF(tun.esp_spi, "tunnel.esp.spi", G_ESP),
        AFF(tun.esp_sn, "tunnel.esp.sn", G_ESP),
};

/* The member of struct doca_flow_actions that holds byte 'off', for error lines. */
static const char *action_member_name(uint32_t off)
{
#define AM(m)                                                                                      \
	{                                                                                          \
		offsetof(struct doca_flow_actions, m), sizeof(((struct doca_flow_actions *)0)->m), \
		        #m                                                                         \
	}
	static const struct {
		size_t off, size;
		const char *name;
	} members[] = {
	        AM(decap_type),
	        AM(decap_cfg),
	        AM(pop_vlan),
	        AM(meta),
	        AM(parser_meta),
	        AM(outer.eth),
	        AM(outer.l2_valid_headers),
	        AM(outer.eth_vlan),
	        AM(outer.ip4),
	        AM(outer.ip6),
	        AM(outer.icmp),
	        AM(outer.tcp),
	        AM(outer.roce_v2),
	        AM(tun),
	        AM(encap_type),
	        AM(encap_cfg),
	        AM(has_push),
	        AM(push),
	        AM(nat64),
	        AM(has_crypto_encap),
	        AM(crypto_encap),
	        AM(crypto),
	};
#undef AM
	for (size_t i = 0; i < SDPA_ARRAY_SIZE(members); i++)
		if (off >= members[i].off && off < members[i].off + members[i].size)
			return members[i].name;
	return "a field";
}

doca_error_t sdpa_act_compile(const struct doca_flow_actions *a, const struct doca_flow_actions *m,
                              const char *who, struct sdpa_act_tmpl *out)
{
	const uint8_t *av = (const uint8_t *)a;
	const uint8_t *mv = (const uint8_t *)m;
	uint8_t covered[sizeof(struct doca_flow_actions)];
	bool ip6, roce;

	memset(out, 0, sizeof(*out));
	if (a == NULL)
		return DOCA_SUCCESS;
	memset(covered, 0, sizeof(covered));
	ip6 = a->outer.l3_type == DOCA_FLOW_L3_TYPE_IP6 ||
	      (m && m->outer.l3_type == DOCA_FLOW_L3_TYPE_IP6);
	uint32_t tt = a->tun.type ? a->tun.type : (m ? m->tun.type : 0);
	uint8_t tun_group = tt == DOCA_FLOW_TUN_VXLAN        ? G_VXLAN
	                    : tt == DOCA_FLOW_TUN_GRE        ? G_GRE
	                    : tt == DOCA_FLOW_TUN_GTPU       ? G_GTP
	                    : tt == DOCA_FLOW_TUN_MPLS_O_UDP ? G_MPLS
	                    : tt == DOCA_FLOW_TUN_GENEVE     ? G_GENEVE
	                    : tt == DOCA_FLOW_TUN_ESP        ? G_ESP
	                                                     : G_ALL;
	roce = a->outer.l4_type_ext == DOCA_FLOW_L4_TYPE_EXT_ROCE_V2 ||
	       (m && m->outer.l4_type_ext == DOCA_FLOW_L4_TYPE_EXT_ROCE_V2);
	/* outer.l2_valid_headers says which outer.eth_vlan[] tags the template modifies. */
	uint32_t vbits = (uint32_t)a->outer.l2_valid_headers | (m ? m->outer.l2_valid_headers : 0u);
	if (vbits &
	    ~(uint32_t)(DOCA_FLOW_L2_VALID_HEADER_VLAN_0 | DOCA_FLOW_L2_VALID_HEADER_VLAN_1)) {
		DOCA_LOG_ERR("%s: actions outer.l2_valid_headers 0x%x has unknown bits; use "
		             "DOCA_FLOW_L2_VALID_HEADER_VLAN_0 / _VLAN_1",
		             who, vbits);
		return DOCA_ERROR_INVALID_VALUE;
	}
	memset(covered + offsetof(struct doca_flow_actions, outer.l2_valid_headers), 1,
	       sizeof(a->outer.l2_valid_headers));
	for (size_t f = 0; f < SDPA_ARRAY_SIZE(afields); f++) {
		const struct afield *d = &afields[f];
		const uint8_t *v = av + d->off;
		const uint8_t *k = mv ? mv + d->off : NULL;
		struct sdpa_op *op;
		bool per;

		if ((d->group == G_IP4 && ip6) || (d->group == G_IP6 && !ip6) ||
		    (d->group == G_TCP && roce) || (d->group == G_ROCE && !roce))
			continue;
		if (d->kind == SDPA_OP_VLAN_TCI && !(vbits & (1u << d->arg))) {
			memset(covered + d->off, 1, d->size);
			if (!all_zero(v, d->size) || (k != NULL && !all_zero(k, d->size)))
				DOCA_LOG_WARN("%s: actions outer.eth_vlan[%u].tci is ignored: "
				              "outer.l2_valid_headers lacks "
				              "DOCA_FLOW_L2_VALID_HEADER_VLAN_%u; set that bit to "
				              "modify the tag",
				              who, d->arg, d->arg);
			continue;
		}
		if ((d->group == G_VXLAN || d->group == G_GRE || d->group == G_GTP ||
		     d->group == G_MPLS || d->group == G_GENEVE || d->group == G_ESP) &&
		    d->group != tun_group)
			continue;
		if (d->kind == SDPA_OP_TUN_VXLAN_VNI) /* the whole doca_be32_t */
			memset(covered + d->off - 1, 1, 4);
		else
			memset(covered + d->off, 1,
			       d->kind == SDPA_OP_TUN_GENEVE_VNI ? 4 : d->size);
		if (k) {
			if (all_zero(k, d->size))
				continue;
			per = all_ones(v, d->size);
		} else {
			if (all_zero(v, d->size))
				continue;
			per = all_ones(v, d->size);
		}
		if (out->nops == SDPA_FLOW_MAX_OPS) {
			DOCA_LOG_ERR("%s: more than %u modified fields in one action template; "
			             "split them over pipes",
			             who, SDPA_FLOW_MAX_OPS);
			return DOCA_ERROR_NOT_SUPPORTED;
		}
		op = &out->ops[out->nops++];
		op->kind = d->kind;
		op->size = (uint8_t)d->size;
		op->arg = d->fname ? (uint16_t)sdpa_field_lookup(d->fname) : d->arg;
		op->act_off = d->off;
		op->per_entry = per;
		for (uint32_t i = 0; i < d->size; i++) {
			op->mask[i] = k ? k[i] : 0xff;
			if (d->kind == SDPA_OP_TUN_GTP_QFI)
				op->mask[i] &= 0x3f; /* the QFI is 6 bits */
			op->cval[i] = per ? 0 : (uint8_t)(v[i] & op->mask[i]);
		}
		if (per) {
			op->val_off = (uint16_t)out->vlen;
			out->vlen += d->size;
		}
	}
	/* A VLAN push: the TPID and TCI of the template, or each entry's when the template's
	 * are all ones (changeable). */
	if (a->has_push) {
		const uint8_t *ph = (const uint8_t *)&a->push.vlan;

		if (a->push.type != DOCA_FLOW_PUSH_ACTION_VLAN) {
			DOCA_LOG_ERR("%s: push type %d is unknown; use DOCA_FLOW_PUSH_ACTION_VLAN",
			             who, (int)a->push.type);
			return DOCA_ERROR_INVALID_VALUE;
		}
		out->push_vlan = true;
		memcpy(out->push_hdr, &a->push.vlan.eth_type, 2);
		memcpy(out->push_hdr + 2, &a->push.vlan.vlan_hdr.tci, 2);
		if (out->push_hdr[0] == 0 && out->push_hdr[1] == 0)
			sdpa_put_be16(out->push_hdr, SDPA_ETH_P_VLAN); /* DOCA's default TPID */
		if (all_ones(ph, 2) || all_ones(ph + 2, 2)) {
			out->push_per_entry = true;
			out->push_val_off = (uint16_t)out->vlen;
			out->vlen += 4;
		}
		covered[offsetof(struct doca_flow_actions, has_push)] = 1;
		memset(covered + offsetof(struct doca_flow_actions, push), 1, sizeof(a->push));
	}
	/* NAT64 (nat64.h): the template's original_l3_type, or the mask's when the template
	 * leaves it 0; each entry runs the pipe's. */
	{
		uint32_t l3 = (uint32_t)a->nat64.original_l3_type;

		if (l3 == DOCA_FLOW_L3_TYPE_NONE && m != NULL)
			l3 = (uint32_t)m->nat64.original_l3_type;
		if (l3 != DOCA_FLOW_L3_TYPE_NONE && l3 != DOCA_FLOW_L3_TYPE_IP4 &&
		    l3 != DOCA_FLOW_L3_TYPE_IP6) {
			DOCA_LOG_ERR("%s: actions nat64.original_l3_type %u is not an L3 type; use "
			             "DOCA_FLOW_L3_TYPE_IP4 (IPv4 -> IPv6) or _IP6 (IPv6 -> IPv4), "
			             "or NONE for no NAT64",
			             who, l3);
			return DOCA_ERROR_INVALID_VALUE;
		}
		out->nat64_l3 = (uint8_t)l3;
		memset(covered + offsetof(struct doca_flow_actions, nat64), 1, sizeof(a->nat64));
	}
	/* Encap/decap (flow_tunnel.c), after the modify values. */
	doca_error_t tr = sdpa_tun_act_compile(a, who, out, covered);
	if (tr != DOCA_SUCCESS)
		return tr;
	memset(covered + offsetof(struct doca_flow_actions, tun.type), 1, sizeof(a->tun.type));
	/* Anything else set in the template is an action softdpa does not emulate. */
	covered[offsetof(struct doca_flow_actions, pop_vlan)] = 1;
	memset(covered + offsetof(struct doca_flow_actions, outer.l3_type), 1,
	       sizeof(a->outer.l3_type));
	memset(covered + offsetof(struct doca_flow_actions, outer.l4_type_ext), 1,
	       sizeof(a->outer.l4_type_ext));
	for (uint32_t i = 0; i < sizeof(covered); i++) {
		if (!covered[i] && av[i] != 0) {
			DOCA_LOG_ERR("%s: action %s (byte %u of struct doca_flow_actions, set in "
			             "the template) is not supported by softdpa; softdpa "
			             "modifies MACs, VLAN TCIs, IPv4/IPv6 addresses, DSCP, TTL, "
			             "L4 ports, meta, translates NAT64, pops and pushes VLANs only",
			             who, action_member_name(i), i);
			return DOCA_ERROR_NOT_SUPPORTED;
		}
	}
	out->pop_vlan = a->pop_vlan;
	/* The fields the definitions add after struct doca_flow_actions (flex.h). */
	return sdpa_defs_act_compile(av, mv, who, out);
}

void sdpa_act_entry_vals(const struct sdpa_act_tmpl *t, const struct doca_flow_actions *a,
                         uint8_t *vals)
{
	if (t->push_per_entry) {
		if (a == NULL || !a->has_push) {
			memcpy(vals + t->push_val_off, t->push_hdr, 4);
		} else {
			memcpy(vals + t->push_val_off, &a->push.vlan.eth_type, 2);
			memcpy(vals + t->push_val_off + 2, &a->push.vlan.vlan_hdr.tci, 2);
			if (vals[t->push_val_off] == 0 && vals[t->push_val_off + 1] == 0)
				sdpa_put_be16(vals + t->push_val_off, SDPA_ETH_P_VLAN);
		}
	}
	for (uint32_t i = 0; i < t->nops; i++) {
		const struct sdpa_op *op = &t->ops[i];

		if (!op->per_entry)
			continue;
		if (a == NULL)
			memset(vals + op->val_off, 0, op->size);
		else
			memcpy(vals + op->val_off, (const uint8_t *)a + op->act_off, op->size);
	}
	if (t->encap_kind || t->decap_kind)
		sdpa_tun_entry_vals(t, a, vals);
}
