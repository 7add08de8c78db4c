/* SPDX-License-Identifier: BSD-3-Clause
 * DOCA Flow datapath throughput on the mem wire, one JSON line per case:
 *   (a) BASIC pipe with 1M exact-match entries (IPv4 destination) -> port 1
 *   (b) HASH pipe (8 entries, per-entry counters) -> port 1
 *   (c) ORDERED_LIST (array ADD) -> the hash pipe of (b)
 *   (d) BASIC pipe, one match-all entry with a counter -> port 1
 *   (e) as (d), plus a VXLAN L2 encap (the frame grows by 50 bytes, entropy source port)
 * each beside a baseline that moves the same frames through the same wire with no
 * pipeline (rx burst -> tx burst), so the ratio shows the pipeline's own cost.
 * Case a hits every entry (one frame per entry, up to 2M). Workers: 0 (deterministic: the figure is
 * per worker) and 1 worker thread. With workers, the frames go in rounds of PRELOAD: injected
 * while the workers are held (sdpa_nic_hold), then timed from their release to
 * softdpa_nic_sync, so the figure is what the workers deliver, not what this thread can
 * inject (on 2 cores, an injecting thread would take one of them).
 *
 * usage: bench_flow [frames (default 2000000)] [entries for (a) (default 1048576)]
 *                   [cases, e.g. "de" (default "abc")] [max workers (default 1)]
 * (--help for the ranges and the JSON fields).
 */
#include <arpa/inet.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <doca_flow.h>
#include <doca_flow_external_action_array.h>
#include <doca_flow_external_actions.h>
#include <softdpa.h>

#include "bench_cli.h"
#include "core/config.h"
#include "io/port.h"
#include "nic/frame_builder.h"
#include "nic/nic.h"

/* At least MIN_FRAMES distinct frames, and one per entry of case a up to MAX_FRAMES, so that
 * every entry is hit (make bench-compare's exact-match pairs). */
enum { MIN_FRAMES = 4096, MAX_FRAMES = 1u << 21, CHUNK = 512, FLEN = 64, PRELOAD = 8192 };

static uint8_t (*frames)[FLEN];
static uint32_t nframes;
static uint32_t nentries_a = 1u << 20;
static struct doca_flow_port *ports[2];
static uint32_t arr_type;
static struct doca_flow_external_resource_array *arr; /* case (c)'s; freed by teardown */

static double now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

/* What the machine gives n threads at once, in units of one thread alone: n threads run
 * the same loop together; capacity = n x (one thread's time alone) / (the time until the
 * last of the n is done). 2 on 2 idle cores. Less when another process, or another guest
 * of the host, takes part of a core: the frames of a port are split over the workers by
 * flow, so the slowest worker sets the pace, as the last thread does here. Best of 3. */
enum { SPIN_ITERS = 8000000, MAX_PROBE = 16 };

static void *spin(void *arg)
{
	uint64_t x = (uintptr_t)arg;

	for (uint32_t i = 0; i < SPIN_ITERS; i++)
		x = x * 6364136223846793005ull + 1442695040888963407ull; /* a dependent chain */
	/* returned, so the loop stays */
	return (void *)(uintptr_t)(x | 1);
}

static double spin_time(uint32_t n)
{
	pthread_t th[MAX_PROBE];
	double best = 1e9;

	for (int r = 0; r < 3; r++) {
		double t0 = now(), dt;
		uint32_t started = 0;
		void *v;

		for (uint32_t i = 0; i < n; i++)
			started += pthread_create(&th[started], NULL, spin,
			                          (void *)(uintptr_t)(i + 1)) == 0;
		for (uint32_t i = 0; i < started; i++)
			(void)pthread_join(th[i], &v);
		dt = now() - t0;
		if (started == n && dt < best)
			best = dt;
	}
	return best;
}

/* n >= 2; -1 when it cannot be measured (more threads than the probe starts, or none ran) */
static double capacity(uint32_t n)
{
	double t1, tn;

	if (n > MAX_PROBE)
		return -1;
	t1 = spin_time(1);
	tn = spin_time(n);
	return tn < 1e9 ? n * t1 / tn : -1;
}

