/* SPDX-License-Identifier: BSD-3-Clause
 * Small helpers every layer uses.
 */
#ifndef SDPA_CORE_UTIL_H
#define SDPA_CORE_UTIL_H

#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#define SDPA_ARRAY_SIZE(a) (sizeof(a) / sizeof((a)[0]))
#define SDPA_CACHE_LINE    64
#define SDPA_MIN(a, b)     ((a) < (b) ? (a) : (b))
#define SDPA_MAX(a, b)     ((a) > (b) ? (a) : (b))

#define sdpa_container_of(ptr, type, member) ((type *)((char *)(ptr)-offsetof(type, member)))

#define SDPA_LIKELY(x)   __builtin_expect(!!(x), 1)
#define SDPA_UNLIKELY(x) __builtin_expect(!!(x), 0)

/* CLOCK_MONOTONIC in nanoseconds: the time base of timeouts, timers and traces (the NIC's
 * own clock, which a test may stop, is sdpa_nic_now_ns). */
static inline uint64_t sdpa_mono_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (uint64_t)ts.tv_sec * 1000000000ull + (uint64_t)ts.tv_nsec;
}

static inline int sdpa_is_pow2(uint64_t v)
{
	return v != 0 && (v & (v - 1)) == 0;
}

/* Smallest power of two >= v (v >= 1, v <= 2^31). */
static inline uint32_t sdpa_pow2_ceil32(uint32_t v)
{
	if (v <= 1)
		return 1;
	return 1u << (32 - __builtin_clz(v - 1));
}

static inline uint16_t sdpa_be16(const uint8_t *p)
{
	return (uint16_t)((uint16_t)p[0] << 8 | p[1]);
}

static inline uint32_t sdpa_be32(const uint8_t *p)
{
	return (uint32_t)p[0] << 24 | (uint32_t)p[1] << 16 | (uint32_t)p[2] << 8 | p[3];
}

static inline void sdpa_put_be16(uint8_t *p, uint16_t v)
{
	p[0] = (uint8_t)(v >> 8);
	p[1] = (uint8_t)v;
}

static inline void sdpa_put_be32(uint8_t *p, uint32_t v)
{
	p[0] = (uint8_t)(v >> 24);
	p[1] = (uint8_t)(v >> 16);
	p[2] = (uint8_t)(v >> 8);
	p[3] = (uint8_t)v;
}

/* Zeroed memory aligned to a cache line (free with free()). C11 aligned_alloc wants the
 * size to be a multiple of the alignment, so round it up. */
static inline void *sdpa_zalloc_aligned(size_t size)
{
	size_t n = (size + SDPA_CACHE_LINE - 1) & ~(size_t)(SDPA_CACHE_LINE - 1);
	void *p = aligned_alloc(SDPA_CACHE_LINE, n);

	if (p != NULL)
		memset(p, 0, n);
	return p;
}

#endif
