/* SPDX-License-Identifier: BSD-3-Clause
 * DOCA Flow Connection Tracking (doca_flow_ct.h): not emulated. The emulated NIC has no
 * connection table, no CT pipe type and no aging thread, so every call checks its
 * arguments like DOCA (INVALID_VALUE, one line naming the argument and what to pass),
 * then refuses: NOT_SUPPORTED (UINT32_MAX or NULL where DOCA returns an id or a pointer),
 * with one line naming the call, at most once per call site and second so that a polling
 * loop does not flood the log.
 */
#include <stdint.h>

#include <doca_flow_ct.h>

#include "core/log.h"
#include "core/refuse.h"

SDPA_LOG_REGISTER(flow_ct);

#define SAY_NOT_SUPPORTED()                                                                        \
	DOCA_LOG_RATE_LIMIT_ERR("%s is not supported by softdpa (connection tracking is not "      \
	                        "emulated)",                                                       \
	                        __func__)

/* Return INVALID_VALUE, with its record "<fn>: <what>; <fix>", when 'cond' holds. */
#define CHECK_ARG(cond, what, fix)                                                                 \
	do {                                                                                       \
		if (SDPA_BAD_ARG(cond, what, fix))                                                 \
			return DOCA_ERROR_INVALID_VALUE;                                           \
	} while (0)

/* What the id getters answer: DOCA reports their failure as UINT32_MAX. */
#define ID_NOT_SUPPORTED UINT32_MAX
/* What doca_flow_ct_entry_get_priv_data answers: DOCA reports its failure as NULL. */
#define PRIV_NOT_SUPPORTED NULL

#define CFG_FIX   "pass the configuration made by doca_flow_ct_cfg_create"
#define PIPE_FIX  "pass the CT pipe (DOCA_FLOW_PIPE_CT) the entry belongs to"
#define ENTRY_FIX "pass the entry returned by doca_flow_ct_entry_prepare"
#define CTX_FIX   "pass the context the aging plugin callback received"

/* ------------------------------------------------------------------ configuration */

DOCA_EXPERIMENTAL doca_error_t doca_flow_ct_cfg_create(struct doca_flow_ct_cfg **cfg)
{
	CHECK_ARG(cfg == NULL, "cfg is NULL", "pass where to store the new configuration");
	SAY_NOT_SUPPORTED();
	return DOCA_ERROR_NOT_SUPPORTED;
}

DOCA_EXPERIMENTAL doca_error_t doca_flow_ct_cfg_destroy(struct doca_flow_ct_cfg *cfg)
{
	CHECK_ARG(cfg == NULL, "cfg is NULL", CFG_FIX);
	SAY_NOT_SUPPORTED();
	return DOCA_ERROR_NOT_SUPPORTED;
}

DOCA_EXPERIMENTAL doca_error_t doca_flow_ct_cfg_set_flags(struct doca_flow_ct_cfg *cfg,
                                                          uint32_t flags)
{
	(void)flags;
	CHECK_ARG(cfg == NULL, "cfg is NULL", CFG_FIX);
	SAY_NOT_SUPPORTED();
	return DOCA_ERROR_NOT_SUPPORTED;
}

DOCA_EXPERIMENTAL doca_error_t doca_flow_ct_cfg_set_queues(struct doca_flow_ct_cfg *cfg,
                                                           uint32_t n_queues)
{
	(void)n_queues;
	CHECK_ARG(cfg == NULL, "cfg is NULL", CFG_FIX);
	SAY_NOT_SUPPORTED();
	return DOCA_ERROR_NOT_SUPPORTED;
}

DOCA_EXPERIMENTAL doca_error_t doca_flow_ct_cfg_set_queue_depth(struct doca_flow_ct_cfg *cfg,
                                                                uint32_t queue_depth)
{
	(void)queue_depth;
	CHECK_ARG(cfg == NULL, "cfg is NULL", CFG_FIX);
	SAY_NOT_SUPPORTED();
	return DOCA_ERROR_NOT_SUPPORTED;
}