#define CHECK(x)                                                                                   \
	do {                                                                                       \
		doca_error_t r_ = (x);                                                             \
		if (r_ != DOCA_SUCCESS) {                                                          \
			fprintf(stderr, "%s:%d: %s failed: %s\n", __FILE__, __LINE__, #x,          \
			        doca_error_get_name(r_));                                          \
			exit(1);                                                                   \
		}                                                                                  \
	} while (0)

/* Frames to ndst destinations; one per destination when 'every' (case a: every entry is
 * hit), else MIN_FRAMES. */
static void make_frames(uint32_t ndst, bool every)
{
	struct sdpa_frame_spec s;

	free(frames);
	nframes = !every || ndst < MIN_FRAMES ? MIN_FRAMES : ndst > MAX_FRAMES ? MAX_FRAMES : ndst;
	frames = malloc((size_t)nframes * FLEN);
	if (frames == NULL)
		exit(1);
	for (uint32_t i = 0; i < nframes; i++) {
		memset(&s, 0, sizeof(s));
		s.l3 = SDPA_L3_IP4;
		s.ip4_src = 0x0a000001;
		s.ip4_dst = 0x0b000000 + (uint32_t)(((uint64_t)i * 2654435761u) % ndst);
		s.l4 = SDPA_L4_UDP;
		s.src_port = 1000;
		s.dst_port = (uint16_t)(2000 + i);
		s.frame_len = FLEN;
		if (sdpa_frame_build(&s, frames[i], FLEN) != FLEN)
			exit(1);
	}
}

static void setup(uint32_t workers)
{
	struct doca_flow_cfg *cfg;
	char w[8];

	snprintf(w, sizeof(w), "%u", workers);
	setenv("SOFTDPA_NIC_WORKERS", w, 1);
	/* rings deep enough for a preloaded round (run_held) */
	setenv("SOFTDPA_PORT0", workers ? "mem:8192" : "mem", 1);
	setenv("SOFTDPA_PORT1", workers ? "mem:8192" : "mem", 1);
	sdpa_config_reload();
	CHECK(doca_flow_external_action_array_register(&arr_type));
	CHECK(doca_flow_cfg_create(&cfg));
	CHECK(doca_flow_cfg_set_mode_args(cfg, "vnf,hws"));
	CHECK(doca_flow_cfg_set_queue_depth(cfg, 4096));
	CHECK(doca_flow_init(cfg));
	doca_flow_cfg_destroy(cfg);
	for (uint16_t i = 0; i < 2; i++) {
		struct doca_flow_port_cfg *pc;

		CHECK(doca_flow_port_cfg_create(&pc));
		CHECK(doca_flow_port_cfg_set_port_id(pc, i));
		CHECK(doca_flow_port_start(pc, &ports[i]));
		doca_flow_port_cfg_destroy(pc);
	}
}

static void teardown(void)
{
	doca_flow_port_stop(ports[1]);
	doca_flow_port_stop(ports[0]);
	/* After the ports: their pipes pin the array until they are gone. */
	doca_flow_external_resource_array_destroy(arr);
	arr = NULL;
	doca_flow_destroy();
}

/* Time spent moving frames through the NIC (inside softdpa_nic_sync in mode 0, or the
 * baseline's rx->tx loop): the per-worker cost. */
static double nic_time;
/* The same share in this thread's CPU time: what the NIC work cost, without the time the
 * thread waited for a core (the machine may be shared; make bench-compare uses it). */
static double nic_cpu;

static double cpu_now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

/* Inject total frames in chunks, let the NIC process them, drain port 1. Returns the
 * end-to-end time; nic_time gets the NIC's share (mode 0 only). */
static double run(uint64_t total, uint64_t *out)
{
	static uint8_t buf[SOFTDPA_FRAME_MAX];
	uint64_t sent = 0, got = 0;
	uint32_t len;
	double t0 = now();

	nic_time = 0;
	nic_cpu = 0;
	while (sent < total) {
		for (uint32_t i = 0; i < CHUNK && sent < total; i++, sent++)
			while (softdpa_port_inject(0, frames[sent % nframes], FLEN) ==
			       DOCA_ERROR_AGAIN)
				while (softdpa_port_drain(1, buf, sizeof(buf), &len) ==
				       DOCA_SUCCESS)
					got++;
		if (sdpa_config_get()->nic_workers == 0) {
			double ts = now(), tc = cpu_now();

			CHECK(softdpa_nic_sync());
			nic_time += now() - ts;
			nic_cpu += cpu_now() - tc;
		}
		while (softdpa_port_drain(1, buf, sizeof(buf), &len) == DOCA_SUCCESS)
			got++;
	}
	CHECK(softdpa_nic_sync());
	while (softdpa_port_drain(1, buf, sizeof(buf), &len) == DOCA_SUCCESS)
		got++;
	*out = got;
	return now() - t0;
}

