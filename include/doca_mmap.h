/* SPDX-License-Identifier: BSD-3-Clause */
/**
 * @file
 * softdpa — doca_mmap.h: a registered memory range other engines (here: the DPA) access.
 *
 * Host memory: set_memrange + add_dev + start, then doca_mmap_dev_get_dpa_handle() for
 * kernels (doca_dpa_dev_mmap_get_external_ptr). DPA heap memory: set_dpa_memrange (no
 * add_dev) + start. Configuration calls are refused (BAD_STATE) once started.
 */
#ifndef DOCA_MMAP_H_
#define DOCA_MMAP_H_

#include <stddef.h>
#include <stdint.h>

#include <doca_compat.h>
#include <doca_error.h>
#include <doca_types.h>

#ifdef __cplusplus
extern "C" {
#endif

/** @brief An opened device (doca_dev.h). */
struct doca_dev;
/** @brief A DPA context (doca_dpa.h). */
struct doca_dpa;
/** @brief A memory map: a registered memory range (opaque). */
struct doca_mmap;

/** @brief An mmap as DPA kernels see it. */
typedef uint32_t doca_dpa_dev_mmap_t;

/**
 * @brief Create an mmap, with no memory and no device, permissions
 * DOCA_ACCESS_FLAG_LOCAL_READ_WRITE.
 *
 * @param [out] mmap
 * The new mmap.
 * @return DOCA_SUCCESS on success; DOCA_ERROR_INVALID_VALUE when mmap is NULL;
 * DOCA_ERROR_NO_MEMORY when it cannot be allocated.
 */
DOCA_STABLE doca_error_t doca_mmap_create(struct doca_mmap **mmap);

/**
 * @brief Destroy an mmap, stopping it first when it is started.
 *
 * @param [in] mmap
 * The mmap.
 * @return DOCA_SUCCESS on success; DOCA_ERROR_INVALID_VALUE when mmap is NULL or not a live
 * mmap; DOCA_ERROR_IN_USE while a buf array uses it (the mmap is then left as it was).
 */
DOCA_STABLE doca_error_t doca_mmap_destroy(struct doca_mmap *mmap);

/**
 * @brief Start an mmap: its memory becomes reachable by the devices added to it (and by DPA
 * kernels through doca_mmap_dev_get_dpa_handle()).
 *
 * @param [in] mmap
 * The mmap, with a memrange and (for host memory) at least one device.
 * @return DOCA_SUCCESS on success; DOCA_ERROR_INVALID_VALUE when mmap is NULL or not a live
 * mmap; DOCA_ERROR_BAD_STATE when it is started already, has no memrange, or has host
 * memory and no device; DOCA_ERROR_FULL when 4096 mmaps are started (softdpa's limit).
 */
DOCA_STABLE doca_error_t doca_mmap_start(struct doca_mmap *mmap);

/**
 * @brief Stop an mmap: its handle and export descriptors become invalid, and it may be
 * configured again.
 *
 * @param [in] mmap
 * The mmap.
 * @return DOCA_SUCCESS on success; DOCA_ERROR_INVALID_VALUE when mmap is NULL or not a live
 * mmap; DOCA_ERROR_BAD_STATE when it is not started; DOCA_ERROR_IN_USE while a started buf
 * array uses it.
 */
DOCA_STABLE doca_error_t doca_mmap_stop(struct doca_mmap *mmap);

/**
 * @brief Set the host memory of the mmap: [addr, addr + len).
 *
 * @param [in] mmap
 * The mmap, not started.
 * @param [in] addr
 * The start of the memory.
 * @param [in] len
 * The length in bytes.
 * @return DOCA_SUCCESS on success; DOCA_ERROR_INVALID_VALUE when mmap is NULL or not a live
 * mmap, addr is NULL or len is 0; DOCA_ERROR_BAD_STATE when the mmap is started or has a
 * DPA memrange.
 */
DOCA_STABLE doca_error_t doca_mmap_set_memrange(struct doca_mmap *mmap, void *addr, size_t len);

/**
 * @brief The memory range of the mmap.
 *
 * @param [in] mmap
 * The mmap.
 * @param [out] addr
 * The start (NULL when no memrange is set; the DPA address for a DPA memrange).
 * @param [out] len
 * The length in bytes.
 * @return DOCA_SUCCESS on success; DOCA_ERROR_INVALID_VALUE for a NULL argument or an mmap
 * that is not live.
 */
DOCA_STABLE doca_error_t doca_mmap_get_memrange(const struct doca_mmap *mmap, void **addr,
                                                size_t *len);

/**
 * @brief Set DPA heap memory as the memory of the mmap: [dpa_addr, dpa_addr + len) of dpa.
 *
 * @param [in] mmap
 * The mmap, not started, without host memrange or devices.
 * @param [in] dpa
 * A started DPA context.
 * @param [in] dpa_addr
 * The start, in memory from doca_dpa_mem_alloc().
 * @param [in] len
 * The length in bytes; the range must lie inside one allocation.
 * @return DOCA_SUCCESS on success; DOCA_ERROR_INVALID_VALUE when mmap or dpa is NULL or not
 * live, len is 0 or the range is not inside one DPA heap allocation; DOCA_ERROR_BAD_STATE
 * when the mmap is started, the DPA context is not started, or the mmap has a host memrange
 * or devices.
 * @note No doca_mmap_add_dev() is needed (nor allowed): the DPA context's device may access
 * the memory.
 */
DOCA_EXPERIMENTAL doca_error_t doca_mmap_set_dpa_memrange(struct doca_mmap *mmap,
                                                          struct doca_dpa *dpa, uint64_t dpa_addr,
                                                          size_t len);
/**
 * @brief Set the access permissions of the mmap.
 *
 * @param [in] mmap
 * The mmap, not started.
 * @param [in] access_mask
 * A bitwise OR of enum doca_access_flag (default DOCA_ACCESS_FLAG_LOCAL_READ_WRITE).
 * @return DOCA_SUCCESS on success; DOCA_ERROR_INVALID_VALUE when mmap is NULL or not live,
 * the mask has bits outside enum doca_access_flag, or it holds both
 * DOCA_ACCESS_FLAG_PCI_READ_ONLY and DOCA_ACCESS_FLAG_PCI_READ_WRITE;
 * DOCA_ERROR_BAD_STATE when the mmap is started.
 */
DOCA_STABLE doca_error_t doca_mmap_set_permissions(struct doca_mmap *mmap, uint32_t access_mask);
/**
 * @brief The most devices that may be added to the mmap; fixed from its first start.
 *
 * @param [in] mmap
 * The mmap.
 * @param [in] max_num_devices
 * The maximum, at least 1 and at least the number of devices already added.
 * @return DOCA_SUCCESS on success; DOCA_ERROR_INVALID_VALUE for a NULL or destroyed mmap, a
 * maximum of 0 or below the devices already added; DOCA_ERROR_NOT_PERMITTED once the mmap
 * was started (even if stopped since).
 * @note softdpa holds up to 8 devices per mmap: a larger maximum is accepted and acts as 8.
 */
DOCA_STABLE doca_error_t doca_mmap_set_max_num_devices(struct doca_mmap *mmap,
                                                       uint32_t max_num_devices);

/**
 * @brief Let a device access the memory of the mmap.
 *
 * @param [in] mmap
 * The mmap, not started, with no DPA memrange.
 * @param [in] dev
 * An opened device, not added to this mmap yet.
 * @return DOCA_SUCCESS on success; DOCA_ERROR_INVALID_VALUE when mmap is NULL or not live or
 * dev is NULL; DOCA_ERROR_BAD_STATE when the mmap is started; DOCA_ERROR_NOT_PERMITTED when
 * it has a DPA memrange; DOCA_ERROR_ALREADY_EXIST when dev was added already;
 * DOCA_ERROR_NO_MEMORY when the mmap holds its maximum of devices
 * (doca_mmap_set_max_num_devices; at most 8 in softdpa).
 */
DOCA_STABLE doca_error_t doca_mmap_add_dev(struct doca_mmap *mmap, struct doca_dev *dev);

/**
 * @brief Withdraw a device added with doca_mmap_add_dev().
 *
 * @param [in] mmap
 * The mmap, not started.
 * @param [in] dev
 * The device.
 * @return DOCA_SUCCESS on success; DOCA_ERROR_INVALID_VALUE when mmap is NULL or not live;
 * DOCA_ERROR_BAD_STATE when the mmap is started; DOCA_ERROR_NOT_FOUND when dev was not
 * added (a NULL dev included).
 */
DOCA_STABLE doca_error_t doca_mmap_rm_dev(struct doca_mmap *mmap, struct doca_dev *dev);

/**
 * @brief The handle DPA kernels use to reach the mmap (doca_dpa_dev_mmap_get_external_ptr).
 *
 * @param [in] mmap
 * The started mmap.
 * @param [in] dev
 * A device added to the mmap, or, for a DPA memrange, the DPA context's device.
 * @param [out] handle
 * The handle, valid until the mmap stops.
 * @return DOCA_SUCCESS on success; DOCA_ERROR_INVALID_VALUE for a NULL argument or an mmap
 * that is not live; DOCA_ERROR_NOT_PERMITTED when the mmap is not started;
 * DOCA_ERROR_NOT_FOUND when dev may not access it.
 */
DOCA_EXPERIMENTAL doca_error_t doca_mmap_dev_get_dpa_handle(struct doca_mmap *mmap,
                                                            const struct doca_dev *dev,
                                                            doca_dpa_dev_mmap_t *handle);

/**
 * @brief A descriptor of the mmap for a peer that reaches it over PCI (the host, from the
 * DPU, or the other way round).
 *
 * @param [in] mmap
 * The started mmap.
 * @param [in] dev
 * A device added to the mmap.
 * @param [out] export_desc
 * The descriptor; it belongs to the mmap and is freed when the mmap stops.
 * @param [out] export_desc_len
 * Its length in bytes.
 * @return DOCA_SUCCESS on success; DOCA_ERROR_INVALID_VALUE for a NULL argument or an mmap
 * that is not live; DOCA_ERROR_NOT_PERMITTED when the mmap is not started or its
 * permissions include neither DOCA_ACCESS_FLAG_PCI_READ_WRITE nor
 * DOCA_ACCESS_FLAG_PCI_READ_ONLY; DOCA_ERROR_NOT_FOUND when dev was not added;
 * DOCA_ERROR_NO_MEMORY when the descriptor cannot be allocated.
 * @note The peer imports it with doca_mmap_create_from_export (in softdpa: in the same
 * process). Exporting again for the same device returns the same descriptor.
 */
DOCA_STABLE doca_error_t doca_mmap_export_pci(struct doca_mmap *mmap, const struct doca_dev *dev,
                                              const void **export_desc, size_t *export_desc_len);

/**
 * @brief A descriptor of the mmap for a peer that reaches it over RDMA.
 *
 * @param [in] mmap
 * The started mmap.
 * @param [in] dev
 * A device added to the mmap.
 * @param [out] export_desc
 * The descriptor; it belongs to the mmap and is freed when the mmap stops.
 * @param [out] export_desc_len
 * Its length in bytes.
 * @return DOCA_SUCCESS on success; DOCA_ERROR_INVALID_VALUE for a NULL argument or an mmap
 * that is not live; DOCA_ERROR_NOT_PERMITTED when the mmap is not started or its
 * permissions include none of DOCA_ACCESS_FLAG_RDMA_READ, _WRITE, _ATOMIC;
 * DOCA_ERROR_NOT_FOUND when dev was not added; DOCA_ERROR_NO_MEMORY when the descriptor
 * cannot be allocated.
 * @note The peer imports it with doca_mmap_create_from_export, in this process or another
 * one. Exporting again for the same device returns the same descriptor.
 */
DOCA_STABLE doca_error_t doca_mmap_export_rdma(struct doca_mmap *mmap, const struct doca_dev *dev,
                                               const void **export_desc, size_t *export_desc_len);

/**
 * @brief A memory map of a peer's memory, from the descriptor the peer exported
 * (doca_mmap_export_rdma or doca_mmap_export_pci).
 *
 * The mmap is started on return and is not backed by local memory: its DPA handle
 * (doca_mmap_dev_get_dpa_handle) names the peer's memory as the remote side of RDMA
 * operations (a kernel's doca_dpa_dev_rdma_post_write destination, a read's source), at the
 * peer's addresses. Destroy it with doca_mmap_destroy.
 *
 * @param [in] user_data
 * Kept with the mmap; may be NULL.
 * @param [in] export_desc
 * The exported descriptor, as the peer's export call gave it.
 * @param [in] export_desc_len
 * Its length in bytes.
 * @param [in] dev
 * The local device that reaches the peer.
 * @param [out] mmap
 * The new mmap.
 * @return DOCA_SUCCESS on success; DOCA_ERROR_INVALID_VALUE for a NULL argument, a length
 * or content that is not an export descriptor; DOCA_ERROR_NO_MEMORY when the mmap cannot be
 * allocated; DOCA_ERROR_FULL when softdpa's mmap table is full; DOCA_ERROR_NOT_SUPPORTED
 * for a PCI descriptor of another process (softdpa's processes share no PCI bus).
 */
DOCA_STABLE doca_error_t doca_mmap_create_from_export(const union doca_data *user_data,
                                                      const void *export_desc,
                                                      size_t export_desc_len, struct doca_dev *dev,
                                                      struct doca_mmap **mmap);

#ifdef __cplusplus
}
#endif

#endif /* DOCA_MMAP_H_ */
