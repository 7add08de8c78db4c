/* SPDX-License-Identifier: BSD-3-Clause
 * DOCA Flow custom headers (doca_flow_custom_header.h), their parse graph
 * (doca_flow_custom_header_graph.h), the definitions that name their fields
 * (doca_flow_definitions.h), and the emulated flex parser that follows a bound graph
 * (flex.h). docs/FLOW.md "Custom headers" says what is emulated and how.
 *
 * Control plane: every object is checked against the live set kept here (a stale or
 * foreign pointer is INVALID_VALUE, never a crash); one lock. Binding a graph compiles it
 * into an immutable program the datapath reads through one pointer; unbinding swaps the
 * pointer, waits for the NIC workers (sdpa_nic_synchronize) and frees the old program.
 */
#include <inttypes.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <doca_dev.h>
#include <doca_flow_custom_header.h>
#include <doca_flow_custom_header_graph.h>
#include <doca_flow_definitions.h>

#include "core/atomics.h"
#include "core/devices.h"
#include "core/log.h"
#include "core/refuse.h"
#include "core/util.h"
#include "nic/flex.h"
#include "nic/flow_priv.h"
#include "nic/nic.h"

SDPA_LOG_REGISTER(flow_custom_header);

/* Return INVALID_VALUE, with its record "<fn>: <what>; <fix>", when 'cond' holds. */
#define CHECK_ARG(cond, what, fix)                                                                 \
	do {                                                                                       \
		if (SDPA_BAD_ARG(cond, what, fix))                                                 \
			return DOCA_ERROR_INVALID_VALUE;                                           \
	} while (0)

#define HDR_FIX     "pass the header made by doca_flow_custom_header_create"
#define SAMPLER_FIX "pass the sampler made by doca_flow_custom_header_sampler_create"
#define GRAPH_FIX   "pass the graph made by doca_flow_custom_header_graph_create"
#define ARC_FIX     "pass the arc made by doca_flow_custom_header_graph_arc_create"
#define DEFS_FIX    "pass the definitions object made by doca_flow_definitions_create"
#define CFG_FIX     "pass the configuration made by doca_flow_definitions_cfg_create"

enum { STR_MAX = 64, DEFS_MAX = 64, MAX_OPTS = 64, NEXT_MAX_BITS = 32 };

struct doca_flow_custom_header_sampler {
	struct doca_flow_custom_header *hdr;
	uint32_t id;       /* global: custom_header.sample<id> */
	uint32_t off, len; /* bits, in the header (or in the option) */
	bool is_opt;
	uint32_t opt_type;
	uint32_t tunnel_mode;
	char match_def[STR_MAX], valid_def[STR_MAX], action_def[STR_MAX];
};

struct doca_flow_custom_header {
	uint32_t fixed_len;                   /* bits */
	uint32_t len_off, len_bits, len_mult; /* length field: bits, bits, bytes per unit */
	uint32_t next_off, next_bits;         /* next-header field */
	bool has_tlv;
	uint32_t tlv_fixed, tlv_off;             /* bits */
	uint32_t type_off, type_bits;            /* in an option */
	uint32_t olen_off, olen_bits, olen_mult; /* in an option */
	uint32_t nsamplers;                      /* live samplers on it */
	uint32_t narcs;                          /* arcs naming it */
};

struct doca_flow_custom_header_graph {
	uint32_t narcs;
	bool bound;
};

struct doca_flow_custom_header_graph_arc {
	struct doca_flow_custom_header_graph *graph;
	bool has_src, has_dst;
	uint32_t src_type, field_data, dst_type;
	struct doca_flow_custom_header *src_hdr, *dst_hdr;
	bool start_tunnel;
};

struct doca_flow_definitions_cfg {
	uint32_t unused;
};

/* Where a defined field's value comes from / goes to. */
enum xsrc { XS_SAMPLE, XS_VALID, XS_PSP };

struct xdef {
	bool action;
	uint8_t src;  /* enum xsrc */
	uint32_t idx; /* sampler id or PSP dword (6..9) */
	uint32_t off, len;
};

struct doca_flow_definitions {
	uint32_t n;
	struct xdef d[DEFS_MAX];
};

/* ------------------------------------------------------------------ live objects */

enum okind { O_HDR = 1, O_SAMPLER, O_GRAPH, O_ARC, O_DEFS_CFG, O_DEFS };

struct live {
	void *p;
	enum okind k;
};

static pthread_mutex_t ch_lock = PTHREAD_MUTEX_INITIALIZER;
static struct live *lives;
static uint32_t nlives, caplives;
static struct doca_flow_custom_header_sampler *samplers[SDPA_FLEX_MAX_SAMPLERS];

static bool live_has(const void *p, enum okind k)
{
	for (uint32_t i = 0; p && i < nlives; i++)
		if (lives[i].p == p && lives[i].k == k)
			return true;
	return false;
}

static bool live_add(void *p, enum okind k)
{
	if (nlives == caplives) {
		uint32_t nc = caplives ? caplives * 2 : 64;
		struct live *nl = realloc(lives, nc * sizeof(*nl));

		if (nl == NULL)
			return false;
		lives = nl;
		caplives = nc;
	}
	lives[nlives].p = p;
	lives[nlives].k = k;
	nlives++;
	return true;
}

static void live_del(const void *p)
{
	for (uint32_t i = 0; i < nlives; i++) {
		if (lives[i].p == p) {
			lives[i] = lives[--nlives];
			return;
		}
	}
}

/* Create an object of 'size' bytes and kind k; NO_MEMORY logged. */
static doca_error_t obj_new(size_t size, enum okind k, void **out, const char *fn)
{
	void *p = calloc(1, size);

	if (p == NULL || !live_add(p, k)) {
		free(p);
		DOCA_LOG_ERR("%s: out of memory; free memory and retry", fn);
		return DOCA_ERROR_NO_MEMORY;
	}
	*out = p;
	return DOCA_SUCCESS;
}

/* Look up a live object under ch_lock; INVALID_VALUE with one line when it is not. */
#define LIVE_OR_FAIL(p, k, name, fix)                                                              \
	do {                                                                                       \
		if (!live_has((p), (k))) {                                                         \
			pthread_mutex_unlock(&ch_lock);                                            \
			DOCA_LOG_ERR("%s: %s %p is %s; %s", __func__, name, (const void *)(p),     \
			             (p) == NULL ? "NULL" : "not a live object", fix);             \
			return DOCA_ERROR_INVALID_VALUE;                                           \
		}                                                                                  \
	} while (0)

/* A setter of a header: check it is live and not bound, then run 'body' under the lock. */
#define HDR_SET(h, body)                                                                           \
	do {                                                                                       \
		pthread_mutex_lock(&ch_lock);                                                      \
		LIVE_OR_FAIL(h, O_HDR, "custom_header", HDR_FIX);                                  \
		body;                                                                              \
		pthread_mutex_unlock(&ch_lock);                                                    \
		return DOCA_SUCCESS;                                                               \
	} while (0)

#define SAMPLER_SET(s, body)                                                                       \
	do {                                                                                       \
		pthread_mutex_lock(&ch_lock);                                                      \
		LIVE_OR_FAIL(s, O_SAMPLER, "sampler", SAMPLER_FIX);                                \
		body;                                                                              \
		pthread_mutex_unlock(&ch_lock);                                                    \
		return DOCA_SUCCESS;                                                               \
	} while (0)

static bool is_pow2(uint32_t v)
{
	return v != 0 && (v & (v - 1)) == 0;
}

/* ------------------------------------------------------------------ custom header */

DOCA_EXPERIMENTAL doca_error_t
doca_flow_custom_header_create(struct doca_flow_custom_header **custom_header)
{
	doca_error_t r;
	void *p;

	CHECK_ARG(custom_header == NULL, "custom_header is NULL",
	          "pass where to store the new custom header");
	pthread_mutex_lock(&ch_lock);
	r = obj_new(sizeof(struct doca_flow_custom_header), O_HDR, &p, __func__);
	pthread_mutex_unlock(&ch_lock);
	if (r != DOCA_SUCCESS)
		return r;
	((struct doca_flow_custom_header *)p)->len_mult = 1;
	((struct doca_flow_custom_header *)p)->olen_mult = 1;
	*custom_header = p;
	return DOCA_SUCCESS;
}

DOCA_EXPERIMENTAL doca_error_t
doca_flow_custom_header_destroy(struct doca_flow_custom_header *custom_header)
{
	pthread_mutex_lock(&ch_lock);
	LIVE_OR_FAIL(custom_header, O_HDR, "custom_header", HDR_FIX);
	if (custom_header->nsamplers || custom_header->narcs) {
		pthread_mutex_unlock(&ch_lock);
		DOCA_LOG_ERR("%s: the header still has %u samplers and %u arcs; destroy them "
		             "first",
		             __func__, custom_header->nsamplers, custom_header->narcs);
		return DOCA_ERROR_IN_USE;
	}
	live_del(custom_header);
	pthread_mutex_unlock(&ch_lock);
	free(custom_header);
	return DOCA_SUCCESS;
}

