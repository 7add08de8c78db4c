/* SPDX-License-Identifier: BSD-3-Clause
 * softdpa — doca_version.h: which DOCA release these headers describe, and comparisons
 * against it. softdpa follows DOCA 3.5; the string keeps DOCA's major.minor.pppp shape so
 * that code which prints or parses it works unchanged (the pkg-config modules say
 * 3.5.0-softdpa).
 */
#ifndef DOCA_VERSION_H_
#define DOCA_VERSION_H_

#include <stddef.h>

#include <doca_compat.h>

#ifdef __cplusplus
extern "C" {
#endif

#define DOCA_VERSION_MAJOR  3 /* 0..255 */
#define DOCA_VERSION_MINOR  5 /* 0..255 */
#define DOCA_VERSION_PATCH  0 /* 0..9999 */
#define DOCA_VERSION_STRING "3.5.0000"

/* A version as one number: exact (patch as is) and official (patch in thousands). */
#define DOCA_VERSION_CALC_EXACT(major, minor, patch)                                               \
	((size_t)((major) << 24 | (minor) << 16 | (patch)))
#define DOCA_VERSION_EXACT                                                                         \
	DOCA_VERSION_CALC_EXACT(DOCA_VERSION_MAJOR, DOCA_VERSION_MINOR, DOCA_VERSION_PATCH)
#define DOCA_VERSION_CALC(major, minor, patch)                                                     \
	((size_t)((major) << 24 | (minor) << 16 | ((patch)*1000)))
#define DOCA_VERSION_OFFICIAL                                                                      \
	DOCA_VERSION_CALC(DOCA_VERSION_MAJOR, DOCA_VERSION_MINOR, DOCA_VERSION_PATCH)

/* Is major.minor.patch this release, or not newer than it? */
#define DOCA_VERSION_EQ_CURRENT(major, minor, patch)                                               \
	(DOCA_VERSION_CALC(major, minor, patch) == DOCA_VERSION_OFFICIAL)
#define DOCA_VERSION_LTE_CURRENT(major, minor, patch)                                              \
	(DOCA_VERSION_CALC(major, minor, patch) <= DOCA_VERSION_OFFICIAL)

/* The version the program was compiled against. */
static inline const char *doca_version(void)
{
	return DOCA_VERSION_STRING;
}

/* The version of the library the program runs with (libsoftdpa). */
DOCA_EXPERIMENTAL const char *doca_version_runtime(void);

#ifdef __cplusplus
}
#endif

#endif /* DOCA_VERSION_H_ */
