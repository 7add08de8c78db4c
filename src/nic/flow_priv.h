/* SPDX-License-Identifier: BSD-3-Clause
 * DOCA Flow on the emulated NIC: the objects shared by flow_*.c (not installed).
 *
 * Thread-safety:
 *   - Control plane (every doca_flow_* call): serialised by flow_g.lock. Exactly one
 *     thread mutates ports, pipes, entries and tables at a time.
 *   - Datapath (workers, or softdpa_nic_sync in mode 0): reads ports, pipes, entry tables
 *     and entry data lock-free through pointers published with release stores. Whatever
 *     the control plane unlinks is freed only after every datapath thread has passed a
 *     quiescent point (a grace period, grace.c), so a reader never touches freed memory.
 *   - Hash-pipe slot state (enabled bit, path-selector value) is also written by the DPA
 *     provider's request processor; those writers take pipe->hash.lock (flow_hash.h).
 *   - Counters: one block per worker (0 = the application thread in mode 0), each with a
 *     single writer; a query sums them with relaxed loads and never blocks.
 */
#ifndef SDPA_NIC_FLOW_PRIV_H
#define SDPA_NIC_FLOW_PRIV_H

#include <pthread.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <doca_flow.h>
#include <softdpa.h>

#include "core/atomics.h"
#include "core/config.h"
#include "io/wire.h"
#include "nic/flex.h"
#include "nic/packet.h"

enum {
	SDPA_FLOW_MAX_WORKERS = 64,               /* NIC worker threads */
	SDPA_FLOW_NW = SDPA_FLOW_MAX_WORKERS + 1, /* counter blocks: 0 = caller thread */
	SDPA_FLOW_MAX_QUEUES = 64,                /* pipe queues per port */
	SDPA_FLOW_MAX_ACTIONS = 8,                /* action templates per pipe */
	SDPA_FLOW_MAX_OPS = 16,                   /* modify operations per action template */
	SDPA_FLOW_MAX_LISTS = 64,                 /* ordered lists per pipe */
	SDPA_FLOW_MAX_ELEMS = 8,                  /* elements per ordered list */
	SDPA_FLOW_MAX_SEGS = 32,                  /* contiguous key segments per match */
	SDPA_FLOW_MAX_SEL = 8,                    /* header-type selectors per match */
	SDPA_FLOW_MAX_HOPS = 32,                  /* pipes one packet may traverse */
	SDPA_FLOW_RSS_QUEUES = 64,                /* software queues per port */
	SDPA_FLOW_RXQ_SIZE = 1024,                /* frames per software queue */
	SDPA_FLOW_MAX_ENTRIES = 1 << 24,
	SDPA_FLOW_NAME_MAX = 64,
	SDPA_FLOW_KEY_MAX = SDPA_VIEW_SIZE, /* the match and the defined fields (flex.h) */
};

/* One counter block. */
struct sdpa_ctr {
	sdpa_atomic_u64 pkts;
	sdpa_atomic_u64 bytes;
};

static inline void sdpa_ctr_add(struct sdpa_ctr *c, uint64_t bytes)
{
	sdpa_counter_add(&c->pkts, 1);
	sdpa_counter_add(&c->bytes, bytes);
}

/* Sum of n blocks. */
void sdpa_ctr_sum(const struct sdpa_ctr *c, uint32_t n, struct doca_flow_resource_query *out);

/* ---- compiled RSS ---- */
struct sdpa_rss {
	uint32_t outer_flags;
	uint32_t inner_flags;
	uint32_t func;
	uint32_t nr_queues;
	uint16_t queues[SDPA_FLOW_RSS_QUEUES];
};

/* ---- compiled forward ---- */
enum sdpa_fwd_kind {
	SDPA_FWD_NONE = 0, /* not decided here (entry decides, or default miss) */
	SDPA_FWD_RSS,
	SDPA_FWD_PORT,
	SDPA_FWD_PIPE,
	SDPA_FWD_DROP,
	SDPA_FWD_OL,
	SDPA_FWD_HASH,
	SDPA_FWD_DEFAULT_MISS, /* the port's default miss */
	SDPA_FWD_SHARED_RSS,
	SDPA_FWD_TARGET, /* the kernel target (flow_target.c) */
};

struct sdpa_fwd {
	uint8_t kind; /* enum sdpa_fwd_kind */
	uint16_t port_id;
	uint32_t idx;  /* OL list index, shared RSS id */
	uint32_t algo; /* HASH: algorithm flags (0 = the pipe's) */
	struct doca_flow_pipe *pipe;
	sdpa_atomic_ptr *srss; /* SHARED_RSS: its slot (struct sdpa_rss *), global or the port's */
	struct sdpa_rss rss;
};

/* ---- compiled match ---- */
enum {
	SDPA_CX_OPS = 16,     /* copies of a direct key extraction */
	SDPA_CX_KEY_MAX = 64, /* key bytes of a direct key extraction */
};
enum {
	SDPA_CX_VIEW = 0, /* the view's meta / port_id / random / meter_color bytes */
	SDPA_CX_L2,       /* from the frame's first byte */
	SDPA_CX_L3,       /* from the L3 header */
	SDPA_CX_L4,       /* from the L4 header */
	SDPA_CX_ETYPE,    /* the EtherType in front of the L3 header (off 0..1) */
};

struct sdpa_seg {
	uint16_t off;
	uint16_t len;
};

/* Words of tun.geneve_options a packet view uses: each parsed option's header, then its
 * sampled data words (at most DOCA_FLOW_GENEVE_NUM_OF_OPTIONS_MAX + 7). */
enum { SDPA_GOPT_VIEW_WORDS = 16 };

enum { SDPA_EK_FAST = 64 }; /* keys up to this long: sdpa_match_entry_key by words */

struct sdpa_match_tmpl {
	uint8_t mask[SDPA_VIEW_SIZE];             /* compared bits */
	uint8_t cval[SDPA_VIEW_SIZE];             /* constant values (masked) */
	uint8_t per_entry[SDPA_VIEW_SIZE];        /* byte supplied by each entry */
	struct sdpa_seg segs[SDPA_FLOW_MAX_SEGS]; /* key bytes (hash: hashed bytes) */
	uint32_t nsegs;
	uint32_t klen;
	/* An entry's key, when ek_fast (klen <= SDPA_EK_FAST, no defined field in it): its
	 * bytes copied segment by segment, then key byte k = (byte & ek_pem[k]) | ek_cst[k],
	 * eight at a time (ek_pem[k] is 0 for a constant byte, ek_cst[k] 0 for an entry's). */
	bool ek_fast;
	uint8_t ek_pem[SDPA_EK_FAST];
	uint8_t ek_cst[SDPA_EK_FAST];
	struct sdpa_seg csegs[SDPA_FLOW_MAX_SEGS]; /* constant bytes (hash pipes check them) */
	uint32_t ncsegs;
	uint32_t cklen;
	uint16_t sel_off[SDPA_FLOW_MAX_SEL]; /* header-type selectors: enum at offset == value */
	uint32_t sel_val[SDPA_FLOW_MAX_SEL];
	uint32_t nsel;
	bool needs_parse; /* anything beyond meta/port_id/random: the packet must be parsed */
	/* The compiled match (sdpa_view_lite): the view groups (SDPA_LV_*) holding every byte
	 * the match reads, when they are all outer headers or outer parser metadata; 0: the
	 * match needs the full parse (a tunnel, inner headers, checksums of L4, defined
	 * fields, ...) or no parse at all. */
	uint8_t lite;
	/* Direct key extraction (sdpa_match_cx_key), for a BASIC pipe's match whose key bytes
	 * are header bytes at fixed offsets from the frame's start, its L3 or its L4 header
	 * once the match's own L3/L4 type selectors hold (or meta bytes of the view): cx_n
	 * copies, then the key masked. cx_n 0: not compiled this way (sdpa_view_lite). */
	uint8_t cx_n;
	uint8_t cx_l3; /* the L3 type the selectors ask (enum sdpa_l3_type), 0: any */
	uint8_t cx_l4; /* the l4_type_ext the selectors ask (DOCA_FLOW_L4_TYPE_EXT_*), 0: any */
	struct sdpa_cx_op {
		uint8_t base; /* SDPA_CX_* */
		uint8_t len;
		uint16_t koff; /* into the key */
		uint16_t off;  /* from the base (SDPA_CX_L3_ETYPE: the EtherType before L3) */
		uint16_t voff; /* the bytes' place in the view */
	} cx[SDPA_CX_OPS];
	uint8_t cx_mask[SDPA_CX_KEY_MAX]; /* the key's mask, byte by byte */
	bool needs_l4csum; /* masks a parser_meta l4_checksum_ok: verify the L4 checksums */
	bool nvgre;        /* GRE NVGRE match: entries' vs_id/flow_id move onto gre_key */
	/* GENEVE options match (flow_geneve.c): the view holds the options of the port's
	 * parser in its order; gperm[w] = 1 + the index in the pipe's tun.geneve_options of
	 * the word shown at view word w (0: none). Entries' words move the same way. */
	bool gopts;
	uint8_t gperm[SDPA_GOPT_VIEW_WORDS];
	/* CONTROL entries: a match condition comparing two named fields (has_cond). */
	bool has_cond;
	uint8_t cond_op;                 /* enum doca_flow_compare_op */
	uint16_t cond_akind, cond_bkind; /* cond_bkind NONE: compare with cond_imm */
	uint8_t cond_width;
	uint16_t cond_abit, cond_bbit;
	uint64_t cond_imm;
};

