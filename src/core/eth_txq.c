/* SPDX-License-Identifier: BSD-3-Clause
 * doca_eth_txq (control path and CPU data path): not emulated yet. Every call checks its
 * arguments like DOCA (INVALID_VALUE with one line naming the argument), then refuses with
 * one rate-limited line naming itself.
 */
#include <doca_eth_txq.h>
#include <doca_eth_txq_cpu_data_path.h>

#include "core/log.h"

SDPA_LOG_REGISTER(core_eth_txq);

#define SAY_UNSUPPORTED()                                                                          \
	DOCA_LOG_RATE_LIMIT_ERR(                                                                   \
	        "%s is not supported by softdpa (Ethernet queues are not emulated)", __func__)

#define SAY_BAD_ARG(what, fix) DOCA_LOG_ERR("%s: %s; %s", __func__, what, fix)

#define FIX "pass the objects the call needs and a result pointer"

DOCA_EXPERIMENTAL doca_error_t doca_eth_txq_create(struct doca_dev *dev, uint32_t max_burst_size,
                                                   struct doca_eth_txq **eth_txq)
{
	(void)max_burst_size;
	if (dev == NULL || eth_txq == NULL) {
		SAY_BAD_ARG(dev == NULL ? "dev is NULL" : "eth_txq is NULL", FIX);
		return DOCA_ERROR_INVALID_VALUE;
	}
	SAY_UNSUPPORTED();
	return DOCA_ERROR_NOT_SUPPORTED;
}

DOCA_EXPERIMENTAL doca_error_t doca_eth_txq_destroy(struct doca_eth_txq *eth_txq)
{
	if (eth_txq == NULL) {
		SAY_BAD_ARG("eth_txq is NULL", FIX);
		return DOCA_ERROR_INVALID_VALUE;
	}
	SAY_UNSUPPORTED();
	return DOCA_ERROR_NOT_SUPPORTED;
}

DOCA_EXPERIMENTAL struct doca_ctx *doca_eth_txq_as_doca_ctx(struct doca_eth_txq *eth_txq)
{
	if (eth_txq == NULL) {
		SAY_BAD_ARG("eth_txq is NULL", FIX);
		return NULL;
	}
	SAY_UNSUPPORTED();
	return NULL;
}

DOCA_EXPERIMENTAL doca_error_t doca_eth_txq_set_max_burst_size(struct doca_eth_txq *eth_txq,
                                                               uint32_t max_burst_size)
{
	(void)max_burst_size;
	if (eth_txq == NULL) {
		SAY_BAD_ARG("eth_txq is NULL", FIX);
		return DOCA_ERROR_INVALID_VALUE;
	}
	SAY_UNSUPPORTED();
	return DOCA_ERROR_NOT_SUPPORTED;
}

DOCA_EXPERIMENTAL doca_error_t
doca_eth_txq_set_max_send_buf_list_len(struct doca_eth_txq *eth_txq, uint32_t max_send_buf_list_len)
{
	(void)max_send_buf_list_len;
	if (eth_txq == NULL) {
		SAY_BAD_ARG("eth_txq is NULL", FIX);
		return DOCA_ERROR_INVALID_VALUE;
	}
	SAY_UNSUPPORTED();
	return DOCA_ERROR_NOT_SUPPORTED;
}

DOCA_EXPERIMENTAL doca_error_t doca_eth_txq_set_metadata_num(struct doca_eth_txq *eth_txq,
                                                             uint8_t metadata_num)
{
	(void)metadata_num;
	if (eth_txq == NULL) {
		SAY_BAD_ARG("eth_txq is NULL", FIX);
		return DOCA_ERROR_INVALID_VALUE;
	}
	SAY_UNSUPPORTED();
	return DOCA_ERROR_NOT_SUPPORTED;
}

DOCA_EXPERIMENTAL doca_error_t doca_eth_txq_set_mss(struct doca_eth_txq *eth_txq, uint16_t mss)
{
	(void)mss;
	if (eth_txq == NULL) {
		SAY_BAD_ARG("eth_txq is NULL", FIX);
		return DOCA_ERROR_INVALID_VALUE;
	}
	SAY_UNSUPPORTED();
	return DOCA_ERROR_NOT_SUPPORTED;
}

