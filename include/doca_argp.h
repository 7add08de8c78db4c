/* SPDX-License-Identifier: BSD-3-Clause */
/**
 * @file
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

/**
 * @brief The callback of one flag, called once per appearance of the flag.
 *
 * @param [in] param
 * The converted value (see enum doca_argp_type), valid only during the call.
 * @param [in,out] config
 * The program_config given to doca_argp_init().
 * @return DOCA_SUCCESS to accept the value; any other code stops doca_argp_start(), which
 * returns that code.
 */
typedef doca_error_t (*doca_argp_param_cb_t)(void *param, void *config);

/**
 * @brief The callback of a DPDK program (doca_argp_set_dpdk_program()): it receives the EAL
 * flags.
 *
 * @param [in] argc
 * The number of words in argv.
 * @param [in] argv
 * argv[0] followed by the words before "--"; argv[argc] is NULL.
 * @return DOCA_SUCCESS to go on; any other code is returned by doca_argp_start().
 */
typedef doca_error_t (*doca_argp_dpdk_cb_t)(int argc, char **argv);

/**
 * @brief The callback that checks the whole configuration, called once after every flag
 * callback has run.
 *
 * @param [in,out] config
 * The program_config given to doca_argp_init().
 * @return DOCA_SUCCESS to accept the configuration; any other code is returned by
 * doca_argp_start().
 */
typedef doca_error_t (*doca_argp_validation_cb_t)(void *config);

/**
 * @brief The callback that opens the device a DOCA_ARGP_TYPE_DEVICE(_REP) value names, in
 * place of doca_dev_open().
 *
 * @param [in] devinfo
 * The device found for the value.
 * @param [in] usr_ctx
 * The usr_ctx given to doca_argp_register_dev_open_callback().
 * @param [out] dev
 * The opened device.
 * @return DOCA_SUCCESS with *dev set; any other code is returned by doca_argp_start().
 * @note softdpa's doca_argp_start() returns DOCA_ERROR_UNEXPECTED when the callback returns
 * DOCA_SUCCESS but leaves *dev NULL.
 */
typedef doca_error_t (*doca_argp_dev_open_cb_t)(struct doca_devinfo *devinfo, void *usr_ctx,
                                                struct doca_dev **dev);

/**
 * @brief The callback that receives the parser's messages about the user's input (bad flags,
 * bad values).
 *
 * @param [in] level
 * The level of the message.
 * @param [in] format
 * A printf format.
 * @param [in] args
 * The arguments of the format.
 * @return DOCA_SUCCESS; the parser does not look at the code.
 */
typedef doca_error_t (*doca_argp_logger_cb_t)(enum doca_log_level level, const char *format,
                                              va_list args);

/** @brief The value a flag takes, and what its callback's 'param' points at. */
enum doca_argp_type {
	DOCA_ARGP_TYPE_UNKNOWN = 0, /**< not set yet: registering fails */
	DOCA_ARGP_TYPE_STRING,      /**< char *: any text */
	DOCA_ARGP_TYPE_INT,         /**< int *: decimal, within int */
	DOCA_ARGP_TYPE_BOOLEAN,     /**< bool *: a flag without a value; true when given */
	DOCA_ARGP_TYPE_DEVICE,      /**< struct doca_argp_device_ctx *: an opened device */
	DOCA_ARGP_TYPE_DEVICE_REP,  /**< struct doca_argp_device_rep_ctx *: an opened representor */
	DOCA_ARGP_TYPE_DOUBLE,      /**< double *: a finite number */
};

/** @brief One flag of the program. Opaque: create it with doca_argp_param_create(). */
struct doca_argp_param;

/**
 * @brief A DOCA_ARGP_TYPE_DEVICE value: the device the user named, opened for the program.
 *
 * The user may write "pci/0000:03:00.0", "03:00.0", "aux/2" (the SF whose SF index is 2),
 * "mlx5_0" or an interface name, each optionally followed by ",devargs". Both members stay
 * valid until doca_argp_destroy(). The callback owns one open of 'dev' when it returns
 * DOCA_SUCCESS (close it with doca_dev_close()). One device named twice in a command line
 * gives the same 'dev', opened twice.
 */
struct doca_argp_device_ctx {
	struct doca_dev *dev; /**< the opened device */
	const char *devargs;  /**< the devargs written after the device; NULL when none */
};

/**
 * @brief A DOCA_ARGP_TYPE_DEVICE_REP value: a device and one of its representors, opened.
 *
 * The user writes DEVICE,REPRESENTORS[,devargs] with the representors as DPDK writes them
 * (pf0vf0, vf0, pf0sf[0-1], pf0vf[0,2-3]), or one representor's own PCI address
 * (pci/0000:03:00.1). The callback runs once per representor named.
 */
