/* SPDX-License-Identifier: BSD-3-Clause
 * softdpa stats: read a stats dump (one JSON object per line, src/core/stats.h) from a
 * running application's SOFTDPA_STATS socket or from a file, and print it as one table
 * per section, or as the raw lines (--json).
 *
 * The parser reads the flat objects the registry produces: string, number, true/false/
 * null values; a nested array or object is kept as its raw text.
 */
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/time.h>
#include <sys/un.h>
#include <time.h>
#include <unistd.h>

#include "cli.h"

/* A socket's dump must arrive whole within RECV_TIMEOUT_S (a peer trickling bytes cannot
 * hold the command) and be at most MAX_DUMP bytes (a peer that never stops cannot exhaust
 * memory); a file's dump is held to MAX_DUMP too. */
enum { MAX_KEYS = 64, RECV_TIMEOUT_S = 5 };
#define MAX_DUMP ((size_t)64 << 20)

struct record {
	const char *line; /* the raw JSON line, inside the input buffer */
	char *section;
	int n;
	char *key[MAX_KEYS];
	char *val[MAX_KEYS];
};

struct dump {
	struct record *r;
	size_t n, cap;
};

static void usage(void)
{
	fprintf(stderr, "Run 'softdpa help stats' for the options.\n");
}

/* ------------------------------------------------------------ input */

static uint64_t mono_ms(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (uint64_t)ts.tv_sec * 1000 + (uint64_t)ts.tv_nsec / 1000000;
}

/* Everything up to EOF, at most MAX_DUMP bytes (EFBIG beyond). With deadline_ms != 0, the
 * whole read must end by then (ETIMEDOUT otherwise), however the bytes trickle in. */
static char *read_all_fd(int fd, size_t *len, uint64_t deadline_ms)
{
	size_t cap = 65536, n = 0;
	char *buf = malloc(cap + 1);

	while (buf != NULL) {
		ssize_t got;

		if (n == cap) {
			char *b;

			if (cap >= MAX_DUMP) {
				free(buf);
				errno = EFBIG;
				return NULL;
			}
			b = realloc(buf, cap * 2 + 1);
			if (b == NULL)
				break;
			buf = b;
			cap *= 2;
		}
		if (deadline_ms != 0) {
			uint64_t now = mono_ms();
			struct pollfd pfd = {.fd = fd, .events = POLLIN};
			int rc;

			rc = now >= deadline_ms ? 0 : poll(&pfd, 1, (int)(deadline_ms - now));
			if (rc < 0 && errno == EINTR)
				continue;
			if (rc == 0) {
				free(buf);
				errno = ETIMEDOUT;
				return NULL;
			}
		}
		got = read(fd, buf + n, (n + 65536 < cap ? n + 65536 : cap) - n);
		if (got < 0 && errno == EINTR)
			continue;
		if (got < 0) {
			free(buf);
			return NULL;
		}
		if (got == 0) {
			buf[n] = '\0';
			*len = n;
			return buf;
		}
		n += (size_t)got;
	}
	free(buf);
	errno = ENOMEM;
	return NULL;
}

static char *read_socket(const char *path, size_t *len)
{
	struct sockaddr_un sa = {.sun_family = AF_UNIX};
	struct timeval tv = {.tv_sec = RECV_TIMEOUT_S};
	char *buf;
	int fd, err;

	if (strlen(path) >= sizeof(sa.sun_path)) {
		fprintf(stderr, "softdpa stats: socket path '%s' is too long (max %zu bytes)\n",
		        path, sizeof(sa.sun_path) - 1);
		return NULL;
	}
	memcpy(sa.sun_path, path, strlen(path) + 1);
	fd = socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0);
	if (fd < 0 || connect(fd, (struct sockaddr *)&sa, sizeof(sa)) != 0) {
		err = errno;
		if (fd >= 0)
			close(fd);
		fprintf(stderr,
		        "softdpa stats: cannot connect to '%s': %s; is the application running "
		        "with SOFTDPA_STATS=%s?\n",
		        path, strerror(err), path);
		return NULL;
	}
	(void)setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &tv, sizeof(tv));
	buf = read_all_fd(fd, len, mono_ms() + RECV_TIMEOUT_S * 1000);
	err = errno;
	close(fd);
	if (buf == NULL && err == EFBIG)
		fprintf(stderr,
		        "softdpa stats: '%s' sent more than %zu MiB without ending; that is not a "
		        "softdpa stats dump (is it another program's socket?)\n",
		        path, MAX_DUMP >> 20);
	else if (buf == NULL)
		fprintf(stderr, "softdpa stats: reading from '%s' failed: %s\n", path,
		        err == EAGAIN || err == ETIMEDOUT
		                ? "the application did not send its whole dump within 5 s"
		                : strerror(err));
	return buf;
}

