/* SPDX-License-Identifier: BSD-3-Clause
 * Argument checks of refused calls and plain-data objects (refuse.h).
 */
#include <string.h>

#include "core/refuse.h"

static void say(const struct sdpa_site *site, const char *what, int what_len, const char *tail,
                const char *fix)
{
	priv_doca_log_developer(DOCA_LOG_LEVEL_ERROR, site->source, site->file, site->line,
	                        site->fn, "%s: %.*s%s; %s", site->fn, what_len, what, tail, fix);
}

bool sdpa_bad_arg(const struct sdpa_site *site, const char *what, const char *fix)
{
	say(site, what, (int)strlen(what), "", fix);
	return true;
}

bool sdpa_null_args(const struct sdpa_site *site, const char *fix, const char *names, size_t n,
                    const void *const args[])
{
	const char *name = names;

	for (size_t i = 0; i < n; i++) {
		size_t len;

		while (*name == ' ')
			name++;
		len = strcspn(name, ",");
		if (args[i] == NULL) {
			while (len > 0 && name[len - 1] == ' ')
				len--;
			say(site, name, (int)len, " is NULL", fix);
			return true;
		}
		name += len;
		if (*name == ',')
			name++;
	}
	return false;
}