DOCA_EXPERIMENTAL doca_error_t doca_flow_ct_cfg_set_ctrl_queues(struct doca_flow_ct_cfg *cfg,
                                                                uint32_t n_ctrl_queues)
{
	(void)n_ctrl_queues;
	CHECK_ARG(cfg == NULL, "cfg is NULL", CFG_FIX);
	SAY_NOT_SUPPORTED();
	return DOCA_ERROR_NOT_SUPPORTED;
}

DOCA_EXPERIMENTAL doca_error_t doca_flow_ct_cfg_set_user_actions(struct doca_flow_ct_cfg *cfg,
                                                                 uint32_t n_user_actions)
{
	(void)n_user_actions;
	CHECK_ARG(cfg == NULL, "cfg is NULL", CFG_FIX);
	SAY_NOT_SUPPORTED();
	return DOCA_ERROR_NOT_SUPPORTED;
}

DOCA_EXPERIMENTAL doca_error_t doca_flow_ct_cfg_set_connections(struct doca_flow_ct_cfg *cfg,
                                                                uint32_t n_ipv4, uint32_t n_ipv6,
                                                                uint32_t n_total)
{
	(void)n_ipv4;
	(void)n_ipv6;
	(void)n_total;
	CHECK_ARG(cfg == NULL, "cfg is NULL", CFG_FIX);
	SAY_NOT_SUPPORTED();
	return DOCA_ERROR_NOT_SUPPORTED;
}

DOCA_EXPERIMENTAL doca_error_t doca_flow_ct_cfg_set_max_connections_per_zone(
        struct doca_flow_ct_cfg *cfg, uint32_t max_connections_per_zone)
{
	(void)max_connections_per_zone;
	CHECK_ARG(cfg == NULL, "cfg is NULL", CFG_FIX);
	SAY_NOT_SUPPORTED();
	return DOCA_ERROR_NOT_SUPPORTED;
}

DOCA_EXPERIMENTAL doca_error_t
doca_flow_ct_cfg_set_counter_asymmetric(struct doca_flow_ct_cfg *cfg, uint32_t n_counter_asymmetric)
{
	(void)n_counter_asymmetric;
	CHECK_ARG(cfg == NULL, "cfg is NULL", CFG_FIX);
	SAY_NOT_SUPPORTED();
	return DOCA_ERROR_NOT_SUPPORTED;
}

DOCA_EXPERIMENTAL doca_error_t doca_flow_ct_cfg_set_entry_private_data_size(
        struct doca_flow_ct_cfg *cfg, uint32_t entry_priv_data_size)
{
	(void)entry_priv_data_size;
	CHECK_ARG(cfg == NULL, "cfg is NULL", CFG_FIX);
	SAY_NOT_SUPPORTED();
	return DOCA_ERROR_NOT_SUPPORTED;
}

DOCA_EXPERIMENTAL doca_error_t doca_flow_ct_cfg_set_entry_finalize_cb(
        struct doca_flow_ct_cfg *cfg, doca_flow_ct_entry_finalize_cb entry_finalize_cb)
{
	(void)entry_finalize_cb;
	CHECK_ARG(cfg == NULL, "cfg is NULL", CFG_FIX);
	SAY_NOT_SUPPORTED();
	return DOCA_ERROR_NOT_SUPPORTED;
}

DOCA_EXPERIMENTAL doca_error_t doca_flow_ct_cfg_set_status_update_cb(
        struct doca_flow_ct_cfg *cfg, doca_flow_ct_stats_update_cb stats_update_cb)
{
	(void)stats_update_cb;
	CHECK_ARG(cfg == NULL, "cfg is NULL", CFG_FIX);
	SAY_NOT_SUPPORTED();
	return DOCA_ERROR_NOT_SUPPORTED;
}

DOCA_EXPERIMENTAL doca_error_t doca_flow_ct_cfg_set_aging_core(struct doca_flow_ct_cfg *cfg,
                                                               uint32_t aging_core)
{
	(void)aging_core;
	CHECK_ARG(cfg == NULL, "cfg is NULL", CFG_FIX);
	SAY_NOT_SUPPORTED();
	return DOCA_ERROR_NOT_SUPPORTED;
}

