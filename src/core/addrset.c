/* SPDX-License-Identifier: BSD-3-Clause
 * A set of addresses (addrset.h).
 */
#include <stdlib.h>

#include "core/addrset.h"

enum { MIN_CAP = 1024 };

static uint32_t home(uintptr_t key, uint32_t cap)
{
	/* Objects are 16-byte aligned: drop those bits, then a Fibonacci multiply. */
	return (uint32_t)(((uint64_t)key >> 4) * 0x9E3779B97F4A7C15ull >> 32) & (cap - 1);
}

static long find(const struct sdpa_addrset *s, uintptr_t key)
{
	uint32_t i;

	if (s->cap == 0 || key == 0)
		return -1;
	for (i = home(key, s->cap);; i = (i + 1) & (s->cap - 1)) {
		if (s->slots[i].key == key)
			return (long)i;
		if (s->slots[i].key == 0)
			return -1;
	}
}

static void place(struct sdpa_addrset_slot *slots, uint32_t cap, uintptr_t key, uint32_t val)
{
	uint32_t i = home(key, cap);

	while (slots[i].key != 0)
		i = (i + 1) & (cap - 1);
	slots[i].key = key;
	slots[i].val = val;
}

static bool grow(struct sdpa_addrset *s)
{
	uint32_t cap = s->cap ? s->cap * 2 : MIN_CAP;
	struct sdpa_addrset_slot *n;

	if (cap == 0 || (n = calloc(cap, sizeof(*n))) == NULL)
		return false;
	for (uint32_t i = 0; i < s->cap; i++)
		if (s->slots[i].key != 0)
			place(n, cap, s->slots[i].key, s->slots[i].val);
	free(s->slots);
	s->slots = n;
	s->cap = cap;
	return true;
}

bool sdpa_addrset_put(struct sdpa_addrset *s, const void *p, uint32_t val)
{
	uintptr_t key = (uintptr_t)p;
	long i = find(s, key);

	if (i >= 0) {
		s->slots[i].val = val;
		return true;
	}
	/* At most half full: probes stay short. */
	if ((uint64_t)(s->n + 1) * 2 > s->cap && !grow(s))
		return false;
	place(s->slots, s->cap, key, val);
	s->n++;
	return true;
}

uint32_t sdpa_addrset_get(const struct sdpa_addrset *s, const void *p)
{
	long i = find(s, (uintptr_t)p);

	return i < 0 ? 0 : s->slots[i].val;
}

void sdpa_addrset_del(struct sdpa_addrset *s, const void *p)
{
	long f = find(s, (uintptr_t)p);
	uint32_t i, j, mask;

	if (f < 0)
		return;
	mask = s->cap - 1;
	i = (uint32_t)f;
	/* Backward shift: pull later members of the cluster into the hole when their home
	 * does not lie cyclically in (i, j]. */
	for (j = (i + 1) & mask; s->slots[j].key != 0; j = (j + 1) & mask) {
		uint32_t h = home(s->slots[j].key, s->cap);

		if (i <= j ? (h > i && h <= j) : (h > i || h <= j))
			continue;
		s->slots[i] = s->slots[j];
		i = j;
	}
	s->slots[i].key = 0;
	s->slots[i].val = 0;
	s->n--;
}

void sdpa_addrset_fini(struct sdpa_addrset *s)
{
	free(s->slots);
	s->slots = NULL;
	s->cap = 0;
	s->n = 0;
}
