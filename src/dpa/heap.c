/* SPDX-License-Identifier: BSD-3-Clause
 * The DPA heap: an arena the context mmaps; doca_dpa_dev_uintptr_t values are real host
 * pointers into it, so kernels dereference them directly. Block records live outside the
 * arena, so a kernel overrunning its block cannot corrupt the allocator.
 *
 * Strict mode (guarded): each block occupies whole pages and ends (rounded up to 64 B)
 * right before an inaccessible guard page, so the first access past its end faults in
 * the kernel that made it (fault.c reports it with sdpa_heap_describe_guard). The bytes
 * the guard cannot cover — the block's last line past its size, and the pad before it —
 * hold a red-zone pattern checked at doca_dpa_mem_free.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include "core/log.h"
#include "core/util.h"
#include "dpa/dpa.h"

SDPA_LOG_REGISTER(dpa_heap);

enum { HEAP_ALIGN = 64 };

static size_t page_size(void)
{
	return (size_t)sysconf(_SC_PAGESIZE);
}

doca_error_t sdpa_heap_init(struct sdpa_heap *h, size_t size, bool guarded)
{
	memset(h, 0, sizeof(*h));
	h->base = mmap(NULL, size, PROT_READ | PROT_WRITE,
	               MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
	if (h->base == MAP_FAILED) {
		h->base = NULL;
		DOCA_LOG_ERR("doca_dpa_start: cannot map the %zu MiB DPA heap; free memory or "
		             "raise the address-space limit",
		             size >> 20);
		return DOCA_ERROR_NO_MEMORY;
	}
	h->size = size;
	h->guarded = guarded;
	pthread_mutex_init(&h->lock, NULL);
	return DOCA_SUCCESS;
}

void sdpa_heap_fini(struct sdpa_heap *h, bool keep_mapping)
{
	struct sdpa_heap_block *b, *n;

	if (h->base == NULL)
		return;
	for (b = h->blocks; b != NULL; b = n) {
		n = b->next;
		free(b);
	}
	if (!keep_mapping)
		munmap(h->base, h->size);
	pthread_mutex_destroy(&h->lock);
	memset(h, 0, sizeof(*h));
}

/* The block holding [addr, addr+len), or NULL. Must hold h->lock. */
static struct sdpa_heap_block *find_block(struct sdpa_heap *h, uint64_t addr, size_t len)
{
	uint64_t base = (uint64_t)(uintptr_t)h->base;

	if (addr < base || addr >= base + h->size)
		return NULL;
	for (struct sdpa_heap_block *b = h->blocks; b != NULL; b = b->next) {
		uint64_t s = base + b->off;

		if (addr >= s && addr < s + b->size)
			return (len <= s + b->size - addr) ? b : NULL;
	}
	return NULL;
}

bool sdpa_heap_range_ok(struct sdpa_heap *h, uint64_t addr, size_t len)
{
	bool ok;

	if (h->base == NULL)
		return false;
	pthread_mutex_lock(&h->lock);
	ok = find_block(h, addr, len) != NULL;
	pthread_mutex_unlock(&h->lock);
	return ok;
}

static doca_error_t heap_ctx(struct doca_dpa *dpa, const char *fn, struct sdpa_heap **h)
{
	if (!sdpa_dpa_valid(dpa)) {
		DOCA_LOG_ERR("%s: dpa is NULL or not a DPA context; pass the context from "
		             "doca_dpa_create",
		             fn);
		return DOCA_ERROR_INVALID_VALUE;
	}
	if (!dpa->started) {
		DOCA_LOG_ERR("%s: DPA context %u is not started; call doca_dpa_start first", fn,
		             dpa->id);
		return DOCA_ERROR_BAD_STATE;
	}
	*h = &sdpa_dpa_root(dpa)->heap;
	return DOCA_SUCCESS;
}

