/* SPDX-License-Identifier: BSD-3-Clause
 * doca_argp.h: value types and forms, errors with their codes and single log line, the
 * lifecycle, callbacks and their order, built-in flags (--help/--version exit: run in a
 * child), JSON files, DEVICE(_REP) values, and a program shaped like a DOCA sample.
 */
#include <fcntl.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include <doca_argp.h>
#include <doca_log.h>

#include "core/argp_json.h"
#include "core/config.h"
#include "core/devices.h"
#include "core/sdpa_version.h"
#include "t_helpers.h"

DOCA_LOG_REGISTER(TEST_ARGP);

/* What the callbacks saw. */
static struct cfg {
	char str[64];
	int i;
	bool b;
	int b_calls;
	double d;
	char order[512]; /* "name=value;" per callback, then "V;" for validation */
	int calls, validations;
	void *config_seen;
	doca_error_t fail_str;        /* cb_str returns this */
	doca_error_t fail_validation; /* cb_validate returns this */
	bool destroy_in_str;          /* cb_str calls doca_argp_destroy */
	struct doca_dev *dev;
	const char *devargs;
	struct doca_dev_rep *rep;
	doca_error_t fail_dev;
	doca_error_t fail_version; /* cb_version returns this */
} cfg;

static uint32_t saved_lower, saved_sdk, live_before;
static int saved_stderr = -1;
static FILE *err_out; /* stderr of the test, for the usage printed on errors */

static void note(const char *what)
{
	size_t n = strlen(cfg.order);

	snprintf(cfg.order + n, sizeof(cfg.order) - n, "%s;", what);
	cfg.calls++;
}

static doca_error_t cb_str(void *param, void *config)
{
	char buf[96];

	cfg.config_seen = config;
	if (cfg.destroy_in_str)
		doca_argp_destroy();
	snprintf(cfg.str, sizeof(cfg.str), "%s", (char *)param);
	snprintf(buf, sizeof(buf), "s=%s", (char *)param);
	note(buf);
	return cfg.fail_str;
}

static doca_error_t cb_int(void *param, void *config)
{
	char buf[32];

	cfg.config_seen = config;
	cfg.i = *(int *)param;
	snprintf(buf, sizeof(buf), "i=%d", cfg.i);
	note(buf);
	return DOCA_SUCCESS;
}

static doca_error_t cb_bool(void *param, void *config)
{
	cfg.config_seen = config;
	cfg.b = *(bool *)param;
	cfg.b_calls++;
	note(cfg.b ? "b=1" : "b=0");
	return DOCA_SUCCESS;
}

static doca_error_t cb_double(void *param, void *config)
{
	char buf[32];

	cfg.config_seen = config;
	cfg.d = *(double *)param;
	snprintf(buf, sizeof(buf), "d=%g", cfg.d);
	note(buf);
	return DOCA_SUCCESS;
}

static doca_error_t cb_multi(void *param, void *config)
{
	char buf[96];

	(void)config;
	snprintf(buf, sizeof(buf), "m=%s", (char *)param);
	note(buf);
	return DOCA_SUCCESS;
}

static doca_error_t cb_version(void *param, void *config)
{
	(void)config;
	if (cfg.fail_version == DOCA_SUCCESS)
		printf("custom version %d\n", *(bool *)param);
	return cfg.fail_version;
}

static doca_error_t cb_validate(void *config)
{
	cfg.config_seen = config;
	cfg.validations++;
	note("V");
	return cfg.fail_validation;
}

static doca_error_t cb_dev(void *param, void *config)
{
	struct doca_argp_device_ctx *ctx = param;

	(void)config;
	if (cfg.fail_dev != DOCA_SUCCESS)
		return cfg.fail_dev;
	cfg.dev = ctx->dev;
	cfg.devargs = ctx->devargs;
	note("dev");
	return DOCA_SUCCESS;
}

static doca_error_t cb_rep(void *param, void *config)
{
	struct doca_argp_device_rep_ctx *ctx = param;

	(void)config;
	if (cfg.fail_dev != DOCA_SUCCESS)
		return cfg.fail_dev;
	cfg.dev = ctx->dev_ctx.dev;
	cfg.devargs = ctx->dev_ctx.devargs;
	cfg.rep = ctx->dev_rep;
	note("rep");
	return DOCA_SUCCESS;
}

enum { F_MANDATORY = 1, F_MULTI = 2, F_CLI_ONLY = 4, F_HIDDEN = 8, F_SINGULAR = 16 };

static struct doca_argp_param *add(const char *s, const char *l, enum doca_argp_type type,
                                   doca_argp_param_cb_t cb, unsigned int flags)
{
	struct doca_argp_param *p = NULL;
	char descr[64];

	assert_int_equal(doca_argp_param_create(&p), DOCA_SUCCESS);
	if (s != NULL)
		doca_argp_param_set_short_name(p, s);
	if (l != NULL)
		doca_argp_param_set_long_name(p, l);
	snprintf(descr, sizeof(descr), "The %s flag", l != NULL ? l : s);
	doca_argp_param_set_description(p, descr);
	if (type == DOCA_ARGP_TYPE_STRING)
		doca_argp_param_set_arguments(p, "<text>");
	doca_argp_param_set_callback(p, cb);
	doca_argp_param_set_type(p, type);
	if (flags & F_MANDATORY)
		doca_argp_param_set_mandatory(p);
	if (flags & F_MULTI)
		doca_argp_param_set_multiplicity(p);
	if (flags & F_CLI_ONLY)
		doca_argp_param_set_cli_only(p);
	if (flags & F_HIDDEN)
		doca_argp_param_set_hidden(p);
	if (flags & F_SINGULAR)
		doca_argp_param_set_singular(p);
	assert_int_equal(doca_argp_register_param(p), DOCA_SUCCESS);
	return p;
}

static void add_std(void)
{
	add("s", "str", DOCA_ARGP_TYPE_STRING, cb_str, 0);
	add("i", "int", DOCA_ARGP_TYPE_INT, cb_int, 0);
	add("b", "bool", DOCA_ARGP_TYPE_BOOLEAN, cb_bool, 0);
	add("d", "double", DOCA_ARGP_TYPE_DOUBLE, cb_double, 0);
	add("m", "multi", DOCA_ARGP_TYPE_STRING, cb_multi, F_MULTI);
}

/* A new parser with the standard flags, after destroying the current one. */
static void restart_std(void)
{
	doca_argp_destroy();
	assert_int_equal(doca_argp_init("prog", &cfg), DOCA_SUCCESS);
	add_std();
}

/* doca_argp_start("prog", args..., NULL). */
static doca_error_t start(const char *first, ...)
{
	static char *argv[64];
	const char *a = first;
	int argc = 0;
	va_list ap;

	argv[argc++] = (char *)"prog";
	va_start(ap, first);
	while (a != NULL && argc < 63) {
		argv[argc++] = (char *)a;
		a = va_arg(ap, const char *);
	}
	va_end(ap);
	argv[argc] = NULL;
	return doca_argp_start(argc, argv);
}

static bool err_has(const char *needle)
{
	fflush(stderr);
	return t_count_lines(err_out, needle) > 0;
}

static void write_file(const char *name, const char *text, char *path, size_t size)
{
	FILE *fp;

	t_path(path, size, name);
	fp = fopen(path, "w");
	assert_non_null(fp);
	fputs(text, fp);
	fclose(fp);
}

/* Run 'fn' with stdout going to a file; returns the file, rewound. */
static FILE *capture_stdout(void (*fn)(void))
{
	FILE *out = tmpfile();
	int saved;

	assert_non_null(out);
	fflush(stdout);
	saved = dup(1);
	dup2(fileno(out), 1);
	fn();
	fflush(stdout);
	dup2(saved, 1);
	close(saved);
	rewind(out);
	return out;
}

static int setup_bare(void **state)
{
	(void)state;
	memset(&cfg, 0, sizeof(cfg));
	saved_lower = doca_log_level_get_global_lower_limit();
	saved_sdk = doca_log_level_get_global_sdk_limit();
	live_before = sdpa_devices_live_objects();
	err_out = tmpfile();
	assert_non_null(err_out);
	fflush(stderr);
	saved_stderr = dup(2);
	dup2(fileno(err_out), 2);
	t_log_reset();
	return 0;
}

static int setup(void **state)
{
	setup_bare(state);
	assert_int_equal(doca_argp_init("prog", &cfg), DOCA_SUCCESS);
	return 0;
}

static int teardown(void **state)
{
	(void)state;
	/* Whatever the test left: destroy may say there is nothing to destroy. */
	doca_argp_destroy();
	doca_log_level_set_global_lower_limit(saved_lower);
	doca_log_level_set_global_sdk_limit(saved_sdk);
	fflush(stderr);
	dup2(saved_stderr, 2);
	close(saved_stderr);
	fclose(err_out);
	assert_int_equal(sdpa_devices_live_objects(), live_before);
	return 0;
}

/* ---- values --------------------------------------------------------------------------- */

static void test_every_type_short_and_long(void **state)
{
	(void)state;
	add_std();
	assert_int_equal(start("-s", "hello", "--int", "-42", "-b", "--double", "2.5", NULL),
	                 DOCA_SUCCESS);
	assert_string_equal(cfg.str, "hello");
	assert_int_equal(cfg.i, -42);
	assert_true(cfg.b);
	assert_true(cfg.d == 2.5);
	assert_ptr_equal(cfg.config_seen, &cfg);
	/* callbacks run in command-line order */
	assert_string_equal(cfg.order, "s=hello;i=-42;b=1;d=2.5;");
	assert_int_equal(t_log_problems(), 0);
}

static void test_value_forms(void **state)
{
	(void)state;
	add_std();
	/* --name=value, one-dash long names, two-dash short names, INT_MIN/INT_MAX */
	assert_int_equal(start("--str=a=b", "-int", "2147483647", "--d", "-1e3", NULL),
	                 DOCA_SUCCESS);
	assert_string_equal(cfg.str, "a=b");
	assert_int_equal(cfg.i, 2147483647);
	assert_true(cfg.d == -1000.0);
	restart_std();
	assert_int_equal(start("-i=-2147483648", "-s", "", "--bool", NULL), DOCA_SUCCESS);
	assert_int_equal(cfg.i, -2147483647 - 1);
	assert_string_equal(cfg.str, "");
	assert_true(cfg.b);
	assert_int_equal(t_log_problems(), 0);
}

static void test_bool_takes_no_value(void **state)
{
	(void)state;
	add_std();
	t_log_reset();
	assert_int_equal(start("--bool=1", NULL), DOCA_ERROR_INVALID_VALUE);
	assert_int_equal(t_log_problems(), 1);
	t_assert_logged("'--bool'", "takes no value");
	assert_int_equal(cfg.calls, 0);
}

