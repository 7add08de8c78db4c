/* SPDX-License-Identifier: BSD-3-Clause
 * DOCA Flow named fields: the strings of struct doca_flow_desc_field ("outer.ipv4.dscp_ecn",
 * "tunnel.esp.sn", "meta.data", ...) that action descriptors (ADD, COPY), match conditions
 * and external actions name, and their reads and writes on a frame.
 *
 * A name is <location>.<protocol>.<member>: the location "outer", "inner" or "tunnel", the
 * protocol ("eth", "ipv4", "ipv6", "tcp", "udp", "transport" = TCP or UDP, "esp"), and the
 * member of the DOCA header struct. Each one is described as a "container" (the whole
 * bytes holding it, big-endian, at a byte offset in its header) and the bits of the field
 * in it, so a read is a shift and a mask and a write keeps the other bits of the bytes.
 * Bit 0 of a field is its least significant bit; a descriptor's bit_offset counts from it.
 *
 * Checksums follow a write as the device keeps them: the IPv4 header checksum is
 * recomputed; a TCP/UDP checksum is adjusted (RFC 1624) for a change in its own header
 * or payload and for a change of an IP address (pseudo-header); a UDP checksum of 0 over
 * IPv4 ("none") stays 0. An inner write under a VXLAN/UDP outer header with a checksum
 * recomputes the outer UDP checksum.
 *
 * Thread safety: the table is constant; the frame functions touch only their arguments.
 */
#include <stddef.h>
#include <string.h>

#include "core/util.h"
#include "nic/flow_priv.h"

enum { NOFF = 0xffff }; /* no place in the struct */

#define MOFF(path) ((uint16_t)offsetof(struct doca_flow_match, path))
#define AOFF(path) ((uint16_t)offsetof(struct doca_flow_actions, path))
#define MSZ(path)  ((uint8_t)sizeof(((struct doca_flow_match *)0)->path))

/* Header fields of one stack: name suffix, layer, DOCA struct member, container offset
 * and size in the header, shift and bits of the field, read only, shift of the value in
 * the DOCA struct member. */
