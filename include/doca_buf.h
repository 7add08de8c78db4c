/* SPDX-License-Identifier: BSD-3-Clause
 * softdpa — doca_buf.h: the DOCA buffer object. softdpa does not emulate doca_buf
 * inventories; the type exists so that the doca_dpa *_buf_memcpy calls compile (they
 * answer NOT_SUPPORTED).
 */
#ifndef DOCA_BUF_H_
#define DOCA_BUF_H_

#include <doca_compat.h>
#include <doca_error.h>

#ifdef __cplusplus
extern "C" {
#endif

struct doca_buf;

#ifdef __cplusplus
}
#endif

#endif /* DOCA_BUF_H_ */
