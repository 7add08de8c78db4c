/* SPDX-License-Identifier: BSD-3-Clause
 * Helpers of the provider tests: a started DPA context running the provider test app, a
 * switch-mode DOCA Flow setup (PF = port 0, representors = ports 1, 2), hash pipes and
 * resources, and kernel launches that wait for their end.
 */
#ifndef PROV_T_H
#define PROV_T_H

#include <stdint.h>

#include <doca_dev.h>
#include <doca_dpa.h>
#include <doca_flow.h>
#include <doca_flow_dpa_provider.h>
#include <doca_flow_external_action_array.h>
#include <doca_flow_external_actions.h>
#include <doca_sync_event.h>
#include <softdpa.h>

#include "prov_common.h"
#include "t_helpers.h"

extern struct doca_dpa_app *prov_test_app;
extern doca_dpa_func_t prov_one, prov_fill, prov_repath, prov_read_early, prov_post_nopoll,
        prov_poll;

struct pt {
	struct doca_dev *dev, *dev_other;
	struct doca_dev_rep *rep[2];
	struct doca_dpa *dpa;
	struct flexio_process *process;
	struct doca_sync_event *comp;
	uint64_t comp_count;
	struct doca_flow_port *port[3];
	struct doca_flow_port *other_port;
	uint32_t sel_type, arr_type;
	doca_dpa_dev_uintptr_t heap; /* a struct prov_result array (64 entries) */
};

extern struct pt pt;

/* Once per program: devices (two BlueField-3, the first with two representors) and a
 * started DPA context on the first. */
int pt_group_setup(void **state);
int pt_group_teardown(void **state);
/* Per test: DOCA Flow in switch mode with 'workers' NIC workers, ports 0..2 started;
 * with_other: also a port (id 3) on the second device. */
void pt_flow_up(uint32_t workers);

/* Set an environment variable for the code under test (then sdpa_config_reload), keeping
 * the value it had before the first pt_setenv of it; pt_env_restore puts back every such
 * variable as it was (unset if it was) and reloads. */
void pt_setenv(const char *name, const char *value);
void pt_env_restore(void);
void pt_flow_down(void);
int pt_teardown(void **state);

/* A hash pipe on port 0 forwarding per entry; algos 0 = HASH. changeable: UDP source port
 * is the path-selector field (D3). Entries: entry i forwards to port 1 + (i % 2) with
 * path-selector value 1000 + i. */
struct doca_flow_pipe *pt_hash_pipe(uint32_t nr, uint32_t algos, bool changeable, bool root);
void pt_hash_entries(struct doca_flow_pipe *p, uint32_t first, uint32_t n, bool changeable);

/* Queues on port 0: sizes per type, 0 = none of that type; nq queues each. */
void pt_queues(struct doca_flow_dpa_ctx *ctx, uint32_t general, uint32_t write, uint32_t read,
               uint32_t nq);

/* Launch 'fn' on n threads and wait until it ends (asserts it does within 20 s). */
#define pt_launch(n, fn, ...)                                                                      \
	pt_launch_wait(doca_dpa_kernel_launch_update_add(pt.dpa, NULL, 0, pt.comp, 1, (n), &(fn),  \
	                                                 __VA_ARGS__))
void pt_launch_wait(doca_error_t launch_rc);

/* Results written by kernels (DPA heap), read back to the host. */
void pt_results_clear(void);
void pt_results(struct prov_result *r, uint32_t n);
uint64_t pt_result_addr(uint32_t i);

/* Frames: UDP/IPv4 64 B from 10.0.0.1 to dst; returns the port it left on (1 or 2, 0 if
 * none) and its UDP source port. */
uint16_t pt_send(uint32_t dst, uint16_t *sport_out);

/* An IPv4 destination whose hash (calc_hash) selects index 'idx' of a pipe whose index
 * space is 'space'. */
/* Index selectors, made in prov_t.c: a file that calls the device API cannot include the
 * host selector header (the selector modify calls share their names). */
struct doca_flow_external_resource_index_selector;
struct doca_flow_external_resource_index_selector *pt_selector_create(uint32_t nres);
void pt_selector_destroy(struct doca_flow_external_resource_index_selector *sel);

uint32_t pt_dst_for(struct doca_flow_pipe *p, uint32_t idx, uint32_t space);
#endif
