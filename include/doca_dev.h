/* SPDX-License-Identifier: BSD-3-Clause */
/**
 * @file
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

/** @brief Information about a local device, obtained from doca_devinfo_create_list(). */
struct doca_devinfo;
/** @brief Information about a representor, obtained from doca_devinfo_rep_create_list(). */
struct doca_devinfo_rep;
/** @brief An opened local device, used by the other DOCA libraries. */
struct doca_dev;
/** @brief An opened representor (e.g. for a DOCA Flow switch port). */
struct doca_dev_rep;

/** @brief Which representors doca_devinfo_rep_create_list() returns (a bit mask). */
enum doca_devinfo_rep_filter {
	DOCA_DEVINFO_REP_FILTER_ALL = 0,           /**< every representor */
	DOCA_DEVINFO_REP_FILTER_NET = 1 << 1,      /**< network (VF/SF) representors */
	DOCA_DEVINFO_REP_FILTER_EMULATED = 1 << 2, /**< emulated functions (none in softdpa) */
};

/* Buffer sizes, terminating NUL included where the value is a string. */
#define DOCA_DEVINFO_VUID_SIZE         128 /**< bytes of a device VUID */
#define DOCA_DEVINFO_IPV4_ADDR_SIZE    4   /**< bytes of an IPv4 address */
#define DOCA_DEVINFO_IPV6_ADDR_SIZE    16  /**< bytes of an IPv6 address */
#define DOCA_DEVINFO_MAC_ADDR_SIZE     6   /**< bytes of a MAC address */
#define DOCA_DEVINFO_IFACE_NAME_SIZE   256 /**< bytes of an interface name */
#define DOCA_DEVINFO_IBDEV_NAME_SIZE   64  /**< bytes of an RDMA device name */
#define DOCA_DEVINFO_PCI_ADDR_SIZE     13  /**< bytes of "DDDD:BB:DD.F" */
#define DOCA_DEVINFO_PCI_BDF_SIZE      8   /**< bytes of "BB:DD.F" */
#define DOCA_DEVINFO_REP_VUID_SIZE     128 /**< bytes of a representor VUID */
#define DOCA_DEVINFO_REP_PCI_ADDR_SIZE 13  /**< bytes of a representor's "DDDD:BB:DD.F" */
#define DOCA_DEVINFO_REP_PCI_BDF_SIZE  8   /**< bytes of a representor's "BB:DD.F" */

/* ---- local devices ---- */

/**
 * @brief List the local devices.
 *
 * @param [out] dev_list
 * A NULL-terminated array of *nb_devs entries; free it with doca_devinfo_destroy_list().
 * @param [out] nb_devs
 * The number of devices.
 * @return DOCA_SUCCESS on success; DOCA_ERROR_INVALID_VALUE when an argument is NULL;
 * DOCA_ERROR_NO_MEMORY when allocation fails.
 * @note softdpa lists the devices SOFTDPA_DEVICES configures (docs/DEVICES.md).
 */
DOCA_STABLE doca_error_t doca_devinfo_create_list(struct doca_devinfo ***dev_list,
                                                  uint32_t *nb_devs);

/**
 * @brief Free a list from doca_devinfo_create_list().
 *
 * Entries opened as a doca_dev stay valid until that device is closed.
 *
 * @param [in] dev_list
 * The list.
 * @return DOCA_SUCCESS on success; DOCA_ERROR_INVALID_VALUE when dev_list is NULL or not a
 * live list (e.g. destroyed twice).
 */
DOCA_STABLE doca_error_t doca_devinfo_destroy_list(struct doca_devinfo **dev_list);

/**
 * @brief Open a device, to be used by the other DOCA libraries.
 *
 * @param [in] devinfo
 * An entry of doca_devinfo_create_list().
 * @param [out] dev
 * The opened device.
 * @return DOCA_SUCCESS on success; DOCA_ERROR_INVALID_VALUE for a NULL argument or a stale
 * devinfo (its list destroyed and no device open on it); DOCA_ERROR_NO_MEMORY when
 * allocation fails.
 * @note softdpa: opening the same devinfo again returns the same doca_dev and counts one
 * more open. Each open needs one doca_dev_close().
 */
DOCA_STABLE doca_error_t doca_dev_open(struct doca_devinfo *devinfo, struct doca_dev **dev);

/**
 * @brief Close a device: undo one doca_dev_open(). The last close frees the device.
 *
 * @param [in] dev
 * The device.
 * @return DOCA_SUCCESS on success; DOCA_ERROR_INVALID_VALUE when dev is NULL or not an open
 * device (closed once too often); DOCA_ERROR_IN_USE on the last close while representors
 * opened from the device are still open.
 */
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

