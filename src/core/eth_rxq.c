/* SPDX-License-Identifier: BSD-3-Clause
 * doca_eth_rxq (control path and CPU data path): not emulated yet. Every call checks its
 * arguments like DOCA (INVALID_VALUE with one line naming the argument), then refuses with
 * one rate-limited line naming itself. doca_eth_rxq_estimate_packet_buf_size is arithmetic
 * and is answered.
 */
#include <doca_eth_rxq.h>
#include <doca_eth_rxq_cpu_data_path.h>

#include "core/log.h"

SDPA_LOG_REGISTER(core_eth_rxq);

#define SAY_UNSUPPORTED()                                                                          \
	DOCA_LOG_RATE_LIMIT_ERR(                                                                   \
	        "%s is not supported by softdpa (Ethernet queues are not emulated)", __func__)

#define SAY_BAD_ARG(what, fix) DOCA_LOG_ERR("%s: %s; %s", __func__, what, fix)

#define FIX "pass the objects the call needs and a result pointer"

/* Memory a packet takes in the queue's range: the packet (or an LRO packet) with its
 * headroom and tailroom, in 64-byte strides. */
static uint64_t stride(uint32_t max_packet_size, uint8_t log_max_lro_pkt_sz, uint16_t head_size,
                       uint16_t tail_size)
{
	uint64_t pkt = max_packet_size;

	if (log_max_lro_pkt_sz > 0 && log_max_lro_pkt_sz < 32 && (1ULL << log_max_lro_pkt_sz) > pkt)
		pkt = 1ULL << log_max_lro_pkt_sz;
	return (pkt + head_size + tail_size + 63) / 64 * 64;
}

DOCA_EXPERIMENTAL doca_error_t doca_eth_rxq_estimate_packet_buf_size(
        enum doca_eth_rxq_type type, uint32_t rate, uint16_t pkt_max_time, uint32_t max_packet_size,
        uint32_t max_burst_size, uint8_t log_max_lro_pkt_sz, uint16_t head_size, uint16_t tail_size,
        uint32_t *buf_size)
{
	uint64_t per_pkt, in_flight, total;

	if (buf_size == NULL) {
		SAY_BAD_ARG("buf_size is NULL", "pass a result pointer");
		return DOCA_ERROR_INVALID_VALUE;
	}
	if (type != DOCA_ETH_RXQ_TYPE_CYCLIC && type != DOCA_ETH_RXQ_TYPE_MANAGED_MEMPOOL) {
		DOCA_LOG_ERR("%s: type %d has no packet buffer to size; use "
		             "DOCA_ETH_RXQ_TYPE_CYCLIC or DOCA_ETH_RXQ_TYPE_MANAGED_MEMPOOL",
		             __func__, (int)type);
		return DOCA_ERROR_INVALID_VALUE;
	}
	if (max_packet_size == 0 || max_burst_size == 0) {
		SAY_BAD_ARG(max_packet_size == 0 ? "max_packet_size is 0" : "max_burst_size is 0",
		            "give the queue's packet and burst sizes");
		return DOCA_ERROR_INVALID_VALUE;
	}
	per_pkt = stride(max_packet_size, log_max_lro_pkt_sz, head_size, tail_size);
	/* Packets of max_packet_size arriving at 'rate' Mb/s during pkt_max_time us. */
	in_flight = ((uint64_t)rate * pkt_max_time / 8 + max_packet_size - 1) / max_packet_size;
	if (in_flight < max_burst_size)
		in_flight = max_burst_size;
	total = in_flight * per_pkt;
	if (total > UINT32_MAX) {
		DOCA_LOG_ERR("%s: %llu bytes do not fit a uint32_t; lower the rate or the time a "
		             "packet is held",
		             __func__, (unsigned long long)total);
		return DOCA_ERROR_INVALID_VALUE;
	}
	*buf_size = (uint32_t)total;
	return DOCA_SUCCESS;
}

DOCA_EXPERIMENTAL doca_error_t doca_eth_rxq_create(struct doca_dev *dev, uint32_t max_burst_size,
                                                   uint32_t max_packet_size,
                                                   struct doca_eth_rxq **eth_rxq)
{
	(void)max_burst_size;
	(void)max_packet_size;
	if (dev == NULL || eth_rxq == NULL) {
		SAY_BAD_ARG(dev == NULL ? "dev is NULL" : "eth_rxq is NULL", FIX);
		return DOCA_ERROR_INVALID_VALUE;
	}
	SAY_UNSUPPORTED();
	return DOCA_ERROR_NOT_SUPPORTED;
}

