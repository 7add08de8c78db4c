/* SPDX-License-Identifier: BSD-3-Clause */
/**
 * @file
 * softdpa — doca_compat.h: symbol visibility and API-stability markers.
 *
 * The library is built with hidden visibility; only functions marked with one of
 * these macros are exported, exactly the DOCA-named API and the softdpa_ extensions.
 */
#ifndef DOCA_COMPAT_H_
#define DOCA_COMPAT_H_

#if defined(__GNUC__) || defined(__clang__)
/** @brief Export the symbol from the library (default visibility). */
#define DOCA_EXPORTED __attribute__((visibility("default")))
/** @brief Keep the symbol even when nothing in its translation unit refers to it. */
#define DOCA_USED __attribute__((used))
/** @brief Mark an API as deprecated: using it draws a compiler warning. */
#define DOCA_DEPRECATED __attribute__((deprecated))
#else
/** @brief Export the symbol (no effect on compilers other than GCC and clang). */
#define DOCA_EXPORTED
/** @brief Keep the symbol (no effect on compilers other than GCC and clang). */
#define DOCA_USED
/** @brief Mark an API as deprecated (no effect on compilers other than GCC and clang). */
#define DOCA_DEPRECATED
#endif

/** @brief A stable API: its signature will not change within a major version. */
#define DOCA_STABLE DOCA_EXPORTED
/**
 * @brief An experimental API: DOCA may change it between releases.
 *
 * @note In softdpa it only exports the symbol; it draws no warning whether or not
 * DOCA_ALLOW_EXPERIMENTAL_API is defined.
 */
#define DOCA_EXPERIMENTAL DOCA_EXPORTED

#endif /* DOCA_COMPAT_H_ */
