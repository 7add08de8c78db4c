/* SPDX-License-Identifier: BSD-3-Clause
 * FlexIO DPA resources (libflexio/flexio.h): what a resources file gives one application.
 *
 * softdpa's resources format (docs/DPA.md) is a YAML mapping from application keys to their
 * resources:
 *
 *   my_app:
 *     eus: [0, 1, 2]        # execution unit IDs, 0..255 (also a block list of "- N")
 *     eu_groups: []         # EU groups (counted; entries are free-form)
 *   other_app:
 *     eus:
 *       - 16
 *
 * Comments, blank lines and keys softdpa does not know are allowed. Anything else that is
 * not of this shape fails, with one log line naming the line and the problem.
 */
#include <ctype.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <libflexio/flexio.h>

#include "core/handles.h"
#include "core/log.h"

SDPA_LOG_REGISTER(dpa_flexio);

enum { MAX_EUS = 256, MAX_LINE = 512 };

struct flexio_resource {
	uint32_t nr_eus;
	uint32_t nr_eugs;
	uint32_t eus[MAX_EUS];
};

struct line {
	unsigned int no;     /* 1-based */
	unsigned int indent; /* leading spaces */
	char text[MAX_LINE]; /* without indentation, comment and trailing blanks */
};

struct lines {
	struct line *v;
	unsigned int n;
};

/* Split the buffer into significant lines. False (logged) on a malformed line. */
static bool split_lines(const char *buf, size_t size, struct lines *out)
{
	size_t pos = 0;
	unsigned int no = 0, cap = 0;

	out->v = NULL;
	out->n = 0;
	while (pos < size) {
		size_t end = pos, len, i = 0;
		unsigned int indent = 0;
		char tmp[MAX_LINE];
		bool in_quote = false;

		while (end < size && buf[end] != '\n' && buf[end] != '\0')
			end++;
		no++;
		len = end - pos;
		if (len >= MAX_LINE) {
			DOCA_LOG_ERR(
			        "flexio_resources_create: line %u is longer than %d characters", no,
			        MAX_LINE - 1);
			return false;
		}
		memcpy(tmp, buf + pos, len);
		tmp[len] = '\0';
		pos = end + 1;
		if (end < size && buf[end] == '\0')
			pos = size;
		while (tmp[indent] == ' ')
			indent++;
		if (tmp[indent] == '\t') {
			DOCA_LOG_ERR("flexio_resources_create: line %u is indented with a tab; "
			             "indent YAML with spaces",
			             no);
			return false;
		}
		for (i = indent; tmp[i] != '\0'; i++) {
			if (tmp[i] == '"' || tmp[i] == '\'')
				in_quote = !in_quote;
			if (tmp[i] == '#' && !in_quote && (i == indent || tmp[i - 1] == ' ')) {
				tmp[i] = '\0';
				break;
			}
		}
		len = strlen(tmp);
		while (len > indent && isspace((unsigned char)tmp[len - 1]))
			tmp[--len] = '\0';
		if (len == indent || strcmp(tmp + indent, "---") == 0 ||
		    strcmp(tmp + indent, "...") == 0)
			continue;
		if (out->n == cap) {
			struct line *v;

			cap = cap ? cap * 2 : 32;
			v = realloc(out->v, cap * sizeof(*v));
			if (v == NULL) {
				DOCA_LOG_ERR("flexio_resources_create: out of memory");
				return false;
			}
			out->v = v;
		}
		out->v[out->n].no = no;
		out->v[out->n].indent = indent;
		snprintf(out->v[out->n].text, MAX_LINE, "%s", tmp + indent);
		out->n++;
	}
	return true;
}

/* "key: value" -> key and value (value may be empty); false when there is no ':'. */
static bool split_key(char *text, char **key, char **value)
{
	char *colon = strchr(text, ':');
	size_t klen;

	if (colon == NULL || (colon[1] != '\0' && colon[1] != ' '))
		return false;
	*colon = '\0';
	*value = colon + 1;
	while (**value == ' ')
		(*value)++;
	*key = text;
	klen = strlen(*key);
	while (klen > 0 && (*key)[klen - 1] == ' ')
		(*key)[--klen] = '\0';
	if (klen >= 2 && ((*key)[0] == '"' || (*key)[0] == '\'') && (*key)[klen - 1] == (*key)[0]) {
		(*key)[klen - 1] = '\0';
		(*key)++;
	}
	return klen > 0;
}

