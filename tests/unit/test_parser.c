/* SPDX-License-Identifier: BSD-3-Clause
 * Packet parser and frame builders: exact fields and offsets for every protocol path,
 * builder -> parser round trips, L4 checksums, and a table of truncated / malformed /
 * random frames that must be flagged precisely and never read past len.
 */
#include <endian.h>
#include <stdlib.h>
#include <string.h>

#include "core/util.h"
#include "nic/frame_builder.h"
#include "nic/packet.h"

#include "t_helpers.h"
#include "../fuzz/pkt_invariants.h"

static const uint8_t MAC_D[6] = {0x02, 0x00, 0x00, 0x00, 0x00, 0x01};
static const uint8_t MAC_S[6] = {0x02, 0x00, 0x00, 0x00, 0x00, 0x02};
static const uint8_t IP6_S[16] = {0x20, 0x01, 0x0d, 0xb8, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0x01};
static const uint8_t IP6_D[16] = {0x20, 0x01, 0x0d, 0xb8, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0x02};

static void fill_spec(struct sdpa_frame_spec *s, uint8_t l3, uint8_t l4)
{
	memset(s, 0, sizeof(*s));
	memcpy(s->dst_mac, MAC_D, 6);
	memcpy(s->src_mac, MAC_S, 6);
	s->l3 = l3;
	s->l4 = l4;
	s->ip4_src = 0x0a000001;
	s->ip4_dst = 0xc0a80102;
	memcpy(s->ip6_src, IP6_S, 16);
	memcpy(s->ip6_dst, IP6_D, 16);
	s->dscp = 46;
	s->ecn = 1;
	s->ttl = 33;
	s->flow_label = 0xabcde;
	s->ip_id = 0x1234;
	s->src_port = 1000;
	s->dst_port = 2000;
	s->tcp_flags = SDPA_TCP_SYN | SDPA_TCP_ACK;
	s->tcp_seq = 0x01020304;
	s->tcp_ack = 0xa0b0c0d0;
	s->tcp_window = 512;
	s->icmp_type = l4 == SDPA_L4_ICMP6 ? 128 : 8;
	s->icmp_ident = 0x4242;
	s->icmp_seq = 7;
	s->payload_len = 37; /* odd on purpose: exercises the odd checksum tail */
}

/* Build (asserting success), parse, check the invariants; returns the frame length. */
static uint32_t build_parse(const struct sdpa_frame_spec *s, uint8_t *buf, uint32_t cap,
                            struct sdpa_pkt_info *info)
{
	uint32_t n = sdpa_frame_build(s, buf, cap);
	assert_true(n > 0);
	sdpa_parse(buf, n, info);
	const char *why = pkt_invariant(info, n);
	if (why)
		fail_msg("invariant: %s", why);
	return n;
}

static uint32_t l3_hlen(const struct sdpa_frame_spec *s)
{
	if (s->l3 == SDPA_L3_IP4)
		return 20u + s->ip4_opt_len;
	if (s->l3 == SDPA_L3_IP6)
		return 40u + 8u * s->nr_ip6_ext;
	return 0;
}

static uint32_t l4_hlen(const struct sdpa_frame_spec *s)
{
	switch (s->l4) {
	case SDPA_L4_TCP:
		return 20u + s->tcp_opt_len;
	case SDPA_L4_UDP:
	case SDPA_L4_ICMP:
	case SDPA_L4_ICMP6:
		return 8;
	default:
		return 0;
	}
}

/* Every field of one header stack against the spec that built it. 'end' is where the
 * stack's IP packet ends. Returns the offset after its L4 header. */
static uint32_t check_stack(const struct sdpa_frame_spec *s, const struct sdpa_pkt_hdrs *h,
                            uint32_t l2, uint32_t end)
{
	assert_memory_equal(h->eth.dst_mac, s->dst_mac, 6);
	assert_memory_equal(h->eth.src_mac, s->src_mac, 6);
	assert_int_equal(h->l2_off, l2);
	assert_int_equal(h->l2_type, s->nr_vlans == 0   ? SDPA_L2_NO_VLAN
	                             : s->nr_vlans == 1 ? SDPA_L2_SINGLE_VLAN
	                                                : SDPA_L2_MULTI_VLAN);
	assert_int_equal(h->l2_valid_headers, (1u << s->nr_vlans) - 1);
	for (unsigned int i = 0; i < s->nr_vlans; i++) {
		uint16_t tpid = (s->nr_vlans == 2 && i == 0) ? 0x88a8 : 0x8100;
		assert_int_equal(h->eth_vlan[i].tci, htobe16(s->vlan_tci[i]));
		assert_int_equal(h->vlan_tpid[i], htobe16(tpid));
	}
	uint32_t l3 = l2 + 14 + 4u * s->nr_vlans;
	uint32_t l4 = l3 + l3_hlen(s);
	assert_int_equal(h->l3_off, l3);
	assert_int_equal(h->l3_type, s->l3);
	assert_int_equal(h->l3_ok, 1);
	assert_int_equal(h->l3_end, end);
	if (s->l3 == SDPA_L3_IP4) {
		assert_int_equal(h->eth.type, htobe16(0x0800));
		assert_int_equal(h->ip4.src_ip, htobe32(s->ip4_src));
		assert_int_equal(h->ip4.dst_ip, htobe32(s->ip4_dst));
		assert_int_equal(h->ip4.version_ihl, 0x40 | (20 + s->ip4_opt_len) / 4);
		assert_int_equal(h->ip4.dscp_ecn, s->dscp << 2 | s->ecn);
		assert_int_equal(h->ip4.total_len, htobe16(end - l3));
		assert_int_equal(h->ip4.identification, htobe16(s->ip_id));
		assert_int_equal(h->ip4.flags_fragment_offset,
		                 htobe16((s->more_frags ? 0x2000 : 0) | s->frag_offset));
		assert_int_equal(h->ip4.ttl, s->ttl);
		assert_int_equal(h->ip4_checksum_ok, 1);
	} else {
		assert_int_equal(h->eth.type, htobe16(0x86dd));
		assert_memory_equal(h->ip6.src_ip, s->ip6_src, 16);
		assert_memory_equal(h->ip6.dst_ip, s->ip6_dst, 16);
		assert_int_equal(h->ip6.traffic_class, s->dscp << 2 | s->ecn);
		assert_int_equal(h->ip6.flow_label, htobe32(s->flow_label));
		assert_int_equal(h->ip6.payload_len, htobe16(end - l3 - 40));
		assert_int_equal(h->ip6.hop_limit, s->ttl);
		assert_int_equal(h->ip4_checksum_ok, 0);
	}
	assert_int_equal(h->l4_off, l4);
	assert_int_equal(h->l4_type, s->l4);
	assert_int_equal(h->l4_ok, 1);
	assert_int_equal(h->payload_off, l4 + l4_hlen(s));
	switch (s->l4) {
	case SDPA_L4_TCP:
		assert_int_equal(h->tcp.l4_port.src_port, htobe16(s->src_port));
		assert_int_equal(h->tcp.l4_port.dst_port, htobe16(s->dst_port));
		assert_int_equal(h->tcp.seq_num, htobe32(s->tcp_seq));
		assert_int_equal(h->tcp.ack_num, htobe32(s->tcp_ack));
		assert_int_equal(h->tcp.data_offset, (20 + s->tcp_opt_len) / 4 << 4);
		assert_int_equal(h->tcp.flags, s->tcp_flags);
		break;
	case SDPA_L4_UDP:
		assert_int_equal(h->udp.l4_port.src_port, htobe16(s->src_port));
		assert_int_equal(h->transport.dst_port,
		                 htobe16(s->vxlan_inner && !s->dst_port ? 4789 : s->dst_port));
		break;
	default:
		assert_int_equal(h->icmp.type, s->icmp_type);
		assert_int_equal(h->icmp.code, s->icmp_code);
		assert_int_equal(h->icmp.ident, htobe16(s->icmp_ident));
		break;
	}
	uint8_t proto = s->l4 == SDPA_L4_TCP    ? 6
	                : s->l4 == SDPA_L4_UDP  ? 17
	                : s->l4 == SDPA_L4_ICMP ? 1
	                                        : 58;
	if (s->l3 == SDPA_L3_IP4)
		assert_int_equal(h->ip4.next_proto, proto);
	else
		assert_int_equal(h->ip6.next_proto, proto);
	return l4 + l4_hlen(s);
}

/* ---- exact single-protocol cases ---- */

static void test_ipv4_udp(void **state)
{
	struct sdpa_frame_spec s;
	struct sdpa_pkt_info info;
	uint8_t buf[256];
	(void)state;

	fill_spec(&s, SDPA_L3_IP4, SDPA_L4_UDP);
	uint32_t n = build_parse(&s, buf, sizeof(buf), &info);
	assert_int_equal(n, 14 + 20 + 8 + 37);
	assert_int_equal(info.flags, 0);
	assert_int_equal(info.error, SDPA_PKT_OK);
	assert_int_equal(info.error_off, 0);
	assert_int_equal(info.len, n);
	assert_int_equal(check_stack(&s, &info.outer, 0, n), 42);
	assert_int_equal(info.outer.l3_off, 14);
	assert_int_equal(info.outer.l4_off, 34);
	assert_int_equal(info.tun.type, SDPA_TUN_NONE);
	assert_int_equal(info.outer.ip_fragmented, 0);
	/* wire bytes really are in network order */
	assert_int_equal(buf[26], 10);
	assert_int_equal(buf[29], 1);
	assert_int_equal(((uint8_t *)&info.outer.ip4.src_ip)[0], 10);
	assert_true(sdpa_pkt_l4_csum_ok(buf, n, &info, false));
	assert_false(sdpa_pkt_l4_csum_ok(buf, n, &info, true)); /* no inner */
}

static void test_ipv4_options_tcp(void **state)
{
	struct sdpa_frame_spec s;
	struct sdpa_pkt_info info;
	uint8_t buf[256];
	(void)state;

	fill_spec(&s, SDPA_L3_IP4, SDPA_L4_TCP);
	s.ip4_opt_len = 12;
	s.tcp_opt_len = 8;
	uint32_t n = build_parse(&s, buf, sizeof(buf), &info);
	assert_int_equal(n, 14 + 32 + 28 + 37);
	assert_int_equal(info.flags, 0);
	assert_int_equal(info.outer.ip4.version_ihl, 0x48);
	assert_int_equal(info.outer.l4_off, 46);
	assert_int_equal(info.outer.tcp.data_offset, 0x70);
	assert_int_equal(info.outer.payload_off, 74);
	assert_int_equal(info.outer.tcp.flags, 0x12);
	check_stack(&s, &info.outer, 0, n);
	assert_true(sdpa_pkt_l4_csum_ok(buf, n, &info, false));
}

