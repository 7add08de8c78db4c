/* SPDX-License-Identifier: BSD-3-Clause
 * Wire specs and the factory.
 */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/log.h"
#include "core/util.h"
#include "io/wire.h"

/* ------------------------------------------------------------------ flow hash (RSS) */

enum { ETH_IP4 = 0x0800, ETH_IP6 = 0x86dd, ETH_VLAN = 0x8100, ETH_QINQ = 0x88a8 };

/* Two words into 32 well-mixed bits: a multiply each, the high half of the product. */
static inline uint32_t mix(uint64_t a, uint64_t b)
{
	return (uint32_t)(((a ^ (b * 0x9e3779b97f4a7c15ull)) * 0xff51afd7ed558ccdull) >> 32);
}

static inline uint64_t rd32(const uint8_t *p)
{
	uint32_t v;

	memcpy(&v, p, sizeof(v));
	return v;
}

static inline uint64_t rd64(const uint8_t *p)
{
	uint64_t v;

	memcpy(&v, p, sizeof(v));
	return v;
}

/* The L4 ports of TCP, UDP and SCTP (the first 4 bytes of their headers), 0 otherwise. */
static inline uint64_t l4_ports(uint8_t proto, const uint8_t *l4, const uint8_t *end)
{
	if ((proto == 6 || proto == 17 || proto == 132) && l4 + 4 <= end)
		return rd32(l4);
	return 0;
}

uint32_t sdpa_wire_flow_hash(const uint8_t *f, uint32_t len)
{
	const uint8_t *end = f + len, *p = f + 14;
	uint16_t type;

	if (len < 14)
		return 0;
	type = sdpa_be16(f + 12);
	for (int i = 0; i < 2 && (type == ETH_VLAN || type == ETH_QINQ) && p + 4 <= end; i++) {
		type = sdpa_be16(p + 2);
		p += 4;
	}
	if (type == ETH_IP4 && p + 20 <= end) {
		uint32_t ihl = (uint32_t)(p[0] & 0x0f) * 4;
		/* A fragment (offset or more-fragments set) hashes by addresses only: all the
		 * fragments of a datagram go to one worker. */
		bool frag = (sdpa_be16(p + 6) & 0x3fff) != 0;

		return mix(rd64(p + 12),
		           (uint64_t)p[9] << 32 |
		                   (frag || ihl < 20 ? 0 : l4_ports(p[9], p + ihl, end)));
	}
	if (type == ETH_IP6 && p + 40 <= end)
		return mix(rd64(p + 8) ^ rd64(p + 16) ^ rd64(p + 24) ^ rd64(p + 32),
		           (uint64_t)p[6] << 32 | l4_ports(p[6], p + 40, end));
	return mix(rd64(f) ^ rd32(f + 8), type); /* the MACs */
}

SDPA_LOG_REGISTER(io_wire);

#define ACCEPTED_FORMS "\"mem\", \"pcap:IN.pcap[,OUT.pcap]\", \"afpacket:IFNAME\" or \"unix:PATH\""

const char *sdpa_wire_kind_name(enum sdpa_wire_kind kind)
{
	switch (kind) {
	case SDPA_WIRE_MEM:
		return "mem";
	case SDPA_WIRE_PCAP:
		return "pcap";
	case SDPA_WIRE_AFPACKET:
		return "afpacket";
	case SDPA_WIRE_UNIX:
		return "unix";
	}
	return "?";
}

void sdpa_wire_init(struct sdpa_wire *w, const struct sdpa_wire_ops *ops, enum sdpa_wire_kind kind,
                    uint16_t port_id)
{
	w->ops = ops;
	w->kind = kind;
	w->port_id = port_id;
	sdpa_store_relaxed(&w->rx_error, (uint32_t)DOCA_SUCCESS);
}

uint16_t sdpa_wire_release_count(const struct sdpa_wire *w, uint16_t n, uint32_t held)
{
	if (SDPA_LIKELY(n <= held))
		return n;
	DOCA_LOG_RATE_LIMIT_ERR("port %u: rx_release(%u) but only %u frames are held; release "
	                        "at most what rx_burst returned",
	                        (unsigned int)w->port_id, (unsigned int)n, (unsigned int)held);
	return (uint16_t)held;
}

/* Linux's own rule for interface names (dev_valid_name). */
static bool ifname_valid(const char *s, size_t len, size_t max)
{
	if (len == 0 || len >= max || strcmp(s, ".") == 0 || strcmp(s, "..") == 0)
		return false;
	for (size_t i = 0; i < len; i++)
		if (s[i] == '/' || s[i] == ':' || s[i] == ',' || isspace((unsigned char)s[i]))
			return false;
	return true;
}