DOCA_EXPERIMENTAL doca_error_t doca_flow_custom_header_next_hdr_set_offset(
        struct doca_flow_custom_header *custom_header, uint32_t bit_offset)
{
	HDR_SET(custom_header, custom_header->next_off = bit_offset);
}

DOCA_EXPERIMENTAL doca_error_t doca_flow_custom_header_next_hdr_set_length(
        struct doca_flow_custom_header *custom_header, uint32_t bit_length)
{
	CHECK_ARG(bit_length > NEXT_MAX_BITS, "bit_length is more than 32",
	          "pass the next-header field's width, 1..32 bits");
	HDR_SET(custom_header, custom_header->next_bits = bit_length);
}

DOCA_EXPERIMENTAL doca_error_t doca_flow_custom_header_length_field_set_fixed_length(
        struct doca_flow_custom_header *custom_header, uint32_t fixed_length)
{
	CHECK_ARG(fixed_length % 32 != 0, "fixed_length is not a multiple of 32",
	          "pass the length in bits, a whole number of 32-bit words");
	HDR_SET(custom_header, custom_header->fixed_len = fixed_length);
}

DOCA_EXPERIMENTAL doca_error_t doca_flow_custom_header_length_field_set_offset(
        struct doca_flow_custom_header *custom_header, uint32_t bit_offset)
{
	HDR_SET(custom_header, custom_header->len_off = bit_offset);
}

DOCA_EXPERIMENTAL doca_error_t doca_flow_custom_header_length_field_set_length(
        struct doca_flow_custom_header *custom_header, uint32_t bit_length)
{
	CHECK_ARG(bit_length > NEXT_MAX_BITS, "bit_length is more than 32",
	          "pass the length field's width, 1..32 bits");
	HDR_SET(custom_header, custom_header->len_bits = bit_length);
}

DOCA_EXPERIMENTAL doca_error_t doca_flow_custom_header_length_field_set_multiplier(
        struct doca_flow_custom_header *custom_header, uint32_t multiplier)
{
	CHECK_ARG(!is_pow2(multiplier), "multiplier is not a power of two", "pass 1, 2, 4, 8 ...");
	HDR_SET(custom_header, custom_header->len_mult = multiplier);
}

DOCA_EXPERIMENTAL doca_error_t doca_flow_custom_header_tlv_options_set_fixed_length(
        struct doca_flow_custom_header *custom_header, uint32_t fixed_length)
{
	CHECK_ARG(fixed_length % 32 != 0, "fixed_length is not a multiple of 32",
	          "pass the length in bits, a whole number of 32-bit words");
	HDR_SET(custom_header, {
		custom_header->tlv_fixed = fixed_length;
		custom_header->has_tlv = true;
	});
}

DOCA_EXPERIMENTAL doca_error_t doca_flow_custom_header_tlv_options_set_offset(
        struct doca_flow_custom_header *custom_header, uint32_t bit_offset)
{
	CHECK_ARG(bit_offset % 8 != 0, "bit_offset is not a multiple of 8",
	          "options start on a byte: pass a multiple of 8");
	HDR_SET(custom_header, {
		custom_header->tlv_off = bit_offset;
		custom_header->has_tlv = true;
	});
}

DOCA_EXPERIMENTAL doca_error_t doca_flow_custom_header_tlv_options_type_set_offset(
        struct doca_flow_custom_header *custom_header, uint32_t bit_offset)
{
	HDR_SET(custom_header, custom_header->type_off = bit_offset);
}

DOCA_EXPERIMENTAL doca_error_t doca_flow_custom_header_tlv_options_type_set_length(
        struct doca_flow_custom_header *custom_header, uint32_t bit_length)
{
	CHECK_ARG(bit_length == 0 || bit_length > NEXT_MAX_BITS, "bit_length is not 1..32",
	          "pass the option type's width in bits");
	HDR_SET(custom_header, custom_header->type_bits = bit_length);
}

DOCA_EXPERIMENTAL doca_error_t doca_flow_custom_header_tlv_options_length_set_offset(
        struct doca_flow_custom_header *custom_header, uint32_t bit_offset)
{
	HDR_SET(custom_header, custom_header->olen_off = bit_offset);
}

DOCA_EXPERIMENTAL doca_error_t doca_flow_custom_header_tlv_options_length_set_length(
        struct doca_flow_custom_header *custom_header, uint32_t bit_length)
{
	CHECK_ARG(bit_length > NEXT_MAX_BITS, "bit_length is more than 32",
	          "pass the option length's width, 1..32 bits");
	HDR_SET(custom_header, custom_header->olen_bits = bit_length);
}

DOCA_EXPERIMENTAL doca_error_t doca_flow_custom_header_tlv_options_length_set_multiplier(
        struct doca_flow_custom_header *custom_header, uint32_t multiplier)
{
	CHECK_ARG(!is_pow2(multiplier), "multiplier is not a power of two", "pass 1, 2, 4, 8 ...");
	HDR_SET(custom_header, custom_header->olen_mult = multiplier);
}

/* ------------------------------------------------------------------ samplers */

DOCA_EXPERIMENTAL doca_error_t
doca_flow_custom_header_sampler_create(struct doca_flow_custom_header *custom_header,
                                       struct doca_flow_custom_header_sampler **sampler)
{
	struct doca_flow_custom_header_sampler *s;
	uint32_t id = 0;
	doca_error_t r;
	void *p;

	CHECK_ARG(sampler == NULL, "sampler is NULL", "pass where to store the new sampler");
	pthread_mutex_lock(&ch_lock);
	LIVE_OR_FAIL(custom_header, O_HDR, "custom_header", HDR_FIX);
	while (id < SDPA_FLEX_MAX_SAMPLERS && samplers[id] != NULL)
		id++;
	if (id == SDPA_FLEX_MAX_SAMPLERS) {
		pthread_mutex_unlock(&ch_lock);
		DOCA_LOG_ERR("%s: all %u samplers are in use; destroy one first", __func__,
		             SDPA_FLEX_MAX_SAMPLERS);
		return DOCA_ERROR_FULL;
	}
	r = obj_new(sizeof(*s), O_SAMPLER, &p, __func__);
	if (r != DOCA_SUCCESS) {
		pthread_mutex_unlock(&ch_lock);
		return r;
	}
	s = p;
	s->hdr = custom_header;
	s->id = id;
	s->len = 32;
	snprintf(s->match_def, STR_MAX, "match.packet.custom_header.sample%u", id);
	snprintf(s->valid_def, STR_MAX, "match.packet.custom_header.sample%u.valid", id);
	snprintf(s->action_def, STR_MAX, "actions.packet.custom_header.sample%u", id);
	samplers[id] = s;
	custom_header->nsamplers++;
	pthread_mutex_unlock(&ch_lock);
	*sampler = s;
	return DOCA_SUCCESS;
}

DOCA_EXPERIMENTAL doca_error_t
doca_flow_custom_header_sampler_destroy(struct doca_flow_custom_header_sampler *sampler)
{
	pthread_mutex_lock(&ch_lock);
	LIVE_OR_FAIL(sampler, O_SAMPLER, "sampler", SAMPLER_FIX);
	sampler->hdr->nsamplers--;
	samplers[sampler->id] = NULL;
	live_del(sampler);
	pthread_mutex_unlock(&ch_lock);
	free(sampler);
	return DOCA_SUCCESS;
}

DOCA_EXPERIMENTAL doca_error_t doca_flow_custom_header_sampler_set_offset(
        struct doca_flow_custom_header_sampler *sampler, uint32_t bit_offset)
{
	SAMPLER_SET(sampler, sampler->off = bit_offset);
}

DOCA_EXPERIMENTAL doca_error_t doca_flow_custom_header_sampler_set_length(
        struct doca_flow_custom_header_sampler *sampler, uint32_t bit_length)
{
	CHECK_ARG(bit_length == 0 || bit_length > 64, "bit_length is not 1..64",
	          "pass how many bits to capture, at most 64");
	SAMPLER_SET(sampler, sampler->len = bit_length);
}

DOCA_EXPERIMENTAL doca_error_t doca_flow_custom_header_sampler_enable_is_options(
        struct doca_flow_custom_header_sampler *sampler, uint32_t option_type)
{
	SAMPLER_SET(sampler, {
		sampler->is_opt = true;
		sampler->opt_type = option_type;
	});
}

