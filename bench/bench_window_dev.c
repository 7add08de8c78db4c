/* SPDX-License-Identifier: BSD-3-Clause
 * Kernels for bench/bench_window.c.
 */
#include <doca_dpa_dev.h>
#include <doca_dpa_dev_buf.h>

/* n rounds of: bind mmap a or b (alternating, so every bind switches the window) and
 * load one word — the first touch of that 4 KiB page. out[0] = ns, out[1] = a checksum. */
__dpa_global__ void bw_bind_touch(doca_dpa_dev_mmap_t a, uint64_t a_addr, doca_dpa_dev_mmap_t b,
                                  uint64_t b_addr, uint32_t n, uint64_t *out)
{
	uint64_t t0 = __dpa_thread_time(), s = 0;

	for (uint32_t i = 0; i < n; i++) {
		volatile uint64_t *p = (volatile uint64_t *)doca_dpa_dev_mmap_get_external_ptr(
		        i & 1 ? b : a, i & 1 ? b_addr : a_addr);

		s += p[0];
	}
	out[0] = __dpa_thread_time() - t0;
	out[1] = s;
}

/* Sustained loads and stores over 'words' words, 'rounds' times, after a first touch of
 * every page. Through the window of m when use_window, else straight to 'plain' (host
 * memory, as in fast mode). out[0] = ns of the timed rounds, out[1] = a checksum. */
__dpa_global__ void bw_sustain(doca_dpa_dev_mmap_t m, uint64_t addr, uint64_t *plain,
                               uint32_t use_window, uint32_t words, uint32_t rounds, uint64_t *out)
{
	uint64_t *p = use_window ? (uint64_t *)doca_dpa_dev_mmap_get_external_ptr(m, addr) : plain;
	uint64_t t0, s = 0;

	for (uint32_t i = 0; i < words; i++)
		p[i] = i; /* first touch, not timed */
	t0 = __dpa_thread_time();
	for (uint32_t r = 0; r < rounds; r++)
		for (uint32_t i = 0; i < words; i++)
			p[i] += p[(i + 1) % words] ^ r;
	if (use_window)
		__dpa_thread_window_writeback();
	out[0] = __dpa_thread_time() - t0;
	for (uint32_t i = 0; i < words; i++)
		s += p[i];
	out[1] = s;
}
