/* SPDX-License-Identifier: BSD-3-Clause
 * doca_eth_txq (control path and CPU data path): not emulated yet (docs/ETH.md). Every call checks
 * its arguments like DOCA (INVALID_VALUE with one line naming the argument), then refuses with one
 * rate-limited line naming itself.
 */
#include <doca_eth_txq.h>
#include <doca_eth_txq_cpu_data_path.h>

#include "core/log.h"
#include "core/refuse.h"

SDPA_LOG_REGISTER(core_eth_txq);

#define SAY_UNSUPPORTED() SDPA_SAY_REFUSED("Ethernet queues are not emulated")

#define FIX "pass the objects the call needs and a result pointer"

DOCA_EXPERIMENTAL doca_error_t doca_eth_txq_create(struct doca_dev *dev, uint32_t max_burst_size,
                                                   struct doca_eth_txq **eth_txq)
{
	(void)max_burst_size;
	if (SDPA_NULL_ARGS(FIX, dev, eth_txq))
		return DOCA_ERROR_INVALID_VALUE;
	SAY_UNSUPPORTED();
	return DOCA_ERROR_NOT_SUPPORTED;
}

DOCA_EXPERIMENTAL doca_error_t doca_eth_txq_destroy(struct doca_eth_txq *eth_txq)
{
	if (SDPA_NULL_ARGS(FIX, eth_txq))
		return DOCA_ERROR_INVALID_VALUE;
	SAY_UNSUPPORTED();
	return DOCA_ERROR_NOT_SUPPORTED;
}

DOCA_EXPERIMENTAL struct doca_ctx *doca_eth_txq_as_doca_ctx(struct doca_eth_txq *eth_txq)
{
	if (!SDPA_NULL_ARGS(FIX, eth_txq))
		SAY_UNSUPPORTED();
	return NULL;
}

DOCA_EXPERIMENTAL doca_error_t doca_eth_txq_set_max_burst_size(struct doca_eth_txq *eth_txq,
                                                               uint32_t max_burst_size)
{
	(void)max_burst_size;
	if (SDPA_NULL_ARGS(FIX, eth_txq))
		return DOCA_ERROR_INVALID_VALUE;
	SAY_UNSUPPORTED();
	return DOCA_ERROR_NOT_SUPPORTED;
}

DOCA_EXPERIMENTAL doca_error_t
doca_eth_txq_set_max_send_buf_list_len(struct doca_eth_txq *eth_txq, uint32_t max_send_buf_list_len)
{
	(void)max_send_buf_list_len;
	if (SDPA_NULL_ARGS(FIX, eth_txq))
		return DOCA_ERROR_INVALID_VALUE;
	SAY_UNSUPPORTED();
	return DOCA_ERROR_NOT_SUPPORTED;
}

DOCA_EXPERIMENTAL doca_error_t doca_eth_txq_set_metadata_num(struct doca_eth_txq *eth_txq,
                                                             uint8_t metadata_num)
{
	(void)metadata_num;
	if (SDPA_NULL_ARGS(FIX, eth_txq))
		return DOCA_ERROR_INVALID_VALUE;
	SAY_UNSUPPORTED();
	return DOCA_ERROR_NOT_SUPPORTED;
}

DOCA_EXPERIMENTAL doca_error_t doca_eth_txq_set_mss(struct doca_eth_txq *eth_txq, uint16_t mss)
{
	(void)mss;
	if (SDPA_NULL_ARGS(FIX, eth_txq))
		return DOCA_ERROR_INVALID_VALUE;
	SAY_UNSUPPORTED();
	return DOCA_ERROR_NOT_SUPPORTED;
}

DOCA_EXPERIMENTAL doca_error_t doca_eth_txq_set_max_lso_header_size(struct doca_eth_txq *eth_txq,
                                                                    uint16_t max_lso_header_size)
{
	(void)max_lso_header_size;
	if (SDPA_NULL_ARGS(FIX, eth_txq))
		return DOCA_ERROR_INVALID_VALUE;
	SAY_UNSUPPORTED();
	return DOCA_ERROR_NOT_SUPPORTED;
}

DOCA_EXPERIMENTAL doca_error_t doca_eth_txq_set_type(struct doca_eth_txq *eth_txq,
                                                     enum doca_eth_txq_type type)
{
	(void)type;
	if (SDPA_NULL_ARGS(FIX, eth_txq))
		return DOCA_ERROR_INVALID_VALUE;
	SAY_UNSUPPORTED();
	return DOCA_ERROR_NOT_SUPPORTED;
}

