/* SPDX-License-Identifier: BSD-3-Clause
 * doca_buf and doca_buf_inventory: descriptors of regions of a doca_mmap, from a fixed pool.
 *
 * An inventory owns chunks of descriptors (one from create, one per expand); free
 * descriptors form a singly linked stack. A list of buffers is doubly linked (prev/next); its head
 * carries the reference count, every other element keeps a count of 1. Each inventory has a lock
 * guarding its free stack and the counts of the buffers taken from it; list operations
 * take the locks of the buffers they change, one at a time (the caller owns the buffers,
 * as in DOCA, so the links themselves need no lock).
 */
#include <pthread.h>
#include <stdbool.h>
#include <stdlib.h>

#include <doca_buf.h>
#include <doca_buf_inventory.h>

#include "core/buf.h"
#include "core/handles.h"
#include "core/log.h"

SDPA_LOG_REGISTER(core_buf);

enum { INV_MAGIC = 0x42494e56 /* "BINV" */ };

struct doca_buf {
	struct doca_buf_inventory *inv;
	struct doca_mmap *mmap;
	uint8_t *head;
	size_t len;
	uint8_t *data;
	size_t data_len;
	uint16_t refcount;
	bool in_use;
	struct doca_buf *prev; /* NULL for the head of a list */
	struct doca_buf *next; /* NULL for the last of a list */
	struct doca_buf *free_next;
};

/* Descriptors come in chunks: the one made at create, then one per expand. */
struct buf_chunk {
	struct buf_chunk *next;
	struct doca_buf elems[];
};

struct doca_buf_inventory {
	uint32_t magic;
	pthread_mutex_t lock;
	bool started;
	uint32_t n;
	uint32_t nfree;
	union doca_data user_data;
	struct doca_buf *free;
	struct buf_chunk *chunks;
};

#define SAY_BAD_ARG(what, fix) DOCA_LOG_ERR("%s: %s; %s", __func__, what, fix)

#define INV_FIX "pass an inventory made by doca_buf_inventory_create"
#define BUF_FIX "pass a buffer taken from an inventory"

static bool inv_ok(const struct doca_buf_inventory *inv)
{
	return sdpa_handle_live(inv, SDPA_H_BUF_INV) && inv->magic == INV_MAGIC;
}

/* NULL or destroyed: one line naming the argument. */
static bool check_inv(const char *fn, const struct doca_buf_inventory *inv)
{
	if (inv == NULL) {
		DOCA_LOG_ERR("%s: inventory is NULL; " INV_FIX, fn);
		return false;
	}
	if (!inv_ok(inv)) {
		DOCA_LOG_ERR("%s: inventory %p is not a live inventory (destroyed?); " INV_FIX, fn,
		             (const void *)inv);
		return false;
	}
	return true;
}

/* ---------------------------------------------------------------- inventory */

/* Add 'count' free descriptors (the lock is held, or the inventory is not shared yet). */
static bool add_chunk(struct doca_buf_inventory *inv, uint32_t count)
{
	struct buf_chunk *c = calloc(1, sizeof(*c) + (size_t)count * sizeof(struct doca_buf));

	if (c == NULL)
		return false;
	for (uint32_t i = count; i-- > 0;) {
		c->elems[i].inv = inv;
		c->elems[i].free_next = inv->free;
		inv->free = &c->elems[i];
	}
	c->next = inv->chunks;
	inv->chunks = c;
	inv->n += count;
	inv->nfree += count;
	return true;
}

DOCA_STABLE doca_error_t doca_buf_inventory_create(size_t num_elements,
                                                   struct doca_buf_inventory **inventory)
{
	struct doca_buf_inventory *inv;

