/* SPDX-License-Identifier: BSD-3-Clause
 * softdpa — doca_argp.h: DOCA's command-line parser (part of doca-common).
 *
 * A program describes its flags (doca_argp_param), registers them, then lets
 * doca_argp_start() read the command line and, with -j/--json, a JSON file. Each flag found
 * is handed to its callback together with the program's configuration struct; the
 * validation callback then sees the whole configuration once.
 *
 *   doca_argp_init("my_app", &cfg);
 *   doca_argp_param_create(&p);              -- then the _set_* calls
 *   doca_argp_register_param(p);             -- argp owns 'p' from here on
 *   doca_argp_start(argc, argv);
 *   ...
 *   doca_argp_destroy();
 *
 * Flags the parser always provides: -h/--help, -v/--version, -l/--log-level,
 * --sdk-log-level and -j/--json. A DPDK program (doca_argp_set_dpdk_program) is run as
 * "prog [EAL flags] -- [DOCA flags] [program flags]".
 * docs/PORTING.md ("doca_argp") lists what softdpa decides where DOCA is silent.
 * The parser keeps one instance per process and is meant to be used from one thread.
 */
#ifndef DOCA_ARGP_H_
#define DOCA_ARGP_H_

#include <stdarg.h>

#include <doca_compat.h>
#include <doca_dev.h>
#include <doca_error.h>
#include <doca_log.h>

