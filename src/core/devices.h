/* SPDX-License-Identifier: BSD-3-Clause
 * Emulated devices (docs/DESIGN_DECISIONS.md D8, D12): what other layers may ask about a doca_dev.
 *
 * The device set comes from SOFTDPA_DEVICES (docs/DEVICES.md), parsed on first use. Every
 * function here takes the devices lock; call none of them on a data path. A NULL or stale
 * handle never crashes: the queries below return the stated fallback value.
 */
#ifndef SDPA_CORE_DEVICES_H
#define SDPA_CORE_DEVICES_H

#include <stdbool.h>
#include <stdint.h>

#include <doca_dev.h>

enum sdpa_dev_model {
	SDPA_DEV_BF3, /* BlueField-3: has a DPA */
	SDPA_DEV_CX6, /* ConnectX-6: no DPA (exercises NOT_SUPPORTED paths) */
};

enum {
	SDPA_MAX_DEVICES = 16,
	SDPA_MAX_REPS = 32, /* representors per device */
	/* The DPA a BlueField-3 advertises (docs/DEVICES.md). SOFTDPA_DPA_EUS sets how many
	 * emulated EUs actually run. */
	SDPA_DPA_CORES = 16,
	SDPA_DPA_EUS_PER_CORE = 16,
	SDPA_DPA_TOTAL_EUS = SDPA_DPA_CORES * SDPA_DPA_EUS_PER_CORE,
	SDPA_DEV_ID_INVALID = UINT32_MAX,
};

/* Re-read SOFTDPA_DEVICES from the current configuration (call sdpa_config_reload() first
 * when the environment changed). A malformed value logs one warning and selects the
 * default set. Objects already handed out keep their old description. For tests. */
void sdpa_devices_reload(void);

/* Test hook: how many API objects (devinfos, devs, representor devinfos and devs, lists)
 * are alive. 0 once everything handed out was destroyed/closed. */
uint32_t sdpa_devices_live_objects(void);

/* Number of devices in the current set (what doca_devinfo_create_list() would list). */
uint32_t sdpa_devices_count(void);

/* "bf3" / "cx6". */
const char *sdpa_dev_model_name(enum sdpa_dev_model model);

/* Model of a device; SDPA_DEV_CX6 (the one without features) for an invalid handle. */
enum sdpa_dev_model sdpa_devinfo_model(const struct doca_devinfo *devinfo);
enum sdpa_dev_model sdpa_dev_model(const struct doca_dev *dev);

/* Firmware (mlxconfig) settings of an emulated device, from SOFTDPA_DEVICES keys
 * (docs/DEVICES.md): 0 unless the entry sets them, as on a card fresh from the factory. */
enum sdpa_fw_param {
	SDPA_FW_FLEX_PARSER_PROFILE, /* flex_parser_profile: FLEX_PARSER_PROFILE_ENABLE */
	SDPA_FW_PROG_PARSE_GRAPH,    /* prog_parse_graph: PROG_PARSE_GRAPH (0/1) */
	SDPA_FW_REAL_TIME_CLOCK,     /* real_time_clock_enable: REAL_TIME_CLOCK_ENABLE (0/1) */
	SDPA_FW_COUNT
};

/* A device's setting; 0 for an invalid handle or parameter. */
uint32_t sdpa_dev_fw_param(const struct doca_dev *dev, enum sdpa_fw_param p);
/* The SOFTDPA_DEVICES key ("prog_parse_graph") and the mlxconfig name ("PROG_PARSE_GRAPH"). */
const char *sdpa_fw_param_key(enum sdpa_fw_param p);
const char *sdpa_fw_param_mlxconfig(enum sdpa_fw_param p);

/* True when the device has a DPA (a BlueField-3); false for an invalid handle. */
bool sdpa_devinfo_has_dpa(const struct doca_devinfo *devinfo);

/* Stable id of the emulated device (its position in SOFTDPA_DEVICES): two handles name
 * the same hardware iff their ids are equal, whichever list or open they came from.
 * SDPA_DEV_ID_INVALID for an invalid handle. */
uint32_t sdpa_devinfo_id(const struct doca_devinfo *devinfo);
uint32_t sdpa_dev_id(const struct doca_dev *dev);

/* Index of a representor among its device's representors (pf0vf1 -> 1), which makes it
 * DOCA Flow switch port index + 1 (D12). UINT32_MAX for an invalid handle. */
uint32_t sdpa_devinfo_rep_index(const struct doca_devinfo_rep *devinfo_rep);
uint32_t sdpa_dev_rep_index(const struct doca_dev_rep *dev_rep);

/* Close one open of 'dev' now, or — when it is the last open and representors opened
 * from it are still open — once the last of them is closed (doca_dev_rep_close does it).
 * For doca_argp_destroy: the samples close the representors argp opened after
 * destroying argp. A stale handle is logged as doca_dev_close logs it. */
void sdpa_dev_close_when_unused(struct doca_dev *dev);

/* The open device a representor belongs to; NULL for an invalid handle. */
struct doca_dev *sdpa_dev_rep_parent(const struct doca_dev_rep *dev_rep);

#endif
