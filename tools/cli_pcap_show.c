/* SPDX-License-Identifier: BSD-3-Clause
 * softdpa pcap show: one line per frame of a capture, as tcpdump -n prints them, with
 * the tunnels softdpa's users build (VXLAN, GENEVE, GRE, IP-in-IP) decoded down to the
 * inner packet.
 *
 * Every header stack is read by softdpa's own parser (sdpa_parse, src/nic/packet.h), the
 * one the emulated NIC matches with. What the parser does not decapsulate (GENEVE, GRE,
 * IP-in-IP) is only a fixed tunnel header here: its inner packet goes back to sdpa_parse.
 */
#include <arpa/inet.h>
#include <inttypes.h>
#include <pcap/pcap.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "nic/packet.h"

enum {
	GENEVE_PORT = 6081,
	GENEVE_HLEN = 8,
	IPPROTO_IPIP_ = 4,
	IPPROTO_IPV6_ = 41,
	IPPROTO_GRE_ = 47,
	ETH_P_TEB = 0x6558, /* transparent Ethernet bridging: an Ethernet frame inside */
	MAX_DEPTH = 4,      /* tunnels in tunnels: enough for any real capture */
	LINE_MAX_ = 1024,
};

struct line {
	char s[LINE_MAX_];
	size_t n;
};

static void __attribute__((format(printf, 2, 3))) add(struct line *l, const char *fmt, ...)
{
	va_list ap;
	int w;

	if (l->n >= sizeof(l->s))
		return;
	va_start(ap, fmt);
	w = vsnprintf(l->s + l->n, sizeof(l->s) - l->n, fmt, ap);
	va_end(ap);
	if (w > 0)
		l->n += (size_t)w < sizeof(l->s) - l->n ? (size_t)w : sizeof(l->s) - l->n - 1;
}

static uint16_t be16(const uint8_t *p)
{
	return (uint16_t)(p[0] << 8 | p[1]);
}

static void describe(struct line *l, const uint8_t *f, uint32_t len, bool link, int depth);

/* An IP packet without Ethernet (IP-in-IP, GRE or GENEVE carrying IP): give it a
 * zero Ethernet header so that sdpa_parse reads it like any frame. */
static void describe_ip(struct line *l, const uint8_t *ip, uint32_t len, uint16_t ethertype,
                        int depth)
{
	uint8_t *buf = malloc((size_t)len + SDPA_ETH_HLEN);

	if (buf == NULL) {
		add(l, "(out of memory)");
		return;
	}
	memset(buf, 0, SDPA_ETH_HLEN);
	buf[12] = (uint8_t)(ethertype >> 8);
	buf[13] = (uint8_t)ethertype;
	memcpy(buf + SDPA_ETH_HLEN, ip, len);
	describe(l, buf, len + SDPA_ETH_HLEN, false, depth);
	free(buf);
}

/* What a tunnel header says its payload is, then that payload. */
static void describe_payload(struct line *l, const uint8_t *p, uint32_t len, uint16_t proto,
                             int depth)
{
	if (proto == ETH_P_TEB)
		describe(l, p, len, false, depth);
	else if (proto == SDPA_ETH_P_IPV4 || proto == SDPA_ETH_P_IPV6)
		describe_ip(l, p, len, proto, depth);
	else
		add(l, "ethertype 0x%04x, length %u", proto, len);
}

static void describe_gre(struct line *l, const uint8_t *f, uint32_t off, uint32_t end, int depth)
{
	uint32_t hl = 4;
	uint16_t flags, proto;

	if (end < off + 4) {
		add(l, "GRE [truncated]");
		return;
	}
	flags = be16(f + off);
	proto = be16(f + off + 2);
	hl += (flags & 0x8000) ? 4 : 0; /* checksum + reserved */
	hl += (flags & 0x2000) ? 4 : 0; /* key */
	hl += (flags & 0x1000) ? 4 : 0; /* sequence number */
	if (end < off + hl) {
		add(l, "GRE [truncated]");
		return;
	}
	add(l, "GRE");
	if (flags & 0x2000) {
		uint32_t k = off + 4 + ((flags & 0x8000) ? 4 : 0);

		add(l, " key %" PRIu32, (uint32_t)be16(f + k) << 16 | be16(f + k + 2));
	}
	add(l, ": ");
	describe_payload(l, f + off + hl, end - off - hl, proto, depth + 1);
}