DOCA_EXPERIMENTAL doca_error_t doca_dpa_mem_alloc(struct doca_dpa *dpa, size_t size,
                                                  doca_dpa_dev_uintptr_t *dev_ptr)
{
	struct sdpa_heap *h;
	struct sdpa_heap_block *b, **link;
	size_t need, span, off = 0;
	doca_error_t r;

	if (dev_ptr != NULL)
		*dev_ptr = 0;
	r = heap_ctx(dpa, __func__, &h);
	if (r != DOCA_SUCCESS)
		return r;
	if (dev_ptr == NULL || size == 0) {
		DOCA_LOG_ERR("doca_dpa_mem_alloc: %s; pass a size > 0 and a result pointer",
		             dev_ptr == NULL ? "dev_ptr is NULL" : "size is 0");
		return DOCA_ERROR_INVALID_VALUE;
	}
	if (size > h->size) {
		DOCA_LOG_ERR("doca_dpa_mem_alloc: %zu bytes exceed the %zu MiB DPA heap; allocate "
		             "less",
		             size, h->size >> 20);
		return DOCA_ERROR_NO_MEMORY;
	}
	need = (size + HEAP_ALIGN - 1) & ~(size_t)(HEAP_ALIGN - 1);
	span = need;
	if (h->guarded) {
		size_t pg = page_size();

		span = (need + pg - 1) / pg * pg + pg;
		if (span > h->size) {
			DOCA_LOG_ERR("doca_dpa_mem_alloc: %zu bytes and their red zones exceed the "
			             "%zu MiB DPA heap (strict mode); allocate less",
			             size, h->size >> 20);
			return DOCA_ERROR_NO_MEMORY;
		}
	}
	b = malloc(sizeof(*b));
	if (b == NULL) {
		DOCA_LOG_ERR("doca_dpa_mem_alloc: out of host memory; free memory and retry");
		return DOCA_ERROR_NO_MEMORY;
	}
	pthread_mutex_lock(&h->lock);
	/* First fit over the gaps between blocks, which are sorted by offset. */
	for (link = &h->blocks; *link != NULL; link = &(*link)->next) {
		if ((*link)->span_off - off >= span)
			break;
		off = (*link)->span_off + (*link)->span_len;
	}
	if (h->size - off < span && *link == NULL) {
		pthread_mutex_unlock(&h->lock);
		free(b);
		DOCA_LOG_ERR("doca_dpa_mem_alloc: the DPA heap has no free range of %zu bytes (%zu "
		             "of %zu in use%s); free memory with doca_dpa_mem_free",
		             size, h->used, h->size,
		             h->guarded ? ", each block taking whole pages in strict mode" : "");
		return DOCA_ERROR_NO_MEMORY;
	}
	b->span_off = off;
	b->span_len = span;
	b->off = h->guarded ? off + span - page_size() - need : off;
	b->size = size;
	b->next = *link;
	*link = b;
	h->used += span;
	if (h->guarded) {
		/* The guard page, and the red zones it cannot cover: the pad before the block
		 * and the block's last line past its size. */
		if (mprotect(h->base + off + span - page_size(), page_size(), PROT_NONE) != 0)
			DOCA_LOG_RATE_LIMIT_WARN(
			        "doca_dpa_mem_alloc: cannot protect the guard page "
			        "of a block; its overruns go unnoticed (raise "
			        "vm.max_map_count)");
		memset(h->base + off, SDPA_HEAP_REDZONE, b->off - off);
		memset(h->base + b->off + size, SDPA_HEAP_REDZONE, need - size);
	}
	pthread_mutex_unlock(&h->lock);
	/* Not zeroed, as on the DPA: poison, so code relying on zeroed memory shows it. */
	memset(h->base + b->off, SDPA_HEAP_POISON, size);
	*dev_ptr = (doca_dpa_dev_uintptr_t)(uintptr_t)(h->base + b->off);
	return DOCA_SUCCESS;
}

