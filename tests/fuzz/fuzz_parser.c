/* SPDX-License-Identifier: BSD-3-Clause
 * libFuzzer target for the packet parser and the frame builders.
 *
 * Every input is used twice:
 *  1. as a raw frame: sdpa_parse() must keep every invariant (pkt_invariants.h, GENEVE
 *     option lists included), be deterministic, and the checksum verifier must stay inside
 *     the frame;
 *  2. as a recipe: the bytes choose a valid sdpa_frame_spec, the builder must accept it,
 *     and parsing the result must give a clean parse with the chosen layers and correct
 *     L4 checksums.
 * A violation prints the rule and traps, which libFuzzer reports as a crash.
 */
#include <stddef.h>
#include <stdio.h>
#include <string.h>

#include "nic/frame_builder.h"
#include "nic/packet.h"
#include "pkt_invariants.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

#define FUZZ_CHECK(cond, ...)                                                                      \
	do {                                                                                       \
		if (!(cond)) {                                                                     \
			fprintf(stderr, "fuzz_parser: " __VA_ARGS__);                              \
			fprintf(stderr, "\n");                                                     \
			__builtin_trap();                                                          \
		}                                                                                  \
	} while (0)

struct reader {
	const uint8_t *p;
	size_t n;
};

static uint8_t rd8(struct reader *r)
{
	if (!r->n)
		return 0;
	r->n--;
	return *r->p++;
}

static uint16_t rd16(struct reader *r)
{
	uint16_t hi = rd8(r);

	return (uint16_t)(hi << 8 | rd8(r));
}

static uint32_t rd32(struct reader *r)
{
	uint32_t hi = rd16(r);

	return hi << 16 | rd16(r);
}

/* Fill one stack of a spec from the input; everything is clamped to a valid value. */
static void spec_stack(struct reader *r, struct sdpa_frame_spec *s)
{
	static const uint8_t l4s[] = {SDPA_L4_TCP,  SDPA_L4_UDP,   SDPA_L4_ICMP,
	                              SDPA_L4_NONE, SDPA_L4_OTHER, SDPA_L4_ESP};
	static const uint8_t exts[] = {SDPA_IPPROTO_HOPOPTS, SDPA_IPPROTO_ROUTING,
	                               SDPA_IPPROTO_DSTOPTS, SDPA_IPPROTO_FRAGMENT};

	memset(s, 0, sizeof(*s));
	for (int i = 0; i < 6; i++) {
		s->dst_mac[i] = rd8(r);
		s->src_mac[i] = rd8(r);
	}
	s->nr_vlans = rd8(r) % 3;
	s->vlan_tci[0] = rd16(r);
	s->vlan_tci[1] = rd16(r);
	s->l3 = (uint8_t)(1 + rd8(r) % 2);
	s->l4 = l4s[rd8(r) % sizeof(l4s)];
	if (s->l4 == SDPA_L4_ICMP && s->l3 == SDPA_L3_IP6)
		s->l4 = SDPA_L4_ICMP6;
	if (s->l4 == SDPA_L4_OTHER)
		s->ip_proto = 132;  /* SCTP: not decoded */
	if (s->l4 == SDPA_L4_ESP) { /* the payload's first 8 bytes are the SPI and SN */
		s->l4 = SDPA_L4_OTHER;
		s->ip_proto = SDPA_IPPROTO_ESP;
	}
	s->ip4_src = rd32(r);
	s->ip4_dst = rd32(r);
	for (int i = 0; i < 16; i++)
		s->ip6_src[i] = rd8(r);
	s->ip6_dst[15] = rd8(r);
	uint8_t b = rd8(r);
	s->dscp = b >> 2;
	s->ecn = b & 3;
	s->ttl = rd8(r);
	s->flow_label = rd32(r) & 0xfffff;
	s->ip_id = rd16(r);
	s->ip4_opt_len = (uint8_t)(rd8(r) % 11 * 4);
	s->tcp_opt_len = (uint8_t)(rd8(r) % 11 * 4);
	if (s->l3 == SDPA_L3_IP6) {
		s->nr_ip6_ext = rd8(r) % 5;
		for (unsigned int i = 0; i < s->nr_ip6_ext; i++)
			s->ip6_ext[i] = exts[rd8(r) % 4];
	}
	b = rd8(r);
	bool has_frag = s->l3 == SDPA_L3_IP4;
	for (unsigned int i = 0; i < s->nr_ip6_ext; i++)
		has_frag |= s->ip6_ext[i] == SDPA_IPPROTO_FRAGMENT;
	if (has_frag && (b & 0x80)) {
		s->more_frags = b & 1;
		s->frag_offset = (uint16_t)((b >> 1) & 7);
		if (s->frag_offset) {
			s->l4 = SDPA_L4_NONE; /* non-first fragment: data only */
			s->ip_proto = SDPA_IPPROTO_UDP;
		}
	}
	s->src_port = rd16(r);
	s->dst_port = rd16(r);
	s->tcp_flags = rd8(r);
	s->tcp_seq = rd32(r);
	s->tcp_ack = rd32(r);
	s->icmp_type = rd8(r);
	s->icmp_code = rd8(r);
	s->icmp_ident = rd16(r);
	s->udp_zero_csum = s->l3 == SDPA_L3_IP4 && (rd8(r) & 1);
}

