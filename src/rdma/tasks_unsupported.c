/* SPDX-License-Identifier: BSD-3-Clause
 * DOCA RDMA's CPU data path (doca_rdma.h): tasks on a progress engine, the connection
 * manager, the bridge and the GPU handle are not emulated (the context, its configuration,
 * export/connect and the DPA data path are: rdma.c). The RC task capability queries answer
 * for the device (below); every other call here checks its arguments like DOCA
 * (INVALID_VALUE and one line naming what is wrong), then refuses and says so, once per call
 * site and second at most (a polling loop must not flood the log).
 */
#include <stddef.h>

#include <doca_rdma.h>

#include "core/devices.h"
#include "core/log.h"
#include "core/refuse.h"

SDPA_LOG_REGISTER(rdma_cpu);

#define SAY_UNSUPPORTED()                                                                          \
	SDPA_SAY_REFUSED("RDMA's CPU data path is not emulated; put the data path on the DPA")

/* What to pass instead of a bad argument (the records join several with "; "). */
#define RDMA_FIX    "pass the context from doca_rdma_create"
#define CONN_FIX    "pass a connection from doca_rdma_export or a connection callback"
#define TASK_FIX    "pass a task from its _allocate_init call"
#define DEVINFO_FIX "pass an entry of doca_devinfo_create_list"
#define CBS_FIX     "pass both completion callbacks"
#define RESULT_FIX  "pass a result pointer"

/* The RC task capabilities describe the device, not softdpa: every emulated model (a
 * BlueField-3 or a ConnectX-6 function, PF, VF or SF) is an RDMA NIC whose RC transport
 * supports send, receive, read, write (with immediate) and the 64-bit atomics. A program
 * that picks its RDMA device by these capabilities (DOCA's DPA samples do) finds it, and
 * the refusal comes from the call that would use the transport (doca_rdma_create). */
static doca_error_t device_has_rc(const char *fn, const struct doca_devinfo *devinfo)
{
	if (sdpa_devinfo_id(devinfo) == SDPA_DEV_ID_INVALID) {
		DOCA_LOG_ERR("%s: devinfo is not a live device entry; " DEVINFO_FIX, fn);
		return DOCA_ERROR_INVALID_VALUE;
	}
	return DOCA_SUCCESS;
}

/* ---- Context ---- */

DOCA_EXPERIMENTAL doca_error_t doca_rdma_addr_create(enum doca_rdma_addr_type addr_type,
                                                     const char *address, uint16_t port,
                                                     struct doca_rdma_addr **addr)
{
	(void)addr_type;
	(void)port;
	if (SDPA_NULL_ARGS("pass the address text; " RESULT_FIX, address, addr))
		return DOCA_ERROR_INVALID_VALUE;
	SAY_UNSUPPORTED();
	return DOCA_ERROR_NOT_SUPPORTED;
}

DOCA_EXPERIMENTAL doca_error_t doca_rdma_addr_destroy(struct doca_rdma_addr *addr)
{
	if (SDPA_NULL_ARGS("pass an address from doca_rdma_addr_create", addr))
		return DOCA_ERROR_INVALID_VALUE;
	SAY_UNSUPPORTED();
	return DOCA_ERROR_NOT_SUPPORTED;
}

DOCA_EXPERIMENTAL doca_error_t doca_rdma_start_listen_to_port(struct doca_rdma *rdma, uint16_t port)
{
	(void)port;
	if (SDPA_NULL_ARGS(RDMA_FIX, rdma))
		return DOCA_ERROR_INVALID_VALUE;
	SAY_UNSUPPORTED();
	return DOCA_ERROR_NOT_SUPPORTED;
}

DOCA_EXPERIMENTAL doca_error_t doca_rdma_stop_listen_to_port(struct doca_rdma *rdma, uint16_t port)
{
	(void)port;
	if (SDPA_NULL_ARGS(RDMA_FIX, rdma))
		return DOCA_ERROR_INVALID_VALUE;
	SAY_UNSUPPORTED();
	return DOCA_ERROR_NOT_SUPPORTED;
}

DOCA_EXPERIMENTAL doca_error_t doca_rdma_connection_accept(
        struct doca_rdma_connection *rdma_connection, void *private_data, uint8_t private_data_len)
{
	(void)private_data;
	(void)private_data_len;
	if (SDPA_NULL_ARGS(CONN_FIX, rdma_connection))
		return DOCA_ERROR_INVALID_VALUE;
	SAY_UNSUPPORTED();
	return DOCA_ERROR_NOT_SUPPORTED;
}

DOCA_EXPERIMENTAL doca_error_t
doca_rdma_connection_reject(struct doca_rdma_connection *rdma_connection)
{
	if (SDPA_NULL_ARGS(CONN_FIX, rdma_connection))
		return DOCA_ERROR_INVALID_VALUE;
	SAY_UNSUPPORTED();
	return DOCA_ERROR_NOT_SUPPORTED;
}

DOCA_EXPERIMENTAL doca_error_t doca_rdma_connect_to_addr(struct doca_rdma *rdma,
                                                         struct doca_rdma_addr *addr,
                                                         union doca_data connection_user_data)
{
	(void)connection_user_data;
	if (SDPA_NULL_ARGS(RDMA_FIX "; pass an address from doca_rdma_addr_create", rdma, addr))
		return DOCA_ERROR_INVALID_VALUE;
	SAY_UNSUPPORTED();
	return DOCA_ERROR_NOT_SUPPORTED;
}

DOCA_EXPERIMENTAL doca_error_t
doca_rdma_connection_disconnect(struct doca_rdma_connection *rdma_connection)
{
	if (SDPA_NULL_ARGS(CONN_FIX, rdma_connection))
		return DOCA_ERROR_INVALID_VALUE;
	SAY_UNSUPPORTED();
	return DOCA_ERROR_NOT_SUPPORTED;
}

DOCA_EXPERIMENTAL doca_error_t
doca_rdma_bridge_prepare_connection(struct doca_rdma *rdma, struct rdma_cm_id *cm_id,
                                    struct doca_rdma_connection **rdma_connection)
{
	if (SDPA_NULL_ARGS(RDMA_FIX "; pass the RDMA CM identifier of the request; " RESULT_FIX,
	                   rdma, cm_id, rdma_connection))
		return DOCA_ERROR_INVALID_VALUE;
	SAY_UNSUPPORTED();
	return DOCA_ERROR_NOT_SUPPORTED;
}

DOCA_EXPERIMENTAL doca_error_t doca_rdma_bridge_accept(struct doca_rdma *rdma, void *private_data,
                                                       uint8_t private_data_len,
                                                       struct doca_rdma_connection *rdma_connection)
{
	(void)private_data;
	(void)private_data_len;
	if (SDPA_NULL_ARGS(RDMA_FIX "; " CONN_FIX, rdma, rdma_connection))
		return DOCA_ERROR_INVALID_VALUE;
	SAY_UNSUPPORTED();
	return DOCA_ERROR_NOT_SUPPORTED;
}

DOCA_EXPERIMENTAL doca_error_t
doca_rdma_bridge_established(struct doca_rdma *rdma, struct doca_rdma_connection *rdma_connection)
{
	if (SDPA_NULL_ARGS(RDMA_FIX "; " CONN_FIX, rdma, rdma_connection))
		return DOCA_ERROR_INVALID_VALUE;
	SAY_UNSUPPORTED();
	return DOCA_ERROR_NOT_SUPPORTED;
}

/* ---- Capabilities ---- */

/* ---- Properties (before doca_ctx_start) ---- */

DOCA_EXPERIMENTAL doca_error_t doca_rdma_get_gpu_handle(struct doca_rdma *rdma,
                                                        struct doca_gpu_dev_rdma **gpu_rdma)
{
	if (SDPA_NULL_ARGS(RDMA_FIX "; " RESULT_FIX, rdma, gpu_rdma))
		return DOCA_ERROR_INVALID_VALUE;
	SAY_UNSUPPORTED();
	return DOCA_ERROR_NOT_SUPPORTED;
}

