/* SPDX-License-Identifier: BSD-3-Clause
 * doca_argp: DOCA's command-line parser. One instance per process ('g'), used from one
 * thread, as in DOCA.
 *
 * doca_argp_start() works in passes so that no callback runs on input that is wrong
 * anywhere: read argv and the JSON file into lists of converted values, check mandatory and
 * singular flags, then call the flag callbacks (file values first, then command-line ones,
 * each in the order written) and finally the validation callback.
 *
 * Every param ever created stays on 'g.params' until it is destroyed, so a setter or a
 * destroy given a stale pointer is refused instead of touching freed memory.
 */
#include <ctype.h>
#include <errno.h>
#include <limits.h>
#include <math.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include <doca_argp.h>

#include "core/argp_json.h"
#include "core/devices.h"
#include "core/dpdk_eal.h"
#include "core/log.h"
#include "core/sdpa_version.h"

SDPA_LOG_REGISTER(argp);

enum { JSON_MAX_BYTES = 1 << 20, USAGE_COLUMN = 36 };

#define LEVELS_HELP "<10=DISABLE, 20=CRITICAL, 30=ERROR, 40=WARNING, 50=INFO, 60=DEBUG, 70=TRACE>"

enum param_state { P_CREATED, P_REGISTERED, P_REJECTED };

struct doca_argp_param {
	struct doca_argp_param *next; /* g.params, every live param */
	enum param_state state;
	char *short_name, *long_name, *arguments, *description;
	doca_argp_param_cb_t callback;
	enum doca_argp_type type;
	bool mandatory, cli_only, multi, singular, inherited, hidden;
	/* The first bad setter value: setters cannot fail, registering reports it. */
	doca_error_t problem;
	char problem_text[192];
	unsigned int cli_seen, file_seen; /* during doca_argp_start */
};

enum instance_state { G_NONE, G_READY, G_STARTING, G_STARTED };

static struct {
	enum instance_state state;
	bool destroy_pending; /* doca_argp_destroy() from a callback */
	char *name;
	void *config;
	struct doca_argp_param *params;
	struct doca_argp_param **regs; /* registration order */
	size_t nregs, cap_regs;
	doca_argp_param_cb_t version_cb;
	doca_argp_validation_cb_t validation_cb;
	doca_argp_dpdk_cb_t dpdk_cb;
	doca_argp_dev_open_cb_t dev_open_cb;
	void *dev_open_ctx;
	doca_argp_logger_cb_t logger_cb;
	bool lenient_json;
	unsigned int user_errors;
	char **kept; /* devargs strings handed to callbacks, freed by destroy */
	size_t nkept, cap_kept;
	struct doca_dev **parents; /* parent opens made for DEVICE_REP values */
	size_t nparents, cap_parents;
	struct doca_devinfo **devlist; /* during doca_argp_start: the devices values name */
	uint32_t ndev;
	char **dpdk_argv; /* what the DPDK callback got: argv[0] and the EAL flags */
	int dpdk_argc;
} g;

/* What the user asked with -l/--sdk-log-level; kept across destroy for the getters. */
static struct {
	bool app_given, sdk_given;
	int app, sdk;
} levels;

enum builtin { B_NONE, B_HELP, B_VERSION, B_LOG, B_SDK_LOG, B_JSON };

static const struct {
	enum builtin id;
	const char *short_name, *long_name, *arguments, *description;
} builtins[] = {
        {B_HELP, "h", "help", NULL, "Print this help text and exit"},
        {B_VERSION, "v", "version", NULL, "Print the DOCA SDK version and exit"},
        {B_LOG, "l", "log-level", "<level>", "Numeric log level of the program " LEVELS_HELP},
        {B_SDK_LOG, NULL, "sdk-log-level", "<level>",
         "Numeric log level of the SDK libraries " LEVELS_HELP},
        {B_JSON, "j", "json", "<path>", "Read the flags from a JSON file (keys: long flag names)"},
};

/* One value to hand to a callback. */
struct occ {
	struct doca_argp_param *p;
	char shown[96]; /* how the user wrote it, for messages */
	const char *text;
	int i;
	double d;
	bool b;
	struct doca_devinfo *info; /* DEVICE(_REP): the device (the parent), once resolved */
};

struct occ_list {
	struct occ *v;
	size_t n, cap;
};

struct run {
	int argc;
	char **argv;
	struct occ_list cli, file;
	const char *json_path;
	struct sdpa_json *json;
	bool json_dpdk_ignored;
	int eal_n; /* DPDK programs: argv[1..eal_n] are the EAL flags (before "--") */
	bool app_given[2], sdk_given[2]; /* [0] command line, [1] file */
	int app[2], sdk[2];
};

/* ---- messages ---------------------------------------------------------------------- */

static void to_logger(enum doca_log_level level, const char *format, ...)
{
	va_list ap;

	va_start(ap, format);
	(void)g.logger_cb(level, format, ap);
	va_end(ap);
}

/* A problem with what the user typed: one SDK record, a copy to the logger callback. */
static void __attribute__((format(printf, 2, 3)))
user_msg(enum doca_log_level level, const char *format, ...)
{
	char msg[1024];
	va_list ap;

	va_start(ap, format);
	vsnprintf(msg, sizeof(msg), format, ap);
	va_end(ap);
	if (level == DOCA_LOG_LEVEL_WARNING) {
		DOCA_LOG_WARN("%s", msg);
	} else {
		DOCA_LOG_ERR("%s", msg);
		g.user_errors++;
	}
	if (g.logger_cb != NULL)
		to_logger(level, "%s", msg);
}

#define user_error(...) user_msg(DOCA_LOG_LEVEL_ERROR, __VA_ARGS__)

static const char *prog_name(void)
{
	return g.name != NULL ? g.name : "<program>";
}

/* "--long" when the param has one, else "-short". */
static const char *flag_of(const struct doca_argp_param *p, char *buf, size_t size)
{
	if (p->long_name != NULL)
		snprintf(buf, size, "--%s", p->long_name);
	else if (p->short_name != NULL)
		snprintf(buf, size, "-%s", p->short_name);
	else
		snprintf(buf, size, "(unnamed param)");
	return buf;
}

/* ---- instance -------------------------------------------------------------------- */

/* 'arr' with room for element n (reallocated when full); NULL when out of memory. */
static void *grow(void *arr, size_t n, size_t *cap, size_t elem)
{
	size_t ncap;
	void *a;

	if (n < *cap)
		return arr;
	ncap = *cap ? *cap * 2 : 8;
	a = realloc(arr, ncap * elem);
	if (a != NULL)
		*cap = ncap;
	return a;
}

static void param_free(struct doca_argp_param *p)
{
	free(p->short_name);
	free(p->long_name);
	free(p->arguments);
	free(p->description);
	free(p);
}

static void free_all(void)
{
	struct doca_argp_param *p = g.params;

	/* The parents argp opened for representor parameters: the program closes the
	 * representors, often after doca_argp_destroy (NVIDIA's samples do), so a parent
	 * still in use is closed by its last doca_dev_rep_close. */
	for (size_t k = g.nparents; k-- > 0;)
		sdpa_dev_close_when_unused(g.parents[k]);
	while (p != NULL) {
		struct doca_argp_param *next = p->next;

		param_free(p);
		p = next;
	}
	for (size_t k = 0; k < g.nkept; k++)
		free(g.kept[k]);
	free(g.kept);
	for (int k = 0; k < g.dpdk_argc; k++)
		free(g.dpdk_argv[k]);
	free(g.dpdk_argv);
	free(g.parents);
	free(g.regs);
	free(g.name);
	memset(&g, 0, sizeof(g));
}

static struct doca_argp_param *find_param(const struct doca_argp_param *param)
{
	for (struct doca_argp_param *p = g.params; p != NULL; p = p->next)
		if (p == param)
			return p;
	return NULL;
}

DOCA_EXPERIMENTAL doca_error_t doca_argp_init(const char *program_name, void *program_config)
{
	if (g.state != G_NONE) {
		DOCA_LOG_ERR("doca_argp_init: the parser is initialized already; call "
		             "doca_argp_destroy before initializing it again");
		return DOCA_ERROR_BAD_STATE;
	}
	if (program_name != NULL && program_name[0] == '\0') {
		DOCA_LOG_ERR("doca_argp_init: program_name is empty; pass the program's name, or "
		             "NULL to take it from argv[0]");
		return DOCA_ERROR_INVALID_VALUE;
	}
	memset(&g, 0, sizeof(g));
	if (program_name != NULL) {
		g.name = strdup(program_name);
		if (g.name == NULL) {
			DOCA_LOG_ERR("doca_argp_init: out of memory copying the program name; free "
			             "memory and retry");
			return DOCA_ERROR_NO_MEMORY;
		}
	}
	g.config = program_config;
	g.state = G_READY;
	memset(&levels, 0, sizeof(levels));
	return DOCA_SUCCESS;
}

DOCA_EXPERIMENTAL doca_error_t doca_argp_destroy(void)
{
	if (g.state == G_NONE) {
		DOCA_LOG_ERR(
		        "doca_argp_destroy: the parser is not initialized (never, or destroyed "
		        "already); call it once per doca_argp_init");
		return DOCA_ERROR_BAD_STATE;
	}
	if (g.state == G_STARTING) {
		/* Called from a callback: doca_argp_start still walks our lists. */
		g.destroy_pending = true;
		return DOCA_SUCCESS;
	}
	free_all();
	return DOCA_SUCCESS;
}

/* Register-time calls: only between init and start. */
static bool config_time(const char *fn)
{
	if (g.state == G_NONE) {
		DOCA_LOG_ERR("%s: the parser is not initialized; call doca_argp_init first", fn);
		return false;
	}
	if (g.state != G_READY) {
		DOCA_LOG_ERR("%s: doca_argp_start has run already; call %s before it", fn, fn);
		return false;
	}
	return true;
}

DOCA_EXPERIMENTAL void doca_argp_set_dpdk_program(doca_argp_dpdk_cb_t callback)
{
	if (!config_time(__func__))
		return;
	if (callback == NULL) {
		DOCA_LOG_ERR("doca_argp_set_dpdk_program: callback is NULL; pass the function that "
		             "takes the DPDK flags");
		return;
	}
	g.dpdk_cb = callback;
}

static doca_error_t cb_check(const char *fn, bool is_null)
{
	if (!config_time(fn))
		return DOCA_ERROR_BAD_STATE;
	if (is_null) {
		DOCA_LOG_ERR("%s: callback is NULL; pass a function", fn);
		return DOCA_ERROR_INVALID_VALUE;
	}
	return DOCA_SUCCESS;
}

DOCA_EXPERIMENTAL doca_error_t doca_argp_register_version_callback(doca_argp_param_cb_t callback)
{
	doca_error_t r = cb_check(__func__, callback == NULL);

	if (r == DOCA_SUCCESS)
		g.version_cb = callback;
	return r;
}

DOCA_EXPERIMENTAL doca_error_t
doca_argp_register_validation_callback(doca_argp_validation_cb_t callback)
{
	doca_error_t r = cb_check(__func__, callback == NULL);

	if (r == DOCA_SUCCESS)
		g.validation_cb = callback;
	return r;
}

