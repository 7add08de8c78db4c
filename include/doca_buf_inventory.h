/* SPDX-License-Identifier: BSD-3-Clause */
/**
 * @file
 * softdpa — doca_buf_inventory.h: a pool of doca_buf descriptors, each of which describes a
 * region of a started doca_mmap.
 *
 * Life cycle: create (with the number of descriptors) -> start -> get buffers -> return them
 * (doca_buf_dec_refcount) -> stop -> destroy. Every call is thread-safe.
 */
#ifndef DOCA_BUF_INVENTORY_H_
#define DOCA_BUF_INVENTORY_H_

#include <stddef.h>
#include <stdint.h>

#include <doca_buf.h>
#include <doca_compat.h>
#include <doca_error.h>
#include <doca_mmap.h>
#include <doca_types.h>

#ifdef __cplusplus
extern "C" {
#endif

/** @brief An inventory of doca_buf descriptors (opaque). */
struct doca_buf_inventory;

/**
 * @brief Create an inventory holding a fixed number of buffer descriptors.
 *
 * The inventory is configured and then started with doca_buf_inventory_start() before any
 * buffer can be taken from it.
 *
 * @param [in] num_elements
 * How many doca_buf descriptors the inventory holds.
 * @param [out] inventory
 * The new inventory.
 * @return DOCA_SUCCESS on success; DOCA_ERROR_INVALID_VALUE when inventory is NULL or
 * num_elements is 0; DOCA_ERROR_NO_MEMORY when allocation fails.
 */
DOCA_STABLE doca_error_t doca_buf_inventory_create(size_t num_elements,
                                                   struct doca_buf_inventory **inventory);

/**
 * @brief Destroy an inventory (stopping it first if it is started).
 *
 * Every buffer taken from the inventory must have been returned.
 *
 * @param [in] inventory
 * The inventory to destroy.
 * @return DOCA_SUCCESS on success; DOCA_ERROR_INVALID_VALUE when inventory is NULL;
 * DOCA_ERROR_IN_USE while buffers taken from it are still held.
 */
DOCA_STABLE doca_error_t doca_buf_inventory_destroy(struct doca_buf_inventory *inventory);

/**
 * @brief Start the inventory: from now on buffers can be taken from it.
 *
 * The first start also freezes the configuration.
 *
 * @param [in] inventory
 * The inventory to start.
 * @return DOCA_SUCCESS on success; DOCA_ERROR_INVALID_VALUE when inventory is NULL.
 */
DOCA_STABLE doca_error_t doca_buf_inventory_start(struct doca_buf_inventory *inventory);

/**
 * @brief Stop the inventory: no more buffers can be taken until it is started again.
 *
 * @param [in] inventory
 * The inventory to stop.
 * @return DOCA_SUCCESS on success; DOCA_ERROR_INVALID_VALUE when inventory is NULL.
 */
DOCA_STABLE doca_error_t doca_buf_inventory_stop(struct doca_buf_inventory *inventory);

/**
 * @brief Take one descriptor from the inventory and make it describe the buffer
 * [addr, addr + len) whose data is [data, data + data_len).
 *
 * @param [in] inventory
 * A started inventory.
 * @param [in] mmap
 * A started mmap whose memory range holds the buffer.
 * @param [in] addr
 * Start of the buffer.
 * @param [in] len
 * Length of the buffer in bytes.
 * @param [in] data
 * Start of the data inside the buffer.
 * @param [in] data_len
 * Length of the data in bytes; [data, data + data_len) must lie inside the buffer.
 * @param [out] buf
 * The descriptor; return it with doca_buf_dec_refcount().
 * @return DOCA_SUCCESS on success; DOCA_ERROR_INVALID_VALUE for a NULL argument or a buffer
 * outside the mmap's memory range; DOCA_ERROR_BAD_STATE when the inventory is not started;
 * DOCA_ERROR_NO_MEMORY when the inventory is empty.
 * @note softdpa also refuses (INVALID_VALUE) data outside the buffer, where DOCA leaves the
 * result undefined. It checks the range against doca_mmap_get_memrange(), not whether the
 * mmap is started.
 */
DOCA_STABLE doca_error_t doca_buf_inventory_buf_get_by_args(struct doca_buf_inventory *inventory,
                                                            struct doca_mmap *mmap, void *addr,
                                                            size_t len, void *data, size_t data_len,
                                                            struct doca_buf **buf);

/**
 * @brief Take one descriptor for the buffer [addr, addr + len), with no data in it yet
 * (the data starts at addr and is empty).
 *
 * @param [in] inventory
 * A started inventory.
 * @param [in] mmap
 * A started mmap whose memory range holds the buffer.
 * @param [in] addr
 * Start of the buffer.
 * @param [in] len
 * Length of the buffer in bytes.
 * @param [out] buf
 * The descriptor.
 * @return As doca_buf_inventory_buf_get_by_args().
 */
static inline doca_error_t doca_buf_inventory_buf_get_by_addr(struct doca_buf_inventory *inventory,
                                                              struct doca_mmap *mmap, void *addr,
                                                              size_t len, struct doca_buf **buf)
{
	return doca_buf_inventory_buf_get_by_args(inventory, mmap, addr, len, addr, 0, buf);
}

/**
 * @brief Take one descriptor for the buffer [data, data + data_len), all of which is data.
 *
 * @param [in] inventory
 * A started inventory.
 * @param [in] mmap
 * A started mmap whose memory range holds the buffer.
 * @param [in] data
 * Start of the buffer and of its data.
 * @param [in] data_len
 * Length of the buffer and of its data in bytes.
 * @param [out] buf
 * The descriptor.
 * @return As doca_buf_inventory_buf_get_by_args().
 */
static inline doca_error_t doca_buf_inventory_buf_get_by_data(struct doca_buf_inventory *inventory,
                                                              struct doca_mmap *mmap, void *data,
                                                              size_t data_len,
                                                              struct doca_buf **buf)
{
	return doca_buf_inventory_buf_get_by_args(inventory, mmap, data, data_len, data, data_len,
	                                          buf);
}

/**
 * @brief Take descriptors from the inventory that duplicate src_buf (each buffer of its list,
 * with the same buffer and data ranges).
 *
 * @param [in] inventory
 * A started inventory that receives the copy.
 * @param [in] src_buf
 * The buffer (the head of its list) to duplicate.
 * @param [out] dst_buf
 * The duplicate.
 * @return DOCA_SUCCESS on success; DOCA_ERROR_INVALID_VALUE for a NULL argument;
 * DOCA_ERROR_BAD_STATE when the inventory or the source's mmap is not started;
 * DOCA_ERROR_NOT_PERMITTED when src_buf is in a list but is not its head;
 * DOCA_ERROR_NO_MEMORY when the inventory has too few free descriptors.
 */
DOCA_STABLE doca_error_t doca_buf_inventory_buf_dup(struct doca_buf_inventory *inventory,
                                                    const struct doca_buf *src_buf,
                                                    struct doca_buf **dst_buf);

/**
 * @brief Attach an opaque value to the inventory.
 *
 * @param [in] inventory
 * The inventory.
 * @param [in] user_data
 * The value, read back with doca_buf_inventory_get_user_data().
 * @return DOCA_SUCCESS on success; DOCA_ERROR_INVALID_VALUE when inventory is NULL;
 * DOCA_ERROR_BAD_STATE when the inventory is not started.
 */
DOCA_STABLE doca_error_t doca_buf_inventory_set_user_data(struct doca_buf_inventory *inventory,
                                                          union doca_data user_data);

/**
 * @brief How many descriptors the inventory holds in all.
 *
 * @param [in] inventory
 * The inventory.
 * @param [out] num_of_elements
 * The total number of descriptors.
 * @return DOCA_SUCCESS on success; DOCA_ERROR_INVALID_VALUE for a NULL argument.
 */
DOCA_STABLE doca_error_t doca_buf_inventory_get_num_elements(
        const struct doca_buf_inventory *inventory, uint32_t *num_of_elements);

/**
 * @brief How many descriptors of the inventory are free (not held as a doca_buf).
 *
 * @param [in] inventory
 * The inventory.
 * @param [out] num_of_free_elements
 * The number of free descriptors.
 * @return DOCA_SUCCESS on success; DOCA_ERROR_INVALID_VALUE for a NULL argument.
 */
DOCA_STABLE doca_error_t doca_buf_inventory_get_num_free_elements(
        const struct doca_buf_inventory *inventory, uint32_t *num_of_free_elements);

/**
 * @brief The opaque value attached with doca_buf_inventory_set_user_data().
 *
 * @param [in] inventory
 * The inventory.
 * @param [out] user_data
 * The value, or 0 when none was set.
 * @return DOCA_SUCCESS on success; DOCA_ERROR_INVALID_VALUE for a NULL argument.
 */
DOCA_STABLE doca_error_t doca_buf_inventory_get_user_data(
        const struct doca_buf_inventory *inventory, union doca_data *user_data);

/**
 * @brief Add descriptors to an inventory.
 *
 * @param [in] inventory
 * The inventory.
 * @param [in] num_elements
 * How many descriptors to add.
 * @return DOCA_SUCCESS on success; DOCA_ERROR_INVALID_VALUE when inventory is NULL,
 * num_elements is 0 or the total would exceed UINT32_MAX; DOCA_ERROR_NO_MEMORY when
 * allocation fails.
 */
DOCA_EXPERIMENTAL doca_error_t doca_buf_inventory_expand(struct doca_buf_inventory *inventory,
                                                         uint32_t num_elements);

#ifdef __cplusplus
}
#endif

#endif /* DOCA_BUF_INVENTORY_H_ */
