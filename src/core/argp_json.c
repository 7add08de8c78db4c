/* SPDX-License-Identifier: BSD-3-Clause
 * Recursive-descent JSON reader for doca_argp configuration files. Strict on purpose: a
 * config file with a typo should be refused with its position, not half-read.
 */
#include <errno.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/argp_json.h"

enum { MAX_DEPTH = 64 };

struct reader {
	const char *p, *end;
	unsigned int line, col;
	char *err;
	size_t err_size;
	enum sdpa_json_status status;
};

static void fail(struct reader *r, const char *what)
{
	if (r->status != SDPA_JSON_OK)
		return;
	r->status = SDPA_JSON_SYNTAX;
	if (r->p >= r->end)
		snprintf(r->err, r->err_size, "line %u, column %u: %s (the file ends here)",
		         r->line, r->col, what);
	else
		snprintf(r->err, r->err_size, "line %u, column %u: %s (found '%c')", r->line,
		         r->col, what, *r->p >= 0x20 && *r->p < 0x7f ? *r->p : '?');
}

static void nomem(struct reader *r)
{
	if (r->status == SDPA_JSON_OK)
		r->status = SDPA_JSON_NOMEM;
}

static void advance(struct reader *r)
{
	if (*r->p == '\n') {
		r->line++;
		r->col = 1;
	} else {
		r->col++;
	}
	r->p++;
}

static void skip_ws(struct reader *r)
{
	while (r->p < r->end && (*r->p == ' ' || *r->p == '\t' || *r->p == '\n' || *r->p == '\r'))
		advance(r);
}

static bool literal(struct reader *r, const char *word)
{
	size_t n = strlen(word);

	if ((size_t)(r->end - r->p) < n || memcmp(r->p, word, n) != 0)
		return false;
	for (size_t k = 0; k < n; k++)
		advance(r);
	return true;
}

static int hex4(struct reader *r, uint32_t *out)
{
	uint32_t v = 0;

	for (int k = 0; k < 4; k++) {
		char c = r->p < r->end ? *r->p : '\0';

		if (c >= '0' && c <= '9')
			v = v << 4 | (uint32_t)(c - '0');
		else if (c >= 'a' && c <= 'f')
			v = v << 4 | (uint32_t)(c - 'a' + 10);
		else if (c >= 'A' && c <= 'F')
			v = v << 4 | (uint32_t)(c - 'A' + 10);
		else
			return -1;
		advance(r);
	}
	*out = v;
	return 0;
}

static size_t put_utf8(char *o, uint32_t cp)
{
	if (cp < 0x80) {
		o[0] = (char)cp;
		return 1;
	}
	if (cp < 0x800) {
		o[0] = (char)(0xc0 | cp >> 6);
		o[1] = (char)(0x80 | (cp & 0x3f));
		return 2;
	}
	if (cp < 0x10000) {
		o[0] = (char)(0xe0 | cp >> 12);
		o[1] = (char)(0x80 | (cp >> 6 & 0x3f));
		o[2] = (char)(0x80 | (cp & 0x3f));
		return 3;
	}
	o[0] = (char)(0xf0 | cp >> 18);
	o[1] = (char)(0x80 | (cp >> 12 & 0x3f));
	o[2] = (char)(0x80 | (cp >> 6 & 0x3f));
	o[3] = (char)(0x80 | (cp & 0x3f));
	return 4;
}