DOCA_EXPERIMENTAL doca_error_t doca_rdma_connection_get_addr(
        const struct doca_rdma_connection *rdma_connection, struct doca_rdma_addr **addr)
{
	if (SDPA_NULL_ARGS(CONN_FIX "; " RESULT_FIX, rdma_connection, addr))
		return DOCA_ERROR_INVALID_VALUE;
	SAY_UNSUPPORTED();
	return DOCA_ERROR_NOT_SUPPORTED;
}

DOCA_EXPERIMENTAL doca_error_t doca_rdma_addr_get_params(struct doca_rdma_addr *addr,
                                                         enum doca_rdma_addr_type *addr_type,
                                                         const char **address, uint16_t *port)
{
	if (SDPA_NULL_ARGS("pass an address from doca_rdma_addr_create; " RESULT_FIX, addr,
	                   addr_type, address, port))
		return DOCA_ERROR_INVALID_VALUE;
	SAY_UNSUPPORTED();
	return DOCA_ERROR_NOT_SUPPORTED;
}

/* ---- Connection callbacks ---- */

DOCA_EXPERIMENTAL doca_error_t doca_rdma_set_connection_state_callbacks(
        struct doca_rdma *rdma, doca_rdma_connection_request_cb_t doca_rdma_connect_request_cb,
        doca_rdma_connection_established_cb_t doca_rdma_connect_established_cb,
        doca_rdma_connection_failure_cb_t doca_rdma_connect_failure_cb,
        doca_rdma_connection_disconnection_cb_t doca_rdma_disconnect_cb)
{
	(void)doca_rdma_connect_request_cb;
	(void)doca_rdma_connect_established_cb;
	(void)doca_rdma_connect_failure_cb;
	(void)doca_rdma_disconnect_cb;
	if (SDPA_NULL_ARGS(RDMA_FIX, rdma))
		return DOCA_ERROR_INVALID_VALUE;
	if (SDPA_BAD_ARG(doca_rdma_connect_established_cb == NULL ||
	                         doca_rdma_connect_failure_cb == NULL ||
	                         doca_rdma_disconnect_cb == NULL,
	                 "a callback is NULL",
	                 "pass the established, failure and disconnection callbacks"))
		return DOCA_ERROR_INVALID_VALUE;
	SAY_UNSUPPORTED();
	return DOCA_ERROR_NOT_SUPPORTED;
}

/* ---- Task: receive ---- */

DOCA_EXPERIMENTAL doca_error_t
doca_rdma_cap_task_receive_is_supported(const struct doca_devinfo *devinfo)
{
	if (SDPA_NULL_ARGS(DEVINFO_FIX, devinfo))
		return DOCA_ERROR_INVALID_VALUE;
	return device_has_rc(__func__, devinfo);
}

DOCA_EXPERIMENTAL doca_error_t doca_rdma_task_receive_set_conf(
        struct doca_rdma *rdma,
        doca_rdma_task_receive_completion_cb_t successful_task_completion_cb,
        doca_rdma_task_receive_completion_cb_t error_task_completion_cb, uint32_t num_tasks)
{
	(void)successful_task_completion_cb;
	(void)error_task_completion_cb;
	(void)num_tasks;
	if (SDPA_NULL_ARGS(RDMA_FIX, rdma))
		return DOCA_ERROR_INVALID_VALUE;
	if (SDPA_BAD_ARG(successful_task_completion_cb == NULL || error_task_completion_cb == NULL,
	                 "a completion callback is NULL", CBS_FIX))
		return DOCA_ERROR_INVALID_VALUE;
	SAY_UNSUPPORTED();
	return DOCA_ERROR_NOT_SUPPORTED;
}

DOCA_EXPERIMENTAL doca_error_t doca_rdma_task_receive_allocate_init(
        struct doca_rdma *rdma, struct doca_buf *dst_buf, union doca_data user_data,
        struct doca_rdma_task_receive **task)
{
	(void)dst_buf;
	(void)user_data;
	if (SDPA_NULL_ARGS(RDMA_FIX "; " RESULT_FIX, rdma, task))
		return DOCA_ERROR_INVALID_VALUE;
	SAY_UNSUPPORTED();
	return DOCA_ERROR_NOT_SUPPORTED;
}

DOCA_EXPERIMENTAL struct doca_task *
doca_rdma_task_receive_as_task(struct doca_rdma_task_receive *task)
{
	if (!SDPA_NULL_ARGS(TASK_FIX, task))
		SAY_UNSUPPORTED();
	return NULL;
}

DOCA_EXPERIMENTAL void doca_rdma_task_receive_set_dst_buf(struct doca_rdma_task_receive *task,
                                                          struct doca_buf *dst_buf)
{
	(void)dst_buf;
	if (!SDPA_NULL_ARGS(TASK_FIX, task))
		SAY_UNSUPPORTED();
}

DOCA_EXPERIMENTAL struct doca_buf *
doca_rdma_task_receive_get_dst_buf(const struct doca_rdma_task_receive *task)
{
	if (!SDPA_NULL_ARGS(TASK_FIX, task))
		SAY_UNSUPPORTED();
	return NULL;
}

DOCA_EXPERIMENTAL enum doca_rdma_opcode
doca_rdma_task_receive_get_result_opcode(const struct doca_rdma_task_receive *task)
{
	if (!SDPA_NULL_ARGS(TASK_FIX, task))
		SAY_UNSUPPORTED();
	return (enum doca_rdma_opcode)0;
}

DOCA_EXPERIMENTAL uint32_t
doca_rdma_task_receive_get_result_len(const struct doca_rdma_task_receive *task)
{
	if (!SDPA_NULL_ARGS(TASK_FIX, task))
		SAY_UNSUPPORTED();
	return 0;
}

DOCA_EXPERIMENTAL doca_be32_t
doca_rdma_task_receive_get_result_immediate_data(const struct doca_rdma_task_receive *task)
{
	if (!SDPA_NULL_ARGS(TASK_FIX, task))
		SAY_UNSUPPORTED();
	return 0;
}

DOCA_EXPERIMENTAL const struct doca_rdma_connection *
doca_rdma_task_receive_get_result_rdma_connection(const struct doca_rdma_task_receive *task)
{
	if (!SDPA_NULL_ARGS(TASK_FIX, task))
		SAY_UNSUPPORTED();
	return NULL;
}

/* ---- Task: send ---- */

DOCA_EXPERIMENTAL doca_error_t
doca_rdma_cap_task_send_is_supported(const struct doca_devinfo *devinfo)
{
	if (SDPA_NULL_ARGS(DEVINFO_FIX, devinfo))
		return DOCA_ERROR_INVALID_VALUE;
	return device_has_rc(__func__, devinfo);
}

DOCA_EXPERIMENTAL doca_error_t doca_rdma_task_send_set_conf(
        struct doca_rdma *rdma, doca_rdma_task_send_completion_cb_t successful_task_completion_cb,
        doca_rdma_task_send_completion_cb_t error_task_completion_cb, uint32_t num_tasks)
{
	(void)successful_task_completion_cb;
	(void)error_task_completion_cb;
	(void)num_tasks;
	if (SDPA_NULL_ARGS(RDMA_FIX, rdma))
		return DOCA_ERROR_INVALID_VALUE;
	if (SDPA_BAD_ARG(successful_task_completion_cb == NULL || error_task_completion_cb == NULL,
	                 "a completion callback is NULL", CBS_FIX))
		return DOCA_ERROR_INVALID_VALUE;
	SAY_UNSUPPORTED();
	return DOCA_ERROR_NOT_SUPPORTED;
}

