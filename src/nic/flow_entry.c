/* SPDX-License-Identifier: BSD-3-Clause
 * DOCA Flow entries: add/update/remove through per-(port, queue) operation queues,
 * doca_flow_entries_process, the "hardware" tables the datapath reads, counter queries.
 *
 * Queue model: each (port, pipe_queue) holds at most queue_depth operations that were
 * submitted and not yet completed. WAIT_FOR_BATCH operations are buffered; a NO_WAIT
 * operation, or doca_flow_entries_process, pushes every buffered one (in order) to the
 * table. entries_process then completes them: it sets the entry status and calls the entry
 * callback once per operation, after releasing the DOCA Flow lock. A removed entry is
 * freed after its DEL callback (and a grace period for the datapath).
 *
 * Entry handles (docs/DESIGN_DECISIONS.md D20): the user holds a struct
 * doca_flow_pipe_entry pointer, so every call looks it up in a registry of entry addresses
 * (O(1), under a leaf lock) before reading it. A dead entry stays in the registry, and its
 * memory (what is left once its contents are released) stays allocated, until
 * ENTRY_QUARANTINE later entries have died: a stale pointer is refused without reading
 * freed memory, and a new entry never takes the address of a recently removed one.
 */
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#include "core/hugemem.h"
#include "core/log.h"
#include "core/nic_clock.h"
#include "core/util.h"
#include "nic/flow_em.h"
#include "nic/flow_lpmacl.h"
#include "nic/flow_priv.h"
#include "nic/flow_ready.h"
#include "nic/nic.h"

SDPA_LOG_REGISTER(nic_flow_entry);

/* An exact-match pipe holds millions of entries: a 58-byte head and a key of up to 6 bytes
 * (an IPv4 address, a MAC) fill a 64-byte slot, one cache line, with 24 bytes of buckets
 * about 88 per entry (issue 12). */
_Static_assert(SDPA_ENTRY_HEAD + 6 <= 64, "an IPv4 or MAC key's entry fits a 64-byte slot");

/* ------------------------------------------------------------------ entry handles */

/* Entries live in a pool of slots that are never given back to malloc while DOCA Flow is
 * initialised (D20). A pointer is validated by finding the pool chunk it lies in (a small
 * sorted directory, read lock-free) and reading the slot's state, which is always mapped
 * memory: no hash lookup, no cache miss beyond the entry's own line, no lock. A dead slot
 * is reused only when ENTRY_QUARANTINE slots of its size died after it (a FIFO per size
 * class), so a stale pointer names a dead slot, not a new entry, until then. */
enum {
	ENTRY_FREE = 0,
	ENTRY_LIVE = 1,
	ENTRY_DEAD = 2,
	ENTRY_QUARANTINE = 4096,
	SLOT_ALIGN = 16, /* entries are small (issue 12): 64 would round 84 bytes to 128 */
	/* A size class carves its slots one after the other from segments: mappings of
	 * SEGMENT bytes, 2 MiB-aligned, of which only the pages touched so far take memory.
	 * The first SMALL_HEAD bytes of a class keep small pages, so a small table costs a
	 * few KiB; past them the slots lie on huge pages, so a lookup in a large table misses
	 * the TLB per 2 MiB of entries, not per 4 KiB, and a slot wastes nothing at a page's
	 * end (slots straddle the pages: 80 or 96 bytes do not divide 2 MiB). */
	SEGMENT = SDPA_ENTRY_SEGMENT,
	SMALL_HEAD = SDPA_ENTRY_SMALL_HEAD,
	/* Memory is made resident ahead of the slots handed out, one system call per step
	 * (sdpa_prefault) instead of a page fault per 4 KiB: in the small head, as much again
	 * as a class holds, from a page up to PREFAULT_STEP; past it, a huge page. */
	PREFAULT_STEP = 128 << 10,
	PAGE = 4096,
	NR_CLASSES = (sizeof(struct doca_flow_pipe_entry) + SDPA_FLOW_KEY_MAX + SLOT_ALIGN - 1) /
	             SLOT_ALIGN,
};

struct pool_chunk {
	uintptr_t start, end; /* the segment's slots */
	uint32_t slot_size;   /* the segment, SEGMENT bytes, starts at 'start' */
};

/* Published copy-on-write; older copies are kept until the pool is cleared (readers may
 * still hold one) and are few (one per chunk). */
struct pool_dir {
	struct pool_dir *older;
	uint32_t n;
	struct pool_chunk c[];
};

struct pool_class {
	/* Under the flow lock: only an add carves. */
	uint8_t *seg;               /* the newest segment */
	uint8_t *carve, *carve_end; /* its slots not handed out yet */
	uint8_t *resident;          /* it is prefaulted below this */
	uint8_t *small_end;         /* its small-page head ends here */
	size_t carved, huge;        /* bytes of slots handed out; of them, on huge pages */
	/* Under pool_lock: grace-period callbacks give slots back in any thread. nfree is
	 * also read without it, to take the lock only when a slot is due for reuse. */
	struct doca_flow_pipe_entry *fhead, *ftail; /* dead slots, oldest first */
	sdpa_atomic_u32 nfree;
};

/* pool_lock is a leaf lock: slots are taken under the flow lock, and given back by
 * grace-period callbacks in any thread. It guards the dead slots' queues and the chunk
 * directory's writers; a slot carved afresh takes no lock but the flow lock. */
static pthread_mutex_t pool_lock = PTHREAD_MUTEX_INITIALIZER;
_Static_assert((int)SLOT_ALIGN > (int)SDPA_EM_HOT,
               "an exact-match slot keeps its entry's em_hot place in the pointer's low bits");
static struct pool_class classes[NR_CLASSES];
_Static_assert(SMALL_HEAD % PREFAULT_STEP == 0 && SMALL_HEAD % SDPA_HUGE_PAGE == 0 &&
                       SEGMENT % SDPA_HUGE_PAGE == 0 && SMALL_HEAD < SEGMENT,
               "the prefault steps land on the small head's end, then on huge pages");
static sdpa_atomic_ptr pool_dir; /* struct pool_dir * */

static void entry_release(struct doca_flow_pipe_entry *e);

/* The chunk holding slot 'p', or NULL when p is no slot of the pool. Lock-free. */
static const struct pool_chunk *pool_chunk_of(const void *p)
{
	/* A-dir pairs with R-dir in pool_add_chunk: the chunk's bounds are complete. */
	const struct pool_dir *d = sdpa_load_acquire(&pool_dir);
	uintptr_t a = (uintptr_t)p;
	uint32_t lo = 0, hi = d != NULL ? d->n : 0;

	while (lo < hi) {
		uint32_t mid = (lo + hi) / 2;

		if (a < d->c[mid].start)
			hi = mid;
		else if (a >= d->c[mid].end)
			lo = mid + 1;
		else
			return (a - d->c[mid].start) % d->c[mid].slot_size == 0 ? &d->c[mid] : NULL;
	}
	return NULL;
}

/* Under pool_lock. */
static bool pool_add_chunk(uint8_t *mem, size_t bytes, uint32_t slot_size)
{
	struct pool_dir *old = sdpa_load_relaxed(&pool_dir);
	uint32_t n = old != NULL ? old->n : 0, k = 0;
	struct pool_dir *d = malloc(sizeof(*d) + (n + 1) * sizeof(d->c[0]));

	if (d == NULL)
		return false;
	d->older = old;
	d->n = n + 1;
	for (uint32_t i = 0; i < n; i++) {
		if (k == i && old->c[i].start > (uintptr_t)mem)
			d->c[k++] = (struct pool_chunk){(uintptr_t)mem, (uintptr_t)mem + bytes,
			                                slot_size};
		d->c[k++] = old->c[i];
	}
	if (k == n)
		d->c[k] = (struct pool_chunk){(uintptr_t)mem, (uintptr_t)mem + bytes, slot_size};
	sdpa_store_release(&pool_dir, d); /* R-dir: pairs with A-dir */
	return true;
}

/* A new segment for class c, its slots of slot_size bytes; false on NO_MEMORY. Under
 * the flow lock and pool_lock. The segment is a fresh mapping: its slots are zero. */
static bool pool_add_segment(struct pool_class *c, uint32_t slot_size)
{
	size_t small = c->carved == 0 ? SMALL_HEAD : 0, map_len;
	uint8_t *mem = sdpa_huge_alloc(SEGMENT, small, &map_len);
	size_t bytes = SEGMENT / slot_size * slot_size;

	if (mem == NULL)
		return false;
	if (!pool_add_chunk(mem, bytes, slot_size)) {
		sdpa_huge_free(mem, map_len); /* SEGMENT, a multiple of a huge page */
		return false;
	}
	c->seg = c->carve = c->resident = mem;
	c->carve_end = mem + bytes;
	c->small_end = mem + small;
	return true;
}

/* A zeroed slot of at least 'size' bytes (its state FREE), or NULL on NO_MEMORY. Must hold
 * the flow lock (so no lookup reads the slot while it is cleared). */
static struct doca_flow_pipe_entry *entry_alloc(size_t size)
{
	uint32_t k = (uint32_t)((size + SLOT_ALIGN - 1) / SLOT_ALIGN) - 1;
	uint32_t slot_size = (k + 1) * SLOT_ALIGN;
	struct pool_class *c = &classes[k];
	struct doca_flow_pipe_entry *e = NULL;
	uint8_t *huge_from;
	bool zero = false;