/* At the opening quote. An escape never expands, so the raw length bounds the output. */
static char *read_string(struct reader *r)
{
	const char *q = r->p + 1;
	char *out, *o;

	while (q < r->end && *q != '"')
		q += (*q == '\\' && q + 1 < r->end) ? 2 : 1;
	out = malloc((size_t)(q - r->p) + 1);
	if (out == NULL) {
		nomem(r);
		return NULL;
	}
	o = out;
	advance(r);
	for (;;) {
		unsigned char c;

		if (r->p >= r->end) {
			fail(r, "unterminated string");
			break;
		}
		c = (unsigned char)*r->p;
		if (c == '"') {
			advance(r);
			*o = '\0';
			return out;
		}
		if (c < 0x20) {
			fail(r, "control character inside a string (escape it)");
			break;
		}
		if (c != '\\') {
			*o++ = (char)c;
			advance(r);
			continue;
		}
		advance(r);
		if (r->p >= r->end) {
			fail(r, "unterminated string");
			break;
		}
		c = (unsigned char)*r->p;
		advance(r);
		switch (c) {
		case '"':
		case '\\':
		case '/':
			*o++ = (char)c;
			continue;
		case 'b':
			*o++ = '\b';
			continue;
		case 'f':
			*o++ = '\f';
			continue;
		case 'n':
			*o++ = '\n';
			continue;
		case 'r':
			*o++ = '\r';
			continue;
		case 't':
			*o++ = '\t';
			continue;
		case 'u': {
			uint32_t cp, lo;

			if (hex4(r, &cp) != 0) {
				fail(r, "\\u needs four hex digits");
				goto bad;
			}
			if (cp >= 0xdc00 && cp <= 0xdfff) {
				fail(r, "lone low surrogate in \\u escape");
				goto bad;
			}
			if (cp >= 0xd800 && cp <= 0xdbff) {
				if (!literal(r, "\\u") || hex4(r, &lo) != 0 || lo < 0xdc00 ||
				    lo > 0xdfff) {
					fail(r, "high surrogate not followed by a low one");
					goto bad;
				}
				cp = 0x10000 + ((cp - 0xd800) << 10) + (lo - 0xdc00);
			}
			if (cp == 0) {
				fail(r, "\\u0000 is not allowed in a string");
				goto bad;
			}
			o += put_utf8(o, cp);
			continue;
		}
		default:
			fail(r, "unknown escape in a string");
			goto bad;
		}
	}
bad:
	free(out);
	return NULL;
}

static void read_value(struct reader *r, struct sdpa_json *v, int depth);

static void read_number(struct reader *r, struct sdpa_json *v)
{
	const char *start = r->p;
	char buf[128];
	size_t len;

	v->type = SDPA_JSON_NUMBER;
	v->is_int = true;
	if (r->p < r->end && *r->p == '-')
		advance(r);
	if (r->p < r->end && *r->p == '0') {
		advance(r);
	} else if (r->p < r->end && *r->p >= '1' && *r->p <= '9') {
		while (r->p < r->end && *r->p >= '0' && *r->p <= '9')
			advance(r);
	} else {
		fail(r, "expected a digit");
		return;
	}
	if (r->p < r->end && *r->p == '.') {
		v->is_int = false;
		advance(r);
		if (r->p >= r->end || *r->p < '0' || *r->p > '9') {
			fail(r, "expected a digit after '.'");
			return;
		}
		while (r->p < r->end && *r->p >= '0' && *r->p <= '9')
			advance(r);
	}
	if (r->p < r->end && (*r->p == 'e' || *r->p == 'E')) {
		v->is_int = false;
		advance(r);
		if (r->p < r->end && (*r->p == '+' || *r->p == '-'))
			advance(r);
		if (r->p >= r->end || *r->p < '0' || *r->p > '9') {
			fail(r, "expected a digit in the exponent");
			return;
		}
		while (r->p < r->end && *r->p >= '0' && *r->p <= '9')
			advance(r);
	}
	len = (size_t)(r->p - start);
	if (len >= sizeof(buf)) {
		/* Only absurd literals are this long: keep them, but as out of any range. */
		v->d = start[0] == '-' ? -HUGE_VAL : HUGE_VAL;
		v->int_overflow = v->is_int;
		return;
	}
	memcpy(buf, start, len);
	buf[len] = '\0';
	v->d = strtod(buf, NULL);
	if (v->is_int) {
		errno = 0;
		v->i = strtoll(buf, NULL, 10);
		v->int_overflow = errno == ERANGE;
	}
}

static bool grow(struct reader *r, struct sdpa_json *v, size_t *cap, bool with_keys)
{
	size_t ncap;
	struct sdpa_json *items;

	if (v->n < *cap)
		return true;
	ncap = *cap ? *cap * 2 : 4;
	items = realloc(v->items, ncap * sizeof(*items));
	if (items == NULL) {
		nomem(r);
		return false;
	}
	v->items = items;
	if (with_keys) {
		char **keys = realloc(v->keys, ncap * sizeof(*keys));

		if (keys == NULL) {
			nomem(r);
			return false;
		}
		v->keys = keys;
	}
	*cap = ncap;
	return true;
}

static void read_array(struct reader *r, struct sdpa_json *v, int depth)
{
	size_t cap = 0;

	v->type = SDPA_JSON_ARRAY;
	advance(r);
	skip_ws(r);
	if (r->p < r->end && *r->p == ']') {
		advance(r);
		return;
	}
	for (;;) {
		if (!grow(r, v, &cap, false))
			return;
		memset(&v->items[v->n], 0, sizeof(v->items[0]));
		v->n++;
		read_value(r, &v->items[v->n - 1], depth + 1);
		if (r->status != SDPA_JSON_OK)
			return;
		skip_ws(r);
		if (r->p < r->end && *r->p == ',') {
			advance(r);
			continue;
		}
		if (r->p < r->end && *r->p == ']') {
			advance(r);
			return;
		}
		fail(r, "expected ',' or ']' in an array");
		return;
	}
}