static void test_unknown_flag(void **state)
{
	(void)state;
	add_std();
	t_log_reset();
	/* No callback runs when any part of the line is wrong. */
	assert_int_equal(start("-s", "x", "--nope", NULL), DOCA_ERROR_NOT_SUPPORTED);
	assert_int_equal(t_log_problems(), 1);
	t_assert_logged("unknown flag '--nope'", "prog --help");
	assert_int_equal(cfg.calls, 0);
	/* DOCA prints the usage after the error */
	assert_true(err_has("Usage: prog [DOCA Flags] [Program Flags]"));
	assert_true(err_has("  -s, --str <text>"));
}

static void test_glued_value_hint(void **state)
{
	(void)state;
	add_std();
	t_log_reset();
	assert_int_equal(start("-i5", NULL), DOCA_ERROR_NOT_SUPPORTED);
	assert_int_equal(t_log_problems(), 1);
	t_assert_logged("unknown flag '-i5'", "put a space between a flag and its value");
}

static void test_missing_argument(void **state)
{
	(void)state;
	add_std();
	t_log_reset();
	assert_int_equal(start("--str", NULL), DOCA_ERROR_INVALID_VALUE);
	assert_int_equal(t_log_problems(), 1);
	t_assert_logged("'--str' needs a value", "write '--str' <text>");

	/* the next word is another flag: missing too, not taken as the value */
	restart_std();
	t_log_reset();
	assert_int_equal(start("-i", "--bool", NULL), DOCA_ERROR_INVALID_VALUE);
	assert_int_equal(t_log_problems(), 1);
	t_assert_logged("'-i' needs a value");
	assert_int_equal(cfg.calls, 0);
}

static void expect_bad(const char *flag, const char *value, const char *why)
{
	memset(&cfg, 0, sizeof(cfg));
	assert_int_equal(doca_argp_init("prog", &cfg), DOCA_SUCCESS);
	add_std();
	t_log_reset();
	assert_int_equal(start(flag, value, NULL), DOCA_ERROR_INVALID_VALUE);
	assert_int_equal(t_log_problems(), 1);
	t_assert_logged(why);
	assert_int_equal(cfg.calls, 0);
	assert_int_equal(doca_argp_destroy(), DOCA_SUCCESS);
}

static void test_bad_numbers(void **state)
{
	(void)state;
	doca_argp_destroy();
	expect_bad("--int", "abc", "is not an integer");
	expect_bad("--int", "12x", "is not an integer");
	expect_bad("--int", "", "is not an integer");
	expect_bad("--int", " 5", "is not an integer");
	expect_bad("--int", "0x10", "is not an integer");
	expect_bad("--int", "2147483648", "out of range");
	expect_bad("--int", "-2147483649", "out of range");
	expect_bad("--int", "99999999999999999999", "out of range");
	expect_bad("--int", "1.5", "is not an integer");
	expect_bad("--double", "x", "is not a number");
	expect_bad("--double", "nan", "is not a finite number");
	expect_bad("--double", "1e999", "is not a finite number");
}

static void test_mandatory_missing(void **state)
{
	(void)state;
	add_std();
	add("n", "need", DOCA_ARGP_TYPE_INT, cb_int, F_MANDATORY);
	t_log_reset();
	assert_int_equal(start("-s", "x", NULL), DOCA_ERROR_INVALID_VALUE);
	assert_int_equal(t_log_problems(), 1);
	t_assert_logged("missing mandatory flag --need", "The need flag");
	assert_int_equal(cfg.calls, 0);
}

static void test_multiplicity(void **state)
{
	(void)state;
	add_std();
	assert_int_equal(start("-m", "a", "--multi", "b", "-s", "x", "--multi=c", NULL),
	                 DOCA_SUCCESS);
	assert_string_equal(cfg.order, "m=a;m=b;s=x;m=c;");

	/* a single-use flag given twice */
	restart_std();
	memset(cfg.order, 0, sizeof(cfg.order));
	cfg.calls = 0;
	t_log_reset();
	assert_int_equal(start("-s", "x", "--str", "y", NULL), DOCA_ERROR_INVALID_VALUE);
	assert_int_equal(t_log_problems(), 1);
	t_assert_logged("'--str' is given more than once", "single value");
	assert_int_equal(cfg.calls, 0);
}

static void test_positional_and_double_dash(void **state)
{
	(void)state;
	add_std();
	t_log_reset();
	assert_int_equal(start("-s", "x", "stray", NULL), DOCA_ERROR_INVALID_VALUE);
	assert_int_equal(t_log_problems(), 1);
	t_assert_logged("unexpected argument 'stray'");
	restart_std();
	t_log_reset();
	assert_int_equal(start("-s", "x", "--", "more", NULL), DOCA_ERROR_INVALID_VALUE);
	assert_int_equal(t_log_problems(), 1);
	t_assert_logged("unexpected argument 'more' after '--'");

	/* a trailing "--" ends the flags */
	restart_std();
	assert_int_equal(start("-s", "x", "--", NULL), DOCA_SUCCESS);
	assert_string_equal(cfg.str, "x");
}

static void test_singular(void **state)
{
	(void)state;
	add("L", "list", DOCA_ARGP_TYPE_BOOLEAN, cb_bool, F_SINGULAR);
	add("n", "need", DOCA_ARGP_TYPE_INT, cb_int, F_MANDATORY);
	/* alone: the mandatory flag is not required */
	assert_int_equal(start("--list", NULL), DOCA_SUCCESS);
	assert_true(cfg.b);
	doca_argp_destroy();

	assert_int_equal(doca_argp_init("prog", &cfg), DOCA_SUCCESS);
	add("L", "list", DOCA_ARGP_TYPE_BOOLEAN, cb_bool, F_SINGULAR);
	add("n", "need", DOCA_ARGP_TYPE_INT, cb_int, F_MANDATORY);
	t_log_reset();
	assert_int_equal(start("--list", "-n", "1", NULL), DOCA_ERROR_INVALID_VALUE);
	assert_int_equal(t_log_problems(), 1);
	t_assert_logged("--list must be the only flag");
}

/* ---- callbacks ------------------------------------------------------------------------ */

static void test_validation_runs_once_after_params(void **state)
{
	(void)state;
	add_std();
	assert_int_equal(doca_argp_register_validation_callback(cb_validate), DOCA_SUCCESS);
	assert_int_equal(start("-i", "3", "-s", "z", NULL), DOCA_SUCCESS);
	assert_string_equal(cfg.order, "i=3;s=z;V;");
	assert_int_equal(cfg.validations, 1);
	assert_ptr_equal(cfg.config_seen, &cfg);

	/* its error is doca_argp_start's */
	restart_std();
	assert_int_equal(doca_argp_register_validation_callback(cb_validate), DOCA_SUCCESS);
	cfg.fail_validation = DOCA_ERROR_NOT_PERMITTED;
	cfg.validations = 0;
	t_log_reset();
	assert_int_equal(start(NULL), DOCA_ERROR_NOT_PERMITTED);
	assert_int_equal(cfg.validations, 1);
	assert_int_equal(t_log_problems(), 1);
	t_assert_logged("validation callback", "DOCA_ERROR_NOT_PERMITTED");

	/* not called when the command line is wrong */
	restart_std();
	assert_int_equal(doca_argp_register_validation_callback(cb_validate), DOCA_SUCCESS);
	cfg.validations = 0;
	assert_int_equal(start("--nope", NULL), DOCA_ERROR_NOT_SUPPORTED);
	assert_int_equal(cfg.validations, 0);
}

static void test_callback_error_stops(void **state)
{
	(void)state;
	add_std();
	cfg.fail_str = DOCA_ERROR_INVALID_VALUE;
	t_log_reset();
	assert_int_equal(start("-i", "1", "-s", "bad", "-b", NULL), DOCA_ERROR_INVALID_VALUE);
	assert_string_equal(cfg.order, "i=1;s=bad;");
	assert_int_equal(t_log_problems(), 1);
	t_assert_logged("callback for '-s' refused 'bad'", "DOCA_ERROR_INVALID_VALUE");
}

static void test_destroy_from_callback(void **state)
{
	(void)state;
	add_std();
	cfg.destroy_in_str = true;
	t_log_reset();
	assert_int_equal(start("-s", "x", "-i", "1", NULL), DOCA_ERROR_BAD_STATE);
	assert_int_equal(t_log_problems(), 1);
	t_assert_logged("called doca_argp_destroy", "destroy after doca_argp_start returns");
	assert_int_equal(cfg.i, 0); /* stopped there */
	/* the instance is gone; a new one can start */
	t_log_reset();
	assert_int_equal(doca_argp_destroy(), DOCA_ERROR_BAD_STATE);
	assert_int_equal(t_log_problems(), 1);
	assert_int_equal(doca_argp_init("prog", &cfg), DOCA_SUCCESS);
}

/* ---- lifecycle and registration -------------------------------------------------------- */

static void test_calls_before_init(void **state)
{
	struct doca_argp_param *p = NULL;
	int level;

	(void)state;
	t_log_reset();
	assert_int_equal(start(NULL), DOCA_ERROR_BAD_STATE);
	assert_int_equal(t_log_problems(), 1);
	t_assert_logged("doca_argp_start", "call doca_argp_init");
	t_log_reset();
	assert_int_equal(doca_argp_param_create(&p), DOCA_ERROR_BAD_STATE);
	assert_int_equal(t_log_problems(), 1);
	t_assert_logged("doca_argp_param_create", "doca_argp_init first");
	t_log_reset();
	assert_int_equal(doca_argp_destroy(), DOCA_ERROR_BAD_STATE);
	assert_int_equal(t_log_problems(), 1);
	t_log_reset();
	assert_int_equal(doca_argp_register_validation_callback(cb_validate), DOCA_ERROR_BAD_STATE);
	assert_int_equal(t_log_problems(), 1);
	t_log_reset();
	doca_argp_usage();
	doca_argp_set_dpdk_program(NULL);
	assert_int_equal(t_log_problems(), 2);
	t_log_reset();
	assert_int_equal(doca_argp_register_logger_callback(NULL), DOCA_ERROR_BAD_STATE);
	assert_int_equal(doca_argp_disable_logger_callback(), DOCA_ERROR_BAD_STATE);
	assert_int_equal(doca_argp_disable_pedantic_config_parsing(), DOCA_ERROR_BAD_STATE);
	assert_int_equal(t_log_problems(), 3);
	/* the log levels can be read at any time */
	assert_int_equal(doca_argp_get_log_level(&level), DOCA_SUCCESS);
	assert_int_equal(level, (int)doca_log_level_get_global_lower_limit());
	assert_int_equal(doca_argp_get_sdk_log_level(&level), DOCA_SUCCESS);
	assert_int_equal(level, (int)doca_log_level_get_global_sdk_limit());
	t_log_reset();
	assert_int_equal(doca_argp_get_log_level(NULL), DOCA_ERROR_INVALID_VALUE);
	assert_int_equal(doca_argp_get_sdk_log_level(NULL), DOCA_ERROR_INVALID_VALUE);
	assert_int_equal(t_log_problems(), 2);
}

