/* SPDX-License-Identifier: BSD-3-Clause
 * Writes the parser fuzz seeds (tests/fuzz/corpus/parser/) with the frame builders, one
 * file per protocol path, valid and broken. Deterministic: same code, same bytes.
 *
 *   gen_parser_corpus DIR          write the seeds into DIR
 *   gen_parser_corpus --check DIR  exit 1 unless DIR holds exactly these bytes
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "nic/frame_builder.h"

static void base(struct sdpa_frame_spec *s, uint8_t l3, uint8_t l4)
{
	memset(s, 0, sizeof(*s));
	for (int i = 0; i < 6; i++) {
		s->dst_mac[i] = (uint8_t)(0x02 + i);
		s->src_mac[i] = (uint8_t)(0x12 + i);
	}
	s->l3 = l3;
	s->l4 = l4;
	s->ip4_src = 0x0a000001;
	s->ip4_dst = 0x0a000002;
	s->ip6_src[0] = 0xfd;
	s->ip6_src[15] = 1;
	s->ip6_dst[0] = 0xfd;
	s->ip6_dst[15] = 2;
	s->src_port = 40000;
	s->dst_port = 80;
	s->tcp_flags = 0x18;
	s->tcp_seq = 1;
	s->icmp_type = l4 == SDPA_L4_ICMP6 ? 128 : 8;
	s->payload_len = 16;
}

/* One seed: the outer spec (with an optional inner one), then an optional patch; or a
 * tunnel: 'tun' writes a tunnel header (returns its length) that goes, with the frame of
 * 'make' as its payload, after an outer IPv4 (proto 'ip_proto') or UDP (port 'port'). */
struct seed {
	const char *name;
	void (*make)(struct sdpa_frame_spec *o, struct sdpa_frame_spec *in);
	void (*patch)(uint8_t *f, uint32_t *len);
	uint32_t (*tun)(uint8_t *h);
	uint16_t port;    /* UDP destination port, or 0: */
	uint8_t ip_proto; /* IP protocol after the outer IPv4 */
	uint32_t strip;   /* bytes of the inner frame's front dropped (L3 tunnels: 14) */
	uint32_t cut;     /* 0, or the final length (a truncated seed) */
};

#define MK(n) static void mk_##n(struct sdpa_frame_spec *o, struct sdpa_frame_spec *in)