DOCA_EXPERIMENTAL doca_error_t doca_rdma_task_send_allocate_init(
        struct doca_rdma *rdma, struct doca_rdma_connection *rdma_connection,
        const struct doca_buf *src_buf, union doca_data user_data,
        struct doca_rdma_task_send **task)
{
	(void)src_buf;
	(void)user_data;
	if (SDPA_NULL_ARGS(RDMA_FIX "; " CONN_FIX "; " RESULT_FIX, rdma, rdma_connection, task))
		return DOCA_ERROR_INVALID_VALUE;
	SAY_UNSUPPORTED();
	return DOCA_ERROR_NOT_SUPPORTED;
}

DOCA_EXPERIMENTAL struct doca_task *doca_rdma_task_send_as_task(struct doca_rdma_task_send *task)
{
	if (!SDPA_NULL_ARGS(TASK_FIX, task))
		SAY_UNSUPPORTED();
	return NULL;
}

DOCA_EXPERIMENTAL void doca_rdma_task_send_set_src_buf(struct doca_rdma_task_send *task,
                                                       const struct doca_buf *src_buf)
{
	(void)src_buf;
	if (!SDPA_NULL_ARGS(TASK_FIX, task))
		SAY_UNSUPPORTED();
}

DOCA_EXPERIMENTAL const struct doca_buf *
doca_rdma_task_send_get_src_buf(const struct doca_rdma_task_send *task)
{
	if (!SDPA_NULL_ARGS(TASK_FIX, task))
		SAY_UNSUPPORTED();
	return NULL;
}

DOCA_EXPERIMENTAL void
doca_rdma_task_send_set_rdma_connection(struct doca_rdma_task_send *task,
                                        struct doca_rdma_connection *rdma_connection)
{
	(void)rdma_connection;
	if (!SDPA_NULL_ARGS(TASK_FIX, task))
		SAY_UNSUPPORTED();
}

DOCA_EXPERIMENTAL const struct doca_rdma_connection *
doca_rdma_task_send_get_rdma_connection(const struct doca_rdma_task_send *task)
{
	if (!SDPA_NULL_ARGS(TASK_FIX, task))
		SAY_UNSUPPORTED();
	return NULL;
}

/* ---- Task: send_imm ---- */

DOCA_EXPERIMENTAL doca_error_t
doca_rdma_cap_task_send_imm_is_supported(const struct doca_devinfo *devinfo)
{
	if (SDPA_NULL_ARGS(DEVINFO_FIX, devinfo))
		return DOCA_ERROR_INVALID_VALUE;
	return device_has_rc(__func__, devinfo);
}

DOCA_EXPERIMENTAL doca_error_t doca_rdma_task_send_imm_set_conf(
        struct doca_rdma *rdma,
        doca_rdma_task_send_imm_completion_cb_t successful_task_completion_cb,
        doca_rdma_task_send_imm_completion_cb_t error_task_completion_cb, uint32_t num_tasks)
{
	(void)successful_task_completion_cb;
	(void)error_task_completion_cb;
	(void)num_tasks;
	if (SDPA_NULL_ARGS(RDMA_FIX, rdma))
		return DOCA_ERROR_INVALID_VALUE;
	if (SDPA_BAD_ARG(successful_task_completion_cb == NULL || error_task_completion_cb == NULL,
	                 "a completion callback is NULL", CBS_FIX))
		return DOCA_ERROR_INVALID_VALUE;
	SAY_UNSUPPORTED();
	return DOCA_ERROR_NOT_SUPPORTED;
}

DOCA_EXPERIMENTAL doca_error_t doca_rdma_task_send_imm_allocate_init(
        struct doca_rdma *rdma, struct doca_rdma_connection *rdma_connection,
        const struct doca_buf *src_buf, doca_be32_t immediate_data, union doca_data user_data,
        struct doca_rdma_task_send_imm **task)
{
	(void)src_buf;
	(void)immediate_data;
	(void)user_data;
	if (SDPA_NULL_ARGS(RDMA_FIX "; " CONN_FIX "; " RESULT_FIX, rdma, rdma_connection, task))
		return DOCA_ERROR_INVALID_VALUE;
	SAY_UNSUPPORTED();
	return DOCA_ERROR_NOT_SUPPORTED;
}

DOCA_EXPERIMENTAL struct doca_task *
doca_rdma_task_send_imm_as_task(struct doca_rdma_task_send_imm *task)
{
	if (!SDPA_NULL_ARGS(TASK_FIX, task))
		SAY_UNSUPPORTED();
	return NULL;
}

DOCA_EXPERIMENTAL void doca_rdma_task_send_imm_set_src_buf(struct doca_rdma_task_send_imm *task,
                                                           const struct doca_buf *src_buf)
{
	(void)src_buf;
	if (!SDPA_NULL_ARGS(TASK_FIX, task))
		SAY_UNSUPPORTED();
}

DOCA_EXPERIMENTAL const struct doca_buf *
doca_rdma_task_send_imm_get_src_buf(const struct doca_rdma_task_send_imm *task)
{
	if (!SDPA_NULL_ARGS(TASK_FIX, task))
		SAY_UNSUPPORTED();
	return NULL;
}

DOCA_EXPERIMENTAL void
doca_rdma_task_send_imm_set_immediate_data(struct doca_rdma_task_send_imm *task,
                                           doca_be32_t immediate_data)
{
	(void)immediate_data;
	if (!SDPA_NULL_ARGS(TASK_FIX, task))
		SAY_UNSUPPORTED();
}

DOCA_EXPERIMENTAL doca_be32_t
doca_rdma_task_send_imm_get_immediate_data(const struct doca_rdma_task_send_imm *task)
{
	if (!SDPA_NULL_ARGS(TASK_FIX, task))
		SAY_UNSUPPORTED();
	return 0;
}

DOCA_EXPERIMENTAL void
doca_rdma_task_send_imm_set_rdma_connection(struct doca_rdma_task_send_imm *task,
                                            struct doca_rdma_connection *rdma_connection)
{
	(void)rdma_connection;
	if (!SDPA_NULL_ARGS(TASK_FIX, task))
		SAY_UNSUPPORTED();
}

DOCA_EXPERIMENTAL const struct doca_rdma_connection *
doca_rdma_task_send_imm_get_rdma_connection(const struct doca_rdma_task_send_imm *task)
{
	if (!SDPA_NULL_ARGS(TASK_FIX, task))
		SAY_UNSUPPORTED();
	return NULL;
}

/* ---- Task: read ---- */

DOCA_EXPERIMENTAL doca_error_t
doca_rdma_cap_task_read_is_supported(const struct doca_devinfo *devinfo)
{
	if (SDPA_NULL_ARGS(DEVINFO_FIX, devinfo))
		return DOCA_ERROR_INVALID_VALUE;
	return device_has_rc(__func__, devinfo);
}

DOCA_EXPERIMENTAL doca_error_t doca_rdma_task_read_set_conf(
        struct doca_rdma *rdma, doca_rdma_task_read_completion_cb_t successful_task_completion_cb,
        doca_rdma_task_read_completion_cb_t error_task_completion_cb, uint32_t num_tasks)
{
	(void)successful_task_completion_cb;
	(void)error_task_completion_cb;
	(void)num_tasks;
	if (SDPA_NULL_ARGS(RDMA_FIX, rdma))
		return DOCA_ERROR_INVALID_VALUE;
	if (SDPA_BAD_ARG(successful_task_completion_cb == NULL || error_task_completion_cb == NULL,
	                 "a completion callback is NULL", CBS_FIX))
		return DOCA_ERROR_INVALID_VALUE;
	SAY_UNSUPPORTED();
	return DOCA_ERROR_NOT_SUPPORTED;
}