DOCA_EXPERIMENTAL doca_error_t doca_flow_custom_header_sampler_set_tunnel_mode(
        struct doca_flow_custom_header_sampler *sampler,
        enum doca_flow_custom_header_sampler_tunnel_mode tunnel_mode)
{
	switch (tunnel_mode) {
	case DOCA_FLOW_CUSTOM_HEADER_SAMPLER_TUNNEL_MODE_OUTER:
	case DOCA_FLOW_CUSTOM_HEADER_SAMPLER_TUNNEL_MODE_INNER:
	case DOCA_FLOW_CUSTOM_HEADER_SAMPLER_TUNNEL_MODE_FIRST:
		break;
	default:
		sdpa_bad_arg(
		        SDPA_SITE, "unknown tunnel_mode",
		        "pass DOCA_FLOW_CUSTOM_HEADER_SAMPLER_TUNNEL_MODE_OUTER, _INNER or _FIRST");
		return DOCA_ERROR_INVALID_VALUE;
	}
	SAMPLER_SET(sampler, sampler->tunnel_mode = (uint32_t)tunnel_mode);
}

static doca_error_t get_def(struct doca_flow_custom_header_sampler *sampler,
                            const char **opcode_str, int which, const char *fn)
{
	if (opcode_str == NULL) {
		DOCA_LOG_ERR("%s: opcode_str is NULL; pass where to store the string", fn);
		return DOCA_ERROR_INVALID_VALUE;
	}
	pthread_mutex_lock(&ch_lock);
	if (!live_has(sampler, O_SAMPLER)) {
		pthread_mutex_unlock(&ch_lock);
		DOCA_LOG_ERR("%s: sampler %p is %s; %s", fn, (void *)sampler,
		             sampler == NULL ? "NULL" : "not a live object", SAMPLER_FIX);
		return DOCA_ERROR_INVALID_VALUE;
	}
	*opcode_str = which == 0   ? sampler->match_def
	              : which == 1 ? sampler->action_def
	                           : sampler->valid_def;
	pthread_mutex_unlock(&ch_lock);
	return DOCA_SUCCESS;
}

DOCA_EXPERIMENTAL doca_error_t doca_flow_custom_header_sampler_get_match_definition(
        struct doca_flow_custom_header_sampler *sampler, const char **opcode_str)
{
	return get_def(sampler, opcode_str, 0, __func__);
}

DOCA_EXPERIMENTAL doca_error_t doca_flow_custom_header_sampler_get_action_definition(
        struct doca_flow_custom_header_sampler *sampler, const char **opcode_str)
{
	return get_def(sampler, opcode_str, 1, __func__);
}

DOCA_EXPERIMENTAL doca_error_t doca_flow_custom_header_sampler_get_valid_bit_definition(
        struct doca_flow_custom_header_sampler *sampler, const char **opcode_str)
{
	return get_def(sampler, opcode_str, 2, __func__);
}

/* ------------------------------------------------------------------ the flex program */

/* A bound graph, compiled: what the datapath reads. Immutable once published. */
struct fsamp {
	uint32_t id, off, len;
	bool is_opt;
	uint32_t opt_type;
};

struct fhdr {
	uint32_t fixed_len, len_off, len_bits, len_mult, next_off, next_bits;
	bool has_tlv;
	uint32_t tlv_fixed, tlv_off, type_off, type_bits, olen_off, olen_bits, olen_mult;
	uint32_t nsamp;
	struct fsamp samp[SDPA_FLEX_MAX_SAMPLERS];
};

struct farc {
	uint32_t src_type, field_data;
	int32_t src_hdr; /* FLEX source: index in hdrs */
	int32_t dst_hdr;
};

struct fprog {
	uint32_t nhdr, narcs;
	struct fhdr hdrs[SDPA_FLEX_MAX_HDRS];
	struct farc arcs[SDPA_FLEX_MAX_ARCS];
};

static sdpa_atomic_ptr active_prog; /* struct fprog *: the bound graph's program */
static sdpa_atomic_u32 psp_defined; /* PSP extension fields are defined */
static struct doca_flow_custom_header_graph *bound_graph;
static uint32_t bound_devs; /* devices the graph is bound to */

sdpa_atomic_u32 sdpa_flex_on; /* SDPA_FLEX_ON_* (flex.h) */

/* One bit of sdpa_flex_on; the graph's bit under ch_lock, the definitions' under defs_lock. */
static void flex_on_set(uint32_t bit, bool on)
{
	if (on)
		(void)sdpa_fetch_or_relaxed(&sdpa_flex_on, bit);
	else
		(void)sdpa_fetch_and_relaxed(&sdpa_flex_on, ~bit);
}

/* Bits [off, off+n) of p (n <= 64, big-endian bit order), reading only p[0..lim). */
static bool bits_at(const uint8_t *p, uint64_t lim_bits, uint64_t off, uint32_t n, uint64_t *out)
{
	uint64_t v = 0;

	if (n == 0 || n > 64 || off + n > lim_bits)
		return false;
	for (uint32_t i = 0; i < n; i++) {
		uint64_t b = off + i;

		v = v << 1 | ((p[b / 8] >> (7 - b % 8)) & 1);
	}
	*out = v;
	return true;
}

static void bits_put(uint8_t *p, uint64_t off, uint32_t n, uint64_t v)
{
	for (uint32_t i = 0; i < n; i++) {
		uint64_t b = off + i;
		uint8_t m = (uint8_t)(1u << (7 - b % 8));

		if ((v >> (n - 1 - i)) & 1)
			p[b / 8] |= m;
		else
			p[b / 8] = (uint8_t)(p[b / 8] & ~m);
	}
}

const char *sdpa_flex_error_name(uint32_t error)
{
	static const char *const names[SDPA_FLEX_ERR_COUNT] = {
	        [SDPA_FLEX_OK] = "ok",
	        [SDPA_FLEX_ERR_TRUNC] = "custom header truncated",
	        [SDPA_FLEX_ERR_OPT_TRUNC] = "custom header option truncated",
	        [SDPA_FLEX_ERR_DEPTH] = "custom headers nested deeper than the graph",
	};

	return error < SDPA_FLEX_ERR_COUNT ? names[error] : "unknown custom header error";
}

static bool fail(struct sdpa_flex_res *r, uint32_t err, uint32_t off)
{
	r->error = err;
	r->error_off = off;
	return false;
}

/* Parse custom header h at byte 'at'; 'end' = end of the IP packet (or frame). Returns its
 * length in bytes, 0 on error (r->error set). */
static uint32_t parse_hdr(const struct fhdr *h, const uint8_t *f, uint32_t at, uint32_t end,
                          struct sdpa_flex_res *r)
{
	uint64_t lim = (uint64_t)(end - at) * 8, v;
	uint64_t hlen = h->fixed_len / 8;

	if (h->len_bits) {
		if (!bits_at(f + at, lim, h->len_off, h->len_bits, &v))
			return fail(r, SDPA_FLEX_ERR_TRUNC, at), 0;
		hlen += v * h->len_mult;
	}
	if (hlen == 0 || hlen > end - at)
		return fail(r, SDPA_FLEX_ERR_TRUNC, at), 0;
	lim = hlen * 8;
	for (uint32_t i = 0; i < h->nsamp; i++) {
		const struct fsamp *s = &h->samp[i];

		if (!s->is_opt) {
			if (s->off + s->len <= lim) {
				r->valid |= 1u << s->id;
				r->off[s->id] = at * 8 + s->off;
				r->nbits[s->id] = (uint8_t)s->len;
			}
			continue;
		}
		if (!h->has_tlv)
			continue;
		/* Walk the options for the first of this type. */
		uint64_t o = h->tlv_off / 8;
		for (uint32_t k = 0; k < MAX_OPTS && o < hlen; k++) {
			uint64_t type, ol, olen;

			if (!bits_at(f + at + o, (hlen - o) * 8, h->type_off, h->type_bits,
			             &type) ||
			    (h->olen_bits &&
			     !bits_at(f + at + o, (hlen - o) * 8, h->olen_off, h->olen_bits, &ol)))
				return fail(r, SDPA_FLEX_ERR_OPT_TRUNC, (uint32_t)(at + o)), 0;
			olen = h->tlv_fixed / 8 + (h->olen_bits ? ol * h->olen_mult : 0);
			if (olen == 0 || olen > hlen - o)
				return fail(r, SDPA_FLEX_ERR_OPT_TRUNC, (uint32_t)(at + o)), 0;
			if (type == s->opt_type) {
				if (s->off + s->len <= olen * 8) {
					r->valid |= 1u << s->id;
					r->off[s->id] = (uint32_t)((at + o) * 8 + s->off);
					r->nbits[s->id] = (uint8_t)s->len;
				}
				break;
			}
			o += olen;
		}
	}
	return (uint32_t)hlen;
}