DOCA_EXPERIMENTAL doca_error_t doca_eth_txq_set_max_lso_header_size(struct doca_eth_txq *eth_txq,
                                                                    uint16_t max_lso_header_size)
{
	(void)max_lso_header_size;
	if (eth_txq == NULL) {
		SAY_BAD_ARG("eth_txq is NULL", FIX);
		return DOCA_ERROR_INVALID_VALUE;
	}
	SAY_UNSUPPORTED();
	return DOCA_ERROR_NOT_SUPPORTED;
}

DOCA_EXPERIMENTAL doca_error_t doca_eth_txq_set_type(struct doca_eth_txq *eth_txq,
                                                     enum doca_eth_txq_type type)
{
	(void)type;
	if (eth_txq == NULL) {
		SAY_BAD_ARG("eth_txq is NULL", FIX);
		return DOCA_ERROR_INVALID_VALUE;
	}
	SAY_UNSUPPORTED();
	return DOCA_ERROR_NOT_SUPPORTED;
}

DOCA_EXPERIMENTAL doca_error_t doca_eth_txq_set_l3_chksum_offload(struct doca_eth_txq *eth_txq,
                                                                  uint8_t enable_l3_chksum)
{
	(void)enable_l3_chksum;
	if (eth_txq == NULL) {
		SAY_BAD_ARG("eth_txq is NULL", FIX);
		return DOCA_ERROR_INVALID_VALUE;
	}
	SAY_UNSUPPORTED();
	return DOCA_ERROR_NOT_SUPPORTED;
}

DOCA_EXPERIMENTAL doca_error_t doca_eth_txq_set_l4_chksum_offload(struct doca_eth_txq *eth_txq,
                                                                  uint8_t enable_l4_chksum)
{
	(void)enable_l4_chksum;
	if (eth_txq == NULL) {
		SAY_BAD_ARG("eth_txq is NULL", FIX);
		return DOCA_ERROR_INVALID_VALUE;
	}
	SAY_UNSUPPORTED();
	return DOCA_ERROR_NOT_SUPPORTED;
}

DOCA_EXPERIMENTAL doca_error_t doca_eth_txq_set_wait_on_time_offload(struct doca_eth_txq *eth_txq)
{
	if (eth_txq == NULL) {
		SAY_BAD_ARG("eth_txq is NULL", FIX);
		return DOCA_ERROR_INVALID_VALUE;
	}
	SAY_UNSUPPORTED();
	return DOCA_ERROR_NOT_SUPPORTED;
}

DOCA_EXPERIMENTAL doca_error_t doca_eth_txq_get_gpu_handle(const struct doca_eth_txq *eth_txq,
                                                           struct doca_gpu_eth_txq **eth_txq_ext)
{
	if (eth_txq == NULL || eth_txq_ext == NULL) {
		SAY_BAD_ARG(eth_txq == NULL ? "eth_txq is NULL" : "eth_txq_ext is NULL", FIX);
		return DOCA_ERROR_INVALID_VALUE;
	}
	SAY_UNSUPPORTED();
	return DOCA_ERROR_NOT_SUPPORTED;
}

DOCA_EXPERIMENTAL doca_error_t doca_eth_txq_cap_get_max_burst_size(
        const struct doca_devinfo *devinfo, uint32_t max_send_buf_list_len,
        uint16_t max_lso_header_size, uint32_t *max_burst_size)
{
	(void)max_send_buf_list_len;
	(void)max_lso_header_size;
	if (devinfo == NULL || max_burst_size == NULL) {
		SAY_BAD_ARG(devinfo == NULL ? "devinfo is NULL" : "max_burst_size is NULL", FIX);
		return DOCA_ERROR_INVALID_VALUE;
	}
	SAY_UNSUPPORTED();
	return DOCA_ERROR_NOT_SUPPORTED;
}

DOCA_EXPERIMENTAL doca_error_t doca_eth_txq_cap_get_max_send_buf_list_len(
        const struct doca_devinfo *devinfo, uint32_t *max_send_buf_list_len)
{
	if (devinfo == NULL || max_send_buf_list_len == NULL) {
		SAY_BAD_ARG(devinfo == NULL ? "devinfo is NULL" : "max_send_buf_list_len is NULL",
		            FIX);
		return DOCA_ERROR_INVALID_VALUE;
	}
	SAY_UNSUPPORTED();
	return DOCA_ERROR_NOT_SUPPORTED;
}

