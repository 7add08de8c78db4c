/* SPDX-License-Identifier: BSD-3-Clause
 * DOCA Flow calls softdpa declares (they are DOCA 3.x API, doca_flow.h and
 * doca_flow_crypto.h) but does not emulate: PSP keys and IPsec resources. Every call checks
 * its arguments as DOCA does (INVALID_VALUE, one line naming the argument and what to pass), then
 * refuses: NOT_SUPPORTED with one line naming the call, at most once per call site and second so
 * that a polling loop does not flood the log. docs/FLOW.md lists them.
 */
#include <stddef.h>
#include <stdint.h>

#include <doca_flow.h>
#include <doca_flow_crypto.h>

#include "core/log.h"

SDPA_LOG_REGISTER(flow_unsupported);

#define SAY_NOT_SUPPORTED(why)                                                                     \
	DOCA_LOG_RATE_LIMIT_ERR("%s is not supported by softdpa (%s)", __func__, why)

/* Return INVALID_VALUE, with one line naming the argument and the fix, when 'cond'. */
#define CHECK_ARG(cond, what, fix)                                                                 \
	do {                                                                                       \
		if (cond) {                                                                        \
			DOCA_LOG_ERR("%s: %s; %s", __func__, what, fix);                           \
			return DOCA_ERROR_INVALID_VALUE;                                           \
		}                                                                                  \
	} while (0)

#define PIPE_FIX "pass a pipe made by doca_flow_pipe_create"
#define PORT_FIX "pass a port started by doca_flow_port_start"
#define BULK_FIX "pass a bulk made by doca_flow_crypto_psp_spi_key_bulk_alloc"

#define WHY_CRYPTO "encryption (PSP, IPsec) is not emulated"

/* ------------------------------------------------------------------ crypto */

DOCA_EXPERIMENTAL doca_error_t doca_flow_crypto_psp_master_key_rotate(struct doca_flow_port *port)
{
	CHECK_ARG(port == NULL, "port is NULL", PORT_FIX);
	SAY_NOT_SUPPORTED(WHY_CRYPTO);
	return DOCA_ERROR_NOT_SUPPORTED;
}

DOCA_EXPERIMENTAL doca_error_t doca_flow_crypto_psp_spi_key_bulk_alloc(
        struct doca_flow_port *port, enum doca_flow_crypto_key_type key_type, uint32_t nr_spi_keys,
        struct doca_flow_crypto_psp_spi_key_bulk **spi_key_bulk)
{
	CHECK_ARG(port == NULL, "port is NULL", PORT_FIX);
	CHECK_ARG((unsigned int)key_type > DOCA_FLOW_CRYPTO_KEY_256, "unknown key_type",
	          "use DOCA_FLOW_CRYPTO_KEY_128 or _256");
	CHECK_ARG(nr_spi_keys == 0, "nr_spi_keys is 0", "ask for at least one pair");
	CHECK_ARG(spi_key_bulk == NULL, "spi_key_bulk is NULL", "pass where to store the bulk");
	*spi_key_bulk = NULL;
	SAY_NOT_SUPPORTED(WHY_CRYPTO);
	return DOCA_ERROR_NOT_SUPPORTED;
}

DOCA_EXPERIMENTAL doca_error_t
doca_flow_crypto_psp_spi_key_bulk_generate(struct doca_flow_crypto_psp_spi_key_bulk *spi_key_bulk)
{
	CHECK_ARG(spi_key_bulk == NULL, "spi_key_bulk is NULL", BULK_FIX);
	SAY_NOT_SUPPORTED(WHY_CRYPTO);
	return DOCA_ERROR_NOT_SUPPORTED;
}

DOCA_EXPERIMENTAL doca_error_t
doca_flow_crypto_psp_spi_key_bulk_get(struct doca_flow_crypto_psp_spi_key_bulk *spi_key_bulk,
                                      uint32_t spi_key_idx, uint32_t *spi, uint32_t *key)
{
	(void)spi_key_idx;
	CHECK_ARG(spi_key_bulk == NULL, "spi_key_bulk is NULL", BULK_FIX);
	CHECK_ARG(spi == NULL || key == NULL, "spi or key is NULL",
	          "pass where to store the SPI and the key");
	SAY_NOT_SUPPORTED(WHY_CRYPTO);
	return DOCA_ERROR_NOT_SUPPORTED;
}

DOCA_EXPERIMENTAL doca_error_t doca_flow_crypto_psp_spi_key_wipe(
        struct doca_flow_crypto_psp_spi_key_bulk *spi_key_bulk, uint32_t spi_key_idx)
{
	(void)spi_key_idx;
	CHECK_ARG(spi_key_bulk == NULL, "spi_key_bulk is NULL", BULK_FIX);
	SAY_NOT_SUPPORTED(WHY_CRYPTO);
	return DOCA_ERROR_NOT_SUPPORTED;
}

DOCA_EXPERIMENTAL doca_error_t
doca_flow_crypto_psp_spi_key_bulk_clear(struct doca_flow_crypto_psp_spi_key_bulk *spi_key_bulk)
{
	CHECK_ARG(spi_key_bulk == NULL, "spi_key_bulk is NULL", BULK_FIX);
	SAY_NOT_SUPPORTED(WHY_CRYPTO);
	return DOCA_ERROR_NOT_SUPPORTED;
}

DOCA_EXPERIMENTAL doca_error_t
doca_flow_crypto_psp_spi_key_bulk_free(struct doca_flow_crypto_psp_spi_key_bulk *spi_key_bulk)
{
	CHECK_ARG(spi_key_bulk == NULL, "spi_key_bulk is NULL", BULK_FIX);
	SAY_NOT_SUPPORTED(WHY_CRYPTO);
	return DOCA_ERROR_NOT_SUPPORTED;
}

DOCA_EXPERIMENTAL int doca_flow_crypto_ipsec_resource_handle(struct doca_flow_port *port,
                                                             uint64_t quota,
                                                             uint32_t max_processed_resources)
{
	(void)port, (void)quota, (void)max_processed_resources;
	/* No IPsec SA can exist, so every cycle is complete at once (as aging_handle does). */
	return -1;
}
