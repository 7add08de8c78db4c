/* SPDX-License-Identifier: BSD-3-Clause
 * The emulated flex parser (custom headers, doca_flow_custom_header*.h) and the DOCA Flow
 * definitions (doca_flow_definitions.h) that name fields beyond struct doca_flow_match /
 * struct doca_flow_actions: custom header samples and their valid bits, the PSP extension
 * words dw6..dw9. Implemented in flow_custom_header.c; docs/FLOW.md "Custom headers".
 *
 * The packet view: a definition places a field at a byte offset of the user's extended
 * match struct (struct doca_flow_match first, the user's fields after it). The view
 * mirrors that layout: SDPA_VIEW_EXT bytes follow struct doca_flow_match, and a defined
 * field's bytes sit at the same offset as in the user's struct, so match templates,
 * entry keys and the view use one set of offsets.
 */
#ifndef SDPA_NIC_FLEX_H
#define SDPA_NIC_FLEX_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include <doca_error.h>
#include <doca_flow.h>

#include "core/atomics.h"
#include "nic/packet.h"

enum {
	SDPA_VIEW_EXT = 128,         /* bytes of defined match fields after the match */
	SDPA_ACT_EXT = 128,          /* bytes of defined action fields after the actions */
	SDPA_FLEX_MAX_SAMPLERS = 32, /* samplers of all custom headers */
	SDPA_FLEX_MAX_HDRS = 8,      /* custom headers in a bound graph (as the hardware) */
	SDPA_FLEX_MAX_ARCS = 16,     /* arcs in a bound graph */
	SDPA_VIEW_SIZE = sizeof(struct doca_flow_match) + SDPA_VIEW_EXT,
};

/* Desc/condition field kinds beyond enum sdpa_field_kind (flow_priv.h). */
enum {
	SDPA_XFIELD_UTC_TIME = 0xf0, /* parser_meta.utc.time: 64 bits, read only */
	SDPA_XFIELD_PSP_DW = 0x100,  /* + 6..9: tunnel.psp.dwN */
	SDPA_XFIELD_SAMPLE = 0x200,  /* + sampler id: custom_header.sample<N> */
};

/* A struct doca_flow_match with room for the defined fields after it: where DOCA Flow copies
 * a user's match (sdpa_defs_match_size() bytes). */
struct sdpa_xmatch {
	struct doca_flow_match m;
	uint8_t ext[SDPA_VIEW_EXT];
};
_Static_assert(offsetof(struct sdpa_xmatch, ext) == sizeof(struct doca_flow_match),
               "the defined match fields follow the match");

/* A struct doca_flow_actions with room for the defined fields after it. */
struct sdpa_xactions {
	struct doca_flow_actions a;
	uint8_t ext[SDPA_ACT_EXT];
};
_Static_assert(offsetof(struct sdpa_xactions, ext) == sizeof(struct doca_flow_actions),
               "the defined action fields follow the actions");

/* One frame's custom-header parse. */
struct sdpa_flex_res {
	uint32_t valid;                        /* bit s: sampler s's bits are in the frame */
	uint32_t off[SDPA_FLEX_MAX_SAMPLERS];  /* bit offset of sampler s in the frame */
	uint8_t nbits[SDPA_FLEX_MAX_SAMPLERS]; /* its width */
	uint32_t psp_off;                      /* PSP header offset (0: none) */
	uint32_t psp_len;                      /* its length by hdrextlen */
	uint32_t l4_csum_off;                  /* TCP/UDP checksum to keep right (0: none) */
	bool l4_udp;                           /* it is UDP's (0 = no checksum, stays 0) */
	uint32_t error;                        /* enum sdpa_flex_error */
	uint32_t error_off;
};