static void test_vlans(void **state)
{
	struct sdpa_frame_spec s;
	struct sdpa_pkt_info info;
	uint8_t buf[256];
	(void)state;

	fill_spec(&s, SDPA_L3_IP4, SDPA_L4_TCP);
	s.nr_vlans = 1;
	s.vlan_tci[0] = 0x2064; /* pcp 1, vid 100 */
	uint32_t n = build_parse(&s, buf, sizeof(buf), &info);
	assert_int_equal(info.flags, 0);
	assert_int_equal(info.outer.l2_type, SDPA_L2_SINGLE_VLAN);
	assert_int_equal(info.outer.l2_valid_headers, SDPA_L2_VALID_VLAN_0);
	assert_int_equal(info.outer.vlan_tpid[0], htobe16(0x8100));
	assert_int_equal(info.outer.eth_vlan[0].tci, htobe16(0x2064));
	assert_int_equal(info.outer.eth.type, htobe16(0x0800));
	assert_int_equal(info.outer.l3_off, 18);
	check_stack(&s, &info.outer, 0, n);

	s.nr_vlans = 2;
	s.vlan_tci[0] = 10;
	s.vlan_tci[1] = 0xe014;
	n = build_parse(&s, buf, sizeof(buf), &info);
	assert_int_equal(info.flags, 0);
	assert_int_equal(info.outer.l2_type, SDPA_L2_MULTI_VLAN);
	assert_int_equal(info.outer.l2_valid_headers, SDPA_L2_VALID_VLAN_0 | SDPA_L2_VALID_VLAN_1);
	assert_int_equal(info.outer.vlan_tpid[0], htobe16(0x88a8));
	assert_int_equal(info.outer.vlan_tpid[1], htobe16(0x8100));
	assert_int_equal(info.outer.eth_vlan[0].tci, htobe16(10));
	assert_int_equal(info.outer.eth_vlan[1].tci, htobe16(0xe014));
	assert_int_equal(info.outer.l3_off, 22);
	assert_int_equal(info.outer.l4_off, 42);
	check_stack(&s, &info.outer, 0, n);

	/* two 802.1Q tags (no S-tag) are accepted too */
	s.vlan_tpid[0] = 0x8100;
	(void)build_parse(&s, buf, sizeof(buf), &info);
	assert_int_equal(info.flags, 0);
	assert_int_equal(info.outer.vlan_tpid[0], htobe16(0x8100));
	assert_int_equal(info.outer.l4_type, SDPA_L4_TCP);
}

static void test_ipv6_ext_headers(void **state)
{
	struct sdpa_frame_spec s;
	struct sdpa_pkt_info info;
	uint8_t buf[256];
	(void)state;

	fill_spec(&s, SDPA_L3_IP6, SDPA_L4_TCP);
	s.nr_ip6_ext = 3;
	s.ip6_ext[0] = SDPA_IPPROTO_HOPOPTS;
	s.ip6_ext[1] = SDPA_IPPROTO_ROUTING;
	s.ip6_ext[2] = SDPA_IPPROTO_DSTOPTS;
	uint32_t n = build_parse(&s, buf, sizeof(buf), &info);
	assert_int_equal(n, 14 + 40 + 24 + 20 + 37);
	assert_int_equal(buf[20], SDPA_IPPROTO_HOPOPTS); /* wire next header is the first ext */
	assert_int_equal(info.flags, 0);
	assert_int_equal(info.outer.l4_off, 78);
	assert_int_equal(info.outer.ip6.next_proto, 6);
	assert_int_equal(info.outer.ip6.traffic_class, 46 << 2 | 1);
	assert_int_equal(info.outer.ip6.flow_label, htobe32(0xabcde));
	assert_int_equal(info.outer.ip6.payload_len, htobe16(24 + 20 + 37));
	assert_int_equal(info.outer.ip6.hop_limit, 33);
	assert_int_equal(info.outer.ip_fragmented, 0);
	check_stack(&s, &info.outer, 0, n);
	assert_true(sdpa_pkt_l4_csum_ok(buf, n, &info, false));

	/* a hop-by-hop header 16 bytes long (hdr ext len 1) is skipped by its length */
	fill_spec(&s, SDPA_L3_IP6, SDPA_L4_UDP);
	s.nr_ip6_ext = 1;
	s.ip6_ext[0] = SDPA_IPPROTO_HOPOPTS;
	n = build_parse(&s, buf, sizeof(buf), &info);
	uint8_t big[256];
	memcpy(big, buf, 62);
	big[55] = 1; /* HBH length: 16 bytes */
	memset(big + 62, 1, 8);
	memcpy(big + 70, buf + 62, n - 62);
	big[18] = 0;
	big[19] = (uint8_t)(buf[19] + 8); /* payload_len + 8 */
	sdpa_parse(big, n + 8, &info);
	assert_int_equal(info.flags, 0);
	assert_int_equal(info.outer.l4_off, 70);
	assert_int_equal(info.outer.l4_type, SDPA_L4_UDP);
	assert_int_equal(info.outer.udp.l4_port.dst_port, htobe16(2000));
}

static void test_vxlan_inner_ipv6_tcp(void **state)
{
	struct sdpa_frame_spec o, in;
	struct sdpa_pkt_info info;
	uint8_t buf[512];
	(void)state;

	fill_spec(&in, SDPA_L3_IP6, SDPA_L4_TCP);
	in.dst_mac[5] = 0x99;
	in.nr_vlans = 1;
	in.vlan_tci[0] = 77;
	fill_spec(&o, SDPA_L3_IP4, SDPA_L4_UDP);
	o.src_port = 55555;
	o.dst_port = 0; /* -> 4789 */
	o.vxlan_inner = &in;
	o.vni = 0xabcdef;
	uint32_t n = build_parse(&o, buf, sizeof(buf), &info);
	assert_int_equal(n, 14 + 20 + 8 + 8 + 18 + 40 + 20 + 37);
	assert_int_equal(info.flags, 0);
	assert_int_equal(info.tun.type, SDPA_TUN_VXLAN);
	assert_int_equal(info.tun.off, 42);
	assert_int_equal(info.tun.vxlan_flags, 0x08);
	assert_int_equal(info.tun.vxlan_tun_id, htobe32(0xabcdef));
	assert_int_equal(sdpa_pkt_vni(&info), 0xabcdef);
	assert_int_equal(info.outer.transport.dst_port, htobe16(4789));
	assert_int_equal(info.outer.payload_off, 42);
	check_stack(&o, &info.outer, 0, n);
	assert_int_equal(check_stack(&in, &info.inner, 50, n), 50 + 18 + 40 + 20);
	assert_int_equal(info.inner.l3_off, 68);
	assert_int_equal(info.inner.l4_off, 108);
	assert_int_equal(info.inner.eth_vlan[0].tci, htobe16(77));
	assert_true(sdpa_pkt_l4_csum_ok(buf, n, &info, false));
	assert_true(sdpa_pkt_l4_csum_ok(buf, n, &info, true));

	/* a flipped inner payload byte breaks both the inner and the outer UDP checksum */
	buf[n - 1] ^= 0x40;
	sdpa_parse(buf, n, &info);
	assert_false(sdpa_pkt_l4_csum_ok(buf, n, &info, true));
	assert_false(sdpa_pkt_l4_csum_ok(buf, n, &info, false));

	/* UDP to 4789 inside the tunnel is plain UDP: no nested decapsulation */
	fill_spec(&in, SDPA_L3_IP4, SDPA_L4_UDP);
	in.dst_port = 4789;
	build_parse(&o, buf, sizeof(buf), &info);
	assert_int_equal(info.inner.l4_type, SDPA_L4_UDP);
	assert_int_equal(info.inner.transport.dst_port, htobe16(4789));
	assert_int_equal(info.flags, 0);
}

static void test_icmp(void **state)
{
	struct sdpa_frame_spec s;
	struct sdpa_pkt_info info;
	uint8_t buf[256];
	(void)state;

	fill_spec(&s, SDPA_L3_IP4, SDPA_L4_ICMP);
	s.icmp_type = 0;
	s.icmp_code = 0;
	uint32_t n = build_parse(&s, buf, sizeof(buf), &info);
	assert_int_equal(info.flags, 0);
	assert_int_equal(info.outer.l4_type, SDPA_L4_ICMP);
	assert_int_equal(info.outer.icmp.type, 0);
	assert_int_equal(info.outer.icmp.ident, htobe16(0x4242));
	assert_int_equal(info.outer.payload_off, 42);
	check_stack(&s, &info.outer, 0, n);
	assert_true(sdpa_pkt_l4_csum_ok(buf, n, &info, false));
	buf[40] ^= 1; /* sequence number */
	assert_false(sdpa_pkt_l4_csum_ok(buf, n, &info, false));

	fill_spec(&s, SDPA_L3_IP6, SDPA_L4_ICMP6);
	s.icmp_type = 135; /* neighbour solicitation */
	s.icmp_code = 0;
	n = build_parse(&s, buf, sizeof(buf), &info);
	assert_int_equal(info.flags, 0);
	assert_int_equal(info.outer.l4_type, SDPA_L4_ICMP6);
	assert_int_equal(info.outer.icmp.type, 135);
	assert_int_equal(info.outer.ip6.next_proto, 58);
	check_stack(&s, &info.outer, 0, n);
	assert_true(sdpa_pkt_l4_csum_ok(buf, n, &info, false));
	buf[14 + 8] ^= 0x80; /* source address: part of the pseudo-header only */
	sdpa_parse(buf, n, &info);
	assert_int_equal(info.flags, 0);
	assert_false(sdpa_pkt_l4_csum_ok(buf, n, &info, false));

	/* protocol 1 over IPv6 and 58 over IPv4 are not decoded as ICMP */
	fill_spec(&s, SDPA_L3_IP6, SDPA_L4_OTHER);
	s.ip_proto = 1;
	build_parse(&s, buf, sizeof(buf), &info);
	assert_int_equal(info.outer.l4_type, SDPA_L4_OTHER);
	assert_int_equal(info.outer.ip6.next_proto, 1);
	assert_int_equal(info.outer.l4_ok, 0);
	fill_spec(&s, SDPA_L3_IP4, SDPA_L4_OTHER);
	s.ip_proto = 58;
	build_parse(&s, buf, sizeof(buf), &info);
	assert_int_equal(info.outer.l4_type, SDPA_L4_OTHER);
	assert_int_equal(info.outer.payload_off, 34);
	assert_int_equal(info.flags, 0);
}

/* IPv4 ESP (protocol 50), byte by byte: the SPI and sequence number are parsed, the ESP
 * header cut at any byte is TRUNCATED with its own reason and never read past len. */
static void test_esp(void **state)
{
	/* Ethernet | IPv4 (total_len 36, proto 50) | SPI 0x00001234 | SN 2 | 8 payload bytes */
	static const uint8_t f[] = {
	        0,    1,    2,    3,    4, 5, 6, 7, 8,   9,   10,  11,  0x08, 0x00, /* eth */
	        0x45, 0,    0,    36,   0, 1, 0, 0, 64,  50,  0,   0,   10,   0,    0,   1,   10,
	        0,    0,    2, /* ip4 */
	        0x00, 0x00, 0x12, 0x34, 0, 0, 0, 2, 0xa, 0xb, 0xc, 0xd, 0xe,  0xf,  0x1, 0x2, /* esp
	                                                                                       */
	};
	struct sdpa_pkt_info info;
	uint8_t cut[sizeof(f)];
	(void)state;

	sdpa_parse(f, sizeof(f), &info);
	assert_int_equal(info.error, SDPA_PKT_OK);
	assert_int_equal(info.outer.l4_type, SDPA_L4_ESP);
	assert_int_equal(info.outer.l4_ok, 1);
	assert_int_equal(info.outer.l4_off, 34);
	assert_int_equal(info.outer.payload_off, 42);
	assert_int_equal(info.outer.esp.spi, htobe32(0x1234));
	assert_int_equal(info.outer.esp.sn, htobe32(2));
	assert_int_equal(info.tun.type, SDPA_TUN_NONE);
	assert_false(sdpa_pkt_l4_csum_ok(f, sizeof(f), &info, false)); /* ESP has none */
	/* Cut inside the ESP header: a heap copy of exactly n bytes, so ASan sees any over-read. */
	for (uint32_t n = 34; n < 42; n++) {
		uint8_t *p = malloc(n);

		assert_non_null(p);
		memcpy(p, f, n);
		sdpa_parse(p, n, &info);
		assert_int_equal(info.error, SDPA_PKT_ERR_ESP_TRUNC);
		assert_true(info.flags & SDPA_PKT_TRUNCATED);
		assert_int_equal(info.error_off, 34);
		assert_int_not_equal(info.outer.l4_type, SDPA_L4_ESP);
		free(p);
	}
	/* The IP packet itself says it ends inside the ESP header: MALFORMED, never ESP. */
	memcpy(cut, f, sizeof(f));
	cut[17] = 24; /* total_len: 4 bytes of ESP */
	sdpa_parse(cut, sizeof(cut), &info);
	assert_true(info.flags & SDPA_PKT_MALFORMED);
	assert_int_equal(info.error, SDPA_PKT_ERR_BEYOND_IP);
	assert_int_not_equal(info.outer.l4_type, SDPA_L4_ESP);
	assert_string_equal(sdpa_pkt_error_name(SDPA_PKT_ERR_ESP_TRUNC), "esp header truncated");
}

