/* SPDX-License-Identifier: BSD-3-Clause
 * Shared test helpers (t_ prefix). Include after <cmocka.h>'s prerequisites.
 */
#ifndef T_HELPERS_H
#define T_HELPERS_H

#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <setjmp.h>
#include <cmocka.h>

/* meson reads exit code 77 as "skipped". */
enum { T_EXIT_SKIP = 77 };

/* Forget every SDK log record counted so far. */
void t_log_reset(void);

/* Number of SDK records at WARNING or worse (CRIT, ERROR, WARNING) since t_log_reset(). */
unsigned long t_log_problems(void);

/* Assert that the latest SDK problem record contains every given substring
 * (NULL-terminated list), e.g. the cause and the fix. */
#define t_assert_logged(...)                                                                       \
	t_assert_logged_impl(__FILE__, __LINE__, __VA_ARGS__, (const char *)NULL)
void t_assert_logged_impl(const char *file, int line, ...);

/* A fresh temporary directory (removed by the test with t_rmdir_r) and a path in it. */
/* Lines written to 'fp' so far that contain 'needle' (all lines when NULL); leaves the
 * position at the end so that writing can go on. */
int t_count_lines(FILE *fp, const char *needle);

const char *t_tmpdir(void);
void t_path(char *out, size_t size, const char *name);
void t_rmdir_r(const char *dir);

/* How the mapping holding address a is advised, from /proc/self/smaps: 'h' onto huge
 * pages (VmFlags hg), 'n' off them (nh), '-' neither, '?' no mapping holds a. */
char t_vm_advice(const void *a);

/* Directory of tests/ in the source tree (for committed data). */
const char *t_srcdir(void);

#endif