/* With workers: rounds of PRELOAD frames injected while the workers are held, then timed
 * from their release until softdpa_nic_sync returns (this thread sleeps meanwhile). Returns
 * the sum of the timed spans. */
static double run_held(uint64_t total, uint64_t *out)
{
	static uint8_t buf[SOFTDPA_FRAME_MAX];
	uint64_t sent = 0, got = 0;
	uint32_t len;
	double busy = 0;

	while (sent < total) {
		double t0;

		sdpa_nic_hold(true);
		for (uint32_t i = 0; i < PRELOAD && sent < total; i++, sent++)
			CHECK(softdpa_port_inject(0, frames[sent % nframes], FLEN));
		t0 = now();
		sdpa_nic_hold(false);
		CHECK(softdpa_nic_sync());
		busy += now() - t0;
		while (softdpa_port_drain(1, buf, sizeof(buf), &len) == DOCA_SUCCESS)
			got++;
	}
	*out = got;
	return busy;
}

/* Baseline: the same wire, no pipeline (this thread moves the frames rx -> tx). */
static double run_baseline(uint64_t total, uint64_t *out)
{
	static uint8_t buf[SOFTDPA_FRAME_MAX];
	uint64_t sent = 0, got = 0;
	uint32_t len;
	double t0 = now();

	nic_time = 0;
	while (sent < total) {
		struct sdpa_pkt *pk[SDPA_WIRE_BURST_MAX];
		uint16_t n;
		double ts;

		for (uint32_t i = 0; i < CHUNK && sent < total; i++, sent++)
			CHECK(softdpa_port_inject(0, frames[sent % nframes], FLEN));
		ts = now();
		while ((n = sdpa_port_rx_burst(0, pk, SDPA_WIRE_BURST_MAX)) > 0) {
			sdpa_port_tx_burst(1, 0, pk, n);
			sdpa_port_rx_release(0, n);
		}
		nic_time += now() - ts;
		while (softdpa_port_drain(1, buf, sizeof(buf), &len) == DOCA_SUCCESS)
			got++;
	}
	*out = got;
	return now() - t0;
}

static struct doca_flow_pipe *hash_pipe(bool root)
{
	struct doca_flow_pipe_cfg *pc;
	struct doca_flow_match mask;
	struct doca_flow_monitor mon = {.counter_type = DOCA_FLOW_RESOURCE_TYPE_NON_SHARED};
	struct doca_flow_fwd fwd = {.type = DOCA_FLOW_FWD_PORT, .port_id = 0xffff};
	struct doca_flow_pipe *p;
	struct doca_flow_pipe_entry *e;

	memset(&mask, 0, sizeof(mask));
	mask.outer.l3_type = DOCA_FLOW_L3_TYPE_IP4;
	mask.outer.ip4.dst_ip = 0xffffffff;
	CHECK(doca_flow_pipe_cfg_create(&pc, ports[0]));
	CHECK(doca_flow_pipe_cfg_set_name(pc, "HASH"));
	CHECK(doca_flow_pipe_cfg_set_type(pc, DOCA_FLOW_PIPE_HASH));
	CHECK(doca_flow_pipe_cfg_set_is_root(pc, root));
	CHECK(doca_flow_pipe_cfg_set_nr_entries(pc, 8));
	CHECK(doca_flow_pipe_cfg_set_match(pc, NULL, &mask));
	CHECK(doca_flow_pipe_cfg_set_monitor(pc, &mon));
	CHECK(doca_flow_pipe_create(pc, &fwd, NULL, &p));
	doca_flow_pipe_cfg_destroy(pc);
	for (uint32_t i = 0; i < 8; i++) {
		fwd.port_id = 1;
		CHECK(doca_flow_pipe_hash_add_entry(0, p, i, 0, NULL, NULL, &fwd,
		                                    DOCA_FLOW_ENTRY_FLAGS_NO_WAIT, NULL, &e));
	}
	CHECK(doca_flow_entries_process(ports[0], 0, 0, 0));
	return p;
}

