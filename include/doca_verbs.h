/* SPDX-License-Identifier: BSD-3-Clause */
/**
 * @file
 * softdpa — doca_verbs.h: DOCA Verbs, the DOCA flavour of IB verbs: contexts, protection
 * domains, queue pairs, completion queues and their attributes, with a data path driven by
 * the application, a GPU or DPA kernels (doca_dpa_dev_verbs.h).
 *
 * The attribute objects (QP creation attributes, QP attributes, CQ attributes) are plain
 * data and are real: create, set, get, destroy, with DOCA's argument checks. Contexts,
 * protection domains, address handle attributes and RC QPs whose data path is on the DPA
 * (external umems, a DPA UAR, DPA completions) are real too (docs/DPA.md, "DOCA Verbs").
 * Completion channels, CQs, SRQs, a QP's CPU data path and the export/import of objects are
 * not emulated: those calls check their arguments like DOCA (DOCA_ERROR_INVALID_VALUE and a
 * log line), then answer DOCA_ERROR_NOT_SUPPORTED (or their documented failure value) and log
 * one line naming themselves. Not declared:
 * shared receive queues, Ethernet queues, congestion-control groups and device queries.
 */
#ifndef DOCA_VERBS_H_
#define DOCA_VERBS_H_

#include <stdint.h>

#include <doca_compat.h>
#include <doca_error.h>
#include <doca_types.h>

