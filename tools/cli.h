/* SPDX-License-Identifier: BSD-3-Clause
 * Subcommands of the softdpa CLI that live outside softdpa.c, and the option helpers they
 * share. Each run function takes the arguments after the command's words and returns the
 * exit status: 0 success, 1 failure, 2 usage error (message on stderr).
 */
#ifndef SDPA_TOOLS_CLI_H
#define SDPA_TOOLS_CLI_H

#include <stdbool.h>
#include <stdint.h>

enum { CLI_EXIT_OK = 0, CLI_EXIT_FAIL = 1, CLI_EXIT_USAGE = 2 };

/* softdpa pcap gen / pcap info (cli_pcap.c) */
int cli_pcap_gen(int argc, char **argv);
int cli_pcap_info(int argc, char **argv);

/* softdpa pcap show (cli_pcap_show.c) */
int cli_pcap_show(int argc, char **argv);

/* softdpa stats (cli_stats.c) */
int cli_stats(int argc, char **argv);

/* If argv[*i] is option 'name' ("--frames"), take its value from "--frames=V" or from the
 * next argument, advance *i past what was used and return true. A missing value leaves
 * *value NULL (the caller reports it). */
bool cli_opt_value(int argc, char **argv, int *i, const char *name, const char **value);

/* A count: digits with an optional fraction and k/M/G suffix (powers of 1000), e.g.
 * "1000", "10k", "1.5M". False unless the result is a whole number in min..max. */
bool cli_parse_count(const char *s, uint64_t min, uint64_t max, uint64_t *out);

/* A real number in min..max ("0.8", "1e-3"). */
bool cli_parse_real(const char *s, double min, double max, double *out);

#endif