DOCA_EXPERIMENTAL doca_error_t doca_eth_rxq_destroy(struct doca_eth_rxq *eth_rxq)
{
	if (eth_rxq == NULL) {
		SAY_BAD_ARG("eth_rxq is NULL", FIX);
		return DOCA_ERROR_INVALID_VALUE;
	}
	SAY_UNSUPPORTED();
	return DOCA_ERROR_NOT_SUPPORTED;
}

DOCA_EXPERIMENTAL struct doca_ctx *doca_eth_rxq_as_doca_ctx(struct doca_eth_rxq *eth_rxq)
{
	if (eth_rxq == NULL) {
		SAY_BAD_ARG("eth_rxq is NULL", FIX);
		return NULL;
	}
	SAY_UNSUPPORTED();
	return NULL;
}

DOCA_EXPERIMENTAL doca_error_t doca_eth_rxq_set_max_burst_size(struct doca_eth_rxq *eth_rxq,
                                                               uint32_t max_burst_size)
{
	(void)max_burst_size;
	if (eth_rxq == NULL) {
		SAY_BAD_ARG("eth_rxq is NULL", FIX);
		return DOCA_ERROR_INVALID_VALUE;
	}
	SAY_UNSUPPORTED();
	return DOCA_ERROR_NOT_SUPPORTED;
}

DOCA_EXPERIMENTAL doca_error_t doca_eth_rxq_set_max_packet_size(struct doca_eth_rxq *eth_rxq,
                                                                uint32_t max_packet_size)
{
	(void)max_packet_size;
	if (eth_rxq == NULL) {
		SAY_BAD_ARG("eth_rxq is NULL", FIX);
		return DOCA_ERROR_INVALID_VALUE;
	}
	SAY_UNSUPPORTED();
	return DOCA_ERROR_NOT_SUPPORTED;
}

DOCA_EXPERIMENTAL doca_error_t doca_eth_rxq_set_metadata_num(struct doca_eth_rxq *eth_rxq,
                                                             uint8_t metadata_num)
{
	(void)metadata_num;
	if (eth_rxq == NULL) {
		SAY_BAD_ARG("eth_rxq is NULL", FIX);
		return DOCA_ERROR_INVALID_VALUE;
	}
	SAY_UNSUPPORTED();
	return DOCA_ERROR_NOT_SUPPORTED;
}

DOCA_EXPERIMENTAL doca_error_t doca_eth_rxq_set_flow_tag(struct doca_eth_rxq *eth_rxq,
                                                         uint8_t enable_flow_tag)
{
	(void)enable_flow_tag;
	if (eth_rxq == NULL) {
		SAY_BAD_ARG("eth_rxq is NULL", FIX);
		return DOCA_ERROR_INVALID_VALUE;
	}
	SAY_UNSUPPORTED();
	return DOCA_ERROR_NOT_SUPPORTED;
}

DOCA_EXPERIMENTAL doca_error_t doca_eth_rxq_set_rx_hash(struct doca_eth_rxq *eth_rxq,
                                                        uint8_t enable_rx_hash)
{
	(void)enable_rx_hash;
	if (eth_rxq == NULL) {
		SAY_BAD_ARG("eth_rxq is NULL", FIX);
		return DOCA_ERROR_INVALID_VALUE;
	}
	SAY_UNSUPPORTED();
	return DOCA_ERROR_NOT_SUPPORTED;
}

DOCA_EXPERIMENTAL doca_error_t doca_eth_rxq_set_packet_headroom(struct doca_eth_rxq *eth_rxq,
                                                                uint16_t head_size)
{
	(void)head_size;
	if (eth_rxq == NULL) {
		SAY_BAD_ARG("eth_rxq is NULL", FIX);
		return DOCA_ERROR_INVALID_VALUE;
	}
	SAY_UNSUPPORTED();
	return DOCA_ERROR_NOT_SUPPORTED;
}

DOCA_EXPERIMENTAL doca_error_t doca_eth_rxq_set_packet_tailroom(struct doca_eth_rxq *eth_rxq,
                                                                uint16_t tail_size)
{
	(void)tail_size;
	if (eth_rxq == NULL) {
		SAY_BAD_ARG("eth_rxq is NULL", FIX);
		return DOCA_ERROR_INVALID_VALUE;
	}
	SAY_UNSUPPORTED();
	return DOCA_ERROR_NOT_SUPPORTED;
}