static char *read_file(const char *path, size_t *len)
{
	int fd = strcmp(path, "-") == 0 ? STDIN_FILENO : open(path, O_RDONLY | O_CLOEXEC);
	char *buf;
	int err;

	if (fd < 0) {
		fprintf(stderr, "softdpa stats: cannot open '%s': %s\n", path, strerror(errno));
		return NULL;
	}
	buf = read_all_fd(fd, len, 0);
	err = errno;
	if (fd != STDIN_FILENO)
		close(fd);
	if (buf == NULL && err == EFBIG)
		fprintf(stderr,
		        "softdpa stats: '%s' is larger than %zu MiB; not a softdpa stats "
		        "dump\n",
		        path, MAX_DUMP >> 20);
	else if (buf == NULL)
		fprintf(stderr, "softdpa stats: reading '%s' failed: %s\n", path, strerror(err));
	return buf;
}

/* ------------------------------------------------------------ parsing */

static const char *skip_ws(const char *p)
{
	while (*p == ' ' || *p == '\t' || *p == '\r')
		p++;
	return p;
}

/* A JSON string at p (at the opening quote), unescaped into a new string; *end after it. */
static char *parse_string(const char *p, const char **end)
{
	char *out = malloc(strlen(p) + 1), *o = out;

	if (out == NULL || *p != '"') {
		free(out);
		return NULL;
	}
	for (p++; *p != '"'; p++) {
		if (*p == '\0') {
			free(out);
			return NULL;
		}
		if (*p != '\\') {
			*o++ = *p;
			continue;
		}
		p++;
		switch (*p) {
		case 'n':
			*o++ = '\n';
			break;
		case 't':
			*o++ = '\t';
			break;
		case 'r':
			*o++ = '\r';
			break;
		case 'b':
			*o++ = '\b';
			break;
		case 'f':
			*o++ = '\f';
			break;
		case 'u': {
			unsigned int c = 0;

			for (int i = 1; i <= 4; i++) {
				char h = p[i];

				if (h >= '0' && h <= '9')
					c = c * 16 + (unsigned int)(h - '0');
				else if ((h | 0x20) >= 'a' && (h | 0x20) <= 'f')
					c = c * 16 + (unsigned int)((h | 0x20) - 'a' + 10);
				else {
					free(out);
					return NULL;
				}
			}
			*o++ = c < 0x80 ? (char)c : '?'; /* dumps are ASCII; keep it simple */
			p += 4;
			break;
		}
		case '\0':
			free(out);
			return NULL;
		default:
			*o++ = *p;
			break;
		}
	}
	*o = '\0';
	*end = p + 1;
	return out;
}

/* A scalar or a nested value, as its raw text; *end after it. */
static char *parse_raw(const char *p, const char **end)
{
	const char *s = p;
	int depth = 0;
	bool in_str = false;

	for (; *p != '\0'; p++) {
		if (in_str) {
			if (*p == '\\' && p[1] != '\0')
				p++;
			else if (*p == '"')
				in_str = false;
			continue;
		}
		if (*p == '"')
			in_str = true;
		else if (*p == '[' || *p == '{')
			depth++;
		else if (*p == ']' || *p == '}') {
			if (depth == 0)
				break;
			depth--;
		} else if (*p == ',' && depth == 0)
			break;
	}
	while (p > s && (p[-1] == ' ' || p[-1] == '\t'))
		p--;
	if (p == s || depth != 0 || in_str)
		return NULL;
	*end = p;
	return strndup(s, (size_t)(p - s));
}

static void record_free(struct record *r)
{
	free(r->section);
	for (int i = 0; i < r->n; i++) {
		free(r->key[i]);
		free(r->val[i]);
	}
}

