/* SPDX-License-Identifier: BSD-3-Clause
 * The hashes a BlueField-3 computes in its steering (docs/DESIGN_DECISIONS.md D21):
 *
 *   hash pipe / doca_flow_pipe_calc_hash — the steering CRC over the match tag of the
 *   pipe's definer: the hashed fields are laid out as in the device's header layout, the
 *   DWords (and bytes) holding them are chosen by the definer's selector search and placed
 *   in the tag; the CRC is CRC-32 (reflected polynomial 0xEDB88320, initial value 0, no
 *   final XOR) over the 32-byte match tag (44-byte jumbo tag), read as a big-endian word.
 *   The entry index is the hash masked to the index space.
 *
 *   doca_flow_port_calc_entropy — CRC-16 (polynomial 0x100B, MSB first, initial value 0)
 *   over destination address, source address (16 bytes each, IPv4 in the last 4), the
 *   protocol and the destination and source ports, folded into the RoCE source-port range
 *   (0xC000..0xFFFF).
 *
 * Only the algorithm is taken from public material (DPDK's mlx5 HWS driver); the code is
 * softdpa's. docs/FLOW.md "Hash pipes" shows the resulting layout.
 */
#include <pthread.h>
#include <stddef.h>
#include <string.h>

#include "core/log.h"
#include "core/util.h"
#include "nic/flow_priv.h"

SDPA_LOG_REGISTER(nic_flow_steer_hash);

/* ------------------------------------------------------------------ CRCs */

/* crc32_t[0] is the classic byte table; crc32_t[k][b] = crc32_t[0] advanced by k zero
 * bytes (slicing-by-8: eight bytes per step, one table per byte position). */
static uint32_t crc32_t[8][256];
static uint16_t crc16_tab[256];

/* Per-position tables of a hash pipe's tag (D21's H is linear: CRC-32 with initial value 0
 * and no final XOR, so the CRC of a tag is the XOR of the CRCs of its bytes each alone in
 * an otherwise zero tag). Row r < SDPA_STEER_TAG: byte r of a 44-byte jumbo tag; row
 * SDPA_STEER_TAG + r: byte r of a 32-byte match tag. Each entry is already byte-swapped
 * (the register read most significant byte first), so a frame's H is one lookup and one
 * XOR per hashed byte. Built on the first hash pipe (pthread_once): 76 KiB. */
enum { POS_ROWS = SDPA_STEER_TAG + SDPA_STEER_TAG - 12 };
static uint32_t pos_tab[POS_ROWS][256];
static pthread_once_t pos_once = PTHREAD_ONCE_INIT;

static void __attribute__((constructor)) steer_crc_init(void)
{
	for (uint32_t i = 0; i < 256; i++) {
		uint32_t c = i;
		uint16_t h = (uint16_t)(i << 8);

		for (int k = 0; k < 8; k++) {
			c = (c & 1) ? (c >> 1) ^ 0xedb88320u : c >> 1;
			h = (uint16_t)((h & 0x8000) ? (h << 1) ^ 0x100b : h << 1);
		}
		crc32_t[0][i] = c;
		crc16_tab[i] = h;
	}
	for (uint32_t i = 0; i < 256; i++)
		for (uint32_t k = 1; k < 8; k++)
			crc32_t[k][i] =
			        crc32_t[0][crc32_t[k - 1][i] & 0xff] ^ (crc32_t[k - 1][i] >> 8);
}

static inline uint32_t bswap32(uint32_t c)
{
	return (c >> 24) | ((c >> 8) & 0xff00u) | ((c << 8) & 0xff0000u) | (c << 24);
}

static void pos_init_len(uint32_t row0, uint32_t len)
{
	/* A byte v at position len-1 leaves crc32_t[0][v]; each zero byte after it advances
	 * the register by one table step. */
	for (uint32_t v = 0; v < 256; v++) {
		uint32_t c = crc32_t[0][v];

		for (uint32_t p = len; p-- > 0;) {
			pos_tab[row0 + p][v] = bswap32(c);
			c = crc32_t[0][c & 0xff] ^ (c >> 8);
		}
	}
}