#ifdef __cplusplus
extern "C" {
#endif

struct doca_devinfo;
struct doca_dev;
struct doca_dev_rep;
struct doca_umem;
struct doca_uar;
struct doca_dpa;
struct doca_dpa_completion;

/** @brief A Verbs context: an opened device (opaque). */
struct doca_verbs_context;
/** @brief Attributes of a device (opaque). */
struct doca_verbs_device_attr;
/** @brief A protection domain (opaque). */
struct doca_verbs_pd;
/** @brief Attributes a QP is created with (opaque). */
struct doca_verbs_qp_init_attr;
/** @brief Attributes doca_verbs_qp_modify applies (opaque). */
struct doca_verbs_qp_attr;
/** @brief Attributes a CQ is created with (opaque). */
struct doca_verbs_cq_attr;
/** @brief Attributes a shared receive queue is created with (opaque). */
struct doca_verbs_srq_init_attr;
/** @brief Attributes an Ethernet send queue is created with (opaque). */
struct doca_verbs_eth_sq_init_attr;
/** @brief Attributes an Ethernet receive queue is created with (opaque). */
struct doca_verbs_eth_rq_init_attr;
/** @brief The address of a peer (opaque). */
struct doca_verbs_ah_attr;
/** @brief A completion channel (opaque). */
struct doca_verbs_comp_channel;
/** @brief A completion queue (opaque). */
struct doca_verbs_cq;
/** @brief A queue pair (opaque). */
struct doca_verbs_qp;
/** @brief A shared receive queue (opaque). */
struct doca_verbs_srq;
/** @brief An Ethernet send queue (opaque). */
struct doca_verbs_eth_sq;
/** @brief An Ethernet receive queue (opaque). */
struct doca_verbs_eth_rq;
/** @brief A congestion-control group (opaque). */
struct doca_verbs_cc_group;
/** @brief Attributes of a congestion-control group (opaque). */
struct doca_verbs_cc_group_attr;
/** @brief Capabilities of congestion-control groups (opaque). */
struct doca_verbs_cc_group_caps;

/** @brief A shared receive queue as DPA kernels see it. */
typedef uint64_t doca_dpa_dev_verbs_srq_t;
/** @brief A queue pair as DPA kernels see it (doca_verbs_qp_get_dpa_handle). */
typedef uint64_t doca_dpa_dev_verbs_qp_t;
/** @brief An Ethernet send queue as DPA kernels see it. */
typedef uint64_t doca_dpa_dev_verbs_eth_sq_t;
/** @brief An Ethernet receive queue as DPA kernels see it. */
typedef uint64_t doca_dpa_dev_verbs_eth_rq_t;

/** @brief Asynchronous event: a QP hit a fatal error. */
#define DOCA_VERBS_EVENT_QP_FATAL 0x0
/** @brief Asynchronous event: a QP request error. */
#define DOCA_VERBS_EVENT_QP_REQ_ERR 0x1
/** @brief Asynchronous event: a QP access error. */
#define DOCA_VERBS_EVENT_QP_ACCESS_ERR 0x2
/** @brief Asynchronous event: a CQ error. */
#define DOCA_VERBS_EVENT_CQ_ERR 0x3

/** @brief QP type: reliable connection. */
#define DOCA_VERBS_QP_TYPE_RC 0x0
/** @brief QP type: unreliable connection. */
#define DOCA_VERBS_QP_TYPE_UC 0x1

/** @brief Time-stamp source: the device's default. */
#define DOCA_VERBS_TS_SOURCE_DEFAULT 0x0
/** @brief Time-stamp source: the free-running clock. */
#define DOCA_VERBS_TS_SOURCE_FREE_RUNNING 0x1
/** @brief Time-stamp source: the real-time clock. */
#define DOCA_VERBS_TS_SOURCE_REAL_TIME 0x2

/** @brief States of a queue pair. */
enum doca_verbs_qp_state {
	DOCA_VERBS_QP_STATE_RST = 0x0,  /**< reset */
	DOCA_VERBS_QP_STATE_INIT = 0x1, /**< initialized */
	DOCA_VERBS_QP_STATE_RTR = 0x2,  /**< ready to receive */
	DOCA_VERBS_QP_STATE_RTS = 0x3,  /**< ready to send */
	DOCA_VERBS_QP_STATE_ERR = 0x4,  /**< error */
};

/** @brief How a peer is addressed. */
enum doca_verbs_addr_type {
	DOCA_VERBS_ADDR_TYPE_IPv4,      /**< IPv4 */
	DOCA_VERBS_ADDR_TYPE_IPv6,      /**< IPv6 */
	DOCA_VERBS_ADDR_TYPE_IB_GRH,    /**< InfiniBand with a GRH */
	DOCA_VERBS_ADDR_TYPE_IB_NO_GRH, /**< InfiniBand without a GRH */
};

/** @brief How a shared receive queue stores its work requests. */
enum doca_verbs_srq_type {
	DOCA_VERBS_SRQ_TYPE_LINKED_LIST, /**< a linked list */
	DOCA_VERBS_SRQ_TYPE_CONTIGUOUS,  /**< a contiguous ring */
};

/** @brief The atomic operations a QP accepts. */
enum doca_verbs_qp_atomic_mode {
	DOCA_VERBS_QP_ATOMIC_MODE_NONE = 0x0,           /**< none */
	DOCA_VERBS_QP_ATOMIC_MODE_IB_SPEC = 0x1,        /**< as the IB specification */
	DOCA_VERBS_QP_ATOMIC_MODE_ONLY_8BYTES = 0x2,    /**< 8 bytes only */
	DOCA_VERBS_QP_ATOMIC_MODE_UP_TO_8BYTES = 0x3,   /**< up to 8 bytes */
	DOCA_VERBS_QP_ATOMIC_MODE_UP_TO_16BYTES = 0x4,  /**< up to 16 bytes */
	DOCA_VERBS_QP_ATOMIC_MODE_UP_TO_32BYTES = 0x5,  /**< up to 32 bytes */
	DOCA_VERBS_QP_ATOMIC_MODE_UP_TO_64BYTES = 0x6,  /**< up to 64 bytes */
	DOCA_VERBS_QP_ATOMIC_MODE_UP_TO_128BYTES = 0x7, /**< up to 128 bytes */
	DOCA_VERBS_QP_ATOMIC_MODE_UP_TO_256BYTES = 0x8  /**< up to 256 bytes */
};

/** @brief Whether small receives are scattered into the CQE. */
enum doca_verbs_qp_scatter_to_cqe {
	DOCA_VERBS_QP_SCATTER_TO_CQE_NONE = 0x0, /**< no */
	DOCA_VERBS_QP_SCATTER_TO_CQE_32B = 0x1   /**< up to 32 bytes */
};

/** @brief How a QP's send doorbell record is kept. */
enum doca_verbs_qp_send_dbr_mode {
	DOCA_VERBS_QP_SEND_DBR_MODE_DBR_VALID = 0x0,  /**< the record is updated */
	DOCA_VERBS_QP_SEND_DBR_MODE_NO_DBR_EXT = 0x1, /**< no record; software rings the doorbell */
	DOCA_VERBS_QP_SEND_DBR_MODE_NO_DBR_INT = 0x2, /**< no record; the device (DPA) rings it */
};

/** @brief doca_verbs_qp_modify attribute: whether the peer may write. */
#define DOCA_VERBS_QP_ATTR_ALLOW_REMOTE_WRITE (1 << 0)
/** @brief doca_verbs_qp_modify attribute: whether the peer may read. */
#define DOCA_VERBS_QP_ATTR_ALLOW_REMOTE_READ (1 << 1)
/** @brief doca_verbs_qp_modify attribute: the partition key index. */
#define DOCA_VERBS_QP_ATTR_PKEY_INDEX (1 << 2)
/** @brief doca_verbs_qp_modify attribute: the receiver-not-ready NAK timer. */
#define DOCA_VERBS_QP_ATTR_MIN_RNR_TIMER (1 << 3)
/** @brief doca_verbs_qp_modify attribute: the local port. */
#define DOCA_VERBS_QP_ATTR_PORT_NUM (1 << 4)
/** @brief doca_verbs_qp_modify attribute: the next state. */
#define DOCA_VERBS_QP_ATTR_NEXT_STATE (1 << 5)
/** @brief doca_verbs_qp_modify attribute: the current state. */
#define DOCA_VERBS_QP_ATTR_CURRENT_STATE (1 << 6)
/** @brief doca_verbs_qp_modify attribute: the path MTU. */
#define DOCA_VERBS_QP_ATTR_PATH_MTU (1 << 7)
/** @brief doca_verbs_qp_modify attribute: the receive PSN. */
#define DOCA_VERBS_QP_ATTR_RQ_PSN (1 << 8)
/** @brief doca_verbs_qp_modify attribute: the send PSN. */
#define DOCA_VERBS_QP_ATTR_SQ_PSN (1 << 9)
/** @brief doca_verbs_qp_modify attribute: the peer QP number. */
#define DOCA_VERBS_QP_ATTR_DEST_QP_NUM (1 << 10)
/** @brief doca_verbs_qp_modify attribute: the ACK timeout. */
#define DOCA_VERBS_QP_ATTR_ACK_TIMEOUT (1 << 11)
/** @brief doca_verbs_qp_modify attribute: the retry count. */
#define DOCA_VERBS_QP_ATTR_RETRY_CNT (1 << 12)
/** @brief doca_verbs_qp_modify attribute: the receiver-not-ready retry count. */
#define DOCA_VERBS_QP_ATTR_RNR_RETRY (1 << 13)
/** @brief doca_verbs_qp_modify attribute: the peer address. */
#define DOCA_VERBS_QP_ATTR_AH_ATTR (1 << 14)
/** @brief doca_verbs_qp_modify attribute: the atomic mode. */
#define DOCA_VERBS_QP_ATTR_ATOMIC_MODE (1 << 15)
/** @brief doca_verbs_qp_modify attribute: outstanding reads and atomics as initiator. */
#define DOCA_VERBS_QP_ATTR_MAX_QP_RD_ATOMIC (1 << 16)
/** @brief doca_verbs_qp_modify attribute: reads and atomics handled at once as responder. */
#define DOCA_VERBS_QP_ATTR_MAX_DEST_RD_ATOMIC (1 << 17)
/** @brief doca_verbs_qp_modify attribute: the congestion-control group. */
#define DOCA_VERBS_QP_ATTR_CC_GROUP (1 << 18)

/** @brief What atomicity a device guarantees. */
enum doca_verbs_atomic_cap {
	DOCA_VERBS_ATOMIC_CAP_NONE = 0x0, /**< no atomic operations */
	DOCA_VERBS_ATOMIC_CAP_HCA = 0x1,  /**< atomic between the device's QPs */
	DOCA_VERBS_ATOMIC_CAP_GLOB = 0x2, /**< atomic against every other agent */
};

/** @brief An asynchronous event. */
struct doca_verbs_async_event {
	union {
		struct doca_verbs_qp *qp; /**< the QP of a QP event */
		struct doca_verbs_cq *cq; /**< the CQ of a CQ event */
		void *reserved;           /**< reserved */
	} element;                        /**< the object the event is about */
	int event_type;                   /**< DOCA_VERBS_EVENT_* */
};

/** @brief A GID. */
struct doca_verbs_gid {
	uint8_t raw[DOCA_GID_BYTE_LENGTH]; /**< the GID's bytes */
};

/** @brief States of an Ethernet send queue. */
enum doca_verbs_eth_sq_state {
	DOCA_VERBS_ETH_SQ_STATE_RST = 0x0, /**< reset */
	DOCA_VERBS_ETH_SQ_STATE_RDY = 0x1, /**< ready */
	DOCA_VERBS_ETH_SQ_STATE_ERR = 0x2, /**< error */
};

/** @brief States of an Ethernet receive queue. */
enum doca_verbs_eth_rq_state {
	DOCA_VERBS_ETH_RQ_STATE_RST = 0x0, /**< reset */
	DOCA_VERBS_ETH_RQ_STATE_RDY = 0x1, /**< ready */
	DOCA_VERBS_ETH_RQ_STATE_ERR = 0x2, /**< error */
};

/** @brief Sizes of a CQE. */
enum doca_verbs_cq_entry_size {
	DOCA_VERBS_CQ_ENTRY_SIZE_64 = 0,  /**< 64 bytes */
	DOCA_VERBS_CQ_ENTRY_SIZE_128 = 1, /**< 128 bytes */
};

/** @brief doca_verbs_context_create flags: none. */
#define DOCA_VERBS_CONTEXT_CREATE_FLAGS_NONE 0

/* ---- Contexts and protection domains ---- */

/**
 * @brief Open a new Verbs context on a device (doca_verbs_pd_as_doca_dev() then shares its
 * resources with a doca_dev).
 *
 * @param [in] devinfo
 * The device.
 * @param [in] flags
 * Creation flags (DOCA_VERBS_CONTEXT_CREATE_FLAGS_*).
 * @param [out] verbs_context
 * The new context.
 * @return DOCA_SUCCESS on success; DOCA_ERROR_INVALID_VALUE when devinfo or verbs_context is NULL;
 * DOCA_ERROR_NOT_CONNECTED when the device cannot be opened.
 */
DOCA_EXPERIMENTAL doca_error_t doca_verbs_context_create(struct doca_devinfo *devinfo,
                                                         uint32_t flags,
                                                         struct doca_verbs_context **verbs_context);

/**
 * @brief Destroy a Verbs context.
 *
 * @param [in] verbs_context
 * The Verbs context.
 * @return DOCA_SUCCESS on success; DOCA_ERROR_INVALID_VALUE when verbs_context is NULL or
 * destroyed; DOCA_ERROR_IN_USE while protection domains of the context are alive.
 */
DOCA_EXPERIMENTAL doca_error_t doca_verbs_context_destroy(struct doca_verbs_context *verbs_context);

/**
 * @brief A handle another process can import the context from (pass it with SCM_RIGHTS).
 *
 * @param [in] verbs_context
 * The Verbs context.
 * @return The handle, or -1 on failure (always in softdpa).
 */
DOCA_EXPERIMENTAL int
doca_verbs_context_export_handle(const struct doca_verbs_context *verbs_context);

/**
 * @brief Import a context exported by doca_verbs_context_export_handle().
 *
 * @param [in] handle
 * The exported handle.
 * @param [in] flags
 * The flags the context was created with.
 * @param [out] verbs_context
 * The imported context.
 * @return DOCA_SUCCESS on success; DOCA_ERROR_INVALID_VALUE when verbs_context is NULL;
 * DOCA_ERROR_DRIVER when the import fails; DOCA_ERROR_NOT_SUPPORTED in softdpa (DOCA Verbs objects
 * are not emulated).
 */
DOCA_EXPERIMENTAL doca_error_t doca_verbs_context_import_from_handle(
        int handle, uint32_t flags, struct doca_verbs_context **verbs_context);

/**
 * @brief Create a protection domain.
 *
 * @param [in] verbs_context
 * The Verbs context.
 * @param [out] verbs_pd
 * The new protection domain.
 * @return DOCA_SUCCESS on success; DOCA_ERROR_INVALID_VALUE when verbs_context or verbs_pd is NULL.
 */
DOCA_EXPERIMENTAL doca_error_t doca_verbs_pd_create(struct doca_verbs_context *verbs_context,
                                                    struct doca_verbs_pd **verbs_pd);

/**
 * @brief Destroy a protection domain.
 *
 * @param [in] verbs_pd
 * The protection domain.
 * @return DOCA_SUCCESS on success; DOCA_ERROR_INVALID_VALUE when verbs_pd is NULL or destroyed;
 * DOCA_ERROR_IN_USE while QPs of the protection domain are alive.
 */
DOCA_EXPERIMENTAL doca_error_t doca_verbs_pd_destroy(struct doca_verbs_pd *verbs_pd);

/**
 * @brief The doca_dev sharing the protection domain (the same one on every call; close it with
 * doca_dev_close).
 *
 * @param [in] verbs_pd
 * The protection domain.
 * @param [out] dev
 * The device.
 * @return DOCA_SUCCESS on success; DOCA_ERROR_INVALID_VALUE when verbs_pd or dev is NULL.
 */
DOCA_EXPERIMENTAL doca_error_t doca_verbs_pd_as_doca_dev(struct doca_verbs_pd *verbs_pd,
                                                         struct doca_dev **dev);

/**
 * @brief A handle another process can import the protection domain from.
 *
 * @param [in] verbs_pd
 * The protection domain.
 * @return The handle, or -1 on failure (always in softdpa).
 */
DOCA_EXPERIMENTAL int doca_verbs_pd_export_handle(const struct doca_verbs_pd *verbs_pd);

/**
 * @brief Import a protection domain exported by doca_verbs_pd_export_handle().
 *
 * @param [in] verbs_context
 * The Verbs context.
 * @param [in] handle
 * The exported handle.
 * @param [out] verbs_pd
 * The imported protection domain.
 * @return DOCA_SUCCESS on success; DOCA_ERROR_INVALID_VALUE when verbs_context or verbs_pd is NULL;
 * DOCA_ERROR_DRIVER when the import fails; DOCA_ERROR_NOT_SUPPORTED in softdpa (DOCA Verbs objects
 * are not emulated).
 */
DOCA_EXPERIMENTAL doca_error_t doca_verbs_pd_import_from_handle(
        struct doca_verbs_context *verbs_context, int handle, struct doca_verbs_pd **verbs_pd);

/* ---- QP creation attributes (real: plain data) ---- */

/**
 * @brief Create a qp init attr object, every attribute zero.
 *
 * @param [out] verbs_qp_init_attr
 * The new object.
 * @return DOCA_SUCCESS on success; DOCA_ERROR_INVALID_VALUE when verbs_qp_init_attr is NULL;
 * DOCA_ERROR_NO_MEMORY when allocation fails.
 */
DOCA_EXPERIMENTAL doca_error_t
doca_verbs_qp_init_attr_create(struct doca_verbs_qp_init_attr **verbs_qp_init_attr);

/**
 * @brief Destroy a qp init attr object.
 *
 * @param [in] verbs_qp_init_attr
 * The QP creation attributes.
 * @return DOCA_SUCCESS on success; DOCA_ERROR_INVALID_VALUE when verbs_qp_init_attr is NULL.
 */
DOCA_EXPERIMENTAL doca_error_t
doca_verbs_qp_init_attr_destroy(struct doca_verbs_qp_init_attr *verbs_qp_init_attr);

/**
 * @brief Set the protection domain of the QP.
 *
 * @param [in] verbs_qp_init_attr
 * The QP creation attributes.
 * @param [in] pd
 * The value.
 * @return DOCA_SUCCESS on success; DOCA_ERROR_INVALID_VALUE when verbs_qp_init_attr is NULL.
 */
DOCA_EXPERIMENTAL doca_error_t doca_verbs_qp_init_attr_set_pd(
        struct doca_verbs_qp_init_attr *verbs_qp_init_attr, struct doca_verbs_pd *pd);

/**
 * @brief Get the protection domain of the QP.
 *
 * @param [in] verbs_qp_init_attr
 * The QP creation attributes.
 * @return The value (0 or NULL when verbs_qp_init_attr is NULL).
 */
DOCA_EXPERIMENTAL struct doca_verbs_pd *
doca_verbs_qp_init_attr_get_pd(const struct doca_verbs_qp_init_attr *verbs_qp_init_attr);

/**
 * @brief Set the CQ of the send queue (exclusive with a send DPA completion).
 *
 * @param [in] verbs_qp_init_attr
 * The QP creation attributes.
 * @param [in] send_cq
 * The value.
 * @return DOCA_SUCCESS on success; DOCA_ERROR_INVALID_VALUE when verbs_qp_init_attr is NULL.
 */
DOCA_EXPERIMENTAL doca_error_t doca_verbs_qp_init_attr_set_send_cq(
        struct doca_verbs_qp_init_attr *verbs_qp_init_attr, struct doca_verbs_cq *send_cq);

/**
 * @brief Get the CQ of the send queue (exclusive with a send DPA completion).
 *
 * @param [in] verbs_qp_init_attr
 * The QP creation attributes.
 * @return The value (0 or NULL when verbs_qp_init_attr is NULL).
 */
DOCA_EXPERIMENTAL struct doca_verbs_cq *
doca_verbs_qp_init_attr_get_send_cq(const struct doca_verbs_qp_init_attr *verbs_qp_init_attr);

/**
 * @brief Set the CQ of the receive queue (exclusive with a receive DPA completion).
 *
 * @param [in] verbs_qp_init_attr
 * The QP creation attributes.
 * @param [in] receive_cq
 * The value.
 * @return DOCA_SUCCESS on success; DOCA_ERROR_INVALID_VALUE when verbs_qp_init_attr is NULL.
 */
DOCA_EXPERIMENTAL doca_error_t doca_verbs_qp_init_attr_set_receive_cq(
        struct doca_verbs_qp_init_attr *verbs_qp_init_attr, struct doca_verbs_cq *receive_cq);

/**
 * @brief Get the CQ of the receive queue (exclusive with a receive DPA completion).
 *
 * @param [in] verbs_qp_init_attr
 * The QP creation attributes.
 * @return The value (0 or NULL when verbs_qp_init_attr is NULL).
 */
DOCA_EXPERIMENTAL struct doca_verbs_cq *
doca_verbs_qp_init_attr_get_receive_cq(const struct doca_verbs_qp_init_attr *verbs_qp_init_attr);

/**
 * @brief Set whether every send work request reports a completion.
 *
 * @param [in] verbs_qp_init_attr
 * The QP creation attributes.
 * @param [in] sq_sig_all
 * The value.
 * @return DOCA_SUCCESS on success; DOCA_ERROR_INVALID_VALUE when verbs_qp_init_attr is NULL.
 */
DOCA_EXPERIMENTAL doca_error_t doca_verbs_qp_init_attr_set_sq_sig_all(
        struct doca_verbs_qp_init_attr *verbs_qp_init_attr, int sq_sig_all);

/**
 * @brief Get whether every send work request reports a completion.
 *
 * @param [in] verbs_qp_init_attr
 * The QP creation attributes.
 * @return The value (0 or NULL when verbs_qp_init_attr is NULL).
 */
DOCA_EXPERIMENTAL int
doca_verbs_qp_init_attr_get_sq_sig_all(const struct doca_verbs_qp_init_attr *verbs_qp_init_attr);

/**
 * @brief Set the send queue size in work requests.
 *
 * @param [in] verbs_qp_init_attr
 * The QP creation attributes.
 * @param [in] sq_wr
 * The value.
 * @return DOCA_SUCCESS on success; DOCA_ERROR_INVALID_VALUE when verbs_qp_init_attr is NULL.
 */
DOCA_EXPERIMENTAL doca_error_t doca_verbs_qp_init_attr_set_sq_wr(
        struct doca_verbs_qp_init_attr *verbs_qp_init_attr, uint32_t sq_wr);

/**
 * @brief Get the send queue size in work requests.
 *
 * @param [in] verbs_qp_init_attr
 * The QP creation attributes.
 * @return The value (0 or NULL when verbs_qp_init_attr is NULL).
 */
DOCA_EXPERIMENTAL uint32_t
doca_verbs_qp_init_attr_get_sq_wr(const struct doca_verbs_qp_init_attr *verbs_qp_init_attr);

/**
 * @brief Set the receive queue size in work requests.
 *
 * @param [in] verbs_qp_init_attr
 * The QP creation attributes.
 * @param [in] rq_wr
 * The value.
 * @return DOCA_SUCCESS on success; DOCA_ERROR_INVALID_VALUE when verbs_qp_init_attr is NULL.
 */
DOCA_EXPERIMENTAL doca_error_t doca_verbs_qp_init_attr_set_rq_wr(
        struct doca_verbs_qp_init_attr *verbs_qp_init_attr, uint32_t rq_wr);

/**
 * @brief Get the receive queue size in work requests.
 *
 * @param [in] verbs_qp_init_attr
 * The QP creation attributes.
 * @return The value (0 or NULL when verbs_qp_init_attr is NULL).
 */
DOCA_EXPERIMENTAL uint32_t
doca_verbs_qp_init_attr_get_rq_wr(const struct doca_verbs_qp_init_attr *verbs_qp_init_attr);

/**
 * @brief Set the most scatter-gather elements of a send work request.
 *
 * @param [in] verbs_qp_init_attr
 * The QP creation attributes.
 * @param [in] send_max_sges
 * The value.
 * @return DOCA_SUCCESS on success; DOCA_ERROR_INVALID_VALUE when verbs_qp_init_attr is NULL.
 */
DOCA_EXPERIMENTAL doca_error_t doca_verbs_qp_init_attr_set_send_max_sges(
        struct doca_verbs_qp_init_attr *verbs_qp_init_attr, uint32_t send_max_sges);

/**
 * @brief Get the most scatter-gather elements of a send work request.
 *
 * @param [in] verbs_qp_init_attr
 * The QP creation attributes.
 * @return The value (0 or NULL when verbs_qp_init_attr is NULL).
 */
DOCA_EXPERIMENTAL uint32_t
doca_verbs_qp_init_attr_get_send_max_sges(const struct doca_verbs_qp_init_attr *verbs_qp_init_attr);

/**
 * @brief Set the most scatter-gather elements of a receive work request.
 *
 * @param [in] verbs_qp_init_attr
 * The QP creation attributes.
 * @param [in] receive_max_sges
 * The value.
 * @return DOCA_SUCCESS on success; DOCA_ERROR_INVALID_VALUE when verbs_qp_init_attr is NULL.
 */
DOCA_EXPERIMENTAL doca_error_t doca_verbs_qp_init_attr_set_receive_max_sges(
        struct doca_verbs_qp_init_attr *verbs_qp_init_attr, uint32_t receive_max_sges);

/**
 * @brief Get the most scatter-gather elements of a receive work request.
 *
 * @param [in] verbs_qp_init_attr
 * The QP creation attributes.
 * @return The value (0 or NULL when verbs_qp_init_attr is NULL).
 */
DOCA_EXPERIMENTAL uint32_t doca_verbs_qp_init_attr_get_receive_max_sges(
        const struct doca_verbs_qp_init_attr *verbs_qp_init_attr);

/**
 * @brief Set the most bytes a send may carry inline.
 *
 * @param [in] verbs_qp_init_attr
 * The QP creation attributes.
 * @param [in] max_inline_data
 * The value.
 * @return DOCA_SUCCESS on success; DOCA_ERROR_INVALID_VALUE when verbs_qp_init_attr is NULL.
 */
DOCA_EXPERIMENTAL doca_error_t doca_verbs_qp_init_attr_set_max_inline_data(
        struct doca_verbs_qp_init_attr *verbs_qp_init_attr, uint32_t max_inline_data);

/**
 * @brief Get the most bytes a send may carry inline.
 *
 * @param [in] verbs_qp_init_attr
 * The QP creation attributes.
 * @return The value (0 or NULL when verbs_qp_init_attr is NULL).
 */
DOCA_EXPERIMENTAL uint32_t doca_verbs_qp_init_attr_get_max_inline_data(
        const struct doca_verbs_qp_init_attr *verbs_qp_init_attr);

/**
 * @brief Set the user index completions report.
 *
 * @param [in] verbs_qp_init_attr
 * The QP creation attributes.
 * @param [in] user_index
 * The value.
 * @return DOCA_SUCCESS on success; DOCA_ERROR_INVALID_VALUE when verbs_qp_init_attr is NULL.
 */
DOCA_EXPERIMENTAL doca_error_t doca_verbs_qp_init_attr_set_user_index(
        struct doca_verbs_qp_init_attr *verbs_qp_init_attr, uint32_t user_index);

/**
 * @brief Get the user index completions report.
 *
 * @param [in] verbs_qp_init_attr
 * The QP creation attributes.
 * @return The value (0 or NULL when verbs_qp_init_attr is NULL).
 */
DOCA_EXPERIMENTAL uint32_t
doca_verbs_qp_init_attr_get_user_index(const struct doca_verbs_qp_init_attr *verbs_qp_init_attr);

/**
 * @brief Set the QP type (DOCA_VERBS_QP_TYPE_RC or _UC).
 *
 * @param [in] verbs_qp_init_attr
 * The QP creation attributes.
 * @param [in] qp_type
 * The value.
 * @return DOCA_SUCCESS on success; DOCA_ERROR_INVALID_VALUE when verbs_qp_init_attr is NULL or
 * qp_type is not RC or UC.
 */
DOCA_EXPERIMENTAL doca_error_t doca_verbs_qp_init_attr_set_qp_type(
        struct doca_verbs_qp_init_attr *verbs_qp_init_attr, uint32_t qp_type);

/**
 * @brief Get the QP type (DOCA_VERBS_QP_TYPE_RC or _UC).
 *
 * @param [in] verbs_qp_init_attr
 * The QP creation attributes.
 * @return The value (0 or NULL when verbs_qp_init_attr is NULL).
 */
DOCA_EXPERIMENTAL uint32_t
doca_verbs_qp_init_attr_get_qp_type(const struct doca_verbs_qp_init_attr *verbs_qp_init_attr);

/**
 * @brief Set the umem (and offset in it) the application provides for the work queues.
 *
 * @param [in] verbs_qp_init_attr
 * The QP creation attributes.
 * @param [in] external_umem
 * The value.
 * @param [in] external_umem_offset
 * The offset.
 * @return DOCA_SUCCESS on success; DOCA_ERROR_INVALID_VALUE when verbs_qp_init_attr is NULL.
 */
DOCA_EXPERIMENTAL doca_error_t doca_verbs_qp_init_attr_set_external_umem(
        struct doca_verbs_qp_init_attr *verbs_qp_init_attr, struct doca_umem *external_umem,
        uint64_t external_umem_offset);

/**
 * @brief Get the umem (and offset in it) the application provides for the work queues.
 *
 * @param [in] verbs_qp_init_attr
 * The QP creation attributes.
 * @param [out] external_umem
 * The value.
 * @param [out] external_umem_offset
 * The offset.
 * @return DOCA_SUCCESS on success; DOCA_ERROR_INVALID_VALUE when an argument is NULL.
 */
DOCA_EXPERIMENTAL doca_error_t doca_verbs_qp_init_attr_get_external_umem(
        const struct doca_verbs_qp_init_attr *verbs_qp_init_attr, struct doca_umem **external_umem,
        uint64_t *external_umem_offset);

/**
 * @brief Set the umem (and offset in it) the application provides for the doorbell record.
 *
 * @param [in] verbs_qp_init_attr
 * The QP creation attributes.
 * @param [in] external_dbr_umem
 * The value.
 * @param [in] external_dbr_umem_offset
 * The offset.
 * @return DOCA_SUCCESS on success; DOCA_ERROR_INVALID_VALUE when verbs_qp_init_attr is NULL.
 */
DOCA_EXPERIMENTAL doca_error_t doca_verbs_qp_init_attr_set_external_dbr_umem(
        struct doca_verbs_qp_init_attr *verbs_qp_init_attr, struct doca_umem *external_dbr_umem,
        uint64_t external_dbr_umem_offset);

/**
 * @brief Get the umem (and offset in it) the application provides for the doorbell record.
 *
 * @param [in] verbs_qp_init_attr
 * The QP creation attributes.
 * @param [out] external_dbr_umem
 * The value.
 * @param [out] external_dbr_umem_offset
 * The offset.
 * @return DOCA_SUCCESS on success; DOCA_ERROR_INVALID_VALUE when an argument is NULL.
 */
DOCA_EXPERIMENTAL doca_error_t doca_verbs_qp_init_attr_get_external_dbr_umem(
        const struct doca_verbs_qp_init_attr *verbs_qp_init_attr,
        struct doca_umem **external_dbr_umem, uint64_t *external_dbr_umem_offset);

/**
 * @brief Set the UAR the application provides.
 *
 * @param [in] verbs_qp_init_attr
 * The QP creation attributes.
 * @param [in] external_uar
 * The value.
 * @return DOCA_SUCCESS on success; DOCA_ERROR_INVALID_VALUE when verbs_qp_init_attr is NULL.
 */
DOCA_EXPERIMENTAL doca_error_t doca_verbs_qp_init_attr_set_external_uar(
        struct doca_verbs_qp_init_attr *verbs_qp_init_attr, struct doca_uar *external_uar);

/**
 * @brief Get the UAR the application provides.
 *
 * @param [in] verbs_qp_init_attr
 * The QP creation attributes.
 * @param [out] external_uar
 * The value.
 * @return DOCA_SUCCESS on success; DOCA_ERROR_INVALID_VALUE when an argument is NULL.
 */
DOCA_EXPERIMENTAL doca_error_t doca_verbs_qp_init_attr_get_external_uar(
        const struct doca_verbs_qp_init_attr *verbs_qp_init_attr, struct doca_uar **external_uar);

/**
 * @brief Set whether the QP is a core-direct master (needs an external data path).
 *
 * @param [in] verbs_qp_init_attr
 * The QP creation attributes.
 * @param [in] core_direct_master
 * The value.
 * @return DOCA_SUCCESS on success; DOCA_ERROR_INVALID_VALUE when verbs_qp_init_attr is NULL or the
 * value is not 0 or 1.
 */
DOCA_EXPERIMENTAL doca_error_t doca_verbs_qp_init_attr_set_core_direct_master(
        struct doca_verbs_qp_init_attr *verbs_qp_init_attr, uint8_t core_direct_master);

/**
 * @brief Get whether the QP is a core-direct master (needs an external data path).
 *
 * @param [in] verbs_qp_init_attr
 * The QP creation attributes.
 * @return The value (0 or NULL when verbs_qp_init_attr is NULL).
 */
DOCA_EXPERIMENTAL uint8_t doca_verbs_qp_init_attr_get_core_direct_master(
        const struct doca_verbs_qp_init_attr *verbs_qp_init_attr);

/**
 * @brief Set the user context of the QP.
 *
 * @param [in] verbs_qp_init_attr
 * The QP creation attributes.
 * @param [in] qp_context
 * The value.
 * @return DOCA_SUCCESS on success; DOCA_ERROR_INVALID_VALUE when verbs_qp_init_attr is NULL.
 */
DOCA_EXPERIMENTAL doca_error_t doca_verbs_qp_init_attr_set_qp_context(
        struct doca_verbs_qp_init_attr *verbs_qp_init_attr, void *qp_context);

/**
 * @brief Get the user context of the QP.
 *
 * @param [in] verbs_qp_init_attr
 * The QP creation attributes.
 * @return The value (0 or NULL when verbs_qp_init_attr is NULL).
 */
DOCA_EXPERIMENTAL void *
doca_verbs_qp_init_attr_get_qp_context(const struct doca_verbs_qp_init_attr *verbs_qp_init_attr);

/**
 * @brief Set the shared receive queue of the QP.
 *
 * @param [in] verbs_qp_init_attr
 * The QP creation attributes.
 * @param [in] srq
 * The value.
 * @return DOCA_SUCCESS on success; DOCA_ERROR_INVALID_VALUE when verbs_qp_init_attr is NULL.
 */
DOCA_EXPERIMENTAL doca_error_t doca_verbs_qp_init_attr_set_srq(
        struct doca_verbs_qp_init_attr *verbs_qp_init_attr, struct doca_verbs_srq *srq);

/**
 * @brief Get the shared receive queue of the QP.
 *
 * @param [in] verbs_qp_init_attr
 * The QP creation attributes.
 * @return The value (0 or NULL when verbs_qp_init_attr is NULL).
 */
DOCA_EXPERIMENTAL struct doca_verbs_srq *
doca_verbs_qp_init_attr_get_srq(const struct doca_verbs_qp_init_attr *verbs_qp_init_attr);

/**
 * @brief Set the DPA context whose kernels drive the QP (needs an external data path).
 *
 * @param [in] verbs_qp_init_attr
 * The QP creation attributes.
 * @param [in] dpa
 * The value.
 * @return DOCA_SUCCESS on success; DOCA_ERROR_INVALID_VALUE when verbs_qp_init_attr is NULL.
 */
DOCA_EXPERIMENTAL doca_error_t doca_verbs_qp_init_attr_set_dpa(
        struct doca_verbs_qp_init_attr *verbs_qp_init_attr, struct doca_dpa *dpa);

/**
 * @brief Get the DPA context whose kernels drive the QP (needs an external data path).
 *
 * @param [in] verbs_qp_init_attr
 * The QP creation attributes.
 * @return The value (0 or NULL when verbs_qp_init_attr is NULL).
 */
DOCA_EXPERIMENTAL struct doca_dpa *
doca_verbs_qp_init_attr_get_dpa(const struct doca_verbs_qp_init_attr *verbs_qp_init_attr);

/**
 * @brief Set the DPA completion context of the send queue.
 *
 * @param [in] verbs_qp_init_attr
 * The QP creation attributes.
 * @param [in] send_dpa_completion
 * The value.
 * @return DOCA_SUCCESS on success; DOCA_ERROR_INVALID_VALUE when verbs_qp_init_attr is NULL.
 */
DOCA_EXPERIMENTAL doca_error_t
doca_verbs_qp_init_attr_set_send_dpa_completion(struct doca_verbs_qp_init_attr *verbs_qp_init_attr,
                                                struct doca_dpa_completion *send_dpa_completion);

/**
 * @brief Get the DPA completion context of the send queue.
 *
 * @param [in] verbs_qp_init_attr
 * The QP creation attributes.
 * @return The value (0 or NULL when verbs_qp_init_attr is NULL).
 */
DOCA_EXPERIMENTAL struct doca_dpa_completion *doca_verbs_qp_init_attr_get_send_dpa_completion(
        const struct doca_verbs_qp_init_attr *verbs_qp_init_attr);

/**
 * @brief Set the DPA completion context of the receive queue.
 *
 * @param [in] verbs_qp_init_attr
 * The QP creation attributes.
 * @param [in] receive_dpa_completion
 * The value.
 * @return DOCA_SUCCESS on success; DOCA_ERROR_INVALID_VALUE when verbs_qp_init_attr is NULL.
 */
DOCA_EXPERIMENTAL doca_error_t doca_verbs_qp_init_attr_set_receive_dpa_completion(
        struct doca_verbs_qp_init_attr *verbs_qp_init_attr,
        struct doca_dpa_completion *receive_dpa_completion);

/**
 * @brief Get the DPA completion context of the receive queue.
 *
 * @param [in] verbs_qp_init_attr
 * The QP creation attributes.
 * @return The value (0 or NULL when verbs_qp_init_attr is NULL).
 */
DOCA_EXPERIMENTAL struct doca_dpa_completion *doca_verbs_qp_init_attr_get_receive_dpa_completion(
        const struct doca_verbs_qp_init_attr *verbs_qp_init_attr);

/**
 * @brief Set whether the application drives the data path itself (1) instead of the bridge calls
 * (0).
 *
 * @param [in] verbs_qp_init_attr
 * The QP creation attributes.
 * @param [in] external_datapath_en
 * The value.
 * @return DOCA_SUCCESS on success; DOCA_ERROR_INVALID_VALUE when verbs_qp_init_attr is NULL or the
 * value is not 0 or 1.
 */
DOCA_EXPERIMENTAL doca_error_t doca_verbs_qp_init_attr_set_external_datapath_en(
        struct doca_verbs_qp_init_attr *verbs_qp_init_attr, uint8_t external_datapath_en);

/**
 * @brief Get whether the application drives the data path itself (1) instead of the bridge calls
 * (0).
 *
 * @param [in] verbs_qp_init_attr
 * The QP creation attributes.
 * @return The value (0 or NULL when verbs_qp_init_attr is NULL).
 */
DOCA_EXPERIMENTAL uint8_t doca_verbs_qp_init_attr_get_external_datapath_en(
        const struct doca_verbs_qp_init_attr *verbs_qp_init_attr);

/**
 * @brief Set the umem ID and offset of the doorbell record.
 *
 * @param [in] verbs_qp_init_attr
 * The QP creation attributes.
 * @param [in] dbr_umem_id
 * The value.
 * @param [in] dbr_umem_offset
 * The offset.
 * @return DOCA_SUCCESS on success; DOCA_ERROR_INVALID_VALUE when verbs_qp_init_attr is NULL.
 */
DOCA_EXPERIMENTAL doca_error_t
doca_verbs_qp_init_attr_set_dbr_umem(struct doca_verbs_qp_init_attr *verbs_qp_init_attr,
                                     uint32_t dbr_umem_id, uint64_t dbr_umem_offset);

/**
 * @brief Get dbr umem id.
 *
 * @param [in] verbs_qp_init_attr
 * The QP creation attributes.
 * @return The value (0 when verbs_qp_init_attr is NULL).
 */
DOCA_EXPERIMENTAL uint32_t
doca_verbs_qp_init_attr_get_dbr_umem_id(const struct doca_verbs_qp_init_attr *verbs_qp_init_attr);

/**
 * @brief Get dbr umem offset.
 *
 * @param [in] verbs_qp_init_attr
 * The QP creation attributes.
 * @return The value (0 when verbs_qp_init_attr is NULL).
 */
DOCA_EXPERIMENTAL uint64_t doca_verbs_qp_init_attr_get_dbr_umem_offset(
        const struct doca_verbs_qp_init_attr *verbs_qp_init_attr);

/**
 * @brief Set the umem ID and offset of the work queues.
 *
 * @param [in] verbs_qp_init_attr
 * The QP creation attributes.
 * @param [in] wq_umem_id
 * The value.
 * @param [in] wq_umem_offset
 * The offset.
 * @return DOCA_SUCCESS on success; DOCA_ERROR_INVALID_VALUE when verbs_qp_init_attr is NULL.
 */
DOCA_EXPERIMENTAL doca_error_t
doca_verbs_qp_init_attr_set_wq_umem(struct doca_verbs_qp_init_attr *verbs_qp_init_attr,
                                    uint32_t wq_umem_id, uint64_t wq_umem_offset);

/**
 * @brief Get wq umem id.
 *
 * @param [in] verbs_qp_init_attr
 * The QP creation attributes.
 * @return The value (0 when verbs_qp_init_attr is NULL).
 */
DOCA_EXPERIMENTAL uint32_t
doca_verbs_qp_init_attr_get_wq_umem_id(const struct doca_verbs_qp_init_attr *verbs_qp_init_attr);

/**
 * @brief Get wq umem offset.
 *
 * @param [in] verbs_qp_init_attr
 * The QP creation attributes.
 * @return The value (0 when verbs_qp_init_attr is NULL).
 */
DOCA_EXPERIMENTAL uint64_t doca_verbs_qp_init_attr_get_wq_umem_offset(
        const struct doca_verbs_qp_init_attr *verbs_qp_init_attr);

/**
 * @brief Set the UAR ID the QP rings.
 *
 * @param [in] verbs_qp_init_attr
 * The QP creation attributes.
 * @param [in] uar_id
 * The value.
 * @return DOCA_SUCCESS on success; DOCA_ERROR_INVALID_VALUE when verbs_qp_init_attr is NULL.
 */
DOCA_EXPERIMENTAL doca_error_t doca_verbs_qp_init_attr_set_uar_id(
        struct doca_verbs_qp_init_attr *verbs_qp_init_attr, uint32_t uar_id);

/**
 * @brief Get the UAR ID the QP rings.
 *
 * @param [in] verbs_qp_init_attr
 * The QP creation attributes.
 * @return The value (0 or NULL when verbs_qp_init_attr is NULL).
 */
DOCA_EXPERIMENTAL uint32_t
doca_verbs_qp_init_attr_get_uar_id(const struct doca_verbs_qp_init_attr *verbs_qp_init_attr);

/**
 * @brief Set the protection domain number.
 *
 * @param [in] verbs_qp_init_attr
 * The QP creation attributes.
 * @param [in] pdn
 * The value.
 * @return DOCA_SUCCESS on success; DOCA_ERROR_INVALID_VALUE when verbs_qp_init_attr is NULL.
 */
DOCA_EXPERIMENTAL doca_error_t
doca_verbs_qp_init_attr_set_pdn(struct doca_verbs_qp_init_attr *verbs_qp_init_attr, uint32_t pdn);

/**
 * @brief Get the protection domain number.
 *
 * @param [in] verbs_qp_init_attr
 * The QP creation attributes.
 * @return The value (0 or NULL when verbs_qp_init_attr is NULL).
 */
DOCA_EXPERIMENTAL uint32_t
doca_verbs_qp_init_attr_get_pdn(const struct doca_verbs_qp_init_attr *verbs_qp_init_attr);

/**
 * @brief Set whether small receives are scattered into the CQE.
 *
 * @param [in] verbs_qp_init_attr
 * The QP creation attributes.
 * @param [in] cqe_inline
 * The value.
 * @return DOCA_SUCCESS on success; DOCA_ERROR_INVALID_VALUE when verbs_qp_init_attr is NULL or the
 * value is not a doca_verbs_qp_scatter_to_cqe.
 */
DOCA_EXPERIMENTAL doca_error_t
doca_verbs_qp_init_attr_set_cqe_inline(struct doca_verbs_qp_init_attr *verbs_qp_init_attr,
                                       enum doca_verbs_qp_scatter_to_cqe cqe_inline);

/**
 * @brief Get whether small receives are scattered into the CQE.
 *
 * @param [in] verbs_qp_init_attr
 * The QP creation attributes.
 * @return The value (0 or NULL when verbs_qp_init_attr is NULL).
 */
DOCA_EXPERIMENTAL uint8_t
doca_verbs_qp_init_attr_get_cqe_inline(const struct doca_verbs_qp_init_attr *verbs_qp_init_attr);

/**
 * @brief Set how the send doorbell record is updated.
 *
 * @param [in] verbs_qp_init_attr
 * The QP creation attributes.
 * @param [in] send_dbr_mode
 * The value.
 * @return DOCA_SUCCESS on success; DOCA_ERROR_INVALID_VALUE when verbs_qp_init_attr is NULL or the
 * value is not a doca_verbs_qp_send_dbr_mode.
 */
DOCA_EXPERIMENTAL doca_error_t
doca_verbs_qp_init_attr_set_send_dbr_mode(struct doca_verbs_qp_init_attr *verbs_qp_init_attr,
                                          enum doca_verbs_qp_send_dbr_mode send_dbr_mode);

/**
 * @brief Get how the send doorbell record is updated.
 *
 * @param [in] verbs_qp_init_attr
 * The QP creation attributes.
 * @return The value (0 or NULL when verbs_qp_init_attr is NULL).
 */
DOCA_EXPERIMENTAL enum doca_verbs_qp_send_dbr_mode
doca_verbs_qp_init_attr_get_send_dbr_mode(const struct doca_verbs_qp_init_attr *verbs_qp_init_attr);

/**
 * @brief The number of the send CQ.
 *
 * @param [in] verbs_qp_init_attr
 * The QP creation attributes.
 * @return The CQ number (0 without a CQ or when verbs_qp_init_attr is NULL).
 */
DOCA_EXPERIMENTAL uint32_t
doca_verbs_qp_init_attr_get_send_cqn(const struct doca_verbs_qp_init_attr *verbs_qp_init_attr);

/**
 * @brief The number of the receive CQ.
 *
 * @param [in] verbs_qp_init_attr
 * The QP creation attributes.
 * @return The CQ number (0 without a CQ or when verbs_qp_init_attr is NULL).
 */
DOCA_EXPERIMENTAL uint32_t
doca_verbs_qp_init_attr_get_receive_cqn(const struct doca_verbs_qp_init_attr *verbs_qp_init_attr);

/* ---- QP attributes for doca_verbs_qp_modify (real: plain data) ---- */

/**
 * @brief Create a qp attr object, every attribute zero.
 *
 * @param [out] verbs_qp_attr
 * The new object.
 * @return DOCA_SUCCESS on success; DOCA_ERROR_INVALID_VALUE when verbs_qp_attr is NULL;
 * DOCA_ERROR_NO_MEMORY when allocation fails.
 */
DOCA_EXPERIMENTAL doca_error_t doca_verbs_qp_attr_create(struct doca_verbs_qp_attr **verbs_qp_attr);

/**
 * @brief Destroy a qp attr object.
 *
 * @param [in] verbs_qp_attr
 * The QP attributes.
 * @return DOCA_SUCCESS on success; DOCA_ERROR_INVALID_VALUE when verbs_qp_attr is NULL.
 */
DOCA_EXPERIMENTAL doca_error_t doca_verbs_qp_attr_destroy(struct doca_verbs_qp_attr *verbs_qp_attr);

/**
 * @brief Set the state a modify moves the QP to.
 *
 * @param [in] verbs_qp_attr
 * The QP attributes.
 * @param [in] next_state
 * The value.
 * @return DOCA_SUCCESS on success; DOCA_ERROR_INVALID_VALUE when verbs_qp_attr is NULL or the value
 * is not a doca_verbs_qp_state.
 */
DOCA_EXPERIMENTAL doca_error_t doca_verbs_qp_attr_set_next_state(
        struct doca_verbs_qp_attr *verbs_qp_attr, enum doca_verbs_qp_state next_state);

/**
 * @brief Get the state a modify moves the QP to.
 *
 * @param [in] verbs_qp_attr
 * The QP attributes.
 * @return The value (0 or NULL when verbs_qp_attr is NULL).
 */
DOCA_EXPERIMENTAL enum doca_verbs_qp_state
doca_verbs_qp_attr_get_next_state(const struct doca_verbs_qp_attr *verbs_qp_attr);

/**
 * @brief Set the state the QP is in.
 *
 * @param [in] verbs_qp_attr
 * The QP attributes.
 * @param [in] current_state
 * The value.
 * @return DOCA_SUCCESS on success; DOCA_ERROR_INVALID_VALUE when verbs_qp_attr is NULL or the value
 * is not a doca_verbs_qp_state.
 */
DOCA_EXPERIMENTAL doca_error_t doca_verbs_qp_attr_set_current_state(
        struct doca_verbs_qp_attr *verbs_qp_attr, enum doca_verbs_qp_state current_state);

/**
 * @brief Get the state the QP is in.
 *
 * @param [in] verbs_qp_attr
 * The QP attributes.
 * @return The value (0 or NULL when verbs_qp_attr is NULL).
 */
DOCA_EXPERIMENTAL enum doca_verbs_qp_state
doca_verbs_qp_attr_get_current_state(const struct doca_verbs_qp_attr *verbs_qp_attr);

/**
 * @brief Set the path MTU.
 *
 * @param [in] verbs_qp_attr
 * The QP attributes.
 * @param [in] path_mtu
 * The value.
 * @return DOCA_SUCCESS on success; DOCA_ERROR_INVALID_VALUE when verbs_qp_attr is NULL or the value
 * is not a path MTU.
 */
DOCA_EXPERIMENTAL doca_error_t doca_verbs_qp_attr_set_path_mtu(
        struct doca_verbs_qp_attr *verbs_qp_attr, enum doca_mtu_size path_mtu);

/**
 * @brief Get the path MTU.
 *
 * @param [in] verbs_qp_attr
 * The QP attributes.
 * @return The value (0 or NULL when verbs_qp_attr is NULL).
 */
DOCA_EXPERIMENTAL enum doca_mtu_size
doca_verbs_qp_attr_get_path_mtu(const struct doca_verbs_qp_attr *verbs_qp_attr);

/**
 * @brief Set the first packet sequence number the receive queue expects.
 *
 * @param [in] verbs_qp_attr
 * The QP attributes.
 * @param [in] rq_psn
 * The value.
 * @return DOCA_SUCCESS on success; DOCA_ERROR_INVALID_VALUE when verbs_qp_attr is NULL.
 */
DOCA_EXPERIMENTAL doca_error_t
doca_verbs_qp_attr_set_rq_psn(struct doca_verbs_qp_attr *verbs_qp_attr, uint32_t rq_psn);

/**
 * @brief Get the first packet sequence number the receive queue expects.
 *
 * @param [in] verbs_qp_attr
 * The QP attributes.
 * @return The value (0 or NULL when verbs_qp_attr is NULL).
 */
DOCA_EXPERIMENTAL uint32_t
doca_verbs_qp_attr_get_rq_psn(const struct doca_verbs_qp_attr *verbs_qp_attr);

/**
 * @brief Set the first packet sequence number the send queue uses.
 *
 * @param [in] verbs_qp_attr
 * The QP attributes.
 * @param [in] sq_psn
 * The value.
 * @return DOCA_SUCCESS on success; DOCA_ERROR_INVALID_VALUE when verbs_qp_attr is NULL.
 */
DOCA_EXPERIMENTAL doca_error_t
doca_verbs_qp_attr_set_sq_psn(struct doca_verbs_qp_attr *verbs_qp_attr, uint32_t sq_psn);

/**
 * @brief Get the first packet sequence number the send queue uses.
 *
 * @param [in] verbs_qp_attr
 * The QP attributes.
 * @return The value (0 or NULL when verbs_qp_attr is NULL).
 */
DOCA_EXPERIMENTAL uint32_t
doca_verbs_qp_attr_get_sq_psn(const struct doca_verbs_qp_attr *verbs_qp_attr);

/**
 * @brief Set the peer QP number.
 *
 * @param [in] verbs_qp_attr
 * The QP attributes.
 * @param [in] dest_qp_num
 * The value.
 * @return DOCA_SUCCESS on success; DOCA_ERROR_INVALID_VALUE when verbs_qp_attr is NULL.
 */
DOCA_EXPERIMENTAL doca_error_t
doca_verbs_qp_attr_set_dest_qp_num(struct doca_verbs_qp_attr *verbs_qp_attr, uint32_t dest_qp_num);

/**
 * @brief Get the peer QP number.
 *
 * @param [in] verbs_qp_attr
 * The QP attributes.
 * @return The value (0 or NULL when verbs_qp_attr is NULL).
 */
DOCA_EXPERIMENTAL uint32_t
doca_verbs_qp_attr_get_dest_qp_num(const struct doca_verbs_qp_attr *verbs_qp_attr);

/**
 * @brief Set whether the peer may write.
 *
 * @param [in] verbs_qp_attr
 * The QP attributes.
 * @param [in] allow_remote_write
 * The value.
 * @return DOCA_SUCCESS on success; DOCA_ERROR_INVALID_VALUE when verbs_qp_attr is NULL.
 */
DOCA_EXPERIMENTAL doca_error_t doca_verbs_qp_attr_set_allow_remote_write(
        struct doca_verbs_qp_attr *verbs_qp_attr, int allow_remote_write);

/**
 * @brief Get whether the peer may write.
 *
 * @param [in] verbs_qp_attr
 * The QP attributes.
 * @return The value (0 or NULL when verbs_qp_attr is NULL).
 */
DOCA_EXPERIMENTAL int
doca_verbs_qp_attr_get_allow_remote_write(const struct doca_verbs_qp_attr *verbs_qp_attr);

/**
 * @brief Set whether the peer may read.
 *
 * @param [in] verbs_qp_attr
 * The QP attributes.
 * @param [in] allow_remote_read
 * The value.
 * @return DOCA_SUCCESS on success; DOCA_ERROR_INVALID_VALUE when verbs_qp_attr is NULL.
 */
DOCA_EXPERIMENTAL doca_error_t doca_verbs_qp_attr_set_allow_remote_read(
        struct doca_verbs_qp_attr *verbs_qp_attr, int allow_remote_read);

/**
 * @brief Get whether the peer may read.
 *
 * @param [in] verbs_qp_attr
 * The QP attributes.
 * @return The value (0 or NULL when verbs_qp_attr is NULL).
 */
DOCA_EXPERIMENTAL int
doca_verbs_qp_attr_get_allow_remote_read(const struct doca_verbs_qp_attr *verbs_qp_attr);

/**
 * @brief Set the atomic operations the peer may do.
 *
 * @param [in] verbs_qp_attr
 * The QP attributes.
 * @param [in] atomic_mode
 * The value.
 * @return DOCA_SUCCESS on success; DOCA_ERROR_INVALID_VALUE when verbs_qp_attr is NULL or the value
 * is not a doca_verbs_qp_atomic_mode.
 */
DOCA_EXPERIMENTAL doca_error_t doca_verbs_qp_attr_set_atomic_mode(
        struct doca_verbs_qp_attr *verbs_qp_attr, enum doca_verbs_qp_atomic_mode atomic_mode);

/**
 * @brief Get the atomic operations the peer may do.
 *
 * @param [in] verbs_qp_attr
 * The QP attributes.
 * @return The value (0 or NULL when verbs_qp_attr is NULL).
 */
DOCA_EXPERIMENTAL enum doca_verbs_qp_atomic_mode
doca_verbs_qp_attr_get_atomic_mode(const struct doca_verbs_qp_attr *verbs_qp_attr);

/**
 * @brief Set how many reads and atomics the QP may have outstanding as initiator.
 *
 * @param [in] verbs_qp_attr
 * The QP attributes.
 * @param [in] max_rd_atomic
 * The value.
 * @return DOCA_SUCCESS on success; DOCA_ERROR_INVALID_VALUE when verbs_qp_attr is NULL.
 */
DOCA_EXPERIMENTAL doca_error_t doca_verbs_qp_attr_set_max_rd_atomic(
        struct doca_verbs_qp_attr *verbs_qp_attr, uint8_t max_rd_atomic);

/**
 * @brief Get how many reads and atomics the QP may have outstanding as initiator.
 *
 * @param [in] verbs_qp_attr
 * The QP attributes.
 * @return The value (0 or NULL when verbs_qp_attr is NULL).
 */
DOCA_EXPERIMENTAL uint8_t
doca_verbs_qp_attr_get_max_rd_atomic(const struct doca_verbs_qp_attr *verbs_qp_attr);

/**
 * @brief Set how many reads and atomics the QP handles at once as responder.
 *
 * @param [in] verbs_qp_attr
 * The QP attributes.
 * @param [in] max_dest_rd_atomic
 * The value.
 * @return DOCA_SUCCESS on success; DOCA_ERROR_INVALID_VALUE when verbs_qp_attr is NULL.
 */
DOCA_EXPERIMENTAL doca_error_t doca_verbs_qp_attr_set_max_dest_rd_atomic(
        struct doca_verbs_qp_attr *verbs_qp_attr, uint8_t max_dest_rd_atomic);

/**
 * @brief Get how many reads and atomics the QP handles at once as responder.
 *
 * @param [in] verbs_qp_attr
 * The QP attributes.
 * @return The value (0 or NULL when verbs_qp_attr is NULL).
 */
DOCA_EXPERIMENTAL uint8_t
doca_verbs_qp_attr_get_max_dest_rd_atomic(const struct doca_verbs_qp_attr *verbs_qp_attr);

/**
 * @brief Set the address of the peer.
 *
 * @param [in] verbs_qp_attr
 * The QP attributes.
 * @param [in] ah_attr
 * The value.
 * @return DOCA_SUCCESS on success; DOCA_ERROR_INVALID_VALUE when verbs_qp_attr is NULL.
 */
DOCA_EXPERIMENTAL doca_error_t doca_verbs_qp_attr_set_ah_attr(
        struct doca_verbs_qp_attr *verbs_qp_attr, struct doca_verbs_ah_attr *ah_attr);

/**
 * @brief Get the address of the peer.
 *
 * @param [in] verbs_qp_attr
 * The QP attributes.
 * @return The value (0 or NULL when verbs_qp_attr is NULL).
 */
DOCA_EXPERIMENTAL struct doca_verbs_ah_attr *
doca_verbs_qp_attr_get_ah_attr(const struct doca_verbs_qp_attr *verbs_qp_attr);

/**
 * @brief Set the partition key index.
 *
 * @param [in] verbs_qp_attr
 * The QP attributes.
 * @param [in] pkey_index
 * The value.
 * @return DOCA_SUCCESS on success; DOCA_ERROR_INVALID_VALUE when verbs_qp_attr is NULL.
 */
DOCA_EXPERIMENTAL doca_error_t
doca_verbs_qp_attr_set_pkey_index(struct doca_verbs_qp_attr *verbs_qp_attr, uint16_t pkey_index);

/**
 * @brief Get the partition key index.
 *
 * @param [in] verbs_qp_attr
 * The QP attributes.
 * @return The value (0 or NULL when verbs_qp_attr is NULL).
 */
DOCA_EXPERIMENTAL uint16_t
doca_verbs_qp_attr_get_pkey_index(const struct doca_verbs_qp_attr *verbs_qp_attr);

/**
 * @brief Set the local port number.
 *
 * @param [in] verbs_qp_attr
 * The QP attributes.
 * @param [in] port_num
 * The value.
 * @return DOCA_SUCCESS on success; DOCA_ERROR_INVALID_VALUE when verbs_qp_attr is NULL.
 */
DOCA_EXPERIMENTAL doca_error_t
doca_verbs_qp_attr_set_port_num(struct doca_verbs_qp_attr *verbs_qp_attr, uint16_t port_num);

/**
 * @brief Get the local port number.
 *
 * @param [in] verbs_qp_attr
 * The QP attributes.
 * @return The value (0 or NULL when verbs_qp_attr is NULL).
 */
DOCA_EXPERIMENTAL uint16_t
doca_verbs_qp_attr_get_port_num(const struct doca_verbs_qp_attr *verbs_qp_attr);

/**
 * @brief Set the local ACK timeout.
 *
 * @param [in] verbs_qp_attr
 * The QP attributes.
 * @param [in] ack_timeout
 * The value.
 * @return DOCA_SUCCESS on success; DOCA_ERROR_INVALID_VALUE when verbs_qp_attr is NULL.
 */
DOCA_EXPERIMENTAL doca_error_t
doca_verbs_qp_attr_set_ack_timeout(struct doca_verbs_qp_attr *verbs_qp_attr, uint16_t ack_timeout);

/**
 * @brief Get the local ACK timeout.
 *
 * @param [in] verbs_qp_attr
 * The QP attributes.
 * @return The value (0 or NULL when verbs_qp_attr is NULL).
 */
DOCA_EXPERIMENTAL uint16_t
doca_verbs_qp_attr_get_ack_timeout(const struct doca_verbs_qp_attr *verbs_qp_attr);

/**
 * @brief Set the retry count.
 *
 * @param [in] verbs_qp_attr
 * The QP attributes.
 * @param [in] retry_cnt
 * The value.
 * @return DOCA_SUCCESS on success; DOCA_ERROR_INVALID_VALUE when verbs_qp_attr is NULL.
 */
DOCA_EXPERIMENTAL doca_error_t
doca_verbs_qp_attr_set_retry_cnt(struct doca_verbs_qp_attr *verbs_qp_attr, uint16_t retry_cnt);

/**
 * @brief Get the retry count.
 *
 * @param [in] verbs_qp_attr
 * The QP attributes.
 * @return The value (0 or NULL when verbs_qp_attr is NULL).
 */
DOCA_EXPERIMENTAL uint16_t
doca_verbs_qp_attr_get_retry_cnt(const struct doca_verbs_qp_attr *verbs_qp_attr);

/**
 * @brief Set the receiver-not-ready retry count.
 *
 * @param [in] verbs_qp_attr
 * The QP attributes.
 * @param [in] rnr_retry
 * The value.
 * @return DOCA_SUCCESS on success; DOCA_ERROR_INVALID_VALUE when verbs_qp_attr is NULL.
 */
DOCA_EXPERIMENTAL doca_error_t
doca_verbs_qp_attr_set_rnr_retry(struct doca_verbs_qp_attr *verbs_qp_attr, uint16_t rnr_retry);

/**
 * @brief Get the receiver-not-ready retry count.
 *
 * @param [in] verbs_qp_attr
 * The QP attributes.
 * @return The value (0 or NULL when verbs_qp_attr is NULL).
 */
DOCA_EXPERIMENTAL uint16_t
doca_verbs_qp_attr_get_rnr_retry(const struct doca_verbs_qp_attr *verbs_qp_attr);

/**
 * @brief Set the receiver-not-ready NAK timer.
 *
 * @param [in] verbs_qp_attr
 * The QP attributes.
 * @param [in] min_rnr_timer
 * The value.
 * @return DOCA_SUCCESS on success; DOCA_ERROR_INVALID_VALUE when verbs_qp_attr is NULL.
 */
DOCA_EXPERIMENTAL doca_error_t doca_verbs_qp_attr_set_min_rnr_timer(
        struct doca_verbs_qp_attr *verbs_qp_attr, uint16_t min_rnr_timer);

/**
 * @brief Get the receiver-not-ready NAK timer.
 *
 * @param [in] verbs_qp_attr
 * The QP attributes.
 * @return The value (0 or NULL when verbs_qp_attr is NULL).
 */
DOCA_EXPERIMENTAL uint16_t
doca_verbs_qp_attr_get_min_rnr_timer(const struct doca_verbs_qp_attr *verbs_qp_attr);

/* ---- CQ attributes (real: plain data) ---- */

/**
 * @brief Create a cq attr object, every attribute zero.
 *
 * @param [out] verbs_cq_attr
 * The new object.
 * @return DOCA_SUCCESS on success; DOCA_ERROR_INVALID_VALUE when verbs_cq_attr is NULL;
 * DOCA_ERROR_NO_MEMORY when allocation fails.
 */
DOCA_EXPERIMENTAL doca_error_t doca_verbs_cq_attr_create(struct doca_verbs_cq_attr **verbs_cq_attr);

/**
 * @brief Destroy a cq attr object.
 *
 * @param [in] verbs_cq_attr
 * The CQ attributes.
 * @return DOCA_SUCCESS on success; DOCA_ERROR_INVALID_VALUE when verbs_cq_attr is NULL.
 */
DOCA_EXPERIMENTAL doca_error_t doca_verbs_cq_attr_destroy(struct doca_verbs_cq_attr *verbs_cq_attr);

/**
 * @brief Set the CQE size.
 *
 * @param [in] cq_attr
 * The CQ attributes.
 * @param [in] entry_size
 * The value.
 * @return DOCA_SUCCESS on success; DOCA_ERROR_INVALID_VALUE when verbs_cq_attr is NULL or the value
 * is not a doca_verbs_cq_entry_size.
 */
DOCA_EXPERIMENTAL doca_error_t doca_verbs_cq_attr_set_entry_size(
        struct doca_verbs_cq_attr *cq_attr, enum doca_verbs_cq_entry_size entry_size);

/**
 * @brief Get the CQE size.
 *
 * @param [in] cq_attr
 * The CQ attributes.
 * @return The value (0 or NULL when verbs_cq_attr is NULL).
 */
DOCA_EXPERIMENTAL enum doca_verbs_cq_entry_size
doca_verbs_cq_attr_get_entry_size(const struct doca_verbs_cq_attr *cq_attr);

/**
 * @brief Set the CQ size in entries.
 *
 * @param [in] cq_attr
 * The CQ attributes.
 * @param [in] cq_size
 * The value.
 * @return DOCA_SUCCESS on success; DOCA_ERROR_INVALID_VALUE when verbs_cq_attr is NULL.
 */
DOCA_EXPERIMENTAL doca_error_t doca_verbs_cq_attr_set_cq_size(struct doca_verbs_cq_attr *cq_attr,
                                                              uint32_t cq_size);

/**
 * @brief Get the CQ size in entries.
 *
 * @param [in] cq_attr
 * The CQ attributes.
 * @return The value (0 or NULL when verbs_cq_attr is NULL).
 */
DOCA_EXPERIMENTAL uint32_t doca_verbs_cq_attr_get_cq_size(const struct doca_verbs_cq_attr *cq_attr);

/**
 * @brief Set whether the CQ may overrun.
 *
 * @param [in] cq_attr
 * The CQ attributes.
 * @param [in] cq_overrun
 * The value.
 * @return DOCA_SUCCESS on success; DOCA_ERROR_INVALID_VALUE when verbs_cq_attr is NULL or the value
 * is not 0 or 1.
 */
DOCA_EXPERIMENTAL doca_error_t doca_verbs_cq_attr_set_cq_overrun(struct doca_verbs_cq_attr *cq_attr,
                                                                 uint8_t cq_overrun);

/**
 * @brief Get whether the CQ may overrun.
 *
 * @param [in] cq_attr
 * The CQ attributes.
 * @return The value (0 or NULL when verbs_cq_attr is NULL).
 */
DOCA_EXPERIMENTAL uint8_t
doca_verbs_cq_attr_get_cq_overrun(const struct doca_verbs_cq_attr *cq_attr);

/**
 * @brief Set the completion channel the CQ reports to (NULL: none).
 *
 * @param [in] cq_attr
 * The CQ attributes.
 * @param [in] comp_channel
 * The value.
 * @return DOCA_SUCCESS on success; DOCA_ERROR_INVALID_VALUE when verbs_cq_attr is NULL.
 */
DOCA_EXPERIMENTAL doca_error_t doca_verbs_cq_attr_set_comp_channel(
        struct doca_verbs_cq_attr *cq_attr, struct doca_verbs_comp_channel *comp_channel);

/**
 * @brief Get the completion channel the CQ reports to (NULL: none).
 *
 * @param [in] cq_attr
 * The CQ attributes.
 * @return The value (0 or NULL when verbs_cq_attr is NULL).
 */
DOCA_EXPERIMENTAL struct doca_verbs_comp_channel *
doca_verbs_cq_attr_get_comp_channel(const struct doca_verbs_cq_attr *cq_attr);

/**
 * @brief Set the user context of the CQ.
 *
 * @param [in] cq_attr
 * The CQ attributes.
 * @param [in] cq_context
 * The value.
 * @return DOCA_SUCCESS on success; DOCA_ERROR_INVALID_VALUE when verbs_cq_attr is NULL.
 */
DOCA_EXPERIMENTAL doca_error_t doca_verbs_cq_attr_set_cq_context(struct doca_verbs_cq_attr *cq_attr,
                                                                 void *cq_context);

/**
 * @brief Get the user context of the CQ.
 *
 * @param [in] cq_attr
 * The CQ attributes.
 * @return The value (0 or NULL when verbs_cq_attr is NULL).
 */
DOCA_EXPERIMENTAL void *doca_verbs_cq_attr_get_cq_context(const struct doca_verbs_cq_attr *cq_attr);

/**
 * @brief Set the umem (and offset in it) the application provides for the CQ.
 *
 * @param [in] cq_attr
 * The CQ attributes.
 * @param [in] external_umem
 * The value.
 * @param [in] external_umem_offset
 * The offset.
 * @return DOCA_SUCCESS on success; DOCA_ERROR_INVALID_VALUE when verbs_cq_attr is NULL.
 */
DOCA_EXPERIMENTAL doca_error_t doca_verbs_cq_attr_set_external_umem(
        struct doca_verbs_cq_attr *cq_attr, struct doca_umem *external_umem,
        uint64_t external_umem_offset);

/**
 * @brief Get the umem (and offset in it) the application provides for the CQ.
 *
 * @param [in] cq_attr
 * The CQ attributes.
 * @param [out] external_umem
 * The value.
 * @param [out] external_umem_offset
 * The offset.
 * @return DOCA_SUCCESS on success; DOCA_ERROR_INVALID_VALUE when an argument is NULL.
 */
DOCA_EXPERIMENTAL doca_error_t doca_verbs_cq_attr_get_external_umem(
        const struct doca_verbs_cq_attr *cq_attr, struct doca_umem **external_umem,
        uint64_t *external_umem_offset);

/**
 * @brief Set the UAR the application provides.
 *
 * @param [in] cq_attr
 * The CQ attributes.
 * @param [in] external_uar
 * The value.
 * @return DOCA_SUCCESS on success; DOCA_ERROR_INVALID_VALUE when verbs_cq_attr is NULL.
 */
DOCA_EXPERIMENTAL doca_error_t doca_verbs_cq_attr_set_external_uar(
        struct doca_verbs_cq_attr *cq_attr, struct doca_uar *external_uar);

/**
 * @brief Get the UAR the application provides.
 *
 * @param [in] cq_attr
 * The CQ attributes.
 * @return The value (0 or NULL when verbs_cq_attr is NULL).
 */
DOCA_EXPERIMENTAL struct doca_uar *
doca_verbs_cq_attr_get_external_uar(const struct doca_verbs_cq_attr *cq_attr);

/**
 * @brief Set the DPA thread the CQ wakes (doca_dpa_thread_get_id).
 *
 * @param [in] cq_attr
 * The CQ attributes.
 * @param [in] dpa_thread_id
 * The value.
 * @return DOCA_SUCCESS on success; DOCA_ERROR_INVALID_VALUE when verbs_cq_attr is NULL.
 */
DOCA_EXPERIMENTAL doca_error_t
doca_verbs_cq_attr_set_dpa_thread_id(struct doca_verbs_cq_attr *cq_attr, uint32_t dpa_thread_id);

/**
 * @brief Get the DPA thread the CQ wakes (doca_dpa_thread_get_id).
 *
 * @param [in] cq_attr
 * The CQ attributes.
 * @return The value (0 or NULL when verbs_cq_attr is NULL).
 */
DOCA_EXPERIMENTAL uint32_t
doca_verbs_cq_attr_get_dpa_thread_id(const struct doca_verbs_cq_attr *cq_attr);

/* ---- Address handle attributes ---- */

/**
 * @brief Create address handle attributes for a context.
 *
 * @param [in] verbs_context
 * The Verbs context.
 * @param [out] verbs_ah_attr
 * The new attributes.
 * @return DOCA_SUCCESS on success; DOCA_ERROR_INVALID_VALUE when verbs_context or verbs_ah_attr is
 * NULL.
 */
DOCA_EXPERIMENTAL doca_error_t doca_verbs_ah_attr_create(struct doca_verbs_context *verbs_context,
                                                         struct doca_verbs_ah_attr **verbs_ah_attr);

/**
 * @brief Destroy address handle attributes.
 *
 * @param [in] verbs_ah_attr
 * The address handle attributes.
 * @return DOCA_SUCCESS on success; DOCA_ERROR_INVALID_VALUE when verbs_ah_attr is NULL.
 */
DOCA_EXPERIMENTAL doca_error_t doca_verbs_ah_attr_destroy(struct doca_verbs_ah_attr *verbs_ah_attr);

/**
 * @brief Set the peer GID.
 *
 * @param [in] verbs_ah_attr
 * The address handle attributes.
 * @param [in] gid
 * The value.
 * @return DOCA_SUCCESS on success; DOCA_ERROR_INVALID_VALUE when verbs_ah_attr is NULL.
 */
DOCA_EXPERIMENTAL doca_error_t doca_verbs_ah_attr_set_gid(struct doca_verbs_ah_attr *verbs_ah_attr,
                                                          struct doca_verbs_gid gid);

/**
 * @brief Get the peer GID.
 *
 * @param [in] verbs_ah_attr
 * The address handle attributes.
 * @return The value (zero in softdpa, where no attributes can be created).
 */
DOCA_EXPERIMENTAL struct doca_verbs_gid
doca_verbs_ah_attr_get_gid(const struct doca_verbs_ah_attr *verbs_ah_attr);

/**
 * @brief Set how the peer is addressed.
 *
 * @param [in] verbs_ah_attr
 * The address handle attributes.
 * @param [in] addr_type
 * The value.
 * @return DOCA_SUCCESS on success; DOCA_ERROR_INVALID_VALUE when verbs_ah_attr is NULL.
 */
DOCA_EXPERIMENTAL doca_error_t doca_verbs_ah_attr_set_addr_type(
        struct doca_verbs_ah_attr *verbs_ah_attr, enum doca_verbs_addr_type addr_type);

/**
 * @brief Get how the peer is addressed.
 *
 * @param [in] verbs_ah_attr
 * The address handle attributes.
 * @return The value (zero in softdpa, where no attributes can be created).
 */
DOCA_EXPERIMENTAL enum doca_verbs_addr_type
doca_verbs_ah_attr_get_addr_type(const struct doca_verbs_ah_attr *verbs_ah_attr);

/**
 * @brief Set the peer LID.
 *
 * @param [in] verbs_ah_attr
 * The address handle attributes.
 * @param [in] dlid
 * The value.
 * @return DOCA_SUCCESS on success; DOCA_ERROR_INVALID_VALUE when verbs_ah_attr is NULL.
 */
DOCA_EXPERIMENTAL doca_error_t doca_verbs_ah_attr_set_dlid(struct doca_verbs_ah_attr *verbs_ah_attr,
                                                           uint32_t dlid);

/**
 * @brief Get the peer LID.
 *
 * @param [in] verbs_ah_attr
 * The address handle attributes.
 * @return The value (zero in softdpa, where no attributes can be created).
 */
DOCA_EXPERIMENTAL uint32_t
doca_verbs_ah_attr_get_dlid(const struct doca_verbs_ah_attr *verbs_ah_attr);

/**
 * @brief Set the service level.
 *
 * @param [in] verbs_ah_attr
 * The address handle attributes.
 * @param [in] sl
 * The value.
 * @return DOCA_SUCCESS on success; DOCA_ERROR_INVALID_VALUE when verbs_ah_attr is NULL.
 */
DOCA_EXPERIMENTAL doca_error_t doca_verbs_ah_attr_set_sl(struct doca_verbs_ah_attr *verbs_ah_attr,
                                                         uint8_t sl);

/**
 * @brief Get the service level.
 *
 * @param [in] verbs_ah_attr
 * The address handle attributes.
 * @return The value (zero in softdpa, where no attributes can be created).
 */
DOCA_EXPERIMENTAL uint8_t doca_verbs_ah_attr_get_sl(const struct doca_verbs_ah_attr *verbs_ah_attr);

/**
 * @brief Set the local GID index.
 *
 * @param [in] verbs_ah_attr
 * The address handle attributes.
 * @param [in] sgid_index
 * The value.
 * @return DOCA_SUCCESS on success; DOCA_ERROR_INVALID_VALUE when verbs_ah_attr is NULL.
 */
DOCA_EXPERIMENTAL doca_error_t
doca_verbs_ah_attr_set_sgid_index(struct doca_verbs_ah_attr *verbs_ah_attr, uint8_t sgid_index);

/**
 * @brief Get the local GID index.
 *
 * @param [in] verbs_ah_attr
 * The address handle attributes.
 * @return The value (zero in softdpa, where no attributes can be created).
 */
DOCA_EXPERIMENTAL uint8_t
doca_verbs_ah_attr_get_sgid_index(const struct doca_verbs_ah_attr *verbs_ah_attr);

/**
 * @brief Set the static rate.
 *
 * @param [in] verbs_ah_attr
 * The address handle attributes.
 * @param [in] static_rate
 * The value.
 * @return DOCA_SUCCESS on success; DOCA_ERROR_INVALID_VALUE when verbs_ah_attr is NULL.
 */
DOCA_EXPERIMENTAL doca_error_t
doca_verbs_ah_attr_set_static_rate(struct doca_verbs_ah_attr *verbs_ah_attr, uint8_t static_rate);

/**
 * @brief Get the static rate.
 *
 * @param [in] verbs_ah_attr
 * The address handle attributes.
 * @return The value (zero in softdpa, where no attributes can be created).
 */
DOCA_EXPERIMENTAL uint8_t
doca_verbs_ah_attr_get_static_rate(const struct doca_verbs_ah_attr *verbs_ah_attr);

/**
 * @brief Set the hop limit.
 *
 * @param [in] verbs_ah_attr
 * The address handle attributes.
 * @param [in] hop_limit
 * The value.
 * @return DOCA_SUCCESS on success; DOCA_ERROR_INVALID_VALUE when verbs_ah_attr is NULL.
 */
DOCA_EXPERIMENTAL doca_error_t
doca_verbs_ah_attr_set_hop_limit(struct doca_verbs_ah_attr *verbs_ah_attr, uint8_t hop_limit);

/**
 * @brief Get the hop limit.
 *
 * @param [in] verbs_ah_attr
 * The address handle attributes.
 * @return The value (zero in softdpa, where no attributes can be created).
 */
DOCA_EXPERIMENTAL uint8_t
doca_verbs_ah_attr_get_hop_limit(const struct doca_verbs_ah_attr *verbs_ah_attr);

/**
 * @brief Set the traffic class.
 *
 * @param [in] verbs_ah_attr
 * The address handle attributes.
 * @param [in] traffic_class
 * The value.
 * @return DOCA_SUCCESS on success; DOCA_ERROR_INVALID_VALUE when verbs_ah_attr is NULL.
 */
DOCA_EXPERIMENTAL doca_error_t doca_verbs_ah_attr_set_traffic_class(
        struct doca_verbs_ah_attr *verbs_ah_attr, uint8_t traffic_class);

/**
 * @brief Get the traffic class.
 *
 * @param [in] verbs_ah_attr
 * The address handle attributes.
 * @return The value (zero in softdpa, where no attributes can be created).
 */
DOCA_EXPERIMENTAL uint8_t
doca_verbs_ah_attr_get_traffic_class(const struct doca_verbs_ah_attr *verbs_ah_attr);

/* ---- Completion channels, CQs and QPs ---- */

/**
 * @brief Create a completion channel.
 *
 * @param [in] verbs_context
 * The Verbs context.
 * @param [out] verbs_comp_channel
 * The new channel.
 * @return DOCA_SUCCESS on success; DOCA_ERROR_INVALID_VALUE when verbs_context or
 * verbs_comp_channel is NULL; DOCA_ERROR_NOT_SUPPORTED in softdpa (DOCA Verbs objects are not
 * emulated).
 */
DOCA_EXPERIMENTAL doca_error_t
doca_verbs_comp_channel_create(struct doca_verbs_context *verbs_context,
                               struct doca_verbs_comp_channel **verbs_comp_channel);

/**
 * @brief Destroy a completion channel.
 *
 * @param [in] verbs_comp_channel
 * The completion channel.
 * @return DOCA_SUCCESS on success; DOCA_ERROR_INVALID_VALUE when verbs_comp_channel is NULL;
 * DOCA_ERROR_NOT_SUPPORTED in softdpa (DOCA Verbs objects are not emulated).
 */
DOCA_EXPERIMENTAL doca_error_t
doca_verbs_comp_channel_destroy(struct doca_verbs_comp_channel *verbs_comp_channel);

/**
 * @brief The event handle of a completion channel (for epoll).
 *
 * @param [in] verbs_comp_channel
 * The completion channel.
 * @return The handle, or doca_event_invalid_handle on failure (always in softdpa).
 */
DOCA_EXPERIMENTAL doca_event_handle_t
doca_verbs_comp_channel_get_handle(struct doca_verbs_comp_channel *verbs_comp_channel);

/**
 * @brief Create a completion queue.
 *
 * @param [in] verbs_context
 * The Verbs context.
 * @param [in] verbs_cq_attr
 * The CQ attributes.
 * @param [out] verbs_cq
 * The new CQ.
 * @return DOCA_SUCCESS on success; DOCA_ERROR_INVALID_VALUE when verbs_context, verbs_cq_attr or
 * verbs_cq is NULL; DOCA_ERROR_NOT_SUPPORTED in softdpa (DOCA Verbs objects are not emulated).
 */
DOCA_EXPERIMENTAL doca_error_t doca_verbs_cq_create(struct doca_verbs_context *verbs_context,
                                                    struct doca_verbs_cq_attr *verbs_cq_attr,
                                                    struct doca_verbs_cq **verbs_cq);

/**
 * @brief Destroy a completion queue.
 *
 * @param [in] verbs_cq
 * The completion queue.
 * @return DOCA_SUCCESS on success; DOCA_ERROR_INVALID_VALUE when verbs_cq is NULL;
 * DOCA_ERROR_NOT_SUPPORTED in softdpa (DOCA Verbs objects are not emulated).
 */
DOCA_EXPERIMENTAL doca_error_t doca_verbs_cq_destroy(struct doca_verbs_cq *verbs_cq);

/**
 * @brief Create a queue pair.
 *
 * @param [in] verbs_context
 * The Verbs context.
 * @param [in] verbs_qp_init_attr
 * The QP creation attributes.
 * @param [out] verbs_qp
 * The new QP.
 * @return DOCA_SUCCESS on success; DOCA_ERROR_INVALID_VALUE when verbs_context, verbs_qp_init_attr
 * or verbs_qp is NULL, or the attributes lack a PD of the context, DPA completions, the external
 * umems or UAR, or hold queue sizes out of range; DOCA_ERROR_NO_MEMORY when out of memory;
 * DOCA_ERROR_NOT_SUPPORTED in softdpa for a UC QP, a QP on an SRQ or Verbs CQs, more than one
 * SGE per work request, or a QP whose data path is on the CPU (external_datapath_en 0).
 */
DOCA_EXPERIMENTAL doca_error_t doca_verbs_qp_create(
        struct doca_verbs_context *verbs_context,
        struct doca_verbs_qp_init_attr *verbs_qp_init_attr, struct doca_verbs_qp **verbs_qp);

/**
 * @brief Modify a queue pair: the attributes attr_mask names (DOCA_VERBS_QP_ATTR_*), e.g. a state
 * transition.
 *
 * @param [in] verbs_qp
 * The queue pair.
 * @param [in] verbs_qp_attr
 * The QP attributes.
 * @param [in] attr_mask
 * Which attributes to apply (DOCA_VERBS_QP_ATTR_*).
 * @return DOCA_SUCCESS on success; DOCA_ERROR_INVALID_VALUE when verbs_qp or verbs_qp_attr is NULL,
 * attr_mask holds unknown bits, the transition is not one of an RC QP (RST -> INIT -> RTR ->
 * RTS, any state -> RST or ERR), attributes the transition requires are missing from attr_mask,
 * a value is out of range, or the address handle's GID names this process and no QP has
 * dest_qp_num; DOCA_ERROR_NO_MEMORY when no route to the peer could be made.
 */
DOCA_EXPERIMENTAL doca_error_t doca_verbs_qp_modify(struct doca_verbs_qp *verbs_qp,
                                                    struct doca_verbs_qp_attr *verbs_qp_attr,
                                                    int attr_mask);

/**
 * @brief Read the attributes of a queue pair.
 *
 * @param [in] verbs_qp
 * The queue pair.
 * @param [out] verbs_qp_attr
 * Receives the QP attributes.
 * @param [out] verbs_qp_init_attr
 * Receives the creation attributes.
 * @param [out] attr_mask
 * Receives the mask of what was read, or NULL.
 * @return DOCA_SUCCESS on success; DOCA_ERROR_INVALID_VALUE when verbs_qp, verbs_qp_attr or
 * verbs_qp_init_attr is NULL; DOCA_ERROR_NOT_SUPPORTED in softdpa (DOCA Verbs objects are not
 * emulated).
 */
DOCA_EXPERIMENTAL doca_error_t
doca_verbs_qp_query(struct doca_verbs_qp *verbs_qp, struct doca_verbs_qp_attr *verbs_qp_attr,
                    struct doca_verbs_qp_init_attr *verbs_qp_init_attr, int *attr_mask);

/**
 * @brief The enhanced connection establishment value of a queue pair.
 *
 * @param [in] verbs_qp
 * The queue pair.
 * @return The ECE value, or 0 on failure (always in softdpa).
 */
DOCA_EXPERIMENTAL uint32_t doca_verbs_qp_query_ece(struct doca_verbs_qp *verbs_qp);

/**
 * @brief Set the enhanced connection establishment value the next modify uses.
 *
 * @param [in] verbs_qp
 * The queue pair.
 * @param [in] ece
 * The ECE value.
 * @return DOCA_SUCCESS on success; DOCA_ERROR_INVALID_VALUE when verbs_qp is NULL;
 * DOCA_ERROR_NOT_SUPPORTED in softdpa (DOCA Verbs objects are not emulated).
 */
DOCA_EXPERIMENTAL doca_error_t doca_verbs_qp_set_ece(struct doca_verbs_qp *verbs_qp, uint32_t ece);

/**
 * @brief Destroy a queue pair.
 *
 * @param [in] verbs_qp
 * The queue pair.
 * @return DOCA_SUCCESS on success; DOCA_ERROR_INVALID_VALUE when verbs_qp is NULL.
 */
DOCA_EXPERIMENTAL doca_error_t doca_verbs_qp_destroy(struct doca_verbs_qp *verbs_qp);

/**
 * @brief Take the next event of a completion channel.
 *
 * @param [in] verbs_comp_channel
 * The completion channel.
 * @param [out] verbs_cq
 * The CQ of the event.
 * @param [out] cq_context
 * That CQ's user context.
 * @return DOCA_SUCCESS on success; DOCA_ERROR_INVALID_VALUE when verbs_comp_channel, verbs_cq or
 * cq_context is NULL; DOCA_ERROR_NOT_SUPPORTED in softdpa (DOCA Verbs objects are not emulated).
 */
DOCA_EXPERIMENTAL doca_error_t
doca_verbs_get_cq_event(struct doca_verbs_comp_channel *verbs_comp_channel,
                        struct doca_verbs_cq **verbs_cq, void **cq_context);

/**
 * @brief The work queues of a queue pair.
 *
 * @param [in] verbs_qp
 * The queue pair.
 * @param [out] sq_buf
 * The send queue buffer.
 * @param [out] sq_num_entries
 * Its entries.
 * @param [out] rq_buf
 * The receive queue buffer.
 * @param [out] rq_num_entries
 * Its entries.
 * @param [out] rwqe_size_bytes
 * The size of a receive WQE.
 * @note softdpa: logs that Verbs are not emulated and leaves the outputs unchanged.
 */
DOCA_EXPERIMENTAL void doca_verbs_qp_get_wq(const struct doca_verbs_qp *verbs_qp, void **sq_buf,
                                            uint32_t *sq_num_entries, void **rq_buf,
                                            uint32_t *rq_num_entries, uint32_t *rwqe_size_bytes);

/**
 * @brief The UAR register address of a queue pair.
 *
 * @param [in] verbs_qp
 * The queue pair.
 * @return The object, or NULL on failure (always in softdpa).
 */
DOCA_EXPERIMENTAL void *doca_verbs_qp_get_uar_addr(const struct doca_verbs_qp *verbs_qp);

/**
 * @brief The doorbell record of a queue pair.
 *
 * @param [in] verbs_qp
 * The queue pair.
 * @return The object, or NULL on failure (always in softdpa).
 */
DOCA_EXPERIMENTAL void *doca_verbs_qp_get_dbr_addr(const struct doca_verbs_qp *verbs_qp);

/**
 * @brief The number of a queue pair.
 *
 * @param [in] verbs_qp
 * The queue pair.
 * @return The value, or 0 on failure.
 */
DOCA_EXPERIMENTAL uint32_t doca_verbs_qp_get_qpn(const struct doca_verbs_qp *verbs_qp);

/**
 * @brief The handle DPA kernels use for a queue pair (needs an external data path).
 *
 * @param [in] verbs_qp
 * The queue pair.
 * @param [out] dpa_ctx
 * The DPA context whose kernels use the QP.
 * @param [out] dpa_qp_handle
 * The handle.
 * @return DOCA_SUCCESS on success; DOCA_ERROR_INVALID_VALUE when verbs_qp, dpa_ctx or dpa_qp_handle
 * is NULL, or dpa_ctx is not the DPA context of the QP's DPA completions.
 */
DOCA_EXPERIMENTAL doca_error_t doca_verbs_qp_get_dpa_handle(struct doca_verbs_qp *verbs_qp,
                                                            struct doca_dpa *dpa_ctx,
                                                            doca_dpa_dev_verbs_qp_t *dpa_qp_handle);

/**
 * @brief The number of a completion queue.
 *
 * @param [in] verbs_cq
 * The completion queue.
 * @return The value, or 0 on failure (always in softdpa).
 */
DOCA_EXPERIMENTAL uint32_t doca_verbs_cq_get_cqn(const struct doca_verbs_cq *verbs_cq);

/**
 * @brief The buffer of a completion queue.
 *
 * @param [in] verbs_cq
 * The completion queue.
 * @param [out] cq_buf
 * The CQ buffer.
 * @param [out] cq_num_entries
 * Its entries.
 * @param [out] cq_entry_size
 * The size of an entry.
 * @note softdpa: logs that Verbs are not emulated and leaves the outputs unchanged.
 */
DOCA_EXPERIMENTAL void doca_verbs_cq_get_wq(struct doca_verbs_cq *verbs_cq, void **cq_buf,
                                            uint32_t *cq_num_entries, uint8_t *cq_entry_size);

/**
 * @brief The doorbells of a completion queue.
 *
 * @param [in] verbs_cq
 * The completion queue.
 * @param [out] uar_db_reg
 * The UAR doorbell register.
 * @param [out] ci_dbr
 * The consumer-index doorbell record.
 * @param [out] arm_dbr
 * The arm doorbell record.
 * @note softdpa: logs that Verbs are not emulated and leaves the outputs unchanged.
 */
DOCA_EXPERIMENTAL void doca_verbs_cq_get_dbr_addr(struct doca_verbs_cq *verbs_cq,
                                                  uint64_t **uar_db_reg, uint32_t **ci_dbr,
                                                  uint32_t **arm_dbr);

#ifdef __cplusplus
}
#endif

#endif /* DOCA_VERBS_H_ */