DOCA_EXPERIMENTAL doca_error_t
doca_eth_txq_cap_get_max_metadata_num(const struct doca_devinfo *devinfo, uint8_t *max_metadata_num)
{
	if (devinfo == NULL || max_metadata_num == NULL) {
		SAY_BAD_ARG(devinfo == NULL ? "devinfo is NULL" : "max_metadata_num is NULL", FIX);
		return DOCA_ERROR_INVALID_VALUE;
	}
	SAY_UNSUPPORTED();
	return DOCA_ERROR_NOT_SUPPORTED;
}

DOCA_EXPERIMENTAL doca_error_t doca_eth_txq_cap_get_max_lso_header_size(
        const struct doca_devinfo *devinfo, uint16_t *max_lso_header_size)
{
	if (devinfo == NULL || max_lso_header_size == NULL) {
		SAY_BAD_ARG(devinfo == NULL ? "devinfo is NULL" : "max_lso_header_size is NULL",
		            FIX);
		return DOCA_ERROR_INVALID_VALUE;
	}
	SAY_UNSUPPORTED();
	return DOCA_ERROR_NOT_SUPPORTED;
}

DOCA_EXPERIMENTAL doca_error_t
doca_eth_txq_cap_is_type_supported(const struct doca_devinfo *devinfo, enum doca_eth_txq_type type,
                                   enum doca_eth_txq_data_path_type data_path_type)
{
	(void)type;
	(void)data_path_type;
	if (devinfo == NULL) {
		SAY_BAD_ARG("devinfo is NULL", FIX);
		return DOCA_ERROR_INVALID_VALUE;
	}
	SAY_UNSUPPORTED();
	return DOCA_ERROR_NOT_SUPPORTED;
}

DOCA_EXPERIMENTAL doca_error_t
doca_eth_txq_cap_is_l3_chksum_offload_supported(const struct doca_devinfo *devinfo)
{
	if (devinfo == NULL) {
		SAY_BAD_ARG("devinfo is NULL", FIX);
		return DOCA_ERROR_INVALID_VALUE;
	}
	SAY_UNSUPPORTED();
	return DOCA_ERROR_NOT_SUPPORTED;
}

DOCA_EXPERIMENTAL doca_error_t
doca_eth_txq_cap_is_l4_chksum_offload_supported(const struct doca_devinfo *devinfo)
{
	if (devinfo == NULL) {
		SAY_BAD_ARG("devinfo is NULL", FIX);
		return DOCA_ERROR_INVALID_VALUE;
	}
	SAY_UNSUPPORTED();
	return DOCA_ERROR_NOT_SUPPORTED;
}

DOCA_EXPERIMENTAL doca_error_t doca_eth_txq_cap_get_max_lso_msg_size(
        const struct doca_devinfo *devinfo, uint32_t *max_lso_msg_size)
{
	if (devinfo == NULL || max_lso_msg_size == NULL) {
		SAY_BAD_ARG(devinfo == NULL ? "devinfo is NULL" : "max_lso_msg_size is NULL", FIX);
		return DOCA_ERROR_INVALID_VALUE;
	}
	SAY_UNSUPPORTED();
	return DOCA_ERROR_NOT_SUPPORTED;
}

DOCA_EXPERIMENTAL doca_error_t doca_eth_txq_cap_get_wait_on_time_offload_supported(
        const struct doca_devinfo *devinfo, enum doca_eth_wait_on_time_type *wait_on_time_mode)
{
	if (devinfo == NULL || wait_on_time_mode == NULL) {
		SAY_BAD_ARG(devinfo == NULL ? "devinfo is NULL" : "wait_on_time_mode is NULL", FIX);
		return DOCA_ERROR_INVALID_VALUE;
	}
	SAY_UNSUPPORTED();
	return DOCA_ERROR_NOT_SUPPORTED;
}

DOCA_EXPERIMENTAL doca_error_t doca_eth_txq_calculate_timestamp(struct doca_eth_txq *eth_txq,
                                                                uint64_t timestamp_ns,
                                                                uint64_t *wait_on_time_value)
{
	(void)timestamp_ns;
	if (eth_txq == NULL || wait_on_time_value == NULL) {
		SAY_BAD_ARG(eth_txq == NULL ? "eth_txq is NULL" : "wait_on_time_value is NULL",
		            FIX);
		return DOCA_ERROR_INVALID_VALUE;
	}
	SAY_UNSUPPORTED();
	return DOCA_ERROR_NOT_SUPPORTED;
}

