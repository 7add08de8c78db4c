/* SPDX-License-Identifier: BSD-3-Clause */
/**
 * @file
 * softdpa — doca_types.h: types shared by every DOCA library.
 */
#ifndef DOCA_TYPES_H_
#define DOCA_TYPES_H_

#include <stdint.h>
#include <stddef.h>
#include <stdbool.h>

#ifdef __cplusplus
extern "C" {
#endif

/* Integers in network (big-endian) byte order. The names document intent; the
 * compiler does not enforce them. */
/** @brief A 16-bit integer in network (big-endian) byte order. */
typedef uint16_t doca_be16_t;
/** @brief A 32-bit integer in network (big-endian) byte order. */
typedef uint32_t doca_be32_t;
/** @brief A 64-bit integer in network (big-endian) byte order. */
typedef uint64_t doca_be64_t;

/**
 * @brief What a thread blocks on to wait for DOCA events: a file descriptor that turns
 * readable (epoll/poll/select), -1 when there is none.
 */
typedef int doca_event_handle_t;
/** @brief The value of a doca_event_handle_t that is no handle. */
#define doca_event_invalid_handle -1

/** @brief The event handle of a progress engine (doca_pe_get_notification_handle()). */
typedef doca_event_handle_t doca_notification_handle_t;

/** @brief An opaque user cookie carried through callbacks. */
union doca_data {
	void *ptr;    /**< as a pointer */
	uint64_t u64; /**< as an integer */
};

/** @brief What a PCI function is. */
enum doca_pci_func_type {
	DOCA_PCI_FUNC_TYPE_PF = 0, /**< physical function */
	DOCA_PCI_FUNC_TYPE_VF,     /**< virtual function */
	DOCA_PCI_FUNC_TYPE_SF,     /**< scalable (sub-)function */
};

/** @brief Memory access rights, OR-able (docs/DESIGN_DECISIONS.md D13). */
enum doca_access_flag {
	DOCA_ACCESS_FLAG_LOCAL_READ_ONLY = 0,             /**< the local device may read */
	DOCA_ACCESS_FLAG_LOCAL_READ_WRITE = (1 << 0),     /**< the local device may also write */
	DOCA_ACCESS_FLAG_RDMA_READ = (1 << 1),            /**< an RDMA peer may read */
	DOCA_ACCESS_FLAG_RDMA_WRITE = (1 << 2),           /**< an RDMA peer may write */
	DOCA_ACCESS_FLAG_RDMA_ATOMIC = (1 << 3),          /**< an RDMA peer may run atomics */
	DOCA_ACCESS_FLAG_PCI_READ_ONLY = (1 << 4),        /**< a peer on PCI may read, not write */
	DOCA_ACCESS_FLAG_PCI_READ_WRITE = (1 << 5),       /**< a peer on PCI may read and write */
	DOCA_ACCESS_FLAG_PCI_RELAXED_ORDERING = (1 << 6), /**< PCI accesses may be reordered */
};

/** @brief A list of memory ranges (e.g. the headers of an Ethernet LSO send task). */
struct doca_gather_list {
	void *addr;                    /**< start of this range */
	uint64_t len;                  /**< its length in bytes */
	struct doca_gather_list *next; /**< the next range, NULL at the end */
};

/** @brief How a device can send a packet at a given time (doca_eth_txq wait-on-time). */
enum doca_eth_wait_on_time_type {
	DOCA_ETH_WAIT_ON_TIME_TYPE_NONE = 0,   /**< not supported */
	DOCA_ETH_WAIT_ON_TIME_TYPE_NATIVE = 1, /**< by the hardware */
	DOCA_ETH_WAIT_ON_TIME_TYPE_DPDK = 2,   /**< by software (DPDK) */
};

/** @brief Length of a GID in bytes (used by RDMA-capable devices). */
#define DOCA_GID_BYTE_LENGTH 16

/** @brief Path MTU of an RDMA connection (doca_rdma.h, doca_verbs.h). */
enum doca_mtu_size {
	DOCA_MTU_SIZE_256_BYTES = 0x0,    /**< 256 bytes */
	DOCA_MTU_SIZE_512_BYTES = 0x1,    /**< 512 bytes */
	DOCA_MTU_SIZE_1K_BYTES = 0x2,     /**< 1024 bytes */
	DOCA_MTU_SIZE_2K_BYTES = 0x3,     /**< 2048 bytes */
	DOCA_MTU_SIZE_4K_BYTES = 0x4,     /**< 4096 bytes */
	DOCA_MTU_SIZE_RAW_ETHERNET = 0x5, /**< reserved */
};

#ifdef __cplusplus
}
#endif

#endif /* DOCA_TYPES_H_ */