static void test_double_init_and_start(void **state)
{
	struct doca_argp_param *p = NULL;

	(void)state;
	t_log_reset();
	assert_int_equal(doca_argp_init("again", NULL), DOCA_ERROR_BAD_STATE);
	assert_int_equal(t_log_problems(), 1);
	t_assert_logged("initialized already", "doca_argp_destroy");
	add_std();
	assert_int_equal(start(NULL), DOCA_SUCCESS);

	t_log_reset();
	assert_int_equal(start(NULL), DOCA_ERROR_BAD_STATE);
	assert_int_equal(t_log_problems(), 1);
	t_assert_logged("called already");

	/* registering after start: BAD_STATE; the param is refused but may still be freed */
	assert_int_equal(doca_argp_param_create(&p), DOCA_SUCCESS);
	doca_argp_param_set_long_name(p, "late");
	doca_argp_param_set_description(p, "too late");
	doca_argp_param_set_callback(p, cb_str);
	doca_argp_param_set_type(p, DOCA_ARGP_TYPE_STRING);
	t_log_reset();
	assert_int_equal(doca_argp_register_param(p), DOCA_ERROR_BAD_STATE);
	assert_int_equal(t_log_problems(), 1);
	t_assert_logged("--late comes after doca_argp_start", "before starting");
	assert_int_equal(doca_argp_param_destroy(p), DOCA_SUCCESS);

	t_log_reset();
	assert_int_equal(doca_argp_register_version_callback(cb_str), DOCA_ERROR_BAD_STATE);
	assert_int_equal(doca_argp_register_dev_open_callback(NULL, NULL), DOCA_ERROR_BAD_STATE);
	assert_int_equal(t_log_problems(), 2);

	assert_int_equal(doca_argp_init("", NULL), DOCA_ERROR_BAD_STATE);
	assert_int_equal(doca_argp_destroy(), DOCA_SUCCESS);
	t_log_reset();
	assert_int_equal(doca_argp_init("", NULL), DOCA_ERROR_INVALID_VALUE);
	assert_int_equal(t_log_problems(), 1);
	t_assert_logged("program_name is empty");
}

static struct doca_argp_param *full_param(const char *l)
{
	struct doca_argp_param *p = NULL;

	assert_int_equal(doca_argp_param_create(&p), DOCA_SUCCESS);
	doca_argp_param_set_long_name(p, l);
	doca_argp_param_set_description(p, "described");
	doca_argp_param_set_callback(p, cb_str);
	doca_argp_param_set_type(p, DOCA_ARGP_TYPE_STRING);
	return p;
}

static void expect_register(struct doca_argp_param *p, doca_error_t code, const char *a,
                            const char *b)
{
	t_log_reset();
	assert_int_equal(doca_argp_register_param(p), code);
	assert_int_equal(t_log_problems(), 1);
	t_assert_logged(a, b);
}

static void test_register_errors(void **state)
{
	struct doca_argp_param *p = NULL;

	(void)state;
	t_log_reset();
	assert_int_equal(doca_argp_register_param(NULL), DOCA_ERROR_INVALID_VALUE);
	assert_int_equal(doca_argp_param_create(NULL), DOCA_ERROR_INVALID_VALUE);
	assert_int_equal(t_log_problems(), 2);

	assert_int_equal(doca_argp_param_create(&p), DOCA_SUCCESS);
	doca_argp_param_set_description(p, "no name");
	doca_argp_param_set_callback(p, cb_str);
	doca_argp_param_set_type(p, DOCA_ARGP_TYPE_STRING);
	expect_register(p, DOCA_ERROR_INITIALIZATION, "(unnamed param) lacks a name",
	                "set_short_name");

	assert_int_equal(doca_argp_param_create(&p), DOCA_SUCCESS);
	doca_argp_param_set_long_name(p, "nodesc");
	expect_register(p, DOCA_ERROR_INITIALIZATION, "--nodesc lacks a description",
	                "set_description");

	assert_int_equal(doca_argp_param_create(&p), DOCA_SUCCESS);
	doca_argp_param_set_long_name(p, "nocb");
	doca_argp_param_set_description(p, "d");
	expect_register(p, DOCA_ERROR_INITIALIZATION, "--nocb lacks a callback", "set_callback");

	assert_int_equal(doca_argp_param_create(&p), DOCA_SUCCESS);
	doca_argp_param_set_long_name(p, "notype");
	doca_argp_param_set_description(p, "d");
	doca_argp_param_set_callback(p, cb_str);
	expect_register(p, DOCA_ERROR_INITIALIZATION, "--notype lacks a type", "set_type");

	/* bad setter values are reported by the register call (setters return nothing) */
	p = full_param("ok");
	t_log_reset();
	doca_argp_param_set_short_name(p, "-x");
	assert_int_equal(t_log_problems(), 0);
	expect_register(p, DOCA_ERROR_INVALID_VALUE, "short name starts with '-'", "-x");

	p = full_param("typed");
	doca_argp_param_set_type(p, (enum doca_argp_type)99);
	expect_register(p, DOCA_ERROR_INVALID_VALUE, "99 is not a doca_argp_type", "fix that");

	p = full_param("nulldesc");
	doca_argp_param_set_description(p, NULL);
	expect_register(p, DOCA_ERROR_INVALID_VALUE, "description is NULL", "fix that");

	/* names: reserved by the parser, or taken by another flag */
	p = full_param("json");
	expect_register(p, DOCA_ERROR_INVALID_VALUE, "'json' is taken by a built-in", "another");
	p = full_param("x");
	doca_argp_param_set_short_name(p, "h");
	expect_register(p, DOCA_ERROR_INVALID_VALUE, "'h' is taken by a built-in", "another");
	p = full_param("first");
	assert_int_equal(doca_argp_register_param(p), DOCA_SUCCESS);
	expect_register(p, DOCA_ERROR_BAD_STATE, "--first was given to",
	                "register each param once");
	expect_register(full_param("first"), DOCA_ERROR_INVALID_VALUE,
	                "'first' is taken by another registered flag", "choose another");

	/* a registered param belongs to the parser */
	t_log_reset();
	assert_int_equal(doca_argp_param_destroy(p), DOCA_ERROR_BAD_STATE);
	doca_argp_param_set_long_name(p, "renamed"); /* logged and ignored */
	assert_int_equal(t_log_problems(), 2);
	t_assert_logged("--first was given to doca_argp_register_param already");
	assert_int_equal(start("--first", "v", NULL), DOCA_SUCCESS);
	assert_string_equal(cfg.str, "v");
}

static void test_setter_and_destroy_misuse(void **state)
{
	struct doca_argp_param *p = NULL;

	(void)state;
	t_log_reset();
	doca_argp_param_set_short_name(NULL, "x");
	doca_argp_param_set_long_name(NULL, "x");
	doca_argp_param_set_arguments(NULL, "x");
	doca_argp_param_set_description(NULL, "x");
	doca_argp_param_set_callback(NULL, cb_str);
	doca_argp_param_set_type(NULL, DOCA_ARGP_TYPE_INT);
	doca_argp_param_set_mandatory(NULL);
	doca_argp_param_set_cli_only(NULL);
	doca_argp_param_set_multiplicity(NULL);
	doca_argp_param_set_singular(NULL);
	doca_argp_param_set_inherited(NULL);
	doca_argp_param_set_hidden(NULL);
	assert_int_equal(t_log_problems(), 12);
	t_assert_logged("doca_argp_param_set_hidden: param is NULL");

	assert_int_equal(doca_argp_param_create(&p), DOCA_SUCCESS);
	assert_int_equal(doca_argp_param_destroy(p), DOCA_SUCCESS);
	/* a stale pointer is refused, not touched */
	t_log_reset();
	assert_int_equal(doca_argp_param_destroy(NULL), DOCA_ERROR_INVALID_VALUE);
	assert_int_equal(doca_argp_param_destroy(p), DOCA_ERROR_INVALID_VALUE);
	doca_argp_param_set_mandatory(p);
	assert_int_equal(doca_argp_register_param(p), DOCA_ERROR_INVALID_VALUE);
	assert_int_equal(t_log_problems(), 4);
	t_assert_logged("is not a live param");

	/* params left unregistered are freed with the instance (ASan checks) */
	assert_int_equal(doca_argp_param_create(&p), DOCA_SUCCESS);
	doca_argp_param_set_long_name(p, "orphan");
}

static int logger_seen_level;
static char logger_seen[256];

static doca_error_t my_logger(enum doca_log_level level, const char *format, va_list args)
{
	logger_seen_level = (int)level;
	vsnprintf(logger_seen, sizeof(logger_seen), format, args);
	return DOCA_SUCCESS;
}

static void test_logger_callback(void **state)
{
	(void)state;
	add_std();
	t_log_reset();
	assert_int_equal(doca_argp_register_logger_callback(NULL), DOCA_ERROR_INVALID_VALUE);
	assert_int_equal(doca_argp_register_logger_callback(my_logger), DOCA_SUCCESS);
	assert_int_equal(doca_argp_register_logger_callback(my_logger), DOCA_ERROR_ALREADY_EXIST);
	assert_int_equal(t_log_problems(), 2);
	assert_int_equal(doca_argp_disable_logger_callback(), DOCA_SUCCESS);
	t_log_reset();
	assert_int_equal(doca_argp_disable_logger_callback(), DOCA_ERROR_BAD_STATE);
	assert_int_equal(t_log_problems(), 1);
	t_assert_logged("no logger callback is registered");
	assert_int_equal(doca_argp_register_logger_callback(my_logger), DOCA_SUCCESS);
	logger_seen[0] = '\0';
	assert_int_equal(start("--what", NULL), DOCA_ERROR_NOT_SUPPORTED);
	assert_int_equal(logger_seen_level, DOCA_LOG_LEVEL_ERROR);
	assert_non_null(strstr(logger_seen, "unknown flag '--what'"));
}

/* ---- built-in flags ------------------------------------------------------------------- */

/* Run doca_argp_start in a child with stdout to a file; the child's exit status. */
static int run_child(const char *a1, const char *a2, bool custom_version, FILE **out)
{
	FILE *f = tmpfile();
	pid_t pid;
	int status = -1;

	assert_non_null(f);
	fflush(stdout);
	fflush(stderr);
	pid = fork();
	assert_true(pid >= 0);
	if (pid == 0) {
		dup2(fileno(f), 1);
		if (custom_version &&
		    doca_argp_register_version_callback(cb_version) != DOCA_SUCCESS)
			_exit(98);
		start(a1, a2, NULL);
		_exit(99); /* --help and --version do not return */
	}
	assert_int_equal(waitpid(pid, &status, 0), pid);
	rewind(f);
	*out = f;
	return WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
}