/* RoCEv2: UDP to 4791 carries a 12-byte BTH; a datagram too short for it is TRUNCATED
 * with its own reason; UDP to another port is plain UDP. */
static void test_roce_bth(void **state)
{
	static const uint8_t f[] =
	        {
	                0,    1,    2,    3,    4,    5,    6,    7,    8,  9,
	                10,   11,   0x08, 0x00, /* eth */
	                0x45, 0,    0,    48,   0,    1,    0,    0,    64, 17,
	                0,    0,    10,   0,    0,    1,    10,   0,    0,  2, /* ip4 */
	                0x12, 0xb5, 0x12, 0xb7, 0,    28,   0,    0, /* udp 4789 -> 4791, len 28 */
	                0x64, 0x00, 0xff, 0xff, 0x00, 0x10, 0x20, 0x30, /* opcode, ..., dest_qp */
	                0x80, 0x00, 0x00, 0x07,                         /* ackreq, psn 7 */
	                'r',  'o',  'c',  'e',  '-',  'v',  '2',  '!',  /* payload */
	        };
	struct sdpa_pkt_info info;
	uint8_t g[sizeof(f)];
	(void)state;

	sdpa_parse(f, sizeof(f), &info);
	assert_int_equal(info.error, SDPA_PKT_OK);
	assert_int_equal(info.outer.l4_type, SDPA_L4_UDP);
	assert_int_equal(info.outer.roce, 1);
	assert_memory_equal(info.outer.bth.b, f + 42, 12);
	assert_int_equal(info.outer.payload_off, 54);

	memcpy(g, f, sizeof(g));
	g[39] = 8 + 11; /* UDP length: 11 bytes of BTH */
	sdpa_parse(g, sizeof(g), &info);
	assert_int_equal(info.error, SDPA_PKT_ERR_BTH_TRUNC);
	assert_true(info.flags & SDPA_PKT_TRUNCATED);
	assert_int_equal(info.error_off, 42);
	assert_int_equal(info.outer.roce, 0);
	assert_int_equal(info.outer.l4_type, SDPA_L4_UDP); /* the UDP header itself is fine */

	memcpy(g, f, sizeof(g));
	g[37] = 0xb8; /* port 4792 */
	sdpa_parse(g, sizeof(g), &info);
	assert_int_equal(info.error, SDPA_PKT_OK);
	assert_int_equal(info.outer.roce, 0);
	assert_int_equal(info.outer.payload_off, 42);
}

static void test_fragments(void **state)
{
	struct sdpa_frame_spec s;
	struct sdpa_pkt_info info;
	uint8_t buf[256];
	(void)state;

	/* IPv4 first fragment: L4 is parsed, the packet is flagged fragmented */
	fill_spec(&s, SDPA_L3_IP4, SDPA_L4_UDP);
	s.more_frags = true;
	uint32_t n = build_parse(&s, buf, sizeof(buf), &info);
	assert_int_equal(info.flags, 0);
	assert_int_equal(info.outer.ip_fragmented, 1);
	assert_int_equal(info.outer.l4_type, SDPA_L4_UDP);
	assert_int_equal(info.outer.ip4.flags_fragment_offset, htobe16(0x2000));
	assert_false(sdpa_pkt_l4_csum_ok(buf, n, &info, false)); /* never for fragments */

	/* IPv4 non-first fragment: no L4 even if the bytes look like one */
	fill_spec(&s, SDPA_L3_IP4, SDPA_L4_NONE);
	s.ip_proto = 17;
	s.frag_offset = 185;
	(void)build_parse(&s, buf, sizeof(buf), &info);
	assert_int_equal(info.flags, 0);
	assert_int_equal(info.outer.ip_fragmented, 1);
	assert_int_equal(info.outer.l4_type, SDPA_L4_NONE);
	assert_int_equal(info.outer.l4_off, 34);
	assert_int_equal(info.outer.payload_off, 34);
	assert_int_equal(info.outer.ip4.next_proto, 17);
	assert_int_equal(info.outer.ip4.flags_fragment_offset, htobe16(185));
	assert_int_equal(info.outer.l3_ok, 1);

	/* IPv6 first fragment, then a non-first one */
	fill_spec(&s, SDPA_L3_IP6, SDPA_L4_UDP);
	s.nr_ip6_ext = 2;
	s.ip6_ext[0] = SDPA_IPPROTO_HOPOPTS;
	s.ip6_ext[1] = SDPA_IPPROTO_FRAGMENT;
	s.more_frags = true;
	(void)build_parse(&s, buf, sizeof(buf), &info);
	assert_int_equal(info.flags, 0);
	assert_int_equal(info.outer.ip_fragmented, 1);
	assert_int_equal(info.outer.l4_type, SDPA_L4_UDP);
	assert_int_equal(info.outer.l4_off, 70);
	assert_int_equal(info.outer.ip6.next_proto, 17);

	s.l4 = SDPA_L4_NONE;
	s.ip_proto = 6;
	s.frag_offset = 3;
	(void)build_parse(&s, buf, sizeof(buf), &info);
	assert_int_equal(info.flags, 0);
	assert_int_equal(info.outer.ip_fragmented, 1);
	assert_int_equal(info.outer.l4_type, SDPA_L4_NONE);
	assert_int_equal(info.outer.ip6.next_proto, 6);
	assert_int_equal(info.outer.l4_off, 70);
	assert_int_equal(info.outer.payload_off, 70);
	assert_int_equal(buf[64], 0);
	assert_int_equal(buf[65], 3 << 3 | 1);
}

static void test_non_ip_and_padding(void **state)
{
	struct sdpa_frame_spec s;
	struct sdpa_pkt_info info;
	uint8_t buf[256];
	(void)state;

	fill_spec(&s, SDPA_L3_NONE, SDPA_L4_NONE);
	s.ethertype = SDPA_ETH_P_ARP;
	s.payload_len = 28;
	s.nr_vlans = 1;
	uint32_t n = build_parse(&s, buf, sizeof(buf), &info);
	assert_int_equal(n, 60);
	assert_int_equal(info.flags, 0);
	assert_int_equal(info.outer.eth.type, htobe16(0x0806));
	assert_int_equal(info.outer.l3_type, SDPA_L3_NONE);
	assert_int_equal(info.outer.l3_off, 18);
	assert_int_equal(info.outer.payload_off, 18);
	assert_int_equal(info.outer.l4_off, 0);

	/* a 42-byte UDP frame is padded to 60; IP and UDP lengths exclude the padding */
	fill_spec(&s, SDPA_L3_IP4, SDPA_L4_UDP);
	s.payload_len = 0;
	n = build_parse(&s, buf, sizeof(buf), &info);
	assert_int_equal(n, 60);
	assert_int_equal(info.flags, 0);
	assert_int_equal(info.outer.ip4.total_len, htobe16(28));
	assert_int_equal(info.outer.l3_end, 42);
	for (int i = 42; i < 60; i++)
		assert_int_equal(buf[i], 0);
	assert_true(sdpa_pkt_l4_csum_ok(buf, n, &info, false));
	s.no_pad = true;
	assert_int_equal(sdpa_frame_build(&s, buf, sizeof(buf)), 42);

	/* frame_len sizes the payload */
	fill_spec(&s, SDPA_L3_IP6, SDPA_L4_UDP);
	s.frame_len = 1500;
	uint8_t big[1500];
	n = build_parse(&s, big, sizeof(big), &info);
	assert_int_equal(n, 1500);
	assert_int_equal(info.outer.ip6.payload_len, htobe16(1500 - 54));
	assert_int_equal(sdpa_frame_hdr_len(&s), 62);
	assert_true(sdpa_pkt_l4_csum_ok(big, n, &info, false));
}

/* ---- builder -> parser round trips over every combination ---- */

static void test_round_trip_all(void **state)
{
	static const uint8_t l4s[] = {SDPA_L4_TCP, SDPA_L4_UDP, SDPA_L4_ICMP};
	struct sdpa_frame_spec o, in;
	struct sdpa_pkt_info info;
	uint8_t buf[1024];
	unsigned int count = 0;
	(void)state;

	for (unsigned int ov = 0; ov <= 2; ov++)
		for (uint8_t ol3 = SDPA_L3_IP4; ol3 <= SDPA_L3_IP6; ol3++)
			for (unsigned int ol4 = 0; ol4 <= 3; ol4++) /* 3: vxlan */
				for (unsigned int iv = 0; iv <= (ol4 == 3 ? 2u : 0u); iv++)
					for (uint8_t il3 = SDPA_L3_IP4; il3 <= SDPA_L3_IP6; il3++)
						for (unsigned int il4 = 0; il4 < 3; il4++) {
							if (ol4 != 3 && (il3 != SDPA_L3_IP4 || il4))
								continue;
							uint8_t l4 =
							        ol4 == 3 ? SDPA_L4_UDP : l4s[ol4];
							if (l4 == SDPA_L4_ICMP &&
							    ol3 == SDPA_L3_IP6)
								l4 = SDPA_L4_ICMP6;
							fill_spec(&o, ol3, l4);
							o.nr_vlans = (uint8_t)ov;
							o.vlan_tci[0] = (uint16_t)(100 + ov);
							o.vlan_tci[1] = 200;
							o.ip4_opt_len = (uint8_t)(4 * ov);
							o.nr_ip6_ext =
							        (uint8_t)(ov == 2 &&
							                  ol3 == SDPA_L3_IP6);
							o.ip6_ext[0] = SDPA_IPPROTO_DSTOPTS;
							o.tcp_opt_len = 12;
							o.payload_len = 11 + count;
							if (ol4 == 3) {
								uint8_t i4 = l4s[il4];
								if (i4 == SDPA_L4_ICMP &&
								    il3 == SDPA_L3_IP6)
									i4 = SDPA_L4_ICMP6;
								fill_spec(&in, il3, i4);
								in.nr_vlans = (uint8_t)iv;
								in.vlan_tci[0] = 7;
								in.vlan_tci[1] = 8;
								in.src_mac[0] = 0x12;
								in.ttl = 5;
								o.vxlan_inner = &in;
								o.dst_port =
								        (uint16_t)(count & 1 ? 4789
								                             : 0);
								o.vni = 0x10000u + count;
							}
							uint32_t n = build_parse(
							        &o, buf, sizeof(buf), &info);
							uint32_t ip_end = sdpa_frame_hdr_len(&o) +
							                  o.payload_len;
							assert_int_equal(n,
							                 ip_end < 60 ? 60 : ip_end);
							assert_int_equal(info.flags, 0);
							uint32_t end = check_stack(&o, &info.outer,
							                           0, ip_end);
							assert_true(sdpa_pkt_l4_csum_ok(
							        buf, n, &info, false));
							if (ol4 == 3) {
								assert_int_equal(info.tun.type,
								                 SDPA_TUN_VXLAN);
								assert_int_equal(info.tun.off, end);
								assert_int_equal(
								        sdpa_pkt_vni(&info),
								        0x10000u + count);
								check_stack(&in, &info.inner,
								            end + 8, ip_end);
								assert_true(sdpa_pkt_l4_csum_ok(
								        buf, n, &info, true));
							} else {
								assert_int_equal(info.tun.type,
								                 SDPA_TUN_NONE);
							}
							count++;
						}
	assert_int_equal(count, 3 * 2 * 3 + 3 * 2 * 3 * 2 * 3);
}

/* ---- checksums ---- */