static bool parse_line(const char *p, struct record *r)
{
	memset(r, 0, sizeof(*r));
	p = skip_ws(p);
	if (*p++ != '{')
		return false;
	p = skip_ws(p);
	while (*p != '}') {
		char *k, *v;

		if (r->n == MAX_KEYS || (k = parse_string(p, &p)) == NULL)
			goto bad;
		p = skip_ws(p);
		if (*p++ != ':') {
			free(k);
			goto bad;
		}
		p = skip_ws(p);
		v = *p == '"' ? parse_string(p, &p) : parse_raw(p, &p);
		if (v == NULL) {
			free(k);
			goto bad;
		}
		if (strcmp(k, "section") == 0 && r->section == NULL) {
			r->section = v;
			free(k);
		} else {
			r->key[r->n] = k;
			r->val[r->n++] = v;
		}
		p = skip_ws(p);
		if (*p == ',')
			p = skip_ws(p + 1);
		else if (*p != '}')
			goto bad;
	}
	if (*skip_ws(p + 1) != '\0' || r->section == NULL)
		goto bad;
	return true;
bad:
	record_free(r);
	return false;
}

/* ------------------------------------------------------------ output */

static void print_section(const struct dump *d, const char *name)
{
	const char *cols[MAX_KEYS * 4];
	size_t width[MAX_KEYS * 4];
	int nc = 0;

	/* Columns: every key of the section's records, in order of first appearance. */
	for (size_t i = 0; i < d->n; i++) {
		const struct record *r = &d->r[i];

		if (strcmp(r->section, name) != 0)
			continue;
		for (int k = 0; k < r->n; k++) {
			int c = 0;

			while (c < nc && strcmp(cols[c], r->key[k]) != 0)
				c++;
			if (c == nc && nc < (int)(sizeof(cols) / sizeof(cols[0]))) {
				cols[nc] = r->key[k];
				width[nc++] = strlen(r->key[k]);
			}
			if (c < nc && strlen(r->val[k]) > width[c])
				width[c] = strlen(r->val[k]);
		}
	}
	printf("%s\n", name);
	printf(" ");
	for (int c = 0; c < nc; c++)
		printf(" %-*s", c + 1 < nc ? (int)width[c] : 0, cols[c]);
	printf("\n");
	for (size_t i = 0; i < d->n; i++) {
		const struct record *r = &d->r[i];

		if (strcmp(r->section, name) != 0)
			continue;
		printf(" ");
		for (int c = 0; c < nc; c++) {
			const char *v = "-";

			for (int k = 0; k < r->n; k++)
				if (strcmp(r->key[k], cols[c]) == 0)
					v = r->val[k];
			printf(" %-*s", c + 1 < nc ? (int)width[c] : 0, v);
		}
		printf("\n");
	}
}

static void print_pretty(const struct dump *d, const char *only)
{
	const char *done[256];
	size_t nd = 0;

	for (size_t i = 0; i < d->n; i++) {
		const struct record *r = &d->r[i];
		bool seen = false;

		if (strcmp(r->section, "softdpa") == 0) {
			printf("softdpa stats:");
			for (int k = 0; k < r->n; k++)
				printf(" %s %s", r->key[k], r->val[k]);
			printf("\n");
			continue;
		}
		if (only != NULL && strcmp(r->section, only) != 0)
			continue;
		for (size_t j = 0; j < nd; j++)
			seen = seen || strcmp(done[j], r->section) == 0;
		if (seen || nd == sizeof(done) / sizeof(done[0]))
			continue;
		done[nd++] = r->section;
		printf("\n");
		print_section(d, r->section);
	}
}

static bool has_section(const struct dump *d, const char *name)
{
	for (size_t i = 0; i < d->n; i++)
		if (strcmp(d->r[i].section, name) == 0 && strcmp(name, "softdpa") != 0)
			return true;
	return false;
}

/* "ports, provider": the sections of a dump (the header record aside), in order. */
static void section_names(const struct dump *d, char *out, size_t size)
{
	size_t n = 0;

	for (size_t i = 0; i < d->n && n + 1 < size; i++) {
		const char *name = d->r[i].section;
		bool seen = strcmp(name, "softdpa") == 0;

		for (size_t j = 0; j < i && !seen; j++)
			seen = strcmp(d->r[j].section, name) == 0;
		if (!seen)
			n += (size_t)snprintf(out + n, size - n, "%s%s", n ? ", " : "", name);
	}
	if (n == 0)
		snprintf(out, size, "(none)");
}

