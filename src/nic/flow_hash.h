/* SPDX-License-Identifier: BSD-3-Clause
 * Hash pipes (docs/DESIGN_DECISIONS.md D2, D3): internal API for the DPA provider, which
 * mutates entry state (enabled bit, path-selector value) while the NIC workers forward traffic.
 *
 * Index space: next power of two >= nr_entries. An index has an entry (added through
 * DOCA Flow) or not, an enabled state (default enabled; a disabled index never receives a
 * packet) and a 32-bit path-selector value (D3: written into the pipe's changeable header
 * field of packets that hit the entry).
 *
 * Thread-safety, per call:
 *   - sdpa_flow_pipe_lookup: lock-free, for datapath threads (pollers). The pipe stays
 *     readable until the caller's next quiescent point (for a poller: until it returns).
 *     A destroyed pipe is never returned; ids are never reused.
 *   - enable/disable/replace: any thread (control plane, a poller), concurrently with the
 *     datapath; writers are serialised by a per-pipe mutex (never taken per packet), each
 *     change is one atomic store the datapath reads with relaxed/acquire loads. They must not
 *     race with doca_flow_pipe_destroy of the same pipe: the provider resolves the pipe with
 *     sdpa_flow_pipe_lookup in the same poller invocation.
 *   - read calls (nr_entries, state, supported): any thread, lock-free.
 * None of these calls logs: the provider turns a failure into a failed completion.
 */
#ifndef SDPA_NIC_FLOW_HASH_H
#define SDPA_NIC_FLOW_HASH_H

#include <stdbool.h>
#include <stdint.h>

#include <doca_error.h>
#include <doca_flow.h>

/* Unique id of a pipe (any type), never reused in the process; 0 for NULL. */
uint32_t sdpa_flow_pipe_id(const struct doca_flow_pipe *pipe);

/* The live pipe with this id, or NULL when it was destroyed (or never existed). */
struct doca_flow_pipe *sdpa_flow_pipe_lookup(uint32_t id);

/* Incremented by every doca_flow_pipe_destroy: a cheap "anything destroyed since?" test. */
uint64_t sdpa_flow_pipe_destroy_generation(void);

/* Called (control-plane thread, DOCA Flow lock held, before the pipe's entries are freed)
 * for every pipe being destroyed. One hook; NULL unregisters. The hook must not call
 * DOCA Flow. */
void sdpa_flow_set_pipe_destroy_hook(void (*fn)(struct doca_flow_pipe *pipe, void *arg), void *arg);

/* True for a live HASH pipe. */
bool sdpa_flow_pipe_is_hash(const struct doca_flow_pipe *pipe);

/* The pipe's nr_entries (valid indices are 0..nr_entries-1) and its index space. */
uint32_t sdpa_flow_hash_nr_entries(const struct doca_flow_pipe *pipe);
uint32_t sdpa_flow_hash_index_space(const struct doca_flow_pipe *pipe);

/* D2: disable is supported only on pipes with RANDOM, FLOODING or SELECT_ENABLED. */
bool sdpa_flow_hash_disable_supported(const struct doca_flow_pipe *pipe);
/* D3: replace is supported only when an action template has a changeable field. */
bool sdpa_flow_hash_replace_supported(const struct doca_flow_pipe *pipe);

/* Enable / disable index 'index' (whether or not it holds an entry). 'pipe' must be a pipe
 * the caller resolved and holds (an export the provider keeps alive meanwhile): these
 * calls run per DPA request and skip the handle-table lookup; a destroyed (dead) pipe is
 * still refused. INVALID_VALUE: not a hash pipe or index >= nr_entries; NOT_SUPPORTED: disable on a
 * pipe without RANDOM/FLOODING/SELECT_ENABLED. */
doca_error_t sdpa_flow_hash_enable_index(struct doca_flow_pipe *pipe, uint32_t index);
doca_error_t sdpa_flow_hash_disable_index(struct doca_flow_pipe *pipe, uint32_t index);

/* Replace the path-selector value of the entry at 'index' (truncated to the field's
 * width); 'pipe' as for enable/disable. INVALID_VALUE: bad pipe/index; NOT_SUPPORTED: no changeable
 * field; NOT_FOUND: no entry at index. */
doca_error_t sdpa_flow_hash_replace_index(struct doca_flow_pipe *pipe, uint32_t index,
                                          uint32_t value);

/* A burst of enable/disable/replace requests on one pipe (the provider executes a flushed
 * burst): the caller takes the pipe's control lock once with sdpa_flow_hash_lock, calls
 * the _locked forms (same checks and results as above), then sdpa_flow_hash_unlock. 'pipe'
 * as for enable/disable. Nothing else may be called on the pipe while the lock is held. */
void sdpa_flow_hash_lock(struct doca_flow_pipe *pipe);
void sdpa_flow_hash_unlock(struct doca_flow_pipe *pipe);
doca_error_t sdpa_flow_hash_enable_index_locked(struct doca_flow_pipe *pipe, uint32_t index);
doca_error_t sdpa_flow_hash_disable_index_locked(struct doca_flow_pipe *pipe, uint32_t index);
doca_error_t sdpa_flow_hash_replace_index_locked(struct doca_flow_pipe *pipe, uint32_t index,
                                                 uint32_t value);
/* The lock held as above: replace_index_locked on n indices at once (a flushed burst of
 * replace requests on one pipe). failed[i] = 1 where replace_index_locked would not answer
 * SUCCESS for (idx[i], val[i]), 0 elsewhere. Returns how many failed. */
uint32_t sdpa_flow_hash_replace_indices_locked(struct doca_flow_pipe *pipe, const uint32_t *idx,
                                               const uint32_t *val, uint32_t n, uint8_t *failed);

/* State of one index. INVALID_VALUE on a bad pipe/index or NULL outputs. */
doca_error_t sdpa_flow_hash_index_state(const struct doca_flow_pipe *pipe, uint32_t index,
                                        bool *has_entry, bool *enabled, uint32_t *value);

#endif