struct doca_argp_device_rep_ctx {
	/** The parent device, kept open by the parser until doca_argp_destroy(). */
	struct doca_argp_device_ctx dev_ctx;
	/** The opened representor, the callback's when it returns DOCA_SUCCESS (close it with
	 * doca_dev_rep_close()). */
	struct doca_dev_rep *dev_rep;
};

/**
 * @brief Print the usage text on stdout: the built-in flags, then the program's.
 *
 * @note Does not exit. Before doca_argp_init() it only logs an error.
 */
DOCA_EXPERIMENTAL void doca_argp_usage(void);

/**
 * @brief Start the parser instance of the process. Pair with doca_argp_destroy().
 *
 * @param [in] program_name
 * The program's name in the usage text; NULL takes the base name of argv[0].
 * @param [in] program_config
 * The program's configuration, passed to every callback (may be NULL).
 * @return DOCA_SUCCESS on success; DOCA_ERROR_BAD_STATE when an instance exists already;
 * DOCA_ERROR_INVALID_VALUE when program_name is empty; DOCA_ERROR_NO_MEMORY when the name
 * cannot be copied.
 */
DOCA_EXPERIMENTAL doca_error_t doca_argp_init(const char *program_name, void *program_config);

/**
 * @brief Add a flag to the parser.
 *
 * The parser owns input_param afterwards, whatever the outcome (a rejected param may still
 * be given to doca_argp_param_destroy()). A param without a long name is command-line only.
 *
 * @param [in] input_param
 * The param, from doca_argp_param_create() and its setters.
 * @return DOCA_SUCCESS on success; DOCA_ERROR_INVALID_VALUE when input_param is NULL or not
 * a live param, when a setter was given a bad value, or when a name is taken already (the
 * built-in names included); DOCA_ERROR_BAD_STATE before doca_argp_init(), after
 * doca_argp_start() or for a param given to this call already; DOCA_ERROR_INITIALIZATION
 * when the param lacks a name, a description, a callback or a type; DOCA_ERROR_NO_MEMORY
 * when a setter or the registration ran out of memory.
 */
DOCA_EXPERIMENTAL doca_error_t doca_argp_register_param(struct doca_argp_param *input_param);

/**
 * @brief Replace the built-in --version output with a callback of the program.
 *
 * @param [in] callback
 * Called with a bool * (true) and program_config when the user gives -v/--version.
 * @return DOCA_SUCCESS on success; DOCA_ERROR_BAD_STATE before doca_argp_init() or after
 * doca_argp_start(); DOCA_ERROR_INVALID_VALUE when callback is NULL.
 * @note When the callback returns DOCA_SUCCESS the parser exits the program with status 0;
 * an error of the callback is returned by doca_argp_start().
 */
DOCA_EXPERIMENTAL doca_error_t doca_argp_register_version_callback(doca_argp_param_cb_t callback);

/**
 * @brief Register the callback that checks the whole configuration after the flag callbacks.
 *
 * @param [in] callback
 * The validation callback; its error is returned by doca_argp_start().
 * @return DOCA_SUCCESS on success; DOCA_ERROR_BAD_STATE before doca_argp_init() or after
 * doca_argp_start(); DOCA_ERROR_INVALID_VALUE when callback is NULL.
 */
DOCA_EXPERIMENTAL doca_error_t
doca_argp_register_validation_callback(doca_argp_validation_cb_t callback);

/**
 * @brief Open the devices of DOCA_ARGP_TYPE_DEVICE(_REP) flags with a callback of the program
 * instead of doca_dev_open().
 *
 * @param [in] callback
 * The device-open callback.
 * @param [in] usr_ctx
 * Passed to every call of the callback.
 * @return DOCA_SUCCESS on success; DOCA_ERROR_BAD_STATE before doca_argp_init() or after
 * doca_argp_start(); DOCA_ERROR_INVALID_VALUE when callback is NULL.
 */
DOCA_EXPERIMENTAL doca_error_t
doca_argp_register_dev_open_callback(doca_argp_dev_open_cb_t callback, void *usr_ctx);

/**
 * @brief Also send the parser's messages about the user's input to a callback.
 *
 * @param [in] callback
 * The logger callback.
 * @return DOCA_SUCCESS on success; DOCA_ERROR_BAD_STATE before doca_argp_init();
 * DOCA_ERROR_INVALID_VALUE when callback is NULL; DOCA_ERROR_ALREADY_EXIST when a logger
 * callback is registered already.
 */
DOCA_EXPERIMENTAL doca_error_t doca_argp_register_logger_callback(doca_argp_logger_cb_t callback);

/**
 * @brief Forget the logger callback.
 *
 * @return DOCA_SUCCESS on success; DOCA_ERROR_BAD_STATE before doca_argp_init() or when no
 * logger callback is registered.
 */