DOCA_EXPERIMENTAL doca_error_t
doca_argp_register_dev_open_callback(doca_argp_dev_open_cb_t callback, void *usr_ctx)
{
	doca_error_t r = cb_check(__func__, callback == NULL);

	if (r == DOCA_SUCCESS) {
		g.dev_open_cb = callback;
		g.dev_open_ctx = usr_ctx;
	}
	return r;
}

DOCA_EXPERIMENTAL doca_error_t doca_argp_register_logger_callback(doca_argp_logger_cb_t callback)
{
	if (g.state == G_NONE) {
		DOCA_LOG_ERR("doca_argp_register_logger_callback: the parser is not initialized; "
		             "call doca_argp_init first");
		return DOCA_ERROR_BAD_STATE;
	}
	if (callback == NULL) {
		DOCA_LOG_ERR("doca_argp_register_logger_callback: callback is NULL; pass a "
		             "function");
		return DOCA_ERROR_INVALID_VALUE;
	}
	if (g.logger_cb != NULL) {
		DOCA_LOG_ERR("doca_argp_register_logger_callback: a logger callback is registered "
		             "already; call doca_argp_disable_logger_callback first");
		return DOCA_ERROR_ALREADY_EXIST;
	}
	g.logger_cb = callback;
	return DOCA_SUCCESS;
}

DOCA_EXPERIMENTAL doca_error_t doca_argp_disable_logger_callback(void)
{
	if (g.state == G_NONE || g.logger_cb == NULL) {
		DOCA_LOG_ERR("doca_argp_disable_logger_callback: %s; nothing to disable",
		             g.state == G_NONE ? "the parser is not initialized"
		                               : "no logger callback is registered");
		return DOCA_ERROR_BAD_STATE;
	}
	g.logger_cb = NULL;
	return DOCA_SUCCESS;
}

DOCA_EXPERIMENTAL doca_error_t doca_argp_disable_pedantic_config_parsing(void)
{
	if (!config_time(__func__))
		return DOCA_ERROR_BAD_STATE;
	g.lenient_json = true;
	return DOCA_SUCCESS;
}

DOCA_EXPERIMENTAL doca_error_t doca_argp_get_log_level(int *log_level)
{
	if (log_level == NULL) {
		DOCA_LOG_ERR("doca_argp_get_log_level: log_level is NULL; pass the address of an "
		             "int");
		return DOCA_ERROR_INVALID_VALUE;
	}
	*log_level = levels.app_given ? levels.app : (int)doca_log_level_get_global_lower_limit();
	return DOCA_SUCCESS;
}

DOCA_EXPERIMENTAL doca_error_t doca_argp_get_sdk_log_level(int *log_level)
{
	if (log_level == NULL) {
		DOCA_LOG_ERR("doca_argp_get_sdk_log_level: log_level is NULL; pass the address of "
		             "an int");
		return DOCA_ERROR_INVALID_VALUE;
	}
	*log_level = levels.sdk_given ? levels.sdk : (int)doca_log_level_get_global_sdk_limit();
	return DOCA_SUCCESS;
}

/* ---- params ------------------------------------------------------------------------ */

DOCA_EXPERIMENTAL doca_error_t doca_argp_param_create(struct doca_argp_param **param)
{
	struct doca_argp_param *p;

	if (param == NULL) {
		DOCA_LOG_ERR("doca_argp_param_create: param is NULL; pass the address of a struct "
		             "doca_argp_param *");
		return DOCA_ERROR_INVALID_VALUE;
	}
	if (g.state == G_NONE) {
		DOCA_LOG_ERR("doca_argp_param_create: the parser is not initialized; call "
		             "doca_argp_init first");
		return DOCA_ERROR_BAD_STATE;
	}
	p = calloc(1, sizeof(*p));
	if (p == NULL) {
		DOCA_LOG_ERR("doca_argp_param_create: out of memory; free memory and retry");
		return DOCA_ERROR_NO_MEMORY;
	}
	p->next = g.params;
	g.params = p;
	*param = p;
	return DOCA_SUCCESS;
}

DOCA_EXPERIMENTAL doca_error_t doca_argp_param_destroy(struct doca_argp_param *param)
{
	struct doca_argp_param **link;

	if (param == NULL) {
		DOCA_LOG_ERR("doca_argp_param_destroy: param is NULL; pass a param from "
		             "doca_argp_param_create");
		return DOCA_ERROR_INVALID_VALUE;
	}
	for (link = &g.params; *link != NULL && *link != param; link = &(*link)->next)
		;
	if (*link == NULL) {
		DOCA_LOG_ERR("doca_argp_param_destroy: %p is not a live param (destroyed already, "
		             "or freed by doca_argp_destroy); destroy each param once",
		             (void *)param);
		return DOCA_ERROR_INVALID_VALUE;
	}
	if (param->state == P_REGISTERED) {
		char f[80];

		DOCA_LOG_ERR("doca_argp_param_destroy: %s is registered and belongs to the parser; "
		             "doca_argp_destroy frees it",
		             flag_of(param, f, sizeof(f)));
		return DOCA_ERROR_BAD_STATE;
	}
	*link = param->next;
	param_free(param);
	return DOCA_SUCCESS;
}

static struct doca_argp_param *setter_enter(const char *fn, struct doca_argp_param *param)
{
	char f[80];

	if (param == NULL) {
		DOCA_LOG_ERR("%s: param is NULL; pass a param from doca_argp_param_create", fn);
		return NULL;
	}
	if (find_param(param) == NULL) {
		DOCA_LOG_ERR(
		        "%s: %p is not a live param (destroyed, or freed by doca_argp_destroy); "
		        "create one with doca_argp_param_create",
		        fn, (void *)param);
		return NULL;
	}
	if (param->state != P_CREATED) {
		DOCA_LOG_ERR("%s: %s was given to doca_argp_register_param already and cannot "
		             "change; set it before registering",
		             fn, flag_of(param, f, sizeof(f)));
		return NULL;
	}
	return param;
}

static void __attribute__((format(printf, 3, 4)))
note_problem(struct doca_argp_param *p, doca_error_t err, const char *format, ...)
{
	va_list ap;

	if (p->problem != DOCA_SUCCESS)
		return;
	p->problem = err;
	va_start(ap, format);
	vsnprintf(p->problem_text, sizeof(p->problem_text), format, ap);
	va_end(ap);
}

static const char *bad_name(const char *name)
{
	if (name == NULL)
		return "is NULL";
	if (name[0] == '\0')
		return "is empty";
	if (name[0] == '-')
		return "starts with '-' (give it without dashes)";
	for (const char *s = name; *s != '\0'; s++)
		if (!isgraph((unsigned char)*s) || *s == '=')
			return "contains a space, '=' or a control character";
	return NULL;
}

enum text_field { T_SHORT, T_LONG, T_ARGUMENTS, T_DESCRIPTION };

/* Replace a text field with a copy of 'text', or remember why not. */
static void set_text(const char *fn, struct doca_argp_param *param, enum text_field field,
                     const char *text)
{
	static const char *const what[] = {"short name", "long name", "arguments text",
	                                   "description"};
	struct doca_argp_param *p = setter_enter(fn, param);
	const char *why = NULL;
	char *copy, **slot;

	if (p == NULL)
		return;
	if (field == T_SHORT || field == T_LONG)
		why = bad_name(text);
	else if (text == NULL)
		why = "is NULL";
	else if (field == T_DESCRIPTION && text[0] == '\0')
		why = "is empty";
	if (why != NULL) {
		note_problem(p, DOCA_ERROR_INVALID_VALUE, "%s: the %s %s%s%s", fn, what[field], why,
		             text != NULL && text[0] != '\0' ? ": " : "", text != NULL ? text : "");
		return;
	}
	copy = strdup(text);
	if (copy == NULL) {
		note_problem(p, DOCA_ERROR_NO_MEMORY, "%s: out of memory copying the %s", fn,
		             what[field]);
		return;
	}
	slot = field == T_SHORT       ? &p->short_name
	       : field == T_LONG      ? &p->long_name
	       : field == T_ARGUMENTS ? &p->arguments
	                              : &p->description;
	free(*slot);
	*slot = copy;
}

DOCA_EXPERIMENTAL void doca_argp_param_set_short_name(struct doca_argp_param *param,
                                                      const char *name)
{
	set_text(__func__, param, T_SHORT, name);
}

DOCA_EXPERIMENTAL void doca_argp_param_set_long_name(struct doca_argp_param *param,
                                                     const char *name)
{
	set_text(__func__, param, T_LONG, name);
}

DOCA_EXPERIMENTAL void doca_argp_param_set_arguments(struct doca_argp_param *param,
                                                     const char *arguments)
{
	set_text(__func__, param, T_ARGUMENTS, arguments);
}

DOCA_EXPERIMENTAL void doca_argp_param_set_description(struct doca_argp_param *param,
                                                       const char *description)
{
	set_text(__func__, param, T_DESCRIPTION, description);
}

DOCA_EXPERIMENTAL void doca_argp_param_set_callback(struct doca_argp_param *param,
                                                    doca_argp_param_cb_t callback)
{
	struct doca_argp_param *p = setter_enter(__func__, param);

	if (p == NULL)
		return;
	if (callback == NULL)
		note_problem(p, DOCA_ERROR_INVALID_VALUE, "%s: the callback is NULL", __func__);
	else
		p->callback = callback;
}

DOCA_EXPERIMENTAL void doca_argp_param_set_type(struct doca_argp_param *param,
                                                enum doca_argp_type type)
{
	struct doca_argp_param *p = setter_enter(__func__, param);

	if (p == NULL)
		return;
	if (type <= DOCA_ARGP_TYPE_UNKNOWN || type > DOCA_ARGP_TYPE_DOUBLE)
		note_problem(p, DOCA_ERROR_INVALID_VALUE,
		             "%s: %d is not a doca_argp_type (STRING, INT, BOOLEAN, DEVICE, "
		             "DEVICE_REP or DOUBLE)",
		             __func__, (int)type);
	else
		p->type = type;
}

DOCA_EXPERIMENTAL void doca_argp_param_set_mandatory(struct doca_argp_param *param)
{
	struct doca_argp_param *p = setter_enter(__func__, param);

	if (p != NULL)
		p->mandatory = true;
}

DOCA_EXPERIMENTAL void doca_argp_param_set_cli_only(struct doca_argp_param *param)
{
	struct doca_argp_param *p = setter_enter(__func__, param);

	if (p != NULL)
		p->cli_only = true;
}

DOCA_EXPERIMENTAL void doca_argp_param_set_multiplicity(struct doca_argp_param *param)
{
	struct doca_argp_param *p = setter_enter(__func__, param);

	if (p != NULL)
		p->multi = true;
}

DOCA_EXPERIMENTAL void doca_argp_param_set_singular(struct doca_argp_param *param)
{
	struct doca_argp_param *p = setter_enter(__func__, param);

	if (p != NULL)
		p->singular = true;
}

