/* SPDX-License-Identifier: BSD-3-Clause
 * softdpa-flow-dpa-perf bring-up and traffic. The setup is what a provider application
 * does on a BlueField-3: switch-mode DOCA Flow with the PF as port 0 and two representors
 * as ports 1 and 2, a started DPA context running the tool's kernels, provider queues on
 * port 0, and hash pipes exported to the DPA. A root basic pipe sends frames from
 * 10.1.0.0 + k to hash pipe k, so traffic reaches every table being modified.
 */
#include <arpa/inet.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <doca_dev.h>
#include <softdpa.h>

#include "core/atomics.h"
#include "nic/frame_builder.h"
#include "nic/nic.h"
#include "perf.h"

extern struct doca_dpa_app *flow_dpa_perf_app;

enum {
	FLOW_QUEUE_DEPTH = 1024,
	PROCESS_EVERY = 256, /* entries added between doca_flow_entries_process calls */
	TICK_NS = 1000000,   /* the injector's pacing period */
	FRAME_LEN = 64,
	ROOT_SRC_BASE = 0x0a010000, /* 10.1.0.0 + k -> hash pipe k */
	WAIT_SLEEP_NS = 20000,      /* completion-event polling period of the host */
	TAG_WAIT_S = 30,            /* perf_traffic_set_tag's wait for the injector */
};

uint64_t perf_now_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (uint64_t)ts.tv_sec * 1000000000ull + (uint64_t)ts.tv_nsec;
}

static int fail(const char *what, doca_error_t rc)
{
	fprintf(stderr, "%s: %s failed: %s (%s)\n", PERF_TOOL, what, doca_error_get_name(rc),
	        doca_error_get_descr(rc));
	return 1;
}