#define HDR_LIST(X, S)                                                                             \
	X(S, "eth.dst_mac", SDPA_FL_ETH, eth.dst_mac, 0, 6, 0, 48, 0, 0)                           \
	X(S, "eth.src_mac", SDPA_FL_ETH, eth.src_mac, 6, 6, 0, 48, 0, 0)                           \
	X(S, "eth.type", SDPA_FL_ETHTYPE, eth.type, 0, 2, 0, 16, 1, 0)                             \
	X(S, "ipv4.version_ihl", SDPA_FL_IP4, ip4.version_ihl, 0, 1, 0, 8, 1, 0)                   \
	X(S, "ipv4.dscp_ecn", SDPA_FL_IP4, ip4.dscp_ecn, 1, 1, 0, 8, 0, 0)                         \
	X(S, "ipv4.total_len", SDPA_FL_IP4, ip4.total_len, 2, 2, 0, 16, 1, 0)                      \
	X(S, "ipv4.identification", SDPA_FL_IP4, ip4.identification, 4, 2, 0, 16, 0, 0)            \
	X(S, "ipv4.flags_fragment_offset", SDPA_FL_IP4, ip4.flags_fragment_offset, 6, 2, 0, 16, 1, \
	  0)                                                                                       \
	X(S, "ipv4.ttl", SDPA_FL_IP4, ip4.ttl, 8, 1, 0, 8, 0, 0)                                   \
	X(S, "ipv4.next_proto", SDPA_FL_IP4, ip4.next_proto, 9, 1, 0, 8, 1, 0)                     \
	X(S, "ipv4.src_ip", SDPA_FL_IP4, ip4.src_ip, 12, 4, 0, 32, 0, 0)                           \
	X(S, "ipv4.dst_ip", SDPA_FL_IP4, ip4.dst_ip, 16, 4, 0, 32, 0, 0)                           \
	X(S, "ipv6.traffic_class", SDPA_FL_IP6, ip6.traffic_class, 0, 2, 4, 8, 0, 0)               \
	X(S, "ipv6.flow_label", SDPA_FL_IP6, ip6.flow_label, 0, 4, 0, 20, 0, 0)                    \
	X(S, "ipv6.payload_len", SDPA_FL_IP6, ip6.payload_len, 4, 2, 0, 16, 1, 0)                  \
	X(S, "ipv6.next_proto", SDPA_FL_IP6, ip6.next_proto, 6, 1, 0, 8, 1, 0)                     \
	X(S, "ipv6.hop_limit", SDPA_FL_IP6, ip6.hop_limit, 7, 1, 0, 8, 0, 0)                       \
	X(S, "ipv6.src_ip", SDPA_FL_IP6, ip6.src_ip, 8, 16, 0, 128, 0, 0)                          \
	X(S, "ipv6.dst_ip", SDPA_FL_IP6, ip6.dst_ip, 24, 16, 0, 128, 0, 0)                         \
	X(S, "tcp.src_port", SDPA_FL_TCP, tcp.l4_port.src_port, 0, 2, 0, 16, 0, 0)                 \
	X(S, "tcp.dst_port", SDPA_FL_TCP, tcp.l4_port.dst_port, 2, 2, 0, 16, 0, 0)                 \
	X(S, "tcp.seq_num", SDPA_FL_TCP, tcp.seq_num, 4, 4, 0, 32, 0, 0)                           \
	X(S, "tcp.ack_num", SDPA_FL_TCP, tcp.ack_num, 8, 4, 0, 32, 0, 0)                           \
	X(S, "tcp.data_offset", SDPA_FL_TCP, tcp.data_offset, 12, 1, 4, 4, 1, 4)                   \
	X(S, "tcp.flags", SDPA_FL_TCP, tcp.flags, 13, 1, 0, 8, 0, 0)                               \
	X(S, "udp.src_port", SDPA_FL_UDP, udp.l4_port.src_port, 0, 2, 0, 16, 0, 0)                 \
	X(S, "udp.dst_port", SDPA_FL_UDP, udp.l4_port.dst_port, 2, 2, 0, 16, 0, 0)                 \
	X(S, "transport.src_port", SDPA_FL_L4, transport.src_port, 0, 2, 0, 16, 0, 0)              \
	X(S, "transport.dst_port", SDPA_FL_L4, transport.dst_port, 2, 2, 0, 16, 0, 0)

#define OUTER_F(S, n, L, m, o, sz, sh, b, ro, vsh)                                                 \
	{"outer." n, L, 0, o, sz, sh, b, ro, vsh, MSZ(outer.m), MOFF(outer.m), AOFF(outer.m)},
#define INNER_F(S, n, L, m, o, sz, sh, b, ro, vsh)                                                 \
	{"inner." n, L, 1, o, sz, sh, b, ro, vsh, MSZ(inner.m), MOFF(inner.m), NOFF},