	/* The count may only grow behind this read (a callback burying a slot): a slot due
	 * for reuse stays due. */
	if (sdpa_load_relaxed(&c->nfree) > ENTRY_QUARANTINE) {
		pthread_mutex_lock(&pool_lock);
		e = c->fhead;
		c->fhead = e->fnext;
		if (c->fhead == NULL)
			c->ftail = NULL;
		sdpa_store_relaxed(&c->nfree, sdpa_load_relaxed(&c->nfree) - 1); /* the consumer */
		pthread_mutex_unlock(&pool_lock);
	} else {
		if (c->carve == c->carve_end) {
			bool ok;

			pthread_mutex_lock(&pool_lock);
			ok = pool_add_segment(c, slot_size);
			pthread_mutex_unlock(&pool_lock);
			if (!ok)
				return NULL;
		}
		e = (struct doca_flow_pipe_entry *)c->carve;
		c->carve += slot_size;
		c->carved += slot_size;
		huge_from = c->small_end > (uint8_t *)e ? c->small_end : (uint8_t *)e;
		if (c->carve > huge_from)
			c->huge += (size_t)(c->carve - huge_from); /* its bytes past the head */
		zero = true;
		while (c->carve > c->resident) {
			size_t ahead = SDPA_HUGE_PAGE, held = (size_t)(c->resident - c->seg);

			if (c->resident < c->small_end) /* as much again, a page to a step */
				ahead = held < PAGE            ? PAGE
				        : held > PREFAULT_STEP ? PREFAULT_STEP
				                               : held;
			sdpa_prefault(c->resident, ahead);
			c->resident += ahead;
		}
	}
	/* A slot carved from a new segment is zero already: writing it again would only take
	 * its cache lines' misses twice. */
	if (!zero)
		memset(e, 0, slot_size);
	e->slot_class = (uint8_t)k;
	return e;
}

/* The slot goes to the back of its class's queue of dead slots. */
static void entry_slot_put(struct doca_flow_pipe_entry *e)
{
	struct pool_class *c = &classes[e->slot_class];

	pthread_mutex_lock(&pool_lock);
	e->fnext = NULL;
	if (c->ftail != NULL)
		c->ftail->fnext = e;
	else
		c->fhead = e;
	c->ftail = e;
	sdpa_store_relaxed(&c->nfree, sdpa_load_relaxed(&c->nfree) + 1);
	pthread_mutex_unlock(&pool_lock);
}

/* An entry that was never handed out (an add that failed). NULL is ignored. */
static void entry_discard(struct doca_flow_pipe_entry *e)
{
	if (e != NULL)
		entry_slot_put(e);
}

static bool entry_live(const struct doca_flow_pipe_entry *e)
{
	/* The slot is pool memory, never freed: its state may be read whatever it holds.
	 * A-hstate pairs with R-hstate in sdpa_entry_bury. */
	return pool_chunk_of(e) != NULL && sdpa_load_acquire(&e->hstate) == ENTRY_LIVE;
}

bool sdpa_entry_live(const struct doca_flow_pipe_entry *e)
{
	return entry_live(e);
}

static void entry_bury_cb(void *p)
{
	entry_release(p);
	entry_slot_put(p);
}

void sdpa_entry_bury(struct doca_flow_pipe_entry *e, bool unreachable)
{
	if (sdpa_load_relaxed(&e->hstate) != ENTRY_LIVE)
		return;
	/* R-hstate: pairs with A-hstate in entry_live; the handle is refused from now on. */
	sdpa_store_release(&e->hstate, ENTRY_DEAD);
	if (unreachable)
		entry_bury_cb(e);
	else
		sdpa_nic_defer(entry_bury_cb, e); /* a datapath thread may still hold it */
}

void sdpa_entry_pool_usage(size_t slot_size, size_t *bytes, size_t *huge_bytes)
{
	size_t k = (slot_size + SLOT_ALIGN - 1) / SLOT_ALIGN - 1;
	const struct pool_class *c = &classes[k < NR_CLASSES ? k : 0];

	pthread_mutex_lock(&flow_g.lock);
	*bytes = k < NR_CLASSES ? c->carved : 0; /* a size no slot has */
	*huge_bytes = k < NR_CLASSES ? c->huge : 0;
	pthread_mutex_unlock(&flow_g.lock);
}

void sdpa_entry_registry_clear(void)
{
	struct pool_dir *d;

	pthread_mutex_lock(&pool_lock);
	d = sdpa_load_relaxed(&pool_dir);
	for (uint32_t i = 0; d != NULL && i < d->n; i++) {
		sdpa_huge_free((void *)d->c[i].start, SEGMENT);
	}
	sdpa_store_release(&pool_dir, NULL); /* R-dir: pairs with A-dir (no chunk left) */
	while (d != NULL) {
		struct pool_dir *o = d->older;

		free(d);
		d = o;
	}
	memset(classes, 0, sizeof(classes));
	pthread_mutex_unlock(&pool_lock);
}

/* ------------------------------------------------------------------ tables */

static void em_free_cb(void *p)
{
	free(p);
}

static bool snap_less(const struct doca_flow_pipe *pipe, const struct doca_flow_pipe_entry *a,
                      const struct doca_flow_pipe_entry *b)
{
	if (pipe->type == DOCA_FLOW_PIPE_CONTROL)
		return a->priority < b->priority ||
		       (a->priority == b->priority &&
		        sdpa_entry_ctl(a)->seq < sdpa_entry_ctl(b)->seq);
	return a->index < b->index;
}

static bool snap_update(struct doca_flow_pipe *pipe, struct doca_flow_pipe_entry *add,
                        struct doca_flow_pipe_entry *del)
{
	struct sdpa_snap *o = sdpa_load_relaxed(&pipe->snap);
	uint32_t n = o ? o->n : 0;
	struct sdpa_snap *s = malloc(sizeof(*s) + (size_t)(n + 1) * sizeof(s->e[0]));
	uint32_t k = 0;
	bool placed = add == NULL;

	if (s == NULL)
		return false;
	for (uint32_t i = 0; i < n; i++) {
		struct doca_flow_pipe_entry *x = o->e[i];

		if (x == del)
			continue;
		if (!placed && snap_less(pipe, add, x)) {
			s->e[k++] = add;
			placed = true;
		}
		if (add && pipe->type == DOCA_FLOW_PIPE_ORDERED_LIST && x->index == add->index) {
			free(s);
			return false; /* duplicate list idx */
		}
		s->e[k++] = x;
	}
	if (!placed)
		s->e[k++] = add;
	s->n = k;
	sdpa_store_release(&pipe->snap, s); /* R-snap: pairs with A-snap */
	if (o)
		sdpa_nic_defer(em_free_cb, o);
	return true;
}

/* Link an entry into its pipe's table; false = the table refused it (duplicate). */
static bool link_hw(struct doca_flow_pipe_entry *e)
{
	struct doca_flow_pipe *pipe = e->pipe;
	const struct sdpa_entry_data *d = sdpa_load_relaxed(&e->data);

	switch (pipe->type) {
	case DOCA_FLOW_PIPE_BASIC:
		return sdpa_em_insert(pipe, e);
	case DOCA_FLOW_PIPE_CONTROL:
	case DOCA_FLOW_PIPE_ORDERED_LIST:
		return snap_update(pipe, e, NULL);
	case DOCA_FLOW_PIPE_HASH: {
		uint32_t v = 0;

		/* D3: the entry's own value of the path-selector field. */
		for (uint32_t i = 0; pipe->hash.has_psv && i < pipe->act[d->action_idx].nops; i++) {
			const struct sdpa_op *op = &pipe->act[d->action_idx].ops[i];

			if (op->psv)
				for (uint32_t b = 0; b < op->size; b++)
					v = v << 8 | d->vals[op->val_off + b];
		}
		sdpa_hash_slot_set(pipe, e->index, e, v);
		return true;
	}
	case DOCA_FLOW_PIPE_LPM:
	case DOCA_FLOW_PIPE_ACL:
		return sdpa_lpmacl_link(e);
	default:
		return false;
	}
}

void sdpa_entry_unlink_hw(struct doca_flow_pipe_entry *e)
{
	struct doca_flow_pipe *pipe = e->pipe;

	if (!e->in_hw)
		return;
	sdpa_flow_ready_changed();
	switch (pipe->type) {
	case DOCA_FLOW_PIPE_BASIC:
		sdpa_em_remove(pipe, e);
		break;
	case DOCA_FLOW_PIPE_CONTROL:
	case DOCA_FLOW_PIPE_ORDERED_LIST:
		(void)snap_update(pipe, NULL, e);
		break;
	case DOCA_FLOW_PIPE_HASH:
		sdpa_hash_slot_set(pipe, e->index, NULL, 0);
		break;
	case DOCA_FLOW_PIPE_LPM:
	case DOCA_FLOW_PIPE_ACL:
		sdpa_lpmacl_unlink(e);
		break;
	default:
		break;
	}
	e->in_hw = false;
}

/* ------------------------------------------------------------------ entry memory */

