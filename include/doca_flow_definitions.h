/* SPDX-License-Identifier: BSD-3-Clause */
/**
 * @file
 * softdpa — doca_flow_definitions.h: DOCA Flow definitions, as DOCA 3.x declares them.
 *
 * A definitions object tells DOCA Flow where, inside the application's own match and
 * actions structures, the fields named by opcode strings ("match.packet.tunnel.psp.dw6",
 * "actions.packet.meta...") live; it is handed to doca_flow_cfg_set_definitions()
 * (doca_flow.h) before doca_flow_init(). softdpa does not emulate custom header
 * definitions: each call checks its arguments like DOCA (DOCA_ERROR_INVALID_VALUE, one
 * log line naming the argument), then answers DOCA_ERROR_NOT_SUPPORTED and logs one
 * rate-limited line naming itself.
 *
 * Including this header also makes C11 static_assert available (<assert.h>), which DOCA
 * programs that lay out their own match and actions structures for definitions rely on.
 */
#ifndef DOCA_FLOW_DEFINITIONS_H_
#define DOCA_FLOW_DEFINITIONS_H_

#include <assert.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#include <doca_compat.h>
#include <doca_error.h>

#ifdef __cplusplus
extern "C" {
#endif

/**
 * @brief Configuration of a definitions object (opaque).
 */
struct doca_flow_definitions_cfg;

/**
 * @brief A definitions object (opaque).
 */
struct doca_flow_definitions;

/**
 * @brief Create a definitions configuration.
 *
 * @param [out] defs_cfg
 * The new configuration.
 * @return
 * DOCA_SUCCESS on success;
 * DOCA_ERROR_INVALID_VALUE when defs_cfg is NULL;
 * DOCA_ERROR_NOT_SUPPORTED otherwise.
 * @note softdpa does not emulate custom header definitions: nothing is created.
 */
DOCA_EXPERIMENTAL doca_error_t
doca_flow_definitions_cfg_create(struct doca_flow_definitions_cfg **defs_cfg);

/**
 * @brief Destroy a definitions configuration.
 *
 * @param [in] defs_cfg
 * The configuration.
 * @return
 * DOCA_SUCCESS on success;
 * DOCA_ERROR_INVALID_VALUE when defs_cfg is NULL;
 * DOCA_ERROR_NOT_SUPPORTED otherwise.
 * @note softdpa: no configuration can exist (doca_flow_definitions_cfg_create never
 * succeeds).
 */
DOCA_EXPERIMENTAL doca_error_t
doca_flow_definitions_cfg_destroy(struct doca_flow_definitions_cfg *defs_cfg);

/**
 * @brief Create a definitions object.
 *
 * @param [in] defs_cfg
 * Its configuration.
 * @param [out] defs
 * The new object.
 * @return
 * DOCA_SUCCESS on success;
 * DOCA_ERROR_INVALID_VALUE when defs_cfg or defs is NULL;
 * DOCA_ERROR_NOT_SUPPORTED otherwise (custom header definitions are not emulated).
 */
DOCA_EXPERIMENTAL doca_error_t doca_flow_definitions_create(
        struct doca_flow_definitions_cfg *defs_cfg, struct doca_flow_definitions **defs);

/**
 * @brief Say where the field named by an opcode string lives in the application's
 * structure.
 *
 * @param [in] defs
 * The definitions object.
 * @param [in] field_opcode_str
 * The field's opcode string, e.g. "match.packet.tunnel.psp.dw6".
 * @param [in] field_offset
 * Offset of the field in the application's structure, in bytes.
 * @param [in] field_length
 * Length of the field, in bytes.
 * @return
 * DOCA_SUCCESS on success;
 * DOCA_ERROR_INVALID_VALUE when defs or field_opcode_str is NULL, or field_length is 0;
 * DOCA_ERROR_NOT_SUPPORTED otherwise (custom header definitions are not emulated).
 */
DOCA_EXPERIMENTAL doca_error_t doca_flow_definitions_add_field(struct doca_flow_definitions *defs,
                                                               const char *field_opcode_str,
                                                               uint32_t field_offset,
                                                               uint32_t field_length);

/**
 * @brief Destroy a definitions object.
 *
 * @param [in] defs
 * The definitions object.
 * @note softdpa: no definitions object can exist; a NULL defs logs the bad argument,
 * anything else logs that custom header definitions are not emulated.
 */
DOCA_EXPERIMENTAL void doca_flow_definitions_destroy(struct doca_flow_definitions *defs);

#ifdef __cplusplus
} /* extern "C" */
#endif

#endif /* DOCA_FLOW_DEFINITIONS_H_ */