int cli_stats(int argc, char **argv)
{
	const char *sock = NULL, *file = NULL, *only = NULL, *src;
	struct dump d = {0};
	bool json = false;
	size_t len = 0, bad = 0, good = 0;
	char *buf, *line, *save = NULL;
	int ret = CLI_EXIT_OK;

	for (int i = 0; i < argc;) {
		const char *v = NULL, *a = argv[i];

		if (cli_opt_value(argc, argv, &i, "--socket", &v)) {
			if (v == NULL || *v == '\0') {
				fprintf(stderr, "softdpa stats: --socket needs a path\n");
				usage();
				return CLI_EXIT_USAGE;
			}
			sock = v;
		} else if (cli_opt_value(argc, argv, &i, "--file", &v)) {
			if (v == NULL || *v == '\0') {
				fprintf(stderr,
				        "softdpa stats: --file needs a path (- for stdin)\n");
				usage();
				return CLI_EXIT_USAGE;
			}
			file = v;
		} else if (cli_opt_value(argc, argv, &i, "--section", &v)) {
			if (v == NULL || *v == '\0') {
				fprintf(stderr,
				        "softdpa stats: --section needs a name (e.g. ports)\n");
				usage();
				return CLI_EXIT_USAGE;
			}
			only = v;
		} else if (strcmp(a, "--json") == 0) {
			json = true;
			i++;
		} else {
			fprintf(stderr, "softdpa stats: unknown option '%s'\n", a);
			usage();
			return CLI_EXIT_USAGE;
		}
	}
	if (sock != NULL && file != NULL) {
		fprintf(stderr, "softdpa stats: give --socket or --file, not both\n");
		usage();
		return CLI_EXIT_USAGE;
	}
	if (sock == NULL && file == NULL) {
		sock = getenv("SOFTDPA_STATS");
		if (sock == NULL || *sock == '\0') {
			fprintf(stderr, "softdpa stats: say where to read: --socket PATH (the "
			                "application's SOFTDPA_STATS), or --file DUMP\n");
			usage();
			return CLI_EXIT_USAGE;
		}
	}
	src = file != NULL ? file : sock;
	buf = file != NULL ? read_file(file, &len) : read_socket(sock, &len);
	if (buf == NULL)
		return CLI_EXIT_FAIL;

	for (line = strtok_r(buf, "\n", &save); line != NULL; line = strtok_r(NULL, "\n", &save)) {
		struct record r;

		if (*skip_ws(line) == '\0')
			continue;
		if (!parse_line(line, &r)) {
			if (bad++ < 3)
				fprintf(stderr,
				        "softdpa stats: %s: skipping a line that is not a "
				        "stats record: %.60s\n",
				        src, line);
			continue;
		}
		good++;
		r.line = line;
		if (d.n == d.cap) {
			size_t cap = d.cap ? d.cap * 2 : 64;
			struct record *nr = realloc(d.r, cap * sizeof(*nr));

			if (nr == NULL) {
				record_free(&r);
				fprintf(stderr, "softdpa stats: out of memory\n");
				ret = CLI_EXIT_FAIL;
				break;
			}
			d.r = nr;
			d.cap = cap;
		}
		d.r[d.n++] = r;
	}
	if (ret == CLI_EXIT_OK && good > 0 && only != NULL && !has_section(&d, only)) {
		char names[1024] = "";

		section_names(&d, names, sizeof(names));
		fprintf(stderr, "softdpa stats: %s has no section '%s'; its sections are %s\n", src,
		        only, names);
		ret = CLI_EXIT_USAGE;
	}
	if (ret == CLI_EXIT_OK && json)
		for (size_t i = 0; i < d.n; i++)
			if (only == NULL || strcmp(d.r[i].section, only) == 0)
				printf("%s\n", d.r[i].line);
	if (ret == CLI_EXIT_OK && !json && good > 0)
		print_pretty(&d, only);
	if (ret == CLI_EXIT_OK && good == 0) {
		fprintf(stderr, "softdpa stats: %s holds no stats records (%s)\n", src,
		        len == 0 ? "it is empty" : "is it a softdpa stats dump?");
		ret = CLI_EXIT_FAIL;
	}
	for (size_t i = 0; i < d.n; i++)
		record_free(&d.r[i]);
	free(d.r);
	free(buf);
	return ret;
}