/* What entry data holds of its own: its ordered list and its meter. */
static void data_drop_parts(struct sdpa_entry_data *d)
{
	if (d->ol) {
		sdpa_ol_unpin(d->ol);
		free(d->ol);
		d->ol = NULL;
	}
	if (d->meter_owned)
		sdpa_meter_free(d->meter);
	d->meter_owned = false;
}

static void data_free(struct sdpa_entry_data *d)
{
	if (d == NULL)
		return;
	/* A shared object goes when its last holder lets go: entries drop theirs after the
	 * grace period, so no datapath thread reads it then. Shared data holds no ordered
	 * list nor meter of its own (data_intern). */
	if (d->shared && sdpa_fetch_sub_acq_rel(&d->refs, 1) != 1)
		return;
	data_drop_parts(d);
	if (!d->in_slot)
		free(d);
}

void sdpa_entry_dcache_clear(struct doca_flow_pipe *pipe)
{
	for (uint32_t i = 0; i < SDPA_ARRAY_SIZE(pipe->dcache); i++) {
		data_free(pipe->dcache[i]);
		pipe->dcache[i] = NULL;
	}
	for (uint32_t i = 0; i < SDPA_EM_HOT; i++) {
		data_free(sdpa_load_relaxed(&pipe->em_hot[i]));
		sdpa_store_relaxed(&pipe->em_hot[i], NULL);
	}
}

/* Entry data equal to d (built in a buffer, zero-padded), as an object the pipe's BASIC
 * entries share: most pipes give every entry the same fwd and action values (DOCA's
 * per-entry fields left as the template has them), so a million entries hold one copy.
 * The pipe keeps the last few distinct ones. A reference for the caller, or NULL on
 * NO_MEMORY. Flow lock held. */
static struct sdpa_entry_data *data_intern(struct doca_flow_pipe *pipe,
                                           const struct sdpa_entry_data *d)
{
	const size_t off = offsetof(struct sdpa_entry_data, shared_ctr);
	size_t size = sizeof(*d) + d->vlen;
	struct sdpa_entry_data *n, **slot;

	for (uint32_t i = 0; i < SDPA_ARRAY_SIZE(pipe->dcache); i++) {
		struct sdpa_entry_data *x = pipe->dcache[i];

		if (x != NULL && x->vlen == d->vlen && x->action_idx == d->action_idx &&
		    memcmp((const uint8_t *)x + off, (const uint8_t *)d + off, size - off) == 0) {
			sdpa_fetch_add_relaxed(&x->refs, 1);
			return x;
		}
	}
	n = malloc(size);
	if (n == NULL)
		return NULL;
	memcpy(n, d, size);
	n->in_slot = false;
	n->shared = true;
	sdpa_store_relaxed(&n->refs, 2); /* the caller's and the cache's */
	slot = &pipe->dcache[pipe->dcache_next++ % SDPA_ARRAY_SIZE(pipe->dcache)];
	data_free(*slot);
	*slot = n;
	return n;
}

static void data_free_cb(void *p)
{
	data_free(p);
}

static void entry_release(struct doca_flow_pipe_entry *e)
{
	struct sdpa_entry_data *d = sdpa_load_relaxed(&e->data);

	/* The pipe struct outlives its entries (the graveyard; sdpa_grace_fini runs every
	 * deferred release before it goes). */
	if (d != NULL)
		free(sdpa_entry_ctr(e->pipe, e, d)); /* the entry's, not its data's */
	data_free(d);
	sdpa_store_relaxed(&e->data, NULL);
	if (e->has_ctl) {
		free(sdpa_entry_ctl(e)->cm);
		sdpa_entry_ctl(e)->cm = NULL;
	}
}

/* A hash entry gives its index back when its removal is requested (or, for an add that
 * failed, when it leaves the pipe). Must hold the flow lock. */
static void hash_unclaim(struct doca_flow_pipe_entry *e)
{
	struct doca_flow_pipe *pipe = e->pipe;

	if (pipe->type == DOCA_FLOW_PIPE_HASH && pipe->hash.claimed != NULL)
		pipe->hash.claimed[e->index / 64] &= ~(1ull << (e->index % 64));
}

static void pipe_list_del(struct doca_flow_pipe_entry *e)
{
	struct doca_flow_pipe *pipe = e->pipe;

	if (!e->removing)
		hash_unclaim(e);
	if (e->prev)
		e->prev->next = e->next;
	else
		pipe->entries = e->next;
	if (e->next)
		e->next->prev = e->prev;
	e->prev = e->next = NULL;
	pipe->nr_cur--;
}

/* ------------------------------------------------------------------ queues */

static void push_op(struct sdpa_qop *op)
{
	struct doca_flow_pipe_entry *e = op->entry;

	op->pushed = 1;
	op->status = DOCA_FLOW_ENTRY_STATUS_SUCCESS;
	if (e == NULL)
		return;
	sdpa_flow_ready_changed();
	switch (op->op) {
	case DOCA_FLOW_ENTRY_OP_ADD:
		if (e->removing)
			break;
		if (!link_hw(e)) {
			op->status = DOCA_FLOW_ENTRY_STATUS_ERROR;
			DOCA_LOG_WARN("pipe '%s': entry add completes with ERROR: %s; remove the "
			              "entry and add a distinct one",
			              e->pipe->name,
			              e->pipe->type == DOCA_FLOW_PIPE_ORDERED_LIST
			                      ? "another entry has the same list idx"
			              : e->pipe->type == DOCA_FLOW_PIPE_LPM
			                      ? "another entry has the same prefix (or no room)"
			                      : "another entry has the same match (or no memory)");
			break;
		}
		e->in_hw = true;
		break;
	case DOCA_FLOW_ENTRY_OP_DEL:
		sdpa_entry_unlink_hw(e);
		break;
	case DOCA_FLOW_ENTRY_OP_UPD: {
		struct sdpa_entry_data *old = sdpa_load_relaxed(&e->data);

		/* A counter the entry's data holds goes on in the new data; aging goes on from
		 * the last hit, or starts now. */
		if (e->pipe->ectr_off == 0 && old != NULL)
			op->upd->ctr = old->ctr;
		if (op->upd->aging_sec != 0)
			sdpa_store_relaxed(
			        sdpa_entry_last_hit(e->pipe, e, op->upd),
			        old != NULL && old->aging_sec != 0
			                ? sdpa_load_relaxed(sdpa_entry_last_hit(e->pipe, e, old))
			                : sdpa_nic_now_ns());
		sdpa_store_release(&e->data, op->upd); /* R-data: pairs with A-data */
		op->upd = NULL;
		if (e->pipe->type == DOCA_FLOW_PIPE_HASH && e->in_hw)
			(void)link_hw(e); /* refresh the path-selector value */
		if (e->pipe->type == DOCA_FLOW_PIPE_BASIC && e->in_hw)
			sdpa_em_refresh(e->pipe, e); /* the slot names the new data's place */
		sdpa_nic_defer(data_free_cb, old);
		break;
	}
	default:
		break;
	}
}

static void push_all(struct sdpa_fqueue *q)
{
	uint32_t depth = flow_g.queue_depth;

	for (uint32_t i = q->unpushed_from; i < q->count; i++)
		push_op(&q->ops[(q->head + i) % depth]);
	q->unpushed_from = q->count;
}

static bool flags_ok(uint32_t flags, const char *who)
{
	uint32_t both = DOCA_FLOW_ENTRY_FLAGS_NO_WAIT | DOCA_FLOW_ENTRY_FLAGS_WAIT_FOR_BATCH;

	if ((flags & ~both) != 0 || (flags & both) == both) {
		DOCA_LOG_ERR("%s: flags 0x%x invalid; pass DOCA_FLOW_ENTRY_FLAGS_NO_WAIT or "
		             "DOCA_FLOW_ENTRY_FLAGS_WAIT_FOR_BATCH (not both)",
		             who, flags);
		return false;
	}
	return true;
}

struct sdpa_late {
	struct doca_flow_pipe_entry *e;
	void *usr_ctx;
	uint8_t status;
	uint8_t op;
};

/* Complete the oldest 'n' operations of q (pushing what is buffered first): set each entry's
 * status; a removed entry leaves its pipe's list. What they were is written to out[]. */
static void complete_ops(struct sdpa_fqueue *q, uint32_t n, struct sdpa_late *out, uint32_t *k)
{
	push_all(q);
	for (uint32_t i = 0; i < n; i++) {
		struct sdpa_qop *op = &q->ops[q->head];
		struct doca_flow_pipe_entry *e = op->entry;

		q->head = (q->head + 1) % flow_g.queue_depth;
		if (e == NULL)
			continue;
		e->pending--;
		sdpa_store_relaxed(&e->status, (uint8_t)op->status);
		if (op->op == DOCA_FLOW_ENTRY_OP_DEL) {
			e->del_done = true;
			pipe_list_del(e);
		}
		/* A failed ADD stays out of the table: the application removes it. */
		out[(*k)++] = (struct sdpa_late){e, e->usr_ctx, op->status, op->op};
	}
	q->count -= n;
	q->unpushed_from -= n;
}

/* Room for one more operation on (port, queue). A full queue is drained as the device
 * drains its own (NVIDIA's flow_parser_meta adds 180 entries on one queue of the default
 * depth 128 before it processes any): its operations complete now, and their callbacks come
 * with the next doca_flow_entries_process on that queue. */
