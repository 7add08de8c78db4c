/* SPDX-License-Identifier: BSD-3-Clause */
/**
 * @file
 * softdpa — libflexio/flexio_ver.h: FlexIO SDK version numbers. A program defines
 * FLEXIO_VER_USED (with FLEXIO_VER) before including libflexio/flexio.h to state the API
 * version it was written for.
 */
#ifndef _FLEXIO_VER_H_
#define _FLEXIO_VER_H_

/** @brief Bit offset of the major number in a FlexIO version. */
#define FLEXIO_VER_MAJOR_OFFS 24
/** @brief Bit offset of the minor number in a FlexIO version. */
#define FLEXIO_VER_MINOR_OFFS 16

/** @brief A FlexIO version from its major, minor and sub-minor numbers. */
#define FLEXIO_VER(_major, _minor, _sub_minor)                                                     \
	(((_major) << FLEXIO_VER_MAJOR_OFFS) | ((_minor) << FLEXIO_VER_MINOR_OFFS) | (_sub_minor))

/** @brief The newest FlexIO version. */
#define FLEXIO_VER_LATEST FLEXIO_VER(0xFF, 0xFF, 0xFFFF)

#endif