/* ---- a hash pipe's steering hash (D21): which match bytes go where in the definer's tag */
enum { SDPA_STEER_TAG = 44 }; /* bytes of a jumbo tag; a match tag is its last 32 */
struct sdpa_steer_plan {
	uint16_t src[SDPA_STEER_TAG]; /* byte of struct doca_flow_match */
	uint8_t dst[SDPA_STEER_TAG];  /* byte of the tag */
	uint8_t mask[SDPA_STEER_TAG];
	uint8_t row[SDPA_STEER_TAG]; /* its per-position CRC table (flow_steer_hash.c) */
	uint8_t n;
	bool jumbo; /* the CRC covers all 44 bytes, not the last 32 */
};

/* ---- compiled actions ---- */
enum sdpa_op_kind {
	SDPA_OP_META,
	SDPA_OP_ETH_DST,
	SDPA_OP_ETH_SRC,
	SDPA_OP_IP4_SRC,
	SDPA_OP_IP4_DST,
	SDPA_OP_IP4_DSCP_ECN,
	SDPA_OP_IP4_TTL,
	SDPA_OP_IP6_SRC,
	SDPA_OP_IP6_DST,
	SDPA_OP_IP6_TC,
	SDPA_OP_IP6_HOP,
	SDPA_OP_L4_SRC,
	SDPA_OP_L4_DST,
	SDPA_OP_VLAN_TCI, /* arg: the outer VLAN tag's index 0..1 (outer.eth_vlan[arg].tci) */
	/* tunnel header fields (actions.tun; the frame's own tunnel must be of that type) */
	SDPA_OP_TUN_VXLAN_VNI,
	SDPA_OP_TUN_VXLAN_RSVD1,
	SDPA_OP_TUN_GRE_KEY,
	SDPA_OP_TUN_GTP_TEID,
	SDPA_OP_TUN_GTP_QFI,
	SDPA_OP_TUN_GENEVE_VNI,
	SDPA_OP_TUN_MPLS, /* arg: label index 0..4 */
	SDPA_OP_FIELD,    /* a named field (flow_field.c): arg is its kind */
	SDPA_OP_XFIELD,   /* a defined field (flex.h): arg = its SDPA_XFIELD_* kind */
};

struct sdpa_op {
	uint8_t kind;      /* enum sdpa_op_kind */
	uint8_t size;      /* bytes */
	uint8_t per_entry; /* value comes from the entry (else cval) */
	uint8_t psv;       /* hash pipe path-selector field (value from the slot) */
	uint16_t arg;      /* META: byte offset in struct doca_flow_meta */
	uint16_t act_off;  /* offset of the field in struct doca_flow_actions */
	uint16_t val_off;  /* per-entry: offset in the entry's value bytes */
	uint8_t mask[16];
	uint8_t cval[16];
};

/* An ADD or COPY action descriptor between two named fields (enum sdpa_field_kind). */
enum { SDPA_FLOW_MAX_DESCS = 8 };
struct sdpa_desc_op {
	uint8_t type;          /* DOCA_FLOW_ACTION_ADD or _COPY */
	uint16_t skind, dkind; /* enum sdpa_field_kind or SDPA_XFIELD_* (flex.h); skind NONE: the
	                        * source is imm */
	uint8_t width;         /* 1..64 bits */
	uint16_t sbit, dbit;
	uint64_t imm;
};

/* ---- tunnels (flow_tunnel.c) ---- */
enum {
	SDPA_ENCAP_MAX = 160,   /* eth + 2 VLANs + IPv6 + UDP + GENEVE with 19 option words */
	SDPA_DECAP_L2_MAX = 22, /* eth + 2 VLANs */
	SDPA_TUN_PATCH_MAX = 24,
};

/* A compiled encapsulation: the bytes pushed, and where the datapath fills lengths,
 * checksums and the entropy source port. All bytes, so it may sit unaligned in entry
 * values. */
struct sdpa_encap {
	uint8_t len;           /* header bytes */
	uint8_t is_l2;         /* push in front of the frame; else replace the frame's L2 */
	uint8_t tun;           /* enum doca_flow_tun_type */
	uint8_t l3;            /* SDPA_L3_IP4 / SDPA_L3_IP6 */
	uint8_t l3_off;        /* outer IP header in hdr */
	uint8_t l4_off;        /* outer UDP header in hdr, 0 = none */
	uint8_t tun_off;       /* tunnel header in hdr */
	uint8_t entropy;       /* UDP source port 0: from the inner 5-tuple (VXLAN, GENEVE) */
	uint8_t auto_ip_proto; /* IP protocol/next header 0: IPv4 4 or IPv6 41 by the inner L3 */
	uint8_t auto_type_off; /* != 0: 16-bit EtherType at hdr[off] from the inner L3 (GRE,
	                        * GENEVE L3) */
	uint8_t auto_gpe_off;  /* != 0: VXLAN-GPE next protocol at hdr[off] from the inner L3 */
	/* IPv4: ones' complement sum (sdpa_csum_partial) of hdr's IP header with the total
	 * length, checksum, ECN bits and an automatic protocol taken as 0: a frame's header
	 * checksum adds only what it fills in (flow_tunnel.c encap_sum). */
	uint32_t ip4_sum;
	uint8_t hdr[SDPA_ENCAP_MAX];
};

/* A compiled decapsulation. */
struct sdpa_decap {
	uint8_t is_l2;     /* strip up to the inner Ethernet header; else up to the inner L3 */
	uint8_t l2len;     /* L3: bytes of l2 pushed in front of the inner L3 header */
	uint8_t auto_type; /* L3: EtherType 0 in the action: from the inner L3 */
	uint8_t l2[SDPA_DECAP_L2_MAX];
};

/* A per-entry field of an encap/decap template (all-ones in the pipe's actions): 'size'
 * bytes of the entry's struct doca_flow_actions at act_off go to hdr (encap) or l2 (decap)
 * at dst. */
struct sdpa_tun_patch {
	uint16_t act_off;
	uint8_t dst;
	uint8_t size;
	uint8_t decap;
};

enum sdpa_tun_kind {
	SDPA_TUN_ACT_NONE = 0,
	SDPA_TUN_ACT_CONST,        /* the template's own (compiled once) */
	SDPA_TUN_ACT_ENTRY,        /* per-entry fields: a copy in the entry values */
	SDPA_TUN_ACT_SHARED,       /* a shared resource, id in the template */
	SDPA_TUN_ACT_SHARED_ENTRY, /* a shared resource, id in the entry values */
};

/* Tunnel-field modifications (actions.tun): where in the tunnel header. */
enum sdpa_tun_mod {
	SDPA_TMOD_VXLAN_VNI = 1,
	SDPA_TMOD_GRE_KEY,
	SDPA_TMOD_GTP_TEID,
	SDPA_TMOD_GTP_QFI,
	SDPA_TMOD_GENEVE_VNI,
	SDPA_TMOD_MPLS0, /* ..MPLS0+4: label stack entry i */
};