DOCA_EXPERIMENTAL doca_error_t doca_rdma_task_read_allocate_init(
        struct doca_rdma *rdma, struct doca_rdma_connection *rdma_connection,
        const struct doca_buf *src_buf, struct doca_buf *dst_buf, union doca_data user_data,
        struct doca_rdma_task_read **task)
{
	(void)user_data;
	if (SDPA_NULL_ARGS(RDMA_FIX "; " CONN_FIX "; pass a buffer; " RESULT_FIX, rdma,
	                   rdma_connection, src_buf, dst_buf, task))
		return DOCA_ERROR_INVALID_VALUE;
	SAY_UNSUPPORTED();
	return DOCA_ERROR_NOT_SUPPORTED;
}

DOCA_EXPERIMENTAL struct doca_task *doca_rdma_task_read_as_task(struct doca_rdma_task_read *task)
{
	if (!SDPA_NULL_ARGS(TASK_FIX, task))
		SAY_UNSUPPORTED();
	return NULL;
}

DOCA_EXPERIMENTAL void doca_rdma_task_read_set_src_buf(struct doca_rdma_task_read *task,
                                                       const struct doca_buf *src_buf)
{
	(void)src_buf;
	if (!SDPA_NULL_ARGS(TASK_FIX, task))
		SAY_UNSUPPORTED();
}

DOCA_EXPERIMENTAL const struct doca_buf *
doca_rdma_task_read_get_src_buf(const struct doca_rdma_task_read *task)
{
	if (!SDPA_NULL_ARGS(TASK_FIX, task))
		SAY_UNSUPPORTED();
	return NULL;
}

DOCA_EXPERIMENTAL void doca_rdma_task_read_set_dst_buf(struct doca_rdma_task_read *task,
                                                       struct doca_buf *dst_buf)
{
	(void)dst_buf;
	if (!SDPA_NULL_ARGS(TASK_FIX, task))
		SAY_UNSUPPORTED();
}

DOCA_EXPERIMENTAL struct doca_buf *
doca_rdma_task_read_get_dst_buf(const struct doca_rdma_task_read *task)
{
	if (!SDPA_NULL_ARGS(TASK_FIX, task))
		SAY_UNSUPPORTED();
	return NULL;
}

DOCA_EXPERIMENTAL void
doca_rdma_task_read_set_rdma_connection(struct doca_rdma_task_read *task,
                                        struct doca_rdma_connection *rdma_connection)
{
	(void)rdma_connection;
	if (!SDPA_NULL_ARGS(TASK_FIX, task))
		SAY_UNSUPPORTED();
}

DOCA_EXPERIMENTAL const struct doca_rdma_connection *
doca_rdma_task_read_get_rdma_connection(const struct doca_rdma_task_read *task)
{
	if (!SDPA_NULL_ARGS(TASK_FIX, task))
		SAY_UNSUPPORTED();
	return NULL;
}

DOCA_EXPERIMENTAL uint32_t
doca_rdma_task_read_get_result_len(const struct doca_rdma_task_read *task)
{
	if (!SDPA_NULL_ARGS(TASK_FIX, task))
		SAY_UNSUPPORTED();
	return 0;
}

/* ---- Task: write ---- */

DOCA_EXPERIMENTAL doca_error_t
doca_rdma_cap_task_write_is_supported(const struct doca_devinfo *devinfo)
{
	if (SDPA_NULL_ARGS(DEVINFO_FIX, devinfo))
		return DOCA_ERROR_INVALID_VALUE;
	return device_has_rc(__func__, devinfo);
}

DOCA_EXPERIMENTAL doca_error_t doca_rdma_task_write_set_conf(
        struct doca_rdma *rdma, doca_rdma_task_write_completion_cb_t successful_task_completion_cb,
        doca_rdma_task_write_completion_cb_t error_task_completion_cb, uint32_t num_tasks)
{
	(void)successful_task_completion_cb;
	(void)error_task_completion_cb;
	(void)num_tasks;
	if (SDPA_NULL_ARGS(RDMA_FIX, rdma))
		return DOCA_ERROR_INVALID_VALUE;
	if (SDPA_BAD_ARG(successful_task_completion_cb == NULL || error_task_completion_cb == NULL,
	                 "a completion callback is NULL", CBS_FIX))
		return DOCA_ERROR_INVALID_VALUE;
	SAY_UNSUPPORTED();
	return DOCA_ERROR_NOT_SUPPORTED;
}

DOCA_EXPERIMENTAL doca_error_t doca_rdma_task_write_allocate_init(
        struct doca_rdma *rdma, struct doca_rdma_connection *rdma_connection,
        const struct doca_buf *src_buf, struct doca_buf *dst_buf, union doca_data user_data,
        struct doca_rdma_task_write **task)
{
	(void)user_data;
	if (SDPA_NULL_ARGS(RDMA_FIX "; " CONN_FIX "; pass a buffer; " RESULT_FIX, rdma,
	                   rdma_connection, src_buf, dst_buf, task))
		return DOCA_ERROR_INVALID_VALUE;
	SAY_UNSUPPORTED();
	return DOCA_ERROR_NOT_SUPPORTED;
}

DOCA_EXPERIMENTAL struct doca_task *doca_rdma_task_write_as_task(struct doca_rdma_task_write *task)
{
	if (!SDPA_NULL_ARGS(TASK_FIX, task))
		SAY_UNSUPPORTED();
	return NULL;
}

DOCA_EXPERIMENTAL void doca_rdma_task_write_set_src_buf(struct doca_rdma_task_write *task,
                                                        const struct doca_buf *src_buf)
{
	(void)src_buf;
	if (!SDPA_NULL_ARGS(TASK_FIX, task))
		SAY_UNSUPPORTED();
}

DOCA_EXPERIMENTAL const struct doca_buf *
doca_rdma_task_write_get_src_buf(const struct doca_rdma_task_write *task)
{
	if (!SDPA_NULL_ARGS(TASK_FIX, task))
		SAY_UNSUPPORTED();
	return NULL;
}

DOCA_EXPERIMENTAL void doca_rdma_task_write_set_dst_buf(struct doca_rdma_task_write *task,
                                                        struct doca_buf *dst_buf)
{
	(void)dst_buf;
	if (!SDPA_NULL_ARGS(TASK_FIX, task))
		SAY_UNSUPPORTED();
}

DOCA_EXPERIMENTAL struct doca_buf *
doca_rdma_task_write_get_dst_buf(const struct doca_rdma_task_write *task)
{
	if (!SDPA_NULL_ARGS(TASK_FIX, task))
		SAY_UNSUPPORTED();
	return NULL;
}

DOCA_EXPERIMENTAL void
doca_rdma_task_write_set_rdma_connection(struct doca_rdma_task_write *task,
                                         struct doca_rdma_connection *rdma_connection)
{
	(void)rdma_connection;
	if (!SDPA_NULL_ARGS(TASK_FIX, task))
		SAY_UNSUPPORTED();
}

DOCA_EXPERIMENTAL const struct doca_rdma_connection *
doca_rdma_task_write_get_rdma_connection(const struct doca_rdma_task_write *task)
{
	if (!SDPA_NULL_ARGS(TASK_FIX, task))
		SAY_UNSUPPORTED();
	return NULL;
}

/* ---- Task: write_imm ---- */

DOCA_EXPERIMENTAL doca_error_t
doca_rdma_cap_task_write_imm_is_supported(const struct doca_devinfo *devinfo)
{
	if (SDPA_NULL_ARGS(DEVINFO_FIX, devinfo))
		return DOCA_ERROR_INVALID_VALUE;
	return device_has_rc(__func__, devinfo);
}