static void test_checksums(void **state)
{
	struct sdpa_frame_spec s;
	struct sdpa_pkt_info info;
	uint8_t buf[256];
	(void)state;

	/* RFC 1071 example words 0001 f203 f4f5 f6f7: sum ddf2, checksum 220d */
	static const uint8_t rfc[] = {0x00, 0x01, 0xf2, 0x03, 0xf4, 0xf5, 0xf6, 0xf7};
	assert_int_equal(sdpa_csum_fold(sdpa_csum_partial(rfc, 8, 0)), 0x220d);
	/* odd length: the last byte is the high half of a word */
	static const uint8_t odd[] = {0x12, 0x34, 0x56};
	assert_int_equal(sdpa_csum_fold(sdpa_csum_partial(odd, 3, 0)),
	                 (uint16_t) ~(0x1234 + 0x5600));

	fill_spec(&s, SDPA_L3_IP4, SDPA_L4_TCP);
	uint32_t n = build_parse(&s, buf, sizeof(buf), &info);
	assert_true(sdpa_pkt_l4_csum_ok(buf, n, &info, false));
	buf[n - 3] ^= 0xff; /* payload */
	assert_false(sdpa_pkt_l4_csum_ok(buf, n, &info, false));
	buf[n - 3] ^= 0xff;
	buf[50] ^= 1; /* the checksum field itself */
	assert_false(sdpa_pkt_l4_csum_ok(buf, n, &info, false));
	buf[50] ^= 1;

	/* IPv4 header checksum is verified during the parse */
	assert_int_equal(info.outer.ip4_checksum_ok, 1);
	buf[22] ^= 0x10; /* ttl */
	sdpa_parse(buf, n, &info);
	assert_int_equal(info.outer.ip4_checksum_ok, 0);
	assert_int_equal(info.flags, 0); /* a bad header checksum is metadata, not an error */
	assert_int_equal(info.outer.l3_ok, 1);

	/* UDP checksum 0 is "none" over IPv4 ... */
	fill_spec(&s, SDPA_L3_IP4, SDPA_L4_UDP);
	s.udp_zero_csum = true;
	n = build_parse(&s, buf, sizeof(buf), &info);
	assert_int_equal(buf[40] | buf[41], 0);
	assert_true(sdpa_pkt_l4_csum_ok(buf, n, &info, false));
	/* ... and invalid over IPv6 */
	fill_spec(&s, SDPA_L3_IP6, SDPA_L4_UDP);
	n = build_parse(&s, buf, sizeof(buf), &info);
	assert_true(sdpa_pkt_l4_csum_ok(buf, n, &info, false));
	buf[60] = 0;
	buf[61] = 0;
	assert_false(sdpa_pkt_l4_csum_ok(buf, n, &info, false));

	/* unusable arguments */
	fill_spec(&s, SDPA_L3_IP4, SDPA_L4_UDP);
	n = build_parse(&s, buf, sizeof(buf), &info);
	assert_false(sdpa_pkt_l4_csum_ok(NULL, n, &info, false));
	assert_false(sdpa_pkt_l4_csum_ok(buf, n, NULL, false));
	assert_false(sdpa_pkt_l4_csum_ok(buf, n - 1, &info, false)); /* info from another len */
	struct sdpa_pkt_info forged = info;
	forged.outer.l3_end = n + 100; /* a hand-made info cannot push the read past len */
	assert_false(sdpa_pkt_l4_csum_ok(buf, n, &forged, false));
	forged = info;
	forged.outer.l4_type = SDPA_L4_OTHER;
	assert_false(sdpa_pkt_l4_csum_ok(buf, n, &forged, false));

	/* UDP length shorter than the IP payload: the checksum covers the UDP length only */
	fill_spec(&s, SDPA_L3_IP4, SDPA_L4_OTHER);
	s.ip_proto = 17;
	s.payload_len = 20;
	n = build_parse(&s, buf, sizeof(buf), &info);
	struct sdpa_frame_spec u;
	fill_spec(&u, SDPA_L3_IP4, SDPA_L4_UDP);
	u.payload_len = 4;
	uint8_t tmp[128];
	uint32_t un = sdpa_frame_build(&u, tmp, sizeof(tmp));
	assert_true(un > 0);
	memcpy(buf + 34, tmp + 34, 12); /* a 12-byte datagram inside a 20-byte IP payload */
	sdpa_parse(buf, n, &info);
	assert_int_equal(info.flags, 0);
	assert_int_equal(info.outer.l4_type, SDPA_L4_UDP);
	assert_true(sdpa_pkt_l4_csum_ok(buf, n, &info, false));
}

/* ---- bad inputs ---- */

static void parse_copy(const uint8_t *frame, uint32_t len, struct sdpa_pkt_info *info)
{
	/* An exact-size heap copy, so ASan sees any read at or past len. */
	uint8_t *p = malloc(len ? len : 1);
	assert_non_null(p);
	memcpy(p, frame, len);
	sdpa_parse(p, len, info);
	const char *why = pkt_invariant(info, len);
	if (why)
		fail_msg("invariant at len %u: %s", len, why);
	(void)sdpa_pkt_l4_csum_ok(p, len, info, false);
	(void)sdpa_pkt_l4_csum_ok(p, len, info, true);
	free(p);
}

static void expect_err(const struct sdpa_pkt_info *info, uint32_t flags, uint32_t err, uint32_t off)
{
	if (info->flags != flags || info->error != err || info->error_off != off)
		fail_msg("got flags 0x%x error %u (%s) at %u; want flags 0x%x error %u (%s) at %u",
		         info->flags, info->error, sdpa_pkt_error_name(info->error),
		         info->error_off, flags, err, sdpa_pkt_error_name(err), off);
}

static void test_short_frames(void **state)
{
	struct sdpa_pkt_info info;
	uint8_t buf[64] = {0};
	(void)state;

	sdpa_parse(NULL, 0, &info);
	expect_err(&info, SDPA_PKT_TRUNCATED, SDPA_PKT_ERR_ETH_TRUNC, 0);
	assert_int_equal(info.len, 0);
	sdpa_parse(NULL, 100, &info); /* NULL frame is an empty frame, never dereferenced */
	expect_err(&info, SDPA_PKT_TRUNCATED, SDPA_PKT_ERR_ETH_TRUNC, 0);
	assert_int_equal(info.len, 0);
	sdpa_parse(buf, 10, NULL); /* nothing to report into: no crash */
	parse_copy(buf, 0, &info);
	expect_err(&info, SDPA_PKT_TRUNCATED, SDPA_PKT_ERR_ETH_TRUNC, 0);
	parse_copy(buf, 13, &info);
	expect_err(&info, SDPA_PKT_TRUNCATED, SDPA_PKT_ERR_ETH_TRUNC, 0);
	assert_int_equal(info.outer.payload_off, 0);
	/* 14 zero bytes: EtherType 0 is simply not an L3 we know */
	parse_copy(buf, 14, &info);
	assert_int_equal(info.flags, 0);
	assert_int_equal(info.outer.l3_off, 14);
	assert_int_equal(info.outer.l3_type, SDPA_L3_NONE);
}

/* Cut a frame at every length. Expected: a cut inside header segment i gives TRUNCATED with
 * segs[i].err at segs[i].off; once the fixed IP header is whole ('l3_hdr_end') its length
 * field overshoots, adding MALFORMED; a cut in the payload leaves only that 'beyond' error
 * at l3_off. The whole frame parses clean. */
struct seg {
	uint32_t end;
	uint32_t err;
	uint32_t off;
};

static void cut_everywhere(const uint8_t *frame, uint32_t full, uint32_t l3_off,
                           uint32_t l3_hdr_end, uint32_t beyond_err, const struct seg *segs,
                           unsigned int nsegs)
{
	struct sdpa_pkt_info info;

	for (uint32_t cut = 0; cut <= full; cut++) {
		parse_copy(frame, cut, &info);
		unsigned int i = 0;
		while (i < nsegs && cut >= segs[i].end)
			i++;
		uint32_t flags = 0, err, off;
		if (i < nsegs) {
			flags = SDPA_PKT_TRUNCATED;
			err = segs[i].err;
			off = segs[i].off;
		} else {
			err = beyond_err;
			off = l3_off;
		}
		if (cut >= l3_hdr_end && cut < full)
			flags |= SDPA_PKT_MALFORMED;
		if (cut == full)
			err = off = 0;
		if (info.flags != flags || info.error != err || info.error_off != off)
			fail_msg("cut %u: flags 0x%x error %s at %u; want 0x%x %s at %u", cut,
			         info.flags, sdpa_pkt_error_name(info.error), info.error_off, flags,
			         sdpa_pkt_error_name(err), off);
	}
}

static void test_truncated_each_header(void **state)
{
	struct sdpa_frame_spec s;
	uint8_t buf[256];
	uint32_t n;
	(void)state;

	fill_spec(&s, SDPA_L3_IP4, SDPA_L4_TCP);
	s.ip4_opt_len = 12;
	s.tcp_opt_len = 8;
	s.payload_len = 5;
	n = sdpa_frame_build(&s, buf, sizeof(buf));
	assert_int_equal(n, 79);
	const struct seg v4[] = {
	        {14, SDPA_PKT_ERR_ETH_TRUNC, 0},
	        {34, SDPA_PKT_ERR_IP4_TRUNC, 14},
	        {46, SDPA_PKT_ERR_IP4_OPT_TRUNC, 14},
	        {74, SDPA_PKT_ERR_TCP_TRUNC, 46},
	};
	cut_everywhere(buf, n, 14, 46, SDPA_PKT_ERR_IP4_TOTAL_LEN_BEYOND, v4, SDPA_ARRAY_SIZE(v4));

	fill_spec(&s, SDPA_L3_IP6, SDPA_L4_UDP);
	s.nr_ip6_ext = 2;
	s.ip6_ext[0] = SDPA_IPPROTO_HOPOPTS;
	s.ip6_ext[1] = SDPA_IPPROTO_FRAGMENT;
	s.payload_len = 5;
	n = sdpa_frame_build(&s, buf, sizeof(buf));
	assert_int_equal(n, 83);
	const struct seg v6[] = {
	        {14, SDPA_PKT_ERR_ETH_TRUNC, 0},      {54, SDPA_PKT_ERR_IP6_TRUNC, 14},
	        {62, SDPA_PKT_ERR_IP6_EXT_TRUNC, 54}, {70, SDPA_PKT_ERR_IP6_EXT_TRUNC, 62},
	        {78, SDPA_PKT_ERR_UDP_TRUNC, 70},
	};
	cut_everywhere(buf, n, 14, 54, SDPA_PKT_ERR_IP6_PAYLOAD_BEYOND, v6, SDPA_ARRAY_SIZE(v6));

	fill_spec(&s, SDPA_L3_IP4, SDPA_L4_ICMP);
	s.nr_vlans = 2;
	s.payload_len = 5;
	s.no_pad = true;
	n = sdpa_frame_build(&s, buf, sizeof(buf));
	assert_int_equal(n, 55);
	const struct seg vl[] = {
	        {14, SDPA_PKT_ERR_ETH_TRUNC, 0},   {18, SDPA_PKT_ERR_VLAN_TRUNC, 14},
	        {22, SDPA_PKT_ERR_VLAN_TRUNC, 18}, {42, SDPA_PKT_ERR_IP4_TRUNC, 22},
	        {50, SDPA_PKT_ERR_ICMP_TRUNC, 42},
	};
	cut_everywhere(buf, n, 22, 42, SDPA_PKT_ERR_IP4_TOTAL_LEN_BEYOND, vl, SDPA_ARRAY_SIZE(vl));
}

