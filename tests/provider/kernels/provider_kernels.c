/* DPA kernels of the provider tests, written as a DOCA user writes them. */
#include <doca_dpa_dev.h>
#include <doca_flow_dpa_provider_dev.h>

#include "prov_common.h"

/* Poll queue 'type'/'q' of 'obj' until 'want' completions arrived (bounded). */
static void wait_done(doca_flow_dpa_addr obj, enum doca_flow_dpa_queue_type type, uint32_t q,
                      uint32_t want, struct prov_result *r)
{
	struct doca_flow_dpa_completion_stats st;

	for (uint32_t spins = 0; r->completed < want && spins < 50000000u; spins++) {
		if (doca_flow_queue_poll_completion(obj, type, q, &st) != DOCA_SUCCESS)
			break;
		r->polls++;
		r->completed += st.num_completed;
		r->failed += st.num_failed;
	}
}

/* One request of any kind, flushed, then polled until it completes. */
__dpa_global__ void prov_one(uint64_t addr, uint32_t op, uint32_t offset, uint32_t index,
                             uint32_t end, uint64_t value, uint64_t result)
{
	struct prov_result *r = (struct prov_result *)result;
	enum doca_flow_dpa_queue_type type = DOCA_FLOW_DPA_QUEUE_TYPE_GENERAL;
	uint32_t want = 1;
	doca_error_t rc;

	switch (op) {
	case PROV_ENABLE:
		rc = doca_flow_pipe_hash_enable_index(addr, 0, index, true);
		break;
	case PROV_DISABLE:
		rc = doca_flow_pipe_hash_disable_index(addr, 0, index, true);
		break;
	case PROV_REPLACE:
		rc = doca_flow_pipe_hash_replace_index(addr, 0, index, (uint32_t)value, true);
		break;
	case PROV_MEM_UPDATE:
		type = DOCA_FLOW_DPA_QUEUE_TYPE_RESOURCES_WRITE;
		rc = doca_flow_external_resource_memory_update(addr, 0, offset, index, value, true);
		break;
	case PROV_MEM_READ:
		type = DOCA_FLOW_DPA_QUEUE_TYPE_RESOURCES_READ;
		rc = doca_flow_external_resource_memory_read(addr, 0, offset, index, &r->value,
		                                             true);
		break;
	case PROV_SEL_MODIFY:
		type = DOCA_FLOW_DPA_QUEUE_TYPE_RESOURCES_WRITE;
		rc = doca_flow_external_resource_index_selector_modify(
		        addr, 0, offset,
		        (enum doca_flow_external_resource_index_selector_operation)value, index,
		        true);
		break;
	case PROV_MEM_READ_RANGE:
		type = DOCA_FLOW_DPA_QUEUE_TYPE_RESOURCES_READ;
		want = end / 8 - index / 8 + 1;
		rc = doca_flow_external_resource_memory_read_range(addr, 0, offset, index, end,
		                                                   r->values, true);
		break;
	case PROV_SEL_MODIFY_RANGE:
		type = DOCA_FLOW_DPA_QUEUE_TYPE_RESOURCES_WRITE;
		want = (end - 1) / 32 - (index - 1) / 32 + 1; /* indices are 1-based */
		rc = doca_flow_external_resource_index_selector_modify_range(
		        addr, 0, offset,
		        (enum doca_flow_external_resource_index_selector_operation)value, index,
		        end, true);
		break;
	default:
		rc = DOCA_ERROR_INVALID_VALUE;
	}
	r->post_rc = (uint32_t)rc;
	if (rc == DOCA_SUCCESS)
		wait_done(addr, type, 0, want, r);
	__dpa_thread_memory_writeback();
}

/* Post disables without polling until the queue refuses (AGAIN), then drain and post again. */
__dpa_global__ void prov_fill(uint64_t addr, uint32_t nr_entries, uint64_t result)
{
	struct prov_result *r = (struct prov_result *)result;
	struct doca_flow_dpa_completion_stats st;
	uint32_t n = 0;

	while (doca_flow_pipe_hash_enable_index(addr, 0, n % nr_entries, true) == DOCA_SUCCESS)
		n++;
	r->again_after = n;
	wait_done(addr, DOCA_FLOW_DPA_QUEUE_TYPE_GENERAL, 0, n, r);
	if (doca_flow_pipe_hash_enable_index(addr, 0, 0, true) == DOCA_SUCCESS)
		r->resumed = 1;
	wait_done(addr, DOCA_FLOW_DPA_QUEUE_TYPE_GENERAL, 0, n + 1, r);
	(void)st;
	__dpa_thread_memory_writeback();
}