DOCA_EXPERIMENTAL doca_error_t doca_rdma_task_write_imm_set_conf(
        struct doca_rdma *rdma,
        doca_rdma_task_write_imm_completion_cb_t successful_task_completion_cb,
        doca_rdma_task_write_imm_completion_cb_t error_task_completion_cb, uint32_t num_tasks)
{
	(void)successful_task_completion_cb;
	(void)error_task_completion_cb;
	(void)num_tasks;
	if (SDPA_NULL_ARGS(RDMA_FIX, rdma))
		return DOCA_ERROR_INVALID_VALUE;
	if (SDPA_BAD_ARG(successful_task_completion_cb == NULL || error_task_completion_cb == NULL,
	                 "a completion callback is NULL", CBS_FIX))
		return DOCA_ERROR_INVALID_VALUE;
	SAY_UNSUPPORTED();
	return DOCA_ERROR_NOT_SUPPORTED;
}

DOCA_EXPERIMENTAL doca_error_t doca_rdma_task_write_imm_allocate_init(
        struct doca_rdma *rdma, struct doca_rdma_connection *rdma_connection,
        const struct doca_buf *src_buf, struct doca_buf *dst_buf, doca_be32_t immediate_data,
        union doca_data user_data, struct doca_rdma_task_write_imm **task)
{
	(void)src_buf;
	(void)immediate_data;
	(void)user_data;
	if (SDPA_NULL_ARGS(RDMA_FIX "; " CONN_FIX "; pass a buffer; " RESULT_FIX, rdma,
	                   rdma_connection, dst_buf, task))
		return DOCA_ERROR_INVALID_VALUE;
	SAY_UNSUPPORTED();
	return DOCA_ERROR_NOT_SUPPORTED;
}

DOCA_EXPERIMENTAL struct doca_task *
doca_rdma_task_write_imm_as_task(struct doca_rdma_task_write_imm *task)
{
	if (!SDPA_NULL_ARGS(TASK_FIX, task))
		SAY_UNSUPPORTED();
	return NULL;
}

DOCA_EXPERIMENTAL void doca_rdma_task_write_imm_set_src_buf(struct doca_rdma_task_write_imm *task,
                                                            const struct doca_buf *src_buf)
{
	(void)src_buf;
	if (!SDPA_NULL_ARGS(TASK_FIX, task))
		SAY_UNSUPPORTED();
}

DOCA_EXPERIMENTAL const struct doca_buf *
doca_rdma_task_write_imm_get_src_buf(const struct doca_rdma_task_write_imm *task)
{
	if (!SDPA_NULL_ARGS(TASK_FIX, task))
		SAY_UNSUPPORTED();
	return NULL;
}

DOCA_EXPERIMENTAL void doca_rdma_task_write_imm_set_dst_buf(struct doca_rdma_task_write_imm *task,
                                                            struct doca_buf *dst_buf)
{
	(void)dst_buf;
	if (!SDPA_NULL_ARGS(TASK_FIX, task))
		SAY_UNSUPPORTED();
}

DOCA_EXPERIMENTAL struct doca_buf *
doca_rdma_task_write_imm_get_dst_buf(const struct doca_rdma_task_write_imm *task)
{
	if (!SDPA_NULL_ARGS(TASK_FIX, task))
		SAY_UNSUPPORTED();
	return NULL;
}

DOCA_EXPERIMENTAL void
doca_rdma_task_write_imm_set_immediate_data(struct doca_rdma_task_write_imm *task,
                                            doca_be32_t immediate_data)
{
	(void)immediate_data;
	if (!SDPA_NULL_ARGS(TASK_FIX, task))
		SAY_UNSUPPORTED();
}

DOCA_EXPERIMENTAL doca_be32_t
doca_rdma_task_write_imm_get_immediate_data(const struct doca_rdma_task_write_imm *task)
{
	if (!SDPA_NULL_ARGS(TASK_FIX, task))
		SAY_UNSUPPORTED();
	return 0;
}

DOCA_EXPERIMENTAL void
doca_rdma_task_write_imm_set_rdma_connection(struct doca_rdma_task_write_imm *task,
                                             struct doca_rdma_connection *rdma_connection)
{
	(void)rdma_connection;
	if (!SDPA_NULL_ARGS(TASK_FIX, task))
		SAY_UNSUPPORTED();
}

DOCA_EXPERIMENTAL const struct doca_rdma_connection *
doca_rdma_task_write_imm_get_rdma_connection(const struct doca_rdma_task_write_imm *task)
{
	if (!SDPA_NULL_ARGS(TASK_FIX, task))
		SAY_UNSUPPORTED();
	return NULL;
}

/* ---- Task: atomic_cmp_swp ---- */

DOCA_EXPERIMENTAL doca_error_t
doca_rdma_cap_task_atomic_cmp_swp_is_supported(const struct doca_devinfo *devinfo)
{
	if (SDPA_NULL_ARGS(DEVINFO_FIX, devinfo))
		return DOCA_ERROR_INVALID_VALUE;
	return device_has_rc(__func__, devinfo);
}

DOCA_EXPERIMENTAL doca_error_t doca_rdma_task_atomic_cmp_swp_set_conf(
        struct doca_rdma *rdma,
        doca_rdma_task_atomic_cmp_swp_completion_cb_t successful_task_completion_cb,
        doca_rdma_task_atomic_cmp_swp_completion_cb_t error_task_completion_cb, uint32_t num_tasks)
{
	(void)successful_task_completion_cb;
	(void)error_task_completion_cb;
	(void)num_tasks;
	if (SDPA_NULL_ARGS(RDMA_FIX, rdma))
		return DOCA_ERROR_INVALID_VALUE;
	if (SDPA_BAD_ARG(successful_task_completion_cb == NULL || error_task_completion_cb == NULL,
	                 "a completion callback is NULL", CBS_FIX))
		return DOCA_ERROR_INVALID_VALUE;
	SAY_UNSUPPORTED();
	return DOCA_ERROR_NOT_SUPPORTED;
}

DOCA_EXPERIMENTAL doca_error_t doca_rdma_task_atomic_cmp_swp_allocate_init(
        struct doca_rdma *rdma, struct doca_rdma_connection *rdma_connection,
        struct doca_buf *dst_buf, struct doca_buf *result_buf, uint64_t cmp_data,
        uint64_t swap_data, union doca_data user_data, struct doca_rdma_task_atomic_cmp_swp **task)
{
	(void)cmp_data;
	(void)swap_data;
	(void)user_data;
	if (SDPA_NULL_ARGS(RDMA_FIX "; " CONN_FIX "; pass a buffer; " RESULT_FIX, rdma,
	                   rdma_connection, dst_buf, result_buf, task))
		return DOCA_ERROR_INVALID_VALUE;
	SAY_UNSUPPORTED();
	return DOCA_ERROR_NOT_SUPPORTED;
}

DOCA_EXPERIMENTAL struct doca_task *
doca_rdma_task_atomic_cmp_swp_as_task(struct doca_rdma_task_atomic_cmp_swp *task)
{
	if (!SDPA_NULL_ARGS(TASK_FIX, task))
		SAY_UNSUPPORTED();
	return NULL;
}

DOCA_EXPERIMENTAL void
doca_rdma_task_atomic_cmp_swp_set_dst_buf(struct doca_rdma_task_atomic_cmp_swp *task,
                                          struct doca_buf *dst_buf)
{
	(void)dst_buf;
	if (!SDPA_NULL_ARGS(TASK_FIX, task))
		SAY_UNSUPPORTED();
}

DOCA_EXPERIMENTAL struct doca_buf *
doca_rdma_task_atomic_cmp_swp_get_dst_buf(const struct doca_rdma_task_atomic_cmp_swp *task)
{
	if (!SDPA_NULL_ARGS(TASK_FIX, task))
		SAY_UNSUPPORTED();
	return NULL;
}

DOCA_EXPERIMENTAL void
doca_rdma_task_atomic_cmp_swp_set_result_buf(struct doca_rdma_task_atomic_cmp_swp *task,
                                             struct doca_buf *result_buf)
{
	(void)result_buf;
	if (!SDPA_NULL_ARGS(TASK_FIX, task))
		SAY_UNSUPPORTED();
}