MK(ipv4_udp)
{
	(void)in;
	base(o, SDPA_L3_IP4, SDPA_L4_UDP);
}
MK(ipv4_tcp_opts)
{
	(void)in;
	base(o, SDPA_L3_IP4, SDPA_L4_TCP);
	o->ip4_opt_len = 8;
	o->tcp_opt_len = 12;
}
MK(ipv4_icmp)
{
	(void)in;
	base(o, SDPA_L3_IP4, SDPA_L4_ICMP);
}
MK(ipv4_gre_other)
{
	(void)in;
	base(o, SDPA_L3_IP4, SDPA_L4_OTHER);
	o->ip_proto = 47;
}
MK(ipv6_udp)
{
	(void)in;
	base(o, SDPA_L3_IP6, SDPA_L4_UDP);
}
MK(ipv6_tcp_ext)
{
	(void)in;
	base(o, SDPA_L3_IP6, SDPA_L4_TCP);
	o->nr_ip6_ext = 3;
	o->ip6_ext[0] = SDPA_IPPROTO_HOPOPTS;
	o->ip6_ext[1] = SDPA_IPPROTO_ROUTING;
	o->ip6_ext[2] = SDPA_IPPROTO_DSTOPTS;
}
MK(ipv6_icmp6)
{
	(void)in;
	base(o, SDPA_L3_IP6, SDPA_L4_ICMP6);
}
MK(vlan1_ipv4_tcp)
{
	(void)in;
	base(o, SDPA_L3_IP4, SDPA_L4_TCP);
	o->nr_vlans = 1;
	o->vlan_tci[0] = 100;
}
MK(qinq_ipv6_udp)
{
	(void)in;
	base(o, SDPA_L3_IP6, SDPA_L4_UDP);
	o->nr_vlans = 2;
	o->vlan_tci[0] = 10;
	o->vlan_tci[1] = 20;
}
MK(vxlan_ipv4_ipv4_tcp)
{
	base(in, SDPA_L3_IP4, SDPA_L4_TCP);
	base(o, SDPA_L3_IP4, SDPA_L4_UDP);
	o->dst_port = 0;
	o->vxlan_inner = in;
	o->vni = 100;
}
MK(vxlan_ipv4_ipv6_tcp)
{
	base(in, SDPA_L3_IP6, SDPA_L4_TCP);
	in->nr_ip6_ext = 1;
	in->ip6_ext[0] = SDPA_IPPROTO_DSTOPTS;
	base(o, SDPA_L3_IP4, SDPA_L4_UDP);
	o->dst_port = 0;
	o->vxlan_inner = in;
	o->vni = 0xabcdef;
}
MK(vxlan_ipv6_vlan_ipv4_udp)
{
	base(in, SDPA_L3_IP4, SDPA_L4_UDP);
	in->nr_vlans = 1;
	in->vlan_tci[0] = 5;
	base(o, SDPA_L3_IP6, SDPA_L4_UDP);
	o->dst_port = 0;
	o->vxlan_inner = in;
	o->vni = 7;
}
MK(vxlan_ipv4_icmp6)
{
	base(in, SDPA_L3_IP6, SDPA_L4_ICMP6);
	base(o, SDPA_L3_IP4, SDPA_L4_UDP);
	o->nr_vlans = 2;
	o->dst_port = 0;
	o->vxlan_inner = in;
	o->vni = 1;
}
MK(ipv4_frag_first)
{
	(void)in;
	base(o, SDPA_L3_IP4, SDPA_L4_UDP);
	o->more_frags = true;
}
MK(ipv4_frag_later)
{
	(void)in;
	base(o, SDPA_L3_IP4, SDPA_L4_NONE);
	o->ip_proto = 17;
	o->frag_offset = 100;
}
MK(ipv6_frag_first)
{
	(void)in;
	base(o, SDPA_L3_IP6, SDPA_L4_TCP);
	o->nr_ip6_ext = 1;
	o->ip6_ext[0] = SDPA_IPPROTO_FRAGMENT;
	o->more_frags = true;
}
MK(ipv6_frag_later)
{
	(void)in;
	base(o, SDPA_L3_IP6, SDPA_L4_NONE);
	o->nr_ip6_ext = 2;
	o->ip6_ext[0] = SDPA_IPPROTO_HOPOPTS;
	o->ip6_ext[1] = SDPA_IPPROTO_FRAGMENT;
	o->ip_proto = 6;
	o->frag_offset = 3;
}
MK(arp_like)
{
	(void)in;
	base(o, SDPA_L3_NONE, SDPA_L4_NONE);
	o->ethertype = 0x0806;
	o->payload_len = 28;
}
MK(ipv4_udp_zero_csum)
{
	(void)in;
	base(o, SDPA_L3_IP4, SDPA_L4_UDP);
	o->udp_zero_csum = true;
}
MK(ipv4_esp)
{
	(void)in;
	base(o, SDPA_L3_IP4, SDPA_L4_OTHER);
	o->ip_proto = SDPA_IPPROTO_ESP; /* payload bytes 0..7 are the SPI and sequence number */
}
MK(ipv6_esp)
{
	(void)in;
	base(o, SDPA_L3_IP6, SDPA_L4_OTHER);
	o->ip_proto = SDPA_IPPROTO_ESP;
}
MK(ipv4_roce_bth)
{
	(void)in;
	base(o, SDPA_L3_IP4, SDPA_L4_UDP);
	o->dst_port = SDPA_ROCEV2_PORT; /* payload bytes 0..11 are the BTH */
}