	if (inventory == NULL) {
		SAY_BAD_ARG("inventory is NULL",
		            "pass the address of a struct doca_buf_inventory *");
		return DOCA_ERROR_INVALID_VALUE;
	}
	if (num_elements == 0 || num_elements > UINT32_MAX) {
		DOCA_LOG_ERR("%s: num_elements %zu is out of range; ask for 1..%u elements",
		             __func__, num_elements, UINT32_MAX);
		return DOCA_ERROR_INVALID_VALUE;
	}
	inv = calloc(1, sizeof(*inv));
	if (inv == NULL || !add_chunk(inv, (uint32_t)num_elements)) {
		free(inv);
		DOCA_LOG_ERR("%s: out of memory for %zu elements; ask for fewer", __func__,
		             num_elements);
		return DOCA_ERROR_NO_MEMORY;
	}
	if (!sdpa_handle_add(inv, SDPA_H_BUF_INV)) {
		free(inv->chunks);
		free(inv);
		return DOCA_ERROR_NO_MEMORY; /* sdpa_handle_add logged the cause */
	}
	inv->magic = INV_MAGIC;
	pthread_mutex_init(&inv->lock, NULL);
	*inventory = inv;
	return DOCA_SUCCESS;
}

DOCA_EXPERIMENTAL doca_error_t doca_buf_inventory_expand(struct doca_buf_inventory *inventory,
                                                         uint32_t num_elements)
{
	bool ok;

	if (!check_inv(__func__, inventory))
		return DOCA_ERROR_INVALID_VALUE;
	if (num_elements == 0) {
		SAY_BAD_ARG("num_elements is 0", "add at least one element");
		return DOCA_ERROR_INVALID_VALUE;
	}
	pthread_mutex_lock(&inventory->lock);
	if (inventory->n > UINT32_MAX - num_elements) {
		pthread_mutex_unlock(&inventory->lock);
		DOCA_LOG_ERR("%s: the inventory would exceed %u elements; add fewer", __func__,
		             UINT32_MAX);
		return DOCA_ERROR_INVALID_VALUE;
	}
	ok = add_chunk(inventory, num_elements);
	pthread_mutex_unlock(&inventory->lock);
	if (!ok) {
		DOCA_LOG_ERR("%s: out of memory for %u more elements; add fewer", __func__,
		             num_elements);
		return DOCA_ERROR_NO_MEMORY;
	}
	return DOCA_SUCCESS;
}

DOCA_STABLE doca_error_t doca_buf_inventory_destroy(struct doca_buf_inventory *inventory)
{
	uint32_t held;

	if (!check_inv(__func__, inventory))
		return DOCA_ERROR_INVALID_VALUE;
	pthread_mutex_lock(&inventory->lock);
	held = inventory->n - inventory->nfree;
	pthread_mutex_unlock(&inventory->lock);
	if (held != 0) {
		DOCA_LOG_ERR("%s: %u buffers taken from the inventory are still held; return them "
		             "with doca_buf_dec_refcount first",
		             __func__, held);
		return DOCA_ERROR_IN_USE;
	}
	inventory->magic = 0;
	pthread_mutex_destroy(&inventory->lock);
	while (inventory->chunks != NULL) {
		struct buf_chunk *c = inventory->chunks;

		inventory->chunks = c->next;
		free(c);
	}
	sdpa_handle_retire(inventory, free); /* quarantined: core/handles.h */
	return DOCA_SUCCESS;
}

DOCA_STABLE doca_error_t doca_buf_inventory_start(struct doca_buf_inventory *inventory)
{
	if (!check_inv(__func__, inventory))
		return DOCA_ERROR_INVALID_VALUE;
	pthread_mutex_lock(&inventory->lock);
	inventory->started = true;
	pthread_mutex_unlock(&inventory->lock);
	return DOCA_SUCCESS;
}

DOCA_STABLE doca_error_t doca_buf_inventory_stop(struct doca_buf_inventory *inventory)
{
	if (!check_inv(__func__, inventory))
		return DOCA_ERROR_INVALID_VALUE;
	pthread_mutex_lock(&inventory->lock);
	inventory->started = false;
	pthread_mutex_unlock(&inventory->lock);
	return DOCA_SUCCESS;
}

/* Take 'count' descriptors, linked through free_next, or none. The lock is held. */
static struct doca_buf *take_locked(struct doca_buf_inventory *inv, uint32_t count)
{
	struct doca_buf *first = inv->free, *b = NULL;

	if (inv->nfree < count || count == 0)
		return NULL;
	for (uint32_t i = 0; i < count; i++) {
		b = inv->free;
		inv->free = b->free_next;
	}
	b->free_next = NULL;
	inv->nfree -= count;
	return first;
}

