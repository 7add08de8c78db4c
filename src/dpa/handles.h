/* SPDX-License-Identifier: BSD-3-Clause
 * Live DPA-side objects (docs/DPA.md, "Stale and destroyed objects").
 *
 * DOCA hands out pointers (struct doca_dpa *, threads, events, ...) and device handles that
 * are pointers too. A magic number inside the object cannot tell a live object from a
 * destroyed one without reading freed memory, nor from a new object that reused the
 * address. This table can: every object is registered when created, looked up by address
 * (never dereferenced) when used, and retired when destroyed. A retired object's memory
 * is quarantined — kept, not freed — until SDPA_HANDLE_QUARANTINE later retirements, so a
 * new object never takes the address of a recently destroyed one and a stale pointer is
 * refused (INVALID_VALUE, one log line) instead of acting on another object.
 *
 * Lookups are lock-free (device code validates handles on its hot path); registration and
 * retirement take a mutex.
 */
#ifndef SDPA_DPA_HANDLES_H
#define SDPA_DPA_HANDLES_H

#include <stdbool.h>

enum sdpa_handle_kind {
	SDPA_H_DPA = 1,
	SDPA_H_THREAD,
	SDPA_H_AFFINITY,
	SDPA_H_TG,
	SDPA_H_COMP,
	SDPA_H_NOTIF,
	SDPA_H_AOPS,
	SDPA_H_HASH_TABLE,
	SDPA_H_SYNC_EVENT,
	SDPA_H_MMAP,
	SDPA_H_BUF_ARR,
};

enum { SDPA_HANDLE_QUARANTINE = 1024 };

/* Register a new object; false (logged) when the table is full. */
bool sdpa_handle_add(const void *obj, enum sdpa_handle_kind kind);
/* True when 'obj' is a live object of 'kind'. Never reads *obj; NULL is never live. */
bool sdpa_handle_live(const void *obj, enum sdpa_handle_kind kind);
/* True when 'obj' is a destroyed object of 'kind' still in quarantine: a stale pointer. */
bool sdpa_handle_destroyed(const void *obj, enum sdpa_handle_kind kind);
/* 'obj' is destroyed: it stops being live now, and free_fn(obj) runs once it leaves the
 * quarantine (possibly right away, for the oldest object, not this one). */
void sdpa_handle_retire(void *obj, void (*free_fn)(void *));

#endif