DOCA_EXPERIMENTAL doca_error_t doca_flow_ct_cfg_set_aging_query_delay(struct doca_flow_ct_cfg *cfg,
                                                                      uint32_t aging_query_delay_s)
{
	(void)aging_query_delay_s;
	CHECK_ARG(cfg == NULL, "cfg is NULL", CFG_FIX);
	SAY_NOT_SUPPORTED();
	return DOCA_ERROR_NOT_SUPPORTED;
}

DOCA_EXPERIMENTAL doca_error_t doca_flow_ct_cfg_set_aging_plugin_ops(
        struct doca_flow_ct_cfg *cfg, struct doca_flow_ct_aging_ops *aging_ops)
{
	CHECK_ARG(cfg == NULL, "cfg is NULL", CFG_FIX);
	CHECK_ARG(aging_ops == NULL, "aging_ops is NULL",
	          "pass the plugin's callbacks (or do not call it to keep CT's own aging)");
	SAY_NOT_SUPPORTED();
	return DOCA_ERROR_NOT_SUPPORTED;
}

DOCA_EXPERIMENTAL doca_error_t doca_flow_ct_cfg_set_dup_filter_size(struct doca_flow_ct_cfg *cfg,
                                                                    uint32_t dup_filter_sz)
{
	(void)dup_filter_sz;
	CHECK_ARG(cfg == NULL, "cfg is NULL", CFG_FIX);
	SAY_NOT_SUPPORTED();
	return DOCA_ERROR_NOT_SUPPORTED;
}

DOCA_EXPERIMENTAL doca_error_t doca_flow_ct_cfg_set_direction(
        struct doca_flow_ct_cfg *cfg, bool direction, bool match_inner,
        struct doca_flow_meta *zone_match_mask, struct doca_flow_ct_meta *meta_modify_mask)
{
	(void)direction;
	(void)match_inner;
	(void)zone_match_mask;
	(void)meta_modify_mask;
	CHECK_ARG(cfg == NULL, "cfg is NULL", CFG_FIX);
	SAY_NOT_SUPPORTED();
	return DOCA_ERROR_NOT_SUPPORTED;
}

/* ------------------------------------------------------------------ module */

DOCA_EXPERIMENTAL doca_error_t doca_flow_ct_init(const struct doca_flow_ct_cfg *cfg)
{
	CHECK_ARG(cfg == NULL, "cfg is NULL", CFG_FIX);
	SAY_NOT_SUPPORTED();
	return DOCA_ERROR_NOT_SUPPORTED;
}

DOCA_EXPERIMENTAL doca_error_t doca_flow_ct_cap_is_dev_supported(const struct doca_devinfo *devinfo)
{
	CHECK_ARG(devinfo == NULL, "devinfo is NULL",
	          "pass a device listed by doca_devinfo_create_list");
	SAY_NOT_SUPPORTED();
	return DOCA_ERROR_NOT_SUPPORTED;
}

DOCA_EXPERIMENTAL void doca_flow_ct_destroy(void)
{
	SAY_NOT_SUPPORTED();
}

DOCA_EXPERIMENTAL void doca_flow_ct_meta_prepare(struct doca_flow_meta *meta, uint32_t zone,
                                                 bool is_reply)
{
	(void)zone;
	(void)is_reply;
	if (!SDPA_NULL_ARGS("pass the metadata to fill", meta))
		SAY_NOT_SUPPORTED();
}

DOCA_EXPERIMENTAL void doca_flow_ct_meta_mask_prepare(struct doca_flow_meta *meta, bool is_reply)
{
	(void)is_reply;
	if (!SDPA_NULL_ARGS("pass the mask to fill", meta))
		SAY_NOT_SUPPORTED();
}

DOCA_EXPERIMENTAL void doca_flow_ct_meta_set_match_zone(struct doca_flow_meta *meta, uint32_t zone,
                                                        bool is_reply)
{
	(void)zone;
	(void)is_reply;
	if (!SDPA_NULL_ARGS("pass the metadata to write the zone into", meta))
		SAY_NOT_SUPPORTED();
}

DOCA_EXPERIMENTAL uint32_t doca_flow_ct_meta_get_zone_offset(bool is_reply)
{
	(void)is_reply;
	SAY_NOT_SUPPORTED();
	return ID_NOT_SUPPORTED;
}