static doca_error_t queue_room(struct doca_flow_port *port, uint16_t queue, const char *who)
{
	struct sdpa_fqueue *q = &port->queues[queue];

	if (q->count < flow_g.queue_depth)
		return DOCA_SUCCESS;
	if (q->late_cap - q->nlate < q->count) {
		uint32_t cap = q->late_cap ? q->late_cap : flow_g.queue_depth;
		struct sdpa_late *l;

		while (cap - q->nlate < q->count)
			cap *= 2;
		l = realloc(q->late, (size_t)cap * sizeof(*l));
		if (l == NULL) {
			DOCA_LOG_ERR("%s: port %u queue %u is full and out of memory to drain it; "
			             "call doca_flow_entries_process",
			             who, (unsigned int)port->port_id, (unsigned int)queue);
			return DOCA_ERROR_NO_MEMORY;
		}
		q->late = l;
		q->late_cap = cap;
	}
	DOCA_LOG_DBG("%s: port %u queue %u holds %u uncompleted operations (queue depth): "
	             "completing them; their callbacks come with doca_flow_entries_process",
	             who, (unsigned int)port->port_id, (unsigned int)queue, flow_g.queue_depth);
	complete_ops(q, q->count, q->late, &q->nlate);
	return DOCA_SUCCESS;
}

static void queue_op(struct doca_flow_port *port, uint16_t queue, struct doca_flow_pipe_entry *e,
                     uint8_t opcode, struct sdpa_entry_data *upd, uint32_t flags)
{
	struct sdpa_fqueue *q = &port->queues[queue];
	struct sdpa_qop *op = &q->ops[(q->head + q->count) % flow_g.queue_depth];

	op->entry = e;
	op->op = opcode;
	op->pushed = 0;
	op->status = DOCA_FLOW_ENTRY_STATUS_IN_PROCESS;
	op->upd = upd;
	q->count++;
	e->pending++;
	sdpa_store_relaxed(&e->status, (uint8_t)DOCA_FLOW_ENTRY_STATUS_IN_PROCESS);
	if (flags & DOCA_FLOW_ENTRY_FLAGS_NO_WAIT)
		push_all(q);
}

void sdpa_queue_cancel_pipe(struct doca_flow_pipe *pipe)
{
	struct doca_flow_port *port = pipe->port;

	for (uint32_t qi = 0; qi < flow_g.pipe_queues; qi++) {
		struct sdpa_fqueue *q = &port->queues[qi];

		for (uint32_t i = 0; i < q->count; i++) {
			struct sdpa_qop *op = &q->ops[(q->head + i) % flow_g.queue_depth];

			if (op->entry && op->entry->pipe == pipe) {
				op->entry = NULL;
				data_free(op->upd);
				op->upd = NULL;
			}
		}
		for (uint32_t i = 0; i < q->nlate; i++)
			if (q->late[i].e && q->late[i].e->pipe == pipe)
				q->late[i].e = NULL;
	}
}

/* ------------------------------------------------------------------ add */

struct add_args {
	const char *who;
	uint16_t queue;
	struct doca_flow_pipe *pipe;
	uint8_t action_idx;
	const struct doca_flow_actions *actions;
	const struct doca_flow_monitor *monitor;
	const struct doca_flow_fwd *fwd;
	uint32_t flags;
	void *usr_ctx;
	struct doca_flow_pipe_entry **entry;
};

static doca_error_t check_common(const struct add_args *a, enum doca_flow_pipe_type type)
{
	/* a->entry may be NULL: the caller keeps no handle (NVIDIA's samples add control
	 * entries so); the entry still lives in its pipe. */
	if (!sdpa_flow_pipe_valid(a->pipe)) {
		DOCA_LOG_ERR("%s: not a live pipe; pass a pipe from doca_flow_pipe_create", a->who);
		return DOCA_ERROR_INVALID_VALUE;
	}
	if (a->pipe->type != type) {
		DOCA_LOG_ERR("%s: pipe '%s' is not of the type this call adds to; use the add "
		             "call of its type",
		             a->who, a->pipe->name);
		return DOCA_ERROR_INVALID_VALUE;
	}
	if (a->queue >= flow_g.pipe_queues) {
		DOCA_LOG_ERR("%s: pipe queue %u out of range (%u queues); use 0..%u or raise "
		             "doca_flow_cfg_set_pipe_queues",
		             a->who, (unsigned int)a->queue, (unsigned int)flow_g.pipe_queues,
		             (unsigned int)flow_g.pipe_queues - 1);
		return DOCA_ERROR_INVALID_VALUE;
	}
	if (!flags_ok(a->flags, a->who))
		return DOCA_ERROR_INVALID_VALUE;
	if (a->pipe->nr_cur >= a->pipe->nr_entries) {
		DOCA_LOG_ERR("%s: pipe '%s' is full (%u entries); raise "
		             "doca_flow_pipe_cfg_set_nr_entries or remove entries",
		             a->who, a->pipe->name, a->pipe->nr_entries);
		return DOCA_ERROR_INVALID_VALUE;
	}
	return queue_room(a->pipe->port, a->queue, a->who);
}

/* Entry data from actions/monitor/fwd. */
/* Entry data from actions/monitor/fwd, in buf when it fits (bufsz bytes, zeroed here),
 * else malloc'd. */
static doca_error_t make_data_in(const struct add_args *a, uint32_t extra_vlen, void *buf,
                                 size_t bufsz, struct sdpa_entry_data **out)
{
	struct doca_flow_pipe *pipe = a->pipe;
	uint32_t vlen = extra_vlen;
	struct sdpa_entry_data *d;
	doca_error_t r;

	if ((pipe->nr_actions && a->action_idx >= pipe->nr_actions) ||
	    (!pipe->nr_actions && a->action_idx != 0)) {
		DOCA_LOG_ERR("%s: action_idx %u out of range: pipe '%s' has %u action templates",
		             a->who, (unsigned int)a->action_idx, pipe->name, pipe->nr_actions);
		return DOCA_ERROR_INVALID_VALUE;
	}
	if (pipe->nr_actions)
		vlen += pipe->act[a->action_idx].vlen;
	if (buf != NULL && sizeof(*d) + vlen <= bufsz) {
		d = buf;
		memset(d, 0, sizeof(*d) + vlen);
	} else
		d = calloc(1, sizeof(*d) + vlen);
	if (d == NULL) {
		DOCA_LOG_ERR("%s: out of memory for an entry of pipe '%s'; free memory", a->who,
		             pipe->name);
		return DOCA_ERROR_NO_MEMORY;
	}
	d->action_idx = a->action_idx;
	d->vlen = vlen;
	if (pipe->nr_actions)
		sdpa_act_entry_vals(&pipe->act[a->action_idx], a->actions, d->vals);
	if (pipe->ctr_shared) {
		uint32_t id = pipe->ctr_shared_id;

		/* A template id of UINT32_MAX is changeable: the entry's monitor carries the id
		 * whatever its counter_type (the pipe's template decides the counter kind). A
		 * fixed template id is overridden only by an entry that asks for SHARED. */
		if (a->monitor && (id == UINT32_MAX ||
		                   a->monitor->counter_type == DOCA_FLOW_RESOURCE_TYPE_SHARED))
			id = a->monitor->shared_counter.shared_counter_id;
		if (id == UINT32_MAX) {
			DOCA_LOG_ERR("%s: pipe '%s' leaves its shared counter id changeable "
			             "(UINT32_MAX) and the entry gives none; pass a monitor with "
			             "shared_counter.shared_counter_id",
			             a->who, pipe->name);
			if ((void *)d != buf)
				free(d);
			return DOCA_ERROR_INVALID_VALUE;
		}
		d->shared_ctr = sdpa_shared_ctr_resolve(pipe->port, id, a->who);
		if (d->shared_ctr == NULL) {
			if ((void *)d != buf)
				free(d);
			return DOCA_ERROR_INVALID_VALUE;
		}
	} else if (pipe->type == DOCA_FLOW_PIPE_CONTROL && a->monitor &&
	           a->monitor->counter_type == DOCA_FLOW_RESOURCE_TYPE_SHARED) {
		/* A control entry brings its own monitor, as it brings its own actions. */
		d->shared_ctr = sdpa_shared_ctr_resolve(
		        pipe->port, a->monitor->shared_counter.shared_counter_id, a->who);
		if (d->shared_ctr == NULL) {
			if ((void *)d != buf)
				free(d);
			return DOCA_ERROR_INVALID_VALUE;
		}
	} else if (a->monitor && a->monitor->counter_type != DOCA_FLOW_RESOURCE_TYPE_NONE &&
	           !pipe->ctr_non_shared && pipe->type != DOCA_FLOW_PIPE_CONTROL) {
		DOCA_LOG_ERR("%s: the entry asks for a counter but pipe '%s' has none; set the "
		             "pipe monitor's counter_type",
		             a->who, pipe->name);
		if ((void *)d != buf)
			free(d);
		return DOCA_ERROR_INVALID_VALUE;
	}
	r = sdpa_fwd_compile(a->fwd, pipe->port, true, a->who, &d->fwd);
	if (r == DOCA_SUCCESS)
		r = sdpa_fwd_domain_check(pipe, &d->fwd, a->who);
	if (r != DOCA_SUCCESS) {
		if ((void *)d != buf)
			free(d);
		return r;
	}
	if (pipe->fwd.kind == SDPA_FWD_NONE && d->fwd.kind == SDPA_FWD_NONE &&
	    pipe->type != DOCA_FLOW_PIPE_ORDERED_LIST) {
		DOCA_LOG_ERR("%s: pipe '%s' forwards per entry but the entry has no fwd; pass "
		             "the entry's fwd",
		             a->who, pipe->name);
		if ((void *)d != buf)
			free(d);
		return DOCA_ERROR_INVALID_VALUE;
	}
	r = sdpa_mon_entry(pipe, a->monitor, a->who, d, &d->aging_sec);
	if (r != DOCA_SUCCESS) {
		if ((void *)d != buf)
			free(d);
		return r;
	}
	*out = d;
	return DOCA_SUCCESS;
}

