/* SPDX-License-Identifier: BSD-3-Clause
 * doca_eth_rxq (control path and CPU data path): not emulated yet. Every call checks its
 * arguments like DOCA (INVALID_VALUE with one line naming the argument), then refuses with
 * one rate-limited line naming itself. doca_eth_rxq_estimate_packet_buf_size is arithmetic
 * and is answered.
 */
#include <doca_eth_rxq.h>
#include <doca_eth_rxq_cpu_data_path.h>

#include "core/log.h"
#include "core/refuse.h"

SDPA_LOG_REGISTER(core_eth_rxq);

#define SAY_UNSUPPORTED() SDPA_SAY_REFUSED("Ethernet queues are not emulated")

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

	if (SDPA_NULL_ARGS("pass a result pointer", buf_size))
		return DOCA_ERROR_INVALID_VALUE;
	if (type != DOCA_ETH_RXQ_TYPE_CYCLIC && type != DOCA_ETH_RXQ_TYPE_MANAGED_MEMPOOL) {
		DOCA_LOG_ERR("%s: type %d has no packet buffer to size; use "
		             "DOCA_ETH_RXQ_TYPE_CYCLIC or DOCA_ETH_RXQ_TYPE_MANAGED_MEMPOOL",
		             __func__, (int)type);
		return DOCA_ERROR_INVALID_VALUE;
	}
	if (SDPA_BAD_ARG(max_packet_size == 0 || max_burst_size == 0,
	                 max_packet_size == 0 ? "max_packet_size is 0" : "max_burst_size is 0",
	                 "give the queue's packet and burst sizes"))
		return DOCA_ERROR_INVALID_VALUE;
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
	if (SDPA_NULL_ARGS(FIX, dev, eth_rxq))
		return DOCA_ERROR_INVALID_VALUE;
	SAY_UNSUPPORTED();
	return DOCA_ERROR_NOT_SUPPORTED;
}

DOCA_EXPERIMENTAL doca_error_t doca_eth_rxq_destroy(struct doca_eth_rxq *eth_rxq)
{
	if (SDPA_NULL_ARGS(FIX, eth_rxq))
		return DOCA_ERROR_INVALID_VALUE;
	SAY_UNSUPPORTED();
	return DOCA_ERROR_NOT_SUPPORTED;
}

DOCA_EXPERIMENTAL struct doca_ctx *doca_eth_rxq_as_doca_ctx(struct doca_eth_rxq *eth_rxq)
{
	if (!SDPA_NULL_ARGS(FIX, eth_rxq))
		SAY_UNSUPPORTED();
	return NULL;
}

DOCA_EXPERIMENTAL doca_error_t doca_eth_rxq_set_max_burst_size(struct doca_eth_rxq *eth_rxq,
                                                               uint32_t max_burst_size)
{
	(void)max_burst_size;
	if (SDPA_NULL_ARGS(FIX, eth_rxq))
		return DOCA_ERROR_INVALID_VALUE;
	SAY_UNSUPPORTED();
	return DOCA_ERROR_NOT_SUPPORTED;
}

DOCA_EXPERIMENTAL doca_error_t doca_eth_rxq_set_max_packet_size(struct doca_eth_rxq *eth_rxq,
                                                                uint32_t max_packet_size)
{
	(void)max_packet_size;
	if (SDPA_NULL_ARGS(FIX, eth_rxq))
		return DOCA_ERROR_INVALID_VALUE;
	SAY_UNSUPPORTED();
	return DOCA_ERROR_NOT_SUPPORTED;
}

DOCA_EXPERIMENTAL doca_error_t doca_eth_rxq_set_metadata_num(struct doca_eth_rxq *eth_rxq,
                                                             uint8_t metadata_num)
{
	(void)metadata_num;
	if (SDPA_NULL_ARGS(FIX, eth_rxq))
		return DOCA_ERROR_INVALID_VALUE;
	SAY_UNSUPPORTED();
	return DOCA_ERROR_NOT_SUPPORTED;
}

DOCA_EXPERIMENTAL doca_error_t doca_eth_rxq_set_flow_tag(struct doca_eth_rxq *eth_rxq,
                                                         uint8_t enable_flow_tag)
{
	(void)enable_flow_tag;
	if (SDPA_NULL_ARGS(FIX, eth_rxq))
		return DOCA_ERROR_INVALID_VALUE;
	SAY_UNSUPPORTED();
	return DOCA_ERROR_NOT_SUPPORTED;
}