/* Strict: bytes of the red zones a kernel overwrote (the pad before, the slack after). */
static size_t redzone_damage(const struct sdpa_heap *h, const struct sdpa_heap_block *b,
                             size_t *before, size_t *after)
{
	size_t need = (b->size + HEAP_ALIGN - 1) & ~(size_t)(HEAP_ALIGN - 1);

	*before = *after = 0;
	for (size_t i = b->span_off; i < b->off; i++)
		*before += h->base[i] != SDPA_HEAP_REDZONE;
	for (size_t i = b->off + b->size; i < b->off + need; i++)
		*after += h->base[i] != SDPA_HEAP_REDZONE;
	return *before + *after;
}

bool sdpa_heap_describe_guard(struct sdpa_heap *h, uintptr_t addr, bool write, char *buf,
                              size_t size)
{
	uintptr_t base = (uintptr_t)h->base;
	bool found = false;

	if (!h->guarded || h->base == NULL || addr < base || addr >= base + h->size)
		return false;
	pthread_mutex_lock(&h->lock);
	for (struct sdpa_heap_block *b = h->blocks; b != NULL && !found; b = b->next) {
		uintptr_t guard = base + b->span_off + b->span_len - page_size();
		uintptr_t end = base + b->off + b->size;

		if (addr < guard || addr >= guard + page_size())
			continue;
		snprintf(buf, size,
		         "DPA heap overrun: a %s %zu bytes past the end of block 0x%llx of %zu "
		         "bytes (strict mode's red zone)",
		         write ? "store" : "load", (size_t)(addr - end),
		         (unsigned long long)(base + b->off), b->size);
		found = true;
	}
	pthread_mutex_unlock(&h->lock);
	return found;
}

DOCA_EXPERIMENTAL doca_error_t doca_dpa_mem_free(struct doca_dpa *dpa,
                                                 doca_dpa_dev_uintptr_t dev_ptr)
{
	struct sdpa_heap *h;
	struct sdpa_heap_block **link;
	doca_error_t r = heap_ctx(dpa, __func__, &h);

	if (r != DOCA_SUCCESS)
		return r;
	pthread_mutex_lock(&h->lock);
	for (link = &h->blocks; *link != NULL; link = &(*link)->next) {
		struct sdpa_heap_block *b = *link;

		if ((uint64_t)(uintptr_t)(h->base + b->off) == dev_ptr) {
			size_t before = 0, after = 0;

			*link = b->next;
			h->used -= b->span_len;
			/* Accessible again before another allocation may take the range. */
			if (h->guarded) {
				redzone_damage(h, b, &before, &after);
				mprotect(h->base + b->span_off + b->span_len - page_size(),
				         page_size(), PROT_READ | PROT_WRITE);
			}
			pthread_mutex_unlock(&h->lock);
			if (before + after != 0)
				DOCA_LOG_ERR(
				        "doca_dpa_mem_free: DPA heap block 0x%llx of %zu bytes was "
				        "overrun: %zu byte(s) of the red zone after its end and "
				        "%zu before its start were overwritten (by a kernel: "
				        "strict mode's guard page catches accesses from the next "
				        "64-byte line on). Fix the kernel's bounds",
				        (unsigned long long)dev_ptr, b->size, after, before);
			free(b);
			return DOCA_SUCCESS;
		}
	}
	pthread_mutex_unlock(&h->lock);
	DOCA_LOG_ERR("doca_dpa_mem_free: 0x%llx is not the start of a live DPA heap allocation "
	             "(freed twice, or not from doca_dpa_mem_alloc); pass the exact dev_ptr "
	             "doca_dpa_mem_alloc returned",
	             (unsigned long long)dev_ptr);
	return DOCA_ERROR_INVALID_VALUE;
}