/* Re-path every entry: replace_index(i, base + i) for i in [0, n), in bursts, each rank on
 * its own GENERAL queue (rank) and its own slice of the entries. */
__dpa_global__ void prov_repath(uint64_t addr, uint32_t n, uint32_t base, uint32_t burst,
                                uint64_t results)
{
	unsigned int rank = doca_dpa_dev_thread_rank();
	unsigned int nt = doca_dpa_dev_num_threads();
	struct prov_result *r = (struct prov_result *)results + rank;
	struct doca_flow_dpa_completion_stats st;
	uint32_t posted = 0, in_batch = 0;

	for (uint32_t i = rank; i < n; i += nt) {
		bool last = i + nt >= n;
		doca_error_t rc;

		in_batch++;
		while ((rc = doca_flow_pipe_hash_replace_index(addr, rank, i, base + i,
		                                               in_batch == burst || last)) ==
		       DOCA_ERROR_AGAIN) {
			doca_flow_queue_flush(addr, DOCA_FLOW_DPA_QUEUE_TYPE_GENERAL, rank);
			if (doca_flow_queue_poll_completion(addr, DOCA_FLOW_DPA_QUEUE_TYPE_GENERAL,
			                                    rank, &st) == DOCA_SUCCESS) {
				r->completed += st.num_completed;
				r->failed += st.num_failed;
			}
		}
		if (rc != DOCA_SUCCESS) {
			r->post_rc = (uint32_t)rc;
			break;
		}
		if (in_batch == burst)
			in_batch = 0;
		posted++;
	}
	wait_done(addr, DOCA_FLOW_DPA_QUEUE_TYPE_GENERAL, rank, posted, r);
	__dpa_thread_memory_writeback();
}

/* Issue 17, the bug the asynchronous engine exposes: update slot 'index' to 'value', poll,
 * then read it back and use *value BEFORE polling the read (values[0]), and again after
 * the poll reported it (values[1]). 'old' is what *value held before the read. */
__dpa_global__ void prov_read_early(uint64_t addr, uint32_t index, uint64_t value, uint64_t old,
                                    uint64_t result)
{
	struct prov_result *r = (struct prov_result *)result;
	doca_error_t rc;

	rc = doca_flow_external_resource_memory_update(addr, 0, 0, index, value, true);
	r->post_rc = (uint32_t)rc;
	if (rc != DOCA_SUCCESS)
		return;
	wait_done(addr, DOCA_FLOW_DPA_QUEUE_TYPE_RESOURCES_WRITE, 0, 1, r);
	r->completed = 0;
	r->value = old;
	rc = doca_flow_external_resource_memory_read(addr, 0, 0, index, &r->value, true);
	r->post_rc = (uint32_t)rc;
	if (rc != DOCA_SUCCESS)
		return;
	r->values[0] = r->value; /* the bug: the read was not reported yet */
	wait_done(addr, DOCA_FLOW_DPA_QUEUE_TYPE_RESOURCES_READ, 0, 1, r);
	r->values[1] = r->value; /* correct: after the poll reported it */
	__dpa_thread_memory_writeback();
}

/* Post one request with flush and return without polling: a read into r->value (op
 * PROV_MEM_READ) or a disable (PROV_DISABLE). The kernel acts as if it took effect. */
__dpa_global__ void prov_post_nopoll(uint64_t addr, uint32_t op, uint32_t index, uint64_t result)
{
	struct prov_result *r = (struct prov_result *)result;
	doca_error_t rc;

	if (op == PROV_MEM_READ)
		rc = doca_flow_external_resource_memory_read(addr, 0, 0, index, &r->value, true);
	else
		rc = doca_flow_pipe_hash_disable_index(addr, 0, index, true);
	r->post_rc = (uint32_t)rc;
	__dpa_thread_memory_writeback();
}

/* Poll queue 'type' 0 until 'want' completions arrived. */
__dpa_global__ void prov_poll(uint64_t addr, uint32_t type, uint32_t want, uint64_t result)
{
	struct prov_result *r = (struct prov_result *)result;

	wait_done(addr, (enum doca_flow_dpa_queue_type)type, 0, want, r);
	__dpa_thread_memory_writeback();
}
