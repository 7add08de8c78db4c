/* SPDX-License-Identifier: BSD-3-Clause */
/**
 * @file
 * softdpa — doca_flow_crypto.h: the DOCA Flow crypto (IPsec SA, PSP) types that
 * doca_flow_actions and the shared-resource configurations carry, and the PSP key and
 * IPsec resource calls.
 *
 * softdpa does not emulate encryption: a crypto action or a PSP / IPSEC_SA shared
 * resource is refused with NOT_SUPPORTED, and every function below answers
 * NOT_SUPPORTED (INVALID_VALUE for NULL arguments) with one log line.
 */
#ifndef DOCA_FLOW_CRYPTO_H_
#define DOCA_FLOW_CRYPTO_H_

#include <stdint.h>

#include <doca_compat.h>
#include <doca_error.h>

#ifdef __cplusplus
extern "C" {
#endif

/** @brief A DOCA Flow port (doca_flow.h). */
struct doca_flow_port;
/** @brief A bulk of (SPI, key) pairs for PSP (opaque). */
struct doca_flow_crypto_psp_spi_key_bulk;

/** @brief Which shared resource a crypto action uses. */
enum doca_flow_crypto_resource_type {
	DOCA_FLOW_CRYPTO_RESOURCE_NONE = 0, /**< no crypto resource */
	DOCA_FLOW_CRYPTO_RESOURCE_IPSEC_SA, /**< an IPsec security association */
	DOCA_FLOW_CRYPTO_RESOURCE_PSP,      /**< a PSP security association */
};

/** @brief What a crypto action does to the packet's payload. */
enum doca_flow_crypto_action_type {
	DOCA_FLOW_CRYPTO_ACTION_NONE = 0, /**< no crypto operation */
	DOCA_FLOW_CRYPTO_ACTION_ENCRYPT,  /**< encrypt */
	DOCA_FLOW_CRYPTO_ACTION_DECRYPT,  /**< decrypt */
};

/** @brief Header/trailer reformat of a crypto encap action. */
enum doca_flow_crypto_encap_action_type {
	DOCA_FLOW_CRYPTO_REFORMAT_NONE = 0, /**< no reformat */
	DOCA_FLOW_CRYPTO_REFORMAT_ENCAP,    /**< insert the crypto headers */
	DOCA_FLOW_CRYPTO_REFORMAT_DECAP,    /**< remove the crypto headers */
};

/** @brief Network headers a crypto encap inserts or removes. */
enum doca_flow_crypto_encap_net_type {
	DOCA_FLOW_CRYPTO_HEADER_NONE = 0,          /**< none */
	DOCA_FLOW_CRYPTO_HEADER_ESP_TUNNEL,        /**< ESP tunnel mode: new outer headers */
	DOCA_FLOW_CRYPTO_HEADER_ESP_OVER_IPV4,     /**< ESP transport mode over IPv4 */
	DOCA_FLOW_CRYPTO_HEADER_ESP_OVER_IPV6,     /**< ESP transport mode over IPv6 */
	DOCA_FLOW_CRYPTO_HEADER_UDP_ESP_OVER_IPV4, /**< UDP-encapsulated ESP over IPv4 */
	DOCA_FLOW_CRYPTO_HEADER_UDP_ESP_OVER_IPV6, /**< UDP-encapsulated ESP over IPv6 */
	DOCA_FLOW_CRYPTO_HEADER_ESP_OVER_LAN,      /**< ESP directly over the L2 header */
	DOCA_FLOW_CRYPTO_HEADER_PSP_TUNNEL,        /**< PSP tunnel mode: new outer headers */
	DOCA_FLOW_CRYPTO_HEADER_PSP_OVER_IPV4,     /**< PSP transport mode over IPv4 */
	DOCA_FLOW_CRYPTO_HEADER_PSP_OVER_IPV6,     /**< PSP transport mode over IPv6 */
};

/** @brief Size of a crypto key. */
enum doca_flow_crypto_key_type {
	DOCA_FLOW_CRYPTO_KEY_128, /**< 128-bit key */
	DOCA_FLOW_CRYPTO_KEY_256, /**< 256-bit key */
};

/** @brief ICV length (bytes: 8, 12 or 16). */
enum doca_flow_crypto_icv_len {
	DOCA_FLOW_CRYPTO_ICV_LENGTH_8,  /**< 8 bytes */
	DOCA_FLOW_CRYPTO_ICV_LENGTH_12, /**< 12 bytes */
	DOCA_FLOW_CRYPTO_ICV_LENGTH_16, /**< 16 bytes */
};

/** @brief Anti-replay window, in bits. */
enum doca_flow_crypto_replay_win_size {
	DOCA_FLOW_CRYPTO_REPLAY_WIN_SIZE_32,  /**< 32 bits */
	DOCA_FLOW_CRYPTO_REPLAY_WIN_SIZE_64,  /**< 64 bits */
	DOCA_FLOW_CRYPTO_REPLAY_WIN_SIZE_128, /**< 128 bits */
	DOCA_FLOW_CRYPTO_REPLAY_WIN_SIZE_256, /**< 256 bits */
};

/** @brief Sequence-number offload: increment (encrypt) or anti-replay (decrypt). */
enum doca_flow_crypto_sn_offload_type {
	DOCA_FLOW_CRYPTO_SN_OFFLOAD_INC, /**< increment the sequence number on encrypt */
	DOCA_FLOW_CRYPTO_SN_OFFLOAD_AR,  /**< check the anti-replay window on decrypt */
};

/** @brief A crypto key. */
struct doca_flow_crypto_key_cfg {
	enum doca_flow_crypto_key_type key_type; /**< the key's size */
	uint32_t *key;                           /**< 16 or 32 bytes, by key_type */
};

/**
 * @brief Rotate the port's PSP master key: new SPI/key pairs derive from a new key, while
 * the previous one still decrypts traffic in flight.
 *
 * @param [in] port
 * The port.
 * @return DOCA_ERROR_INVALID_VALUE when port is NULL; DOCA_ERROR_NOT_SUPPORTED otherwise.
 * @note softdpa does not emulate encryption: every valid call answers
 * DOCA_ERROR_NOT_SUPPORTED with one log line.
 */
DOCA_EXPERIMENTAL doca_error_t doca_flow_crypto_psp_master_key_rotate(struct doca_flow_port *port);

/**
 * @brief Allocate a bulk of PSP (SPI, key) pairs for a port.
 *
 * @param [in] port
 * The port.
 * @param [in] key_type
 * The size of the keys.
 * @param [in] nr_spi_keys
 * The number of pairs.
 * @param [out] spi_key_bulk
 * The new bulk (set to NULL when the call fails after the argument checks).
 * @return DOCA_ERROR_INVALID_VALUE when port or spi_key_bulk is NULL, key_type is unknown
 * or nr_spi_keys is 0; DOCA_ERROR_NOT_SUPPORTED otherwise.
 * @note softdpa does not emulate encryption: every valid call answers
 * DOCA_ERROR_NOT_SUPPORTED with one log line.
 */
DOCA_EXPERIMENTAL doca_error_t doca_flow_crypto_psp_spi_key_bulk_alloc(
        struct doca_flow_port *port, enum doca_flow_crypto_key_type key_type, uint32_t nr_spi_keys,
        struct doca_flow_crypto_psp_spi_key_bulk **spi_key_bulk);

/**
 * @brief Fill a bulk with new (SPI, key) pairs, derived from the port's master key.
 *
 * @param [in] spi_key_bulk
 * The bulk.
 * @return DOCA_ERROR_INVALID_VALUE when spi_key_bulk is NULL; DOCA_ERROR_NOT_SUPPORTED
 * otherwise.
 * @note softdpa does not emulate encryption: every valid call answers
 * DOCA_ERROR_NOT_SUPPORTED with one log line.
 */
DOCA_EXPERIMENTAL doca_error_t
doca_flow_crypto_psp_spi_key_bulk_generate(struct doca_flow_crypto_psp_spi_key_bulk *spi_key_bulk);

/**
 * @brief The SPI and the key of one pair of a bulk.
 *
 * @param [in] spi_key_bulk
 * The bulk.
 * @param [in] spi_key_idx
 * The index of the pair.
 * @param [out] spi
 * The SPI.
 * @param [out] key
 * The key (16 or 32 bytes, by the bulk's key type).
 * @return DOCA_ERROR_INVALID_VALUE when spi_key_bulk, spi or key is NULL;
 * DOCA_ERROR_NOT_SUPPORTED otherwise.
 * @note softdpa does not emulate encryption: every valid call answers
 * DOCA_ERROR_NOT_SUPPORTED with one log line.
 */
DOCA_EXPERIMENTAL doca_error_t
doca_flow_crypto_psp_spi_key_bulk_get(struct doca_flow_crypto_psp_spi_key_bulk *spi_key_bulk,
                                      uint32_t spi_key_idx, uint32_t *spi, uint32_t *key);

/**
 * @brief Wipe the key of one pair of a bulk from memory, once it has been used.
 *
 * @param [in] spi_key_bulk
 * The bulk.
 * @param [in] spi_key_idx
 * The index of the pair.
 * @return DOCA_ERROR_INVALID_VALUE when spi_key_bulk is NULL; DOCA_ERROR_NOT_SUPPORTED
 * otherwise.
 * @note softdpa does not emulate encryption: every valid call answers
 * DOCA_ERROR_NOT_SUPPORTED with one log line.
 */
DOCA_EXPERIMENTAL doca_error_t doca_flow_crypto_psp_spi_key_wipe(
        struct doca_flow_crypto_psp_spi_key_bulk *spi_key_bulk, uint32_t spi_key_idx);

/**
 * @brief Clear every pair of a bulk.
 *
 * @param [in] spi_key_bulk
 * The bulk.
 * @return DOCA_ERROR_INVALID_VALUE when spi_key_bulk is NULL; DOCA_ERROR_NOT_SUPPORTED
 * otherwise.
 * @note softdpa does not emulate encryption: every valid call answers
 * DOCA_ERROR_NOT_SUPPORTED with one log line.
 */
DOCA_EXPERIMENTAL doca_error_t
doca_flow_crypto_psp_spi_key_bulk_clear(struct doca_flow_crypto_psp_spi_key_bulk *spi_key_bulk);

/**
 * @brief Free a bulk.
 *
 * @param [in] spi_key_bulk
 * The bulk.
 * @return DOCA_ERROR_INVALID_VALUE when spi_key_bulk is NULL; DOCA_ERROR_NOT_SUPPORTED
 * otherwise.
 * @note softdpa does not emulate encryption: every valid call answers
 * DOCA_ERROR_NOT_SUPPORTED with one log line.
 */
DOCA_EXPERIMENTAL doca_error_t
doca_flow_crypto_psp_spi_key_bulk_free(struct doca_flow_crypto_psp_spi_key_bulk *spi_key_bulk);

/**
 * @brief Keep the sequence-number state of the port's IPsec resources current; call it
 * periodically.
 *
 * @param [in] port
 * The port.
 * @param [in] quota
 * The time the call may take, in microseconds.
 * @param [in] max_processed_resources
 * The most resources handled by one call.
 * @return The number of resources handled (> 0), 0 when none needed it, or -1 when a full
 * cycle over the resources is done.
 * @note softdpa has no IPsec resources: always -1, without checking the arguments.
 */
DOCA_EXPERIMENTAL int doca_flow_crypto_ipsec_resource_handle(struct doca_flow_port *port,
                                                             uint64_t quota,
                                                             uint32_t max_processed_resources);

#ifdef __cplusplus
}
#endif

#endif /* DOCA_FLOW_CRYPTO_H_ */