static void init_buf(struct doca_buf *b, struct doca_mmap *mmap, void *head, size_t len, void *data,
                     size_t data_len)
{
	b->mmap = mmap;
	b->head = head;
	b->len = len;
	b->data = data;
	b->data_len = data_len;
	b->refcount = 1;
	b->in_use = true;
	b->prev = NULL;
	b->next = NULL;
}

static bool range_inside(const uint8_t *outer, size_t outer_len, const uint8_t *p, size_t len)
{
	return p >= outer && (size_t)(p - outer) <= outer_len &&
	       len <= outer_len - (size_t)(p - outer);
}

DOCA_STABLE doca_error_t doca_buf_inventory_buf_get_by_args(struct doca_buf_inventory *inventory,
                                                            struct doca_mmap *mmap, void *addr,
                                                            size_t len, void *data, size_t data_len,
                                                            struct doca_buf **buf)
{
	void *range;
	size_t range_len;
	struct doca_buf *b;
	bool started;

	if (!check_inv(__func__, inventory))
		return DOCA_ERROR_INVALID_VALUE;
	if (mmap == NULL || addr == NULL || data == NULL || buf == NULL) {
		SAY_BAD_ARG(mmap == NULL   ? "mmap is NULL"
		            : addr == NULL ? "addr is NULL"
		            : data == NULL ? "data is NULL"
		                           : "buf is NULL",
		            "pass a started mmap, the buffer, its data and a result pointer");
		return DOCA_ERROR_INVALID_VALUE;
	}
	if (doca_mmap_get_memrange(mmap, &range, &range_len) != DOCA_SUCCESS)
		return DOCA_ERROR_INVALID_VALUE; /* it logged why */
	if (!range_inside(range, range_len, addr, len)) {
		DOCA_LOG_ERR("%s: buffer [%p, +%zu) is outside the mmap's memory range [%p, +%zu); "
		             "take buffers from the mmap's own memory",
		             __func__, addr, len, range, range_len);
		return DOCA_ERROR_INVALID_VALUE;
	}
	if (!range_inside(addr, len, data, data_len)) {
		DOCA_LOG_ERR("%s: data [%p, +%zu) is outside the buffer [%p, +%zu); place the data "
		             "inside the buffer",
		             __func__, data, data_len, addr, len);
		return DOCA_ERROR_INVALID_VALUE;
	}
	pthread_mutex_lock(&inventory->lock);
	started = inventory->started;
	b = started ? take_locked(inventory, 1) : NULL;
	if (b != NULL)
		init_buf(b, mmap, addr, len, data, data_len);
	pthread_mutex_unlock(&inventory->lock);
	if (!started) {
		DOCA_LOG_ERR(
		        "%s: the inventory is not started; call doca_buf_inventory_start first",
		        __func__);
		return DOCA_ERROR_BAD_STATE;
	}
	if (b == NULL) {
		DOCA_LOG_RATE_LIMIT_ERR("%s: the inventory's %u elements are all in use; return "
		                        "buffers or create a larger inventory",
		                        __func__, inventory->n);
		return DOCA_ERROR_NO_MEMORY;
	}
	*buf = b;
	return DOCA_SUCCESS;
}

DOCA_STABLE doca_error_t doca_buf_inventory_buf_dup(struct doca_buf_inventory *inventory,
                                                    const struct doca_buf *src_buf,
                                                    struct doca_buf **dst_buf)
{
	struct doca_buf *copy, *prev = NULL, *b;
	const struct doca_buf *s;
	uint32_t count = 0;
	bool started;