/**
 * @brief The devinfo a device was opened from.
 *
 * @param [in] dev
 * The open device.
 * @return The devinfo, valid while the device is open; NULL (with one log line) when dev is
 * not an open device.
 */
DOCA_STABLE struct doca_devinfo *doca_dev_as_devinfo(const struct doca_dev *dev);

/**
 * @brief The PCI address of a device, as "DDDD:BB:DD.F" in lower-case hex.
 *
 * @param [in] devinfo
 * The device.
 * @param [out] pci_addr_str
 * A buffer of at least DOCA_DEVINFO_PCI_ADDR_SIZE bytes.
 * @return DOCA_SUCCESS on success; DOCA_ERROR_INVALID_VALUE for a NULL argument or a stale
 * devinfo.
 */
DOCA_STABLE doca_error_t doca_devinfo_get_pci_addr_str(const struct doca_devinfo *devinfo,
                                                       char *pci_addr_str);

/**
 * @brief Whether a PCI address is the device's.
 *
 * @param [in] devinfo
 * The device.
 * @param [in] pci_addr_str
 * "DDDD:BB:DD.F" or "BB:DD.F" (any domain), in either hex case.
 * @param [out] is_equal
 * 1 when it is the device's address, else 0.
 * @return DOCA_SUCCESS on success; DOCA_ERROR_INVALID_VALUE for a NULL argument, a stale
 * devinfo or a malformed address.
 */
DOCA_STABLE doca_error_t doca_devinfo_is_equal_pci_addr(const struct doca_devinfo *devinfo,
                                                        const char *pci_addr_str,
                                                        uint8_t *is_equal);

/**
 * @brief The PCI function type of the device.
 *
 * @param [in] devinfo
 * The device.
 * @param [out] type
 * PF, VF or SF.
 * @return DOCA_SUCCESS on success; DOCA_ERROR_INVALID_VALUE for a NULL argument or a stale
 * devinfo.
 */
DOCA_STABLE doca_error_t doca_devinfo_get_pci_func_type(const struct doca_devinfo *devinfo,
                                                        enum doca_pci_func_type *type);

/**
 * @brief The network interface name of the device (e.g. "p0").
 *
 * @param [in] devinfo
 * The device.
 * @param [out] name
 * The NUL-terminated name.
 * @param [in] size
 * Size of name, at least DOCA_DEVINFO_IFACE_NAME_SIZE as DOCA documents.
 * @return DOCA_SUCCESS on success; DOCA_ERROR_INVALID_VALUE for a NULL argument, a stale
 * devinfo or a size below DOCA_DEVINFO_IFACE_NAME_SIZE.
 */
DOCA_STABLE doca_error_t doca_devinfo_get_iface_name(const struct doca_devinfo *devinfo, char *name,
                                                     uint32_t size);

/**
 * @brief The RDMA device name of the device (e.g. "mlx5_0").
 *
 * @param [in] devinfo
 * The device.
 * @param [out] name
 * The NUL-terminated name.
 * @param [in] size
 * Size of name, at least DOCA_DEVINFO_IBDEV_NAME_SIZE.
 * @return DOCA_SUCCESS on success; DOCA_ERROR_INVALID_VALUE for a NULL argument, a stale
 * devinfo or a size below DOCA_DEVINFO_IBDEV_NAME_SIZE.
 */
DOCA_STABLE doca_error_t doca_devinfo_get_ibdev_name(const struct doca_devinfo *devinfo, char *name,
                                                     uint32_t size);

/**
 * @brief The MAC address of the device.
 *
 * @param [in] devinfo
 * The device.
 * @param [out] mac_addr
 * The 6 bytes of the address.
 * @param [in] size
 * Size of mac_addr, at least DOCA_DEVINFO_MAC_ADDR_SIZE.
 * @return DOCA_SUCCESS on success; DOCA_ERROR_INVALID_VALUE for a NULL argument, a stale
 * devinfo or a size below DOCA_DEVINFO_MAC_ADDR_SIZE.
 */
DOCA_STABLE doca_error_t doca_devinfo_get_mac_addr(const struct doca_devinfo *devinfo,
                                                   uint8_t *mac_addr, uint32_t size);