static void describe_geneve(struct line *l, const uint8_t *f, uint32_t off, uint32_t end, int depth)
{
	uint32_t hl;

	if (end < off + GENEVE_HLEN) {
		add(l, "GENEVE [truncated]");
		return;
	}
	hl = GENEVE_HLEN + (uint32_t)(f[off] & 0x3f) * 4;
	if (end < off + hl) {
		add(l, "GENEVE [truncated]");
		return;
	}
	add(l, "GENEVE vni %u: ", (unsigned int)(f[off + 4] << 16 | f[off + 5] << 8 | f[off + 6]));
	describe_payload(l, f + off + hl, end - off - hl, be16(f + off + 2), depth + 1);
}

static void tcp_flags(struct line *l, uint8_t fl)
{
	add(l, "[");
	if (fl & SDPA_TCP_FIN)
		add(l, "F");
	if (fl & SDPA_TCP_SYN)
		add(l, "S");
	if (fl & SDPA_TCP_RST)
		add(l, "R");
	if (fl & SDPA_TCP_PSH)
		add(l, "P");
	if (fl & SDPA_TCP_URG)
		add(l, "U");
	if (fl & SDPA_TCP_ECE)
		add(l, "E");
	if (fl & SDPA_TCP_CWR)
		add(l, "W");
	if (fl & SDPA_TCP_ACK)
		add(l, ".");
	add(l, "]");
}