DOCA_EXPERIMENTAL doca_error_t doca_eth_rxq_set_timestamp(struct doca_eth_rxq *eth_rxq,
                                                          uint8_t enable_timestamp)
{
	(void)enable_timestamp;
	if (eth_rxq == NULL) {
		SAY_BAD_ARG("eth_rxq is NULL", FIX);
		return DOCA_ERROR_INVALID_VALUE;
	}
	SAY_UNSUPPORTED();
	return DOCA_ERROR_NOT_SUPPORTED;
}

DOCA_EXPERIMENTAL doca_error_t
doca_eth_rxq_set_max_recv_buf_list_len(struct doca_eth_rxq *eth_rxq, uint32_t max_recv_buf_list_len)
{
	(void)max_recv_buf_list_len;
	if (eth_rxq == NULL) {
		SAY_BAD_ARG("eth_rxq is NULL", FIX);
		return DOCA_ERROR_INVALID_VALUE;
	}
	SAY_UNSUPPORTED();
	return DOCA_ERROR_NOT_SUPPORTED;
}

DOCA_EXPERIMENTAL doca_error_t doca_eth_rxq_set_pkt_buf(struct doca_eth_rxq *eth_rxq,
                                                        struct doca_mmap *mmap,
                                                        uint32_t mmap_offset, uint32_t mmap_len)
{
	(void)mmap_offset;
	(void)mmap_len;
	if (eth_rxq == NULL || mmap == NULL) {
		SAY_BAD_ARG(eth_rxq == NULL ? "eth_rxq is NULL" : "mmap is NULL", FIX);
		return DOCA_ERROR_INVALID_VALUE;
	}
	SAY_UNSUPPORTED();
	return DOCA_ERROR_NOT_SUPPORTED;
}

DOCA_EXPERIMENTAL doca_error_t doca_eth_rxq_set_type(struct doca_eth_rxq *eth_rxq,
                                                     enum doca_eth_rxq_type type)
{
	(void)type;
	if (eth_rxq == NULL) {
		SAY_BAD_ARG("eth_rxq is NULL", FIX);
		return DOCA_ERROR_INVALID_VALUE;
	}
	SAY_UNSUPPORTED();
	return DOCA_ERROR_NOT_SUPPORTED;
}

DOCA_EXPERIMENTAL doca_error_t doca_eth_rxq_set_notification_moderation(
        struct doca_eth_rxq *eth_rxq, uint16_t period_usec, uint16_t comp_count)
{
	(void)period_usec;
	(void)comp_count;
	if (eth_rxq == NULL) {
		SAY_BAD_ARG("eth_rxq is NULL", FIX);
		return DOCA_ERROR_INVALID_VALUE;
	}
	SAY_UNSUPPORTED();
	return DOCA_ERROR_NOT_SUPPORTED;
}

DOCA_EXPERIMENTAL doca_error_t doca_eth_rxq_get_flow_queue_id(struct doca_eth_rxq *eth_rxq,
                                                              uint16_t *flow_queue_id)
{
	if (eth_rxq == NULL || flow_queue_id == NULL) {
		SAY_BAD_ARG(eth_rxq == NULL ? "eth_rxq is NULL" : "flow_queue_id is NULL", FIX);
		return DOCA_ERROR_INVALID_VALUE;
	}
	SAY_UNSUPPORTED();
	return DOCA_ERROR_NOT_SUPPORTED;
}

DOCA_EXPERIMENTAL doca_error_t doca_eth_rxq_apply_queue_id(struct doca_eth_rxq *eth_rxq,
                                                           uint16_t queue_id)
{
	(void)queue_id;
	if (eth_rxq == NULL) {
		SAY_BAD_ARG("eth_rxq is NULL", FIX);
		return DOCA_ERROR_INVALID_VALUE;
	}
	SAY_UNSUPPORTED();
	return DOCA_ERROR_NOT_SUPPORTED;
}

DOCA_EXPERIMENTAL doca_error_t doca_eth_rxq_get_gpu_handle(const struct doca_eth_rxq *eth_rxq,
                                                           struct doca_gpu_eth_rxq **eth_rxq_ext)
{
	if (eth_rxq == NULL || eth_rxq_ext == NULL) {
		SAY_BAD_ARG(eth_rxq == NULL ? "eth_rxq is NULL" : "eth_rxq_ext is NULL", FIX);
		return DOCA_ERROR_INVALID_VALUE;
	}
	SAY_UNSUPPORTED();
	return DOCA_ERROR_NOT_SUPPORTED;
}