DOCA_EXPERIMENTAL doca_error_t doca_eth_txq_get_flow_queue_id(struct doca_eth_txq *eth_txq,
                                                              uint16_t *flow_queue_id)
{
	if (eth_txq == NULL || flow_queue_id == NULL) {
		SAY_BAD_ARG(eth_txq == NULL ? "eth_txq is NULL" : "flow_queue_id is NULL", FIX);
		return DOCA_ERROR_INVALID_VALUE;
	}
	SAY_UNSUPPORTED();
	return DOCA_ERROR_NOT_SUPPORTED;
}

/* ---- CPU data path ---- */

DOCA_EXPERIMENTAL doca_error_t doca_eth_txq_task_send_set_conf(
        struct doca_eth_txq *eth_txq, doca_eth_txq_task_send_completion_cb_t task_completion_cb,
        doca_eth_txq_task_send_completion_cb_t task_error_cb, uint32_t task_send_num)
{
	(void)task_send_num;
	if (eth_txq == NULL || task_completion_cb == NULL || task_error_cb == NULL) {
		SAY_BAD_ARG(eth_txq == NULL              ? "eth_txq is NULL"
		            : task_completion_cb == NULL ? "task_completion_cb is NULL"
		                                         : "task_error_cb is NULL",
		            FIX);
		return DOCA_ERROR_INVALID_VALUE;
	}
	SAY_UNSUPPORTED();
	return DOCA_ERROR_NOT_SUPPORTED;
}

DOCA_EXPERIMENTAL doca_error_t doca_eth_txq_task_lso_send_set_conf(
        struct doca_eth_txq *eth_txq, doca_eth_txq_task_lso_send_completion_cb_t task_completion_cb,
        doca_eth_txq_task_lso_send_completion_cb_t task_error_cb, uint32_t task_lso_send_num)
{
	(void)task_lso_send_num;
	if (eth_txq == NULL || task_completion_cb == NULL || task_error_cb == NULL) {
		SAY_BAD_ARG(eth_txq == NULL              ? "eth_txq is NULL"
		            : task_completion_cb == NULL ? "task_completion_cb is NULL"
		                                         : "task_error_cb is NULL",
		            FIX);
		return DOCA_ERROR_INVALID_VALUE;
	}
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
	if (eth_txq == NULL || success_completion_cb == NULL || error_completion_cb == NULL) {
		SAY_BAD_ARG(eth_txq == NULL                 ? "eth_txq is NULL"
		            : success_completion_cb == NULL ? "success_completion_cb is NULL"
		                                            : "error_completion_cb is NULL",
		            FIX);
		return DOCA_ERROR_INVALID_VALUE;
	}
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
	if (eth_txq == NULL || success_completion_cb == NULL || error_completion_cb == NULL) {
		SAY_BAD_ARG(eth_txq == NULL                 ? "eth_txq is NULL"
		            : success_completion_cb == NULL ? "success_completion_cb is NULL"
		                                            : "error_completion_cb is NULL",
		            FIX);
		return DOCA_ERROR_INVALID_VALUE;
	}
	SAY_UNSUPPORTED();
	return DOCA_ERROR_NOT_SUPPORTED;
}

DOCA_EXPERIMENTAL doca_error_t doca_eth_txq_task_send_num_expand(struct doca_eth_txq *eth_txq,
                                                                 uint32_t task_send_num)
{
	(void)task_send_num;
	if (eth_txq == NULL) {
		SAY_BAD_ARG("eth_txq is NULL", FIX);
		return DOCA_ERROR_INVALID_VALUE;
	}
	SAY_UNSUPPORTED();
	return DOCA_ERROR_NOT_SUPPORTED;
}

DOCA_EXPERIMENTAL doca_error_t doca_eth_txq_task_lso_send_num_expand(struct doca_eth_txq *eth_txq,
                                                                     uint32_t task_lso_send_num)
{
	(void)task_lso_send_num;
	if (eth_txq == NULL) {
		SAY_BAD_ARG("eth_txq is NULL", FIX);
		return DOCA_ERROR_INVALID_VALUE;
	}
	SAY_UNSUPPORTED();
	return DOCA_ERROR_NOT_SUPPORTED;
}

