/* SPDX-License-Identifier: BSD-3-Clause */
/**
 * @file
 * softdpa — doca_bitfield.h: byte-order conversion and bit-field helpers for DOCA's
 * big-endian types (doca_be16_t, doca_be32_t, doca_be64_t).
 *
 * Every macro is an integer constant expression when its arguments are, so it may appear
 * in static initialisers, case labels and _Static_assert (samples build addresses such as
 * BE_IPV4_ADDR(a, b, c, d) with DOCA_HTOBE32). The conversions evaluate their argument
 * once and truncate it to the width they name, as htons()/htonl() do.
 */
#ifndef DOCA_BITFIELD_H_
#define DOCA_BITFIELD_H_

#include <stdint.h>

/* DOCA's doca_bitfield.h includes <arpa/inet.h> on Linux, so code that includes it sees
 * htons()/ntohl() and the IPPROTO_* numbers (the flow_entropy sample relies on it). */
#ifdef __linux__
#include <arpa/inet.h>
#endif

#include <doca_types.h>

#ifdef __cplusplus
extern "C" {
#endif

/* ---- byte order ---- */

/**
 * @brief DOCA_HTOBE16, DOCA_HTOBE32, DOCA_HTOBE64: a host-order value in big-endian order,
 * truncated to the width they name.
 * @{
 */
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_BIG_ENDIAN__
#define DOCA_HTOBE16(_x) ((uint16_t)(_x))
#define DOCA_HTOBE32(_x) ((uint32_t)(_x))
#define DOCA_HTOBE64(_x) ((uint64_t)(_x))
#else
#define DOCA_HTOBE16(_x) ((uint16_t)__builtin_bswap16((uint16_t)(_x)))
#define DOCA_HTOBE32(_x) ((uint32_t)__builtin_bswap32((uint32_t)(_x)))
#define DOCA_HTOBE64(_x) ((uint64_t)__builtin_bswap64((uint64_t)(_x)))
#endif
/** @} */

/**
 * @brief DOCA_BETOH16, DOCA_BETOH32, DOCA_BETOH64: a big-endian value in host order (a swap
 * is its own inverse).
 * @{
 */
#define DOCA_BETOH16(_x) DOCA_HTOBE16(_x)
#define DOCA_BETOH32(_x) DOCA_HTOBE32(_x)
#define DOCA_BETOH64(_x) DOCA_HTOBE64(_x)
/** @} */

/* ---- bit fields ----
 * A field is named by its mask in place ("shifted mask"), e.g. 0x0ff0 for bits 4..11.
 * The BE variants take and return the mask and the register in big-endian order and the
 * field value in host order. */

/**
 * @brief Position of the lowest set bit of _x (0 for 0).
 *
 * The builtin never sees 0, so clang folds it in constant expressions too (it refuses a ctz
 * of 0 even in an untaken arm).
 */
#define DOCA_SHIFT(_x) __builtin_ctzll((unsigned long long)(_x) ? (unsigned long long)(_x) : 1ull)

/** @brief Mask of bits _l.._h (inclusive, _l <= _h), host order: DOCA_U8_GENMASK(7, 4) == 0xf0. */
#define DOCA_U8_GENMASK(_h, _l) ((uint8_t)((0xffu >> (7 - (_h))) & (0xffu << (_l))))
/** @brief Mask of bits _l.._h of 16 bits, returned in big-endian order. */
#define DOCA_BE16_GENMASK(_h, _l) DOCA_HTOBE16((0xffffu >> (15 - (_h))) & (0xffffu << (_l)))
/** @brief Mask of bits _l.._h of 32 bits, returned in big-endian order. */
#define DOCA_BE32_GENMASK(_h, _l)                                                                  \
	DOCA_HTOBE32((UINT32_C(0xffffffff) >> (31 - (_h))) & (UINT32_C(0xffffffff) << (_l)))
/**
 * @brief DOCA_U8P_GENMASK, DOCA_BE16P_GENMASK, DOCA_BE32P_GENMASK: the mask of bits _l.._h
 * stored at _p.
 * @{
 */
#define DOCA_U8P_GENMASK(_h, _l, _p)                                                               \
	do {                                                                                       \
		*(uint8_t *)(_p) = DOCA_U8_GENMASK(_h, _l);                                        \
	} while (0)
#define DOCA_BE16P_GENMASK(_h, _l, _p)                                                             \
	do {                                                                                       \
		*(doca_be16_t *)(_p) = DOCA_BE16_GENMASK(_h, _l);                                  \
	} while (0)
#define DOCA_BE32P_GENMASK(_h, _l, _p)                                                             \
	do {                                                                                       \
		*(doca_be32_t *)(_p) = DOCA_BE32_GENMASK(_h, _l);                                  \
	} while (0)
/** @} */

/**
 * @brief DOCA_U8_SET, DOCA_BE16_SET, DOCA_BE32_SET: value _v placed in field _m (bits outside
 * the field are dropped); OR the results of several fields together to build a register.
 * @{
 */
#define DOCA_U8_SET(_m, _v) ((uint8_t)(((_v) << DOCA_SHIFT(_m)) & (_m)))
#define DOCA_BE16_SET(_m, _v)                                                                      \
	((doca_be16_t)(DOCA_HTOBE16((_v) << DOCA_SHIFT(DOCA_BETOH16(_m))) & (_m)))
#define DOCA_BE32_SET(_m, _v)                                                                      \
	((doca_be32_t)(DOCA_HTOBE32((_v) << DOCA_SHIFT(DOCA_BETOH32(_m))) & (_m)))
/** @} */
/**
 * @brief DOCA_U8P_SET, DOCA_BE16P_SET, DOCA_BE32P_SET: value _v placed in field _m, ORed
 * into the register at _p.
 * @{
 */
#define DOCA_U8P_SET(_m, _v, _p)                                                                   \
	do {                                                                                       \
		*(uint8_t *)(_p) |= DOCA_U8_SET(_m, _v);                                           \
	} while (0)
#define DOCA_BE16P_SET(_m, _v, _p)                                                                 \
	do {                                                                                       \
		*(doca_be16_t *)(_p) |= DOCA_BE16_SET(_m, _v);                                     \
	} while (0)
#define DOCA_BE32P_SET(_m, _v, _p)                                                                 \
	do {                                                                                       \
		*(doca_be32_t *)(_p) |= DOCA_BE32_SET(_m, _v);                                     \
	} while (0)
/** @} */

/**
 * @brief DOCA_U8_GET, DOCA_BE16_GET, DOCA_BE32_GET: value of field _m of register _f, in
 * host order.
 * @{
 */
#define DOCA_U8_GET(_m, _f) ((uint8_t)(((_m) & (_f)) >> DOCA_SHIFT(_m)))
#define DOCA_BE16_GET(_m, _f)                                                                      \
	((uint16_t)(DOCA_BETOH16((_m) & (_f)) >> DOCA_SHIFT(DOCA_BETOH16(_m))))
#define DOCA_BE32_GET(_m, _f)                                                                      \
	((uint32_t)(DOCA_BETOH32((_m) & (_f)) >> DOCA_SHIFT(DOCA_BETOH32(_m))))
/** @} */

#ifdef __cplusplus
}
#endif

#endif /* DOCA_BITFIELD_H_ */
