/* SPDX-License-Identifier: BSD-3-Clause */
/**
 * @file
 * softdpa — doca_dpdk.h: the bridge between DOCA devices and DPDK ethdev ports (probe a
 * DOCA device, with its representors, as DPDK ports; find the device of a port), and
 * between DPDK mbufs and doca_bufs.
 *
 * DPDK types are only forward-declared; a program that uses them includes DPDK itself.
 * softdpa: the emulated devices are DPDK ports of its poll-mode driver, net_softdpa, when
 * softdpa was built with it (docs/DPDK.md; otherwise the port calls answer
 * DOCA_ERROR_NOT_SUPPORTED with one log line). The mempool calls are not emulated. The
 * representor queries (VF index, SF number) are answered from the emulated devices.
 */
#ifndef DOCA_DPDK_H_
#define DOCA_DPDK_H_

#include <stdint.h>

#include <doca_compat.h>
#include <doca_error.h>

#ifdef __cplusplus
extern "C" {
#endif

struct doca_dev;
struct doca_dev_rep;
struct doca_devinfo;
struct doca_devinfo_rep;
struct doca_buf_inventory;
struct doca_buf;

struct rte_mempool;
struct rte_mbuf;

/** @brief A DPDK mbuf pool seen by DOCA, to turn its mbufs into doca_bufs (opaque). */
struct doca_dpdk_mempool;

/**
 * @brief Whether doca_dpdk_port_probe() accepts representors in its devargs for this device.
 *
 * @param [in] devinfo
 * The device.
 * @param [out] is_rep_port_supported
 * 1 when supported, else 0.
 * @return DOCA_SUCCESS on success; DOCA_ERROR_INVALID_VALUE for a NULL argument;
 * DOCA_ERROR_DRIVER when the device cannot be queried.
 * @note softdpa: 1 for a PF, 0 for a VF or SF device.
 */
DOCA_EXPERIMENTAL doca_error_t doca_dpdk_cap_is_rep_port_supported(
        const struct doca_devinfo *devinfo, uint8_t *is_rep_port_supported);

/**
 * @brief Attach a DPDK ethdev port to an open DOCA device. The port is neither configured
 * nor started. Not thread-safe; DPDK's EAL must be told not to probe the device itself.
 *
 * @param [in] dev
 * The DOCA device.
 * @param [in] devargs
 * DPDK device arguments (e.g. "dv_flow_en=2"), without the device's PCI address.
 * @return DOCA_SUCCESS on success; DOCA_ERROR_INVALID_VALUE for a NULL argument;
 * DOCA_ERROR_DRIVER when DPDK fails to attach the port; DOCA_ERROR_NO_MEMORY when
 * allocation fails.
 * @note softdpa: attaches the net_softdpa vdev of the emulated device, with the representors
 * a "representor=" in devargs names; DPDK port N is softdpa and DOCA Flow port N. DRIVER also
 * before rte_eal_init and for a device probed already (docs/DPDK.md).
 */
DOCA_EXPERIMENTAL doca_error_t doca_dpdk_port_probe(struct doca_dev *dev, const char *devargs);

/**
 * @brief Attach DPDK ethdev ports to an open DOCA device and to some of its representors,
 * one port each, like doca_dpdk_port_probe().
 *
 * @param [in] dev
 * The DOCA device (a PF).
 * @param [in] devargs
 * DPDK device arguments, without the PCI address and without "representor=".
 * @param [in] dev_reps
 * The open representors of dev to attach.
 * @param [in] nb_reps
 * How many entries dev_reps holds.
 * @return DOCA_SUCCESS on success; DOCA_ERROR_INVALID_VALUE for a NULL argument or nb_reps
 * of 0; DOCA_ERROR_DRIVER when DPDK fails to attach a port; DOCA_ERROR_NO_MEMORY when
 * allocation fails.
 * @note softdpa: the device's port first, then one port per representor, in dev_reps order.
 */
DOCA_EXPERIMENTAL doca_error_t
doca_dpdk_port_probe_with_representors(struct doca_dev *dev, const char *devargs,
                                       struct doca_dev_rep **dev_reps, uint16_t nb_reps);

/**
 * @brief The first DPDK port attached to a DOCA device by doca_dpdk_port_probe().
 *
 * @param [in] dev
 * The DOCA device.
 * @param [out] port_id
 * The DPDK port id.
 * @return DOCA_SUCCESS on success; DOCA_ERROR_INVALID_VALUE for a NULL argument;
 * DOCA_ERROR_NOT_FOUND when no DPDK port belongs to the device.
 */
DOCA_EXPERIMENTAL doca_error_t doca_dpdk_get_first_port_id(const struct doca_dev *dev,
                                                           uint16_t *port_id);

/**
 * @brief The DOCA device a DPDK port was attached to.
 *
 * @param [in] port_id
 * The DPDK port id.
 * @param [out] dev
 * The DOCA device.
 * @return DOCA_SUCCESS on success; DOCA_ERROR_INVALID_VALUE when dev is NULL;
 * DOCA_ERROR_NOT_FOUND when the port belongs to no DOCA device.
 * @note softdpa: the device the port was probed with (a representor port gives its PF's); for
 * a port the EAL attached (-a, --vdev), a device opened on the first call, which the caller
 * closes.
 */
DOCA_EXPERIMENTAL doca_error_t doca_dpdk_port_as_dev(uint16_t port_id, struct doca_dev **dev);

/**
 * @brief Open the representor that a DPDK port (probed with its representors) stands for.
 *
 * @param [in] port_id
 * The DPDK port id of a representor port.
 * @param [in] dev
 * The open DOCA device the representor belongs to.
 * @param [out] rep
 * The opened representor; close it with doca_dev_rep_close().
 * @return DOCA_SUCCESS on success; DOCA_ERROR_INVALID_VALUE for a NULL argument;
 * DOCA_ERROR_NOT_FOUND when the port is no representor of dev.
 */
DOCA_EXPERIMENTAL doca_error_t doca_dpdk_open_dev_rep_by_port_id(uint16_t port_id,
                                                                 struct doca_dev *dev,
                                                                 struct doca_dev_rep **rep);

/**
 * @brief The VF index of a network VF representor, as DPDK's "representor=vf<index>"
 * devargs name it.
 *
 * @param [in] rep
 * The representor.
 * @param [out] vf_idx
 * The VF index.
 * @return DOCA_SUCCESS on success; DOCA_ERROR_INVALID_VALUE for a NULL or stale argument,
 * or a representor that is not a VF.
 * @note softdpa: representor k of a PF (pf0vf1 is representor 1) has VF index k.
 */
DOCA_EXPERIMENTAL doca_error_t doca_dpdk_get_rep_vf_index(const struct doca_devinfo_rep *rep,
                                                          uint16_t *vf_idx);

/**
 * @brief The SF number of a network SF representor, as DPDK's "representor=sf<number>"
 * devargs name it.
 *
 * @param [in] rep
 * The representor.
 * @param [out] sf_num
 * The SF number.
 * @return DOCA_SUCCESS on success; DOCA_ERROR_INVALID_VALUE for a NULL or stale argument,
 * or a representor that is not an SF.
 * @note softdpa: representor k of a PF (pf0sf1 is representor 1) has SF number k.
 */
DOCA_EXPERIMENTAL doca_error_t doca_dpdk_get_rep_sf_num(const struct doca_devinfo_rep *rep,
                                                        uint16_t *sf_num);

/**
 * @brief Wrap a DPDK mbuf pool so that its mbufs can be turned into doca_bufs. Then add
 * devices (doca_dpdk_mempool_dev_add), optionally set permissions, and start it.
 *
 * @param [in] mbuf_pool
 * A pool created with rte_pktmbuf_pool_create*().
 * @param [out] mempool_out
 * The new DOCA DPDK memory pool.
 * @return DOCA_SUCCESS on success; DOCA_ERROR_INVALID_VALUE for a NULL argument.
 * @note Not emulated: DOCA_ERROR_NOT_SUPPORTED.
 */
DOCA_EXPERIMENTAL doca_error_t doca_dpdk_mempool_create(const struct rte_mempool *mbuf_pool,
                                                        struct doca_dpdk_mempool **mempool_out);

/**
 * @brief Destroy a DOCA DPDK memory pool, before the DPDK pool it wraps. The DPDK pool and
 * its mbufs are left as they are.
 *
 * @param [in] mempool
 * The pool.
 * @return DOCA_SUCCESS on success; DOCA_ERROR_INVALID_VALUE when mempool is NULL;
 * DOCA_ERROR_IN_USE while doca_bufs taken from it are still held.
 * @note Not emulated: DOCA_ERROR_NOT_SUPPORTED.
 */
DOCA_EXPERIMENTAL doca_error_t doca_dpdk_mempool_destroy(struct doca_dpdk_mempool *mempool);

/**
 * @brief Let a DOCA device access the pool's memory (cannot be undone).
 *
 * @param [in] mempool
 * The pool, not started.
 * @param [in] dev
 * The device.
 * @return DOCA_SUCCESS on success; DOCA_ERROR_INVALID_VALUE for a NULL argument;
 * DOCA_ERROR_NO_MEMORY when allocation fails.
 * @note Not emulated: DOCA_ERROR_NOT_SUPPORTED.
 */
DOCA_EXPERIMENTAL doca_error_t doca_dpdk_mempool_dev_add(struct doca_dpdk_mempool *mempool,
                                                         struct doca_dev *dev);

/**
 * @brief Set how the added devices may access the pool's memory (default
 * DOCA_ACCESS_FLAG_LOCAL_READ_WRITE).
 *
 * @param [in] mempool
 * The pool, not started.
 * @param [in] access_mask
 * A bitwise OR of enum doca_access_flag values.
 * @return DOCA_SUCCESS on success; DOCA_ERROR_INVALID_VALUE when mempool is NULL or the
 * flags do not go together.
 * @note Not emulated: DOCA_ERROR_NOT_SUPPORTED.
 */
DOCA_EXPERIMENTAL doca_error_t doca_dpdk_mempool_set_permissions(struct doca_dpdk_mempool *mempool,
                                                                 uint32_t access_mask);

/**
 * @brief Start the pool (at least one device added); mbufs can then be turned into
 * doca_bufs.
 *
 * @param [in] mempool
 * The pool.
 * @return DOCA_SUCCESS on success; DOCA_ERROR_INVALID_VALUE when mempool is NULL;
 * DOCA_ERROR_NO_MEMORY when allocation fails.
 * @note Not emulated: DOCA_ERROR_NOT_SUPPORTED.
 */
DOCA_EXPERIMENTAL doca_error_t doca_dpdk_mempool_start(struct doca_dpdk_mempool *mempool);

/**
 * @brief Take a doca_buf (a list, for a chained mbuf) describing the same memory and data
 * as an mbuf of the pool. The mbuf's reference count is raised; returning the doca_buf
 * frees the mbuf segments again. Later changes to either side do not reach the other.
 *
 * @param [in] mempool
 * The started pool wrapping the mbuf's DPDK pool.
 * @param [in] inventory
 * A started inventory with enough free descriptors.
 * @param [in] mbuf
 * The mbuf (from the pool's memory, not external memory).
 * @param [out] buf
 * The doca_buf.
 * @return DOCA_SUCCESS on success; DOCA_ERROR_INVALID_VALUE for a NULL argument;
 * DOCA_ERROR_NO_MEMORY when the inventory has too few free descriptors.
 * @note Not emulated: DOCA_ERROR_NOT_SUPPORTED.
 */
DOCA_EXPERIMENTAL doca_error_t doca_dpdk_mempool_mbuf_to_buf(struct doca_dpdk_mempool *mempool,
                                                             struct doca_buf_inventory *inventory,
                                                             struct rte_mbuf *mbuf,
                                                             struct doca_buf **buf);

#ifdef __cplusplus
}
#endif

#endif /* DOCA_DPDK_H_ */
