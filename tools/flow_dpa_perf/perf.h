/* SPDX-License-Identifier: BSD-3-Clause
 * softdpa-flow-dpa-perf: internal interfaces between the tool's files.
 *   perf_main.c      options, the measurement loop, statistics, text and JSON output
 *   perf_env.c       bring-up: devices, DPA context, DOCA Flow in switch mode, provider
 *                    queues, exported hash pipes; the traffic threads
 *   perf_selftest.c  --self-test: sentinel value on the wire, captured to a pcap
 */
#ifndef PERF_H
#define PERF_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#include <doca_dpa.h>
#include <doca_flow.h>
#include <doca_flow_dpa_provider.h>
#include <doca_sync_event.h>

#include "perf_common.h"

#define PERF_TOOL "softdpa-flow-dpa-perf"

enum perf_hash { PERF_HASH_RANDOM, PERF_HASH_IDENTITY };

struct perf_opts {
	enum perf_op op;
	uint32_t workers;
	uint32_t burst;
	uint32_t queue_size;
	uint32_t threshold;
	uint32_t tables;
	uint32_t table_size;
	enum perf_hash hash;
	uint32_t warmup;
	uint32_t iterations;
	uint32_t pps;  /* frames per second the traffic thread injects; 0: no traffic */
	bool spin;     /* DPA threads busy-poll instead of yielding while they wait */
	bool no_model; /* --no-latency-model: the request engine's modelled latency is 0 */
	bool json;
	bool self_test;
	const char *pcap_out;
};

/* Everything the run needs, brought up by perf_env_up and released by perf_env_down. */
struct perf_env {
	struct doca_dev *dev;
	struct doca_dev_rep *rep[2];
	struct doca_dpa *dpa;
	struct doca_sync_event *comp;
	uint64_t comp_count;
	struct doca_flow_port *port[3];
	bool flow_up;
	struct doca_flow_dpa_ctx *ctx;
	struct doca_flow_pipe *root;
	uint32_t nr_pipes;
	struct doca_flow_pipe **pipes; /* workers * tables hash pipes */
	struct doca_flow_dpa_pipe **dpa_pipes;
	doca_flow_dpa_addr *addrs;
	uint32_t nic_workers;
};

/* Table geometry and hashing of the environment. */
struct perf_env_cfg {
	uint32_t workers; /* GENERAL queues on port 0 (queue_id = rank) */
	uint32_t queue_size;
	uint32_t nr_pipes; /* hash pipes; pipe k is reached by frames from 10.1.0.0 + k */
	uint32_t table_size;
	enum perf_hash hash;
};

/* 0 or a one-line error on stderr and 1. */
int perf_env_up(struct perf_env *env, const struct perf_env_cfg *cfg);
void perf_env_down(struct perf_env *env);

/* Launch 'fn' on n DPA threads (arguments follow) and wait up to timeout_s for its end.
 * Returns 0, or 1 with the reason on stderr. */
#define perf_launch(env, n, timeout_s, fn, ...)                                                    \
	perf_launch_wait((env), (timeout_s),                                                       \
	                 doca_dpa_kernel_launch_update_add((env)->dpa, NULL, 0, (env)->comp, 1,    \
	                                                   (n), &(fn), __VA_ARGS__))
int perf_launch_wait(struct perf_env *env, unsigned int timeout_s, doca_error_t launch_rc);

/* Monotonic clock in nanoseconds. */
uint64_t perf_now_ns(void);

/* Traffic: one thread injects UDP/IPv4 frames into port 0 (round-robin over the pipes,
 * destination = entry index for IDENTITY), one drains ports 1 and 2. */
struct perf_traffic;
struct perf_traffic_cfg {
	uint32_t pps;
	uint32_t nr_pipes;
	uint32_t table_size;
	uint32_t nic_workers; /* 0: the injector runs softdpa_nic_sync itself */
	/* Called by the drain thread for every frame that left port 1 or 2. */
	void (*on_frame)(void *arg, uint16_t port, const uint8_t *frame, uint32_t len);
	void *arg;
};
struct perf_traffic *perf_traffic_start(const struct perf_traffic_cfg *cfg);
/* The UDP destination port of frames injected from now on (self-test phase tag). Returns
 * true once every frame built with the previous tag has been injected; false (with one
 * line on stderr) when the injector has not got there within 30 s. */
bool perf_traffic_set_tag(struct perf_traffic *t, uint16_t udp_dst);
/* Frames that left ports 1 and 2 so far (drained). */
uint64_t perf_traffic_drained(const struct perf_traffic *t);
/* Wait until 'n' more frames than 'from' have been drained; false (with one line on
 * stderr) when that takes longer than 'seconds'. */
bool perf_traffic_wait(struct perf_traffic *t, uint64_t from, uint64_t n, unsigned seconds);
/* Stop both threads, let the NIC finish, drain what is left. Totals in the out args. */
void perf_traffic_stop(struct perf_traffic *t, uint64_t *injected, uint64_t *refused,
                       uint64_t *drained);

int perf_self_test(const struct perf_opts *o);

#endif