DOCA_EXPERIMENTAL doca_error_t doca_eth_txq_set_l3_chksum_offload(struct doca_eth_txq *eth_txq,
                                                                  uint8_t enable_l3_chksum)
{
	(void)enable_l3_chksum;
	if (SDPA_NULL_ARGS(FIX, eth_txq))
		return DOCA_ERROR_INVALID_VALUE;
	SAY_UNSUPPORTED();
	return DOCA_ERROR_NOT_SUPPORTED;
}

DOCA_EXPERIMENTAL doca_error_t doca_eth_txq_set_l4_chksum_offload(struct doca_eth_txq *eth_txq,
                                                                  uint8_t enable_l4_chksum)
{
	(void)enable_l4_chksum;
	if (SDPA_NULL_ARGS(FIX, eth_txq))
		return DOCA_ERROR_INVALID_VALUE;
	SAY_UNSUPPORTED();
	return DOCA_ERROR_NOT_SUPPORTED;
}

DOCA_EXPERIMENTAL doca_error_t doca_eth_txq_set_wait_on_time_offload(struct doca_eth_txq *eth_txq)
{
	if (SDPA_NULL_ARGS(FIX, eth_txq))
		return DOCA_ERROR_INVALID_VALUE;
	SAY_UNSUPPORTED();
	return DOCA_ERROR_NOT_SUPPORTED;
}

DOCA_EXPERIMENTAL doca_error_t doca_eth_txq_get_gpu_handle(const struct doca_eth_txq *eth_txq,
                                                           struct doca_gpu_eth_txq **eth_txq_ext)
{
	if (SDPA_NULL_ARGS(FIX, eth_txq, eth_txq_ext))
		return DOCA_ERROR_INVALID_VALUE;
	SAY_UNSUPPORTED();
	return DOCA_ERROR_NOT_SUPPORTED;
}

DOCA_EXPERIMENTAL doca_error_t doca_eth_txq_cap_get_max_burst_size(
        const struct doca_devinfo *devinfo, uint32_t max_send_buf_list_len,
        uint16_t max_lso_header_size, uint32_t *max_burst_size)
{
	(void)max_send_buf_list_len;
	(void)max_lso_header_size;
	if (SDPA_NULL_ARGS(FIX, devinfo, max_burst_size))
		return DOCA_ERROR_INVALID_VALUE;
	SAY_UNSUPPORTED();
	return DOCA_ERROR_NOT_SUPPORTED;
}

DOCA_EXPERIMENTAL doca_error_t doca_eth_txq_cap_get_max_send_buf_list_len(
        const struct doca_devinfo *devinfo, uint32_t *max_send_buf_list_len)
{
	if (SDPA_NULL_ARGS(FIX, devinfo, max_send_buf_list_len))
		return DOCA_ERROR_INVALID_VALUE;
	SAY_UNSUPPORTED();
	return DOCA_ERROR_NOT_SUPPORTED;
}

DOCA_EXPERIMENTAL doca_error_t
doca_eth_txq_cap_get_max_metadata_num(const struct doca_devinfo *devinfo, uint8_t *max_metadata_num)
{
	if (SDPA_NULL_ARGS(FIX, devinfo, max_metadata_num))
		return DOCA_ERROR_INVALID_VALUE;
	SAY_UNSUPPORTED();
	return DOCA_ERROR_NOT_SUPPORTED;
}

DOCA_EXPERIMENTAL doca_error_t doca_eth_txq_cap_get_max_lso_header_size(
        const struct doca_devinfo *devinfo, uint16_t *max_lso_header_size)
{
	if (SDPA_NULL_ARGS(FIX, devinfo, max_lso_header_size))
		return DOCA_ERROR_INVALID_VALUE;
	SAY_UNSUPPORTED();
	return DOCA_ERROR_NOT_SUPPORTED;
}

DOCA_EXPERIMENTAL doca_error_t
doca_eth_txq_cap_is_type_supported(const struct doca_devinfo *devinfo, enum doca_eth_txq_type type,
                                   enum doca_eth_txq_data_path_type data_path_type)
{
	(void)type;
	(void)data_path_type;
	if (SDPA_NULL_ARGS(FIX, devinfo))
		return DOCA_ERROR_INVALID_VALUE;
	SAY_UNSUPPORTED();
	return DOCA_ERROR_NOT_SUPPORTED;
}

