/* SPDX-License-Identifier: BSD-3-Clause
 * LPM and ACL pipes on top of flow_lpm.h and flow_acl.h (flow_lpmacl.c): what flow_pipe.c,
 * flow_entry.c and flow_dp.c call for pipes of these two types. Control plane functions
 * run under the DOCA Flow lock; the lookups are lock-free (datapath).
 */
#ifndef SDPA_NIC_FLOW_LPMACL_H
#define SDPA_NIC_FLOW_LPMACL_H

#include "nic/flow_priv.h"

/* Pipe creation: the pipe's template (p->mt) is compiled; set up the table. One log line
 * naming the cause on failure. */
doca_error_t sdpa_lpmacl_pipe_init(struct doca_flow_pipe *p, const char *who);
/* The pipe's table (no lookup may run any more). */
void sdpa_lpmacl_pipe_fini(struct doca_flow_pipe *p);
/* Bytes of an entry's key (struct doca_flow_pipe_entry key[]) in a pipe of this type. */
uint32_t sdpa_lpmacl_key_size(const struct doca_flow_pipe *p);
/* An entry's key from its match and mask (the prefix, or the ACL rule); INVALID_VALUE or
 * NOT_SUPPORTED with one line naming the field. */
doca_error_t sdpa_lpmacl_entry_key(const struct doca_flow_pipe *p, const struct doca_flow_match *m,
                                   const struct doca_flow_match *mask, const char *who,
                                   uint8_t *key);
/* Link / unlink an entry into the table (push of ADD / DEL); false: refused (duplicate
 * prefix, no memory). */
bool sdpa_lpmacl_link(struct doca_flow_pipe_entry *e);
void sdpa_lpmacl_unlink(struct doca_flow_pipe_entry *e);
/* Datapath: the entry matching a packet view, or NULL (a miss). */
struct doca_flow_pipe_entry *sdpa_lpm_pipe_lookup(const struct doca_flow_pipe *p,
                                                  const uint8_t *view);
struct doca_flow_pipe_entry *sdpa_acl_pipe_lookup(const struct doca_flow_pipe *p,
                                                  const uint8_t *view);

#endif