static void cut38(uint8_t *f, uint32_t *len)
{
	(void)f;
	*len = 38; /* 4 bytes into the ESP header after Ethernet and IPv4 */
}
static void udp_len_14(uint8_t *f, uint32_t *len)
{
	(void)len;
	f[38] = 0;
	f[39] = 14; /* a UDP datagram with 6 bytes of a 12-byte BTH */
}
static void cut70(uint8_t *f, uint32_t *len)
{
	(void)f;
	*len = 70; /* inside the inner IPv4 header of a VXLAN frame */
}
static void bad_ihl(uint8_t *f, uint32_t *len)
{
	(void)len;
	f[14] = 0x43;
}
static void bad_version(uint8_t *f, uint32_t *len)
{
	(void)len;
	f[14] = 0x65;
}
static void total_len_beyond(uint8_t *f, uint32_t *len)
{
	(void)len;
	f[16] = 0x05;
}
static void tcp_doff_small(uint8_t *f, uint32_t *len)
{
	(void)len;
	f[42 + 12] = 0x30; /* TCP at 42 (8 bytes of IPv4 options): data offset 3 */
}
static void ext_beyond(uint8_t *f, uint32_t *len)
{
	(void)len;
	f[55] = 0x20;
}
static void three_vlans(uint8_t *f, uint32_t *len)
{
	/* turn the IPv4 header start into a third 802.1Q tag */
	f[20] = 0x81;
	f[21] = 0x00;
	(void)len;
}
static void udp_len_small(uint8_t *f, uint32_t *len)
{
	(void)len;
	f[38] = 0;
	f[39] = 4;
}

static uint32_t t_gre_key(uint8_t *h)
{
	static const uint8_t b[] = {0x20, 0, 0x08, 0x00, 0, 0, 0x03, 0x84};
	memcpy(h, b, sizeof(b));
	return sizeof(b);
}
static uint32_t t_nvgre(uint8_t *h)
{
	static const uint8_t b[] = {0x20, 0, 0x65, 0x58, 0x12, 0x34, 0x56, 0x78};
	memcpy(h, b, sizeof(b));
	return sizeof(b);
}
static uint32_t t_geneve_opts(uint8_t *h)
{
	/* 2 option words: class 0x0102 type 0x80, one data word; protocol TEB, VNI 0xabcdef */
	static const uint8_t b[] = {0x02, 0,    0x65, 0x58, 0xab, 0xcd, 0xef, 0,
	                            0x01, 0x02, 0x80, 0x01, 0xde, 0xad, 0xbe, 0xef};
	memcpy(h, b, sizeof(b));
	return sizeof(b);
}
static uint32_t t_gtpu_psc(uint8_t *h)
{
	/* E flag, G-PDU, TEID 0x1234, next ext 0x85; PSC: len 1, UL, QFI 9, no next */
	static const uint8_t b[] = {0x34, 0xff, 0, 0,    0,    0,    0x12, 0x34,
	                            0,    0,    0, 0x85, 0x01, 0x10, 0x09, 0x00};
	memcpy(h, b, sizeof(b));
	return sizeof(b);
}
static uint32_t t_mpls3(uint8_t *h)
{
	/* labels 16, 17, 0xababa (bottom of stack), TTL 64 */
	static const uint8_t b[] = {0x00, 0x01, 0x00, 0x40, 0x00, 0x01,
	                            0x10, 0x40, 0xab, 0xab, 0xa1, 0x40};
	memcpy(h, b, sizeof(b));
	return sizeof(b);
}
static uint32_t t_vxlan_gpe_ip4(uint8_t *h)
{
	static const uint8_t b[] = {0x0c, 0, 0, 0x01, 0xcd, 0xab, 0x12, 0};
	memcpy(h, b, sizeof(b));
	return sizeof(b);
}
static uint32_t t_mpls_deep(uint8_t *h)
{
	for (int i = 0; i < 6; i++) {
		h[4 * i] = 0;
		h[4 * i + 1] = 0x01;
		h[4 * i + 2] = (uint8_t)(i == 5 ? 0x01 : 0x00);
		h[4 * i + 3] = 0x40;
	}
	return 24;
}
static uint32_t t_geneve_bad_opt(uint8_t *h)
{
	/* 1 option word whose header claims 3 data words */
	static const uint8_t b[] = {0x01, 0, 0x65, 0x58, 0, 0, 1, 0, 0x01, 0x02, 0x80, 0x03};
	memcpy(h, b, sizeof(b));
	return sizeof(b);
}