struct sdpa_act_tmpl {
	bool pop_vlan;
	uint8_t nat64_l3;    /* actions.nat64.original_l3_type (IP4/IP6), 0: no NAT64 */
	bool push_vlan;      /* push a VLAN tag after the template's writes */
	bool push_per_entry; /* its TPID and TCI come from each entry's actions */
	uint16_t push_val_off;
	uint8_t push_hdr[4]; /* TPID, TCI (network order) */
	uint8_t encap_kind;  /* enum sdpa_tun_kind */
	uint8_t decap_kind;
	uint16_t encap_voff; /* ENTRY: struct sdpa_encap in the values; SHARED_ENTRY: the id */
	uint16_t decap_voff;
	uint32_t encap_id; /* SHARED */
	uint32_t decap_id;
	uint8_t npatch;
	struct sdpa_tun_patch patch[SDPA_TUN_PATCH_MAX];
	struct sdpa_encap encap; /* CONST, or the base of ENTRY */
	struct sdpa_decap decap;
	uint32_t nops;
	uint32_t vlen; /* per-entry value bytes */
	struct sdpa_op ops[SDPA_FLOW_MAX_OPS];
	uint32_t ndescs; /* run after ops, in order */
	struct sdpa_desc_op descs[SDPA_FLOW_MAX_DESCS];
};

/* ---- meters and aging (flow_meter.c, flow_aging.c) ---- */
struct sdpa_meter; /* one token-bucket meter: an entry's own, or a shared one */

/* A meter's configuration, checked (limit type, color mode, algorithm, rates, bursts). */
struct sdpa_meter_cfg {
	uint8_t limit_type; /* enum doca_flow_meter_limit_type */
	uint8_t color_mode; /* enum doca_flow_meter_color_mode */
	uint8_t alg;        /* enum doca_flow_meter_algorithm_type */
	uint64_t cir, cbs;
	uint64_t r2, b2; /* RFC 2697: 0, ebs; RFC 2698: pir, pbs; RFC 4115: eir, ebs */
};

/* A pipe's monitor beyond counters: its meter template and aging. */
struct sdpa_mon_tmpl {
	uint8_t meter_type;   /* enum doca_flow_resource_type */
	bool meter_per_entry; /* own meter with cir UINT64_MAX / shared id UINT32_MAX */
	struct sdpa_meter_cfg own;
	uint32_t shared_id;
	uint8_t init_color; /* enum doca_flow_meter_color, for color-aware shared meters */
	uint32_t aging_sec; /* 0 or UINT32_MAX: entries give their own */
};

/* ---- ordered lists ---- */
enum { SDPA_OL_EXTERNAL = 100 }; /* DOCA_FLOW_ORDERED_LIST_ELEMENT_EXTERNAL_ACTIONS */

struct sdpa_ol_elem {
	uint32_t type;            /* enum doca_flow_ordered_list_element_type or SDPA_OL_EXTERNAL */
	uint32_t val_off;         /* ACTIONS: this element's per-entry values in the entry data */
	struct sdpa_act_tmpl act; /* ACTIONS */
	bool counter;             /* MONITOR with a counter */
	bool ext_ixsel;           /* EXTERNAL_ACTIONS: index selector (else array) */
	uint32_t ext_type;
	void *ext_res;
	uint32_t ext_off;
	uint32_t ext_op;    /* array operation */
	uint32_t ext_index; /* array slot */
	uint32_t fkind;     /* field accessor (flow_field.c) */
	uint32_t fbit;
	uint32_t fwidth;
	uint32_t nat64_l3;        /* NAT64: original_l3_type (enum doca_flow_l3_type) */
	struct sdpa_mon_tmpl mon; /* MONITOR: the template's meter and aging */
	bool meter;               /* MONITOR: this element meters (the entry data's meter) */
};

struct sdpa_ol_tmpl {
	uint32_t idx;
	uint32_t nelems;
	struct sdpa_ol_elem elems[SDPA_FLOW_MAX_ELEMS];
};

/* ---- entries ---- */
struct sdpa_entry_data {
	uint8_t action_idx;
	bool in_slot;         /* in the entry's pool slot (BASIC: one object), not malloc'd */
	bool shared;          /* BASIC: one object for the pipe's entries with equal data (refs) */
	sdpa_atomic_u32 refs; /* shared: entries (and the pipe's cache) holding it */
	/* Unless the pipe keeps them in the entry's slot (ectr_off, eage_off; use
	 * sdpa_entry_ctr and sdpa_entry_last_hit): the entry's own (NON_SHARED) counter,
	 * SDPA_FLOW_NW blocks or NULL, freed with the entry, carried on by each data an
	 * update gives it; and, when the data ages, the NIC clock of its last hit or of
	 * aging's start. Such data is the entry's alone (never shared). */
	struct sdpa_ctr *ctr;
	sdpa_atomic_u64 last_hit;
	struct sdpa_ctr *shared_ctr; /* SDPA_FLOW_NW blocks of the shared counter, or NULL */
	struct sdpa_fwd fwd;
	struct sdpa_ol_tmpl *ol;  /* ORDERED_LIST: this entry's list (values resolved) */
	struct sdpa_meter *meter; /* the entry's meter (own or shared), or NULL */
	uint8_t meter_in;         /* the input color of a color-aware meter */
	bool meter_owned;         /* freed with the data (NON_SHARED) */
	uint32_t aging_sec;       /* 0: the entry does not age */
	uint32_t vlen;
	uint8_t vals[]; /* per-entry action values */
};

/* An entry handle is a pool slot (flow_entry.c) of 16-byte granularity: this head, then
 * the BASIC key (a 58-byte head and a key of up to 6 bytes, an IPv4 address or a MAC,
 * take one 64-byte line), or a CONTROL entry's struct sdpa_entry_ctl after the aligned
 * head (sdpa_entry_ctl). Fields a lookup reads come first. Keep it small: an exact-match
 * pipe holds millions of them (issue 12: 128 bytes per entry, table included); what only
 * some entries have (a counter of their own, a last hit) is after the key or in their
 * data (sdpa_entry_ctr, sdpa_entry_last_hit). */
struct doca_flow_pipe_entry {
	sdpa_atomic_ptr data; /* struct sdpa_entry_data * */
	union {
		uint32_t hash;     /* BASIC: key hash */
		uint32_t index;    /* HASH: slot; ORDERED_LIST: list idx */
		uint32_t priority; /* CONTROL, LPM/ACL */
	};
	uint32_t pending; /* queued operations not completed yet */
	struct doca_flow_pipe *pipe;
	void *usr_ctx;
	union {
		struct doca_flow_pipe_entry *prev;  /* pipe's entry list */
		struct doca_flow_pipe_entry *fnext; /* dead slots' queue (never in a list then) */
	};
	struct doca_flow_pipe_entry *next;
	uint16_t queue;        /* the pipe queue of its ADD (aging callbacks come there) */
	uint8_t slot_class;    /* the pool size class of its slot */
	sdpa_atomic_u8 hstate; /* handle state: FREE, LIVE, DEAD (flow_entry.c, D20) */
	sdpa_atomic_u8 status; /* enum doca_flow_entry_status */
	bool in_hw;            /* linked in the pipe's table (control plane) */
	bool removing;         /* a DEL is queued */
	bool del_done;         /* the DEL completed: free when nothing else is pending */
	bool aged;             /* its AGED callback was given (control plane) */
	bool has_ctl;          /* CONTROL: a struct sdpa_entry_ctl follows (sdpa_entry_ctl) */
	uint8_t key[];         /* BASIC: compact key, right after the 58 bytes above */
};

/* The bytes of an entry before its key: a slot holds these and the key (sizeof rounds up
 * to the pointers' alignment, 6 bytes a key may use). */
#define SDPA_ENTRY_HEAD offsetof(struct doca_flow_pipe_entry, key)

/* A CONTROL entry's own part, after its head. */
struct sdpa_entry_ctl {
	uint64_t seq;               /* insertion order among equal priorities */
	struct sdpa_match_tmpl *cm; /* the entry's own match */
};

static inline struct sdpa_entry_ctl *sdpa_entry_ctl(const struct doca_flow_pipe_entry *e)
{
	/* after the whole (pointer-aligned) head, not at the key: it holds a uint64_t */
	return (struct sdpa_entry_ctl *)(void *)((uintptr_t)e + sizeof(*e));
}

/* ---- exact-match table (BASIC pipes; flow_em.h) ---- */
enum {
	SDPA_EM_LANES = 4,      /* slots per 64-byte bucket */
	SDPA_EM_INLINE_KEY = 8, /* keys up to this many bytes are their own tag */
	/* A slot's entry pointer carries in its low bits (entries are 16-byte aligned) the
	 * place, 1..SDPA_EM_HOT, of the entry's data in its pipe's em_hot; 0 when a hit
	 * must read the entry (flow_em.h). */
	SDPA_EM_HOT = 15,
};

struct sdpa_em_bucket {
	sdpa_atomic_u64 tag[SDPA_EM_LANES]; /* the key (<= 8 bytes), else its hash */
	/* NULL = never used, SDPA_EM_TOMB = removed, else an entry | its em_hot place */
	sdpa_atomic_ptr e[SDPA_EM_LANES];
};