doca_error_t sdpa_wire_spec_parse(const char *spec, const char *who, struct sdpa_wire_spec *out)
{
	const char *rest, *comma;
	size_t len;

	if (who == NULL)
		who = "wire spec";
	if (spec == NULL) {
		DOCA_LOG_ERR("%s: wire spec is NULL; pass " ACCEPTED_FORMS, who);
		return DOCA_ERROR_INVALID_VALUE;
	}
	memset(out, 0, sizeof(*out));
	if (strcmp(spec, "mem") == 0) {
		out->kind = SDPA_WIRE_MEM;
		return DOCA_SUCCESS;
	}
	if (strncmp(spec, "mem:", 4) == 0) {
		char *e;
		unsigned long v = strtoul(spec + 4, &e, 10);

		if (!isdigit((unsigned char)spec[4]) || *e != '\0' || v == 0 || v > (1ul << 31)) {
			DOCA_LOG_ERR("%s: '%s': the ring depth is not a number; use \"mem:RING\" "
			             "(RING a "
			             "power of two, default %u) or " ACCEPTED_FORMS,
			             who, spec, (unsigned int)SDPA_WIRE_MEM_RING_SIZE);
			return DOCA_ERROR_INVALID_VALUE;
		}
		out->kind = SDPA_WIRE_MEM;
		out->ring = (uint32_t)v;
		return DOCA_SUCCESS;
	}
	if (strncmp(spec, "pcap:", 5) == 0) {
		rest = spec + 5;
		comma = strchr(rest, ',');
		len = comma != NULL ? (size_t)(comma - rest) : strlen(rest);
		if (len == 0 || len >= sizeof(out->in)) {
			DOCA_LOG_ERR("%s: '%s' names no input capture (or a path longer than %zu "
			             "bytes); use " ACCEPTED_FORMS,
			             who, spec, sizeof(out->in) - 1);
			return DOCA_ERROR_INVALID_VALUE;
		}
		memcpy(out->in, rest, len);
		if (comma != NULL) {
			const char *o = comma + 1;
			size_t olen = strlen(o);

			if (olen == 0 || olen >= sizeof(out->out) || strchr(o, ',') != NULL) {
				DOCA_LOG_ERR(
				        "%s: '%s' has an empty, too long or second output file "
				        "after ','; use " ACCEPTED_FORMS
				        " (file names cannot contain ',')",
				        who, spec);
				return DOCA_ERROR_INVALID_VALUE;
			}
			memcpy(out->out, o, olen + 1);
		}
		out->kind = SDPA_WIRE_PCAP;
		return DOCA_SUCCESS;
	}
	if (strncmp(spec, "afpacket:", 9) == 0) {
		rest = spec + 9;
		len = strlen(rest);
		if (!ifname_valid(rest, len, sizeof(out->ifname))) {
			DOCA_LOG_ERR("%s: '%s' does not name a valid interface (1..%zu characters, "
			             "no '/', ':', ',' or spaces); use " ACCEPTED_FORMS,
			             who, spec, sizeof(out->ifname) - 1);
			return DOCA_ERROR_INVALID_VALUE;
		}
		memcpy(out->ifname, rest, len + 1);
		out->kind = SDPA_WIRE_AFPACKET;
		return DOCA_SUCCESS;
	}
	if (strncmp(spec, "unix:", 5) == 0) {
		rest = spec + 5;
		len = strlen(rest);
		if (len == 0 || len >= sizeof(out->path)) {
			DOCA_LOG_ERR("%s: '%s' names no socket path, or one longer than %zu bytes; "
			             "use " ACCEPTED_FORMS,
			             who, spec, sizeof(out->path) - 1);
			return DOCA_ERROR_INVALID_VALUE;
		}
		memcpy(out->path, rest, len + 1);
		out->kind = SDPA_WIRE_UNIX;
		return DOCA_SUCCESS;
	}
	DOCA_LOG_ERR("%s: '%s' is not a wire; use " ACCEPTED_FORMS, who, spec);
	return DOCA_ERROR_INVALID_VALUE;
}

doca_error_t sdpa_wire_create(const char *spec, uint16_t port_id, struct sdpa_wire **out)
{
	struct sdpa_wire_spec *parsed; /* 8 KiB: kept off small thread stacks */
	char who[48];
	doca_error_t r;

	if (out == NULL) {
		DOCA_LOG_ERR("sdpa_wire_create: out is NULL; pass where to store the wire");
		return DOCA_ERROR_INVALID_VALUE;
	}
	*out = NULL;
	snprintf(who, sizeof(who), "port %u", (unsigned int)port_id);
	parsed = malloc(sizeof(*parsed));
	if (parsed == NULL) {
		DOCA_LOG_ERR("%s: out of memory parsing the wire spec", who);
		return DOCA_ERROR_NO_MEMORY;
	}
	r = sdpa_wire_spec_parse(spec, who, parsed);
	if (r == DOCA_SUCCESS) {
		switch (parsed->kind) {
		case SDPA_WIRE_MEM:
			r = sdpa_wire_mem_create(
			        port_id, parsed->ring ? parsed->ring : SDPA_WIRE_MEM_RING_SIZE,
			        out);
			break;
		case SDPA_WIRE_PCAP:
			r = sdpa_wire_pcap_create(port_id, parsed->in,
			                          parsed->out[0] ? parsed->out : NULL, out);
			break;
		case SDPA_WIRE_AFPACKET:
			r = sdpa_wire_afpacket_create(port_id, parsed->ifname, out);
			break;
		case SDPA_WIRE_UNIX:
			r = sdpa_wire_unix_create(port_id, parsed->path, out);
			break;
		}
	}
	free(parsed);
	return r;
}

void sdpa_wire_close(struct sdpa_wire *w)
{
	if (w != NULL)
		w->ops->close(w);
}