DOCA_EXPERIMENTAL doca_error_t doca_eth_txq_task_batch_send_num_expand(struct doca_eth_txq *eth_txq,
                                                                       uint16_t task_batches_num)
{
	(void)task_batches_num;
	if (eth_txq == NULL) {
		SAY_BAD_ARG("eth_txq is NULL", FIX);
		return DOCA_ERROR_INVALID_VALUE;
	}
	SAY_UNSUPPORTED();
	return DOCA_ERROR_NOT_SUPPORTED;
}

DOCA_EXPERIMENTAL doca_error_t
doca_eth_txq_task_batch_lso_send_num_expand(struct doca_eth_txq *eth_txq, uint16_t task_batches_num)
{
	(void)task_batches_num;
	if (eth_txq == NULL) {
		SAY_BAD_ARG("eth_txq is NULL", FIX);
		return DOCA_ERROR_INVALID_VALUE;
	}
	SAY_UNSUPPORTED();
	return DOCA_ERROR_NOT_SUPPORTED;
}

DOCA_EXPERIMENTAL doca_error_t doca_eth_txq_task_send_allocate_init(
        struct doca_eth_txq *eth_txq, struct doca_buf *pkt, union doca_data user_data,
        struct doca_eth_txq_task_send **task_send)
{
	(void)user_data;
	if (eth_txq == NULL || pkt == NULL || task_send == NULL) {
		SAY_BAD_ARG(eth_txq == NULL ? "eth_txq is NULL"
		            : pkt == NULL   ? "pkt is NULL"
		                            : "task_send is NULL",
		            FIX);
		return DOCA_ERROR_INVALID_VALUE;
	}
	SAY_UNSUPPORTED();
	return DOCA_ERROR_NOT_SUPPORTED;
}

DOCA_EXPERIMENTAL doca_error_t doca_eth_txq_task_lso_send_allocate_init(
        struct doca_eth_txq *eth_txq, struct doca_buf *pkt_payload,
        struct doca_gather_list *headers, union doca_data user_data,
        struct doca_eth_txq_task_lso_send **task_lso_send)
{
	(void)user_data;
	if (eth_txq == NULL || pkt_payload == NULL || headers == NULL || task_lso_send == NULL) {
		SAY_BAD_ARG(eth_txq == NULL       ? "eth_txq is NULL"
		            : pkt_payload == NULL ? "pkt_payload is NULL"
		            : headers == NULL     ? "headers is NULL"
		                                  : "task_lso_send is NULL",
		            FIX);
		return DOCA_ERROR_INVALID_VALUE;
	}
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
	if (eth_txq == NULL || pkt_array == NULL || task_user_data_array == NULL ||
	    task_batch == NULL) {
		SAY_BAD_ARG(eth_txq == NULL                ? "eth_txq is NULL"
		            : pkt_array == NULL            ? "pkt_array is NULL"
		            : task_user_data_array == NULL ? "task_user_data_array is NULL"
		                                           : "task_batch is NULL",
		            FIX);
		return DOCA_ERROR_INVALID_VALUE;
	}
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
	if (eth_txq == NULL || pkt_payload_array == NULL || headers_array == NULL ||
	    task_user_data_array == NULL || task_batch == NULL) {
		SAY_BAD_ARG(eth_txq == NULL                ? "eth_txq is NULL"
		            : pkt_payload_array == NULL    ? "pkt_payload_array is NULL"
		            : headers_array == NULL        ? "headers_array is NULL"
		            : task_user_data_array == NULL ? "task_user_data_array is NULL"
		                                           : "task_batch is NULL",
		            FIX);
		return DOCA_ERROR_INVALID_VALUE;
	}
	SAY_UNSUPPORTED();
	return DOCA_ERROR_NOT_SUPPORTED;
}

DOCA_EXPERIMENTAL void doca_eth_txq_task_send_set_pkt(struct doca_eth_txq_task_send *task_send,
                                                      struct doca_buf *pkt)
{
	if (task_send == NULL || pkt == NULL) {
		SAY_BAD_ARG(task_send == NULL ? "task_send is NULL" : "pkt is NULL", FIX);
		return;
	}
	SAY_UNSUPPORTED();
}

