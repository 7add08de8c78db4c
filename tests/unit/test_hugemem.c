/* SPDX-License-Identifier: BSD-3-Clause
 * core/hugemem: blocks aligned to a huge page, rounded up, zeroed, writable end to end, and
 * given back whole (no address space left behind), a small head advised off huge pages and
 * the rest onto them; tables (sdpa_table_alloc) never on the 4 KiB zero page;
 * sdpa_prefault makes the whole pages of a range resident without changing a byte, and
 * nothing outside the range.
 */
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include "core/hugemem.h"
#include "t_helpers.h"

static void test_alloc_shapes(void **state)
{
	static const size_t sizes[] = {1,
	                               4096,
	                               SDPA_HUGE_PAGE - 1,
	                               SDPA_HUGE_PAGE,
	                               SDPA_HUGE_PAGE + 1,
	                               5 * (size_t)SDPA_HUGE_PAGE + 123};

	(void)state;
	for (size_t i = 0; i < sizeof(sizes) / sizeof(sizes[0]); i++) {
		size_t len = 0;
		uint8_t *p = sdpa_huge_alloc(sizes[i], 0, &len);

		assert_non_null(p);
		assert_int_equal((uintptr_t)p % SDPA_HUGE_PAGE, 0);
		assert_int_equal(len % SDPA_HUGE_PAGE, 0);
		assert_true(len >= sizes[i] && len - sizes[i] < SDPA_HUGE_PAGE);
		/* zeroed, and every byte of len is ours */
		assert_int_equal(p[0], 0);
		assert_int_equal(p[len - 1], 0);
		memset(p, 0xa5, len);
		assert_int_equal(p[len / 2], 0xa5);
		sdpa_huge_free(p, len);
	}
}

/* The process's virtual size in pages (/proc/self/statm's first field). */
static size_t vm_pages(void)
{
	FILE *f = fopen("/proc/self/statm", "r");
	unsigned long n = 0;

	assert_non_null(f);
	assert_int_equal(fscanf(f, "%lu", &n), 1);
	fclose(f);
	return n;
}

static void test_bad_and_repeated(void **state)
{
	size_t len = 77;

	(void)state;
	assert_null(sdpa_huge_alloc(0, 0, &len));
	assert_int_equal(len, 0);
	assert_null(sdpa_huge_alloc(SIZE_MAX - 10, 0, &len)); /* rounding would wrap */
	assert_int_equal(len, 0);
	sdpa_huge_free(NULL, 0); /* a no-op */
	/* Each block is given back whole, with nothing of the over-sized mapping left:
	 * the process's address space is the same after 1000 rounds. */
	{
		size_t before = vm_pages();

		for (int i = 0; i < 1000; i++) {
			void *p = sdpa_huge_alloc(2 * (size_t)SDPA_HUGE_PAGE + 1, SDPA_HUGE_PAGE,
			                          &len);

			assert_non_null(p);
			sdpa_huge_free(p, len);
		}
		assert_int_equal(vm_pages(), before);
	}
}

/* The small head (rounded up to a huge page) keeps small pages, the rest is advised onto
 * huge ones; a head as long as the block leaves no huge part; none leaves no small one. */
static void test_small_head(void **state)
{
	const size_t H = SDPA_HUGE_PAGE;
	size_t len;
	uint8_t *p;

	(void)state;
	p = sdpa_huge_alloc(4 * H, 1, &len);
	assert_non_null(p);
	assert_int_equal(len, 4 * H);
	assert_int_equal(t_vm_advice(p), 'n');
	assert_int_equal(t_vm_advice(p + H - 1), 'n');
	assert_int_equal(t_vm_advice(p + H), 'h');
	assert_int_equal(t_vm_advice(p + len - 1), 'h');
	memset(p, 0x11, len); /* every byte writable */
	sdpa_huge_free(p, len);

	p = sdpa_huge_alloc(2 * H, 5 * H, &len);
	assert_non_null(p);
	assert_int_equal(len, 2 * H);
	assert_int_equal(t_vm_advice(p), 'n');
	assert_int_equal(t_vm_advice(p + len - 1), 'n');
	sdpa_huge_free(p, len);

	p = sdpa_huge_alloc(H, 0, &len);
	assert_non_null(p);
	assert_int_equal(t_vm_advice(p), 'h');
	sdpa_huge_free(p, len);
}

/* A table: from half a huge page up, a huge-advised block of whole huge pages; below, a
 * malloc block whose every byte is zero and every page resident (none the shared zero
 * page); freed by its length. */