#define SDPA_EM_TOMB ((struct doca_flow_pipe_entry *)(uintptr_t)1)

struct sdpa_em_table {
	uint32_t size;            /* slots: SDPA_EM_LANES * nbkt */
	uint32_t nbkt;            /* buckets (any number: a hash picks one by multiply-shift) */
	uint32_t used;            /* live + tombstones (control plane) */
	uint32_t live;            /* live entries (control plane) */
	struct sdpa_em_bucket *b; /* nbkt buckets, 64-byte aligned */
	size_t map_len;           /* b's sdpa_table_alloc length (0: malloc'd) */
};

/* The slots an exact-match table gets for nr_entries: two thirds full at most (24 bytes of
 * buckets per entry), so that a hit is in its home bucket or the next one. */
static inline uint32_t sdpa_em_slots(uint32_t nr_entries)
{
	uint64_t n = (uint64_t)nr_entries * 3 / 2;

	return n < 16 ? 16 : n > UINT32_MAX / 2 ? UINT32_MAX / 2 : (uint32_t)n;
}

/* A zeroed exact-match table of at least 'size' slots (at least 16): large ones mmap'd
 * with transparent huge pages asked (a lookup touches a random bucket: TLB misses
 * dominate otherwise), small ones malloc'd. sdpa_em_table_free frees it (NULL ignored).
 * NULL on NO_MEMORY. */
struct sdpa_em_table *sdpa_em_table_alloc(uint32_t size);
void sdpa_em_table_free(struct sdpa_em_table *t);

/* Drop the pipe's references to shared entry data, dcache's and em_hot's (pipe destruction,
 * after the datapath's grace period; flow lock). */
void sdpa_entry_dcache_clear(struct doca_flow_pipe *pipe);

/* A snapshot array (CONTROL and ORDERED_LIST pipes), replaced copy-on-write. */
struct sdpa_snap {
	uint32_t n;
	struct doca_flow_pipe_entry *e[];
};

/* ---- hash pipe state (flow_hash.h) ---- */
struct sdpa_hash_slot {
	sdpa_atomic_ptr entry;   /* struct doca_flow_pipe_entry *, NULL = none */
	sdpa_atomic_u32 enabled; /* D2: 1 = may receive packets */
	sdpa_atomic_u32 value;   /* D3: path-selector value */
};

struct sdpa_hash_state {
	pthread_mutex_t lock; /* writers of slots/active (control plane, provider) */
	uint32_t size;        /* index space: pow2 >= nr_entries */
	uint32_t algos;       /* configured algorithm flags */
	uint32_t def_algo;    /* what a plain PIPE fwd / root uses */
	sdpa_atomic_u32 rr;   /* ROUND_ROBIN cursor */
	bool has_psv;
	uint32_t psv_size; /* bytes of the path-selector field */
	struct sdpa_hash_slot *slots;
	sdpa_atomic_u64 *active; /* bit i: entry present and enabled */
	uint64_t *claimed;       /* control plane (flow lock): bit i = a live entry that is not
	                          * being removed owns index i (O(1) duplicate-index check) */
	uint32_t nwords;
};

struct doca_flow_pipe {
	uint32_t id; /* unique in the process, never reused */
	char name[SDPA_FLOW_NAME_MAX];
	enum doca_flow_pipe_type type;
	enum doca_flow_pipe_domain domain;
	bool is_root;
	bool egress_root; /* switch mode: the port's egress root (entered only by a fwd) */
	bool miss_counter;
	uint32_t nr_entries;
	uint32_t nr_cur; /* entries added (control plane) */
	void *user_ctx;
	struct doca_flow_port *port;
	struct doca_flow_pipe *prev, *next; /* port's pipe list */
	struct doca_flow_pipe_entry *entries;

	struct sdpa_match_tmpl mt;
	struct sdpa_steer_plan steer; /* HASH pipes */
	uint32_t nr_actions;
	struct sdpa_act_tmpl act[SDPA_FLOW_MAX_ACTIONS];
	/* monitor */
	bool ctr_non_shared;
	bool ctr_shared;
	uint32_t ctr_shared_id; /* UINT32_MAX: per entry */
	struct sdpa_mon_tmpl mon;
	/* BASIC: where each entry's slot keeps, after the key, the pointer to the entry's own
	 * counter and its last hit (0: in the entry's data; sdpa_entry_ctr), and where these
	 * end (0: none): the entries share their data all the same (flow_entry.c). */
	uint16_t ectr_off, eage_off, etail;
	struct sdpa_fwd fwd;
	sdpa_atomic_ptr fwd_miss; /* struct sdpa_fwd *, NULL = default miss */
	struct sdpa_ctr miss[SDPA_FLOW_NW];

	/* per type */
	sdpa_atomic_ptr em; /* BASIC: struct sdpa_em_table * */
	/* BASIC: the last distinct shared entry data (flow_entry.c), a reference each */
	struct sdpa_entry_data *dcache[4];
	uint32_t dcache_next;
	/* BASIC: shared entry data that exact-match slots name (flow_em.h), a reference
	 * each; a place, once filled, holds its data until the pipe goes */
	sdpa_atomic_ptr em_hot[SDPA_EM_HOT]; /* struct sdpa_entry_data * */
	sdpa_atomic_ptr snap;                /* CONTROL/ORDERED_LIST: struct sdpa_snap * */
	void *lpmacl;                        /* LPM / ACL: their table (flow_lpmacl.h) */
	struct sdpa_hash_state hash;
	uint32_t nr_lists;
	struct sdpa_ol_tmpl *lists; /* ORDERED_LIST: nr_lists templates */
	/* resizable pipes (flow_resize.c), control plane */
	bool resizable;
	uint8_t congestion_pct; /* 0: no CONGESTION_REACHED */
	bool congestion_sent;   /* given for the current size */
	uint64_t excluded_q;    /* bit q: no RESIZED callback on queue q */
	bool resize_pending;    /* relocations and RESIZED still to report */
	doca_flow_pipe_resize_entry_relocate_cb reloc_cb;
	sdpa_atomic_u32 dead; /* destroyed: the struct stays (graveyard) for stale fwds */
	struct doca_flow_pipe *grave_next;
};

/* e's own counter (SDPA_FLOW_NW blocks), or NULL; d is e's data. */
static inline struct sdpa_ctr *sdpa_entry_ctr(const struct doca_flow_pipe *pipe,
                                              const struct doca_flow_pipe_entry *e,
                                              const struct sdpa_entry_data *d)
{
	struct sdpa_ctr *c;

	if (pipe->ectr_off == 0)
		return d->ctr;
	memcpy(&c, (const uint8_t *)e + pipe->ectr_off, sizeof(c));
	return c;
}

/* Where e's last hit is kept (aging: only when d, e's data, ages). */
static inline sdpa_atomic_u64 *sdpa_entry_last_hit(const struct doca_flow_pipe *pipe,
                                                   struct doca_flow_pipe_entry *e,
                                                   const struct sdpa_entry_data *d)
{
	if (pipe->eage_off != 0)
		return (sdpa_atomic_u64 *)(void *)((uint8_t *)e + pipe->eage_off);
	return (sdpa_atomic_u64 *)&d->last_hit; /* d is e's alone then: never shared */
}

/* ---- entry queues ---- */
struct sdpa_qop {
	struct doca_flow_pipe_entry *entry; /* NULL: cancelled (pipe destroyed) */
	uint8_t op;                         /* enum doca_flow_entry_op */
	uint8_t pushed;                     /* applied to the "hardware" table */
	uint8_t status;                     /* enum doca_flow_entry_status once pushed */
	struct sdpa_entry_data *upd;        /* UPD: new data until pushed */
};

struct sdpa_fqueue {
	uint32_t head;          /* oldest op */
	uint32_t count;         /* ops queued */
	uint32_t unpushed_from; /* ops [from, count) are buffered (WAIT_FOR_BATCH) */
	struct sdpa_qop *ops;   /* ring of queue_depth */
	/* Operations completed because the queue was full when another was added (as the
	 * device polls its full queue); their callbacks wait for doca_flow_entries_process. */
	struct sdpa_late *late;
	uint32_t nlate, late_cap;
};

/* ---- software (RSS) queues ---- */
struct sdpa_rxq_slot {
	uint32_t len;
	uint32_t hash;
	uint32_t meta;  /* meta.pkt_meta when queued, host order */
	uint32_t ptype; /* what the parser saw: SDPA_NIC_PT_* fields (nic.h) */
	uint8_t *buf;   /* SOFTDPA_FRAME_MAX bytes, allocated on first use */
};