DOCA_EXPERIMENTAL void doca_argp_param_set_inherited(struct doca_argp_param *param)
{
	struct doca_argp_param *p = setter_enter(__func__, param);

	if (p != NULL)
		p->inherited = true;
}

DOCA_EXPERIMENTAL void doca_argp_param_set_hidden(struct doca_argp_param *param)
{
	struct doca_argp_param *p = setter_enter(__func__, param);

	if (p != NULL)
		p->hidden = true;
}

static bool name_is(const char *name, const char *s, size_t len)
{
	return name != NULL && strlen(name) == len && memcmp(name, s, len) == 0;
}

static enum builtin builtin_named(const char *s, size_t len)
{
	for (size_t k = 0; k < sizeof(builtins) / sizeof(builtins[0]); k++)
		if (name_is(builtins[k].short_name, s, len) ||
		    name_is(builtins[k].long_name, s, len))
			return builtins[k].id;
	return B_NONE;
}

static struct doca_argp_param *registered_named(const char *s, size_t len)
{
	for (size_t k = 0; k < g.nregs; k++)
		if (name_is(g.regs[k]->short_name, s, len) || name_is(g.regs[k]->long_name, s, len))
			return g.regs[k];
	return NULL;
}

/* Which name of 'p' is taken already (by a built-in or a registered flag), or NULL. */
static const char *taken_name(const struct doca_argp_param *p, const char **by)
{
	const char *names[2] = {p->short_name, p->long_name};

	for (int k = 0; k < 2; k++) {
		struct doca_argp_param *q;

		if (names[k] == NULL)
			continue;
		if (builtin_named(names[k], strlen(names[k])) != B_NONE) {
			*by = "a built-in flag of the parser";
			return names[k];
		}
		q = registered_named(names[k], strlen(names[k]));
		if (q != NULL) {
			*by = "another registered flag";
			return names[k];
		}
	}
	return NULL;
}

static doca_error_t reject(struct doca_argp_param *p, doca_error_t err)
{
	p->state = P_REJECTED;
	return err;
}

DOCA_EXPERIMENTAL doca_error_t doca_argp_register_param(struct doca_argp_param *input_param)
{
	struct doca_argp_param *p = input_param, **regs;
	const char *missing = NULL, *name, *by = NULL;
	char f[80];

	if (p == NULL) {
		DOCA_LOG_ERR("doca_argp_register_param: input_param is NULL; pass a param from "
		             "doca_argp_param_create");
		return DOCA_ERROR_INVALID_VALUE;
	}
	if (g.state == G_NONE) {
		DOCA_LOG_ERR("doca_argp_register_param: the parser is not initialized; call "
		             "doca_argp_init, then create and register the param");
		return DOCA_ERROR_BAD_STATE;
	}
	if (find_param(p) == NULL) {
		DOCA_LOG_ERR("doca_argp_register_param: %p is not a live param; pass a param from "
		             "doca_argp_param_create",
		             (void *)p);
		return DOCA_ERROR_INVALID_VALUE;
	}
	flag_of(p, f, sizeof(f));
	if (p->state != P_CREATED) {
		DOCA_LOG_ERR("doca_argp_register_param: %s was given to doca_argp_register_param "
		             "already%s; register each param once",
		             f, p->state == P_REJECTED ? " (and refused)" : "");
		return DOCA_ERROR_BAD_STATE;
	}
	if (g.state != G_READY) {
		DOCA_LOG_ERR("doca_argp_register_param: %s comes after doca_argp_start; register "
		             "every flag before starting the parser",
		             f);
		return reject(p, DOCA_ERROR_BAD_STATE);
	}
	if (p->problem != DOCA_SUCCESS) {
		DOCA_LOG_ERR("doca_argp_register_param: %s: %s; fix that setter call", f,
		             p->problem_text);
		return reject(p, p->problem);
	}
	if (p->short_name == NULL && p->long_name == NULL)
		missing = "a name (doca_argp_param_set_short_name or _set_long_name)";
	else if (p->description == NULL)
		missing = "a description (doca_argp_param_set_description)";
	else if (p->callback == NULL)
		missing = "a callback (doca_argp_param_set_callback)";
	else if (p->type == DOCA_ARGP_TYPE_UNKNOWN)
		missing = "a type (doca_argp_param_set_type)";
	if (missing != NULL) {
		DOCA_LOG_ERR("doca_argp_register_param: %s lacks %s; set it before registering", f,
		             missing);
		return reject(p, DOCA_ERROR_INITIALIZATION);
	}
	name = taken_name(p, &by);
	if (name != NULL) {
		DOCA_LOG_ERR("doca_argp_register_param: %s: the name '%s' is taken by %s; choose "
		             "another name",
		             f, name, by);
		return reject(p, DOCA_ERROR_INVALID_VALUE);
	}
	regs = grow(g.regs, g.nregs, &g.cap_regs, sizeof(*regs));
	if (regs == NULL) {
		DOCA_LOG_ERR("doca_argp_register_param: out of memory registering %s; free memory "
		             "and retry",
		             f);
		return reject(p, DOCA_ERROR_NO_MEMORY);
	}
	g.regs = regs;
	g.regs[g.nregs++] = p;
	/* The JSON file knows flags only by their long name. */
	if (p->long_name == NULL)
		p->cli_only = true;
	p->state = P_REGISTERED;
	return DOCA_SUCCESS;
}

/* ---- usage ------------------------------------------------------------------------- */

static void usage_row(FILE *f, const char *s, const char *l, const char *args, const char *descr)
{
	int col = fprintf(f, "  ");

	if (s != NULL)
		col += fprintf(f, "-%s", s);
	if (s != NULL && l != NULL)
		col += fprintf(f, ", ");
	if (l != NULL)
		col += fprintf(f, "--%s", l);
	if (args != NULL && args[0] != '\0')
		col += fprintf(f, " %s", args);
	fprintf(f, "%*s%s\n", col < USAGE_COLUMN ? USAGE_COLUMN - col : 2, "", descr);
}

static void print_usage(FILE *f)
{
	fprintf(f, "Usage: %s %s[DOCA Flags] [Program Flags]\n\nDOCA Flags:\n", prog_name(),
	        g.dpdk_cb != NULL ? "[DPDK Flags] -- " : "");
	for (size_t k = 0; k < sizeof(builtins) / sizeof(builtins[0]); k++)
		usage_row(f, builtins[k].short_name, builtins[k].long_name, builtins[k].arguments,
		          builtins[k].description);
	fprintf(f, "\nProgram Flags:\n");
	for (size_t k = 0; k < g.nregs; k++) {
		const struct doca_argp_param *p = g.regs[k];

		if (!p->hidden)
			usage_row(f, p->short_name, p->long_name, p->arguments, p->description);
	}
	fflush(f);
}

DOCA_EXPERIMENTAL void doca_argp_usage(void)
{
	if (g.state == G_NONE) {
		DOCA_LOG_ERR("doca_argp_usage: the parser is not initialized; call doca_argp_init "
		             "and register the flags first");
		return;
	}
	print_usage(stdout);
}

/* ---- values ------------------------------------------------------------------------ */

static int parse_int(const char *s, int *out)
{
	long long v;
	char *end;

	if (s[0] == '\0' || isspace((unsigned char)s[0]))
		return -1;
	errno = 0;
	v = strtoll(s, &end, 10);
	if (end == s || *end != '\0')
		return -1;
	if (errno == ERANGE || v < INT_MIN || v > INT_MAX)
		return -2;
	*out = (int)v;
	return 0;
}

static int parse_double(const char *s, double *out)
{
	double v;
	char *end;

	if (s[0] == '\0' || isspace((unsigned char)s[0]))
		return -1;
	errno = 0;
	v = strtod(s, &end);
	if (end == s || *end != '\0')
		return -1;
	if (!isfinite(v))
		return -2;
	*out = v;
	return 0;
}

static bool occ_push(struct occ_list *l, const struct occ *o)
{
	struct occ *v = grow(l->v, l->n, &l->cap, sizeof(*v));

	if (v == NULL) {
		DOCA_LOG_ERR("doca_argp_start: out of memory reading the flags; free memory and "
		             "retry");
		return false;
	}
	l->v = v;
	l->v[l->n++] = *o;
	return true;
}

static doca_error_t devspec_check(const struct occ *o, const char *text);

/* Convert text the user typed for 'p' (shown as o->shown). */
static doca_error_t convert_text(struct occ *o, const char *text)
{
	int r;

	o->text = text;
	switch (o->p->type) {
	case DOCA_ARGP_TYPE_INT:
		r = parse_int(text, &o->i);
		if (r == -1) {
			user_error("%s: '%s' is not an integer; give a decimal number such as 42",
			           o->shown, text);
			return DOCA_ERROR_INVALID_VALUE;
		}
		if (r == -2) {
			user_error("%s: %s is out of range; give a value from %d to %d", o->shown,
			           text, INT_MIN, INT_MAX);
			return DOCA_ERROR_INVALID_VALUE;
		}
		return DOCA_SUCCESS;
	case DOCA_ARGP_TYPE_DOUBLE:
		r = parse_double(text, &o->d);
		if (r != 0) {
			user_error("%s: '%s' is not a %snumber; give one such as 2.5", o->shown,
			           text, r == -2 ? "finite " : "");
			return DOCA_ERROR_INVALID_VALUE;
		}
		return DOCA_SUCCESS;
	case DOCA_ARGP_TYPE_DEVICE:
	case DOCA_ARGP_TYPE_DEVICE_REP:
		return devspec_check(o, text);
	default:
		return DOCA_SUCCESS;
	}
}

static int parse_level(const char *text, int *out)
{
	int v;

	if (parse_int(text, &v) != 0 || v < 0 || doca_log_level_get_name((uint32_t)v) == NULL)
		return -1;
	*out = v;
	return 0;
}

/* ---- command line ------------------------------------------------------------------ */

static void run_free(struct run *r)
{
	free(r->cli.v);
	free(r->file.v);
	sdpa_json_free(r->json);
	memset(r, 0, sizeof(*r));
}

static void __attribute__((noreturn)) finish_exit(struct run *r)
{
	run_free(r);
	free_all();
	fflush(stdout);
	exit(EXIT_SUCCESS);
}

static doca_error_t do_version(struct run *r)
{
	doca_error_t err;
	bool on = true;

	if (g.version_cb == NULL) {
		printf("DOCA SDK     Version (Compilation): %s\n", SDPA_VERSION);
		printf("DOCA Runtime Version (Runtime):     %s\n", SDPA_VERSION);
		finish_exit(r);
	}
	err = g.version_cb(&on, g.config);
	if (err != DOCA_SUCCESS) {
		DOCA_LOG_ERR("doca_argp_start: the program's version callback returned %s; see its "
		             "own message",
		             doca_error_get_name(err));
		return err;
	}
	finish_exit(r);
}

/* Does 'tok' spell a flag this parser knows (so it cannot be another flag's value)? */
static bool is_flag(const char *tok)
{
	const char *name;
	size_t len;

	if (tok[0] != '-' || tok[1] == '\0')
		return false;
	name = tok + (tok[1] == '-' ? 2 : 1);
	len = strcspn(name, "=");
	return len > 0 &&
	       (builtin_named(name, len) != B_NONE || registered_named(name, len) != NULL);
}