DOCA_EXPERIMENTAL doca_error_t
doca_eth_rxq_cap_get_max_burst_size(const struct doca_devinfo *devinfo, uint32_t *max_burst_size)
{
	if (devinfo == NULL || max_burst_size == NULL) {
		SAY_BAD_ARG(devinfo == NULL ? "devinfo is NULL" : "max_burst_size is NULL", FIX);
		return DOCA_ERROR_INVALID_VALUE;
	}
	SAY_UNSUPPORTED();
	return DOCA_ERROR_NOT_SUPPORTED;
}

DOCA_EXPERIMENTAL doca_error_t
doca_eth_rxq_cap_get_max_metadata_num(const struct doca_devinfo *devinfo, uint8_t *max_metadata_num)
{
	if (devinfo == NULL || max_metadata_num == NULL) {
		SAY_BAD_ARG(devinfo == NULL ? "devinfo is NULL" : "max_metadata_num is NULL", FIX);
		return DOCA_ERROR_INVALID_VALUE;
	}
	SAY_UNSUPPORTED();
	return DOCA_ERROR_NOT_SUPPORTED;
}

DOCA_EXPERIMENTAL doca_error_t doca_eth_rxq_cap_get_max_packet_headroom(
        const struct doca_devinfo *devinfo, uint16_t *max_packet_headroom)
{
	if (devinfo == NULL || max_packet_headroom == NULL) {
		SAY_BAD_ARG(devinfo == NULL ? "devinfo is NULL" : "max_packet_headroom is NULL",
		            FIX);
		return DOCA_ERROR_INVALID_VALUE;
	}
	SAY_UNSUPPORTED();
	return DOCA_ERROR_NOT_SUPPORTED;
}

DOCA_EXPERIMENTAL doca_error_t doca_eth_rxq_cap_get_max_packet_tailroom(
        const struct doca_devinfo *devinfo, uint16_t *max_packet_tailroom)
{
	if (devinfo == NULL || max_packet_tailroom == NULL) {
		SAY_BAD_ARG(devinfo == NULL ? "devinfo is NULL" : "max_packet_tailroom is NULL",
		            FIX);
		return DOCA_ERROR_INVALID_VALUE;
	}
	SAY_UNSUPPORTED();
	return DOCA_ERROR_NOT_SUPPORTED;
}

DOCA_EXPERIMENTAL doca_error_t doca_eth_rxq_cap_get_max_recv_buf_list_len(
        const struct doca_devinfo *devinfo, uint32_t *max_recv_buf_list_len)
{
	if (devinfo == NULL || max_recv_buf_list_len == NULL) {
		SAY_BAD_ARG(devinfo == NULL ? "devinfo is NULL" : "max_recv_buf_list_len is NULL",
		            FIX);
		return DOCA_ERROR_INVALID_VALUE;
	}
	SAY_UNSUPPORTED();
	return DOCA_ERROR_NOT_SUPPORTED;
}

DOCA_EXPERIMENTAL doca_error_t
doca_eth_rxq_cap_get_max_packet_size(const struct doca_devinfo *devinfo, uint32_t *max_packet_size)
{
	if (devinfo == NULL || max_packet_size == NULL) {
		SAY_BAD_ARG(devinfo == NULL ? "devinfo is NULL" : "max_packet_size is NULL", FIX);
		return DOCA_ERROR_INVALID_VALUE;
	}
	SAY_UNSUPPORTED();
	return DOCA_ERROR_NOT_SUPPORTED;
}

DOCA_EXPERIMENTAL doca_error_t
doca_eth_rxq_cap_is_type_supported(const struct doca_devinfo *devinfo, enum doca_eth_rxq_type type,
                                   enum doca_eth_rxq_data_path_type data_path_type)
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

/* ---- CPU data path ---- */

DOCA_EXPERIMENTAL doca_error_t doca_eth_rxq_task_recv_set_conf(
        struct doca_eth_rxq *eth_rxq, doca_eth_rxq_task_recv_completion_cb_t task_completion_cb,
        doca_eth_rxq_task_recv_completion_cb_t task_error_cb, uint32_t task_recv_num)
{
	(void)task_recv_num;
	if (eth_rxq == NULL || task_completion_cb == NULL || task_error_cb == NULL) {
		SAY_BAD_ARG(eth_rxq == NULL              ? "eth_rxq is NULL"
		            : task_completion_cb == NULL ? "task_completion_cb is NULL"
		                                         : "task_error_cb is NULL",
		            FIX);
		return DOCA_ERROR_INVALID_VALUE;
	}
	SAY_UNSUPPORTED();
	return DOCA_ERROR_NOT_SUPPORTED;
}