static doca_error_t make_data(const struct add_args *a, uint32_t extra_vlen,
                              struct sdpa_entry_data **out)
{
	return make_data_in(a, extra_vlen, NULL, 0, out);
}

static doca_error_t finish_add(const struct add_args *a, struct doca_flow_pipe_entry *e,
                               struct sdpa_entry_data *d, bool counter)
{
	struct doca_flow_pipe *pipe = a->pipe;

	if (counter) {
		struct sdpa_ctr *c = calloc(SDPA_FLOW_NW, sizeof(struct sdpa_ctr));

		if (pipe->ectr_off != 0)
			memcpy((uint8_t *)e + pipe->ectr_off, &c, sizeof(c));
		else
			d->ctr = c; /* d is e's alone */
		if (c == NULL) {
			DOCA_LOG_ERR("%s: out of memory for an entry counter; free memory", a->who);
			data_free(d);
			if (e->has_ctl)
				free(sdpa_entry_ctl(e)->cm);
			entry_discard(e);
			return DOCA_ERROR_NO_MEMORY;
		}
	}
	e->pipe = pipe;
	e->usr_ctx = a->usr_ctx;
	e->queue = a->queue;
	e->aged = false;
	/* Aging counts from the add: an entry no packet ever hits ages aging_sec later. Only
	 * an entry that ages reads the clock (a read costs as much as a quarter of an add on
	 * a VM); an update that makes one age starts its count then (push_op). */
	if (d->aging_sec != 0)
		sdpa_store_relaxed(sdpa_entry_last_hit(pipe, e, d), sdpa_nic_now_ns());
	sdpa_store_relaxed(&e->data, d);
	e->next = pipe->entries;
	if (e->next)
		e->next->prev = e;
	pipe->entries = e;
	pipe->nr_cur++;
	sdpa_resize_added(pipe);
	/* R-live pairs with the acquire load of entry_live: the entry is complete. */
	sdpa_store_release(&e->hstate, ENTRY_LIVE);
	queue_op(pipe->port, a->queue, e, DOCA_FLOW_ENTRY_OP_ADD, NULL, a->flags);
	if (a->entry != NULL)
		*a->entry = e;
	return DOCA_SUCCESS;
}

#define LOCK_INITED(who)                                                                           \
	do {                                                                                       \
		pthread_mutex_lock(&flow_g.lock);                                                  \
		if (!flow_g.inited) {                                                              \
			pthread_mutex_unlock(&flow_g.lock);                                        \
			DOCA_LOG_ERR("%s: DOCA Flow is not initialised; call doca_flow_init "      \
			             "first",                                                      \
			             who);                                                         \
			return DOCA_ERROR_BAD_STATE;                                               \
		}                                                                                  \
	} while (0)

DOCA_STABLE doca_error_t doca_flow_pipe_basic_add_entry(
        uint16_t pipe_queue, struct doca_flow_pipe *pipe, const struct doca_flow_match *match,
        uint8_t action_idx, const struct doca_flow_actions *actions,
        const struct doca_flow_monitor *monitor, const struct doca_flow_fwd *fwd, uint32_t flags,
        void *usr_ctx, struct doca_flow_pipe_entry **entry)
{
	struct add_args a = {"doca_flow_pipe_basic_add_entry",
	                     pipe_queue,
	                     pipe,
	                     action_idx,
	                     actions,
	                     monitor,
	                     fwd,
	                     flags,
	                     usr_ctx,
	                     entry};
	union {
		struct sdpa_entry_data d;
		uint8_t b[512];
	} buf;
	struct sdpa_entry_data *d;
	struct doca_flow_pipe_entry *e;
	size_t doff = 0, dsize;
	doca_error_t r;

	LOCK_INITED(a.who);
	r = check_common(&a, DOCA_FLOW_PIPE_BASIC);
	if (r == DOCA_SUCCESS)
		r = make_data_in(&a, 0, &buf, sizeof(buf), &d);
	if (r != DOCA_SUCCESS) {
		pthread_mutex_unlock(&flow_g.lock);
		return r;
	}
	dsize = sizeof(*d) + d->vlen;
	if (d->ol == NULL && !d->meter_owned && (d->aging_sec == 0 || pipe->eage_off != 0)) {
		/* Data that holds nothing of its own (no list, no meter, its counter and last
		 * hit in the slot): shared with the pipe's entries that have the same (the
		 * entry slot is then the head, the key and these). */
		struct sdpa_entry_data *sh = data_intern(pipe, d);

		if (sh == NULL && (void *)d != &buf)
			free(d);
		d = sh;
	} else {
		/* The entry, its key and its data in one slot: a lookup that finds the entry
		 * has its data in the next cache lines (flow_em.h). Data too large for the
		 * largest slot class stays apart. */
		doff = ((pipe->etail ? pipe->etail : SDPA_ENTRY_HEAD + pipe->mt.klen) +
		        _Alignof(struct sdpa_entry_data) - 1) &
		       ~(_Alignof(struct sdpa_entry_data) - 1);
		if (doff + dsize > sizeof(*e) + SDPA_FLOW_KEY_MAX)
			doff = 0;
		if (doff == 0 && (void *)d == &buf) {
			d = malloc(dsize);
			if (d != NULL) {
				memcpy(d, &buf, dsize);
				d->shared = false; /* as buf's: data with an ol or meter is not */
				d->in_slot = false;
			} else {
				data_drop_parts(&buf.d); /* its ol and meter go, not buf */
			}
		}
	}
	e = d == NULL          ? NULL
	    : doff != 0        ? entry_alloc(doff + dsize)
	    : pipe->etail != 0 ? entry_alloc(pipe->etail)
	                       : entry_alloc(SDPA_ENTRY_HEAD + pipe->mt.klen);
	if (e == NULL) {
		if (d != NULL && (void *)d != &buf && d->shared) {
			data_free(d); /* the reference this add took */
		} else if (d != NULL) {
			data_drop_parts(d);
			if ((void *)d != &buf)
				free(d);
		}
		pthread_mutex_unlock(&flow_g.lock);
		DOCA_LOG_ERR("%s: out of memory for an entry; free memory", a.who);
		return DOCA_ERROR_NO_MEMORY;
	}
	if (doff != 0) {
		struct sdpa_entry_data *in = (struct sdpa_entry_data *)((uint8_t *)e + doff);

		memcpy(in, d, dsize);
		in->in_slot = true;
		if ((void *)d != &buf)
			free(d); /* the shell: what it points to belongs to the copy now */
		d = in;
	}
	sdpa_match_entry_key(&pipe->mt, match, e->key);
	e->hash = sdpa_em_hash(e->key, pipe->mt.klen);
	/* The table insert comes with entries_process, usually a batch later: start the
	 * bucket's cache miss now (a batch's buckets fit in the caches). */
	__builtin_prefetch(sdpa_em_home(sdpa_load_relaxed(&pipe->em), e->hash), 1);
	r = finish_add(&a, e, d, pipe->ctr_non_shared);
	pthread_mutex_unlock(&flow_g.lock);
	sdpa_resize_notify();
	return r;
}

DOCA_STABLE doca_error_t doca_flow_pipe_hash_add_entry(
        uint16_t pipe_queue, struct doca_flow_pipe *pipe, uint32_t entry_index, uint8_t action_idx,
        const struct doca_flow_actions *actions, const struct doca_flow_monitor *monitor,
        const struct doca_flow_fwd *fwd, uint32_t flags, void *usr_ctx,
        struct doca_flow_pipe_entry **entry)
{
	struct add_args a = {"doca_flow_pipe_hash_add_entry",
	                     pipe_queue,
	                     pipe,
	                     action_idx,
	                     actions,
	                     monitor,
	                     fwd,
	                     flags,
	                     usr_ctx,
	                     entry};
	struct sdpa_entry_data *d;
	struct doca_flow_pipe_entry *e;
	doca_error_t r;