DOCA_EXPERIMENTAL doca_error_t doca_argp_disable_logger_callback(void);

/**
 * @brief Parse the command line and run the callbacks.
 *
 * Reads the command line and, with -j/--json, the JSON file; then calls the DPDK callback
 * (DPDK programs), finds the devices the values name, calls the flag callbacks and last the
 * validation callback. --help and --version print and exit the program (status 0).
 *
 * @param [in] argc
 * main()'s argc.
 * @param [in] argv
 * main()'s argv.
 * @return DOCA_SUCCESS on success; DOCA_ERROR_BAD_STATE before doca_argp_init(), when called
 * again, or when a callback called doca_argp_destroy(); DOCA_ERROR_INVALID_VALUE when argc
 * is below 1 or argv (or one of its words) is NULL, and for a bad value, a missing value, a
 * repeated single-use flag, a missing mandatory flag, a stray argument or a device value
 * that names no device (or no PF, for a representor); DOCA_ERROR_NOT_SUPPORTED for an
 * unknown flag (or JSON key, unless doca_argp_disable_pedantic_config_parsing() was
 * called); DOCA_ERROR_IO_FAILED for a JSON file that cannot be read or parsed;
 * DOCA_ERROR_NO_MEMORY; the error of listing or opening a device (DOCA_ERROR_UNEXPECTED
 * when the device-open callback succeeds without a device); or the error a callback
 * returned.
 * @note Each failure logs one line; a mistake in the command line also prints the usage on
 * stderr.
 */
DOCA_EXPERIMENTAL doca_error_t doca_argp_start(int argc, char **argv);

/**
 * @brief Free the parser instance, its params and the devices it keeps open.
 *
 * @return DOCA_SUCCESS on success; DOCA_ERROR_BAD_STATE when there is no instance.
 * @note Called from a callback during doca_argp_start(), it takes effect when that callback
 * returns (doca_argp_start() then returns DOCA_ERROR_BAD_STATE).
 */
DOCA_EXPERIMENTAL doca_error_t doca_argp_destroy(void);

/**
 * @brief Declare the program DPDK-based: its command line is
 * "prog [EAL flags] -- [DOCA flags] [program flags]".
 *
 * Once doca_argp_start() has read the command line, and before any flag callback, callback
 * gets argv[0] followed by the words before "--" (just argv[0] when there is no "--"); the
 * array lives until doca_argp_destroy(). The callback's error is doca_argp_start()'s.
 *
 * @param [in] callback
 * The DPDK callback.
 * @note Returns nothing: called before doca_argp_init(), after doca_argp_start() or with a
 * NULL callback, it logs an error and changes nothing.
 */
DOCA_EXPERIMENTAL void doca_argp_set_dpdk_program(doca_argp_dpdk_cb_t callback);

/**
 * @brief Create a new, empty param (a flag description), to be filled by the setters and
 * registered with doca_argp_register_param().
 *
 * @param [out] param
 * The new param.
 * @return DOCA_SUCCESS on success; DOCA_ERROR_INVALID_VALUE when param is NULL;
 * DOCA_ERROR_BAD_STATE before doca_argp_init(); DOCA_ERROR_NO_MEMORY when it cannot be
 * allocated.
 */
DOCA_EXPERIMENTAL doca_error_t doca_argp_param_create(struct doca_argp_param **param);

/*
 * The setters return nothing: a NULL, dead or registered param is logged and ignored; a bad
 * value is remembered and reported by doca_argp_register_param().
 */

/**
 * @brief Set the short name of a flag (one dash on the command line, usually one letter).
 *
 * @param [in] param
 * The param, not registered yet.
 * @param [in] name
 * The name without dashes; either name may be written with one or two dashes.
 * @note A NULL or empty name, one starting with '-' or holding a space, '=' or a control
 * character, is reported by doca_argp_register_param() (DOCA_ERROR_INVALID_VALUE).
 */
DOCA_EXPERIMENTAL void doca_argp_param_set_short_name(struct doca_argp_param *param,
                                                      const char *name);

/**
 * @brief Set the long name of a flag, also its key in the JSON file.
 *
 * @param [in] param
 * The param, not registered yet.
 * @param [in] name
 * The name without dashes; either name may be written with one or two dashes.
 * @note A NULL or empty name, one starting with '-' or holding a space, '=' or a control
 * character, is reported by doca_argp_register_param() (DOCA_ERROR_INVALID_VALUE).
 */
DOCA_EXPERIMENTAL void doca_argp_param_set_long_name(struct doca_argp_param *param,
                                                     const char *name);

/**
 * @brief Set how the value is shown in the usage text, e.g. "<path>". Optional.
 *
 * @param [in] param
 * The param, not registered yet.
 * @param [in] arguments
 * The text (a NULL text is reported by doca_argp_register_param()).
 */
