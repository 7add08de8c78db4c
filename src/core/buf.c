/* SPDX-License-Identifier: BSD-3-Clause
 * doca_buf_inventory: not emulated yet (softdpa has no doca_buf data path). Each call checks
 * its arguments like DOCA (INVALID_VALUE with one line naming the argument), then refuses
 * with one rate-limited line naming itself.
 */
#include <doca_buf_inventory.h>

#include "core/log.h"

SDPA_LOG_REGISTER(core_buf_inventory);

#define SAY_UNSUPPORTED()                                                                          \
	DOCA_LOG_RATE_LIMIT_ERR("%s is not supported by softdpa (doca_buf inventories are not "    \
	                        "emulated)",                                                       \
	                        __func__)

#define SAY_BAD_ARG(what, fix) DOCA_LOG_ERR("%s: %s; %s", __func__, what, fix)

#define INV_FIX "pass an inventory made by doca_buf_inventory_create"

DOCA_STABLE doca_error_t doca_buf_inventory_create(size_t num_elements,
                                                   struct doca_buf_inventory **inventory)
{
	if (inventory == NULL) {
		SAY_BAD_ARG("inventory is NULL",
		            "pass the address of a struct doca_buf_inventory *");
		return DOCA_ERROR_INVALID_VALUE;
	}
	if (num_elements == 0) {
		SAY_BAD_ARG("num_elements is 0", "ask for at least one element");
		return DOCA_ERROR_INVALID_VALUE;
	}
	SAY_UNSUPPORTED();
	return DOCA_ERROR_NOT_SUPPORTED;
}

DOCA_STABLE doca_error_t doca_buf_inventory_destroy(struct doca_buf_inventory *inventory)
{
	if (inventory == NULL) {
		SAY_BAD_ARG("inventory is NULL", INV_FIX);
		return DOCA_ERROR_INVALID_VALUE;
	}
	SAY_UNSUPPORTED();
	return DOCA_ERROR_NOT_SUPPORTED;
}

DOCA_STABLE doca_error_t doca_buf_inventory_start(struct doca_buf_inventory *inventory)
{
	if (inventory == NULL) {
		SAY_BAD_ARG("inventory is NULL", INV_FIX);
		return DOCA_ERROR_INVALID_VALUE;
	}
	SAY_UNSUPPORTED();
	return DOCA_ERROR_NOT_SUPPORTED;
}

DOCA_STABLE doca_error_t doca_buf_inventory_stop(struct doca_buf_inventory *inventory)
{
	if (inventory == NULL) {
		SAY_BAD_ARG("inventory is NULL", INV_FIX);
		return DOCA_ERROR_INVALID_VALUE;
	}
	SAY_UNSUPPORTED();
	return DOCA_ERROR_NOT_SUPPORTED;
}

DOCA_STABLE doca_error_t doca_buf_inventory_buf_get_by_args(struct doca_buf_inventory *inventory,
                                                            struct doca_mmap *mmap, void *addr,
                                                            size_t len, void *data, size_t data_len,
                                                            struct doca_buf **buf)
{
	(void)len;
	(void)data_len;
	if (inventory == NULL || mmap == NULL || addr == NULL || data == NULL || buf == NULL) {
		SAY_BAD_ARG(inventory == NULL ? "inventory is NULL"
		            : mmap == NULL    ? "mmap is NULL"
		            : addr == NULL    ? "addr is NULL"
		            : data == NULL    ? "data is NULL"
		                              : "buf is NULL",
		            "pass a started inventory, a started mmap, the buffer and a result "
		            "pointer");
		return DOCA_ERROR_INVALID_VALUE;
	}
	SAY_UNSUPPORTED();
	return DOCA_ERROR_NOT_SUPPORTED;
}

DOCA_STABLE doca_error_t doca_buf_inventory_buf_dup(struct doca_buf_inventory *inventory,
                                                    const struct doca_buf *src_buf,
                                                    struct doca_buf **dst_buf)
{
	if (inventory == NULL || src_buf == NULL || dst_buf == NULL) {
		SAY_BAD_ARG(inventory == NULL ? "inventory is NULL"
		            : src_buf == NULL ? "src_buf is NULL"
		                              : "dst_buf is NULL",
		            "pass a started inventory, the buffer to copy and a result pointer");
		return DOCA_ERROR_INVALID_VALUE;
	}
	SAY_UNSUPPORTED();
	return DOCA_ERROR_NOT_SUPPORTED;
}

DOCA_STABLE doca_error_t doca_buf_inventory_set_user_data(struct doca_buf_inventory *inventory,
                                                          union doca_data user_data)
{
	(void)user_data;
	if (inventory == NULL) {
		SAY_BAD_ARG("inventory is NULL", INV_FIX);
		return DOCA_ERROR_INVALID_VALUE;
	}
	SAY_UNSUPPORTED();
	return DOCA_ERROR_NOT_SUPPORTED;
}

DOCA_STABLE doca_error_t doca_buf_inventory_get_num_elements(
        const struct doca_buf_inventory *inventory, uint32_t *num_of_elements)
{
	if (inventory == NULL || num_of_elements == NULL) {
		SAY_BAD_ARG(inventory == NULL ? "inventory is NULL" : "num_of_elements is NULL",
		            INV_FIX " and a result pointer");
		return DOCA_ERROR_INVALID_VALUE;
	}
	SAY_UNSUPPORTED();
	return DOCA_ERROR_NOT_SUPPORTED;
}

DOCA_STABLE doca_error_t doca_buf_inventory_get_num_free_elements(
        const struct doca_buf_inventory *inventory, uint32_t *num_of_free_elements)
{
	if (inventory == NULL || num_of_free_elements == NULL) {
		SAY_BAD_ARG(inventory == NULL ? "inventory is NULL"
		                              : "num_of_free_elements is NULL",
		            INV_FIX " and a result pointer");
		return DOCA_ERROR_INVALID_VALUE;
	}
	SAY_UNSUPPORTED();
	return DOCA_ERROR_NOT_SUPPORTED;
}

DOCA_STABLE doca_error_t doca_buf_inventory_get_user_data(
        const struct doca_buf_inventory *inventory, union doca_data *user_data)
{
	if (inventory == NULL || user_data == NULL) {
		SAY_BAD_ARG(inventory == NULL ? "inventory is NULL" : "user_data is NULL",
		            INV_FIX " and a result pointer");
		return DOCA_ERROR_INVALID_VALUE;
	}
	SAY_UNSUPPORTED();
	return DOCA_ERROR_NOT_SUPPORTED;
}
