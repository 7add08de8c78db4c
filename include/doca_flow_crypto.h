/* SPDX-License-Identifier: BSD-3-Clause
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

struct doca_flow_port;
/* A bulk of (SPI, key) pairs for PSP. */
struct doca_flow_crypto_psp_spi_key_bulk;

/* Which shared resource a crypto action uses. */
enum doca_flow_crypto_resource_type {
	DOCA_FLOW_CRYPTO_RESOURCE_NONE = 0,
	DOCA_FLOW_CRYPTO_RESOURCE_IPSEC_SA,
	DOCA_FLOW_CRYPTO_RESOURCE_PSP,
};

enum doca_flow_crypto_action_type {
	DOCA_FLOW_CRYPTO_ACTION_NONE = 0,
	DOCA_FLOW_CRYPTO_ACTION_ENCRYPT,
	DOCA_FLOW_CRYPTO_ACTION_DECRYPT,
};

/* Header/trailer reformat of a crypto encap action. */
enum doca_flow_crypto_encap_action_type {
	DOCA_FLOW_CRYPTO_REFORMAT_NONE = 0,
	DOCA_FLOW_CRYPTO_REFORMAT_ENCAP,
	DOCA_FLOW_CRYPTO_REFORMAT_DECAP,
};

/* Network headers a crypto encap inserts or removes. */
enum doca_flow_crypto_encap_net_type {
	DOCA_FLOW_CRYPTO_HEADER_NONE = 0,
	DOCA_FLOW_CRYPTO_HEADER_ESP_TUNNEL,
	DOCA_FLOW_CRYPTO_HEADER_ESP_OVER_IPV4,
	DOCA_FLOW_CRYPTO_HEADER_ESP_OVER_IPV6,
	DOCA_FLOW_CRYPTO_HEADER_UDP_ESP_OVER_IPV4,
	DOCA_FLOW_CRYPTO_HEADER_UDP_ESP_OVER_IPV6,
	DOCA_FLOW_CRYPTO_HEADER_ESP_OVER_LAN,
	DOCA_FLOW_CRYPTO_HEADER_PSP_TUNNEL,
	DOCA_FLOW_CRYPTO_HEADER_PSP_OVER_IPV4,
	DOCA_FLOW_CRYPTO_HEADER_PSP_OVER_IPV6,
};

enum doca_flow_crypto_key_type {
	DOCA_FLOW_CRYPTO_KEY_128,
	DOCA_FLOW_CRYPTO_KEY_256,
};

/* ICV length (bytes: 8, 12 or 16). */
enum doca_flow_crypto_icv_len {
	DOCA_FLOW_CRYPTO_ICV_LENGTH_8,
	DOCA_FLOW_CRYPTO_ICV_LENGTH_12,
	DOCA_FLOW_CRYPTO_ICV_LENGTH_16,
};

/* Anti-replay window, in bits. */
enum doca_flow_crypto_replay_win_size {
	DOCA_FLOW_CRYPTO_REPLAY_WIN_SIZE_32,
	DOCA_FLOW_CRYPTO_REPLAY_WIN_SIZE_64,
	DOCA_FLOW_CRYPTO_REPLAY_WIN_SIZE_128,
	DOCA_FLOW_CRYPTO_REPLAY_WIN_SIZE_256,
};

/* Sequence-number offload: increment (encrypt) or anti-replay (decrypt). */
enum doca_flow_crypto_sn_offload_type {
	DOCA_FLOW_CRYPTO_SN_OFFLOAD_INC,
	DOCA_FLOW_CRYPTO_SN_OFFLOAD_AR,
};

struct doca_flow_crypto_key_cfg {
	enum doca_flow_crypto_key_type key_type;
	uint32_t *key; /* 16 or 32 bytes, by key_type */
};

/* Rotate the port's PSP master key. */
DOCA_EXPERIMENTAL doca_error_t doca_flow_crypto_psp_master_key_rotate(struct doca_flow_port *port);
/* Allocate a bulk of nr_spi_keys (SPI, key) pairs. */
DOCA_EXPERIMENTAL doca_error_t doca_flow_crypto_psp_spi_key_bulk_alloc(
        struct doca_flow_port *port, enum doca_flow_crypto_key_type key_type,
        uint32_t nr_spi_keys, struct doca_flow_crypto_psp_spi_key_bulk **spi_key_bulk);
/* Fill a bulk with new pairs. */
DOCA_EXPERIMENTAL doca_error_t
doca_flow_crypto_psp_spi_key_bulk_generate(struct doca_flow_crypto_psp_spi_key_bulk *spi_key_bulk);
/* The SPI and key at spi_key_idx. */
DOCA_EXPERIMENTAL doca_error_t doca_flow_crypto_psp_spi_key_bulk_get(
        struct doca_flow_crypto_psp_spi_key_bulk *spi_key_bulk, uint32_t spi_key_idx,
        uint32_t *spi, uint32_t *key);
/* Wipe the key at spi_key_idx. */
DOCA_EXPERIMENTAL doca_error_t doca_flow_crypto_psp_spi_key_wipe(
        struct doca_flow_crypto_psp_spi_key_bulk *spi_key_bulk, uint32_t spi_key_idx);
/* Clear every pair of the bulk. */
DOCA_EXPERIMENTAL doca_error_t
doca_flow_crypto_psp_spi_key_bulk_clear(struct doca_flow_crypto_psp_spi_key_bulk *spi_key_bulk);
/* Free a bulk. */
DOCA_EXPERIMENTAL doca_error_t
doca_flow_crypto_psp_spi_key_bulk_free(struct doca_flow_crypto_psp_spi_key_bulk *spi_key_bulk);
/* Keep IPsec sequence-number state current: > 0 resources handled, 0 none, -1 a full
 * cycle done. softdpa has no IPsec resources: always -1. */
DOCA_EXPERIMENTAL int doca_flow_crypto_ipsec_resource_handle(struct doca_flow_port *port,
                                                             uint64_t quota,
                                                             uint32_t max_processed_resources);

#ifdef __cplusplus
}
#endif

#endif /* DOCA_FLOW_CRYPTO_H_ */