/* The first arc from native node 'type' whose field data equals v. */
static int find_arc(const struct fprog *p, uint32_t type, uint64_t v, int32_t src_hdr)
{
	for (uint32_t i = 0; i < p->narcs; i++) {
		const struct farc *a = &p->arcs[i];

		if (a->field_data != v || a->src_hdr != src_hdr)
			continue;
		if (a->src_type == type || (a->src_type == DOCA_FLOW_CUSTOM_HEADER_GRAPH_NODE_IP &&
		                            (type == DOCA_FLOW_CUSTOM_HEADER_GRAPH_NODE_IPV4 ||
		                             type == DOCA_FLOW_CUSTOM_HEADER_GRAPH_NODE_IPV6)))
			return (int)i;
	}
	return -1;
}

bool sdpa_flex_parse(const uint8_t *f, uint32_t len, const struct sdpa_pkt_info *info,
                     struct sdpa_flex_res *r)
{
	/* A-prog pairs with R-prog in graph_bind: the program's fields are visible. */
	const struct fprog *p = sdpa_load_acquire(&active_prog);
	const struct sdpa_pkt_hdrs *h = &info->outer;
	uint32_t end = h->l3_end ? h->l3_end : len;
	uint32_t at = 0;
	int arc = -1;

	memset(r, 0, sizeof(*r));
	if (end > len)
		end = len;
	/* The outer TCP/UDP checksum covers what follows the L4 header: a rewrite keeps it. */
	if (h->l4_type == SDPA_L4_UDP && h->l4_ok) {
		r->l4_csum_off = h->l4_off + 6;
		r->l4_udp = true;
	} else if (h->l4_type == SDPA_L4_TCP && h->l4_ok && !h->ip_fragmented) {
		r->l4_csum_off = h->l4_off + 16;
	}
	if (r->l4_csum_off + 2 > len)
		r->l4_csum_off = 0;
	/* PSP over UDP (the PSP extension words of the definitions). */
	if (sdpa_load_relaxed(&psp_defined) && h->l4_type == SDPA_L4_UDP && h->l4_ok &&
	    sdpa_be16((const uint8_t *)&h->udp.l4_port.dst_port) == DOCA_FLOW_PSP_DEFAULT_PORT) {
		uint32_t q = h->l4_off + SDPA_UDP_HLEN;

		if (end - q >= 8) {
			uint32_t plen = 8 + (uint32_t)f[q + 1] * 8;

			if (plen <= end - q) {
				r->psp_off = q;
				r->psp_len = plen;
			}
		}
	}
	if (p == NULL)
		return true;
	/* Where the graph leaves the native parser: the first arc out of the outer stack. */
	if (h->l4_type == SDPA_L4_UDP && h->l4_ok) {
		arc = find_arc(p, DOCA_FLOW_CUSTOM_HEADER_GRAPH_NODE_UDP,
		               sdpa_be16((const uint8_t *)&h->udp.l4_port.dst_port), -1);
		at = h->l4_off + SDPA_UDP_HLEN;
	} else if (h->l4_type == SDPA_L4_TCP && h->l4_ok) {
		arc = find_arc(p, DOCA_FLOW_CUSTOM_HEADER_GRAPH_NODE_TCP,
		               sdpa_be16((const uint8_t *)&h->tcp.l4_port.dst_port), -1);
		at = h->l4_off + (uint32_t)(h->tcp.data_offset >> 4) * 4;
	}
	if (arc < 0 && h->l3_ok && (h->l3_type == SDPA_L3_IP4 || h->l3_type == SDPA_L3_IP6)) {
		uint8_t proto = h->l3_type == SDPA_L3_IP4 ? h->ip4.next_proto : h->ip6.next_proto;

		arc = find_arc(p,
		               h->l3_type == SDPA_L3_IP4 ? DOCA_FLOW_CUSTOM_HEADER_GRAPH_NODE_IPV4
		                                         : DOCA_FLOW_CUSTOM_HEADER_GRAPH_NODE_IPV6,
		               proto, -1);
		at = h->l4_off;
		if (arc >= 0)
			r->l4_csum_off = 0; /* the custom header is the L4: no checksum covers it */
	}
	if (arc < 0 && h->l3_type == SDPA_L3_NONE && h->l3_off) {
		arc = find_arc(p, DOCA_FLOW_CUSTOM_HEADER_GRAPH_NODE_MAC,
		               sdpa_be16((const uint8_t *)&h->eth.type), -1);
		at = h->l3_off;
		end = len;
		r->l4_csum_off = 0;
	}
	if (arc < 0)
		return true;
	for (uint32_t depth = 0;; depth++) {
		const struct fhdr *fh;
		uint32_t hlen;
		uint64_t next;
		int32_t cur = p->arcs[arc].dst_hdr;

		if (depth == SDPA_FLEX_MAX_HDRS)
			return fail(r, SDPA_FLEX_ERR_DEPTH, at);
		if (at > end)
			return fail(r, SDPA_FLEX_ERR_TRUNC, at);
		fh = &p->hdrs[cur];
		hlen = parse_hdr(fh, f, at, end, r);
		if (hlen == 0)
			return false;
		if (fh->next_bits == 0 ||
		    !bits_at(f + at, (uint64_t)hlen * 8, fh->next_off, fh->next_bits, &next))
			return true;
		arc = find_arc(p, DOCA_FLOW_CUSTOM_HEADER_GRAPH_NODE_FLEX, next, cur);
		if (arc < 0)
			return true;
		at += hlen;
	}
}

/* ------------------------------------------------------------------ definitions */

static pthread_mutex_t defs_lock = PTHREAD_MUTEX_INITIALIZER;
static struct doca_flow_definitions active_defs; /* in force while DOCA Flow runs */
static uint32_t match_size = sizeof(struct doca_flow_match);
static uint32_t actions_size = sizeof(struct doca_flow_actions);

uint32_t sdpa_defs_match_size(void)
{
	return match_size;
}

uint32_t sdpa_defs_actions_size(void)
{
	return actions_size;
}

DOCA_EXPERIMENTAL doca_error_t
doca_flow_definitions_cfg_create(struct doca_flow_definitions_cfg **defs_cfg)
{
	doca_error_t r;
	void *p;

	CHECK_ARG(defs_cfg == NULL, "defs_cfg is NULL",
	          "pass where to store the new configuration");
	pthread_mutex_lock(&ch_lock);
	r = obj_new(sizeof(struct doca_flow_definitions_cfg), O_DEFS_CFG, &p, __func__);
	pthread_mutex_unlock(&ch_lock);
	if (r == DOCA_SUCCESS)
		*defs_cfg = p;
	return r;
}

DOCA_EXPERIMENTAL doca_error_t
doca_flow_definitions_cfg_destroy(struct doca_flow_definitions_cfg *defs_cfg)
{
	pthread_mutex_lock(&ch_lock);
	LIVE_OR_FAIL(defs_cfg, O_DEFS_CFG, "defs_cfg", CFG_FIX);
	live_del(defs_cfg);
	pthread_mutex_unlock(&ch_lock);
	free(defs_cfg);
	return DOCA_SUCCESS;
}

DOCA_EXPERIMENTAL doca_error_t doca_flow_definitions_create(
        struct doca_flow_definitions_cfg *defs_cfg, struct doca_flow_definitions **defs)
{
	doca_error_t r;
	void *p;

	CHECK_ARG(defs == NULL, "defs is NULL", "pass where to store the new definitions object");
	pthread_mutex_lock(&ch_lock);
	LIVE_OR_FAIL(defs_cfg, O_DEFS_CFG, "defs_cfg", CFG_FIX);
	r = obj_new(sizeof(struct doca_flow_definitions), O_DEFS, &p, __func__);
	pthread_mutex_unlock(&ch_lock);
	if (r == DOCA_SUCCESS)
		*defs = p;
	return r;
}

/* What an opcode string names: a sampler's data/valid bit/action, or a PSP word. */
static bool parse_opcode(const char *s, bool *action, uint8_t *src, uint32_t *idx)
{
	unsigned int n;
	int used = 0;

	if (strncmp(s, "match.packet.", 13) == 0) {
		*action = false;
		s += 13;
	} else if (strncmp(s, "actions.packet.", 15) == 0) {
		*action = true;
		s += 15;
	} else {
		return false;
	}
	if (sscanf(s, "tunnel.psp.dw%u%n", &n, &used) == 1 && s[used] == '\0' && n >= 6 && n <= 9) {
		*src = XS_PSP;
		*idx = n;
		return true;
	}
	if (sscanf(s, "custom_header.sample%u%n", &n, &used) == 1 && n < SDPA_FLEX_MAX_SAMPLERS) {
		if (s[used] == '\0') {
			*src = XS_SAMPLE;
		} else if (strcmp(s + used, ".valid") == 0 && !*action) {
			*src = XS_VALID;
		} else {
			return false;
		}
		*idx = n;
		return true;
	}
	return false;
}