/* Index + 1 is the field's kind (enum sdpa_field_kind's first values come first). */
static const struct sdpa_field fields[] = {
        {"meta.data", SDPA_FL_META, 0, 0, 44, 0, 32 * (DOCA_FLOW_META_SCRATCH_PAD_MAX + 1), 0, 0,
         MSZ(meta), MOFF(meta), AOFF(meta)},
        {"parser_meta.random.value", SDPA_FL_RANDOM, 0, 0, 2, 0, 16, 1, 0, MSZ(parser_meta.random),
         MOFF(parser_meta.random), NOFF},
        HDR_LIST(OUTER_F, 0) HDR_LIST(INNER_F, 0)
        /* The outer ESP header, DOCA's tunnel of type ESP. */
        {"tunnel.esp.spi", SDPA_FL_ESP, 0, 0, 4, 0, 32, 0, 0, MSZ(tun.esp_spi), MOFF(tun.esp_spi),
         AOFF(tun.esp_spi)},
        {"tunnel.esp.sn", SDPA_FL_ESP, 0, 4, 4, 0, 32, 0, 0, MSZ(tun.esp_sn), MOFF(tun.esp_sn),
         AOFF(tun.esp_sn)},
        /* NVGRE: the GRE key's upper 24 bits (VSID, the upper 24 of nvgre_vs_id) and low 8 */
        {"tunnel.nvgre.nvgre_vs_id", SDPA_FL_GRE_KEY, 0, 0, 4, 8, 24, 0, 8, MSZ(tun.nvgre_vs_id),
         MOFF(tun.nvgre_vs_id), AOFF(tun.nvgre_vs_id)},
        {"tunnel.nvgre.nvgre_flow_id", SDPA_FL_GRE_KEY, 0, 0, 4, 0, 8, 0, 0, MSZ(tun.nvgre_flow_id),
         MOFF(tun.nvgre_flow_id), AOFF(tun.nvgre_flow_id)},
        /* The RoCEv2 BTH members a template can set (no DOCA field string). */
        {"#outer.roce_v2.bth.opcode", SDPA_FL_BTH, 0, 0, 1, 0, 8, 0, 0,
         MSZ(outer.roce_v2.bth.opcode), MOFF(outer.roce_v2.bth.opcode),
         AOFF(outer.roce_v2.bth.opcode)},
        {"#outer.roce_v2.bth.dest_qp", SDPA_FL_BTH, 0, 5, 3, 0, 24, 0, 0,
         MSZ(outer.roce_v2.bth.dest_qp), MOFF(outer.roce_v2.bth.dest_qp),
         AOFF(outer.roce_v2.bth.dest_qp)},
        {"#outer.roce_v2.bth.flags1", SDPA_FL_BTH, 0, 8, 1, 0, 8, 0, 0,
         MSZ(outer.roce_v2.bth.flags1), MOFF(outer.roce_v2.bth.flags1),
         AOFF(outer.roce_v2.bth.flags1)},
        {"#outer.roce_v2.bth.psn", SDPA_FL_BTH, 0, 9, 3, 0, 24, 0, 0, MSZ(outer.roce_v2.bth.psn),
         MOFF(outer.roce_v2.bth.psn), AOFF(outer.roce_v2.bth.psn)},
};

_Static_assert(SDPA_FIELD_META == 1 && SDPA_FIELD_RANDOM == 2, "table order");

const struct sdpa_field *sdpa_field_get(uint32_t kind)
{
	return kind >= 1 && kind <= SDPA_ARRAY_SIZE(fields) ? &fields[kind - 1] : NULL;
}

uint32_t sdpa_field_lookup(const char *name)
{
	for (size_t i = 0; i < SDPA_ARRAY_SIZE(fields); i++)
		if (strcmp(name, fields[i].name) == 0)
			return (uint32_t)i + 1;
	return SDPA_FIELD_NONE;
}

uint32_t sdpa_field_count(void)
{
	return (uint32_t)SDPA_ARRAY_SIZE(fields);
}

/* Bits [lsb, lsb + width) of a big-endian byte string of 'size' bytes (width <= 64). */
static uint64_t be_bits_get(const uint8_t *p, uint32_t size, uint32_t lsb, uint32_t width)
{
	uint64_t v = 0;

	if (size <= 8) {
		uint64_t c = 0;

		for (uint32_t i = 0; i < size; i++)
			c = c << 8 | p[i];
		c >>= lsb;
		return width >= 64 ? c : c & ((1ull << width) - 1);
	}
	for (uint32_t i = width; i-- > 0;) {
		uint32_t b = lsb + i;

		v = v << 1 | ((p[size - 1 - b / 8] >> (b % 8)) & 1u);
	}
	return v;
}

static void be_bits_put(uint8_t *p, uint32_t size, uint32_t lsb, uint32_t width, uint64_t v)
{
	for (uint32_t i = 0; i < width; i++) {
		uint32_t b = lsb + i;
		uint8_t *q = &p[size - 1 - b / 8];
		uint8_t m = (uint8_t)(1u << (b % 8));

		*q = (uint8_t)((v >> i) & 1 ? *q | m : *q & ~m);
	}
}

