/* SPDX-License-Identifier: BSD-3-Clause */
/**
 * @file
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

/** @brief An opened device (doca_dev.h). */
struct doca_dev;
/** @brief An opened representor (doca_dev.h). */
struct doca_dev_rep;

/* Opaque handles. */
/** @brief A started DOCA Flow port. */
struct doca_flow_port;
/** @brief A pipe: a match/actions/forward table of a port. */
struct doca_flow_pipe;
/** @brief An entry of a pipe. */
struct doca_flow_pipe_entry;
/** @brief The target of a DOCA_FLOW_FWD_TARGET forward (doca_flow_get_target()). */
struct doca_flow_target;
/** @brief A GENEVE TLV option parser (doca_flow_parser_geneve_opt_create()). */
struct doca_flow_parser;
/** @brief Custom header definitions (doca_flow_definitions.h). */
struct doca_flow_definitions;
/** @brief A global DOCA Flow configuration (doca_flow_cfg_create()). */
struct doca_flow_cfg;
/** @brief A port configuration (doca_flow_port_cfg_create()). */
struct doca_flow_port_cfg;
/** @brief A pipe configuration (doca_flow_pipe_cfg_create()). */
struct doca_flow_pipe_cfg;
/** @brief A DOCA Flow Tune configuration (doca_flow_tune_cfg_create()). */
struct doca_flow_tune_cfg;

/* ------------------------------------------------------------------------------------- */
/* Enums                                                                                 */
/* ------------------------------------------------------------------------------------- */

/** @brief Where resource budgets (counters, meters, ...) are set: globally or per port. */
enum doca_flow_resource_mode {
	DOCA_FLOW_RESOURCE_MODE_SYSTEM = 0, /**< globally (doca_flow_cfg_set_nr_*) */
	DOCA_FLOW_RESOURCE_MODE_PORT,       /**< per port (doca_flow_port_cfg_set_nr_resources) */
};

/** @brief A resource type with a per-port budget (doca_flow_port_cfg_set_nr_resources()). */
enum doca_flow_resource {
	DOCA_FLOW_RESOURCE_METER = 0, /**< meters */
	DOCA_FLOW_RESOURCE_COUNTER,   /**< counters */
	DOCA_FLOW_RESOURCE_RSS,       /**< RSS configurations */
	DOCA_FLOW_RESOURCE_PSP,       /**< PSP security associations */
	DOCA_FLOW_RESOURCE_ENCAP,     /**< encapsulations */
	DOCA_FLOW_RESOURCE_DECAP,     /**< decapsulations */
	DOCA_FLOW_RESOURCE_IPSEC_SA,  /**< IPsec security associations */
};

/** @brief The type of a shared resource. */
enum doca_flow_shared_resource_type {
	DOCA_FLOW_SHARED_RESOURCE_METER = 0, /**< a meter */
	DOCA_FLOW_SHARED_RESOURCE_COUNTER,   /**< a counter */
	DOCA_FLOW_SHARED_RESOURCE_RSS,       /**< an RSS configuration */
	DOCA_FLOW_SHARED_RESOURCE_PSP,       /**< a PSP security association (not emulated) */
	DOCA_FLOW_SHARED_RESOURCE_ENCAP,     /**< an encapsulation (not emulated) */
	DOCA_FLOW_SHARED_RESOURCE_DECAP,     /**< a decapsulation (not emulated) */
	DOCA_FLOW_SHARED_RESOURCE_IPSEC_SA,  /**< an IPsec security association (not emulated) */
};

/** @brief Entry flags: at most one of NO_WAIT / WAIT_FOR_BATCH (none behaves as a batch). */
enum doca_flow_entry_flags {
	DOCA_FLOW_ENTRY_FLAGS_NO_WAIT = (1u << 0),        /**< push to the hardware table now */
	DOCA_FLOW_ENTRY_FLAGS_WAIT_FOR_BATCH = (1u << 1), /**< buffer until NO_WAIT or process */
};
/**
 * @brief DOCA_FLOW_FLAGS_SET sets the bit 'flag' in 'flags', DOCA_FLOW_FLAGS_UNSET clears it,
 * DOCA_FLOW_FLAGS_IS_SET tells whether it is set.
 * @{
 */
#define DOCA_FLOW_FLAGS_SET(flags, flag)    ((flags) |= (uint32_t)(flag))
#define DOCA_FLOW_FLAGS_UNSET(flags, flag)  ((flags) &= ~(uint32_t)(flag))
#define DOCA_FLOW_FLAGS_IS_SET(flags, flag) (((flags) & (uint32_t)(flag)) != 0)
/** @} */

/** @brief The pipe operation a pipe callback reports. */
enum doca_flow_pipe_op {
	DOCA_FLOW_PIPE_OP_CONGESTION_REACHED = 0, /**< the pipe reached its congestion level */
	DOCA_FLOW_PIPE_OP_RESIZED,                /**< the pipe was resized */
	DOCA_FLOW_PIPE_OP_DESTROYED,              /**< the pipe was destroyed */
};

/** @brief The outcome of a pipe operation. */
enum doca_flow_pipe_status {
	DOCA_FLOW_PIPE_STATUS_SUCCESS = 1, /**< the operation succeeded */
	DOCA_FLOW_PIPE_STATUS_ERROR,       /**< the operation failed */
};

/** @brief The entry operation an entry callback reports. */
enum doca_flow_entry_op {
	DOCA_FLOW_ENTRY_OP_ADD = 0, /**< the entry was added */
	DOCA_FLOW_ENTRY_OP_DEL,     /**< the entry was removed */
	DOCA_FLOW_ENTRY_OP_UPD,     /**< the entry was updated */
	DOCA_FLOW_ENTRY_OP_AGED,    /**< the entry aged (doca_flow_aging_handle()) */
};

/** @brief The status of an entry's last operation. */
enum doca_flow_entry_status {
	DOCA_FLOW_ENTRY_STATUS_IN_PROCESS = 0, /**< queued, not yet completed */
	DOCA_FLOW_ENTRY_STATUS_SUCCESS,        /**< completed */
	DOCA_FLOW_ENTRY_STATUS_ERROR,          /**< failed */
};

/** @brief The hash function of an RSS. */
enum doca_flow_rss_hash_function {
	DOCA_FLOW_RSS_HASH_FUNCTION_TOEPLITZ = 0,       /**< Toeplitz */
	DOCA_FLOW_RSS_HASH_FUNCTION_SYMMETRIC_TOEPLITZ, /**< source and destination sorted */
};

/** @brief An RSS: hashed fields (enum doca_rss_type bits) and the queues. */
struct doca_flow_resource_rss_cfg {
	uint32_t outer_flags;   /**< enum doca_rss_type bits, outer headers */
	uint32_t inner_flags;   /**< enum doca_rss_type bits, inner headers */
	uint16_t *queues_array; /**< the queues */
	int nr_queues;          /**< the number of queues */
	enum doca_flow_rss_hash_function rss_hash_func; /**< the hash function */
};

/* ------------------------------------------------------------------------------------- */
/* Callbacks                                                                             */
/* ------------------------------------------------------------------------------------- */

/**
 * @brief Told about an operation on a pipe (doca_flow_cfg_set_cb_pipe_process()).
 *
 * @param [in] pipe
 * The pipe.
 * @param [in] status
 * The outcome.
 * @param [in] op
 * The operation.
 * @param [in] user_ctx
 * The pipe's user context (doca_flow_pipe_cfg_set_user_ctx()).
 */
typedef void (*doca_flow_pipe_process_cb)(struct doca_flow_pipe *pipe,
                                          enum doca_flow_pipe_status status,
                                          enum doca_flow_pipe_op op, void *user_ctx);

/**
 * @brief Called from doca_flow_entries_process() once per completed add, remove or update
 * (doca_flow_cfg_set_cb_entry_process()).
 *
 * @param [in] entry
 * The entry; after a DEL it is freed when the callback returns.
 * @param [in] pipe_queue
 * The queue of the operation.
 * @param [in] status
 * SUCCESS or ERROR.
 * @param [in] op
 * The operation.
 * @param [in] user_ctx
 * The usr_ctx given when the entry was added.
 */
typedef void (*doca_flow_entry_process_cb)(struct doca_flow_pipe_entry *entry, uint16_t pipe_queue,
                                           enum doca_flow_entry_status status,
                                           enum doca_flow_entry_op op, void *user_ctx);

/**
 * @brief Told when a shared resource is unbound from an object
 * (doca_flow_cfg_set_cb_shared_resource_unbind()).
 *
 * @param [in] type
 * The resource type.
 * @param [in] shared_resource_id
 * The resource id.
 * @param [in] bindable_obj
 * The port or pipe it was bound to.
 */
typedef void (*doca_flow_shared_resource_unbind_cb)(enum doca_flow_shared_resource_type type,
                                                    uint32_t shared_resource_id,
                                                    void *bindable_obj);

/** @brief The type of a pipe: how it finds the entry a packet uses. */
enum doca_flow_pipe_type {
	DOCA_FLOW_PIPE_BASIC = 0,    /**< exact match on the template's fields */
	DOCA_FLOW_PIPE_CONTROL,      /**< each entry its own mask, by priority */
	DOCA_FLOW_PIPE_LPM,          /**< longest prefix match */
	DOCA_FLOW_PIPE_CT,           /**< connection tracking (not emulated) */
	DOCA_FLOW_PIPE_ACL,          /**< access control list */
	DOCA_FLOW_PIPE_ORDERED_LIST, /**< each entry runs an ordered list of elements */
	DOCA_FLOW_PIPE_HASH,         /**< the entry at the index the packet's hash gives */
};

/** @brief The steering domain of a pipe. */
enum doca_flow_pipe_domain {
	DOCA_FLOW_PIPE_DOMAIN_DEFAULT = 0,    /**< ingress */
	DOCA_FLOW_PIPE_DOMAIN_SECURE_INGRESS, /**< ingress, after decryption (not emulated) */
	DOCA_FLOW_PIPE_DOMAIN_EGRESS,         /**< egress (not emulated) */
	DOCA_FLOW_PIPE_DOMAIN_SECURE_EGRESS,  /**< egress, before encryption (not emulated) */
};

/**
 * @brief DOCA_FLOW_META_SCRATCH_PAD_MAX: the number of 32-bit scratch words of struct
 * doca_flow_meta; DOCA_FLOW_META_MAX: the size of the metadata, in bytes.
 * @{
 */
#define DOCA_FLOW_META_SCRATCH_PAD_MAX 10
#define DOCA_FLOW_META_MAX             ((DOCA_FLOW_META_SCRATCH_PAD_MAX + 1) * 4) /* bytes */
/** @} */
/**
 * @brief Most action memory one entry can use, in bytes: size
 * doca_flow_port_cfg_set_actions_mem_size() from it (entries x this, rounded up to a power of
 * two).
 */
#define DOCA_FLOW_MAX_ENTRY_ACTIONS_MEM_SIZE (128)

/** @brief A meter's packet color; one byte, as in DOCA. */
enum __attribute__((__packed__)) doca_flow_meter_color {
	DOCA_FLOW_METER_COLOR_RED = 0, /**< red */
	DOCA_FLOW_METER_COLOR_YELLOW,  /**< yellow */
	DOCA_FLOW_METER_COLOR_GREEN,   /**< green */
};

/** @brief The L2 header type the parser found (parser_meta.outer_l2_type, inner_l2_type). */
enum doca_flow_l2_meta {
	DOCA_FLOW_L2_META_NO_VLAN = 0, /**< no VLAN tag */
	DOCA_FLOW_L2_META_MULTI_VLAN,  /**< two or more VLAN tags */
	DOCA_FLOW_L2_META_SINGLE_VLAN, /**< one VLAN tag */
	DOCA_FLOW_L2_META_CUSTOM_VLAN, /**< a VLAN tag with a custom EtherType */
};

/** @brief The L3 header type the parser found. */
enum doca_flow_l3_meta {
	DOCA_FLOW_L3_META_NONE = 0, /**< none */
	DOCA_FLOW_L3_META_IPV4,     /**< IPv4 */
	DOCA_FLOW_L3_META_IPV6,     /**< IPv6 */
};

/** @brief The L4 header type the parser found. */
enum doca_flow_l4_meta {
	DOCA_FLOW_L4_META_NONE = 0, /**< none */
	DOCA_FLOW_L4_META_TCP,      /**< TCP */
	DOCA_FLOW_L4_META_UDP,      /**< UDP */
	DOCA_FLOW_L4_META_ICMP,     /**< ICMP or ICMPv6 */
	DOCA_FLOW_L4_META_ESP,      /**< ESP */
};

/** @brief Values of parser_meta.ipsec_syndrome / psp_syndrome. */
enum doca_flow_crypto_syndrome {
	DOCA_FLOW_CRYPTO_SYNDROME_OK,          /**< decrypted and authenticated */
	DOCA_FLOW_CRYPTO_SYNDROME_ICV_FAIL,    /**< the integrity check failed */
	DOCA_FLOW_CRYPTO_SYNDROME_BAD_TRAILER, /**< the trailer is malformed */
};

/** @brief Hash pipe index selection (OR-able; docs/DESIGN_DECISIONS.md D2). */
enum doca_flow_pipe_hash_map_algorithm {
	/** index = the hash of the masked fields, modulo the index space (default) */
	DOCA_FLOW_PIPE_HASH_MAP_ALGORITHM_HASH = (1 << 0),
	/** a random index */
	DOCA_FLOW_PIPE_HASH_MAP_ALGORITHM_RANDOM = (1 << 1),
	/** index = the masked field value itself, modulo the index space */
	DOCA_FLOW_PIPE_HASH_MAP_ALGORITHM_IDENTITY = (1 << 2),
	/** each index in turn */
	DOCA_FLOW_PIPE_HASH_MAP_ALGORITHM_ROUND_ROBIN = (1 << 3),
	/** a copy of the packet to every enabled entry */
	DOCA_FLOW_PIPE_HASH_MAP_ALGORITHM_FLOODING = (1 << 4),
	/** an index without an enabled entry moves to the next enabled one */
	DOCA_FLOW_PIPE_HASH_MAP_ALGORITHM_SELECT_ENABLED = (1 << 5),
};

/* ------------------------------------------------------------------------------------- */
/* Match                                                                                 */
/* ------------------------------------------------------------------------------------- */

/** @brief Per-packet metadata the pipeline carries between pipes (set by actions, matched). */
struct doca_flow_meta {
	doca_be32_t pkt_meta;                            /**< packet metadata */
	doca_be32_t u32[DOCA_FLOW_META_SCRATCH_PAD_MAX]; /**< scratch words */
};

