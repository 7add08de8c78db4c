/* SPDX-License-Identifier: BSD-3-Clause
 * Live DOCA objects handed to the user (docs/DPA.md, "Stale and destroyed objects";
 * docs/DESIGN_DECISIONS.md D20).
 *
 * DOCA hands out pointers (struct doca_dpa *, threads, events, DOCA Flow ports, pipes and
 * configurations, provider contexts, ...) and device handles that are pointers too. A magic number
 * inside the object cannot tell a live object from a destroyed one without reading freed memory,
 * nor from a new object that reused the address. This table can: every object is registered when
 * created, looked up by address (never dereferenced) when used, and retired when destroyed. A
 * retired object's memory is quarantined — kept, not freed — until SDPA_HANDLE_QUARANTINE later
 * retirements, so a new object never takes the address of a recently destroyed one and a stale
 * pointer is refused (INVALID_VALUE, one log line) instead of acting on another object.
 *
 * Lookups are lock-free (device code validates handles on its hot path); registration and
 * retirement take a mutex. The table holds objects created at control-plane rates; DOCA
 * Flow entries, created at millions a second, live in a pool of their own that follows the
 * same rules (nic/flow_entry.c).
 *
 * The kinds are numbers only: each layer registers its own objects (dpa: DPA objects; nic:
 * DOCA Flow; provider: the DPA provider's host objects) and no layer sees another's structs.
 */
#ifndef SDPA_CORE_HANDLES_H
#define SDPA_CORE_HANDLES_H

#include <stdbool.h>
#include <stdint.h>

enum sdpa_handle_kind {
	/* DPA (src/dpa) */
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
	SDPA_H_VERBS_QP_INIT_ATTR,
	SDPA_H_VERBS_QP_ATTR,
	SDPA_H_VERBS_CQ_ATTR,
	SDPA_H_FLEXIO_RES,
	/* doca-common (src/core, src/dpa/umem.c) */
	SDPA_H_PE,
	SDPA_H_BUF_INV,
	SDPA_H_CLOCK,
	SDPA_H_UMEM,
	/* DOCA Flow (src/nic) */
	SDPA_H_FLOW_CFG,
	SDPA_H_FLOW_PORT_CFG,
	SDPA_H_FLOW_PIPE_CFG,
	SDPA_H_FLOW_TUNE_CFG,
	SDPA_H_FLOW_PORT,
	SDPA_H_FLOW_PIPE,
	SDPA_H_FLOW_EXT_RES, /* external resources: index selectors, arrays */
	/* DOCA Flow DPA provider (src/provider) */
	SDPA_H_PROV_CTX,
	SDPA_H_PROV_PIPE,
	SDPA_H_PROV_RES,
	/* generic contexts (src/core/ctx.c) and RDMA (src/rdma) */
	SDPA_H_CTX,
	SDPA_H_RDMA,
	SDPA_H_RDMA_CONN,
	SDPA_H_SE_REMOTE, /* doca_sync_event_remote_net (src/dpa/sync_event.c) */
	/* DOCA Verbs objects (src/dpa/verbs.c) */
	SDPA_H_VERBS_CTX,
	SDPA_H_VERBS_PD,
	SDPA_H_VERBS_AH,
	SDPA_H_VERBS_QP,
	SDPA_H_UAR,
	SDPA_H_ETH_RXQ, /* doca_eth_rxq (src/eth/rxq.c) */
	SDPA_H_ETH_TXQ, /* doca_eth_txq (src/eth/txq.c) */
};

enum { SDPA_HANDLE_QUARANTINE = 1024 };

/* Register a new object; false (logged) when the table is full. */
bool sdpa_handle_add(const void *obj, enum sdpa_handle_kind kind);
/* True when 'obj' is a live object of 'kind'. Never reads *obj; NULL is never live. */
bool sdpa_handle_live(const void *obj, enum sdpa_handle_kind kind);
/* True when 'obj' is a destroyed object of 'kind' still in quarantine: a stale pointer. */
bool sdpa_handle_destroyed(const void *obj, enum sdpa_handle_kind kind);
/* 'obj' is destroyed: it stops being live now, and free_fn(obj) runs once it leaves the
 * quarantine (possibly right away, for the oldest object, not this one). With a NULL
 * free_fn the caller keeps the memory (it may free it later; the quarantine then only
 * remembers the address as destroyed, until the address is registered again). */
void sdpa_handle_retire(void *obj, void (*free_fn)(void *));
/* The handle generation: how many objects were retired so far (acquire). A resolution
 * cached while it read G (e.g. "this pointer is a live object") stays true while it still
 * reads G, so a hot path may check one counter instead of the table. */
uint64_t sdpa_handle_generation(void);

#endif