struct sdpa_rxq {
	sdpa_atomic_u32 head; /* consumer: the application (under mtx) */
	char pad1[60];
	sdpa_atomic_u32 tail; /* producer: the worker owning the port (under prod_mtx when
	                       * the port's frames are spread over workers, spread.h) */
	char pad2[60];
	pthread_mutex_t mtx;
	pthread_mutex_t prod_mtx;
	struct sdpa_rxq_slot slots[SDPA_FLOW_RXQ_SIZE];
};

/* ---- frames the host transmits on a port with an egress root (flow_dp.c) ---- */
struct sdpa_htx_slot {
	uint32_t len;
	uint32_t meta; /* the sender's meta.pkt_meta (host order; doca_eth_txq metadata) */
	uint8_t *buf;  /* SOFTDPA_FRAME_MAX bytes, allocated on first use */
};

/* Producers: application threads (sdpa_nic_host_tx, under mtx and the flow lock); consumer:
 * the worker owning the port, lock-free. */
struct sdpa_htx {
	sdpa_atomic_u32 head; /* consumer */
	char pad1[60];
	sdpa_atomic_u32 tail; /* producers */
	char pad2[60];
	pthread_mutex_t mtx;
	struct sdpa_htx_slot slots[SDPA_FLOW_RXQ_SIZE];
};

struct sdpa_port_res; /* flow_shared.c */

struct doca_flow_port {
	uint16_t port_id;
	bool is_rep;
	bool switch_mode;
	struct doca_dev *dev;
	struct doca_dev_rep *dev_rep;
	/* Switch mode: emulated device id of the PF whose switch this port belongs to (the
	 * PF's own for a PF port, the parent's for a representor; SDPA_DEV_ID_INVALID when
	 * the port was started without a device). Set once at start. */
	uint32_t sw_dev;
	/* Outside switch mode, a port started on a device: the device's MAC. A frame leaving
	 * the port with it as destination comes back into the port (flow_dp.c, loopback). */
	bool has_mac;
	uint8_t mac[6];
	sdpa_atomic_u32 op_state;
	sdpa_atomic_ptr root;      /* struct doca_flow_pipe * */
	sdpa_atomic_ptr eroot;     /* the egress root pipe (struct doca_flow_pipe *), or NULL */
	sdpa_atomic_ptr htx;       /* struct sdpa_htx *: host frames waiting for the egress root */
	sdpa_atomic_ptr kern;      /* struct sdpa_kernel *: the kernel target (flow_target.c) */
	sdpa_atomic_u32 miss_type; /* enum doca_flow_port_default_miss_type */
	sdpa_atomic_u32 miss_ctr_en;
	struct sdpa_ctr miss_ctr[SDPA_FLOW_NW];
	struct sdpa_rss rss; /* default-miss RSS */
	uint8_t *priv;
	struct doca_flow_port *pair;
	struct doca_flow_pipe *pipes;
	struct sdpa_fqueue queues[SDPA_FLOW_MAX_QUEUES];
	sdpa_atomic_ptr rxq[SDPA_FLOW_RSS_QUEUES]; /* struct sdpa_rxq * */
	uint32_t nr_res[8];
	struct sdpa_port_res *res; /* PORT resource mode: the port's shared-resource pools */
	sdpa_atomic_ptr gparser;   /* struct doca_flow_parser *: GENEVE options (flow_geneve.c) */
};

/* ---- global state ---- */
struct sdpa_flow_global {
	pthread_mutex_t lock;
	bool inited;
	bool switch_mode;
	uint16_t pipe_queues;
	uint32_t queue_depth;
	uint32_t nr_counters;
	uint32_t nr_shared[8];
	enum doca_flow_resource_mode res_mode;
	doca_flow_entry_process_cb entry_cb;
	doca_flow_pipe_process_cb pipe_cb;
	doca_flow_shared_resource_unbind_cb unbind_cb;
	uint8_t rss_key[64];
	uint32_t rss_key_len;
	struct sdpa_rss default_rss;
	bool has_default_rss;
	uint32_t nworkers;
	sdpa_atomic_ptr ports[SDPA_MAX_PORTS]; /* struct doca_flow_port * (datapath view) */
	struct sdpa_ctr *shared_ctr;           /* nr_shared[COUNTER] x SDPA_FLOW_NW */
	sdpa_atomic_ptr *shared_rss; /* nr_shared[RSS] x struct sdpa_rss *, NULL = unset */
};

extern struct sdpa_flow_global flow_g;

/* ---- cross-file helpers (control plane unless stated) ---- */
/* A live port / pipe: looked up in the handle table (core/handles.h), never read, so a
 * stale or destroyed pointer is safe to pass. Lock-free. */
bool sdpa_flow_port_valid(const struct doca_flow_port *port);
/* Switch mode: the switch manager (PF port) a port belongs to — itself for a PF port, the
 * started PF port of the same device for a representor (the first started PF port when
 * the representor's device has none). NULL outside switch mode or when no PF port is
 * started. Lock-free: callable from the datapath. */
struct doca_flow_port *sdpa_flow_switch_of(const struct doca_flow_port *port);
bool sdpa_flow_pipe_valid(const struct doca_flow_pipe *pipe);
/* Compile a doca_flow_fwd; 'who' names the caller in the log line. */
/* The forwards a pipe's domain allows (docs/FLOW.md "Domains"): outside switch mode an
 * egress pipe forwards to a port, drops, or goes on to egress pipes (INVALID_VALUE with one
 * line otherwise). Called after sdpa_fwd_compile. */
doca_error_t sdpa_fwd_domain_check(const struct doca_flow_pipe *from, const struct sdpa_fwd *f,
                                   const char *who);
doca_error_t sdpa_fwd_compile(const struct doca_flow_fwd *fwd, struct doca_flow_port *port,
                              bool in_entry, const char *who, struct sdpa_fwd *out);
doca_error_t sdpa_rss_compile(const struct doca_flow_resource_rss_cfg *cfg, const char *who,
                              struct sdpa_rss *out);
/* Software queue of a port, created if missing. NULL on NO_MEMORY. */
struct sdpa_rxq *sdpa_rxq_get(struct doca_flow_port *port, uint16_t queue);
void sdpa_rxq_free_all(struct doca_flow_port *port);
/* Free the port's host-TX queue (flow_dp.c); the port is unpublished and synchronised. */
void sdpa_htx_free(struct doca_flow_port *port);
/* ---- the kernel target (flow_target.c) ---- */
/* The target doca_flow_get_target returned. Lock-free. */
bool sdpa_target_valid(const struct doca_flow_target *t);
/* The port's kernel delivery (a TAP device, else a capture), made once, with its log line.
 * Control plane. */
doca_error_t sdpa_kernel_setup(struct doca_flow_port *port, const char *who);
/* Datapath: hand a frame to the port's kernel (TAP write, or capture), counted. */
void sdpa_kernel_deliver(struct doca_flow_port *port, const uint8_t *data, uint32_t len);
/* Free the port's kernel delivery (the port is unpublished and synchronised). */
void sdpa_kernel_free(struct doca_flow_port *port);
/* The "kernel" section of softdpa stats (registered once). */
void sdpa_kernel_stats_register(void);
/* Compile an action template. */
doca_error_t sdpa_act_compile(const struct doca_flow_actions *a, const struct doca_flow_actions *m,
                              const char *who, struct sdpa_act_tmpl *out);
/* Values of a template's per-entry fields from entry actions (NULL: zeros). */
void sdpa_act_entry_vals(const struct sdpa_act_tmpl *t, const struct doca_flow_actions *a,
                         uint8_t *vals);
/* Compile a match (template + optional mask). literal: every masked bit is a value to
 * compare (control entries), never "supplied per entry". */
doca_error_t sdpa_match_compile(const struct doca_flow_match *match,
                                const struct doca_flow_match *mask, bool literal, const char *who,
                                struct sdpa_match_tmpl *out);
/* The same for a pipe or control entry of 'port': GENEVE options in the match are laid
 * out as the port's option parser shows them (flow_geneve.c). */
doca_error_t sdpa_match_compile_port(const struct doca_flow_port *port,
                                     const struct doca_flow_match *match,
                                     const struct doca_flow_match *mask, bool literal,
                                     const char *who, struct sdpa_match_tmpl *out);
/* GENEVE options (flow_geneve.c). Lay tun.geneve_options of a pipe's match and mask out as
 * the view shows them (in place; gperm out); INVALID_VALUE with one line when an option
 * is not the parser's or matches bits it does not sample. */