/** @brief What the parser learnt about the packet (read-only: match only). */
struct doca_flow_parser_meta {
	uint16_t port_id;                       /**< ingress DOCA Flow port id (host order) */
	doca_be16_t random;                     /**< a random value per packet, not from headers */
	uint8_t ipsec_syndrome;                 /**< enum doca_flow_crypto_syndrome of IPsec */
	uint8_t ipsec_ar_syndrome;              /**< IPsec anti-replay syndrome */
	uint8_t psp_syndrome;                   /**< enum doca_flow_crypto_syndrome of PSP */
	enum doca_flow_meter_color meter_color; /**< the color a meter gave the packet */
	enum doca_flow_l2_meta outer_l2_type;   /**< outer L2 type */
	enum doca_flow_l3_meta outer_l3_type;   /**< outer L3 type */
	enum doca_flow_l4_meta outer_l4_type;   /**< outer L4 type */
	enum doca_flow_l2_meta inner_l2_type;   /**< inner L2 type */
	enum doca_flow_l3_meta inner_l3_type;   /**< inner L3 type */
	enum doca_flow_l4_meta inner_l4_type;   /**< inner L4 type */
	uint8_t outer_ip_fragmented;            /**< the outer IP packet is a fragment */
	uint8_t inner_ip_fragmented;            /**< the inner IP packet is a fragment */
	uint8_t outer_l3_ok;                    /**< the outer L3 header is valid */
	uint8_t outer_ip4_checksum_ok;          /**< the outer IPv4 checksum is right */
	uint8_t outer_l4_ok;                    /**< the outer L4 header is valid */
	uint8_t outer_l4_checksum_ok;           /**< the outer L4 checksum is right */
	uint8_t inner_l3_ok;                    /**< the inner L3 header is valid */
	uint8_t inner_ip4_checksum_ok;          /**< the inner IPv4 checksum is right */
	uint8_t inner_l4_ok;                    /**< the inner L4 header is valid */
	uint8_t inner_l4_checksum_ok;           /**< the inner L4 checksum is right */
};

/** @brief TCP flag bits (doca_flow_header_tcp.flags, header byte 13). */
enum doca_flow_match_tcp_flags {
	DOCA_FLOW_MATCH_TCP_FLAG_FIN = (1 << 0), /**< FIN */
	DOCA_FLOW_MATCH_TCP_FLAG_SYN = (1 << 1), /**< SYN */
	DOCA_FLOW_MATCH_TCP_FLAG_RST = (1 << 2), /**< RST */
	DOCA_FLOW_MATCH_TCP_FLAG_PSH = (1 << 3), /**< PSH */
	DOCA_FLOW_MATCH_TCP_FLAG_ACK = (1 << 4), /**< ACK */
	DOCA_FLOW_MATCH_TCP_FLAG_URG = (1 << 5), /**< URG */
	DOCA_FLOW_MATCH_TCP_FLAG_ECE = (1 << 6), /**< ECE */
	DOCA_FLOW_MATCH_TCP_FLAG_CWR = (1 << 7), /**< CWR */
};

/**
 * @brief The header fields the NIC's entropy (e.g. a tunnel's UDP source port) is computed
 * from (doca_flow_port_calc_entropy()).
 */
struct doca_flow_entropy_format {
	enum doca_flow_l3_type l3_type; /**< IP4 or IP6: which of ip4 / ip6 is meaningful */
	union {
		struct doca_flow_header_ip4 ip4; /**< the IPv4 header */
		struct doca_flow_header_ip6 ip6; /**< the IPv6 header */
	};
	bool is_transport; /**< the next layer is TCP or UDP: 'transport' is meaningful */
	struct doca_flow_header_l4_port transport; /**< the transport ports */
};

/** @brief A match (pipe template, pipe mask or entry value). */
struct doca_flow_match {
	struct doca_flow_meta meta;               /**< metadata */
	struct doca_flow_parser_meta parser_meta; /**< what the parser found */
	struct doca_flow_header_format outer;     /**< outer headers */
	struct doca_flow_tun tun;                 /**< tunnel header */
	struct doca_flow_header_format inner;     /**< inner headers */
};

/** @brief A comparison operator of a match condition. */
enum doca_flow_compare_op {
	DOCA_FLOW_COMPARE_EQ = 0, /**< equal */
	DOCA_FLOW_COMPARE_NE,     /**< not equal */
	DOCA_FLOW_COMPARE_LT,     /**< less than */
	DOCA_FLOW_COMPARE_LE,     /**< less than or equal */
	DOCA_FLOW_COMPARE_GT,     /**< greater than */
	DOCA_FLOW_COMPARE_GE,     /**< greater than or equal */
};

/**
 * @brief Names a field by string ("meta.data", "outer.ipv4.dst_ip", ...) and a bit offset in
 * it (docs/FLOW.md lists the strings softdpa knows and how bits are numbered).
 *
 * 'width' is a softdpa addition that sits in the padding DOCA leaves after bit_offset (the
 * struct keeps DOCA's size and offsets): 0, what DOCA code leaves there, means "to the end
 * of the field".
 */
struct doca_flow_desc_field {
	const char *field_string; /**< the field's name */
	uint32_t bit_offset;      /**< the first bit in the field */
	uint32_t width;           /**< bits; 0 = the whole field from bit_offset */
};

/** @brief A comparison between fields (control pipe entries); not supported by softdpa. */
struct doca_flow_match_condition {
	enum doca_flow_compare_op operation; /**< the operator */
	union {
		/** Compare field a with field b. */
		struct {
			struct doca_flow_desc_field a; /**< the first field */
			struct doca_flow_desc_field b; /**< the second field */
			uint32_t width;                /**< the bits compared */
		} field_op;
	};
};

/* ------------------------------------------------------------------------------------- */
/* Actions                                                                               */
/* ------------------------------------------------------------------------------------- */

/** @brief The headers an encap pushes. */
struct doca_flow_encap_action {
	struct doca_flow_header_format outer; /**< the outer headers */
	struct doca_flow_tun tun;             /**< the tunnel header */
};

/** @brief A VLAN push: the EtherType written before the tag, and the tag. */
struct doca_flow_push_vlan_action {
	doca_be16_t eth_type;                      /**< the EtherType before the tag */
	struct doca_flow_header_eth_vlan vlan_hdr; /**< the tag */
};

/** @brief The header a push action inserts. */
enum doca_flow_push_action_type {
	DOCA_FLOW_PUSH_ACTION_VLAN, /**< a VLAN tag */
};

/** @brief A header push (actions.has_push); not emulated. */
struct doca_flow_push_action {
	enum doca_flow_push_action_type type; /**< the header pushed */
	union {
		struct doca_flow_push_vlan_action vlan; /**< a VLAN push */
	};
};

/**
 * @brief NAT64: the L3 type of the header before translation (IP4: IPv4 -> IPv6, IP6: IPv6
 * -> IPv4, NONE: no translation), as a member of struct doca_flow_actions or an ordered
 * list's NAT64 element (docs/FLOW.md "NAT64").
 */
struct doca_flow_nat64_action {
	enum doca_flow_l3_type original_l3_type; /**< IP4 or IP6 */
};

/** @brief Whether a resource (counter, meter, encap, ...) is used, and how. */
enum doca_flow_resource_type {
	DOCA_FLOW_RESOURCE_TYPE_NONE = 0,   /**< no resource */
	DOCA_FLOW_RESOURCE_TYPE_SHARED,     /**< a shared resource, by id */
	DOCA_FLOW_RESOURCE_TYPE_NON_SHARED, /**< a resource of the pipe or entry itself */
};

/** @brief The crypto_id of PSP decryption at pipe creation and entry addition. */
#define DOCA_FLOW_PSP_DECRYPTION_ID UINT32_MAX

/** @brief Encrypt or decrypt with a shared IPSEC_SA or PSP resource (not emulated). */
struct doca_flow_crypto_action {
	enum doca_flow_crypto_action_type action_type;     /**< encrypt or decrypt */
	enum doca_flow_crypto_resource_type resource_type; /**< IPSEC_SA or PSP */
	union {
		/** IPsec SA options. */
		struct {
			bool sn_en; /**< sequence numbers on egress, anti-replay on ingress */
		} ipsec_sa;
	};
	uint32_t crypto_id; /**< the shared resource id */
};

/** @brief Insert or remove a crypto header and trailer (not emulated). */
struct doca_flow_crypto_encap_action {
	enum doca_flow_crypto_encap_action_type action_type; /**< encap or decap */
	enum doca_flow_crypto_encap_net_type net_type;       /**< the headers */
	uint16_t icv_size;                                   /**< trailer bytes */
	uint16_t data_size;                                  /**< header bytes */
	uint8_t encap_data[DOCA_FLOW_CRYPTO_HEADER_LEN_MAX]; /**< the header */
};

/** @brief Encap (not emulated). */
struct doca_flow_resource_encap_cfg {
	bool is_l2;                          /**< L2 tunnel (else L3) */
	struct doca_flow_encap_action encap; /**< the headers pushed */
};

/** @brief Decap (not emulated). For an L3 tunnel (is_l2 false) the L2 header to put back. */
struct doca_flow_resource_decap_cfg {
	bool is_l2;                      /**< L2 tunnel (else L3) */
	struct doca_flow_header_eth eth; /**< the Ethernet header put back (L3 tunnel) */
	uint16_t l2_valid_headers;       /**< enum doca_flow_l2_valid_header bits */
	struct doca_flow_header_eth_vlan eth_vlan[DOCA_FLOW_VLAN_MAX]; /**< VLAN tags put back */
};

/**
 * @brief Actions (pipe template, pipe mask or entry value). Template rule: a field left 0 is
 * not modified, an all-ones field is supplied by each entry, any other value is a constant.
 */
struct doca_flow_actions {
	enum doca_flow_resource_type decap_type; /**< decapsulation: none, shared or own */
	union {
		struct doca_flow_resource_decap_cfg decap_cfg; /**< own decap */
		uint32_t shared_decap_id;                      /**< shared decap id */
	};
	bool pop_vlan;                            /**< remove the outer VLAN tag */
	struct doca_flow_meta meta;               /**< metadata to set */
	struct doca_flow_parser_meta parser_meta; /**< parser metadata */
	struct doca_flow_header_format outer;     /**< outer header fields to set */
	struct doca_flow_tun tun;                 /**< tunnel header fields to set */
	enum doca_flow_resource_type encap_type;  /**< encapsulation: none, shared or own */
	union {
		struct doca_flow_resource_encap_cfg encap_cfg; /**< own encap */
		uint32_t shared_encap_id;                      /**< shared encap id */
	};
	bool has_push;                                     /**< push is meaningful */
	struct doca_flow_push_action push;                 /**< a header push */
	struct doca_flow_nat64_action nat64;               /**< NAT64 */
	bool has_crypto_encap;                             /**< crypto_encap is meaningful */
	struct doca_flow_crypto_encap_action crypto_encap; /**< crypto header insert/remove */
	struct doca_flow_crypto_action crypto;             /**< encryption or decryption */
};

/** @brief Crypto actions of an ordered-list CRYPTO element (not emulated). */
struct doca_flow_crypto {
	bool has_crypto_encap;                             /**< crypto_encap is meaningful */
	struct doca_flow_crypto_encap_action crypto_encap; /**< crypto header insert/remove */
	struct doca_flow_crypto_action crypto;             /**< encryption or decryption */
};

/* ------------------------------------------------------------------------------------- */
/* Forward                                                                               */
/* ------------------------------------------------------------------------------------- */

/** @brief Targets of doca_flow_get_target(). */
enum doca_flow_target_type {
	DOCA_FLOW_TARGET_KERNEL, /**< the kernel network stack (softdpa: a TAP device) */
};

/** @brief Where a forward sends the packet. */
enum doca_flow_fwd_type {
	DOCA_FLOW_FWD_NONE = 0,          /**< no forward (a pipe's: decided by each entry) */
	DOCA_FLOW_FWD_RSS,               /**< to software queues, spread by RSS */
	DOCA_FLOW_FWD_PORT,              /**< out of a port */
	DOCA_FLOW_FWD_PIPE,              /**< to another pipe */
	DOCA_FLOW_FWD_DROP,              /**< drop the packet */
	DOCA_FLOW_FWD_TARGET,            /**< to a target (not emulated) */
	DOCA_FLOW_FWD_ORDERED_LIST_PIPE, /**< to a list of an ORDERED_LIST pipe */
	DOCA_FLOW_FWD_HASH_PIPE,         /**< to a HASH pipe, with a given algorithm */
	DOCA_FLOW_FWD_CHANGEABLE = 100,  /**< decided by each entry */
};

/**
 * @brief RSS fields (outer_flags / inner_flags). IPV4/IPV6/UDP/TCP hash both addresses or
 * both ports; the _SRC/_DST bits hash one of them.
 */
enum doca_rss_type {
	DOCA_FLOW_RSS_IPV4 = (1 << 0),     /**< both IPv4 addresses */
	DOCA_FLOW_RSS_IPV6 = (1 << 1),     /**< both IPv6 addresses */
	DOCA_FLOW_RSS_UDP = (1 << 2),      /**< both UDP ports */
	DOCA_FLOW_RSS_TCP = (1 << 3),      /**< both TCP ports */
	DOCA_FLOW_RSS_ESP = (1 << 4),      /**< the ESP SPI (outer_flags) */
	DOCA_FLOW_RSS_IPV4_SRC = (1 << 5), /**< the IPv4 source address */
	DOCA_FLOW_RSS_IPV4_DST = (1 << 6), /**< the IPv4 destination address */
	DOCA_FLOW_RSS_IPV6_SRC = (1 << 7), /**< the IPv6 source address */
	DOCA_FLOW_RSS_IPV6_DST = (1 << 8), /**< the IPv6 destination address */
	DOCA_FLOW_RSS_UDP_SRC = (1 << 9),  /**< the UDP source port */
	DOCA_FLOW_RSS_UDP_DST = (1 << 10), /**< the UDP destination port */
	DOCA_FLOW_RSS_TCP_SRC = (1 << 11), /**< the TCP source port */
	DOCA_FLOW_RSS_TCP_DST = (1 << 12), /**< the TCP destination port */
	DOCA_FLOW_RSS_AUTO = (1 << 30),    /**< as DOCA Flow sees fit */
};

/**
 * @brief Where a packet goes next. A pipe fwd of PORT with port_id 0xffff, PIPE with
 * next_pipe NULL, or CHANGEABLE is decided by each entry.
 */
struct doca_flow_fwd {
	enum doca_flow_fwd_type type; /**< the kind of forward; says which member is meaningful */
	union {
		/** DOCA_FLOW_FWD_RSS */
		struct {
			enum doca_flow_resource_type rss_type; /**< shared or own RSS */
			union {
				struct doca_flow_resource_rss_cfg rss; /**< own RSS */
				uint32_t shared_rss_id;                /**< shared RSS id */
			};
		};
		/** DOCA_FLOW_FWD_PORT */
		struct {
			uint16_t port_id; /**< the port id */
		};
		/** DOCA_FLOW_FWD_PIPE */
		struct {
			struct doca_flow_pipe *next_pipe; /**< the next pipe */
		};
		/** DOCA_FLOW_FWD_ORDERED_LIST_PIPE */
		struct {
			struct doca_flow_pipe *pipe; /**< the ORDERED_LIST pipe */
			uint32_t idx;                /**< the list's index */
		} ordered_list_pipe;
		/** DOCA_FLOW_FWD_TARGET */
		struct {
			struct doca_flow_target *target; /**< the target */
		};
		/** DOCA_FLOW_FWD_HASH_PIPE */
		struct {
			struct doca_flow_pipe *pipe;                      /**< the HASH pipe */
			enum doca_flow_pipe_hash_map_algorithm algorithm; /**< index selection */
		} hash_pipe;
	};
};