	if (!check_inv(__func__, inventory))
		return DOCA_ERROR_INVALID_VALUE;
	if (src_buf == NULL || dst_buf == NULL) {
		SAY_BAD_ARG(src_buf == NULL ? "src_buf is NULL" : "dst_buf is NULL",
		            "pass the buffer to copy and a result pointer");
		return DOCA_ERROR_INVALID_VALUE;
	}
	if (src_buf->prev != NULL) {
		DOCA_LOG_ERR("%s: src_buf is inside a list; pass the head of the list", __func__);
		return DOCA_ERROR_NOT_PERMITTED;
	}
	for (s = src_buf; s != NULL; s = s->next)
		count++;
	pthread_mutex_lock(&inventory->lock);
	started = inventory->started;
	copy = started ? take_locked(inventory, count) : NULL;
	pthread_mutex_unlock(&inventory->lock);
	if (!started) {
		DOCA_LOG_ERR(
		        "%s: the inventory is not started; call doca_buf_inventory_start first",
		        __func__);
		return DOCA_ERROR_BAD_STATE;
	}
	if (copy == NULL) {
		DOCA_LOG_RATE_LIMIT_ERR("%s: the list has %u buffers but the inventory has fewer "
		                        "free elements; return buffers or use a larger inventory",
		                        __func__, count);
		return DOCA_ERROR_NO_MEMORY;
	}
	b = copy;
	for (s = src_buf; s != NULL; s = s->next) {
		struct doca_buf *nb = b->free_next;

		init_buf(b, s->mmap, s->head, s->len, s->data, s->data_len);
		b->free_next = NULL;
		b->prev = prev;
		if (prev != NULL)
			prev->next = b;
		prev = b;
		b = nb;
	}
	*dst_buf = copy;
	return DOCA_SUCCESS;
}

DOCA_STABLE doca_error_t doca_buf_inventory_set_user_data(struct doca_buf_inventory *inventory,
                                                          union doca_data user_data)
{
	bool started;

	if (!check_inv(__func__, inventory))
		return DOCA_ERROR_INVALID_VALUE;
	pthread_mutex_lock(&inventory->lock);
	started = inventory->started;
	if (started)
		inventory->user_data = user_data;
	pthread_mutex_unlock(&inventory->lock);
	if (!started) {
		DOCA_LOG_ERR(
		        "%s: the inventory is not started; call doca_buf_inventory_start first",
		        __func__);
		return DOCA_ERROR_BAD_STATE;
	}
	return DOCA_SUCCESS;
}

DOCA_STABLE doca_error_t doca_buf_inventory_get_num_elements(
        const struct doca_buf_inventory *inventory, uint32_t *num_of_elements)
{
	if (!check_inv(__func__, inventory))
		return DOCA_ERROR_INVALID_VALUE;
	if (num_of_elements == NULL) {
		SAY_BAD_ARG("num_of_elements is NULL", "pass a result pointer");
		return DOCA_ERROR_INVALID_VALUE;
	}
	*num_of_elements = inventory->n;
	return DOCA_SUCCESS;
}

DOCA_STABLE doca_error_t doca_buf_inventory_get_num_free_elements(
        const struct doca_buf_inventory *inventory, uint32_t *num_of_free_elements)
{
	struct doca_buf_inventory *inv = (struct doca_buf_inventory *)inventory;

	if (!check_inv(__func__, inventory))
		return DOCA_ERROR_INVALID_VALUE;
	if (num_of_free_elements == NULL) {
		SAY_BAD_ARG("num_of_free_elements is NULL", "pass a result pointer");
		return DOCA_ERROR_INVALID_VALUE;
	}
	pthread_mutex_lock(&inv->lock);
	*num_of_free_elements = inv->nfree;
	pthread_mutex_unlock(&inv->lock);
	return DOCA_SUCCESS;
}

DOCA_STABLE doca_error_t doca_buf_inventory_get_user_data(
        const struct doca_buf_inventory *inventory, union doca_data *user_data)
{
	struct doca_buf_inventory *inv = (struct doca_buf_inventory *)inventory;

	if (!check_inv(__func__, inventory))
		return DOCA_ERROR_INVALID_VALUE;
	if (user_data == NULL) {
		SAY_BAD_ARG("user_data is NULL", "pass a result pointer");
		return DOCA_ERROR_INVALID_VALUE;
	}
	pthread_mutex_lock(&inv->lock);
	*user_data = inv->user_data;
	pthread_mutex_unlock(&inv->lock);
	return DOCA_SUCCESS;
}

/* ---------------------------------------------------------------- buffers */

static bool check_buf(const char *fn, const struct doca_buf *buf, const void *out,
                      const char *out_name)
{
	if (buf == NULL) {
		DOCA_LOG_ERR("%s: buf is NULL; " BUF_FIX, fn);
		return false;
	}
	if (!inv_ok(buf->inv) || !buf->in_use) {
		DOCA_LOG_ERR(
		        "%s: buf %p is not a held buffer (returned to its inventory?); " BUF_FIX,
		        fn, (const void *)buf);
		return false;
	}
	if (out == NULL) {
		DOCA_LOG_ERR("%s: %s is NULL; pass a result pointer", fn, out_name);
		return false;
	}
	return true;
}