static doca_error_t set_level(struct run *r, enum builtin b, int src, const char *shown,
                              const char *text, int value, bool from_text)
{
	bool *given = b == B_LOG ? &r->app_given[src] : &r->sdk_given[src];
	int *slot = b == B_LOG ? &r->app[src] : &r->sdk[src];

	if (from_text && parse_level(text, &value) != 0) {
		user_error("%s: '%s' is not a log level; give one of 10, 20, 30, 40, 50, 60, 70",
		           shown, text);
		return DOCA_ERROR_INVALID_VALUE;
	}
	if (!from_text && doca_log_level_get_name((uint32_t)value) == NULL) {
		user_error("%s: %d is not a log level; give one of 10, 20, 30, 40, 50, 60, 70",
		           shown, value);
		return DOCA_ERROR_INVALID_VALUE;
	}
	if (*given) {
		user_error("%s is given more than once; give it once", shown);
		return DOCA_ERROR_INVALID_VALUE;
	}
	*given = true;
	*slot = value;
	return DOCA_SUCCESS;
}

static doca_error_t scan_argv(struct run *r, int first, int end)
{
	for (int i = first; i < end; i++) {
		const char *tok = r->argv[i], *name, *value = NULL;
		struct doca_argp_param *p = NULL;
		enum builtin b = B_NONE;
		bool wants_value;
		struct occ o;
		size_t len;
		doca_error_t err;

		if (strcmp(tok, "--") == 0) {
			if (i + 1 < end) {
				user_error(
				        "unexpected argument '%s' after '--'; %s takes only flags",
				        r->argv[i + 1], prog_name());
				return DOCA_ERROR_INVALID_VALUE;
			}
			break;
		}
		if (tok[0] != '-' || tok[1] == '\0') {
			user_error(
			        "unexpected argument '%s'; %s takes only flags (is a flag missing "
			        "before it?)",
			        tok, prog_name());
			return DOCA_ERROR_INVALID_VALUE;
		}
		name = tok + (tok[1] == '-' ? 2 : 1);
		len = strcspn(name, "=");
		if (len > 0) {
			b = builtin_named(name, len);
			if (b == B_NONE)
				p = registered_named(name, len);
		}
		if (b == B_NONE && p == NULL) {
			/* "-p5" for "-p 5": getopt habits, which this parser does not share. */
			bool glued =
			        name == tok + 1 && len > 1 &&
			        (builtin_named(name, 1) != B_NONE || registered_named(name, 1));

			user_error("unknown flag '%.*s'; run '%s --help' for the flags it takes%s",
			           (int)(name - tok + len), tok, prog_name(),
			           glued ? " (put a space between a flag and its value)" : "");
			return DOCA_ERROR_NOT_SUPPORTED;
		}
		memset(&o, 0, sizeof(o));
		snprintf(o.shown, sizeof(o.shown), "'%.*s'", (int)(name - tok + len), tok);
		wants_value = p != NULL ? p->type != DOCA_ARGP_TYPE_BOOLEAN
		                        : (b == B_LOG || b == B_SDK_LOG || b == B_JSON);
		if (name[len] == '=') {
			if (!wants_value) {
				user_error("%s takes no value; write it alone", o.shown);
				return DOCA_ERROR_INVALID_VALUE;
			}
			value = name + len + 1;
		} else if (wants_value) {
			if (i + 1 >= end || is_flag(r->argv[i + 1])) {
				user_error("%s needs a value; write %s %s", o.shown, o.shown,
				           p != NULL && p->arguments != NULL ? p->arguments
				                                             : "<value>");
				return DOCA_ERROR_INVALID_VALUE;
			}
			value = r->argv[++i];
		}
		switch (b) {
		case B_HELP:
			print_usage(stdout);
			finish_exit(r);
		case B_VERSION:
			err = do_version(r);
			return err;
		case B_LOG:
		case B_SDK_LOG:
			err = set_level(r, b, 0, o.shown, value, 0, true);
			if (err != DOCA_SUCCESS)
				return err;
			continue;
		case B_JSON:
			if (r->json_path != NULL) {
				user_error("%s is given more than once; put every flag in one file",
				           o.shown);
				return DOCA_ERROR_INVALID_VALUE;
			}
			r->json_path = value;
			continue;
		case B_NONE:
			break;
		}
		if (p->cli_seen > 0 && !p->multi) {
			user_error("%s is given more than once; it takes a single value", o.shown);
			return DOCA_ERROR_INVALID_VALUE;
		}
		p->cli_seen++;
		o.p = p;
		o.b = true;
		if (value != NULL) {
			err = convert_text(&o, value);
			if (err != DOCA_SUCCESS)
				return err;
		}
		if (!occ_push(&r->cli, &o))
			return DOCA_ERROR_NO_MEMORY;
	}
	return DOCA_SUCCESS;
}

/* ---- JSON file --------------------------------------------------------------------- */

static doca_error_t read_file(const char *path, char **buf, size_t *len)
{
	struct stat st;
	FILE *fp = fopen(path, "rb");
	size_t got;

	if (fp == NULL) {
		user_error("cannot open the JSON file '%s': %s; check the path given to --json",
		           path, strerror(errno));
		return DOCA_ERROR_IO_FAILED;
	}
	if (fstat(fileno(fp), &st) != 0 || !S_ISREG(st.st_mode) || st.st_size > JSON_MAX_BYTES) {
		user_error("the JSON file '%s' is not a regular file of at most 1 MiB; give --json "
		           "a flags file",
		           path);
		fclose(fp);
		return DOCA_ERROR_IO_FAILED;
	}
	*buf = malloc((size_t)st.st_size + 1);
	if (*buf == NULL) {
		DOCA_LOG_ERR("doca_argp_start: out of memory reading '%s'; free memory and retry",
		             path);
		fclose(fp);
		return DOCA_ERROR_NO_MEMORY;
	}
	got = fread(*buf, 1, (size_t)st.st_size, fp);
	if (ferror(fp)) {
		user_error("cannot read the JSON file '%s'; check the file", path);
		fclose(fp);
		free(*buf);
		*buf = NULL;
		return DOCA_ERROR_IO_FAILED;
	}
	fclose(fp);
	*len = got;
	return DOCA_SUCCESS;
}

static doca_error_t convert_json(struct occ *o, const struct sdpa_json *v)
{
	const char *want = NULL;

	switch (o->p->type) {
	case DOCA_ARGP_TYPE_STRING:
	case DOCA_ARGP_TYPE_DEVICE:
	case DOCA_ARGP_TYPE_DEVICE_REP:
		if (v->type != SDPA_JSON_STRING)
			want = "a string";
		else
			return convert_text(o, v->s);
		break;
	case DOCA_ARGP_TYPE_INT:
		if (v->type != SDPA_JSON_NUMBER || !v->is_int) {
			want = "an integer";
		} else if (v->int_overflow || v->i < INT_MIN || v->i > INT_MAX) {
			user_error("%s: the value is out of range; give a value from %d to %d",
			           o->shown, INT_MIN, INT_MAX);
			return DOCA_ERROR_INVALID_VALUE;
		} else {
			o->i = (int)v->i;
			return DOCA_SUCCESS;
		}
		break;
	case DOCA_ARGP_TYPE_DOUBLE:
		if (v->type != SDPA_JSON_NUMBER || !isfinite(v->d)) {
			want = "a finite number";
		} else {
			o->d = v->d;
			return DOCA_SUCCESS;
		}
		break;
	case DOCA_ARGP_TYPE_BOOLEAN:
		if (v->type != SDPA_JSON_BOOL) {
			want = "true or false";
		} else {
			o->b = v->b;
			return DOCA_SUCCESS;
		}
		break;
	default:
		break;
	}
	user_error("%s must be %s, not %s; fix the file", o->shown, want ? want : "a value",
	           sdpa_json_type_name(v->type));
	return DOCA_ERROR_INVALID_VALUE;
}

static doca_error_t json_member(struct run *r, const char *key, const struct sdpa_json *v)
{
	char shown[96];
	struct doca_argp_param *p;
	enum builtin b;
	doca_error_t err;

	snprintf(shown, sizeof(shown), "'%s' (line %u of %s)", key, v->line, r->json_path);
	b = builtin_named(key, strlen(key));
	if (b == B_LOG || b == B_SDK_LOG) {
		if (v->type != SDPA_JSON_NUMBER || !v->is_int || v->int_overflow ||
		    v->i < INT_MIN || v->i > INT_MAX) {
			user_error("%s must be a log level (10..70), not %s; fix the file", shown,
			           sdpa_json_type_name(v->type));
			return DOCA_ERROR_INVALID_VALUE;
		}
		/* The command line wins over the file. */
		if (b == B_LOG ? r->app_given[0] : r->sdk_given[0])
			return DOCA_SUCCESS;
		return set_level(r, b, 1, shown, NULL, (int)v->i, false);
	}
	if (b != B_NONE) {
		user_error("%s: this flag works only on the command line; remove it from the file",
		           shown);
		return DOCA_ERROR_INVALID_VALUE;
	}
	p = NULL;
	for (size_t k = 0; k < g.nregs && p == NULL; k++)
		if (g.regs[k]->long_name != NULL && strcmp(g.regs[k]->long_name, key) == 0)
			p = g.regs[k];
	if (p == NULL) {
		if (g.lenient_json) {
			DOCA_LOG_DBG("doca_argp_start: ignoring unknown key %s", shown);
			return DOCA_SUCCESS;
		}
		user_error("unknown key %s; the keys are the long flag names (run '%s --help'), or "
		           "the program may call doca_argp_disable_pedantic_config_parsing",
		           shown, prog_name());
		return DOCA_ERROR_NOT_SUPPORTED;
	}
	if (p->cli_only) {
		user_error("%s: this flag works only on the command line; remove it from the file",
		           shown);
		return DOCA_ERROR_INVALID_VALUE;
	}
	if (v->type == SDPA_JSON_ARRAY && !p->multi) {
		user_error("%s takes a single value, not an array; fix the file", shown);
		return DOCA_ERROR_INVALID_VALUE;
	}
	if (p->file_seen > 0 && !p->multi) {
		user_error("%s is given more than once; it takes a single value", shown);
		return DOCA_ERROR_INVALID_VALUE;
	}
	for (size_t k = 0; k < (v->type == SDPA_JSON_ARRAY ? v->n : 1); k++) {
		const struct sdpa_json *item = v->type == SDPA_JSON_ARRAY ? &v->items[k] : v;
		struct occ o;

		p->file_seen++;
		/* The command line wins over the file: still type-checked, not used. */
		memset(&o, 0, sizeof(o));
		o.p = p;
		snprintf(o.shown, sizeof(o.shown), "'%s' (line %u of %s)", key, item->line,
		         r->json_path);
		err = convert_json(&o, item);
		if (err != DOCA_SUCCESS)
			return err;
		if (p->cli_seen == 0 && !occ_push(&r->file, &o))
			return DOCA_ERROR_NO_MEMORY;
	}
	return DOCA_SUCCESS;
}

