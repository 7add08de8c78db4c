/* SPDX-License-Identifier: BSD-3-Clause
 * Windows, `fast` mode: external pointers are host addresses; window fences are full
 * memory fences. Validation (handle, range, extended context) still happens, so bad
 * handles are reported in every mode. See window.h for the hooks other modes use.
 */
#include <stdio.h>

#include "core/config.h"
#include "core/log.h"
#include "dpa/dpa.h"
#include "dpa/window.h"

SDPA_LOG_REGISTER(dpa_window);

/* A locked read-modify-write on a thread-local word: a full barrier for the calling EU
 * (and a compiler barrier), without atomic_thread_fence, which gcc's TSan rejects. */
static _Thread_local sdpa_atomic_u32 fence_word;

static void window_fence(void)
{
	sdpa_fetch_add_acq_rel(&fence_word, 1);
}

void sdpa_window_eu_start(struct doca_dpa *dpa, unsigned int eu_id)
{
	(void)dpa;
	(void)eu_id;
}

void sdpa_window_eu_stop(struct doca_dpa *dpa, unsigned int eu_id)
{
	(void)dpa;
	(void)eu_id;
}

void sdpa_window_exec_begin(const struct sdpa_exec *ex)
{
	(void)ex;
}

void sdpa_window_exec_end(const struct sdpa_exec *ex, enum sdpa_exec_end how)
{
	(void)ex;
	(void)how;
}

static void who(char *buf, size_t size)
{
	struct sdpa_exec *ex = sdpa_exec_current();

	if (ex != NULL)
		sdpa_exec_describe(ex, buf, size);
	else
		snprintf(buf, size, "host code (not a DPA kernel)");
}

DOCA_EXPERIMENTAL doca_dpa_dev_uintptr_t
doca_dpa_dev_mmap_get_external_ptr(doca_dpa_dev_mmap_t mmap_handle, uint64_t addr)
{
	struct doca_mmap *m;
	char w[128];

	sdpa_exec_checkpoint();
	m = sdpa_mmap_lookup(mmap_handle);
	if (m == NULL) {
		who(w, sizeof(w));
		DOCA_LOG_RATE_LIMIT_ERR(
		        "doca_dpa_dev_mmap_get_external_ptr in %s: mmap handle %u is "
		        "not a started mmap; pass the handle from "
		        "doca_mmap_dev_get_dpa_handle",
		        w, mmap_handle);
		return 0;
	}
	if (!sdpa_mmap_contains(m, addr, 1)) {
		who(w, sizeof(w));
		DOCA_LOG_RATE_LIMIT_ERR(
		        "doca_dpa_dev_mmap_get_external_ptr in %s: address 0x%llx is "
		        "outside mmap %u [%p, +%zu); pass an address inside the "
		        "memrange",
		        w, (unsigned long long)addr, mmap_handle, (void *)m->addr, m->len);
		return 0;
	}
	return (doca_dpa_dev_uintptr_t)addr;
}

DOCA_EXPERIMENTAL doca_dpa_dev_uintptr_t doca_dpa_dev_buf_get_external_ptr(doca_dpa_dev_buf_t buf)
{
	const struct doca_dpa_dev_buf *b = (const struct doca_dpa_dev_buf *)(uintptr_t)buf;
	char w[128];

	sdpa_exec_checkpoint();
	if (b == NULL) {
		who(w, sizeof(w));
		DOCA_LOG_RATE_LIMIT_ERR("doca_dpa_dev_buf_get_external_ptr in %s: buf is 0; pass a "
		                        "buffer from doca_dpa_dev_buf_array_get_buf",
		                        w);
		return 0;
	}
	return doca_dpa_dev_mmap_get_external_ptr(b->mmap, b->addr);
}

DOCA_EXPERIMENTAL void priv_doca_dpa_thread_window_read_inv(void)
{
	sdpa_exec_checkpoint();
	window_fence();
}

DOCA_EXPERIMENTAL void priv_doca_dpa_thread_window_writeback(void)
{
	sdpa_exec_checkpoint();
	window_fence();
}