DOCA_EXPERIMENTAL doca_error_t
doca_eth_txq_cap_is_l3_chksum_offload_supported(const struct doca_devinfo *devinfo)
{
	if (SDPA_NULL_ARGS(FIX, devinfo))
		return DOCA_ERROR_INVALID_VALUE;
	SAY_UNSUPPORTED();
	return DOCA_ERROR_NOT_SUPPORTED;
}

DOCA_EXPERIMENTAL doca_error_t
doca_eth_txq_cap_is_l4_chksum_offload_supported(const struct doca_devinfo *devinfo)
{
	if (SDPA_NULL_ARGS(FIX, devinfo))
		return DOCA_ERROR_INVALID_VALUE;
	SAY_UNSUPPORTED();
	return DOCA_ERROR_NOT_SUPPORTED;
}

DOCA_EXPERIMENTAL doca_error_t doca_eth_txq_cap_get_max_lso_msg_size(
        const struct doca_devinfo *devinfo, uint32_t *max_lso_msg_size)
{
	if (SDPA_NULL_ARGS(FIX, devinfo, max_lso_msg_size))
		return DOCA_ERROR_INVALID_VALUE;
	SAY_UNSUPPORTED();
	return DOCA_ERROR_NOT_SUPPORTED;
}

DOCA_EXPERIMENTAL doca_error_t doca_eth_txq_cap_get_wait_on_time_offload_supported(
        const struct doca_devinfo *devinfo, enum doca_eth_wait_on_time_type *wait_on_time_mode)
{
	if (SDPA_NULL_ARGS(FIX, devinfo, wait_on_time_mode))
		return DOCA_ERROR_INVALID_VALUE;
	SAY_UNSUPPORTED();
	return DOCA_ERROR_NOT_SUPPORTED;
}

DOCA_EXPERIMENTAL doca_error_t doca_eth_txq_calculate_timestamp(struct doca_eth_txq *eth_txq,
                                                                uint64_t timestamp_ns,
                                                                uint64_t *wait_on_time_value)
{
	(void)timestamp_ns;
	if (SDPA_NULL_ARGS(FIX, eth_txq, wait_on_time_value))
		return DOCA_ERROR_INVALID_VALUE;
	SAY_UNSUPPORTED();
	return DOCA_ERROR_NOT_SUPPORTED;
}

DOCA_EXPERIMENTAL doca_error_t doca_eth_txq_get_flow_queue_id(struct doca_eth_txq *eth_txq,
                                                              uint16_t *flow_queue_id)
{
	if (SDPA_NULL_ARGS(FIX, eth_txq, flow_queue_id))
		return DOCA_ERROR_INVALID_VALUE;
	SAY_UNSUPPORTED();
	return DOCA_ERROR_NOT_SUPPORTED;
}

/* ---- CPU data path ---- */

DOCA_EXPERIMENTAL doca_error_t doca_eth_txq_task_send_set_conf(
        struct doca_eth_txq *eth_txq, doca_eth_txq_task_send_completion_cb_t task_completion_cb,
        doca_eth_txq_task_send_completion_cb_t task_error_cb, uint32_t task_send_num)
{
	(void)task_send_num;
	if (SDPA_NULL_ARGS(FIX, eth_txq, task_completion_cb, task_error_cb))
		return DOCA_ERROR_INVALID_VALUE;
	SAY_UNSUPPORTED();
	return DOCA_ERROR_NOT_SUPPORTED;
}

DOCA_EXPERIMENTAL doca_error_t doca_eth_txq_task_lso_send_set_conf(
        struct doca_eth_txq *eth_txq, doca_eth_txq_task_lso_send_completion_cb_t task_completion_cb,
        doca_eth_txq_task_lso_send_completion_cb_t task_error_cb, uint32_t task_lso_send_num)
{
	(void)task_lso_send_num;
	if (SDPA_NULL_ARGS(FIX, eth_txq, task_completion_cb, task_error_cb))
		return DOCA_ERROR_INVALID_VALUE;
	SAY_UNSUPPORTED();
	return DOCA_ERROR_NOT_SUPPORTED;
}

