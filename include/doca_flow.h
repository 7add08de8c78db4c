/* SPDX-License-Identifier: BSD-3-Clause
 * softdpa — doca_flow.h: DOCA Flow (DOCA 3.5 spelling, DECISIONS D1) on the emulated NIC.
 *
 * What is emulated, the semantics softdpa chose where DOCA leaves them open (default miss,
 * entry queues, hash function, worker model) and the thread-safety rules are in
 * docs/FLOW.md. Every function returns the documented doca_error_t and logs one line
 * with the cause and the fix on error.
 */
#ifndef DOCA_FLOW_H_
#define DOCA_FLOW_H_

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include <doca_compat.h>
#include <doca_error.h>
#include <doca_flow_net.h>
#include <doca_types.h>

#ifdef __cplusplus
extern "C" {
#endif

struct doca_dev;
struct doca_dev_rep;

/* Opaque handles. */
struct doca_flow_cfg;
struct doca_flow_port_cfg;
struct doca_flow_pipe_cfg;
struct doca_flow_port;
struct doca_flow_pipe;
struct doca_flow_pipe_entry;
struct doca_flow_target;
/* Custom header definitions (made by doca_flow_definitions_create, which softdpa does not
 * provide: custom headers are not emulated). */
struct doca_flow_definitions;

/* ------------------------------------------------------------------------------------- */
/* Enums                                                                                 */
/* ------------------------------------------------------------------------------------- */

/* Entry flags (3.5): exactly one of NO_WAIT / WAIT_FOR_BATCH. */
enum doca_flow_entry_flags {
	DOCA_FLOW_ENTRY_FLAGS_NO_WAIT = (1u << 0),        /* push to the hardware table now */
	DOCA_FLOW_ENTRY_FLAGS_WAIT_FOR_BATCH = (1u << 1), /* buffer until NO_WAIT or process */
};
#define DOCA_FLOW_FLAGS_SET(flags, flag)    ((flags) |= (uint32_t)(flag))
#define DOCA_FLOW_FLAGS_UNSET(flags, flag)  ((flags) &= ~(uint32_t)(flag))
#define DOCA_FLOW_FLAGS_IS_SET(flags, flag) (((flags) & (uint32_t)(flag)) != 0)

enum doca_flow_entry_status {
	DOCA_FLOW_ENTRY_STATUS_IN_PROCESS = 0, /* queued, not yet completed */
	DOCA_FLOW_ENTRY_STATUS_SUCCESS,
	DOCA_FLOW_ENTRY_STATUS_ERROR,
};

enum doca_flow_entry_op {
	DOCA_FLOW_ENTRY_OP_ADD = 0,
	DOCA_FLOW_ENTRY_OP_DEL,
	DOCA_FLOW_ENTRY_OP_UPD,
	DOCA_FLOW_ENTRY_OP_AGED,
};

enum doca_flow_pipe_status {
	DOCA_FLOW_PIPE_STATUS_SUCCESS = 1,
	DOCA_FLOW_PIPE_STATUS_ERROR,
};

enum doca_flow_pipe_op {
	DOCA_FLOW_PIPE_OP_CONGESTION_REACHED = 0,
	DOCA_FLOW_PIPE_OP_RESIZED,
	DOCA_FLOW_PIPE_OP_DESTROYED,
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

enum doca_flow_resource_type {
	DOCA_FLOW_RESOURCE_TYPE_NONE = 0,
	DOCA_FLOW_RESOURCE_TYPE_SHARED,
	DOCA_FLOW_RESOURCE_TYPE_NON_SHARED,
};

enum doca_flow_port_operation_state {
	DOCA_FLOW_PORT_OPERATION_STATE_ACTIVE = 0,
	DOCA_FLOW_PORT_OPERATION_STATE_ACTIVE_READY_TO_SWAP,
	DOCA_FLOW_PORT_OPERATION_STATE_STANDBY,
	DOCA_FLOW_PORT_OPERATION_STATE_UNCONNECTED,
};

/* What a pipe miss with no fwd_miss does on a port. */
enum doca_flow_port_default_miss_type {
	DOCA_FLOW_PORT_DEFAULT_MISS_KERNEL = 0,
	DOCA_FLOW_PORT_DEFAULT_MISS_RSS,
	DOCA_FLOW_PORT_DEFAULT_MISS_DROP,
};

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

/* Hash pipe index selection (OR-able; DECISIONS D2). */
enum doca_flow_pipe_hash_map_algorithm {
	DOCA_FLOW_PIPE_HASH_MAP_ALGORITHM_HASH = (1 << 0), /* default */
	DOCA_FLOW_PIPE_HASH_MAP_ALGORITHM_RANDOM = (1 << 1),
	DOCA_FLOW_PIPE_HASH_MAP_ALGORITHM_IDENTITY = (1 << 2),
	DOCA_FLOW_PIPE_HASH_MAP_ALGORITHM_ROUND_ROBIN = (1 << 3),
	DOCA_FLOW_PIPE_HASH_MAP_ALGORITHM_FLOODING = (1 << 4),
	DOCA_FLOW_PIPE_HASH_MAP_ALGORITHM_SELECT_ENABLED = (1 << 5),
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

/* RSS fields. */
enum doca_flow_rss_type {
	DOCA_FLOW_RSS_IPV4 = (1 << 0),
	DOCA_FLOW_RSS_IPV6 = (1 << 1),
	DOCA_FLOW_RSS_UDP = (1 << 2),
	DOCA_FLOW_RSS_TCP = (1 << 3),
	DOCA_FLOW_RSS_ESP = (1 << 4),
	DOCA_FLOW_RSS_L3_SRC_ONLY = (1 << 5),
	DOCA_FLOW_RSS_L3_DST_ONLY = (1 << 6),
	DOCA_FLOW_RSS_L4_SRC_ONLY = (1 << 7),
	DOCA_FLOW_RSS_L4_DST_ONLY = (1 << 8),
	DOCA_FLOW_RSS_AUTO = (1 << 30),
};

enum doca_flow_rss_hash_function {
	DOCA_FLOW_RSS_HASH_FUNCTION_TOEPLITZ = 0,
	DOCA_FLOW_RSS_HASH_FUNCTION_SYMMETRIC_TOEPLITZ,
};

enum doca_flow_meter_limit_type {
	DOCA_FLOW_METER_LIMIT_TYPE_BYTES = 0,
	DOCA_FLOW_METER_LIMIT_TYPE_PACKETS,
};

enum doca_flow_meter_color {
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
	DOCA_FLOW_L4_META_ICMP,
	DOCA_FLOW_L4_META_ESP,
};

/* How an action descriptor changes a field. */
enum doca_flow_action_type {
	DOCA_FLOW_ACTION_AUTO = 0, /* derived from the actions and mask */
	DOCA_FLOW_ACTION_ADD,
	DOCA_FLOW_ACTION_COPY,
	DOCA_FLOW_ACTION_DECAP_ENCAP,
	DOCA_FLOW_ACTION_MAX,
};

enum doca_flow_compare_op {
	DOCA_FLOW_COMPARE_EQ = 0,
	DOCA_FLOW_COMPARE_NE,
	DOCA_FLOW_COMPARE_LT,
	DOCA_FLOW_COMPARE_LE,
	DOCA_FLOW_COMPARE_GT,
	DOCA_FLOW_COMPARE_GE,
};

enum doca_flow_ordered_list_element_type {
	DOCA_FLOW_ORDERED_LIST_ELEMENT_ACTIONS = 0,
	DOCA_FLOW_ORDERED_LIST_ELEMENT_ACTIONS_MASK,
	DOCA_FLOW_ORDERED_LIST_ELEMENT_ACTION_DESCS,
	DOCA_FLOW_ORDERED_LIST_ELEMENT_MONITOR,
};

/* ------------------------------------------------------------------------------------- */
/* Match                                                                                 */
/* ------------------------------------------------------------------------------------- */

#define DOCA_FLOW_META_SCRATCH_PAD_MAX 10
#define DOCA_FLOW_META_MAX             ((DOCA_FLOW_META_SCRATCH_PAD_MAX + 1) * 4) /* bytes */
/* Most action memory one entry can use, in bytes: size doca_flow_port_cfg_set_actions_mem_size
 * from it (entries x this, rounded up to a power of two). */
#define DOCA_FLOW_MAX_ENTRY_ACTIONS_MEM_SIZE 128

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

/* A match (pipe template, pipe mask or entry value). */
struct doca_flow_match {
	struct doca_flow_meta meta;
	struct doca_flow_parser_meta parser_meta;
	struct doca_flow_header_format outer;
	struct doca_flow_tun tun;
	struct doca_flow_header_format inner;
};

/* Names a field by string ("meta.data", "outer.ipv4.dst_ip", ...) and a bit range in it
 * (docs/FLOW.md lists the strings softdpa knows and how bits are numbered). */
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
/* Actions, monitor, forward                                                             */
/* ------------------------------------------------------------------------------------- */

/* The headers an encap pushes. */
struct doca_flow_encap_action {
	struct doca_flow_header_format outer;
	struct doca_flow_tun tun;
};

/* Decap (not emulated). For an L3 tunnel (is_l2 false) the L2 header to put back. */
struct doca_flow_resource_decap_cfg {
	bool is_l2;
	struct doca_flow_header_eth eth;
	uint16_t l2_valid_headers; /* enum doca_flow_l2_valid_header bits */
	struct doca_flow_header_eth_vlan eth_vlan[DOCA_FLOW_VLAN_MAX];
};

/* Encap (not emulated). */
struct doca_flow_resource_encap_cfg {
	bool is_l2;
	struct doca_flow_encap_action encap;
};

struct doca_flow_push_action {
	uint32_t type;
	struct doca_flow_header_eth_vlan vlan;
};

struct doca_flow_nat64_action {
	enum doca_flow_l3_type original_l3_type;
};

struct doca_flow_crypto_encap_action {
	uint32_t action_type;
	uint32_t net_type;
	uint16_t icv_size;
	uint16_t data_size;
	uint8_t encap_data[128];
};

struct doca_flow_crypto_action {
	uint32_t action_type;
	uint32_t resource_type;
	uint32_t crypto_id;
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

struct doca_flow_resource_rss_cfg {
	uint32_t outer_flags; /* enum doca_flow_rss_type bits */
	uint32_t inner_flags;
	uint16_t *queues_array;
	int nr_queues;
	enum doca_flow_rss_hash_function rss_hash_func;
};

struct doca_flow_resource_meter_cfg {
	enum doca_flow_meter_limit_type limit_type;
	uint64_t cir;
	uint64_t cbs;
};

/* Configuration of one shared resource (doca_flow_shared_resource_set_cfg). */
struct doca_flow_shared_resource_cfg {
	enum doca_flow_pipe_domain domain;
	union {
		struct doca_flow_resource_meter_cfg meter_cfg;
		struct doca_flow_resource_rss_cfg rss_cfg;
	};
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

/* One element of an ordered list. The external-actions element (type 100) is declared in
 * doca_flow_external_actions.h. */
struct doca_flow_ordered_list_element {
	enum doca_flow_ordered_list_element_type type;
	union {
		const struct doca_flow_actions *actions;
		const struct doca_flow_actions *actions_mask;
		const struct doca_flow_action_descs *action_descs;
		const struct doca_flow_monitor *monitor;
	};
};

/* An ordered list: elements executed in order by an ORDERED_LIST pipe entry. */
struct doca_flow_ordered_list {
	uint32_t idx;  /* the list's index in the pipe */
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
/* Callbacks                                                                             */
/* ------------------------------------------------------------------------------------- */

/* Called from doca_flow_entries_process once per completed add/remove/update. */
typedef void (*doca_flow_entry_process_cb)(struct doca_flow_pipe_entry *entry, uint16_t pipe_queue,
                                           enum doca_flow_entry_status status,
                                           enum doca_flow_entry_op op, void *user_ctx);
typedef void (*doca_flow_pipe_process_cb)(struct doca_flow_pipe *pipe,
                                          enum doca_flow_pipe_status status,
                                          enum doca_flow_pipe_op op, void *user_ctx);
typedef void (*doca_flow_shared_resource_unbind_cb)(enum doca_flow_shared_resource_type type,
                                                    uint32_t shared_resource_id,
                                                    void *bindable_obj);

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

#ifdef __cplusplus
}
#endif

#endif /* DOCA_FLOW_H_ */