/**
 * @brief The IPv4 address of the device.
 *
 * @param [in] devinfo
 * The device.
 * @param [out] ipv4_addr
 * The 4 bytes of the address.
 * @param [in] size
 * Size of ipv4_addr, at least DOCA_DEVINFO_IPV4_ADDR_SIZE.
 * @return DOCA_SUCCESS on success; DOCA_ERROR_INVALID_VALUE for a NULL argument, a stale
 * devinfo or a size below DOCA_DEVINFO_IPV4_ADDR_SIZE.
 * @note softdpa: emulated devices have no address assigned, so the answer is 0.0.0.0, as a
 * real port without an address reports.
 */
DOCA_STABLE doca_error_t doca_devinfo_get_ipv4_addr(const struct doca_devinfo *devinfo,
                                                    uint8_t *ipv4_addr, uint32_t size);

/**
 * @brief The IPv6 address of the device.
 *
 * @param [in] devinfo
 * The device.
 * @param [out] ipv6_addr
 * The 16 bytes of the address.
 * @param [in] size
 * Size of ipv6_addr, at least DOCA_DEVINFO_IPV6_ADDR_SIZE.
 * @return DOCA_SUCCESS on success; DOCA_ERROR_INVALID_VALUE for a NULL argument, a stale
 * devinfo or a size below DOCA_DEVINFO_IPV6_ADDR_SIZE.
 * @note softdpa: the link-local address derived from the MAC (fe80::/64, modified EUI-64).
 */
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

/**
 * @brief Whether doca_devinfo_rep_create_list() accepts DOCA_DEVINFO_REP_FILTER_ALL on this
 * device.
 *
 * @param [in] devinfo
 * The device.
 * @param [out] filter_all_supported
 * 1 when supported, else 0.
 * @return DOCA_SUCCESS on success; DOCA_ERROR_INVALID_VALUE for a NULL argument or a stale
 * devinfo.
 * @note softdpa: 1 for a PF, 0 for a VF or SF.
 */
DOCA_STABLE doca_error_t doca_devinfo_rep_cap_is_filter_all_supported(
        const struct doca_devinfo *devinfo, uint8_t *filter_all_supported);

/**
 * @brief Whether doca_devinfo_rep_create_list() accepts DOCA_DEVINFO_REP_FILTER_NET on this
 * device.
 *
 * @param [in] devinfo
 * The device.
 * @param [out] filter_net_supported
 * 1 when supported, else 0.
 * @return DOCA_SUCCESS on success; DOCA_ERROR_INVALID_VALUE for a NULL argument or a stale
 * devinfo.
 * @note softdpa: 1 for a PF, 0 for a VF or SF.
 */
DOCA_STABLE doca_error_t doca_devinfo_rep_cap_is_filter_net_supported(
        const struct doca_devinfo *devinfo, uint8_t *filter_net_supported);

/**
 * @brief Whether doca_devinfo_rep_create_list() accepts DOCA_DEVINFO_REP_FILTER_EMULATED on
 * this device.
 *
 * @param [in] devinfo
 * The device.
 * @param [out] filter_emulated_supported
 * 1 when supported, else 0.
 * @return DOCA_SUCCESS on success; DOCA_ERROR_INVALID_VALUE for a NULL argument or a stale
 * devinfo.
 * @note softdpa: no device has emulated functions, so always 0.
 */
DOCA_STABLE doca_error_t doca_devinfo_rep_cap_is_filter_emulated_supported(
        const struct doca_devinfo *devinfo, uint8_t *filter_emulated_supported);

/* ---- representors ---- */

/**
 * @brief List the representors of an open PF device.
 *
 * @param [in] dev
 * The open PF.
 * @param [in] filter
 * A mask of DOCA_DEVINFO_REP_FILTER_* bits.
 * @param [out] dev_list_rep
 * A NULL-terminated array of *nb_devs_rep entries; free it with
 * doca_devinfo_rep_destroy_list().
 * @param [out] nb_devs_rep
 * The number of representors.
 * @return DOCA_SUCCESS on success; DOCA_ERROR_INVALID_VALUE for a NULL argument, unknown
 * filter bits or a dev that is not open; DOCA_ERROR_NOT_SUPPORTED for a VF/SF device (no
 * representors) or for DOCA_DEVINFO_REP_FILTER_EMULATED; DOCA_ERROR_NO_MEMORY when
 * allocation fails.
 * @note A PF without representors gives an empty list (DOCA_SUCCESS, *nb_devs_rep = 0, a
 * list that still needs doca_devinfo_rep_destroy_list()).
 */
DOCA_STABLE doca_error_t doca_devinfo_rep_create_list(struct doca_dev *dev, int filter,
                                                      struct doca_devinfo_rep ***dev_list_rep,
                                                      uint32_t *nb_devs_rep);