doca_error_t sdpa_geneve_match_canon(const struct doca_flow_port *port,
                                     struct doca_flow_match *match, struct doca_flow_match *mask,
                                     const char *who, uint8_t *gperm);
/* Move an entry's tun.geneve_options words as gperm says (in place). */
void sdpa_geneve_entry_canon(const uint8_t *gperm, struct doca_flow_match *m);
/* Fill the view's tun.geneve_options (zero on entry) from a parsed frame's options, as the
 * parser of the port the frame came in on shows them. */
void sdpa_geneve_view(uint16_t in_port, struct doca_flow_match *m,
                      const struct sdpa_pkt_info *info);
/* Release a stopping port's parser (flow_g.lock held, datapath quiesced). */
void sdpa_geneve_port_free(struct doca_flow_port *port);
/* The key of an entry's match under a pipe template (constants merged in). */
void sdpa_match_entry_key(const struct sdpa_match_tmpl *mt, const struct doca_flow_match *em,
                          uint8_t *key);
/* Packet-view checks: header-type selectors, and constant bytes. */
bool sdpa_match_selectors_ok(const struct sdpa_match_tmpl *mt, const uint8_t *view);
bool sdpa_match_consts_ok(const struct sdpa_match_tmpl *mt, const uint8_t *view);
/* Fill a packet view from a parse (meta, parser_meta.port_id and .random are kept). */
void sdpa_view_build(struct doca_flow_match *m, const struct sdpa_pkt_info *info);
/* Groups of the packet view a compiled match reads (sdpa_match_tmpl.lite). */
enum {
	SDPA_LV_PMETA = 1 << 0, /* parser_meta but port_id, random, meter_color */
	SDPA_LV_CSUM = 1 << 1,  /* with PMETA: outer_ip4_checksum_ok verified too */
	SDPA_LV_ETH = 1 << 2,   /* outer.eth, l2_valid_headers, eth_vlan */
	SDPA_LV_L3 = 1 << 3,    /* outer.l3_type and the ip4/ip6 union */
	SDPA_LV_L4 = 1 << 4,    /* outer.l4_type_ext and the L4 union */
	SDPA_LV_ON = 1 << 7,    /* compiled (set with any of the above) */
};
/* The groups of a compiled template (0: not compilable); sdpa_match_compile sets lite. */
uint8_t sdpa_match_lite_plan(const struct sdpa_match_tmpl *mt);
/* Compiled matching: the offset parse of a frame (sdpa_parse_lite), then the view groups
 * 'groups' (SDPA_LV_*) written exactly as sdpa_view_build writes them from a full parse;
 * the other bytes of the view are left as they are. false: the frame is not simple enough
 * (nothing written): build the full view. */
bool sdpa_view_lite(struct doca_flow_match *m, const uint8_t *frame, uint32_t len, uint8_t groups);
/* A direct key extraction (mt->cx_n != 0) of a frame, for BASIC pipes: 1 = the key is in
 * 'key' (mt->klen bytes) and the selectors hold; 0 = the selectors do not hold (a miss);
 * -1 = the frame is not simple (sdpa_parse_lite): use the view. Exactly the key and
 * selector verdict sdpa_match_key/sdpa_match_selectors_ok give on the full view. */
int sdpa_match_cx_key(const struct sdpa_match_tmpl *mt, const uint8_t *frame, uint32_t len,
                      const struct doca_flow_match *view, uint8_t *key);
/* The same extraction into the view instead (HASH pipes: the steering hash and the
 * constants read the view): the match's bytes written at their places in the view, as the
 * full view holds them (unmasked). Same return values; on 1 the selectors hold. */
int sdpa_match_cx_view(const struct sdpa_match_tmpl *mt, const uint8_t *frame, uint32_t len,
                       struct doca_flow_match *view);
/* Fill parser_meta.outer/inner_l4_checksum_ok of a view built from 'info' (a full checksum
 * pass: only when a match asks for them). */
void sdpa_view_l4csum(struct doca_flow_match *m, const uint8_t *frame, uint32_t len,
                      const struct sdpa_pkt_info *info);
/* The compact key of a match struct (entry or packet view). */
void sdpa_match_key(const struct sdpa_match_tmpl *mt, const uint8_t *m, uint8_t *key);
/* CRC32C (Castagnoli; init ~0, final ~0) of n bytes. */
uint32_t sdpa_crc32c(const uint8_t *p, uint32_t n);
/* Exact-match table hash of a compact key: CRC32C, then a multiply-xorshift finaliser
 * (CRC is linear, so sequential keys would otherwise cluster in the low bits). */
static inline uint32_t sdpa_em_hash(const uint8_t *key, uint32_t klen)
{
	uint32_t h;

	/* A short key (an IPv4 address, a port pair, ...: most exact matches) is one 64-bit
	 * word: a multiply-xorshift finaliser (murmur3's) of it, inline, instead of a CRC
	 * call, on the per-frame path. Lookups and inserts both hash here. */
	if (klen <= 8) {
		uint64_t v = (uint64_t)klen << 56;

		if (klen == 4) {
			uint32_t w;

			memcpy(&w, key, 4);
			v |= w;
		} else {
			for (uint32_t i = 0; i < klen; i++)
				v ^= (uint64_t)key[i] << (8 * i);
		}
		v ^= v >> 33;
		v *= 0xff51afd7ed558ccdull;
		v ^= v >> 33;
		v *= 0xc4ceb9fe1a85ec53ull;
		v ^= v >> 33;
		return (uint32_t)v;
	}
	h = sdpa_crc32c(key, klen);

	h ^= h >> 16;
	h *= 0x85ebca6bu;
	h ^= h >> 13;
	h *= 0xc2b2ae35u;
	h ^= h >> 16;
	return h;
}
/* ---- the device's steering hashes (flow_steer_hash.c, D21) ---- */
/* CRC-32 as the steering computes it (reflected 0xEDB88320, init 0, no final XOR), the
 * register read most significant byte first. */
uint32_t sdpa_steer_crc32(const uint8_t *p, uint32_t n);
/* CRC-16 of the entropy calculation (polynomial 0x100B, MSB first, init 0). */
uint16_t sdpa_entropy_crc16(const uint8_t *p, uint32_t n);
/* The same CRC over the entropy's 37-byte input (destination, source address in 16 bytes
 * each, protocol, destination and source port) given as fields: 'l3' SDPA_L3_IP4 (4-byte
 * addresses, in the last 4 of their 16) or SDPA_L3_IP6; the ports as on the wire, or NULL
 * (zeros). Table-driven: call sdpa_entropy_init() once first. */
enum { SDPA_ENTROPY_IN = 37 };
void sdpa_entropy_init(void);
uint16_t sdpa_entropy_5tuple(uint8_t l3, const void *dst, const void *src, uint8_t proto,
                             const void *dport, const void *sport);
/* Build a hash pipe's plan from its template: false when the hashed fields need more
 * selectors than a definer has (9 DWords and 8 bytes). */
bool sdpa_steer_plan_build(const struct sdpa_match_tmpl *mt, struct sdpa_steer_plan *plan);
/* D21's H for a packet view or a user match (struct doca_flow_match bytes): one table
 * lookup per hashed byte. */
uint32_t sdpa_steer_hash(const struct sdpa_steer_plan *plan, const uint8_t *m);
/* Compile one ordered list (template when 'tmpl' is NULL, else an entry's list over it). */
doca_error_t sdpa_ol_compile(const struct doca_flow_ordered_list *l,
                             const struct sdpa_ol_tmpl *tmpl, const char *who,
                             struct sdpa_ol_tmpl *out, uint32_t *vlen);
void sdpa_ol_entry_vals(const struct sdpa_ol_tmpl *t, const struct doca_flow_ordered_list *l,
                        uint8_t *vals);
void sdpa_ol_unpin(struct sdpa_ol_tmpl *t);
/* Free every destroyed pipe (doca_flow_destroy). */
void sdpa_pipe_graveyard_free(void);

/* The "pipes" section of a stats dump (flow_stats.c); called by doca_flow_init/destroy
 * without flow_g.lock held. */
void sdpa_flow_stats_register(void);
/* Count a frame whose first parse found 'err' (enum sdpa_pkt_error; OK is not counted) on
 * worker block w (datapath; the "parser" stats section shows them by reason); the total
 * of a reason since doca_flow_init (tests). */