static void test_help_exits_zero(void **state)
{
	FILE *out;

	(void)state;
	add_std();
	add("k", "secret", DOCA_ARGP_TYPE_BOOLEAN, cb_bool, F_HIDDEN);
	add(NULL, "only-long", DOCA_ARGP_TYPE_INT, cb_int, 0);
	assert_int_equal(run_child("--help", NULL, false, &out), 0);
	assert_int_equal(t_count_lines(out, "Usage: prog [DOCA Flags] [Program Flags]"), 1);
	assert_int_equal(t_count_lines(out, "DOCA Flags:"), 1);
	assert_int_equal(t_count_lines(out, "  -h, --help                        Print"), 1);
	assert_int_equal(t_count_lines(out, "  -l, --log-level <level>           Numeric"), 1);
	assert_int_equal(t_count_lines(out, "  --sdk-log-level <level>"), 1);
	assert_int_equal(t_count_lines(out, "  -j, --json <path>"), 1);
	assert_int_equal(t_count_lines(out, "Program Flags:"), 1);
	assert_int_equal(t_count_lines(out, "  -s, --str <text>                  The str flag"), 1);
	assert_int_equal(t_count_lines(out, "  --only-long                       The only-long"),
	                 1);
	assert_int_equal(t_count_lines(out, "secret"), 0); /* hidden */
	fclose(out);
	/* a known flag is never taken as the previous flag's value */
	assert_int_equal(run_child("-s", "-h", false, &out), 99);
	assert_int_equal(t_count_lines(out, "Usage: prog"), 0);
	fclose(out);
	/* -h after other flags; theirs callbacks do not run first */
	assert_int_equal(run_child("-b", "-h", false, &out), 0);
	assert_int_equal(t_count_lines(out, "Usage: prog"), 1);
	fclose(out);
}

static void test_version_exits_zero(void **state)
{
	FILE *out;

	(void)state;
	add_std();
	assert_int_equal(run_child("--version", NULL, false, &out), 0);
	assert_int_equal(t_count_lines(out, "DOCA SDK     Version (Compilation): " SDPA_VERSION),
	                 1);
	assert_int_equal(t_count_lines(out, "DOCA Runtime Version (Runtime):     " SDPA_VERSION),
	                 1);
	fclose(out);
	assert_string_equal(SDPA_VERSION, "3.5.0-softdpa");
	/* a program's version callback replaces it; returning SUCCESS still exits */
	assert_int_equal(run_child("-v", NULL, true, &out), 0);
	assert_int_equal(t_count_lines(out, "DOCA SDK"), 0);
	assert_int_equal(t_count_lines(out, "custom version 1"), 1);
	fclose(out);
	/* ...and its error is doca_argp_start's */
	cfg.fail_version = DOCA_ERROR_IO_FAILED;
	assert_int_equal(doca_argp_register_version_callback(cb_version), DOCA_SUCCESS);
	t_log_reset();
	assert_int_equal(start("-v", NULL), DOCA_ERROR_IO_FAILED);
	assert_int_equal(t_log_problems(), 1);
	t_assert_logged("version callback returned DOCA_ERROR_IO_FAILED");
}

/* -l is the most verbose application level printed (DOCA's global lower limit);
 * --sdk-log-level the SDK limit, which DOCA applies to every SDK backend. */
static void test_log_levels(void **state)
{
	struct doca_log_backend *be = NULL, *sdk_be = NULL;
	FILE *fp = tmpfile(), *sdk_fp = tmpfile();
	int level = 0;

	(void)state;
	assert_non_null(fp);
	assert_non_null(sdk_fp);
	doca_log_level_set_global_lower_limit(DOCA_LOG_LEVEL_INFO);
	assert_int_equal(doca_log_backend_create_with_file(fp, &be), DOCA_SUCCESS);
	assert_int_equal(doca_log_backend_create_with_file_sdk(sdk_fp, &sdk_be), DOCA_SUCCESS);
	assert_int_equal(doca_log_backend_set_sdk_level(sdk_be, DOCA_LOG_LEVEL_WARNING),
	                 DOCA_SUCCESS);
	add_std();
	DOCA_LOG_DBG("argp-debug-before");
	assert_int_equal(start("-l", "60", "--sdk-log-level", "30", NULL), DOCA_SUCCESS);
	assert_int_equal(doca_log_level_get_global_lower_limit(), DOCA_LOG_LEVEL_DEBUG);
	assert_int_equal(doca_log_level_get_global_sdk_limit(), DOCA_LOG_LEVEL_ERROR);
	DOCA_LOG_DBG("argp-debug-after");
	DOCA_LOG_CRIT("argp-crit-after");
	assert_int_equal(t_count_lines(fp, "argp-debug-before"), 0);
	assert_int_equal(t_count_lines(fp, "argp-debug-after"), 1);
	assert_int_equal(t_count_lines(fp, "argp-crit-after"), 1);
	assert_int_equal(doca_argp_get_log_level(&level), DOCA_SUCCESS);
	assert_int_equal(level, 60);
	assert_int_equal(doca_argp_get_sdk_log_level(&level), DOCA_SUCCESS);
	assert_int_equal(level, 30);
	/* The SDK backend took the new limit: a bad command line's ERR line reaches it, a
	 * WARN line does not. */
	doca_argp_destroy();
	assert_int_equal(doca_argp_init("prog", &cfg), DOCA_SUCCESS);
	assert_int_equal(start("--nope", NULL), DOCA_ERROR_NOT_SUPPORTED);
	assert_int_equal(t_count_lines(sdk_fp, "[SOFTDPA][ERR]"), 1);
	assert_int_equal(t_count_lines(sdk_fp, "unknown flag '--nope'"), 1);
	doca_argp_destroy();
	doca_log_level_set_global_sdk_limit(saved_sdk);
	doca_log_level_set_global_lower_limit(DOCA_LOG_LEVEL_INFO);

	/* only DOCA's numeric levels */
	assert_int_equal(doca_argp_init("prog", &cfg), DOCA_SUCCESS);
	t_log_reset();
	assert_int_equal(start("--log-level", "45", NULL), DOCA_ERROR_INVALID_VALUE);
	assert_int_equal(t_log_problems(), 1);
	t_assert_logged("'--log-level': '45' is not a log level", "10, 20, 30");
	assert_int_equal(doca_log_level_get_global_lower_limit(), DOCA_LOG_LEVEL_INFO);
	doca_argp_destroy();
	assert_int_equal(doca_argp_init("prog", &cfg), DOCA_SUCCESS);
	t_log_reset();
	assert_int_equal(start("-l", "debug", NULL), DOCA_ERROR_INVALID_VALUE);
	assert_int_equal(t_log_problems(), 1);
	/* DOCA has no backend destroy: empty their windows for good. */
	doca_log_backend_set_level_lower_limit(be, DOCA_LOG_LEVEL_DISABLE);
	doca_log_backend_set_sdk_level(sdk_be, DOCA_LOG_LEVEL_DISABLE);
}

/* ---- DPDK ----------------------------------------------------------------------------- */

/* What the DPDK callback got, copied while it ran; never a real rte_eal_init. */
static struct {
	int calls, argc;
	char argv[8][32];
	bool null_end;
	char **seen; /* the array itself: it must live until doca_argp_destroy */
	doca_error_t ret;
} dpdk;

static doca_error_t my_dpdk(int argc, char **argv)
{
	dpdk.calls++;
	dpdk.argc = argc;
	for (int k = 0; k < argc && k < 8; k++)
		snprintf(dpdk.argv[k], sizeof(dpdk.argv[k]), "%s", argv[k]);
	dpdk.null_end = argv[argc] == NULL;
	dpdk.seen = argv;
	note("D");
	return dpdk.ret;
}

static void usage_now(void)
{
	doca_argp_usage();
}

static void test_dpdk_program(void **state)
{
	FILE *out;
	int usages;

	(void)state;
	add_std();
	assert_int_equal(doca_argp_register_validation_callback(cb_validate), DOCA_SUCCESS);
	doca_argp_set_dpdk_program(my_dpdk);
	memset(&dpdk, 0, sizeof(dpdk));
	t_log_reset();
	/* argv[0] and the words before "--" are the EAL's; the callback runs once, after the
	 * whole command line is read and before any flag callback. */
	assert_int_equal(start("-a", "03:00.0", "-c", "0x1", "--", "-s", "x", "-i", "4", NULL),
	                 DOCA_SUCCESS);
	assert_int_equal(dpdk.calls, 1);
	assert_true(dpdk.argc > 5); /* the program's words, then softdpa's (docs/DPDK.md) */
	assert_string_equal(dpdk.argv[0], "prog");
	assert_string_equal(dpdk.argv[1], "-a");
	assert_string_equal(dpdk.argv[2], "03:00.0");
	assert_string_equal(dpdk.argv[3], "-c");
	assert_string_equal(dpdk.argv[4], "0x1");
	assert_string_equal(dpdk.argv[5], "--no-huge");
	assert_true(dpdk.null_end);
	assert_string_equal(cfg.order, "D;s=x;i=4;V;");
	assert_int_equal(t_log_problems(), 0);
	/* the array stays valid until doca_argp_destroy */
	assert_string_equal(dpdk.seen[2], "03:00.0");
	out = capture_stdout(usage_now);
	assert_int_equal(t_count_lines(out, "Usage: prog [DPDK Flags] -- [DOCA Flags]"), 1);
	fclose(out);

	/* "--" first: only argv[0]; no "--" at all: the same, every word is the parser's */
	for (size_t k = 0; k < 2; k++) {
		restart_std();
		memset(&cfg, 0, sizeof(cfg));
		memset(&dpdk, 0, sizeof(dpdk));
		doca_argp_set_dpdk_program(my_dpdk);
		assert_int_equal(k == 0 ? start("--", "-s", "y", NULL) : start("-s", "y", NULL),
		                 DOCA_SUCCESS);
		assert_int_equal(dpdk.calls, 1);
		assert_true(dpdk.argc > 1);
		assert_string_equal(dpdk.argv[0], "prog");
		assert_string_equal(dpdk.argv[1], "--no-huge"); /* softdpa's own EAL options */
		assert_true(dpdk.null_end);
		assert_string_equal(cfg.order, "D;s=y;");
	}

	/* a command line that is wrong anywhere: no callback at all, the DPDK one included */
	restart_std();
	memset(&cfg, 0, sizeof(cfg));
	memset(&dpdk, 0, sizeof(dpdk));
	doca_argp_set_dpdk_program(my_dpdk);
	assert_int_equal(start("--no-such-eal-flag", "--", "-s", "z", "--bogus", NULL),
	                 DOCA_ERROR_NOT_SUPPORTED);
	assert_int_equal(dpdk.calls, 0);
	assert_int_equal(cfg.calls, 0);

	/* the DPDK callback's error is doca_argp_start's; no flag callback runs after it */
	restart_std();
	memset(&cfg, 0, sizeof(cfg));
	memset(&dpdk, 0, sizeof(dpdk));
	dpdk.ret = DOCA_ERROR_INITIALIZATION;
	doca_argp_set_dpdk_program(my_dpdk);
	t_log_reset();
	usages = t_count_lines(err_out, "Usage: prog [DPDK Flags]");
	assert_int_equal(start("--in-memory", "--", "-s", "z", NULL), DOCA_ERROR_INITIALIZATION);
	assert_string_equal(cfg.order, "D;");
	assert_int_equal(t_log_problems(), 1);
	t_assert_logged("DPDK callback refused the EAL flags", "first '--in-memory'",
	                "DOCA_ERROR_INITIALIZATION");
	/* not the user's typo: no usage text */
	assert_int_equal(t_count_lines(err_out, "Usage: prog [DPDK Flags]"), usages);

	/* after start: too late */
	t_log_reset();
	doca_argp_set_dpdk_program(my_dpdk);
	assert_int_equal(t_log_problems(), 1);
	t_assert_logged("doca_argp_start has run already");
}

