/* SPDX-License-Identifier: BSD-3-Clause
 * Compiled matching (issue 12): the offset parse (sdpa_parse_lite) and the view groups it
 * fills (sdpa_view_lite) against the full parse and view (sdpa_parse, sdpa_view_build), on
 * random well-formed frames, frames with broken bytes, truncated frames and random bytes.
 * Whenever the offset parse takes a frame, the bytes it writes and the keys, selectors and
 * constants of compiled matches must equal the generic path's; any difference fails.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "flow_t.h"
#include "nic/flow_priv.h"
#include "nic/frame_builder.h"
#include "nic/packet.h"

static uint64_t rng = 0x9e3779b97f4a7c15ull;

static uint32_t rnd(void)
{
	rng ^= rng << 13;
	rng ^= rng >> 7;
	rng ^= rng << 17;
	return (uint32_t)(rng >> 16);
}

static uint32_t pick(const uint32_t *v, uint32_t n)
{
	return v[rnd() % n];
}

/* A random frame: mostly well-formed ones of every shape the parser knows, then with bytes
 * broken, cut short, or random bytes behind an IP EtherType. */
static uint32_t random_frame(uint8_t *buf, uint32_t cap)
{
	static const uint32_t ports[] = {53,   80,   4789, 4790, 6081, 2152,
	                                 6635, 4791, 1000, 443,  12345};
	static const uint32_t protos[] = {0, 0, 0, 0, 1, 4, 41, 47, 50, 58, 59, 132, 0};
	static const uint32_t exts[] = {SDPA_IPPROTO_HOPOPTS, SDPA_IPPROTO_ROUTING,
	                                SDPA_IPPROTO_DSTOPTS, SDPA_IPPROTO_FRAGMENT};
	struct sdpa_frame_spec s, in;
	uint32_t len, kind = rnd() % 16;

	if (kind == 0) { /* random bytes behind an Ethernet header */
		len = rnd() % 120;
		for (uint32_t i = 0; i < len; i++)
			buf[i] = (uint8_t)rnd();
		if (len >= 14) {
			static const uint32_t et[] = {0x0800, 0x86dd, 0x8100, 0x88a8, 0x0806};
			uint32_t t = pick(et, 5);

			buf[12] = (uint8_t)(t >> 8);
			buf[13] = (uint8_t)t;
		}
		return len;
	}
	memset(&s, 0, sizeof(s));
	for (int i = 0; i < 6; i++) {
		s.dst_mac[i] = (uint8_t)rnd();
		s.src_mac[i] = (uint8_t)rnd();
	}
	s.nr_vlans = (uint8_t)(rnd() % 4 == 0 ? rnd() % 3 : 0);
	for (int i = 0; i < 2; i++) {
		s.vlan_tci[i] = (uint16_t)rnd();
		s.vlan_tpid[i] = rnd() % 2 ? 0x8100 : 0x88a8;
	}
	s.l3 = (uint8_t)(rnd() % 8 == 0   ? SDPA_L3_NONE
	                 : rnd() % 3 == 0 ? SDPA_L3_IP6
	                                  : SDPA_L3_IP4);
	s.ip4_src = rnd();
	s.ip4_dst = rnd();
	for (int i = 0; i < 16; i++) {
		s.ip6_src[i] = (uint8_t)rnd();
		s.ip6_dst[i] = (uint8_t)rnd();
	}
	s.dscp = (uint8_t)(rnd() % 64);
	s.ecn = (uint8_t)(rnd() % 4);
	s.ttl = (uint8_t)rnd();
	s.flow_label = rnd() & 0xfffff;
	s.ip_id = (uint16_t)rnd();
	s.ip_df = rnd() % 2;
	if (rnd() % 10 == 0) {
		s.more_frags = rnd() % 2;
		s.frag_offset = (uint16_t)(rnd() % 3);
	}
	if (s.l3 == SDPA_L3_IP4 && rnd() % 5 == 0)
		s.ip4_opt_len = (uint8_t)(4 * (rnd() % 11));
	if (s.l3 == SDPA_L3_IP6 && rnd() % 5 == 0) {
		s.nr_ip6_ext = (uint8_t)(1 + rnd() % 2);
		for (int i = 0; i < s.nr_ip6_ext; i++)
			s.ip6_ext[i] = (uint8_t)pick(exts, 4);
	}
	if ((s.more_frags || s.frag_offset) && s.l3 == SDPA_L3_IP6) {
		s.nr_ip6_ext = 1;
		s.ip6_ext[0] = SDPA_IPPROTO_FRAGMENT;
	}
	if (s.l3 != SDPA_L3_NONE) {
		static const uint32_t l4s[] = {SDPA_L4_TCP,  SDPA_L4_UDP,   SDPA_L4_UDP,
		                               SDPA_L4_ICMP, SDPA_L4_OTHER, SDPA_L4_NONE};
		s.l4 = (uint8_t)pick(l4s, 6);
		if (s.l4 == SDPA_L4_ICMP && s.l3 == SDPA_L3_IP6)
			s.l4 = SDPA_L4_ICMP6;
		if (s.l4 == SDPA_L4_OTHER || s.l4 == SDPA_L4_NONE)
			s.ip_proto = (uint8_t)pick(protos, 13);
		if (s.ip_proto == 0 && s.l4 == SDPA_L4_OTHER)
			s.ip_proto = 132;
	} else if (rnd() % 2) {
		s.ethertype = (uint16_t)(rnd() % 2 ? 0x0806 : 0x8847);
	}
	s.src_port = (uint16_t)pick(ports, 11);
	s.dst_port = (uint16_t)pick(ports, 11);
	s.tcp_flags = (uint8_t)rnd();
	s.tcp_seq = rnd();
	s.tcp_ack = rnd();
	if (rnd() % 4 == 0)
		s.tcp_opt_len = (uint8_t)(4 * (rnd() % 11));
	s.icmp_type = (uint8_t)rnd();
	s.icmp_code = (uint8_t)rnd();
	s.icmp_ident = (uint16_t)rnd();
	s.payload_len = rnd() % 40;
	if (s.l4 == SDPA_L4_UDP && rnd() % 6 == 0) {
		memset(&in, 0, sizeof(in));
		in.l3 = SDPA_L3_IP4;
		in.l4 = SDPA_L4_TCP;
		in.ip4_src = rnd();
		s.vxlan_inner = &in;
		s.dst_port = 4789;
	}
	len = sdpa_frame_build(&s, buf, cap);
	if (len == 0)
		return 0;
	if (kind <= 4) { /* break a few header bytes */
		uint32_t n = 1 + rnd() % 3;

		for (uint32_t i = 0; i < n; i++) {
			uint32_t at = rnd() % (len < 90 ? len : 90);

			buf[at] = rnd() % 2 ? (uint8_t)rnd()
			                    : (uint8_t)(buf[at] ^ (1u << (rnd() % 8)));
		}
	} else if (kind <= 8) { /* cut short */
		len = rnd() % (len + 1);
	}
	return len;
}

