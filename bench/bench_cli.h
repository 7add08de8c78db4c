/* SPDX-License-Identifier: BSD-3-Clause
 * Command line and JSON helpers shared by the benchmarks. Their output is read by programs,
 * so a bad argument stops the run (one stderr line, exit 2) rather than silently measuring
 * nothing, and a figure that cannot be computed prints as null: JSON has no nan or inf.
 */
#ifndef SDPA_BENCH_CLI_H
#define SDPA_BENCH_CLI_H

#include <errno.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* One optional positional argument: a decimal number in lo..hi, or, when `letters` is set,
 * a non-empty string of those letters. */
struct bench_arg {
	const char *name; /* names it in --help and in errors */
	const char *help; /* what it means */
	const char *unit; /* noun for the fix: "pass <unit> in lo..hi" */
	unsigned long long lo, hi, def;
	const char *letters, *def_str;
};

struct bench_cli {
	const char *prog;
	const char *about;  /* what the bench measures */
	const char *output; /* the JSON lines and their fields */
	const struct bench_arg *args;
	int nargs;
	int argc;
	char **argv;
};

static inline void bench_cli_synopsis(const struct bench_cli *c, FILE *f)
{
	for (int i = 0; i < c->nargs; i++)
		fprintf(f, "%s[%s]", i ? " " : "", c->args[i].name);
}

static inline void bench_cli_usage(const struct bench_cli *c)
{
	printf("usage: %s ", c->prog);
	bench_cli_synopsis(c, stdout);
	printf("\n%s\narguments (positional, all optional):\n", c->about);
	for (int i = 0; i < c->nargs; i++) {
		const struct bench_arg *a = &c->args[i];

		if (a->letters)
			printf("  %-9s %s; letters from \"%s\", default \"%s\"\n", a->name, a->help,
			       a->letters, a->def_str);
		else
			printf("  %-9s %s; %llu..%llu, default %llu\n", a->name, a->help, a->lo,
			       a->hi, a->def);
	}
	printf("output: one JSON object per line on stdout, each with \"bench\":\n%s\n"
	       "A figure that cannot be computed (e.g. a division by zero) is null.\n",
	       c->output);
}

__attribute__((format(printf, 2, 3))) static inline _Noreturn void
bench_cli_fail(const struct bench_cli *c, const char *fmt, ...)
{
	va_list ap;

	fprintf(stderr, "%s: ", c->prog);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fputc('\n', stderr);
	exit(2);
}

/* argv[i + 1], or NULL when absent. */
static inline const char *bench_cli_raw(const struct bench_cli *c, int i)
{
	return i + 1 < c->argc ? c->argv[i + 1] : NULL;
}

/* Positional argument i (0-based) as a number; its default when absent. Exits 2 when bad. */
static inline unsigned long long bench_cli_num(const struct bench_cli *c, int i)
{
	const struct bench_arg *a = &c->args[i];
	const char *s = bench_cli_raw(c, i), *p = s;
	unsigned long long v;
	const char *why;

	if (s == NULL)
		return a->def;
	/* Whole string decimal: strtoull alone would take " 5", "+5", "0x5" and "5x". */
	if (*p == '-')
		p++;
	if (*p == '\0' || strspn(p, "0123456789") != strlen(p)) {
		why = "is not a number";
	} else {
		errno = 0;
		v = strtoull(p, NULL, 10);
		if (p == s && errno == 0 && v >= a->lo && v <= a->hi)
			return v;
		why = "is out of range";
	}
	bench_cli_fail(c, "%s: '%s' %s; pass %s in %llu..%llu (default %llu)", a->name, s, why,
	               a->unit, a->lo, a->hi, a->def);
}

/* Positional argument i as a string of its letters; its default when absent. Exits 2. */
static inline const char *bench_cli_letters(const struct bench_cli *c, int i)
{
	const struct bench_arg *a = &c->args[i];
	const char *s = bench_cli_raw(c, i);
	size_t bad;

	if (s == NULL)
		return a->def_str;
	bad = strspn(s, a->letters);
	if (*s != '\0' && s[bad] == '\0')
		return s;
	if (*s == '\0')
		bench_cli_fail(c, "%s: '' is empty; pass %s from \"%s\" (default \"%s\")", a->name,
		               a->unit, a->letters, a->def_str);
	bench_cli_fail(c,
	               "%s: '%s' has '%c', not one of \"%s\"; pass %s from \"%s\" (default \"%s\")",
	               a->name, s, s[bad], a->letters, a->unit, a->letters, a->def_str);
}

/* Call first: answers --help/-h, then checks every argument, so a bad one stops the run
 * before anything is measured. */
static inline void bench_cli_start(struct bench_cli *c, int argc, char **argv)
{
	c->argc = argc;
	c->argv = argv;
	for (int i = 1; i < argc; i++) {
		if (strcmp(argv[i], "--help") == 0 || strcmp(argv[i], "-h") == 0) {
			bench_cli_usage(c);
			exit(0);
		}
	}
	for (int i = 1; i < argc; i++) {
		const char *s = argv[i];

		/* "-5" is a number out of range, "--frames" an option we do not have */
		if (s[0] == '-' && s[1] != '\0' && (s[1] < '0' || s[1] > '9')) {
			fprintf(stderr,
			        "%s: unknown option '%s'; the arguments are positional: ", c->prog,
			        s);
			bench_cli_synopsis(c, stderr);
			fprintf(stderr, " (see --help)\n");
			exit(2);
		}
		if (i > c->nargs) {
			fprintf(stderr, "%s: surplus argument '%s'; pass at most %d: ", c->prog, s,
			        c->nargs);
			bench_cli_synopsis(c, stderr);
			fprintf(stderr, " (see --help)\n");
			exit(2);
		}
	}
	for (int i = 0; i < c->nargs; i++) {
		if (c->args[i].letters)
			(void)bench_cli_letters(c, i);
		else
			(void)bench_cli_num(c, i);
	}
}

/* a / b, or NaN when b is 0 (or either is not finite), so the figure prints as null. */
static inline double bench_div(double a, double b)
{
	return b != 0 && isfinite(a) && isfinite(b) ? a / b : NAN;
}

/* A JSON number with prec decimals, or null when v is nan/inf. Returned by value: in C11
 * the array of a returned struct lives to the end of the full expression, so
 * printf("%s", bench_json(x, 2).s) is valid with several calls in one printf. */
struct bench_json_num {
	char s[64];
};

static inline struct bench_json_num bench_json(double v, int prec)
{
	struct bench_json_num n = {"null"};

	/* A value too long for s is no figure anyone could use: null, never a cut number. */
	if (isfinite(v) && snprintf(n.s, sizeof(n.s), "%.*f", prec, v) >= (int)sizeof(n.s))
		strcpy(n.s, "null");
	return n;
}

#endif
