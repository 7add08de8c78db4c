/* SPDX-License-Identifier: BSD-3-Clause */
/**
 * @file
 * softdpa — doca_comch.h: DOCA Comch (host <-> DPU communication channel).
 *
 * softdpa does not emulate Comch. Every call answers DOCA_ERROR_NOT_SUPPORTED and logs one
 * line naming itself (rate-limited).
 */
#ifndef DOCA_COMCH_H_
#define DOCA_COMCH_H_

#include <doca_compat.h>
#include <doca_error.h>

#ifdef __cplusplus
extern "C" {
#endif

/** @brief An opened device (doca_dev.h). */
struct doca_dev;
/** @brief An opened representor of a host function (doca_dev.h). */
struct doca_dev_rep;
/** @brief The DPU end of a Comch channel (opaque; never created by softdpa). */
struct doca_comch_server;
/** @brief The host end of a Comch channel (opaque; never created by softdpa). */
struct doca_comch_client;

/**
 * @brief Create a Comch server: the DPU end that host clients connect to by name.
 *
 * @param [in] dev
 * The device the server runs on.
 * @param [in] repr
 * The representor of the host function whose clients may connect.
 * @param [in] name
 * The name clients connect to.
 * @param [out] comch_server
 * The new server; softdpa leaves it untouched.
 * @return DOCA_ERROR_NOT_SUPPORTED always: softdpa does not emulate Comch.
 * @note Each call logs an error naming itself (rate-limited).
 */
DOCA_EXPERIMENTAL doca_error_t doca_comch_server_create(struct doca_dev *dev,
                                                        struct doca_dev_rep *repr, const char *name,
                                                        struct doca_comch_server **comch_server);
/**
 * @brief Destroy a Comch server.
 *
 * @param [in] comch_server
 * The server.
 * @return DOCA_ERROR_NOT_SUPPORTED always: softdpa does not emulate Comch.
 * @note Each call logs an error naming itself (rate-limited).
 */
DOCA_EXPERIMENTAL doca_error_t doca_comch_server_destroy(struct doca_comch_server *comch_server);
/**
 * @brief Create a Comch client: the host end that connects to a DPU server by name.
 *
 * @param [in] dev
 * The device the client runs on.
 * @param [in] name
 * The name of the server to connect to.
 * @param [out] comch_client
 * The new client; softdpa leaves it untouched.
 * @return DOCA_ERROR_NOT_SUPPORTED always: softdpa does not emulate Comch.
 * @note Each call logs an error naming itself (rate-limited).
 */
DOCA_EXPERIMENTAL doca_error_t doca_comch_client_create(struct doca_dev *dev, const char *name,
                                                        struct doca_comch_client **comch_client);
/**
 * @brief Destroy a Comch client.
 *
 * @param [in] comch_client
 * The client.
 * @return DOCA_ERROR_NOT_SUPPORTED always: softdpa does not emulate Comch.
 * @note Each call logs an error naming itself (rate-limited).
 */
DOCA_EXPERIMENTAL doca_error_t doca_comch_client_destroy(struct doca_comch_client *comch_client);

#ifdef __cplusplus
}
#endif

#endif /* DOCA_COMCH_H_ */