DOCA_EXPERIMENTAL doca_error_t doca_flow_definitions_add_field(struct doca_flow_definitions *defs,
                                                               const char *field_opcode_str,
                                                               uint32_t field_offset,
                                                               uint32_t field_length)
{
	struct xdef d = {0};
	uint32_t base, ext;

	CHECK_ARG(field_opcode_str == NULL, "field_opcode_str is NULL",
	          "pass the field's opcode string, e.g. \"match.packet.tunnel.psp.dw6\"");
	CHECK_ARG(field_length == 0, "field_length is 0", "pass the field's size in bytes");
	if (!parse_opcode(field_opcode_str, &d.action, &d.src, &d.idx)) {
		DOCA_LOG_ERR("%s: unknown field opcode string \"%s\"; pass \"match.packet.tunnel."
		             "psp.dw6\"..\"dw9\" (or actions.packet...), or a string a sampler's "
		             "doca_flow_custom_header_sampler_get_*_definition gave",
		             __func__, field_opcode_str);
		return DOCA_ERROR_INVALID_VALUE;
	}
	base = d.action ? sizeof(struct doca_flow_actions) : sizeof(struct doca_flow_match);
	ext = d.action ? SDPA_ACT_EXT : SDPA_VIEW_EXT;
	if (field_offset < base || field_length > ext || field_offset - base > ext - field_length ||
	    (d.action && field_length > 16) || (d.src == XS_VALID && field_length != 1) ||
	    (d.src == XS_PSP && field_length != 4)) {
		DOCA_LOG_ERR("%s: \"%s\" at offset %u, %u bytes: a field lies after struct "
		             "doca_flow_%s (%u bytes) and within the %u bytes after it (a valid "
		             "bit is 1 byte, a PSP word 4, an action field at most 16); fix the "
		             "offset or length",
		             __func__, field_opcode_str, field_offset, field_length,
		             d.action ? "actions" : "match", base, ext);
		return DOCA_ERROR_INVALID_VALUE;
	}
	d.off = field_offset;
	d.len = field_length;
	pthread_mutex_lock(&ch_lock);
	LIVE_OR_FAIL(defs, O_DEFS, "defs", DEFS_FIX);
	if (d.src != XS_PSP && samplers[d.idx] == NULL) {
		pthread_mutex_unlock(&ch_lock);
		DOCA_LOG_ERR("%s: \"%s\" names sampler %u, which does not exist; create the "
		             "sampler first",
		             __func__, field_opcode_str, d.idx);
		return DOCA_ERROR_INVALID_VALUE;
	}
	for (uint32_t i = 0; i < defs->n; i++) {
		const struct xdef *o = &defs->d[i];

		if (o->action == d.action && o->off < d.off + d.len && d.off < o->off + o->len) {
			pthread_mutex_unlock(&ch_lock);
			DOCA_LOG_ERR("%s: \"%s\" at offset %u overlaps another defined field "
			             "(offset %u, %u bytes); give each field its own bytes",
			             __func__, field_opcode_str, d.off, o->off, o->len);
			return DOCA_ERROR_INVALID_VALUE;
		}
	}
	if (defs->n == DEFS_MAX) {
		pthread_mutex_unlock(&ch_lock);
		DOCA_LOG_ERR("%s: more than %u fields; define fewer", __func__, DEFS_MAX);
		return DOCA_ERROR_FULL;
	}
	defs->d[defs->n++] = d;
	pthread_mutex_unlock(&ch_lock);
	return DOCA_SUCCESS;
}

DOCA_EXPERIMENTAL void doca_flow_definitions_destroy(struct doca_flow_definitions *defs)
{
	pthread_mutex_lock(&ch_lock);
	if (!live_has(defs, O_DEFS)) {
		pthread_mutex_unlock(&ch_lock);
		DOCA_LOG_ERR("%s: defs %p is %s; %s", __func__, (void *)defs,
		             defs == NULL ? "NULL" : "not a live object", DEFS_FIX);
		return;
	}
	live_del(defs);
	pthread_mutex_unlock(&ch_lock);
	free(defs);
}

doca_error_t sdpa_defs_activate(const struct doca_flow_definitions *defs)
{
	uint32_t ms = sizeof(struct doca_flow_match), as = sizeof(struct doca_flow_actions);
	bool psp = false;

	pthread_mutex_lock(&ch_lock);
	if (defs != NULL && !live_has(defs, O_DEFS)) {
		pthread_mutex_unlock(&ch_lock);
		DOCA_LOG_ERR("doca_flow_init: the definitions set by doca_flow_cfg_set_definitions "
		             "were destroyed; keep them until doca_flow_init returns");
		return DOCA_ERROR_INVALID_VALUE;
	}
	pthread_mutex_lock(&defs_lock);
	memset(&active_defs, 0, sizeof(active_defs));
	if (defs != NULL)
		active_defs = *defs;
	for (uint32_t i = 0; i < active_defs.n; i++) {
		const struct xdef *d = &active_defs.d[i];

		if (d->action)
			as = SDPA_MAX(as, d->off + d->len);
		else
			ms = SDPA_MAX(ms, d->off + d->len);
		psp |= d->src == XS_PSP;
	}
	match_size = ms;
	actions_size = as;
	sdpa_store_relaxed(&psp_defined, psp ? 1u : 0u);
	flex_on_set(SDPA_FLEX_ON_DEFS, active_defs.n != 0);
	pthread_mutex_unlock(&defs_lock);
	pthread_mutex_unlock(&ch_lock);
	return DOCA_SUCCESS;
}

void sdpa_defs_deactivate(void)
{
	pthread_mutex_lock(&defs_lock);
	memset(&active_defs, 0, sizeof(active_defs));
	match_size = sizeof(struct doca_flow_match);
	actions_size = sizeof(struct doca_flow_actions);
	sdpa_store_relaxed(&psp_defined, 0u);
	flex_on_set(SDPA_FLEX_ON_DEFS, false);
	pthread_mutex_unlock(&defs_lock);
}

static bool all_val(const uint8_t *p, uint32_t n, uint8_t v)
{
	for (uint32_t i = 0; i < n; i++)
		if (p[i] != v)
			return false;
	return true;
}

doca_error_t sdpa_defs_match_compile(const uint8_t *match, const uint8_t *mask, bool literal,
                                     const char *who, uint8_t *omask, uint8_t *ocval, uint8_t *oper)
{
	(void)who;
	/* The definitions are fixed between doca_flow_init and doca_flow_destroy: no lock
	 * needed against a change while pipes are made. */
	for (uint32_t i = 0; i < active_defs.n; i++) {
		const struct xdef *d = &active_defs.d[i];
		const uint8_t *v = match ? match + d->off : NULL;
		const uint8_t *k = mask ? mask + d->off : NULL;
		bool per;

		if (d->action)
			continue;
		if (k) {
			if (all_val(k, d->len, 0))
				continue;
			per = !literal &&
			      (v == NULL || all_val(v, d->len, 0) || all_val(v, d->len, 0xff));
		} else {
			if (v == NULL || all_val(v, d->len, 0))
				continue;
			per = !literal && all_val(v, d->len, 0xff);
		}
		for (uint32_t b = 0; b < d->len; b++) {
			uint32_t o = d->off + b;

			omask[o] = k ? k[b] : 0xff;
			if (per)
				oper[o] = 1;
			else
				ocval[o] = (uint8_t)((v ? v[b] : 0) & omask[o]);
		}
	}
	return DOCA_SUCCESS;
}

static uint32_t xkind_of(const struct xdef *d)
{
	return d->src == XS_PSP ? SDPA_XFIELD_PSP_DW + d->idx : SDPA_XFIELD_SAMPLE + d->idx;
}

doca_error_t sdpa_defs_act_compile(const uint8_t *act, const uint8_t *mask, const char *who,
                                   struct sdpa_act_tmpl *out)
{
	for (uint32_t i = 0; i < active_defs.n; i++) {
		const struct xdef *d = &active_defs.d[i];
		const uint8_t *v = act + d->off;
		const uint8_t *k = mask ? mask + d->off : NULL;
		struct sdpa_op *op;
		bool per;

		if (!d->action)
			continue;
		if (k ? all_val(k, d->len, 0) : all_val(v, d->len, 0))
			continue;
		per = all_val(v, d->len, 0xff);
		if (out->nops == SDPA_FLOW_MAX_OPS) {
			DOCA_LOG_ERR("%s: more than %u modified fields in one action template; "
			             "split them over pipes",
			             who, SDPA_FLOW_MAX_OPS);
			return DOCA_ERROR_NOT_SUPPORTED;
		}
		op = &out->ops[out->nops++];
		memset(op, 0, sizeof(*op));
		op->kind = SDPA_OP_XFIELD;
		op->size = (uint8_t)d->len;
		op->arg = (uint16_t)xkind_of(d);
		op->act_off = (uint16_t)d->off;
		op->per_entry = per;
		for (uint32_t b = 0; b < d->len; b++) {
			op->mask[b] = k ? k[b] : 0xff;
			op->cval[b] = per ? 0 : (uint8_t)(v[b] & op->mask[b]);
		}
		if (per) {
			op->val_off = (uint16_t)out->vlen;
			out->vlen += d->len;
		}
	}
	return DOCA_SUCCESS;
}