/* ------------------------------------------------------------------------------------- */
/* Meters, shared resources, monitor                                                     */
/* ------------------------------------------------------------------------------------- */

/** @brief A meter's algorithm. */
enum doca_flow_meter_algorithm_type {
	DOCA_FLOW_METER_ALGORITHM_TYPE_RFC2697, /**< single rate three color marker */
	DOCA_FLOW_METER_ALGORITHM_TYPE_RFC2698, /**< two rate three color marker */
	DOCA_FLOW_METER_ALGORITHM_TYPE_RFC4115, /**< two rate, excess rate */
};

/** @brief Unit of every meter rate and burst: bytes or packets. */
enum doca_flow_meter_limit_type {
	DOCA_FLOW_METER_LIMIT_TYPE_BYTES = 0, /**< bytes */
	DOCA_FLOW_METER_LIMIT_TYPE_PACKETS,   /**< packets */
};

/** @brief A meter's initial color: blind (green) or aware (configured). */
enum doca_flow_meter_color_mode {
	DOCA_FLOW_METER_COLOR_MODE_BLIND = 0, /**< every packet starts green */
	DOCA_FLOW_METER_COLOR_MODE_AWARE,     /**< a packet starts with its configured color */
};

/** @brief A shared meter (doca_flow_shared_resource_set_cfg()). */
struct doca_flow_resource_meter_cfg {
	enum doca_flow_meter_limit_type limit_type; /**< bytes or packets */
	enum doca_flow_meter_color_mode color_mode; /**< blind or aware */
	enum doca_flow_meter_algorithm_type alg;    /**< the algorithm */
	uint64_t cir;                               /**< committed information rate, per second */
	uint64_t cbs;                               /**< committed burst size */
	union {
		/** RFC 2697 parameters. */
		struct {
			uint64_t ebs; /**< excess burst size */
		} rfc2697;
		/** RFC 2698 parameters. */
		struct {
			uint64_t pir; /**< peak information rate */
			uint64_t pbs; /**< peak burst size */
		} rfc2698;
		/** RFC 4115 parameters. */
		struct {
			uint64_t eir; /**< excess information rate */
			uint64_t ebs; /**< excess burst size */
		} rfc4115;
	};
};

/** @brief A shared PSP resource (not emulated). */
struct doca_flow_resource_psp_cfg {
	struct doca_flow_crypto_key_cfg key_cfg; /**< the key */
};

/** @brief A shared IPsec SA (not emulated). */
struct doca_flow_resource_ipsec_sa_cfg {
	struct doca_flow_crypto_key_cfg key_cfg;               /**< the key */
	uint32_t salt;                                         /**< the salt */
	uint64_t implicit_iv;                                  /**< the implicit IV */
	enum doca_flow_crypto_icv_len icv_len;                 /**< the ICV length */
	enum doca_flow_crypto_sn_offload_type sn_offload_type; /**< sequence-number offload */
	enum doca_flow_crypto_replay_win_size win_size;        /**< with SN_OFFLOAD_AR */
	bool esn_en;                                           /**< extended sequence numbers */
	uint64_t sn_initial;                                   /**< the first sequence number */
	uint32_t lifetime_threshold;                           /**< the lifetime threshold */
};

/**
 * @brief Configuration of one shared resource (doca_flow_shared_resource_set_cfg()); the
 * member is the one of the resource's type.
 */
struct doca_flow_shared_resource_cfg {
	union {
		struct doca_flow_resource_meter_cfg meter_cfg;       /**< METER */
		struct doca_flow_resource_rss_cfg rss_cfg;           /**< RSS */
		struct doca_flow_resource_psp_cfg psp_cfg;           /**< PSP */
		struct doca_flow_resource_encap_cfg encap_cfg;       /**< ENCAP */
		struct doca_flow_resource_decap_cfg decap_cfg;       /**< DECAP */
		struct doca_flow_resource_ipsec_sa_cfg ipsec_sa_cfg; /**< IPSEC_SA */
	};
};

/** @brief Monitor: counters (bytes and packets), meters, aging. */
struct doca_flow_monitor {
	enum doca_flow_resource_type meter_type; /**< meter: none, shared or own */
	union {
		/** An own meter. */
		struct {
			enum doca_flow_meter_limit_type limit_type; /**< bytes or packets */
			uint64_t cir;                               /**< committed info rate */
			uint64_t cbs;                               /**< committed burst size */
		} non_shared_meter;
		/** A shared meter. */
		struct {
			uint32_t shared_meter_id;                    /**< the meter's id */
			enum doca_flow_meter_color meter_init_color; /**< the initial color */
		} shared_meter;
	};
	enum doca_flow_resource_type counter_type; /**< counter: none, shared or own */
	union {
		/** A shared counter. */
		struct {
			uint32_t shared_counter_id; /**< the counter's id (UINT32_MAX: per entry) */
		} shared_counter;
	};
	uint32_t aging_sec; /**< aging time in seconds, 0 for none */
};

/* ------------------------------------------------------------------------------------- */
/* Action descriptors, ordered lists, queries                                            */
/* ------------------------------------------------------------------------------------- */

/** @brief How an action descriptor changes a field. */
enum doca_flow_action_type {
	DOCA_FLOW_ACTION_AUTO = 0, /**< derived from the actions and mask */
	DOCA_FLOW_ACTION_ADD,      /**< add the source to the destination (modulo 2^width) */
	DOCA_FLOW_ACTION_COPY,     /**< copy the source to the destination */
};

/** @brief A field operation described by strings instead of the actions struct. */
struct doca_flow_action_desc {
	enum doca_flow_action_type type; /**< the operation */
	union {
		/** The fields of an ADD or COPY. */
		struct {
			struct doca_flow_desc_field src; /**< the source field */
			struct doca_flow_desc_field dst; /**< the destination field */
			uint32_t width;                  /**< the bits operated on */
		} field_op;
	};
};

/** @brief The action descriptors of an action template. */
struct doca_flow_action_descs {
	uint8_t nb_action_desc;                   /**< the number of descriptors */
	struct doca_flow_action_desc *desc_array; /**< the descriptors */
};

/**
 * @brief What an ordered-list element points at. The external-actions element (type 100) is
 * declared in doca_flow_external_actions.h.
 */
enum doca_flow_ordered_list_element_type {
	DOCA_FLOW_ORDERED_LIST_ELEMENT_ACTIONS = 0, /**< actions, actions_mask, action_descs */
	DOCA_FLOW_ORDERED_LIST_ELEMENT_MONITOR,     /**< monitor (counters only in softdpa) */
	DOCA_FLOW_ORDERED_LIST_ELEMENT_NAT64,       /**< nat64: IPv4 <-> IPv6 translation */
	DOCA_FLOW_ORDERED_LIST_ELEMENT_CRYPTO,      /**< crypto (not emulated) */
};

/**
 * @brief One element of an ordered list. An ACTIONS element carries its template, its mask
 * and its descriptors side by side (mask and descriptors may be NULL).
 */
struct doca_flow_ordered_list_element {
	enum doca_flow_ordered_list_element_type type; /**< says which member is meaningful */
	union {
		/** ACTIONS */
		struct {
			struct doca_flow_actions *actions;           /**< the actions */
			struct doca_flow_actions *actions_mask;      /**< their mask, or NULL */
			struct doca_flow_action_descs *action_descs; /**< descriptors, or NULL */
		};
		struct doca_flow_monitor *monitor;    /**< MONITOR */
		struct doca_flow_nat64_action *nat64; /**< NAT64 */
		struct doca_flow_crypto *crypto;      /**< CRYPTO */
	};
};

/** @brief An ordered list: elements executed in order by an ORDERED_LIST pipe entry. */
struct doca_flow_ordered_list {
	uint32_t idx;  /**< the list's index in the pipe (its position at pipe creation) */
	uint32_t size; /**< number of elements */
	struct doca_flow_ordered_list_element *elements; /**< the elements */
};

/** @brief Counter values (cumulative). */
struct doca_flow_resource_query {
	union {
		/** A counter. */
		struct {
			uint64_t total_bytes; /**< bytes counted */
			uint64_t total_pkts;  /**< packets counted */
		} counter;
		/** An IPsec SA. */
		struct {
			uint64_t current_sn; /**< the current sequence number */
		} ipsec_sa;
	};
};

/* ------------------------------------------------------------------------------------- */
/* Parser, default miss, port state, tune                                                */
/* ------------------------------------------------------------------------------------- */

/** @brief The role of a GENEVE option's class. */
enum doca_flow_parser_geneve_opt_mode {
	DOCA_FLOW_PARSER_GENEVE_OPT_MODE_IGNORE,    /**< class ignored */
	DOCA_FLOW_PARSER_GENEVE_OPT_MODE_FIXED,     /**< class and type define the option */
	DOCA_FLOW_PARSER_GENEVE_OPT_MODE_MATCHABLE, /**< class matched per flow */
};

/** @brief What a pipe miss with no fwd_miss does on a port. */
enum doca_flow_port_default_miss_type {
	DOCA_FLOW_PORT_DEFAULT_MISS_KERNEL = 0, /**< to the kernel (softdpa: the kernel target) */
	DOCA_FLOW_PORT_DEFAULT_MISS_RSS,        /**< to the port's RSS queues */
	DOCA_FLOW_PORT_DEFAULT_MISS_DROP,       /**< dropped (softdpa's default) */
};

/** @brief One GENEVE TLV option a parser describes. */
struct doca_flow_parser_geneve_opt_cfg {
	/** The role of the class. */
	enum doca_flow_parser_geneve_opt_mode match_on_class_mode;
	doca_be16_t option_class; /**< the option class */
	uint8_t option_type;      /**< the option type */
	uint8_t option_len;       /**< data length in 4-byte words */
	/** The data bits parsed. */
	doca_be32_t data_mask[DOCA_FLOW_GENEVE_DATA_OPTION_LEN_MAX];
};

/** @brief The operation state of a port (hot upgrade: which of two instances serves). */
enum doca_flow_port_operation_state {
	DOCA_FLOW_PORT_OPERATION_STATE_ACTIVE = 0,           /**< serves traffic */
	DOCA_FLOW_PORT_OPERATION_STATE_ACTIVE_READY_TO_SWAP, /**< serves, ready to hand over */
	DOCA_FLOW_PORT_OPERATION_STATE_STANDBY,              /**< waits to take over */
	DOCA_FLOW_PORT_OPERATION_STATE_UNCONNECTED,          /**< serves no traffic */
};

/** @brief DOCA Flow Tune profiles (softdpa records the profile; it has no tune server). */
enum doca_flow_tune_profile {
	DOCA_FLOW_TUNE_PROFILE_NONE = 0,      /**< no tuning information */
	DOCA_FLOW_TUNE_PROFILE_PIPELINE = 30, /**< the pipeline layout */
	DOCA_FLOW_TUNE_PROFILE_FULL = 60,     /**< everything */
};

/**
 * @brief Told the new number of entries of a resized pipe (doca_flow_pipe_resize()).
 *
 * @param [in] pipe_user_ctx
 * The pipe's user context.
 * @param [in] nr_entries
 * The new number of entries.
 * @return DOCA_SUCCESS to go on; another code stops the resize.
 */
typedef doca_error_t (*doca_flow_pipe_resize_nr_entries_changed_cb)(void *pipe_user_ctx,
                                                                    uint32_t nr_entries);

/**
 * @brief Told about each entry a pipe resize moves (doca_flow_pipe_resize()).
 *
 * @param [in] pipe_user_ctx
 * The pipe's user context.
 * @param [in] pipe_queue
 * The queue of the move.
 * @param [in] entry_user_ctx
 * The entry's user context.
 * @param [out] new_entry_user_ctx
 * The entry's user context from now on.
 * @return DOCA_SUCCESS to go on; another code stops the resize.
 */
typedef doca_error_t (*doca_flow_pipe_resize_entry_relocate_cb)(void *pipe_user_ctx,
                                                                uint16_t pipe_queue,
                                                                void *entry_user_ctx,
                                                                void **new_entry_user_ctx);

/* ------------------------------------------------------------------------------------- */
/* Global configuration                                                                  */
/* ------------------------------------------------------------------------------------- */

/**
 * @brief Create a global DOCA Flow configuration, to be given to doca_flow_init().
 *
 * @param [out] cfg
 * The new configuration: one entry queue per port of depth 128, SYSTEM resource mode, and no
 * mode yet (doca_flow_cfg_set_mode_args() is required).
 * @return DOCA_SUCCESS on success; DOCA_ERROR_INVALID_VALUE when cfg is NULL; DOCA_ERROR_NO_MEMORY
 * when it cannot be allocated.
 */
DOCA_STABLE doca_error_t doca_flow_cfg_create(struct doca_flow_cfg **cfg);

/**
 * @brief Destroy a global configuration; DOCA Flow keeps what doca_flow_init() read from it.
 *
 * @param [in] cfg
 * The configuration.
 * @return DOCA_SUCCESS on success; DOCA_ERROR_INVALID_VALUE when cfg is NULL.
 */
DOCA_STABLE doca_error_t doca_flow_cfg_destroy(struct doca_flow_cfg *cfg);

/**
 * @brief Set the number of entry queues of every port: each thread that adds or removes entries
 * uses a queue of its own.
 *
 * @param [in] cfg
 * The configuration.
 * @param [in] pipe_queues
 * 1..64 (default 1).
 * @return DOCA_SUCCESS on success; DOCA_ERROR_INVALID_VALUE when cfg is NULL or pipe_queues is
 * outside 1..64.
 */
DOCA_STABLE doca_error_t doca_flow_cfg_set_pipe_queues(struct doca_flow_cfg *cfg,
                                                       uint16_t pipe_queues);

/**
 * @brief Set the number of counters DOCA Flow reserves (SYSTEM resource mode).
 *
 * @param [in] cfg
 * The configuration.
 * @param [in] nr_counters
 * The number of counters.
 * @return DOCA_SUCCESS on success; DOCA_ERROR_INVALID_VALUE when cfg is NULL.
 * @note softdpa records the value; it does not limit the counters pipes and entries use.
 */
DOCA_STABLE doca_error_t doca_flow_cfg_set_nr_counters(struct doca_flow_cfg *cfg,
                                                       uint32_t nr_counters);

/**
 * @brief Set the number of meters DOCA Flow reserves (SYSTEM resource mode).
 *
 * @param [in] cfg
 * The configuration.
 * @param [in] nr_meters
 * The number of meters.
 * @return DOCA_SUCCESS on success; DOCA_ERROR_INVALID_VALUE when cfg is NULL.
 * @note Accepted and unused: softdpa allocates shared meters by
 * doca_flow_cfg_set_nr_shared_resource().
 */
