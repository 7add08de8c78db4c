/* SPDX-License-Identifier: BSD-3-Clause
 * softdpa — doca_dev.h: DOCA devices and their representors.
 *
 * softdpa lists emulated devices, configured by SOFTDPA_DEVICES (docs/DEVICES.md). Without
 * it there is one BlueField-3 PF, ibdev mlx5_0, iface p0, PCI 0000:03:00.0, with two VF
 * representors pf0vf0 (0000:03:00.1) and pf0vf1 (0000:03:00.2).
 *
 * Object lifetimes:
 *  - a doca_devinfo lives until its list is destroyed, or, when a doca_dev was opened from
 *    it, until that device is closed as well (doca_dev_as_devinfo() stays valid);
 *  - doca_dev_open() on the same devinfo returns the same doca_dev and counts the opens;
 *    only the last doca_dev_close() closes it;
 *  - a doca_devinfo_rep lives until its list is destroyed, or until the doca_dev_rep opened
 *    from it is closed;
 *  - a doca_dev cannot be closed for the last time while representors opened from it are
 *    open (DOCA_ERROR_IN_USE).
 * Every call is thread-safe. Every error returns the documented code and logs one line
 * with the cause and the fix.
 */
#ifndef DOCA_DEV_H_
#define DOCA_DEV_H_

#include <stdint.h>

#include <doca_compat.h>
#include <doca_error.h>
#include <doca_types.h>