DOCA_EXPERIMENTAL doca_error_t doca_eth_rxq_set_rx_hash(struct doca_eth_rxq *eth_rxq,
                                                        uint8_t enable_rx_hash)
{
	(void)enable_rx_hash;
	if (SDPA_NULL_ARGS(FIX, eth_rxq))
		return DOCA_ERROR_INVALID_VALUE;
	SAY_UNSUPPORTED();
	return DOCA_ERROR_NOT_SUPPORTED;
}

DOCA_EXPERIMENTAL doca_error_t doca_eth_rxq_set_packet_headroom(struct doca_eth_rxq *eth_rxq,
                                                                uint16_t head_size)
{
	(void)head_size;
	if (SDPA_NULL_ARGS(FIX, eth_rxq))
		return DOCA_ERROR_INVALID_VALUE;
	SAY_UNSUPPORTED();
	return DOCA_ERROR_NOT_SUPPORTED;
}

DOCA_EXPERIMENTAL doca_error_t doca_eth_rxq_set_packet_tailroom(struct doca_eth_rxq *eth_rxq,
                                                                uint16_t tail_size)
{
	(void)tail_size;
	if (SDPA_NULL_ARGS(FIX, eth_rxq))
		return DOCA_ERROR_INVALID_VALUE;
	SAY_UNSUPPORTED();
	return DOCA_ERROR_NOT_SUPPORTED;
}

DOCA_EXPERIMENTAL doca_error_t doca_eth_rxq_set_timestamp(struct doca_eth_rxq *eth_rxq,
                                                          uint8_t enable_timestamp)
{
	(void)enable_timestamp;
	if (SDPA_NULL_ARGS(FIX, eth_rxq))
		return DOCA_ERROR_INVALID_VALUE;
	SAY_UNSUPPORTED();
	return DOCA_ERROR_NOT_SUPPORTED;
}

DOCA_EXPERIMENTAL doca_error_t
doca_eth_rxq_set_max_recv_buf_list_len(struct doca_eth_rxq *eth_rxq, uint32_t max_recv_buf_list_len)
{
	(void)max_recv_buf_list_len;
	if (SDPA_NULL_ARGS(FIX, eth_rxq))
		return DOCA_ERROR_INVALID_VALUE;
	SAY_UNSUPPORTED();
	return DOCA_ERROR_NOT_SUPPORTED;
}

DOCA_EXPERIMENTAL doca_error_t doca_eth_rxq_set_pkt_buf(struct doca_eth_rxq *eth_rxq,
                                                        struct doca_mmap *mmap,
                                                        uint32_t mmap_offset, uint32_t mmap_len)
{
	(void)mmap_offset;
	(void)mmap_len;
	if (SDPA_NULL_ARGS(FIX, eth_rxq, mmap))
		return DOCA_ERROR_INVALID_VALUE;
	SAY_UNSUPPORTED();
	return DOCA_ERROR_NOT_SUPPORTED;
}

DOCA_EXPERIMENTAL doca_error_t doca_eth_rxq_set_type(struct doca_eth_rxq *eth_rxq,
                                                     enum doca_eth_rxq_type type)
{
	(void)type;
	if (SDPA_NULL_ARGS(FIX, eth_rxq))
		return DOCA_ERROR_INVALID_VALUE;
	SAY_UNSUPPORTED();
	return DOCA_ERROR_NOT_SUPPORTED;
}

DOCA_EXPERIMENTAL doca_error_t doca_eth_rxq_set_notification_moderation(
        struct doca_eth_rxq *eth_rxq, uint16_t period_usec, uint16_t comp_count)
{
	(void)period_usec;
	(void)comp_count;
	if (SDPA_NULL_ARGS(FIX, eth_rxq))
		return DOCA_ERROR_INVALID_VALUE;
	SAY_UNSUPPORTED();
	return DOCA_ERROR_NOT_SUPPORTED;
}

DOCA_EXPERIMENTAL doca_error_t doca_eth_rxq_get_flow_queue_id(struct doca_eth_rxq *eth_rxq,
                                                              uint16_t *flow_queue_id)
{
	if (SDPA_NULL_ARGS(FIX, eth_rxq, flow_queue_id))
		return DOCA_ERROR_INVALID_VALUE;
	SAY_UNSUPPORTED();
	return DOCA_ERROR_NOT_SUPPORTED;
}

