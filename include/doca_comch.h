/* SPDX-License-Identifier: BSD-3-Clause
 * softdpa — doca_comch.h: DOCA Comch (host <-> DPU communication channel).
 *
 * softdpa does not emulate Comch. Every call answers DOCA_ERROR_NOT_SUPPORTED and logs one
 * line naming itself.
 */
#ifndef DOCA_COMCH_H_
#define DOCA_COMCH_H_

#include <doca_compat.h>
#include <doca_error.h>

#ifdef __cplusplus
extern "C" {
#endif

struct doca_dev;
struct doca_dev_rep;
struct doca_comch_server;
struct doca_comch_client;

/* A Comch server on the DPU side. softdpa: NOT_SUPPORTED. */
DOCA_EXPERIMENTAL doca_error_t doca_comch_server_create(struct doca_dev *dev,
							struct doca_dev_rep *repr, const char *name,
							struct doca_comch_server **comch_server);
DOCA_EXPERIMENTAL doca_error_t doca_comch_server_destroy(struct doca_comch_server *comch_server);
/* A Comch client on the host side. softdpa: NOT_SUPPORTED. */
DOCA_EXPERIMENTAL doca_error_t doca_comch_client_create(struct doca_dev *dev, const char *name,
							struct doca_comch_client **comch_client);
DOCA_EXPERIMENTAL doca_error_t doca_comch_client_destroy(struct doca_comch_client *comch_client);

#ifdef __cplusplus
}
#endif

#endif /* DOCA_COMCH_H_ */