/* A tunnel seed: outer IPv4 (+UDP) carrying tunnel header + inner frame. */
static uint32_t build_tunnel(const struct seed *sd, uint8_t *buf, uint32_t cap)
{
	static uint8_t inner[SDPA_FRAME_MAX];
	uint8_t th[64];
	struct sdpa_frame_spec o, in, x;

	sd->make(&in, &x);
	in.no_pad = true;
	uint32_t n = sdpa_frame_build(&in, inner, sizeof(inner));
	uint32_t tl = sd->tun(th);
	if (!n)
		return 0;
	base(&o, SDPA_L3_IP4, sd->port ? SDPA_L4_UDP : SDPA_L4_OTHER);
	if (!sd->port)
		o.ip_proto = sd->ip_proto;
	o.dst_port = sd->port;
	o.payload_len = tl + n - sd->strip;
	o.no_pad = true;
	uint32_t len = sdpa_frame_build(&o, buf, cap);
	if (!len)
		return 0;
	uint32_t at = len - o.payload_len;
	memcpy(buf + at, th, tl);
	memcpy(buf + at + tl, inner + sd->strip, n - sd->strip);
	return sd->cut ? sd->cut : len;
}

static const struct seed seeds[] = {
        {"ipv4_udp", mk_ipv4_udp, NULL},
        {"ipv4_tcp_opts", mk_ipv4_tcp_opts, NULL},
        {"ipv4_icmp", mk_ipv4_icmp, NULL},
        {"ipv4_gre_other", mk_ipv4_gre_other, NULL},
        {"ipv6_udp", mk_ipv6_udp, NULL},
        {"ipv6_tcp_ext", mk_ipv6_tcp_ext, NULL},
        {"ipv6_icmp6", mk_ipv6_icmp6, NULL},
        {"vlan1_ipv4_tcp", mk_vlan1_ipv4_tcp, NULL},
        {"qinq_ipv6_udp", mk_qinq_ipv6_udp, NULL},
        {"vxlan_ipv4_ipv4_tcp", mk_vxlan_ipv4_ipv4_tcp, NULL},
        {"vxlan_ipv4_ipv6_tcp", mk_vxlan_ipv4_ipv6_tcp, NULL},
        {"vxlan_ipv6_vlan_ipv4_udp", mk_vxlan_ipv6_vlan_ipv4_udp, NULL},
        {"vxlan_qinq_ipv4_icmp6", mk_vxlan_ipv4_icmp6, NULL},
        {"ipv4_frag_first", mk_ipv4_frag_first, NULL},
        {"ipv4_frag_later", mk_ipv4_frag_later, NULL},
        {"ipv6_frag_first", mk_ipv6_frag_first, NULL},
        {"ipv6_frag_later", mk_ipv6_frag_later, NULL},
        {"arp_like", mk_arp_like, NULL},
        {"ipv4_udp_zero_csum", mk_ipv4_udp_zero_csum, NULL},
        {"bad_vxlan_cut70", mk_vxlan_ipv4_ipv4_tcp, cut70},
        {"bad_ipv4_ihl", mk_ipv4_udp, bad_ihl},
        {"bad_ip_version", mk_ipv4_tcp_opts, bad_version},
        {"bad_ipv4_total_len", mk_ipv4_udp, total_len_beyond},
        {"bad_tcp_doff", mk_ipv4_tcp_opts, tcp_doff_small},
        {"bad_ipv6_ext_len", mk_ipv6_tcp_ext, ext_beyond},
        {"bad_three_vlans", mk_qinq_ipv6_udp, three_vlans},
        {"bad_udp_len", mk_ipv4_udp, udp_len_small},
        {"gre_key_ipv4_ipv4_udp", mk_ipv4_udp, NULL, t_gre_key, 0, 47, 14, 0},
        {"nvgre_ipv4_eth_tcp", mk_vlan1_ipv4_tcp, NULL, t_nvgre, 0, 47, 0, 0},
        {"geneve_opts_eth_ipv6", mk_ipv6_tcp_ext, NULL, t_geneve_opts, 6081, 0, 0, 0},
        {"gtpu_psc_ipv4_udp", mk_ipv4_udp, NULL, t_gtpu_psc, 2152, 0, 14, 0},
        {"mpls3_ipv6_udp", mk_ipv6_udp, NULL, t_mpls3, 6635, 0, 14, 0},
        {"vxlan_gpe_ipv4_icmp", mk_ipv4_icmp, NULL, t_vxlan_gpe_ip4, 4790, 0, 14, 0},
        {"bad_gre_cut", mk_ipv4_udp, NULL, t_gre_key, 0, 47, 14, 40},
        {"bad_geneve_opt_cut", mk_ipv4_udp, NULL, t_geneve_opts, 6081, 0, 0, 50},
        {"bad_geneve_opt_len", mk_ipv4_udp, NULL, t_geneve_bad_opt, 6081, 0, 0, 0},
        {"bad_gtpu_ext_cut", mk_ipv4_udp, NULL, t_gtpu_psc, 2152, 0, 14, 54},
        {"bad_mpls_depth", mk_ipv4_udp, NULL, t_mpls_deep, 6635, 0, 14, 0},
        {"ipv4_esp", mk_ipv4_esp, NULL},
        {"ipv6_esp", mk_ipv6_esp, NULL},
        {"ipv4_roce_bth", mk_ipv4_roce_bth, NULL},
        {"bad_esp_cut", mk_ipv4_esp, cut38},
        {"bad_bth_short", mk_ipv4_roce_bth, udp_len_14},
};