static doca_error_t load_json(struct run *r)
{
	char err_text[160], *buf = NULL;
	size_t len = 0;
	doca_error_t err;
	enum sdpa_json_status st;

	err = read_file(r->json_path, &buf, &len);
	if (err != DOCA_SUCCESS)
		return err;
	st = sdpa_json_parse(buf, len, &r->json, err_text, sizeof(err_text));
	free(buf);
	if (st == SDPA_JSON_NOMEM) {
		DOCA_LOG_ERR("doca_argp_start: out of memory parsing '%s'; free memory and retry",
		             r->json_path);
		return DOCA_ERROR_NO_MEMORY;
	}
	if (st != SDPA_JSON_OK) {
		user_error("the JSON file '%s' is corrupt: %s; fix the file", r->json_path,
		           err_text);
		return DOCA_ERROR_IO_FAILED;
	}
	if (r->json->type != SDPA_JSON_OBJECT) {
		user_error("the JSON file '%s' holds %s; it must hold an object of flags, "
		           "{ \"long-name\": value, ... }",
		           r->json_path, sdpa_json_type_name(r->json->type));
		return DOCA_ERROR_INVALID_VALUE;
	}
	/* DOCA files group flags in sections; a flat object of flags works as well. */
	for (size_t k = 0; k < r->json->n; k++) {
		const char *key = r->json->keys[k];
		const struct sdpa_json *v = &r->json->items[k];

		if (strcmp(key, "doca_dpdk_flags") == 0) {
			r->json_dpdk_ignored = true;
			continue;
		}
		if (strcmp(key, "doca_general_flags") == 0 ||
		    strcmp(key, "doca_program_flags") == 0) {
			if (v->type != SDPA_JSON_OBJECT) {
				user_error(
				        "'%s' (line %u of %s) must be an object, not %s; fix the "
				        "file",
				        key, v->line, r->json_path, sdpa_json_type_name(v->type));
				return DOCA_ERROR_INVALID_VALUE;
			}
			for (size_t m = 0; m < v->n; m++) {
				err = json_member(r, v->keys[m], &v->items[m]);
				if (err != DOCA_SUCCESS)
					return err;
			}
			continue;
		}
		err = json_member(r, key, v);
		if (err != DOCA_SUCCESS)
			return err;
	}
	if (r->json_dpdk_ignored)
		user_msg(DOCA_LOG_LEVEL_WARNING,
		         "ignoring \"doca_dpdk_flags\" in '%s': softdpa does not pass the file's "
		         "DPDK flags to the DPDK callback; give them on the command line before "
		         "'--'",
		         r->json_path);
	return DOCA_SUCCESS;
}

/* ---- devices ----------------------------------------------------------------------- */

/*
 * A DEVICE value names a device, then optional devargs:
 *   pci/0000:03:00.0[,devargs]   03:00.0[,devargs]   aux/2[,devargs]   mlx5_0   p0
 * A DEVICE_REP value adds the representors after the device, as DPDK spells them:
 *   pci/0000:03:00.0,pf0vf0   ,vf0   ,pf0sf[0-1]   ,pf0vf[0,2-3]   ,[0-1] (VFs)
 * or, with no representor part, gives a representor's own PCI address (pci/0000:03:00.1).
 * A range or a list is one callback per representor, all with the same parent device.
 * aux/N is the SF device whose SF index (doca_devinfo_get_sf_index) is N.
 */

enum { REP_MAX = 256, REP_NAME = 40, DEVSPEC_WHY = 224 };

enum dev_form { DF_PCI, DF_AUX, DF_NAME };

struct devspec {
	char *copy; /* the value, cut into the pieces below; free it */
	enum dev_form form;
	const char *dev;     /* the PCI address, the name, or the aux index's digits */
	unsigned long aux;   /* DF_AUX */
	const char *rep;     /* DEVICE_REP: the representor part; NULL: 'dev' is the rep's PCI */
	const char *devargs; /* the rest, or NULL */
};

/* What a representor part expands to: names (pf0vf3, vf3) or one PCI address / name. */
struct rep_list {
	char (*names)[REP_NAME];
	size_t n;
	char kind[3];      /* "vf" or "sf" when every name is of one kind, else "" */
	unsigned long top; /* the highest index named, for the hint */
};

static bool is_pci_addr(const char *s)
{
	/* [DDDD:]BB:DD.F, hex */
	size_t n = strlen(s), k = 0;
	const char *pattern = n == 12 ? "xxxx:xx:xx.x" : n == 7 ? "xx:xx.x" : NULL;

	if (pattern == NULL)
		return false;
	for (; k < n; k++)
		if (pattern[k] == 'x' ? !isxdigit((unsigned char)s[k]) : s[k] != pattern[k])
			return false;
	return true;
}

/* "03:00.0" -> "0000:03:00.0", as SOFTDPA_DEVICES examples are written. */
static const char *full_pci(const char *addr, char *buf, size_t size)
{
	snprintf(buf, size, "%s%s", strlen(addr) == 7 ? "0000:" : "", addr);
	return buf;
}

/* The next comma outside brackets, or the end of the string. */
static char *next_comma(char *s)
{
	int depth = 0;

	for (; *s != '\0'; s++) {
		if (*s == '[')
			depth++;
		else if (*s == ']' && depth > 0)
			depth--;
		else if (*s == ',' && depth == 0)
			break;
	}
	return s;
}

static void devspec_free(struct devspec *s)
{
	free(s->copy);
	s->copy = NULL;
}

/* Cut a DEVICE (want_rep false) or DEVICE_REP value. On a bad value, 'why' says why. */
static bool devspec_parse(const char *text, bool want_rep, struct devspec *s, char *why,
                          size_t size)
{
	char *end, *p, *tail;

	memset(s, 0, sizeof(*s));
	s->copy = strdup(text);
	if (s->copy == NULL) {
		snprintf(why, size, "out of memory; free memory and retry");
		return false;
	}
	end = next_comma(s->copy);
	tail = *end == ',' ? end + 1 : NULL;
	*end = '\0';
	p = s->copy;
	if (strncmp(p, "pci/", 4) == 0) {
		s->form = DF_PCI;
		s->dev = p + 4;
		if (!is_pci_addr(s->dev)) {
			snprintf(
			        why, size,
			        "'%s' after 'pci/' is not a PCI address; write pci/0000:03:00.0 or "
			        "pci/03:00.0",
			        s->dev);
			return false;
		}
	} else if (strncmp(p, "aux/", 4) == 0) {
		char *e;

		s->form = DF_AUX;
		s->dev = p + 4;
		errno = 0;
		s->aux = strtoul(s->dev, &e, 10);
		if (!isdigit((unsigned char)s->dev[0]) || *e != '\0' || errno != 0) {
			snprintf(why, size,
			         "'%s' after 'aux/' is not an auxiliary device index; write "
			         "aux/2 for the SF whose index is 2",
			         s->dev);
			return false;
		}
	} else {
		s->form = is_pci_addr(p) ? DF_PCI : DF_NAME;
		s->dev = p;
		if (p[0] == '\0') {
			snprintf(why, size,
			         "the device is empty; name one such as pci/0000:03:00.0, aux/2 or "
			         "mlx5_0");
			return false;
		}
	}
	/* DEVICE_REP: the token after the device is the representor unless it is key=value. */
	if (want_rep && tail != NULL) {
		char *e = next_comma(tail);
		char after = *e;

		if (memchr(tail, '=', (size_t)(e - tail)) == NULL) {
			s->rep = tail;
			*e = '\0';
			tail = after == ',' ? e + 1 : NULL;
			if (s->rep[0] == '\0') {
				snprintf(why, size,
				         "the representor after ',' is empty; write "
				         "DEVICE,REPRESENTOR "
				         "such as pci/0000:03:00.0,pf0vf0");
				return false;
			}
		}
	}
	s->devargs = tail != NULL && tail[0] != '\0' ? tail : NULL;
	if (want_rep && s->rep == NULL && s->form != DF_PCI) {
		snprintf(why, size,
		         "'%s' names a device but no representor; write DEVICE,REPRESENTOR such as "
		         "pci/0000:03:00.0,pf0vf0, or give the representor's own PCI address",
		         s->dev);
		return false;
	}
	return true;
}

/* A number, or "[a,b-c,...]": the values in order (repeats kept, as DPDK does). */
static bool num_list(const char **pp, unsigned long *vals, size_t *n, size_t max)
{
	const char *p = *pp;
	bool bracket = *p == '[';

	*n = 0;
	if (bracket)
		p++;
	for (;;) {
		unsigned long a, b;
		char *e;

		if (!isdigit((unsigned char)*p))
			return false;
		a = strtoul(p, &e, 10);
		p = e;
		b = a;
		if (bracket && *p == '-') {
			p++;
			if (!isdigit((unsigned char)*p))
				return false;
			b = strtoul(p, &e, 10);
			p = e;
		}
		if (a > 65535 || b > 65535 || b < a || *n + (b - a + 1) > max)
			return false;
		for (unsigned long v = a; v <= b; v++)
			vals[(*n)++] = v;
		if (!bracket)
			break;
		if (*p == ']') {
			p++;
			break;
		}
		if (*p++ != ',')
			return false;
	}
	*pp = p;
	return true;
}

static void rep_list_free(struct rep_list *l)
{
	free(l->names);
	memset(l, 0, sizeof(*l));
}

/* Whole of 'spec' is [c<list>][pf<list>](vf|sf)<list>, or <list> alone (VFs). */
static bool rep_structured(const char *spec, unsigned long *pfs, size_t *np, unsigned long *idx,
                           size_t *ni, const char **kind, unsigned long *ctl)
{
	unsigned long ctls[REP_MAX];
	const char *p = spec;
	size_t nc = 0;

	*np = *ni = 0;
	*kind = "vf";
	*ctl = 0;
	if (p[0] == 'c' && (isdigit((unsigned char)p[1]) || p[1] == '[')) {
		p++;
		if (!num_list(&p, ctls, &nc, REP_MAX))
			return false;
		for (size_t k = 0; k < nc; k++)
			*ctl = ctls[k] > *ctl ? ctls[k] : *ctl;
	}
	if (strncmp(p, "pf", 2) == 0 && (isdigit((unsigned char)p[2]) || p[2] == '[')) {
		p += 2;
		if (!num_list(&p, pfs, np, REP_MAX))
			return false;
	}
	if (strncmp(p, "vf", 2) == 0 || strncmp(p, "sf", 2) == 0) {
		*kind = p[0] == 's' ? "sf" : "vf";
		p += 2;
	} else if (nc > 0 || *np > 0) {
		return false;
	}
	return num_list(&p, idx, ni, REP_MAX) && *p == '\0';
}

static bool plain_name(const char *s)
{
	for (; *s != '\0'; s++)
		if (!isalnum((unsigned char)*s) && strchr("_.:-", *s) == NULL)
			return false;
	return true;
}