DOCA_EXPERIMENTAL void doca_argp_param_set_arguments(struct doca_argp_param *param,
                                                     const char *arguments);

/**
 * @brief Set the one-line description of a flag in the usage text. Mandatory.
 *
 * @param [in] param
 * The param, not registered yet.
 * @param [in] description
 * The text (a NULL or empty text is reported by doca_argp_register_param()).
 */
DOCA_EXPERIMENTAL void doca_argp_param_set_description(struct doca_argp_param *param,
                                                       const char *description);

/**
 * @brief Set the callback that receives the flag's value. Mandatory.
 *
 * @param [in] param
 * The param, not registered yet.
 * @param [in] callback
 * The callback (NULL is reported by doca_argp_register_param()).
 */
DOCA_EXPERIMENTAL void doca_argp_param_set_callback(struct doca_argp_param *param,
                                                    doca_argp_param_cb_t callback);

/**
 * @brief Set the type of the flag's value. Mandatory.
 *
 * @param [in] param
 * The param, not registered yet.
 * @param [in] type
 * The type (DOCA_ARGP_TYPE_UNKNOWN or a value outside the enum is reported by
 * doca_argp_register_param()).
 */
DOCA_EXPERIMENTAL void doca_argp_param_set_type(struct doca_argp_param *param,
                                                enum doca_argp_type type);

/**
 * @brief Make the flag mandatory: the program fails to start without it.
 *
 * @param [in] param
 * The param, not registered yet.
 */
DOCA_EXPERIMENTAL void doca_argp_param_set_mandatory(struct doca_argp_param *param);

/**
 * @brief Accept the flag on the command line only, not in the JSON file.
 *
 * @param [in] param
 * The param, not registered yet.
 */
DOCA_EXPERIMENTAL void doca_argp_param_set_cli_only(struct doca_argp_param *param);

/**
 * @brief Let the flag be given several times (a JSON array in the file); the callback runs
 * for each.
 *
 * @param [in] param
 * The param, not registered yet.
 */
DOCA_EXPERIMENTAL void doca_argp_param_set_multiplicity(struct doca_argp_param *param);

/**
 * @brief Make the flag singular: when given, it must be the only program flag (mandatory
 * flags are then not required).
 *
 * @param [in] param
 * The param, not registered yet.
 */
DOCA_EXPERIMENTAL void doca_argp_param_set_singular(struct doca_argp_param *param);

/**
 * @brief Mark the flag as passed down a command chain.
 *
 * @param [in] param
 * The param, not registered yet.
 * @note softdpa has no commands, so this changes nothing.
 */
DOCA_EXPERIMENTAL void doca_argp_param_set_inherited(struct doca_argp_param *param);

/**
 * @brief Hide the flag: accepted, but left out of the usage text.
 *
 * @param [in] param
 * The param, not registered yet.
 */
DOCA_EXPERIMENTAL void doca_argp_param_set_hidden(struct doca_argp_param *param);

/**
 * @brief Free a param that is not registered (a rejected one included).
 *
 * @param [in] param
 * The param.
 * @return DOCA_SUCCESS on success; DOCA_ERROR_INVALID_VALUE when param is NULL or not a live
 * param; DOCA_ERROR_BAD_STATE when it is registered (doca_argp_destroy() frees it).
 */
DOCA_EXPERIMENTAL doca_error_t doca_argp_param_destroy(struct doca_argp_param *param);

/**
 * @brief The application log level the user asked for.
 *
 * @param [out] log_level
 * The level given with -l/--log-level (or in the JSON file), else the program's current
 * application level (doca_log_level_get_global_lower_limit(), which -l sets).
 * @return DOCA_SUCCESS on success; DOCA_ERROR_INVALID_VALUE when log_level is NULL.
 */
DOCA_EXPERIMENTAL doca_error_t doca_argp_get_log_level(int *log_level);

/**
 * @brief The SDK log level the user asked for.
 *
 * @param [out] log_level
 * The level given with --sdk-log-level, else the current SDK limit.
 * @return DOCA_SUCCESS on success; DOCA_ERROR_INVALID_VALUE when log_level is NULL.
 */
DOCA_EXPERIMENTAL doca_error_t doca_argp_get_sdk_log_level(int *log_level);

/**
 * @brief Ignore unknown keys in the JSON file instead of failing with
 * DOCA_ERROR_NOT_SUPPORTED.
 *
 * @return DOCA_SUCCESS on success; DOCA_ERROR_BAD_STATE before doca_argp_init() or after
 * doca_argp_start().
 */
DOCA_EXPERIMENTAL doca_error_t doca_argp_disable_pedantic_config_parsing(void);

#ifdef __cplusplus
}
#endif

#endif /* DOCA_ARGP_H_ */