/* The EAL comes up before devices are opened: DPDK callback, then the device callbacks. */
static void test_dpdk_before_devices(void **state)
{
	(void)state;
	add("a", "device", DOCA_ARGP_TYPE_DEVICE, cb_dev, F_MULTI);
	add("s", "str", DOCA_ARGP_TYPE_STRING, cb_str, 0);
	doca_argp_set_dpdk_program(my_dpdk);
	memset(&dpdk, 0, sizeof(dpdk));
	assert_int_equal(start("-l", "0-1", "--", "-s", "a", "-a", "pci/03:00.0", NULL),
	                 DOCA_SUCCESS);
	assert_string_equal(cfg.order, "D;s=a;dev;");
	assert_true(dpdk.argc > 3);
	assert_string_equal(dpdk.argv[1], "-l");
	assert_string_equal(dpdk.argv[2], "0-1");
	assert_string_equal(dpdk.argv[3], "--no-huge");
	assert_int_equal(doca_dev_close(cfg.dev), DOCA_SUCCESS);

	/* a missing device is reported after the EAL came up and before any flag callback */
	doca_argp_destroy();
	memset(&cfg, 0, sizeof(cfg));
	assert_int_equal(doca_argp_init("prog", &cfg), DOCA_SUCCESS);
	add("a", "device", DOCA_ARGP_TYPE_DEVICE, cb_dev, F_MULTI);
	add("s", "str", DOCA_ARGP_TYPE_STRING, cb_str, 0);
	doca_argp_set_dpdk_program(my_dpdk);
	t_log_reset();
	assert_int_equal(start("--", "-s", "a", "-a", "pci/08:00.0", NULL),
	                 DOCA_ERROR_INVALID_VALUE);
	assert_string_equal(cfg.order, "D;");
	assert_int_equal(t_log_problems(), 1);
	t_assert_logged("no device 'pci/08:00.0'", "SOFTDPA_DEVICES='pci=0000:08:00.0'");
}

/* ---- usage and program name ----------------------------------------------------------- */

static void test_usage_and_name_from_argv0(void **state)
{
	char *argv[] = {(char *)"/usr/local/bin/mytool", (char *)"-s", (char *)"q", NULL};
	FILE *out;

	(void)state;
	doca_argp_destroy();
	assert_int_equal(doca_argp_init(NULL, &cfg), DOCA_SUCCESS);
	add_std();
	out = capture_stdout(usage_now);
	assert_int_equal(t_count_lines(out, "Usage: <program> [DOCA Flags]"), 1);
	fclose(out);
	assert_int_equal(doca_argp_start(3, argv), DOCA_SUCCESS);
	out = capture_stdout(usage_now);
	assert_int_equal(t_count_lines(out, "Usage: mytool [DOCA Flags] [Program Flags]"), 1);
	assert_int_equal(t_count_lines(out, "  -m, --multi <text>                The multi flag"),
	                 1);
	assert_int_equal(t_count_lines(out, "  -b, --bool                        The bool flag"),
	                 1);
	fclose(out);
	t_log_reset();
	assert_int_equal(doca_argp_start(0, argv), DOCA_ERROR_BAD_STATE);
	doca_argp_destroy();
	assert_int_equal(doca_argp_init(NULL, &cfg), DOCA_SUCCESS);
	t_log_reset();
	assert_int_equal(doca_argp_start(0, argv), DOCA_ERROR_INVALID_VALUE);
	argv[1] = NULL;
	assert_int_equal(doca_argp_start(3, argv), DOCA_ERROR_INVALID_VALUE);
	assert_int_equal(t_log_problems(), 2);
	t_assert_logged("argv[1] is NULL");
}

/* ---- JSON ----------------------------------------------------------------------------- */

static void test_json_file(void **state)
{
	char path[512];
	int level = 0;

	(void)state;
	add_std();
	add("n", "need", DOCA_ARGP_TYPE_INT, cb_int, F_MANDATORY);
	write_file("ok.json",
	           "{\n"
	           "  \"doca_general_flags\": { \"log-level\": 60 },\n"
	           "  \"doca_program_flags\": {\n"
	           "    \"str\": \"from \\\"json\\\" \\u00e9\",\n"
	           "    \"need\": 7,\n"
	           "    \"bool\": false,\n"
	           "    \"double\": 1.5e1,\n"
	           "    \"multi\": [\"a\", \"b\"]\n"
	           "  }\n"
	           "}\n",
	           path, sizeof(path));
	assert_int_equal(start("-j", path, NULL), DOCA_SUCCESS);
	assert_string_equal(cfg.str, "from \"json\" \xc3\xa9");
	assert_int_equal(cfg.i, 7);
	assert_int_equal(cfg.b_calls, 1); /* false is passed, not skipped */
	assert_false(cfg.b);
	assert_true(cfg.d == 15.0);
	assert_string_equal(cfg.order, "s=from \"json\" \xc3\xa9;i=7;b=0;d=15;m=a;m=b;");
	assert_int_equal(doca_argp_get_log_level(&level), DOCA_SUCCESS);
	assert_int_equal(level, 60);

	/* the command line wins, flag by flag; file values run first; a flat object works */
	restart_std();
	memset(&cfg, 0, sizeof(cfg));
	write_file("flat.json", "{\"int\": 5, \"str\": \"file\", \"log-level\": 50}", path,
	           sizeof(path));
	assert_int_equal(start("--str", "cli", "-l", "40", "--json", path, NULL), DOCA_SUCCESS);
	assert_string_equal(cfg.order, "i=5;s=cli;");
	assert_int_equal(doca_argp_get_log_level(&level), DOCA_SUCCESS);
	assert_int_equal(level, 40);

	/* pedantic by default; the program may relax it */
	restart_std();
	write_file("extra.json", "{\"str\": \"x\",\n \"colour\": 1}", path, sizeof(path));
	t_log_reset();
	assert_int_equal(start("-j", path, NULL), DOCA_ERROR_NOT_SUPPORTED);
	assert_int_equal(t_log_problems(), 1);
	t_assert_logged("unknown key 'colour' (line 2 of", "extra.json",
	                "doca_argp_disable_pedantic_config_parsing");
	restart_std();
	assert_int_equal(doca_argp_disable_pedantic_config_parsing(), DOCA_SUCCESS);
	t_log_reset();
	assert_int_equal(start("-j", path, NULL), DOCA_SUCCESS);
	assert_int_equal(t_log_problems(), 0);
}

static void expect_json(const char *text, doca_error_t code, const char *a, const char *b)
{
	char path[512];

	memset(&cfg, 0, sizeof(cfg));
	assert_int_equal(doca_argp_init("prog", &cfg), DOCA_SUCCESS);
	add_std();
	add("c", "cli", DOCA_ARGP_TYPE_STRING, cb_str, F_CLI_ONLY);
	add("o", NULL, DOCA_ARGP_TYPE_STRING, cb_str, 0); /* no long name: command line only */
	write_file("case.json", text, path, sizeof(path));
	t_log_reset();
	assert_int_equal(start("--json", path, NULL), code);
	assert_int_equal(t_log_problems(), 1);
	t_assert_logged(a, b);
	assert_int_equal(cfg.calls, 0);
	assert_int_equal(doca_argp_destroy(), DOCA_SUCCESS);
}