uint64_t sdpa_field_imm(const struct sdpa_field *f, const void *st, uint16_t st_off, uint32_t bit,
                        uint32_t width)
{
	const uint8_t *p = (const uint8_t *)st + st_off;

	if (f->layer == SDPA_FL_META) { /* 32-bit words, bit b of word b / 32 */
		uint64_t v = 0;

		for (uint32_t i = 0; i < width; i++) {
			uint32_t b = bit + i;

			if (sdpa_be32(p + (b / 32) * 4) & (1u << (b % 32)))
				v |= 1ull << i;
		}
		return v;
	}
	return be_bits_get(p, f->vsize, f->vshift + bit, width);
}

bool sdpa_field_locate(const struct sdpa_field *f, const struct sdpa_pkt_info *info, uint32_t *off)
{
	const struct sdpa_pkt_hdrs *h = f->inner ? &info->inner : &info->outer;
	uint32_t base;

	if (f->inner && info->tun.type == SDPA_TUN_NONE)
		return false;
	switch (f->layer) {
	case SDPA_FL_ETH:
	case SDPA_FL_ETHTYPE:
		/* An Ethernet header was read (IP in IP has no inner one). */
		if (h->l3_off < h->l2_off + SDPA_ETH_HLEN)
			return false;
		base = f->layer == SDPA_FL_ETH ? h->l2_off : h->l3_off - 2;
		break;
	case SDPA_FL_IP4:
	case SDPA_FL_IP6:
		if (h->l3_type != (f->layer == SDPA_FL_IP4 ? SDPA_L3_IP4 : SDPA_L3_IP6) ||
		    !h->l3_ok)
			return false;
		base = h->l3_off;
		break;
	case SDPA_FL_TCP:
	case SDPA_FL_UDP:
	case SDPA_FL_L4: {
		bool tcp = h->l4_type == SDPA_L4_TCP, udp = h->l4_type == SDPA_L4_UDP;

		if (!h->l4_ok || !(f->layer == SDPA_FL_TCP   ? tcp
		                   : f->layer == SDPA_FL_UDP ? udp
		                                             : tcp || udp))
			return false;
		base = h->l4_off;
		break;
	}
	case SDPA_FL_ESP:
		if (info->tun.type != SDPA_TUN_NONE || h->l4_type != SDPA_L4_ESP || !h->l4_ok)
			return false;
		base = h->l4_off;
		break;
	case SDPA_FL_GRE_KEY:
		if (info->tun.type != SDPA_TUN_GRE || !info->tun.gre_key_present)
			return false;
		base = info->tun.gre_key_off;
		break;
	case SDPA_FL_BTH:
		if (!h->roce)
			return false;
		base = h->l4_off + SDPA_UDP_HLEN;
		break;
	default:
		return false;
	}
	if (base + f->off + f->size > info->len)
		return false;
	*off = base + f->off;
	return true;
}

uint64_t sdpa_field_read_at(const uint8_t *frame, uint32_t off, const struct sdpa_field *f,
                            uint32_t bit, uint32_t width)
{
	return be_bits_get(frame + off, f->size, f->shift + bit, width);
}

/* RFC 1624 adjustment of the checksum at frame[csum] for bytes [off, off + n) changing from
 * old to new; 'base' is where the checksummed words start (alignment). */
static void csum_adjust(uint8_t *frame, uint32_t csum, bool udp, uint32_t base, uint32_t off,
                        const uint8_t *old, const uint8_t *nw, uint32_t n)
{
	uint16_t c = sdpa_be16(frame + csum);
	uint32_t sum = (uint16_t)~c;

	if (udp && c == 0)
		return; /* "no checksum" stays so */
	for (uint32_t i = 0; i < n; i++) {
		uint32_t sh = ((off + i - base) & 1) ? 0 : 8;

		sum += (uint16_t) ~(uint16_t)(old[i] << sh);
		sum += (uint16_t)(nw[i] << sh);
	}
	while (sum >> 16)
		sum = (sum & 0xffff) + (sum >> 16);
	sum = (uint16_t)~sum;
	if (udp && sum == 0)
		sum = 0xffff;
	sdpa_put_be16(frame + csum, (uint16_t)sum);
}