#define TRY(call)                                                                                  \
	do {                                                                                       \
		doca_error_t rc_ = (call);                                                         \
		if (rc_ != DOCA_SUCCESS)                                                           \
			return fail(#call, rc_);                                                   \
	} while (0)

static int devices_up(struct perf_env *env)
{
	struct doca_devinfo **list;
	struct doca_devinfo_rep **reps;
	uint32_t n, nrep;
	doca_error_t rc;

	TRY(doca_devinfo_create_list(&list, &n));
	rc = n == 0 ? DOCA_ERROR_NOT_FOUND : doca_dev_open(list[0], &env->dev);
	doca_devinfo_destroy_list(list);
	if (rc != DOCA_SUCCESS)
		return fail("opening the first device (check SOFTDPA_DEVICES)", rc);
	TRY(doca_devinfo_rep_create_list(env->dev, DOCA_DEVINFO_REP_FILTER_NET, &reps, &nrep));
	if (nrep < 2) {
		doca_devinfo_rep_destroy_list(reps);
		fprintf(stderr,
		        "%s: the first device has %u representors; the tool needs 2 (ports 1 "
		        "and 2): set SOFTDPA_DEVICES='model=bf3,reps=2' or leave it unset\n",
		        PERF_TOOL, nrep);
		return 1;
	}
	for (int i = 0; i < 2; i++) {
		rc = doca_dev_rep_open(reps[i], &env->rep[i]);
		if (rc != DOCA_SUCCESS) {
			doca_devinfo_rep_destroy_list(reps);
			return fail("doca_dev_rep_open", rc);
		}
	}
	doca_devinfo_rep_destroy_list(reps);
	return 0;
}

static int dpa_up(struct perf_env *env)
{
	TRY(doca_dpa_create(env->dev, &env->dpa));
	TRY(doca_dpa_set_app(env->dpa, flow_dpa_perf_app));
	TRY(doca_dpa_start(env->dpa));
	TRY(doca_sync_event_create(&env->comp));
	TRY(doca_sync_event_add_publisher_location_dpa(env->comp, env->dpa));
	TRY(doca_sync_event_add_subscriber_location_cpu(env->comp, env->dev));
	TRY(doca_sync_event_start(env->comp));
	return 0;
}

static int flow_up(struct perf_env *env)
{
	struct doca_flow_cfg *cfg;
	doca_error_t rc;

	TRY(doca_flow_cfg_create(&cfg));
	rc = doca_flow_cfg_set_mode_args(cfg, "switch,hws");
	if (rc == DOCA_SUCCESS)
		rc = doca_flow_cfg_set_queue_depth(cfg, FLOW_QUEUE_DEPTH);
	if (rc == DOCA_SUCCESS)
		rc = doca_flow_init(cfg);
	doca_flow_cfg_destroy(cfg);
	if (rc != DOCA_SUCCESS)
		return fail("doca_flow_init", rc);
	env->flow_up = true;
	for (int i = 0; i < 3; i++) {
		struct doca_flow_port_cfg *pc;

		TRY(doca_flow_port_cfg_create(&pc));
		rc = doca_flow_port_cfg_set_port_id(pc, (uint16_t)i);
		if (rc == DOCA_SUCCESS)
			rc = i == 0 ? doca_flow_port_cfg_set_dev(pc, env->dev)
			            : doca_flow_port_cfg_set_dev_rep(pc, env->rep[i - 1]);
		if (rc == DOCA_SUCCESS)
			rc = doca_flow_port_start(pc, &env->port[i]);
		doca_flow_port_cfg_destroy(pc);
		if (rc != DOCA_SUCCESS)
			return fail("doca_flow_port_start", rc);
	}
	return 0;
}

/* Hash pipe k: one entry per index, entry i forwards to port 1 + i % 2 and carries UDP
 * source port 1000 + i % 30000 as its path-selector value (D3). */
static int hash_pipe(struct perf_env *env, uint32_t k, const struct perf_env_cfg *cfg)
{
	struct doca_flow_pipe_cfg *pc;
	struct doca_flow_match mask;
	struct doca_flow_actions act, *acts[1] = {&act};
	struct doca_flow_fwd fwd = {.type = DOCA_FLOW_FWD_PORT, .port_id = 0xffff};
	char name[32];
	doca_error_t rc;

	memset(&mask, 0, sizeof(mask));
	mask.outer.l3_type = DOCA_FLOW_L3_TYPE_IP4;
	mask.outer.ip4.dst_ip = 0xffffffff;
	memset(&act, 0, sizeof(act));
	act.outer.l4_type_ext = DOCA_FLOW_L4_TYPE_EXT_UDP;
	act.outer.udp.l4_port.src_port = 0xffff; /* the changeable field */
	snprintf(name, sizeof(name), "PERF_PSL_%u", k);
	TRY(doca_flow_pipe_cfg_create(&pc, env->port[0]));
	rc = doca_flow_pipe_cfg_set_name(pc, name);
	if (rc == DOCA_SUCCESS)
		rc = doca_flow_pipe_cfg_set_type(pc, DOCA_FLOW_PIPE_HASH);
	if (rc == DOCA_SUCCESS)
		rc = doca_flow_pipe_cfg_set_nr_entries(pc, cfg->table_size);
	if (rc == DOCA_SUCCESS)
		rc = doca_flow_pipe_cfg_set_match(pc, NULL, &mask);
	if (rc == DOCA_SUCCESS)
		rc = doca_flow_pipe_cfg_set_hash_map_algorithm(
		        pc, cfg->hash == PERF_HASH_RANDOM
		                    ? DOCA_FLOW_PIPE_HASH_MAP_ALGORITHM_RANDOM
		                    : DOCA_FLOW_PIPE_HASH_MAP_ALGORITHM_IDENTITY);
	if (rc == DOCA_SUCCESS)
		rc = doca_flow_pipe_cfg_set_actions(pc, acts, NULL, NULL, 1);
	if (rc == DOCA_SUCCESS)
		rc = doca_flow_pipe_create(pc, &fwd, NULL, &env->pipes[k]);
	doca_flow_pipe_cfg_destroy(pc);
	if (rc != DOCA_SUCCESS)
		return fail("creating a hash pipe", rc);

	/* Prepare before the first entry: entries added earlier would not be exported. */
	TRY(doca_flow_dpa_pipe_export_prepare(env->ctx, env->pipes[k], cfg->table_size,
	                                      &env->dpa_pipes[k]));
	for (uint32_t i = 0; i < cfg->table_size; i++) {
		struct doca_flow_fwd efwd = {.type = DOCA_FLOW_FWD_PORT,
		                             .port_id = (uint16_t)(1 + i % 2)};
		struct doca_flow_actions a;
		struct doca_flow_pipe_entry *e;

		memset(&a, 0, sizeof(a));
		a.outer.udp.l4_port.src_port = htons((uint16_t)(1000 + i % 30000));
		TRY(doca_flow_pipe_hash_add_entry(0, env->pipes[k], i, 0, &a, NULL, &efwd,
		                                  DOCA_FLOW_ENTRY_FLAGS_NO_WAIT, NULL, &e));
		if (i % PROCESS_EVERY == PROCESS_EVERY - 1)
			TRY(doca_flow_entries_process(env->port[0], 0, 0, 0));
	}
	TRY(doca_flow_entries_process(env->port[0], 0, 0, 0));
	TRY(doca_flow_dpa_pipe_export(env->ctx, env->dpa_pipes[k]));
	TRY(doca_flow_dpa_pipe_get_device_addr(env->ctx, env->dpa_pipes[k], &env->addrs[k]));
	return 0;
}

/* Root: frames from 10.1.0.0 + k go to hash pipe k. */
static int root_pipe(struct perf_env *env)
{
	struct doca_flow_pipe_cfg *pc;
	struct doca_flow_match m;
	struct doca_flow_fwd fwd = {.type = DOCA_FLOW_FWD_PIPE, .next_pipe = NULL};
	doca_error_t rc;

	memset(&m, 0, sizeof(m));
	m.outer.l3_type = DOCA_FLOW_L3_TYPE_IP4;
	m.outer.ip4.src_ip = 0xffffffff;
	TRY(doca_flow_pipe_cfg_create(&pc, env->port[0]));
	rc = doca_flow_pipe_cfg_set_name(pc, "PERF_ROOT");
	if (rc == DOCA_SUCCESS)
		rc = doca_flow_pipe_cfg_set_type(pc, DOCA_FLOW_PIPE_BASIC);
	if (rc == DOCA_SUCCESS)
		rc = doca_flow_pipe_cfg_set_is_root(pc, true);
	if (rc == DOCA_SUCCESS)
		rc = doca_flow_pipe_cfg_set_nr_entries(pc, env->nr_pipes);
	if (rc == DOCA_SUCCESS)
		rc = doca_flow_pipe_cfg_set_match(pc, &m, NULL);
	if (rc == DOCA_SUCCESS)
		rc = doca_flow_pipe_create(pc, &fwd, NULL, &env->root);
	doca_flow_pipe_cfg_destroy(pc);
	if (rc != DOCA_SUCCESS)
		return fail("creating the root pipe", rc);
	for (uint32_t k = 0; k < env->nr_pipes; k++) {
		struct doca_flow_fwd next = {.type = DOCA_FLOW_FWD_PIPE,
		                             .next_pipe = env->pipes[k]};
		struct doca_flow_pipe_entry *e;

		m.outer.ip4.src_ip = htonl(ROOT_SRC_BASE + k);
		TRY(doca_flow_pipe_basic_add_entry(0, env->root, &m, 0, NULL, NULL, &next,
		                                   DOCA_FLOW_ENTRY_FLAGS_NO_WAIT, NULL, &e));
	}
	TRY(doca_flow_entries_process(env->port[0], 0, 0, 0));
	return 0;
}

int perf_env_up(struct perf_env *env, const struct perf_env_cfg *cfg)
{
	struct flexio_process *process;
	struct doca_flow_dpa_queue_cfg qcfg = {DOCA_FLOW_DPA_QUEUE_TYPE_GENERAL, cfg->queue_size,
	                                       cfg->workers};

	memset(env, 0, sizeof(*env));
	env->nr_pipes = cfg->nr_pipes;
	env->pipes = calloc(cfg->nr_pipes, sizeof(*env->pipes));
	env->dpa_pipes = calloc(cfg->nr_pipes, sizeof(*env->dpa_pipes));
	env->addrs = calloc(cfg->nr_pipes, sizeof(*env->addrs));
	if (env->pipes == NULL || env->dpa_pipes == NULL || env->addrs == NULL) {
		fprintf(stderr, "%s: out of memory for %u tables; lower --tables or --workers\n",
		        PERF_TOOL, cfg->nr_pipes);
		return 1;
	}
	if (devices_up(env) || dpa_up(env) || flow_up(env))
		return 1;
	env->nic_workers = sdpa_nic_workers();
	TRY(softdpa_dpa_get_flexio_process(env->dpa, &process));
	TRY(doca_flow_dpa_init(process, &env->ctx));
	TRY(doca_flow_dpa_queues_create(env->ctx, env->port[0], &qcfg, 1));
	for (uint32_t k = 0; k < cfg->nr_pipes; k++)
		if (hash_pipe(env, k, cfg))
			return 1;
	return root_pipe(env);
}

void perf_env_down(struct perf_env *env)
{
	for (uint32_t k = 0; env->dpa_pipes != NULL && k < env->nr_pipes; k++)
		if (env->dpa_pipes[k] != NULL)
			doca_flow_dpa_pipe_destroy(env->ctx, env->dpa_pipes[k]);
	if (env->ctx != NULL) {
		doca_flow_dpa_queues_destroy(env->ctx, env->port[0]);
		doca_flow_dpa_destroy(env->ctx);
	}
	for (int i = 2; i >= 0; i--)
		if (env->port[i] != NULL)
			doca_flow_port_stop(env->port[i]);
	if (env->flow_up)
		doca_flow_destroy();
	if (env->comp != NULL) {
		doca_sync_event_stop(env->comp);
		doca_sync_event_destroy(env->comp);
	}
	if (env->dpa != NULL) {
		doca_dpa_stop(env->dpa);
		doca_dpa_destroy(env->dpa);
	}
	for (int i = 0; i < 2; i++)
		if (env->rep[i] != NULL)
			doca_dev_rep_close(env->rep[i]);
	if (env->dev != NULL)
		doca_dev_close(env->dev);
	free(env->pipes);
	free(env->dpa_pipes);
	free(env->addrs);
	memset(env, 0, sizeof(*env));
}

int perf_launch_wait(struct perf_env *env, unsigned int timeout_s, doca_error_t launch_rc)
{
	uint64_t v = 0, end = perf_now_ns() + (uint64_t)timeout_s * 1000000000ull;
	doca_error_t rc;

	if (launch_rc != DOCA_SUCCESS)
		return fail("doca_dpa_kernel_launch_update_add", launch_rc);
	env->comp_count++;
	for (;;) {
		rc = doca_sync_event_get(env->comp, &v);
		if (rc != DOCA_SUCCESS)
			return fail("doca_sync_event_get", rc);
		if (v >= env->comp_count)
			break;
		rc = doca_dpa_peek_at_last_error(env->dpa);
		if (rc != DOCA_SUCCESS)
			return fail("the kernel (doca_dpa_peek_at_last_error)", rc);
		if (perf_now_ns() > end) {
			fprintf(stderr, "%s: the kernel did not finish within %u s\n", PERF_TOOL,
			        timeout_s);
			return 1;
		}
		/* Sleep, not spin: EUs, NIC workers and the request processor share the
		 * host's cores, and a spinning waiter slows the kernel it waits for. The
		 * end of a launch is seen at most one sleep late (~1% of a 10 ms launch). */
		nanosleep(&(struct timespec){0, WAIT_SLEEP_NS}, NULL);
	}
	return 0;
}

/* ---- traffic ---- */

struct perf_traffic {
	struct perf_traffic_cfg cfg;
	pthread_t inj, drn;
	bool inj_started, drn_started;
	sdpa_atomic_u32 stop;    /* R-stop (perf_traffic_stop) pairs with A-stop in both loops */
	sdpa_atomic_u32 tag;     /* UDP destination port of the next frames */
	sdpa_atomic_u32 tag_ack; /* the tag of the injector's last finished tick */
	sdpa_atomic_u64 injected, refused, drained;
};

static uint32_t build(const struct perf_traffic *t, uint32_t n, uint16_t udp_dst, uint8_t *f)
{
	struct sdpa_frame_spec s;

	memset(&s, 0, sizeof(s));
	s.src_mac[5] = 0x01;
	s.dst_mac[5] = 0x02;
	s.l3 = SDPA_L3_IP4;
	s.ip4_src = ROOT_SRC_BASE + n % t->cfg.nr_pipes;
	/* IDENTITY pipes index by the destination; RANDOM ones ignore it. */
	s.ip4_dst = (n / t->cfg.nr_pipes) % t->cfg.table_size;
	s.l4 = SDPA_L4_UDP;
	s.src_port = 7;
	s.dst_port = udp_dst;
	s.frame_len = FRAME_LEN;
	return sdpa_frame_build(&s, f, 128);
}

static void *injector_main(void *arg)
{
	struct perf_traffic *t = arg;
	uint8_t f[128];
	uint32_t n = 0;
	uint64_t next = perf_now_ns(), credit = 0;

	/* A-stop: pairs with R-stop in perf_traffic_stop. */
	while (!sdpa_load_acquire(&t->stop)) {
		struct timespec ts;

		/* A-tag: pairs with R-tag in perf_traffic_set_tag. One tag per tick. */
		uint32_t tag = sdpa_load_acquire(&t->tag);

		/* Pace by ticks: pps/1000 frames per millisecond (fractions carried over). */
		credit += t->cfg.pps;
		for (; credit >= 1000; credit -= 1000, n++) {
			uint32_t len = build(t, n, (uint16_t)tag, f);

			if (softdpa_port_inject(0, f, len) == DOCA_SUCCESS)
				sdpa_fetch_add_relaxed(&t->injected, 1);
			else
				sdpa_fetch_add_relaxed(&t->refused, 1);
		}
		/* R-ack: pairs with A-ack in perf_traffic_set_tag: every frame built with
		 * the old tag has been injected. */
		sdpa_store_release(&t->tag_ack, tag);
		if (t->cfg.nic_workers == 0)
			softdpa_nic_sync();
		next += TICK_NS;
		ts.tv_sec = (time_t)(next / 1000000000ull);
		ts.tv_nsec = (long)(next % 1000000000ull);
		clock_nanosleep(CLOCK_MONOTONIC, TIMER_ABSTIME, &ts, NULL);
		if (perf_now_ns() > next + 100 * TICK_NS)
			next = perf_now_ns(); /* far behind (overloaded): do not burst to catch up
			                       */
	}
	return NULL;
}

static uint32_t drain_all(struct perf_traffic *t)
{
	uint8_t o[SOFTDPA_FRAME_MAX];
	uint32_t len, n = 0;

	for (uint16_t p = 1; p <= 2; p++) {
		while (softdpa_port_drain(p, o, sizeof(o), &len) == DOCA_SUCCESS) {
			n++;
			if (t->cfg.on_frame != NULL)
				t->cfg.on_frame(t->cfg.arg, p, o, len);
		}
	}
	if (n != 0)
		sdpa_fetch_add_relaxed(&t->drained, n);
	return n;
}

static void *drainer_main(void *arg)
{
	struct perf_traffic *t = arg;

	/* A-stop: pairs with R-stop in perf_traffic_stop. */
	while (!sdpa_load_acquire(&t->stop)) {
		if (drain_all(t) == 0) {
			struct timespec ts = {0, 200000};

			nanosleep(&ts, NULL);
		}
	}
	return NULL;
}

struct perf_traffic *perf_traffic_start(const struct perf_traffic_cfg *cfg)
{
	struct perf_traffic *t = calloc(1, sizeof(*t));

	if (t == NULL)
		return NULL;
	t->cfg = *cfg;
	sdpa_store_relaxed(&t->tag, 53);
	sdpa_store_relaxed(&t->tag_ack, 53);
	if (cfg->pps != 0 && pthread_create(&t->inj, NULL, injector_main, t) == 0)
		t->inj_started = true;
	if (pthread_create(&t->drn, NULL, drainer_main, t) == 0)
		t->drn_started = true;
	if ((cfg->pps != 0 && !t->inj_started) || !t->drn_started) {
		fprintf(stderr, "%s: cannot start the traffic threads\n", PERF_TOOL);
		perf_traffic_stop(t, NULL, NULL, NULL);
		return NULL;
	}
	return t;
}

bool perf_traffic_set_tag(struct perf_traffic *t, uint16_t udp_dst)
{
	uint64_t end = perf_now_ns() + TAG_WAIT_S * 1000000000ull;

	/* R-tag: pairs with A-tag in injector_main: what the caller observed before (a
	 * kernel's completion) happens before frames carrying the new tag are built. */
	sdpa_store_release(&t->tag, udp_dst);
	/* A-ack: pairs with R-ack in injector_main. Wait until no frame with the old tag
	 * is still being injected (one tick, 1 ms), bounded in case the thread stalls. */
	while (t->inj_started && sdpa_load_acquire(&t->tag_ack) != udp_dst) {
		if (perf_now_ns() > end) {
			fprintf(stderr,
			        "%s: traffic injector stalled for %u s (tag %u not taken up)\n",
			        PERF_TOOL, (unsigned)TAG_WAIT_S, (unsigned)udp_dst);
			return false;
		}
		nanosleep(&(struct timespec){0, 100000}, NULL);
	}
	return true;
}

uint64_t perf_traffic_drained(const struct perf_traffic *t)
{
	return sdpa_load_relaxed(&t->drained);
}

bool perf_traffic_wait(struct perf_traffic *t, uint64_t from, uint64_t n, unsigned seconds)
{
	uint64_t end = perf_now_ns() + seconds * 1000000000ull;

	while (perf_traffic_drained(t) < from + n) {
		if (perf_now_ns() > end) {
			fprintf(stderr, "%s: traffic stalled: %llu of %llu frames in %u s\n",
			        PERF_TOOL, (unsigned long long)(perf_traffic_drained(t) - from),
			        (unsigned long long)n, seconds);
			return false;
		}
		nanosleep(&(struct timespec){0, 1000000}, NULL);
	}
	return true;
}

void perf_traffic_stop(struct perf_traffic *t, uint64_t *injected, uint64_t *refused,
                       uint64_t *drained)
{
	/* R-stop: pairs with A-stop in injector_main and drainer_main. */
	sdpa_store_release(&t->stop, 1);
	if (t->inj_started)
		pthread_join(t->inj, NULL);
	if (t->drn_started)
		pthread_join(t->drn, NULL);
	softdpa_nic_sync();
	drain_all(t);
	if (injected != NULL)
		*injected = sdpa_load_relaxed(&t->injected);
	if (refused != NULL)
		*refused = sdpa_load_relaxed(&t->refused);
	if (drained != NULL)
		*drained = sdpa_load_relaxed(&t->drained);
	free(t);
}