static double thread_cpu(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

/* Case a's pipe and its entries' handles (for the churn that follows its frames). */
static struct doca_flow_pipe *pipe_a;
static struct doca_flow_pipe_entry **entries_a;

/* Add case a's entries: IPv4 destinations 11.0.0.0 + i, each to port 1, in batches of 1024
 * (the last of each with NO_WAIT, then entries_process). */
static void add_a(void)
{
	struct doca_flow_match m;
	struct doca_flow_fwd fwd = {.type = DOCA_FLOW_FWD_PORT, .port_id = 1};

	memset(&m, 0, sizeof(m));
	m.outer.l3_type = DOCA_FLOW_L3_TYPE_IP4;
	for (uint32_t i = 0; i < nentries_a; i++) {
		m.outer.ip4.dst_ip = htonl(0x0b000000 + i);
		CHECK(doca_flow_pipe_basic_add_entry(0, pipe_a, &m, 0, NULL, NULL, &fwd,
		                                     (i % 1024 == 1023)
		                                             ? DOCA_FLOW_ENTRY_FLAGS_NO_WAIT
		                                             : DOCA_FLOW_ENTRY_FLAGS_WAIT_FOR_BATCH,
		                                     NULL, &entries_a[i]));
		if (i % 1024 == 1023)
			CHECK(doca_flow_entries_process(ports[0], 0, 0, 0));
	}
	CHECK(doca_flow_entries_process(ports[0], 0, 0, 0));
}

static void case_a(void)
{
	struct doca_flow_pipe_cfg *pc;
	struct doca_flow_match m;
	struct doca_flow_fwd fwd = {.type = DOCA_FLOW_FWD_PORT, .port_id = 0xffff};
	struct doca_flow_pipe *p;

	memset(&m, 0, sizeof(m));
	m.outer.l3_type = DOCA_FLOW_L3_TYPE_IP4;
	m.outer.ip4.dst_ip = 0xffffffff;
	CHECK(doca_flow_pipe_cfg_create(&pc, ports[0]));
	CHECK(doca_flow_pipe_cfg_set_name(pc, "EXACT"));
	CHECK(doca_flow_pipe_cfg_set_type(pc, DOCA_FLOW_PIPE_BASIC));
	CHECK(doca_flow_pipe_cfg_set_is_root(pc, true));
	CHECK(doca_flow_pipe_cfg_set_nr_entries(pc, nentries_a));
	CHECK(doca_flow_pipe_cfg_set_match(pc, &m, NULL));
	CHECK(doca_flow_pipe_create(pc, &fwd, NULL, &p));
	doca_flow_pipe_cfg_destroy(pc);
	pipe_a = p;
	add_a();
}

/* Churn: remove every entry of case a, let the removals complete and their grace period
 * pass, add them all again. CPU ns per entry of each half into *rm and *add: the add of a
 * warm process, its slots and buckets reused, beside the first add that made them. */
static void churn_a(double *rm, double *add)
{
	double c0 = thread_cpu();

	for (uint32_t i = 0; i < nentries_a; i++) {
		CHECK(doca_flow_pipe_remove_entry(0,
		                                  (i % 1024 == 1023)
		                                          ? DOCA_FLOW_ENTRY_FLAGS_NO_WAIT
		                                          : DOCA_FLOW_ENTRY_FLAGS_WAIT_FOR_BATCH,
		                                  entries_a[i]));
		if (i % 1024 == 1023)
			CHECK(doca_flow_entries_process(ports[0], 0, 0, 0));
	}
	CHECK(doca_flow_entries_process(ports[0], 0, 0, 0));
	*rm = (thread_cpu() - c0) * 1e9 / nentries_a;
	CHECK(softdpa_nic_sync()); /* a quiescent point: the removed slots' grace ends */
	c0 = thread_cpu();
	add_a();
	*add = (thread_cpu() - c0) * 1e9 / nentries_a;
}

/* Cases d and e: a root BASIC pipe matching every frame, a counter, port 1; e adds a VXLAN
 * encap (L2, IPv4 outer, UDP source port from the entropy). */
static void case_de(bool encap)
{
	struct doca_flow_pipe_cfg *pc;
	struct doca_flow_monitor mon = {.counter_type = DOCA_FLOW_RESOURCE_TYPE_NON_SHARED};
	struct doca_flow_fwd fwd = {.type = DOCA_FLOW_FWD_PORT, .port_id = 1};
	struct doca_flow_actions a, *acts[1] = {&a};
	struct doca_flow_pipe *p;
	struct doca_flow_pipe_entry *e;

	memset(&a, 0, sizeof(a));
	a.encap_type = DOCA_FLOW_RESOURCE_TYPE_NON_SHARED;
	a.encap_cfg.is_l2 = true;
	memset(a.encap_cfg.encap.outer.eth.dst_mac, 0x11, 6);
	memset(a.encap_cfg.encap.outer.eth.src_mac, 0x22, 6);
	a.encap_cfg.encap.outer.l3_type = DOCA_FLOW_L3_TYPE_IP4;
	a.encap_cfg.encap.outer.ip4.src_ip = htonl(0x0a0a0a01);
	a.encap_cfg.encap.outer.ip4.dst_ip = htonl(0x0a0a0a02);
	a.encap_cfg.encap.outer.ip4.ttl = 64;
	a.encap_cfg.encap.tun.type = DOCA_FLOW_TUN_VXLAN;
	a.encap_cfg.encap.tun.vxlan_tun_id = htonl(42);
	CHECK(doca_flow_pipe_cfg_create(&pc, ports[0]));
	CHECK(doca_flow_pipe_cfg_set_name(pc, encap ? "ENCAP_CTR_FWD" : "CTR_FWD"));
	CHECK(doca_flow_pipe_cfg_set_type(pc, DOCA_FLOW_PIPE_BASIC));
	CHECK(doca_flow_pipe_cfg_set_is_root(pc, true));
	CHECK(doca_flow_pipe_cfg_set_monitor(pc, &mon));
	if (encap)
		CHECK(doca_flow_pipe_cfg_set_actions(pc, acts, NULL, NULL, 1));
	CHECK(doca_flow_pipe_create(pc, &fwd, NULL, &p));
	doca_flow_pipe_cfg_destroy(pc);
	CHECK(doca_flow_pipe_basic_add_entry(0, p, NULL, 0, NULL, NULL, NULL,
	                                     DOCA_FLOW_ENTRY_FLAGS_NO_WAIT, NULL, &e));
	CHECK(doca_flow_entries_process(ports[0], 0, 0, 0));
}

static void case_c(void)
{
	struct doca_flow_external_resource_array_cfg acfg = {
	        .size = 1,
	        .num_resources = 1,
	        .granularity = DOCA_FLOW_EXTERNAL_RESOURCE_GRANULARITY_64BIT};
	struct doca_flow_external_action_array aact;
	struct doca_flow_external_actions ext;
	struct doca_flow_ordered_list_element_adjusted el;
	struct doca_flow_ordered_list l = {0, 1, &el.element}, *lp = &l;
	struct doca_flow_pipe_cfg *pc;
	struct doca_flow_pipe *hp, *ol, *root;
	struct doca_flow_pipe_entry *e;
	struct doca_flow_match m;
	struct doca_flow_fwd fwd;

	hp = hash_pipe(false);
	CHECK(doca_flow_external_resource_array_create(&acfg, ports[0], &arr));
	memset(&aact, 0, sizeof(aact));
	aact.operation = DOCA_FLOW_EXTERNAL_ACTION_ARRAY_OP_ADD;
	aact.input_output.field_string = "meta.data";
	aact.input_output.width = 32;
	ext = (struct doca_flow_external_actions){arr_type, arr, 0, &aact};
	memset(&el, 0, sizeof(el));
	el.external.type = DOCA_FLOW_ORDERED_LIST_ELEMENT_EXTERNAL_ACTIONS;
	el.external.external_actions = &ext;
	fwd = (struct doca_flow_fwd){.type = DOCA_FLOW_FWD_HASH_PIPE};
	fwd.hash_pipe.pipe = hp;
	CHECK(doca_flow_pipe_cfg_create(&pc, ports[0]));
	CHECK(doca_flow_pipe_cfg_set_type(pc, DOCA_FLOW_PIPE_ORDERED_LIST));
	CHECK(doca_flow_pipe_cfg_set_ordered_lists(pc, &lp, 1));
	CHECK(doca_flow_pipe_create(pc, &fwd, NULL, &ol));
	doca_flow_pipe_cfg_destroy(pc);
	CHECK(doca_flow_pipe_ordered_list_add_entry(0, ol, 0, &l, NULL,
	                                            DOCA_FLOW_ENTRY_FLAGS_NO_WAIT, NULL, &e));
	memset(&m, 0, sizeof(m));
	m.outer.l3_type = DOCA_FLOW_L3_TYPE_IP4;
	fwd = (struct doca_flow_fwd){.type = DOCA_FLOW_FWD_ORDERED_LIST_PIPE};
	fwd.ordered_list_pipe.pipe = ol;
	CHECK(doca_flow_pipe_cfg_create(&pc, ports[0]));
	CHECK(doca_flow_pipe_cfg_set_type(pc, DOCA_FLOW_PIPE_BASIC));
	CHECK(doca_flow_pipe_cfg_set_is_root(pc, true));
	CHECK(doca_flow_pipe_cfg_set_match(pc, &m, NULL));
	CHECK(doca_flow_pipe_create(pc, &fwd, NULL, &root));
	doca_flow_pipe_cfg_destroy(pc);
	CHECK(doca_flow_pipe_basic_add_entry(0, root, NULL, 0, NULL, NULL, NULL,
	                                     DOCA_FLOW_ENTRY_FLAGS_NO_WAIT, NULL, &e));
	CHECK(doca_flow_entries_process(ports[0], 0, 0, 0));
}

/* Case a's setup: CPU ns per entry added (pipe creation, adds, entries_process), and the
 * resident memory it grew by, per entry (table, entries, data, counters); its churn's
 * (churn_a). */
static double insert_ns = -1, bytes_per_entry = -1, remove_ns = -1, reinsert_ns = -1;
static double cap = -1; /* capacity(workers) measured beside the timed runs (workers >= 2) */

static double rss_bytes(void)
{
	unsigned long size = 0, res = 0;
	FILE *f = fopen("/proc/self/statm", "r");

	if (f == NULL)
		return -1;
	if (fscanf(f, "%lu %lu", &size, &res) != 2)
		res = 0;
	fclose(f);
	return (double)res * 4096.0;
}

/* Best of REPS runs (the machine may be shared: the minimum is the least disturbed). */
enum { REPS = 5 };

/* The 1-minute load average (the machine's other work), -1 when unknown. */
static double load1(void)
{
	FILE *f = fopen("/proc/loadavg", "r");
	double l = -1;

	if (f != NULL) {
		if (fscanf(f, "%lf", &l) != 1)
			l = -1;
		fclose(f);
	}
	return l;
}

static void report(const char *name, uint32_t workers, uint64_t total, double t, double tn,
                   double tc, uint64_t out, double tb, double tbn)
{
	double mf = (double)total / 1e6;
	double e2e = bench_div(mf, t), base = bench_div(mf, tb);
	double wk = bench_div(mf, tn), bwk = bench_div(mf, tbn);

	printf("{\"bench\":\"flow\",\"case\":\"%s\",\"workers\":%u,\"load1\":%.2f,\"frames\":%llu,"
	       "\"delivered\":%llu,\"mpps\":%s,\"baseline_mpps\":%s,\"ratio\":%s",
	       name, workers, load1(), (unsigned long long)total, (unsigned long long)out,
	       bench_json(e2e, 2).s, bench_json(base, 2).s, bench_json(bench_div(e2e, base), 3).s);
	if (workers == 0)
		printf(",\"worker_mpps\":%s,\"baseline_worker_mpps\":%s,\"worker_ratio\":%s,"
		       "\"worker_ns_per_frame\":%s,\"pipeline_ns_per_frame\":%s",
		       bench_json(wk, 2).s, bench_json(bwk, 2).s,
		       bench_json(bench_div(wk, bwk), 3).s, bench_json(bench_div(1e3, wk), 1).s,
		       bench_json(bench_div(1e3, wk) - bench_div(1e3, bwk), 1).s);
	if (workers == 0)
		printf(",\"worker_cpu_ns_per_frame\":%s",
		       bench_json(bench_div(tc * 1e9, (double)total), 1).s);
	if (insert_ns >= 0)
		printf(",\"insert_cpu_ns_per_entry\":%s,\"rss_bytes_per_entry\":%s",
		       bench_json(insert_ns, 1).s, bench_json(bytes_per_entry, 1).s);
	if (remove_ns >= 0)
		printf(",\"remove_cpu_ns_per_entry\":%s,\"reinsert_cpu_ns_per_entry\":%s",
		       bench_json(remove_ns, 1).s, bench_json(reinsert_ns, 1).s);
	if (workers >= 2 && cap > 0)
		printf(",\"capacity\":%s", bench_json(cap, 2).s);
	{
		struct softdpa_port_stats s0, s1;

		if (softdpa_port_stats(0, &s0) == DOCA_SUCCESS &&
		    softdpa_port_stats(1, &s1) == DOCA_SUCCESS)
			printf(",\"dropped\":%llu",
			       (unsigned long long)(s0.dropped_total + s1.dropped_total));
	}
	printf("}\n");
	fflush(stdout);
}

static const struct bench_arg args[] = {
        {.name = "frames",
         .help = "frames per timed run",
         .unit = "a count",
         .lo = 1,
         .hi = 1000000000,
         .def = 2000000},
        /* 1 << 24: SDPA_FLOW_MAX_ENTRIES, the most a pipe may hold */
        {.name = "entries",
         .help = "exact-match entries in the pipe of case a",
         .unit = "a count",
         .lo = 1,
         .hi = 1u << 24,
         .def = 1u << 20},
        {.name = "cases",
         .help = "cases to run (a..e as above)",
         .unit = "case letters",
         .letters = "abcde",
         .def_str = "abc"},
        /* 64: MAX_NIC_WORKERS in src/core/config.c */
        {.name = "workers",
         .help = "run with 0, 1, ... up to this many NIC worker threads",
         .unit = "a count",
         .lo = 0,
         .hi = 64,
         .def = 1},
};

static struct bench_cli cli = {
        .prog = "bench_flow",
        .about = "DOCA Flow datapath throughput on the mem wire, 64-byte frames, best of 5 runs:\n"
                 "  a: BASIC pipe, exact match on the IPv4 destination -> port 1\n"
                 "  b: HASH pipe, 8 entries with counters -> port 1\n"
                 "  c: ORDERED_LIST (array ADD) -> the hash pipe of b\n"
                 "  d: BASIC pipe, one match-all entry, counter -> port 1\n"
                 "  e: d plus a VXLAN L2 encap (not run by default: ask for \"de\")\n"
                 "each beside a baseline moving the same frames rx -> tx with no pipeline.",
        .output =
                "  case, workers, load1 (1-minute load average), frames, delivered, dropped, mpps\n"
                "  (end to end; with workers, from a preloaded port: what the workers deliver),\n"
                "  baseline_mpps,\n"
                "  ratio; with 0 workers also worker_mpps, baseline_worker_mpps, worker_ratio,\n"
                "  worker_ns_per_frame (the NIC's share), pipeline_ns_per_frame (that minus\n"
                "  the baseline's), worker_cpu_ns_per_frame (that share in CPU time: without\n"
                "  the time the thread waited for a core); case a also insert_cpu_ns_per_entry\n"
                "  (CPU time of the pipe's creation and its adds, per entry) and\n"
                "  rss_bytes_per_entry (resident memory they added, per entry), and without\n"
                "  workers remove_cpu_ns_per_entry and reinsert_cpu_ns_per_entry (after the\n"
                "  frames, every entry removed, then all added again: memory reused);\n"
                "  with 2 or more workers also capacity (what the machine gave that many\n"
                "  threads at once, in units of one thread: 2 on 2 idle cores), measured\n"
                "  just before the timed runs;\n"
                "  with d and e run, one more line (case encap_cost): both CPU times per\n"
                "  frame and e_over_d, their ratio (issue 13's bound: 2)",
        .args = args,
        .nargs = sizeof(args) / sizeof(args[0]),
};

int main(int argc, char **argv)
{
	uint64_t total;
	static const char *const names[] = {"a_basic_1M_exact", "b_hash_counters",
	                                    "c_ol_array_add_hash", "d_counter_fwd",
	                                    "e_vxlan_encap_counter_fwd"};

	bench_cli_start(&cli, argc, argv);
	total = bench_cli_num(&cli, 0);
	nentries_a = (uint32_t)bench_cli_num(&cli, 1);
	setenv("SOFTDPA_LOG_LEVEL", "error", 0);
	double tb[5] = {0}, tbn[5] = {0}, cpu_ns[5] = {0};
	const char *cases = bench_cli_letters(&cli, 2);
	uint32_t maxw = (uint32_t)bench_cli_num(&cli, 3);

	for (uint32_t workers = 0; workers <= maxw; workers++) {
		for (int c = 0; c < 5; c++) {
			uint64_t out = 0, bout;
			double t = 1e9, tn = 1e9, tc = 1e9;

			if (strchr(cases, 'a' + c) == NULL)
				continue;
			make_frames(c == 0 ? nentries_a : 1u << 20, c == 0);
			setup(workers);
			/* The baseline moves frames in this thread: only without workers (a worker
			 * would consume the same RX ring). */
			if (workers == 0) {
				tb[c] = tbn[c] = 1e9;
				for (int r = 0; r < REPS; r++) {
					double x = run_baseline(total, &bout);

					tb[c] = x < tb[c] ? x : tb[c];
					tbn[c] = nic_time < tbn[c] ? nic_time : tbn[c];
				}
			}
			insert_ns = bytes_per_entry = remove_ns = reinsert_ns = -1;
			if (c == 0) {
				double c0, m0;

				/* The handles are the bench's memory, not the entries': resident
				 * before the figures start. */
				entries_a =
				        realloc(entries_a, (size_t)nentries_a * sizeof(*entries_a));
				if (entries_a == NULL) {
					fprintf(stderr, "bench_flow: out of memory\n");
					return 1;
				}
				memset(entries_a, 0, (size_t)nentries_a * sizeof(*entries_a));
				c0 = thread_cpu();
				m0 = rss_bytes();
				case_a();
				insert_ns = (thread_cpu() - c0) * 1e9 / nentries_a;
				bytes_per_entry = (rss_bytes() - m0) / nentries_a;
			} else if (c == 1)
				hash_pipe(true);
			else if (c == 2)
				case_c();
			else
				case_de(c == 4);
			if (workers == 0)
				(void)run(total / 10, &out); /* warm up */
			else
				(void)run_held(total / 10, &out);
			/* what the machine gives the workers, just before they are timed */
			cap = workers >= 2 ? capacity(workers) : -1;
			for (int r = 0; r < REPS; r++) {
				double x = workers == 0 ? run(total, &out) : run_held(total, &out);

				t = x < t ? x : t;
				tn = nic_time < tn ? nic_time : tn;
				tc = nic_cpu < tc ? nic_cpu : tc;
			}
			if (c == 0 && workers == 0)
				churn_a(&remove_ns, &reinsert_ns);
			report(names[c], workers, total, t, workers ? 0 : tn, workers ? 0 : tc, out,
			       tb[c], tbn[c]);
			if (workers == 0)
				cpu_ns[c] = tc * 1e9 / (double)total;
			teardown();
		}
		/* Issue 13's bound: the encap pipe (e) costs at most twice the plain one (d),
		 * in the worker's CPU time per frame. */
		if (workers == 0 && cpu_ns[3] > 0 && cpu_ns[4] > 0)
			printf("{\"bench\":\"flow\",\"case\":\"encap_cost\",\"workers\":0,"
			       "\"d_cpu_ns_per_frame\":%s,\"e_cpu_ns_per_frame\":%s,"
			       "\"e_over_d\":%s,\"bound\":2}\n",
			       bench_json(cpu_ns[3], 1).s, bench_json(cpu_ns[4], 1).s,
			       bench_json(cpu_ns[4] / cpu_ns[3], 2).s);
	}
	free(entries_a);
	return 0;
}