/* The checksum field of a stack's TCP/UDP header, or 0 when it has none to keep. */
static uint32_t l4_csum_off(const struct sdpa_pkt_hdrs *h, uint32_t len)
{
	uint32_t c;

	if (!h->l4_ok || h->ip_fragmented ||
	    (h->l4_type != SDPA_L4_TCP && h->l4_type != SDPA_L4_UDP))
		return 0;
	c = h->l4_off + (h->l4_type == SDPA_L4_UDP ? 6 : 16);
	return c + 2 <= len ? c : 0;
}

/* Recompute a UDP checksum over its whole datagram (the outer header of a tunnel). */
static void udp_csum_full(uint8_t *frame, uint32_t len, const struct sdpa_pkt_hdrs *h)
{
	uint32_t c = l4_csum_off(h, len);
	uint32_t ulen, sum;

	if (c == 0 || h->l4_type != SDPA_L4_UDP || sdpa_be16(frame + c) == 0)
		return;
	ulen = sdpa_be16(frame + h->l4_off + 4);
	if (h->l4_off + ulen > len)
		return;
	if (h->l3_type == SDPA_L3_IP4)
		sum = sdpa_csum_partial(frame + h->l3_off + 12, 8, 0);
	else
		sum = sdpa_csum_partial(frame + h->l3_off + 8, 32, 0);
	sum = (sum & 0xffff) + (sum >> 16);
	sum += SDPA_IPPROTO_UDP + ulen;
	frame[c] = frame[c + 1] = 0;
	sum = sdpa_csum_partial(frame + h->l4_off, ulen, sum);
	sum = sdpa_csum_fold(sum);
	sdpa_put_be16(frame + c, sum == 0 ? 0xffff : (uint16_t)sum);
}

bool sdpa_field_write_at(uint8_t *frame, const struct sdpa_pkt_info *info, uint32_t off,
                         const struct sdpa_field *f, uint32_t bit, uint32_t width, uint64_t v)
{
	const struct sdpa_pkt_hdrs *h = f->inner ? &info->inner : &info->outer;
	uint8_t old[16], *p = frame + off;
	uint32_t c;

	memcpy(old, p, f->size);
	be_bits_put(p, f->size, f->shift + bit, width, v);
	if (memcmp(old, p, f->size) == 0)
		return false;
	c = l4_csum_off(h, info->len);
	switch (f->layer) {
	case SDPA_FL_IP4:
		p = frame + h->l3_off;
		p[10] = p[11] = 0;
		sdpa_put_be16(p + 10,
		              sdpa_csum_fold(sdpa_csum_partial(p, (uint32_t)(p[0] & 0x0f) * 4, 0)));
		if (c && f->off >= 12) /* an address: the L4 pseudo-header */
			csum_adjust(frame, c,
			            h->l4_type == SDPA_L4_UDP && h->l3_type == SDPA_L3_IP4,
			            h->l3_off, off, old, frame + off, f->size);
		break;
	case SDPA_FL_IP6:
		if (c && f->off >= 8)
			csum_adjust(frame, c, false, h->l3_off, off, old, frame + off, f->size);
		break;
	case SDPA_FL_TCP:
	case SDPA_FL_UDP:
	case SDPA_FL_L4:
	case SDPA_FL_BTH: /* in the UDP payload */
		if (c)
			csum_adjust(frame, c,
			            h->l4_type == SDPA_L4_UDP && h->l3_type == SDPA_L3_IP4,
			            h->l4_off, off, old, frame + off, f->size);
		break;
	default:
		break;
	}
	if (f->inner)
		udp_csum_full(frame, info->len, &info->outer);
	return true;
}