/* Expand a representor part into names (pf0vf3, vf3), or keep one PCI address or name. */
static bool rep_expand(const char *spec, struct rep_list *l, char *why, size_t size)
{
	unsigned long pfs[REP_MAX], idx[REP_MAX], ctl;
	size_t np, ni, total;
	const char *kind;

	memset(l, 0, sizeof(*l));
	if (!rep_structured(spec, pfs, &np, idx, &ni, &kind, &ctl)) {
		if (strchr(spec, '[') != NULL || !plain_name(spec) || strlen(spec) >= REP_NAME) {
			snprintf(why, size,
			         "'%s' is not a representor; write pf0vf0, vf0, a range "
			         "pf0sf[0-1], a "
			         "list pf0vf[0,2-3] (at most %d) or the representor's PCI address",
			         spec, REP_MAX);
			return false;
		}
		l->names = calloc(1, sizeof(*l->names));
		if (l->names == NULL)
			goto nomem;
		snprintf(l->names[0], REP_NAME, "%s", spec);
		l->n = 1;
		return true;
	}
	if (ctl != 0) {
		snprintf(
		        why, size,
		        "'%s' names controller c%lu; softdpa emulates one host, controller 0: drop "
		        "the c%lu",
		        spec, ctl, ctl);
		return false;
	}
	total = (np > 0 ? np : 1) * ni;
	if (total > REP_MAX) {
		snprintf(why, size, "'%s' names more than %d representors; split it", spec,
		         REP_MAX);
		return false;
	}
	l->names = calloc(total, sizeof(*l->names));
	if (l->names == NULL)
		goto nomem;
	snprintf(l->kind, sizeof(l->kind), "%s", kind);
	for (size_t a = 0; a < (np > 0 ? np : 1); a++) {
		for (size_t b = 0; b < ni; b++) {
			char pf[16] = "";

			if (np > 0)
				snprintf(pf, sizeof(pf), "pf%lu", pfs[a]);
			snprintf(l->names[l->n++], REP_NAME, "%s%s%lu", pf, kind, idx[b]);
			if (idx[b] > l->top)
				l->top = idx[b];
		}
	}
	return true;
nomem:
	snprintf(why, size, "out of memory; free memory and retry");
	return false;
}

/* Checked while reading the command line, before any callback runs. */
static doca_error_t devspec_check(const struct occ *o, const char *text)
{
	struct devspec s;
	struct rep_list l;
	char why[DEVSPEC_WHY];
	bool ok;

	ok = devspec_parse(text, o->p->type == DOCA_ARGP_TYPE_DEVICE_REP, &s, why, sizeof(why));
	if (ok && s.rep != NULL) {
		ok = rep_expand(s.rep, &l, why, sizeof(why));
		rep_list_free(&l);
	}
	devspec_free(&s);
	if (!ok) {
		user_error("%s: %s", o->shown, why);
		return DOCA_ERROR_INVALID_VALUE;
	}
	return DOCA_SUCCESS;
}

/* The devices doca_argp_start hands out: one list, so that the same device named twice
 * gives the same doca_dev (doca_dev_open counts opens of one devinfo). */
static doca_error_t devlist_get(void)
{
	doca_error_t err;

	if (g.devlist != NULL)
		return DOCA_SUCCESS;
	err = doca_devinfo_create_list(&g.devlist, &g.ndev);
	if (err != DOCA_SUCCESS) {
		g.devlist = NULL;
		DOCA_LOG_ERR("doca_argp_start: cannot list the devices (%s); see the line above",
		             doca_error_get_name(err));
	}
	return err;
}

static void devlist_put(void)
{
	if (g.devlist != NULL)
		(void)doca_devinfo_destroy_list(g.devlist);
	g.devlist = NULL;
	g.ndev = 0;
}

static bool func_type_is(struct doca_devinfo *info, enum doca_pci_func_type want)
{
	enum doca_pci_func_type type;

	return doca_devinfo_get_pci_func_type(info, &type) == DOCA_SUCCESS && type == want;
}

static struct doca_devinfo *find_device(const struct devspec *s)
{
	for (uint32_t k = 0; k < g.ndev; k++) {
		struct doca_devinfo *info = g.devlist[k];
		char name[DOCA_DEVINFO_IFACE_NAME_SIZE];
		uint32_t sf = 0;
		uint8_t eq = 0;

		switch (s->form) {
		case DF_PCI:
			if (doca_devinfo_is_equal_pci_addr(info, s->dev, &eq) == DOCA_SUCCESS && eq)
				return info;
			break;
		case DF_AUX:
			if (func_type_is(info, DOCA_PCI_FUNC_TYPE_SF) &&
			    doca_devinfo_get_sf_index(info, &sf) == DOCA_SUCCESS && sf == s->aux)
				return info;
			break;
		case DF_NAME:
			if (doca_devinfo_get_ibdev_name(info, name, DOCA_DEVINFO_IBDEV_NAME_SIZE) ==
			            DOCA_SUCCESS &&
			    strcmp(name, s->dev) == 0)
				return info;
			if (doca_devinfo_get_iface_name(info, name, sizeof(name)) == DOCA_SUCCESS &&
			    strcmp(name, s->dev) == 0)
				return info;
			break;
		}
	}
	return NULL;
}

/* ",reps=N,rep_type=sf" for a hint, from what the representor part asks for. */
static void reps_hint(const struct rep_list *l, char *buf, size_t size)
{
	buf[0] = '\0';
	if (l != NULL && l->kind[0] != '\0')
		snprintf(buf, size, ",reps=%lu%s", l->top + 1,
		         strcmp(l->kind, "sf") == 0 ? ",rep_type=sf" : "");
}

/* The device part of a value as the user wrote it ("pci/08:00.0" of "pci/08:00.0,x=1"). */
static const char *dev_written(const struct occ *o, char *buf, size_t size)
{
	snprintf(buf, size, "%.*s", (int)strcspn(o->text, ","), o->text);
	return buf;
}

/* One line: which device is missing, and how to make softdpa emulate it. */
static void no_device(const struct occ *o, const struct devspec *s, const struct rep_list *l)
{
	char pci[16], reps[48], dev[64];

	reps_hint(l, reps, sizeof(reps));
	dev_written(o, dev, sizeof(dev));
	switch (s->form) {
	case DF_PCI:
		full_pci(s->dev, pci, sizeof(pci));
		user_error(
		        "%s: no device '%s' (PCI address %s) in the emulated machine; softdpa "
		        "emulates the devices SOFTDPA_DEVICES lists: add it with "
		        "SOFTDPA_DEVICES='pci=%s%s' (docs/DEVICES.md; 'softdpa caps' lists them)",
		        o->shown, dev, pci, pci, reps);
		break;
	case DF_AUX:
		if (s->aux >= 16) {
			user_error(
			        "%s: no device '%s': softdpa's aux/N is the SF device at position "
			        "N of SOFTDPA_DEVICES, which holds at most 16 entries; use aux/0 "
			        "to aux/15 (docs/DEVICES.md)",
			        o->shown, dev);
			break;
		}
		user_error(
		        "%s: no device '%s' in the emulated machine: softdpa's aux/N is the SF "
		        "device at position N of SOFTDPA_DEVICES (its SF index); make entry %lu "
		        "'type=sf', e.g. SOFTDPA_DEVICES='%s%.*stype=sf' (docs/DEVICES.md)",
		        o->shown, dev, s->aux, s->aux > 0 ? "model=bf3;" : "",
		        (int)(s->aux > 1 ? (s->aux - 1) * 8 : 0),
		        "type=vf;type=vf;type=vf;type=vf;type=vf;type=vf;type=vf;type=vf;type=vf;"
		        "type=vf;type=vf;type=vf;type=vf;type=vf;");
		break;
	case DF_NAME:
		user_error(
		        "%s: no device '%s' in the emulated machine; name one by PCI address "
		        "(pci/0000:03:00.0), RDMA name (mlx5_0) or interface ('softdpa caps' lists "
		        "them), or add it with SOFTDPA_DEVICES='ibdev=%s%s' (docs/DEVICES.md)",
		        o->shown, dev, s->dev, reps);
		break;
	}
}

/* Open what the program's device-open callback or doca_dev_open gives for 'info'. */
static doca_error_t open_info(const struct occ *o, struct doca_devinfo *info, struct doca_dev **dev)
{
	doca_error_t err;

	if (g.dev_open_cb == NULL)
		return doca_dev_open(info, dev);
	*dev = NULL;
	err = g.dev_open_cb(info, g.dev_open_ctx, dev);
	if (err == DOCA_SUCCESS && *dev == NULL)
		err = DOCA_ERROR_UNEXPECTED;
	if (err != DOCA_SUCCESS)
		DOCA_LOG_ERR("doca_argp_start: %s: the program's device open callback failed for "
		             "'%s' (%s); see its own message",
		             o->shown, o->text, doca_error_get_name(err));
	return err;
}

/* "pf0vf0", the representor's PCI address, or "vf0" for pf<N>vf0 of that device. */
static bool rep_matches(struct doca_devinfo_rep *rep, const char *want)
{
	char iface[DOCA_DEVINFO_IFACE_NAME_SIZE];
	size_t il, wl = strlen(want);
	uint8_t eq = 0;

	if (is_pci_addr(want))
		return doca_devinfo_rep_is_equal_pci_addr(rep, want, &eq) == DOCA_SUCCESS && eq;
	if (doca_devinfo_rep_get_iface_name(rep, iface, sizeof(iface)) != DOCA_SUCCESS)
		return false;
	if (strcmp(iface, want) == 0)
		return true;
	il = strlen(iface);
	if (il <= wl || strncmp(iface, "pf", 2) != 0 || strcmp(iface + il - wl, want) != 0)
		return false;
	for (size_t k = 2; k < il - wl; k++)
		if (!isdigit((unsigned char)iface[k]))
			return false;
	return true;
}

/* The PF that has a representor at PCI address 'addr' (for a DEVICE_REP value without a
 * representor part). Probes with doca_dev_open: the program's open callback is for the
 * device it gets. */
static struct doca_devinfo *find_rep_owner(const char *addr)
{
	for (uint32_t k = 0; k < g.ndev; k++) {
		struct doca_devinfo_rep **reps = NULL;
		struct doca_dev *dev = NULL;
		uint32_t n = 0;
		bool found = false;

		if (!func_type_is(g.devlist[k], DOCA_PCI_FUNC_TYPE_PF) ||
		    doca_dev_open(g.devlist[k], &dev) != DOCA_SUCCESS)
			continue;
		if (doca_devinfo_rep_create_list(dev, DOCA_DEVINFO_REP_FILTER_NET, &reps, &n) ==
		    DOCA_SUCCESS) {
			for (uint32_t r = 0; r < n && !found; r++)
				found = rep_matches(reps[r], addr);
			doca_devinfo_rep_destroy_list(reps);
		}
		(void)doca_dev_close(dev);
		if (found)
			return g.devlist[k];
	}
	return NULL;
}

