/* SPDX-License-Identifier: BSD-3-Clause */
/**
 * @file
 * softdpa — doca_rdma.h: DOCA RDMA, the context that moves data between two peers (send,
 * receive, read, write, atomics, remote sync events), its connections (export/connect or
 * the connection manager), its tasks, and its data path on the DPA.
 *
 * softdpa emulates RDMA contexts on every emulated function (PF, VF, SF) with their data
 * path on the DPA (docs/DPA.md, "RDMA"): configuration, export/connect and connection ids,
 * the DPA completion, and the posts of kernels (doca_dpa_dev_rdma.h), over RC queue pairs
 * of one process. The CPU data path -- tasks on a progress engine, the connection manager
 * (addresses, listen/accept), the bridge and the GPU handle -- is not emulated: those calls
 * check their arguments like DOCA (DOCA_ERROR_INVALID_VALUE, with a log line saying what is
 * wrong), then answer DOCA_ERROR_NOT_SUPPORTED (or their documented failure value: NULL, 0)
 * and log one line naming themselves.
 *
 * As DOCA's, this header pulls in <rdma/rdma_cma.h> (and through it <infiniband/verbs.h>
 * and the C headers those include), for struct rdma_cm_id. Where librdmacm's headers are
 * not installed, it includes what they would have brought that programs rely on.
 */
#ifndef DOCA_RDMA_H_
#define DOCA_RDMA_H_

#include <stdbool.h>
#include <stdint.h>

#if defined(__has_include)
#if __has_include(<rdma/rdma_cma.h>)
#include <rdma/rdma_cma.h>
#define DOCA_RDMA_HAVE_RDMA_CMA_H 1
#elif __has_include(<infiniband/verbs.h>)
#include <infiniband/verbs.h>
#endif
#endif
#ifndef DOCA_RDMA_HAVE_RDMA_CMA_H
/* What <rdma/rdma_cma.h> would have included. */
#include <errno.h>
#include <netinet/in.h>
#include <pthread.h>
#include <stddef.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/types.h>
/** @brief An RDMA connection-manager identifier (librdmacm). */
struct rdma_cm_id;
#endif

#include <doca_compat.h>
#include <doca_error.h>
#include <doca_types.h>