DOCA_EXPERIMENTAL doca_error_t doca_eth_txq_task_batch_send_set_conf(
        struct doca_eth_txq *eth_txq, enum doca_task_batch_max_tasks_number max_tasks_number,
        uint16_t num_task_batches,
        doca_eth_txq_task_batch_send_completion_cb_t success_completion_cb,
        doca_eth_txq_task_batch_send_completion_cb_t error_completion_cb)
{
	(void)max_tasks_number;
	(void)num_task_batches;
	if (SDPA_NULL_ARGS(FIX, eth_txq, success_completion_cb, error_completion_cb))
		return DOCA_ERROR_INVALID_VALUE;
	SAY_UNSUPPORTED();
	return DOCA_ERROR_NOT_SUPPORTED;
}

DOCA_EXPERIMENTAL doca_error_t doca_eth_txq_task_batch_lso_send_set_conf(
        struct doca_eth_txq *eth_txq, enum doca_task_batch_max_tasks_number max_tasks_number,
        uint16_t num_task_batches,
        doca_eth_txq_task_batch_lso_send_completion_cb_t success_completion_cb,
        doca_eth_txq_task_batch_lso_send_completion_cb_t error_completion_cb)
{
	(void)max_tasks_number;
	(void)num_task_batches;
	if (SDPA_NULL_ARGS(FIX, eth_txq, success_completion_cb, error_completion_cb))
		return DOCA_ERROR_INVALID_VALUE;
	SAY_UNSUPPORTED();
	return DOCA_ERROR_NOT_SUPPORTED;
}

DOCA_EXPERIMENTAL doca_error_t doca_eth_txq_task_send_num_expand(struct doca_eth_txq *eth_txq,
                                                                 uint32_t task_send_num)
{
	(void)task_send_num;
	if (SDPA_NULL_ARGS(FIX, eth_txq))
		return DOCA_ERROR_INVALID_VALUE;
	SAY_UNSUPPORTED();
	return DOCA_ERROR_NOT_SUPPORTED;
}

DOCA_EXPERIMENTAL doca_error_t doca_eth_txq_task_lso_send_num_expand(struct doca_eth_txq *eth_txq,
                                                                     uint32_t task_lso_send_num)
{
	(void)task_lso_send_num;
	if (SDPA_NULL_ARGS(FIX, eth_txq))
		return DOCA_ERROR_INVALID_VALUE;
	SAY_UNSUPPORTED();
	return DOCA_ERROR_NOT_SUPPORTED;
}

DOCA_EXPERIMENTAL doca_error_t doca_eth_txq_task_batch_send_num_expand(struct doca_eth_txq *eth_txq,
                                                                       uint16_t task_batches_num)
{
	(void)task_batches_num;
	if (SDPA_NULL_ARGS(FIX, eth_txq))
		return DOCA_ERROR_INVALID_VALUE;
	SAY_UNSUPPORTED();
	return DOCA_ERROR_NOT_SUPPORTED;
}

DOCA_EXPERIMENTAL doca_error_t
doca_eth_txq_task_batch_lso_send_num_expand(struct doca_eth_txq *eth_txq, uint16_t task_batches_num)
{
	(void)task_batches_num;
	if (SDPA_NULL_ARGS(FIX, eth_txq))
		return DOCA_ERROR_INVALID_VALUE;
	SAY_UNSUPPORTED();
	return DOCA_ERROR_NOT_SUPPORTED;
}

DOCA_EXPERIMENTAL doca_error_t doca_eth_txq_task_send_allocate_init(
        struct doca_eth_txq *eth_txq, struct doca_buf *pkt, union doca_data user_data,
        struct doca_eth_txq_task_send **task_send)
{
	(void)user_data;
	if (SDPA_NULL_ARGS(FIX, eth_txq, pkt, task_send))
		return DOCA_ERROR_INVALID_VALUE;
	SAY_UNSUPPORTED();
	return DOCA_ERROR_NOT_SUPPORTED;
}

DOCA_EXPERIMENTAL doca_error_t doca_eth_txq_task_lso_send_allocate_init(
        struct doca_eth_txq *eth_txq, struct doca_buf *pkt_payload,
        struct doca_gather_list *headers, union doca_data user_data,
        struct doca_eth_txq_task_lso_send **task_lso_send)
{
	(void)user_data;
	if (SDPA_NULL_ARGS(FIX, eth_txq, pkt_payload, headers, task_lso_send))
		return DOCA_ERROR_INVALID_VALUE;
	SAY_UNSUPPORTED();
	return DOCA_ERROR_NOT_SUPPORTED;
}