DOCA_EXPERIMENTAL doca_error_t doca_eth_rxq_event_managed_recv_register(
        struct doca_eth_rxq *eth_rxq, union doca_data user_data,
        doca_eth_rxq_event_managed_recv_handler_cb_t success_event_handler,
        doca_eth_rxq_event_managed_recv_handler_cb_t error_event_handler)
{
	(void)user_data;
	if (eth_rxq == NULL || success_event_handler == NULL || error_event_handler == NULL) {
		SAY_BAD_ARG(eth_rxq == NULL                 ? "eth_rxq is NULL"
		            : success_event_handler == NULL ? "success_event_handler is NULL"
		                                            : "error_event_handler is NULL",
		            FIX);
		return DOCA_ERROR_INVALID_VALUE;
	}
	SAY_UNSUPPORTED();
	return DOCA_ERROR_NOT_SUPPORTED;
}

DOCA_EXPERIMENTAL doca_error_t doca_eth_rxq_event_batch_managed_recv_register(
        struct doca_eth_rxq *eth_rxq, enum doca_event_batch_events_number events_number_max,
        enum doca_event_batch_events_number events_number_min, union doca_data user_data,
        doca_eth_rxq_event_batch_managed_recv_handler_cb_t success_event_batch_handler,
        doca_eth_rxq_event_batch_managed_recv_handler_cb_t error_event_batch_handler)
{
	(void)events_number_max;
	(void)events_number_min;
	(void)user_data;
	if (eth_rxq == NULL || success_event_batch_handler == NULL ||
	    error_event_batch_handler == NULL) {
		SAY_BAD_ARG(eth_rxq == NULL ? "eth_rxq is NULL"
		            : success_event_batch_handler == NULL
		                    ? "success_event_batch_handler is NULL"
		                    : "error_event_batch_handler is NULL",
		            FIX);
		return DOCA_ERROR_INVALID_VALUE;
	}
	SAY_UNSUPPORTED();
	return DOCA_ERROR_NOT_SUPPORTED;
}

DOCA_EXPERIMENTAL doca_error_t doca_eth_rxq_task_recv_allocate_init(
        struct doca_eth_rxq *eth_rxq, struct doca_buf *pkt, union doca_data user_data,
        struct doca_eth_rxq_task_recv **task_recv)
{
	(void)user_data;
	if (eth_rxq == NULL || pkt == NULL || task_recv == NULL) {
		SAY_BAD_ARG(eth_rxq == NULL ? "eth_rxq is NULL"
		            : pkt == NULL   ? "pkt is NULL"
		                            : "task_recv is NULL",
		            FIX);
		return DOCA_ERROR_INVALID_VALUE;
	}
	SAY_UNSUPPORTED();
	return DOCA_ERROR_NOT_SUPPORTED;
}

DOCA_EXPERIMENTAL void doca_eth_rxq_task_recv_set_pkt(struct doca_eth_rxq_task_recv *task_recv,
                                                      struct doca_buf *pkt)
{
	if (task_recv == NULL || pkt == NULL) {
		SAY_BAD_ARG(task_recv == NULL ? "task_recv is NULL" : "pkt is NULL", FIX);
		return;
	}
	SAY_UNSUPPORTED();
}

DOCA_EXPERIMENTAL doca_error_t doca_eth_rxq_task_recv_get_pkt(
        const struct doca_eth_rxq_task_recv *task_recv, struct doca_buf **pkt)
{
	if (task_recv == NULL || pkt == NULL) {
		SAY_BAD_ARG(task_recv == NULL ? "task_recv is NULL" : "pkt is NULL", FIX);
		return DOCA_ERROR_INVALID_VALUE;
	}
	SAY_UNSUPPORTED();
	return DOCA_ERROR_NOT_SUPPORTED;
}