DOCA_EXPERIMENTAL doca_error_t doca_eth_rxq_apply_queue_id(struct doca_eth_rxq *eth_rxq,
                                                           uint16_t queue_id)
{
	(void)queue_id;
	if (SDPA_NULL_ARGS(FIX, eth_rxq))
		return DOCA_ERROR_INVALID_VALUE;
	SAY_UNSUPPORTED();
	return DOCA_ERROR_NOT_SUPPORTED;
}

DOCA_EXPERIMENTAL doca_error_t doca_eth_rxq_get_gpu_handle(const struct doca_eth_rxq *eth_rxq,
                                                           struct doca_gpu_eth_rxq **eth_rxq_ext)
{
	if (SDPA_NULL_ARGS(FIX, eth_rxq, eth_rxq_ext))
		return DOCA_ERROR_INVALID_VALUE;
	SAY_UNSUPPORTED();
	return DOCA_ERROR_NOT_SUPPORTED;
}

DOCA_EXPERIMENTAL doca_error_t
doca_eth_rxq_cap_get_max_burst_size(const struct doca_devinfo *devinfo, uint32_t *max_burst_size)
{
	if (SDPA_NULL_ARGS(FIX, devinfo, max_burst_size))
		return DOCA_ERROR_INVALID_VALUE;
	SAY_UNSUPPORTED();
	return DOCA_ERROR_NOT_SUPPORTED;
}

DOCA_EXPERIMENTAL doca_error_t
doca_eth_rxq_cap_get_max_metadata_num(const struct doca_devinfo *devinfo, uint8_t *max_metadata_num)
{
	if (SDPA_NULL_ARGS(FIX, devinfo, max_metadata_num))
		return DOCA_ERROR_INVALID_VALUE;
	SAY_UNSUPPORTED();
	return DOCA_ERROR_NOT_SUPPORTED;
}

DOCA_EXPERIMENTAL doca_error_t doca_eth_rxq_cap_get_max_packet_headroom(
        const struct doca_devinfo *devinfo, uint16_t *max_packet_headroom)
{
	if (SDPA_NULL_ARGS(FIX, devinfo, max_packet_headroom))
		return DOCA_ERROR_INVALID_VALUE;
	SAY_UNSUPPORTED();
	return DOCA_ERROR_NOT_SUPPORTED;
}

DOCA_EXPERIMENTAL doca_error_t doca_eth_rxq_cap_get_max_packet_tailroom(
        const struct doca_devinfo *devinfo, uint16_t *max_packet_tailroom)
{
	if (SDPA_NULL_ARGS(FIX, devinfo, max_packet_tailroom))
		return DOCA_ERROR_INVALID_VALUE;
	SAY_UNSUPPORTED();
	return DOCA_ERROR_NOT_SUPPORTED;
}

DOCA_EXPERIMENTAL doca_error_t doca_eth_rxq_cap_get_max_recv_buf_list_len(
        const struct doca_devinfo *devinfo, uint32_t *max_recv_buf_list_len)
{
	if (SDPA_NULL_ARGS(FIX, devinfo, max_recv_buf_list_len))
		return DOCA_ERROR_INVALID_VALUE;
	SAY_UNSUPPORTED();
	return DOCA_ERROR_NOT_SUPPORTED;
}

DOCA_EXPERIMENTAL doca_error_t
doca_eth_rxq_cap_get_max_packet_size(const struct doca_devinfo *devinfo, uint32_t *max_packet_size)
{
	if (SDPA_NULL_ARGS(FIX, devinfo, max_packet_size))
		return DOCA_ERROR_INVALID_VALUE;
	SAY_UNSUPPORTED();
	return DOCA_ERROR_NOT_SUPPORTED;
}

DOCA_EXPERIMENTAL doca_error_t
doca_eth_rxq_cap_is_type_supported(const struct doca_devinfo *devinfo, enum doca_eth_rxq_type type,
                                   enum doca_eth_rxq_data_path_type data_path_type)
{
	(void)type;
	(void)data_path_type;
	if (SDPA_NULL_ARGS(FIX, devinfo))
		return DOCA_ERROR_INVALID_VALUE;
	SAY_UNSUPPORTED();
	return DOCA_ERROR_NOT_SUPPORTED;
}

/* ---- CPU data path ---- */