DOCA_EXPERIMENTAL doca_error_t doca_eth_txq_task_batch_send_allocate(
        struct doca_eth_txq *eth_txq, uint16_t tasks_num, union doca_data task_batch_user_data,
        struct doca_buf ***pkt_array, union doca_data **task_user_data_array,
        struct doca_task_batch **task_batch)
{
	(void)tasks_num;
	(void)task_batch_user_data;
	if (SDPA_NULL_ARGS(FIX, eth_txq, pkt_array, task_user_data_array, task_batch))
		return DOCA_ERROR_INVALID_VALUE;
	SAY_UNSUPPORTED();
	return DOCA_ERROR_NOT_SUPPORTED;
}

DOCA_EXPERIMENTAL doca_error_t doca_eth_txq_task_batch_lso_send_allocate(
        struct doca_eth_txq *eth_txq, uint16_t tasks_num, union doca_data task_batch_user_data,
        struct doca_buf ***pkt_payload_array, struct doca_gather_list ***headers_array,
        union doca_data **task_user_data_array, struct doca_task_batch **task_batch)
{
	(void)tasks_num;
	(void)task_batch_user_data;
	if (SDPA_NULL_ARGS(FIX, eth_txq, pkt_payload_array, headers_array, task_user_data_array,
	                   task_batch))
		return DOCA_ERROR_INVALID_VALUE;
	SAY_UNSUPPORTED();
	return DOCA_ERROR_NOT_SUPPORTED;
}

DOCA_EXPERIMENTAL void doca_eth_txq_task_send_set_pkt(struct doca_eth_txq_task_send *task_send,
                                                      struct doca_buf *pkt)
{
	if (!SDPA_NULL_ARGS(FIX, task_send, pkt))
		SAY_UNSUPPORTED();
}

DOCA_EXPERIMENTAL void
doca_eth_txq_task_lso_send_set_pkt_payload(struct doca_eth_txq_task_lso_send *task_lso_send,
                                           struct doca_buf *pkt_payload)
{
	if (!SDPA_NULL_ARGS(FIX, task_lso_send, pkt_payload))
		SAY_UNSUPPORTED();
}

DOCA_EXPERIMENTAL void
doca_eth_txq_task_lso_send_set_headers(struct doca_eth_txq_task_lso_send *task_lso_send,
                                       struct doca_gather_list *headers)
{
	if (!SDPA_NULL_ARGS(FIX, task_lso_send, headers))
		SAY_UNSUPPORTED();
}

DOCA_EXPERIMENTAL doca_error_t doca_eth_txq_task_send_get_pkt(
        const struct doca_eth_txq_task_send *task_send, struct doca_buf **pkt)
{
	if (SDPA_NULL_ARGS(FIX, task_send, pkt))
		return DOCA_ERROR_INVALID_VALUE;
	SAY_UNSUPPORTED();
	return DOCA_ERROR_NOT_SUPPORTED;
}

DOCA_EXPERIMENTAL doca_error_t doca_eth_txq_task_lso_send_get_pkt_payload(
        const struct doca_eth_txq_task_lso_send *task_lso_send, struct doca_buf **pkt_payload)
{
	if (SDPA_NULL_ARGS(FIX, task_lso_send, pkt_payload))
		return DOCA_ERROR_INVALID_VALUE;
	SAY_UNSUPPORTED();
	return DOCA_ERROR_NOT_SUPPORTED;
}

DOCA_EXPERIMENTAL doca_error_t doca_eth_txq_task_lso_send_get_headers(
        const struct doca_eth_txq_task_lso_send *task_lso_send, struct doca_gather_list **headers)
{
	if (SDPA_NULL_ARGS(FIX, task_lso_send, headers))
		return DOCA_ERROR_INVALID_VALUE;
	SAY_UNSUPPORTED();
	return DOCA_ERROR_NOT_SUPPORTED;
}

DOCA_EXPERIMENTAL doca_error_t doca_eth_txq_task_send_get_metadata_array(
        struct doca_eth_txq_task_send *task_send, uint32_t **metadata_array)
{
	if (SDPA_NULL_ARGS(FIX, task_send, metadata_array))
		return DOCA_ERROR_INVALID_VALUE;
	SAY_UNSUPPORTED();
	return DOCA_ERROR_NOT_SUPPORTED;
}