static void pos_init(void)
{
	pos_init_len(0, SDPA_STEER_TAG);
	pos_init_len(SDPA_STEER_TAG, SDPA_STEER_TAG - 12);
}

uint32_t sdpa_steer_crc32(const uint8_t *p, uint32_t n)
{
	uint32_t c = 0;

	for (; n >= 8; n -= 8, p += 8) {
		uint32_t lo = c ^ ((uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 |
		                   (uint32_t)p[3] << 24);

		c = crc32_t[7][lo & 0xff] ^ crc32_t[6][(lo >> 8) & 0xff] ^
		    crc32_t[5][(lo >> 16) & 0xff] ^ crc32_t[4][lo >> 24] ^ crc32_t[3][p[4]] ^
		    crc32_t[2][p[5]] ^ crc32_t[1][p[6]] ^ crc32_t[0][p[7]];
	}
	for (; n > 0; n--, p++)
		c = crc32_t[0][(c ^ *p) & 0xff] ^ (c >> 8);
	/* The register's bytes, most significant first (the device reads it big-endian). */
	return bswap32(c);
}

/* The entropy's CRC-16 of a 37-byte input is linear too (initial value 0, no final XOR):
 * ent_pos[p][v] is the CRC of byte v at position p of an otherwise zero input, so the CRC is
 * the XOR of one lookup per non-zero byte, with no chain from byte to byte (an IPv4 5-tuple
 * has 13 bytes that can be non-zero). 18.5 KiB, built lazily (pthread_once). */
static uint16_t ent_pos[SDPA_ENTROPY_IN][256];
static pthread_once_t ent_once = PTHREAD_ONCE_INIT;

static void ent_pos_init(void)
{
	for (uint32_t v = 0; v < 256; v++) {
		uint16_t c = crc16_tab[v]; /* byte v, then zero bytes: one step per byte */

		for (uint32_t p = SDPA_ENTROPY_IN; p-- > 0;) {
			ent_pos[p][v] = c;
			c = (uint16_t)((c << 8) ^ crc16_tab[(c >> 8) & 0xff]);
		}
	}
}

void sdpa_entropy_init(void)
{
	pthread_once(&ent_once, ent_pos_init);
}

static inline uint16_t ent_run(uint16_t c, uint32_t p0, const uint8_t *b, uint32_t n)
{
	for (uint32_t i = 0; i < n; i++)
		c ^= ent_pos[p0 + i][b[i]];
	return c;
}

uint16_t sdpa_entropy_5tuple(uint8_t l3, const void *dst, const void *src, uint8_t proto,
                             const void *dport, const void *sport)
{
	uint16_t c = ent_pos[32][proto];

	/* constant lengths: each run unrolls into independent lookups */
	if (l3 == SDPA_L3_IP4) {
		c = ent_run(c, 12, dst, 4);
		c = ent_run(c, 28, src, 4);
	} else if (l3 == SDPA_L3_IP6) {
		c = ent_run(c, 0, dst, 16);
		c = ent_run(c, 16, src, 16);
	}
	if (dport != NULL)
		c = ent_run(c, 33, dport, 2);
	if (sport != NULL)
		c = ent_run(c, 35, sport, 2);
	return c;
}

uint16_t sdpa_entropy_crc16(const uint8_t *p, uint32_t n)
{
	uint16_t c = 0;

	for (uint32_t i = 0; i < n; i++)
		c = (uint16_t)((c << 8) ^ crc16_tab[((c >> 8) ^ p[i]) & 0xff]);
	return c;
}

/* ------------------------------------------------------------------ header layout */

/* Byte offsets in the device's header layout (4-byte DWords; DWord d at 4*d). */
enum {
	HL_L2_O = 0,        /* dmac(6) ethertype(2) ... vlan0 tci at +10, vlan1 tci at +14 */
	HL_L2_I = 16,       /* same, inner */
	HL_L2SRC_O = 32,    /* smac(6) */
	HL_L2SRC_I = 40,    /* same, inner */
	HL_L3_O = 56,       /* ver/ihl, tos, ttl, proto; id, frag; total len; flow label; .. */
	HL_L3_I = 76,       /* same, inner */
	HL_L4_O = 96,       /* sport, dport; data offset, tcp flags */
	HL_L4_I = 104,      /* same, inner */
	HL_IP4_O = 256,     /* src, dst */
	HL_IP4_I = 264,     /* same, inner */
	HL_IP6_DST_O = 272, /* 16 bytes */
	HL_IP6_DST_I = 288,
	HL_IP6_SRC_O = 304,
	HL_IP6_SRC_I = 320,
	HL_TCP_ICMP = 376, /* tcp seq, ack / icmp type, code, csum, ident */
	HL_TUNNEL = 388,   /* tunnel header DWords 0..3 (VXLAN: flags, VNI) */
	HL_RANDOM = 476,   /* random number (16 bits) */
	/* Fields whose place the public layout does not give (DOCA's metadata, parser
	 * results): softdpa puts them after the layout, at HL_OTHER + their offset in
	 * struct doca_flow_match. They never get byte selectors (beyond DWord 63). */
	HL_OTHER = 640,
	HL_SIZE = HL_OTHER + ((sizeof(struct doca_flow_match) + 3) & ~(size_t)3),
	HL_DWORDS = HL_SIZE / 4,
	BYTE_SEL_MAX_DW = 63, /* byte selectors reach the first 256 bytes only */
};

struct hlmap {
	uint16_t src; /* offset in struct doca_flow_match */
	uint16_t len;
	uint16_t dst; /* offset in the header layout */
};

#define M(path)  (uint16_t) offsetof(struct doca_flow_match, path)
#define SZ(path) (uint16_t)sizeof(((struct doca_flow_match *)0)->path)
#define F(path, hl)                                                                                \
	{                                                                                          \
		M(path), SZ(path), (uint16_t)(hl)                                                  \
	}

#define L2_FIELDS(S, L2, L2SRC)                                                                    \
	F(S.eth.dst_mac, L2), F(S.eth.type, (L2) + 6), F(S.eth_vlan[0].tci, (L2) + 10),            \
	        F(S.eth_vlan[1].tci, (L2) + 14), F(S.eth.src_mac, L2SRC)

#define IP4_FIELDS(S, L3, IP4)                                                                     \
	F(S.ip4.version_ihl, L3), F(S.ip4.dscp_ecn, (L3) + 1), F(S.ip4.ttl, (L3) + 2),             \
	        F(S.ip4.next_proto, (L3) + 3), F(S.ip4.identification, (L3) + 4),                  \
	        F(S.ip4.flags_fragment_offset, (L3) + 6), F(S.ip4.total_len, (L3) + 8),            \
	        F(S.ip4.src_ip, IP4), F(S.ip4.dst_ip, (IP4) + 4)

#define IP6_FIELDS(S, L3, DST, SRC)                                                                \
	F(S.ip6.traffic_class, (L3) + 1), F(S.ip6.hop_limit, (L3) + 2),                            \
	        F(S.ip6.next_proto, (L3) + 3), F(S.ip6.flow_label, (L3) + 12),                     \
	        F(S.ip6.payload_len, (L3) + 18), F(S.ip6.src_ip, SRC), F(S.ip6.dst_ip, DST)

#define PORT_FIELDS(S, L4)                                                                         \
	F(S.tcp.l4_port.src_port, L4), F(S.tcp.l4_port.dst_port, (L4) + 2),                        \
	        F(S.tcp.data_offset, (L4) + 4), F(S.tcp.flags, (L4) + 5),                          \
	        F(S.tcp.seq_num, HL_TCP_ICMP), F(S.tcp.ack_num, HL_TCP_ICMP + 4)

#define ICMP_FIELDS(S)                                                                             \
	F(S.icmp.type, HL_TCP_ICMP), F(S.icmp.code, HL_TCP_ICMP + 1),                              \
	        F(S.icmp.ident, HL_TCP_ICMP + 4)

static const struct hlmap map_l2[] = {
        L2_FIELDS(outer, HL_L2_O, HL_L2SRC_O), L2_FIELDS(inner, HL_L2_I, HL_L2SRC_I),
        F(tun.vxlan_tun_id, HL_TUNNEL + 4), F(parser_meta.random, HL_RANDOM)};
static const struct hlmap map_ip4_o[] = {IP4_FIELDS(outer, HL_L3_O, HL_IP4_O)};
static const struct hlmap map_ip4_i[] = {IP4_FIELDS(inner, HL_L3_I, HL_IP4_I)};
static const struct hlmap map_ip6_o[] = {IP6_FIELDS(outer, HL_L3_O, HL_IP6_DST_O, HL_IP6_SRC_O)};
static const struct hlmap map_ip6_i[] = {IP6_FIELDS(inner, HL_L3_I, HL_IP6_DST_I, HL_IP6_SRC_I)};
static const struct hlmap map_port_o[] = {PORT_FIELDS(outer, HL_L4_O)};
static const struct hlmap map_port_i[] = {PORT_FIELDS(inner, HL_L4_I)};
static const struct hlmap map_icmp_o[] = {ICMP_FIELDS(outer)};
static const struct hlmap map_icmp_i[] = {ICMP_FIELDS(inner)};

static void apply(int16_t *hl_of, const struct hlmap *m, size_t n)
{
	for (size_t i = 0; i < n; i++)
		for (uint16_t b = 0; b < m[i].len; b++)
			hl_of[m[i].src + b] = (int16_t)(m[i].dst + b);
}

/* The value a header-type selector of the template requires, or 'none'. */
static uint32_t selector(const struct sdpa_match_tmpl *mt, size_t off, uint32_t none)
{
	for (uint32_t i = 0; i < mt->nsel; i++)
		if (mt->sel_off[i] == off)
			return mt->sel_val[i];
	return none;
}

/* Where each byte of struct doca_flow_match sits in the header layout. A union's bytes
 * (IPv4/IPv6, ports/ICMP) are placed as the template's header-type selectors say. */
static void layout_of(const struct sdpa_match_tmpl *mt, int16_t *hl_of)
{
	for (size_t i = 0; i < sizeof(struct doca_flow_match); i++)
		hl_of[i] = (int16_t)(HL_OTHER + i);
	apply(hl_of, map_l2, SDPA_ARRAY_SIZE(map_l2));
	if (selector(mt, offsetof(struct doca_flow_match, outer.l3_type), 0) ==
	    DOCA_FLOW_L3_TYPE_IP6)
		apply(hl_of, map_ip6_o, SDPA_ARRAY_SIZE(map_ip6_o));
	else
		apply(hl_of, map_ip4_o, SDPA_ARRAY_SIZE(map_ip4_o));
	if (selector(mt, offsetof(struct doca_flow_match, inner.l3_type), 0) ==
	    DOCA_FLOW_L3_TYPE_IP6)
		apply(hl_of, map_ip6_i, SDPA_ARRAY_SIZE(map_ip6_i));
	else
		apply(hl_of, map_ip4_i, SDPA_ARRAY_SIZE(map_ip4_i));
	switch (selector(mt, offsetof(struct doca_flow_match, outer.l4_type_ext), 0)) {
	case DOCA_FLOW_L4_TYPE_EXT_ICMP:
	case DOCA_FLOW_L4_TYPE_EXT_ICMP6:
		apply(hl_of, map_icmp_o, SDPA_ARRAY_SIZE(map_icmp_o));
		break;
	default:
		apply(hl_of, map_port_o, SDPA_ARRAY_SIZE(map_port_o));
		break;
	}
	switch (selector(mt, offsetof(struct doca_flow_match, inner.l4_type_ext), 0)) {
	case DOCA_FLOW_L4_TYPE_EXT_ICMP:
	case DOCA_FLOW_L4_TYPE_EXT_ICMP6:
		apply(hl_of, map_icmp_i, SDPA_ARRAY_SIZE(map_icmp_i));
		break;
	default:
		apply(hl_of, map_port_i, SDPA_ARRAY_SIZE(map_port_i));
		break;
	}
}

/* ------------------------------------------------------------------ definer selectors */

enum {
	DW_SEL_MATCH = 6, /* full DWord selectors of a match definer */
	DW_SEL_JUMBO = 9, /* of a jumbo definer */
	BYTE_SEL = 8,
	TAG_MATCH_OFF = 12, /* a match tag is the last 32 bytes of the 44 */
};

struct sel {
	uint16_t dw[DW_SEL_JUMBO];
	uint32_t ndw, max_dw;
	uint16_t byte[BYTE_SEL]; /* header-layout byte per byte selector */
	uint32_t nbytes;
};

/* The definer's search: DWords in layout order, each taking the next DWord selector, or
 * else (when the DWord selectors run out, or the rest cannot fit otherwise) one byte
 * selector per non-zero byte, byte selectors being handed out from the last one down. */
static bool fit(const uint8_t *hl_mask, const uint16_t *dws, uint32_t n, uint32_t k, struct sel *s)
{
	uint32_t need = 0, saved;

	if (k == n)
		return true;
	if (s->ndw < s->max_dw) {
		s->dw[s->ndw++] = dws[k];
		if (fit(hl_mask, dws, n, k + 1, s))
			return true;
		s->ndw--;
	}
	if (dws[k] > BYTE_SEL_MAX_DW)
		return false;
	for (uint32_t b = 0; b < 4; b++)
		need += hl_mask[dws[k] * 4 + b] != 0;
	if (s->nbytes + need > BYTE_SEL)
		return false;
	saved = s->nbytes;
	for (uint32_t b = 0; b < 4; b++)
		if (hl_mask[dws[k] * 4 + b] != 0) {
			s->byte[BYTE_SEL - 1 - s->nbytes] = (uint16_t)(dws[k] * 4 + b);
			s->nbytes++;
		}
	if (fit(hl_mask, dws, n, k + 1, s))
		return true;
	s->nbytes = saved;
	return false;
}

/* Tag offset of a header-layout byte under the selectors; -1 when not selected. */
static int tag_off(const struct sel *s, uint32_t hl)
{
	for (uint32_t i = 0; i < s->ndw; i++)
		if (s->dw[i] == hl / 4)
			return (int)(4 * (DW_SEL_JUMBO - 1 - i) + hl % 4);
	for (uint32_t i = BYTE_SEL - s->nbytes; i < BYTE_SEL; i++)
		if (s->byte[i] == hl)
			return (int)(4 * DW_SEL_JUMBO + (BYTE_SEL - 1 - i));
	return -1;
}

bool sdpa_steer_plan_build(const struct sdpa_match_tmpl *mt, struct sdpa_steer_plan *plan)
{
	int16_t hl_of[sizeof(struct doca_flow_match)];
	uint8_t hl_mask[HL_SIZE];
	int16_t hl_src[HL_SIZE];
	uint16_t dws[HL_DWORDS];
	uint32_t ndws = 0;
	struct sel s;

	pthread_once(&pos_once, pos_init);
	memset(plan, 0, sizeof(*plan));
	memset(hl_mask, 0, sizeof(hl_mask));
	memset(hl_src, 0xff, sizeof(hl_src));
	layout_of(mt, hl_of);
	for (uint32_t g = 0; g < mt->nsegs; g++)
		for (uint32_t i = mt->segs[g].off; i < (uint32_t)mt->segs[g].off + mt->segs[g].len;
		     i++) {
			if (mt->mask[i] == 0)
				continue;
			hl_mask[hl_of[i]] = mt->mask[i];
			hl_src[hl_of[i]] = (int16_t)i;
		}
	for (uint32_t d = 0; d < HL_DWORDS; d++)
		if (hl_mask[4 * d] | hl_mask[4 * d + 1] | hl_mask[4 * d + 2] | hl_mask[4 * d + 3])
			dws[ndws++] = (uint16_t)d;
	memset(&s, 0, sizeof(s));
	s.max_dw = DW_SEL_MATCH;
	if (!fit(hl_mask, dws, ndws, 0, &s)) {
		memset(&s, 0, sizeof(s));
		s.max_dw = DW_SEL_JUMBO; /* BlueField-3: a jumbo definer has 9 full DWords */
		if (!fit(hl_mask, dws, ndws, 0, &s))
			return false;
		plan->jumbo = true;
	}
	for (uint32_t hl = 0; hl < HL_SIZE; hl++) {
		int t;

		if (hl_mask[hl] == 0)
			continue;
		t = tag_off(&s, hl);
		if (t < 0)
			return false; /* cannot happen: fit() selected every non-zero byte */
		plan->src[plan->n] = (uint16_t)hl_src[hl];
		plan->dst[plan->n] = (uint8_t)t;
		plan->row[plan->n] =
		        (uint8_t)(plan->jumbo ? t : SDPA_STEER_TAG + t - TAG_MATCH_OFF);
		plan->mask[plan->n] = hl_mask[hl];
		plan->n++;
	}
	return true;
}

/* Per frame: one table lookup per hashed byte (the tables of pos_init); the tag itself is
 * never built (test_flow_hash builds it and checks both against a bitwise CRC). */
uint32_t sdpa_steer_hash(const struct sdpa_steer_plan *plan, const uint8_t *m)
{
	uint32_t h = 0;

	for (uint32_t i = 0; i < plan->n; i++)
		h ^= pos_tab[plan->row[i]][m[plan->src[i]] & plan->mask[i]];
	return h;
}

/* ------------------------------------------------------------------ entropy */

/* The RoCE UDP source-port range a BlueField-3 reports (its minimum and maximum): the
 * entropy is folded into it. */
enum { ENTROPY_MIN = 0xc000, ENTROPY_MAX = 0xffff };

DOCA_EXPERIMENTAL doca_error_t doca_flow_port_calc_entropy(struct doca_flow_port *port,
                                                           struct doca_flow_entropy_format *header,
                                                           uint16_t *entropy)
{
	/* dst address (16), src address (16), protocol, dst port, src port: 37 bytes */
	uint8_t in[37] = {0};
	uint16_t h;
	bool ok;

	if (port == NULL || header == NULL || entropy == NULL) {
		DOCA_LOG_ERR("doca_flow_port_calc_entropy: %s is NULL; pass a started port, the "
		             "header fields and where to store the entropy",
		             port == NULL     ? "port"
		             : header == NULL ? "header"
		                              : "entropy");
		return DOCA_ERROR_INVALID_VALUE;
	}
	pthread_mutex_lock(&flow_g.lock);
	ok = sdpa_flow_port_valid(port);
	pthread_mutex_unlock(&flow_g.lock);
	if (!ok) {
		DOCA_LOG_ERR("doca_flow_port_calc_entropy: not a started port; pass a port "
		             "started by doca_flow_port_start");
		return DOCA_ERROR_INVALID_VALUE;
	}
	if (header->l3_type == DOCA_FLOW_L3_TYPE_IP4) {
		memcpy(in + 12, &header->ip4.dst_ip, 4);
		memcpy(in + 28, &header->ip4.src_ip, 4);
		in[32] = header->ip4.next_proto;
	} else if (header->l3_type == DOCA_FLOW_L3_TYPE_IP6) {
		memcpy(in, header->ip6.dst_ip, 16);
		memcpy(in + 16, header->ip6.src_ip, 16);
		in[32] = header->ip6.next_proto;
	} else {
		DOCA_LOG_ERR("doca_flow_port_calc_entropy: header->l3_type %d is neither IP4 nor "
		             "IP6; set l3_type and the addresses",
		             (int)header->l3_type);
		return DOCA_ERROR_INVALID_VALUE;
	}
	if (header->is_transport) {
		memcpy(in + 33, &header->transport.dst_port, 2);
		memcpy(in + 35, &header->transport.src_port, 2);
	}
	sdpa_entropy_init();
	h = sdpa_entropy_5tuple(SDPA_L3_IP6, in, in + 16, in[32], in + 33, in + 35);
	h = (uint16_t)((ENTROPY_MIN | h) & ENTROPY_MAX);
	((uint8_t *)entropy)[0] = (uint8_t)(h >> 8); /* network order */
	((uint8_t *)entropy)[1] = (uint8_t)h;
	return DOCA_SUCCESS;
}