/* What every view of a packet holds before its parse (process_pkt): the same in both. */
static void view_start(struct doca_flow_match *m, bool garbage)
{
	uint8_t *b = (uint8_t *)m;

	for (size_t i = 0; i < sizeof(*m); i++)
		b[i] = garbage ? (uint8_t)rnd() : 0;
	memset(&m->meta, 0x5a, sizeof(m->meta));
	m->parser_meta.port_id = 3;
	m->parser_meta.random = 0x1234;
	m->parser_meta.meter_color = DOCA_FLOW_METER_COLOR_YELLOW;
	if (!garbage)
		return;
	/* sdpa_view_build clears tun/inner only when the frame or the last view had a
	 * tunnel; a view never has garbage there (sdpa_view_lite never writes them). */
	memset(&m->tun, 0, sizeof(*m) - offsetof(struct doca_flow_match, tun));
}

enum { NT = 14 };
static struct sdpa_match_tmpl tm[NT];

static void compile(uint32_t i, const struct doca_flow_match *match,
                    const struct doca_flow_match *mask, bool literal)
{
	assert_int_equal(sdpa_match_compile(match, mask, literal, "test", &tm[i]), DOCA_SUCCESS);
	assert_true(tm[i].lite & SDPA_LV_ON);
}

/* Matches of each view group, with constants (literal: CONTROL-style) and per-entry bytes. */
static void compile_templates(void)
{
	struct doca_flow_match m, k;

	memset(&m, 0, sizeof(m)); /* 0: like bench_flow's case a */
	m.outer.l3_type = DOCA_FLOW_L3_TYPE_IP4;
	m.outer.ip4.dst_ip = 0xffffffff;
	compile(0, &m, NULL, false);

	memset(&m, 0, sizeof(m)); /* 1: a TCP 5-tuple */
	m.outer.l3_type = DOCA_FLOW_L3_TYPE_IP4;
	m.outer.l4_type_ext = DOCA_FLOW_L4_TYPE_EXT_TCP;
	m.outer.ip4.src_ip = 0xffffffff;
	m.outer.ip4.dst_ip = 0xffffffff;
	m.outer.tcp.l4_port.src_port = 0xffff;
	m.outer.tcp.l4_port.dst_port = 0xffff;
	compile(1, &m, NULL, false);

	memset(&m, 0, sizeof(m)); /* 2: IPv6 fields, UDP ports */
	memset(&k, 0, sizeof(k));
	m.outer.l3_type = DOCA_FLOW_L3_TYPE_IP6;
	m.outer.l4_type_ext = DOCA_FLOW_L4_TYPE_EXT_UDP;
	memset(k.outer.ip6.src_ip, 0xff, 16);
	memset(k.outer.ip6.dst_ip, 0xf0, 16);
	k.outer.ip6.traffic_class = 0xff;
	k.outer.ip6.flow_label = 0xffffffff;
	k.outer.ip6.hop_limit = 0xff;
	k.outer.ip6.payload_len = 0xffff;
	k.outer.ip6.next_proto = 0xff;
	k.outer.udp.l4_port.src_port = 0xffff;
	k.outer.udp.l4_port.dst_port = 0x0fff;
	compile(2, &m, &k, false);

	memset(&m, 0, sizeof(m)); /* 3: L2 */
	memset(m.outer.eth.dst_mac, 0xff, 6);
	memset(m.outer.eth.src_mac, 0xff, 6);
	m.outer.eth.type = 0xffff;
	m.outer.l2_valid_headers = 0xffff;
	m.outer.eth_vlan[0].tci = 0xffff;
	m.outer.eth_vlan[1].tci = 0xffff;
	compile(3, &m, NULL, false);

	memset(&m, 0, sizeof(m)); /* 4: parser metadata, the IPv4 checksum included */
	memset(&k, 0, sizeof(k));
	k.parser_meta.outer_l2_type = 0xffffffff;
	k.parser_meta.outer_l3_type = 0xffffffff;
	k.parser_meta.outer_l4_type = 0xffffffff;
	k.parser_meta.outer_ip_fragmented = 0xff;
	k.parser_meta.outer_l3_ok = 0xff;
	k.parser_meta.outer_ip4_checksum_ok = 0xff;
	k.parser_meta.outer_l4_ok = 0xff;
	k.parser_meta.inner_l3_ok = 0xff;
	k.parser_meta.inner_l4_type = 0xffffffff;
	compile(4, &m, &k, false);
	assert_true(tm[4].lite & SDPA_LV_CSUM);

	memset(&m, 0, sizeof(m)); /* 5: TRANSPORT ports */
	m.outer.l4_type_ext = DOCA_FLOW_L4_TYPE_EXT_TRANSPORT;
	m.outer.transport.src_port = 0xffff;
	m.outer.transport.dst_port = 0xffff;
	compile(5, &m, NULL, false);

	memset(&m, 0, sizeof(m)); /* 6: ICMP */
	m.outer.l3_type = DOCA_FLOW_L3_TYPE_IP4;
	m.outer.l4_type_ext = DOCA_FLOW_L4_TYPE_EXT_ICMP;
	m.outer.icmp.type = 0xff;
	m.outer.icmp.code = 0xff;
	m.outer.icmp.ident = 0xffff;
	compile(6, &m, NULL, false);

	memset(&m, 0, sizeof(m)); /* 7: the rest of TCP, per entry */
	memset(&k, 0, sizeof(k));
	m.outer.l4_type_ext = DOCA_FLOW_L4_TYPE_EXT_TCP;
	k.outer.tcp.flags = 0xff;
	k.outer.tcp.data_offset = 0xf0;
	k.outer.tcp.seq_num = 0xffffffff;
	k.outer.tcp.ack_num = 0xffff0000;
	compile(7, &m, &k, false);

	memset(&m, 0, sizeof(m)); /* 8: every IPv4 field, no selector */
	memset(&m.outer.ip4, 0xff, sizeof(m.outer.ip4));
	compile(8, &m, NULL, false);

	memset(&m, 0, sizeof(m)); /* 9: constants (a CONTROL entry's literal match) */
	memset(&k, 0, sizeof(k));
	m.outer.l3_type = DOCA_FLOW_L3_TYPE_IP4;
	m.outer.ip4.next_proto = 17;
	k.outer.ip4.next_proto = 0xff;
	m.outer.udp.l4_port.dst_port = 0x3500; /* 53 */
	k.outer.udp.l4_port.dst_port = 0xffff;
	m.outer.eth.type = 0x0008;
	k.outer.eth.type = 0xffff;
	compile(9, &m, &k, true);
	assert_int_not_equal(tm[9].ncsegs, 0);

	memset(&m, 0, sizeof(m)); /* 10: meta, port and the L4 type only */
	memset(&k, 0, sizeof(k));
	k.meta.pkt_meta = 0xffffffff;
	k.parser_meta.port_id = 0xffff;
	m.outer.l4_type_ext = DOCA_FLOW_L4_TYPE_EXT_UDP;
	compile(10, &m, &k, false);
	assert_int_equal(tm[10].lite, SDPA_LV_ON | SDPA_LV_L4);

	memset(&m, 0, sizeof(m)); /* 11: IPv6 with its next header as a constant */
	memset(&k, 0, sizeof(k));
	m.outer.l3_type = DOCA_FLOW_L3_TYPE_IP6;
	m.outer.ip6.next_proto = 6;
	k.outer.ip6.next_proto = 0xff;
	k.outer.ip6.dst_ip[3] = 0xffffffff;
	compile(11, &m, &k, true);

	memset(&m, 0, sizeof(m)); /* 12: MACs and the EtherType (after any VLAN tags) */
	memset(m.outer.eth.dst_mac, 0xff, 6);
	memset(m.outer.eth.src_mac, 0xff, 6);
	m.outer.eth.type = 0xffff;
	compile(12, &m, NULL, false);

	memset(&m, 0, sizeof(m)); /* 13: UDP ports under both selectors, a port mask */
	memset(&k, 0, sizeof(k));
	m.outer.l3_type = DOCA_FLOW_L3_TYPE_IP6;
	m.outer.l4_type_ext = DOCA_FLOW_L4_TYPE_EXT_UDP;
	k.outer.udp.l4_port.dst_port = 0xff0f;
	k.outer.udp.l4_port.src_port = 0xffff;
	k.outer.ip6.hop_limit = 0x0f;
	compile(13, &m, &k, false);

	/* the ones direct extraction takes (the others use sdpa_view_lite) */
	static const bool cx[NT] = {true, true,  false, false, false, true, true,
	                            true, false, false, true,  true,  true, true};
	for (uint32_t i = 0; i < NT; i++)
		if ((tm[i].cx_n != 0) != cx[i])
			fail_msg("match %u: direct extraction %u, expected %u", i, tm[i].cx_n,
			         cx[i]);
}