/* Return every buffer of the list headed by 'b' to its inventory. */
static void release_list(struct doca_buf *b)
{
	while (b != NULL) {
		struct doca_buf *next = b->next;
		struct doca_buf_inventory *inv = b->inv;

		pthread_mutex_lock(&inv->lock);
		b->in_use = false;
		b->refcount = 0;
		b->prev = NULL;
		b->next = NULL;
		b->free_next = inv->free;
		inv->free = b;
		inv->nfree++;
		pthread_mutex_unlock(&inv->lock);
		b = next;
	}
}

DOCA_STABLE doca_error_t doca_buf_inc_refcount(struct doca_buf *buf, uint16_t *refcount)
{
	doca_error_t r = DOCA_SUCCESS;
	uint16_t before;

	if (!check_buf(__func__, buf, buf, "buf"))
		return DOCA_ERROR_INVALID_VALUE;
	if (buf->prev != NULL) {
		DOCA_LOG_ERR(
		        "%s: buf is inside a list, whose head carries the count; pass the head",
		        __func__);
		return DOCA_ERROR_NOT_PERMITTED;
	}
	pthread_mutex_lock(&buf->inv->lock);
	before = buf->refcount;
	if (before == UINT16_MAX)
		r = DOCA_ERROR_TOO_BIG;
	else
		buf->refcount++;
	pthread_mutex_unlock(&buf->inv->lock);
	if (r != DOCA_SUCCESS) {
		DOCA_LOG_ERR("%s: the count is already %u, the maximum; drop references first",
		             __func__, UINT16_MAX);
		return r;
	}
	if (refcount != NULL)
		*refcount = before;
	return DOCA_SUCCESS;
}

DOCA_STABLE doca_error_t doca_buf_dec_refcount(struct doca_buf *buf, uint16_t *refcount)
{
	uint16_t before;

	if (!check_buf(__func__, buf, buf, "buf"))
		return DOCA_ERROR_INVALID_VALUE;
	if (buf->prev != NULL) {
		DOCA_LOG_ERR(
		        "%s: buf is inside a list, whose head carries the count; pass the head",
		        __func__);
		return DOCA_ERROR_NOT_PERMITTED;
	}
	pthread_mutex_lock(&buf->inv->lock);
	before = buf->refcount;
	if (before > 0)
		buf->refcount--;
	pthread_mutex_unlock(&buf->inv->lock);
	if (before == 0) {
		DOCA_LOG_ERR("%s: the count is already 0; do not return a buffer twice", __func__);
		return DOCA_ERROR_BAD_STATE;
	}
	if (refcount != NULL)
		*refcount = before;
	if (before == 1)
		release_list(buf);
	return DOCA_SUCCESS;
}

DOCA_STABLE doca_error_t doca_buf_get_refcount(const struct doca_buf *buf, uint16_t *refcount)
{
	if (!check_buf(__func__, buf, refcount, "refcount"))
		return DOCA_ERROR_INVALID_VALUE;
	pthread_mutex_lock(&buf->inv->lock);
	*refcount = buf->refcount;
	pthread_mutex_unlock(&buf->inv->lock);
	return DOCA_SUCCESS;
}

DOCA_STABLE doca_error_t doca_buf_get_len(const struct doca_buf *buf, size_t *len)
{
	if (!check_buf(__func__, buf, len, "len"))
		return DOCA_ERROR_INVALID_VALUE;
	*len = buf->len;
	return DOCA_SUCCESS;
}

DOCA_STABLE doca_error_t doca_buf_get_head(const struct doca_buf *buf, void **head)
{
	if (!check_buf(__func__, buf, head, "head"))
		return DOCA_ERROR_INVALID_VALUE;
	*head = buf->head;
	return DOCA_SUCCESS;
}

DOCA_STABLE doca_error_t doca_buf_get_data_len(const struct doca_buf *buf, size_t *data_len)
{
	if (!check_buf(__func__, buf, data_len, "data_len"))
		return DOCA_ERROR_INVALID_VALUE;
	*data_len = buf->data_len;
	return DOCA_SUCCESS;
}