DOCA_EXPERIMENTAL doca_error_t doca_eth_rxq_task_recv_set_conf(
        struct doca_eth_rxq *eth_rxq, doca_eth_rxq_task_recv_completion_cb_t task_completion_cb,
        doca_eth_rxq_task_recv_completion_cb_t task_error_cb, uint32_t task_recv_num)
{
	(void)task_recv_num;
	if (SDPA_NULL_ARGS(FIX, eth_rxq, task_completion_cb, task_error_cb))
		return DOCA_ERROR_INVALID_VALUE;
	SAY_UNSUPPORTED();
	return DOCA_ERROR_NOT_SUPPORTED;
}

DOCA_EXPERIMENTAL doca_error_t doca_eth_rxq_event_managed_recv_register(
        struct doca_eth_rxq *eth_rxq, union doca_data user_data,
        doca_eth_rxq_event_managed_recv_handler_cb_t success_event_handler,
        doca_eth_rxq_event_managed_recv_handler_cb_t error_event_handler)
{
	(void)user_data;
	if (SDPA_NULL_ARGS(FIX, eth_rxq, success_event_handler, error_event_handler))
		return DOCA_ERROR_INVALID_VALUE;
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
	if (SDPA_NULL_ARGS(FIX, eth_rxq, success_event_batch_handler, error_event_batch_handler))
		return DOCA_ERROR_INVALID_VALUE;
	SAY_UNSUPPORTED();
	return DOCA_ERROR_NOT_SUPPORTED;
}

DOCA_EXPERIMENTAL doca_error_t doca_eth_rxq_task_recv_allocate_init(
        struct doca_eth_rxq *eth_rxq, struct doca_buf *pkt, union doca_data user_data,
        struct doca_eth_rxq_task_recv **task_recv)
{
	(void)user_data;
	if (SDPA_NULL_ARGS(FIX, eth_rxq, pkt, task_recv))
		return DOCA_ERROR_INVALID_VALUE;
	SAY_UNSUPPORTED();
	return DOCA_ERROR_NOT_SUPPORTED;
}

DOCA_EXPERIMENTAL void doca_eth_rxq_task_recv_set_pkt(struct doca_eth_rxq_task_recv *task_recv,
                                                      struct doca_buf *pkt)
{
	if (!SDPA_NULL_ARGS(FIX, task_recv, pkt))
		SAY_UNSUPPORTED();
}

DOCA_EXPERIMENTAL doca_error_t doca_eth_rxq_task_recv_get_pkt(
        const struct doca_eth_rxq_task_recv *task_recv, struct doca_buf **pkt)
{
	if (SDPA_NULL_ARGS(FIX, task_recv, pkt))
		return DOCA_ERROR_INVALID_VALUE;
	SAY_UNSUPPORTED();
	return DOCA_ERROR_NOT_SUPPORTED;
}

DOCA_EXPERIMENTAL doca_error_t
doca_eth_rxq_task_recv_get_l3_ok(const struct doca_eth_rxq_task_recv *task_recv, uint8_t *l3_ok)
{
	if (SDPA_NULL_ARGS(FIX, task_recv, l3_ok))
		return DOCA_ERROR_INVALID_VALUE;
	SAY_UNSUPPORTED();
	return DOCA_ERROR_NOT_SUPPORTED;
}

DOCA_EXPERIMENTAL doca_error_t doca_eth_rxq_event_managed_recv_get_l3_ok(
        const struct doca_eth_rxq_event_managed_recv *event_managed_recv, uint8_t *l3_ok)
{
	if (SDPA_NULL_ARGS(FIX, event_managed_recv, l3_ok))
		return DOCA_ERROR_INVALID_VALUE;
	SAY_UNSUPPORTED();
	return DOCA_ERROR_NOT_SUPPORTED;
}

DOCA_EXPERIMENTAL doca_error_t doca_eth_rxq_event_batch_managed_recv_get_l3_ok_array(
        const struct doca_eth_rxq_event_batch_managed_recv *event_batch_managed_recv,
        const uint8_t **l3_ok_array)
{
	if (SDPA_NULL_ARGS(FIX, event_batch_managed_recv, l3_ok_array))
		return DOCA_ERROR_INVALID_VALUE;
	SAY_UNSUPPORTED();
	return DOCA_ERROR_NOT_SUPPORTED;
}

DOCA_EXPERIMENTAL doca_error_t
doca_eth_rxq_task_recv_get_l4_ok(const struct doca_eth_rxq_task_recv *task_recv, uint8_t *l4_ok)
{
	if (SDPA_NULL_ARGS(FIX, task_recv, l4_ok))
		return DOCA_ERROR_INVALID_VALUE;
	SAY_UNSUPPORTED();
	return DOCA_ERROR_NOT_SUPPORTED;
}