	LOCK_INITED(a.who);
	r = check_common(&a, DOCA_FLOW_PIPE_HASH);
	if (r == DOCA_SUCCESS && entry_index >= pipe->nr_entries) {
		DOCA_LOG_ERR("%s: entry_index %u out of range; hash pipe '%s' has indices "
		             "0..%u",
		             a.who, entry_index, pipe->name, pipe->nr_entries - 1);
		r = DOCA_ERROR_INVALID_VALUE;
	}
	if (r == DOCA_SUCCESS && (pipe->hash.claimed[entry_index / 64] >> (entry_index % 64)) & 1) {
		DOCA_LOG_ERR("%s: index %u of hash pipe '%s' already has an entry; remove it first",
		             a.who, entry_index, pipe->name);
		r = DOCA_ERROR_INVALID_VALUE;
	}
	if (r == DOCA_SUCCESS)
		r = make_data(&a, 0, &d);
	if (r != DOCA_SUCCESS) {
		pthread_mutex_unlock(&flow_g.lock);
		return r;
	}
	e = entry_alloc(sizeof(*e));
	if (e == NULL) {
		data_free(d);
		pthread_mutex_unlock(&flow_g.lock);
		DOCA_LOG_ERR("%s: out of memory for an entry; free memory", a.who);
		return DOCA_ERROR_NO_MEMORY;
	}
	e->index = entry_index;
	r = finish_add(&a, e, d, pipe->ctr_non_shared);
	if (r == DOCA_SUCCESS)
		pipe->hash.claimed[entry_index / 64] |= 1ull << (entry_index % 64);
	pthread_mutex_unlock(&flow_g.lock);
	return r;
}

static uint64_t control_seq;

DOCA_STABLE doca_error_t doca_flow_pipe_control_add_entry(
        uint16_t pipe_queue, struct doca_flow_pipe *pipe, const struct doca_flow_match *match,
        const struct doca_flow_match *match_mask, const struct doca_flow_match_condition *condition,
        const struct doca_flow_actions *actions, const struct doca_flow_actions *actions_mask,
        const struct doca_flow_action_descs *action_descs, const struct doca_flow_monitor *monitor,
        uint32_t priority, const struct doca_flow_fwd *fwd, void *usr_ctx,
        struct doca_flow_pipe_entry **entry)
{
	struct add_args a = {
	        "doca_flow_pipe_control_add_entry", pipe_queue, pipe, 0, actions, monitor, fwd,
	        DOCA_FLOW_ENTRY_FLAGS_NO_WAIT,      usr_ctx,    entry};
	struct sdpa_entry_data *d;
	struct doca_flow_pipe_entry *e;
	struct sdpa_act_tmpl at;
	doca_error_t r;

	LOCK_INITED(a.who);
	r = check_common(&a, DOCA_FLOW_PIPE_CONTROL);
	/* A control entry brings its own action template (actions + mask). */
	if (r == DOCA_SUCCESS)
		r = sdpa_act_desc_compile(actions, actions_mask, action_descs, a.who, &at);
	if (r != DOCA_SUCCESS) {
		pthread_mutex_unlock(&flow_g.lock);
		return r;
	}
	e = entry_alloc(sizeof(*e) + sizeof(struct sdpa_entry_ctl));
	if (e != NULL)
		e->has_ctl = true;
	if (e == NULL ||
	    (sdpa_entry_ctl(e)->cm = calloc(1, sizeof(struct sdpa_match_tmpl))) == NULL) {
		entry_discard(e);
		pthread_mutex_unlock(&flow_g.lock);
		DOCA_LOG_ERR("%s: out of memory for an entry; free memory", a.who);
		return DOCA_ERROR_NO_MEMORY;
	}
	/* The condition first: an immediate operand comes out of the match (and is no match
	 * criterion); then the match, then the condition's compiled form on top. */
	{
		struct sdpa_match_tmpl *cm = sdpa_entry_ctl(e)->cm;
		struct sdpa_xmatch mc, mmc; /* with the defined fields (flex.h) */
		struct sdpa_match_tmpl ct;

		if (match != NULL)
			memcpy(&mc, match, sdpa_defs_match_size());
		if (match_mask != NULL)
			memcpy(&mmc, match_mask, sdpa_defs_match_size());
		r = sdpa_cond_compile(condition, match, match ? &mc.m : NULL,
		                      match_mask ? &mmc.m : NULL, a.who, &ct);
		if (r == DOCA_SUCCESS)
			r = sdpa_match_compile_port(pipe->port, match ? &mc.m : NULL,
			                            match_mask ? &mmc.m : NULL, true, a.who, cm);
		if (r == DOCA_SUCCESS && ct.has_cond) {
			cm->has_cond = true;
			cm->cond_op = ct.cond_op;
			cm->cond_akind = ct.cond_akind;
			cm->cond_bkind = ct.cond_bkind;
			cm->cond_width = ct.cond_width;
			cm->cond_abit = ct.cond_abit;
			cm->cond_bbit = ct.cond_bbit;
			cm->cond_imm = ct.cond_imm;
			cm->needs_parse = true;
		}
	}
	if (r == DOCA_SUCCESS)
		r = make_data(&a, 0, &d);
	if (r != DOCA_SUCCESS) {
		free(sdpa_entry_ctl(e)->cm);
		entry_discard(e);
		pthread_mutex_unlock(&flow_g.lock);
		return r;
	}
	sdpa_tun_make_const(&at, actions);
	if (at.nops || at.pop_vlan || at.nat64_l3 || at.ndescs || at.push_vlan || at.encap_kind ||
	    at.decap_kind) {
		struct sdpa_ol_tmpl *ol = calloc(1, sizeof(*ol));

		if (ol == NULL) {
			data_free(d);
			free(sdpa_entry_ctl(e)->cm);
			entry_discard(e);
			pthread_mutex_unlock(&flow_g.lock);
			DOCA_LOG_ERR("%s: out of memory for an entry; free memory", a.who);
			return DOCA_ERROR_NO_MEMORY;
		}
		/* The entry's actions are constants: run them as a one-element list. */
		for (uint32_t i = 0; i < at.nops; i++)
			at.ops[i].per_entry = 0;
		at.push_per_entry = false;
		ol->nelems = 1;
		ol->elems[0].type = DOCA_FLOW_ORDERED_LIST_ELEMENT_ACTIONS;
		ol->elems[0].act = at;
		d->ol = ol;
	}
	e->priority = priority;
	sdpa_entry_ctl(e)->seq = control_seq++;
	r = finish_add(
	        &a, e, d,
	        pipe->ctr_non_shared ||
	                (monitor && monitor->counter_type == DOCA_FLOW_RESOURCE_TYPE_NON_SHARED));
	pthread_mutex_unlock(&flow_g.lock);
	sdpa_resize_notify();
	return r;
}

DOCA_STABLE doca_error_t doca_flow_pipe_ordered_list_add_entry(
        uint16_t pipe_queue, struct doca_flow_pipe *pipe, uint32_t idx,
        const struct doca_flow_ordered_list *list, const struct doca_flow_fwd *fwd, uint32_t flags,
        void *user_ctx, struct doca_flow_pipe_entry **entry)
{
	struct add_args a = {"doca_flow_pipe_ordered_list_add_entry",
	                     pipe_queue,
	                     pipe,
	                     0,
	                     NULL,
	                     NULL,
	                     fwd,
	                     flags,
	                     user_ctx,
	                     entry};
	struct sdpa_ol_tmpl *ol = NULL;
	const struct sdpa_ol_tmpl *tmpl = NULL;
	struct sdpa_entry_data *d = NULL;
	struct doca_flow_pipe_entry *e;
	uint32_t vlen = 0;
	bool counter = false;
	doca_error_t r;

	LOCK_INITED(a.who);
	r = check_common(&a, DOCA_FLOW_PIPE_ORDERED_LIST);
	if (r == DOCA_SUCCESS && list == NULL) {
		DOCA_LOG_ERR("%s: list is NULL; pass the ordered list the entry executes", a.who);
		r = DOCA_ERROR_INVALID_VALUE;
	}
	if (r == DOCA_SUCCESS) {
		for (uint32_t i = 0; i < pipe->nr_lists; i++)
			if (pipe->lists[i].idx == list->idx)
				tmpl = &pipe->lists[i];
		if (tmpl == NULL) {
			DOCA_LOG_ERR("%s: pipe '%s' has no ordered list with idx %u; use the idx "
			             "of a list given to doca_flow_pipe_cfg_set_ordered_lists",
			             a.who, pipe->name, list->idx);
			r = DOCA_ERROR_INVALID_VALUE;
		}
	}
	if (r == DOCA_SUCCESS) {
		ol = calloc(1, sizeof(*ol));
		if (ol == NULL) {
			DOCA_LOG_ERR("%s: out of memory; free memory", a.who);
			r = DOCA_ERROR_NO_MEMORY;
		}
	}
	if (r == DOCA_SUCCESS)
		r = sdpa_ol_compile(list, tmpl, a.who, ol, &vlen);
	if (r == DOCA_SUCCESS)
		r = make_data(&a, vlen, &d);
	if (r != DOCA_SUCCESS) {
		if (ol && r != DOCA_ERROR_INVALID_VALUE && r != DOCA_ERROR_NOT_SUPPORTED)
			sdpa_ol_unpin(ol);
		free(ol);
		pthread_mutex_unlock(&flow_g.lock);
		return r;
	}
	sdpa_ol_entry_vals(ol, list, d->vals);
	d->ol = ol;
	/* A MONITOR element's meter and aging (one metering element per list). */
	for (uint32_t i = 0; i < ol->nelems; i++) {
		struct sdpa_ol_elem *el = &ol->elems[i];
		const struct doca_flow_monitor *m = list->elements[i].monitor;
		struct sdpa_meter *before = d->meter;
		uint32_t aging = 0;

		if (el->type != DOCA_FLOW_ORDERED_LIST_ELEMENT_MONITOR)
			continue;
		r = sdpa_mon_entry_tmpl(pipe, &el->mon, m, a.who, d, &aging);
		if (r == DOCA_SUCCESS && before != NULL && d->meter != before) {
			if (d->meter_owned)
				sdpa_meter_free(d->meter);
			d->meter = before;
			DOCA_LOG_ERR("%s: list %u meters in two MONITOR elements; one metering "
			             "element per list is not supported by softdpa; meter in one",
			             a.who, list->idx);
			r = DOCA_ERROR_NOT_SUPPORTED;
		}
		if (r != DOCA_SUCCESS) {
			data_free(d);
			pthread_mutex_unlock(&flow_g.lock);
			return r;
		}
		el->meter = d->meter != before;
		if (aging != 0)
			d->aging_sec = aging;
	}
	for (uint32_t i = 0; i < ol->nelems; i++)
		if (ol->elems[i].type == DOCA_FLOW_ORDERED_LIST_ELEMENT_MONITOR &&
		    ol->elems[i].counter)
			counter = true;
	e = entry_alloc(sizeof(*e));
	if (e == NULL) {
		data_free(d);
		pthread_mutex_unlock(&flow_g.lock);
		DOCA_LOG_ERR("%s: out of memory for an entry; free memory", a.who);
		return DOCA_ERROR_NO_MEMORY;
	}
	e->index = idx;
	r = finish_add(&a, e, d, counter || pipe->ctr_non_shared);
	pthread_mutex_unlock(&flow_g.lock);
	sdpa_resize_notify();
	return r;
}