/* Matches the compiled path must leave to the full parse. */
static void test_not_compiled(void **state)
{
	struct doca_flow_match m, k;
	struct sdpa_match_tmpl t;

	(void)state;
	memset(&m, 0, sizeof(m)); /* inner headers */
	m.tun.type = DOCA_FLOW_TUN_VXLAN;
	m.inner.l3_type = DOCA_FLOW_L3_TYPE_IP4;
	m.inner.ip4.dst_ip = 0xffffffff;
	assert_int_equal(sdpa_match_compile(&m, NULL, false, "test", &t), DOCA_SUCCESS);
	assert_int_equal(t.lite, 0);
	memset(&m, 0, sizeof(m)); /* the tunnel type only */
	m.tun.type = DOCA_FLOW_TUN_VXLAN;
	assert_int_equal(sdpa_match_compile(&m, NULL, false, "test", &t), DOCA_SUCCESS);
	assert_int_equal(t.lite, 0);
	memset(&m, 0, sizeof(m)); /* L4 checksum: a pass over the payload */
	memset(&k, 0, sizeof(k));
	k.parser_meta.outer_l4_checksum_ok = 0xff;
	assert_int_equal(sdpa_match_compile(&m, &k, false, "test", &t), DOCA_SUCCESS);
	assert_int_equal(t.lite, 0);
	memset(&k, 0, sizeof(k)); /* meta only: no parse at all */
	k.meta.u32[0] = 0xffffffff;
	assert_int_equal(sdpa_match_compile(&m, &k, false, "test", &t), DOCA_SUCCESS);
	assert_int_equal(t.lite, 0);
	assert_false(t.needs_parse);
}