DOCA_EXPERIMENTAL doca_error_t doca_eth_rxq_event_managed_recv_get_l4_ok(
        const struct doca_eth_rxq_event_managed_recv *event_managed_recv, uint8_t *l4_ok)
{
	if (SDPA_NULL_ARGS(FIX, event_managed_recv, l4_ok))
		return DOCA_ERROR_INVALID_VALUE;
	SAY_UNSUPPORTED();
	return DOCA_ERROR_NOT_SUPPORTED;
}

DOCA_EXPERIMENTAL doca_error_t doca_eth_rxq_event_batch_managed_recv_get_l4_ok_array(
        const struct doca_eth_rxq_event_batch_managed_recv *event_batch_managed_recv,
        const uint8_t **l4_ok_array)
{
	if (SDPA_NULL_ARGS(FIX, event_batch_managed_recv, l4_ok_array))
		return DOCA_ERROR_INVALID_VALUE;
	SAY_UNSUPPORTED();
	return DOCA_ERROR_NOT_SUPPORTED;
}

DOCA_EXPERIMENTAL doca_error_t doca_eth_rxq_task_recv_get_metadata_array(
        const struct doca_eth_rxq_task_recv *task_recv, const uint32_t **metadata_array)
{
	if (SDPA_NULL_ARGS(FIX, task_recv, metadata_array))
		return DOCA_ERROR_INVALID_VALUE;
	SAY_UNSUPPORTED();
	return DOCA_ERROR_NOT_SUPPORTED;
}

DOCA_EXPERIMENTAL doca_error_t doca_eth_rxq_event_managed_recv_get_metadata_array(
        const struct doca_eth_rxq_event_managed_recv *event_managed_recv,
        const uint32_t **metadata_array)
{
	if (SDPA_NULL_ARGS(FIX, event_managed_recv, metadata_array))
		return DOCA_ERROR_INVALID_VALUE;
	SAY_UNSUPPORTED();
	return DOCA_ERROR_NOT_SUPPORTED;
}

DOCA_EXPERIMENTAL doca_error_t doca_eth_rxq_event_batch_managed_recv_get_metadata_array(
        const struct doca_eth_rxq_event_batch_managed_recv *event_batch_managed_recv,
        const uint32_t **metadata_array)
{
	if (SDPA_NULL_ARGS(FIX, event_batch_managed_recv, metadata_array))
		return DOCA_ERROR_INVALID_VALUE;
	SAY_UNSUPPORTED();
	return DOCA_ERROR_NOT_SUPPORTED;
}

DOCA_EXPERIMENTAL doca_error_t doca_eth_rxq_task_recv_get_flow_tag(
        const struct doca_eth_rxq_task_recv *task_recv, uint32_t *flow_tag)
{
	if (SDPA_NULL_ARGS(FIX, task_recv, flow_tag))
		return DOCA_ERROR_INVALID_VALUE;
	SAY_UNSUPPORTED();
	return DOCA_ERROR_NOT_SUPPORTED;
}

DOCA_EXPERIMENTAL doca_error_t doca_eth_rxq_event_managed_recv_get_flow_tag(
        const struct doca_eth_rxq_event_managed_recv *event_managed_recv, uint32_t *flow_tag)
{
	if (SDPA_NULL_ARGS(FIX, event_managed_recv, flow_tag))
		return DOCA_ERROR_INVALID_VALUE;
	SAY_UNSUPPORTED();
	return DOCA_ERROR_NOT_SUPPORTED;
}

DOCA_EXPERIMENTAL doca_error_t doca_eth_rxq_event_batch_managed_recv_get_flow_tag_array(
        const struct doca_eth_rxq_event_batch_managed_recv *event_batch_managed_recv,
        const uint32_t **flow_tag_array)
{
	if (SDPA_NULL_ARGS(FIX, event_batch_managed_recv, flow_tag_array))
		return DOCA_ERROR_INVALID_VALUE;
	SAY_UNSUPPORTED();
	return DOCA_ERROR_NOT_SUPPORTED;
}

DOCA_EXPERIMENTAL doca_error_t doca_eth_rxq_task_recv_get_rx_hash(
        const struct doca_eth_rxq_task_recv *task_recv, uint32_t *rx_hash)
{
	if (SDPA_NULL_ARGS(FIX, task_recv, rx_hash))
		return DOCA_ERROR_INVALID_VALUE;
	SAY_UNSUPPORTED();
	return DOCA_ERROR_NOT_SUPPORTED;
}