DOCA_EXPERIMENTAL void
doca_eth_txq_task_lso_send_set_pkt_payload(struct doca_eth_txq_task_lso_send *task_lso_send,
                                           struct doca_buf *pkt_payload)
{
	if (task_lso_send == NULL || pkt_payload == NULL) {
		SAY_BAD_ARG(task_lso_send == NULL ? "task_lso_send is NULL" : "pkt_payload is NULL",
		            FIX);
		return;
	}
	SAY_UNSUPPORTED();
}

DOCA_EXPERIMENTAL void
doca_eth_txq_task_lso_send_set_headers(struct doca_eth_txq_task_lso_send *task_lso_send,
                                       struct doca_gather_list *headers)
{
	if (task_lso_send == NULL || headers == NULL) {
		SAY_BAD_ARG(task_lso_send == NULL ? "task_lso_send is NULL" : "headers is NULL",
		            FIX);
		return;
	}
	SAY_UNSUPPORTED();
}

DOCA_EXPERIMENTAL doca_error_t doca_eth_txq_task_send_get_pkt(
        const struct doca_eth_txq_task_send *task_send, struct doca_buf **pkt)
{
	if (task_send == NULL || pkt == NULL) {
		SAY_BAD_ARG(task_send == NULL ? "task_send is NULL" : "pkt is NULL", FIX);
		return DOCA_ERROR_INVALID_VALUE;
	}
	SAY_UNSUPPORTED();
	return DOCA_ERROR_NOT_SUPPORTED;
}

DOCA_EXPERIMENTAL doca_error_t doca_eth_txq_task_lso_send_get_pkt_payload(
        const struct doca_eth_txq_task_lso_send *task_lso_send, struct doca_buf **pkt_payload)
{
	if (task_lso_send == NULL || pkt_payload == NULL) {
		SAY_BAD_ARG(task_lso_send == NULL ? "task_lso_send is NULL" : "pkt_payload is NULL",
		            FIX);
		return DOCA_ERROR_INVALID_VALUE;
	}
	SAY_UNSUPPORTED();
	return DOCA_ERROR_NOT_SUPPORTED;
}

DOCA_EXPERIMENTAL doca_error_t doca_eth_txq_task_lso_send_get_headers(
        const struct doca_eth_txq_task_lso_send *task_lso_send, struct doca_gather_list **headers)
{
	if (task_lso_send == NULL || headers == NULL) {
		SAY_BAD_ARG(task_lso_send == NULL ? "task_lso_send is NULL" : "headers is NULL",
		            FIX);
		return DOCA_ERROR_INVALID_VALUE;
	}
	SAY_UNSUPPORTED();
	return DOCA_ERROR_NOT_SUPPORTED;
}

DOCA_EXPERIMENTAL doca_error_t doca_eth_txq_task_send_get_metadata_array(
        struct doca_eth_txq_task_send *task_send, uint32_t **metadata_array)
{
	if (task_send == NULL || metadata_array == NULL) {
		SAY_BAD_ARG(task_send == NULL ? "task_send is NULL" : "metadata_array is NULL",
		            FIX);
		return DOCA_ERROR_INVALID_VALUE;
	}
	SAY_UNSUPPORTED();
	return DOCA_ERROR_NOT_SUPPORTED;
}

DOCA_EXPERIMENTAL doca_error_t doca_eth_txq_task_lso_send_get_metadata_array(
        struct doca_eth_txq_task_lso_send *task_lso_send, uint32_t **metadata_array)
{
	if (task_lso_send == NULL || metadata_array == NULL) {
		SAY_BAD_ARG(task_lso_send == NULL ? "task_lso_send is NULL"
		                                  : "metadata_array is NULL",
		            FIX);
		return DOCA_ERROR_INVALID_VALUE;
	}
	SAY_UNSUPPORTED();
	return DOCA_ERROR_NOT_SUPPORTED;
}

DOCA_EXPERIMENTAL doca_error_t doca_eth_txq_task_batch_send_get_metadata_array(
        struct doca_task_batch *task_batch_send, uint32_t **metadata_array)
{
	if (task_batch_send == NULL || metadata_array == NULL) {
		SAY_BAD_ARG(task_batch_send == NULL ? "task_batch_send is NULL"
		                                    : "metadata_array is NULL",
		            FIX);
		return DOCA_ERROR_INVALID_VALUE;
	}
	SAY_UNSUPPORTED();
	return DOCA_ERROR_NOT_SUPPORTED;
}

