/* SPDX-License-Identifier: BSD-3-Clause
 * softdpa-wire-demo: the foundation at work. Generates a small capture, wires port 0 to it
 * ("pcap:IN,OUT"), receives every frame, parses it, transmits it back on the same wire
 * and prints what came out. `make demo` runs it until the flagship example replaces it.
 *
 * usage: softdpa-wire-demo [DIR]   (DIR receives demo_in.pcap and demo_out.pcap; default .)
 */
#include <arpa/inet.h>
#include <pcap/pcap.h>
#include <stdio.h>
#include <string.h>

#include <doca_error.h>
#include <softdpa.h>

#include "io/port.h"
#include "nic/frame_builder.h"
#include "nic/packet.h"

enum { NR_FRAMES = 8 };

static void spec_for(unsigned int i, struct sdpa_frame_spec *s, struct sdpa_frame_spec *inner)
{
	static const uint8_t dst[6] = {0x02, 0, 0, 0, 0, 0x02}, src[6] = {0x02, 0, 0, 0, 0, 0x01};

	memset(s, 0, sizeof(*s));
	memcpy(s->dst_mac, dst, 6);
	memcpy(s->src_mac, src, 6);
	s->l3 = SDPA_L3_IP4;
	s->ip4_src = 0x0a000001 + i;
	s->ip4_dst = 0x08080808 + (i & 1);
	s->l4 = SDPA_L4_UDP;
	s->src_port = (uint16_t)(1000 + i);
	s->dst_port = 53;
	s->frame_len = 64 + 96 * i;
	switch (i % 4) {
	case 1: /* TCP over IPv6 */
		s->l3 = SDPA_L3_IP6;
		s->ip6_src[0] = 0x20, s->ip6_src[1] = 0x01, s->ip6_src[15] = (uint8_t)i;
		s->ip6_dst[0] = 0x20, s->ip6_dst[1] = 0x01, s->ip6_dst[15] = 0x99;
		s->flow_label = 0x12345 + i;
		s->l4 = SDPA_L4_TCP;
		s->tcp_flags = SDPA_TCP_SYN;
		s->dst_port = 443;
		break;
	case 2: /* one VLAN tag */
		s->nr_vlans = 1;
		s->vlan_tci[0] = 100;
		break;
	case 3: /* VXLAN carrying ICMP */
		memset(inner, 0, sizeof(*inner));
		memcpy(inner->dst_mac, dst, 6);
		memcpy(inner->src_mac, src, 6);
		inner->l3 = SDPA_L3_IP4;
		inner->ip4_src = 0xc0a80001;
		inner->ip4_dst = 0xc0a80002;
		inner->l4 = SDPA_L4_ICMP;
		inner->icmp_type = 8;
		s->vxlan_inner = inner;
		s->vni = 42;
		s->dst_port = 0;
		break;
	}
}

static int write_input(const char *path)
{
	pcap_t *p = pcap_open_dead(DLT_EN10MB, 65535);
	pcap_dumper_t *d = p ? pcap_dump_open(p, path) : NULL;
	uint8_t buf[2048];

	if (d == NULL) {
		fprintf(stderr, "wire-demo: cannot create %s: %s\n", path, p ? pcap_geterr(p) : "");
		return -1;
	}
	for (unsigned int i = 0; i < NR_FRAMES; i++) {
		struct sdpa_frame_spec s, inner;
		struct pcap_pkthdr h = {.ts = {.tv_sec = 1700000000, .tv_usec = (suseconds_t)i}};

		spec_for(i, &s, &inner);
		h.caplen = h.len = sdpa_frame_build(&s, buf, sizeof(buf));
		if (h.len == 0)
			return -1;
		pcap_dump((u_char *)d, &h, buf);
	}
	/* One garbled frame: an IPv4 header whose IHL says 3 words. It is flagged, not lost. */
	struct pcap_pkthdr h = {.caplen = 34, .len = 34};
	memset(buf, 0, 34);
	buf[12] = 0x08, buf[14] = 0x43;
	pcap_dump((u_char *)d, &h, buf);
	pcap_dump_close(d);
	pcap_close(p);
	return 0;
}