DOCA_STABLE doca_error_t doca_buf_get_data(const struct doca_buf *buf, void **data)
{
	if (!check_buf(__func__, buf, data, "data"))
		return DOCA_ERROR_INVALID_VALUE;
	*data = buf->data;
	return DOCA_SUCCESS;
}

DOCA_STABLE doca_error_t doca_buf_set_data(struct doca_buf *buf, void *data, size_t data_len)
{
	if (!check_buf(__func__, buf, data, "data"))
		return DOCA_ERROR_INVALID_VALUE;
	if (!range_inside(buf->head, buf->len, data, data_len)) {
		DOCA_LOG_ERR("%s: data [%p, +%zu) is outside the buffer [%p, +%zu); place the data "
		             "inside the buffer",
		             __func__, data, data_len, (void *)buf->head, buf->len);
		return DOCA_ERROR_INVALID_VALUE;
	}
	buf->data = data;
	buf->data_len = data_len;
	return DOCA_SUCCESS;
}

DOCA_STABLE doca_error_t doca_buf_set_data_len(struct doca_buf *buf, size_t data_len)
{
	if (!check_buf(__func__, buf, buf, "buf"))
		return DOCA_ERROR_INVALID_VALUE;
	if (!range_inside(buf->head, buf->len, buf->data, data_len)) {
		DOCA_LOG_ERR("%s: data length %zu would end past the buffer (%zu bytes after the "
		             "data start); use at most that",
		             __func__, data_len, buf->len - (size_t)(buf->data - buf->head));
		return DOCA_ERROR_INVALID_VALUE;
	}
	buf->data_len = data_len;
	return DOCA_SUCCESS;
}

DOCA_STABLE doca_error_t doca_buf_reset_data_len(struct doca_buf *buf)
{
	if (!check_buf(__func__, buf, buf, "buf"))
		return DOCA_ERROR_INVALID_VALUE;
	buf->data_len = 0;
	return DOCA_SUCCESS;
}

DOCA_STABLE doca_error_t doca_buf_get_next_in_list(struct doca_buf *buf, struct doca_buf **next_buf)
{
	if (!check_buf(__func__, buf, next_buf, "next_buf"))
		return DOCA_ERROR_INVALID_VALUE;
	*next_buf = buf->next;
	return DOCA_SUCCESS;
}

DOCA_STABLE doca_error_t doca_buf_get_last_in_list(struct doca_buf *buf, struct doca_buf **last_buf)
{
	struct doca_buf *b;

	if (!check_buf(__func__, buf, last_buf, "last_buf"))
		return DOCA_ERROR_INVALID_VALUE;
	for (b = buf; b->next != NULL; b = b->next)
		;
	*last_buf = b;
	return DOCA_SUCCESS;
}

DOCA_STABLE doca_error_t doca_buf_is_last_in_list(const struct doca_buf *buf, uint8_t *is_last)
{
	if (!check_buf(__func__, buf, is_last, "is_last"))
		return DOCA_ERROR_INVALID_VALUE;
	*is_last = buf->next == NULL ? 1 : 0;
	return DOCA_SUCCESS;
}

DOCA_STABLE doca_error_t doca_buf_is_first_in_list(const struct doca_buf *buf, uint8_t *is_first)
{
	if (!check_buf(__func__, buf, is_first, "is_first"))
		return DOCA_ERROR_INVALID_VALUE;
	*is_first = buf->prev == NULL ? 1 : 0;
	return DOCA_SUCCESS;
}

DOCA_STABLE doca_error_t doca_buf_is_in_list(const struct doca_buf *buf, uint8_t *is_in_list)
{
	if (!check_buf(__func__, buf, is_in_list, "is_in_list"))
		return DOCA_ERROR_INVALID_VALUE;
	*is_in_list = (buf->prev != NULL || buf->next != NULL) ? 1 : 0;
	return DOCA_SUCCESS;
}

DOCA_STABLE doca_error_t doca_buf_get_list_len(const struct doca_buf *buf, uint32_t *num_elements)
{
	uint32_t n = 0;

	if (!check_buf(__func__, buf, num_elements, "num_elements"))
		return DOCA_ERROR_INVALID_VALUE;
	if (buf->prev != NULL) {
		DOCA_LOG_ERR("%s: buf is not the head of its list; pass the head", __func__);
		return DOCA_ERROR_NOT_PERMITTED;
	}
	for (const struct doca_buf *b = buf; b != NULL; b = b->next)
		n++;
	*num_elements = n;
	return DOCA_SUCCESS;
}