DOCA_EXPERIMENTAL doca_error_t
doca_eth_rxq_task_recv_get_l3_ok(const struct doca_eth_rxq_task_recv *task_recv, uint8_t *l3_ok)
{
	if (task_recv == NULL || l3_ok == NULL) {
		SAY_BAD_ARG(task_recv == NULL ? "task_recv is NULL" : "l3_ok is NULL", FIX);
		return DOCA_ERROR_INVALID_VALUE;
	}
	SAY_UNSUPPORTED();
	return DOCA_ERROR_NOT_SUPPORTED;
}

DOCA_EXPERIMENTAL doca_error_t doca_eth_rxq_event_managed_recv_get_l3_ok(
        const struct doca_eth_rxq_event_managed_recv *event_managed_recv, uint8_t *l3_ok)
{
	if (event_managed_recv == NULL || l3_ok == NULL) {
		SAY_BAD_ARG(event_managed_recv == NULL ? "event_managed_recv is NULL"
		                                       : "l3_ok is NULL",
		            FIX);
		return DOCA_ERROR_INVALID_VALUE;
	}
	SAY_UNSUPPORTED();
	return DOCA_ERROR_NOT_SUPPORTED;
}

DOCA_EXPERIMENTAL doca_error_t doca_eth_rxq_event_batch_managed_recv_get_l3_ok_array(
        const struct doca_eth_rxq_event_batch_managed_recv *event_batch_managed_recv,
        const uint8_t **l3_ok_array)
{
	if (event_batch_managed_recv == NULL || l3_ok_array == NULL) {
		SAY_BAD_ARG(event_batch_managed_recv == NULL ? "event_batch_managed_recv is NULL"
		                                             : "l3_ok_array is NULL",
		            FIX);
		return DOCA_ERROR_INVALID_VALUE;
	}
	SAY_UNSUPPORTED();
	return DOCA_ERROR_NOT_SUPPORTED;
}

DOCA_EXPERIMENTAL doca_error_t
doca_eth_rxq_task_recv_get_l4_ok(const struct doca_eth_rxq_task_recv *task_recv, uint8_t *l4_ok)
{
	if (task_recv == NULL || l4_ok == NULL) {
		SAY_BAD_ARG(task_recv == NULL ? "task_recv is NULL" : "l4_ok is NULL", FIX);
		return DOCA_ERROR_INVALID_VALUE;
	}
	SAY_UNSUPPORTED();
	return DOCA_ERROR_NOT_SUPPORTED;
}

DOCA_EXPERIMENTAL doca_error_t doca_eth_rxq_event_managed_recv_get_l4_ok(
        const struct doca_eth_rxq_event_managed_recv *event_managed_recv, uint8_t *l4_ok)
{
	if (event_managed_recv == NULL || l4_ok == NULL) {
		SAY_BAD_ARG(event_managed_recv == NULL ? "event_managed_recv is NULL"
		                                       : "l4_ok is NULL",
		            FIX);
		return DOCA_ERROR_INVALID_VALUE;
	}
	SAY_UNSUPPORTED();
	return DOCA_ERROR_NOT_SUPPORTED;
}

DOCA_EXPERIMENTAL doca_error_t doca_eth_rxq_event_batch_managed_recv_get_l4_ok_array(
        const struct doca_eth_rxq_event_batch_managed_recv *event_batch_managed_recv,
        const uint8_t **l4_ok_array)
{
	if (event_batch_managed_recv == NULL || l4_ok_array == NULL) {
		SAY_BAD_ARG(event_batch_managed_recv == NULL ? "event_batch_managed_recv is NULL"
		                                             : "l4_ok_array is NULL",
		            FIX);
		return DOCA_ERROR_INVALID_VALUE;
	}
	SAY_UNSUPPORTED();
	return DOCA_ERROR_NOT_SUPPORTED;
}

DOCA_EXPERIMENTAL doca_error_t doca_eth_rxq_task_recv_get_metadata_array(
        const struct doca_eth_rxq_task_recv *task_recv, const uint32_t **metadata_array)
{
	if (task_recv == NULL || metadata_array == NULL) {
		SAY_BAD_ARG(task_recv == NULL ? "task_recv is NULL" : "metadata_array is NULL",
		            FIX);
		return DOCA_ERROR_INVALID_VALUE;
	}
	SAY_UNSUPPORTED();
	return DOCA_ERROR_NOT_SUPPORTED;
}