#ifdef __cplusplus
extern "C" {
#endif

/* Called once per appearance of a flag: 'param' points at the converted value (see
 * enum doca_argp_type), valid only during the call; 'config' is the program_config given
 * to doca_argp_init(). A non-SUCCESS return stops doca_argp_start() with that code. */
typedef doca_error_t (*doca_argp_param_cb_t)(void *param, void *config);

/* Receives argv[0] and the EAL flags (the words before "--"); argv[argc] is NULL. */
typedef doca_error_t (*doca_argp_dpdk_cb_t)(int argc, char **argv);

/* Called once with program_config after every flag callback has run. */
typedef doca_error_t (*doca_argp_validation_cb_t)(void *config);

/* Opens the device a DOCA_ARGP_TYPE_DEVICE(_REP) value names, instead of doca_dev_open. */
typedef doca_error_t (*doca_argp_dev_open_cb_t)(struct doca_devinfo *devinfo, void *usr_ctx,
                                                struct doca_dev **dev);

/* Receives the parser's messages about the user's input (bad flags, bad values). */
typedef doca_error_t (*doca_argp_logger_cb_t)(enum doca_log_level level, const char *format,
                                              va_list args);

/* The value a flag takes, and what its callback's 'param' points at. */
enum doca_argp_type {
	DOCA_ARGP_TYPE_UNKNOWN = 0, /* not set yet: registering fails */
	DOCA_ARGP_TYPE_STRING,      /* char *: any text */
	DOCA_ARGP_TYPE_INT,         /* int *: decimal, within int */
	DOCA_ARGP_TYPE_BOOLEAN,     /* bool *: a flag without a value; true when given */
	DOCA_ARGP_TYPE_DEVICE,      /* struct doca_argp_device_ctx *: an opened device */
	DOCA_ARGP_TYPE_DEVICE_REP,  /* struct doca_argp_device_rep_ctx *: an opened representor */
	DOCA_ARGP_TYPE_DOUBLE,      /* double *: a finite number */
};

/* One flag of the program. Opaque: create it with doca_argp_param_create(). */
struct doca_argp_param;

/* A DOCA_ARGP_TYPE_DEVICE value: the device the user named ("pci/0000:03:00.0",
 * "03:00.0", "aux/2" for the SF whose SF index is 2, "mlx5_0" or an interface name, each
 * optionally followed by ",devargs") opened for the program, and the devargs (NULL when
 * none), valid until doca_argp_destroy(). The callback owns one open of 'dev' when it
 * returns SUCCESS (close it with doca_dev_close). One device named twice in a command line
 * gives the same 'dev', opened twice. */
struct doca_argp_device_ctx {
	struct doca_dev *dev;
	const char *devargs;
};

/* A DOCA_ARGP_TYPE_DEVICE_REP value: DEVICE,REPRESENTORS[,devargs] with the representors
 * as DPDK writes them (pf0vf0, vf0, pf0sf[0-1], pf0vf[0,2-3]), or one representor's own
 * PCI address (pci/0000:03:00.1). The callback runs once per representor named, with the
 * parent device (kept open by the parser until doca_argp_destroy()) and the opened
 * representor, which it owns when it returns SUCCESS (close it with doca_dev_rep_close). */
struct doca_argp_device_rep_ctx {
	struct doca_argp_device_ctx dev_ctx;
	struct doca_dev_rep *dev_rep;
};

/* Print the usage text (built-in flags, then the program's) on stdout. Does not exit. */
DOCA_EXPERIMENTAL void doca_argp_usage(void);

/* Start a parser instance. 'program_name' names the program in the usage text (NULL: the
 * base name of argv[0]); 'program_config' is passed to every callback (may be NULL).
 * BAD_STATE when an instance already exists, INVALID_VALUE for an empty name,
 * NO_MEMORY. Pair with doca_argp_destroy(). */
DOCA_EXPERIMENTAL doca_error_t doca_argp_init(const char *program_name, void *program_config);

/* Add a flag; the parser owns 'input_param' afterwards, whatever the outcome (a rejected
 * param may still be given to doca_argp_param_destroy()). BAD_STATE before init, after
 * doca_argp_start() or for a param registered already; INITIALIZATION when it lacks a name,
 * a description, a callback or a type; INVALID_VALUE for NULL, a bad setter value, or a
 * name already taken (the built-in names included). A param without a long name is
 * command-line only. */
DOCA_EXPERIMENTAL doca_error_t doca_argp_register_param(struct doca_argp_param *input_param);

/* Replace the built-in --version output with 'callback' (called with a bool * and
 * program_config). If it returns SUCCESS the parser exits the program with status 0; an
 * error is returned by doca_argp_start(). BAD_STATE before init or after start,
 * INVALID_VALUE for NULL. */
DOCA_EXPERIMENTAL doca_error_t doca_argp_register_version_callback(doca_argp_param_cb_t callback);

/* Check the whole configuration after the flag callbacks; its error is returned by
 * doca_argp_start(). BAD_STATE before init or after start, INVALID_VALUE for NULL. */
DOCA_EXPERIMENTAL doca_error_t
doca_argp_register_validation_callback(doca_argp_validation_cb_t callback);

/* Open devices of DOCA_ARGP_TYPE_DEVICE(_REP) flags with 'callback' (given 'usr_ctx').
 * BAD_STATE before init or after start, INVALID_VALUE for NULL. */
DOCA_EXPERIMENTAL doca_error_t
doca_argp_register_dev_open_callback(doca_argp_dev_open_cb_t callback, void *usr_ctx);

/* Also send the messages about the user's input to 'callback'. BAD_STATE before init,
 * ALREADY_EXIST when one is registered, INVALID_VALUE for NULL. */
DOCA_EXPERIMENTAL doca_error_t doca_argp_register_logger_callback(doca_argp_logger_cb_t callback);

/* Forget the logger callback. BAD_STATE before init or when none is registered. */
DOCA_EXPERIMENTAL doca_error_t doca_argp_disable_logger_callback(void);

/* Read the command line and, with -j/--json, the JSON file; then call the DPDK callback
 * (DPDK programs), find the devices the values name, call the flag callbacks and last the
 * validation callback. --help and --version print and exit the program (status 0).
 * Returns BAD_STATE before init or when called again; INVALID_VALUE for a bad value, a
 * missing value, a repeated single-use flag, a missing mandatory flag or a stray argument;
 * NOT_SUPPORTED for an unknown flag (or JSON key); IO_FAILED for a JSON file that cannot be
 * read or parsed; NO_MEMORY; or the error a callback returned. Each failure logs one line;
 * a mistake in the command line also prints the usage on stderr. */
DOCA_EXPERIMENTAL doca_error_t doca_argp_start(int argc, char **argv);

/* Free the instance, its params and the devices it keeps open. BAD_STATE when there is
 * none. Called from a callback during doca_argp_start(), it takes effect when that callback
 * returns (doca_argp_start() then returns BAD_STATE). */
DOCA_EXPERIMENTAL doca_error_t doca_argp_destroy(void);

/* Declare the program DPDK-based: once doca_argp_start() has read the command line, and
 * before any flag callback, 'callback' gets argv[0] followed by the words before "--"
 * (just argv[0] when there is no "--"); the array lives until doca_argp_destroy(). Its
 * error is doca_argp_start()'s. Logs when called before init or after start. */
DOCA_EXPERIMENTAL void doca_argp_set_dpdk_program(doca_argp_dpdk_cb_t callback);

/* A new, empty param. BAD_STATE before init, INVALID_VALUE for NULL, NO_MEMORY. */
DOCA_EXPERIMENTAL doca_error_t doca_argp_param_create(struct doca_argp_param **param);

/* The setters return nothing: a NULL or registered param is logged and ignored; a bad value
 * is remembered and reported by doca_argp_register_param(). Names are given without dashes;
 * either may be written with one or two dashes on the command line. */
DOCA_EXPERIMENTAL void doca_argp_param_set_short_name(struct doca_argp_param *param,
                                                      const char *name);
DOCA_EXPERIMENTAL void doca_argp_param_set_long_name(struct doca_argp_param *param,
                                                     const char *name);
/* How the value is shown in the usage text, e.g. "<path>". Optional. */
DOCA_EXPERIMENTAL void doca_argp_param_set_arguments(struct doca_argp_param *param,
                                                     const char *arguments);
/* One line for the usage text. Mandatory. */
DOCA_EXPERIMENTAL void doca_argp_param_set_description(struct doca_argp_param *param,
                                                       const char *description);
/* Mandatory. */
DOCA_EXPERIMENTAL void doca_argp_param_set_callback(struct doca_argp_param *param,
                                                    doca_argp_param_cb_t callback);
/* Mandatory. */
DOCA_EXPERIMENTAL void doca_argp_param_set_type(struct doca_argp_param *param,
                                                enum doca_argp_type type);
/* The program fails to start without this flag. */
DOCA_EXPERIMENTAL void doca_argp_param_set_mandatory(struct doca_argp_param *param);
/* Not accepted in the JSON file. */
DOCA_EXPERIMENTAL void doca_argp_param_set_cli_only(struct doca_argp_param *param);
/* May be given several times (a JSON array in the file); the callback runs for each. */
DOCA_EXPERIMENTAL void doca_argp_param_set_multiplicity(struct doca_argp_param *param);
/* Must be the only program flag given (mandatory flags are then not required). */
DOCA_EXPERIMENTAL void doca_argp_param_set_singular(struct doca_argp_param *param);
/* Passed down a command chain in DOCA; softdpa has no commands, so this changes nothing. */
DOCA_EXPERIMENTAL void doca_argp_param_set_inherited(struct doca_argp_param *param);
/* Accepted but left out of the usage text. */
DOCA_EXPERIMENTAL void doca_argp_param_set_hidden(struct doca_argp_param *param);

/* Free a param that is not registered (a rejected one included). BAD_STATE for a
 * registered param, INVALID_VALUE for NULL or a pointer that is not a live param. */
DOCA_EXPERIMENTAL doca_error_t doca_argp_param_destroy(struct doca_argp_param *param);

/* The level given with -l/--log-level (or in the JSON file), else the program's current
 * application level (doca_log_level_get_global_lower_limit, which -l sets). INVALID_VALUE
 * for NULL. */
DOCA_EXPERIMENTAL doca_error_t doca_argp_get_log_level(int *log_level);

/* The level given with --sdk-log-level, else the current SDK limit. INVALID_VALUE for NULL. */
DOCA_EXPERIMENTAL doca_error_t doca_argp_get_sdk_log_level(int *log_level);

/* Ignore unknown keys in the JSON file instead of failing with NOT_SUPPORTED. BAD_STATE
 * before init or after start. */
DOCA_EXPERIMENTAL doca_error_t doca_argp_disable_pedantic_config_parsing(void);

#ifdef __cplusplus
}
#endif

#endif /* DOCA_ARGP_H_ */
