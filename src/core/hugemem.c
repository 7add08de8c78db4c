/* SPDX-License-Identifier: BSD-3-Clause
 * Huge-page-backed blocks (hugemem.h): an anonymous mapping one huge page longer than
 * asked, trimmed to the aligned part, then marked MADV_HUGEPAGE.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include "core/hugemem.h"

static size_t huge_round(size_t bytes)
{
	return (bytes + SDPA_HUGE_PAGE - 1) & ~((size_t)SDPA_HUGE_PAGE - 1);
}

void *sdpa_huge_alloc(size_t bytes, size_t small, size_t *len)
{
	size_t n = huge_round(bytes);
	uint8_t *raw, *p;
	size_t head;

	*len = 0;
	if (n == 0 || n < bytes || n + SDPA_HUGE_PAGE < n)
		return NULL;
	small = small < n ? huge_round(small) : n;
	/* Charged to the commit limit as any allocation: a table too large for the machine is
	 * refused here (NO_MEMORY to the caller), not killed for later when it fills. */
	raw = mmap(NULL, n + SDPA_HUGE_PAGE, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS,
	           -1, 0);
	if (raw == MAP_FAILED)
		return NULL;
	/* Keep the aligned n bytes: a huge page needs a 2 MiB-aligned virtual range. */
	head = (SDPA_HUGE_PAGE - ((uintptr_t)raw & (SDPA_HUGE_PAGE - 1))) & (SDPA_HUGE_PAGE - 1);
	p = raw + head;
	if (head != 0)
		(void)munmap(raw, head);
	(void)munmap(p + n, SDPA_HUGE_PAGE - head);
	/* Hints: where the kernel has no huge pages to give, the block stays usable; where it
	 * gives them to every mapping ("always"), the small head still keeps small pages. */
	if (small != 0)
		(void)madvise(p, small, MADV_NOHUGEPAGE);
	if (n > small)
		(void)madvise(p + small, n - small, MADV_HUGEPAGE);
	*len = n;
	return p;
}

void sdpa_prefault(void *p, size_t len)
{
#ifdef MADV_POPULATE_WRITE
	uintptr_t pg = (uintptr_t)sysconf(_SC_PAGESIZE);
	uintptr_t a = ((uintptr_t)p + pg - 1) & ~(pg - 1);
	uintptr_t b = ((uintptr_t)p + len) & ~(pg - 1);

	if (b > a)
		(void)madvise((void *)a, b - a, MADV_POPULATE_WRITE);
#else
	(void)p;
	(void)len;
#endif
}

void sdpa_huge_free(void *p, size_t len)
{
	if (p != NULL)
		(void)munmap(p, len);
}

void *sdpa_table_alloc(size_t bytes, size_t *map_len)
{
	void *p;

	*map_len = 0;
	/* From half a huge page up: rounding up at most doubles the table, and costs less
	 * than making it resident 4 KiB at a time (about 5 us a page on a paravirtual host,
	 * 1.3 ms a MiB, against 0.1 ms for a huge page). */
	if (bytes >= SDPA_HUGE_PAGE / 2)
		return sdpa_huge_alloc(bytes, 0, map_len);
	bytes = (bytes + 63) & ~(size_t)63;
	p = aligned_alloc(64, bytes ? bytes : 64);
	if (p != NULL) {
		sdpa_prefault(p, bytes); /* one call, not a fault per page of the memset */
		memset(p, 0, bytes);     /* every page it touches written: none is the zero page */
	}
	return p;
}

void sdpa_table_free(void *p, size_t map_len)
{
	if (map_len != 0)
		sdpa_huge_free(p, map_len);
	else
		free(p);
}