/* Checks shared by the two chain calls; the caller names the function. */
static doca_error_t check_chain(const char *fn, struct doca_buf *list1, struct doca_buf *list2)
{
	uint16_t count;

	if (list1 == list2) {
		DOCA_LOG_ERR("%s: list1 and list2 are the same list; pass two different lists", fn);
		return DOCA_ERROR_INVALID_VALUE;
	}
	if (list1->prev != NULL || list2->prev != NULL) {
		DOCA_LOG_ERR("%s: %s is not the head of its list; pass list heads", fn,
		             list1->prev != NULL ? "list1" : "list2");
		return DOCA_ERROR_NOT_PERMITTED;
	}
	pthread_mutex_lock(&list2->inv->lock);
	count = list2->refcount;
	pthread_mutex_unlock(&list2->inv->lock);
	if (count != 1) {
		DOCA_LOG_ERR("%s: list2 has %u references; it can be appended only while it has "
		             "exactly 1",
		             fn, count);
		return DOCA_ERROR_NOT_PERMITTED;
	}
	return DOCA_SUCCESS;
}

DOCA_STABLE doca_error_t doca_buf_chain_list(struct doca_buf *list1, struct doca_buf *list2)
{
	struct doca_buf *last;
	doca_error_t r;

	if (!check_buf(__func__, list1, list1, "list1") ||
	    !check_buf(__func__, list2, list2, "list2"))
		return DOCA_ERROR_INVALID_VALUE;
	r = check_chain(__func__, list1, list2);
	if (r != DOCA_SUCCESS)
		return r;
	for (last = list1; last->next != NULL; last = last->next)
		;
	last->next = list2;
	list2->prev = last;
	return DOCA_SUCCESS;
}

DOCA_EXPERIMENTAL doca_error_t doca_buf_chain_list_tail(struct doca_buf *list1_head,
                                                        struct doca_buf *list1_tail,
                                                        struct doca_buf *list2)
{
	doca_error_t r;

	if (!check_buf(__func__, list1_head, list1_head, "list1_head") ||
	    !check_buf(__func__, list1_tail, list1_tail, "list1_tail") ||
	    !check_buf(__func__, list2, list2, "list2"))
		return DOCA_ERROR_INVALID_VALUE;
	r = check_chain(__func__, list1_head, list2);
	if (r != DOCA_SUCCESS)
		return r;
	if (list1_tail->next != NULL || list1_tail == list2) {
		SAY_BAD_ARG("list1_tail is not the last buffer of list1",
		            "pass the buffer doca_buf_get_last_in_list returns");
		return DOCA_ERROR_INVALID_VALUE;
	}
	list1_tail->next = list2;
	list2->prev = list1_tail;
	return DOCA_SUCCESS;
}

DOCA_STABLE doca_error_t doca_buf_unchain_list(struct doca_buf *list1, struct doca_buf *list2)
{
	struct doca_buf *b;

	if (!check_buf(__func__, list1, list1, "list1") ||
	    !check_buf(__func__, list2, list2, "list2"))
		return DOCA_ERROR_INVALID_VALUE;
	for (b = list1->next; b != NULL && b != list2; b = b->next)
		;
	if (b == NULL) {
		SAY_BAD_ARG("list2 is not in list1 after its first buffer",
		            "pass a buffer that follows list1 in its list");
		return DOCA_ERROR_INVALID_VALUE;
	}
	list2->prev->next = NULL;
	list2->prev = NULL;
	pthread_mutex_lock(&list2->inv->lock);
	list2->refcount = 1;
	pthread_mutex_unlock(&list2->inv->lock);
	return DOCA_SUCCESS;
}

bool sdpa_buf_held(const struct doca_buf *buf)
{
	bool held;

	if (buf == NULL || !inv_ok(buf->inv))
		return false;
	pthread_mutex_lock(&buf->inv->lock);
	held = buf->in_use;
	pthread_mutex_unlock(&buf->inv->lock);
	return held;
}