DOCA_EXPERIMENTAL struct doca_buf *
doca_rdma_task_atomic_cmp_swp_get_result_buf(const struct doca_rdma_task_atomic_cmp_swp *task)
{
	if (!SDPA_NULL_ARGS(TASK_FIX, task))
		SAY_UNSUPPORTED();
	return NULL;
}

DOCA_EXPERIMENTAL void
doca_rdma_task_atomic_cmp_swp_set_cmp_data(struct doca_rdma_task_atomic_cmp_swp *task,
                                           uint64_t cmp_data)
{
	(void)cmp_data;
	if (!SDPA_NULL_ARGS(TASK_FIX, task))
		SAY_UNSUPPORTED();
}

DOCA_EXPERIMENTAL uint64_t
doca_rdma_task_atomic_cmp_swp_get_cmp_data(const struct doca_rdma_task_atomic_cmp_swp *task)
{
	if (!SDPA_NULL_ARGS(TASK_FIX, task))
		SAY_UNSUPPORTED();
	return 0;
}

DOCA_EXPERIMENTAL void
doca_rdma_task_atomic_cmp_swp_set_swap_data(struct doca_rdma_task_atomic_cmp_swp *task,
                                            uint64_t swap_data)
{
	(void)swap_data;
	if (!SDPA_NULL_ARGS(TASK_FIX, task))
		SAY_UNSUPPORTED();
}

DOCA_EXPERIMENTAL uint64_t
doca_rdma_task_atomic_cmp_swp_get_swap_data(const struct doca_rdma_task_atomic_cmp_swp *task)
{
	if (!SDPA_NULL_ARGS(TASK_FIX, task))
		SAY_UNSUPPORTED();
	return 0;
}

DOCA_EXPERIMENTAL void
doca_rdma_task_atomic_cmp_swp_set_rdma_connection(struct doca_rdma_task_atomic_cmp_swp *task,
                                                  struct doca_rdma_connection *rdma_connection)
{
	(void)rdma_connection;
	if (!SDPA_NULL_ARGS(TASK_FIX, task))
		SAY_UNSUPPORTED();
}

DOCA_EXPERIMENTAL const struct doca_rdma_connection *
doca_rdma_task_atomic_cmp_swp_get_rdma_connection(const struct doca_rdma_task_atomic_cmp_swp *task)
{
	if (!SDPA_NULL_ARGS(TASK_FIX, task))
		SAY_UNSUPPORTED();
	return NULL;
}

/* ---- Task: atomic_fetch_add ---- */

DOCA_EXPERIMENTAL doca_error_t
doca_rdma_cap_task_atomic_fetch_add_is_supported(const struct doca_devinfo *devinfo)
{
	if (SDPA_NULL_ARGS(DEVINFO_FIX, devinfo))
		return DOCA_ERROR_INVALID_VALUE;
	return device_has_rc(__func__, devinfo);
}

DOCA_EXPERIMENTAL doca_error_t doca_rdma_task_atomic_fetch_add_set_conf(
        struct doca_rdma *rdma,
        doca_rdma_task_atomic_fetch_add_completion_cb_t successful_task_completion_cb,
        doca_rdma_task_atomic_fetch_add_completion_cb_t error_task_completion_cb,
        uint32_t num_tasks)
{
	(void)successful_task_completion_cb;
	(void)error_task_completion_cb;
	(void)num_tasks;
	if (SDPA_NULL_ARGS(RDMA_FIX, rdma))
		return DOCA_ERROR_INVALID_VALUE;
	if (SDPA_BAD_ARG(successful_task_completion_cb == NULL || error_task_completion_cb == NULL,
	                 "a completion callback is NULL", CBS_FIX))
		return DOCA_ERROR_INVALID_VALUE;
	SAY_UNSUPPORTED();
	return DOCA_ERROR_NOT_SUPPORTED;
}

DOCA_EXPERIMENTAL doca_error_t doca_rdma_task_atomic_fetch_add_allocate_init(
        struct doca_rdma *rdma, struct doca_rdma_connection *rdma_connection,
        struct doca_buf *dst_buf, struct doca_buf *result_buf, uint64_t add_data,
        union doca_data user_data, struct doca_rdma_task_atomic_fetch_add **task)
{
	(void)add_data;
	(void)user_data;
	if (SDPA_NULL_ARGS(RDMA_FIX "; " CONN_FIX "; pass a buffer; " RESULT_FIX, rdma,
	                   rdma_connection, dst_buf, result_buf, task))
		return DOCA_ERROR_INVALID_VALUE;
	SAY_UNSUPPORTED();
	return DOCA_ERROR_NOT_SUPPORTED;
}

DOCA_EXPERIMENTAL struct doca_task *
doca_rdma_task_atomic_fetch_add_as_task(struct doca_rdma_task_atomic_fetch_add *task)
{
	if (!SDPA_NULL_ARGS(TASK_FIX, task))
		SAY_UNSUPPORTED();
	return NULL;
}

DOCA_EXPERIMENTAL void
doca_rdma_task_atomic_fetch_add_set_dst_buf(struct doca_rdma_task_atomic_fetch_add *task,
                                            struct doca_buf *dst_buf)
{
	(void)dst_buf;
	if (!SDPA_NULL_ARGS(TASK_FIX, task))
		SAY_UNSUPPORTED();
}

DOCA_EXPERIMENTAL struct doca_buf *
doca_rdma_task_atomic_fetch_add_get_dst_buf(const struct doca_rdma_task_atomic_fetch_add *task)
{
	if (!SDPA_NULL_ARGS(TASK_FIX, task))
		SAY_UNSUPPORTED();
	return NULL;
}

DOCA_EXPERIMENTAL void
doca_rdma_task_atomic_fetch_add_set_result_buf(struct doca_rdma_task_atomic_fetch_add *task,
                                               struct doca_buf *result_buf)
{
	(void)result_buf;
	if (!SDPA_NULL_ARGS(TASK_FIX, task))
		SAY_UNSUPPORTED();
}

DOCA_EXPERIMENTAL struct doca_buf *
doca_rdma_task_atomic_fetch_add_get_result_buf(const struct doca_rdma_task_atomic_fetch_add *task)
{
	if (!SDPA_NULL_ARGS(TASK_FIX, task))
		SAY_UNSUPPORTED();
	return NULL;
}

DOCA_EXPERIMENTAL void
doca_rdma_task_atomic_fetch_add_set_add_data(struct doca_rdma_task_atomic_fetch_add *task,
                                             uint64_t add_data)
{
	(void)add_data;
	if (!SDPA_NULL_ARGS(TASK_FIX, task))
		SAY_UNSUPPORTED();
}

DOCA_EXPERIMENTAL uint64_t
doca_rdma_task_atomic_fetch_add_get_add_data(const struct doca_rdma_task_atomic_fetch_add *task)
{
	if (!SDPA_NULL_ARGS(TASK_FIX, task))
		SAY_UNSUPPORTED();
	return 0;
}

DOCA_EXPERIMENTAL void
doca_rdma_task_atomic_fetch_add_set_rdma_connection(struct doca_rdma_task_atomic_fetch_add *task,
                                                    struct doca_rdma_connection *rdma_connection)
{
	(void)rdma_connection;
	if (!SDPA_NULL_ARGS(TASK_FIX, task))
		SAY_UNSUPPORTED();
}

DOCA_EXPERIMENTAL const struct doca_rdma_connection *
doca_rdma_task_atomic_fetch_add_get_rdma_connection(
        const struct doca_rdma_task_atomic_fetch_add *task)
{
	if (!SDPA_NULL_ARGS(TASK_FIX, task))
		SAY_UNSUPPORTED();
	return NULL;
}

/* ---- Task: remote_net_sync_event_get ---- */

