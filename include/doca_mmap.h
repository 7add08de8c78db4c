/* SPDX-License-Identifier: BSD-3-Clause
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

struct doca_dev;
struct doca_dpa;
struct doca_mmap;

/* An mmap as DPA kernels see it. */
typedef uint32_t doca_dpa_dev_mmap_t;

DOCA_STABLE doca_error_t doca_mmap_create(struct doca_mmap **mmap);
/* IN_USE while a buf array uses it. Stops a started mmap. */
DOCA_STABLE doca_error_t doca_mmap_destroy(struct doca_mmap *mmap);
DOCA_STABLE doca_error_t doca_mmap_start(struct doca_mmap *mmap);
DOCA_STABLE doca_error_t doca_mmap_stop(struct doca_mmap *mmap);

/* Host memory [addr, addr+len). INVALID_VALUE for NULL or len 0. */
DOCA_STABLE doca_error_t doca_mmap_set_memrange(struct doca_mmap *mmap, void *addr, size_t len);
DOCA_STABLE doca_error_t doca_mmap_get_memrange(const struct doca_mmap *mmap, void **addr,
                                                size_t *len);
/* DPA heap memory [dpa_addr, dpa_addr+len) of 'dpa'; must lie in one allocation. */
DOCA_EXPERIMENTAL doca_error_t doca_mmap_set_dpa_memrange(struct doca_mmap *mmap,
                                                          struct doca_dpa *dpa, uint64_t dpa_addr,
                                                          size_t len);
/* A bitwise OR of enum doca_access_flag (default LOCAL_READ_WRITE). */
DOCA_STABLE doca_error_t doca_mmap_set_permissions(struct doca_mmap *mmap, uint32_t access_mask);
/**
 * @brief The most devices that may be added to the mmap (before its first start).
 *
 * @param [in] mmap
 * The mmap.
 * @param [in] max_num_devices
 * The maximum, at least 1 and at least the number of devices already added.
 * @return DOCA_SUCCESS on success; DOCA_ERROR_INVALID_VALUE for a NULL mmap, a maximum of 0
 * or below the devices already added; DOCA_ERROR_NOT_PERMITTED once the mmap is started.
 * @note softdpa checks the value but keeps its own limit: an mmap takes up to 8 devices
 * (doca_mmap_add_dev answers DOCA_ERROR_FULL beyond), whatever the maximum set here.
 */
DOCA_STABLE doca_error_t doca_mmap_set_max_num_devices(struct doca_mmap *mmap,
                                                       uint32_t max_num_devices);

/* Devices that may access the memory (not allowed with a DPA memrange). */
DOCA_STABLE doca_error_t doca_mmap_add_dev(struct doca_mmap *mmap, struct doca_dev *dev);
DOCA_STABLE doca_error_t doca_mmap_rm_dev(struct doca_mmap *mmap, struct doca_dev *dev);

/* The handle DPA kernels use; the mmap must be started and 'dev' added (or, for a DPA
 * memrange, be the DPA context's device). */
DOCA_EXPERIMENTAL doca_error_t doca_mmap_dev_get_dpa_handle(struct doca_mmap *mmap,
                                                            const struct doca_dev *dev,
                                                            doca_dpa_dev_mmap_t *handle);

/* A descriptor of the mmap for a peer that reaches it over PCI / over RDMA (the peer imports
 * it with doca_mmap_create_from_export, which softdpa does not provide: the bytes only name
 * the mmap). The mmap must be started (else NOT_PERMITTED), 'dev' added to it (else
 * NOT_FOUND), and its permissions must include DOCA_ACCESS_FLAG_PCI_READ_WRITE / one of
 * DOCA_ACCESS_FLAG_RDMA_READ, _WRITE, _ATOMIC (else NOT_PERMITTED). The descriptor belongs
 * to the mmap and is freed when the mmap stops. */
DOCA_STABLE doca_error_t doca_mmap_export_pci(struct doca_mmap *mmap, const struct doca_dev *dev,
                                              const void **export_desc, size_t *export_desc_len);
DOCA_STABLE doca_error_t doca_mmap_export_rdma(struct doca_mmap *mmap, const struct doca_dev *dev,
                                               const void **export_desc, size_t *export_desc_len);

#ifdef __cplusplus
}
#endif

#endif /* DOCA_MMAP_H_ */