/* The offset parse against the full parse, and every view group against the full view. */
static void test_differential(void **state)
{
	enum { FRAMES = 120000, CAP = 512 };
	static const size_t pm = offsetof(struct doca_flow_match, parser_meta);
	static const size_t tun = offsetof(struct doca_flow_match, tun);
	uint8_t *buf = malloc(CAP);
	struct sdpa_pkt_info info;
	struct doca_flow_match full, lite;
	uint32_t taken = 0, taken4 = 0, taken6 = 0, takenv = 0, tcp = 0, udp = 0, icmp = 0;
	uint32_t frames = 0, keys = 0, hits = 0, cx_keys = 0;

	(void)state;
	assert_non_null(buf);
	compile_templates();
	for (uint32_t n = 0; n < FRAMES; n++) {
		uint32_t len = random_frame(buf, CAP);
		struct sdpa_pkt_lite o;
		bool ok;
		/* an exact-size copy: ASan sees any read past the frame */
		uint8_t *f = malloc(len ? len : 1);

		assert_non_null(f);
		memcpy(f, buf, len);
		frames++;
		sdpa_parse(f, len, &info);
		ok = sdpa_parse_lite(f, len, &o);
		view_start(&full, false);
		sdpa_view_build(&full, &info);
		view_start(&lite, true);
		assert_int_equal(sdpa_view_lite(&lite, f, len, 0xff), ok);
		if (ok) {
			taken++;
			taken4 += o.l3_type == SDPA_L3_IP4;
			taken6 += o.l3_type == SDPA_L3_IP6;
			takenv += o.nvlan != 0;
			tcp += o.l4_type == SDPA_L4_TCP;
			udp += o.l4_type == SDPA_L4_UDP;
			icmp += o.l4_type == SDPA_L4_ICMP || o.l4_type == SDPA_L4_ICMP6;
			assert_int_equal(info.error, SDPA_PKT_OK);
			assert_int_equal(info.flags, 0);
			assert_int_equal(info.tun.type, SDPA_TUN_NONE);
			assert_int_equal(o.l3_type, info.outer.l3_type);
			assert_int_equal(o.l4_type, info.outer.l4_type);
			assert_int_equal(o.l3_off, info.outer.l3_off);
			if (o.l3_type != SDPA_L3_NONE)
				assert_int_equal(o.l4_off, info.outer.l4_off);
			assert_int_equal(o.nvlan, info.outer.l2_type == SDPA_L2_NO_VLAN       ? 0
			                          : info.outer.l2_type == SDPA_L2_SINGLE_VLAN ? 1
			                                                                      : 2);
			/* every group: the bytes of the full view, exactly */
			if (memcmp((uint8_t *)&full + pm, (uint8_t *)&lite + pm, tun - pm) != 0) {
				for (size_t i = pm; i < tun; i++)
					if (((uint8_t *)&full)[i] != ((uint8_t *)&lite)[i])
						fail_msg("frame %u (len %u): view byte %zu: full "
						         "%#x, "
						         "compiled %#x",
						         n, len, i, ((uint8_t *)&full)[i],
						         ((uint8_t *)&lite)[i]);
			}
			assert_memory_equal(&full.meta, &lite.meta, sizeof(full.meta));
		} else {
			/* a frame the offset parse leaves alone: the view is untouched */
			assert_int_equal(lite.parser_meta.port_id, 3);
		}
		/* Each compiled match alone (only its groups written, the rest garbage):
		 * selectors, constants and key as the generic path gets them. */
		for (uint32_t t = 0; t < NT; t++) {
			uint8_t k1[SDPA_FLOW_KEY_MAX], k2[SDPA_FLOW_KEY_MAX];
			bool s1, s2;

			view_start(&lite, true);
			if (!sdpa_view_lite(&lite, f, len, tm[t].lite)) {
				assert_false(ok);
				if (tm[t].cx_n != 0)
					assert_int_equal(
					        sdpa_match_cx_key(&tm[t], f, len, &full, k2), -1);
				continue;
			}
			s1 = sdpa_match_selectors_ok(&tm[t], (const uint8_t *)&full);
			s2 = sdpa_match_selectors_ok(&tm[t], (const uint8_t *)&lite);
			assert_int_equal(s1, s2);
			assert_int_equal(sdpa_match_consts_ok(&tm[t], (const uint8_t *)&full),
			                 sdpa_match_consts_ok(&tm[t], (const uint8_t *)&lite));
			sdpa_match_key(&tm[t], (const uint8_t *)&full, k1);
			sdpa_match_key(&tm[t], (const uint8_t *)&lite, k2);
			if (memcmp(k1, k2, tm[t].klen) != 0)
				fail_msg("frame %u (len %u), match %u: keys differ", n, len, t);
			keys++;
			hits += s1;
			if (tm[t].cx_n != 0) {
				/* direct extraction: the same verdict and key as the full view */
				int r;

				memset(k2, 0xa5, sizeof(k2));
				r = sdpa_match_cx_key(&tm[t], f, len, &full, k2);
				assert_int_equal(r, s1 ? 1 : 0);
				if (r == 1 && memcmp(k1, k2, tm[t].klen) != 0)
					fail_msg("frame %u (len %u), match %u: direct key differs",
					         n, len, t);
				cx_keys += r == 1;
				/* into the view (HASH pipes): the same verdict, key and
				 * constants, the rest of the view garbage */
				view_start(&lite, true);
				assert_int_equal(sdpa_match_cx_view(&tm[t], f, len, &lite), r);
				if (r == 1) {
					sdpa_match_key(&tm[t], (const uint8_t *)&lite, k2);
					if (memcmp(k1, k2, tm[t].klen) != 0)
						fail_msg("frame %u, match %u: view key differs", n,
						         t);
					assert_int_equal(sdpa_match_consts_ok(
					                         &tm[t], (const uint8_t *)&full),
					                 sdpa_match_consts_ok(
					                         &tm[t], (const uint8_t *)&lite));
				}
			}
		}
		free(f);
	}
	printf("cmatch: %u frames, %u taken by the offset parse (ipv4 %u, ipv6 %u, vlan %u; "
	       "tcp %u, udp %u, icmp %u), %u keys compared, %u with selectors passing, %u "
	       "direct keys\n",
	       frames, taken, taken4, taken6, takenv, tcp, udp, icmp, keys, hits, cx_keys);
	/* not vacuous: most well-formed frames take the compiled path, of every kind */
	assert_true(taken > FRAMES / 5);
	assert_true(taken4 > 1000 && taken6 > 1000 && takenv > 1000);
	assert_true(tcp > 1000 && udp > 1000 && icmp > 500);
	assert_true(hits > 10000);
	assert_true(cx_keys > 10000);
	free(buf);
}