DOCA_EXPERIMENTAL doca_error_t doca_eth_rxq_event_managed_recv_get_metadata_array(
        const struct doca_eth_rxq_event_managed_recv *event_managed_recv,
        const uint32_t **metadata_array)
{
	if (event_managed_recv == NULL || metadata_array == NULL) {
		SAY_BAD_ARG(event_managed_recv == NULL ? "event_managed_recv is NULL"
		                                       : "metadata_array is NULL",
		            FIX);
		return DOCA_ERROR_INVALID_VALUE;
	}
	SAY_UNSUPPORTED();
	return DOCA_ERROR_NOT_SUPPORTED;
}

DOCA_EXPERIMENTAL doca_error_t doca_eth_rxq_event_batch_managed_recv_get_metadata_array(
        const struct doca_eth_rxq_event_batch_managed_recv *event_batch_managed_recv,
        const uint32_t **metadata_array)
{
	if (event_batch_managed_recv == NULL || metadata_array == NULL) {
		SAY_BAD_ARG(event_batch_managed_recv == NULL ? "event_batch_managed_recv is NULL"
		                                             : "metadata_array is NULL",
		            FIX);
		return DOCA_ERROR_INVALID_VALUE;
	}
	SAY_UNSUPPORTED();
	return DOCA_ERROR_NOT_SUPPORTED;
}

DOCA_EXPERIMENTAL doca_error_t doca_eth_rxq_task_recv_get_flow_tag(
        const struct doca_eth_rxq_task_recv *task_recv, uint32_t *flow_tag)
{
	if (task_recv == NULL || flow_tag == NULL) {
		SAY_BAD_ARG(task_recv == NULL ? "task_recv is NULL" : "flow_tag is NULL", FIX);
		return DOCA_ERROR_INVALID_VALUE;
	}
	SAY_UNSUPPORTED();
	return DOCA_ERROR_NOT_SUPPORTED;
}

DOCA_EXPERIMENTAL doca_error_t doca_eth_rxq_event_managed_recv_get_flow_tag(
        const struct doca_eth_rxq_event_managed_recv *event_managed_recv, uint32_t *flow_tag)
{
	if (event_managed_recv == NULL || flow_tag == NULL) {
		SAY_BAD_ARG(event_managed_recv == NULL ? "event_managed_recv is NULL"
		                                       : "flow_tag is NULL",
		            FIX);
		return DOCA_ERROR_INVALID_VALUE;
	}
	SAY_UNSUPPORTED();
	return DOCA_ERROR_NOT_SUPPORTED;
}

DOCA_EXPERIMENTAL doca_error_t doca_eth_rxq_event_batch_managed_recv_get_flow_tag_array(
        const struct doca_eth_rxq_event_batch_managed_recv *event_batch_managed_recv,
        const uint32_t **flow_tag_array)
{
	if (event_batch_managed_recv == NULL || flow_tag_array == NULL) {
		SAY_BAD_ARG(event_batch_managed_recv == NULL ? "event_batch_managed_recv is NULL"
		                                             : "flow_tag_array is NULL",
		            FIX);
		return DOCA_ERROR_INVALID_VALUE;
	}
	SAY_UNSUPPORTED();
	return DOCA_ERROR_NOT_SUPPORTED;
}

DOCA_EXPERIMENTAL doca_error_t doca_eth_rxq_task_recv_get_rx_hash(
        const struct doca_eth_rxq_task_recv *task_recv, uint32_t *rx_hash)
{
	if (task_recv == NULL || rx_hash == NULL) {
		SAY_BAD_ARG(task_recv == NULL ? "task_recv is NULL" : "rx_hash is NULL", FIX);
		return DOCA_ERROR_INVALID_VALUE;
	}
	SAY_UNSUPPORTED();
	return DOCA_ERROR_NOT_SUPPORTED;
}

DOCA_EXPERIMENTAL doca_error_t doca_eth_rxq_event_managed_recv_get_rx_hash(
        const struct doca_eth_rxq_event_managed_recv *event_managed_recv, uint32_t *rx_hash)
{
	if (event_managed_recv == NULL || rx_hash == NULL) {
		SAY_BAD_ARG(event_managed_recv == NULL ? "event_managed_recv is NULL"
		                                       : "rx_hash is NULL",
		            FIX);
		return DOCA_ERROR_INVALID_VALUE;
	}
	SAY_UNSUPPORTED();
	return DOCA_ERROR_NOT_SUPPORTED;
}