/* Where an extension field's bits are in a frame: bit offset and width; false if absent. */
static bool xfield_where(const struct sdpa_flex_res *r, uint32_t kind, uint32_t *off,
                         uint32_t *nbits)
{
	if (kind >= SDPA_XFIELD_SAMPLE && kind < SDPA_XFIELD_SAMPLE + SDPA_FLEX_MAX_SAMPLERS) {
		uint32_t s = kind - SDPA_XFIELD_SAMPLE;

		if (!(r->valid & (1u << s)))
			return false;
		*off = r->off[s];
		*nbits = r->nbits[s];
		return true;
	}
	if (kind >= SDPA_XFIELD_PSP_DW + 6 && kind <= SDPA_XFIELD_PSP_DW + 9) {
		uint32_t dw = kind - SDPA_XFIELD_PSP_DW;

		/* Word N counted from 1 (dw6: bytes 20..23, the cookie's second half): where
		 * NVIDIA's flow_psp_ext_sample.yaml puts them. */
		if (r->psp_off == 0 || r->psp_len < dw * 4)
			return false;
		*off = (r->psp_off + (dw - 1) * 4) * 8;
		*nbits = 32;
		return true;
	}
	return false;
}

uint32_t sdpa_xfield_bits(const struct sdpa_flex_res *r, uint32_t kind)
{
	uint32_t off, nbits;

	if (kind == SDPA_XFIELD_UTC_TIME)
		return 64;
	return xfield_where(r, kind, &off, &nbits) ? nbits : 0;
}

void sdpa_flex_view(struct doca_flow_match *m, const uint8_t *frame, uint32_t len,
                    const struct sdpa_flex_res *r)
{
	uint8_t *view = (uint8_t *)m;

	if (r->psp_off && r->psp_off + 24 <= len) {
		const uint8_t *p = frame + r->psp_off;

		m->tun.type = DOCA_FLOW_TUN_PSP;
		m->tun.psp.nexthdr = p[0];
		m->tun.psp.hdrextlen = p[1];
		m->tun.psp.res_cryptofst = p[2];
		m->tun.psp.s_d_ver_v = p[3];
		memcpy(&m->tun.psp.spi, p + 4, 4);
		memcpy(&m->tun.psp.iv, p + 8, 8);
		if ((p[3] & 0x02) && r->psp_len >= 24)
			memcpy(&m->tun.psp.vc, p + 16, 8);
	}
	for (uint32_t i = 0; i < active_defs.n; i++) {
		const struct xdef *d = &active_defs.d[i];
		uint8_t *out = view + d->off;
		uint32_t off, nbits, w;
		uint64_t v = 0;

		if (d->action)
			continue;
		memset(out, 0, d->len);
		if (d->src == XS_VALID) {
			out[0] = (r->valid >> d->idx) & 1;
			continue;
		}
		if (!xfield_where(r, xkind_of(d), &off, &nbits))
			continue;
		w = SDPA_MIN(nbits, d->len * 8);
		if (!bits_at(frame, (uint64_t)len * 8, off, w, &v))
			continue;
		for (uint32_t b = 0; b < d->len && b < 8; b++)
			out[d->len - 1 - b] = (uint8_t)(v >> (8 * b));
	}
}

bool sdpa_xfield_lookup(const char *name, uint32_t *kind, uint32_t *bits)
{
	unsigned int n;
	int used = 0;

	if (strcmp(name, "parser_meta.utc.time") == 0) {
		*kind = SDPA_XFIELD_UTC_TIME;
		*bits = 64;
		return true;
	}
	if (sscanf(name, "tunnel.psp.dw%u%n", &n, &used) == 1 && name[used] == '\0' && n >= 6 &&
	    n <= 9) {
		*kind = SDPA_XFIELD_PSP_DW + n;
		*bits = 32;
		return true;
	}
	if (sscanf(name, "custom_header.sample%u%n", &n, &used) == 1 && name[used] == '\0' &&
	    n < SDPA_FLEX_MAX_SAMPLERS) {
		bool ok;

		pthread_mutex_lock(&ch_lock);
		ok = samplers[n] != NULL;
		*bits = ok ? samplers[n]->len : 0;
		pthread_mutex_unlock(&ch_lock);
		*kind = SDPA_XFIELD_SAMPLE + n;
		return ok;
	}
	return false;
}

bool sdpa_xfield_read(const uint8_t *frame, uint32_t len, const struct sdpa_flex_res *r,
                      uint32_t kind, uint32_t bit, uint32_t width, uint64_t *out)
{
	uint32_t off, nbits;
	uint64_t v;

	if (kind == SDPA_XFIELD_UTC_TIME) {
		struct timespec ts;

		clock_gettime(CLOCK_REALTIME, &ts);
		v = (uint64_t)ts.tv_sec << 32 | (uint64_t)ts.tv_nsec;
		v >>= bit;
		*out = width >= 64 ? v : v & ((1ull << width) - 1);
		return true;
	}
	if (!xfield_where(r, kind, &off, &nbits) || bit + width > nbits)
		return false;
	/* bit 0 is the least significant: the field's last bit on the wire. */
	return bits_at(frame, (uint64_t)len * 8, off + (nbits - bit - width), width, out);
}

bool sdpa_xfield_write(uint8_t *frame, uint32_t len, const struct sdpa_flex_res *r, uint32_t kind,
                       uint32_t bit, uint32_t width, uint64_t v)
{
	uint32_t off, nbits, first, last;
	uint8_t old[16];

	if (!xfield_where(r, kind, &off, &nbits) || bit + width > nbits || width == 0)
		return false;
	off += nbits - bit - width;
	if ((uint64_t)off + width > (uint64_t)len * 8)
		return false;
	/* The whole 16-bit words the write touches, for the checksum update. */
	first = (off / 8) & ~1u;
	last = ((off + width - 1) / 8) | 1u;
	if (last >= len)
		last = len - 1;
	if (last - first + 1 > sizeof(old) || r->l4_csum_off == 0) {
		bits_put(frame, off, width, v);
		return true;
	}
	memcpy(old, frame + first, last - first + 1);
	bits_put(frame, off, width, v);
	{
		uint8_t *cs = frame + r->l4_csum_off;
		uint32_t sum = (uint16_t)~sdpa_be16(cs);
		bool udp_none = false;

		/* A UDP checksum of 0 (none, IPv4) stays 0. */
		if (r->l4_udp && sdpa_be16(cs) == 0)
			udp_none = true;
		if (!udp_none) {
			uint32_t n = last - first + 1;

			for (uint32_t i = 0; i + 1 < n; i += 2) {
				sum += (uint16_t)~sdpa_be16(old + i);
				sum += sdpa_be16(frame + first + i);
			}
			if (n & 1) { /* the frame's last byte: its word is padded with 0 */
				sum += (uint16_t) ~((uint32_t)old[n - 1] << 8);
				sum += (uint32_t)frame[first + n - 1] << 8;
			}
			sdpa_put_be16(cs, sdpa_csum_fold(sum) ? sdpa_csum_fold(sum) : 0xffff);
		}
	}
	return true;
}

/* ------------------------------------------------------------------ parse graph */

static bool is_node_type(enum doca_flow_custom_header_graph_node_type t)
{
	switch (t) {
	case DOCA_FLOW_CUSTOM_HEADER_GRAPH_NODE_MAC:
	case DOCA_FLOW_CUSTOM_HEADER_GRAPH_NODE_IP:
	case DOCA_FLOW_CUSTOM_HEADER_GRAPH_NODE_IPV4:
	case DOCA_FLOW_CUSTOM_HEADER_GRAPH_NODE_IPV6:
	case DOCA_FLOW_CUSTOM_HEADER_GRAPH_NODE_GRE:
	case DOCA_FLOW_CUSTOM_HEADER_GRAPH_NODE_UDP:
	case DOCA_FLOW_CUSTOM_HEADER_GRAPH_NODE_MPLS:
	case DOCA_FLOW_CUSTOM_HEADER_GRAPH_NODE_TCP:
	case DOCA_FLOW_CUSTOM_HEADER_GRAPH_NODE_VXLAN_GPE:
	case DOCA_FLOW_CUSTOM_HEADER_GRAPH_NODE_GENEVE:
	case DOCA_FLOW_CUSTOM_HEADER_GRAPH_NODE_IPSEC_ESP:
	case DOCA_FLOW_CUSTOM_HEADER_GRAPH_NODE_PSP:
	case DOCA_FLOW_CUSTOM_HEADER_GRAPH_NODE_FLEX:
		return true;
	}
	return false;
}