/**
 * @brief Free a list from doca_devinfo_rep_create_list().
 *
 * Entries opened as a doca_dev_rep stay valid until it is closed.
 *
 * @param [in] dev_list_rep
 * The list.
 * @return DOCA_SUCCESS on success; DOCA_ERROR_INVALID_VALUE when dev_list_rep is NULL or
 * not a live list (e.g. destroyed twice).
 */
DOCA_STABLE doca_error_t doca_devinfo_rep_destroy_list(struct doca_devinfo_rep **dev_list_rep);

/**
 * @brief Open a representor.
 *
 * @param [in] devinfo
 * An entry of doca_devinfo_rep_create_list(); its parent device must still be open.
 * @param [out] dev_rep
 * The opened representor.
 * @return DOCA_SUCCESS on success; DOCA_ERROR_INVALID_VALUE for a NULL argument, a stale
 * devinfo or a parent device that was closed; DOCA_ERROR_NO_MEMORY when allocation fails.
 * @note softdpa: opening the same devinfo again returns the same doca_dev_rep and counts
 * one more open. Each open needs one doca_dev_rep_close().
 */
DOCA_STABLE doca_error_t doca_dev_rep_open(struct doca_devinfo_rep *devinfo,
                                           struct doca_dev_rep **dev_rep);

/**
 * @brief Close a representor: undo one doca_dev_rep_open().
 *
 * @param [in] dev_rep
 * The representor.
 * @return DOCA_SUCCESS on success; DOCA_ERROR_INVALID_VALUE when dev_rep is NULL or not an
 * open representor (closed once too often).
 */
DOCA_STABLE doca_error_t doca_dev_rep_close(struct doca_dev_rep *dev_rep);

/**
 * @brief The devinfo a representor was opened from.
 *
 * @param [in] dev_rep
 * The open representor.
 * @return The devinfo; NULL (with one log line) when dev_rep is not an open representor.
 */
DOCA_STABLE struct doca_devinfo_rep *doca_dev_rep_as_devinfo(struct doca_dev_rep *dev_rep);

/**
 * @brief The network interface name of a representor (e.g. "pf0vf0").
 *
 * @param [in] devinfo_rep
 * The representor.
 * @param [out] iface_name
 * The NUL-terminated name.
 * @param [in] size
 * Size of iface_name, at least DOCA_DEVINFO_IFACE_NAME_SIZE.
 * @return DOCA_SUCCESS on success; DOCA_ERROR_INVALID_VALUE for a NULL argument, a stale
 * devinfo_rep or a size below DOCA_DEVINFO_IFACE_NAME_SIZE.
 */
DOCA_EXPERIMENTAL doca_error_t doca_devinfo_rep_get_iface_name(
        const struct doca_devinfo_rep *devinfo_rep, char *iface_name, uint32_t size);

/**
 * @brief The PCI address of the function a representor stands for, as "DDDD:BB:DD.F".
 *
 * @param [in] devinfo_rep
 * The representor.
 * @param [out] pci_addr_str
 * A buffer of at least DOCA_DEVINFO_REP_PCI_ADDR_SIZE bytes.
 * @return DOCA_SUCCESS on success; DOCA_ERROR_INVALID_VALUE for a NULL argument or a stale
 * devinfo_rep.
 */
DOCA_STABLE doca_error_t
doca_devinfo_rep_get_pci_addr_str(const struct doca_devinfo_rep *devinfo_rep, char *pci_addr_str);

/**
 * @brief The PCI function type of the function a representor stands for.
 *
 * @param [in] devinfo_rep
 * The representor.
 * @param [out] pci_func_type
 * VF or SF.
 * @return DOCA_SUCCESS on success; DOCA_ERROR_INVALID_VALUE for a NULL argument or a stale
 * devinfo_rep.
 */
DOCA_STABLE doca_error_t doca_devinfo_rep_get_pci_func_type(
        const struct doca_devinfo_rep *devinfo_rep, enum doca_pci_func_type *pci_func_type);

/**
 * @brief Whether a PCI address is that of the function a representor stands for.
 *
 * @param [in] devinfo_rep
 * The representor.
 * @param [in] pci_addr_str
 * "DDDD:BB:DD.F" or "BB:DD.F" (any domain), in either hex case.
 * @param [out] is_equal
 * 1 when it is the function's address, else 0.
 * @return DOCA_SUCCESS on success; DOCA_ERROR_INVALID_VALUE for a NULL argument, a stale
 * devinfo_rep or a malformed address.
 */
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