static void test_truncated_vxlan_every_byte(void **state)
{
	struct sdpa_frame_spec o, in;
	struct sdpa_pkt_info info;
	uint8_t buf[256];
	(void)state;

	fill_spec(&in, SDPA_L3_IP4, SDPA_L4_TCP);
	in.nr_vlans = 1;
	fill_spec(&o, SDPA_L3_IP4, SDPA_L4_UDP);
	o.vxlan_inner = &in;
	o.dst_port = 4789;
	o.vni = 42;
	o.payload_len = 10;
	uint32_t full = sdpa_frame_build(&o, buf, sizeof(buf));
	/* 14+20+8 | vxlan 8 | 18+20+20 | 10 */
	const uint32_t hdr_end = 108;
	assert_int_equal(full, hdr_end + 10);

	const struct seg segs[] = {
	        {14, SDPA_PKT_ERR_ETH_TRUNC, 0},  {34, SDPA_PKT_ERR_IP4_TRUNC, 14},
	        {42, SDPA_PKT_ERR_UDP_TRUNC, 34}, {50, SDPA_PKT_ERR_VXLAN_TRUNC, 42},
	        {64, SDPA_PKT_ERR_ETH_TRUNC, 50}, {68, SDPA_PKT_ERR_VLAN_TRUNC, 64},
	        {88, SDPA_PKT_ERR_IP4_TRUNC, 68}, {108, SDPA_PKT_ERR_TCP_TRUNC, 88},
	};
	for (uint32_t cut = 0; cut <= full; cut++) {
		parse_copy(buf, cut, &info);
		bool trunc = (info.flags & SDPA_PKT_TRUNCATED) != 0;
		if (trunc != (cut < hdr_end))
			fail_msg("cut %u: TRUNCATED is %d", cut, trunc);
		unsigned int i = 0;
		while (i < SDPA_ARRAY_SIZE(segs) && cut >= segs[i].end)
			i++;
		uint32_t flags = cut < hdr_end ? SDPA_PKT_TRUNCATED : 0;
		if (cut >= 34 && cut < full)
			flags |= SDPA_PKT_MALFORMED; /* the outer total_len overshoots */
		if (cut >= 50 && cut < hdr_end)
			flags |= SDPA_PKT_ERR_IN_INNER;
		if (i < SDPA_ARRAY_SIZE(segs))
			expect_err(&info, flags, segs[i].err, segs[i].off);
		else if (cut < full)
			expect_err(&info, flags, SDPA_PKT_ERR_IP4_TOTAL_LEN_BEYOND, 14);
		else
			expect_err(&info, 0, SDPA_PKT_OK, 0);
		if (cut >= 34 && cut < full) {
			assert_int_equal(info.outer.l3_ok, 0);
			assert_int_equal(info.outer.l3_end, cut);
		}
		assert_int_equal(info.outer.l4_type, cut >= 42 ? SDPA_L4_UDP : SDPA_L4_NONE);
		assert_int_equal(info.tun.type, cut >= 50 ? SDPA_TUN_VXLAN : SDPA_TUN_NONE);
		assert_int_equal(info.inner.l2_off, cut >= 50 ? 50 : 0);
		assert_int_equal(info.inner.l3_type, cut >= 88 ? SDPA_L3_IP4 : SDPA_L3_NONE);
		assert_int_equal(info.inner.l4_type, cut >= 108 ? SDPA_L4_TCP : SDPA_L4_NONE);
		assert_true(info.outer.payload_off <= cut && info.inner.payload_off <= cut);
	}
}

static void test_malformed_table(void **state)
{
	struct sdpa_frame_spec s;
	struct sdpa_pkt_info info;
	uint8_t buf[256], f[256];
	uint32_t n;
	(void)state;

	fill_spec(&s, SDPA_L3_IP4, SDPA_L4_UDP);
	n = sdpa_frame_build(&s, buf, sizeof(buf));

	/* ihl < 5 */
	memcpy(f, buf, n);
	f[14] = 0x44;
	parse_copy(f, n, &info);
	expect_err(&info, SDPA_PKT_MALFORMED, SDPA_PKT_ERR_IP4_IHL, 14);
	assert_int_equal(info.outer.l3_type, SDPA_L3_NONE);
	assert_int_equal(info.outer.l3_off, 14);
	assert_int_equal(info.outer.payload_off, 14);

	/* ihl beyond the frame (60-byte header in a 54-byte frame) */
	memcpy(f, buf, 54);
	f[14] = 0x4f;
	parse_copy(f, 54, &info);
	expect_err(&info, SDPA_PKT_TRUNCATED, SDPA_PKT_ERR_IP4_OPT_TRUNC, 14);

	/* total_len beyond the frame: header fields kept, L4 still parsed, l3 not ok */
	memcpy(f, buf, n);
	f[16] = 0x03;
	f[17] = 0xe8;
	parse_copy(f, n, &info);
	assert_int_equal(info.error, SDPA_PKT_ERR_IP4_TOTAL_LEN_BEYOND);
	assert_int_equal(info.error_off, 14);
	assert_int_equal(info.flags, SDPA_PKT_MALFORMED);
	assert_int_equal(info.outer.l3_type, SDPA_L3_IP4);
	assert_int_equal(info.outer.l3_ok, 0);
	assert_int_equal(info.outer.l3_end, n);
	assert_int_equal(info.outer.l4_type, SDPA_L4_UDP);
	assert_false(sdpa_pkt_l4_csum_ok(f, n, &info, false));

	/* total_len shorter than the header */
	f[16] = 0;
	f[17] = 19;
	parse_copy(f, n, &info);
	expect_err(&info, SDPA_PKT_MALFORMED, SDPA_PKT_ERR_IP4_TOTAL_LEN_SHORT, 14);
	assert_int_equal(info.outer.l4_type, SDPA_L4_NONE);

	/* wrong version nibble, both ways */
	memcpy(f, buf, n);
	f[14] = 0x65;
	parse_copy(f, n, &info);
	expect_err(&info, SDPA_PKT_MALFORMED, SDPA_PKT_ERR_IP4_VERSION, 14);
	assert_int_equal(info.outer.l3_type, SDPA_L3_NONE);
	memcpy(f, buf, n);
	f[12] = 0x86;
	f[13] = 0xdd;
	parse_copy(f, n, &info);
	expect_err(&info, SDPA_PKT_MALFORMED, SDPA_PKT_ERR_IP6_VERSION, 14);
	assert_string_equal(sdpa_pkt_error_name(info.error),
	                    "ip version mismatch (ethertype ipv6)");

	/* UDP length below 8, and beyond the IP packet */
	memcpy(f, buf, n);
	f[38] = 0;
	f[39] = 7;
	parse_copy(f, n, &info);
	expect_err(&info, SDPA_PKT_MALFORMED, SDPA_PKT_ERR_UDP_LEN, 34);
	assert_int_equal(info.outer.l4_type, SDPA_L4_UDP);
	assert_int_equal(info.outer.l4_ok, 0);
	f[39] = 200;
	parse_copy(f, n, &info);
	expect_err(&info, SDPA_PKT_MALFORMED, SDPA_PKT_ERR_UDP_LEN, 34);

	/* tcp data offset < 5 */
	fill_spec(&s, SDPA_L3_IP4, SDPA_L4_TCP);
	n = sdpa_frame_build(&s, buf, sizeof(buf));
	memcpy(f, buf, n);
	f[46] = 0x40;
	parse_copy(f, n, &info);
	expect_err(&info, SDPA_PKT_MALFORMED, SDPA_PKT_ERR_TCP_DOFF, 34);
	assert_int_equal(info.outer.l4_type, SDPA_L4_TCP);
	assert_int_equal(info.outer.l4_ok, 0);
	assert_int_equal(info.outer.tcp.data_offset, 0x40);
	assert_int_equal(info.outer.payload_off, 54);
	/* data offset pointing past the frame */
	f[46] = 0xf0;
	parse_copy(f, 60, &info);
	expect_err(&info, SDPA_PKT_TRUNCATED | SDPA_PKT_MALFORMED, SDPA_PKT_ERR_TCP_TRUNC, 34);

	/* a TCP header beyond the IP packet (but inside the padded frame) */
	fill_spec(&s, SDPA_L3_IP4, SDPA_L4_OTHER);
	s.ip_proto = 6;
	s.payload_len = 4;
	n = sdpa_frame_build(&s, buf, sizeof(buf));
	assert_int_equal(n, 60);
	parse_copy(buf, n, &info);
	expect_err(&info, SDPA_PKT_MALFORMED, SDPA_PKT_ERR_BEYOND_IP, 34);
	assert_int_equal(info.outer.l4_type, SDPA_L4_NONE);

	/* IPv6 payload_len beyond the frame; extension header beyond payload_len */
	fill_spec(&s, SDPA_L3_IP6, SDPA_L4_UDP);
	s.nr_ip6_ext = 1;
	s.ip6_ext[0] = SDPA_IPPROTO_DSTOPTS;
	n = sdpa_frame_build(&s, buf, sizeof(buf));
	memcpy(f, buf, n);
	f[18] = 0x10;
	parse_copy(f, n, &info);
	assert_int_equal(info.error, SDPA_PKT_ERR_IP6_PAYLOAD_BEYOND);
	assert_int_equal(info.flags, SDPA_PKT_MALFORMED);
	assert_int_equal(info.outer.l4_type, SDPA_L4_UDP);
	memcpy(f, buf, n);
	f[18] = 0;
	f[19] = 4;
	parse_copy(f, n, &info);
	expect_err(&info, SDPA_PKT_MALFORMED, SDPA_PKT_ERR_IP6_EXT_BEYOND, 54);
	assert_int_equal(info.outer.ip6.next_proto, SDPA_IPPROTO_DSTOPTS);
	memcpy(f, buf, n);
	f[55] = 200; /* extension header length far past a consistent payload_len */
	parse_copy(f, n, &info);
	expect_err(&info, SDPA_PKT_MALFORMED, SDPA_PKT_ERR_IP6_EXT_BEYOND, 54);
	parse_copy(f, 60, &info); /* ... and with the frame cut as well */
	expect_err(&info, SDPA_PKT_TRUNCATED | SDPA_PKT_MALFORMED, SDPA_PKT_ERR_IP6_EXT_TRUNC, 54);
	/* IPv6 "no next header" */
	fill_spec(&s, SDPA_L3_IP6, SDPA_L4_NONE);
	n = sdpa_frame_build(&s, buf, sizeof(buf));
	parse_copy(buf, n, &info);
	assert_int_equal(info.flags, 0);
	assert_int_equal(info.outer.ip6.next_proto, 59);
	assert_int_equal(info.outer.l4_type, SDPA_L4_NONE);
}

static void test_vlan_edge_cases(void **state)
{
	struct sdpa_pkt_info info;
	uint8_t f[64];
	(void)state;

	memset(f, 0, sizeof(f));
	memcpy(f, MAC_D, 6);
	memcpy(f + 6, MAC_S, 6);
	f[12] = 0x81; /* one tag ... */
	f[13] = 0x00;
	parse_copy(f, 14, &info); /* ... with nothing of it present */
	expect_err(&info, SDPA_PKT_TRUNCATED, SDPA_PKT_ERR_VLAN_TRUNC, 14);
	assert_int_equal(info.outer.l2_valid_headers, 0);
	parse_copy(f, 17, &info);
	expect_err(&info, SDPA_PKT_TRUNCATED, SDPA_PKT_ERR_VLAN_TRUNC, 14);

	/* a complete tag announcing IPv4, with nothing after it */
	f[14] = 0x00;
	f[15] = 0x05;
	f[16] = 0x08;
	f[17] = 0x00;
	parse_copy(f, 18, &info);
	expect_err(&info, SDPA_PKT_TRUNCATED, SDPA_PKT_ERR_IP4_TRUNC, 18);
	assert_int_equal(info.outer.l2_type, SDPA_L2_SINGLE_VLAN);
	assert_int_equal(info.outer.eth_vlan[0].tci, htobe16(5));
	assert_int_equal(info.outer.l3_off, 18);

	/* a complete tag announcing ARP: fine, nothing more to parse */
	f[16] = 0x08;
	f[17] = 0x06;
	parse_copy(f, 18, &info);
	assert_int_equal(info.flags, 0);
	assert_int_equal(info.outer.payload_off, 18);

	/* three tags: two parsed, then stop and flag */
	f[12] = 0x88;
	f[13] = 0xa8;
	f[16] = 0x81;
	f[17] = 0x00;
	f[18] = 0x00;
	f[19] = 0x06;
	f[20] = 0x81;
	f[21] = 0x00;
	f[22] = 0x00;
	f[23] = 0x07;
	f[24] = 0x08;
	f[25] = 0x00;
	parse_copy(f, 64, &info);
	expect_err(&info, SDPA_PKT_UNSUPPORTED, SDPA_PKT_ERR_VLAN_DEPTH, 22);
	assert_int_equal(info.outer.l2_type, SDPA_L2_MULTI_VLAN);
	assert_int_equal(info.outer.eth_vlan[0].tci, htobe16(5));
	assert_int_equal(info.outer.eth_vlan[1].tci, htobe16(6));
	assert_int_equal(info.outer.eth.type, htobe16(0x8100));
	assert_int_equal(info.outer.l3_type, SDPA_L3_NONE);
	assert_int_equal(info.outer.l3_off, 0);
	assert_int_equal(info.outer.payload_off, 22);
	assert_string_equal(sdpa_pkt_error_name(info.error), "more than 2 vlan tags");
}

