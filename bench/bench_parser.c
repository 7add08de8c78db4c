/* SPDX-License-Identifier: BSD-3-Clause
 * Parser throughput: ns per frame for typical frames built with the frame builders.
 * One JSON object per line:
 *   {"bench":"parser","case":"ipv4_udp_64","frames":2000000,"ns_per_frame":12.3,"mpps":81.2}
 * usage: bench_parser [frames]   (per case, default 2000000; whole run well under 10 s)
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "bench_cli.h"

#include "nic/frame_builder.h"
#include "nic/packet.h"

enum { NR_FRAMES = 64 }; /* distinct frames per case, cycled: stays in L1/L2 like a burst */

struct bcase {
	const char *name;
	uint8_t l3, l4, nr_vlans;
	bool vxlan;
	uint8_t in_l3, in_l4;
	uint32_t size; /* 0: mix of 64..1500 */
	bool csum;     /* also verify the L4 checksum (the on-demand path) */
};

static const struct bcase cases[] = {
        {"ipv4_udp_64", SDPA_L3_IP4, SDPA_L4_UDP, 0, false, 0, 0, 64, false},
        {"ipv4_tcp_512", SDPA_L3_IP4, SDPA_L4_TCP, 0, false, 0, 0, 512, false},
        {"ipv6_udp_1500", SDPA_L3_IP6, SDPA_L4_UDP, 0, false, 0, 0, 1500, false},
        {"vlan2_ipv4_tcp", SDPA_L3_IP4, SDPA_L4_TCP, 2, false, 0, 0, 128, false},
        {"vxlan_ipv4_ipv6_tcp", SDPA_L3_IP4, SDPA_L4_UDP, 0, true, SDPA_L3_IP6, SDPA_L4_TCP, 256,
         false},
        {"mix_64_1500", SDPA_L3_IP4, SDPA_L4_UDP, 0, false, 0, 0, 0, false},
        {"l4csum_ipv4_tcp_64", SDPA_L3_IP4, SDPA_L4_TCP, 0, false, 0, 0, 64, true},
        {"l4csum_ipv4_tcp_1500", SDPA_L3_IP4, SDPA_L4_TCP, 0, false, 0, 0, 1500, true},
};

static double now_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec * 1e9 + (double)ts.tv_nsec;
}

static void fill(struct sdpa_frame_spec *s, uint8_t l3, uint8_t l4, unsigned int i)
{
	memset(s, 0, sizeof(*s));
	s->l3 = l3;
	s->l4 = l4;
	s->dst_mac[5] = 1;
	s->src_mac[5] = (uint8_t)i;
	s->ip4_src = 0x0a000000u + i;
	s->ip4_dst = 0x0a010000u + i * 7;
	s->ip6_src[15] = (uint8_t)i;
	s->ip6_dst[15] = 1;
	s->src_port = (uint16_t)(1024 + i);
	s->dst_port = 443;
	s->tcp_flags = SDPA_TCP_ACK;
}

static const struct bench_arg args[] = {
        {.name = "frames",
         .help = "frames parsed per case",
         .unit = "a count",
         .lo = 1,
         .hi = 1000000000,
         .def = 2000000},
};

static struct bench_cli cli = {
        .prog = "bench_parser",
        .about = "Parser throughput (sdpa_parse) over 64 distinct frames per case, cycled.",
        .output = "  case (frame shape), frames, ns_per_frame, mpps (million frames a second)",
        .args = args,
        .nargs = sizeof(args) / sizeof(args[0]),
};

int main(int argc, char **argv)
{
	static uint8_t frames[NR_FRAMES][SDPA_FRAME_MAX];
	static const uint32_t mix[] = {64, 64, 64, 128, 256, 512, 576, 1024, 1500, 1500};
	uint32_t lens[NR_FRAMES];
	unsigned long n;
	uint64_t sink = 0;

	bench_cli_start(&cli, argc, argv);
	n = (unsigned long)bench_cli_num(&cli, 0);
	for (size_t c = 0; c < sizeof(cases) / sizeof(cases[0]); c++) {
		const struct bcase *bc = &cases[c];
		for (unsigned int i = 0; i < NR_FRAMES; i++) {
			struct sdpa_frame_spec o, in;
			fill(&o, bc->l3, bc->l4, i);
			o.nr_vlans = bc->nr_vlans;
			if (bc->vxlan) {
				fill(&in, bc->in_l3, bc->in_l4, i);
				o.vxlan_inner = &in;
				o.dst_port = SDPA_VXLAN_PORT;
				o.vni = i;
			}
			o.frame_len = bc->size ? bc->size : mix[i % (sizeof(mix) / sizeof(mix[0]))];
			lens[i] = sdpa_frame_build(&o, frames[i], SDPA_FRAME_MAX);
			if (!lens[i]) {
				fprintf(stderr, "bench_parser: case %s: frame build failed\n",
				        bc->name);
				return 1;
			}
		}

		struct sdpa_pkt_info info;
		double t0 = now_ns();
		for (unsigned long k = 0; k < n; k++) {
			unsigned int i = k % NR_FRAMES;
			sdpa_parse(frames[i], lens[i], &info);
			/* consume the result so the parse cannot be optimised away */
			sink += info.flags + info.outer.payload_off + info.inner.payload_off +
			        info.outer.transport.src_port;
			if (bc->csum)
				sink += sdpa_pkt_l4_csum_ok(frames[i], lens[i], &info, false);
		}
		double ns = bench_div(now_ns() - t0, (double)n);
		if (info.flags != 0) {
			fprintf(stderr, "bench_parser: case %s: frame flagged: %s\n", bc->name,
			        sdpa_pkt_error_name(info.error));
			return 1;
		}
		printf("{\"bench\":\"parser\",\"case\":\"%s\",\"frames\":%lu,\"ns_per_frame\":%s,"
		       "\"mpps\":%s}\n",
		       bc->name, n, bench_json(ns, 2).s, bench_json(bench_div(1e3, ns), 1).s);
		fflush(stdout);
	}
	return sink == 42 ? 3 : 0; /* 'sink' must be observable */
}