/* ------------------------------------------------------------------ aging plugin */

DOCA_EXPERIMENTAL doca_error_t
doca_flow_ct_aging_counter_state_get(struct doca_flow_ct_aging_ctx *ctx,
                                     struct doca_flow_ct_aging_counter_state *ctrs, uint32_t n)
{
	CHECK_ARG(ctx == NULL, "ctx is NULL", CTX_FIX);
	CHECK_ARG(ctrs == NULL && n != 0, "ctrs is NULL", "pass n counter states with ctr_id set");
	SAY_NOT_SUPPORTED();
	return DOCA_ERROR_NOT_SUPPORTED;
}

DOCA_EXPERIMENTAL doca_error_t
doca_flow_ct_aging_counter_state_set(struct doca_flow_ct_aging_ctx *ctx,
                                     struct doca_flow_ct_aging_counter_state *ctrs, uint32_t n)
{
	CHECK_ARG(ctx == NULL, "ctx is NULL", CTX_FIX);
	CHECK_ARG(ctrs == NULL && n != 0, "ctrs is NULL", "pass n counter states");
	SAY_NOT_SUPPORTED();
	return DOCA_ERROR_NOT_SUPPORTED;
}

DOCA_EXPERIMENTAL doca_error_t doca_flow_ct_aging_counter_query(
        struct doca_flow_ct_aging_ctx *ctx, struct doca_flow_ct_aging_counter *ctrs, uint32_t n)
{
	CHECK_ARG(ctx == NULL, "ctx is NULL", CTX_FIX);
	CHECK_ARG(ctrs == NULL && n != 0, "ctrs is NULL", "pass n counters with ctr_id set");
	SAY_NOT_SUPPORTED();
	return DOCA_ERROR_NOT_SUPPORTED;
}

DOCA_EXPERIMENTAL void
doca_flow_ct_aging_conn_update(struct doca_flow_ct_aging_ctx *ctx,
                               struct doca_flow_ct_aging_conn_update_info *info, uint32_t n)
{
	if (SDPA_NULL_ARGS(CTX_FIX, ctx))
		return;
	if (!SDPA_BAD_ARG(info == NULL && n != 0, "info is NULL", "pass n connection updates"))
		SAY_NOT_SUPPORTED();
}

DOCA_EXPERIMENTAL void doca_flow_ct_aging_conn_timeout(struct doca_flow_ct_aging_ctx *ctx,
                                                       uint32_t *aging_conn_ids, uint32_t n)
{
	if (SDPA_NULL_ARGS(CTX_FIX, ctx))
		return;
	if (!SDPA_BAD_ARG(aging_conn_ids == NULL && n != 0, "aging_conn_ids is NULL",
	                  "pass n aging connection ids"))
		SAY_NOT_SUPPORTED();
}

/* ------------------------------------------------------------------ entries */

DOCA_EXPERIMENTAL doca_error_t doca_flow_ct_entries_process(struct doca_flow_port *port,
                                                            uint16_t pipe_queue, uint32_t min_room,
                                                            uint32_t max_processed_entries,
                                                            uint32_t *queue_room)
{
	(void)pipe_queue;
	(void)min_room;
	(void)max_processed_entries;
	(void)queue_room;
	CHECK_ARG(port == NULL, "port is NULL", "pass the port of the CT pipe");
	SAY_NOT_SUPPORTED();
	return DOCA_ERROR_NOT_SUPPORTED;
}

DOCA_EXPERIMENTAL doca_error_t
doca_flow_ct_entry_prepare(uint16_t queue, struct doca_flow_pipe *pipe, uint32_t flags,
                           struct doca_flow_ct_match *match_origin, uint32_t hash_origin,
                           struct doca_flow_ct_match *match_reply, uint32_t hash_reply,
                           struct doca_flow_pipe_entry **entry, bool *conn_found)
{
	(void)queue;
	(void)flags;
	(void)hash_origin;
	(void)match_reply;
	(void)hash_reply;
	(void)conn_found;
	CHECK_ARG(pipe == NULL, "pipe is NULL", PIPE_FIX);
	CHECK_ARG(match_origin == NULL, "match_origin is NULL", "pass the origin-direction match");
	CHECK_ARG(entry == NULL, "entry is NULL", "pass where to store the entry");
	SAY_NOT_SUPPORTED();
	return DOCA_ERROR_NOT_SUPPORTED;
}