/* One header stack of f (an Ethernet frame), and what it tunnels. */
static void describe(struct line *l, const uint8_t *f, uint32_t len, bool link, int depth)
{
	struct sdpa_pkt_info pi;
	const struct sdpa_pkt_hdrs *h;
	char s[INET6_ADDRSTRLEN], d[INET6_ADDRSTRLEN];
	bool ports;

	if (depth > MAX_DEPTH) {
		add(l, "(more than %d tunnels deep)", MAX_DEPTH);
		return;
	}
	sdpa_parse(f, len, &pi);
	h = &pi.outer;
	if (link && len >= SDPA_ETH_HLEN) {
		const uint8_t *m = h->eth.src_mac, *n = h->eth.dst_mac;

		add(l, "%02x:%02x:%02x:%02x:%02x:%02x > %02x:%02x:%02x:%02x:%02x:%02x, ", m[0],
		    m[1], m[2], m[3], m[4], m[5], n[0], n[1], n[2], n[3], n[4], n[5]);
	}
	for (int i = 0; i < SDPA_VLAN_MAX; i++)
		if (h->l2_valid_headers & (i == 0 ? SDPA_L2_VALID_VLAN_0 : SDPA_L2_VALID_VLAN_1))
			add(l, "vlan %u, ", (unsigned int)(ntohs(h->eth_vlan[i].tci) & 0xfff));
	if (pi.error == SDPA_PKT_ERR_ETH_TRUNC) {
		add(l, "[truncated Ethernet header, %u bytes]", len);
		return;
	}
	if (h->l3_type == SDPA_L3_NONE) {
		uint16_t et = ntohs(h->eth.type);

		if (et == SDPA_ETH_P_ARP)
			add(l, "ARP, length %u", len);
		else if (pi.flags & (SDPA_PKT_TRUNCATED | SDPA_PKT_MALFORMED))
			add(l, "ethertype 0x%04x [%s]", et, sdpa_pkt_error_name(pi.error));
		else
			add(l, "ethertype 0x%04x, length %u", et, len);
		return;
	}
	if (h->l3_type == SDPA_L3_IP4) {
		inet_ntop(AF_INET, &h->ip4.src_ip, s, sizeof(s));
		inet_ntop(AF_INET, &h->ip4.dst_ip, d, sizeof(d));
		add(l, "IP ");
	} else {
		inet_ntop(AF_INET6, h->ip6.src_ip, s, sizeof(s));
		inet_ntop(AF_INET6, h->ip6.dst_ip, d, sizeof(d));
		add(l, "IP6 ");
	}
	ports = h->l4_type == SDPA_L4_UDP || h->l4_type == SDPA_L4_TCP;
	if (ports)
		add(l, "%s.%u > %s.%u: ", s, ntohs(h->transport.src_port), d,
		    ntohs(h->transport.dst_port));
	else
		add(l, "%s > %s: ", s, d);
	if (h->l3_type == SDPA_L3_IP4 && h->l3_ok && !h->ip4_checksum_ok)
		add(l, "[bad ip cksum] ");
	if (ports && !h->ip_fragmented && !sdpa_pkt_l4_csum_ok(f, len, &pi, false) && h->l4_ok)
		add(l, "[bad %s cksum] ", h->l4_type == SDPA_L4_UDP ? "udp" : "tcp");

	switch (h->l4_type) {
	case SDPA_L4_UDP:
		if (pi.tun.type == SDPA_TUN_VXLAN) {
			uint32_t in = pi.tun.off + SDPA_VXLAN_HLEN;

			add(l, "VXLAN vni %u: ", sdpa_pkt_vni(&pi));
			describe(l, f + in, h->l3_end > in ? h->l3_end - in : 0, false, depth + 1);
			return;
		}
		if (ntohs(h->transport.dst_port) == GENEVE_PORT) {
			describe_geneve(l, f, h->payload_off, h->l3_end, depth);
			return;
		}
		add(l, "UDP, length %u",
		    h->l3_end > h->payload_off ? h->l3_end - h->payload_off : 0);
		break;
	case SDPA_L4_TCP:
		add(l, "TCP ");
		tcp_flags(l, h->tcp.flags);
		add(l, ", seq %" PRIu32 ", length %u", (uint32_t)ntohl(h->tcp.seq_num),
		    h->l3_end > h->payload_off ? h->l3_end - h->payload_off : 0);
		break;
	case SDPA_L4_ICMP:
	case SDPA_L4_ICMP6:
		add(l, "%s type %u code %u", h->l4_type == SDPA_L4_ICMP ? "ICMP" : "ICMP6",
		    h->icmp.type, h->icmp.code);
		break;
	case SDPA_L4_OTHER: {
		uint8_t proto = h->l3_type == SDPA_L3_IP4 ? h->ip4.next_proto : h->ip6.next_proto;
		uint32_t off = h->l4_off, end = h->l3_end;

		if (h->ip_fragmented) {
			add(l, "fragment, proto %u", proto);
		} else if (proto == IPPROTO_GRE_) {
			describe_gre(l, f, off, end, depth);
			return;
		} else if (proto == IPPROTO_IPIP_ || proto == IPPROTO_IPV6_) {
			add(l, "%s: ", proto == IPPROTO_IPIP_ ? "IPIP" : "IP6IP");
			describe_ip(l, f + off, end > off ? end - off : 0,
			            proto == IPPROTO_IPIP_ ? SDPA_ETH_P_IPV4 : SDPA_ETH_P_IPV6,
			            depth + 1);
			return;
		} else {
			add(l, "ip-proto-%u, length %u", proto, end > off ? end - off : 0);
		}
		break;
	}
	default:
		add(l, "no L4");
		break;
	}
	if (pi.flags & (SDPA_PKT_TRUNCATED | SDPA_PKT_MALFORMED))
		add(l, " [%s]", sdpa_pkt_error_name(pi.error));
}