static doca_error_t check_range(struct sdpa_heap *h, uint64_t p, size_t size, const void *host,
                                const char *fn)
{
	if (host == NULL) {
		DOCA_LOG_ERR("%s: host pointer is NULL; pass a host buffer of %zu bytes", fn, size);
		return DOCA_ERROR_INVALID_VALUE;
	}
	if (size == 0)
		return DOCA_SUCCESS;
	pthread_mutex_lock(&h->lock);
	if (find_block(h, p, size) == NULL) {
		pthread_mutex_unlock(&h->lock);
		DOCA_LOG_ERR(
		        "%s: DPA range [0x%llx, 0x%llx) is not inside one live doca_dpa_mem_alloc "
		        "block; check the pointer and the size",
		        fn, (unsigned long long)p, (unsigned long long)(p + size));
		return DOCA_ERROR_INVALID_VALUE;
	}
	pthread_mutex_unlock(&h->lock);
	return DOCA_SUCCESS;
}

DOCA_EXPERIMENTAL doca_error_t doca_dpa_h2d_memcpy(struct doca_dpa *dpa,
                                                   doca_dpa_dev_uintptr_t dst_ptr, void *src_ptr,
                                                   size_t size)
{
	struct sdpa_heap *h;
	doca_error_t r = heap_ctx(dpa, __func__, &h);

	if (r == DOCA_SUCCESS)
		r = check_range(h, dst_ptr, size, src_ptr, __func__);
	if (r == DOCA_SUCCESS && size)
		memcpy((void *)(uintptr_t)dst_ptr, src_ptr, size);
	return r;
}

DOCA_EXPERIMENTAL doca_error_t doca_dpa_d2h_memcpy(struct doca_dpa *dpa, void *dst_ptr,
                                                   doca_dpa_dev_uintptr_t src_ptr, size_t size)
{
	struct sdpa_heap *h;
	doca_error_t r = heap_ctx(dpa, __func__, &h);

	if (r == DOCA_SUCCESS)
		r = check_range(h, src_ptr, size, dst_ptr, __func__);
	if (r == DOCA_SUCCESS && size)
		memcpy(dst_ptr, (const void *)(uintptr_t)src_ptr, size);
	return r;
}

DOCA_EXPERIMENTAL doca_error_t doca_dpa_memset(struct doca_dpa *dpa, doca_dpa_dev_uintptr_t dev_ptr,
                                               int value, size_t size)
{
	struct sdpa_heap *h;
	doca_error_t r = heap_ctx(dpa, __func__, &h);

	if (r == DOCA_SUCCESS)
		r = check_range(h, dev_ptr, size, h, __func__);
	if (r == DOCA_SUCCESS && size)
		memset((void *)(uintptr_t)dev_ptr, value, size);
	return r;
}

DOCA_EXPERIMENTAL doca_error_t doca_dpa_h2d_buf_memcpy(struct doca_dpa *dpa,
                                                       doca_dpa_dev_uintptr_t dst_ptr,
                                                       struct doca_buf *buf, size_t size)
{
	(void)dpa;
	(void)dst_ptr;
	(void)buf;
	(void)size;
	DOCA_LOG_ERR("doca_dpa_h2d_buf_memcpy is not supported by softdpa (no doca_buf "
	             "inventories); use doca_dpa_h2d_memcpy with the buffer's address");
	return DOCA_ERROR_NOT_SUPPORTED;
}

DOCA_EXPERIMENTAL doca_error_t doca_dpa_d2h_buf_memcpy(struct doca_dpa *dpa, struct doca_buf *buf,
                                                       doca_dpa_dev_uintptr_t src_ptr, size_t size)
{
	(void)dpa;
	(void)buf;
	(void)src_ptr;
	(void)size;
	DOCA_LOG_ERR("doca_dpa_d2h_buf_memcpy is not supported by softdpa (no doca_buf "
	             "inventories); use doca_dpa_d2h_memcpy with the buffer's address");
	return DOCA_ERROR_NOT_SUPPORTED;
}