DOCA_EXPERIMENTAL doca_error_t doca_eth_rxq_event_managed_recv_get_rx_hash(
        const struct doca_eth_rxq_event_managed_recv *event_managed_recv, uint32_t *rx_hash)
{
	if (SDPA_NULL_ARGS(FIX, event_managed_recv, rx_hash))
		return DOCA_ERROR_INVALID_VALUE;
	SAY_UNSUPPORTED();
	return DOCA_ERROR_NOT_SUPPORTED;
}

DOCA_EXPERIMENTAL doca_error_t doca_eth_rxq_event_batch_managed_recv_get_rx_hash_array(
        const struct doca_eth_rxq_event_batch_managed_recv *event_batch_managed_recv,
        const uint32_t **rx_hash_array)
{
	if (SDPA_NULL_ARGS(FIX, event_batch_managed_recv, rx_hash_array))
		return DOCA_ERROR_INVALID_VALUE;
	SAY_UNSUPPORTED();
	return DOCA_ERROR_NOT_SUPPORTED;
}

DOCA_EXPERIMENTAL doca_error_t doca_eth_rxq_task_recv_get_timestamp(
        const struct doca_eth_rxq_task_recv *task_recv, uint64_t *timestamp)
{
	if (SDPA_NULL_ARGS(FIX, task_recv, timestamp))
		return DOCA_ERROR_INVALID_VALUE;
	SAY_UNSUPPORTED();
	return DOCA_ERROR_NOT_SUPPORTED;
}

DOCA_EXPERIMENTAL doca_error_t doca_eth_rxq_event_managed_recv_get_timestamp(
        const struct doca_eth_rxq_event_managed_recv *event_managed_recv, uint64_t *timestamp)
{
	if (SDPA_NULL_ARGS(FIX, event_managed_recv, timestamp))
		return DOCA_ERROR_INVALID_VALUE;
	SAY_UNSUPPORTED();
	return DOCA_ERROR_NOT_SUPPORTED;
}

DOCA_EXPERIMENTAL doca_error_t doca_eth_rxq_event_batch_managed_recv_get_timestamp_array(
        const struct doca_eth_rxq_event_batch_managed_recv *event_batch_managed_recv,
        const uint64_t **timestamp_array)
{
	if (SDPA_NULL_ARGS(FIX, event_batch_managed_recv, timestamp_array))
		return DOCA_ERROR_INVALID_VALUE;
	SAY_UNSUPPORTED();
	return DOCA_ERROR_NOT_SUPPORTED;
}

DOCA_EXPERIMENTAL doca_error_t doca_eth_rxq_event_managed_recv_get_status(
        const struct doca_eth_rxq_event_managed_recv *event_managed_recv)
{
	if (SDPA_NULL_ARGS(FIX, event_managed_recv))
		return DOCA_ERROR_INVALID_VALUE;
	SAY_UNSUPPORTED();
	return DOCA_ERROR_NOT_SUPPORTED;
}

DOCA_EXPERIMENTAL void
doca_eth_rxq_event_batch_managed_recv_pkt_array_free(struct doca_buf **pkt_array)
{
	if (!SDPA_NULL_ARGS(FIX, pkt_array))
		SAY_UNSUPPORTED();
}

DOCA_EXPERIMENTAL struct doca_ctx *doca_eth_rxq_event_managed_recv_get_ctx(
        const struct doca_eth_rxq_event_managed_recv *event_managed_recv)
{
	if (!SDPA_NULL_ARGS(FIX, event_managed_recv))
		SAY_UNSUPPORTED();
	return NULL;
}

DOCA_EXPERIMENTAL struct doca_ctx *doca_eth_rxq_event_batch_managed_recv_get_ctx(
        const struct doca_eth_rxq_event_batch_managed_recv *event_batch_managed_recv)
{
	if (!SDPA_NULL_ARGS(FIX, event_batch_managed_recv))
		SAY_UNSUPPORTED();
	return NULL;
}

DOCA_EXPERIMENTAL struct doca_task *
doca_eth_rxq_task_recv_as_doca_task(struct doca_eth_rxq_task_recv *task_recv)
{
	if (!SDPA_NULL_ARGS(FIX, task_recv))
		SAY_UNSUPPORTED();
	return NULL;
}
