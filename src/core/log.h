/* SPDX-License-Identifier: BSD-3-Clause
 * Internal logging: library files register an SDK log source and then use the public
 * DOCA_LOG_* macros, which read the file's 'log_source'.
 *
 *   SDPA_LOG_REGISTER(nic_parser);
 *   ...
 *   DOCA_LOG_ERR("port %u: ...; call X before Y", id);
 */
#ifndef SDPA_CORE_LOG_H
#define SDPA_CORE_LOG_H

#include <stddef.h>
#include <stdint.h>

#include <doca_log.h>

doca_error_t sdpa_log_register_sdk_source(const char *name, int *source);

#define SDPA_LOG_REGISTER(SOURCE)                                                                  \
	static int log_source = -1;                                                                \
	static void __attribute__((constructor)) sdpa_log_register_##SOURCE(void)                  \
	{                                                                                          \
		(void)sdpa_log_register_sdk_source(#SOURCE, &log_source);                          \
	}

/* Test hooks: how many SDK records of 'level' passed the global SDK limit, and the text
 * (message only, no prefix) of the latest one at WARNING or worse. */
uint64_t sdpa_log_sdk_count(uint32_t level);
void sdpa_log_last_problem(char *buf, size_t size);
void sdpa_log_reset_counters(void);
/* Test hook: the name 'source' is registered under ("" when it is not registered). */
void sdpa_log_source_name(int source, char *buf, size_t size);

/* Parse a level given as a name (error, warn, info, debug, trace, disable, crit) or a
 * DOCA number. Returns 0 on failure. */
uint32_t sdpa_log_parse_level(const char *s);

#endif