static bool parse_eu(const char *s, unsigned int line, uint32_t *eu)
{
	char *end;
	unsigned long v;

	while (*s == ' ')
		s++;
	if (!isdigit((unsigned char)*s))
		goto bad;
	v = strtoul(s, &end, 0);
	while (*end == ' ')
		end++;
	if (*end != '\0' || v >= MAX_EUS)
		goto bad;
	*eu = (uint32_t)v;
	return true;
bad:
	DOCA_LOG_ERR("flexio_resources_create: line %u: EU '%s' is not an execution unit ID "
	             "(0..%d)",
	             line, s, MAX_EUS - 1);
	return false;
}

/* Items of a flow list "[a, b]" (in place); -1 when malformed. */
static int flow_items(char *v, char **items, int max)
{
	size_t len = strlen(v);
	int n = 0;
	char *p, *save = NULL;

	if (len < 2 || v[0] != '[' || v[len - 1] != ']')
		return -1;
	v[len - 1] = '\0';
	v++;
	for (p = strtok_r(v, ",", &save); p != NULL; p = strtok_r(NULL, ",", &save)) {
		while (*p == ' ')
			p++;
		if (*p == '\0')
			continue;
		if (n == max)
			return -1;
		items[n++] = p;
	}
	return n;
}

/* Read list 'key' of the section whose key line is lines[k]; lines[*i] is past it. */
static bool read_list(const struct lines *L, unsigned int *i, unsigned int key_indent, char *value,
                      unsigned int key_line, bool is_eus, struct flexio_resource *r)
{
	if (value[0] != '\0') {
		char *items[MAX_EUS + 1];
		int n = flow_items(value, items, MAX_EUS);

		if (n < 0) {
			DOCA_LOG_ERR("flexio_resources_create: line %u: '%s' is not a list "
			             "([a, b, ...]) of at most %d entries",
			             key_line, value, MAX_EUS);
			return false;
		}
		for (int j = 0; j < n; j++) {
			if (!is_eus) {
				r->nr_eugs++;
				continue;
			}
			if (!parse_eu(items[j], key_line, &r->eus[r->nr_eus]))
				return false;
			r->nr_eus++;
		}
		return true;
	}
	/* A block list: "- item" lines at the key's indentation or deeper. An item's own
	 * continuation lines are deeper than its dash. */
	while (*i < L->n && L->v[*i].indent >= key_indent && L->v[*i].text[0] == '-' &&
	       (L->v[*i].text[1] == ' ' || L->v[*i].text[1] == '\0')) {
		unsigned int dash = L->v[*i].indent;

		if (is_eus) {
			if (r->nr_eus == MAX_EUS) {
				DOCA_LOG_ERR("flexio_resources_create: line %u: more than %d EUs",
				             L->v[*i].no, MAX_EUS);
				return false;
			}
			if (!parse_eu(L->v[*i].text + 1, L->v[*i].no, &r->eus[r->nr_eus]))
				return false;
			r->nr_eus++;
		} else {
			r->nr_eugs++;
		}
		for ((*i)++; *i < L->n && L->v[*i].indent > dash; (*i)++)
			;
	}
	return true;
}

