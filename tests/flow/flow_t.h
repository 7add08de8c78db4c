/* SPDX-License-Identifier: BSD-3-Clause
 * Helpers shared by the DOCA Flow tests (ft_ prefix).
 */
#ifndef FLOW_T_H
#define FLOW_T_H

#include <stdint.h>

#include <doca_flow.h>
#include <softdpa.h>

#include "nic/frame_builder.h"
#include "t_helpers.h"

enum { FT_MAX_PORTS = 4 };

extern struct doca_flow_port *ft_ports[FT_MAX_PORTS];

/* Entry callback tallies: ft_cb[op][status]. */
extern unsigned int ft_cb[4][3];
extern void *ft_cb_last_ctx;

/* Definitions ft_init gives DOCA Flow (doca_flow_cfg_set_definitions) when not NULL. */
extern const struct doca_flow_definitions *ft_defs;

/* doca_flow_init with mode "vnf,hws" or "switch,hws", SOFTDPA_NIC_WORKERS = workers, the
 * given queues/depth (0 = defaults), the counting entry callback, then start ports
 * 0..nports-1 on mem wires. */
void ft_init(const char *mode, uint32_t workers, uint16_t queues, uint32_t depth, uint32_t nports);
/* Stop every port and destroy DOCA Flow. */
void ft_fini(void);
/* cmocka teardown: doca_flow_destroy() whatever state a failed test left. */
int ft_teardown(void **state);
#define FT_TEST(fn) cmocka_unit_test_teardown(fn, ft_teardown)

/* A UDP/IPv4 frame (64 bytes), host-order addresses and ports. */
uint32_t ft_udp4(uint8_t *buf, uint32_t src, uint32_t dst, uint16_t sport, uint16_t dport);
/* A UDP/IPv6 frame with a flow label. */
uint32_t ft_udp6(uint8_t *buf, uint32_t flow_label, uint16_t sport);

void ft_inject(uint16_t port, const uint8_t *frame, uint32_t len);
/* Drain one frame: its length, 0 when none. */
uint32_t ft_drain(uint16_t port, uint8_t *buf);
/* Drain every frame of a port; how many there were. */
uint32_t ft_drain_all(uint16_t port);
void ft_sync(void);
/* entries_process(port, queue 0, all) and assert SUCCESS. */
void ft_process(struct doca_flow_port *port);
uint64_t ft_entry_pkts(struct doca_flow_pipe_entry *e);
uint64_t ft_dropped(uint16_t port, enum softdpa_drop_reason why);

#endif