static int show_usage_err(const char *fmt, const char *arg)
{
	fprintf(stderr, "softdpa pcap show: ");
	fprintf(stderr, fmt, arg);
	fprintf(stderr, "\nRun 'softdpa help pcap show' for the options.\n");
	return CLI_EXIT_USAGE;
}

int cli_pcap_show(int argc, char **argv)
{
	char err[PCAP_ERRBUF_SIZE];
	const char *path = NULL;
	uint64_t count = 0, n = 0, first_ns = 0;
	bool link = false;
	struct pcap_pkthdr *h;
	const u_char *data;
	pcap_t *p;
	int rc = 1;

	for (int i = 0; i < argc;) {
		const char *v = NULL, *a = argv[i];

		if (cli_opt_value(argc, argv, &i, "-c", &v) ||
		    cli_opt_value(argc, argv, &i, "--count", &v)) {
			if (v == NULL || !cli_parse_count(v, 1, UINT64_MAX, &count))
				return show_usage_err("-c/--count wants a number of frames from 1, "
				                      "not '%s'",
				                      v ? v : "");
		} else if (strcmp(a, "-e") == 0 || strcmp(a, "--link") == 0) {
			link = true;
			i++;
		} else if (a[0] == '-' && a[1] != '\0') {
			return show_usage_err("unknown option '%s'", a);
		} else if (path != NULL) {
			return show_usage_err("one file at a time ('%s' given twice)", a);
		} else {
			path = a;
			i++;
		}
	}
	if (path == NULL)
		return show_usage_err("the capture file is missing%s; usage: softdpa pcap show "
		                      "FILE [-c N] [-e]",
		                      "");
	p = pcap_open_offline_with_tstamp_precision(path, PCAP_TSTAMP_PRECISION_NANO, err);
	if (p == NULL) {
		fprintf(stderr, "softdpa pcap show: cannot read '%s': %s\n", path, err);
		return CLI_EXIT_FAIL;
	}
	if (pcap_datalink(p) != DLT_EN10MB) {
		fprintf(stderr,
		        "softdpa pcap show: '%s' is not an Ethernet capture (link type %d)\n", path,
		        pcap_datalink(p));
		pcap_close(p);
		return CLI_EXIT_FAIL;
	}
	while ((count == 0 || n < count) && (rc = pcap_next_ex(p, &h, &data)) == 1) {
		uint64_t ns = (uint64_t)h->ts.tv_sec * 1000000000ull + (uint64_t)h->ts.tv_usec;
		struct line l = {.n = 0};

		if (n++ == 0)
			first_ns = ns;
		describe(&l, data, h->caplen, link, 0);
		if (h->caplen < h->len)
			add(&l, " [captured %u of %u bytes]", h->caplen, h->len);
		printf("%" PRIu64 " %.6f %u %s\n", n,
		       ns >= first_ns ? (double)(ns - first_ns) / 1e9
		                      : -(double)(first_ns - ns) / 1e9,
		       h->len, l.s);
	}
	if ((count == 0 || n < count) && rc == PCAP_ERROR &&
	    strstr(pcap_geterr(p), "truncated dump file") != NULL) {
		fflush(stdout);
		fprintf(stderr,
		        "softdpa pcap show: '%s': truncated last record (%s); the capture was cut "
		        "short, the %" PRIu64 " whole frames before it are shown\n",
		        path, pcap_geterr(p), n);
	} else if ((count == 0 || n < count) && rc == PCAP_ERROR) {
		fflush(stdout);
		fprintf(stderr, "softdpa pcap show: '%s': %s after %" PRIu64 " frames\n", path,
		        pcap_geterr(p), n);
		pcap_close(p);
		return CLI_EXIT_FAIL;
	}
	pcap_close(p);
	return CLI_EXIT_OK;
}