/* Wrap the IP packet of frame 'in' (an Ethernet frame of n bytes) in an outer IPv4 (v6
 * false, protocol 4 or 41 from the inner version) or IPv6 header: IP in IP. */
static uint32_t wrap_ip(const uint8_t *in, uint32_t n, bool v6, uint8_t *out)
{
	uint32_t ip_len = n - 14, hl = v6 ? 40 : 20;
	uint8_t proto = (in[14] >> 4) == 4 ? SDPA_IPPROTO_IPIP : SDPA_IPPROTO_IPV6;

	memcpy(out, in, 12);
	sdpa_put_be16(out + 12, v6 ? 0x86dd : 0x0800);
	memset(out + 14, 0, hl);
	if (v6) {
		out[14] = 0x60;
		sdpa_put_be16(out + 18, (uint16_t)ip_len);
		out[20] = proto;
		out[21] = 64;
		memcpy(out + 22, IP6_S, 16);
		memcpy(out + 38, IP6_D, 16);
	} else {
		out[14] = 0x45;
		sdpa_put_be16(out + 16, (uint16_t)(20 + ip_len));
		out[22] = 64;
		out[23] = proto;
		sdpa_put_be32(out + 26, 0x0b000001);
		sdpa_put_be32(out + 30, 0x0b000002);
		sdpa_put_be16(out + 24, sdpa_csum_fold(sdpa_csum_partial(out + 14, 20, 0)));
	}
	memcpy(out + 14 + hl, in + 14, ip_len);
	return 14 + hl + ip_len;
}

/* IPv4 or IPv6 right after an IP header (protocol 4 or 41) is the inner stack, without an
 * inner L2; one level only; a bad inner length is an inner error. */
static void test_ip_in_ip(void **state)
{
	static const struct {
		uint8_t outer_v6, inner_l3, inner_l4;
	} cases[] = {
	        {0, SDPA_L3_IP4, SDPA_L4_TCP},
	        {0, SDPA_L3_IP6, SDPA_L4_UDP},
	        {1, SDPA_L3_IP4, SDPA_L4_UDP},
	        {1, SDPA_L3_IP6, SDPA_L4_TCP},
	};
	struct sdpa_frame_spec in;
	struct sdpa_pkt_info info;
	uint8_t ib[512], buf[600];
	(void)state;

	for (size_t i = 0; i < SDPA_ARRAY_SIZE(cases); i++) {
		uint32_t hl = cases[i].outer_v6 ? 40 : 20;

		fill_spec(&in, cases[i].inner_l3, cases[i].inner_l4);
		uint32_t n =
		        wrap_ip(ib, sdpa_frame_build(&in, ib, sizeof(ib)), cases[i].outer_v6, buf);
		sdpa_parse(buf, n, &info);
		assert_null(pkt_invariant(&info, n));
		assert_int_equal(info.flags, 0);
		assert_int_equal(info.tun.type, SDPA_TUN_IP_IN_IP);
		assert_int_equal(info.tun.off, 14 + hl);
		assert_int_equal(info.outer.l3_type, cases[i].outer_v6 ? SDPA_L3_IP6 : SDPA_L3_IP4);
		assert_int_equal(info.outer.l4_type, SDPA_L4_OTHER);
		assert_true(info.outer.l3_ok);
		assert_false(info.outer.l4_ok);
		assert_int_equal(info.inner.l3_type, cases[i].inner_l3);
		assert_int_equal(info.inner.l4_type, cases[i].inner_l4);
		assert_int_equal(info.inner.l3_off, 14 + hl);
		assert_int_equal(info.inner.l2_type, SDPA_L2_NO_VLAN);
		assert_true(info.inner.l3_ok);
		assert_true(info.inner.l4_ok);
		assert_int_equal(info.inner.transport.dst_port, htobe16(2000));
		assert_true(sdpa_pkt_l4_csum_ok(buf, n, &info, true));
		buf[n - 1] ^= 0x10;
		assert_false(sdpa_pkt_l4_csum_ok(buf, n, &info, true));
	}
	/* Inner IPv4 total length 10 (< its header): the inner L3 is not ok, no inner L4. */
	fill_spec(&in, SDPA_L3_IP4, SDPA_L4_UDP);
	uint32_t n = wrap_ip(ib, sdpa_frame_build(&in, ib, sizeof(ib)), false, buf);
	sdpa_put_be16(buf + 34 + 2, 10);
	sdpa_parse(buf, n, &info);
	assert_null(pkt_invariant(&info, n));
	assert_true(info.flags & SDPA_PKT_ERR_IN_INNER);
	assert_int_equal(info.error, SDPA_PKT_ERR_IP4_TOTAL_LEN_SHORT);
	assert_true(info.outer.l3_ok);
	assert_int_equal(info.inner.l3_type, SDPA_L3_IP4);
	assert_false(info.inner.l3_ok);
	assert_int_equal(info.inner.l4_type, SDPA_L4_NONE);
	/* An IP-in-IP frame cut anywhere in the inner header keeps every invariant. */
	for (uint32_t cut = 34; cut < 54; cut++) {
		sdpa_parse(buf, cut, &info);
		assert_null(pkt_invariant(&info, cut));
	}
}

static void test_inner_errors(void **state)
{
	struct sdpa_frame_spec o, in;
	struct sdpa_pkt_info info;
	uint8_t buf[256];
	(void)state;

	fill_spec(&in, SDPA_L3_IP4, SDPA_L4_UDP);
	fill_spec(&o, SDPA_L3_IP6, SDPA_L4_UDP);
	o.vxlan_inner = &in;
	o.dst_port = 0;
	o.vni = 1;
	uint32_t n = sdpa_frame_build(&o, buf, sizeof(buf));
	/* inner ipv4 at 14+40+8+8+14 = 84 */
	buf[84] = 0x43;
	parse_copy(buf, n, &info);
	expect_err(&info, SDPA_PKT_MALFORMED | SDPA_PKT_ERR_IN_INNER, SDPA_PKT_ERR_IP4_IHL, 84);
	assert_int_equal(info.outer.l4_ok, 1);
	assert_int_equal(info.inner.l2_off, 70);
	assert_int_equal(info.inner.l3_off, 84);

	/* UDP to 4789 whose (consistent) packet is too short for a VXLAN header: bogus,
	 * not truncated, with or without Ethernet padding after it */
	struct sdpa_frame_spec u;
	fill_spec(&u, SDPA_L3_IP4, SDPA_L4_UDP);
	u.dst_port = 4789;
	u.payload_len = 4;
	u.no_pad = true;
	n = sdpa_frame_build(&u, buf, sizeof(buf));
	parse_copy(buf, n, &info);
	expect_err(&info, SDPA_PKT_MALFORMED, SDPA_PKT_ERR_BEYOND_IP, 42);
	assert_int_equal(info.tun.type, SDPA_TUN_NONE);
	assert_int_equal(info.tun.off, 42);
	u.no_pad = false;
	n = sdpa_frame_build(&u, buf, sizeof(buf));
	parse_copy(buf, n, &info);
	expect_err(&info, SDPA_PKT_MALFORMED, SDPA_PKT_ERR_BEYOND_IP, 42);

	/* inner frame ending inside its Ethernet header within the outer packet */
	u.payload_len = 8 + 10;
	n = sdpa_frame_build(&u, buf, sizeof(buf));
	parse_copy(buf, n, &info);
	expect_err(&info, SDPA_PKT_MALFORMED | SDPA_PKT_ERR_IN_INNER, SDPA_PKT_ERR_BEYOND_IP, 50);
	assert_int_equal(info.tun.type, SDPA_TUN_VXLAN);
}

static uint64_t rng_state = 0x5eed5eed12345678ull;

static uint64_t rng(void)
{
	rng_state ^= rng_state << 13;
	rng_state ^= rng_state >> 7;
	rng_state ^= rng_state << 17;
	return rng_state;
}

static void test_random_garbage(void **state)
{
	struct sdpa_pkt_info info;
	uint8_t f[300];
	(void)state;

	rng_state = 0x5eed5eed12345678ull;
	for (int i = 0; i < 20000; i++) {
		uint32_t len = (uint32_t)(rng() % sizeof(f));
		for (uint32_t j = 0; j < len; j++)
			f[j] = (uint8_t)rng();
		/* bias toward reaching deeper layers */
		if (len >= 14 && (i & 1)) {
			static const uint16_t types[] = {0x0800, 0x86dd, 0x8100, 0x88a8};
			uint16_t t = types[rng() % 4];
			f[12] = (uint8_t)(t >> 8);
			f[13] = (uint8_t)t;
			if (len > 14)
				f[14] = (uint8_t)((t == 0x86dd ? 0x60 : 0x40) | (f[14] & 0xf));
		}
		parse_copy(f, len, &info);
	}
}

static void test_mutated_frames(void **state)
{
	struct sdpa_frame_spec o, in;
	struct sdpa_pkt_info info;
	uint8_t base[300], f[300];
	(void)state;

	rng_state = 0xfeedface0badf00dull;
	for (int i = 0; i < 4000; i++) {
		uint8_t l3 = (uint8_t)(1 + rng() % 2);
		uint8_t l4 = (uint8_t)(1 + rng() % 3);
		if (l4 == SDPA_L4_ICMP && l3 == SDPA_L3_IP6)
			l4 = SDPA_L4_ICMP6;
		fill_spec(&in, l3, l4);
		in.nr_vlans = (uint8_t)(rng() % 3);
		fill_spec(&o, (uint8_t)(1 + rng() % 2), SDPA_L4_UDP);
		o.nr_vlans = (uint8_t)(rng() % 3);
		o.payload_len = (uint32_t)(rng() % 40);
		if (rng() & 1) {
			o.vxlan_inner = &in;
			o.dst_port = 4789;
		}
		if (o.l3 == SDPA_L3_IP6 && (rng() & 1)) {
			o.nr_ip6_ext = 1;
			o.ip6_ext[0] = SDPA_IPPROTO_HOPOPTS;
		}
		uint32_t n = sdpa_frame_build(&o, base, sizeof(base));
		if (n == 0) {
			fail_msg("sdpa_frame_build made no frame (round %d)", i);
			return;
		}
		memcpy(f, base, n);
		unsigned int flips = 1 + (unsigned int)(rng() % 4);
		for (unsigned int k = 0; k < flips; k++)
			f[rng() % n] = (uint8_t)rng();
		uint32_t len = (rng() & 3) ? n : (uint32_t)(rng() % (n + 1));
		parse_copy(f, len, &info);
	}
}