int main(int argc, char **argv)
{
	static uint8_t buf[SDPA_FRAME_MAX], disk[SDPA_FRAME_MAX + 1];
	bool check = argc == 3 && strcmp(argv[1], "--check") == 0;
	const char *dir = check ? argv[2] : argv[1];
	int bad = 0;

	if (argc != 2 && !check) {
		fprintf(stderr, "usage: %s DIR | --check DIR\n", argv[0]);
		return 2;
	}
	for (size_t i = 0; i < sizeof(seeds) / sizeof(seeds[0]); i++) {
		struct sdpa_frame_spec o, in;
		char path[4096];

		uint32_t n;
		if (seeds[i].tun) {
			n = build_tunnel(&seeds[i], buf, sizeof(buf));
		} else {
			seeds[i].make(&o, &in);
			n = sdpa_frame_build(&o, buf, sizeof(buf));
		}
		if (!n) {
			fprintf(stderr, "seed %s: the builder rejected its spec\n", seeds[i].name);
			return 1;
		}
		if (seeds[i].patch)
			seeds[i].patch(buf, &n);
		snprintf(path, sizeof(path), "%s/%s", dir, seeds[i].name);
		FILE *fp = fopen(path, check ? "rb" : "wb");
		if (!fp) {
			fprintf(stderr, "seed %s: cannot open %s\n", seeds[i].name, path);
			bad = 1;
			continue;
		}
		if (check) {
			size_t got = fread(disk, 1, sizeof(disk), fp);
			if (got != n || memcmp(disk, buf, n) != 0) {
				fprintf(stderr,
				        "seed %s: %s differs from the generator; rerun "
				        "gen_parser_corpus %s and commit the result\n",
				        seeds[i].name, path, dir);
				bad = 1;
			}
		} else if (fwrite(buf, 1, n, fp) != n) {
			fprintf(stderr, "seed %s: short write to %s\n", seeds[i].name, path);
			bad = 1;
		}
		fclose(fp);
	}
	if (!bad)
		printf("%s %zu parser seeds in %s\n", check ? "checked" : "wrote",
		       sizeof(seeds) / sizeof(seeds[0]), dir);
	return bad;
}
