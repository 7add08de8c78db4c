/* SPDX-License-Identifier: BSD-3-Clause */
/**
 * @file
 * softdpa — doca_flow_custom_header.h: DOCA Flow custom (flex parser) headers, as DOCA
 * 3.x declares them.
 *
 * A custom header describes a protocol header the hardware parser does not know: how long
 * it is (fixed, or read from a length field), where its TLV options are, and which of its
 * bits samplers capture so that pipes can match on or modify them (through the opcode
 * strings the samplers report, registered with doca_flow_definitions_add_field()). The
 * header is placed in the parse graph with doca_flow_custom_header_graph.h.
 *
 * softdpa's parser is fixed: custom headers are not emulated. Each call checks its
 * arguments like DOCA (DOCA_ERROR_INVALID_VALUE, one log line naming the argument), then
 * answers DOCA_ERROR_NOT_SUPPORTED and logs one rate-limited line naming itself.
 */
#ifndef DOCA_FLOW_CUSTOM_HEADER_H_
#define DOCA_FLOW_CUSTOM_HEADER_H_

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#include <doca_compat.h>
#include <doca_error.h>

#ifdef __cplusplus
extern "C" {
#endif

/**
 * @brief A custom header (opaque).
 */
struct doca_flow_custom_header;

/**
 * @brief A sampler: the bits of a custom header that are captured (opaque).
 */
struct doca_flow_custom_header_sampler;

/**
 * @brief Create a custom header.
 *
 * @param [out] custom_header
 * The new header.
 * @return
 * DOCA_SUCCESS on success;
 * DOCA_ERROR_INVALID_VALUE when custom_header is NULL;
 * DOCA_ERROR_NOT_SUPPORTED otherwise.
 * @note softdpa does not emulate custom headers: nothing is created.
 */
DOCA_EXPERIMENTAL doca_error_t
doca_flow_custom_header_create(struct doca_flow_custom_header **custom_header);

/**
 * @brief Destroy a custom header that no arc uses any more.
 *
 * @param [in] custom_header
 * The header.
 * @return
 * DOCA_SUCCESS on success;
 * DOCA_ERROR_INVALID_VALUE when custom_header is NULL;
 * DOCA_ERROR_NOT_SUPPORTED otherwise (custom headers are not emulated).
 */
DOCA_EXPERIMENTAL doca_error_t
doca_flow_custom_header_destroy(struct doca_flow_custom_header *custom_header);

/**
 * @brief Set where the next-header field starts; not once an arc uses the header.
 *
 * @param [in] custom_header
 * The header.
 * @param [in] bit_offset
 * Offset from the start of the header, in bits.
 * @return
 * DOCA_SUCCESS on success;
 * DOCA_ERROR_INVALID_VALUE when custom_header is NULL;
 * DOCA_ERROR_NOT_SUPPORTED otherwise (custom headers are not emulated).
 */
DOCA_EXPERIMENTAL doca_error_t doca_flow_custom_header_next_hdr_set_offset(
        struct doca_flow_custom_header *custom_header, uint32_t bit_offset);

/**
 * @brief Set the width of the next-header field; not once an arc uses the header.
 *
 * @param [in] custom_header
 * The header.
 * @param [in] bit_length
 * Width in bits.
 * @return
 * DOCA_SUCCESS on success;
 * DOCA_ERROR_INVALID_VALUE when custom_header is NULL;
 * DOCA_ERROR_NOT_SUPPORTED otherwise (custom headers are not emulated).
 */
DOCA_EXPERIMENTAL doca_error_t doca_flow_custom_header_next_hdr_set_length(
        struct doca_flow_custom_header *custom_header, uint32_t bit_length);

/**
 * @brief Set the header length: the whole length when no length field is configured,
 * otherwise a constant added to what the length field gives; not once an arc uses the
 * header.
 *
 * @param [in] custom_header
 * The header.
 * @param [in] fixed_length
 * Length in bits, a multiple of 32.
 * @return
 * DOCA_SUCCESS on success;
 * DOCA_ERROR_INVALID_VALUE when custom_header is NULL or fixed_length is not a multiple
 * of 32;
 * DOCA_ERROR_NOT_SUPPORTED otherwise (custom headers are not emulated).
 */
DOCA_EXPERIMENTAL doca_error_t doca_flow_custom_header_length_field_set_fixed_length(
        struct doca_flow_custom_header *custom_header, uint32_t fixed_length);

/**
 * @brief Take the header length from a field of the packet, starting at this offset.
 *
 * @param [in] custom_header
 * The header.
 * @param [in] bit_offset
 * Offset of the length field from the start of the header, in bits.
 * @return
 * DOCA_SUCCESS on success;
 * DOCA_ERROR_INVALID_VALUE when custom_header is NULL;
 * DOCA_ERROR_NOT_SUPPORTED otherwise (custom headers are not emulated).
 */
DOCA_EXPERIMENTAL doca_error_t doca_flow_custom_header_length_field_set_offset(
        struct doca_flow_custom_header *custom_header, uint32_t bit_offset);

/**
 * @brief Set the width of the length field; not once an arc uses the header.
 *
 * @param [in] custom_header
 * The header.
 * @param [in] bit_length
 * Width in bits.
 * @return
 * DOCA_SUCCESS on success;
 * DOCA_ERROR_INVALID_VALUE when custom_header is NULL;
 * DOCA_ERROR_NOT_SUPPORTED otherwise (custom headers are not emulated).
 */
DOCA_EXPERIMENTAL doca_error_t doca_flow_custom_header_length_field_set_length(
        struct doca_flow_custom_header *custom_header, uint32_t bit_length);

/**
 * @brief Set the factor the length field's value is multiplied by; not once an arc uses
 * the header.
 *
 * @param [in] custom_header
 * The header.
 * @param [in] multiplier
 * The factor, a power of two.
 * @return
 * DOCA_SUCCESS on success;
 * DOCA_ERROR_INVALID_VALUE when custom_header is NULL or multiplier is not a power of two;
 * DOCA_ERROR_NOT_SUPPORTED otherwise (custom headers are not emulated).
 */
DOCA_EXPERIMENTAL doca_error_t doca_flow_custom_header_length_field_set_multiplier(
        struct doca_flow_custom_header *custom_header, uint32_t multiplier);

/**
 * @brief Set the TLV option length: the whole length when no option length field is
 * configured, otherwise a constant added to it; not once an arc uses the header.
 *
 * @param [in] custom_header
 * The header.
 * @param [in] fixed_length
 * Length in bits, a multiple of 32.
 * @return
 * DOCA_SUCCESS on success;
 * DOCA_ERROR_INVALID_VALUE when custom_header is NULL or fixed_length is not a multiple
 * of 32;
 * DOCA_ERROR_NOT_SUPPORTED otherwise (custom headers are not emulated).
 */
DOCA_EXPERIMENTAL doca_error_t doca_flow_custom_header_tlv_options_set_fixed_length(
        struct doca_flow_custom_header *custom_header, uint32_t fixed_length);

/**
 * @brief Set where the TLV options start; not once an arc uses the header.
 *
 * @param [in] custom_header
 * The header.
 * @param [in] bit_offset
 * Offset from the start of the header, in bits.
 * @return
 * DOCA_SUCCESS on success;
 * DOCA_ERROR_INVALID_VALUE when custom_header is NULL;
 * DOCA_ERROR_NOT_SUPPORTED otherwise (custom headers are not emulated).
 */
DOCA_EXPERIMENTAL doca_error_t doca_flow_custom_header_tlv_options_set_offset(
        struct doca_flow_custom_header *custom_header, uint32_t bit_offset);

/**
 * @brief Set where the type field starts within an option; not once an arc uses the
 * header.
 *
 * @param [in] custom_header
 * The header.
 * @param [in] bit_offset
 * Offset from the start of the option, in bits.
 * @return
 * DOCA_SUCCESS on success;
 * DOCA_ERROR_INVALID_VALUE when custom_header is NULL;
 * DOCA_ERROR_NOT_SUPPORTED otherwise (custom headers are not emulated).
 */
DOCA_EXPERIMENTAL doca_error_t doca_flow_custom_header_tlv_options_type_set_offset(
        struct doca_flow_custom_header *custom_header, uint32_t bit_offset);

/**
 * @brief Set the width of an option's type field; not once an arc uses the header.
 *
 * @param [in] custom_header
 * The header.
 * @param [in] bit_length
 * Width in bits.
 * @return
 * DOCA_SUCCESS on success;
 * DOCA_ERROR_INVALID_VALUE when custom_header is NULL;
 * DOCA_ERROR_NOT_SUPPORTED otherwise (custom headers are not emulated).
 */
DOCA_EXPERIMENTAL doca_error_t doca_flow_custom_header_tlv_options_type_set_length(
        struct doca_flow_custom_header *custom_header, uint32_t bit_length);

/**
 * @brief Set where the length field starts within an option; not once an arc uses the
 * header.
 *
 * @param [in] custom_header
 * The header.
 * @param [in] bit_offset
 * Offset from the start of the option, in bits.
 * @return
 * DOCA_SUCCESS on success;
 * DOCA_ERROR_INVALID_VALUE when custom_header is NULL;
 * DOCA_ERROR_NOT_SUPPORTED otherwise (custom headers are not emulated).
 */
DOCA_EXPERIMENTAL doca_error_t doca_flow_custom_header_tlv_options_length_set_offset(
        struct doca_flow_custom_header *custom_header, uint32_t bit_offset);

/**
 * @brief Set the width of an option's length field; not once an arc uses the header.
 *
 * @param [in] custom_header
 * The header.
 * @param [in] bit_length
 * Width in bits.
 * @return
 * DOCA_SUCCESS on success;
 * DOCA_ERROR_INVALID_VALUE when custom_header is NULL;
 * DOCA_ERROR_NOT_SUPPORTED otherwise (custom headers are not emulated).
 */
DOCA_EXPERIMENTAL doca_error_t doca_flow_custom_header_tlv_options_length_set_length(
        struct doca_flow_custom_header *custom_header, uint32_t bit_length);

/**
 * @brief Set the factor an option's length field is multiplied by; not once an arc uses
 * the header.
 *
 * @param [in] custom_header
 * The header.
 * @param [in] multiplier
 * The factor, a power of two.
 * @return
 * DOCA_SUCCESS on success;
 * DOCA_ERROR_INVALID_VALUE when custom_header is NULL or multiplier is not a power of two;
 * DOCA_ERROR_NOT_SUPPORTED otherwise (custom headers are not emulated).
 */
DOCA_EXPERIMENTAL doca_error_t doca_flow_custom_header_tlv_options_length_set_multiplier(
        struct doca_flow_custom_header *custom_header, uint32_t multiplier);

/**
 * @brief Create a sampler on a custom header; not once an arc uses the header.
 *
 * @param [in] custom_header
 * The header.
 * @param [out] sampler
 * The new sampler.
 * @return
 * DOCA_SUCCESS on success;
 * DOCA_ERROR_INVALID_VALUE when custom_header or sampler is NULL;
 * DOCA_ERROR_NOT_SUPPORTED otherwise (custom headers are not emulated).
 */
DOCA_EXPERIMENTAL doca_error_t
doca_flow_custom_header_sampler_create(struct doca_flow_custom_header *custom_header,
                                       struct doca_flow_custom_header_sampler **sampler);

/**
 * @brief Destroy a sampler; not once an arc uses its header.
 *
 * @param [in] sampler
 * The sampler.
 * @return
 * DOCA_SUCCESS on success;
 * DOCA_ERROR_INVALID_VALUE when sampler is NULL;
 * DOCA_ERROR_NOT_SUPPORTED otherwise (custom headers are not emulated).
 */
DOCA_EXPERIMENTAL doca_error_t
doca_flow_custom_header_sampler_destroy(struct doca_flow_custom_header_sampler *sampler);

/**
 * @brief Set where the captured bits start.
 *
 * @param [in] sampler
 * The sampler.
 * @param [in] bit_offset
 * Offset from the start of the header, in bits.
 * @return
 * DOCA_SUCCESS on success;
 * DOCA_ERROR_INVALID_VALUE when sampler is NULL;
 * DOCA_ERROR_NOT_SUPPORTED otherwise (custom headers are not emulated).
 */
DOCA_EXPERIMENTAL doca_error_t doca_flow_custom_header_sampler_set_offset(
        struct doca_flow_custom_header_sampler *sampler, uint32_t bit_offset);

/**
 * @brief Set how many bits are captured.
 *
 * @param [in] sampler
 * The sampler.
 * @param [in] bit_length
 * Number of bits.
 * @return
 * DOCA_SUCCESS on success;
 * DOCA_ERROR_INVALID_VALUE when sampler is NULL or bit_length is 0;
 * DOCA_ERROR_NOT_SUPPORTED otherwise (custom headers are not emulated).
 */
DOCA_EXPERIMENTAL doca_error_t doca_flow_custom_header_sampler_set_length(
        struct doca_flow_custom_header_sampler *sampler, uint32_t bit_length);

/**
 * @brief Capture from the TLV option of this type rather than from the fixed header.
 *
 * @param [in] sampler
 * The sampler.
 * @param [in] option_type
 * The option type.
 * @return
 * DOCA_SUCCESS on success;
 * DOCA_ERROR_INVALID_VALUE when sampler is NULL;
 * DOCA_ERROR_NOT_SUPPORTED otherwise (custom headers are not emulated).
 */
DOCA_EXPERIMENTAL doca_error_t doca_flow_custom_header_sampler_enable_is_options(
        struct doca_flow_custom_header_sampler *sampler, uint32_t option_type);

/**
 * @brief Which occurrence of the header a sampler captures.
 */
enum doca_flow_custom_header_sampler_tunnel_mode {
	DOCA_FLOW_CUSTOM_HEADER_SAMPLER_TUNNEL_MODE_OUTER, /**< the outer one */
	DOCA_FLOW_CUSTOM_HEADER_SAMPLER_TUNNEL_MODE_INNER, /**< the inner one */
	DOCA_FLOW_CUSTOM_HEADER_SAMPLER_TUNNEL_MODE_FIRST, /**< the first one met */
};

/**
 * @brief Choose which occurrence of the header the sampler captures.
 *
 * @param [in] sampler
 * The sampler.
 * @param [in] tunnel_mode
 * The occurrence.
 * @return
 * DOCA_SUCCESS on success;
 * DOCA_ERROR_INVALID_VALUE when sampler is NULL or tunnel_mode is not one of the enum's
 * values;
 * DOCA_ERROR_NOT_SUPPORTED otherwise (custom headers are not emulated).
 */
DOCA_EXPERIMENTAL doca_error_t doca_flow_custom_header_sampler_set_tunnel_mode(
        struct doca_flow_custom_header_sampler *sampler,
        enum doca_flow_custom_header_sampler_tunnel_mode tunnel_mode);

/**
 * @brief The opcode string that matches on the captured bits (for
 * doca_flow_definitions_add_field()).
 *
 * @param [in] sampler
 * The sampler.
 * @param [out] opcode_str
 * The string, owned by the sampler.
 * @return
 * DOCA_SUCCESS on success;
 * DOCA_ERROR_INVALID_VALUE when sampler or opcode_str is NULL;
 * DOCA_ERROR_NOT_SUPPORTED otherwise (custom headers are not emulated).
 */
DOCA_EXPERIMENTAL doca_error_t doca_flow_custom_header_sampler_get_match_definition(
        struct doca_flow_custom_header_sampler *sampler, const char **opcode_str);

/**
 * @brief The opcode string that modifies the captured bits (for
 * doca_flow_definitions_add_field()).
 *
 * @param [in] sampler
 * The sampler.
 * @param [out] opcode_str
 * The string, owned by the sampler.
 * @return
 * DOCA_SUCCESS on success;
 * DOCA_ERROR_INVALID_VALUE when sampler or opcode_str is NULL;
 * DOCA_ERROR_NOT_SUPPORTED otherwise (custom headers are not emulated).
 */
DOCA_EXPERIMENTAL doca_error_t doca_flow_custom_header_sampler_get_action_definition(
        struct doca_flow_custom_header_sampler *sampler, const char **opcode_str);

/**
 * @brief The opcode string that matches on whether the sampler captured anything (for
 * doca_flow_definitions_add_field()).
 *
 * @param [in] sampler
 * The sampler.
 * @param [out] opcode_str
 * The string, owned by the sampler.
 * @return
 * DOCA_SUCCESS on success;
 * DOCA_ERROR_INVALID_VALUE when sampler or opcode_str is NULL;
 * DOCA_ERROR_NOT_SUPPORTED otherwise (custom headers are not emulated).
 */
DOCA_EXPERIMENTAL doca_error_t doca_flow_custom_header_sampler_get_valid_bit_definition(
        struct doca_flow_custom_header_sampler *sampler, const char **opcode_str);

#ifdef __cplusplus
} /* extern "C" */
#endif

#endif /* DOCA_FLOW_CUSTOM_HEADER_H_ */