static void test_json_errors(void **state)
{
	char path[512];

	(void)state;
	doca_argp_destroy();
	expect_json("{\n  \"str\": \"x\",\n  \"int\": 3,,\n}", DOCA_ERROR_IO_FAILED,
	            "case.json' is corrupt: line 3, column 12", "fix the file");
	expect_json("{\"str\": \"x\"", DOCA_ERROR_IO_FAILED, "is corrupt", "file ends here");
	expect_json("", DOCA_ERROR_IO_FAILED, "is corrupt", "expected a value");
	expect_json("[1]", DOCA_ERROR_INVALID_VALUE, "holds an array", "object of flags");
	expect_json("{\"int\": \"7\"}", DOCA_ERROR_INVALID_VALUE, "'int' (line 1 of",
	            "must be an integer, not a string");
	expect_json("{\"int\": 7.5}", DOCA_ERROR_INVALID_VALUE, "'int'", "an integer");
	expect_json("{\"int\": 3000000000}", DOCA_ERROR_INVALID_VALUE, "'int'", "out of range");
	expect_json("{\"bool\": 1}", DOCA_ERROR_INVALID_VALUE, "'bool'", "true or false");
	expect_json("{\"str\": null}", DOCA_ERROR_INVALID_VALUE, "'str'", "not null");
	expect_json("{\"str\": [\"a\"]}", DOCA_ERROR_INVALID_VALUE, "'str'", "not an array");
	expect_json("{\"str\": \"a\", \"str\": \"b\"}", DOCA_ERROR_INVALID_VALUE, "'str'",
	            "more than once");
	expect_json("{\"multi\": [\"a\", 2]}", DOCA_ERROR_INVALID_VALUE, "'multi'",
	            "must be a string, not a number");
	expect_json("{\"cli\": \"x\"}", DOCA_ERROR_INVALID_VALUE, "'cli'", "only on the command");
	expect_json("{\"o\": \"x\"}", DOCA_ERROR_NOT_SUPPORTED, "unknown key 'o'", "long flag");
	expect_json("{\"json\": \"x\"}", DOCA_ERROR_INVALID_VALUE, "'json'", "only on the command");
	expect_json("{\"log-level\": 45}", DOCA_ERROR_INVALID_VALUE, "45 is not a log level",
	            "10, 20");
	expect_json("{\"doca_program_flags\": 3}", DOCA_ERROR_INVALID_VALUE,
	            "'doca_program_flags' (line 1", "must be an object");

	/* missing file */
	memset(&cfg, 0, sizeof(cfg));
	assert_int_equal(doca_argp_init("prog", &cfg), DOCA_SUCCESS);
	t_path(path, sizeof(path), "absent.json");
	t_log_reset();
	assert_int_equal(start("-j", path, NULL), DOCA_ERROR_IO_FAILED);
	assert_int_equal(t_log_problems(), 1);
	t_assert_logged("cannot open the JSON file", "absent.json", "No such file");
	doca_argp_destroy();
	assert_int_equal(doca_argp_init("prog", &cfg), DOCA_SUCCESS);
	t_log_reset();
	assert_int_equal(start("-j", t_tmpdir(), NULL), DOCA_ERROR_IO_FAILED);
	t_assert_logged("is not a regular file");
	doca_argp_destroy();

	/* -j twice; a mandatory flag satisfied by the file */
	assert_int_equal(doca_argp_init("prog", &cfg), DOCA_SUCCESS);
	add("n", "need", DOCA_ARGP_TYPE_INT, cb_int, F_MANDATORY);
	write_file("need.json", "{\"doca_dpdk_flags\": {\"devices\": []}, \"need\": 4}", path,
	           sizeof(path));
	t_log_reset();
	assert_int_equal(start("-j", path, "--json", path, NULL), DOCA_ERROR_INVALID_VALUE);
	t_assert_logged("'--json' is given more than once");
	doca_argp_destroy();
	assert_int_equal(doca_argp_init("prog", &cfg), DOCA_SUCCESS);
	add("n", "need", DOCA_ARGP_TYPE_INT, cb_int, F_MANDATORY);
	t_log_reset();
	assert_int_equal(start("-j", path, NULL), DOCA_SUCCESS);
	assert_int_equal(cfg.i, 4);
	assert_int_equal(t_log_problems(), 1); /* doca_dpdk_flags is ignored, with a warning */
	t_assert_logged("ignoring \"doca_dpdk_flags\"", "before '--'");
	t_rmdir_r(t_tmpdir());
}

static void test_json_reader(void **state)
{
	struct sdpa_json *v = NULL;
	char err[160];
	const char *deep;
	char *buf;
	const char *good = "\xef\xbb\xbf {\"a\": [1, -2.5e2, true, null, "
	                   "\"\\ud83d\\ude00\\n\\t\\/\"], \"b\": {}}";

	(void)state;
	assert_int_equal(sdpa_json_parse(good, strlen(good), &v, err, sizeof(err)), SDPA_JSON_OK);
	assert_int_equal(v->type, SDPA_JSON_OBJECT);
	assert_int_equal(v->n, 2);
	assert_string_equal(v->keys[0], "a");
	assert_int_equal(v->items[0].n, 5);
	assert_true(v->items[0].items[0].is_int && v->items[0].items[0].i == 1);
	assert_false(v->items[0].items[1].is_int);
	assert_true(v->items[0].items[1].d == -250.0);
	assert_int_equal(v->items[0].items[2].type, SDPA_JSON_BOOL);
	assert_int_equal(v->items[0].items[3].type, SDPA_JSON_NULL);
	assert_string_equal(v->items[0].items[4].s, "\xf0\x9f\x98\x80\n\t/");
	assert_int_equal(v->items[1].type, SDPA_JSON_OBJECT);
	sdpa_json_free(v);

	assert_int_equal(sdpa_json_parse("99999999999999999999", 20, &v, err, sizeof(err)),
	                 SDPA_JSON_OK);
	assert_true(v->is_int && v->int_overflow);
	sdpa_json_free(v);

	static const struct {
		const char *text, *why;
	} bad[] = {
	        {"{\"a\" 1}", "line 1, column 6: expected ':'"},
	        {"[1 2]", "expected ',' or ']'"},
	        {"01", "unexpected text after the value"},
	        {"-", "expected a digit"},
	        {"1.", "digit after '.'"},
	        {"1e", "digit in the exponent"},
	        {"tru", "expected true, false or null"},
	        {"\"a\tb\"", "control character"},
	        {"\"\\x\"", "unknown escape"},
	        {"\"\\u12\"", "four hex digits"},
	        {"\"\\udc00\"", "lone low surrogate"},
	        {"\"\\ud800x\"", "high surrogate"},
	        {"\"\\u0000\"", "\\u0000 is not allowed"},
	        {"{\"a\":1,}", "expected a quoted key"},
	        {"\n\n  [", "line 3, column 4: expected a value"},
	        {"{1:2}", "expected a quoted key"},
	};
	for (size_t k = 0; k < sizeof(bad) / sizeof(bad[0]); k++) {
		assert_int_equal(
		        sdpa_json_parse(bad[k].text, strlen(bad[k].text), &v, err, sizeof(err)),
		        SDPA_JSON_SYNTAX);
		assert_null(v);
		if (strstr(err, bad[k].why) == NULL)
			fail_msg("'%s': expected '%s' in '%s'", bad[k].text, bad[k].why, err);
	}

	/* nesting is bounded */
	buf = malloc(200);
	assert_non_null(buf);
	memset(buf, '[', 100);
	memset(buf + 100, ']', 100);
	assert_int_equal(sdpa_json_parse(buf, 200, &v, err, sizeof(err)), SDPA_JSON_SYNTAX);
	assert_non_null(strstr(err, "nested more than 64"));
	deep = "[[[[[[[[[[1]]]]]]]]]]";
	assert_int_equal(sdpa_json_parse(deep, strlen(deep), &v, err, sizeof(err)), SDPA_JSON_OK);
	sdpa_json_free(v);
	free(buf);
}

/* ---- devices -------------------------------------------------------------------------- */

static int my_open_calls;

static doca_error_t my_dev_open(struct doca_devinfo *devinfo, void *usr_ctx, struct doca_dev **dev)
{
	my_open_calls++;
	assert_ptr_equal(usr_ctx, &cfg);
	return doca_dev_open(devinfo, dev);
}

static void add_devs(void)
{
	add("a", "device", DOCA_ARGP_TYPE_DEVICE, cb_dev, F_MULTI);
	add("r", "rep", DOCA_ARGP_TYPE_DEVICE_REP, cb_rep, F_MULTI);
}

static void test_device_values(void **state)
{
	char ibdev[DOCA_DEVINFO_IBDEV_NAME_SIZE];
	const char *forms[] = {"03:00.0", "pci/0000:03:00.0,dv_flow_en=2", "mlx5_0", "p0"};

	(void)state;
	doca_argp_destroy();
	for (size_t k = 0; k < sizeof(forms) / sizeof(forms[0]); k++) {
		memset(&cfg, 0, sizeof(cfg));
		assert_int_equal(doca_argp_init("prog", &cfg), DOCA_SUCCESS);
		add_devs();
		assert_int_equal(start("-a", forms[k], NULL), DOCA_SUCCESS);
		assert_non_null(cfg.dev);
		assert_int_equal(doca_devinfo_get_ibdev_name(doca_dev_as_devinfo(cfg.dev), ibdev,
		                                             sizeof(ibdev)),
		                 DOCA_SUCCESS);
		assert_string_equal(ibdev, "mlx5_0");
		if (k == 1)
			assert_string_equal(cfg.devargs, "dv_flow_en=2");
		else
			assert_null(cfg.devargs);
		/* the program owns the open */
		assert_int_equal(doca_dev_close(cfg.dev), DOCA_SUCCESS);
		assert_int_equal(doca_argp_destroy(), DOCA_SUCCESS);
	}

	/* a representor: the parser keeps its open of the parent until destroy */
	memset(&cfg, 0, sizeof(cfg));
	assert_int_equal(doca_argp_init("prog", &cfg), DOCA_SUCCESS);
	add_devs();
	assert_int_equal(start("--rep", "pci/0000:03:00.0,pf0vf1,x=1", NULL), DOCA_SUCCESS);
	assert_non_null(cfg.rep);
	assert_string_equal(cfg.devargs, "x=1");
	assert_int_equal(doca_dev_rep_close(cfg.rep), DOCA_SUCCESS);
	assert_int_equal(doca_argp_destroy(), DOCA_SUCCESS);

	/* short representor names, and the device given both ways (one pointer) */
	memset(&cfg, 0, sizeof(cfg));
	assert_int_equal(doca_argp_init("prog", &cfg), DOCA_SUCCESS);
	add_devs();
	assert_int_equal(doca_argp_register_dev_open_callback(my_dev_open, &cfg), DOCA_SUCCESS);
	my_open_calls = 0;
	assert_int_equal(start("-r", "03:00.0,vf0", "-a", "mlx5_0", NULL), DOCA_SUCCESS);
	assert_int_equal(my_open_calls, 2);
	assert_string_equal(cfg.order, "rep;dev;");
	/* the program closes what it owns, then destroys the parser (teardown counts) */
	assert_int_equal(doca_dev_rep_close(cfg.rep), DOCA_SUCCESS);
	assert_int_equal(doca_dev_close(cfg.dev), DOCA_SUCCESS);
	assert_int_equal(doca_argp_destroy(), DOCA_SUCCESS);

	/* destroyed while the representor is open (NVIDIA's samples do this): the parser's
	 * open of the parent ends with the representor's close, silently */
	memset(&cfg, 0, sizeof(cfg));
	assert_int_equal(doca_argp_init("prog", &cfg), DOCA_SUCCESS);
	add_devs();
	assert_int_equal(start("-r", "mlx5_0,pf0vf0", NULL), DOCA_SUCCESS);
	t_log_reset();
	assert_int_equal(doca_argp_destroy(), DOCA_SUCCESS);
	assert_int_equal(t_log_problems(), 0);
	assert_non_null(doca_dev_as_devinfo(cfg.dev)); /* still open */
	assert_int_equal(doca_dev_rep_close(cfg.rep), DOCA_SUCCESS);
	t_log_reset();
	assert_int_equal(doca_dev_close(cfg.dev), DOCA_ERROR_INVALID_VALUE); /* closed */
	t_assert_logged("is not an open device");

	/* the same, with the program holding its own open of the parent: that open stays */
	memset(&cfg, 0, sizeof(cfg));
	assert_int_equal(doca_argp_init("prog", &cfg), DOCA_SUCCESS);
	add_devs();
	assert_int_equal(start("-r", "mlx5_0,pf0vf0", NULL), DOCA_SUCCESS);
	{
		struct doca_dev *again = NULL;

		assert_int_equal(doca_dev_open(doca_dev_as_devinfo(cfg.dev), &again), DOCA_SUCCESS);
		assert_ptr_equal(again, cfg.dev);
	}
	t_log_reset();
	assert_int_equal(doca_argp_destroy(), DOCA_SUCCESS); /* not the last open: closed now */
	assert_int_equal(t_log_problems(), 0);
	assert_int_equal(doca_dev_rep_close(cfg.rep), DOCA_SUCCESS);
	assert_int_equal(doca_dev_close(cfg.dev), DOCA_SUCCESS);
}