static bool parse(const struct lines *L, const char *app_key, struct flexio_resource *r)
{
	unsigned int top = L->n ? L->v[0].indent : 0, i = 0;
	bool found = false;

	while (i < L->n) {
		char text[MAX_LINE], *key, *value;
		bool mine;

		if (L->v[i].indent != top) {
			DOCA_LOG_ERR(
			        "flexio_resources_create: line %u: indentation does not match an "
			        "application key",
			        L->v[i].no);
			return false;
		}
		snprintf(text, sizeof(text), "%s", L->v[i].text);
		if (!split_key(text, &key, &value) || value[0] != '\0') {
			DOCA_LOG_ERR(
			        "flexio_resources_create: line %u: expected 'APP_KEY:' opening "
			        "an application's resources, found '%s'",
			        L->v[i].no, L->v[i].text);
			return false;
		}
		mine = strcmp(key, app_key) == 0;
		if (mine && found) {
			DOCA_LOG_ERR(
			        "flexio_resources_create: line %u: application key '%s' appears "
			        "twice",
			        L->v[i].no, app_key);
			return false;
		}
		found |= mine;
		for (i++; i < L->n && L->v[i].indent > top;) {
			unsigned int key_indent = L->v[i].indent, key_line = L->v[i].no;
			char sub[MAX_LINE];

			snprintf(sub, sizeof(sub), "%s", L->v[i].text);
			if (!split_key(sub, &key, &value)) {
				DOCA_LOG_ERR(
				        "flexio_resources_create: line %u: expected 'key: value', "
				        "found '%s'",
				        key_line, L->v[i].text);
				return false;
			}
			i++;
			if (mine && (strcmp(key, "eus") == 0 || strcmp(key, "eu_groups") == 0)) {
				if (!read_list(L, &i, key_indent, value, key_line,
				               strcmp(key, "eus") == 0, r))
					return false;
				continue;
			}
			/* Another application's entry, or a key softdpa does not use: skip its
			 * nested lines. */
			while (i < L->n &&
			       (L->v[i].indent > key_indent ||
			        (L->v[i].indent == key_indent && L->v[i].text[0] == '-')))
				i++;
		}
	}
	if (!found)
		DOCA_LOG_ERR("flexio_resources_create: the resources have no application key '%s'; "
		             "pass a key of the file (the sample's --dpa-app-key)",
		             app_key);
	return found;
}

/* Resources from flexio_resources_create, not destroyed (core/handles.h): never read
 * otherwise. */
static bool res_live(const struct flexio_resource *res, const char *fn)
{
	if (sdpa_handle_live(res, SDPA_H_FLEXIO_RES))
		return true;
	DOCA_LOG_ERR("%s: res is %s; pass resources from flexio_resources_create, until "
	             "flexio_resources_destroy",
	             fn, res == NULL ? "NULL" : "destroyed or not resources");
	return false;
}

DOCA_STABLE flexio_status flexio_resources_create(const char *app_key, const char *buffer,
                                                  size_t buffer_size, struct flexio_resource **res)
{
	struct flexio_resource *r;
	struct lines L;
	bool ok;

	if (app_key == NULL || app_key[0] == '\0' || buffer == NULL || buffer_size == 0 ||
	    res == NULL) {
		DOCA_LOG_ERR("flexio_resources_create: %s; pass an application key, the resources "
		             "file's contents and a result pointer",
		             app_key == NULL || app_key[0] == '\0' ? "app_key is NULL or empty"
		             : buffer == NULL || buffer_size == 0  ? "buffer is NULL or empty"
		                                                   : "res is NULL");
		return FLEXIO_STATUS_FAILED;
	}
	r = calloc(1, sizeof(*r));
	if (r == NULL) {
		DOCA_LOG_ERR("flexio_resources_create: out of memory");
		return FLEXIO_STATUS_FAILED;
	}
	ok = split_lines(buffer, buffer_size, &L) && parse(&L, app_key, r);
	free(L.v);
	if (!ok) {
		free(r);
		return FLEXIO_STATUS_FAILED;
	}
	if (!sdpa_handle_add(r, SDPA_H_FLEXIO_RES)) {
		free(r);
		return FLEXIO_STATUS_FAILED; /* sdpa_handle_add logged the cause */
	}
	*res = r;
	return FLEXIO_STATUS_SUCCESS;
}

DOCA_STABLE flexio_status flexio_resources_destroy(struct flexio_resource *res)
{
	if (!res_live(res, "flexio_resources_destroy"))
		return FLEXIO_STATUS_FAILED;
	sdpa_handle_retire(res, free); /* quarantined: core/handles.h */
	return FLEXIO_STATUS_SUCCESS;
}

DOCA_STABLE uint32_t flexio_resources_get_eugs_num(struct flexio_resource *res)
{
	return res_live(res, "flexio_resources_get_eugs_num") ? res->nr_eugs : 0;
}

DOCA_STABLE uint32_t flexio_resources_get_eus_num(struct flexio_resource *res)
{
	return res_live(res, "flexio_resources_get_eus_num") ? res->nr_eus : 0;
}

DOCA_STABLE uint32_t *flexio_resources_get_eus(struct flexio_resource *res)
{
	return res_live(res, "flexio_resources_get_eus") && res->nr_eus > 0 ? res->eus : NULL;
}
