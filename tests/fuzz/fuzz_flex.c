/* SPDX-License-Identifier: BSD-3-Clause
 * libFuzzer target for the flex parser (custom headers, docs/FLOW.md "Custom headers").
 *
 * On the first input it binds, through the public API, a parse graph with every kind of
 * header the emulated parser follows: a fixed-length header after UDP 4500; a GENEVE-like
 * header after UDP 4502 with a length field, TLV options and a next-header field that
 * chains to the first header (protocol 0x6558); a header after IP protocol 253 whose length
 * field is one byte. Each input is then a raw frame: sdpa_parse + sdpa_flex_parse must
 * keep the invariants below, be deterministic, and reading and rewriting every sampled
 * field must stay inside the frame (the replay driver gives an exact-size buffer, so ASan
 * sees any over-read). A violation prints the rule and traps.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <doca_dev.h>
#include <doca_flow_custom_header.h>
#include <doca_flow_custom_header_graph.h>

#include "core/config.h"
#include "core/devices.h"
#include "nic/flex.h"
#include "nic/packet.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

#define FUZZ_CHECK(cond, ...)                                                                      \
	do {                                                                                       \
		if (!(cond)) {                                                                     \
			fprintf(stderr, "fuzz_flex: " __VA_ARGS__);                                \
			fprintf(stderr, "\n");                                                     \
			__builtin_trap();                                                          \
		}                                                                                  \
	} while (0)

#define OK(call) FUZZ_CHECK((call) == DOCA_SUCCESS, "setup: %s failed", #call)

enum { NSAMP = 6 };

static uint32_t kinds[NSAMP];

static struct doca_flow_custom_header *header(struct doca_flow_custom_header_graph *g,
                                              uint32_t fixed, int len_bits, uint32_t len_off)
{
	struct doca_flow_custom_header *h;

	(void)g;
	OK(doca_flow_custom_header_create(&h));
	OK(doca_flow_custom_header_length_field_set_fixed_length(h, fixed));
	if (len_bits > 0) {
		OK(doca_flow_custom_header_length_field_set_offset(h, len_off));
		OK(doca_flow_custom_header_length_field_set_length(h, (uint32_t)len_bits));
		OK(doca_flow_custom_header_length_field_set_multiplier(h, 4));
	}
	return h;
}

static void sampler(struct doca_flow_custom_header *h, int i, uint32_t off, uint32_t len, int opt)
{
	struct doca_flow_custom_header_sampler *s;
	const char *str;
	unsigned int id;

	OK(doca_flow_custom_header_sampler_create(h, &s));
	OK(doca_flow_custom_header_sampler_set_offset(s, off));
	OK(doca_flow_custom_header_sampler_set_length(s, len));
	if (opt >= 0)
		OK(doca_flow_custom_header_sampler_enable_is_options(s, (uint32_t)opt));
	OK(doca_flow_custom_header_sampler_get_match_definition(s, &str));
	FUZZ_CHECK(sscanf(str, "match.packet.custom_header.sample%u", &id) == 1, "setup: %s", str);
	kinds[i] = SDPA_XFIELD_SAMPLE + id;
}

static void arc(struct doca_flow_custom_header_graph *g,
                enum doca_flow_custom_header_graph_node_type src, uint32_t data,
                struct doca_flow_custom_header *from, struct doca_flow_custom_header *to)
{
	struct doca_flow_custom_header_graph_arc *a;

	OK(doca_flow_custom_header_graph_arc_create(g, &a));
	OK(doca_flow_custom_header_graph_arc_set_src(a, src, data, from));
	OK(doca_flow_custom_header_graph_arc_set_dst(a, DOCA_FLOW_CUSTOM_HEADER_GRAPH_NODE_FLEX,
	                                             to));
}

static void setup(void)
{
	struct doca_flow_custom_header_graph *g;
	struct doca_flow_custom_header *h0, *h1, *h2;
	struct doca_devinfo **list;
	struct doca_dev *dev;
	uint32_t n;

	setenv("SOFTDPA_DEVICES", "reps=0,prog_parse_graph=1", 1);
	setenv("SOFTDPA_LOG_LEVEL", "critical", 1);
	sdpa_config_reload();
	sdpa_devices_reload();
	OK(doca_devinfo_create_list(&list, &n));
	OK(doca_dev_open(list[0], &dev));
	OK(doca_flow_custom_header_graph_create(&g));
	h0 = header(g, 96, 0, 0);
	sampler(h0, 0, 0, 32, -1);
	sampler(h0, 1, 32, 64, -1);
	h1 = header(g, 64, 6, 2);
	OK(doca_flow_custom_header_next_hdr_set_offset(h1, 16));
	OK(doca_flow_custom_header_next_hdr_set_length(h1, 16));
	OK(doca_flow_custom_header_tlv_options_set_fixed_length(h1, 32));
	OK(doca_flow_custom_header_tlv_options_set_offset(h1, 64));
	OK(doca_flow_custom_header_tlv_options_type_set_offset(h1, 16));
	OK(doca_flow_custom_header_tlv_options_type_set_length(h1, 8));
	OK(doca_flow_custom_header_tlv_options_length_set_offset(h1, 27));
	OK(doca_flow_custom_header_tlv_options_length_set_length(h1, 5));
	OK(doca_flow_custom_header_tlv_options_length_set_multiplier(h1, 4));
	sampler(h1, 2, 32, 32, 1);
	sampler(h1, 3, 13, 7, 2); /* unaligned */
	h2 = header(g, 32, 8, 8);
	sampler(h2, 4, 5, 60, -1);
	sampler(h2, 5, 64, 16, -1);
	arc(g, DOCA_FLOW_CUSTOM_HEADER_GRAPH_NODE_UDP, 4500, NULL, h0);
	arc(g, DOCA_FLOW_CUSTOM_HEADER_GRAPH_NODE_UDP, 4502, NULL, h1);
	arc(g, DOCA_FLOW_CUSTOM_HEADER_GRAPH_NODE_FLEX, 0x6558, h1, h0);
	arc(g, DOCA_FLOW_CUSTOM_HEADER_GRAPH_NODE_IP, 253, NULL, h2);
	OK(doca_flow_custom_header_graph_bind(g, dev));
	/* The graph, device and list stay for the process's life. */
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static int ready;
	struct sdpa_pkt_info info;
	struct sdpa_flex_res r, r2;
	struct sdpa_xmatch view;
	uint32_t len = size > 9216 ? 9216 : (uint32_t)size;
	uint8_t *copy;
	bool ok, ok2;

	if (!ready) {
		setup();
		ready = 1;
	}
	sdpa_parse(data, len, &info);
	ok = sdpa_flex_parse(data, len, &info, &r);
	ok2 = sdpa_flex_parse(data, len, &info, &r2);
	FUZZ_CHECK(ok == ok2 && memcmp(&r, &r2, sizeof(r)) == 0, "not deterministic");
	FUZZ_CHECK(ok == (r.error == SDPA_FLEX_OK), "result %d but error %u", ok, r.error);
	FUZZ_CHECK(r.error < SDPA_FLEX_ERR_COUNT && r.error_off <= len, "error %u at %u of %u",
	           r.error, r.error_off, len);
	FUZZ_CHECK(r.l4_csum_off == 0 || r.l4_csum_off + 2 <= len, "checksum at %u of %u",
	           r.l4_csum_off, len);
	FUZZ_CHECK(r.psp_off == 0 || r.psp_off + r.psp_len <= len, "PSP %u+%u of %u", r.psp_off,
	           r.psp_len, len);
	for (uint32_t s = 0; s < SDPA_FLEX_MAX_SAMPLERS; s++)
		if (r.valid & (1u << s))
			FUZZ_CHECK((uint64_t)r.off[s] + r.nbits[s] <= (uint64_t)len * 8 &&
			                   r.nbits[s] > 0 && r.nbits[s] <= 64,
			           "sampler %u: bits %u+%u of a %u-byte frame", s, r.off[s],
			           r.nbits[s], len);
	memset(&view, 0, sizeof(view));
	sdpa_flex_view(&view.m, data, len, &r);
	/* Read and rewrite every sampled field on a copy of exactly the frame's size. */
	copy = malloc(len ? len : 1);
	if (copy == NULL)
		return 0;
	memcpy(copy, data, len);
	for (int i = 0; i < NSAMP; i++) {
		uint32_t bits = sdpa_xfield_bits(&r, kinds[i]);
		uint64_t v = 0, back = 0;

		if (bits == 0)
			continue;
		FUZZ_CHECK(sdpa_xfield_read(copy, len, &r, kinds[i], 0, bits, &v),
		           "sample %d (%u bits) unreadable", i, bits);
		v = ~v;
		if (bits < 64)
			v &= (1ull << bits) - 1;
		FUZZ_CHECK(sdpa_xfield_write(copy, len, &r, kinds[i], 0, bits, v),
		           "sample %d unwritable", i);
		FUZZ_CHECK(sdpa_xfield_read(copy, len, &r, kinds[i], 0, bits, &back) && back == v,
		           "sample %d: wrote %llx, read %llx", i, (unsigned long long)v,
		           (unsigned long long)back);
	}
	free(copy);
	return 0;
}