static void test_error_names(void **state)
{
	(void)state;
	for (uint32_t e = 0; e < SDPA_PKT_ERR_COUNT; e++) {
		const char *n = sdpa_pkt_error_name(e);
		assert_non_null(n);
		assert_true(strlen(n) > 5);
		for (uint32_t k = 0; k < e; k++)
			assert_string_not_equal(n, sdpa_pkt_error_name(k));
	}
	assert_string_equal(sdpa_pkt_error_name(SDPA_PKT_OK), "no error");
	assert_string_equal(sdpa_pkt_error_name(SDPA_PKT_ERR_IP4_IHL), "ipv4 ihl < 5");
	assert_string_equal(sdpa_pkt_error_name(SDPA_PKT_ERR_TCP_DOFF), "tcp data offset < 5");
	assert_string_equal(sdpa_pkt_error_name(SDPA_PKT_ERR_IP4_TOTAL_LEN_BEYOND),
	                    "ipv4 total_len beyond frame");
	assert_string_equal(sdpa_pkt_error_name(SDPA_PKT_ERR_COUNT), "unknown parser error");
	assert_string_equal(sdpa_pkt_error_name(0xffffffffu), "unknown parser error");
}

/* ---- builder errors: 0 and one log line naming the cause and the fix ---- */

static void test_builder_errors(void **state)
{
	struct sdpa_frame_spec s, in;
	uint8_t buf[256];
	(void)state;

	t_log_reset();
	assert_int_equal(sdpa_frame_build(NULL, buf, sizeof(buf)), 0);
	t_assert_logged("spec is NULL", "pass a spec");
	fill_spec(&s, SDPA_L3_IP4, SDPA_L4_UDP);
	assert_int_equal(sdpa_frame_build(&s, NULL, 100), 0);
	t_assert_logged("buf is NULL");

	assert_int_equal(sdpa_frame_build(&s, buf, 60), 0);
	t_assert_logged("needs 79 bytes", "holds 60", "larger buffer");
	assert_int_equal(sdpa_frame_build(&s, buf, 79), 79);

	s.nr_vlans = 3;
	assert_int_equal(sdpa_frame_build(&s, buf, sizeof(buf)), 0);
	t_assert_logged("nr_vlans 3", "use 0, 1 or 2");
	fill_spec(&s, 7, SDPA_L4_NONE);
	assert_int_equal(sdpa_frame_build(&s, buf, sizeof(buf)), 0);
	t_assert_logged("l3 7 unknown");
	fill_spec(&s, SDPA_L3_IP6, SDPA_L4_ICMP);
	assert_int_equal(sdpa_frame_build(&s, buf, sizeof(buf)), 0);
	t_assert_logged("ICMP over IPv6", "ICMPv6 with IPv6");
	fill_spec(&s, SDPA_L3_NONE, SDPA_L4_TCP);
	assert_int_equal(sdpa_frame_build(&s, buf, sizeof(buf)), 0);
	t_assert_logged("needs an IP header");
	fill_spec(&s, SDPA_L3_IP4, SDPA_L4_TCP);
	s.tcp_opt_len = 6;
	assert_int_equal(sdpa_frame_build(&s, buf, sizeof(buf)), 0);
	t_assert_logged("tcp_opt_len 6", "multiple of 4");
	fill_spec(&s, SDPA_L3_IP4, SDPA_L4_TCP);
	s.dscp = 64;
	assert_int_equal(sdpa_frame_build(&s, buf, sizeof(buf)), 0);
	t_assert_logged("dscp 64", "out of range");
	fill_spec(&s, SDPA_L3_IP4, SDPA_L4_TCP);
	s.nr_ip6_ext = 1;
	assert_int_equal(sdpa_frame_build(&s, buf, sizeof(buf)), 0);
	t_assert_logged("nr_ip6_ext 1", "only with SDPA_L3_IP6");
	fill_spec(&s, SDPA_L3_IP6, SDPA_L4_TCP);
	s.nr_ip6_ext = 1;
	s.ip6_ext[0] = 51;
	assert_int_equal(sdpa_frame_build(&s, buf, sizeof(buf)), 0);
	t_assert_logged("ip6_ext[0] = 51");
	fill_spec(&s, SDPA_L3_IP6, SDPA_L4_TCP);
	s.frag_offset = 5;
	assert_int_equal(sdpa_frame_build(&s, buf, sizeof(buf)), 0);
	t_assert_logged("need a FRAGMENT extension header");
	fill_spec(&s, SDPA_L3_IP6, SDPA_L4_UDP);
	s.udp_zero_csum = true;
	assert_int_equal(sdpa_frame_build(&s, buf, sizeof(buf)), 0);
	t_assert_logged("udp_zero_csum over IPv6");
	fill_spec(&s, SDPA_L3_IP4, SDPA_L4_OTHER);
	assert_int_equal(sdpa_frame_build(&s, buf, sizeof(buf)), 0);
	t_assert_logged("SDPA_L4_OTHER needs ip_proto");

	fill_spec(&s, SDPA_L3_IP4, SDPA_L4_TCP);
	fill_spec(&in, SDPA_L3_IP4, SDPA_L4_TCP);
	s.vxlan_inner = &in;
	assert_int_equal(sdpa_frame_build(&s, buf, sizeof(buf)), 0);
	t_assert_logged("VXLAN needs l4 SDPA_L4_UDP");
	s.l4 = SDPA_L4_UDP;
	in.vxlan_inner = &in;
	assert_int_equal(sdpa_frame_build(&s, buf, sizeof(buf)), 0);
	t_assert_logged("nested VXLAN");
	in.vxlan_inner = NULL;
	in.nr_vlans = 5;
	assert_int_equal(sdpa_frame_hdr_len(&s), 0);
	t_assert_logged("inner nr_vlans 5");

	fill_spec(&s, SDPA_L3_IP4, SDPA_L4_TCP);
	s.frame_len = 59;
	assert_int_equal(sdpa_frame_build(&s, buf, sizeof(buf)), 0);
	t_assert_logged("frame_len 59 invalid", "60..9216");
	s.frame_len = 9217;
	assert_int_equal(sdpa_frame_build(&s, buf, sizeof(buf)), 0);
	t_assert_logged("frame_len 9217 invalid");
	s.frame_len = 0;
	s.payload_len = 9200;
	assert_int_equal(sdpa_frame_build(&s, buf, sizeof(buf)), 0);
	t_assert_logged("exceed 9216");
	assert_int_equal(sdpa_frame_hdr_len(NULL), 0);
	t_assert_logged("spec is NULL");
	assert_int_equal(t_log_problems(), 21);
}

/* ---- tunnels: hand-made frames (checksums computed outside softdpa) ---- */
/* Ether/IPv4(10.0.0.1>10.0.0.2)/UDP(2152>2152)/GTP-U(E, G-PDU, TEID 0x01020304, next 0x85)
 * /PSC(UL, QFI 9)/IPv4(192.168.0.1>.2)/UDP(1000>2000)/"abcd" */
static const uint8_t f_gtp[] = {
        0x02, 0x00, 0x00, 0x00, 0x00, 0x02, 0x02, 0x00, 0x00, 0x00, 0x00, 0x01, 0x08, 0x00, 0x45,
        0x00, 0x00, 0x4c, 0x00, 0x00, 0x00, 0x00, 0x40, 0x11, 0x66, 0x9f, 0x0a, 0x00, 0x00, 0x01,
        0x0a, 0x00, 0x00, 0x02, 0x08, 0x68, 0x08, 0x68, 0x00, 0x38, 0x18, 0x5b, 0x34, 0xff, 0x00,
        0x28, 0x01, 0x02, 0x03, 0x04, 0x00, 0x00, 0x00, 0x85, 0x01, 0x10, 0x09, 0x00, 0x45, 0x00,
        0x00, 0x20, 0x00, 0x00, 0x00, 0x00, 0x40, 0x11, 0xf9, 0x79, 0xc0, 0xa8, 0x00, 0x01, 0xc0,
        0xa8, 0x00, 0x02, 0x03, 0xe8, 0x07, 0xd0, 0x00, 0x0c, 0xae, 0x03, 0x61, 0x62, 0x63, 0x64,
};

static const uint8_t f_gre[] = {
        0x02, 0x00, 0x00, 0x00, 0x00, 0x02, 0x02, 0x00, 0x00, 0x00, 0x00, 0x01, 0x08, 0x00, 0x45,
        0x00, 0x00, 0x58, 0x00, 0x00, 0x00, 0x00, 0x40, 0x2f, 0x66, 0x75, 0x0a, 0x00, 0x00, 0x01,
        0x0a, 0x00, 0x00, 0x02, 0xa0, 0x00, 0x65, 0x58, 0x07, 0x64, 0x00, 0x00, 0x12, 0x34, 0x56,
        0x78, 0x02, 0x00, 0x00, 0x00, 0x00, 0x03, 0x02, 0x00, 0x00, 0x00, 0x00, 0x04, 0x08, 0x00,
        0x45, 0x00, 0x00, 0x2a, 0x00, 0x00, 0x00, 0x00, 0x40, 0x06, 0xf9, 0x7a, 0xc0, 0xa8, 0x00,
        0x01, 0xc0, 0xa8, 0x00, 0x02, 0x04, 0xd2, 0x00, 0x50, 0x00, 0x00, 0x00, 0x01, 0x00, 0x00,
        0x00, 0x00, 0x50, 0x18, 0x20, 0x00, 0x90, 0xda, 0x00, 0x00, 0x78, 0x79,
};

static const uint8_t f_geneve[] = {
        0x02, 0x00, 0x00, 0x00, 0x00, 0x02, 0x02, 0x00, 0x00, 0x00, 0x00, 0x01, 0x08, 0x00,
        0x45, 0x00, 0x00, 0x6c, 0x00, 0x00, 0x00, 0x00, 0x40, 0x11, 0x66, 0x7f, 0x0a, 0x00,
        0x00, 0x01, 0x0a, 0x00, 0x00, 0x02, 0xc0, 0x00, 0x17, 0xc1, 0x00, 0x58, 0xbc, 0x80,
        0x04, 0x00, 0x65, 0x58, 0x00, 0xab, 0xcd, 0x00, 0x01, 0x07, 0x81, 0x02, 0x11, 0x22,
        0x33, 0x44, 0x55, 0x66, 0x77, 0x88, 0xff, 0xff, 0x02, 0x00, 0x02, 0x00, 0x00, 0x00,
        0x00, 0x03, 0x02, 0x00, 0x00, 0x00, 0x00, 0x04, 0x08, 0x00, 0x45, 0x00, 0x00, 0x2a,
        0x00, 0x00, 0x00, 0x00, 0x40, 0x06, 0xf9, 0x7a, 0xc0, 0xa8, 0x00, 0x01, 0xc0, 0xa8,
        0x00, 0x02, 0x04, 0xd2, 0x00, 0x50, 0x00, 0x00, 0x00, 0x01, 0x00, 0x00, 0x00, 0x00,
        0x50, 0x18, 0x20, 0x00, 0x90, 0xda, 0x00, 0x00, 0x78, 0x79,
};

static const uint8_t f_mpls[] = {
        0x02, 0x00, 0x00, 0x00, 0x00, 0x02, 0x02, 0x00, 0x00, 0x00, 0x00, 0x01, 0x08, 0x00, 0x45,
        0x00, 0x00, 0x58, 0x00, 0x00, 0x00, 0x00, 0x40, 0x11, 0x66, 0x93, 0x0a, 0x00, 0x00, 0x01,
        0x0a, 0x00, 0x00, 0x02, 0x00, 0x01, 0x19, 0xeb, 0x00, 0x44, 0xd3, 0x16, 0x00, 0x06, 0x40,
        0x40, 0xab, 0xab, 0xa1, 0x3f, 0x60, 0x00, 0x00, 0x00, 0x00, 0x0c, 0x11, 0x40, 0xfd, 0x00,
        0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x01, 0xfd,
        0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x02,
        0x00, 0x07, 0x00, 0x09, 0x00, 0x0c, 0x2b, 0xde, 0x6d, 0x70, 0x6c, 0x73,
};

