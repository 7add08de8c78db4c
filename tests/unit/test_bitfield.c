/* SPDX-License-Identifier: BSD-3-Clause
 * doca_bitfield.h: byte-order conversions and bit-field helpers, at compile time (the
 * constant expressions DOCA samples build with them) and at run time.
 */
#include <string.h>

#include <doca_bitfield.h>

#include "t_helpers.h"

/* As DOCA's flow samples write it. */
#define BE_IPV4_ADDR(a, b, c, d) (DOCA_HTOBE32((((uint32_t)a << 24) + (b << 16) + (c << 8) + (d))))

/* Usable in static initialisers, _Static_assert, enumerators and case labels. */
static const doca_be32_t ip_const = BE_IPV4_ADDR(192, 168, 1, 2);
static const doca_be64_t u64_const = DOCA_HTOBE64(UINT64_C(0x0102030405060708));
_Static_assert(DOCA_BETOH16(DOCA_HTOBE16(0xabcd)) == 0xabcd, "round trip");
_Static_assert(DOCA_SHIFT(0x0ff0) == 4 && DOCA_SHIFT(0) == 0, "shift");
_Static_assert(DOCA_U8_GENMASK(7, 4) == 0xf0, "u8 mask");
enum { ETH_TYPE_IPV4_BE = DOCA_HTOBE16(0x0800) };

static int classify(doca_be16_t type)
{
	switch (type) {
	case DOCA_HTOBE16(0x0800):
		return 4;
	case DOCA_HTOBE16(0x86dd):
		return 6;
	default:
		return 0;
	}
}

static void test_byte_order(void **state)
{
	const uint8_t ip_bytes[4] = {192, 168, 1, 2};
	const uint8_t u64_bytes[8] = {1, 2, 3, 4, 5, 6, 7, 8};
	uint16_t be16 = DOCA_HTOBE16(0x1234);
	uint32_t be32 = DOCA_HTOBE32(0x01020304);
	uint8_t b[8];
	uint32_t calls = 0x11112222;
	(void)state;

	/* Big-endian means most significant byte first in memory. */
	assert_memory_equal(&ip_const, ip_bytes, 4);
	assert_memory_equal(&u64_const, u64_bytes, 8);
	memcpy(b, &be16, 2);
	assert_int_equal(b[0], 0x12);
	assert_int_equal(b[1], 0x34);
	memcpy(b, &be32, 4);
	assert_int_equal(b[0], 0x01);
	assert_int_equal(b[3], 0x04);
	assert_int_equal(DOCA_BETOH32(be32), 0x01020304);
	assert_true(DOCA_BETOH64(DOCA_HTOBE64(UINT64_C(0x1122334455667788))) ==
	            UINT64_C(0x1122334455667788));
	/* Truncation to the named width, as htons does; the argument is evaluated once. */
	assert_int_equal(DOCA_BETOH16(DOCA_HTOBE16(0x12345)), 0x2345);
	be32 = DOCA_HTOBE32(calls++);
	assert_int_equal(be32, DOCA_HTOBE32(0x11112222));
	assert_int_equal(calls, 0x11112223);
	assert_int_equal(classify(ETH_TYPE_IPV4_BE), 4);
	assert_int_equal(classify(DOCA_HTOBE16(0x86dd)), 6);
	assert_int_equal(classify(0x0800), 0); /* host order is not network order */
}

static void test_bit_fields(void **state)
{
	doca_be16_t m16 = DOCA_BE16_GENMASK(11, 4);
	doca_be32_t m32 = DOCA_BE32_GENMASK(23, 4);
	doca_be32_t reg32 = 0;
	doca_be16_t reg16 = 0;
	uint8_t r8 = 0;
	(void)state;

	assert_int_equal(DOCA_BETOH16(m16), 0x0ff0);
	assert_int_equal(DOCA_BETOH32(m32), 0x00fffff0);
	assert_int_equal(DOCA_BETOH32(DOCA_BE32_GENMASK(31, 0)), 0xffffffff);
	assert_int_equal(DOCA_U8_GENMASK(3, 3), 0x08);

	/* SET places a value in its field and drops what does not fit; GET reads it back. */
	assert_int_equal(DOCA_U8_SET(0x38, 5), 0x28);
	assert_int_equal(DOCA_U8_SET(0x38, 0xff), 0x38);
	assert_int_equal(DOCA_U8_GET(0x38, 0x28), 5);
	assert_int_equal(DOCA_BETOH16(DOCA_BE16_SET(m16, 0xab)), 0x0ab0);
	assert_int_equal(DOCA_BE16_GET(m16, DOCA_HTOBE16(0xfab5)), 0xab);
	assert_int_equal(DOCA_BE32_GET(m32, DOCA_HTOBE32(0x12abcde3)), 0xabcde);

	/* The P variants store a mask / OR a field into a register in memory. */
	DOCA_U8P_GENMASK(1, 0, &r8);
	assert_int_equal(r8, 0x03);
	DOCA_U8P_SET(0xf0, 0x9, &r8);
	assert_int_equal(r8, 0x93);
	DOCA_BE16P_GENMASK(15, 12, &reg16);
	assert_int_equal(DOCA_BETOH16(reg16), 0xf000);
	DOCA_BE16P_SET(DOCA_BE16_GENMASK(3, 0), 0x7, &reg16);
	assert_int_equal(DOCA_BETOH16(reg16), 0xf007);
	DOCA_BE32P_SET(DOCA_BE32_GENMASK(31, 24), 0x45, &reg32);
	DOCA_BE32P_SET(m32, 0x12345, &reg32);
	assert_int_equal(DOCA_BETOH32(reg32), 0x45123450);
	DOCA_BE32P_GENMASK(7, 0, &reg32);
	assert_int_equal(DOCA_BETOH32(reg32), 0xff);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	        cmocka_unit_test(test_byte_order),
	        cmocka_unit_test(test_bit_fields),
	};
	return cmocka_run_group_tests_name("bitfield", tests, NULL, NULL);
}