#ifdef __cplusplus
extern "C" {
#endif

struct doca_buf;
struct doca_ctx;
struct doca_dev;
struct doca_devinfo;
struct doca_sync_event_remote_net;
struct doca_task;

/** @brief Transports of an RDMA context. */
enum doca_rdma_transport_type {
	DOCA_RDMA_TRANSPORT_TYPE_RC, /**< reliable connection */
	DOCA_RDMA_TRANSPORT_TYPE_DC, /**< dynamically connected (export/connect flow, CPU data path)
	                              */
};

/** @brief One entry of a device's GID table. */
struct doca_rdma_gid {
	uint8_t raw[DOCA_GID_BYTE_LENGTH]; /**< the GID's bytes */
};

/** @brief How the address of doca_rdma_addr_create() is written. */
enum doca_rdma_addr_type {
	DOCA_RDMA_ADDR_TYPE_IPv4, /**< dotted IPv4 */
	DOCA_RDMA_ADDR_TYPE_IPv6, /**< IPv6 */
	DOCA_RDMA_ADDR_TYPE_GID,  /**< a GID */
};

/** @brief An RDMA context (opaque). */
struct doca_rdma;
/** @brief An address for the connection-manager flow (opaque). */
struct doca_rdma_addr;
/** @brief One connection of an RDMA context (opaque). */
struct doca_rdma_connection;
/** @brief An RDMA context's GPU handle (opaque). */
struct doca_gpu_dev_rdma;
/** @brief A DPA completion context (doca_dpa.h). */
struct doca_dpa_completion;

/** @brief An RDMA context as DPA kernels see it (doca_rdma_get_dpa_handle). */
typedef uint64_t doca_dpa_dev_rdma_t;

/**
 * @brief Called from doca_pe_progress() when a connection request arrives (server side); it
 * may accept or reject the request.
 *
 * @param [in] rdma_connection
 * The requested connection.
 * @param [in] ctx_user_data
 * The context's user data.
 */
typedef void (*doca_rdma_connection_request_cb_t)(struct doca_rdma_connection *rdma_connection,
                                                  union doca_data ctx_user_data);

/**
 * @brief Called from doca_pe_progress() when a connection is established.
 *
 * @param [in] rdma_connection
 * The connection.
 * @param [in] connection_user_data
 * The connection's user data.
 * @param [in] ctx_user_data
 * The context's user data.
 */
typedef void (*doca_rdma_connection_established_cb_t)(struct doca_rdma_connection *rdma_connection,
                                                      union doca_data connection_user_data,
                                                      union doca_data ctx_user_data);

/**
 * @brief Called from doca_pe_progress() when a connection cannot be established.
 *
 * @param [in] rdma_connection
 * The connection.
 * @param [in] connection_user_data
 * The connection's user data.
 * @param [in] ctx_user_data
 * The context's user data.
 */
typedef void (*doca_rdma_connection_failure_cb_t)(struct doca_rdma_connection *rdma_connection,
                                                  union doca_data connection_user_data,
                                                  union doca_data ctx_user_data);

/**
 * @brief Called from doca_pe_progress() when either side closes a connection.
 *
 * @param [in] rdma_connection
 * The connection.
 * @param [in] connection_user_data
 * The connection's user data.
 * @param [in] ctx_user_data
 * The context's user data.
 */
typedef void (*doca_rdma_connection_disconnection_cb_t)(
        struct doca_rdma_connection *rdma_connection, union doca_data connection_user_data,
        union doca_data ctx_user_data);

/** @brief What the peer did that a receive task reports. */
enum doca_rdma_opcode {
	DOCA_RDMA_OPCODE_RECV_SEND = 0,       /**< a send */
	DOCA_RDMA_OPCODE_RECV_SEND_WITH_IMM,  /**< a send with immediate data */
	DOCA_RDMA_OPCODE_RECV_WRITE_WITH_IMM, /**< a write with immediate data */
};

/** @brief A task that receives a message (or immediate data) the peer sends (opaque). */
struct doca_rdma_task_receive;

/**
 * @brief Called from doca_pe_progress() when a receive task completes (successfully or not: the
 * context has one callback of each kind).
 *
 * @param [in] task
 * The completed task.
 * @param [in] task_user_data
 * The task's user data.
 * @param [in] ctx_user_data
 * The context's user data.
 */
typedef void (*doca_rdma_task_receive_completion_cb_t)(struct doca_rdma_task_receive *task,
                                                       union doca_data task_user_data,
                                                       union doca_data ctx_user_data);

/** @brief A task that sends a message to the peer (opaque). */
struct doca_rdma_task_send;

/**
 * @brief Called from doca_pe_progress() when a send task completes (successfully or not: the
 * context has one callback of each kind).
 *
 * @param [in] task
 * The completed task.
 * @param [in] task_user_data
 * The task's user data.
 * @param [in] ctx_user_data
 * The context's user data.
 */
typedef void (*doca_rdma_task_send_completion_cb_t)(struct doca_rdma_task_send *task,
                                                    union doca_data task_user_data,
                                                    union doca_data ctx_user_data);

/** @brief A task that sends a message with 32 bits of immediate data (opaque). */
struct doca_rdma_task_send_imm;

/**
 * @brief Called from doca_pe_progress() when a send imm task completes (successfully or not: the
 * context has one callback of each kind).
 *
 * @param [in] task
 * The completed task.
 * @param [in] task_user_data
 * The task's user data.
 * @param [in] ctx_user_data
 * The context's user data.
 */
typedef void (*doca_rdma_task_send_imm_completion_cb_t)(struct doca_rdma_task_send_imm *task,
                                                        union doca_data task_user_data,
                                                        union doca_data ctx_user_data);

/** @brief A task that reads the peer's memory (opaque). */
struct doca_rdma_task_read;

/**
 * @brief Called from doca_pe_progress() when a read task completes (successfully or not: the
 * context has one callback of each kind).
 *
 * @param [in] task
 * The completed task.
 * @param [in] task_user_data
 * The task's user data.
 * @param [in] ctx_user_data
 * The context's user data.
 */
typedef void (*doca_rdma_task_read_completion_cb_t)(struct doca_rdma_task_read *task,
                                                    union doca_data task_user_data,
                                                    union doca_data ctx_user_data);

/** @brief A task that writes the peer's memory (opaque). */
struct doca_rdma_task_write;

/**
 * @brief Called from doca_pe_progress() when a write task completes (successfully or not: the
 * context has one callback of each kind).
 *
 * @param [in] task
 * The completed task.
 * @param [in] task_user_data
 * The task's user data.
 * @param [in] ctx_user_data
 * The context's user data.
 */
typedef void (*doca_rdma_task_write_completion_cb_t)(struct doca_rdma_task_write *task,
                                                     union doca_data task_user_data,
                                                     union doca_data ctx_user_data);

/** @brief A task that writes the peer's memory and delivers immediate data (opaque). */
struct doca_rdma_task_write_imm;

/**
 * @brief Called from doca_pe_progress() when a write imm task completes (successfully or not: the
 * context has one callback of each kind).
 *
 * @param [in] task
 * The completed task.
 * @param [in] task_user_data
 * The task's user data.
 * @param [in] ctx_user_data
 * The context's user data.
 */
typedef void (*doca_rdma_task_write_imm_completion_cb_t)(struct doca_rdma_task_write_imm *task,
                                                         union doca_data task_user_data,
                                                         union doca_data ctx_user_data);

/** @brief A task that compares and swaps an 8-byte word of the peer (opaque). */
struct doca_rdma_task_atomic_cmp_swp;

/**
 * @brief Called from doca_pe_progress() when a atomic cmp swp task completes (successfully or not:
 * the context has one callback of each kind).
 *
 * @param [in] task
 * The completed task.
 * @param [in] task_user_data
 * The task's user data.
 * @param [in] ctx_user_data
 * The context's user data.
 */
typedef void (*doca_rdma_task_atomic_cmp_swp_completion_cb_t)(
        struct doca_rdma_task_atomic_cmp_swp *task, union doca_data task_user_data,
        union doca_data ctx_user_data);

/** @brief A task that adds to an 8-byte word of the peer (opaque). */
struct doca_rdma_task_atomic_fetch_add;

/**
 * @brief Called from doca_pe_progress() when a atomic fetch add task completes (successfully or
 * not: the context has one callback of each kind).
 *
 * @param [in] task
 * The completed task.
 * @param [in] task_user_data
 * The task's user data.
 * @param [in] ctx_user_data
 * The context's user data.
 */
typedef void (*doca_rdma_task_atomic_fetch_add_completion_cb_t)(
        struct doca_rdma_task_atomic_fetch_add *task, union doca_data task_user_data,
        union doca_data ctx_user_data);

/** @brief A task that reads a peer's sync event (opaque). */
struct doca_rdma_task_remote_net_sync_event_get;

/**
 * @brief Called from doca_pe_progress() when a remote net sync event get task completes
 * (successfully or not: the context has one callback of each kind).
 *
 * @param [in] task
 * The completed task.
 * @param [in] task_user_data
 * The task's user data.
 * @param [in] ctx_user_data
 * The context's user data.
 */
typedef void (*doca_rdma_task_remote_net_sync_event_get_completion_cb_t)(
        struct doca_rdma_task_remote_net_sync_event_get *task, union doca_data task_user_data,
        union doca_data ctx_user_data);

/** @brief A task that sets a peer's sync event (opaque). */
struct doca_rdma_task_remote_net_sync_event_notify_set;

/**
 * @brief Called from doca_pe_progress() when a remote net sync event notify set task completes
 * (successfully or not: the context has one callback of each kind).
 *
 * @param [in] task
 * The completed task.
 * @param [in] task_user_data
 * The task's user data.
 * @param [in] ctx_user_data
 * The context's user data.
 */
typedef void (*doca_rdma_task_remote_net_sync_event_notify_set_completion_cb_t)(
        struct doca_rdma_task_remote_net_sync_event_notify_set *task,
        union doca_data task_user_data, union doca_data ctx_user_data);

/** @brief A task that adds to a peer's sync event (opaque). */
struct doca_rdma_task_remote_net_sync_event_notify_add;

/**
 * @brief Called from doca_pe_progress() when a remote net sync event notify add task completes
 * (successfully or not: the context has one callback of each kind).
 *
 * @param [in] task
 * The completed task.
 * @param [in] task_user_data
 * The task's user data.
 * @param [in] ctx_user_data
 * The context's user data.
 */
typedef void (*doca_rdma_task_remote_net_sync_event_notify_add_completion_cb_t)(
        struct doca_rdma_task_remote_net_sync_event_notify_add *task,
        union doca_data task_user_data, union doca_data ctx_user_data);

/* ---- Context ---- */

/**
 * @brief Create an RDMA context on a device.
 *
 * @param [in] dev
 * The device the context uses.
 * @param [out] rdma
 * The new context.
 * @return DOCA_SUCCESS on success; DOCA_ERROR_INVALID_VALUE when dev or rdma is NULL.
 */
DOCA_EXPERIMENTAL doca_error_t doca_rdma_create(struct doca_dev *dev, struct doca_rdma **rdma);

/**
 * @brief Destroy an RDMA context (stopped first).
 *
 * @param [in] rdma
 * The RDMA context.
 * @return DOCA_SUCCESS on success; DOCA_ERROR_INVALID_VALUE when rdma is NULL; DOCA_ERROR_BAD_STATE
 * when the context is not stopped.
 */
DOCA_EXPERIMENTAL doca_error_t doca_rdma_destroy(struct doca_rdma *rdma);

/**
 * @brief The context as a generic doca_ctx (doca_ctx.h), e.g. for doca_ctx_set_datapath_on_dpa and
 * doca_ctx_start.
 *
 * @param [in] rdma
 * The RDMA context.
 * @return The doca_ctx, or NULL when rdma is not a context (logged).
 */
DOCA_EXPERIMENTAL struct doca_ctx *doca_rdma_as_ctx(struct doca_rdma *rdma);

/**
 * @brief Export the details the peer passes to doca_rdma_connect(), creating a connection; after
 * doca_ctx_start().
 *
 * @param [in] rdma
 * The RDMA context.
 * @param [out] local_rdma_conn_details
 * The connection details (owned by the context).
 * @param [out] local_rdma_conn_details_size
 * Their size in bytes.
 * @param [out] rdma_connection
 * The new connection.
 * @return DOCA_SUCCESS on success; DOCA_ERROR_INVALID_VALUE when rdma, local_rdma_conn_details,
 * local_rdma_conn_details_size or rdma_connection is NULL; DOCA_ERROR_BAD_STATE before
 * doca_ctx_start(); DOCA_ERROR_FULL when every connection is used.
 */
DOCA_EXPERIMENTAL doca_error_t doca_rdma_export(struct doca_rdma *rdma,
                                                const void **local_rdma_conn_details,
                                                size_t *local_rdma_conn_details_size,
                                                struct doca_rdma_connection **rdma_connection);

/**
 * @brief Connect a connection to the peer whose exported details are given.
 *
 * @param [in] rdma
 * The RDMA context.
 * @param [in] remote_rdma_conn_details
 * The peer's exported details.
 * @param [in] remote_rdma_conn_details_size
 * Their size in bytes.
 * @param [in] rdma_connection
 * The local connection (doca_rdma_export).
 * @return DOCA_SUCCESS on success; DOCA_ERROR_INVALID_VALUE when rdma, remote_rdma_conn_details or
 * rdma_connection is NULL; DOCA_ERROR_BAD_STATE when the context is not started or already
 * connected; DOCA_ERROR_CONNECTION_ABORTED when the details are corrupt or of another transport
 * type; DOCA_ERROR_NOT_SUPPORTED in softdpa when the peer is in another process (connections
 * join contexts of one process).
 */
DOCA_EXPERIMENTAL doca_error_t doca_rdma_connect(struct doca_rdma *rdma,
                                                 const void *remote_rdma_conn_details,
                                                 size_t remote_rdma_conn_details_size,
                                                 struct doca_rdma_connection *rdma_connection);

/**
 * @brief Create an address object for the connection-manager flow.
 *
 * @param [in] addr_type
 * How address is written.
 * @param [in] address
 * The address, as text.
 * @param [in] port
 * The port.
 * @param [out] addr
 * The new address object.
 * @return DOCA_SUCCESS on success; DOCA_ERROR_INVALID_VALUE when address or addr is NULL;
 * DOCA_ERROR_NOT_SUPPORTED in softdpa (its CPU data path is not emulated).
 */
DOCA_EXPERIMENTAL doca_error_t doca_rdma_addr_create(enum doca_rdma_addr_type addr_type,
                                                     const char *address, uint16_t port,
                                                     struct doca_rdma_addr **addr);

/**
 * @brief Destroy an address object.
 *
 * @param [in] addr
 * The address object.
 * @return DOCA_SUCCESS on success; DOCA_ERROR_INVALID_VALUE when addr is NULL; DOCA_ERROR_BAD_STATE
 * while a connection uses it; DOCA_ERROR_NOT_SUPPORTED in softdpa (its CPU data path is not
 * emulated).
 */
DOCA_EXPERIMENTAL doca_error_t doca_rdma_addr_destroy(struct doca_rdma_addr *addr);

/**
 * @brief Listen for connection requests on a port (connection-manager flow).
 *
 * @param [in] rdma
 * The RDMA context.
 * @param [in] port
 * The port to listen on.
 * @return DOCA_SUCCESS on success; DOCA_ERROR_INVALID_VALUE when rdma is NULL;
 * DOCA_ERROR_NOT_SUPPORTED in softdpa (its CPU data path is not emulated).
 */
DOCA_EXPERIMENTAL doca_error_t doca_rdma_start_listen_to_port(struct doca_rdma *rdma,
                                                              uint16_t port);

/**
 * @brief Stop listening on a port; established connections stay.
 *
 * @param [in] rdma
 * The RDMA context.
 * @param [in] port
 * The port.
 * @return DOCA_SUCCESS on success; DOCA_ERROR_INVALID_VALUE when rdma is NULL;
 * DOCA_ERROR_NOT_SUPPORTED in softdpa (its CPU data path is not emulated).
 */
DOCA_EXPERIMENTAL doca_error_t doca_rdma_stop_listen_to_port(struct doca_rdma *rdma, uint16_t port);

/**
 * @brief Accept a connection request.
 *
 * @param [in] rdma_connection
 * The connection.
 * @param [in] private_data
 * Data sent with the accept, or NULL.
 * @param [in] private_data_len
 * Its length (0 without data).
 * @return DOCA_SUCCESS on success; DOCA_ERROR_INVALID_VALUE when rdma_connection is NULL;
 * DOCA_ERROR_NOT_SUPPORTED in softdpa (its CPU data path is not emulated).
 */
DOCA_EXPERIMENTAL doca_error_t doca_rdma_connection_accept(
        struct doca_rdma_connection *rdma_connection, void *private_data, uint8_t private_data_len);

/**
 * @brief Reject a connection request.
 *
 * @param [in] rdma_connection
 * The connection.
 * @return DOCA_SUCCESS on success; DOCA_ERROR_INVALID_VALUE when rdma_connection is NULL;
 * DOCA_ERROR_NOT_SUPPORTED in softdpa (its CPU data path is not emulated).
 */
DOCA_EXPERIMENTAL doca_error_t
doca_rdma_connection_reject(struct doca_rdma_connection *rdma_connection);

/**
 * @brief Request a connection to a listening peer.
 *
 * @param [in] rdma
 * The RDMA context.
 * @param [in] addr
 * The peer's address.
 * @param [in] connection_user_data
 * User data of the new connection.
 * @return DOCA_SUCCESS on success; DOCA_ERROR_INVALID_VALUE when rdma or addr is NULL;
 * DOCA_ERROR_NOT_SUPPORTED in softdpa (its CPU data path is not emulated).
 */
DOCA_EXPERIMENTAL doca_error_t doca_rdma_connect_to_addr(struct doca_rdma *rdma,
                                                         struct doca_rdma_addr *addr,
                                                         union doca_data connection_user_data);

/**
 * @brief Close a connection.
 *
 * @param [in] rdma_connection
 * The connection.
 * @return DOCA_SUCCESS on success; DOCA_ERROR_INVALID_VALUE when rdma_connection is NULL;
 * DOCA_ERROR_NOT_SUPPORTED in softdpa (its CPU data path is not emulated).
 */
DOCA_EXPERIMENTAL doca_error_t
doca_rdma_connection_disconnect(struct doca_rdma_connection *rdma_connection);

/**
 * @brief Prepare a connection for a request the application received through its own RDMA CM (the
 * context owns cm_id from then on).
 *
 * @param [in] rdma
 * The RDMA context.
 * @param [in] cm_id
 * The RDMA CM identifier of the request.
 * @param [out] rdma_connection
 * The new connection.
 * @return DOCA_SUCCESS on success; DOCA_ERROR_INVALID_VALUE when rdma, cm_id or rdma_connection is
 * NULL; DOCA_ERROR_NOT_SUPPORTED in softdpa (its CPU data path is not emulated).
 */
DOCA_EXPERIMENTAL doca_error_t
doca_rdma_bridge_prepare_connection(struct doca_rdma *rdma, struct rdma_cm_id *cm_id,
                                    struct doca_rdma_connection **rdma_connection);

/**
 * @brief Accept a connection prepared with doca_rdma_bridge_prepare_connection().
 *
 * @param [in] rdma
 * The RDMA context.
 * @param [in] private_data
 * Data sent with the accept, or NULL.
 * @param [in] private_data_len
 * Its length (0 without data).
 * @param [in] rdma_connection
 * The connection.
 * @return DOCA_SUCCESS on success; DOCA_ERROR_INVALID_VALUE when rdma or rdma_connection is NULL;
 * DOCA_ERROR_NOT_SUPPORTED in softdpa (its CPU data path is not emulated).
 */
DOCA_EXPERIMENTAL doca_error_t
doca_rdma_bridge_accept(struct doca_rdma *rdma, void *private_data, uint8_t private_data_len,
                        struct doca_rdma_connection *rdma_connection);

/**
 * @brief Tell the context that the application's RDMA CM established a connection.
 *
 * @param [in] rdma
 * The RDMA context.
 * @param [in] rdma_connection
 * The connection.
 * @return DOCA_SUCCESS on success; DOCA_ERROR_INVALID_VALUE when rdma or rdma_connection is NULL;
 * DOCA_ERROR_NOT_SUPPORTED in softdpa (its CPU data path is not emulated).
 */
DOCA_EXPERIMENTAL doca_error_t
doca_rdma_bridge_established(struct doca_rdma *rdma, struct doca_rdma_connection *rdma_connection);

/* ---- Capabilities ---- */

/**
 * @brief Largest receive queue the device supports.
 *
 * @param [in] devinfo
 * The device to query.
 * @param [out] max_recv_queue_size
 * The value.
 * @return DOCA_SUCCESS on success; DOCA_ERROR_INVALID_VALUE when devinfo or max_recv_queue_size is
 * NULL.
 */
DOCA_EXPERIMENTAL doca_error_t doca_rdma_cap_get_max_recv_queue_size(
        const struct doca_devinfo *devinfo, uint32_t *max_recv_queue_size);

/**
 * @brief Largest send queue the device supports.
 *
 * @param [in] devinfo
 * The device to query.
 * @param [out] max_send_queue_size
 * The value.
 * @return DOCA_SUCCESS on success; DOCA_ERROR_INVALID_VALUE when devinfo or max_send_queue_size is
 * NULL.
 */
DOCA_EXPERIMENTAL doca_error_t doca_rdma_cap_get_max_send_queue_size(
        const struct doca_devinfo *devinfo, uint32_t *max_send_queue_size);

/**
 * @brief Longest local buffer list of a send, read or write the device supports.
 *
 * @param [in] devinfo
 * The device to query.
 * @param [out] max_send_buf_list_len
 * The value.
 * @return DOCA_SUCCESS on success; DOCA_ERROR_INVALID_VALUE when devinfo or max_send_buf_list_len
 * is NULL.
 */
DOCA_EXPERIMENTAL doca_error_t doca_rdma_cap_get_max_send_buf_list_len(
        const struct doca_devinfo *devinfo, uint32_t *max_send_buf_list_len);

/**
 * @brief Largest message the device supports.
 *
 * @param [in] devinfo
 * The device to query.
 * @param [out] max_message_size
 * The value.
 * @return DOCA_SUCCESS on success; DOCA_ERROR_INVALID_VALUE when devinfo or max_message_size is
 * NULL.
 */
DOCA_EXPERIMENTAL doca_error_t
doca_rdma_cap_get_max_message_size(const struct doca_devinfo *devinfo, uint32_t *max_message_size);

/**
 * @brief Entries of the GID table the device supports.
 *
 * @param [in] devinfo
 * The device to query.
 * @param [out] gid_table_size
 * The value.
 * @return DOCA_SUCCESS on success; DOCA_ERROR_INVALID_VALUE when devinfo or gid_table_size is NULL.
 */
DOCA_EXPERIMENTAL doca_error_t doca_rdma_cap_get_gid_table_size(const struct doca_devinfo *devinfo,
                                                                uint32_t *gid_table_size);

/**
 * @brief Read entries of the device's GID table.
 *
 * @param [in] devinfo
 * The device to query.
 * @param [in] start_index
 * First entry.
 * @param [in] num_entries
 * Entries to read.
 * @param [in,out] gid_array
 * Room for num_entries GIDs, filled on success.
 * @return DOCA_SUCCESS on success; DOCA_ERROR_INVALID_VALUE when devinfo or gid_array is NULL,
 * or the range is past the table (doca_rdma_cap_get_gid_table_size).
 */
DOCA_EXPERIMENTAL doca_error_t doca_rdma_cap_get_gid(const struct doca_devinfo *devinfo,
                                                     uint32_t start_index, uint32_t num_entries,
                                                     struct doca_rdma_gid *gid_array);

/**
 * @brief Whether the device supports a transport.
 *
 * @param [in] devinfo
 * The device to query.
 * @param [in] transport_type
 * The transport.
 * @return DOCA_SUCCESS when supported; DOCA_ERROR_INVALID_VALUE when devinfo is NULL;
 * DOCA_ERROR_NOT_SUPPORTED when not (softdpa: every emulated device supports RC; DC is not
 * emulated).
 */
DOCA_EXPERIMENTAL doca_error_t doca_rdma_cap_transport_type_is_supported(
        const struct doca_devinfo *devinfo, enum doca_rdma_transport_type transport_type);

/* ---- Properties (before doca_ctx_start) ---- */

/**
 * @brief Set the send queue size (rounded up to a power of two). Before doca_ctx_start().
 *
 * @param [in] rdma
 * The RDMA context.
 * @param [in] send_queue_size
 * The value.
 * @return DOCA_SUCCESS on success; DOCA_ERROR_INVALID_VALUE when rdma is NULL; DOCA_ERROR_BAD_STATE
 * when the context is started.
 */
DOCA_EXPERIMENTAL doca_error_t doca_rdma_set_send_queue_size(struct doca_rdma *rdma,
                                                             uint32_t send_queue_size);

/**
 * @brief Set the receive queue size (rounded up to a power of two; GPU and DPA data paths). Before
 * doca_ctx_start().
 *
 * @param [in] rdma
 * The RDMA context.
 * @param [in] recv_queue_size
 * The value.
 * @return DOCA_SUCCESS on success; DOCA_ERROR_INVALID_VALUE when rdma is NULL; DOCA_ERROR_BAD_STATE
 * when the context is started.
 */
DOCA_EXPERIMENTAL doca_error_t doca_rdma_set_recv_queue_size(struct doca_rdma *rdma,
                                                             uint32_t recv_queue_size);

/**
 * @brief Set the longest local buffer list of a send, read or write. Before doca_ctx_start().
 *
 * @param [in] rdma
 * The RDMA context.
 * @param [in] max_send_buf_list_len
 * The value.
 * @return DOCA_SUCCESS on success; DOCA_ERROR_INVALID_VALUE when rdma is NULL; DOCA_ERROR_BAD_STATE
 * when the context is started.
 */
DOCA_EXPERIMENTAL doca_error_t doca_rdma_set_max_send_buf_list_len(struct doca_rdma *rdma,
                                                                   uint32_t max_send_buf_list_len);

/**
 * @brief Set the transport. Before doca_ctx_start().
 *
 * @param [in] rdma
 * The RDMA context.
 * @param [in] transport_type
 * The value.
 * @return DOCA_SUCCESS on success; DOCA_ERROR_INVALID_VALUE when rdma is NULL; DOCA_ERROR_BAD_STATE
 * when the context is started.
 */
DOCA_EXPERIMENTAL doca_error_t
doca_rdma_set_transport_type(struct doca_rdma *rdma, enum doca_rdma_transport_type transport_type);

/**
 * @brief Set the MTU. Before doca_ctx_start().
 *
 * @param [in] rdma
 * The RDMA context.
 * @param [in] mtu
 * The value.
 * @return DOCA_SUCCESS on success; DOCA_ERROR_INVALID_VALUE when rdma is NULL; DOCA_ERROR_BAD_STATE
 * when the context is started.
 */
DOCA_EXPERIMENTAL doca_error_t doca_rdma_set_mtu(struct doca_rdma *rdma, enum doca_mtu_size mtu);

/**
 * @brief Set the RDMA access the peer has (bitwise OR of enum doca_access_flag RDMA flags). Before
 * doca_ctx_start().
 *
 * @param [in] rdma
 * The RDMA context.
 * @param [in] permissions
 * The value.
 * @return DOCA_SUCCESS on success; DOCA_ERROR_INVALID_VALUE when rdma is NULL; DOCA_ERROR_BAD_STATE
 * when the context is started.
 */
DOCA_EXPERIMENTAL doca_error_t doca_rdma_set_permissions(struct doca_rdma *rdma,
                                                         uint32_t permissions);

/**
 * @brief Set whether connections use a GRH (1) or not (0); Ethernet devices need it. Before
 * doca_ctx_start().
 *
 * @param [in] rdma
 * The RDMA context.
 * @param [in] grh_enabled
 * The value.
 * @return DOCA_SUCCESS on success; DOCA_ERROR_INVALID_VALUE when rdma is NULL; DOCA_ERROR_BAD_STATE
 * when the context is started.
 */
DOCA_EXPERIMENTAL doca_error_t doca_rdma_set_grh_enabled(struct doca_rdma *rdma,
                                                         uint8_t grh_enabled);

/**
 * @brief Set the GID index of the local port. Before doca_ctx_start().
 *
 * @param [in] rdma
 * The RDMA context.
 * @param [in] gid_index
 * The value.
 * @return DOCA_SUCCESS on success; DOCA_ERROR_INVALID_VALUE when rdma is NULL; DOCA_ERROR_BAD_STATE
 * when the context is started.
 */
DOCA_EXPERIMENTAL doca_error_t doca_rdma_set_gid_index(struct doca_rdma *rdma, uint32_t gid_index);

/**
 * @brief Set the service level. Before doca_ctx_start().
 *
 * @param [in] rdma
 * The RDMA context.
 * @param [in] sl
 * The value.
 * @return DOCA_SUCCESS on success; DOCA_ERROR_INVALID_VALUE when rdma is NULL; DOCA_ERROR_BAD_STATE
 * when the context is started.
 */
DOCA_EXPERIMENTAL doca_error_t doca_rdma_set_sl(struct doca_rdma *rdma, uint32_t sl);

/**
 * @brief Set the time the connection-manager calls may take, in milliseconds.
 *
 * @param [in] rdma
 * The RDMA context.
 * @param [in] timeout
 * Milliseconds.
 * @return DOCA_SUCCESS on success; DOCA_ERROR_INVALID_VALUE when rdma is NULL; DOCA_ERROR_BAD_STATE
 * when the context is started.
 */
DOCA_EXPERIMENTAL doca_error_t doca_rdma_set_connection_request_timeout(struct doca_rdma *rdma,
                                                                        uint16_t timeout);

/**
 * @brief Set the user data the connection callbacks receive.
 *
 * @param [in] rdma_connection
 * The connection.
 * @param [in] connection_user_data
 * The user data.
 * @return DOCA_SUCCESS on success; DOCA_ERROR_INVALID_VALUE when rdma_connection is NULL.
 */
DOCA_EXPERIMENTAL doca_error_t doca_rdma_connection_set_user_data(
        struct doca_rdma_connection *rdma_connection, union doca_data connection_user_data);

/**
 * @brief Set how many connections the context may have. Before doca_ctx_start().
 *
 * @param [in] rdma
 * The RDMA context.
 * @param [in] max_num_connections
 * The value.
 * @return DOCA_SUCCESS on success; DOCA_ERROR_INVALID_VALUE when rdma is NULL; DOCA_ERROR_BAD_STATE
 * when the context is started.
 */
DOCA_EXPERIMENTAL doca_error_t doca_rdma_set_max_num_connections(struct doca_rdma *rdma,
                                                                 uint16_t max_num_connections);

/**
 * @brief Set how often a send is retried while the peer has no receive posted. Before
 * doca_ctx_start().
 *
 * @param [in] rdma
 * The RDMA context.
 * @param [in] rnr_retry_count
 * The value.
 * @return DOCA_SUCCESS on success; DOCA_ERROR_INVALID_VALUE when rdma is NULL; DOCA_ERROR_BAD_STATE
 * when the context is started.
 */
DOCA_EXPERIMENTAL doca_error_t doca_rdma_set_rnr_retry_count(struct doca_rdma *rdma,
                                                             uint8_t rnr_retry_count);

/**
 * @brief Get the send queue size in use.
 *
 * @param [in] rdma
 * The RDMA context.
 * @param [out] send_queue_size
 * The value.
 * @return DOCA_SUCCESS on success; DOCA_ERROR_INVALID_VALUE when rdma or send_queue_size is NULL.
 */
DOCA_EXPERIMENTAL doca_error_t doca_rdma_get_send_queue_size(const struct doca_rdma *rdma,
                                                             uint32_t *send_queue_size);

/**
 * @brief Get the receive queue size in use.
 *
 * @param [in] rdma
 * The RDMA context.
 * @param [out] recv_queue_size
 * The value.
 * @return DOCA_SUCCESS on success; DOCA_ERROR_INVALID_VALUE when rdma or recv_queue_size is NULL.
 */
DOCA_EXPERIMENTAL doca_error_t doca_rdma_get_recv_queue_size(const struct doca_rdma *rdma,
                                                             uint32_t *recv_queue_size);

/**
 * @brief Get the longest local buffer list of a send, read or write.
 *
 * @param [in] rdma
 * The RDMA context.
 * @param [out] max_send_buf_list_len
 * The value.
 * @return DOCA_SUCCESS on success; DOCA_ERROR_INVALID_VALUE when rdma or max_send_buf_list_len is
 * NULL.
 */
DOCA_EXPERIMENTAL doca_error_t doca_rdma_get_max_send_buf_list_len(const struct doca_rdma *rdma,
                                                                   uint32_t *max_send_buf_list_len);

/**
 * @brief Get the transport.
 *
 * @param [in] rdma
 * The RDMA context.
 * @param [out] transport_type
 * The value.
 * @return DOCA_SUCCESS on success; DOCA_ERROR_INVALID_VALUE when rdma or transport_type is NULL.
 */
DOCA_EXPERIMENTAL doca_error_t doca_rdma_get_transport_type(
        const struct doca_rdma *rdma, enum doca_rdma_transport_type *transport_type);

/**
 * @brief Get the MTU.
 *
 * @param [in] rdma
 * The RDMA context.
 * @param [out] mtu
 * The value.
 * @return DOCA_SUCCESS on success; DOCA_ERROR_INVALID_VALUE when rdma or mtu is NULL.
 */
DOCA_EXPERIMENTAL doca_error_t doca_rdma_get_mtu(const struct doca_rdma *rdma,
                                                 enum doca_mtu_size *mtu);

/**
 * @brief Get the RDMA access the peer has.
 *
 * @param [in] rdma
 * The RDMA context.
 * @param [out] permissions
 * The value.
 * @return DOCA_SUCCESS on success; DOCA_ERROR_INVALID_VALUE when rdma or permissions is NULL.
 */
DOCA_EXPERIMENTAL doca_error_t doca_rdma_get_permissions(struct doca_rdma *rdma,
                                                         uint32_t *permissions);

/**
 * @brief Get whether connections use a GRH.
 *
 * @param [in] rdma
 * The RDMA context.
 * @param [out] grh_enabled
 * The value.
 * @return DOCA_SUCCESS on success; DOCA_ERROR_INVALID_VALUE when rdma or grh_enabled is NULL.
 */
DOCA_EXPERIMENTAL doca_error_t doca_rdma_get_grh_enabled(const struct doca_rdma *rdma,
                                                         uint8_t *grh_enabled);

/**
 * @brief Get the GID index.
 *
 * @param [in] rdma
 * The RDMA context.
 * @param [out] gid_index
 * The value.
 * @return DOCA_SUCCESS on success; DOCA_ERROR_INVALID_VALUE when rdma or gid_index is NULL.
 */
DOCA_EXPERIMENTAL doca_error_t doca_rdma_get_gid_index(const struct doca_rdma *rdma,
                                                       uint32_t *gid_index);

/**
 * @brief Get the service level.
 *
 * @param [in] rdma
 * The RDMA context.
 * @param [out] sl
 * The value.
 * @return DOCA_SUCCESS on success; DOCA_ERROR_INVALID_VALUE when rdma or sl is NULL.
 */
DOCA_EXPERIMENTAL doca_error_t doca_rdma_get_sl(const struct doca_rdma *rdma, uint32_t *sl);

/**
 * @brief The handle kernels use for this context (data path on the DPA, after doca_ctx_start()).
 *
 * @param [in] rdma
 * The RDMA context.
 * @param [out] dpa_rdma
 * The DPA handle.
 * @return DOCA_SUCCESS on success; DOCA_ERROR_INVALID_VALUE when rdma or dpa_rdma is NULL;
 * DOCA_ERROR_BAD_STATE before doca_ctx_start() or without a DPA data path.
 */
DOCA_EXPERIMENTAL doca_error_t doca_rdma_get_dpa_handle(struct doca_rdma *rdma,
                                                        doca_dpa_dev_rdma_t *dpa_rdma);

/**
 * @brief The handle GPU kernels use for this context (data path on a GPU).
 *
 * @param [in] rdma
 * The RDMA context.
 * @param [out] gpu_rdma
 * The GPU handle.
 * @return DOCA_SUCCESS on success; DOCA_ERROR_INVALID_VALUE when rdma or gpu_rdma is NULL;
 * DOCA_ERROR_BAD_STATE before doca_ctx_start() or without a GPU data path; DOCA_ERROR_NOT_SUPPORTED
 * in softdpa (its CPU data path is not emulated).
 */
DOCA_EXPERIMENTAL doca_error_t doca_rdma_get_gpu_handle(struct doca_rdma *rdma,
                                                        struct doca_gpu_dev_rdma **gpu_rdma);

/**
 * @brief Get the connection-manager timeout in milliseconds.
 *
 * @param [in] rdma
 * The RDMA context.
 * @param [out] connection_request_timeout
 * The value.
 * @return DOCA_SUCCESS on success; DOCA_ERROR_INVALID_VALUE when rdma or connection_request_timeout
 * is NULL.
 */
DOCA_EXPERIMENTAL doca_error_t doca_rdma_get_connection_request_timeout(
        const struct doca_rdma *rdma, uint16_t *connection_request_timeout);

/**
 * @brief The address of a connection (connection-manager flow).
 *
 * @param [in] rdma_connection
 * The connection.
 * @param [out] addr
 * The address object.
 * @return DOCA_SUCCESS on success; DOCA_ERROR_INVALID_VALUE when rdma_connection or addr is NULL;
 * DOCA_ERROR_NOT_SUPPORTED in softdpa (its CPU data path is not emulated).
 */
DOCA_EXPERIMENTAL doca_error_t doca_rdma_connection_get_addr(
        const struct doca_rdma_connection *rdma_connection, struct doca_rdma_addr **addr);

/**
 * @brief The parts of an address object.
 *
 * @param [in] addr
 * The address object.
 * @param [out] addr_type
 * How the address is written.
 * @param [out] address
 * The address text (owned by addr).
 * @param [out] port
 * The port.
 * @return DOCA_SUCCESS on success; DOCA_ERROR_INVALID_VALUE when addr, addr_type, address or port
 * is NULL; DOCA_ERROR_NOT_SUPPORTED in softdpa (its CPU data path is not emulated).
 */
DOCA_EXPERIMENTAL doca_error_t doca_rdma_addr_get_params(struct doca_rdma_addr *addr,
                                                         enum doca_rdma_addr_type *addr_type,
                                                         const char **address, uint16_t *port);

/**
 * @brief The user data of a connection.
 *
 * @param [in] rdma_connection
 * The connection.
 * @param [out] connection_user_data
 * The user data.
 * @return DOCA_SUCCESS on success; DOCA_ERROR_INVALID_VALUE when rdma_connection or
 * connection_user_data is NULL.
 */
DOCA_EXPERIMENTAL doca_error_t doca_rdma_connection_get_user_data(
        const struct doca_rdma_connection *rdma_connection, union doca_data *connection_user_data);

/**
 * @brief The identifier of a connection, as DPA and GPU kernels name it.
 *
 * @param [in] rdma_connection
 * The connection.
 * @param [out] connection_id
 * The identifier.
 * @return DOCA_SUCCESS on success; DOCA_ERROR_INVALID_VALUE when rdma_connection or connection_id
 * is NULL.
 */
DOCA_EXPERIMENTAL doca_error_t doca_rdma_connection_get_id(
        const struct doca_rdma_connection *rdma_connection, uint32_t *connection_id);

/**
 * @brief Get how many connections the context may have.
 *
 * @param [in] rdma
 * The RDMA context.
 * @param [out] max_num_connections
 * The value.
 * @return DOCA_SUCCESS on success; DOCA_ERROR_INVALID_VALUE when rdma or max_num_connections is
 * NULL.
 */
DOCA_EXPERIMENTAL doca_error_t doca_rdma_get_max_num_connections(struct doca_rdma *rdma,
                                                                 uint16_t *max_num_connections);

/**
 * @brief Get the receiver-not-ready retry count.
 *
 * @param [in] rdma
 * The RDMA context.
 * @param [out] rnr_retry_count
 * The value.
 * @return DOCA_SUCCESS on success; DOCA_ERROR_INVALID_VALUE when rdma or rnr_retry_count is NULL.
 */
DOCA_EXPERIMENTAL doca_error_t doca_rdma_get_rnr_retry_count(const struct doca_rdma *rdma,
                                                             uint8_t *rnr_retry_count);

/* ---- Connection callbacks ---- */

/**
 * @brief Set the callbacks of the connection-manager flow.
 *
 * @param [in] rdma
 * The RDMA context.
 * @param [in] doca_rdma_connect_request_cb
 * Called for a request (may be NULL on a client).
 * @param [in] doca_rdma_connect_established_cb
 * Called once a connection is up.
 * @param [in] doca_rdma_connect_failure_cb
 * Called when a connection fails.
 * @param [in] doca_rdma_disconnect_cb
 * Called when a connection closes.
 * @return DOCA_SUCCESS on success; DOCA_ERROR_INVALID_VALUE when rdma or a callback other than the
 * request one is NULL; DOCA_ERROR_NOT_SUPPORTED in softdpa (its CPU data path is not emulated).
 */
DOCA_EXPERIMENTAL doca_error_t doca_rdma_set_connection_state_callbacks(
        struct doca_rdma *rdma, doca_rdma_connection_request_cb_t doca_rdma_connect_request_cb,
        doca_rdma_connection_established_cb_t doca_rdma_connect_established_cb,
        doca_rdma_connection_failure_cb_t doca_rdma_connect_failure_cb,
        doca_rdma_connection_disconnection_cb_t doca_rdma_disconnect_cb);

/* ---- Task: receive ---- */

/**
 * @brief Whether the device can execute receive tasks.
 *
 * @param [in] devinfo
 * The device to query.
 * @return DOCA_SUCCESS when supported; DOCA_ERROR_INVALID_VALUE when devinfo is NULL;
 * DOCA_ERROR_NOT_SUPPORTED when not (softdpa: every emulated device supports it).
 */
DOCA_EXPERIMENTAL doca_error_t
doca_rdma_cap_task_receive_is_supported(const struct doca_devinfo *devinfo);

/**
 * @brief Longest destination buffer list a receive task supports for a transport.
 *
 * @param [in] devinfo
 * The device to query.
 * @param [in] transport_type
 * The transport.
 * @param [out] max_buf_list_len
 * The value.
 * @return DOCA_SUCCESS on success; DOCA_ERROR_INVALID_VALUE when devinfo or max_buf_list_len is
 * NULL.
 */
DOCA_EXPERIMENTAL doca_error_t doca_rdma_cap_task_receive_get_max_dst_buf_list_len(
        const struct doca_devinfo *devinfo, enum doca_rdma_transport_type transport_type,
        uint32_t *max_buf_list_len);

/**
 * @brief Configure receive tasks: their completion callbacks and how many may exist. Before
 * doca_ctx_start().
 *
 * @param [in] rdma
 * The RDMA context.
 * @param [in] successful_task_completion_cb
 * Called for each task that completes successfully.
 * @param [in] error_task_completion_cb
 * Called for each task that completes with an error.
 * @param [in] num_tasks
 * Tasks of this kind the context may have at once.
 * @return DOCA_SUCCESS on success; DOCA_ERROR_INVALID_VALUE when rdma is NULL; DOCA_ERROR_BAD_STATE
 * when the context is not idle; DOCA_ERROR_NOT_SUPPORTED in softdpa (its CPU data path is not
 * emulated).
 */
DOCA_EXPERIMENTAL doca_error_t doca_rdma_task_receive_set_conf(
        struct doca_rdma *rdma,
        doca_rdma_task_receive_completion_cb_t successful_task_completion_cb,
        doca_rdma_task_receive_completion_cb_t error_task_completion_cb, uint32_t num_tasks);

/**
 * @brief Set the longest destination buffer list of receive tasks. Before doca_ctx_start().
 *
 * @param [in] rdma
 * The RDMA context.
 * @param [in] buf_list_len
 * The value.
 * @return DOCA_SUCCESS on success; DOCA_ERROR_INVALID_VALUE when rdma is NULL; DOCA_ERROR_BAD_STATE
 * when the context is started.
 */
DOCA_EXPERIMENTAL doca_error_t doca_rdma_task_receive_set_dst_buf_list_len(struct doca_rdma *rdma,
                                                                           uint32_t buf_list_len);

/**
 * @brief Get the longest destination buffer list of receive tasks.
 *
 * @param [in] rdma
 * The RDMA context.
 * @param [out] buf_list_len
 * The value.
 * @return DOCA_SUCCESS on success; DOCA_ERROR_INVALID_VALUE when rdma or buf_list_len is NULL.
 */
DOCA_EXPERIMENTAL doca_error_t
doca_rdma_task_receive_get_dst_buf_list_len(const struct doca_rdma *rdma, uint32_t *buf_list_len);

/**
 * @brief Allocate a receive task from the context's pool and set its parameters.
 *
 * @param [in] rdma
 * The RDMA context.
 * @param [in] dst_buf
 * Local buffer for the message, or NULL for an empty one.
 * @param [in] user_data
 * User data handed back with the task's completion.
 * @param [out] task
 * The new task.
 * @return DOCA_SUCCESS on success; DOCA_ERROR_INVALID_VALUE when rdma or task is NULL;
 * DOCA_ERROR_NO_MEMORY when no task is left; DOCA_ERROR_NOT_SUPPORTED in softdpa (its CPU data path
 * is not emulated).
 */
DOCA_EXPERIMENTAL doca_error_t doca_rdma_task_receive_allocate_init(
        struct doca_rdma *rdma, struct doca_buf *dst_buf, union doca_data user_data,
        struct doca_rdma_task_receive **task);

/**
 * @brief The task as a generic doca_task (doca_pe.h), e.g. for doca_task_submit.
 *
 * @param [in] task
 * The task.
 * @return The doca_task, or NULL when task is NULL.
 */
DOCA_EXPERIMENTAL struct doca_task *
doca_rdma_task_receive_as_task(struct doca_rdma_task_receive *task);

/**
 * @brief Set the destination buffer of a receive task.
 *
 * @param [in] task
 * The task.
 * @param [in] dst_buf
 * The value.
 */
DOCA_EXPERIMENTAL void doca_rdma_task_receive_set_dst_buf(struct doca_rdma_task_receive *task,
                                                          struct doca_buf *dst_buf);

/**
 * @brief Get the destination buffer of a receive task.
 *
 * @param [in] task
 * The task.
 * @return The value (NULL or 0 when task is NULL).
 */
DOCA_EXPERIMENTAL struct doca_buf *
doca_rdma_task_receive_get_dst_buf(const struct doca_rdma_task_receive *task);

/**
 * @brief What the peer sent: a send, a send with immediate or a write with immediate.
 *
 * @param [in] task
 * The task.
 * @return The value, valid after the task completed (0 or NULL when task is NULL).
 */
DOCA_EXPERIMENTAL enum doca_rdma_opcode
doca_rdma_task_receive_get_result_opcode(const struct doca_rdma_task_receive *task);

/**
 * @brief Bytes received.
 *
 * @param [in] task
 * The task.
 * @return The value, valid after the task completed (0 or NULL when task is NULL).
 */
DOCA_EXPERIMENTAL uint32_t
doca_rdma_task_receive_get_result_len(const struct doca_rdma_task_receive *task);

/**
 * @brief The immediate data received (big endian).
 *
 * @param [in] task
 * The task.
 * @return The value, valid after the task completed (0 or NULL when task is NULL).
 */
DOCA_EXPERIMENTAL doca_be32_t
doca_rdma_task_receive_get_result_immediate_data(const struct doca_rdma_task_receive *task);

/**
 * @brief The connection the message came on.
 *
 * @param [in] task
 * The task.
 * @return The value, valid after the task completed (0 or NULL when task is NULL).
 */
DOCA_EXPERIMENTAL const struct doca_rdma_connection *
doca_rdma_task_receive_get_result_rdma_connection(const struct doca_rdma_task_receive *task);

/* ---- Task: send ---- */

/**
 * @brief Whether the device can execute send tasks.
 *
 * @param [in] devinfo
 * The device to query.
 * @return DOCA_SUCCESS when supported; DOCA_ERROR_INVALID_VALUE when devinfo is NULL;
 * DOCA_ERROR_NOT_SUPPORTED when not (softdpa: every emulated device supports it).
 */
DOCA_EXPERIMENTAL doca_error_t
doca_rdma_cap_task_send_is_supported(const struct doca_devinfo *devinfo);

/**
 * @brief Configure send tasks: their completion callbacks and how many may exist. Before
 * doca_ctx_start().
 *
 * @param [in] rdma
 * The RDMA context.
 * @param [in] successful_task_completion_cb
 * Called for each task that completes successfully.
 * @param [in] error_task_completion_cb
 * Called for each task that completes with an error.
 * @param [in] num_tasks
 * Tasks of this kind the context may have at once.
 * @return DOCA_SUCCESS on success; DOCA_ERROR_INVALID_VALUE when rdma is NULL; DOCA_ERROR_BAD_STATE
 * when the context is not idle; DOCA_ERROR_NOT_SUPPORTED in softdpa (its CPU data path is not
 * emulated).
 */
DOCA_EXPERIMENTAL doca_error_t doca_rdma_task_send_set_conf(
        struct doca_rdma *rdma, doca_rdma_task_send_completion_cb_t successful_task_completion_cb,
        doca_rdma_task_send_completion_cb_t error_task_completion_cb, uint32_t num_tasks);

/**
 * @brief Allocate a send task from the context's pool and set its parameters.
 *
 * @param [in] rdma
 * The RDMA context.
 * @param [in] rdma_connection
 * The connection.
 * @param [in] src_buf
 * Local buffer to send, or NULL for an empty message.
 * @param [in] user_data
 * User data handed back with the task's completion.
 * @param [out] task
 * The new task.
 * @return DOCA_SUCCESS on success; DOCA_ERROR_INVALID_VALUE when rdma, rdma_connection or task is
 * NULL; DOCA_ERROR_NO_MEMORY when no task is left; DOCA_ERROR_NOT_SUPPORTED in softdpa (its CPU
 * data path is not emulated).
 */
DOCA_EXPERIMENTAL doca_error_t doca_rdma_task_send_allocate_init(
        struct doca_rdma *rdma, struct doca_rdma_connection *rdma_connection,
        const struct doca_buf *src_buf, union doca_data user_data,
        struct doca_rdma_task_send **task);

/**
 * @brief The task as a generic doca_task (doca_pe.h), e.g. for doca_task_submit.
 *
 * @param [in] task
 * The task.
 * @return The doca_task, or NULL when task is NULL.
 */
DOCA_EXPERIMENTAL struct doca_task *doca_rdma_task_send_as_task(struct doca_rdma_task_send *task);

/**
 * @brief Set the source buffer of a send task.
 *
 * @param [in] task
 * The task.
 * @param [in] src_buf
 * The value.
 */
DOCA_EXPERIMENTAL void doca_rdma_task_send_set_src_buf(struct doca_rdma_task_send *task,
                                                       const struct doca_buf *src_buf);

/**
 * @brief Get the source buffer of a send task.
 *
 * @param [in] task
 * The task.
 * @return The value (NULL or 0 when task is NULL).
 */
DOCA_EXPERIMENTAL const struct doca_buf *
doca_rdma_task_send_get_src_buf(const struct doca_rdma_task_send *task);

/**
 * @brief Set the connection of a send task.
 *
 * @param [in] task
 * The task.
 * @param [in] rdma_connection
 * The value.
 */
DOCA_EXPERIMENTAL void
doca_rdma_task_send_set_rdma_connection(struct doca_rdma_task_send *task,
                                        struct doca_rdma_connection *rdma_connection);

/**
 * @brief Get the connection of a send task.
 *
 * @param [in] task
 * The task.
 * @return The value (NULL or 0 when task is NULL).
 */
DOCA_EXPERIMENTAL const struct doca_rdma_connection *
doca_rdma_task_send_get_rdma_connection(const struct doca_rdma_task_send *task);

/* ---- Task: send_imm ---- */

/**
 * @brief Whether the device can execute send imm tasks.
 *
 * @param [in] devinfo
 * The device to query.
 * @return DOCA_SUCCESS when supported; DOCA_ERROR_INVALID_VALUE when devinfo is NULL;
 * DOCA_ERROR_NOT_SUPPORTED when not (softdpa: every emulated device supports it).
 */
DOCA_EXPERIMENTAL doca_error_t
doca_rdma_cap_task_send_imm_is_supported(const struct doca_devinfo *devinfo);

/**
 * @brief Configure send imm tasks: their completion callbacks and how many may exist. Before
 * doca_ctx_start().
 *
 * @param [in] rdma
 * The RDMA context.
 * @param [in] successful_task_completion_cb
 * Called for each task that completes successfully.
 * @param [in] error_task_completion_cb
 * Called for each task that completes with an error.
 * @param [in] num_tasks
 * Tasks of this kind the context may have at once.
 * @return DOCA_SUCCESS on success; DOCA_ERROR_INVALID_VALUE when rdma is NULL; DOCA_ERROR_BAD_STATE
 * when the context is not idle; DOCA_ERROR_NOT_SUPPORTED in softdpa (its CPU data path is not
 * emulated).
 */
DOCA_EXPERIMENTAL doca_error_t doca_rdma_task_send_imm_set_conf(
        struct doca_rdma *rdma,
        doca_rdma_task_send_imm_completion_cb_t successful_task_completion_cb,
        doca_rdma_task_send_imm_completion_cb_t error_task_completion_cb, uint32_t num_tasks);

/**
 * @brief Allocate a send imm task from the context's pool and set its parameters.
 *
 * @param [in] rdma
 * The RDMA context.
 * @param [in] rdma_connection
 * The connection.
 * @param [in] src_buf
 * Local buffer to send, or NULL for an empty message.
 * @param [in] immediate_data
 * 32 bits of immediate data, big endian.
 * @param [in] user_data
 * User data handed back with the task's completion.
 * @param [out] task
 * The new task.
 * @return DOCA_SUCCESS on success; DOCA_ERROR_INVALID_VALUE when rdma, rdma_connection or task is
 * NULL; DOCA_ERROR_NO_MEMORY when no task is left; DOCA_ERROR_NOT_SUPPORTED in softdpa (its CPU
 * data path is not emulated).
 */
DOCA_EXPERIMENTAL doca_error_t doca_rdma_task_send_imm_allocate_init(
        struct doca_rdma *rdma, struct doca_rdma_connection *rdma_connection,
        const struct doca_buf *src_buf, doca_be32_t immediate_data, union doca_data user_data,
        struct doca_rdma_task_send_imm **task);

/**
 * @brief The task as a generic doca_task (doca_pe.h), e.g. for doca_task_submit.
 *
 * @param [in] task
 * The task.
 * @return The doca_task, or NULL when task is NULL.
 */
DOCA_EXPERIMENTAL struct doca_task *
doca_rdma_task_send_imm_as_task(struct doca_rdma_task_send_imm *task);

/**
 * @brief Set the source buffer of a send imm task.
 *
 * @param [in] task
 * The task.
 * @param [in] src_buf
 * The value.
 */
DOCA_EXPERIMENTAL void doca_rdma_task_send_imm_set_src_buf(struct doca_rdma_task_send_imm *task,
                                                           const struct doca_buf *src_buf);

/**
 * @brief Get the source buffer of a send imm task.
 *
 * @param [in] task
 * The task.
 * @return The value (NULL or 0 when task is NULL).
 */
DOCA_EXPERIMENTAL const struct doca_buf *
doca_rdma_task_send_imm_get_src_buf(const struct doca_rdma_task_send_imm *task);

/**
 * @brief Set the immediate data of a send imm task.
 *
 * @param [in] task
 * The task.
 * @param [in] immediate_data
 * The value.
 */
DOCA_EXPERIMENTAL void
doca_rdma_task_send_imm_set_immediate_data(struct doca_rdma_task_send_imm *task,
                                           doca_be32_t immediate_data);

/**
 * @brief Get the immediate data of a send imm task.
 *
 * @param [in] task
 * The task.
 * @return The value (NULL or 0 when task is NULL).
 */
DOCA_EXPERIMENTAL doca_be32_t
doca_rdma_task_send_imm_get_immediate_data(const struct doca_rdma_task_send_imm *task);

/**
 * @brief Set the connection of a send imm task.
 *
 * @param [in] task
 * The task.
 * @param [in] rdma_connection
 * The value.
 */
DOCA_EXPERIMENTAL void
doca_rdma_task_send_imm_set_rdma_connection(struct doca_rdma_task_send_imm *task,
                                            struct doca_rdma_connection *rdma_connection);

/**
 * @brief Get the connection of a send imm task.
 *
 * @param [in] task
 * The task.
 * @return The value (NULL or 0 when task is NULL).
 */
DOCA_EXPERIMENTAL const struct doca_rdma_connection *
doca_rdma_task_send_imm_get_rdma_connection(const struct doca_rdma_task_send_imm *task);

/* ---- Task: read ---- */

/**
 * @brief Whether the device can execute read tasks.
 *
 * @param [in] devinfo
 * The device to query.
 * @return DOCA_SUCCESS when supported; DOCA_ERROR_INVALID_VALUE when devinfo is NULL;
 * DOCA_ERROR_NOT_SUPPORTED when not (softdpa: every emulated device supports it).
 */
DOCA_EXPERIMENTAL doca_error_t
doca_rdma_cap_task_read_is_supported(const struct doca_devinfo *devinfo);

/**
 * @brief Configure read tasks: their completion callbacks and how many may exist. Before
 * doca_ctx_start().
 *
 * @param [in] rdma
 * The RDMA context.
 * @param [in] successful_task_completion_cb
 * Called for each task that completes successfully.
 * @param [in] error_task_completion_cb
 * Called for each task that completes with an error.
 * @param [in] num_tasks
 * Tasks of this kind the context may have at once.
 * @return DOCA_SUCCESS on success; DOCA_ERROR_INVALID_VALUE when rdma is NULL; DOCA_ERROR_BAD_STATE
 * when the context is not idle; DOCA_ERROR_NOT_SUPPORTED in softdpa (its CPU data path is not
 * emulated).
 */
DOCA_EXPERIMENTAL doca_error_t doca_rdma_task_read_set_conf(
        struct doca_rdma *rdma, doca_rdma_task_read_completion_cb_t successful_task_completion_cb,
        doca_rdma_task_read_completion_cb_t error_task_completion_cb, uint32_t num_tasks);

/**
 * @brief Allocate a read task from the context's pool and set its parameters.
 *
 * @param [in] rdma
 * The RDMA context.
 * @param [in] rdma_connection
 * The connection.
 * @param [in] src_buf
 * The peer's buffer to read.
 * @param [in] dst_buf
 * Local buffer that receives the data.
 * @param [in] user_data
 * User data handed back with the task's completion.
 * @param [out] task
 * The new task.
 * @return DOCA_SUCCESS on success; DOCA_ERROR_INVALID_VALUE when rdma, rdma_connection, src_buf,
 * dst_buf or task is NULL; DOCA_ERROR_NO_MEMORY when no task is left; DOCA_ERROR_NOT_SUPPORTED in
 * softdpa (its CPU data path is not emulated).
 */
DOCA_EXPERIMENTAL doca_error_t doca_rdma_task_read_allocate_init(
        struct doca_rdma *rdma, struct doca_rdma_connection *rdma_connection,
        const struct doca_buf *src_buf, struct doca_buf *dst_buf, union doca_data user_data,
        struct doca_rdma_task_read **task);

/**
 * @brief The task as a generic doca_task (doca_pe.h), e.g. for doca_task_submit.
 *
 * @param [in] task
 * The task.
 * @return The doca_task, or NULL when task is NULL.
 */
DOCA_EXPERIMENTAL struct doca_task *doca_rdma_task_read_as_task(struct doca_rdma_task_read *task);

/**
 * @brief Set the source buffer of a read task.
 *
 * @param [in] task
 * The task.
 * @param [in] src_buf
 * The value.
 */
DOCA_EXPERIMENTAL void doca_rdma_task_read_set_src_buf(struct doca_rdma_task_read *task,
                                                       const struct doca_buf *src_buf);

/**
 * @brief Get the source buffer of a read task.
 *
 * @param [in] task
 * The task.
 * @return The value (NULL or 0 when task is NULL).
 */
DOCA_EXPERIMENTAL const struct doca_buf *
doca_rdma_task_read_get_src_buf(const struct doca_rdma_task_read *task);

/**
 * @brief Set the destination buffer of a read task.
 *
 * @param [in] task
 * The task.
 * @param [in] dst_buf
 * The value.
 */
DOCA_EXPERIMENTAL void doca_rdma_task_read_set_dst_buf(struct doca_rdma_task_read *task,
                                                       struct doca_buf *dst_buf);

/**
 * @brief Get the destination buffer of a read task.
 *
 * @param [in] task
 * The task.
 * @return The value (NULL or 0 when task is NULL).
 */
DOCA_EXPERIMENTAL struct doca_buf *
doca_rdma_task_read_get_dst_buf(const struct doca_rdma_task_read *task);

/**
 * @brief Set the connection of a read task.
 *
 * @param [in] task
 * The task.
 * @param [in] rdma_connection
 * The value.
 */
DOCA_EXPERIMENTAL void
doca_rdma_task_read_set_rdma_connection(struct doca_rdma_task_read *task,
                                        struct doca_rdma_connection *rdma_connection);

/**
 * @brief Get the connection of a read task.
 *
 * @param [in] task
 * The task.
 * @return The value (NULL or 0 when task is NULL).
 */
DOCA_EXPERIMENTAL const struct doca_rdma_connection *
doca_rdma_task_read_get_rdma_connection(const struct doca_rdma_task_read *task);

/**
 * @brief Bytes read.
 *
 * @param [in] task
 * The task.
 * @return The value, valid after the task completed (0 or NULL when task is NULL).
 */
DOCA_EXPERIMENTAL uint32_t
doca_rdma_task_read_get_result_len(const struct doca_rdma_task_read *task);

/* ---- Task: write ---- */

/**
 * @brief Whether the device can execute write tasks.
 *
 * @param [in] devinfo
 * The device to query.
 * @return DOCA_SUCCESS when supported; DOCA_ERROR_INVALID_VALUE when devinfo is NULL;
 * DOCA_ERROR_NOT_SUPPORTED when not (softdpa: every emulated device supports it).
 */
DOCA_EXPERIMENTAL doca_error_t
doca_rdma_cap_task_write_is_supported(const struct doca_devinfo *devinfo);

/**
 * @brief Configure write tasks: their completion callbacks and how many may exist. Before
 * doca_ctx_start().
 *
 * @param [in] rdma
 * The RDMA context.
 * @param [in] successful_task_completion_cb
 * Called for each task that completes successfully.
 * @param [in] error_task_completion_cb
 * Called for each task that completes with an error.
 * @param [in] num_tasks
 * Tasks of this kind the context may have at once.
 * @return DOCA_SUCCESS on success; DOCA_ERROR_INVALID_VALUE when rdma is NULL; DOCA_ERROR_BAD_STATE
 * when the context is not idle; DOCA_ERROR_NOT_SUPPORTED in softdpa (its CPU data path is not
 * emulated).
 */
DOCA_EXPERIMENTAL doca_error_t doca_rdma_task_write_set_conf(
        struct doca_rdma *rdma, doca_rdma_task_write_completion_cb_t successful_task_completion_cb,
        doca_rdma_task_write_completion_cb_t error_task_completion_cb, uint32_t num_tasks);

/**
 * @brief Allocate a write task from the context's pool and set its parameters.
 *
 * @param [in] rdma
 * The RDMA context.
 * @param [in] rdma_connection
 * The connection.
 * @param [in] src_buf
 * Local buffer to write.
 * @param [in] dst_buf
 * The peer's buffer.
 * @param [in] user_data
 * User data handed back with the task's completion.
 * @param [out] task
 * The new task.
 * @return DOCA_SUCCESS on success; DOCA_ERROR_INVALID_VALUE when rdma, rdma_connection, src_buf,
 * dst_buf or task is NULL; DOCA_ERROR_NO_MEMORY when no task is left; DOCA_ERROR_NOT_SUPPORTED in
 * softdpa (its CPU data path is not emulated).
 */
DOCA_EXPERIMENTAL doca_error_t doca_rdma_task_write_allocate_init(
        struct doca_rdma *rdma, struct doca_rdma_connection *rdma_connection,
        const struct doca_buf *src_buf, struct doca_buf *dst_buf, union doca_data user_data,
        struct doca_rdma_task_write **task);

/**
 * @brief The task as a generic doca_task (doca_pe.h), e.g. for doca_task_submit.
 *
 * @param [in] task
 * The task.
 * @return The doca_task, or NULL when task is NULL.
 */
DOCA_EXPERIMENTAL struct doca_task *doca_rdma_task_write_as_task(struct doca_rdma_task_write *task);

/**
 * @brief Set the source buffer of a write task.
 *
 * @param [in] task
 * The task.
 * @param [in] src_buf
 * The value.
 */
DOCA_EXPERIMENTAL void doca_rdma_task_write_set_src_buf(struct doca_rdma_task_write *task,
                                                        const struct doca_buf *src_buf);

/**
 * @brief Get the source buffer of a write task.
 *
 * @param [in] task
 * The task.
 * @return The value (NULL or 0 when task is NULL).
 */
DOCA_EXPERIMENTAL const struct doca_buf *
doca_rdma_task_write_get_src_buf(const struct doca_rdma_task_write *task);

/**
 * @brief Set the destination buffer of a write task.
 *
 * @param [in] task
 * The task.
 * @param [in] dst_buf
 * The value.
 */
DOCA_EXPERIMENTAL void doca_rdma_task_write_set_dst_buf(struct doca_rdma_task_write *task,
                                                        struct doca_buf *dst_buf);

/**
 * @brief Get the destination buffer of a write task.
 *
 * @param [in] task
 * The task.
 * @return The value (NULL or 0 when task is NULL).
 */
DOCA_EXPERIMENTAL struct doca_buf *
doca_rdma_task_write_get_dst_buf(const struct doca_rdma_task_write *task);

/**
 * @brief Set the connection of a write task.
 *
 * @param [in] task
 * The task.
 * @param [in] rdma_connection
 * The value.
 */
DOCA_EXPERIMENTAL void
doca_rdma_task_write_set_rdma_connection(struct doca_rdma_task_write *task,
                                         struct doca_rdma_connection *rdma_connection);

/**
 * @brief Get the connection of a write task.
 *
 * @param [in] task
 * The task.
 * @return The value (NULL or 0 when task is NULL).
 */
DOCA_EXPERIMENTAL const struct doca_rdma_connection *
doca_rdma_task_write_get_rdma_connection(const struct doca_rdma_task_write *task);

/* ---- Task: write_imm ---- */

/**
 * @brief Whether the device can execute write imm tasks.
 *
 * @param [in] devinfo
 * The device to query.
 * @return DOCA_SUCCESS when supported; DOCA_ERROR_INVALID_VALUE when devinfo is NULL;
 * DOCA_ERROR_NOT_SUPPORTED when not (softdpa: every emulated device supports it).
 */
DOCA_EXPERIMENTAL doca_error_t
doca_rdma_cap_task_write_imm_is_supported(const struct doca_devinfo *devinfo);

/**
 * @brief Configure write imm tasks: their completion callbacks and how many may exist. Before
 * doca_ctx_start().
 *
 * @param [in] rdma
 * The RDMA context.
 * @param [in] successful_task_completion_cb
 * Called for each task that completes successfully.
 * @param [in] error_task_completion_cb
 * Called for each task that completes with an error.
 * @param [in] num_tasks
 * Tasks of this kind the context may have at once.
 * @return DOCA_SUCCESS on success; DOCA_ERROR_INVALID_VALUE when rdma is NULL; DOCA_ERROR_BAD_STATE
 * when the context is not idle; DOCA_ERROR_NOT_SUPPORTED in softdpa (its CPU data path is not
 * emulated).
 */
DOCA_EXPERIMENTAL doca_error_t doca_rdma_task_write_imm_set_conf(
        struct doca_rdma *rdma,
        doca_rdma_task_write_imm_completion_cb_t successful_task_completion_cb,
        doca_rdma_task_write_imm_completion_cb_t error_task_completion_cb, uint32_t num_tasks);

/**
 * @brief Allocate a write imm task from the context's pool and set its parameters.
 *
 * @param [in] rdma
 * The RDMA context.
 * @param [in] rdma_connection
 * The connection.
 * @param [in] src_buf
 * Local buffer to write, or NULL.
 * @param [in] dst_buf
 * The peer's buffer.
 * @param [in] immediate_data
 * 32 bits of immediate data, big endian.
 * @param [in] user_data
 * User data handed back with the task's completion.
 * @param [out] task
 * The new task.
 * @return DOCA_SUCCESS on success; DOCA_ERROR_INVALID_VALUE when rdma, rdma_connection, dst_buf or
 * task is NULL; DOCA_ERROR_NO_MEMORY when no task is left; DOCA_ERROR_NOT_SUPPORTED in softdpa (its
 * CPU data path is not emulated).
 */
DOCA_EXPERIMENTAL doca_error_t doca_rdma_task_write_imm_allocate_init(
        struct doca_rdma *rdma, struct doca_rdma_connection *rdma_connection,
        const struct doca_buf *src_buf, struct doca_buf *dst_buf, doca_be32_t immediate_data,
        union doca_data user_data, struct doca_rdma_task_write_imm **task);

/**
 * @brief The task as a generic doca_task (doca_pe.h), e.g. for doca_task_submit.
 *
 * @param [in] task
 * The task.
 * @return The doca_task, or NULL when task is NULL.
 */
DOCA_EXPERIMENTAL struct doca_task *
doca_rdma_task_write_imm_as_task(struct doca_rdma_task_write_imm *task);

/**
 * @brief Set the source buffer of a write imm task.
 *
 * @param [in] task
 * The task.
 * @param [in] src_buf
 * The value.
 */
DOCA_EXPERIMENTAL void doca_rdma_task_write_imm_set_src_buf(struct doca_rdma_task_write_imm *task,
                                                            const struct doca_buf *src_buf);

/**
 * @brief Get the source buffer of a write imm task.
 *
 * @param [in] task
 * The task.
 * @return The value (NULL or 0 when task is NULL).
 */
DOCA_EXPERIMENTAL const struct doca_buf *
doca_rdma_task_write_imm_get_src_buf(const struct doca_rdma_task_write_imm *task);

/**
 * @brief Set the destination buffer of a write imm task.
 *
 * @param [in] task
 * The task.
 * @param [in] dst_buf
 * The value.
 */
DOCA_EXPERIMENTAL void doca_rdma_task_write_imm_set_dst_buf(struct doca_rdma_task_write_imm *task,
                                                            struct doca_buf *dst_buf);

/**
 * @brief Get the destination buffer of a write imm task.
 *
 * @param [in] task
 * The task.
 * @return The value (NULL or 0 when task is NULL).
 */
DOCA_EXPERIMENTAL struct doca_buf *
doca_rdma_task_write_imm_get_dst_buf(const struct doca_rdma_task_write_imm *task);

/**
 * @brief Set the immediate data of a write imm task.
 *
 * @param [in] task
 * The task.
 * @param [in] immediate_data
 * The value.
 */
DOCA_EXPERIMENTAL void
doca_rdma_task_write_imm_set_immediate_data(struct doca_rdma_task_write_imm *task,
                                            doca_be32_t immediate_data);

/**
 * @brief Get the immediate data of a write imm task.
 *
 * @param [in] task
 * The task.
 * @return The value (NULL or 0 when task is NULL).
 */
DOCA_EXPERIMENTAL doca_be32_t
doca_rdma_task_write_imm_get_immediate_data(const struct doca_rdma_task_write_imm *task);

/**
 * @brief Set the connection of a write imm task.
 *
 * @param [in] task
 * The task.
 * @param [in] rdma_connection
 * The value.
 */
DOCA_EXPERIMENTAL void
doca_rdma_task_write_imm_set_rdma_connection(struct doca_rdma_task_write_imm *task,
                                             struct doca_rdma_connection *rdma_connection);

/**
 * @brief Get the connection of a write imm task.
 *
 * @param [in] task
 * The task.
 * @return The value (NULL or 0 when task is NULL).
 */
DOCA_EXPERIMENTAL const struct doca_rdma_connection *
doca_rdma_task_write_imm_get_rdma_connection(const struct doca_rdma_task_write_imm *task);

/* ---- Task: atomic_cmp_swp ---- */

/**
 * @brief Whether the device can execute atomic cmp swp tasks.
 *
 * @param [in] devinfo
 * The device to query.
 * @return DOCA_SUCCESS when supported; DOCA_ERROR_INVALID_VALUE when devinfo is NULL;
 * DOCA_ERROR_NOT_SUPPORTED when not (softdpa: every emulated device supports it).
 */
DOCA_EXPERIMENTAL doca_error_t
doca_rdma_cap_task_atomic_cmp_swp_is_supported(const struct doca_devinfo *devinfo);

/**
 * @brief Configure atomic cmp swp tasks: their completion callbacks and how many may exist. Before
 * doca_ctx_start().
 *
 * @param [in] rdma
 * The RDMA context.
 * @param [in] successful_task_completion_cb
 * Called for each task that completes successfully.
 * @param [in] error_task_completion_cb
 * Called for each task that completes with an error.
 * @param [in] num_tasks
 * Tasks of this kind the context may have at once.
 * @return DOCA_SUCCESS on success; DOCA_ERROR_INVALID_VALUE when rdma is NULL; DOCA_ERROR_BAD_STATE
 * when the context is not idle; DOCA_ERROR_NOT_SUPPORTED in softdpa (its CPU data path is not
 * emulated).
 */
DOCA_EXPERIMENTAL doca_error_t doca_rdma_task_atomic_cmp_swp_set_conf(
        struct doca_rdma *rdma,
        doca_rdma_task_atomic_cmp_swp_completion_cb_t successful_task_completion_cb,
        doca_rdma_task_atomic_cmp_swp_completion_cb_t error_task_completion_cb, uint32_t num_tasks);

/**
 * @brief Allocate a atomic cmp swp task from the context's pool and set its parameters.
 *
 * @param [in] rdma
 * The RDMA context.
 * @param [in] rdma_connection
 * The connection.
 * @param [in] dst_buf
 * The peer's 8-byte word.
 * @param [in] result_buf
 * Local buffer that receives the peer's value before the operation.
 * @param [in] cmp_data
 * The value to compare with.
 * @param [in] swap_data
 * The value written when the comparison holds.
 * @param [in] user_data
 * User data handed back with the task's completion.
 * @param [out] task
 * The new task.
 * @return DOCA_SUCCESS on success; DOCA_ERROR_INVALID_VALUE when rdma, rdma_connection, dst_buf,
 * result_buf or task is NULL; DOCA_ERROR_NO_MEMORY when no task is left; DOCA_ERROR_NOT_SUPPORTED
 * in softdpa (its CPU data path is not emulated).
 */
DOCA_EXPERIMENTAL doca_error_t doca_rdma_task_atomic_cmp_swp_allocate_init(
        struct doca_rdma *rdma, struct doca_rdma_connection *rdma_connection,
        struct doca_buf *dst_buf, struct doca_buf *result_buf, uint64_t cmp_data,
        uint64_t swap_data, union doca_data user_data, struct doca_rdma_task_atomic_cmp_swp **task);

/**
 * @brief The task as a generic doca_task (doca_pe.h), e.g. for doca_task_submit.
 *
 * @param [in] task
 * The task.
 * @return The doca_task, or NULL when task is NULL.
 */
DOCA_EXPERIMENTAL struct doca_task *
doca_rdma_task_atomic_cmp_swp_as_task(struct doca_rdma_task_atomic_cmp_swp *task);

/**
 * @brief Set the destination buffer of a atomic cmp swp task.
 *
 * @param [in] task
 * The task.
 * @param [in] dst_buf
 * The value.
 */
DOCA_EXPERIMENTAL void
doca_rdma_task_atomic_cmp_swp_set_dst_buf(struct doca_rdma_task_atomic_cmp_swp *task,
                                          struct doca_buf *dst_buf);

/**
 * @brief Get the destination buffer of a atomic cmp swp task.
 *
 * @param [in] task
 * The task.
 * @return The value (NULL or 0 when task is NULL).
 */
DOCA_EXPERIMENTAL struct doca_buf *
doca_rdma_task_atomic_cmp_swp_get_dst_buf(const struct doca_rdma_task_atomic_cmp_swp *task);

/**
 * @brief Set the result buffer of a atomic cmp swp task.
 *
 * @param [in] task
 * The task.
 * @param [in] result_buf
 * The value.
 */
DOCA_EXPERIMENTAL void
doca_rdma_task_atomic_cmp_swp_set_result_buf(struct doca_rdma_task_atomic_cmp_swp *task,
                                             struct doca_buf *result_buf);

/**
 * @brief Get the result buffer of a atomic cmp swp task.
 *
 * @param [in] task
 * The task.
 * @return The value (NULL or 0 when task is NULL).
 */
DOCA_EXPERIMENTAL struct doca_buf *
doca_rdma_task_atomic_cmp_swp_get_result_buf(const struct doca_rdma_task_atomic_cmp_swp *task);

/**
 * @brief Set the compare value of a atomic cmp swp task.
 *
 * @param [in] task
 * The task.
 * @param [in] cmp_data
 * The value.
 */
DOCA_EXPERIMENTAL void
doca_rdma_task_atomic_cmp_swp_set_cmp_data(struct doca_rdma_task_atomic_cmp_swp *task,
                                           uint64_t cmp_data);

/**
 * @brief Get the compare value of a atomic cmp swp task.
 *
 * @param [in] task
 * The task.
 * @return The value (NULL or 0 when task is NULL).
 */
DOCA_EXPERIMENTAL uint64_t
doca_rdma_task_atomic_cmp_swp_get_cmp_data(const struct doca_rdma_task_atomic_cmp_swp *task);

/**
 * @brief Set the swap value of a atomic cmp swp task.
 *
 * @param [in] task
 * The task.
 * @param [in] swap_data
 * The value.
 */
DOCA_EXPERIMENTAL void
doca_rdma_task_atomic_cmp_swp_set_swap_data(struct doca_rdma_task_atomic_cmp_swp *task,
                                            uint64_t swap_data);

/**
 * @brief Get the swap value of a atomic cmp swp task.
 *
 * @param [in] task
 * The task.
 * @return The value (NULL or 0 when task is NULL).
 */
DOCA_EXPERIMENTAL uint64_t
doca_rdma_task_atomic_cmp_swp_get_swap_data(const struct doca_rdma_task_atomic_cmp_swp *task);

/**
 * @brief Set the connection of a atomic cmp swp task.
 *
 * @param [in] task
 * The task.
 * @param [in] rdma_connection
 * The value.
 */
DOCA_EXPERIMENTAL void
doca_rdma_task_atomic_cmp_swp_set_rdma_connection(struct doca_rdma_task_atomic_cmp_swp *task,
                                                  struct doca_rdma_connection *rdma_connection);

/**
 * @brief Get the connection of a atomic cmp swp task.
 *
 * @param [in] task
 * The task.
 * @return The value (NULL or 0 when task is NULL).
 */
DOCA_EXPERIMENTAL const struct doca_rdma_connection *
doca_rdma_task_atomic_cmp_swp_get_rdma_connection(const struct doca_rdma_task_atomic_cmp_swp *task);

/* ---- Task: atomic_fetch_add ---- */

/**
 * @brief Whether the device can execute atomic fetch add tasks.
 *
 * @param [in] devinfo
 * The device to query.
 * @return DOCA_SUCCESS when supported; DOCA_ERROR_INVALID_VALUE when devinfo is NULL;
 * DOCA_ERROR_NOT_SUPPORTED when not (softdpa: every emulated device supports it).
 */
DOCA_EXPERIMENTAL doca_error_t
doca_rdma_cap_task_atomic_fetch_add_is_supported(const struct doca_devinfo *devinfo);

/**
 * @brief Configure atomic fetch add tasks: their completion callbacks and how many may exist.
 * Before doca_ctx_start().
 *
 * @param [in] rdma
 * The RDMA context.
 * @param [in] successful_task_completion_cb
 * Called for each task that completes successfully.
 * @param [in] error_task_completion_cb
 * Called for each task that completes with an error.
 * @param [in] num_tasks
 * Tasks of this kind the context may have at once.
 * @return DOCA_SUCCESS on success; DOCA_ERROR_INVALID_VALUE when rdma is NULL; DOCA_ERROR_BAD_STATE
 * when the context is not idle; DOCA_ERROR_NOT_SUPPORTED in softdpa (its CPU data path is not
 * emulated).
 */
DOCA_EXPERIMENTAL doca_error_t doca_rdma_task_atomic_fetch_add_set_conf(
        struct doca_rdma *rdma,
        doca_rdma_task_atomic_fetch_add_completion_cb_t successful_task_completion_cb,
        doca_rdma_task_atomic_fetch_add_completion_cb_t error_task_completion_cb,
        uint32_t num_tasks);

/**
 * @brief Allocate a atomic fetch add task from the context's pool and set its parameters.
 *
 * @param [in] rdma
 * The RDMA context.
 * @param [in] rdma_connection
 * The connection.
 * @param [in] dst_buf
 * The peer's 8-byte word.
 * @param [in] result_buf
 * Local buffer that receives the peer's value before the operation.
 * @param [in] add_data
 * The value to add.
 * @param [in] user_data
 * User data handed back with the task's completion.
 * @param [out] task
 * The new task.
 * @return DOCA_SUCCESS on success; DOCA_ERROR_INVALID_VALUE when rdma, rdma_connection, dst_buf,
 * result_buf or task is NULL; DOCA_ERROR_NO_MEMORY when no task is left; DOCA_ERROR_NOT_SUPPORTED
 * in softdpa (its CPU data path is not emulated).
 */
DOCA_EXPERIMENTAL doca_error_t doca_rdma_task_atomic_fetch_add_allocate_init(
        struct doca_rdma *rdma, struct doca_rdma_connection *rdma_connection,
        struct doca_buf *dst_buf, struct doca_buf *result_buf, uint64_t add_data,
        union doca_data user_data, struct doca_rdma_task_atomic_fetch_add **task);

/**
 * @brief The task as a generic doca_task (doca_pe.h), e.g. for doca_task_submit.
 *
 * @param [in] task
 * The task.
 * @return The doca_task, or NULL when task is NULL.
 */
DOCA_EXPERIMENTAL struct doca_task *
doca_rdma_task_atomic_fetch_add_as_task(struct doca_rdma_task_atomic_fetch_add *task);

/**
 * @brief Set the destination buffer of a atomic fetch add task.
 *
 * @param [in] task
 * The task.
 * @param [in] dst_buf
 * The value.
 */
DOCA_EXPERIMENTAL void
doca_rdma_task_atomic_fetch_add_set_dst_buf(struct doca_rdma_task_atomic_fetch_add *task,
                                            struct doca_buf *dst_buf);

/**
 * @brief Get the destination buffer of a atomic fetch add task.
 *
 * @param [in] task
 * The task.
 * @return The value (NULL or 0 when task is NULL).
 */
DOCA_EXPERIMENTAL struct doca_buf *
doca_rdma_task_atomic_fetch_add_get_dst_buf(const struct doca_rdma_task_atomic_fetch_add *task);

/**
 * @brief Set the result buffer of a atomic fetch add task.
 *
 * @param [in] task
 * The task.
 * @param [in] result_buf
 * The value.
 */
DOCA_EXPERIMENTAL void
doca_rdma_task_atomic_fetch_add_set_result_buf(struct doca_rdma_task_atomic_fetch_add *task,
                                               struct doca_buf *result_buf);

/**
 * @brief Get the result buffer of a atomic fetch add task.
 *
 * @param [in] task
 * The task.
 * @return The value (NULL or 0 when task is NULL).
 */
DOCA_EXPERIMENTAL struct doca_buf *
doca_rdma_task_atomic_fetch_add_get_result_buf(const struct doca_rdma_task_atomic_fetch_add *task);

/**
 * @brief Set the value to add of a atomic fetch add task.
 *
 * @param [in] task
 * The task.
 * @param [in] add_data
 * The value.
 */
DOCA_EXPERIMENTAL void
doca_rdma_task_atomic_fetch_add_set_add_data(struct doca_rdma_task_atomic_fetch_add *task,
                                             uint64_t add_data);

/**
 * @brief Get the value to add of a atomic fetch add task.
 *
 * @param [in] task
 * The task.
 * @return The value (NULL or 0 when task is NULL).
 */
DOCA_EXPERIMENTAL uint64_t
doca_rdma_task_atomic_fetch_add_get_add_data(const struct doca_rdma_task_atomic_fetch_add *task);

/**
 * @brief Set the connection of a atomic fetch add task.
 *
 * @param [in] task
 * The task.
 * @param [in] rdma_connection
 * The value.
 */
DOCA_EXPERIMENTAL void
doca_rdma_task_atomic_fetch_add_set_rdma_connection(struct doca_rdma_task_atomic_fetch_add *task,
                                                    struct doca_rdma_connection *rdma_connection);

/**
 * @brief Get the connection of a atomic fetch add task.
 *
 * @param [in] task
 * The task.
 * @return The value (NULL or 0 when task is NULL).
 */
DOCA_EXPERIMENTAL const struct doca_rdma_connection *
doca_rdma_task_atomic_fetch_add_get_rdma_connection(
        const struct doca_rdma_task_atomic_fetch_add *task);

/* ---- Task: remote_net_sync_event_get ---- */

/**
 * @brief Whether the device can execute remote net sync event get tasks.
 *
 * @param [in] devinfo
 * The device to query.
 * @return DOCA_SUCCESS when supported; DOCA_ERROR_INVALID_VALUE when devinfo is NULL;
 * DOCA_ERROR_NOT_SUPPORTED when not (softdpa: every emulated device supports it).
 */
DOCA_EXPERIMENTAL doca_error_t
doca_rdma_cap_task_remote_net_sync_event_get_is_supported(const struct doca_devinfo *devinfo);

/**
 * @brief Configure remote net sync event get tasks: their completion callbacks and how many may
 * exist. Before doca_ctx_start().
 *
 * @param [in] rdma
 * The RDMA context.
 * @param [in] successful_task_completion_cb
 * Called for each task that completes successfully.
 * @param [in] error_task_completion_cb
 * Called for each task that completes with an error.
 * @param [in] num_tasks
 * Tasks of this kind the context may have at once.
 * @return DOCA_SUCCESS on success; DOCA_ERROR_INVALID_VALUE when rdma is NULL; DOCA_ERROR_BAD_STATE
 * when the context is not idle; DOCA_ERROR_NOT_SUPPORTED in softdpa (its CPU data path is not
 * emulated).
 */
DOCA_EXPERIMENTAL doca_error_t doca_rdma_task_remote_net_sync_event_get_set_conf(
        struct doca_rdma *rdma,
        doca_rdma_task_remote_net_sync_event_get_completion_cb_t successful_task_completion_cb,
        doca_rdma_task_remote_net_sync_event_get_completion_cb_t error_task_completion_cb,
        uint32_t num_tasks);

/**
 * @brief Allocate a remote net sync event get task from the context's pool and set its parameters.
 *
 * @param [in] rdma
 * The RDMA context.
 * @param [out] rdma_connection
 * The connection.
 * @param [in] event
 * The peer's sync event (doca_sync_event_remote_net_create_from_export).
 * @param [out] dst_buf
 * Local buffer that receives the event's value.
 * @param [in] user_data
 * User data handed back with the task's completion.
 * @param [out] task
 * The new task.
 * @return DOCA_SUCCESS on success; DOCA_ERROR_INVALID_VALUE when rdma, rdma_connection, event,
 * dst_buf or task is NULL; DOCA_ERROR_NO_MEMORY when no task is left; DOCA_ERROR_NOT_SUPPORTED in
 * softdpa (its CPU data path is not emulated).
 */
DOCA_EXPERIMENTAL doca_error_t doca_rdma_task_remote_net_sync_event_get_allocate_init(
        struct doca_rdma *rdma, struct doca_rdma_connection *rdma_connection,
        const struct doca_sync_event_remote_net *event, struct doca_buf *dst_buf,
        union doca_data user_data, struct doca_rdma_task_remote_net_sync_event_get **task);

/**
 * @brief The task as a generic doca_task (doca_pe.h), e.g. for doca_task_submit.
 *
 * @param [in] task
 * The task.
 * @return The doca_task, or NULL when task is NULL.
 */
DOCA_EXPERIMENTAL struct doca_task *doca_rdma_task_remote_net_sync_event_get_as_task(
        struct doca_rdma_task_remote_net_sync_event_get *task);

/**
 * @brief Set the remote sync event of a remote net sync event get task.
 *
 * @param [in] task
 * The task.
 * @param [in] event
 * The peer's sync event (doca_sync_event_remote_net_create_from_export).
 */
DOCA_EXPERIMENTAL void doca_rdma_task_remote_net_sync_event_get_set_sync_event(
        struct doca_rdma_task_remote_net_sync_event_get *task,
        const struct doca_sync_event_remote_net *event);

/**
 * @brief Get the remote sync event of a remote net sync event get task.
 *
 * @param [in] task
 * The task.
 * @return The value (NULL or 0 when task is NULL).
 */
DOCA_EXPERIMENTAL const struct doca_sync_event_remote_net *
doca_rdma_task_remote_net_sync_event_get_get_sync_event(
        const struct doca_rdma_task_remote_net_sync_event_get *task);

/**
 * @brief Set the destination buffer of a remote net sync event get task.
 *
 * @param [in] task
 * The task.
 * @param [in] dst_buf
 * The value.
 */
DOCA_EXPERIMENTAL void doca_rdma_task_remote_net_sync_event_get_set_dst_buf(
        struct doca_rdma_task_remote_net_sync_event_get *task, struct doca_buf *dst_buf);

/**
 * @brief Get the destination buffer of a remote net sync event get task.
 *
 * @param [in] task
 * The task.
 * @return The value (NULL or 0 when task is NULL).
 */
DOCA_EXPERIMENTAL struct doca_buf *doca_rdma_task_remote_net_sync_event_get_get_dst_buf(
        const struct doca_rdma_task_remote_net_sync_event_get *task);

/**
 * @brief Set the connection of a remote net sync event get task.
 *
 * @param [in] task
 * The task.
 * @param [in] rdma_connection
 * The value.
 */
DOCA_EXPERIMENTAL void doca_rdma_task_remote_net_sync_event_get_set_rdma_connection(
        struct doca_rdma_task_remote_net_sync_event_get *task,
        struct doca_rdma_connection *rdma_connection);

/**
 * @brief Get the connection of a remote net sync event get task.
 *
 * @param [in] task
 * The task.
 * @return The value (NULL or 0 when task is NULL).
 */
DOCA_EXPERIMENTAL const struct doca_rdma_connection *
doca_rdma_task_remote_net_sync_event_get_get_rdma_connection(
        const struct doca_rdma_task_remote_net_sync_event_get *task);

/**
 * @brief Bytes written into the destination buffer.
 *
 * @param [in] task
 * The task.
 * @return The value, valid after the task completed (0 or NULL when task is NULL).
 */
DOCA_EXPERIMENTAL uint32_t doca_rdma_task_remote_net_sync_event_get_get_result_len(
        const struct doca_rdma_task_remote_net_sync_event_get *task);

/* ---- Task: remote_net_sync_event_notify_set ---- */

/**
 * @brief Whether the device can execute remote net sync event notify set tasks.
 *
 * @param [in] devinfo
 * The device to query.
 * @return DOCA_SUCCESS when supported; DOCA_ERROR_INVALID_VALUE when devinfo is NULL;
 * DOCA_ERROR_NOT_SUPPORTED when not (softdpa: every emulated device supports it).
 */
DOCA_EXPERIMENTAL doca_error_t doca_rdma_cap_task_remote_net_sync_event_notify_set_is_supported(
        const struct doca_devinfo *devinfo);

/**
 * @brief Configure remote net sync event notify set tasks: their completion callbacks and how many
 * may exist. Before doca_ctx_start().
 *
 * @param [in] rdma
 * The RDMA context.
 * @param [in] successful_task_completion_cb
 * Called for each task that completes successfully.
 * @param [in] error_task_completion_cb
 * Called for each task that completes with an error.
 * @param [in] num_tasks
 * Tasks of this kind the context may have at once.
 * @return DOCA_SUCCESS on success; DOCA_ERROR_INVALID_VALUE when rdma is NULL; DOCA_ERROR_BAD_STATE
 * when the context is not idle; DOCA_ERROR_NOT_SUPPORTED in softdpa (its CPU data path is not
 * emulated).
 */
DOCA_EXPERIMENTAL doca_error_t doca_rdma_task_remote_net_sync_event_notify_set_set_conf(
        struct doca_rdma *rdma,
        doca_rdma_task_remote_net_sync_event_notify_set_completion_cb_t
                successful_task_completion_cb,
        doca_rdma_task_remote_net_sync_event_notify_set_completion_cb_t error_task_completion_cb,
        uint32_t num_tasks);

/**
 * @brief Allocate a remote net sync event notify set task from the context's pool and set its
 * parameters.
 *
 * @param [in] rdma
 * The RDMA context.
 * @param [in] rdma_connection
 * The connection.
 * @param [in] event
 * The peer's sync event (doca_sync_event_remote_net_create_from_export).
 * @param [in] src_buf
 * Local buffer holding the value to set.
 * @param [in] user_data
 * User data handed back with the task's completion.
 * @param [out] task
 * The new task.
 * @return DOCA_SUCCESS on success; DOCA_ERROR_INVALID_VALUE when rdma, rdma_connection, event,
 * src_buf or task is NULL; DOCA_ERROR_NO_MEMORY when no task is left; DOCA_ERROR_NOT_SUPPORTED in
 * softdpa (its CPU data path is not emulated).
 */
DOCA_EXPERIMENTAL doca_error_t doca_rdma_task_remote_net_sync_event_notify_set_allocate_init(
        struct doca_rdma *rdma, struct doca_rdma_connection *rdma_connection,
        struct doca_sync_event_remote_net *event, const struct doca_buf *src_buf,
        union doca_data user_data, struct doca_rdma_task_remote_net_sync_event_notify_set **task);

/**
 * @brief The task as a generic doca_task (doca_pe.h), e.g. for doca_task_submit.
 *
 * @param [in] task
 * The task.
 * @return The doca_task, or NULL when task is NULL.
 */
DOCA_EXPERIMENTAL struct doca_task *doca_rdma_task_remote_net_sync_event_notify_set_as_task(
        struct doca_rdma_task_remote_net_sync_event_notify_set *task);

/**
 * @brief Set the remote sync event of a remote net sync event notify set task.
 *
 * @param [in] task
 * The task.
 * @param [in] event
 * The peer's sync event (doca_sync_event_remote_net_create_from_export).
 */
DOCA_EXPERIMENTAL void doca_rdma_task_remote_net_sync_event_notify_set_set_sync_event(
        struct doca_rdma_task_remote_net_sync_event_notify_set *task,
        struct doca_sync_event_remote_net *event);

/**
 * @brief Get the remote sync event of a remote net sync event notify set task.
 *
 * @param [in] task
 * The task.
 * @return The value (NULL or 0 when task is NULL).
 */
DOCA_EXPERIMENTAL struct doca_sync_event_remote_net *
doca_rdma_task_remote_net_sync_event_notify_set_get_sync_event(
        const struct doca_rdma_task_remote_net_sync_event_notify_set *task);

/**
 * @brief Set the connection of a remote net sync event notify set task.
 *
 * @param [in] task
 * The task.
 * @param [in] rdma_connection
 * The value.
 */
DOCA_EXPERIMENTAL void doca_rdma_task_remote_net_sync_event_notify_set_set_rdma_connection(
        struct doca_rdma_task_remote_net_sync_event_notify_set *task,
        struct doca_rdma_connection *rdma_connection);

/**
 * @brief Get the connection of a remote net sync event notify set task.
 *
 * @param [in] task
 * The task.
 * @return The value (NULL or 0 when task is NULL).
 */
DOCA_EXPERIMENTAL const struct doca_rdma_connection *
doca_rdma_task_remote_net_sync_event_notify_set_get_rdma_connection(
        const struct doca_rdma_task_remote_net_sync_event_notify_set *task);

/**
 * @brief Set the source buffer of a remote net sync event notify set task.
 *
 * @param [in] task
 * The task.
 * @param [in] src_buf
 * The value.
 */
DOCA_EXPERIMENTAL void doca_rdma_task_remote_net_sync_event_notify_set_set_src_buf(
        struct doca_rdma_task_remote_net_sync_event_notify_set *task,
        const struct doca_buf *src_buf);

/**
 * @brief Get the source buffer of a remote net sync event notify set task.
 *
 * @param [in] task
 * The task.
 * @return The value (NULL or 0 when task is NULL).
 */
DOCA_EXPERIMENTAL const struct doca_buf *
doca_rdma_task_remote_net_sync_event_notify_set_get_src_buf(
        const struct doca_rdma_task_remote_net_sync_event_notify_set *task);

/* ---- Task: remote_net_sync_event_notify_add ---- */

/**
 * @brief Whether the device can execute remote net sync event notify add tasks.
 *
 * @param [in] devinfo
 * The device to query.
 * @return DOCA_SUCCESS when supported; DOCA_ERROR_INVALID_VALUE when devinfo is NULL;
 * DOCA_ERROR_NOT_SUPPORTED when not (softdpa: every emulated device supports it).
 */
DOCA_EXPERIMENTAL doca_error_t doca_rdma_cap_task_remote_net_sync_event_notify_add_is_supported(
        const struct doca_devinfo *devinfo);

/**
 * @brief Configure remote net sync event notify add tasks: their completion callbacks and how many
 * may exist. Before doca_ctx_start().
 *
 * @param [in] rdma
 * The RDMA context.
 * @param [in] successful_task_completion_cb
 * Called for each task that completes successfully.
 * @param [in] error_task_completion_cb
 * Called for each task that completes with an error.
 * @param [in] num_tasks
 * Tasks of this kind the context may have at once.
 * @return DOCA_SUCCESS on success; DOCA_ERROR_INVALID_VALUE when rdma is NULL; DOCA_ERROR_BAD_STATE
 * when the context is not idle; DOCA_ERROR_NOT_SUPPORTED in softdpa (its CPU data path is not
 * emulated).
 */
DOCA_EXPERIMENTAL doca_error_t doca_rdma_task_remote_net_sync_event_notify_add_set_conf(
        struct doca_rdma *rdma,
        doca_rdma_task_remote_net_sync_event_notify_add_completion_cb_t
                successful_task_completion_cb,
        doca_rdma_task_remote_net_sync_event_notify_add_completion_cb_t error_task_completion_cb,
        uint32_t num_tasks);

/**
 * @brief Allocate a remote net sync event notify add task from the context's pool and set its
 * parameters.
 *
 * @param [in] rdma
 * The RDMA context.
 * @param [in] rdma_connection
 * The connection.
 * @param [in] event
 * The peer's sync event (doca_sync_event_remote_net_create_from_export).
 * @param [in] result_buf
 * Local buffer that receives the peer's value before the operation.
 * @param [in] add_data
 * The value to add.
 * @param [in] user_data
 * User data handed back with the task's completion.
 * @param [out] task
 * The new task.
 * @return DOCA_SUCCESS on success; DOCA_ERROR_INVALID_VALUE when rdma, rdma_connection, event,
 * result_buf or task is NULL; DOCA_ERROR_NO_MEMORY when no task is left; DOCA_ERROR_NOT_SUPPORTED
 * in softdpa (its CPU data path is not emulated).
 */
DOCA_EXPERIMENTAL doca_error_t doca_rdma_task_remote_net_sync_event_notify_add_allocate_init(
        struct doca_rdma *rdma, struct doca_rdma_connection *rdma_connection,
        struct doca_sync_event_remote_net *event, struct doca_buf *result_buf, uint64_t add_data,
        union doca_data user_data, struct doca_rdma_task_remote_net_sync_event_notify_add **task);

/**
 * @brief The task as a generic doca_task (doca_pe.h), e.g. for doca_task_submit.
 *
 * @param [in] task
 * The task.
 * @return The doca_task, or NULL when task is NULL.
 */
DOCA_EXPERIMENTAL struct doca_task *doca_rdma_task_remote_net_sync_event_notify_add_as_task(
        struct doca_rdma_task_remote_net_sync_event_notify_add *task);

/**
 * @brief Set the remote sync event of a remote net sync event notify add task.
 *
 * @param [in] task
 * The task.
 * @param [in] event
 * The peer's sync event (doca_sync_event_remote_net_create_from_export).
 */
DOCA_EXPERIMENTAL void doca_rdma_task_remote_net_sync_event_notify_add_set_sync_event(
        struct doca_rdma_task_remote_net_sync_event_notify_add *task,
        struct doca_sync_event_remote_net *event);

/**
 * @brief Get the remote sync event of a remote net sync event notify add task.
 *
 * @param [in] task
 * The task.
 * @return The value (NULL or 0 when task is NULL).
 */
DOCA_EXPERIMENTAL struct doca_sync_event_remote_net *
doca_rdma_task_remote_net_sync_event_notify_add_get_sync_event(
        const struct doca_rdma_task_remote_net_sync_event_notify_add *task);

/**
 * @brief Set the result buffer of a remote net sync event notify add task.
 *
 * @param [in] task
 * The task.
 * @param [in] result_buf
 * The value.
 */
DOCA_EXPERIMENTAL void doca_rdma_task_remote_net_sync_event_notify_add_set_result_buf(
        struct doca_rdma_task_remote_net_sync_event_notify_add *task, struct doca_buf *result_buf);

/**
 * @brief Get the result buffer of a remote net sync event notify add task.
 *
 * @param [in] task
 * The task.
 * @return The value (NULL or 0 when task is NULL).
 */
DOCA_EXPERIMENTAL struct doca_buf *doca_rdma_task_remote_net_sync_event_notify_add_get_result_buf(
        const struct doca_rdma_task_remote_net_sync_event_notify_add *task);

/**
 * @brief Set the value to add of a remote net sync event notify add task.
 *
 * @param [in] task
 * The task.
 * @param [in] add_data
 * The value.
 */
DOCA_EXPERIMENTAL void doca_rdma_task_remote_net_sync_event_notify_add_set_add_data(
        struct doca_rdma_task_remote_net_sync_event_notify_add *task, uint64_t add_data);

/**
 * @brief Get the value to add of a remote net sync event notify add task.
 *
 * @param [in] task
 * The task.
 * @return The value (NULL or 0 when task is NULL).
 */
DOCA_EXPERIMENTAL uint64_t doca_rdma_task_remote_net_sync_event_notify_add_get_add_data(
        const struct doca_rdma_task_remote_net_sync_event_notify_add *task);

/**
 * @brief Set the connection of a remote net sync event notify add task.
 *
 * @param [in] task
 * The task.
 * @param [in] rdma_connection
 * The value.
 */
DOCA_EXPERIMENTAL void doca_rdma_task_remote_net_sync_event_notify_add_set_rdma_connection(
        struct doca_rdma_task_remote_net_sync_event_notify_add *task,
        struct doca_rdma_connection *rdma_connection);

/**
 * @brief Get the connection of a remote net sync event notify add task.
 *
 * @param [in] task
 * The task.
 * @return The value (NULL or 0 when task is NULL).
 */
DOCA_EXPERIMENTAL const struct doca_rdma_connection *
doca_rdma_task_remote_net_sync_event_notify_add_get_rdma_connection(
        const struct doca_rdma_task_remote_net_sync_event_notify_add *task);

/* ---- DPA completion ---- */

/**
 * @brief Report the completions of an RDMA context whose data path is on the DPA to a DPA
 * completion context. Before doca_ctx_start().
 *
 * @param [in] rdma
 * The RDMA context.
 * @param [in] dpa_comp
 * The DPA completion context (doca_dpa_completion_create).
 * @return DOCA_SUCCESS on success; DOCA_ERROR_INVALID_VALUE when rdma or dpa_comp is NULL;
 * DOCA_ERROR_BAD_STATE when the context is started.
 */
DOCA_EXPERIMENTAL doca_error_t
doca_rdma_dpa_completion_attach(struct doca_rdma *rdma, struct doca_dpa_completion *dpa_comp);

#ifdef __cplusplus
}
#endif

#endif /* DOCA_RDMA_H_ */
