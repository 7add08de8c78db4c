/* SPDX-License-Identifier: BSD-3-Clause
 * The emulated NIC's time base: what meters refill their token buckets from and what
 * aging measures idle time with. By default the host's CLOCK_MONOTONIC; a test may switch
 * it to a manual clock that stands still until softdpa_clock_advance() moves it, so that
 * a ten-second run of a meter or an aging timeout takes no wall time and gives the same
 * result every time (softdpa.h, docs/FLOW.md "Time").
 */
#include <time.h>

#include <softdpa.h>

#include "core/atomics.h"
#include "core/log.h"
#include "core/nic_clock.h"
#include "core/util.h"

SDPA_LOG_REGISTER(core_nic_clock);

/* R-clk / A-clk: the manual flag is published after the manual time it starts from. */
static sdpa_atomic_u32 manual;
static sdpa_atomic_u64 manual_ns;

uint64_t sdpa_nic_now_ns(void)
{
	if (sdpa_load_acquire(&manual)) /* A-clk: pairs with R-clk */
		return sdpa_load_relaxed(&manual_ns);
	return sdpa_mono_ns();
}

DOCA_EXPERIMENTAL doca_error_t softdpa_clock_set_manual(uint64_t start_ns)
{
	sdpa_store_relaxed(&manual_ns, start_ns);
	sdpa_store_release(&manual, 1u); /* R-clk: pairs with A-clk */
	DOCA_LOG_DBG("softdpa_clock_set_manual: the NIC clock stands at %llu ns until "
	             "softdpa_clock_advance",
	             (unsigned long long)start_ns);
	return DOCA_SUCCESS;
}

DOCA_EXPERIMENTAL doca_error_t softdpa_clock_set_real(void)
{
	sdpa_store_release(&manual, 0u); /* R-clk: pairs with A-clk */
	return DOCA_SUCCESS;
}

DOCA_EXPERIMENTAL doca_error_t softdpa_clock_advance(uint64_t ns)
{
	if (!sdpa_load_acquire(&manual)) { /* A-clk: pairs with R-clk */
		DOCA_LOG_ERR("softdpa_clock_advance: the NIC clock is the real clock; call "
		             "softdpa_clock_set_manual first");
		return DOCA_ERROR_BAD_STATE;
	}
	if (sdpa_load_relaxed(&manual_ns) > UINT64_MAX - ns) {
		DOCA_LOG_ERR("softdpa_clock_advance: %llu ns would wrap the clock; advance by "
		             "less",
		             (unsigned long long)ns);
		return DOCA_ERROR_INVALID_VALUE;
	}
	sdpa_fetch_add_relaxed(&manual_ns, ns);
	return DOCA_SUCCESS;
}

DOCA_EXPERIMENTAL uint64_t softdpa_clock_now(void)
{
	return sdpa_nic_now_ns();
}