enum sdpa_flex_error {
	SDPA_FLEX_OK = 0,
	SDPA_FLEX_ERR_TRUNC,     /* a custom header ends beyond the packet */
	SDPA_FLEX_ERR_OPT_TRUNC, /* one of its TLV options does */
	SDPA_FLEX_ERR_DEPTH,     /* more chained custom headers than the graph has */
	SDPA_FLEX_ERR_COUNT
};

const char *sdpa_flex_error_name(uint32_t error);

/* Whether a parse graph is bound (SDPA_FLEX_ON_GRAPH) or PSP extension fields are defined
 * (SDPA_FLEX_ON_DEFS): the datapath calls sdpa_flex_parse only then. A word of its own, read
 * inline, because the datapath asks for every frame. */
enum { SDPA_FLEX_ON_GRAPH = 1u, SDPA_FLEX_ON_DEFS = 2u };
extern sdpa_atomic_u32 sdpa_flex_on;

static inline bool sdpa_flex_active(void)
{
	/* relaxed: a frame that sees the bit then reads the program with A-prog */
	return sdpa_load_relaxed(&sdpa_flex_on) != 0;
}

/* Parse the custom headers of a frame parsed into 'info' by the bound graph, and the PSP
 * header. Never reads frame[len] or beyond. false: a custom header is cut or malformed
 * (r->error says which): the NIC drops the frame (SOFTDPA_DROP_MALFORMED). */
bool sdpa_flex_parse(const uint8_t *frame, uint32_t len, const struct sdpa_pkt_info *info,
                     struct sdpa_flex_res *r);

/* Fill the defined match fields of the view (the SDPA_VIEW_EXT bytes after *m) and the PSP
 * tunnel fields, from a frame parsed by sdpa_flex_parse. */
void sdpa_flex_view(struct doca_flow_match *m, const uint8_t *frame, uint32_t len,
                    const struct sdpa_flex_res *r);

/* Bytes of the user's match / actions struct DOCA Flow reads: the struct alone, or up to
 * the end of the last defined field while definitions are in force. */
uint32_t sdpa_defs_match_size(void);
uint32_t sdpa_defs_actions_size(void);

/* Compile the defined match fields of a user template/mask (match, mask: the user's
 * extended structs, mask may be NULL) into out's view bytes. */
doca_error_t sdpa_defs_match_compile(const uint8_t *match, const uint8_t *mask, bool literal,
                                     const char *who, uint8_t *omask, uint8_t *ocval,
                                     uint8_t *oper);

/* Compile the defined action fields of a user action template/mask into ops of kind
 * SDPA_OP_XFIELD (flow_priv.h). */
struct sdpa_act_tmpl;
doca_error_t sdpa_defs_act_compile(const uint8_t *act, const uint8_t *mask, const char *who,
                                   struct sdpa_act_tmpl *out);

/* A desc field name beyond the built-in ones: "parser_meta.utc.time",
 * "tunnel.psp.dw6".."dw9", "custom_header.sample<N>". false if not one. */
bool sdpa_xfield_lookup(const char *name, uint32_t *kind, uint32_t *bits);

/* Width in bits of an extension field in this frame; 0 when the frame lacks it. */
uint32_t sdpa_xfield_bits(const struct sdpa_flex_res *r, uint32_t kind);

/* Read / write bits [bit, bit+width) (bit 0 = least significant) of an extension field of
 * a frame. false when the frame lacks it. write keeps the TCP/UDP checksum right. */
bool sdpa_xfield_read(const uint8_t *frame, uint32_t len, const struct sdpa_flex_res *r,
                      uint32_t kind, uint32_t bit, uint32_t width, uint64_t *out);
bool sdpa_xfield_write(uint8_t *frame, uint32_t len, const struct sdpa_flex_res *r, uint32_t kind,
                       uint32_t bit, uint32_t width, uint64_t v);

/* Definitions in force from doca_flow_init to doca_flow_destroy (flow_core.c). */
doca_error_t sdpa_defs_activate(const struct doca_flow_definitions *defs);
void sdpa_defs_deactivate(void);

#endif