static const uint8_t f_gpe[] = {
        0x02, 0x00, 0x00, 0x00, 0x00, 0x02, 0x02, 0x00, 0x00, 0x00, 0x00, 0x01, 0x08, 0x00,
        0x45, 0x00, 0x00, 0x44, 0x00, 0x00, 0x00, 0x00, 0x40, 0x11, 0x66, 0xa7, 0x0a, 0x00,
        0x00, 0x01, 0x0a, 0x00, 0x00, 0x02, 0x00, 0x03, 0x12, 0xb6, 0x00, 0x30, 0x6e, 0x97,
        0x0c, 0x00, 0x00, 0x01, 0xcd, 0xab, 0x12, 0x00, 0x45, 0x00, 0x00, 0x20, 0x00, 0x00,
        0x00, 0x00, 0x40, 0x11, 0xf9, 0x79, 0xc0, 0xa8, 0x00, 0x01, 0xc0, 0xa8, 0x00, 0x02,
        0x03, 0xe8, 0x07, 0xd0, 0x00, 0x0c, 0xae, 0x03, 0x61, 0x62, 0x63, 0x64,
};

static void expect_clean(const uint8_t *f, uint32_t n, struct sdpa_pkt_info *info)
{
	sdpa_parse(f, n, info);
	assert_null(pkt_invariant(info, n));
	assert_int_equal(info->flags, 0);
	assert_true(info->outer.ip4_checksum_ok);
	assert_true(sdpa_pkt_l4_csum_ok(f, n, info, false) || info->outer.l4_type == SDPA_L4_OTHER);
}

static void test_tunnel_types(void **state)
{
	struct sdpa_pkt_info info;
	(void)state;

	/* GTP-U with a PDU session container */
	expect_clean(f_gtp, sizeof(f_gtp), &info);
	assert_int_equal(info.tun.type, SDPA_TUN_GTPU);
	assert_int_equal(info.tun.off, 42);
	assert_int_equal(info.tun.hlen, 16);
	assert_int_equal(info.tun.gtp_teid, htobe32(0x01020304));
	assert_int_equal(info.tun.gtp_next_ext_hdr_type, 0x85);
	assert_true(info.tun.gtp_has_psc);
	assert_int_equal(info.tun.gtp_psc_qfi, 9);
	assert_int_equal(info.inner.l3_off, 58);
	assert_int_equal(info.inner.l3_type, SDPA_L3_IP4);
	assert_int_equal(info.inner.l4_type, SDPA_L4_UDP);
	assert_int_equal(info.inner.udp.l4_port.dst_port, htobe16(2000));
	assert_true(info.inner.ip4_checksum_ok);
	assert_true(sdpa_pkt_l4_csum_ok(f_gtp, sizeof(f_gtp), &info, true));

	/* GRE with checksum and key words, carrying Ethernet */
	expect_clean(f_gre, sizeof(f_gre), &info);
	assert_int_equal(info.tun.type, SDPA_TUN_GRE);
	assert_int_equal(info.tun.off, 34);
	assert_int_equal(info.tun.hlen, 12);
	assert_true(info.tun.gre_key_present);
	assert_int_equal(info.tun.gre_key, htobe32(0x12345678));
	assert_int_equal(info.tun.gre_protocol, htobe16(0x6558));
	assert_int_equal(info.inner.l2_off, 46);
	assert_int_equal(info.inner.eth.dst_mac[5], 3);
	assert_int_equal(info.inner.l4_type, SDPA_L4_TCP);
	assert_true(sdpa_pkt_l4_csum_ok(f_gre, sizeof(f_gre), &info, true));
	/* the GRE checksum word covers GRE header + payload */
	assert_int_equal(sdpa_csum_fold(sdpa_csum_partial(f_gre + 34, sizeof(f_gre) - 34, 0)), 0);

	/* GENEVE with two options (2 data words, then none) */
	expect_clean(f_geneve, sizeof(f_geneve), &info);
	assert_int_equal(info.tun.type, SDPA_TUN_GENEVE);
	assert_int_equal(info.tun.hlen, 8 + 16);
	assert_int_equal(info.tun.geneve_opt_words, 4);
	assert_int_equal(info.tun.geneve_hdr[5], 0xab);
	assert_int_equal(info.geneve_opts[0], htobe32(0x01078102));
	assert_int_equal(info.geneve_opts[2], htobe32(0x55667788));
	assert_int_equal(info.geneve_opts[3], htobe32(0xffff0200));
	assert_int_equal(info.inner.l2_off, 42 + 24);
	assert_int_equal(info.inner.l4_type, SDPA_L4_TCP);

	/* MPLS over UDP, two labels, IPv6 payload found by its version nibble */
	expect_clean(f_mpls, sizeof(f_mpls), &info);
	assert_int_equal(info.tun.type, SDPA_TUN_MPLS_O_UDP);
	assert_int_equal(info.tun.mpls_n, 2);
	assert_int_equal(info.tun.mpls[0], htobe32(100u << 12 | 64));
	assert_int_equal(info.tun.mpls[1], htobe32(0xababau << 12 | 1u << 8 | 63));
	assert_int_equal(info.inner.l3_type, SDPA_L3_IP6);
	assert_int_equal(info.inner.l4_type, SDPA_L4_UDP);
	assert_true(sdpa_pkt_l4_csum_ok(f_mpls, sizeof(f_mpls), &info, true));

	/* VXLAN-GPE carrying IPv4 */
	expect_clean(f_gpe, sizeof(f_gpe), &info);
	assert_int_equal(info.tun.type, SDPA_TUN_VXLAN);
	assert_int_equal(info.tun.vxlan_type, 1);
	assert_int_equal(info.tun.vxlan_gpe_next_protocol, 1);
	assert_int_equal(info.tun.vxlan_flags, 0x0c);
	assert_int_equal(sdpa_pkt_vni(&info), 0xcdab12);
	assert_int_equal(info.inner.l3_off, 50);
	assert_int_equal(info.inner.l2_off, 50);
	assert_int_equal(info.inner.l4_type, SDPA_L4_UDP);
}

/* Every cut of every tunnel frame keeps the invariants, and a cut inside the tunnel
 * header is reported as that header's truncation. */
static void test_tunnel_truncation(void **state)
{
	static const struct {
		const uint8_t *f;
		uint32_t n, off, hlen, err;
	} t[] = {
	        {f_gtp, sizeof(f_gtp), 42, 16, SDPA_PKT_ERR_GTPU_TRUNC},
	        {f_gre, sizeof(f_gre), 34, 12, SDPA_PKT_ERR_GRE_TRUNC},
	        {f_geneve, sizeof(f_geneve), 42, 24, SDPA_PKT_ERR_GENEVE_TRUNC},
	        {f_mpls, sizeof(f_mpls), 42, 8, SDPA_PKT_ERR_MPLS_TRUNC},
	        {f_gpe, sizeof(f_gpe), 42, 8, SDPA_PKT_ERR_VXLAN_TRUNC},
	};
	struct sdpa_pkt_info info;
	uint8_t buf[256];
	(void)state;

	for (size_t i = 0; i < SDPA_ARRAY_SIZE(t); i++) {
		for (uint32_t cut = 0; cut <= t[i].n; cut++) {
			/* a copy of exactly 'cut' bytes: ASan sees any read past it */
			uint8_t *f = malloc(cut ? cut : 1);
			assert_non_null(f);
			memcpy(f, t[i].f, cut);
			sdpa_parse(f, cut, &info);
			assert_null(pkt_invariant(&info, cut));
			if (cut > t[i].off && cut < t[i].off + t[i].hlen) {
				assert_true(info.flags & SDPA_PKT_TRUNCATED);
				assert_int_equal(info.error, t[i].err);
				assert_false(info.flags & SDPA_PKT_ERR_IN_INNER);
			}
			free(f);
		}
	}
	/* GENEVE option whose length runs past the options length: malformed */
	memcpy(buf, f_geneve, sizeof(f_geneve));
	buf[42 + 8 + 3] = 5; /* first option: 5 data words, only 3 words remain */
	sdpa_parse(buf, sizeof(f_geneve), &info);
	assert_null(pkt_invariant(&info, sizeof(f_geneve)));
	assert_true(info.flags & SDPA_PKT_MALFORMED);
	assert_int_equal(info.error, SDPA_PKT_ERR_GENEVE_OPT);
	assert_int_equal(info.inner.l2_off, 0);
	/* GTP-U extension header of length 0: malformed, no inner parse */
	memcpy(buf, f_gtp, sizeof(f_gtp));
	buf[54] = 0;
	sdpa_parse(buf, sizeof(f_gtp), &info);
	assert_int_equal(info.error, SDPA_PKT_ERR_GTPU_EXT);
	assert_int_equal(info.inner.l3_type, SDPA_L3_NONE);
	/* A GTP-U message that is not a G-PDU (echo request) carries no inner packet */
	buf[54] = 1;
	buf[43] = 1;
	sdpa_parse(buf, sizeof(f_gtp), &info);
	assert_int_equal(info.tun.type, SDPA_TUN_GTPU);
	assert_int_equal(info.inner.l3_type, SDPA_L3_NONE);
	/* GRE version 1 (PPTP) is not a tunnel */
	memcpy(buf, f_gre, sizeof(f_gre));
	buf[35] = 1;
	sdpa_parse(buf, sizeof(f_gre), &info);
	assert_int_equal(info.tun.type, SDPA_TUN_NONE);
	assert_int_equal(info.outer.l4_type, SDPA_L4_OTHER);
	/* Six MPLS labels: the sixth is beyond DOCA's five, UNSUPPORTED */
	memset(buf, 0, sizeof(buf));
	memcpy(buf, f_mpls, 42);
	sdpa_put_be16(buf + 16, 20 + 8 + 24 + 20);
	sdpa_put_be16(buf + 38, 8 + 24 + 20);
	for (int l = 0; l < 6; l++)
		sdpa_put_be32(buf + 42 + 4 * l, (uint32_t)(16 + l) << 12 | (l == 5 ? 0x100u : 0u));
	buf[66] = 0x45;
	sdpa_parse(buf, 14 + 20 + 8 + 24 + 20, &info);
	assert_null(pkt_invariant(&info, 14 + 20 + 8 + 24 + 20));
	assert_true(info.flags & SDPA_PKT_UNSUPPORTED);
	assert_int_equal(info.error, SDPA_PKT_ERR_MPLS_DEPTH);
	assert_int_equal(info.tun.mpls_n, 5);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	        cmocka_unit_test(test_ipv4_udp),
	        cmocka_unit_test(test_ipv4_options_tcp),
	        cmocka_unit_test(test_vlans),
	        cmocka_unit_test(test_ipv6_ext_headers),
	        cmocka_unit_test(test_vxlan_inner_ipv6_tcp),
	        cmocka_unit_test(test_icmp),
	        cmocka_unit_test(test_fragments),
	        cmocka_unit_test(test_non_ip_and_padding),
	        cmocka_unit_test(test_round_trip_all),
	        cmocka_unit_test(test_checksums),
	        cmocka_unit_test(test_short_frames),
	        cmocka_unit_test(test_truncated_each_header),
	        cmocka_unit_test(test_truncated_vxlan_every_byte),
	        cmocka_unit_test(test_malformed_table),
	        cmocka_unit_test(test_vlan_edge_cases),
	        cmocka_unit_test(test_inner_errors),
	        cmocka_unit_test(test_ip_in_ip),
	        cmocka_unit_test(test_tunnel_types),
	        cmocka_unit_test(test_tunnel_truncation),
	        cmocka_unit_test(test_random_garbage),
	        cmocka_unit_test(test_mutated_frames),
	        cmocka_unit_test(test_error_names),
	        cmocka_unit_test(test_esp),
	        cmocka_unit_test(test_roce_bth),
	        cmocka_unit_test(test_builder_errors),
	};
	return cmocka_run_group_tests_name("parser", tests, NULL, NULL);
}