DOCA_EXPERIMENTAL doca_error_t doca_flow_ct_entry_prepare_rollback(
        uint16_t queue, struct doca_flow_pipe *pipe, struct doca_flow_pipe_entry *entry)
{
	(void)queue;
	CHECK_ARG(pipe == NULL, "pipe is NULL", PIPE_FIX);
	CHECK_ARG(entry == NULL, "entry is NULL", ENTRY_FIX);
	SAY_NOT_SUPPORTED();
	return DOCA_ERROR_NOT_SUPPORTED;
}

DOCA_EXPERIMENTAL doca_error_t doca_flow_ct_add_entry(
        uint16_t queue, struct doca_flow_pipe *pipe, uint32_t flags,
        struct doca_flow_ct_match *match_origin, struct doca_flow_ct_match *match_reply,
        const struct doca_flow_ct_actions *actions_origin,
        const struct doca_flow_ct_actions *actions_reply, uint32_t fwd_handle_origin,
        uint32_t fwd_handle_reply, uint32_t timeout_s, void *usr_ctx,
        struct doca_flow_pipe_entry *entry)
{
	(void)queue;
	(void)flags;
	(void)match_origin;
	(void)match_reply;
	(void)actions_origin;
	(void)actions_reply;
	(void)fwd_handle_origin;
	(void)fwd_handle_reply;
	(void)timeout_s;
	(void)usr_ctx;
	CHECK_ARG(pipe == NULL, "pipe is NULL", PIPE_FIX);
	CHECK_ARG(entry == NULL, "entry is NULL", ENTRY_FIX);
	SAY_NOT_SUPPORTED();
	return DOCA_ERROR_NOT_SUPPORTED;
}

DOCA_EXPERIMENTAL doca_error_t doca_flow_ct_entry_add_dir(
        uint16_t queue, struct doca_flow_pipe *pipe, uint32_t flags,
        struct doca_flow_ct_match *match, const struct doca_flow_ct_actions *actions,
        uint32_t fwd_handle, struct doca_flow_pipe_entry *entry)
{
	(void)queue;
	(void)flags;
	(void)actions;
	(void)fwd_handle;
	CHECK_ARG(pipe == NULL, "pipe is NULL", PIPE_FIX);
	CHECK_ARG(match == NULL, "match is NULL", "pass the match of the direction to add");
	CHECK_ARG(entry == NULL, "entry is NULL", "pass the connection's entry");
	SAY_NOT_SUPPORTED();
	return DOCA_ERROR_NOT_SUPPORTED;
}

DOCA_EXPERIMENTAL doca_error_t doca_flow_ct_update_entry(
        uint16_t queue, struct doca_flow_pipe *pipe, uint32_t flags,
        struct doca_flow_pipe_entry *entry, const struct doca_flow_ct_actions *actions_origin,
        const struct doca_flow_ct_actions *actions_reply, uint32_t fwd_handle_origin,
        uint32_t fwd_handle_reply, uint32_t timeout_s)
{
	(void)queue;
	(void)flags;
	(void)actions_origin;
	(void)actions_reply;
	(void)fwd_handle_origin;
	(void)fwd_handle_reply;
	(void)timeout_s;
	CHECK_ARG(pipe == NULL, "pipe is NULL", PIPE_FIX);
	CHECK_ARG(entry == NULL, "entry is NULL", "pass the connection's entry");
	SAY_NOT_SUPPORTED();
	return DOCA_ERROR_NOT_SUPPORTED;
}

DOCA_EXPERIMENTAL doca_error_t doca_flow_ct_rm_entry(uint16_t queue, struct doca_flow_pipe *pipe,
                                                     uint32_t flags,
                                                     struct doca_flow_pipe_entry *entry)
{
	(void)queue;
	(void)flags;
	CHECK_ARG(pipe == NULL, "pipe is NULL", PIPE_FIX);
	CHECK_ARG(entry == NULL, "entry is NULL", "pass the connection's entry");
	SAY_NOT_SUPPORTED();
	return DOCA_ERROR_NOT_SUPPORTED;
}