DOCA_STABLE doca_error_t doca_flow_cfg_set_nr_meters(struct doca_flow_cfg *cfg, uint32_t nr_meters);

/**
 * @brief Set the number of collisions an ACL pipe tolerates.
 *
 * @param [in] cfg
 * The configuration.
 * @param [in] nr_acl_collisions
 * 0..8.
 * @return DOCA_SUCCESS on success; DOCA_ERROR_INVALID_VALUE when cfg is NULL or the value is above
 * 8.
 * @note Accepted and unused: softdpa's ACL classifier has no collision limit.
 */
DOCA_STABLE doca_error_t doca_flow_cfg_set_nr_acl_collisions(struct doca_flow_cfg *cfg,
                                                             uint8_t nr_acl_collisions);

/**
 * @brief Set the mode DOCA Flow runs in: "vnf" or "switch", optionally followed by options (",hws",
 * ",expert", ",isolated", ...).
 *
 * @param [in] cfg
 * The configuration.
 * @param [in] mode_args
 * The mode string; it must start with "vnf" or "switch".
 * @return DOCA_SUCCESS on success; DOCA_ERROR_INVALID_VALUE when cfg or mode_args is NULL,
 * mode_args is too long, or it starts with neither mode.
 * @note softdpa reads the mode (vnf or switch) and ignores the options.
 */
DOCA_STABLE doca_error_t doca_flow_cfg_set_mode_args(struct doca_flow_cfg *cfg,
                                                     const char *mode_args);

/**
 * @brief Set the number of shared resources of a type; their ids are 0..nr_shared_resource-1.
 *
 * @param [in] cfg
 * The configuration.
 * @param [in] nr_shared_resource
 * The number of resources, at most 2^20.
 * @param [in] type
 * The resource type.
 * @return DOCA_SUCCESS on success; DOCA_ERROR_INVALID_VALUE when cfg is NULL, the type is unknown
 * or the number is above 2^20.
 */
DOCA_STABLE doca_error_t
doca_flow_cfg_set_nr_shared_resource(struct doca_flow_cfg *cfg, uint32_t nr_shared_resource,
                                     enum doca_flow_shared_resource_type type);

/**
 * @brief Set how many entry operations may be outstanding per (port, queue) before
 * doca_flow_entries_process() must be called.
 *
 * @param [in] cfg
 * The configuration.
 * @param [in] queue_depth
 * 1..65536 (default 128).
 * @return DOCA_SUCCESS on success; DOCA_ERROR_INVALID_VALUE when cfg is NULL or queue_depth is
 * outside 1..65536.
 */
DOCA_STABLE doca_error_t doca_flow_cfg_set_queue_depth(struct doca_flow_cfg *cfg,
                                                       uint32_t queue_depth);

/**
 * @brief Set the callback told about pipe operations.
 *
 * @param [in] cfg
 * The configuration.
 * @param [in] cb
 * The callback (NULL: none).
 * @return DOCA_SUCCESS on success; DOCA_ERROR_INVALID_VALUE when cfg is NULL.
 */
DOCA_STABLE doca_error_t doca_flow_cfg_set_cb_pipe_process(struct doca_flow_cfg *cfg,
                                                           doca_flow_pipe_process_cb cb);

/**
 * @brief Set the callback doca_flow_entries_process() calls once per completed entry operation.
 *
 * @param [in] cfg
 * The configuration.
 * @param [in] cb
 * The callback (NULL: none).
 * @return DOCA_SUCCESS on success; DOCA_ERROR_INVALID_VALUE when cfg is NULL.
 */
DOCA_STABLE doca_error_t doca_flow_cfg_set_cb_entry_process(struct doca_flow_cfg *cfg,
                                                            doca_flow_entry_process_cb cb);

/**
 * @brief Set the callback told when a shared resource is unbound from an object.
 *
 * @param [in] cfg
 * The configuration.
 * @param [in] cb
 * The callback (NULL: none).
 * @return DOCA_SUCCESS on success; DOCA_ERROR_INVALID_VALUE when cfg is NULL.
 */
DOCA_STABLE doca_error_t doca_flow_cfg_set_cb_shared_resource_unbind(
        struct doca_flow_cfg *cfg, doca_flow_shared_resource_unbind_cb cb);

/**
 * @brief Set the key of the RSS hash function (copied).
 *
 * @param [in] cfg
 * The configuration.
 * @param [in] rss_key
 * The key.
 * @param [in] rss_key_len
 * Its length, 1..64 bytes.
 * @return DOCA_SUCCESS on success; DOCA_ERROR_INVALID_VALUE when cfg or rss_key is NULL or the
 * length is outside 1..64.
 * @note Without a key softdpa uses the usual 40-byte Toeplitz key.
 */
DOCA_STABLE doca_error_t doca_flow_cfg_set_rss_key(struct doca_flow_cfg *cfg,
                                                   const uint8_t *rss_key, uint32_t rss_key_len);

/**
 * @brief Set the RSS used by ports whose default miss is DOCA_FLOW_PORT_DEFAULT_MISS_RSS and that
 * have no RSS of their own (queues copied).
 *
 * @param [in] cfg
 * The configuration.
 * @param [in] rss
 * The RSS: 1..64 queues, each below 64, enum doca_rss_type flags.
 * @return DOCA_SUCCESS on success; DOCA_ERROR_INVALID_VALUE when cfg or rss is NULL, or for a bad
 * queue list, hash function or flag (DOCA_FLOW_RSS_ESP in inner_flags).
 */
DOCA_STABLE doca_error_t doca_flow_cfg_set_default_rss(
        struct doca_flow_cfg *cfg, const struct doca_flow_resource_rss_cfg *rss);

/**
 * @brief Choose where resource budgets are set: globally (SYSTEM, default) or per port (PORT).
 *
 * @param [in] cfg
 * The configuration.
 * @param [in] mode
 * DOCA_FLOW_RESOURCE_MODE_SYSTEM or DOCA_FLOW_RESOURCE_MODE_PORT.
 * @return DOCA_SUCCESS on success; DOCA_ERROR_INVALID_VALUE when cfg is NULL or the mode is
 * unknown.
 */
DOCA_STABLE doca_error_t doca_flow_cfg_set_resource_mode(struct doca_flow_cfg *cfg,
                                                         const enum doca_flow_resource_mode mode);

/**
 * @brief Give DOCA Flow the custom header definitions (doca_flow_definitions.h).
 *
 * @param [in] cfg
 * The configuration.
 * @param [in] defs
 * The definitions.
 * @return DOCA_ERROR_INVALID_VALUE when cfg or defs is NULL; DOCA_ERROR_NOT_SUPPORTED otherwise.
 * @note Custom header definitions are not emulated by softdpa.
 */
DOCA_EXPERIMENTAL doca_error_t
doca_flow_cfg_set_definitions(struct doca_flow_cfg *cfg, const struct doca_flow_definitions *defs);

/**
 * @brief Create a DOCA Flow Tune configuration.
 *
 * @param [out] tune_cfg
 * The new configuration (profile NONE).
 * @return DOCA_SUCCESS on success; DOCA_ERROR_INVALID_VALUE when tune_cfg is NULL;
 * DOCA_ERROR_NO_MEMORY when it cannot be allocated.
 * @note softdpa has no tune server: the configuration is accepted and otherwise ignored.
 */
DOCA_EXPERIMENTAL doca_error_t doca_flow_tune_cfg_create(struct doca_flow_tune_cfg **tune_cfg);

/**
 * @brief Destroy a DOCA Flow Tune configuration.
 *
 * @param [in] tune_cfg
 * The configuration.
 * @return DOCA_SUCCESS on success; DOCA_ERROR_INVALID_VALUE when tune_cfg is NULL.
 */
DOCA_EXPERIMENTAL doca_error_t doca_flow_tune_cfg_destroy(struct doca_flow_tune_cfg *tune_cfg);

/**
 * @brief Set the DOCA Flow Tune profile.
 *
 * @param [in] tune_cfg
 * The configuration.
 * @param [in] profile
 * NONE, PIPELINE or FULL.
 * @return DOCA_SUCCESS on success; DOCA_ERROR_INVALID_VALUE when tune_cfg is NULL or the profile is
 * none of those.
 * @note softdpa records the profile in the tune configuration; it has no tune server.
 */
DOCA_EXPERIMENTAL doca_error_t doca_flow_tune_cfg_set_profile(struct doca_flow_tune_cfg *tune_cfg,
                                                              enum doca_flow_tune_profile profile);

/**
 * @brief Attach a DOCA Flow Tune configuration to the global configuration.
 *
 * @param [in] cfg
 * The configuration.
 * @param [in] tune_cfg
 * The tune configuration; it may be destroyed after doca_flow_init().
 * @return DOCA_SUCCESS on success; DOCA_ERROR_INVALID_VALUE when cfg or tune_cfg is NULL;
 * DOCA_ERROR_NOT_SUPPORTED when the profile is PIPELINE or FULL.
 * @note softdpa has no Flow Tune server: a NONE profile is accepted (it asks for nothing),
 * the others are refused with one log line.
 */
DOCA_EXPERIMENTAL doca_error_t doca_flow_cfg_set_tune_cfg(struct doca_flow_cfg *cfg,
                                                          struct doca_flow_tune_cfg *tune_cfg);

/**
 * @brief Initialise DOCA Flow, once per process (until doca_flow_destroy()).
 *
 * @param [in] cfg
 * The global configuration, with a mode (doca_flow_cfg_set_mode_args()); it may be destroyed
 * afterwards.
 * @return DOCA_SUCCESS on success; DOCA_ERROR_INVALID_VALUE when cfg is NULL or has no mode;
 * DOCA_ERROR_BAD_STATE when DOCA Flow is initialised already; DOCA_ERROR_NO_MEMORY when the shared
 * resources cannot be allocated or the NIC workers cannot be set up; DOCA_ERROR_OPERATING_SYSTEM
 * when a NIC worker thread cannot be started.
 * @note softdpa starts its NIC worker threads here (SOFTDPA_NIC_WORKERS, docs/FLOW.md).
 */
DOCA_STABLE doca_error_t doca_flow_init(struct doca_flow_cfg *cfg);

/**
 * @brief Tear DOCA Flow down: stop every port, destroy every pipe and entry, forget the
 * configuration. DOCA Flow may then be initialised again.
 *
 * @note Without entry callbacks. Calling it when DOCA Flow is not initialised does nothing.
 */
DOCA_STABLE void doca_flow_destroy(void);

/* ------------------------------------------------------------------------------------- */
/* Ports                                                                                 */
/* ------------------------------------------------------------------------------------- */

/**
 * @brief Create a port configuration, to be given to doca_flow_port_start().
 *
 * @param [out] cfg
 * The new configuration.
 * @return DOCA_SUCCESS on success; DOCA_ERROR_INVALID_VALUE when cfg is NULL; DOCA_ERROR_NO_MEMORY
 * when it cannot be allocated.
 */
DOCA_STABLE doca_error_t doca_flow_port_cfg_create(struct doca_flow_port_cfg **cfg);

/**
 * @brief Destroy a port configuration.
 *
 * @param [in] cfg
 * The configuration.
 * @return DOCA_SUCCESS on success; DOCA_ERROR_INVALID_VALUE when cfg is NULL.
 */
DOCA_STABLE doca_error_t doca_flow_port_cfg_destroy(struct doca_flow_port_cfg *cfg);

/**
 * @brief Set the port's DPDK-style device arguments.
 *
 * @param [in] cfg
 * The configuration.
 * @param [in] devargs
 * The arguments (copied).
 * @return DOCA_SUCCESS on success; DOCA_ERROR_INVALID_VALUE when cfg or devargs is NULL or devargs
 * is too long.
 * @note softdpa reads a port id from them ("port_id=N", or a bare "N") only when neither a port id,
 * a device nor a representor was set.
 */
DOCA_STABLE doca_error_t doca_flow_port_cfg_set_devargs(struct doca_flow_port_cfg *cfg,
                                                        const char *devargs);

/**
 * @brief Set the size of the port's private data area (doca_flow_port_priv_data()).
 *
 * @param [in] cfg
 * The configuration.
 * @param [in] priv_data_size
 * 0..4096 bytes.
 * @return DOCA_SUCCESS on success; DOCA_ERROR_INVALID_VALUE when cfg is NULL or the size is above
 * 4096.
 */
DOCA_STABLE doca_error_t doca_flow_port_cfg_set_priv_data_size(struct doca_flow_port_cfg *cfg,
                                                               uint16_t priv_data_size);

/**
 * @brief Set the device behind the port (in switch mode: the PF, port id 0 unless set).
 *
 * @param [in] cfg
 * The configuration.
 * @param [in] dev
 * An open device.
 * @return DOCA_SUCCESS on success; DOCA_ERROR_INVALID_VALUE when cfg is NULL or dev is NULL or not
 * an open device.
 */
DOCA_STABLE doca_error_t doca_flow_port_cfg_set_dev(struct doca_flow_port_cfg *cfg,
                                                    struct doca_dev *dev);

/**
 * @brief Make the port a representor port.
 *
 * @param [in] cfg
 * The configuration.
 * @param [in] dev_rep
 * An open representor.
 * @return DOCA_SUCCESS on success; DOCA_ERROR_INVALID_VALUE when cfg is NULL or dev_rep is NULL or
 * not an open representor.
 * @note softdpa: representor i of the PF gets port id i + 1 unless a port id is set
 * (docs/DESIGN_DECISIONS.md D12).
 */
DOCA_STABLE doca_error_t doca_flow_port_cfg_set_dev_rep(struct doca_flow_port_cfg *cfg,
                                                        struct doca_dev_rep *dev_rep);

/**
 * @brief Set the port's logical id: the id forwards of type PORT and softdpa_port_* use.
 *
 * @param [in] cfg
 * The configuration.
 * @param [in] port_id
 * 0..63.
 * @return DOCA_SUCCESS on success; DOCA_ERROR_INVALID_VALUE when cfg is NULL or port_id is above
 * 63.
 */
DOCA_STABLE doca_error_t doca_flow_port_cfg_set_port_id(struct doca_flow_port_cfg *cfg,
                                                        uint16_t port_id);

/**
 * @brief Set the RSS of the port's default miss (queues copied).
 *
 * @param [in] cfg
 * The configuration.
 * @param [in] rss
 * The RSS: 1..64 queues, each below 64, enum doca_rss_type flags.
 * @return DOCA_SUCCESS on success; DOCA_ERROR_INVALID_VALUE when cfg or rss is NULL, or for a bad
 * queue list, hash function or flag (DOCA_FLOW_RSS_ESP in inner_flags).
 * @note Without it the port uses the global default RSS, else queue 0.
 */
DOCA_STABLE doca_error_t doca_flow_port_cfg_set_rss_cfg(
        struct doca_flow_port_cfg *cfg, const struct doca_flow_resource_rss_cfg *rss);

/**
 * @brief Disable the offload of IPsec sequence numbers on the port.
 *
 * @param [in] cfg
 * The configuration.
 * @return DOCA_SUCCESS on success; DOCA_ERROR_INVALID_VALUE when cfg is NULL.
 * @note Accepted and unused: softdpa does not emulate IPsec.
 */