/* An LPM or ACL entry: its key (prefix, or rule) from match and mask. */
static doca_error_t lpmacl_add(struct add_args *a, enum doca_flow_pipe_type type,
                               const struct doca_flow_match *match,
                               const struct doca_flow_match *match_mask, uint32_t priority)
{
	struct sdpa_entry_data *d;
	struct doca_flow_pipe_entry *e;
	uint8_t key[SDPA_FLOW_KEY_MAX];
	doca_error_t r;

	LOCK_INITED(a->who);
	r = check_common(a, type);
	if (r == DOCA_SUCCESS && (match == NULL || (type == DOCA_FLOW_PIPE_ACL && !match_mask))) {
		DOCA_LOG_ERR("%s: %s is NULL; pass the %s", a->who,
		             match == NULL ? "match" : "match_mask",
		             match == NULL ? "values to match" : "mask of the match");
		r = DOCA_ERROR_INVALID_VALUE;
	}
	if (r == DOCA_SUCCESS)
		r = sdpa_lpmacl_entry_key(a->pipe, match, match_mask, a->who, key);
	if (r == DOCA_SUCCESS)
		r = make_data(a, 0, &d);
	if (r != DOCA_SUCCESS) {
		pthread_mutex_unlock(&flow_g.lock);
		return r;
	}
	e = entry_alloc(sizeof(*e) + sdpa_lpmacl_key_size(a->pipe));
	if (e == NULL) {
		data_free(d);
		pthread_mutex_unlock(&flow_g.lock);
		DOCA_LOG_ERR("%s: out of memory for an entry; free memory", a->who);
		return DOCA_ERROR_NO_MEMORY;
	}
	memcpy(e->key, key, sdpa_lpmacl_key_size(a->pipe));
	e->priority = priority;
	r = finish_add(a, e, d, a->pipe->ctr_non_shared);
	pthread_mutex_unlock(&flow_g.lock);
	return r;
}

DOCA_EXPERIMENTAL doca_error_t doca_flow_pipe_lpm_add_entry(
        uint16_t pipe_queue, struct doca_flow_pipe *pipe, const struct doca_flow_match *match,
        const struct doca_flow_match *match_mask, uint8_t action_idx,
        const struct doca_flow_actions *actions, const struct doca_flow_monitor *monitor,
        const struct doca_flow_fwd *fwd, uint32_t flags, void *usr_ctx,
        struct doca_flow_pipe_entry **entry)
{
	struct add_args a = {"doca_flow_pipe_lpm_add_entry",
	                     pipe_queue,
	                     pipe,
	                     action_idx,
	                     actions,
	                     monitor,
	                     fwd,
	                     flags,
	                     usr_ctx,
	                     entry};

	return lpmacl_add(&a, DOCA_FLOW_PIPE_LPM, match, match_mask, 0);
}

DOCA_EXPERIMENTAL doca_error_t doca_flow_pipe_acl_add_entry(
        uint16_t pipe_queue, struct doca_flow_pipe *pipe, const struct doca_flow_match *match,
        const struct doca_flow_match *match_mask, uint8_t action_idx,
        const struct doca_flow_actions *actions, const uint32_t priority,
        const struct doca_flow_fwd *fwd, uint32_t flags, void *usr_ctx,
        struct doca_flow_pipe_entry **entry)
{
	struct add_args a = {"doca_flow_pipe_acl_add_entry",
	                     pipe_queue,
	                     pipe,
	                     action_idx,
	                     actions,
	                     NULL,
	                     fwd,
	                     flags,
	                     usr_ctx,
	                     entry};

	return lpmacl_add(&a, DOCA_FLOW_PIPE_ACL, match, match_mask, priority);
}

/* An update of BASIC/HASH (want BASIC), LPM or ACL entries: new entry data. */
static doca_error_t update_entry(const char *who, enum doca_flow_pipe_type want,
                                 uint16_t pipe_queue, struct doca_flow_pipe *pipe,
                                 uint8_t action_idx, const struct doca_flow_actions *actions,
                                 const struct doca_flow_monitor *monitor,
                                 const struct doca_flow_fwd *fwd, uint32_t flags,
                                 struct doca_flow_pipe_entry *entry)
{
	struct doca_flow_pipe_entry *dummy;
	struct add_args a = {who,     pipe_queue, pipe,  action_idx, actions,
	                     monitor, fwd,        flags, NULL,       &dummy};
	struct sdpa_entry_data *d;
	doca_error_t r;

	LOCK_INITED(a.who);
	if (!entry_live(entry) || entry->pipe != pipe || entry->removing) {
		pthread_mutex_unlock(&flow_g.lock);
		DOCA_LOG_ERR("%s: the entry is not a live entry of this pipe (or is being "
		             "removed); pass an entry added to 'pipe'",
		             a.who);
		return DOCA_ERROR_INVALID_VALUE;
	}
	if (pipe->type != want &&
	    !(want == DOCA_FLOW_PIPE_BASIC && pipe->type == DOCA_FLOW_PIPE_HASH)) {
		pthread_mutex_unlock(&flow_g.lock);
		DOCA_LOG_ERR("%s: pipe '%s' is not of the type this call updates (%s); use the "
		             "update call of its type (CONTROL and ORDERED_LIST entries: remove "
		             "and re-add)",
		             a.who, pipe->name,
		             want == DOCA_FLOW_PIPE_BASIC ? "BASIC or HASH"
		             : want == DOCA_FLOW_PIPE_LPM ? "LPM"
		                                          : "ACL");
		return want == DOCA_FLOW_PIPE_BASIC ? DOCA_ERROR_NOT_SUPPORTED
		                                    : DOCA_ERROR_INVALID_VALUE;
	}
	if (pipe_queue >= flow_g.pipe_queues) {
		pthread_mutex_unlock(&flow_g.lock);
		DOCA_LOG_ERR("%s: pipe queue %u out of range; use 0..%u", a.who,
		             (unsigned int)pipe_queue, (unsigned int)flow_g.pipe_queues - 1);
		return DOCA_ERROR_INVALID_VALUE;
	}
	r = flags_ok(flags, a.who) ? queue_room(pipe->port, pipe_queue, a.who)
	                           : DOCA_ERROR_INVALID_VALUE;
	if (r == DOCA_SUCCESS)
		r = make_data(&a, 0, &d);
	if (r == DOCA_SUCCESS)
		queue_op(pipe->port, pipe_queue, entry, DOCA_FLOW_ENTRY_OP_UPD, d, flags);
	pthread_mutex_unlock(&flow_g.lock);
	return r;
}

DOCA_STABLE doca_error_t doca_flow_pipe_basic_update_entry(
        uint16_t pipe_queue, struct doca_flow_pipe *pipe, uint8_t action_idx,
        const struct doca_flow_actions *actions, const struct doca_flow_monitor *monitor,
        const struct doca_flow_fwd *fwd, uint32_t flags, struct doca_flow_pipe_entry *entry)
{
	return update_entry("doca_flow_pipe_basic_update_entry", DOCA_FLOW_PIPE_BASIC, pipe_queue,
	                    pipe, action_idx, actions, monitor, fwd, flags, entry);
}

DOCA_EXPERIMENTAL doca_error_t doca_flow_pipe_lpm_update_entry(
        uint16_t pipe_queue, struct doca_flow_pipe *pipe, uint8_t action_idx,
        const struct doca_flow_actions *actions, const struct doca_flow_monitor *monitor,
        const struct doca_flow_fwd *fwd, uint32_t flags, struct doca_flow_pipe_entry *entry)
{
	return update_entry("doca_flow_pipe_lpm_update_entry", DOCA_FLOW_PIPE_LPM, pipe_queue, pipe,
	                    action_idx, actions, monitor, fwd, flags, entry);
}