DOCA_EXPERIMENTAL doca_error_t doca_flow_ct_get_entry(uint16_t queue, struct doca_flow_pipe *pipe,
                                                      uint32_t flags,
                                                      struct doca_flow_pipe_entry *entry,
                                                      struct doca_flow_ct_match *match_origin,
                                                      struct doca_flow_ct_match *match_reply,
                                                      uint64_t *entry_flags, uint32_t *hash_origin,
                                                      uint32_t *hash_reply)
{
	(void)queue;
	(void)flags;
	(void)match_origin;
	(void)match_reply;
	(void)entry_flags;
	(void)hash_origin;
	(void)hash_reply;
	CHECK_ARG(pipe == NULL, "pipe is NULL", PIPE_FIX);
	CHECK_ARG(entry == NULL, "entry is NULL", "pass the connection's entry");
	SAY_NOT_SUPPORTED();
	return DOCA_ERROR_NOT_SUPPORTED;
}

DOCA_EXPERIMENTAL doca_error_t doca_flow_ct_query_entry(
        uint16_t queue, struct doca_flow_pipe *pipe, uint32_t flags,
        struct doca_flow_pipe_entry *entry, struct doca_flow_resource_query *origin_data,
        struct doca_flow_resource_query *reply_data, uint64_t *last_hit_s)
{
	(void)queue;
	(void)flags;
	(void)origin_data;
	(void)reply_data;
	(void)last_hit_s;
	CHECK_ARG(pipe == NULL, "pipe is NULL", PIPE_FIX);
	CHECK_ARG(entry == NULL, "entry is NULL", "pass the connection's entry");
	SAY_NOT_SUPPORTED();
	return DOCA_ERROR_NOT_SUPPORTED;
}

DOCA_EXPERIMENTAL void *doca_flow_ct_entry_get_priv_data(uint16_t queue,
                                                         struct doca_flow_pipe *pipe,
                                                         struct doca_flow_pipe_entry *entry)
{
	(void)queue;
	(void)pipe;
	(void)entry;
	SAY_NOT_SUPPORTED();
	return PRIV_NOT_SUPPORTED;
}

DOCA_EXPERIMENTAL uint32_t doca_flow_ct_entry_get_conn_id(uint16_t queue,
                                                          struct doca_flow_pipe *pipe,
                                                          struct doca_flow_pipe_entry *entry)
{
	(void)queue;
	(void)pipe;
	(void)entry;
	SAY_NOT_SUPPORTED();
	return ID_NOT_SUPPORTED;
}

DOCA_EXPERIMENTAL uint32_t doca_flow_ct_entry_get_aging_conn_id(uint16_t queue,
                                                                struct doca_flow_pipe *pipe,
                                                                struct doca_flow_pipe_entry *entry)
{
	(void)queue;
	(void)pipe;
	(void)entry;
	SAY_NOT_SUPPORTED();
	return ID_NOT_SUPPORTED;
}

DOCA_EXPERIMENTAL doca_error_t doca_flow_ct_entry_get_by_id(uint16_t queue,
                                                            struct doca_flow_pipe *pipe,
                                                            uint32_t conn_id,
                                                            struct doca_flow_pipe_entry **entry,
                                                            void **priv_data)
{
	(void)queue;
	(void)conn_id;
	(void)priv_data;
	CHECK_ARG(pipe == NULL, "pipe is NULL", PIPE_FIX);
	CHECK_ARG(entry == NULL, "entry is NULL", "pass where to store the entry");
	SAY_NOT_SUPPORTED();
	return DOCA_ERROR_NOT_SUPPORTED;
}