static void describe(const uint8_t *f, uint32_t len, char *out, size_t size)
{
	struct sdpa_pkt_info info;
	const struct sdpa_pkt_hdrs *h = &info.outer;
	char a[INET6_ADDRSTRLEN] = "-", b[INET6_ADDRSTRLEN] = "-";
	int n;

	sdpa_parse(f, len, &info);
	if (h->l3_type == SDPA_L3_IP4) {
		inet_ntop(AF_INET, &h->ip4.src_ip, a, sizeof(a));
		inet_ntop(AF_INET, &h->ip4.dst_ip, b, sizeof(b));
	} else if (h->l3_type == SDPA_L3_IP6) {
		inet_ntop(AF_INET6, h->ip6.src_ip, a, sizeof(a));
		inet_ntop(AF_INET6, h->ip6.dst_ip, b, sizeof(b));
	}
	n = snprintf(out, size, "%4u B  %s%s -> %s  %s", len, h->l2_valid_headers ? "vlan " : "", a,
	             b,
	             h->l4_type == SDPA_L4_TCP    ? "tcp"
	             : h->l4_type == SDPA_L4_UDP  ? "udp"
	             : h->l4_type == SDPA_L4_ICMP ? "icmp"
	                                          : "-");
	if (h->l4_type == SDPA_L4_TCP || h->l4_type == SDPA_L4_UDP)
		n += snprintf(out + n, size - (size_t)n, " %u->%u", ntohs(h->transport.src_port),
		              ntohs(h->transport.dst_port));
	if (info.tun.type == SDPA_TUN_VXLAN)
		n += snprintf(out + n, size - (size_t)n, "  vxlan vni %u, inner %s",
		              sdpa_pkt_vni(&info),
		              info.inner.l4_type == SDPA_L4_ICMP ? "icmp" : "ip");
	if (info.flags != 0)
		snprintf(out + n, size - (size_t)n, "  FLAGGED at byte %u: %s", info.error_off,
		         sdpa_pkt_error_name(info.error));
}

int main(int argc, char **argv)
{
	const char *dir = argc > 1 ? argv[1] : ".";
	char in[512], out[512], spec[1100], line[256];
	struct softdpa_port_stats st;
	unsigned int seen = 0;
	doca_error_t r;

	snprintf(in, sizeof(in), "%s/demo_in.pcap", dir);
	snprintf(out, sizeof(out), "%s/demo_out.pcap", dir);
	if (write_input(in) != 0)
		return 1;
	snprintf(spec, sizeof(spec), "pcap:%s,%s", in, out);
	r = softdpa_port_wire(0, spec);
	if (r == DOCA_SUCCESS)
		r = sdpa_port_open(0);
	if (r != DOCA_SUCCESS) {
		fprintf(stderr, "wire-demo: port 0: %s\n", doca_error_get_descr(r));
		return 1;
	}
	printf("port 0 wired to %s\n", spec);
	while (!sdpa_port_rx_exhausted(0)) {
		struct sdpa_pkt *pkts[32];
		uint16_t n = sdpa_port_rx_burst(0, pkts, 32);

		for (uint16_t i = 0; i < n; i++) {
			describe(pkts[i]->data, pkts[i]->len, line, sizeof(line));
			printf("  rx %2u  %s\n", ++seen, line);
		}
		sdpa_port_tx_burst(0, 0, pkts, n);
		sdpa_port_rx_release(0, n);
	}
	sdpa_port_close(0);
	softdpa_port_stats(0, &st);
	printf("port 0: rx %llu frames / %llu B, tx %llu frames / %llu B, dropped %llu\n",
	       (unsigned long long)st.rx_frames, (unsigned long long)st.rx_bytes,
	       (unsigned long long)st.tx_frames, (unsigned long long)st.tx_bytes,
	       (unsigned long long)st.dropped_total);
	printf("output capture: %s\n", out);
	return st.rx_frames == NR_FRAMES + 1 && st.tx_frames == st.rx_frames ? 0 : 1;
}
