/* SPDX-License-Identifier: BSD-3-Clause
 * Live DOCA objects: an open-addressing table keyed by address, with a quarantine of
 * retired objects (handles.h).
 *
 * A slot's key is 0 (never used), TOMB (was used; probing goes on) or the address. Its
 * value is the kind, plus DEAD while the object is quarantined. Writers (under lock) store
 * the value, then publish the key (R1); readers load the key (A1), then the value (A2/R2
 * for DEAD). Slots are never emptied, so a reader's probe never stops early; tombstones
 * are reused by later insertions along their probe path.
 */
#include <pthread.h>
#include <stdint.h>
#include <stdlib.h>

#include "core/atomics.h"
#include "core/log.h"
#include "core/handles.h"

SDPA_LOG_REGISTER(handles);

enum {
	SLOTS = 1u << 18, /* objects live or quarantined at once: far below */
	MAX_USED = SLOTS / 4 * 3,
	DEAD = 1u << 8,
};

#define TOMB ((uint64_t)1)

static sdpa_atomic_u64 keys[SLOTS];
static sdpa_atomic_u32 vals[SLOTS];
static unsigned int nr_used;       /* slots not 0; under lock */
static sdpa_atomic_u64 generation; /* retirements so far */
static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;

static struct {
	void *obj;
	void (*free_fn)(void *);
} quarantine[SDPA_HANDLE_QUARANTINE]; /* under lock */
static unsigned int q_head, q_len;

static unsigned int home(uint64_t key)
{
	return (unsigned int)((key >> 4) * 0x9E3779B97F4A7C15ull >> 46) & (SLOTS - 1);
}

/* The slot holding 'key', or -1. Lock-free. */
static long find(uint64_t key)
{
	unsigned int i = home(key);

	for (unsigned int n = 0; n < SLOTS; n++, i = (i + 1) & (SLOTS - 1)) {
		/* A1 pairs with R1 in sdpa_handle_add. */
		uint64_t k = sdpa_load_acquire(&keys[i]);

		if (k == key)
			return (long)i;
		if (k == 0)
			return -1;
	}
	return -1;
}

bool sdpa_handle_add(const void *obj, enum sdpa_handle_kind kind)
{
	uint64_t key = (uint64_t)(uintptr_t)obj;
	unsigned int i = home(key);
	long slot = -1;

	pthread_mutex_lock(&lock);
	for (unsigned int n = 0; n < SLOTS; n++, i = (i + 1) & (SLOTS - 1)) {
		uint64_t k = sdpa_load_relaxed(&keys[i]);

		if (k == TOMB && slot < 0)
			slot = (long)i;
		if (k == key) { /* cannot happen: a registered address is never free */
			slot = (long)i;
			break;
		}
		if (k == 0) {
			if (slot < 0) {
				if (nr_used >= MAX_USED)
					break;
				slot = (long)i;
				nr_used++;
			}
			break;
		}
	}
	if (slot >= 0) {
		sdpa_store_relaxed(&vals[slot], (uint32_t)kind);
		/* R1 pairs with A1 in find: the value is set before the key is seen. */
		sdpa_store_release(&keys[slot], key);
	}
	pthread_mutex_unlock(&lock);
	if (slot < 0)
		DOCA_LOG_ERR("softdpa's table of live DOCA objects is full (%u slots); destroy "
		             "objects you no longer use",
		             MAX_USED);
	return slot >= 0;
}

static uint32_t state(const void *obj)
{
	long i;

	if (obj == NULL)
		return 0;
	i = find((uint64_t)(uintptr_t)obj);
	/* A2 pairs with R2 in sdpa_handle_retire. */
	return i < 0 ? 0 : sdpa_load_acquire(&vals[i]);
}

bool sdpa_handle_live(const void *obj, enum sdpa_handle_kind kind)
{
	return state(obj) == (uint32_t)kind;
}

bool sdpa_handle_destroyed(const void *obj, enum sdpa_handle_kind kind)
{
	return state(obj) == ((uint32_t)kind | DEAD);
}

void sdpa_handle_retire(void *obj, void (*free_fn)(void *))
{
	void *old = NULL;
	void (*old_free)(void *) = NULL;
	long i;

	if (obj == NULL)
		return;
	pthread_mutex_lock(&lock);
	i = find((uint64_t)(uintptr_t)obj);
	if (i < 0 || (sdpa_load_relaxed(&vals[i]) & DEAD)) {
		pthread_mutex_unlock(&lock); /* not ours to free, or already retired */
		return;
	}
	/* R2 pairs with A2 in state: from now on the object is destroyed. */
	sdpa_store_release(&vals[i], sdpa_load_relaxed(&vals[i]) | DEAD);
	/* R3 pairs with A3 in sdpa_handle_generation: a cached "live" is stale from now. */
	sdpa_store_release(&generation, sdpa_load_relaxed(&generation) + 1);
	if (q_len == SDPA_HANDLE_QUARANTINE) {
		long j;

		old = quarantine[q_head].obj;
		old_free = quarantine[q_head].free_fn;
		q_head = (q_head + 1) % SDPA_HANDLE_QUARANTINE;
		q_len--;
		j = find((uint64_t)(uintptr_t)old);
		/* Only a record still dead: the owner of a NULL free_fn object may have freed it
		 * and the address may hold a live object registered since. */
		if (j >= 0 && (sdpa_load_relaxed(&vals[j]) & DEAD))
			/* R1 pairs with A1 in find: its address may be reused now. */
			sdpa_store_release(&keys[j], TOMB);
	}
	quarantine[(q_head + q_len) % SDPA_HANDLE_QUARANTINE].obj = obj;
	quarantine[(q_head + q_len) % SDPA_HANDLE_QUARANTINE].free_fn = free_fn;
	q_len++;
	pthread_mutex_unlock(&lock);
	if (old != NULL && old_free != NULL)
		old_free(old);
}

uint64_t sdpa_handle_generation(void)
{
	/* A3 pairs with R3 in the retirement above. */
	return sdpa_load_acquire(&generation);
}