static void test_table_alloc(void **state)
{
	long pg = sysconf(_SC_PAGESIZE);
	size_t len = 1;
	uint8_t *p;

	(void)state;
	p = sdpa_table_alloc(3 * (size_t)SDPA_HUGE_PAGE, &len);
	assert_non_null(p);
	assert_int_equal(len, 3 * (size_t)SDPA_HUGE_PAGE);
	assert_int_equal(t_vm_advice(p), 'h');
	assert_int_equal(p[len - 1], 0);
	sdpa_table_free(p, len);
	p = sdpa_table_alloc(SDPA_HUGE_PAGE / 2, &len);
	assert_non_null(p);
	assert_int_equal(len, SDPA_HUGE_PAGE);
	assert_int_equal(t_vm_advice(p), 'h');
	sdpa_table_free(p, len);
	p = sdpa_table_alloc(SDPA_HUGE_PAGE / 2 - 1, &len);
	assert_non_null(p);
	assert_int_equal(len, 0);
	sdpa_table_free(p, len);
	for (size_t bytes = 1; bytes < SDPA_HUGE_PAGE / 2; bytes = bytes * 7 + 1) {
		uintptr_t lo, hi;
		unsigned char in[SDPA_HUGE_PAGE / 4096 + 2];

		p = sdpa_table_alloc(bytes, &len);
		assert_non_null(p);
		assert_int_equal(len, 0);
		assert_int_equal((uintptr_t)p % 64, 0);
		for (size_t i = 0; i < bytes; i++)
			assert_int_equal(p[i], 0);
		lo = (uintptr_t)p & ~(uintptr_t)(pg - 1);
		hi = ((uintptr_t)p + bytes + (uintptr_t)pg - 1) & ~(uintptr_t)(pg - 1);
		assert_int_equal(mincore((void *)lo, hi - lo, in), 0);
		for (uintptr_t i = 0; i < (hi - lo) / (uintptr_t)pg; i++)
			assert_true(in[i] & 1);
		sdpa_table_free(p, len);
	}
	sdpa_table_free(NULL, 0);
}

/* Resident pages of [p, p + n pages), by mincore. */
static size_t resident(const uint8_t *p, size_t n, size_t pg)
{
	unsigned char v[64];
	size_t r = 0;

	assert_true(n <= sizeof(v));
	assert_int_equal(mincore((void *)(uintptr_t)p, n * pg, v), 0);
	for (size_t i = 0; i < n; i++)
		r += v[i] & 1;
	return r;
}

static void test_prefault(void **state)
{
	size_t pg = (size_t)sysconf(_SC_PAGESIZE);
	uint8_t *p =
	        mmap(NULL, 64 * pg, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);

	(void)state;
	assert_true(p != MAP_FAILED);
	assert_int_equal(resident(p, 64, pg), 0);
	/* Pages 8..23 hold data; prefaulting from the middle of page 4 to the middle of page
	 * 40 makes pages 5..39 resident (the whole pages inside the range) and changes
	 * nothing. */
	memset(p + 8 * pg, 0x5a, 16 * pg);
	assert_int_equal(resident(p, 64, pg), 16);
	sdpa_prefault(p + 4 * pg + pg / 2, 36 * pg);
#ifdef MADV_POPULATE_WRITE
	/* The last page tells whether this kernel populates (Linux 5.14 on). */
	if (madvise(p + 63 * pg, pg, MADV_POPULATE_WRITE) != 0) {
		print_message(
		        "MADV_POPULATE_WRITE not supported by this kernel: nothing checked\n");
	} else {
		unsigned char v[64];

		assert_int_equal(mincore(p, 64 * pg, v), 0);
		for (size_t i = 0; i < 64; i++)
			assert_int_equal(v[i] & 1,
			                 (i >= 5 && i < 40) || (i >= 8 && i < 24) || i == 63);
	}
#endif
	for (size_t i = 0; i < 64 * pg; i++)
		assert_int_equal(p[i], i >= 8 * pg && i < 24 * pg ? 0x5a : 0); /* unchanged */
	sdpa_prefault(p, 0);                                                   /* nothing */
	sdpa_prefault(p + 1, pg - 2); /* no whole page inside */
	assert_int_equal(p[0], 0);
	munmap(p, 64 * pg);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	        cmocka_unit_test(test_alloc_shapes), cmocka_unit_test(test_bad_and_repeated),
	        cmocka_unit_test(test_small_head),   cmocka_unit_test(test_table_alloc),
	        cmocka_unit_test(test_prefault),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
