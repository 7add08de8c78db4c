/* SPDX-License-Identifier: BSD-3-Clause
 * doca_dpdk: the representor queries, and the mempool calls, which softdpa does not emulate
 * (each checks its arguments like DOCA, INVALID_VALUE with one line naming the argument, then
 * refuses with one rate-limited line naming itself). The port calls are in src/dpdk/.
 */
#include <doca_dev.h>
#include <doca_dpdk.h>

#include "core/devices.h"
#include "core/log.h"

SDPA_LOG_REGISTER(core_dpdk);

#define SAY_UNSUPPORTED()                                                                          \
	DOCA_LOG_RATE_LIMIT_ERR("%s is not supported by softdpa (DPDK mempools are not emulated)", \
	                        __func__)

#define SAY_BAD_ARG(what, fix) DOCA_LOG_ERR("%s: %s; %s", __func__, what, fix)

#define POOL_FIX "pass a pool made by doca_dpdk_mempool_create"

/* The index of a representor of type 'want' (pf<i>vf<k> / pf<i>sf<k> -> k). */
static doca_error_t rep_number(const char *fn, const struct doca_devinfo_rep *rep,
                               enum doca_pci_func_type want, uint16_t *out)
{
	enum doca_pci_func_type type;
	uint32_t idx;

	if (rep == NULL || out == NULL) {
		DOCA_LOG_ERR("%s: %s is NULL; pass a representor from doca_devinfo_rep_create_list "
		             "and a result pointer",
		             fn, rep == NULL ? "rep" : "the result pointer");
		return DOCA_ERROR_INVALID_VALUE;
	}
	if (doca_devinfo_rep_get_pci_func_type(rep, &type) != DOCA_SUCCESS)
		return DOCA_ERROR_INVALID_VALUE; /* it logged why */
	if (type != want) {
		DOCA_LOG_ERR("%s: the representor is not a%s; check "
		             "doca_devinfo_rep_get_pci_func_type first",
		             fn, want == DOCA_PCI_FUNC_TYPE_VF ? " VF" : "n SF");
		return DOCA_ERROR_INVALID_VALUE;
	}
	idx = sdpa_devinfo_rep_index(rep);
	if (idx == UINT32_MAX) { /* destroyed meanwhile */
		DOCA_LOG_ERR("%s: the representor's list was destroyed; query it before "
		             "doca_devinfo_rep_destroy_list",
		             fn);
		return DOCA_ERROR_INVALID_VALUE;
	}
	*out = (uint16_t)idx;
	return DOCA_SUCCESS;
}

DOCA_EXPERIMENTAL doca_error_t doca_dpdk_get_rep_vf_index(const struct doca_devinfo_rep *rep,
                                                          uint16_t *vf_idx)
{
	return rep_number(__func__, rep, DOCA_PCI_FUNC_TYPE_VF, vf_idx);
}

DOCA_EXPERIMENTAL doca_error_t doca_dpdk_get_rep_sf_num(const struct doca_devinfo_rep *rep,
                                                        uint16_t *sf_num)
{
	return rep_number(__func__, rep, DOCA_PCI_FUNC_TYPE_SF, sf_num);
}

DOCA_EXPERIMENTAL doca_error_t doca_dpdk_mempool_create(const struct rte_mempool *mbuf_pool,
                                                        struct doca_dpdk_mempool **mempool_out)
{
	if (mbuf_pool == NULL || mempool_out == NULL) {
		SAY_BAD_ARG(mbuf_pool == NULL ? "mbuf_pool is NULL" : "mempool_out is NULL",
		            "pass a pool from rte_pktmbuf_pool_create() and a result pointer");
		return DOCA_ERROR_INVALID_VALUE;
	}
	SAY_UNSUPPORTED();
	return DOCA_ERROR_NOT_SUPPORTED;
}

DOCA_EXPERIMENTAL doca_error_t doca_dpdk_mempool_destroy(struct doca_dpdk_mempool *mempool)
{
	if (mempool == NULL) {
		SAY_BAD_ARG("mempool is NULL", POOL_FIX);
		return DOCA_ERROR_INVALID_VALUE;
	}
	SAY_UNSUPPORTED();
	return DOCA_ERROR_NOT_SUPPORTED;
}

DOCA_EXPERIMENTAL doca_error_t doca_dpdk_mempool_dev_add(struct doca_dpdk_mempool *mempool,
                                                         struct doca_dev *dev)
{
	if (mempool == NULL || dev == NULL) {
		SAY_BAD_ARG(mempool == NULL ? "mempool is NULL" : "dev is NULL",
		            POOL_FIX " and a device from doca_dev_open()");
		return DOCA_ERROR_INVALID_VALUE;
	}
	SAY_UNSUPPORTED();
	return DOCA_ERROR_NOT_SUPPORTED;
}

DOCA_EXPERIMENTAL doca_error_t doca_dpdk_mempool_set_permissions(struct doca_dpdk_mempool *mempool,
                                                                 uint32_t access_mask)
{
	(void)access_mask;
	if (mempool == NULL) {
		SAY_BAD_ARG("mempool is NULL", POOL_FIX);
		return DOCA_ERROR_INVALID_VALUE;
	}
	SAY_UNSUPPORTED();
	return DOCA_ERROR_NOT_SUPPORTED;
}

DOCA_EXPERIMENTAL doca_error_t doca_dpdk_mempool_start(struct doca_dpdk_mempool *mempool)
{
	if (mempool == NULL) {
		SAY_BAD_ARG("mempool is NULL", POOL_FIX);
		return DOCA_ERROR_INVALID_VALUE;
	}
	SAY_UNSUPPORTED();
	return DOCA_ERROR_NOT_SUPPORTED;
}

DOCA_EXPERIMENTAL doca_error_t doca_dpdk_mempool_mbuf_to_buf(struct doca_dpdk_mempool *mempool,
                                                             struct doca_buf_inventory *inventory,
                                                             struct rte_mbuf *mbuf,
                                                             struct doca_buf **buf)
{
	if (mempool == NULL || inventory == NULL || mbuf == NULL || buf == NULL) {
		SAY_BAD_ARG(mempool == NULL     ? "mempool is NULL"
		            : inventory == NULL ? "inventory is NULL"
		            : mbuf == NULL      ? "mbuf is NULL"
		                                : "buf is NULL",
		            "pass a started pool, a started inventory, an mbuf of the pool and a "
		            "result pointer");
		return DOCA_ERROR_INVALID_VALUE;
	}
	SAY_UNSUPPORTED();
	return DOCA_ERROR_NOT_SUPPORTED;
}
