/* SPDX-License-Identifier: BSD-3-Clause
 * Large zeroed blocks backed by transparent huge pages where the kernel has them (madvise
 * mode included), for tables a lookup walks at random: each 2 MiB page is one TLB entry
 * instead of 512. Without huge pages the block is ordinary anonymous memory.
 */
#ifndef SDPA_CORE_HUGEMEM_H
#define SDPA_CORE_HUGEMEM_H

#include <stddef.h>

enum { SDPA_HUGE_PAGE = 2u << 20 };

/* A zeroed block of at least 'bytes' bytes, aligned to SDPA_HUGE_PAGE; *len receives the
 * length to pass to sdpa_huge_free (bytes rounded up to SDPA_HUGE_PAGE). The first 'small'
 * bytes (rounded up to SDPA_HUGE_PAGE) stay on small pages, so a block that may stay
 * nearly empty costs a few KiB, not 2 MiB; the rest takes huge pages. Pages take no
 * memory until first touched. NULL when the kernel refuses the mapping (the address space
 * or, where it does not overcommit, the commit limit is exhausted). Any thread. */
void *sdpa_huge_alloc(size_t bytes, size_t small, size_t *len);

/* Give back a block of sdpa_huge_alloc; NULL is a no-op. */
void sdpa_huge_free(void *p, size_t len);

/* A zeroed table of at least 'bytes' bytes that lookups read at random: never on the
 * kernel's shared 4 KiB zero page, where a read of a word never written traps on some
 * hypervisors (about 4 us, seen on a paravirtual one). From half of SDPA_HUGE_PAGE up, a
 * block of sdpa_huge_alloc (no small head; an unwritten word reads the huge zero page, a
 * written region takes 2 MiB) and *map_len its length; below, a 64-byte-aligned malloc
 * block made resident in one call and zeroed (rounding it up to a huge page would cost
 * more than it holds) and *map_len 0. NULL on NO_MEMORY. Any thread. */
void *sdpa_table_alloc(size_t bytes, size_t *map_len);

/* Give back a table of sdpa_table_alloc with the *map_len it gave; NULL is a no-op. */
void sdpa_table_free(void *p, size_t map_len);

/* Make the whole pages inside [p, p + len) resident and writable now, in one system call
 * (MADV_POPULATE_WRITE), instead of one page fault at each first touch; their contents do
 * not change. Where a page fault is dear (a virtual machine) this is most of the cost of
 * filling fresh memory. A hint: a kernel without it (before Linux 5.14) faults as usual.
 * Any thread; [p, p + len) must be mapped. */
void sdpa_prefault(void *p, size_t len);

#endif