/* Find the device of a DEVICE or DEVICE_REP value, before any flag callback runs. */
static doca_error_t resolve_device(struct occ *o)
{
	bool want_rep = o->p->type == DOCA_ARGP_TYPE_DEVICE_REP;
	struct devspec s;
	struct rep_list l = {0};
	char why[DEVSPEC_WHY];
	doca_error_t err = DOCA_SUCCESS;

	if (!devspec_parse(o->text, want_rep, &s, why, sizeof(why)) ||
	    (s.rep != NULL && !rep_expand(s.rep, &l, why, sizeof(why)))) {
		user_error("%s: %s", o->shown, why); /* checked already: out of memory */
		err = DOCA_ERROR_NO_MEMORY;
	} else if (want_rep && s.rep == NULL) {
		o->info = find_rep_owner(s.dev);
		if (o->info == NULL && find_device(&s) != NULL) {
			/* A PF given where a representor is expected: on a multi-port e-switch
			 * (mpesw) the second PF is a representor of the first; softdpa's
			 * switches are one per PF (docs/DESIGN_DECISIONS.md D12). */
			user_error("%s: PF %s as a representor (a multi-port e-switch) is not "
			           "supported by softdpa; name a representor of a PF, such as "
			           "pci/0000:03:00.0,pf0vf0",
			           o->shown, s.dev);
			err = DOCA_ERROR_NOT_SUPPORTED;
		} else if (o->info == NULL) {
			user_error("%s: no representor has PCI address %s in the emulated machine "
			           "(a PF's own address names the PF, not a representor); write "
			           "DEVICE,REPRESENTOR such as pci/0000:03:00.0,pf0vf0, or a "
			           "representor's address ('softdpa caps' lists them)",
			           o->shown, s.dev);
			err = DOCA_ERROR_INVALID_VALUE;
		}
	} else {
		o->info = find_device(&s);
		if (o->info == NULL) {
			no_device(o, &s, s.rep != NULL ? &l : NULL);
			err = DOCA_ERROR_INVALID_VALUE;
		} else if (want_rep && !func_type_is(o->info, DOCA_PCI_FUNC_TYPE_PF)) {
			char dev[64];

			user_error("%s: '%s' is not a PF, so it has no representors; name a PF "
			           "('softdpa caps' lists them)",
			           o->shown, dev_written(o, dev, sizeof(dev)));
			err = DOCA_ERROR_INVALID_VALUE;
		}
	}
	rep_list_free(&l);
	devspec_free(&s);
	return err;
}

/* devargs outlive the callback (programs keep the pointer): owned by the instance. */
static doca_error_t keep_devargs(const char *devargs, const char **out)
{
	char *copy, **kept;

	*out = NULL;
	if (devargs == NULL || devargs[0] == '\0')
		return DOCA_SUCCESS;
	copy = strdup(devargs);
	kept = copy != NULL ? grow(g.kept, g.nkept, &g.cap_kept, sizeof(*kept)) : NULL;
	if (kept != NULL) {
		g.kept = kept;
		g.kept[g.nkept++] = copy;
	} else {
		free(copy);
		DOCA_LOG_ERR("doca_argp_start: out of memory keeping device arguments; free memory "
		             "and retry");
		return DOCA_ERROR_NO_MEMORY;
	}
	*out = copy;
	return DOCA_SUCCESS;
}

/* The representors 'l' names on 'dev', all found before any is opened. */
static doca_error_t find_reps(const struct occ *o, const struct devspec *s, struct doca_dev *dev,
                              const struct rep_list *l, struct doca_devinfo_rep ***list,
                              struct doca_devinfo_rep **found)
{
	char have[160] = "", pci[16], hint[48], name[DOCA_DEVINFO_IFACE_NAME_SIZE];
	char fix[160], pf_have[16] = "";
	uint32_t n = 0;
	doca_error_t err;

	err = doca_devinfo_rep_create_list(dev, DOCA_DEVINFO_REP_FILTER_NET, list, &n);
	if (err != DOCA_SUCCESS) {
		DOCA_LOG_ERR("doca_argp_start: %s: cannot list the representors of '%s' (%s); see "
		             "the line above",
		             o->shown, s->dev, doca_error_get_name(err));
		return err;
	}
	for (size_t w = 0; w < l->n; w++) {
		found[w] = NULL;
		for (uint32_t k = 0; k < n && found[w] == NULL; k++)
			if (rep_matches((*list)[k], l->names[w]))
				found[w] = (*list)[k];
		if (found[w] != NULL)
			continue;
		/* Not there: say what the device has, and what would create the one named. */
		for (uint32_t k = 0; k < n; k++) {
			size_t len = strlen(have);

			if (doca_devinfo_rep_get_iface_name((*list)[k], name, sizeof(name)) !=
			    DOCA_SUCCESS)
				continue;
			if (k == 0)
				snprintf(pf_have, sizeof(pf_have), "%.*s",
				         (int)(strncmp(name, "pf", 2) == 0
				                       ? 2 + strspn(name + 2, "0123456789")
				                       : 0),
				         name);
			if (len + strlen(name) + 7 < sizeof(have))
				snprintf(have + len, sizeof(have) - len, "%s%s", len ? ", " : "",
				         name);
			else if (strstr(have, ", ...") == NULL)
				snprintf(have + len, sizeof(have) - len, ", ...");
		}
		if (doca_devinfo_get_pci_addr_str(doca_dev_as_devinfo(dev), pci) != DOCA_SUCCESS)
			snprintf(pci, sizeof(pci), "%s", s->dev);
		reps_hint(l, hint, sizeof(hint));
		if (hint[0] == '\0')
			snprintf(fix, sizeof(fix), "name one of those");
		else if (pf_have[0] != '\0' && strncmp(l->names[w], "pf", 2) == 0 &&
		         strncmp(l->names[w], pf_have, strlen(pf_have)) != 0)
			snprintf(fix, sizeof(fix),
			         "softdpa names a PF's representors after the PF's position in "
			         "SOFTDPA_DEVICES (%s...): write %s or move the device",
			         pf_have, pf_have);
		else
			snprintf(fix, sizeof(fix), "give it more with SOFTDPA_DEVICES='pci=%s%s'",
			         pci, hint);
		user_error("%s: device %s has no representor '%s' (it has %s); %s "
		           "(docs/DEVICES.md; 'softdpa caps' lists them)",
		           o->shown, pci, l->names[w], n > 0 ? have : "none", fix);
		doca_devinfo_rep_destroy_list(*list);
		*list = NULL;
		return DOCA_ERROR_INVALID_VALUE;
	}
	return DOCA_SUCCESS;
}

/* ---- callbacks --------------------------------------------------------------------- */

static void describe(const struct occ *o, char *buf, size_t size)
{
	switch (o->p->type) {
	case DOCA_ARGP_TYPE_INT:
		snprintf(buf, size, "%d", o->i);
		break;
	case DOCA_ARGP_TYPE_DOUBLE:
		snprintf(buf, size, "%g", o->d);
		break;
	case DOCA_ARGP_TYPE_BOOLEAN:
		snprintf(buf, size, "%s", o->b ? "true" : "false");
		break;
	default:
		snprintf(buf, size, "'%s'", o->text);
		break;
	}
}

/* DEVICE: open the device and call the callback, which owns the open on SUCCESS. */
static doca_error_t call_device(const struct occ *o, const struct devspec *s, bool *called)
{
	struct doca_argp_device_ctx ctx = {NULL, NULL};
	doca_error_t err;

	err = keep_devargs(s->devargs, &ctx.devargs);
	if (err == DOCA_SUCCESS)
		err = open_info(o, o->info, &ctx.dev);
	if (err != DOCA_SUCCESS)
		return err;
	*called = true;
	err = o->p->callback(&ctx, g.config);
	if (err != DOCA_SUCCESS)
		(void)doca_dev_close(ctx.dev);
	return err;
}

/* DEVICE_REP: open the parent (kept by the parser until destroy), then call the callback
 * once per representor named, each of which the callback owns on SUCCESS. */
static doca_error_t call_reps(const struct occ *o, const struct devspec *s, bool *called)
{
	struct doca_argp_device_rep_ctx ctx = {{NULL, NULL}, NULL};
	struct doca_devinfo_rep **list = NULL, **found = NULL;
	struct rep_list l = {0};
	struct doca_dev **parents;
	char why[DEVSPEC_WHY];
	doca_error_t err;
	size_t given = 0;

	if (s->rep != NULL ? !rep_expand(s->rep, &l, why, sizeof(why))
	                   : !rep_expand(s->dev, &l, why, sizeof(why))) {
		DOCA_LOG_ERR("doca_argp_start: %s: %s", o->shown, why);
		return DOCA_ERROR_NO_MEMORY;
	}
	found = calloc(l.n, sizeof(*found));
	/* realloc may have moved the array (the old one is then gone): keep the new one at
	 * once, whatever happens next */
	parents = grow(g.parents, g.nparents, &g.cap_parents, sizeof(*parents));
	if (parents != NULL)
		g.parents = parents;
	if (found == NULL || parents == NULL) {
		DOCA_LOG_ERR("doca_argp_start: out of memory opening %s; free memory and retry",
		             o->shown);
		err = DOCA_ERROR_NO_MEMORY;
		goto out;
	}
	err = keep_devargs(s->devargs, &ctx.dev_ctx.devargs);
	if (err == DOCA_SUCCESS)
		err = open_info(o, o->info, &ctx.dev_ctx.dev);
	if (err != DOCA_SUCCESS)
		goto out;
	err = find_reps(o, s, ctx.dev_ctx.dev, &l, &list, found);
	if (err != DOCA_SUCCESS) {
		(void)doca_dev_close(ctx.dev_ctx.dev);
		goto out;
	}
	/* The parser keeps this open of the parent: the program owns only the representors. */
	g.parents[g.nparents++] = ctx.dev_ctx.dev;
	for (size_t k = 0; k < l.n; k++) {
		err = doca_dev_rep_open(found[k], &ctx.dev_rep);
		if (err != DOCA_SUCCESS) {
			DOCA_LOG_ERR(
			        "doca_argp_start: %s: cannot open representor '%s' (%s); see the "
			        "line above",
			        o->shown, l.names[k], doca_error_get_name(err));
			break;
		}
		*called = true;
		err = o->p->callback(&ctx, g.config);
		if (err != DOCA_SUCCESS) {
			(void)doca_dev_rep_close(ctx.dev_rep);
			break;
		}
		given++;
		if (g.destroy_pending)
			break;
	}
	if (given == 0) { /* no representor reached the program: nor does the parent */
		g.nparents--;
		(void)doca_dev_close(ctx.dev_ctx.dev);
	}
out:
	if (list != NULL)
		doca_devinfo_rep_destroy_list(list);
	free(found);
	rep_list_free(&l);
	return err;
}

/* Open what a DEVICE(_REP) value names and call the callback; *called says whether it ran
 * (when it did not, the failure is logged already). */
static doca_error_t call_devices(const struct occ *o, bool *called)
{
	struct devspec s;
	char why[DEVSPEC_WHY];
	doca_error_t err;

	if (!devspec_parse(o->text, o->p->type == DOCA_ARGP_TYPE_DEVICE_REP, &s, why,
	                   sizeof(why))) {
		DOCA_LOG_ERR("doca_argp_start: %s: %s", o->shown, why); /* out of memory */
		devspec_free(&s);
		return DOCA_ERROR_NO_MEMORY;
	}
	err = o->p->type == DOCA_ARGP_TYPE_DEVICE ? call_device(o, &s, called)
	                                          : call_reps(o, &s, called);
	devspec_free(&s);
	return err;
}