DOCA_STABLE doca_error_t
doca_flow_port_cfg_set_ipsec_sn_offload_disable(struct doca_flow_port_cfg *cfg);

/**
 * @brief Set the operation state the port starts in (default ACTIVE).
 *
 * @param [in] cfg
 * The configuration.
 * @param [in] state
 * A doca_flow_port_operation_state value.
 * @return DOCA_SUCCESS on success; DOCA_ERROR_INVALID_VALUE when cfg is NULL or the state is
 * unknown.
 * @note A port that is not ACTIVE drops all received traffic (counted as rule drops).
 */
DOCA_STABLE doca_error_t doca_flow_port_cfg_set_operation_state(
        struct doca_flow_port_cfg *cfg, enum doca_flow_port_operation_state state);

/**
 * @brief Set the memory the port reserves for entry actions (see
 * DOCA_FLOW_MAX_ENTRY_ACTIONS_MEM_SIZE).
 *
 * @param [in] cfg
 * The configuration.
 * @param [in] size
 * A power of two of at least 64, or 0 for the default.
 * @return DOCA_SUCCESS on success; DOCA_ERROR_INVALID_VALUE when cfg is NULL or size is neither 0
 * nor a power of two of at least 64.
 * @note Recorded only: softdpa does not run out of action memory.
 */
DOCA_STABLE doca_error_t doca_flow_port_cfg_set_actions_mem_size(struct doca_flow_port_cfg *cfg,
                                                                 uint32_t size);

/**
 * @brief Set the CPU core of the port's service threads.
 *
 * @param [in] cfg
 * The configuration.
 * @param [in] core
 * The core.
 * @return DOCA_SUCCESS on success; DOCA_ERROR_INVALID_VALUE when cfg is NULL.
 * @note Accepted and unused: softdpa has no per-port service threads.
 */
DOCA_STABLE doca_error_t doca_flow_port_cfg_set_service_threads_core(struct doca_flow_port_cfg *cfg,
                                                                     uint32_t core);

/**
 * @brief Set the period of the port's service threads.
 *
 * @param [in] cfg
 * The configuration.
 * @param [in] cycle_ms
 * The period in milliseconds, not 0.
 * @return DOCA_SUCCESS on success; DOCA_ERROR_INVALID_VALUE when cfg is NULL or cycle_ms is 0.
 * @note Accepted and unused: softdpa has no per-port service threads.
 */
DOCA_STABLE doca_error_t
doca_flow_port_cfg_set_service_threads_cycle(struct doca_flow_port_cfg *cfg, uint32_t cycle_ms);

/**
 * @brief Set the port's budget of a resource type (PORT resource mode): the pool of ids
 * doca_flow_port_shared_resource_get() takes from.
 *
 * @param [in] cfg
 * The configuration.
 * @param [in] type
 * The resource type.
 * @param [in] nr
 * The number of resources.
 * @return DOCA_SUCCESS on success; DOCA_ERROR_INVALID_VALUE when cfg is NULL or the type is
 * unknown.
 */
DOCA_STABLE doca_error_t doca_flow_port_cfg_set_nr_resources(struct doca_flow_port_cfg *cfg,
                                                             enum doca_flow_resource type,
                                                             uint32_t nr);

/**
 * @brief Start a port: from here on it receives traffic and pipes can be created on it.
 *
 * The port id is the one set with doca_flow_port_cfg_set_port_id(), else i + 1 for
 * representor i, else 0 for a device, else the one the devargs give.
 *
 * @param [in] cfg
 * The port configuration; it may be destroyed afterwards.
 * @param [out] port
 * The started port.
 * @return DOCA_SUCCESS on success; DOCA_ERROR_INVALID_VALUE when cfg or port is NULL or the port
 * has no valid id; DOCA_ERROR_BAD_STATE when DOCA Flow is not initialised (or the wire of that id
 * is in use); DOCA_ERROR_ALREADY_EXIST when a port with that id is started; DOCA_ERROR_NO_MEMORY
 * when the port or its queues cannot be allocated; or the error of the port's wire.
 * @note softdpa opens the port's wire here (softdpa_port_wire, SOFTDPA_PORT<n>).
 */
DOCA_STABLE doca_error_t doca_flow_port_start(const struct doca_flow_port_cfg *cfg,
                                              struct doca_flow_port **port);

/**
 * @brief Stop a port: destroy its pipes and entries and close its wire.
 *
 * @param [in] port
 * The started port.
 * @return DOCA_SUCCESS on success; DOCA_ERROR_INVALID_VALUE when port is not a started port;
 * DOCA_ERROR_IN_USE for a switch port while representor ports are still started.
 */
DOCA_STABLE doca_error_t doca_flow_port_stop(struct doca_flow_port *port);

/**
 * @brief Pair two ports, for hairpin traffic between them.
 *
 * @param [in] port
 * A started port.
 * @param [in] pair_port
 * Another started port.
 * @return DOCA_SUCCESS on success; DOCA_ERROR_INVALID_VALUE when either is not a started port or
 * both are the same.
 * @note The pairing is recorded; hairpin queues are not emulated.
 */
DOCA_STABLE doca_error_t doca_flow_port_pair(struct doca_flow_port *port,
                                             struct doca_flow_port *pair_port);

/**
 * @brief The port's private data area (doca_flow_port_cfg_set_priv_data_size()).
 *
 * @param [in] port
 * The started port.
 * @return The area, zeroed at port start; NULL when its size is 0 or port is not a started port
 * (then with one log line).
 */
DOCA_STABLE uint8_t *doca_flow_port_priv_data(struct doca_flow_port *port);

/**
 * @brief The switch manager port.
 *
 * @param [in] port
 * A started port, or NULL.
 * @return The port of the PF device in switch mode; NULL (with one warning line) when DOCA Flow is
 * not in switch mode or no PF port is started, or port is not a started port.
 * @note softdpa emulates one switch: the answer does not depend on which started port is given.
 */
DOCA_STABLE struct doca_flow_port *doca_flow_port_switch_get(const struct doca_flow_port *port);

/**
 * @brief Destroy every pipe (and entry) of a port.
 *
 * @param [in] port
 * The started port.
 * @note Without entry callbacks. A port that is not started is logged and ignored.
 */
DOCA_STABLE void doca_flow_port_pipes_flush(struct doca_flow_port *port);

/**
 * @brief Change the operation state of a port.
 *
 * @param [in] port
 * The started port.
 * @param [in] state
 * A doca_flow_port_operation_state value.
 * @return DOCA_SUCCESS on success; DOCA_ERROR_INVALID_VALUE when port is not a started port or the
 * state is unknown; DOCA_ERROR_ALREADY_EXIST when the port is in that state already.
 * @note A port that is not ACTIVE drops all received traffic (counted as rule drops).
 */
DOCA_STABLE doca_error_t doca_flow_port_operation_state_modify(
        struct doca_flow_port *port, enum doca_flow_port_operation_state state);

/**
 * @brief Set what a packet does on this port when it misses a pipe that has no miss forward
 * (default: DROP), and whether such packets are counted.
 *
 * @param [in] port
 * The started port.
 * @param [in] type
 * KERNEL, RSS (the port's RSS) or DROP.
 * @param [in] counter_en
 * Count the packets (doca_flow_port_query_default_miss()).
 * @return DOCA_SUCCESS on success; DOCA_ERROR_INVALID_VALUE when port is not a started port or the
 * type is unknown.
 * @note softdpa: KERNEL hands the packet to the port's kernel target, as a forward to
 * doca_flow_get_target(DOCA_FLOW_TARGET_KERNEL) does: a TAP interface of the host when
 * allowed, otherwise captured and counted (softdpa_port_kernel_stats()); one line says which.
 */
DOCA_EXPERIMENTAL doca_error_t doca_flow_port_update_default_miss(
        struct doca_flow_port *port, enum doca_flow_port_default_miss_type type, bool counter_en);

/**
 * @brief Read the port's default-miss counter.
 *
 * @param [in] port
 * The started port.
 * @param [out] data
 * The counter (bytes and packets since the port started).
 * @return DOCA_SUCCESS on success; DOCA_ERROR_INVALID_VALUE when port is not a started port or data
 * is NULL; DOCA_ERROR_BAD_STATE when the counter is not enabled
 * (doca_flow_port_update_default_miss()).
 */
DOCA_EXPERIMENTAL doca_error_t doca_flow_port_query_default_miss(
        struct doca_flow_port *port, struct doca_flow_resource_query *data);

/* ------------------------------------------------------------------------------------- */
/* Pipes                                                                                 */
/* ------------------------------------------------------------------------------------- */

/**
 * @brief Create a pipe configuration on a port, to be given to doca_flow_pipe_create().
 *
 * @param [out] cfg
 * The new configuration: BASIC, 8192 entries, default domain, hash algorithm HASH.
 * @param [in] port
 * The started port the pipe will belong to.
 * @return DOCA_SUCCESS on success; DOCA_ERROR_INVALID_VALUE when cfg is NULL or port is not a
 * started port; DOCA_ERROR_NO_MEMORY when it cannot be allocated.
 */
DOCA_STABLE doca_error_t doca_flow_pipe_cfg_create(struct doca_flow_pipe_cfg **cfg,
                                                   struct doca_flow_port *port);

/**
 * @brief Destroy a pipe configuration; a pipe created from it keeps what it needs.
 *
 * @param [in] cfg
 * The configuration.
 * @return DOCA_SUCCESS on success; DOCA_ERROR_INVALID_VALUE when cfg is NULL.
 */
DOCA_STABLE doca_error_t doca_flow_pipe_cfg_destroy(struct doca_flow_pipe_cfg *cfg);

/**
 * @brief Set the pipe's match template and mask (copied).
 *
 * A template field left 0 is not matched; an all-ones field is matched with a value each
 * entry supplies; any other value is matched as a constant. With a mask, the mask says which
 * bits are matched, and a masked field whose template value is 0 or all-ones takes its value
 * from each entry.
 *
 * @param [in] cfg
 * The configuration.
 * @param [in] match
 * The template (may be NULL when match_mask is given: every masked field per entry).
 * @param [in] match_mask
 * The mask (may be NULL).
 * @return DOCA_SUCCESS on success; DOCA_ERROR_INVALID_VALUE when cfg is NULL or both match and
 * match_mask are NULL.
 */
DOCA_STABLE doca_error_t doca_flow_pipe_cfg_set_match(struct doca_flow_pipe_cfg *cfg,
                                                      const struct doca_flow_match *match,
                                                      const struct doca_flow_match *match_mask);

/**
 * @brief Set the pipe's action templates 0..nr_actions-1 (copied); each entry picks one by
 * action_idx.
 *
 * @param [in] cfg
 * The configuration.
 * @param [in] actions
 * nr_actions templates, or NULL (as may be each template) where action_descs describe them; a
 * missing template is all zero.
 * @param [in] actions_masks
 * A mask per template, or NULL (as may be each mask).
 * @param [in] action_descs
 * Descriptors per template, or NULL (as may be each).
 * @param [in] nr_actions
 * 1..8.
 * @return DOCA_SUCCESS on success; DOCA_ERROR_INVALID_VALUE when cfg is NULL, nr_actions is
 * outside 1..8, a template has neither actions nor action_descs, or a descriptor's type or width
 * (1..64) is invalid; DOCA_ERROR_NOT_SUPPORTED for an ADD or COPY descriptor naming a field softdpa
 * does not know or no source field (docs/FLOW.md).
 */
DOCA_STABLE doca_error_t doca_flow_pipe_cfg_set_actions(
        struct doca_flow_pipe_cfg *cfg, struct doca_flow_actions *const *actions,
        struct doca_flow_actions *const *actions_masks,
        struct doca_flow_action_descs *const *action_descs, size_t nr_actions);

/**
 * @brief Set the pipe's monitor: its counter, meter and aging (copied).
 *
 * @param [in] cfg
 * The configuration.
 * @param [in] monitor
 * The monitor.
 * @return DOCA_SUCCESS on success; DOCA_ERROR_INVALID_VALUE when cfg or monitor is NULL.
 * @note A meter colors each hit (parser_meta.meter_color of the next pipes); a red frame
 * whose pipe forwards out of the pipeline is dropped. All-ones non_shared_meter.cir or a
 * shared_meter_id of UINT32_MAX leaves the meter to each entry; so does aging_sec UINT32_MAX
 * for aging (docs/FLOW.md "Meters" and "Aging").
 */
DOCA_STABLE doca_error_t doca_flow_pipe_cfg_set_monitor(struct doca_flow_pipe_cfg *cfg,
                                                        const struct doca_flow_monitor *monitor);

/**
 * @brief Set the ordered-list templates of an ORDERED_LIST pipe (copied).
 *
 * @param [in] cfg
 * The configuration.
 * @param [in] lists
 * nr_lists lists of 1..8 elements each.
 * @param [in] nr_lists
 * 1..64.
 * @return DOCA_SUCCESS on success; DOCA_ERROR_INVALID_VALUE when cfg or lists is NULL, nr_lists is
 * outside 1..64 or a list is malformed; DOCA_ERROR_NOT_SUPPORTED for an element softdpa does not
 * emulate (CRYPTO, a non-AUTO action descriptor);
 * DOCA_ERROR_NO_MEMORY
 * when the copy cannot be allocated.
 */
DOCA_STABLE doca_error_t
doca_flow_pipe_cfg_set_ordered_lists(struct doca_flow_pipe_cfg *cfg,
                                     struct doca_flow_ordered_list *const *lists, size_t nr_lists);

/**
 * @brief Set the pipe's name (in logs and doca_flow_pipe_dump()).
 *
 * @param [in] cfg
 * The configuration.
 * @param [in] name
 * 1..63 characters.
 * @return DOCA_SUCCESS on success; DOCA_ERROR_INVALID_VALUE when cfg or name is NULL or name is
 * empty or longer than 63 characters.
 */
DOCA_STABLE doca_error_t doca_flow_pipe_cfg_set_name(struct doca_flow_pipe_cfg *cfg,
                                                     const char *name);

/**
 * @brief Set the pipe's label.
 *
 * @param [in] cfg
 * The configuration.
 * @param [in] label
 * The label.
 * @return DOCA_SUCCESS on success; DOCA_ERROR_INVALID_VALUE when cfg or label is NULL.
 * @note Accepted and unused by softdpa.
 */
DOCA_STABLE doca_error_t doca_flow_pipe_cfg_set_label(struct doca_flow_pipe_cfg *cfg,
                                                      const char *label);

/**
 * @brief Set the pipe's type (default BASIC).
 *
 * @param [in] cfg
 * The configuration.
 * @param [in] type
 * A doca_flow_pipe_type value.
 * @return DOCA_SUCCESS on success; DOCA_ERROR_INVALID_VALUE when cfg is NULL or the type is
 * unknown.
 * @note doca_flow_pipe_create() refuses CT pipes (DOCA_ERROR_NOT_SUPPORTED).
 */