DOCA_EXPERIMENTAL doca_error_t
doca_flow_custom_header_graph_create(struct doca_flow_custom_header_graph **graph)
{
	doca_error_t r;
	void *p;

	CHECK_ARG(graph == NULL, "graph is NULL", "pass where to store the new graph");
	pthread_mutex_lock(&ch_lock);
	r = obj_new(sizeof(struct doca_flow_custom_header_graph), O_GRAPH, &p, __func__);
	pthread_mutex_unlock(&ch_lock);
	if (r == DOCA_SUCCESS)
		*graph = p;
	return r;
}

/* Compile the graph's arcs (ch_lock held). NOT_SUPPORTED / INVALID_VALUE logged. */
static doca_error_t compile_graph(const struct doca_flow_custom_header_graph *g, struct fprog *p,
                                  const char *fn)
{
	const struct doca_flow_custom_header *hdrs[SDPA_FLEX_MAX_HDRS];

	memset(p, 0, sizeof(*p));
	for (uint32_t i = 0; i < nlives; i++) {
		const struct doca_flow_custom_header_graph_arc *a = lives[i].p;
		struct farc *fa;
		int32_t hi[2] = {-1, -1};

		if (lives[i].k != O_ARC || a->graph != g)
			continue;
		if (!a->has_src || !a->has_dst) {
			DOCA_LOG_ERR("%s: an arc of the graph has no %s; set it with "
			             "doca_flow_custom_header_graph_arc_set_%s",
			             fn, a->has_src ? "destination" : "source",
			             a->has_src ? "dst" : "src");
			return DOCA_ERROR_INVALID_VALUE;
		}
		if (a->dst_type != DOCA_FLOW_CUSTOM_HEADER_GRAPH_NODE_FLEX ||
		    (a->src_type != DOCA_FLOW_CUSTOM_HEADER_GRAPH_NODE_MAC &&
		     a->src_type != DOCA_FLOW_CUSTOM_HEADER_GRAPH_NODE_IP &&
		     a->src_type != DOCA_FLOW_CUSTOM_HEADER_GRAPH_NODE_IPV4 &&
		     a->src_type != DOCA_FLOW_CUSTOM_HEADER_GRAPH_NODE_IPV6 &&
		     a->src_type != DOCA_FLOW_CUSTOM_HEADER_GRAPH_NODE_UDP &&
		     a->src_type != DOCA_FLOW_CUSTOM_HEADER_GRAPH_NODE_TCP &&
		     a->src_type != DOCA_FLOW_CUSTOM_HEADER_GRAPH_NODE_FLEX)) {
			DOCA_LOG_ERR(
			        "%s: an arc from node type %u to node type %u is not supported "
			        "by softdpa; arcs lead from MAC, IP, IPV4, IPV6, UDP, TCP or a "
			        "custom header to a custom header",
			        fn, a->src_type, a->dst_type);
			return DOCA_ERROR_NOT_SUPPORTED;
		}
		if (a->start_tunnel) {
			DOCA_LOG_ERR("%s: a tunnel-starting arc (arc_set_transition) is not "
			             "supported by softdpa; the emulated flex parser samples the "
			             "outer headers only",
			             fn);
			return DOCA_ERROR_NOT_SUPPORTED;
		}
		if (p->narcs == SDPA_FLEX_MAX_ARCS) {
			DOCA_LOG_ERR("%s: more than %u arcs; use fewer", fn, SDPA_FLEX_MAX_ARCS);
			return DOCA_ERROR_FULL;
		}
		for (int e = 0; e < 2; e++) {
			const struct doca_flow_custom_header *h = e ? a->dst_hdr : a->src_hdr;
			uint32_t k;

			if (h == NULL)
				continue;
			for (k = 0; k < p->nhdr && hdrs[k] != h; k++)
				;
			if (k == p->nhdr) {
				if (p->nhdr == SDPA_FLEX_MAX_HDRS) {
					DOCA_LOG_ERR("%s: more than %u custom headers; use fewer",
					             fn, SDPA_FLEX_MAX_HDRS);
					return DOCA_ERROR_FULL;
				}
				hdrs[p->nhdr++] = h;
			}
			hi[e] = (int32_t)k;
		}
		fa = &p->arcs[p->narcs++];
		fa->src_type = a->src_type;
		fa->field_data = a->field_data;
		fa->src_hdr = hi[0];
		fa->dst_hdr = hi[1];
	}
	if (p->narcs == 0) {
		DOCA_LOG_ERR("%s: the graph has no arcs; create one with "
		             "doca_flow_custom_header_graph_arc_create",
		             fn);
		return DOCA_ERROR_INVALID_VALUE;
	}
	for (uint32_t k = 0; k < p->nhdr; k++) {
		const struct doca_flow_custom_header *h = hdrs[k];
		struct fhdr *f = &p->hdrs[k];

		if (h->fixed_len == 0 && h->len_bits == 0) {
			DOCA_LOG_ERR("%s: a custom header has neither a fixed length nor a length "
			             "field; set one (length_field_set_fixed_length / _set_length)",
			             fn);
			return DOCA_ERROR_INVALID_VALUE;
		}
		f->fixed_len = h->fixed_len;
		f->len_off = h->len_off;
		f->len_bits = h->len_bits;
		f->len_mult = h->len_mult;
		f->next_off = h->next_off;
		f->next_bits = h->next_bits;
		f->has_tlv = h->has_tlv && h->type_bits != 0;
		f->tlv_fixed = h->tlv_fixed;
		f->tlv_off = h->tlv_off;
		f->type_off = h->type_off;
		f->type_bits = h->type_bits;
		f->olen_off = h->olen_off;
		f->olen_bits = h->olen_bits;
		f->olen_mult = h->olen_mult;
		for (uint32_t s = 0; s < SDPA_FLEX_MAX_SAMPLERS; s++) {
			const struct doca_flow_custom_header_sampler *sm = samplers[s];

			if (sm == NULL || sm->hdr != h)
				continue;
			if (sm->tunnel_mode == DOCA_FLOW_CUSTOM_HEADER_SAMPLER_TUNNEL_MODE_INNER) {
				DOCA_LOG_ERR(
				        "%s: sampler %u samples the inner header "
				        "(TUNNEL_MODE_INNER), which is not supported by softdpa; "
				        "use _OUTER or _FIRST",
				        fn, s);
				return DOCA_ERROR_NOT_SUPPORTED;
			}
			f->samp[f->nsamp].id = s;
			f->samp[f->nsamp].off = sm->off;
			f->samp[f->nsamp].len = sm->len;
			f->samp[f->nsamp].is_opt = sm->is_opt;
			f->samp[f->nsamp].opt_type = sm->opt_type;
			f->nsamp++;
		}
	}
	return DOCA_SUCCESS;
}

DOCA_EXPERIMENTAL doca_error_t doca_flow_custom_header_graph_bind(
        struct doca_flow_custom_header_graph *graph, struct doca_dev *dev)
{
	char ibdev[DOCA_DEVINFO_IBDEV_NAME_SIZE] = "?";
	struct fprog *p;
	doca_error_t r;

