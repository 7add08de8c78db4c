/* SPDX-License-Identifier: BSD-3-Clause */
/**
 * @file
 * softdpa — doca_flow_ct.h: DOCA Flow Connection Tracking (CT), as DOCA 3.x declares it.
 *
 * CT keeps a hardware table of bidirectional 5-tuple connections (plus a zone carried in
 * packet metadata) behind a DOCA_FLOW_PIPE_CT pipe, with per-connection actions, counters
 * and aging. softdpa does not emulate connection tracking: the declarations, enums and
 * structure layouts match DOCA so that CT programs compile and link unchanged, and every
 * call checks its arguments like DOCA (DOCA_ERROR_INVALID_VALUE, one log line naming the
 * argument), then answers DOCA_ERROR_NOT_SUPPORTED (or the documented failure value for
 * calls that do not return doca_error_t) and logs one rate-limited line naming itself.
 * Since doca_flow_ct_cfg_create() never succeeds, a CT program stops at its first CT call.
 */
#ifndef DOCA_FLOW_CT_H_
#define DOCA_FLOW_CT_H_

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#include <doca_bitfield.h>
#include <doca_compat.h>
#include <doca_dev.h>
#include <doca_error.h>
#include <doca_flow.h>
#include <doca_flow_net.h>

#ifdef __cplusplus
extern "C" {
#endif

/** Value of a CT action handle that names no action. */
#define DOCA_FLOW_CT_ACTION_HANDLE_INVALID (UINT32_MAX)

/** Turn the MARK a DPDK mbuf carries into the CT mark value set through struct
 * doca_flow_ct_meta. */
#define DOCA_FLOW_CT_MARK_FROM_DPDK(_mark) (DOCA_BETOH32((_mark) + 1) >> 8)

/**
 * @brief Global CT behaviour flags, ORed into doca_flow_ct_cfg_set_flags().
 */
enum doca_flow_ct_flags {
	DOCA_FLOW_CT_FLAG_STATS = 1u << 0,        /**< count packets of the internal pipes */
	DOCA_FLOW_CT_FLAG_WORKER_STATS = 1u << 1, /**< dump worker counters */
	DOCA_FLOW_CT_FLAG_NO_AGING = 1u << 2,     /**< never scan connections for aging */
	DOCA_FLOW_CT_FLAG_ASYMMETRIC_TUNNEL = 1u
	                                      << 3, /**< one direction tunnelled, the other not */
	DOCA_FLOW_CT_FLAG_NO_COUNTER = 1u << 4,     /**< no per-connection counters */
	DOCA_FLOW_CT_FLAG_ITERATOR = 1u << 5,       /**< allow doca_flow_ct_pipe_iterate() */
	DOCA_FLOW_CT_FLAG_DUP_FILTER_UDP_ONLY = 1u << 6, /**< duplicate filter for UDP only */
	DOCA_FLOW_CT_FLAG_ORIGIN_WIRE = 1u << 7, /**< origin-direction packets come from wire */
	DOCA_FLOW_CT_FLAG_REPLY_WIRE = 1u << 8,  /**< reply-direction packets come from wire */
};

/**
 * @brief Metadata a CT connection writes into matching packets: the ordinary DOCA Flow
 * metadata plus a mark that can only be written.
 */
struct doca_flow_ct_meta {
	struct doca_flow_meta flow; /**< DOCA Flow metadata to set */
	doca_be32_t mark;           /**< packet mark to set (write only) */
};

/**
 * @brief Called last in the life of a CT entry created with
 * DOCA_FLOW_CT_ENTRY_FLAGS_ENTRY_FINALIZE, after its removal completed, so that the
 * application can read the connection's final state before the entry's memory is reused.
 */
typedef void (*doca_flow_ct_entry_finalize_cb)(struct doca_flow_pipe *pipe, void *entry,
                                               uint16_t queue, void *usr_ctx);

/**
 * @brief Called when the counters of a CT entry created with
 * DOCA_FLOW_CT_ENTRY_FLAGS_STATS_UPDATES change.
 */
typedef void (*doca_flow_ct_stats_update_cb)(struct doca_flow_pipe *pipe, void *priv_data,
                                             struct doca_flow_resource_query *origin_data,
                                             struct doca_flow_resource_query *reply_data);

/**
 * @brief What an aging plugin is handed in each of its callbacks.
 */
struct doca_flow_ct_aging_ctx {
	uint32_t n_total_conns;    /**< number of connections CT can hold */
	uint32_t n_total_counters; /**< number of counters CT allocated */
	void *user_ctx;            /**< free for the plugin's own use */
};

/**
 * @brief Aging view of one connection; the whole word changes whenever the connection
 * changes or its slot is reused.
 */
union doca_flow_ct_aging_conn {
	uint32_t v; /**< the whole word */
	struct {
		uint32_t valid : 1;         /**< the connection exists */
		uint32_t ctr_origin : 1;    /**< it has an origin-direction counter */
		uint32_t ctr_reply : 1;     /**< it has a reply-direction counter */
		uint32_t ctr_shared : 1;    /**< one counter serves both directions */
		uint32_t is_tcp : 1;        /**< TCP (otherwise UDP) */
		uint32_t conn_version : 11; /**< incremented each time the slot is reused */
		uint32_t timeout : 16;      /**< idle timeout in seconds */
	};
};

/**
 * @brief One connection change reported to an aging plugin.
 */
struct doca_flow_ct_aging_conn_event {
	enum doca_flow_entry_op op;         /**< added, removed or updated */
	uint32_t aging_conn_id;             /**< global aging id of the connection */
	union doca_flow_ct_aging_conn conn; /**< the connection as it is now */
};

/**
 * @brief Callbacks of a user aging plugin, replacing CT's own aging.
 */
struct doca_flow_ct_aging_ops {
	doca_error_t (*aging_init_cb)(struct doca_flow_ct_aging_ctx *ctx);
	/**< the plugin starts */
	void (*aging_shutdown_cb)(struct doca_flow_ct_aging_ctx *ctx);
	/**< the plugin stops */
	void (*conn_sync_cb)(struct doca_flow_ct_aging_ctx *ctx,
	                     struct doca_flow_ct_aging_conn_event *conn, uint32_t n);
	/**< the connections that changed since the last call, before each timer call */
	void (*aging_timer_cb)(struct doca_flow_ct_aging_ctx *ctx, uint64_t current_time_s);
	/**< periodic: decide which connections timed out, from their counters */
};

/**
 * @brief CT global configuration (opaque), built with doca_flow_ct_cfg_create().
 */
struct doca_flow_ct_cfg;

/**
 * @brief Create a CT configuration.
 *
 * @param [out] cfg
 * The new configuration.
 * @return
 * DOCA_SUCCESS on success;
 * DOCA_ERROR_INVALID_VALUE when cfg is NULL;
 * DOCA_ERROR_NOT_SUPPORTED otherwise.
 * @note softdpa does not emulate connection tracking: no configuration is created.
 */
DOCA_EXPERIMENTAL doca_error_t doca_flow_ct_cfg_create(struct doca_flow_ct_cfg **cfg);

/**
 * @brief Destroy a CT configuration.
 *
 * @param [in] cfg
 * The configuration.
 * @return
 * DOCA_SUCCESS on success;
 * DOCA_ERROR_INVALID_VALUE when cfg is NULL;
 * DOCA_ERROR_NOT_SUPPORTED otherwise.
 * @note softdpa: no CT configuration can exist (doca_flow_ct_cfg_create never succeeds).
 */
DOCA_EXPERIMENTAL doca_error_t doca_flow_ct_cfg_destroy(struct doca_flow_ct_cfg *cfg);

/**
 * @brief Set the CT behaviour flags.
 *
 * @param [in] cfg
 * The configuration.
 * @param [in] flags
 * An OR of enum doca_flow_ct_flags values.
 * @return
 * DOCA_SUCCESS on success;
 * DOCA_ERROR_INVALID_VALUE when cfg is NULL;
 * DOCA_ERROR_NOT_SUPPORTED otherwise (connection tracking is not emulated).
 */
DOCA_EXPERIMENTAL doca_error_t doca_flow_ct_cfg_set_flags(struct doca_flow_ct_cfg *cfg,
                                                          uint32_t flags);

/**
 * @brief Set how many hardware queues CT uses for connection entries.
 *
 * @param [in] cfg
 * The configuration.
 * @param [in] n_queues
 * Number of queues.
 * @return
 * DOCA_SUCCESS on success;
 * DOCA_ERROR_INVALID_VALUE when cfg is NULL;
 * DOCA_ERROR_NOT_SUPPORTED otherwise (connection tracking is not emulated).
 */
DOCA_EXPERIMENTAL doca_error_t doca_flow_ct_cfg_set_queues(struct doca_flow_ct_cfg *cfg,
                                                           uint32_t n_queues);

/**
 * @brief Set the depth of each CT queue (DOCA's default is 512).
 *
 * @param [in] cfg
 * The configuration.
 * @param [in] queue_depth
 * Entries per queue.
 * @return
 * DOCA_SUCCESS on success;
 * DOCA_ERROR_INVALID_VALUE when cfg is NULL;
 * DOCA_ERROR_NOT_SUPPORTED otherwise (connection tracking is not emulated).
 */
DOCA_EXPERIMENTAL doca_error_t doca_flow_ct_cfg_set_queue_depth(struct doca_flow_ct_cfg *cfg,
                                                                uint32_t queue_depth);

/**
 * @brief Set how many control queues CT uses (for shared actions).
 *
 * @param [in] cfg
 * The configuration.
 * @param [in] n_ctrl_queues
 * Number of control queues.
 * @return
 * DOCA_SUCCESS on success;
 * DOCA_ERROR_INVALID_VALUE when cfg is NULL;
 * DOCA_ERROR_NOT_SUPPORTED otherwise (connection tracking is not emulated).
 */
DOCA_EXPERIMENTAL doca_error_t doca_flow_ct_cfg_set_ctrl_queues(struct doca_flow_ct_cfg *cfg,
                                                                uint32_t n_ctrl_queues);

/**
 * @brief Set how many user actions (shared and per connection) CT reserves.
 *
 * @param [in] cfg
 * The configuration.
 * @param [in] n_user_actions
 * Number of actions.
 * @return
 * DOCA_SUCCESS on success;
 * DOCA_ERROR_INVALID_VALUE when cfg is NULL;
 * DOCA_ERROR_NOT_SUPPORTED otherwise (connection tracking is not emulated).
 */
DOCA_EXPERIMENTAL doca_error_t doca_flow_ct_cfg_set_user_actions(struct doca_flow_ct_cfg *cfg,
                                                                 uint32_t n_user_actions);

/**
 * @brief Set how many connections CT can hold.
 *
 * @param [in] cfg
 * The configuration.
 * @param [in] n_ipv4
 * IPv4 connections.
 * @param [in] n_ipv6
 * IPv6 connections.
 * @param [in] n_total
 * All connections.
 * @return
 * DOCA_SUCCESS on success;
 * DOCA_ERROR_INVALID_VALUE when cfg is NULL;
 * DOCA_ERROR_NOT_SUPPORTED otherwise (connection tracking is not emulated).
 */
DOCA_EXPERIMENTAL doca_error_t doca_flow_ct_cfg_set_connections(struct doca_flow_ct_cfg *cfg,
                                                                uint32_t n_ipv4, uint32_t n_ipv6,
                                                                uint32_t n_total);

/**
 * @brief Set the most connections one zone may hold (DOCA's default is 0x200000).
 *
 * @param [in] cfg
 * The configuration.
 * @param [in] max_connections_per_zone
 * Connections per zone.
 * @return
 * DOCA_SUCCESS on success;
 * DOCA_ERROR_INVALID_VALUE when cfg is NULL;
 * DOCA_ERROR_NOT_SUPPORTED otherwise (connection tracking is not emulated).
 */
DOCA_EXPERIMENTAL doca_error_t doca_flow_ct_cfg_set_max_connections_per_zone(
        struct doca_flow_ct_cfg *cfg, uint32_t max_connections_per_zone);

/**
 * @brief Set how many connections may count each direction separately.
 *
 * @param [in] cfg
 * The configuration.
 * @param [in] n_counter_asymmetric
 * Connections with one counter per direction.
 * @return
 * DOCA_SUCCESS on success;
 * DOCA_ERROR_INVALID_VALUE when cfg is NULL;
 * DOCA_ERROR_NOT_SUPPORTED otherwise (connection tracking is not emulated).
 */
DOCA_EXPERIMENTAL doca_error_t doca_flow_ct_cfg_set_counter_asymmetric(
        struct doca_flow_ct_cfg *cfg, uint32_t n_counter_asymmetric);

/**
 * @brief Set the size of the private data CT keeps with each entry
 * (see doca_flow_ct_entry_get_priv_data()).
 *
 * @param [in] cfg
 * The configuration.
 * @param [in] entry_priv_data_size
 * Bytes per entry.
 * @return
 * DOCA_SUCCESS on success;
 * DOCA_ERROR_INVALID_VALUE when cfg is NULL;
 * DOCA_ERROR_NOT_SUPPORTED otherwise (connection tracking is not emulated).
 */
DOCA_EXPERIMENTAL doca_error_t doca_flow_ct_cfg_set_entry_private_data_size(
        struct doca_flow_ct_cfg *cfg, uint32_t entry_priv_data_size);

/**
 * @brief Set the callback run when an entry that asked for it is finally released.
 *
 * @param [in] cfg
 * The configuration.
 * @param [in] entry_finalize_cb
 * The callback.
 * @return
 * DOCA_SUCCESS on success;
 * DOCA_ERROR_INVALID_VALUE when cfg is NULL;
 * DOCA_ERROR_NOT_SUPPORTED otherwise (connection tracking is not emulated).
 */
DOCA_EXPERIMENTAL doca_error_t doca_flow_ct_cfg_set_entry_finalize_cb(
        struct doca_flow_ct_cfg *cfg, doca_flow_ct_entry_finalize_cb entry_finalize_cb);

/**
 * @brief Set the callback run when the counters of an entry that asked for it change.
 *
 * @param [in] cfg
 * The configuration.
 * @param [in] stats_update_cb
 * The callback.
 * @return
 * DOCA_SUCCESS on success;
 * DOCA_ERROR_INVALID_VALUE when cfg is NULL;
 * DOCA_ERROR_NOT_SUPPORTED otherwise (connection tracking is not emulated).
 */
DOCA_EXPERIMENTAL doca_error_t doca_flow_ct_cfg_set_status_update_cb(
        struct doca_flow_ct_cfg *cfg, doca_flow_ct_stats_update_cb stats_update_cb);

/**
 * @brief Set the CPU core the aging thread runs on.
 *
 * @param [in] cfg
 * The configuration.
 * @param [in] aging_core
 * Core id.
 * @return
 * DOCA_SUCCESS on success;
 * DOCA_ERROR_INVALID_VALUE when cfg is NULL;
 * DOCA_ERROR_NOT_SUPPORTED otherwise (connection tracking is not emulated).
 */
DOCA_EXPERIMENTAL doca_error_t doca_flow_ct_cfg_set_aging_core(struct doca_flow_ct_cfg *cfg,
                                                               uint32_t aging_core);

/**
 * @brief Set the delay between two aging queries.
 *
 * @param [in] cfg
 * The configuration.
 * @param [in] aging_query_delay_s
 * Delay in seconds.
 * @return
 * DOCA_SUCCESS on success;
 * DOCA_ERROR_INVALID_VALUE when cfg is NULL;
 * DOCA_ERROR_NOT_SUPPORTED otherwise (connection tracking is not emulated).
 */
DOCA_EXPERIMENTAL doca_error_t doca_flow_ct_cfg_set_aging_query_delay(struct doca_flow_ct_cfg *cfg,
                                                                      uint32_t aging_query_delay_s);

/**
 * @brief Install a user aging plugin.
 *
 * @param [in] cfg
 * The configuration.
 * @param [in] aging_ops
 * The plugin's callbacks.
 * @return
 * DOCA_SUCCESS on success;
 * DOCA_ERROR_INVALID_VALUE when cfg or aging_ops is NULL;
 * DOCA_ERROR_NOT_SUPPORTED otherwise (connection tracking is not emulated).
 */
DOCA_EXPERIMENTAL doca_error_t doca_flow_ct_cfg_set_aging_plugin_ops(
        struct doca_flow_ct_cfg *cfg, struct doca_flow_ct_aging_ops *aging_ops);

/**
 * @brief Set how many connections the duplicate-connection filter remembers.
 *
 * @param [in] cfg
 * The configuration.
 * @param [in] dup_filter_sz
 * Filter size in connections.
 * @return
 * DOCA_SUCCESS on success;
 * DOCA_ERROR_INVALID_VALUE when cfg is NULL;
 * DOCA_ERROR_NOT_SUPPORTED otherwise (connection tracking is not emulated).
 */
DOCA_EXPERIMENTAL doca_error_t doca_flow_ct_cfg_set_dup_filter_size(struct doca_flow_ct_cfg *cfg,
                                                                    uint32_t dup_filter_sz);

/**
 * @brief Configure one direction of the connections.
 *
 * @param [in] cfg
 * The configuration.
 * @param [in] direction
 * false for the origin direction, true for the reply direction.
 * @param [in] match_inner
 * Match the inner 5-tuple (of tunnelled packets).
 * @param [in] zone_match_mask
 * Which metadata bits carry the zone.
 * @param [in] meta_modify_mask
 * Which metadata (and mark) bits connections may set.
 * @return
 * DOCA_SUCCESS on success;
 * DOCA_ERROR_INVALID_VALUE when cfg is NULL;
 * DOCA_ERROR_NOT_SUPPORTED otherwise (connection tracking is not emulated).
 */
DOCA_EXPERIMENTAL doca_error_t doca_flow_ct_cfg_set_direction(
        struct doca_flow_ct_cfg *cfg, bool direction, bool match_inner,
        struct doca_flow_meta *zone_match_mask, struct doca_flow_ct_meta *meta_modify_mask);

/**
 * @brief Initialise connection tracking, once, after doca_flow_init() and before any port
 * starts.
 *
 * @param [in] cfg
 * The configuration.
 * @return
 * DOCA_SUCCESS on success;
 * DOCA_ERROR_INVALID_VALUE when cfg is NULL;
 * DOCA_ERROR_NOT_SUPPORTED otherwise (connection tracking is not emulated).
 */
DOCA_EXPERIMENTAL doca_error_t doca_flow_ct_init(const struct doca_flow_ct_cfg *cfg);

/**
 * @brief Tell whether a device can do connection tracking.
 *
 * @param [in] devinfo
 * The device.
 * @return
 * DOCA_SUCCESS when the device supports CT;
 * DOCA_ERROR_INVALID_VALUE when devinfo is NULL;
 * DOCA_ERROR_NOT_SUPPORTED when it does not;
 * DOCA_ERROR_DRIVER when the capability cannot be read.
 * @note softdpa: no emulated device supports CT (NOT_SUPPORTED, with a log line).
 */
DOCA_EXPERIMENTAL doca_error_t
doca_flow_ct_cap_is_dev_supported(const struct doca_devinfo *devinfo);

/**
 * @brief Release everything connection tracking holds; call before doca_flow_destroy().
 *
 * @note softdpa: CT never initialises, so there is nothing to release; logs that CT is
 * not emulated.
 */
DOCA_EXPERIMENTAL void doca_flow_ct_destroy(void);

/**
 * @brief Fill a metadata value with a zone and the default CT type.
 *
 * @param [out] meta
 * The metadata to fill.
 * @param [in] zone
 * The zone.
 * @param [in] is_reply
 * Use the reply direction's zone field (asymmetric configurations).
 * @note softdpa: the zone layout depends on an initialised CT; meta is left unchanged and
 * one line is logged.
 */
DOCA_EXPERIMENTAL void doca_flow_ct_meta_prepare(struct doca_flow_meta *meta, uint32_t zone,
                                                 bool is_reply);

/**
 * @brief Fill a metadata mask covering the zone and the CT type.
 *
 * @param [out] meta
 * The mask to fill.
 * @param [in] is_reply
 * Use the reply direction's zone field (asymmetric configurations).
 * @note softdpa: meta is left unchanged and one line is logged (CT is not emulated).
 */
DOCA_EXPERIMENTAL void doca_flow_ct_meta_mask_prepare(struct doca_flow_meta *meta, bool is_reply);

/**
 * @brief Write the zone to match into a metadata value.
 *
 * @param [out] meta
 * The metadata.
 * @param [in] zone
 * The zone.
 * @param [in] is_reply
 * Use the reply direction's zone field (asymmetric configurations).
 * @note softdpa: meta is left unchanged and one line is logged (CT is not emulated).
 */
DOCA_EXPERIMENTAL void doca_flow_ct_meta_set_match_zone(struct doca_flow_meta *meta, uint32_t zone,
                                                        bool is_reply);

/**
 * @brief Where the zone starts in the metadata word, in bits.
 *
 * @param [in] is_reply
 * The reply direction's zone field (asymmetric configurations).
 * @return
 * The bit offset of the zone.
 * @note softdpa: UINT32_MAX, with a log line (CT is not emulated, so no zone field exists).
 */
DOCA_EXPERIMENTAL uint32_t doca_flow_ct_meta_get_zone_offset(bool is_reply);

/**
 * @brief Whether one counter is in use, as an aging plugin sees it.
 */
struct doca_flow_ct_aging_counter_state {
	uint32_t ctr_id; /**< global counter id */
	bool inuse;      /**< the counter is in use */
};

/**
 * @brief From an aging timer callback, read whether counters are in use.
 *
 * @param [in] ctx
 * The plugin context.
 * @param [in,out] ctrs
 * Counters, with ctr_id set; inuse is filled.
 * @param [in] n
 * Number of counters.
 * @return
 * DOCA_SUCCESS on success;
 * DOCA_ERROR_INVALID_VALUE when ctx is NULL, or ctrs is NULL while n is not 0;
 * DOCA_ERROR_NOT_SUPPORTED otherwise (connection tracking is not emulated).
 */
DOCA_EXPERIMENTAL doca_error_t
doca_flow_ct_aging_counter_state_get(struct doca_flow_ct_aging_ctx *ctx,
                                     struct doca_flow_ct_aging_counter_state *ctrs, uint32_t n);

/**
 * @brief From an aging timer callback, mark counters in use or free.
 *
 * @param [in] ctx
 * The plugin context.
 * @param [in] ctrs
 * Counters and their new state.
 * @param [in] n
 * Number of counters.
 * @return
 * DOCA_SUCCESS on success;
 * DOCA_ERROR_INVALID_VALUE when ctx is NULL, or ctrs is NULL while n is not 0;
 * DOCA_ERROR_NOT_SUPPORTED otherwise (connection tracking is not emulated).
 */
DOCA_EXPERIMENTAL doca_error_t
doca_flow_ct_aging_counter_state_set(struct doca_flow_ct_aging_ctx *ctx,
                                     struct doca_flow_ct_aging_counter_state *ctrs, uint32_t n);

/**
 * @brief Statistics of one counter, as an aging plugin reads them.
 */
struct doca_flow_ct_aging_counter {
	uint32_t ctr_id;      /**< counter id */
	uint16_t last_hit_s;  /**< when it last counted a packet, in seconds */
	uint64_t total_bytes; /**< bytes counted */
	uint64_t total_pkts;  /**< packets counted */
};

/**
 * @brief From an aging timer callback, read counter statistics.
 *
 * @param [in] ctx
 * The plugin context.
 * @param [in,out] ctrs
 * Counters, with ctr_id set; the statistics are filled.
 * @param [in] n
 * Number of counters.
 * @return
 * DOCA_SUCCESS on success;
 * DOCA_ERROR_INVALID_VALUE when ctx is NULL, or ctrs is NULL while n is not 0;
 * DOCA_ERROR_NOT_SUPPORTED otherwise (connection tracking is not emulated).
 */
DOCA_EXPERIMENTAL doca_error_t doca_flow_ct_aging_counter_query(
        struct doca_flow_ct_aging_ctx *ctx, struct doca_flow_ct_aging_counter *ctrs, uint32_t n);

/**
 * @brief New counter assignment of one connection, from an aging plugin.
 */
struct doca_flow_ct_aging_conn_update_info {
	uint32_t aging_conn_id;                  /**< global aging id of the connection */
	union doca_flow_ct_aging_conn conn_info; /**< the connection */
	uint32_t ctr_origin_id;                  /**< origin counter id; UINT32_MAX for none */
	uint32_t ctr_reply_id;                   /**< reply counter id; UINT32_MAX for none */
};

/**
 * @brief From an aging timer callback, change the counters of connections.
 *
 * @param [in] ctx
 * The plugin context.
 * @param [in] info
 * One update per connection.
 * @param [in] n
 * Number of updates.
 * @note softdpa: nothing is changed; one line is logged (CT is not emulated).
 */
DOCA_EXPERIMENTAL void
doca_flow_ct_aging_conn_update(struct doca_flow_ct_aging_ctx *ctx,
                               struct doca_flow_ct_aging_conn_update_info *info, uint32_t n);

/**
 * @brief From an aging timer callback, remove connections that timed out.
 *
 * @param [in] ctx
 * The plugin context.
 * @param [in] aging_conn_ids
 * Global aging ids of the connections.
 * @param [in] n
 * Number of ids.
 * @note softdpa: nothing is removed; one line is logged (CT is not emulated).
 */
DOCA_EXPERIMENTAL void doca_flow_ct_aging_conn_timeout(struct doca_flow_ct_aging_ctx *ctx,
                                                       uint32_t *aging_conn_ids, uint32_t n);

/**
 * @brief Actions of one direction of a connection: a shared action by handle, or an
 * action template index with its data.
 */
struct doca_flow_ct_actions {
	enum doca_flow_resource_type resource_type; /**< shared or non-shared */
	union {
		uint32_t action_handle; /**< handle of a shared action */
		struct {
			uint8_t action_idx;                      /**< action template index */
			struct doca_flow_ct_meta meta;           /**< metadata to set */
			struct doca_flow_header_l4_port l4_port; /**< UDP/TCP ports to set */
			union {
				struct doca_flow_ct_ip4 ip4; /**< IPv4 addresses to set */
				struct doca_flow_ct_ip6 ip6; /**< IPv6 addresses to set */
			};
		} data; /**< per-connection action data */
	};
};

/**
 * @brief IPv4 5-tuple (and metadata) of one direction of a connection.
 */
struct doca_flow_ct_match4 {
	struct doca_flow_header_l4_port l4_port; /**< UDP/TCP ports */
	doca_be32_t src_ip;                      /**< source address */
	doca_be32_t dst_ip;                      /**< destination address */
	doca_be32_t metadata;                    /**< metadata (zone) */
	uint8_t next_proto;                      /**< IP protocol */
};

/**
 * @brief IPv6 5-tuple (and metadata) of one direction of a connection.
 */
struct doca_flow_ct_match6 {
	struct doca_flow_header_l4_port l4_port; /**< UDP/TCP ports */
	doca_be32_t src_ip[4];                   /**< source address */
	doca_be32_t dst_ip[4];                   /**< destination address */
	doca_be32_t metadata;                    /**< metadata (zone) */
	uint8_t next_proto;                      /**< IP protocol */
};

/**
 * @brief Match of one direction of a connection; which member is valid follows the
 * DOCA_FLOW_CT_ENTRY_FLAGS_IPV6_* flags.
 */
struct doca_flow_ct_match {
	union {
		struct doca_flow_ct_match4 ipv4; /**< IPv4 connection */
		struct doca_flow_ct_match6 ipv6; /**< IPv6 connection */
	};
};

/**
 * @brief Flags of CT entry operations.
 */
enum doca_flow_ct_entry_flags {
	DOCA_FLOW_CT_ENTRY_FLAGS_NO_WAIT = (1 << 0),        /**< push to hardware now, unbuffered */
	DOCA_FLOW_CT_ENTRY_FLAGS_DIR_ORIGIN = (1 << 1),     /**< the origin direction */
	DOCA_FLOW_CT_ENTRY_FLAGS_DIR_REPLY = (1 << 2),      /**< the reply direction */
	DOCA_FLOW_CT_ENTRY_FLAGS_IPV6_ORIGIN = (1 << 3),    /**< origin match is IPv6 */
	DOCA_FLOW_CT_ENTRY_FLAGS_IPV6_REPLY = (1 << 4),     /**< reply match is IPv6 */
	DOCA_FLOW_CT_ENTRY_FLAGS_COUNTER_ORIGIN = (1 << 5), /**< count the origin direction */
	DOCA_FLOW_CT_ENTRY_FLAGS_COUNTER_REPLY = (1 << 6),  /**< count the reply direction */
	DOCA_FLOW_CT_ENTRY_FLAGS_COUNTER_SHARED = (1 << 7), /**< one counter for both directions */
	DOCA_FLOW_CT_ENTRY_FLAGS_ENTRY_FINALIZE = (1 << 8), /**< run the finalize callback */
	DOCA_FLOW_CT_ENTRY_FLAGS_ALLOC_ON_MISS = (1 << 9),  /**< allocate when not found */
	DOCA_FLOW_CT_ENTRY_FLAGS_DUP_FILTER_ORIGIN = 1u << 10, /**< duplicate filter, origin */
	DOCA_FLOW_CT_ENTRY_FLAGS_DUP_FILTER_REPLY = 1u << 11,  /**< duplicate filter, reply */
	DOCA_FLOW_CT_ENTRY_FLAGS_STATS_UPDATES = 1u << 12,     /**< run the stats update callback */
};

/**
 * @brief Complete pending CT entry operations of a queue (their results arrive through
 * the entry callbacks), optionally until a given room is free.
 *
 * @param [in] port
 * The port.
 * @param [in] pipe_queue
 * The CT queue.
 * @param [in] min_room
 * Free room to wait for; 0 polls the queue once.
 * @param [in] max_processed_entries
 * Most completions to handle; 0 for no limit.
 * @param [out] queue_room
 * If not NULL, the free room left.
 * @return
 * DOCA_SUCCESS on success;
 * DOCA_ERROR_INVALID_VALUE when port is NULL;
 * DOCA_ERROR_BAD_STATE, DOCA_ERROR_DRIVER on pipe or driver failures;
 * DOCA_ERROR_NOT_SUPPORTED otherwise (connection tracking is not emulated).
 */
DOCA_EXPERIMENTAL doca_error_t doca_flow_ct_entries_process(struct doca_flow_port *port,
                                                            uint16_t pipe_queue, uint32_t min_room,
                                                            uint32_t max_processed_entries,
                                                            uint32_t *queue_room);

/**
 * @brief Look a connection up among the recent ones and allocate an entry when it is not
 * found.
 *
 * @param [in] queue
 * The CT queue.
 * @param [in] pipe
 * The CT pipe.
 * @param [in] flags
 * An OR of enum doca_flow_ct_entry_flags values.
 * @param [in] match_origin
 * The origin-direction match.
 * @param [in] hash_origin
 * Hash of the origin 5-tuple.
 * @param [in] match_reply
 * The reply-direction match (default: the origin match reversed).
 * @param [in] hash_reply
 * Hash of the reply 5-tuple.
 * @param [out] entry
 * The entry.
 * @param [out] conn_found
 * Whether the connection was already known.
 * @return
 * DOCA_SUCCESS on success;
 * DOCA_ERROR_INVALID_VALUE when pipe, match_origin or entry is NULL;
 * DOCA_ERROR_BAD_STATE on a bad pipe state; DOCA_ERROR_FULL when the pipe is full;
 * DOCA_ERROR_NOT_SUPPORTED otherwise (connection tracking is not emulated).
 */
DOCA_EXPERIMENTAL doca_error_t
doca_flow_ct_entry_prepare(uint16_t queue, struct doca_flow_pipe *pipe, uint32_t flags,
                           struct doca_flow_ct_match *match_origin, uint32_t hash_origin,
                           struct doca_flow_ct_match *match_reply, uint32_t hash_reply,
                           struct doca_flow_pipe_entry **entry, bool *conn_found);

/**
 * @brief Give back an entry from doca_flow_ct_entry_prepare() that was never added.
 *
 * @param [in] queue
 * The CT queue.
 * @param [in] pipe
 * The CT pipe.
 * @param [in] entry
 * The entry.
 * @return
 * DOCA_SUCCESS on success;
 * DOCA_ERROR_INVALID_VALUE when pipe or entry is NULL;
 * DOCA_ERROR_BAD_STATE on a bad pipe state;
 * DOCA_ERROR_NOT_SUPPORTED otherwise (connection tracking is not emulated).
 */
DOCA_EXPERIMENTAL doca_error_t doca_flow_ct_entry_prepare_rollback(
        uint16_t queue, struct doca_flow_pipe *pipe, struct doca_flow_pipe_entry *entry);

/**
 * @brief Add a connection to a CT pipe, in an entry from doca_flow_ct_entry_prepare().
 *
 * @param [in] queue
 * The CT queue.
 * @param [in] pipe
 * The CT pipe.
 * @param [in] flags
 * An OR of enum doca_flow_ct_entry_flags values.
 * @param [in] match_origin
 * The origin-direction match.
 * @param [in] match_reply
 * The reply-direction match (default: the origin match reversed).
 * @param [in] actions_origin
 * Actions of the origin direction.
 * @param [in] actions_reply
 * Actions of the reply direction.
 * @param [in] fwd_handle_origin
 * Forward handle of the origin direction (doca_flow_ct_fwd_register()).
 * @param [in] fwd_handle_reply
 * Forward handle of the reply direction.
 * @param [in] timeout_s
 * Idle timeout in seconds; 0 disables aging.
 * @param [in] usr_ctx
 * Context handed to the entry callbacks.
 * @param [in] entry
 * The prepared entry.
 * @return
 * DOCA_SUCCESS on success;
 * DOCA_ERROR_INVALID_VALUE when pipe or entry is NULL;
 * DOCA_ERROR_NOT_SUPPORTED otherwise (connection tracking is not emulated).
 */
DOCA_EXPERIMENTAL doca_error_t doca_flow_ct_add_entry(
        uint16_t queue, struct doca_flow_pipe *pipe, uint32_t flags,
        struct doca_flow_ct_match *match_origin, struct doca_flow_ct_match *match_reply,
        const struct doca_flow_ct_actions *actions_origin,
        const struct doca_flow_ct_actions *actions_reply, uint32_t fwd_handle_origin,
        uint32_t fwd_handle_reply, uint32_t timeout_s, void *usr_ctx,
        struct doca_flow_pipe_entry *entry);

/**
 * @brief Add the direction a connection was created without (named by a DIR flag);
 * completes through doca_flow_ct_entries_process().
 *
 * @param [in] queue
 * The CT queue.
 * @param [in] pipe
 * The CT pipe.
 * @param [in] flags
 * An OR of enum doca_flow_ct_entry_flags values, with the direction.
 * @param [in] match
 * The direction's match.
 * @param [in] actions
 * The direction's actions.
 * @param [in] fwd_handle
 * The direction's forward handle.
 * @param [in] entry
 * The connection.
 * @return
 * DOCA_SUCCESS on success;
 * DOCA_ERROR_INVALID_VALUE when pipe, match or entry is NULL;
 * DOCA_ERROR_NOT_SUPPORTED otherwise (connection tracking is not emulated).
 */
DOCA_EXPERIMENTAL doca_error_t doca_flow_ct_entry_add_dir(
        uint16_t queue, struct doca_flow_pipe *pipe, uint32_t flags,
        struct doca_flow_ct_match *match, const struct doca_flow_ct_actions *actions,
        uint32_t fwd_handle, struct doca_flow_pipe_entry *entry);

/**
 * @brief Change the actions, forwarding, counters or timeout of a connection.
 *
 * @param [in] queue
 * The CT queue.
 * @param [in] pipe
 * The CT pipe.
 * @param [in] flags
 * An OR of enum doca_flow_ct_entry_flags values.
 * @param [in] entry
 * The connection.
 * @param [in] actions_origin
 * New actions of the origin direction.
 * @param [in] actions_reply
 * New actions of the reply direction.
 * @param [in] fwd_handle_origin
 * New forward handle of the origin direction.
 * @param [in] fwd_handle_reply
 * New forward handle of the reply direction.
 * @param [in] timeout_s
 * New idle timeout in seconds; 0 disables aging.
 * @return
 * DOCA_SUCCESS on success;
 * DOCA_ERROR_INVALID_VALUE when pipe or entry is NULL;
 * DOCA_ERROR_NOT_SUPPORTED otherwise (connection tracking is not emulated).
 */
DOCA_EXPERIMENTAL doca_error_t doca_flow_ct_update_entry(
        uint16_t queue, struct doca_flow_pipe *pipe, uint32_t flags,
        struct doca_flow_pipe_entry *entry, const struct doca_flow_ct_actions *actions_origin,
        const struct doca_flow_ct_actions *actions_reply, uint32_t fwd_handle_origin,
        uint32_t fwd_handle_reply, uint32_t timeout_s);

/**
 * @brief Remove a connection.
 *
 * @param [in] queue
 * The CT queue.
 * @param [in] pipe
 * The CT pipe.
 * @param [in] flags
 * An OR of enum doca_flow_ct_entry_flags values.
 * @param [in] entry
 * The connection.
 * @return
 * DOCA_SUCCESS on success;
 * DOCA_ERROR_INVALID_VALUE when pipe or entry is NULL;
 * DOCA_ERROR_IN_PROGRESS while hardware still processes the connection;
 * DOCA_ERROR_NOT_FOUND when the entry is gone; DOCA_ERROR_BAD_STATE on a bad state;
 * DOCA_ERROR_NOT_SUPPORTED otherwise (connection tracking is not emulated).
 */
DOCA_EXPERIMENTAL doca_error_t doca_flow_ct_rm_entry(uint16_t queue, struct doca_flow_pipe *pipe,
                                                     uint32_t flags,
                                                     struct doca_flow_pipe_entry *entry);

/**
 * @brief Read back the matches, flags and hashes of a live connection (not from the
 * finalize callback).
 *
 * @param [in] queue
 * The CT queue.
 * @param [in] pipe
 * The CT pipe.
 * @param [in] flags
 * An OR of enum doca_flow_ct_entry_flags values.
 * @param [in] entry
 * The connection.
 * @param [out] match_origin
 * Its origin-direction match.
 * @param [out] match_reply
 * Its reply-direction match.
 * @param [out] entry_flags
 * Its flags (enum doca_flow_ct_entry_flags).
 * @param [out] hash_origin
 * Its origin hash.
 * @param [out] hash_reply
 * Its reply hash.
 * @return
 * DOCA_SUCCESS on success;
 * DOCA_ERROR_INVALID_VALUE when pipe or entry is NULL;
 * DOCA_ERROR_NOT_SUPPORTED otherwise (connection tracking is not emulated).
 */
DOCA_EXPERIMENTAL doca_error_t doca_flow_ct_get_entry(uint16_t queue, struct doca_flow_pipe *pipe,
                                                      uint32_t flags,
                                                      struct doca_flow_pipe_entry *entry,
                                                      struct doca_flow_ct_match *match_origin,
                                                      struct doca_flow_ct_match *match_reply,
                                                      uint64_t *entry_flags, uint32_t *hash_origin,
                                                      uint32_t *hash_reply);

/**
 * @brief Read the counters and last-hit time of a connection.
 *
 * @param [in] queue
 * The CT queue.
 * @param [in] pipe
 * The CT pipe.
 * @param [in] flags
 * An OR of enum doca_flow_ct_entry_flags values.
 * @param [in] entry
 * The connection.
 * @param [out] origin_data
 * Counters of the origin direction.
 * @param [out] reply_data
 * Counters of the reply direction.
 * @param [out] last_hit_s
 * When a packet last hit it, in seconds since the Epoch.
 * @return
 * DOCA_SUCCESS on success;
 * DOCA_ERROR_INVALID_VALUE when pipe or entry is NULL;
 * DOCA_ERROR_NOT_SUPPORTED otherwise (connection tracking is not emulated).
 */
DOCA_EXPERIMENTAL doca_error_t doca_flow_ct_query_entry(
        uint16_t queue, struct doca_flow_pipe *pipe, uint32_t flags,
        struct doca_flow_pipe_entry *entry, struct doca_flow_resource_query *origin_data,
        struct doca_flow_resource_query *reply_data, uint64_t *last_hit_s);

/**
 * @brief The private data CT keeps with an entry.
 *
 * @param [in] queue
 * The CT queue.
 * @param [in] pipe
 * The CT pipe.
 * @param [in] entry
 * The connection.
 * @return
 * The private data; NULL on failure.
 * @note softdpa: always NULL, with a log line (CT is not emulated).
 */
DOCA_EXPERIMENTAL void *doca_flow_ct_entry_get_priv_data(uint16_t queue,
                                                         struct doca_flow_pipe *pipe,
                                                         struct doca_flow_pipe_entry *entry);

/**
 * @brief The connection id of an entry.
 *
 * @param [in] queue
 * The CT queue.
 * @param [in] pipe
 * The CT pipe.
 * @param [in] entry
 * The connection.
 * @return
 * The connection id; UINT32_MAX on failure.
 * @note softdpa: always UINT32_MAX, with a log line (CT is not emulated).
 */
DOCA_EXPERIMENTAL uint32_t doca_flow_ct_entry_get_conn_id(uint16_t queue,
                                                          struct doca_flow_pipe *pipe,
                                                          struct doca_flow_pipe_entry *entry);

/**
 * @brief The global aging id of an entry.
 *
 * @param [in] queue
 * The CT queue.
 * @param [in] pipe
 * The CT pipe.
 * @param [in] entry
 * The connection.
 * @return
 * The aging id; UINT32_MAX on failure.
 * @note softdpa: always UINT32_MAX, with a log line (CT is not emulated).
 */
DOCA_EXPERIMENTAL uint32_t doca_flow_ct_entry_get_aging_conn_id(uint16_t queue,
                                                                struct doca_flow_pipe *pipe,
                                                                struct doca_flow_pipe_entry *entry);

/**
 * @brief Find the entry (and its private data) of a connection id.
 *
 * @param [in] queue
 * The CT queue.
 * @param [in] pipe
 * The CT pipe.
 * @param [in] conn_id
 * Connection id within the queue.
 * @param [out] entry
 * The entry.
 * @param [out] priv_data
 * Its private data.
 * @return
 * DOCA_SUCCESS on success;
 * DOCA_ERROR_INVALID_VALUE when pipe or entry is NULL;
 * DOCA_ERROR_BAD_STATE on a bad pipe state;
 * DOCA_ERROR_NOT_SUPPORTED otherwise (connection tracking is not emulated).
 */
DOCA_EXPERIMENTAL doca_error_t doca_flow_ct_entry_get_by_id(uint16_t queue,
                                                            struct doca_flow_pipe *pipe,
                                                            uint32_t conn_id,
                                                            struct doca_flow_pipe_entry **entry,
                                                            void **priv_data);

/**
 * @brief Find the entry (and its private data) of a global aging id.
 *
 * @param [in] pipe
 * The CT pipe.
 * @param [in] aging_conn_id
 * Global aging id.
 * @param [out] entry
 * The entry.
 * @param [out] priv_data
 * Its private data.
 * @return
 * DOCA_SUCCESS on success;
 * DOCA_ERROR_INVALID_VALUE when pipe or entry is NULL;
 * DOCA_ERROR_BAD_STATE on a bad pipe state;
 * DOCA_ERROR_NOT_SUPPORTED otherwise (connection tracking is not emulated).
 */
DOCA_EXPERIMENTAL doca_error_t
doca_flow_ct_entry_get_by_aging_conn_id(struct doca_flow_pipe *pipe, uint32_t aging_conn_id,
                                        struct doca_flow_pipe_entry **entry, void **priv_data);

/**
 * @brief Create shared actions that connections can then use by handle.
 *
 * @param [in] ctrl_queue
 * The control queue.
 * @param [in] pipe
 * The CT pipe.
 * @param [in] actions
 * The actions.
 * @param [in] nb_actions
 * Number of actions.
 * @param [out] actions_handles
 * One handle per action.
 * @return
 * DOCA_SUCCESS on success;
 * DOCA_ERROR_INVALID_VALUE when pipe, actions or actions_handles is NULL, or nb_actions is 0;
 * DOCA_ERROR_EMPTY when no user action is left; DOCA_ERROR_BAD_STATE on a hardware fault;
 * DOCA_ERROR_NOT_SUPPORTED otherwise (connection tracking is not emulated).
 */
DOCA_EXPERIMENTAL doca_error_t
doca_flow_ct_actions_add_shared(uint16_t ctrl_queue, struct doca_flow_pipe *pipe,
                                const struct doca_flow_ct_actions actions[], uint32_t nb_actions,
                                uint32_t actions_handles[]);

/**
 * @brief Change shared actions.
 *
 * @param [in] ctrl_queue
 * The control queue.
 * @param [in] pipe
 * The CT pipe.
 * @param [in] actions
 * The new actions.
 * @param [in] nb_actions
 * Number of actions.
 * @param [in] actions_handles
 * Handles of the actions to change.
 * @return
 * DOCA_SUCCESS on success;
 * DOCA_ERROR_INVALID_VALUE when pipe, actions or actions_handles is NULL, or nb_actions is 0;
 * DOCA_ERROR_BAD_STATE on a hardware fault;
 * DOCA_ERROR_NOT_SUPPORTED otherwise (connection tracking is not emulated).
 */
DOCA_EXPERIMENTAL doca_error_t
doca_flow_ct_actions_update_shared(uint16_t ctrl_queue, struct doca_flow_pipe *pipe,
                                   const struct doca_flow_ct_actions actions[], uint32_t nb_actions,
                                   uint32_t actions_handles[]);

/**
 * @brief Remove shared actions.
 *
 * @param [in] ctrl_queue
 * The control queue.
 * @param [in] pipe
 * The CT pipe.
 * @param [in] actions_handles
 * Handles of the actions.
 * @param [in] nb_actions
 * Number of handles.
 * @return
 * DOCA_SUCCESS on success;
 * DOCA_ERROR_INVALID_VALUE when pipe or actions_handles is NULL;
 * DOCA_ERROR_NOT_SUPPORTED otherwise (connection tracking is not emulated).
 */
DOCA_EXPERIMENTAL doca_error_t doca_flow_ct_actions_rm_shared(uint16_t ctrl_queue,
                                                              struct doca_flow_pipe *pipe,
                                                              uint32_t actions_handles[],
                                                              uint32_t nb_actions);

/**
 * @brief Register forward targets for connections to use by handle; call before the CT
 * pipe is created.
 *
 * @param [in] port
 * The port.
 * @param [in] fwd_count
 * Number of forwards.
 * @param [in] fwd
 * The forwards.
 * @param [out] fwd_handle
 * One handle per forward.
 * @return
 * DOCA_SUCCESS on success;
 * DOCA_ERROR_INVALID_VALUE when port, fwd or fwd_handle is NULL, or fwd_count is 0;
 * DOCA_ERROR_NOT_FOUND when a target pipe does not exist; DOCA_ERROR_BAD_STATE after
 * the CT pipe was created;
 * DOCA_ERROR_NOT_SUPPORTED for forward types CT cannot use, and in softdpa always
 * (connection tracking is not emulated).
 */
DOCA_EXPERIMENTAL doca_error_t doca_flow_ct_fwd_register(struct doca_flow_port *port,
                                                         uint32_t fwd_count,
                                                         struct doca_flow_fwd fwd[],
                                                         uint32_t fwd_handle[]);

/**
 * @brief Called for each entry of a CT pipe iteration.
 */
typedef void (*doca_flow_ct_pipe_iterate_cb)(uint16_t pipe_queue, struct doca_flow_pipe *pipe,
                                             struct doca_flow_pipe_entry *entry,
                                             void *iterate_usr_ctx);

/**
 * @brief Start visiting every entry of a CT pipe on every queue; the callback then runs
 * from doca_flow_ct_entries_process(), a few entries at a time. Needs
 * DOCA_FLOW_CT_FLAG_ITERATOR.
 *
 * @param [in] pipe
 * The CT pipe.
 * @param [in] iterate_cb
 * The callback.
 * @param [in] iterate_usr_ctx
 * Its context.
 * @return
 * DOCA_SUCCESS on success;
 * DOCA_ERROR_INVALID_VALUE when pipe or iterate_cb is NULL;
 * DOCA_ERROR_BAD_STATE on a bad pipe state;
 * DOCA_ERROR_NOT_SUPPORTED otherwise (connection tracking is not emulated).
 */
DOCA_EXPERIMENTAL doca_error_t doca_flow_ct_pipe_iterate(struct doca_flow_pipe *pipe,
                                                         doca_flow_ct_pipe_iterate_cb iterate_cb,
                                                         void *iterate_usr_ctx);

#ifdef __cplusplus
} /* extern "C" */
#endif

#endif /* DOCA_FLOW_CT_H_ */