DOCA_STABLE doca_error_t doca_flow_pipe_cfg_set_type(struct doca_flow_pipe_cfg *cfg,
                                                     enum doca_flow_pipe_type type);

/**
 * @brief Set the pipe's steering domain (default: ingress).
 *
 * @param [in] cfg
 * The configuration.
 * @param [in] domain
 * A doca_flow_pipe_domain value.
 * @return DOCA_SUCCESS on success; DOCA_ERROR_INVALID_VALUE when cfg is NULL or the domain is
 * unknown; DOCA_ERROR_ALREADY_EXIST when the domain is set already.
 * @note doca_flow_pipe_create() refuses any domain but DOCA_FLOW_PIPE_DOMAIN_DEFAULT
 * (DOCA_ERROR_NOT_SUPPORTED).
 */
DOCA_STABLE doca_error_t doca_flow_pipe_cfg_set_domain(struct doca_flow_pipe_cfg *cfg,
                                                       enum doca_flow_pipe_domain domain);

/**
 * @brief Make the pipe its port's root pipe: the one that sees every packet that arrives on the
 * port.
 *
 * @param [in] cfg
 * The configuration.
 * @param [in] is_root
 * Whether the pipe is the root.
 * @return DOCA_SUCCESS on success; DOCA_ERROR_INVALID_VALUE when cfg is NULL.
 */
DOCA_STABLE doca_error_t doca_flow_pipe_cfg_set_is_root(struct doca_flow_pipe_cfg *cfg,
                                                        bool is_root);

/**
 * @brief Set the most entries the pipe holds (default 8192; for a HASH pipe, its index space).
 *
 * @param [in] cfg
 * The configuration.
 * @param [in] nr_entries
 * 1..2^24.
 * @return DOCA_SUCCESS on success; DOCA_ERROR_INVALID_VALUE when cfg is NULL or nr_entries is
 * outside 1..2^24.
 */
DOCA_STABLE doca_error_t doca_flow_pipe_cfg_set_nr_entries(struct doca_flow_pipe_cfg *cfg,
                                                           uint32_t nr_entries);

/**
 * @brief Make the pipe resizable (doca_flow_pipe_resize()).
 *
 * @param [in] cfg
 * The configuration.
 * @param [in] is_resizable
 * Whether the pipe is resizable.
 * @return DOCA_SUCCESS on success; DOCA_ERROR_INVALID_VALUE when cfg is NULL.
 * @note BASIC and CONTROL pipes may be resizable; doca_flow_pipe_create() refuses another
 * resizable type (DOCA_ERROR_NOT_SUPPORTED). docs/FLOW.md "Resizable pipes".
 */
DOCA_STABLE doca_error_t doca_flow_pipe_cfg_set_is_resizable(struct doca_flow_pipe_cfg *cfg,
                                                             bool is_resizable);

/**
 * @brief Exclude an entry queue from the pipe's operations.
 *
 * @param [in] cfg
 * The configuration.
 * @param [in] pipe_queue
 * 0..63.
 * @return DOCA_SUCCESS on success; DOCA_ERROR_INVALID_VALUE when cfg is NULL or pipe_queue is above
 * 63.
 * @note Every queue may still add entries to the pipe; a resized pipe's relocation and RESIZED
 * callbacks never come on an excluded queue.
 */
DOCA_STABLE doca_error_t doca_flow_pipe_cfg_set_excluded_queue(struct doca_flow_pipe_cfg *cfg,
                                                               uint16_t pipe_queue);

/**
 * @brief Count the packets that miss the pipe (doca_flow_resource_query_pipe_miss()).
 *
 * @param [in] cfg
 * The configuration.
 * @param [in] miss_counter
 * Whether to count.
 * @return DOCA_SUCCESS on success; DOCA_ERROR_INVALID_VALUE when cfg is NULL.
 */
DOCA_STABLE doca_error_t doca_flow_pipe_cfg_set_miss_counter(struct doca_flow_pipe_cfg *cfg,
                                                             bool miss_counter);

/**
 * @brief Set the fill level at which the pipe reports congestion (resizable pipes).
 *
 * @param [in] cfg
 * The configuration.
 * @param [in] congestion_level_threshold
 * 1..100 percent.
 * @return DOCA_SUCCESS on success; DOCA_ERROR_INVALID_VALUE when cfg is NULL or the threshold is
 * outside 1..100.
 * @note A resizable pipe whose entries reach this percentage of its size gets one
 * DOCA_FLOW_PIPE_OP_CONGESTION_REACHED pipe callback (per size), when the add returns.
 */
DOCA_STABLE doca_error_t doca_flow_pipe_cfg_set_congestion_level_threshold(
        struct doca_flow_pipe_cfg *cfg, uint8_t congestion_level_threshold);

/**
 * @brief Set the pipe's user context, given to the pipe callbacks.
 *
 * @param [in] cfg
 * The configuration.
 * @param [in] user_ctx
 * The context.
 * @return DOCA_SUCCESS on success; DOCA_ERROR_INVALID_VALUE when cfg is NULL.
 */
DOCA_STABLE doca_error_t doca_flow_pipe_cfg_set_user_ctx(struct doca_flow_pipe_cfg *cfg,
                                                         void *user_ctx);

/**
 * @brief Set how a HASH pipe maps a packet to an entry index.
 *
 * @param [in] cfg
 * The configuration.
 * @param [in] algorithm_flags
 * An OR of enum doca_flow_pipe_hash_map_algorithm bits (default HASH).
 * @return DOCA_SUCCESS on success; DOCA_ERROR_INVALID_VALUE when cfg is NULL or the flags are 0 or
 * hold unknown bits.
 * @note softdpa's choices are docs/DESIGN_DECISIONS.md D2 (docs/FLOW.md).
 */
DOCA_STABLE doca_error_t doca_flow_pipe_cfg_set_hash_map_algorithm(struct doca_flow_pipe_cfg *cfg,
                                                                   uint32_t algorithm_flags);

/**
 * @brief Create a pipe on the configuration's port.
 *
 * @param [in] cfg
 * The pipe configuration; it may be destroyed afterwards.
 * @param [in] fwd
 * Where matched packets go (NULL, or a PORT with port_id 0xffff, PIPE with next_pipe NULL, or
 * CHANGEABLE: decided by each entry).
 * @param [in] fwd_miss
 * Where packets that match no entry go (NULL: the port's default miss).
 * @param [out] pipe
 * The new pipe.
 * @return DOCA_SUCCESS on success; DOCA_ERROR_INVALID_VALUE when cfg or pipe is NULL, the port was
 * stopped, an ORDERED_LIST pipe has no lists, a HASH pipe has no match, a shared counter id or a
 * forward is invalid, the port has a root pipe already and this one is root, or an LPM pipe's
 * template names no (or two) address fields per entry;
 * DOCA_ERROR_NOT_SUPPORTED for a CT pipe, a domain other than the default, a meter or
 * aging in the monitor, or a match field, action, forward (TARGET) or RSS flag softdpa does not
 * emulate (or a match too complex for it); DOCA_ERROR_NO_MEMORY when the pipe or its table cannot
 * be allocated.
 */
DOCA_STABLE doca_error_t doca_flow_pipe_create(const struct doca_flow_pipe_cfg *cfg,
                                               const struct doca_flow_fwd *fwd,
                                               const struct doca_flow_fwd *fwd_miss,
                                               struct doca_flow_pipe **pipe);

/**
 * @brief Destroy a pipe and its entries.
 *
 * @param [in] pipe
 * The pipe.
 * @note Without entry callbacks. A pipe that is not live is logged and ignored.
 */
DOCA_STABLE void doca_flow_pipe_destroy(struct doca_flow_pipe *pipe);

/**
 * @brief Replace the pipe's miss forward.
 *
 * @param [in] pipe
 * The pipe.
 * @param [in] fwd_miss
 * The new miss forward (type NONE: the port's default miss).
 * @return DOCA_SUCCESS on success; DOCA_ERROR_INVALID_VALUE when pipe is not a live pipe, fwd_miss
 * is NULL or the forward is invalid; DOCA_ERROR_NOT_SUPPORTED for a forward softdpa does not
 * emulate; DOCA_ERROR_NO_MEMORY when it cannot be allocated.
 */
DOCA_STABLE doca_error_t doca_flow_pipe_update_miss(struct doca_flow_pipe *pipe,
                                                    const struct doca_flow_fwd *fwd_miss);

/**
 * @brief The hash a HASH pipe computes for a packet with the given header values.
 *
 * @param [in] pipe
 * A HASH pipe.
 * @param [in] match
 * The header values (the fields of the pipe's match mask are hashed).
 * @param [out] hash
 * The hash.
 * @return DOCA_SUCCESS on success; DOCA_ERROR_INVALID_VALUE when pipe is not a live pipe or match
 * or hash is NULL; DOCA_ERROR_NOT_SUPPORTED when the pipe is not a HASH pipe.
 * @note softdpa's hash function is docs/DESIGN_DECISIONS.md D2 (docs/FLOW.md).
 */
DOCA_EXPERIMENTAL doca_error_t doca_flow_pipe_calc_hash(struct doca_flow_pipe *pipe,
                                                        const struct doca_flow_match *match,
                                                        uint32_t *hash);

/**
 * @brief Resize a resizable pipe to a new congestion level.
 *
 * @param [in] pipe
 * The pipe.
 * @param [in] new_congestion_level
 * 1..100 percent.
 * @param [in] nr_entries_changed_cb
 * Told the new number of entries.
 * @param [in] entry_relocation_cb
 * Told about each entry that moves.
 * @return DOCA_SUCCESS on success; DOCA_ERROR_INVALID_VALUE when pipe is not a live resizable pipe,
 * the level is outside 1..100 or the pipe would exceed 2^24 entries; DOCA_ERROR_BAD_STATE when
 * the previous resize's RESIZED callback has not come yet; DOCA_ERROR_NO_MEMORY.
 * @note The new size is the smallest power of two above the current one that holds the current
 * entries at new_congestion_level percent; nr_entries_changed_cb gets it before the call returns.
 * The next doca_flow_entries_process() of the pipe's port on a queue the pipe does not exclude
 * calls entry_relocation_cb for each entry, then the pipe callback with
 * DOCA_FLOW_PIPE_OP_RESIZED. Entries stay matched throughout: traffic is not interrupted.
 */
DOCA_STABLE doca_error_t
doca_flow_pipe_resize(struct doca_flow_pipe *pipe, uint8_t new_congestion_level,
                      doca_flow_pipe_resize_nr_entries_changed_cb nr_entries_changed_cb,
                      doca_flow_pipe_resize_entry_relocate_cb entry_relocation_cb);

/**
 * @brief The entropy the NIC derives from a header, e.g. the UDP source port of a tunnel.
 *
 * @param [in] port
 * The port.
 * @param [in] header
 * The header fields (IPv4 or IPv6, and the transport ports).
 * @param [out] entropy
 * The entropy, in network order.
 * @return DOCA_SUCCESS, or DOCA_ERROR_INVALID_VALUE when port is not a started port, header
 * or entropy is NULL, or header->l3_type is neither IP4 nor IP6.
 * @note softdpa computes what a BlueField-3 computes: a CRC-16 of the addresses, the
 * protocol and (when is_transport) the ports, in the range 0xC000..0xFFFF
 * (docs/DESIGN_DECISIONS.md D21).
 */
DOCA_EXPERIMENTAL doca_error_t doca_flow_port_calc_entropy(struct doca_flow_port *port,
                                                           struct doca_flow_entropy_format *header,
                                                           uint16_t *entropy);

/**
 * @brief Print a human-readable description of the pipe.
 *
 * @param [in] pipe
 * The pipe.
 * @param [in] f
 * Where to print (NULL: stdout).
 * @note softdpa prints the type, entries, match key layout, actions, forward and counters.
 */
DOCA_EXPERIMENTAL void doca_flow_pipe_dump(struct doca_flow_pipe *pipe, FILE *f);

/* ------------------------------------------------------------------------------------- */
/* Entries                                                                               */
/* ------------------------------------------------------------------------------------- */

/**
 * @brief Add an entry to a BASIC pipe; it completes through doca_flow_entries_process().
 *
 * @param [in] pipe_queue
 * The entry queue of the calling thread.
 * @param [in] pipe
 * The BASIC pipe.
 * @param [in] match
 * The values of the fields the pipe matches per entry.
 * @param [in] action_idx
 * The pipe's action template to use.
 * @param [in] actions
 * The values of the template's per-entry fields.
 * @param [in] monitor
 * The entry's monitor (counter; may be NULL).
 * @param [in] fwd
 * The entry's forward, when the pipe's is decided per entry.
 * @param [in] flags
 * DOCA_FLOW_ENTRY_FLAGS_NO_WAIT (push now) or _WAIT_FOR_BATCH (0: neither, as batch).
 * @param [in] usr_ctx
 * Given to the entry callback.
 * @param [out] entry
 * The new entry; may be NULL when the caller keeps no handle (the entry callback still gets it,
 * and the entry lives until it is removed or its pipe is destroyed or flushed).
 * @return DOCA_SUCCESS on success; DOCA_ERROR_BAD_STATE when DOCA Flow is not initialised;
 * DOCA_ERROR_INVALID_VALUE when pipe is not a live BASIC pipe, the queue, flags or
 * action_idx is out of range, the pipe is full, the monitor asks for a counter the pipe lacks, the
 * forward is invalid or missing, the monitor's meter is invalid or names a shared meter that is
 * not configured; DOCA_ERROR_NOT_SUPPORTED for a forward softdpa does not emulate;
 * DOCA_ERROR_NO_MEMORY when the entry cannot be allocated.
 * @note A queue holding queue_depth uncompleted operations is drained first: they complete, and
 * their callbacks come with the next doca_flow_entries_process() on that queue.
 */
DOCA_STABLE doca_error_t doca_flow_pipe_basic_add_entry(
        uint16_t pipe_queue, struct doca_flow_pipe *pipe, const struct doca_flow_match *match,
        uint8_t action_idx, const struct doca_flow_actions *actions,
        const struct doca_flow_monitor *monitor, const struct doca_flow_fwd *fwd, uint32_t flags,
        void *usr_ctx, struct doca_flow_pipe_entry **entry);

/**
 * @brief Add an entry to a HASH pipe at a given index; packets whose hash maps to that index use
 * it.
 *
 * @param [in] pipe_queue
 * The entry queue of the calling thread.
 * @param [in] pipe
 * The HASH pipe.
 * @param [in] entry_index
 * 0..nr_entries-1, not holding an entry.
 * @param [in] action_idx
 * The pipe's action template to use.
 * @param [in] actions
 * The values of the template's per-entry fields.
 * @param [in] monitor
 * The entry's monitor (counter; may be NULL).
 * @param [in] fwd
 * The entry's forward, when the pipe's is decided per entry.
 * @param [in] flags
 * DOCA_FLOW_ENTRY_FLAGS_NO_WAIT or _WAIT_FOR_BATCH.
 * @param [in] usr_ctx
 * Given to the entry callback.
 * @param [out] entry
 * The new entry; may be NULL when the caller keeps no handle (the entry callback still gets it,
 * and the entry lives until it is removed or its pipe is destroyed or flushed).
 * @return As doca_flow_pipe_basic_add_entry() (for a HASH pipe); DOCA_ERROR_INVALID_VALUE also when
 * entry_index is out of range or already holds an entry.
 */