/* Representor lists and ranges, aux/N, a representor named by its PCI address. */
static struct {
	int n;
	struct doca_dev *dev[8];
	struct doca_dev_rep *rep[8];
	char name[8][DOCA_DEVINFO_IFACE_NAME_SIZE];
	const char *devargs[8];
} seen;

static doca_error_t cb_rep_each(void *param, void *config)
{
	struct doca_argp_device_rep_ctx *ctx = param;
	char iface[DOCA_DEVINFO_IFACE_NAME_SIZE];

	(void)config;
	assert_true(seen.n < 8);
	seen.dev[seen.n] = ctx->dev_ctx.dev;
	seen.rep[seen.n] = ctx->dev_rep;
	seen.devargs[seen.n] = ctx->dev_ctx.devargs;
	assert_int_equal(doca_devinfo_rep_get_iface_name(doca_dev_rep_as_devinfo(ctx->dev_rep),
	                                                 iface, sizeof(iface)),
	                 DOCA_SUCCESS);
	snprintf(seen.name[seen.n], sizeof(seen.name[0]), "%s", iface);
	seen.n++;
	note("rep");
	return cfg.fail_dev;
}

static void close_seen(void)
{
	for (int k = 0; k < seen.n; k++)
		assert_int_equal(doca_dev_rep_close(seen.rep[k]), DOCA_SUCCESS);
	memset(&seen, 0, sizeof(seen));
}

static void use_devices(const char *value)
{
	if (value != NULL)
		setenv("SOFTDPA_DEVICES", value, 1);
	else
		unsetenv("SOFTDPA_DEVICES");
	sdpa_config_reload();
	sdpa_devices_reload();
}

static doca_error_t start_reps(const char *a, const char *b)
{
	doca_argp_destroy();
	memset(&cfg, 0, sizeof(cfg));
	memset(&seen, 0, sizeof(seen));
	assert_int_equal(doca_argp_init("prog", &cfg), DOCA_SUCCESS);
	add("a", "device", DOCA_ARGP_TYPE_DEVICE, cb_dev, F_MULTI);
	add("r", "rep", DOCA_ARGP_TYPE_DEVICE_REP, cb_rep_each, F_MULTI);
	return b != NULL ? start("-r", a, "-r", b, NULL) : start("-r", a, NULL);
}

static void test_device_ranges(void **state)
{
	char path[512], ibdev[DOCA_DEVINFO_IBDEV_NAME_SIZE];
	uint32_t sf = 0;

	(void)state;
	/* two PFs (SF and VF representors) and an SF at position 2: aux/2 */
	use_devices("pci=0000:08:00.0,reps=4,rep_type=sf;pci=0000:09:00.0,reps=2;type=sf");

	/* a range: one callback per representor, all with the same parent */
	assert_int_equal(start_reps("pci/08:00.0,pf0sf[0-1]", NULL), DOCA_SUCCESS);
	assert_int_equal(seen.n, 2);
	assert_string_equal(seen.name[0], "pf0sf0");
	assert_string_equal(seen.name[1], "pf0sf1");
	assert_ptr_equal(seen.dev[0], seen.dev[1]);
	assert_null(seen.devargs[0]);
	close_seen();

	/* a list with a range, then devargs for every one of them */
	assert_int_equal(start_reps("pci/0000:08:00.0,pf0sf[0,2-3],dv_flow_en=2", NULL),
	                 DOCA_SUCCESS);
	assert_int_equal(seen.n, 3);
	assert_string_equal(seen.name[0], "pf0sf0");
	assert_string_equal(seen.name[1], "pf0sf2");
	assert_string_equal(seen.name[2], "pf0sf3");
	for (int k = 0; k < 3; k++)
		assert_string_equal(seen.devargs[k], "dv_flow_en=2");
	close_seen();

	/* vf<N> without pf, and sf<N>: two values on two PFs */
	assert_int_equal(start_reps("pci/09:00.0,vf[0-1]", "pci/08:00.0,sf3"), DOCA_SUCCESS);
	assert_int_equal(seen.n, 3);
	assert_string_equal(seen.name[0], "pf1vf0");
	assert_string_equal(seen.name[1], "pf1vf1");
	assert_string_equal(seen.name[2], "pf0sf3");
	assert_ptr_not_equal(seen.dev[0], seen.dev[2]);
	close_seen();
	/* DPDK's bare list names VFs */
	assert_int_equal(start_reps("pci/09:00.0,[1]", NULL), DOCA_SUCCESS);
	assert_int_equal(seen.n, 1);
	assert_string_equal(seen.name[0], "pf1vf1");
	close_seen();

	/* a representor named by its own PCI address: its PF is the parent */
	assert_int_equal(start_reps("pci/08:00.2", NULL), DOCA_SUCCESS);
	assert_int_equal(seen.n, 1);
	assert_string_equal(seen.name[0], "pf0sf1");
	assert_int_equal(
	        doca_devinfo_get_ibdev_name(doca_dev_as_devinfo(seen.dev[0]), ibdev, sizeof(ibdev)),
	        DOCA_SUCCESS);
	assert_string_equal(ibdev, "mlx5_0");
	close_seen();

	/* the same PF as DEVICE and as a representor's parent: one doca_dev, as the DOCA Flow
	 * samples' callbacks expect (they match the parent by pointer) */
	doca_argp_destroy();
	memset(&cfg, 0, sizeof(cfg));
	assert_int_equal(doca_argp_init("prog", &cfg), DOCA_SUCCESS);
	add("a", "device", DOCA_ARGP_TYPE_DEVICE, cb_dev, F_MULTI);
	add("r", "rep", DOCA_ARGP_TYPE_DEVICE_REP, cb_rep_each, F_MULTI);
	assert_int_equal(start("-a", "pci/08:00.0,dv_flow_en=2", "-r", "pci/08:00.0,pf0sf0", NULL),
	                 DOCA_SUCCESS);
	assert_string_equal(cfg.order, "dev;rep;");
	assert_ptr_equal(cfg.dev, seen.dev[0]);
	close_seen();
	assert_int_equal(doca_dev_close(cfg.dev), DOCA_SUCCESS);

	/* aux/N: the SF whose SF index is N */
	doca_argp_destroy();
	memset(&cfg, 0, sizeof(cfg));
	assert_int_equal(doca_argp_init("prog", &cfg), DOCA_SUCCESS);
	add_devs();
	assert_int_equal(start("-a", "aux/2,dv_flow_en=2", NULL), DOCA_SUCCESS);
	assert_int_equal(doca_devinfo_get_sf_index(doca_dev_as_devinfo(cfg.dev), &sf),
	                 DOCA_SUCCESS);
	assert_int_equal(sf, 2);
	assert_string_equal(cfg.devargs, "dv_flow_en=2");
	assert_int_equal(doca_dev_close(cfg.dev), DOCA_SUCCESS);

	/* a range in the JSON file */
	write_file("reps.json", "{\"rep\": [\"pci/08:00.0,pf0sf[1-2]\"]}", path, sizeof(path));
	doca_argp_destroy();
	memset(&cfg, 0, sizeof(cfg));
	memset(&seen, 0, sizeof(seen));
	assert_int_equal(doca_argp_init("prog", &cfg), DOCA_SUCCESS);
	add("r", "rep", DOCA_ARGP_TYPE_DEVICE_REP, cb_rep_each, F_MULTI);
	assert_int_equal(start("-j", path, NULL), DOCA_SUCCESS);
	assert_int_equal(seen.n, 2);
	assert_string_equal(seen.name[1], "pf0sf2");
	close_seen();
	t_rmdir_r(t_tmpdir());

	/* every representor is found before any is opened: none reaches the program */
	t_log_reset();
	assert_int_equal(start_reps("pci/08:00.0,pf0sf[2-5]", NULL), DOCA_ERROR_INVALID_VALUE);
	assert_int_equal(seen.n, 0);
	assert_int_equal(t_log_problems(), 1);
	t_assert_logged("device 0000:08:00.0 has no representor 'pf0sf4'",
	                "(it has pf0sf0, pf0sf1, pf0sf2, pf0sf3)",
	                "SOFTDPA_DEVICES='pci=0000:08:00.0,reps=6,rep_type=sf'");

	/* aux/N and representor errors name the fix */
	t_log_reset();
	doca_argp_destroy();
	memset(&cfg, 0, sizeof(cfg));
	assert_int_equal(doca_argp_init("prog", &cfg), DOCA_SUCCESS);
	add_devs();
	assert_int_equal(start("-a", "aux/3", NULL), DOCA_ERROR_INVALID_VALUE);
	assert_int_equal(t_log_problems(), 1);
	t_assert_logged("no device 'aux/3'", "make entry 3 'type=sf'",
	                "SOFTDPA_DEVICES='model=bf3;type=vf;type=vf;type=sf'");
	t_log_reset();
	doca_argp_destroy();
	assert_int_equal(doca_argp_init("prog", &cfg), DOCA_SUCCESS);
	add_devs();
	assert_int_equal(start("-a", "aux/16", NULL), DOCA_ERROR_INVALID_VALUE);
	t_assert_logged("at most 16 entries");
	t_log_reset();
	assert_int_equal(start_reps("pci/09:00.0,pf0vf0", NULL), DOCA_ERROR_INVALID_VALUE);
	t_assert_logged("device 0000:09:00.0 has no representor 'pf0vf0' (it has pf1vf0, pf1vf1)",
	                "after the PF's position in SOFTDPA_DEVICES (pf1...)");
	t_log_reset();
	doca_argp_destroy();
	assert_int_equal(doca_argp_init("prog", &cfg), DOCA_SUCCESS);
	add_devs();
	assert_int_equal(start("-r", "aux/2,pf0vf0", NULL), DOCA_ERROR_INVALID_VALUE);
	t_assert_logged("'aux/2' is not a PF, so it has no representors");
	doca_argp_destroy();
	use_devices(NULL);
}