static void read_object(struct reader *r, struct sdpa_json *v, int depth)
{
	size_t cap = 0;

	v->type = SDPA_JSON_OBJECT;
	advance(r);
	skip_ws(r);
	if (r->p < r->end && *r->p == '}') {
		advance(r);
		return;
	}
	for (;;) {
		char *key;

		skip_ws(r);
		if (r->p >= r->end || *r->p != '"') {
			fail(r, "expected a quoted key");
			return;
		}
		key = read_string(r);
		if (key == NULL)
			return;
		if (!grow(r, v, &cap, true)) {
			free(key);
			return;
		}
		memset(&v->items[v->n], 0, sizeof(v->items[0]));
		v->keys[v->n] = key;
		v->n++;
		skip_ws(r);
		if (r->p >= r->end || *r->p != ':') {
			fail(r, "expected ':' after a key");
			return;
		}
		advance(r);
		read_value(r, &v->items[v->n - 1], depth + 1);
		if (r->status != SDPA_JSON_OK)
			return;
		skip_ws(r);
		if (r->p < r->end && *r->p == ',') {
			advance(r);
			continue;
		}
		if (r->p < r->end && *r->p == '}') {
			advance(r);
			return;
		}
		fail(r, "expected ',' or '}' in an object");
		return;
	}
}

static void read_value(struct reader *r, struct sdpa_json *v, int depth)
{
	skip_ws(r);
	v->line = r->line;
	v->col = r->col;
	if (depth > MAX_DEPTH) {
		fail(r, "nested more than 64 levels deep");
		return;
	}
	if (r->p >= r->end) {
		fail(r, "expected a value");
		return;
	}
	switch (*r->p) {
	case '{':
		read_object(r, v, depth);
		return;
	case '[':
		read_array(r, v, depth);
		return;
	case '"':
		v->type = SDPA_JSON_STRING;
		v->s = read_string(r);
		return;
	case 't':
	case 'f':
	case 'n':
		if (literal(r, "true")) {
			v->type = SDPA_JSON_BOOL;
			v->b = true;
		} else if (literal(r, "false")) {
			v->type = SDPA_JSON_BOOL;
		} else if (literal(r, "null")) {
			v->type = SDPA_JSON_NULL;
		} else {
			fail(r, "expected true, false or null");
		}
		return;
	default:
		read_number(r, v);
		return;
	}
}

static void free_inner(struct sdpa_json *v)
{
	for (size_t k = 0; k < v->n; k++) {
		free_inner(&v->items[k]);
		if (v->keys != NULL)
			free(v->keys[k]);
	}
	free(v->items);
	free(v->keys);
	free(v->s);
}

void sdpa_json_free(struct sdpa_json *v)
{
	if (v == NULL)
		return;
	free_inner(v);
	free(v);
}

enum sdpa_json_status sdpa_json_parse(const char *text, size_t len, struct sdpa_json **out,
                                      char *err, size_t err_size)
{
	struct reader r = {.p = text,
	                   .end = text + len,
	                   .line = 1,
	                   .col = 1,
	                   .err = err,
	                   .err_size = err_size};
	struct sdpa_json *v = calloc(1, sizeof(*v));

	*out = NULL;
	if (err_size > 0)
		err[0] = '\0';
	if (v == NULL)
		return SDPA_JSON_NOMEM;
	/* A UTF-8 byte order mark is harmless: editors add it. */
	if (len >= 3 && memcmp(text, "\xef\xbb\xbf", 3) == 0)
		r.p += 3;
	read_value(&r, v, 1);
	if (r.status == SDPA_JSON_OK) {
		skip_ws(&r);
		if (r.p < r.end)
			fail(&r, "unexpected text after the value");
	}
	if (r.status != SDPA_JSON_OK) {
		sdpa_json_free(v);
		return r.status;
	}
	*out = v;
	return SDPA_JSON_OK;
}

const char *sdpa_json_type_name(enum sdpa_json_type t)
{
	switch (t) {
	case SDPA_JSON_NULL:
		return "null";
	case SDPA_JSON_BOOL:
		return "a boolean";
	case SDPA_JSON_NUMBER:
		return "a number";
	case SDPA_JSON_STRING:
		return "a string";
	case SDPA_JSON_ARRAY:
		return "an array";
	case SDPA_JSON_OBJECT:
		return "an object";
	}
	return "?";
}