DOCA_EXPERIMENTAL doca_error_t
doca_flow_ct_entry_get_by_aging_conn_id(struct doca_flow_pipe *pipe, uint32_t aging_conn_id,
                                        struct doca_flow_pipe_entry **entry, void **priv_data)
{
	(void)aging_conn_id;
	(void)priv_data;
	CHECK_ARG(pipe == NULL, "pipe is NULL", PIPE_FIX);
	CHECK_ARG(entry == NULL, "entry is NULL", "pass where to store the entry");
	SAY_NOT_SUPPORTED();
	return DOCA_ERROR_NOT_SUPPORTED;
}

/* ------------------------------------------------------------------ shared actions, forwards */

DOCA_EXPERIMENTAL doca_error_t
doca_flow_ct_actions_add_shared(uint16_t ctrl_queue, struct doca_flow_pipe *pipe,
                                const struct doca_flow_ct_actions actions[], uint32_t nb_actions,
                                uint32_t actions_handles[])
{
	(void)ctrl_queue;
	CHECK_ARG(pipe == NULL, "pipe is NULL", PIPE_FIX);
	CHECK_ARG(actions == NULL || nb_actions == 0, "no actions given",
	          "pass nb_actions >= 1 actions");
	CHECK_ARG(actions_handles == NULL, "actions_handles is NULL",
	          "pass an array of nb_actions handles to fill");
	SAY_NOT_SUPPORTED();
	return DOCA_ERROR_NOT_SUPPORTED;
}

DOCA_EXPERIMENTAL doca_error_t
doca_flow_ct_actions_update_shared(uint16_t ctrl_queue, struct doca_flow_pipe *pipe,
                                   const struct doca_flow_ct_actions actions[], uint32_t nb_actions,
                                   uint32_t actions_handles[])
{
	(void)ctrl_queue;
	CHECK_ARG(pipe == NULL, "pipe is NULL", PIPE_FIX);
	CHECK_ARG(actions == NULL || nb_actions == 0, "no actions given",
	          "pass nb_actions >= 1 actions");
	CHECK_ARG(actions_handles == NULL, "actions_handles is NULL",
	          "pass the handles returned by doca_flow_ct_actions_add_shared");
	SAY_NOT_SUPPORTED();
	return DOCA_ERROR_NOT_SUPPORTED;
}

DOCA_EXPERIMENTAL doca_error_t doca_flow_ct_actions_rm_shared(uint16_t ctrl_queue,
                                                              struct doca_flow_pipe *pipe,
                                                              uint32_t actions_handles[],
                                                              uint32_t nb_actions)
{
	(void)ctrl_queue;
	CHECK_ARG(pipe == NULL, "pipe is NULL", PIPE_FIX);
	CHECK_ARG(actions_handles == NULL && nb_actions != 0, "actions_handles is NULL",
	          "pass the handles returned by doca_flow_ct_actions_add_shared");
	SAY_NOT_SUPPORTED();
	return DOCA_ERROR_NOT_SUPPORTED;
}

DOCA_EXPERIMENTAL doca_error_t doca_flow_ct_fwd_register(struct doca_flow_port *port,
                                                         uint32_t fwd_count,
                                                         struct doca_flow_fwd fwd[],
                                                         uint32_t fwd_handle[])
{
	CHECK_ARG(port == NULL, "port is NULL", "pass the port the CT pipe will be created on");
	CHECK_ARG(fwd == NULL || fwd_count == 0, "no forwards given",
	          "pass fwd_count >= 1 forwards");
	CHECK_ARG(fwd_handle == NULL, "fwd_handle is NULL",
	          "pass an array of fwd_count handles to fill");
	SAY_NOT_SUPPORTED();
	return DOCA_ERROR_NOT_SUPPORTED;
}

DOCA_EXPERIMENTAL doca_error_t doca_flow_ct_pipe_iterate(struct doca_flow_pipe *pipe,
                                                         doca_flow_ct_pipe_iterate_cb iterate_cb,
                                                         void *iterate_usr_ctx)
{
	(void)iterate_usr_ctx;
	CHECK_ARG(pipe == NULL, "pipe is NULL", "pass the CT pipe to iterate");
	CHECK_ARG(iterate_cb == NULL, "iterate_cb is NULL",
	          "pass the callback to run for each entry");
	SAY_NOT_SUPPORTED();
	return DOCA_ERROR_NOT_SUPPORTED;
}