DOCA_STABLE doca_error_t doca_flow_pipe_hash_add_entry(
        uint16_t pipe_queue, struct doca_flow_pipe *pipe, uint32_t entry_index, uint8_t action_idx,
        const struct doca_flow_actions *actions, const struct doca_flow_monitor *monitor,
        const struct doca_flow_fwd *fwd, uint32_t flags, void *usr_ctx,
        struct doca_flow_pipe_entry **entry);

/**
 * @brief Give a BASIC or HASH entry new actions, monitor and forward; it completes through
 * doca_flow_entries_process().
 *
 * @param [in] pipe_queue
 * The entry queue of the calling thread.
 * @param [in] pipe
 * The entry's pipe.
 * @param [in] action_idx
 * The pipe's action template to use.
 * @param [in] actions
 * The values of the template's per-entry fields.
 * @param [in] monitor
 * The entry's monitor (may be NULL).
 * @param [in] fwd
 * The entry's forward.
 * @param [in] flags
 * DOCA_FLOW_ENTRY_FLAGS_NO_WAIT or _WAIT_FOR_BATCH.
 * @param [in] entry
 * The entry.
 * @return DOCA_SUCCESS on success; DOCA_ERROR_BAD_STATE when DOCA Flow is not initialised;
 * DOCA_ERROR_INVALID_VALUE when entry is not a live entry of pipe (or is being removed), or the
 * queue, flags, action_idx, monitor or forward is invalid; DOCA_ERROR_NOT_SUPPORTED when the pipe
 * is neither BASIC nor HASH, or for a forward softdpa does not emulate;
 * DOCA_ERROR_NO_MEMORY. A full queue is drained first, as by doca_flow_pipe_basic_add_entry().
 */
DOCA_STABLE doca_error_t doca_flow_pipe_basic_update_entry(
        uint16_t pipe_queue, struct doca_flow_pipe *pipe, uint8_t action_idx,
        const struct doca_flow_actions *actions, const struct doca_flow_monitor *monitor,
        const struct doca_flow_fwd *fwd, uint32_t flags, struct doca_flow_pipe_entry *entry);

/**
 * @brief Add an entry to a CONTROL pipe: it brings its own match mask and actions, and among the
 * entries that match, the lowest priority value wins.
 *
 * @param [in] pipe_queue
 * The entry queue of the calling thread.
 * @param [in] pipe
 * The CONTROL pipe.
 * @param [in] match
 * The values to match.
 * @param [in] match_mask
 * The mask of the match (may be NULL).
 * @param [in] condition
 * A comparison (EQ, NE, LT, LE, GT, GE, unsigned, over width bits) between two named fields
 * that the entry's match must also satisfy, or NULL. softdpa compares the fields
 * doca_flow_pipe_cfg_set_actions() descriptors name (docs/FLOW.md), not a field against a
 * value.
 * @param [in] actions
 * The actions (constants; may be NULL).
 * @param [in] actions_mask
 * The mask of the actions (may be NULL).
 * @param [in] action_descs
 * Action descriptors (ignored by softdpa).
 * @param [in] monitor
 * The entry's monitor (counter; may be NULL).
 * @param [in] priority
 * The priority: lower values win.
 * @param [in] fwd
 * The entry's forward.
 * @param [in] usr_ctx
 * Given to the entry callback.
 * @param [out] entry
 * The new entry; may be NULL when the caller keeps no handle (the entry callback still gets it,
 * and the entry lives until it is removed or its pipe is destroyed or flushed).
 * @return DOCA_SUCCESS on success; DOCA_ERROR_BAD_STATE when DOCA Flow is not initialised;
 * DOCA_ERROR_INVALID_VALUE when pipe is not a live CONTROL pipe, the queue is out of
 * range, the pipe is full, the monitor asks for a counter the pipe lacks, the condition's operation
 * or width is invalid, or the forward is invalid or missing; DOCA_ERROR_NOT_SUPPORTED for a
 * condition on a field softdpa does not know or against a value, or a match
 * field, action or forward softdpa does not emulate; DOCA_ERROR_NO_MEMORY.
 * @note The entry is pushed at once (as with DOCA_FLOW_ENTRY_FLAGS_NO_WAIT). Its monitor may
 * ask for a counter of its own (NON_SHARED, or SHARED with an id) whatever the pipe's monitor.
 * A full queue is drained first, as by doca_flow_pipe_basic_add_entry().
 */
DOCA_STABLE doca_error_t doca_flow_pipe_control_add_entry(
        uint16_t pipe_queue, struct doca_flow_pipe *pipe, const struct doca_flow_match *match,
        const struct doca_flow_match *match_mask, const struct doca_flow_match_condition *condition,
        const struct doca_flow_actions *actions, const struct doca_flow_actions *actions_mask,
        const struct doca_flow_action_descs *action_descs, const struct doca_flow_monitor *monitor,
        uint32_t priority, const struct doca_flow_fwd *fwd, void *usr_ctx,
        struct doca_flow_pipe_entry **entry);

/**
 * @brief Add an entry to an ORDERED_LIST pipe: it executes one of the pipe's lists with its own
 * element values.
 *
 * @param [in] pipe_queue
 * The entry queue of the calling thread.
 * @param [in] pipe
 * The ORDERED_LIST pipe.
 * @param [in] idx
 * The entry's index.
 * @param [in] list
 * The list: list->idx names the pipe's list, and its elements (same types, same order) give
 * the values.
 * @param [in] fwd
 * The entry's forward, when the pipe's is decided per entry.
 * @param [in] flags
 * DOCA_FLOW_ENTRY_FLAGS_NO_WAIT or _WAIT_FOR_BATCH.
 * @param [in] user_ctx
 * Given to the entry callback.
 * @param [out] entry
 * The new entry; may be NULL when the caller keeps no handle (the entry callback still gets it,
 * and the entry lives until it is removed or its pipe is destroyed or flushed).
 * @return DOCA_SUCCESS on success; DOCA_ERROR_BAD_STATE when DOCA Flow is not initialised;
 * DOCA_ERROR_INVALID_VALUE when list is NULL, pipe is not a live ORDERED_LIST pipe, the
 * queue or flags are out of range, the pipe is full, it has no list list->idx, or the list does not
 * follow the pipe's; DOCA_ERROR_NOT_SUPPORTED for an element softdpa does not emulate;
 * DOCA_ERROR_NO_MEMORY. A full queue is drained first, as by doca_flow_pipe_basic_add_entry().
 */
DOCA_STABLE doca_error_t doca_flow_pipe_ordered_list_add_entry(
        uint16_t pipe_queue, struct doca_flow_pipe *pipe, uint32_t idx,
        const struct doca_flow_ordered_list *list, const struct doca_flow_fwd *fwd, uint32_t flags,
        void *user_ctx, struct doca_flow_pipe_entry **entry);

/**
 * @brief Add an entry to an LPM (longest prefix match) pipe.
 *
 * @param [in] pipe_queue
 * The entry queue of the calling thread.
 * @param [in] pipe
 * The LPM pipe.
 * @param [in] match
 * The prefix to match.
 * @param [in] match_mask
 * The mask of the prefix.
 * @param [in] action_idx
 * The pipe's action template to use.
 * @param [in] actions
 * The values of the template's per-entry fields.
 * @param [in] monitor
 * The entry's monitor.
 * @param [in] fwd
 * The entry's forward.
 * @param [in] flags
 * DOCA_FLOW_ENTRY_FLAGS_NO_WAIT or _WAIT_FOR_BATCH.
 * @param [in] usr_ctx
 * Given to the entry callback.
 * @param [out] entry
 * The new entry.
 * @return DOCA_SUCCESS on success (the entry completes through doca_flow_entries_process(); a
 * prefix already present completes with status ERROR);
 * DOCA_ERROR_INVALID_VALUE when pipe is not a live LPM pipe, match is NULL, the prefix mask is
 * not contiguous, flags are invalid, the pipe is full or the fwd is missing or invalid;
 * DOCA_ERROR_BAD_STATE before doca_flow_init(); DOCA_ERROR_NO_MEMORY;
 * DOCA_ERROR_NOT_SUPPORTED for a meter or aging in the monitor.
 * @note The prefix length is the number of leading ones of match_mask's prefix field (NULL:
 * the whole field); docs/FLOW.md describes the pipe.
 */
DOCA_EXPERIMENTAL doca_error_t doca_flow_pipe_lpm_add_entry(
        uint16_t pipe_queue, struct doca_flow_pipe *pipe, const struct doca_flow_match *match,
        const struct doca_flow_match *match_mask, uint8_t action_idx,
        const struct doca_flow_actions *actions, const struct doca_flow_monitor *monitor,
        const struct doca_flow_fwd *fwd, uint32_t flags, void *usr_ctx,
        struct doca_flow_pipe_entry **entry);

/**
 * @brief Give an LPM entry new actions, monitor and forward.
 *
 * @param [in] pipe_queue
 * The entry queue of the calling thread.
 * @param [in] pipe
 * The LPM pipe.
 * @param [in] action_idx
 * The pipe's action template to use.
 * @param [in] actions
 * The values of the template's per-entry fields.
 * @param [in] monitor
 * The entry's monitor.
 * @param [in] fwd
 * The entry's forward.
 * @param [in] flags
 * DOCA_FLOW_ENTRY_FLAGS_NO_WAIT or _WAIT_FOR_BATCH.
 * @param [in] entry
 * The entry.
 * @return DOCA_SUCCESS on success (completes through doca_flow_entries_process());
 * DOCA_ERROR_INVALID_VALUE when pipe is not a live LPM pipe, entry is not a live entry of it,
 * flags are invalid or the fwd is invalid; DOCA_ERROR_BAD_STATE before doca_flow_init();
 * DOCA_ERROR_NO_MEMORY; DOCA_ERROR_NOT_SUPPORTED for a meter or aging in the monitor.
 */
DOCA_EXPERIMENTAL doca_error_t doca_flow_pipe_lpm_update_entry(
        uint16_t pipe_queue, struct doca_flow_pipe *pipe, uint8_t action_idx,
        const struct doca_flow_actions *actions, const struct doca_flow_monitor *monitor,
        const struct doca_flow_fwd *fwd, uint32_t flags, struct doca_flow_pipe_entry *entry);

/**
 * @brief Add an entry to an ACL pipe.
 *
 * @param [in] pipe_queue
 * The entry queue of the calling thread.
 * @param [in] pipe
 * The ACL pipe.
 * @param [in] match
 * The values to match.
 * @param [in] match_mask
 * The mask of the match.
 * @param [in] action_idx
 * The pipe's action template to use.
 * @param [in] actions
 * The values of the template's per-entry fields.
 * @param [in] priority
 * The entry's priority.
 * @param [in] fwd
 * The entry's forward.
 * @param [in] flags
 * DOCA_FLOW_ENTRY_FLAGS_NO_WAIT or _WAIT_FOR_BATCH.
 * @param [in] usr_ctx
 * Given to the entry callback.
 * @param [out] entry
 * The new entry.
 * @return DOCA_SUCCESS on success (the entry completes through doca_flow_entries_process());
 * DOCA_ERROR_INVALID_VALUE when pipe is not a live ACL pipe, match or match_mask is NULL, a port
 * range is empty (mask below match), flags are invalid, the pipe is full or the fwd is missing
 * or invalid; DOCA_ERROR_BAD_STATE before doca_flow_init(); DOCA_ERROR_NO_MEMORY;
 * DOCA_ERROR_NOT_SUPPORTED when the entry masks more than 64 bytes of the match.
 * @note The outer L4 ports are ranges: match = low port, match_mask = high port, a mask of 0 any
 * port. Lower priority values win; docs/FLOW.md describes the pipe.
 */
DOCA_EXPERIMENTAL doca_error_t doca_flow_pipe_acl_add_entry(
        uint16_t pipe_queue, struct doca_flow_pipe *pipe, const struct doca_flow_match *match,
        const struct doca_flow_match *match_mask, uint8_t action_idx,
        const struct doca_flow_actions *actions, const uint32_t priority,
        const struct doca_flow_fwd *fwd, uint32_t flags, void *usr_ctx,
        struct doca_flow_pipe_entry **entry);

/**
 * @brief Give an ACL entry new actions and forward.
 *
 * @param [in] pipe_queue
 * The entry queue of the calling thread.
 * @param [in] pipe
 * The ACL pipe.
 * @param [in] action_idx
 * The pipe's action template to use.
 * @param [in] actions
 * The values of the template's per-entry fields.
 * @param [in] fwd
 * The entry's forward.
 * @param [in] flags
 * DOCA_FLOW_ENTRY_FLAGS_NO_WAIT or _WAIT_FOR_BATCH.
 * @param [in] entry
 * The entry.
 * @return DOCA_SUCCESS on success (completes through doca_flow_entries_process());
 * DOCA_ERROR_INVALID_VALUE when pipe is not a live ACL pipe, entry is not a live entry of it,
 * flags are invalid or the fwd is invalid; DOCA_ERROR_BAD_STATE before doca_flow_init();
 * DOCA_ERROR_NO_MEMORY.
 */
DOCA_EXPERIMENTAL doca_error_t doca_flow_pipe_acl_update_entry(
        uint16_t pipe_queue, struct doca_flow_pipe *pipe, uint8_t action_idx,
        const struct doca_flow_actions *actions, const struct doca_flow_fwd *fwd, uint32_t flags,
        struct doca_flow_pipe_entry *entry);

/**
 * @brief Remove an entry; it completes through doca_flow_entries_process(), and the entry is freed
 * after its DEL callback.
 *
 * @param [in] pipe_queue
 * The entry queue of the calling thread.
 * @param [in] flags
 * DOCA_FLOW_ENTRY_FLAGS_NO_WAIT or _WAIT_FOR_BATCH.
 * @param [in] entry
 * The entry.
 * @return DOCA_SUCCESS on success; DOCA_ERROR_BAD_STATE when DOCA Flow is not initialised;
 * DOCA_ERROR_INVALID_VALUE when entry is not a live entry (NULL, removed already, or its pipe
 * destroyed) or the queue or flags are out of range. A full queue is drained first, as by
 * doca_flow_pipe_basic_add_entry().
 */
DOCA_STABLE doca_error_t doca_flow_pipe_remove_entry(uint16_t pipe_queue, uint32_t flags,
                                                     struct doca_flow_pipe_entry *entry);

/**
 * @brief The status of an entry's last operation.
 *
 * @param [in] entry
 * The entry.
 * @return DOCA_FLOW_ENTRY_STATUS_IN_PROCESS until the operation completed, then SUCCESS or ERROR;
 * ERROR (with one log line) when entry is not a live entry.
 */