#ifdef __cplusplus
extern "C" {
#endif

/* Information about a local device, obtained from doca_devinfo_create_list(). */
struct doca_devinfo;
/* Information about a representor, obtained from doca_devinfo_rep_create_list(). */
struct doca_devinfo_rep;
/* An opened local device, used by the other DOCA libraries. */
struct doca_dev;
/* An opened representor (e.g. for a DOCA Flow switch port). */
struct doca_dev_rep;

/* Which representors doca_devinfo_rep_create_list() returns (a bit mask). */
enum doca_devinfo_rep_filter {
	DOCA_DEVINFO_REP_FILTER_ALL = 0,           /* every representor */
	DOCA_DEVINFO_REP_FILTER_NET = 1 << 1,      /* network (VF/SF) representors */
	DOCA_DEVINFO_REP_FILTER_EMULATED = 1 << 2, /* emulated functions (none in softdpa) */
};

/* Buffer sizes, terminating NUL included where the value is a string. */
#define DOCA_DEVINFO_VUID_SIZE         128
#define DOCA_DEVINFO_IPV4_ADDR_SIZE    4
#define DOCA_DEVINFO_IPV6_ADDR_SIZE    16
#define DOCA_DEVINFO_MAC_ADDR_SIZE     6
#define DOCA_DEVINFO_IFACE_NAME_SIZE   256
#define DOCA_DEVINFO_IBDEV_NAME_SIZE   64
#define DOCA_DEVINFO_PCI_ADDR_SIZE     13 /* "DDDD:BB:DD.F" */
#define DOCA_DEVINFO_PCI_BDF_SIZE      8  /* "BB:DD.F" */
#define DOCA_DEVINFO_REP_VUID_SIZE     128
#define DOCA_DEVINFO_REP_PCI_ADDR_SIZE 13
#define DOCA_DEVINFO_REP_PCI_BDF_SIZE  8

/* ---- local devices ---- */

/* List the local devices. On success *dev_list is a NULL-terminated array of *nb_devs
 * entries; free it with doca_devinfo_destroy_list(). INVALID_VALUE for NULL arguments,
 * NO_MEMORY when allocation fails. */
DOCA_STABLE doca_error_t doca_devinfo_create_list(struct doca_devinfo ***dev_list,
                                                  uint32_t *nb_devs);

/* Free a list from doca_devinfo_create_list(). Entries opened as a doca_dev stay valid
 * until that device is closed. INVALID_VALUE for NULL or a pointer that is not a live list
 * (e.g. destroyed twice). */
DOCA_STABLE doca_error_t doca_devinfo_destroy_list(struct doca_devinfo **dev_list);

/* Open a device (or count one more open of the device already opened from 'devinfo').
 * Each open needs one doca_dev_close(). INVALID_VALUE for NULL or stale arguments. */
DOCA_STABLE doca_error_t doca_dev_open(struct doca_devinfo *devinfo, struct doca_dev **dev);

/* Undo one doca_dev_open(). The last close frees the device; it fails with IN_USE while
 * representors opened from the device are still open. */
DOCA_STABLE doca_error_t doca_dev_close(struct doca_dev *dev);

/**
 * @brief Ask the device to speed up reclaiming the resources of objects already destroyed.
 *
 * @param [in] dev
 * The open device.
 * @return DOCA_SUCCESS on success; DOCA_ERROR_INVALID_VALUE for a NULL or stale device;
 * DOCA_ERROR_NOT_SUPPORTED when doca_devinfo_cap_is_accelerate_resource_reclaim_supported()
 * says 0.
 * @note softdpa frees resources at once, so the capability is 0 and the call answers
 * DOCA_ERROR_NOT_SUPPORTED.
 */
DOCA_EXPERIMENTAL doca_error_t doca_dev_accelerate_resource_reclaim(struct doca_dev *dev);

/* The devinfo a device was opened from (valid while the device is open); NULL for an
 * invalid device. */
DOCA_STABLE struct doca_devinfo *doca_dev_as_devinfo(const struct doca_dev *dev);

/* PCI address "DDDD:BB:DD.F" (lower-case hex) into a buffer of at least
 * DOCA_DEVINFO_PCI_ADDR_SIZE bytes. */
DOCA_STABLE doca_error_t doca_devinfo_get_pci_addr_str(const struct doca_devinfo *devinfo,
                                                       char *pci_addr_str);

/* *is_equal = 1 when 'pci_addr_str' ("DDDD:BB:DD.F" or "BB:DD.F", any hex case) is the
 * device's address, else 0. INVALID_VALUE for a malformed address. */
DOCA_STABLE doca_error_t doca_devinfo_is_equal_pci_addr(const struct doca_devinfo *devinfo,
                                                        const char *pci_addr_str,
                                                        uint8_t *is_equal);

/* PCI function type of the device (PF, VF or SF). */
DOCA_STABLE doca_error_t doca_devinfo_get_pci_func_type(const struct doca_devinfo *devinfo,
                                                        enum doca_pci_func_type *type);

/* Network interface name. 'size' must be at least DOCA_DEVINFO_IFACE_NAME_SIZE, as DOCA
 * documents; a smaller buffer is INVALID_VALUE. */
DOCA_STABLE doca_error_t doca_devinfo_get_iface_name(const struct doca_devinfo *devinfo, char *name,
                                                     uint32_t size);

/* RDMA device name (e.g. "mlx5_0"). 'size' must be at least DOCA_DEVINFO_IBDEV_NAME_SIZE. */
DOCA_STABLE doca_error_t doca_devinfo_get_ibdev_name(const struct doca_devinfo *devinfo, char *name,
                                                     uint32_t size);

/* MAC address, 6 bytes; 'size' must be at least DOCA_DEVINFO_MAC_ADDR_SIZE. */
DOCA_STABLE doca_error_t doca_devinfo_get_mac_addr(const struct doca_devinfo *devinfo,
                                                   uint8_t *mac_addr, uint32_t size);

/* IPv4 address. Emulated devices have none assigned: 0.0.0.0, as a real port without an
 * address reports. 'size' must be at least DOCA_DEVINFO_IPV4_ADDR_SIZE. */
DOCA_STABLE doca_error_t doca_devinfo_get_ipv4_addr(const struct doca_devinfo *devinfo,
                                                    uint8_t *ipv4_addr, uint32_t size);

/* IPv6 address: the link-local address derived from the MAC (fe80::/64, modified EUI-64).
 * 'size' must be at least DOCA_DEVINFO_IPV6_ADDR_SIZE. */
DOCA_STABLE doca_error_t doca_devinfo_get_ipv6_addr(const struct doca_devinfo *devinfo,
                                                    uint8_t *ipv6_addr, uint32_t size);

/**
 * @brief The active link rate of the device's port.
 *
 * @param [in] devinfo
 * The device.
 * @param [out] active_rate
 * The rate in bits per second.
 * @return DOCA_SUCCESS on success; DOCA_ERROR_INVALID_VALUE for a NULL or stale argument;
 * DOCA_ERROR_DRIVER when the port cannot be queried.
 * @note softdpa: 400 Gb/s (400000000000) for a BlueField-3, 200 Gb/s for a ConnectX-6.
 */
DOCA_EXPERIMENTAL doca_error_t doca_devinfo_get_active_rate(const struct doca_devinfo *devinfo,
                                                            uint64_t *active_rate);

/**
 * @brief The index of a scalable function (SF) device.
 *
 * @param [in] devinfo
 * The device, an SF.
 * @param [out] sf_index
 * The SF index.
 * @return DOCA_SUCCESS on success; DOCA_ERROR_INVALID_VALUE for a NULL or stale argument;
 * DOCA_ERROR_NOT_SUPPORTED when the device is not an SF.
 * @note softdpa: an SF device's index is its entry position in SOFTDPA_DEVICES.
 */
DOCA_STABLE doca_error_t doca_devinfo_get_sf_index(const struct doca_devinfo *devinfo,
                                                   uint32_t *sf_index);

/**
 * @brief The InfiniBand local identifier (LID) of the device's port.
 *
 * @param [in] devinfo
 * The device.
 * @param [out] lid
 * The port LID.
 * @return DOCA_SUCCESS on success; DOCA_ERROR_INVALID_VALUE for a NULL or stale argument;
 * DOCA_ERROR_DRIVER when the port cannot be queried; DOCA_ERROR_NOT_SUPPORTED when the
 * port's link layer is not InfiniBand.
 * @note softdpa: every emulated port is Ethernet, so the answer is always NOT_SUPPORTED.
 */
DOCA_STABLE doca_error_t doca_devinfo_get_lid(const struct doca_devinfo *devinfo, uint16_t *lid);

/**
 * @brief Whether the device can manage hot-plugged emulated PCI functions.
 *
 * @param [in] devinfo
 * The device.
 * @param [out] is_hotplug_manager
 * 1 when it can, else 0.
 * @return DOCA_SUCCESS on success; DOCA_ERROR_INVALID_VALUE for a NULL or stale argument;
 * DOCA_ERROR_DRIVER when the device cannot be queried.
 * @note softdpa emulates no hot-pluggable functions: always 0.
 */
DOCA_STABLE doca_error_t doca_devinfo_cap_is_hotplug_manager_supported(
        const struct doca_devinfo *devinfo, uint8_t *is_hotplug_manager);

/**
 * @brief The VHCA id of the device: the number the NIC firmware knows the PCI function by.
 *
 * @param [in] devinfo
 * The device.
 * @param [out] vhca_id
 * The VHCA id.
 * @return DOCA_SUCCESS on success; DOCA_ERROR_INVALID_VALUE for a NULL or stale argument;
 * DOCA_ERROR_DRIVER when the device cannot be queried.
 * @note softdpa: 33 * the entry position in SOFTDPA_DEVICES (representor k of the entry has
 * that + 1 + k), unique across the emulated set.
 */
DOCA_EXPERIMENTAL doca_error_t doca_devinfo_get_vhca_id(const struct doca_devinfo *devinfo,
                                                        uint16_t *vhca_id);

/**
 * @brief Whether the device's queues can moderate their completion notifications (e.g.
 * doca_eth_rxq_set_notification_moderation()).
 *
 * @param [in] devinfo
 * The device.
 * @param [out] is_notification_moderation_supported
 * 1 when supported, else 0.
 * @return DOCA_SUCCESS on success; DOCA_ERROR_INVALID_VALUE for a NULL or stale argument.
 * @note softdpa emulates no Ethernet queue: always 0.
 */
DOCA_EXPERIMENTAL doca_error_t doca_devinfo_cap_is_notification_moderation_supported(
        const struct doca_devinfo *devinfo, uint8_t *is_notification_moderation_supported);

/**
 * @brief Whether doca_dev_accelerate_resource_reclaim() is available on the device.
 *
 * @param [in] devinfo
 * The device.
 * @param [out] is_accelerate_resource_reclaim
 * 1 when available, else 0.
 * @return DOCA_SUCCESS on success; DOCA_ERROR_INVALID_VALUE for a NULL or stale argument.
 * @note softdpa frees device resources at once when they are destroyed: always 0.
 */
DOCA_EXPERIMENTAL doca_error_t doca_devinfo_cap_is_accelerate_resource_reclaim_supported(
        const struct doca_devinfo *devinfo, uint8_t *is_accelerate_resource_reclaim);

/* Whether doca_devinfo_rep_create_list() accepts FILTER_ALL / FILTER_NET / FILTER_EMULATED
 * on this device: 1 or 0. A PF supports ALL and NET; no softdpa device has emulated
 * functions. */
DOCA_STABLE doca_error_t doca_devinfo_rep_cap_is_filter_all_supported(
        const struct doca_devinfo *devinfo, uint8_t *filter_all_supported);
DOCA_STABLE doca_error_t doca_devinfo_rep_cap_is_filter_net_supported(
        const struct doca_devinfo *devinfo, uint8_t *filter_net_supported);
DOCA_STABLE doca_error_t doca_devinfo_rep_cap_is_filter_emulated_supported(
        const struct doca_devinfo *devinfo, uint8_t *filter_emulated_supported);

/* ---- representors ---- */

/* List the representors of an open PF device, selected by 'filter' (a mask of
 * DOCA_DEVINFO_REP_FILTER_* bits). A PF without representors gives an empty list
 * (SUCCESS, *nb_devs_rep = 0, a list that still needs doca_devinfo_rep_destroy_list()).
 * INVALID_VALUE for NULL arguments or unknown filter bits; NOT_SUPPORTED for a VF/SF
 * device (no representors) or for FILTER_EMULATED. */
DOCA_STABLE doca_error_t doca_devinfo_rep_create_list(struct doca_dev *dev, int filter,
                                                      struct doca_devinfo_rep ***dev_list_rep,
                                                      uint32_t *nb_devs_rep);

/* Free a list from doca_devinfo_rep_create_list(). Entries opened as a doca_dev_rep stay
 * valid until it is closed. */
DOCA_STABLE doca_error_t doca_devinfo_rep_destroy_list(struct doca_devinfo_rep **dev_list_rep);

/* Open a representor (or count one more open of the one already opened from 'devinfo').
 * Its parent device must still be open. */
DOCA_STABLE doca_error_t doca_dev_rep_open(struct doca_devinfo_rep *devinfo,
                                           struct doca_dev_rep **dev_rep);

/* Undo one doca_dev_rep_open(). */
DOCA_STABLE doca_error_t doca_dev_rep_close(struct doca_dev_rep *dev_rep);

/* The devinfo a representor was opened from; NULL for an invalid representor. */
DOCA_STABLE struct doca_devinfo_rep *doca_dev_rep_as_devinfo(struct doca_dev_rep *dev_rep);

/* Representor's network interface name (e.g. "pf0vf0"); 'size' must be at least
 * DOCA_DEVINFO_IFACE_NAME_SIZE. */
DOCA_EXPERIMENTAL doca_error_t doca_devinfo_rep_get_iface_name(
        const struct doca_devinfo_rep *devinfo_rep, char *iface_name, uint32_t size);

/* PCI address of the represented function, into DOCA_DEVINFO_REP_PCI_ADDR_SIZE bytes. */
DOCA_STABLE doca_error_t
doca_devinfo_rep_get_pci_addr_str(const struct doca_devinfo_rep *devinfo_rep, char *pci_addr_str);

/* PCI function type of the represented function (VF or SF). */
DOCA_STABLE doca_error_t doca_devinfo_rep_get_pci_func_type(
        const struct doca_devinfo_rep *devinfo_rep, enum doca_pci_func_type *pci_func_type);

/* *is_equal = 1 when 'pci_addr_str' is the represented function's address, else 0. */
DOCA_STABLE doca_error_t doca_devinfo_rep_is_equal_pci_addr(
        const struct doca_devinfo_rep *devinfo_rep, const char *pci_addr_str, uint8_t *is_equal);

/**
 * @brief The vendor unique ID (VUID) of a representor: a stable name of the function it
 * represents.
 *
 * @param [in] devinfo_rep
 * The representor.
 * @param [out] rep_vuid
 * The NUL-terminated VUID.
 * @param [in] size
 * Size of rep_vuid, at least DOCA_DEVINFO_REP_VUID_SIZE.
 * @return DOCA_SUCCESS on success; DOCA_ERROR_INVALID_VALUE for a NULL or stale argument or
 * a buffer that is too small.
 * @note softdpa: "SDPA-<representor iface>-<PCI address>", e.g. "SDPA-pf0vf0-0000:03:00.1".
 */
DOCA_STABLE doca_error_t doca_devinfo_rep_get_vuid(const struct doca_devinfo_rep *devinfo_rep,
                                                   char *rep_vuid, uint32_t size);

/**
 * @brief Whether a representor's function was hot-plugged (rather than present from the
 * start).
 *
 * @param [in] devinfo_rep
 * The representor.
 * @param [out] is_hotplug
 * 1 for a hot-plugged function, 0 for a statically plugged one.
 * @return DOCA_SUCCESS on success; DOCA_ERROR_INVALID_VALUE for a NULL or stale argument.
 * @note softdpa: every representor is statically plugged (0).
 */
DOCA_STABLE doca_error_t doca_devinfo_rep_get_is_hotplug(const struct doca_devinfo_rep *devinfo_rep,
                                                         uint8_t *is_hotplug);

/**
 * @brief The VHCA id of the function a representor stands for.
 *
 * @param [in] devinfo_rep
 * The representor.
 * @param [out] vhca_id
 * The VHCA id.
 * @return DOCA_SUCCESS on success; DOCA_ERROR_INVALID_VALUE for a NULL or stale argument.
 * @note softdpa: see doca_devinfo_get_vhca_id().
 */
DOCA_EXPERIMENTAL doca_error_t
doca_devinfo_rep_get_vhca_id(const struct doca_devinfo_rep *devinfo_rep, uint16_t *vhca_id);

#ifdef __cplusplus
}
#endif

#endif /* DOCA_DEV_H_ */