DOCA_EXPERIMENTAL doca_error_t doca_eth_rxq_event_batch_managed_recv_get_rx_hash_array(
        const struct doca_eth_rxq_event_batch_managed_recv *event_batch_managed_recv,
        const uint32_t **rx_hash_array)
{
	if (event_batch_managed_recv == NULL || rx_hash_array == NULL) {
		SAY_BAD_ARG(event_batch_managed_recv == NULL ? "event_batch_managed_recv is NULL"
		                                             : "rx_hash_array is NULL",
		            FIX);
		return DOCA_ERROR_INVALID_VALUE;
	}
	SAY_UNSUPPORTED();
	return DOCA_ERROR_NOT_SUPPORTED;
}

DOCA_EXPERIMENTAL doca_error_t doca_eth_rxq_task_recv_get_timestamp(
        const struct doca_eth_rxq_task_recv *task_recv, uint64_t *timestamp)
{
	if (task_recv == NULL || timestamp == NULL) {
		SAY_BAD_ARG(task_recv == NULL ? "task_recv is NULL" : "timestamp is NULL", FIX);
		return DOCA_ERROR_INVALID_VALUE;
	}
	SAY_UNSUPPORTED();
	return DOCA_ERROR_NOT_SUPPORTED;
}

DOCA_EXPERIMENTAL doca_error_t doca_eth_rxq_event_managed_recv_get_timestamp(
        const struct doca_eth_rxq_event_managed_recv *event_managed_recv, uint64_t *timestamp)
{
	if (event_managed_recv == NULL || timestamp == NULL) {
		SAY_BAD_ARG(event_managed_recv == NULL ? "event_managed_recv is NULL"
		                                       : "timestamp is NULL",
		            FIX);
		return DOCA_ERROR_INVALID_VALUE;
	}
	SAY_UNSUPPORTED();
	return DOCA_ERROR_NOT_SUPPORTED;
}

DOCA_EXPERIMENTAL doca_error_t doca_eth_rxq_event_batch_managed_recv_get_timestamp_array(
        const struct doca_eth_rxq_event_batch_managed_recv *event_batch_managed_recv,
        const uint64_t **timestamp_array)
{
	if (event_batch_managed_recv == NULL || timestamp_array == NULL) {
		SAY_BAD_ARG(event_batch_managed_recv == NULL ? "event_batch_managed_recv is NULL"
		                                             : "timestamp_array is NULL",
		            FIX);
		return DOCA_ERROR_INVALID_VALUE;
	}
	SAY_UNSUPPORTED();
	return DOCA_ERROR_NOT_SUPPORTED;
}

DOCA_EXPERIMENTAL doca_error_t doca_eth_rxq_event_managed_recv_get_status(
        const struct doca_eth_rxq_event_managed_recv *event_managed_recv)
{
	if (event_managed_recv == NULL) {
		SAY_BAD_ARG("event_managed_recv is NULL", FIX);
		return DOCA_ERROR_INVALID_VALUE;
	}
	SAY_UNSUPPORTED();
	return DOCA_ERROR_NOT_SUPPORTED;
}

DOCA_EXPERIMENTAL void
doca_eth_rxq_event_batch_managed_recv_pkt_array_free(struct doca_buf **pkt_array)
{
	if (pkt_array == NULL) {
		SAY_BAD_ARG("pkt_array is NULL", FIX);
		return;
	}
	SAY_UNSUPPORTED();
}

DOCA_EXPERIMENTAL struct doca_ctx *doca_eth_rxq_event_managed_recv_get_ctx(
        const struct doca_eth_rxq_event_managed_recv *event_managed_recv)
{
	if (event_managed_recv == NULL) {
		SAY_BAD_ARG("event_managed_recv is NULL", FIX);
		return NULL;
	}
	SAY_UNSUPPORTED();
	return NULL;
}

DOCA_EXPERIMENTAL struct doca_ctx *doca_eth_rxq_event_batch_managed_recv_get_ctx(
        const struct doca_eth_rxq_event_batch_managed_recv *event_batch_managed_recv)
{
	if (event_batch_managed_recv == NULL) {
		SAY_BAD_ARG("event_batch_managed_recv is NULL", FIX);
		return NULL;
	}
	SAY_UNSUPPORTED();
	return NULL;
}

DOCA_EXPERIMENTAL struct doca_task *
doca_eth_rxq_task_recv_as_doca_task(struct doca_eth_rxq_task_recv *task_recv)
{
	if (task_recv == NULL) {
		SAY_BAD_ARG("task_recv is NULL", FIX);
		return NULL;
	}
	SAY_UNSUPPORTED();
	return NULL;
}