void sdpa_parse_err_count(uint32_t w, uint32_t err);
uint64_t sdpa_parse_err_get(uint32_t err);
void sdpa_flow_stats_unregister(void);
/* Pipe destruction (entries freed after a grace period). Called with the lock held. */
void sdpa_pipe_destroy_locked(struct doca_flow_pipe *pipe);
/* The entry is dead (removed, or its pipe destroyed; it is unlinked from every table):
 * its handle is refused from now on; its contents are released after a grace period (now
 * when 'unreachable': no datapath thread can hold it) and its memory after a quarantine
 * (flow_entry.c). Must hold the flow lock. */
void sdpa_entry_bury(struct doca_flow_pipe_entry *e, bool unreachable);
/* doca_flow_destroy, the datapath stopped: free every quarantined entry, forget them all. */
void sdpa_entry_registry_clear(void);
/* The entry pool's size class of slots of 'slot_size' bytes (rounded up to 16 as the pool
 * does): the bytes of the slots it has handed out, and how many of those lie on huge-page
 * memory (tests). Any thread. A class carves its slots one after the other from segments
 * of SDPA_ENTRY_SEGMENT bytes (core/hugemem.h): the first SDPA_ENTRY_SMALL_HEAD bytes of
 * its first segment on small pages, all the rest on huge pages. */
void sdpa_entry_pool_usage(size_t slot_size, size_t *bytes, size_t *huge_bytes);
enum { SDPA_ENTRY_SEGMENT = 16u << 20, SDPA_ENTRY_SMALL_HEAD = 2u << 20 };
/* Cancel queued ops of a pipe's entries on its port. */
void sdpa_queue_cancel_pipe(struct doca_flow_pipe *pipe);
/* Unlink an entry from its pipe's datapath table. */
void sdpa_entry_unlink_hw(struct doca_flow_pipe_entry *e);
/* Register/unregister a pipe id for lookup by the provider. */
void sdpa_pipe_registry_add(struct doca_flow_pipe *pipe);
void sdpa_pipe_registry_del(struct doca_flow_pipe *pipe);
/* Hash state init/fini. */
doca_error_t sdpa_hash_state_init(struct doca_flow_pipe *pipe, uint32_t algos);
void sdpa_hash_state_fini(struct doca_flow_pipe *pipe);
void sdpa_hash_slot_set(struct doca_flow_pipe *pipe, uint32_t index, struct doca_flow_pipe_entry *e,
                        uint32_t value);
/* Datapath engine lifecycle (flow_dp.c). */
doca_error_t sdpa_dp_start(uint32_t nworkers);
void sdpa_dp_stop(void);

/* ---- shared resources (flow_shared.c) ---- */
/* "COUNTER", "RSS", ... for log lines. */
const char *sdpa_shared_type_name(enum doca_flow_shared_resource_type t);
/* The member of struct doca_flow_shared_resource_cfg that configures type t. */
const char *sdpa_shared_cfg_member(enum doca_flow_shared_resource_type t);
/* PORT resource mode: the port's pools, sized by its nr_res. NULL on NO_MEMORY (logged). */
struct sdpa_port_res *sdpa_port_res_create(const struct doca_flow_port *port);
/* Free now (never published) or after a grace period (the port was live). */
void sdpa_port_res_free(struct sdpa_port_res *r);
void sdpa_port_res_release(struct sdpa_port_res *r);
/* The counter blocks a shared counter id names for a pipe of 'port' (global pool in SYSTEM
 * mode, the port's in PORT mode). NULL, logged with 'who', when the id is not usable. */
struct sdpa_ctr *sdpa_shared_ctr_resolve(struct doca_flow_port *port, uint32_t id, const char *who);
/* PORT mode: the port's shared encap (decap false) or decap slots and their number. */
sdpa_atomic_ptr *sdpa_port_res_tun_slots(struct sdpa_port_res *r, bool decap, uint32_t *n);
/* The slot of a configured shared RSS id, as above. */
sdpa_atomic_ptr *sdpa_shared_rss_resolve(struct doca_flow_port *port, uint32_t id, const char *who);

/* ---- resizable pipes (flow_resize.c) ---- */
/* A BASIC pipe's exact-match table rebuilt at 'size' slots (power of two; flow_em.c) and
 * published; false on NO_MEMORY (the old table stays). Flow lock held. */
bool sdpa_em_rebuild(struct doca_flow_pipe *pipe, uint32_t size);
/* A live entry handle (flow_entry.c). */
bool sdpa_entry_live(const struct doca_flow_pipe_entry *e);
/* An entry was added (flow lock held): a resizable pipe that reaches its congestion level
 * owes CONGESTION_REACHED, given by sdpa_resize_notify once the add call drops the lock. */
void sdpa_resize_added(struct doca_flow_pipe *pipe);
/* Give the CONGESTION_REACHED callbacks owed (flow lock NOT held). */
void sdpa_resize_notify(void);
/* doca_flow_entries_process, after its callbacks (lock NOT held): report the relocations
 * and RESIZED of the port's resized pipes on a queue they do not exclude. */
void sdpa_resize_process(struct doca_flow_port *port, uint16_t queue);

/* ---- meters (flow_meter.c) ---- */
/* Check a doca_flow_resource_meter_cfg into out; INVALID_VALUE (logged with 'who'). */
doca_error_t sdpa_meter_cfg_check(const struct doca_flow_resource_meter_cfg *c, const char *who,
                                  struct sdpa_meter_cfg *out);
/* A meter with full buckets; NULL on NO_MEMORY. */
struct sdpa_meter *sdpa_meter_new(const struct sdpa_meter_cfg *cfg);
void sdpa_meter_free(struct sdpa_meter *m);
/* Configure a meter slot (allocated if NULL), buckets full; NO_MEMORY (logged). */
doca_error_t sdpa_meter_slot_set(struct sdpa_meter **slot, const struct sdpa_meter_cfg *cfg,
                                 const char *who);
/* Datapath: meter a frame of 'len' bytes coming with color 'in' (color-aware meters only
 * look at it); returns the enum doca_flow_meter_color it leaves with. Thread-safe. */
uint8_t sdpa_meter_run(struct sdpa_meter *m, uint8_t in, uint32_t len);
/* Global (SYSTEM mode) shared meters: configure id (< nr_shared[METER]), resolve, free all. */
doca_error_t sdpa_meter_global_set(uint32_t id, const struct doca_flow_resource_meter_cfg *c,
                                   const char *who);
void sdpa_meter_global_free(void);
struct sdpa_meter *sdpa_meter_global_get(uint32_t id); /* NULL: not configured */
/* The shared meter an id names for a pipe of 'port'; NULL, logged, when not configured. */
struct sdpa_meter *sdpa_shared_meter_resolve(struct doca_flow_port *port, uint32_t id,
                                             const char *who);
/* A pipe's monitor template (meter and aging); port NULL: a shared meter id is checked
 * when an entry uses it. */
doca_error_t sdpa_mon_tmpl_compile(const struct doca_flow_monitor *m, struct doca_flow_port *port,
                                   const char *who, struct sdpa_mon_tmpl *out);
/* An entry's meter (into d) and aging time (returned in *aging_sec) from the pipe's template
 * and the entry's monitor (NULL: none). */
doca_error_t sdpa_mon_entry(const struct doca_flow_pipe *pipe, const struct doca_flow_monitor *m,
                            const char *who, struct sdpa_entry_data *d, uint32_t *aging_sec);
/* The same against another template (an ordered-list MONITOR element's). */
doca_error_t sdpa_mon_entry_tmpl(const struct doca_flow_pipe *pipe, const struct sdpa_mon_tmpl *t,
                                 const struct doca_flow_monitor *m, const char *who,
                                 struct sdpa_entry_data *d, uint32_t *aging_sec);
/* ---- tunnels (flow_tunnel.c) ---- */
/* Compile actions.decap_* / encap_* into t (marks the bytes it consumed in 'covered').
 * NOT_SUPPORTED / INVALID_VALUE with one log line naming 'who'. */
doca_error_t sdpa_tun_act_compile(const struct doca_flow_actions *a, const char *who,
                                  struct sdpa_act_tmpl *t, uint8_t *covered);
/* Entry values of the tunnel part of a template (a: the entry's actions, may be NULL). */
void sdpa_tun_entry_vals(const struct sdpa_act_tmpl *t, const struct doca_flow_actions *a,
                         uint8_t *vals);
/* A template whose actions are also its values (CONTROL entries): per-entry encap/decap
 * fields take the template's own values, shared ids stay as given. */
void sdpa_tun_make_const(struct sdpa_act_tmpl *t, const struct doca_flow_actions *a);
/* Compile a shared encap / decap configuration. */
doca_error_t sdpa_encap_compile(const struct doca_flow_resource_encap_cfg *cfg, const char *who,
                                struct sdpa_encap *out);
