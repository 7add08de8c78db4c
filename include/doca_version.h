/* SPDX-License-Identifier: BSD-3-Clause */
/**
 * @file
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

#define DOCA_VERSION_MAJOR 3 /**< major version of these headers, 0..255 */
#define DOCA_VERSION_MINOR 5 /**< minor version of these headers, 0..255 */
#define DOCA_VERSION_PATCH 0 /**< patch version of these headers, 0..9999 */
/** @brief The version of these headers as a string, major.minor.pppp. */
#define DOCA_VERSION_STRING "3.5.0000"

/* A version as one number: exact (patch as is) and official (patch in thousands). */
/** @brief major.minor.patch as one number, patch as is. */
#define DOCA_VERSION_CALC_EXACT(major, minor, patch)                                               \
	((size_t)((major) << 24 | (minor) << 16 | (patch)))
/** @brief These headers' version as one number, patch as is. */
#define DOCA_VERSION_EXACT                                                                         \
	DOCA_VERSION_CALC_EXACT(DOCA_VERSION_MAJOR, DOCA_VERSION_MINOR, DOCA_VERSION_PATCH)
/** @brief major.minor.patch as one number, patch in thousands (DOCA's official numbering). */
#define DOCA_VERSION_CALC(major, minor, patch)                                                     \
	((size_t)((major) << 24 | (minor) << 16 | ((patch)*1000)))
/** @brief These headers' version as one number, patch in thousands. */
#define DOCA_VERSION_OFFICIAL                                                                      \
	DOCA_VERSION_CALC(DOCA_VERSION_MAJOR, DOCA_VERSION_MINOR, DOCA_VERSION_PATCH)

/* Is major.minor.patch this release, or not newer than it? */
/** @brief True when major.minor.patch is the release these headers describe. */
#define DOCA_VERSION_EQ_CURRENT(major, minor, patch)                                               \
	(DOCA_VERSION_CALC(major, minor, patch) == DOCA_VERSION_OFFICIAL)
/** @brief True when major.minor.patch is not newer than the release these headers describe. */
#define DOCA_VERSION_LTE_CURRENT(major, minor, patch)                                              \
	(DOCA_VERSION_CALC(major, minor, patch) <= DOCA_VERSION_OFFICIAL)

/**
 * @brief Get the version the program was compiled against.
 *
 * @return DOCA_VERSION_STRING of the headers used at compile time, a static string.
 */
static inline const char *doca_version(void)
{
	return DOCA_VERSION_STRING;
}

/**
 * @brief Get the version of the library the program runs with (libsoftdpa).
 *
 * @return The library's own DOCA_VERSION_STRING, a static string; it may differ from
 * doca_version() when the program was built against other headers. The call cannot fail.
 */
DOCA_EXPERIMENTAL const char *doca_version_runtime(void);

#ifdef __cplusplus
}
#endif

#endif /* DOCA_VERSION_H_ */