DOCA_EXPERIMENTAL doca_error_t doca_eth_txq_task_lso_send_get_metadata_array(
        struct doca_eth_txq_task_lso_send *task_lso_send, uint32_t **metadata_array)
{
	if (SDPA_NULL_ARGS(FIX, task_lso_send, metadata_array))
		return DOCA_ERROR_INVALID_VALUE;
	SAY_UNSUPPORTED();
	return DOCA_ERROR_NOT_SUPPORTED;
}

DOCA_EXPERIMENTAL doca_error_t doca_eth_txq_task_batch_send_get_metadata_array(
        struct doca_task_batch *task_batch_send, uint32_t **metadata_array)
{
	if (SDPA_NULL_ARGS(FIX, task_batch_send, metadata_array))
		return DOCA_ERROR_INVALID_VALUE;
	SAY_UNSUPPORTED();
	return DOCA_ERROR_NOT_SUPPORTED;
}

DOCA_EXPERIMENTAL doca_error_t doca_eth_txq_task_batch_lso_send_get_metadata_array(
        struct doca_task_batch *task_batch_lso_send, uint32_t **metadata_array)
{
	if (SDPA_NULL_ARGS(FIX, task_batch_lso_send, metadata_array))
		return DOCA_ERROR_INVALID_VALUE;
	SAY_UNSUPPORTED();
	return DOCA_ERROR_NOT_SUPPORTED;
}

DOCA_EXPERIMENTAL void
doca_eth_txq_task_lso_send_set_mss(struct doca_eth_txq_task_lso_send *task_lso_send, uint16_t mss)
{
	(void)mss;
	if (!SDPA_NULL_ARGS(FIX, task_lso_send))
		SAY_UNSUPPORTED();
}

DOCA_EXPERIMENTAL doca_error_t doca_eth_txq_task_batch_lso_send_get_mss_array(
        struct doca_task_batch *task_batch_lso_send, uint16_t **mss_array)
{
	if (SDPA_NULL_ARGS(FIX, task_batch_lso_send, mss_array))
		return DOCA_ERROR_INVALID_VALUE;
	SAY_UNSUPPORTED();
	return DOCA_ERROR_NOT_SUPPORTED;
}

DOCA_EXPERIMENTAL void doca_eth_txq_task_send_set_ol_flags(struct doca_eth_txq_task_send *task_send,
                                                           uint16_t ol_flags)
{
	(void)ol_flags;
	if (!SDPA_NULL_ARGS(FIX, task_send))
		SAY_UNSUPPORTED();
}

DOCA_EXPERIMENTAL void
doca_eth_txq_task_lso_send_set_ol_flags(struct doca_eth_txq_task_lso_send *task_lso_send,
                                        uint16_t ol_flags)
{
	(void)ol_flags;
	if (!SDPA_NULL_ARGS(FIX, task_lso_send))
		SAY_UNSUPPORTED();
}

DOCA_EXPERIMENTAL doca_error_t doca_eth_txq_task_batch_send_get_ol_flags_array(
        struct doca_task_batch *task_batch_send, uint16_t **ol_flags_array)
{
	if (SDPA_NULL_ARGS(FIX, task_batch_send, ol_flags_array))
		return DOCA_ERROR_INVALID_VALUE;
	SAY_UNSUPPORTED();
	return DOCA_ERROR_NOT_SUPPORTED;
}

DOCA_EXPERIMENTAL doca_error_t doca_eth_txq_task_batch_lso_send_get_ol_flags_array(
        struct doca_task_batch *task_batch_lso_send, uint16_t **ol_flags_array)
{
	if (SDPA_NULL_ARGS(FIX, task_batch_lso_send, ol_flags_array))
		return DOCA_ERROR_INVALID_VALUE;
	SAY_UNSUPPORTED();
	return DOCA_ERROR_NOT_SUPPORTED;
}

DOCA_EXPERIMENTAL struct doca_task *
doca_eth_txq_task_send_as_doca_task(struct doca_eth_txq_task_send *task_send)
{
	if (!SDPA_NULL_ARGS(FIX, task_send))
		SAY_UNSUPPORTED();
	return NULL;
}

DOCA_EXPERIMENTAL struct doca_task *
doca_eth_txq_task_lso_send_as_doca_task(struct doca_eth_txq_task_lso_send *task_lso_send)
{
	if (!SDPA_NULL_ARGS(FIX, task_lso_send))
		SAY_UNSUPPORTED();
	return NULL;
}
