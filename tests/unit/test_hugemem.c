/* SPDX-License-Identifier: BSD-3-Clause
 * core/hugemem: blocks aligned to a huge page, rounded up, zeroed, writable end to end, and
 * given back whole (no address space left behind).
 */
#include <stdint.h>
#include <stdio.h>
#include <string.h>

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
		uint8_t *p = sdpa_huge_alloc(sizes[i], &len);

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
	assert_null(sdpa_huge_alloc(0, &len));
	assert_int_equal(len, 0);
	assert_null(sdpa_huge_alloc(SIZE_MAX - 10, &len)); /* rounding would wrap */
	assert_int_equal(len, 0);
	sdpa_huge_free(NULL, 0); /* a no-op */
	/* Each block is given back whole, with nothing of the over-sized mapping left:
	 * the process's address space is the same after 1000 rounds. */
	{
		size_t before = vm_pages();

		for (int i = 0; i < 1000; i++) {
			void *p = sdpa_huge_alloc(2 * (size_t)SDPA_HUGE_PAGE + 1, &len);

			assert_non_null(p);
			sdpa_huge_free(p, len);
		}
		assert_int_equal(vm_pages(), before);
	}
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	        cmocka_unit_test(test_alloc_shapes),
	        cmocka_unit_test(test_bad_and_repeated),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