	CHECK_ARG(dev == NULL, "dev is NULL", "pass an open device (doca_dev_open)");
	if (sdpa_dev_id(dev) == SDPA_DEV_ID_INVALID) {
		DOCA_LOG_ERR("%s: dev %p is not an open device; pass one from doca_dev_open",
		             __func__, (void *)dev);
		return DOCA_ERROR_INVALID_VALUE;
	}
	(void)doca_devinfo_get_ibdev_name(doca_dev_as_devinfo(dev), ibdev, sizeof(ibdev));
	if (sdpa_dev_fw_param(dev, SDPA_FW_PROG_PARSE_GRAPH) != 1) {
		DOCA_LOG_ERR("%s: device %s has the firmware setting %s disabled, so its parse "
		             "graph cannot be programmed; on a card: mlxconfig -d <dev> set %s=1 "
		             "and reset it; on softdpa: add %s=1 to the device's entry in "
		             "SOFTDPA_DEVICES",
		             __func__, ibdev, sdpa_fw_param_mlxconfig(SDPA_FW_PROG_PARSE_GRAPH),
		             sdpa_fw_param_mlxconfig(SDPA_FW_PROG_PARSE_GRAPH),
		             sdpa_fw_param_key(SDPA_FW_PROG_PARSE_GRAPH));
		return DOCA_ERROR_NOT_PERMITTED;
	}
	p = calloc(1, sizeof(*p));
	if (p == NULL) {
		DOCA_LOG_ERR("%s: out of memory; free memory and retry", __func__);
		return DOCA_ERROR_NO_MEMORY;
	}
	pthread_mutex_lock(&ch_lock);
	if (!live_has(graph, O_GRAPH)) {
		pthread_mutex_unlock(&ch_lock);
		free(p);
		DOCA_LOG_ERR("%s: graph %p is %s; %s", __func__, (void *)graph,
		             graph == NULL ? "NULL" : "not a live object", GRAPH_FIX);
		return DOCA_ERROR_INVALID_VALUE;
	}
	if (bound_graph != NULL && bound_graph != graph) {
		pthread_mutex_unlock(&ch_lock);
		free(p);
		DOCA_LOG_ERR("%s: another parse graph is bound; softdpa's NIC has one parser for "
		             "all devices: unbind that graph first",
		             __func__);
		return DOCA_ERROR_IN_USE;
	}
	r = compile_graph(graph, p, __func__);
	if (r != DOCA_SUCCESS) {
		pthread_mutex_unlock(&ch_lock);
		free(p);
		return r;
	}
	if (bound_graph == NULL) {
		sdpa_store_release(&active_prog, p); /* R-prog: pairs with A-prog */
		flex_on_set(SDPA_FLEX_ON_GRAPH, true);
		bound_graph = graph;
		graph->bound = true;
	} else {
		free(p); /* bound already (another device): the same program */
	}
	bound_devs++;
	pthread_mutex_unlock(&ch_lock);
	DOCA_LOG_INFO("%s: parse graph bound to %s", __func__, ibdev);
	return DOCA_SUCCESS;
}

DOCA_EXPERIMENTAL doca_error_t
doca_flow_custom_header_graph_unbind(struct doca_flow_custom_header_graph *graph)
{
	struct fprog *old;

	pthread_mutex_lock(&ch_lock);
	LIVE_OR_FAIL(graph, O_GRAPH, "graph", GRAPH_FIX);
	if (!graph->bound) {
		pthread_mutex_unlock(&ch_lock);
		DOCA_LOG_ERR("%s: the graph is not bound; bind it with "
		             "doca_flow_custom_header_graph_bind first",
		             __func__);
		return DOCA_ERROR_BAD_STATE;
	}
	old = sdpa_load_relaxed(&active_prog);
	/* R-prog' pairs with A-prog in sdpa_flex_parse: readers see NULL or a whole program;
	 * the old one is freed after sdpa_nic_synchronize. */
	sdpa_store_release(&active_prog, NULL);
	flex_on_set(SDPA_FLEX_ON_GRAPH, false);
	bound_graph = NULL;
	bound_devs = 0;
	graph->bound = false;
	pthread_mutex_unlock(&ch_lock);
	sdpa_nic_synchronize(); /* no NIC worker reads the old program any more */
	free(old);
	return DOCA_SUCCESS;
}

DOCA_EXPERIMENTAL doca_error_t
doca_flow_custom_header_graph_destroy(struct doca_flow_custom_header_graph *graph)
{
	pthread_mutex_lock(&ch_lock);
	LIVE_OR_FAIL(graph, O_GRAPH, "graph", GRAPH_FIX);
	if (graph->bound || graph->narcs) {
		pthread_mutex_unlock(&ch_lock);
		DOCA_LOG_ERR("%s: the graph is %s; %s first", __func__,
		             graph->bound ? "bound" : "still has arcs",
		             graph->bound ? "unbind it" : "destroy its arcs");
		return DOCA_ERROR_IN_USE;
	}
	live_del(graph);
	pthread_mutex_unlock(&ch_lock);
	free(graph);
	return DOCA_SUCCESS;
}

DOCA_EXPERIMENTAL doca_error_t doca_flow_custom_header_graph_arc_create(
        struct doca_flow_custom_header_graph *graph, struct doca_flow_custom_header_graph_arc **arc)
{
	struct doca_flow_custom_header_graph_arc *a;
	doca_error_t r;
	void *p;

	CHECK_ARG(arc == NULL, "arc is NULL", "pass where to store the new arc");
	pthread_mutex_lock(&ch_lock);
	LIVE_OR_FAIL(graph, O_GRAPH, "graph", GRAPH_FIX);
	r = obj_new(sizeof(*a), O_ARC, &p, __func__);
	if (r == DOCA_SUCCESS) {
		a = p;
		a->graph = graph;
		graph->narcs++;
		*arc = a;
	}
	pthread_mutex_unlock(&ch_lock);
	return r;
}

DOCA_EXPERIMENTAL doca_error_t
doca_flow_custom_header_graph_arc_destroy(struct doca_flow_custom_header_graph_arc *arc)
{
	pthread_mutex_lock(&ch_lock);
	LIVE_OR_FAIL(arc, O_ARC, "arc", ARC_FIX);
	arc->graph->narcs--;
	if (arc->src_hdr)
		arc->src_hdr->narcs--;
	if (arc->dst_hdr)
		arc->dst_hdr->narcs--;
	live_del(arc);
	pthread_mutex_unlock(&ch_lock);
	free(arc);
	return DOCA_SUCCESS;
}

/* Point one end of an arc at a node (ch_lock held). */
static doca_error_t arc_end(struct doca_flow_custom_header_graph_arc *arc, bool dst,
                            enum doca_flow_custom_header_graph_node_type t,
                            struct doca_flow_custom_header *h, const char *fn)
{
	struct doca_flow_custom_header **slot = dst ? &arc->dst_hdr : &arc->src_hdr;

	if (t == DOCA_FLOW_CUSTOM_HEADER_GRAPH_NODE_FLEX && !live_has(h, O_HDR)) {
		DOCA_LOG_ERR("%s: node_type is FLEX but custom_header %p is %s; pass the %s "
		             "custom header",
		             fn, (void *)h, h == NULL ? "NULL" : "not a live header",
		             dst ? "destination" : "source");
		return DOCA_ERROR_INVALID_VALUE;
	}
	if (arc->graph->bound) {
		DOCA_LOG_ERR("%s: the arc's graph is bound; unbind it before changing arcs", fn);
		return DOCA_ERROR_BAD_STATE;
	}
	if (*slot)
		(*slot)->narcs--;
	*slot = t == DOCA_FLOW_CUSTOM_HEADER_GRAPH_NODE_FLEX ? h : NULL;
	if (*slot)
		(*slot)->narcs++;
	if (dst) {
		arc->dst_type = (uint32_t)t;
		arc->has_dst = true;
	} else {
		arc->src_type = (uint32_t)t;
		arc->has_src = true;
	}
	return DOCA_SUCCESS;
}

DOCA_EXPERIMENTAL doca_error_t doca_flow_custom_header_graph_arc_set_src(
        struct doca_flow_custom_header_graph_arc *arc,
        enum doca_flow_custom_header_graph_node_type node_type, uint32_t field_data,
        struct doca_flow_custom_header *custom_header)
{
	doca_error_t r;

	CHECK_ARG(!is_node_type(node_type), "unknown node_type",
	          "pass a DOCA_FLOW_CUSTOM_HEADER_GRAPH_NODE_* value");
	pthread_mutex_lock(&ch_lock);
	LIVE_OR_FAIL(arc, O_ARC, "arc", ARC_FIX);
	r = arc_end(arc, false, node_type, custom_header, __func__);
	if (r == DOCA_SUCCESS)
		arc->field_data = field_data;
	pthread_mutex_unlock(&ch_lock);
	return r;
}

DOCA_EXPERIMENTAL doca_error_t
doca_flow_custom_header_graph_arc_set_dst(struct doca_flow_custom_header_graph_arc *arc,
                                          enum doca_flow_custom_header_graph_node_type node_type,
                                          struct doca_flow_custom_header *custom_header)
{
	doca_error_t r;

	CHECK_ARG(!is_node_type(node_type), "unknown node_type",
	          "pass a DOCA_FLOW_CUSTOM_HEADER_GRAPH_NODE_* value");
	pthread_mutex_lock(&ch_lock);
	LIVE_OR_FAIL(arc, O_ARC, "arc", ARC_FIX);
	r = arc_end(arc, true, node_type, custom_header, __func__);
	pthread_mutex_unlock(&ch_lock);
	return r;
}

DOCA_EXPERIMENTAL doca_error_t doca_flow_custom_header_graph_arc_set_transition(
        struct doca_flow_custom_header_graph_arc *arc, bool start_tunnel)
{
	pthread_mutex_lock(&ch_lock);
	LIVE_OR_FAIL(arc, O_ARC, "arc", ARC_FIX);
	arc->start_tunnel = start_tunnel;
	pthread_mutex_unlock(&ch_lock);
	return DOCA_SUCCESS;
}