static doca_error_t call_one(const struct occ *o)
{
	doca_error_t err;
	char value[96], *copy;
	bool called = false;
	int i = o->i;
	double d = o->d;
	bool b = o->b;

	switch (o->p->type) {
	case DOCA_ARGP_TYPE_STRING:
		/* The callback gets its own copy: argv and the parsed file stay intact. */
		copy = strdup(o->text);
		if (copy == NULL) {
			DOCA_LOG_ERR("doca_argp_start: out of memory passing %s; free memory and "
			             "retry",
			             o->shown);
			return DOCA_ERROR_NO_MEMORY;
		}
		err = o->p->callback(copy, g.config);
		free(copy);
		break;
	case DOCA_ARGP_TYPE_INT:
		err = o->p->callback(&i, g.config);
		break;
	case DOCA_ARGP_TYPE_DOUBLE:
		err = o->p->callback(&d, g.config);
		break;
	case DOCA_ARGP_TYPE_BOOLEAN:
		err = o->p->callback(&b, g.config);
		break;
	default:
		err = call_devices(o, &called);
		if (!called)
			return err;
		break;
	}
	if (g.destroy_pending) {
		DOCA_LOG_ERR(
		        "doca_argp_start: the callback of %s called doca_argp_destroy; parsing "
		        "stopped there (destroy after doca_argp_start returns)",
		        o->shown);
		return DOCA_ERROR_BAD_STATE;
	}
	if (err != DOCA_SUCCESS) {
		describe(o, value, sizeof(value));
		DOCA_LOG_ERR("doca_argp_start: the program's callback for %s refused %s (%s); see "
		             "its own message",
		             o->shown, value, doca_error_get_name(err));
	}
	return err;
}

static doca_error_t check_given(void)
{
	const struct doca_argp_param *single = NULL;
	size_t distinct = 0;
	char f[80];

	for (size_t k = 0; k < g.nregs; k++) {
		const struct doca_argp_param *p = g.regs[k];

		if (p->cli_seen + p->file_seen == 0)
			continue;
		distinct++;
		if (p->singular && single == NULL)
			single = p;
	}
	if (single != NULL) {
		if (distinct > 1) {
			user_error("%s must be the only flag of the program given; drop the others",
			           flag_of(single, f, sizeof(f)));
			return DOCA_ERROR_INVALID_VALUE;
		}
		return DOCA_SUCCESS;
	}
	for (size_t k = 0; k < g.nregs; k++) {
		const struct doca_argp_param *p = g.regs[k];

		if (p->mandatory && p->cli_seen + p->file_seen == 0) {
			user_error("missing mandatory flag %s (%s); add it to the command line%s",
			           flag_of(p, f, sizeof(f)), p->description,
			           p->cli_only ? "" : " or the JSON file");
			return DOCA_ERROR_INVALID_VALUE;
		}
	}
	return DOCA_SUCCESS;
}

static void apply_levels(const struct run *r)
{
	for (int src = 0; src < 2; src++) {
		if (r->app_given[src]) {
			levels.app_given = true;
			levels.app = r->app[src];
		}
		if (r->sdk_given[src]) {
			levels.sdk_given = true;
			levels.sdk = r->sdk[src];
		}
	}
	/* Both values were checked against the DOCA levels already. -l is the most verbose
	 * level the program prints: DOCA's lower limit. */
	if (levels.app_given)
		(void)doca_log_level_set_global_lower_limit((uint32_t)levels.app);
	if (levels.sdk_given)
		(void)doca_log_level_set_global_sdk_limit((uint32_t)levels.sdk);
}

static doca_error_t parse_all(struct run *r)
{
	int first = 1, end = r->argc;
	doca_error_t err;

	/* DOCA's layout for DPDK programs: [EAL flags] -- [DOCA and program flags]. Without
	 * "--" every word is the parser's and the EAL gets no flags. */
	if (g.dpdk_cb != NULL) {
		for (int i = 1; i < r->argc; i++) {
			if (strcmp(r->argv[i], "--") == 0) {
				r->eal_n = i - 1;
				first = i + 1;
				break;
			}
		}
	}
	err = scan_argv(r, first, end);
	if (err == DOCA_SUCCESS && r->json_path != NULL)
		err = load_json(r);
	if (err == DOCA_SUCCESS)
		err = check_given();
	if (err == DOCA_SUCCESS)
		apply_levels(r);
	return err;
}

/* Once the command line is read, the program's DPDK callback gets argv[0] and the EAL
 * flags (the array lives until doca_argp_destroy, as DOCA documents). */
static doca_error_t call_dpdk(const struct run *r)
{
	char **argv = calloc((size_t)r->eal_n + 2, sizeof(*argv));
	doca_error_t err;

	if (argv == NULL) {
		DOCA_LOG_ERR("doca_argp_start: out of memory copying the DPDK flags; free memory "
		             "and retry");
		return DOCA_ERROR_NO_MEMORY;
	}
	g.dpdk_argv = argv;
	for (int k = 0; k <= r->eal_n; k++) {
		argv[k] = strdup(r->argv[k]);
		if (argv[k] == NULL) {
			DOCA_LOG_ERR("doca_argp_start: out of memory copying the DPDK flags; free "
			             "memory and retry");
			return DOCA_ERROR_NO_MEMORY;
		}
		g.dpdk_argc = k + 1;
	}
	/* softdpa's own EAL options: no hugepages, no root, its ports (core/dpdk_eal.h) */
	err = sdpa_dpdk_eal_extend(&g.dpdk_argc, &g.dpdk_argv);
	if (err != DOCA_SUCCESS)
		return err;
	DOCA_LOG_DBG("doca_argp_start: calling the program's DPDK callback with %d EAL flag(s), "
	             "%d of them softdpa's",
	             g.dpdk_argc - 1, g.dpdk_argc - 1 - r->eal_n);
	err = g.dpdk_cb(g.dpdk_argc, g.dpdk_argv);
	if (g.destroy_pending) {
		DOCA_LOG_ERR("doca_argp_start: the DPDK callback called doca_argp_destroy; destroy "
		             "after doca_argp_start returns");
		return DOCA_ERROR_BAD_STATE;
	}
	if (err != DOCA_SUCCESS)
		DOCA_LOG_ERR("doca_argp_start: the program's DPDK callback refused the EAL flags "
		             "(%d given before '--'%s%s%s) with %s; see its own message",
		             r->eal_n, r->eal_n > 0 ? ", first '" : "",
		             r->eal_n > 0 ? r->argv[1] : "", r->eal_n > 0 ? "'" : "",
		             doca_error_get_name(err));
	return err;
}

/* Find every device the values name before any flag callback runs. */
static doca_error_t resolve_devices(struct run *r)
{
	struct occ_list *lists[2] = {&r->file, &r->cli};
	doca_error_t err;

	for (int l = 0; l < 2; l++) {
		for (size_t k = 0; k < lists[l]->n; k++) {
			struct occ *o = &lists[l]->v[k];

			if (o->p->type != DOCA_ARGP_TYPE_DEVICE &&
			    o->p->type != DOCA_ARGP_TYPE_DEVICE_REP)
				continue;
			err = devlist_get();
			if (err == DOCA_SUCCESS)
				err = resolve_device(o);
			if (err != DOCA_SUCCESS)
				return err;
		}
	}
	return DOCA_SUCCESS;
}

static doca_error_t run_callbacks(struct run *r)
{
	const struct occ_list *lists[2] = {&r->file, &r->cli};
	doca_error_t err;

	for (int l = 0; l < 2; l++) {
		for (size_t k = 0; k < lists[l]->n; k++) {
			err = call_one(&lists[l]->v[k]);
			if (err != DOCA_SUCCESS)
				return err;
		}
	}
	if (g.validation_cb != NULL) {
		err = g.validation_cb(g.config);
		if (g.destroy_pending) {
			DOCA_LOG_ERR("doca_argp_start: the validation callback called "
			             "doca_argp_destroy; destroy after doca_argp_start returns");
			return DOCA_ERROR_BAD_STATE;
		}
		if (err != DOCA_SUCCESS) {
			DOCA_LOG_ERR(
			        "doca_argp_start: the program's validation callback refused the "
			        "configuration (%s); see its own message",
			        doca_error_get_name(err));
			return err;
		}
	}
	return DOCA_SUCCESS;
}

static const char *base_name(const char *path)
{
	const char *slash = strrchr(path, '/');

	return slash != NULL && slash[1] != '\0' ? slash + 1 : path;
}

DOCA_EXPERIMENTAL doca_error_t doca_argp_start(int argc, char **argv)
{
	struct run r;
	doca_error_t err;

	if (g.state == G_NONE) {
		DOCA_LOG_ERR("doca_argp_start: the parser is not initialized; call doca_argp_init "
		             "and register the flags first");
		return DOCA_ERROR_BAD_STATE;
	}
	if (g.state != G_READY) {
		DOCA_LOG_ERR("doca_argp_start: called already; it runs once per doca_argp_init "
		             "(destroy and init again to parse another command line)");
		return DOCA_ERROR_BAD_STATE;
	}
	if (argc < 1 || argv == NULL) {
		DOCA_LOG_ERR("doca_argp_start: argc %d / argv %p; pass main()'s argc and argv",
		             argc, (void *)argv);
		return DOCA_ERROR_INVALID_VALUE;
	}
	for (int i = 0; i < argc; i++) {
		if (argv[i] == NULL) {
			DOCA_LOG_ERR(
			        "doca_argp_start: argv[%d] is NULL with argc %d; pass main()'s "
			        "argc and argv",
			        i, argc);
			return DOCA_ERROR_INVALID_VALUE;
		}
	}
	if (g.name == NULL) {
		g.name = strdup(base_name(argv[0]));
		if (g.name == NULL) {
			DOCA_LOG_ERR("doca_argp_start: out of memory; free memory and retry");
			return DOCA_ERROR_NO_MEMORY;
		}
	}
	g.state = G_STARTING;
	g.user_errors = 0;
	for (size_t k = 0; k < g.nregs; k++)
		g.regs[k]->cli_seen = g.regs[k]->file_seen = 0;
	memset(&r, 0, sizeof(r));
	r.argc = argc;
	r.argv = argv;

	/* Read everything; hand the EAL flags over; find the devices; then the flag
	 * callbacks and the validation callback. */
	err = parse_all(&r);
	if (err == DOCA_SUCCESS && g.dpdk_cb != NULL)
		err = call_dpdk(&r);
	if (err == DOCA_SUCCESS)
		err = resolve_devices(&r);
	if (err == DOCA_SUCCESS)
		err = run_callbacks(&r);
	devlist_put();
	if (err != DOCA_SUCCESS && g.user_errors > 0)
		print_usage(stderr);
	run_free(&r);
	if (g.destroy_pending) {
		free_all();
		return err;
	}
	g.state = G_STARTED;
	return err;
}