DOCA_EXPERIMENTAL doca_error_t
doca_rdma_cap_task_remote_net_sync_event_get_is_supported(const struct doca_devinfo *devinfo)
{
	if (SDPA_NULL_ARGS(DEVINFO_FIX, devinfo))
		return DOCA_ERROR_INVALID_VALUE;
	SAY_UNSUPPORTED();
	return DOCA_ERROR_NOT_SUPPORTED;
}

DOCA_EXPERIMENTAL doca_error_t doca_rdma_task_remote_net_sync_event_get_set_conf(
        struct doca_rdma *rdma,
        doca_rdma_task_remote_net_sync_event_get_completion_cb_t successful_task_completion_cb,
        doca_rdma_task_remote_net_sync_event_get_completion_cb_t error_task_completion_cb,
        uint32_t num_tasks)
{
	(void)successful_task_completion_cb;
	(void)error_task_completion_cb;
	(void)num_tasks;
	if (SDPA_NULL_ARGS(RDMA_FIX, rdma))
		return DOCA_ERROR_INVALID_VALUE;
	if (SDPA_BAD_ARG(successful_task_completion_cb == NULL || error_task_completion_cb == NULL,
	                 "a completion callback is NULL", CBS_FIX))
		return DOCA_ERROR_INVALID_VALUE;
	SAY_UNSUPPORTED();
	return DOCA_ERROR_NOT_SUPPORTED;
}

DOCA_EXPERIMENTAL doca_error_t doca_rdma_task_remote_net_sync_event_get_allocate_init(
        struct doca_rdma *rdma, struct doca_rdma_connection *rdma_connection,
        const struct doca_sync_event_remote_net *event, struct doca_buf *dst_buf,
        union doca_data user_data, struct doca_rdma_task_remote_net_sync_event_get **task)
{
	(void)user_data;
	if (SDPA_NULL_ARGS(
	            RDMA_FIX
	            "; " RESULT_FIX
	            "; pass a remote-net event (doca_sync_event_remote_net_create_from_export)",
	            rdma, rdma_connection, event, dst_buf, task))
		return DOCA_ERROR_INVALID_VALUE;
	SAY_UNSUPPORTED();
	return DOCA_ERROR_NOT_SUPPORTED;
}

DOCA_EXPERIMENTAL struct doca_task *doca_rdma_task_remote_net_sync_event_get_as_task(
        struct doca_rdma_task_remote_net_sync_event_get *task)
{
	if (!SDPA_NULL_ARGS(TASK_FIX, task))
		SAY_UNSUPPORTED();
	return NULL;
}

DOCA_EXPERIMENTAL void doca_rdma_task_remote_net_sync_event_get_set_sync_event(
        struct doca_rdma_task_remote_net_sync_event_get *task,
        const struct doca_sync_event_remote_net *event)
{
	(void)event;
	if (!SDPA_NULL_ARGS(TASK_FIX, task))
		SAY_UNSUPPORTED();
}

DOCA_EXPERIMENTAL const struct doca_sync_event_remote_net *
doca_rdma_task_remote_net_sync_event_get_get_sync_event(
        const struct doca_rdma_task_remote_net_sync_event_get *task)
{
	if (!SDPA_NULL_ARGS(TASK_FIX, task))
		SAY_UNSUPPORTED();
	return NULL;
}

DOCA_EXPERIMENTAL void doca_rdma_task_remote_net_sync_event_get_set_dst_buf(
        struct doca_rdma_task_remote_net_sync_event_get *task, struct doca_buf *dst_buf)
{
	(void)dst_buf;
	if (!SDPA_NULL_ARGS(TASK_FIX, task))
		SAY_UNSUPPORTED();
}

DOCA_EXPERIMENTAL struct doca_buf *doca_rdma_task_remote_net_sync_event_get_get_dst_buf(
        const struct doca_rdma_task_remote_net_sync_event_get *task)
{
	if (!SDPA_NULL_ARGS(TASK_FIX, task))
		SAY_UNSUPPORTED();
	return NULL;
}

DOCA_EXPERIMENTAL void doca_rdma_task_remote_net_sync_event_get_set_rdma_connection(
        struct doca_rdma_task_remote_net_sync_event_get *task,
        struct doca_rdma_connection *rdma_connection)
{
	(void)rdma_connection;
	if (!SDPA_NULL_ARGS(TASK_FIX, task))
		SAY_UNSUPPORTED();
}

DOCA_EXPERIMENTAL const struct doca_rdma_connection *
doca_rdma_task_remote_net_sync_event_get_get_rdma_connection(
        const struct doca_rdma_task_remote_net_sync_event_get *task)
{
	if (!SDPA_NULL_ARGS(TASK_FIX, task))
		SAY_UNSUPPORTED();
	return NULL;
}

DOCA_EXPERIMENTAL uint32_t doca_rdma_task_remote_net_sync_event_get_get_result_len(
        const struct doca_rdma_task_remote_net_sync_event_get *task)
{
	if (!SDPA_NULL_ARGS(TASK_FIX, task))
		SAY_UNSUPPORTED();
	return 0;
}

/* ---- Task: remote_net_sync_event_notify_set ---- */

DOCA_EXPERIMENTAL doca_error_t
doca_rdma_cap_task_remote_net_sync_event_notify_set_is_supported(const struct doca_devinfo *devinfo)
{
	if (SDPA_NULL_ARGS(DEVINFO_FIX, devinfo))
		return DOCA_ERROR_INVALID_VALUE;
	SAY_UNSUPPORTED();
	return DOCA_ERROR_NOT_SUPPORTED;
}

DOCA_EXPERIMENTAL doca_error_t doca_rdma_task_remote_net_sync_event_notify_set_set_conf(
        struct doca_rdma *rdma,
        doca_rdma_task_remote_net_sync_event_notify_set_completion_cb_t
                successful_task_completion_cb,
        doca_rdma_task_remote_net_sync_event_notify_set_completion_cb_t error_task_completion_cb,
        uint32_t num_tasks)
{
	(void)successful_task_completion_cb;
	(void)error_task_completion_cb;
	(void)num_tasks;
	if (SDPA_NULL_ARGS(RDMA_FIX, rdma))
		return DOCA_ERROR_INVALID_VALUE;
	if (SDPA_BAD_ARG(successful_task_completion_cb == NULL || error_task_completion_cb == NULL,
	                 "a completion callback is NULL", CBS_FIX))
		return DOCA_ERROR_INVALID_VALUE;
	SAY_UNSUPPORTED();
	return DOCA_ERROR_NOT_SUPPORTED;
}

DOCA_EXPERIMENTAL doca_error_t doca_rdma_task_remote_net_sync_event_notify_set_allocate_init(
        struct doca_rdma *rdma, struct doca_rdma_connection *rdma_connection,
        struct doca_sync_event_remote_net *event, const struct doca_buf *src_buf,
        union doca_data user_data, struct doca_rdma_task_remote_net_sync_event_notify_set **task)
{
	(void)user_data;
	if (SDPA_NULL_ARGS(
	            RDMA_FIX
	            "; " CONN_FIX
	            "; pass a remote-net event (doca_sync_event_remote_net_create_from_export); "
	            "pass a buffer; " RESULT_FIX,
	            rdma, rdma_connection, event, src_buf, task))
		return DOCA_ERROR_INVALID_VALUE;
	SAY_UNSUPPORTED();
	return DOCA_ERROR_NOT_SUPPORTED;
}

DOCA_EXPERIMENTAL struct doca_task *doca_rdma_task_remote_net_sync_event_notify_set_as_task(
        struct doca_rdma_task_remote_net_sync_event_notify_set *task)
{
	if (!SDPA_NULL_ARGS(TASK_FIX, task))
		SAY_UNSUPPORTED();
	return NULL;
}