doca_error_t sdpa_decap_compile(const struct doca_flow_resource_decap_cfg *cfg, const char *who,
                                struct sdpa_decap *out);
/* Shared encap/decap slots: the compiled resource of an id, NULL when not configured.
 * Datapath (acquire load). */
const struct sdpa_encap *sdpa_shared_encap_get(const struct doca_flow_port *port, uint32_t id);
const struct sdpa_decap *sdpa_shared_decap_get(const struct doca_flow_port *port, uint32_t id);
/* Store a compiled resource in its slot (flow lock held); frees the old one after a grace
 * period. global: SYSTEM mode (else the port's pool). */
doca_error_t sdpa_shared_tun_set(struct doca_flow_port *port, bool decap, uint32_t id,
                                 void *compiled, const char *who);
void sdpa_shared_tun_free_all(void);
/* doca_flow_(port_)shared_resource_set_cfg of an ENCAP or DECAP id (flow lock held;
 * port NULL: SYSTEM mode). */
doca_error_t sdpa_shared_tun_cfg(struct doca_flow_port *port, uint32_t type, uint32_t id,
                                 const struct doca_flow_shared_resource_cfg *cfg, const char *who);

/* Why a tunnel action could not be applied (a drop with SOFTDPA_DROP_TUNNEL). */
enum sdpa_tun_drop {
	SDPA_TUNDROP_NONE = 0,
	SDPA_TUNDROP_NO_TUNNEL, /* decap of a frame without a (whole) tunnel */
	SDPA_TUNDROP_NOT_L2,    /* L2 decap of a tunnel without an inner Ethernet header */
	SDPA_TUNDROP_NOT_IP,    /* L3 encap/decap of a frame without an IP header */
	SDPA_TUNDROP_TOO_LONG,  /* the encapsulated frame exceeds the frame buffer */
	SDPA_TUNDROP_UNSET,     /* a shared encap/decap id with no configuration */
	SDPA_TUNDROP_PARSE,     /* the tunnel or inner headers are truncated/malformed */
	SDPA_TUNDROP_COUNT
};
/* Decapsulate / encapsulate pkt (info: its current parse). SDPA_TUNDROP_NONE on success
 * (the frame changed: reparse), else why it must be dropped (frame unchanged). */
uint32_t sdpa_tun_decap(struct sdpa_pkt *pkt, const struct sdpa_pkt_info *info,
                        const struct sdpa_decap *d);
uint32_t sdpa_tun_encap(struct sdpa_pkt *pkt, const struct sdpa_pkt_info *info,
                        const struct sdpa_encap *e);
/* The same without a parse for the common frame (Ethernet / IPv4 without options, not a
 * fragment): the outer headers the encap reads are taken from the frame directly.
 * SDPA_TUN_NEEDS_PARSE (frame unchanged) for any other frame or e NULL: parse, then
 * sdpa_tun_encap. */
enum { SDPA_TUN_NEEDS_PARSE = 0xffffffffu };
uint32_t sdpa_tun_encap_quick(struct sdpa_pkt *pkt, const struct sdpa_encap *e);
/* Count a tunnel drop (reason, and the parser error when PARSE) / an applied action.
 * Datapath: w = worker index. */
void sdpa_tun_count(uint32_t w, bool encap, uint32_t why, uint32_t parse_err);
/* Register / unregister the "tunnels" stats section. */
void sdpa_tun_stats_register(void);
void sdpa_tun_stats_unregister(void);

/* ---- named fields (flow_field.c): the strings of struct doca_flow_desc_field ---- */
/* A field's kind is its index in flow_field.c's table + 1; the first ones are fixed. */
enum sdpa_field_kind {
	SDPA_FIELD_NONE = 0, /* none; as a condition's b or an ADD's source: an immediate */
	SDPA_FIELD_META,     /* meta.data: the 11 32-bit words of struct doca_flow_meta */
	SDPA_FIELD_RANDOM,   /* parser_meta.random.value (read only) */
};

/* Where a field lives. */
enum sdpa_flayer {
	SDPA_FL_META,    /* the packet's metadata */
	SDPA_FL_RANDOM,  /* the packet's random value */
	SDPA_FL_ETH,     /* from the Ethernet header */
	SDPA_FL_ETHTYPE, /* the EtherType after the VLAN tags */
	SDPA_FL_IP4,     /* from the IPv4 header */
	SDPA_FL_IP6,     /* from the IPv6 header */
	SDPA_FL_TCP,     /* from the TCP header */
	SDPA_FL_UDP,     /* from the UDP header */
	SDPA_FL_L4,      /* from a TCP or UDP header */
	SDPA_FL_ESP,     /* from the outer ESP header (tunnel ESP) */
	SDPA_FL_GRE_KEY, /* the key of a GRE tunnel (NVGRE: VSID and flow id) */
	SDPA_FL_BTH,     /* from the RoCEv2 BTH after UDP/4791 */
};

struct sdpa_field {
	const char *name;
	uint8_t layer;  /* enum sdpa_flayer */
	uint8_t inner;  /* of the inner header stack */
	uint8_t off;    /* the container's byte offset in its header */
	uint8_t size;   /* container bytes (big-endian) */
	uint8_t shift;  /* the field's least significant bit in the container */
	uint16_t bits;  /* field width */
	uint8_t ro;     /* read only: a source or an operand, never written */
	uint8_t vshift; /* the value's shift in its DOCA struct member */
	uint8_t vsize;  /* bytes of that member */
	uint16_t moff;  /* offset of the member in struct doca_flow_match */
	uint16_t aoff;  /* offset in struct doca_flow_actions; 0xffff: none there */
};

/* The field of a kind (NULL for NONE or out of range), a name's kind (NONE: unknown).
 * Names starting with '#' are softdpa's own (action-template fields DOCA names no string
 * for); sdpa_field_resolve refuses them. */
const struct sdpa_field *sdpa_field_get(uint32_t kind);
uint32_t sdpa_field_lookup(const char *name);
uint32_t sdpa_field_count(void);
/* Bits [bit, bit + width) of the value a DOCA struct (match or actions) holds for the
 * field at byte st_off: an immediate operand. */
uint64_t sdpa_field_imm(const struct sdpa_field *f, const void *st, uint16_t st_off, uint32_t bit,
                        uint32_t width);
/* Header fields on a frame parsed into 'info': where its container is (false when the
 * packet lacks the header), a read, and a write that keeps the checksums (false when the
 * bytes did not change). Datapath, any thread. */
bool sdpa_field_locate(const struct sdpa_field *f, const struct sdpa_pkt_info *info, uint32_t *off);
uint64_t sdpa_field_read_at(const uint8_t *frame, uint32_t off, const struct sdpa_field *f,
                            uint32_t bit, uint32_t width);
bool sdpa_field_write_at(uint8_t *frame, const struct sdpa_pkt_info *info, uint32_t off,
                         const struct sdpa_field *f, uint32_t bit, uint32_t width, uint64_t v);
/* Compile action descriptors (NULL: none): AUTO adds nothing; ADD and COPY between named
 * fields become descs of 'out'; an ADD with no source field adds the immediate value that
 * 'a' (NULL: zeros) holds at the destination field. NOT_SUPPORTED (one line) for anything else. */
doca_error_t sdpa_desc_compile(const struct doca_flow_action_descs *ds,
                               const struct doca_flow_actions *a, const char *who,
                               struct sdpa_act_tmpl *out);
/* An action template with its descriptors (either may be NULL): the descriptors, then the
 * actions and mask without the bytes the descriptors' immediates came from. */
doca_error_t sdpa_act_desc_compile(const struct doca_flow_actions *a,
                                   const struct doca_flow_actions *m,
                                   const struct doca_flow_action_descs *ds, const char *who,
                                   struct sdpa_act_tmpl *out);
/* Compile a control entry's match condition (NULL: none) into mt. A condition whose b has no
 * field_string compares a with the immediate value 'match' holds at a's field; those bytes
 * are then no match criterion: cleared in 'match_left' and 'mask_left' when given. */
doca_error_t sdpa_cond_compile(const struct doca_flow_match_condition *cond,
                               const struct doca_flow_match *match,
                               struct doca_flow_match *match_left,
                               struct doca_flow_match *mask_left, const char *who,
                               struct sdpa_match_tmpl *mt);
/* Resolve a desc field: kind, bit offset, width (checked against the field). */
doca_error_t sdpa_field_resolve(const struct doca_flow_desc_field *f, const char *who,
                                uint32_t *kind, uint32_t *bit, uint32_t *width);

#endif