/* IPv4 MF/offset; IPv6: any fragment header, even an "atomic" one (offset 0, M 0). */
static bool fragmented(const struct sdpa_frame_spec *s)
{
	if (s->l3 == SDPA_L3_IP4)
		return s->more_frags || s->frag_offset;
	for (unsigned int i = 0; i < s->nr_ip6_ext; i++)
		if (s->ip6_ext[i] == SDPA_IPPROTO_FRAGMENT)
			return true;
	return false;
}

static bool csum_expected(const struct sdpa_frame_spec *s)
{
	return !fragmented(s) && s->l4 != SDPA_L4_NONE && s->l4 != SDPA_L4_OTHER;
}

static void check_built(const struct sdpa_frame_spec *s, const struct sdpa_pkt_hdrs *h)
{
	FUZZ_CHECK(h->l3_type == s->l3, "built l3 %u parsed as %u", s->l3, h->l3_type);
	uint8_t want_l4 = s->l4;
	/* protocol 59 means "no next header" to IPv6 only; IPv4 sees an unknown protocol */
	if (want_l4 == SDPA_L4_NONE && s->l3 == SDPA_L3_IP4 && !s->frag_offset)
		want_l4 = SDPA_L4_OTHER;
	if (want_l4 == SDPA_L4_OTHER && s->ip_proto == SDPA_IPPROTO_ESP)
		want_l4 = SDPA_L4_ESP;
	FUZZ_CHECK(h->l4_type == want_l4, "built l4 %u parsed as %u", want_l4, h->l4_type);
	FUZZ_CHECK(h->l2_valid_headers == (1u << s->nr_vlans) - 1, "vlan count lost");
	if (want_l4 == SDPA_L4_ESP) /* payload byte i is i */
		FUZZ_CHECK(h->esp.spi == htobe32(0x00010203) && h->esp.sn == htobe32(0x04050607),
		           "esp spi/sn lost");
	FUZZ_CHECK(h->roce == (s->l4 == SDPA_L4_UDP && s->dst_port == SDPA_ROCEV2_PORT),
	           "roce bth %s", h->roce ? "invented" : "lost");
	FUZZ_CHECK(h->l3_ok && (s->l3 != SDPA_L3_IP4 || h->ip4_checksum_ok), "built ip not ok");
	FUZZ_CHECK(h->ip_fragmented == fragmented(s), "fragment flag wrong");
	if (s->l3 == SDPA_L3_IP4)
		FUZZ_CHECK(h->ip4.src_ip == htobe32(s->ip4_src), "ipv4 src lost");
	else
		FUZZ_CHECK(memcmp(h->ip6.src_ip, s->ip6_src, 16) == 0 &&
		                   h->ip6.flow_label == htobe32(s->flow_label),
		           "ipv6 fields lost");
	if (s->l4 == SDPA_L4_TCP)
		FUZZ_CHECK(h->tcp.seq_num == htobe32(s->tcp_seq) && h->tcp.flags == s->tcp_flags &&
		                   h->payload_off == h->l4_off + 20 + s->tcp_opt_len,
		           "tcp fields lost");
}

