/* SPDX-License-Identifier: BSD-3-Clause
 * What other layers ask of doca_buf beyond DOCA's calls (buf.c). Functions only.
 */
#ifndef SDPA_CORE_BUF_H
#define SDPA_CORE_BUF_H

#include <stdbool.h>

struct doca_buf;

/* True while 'buf' is held (taken from its inventory and not yet given back by its last
 * doca_buf_dec_refcount). A queue that hands out buffers of a private inventory uses it to
 * learn when the application has let go of one. Silent: no log line. */
bool sdpa_buf_held(const struct doca_buf *buf);

#endif