DOCA_EXPERIMENTAL doca_error_t doca_flow_pipe_acl_update_entry(
        uint16_t pipe_queue, struct doca_flow_pipe *pipe, uint8_t action_idx,
        const struct doca_flow_actions *actions, const struct doca_flow_fwd *fwd, uint32_t flags,
        struct doca_flow_pipe_entry *entry)
{
	return update_entry("doca_flow_pipe_acl_update_entry", DOCA_FLOW_PIPE_ACL, pipe_queue, pipe,
	                    action_idx, actions, NULL, fwd, flags, entry);
}

DOCA_STABLE doca_error_t doca_flow_pipe_remove_entry(uint16_t pipe_queue, uint32_t flags,
                                                     struct doca_flow_pipe_entry *entry)
{
	static const char who[] = "doca_flow_pipe_remove_entry";
	doca_error_t r;

	LOCK_INITED(who);
	if (!entry_live(entry) || entry->removing) {
		pthread_mutex_unlock(&flow_g.lock);
		DOCA_LOG_ERR("%s: not a live entry (NULL, removed, or its pipe destroyed); pass an "
		             "entry once",
		             who);
		return DOCA_ERROR_INVALID_VALUE;
	}
	if (pipe_queue >= flow_g.pipe_queues) {
		pthread_mutex_unlock(&flow_g.lock);
		DOCA_LOG_ERR("%s: pipe queue %u out of range; use 0..%u", who,
		             (unsigned int)pipe_queue, (unsigned int)flow_g.pipe_queues - 1);
		return DOCA_ERROR_INVALID_VALUE;
	}
	r = flags_ok(flags, who) ? queue_room(entry->pipe->port, pipe_queue, who)
	                         : DOCA_ERROR_INVALID_VALUE;
	if (r == DOCA_SUCCESS) {
		entry->removing = true;
		hash_unclaim(entry);
		queue_op(entry->pipe->port, pipe_queue, entry, DOCA_FLOW_ENTRY_OP_DEL, NULL, flags);
	}
	pthread_mutex_unlock(&flow_g.lock);
	return r;
}

DOCA_STABLE enum doca_flow_entry_status
doca_flow_pipe_entry_get_status(struct doca_flow_pipe_entry *entry)
{
	enum doca_flow_entry_status st;

	/* Under the flow lock: the entry cannot die between the check and the read. */
	pthread_mutex_lock(&flow_g.lock);
	if (!entry_live(entry)) {
		pthread_mutex_unlock(&flow_g.lock);
		DOCA_LOG_ERR("doca_flow_pipe_entry_get_status: not a live entry; pass an entry "
		             "that was added and not removed");
		return DOCA_FLOW_ENTRY_STATUS_ERROR;
	}
	st = (enum doca_flow_entry_status)sdpa_load_relaxed(&entry->status);
	pthread_mutex_unlock(&flow_g.lock);
	return st;
}

DOCA_STABLE doca_error_t doca_flow_entries_process(struct doca_flow_port *port, uint16_t pipe_queue,
                                                   uint64_t timeout, uint32_t max_processed_entries)
{
	static const char who[] = "doca_flow_entries_process";
	struct sdpa_fqueue *q;
	struct sdpa_late *done;
	doca_flow_entry_process_cb cb;
	uint32_t n, nlate, k = 0;
	size_t total;
	uint16_t port_id;
	bool ready;

	(void)timeout;
	LOCK_INITED(who);
	if (!sdpa_flow_port_valid(port) || pipe_queue >= flow_g.pipe_queues) {
		pthread_mutex_unlock(&flow_g.lock);
		DOCA_LOG_ERR("%s: %s; pass a started port and a queue below %u", who,
		             sdpa_flow_port_valid(port) ? "pipe queue out of range"
		                                        : "not a started port",
		             (unsigned int)flow_g.pipe_queues);
		return DOCA_ERROR_INVALID_VALUE;
	}
	q = &port->queues[pipe_queue];
	push_all(q);
	n = q->count;
	if (max_processed_entries && max_processed_entries < n)
		n = max_processed_entries;
	/* Completions of a drained full queue are reported first (they are older). */
	nlate = q->nlate;
	total = (size_t)n + nlate; /* no wrap: 0 only when both are */
	done = total != 0 ? malloc(total * sizeof(*done)) : NULL;
	if (total != 0 && done == NULL) {
		pthread_mutex_unlock(&flow_g.lock);
		DOCA_LOG_ERR("%s: out of memory; free memory and retry", who);
		return DOCA_ERROR_NO_MEMORY;
	}
	if (done != NULL) { /* total != 0: something to report */
		for (uint32_t i = 0; i < nlate; i++)
			if (q->late[i].e != NULL)
				done[k++] = q->late[i];
		complete_ops(q, n, done, &k);
	}
	q->nlate = 0;
	/* Ready for traffic (SOFTDPA_READY_FILE): a root pipe, every queued operation in the
	 * "hardware" (none buffered by WAIT_FOR_BATCH). Completions the program has not
	 * polled yet do not matter: NVIDIA's flow_custom_header adds 21 entries and polls 6. */
	ready = sdpa_load_relaxed(&port->root) != NULL;
	for (uint16_t i = 0; ready && i < flow_g.pipe_queues; i++)
		ready = port->queues[i].unpushed_from == port->queues[i].count;
	port_id = port->port_id;
	cb = flow_g.entry_cb;
	pthread_mutex_unlock(&flow_g.lock);
	for (uint32_t i = 0; i < k; i++)
		if (cb)
			cb(done[i].e, pipe_queue, (enum doca_flow_entry_status)done[i].status,
			   (enum doca_flow_entry_op)done[i].op, done[i].usr_ctx);
	pthread_mutex_lock(&flow_g.lock);
	for (uint32_t i = 0; i < k; i++) {
		struct doca_flow_pipe_entry *e = done[i].e;

		if (done[i].op == DOCA_FLOW_ENTRY_OP_DEL && e->pending == 0 && e->del_done)
			sdpa_entry_bury(e, false);
	}
	pthread_mutex_unlock(&flow_g.lock);
	free(done);
	sdpa_resize_process(port, pipe_queue);
	if (ready)
		sdpa_flow_ready_note(port_id);
	return DOCA_SUCCESS;
}

/* ------------------------------------------------------------------ queries */

DOCA_STABLE doca_error_t doca_flow_resource_query_entry(
        struct doca_flow_pipe_entry *entry, struct doca_flow_resource_query *query_stats)
{
	const struct sdpa_entry_data *d;
	doca_error_t r = DOCA_SUCCESS;

	if (query_stats == NULL) {
		DOCA_LOG_ERR("doca_flow_resource_query_entry: query_stats is NULL; pass an output "
		             "struct");
		return DOCA_ERROR_INVALID_VALUE;
	}
	pthread_mutex_lock(&flow_g.lock);
	if (!entry_live(entry)) {
		pthread_mutex_unlock(&flow_g.lock);
		DOCA_LOG_ERR("doca_flow_resource_query_entry: not a live entry; pass an entry that "
		             "was added and not removed");
		return DOCA_ERROR_INVALID_VALUE;
	}
	d = sdpa_load_relaxed(&entry->data);
	if (sdpa_entry_ctr(entry->pipe, entry, d) != NULL) {
		sdpa_ctr_sum(sdpa_entry_ctr(entry->pipe, entry, d), SDPA_FLOW_NW, query_stats);
	} else if (d->shared_ctr != NULL) {
		sdpa_ctr_sum(d->shared_ctr, SDPA_FLOW_NW, query_stats);
	} else {
		DOCA_LOG_ERR("doca_flow_resource_query_entry: the entry of pipe '%s' has no "
		             "counter; set the pipe monitor counter_type to NON_SHARED",
		             entry->pipe->name);
		r = DOCA_ERROR_INVALID_VALUE;
	}
	pthread_mutex_unlock(&flow_g.lock);
	return r;
}

DOCA_STABLE doca_error_t doca_flow_resource_query_pipe_miss(
        struct doca_flow_pipe *pipe, struct doca_flow_resource_query *query_stats)
{
	doca_error_t r = DOCA_SUCCESS;

	if (query_stats == NULL) {
		DOCA_LOG_ERR("doca_flow_resource_query_pipe_miss: query_stats is NULL; pass an "
		             "output struct");
		return DOCA_ERROR_INVALID_VALUE;
	}
	pthread_mutex_lock(&flow_g.lock);
	if (!sdpa_flow_pipe_valid(pipe)) {
		r = DOCA_ERROR_INVALID_VALUE;
		DOCA_LOG_ERR("doca_flow_resource_query_pipe_miss: not a live pipe; pass a pipe "
		             "from doca_flow_pipe_create");
	} else if (!pipe->miss_counter) {
		r = DOCA_ERROR_INVALID_VALUE;
		DOCA_LOG_ERR("doca_flow_resource_query_pipe_miss: pipe '%s' has no miss counter; "
		             "call doca_flow_pipe_cfg_set_miss_counter(cfg, true) before creating "
		             "it",
		             pipe->name);
	} else {
		sdpa_ctr_sum(pipe->miss, SDPA_FLOW_NW, query_stats);
	}
	pthread_mutex_unlock(&flow_g.lock);
	return r;
}