DOCA_EXPERIMENTAL void doca_rdma_task_remote_net_sync_event_notify_set_set_sync_event(
        struct doca_rdma_task_remote_net_sync_event_notify_set *task,
        struct doca_sync_event_remote_net *event)
{
	(void)event;
	if (!SDPA_NULL_ARGS(TASK_FIX, task))
		SAY_UNSUPPORTED();
}

DOCA_EXPERIMENTAL struct doca_sync_event_remote_net *
doca_rdma_task_remote_net_sync_event_notify_set_get_sync_event(
        const struct doca_rdma_task_remote_net_sync_event_notify_set *task)
{
	if (!SDPA_NULL_ARGS(TASK_FIX, task))
		SAY_UNSUPPORTED();
	return NULL;
}

DOCA_EXPERIMENTAL void doca_rdma_task_remote_net_sync_event_notify_set_set_rdma_connection(
        struct doca_rdma_task_remote_net_sync_event_notify_set *task,
        struct doca_rdma_connection *rdma_connection)
{
	(void)rdma_connection;
	if (!SDPA_NULL_ARGS(TASK_FIX, task))
		SAY_UNSUPPORTED();
}

DOCA_EXPERIMENTAL const struct doca_rdma_connection *
doca_rdma_task_remote_net_sync_event_notify_set_get_rdma_connection(
        const struct doca_rdma_task_remote_net_sync_event_notify_set *task)
{
	if (!SDPA_NULL_ARGS(TASK_FIX, task))
		SAY_UNSUPPORTED();
	return NULL;
}

DOCA_EXPERIMENTAL void doca_rdma_task_remote_net_sync_event_notify_set_set_src_buf(
        struct doca_rdma_task_remote_net_sync_event_notify_set *task,
        const struct doca_buf *src_buf)
{
	(void)src_buf;
	if (!SDPA_NULL_ARGS(TASK_FIX, task))
		SAY_UNSUPPORTED();
}

DOCA_EXPERIMENTAL const struct doca_buf *
doca_rdma_task_remote_net_sync_event_notify_set_get_src_buf(
        const struct doca_rdma_task_remote_net_sync_event_notify_set *task)
{
	if (!SDPA_NULL_ARGS(TASK_FIX, task))
		SAY_UNSUPPORTED();
	return NULL;
}

/* ---- Task: remote_net_sync_event_notify_add ---- */

DOCA_EXPERIMENTAL doca_error_t
doca_rdma_cap_task_remote_net_sync_event_notify_add_is_supported(const struct doca_devinfo *devinfo)
{
	if (SDPA_NULL_ARGS(DEVINFO_FIX, devinfo))
		return DOCA_ERROR_INVALID_VALUE;
	SAY_UNSUPPORTED();
	return DOCA_ERROR_NOT_SUPPORTED;
}

DOCA_EXPERIMENTAL doca_error_t doca_rdma_task_remote_net_sync_event_notify_add_set_conf(
        struct doca_rdma *rdma,
        doca_rdma_task_remote_net_sync_event_notify_add_completion_cb_t
                successful_task_completion_cb,
        doca_rdma_task_remote_net_sync_event_notify_add_completion_cb_t error_task_completion_cb,
        uint32_t num_tasks)
{
	(void)successful_task_completion_cb;
	(void)error_task_completion_cb;
	(void)num_tasks;
	if (SDPA_NULL_ARGS(RDMA_FIX, rdma))
		return DOCA_ERROR_INVALID_VALUE;
	if (SDPA_BAD_ARG(successful_task_completion_cb == NULL || error_task_completion_cb == NULL,
	                 "a completion callback is NULL", CBS_FIX))
		return DOCA_ERROR_INVALID_VALUE;
	SAY_UNSUPPORTED();
	return DOCA_ERROR_NOT_SUPPORTED;
}

DOCA_EXPERIMENTAL doca_error_t doca_rdma_task_remote_net_sync_event_notify_add_allocate_init(
        struct doca_rdma *rdma, struct doca_rdma_connection *rdma_connection,
        struct doca_sync_event_remote_net *event, struct doca_buf *result_buf, uint64_t add_data,
        union doca_data user_data, struct doca_rdma_task_remote_net_sync_event_notify_add **task)
{
	(void)add_data;
	(void)user_data;
	if (SDPA_NULL_ARGS(
	            RDMA_FIX
	            "; " CONN_FIX
	            "; pass a remote-net event (doca_sync_event_remote_net_create_from_export); "
	            "pass a buffer; " RESULT_FIX,
	            rdma, rdma_connection, event, result_buf, task))
		return DOCA_ERROR_INVALID_VALUE;
	SAY_UNSUPPORTED();
	return DOCA_ERROR_NOT_SUPPORTED;
}

DOCA_EXPERIMENTAL struct doca_task *doca_rdma_task_remote_net_sync_event_notify_add_as_task(
        struct doca_rdma_task_remote_net_sync_event_notify_add *task)
{
	if (!SDPA_NULL_ARGS(TASK_FIX, task))
		SAY_UNSUPPORTED();
	return NULL;
}

DOCA_EXPERIMENTAL void doca_rdma_task_remote_net_sync_event_notify_add_set_sync_event(
        struct doca_rdma_task_remote_net_sync_event_notify_add *task,
        struct doca_sync_event_remote_net *event)
{
	(void)event;
	if (!SDPA_NULL_ARGS(TASK_FIX, task))
		SAY_UNSUPPORTED();
}

DOCA_EXPERIMENTAL struct doca_sync_event_remote_net *
doca_rdma_task_remote_net_sync_event_notify_add_get_sync_event(
        const struct doca_rdma_task_remote_net_sync_event_notify_add *task)
{
	if (!SDPA_NULL_ARGS(TASK_FIX, task))
		SAY_UNSUPPORTED();
	return NULL;
}

DOCA_EXPERIMENTAL void doca_rdma_task_remote_net_sync_event_notify_add_set_result_buf(
        struct doca_rdma_task_remote_net_sync_event_notify_add *task, struct doca_buf *result_buf)
{
	(void)result_buf;
	if (!SDPA_NULL_ARGS(TASK_FIX, task))
		SAY_UNSUPPORTED();
}

DOCA_EXPERIMENTAL struct doca_buf *doca_rdma_task_remote_net_sync_event_notify_add_get_result_buf(
        const struct doca_rdma_task_remote_net_sync_event_notify_add *task)
{
	if (!SDPA_NULL_ARGS(TASK_FIX, task))
		SAY_UNSUPPORTED();
	return NULL;
}

DOCA_EXPERIMENTAL void doca_rdma_task_remote_net_sync_event_notify_add_set_add_data(
        struct doca_rdma_task_remote_net_sync_event_notify_add *task, uint64_t add_data)
{
	(void)add_data;
	if (!SDPA_NULL_ARGS(TASK_FIX, task))
		SAY_UNSUPPORTED();
}

DOCA_EXPERIMENTAL uint64_t doca_rdma_task_remote_net_sync_event_notify_add_get_add_data(
        const struct doca_rdma_task_remote_net_sync_event_notify_add *task)
{
	if (!SDPA_NULL_ARGS(TASK_FIX, task))
		SAY_UNSUPPORTED();
	return 0;
}

DOCA_EXPERIMENTAL void doca_rdma_task_remote_net_sync_event_notify_add_set_rdma_connection(
        struct doca_rdma_task_remote_net_sync_event_notify_add *task,
        struct doca_rdma_connection *rdma_connection)
{
	(void)rdma_connection;
	if (!SDPA_NULL_ARGS(TASK_FIX, task))
		SAY_UNSUPPORTED();
}

DOCA_EXPERIMENTAL const struct doca_rdma_connection *
doca_rdma_task_remote_net_sync_event_notify_add_get_rdma_connection(
        const struct doca_rdma_task_remote_net_sync_event_notify_add *task)
{
	if (!SDPA_NULL_ARGS(TASK_FIX, task))
		SAY_UNSUPPORTED();
	return NULL;
}

/* ---- DPA completion ---- */
