/* SPDX-License-Identifier: BSD-3-Clause
 * softdpa — doca_compat.h: symbol visibility and API-stability markers.
 *
 * The library is built with hidden visibility; only functions marked with one of
 * these macros are exported, exactly the DOCA-named API and the softdpa_ extensions.
 */
#ifndef DOCA_COMPAT_H_
#define DOCA_COMPAT_H_

#if defined(__GNUC__) || defined(__clang__)
#define DOCA_EXPORTED __attribute__((visibility("default")))
#define DOCA_USED     __attribute__((used))
#define DOCA_DEPRECATED __attribute__((deprecated))
#else
#define DOCA_EXPORTED
#define DOCA_USED
#define DOCA_DEPRECATED
#endif

/* A stable API: its signature will not change within a major version. */
#define DOCA_STABLE DOCA_EXPORTED
/* An experimental API: DOCA may change it between releases. */
#define DOCA_EXPERIMENTAL DOCA_EXPORTED

#endif /* DOCA_COMPAT_H_ */
