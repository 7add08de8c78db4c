/* SPDX-License-Identifier: BSD-3-Clause
 * A small, strict JSON reader for doca_argp's -j/--json files (RFC 8259 values, nesting up
 * to 64 levels, no NUL inside strings). Every value remembers where it started so that
 * errors can name the line and column.
 */
#ifndef SDPA_CORE_ARGP_JSON_H
#define SDPA_CORE_ARGP_JSON_H

#include <stdbool.h>
#include <stddef.h>

enum sdpa_json_type {
	SDPA_JSON_NULL,
	SDPA_JSON_BOOL,
	SDPA_JSON_NUMBER,
	SDPA_JSON_STRING,
	SDPA_JSON_ARRAY,
	SDPA_JSON_OBJECT,
};

struct sdpa_json {
	enum sdpa_json_type type;
	unsigned int line, col;
	bool b;
	/* Numbers: 'd' always; 'i' when written without fraction or exponent ('is_int'), unless
	 * it does not fit a long long ('int_overflow'). */
	double d;
	long long i;
	bool is_int, int_overflow;
	char *s;
	/* Arrays: 'n' items. Objects: 'n' members, keys[k] naming items[k], in file order. */
	struct sdpa_json *items;
	char **keys;
	size_t n;
};

enum sdpa_json_status { SDPA_JSON_OK, SDPA_JSON_SYNTAX, SDPA_JSON_NOMEM };

/* Parse 'len' bytes of 'text'. On SDPA_JSON_SYNTAX, 'err' says where and what. */
enum sdpa_json_status sdpa_json_parse(const char *text, size_t len, struct sdpa_json **out,
                                      char *err, size_t err_size);
void sdpa_json_free(struct sdpa_json *v);
const char *sdpa_json_type_name(enum sdpa_json_type t);

#endif