static void test_device_refusals(void **state)
{
	(void)state;
	memset(&seen, 0, sizeof(seen));
	cfg.fail_dev = DOCA_ERROR_NOT_PERMITTED;
	add("r", "rep", DOCA_ARGP_TYPE_DEVICE_REP, cb_rep_each, F_MULTI);
	t_log_reset();
	assert_int_equal(start("-r", "03:00.0,pf0vf[0-1]", NULL), DOCA_ERROR_NOT_PERMITTED);
	/* the first refusal stops the list; the parser closed that representor and the parent
	 * (teardown counts every object) */
	assert_int_equal(seen.n, 1);
	assert_int_equal(t_log_problems(), 1);
	t_assert_logged("refused '03:00.0,pf0vf[0-1]'");
}

static void test_device_errors(void **state)
{
	static const struct {
		const char *flag, *value, *why;
	} bad[] = {
	        {"-a", "mlx5_9", "no device 'mlx5_9'"},
	        {"-a", "05:00.0", "no device '05:00.0'"},
	        {"-a", "", "the device is empty"},
	        {"-a", "pci/3:0.0", "'3:0.0' after 'pci/' is not a PCI address"},
	        {"-a", "aux/two", "'two' after 'aux/' is not an auxiliary device index"},
	        {"-a", "aux/2,dv_flow_en=2", "no device 'aux/2' in the emulated machine"},
	        {"-r", "09:00.0", "no representor has PCI address 09:00.0"},
	        {"-r", "mlx5_0", "'mlx5_0' names a device but no representor"},
	        {"-r", "03:00.0,", "the representor after ',' is empty"},
	        {"-r", "03:00.0,pf0vf7", "has no representor 'pf0vf7'"},
	        {"-r", "03:00.0,pf0vf[0-2]", "has no representor 'pf0vf2' (it has pf0vf0, pf0vf1)"},
	        {"-r", "03:00.0,pf0vf[1-0]", "'pf0vf[1-0]' is not a representor"},
	        {"-r", "03:00.0,pf0vf[0-999]", "'pf0vf[0-999]' is not a representor"},
	        {"-r", "03:00.0,c1pf0vf0", "controller c1"},
	        {"-r", "mlx5_7,pf0vf0", "no device 'mlx5_7'"},
	        {"-r", "pci/08:00.0,pf0sf[0-1]",
	         "SOFTDPA_DEVICES='pci=0000:08:00.0,reps=2,rep_type=sf'"},
	};

	(void)state;
	doca_argp_destroy();
	for (size_t k = 0; k < sizeof(bad) / sizeof(bad[0]); k++) {
		memset(&cfg, 0, sizeof(cfg));
		assert_int_equal(doca_argp_init("prog", &cfg), DOCA_SUCCESS);
		add_devs();
		t_log_reset();
		assert_int_equal(start(bad[k].flag, bad[k].value, NULL), DOCA_ERROR_INVALID_VALUE);
		assert_int_equal(t_log_problems(), 1);
		t_assert_logged(bad[k].why);
		assert_int_equal(cfg.calls, 0);
		assert_int_equal(doca_argp_destroy(), DOCA_SUCCESS);
	}

	/* a PF where a representor is expected: a multi-port e-switch, refused as such */
	memset(&cfg, 0, sizeof(cfg));
	assert_int_equal(doca_argp_init("prog", &cfg), DOCA_SUCCESS);
	add_devs();
	t_log_reset();
	assert_int_equal(start("-r", "03:00.0", NULL), DOCA_ERROR_NOT_SUPPORTED);
	assert_int_equal(t_log_problems(), 1);
	t_assert_logged("PF 03:00.0 as a representor", "is not supported by softdpa");
	assert_int_equal(cfg.calls, 0);
	assert_int_equal(doca_argp_destroy(), DOCA_SUCCESS);

	/* the callback refuses: the parser closes what it opened (teardown counts) */
	memset(&cfg, 0, sizeof(cfg));
	assert_int_equal(doca_argp_init("prog", &cfg), DOCA_SUCCESS);
	add_devs();
	cfg.fail_dev = DOCA_ERROR_NOT_PERMITTED;
	t_log_reset();
	assert_int_equal(start("-r", "03:00.0,pf0vf0", NULL), DOCA_ERROR_NOT_PERMITTED);
	assert_int_equal(t_log_problems(), 1);
	t_assert_logged("refused '03:00.0,pf0vf0'");
	doca_argp_destroy();
	assert_int_equal(doca_argp_init("prog", &cfg), DOCA_SUCCESS);
	add_devs();
	assert_int_equal(start("-a", "03:00.0", NULL), DOCA_ERROR_NOT_PERMITTED);
}

/* ---- a program in the shape of a DOCA sample ------------------------------------------ */

struct sample_cfg {
	char device[32];
	int count;
	bool quiet;
};

static doca_error_t sample_device_cb(void *param, void *config)
{
	struct sample_cfg *c = config;
	const char *name = param;

	if (strlen(name) >= sizeof(c->device)) {
		DOCA_LOG_ERR("device name too long");
		return DOCA_ERROR_INVALID_VALUE;
	}
	strcpy(c->device, name);
	return DOCA_SUCCESS;
}

static doca_error_t sample_count_cb(void *param, void *config)
{
	((struct sample_cfg *)config)->count = *(int *)param;
	return DOCA_SUCCESS;
}

static doca_error_t sample_quiet_cb(void *param, void *config)
{
	((struct sample_cfg *)config)->quiet = *(bool *)param;
	return DOCA_SUCCESS;
}

static doca_error_t sample_register_params(void)
{
	struct doca_argp_param *param;
	doca_error_t result;

	result = doca_argp_param_create(&param);
	if (result != DOCA_SUCCESS)
		return result;
	doca_argp_param_set_short_name(param, "dev");
	doca_argp_param_set_long_name(param, "device");
	doca_argp_param_set_arguments(param, "<name>");
	doca_argp_param_set_description(param, "DOCA device name");
	doca_argp_param_set_callback(param, sample_device_cb);
	doca_argp_param_set_type(param, DOCA_ARGP_TYPE_STRING);
	doca_argp_param_set_mandatory(param);
	result = doca_argp_register_param(param);
	if (result != DOCA_SUCCESS)
		return result;

	result = doca_argp_param_create(&param);
	if (result != DOCA_SUCCESS)
		return result;
	doca_argp_param_set_short_name(param, "c");
	doca_argp_param_set_long_name(param, "count");
	doca_argp_param_set_description(param, "How many times");
	doca_argp_param_set_callback(param, sample_count_cb);
	doca_argp_param_set_type(param, DOCA_ARGP_TYPE_INT);
	result = doca_argp_register_param(param);
	if (result != DOCA_SUCCESS)
		return result;

	result = doca_argp_param_create(&param);
	if (result != DOCA_SUCCESS)
		return result;
	doca_argp_param_set_short_name(param, "q");
	doca_argp_param_set_long_name(param, "quiet");
	doca_argp_param_set_description(param, "Say less");
	doca_argp_param_set_callback(param, sample_quiet_cb);
	doca_argp_param_set_type(param, DOCA_ARGP_TYPE_BOOLEAN);
	return doca_argp_register_param(param);
}

static int sample_main(int argc, char **argv, struct sample_cfg *out)
{
	struct sample_cfg app_cfg = {.count = 1};
	doca_error_t result;
	int exit_status = EXIT_FAILURE;

	result = doca_argp_init("doca_sample", &app_cfg);
	if (result != DOCA_SUCCESS) {
		DOCA_LOG_ERR("Failed to init ARGP resources: %s", doca_error_get_descr(result));
		return EXIT_FAILURE;
	}
	result = sample_register_params();
	if (result != DOCA_SUCCESS) {
		DOCA_LOG_ERR("Failed to register sample parameters: %s",
		             doca_error_get_descr(result));
		goto argp_cleanup;
	}
	result = doca_argp_start(argc, argv);
	if (result != DOCA_SUCCESS) {
		DOCA_LOG_ERR("Failed to parse sample input: %s", doca_error_get_descr(result));
		goto argp_cleanup;
	}
	*out = app_cfg;
	exit_status = EXIT_SUCCESS;
argp_cleanup:
	doca_argp_destroy();
	return exit_status;
}

static void test_sample_shaped_program(void **state)
{
	char *good[] = {(char *)"doca_sample",
	                (char *)"-dev",
	                (char *)"mlx5_0",
	                (char *)"--count",
	                (char *)"3",
	                (char *)"-q",
	                NULL};
	char *missing[] = {(char *)"doca_sample", (char *)"-c", (char *)"2", NULL};
	struct sample_cfg out = {{0}, 0, false};

	(void)state;
	assert_int_equal(sample_main(6, good, &out), EXIT_SUCCESS);
	assert_string_equal(out.device, "mlx5_0");
	assert_int_equal(out.count, 3);
	assert_true(out.quiet);
	t_log_reset();
	assert_int_equal(sample_main(3, missing, &out), EXIT_FAILURE);
	assert_int_equal(t_log_problems(), 1);
	t_assert_logged("missing mandatory flag --device (DOCA device name)");
	assert_true(err_has("Usage: doca_sample [DOCA Flags] [Program Flags]"));
	assert_true(err_has("  -dev, --device <name>             DOCA device name"));
	/* and again: each run is a fresh instance */
	assert_int_equal(sample_main(6, good, &out), EXIT_SUCCESS);
}

#define T(fn)      cmocka_unit_test_setup_teardown(fn, setup, teardown)
#define T_BARE(fn) cmocka_unit_test_setup_teardown(fn, setup_bare, teardown)

int main(void)
{
	const struct CMUnitTest tests[] = {
	        T(test_every_type_short_and_long),
	        T(test_value_forms),
	        T(test_bool_takes_no_value),
	        T(test_unknown_flag),
	        T(test_glued_value_hint),
	        T(test_missing_argument),
	        T(test_bad_numbers),
	        T(test_mandatory_missing),
	        T(test_multiplicity),
	        T(test_positional_and_double_dash),
	        T(test_singular),
	        T(test_validation_runs_once_after_params),
	        T(test_callback_error_stops),
	        T(test_destroy_from_callback),
	        T_BARE(test_calls_before_init),
	        T(test_double_init_and_start),
	        T(test_register_errors),
	        T(test_setter_and_destroy_misuse),
	        T(test_logger_callback),
	        T(test_help_exits_zero),
	        T(test_version_exits_zero),
	        T(test_log_levels),
	        T(test_dpdk_program),
	        T(test_dpdk_before_devices),
	        T(test_usage_and_name_from_argv0),
	        T(test_json_file),
	        T(test_json_errors),
	        T_BARE(test_json_reader),
	        T(test_device_values),
	        T(test_device_errors),
	        T(test_device_ranges),
	        T(test_device_refusals),
	        T_BARE(test_sample_shaped_program),
	};
	return cmocka_run_group_tests_name("doca_argp", tests, NULL, NULL);
}