/* The offset parse never reads past the frame: every cut of a few frames, in exact-size
 * buffers (ASan builds see an over-read). */
static void test_every_cut(void **state)
{
	uint8_t buf[256];

	(void)state;
	for (uint32_t n = 0; n < 300; n++) {
		uint32_t len = random_frame(buf, sizeof(buf));

		for (uint32_t cut = 0; cut <= len; cut++) {
			uint8_t *f = malloc(cut ? cut : 1);
			struct sdpa_pkt_lite o;
			struct sdpa_pkt_info info;

			assert_non_null(f);
			memcpy(f, buf, cut);
			if (sdpa_parse_lite(f, cut, &o)) {
				sdpa_parse(f, cut, &info);
				assert_int_equal(info.error, SDPA_PKT_OK);
				assert_true(o.l3_off <= cut && o.l4_off <= cut);
			}
			free(f);
		}
	}
}

/* An entry's key (sdpa_match_entry_key) by words, as the byte-by-byte definition gives
 * it: the entry's bytes where the template takes them, its constants elsewhere, masked;
 * every template, random entries, and no entry at all. */
static void test_entry_key_words(void **state)
{
	uint32_t fast = 0;

	(void)state;
	compile_templates();
	for (uint32_t t = 0; t < NT; t++) {
		fast += tm[t].ek_fast;
		for (uint32_t n = 0; n < 2000; n++) {
			struct doca_flow_match e;
			const uint8_t *eb = (const uint8_t *)&e;
			uint8_t got[SDPA_FLOW_KEY_MAX], want[SDPA_FLOW_KEY_MAX];
			uint32_t k = 0;

			for (size_t i = 0; i < sizeof(e); i++)
				((uint8_t *)&e)[i] = (uint8_t)rnd();
			for (uint32_t g = 0; g < tm[t].nsegs; g++)
				for (uint32_t i = tm[t].segs[g].off;
				     i < (uint32_t)tm[t].segs[g].off + tm[t].segs[g].len;
				     i++, k++) {
					uint8_t v;

					assert_true(i < sizeof(e)); /* no defined fields here */
					v = tm[t].per_entry[i] ? (n == 0 ? 0 : eb[i])
					                       : tm[t].cval[i];
					want[k] = v & tm[t].mask[i];
				}
			assert_int_equal(k, tm[t].klen);
			memset(got, 0xee, sizeof(got));
			sdpa_match_entry_key(&tm[t], n == 0 ? NULL : &e, got);
			assert_memory_equal(got, want, k);
			assert_int_equal(got[k], 0xee); /* nothing written past the key */
		}
	}
	assert_true(fast >= NT / 2);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	        cmocka_unit_test(test_not_compiled),
	        cmocka_unit_test(test_differential),
	        cmocka_unit_test(test_every_cut),
	        cmocka_unit_test(test_entry_key_words),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