DOCA_STABLE enum doca_flow_entry_status
doca_flow_pipe_entry_get_status(struct doca_flow_pipe_entry *entry);

/**
 * @brief Complete the entry operations of a (port, queue): push the buffered ones and call the
 * entry callback once for each completed one.
 *
 * @param [in] port
 * The started port.
 * @param [in] pipe_queue
 * The queue.
 * @param [in] timeout
 * The time the call may take, in microseconds (unused by softdpa: it never waits).
 * @param [in] max_processed_entries
 * The most operations to complete (0: all).
 * @return DOCA_SUCCESS on success; DOCA_ERROR_BAD_STATE when DOCA Flow is not initialised;
 * DOCA_ERROR_INVALID_VALUE when port is not a started port or the queue is out of range;
 * DOCA_ERROR_NO_MEMORY.
 * @note The callback runs without DOCA Flow's lock held: it may add or remove entries.
 */
DOCA_STABLE doca_error_t doca_flow_entries_process(struct doca_flow_port *port, uint16_t pipe_queue,
                                                   uint64_t timeout,
                                                   uint32_t max_processed_entries);

/**
 * @brief Handle the aging of a port's entries: report the entries whose aging time expired (AGED
 * callback).
 *
 * @param [in] port
 * The started port.
 * @param [in] queue
 * The entry queue.
 * @param [in] quota
 * The time the call may take, in microseconds.
 * @param [in] max_entries
 * The most entries to handle (0: no limit).
 * @return The number of aged entries reported (each with one entry callback, op
 * DOCA_FLOW_ENTRY_OP_AGED, status SUCCESS), or -1 when a full cycle is done (nothing left to
 * report); also -1, with one log line, when port is not a started port or queue is out of range.
 * @note An entry ages when no packet hit it for aging_sec seconds (exactly aging_sec counts), on
 * the NIC clock (softdpa_clock_set_manual()); it is reported once, for the queue of its add, and
 * stays until removed. One call scans all the port's entries; quota is not needed.
 */
DOCA_STABLE int doca_flow_aging_handle(struct doca_flow_port *port, uint16_t queue, uint64_t quota,
                                       uint64_t max_entries);

/* ------------------------------------------------------------------------------------- */
/* Counters and shared resources                                                         */
/* ------------------------------------------------------------------------------------- */

/**
 * @brief Read an entry's counter: its NON_SHARED counter, or the shared counter it counts in.
 *
 * @param [in] entry
 * The entry.
 * @param [out] query_stats
 * The counter (bytes and packets, cumulative).
 * @return DOCA_SUCCESS on success; DOCA_ERROR_INVALID_VALUE when query_stats is NULL, entry is not
 * a live entry (NULL or removed) or it has no counter.
 */
DOCA_STABLE doca_error_t doca_flow_resource_query_entry(
        struct doca_flow_pipe_entry *entry, struct doca_flow_resource_query *query_stats);

/**
 * @brief Read a pipe's miss counter (doca_flow_pipe_cfg_set_miss_counter(true)).
 *
 * @param [in] pipe
 * The pipe.
 * @param [out] query_stats
 * The counter (bytes and packets, cumulative).
 * @return DOCA_SUCCESS on success; DOCA_ERROR_INVALID_VALUE when query_stats is NULL, pipe is not a
 * live pipe or it has no miss counter.
 */
DOCA_STABLE doca_error_t doca_flow_resource_query_pipe_miss(
        struct doca_flow_pipe *pipe, struct doca_flow_resource_query *query_stats);

/**
 * @brief Read shared counters by id.
 *
 * @param [in] type
 * DOCA_FLOW_SHARED_RESOURCE_COUNTER.
 * @param [in] res_array
 * array_len counter ids.
 * @param [out] query_results_array
 * array_len results, in the order of res_array.
 * @param [in] array_len
 * The number of ids, not 0.
 * @return DOCA_SUCCESS on success; DOCA_ERROR_INVALID_VALUE when an array is NULL, array_len is 0
 * or an id is out of range; DOCA_ERROR_NOT_SUPPORTED for another type; DOCA_ERROR_BAD_STATE when
 * DOCA Flow is not initialised.
 */
DOCA_STABLE doca_error_t doca_flow_shared_resources_query(
        enum doca_flow_shared_resource_type type, uint32_t *res_array,
        struct doca_flow_resource_query *query_results_array, uint32_t array_len);

/**
 * @brief Configure a shared resource.
 *
 * @param [in] type
 * The resource type: COUNTER (nothing to configure), RSS or METER in softdpa.
 * @param [in] id
 * The id, below the number set with doca_flow_cfg_set_nr_shared_resource().
 * @param [in] cfg
 * The configuration: cfg->rss_cfg for RSS, cfg->meter_cfg for METER (may be NULL for COUNTER).
 * @return DOCA_SUCCESS on success; DOCA_ERROR_BAD_STATE when DOCA Flow is not initialised;
 * DOCA_ERROR_INVALID_VALUE when the type is unknown, the id out of range, an RSS has no cfg or a
 * bad RSS or meter configuration; DOCA_ERROR_NOT_SUPPORTED for the other types (PSP, encap,
 * decap, IPsec SA); DOCA_ERROR_NO_MEMORY.
 * @note A meter configured again starts with full buckets; entries naming it keep it.
 * @note An RSS may be configured again while traffic flows; packets switch to the new
 * configuration.
 */
DOCA_STABLE doca_error_t
doca_flow_shared_resource_set_cfg(enum doca_flow_shared_resource_type type, uint32_t id,
                                  struct doca_flow_shared_resource_cfg *cfg);

/**
 * @brief Bind shared resources to a port, a pipe or (NULL) to DOCA Flow as a whole.
 *
 * @param [in] type
 * The resource type.
 * @param [in] res_array
 * array_len ids.
 * @param [in] array_len
 * The number of ids, not 0.
 * @param [in] bindable_obj
 * The port, the pipe or NULL.
 * @return DOCA_SUCCESS on success; DOCA_ERROR_INVALID_VALUE when res_array is NULL, array_len is 0,
 * the type is unknown or an id is out of range.
 * @note softdpa checks the ids and keeps no binding: any shared resource may be used anywhere.
 */
DOCA_STABLE doca_error_t doca_flow_shared_resources_bind(enum doca_flow_shared_resource_type type,
                                                         uint32_t *res_array, uint32_t array_len,
                                                         void *bindable_obj);

/* Per-port shared resources (PORT resource mode). A port holds, per type, a pool of ids
 * 0..N-1 (N = doca_flow_port_cfg_set_nr_resources). In PORT mode a shared id in a pipe's
 * or entry's monitor (counter) or fwd (RSS) names an id of the pipe's port, which must
 * have been taken with _get. Every call: INVALID_VALUE (NULL or stopped port, NULL
 * output, unknown type, id not held by the port), NOT_SUPPORTED (SYSTEM resource mode;
 * see docs/FLOW.md for the types softdpa emulates). */
/**
 * @brief Take a free id of a type from the port's pool (PORT resource mode); the lowest free id is
 * taken.
 *
 * @param [in] port
 * The started port.
 * @param [in] type
 * The resource type.
 * @param [out] res_id
 * The id.
 * @return DOCA_SUCCESS on success; DOCA_ERROR_INVALID_VALUE when res_id is NULL, port is not a
 * started port or the type is unknown; DOCA_ERROR_NOT_SUPPORTED in the SYSTEM resource mode;
 * DOCA_ERROR_EMPTY when no id is left; DOCA_ERROR_NO_MEMORY when a counter cannot be allocated.
 * @note A counter taken starts at zero.
 */
DOCA_EXPERIMENTAL doca_error_t doca_flow_port_shared_resource_get(
        struct doca_flow_port *port, enum doca_flow_shared_resource_type type, uint32_t *res_id);

/**
 * @brief Give an id back to the port's pool.
 *
 * @param [in] port
 * The started port.
 * @param [in] type
 * The resource type.
 * @param [in] res_id
 * An id the port holds.
 * @return DOCA_SUCCESS on success; DOCA_ERROR_INVALID_VALUE when port is not a started port, the
 * type is unknown or the port does not hold the id; DOCA_ERROR_NOT_SUPPORTED in the SYSTEM resource
 * mode.
 * @note softdpa: forwards that still name a put RSS id drop their packets.
 */
DOCA_EXPERIMENTAL doca_error_t doca_flow_port_shared_resource_put(
        struct doca_flow_port *port, enum doca_flow_shared_resource_type type, uint32_t res_id);

/**
 * @brief Configure an id the port holds, as doca_flow_shared_resource_set_cfg() does.
 *
 * @param [in] port
 * The started port.
 * @param [in] type
 * COUNTER (nothing to configure), RSS or METER in softdpa.
 * @param [in] res_id
 * An id the port holds.
 * @param [in] cfg
 * The configuration: cfg->rss_cfg for RSS, cfg->meter_cfg for METER (may be NULL for COUNTER).
 * @return DOCA_SUCCESS on success; DOCA_ERROR_INVALID_VALUE when port is not a started port, the
 * type is unknown, the port does not hold the id, an RSS or METER has no cfg or a bad one;
 * DOCA_ERROR_NOT_SUPPORTED in the SYSTEM resource mode and for the other types;
 * DOCA_ERROR_NO_MEMORY.
 */
DOCA_EXPERIMENTAL doca_error_t doca_flow_port_shared_resource_set_cfg(
        struct doca_flow_port *port, enum doca_flow_shared_resource_type type, uint32_t res_id,
        struct doca_flow_shared_resource_cfg *cfg);

/**
 * @brief Read counters the port holds.
 *
 * @param [in] port
 * The started port.
 * @param [in] type
 * DOCA_FLOW_SHARED_RESOURCE_COUNTER.
 * @param [in] res_array
 * array_len ids the port holds.
 * @param [out] query_results_array
 * array_len results, in the order of res_array.
 * @param [in] array_len
 * The number of ids, not 0.
 * @return DOCA_SUCCESS on success; DOCA_ERROR_INVALID_VALUE when an array is NULL, array_len is 0,
 * port is not a started port, the type is unknown or the port does not hold an id;
 * DOCA_ERROR_NOT_SUPPORTED in the SYSTEM resource mode or for another type than COUNTER.
 */
DOCA_EXPERIMENTAL doca_error_t doca_flow_port_shared_resources_query(
        struct doca_flow_port *port, enum doca_flow_shared_resource_type type, uint32_t *res_array,
        struct doca_flow_resource_query *query_results_array, uint32_t array_len);

/* ------------------------------------------------------------------------------------- */
/* MPLS label stack entries                                                              */
/* ------------------------------------------------------------------------------------- */

/**
 * @brief Build an MPLS label stack entry.
 *
 * @param [in] label
 * The label, at most 0xFFFFF.
 * @param [in] traffic_class
 * The traffic class, at most 7.
 * @param [in] ttl
 * The time to live.
 * @param [in] bottom_of_stack
 * Whether it is the last entry of the stack.
 * @param [out] mpls
 * The entry, in network order.
 * @return DOCA_SUCCESS on success; DOCA_ERROR_INVALID_VALUE when mpls is NULL or the label or
 * traffic class is out of range.
 */
DOCA_EXPERIMENTAL doca_error_t doca_flow_mpls_label_encode(uint32_t label, uint8_t traffic_class,
                                                           uint8_t ttl, bool bottom_of_stack,
                                                           struct doca_flow_header_mpls *mpls);

/**
 * @brief Read the fields of an MPLS label stack entry.
 *
 * @param [in] mpls
 * The entry, in network order.
 * @param [out] label
 * The label.
 * @param [out] traffic_class
 * The traffic class.
 * @param [out] ttl
 * The time to live.
 * @param [out] bottom_of_stack
 * Whether it is the last entry of the stack.
 * @return DOCA_SUCCESS on success; DOCA_ERROR_INVALID_VALUE when an argument is NULL.
 */
DOCA_EXPERIMENTAL doca_error_t doca_flow_mpls_label_decode(const struct doca_flow_header_mpls *mpls,
                                                           uint32_t *label, uint8_t *traffic_class,
                                                           uint8_t *ttl, bool *bottom_of_stack);

/* ------------------------------------------------------------------------------------- */
/* GENEVE option parser, forward targets                                                 */
/* ------------------------------------------------------------------------------------- */

/**
 * @brief Create a parser of GENEVE TLV options for the port's device, so that pipes can match on
 * them. Call it before creating a pipe that matches tun.geneve_options; every port of a device
 * lists the same options in the same order. The device has 7 DWords for options: each non-zero
 * data_mask word takes one, a MATCHABLE class one more.
 *
 * @param [in] port
 * The port.
 * @param [in] tlv_list
 * The options.
 * @param [in] nb_options
 * 1..DOCA_FLOW_GENEVE_NUM_OF_OPTIONS_MAX.
 * @param [out] parser
 * The parser.
 * @return DOCA_SUCCESS on success; DOCA_ERROR_INVALID_VALUE when port, tlv_list or parser is
 * NULL, the port is not started, nb_options is out of range, an option has an unknown class
 * mode or too long data, or two options cannot be told apart; DOCA_ERROR_NOT_SUPPORTED when
 * the options take more than 7 DWords or the device's FLEX_PARSER_PROFILE_ENABLE setting
 * does not parse them; DOCA_ERROR_ALREADY_EXIST when the port has a parser, or another port
 * of its device has one with other options; DOCA_ERROR_NO_MEMORY when out of memory.
 */
DOCA_EXPERIMENTAL doca_error_t doca_flow_parser_geneve_opt_create(
        const struct doca_flow_port *port, const struct doca_flow_parser_geneve_opt_cfg tlv_list[],
        uint8_t nb_options, struct doca_flow_parser **parser);

/**
 * @brief Destroy a GENEVE option parser (a parser left alive is released when its port stops).
 *
 * @param [in] parser
 * The parser.
 * @return DOCA_SUCCESS on success; DOCA_ERROR_INVALID_VALUE when parser is NULL or not a live
 * parser; DOCA_ERROR_IN_USE when a pipe of the port matches on its options.
 */
DOCA_EXPERIMENTAL doca_error_t doca_flow_parser_geneve_opt_destroy(struct doca_flow_parser *parser);

/**
 * @brief The target of a DOCA_FLOW_FWD_TARGET forward.
 *
 * @param [in] type
 * DOCA_FLOW_TARGET_KERNEL.
 * @param [out] target
 * The target, for doca_flow_fwd.target.
 * @return DOCA_SUCCESS on success; DOCA_ERROR_INVALID_VALUE when target is NULL or the type
 * is unknown; DOCA_ERROR_BAD_STATE before doca_flow_init.
 * @note softdpa hands the frames a port's pipes forward to the kernel to a TAP interface of
 * the host (sdpak<N>) when /dev/net/tun is usable, else captures and counts them
 * (softdpa_port_kernel_stats, softdpa_port_kernel_drain).
 */
DOCA_EXPERIMENTAL doca_error_t doca_flow_get_target(enum doca_flow_target_type type,
                                                    struct doca_flow_target **target);

#ifdef __cplusplus
}
#endif

#endif /* DOCA_FLOW_H_ */