DOCA_EXPERIMENTAL doca_error_t doca_eth_txq_task_batch_lso_send_get_metadata_array(
        struct doca_task_batch *task_batch_lso_send, uint32_t **metadata_array)
{
	if (task_batch_lso_send == NULL || metadata_array == NULL) {
		SAY_BAD_ARG(task_batch_lso_send == NULL ? "task_batch_lso_send is NULL"
		                                        : "metadata_array is NULL",
		            FIX);
		return DOCA_ERROR_INVALID_VALUE;
	}
	SAY_UNSUPPORTED();
	return DOCA_ERROR_NOT_SUPPORTED;
}

DOCA_EXPERIMENTAL void
doca_eth_txq_task_lso_send_set_mss(struct doca_eth_txq_task_lso_send *task_lso_send, uint16_t mss)
{
	(void)mss;
	if (task_lso_send == NULL) {
		SAY_BAD_ARG("task_lso_send is NULL", FIX);
		return;
	}
	SAY_UNSUPPORTED();
}

DOCA_EXPERIMENTAL doca_error_t doca_eth_txq_task_batch_lso_send_get_mss_array(
        struct doca_task_batch *task_batch_lso_send, uint16_t **mss_array)
{
	if (task_batch_lso_send == NULL || mss_array == NULL) {
		SAY_BAD_ARG(task_batch_lso_send == NULL ? "task_batch_lso_send is NULL"
		                                        : "mss_array is NULL",
		            FIX);
		return DOCA_ERROR_INVALID_VALUE;
	}
	SAY_UNSUPPORTED();
	return DOCA_ERROR_NOT_SUPPORTED;
}

DOCA_EXPERIMENTAL void doca_eth_txq_task_send_set_ol_flags(struct doca_eth_txq_task_send *task_send,
                                                           uint16_t ol_flags)
{
	(void)ol_flags;
	if (task_send == NULL) {
		SAY_BAD_ARG("task_send is NULL", FIX);
		return;
	}
	SAY_UNSUPPORTED();
}

DOCA_EXPERIMENTAL void
doca_eth_txq_task_lso_send_set_ol_flags(struct doca_eth_txq_task_lso_send *task_lso_send,
                                        uint16_t ol_flags)
{
	(void)ol_flags;
	if (task_lso_send == NULL) {
		SAY_BAD_ARG("task_lso_send is NULL", FIX);
		return;
	}
	SAY_UNSUPPORTED();
}

DOCA_EXPERIMENTAL doca_error_t doca_eth_txq_task_batch_send_get_ol_flags_array(
        struct doca_task_batch *task_batch_send, uint16_t **ol_flags_array)
{
	if (task_batch_send == NULL || ol_flags_array == NULL) {
		SAY_BAD_ARG(task_batch_send == NULL ? "task_batch_send is NULL"
		                                    : "ol_flags_array is NULL",
		            FIX);
		return DOCA_ERROR_INVALID_VALUE;
	}
	SAY_UNSUPPORTED();
	return DOCA_ERROR_NOT_SUPPORTED;
}

DOCA_EXPERIMENTAL doca_error_t doca_eth_txq_task_batch_lso_send_get_ol_flags_array(
        struct doca_task_batch *task_batch_lso_send, uint16_t **ol_flags_array)
{
	if (task_batch_lso_send == NULL || ol_flags_array == NULL) {
		SAY_BAD_ARG(task_batch_lso_send == NULL ? "task_batch_lso_send is NULL"
		                                        : "ol_flags_array is NULL",
		            FIX);
		return DOCA_ERROR_INVALID_VALUE;
	}
	SAY_UNSUPPORTED();
	return DOCA_ERROR_NOT_SUPPORTED;
}

DOCA_EXPERIMENTAL struct doca_task *
doca_eth_txq_task_send_as_doca_task(struct doca_eth_txq_task_send *task_send)
{
	if (task_send == NULL) {
		SAY_BAD_ARG("task_send is NULL", FIX);
		return NULL;
	}
	SAY_UNSUPPORTED();
	return NULL;
}

DOCA_EXPERIMENTAL struct doca_task *
doca_eth_txq_task_lso_send_as_doca_task(struct doca_eth_txq_task_lso_send *task_lso_send)
{
	if (task_lso_send == NULL) {
		SAY_BAD_ARG("task_lso_send is NULL", FIX);
		return NULL;
	}
	SAY_UNSUPPORTED();
	return NULL;
}
