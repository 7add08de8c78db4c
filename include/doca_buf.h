/* SPDX-License-Identifier: BSD-3-Clause */
/**
 * @file
 * softdpa — doca_buf.h: the DOCA buffer, a descriptor of a memory region of a doca_mmap.
 *
 * A doca_buf comes from a doca_buf_inventory. It describes a buffer [head, head + len) and,
 * inside it, the data [data, data + data_len). Buffers can be chained into a list; the head
 * of a list carries the reference count of the whole list, and returning the head (its
 * count reaching 0) returns every buffer of the list to its inventory.
 *
 * Calls on a NULL buffer or result pointer answer DOCA_ERROR_INVALID_VALUE with one log
 * line; softdpa keeps no registry of buffers, so a pointer that is not a live doca_buf is
 * undefined behaviour, as in DOCA.
 */
#ifndef DOCA_BUF_H_
#define DOCA_BUF_H_

#include <stddef.h>
#include <stdint.h>

#include <doca_compat.h>
#include <doca_error.h>

#ifdef __cplusplus
extern "C" {
#endif

/** @brief A descriptor of a buffer and of the data inside it (opaque). */
struct doca_buf;

/**
 * @brief Take one more reference on a buffer (the head of its list).
 *
 * @param [in] buf
 * The buffer.
 * @param [out] refcount
 * The count before the call (may be NULL).
 * @return DOCA_SUCCESS on success; DOCA_ERROR_INVALID_VALUE when buf is NULL;
 * DOCA_ERROR_NOT_PERMITTED when buf is in a list but not its head;
 * DOCA_ERROR_TOO_BIG when the count is already UINT16_MAX.
 */
DOCA_STABLE doca_error_t doca_buf_inc_refcount(struct doca_buf *buf, uint16_t *refcount);

/**
 * @brief Drop one reference on a buffer; at 0 the buffer (with its whole list) goes back to
 * its inventory.
 *
 * @param [in] buf
 * The buffer, the head of its list.
 * @param [out] refcount
 * The count before the call (may be NULL).
 * @return DOCA_SUCCESS on success; DOCA_ERROR_INVALID_VALUE when buf is NULL;
 * DOCA_ERROR_NOT_PERMITTED when buf is in a list but not its head;
 * DOCA_ERROR_BAD_STATE when the count is already 0.
 */
DOCA_STABLE doca_error_t doca_buf_dec_refcount(struct doca_buf *buf, uint16_t *refcount);

/**
 * @brief The reference count of a buffer.
 *
 * @param [in] buf
 * The buffer.
 * @param [out] refcount
 * The count.
 * @return DOCA_SUCCESS on success; DOCA_ERROR_INVALID_VALUE for a NULL argument.
 */
DOCA_STABLE doca_error_t doca_buf_get_refcount(const struct doca_buf *buf, uint16_t *refcount);

/**
 * @brief The length of the buffer (not of its data).
 *
 * @param [in] buf
 * The buffer.
 * @param [out] len
 * The length in bytes.
 * @return DOCA_SUCCESS on success; DOCA_ERROR_INVALID_VALUE for a NULL argument.
 */
DOCA_STABLE doca_error_t doca_buf_get_len(const struct doca_buf *buf, size_t *len);

/**
 * @brief The start of the buffer.
 *
 * @param [in] buf
 * The buffer.
 * @param [out] head
 * The start address.
 * @return DOCA_SUCCESS on success; DOCA_ERROR_INVALID_VALUE for a NULL argument.
 */
DOCA_STABLE doca_error_t doca_buf_get_head(const struct doca_buf *buf, void **head);

/**
 * @brief The length of the data in the buffer.
 *
 * @param [in] buf
 * The buffer.
 * @param [out] data_len
 * The data length in bytes.
 * @return DOCA_SUCCESS on success; DOCA_ERROR_INVALID_VALUE for a NULL argument.
 */
DOCA_STABLE doca_error_t doca_buf_get_data_len(const struct doca_buf *buf, size_t *data_len);

/**
 * @brief The start of the data in the buffer.
 *
 * @param [in] buf
 * The buffer.
 * @param [out] data
 * The data address.
 * @return DOCA_SUCCESS on success; DOCA_ERROR_INVALID_VALUE for a NULL argument.
 */
DOCA_STABLE doca_error_t doca_buf_get_data(const struct doca_buf *buf, void **data);

/**
 * @brief Move the data: it becomes [data, data + data_len), which must lie inside the
 * buffer.
 *
 * @param [in] buf
 * The buffer.
 * @param [in] data
 * The new data address.
 * @param [in] data_len
 * The new data length.
 * @return DOCA_SUCCESS on success; DOCA_ERROR_INVALID_VALUE when buf or data is NULL.
 * @note softdpa also refuses (INVALID_VALUE) a range outside the buffer, where DOCA leaves
 * the result undefined.
 */
DOCA_STABLE doca_error_t doca_buf_set_data(struct doca_buf *buf, void *data, size_t data_len);

/**
 * @brief Change the data length, keeping the data address; the data must still end inside
 * the buffer.
 *
 * @param [in] buf
 * The buffer.
 * @param [in] data_len
 * The new data length.
 * @return DOCA_SUCCESS on success; DOCA_ERROR_INVALID_VALUE when buf is NULL.
 * @note softdpa also refuses (INVALID_VALUE) a length that would end past the buffer.
 */
DOCA_STABLE doca_error_t doca_buf_set_data_len(struct doca_buf *buf, size_t data_len);

/**
 * @brief Empty the data (length 0), keeping the data address.
 *
 * @param [in] buf
 * The buffer.
 * @return DOCA_SUCCESS on success; DOCA_ERROR_INVALID_VALUE when buf is NULL.
 */
DOCA_STABLE doca_error_t doca_buf_reset_data_len(struct doca_buf *buf);

/**
 * @brief The buffer after buf in its list.
 *
 * @param [in] buf
 * The buffer.
 * @param [out] next_buf
 * The next buffer, NULL when buf is the last.
 * @return DOCA_SUCCESS on success; DOCA_ERROR_INVALID_VALUE for a NULL argument.
 */
DOCA_STABLE doca_error_t doca_buf_get_next_in_list(struct doca_buf *buf,
                                                   struct doca_buf **next_buf);

/**
 * @brief The last buffer of the list buf is in.
 *
 * @param [in] buf
 * The buffer.
 * @param [out] last_buf
 * The last buffer (buf itself when it is the last).
 * @return DOCA_SUCCESS on success; DOCA_ERROR_INVALID_VALUE for a NULL argument.
 */
DOCA_STABLE doca_error_t doca_buf_get_last_in_list(struct doca_buf *buf,
                                                   struct doca_buf **last_buf);

/**
 * @brief Whether buf is the last buffer of its list.
 *
 * @param [in] buf
 * The buffer.
 * @param [out] is_last
 * 1 when it is the last (or alone), else 0.
 * @return DOCA_SUCCESS on success; DOCA_ERROR_INVALID_VALUE for a NULL argument.
 */
DOCA_STABLE doca_error_t doca_buf_is_last_in_list(const struct doca_buf *buf, uint8_t *is_last);

/**
 * @brief Whether buf is the first buffer (the head) of its list.
 *
 * @param [in] buf
 * The buffer.
 * @param [out] is_first
 * 1 when it is the head (or alone), else 0.
 * @return DOCA_SUCCESS on success; DOCA_ERROR_INVALID_VALUE for a NULL argument.
 */
DOCA_STABLE doca_error_t doca_buf_is_first_in_list(const struct doca_buf *buf, uint8_t *is_first);

/**
 * @brief Whether buf is chained with other buffers.
 *
 * @param [in] buf
 * The buffer.
 * @param [out] is_in_list
 * 1 when its list has more than one buffer, else 0.
 * @return DOCA_SUCCESS on success; DOCA_ERROR_INVALID_VALUE for a NULL argument.
 */
DOCA_STABLE doca_error_t doca_buf_is_in_list(const struct doca_buf *buf, uint8_t *is_in_list);

/**
 * @brief How many buffers a list holds.
 *
 * @param [in] buf
 * The head of the list.
 * @param [out] num_elements
 * The number of buffers (1 for a buffer alone).
 * @return DOCA_SUCCESS on success; DOCA_ERROR_INVALID_VALUE for a NULL argument;
 * DOCA_ERROR_NOT_PERMITTED when buf is not the head of its list.
 */
DOCA_STABLE doca_error_t doca_buf_get_list_len(const struct doca_buf *buf, uint32_t *num_elements);

/**
 * @brief Append the list list2 to the end of the list list1.
 *
 * @param [in] list1
 * The head of the first list.
 * @param [in] list2
 * The head of the list to append; its reference count must be 1.
 * @return DOCA_SUCCESS on success; DOCA_ERROR_INVALID_VALUE when an argument is NULL or
 * both are the same list; DOCA_ERROR_NOT_PERMITTED when list2's reference count is not 1
 * or an argument is not the head of its list.
 */
DOCA_STABLE doca_error_t doca_buf_chain_list(struct doca_buf *list1, struct doca_buf *list2);

/**
 * @brief Append the list list2 to the list list1 whose last buffer the caller already
 * knows, without walking list1.
 *
 * @param [in] list1_head
 * The head of the first list.
 * @param [in] list1_tail
 * The last buffer of the first list.
 * @param [in] list2
 * The head of the list to append; its reference count must be 1.
 * @return DOCA_SUCCESS on success; DOCA_ERROR_INVALID_VALUE when an argument is NULL,
 * list1_tail is not the last buffer of a list or list2 is list1;
 * DOCA_ERROR_NOT_PERMITTED when list2's reference count is not 1 or list1_head / list2 is
 * not the head of its list.
 */
DOCA_EXPERIMENTAL doca_error_t doca_buf_chain_list_tail(struct doca_buf *list1_head,
                                                        struct doca_buf *list1_tail,
                                                        struct doca_buf *list2);

/**
 * @brief Split the list list1 before list2: list2 and what follows it become a list of
 * their own, with a reference count of 1.
 *
 * @param [in] list1
 * The head of the list.
 * @param [in] list2
 * A buffer of list1 other than its head.
 * @return DOCA_SUCCESS on success; DOCA_ERROR_INVALID_VALUE when an argument is NULL or
 * list2 is not in list1 after its head.
 */
DOCA_STABLE doca_error_t doca_buf_unchain_list(struct doca_buf *list1, struct doca_buf *list2);

#ifdef __cplusplus
}
#endif

#endif /* DOCA_BUF_H_ */
