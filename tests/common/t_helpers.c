/* SPDX-License-Identifier: BSD-3-Clause */
#include <ftw.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <doca_log.h>

#include "core/log.h"
#include "t_helpers.h"

static char tmpdir[256];

void t_log_reset(void)
{
	sdpa_log_reset_counters();
}

unsigned long t_log_problems(void)
{
	return (unsigned long)(sdpa_log_sdk_count(DOCA_LOG_LEVEL_CRIT) +
	                       sdpa_log_sdk_count(DOCA_LOG_LEVEL_ERROR) +
	                       sdpa_log_sdk_count(DOCA_LOG_LEVEL_WARNING));
}

void t_assert_logged_impl(const char *file, int line, ...)
{
	char last[1024];
	va_list ap;
	const char *want;

	sdpa_log_last_problem(last, sizeof(last));
	va_start(ap, line);
	while ((want = va_arg(ap, const char *)) != NULL) {
		if (strstr(last, want) == NULL) {
			va_end(ap);
			_fail(file, line);
			print_error("expected the last problem record to contain '%s', got '%s'\n",
			            want, last);
			return;
		}
	}
	va_end(ap);
}

const char *t_tmpdir(void)
{
	if (tmpdir[0] == '\0') {
		const char *base = getenv("TMPDIR");
		snprintf(tmpdir, sizeof(tmpdir), "%s/softdpa-test-XXXXXX", base ? base : "/tmp");
		if (mkdtemp(tmpdir) == NULL) {
			perror("mkdtemp");
			abort();
		}
	}
	return tmpdir;
}

void t_path(char *out, size_t size, const char *name)
{
	snprintf(out, size, "%s/%s", t_tmpdir(), name);
}

static int rm_one(const char *path, const struct stat *sb, int flag, struct FTW *ftw)
{
	(void)sb;
	(void)flag;
	(void)ftw;
	return remove(path);
}

void t_rmdir_r(const char *dir)
{
	if (dir != NULL && dir[0] != '\0')
		nftw(dir, rm_one, 16, FTW_DEPTH | FTW_PHYS);
	if (dir == tmpdir)
		tmpdir[0] = '\0';
}

const char *t_srcdir(void)
{
	const char *s = getenv("SOFTDPA_TEST_SRCDIR");
	return s != NULL ? s : "tests";
}

int t_count_lines(FILE *fp, const char *needle)
{
	char line[2048];
	int n = 0;

	fflush(fp);
	rewind(fp);
	while (fgets(line, sizeof(line), fp) != NULL)
		if (needle == NULL || strstr(line, needle) != NULL)
			n++;
	fseek(fp, 0, SEEK_END);
	return n;
}

char t_vm_advice(const void *a)
{
	FILE *f = fopen("/proc/self/smaps", "r");
	char line[512];
	int in = 0;
	char r = '?';

	if (f == NULL)
		return '?';
	while (r == '?' && fgets(line, sizeof(line), f) != NULL) {
		unsigned long lo, hi;

		if (sscanf(line, "%lx-%lx ", &lo, &hi) == 2) /* a mapping's first line */
			in = (uintptr_t)a >= lo && (uintptr_t)a < hi;
		else if (in && strncmp(line, "VmFlags:", 8) == 0)
			r = strstr(line, " hg") != NULL   ? 'h'
			    : strstr(line, " nh") != NULL ? 'n'
			                                  : '-';
	}
	fclose(f);
	return r;
}