static void recipe(const uint8_t *data, size_t size)
{
	static uint8_t buf[SDPA_FRAME_MAX];
	struct sdpa_frame_spec o, in;
	struct reader r = {data, size};
	struct sdpa_pkt_info info;

	spec_stack(&r, &o);
	bool vxlan = (rd8(&r) & 1) && o.l4 == SDPA_L4_UDP;
	if (vxlan) {
		spec_stack(&r, &in);
		o.vxlan_inner = &in;
		o.dst_port = SDPA_VXLAN_PORT;
		o.vni = rd32(&r) & 0xffffff;
	} else {
		/* plain UDP to a tunnel port would be read as that tunnel */
		while (o.dst_port == SDPA_VXLAN_PORT || o.dst_port == SDPA_VXLAN_GPE_PORT ||
		       o.dst_port == SDPA_GENEVE_PORT || o.dst_port == SDPA_GTPU_PORT ||
		       o.dst_port == SDPA_MPLS_UDP_PORT)
			o.dst_port++;
	}
	o.payload_len = rd16(&r) % 1501;
	/* An ESP header or a RoCEv2 BTH is the start of the payload: make room for it (the
	 * raw-bytes pass above covers the cut ones). */
	{
		const struct sdpa_frame_spec *last = vxlan ? &in : &o;
		if (last->ip_proto == SDPA_IPPROTO_ESP && o.payload_len < SDPA_ESP_HLEN)
			o.payload_len = SDPA_ESP_HLEN;
		if (last->l4 == SDPA_L4_UDP && last->dst_port == SDPA_ROCEV2_PORT &&
		    o.payload_len < SDPA_BTH_HLEN)
			o.payload_len = SDPA_BTH_HLEN;
	}

	uint32_t n = sdpa_frame_build(&o, buf, sizeof(buf));
	FUZZ_CHECK(n > 0, "builder rejected a valid spec");
	sdpa_parse(buf, n, &info);
	const char *why = pkt_invariant(&info, n);
	FUZZ_CHECK(!why, "built frame: %s", why);
	FUZZ_CHECK(info.flags == 0, "built frame flagged 0x%x: %s at %u", info.flags,
	           sdpa_pkt_error_name(info.error), info.error_off);
	check_built(&o, &info.outer);
	FUZZ_CHECK(sdpa_pkt_l4_csum_ok(buf, n, &info, false) == csum_expected(&o),
	           "outer l4 checksum verdict wrong");
	FUZZ_CHECK((info.tun.type == SDPA_TUN_VXLAN) == vxlan, "vxlan lost");
	if (vxlan) {
		check_built(&in, &info.inner);
		FUZZ_CHECK(sdpa_pkt_vni(&info) == o.vni, "vni lost");
		FUZZ_CHECK(sdpa_pkt_l4_csum_ok(buf, n, &info, true) == csum_expected(&in),
		           "inner l4 checksum verdict wrong");
	}
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct sdpa_pkt_info info, again;
	uint32_t len = (uint32_t)size;

	if (size > SDPA_FRAME_MAX * 2)
		return 0; /* nothing new to find in longer inputs; keeps the fuzzer fast */

	sdpa_parse(data, len, &info);
	const char *why = pkt_invariant(&info, len);
	FUZZ_CHECK(!why, "raw frame (%u bytes): %s", len, why);
	why = pkt_geneve_opt_invariant(data, len, &info);
	FUZZ_CHECK(!why, "raw frame (%u bytes): %s", len, why);
	memset(&again, 0xa5, sizeof(again));
	sdpa_parse(data, len, &again);
	/* The GENEVE option words past tun.geneve_opt_words are not written by a parse. */
	FUZZ_CHECK(memcmp(&info, &again,
	                  offsetof(struct sdpa_pkt_info, geneve_opts) +
	                          (size_t)info.tun.geneve_opt_words * 4) == 0,
	           "parse is not deterministic");
	bool ok_o = sdpa_pkt_l4_csum_ok(data, len, &info, false);
	bool ok_i = sdpa_pkt_l4_csum_ok(data, len, &info, true);
	FUZZ_CHECK(!ok_o || (info.outer.l3_ok && info.outer.l4_ok), "checksum ok without l3/l4 ok");
	FUZZ_CHECK(!ok_i || info.tun.type != SDPA_TUN_NONE, "inner checksum ok without tunnel");

	recipe(data, size);
	return 0;
}
