/* SPDX-License-Identifier: BSD-3-Clause
 * softdpa — doca_flow.h: DOCA Flow (the DOCA 3.x API: types, layouts and calls as DOCA 3.3
 * declares them) on the emulated NIC. tests/unit/test_doca_abi_flow.c holds the enum
 * values, struct sizes and member offsets softdpa shares with DOCA.
 *
 * What is emulated, the semantics softdpa chose where DOCA leaves them open (default miss,
 * entry queues, hash function, worker model) and the thread-safety rules are in
 * docs/FLOW.md. Every function returns the documented doca_error_t and logs one line
 * with the cause and the fix on error; a DOCA feature softdpa does not emulate answers
 * NOT_SUPPORTED with a line naming the field or call.
 *
 * Like DOCA's, this header makes the C library's memset/calloc/free/strncpy and assert
 * visible to its includers: DOCA's public samples use them without including <string.h>,
 * <stdlib.h> or <assert.h> themselves.
 */
#ifndef DOCA_FLOW_H_
#define DOCA_FLOW_H_

#include <assert.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <doca_compat.h>
#include <doca_error.h>
#include <doca_flow_crypto.h>
#include <doca_flow_net.h>
#include <doca_types.h>

#ifdef __cplusplus
extern "C" {
#endif

struct doca_dev;
struct doca_dev_rep;

/* Opaque handles. */
struct doca_flow_port;
struct doca_flow_pipe;
struct doca_flow_pipe_entry;
struct doca_flow_target;
struct doca_flow_parser; /* a GENEVE TLV option parser (doca_flow_parser_geneve_opt_create) */
/* Custom header definitions (doca_flow_definitions.h). */
struct doca_flow_definitions;
struct doca_flow_cfg;
struct doca_flow_port_cfg;
struct doca_flow_pipe_cfg;
struct doca_flow_tune_cfg;

/* ------------------------------------------------------------------------------------- */
/* Enums                                                                                 */
/* ------------------------------------------------------------------------------------- */

/* Where resource budgets (counters, meters, ...) are set: globally or per port. */
enum doca_flow_resource_mode {
	DOCA_FLOW_RESOURCE_MODE_SYSTEM = 0,
	DOCA_FLOW_RESOURCE_MODE_PORT,
};

enum doca_flow_resource {
	DOCA_FLOW_RESOURCE_METER = 0,
	DOCA_FLOW_RESOURCE_COUNTER,
	DOCA_FLOW_RESOURCE_RSS,
	DOCA_FLOW_RESOURCE_PSP,
	DOCA_FLOW_RESOURCE_ENCAP,
	DOCA_FLOW_RESOURCE_DECAP,
	DOCA_FLOW_RESOURCE_IPSEC_SA,
};

enum doca_flow_shared_resource_type {
	DOCA_FLOW_SHARED_RESOURCE_METER = 0,
	DOCA_FLOW_SHARED_RESOURCE_COUNTER,
	DOCA_FLOW_SHARED_RESOURCE_RSS,
	DOCA_FLOW_SHARED_RESOURCE_PSP,
	DOCA_FLOW_SHARED_RESOURCE_ENCAP,
	DOCA_FLOW_SHARED_RESOURCE_DECAP,
	DOCA_FLOW_SHARED_RESOURCE_IPSEC_SA,
};

/* Entry flags: exactly one of NO_WAIT / WAIT_FOR_BATCH. */
enum doca_flow_entry_flags {
	DOCA_FLOW_ENTRY_FLAGS_NO_WAIT = (1u << 0),        /* push to the hardware table now */
	DOCA_FLOW_ENTRY_FLAGS_WAIT_FOR_BATCH = (1u << 1), /* buffer until NO_WAIT or process */
};
#define DOCA_FLOW_FLAGS_SET(flags, flag)    ((flags) |= (uint32_t)(flag))
#define DOCA_FLOW_FLAGS_UNSET(flags, flag)  ((flags) &= ~(uint32_t)(flag))
#define DOCA_FLOW_FLAGS_IS_SET(flags, flag) (((flags) & (uint32_t)(flag)) != 0)

enum doca_flow_pipe_op {
	DOCA_FLOW_PIPE_OP_CONGESTION_REACHED = 0,
	DOCA_FLOW_PIPE_OP_RESIZED,
	DOCA_FLOW_PIPE_OP_DESTROYED,
};

enum doca_flow_pipe_status {
	DOCA_FLOW_PIPE_STATUS_SUCCESS = 1,
	DOCA_FLOW_PIPE_STATUS_ERROR,
};

enum doca_flow_entry_op {
	DOCA_FLOW_ENTRY_OP_ADD = 0,
	DOCA_FLOW_ENTRY_OP_DEL,
	DOCA_FLOW_ENTRY_OP_UPD,
	DOCA_FLOW_ENTRY_OP_AGED,
};

enum doca_flow_entry_status {
	DOCA_FLOW_ENTRY_STATUS_IN_PROCESS = 0, /* queued, not yet completed */
	DOCA_FLOW_ENTRY_STATUS_SUCCESS,
	DOCA_FLOW_ENTRY_STATUS_ERROR,
};

enum doca_flow_rss_hash_function {
	DOCA_FLOW_RSS_HASH_FUNCTION_TOEPLITZ = 0,
	DOCA_FLOW_RSS_HASH_FUNCTION_SYMMETRIC_TOEPLITZ, /* source and destination sorted */
};

/* An RSS: hashed fields (enum doca_rss_type bits) and the queues. */
struct doca_flow_resource_rss_cfg {
	uint32_t outer_flags; /* enum doca_rss_type bits */
	uint32_t inner_flags;
	uint16_t *queues_array;
	int nr_queues;
	enum doca_flow_rss_hash_function rss_hash_func;
};

/* ------------------------------------------------------------------------------------- */
/* Callbacks                                                                             */
/* ------------------------------------------------------------------------------------- */

/* Called from doca_flow_entries_process once per completed add/remove/update. */
typedef void (*doca_flow_pipe_process_cb)(struct doca_flow_pipe *pipe,
                                          enum doca_flow_pipe_status status,
                                          enum doca_flow_pipe_op op, void *user_ctx);
typedef void (*doca_flow_entry_process_cb)(struct doca_flow_pipe_entry *entry, uint16_t pipe_queue,
                                           enum doca_flow_entry_status status,
                                           enum doca_flow_entry_op op, void *user_ctx);
typedef void (*doca_flow_shared_resource_unbind_cb)(enum doca_flow_shared_resource_type type,
                                                    uint32_t shared_resource_id,
                                                    void *bindable_obj);

enum doca_flow_pipe_type {
	DOCA_FLOW_PIPE_BASIC = 0,
	DOCA_FLOW_PIPE_CONTROL,
	DOCA_FLOW_PIPE_LPM,
	DOCA_FLOW_PIPE_CT,
	DOCA_FLOW_PIPE_ACL,
	DOCA_FLOW_PIPE_ORDERED_LIST,
	DOCA_FLOW_PIPE_HASH,
};

enum doca_flow_pipe_domain {
	DOCA_FLOW_PIPE_DOMAIN_DEFAULT = 0, /* ingress */
	DOCA_FLOW_PIPE_DOMAIN_SECURE_INGRESS,
	DOCA_FLOW_PIPE_DOMAIN_EGRESS,
	DOCA_FLOW_PIPE_DOMAIN_SECURE_EGRESS,
};

#define DOCA_FLOW_META_SCRATCH_PAD_MAX 10
#define DOCA_FLOW_META_MAX             ((DOCA_FLOW_META_SCRATCH_PAD_MAX + 1) * 4) /* bytes */
/* Most action memory one entry can use, in bytes: size doca_flow_port_cfg_set_actions_mem_size
 * from it (entries x this, rounded up to a power of two). */
#define DOCA_FLOW_MAX_ENTRY_ACTIONS_MEM_SIZE (128)

/* A meter's packet color; one byte, as in DOCA. */
enum __attribute__((__packed__)) doca_flow_meter_color {
	DOCA_FLOW_METER_COLOR_RED = 0,
	DOCA_FLOW_METER_COLOR_YELLOW,
	DOCA_FLOW_METER_COLOR_GREEN,
};

enum doca_flow_l2_meta {
	DOCA_FLOW_L2_META_NO_VLAN = 0,
	DOCA_FLOW_L2_META_MULTI_VLAN,
	DOCA_FLOW_L2_META_SINGLE_VLAN,
	DOCA_FLOW_L2_META_CUSTOM_VLAN,
};

enum doca_flow_l3_meta {
	DOCA_FLOW_L3_META_NONE = 0,
	DOCA_FLOW_L3_META_IPV4,
	DOCA_FLOW_L3_META_IPV6,
};

enum doca_flow_l4_meta {
	DOCA_FLOW_L4_META_NONE = 0,
	DOCA_FLOW_L4_META_TCP,
	DOCA_FLOW_L4_META_UDP,
	DOCA_FLOW_L4_META_ICMP, /* ICMP or ICMPv6 */
	DOCA_FLOW_L4_META_ESP,
};

/* Values of parser_meta.ipsec_syndrome / psp_syndrome. */
enum doca_flow_crypto_syndrome {
	DOCA_FLOW_CRYPTO_SYNDROME_OK,
	DOCA_FLOW_CRYPTO_SYNDROME_ICV_FAIL,
	DOCA_FLOW_CRYPTO_SYNDROME_BAD_TRAILER,
};

/* Hash pipe index selection (OR-able; DECISIONS D2). */
enum doca_flow_pipe_hash_map_algorithm {
	DOCA_FLOW_PIPE_HASH_MAP_ALGORITHM_HASH = (1 << 0), /* default */
	DOCA_FLOW_PIPE_HASH_MAP_ALGORITHM_RANDOM = (1 << 1),
	DOCA_FLOW_PIPE_HASH_MAP_ALGORITHM_IDENTITY = (1 << 2),
	DOCA_FLOW_PIPE_HASH_MAP_ALGORITHM_ROUND_ROBIN = (1 << 3),
	DOCA_FLOW_PIPE_HASH_MAP_ALGORITHM_FLOODING = (1 << 4),
	DOCA_FLOW_PIPE_HASH_MAP_ALGORITHM_SELECT_ENABLED = (1 << 5),
};

/* ------------------------------------------------------------------------------------- */
/* Match                                                                                 */
/* ------------------------------------------------------------------------------------- */

/* Per-packet metadata the pipeline carries between pipes (set by actions, matched). */
struct doca_flow_meta {
	doca_be32_t pkt_meta;
	doca_be32_t u32[DOCA_FLOW_META_SCRATCH_PAD_MAX];
};

/* What the parser learnt about the packet (read-only: match only). */
struct doca_flow_parser_meta {
	uint16_t port_id;   /* ingress DOCA Flow port id (host order) */
	doca_be16_t random; /* a random value per packet, not derived from headers */
	uint8_t ipsec_syndrome;
	uint8_t ipsec_ar_syndrome;
	uint8_t psp_syndrome;
	enum doca_flow_meter_color meter_color;
	enum doca_flow_l2_meta outer_l2_type;
	enum doca_flow_l3_meta outer_l3_type;
	enum doca_flow_l4_meta outer_l4_type;
	enum doca_flow_l2_meta inner_l2_type;
	enum doca_flow_l3_meta inner_l3_type;
	enum doca_flow_l4_meta inner_l4_type;
	uint8_t outer_ip_fragmented;
	uint8_t inner_ip_fragmented;
	uint8_t outer_l3_ok;
	uint8_t outer_ip4_checksum_ok;
	uint8_t outer_l4_ok;
	uint8_t outer_l4_checksum_ok;
	uint8_t inner_l3_ok;
	uint8_t inner_ip4_checksum_ok;
	uint8_t inner_l4_ok;
	uint8_t inner_l4_checksum_ok;
};

/* TCP flag bits (doca_flow_header_tcp.flags, header byte 13). */
enum doca_flow_match_tcp_flags {
	DOCA_FLOW_MATCH_TCP_FLAG_FIN = (1 << 0),
	DOCA_FLOW_MATCH_TCP_FLAG_SYN = (1 << 1),
	DOCA_FLOW_MATCH_TCP_FLAG_RST = (1 << 2),
	DOCA_FLOW_MATCH_TCP_FLAG_PSH = (1 << 3),
	DOCA_FLOW_MATCH_TCP_FLAG_ACK = (1 << 4),
	DOCA_FLOW_MATCH_TCP_FLAG_URG = (1 << 5),
	DOCA_FLOW_MATCH_TCP_FLAG_ECE = (1 << 6),
	DOCA_FLOW_MATCH_TCP_FLAG_CWR = (1 << 7),
};

/* The header fields the NIC's entropy (e.g. a tunnel's UDP source port) is computed from
 * (doca_flow_port_calc_entropy). */
struct doca_flow_entropy_format {
	enum doca_flow_l3_type l3_type;
	union {
		struct doca_flow_header_ip4 ip4;
		struct doca_flow_header_ip6 ip6;
	};
	bool is_transport; /* the next layer is TCP or UDP: 'transport' is meaningful */
	struct doca_flow_header_l4_port transport;
};

/* A match (pipe template, pipe mask or entry value). */
struct doca_flow_match {
	struct doca_flow_meta meta;
	struct doca_flow_parser_meta parser_meta;
	struct doca_flow_header_format outer;
	struct doca_flow_tun tun;
	struct doca_flow_header_format inner;
};

enum doca_flow_compare_op {
	DOCA_FLOW_COMPARE_EQ = 0,
	DOCA_FLOW_COMPARE_NE,
	DOCA_FLOW_COMPARE_LT,
	DOCA_FLOW_COMPARE_LE,
	DOCA_FLOW_COMPARE_GT,
	DOCA_FLOW_COMPARE_GE,
};

/* Names a field by string ("meta.data", "outer.ipv4.dst_ip", ...) and a bit offset in it
 * (docs/FLOW.md lists the strings softdpa knows and how bits are numbered). 'width' is a
 * softdpa addition that sits in the padding DOCA leaves after bit_offset (the struct keeps
 * DOCA's size and offsets): 0, what DOCA code leaves there, means "to the end of the field". */
struct doca_flow_desc_field {
	const char *field_string;
	uint32_t bit_offset;
	uint32_t width; /* bits; 0 = the whole field from bit_offset */
};

/* A comparison between fields (control pipe entries); not supported by softdpa. */
struct doca_flow_match_condition {
	enum doca_flow_compare_op operation;
	union {
		struct {
			struct doca_flow_desc_field a;
			struct doca_flow_desc_field b;
			uint32_t width;
		} field_op;
	};
};

/* ------------------------------------------------------------------------------------- */
/* Actions                                                                               */
/* ------------------------------------------------------------------------------------- */

/* The headers an encap pushes. */
struct doca_flow_encap_action {
	struct doca_flow_header_format outer;
	struct doca_flow_tun tun;
};

/* A VLAN push: the EtherType written before the tag, and the tag. */
struct doca_flow_push_vlan_action {
	doca_be16_t eth_type;
	struct doca_flow_header_eth_vlan vlan_hdr;
};

enum doca_flow_push_action_type {
	DOCA_FLOW_PUSH_ACTION_VLAN,
};

/* A header push (actions.has_push); not emulated. */
struct doca_flow_push_action {
	enum doca_flow_push_action_type type;
	union {
		struct doca_flow_push_vlan_action vlan;
	};
};

/* NAT64 (not emulated): the L3 type of the header before translation. */
struct doca_flow_nat64_action {
	enum doca_flow_l3_type original_l3_type;
};

enum doca_flow_resource_type {
	DOCA_FLOW_RESOURCE_TYPE_NONE = 0,
	DOCA_FLOW_RESOURCE_TYPE_SHARED,
	DOCA_FLOW_RESOURCE_TYPE_NON_SHARED,
};

/* The crypto_id of PSP decryption at pipe creation and entry addition. */
#define DOCA_FLOW_PSP_DECRYPTION_ID UINT32_MAX

/* Encrypt or decrypt with a shared IPSEC_SA or PSP resource (not emulated). */
struct doca_flow_crypto_action {
	enum doca_flow_crypto_action_type action_type;
	enum doca_flow_crypto_resource_type resource_type;
	union {
		struct {
			bool sn_en; /* sequence numbers on egress, anti-replay on ingress */
		} ipsec_sa;
	};
	uint32_t crypto_id; /* the shared resource id */
};

/* Insert or remove a crypto header and trailer (not emulated). */
struct doca_flow_crypto_encap_action {
	enum doca_flow_crypto_encap_action_type action_type;
	enum doca_flow_crypto_encap_net_type net_type;
	uint16_t icv_size;  /* trailer bytes */
	uint16_t data_size; /* header bytes */
	uint8_t encap_data[DOCA_FLOW_CRYPTO_HEADER_LEN_MAX];
};

/* Encap (not emulated). */
struct doca_flow_resource_encap_cfg {
	bool is_l2; /* L2 tunnel (else L3) */
	struct doca_flow_encap_action encap;
};

/* Decap (not emulated). For an L3 tunnel (is_l2 false) the L2 header to put back. */
struct doca_flow_resource_decap_cfg {
	bool is_l2;
	struct doca_flow_header_eth eth;
	uint16_t l2_valid_headers; /* enum doca_flow_l2_valid_header bits */
	struct doca_flow_header_eth_vlan eth_vlan[DOCA_FLOW_VLAN_MAX];
};

/* Actions (pipe template, pipe mask or entry value). Template rule: a field left 0 is not
 * modified, an all-ones field is supplied by each entry, any other value is a constant. */
struct doca_flow_actions {
	enum doca_flow_resource_type decap_type;
	union {
		struct doca_flow_resource_decap_cfg decap_cfg;
		uint32_t shared_decap_id;
	};
	bool pop_vlan;
	struct doca_flow_meta meta;
	struct doca_flow_parser_meta parser_meta;
	struct doca_flow_header_format outer;
	struct doca_flow_tun tun;
	enum doca_flow_resource_type encap_type;
	union {
		struct doca_flow_resource_encap_cfg encap_cfg;
		uint32_t shared_encap_id;
	};
	bool has_push;
	struct doca_flow_push_action push;
	struct doca_flow_nat64_action nat64;
	bool has_crypto_encap;
	struct doca_flow_crypto_encap_action crypto_encap;
	struct doca_flow_crypto_action crypto;
};

/* Crypto actions of an ordered-list CRYPTO element (not emulated). */
struct doca_flow_crypto {
	bool has_crypto_encap;
	struct doca_flow_crypto_encap_action crypto_encap;
	struct doca_flow_crypto_action crypto;
};

/* ------------------------------------------------------------------------------------- */
/* Forward                                                                               */
/* ------------------------------------------------------------------------------------- */

/* Targets of doca_flow_get_target. */
enum doca_flow_target_type {
	DOCA_FLOW_TARGET_KERNEL,
};

enum doca_flow_fwd_type {
	DOCA_FLOW_FWD_NONE = 0,
	DOCA_FLOW_FWD_RSS,
	DOCA_FLOW_FWD_PORT,
	DOCA_FLOW_FWD_PIPE,
	DOCA_FLOW_FWD_DROP,
	DOCA_FLOW_FWD_TARGET,
	DOCA_FLOW_FWD_ORDERED_LIST_PIPE,
	DOCA_FLOW_FWD_HASH_PIPE,
	DOCA_FLOW_FWD_CHANGEABLE = 100, /* decided by each entry */
};

/* RSS fields (outer_flags / inner_flags). IPV4/IPV6/UDP/TCP hash both addresses or both
 * ports; the _SRC/_DST bits hash one of them. */
enum doca_rss_type {
	DOCA_FLOW_RSS_IPV4 = (1 << 0),
	DOCA_FLOW_RSS_IPV6 = (1 << 1),
	DOCA_FLOW_RSS_UDP = (1 << 2),
	DOCA_FLOW_RSS_TCP = (1 << 3),
	DOCA_FLOW_RSS_ESP = (1 << 4),
	DOCA_FLOW_RSS_IPV4_SRC = (1 << 5),
	DOCA_FLOW_RSS_IPV4_DST = (1 << 6),
	DOCA_FLOW_RSS_IPV6_SRC = (1 << 7),
	DOCA_FLOW_RSS_IPV6_DST = (1 << 8),
	DOCA_FLOW_RSS_UDP_SRC = (1 << 9),
	DOCA_FLOW_RSS_UDP_DST = (1 << 10),
	DOCA_FLOW_RSS_TCP_SRC = (1 << 11),
	DOCA_FLOW_RSS_TCP_DST = (1 << 12),
	DOCA_FLOW_RSS_AUTO = (1 << 30), /* as DOCA Flow sees fit */
};

/* Where a packet goes next. A pipe fwd of PORT with port_id 0xffff, PIPE with
 * next_pipe NULL, or CHANGEABLE is decided by each entry. */
struct doca_flow_fwd {
	enum doca_flow_fwd_type type;
	union {
		struct {
			enum doca_flow_resource_type rss_type;
			union {
				struct doca_flow_resource_rss_cfg rss;
				uint32_t shared_rss_id;
			};
		};
		struct {
			uint16_t port_id;
		};
		struct {
			struct doca_flow_pipe *next_pipe;
		};
		struct {
			struct doca_flow_pipe *pipe;
			uint32_t idx;
		} ordered_list_pipe;
		struct {
			struct doca_flow_target *target;
		};
		struct {
			struct doca_flow_pipe *pipe;
			enum doca_flow_pipe_hash_map_algorithm algorithm;
		} hash_pipe;
	};
};

/* ------------------------------------------------------------------------------------- */
/* Meters, shared resources, monitor                                                     */
/* ------------------------------------------------------------------------------------- */

enum doca_flow_meter_algorithm_type {
	DOCA_FLOW_METER_ALGORITHM_TYPE_RFC2697, /* single rate three color marker */
	DOCA_FLOW_METER_ALGORITHM_TYPE_RFC2698, /* two rate three color marker */
	DOCA_FLOW_METER_ALGORITHM_TYPE_RFC4115, /* two rate, excess rate */
};

/* Unit of every meter rate and burst: bytes or packets. */
enum doca_flow_meter_limit_type {
	DOCA_FLOW_METER_LIMIT_TYPE_BYTES = 0,
	DOCA_FLOW_METER_LIMIT_TYPE_PACKETS,
};

/* A meter's initial color: blind (green) or aware (configured). */
enum doca_flow_meter_color_mode {
	DOCA_FLOW_METER_COLOR_MODE_BLIND = 0,
	DOCA_FLOW_METER_COLOR_MODE_AWARE,
};

/* A shared meter (not emulated). */
struct doca_flow_resource_meter_cfg {
	enum doca_flow_meter_limit_type limit_type;
	enum doca_flow_meter_color_mode color_mode;
	enum doca_flow_meter_algorithm_type alg;
	uint64_t cir; /* committed information rate, per second */
	uint64_t cbs; /* committed burst size */
	union {
		struct {
			uint64_t ebs; /* excess burst size */
		} rfc2697;
		struct {
			uint64_t pir; /* peak information rate */
			uint64_t pbs; /* peak burst size */
		} rfc2698;
		struct {
			uint64_t eir; /* excess information rate */
			uint64_t ebs; /* excess burst size */
		} rfc4115;
	};
};

/* A shared PSP resource (not emulated). */
struct doca_flow_resource_psp_cfg {
	struct doca_flow_crypto_key_cfg key_cfg;
};

/* A shared IPsec SA (not emulated). */
struct doca_flow_resource_ipsec_sa_cfg {
	struct doca_flow_crypto_key_cfg key_cfg;
	uint32_t salt;
	uint64_t implicit_iv;
	enum doca_flow_crypto_icv_len icv_len;
	enum doca_flow_crypto_sn_offload_type sn_offload_type;
	enum doca_flow_crypto_replay_win_size win_size; /* with SN_OFFLOAD_AR */
	bool esn_en;
	uint64_t sn_initial;
	uint32_t lifetime_threshold;
};

/* Configuration of one shared resource (doca_flow_shared_resource_set_cfg); the member
 * is the one of the resource's type. */
struct doca_flow_shared_resource_cfg {
	union {
		struct doca_flow_resource_meter_cfg meter_cfg;
		struct doca_flow_resource_rss_cfg rss_cfg;
		struct doca_flow_resource_psp_cfg psp_cfg;
		struct doca_flow_resource_encap_cfg encap_cfg;
		struct doca_flow_resource_decap_cfg decap_cfg;
		struct doca_flow_resource_ipsec_sa_cfg ipsec_sa_cfg;
	};
};

/* Monitor: counters (bytes and packets), meters, aging. */
struct doca_flow_monitor {
	enum doca_flow_resource_type meter_type;
	union {
		struct {
			enum doca_flow_meter_limit_type limit_type;
			uint64_t cir;
			uint64_t cbs;
		} non_shared_meter;
		struct {
			uint32_t shared_meter_id;
			enum doca_flow_meter_color meter_init_color;
		} shared_meter;
	};
	enum doca_flow_resource_type counter_type;
	union {
		struct {
			uint32_t shared_counter_id;
		} shared_counter;
	};
	uint32_t aging_sec;
};

/* ------------------------------------------------------------------------------------- */
/* Action descriptors, ordered lists, queries                                            */
/* ------------------------------------------------------------------------------------- */

/* How an action descriptor changes a field. */
enum doca_flow_action_type {
	DOCA_FLOW_ACTION_AUTO = 0, /* derived from the actions and mask */
	DOCA_FLOW_ACTION_ADD,
	DOCA_FLOW_ACTION_COPY,
};

/* A field operation described by strings instead of the actions struct. */
struct doca_flow_action_desc {
	enum doca_flow_action_type type;
	union {
		struct {
			struct doca_flow_desc_field src;
			struct doca_flow_desc_field dst;
			uint32_t width;
		} field_op;
	};
};

struct doca_flow_action_descs {
	uint8_t nb_action_desc;
	struct doca_flow_action_desc *desc_array;
};

/* What an ordered-list element points at. The external-actions element (type 100) is
 * declared in doca_flow_external_actions.h. */
enum doca_flow_ordered_list_element_type {
	DOCA_FLOW_ORDERED_LIST_ELEMENT_ACTIONS = 0, /* actions, actions_mask, action_descs */
	DOCA_FLOW_ORDERED_LIST_ELEMENT_MONITOR,
	DOCA_FLOW_ORDERED_LIST_ELEMENT_NAT64,
	DOCA_FLOW_ORDERED_LIST_ELEMENT_CRYPTO,
};

/* One element of an ordered list. An ACTIONS element carries its template, its mask and
 * its descriptors side by side (mask and descriptors may be NULL). */
struct doca_flow_ordered_list_element {
	enum doca_flow_ordered_list_element_type type;
	union {
		struct {
			struct doca_flow_actions *actions;
			struct doca_flow_actions *actions_mask;
			struct doca_flow_action_descs *action_descs;
		};
		struct doca_flow_monitor *monitor;
		struct doca_flow_nat64_action *nat64;
		struct doca_flow_crypto *crypto;
	};
};

/* An ordered list: elements executed in order by an ORDERED_LIST pipe entry. */
struct doca_flow_ordered_list {
	uint32_t idx;  /* the list's index in the pipe (its position at pipe creation) */
	uint32_t size; /* number of elements */
	struct doca_flow_ordered_list_element *elements;
};

/* Counter values (cumulative). */
struct doca_flow_resource_query {
	union {
		struct {
			uint64_t total_bytes;
			uint64_t total_pkts;
		} counter;
		struct {
			uint64_t current_sn;
		} ipsec_sa;
	};
};

/* ------------------------------------------------------------------------------------- */
/* Parser, default miss, port state, tune                                                */
/* ------------------------------------------------------------------------------------- */

/* The role of a GENEVE option's class. */
enum doca_flow_parser_geneve_opt_mode {
	DOCA_FLOW_PARSER_GENEVE_OPT_MODE_IGNORE,    /* class ignored */
	DOCA_FLOW_PARSER_GENEVE_OPT_MODE_FIXED,     /* class and type define the option */
	DOCA_FLOW_PARSER_GENEVE_OPT_MODE_MATCHABLE, /* class matched per flow */
};

/* What a pipe miss with no fwd_miss does on a port. */
enum doca_flow_port_default_miss_type {
	DOCA_FLOW_PORT_DEFAULT_MISS_KERNEL = 0,
	DOCA_FLOW_PORT_DEFAULT_MISS_RSS,
	DOCA_FLOW_PORT_DEFAULT_MISS_DROP,
};

/* One GENEVE TLV option a parser describes. */
struct doca_flow_parser_geneve_opt_cfg {
	enum doca_flow_parser_geneve_opt_mode match_on_class_mode;
	doca_be16_t option_class;
	uint8_t option_type;
	uint8_t option_len; /* data length in 4-byte words */
	doca_be32_t data_mask[DOCA_FLOW_GENEVE_DATA_OPTION_LEN_MAX];
};

enum doca_flow_port_operation_state {
	DOCA_FLOW_PORT_OPERATION_STATE_ACTIVE = 0,
	DOCA_FLOW_PORT_OPERATION_STATE_ACTIVE_READY_TO_SWAP,
	DOCA_FLOW_PORT_OPERATION_STATE_STANDBY,
	DOCA_FLOW_PORT_OPERATION_STATE_UNCONNECTED,
};

/* DOCA Flow Tune profiles (softdpa records the profile; it has no tune server). */
enum doca_flow_tune_profile {
	DOCA_FLOW_TUNE_PROFILE_NONE = 0,
	DOCA_FLOW_TUNE_PROFILE_PIPELINE = 30,
	DOCA_FLOW_TUNE_PROFILE_FULL = 60,
};

/* Pipe resize callbacks (doca_flow_pipe_resize). */
typedef doca_error_t (*doca_flow_pipe_resize_nr_entries_changed_cb)(void *pipe_user_ctx,
                                                                    uint32_t nr_entries);
typedef doca_error_t (*doca_flow_pipe_resize_entry_relocate_cb)(void *pipe_user_ctx,
                                                                uint16_t pipe_queue,
                                                                void *entry_user_ctx,
                                                                void **new_entry_user_ctx);

/* ------------------------------------------------------------------------------------- */
/* Global configuration                                                                  */
/* ------------------------------------------------------------------------------------- */

/* Create a global configuration. INVALID_VALUE for NULL, NO_MEMORY. */
DOCA_STABLE doca_error_t doca_flow_cfg_create(struct doca_flow_cfg **cfg);
/* Destroy a global configuration. INVALID_VALUE for NULL. */
DOCA_STABLE doca_error_t doca_flow_cfg_destroy(struct doca_flow_cfg *cfg);
/* Number of entry queues per port (1..64, default 1). */
DOCA_STABLE doca_error_t doca_flow_cfg_set_pipe_queues(struct doca_flow_cfg *cfg,
                                                       uint16_t pipe_queues);
/* Counter budget (SYSTEM resource mode). */
DOCA_STABLE doca_error_t doca_flow_cfg_set_nr_counters(struct doca_flow_cfg *cfg,
                                                       uint32_t nr_counters);
/* Meter budget (SYSTEM resource mode); softdpa does not meter. */
DOCA_STABLE doca_error_t doca_flow_cfg_set_nr_meters(struct doca_flow_cfg *cfg, uint32_t nr_meters);
/* ACL collisions (accepted; ACL pipes are not supported). */
DOCA_STABLE doca_error_t doca_flow_cfg_set_nr_acl_collisions(struct doca_flow_cfg *cfg,
                                                             uint8_t nr_acl_collisions);
/* "vnf" or "switch", optionally followed by ",hws", ",expert", ",isolated", ... */
DOCA_STABLE doca_error_t doca_flow_cfg_set_mode_args(struct doca_flow_cfg *cfg,
                                                     const char *mode_args);
/* Number of shared resources of a type (ids 0..nr-1). */
DOCA_STABLE doca_error_t
doca_flow_cfg_set_nr_shared_resource(struct doca_flow_cfg *cfg, uint32_t nr_shared_resource,
                                     enum doca_flow_shared_resource_type type);
/* Outstanding entry operations per (port, queue) before doca_flow_entries_process is
 * needed (1..65536, default 128). */
DOCA_STABLE doca_error_t doca_flow_cfg_set_queue_depth(struct doca_flow_cfg *cfg,
                                                       uint32_t queue_depth);
DOCA_STABLE doca_error_t doca_flow_cfg_set_cb_pipe_process(struct doca_flow_cfg *cfg,
                                                           doca_flow_pipe_process_cb cb);
DOCA_STABLE doca_error_t doca_flow_cfg_set_cb_entry_process(struct doca_flow_cfg *cfg,
                                                            doca_flow_entry_process_cb cb);
DOCA_STABLE doca_error_t doca_flow_cfg_set_cb_shared_resource_unbind(
        struct doca_flow_cfg *cfg, doca_flow_shared_resource_unbind_cb cb);
/* RSS key (copied; 1..64 bytes). INVALID_VALUE, NO_MEMORY. */
DOCA_STABLE doca_error_t doca_flow_cfg_set_rss_key(struct doca_flow_cfg *cfg,
                                                   const uint8_t *rss_key, uint32_t rss_key_len);
/* RSS used by the DEFAULT_MISS_RSS port miss (queues copied). */
DOCA_STABLE doca_error_t doca_flow_cfg_set_default_rss(
        struct doca_flow_cfg *cfg, const struct doca_flow_resource_rss_cfg *rss);
/* SYSTEM (default) or PORT resource budgets. */
DOCA_STABLE doca_error_t doca_flow_cfg_set_resource_mode(struct doca_flow_cfg *cfg,
                                                         const enum doca_flow_resource_mode mode);
/* Custom header definitions are not emulated: INVALID_VALUE for a NULL cfg or defs,
 * otherwise NOT_SUPPORTED. */
DOCA_EXPERIMENTAL doca_error_t
doca_flow_cfg_set_definitions(struct doca_flow_cfg *cfg, const struct doca_flow_definitions *defs);
/* DOCA Flow Tune configuration. softdpa records the profile and otherwise ignores it (it
 * has no tune server). */
DOCA_EXPERIMENTAL doca_error_t doca_flow_tune_cfg_create(struct doca_flow_tune_cfg **tune_cfg);
DOCA_EXPERIMENTAL doca_error_t doca_flow_tune_cfg_destroy(struct doca_flow_tune_cfg *tune_cfg);
/* NONE, PIPELINE or FULL; INVALID_VALUE otherwise. */
DOCA_EXPERIMENTAL doca_error_t doca_flow_tune_cfg_set_profile(struct doca_flow_tune_cfg *tune_cfg,
                                                              enum doca_flow_tune_profile profile);
/* Attach a tune configuration (read at doca_flow_init; may be destroyed afterwards). */
DOCA_EXPERIMENTAL doca_error_t doca_flow_cfg_set_tune_cfg(struct doca_flow_cfg *cfg,
                                                          struct doca_flow_tune_cfg *tune_cfg);
/* Initialise DOCA Flow once. INVALID_VALUE (NULL cfg, no mode_args, bad mode),
 * BAD_STATE (already initialised), NO_MEMORY. */
DOCA_STABLE doca_error_t doca_flow_init(struct doca_flow_cfg *cfg);
/* Stop every port, destroy every pipe and entry, forget the configuration. */
DOCA_STABLE void doca_flow_destroy(void);

/* ------------------------------------------------------------------------------------- */
/* Ports                                                                                 */
/* ------------------------------------------------------------------------------------- */

DOCA_STABLE doca_error_t doca_flow_port_cfg_create(struct doca_flow_port_cfg **cfg);
DOCA_STABLE doca_error_t doca_flow_port_cfg_destroy(struct doca_flow_port_cfg *cfg);
/* DPDK-style devargs; softdpa reads "port_id=N" only when no port id was set. */
DOCA_STABLE doca_error_t doca_flow_port_cfg_set_devargs(struct doca_flow_port_cfg *cfg,
                                                        const char *devargs);
/* Bytes reserved for doca_flow_port_priv_data (0..4096). */
DOCA_STABLE doca_error_t doca_flow_port_cfg_set_priv_data_size(struct doca_flow_port_cfg *cfg,
                                                               uint16_t priv_data_size);
/* The PF device behind the port (switch mode: port 0). */
DOCA_STABLE doca_error_t doca_flow_port_cfg_set_dev(struct doca_flow_port_cfg *cfg,
                                                    struct doca_dev *dev);
/* A representor: the port is representor i, port id i + 1 (DECISIONS D12). */
DOCA_STABLE doca_error_t doca_flow_port_cfg_set_dev_rep(struct doca_flow_port_cfg *cfg,
                                                        struct doca_dev_rep *dev_rep);
/* Logical port id, 0..63 (the id fwd PORT and softdpa_port_* use). */
DOCA_STABLE doca_error_t doca_flow_port_cfg_set_port_id(struct doca_flow_port_cfg *cfg,
                                                        uint16_t port_id);
/* RSS of the port's default miss (queues copied). */
DOCA_STABLE doca_error_t doca_flow_port_cfg_set_rss_cfg(
        struct doca_flow_port_cfg *cfg, const struct doca_flow_resource_rss_cfg *rss);
DOCA_STABLE doca_error_t
doca_flow_port_cfg_set_ipsec_sn_offload_disable(struct doca_flow_port_cfg *cfg);
DOCA_STABLE doca_error_t doca_flow_port_cfg_set_operation_state(
        struct doca_flow_port_cfg *cfg, enum doca_flow_port_operation_state state);
/* Power of two >= 64, or 0 (see DOCA_FLOW_MAX_ENTRY_ACTIONS_MEM_SIZE). Recorded only:
 * softdpa does not run out of action memory. */
DOCA_STABLE doca_error_t doca_flow_port_cfg_set_actions_mem_size(struct doca_flow_port_cfg *cfg,
                                                                 uint32_t size);
DOCA_STABLE doca_error_t doca_flow_port_cfg_set_service_threads_core(struct doca_flow_port_cfg *cfg,
                                                                     uint32_t core);
DOCA_STABLE doca_error_t
doca_flow_port_cfg_set_service_threads_cycle(struct doca_flow_port_cfg *cfg, uint32_t cycle_ms);
/* Per-port resource budget (PORT resource mode). */
DOCA_STABLE doca_error_t doca_flow_port_cfg_set_nr_resources(struct doca_flow_port_cfg *cfg,
                                                             enum doca_flow_resource type,
                                                             uint32_t nr);
/* Start a port: opens its wire (softdpa_port_wire / SOFTDPA_PORT<n>). INVALID_VALUE,
 * BAD_STATE (DOCA Flow not initialised), ALREADY_EXIST (port id started), NO_MEMORY,
 * or the wire's error. */
DOCA_STABLE doca_error_t doca_flow_port_start(const struct doca_flow_port_cfg *cfg,
                                              struct doca_flow_port **port);
/* Stop a port: destroys its pipes, closes its wire. INVALID_VALUE, IN_USE (other started
 * ports of its switch still depend on it). */
DOCA_STABLE doca_error_t doca_flow_port_stop(struct doca_flow_port *port);
/* Pair two ports (recorded; hairpin is not emulated). */
DOCA_STABLE doca_error_t doca_flow_port_pair(struct doca_flow_port *port,
                                             struct doca_flow_port *pair_port);
/* The port's private data area, or NULL. */
DOCA_STABLE uint8_t *doca_flow_port_priv_data(struct doca_flow_port *port);
/* The switch manager port of 'port' (NULL: of the first switch). NULL if none. */
DOCA_STABLE struct doca_flow_port *doca_flow_port_switch_get(const struct doca_flow_port *port);
/* Destroy every pipe (and entry) of the port. */
DOCA_STABLE void doca_flow_port_pipes_flush(struct doca_flow_port *port);
/* Change the operation state. ALREADY_EXIST when unchanged. A non-ACTIVE port drops all
 * received traffic (counted as rule drops). */
DOCA_STABLE doca_error_t doca_flow_port_operation_state_modify(
        struct doca_flow_port *port, enum doca_flow_port_operation_state state);
/* What a miss with no fwd_miss does on this port (default: DROP), optionally counted. */
DOCA_EXPERIMENTAL doca_error_t doca_flow_port_update_default_miss(
        struct doca_flow_port *port, enum doca_flow_port_default_miss_type type, bool counter_en);
/* Default-miss counter. BAD_STATE when not enabled. */
DOCA_EXPERIMENTAL doca_error_t doca_flow_port_query_default_miss(
        struct doca_flow_port *port, struct doca_flow_resource_query *data);

/* ------------------------------------------------------------------------------------- */
/* Pipes                                                                                 */
/* ------------------------------------------------------------------------------------- */

DOCA_STABLE doca_error_t doca_flow_pipe_cfg_create(struct doca_flow_pipe_cfg **cfg,
                                                   struct doca_flow_port *port);
DOCA_STABLE doca_error_t doca_flow_pipe_cfg_destroy(struct doca_flow_pipe_cfg *cfg);
/* Match template and optional mask (copied). */
DOCA_STABLE doca_error_t doca_flow_pipe_cfg_set_match(struct doca_flow_pipe_cfg *cfg,
                                                      const struct doca_flow_match *match,
                                                      const struct doca_flow_match *match_mask);
/* Action templates 0..nr_actions-1 (copied); masks and descs may be NULL. */
DOCA_STABLE doca_error_t doca_flow_pipe_cfg_set_actions(
        struct doca_flow_pipe_cfg *cfg, struct doca_flow_actions *const *actions,
        struct doca_flow_actions *const *actions_masks,
        struct doca_flow_action_descs *const *action_descs, size_t nr_actions);
DOCA_STABLE doca_error_t doca_flow_pipe_cfg_set_monitor(struct doca_flow_pipe_cfg *cfg,
                                                        const struct doca_flow_monitor *monitor);
/* Ordered-list templates of an ORDERED_LIST pipe (copied). */
DOCA_STABLE doca_error_t
doca_flow_pipe_cfg_set_ordered_lists(struct doca_flow_pipe_cfg *cfg,
                                     struct doca_flow_ordered_list *const *lists, size_t nr_lists);
DOCA_STABLE doca_error_t doca_flow_pipe_cfg_set_name(struct doca_flow_pipe_cfg *cfg,
                                                     const char *name);
DOCA_STABLE doca_error_t doca_flow_pipe_cfg_set_label(struct doca_flow_pipe_cfg *cfg,
                                                      const char *label);
DOCA_STABLE doca_error_t doca_flow_pipe_cfg_set_type(struct doca_flow_pipe_cfg *cfg,
                                                     enum doca_flow_pipe_type type);
/* ALREADY_EXIST when set twice. */
DOCA_STABLE doca_error_t doca_flow_pipe_cfg_set_domain(struct doca_flow_pipe_cfg *cfg,
                                                       enum doca_flow_pipe_domain domain);
/* A root pipe sees every packet that arrives on its port. */
DOCA_STABLE doca_error_t doca_flow_pipe_cfg_set_is_root(struct doca_flow_pipe_cfg *cfg,
                                                        bool is_root);
/* Maximum entries (default 8192, at most 1 << 24). */
DOCA_STABLE doca_error_t doca_flow_pipe_cfg_set_nr_entries(struct doca_flow_pipe_cfg *cfg,
                                                           uint32_t nr_entries);
DOCA_STABLE doca_error_t doca_flow_pipe_cfg_set_is_resizable(struct doca_flow_pipe_cfg *cfg,
                                                             bool is_resizable);
DOCA_STABLE doca_error_t doca_flow_pipe_cfg_set_excluded_queue(struct doca_flow_pipe_cfg *cfg,
                                                               uint16_t pipe_queue);
/* Enables doca_flow_resource_query_pipe_miss. */
DOCA_STABLE doca_error_t doca_flow_pipe_cfg_set_miss_counter(struct doca_flow_pipe_cfg *cfg,
                                                             bool miss_counter);
/* 1..100 percent. */
DOCA_STABLE doca_error_t doca_flow_pipe_cfg_set_congestion_level_threshold(
        struct doca_flow_pipe_cfg *cfg, uint8_t congestion_level_threshold);
DOCA_STABLE doca_error_t doca_flow_pipe_cfg_set_user_ctx(struct doca_flow_pipe_cfg *cfg,
                                                         void *user_ctx);
/* HASH pipes: enum doca_flow_pipe_hash_map_algorithm bits. */
DOCA_STABLE doca_error_t doca_flow_pipe_cfg_set_hash_map_algorithm(struct doca_flow_pipe_cfg *cfg,
                                                                   uint32_t algorithm_flags);
/* Create a pipe (the cfg may be destroyed afterwards). INVALID_VALUE, NOT_SUPPORTED
 * (LPM/CT/ACL, unsupported fields), TOO_BIG, NO_MEMORY. */
DOCA_STABLE doca_error_t doca_flow_pipe_create(const struct doca_flow_pipe_cfg *cfg,
                                               const struct doca_flow_fwd *fwd,
                                               const struct doca_flow_fwd *fwd_miss,
                                               struct doca_flow_pipe **pipe);
/* Destroy a pipe and its entries (no entry callbacks). */
DOCA_STABLE void doca_flow_pipe_destroy(struct doca_flow_pipe *pipe);
/* Replace the pipe's miss forward. */
DOCA_STABLE doca_error_t doca_flow_pipe_update_miss(struct doca_flow_pipe *pipe,
                                                    const struct doca_flow_fwd *fwd_miss);
/* HASH pipe: the hash the NIC computes for 'match' (DECISIONS D2). */
DOCA_EXPERIMENTAL doca_error_t doca_flow_pipe_calc_hash(struct doca_flow_pipe *pipe,
                                                        const struct doca_flow_match *match,
                                                        uint32_t *hash);
/* Resize a resizable pipe (not emulated: pipes cannot be made resizable in softdpa).
 * INVALID_VALUE for a bad pipe, otherwise NOT_SUPPORTED. */
DOCA_STABLE doca_error_t
doca_flow_pipe_resize(struct doca_flow_pipe *pipe, uint8_t new_congestion_level,
                      doca_flow_pipe_resize_nr_entries_changed_cb nr_entries_changed_cb,
                      doca_flow_pipe_resize_entry_relocate_cb entry_relocation_cb);
/* The entropy (e.g. a tunnel's UDP source port, network order) the NIC derives from
 * 'header' (not emulated). INVALID_VALUE for NULL arguments, otherwise NOT_SUPPORTED. */
DOCA_EXPERIMENTAL doca_error_t doca_flow_port_calc_entropy(struct doca_flow_port *port,
                                                           struct doca_flow_entropy_format *header,
                                                           uint16_t *entropy);
/* Human-readable description of the pipe. */
DOCA_EXPERIMENTAL void doca_flow_pipe_dump(struct doca_flow_pipe *pipe, FILE *f);

/* ------------------------------------------------------------------------------------- */
/* Entries                                                                               */
/* ------------------------------------------------------------------------------------- */

/* BASIC pipe entry. INVALID_VALUE (bad arguments, action_idx out of range, pipe full),
 * AGAIN (the queue holds queue_depth uncompleted operations: call
 * doca_flow_entries_process), NO_MEMORY. */
DOCA_STABLE doca_error_t doca_flow_pipe_basic_add_entry(
        uint16_t pipe_queue, struct doca_flow_pipe *pipe, const struct doca_flow_match *match,
        uint8_t action_idx, const struct doca_flow_actions *actions,
        const struct doca_flow_monitor *monitor, const struct doca_flow_fwd *fwd, uint32_t flags,
        void *usr_ctx, struct doca_flow_pipe_entry **entry);
/* HASH pipe entry at 'entry_index' (0..nr_entries-1). Errors as basic_add_entry;
 * INVALID_VALUE also when the index already holds an entry. */
DOCA_STABLE doca_error_t doca_flow_pipe_hash_add_entry(
        uint16_t pipe_queue, struct doca_flow_pipe *pipe, uint32_t entry_index, uint8_t action_idx,
        const struct doca_flow_actions *actions, const struct doca_flow_monitor *monitor,
        const struct doca_flow_fwd *fwd, uint32_t flags, void *usr_ctx,
        struct doca_flow_pipe_entry **entry);
/* New actions/monitor/fwd for a BASIC or HASH entry. INVALID_VALUE, NOT_SUPPORTED, AGAIN. */
DOCA_STABLE doca_error_t doca_flow_pipe_basic_update_entry(
        uint16_t pipe_queue, struct doca_flow_pipe *pipe, uint8_t action_idx,
        const struct doca_flow_actions *actions, const struct doca_flow_monitor *monitor,
        const struct doca_flow_fwd *fwd, uint32_t flags, struct doca_flow_pipe_entry *entry);
/* CONTROL pipe entry: its own match mask; the lowest priority value wins. */
DOCA_STABLE doca_error_t doca_flow_pipe_control_add_entry(
        uint16_t pipe_queue, struct doca_flow_pipe *pipe, const struct doca_flow_match *match,
        const struct doca_flow_match *match_mask, const struct doca_flow_match_condition *condition,
        const struct doca_flow_actions *actions, const struct doca_flow_actions *actions_mask,
        const struct doca_flow_action_descs *action_descs, const struct doca_flow_monitor *monitor,
        uint32_t priority, const struct doca_flow_fwd *fwd, void *usr_ctx,
        struct doca_flow_pipe_entry **entry);
/* ORDERED_LIST pipe entry: list 'idx' of the pipe with the entry's element values. */
DOCA_STABLE doca_error_t doca_flow_pipe_ordered_list_add_entry(
        uint16_t pipe_queue, struct doca_flow_pipe *pipe, uint32_t idx,
        const struct doca_flow_ordered_list *list, const struct doca_flow_fwd *fwd, uint32_t flags,
        void *user_ctx, struct doca_flow_pipe_entry **entry);
/* LPM pipe entry (LPM pipes are not emulated): INVALID_VALUE for bad arguments,
 * otherwise NOT_SUPPORTED. */
DOCA_EXPERIMENTAL doca_error_t doca_flow_pipe_lpm_add_entry(
        uint16_t pipe_queue, struct doca_flow_pipe *pipe, const struct doca_flow_match *match,
        const struct doca_flow_match *match_mask, uint8_t action_idx,
        const struct doca_flow_actions *actions, const struct doca_flow_monitor *monitor,
        const struct doca_flow_fwd *fwd, uint32_t flags, void *usr_ctx,
        struct doca_flow_pipe_entry **entry);
DOCA_EXPERIMENTAL doca_error_t doca_flow_pipe_lpm_update_entry(
        uint16_t pipe_queue, struct doca_flow_pipe *pipe, uint8_t action_idx,
        const struct doca_flow_actions *actions, const struct doca_flow_monitor *monitor,
        const struct doca_flow_fwd *fwd, uint32_t flags, struct doca_flow_pipe_entry *entry);
/* ACL pipe entry (ACL pipes are not emulated): INVALID_VALUE for bad arguments,
 * otherwise NOT_SUPPORTED. */
DOCA_EXPERIMENTAL doca_error_t doca_flow_pipe_acl_add_entry(
        uint16_t pipe_queue, struct doca_flow_pipe *pipe, const struct doca_flow_match *match,
        const struct doca_flow_match *match_mask, uint8_t action_idx,
        const struct doca_flow_actions *actions, const uint32_t priority,
        const struct doca_flow_fwd *fwd, uint32_t flags, void *usr_ctx,
        struct doca_flow_pipe_entry **entry);
DOCA_EXPERIMENTAL doca_error_t doca_flow_pipe_acl_update_entry(
        uint16_t pipe_queue, struct doca_flow_pipe *pipe, uint8_t action_idx,
        const struct doca_flow_actions *actions, const struct doca_flow_fwd *fwd, uint32_t flags,
        struct doca_flow_pipe_entry *entry);
/* Remove an entry (completes through doca_flow_entries_process; the entry is freed after
 * its DEL callback). INVALID_VALUE, AGAIN. */
DOCA_STABLE doca_error_t doca_flow_pipe_remove_entry(uint16_t pipe_queue, uint32_t flags,
                                                     struct doca_flow_pipe_entry *entry);
/* IN_PROCESS until the operation completed, then SUCCESS or ERROR. */
DOCA_STABLE enum doca_flow_entry_status
doca_flow_pipe_entry_get_status(struct doca_flow_pipe_entry *entry);
/* Push buffered entries and complete up to max_processed_entries (0: all) operations of
 * (port, queue), calling the entry callback once for each. */
DOCA_STABLE doca_error_t doca_flow_entries_process(struct doca_flow_port *port, uint16_t pipe_queue,
                                                   uint64_t timeout,
                                                   uint32_t max_processed_entries);
/* Aging is not emulated: always -1 (a full cycle with nothing aged). */
DOCA_STABLE int doca_flow_aging_handle(struct doca_flow_port *port, uint16_t queue, uint64_t quota,
                                       uint64_t max_entries);

/* ------------------------------------------------------------------------------------- */
/* Counters and shared resources                                                         */
/* ------------------------------------------------------------------------------------- */

/* Entry counter: the NON_SHARED counter of the entry, or the shared counter it counts in.
 * INVALID_VALUE for NULL arguments, a removed entry or an entry without a counter. */
DOCA_STABLE doca_error_t doca_flow_resource_query_entry(
        struct doca_flow_pipe_entry *entry, struct doca_flow_resource_query *query_stats);
/* Pipe miss counter (doca_flow_pipe_cfg_set_miss_counter(true)). */
DOCA_STABLE doca_error_t doca_flow_resource_query_pipe_miss(
        struct doca_flow_pipe *pipe, struct doca_flow_resource_query *query_stats);
/* Shared counters by id. */
DOCA_STABLE doca_error_t doca_flow_shared_resources_query(
        enum doca_flow_shared_resource_type type, uint32_t *res_array,
        struct doca_flow_resource_query *query_results_array, uint32_t array_len);
/* Configure a shared resource (RSS; COUNTER needs none). */
DOCA_STABLE doca_error_t
doca_flow_shared_resource_set_cfg(enum doca_flow_shared_resource_type type, uint32_t id,
                                  struct doca_flow_shared_resource_cfg *cfg);
/* Bind shared resources to a port, pipe or (NULL) globally. */
DOCA_STABLE doca_error_t doca_flow_shared_resources_bind(enum doca_flow_shared_resource_type type,
                                                         uint32_t *res_array, uint32_t array_len,
                                                         void *bindable_obj);

/* Per-port shared resources (PORT resource mode). A port holds, per type, a pool of ids
 * 0..N-1 (N = doca_flow_port_cfg_set_nr_resources). In PORT mode a shared id in a pipe's
 * or entry's monitor (counter) or fwd (RSS) names an id of the pipe's port, which must
 * have been taken with _get. Every call: INVALID_VALUE (NULL or stopped port, NULL
 * output, unknown type, id not held by the port), NOT_SUPPORTED (SYSTEM resource mode;
 * see docs/FLOW.md for the types softdpa emulates). */
/* Take a free id of 'type' from the port's pool (the lowest). EMPTY when none is left. A
 * taken counter starts at zero. */
DOCA_EXPERIMENTAL doca_error_t doca_flow_port_shared_resource_get(
        struct doca_flow_port *port, enum doca_flow_shared_resource_type type, uint32_t *res_id);
/* Give an id back to the port's pool. */
DOCA_EXPERIMENTAL doca_error_t doca_flow_port_shared_resource_put(
        struct doca_flow_port *port, enum doca_flow_shared_resource_type type, uint32_t res_id);
/* Configure a held id, as doca_flow_shared_resource_set_cfg does (COUNTER: cfg may be
 * NULL; RSS: rss_cfg; other types NOT_SUPPORTED). */
DOCA_EXPERIMENTAL doca_error_t doca_flow_port_shared_resource_set_cfg(
        struct doca_flow_port *port, enum doca_flow_shared_resource_type type, uint32_t res_id,
        struct doca_flow_shared_resource_cfg *cfg);
/* Counter values of held COUNTER ids (other types NOT_SUPPORTED). */
DOCA_EXPERIMENTAL doca_error_t doca_flow_port_shared_resources_query(
        struct doca_flow_port *port, enum doca_flow_shared_resource_type type, uint32_t *res_array,
        struct doca_flow_resource_query *query_results_array, uint32_t array_len);

/* ------------------------------------------------------------------------------------- */
/* MPLS label stack entries                                                              */
/* ------------------------------------------------------------------------------------- */

/* Pack label (<= 0xFFFFF), traffic class (<= 7), TTL and the bottom-of-stack bit into
 * *mpls in network order. INVALID_VALUE for a value out of range or a NULL mpls. */
DOCA_EXPERIMENTAL doca_error_t doca_flow_mpls_label_encode(uint32_t label, uint8_t traffic_class,
                                                           uint8_t ttl, bool bottom_of_stack,
                                                           struct doca_flow_header_mpls *mpls);
/* Unpack *mpls into host-order values. INVALID_VALUE for any NULL argument. */
DOCA_EXPERIMENTAL doca_error_t doca_flow_mpls_label_decode(const struct doca_flow_header_mpls *mpls,
                                                           uint32_t *label, uint8_t *traffic_class,
                                                           uint8_t *ttl, bool *bottom_of_stack);

/* ------------------------------------------------------------------------------------- */
/* GENEVE option parser, forward targets                                                 */
/* ------------------------------------------------------------------------------------- */

/* A GENEVE TLV option parser for the port's device (not emulated: softdpa does not parse
 * GENEVE options). INVALID_VALUE for bad arguments (NULL port, list or parser, nb_options
 * 0 or above DOCA_FLOW_GENEVE_NUM_OF_OPTIONS_MAX), otherwise NOT_SUPPORTED. */
DOCA_EXPERIMENTAL doca_error_t
doca_flow_parser_geneve_opt_create(const struct doca_flow_port *port,
                                   const struct doca_flow_parser_geneve_opt_cfg tlv_list[],
                                   uint8_t nb_options, struct doca_flow_parser **parser);
/* INVALID_VALUE for NULL, otherwise NOT_SUPPORTED (no parser can exist). */
DOCA_EXPERIMENTAL doca_error_t doca_flow_parser_geneve_opt_destroy(struct doca_flow_parser *parser);
/* The target of a FWD_TARGET forward. KERNEL: there is no kernel behind an emulated port,
 * so NOT_SUPPORTED (INVALID_VALUE for a NULL target or an unknown type). */
DOCA_EXPERIMENTAL doca_error_t doca_flow_get_target(enum doca_flow_target_type type,
                                                    struct doca_flow_target **target);

#ifdef __cplusplus
}
#endif

#endif /* DOCA_FLOW_H_ */
