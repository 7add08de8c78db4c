/* SPDX-License-Identifier: BSD-3-Clause
 * Resizable pipes: CONGESTION_REACHED at the threshold, doca_flow_pipe_resize's sizes and
 * callbacks (nr_entries changed, relocation per entry on a queue the pipe does not exclude,
 * RESIZED), BASIC and CONTROL, the errors, and traffic forwarded by a worker thread while a
 * pipe grows and resizes: every frame injected comes out, none missed.
 */
#include <dirent.h>
#include <pthread.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "core/atomics.h"
#include "core/config.h"
#include "flow_t.h"
#include "nic/flow_ready.h"

static unsigned int n_congestion, n_resized, n_reloc, n_changed;
static uint32_t last_size;
static int pipe_ctx_marker;
static int new_ctx_marker;
static void *last_entry_ctx;
static uint16_t last_reloc_queue;

static void pipe_cb(struct doca_flow_pipe *pipe, enum doca_flow_pipe_status status,
                    enum doca_flow_pipe_op op, void *user_ctx)
{
	(void)pipe;
	assert_int_equal(status, DOCA_FLOW_PIPE_STATUS_SUCCESS);
	assert_ptr_equal(user_ctx, &pipe_ctx_marker);
	if (op == DOCA_FLOW_PIPE_OP_CONGESTION_REACHED)
		n_congestion++;
	else if (op == DOCA_FLOW_PIPE_OP_RESIZED)
		n_resized++;
}

static void entry_cb(struct doca_flow_pipe_entry *entry, uint16_t q,
                     enum doca_flow_entry_status status, enum doca_flow_entry_op op, void *ctx)
{
	(void)entry, (void)q, (void)status, (void)op;
	last_entry_ctx = ctx;
}

static doca_error_t changed_cb(void *pipe_user_ctx, uint32_t nr_entries)
{
	assert_ptr_equal(pipe_user_ctx, &pipe_ctx_marker);
	n_changed++;
	last_size = nr_entries;
	return DOCA_SUCCESS;
}

static doca_error_t reloc_cb(void *pipe_user_ctx, uint16_t q, void *entry_ctx, void **new_ctx)
{
	assert_ptr_equal(pipe_user_ctx, &pipe_ctx_marker);
	(void)entry_ctx;
	last_reloc_queue = q;
	n_reloc++;
	*new_ctx = &new_ctx_marker;
	return DOCA_SUCCESS;
}

static void init(uint32_t workers, uint16_t queues)
{
	struct doca_flow_cfg *cfg;
	char w[16];

	snprintf(w, sizeof(w), "%u", workers);
	setenv("SOFTDPA_NIC_WORKERS", w, 1);
	sdpa_config_reload();
	n_congestion = n_resized = n_reloc = n_changed = 0;
	memset(ft_ports, 0, sizeof(ft_ports));
	assert_int_equal(doca_flow_cfg_create(&cfg), DOCA_SUCCESS);
	assert_int_equal(doca_flow_cfg_set_mode_args(cfg, "vnf,hws"), DOCA_SUCCESS);
	assert_int_equal(doca_flow_cfg_set_pipe_queues(cfg, queues), DOCA_SUCCESS);
	assert_int_equal(doca_flow_cfg_set_cb_entry_process(cfg, entry_cb), DOCA_SUCCESS);
	assert_int_equal(doca_flow_cfg_set_cb_pipe_process(cfg, pipe_cb), DOCA_SUCCESS);
	assert_int_equal(doca_flow_init(cfg), DOCA_SUCCESS);
	doca_flow_cfg_destroy(cfg);
	for (uint16_t i = 0; i < 2; i++) {
		struct doca_flow_port_cfg *pc;

		assert_int_equal(doca_flow_port_cfg_create(&pc), DOCA_SUCCESS);
		assert_int_equal(doca_flow_port_cfg_set_port_id(pc, i), DOCA_SUCCESS);
		assert_int_equal(doca_flow_port_start(pc, &ft_ports[i]), DOCA_SUCCESS);
		doca_flow_port_cfg_destroy(pc);
	}
}

/* A resizable root pipe of port 0 matching the IPv4 destination, forwarding to port 1. */
static struct doca_flow_pipe *resizable(enum doca_flow_pipe_type type, uint32_t nr, uint8_t pct,
                                        int exclude_q)
{
	struct doca_flow_pipe_cfg *pc;
	struct doca_flow_match match;
	struct doca_flow_fwd fwd;
	struct doca_flow_pipe *p = NULL;

	memset(&match, 0, sizeof(match));
	match.outer.l3_type = DOCA_FLOW_L3_TYPE_IP4;
	match.outer.ip4.dst_ip = UINT32_MAX;
	memset(&fwd, 0, sizeof(fwd));
	fwd.type = DOCA_FLOW_FWD_PORT;
	fwd.port_id = 1;
	assert_int_equal(doca_flow_pipe_cfg_create(&pc, ft_ports[0]), DOCA_SUCCESS);
	assert_int_equal(doca_flow_pipe_cfg_set_name(pc, "RESIZABLE"), DOCA_SUCCESS);
	assert_int_equal(doca_flow_pipe_cfg_set_type(pc, type), DOCA_SUCCESS);
	assert_int_equal(doca_flow_pipe_cfg_set_is_root(pc, true), DOCA_SUCCESS);
	assert_int_equal(doca_flow_pipe_cfg_set_nr_entries(pc, nr), DOCA_SUCCESS);
	assert_int_equal(doca_flow_pipe_cfg_set_is_resizable(pc, true), DOCA_SUCCESS);
	assert_int_equal(doca_flow_pipe_cfg_set_congestion_level_threshold(pc, pct), DOCA_SUCCESS);
	assert_int_equal(doca_flow_pipe_cfg_set_user_ctx(pc, &pipe_ctx_marker), DOCA_SUCCESS);
	if (exclude_q >= 0)
		assert_int_equal(doca_flow_pipe_cfg_set_excluded_queue(pc, (uint16_t)exclude_q),
		                 DOCA_SUCCESS);
	if (type == DOCA_FLOW_PIPE_BASIC) {
		assert_int_equal(doca_flow_pipe_cfg_set_match(pc, &match, NULL), DOCA_SUCCESS);
		assert_int_equal(doca_flow_pipe_create(pc, &fwd, NULL, &p), DOCA_SUCCESS);
	} else {
		assert_int_equal(doca_flow_pipe_create(pc, NULL, NULL, &p), DOCA_SUCCESS);
	}
	doca_flow_pipe_cfg_destroy(pc);
	return p;
}

static void add(struct doca_flow_pipe *p, enum doca_flow_pipe_type type, uint32_t key, void *ctx)
{
	struct doca_flow_match match, mask;
	struct doca_flow_fwd fwd;

	memset(&match, 0, sizeof(match));
	match.outer.l3_type = DOCA_FLOW_L3_TYPE_IP4;
	match.outer.ip4.dst_ip = __builtin_bswap32(0x0a000000 + key);
	if (type == DOCA_FLOW_PIPE_BASIC) {
		assert_int_equal(doca_flow_pipe_basic_add_entry(0, p, &match, 0, NULL, NULL, NULL,
		                                                DOCA_FLOW_ENTRY_FLAGS_NO_WAIT, ctx,
		                                                NULL),
		                 DOCA_SUCCESS);
		return;
	}
	memset(&mask, 0, sizeof(mask));
	mask.outer.l3_type = DOCA_FLOW_L3_TYPE_IP4;
	mask.outer.ip4.dst_ip = UINT32_MAX;
	memset(&fwd, 0, sizeof(fwd));
	fwd.type = DOCA_FLOW_FWD_PORT;
	fwd.port_id = 1;
	assert_int_equal(doca_flow_pipe_control_add_entry(0, p, &match, &mask, NULL, NULL, NULL,
	                                                  NULL, NULL, 1, &fwd, ctx, NULL),
	                 DOCA_SUCCESS);
}

static uint32_t send_keys(uint32_t n)
{
	uint8_t frame[SOFTDPA_FRAME_MAX];

	for (uint32_t k = 0; k < n; k++) {
		uint32_t len = ft_udp4(frame, 0x01020304, 0x0a000000 + k, 1, 2);

		ft_inject(0, frame, len);
	}
	ft_sync();
	return ft_drain_all(1);
}

/* NVIDIA's flow_pipe_resize shape: 10 entries, congestion at 80 %, resize to 50 %: 16, 32,
 * 64, 128 while 80 entries go in; relocations and RESIZED only on a queue not excluded. */
static void grow(enum doca_flow_pipe_type type)
{
	static const uint32_t sizes[] = {16, 32, 64, 128};
	struct doca_flow_pipe *p;
	uint32_t resizes = 0;

	init(0, 2);
	p = resizable(type, 10, 80, 1);
	for (uint32_t i = 0; i < 80; i++) {
		add(p, type, i, NULL);
		if (n_congestion == resizes)
			continue;
		assert_int_equal(n_congestion, resizes + 1);
		assert_int_equal(doca_flow_pipe_resize(p, 50, changed_cb, reloc_cb), DOCA_SUCCESS);
		assert_int_equal(n_changed, resizes + 1);
		assert_int_equal(last_size, sizes[resizes]);
		assert_int_equal(doca_flow_pipe_resize(p, 50, changed_cb, reloc_cb),
		                 DOCA_ERROR_BAD_STATE);
		/* Every entry still forwards, before the relocations are reported. */
		assert_int_equal(send_keys(i + 1), i + 1);
		n_reloc = 0;
		assert_int_equal(doca_flow_entries_process(ft_ports[0], 1, 0, 0), DOCA_SUCCESS);
		assert_int_equal(n_resized, resizes); /* queue 1 is excluded */
		assert_int_equal(n_reloc, 0);
		assert_int_equal(doca_flow_entries_process(ft_ports[0], 0, 0, 0), DOCA_SUCCESS);
		assert_int_equal(n_resized, resizes + 1);
		assert_int_equal(n_reloc, i + 1);
		assert_int_equal(last_reloc_queue, 0);
		resizes++;
	}
	assert_int_equal(resizes, 4);
	assert_int_equal(n_congestion, 4); /* 80 of 128 is below 80 % */
	assert_int_equal(send_keys(80), 80);
	assert_int_equal(ft_dropped(0, SOFTDPA_DROP_RULE), 0);
	ft_fini();
}

static void test_grow_basic(void **state)
{
	(void)state;
	grow(DOCA_FLOW_PIPE_BASIC);
}

static void test_grow_control(void **state)
{
	(void)state;
	grow(DOCA_FLOW_PIPE_CONTROL);
}

/* An ORDERED_LIST pipe grows the same way: entry k is reached through a root entry that
 * forwards to list entry k; every entry keeps forwarding across each resize. */
static void test_grow_ordered_list(void **state)
{
	static const uint32_t sizes[] = {16, 32, 64, 128};
	struct doca_flow_monitor tmon;
	struct doca_flow_ordered_list_element el[1];
	struct doca_flow_ordered_list l = {.idx = 0, .size = 1, .elements = el}, *lp[1] = {&l};
	struct doca_flow_fwd out = {.type = DOCA_FLOW_FWD_PORT, .port_id = 1};
	struct doca_flow_fwd chg = {.type = DOCA_FLOW_FWD_CHANGEABLE};
	struct doca_flow_match match;
	struct doca_flow_pipe_cfg *pc;
	struct doca_flow_pipe *ol, *root;
	uint32_t resizes = 0;

	(void)state;
	init(0, 2);
	memset(&tmon, 0, sizeof(tmon));
	tmon.counter_type = DOCA_FLOW_RESOURCE_TYPE_NON_SHARED;
	memset(el, 0, sizeof(el));
	el[0].type = DOCA_FLOW_ORDERED_LIST_ELEMENT_MONITOR;
	el[0].monitor = &tmon;
	assert_int_equal(doca_flow_pipe_cfg_create(&pc, ft_ports[0]), DOCA_SUCCESS);
	assert_int_equal(doca_flow_pipe_cfg_set_type(pc, DOCA_FLOW_PIPE_ORDERED_LIST),
	                 DOCA_SUCCESS);
	assert_int_equal(doca_flow_pipe_cfg_set_ordered_lists(pc, lp, 1), DOCA_SUCCESS);
	assert_int_equal(doca_flow_pipe_cfg_set_nr_entries(pc, 10), DOCA_SUCCESS);
	assert_int_equal(doca_flow_pipe_cfg_set_is_resizable(pc, true), DOCA_SUCCESS);
	assert_int_equal(doca_flow_pipe_cfg_set_congestion_level_threshold(pc, 80), DOCA_SUCCESS);
	assert_int_equal(doca_flow_pipe_cfg_set_user_ctx(pc, &pipe_ctx_marker), DOCA_SUCCESS);
	assert_int_equal(doca_flow_pipe_cfg_set_excluded_queue(pc, 1), DOCA_SUCCESS);
	assert_int_equal(doca_flow_pipe_create(pc, &out, NULL, &ol), DOCA_SUCCESS);
	doca_flow_pipe_cfg_destroy(pc);
	memset(&match, 0, sizeof(match));
	match.outer.l3_type = DOCA_FLOW_L3_TYPE_IP4;
	match.outer.ip4.dst_ip = UINT32_MAX;
	assert_int_equal(doca_flow_pipe_cfg_create(&pc, ft_ports[0]), DOCA_SUCCESS);
	assert_int_equal(doca_flow_pipe_cfg_set_name(pc, "ROOT"), DOCA_SUCCESS);
	assert_int_equal(doca_flow_pipe_cfg_set_is_root(pc, true), DOCA_SUCCESS);
	assert_int_equal(doca_flow_pipe_cfg_set_nr_entries(pc, 128), DOCA_SUCCESS);
	assert_int_equal(doca_flow_pipe_cfg_set_match(pc, &match, NULL), DOCA_SUCCESS);
	assert_int_equal(doca_flow_pipe_create(pc, &chg, NULL, &root), DOCA_SUCCESS);
	doca_flow_pipe_cfg_destroy(pc);
	for (uint32_t i = 0; i < 80; i++) {
		struct doca_flow_fwd to = {.type = DOCA_FLOW_FWD_ORDERED_LIST_PIPE};

		assert_int_equal(
		        doca_flow_pipe_ordered_list_add_entry(
		                0, ol, i, &l, NULL, DOCA_FLOW_ENTRY_FLAGS_NO_WAIT, NULL, NULL),
		        DOCA_SUCCESS);
		to.ordered_list_pipe.pipe = ol;
		to.ordered_list_pipe.idx = i;
		match.outer.ip4.dst_ip = __builtin_bswap32(0x0a000000 + i);
		assert_int_equal(doca_flow_pipe_basic_add_entry(0, root, &match, 0, NULL, NULL, &to,
		                                                DOCA_FLOW_ENTRY_FLAGS_NO_WAIT, NULL,
		                                                NULL),
		                 DOCA_SUCCESS);
		if (n_congestion == resizes)
			continue;
		assert_int_equal(n_congestion, resizes + 1);
		assert_int_equal(doca_flow_pipe_resize(ol, 50, changed_cb, reloc_cb), DOCA_SUCCESS);
		assert_int_equal(last_size, sizes[resizes]);
		assert_int_equal(send_keys(i + 1), i + 1);
		n_reloc = 0;
		assert_int_equal(doca_flow_entries_process(ft_ports[0], 1, 0, 0), DOCA_SUCCESS);
		assert_int_equal(n_resized, resizes); /* queue 1 is excluded */
		assert_int_equal(doca_flow_entries_process(ft_ports[0], 0, 0, 0), DOCA_SUCCESS);
		assert_int_equal(n_resized, resizes + 1);
		assert_int_equal(n_reloc, i + 1);
		resizes++;
	}
	assert_int_equal(resizes, 4);
	assert_int_equal(send_keys(80), 80);
	assert_int_equal(ft_dropped(0, SOFTDPA_DROP_RULE), 0);
	ft_fini();
}

/* The relocation callback's new context is the entry's from then on. */
static void test_relocated_context(void **state)
{
	struct doca_flow_pipe *p;
	struct doca_flow_pipe_entry *e;
	struct doca_flow_match match;
	int old_ctx;

	(void)state;
	init(0, 1);
	p = resizable(DOCA_FLOW_PIPE_BASIC, 4, 100, -1);
	memset(&match, 0, sizeof(match));
	match.outer.ip4.dst_ip = 7;
	assert_int_equal(doca_flow_pipe_basic_add_entry(0, p, &match, 0, NULL, NULL, NULL,
	                                                DOCA_FLOW_ENTRY_FLAGS_NO_WAIT, &old_ctx,
	                                                &e),
	                 DOCA_SUCCESS);
	ft_process(ft_ports[0]);
	assert_ptr_equal(last_entry_ctx, &old_ctx);
	assert_int_equal(doca_flow_pipe_resize(p, 10, NULL, reloc_cb), DOCA_SUCCESS);
	ft_process(ft_ports[0]);
	assert_int_equal(n_reloc, 1);
	assert_int_equal(doca_flow_pipe_remove_entry(0, DOCA_FLOW_ENTRY_FLAGS_NO_WAIT, e),
	                 DOCA_SUCCESS);
	ft_process(ft_ports[0]);
	assert_ptr_equal(last_entry_ctx, &new_ctx_marker);
	ft_fini();
}

static void test_resize_errors(void **state)
{
	struct doca_flow_pipe_cfg *pc;
	struct doca_flow_pipe *p, *plain;
	struct doca_flow_match match;
	struct doca_flow_fwd fwd;

	(void)state;
	init(0, 1);
	memset(&match, 0, sizeof(match));
	memset(&fwd, 0, sizeof(fwd));
	fwd.type = DOCA_FLOW_FWD_DROP;
	assert_int_equal(doca_flow_pipe_cfg_create(&pc, ft_ports[0]), DOCA_SUCCESS);
	assert_int_equal(doca_flow_pipe_cfg_set_match(pc, &match, NULL), DOCA_SUCCESS);
	assert_int_equal(doca_flow_pipe_create(pc, &fwd, NULL, &plain), DOCA_SUCCESS);
	assert_int_equal(doca_flow_pipe_resize(plain, 50, NULL, NULL), DOCA_ERROR_INVALID_VALUE);
	assert_int_equal(doca_flow_pipe_resize(NULL, 50, NULL, NULL), DOCA_ERROR_INVALID_VALUE);
	/* A resizable HASH pipe is not emulated (its index space is the hash's modulus). */
	assert_int_equal(doca_flow_pipe_cfg_set_type(pc, DOCA_FLOW_PIPE_HASH), DOCA_SUCCESS);
	assert_int_equal(doca_flow_pipe_cfg_set_is_resizable(pc, true), DOCA_SUCCESS);
	assert_int_equal(doca_flow_pipe_create(pc, &fwd, NULL, &p), DOCA_ERROR_NOT_SUPPORTED);
	doca_flow_pipe_cfg_destroy(pc);
	p = resizable(DOCA_FLOW_PIPE_BASIC, 8, 50, -1);
	assert_int_equal(doca_flow_pipe_resize(p, 0, NULL, NULL), DOCA_ERROR_INVALID_VALUE);
	assert_int_equal(doca_flow_pipe_resize(p, 101, NULL, NULL), DOCA_ERROR_INVALID_VALUE);
	assert_int_equal(doca_flow_pipe_resize(p, 100, changed_cb, NULL), DOCA_SUCCESS);
	assert_int_equal(last_size, 16);
	ft_process(ft_ports[0]);
	assert_int_equal(n_resized, 1);
	ft_fini();
}

/* ---------------------------------------------------------------- traffic during resize */

static sdpa_atomic_u32 published; /* keys 0..published-1 are in the table */
static sdpa_atomic_u32 stop;
static sdpa_atomic_u64 injected;
static uint64_t delivered;

static void *injector(void *arg)
{
	uint8_t frame[SOFTDPA_FRAME_MAX], buf[SOFTDPA_FRAME_MAX];
	uint32_t rnd = 12345, len;
	doca_error_t r;

	(void)arg;
	while (!sdpa_load_acquire(&stop)) {                 /* A-stop: pairs with R-stop */
		uint32_t n = sdpa_load_acquire(&published); /* A-pub: pairs with R-pub */

		if (n == 0)
			continue;
		rnd = rnd * 1103515245u + 12345u;
		len = ft_udp4(frame, 0x01020304, 0x0a000000 + (rnd >> 8) % n, 1, 2);
		while ((r = softdpa_port_inject(0, frame, len)) == DOCA_ERROR_AGAIN)
			while (softdpa_port_drain(1, buf, sizeof(buf), &len) == DOCA_SUCCESS)
				delivered++;
		if (r == DOCA_SUCCESS)
			sdpa_fetch_add_relaxed(&injected, 1);
		while (softdpa_port_drain(1, buf, sizeof(buf), &len) == DOCA_SUCCESS)
			delivered++;
	}
	return NULL;
}

/* Wait until the injector sent n more frames (at most 10 s). */
static void wait_frames(uint64_t n)
{
	uint64_t from = sdpa_load_relaxed(&injected);

	for (uint32_t i = 0; i < 100000 && sdpa_load_relaxed(&injected) < from + n; i++)
		usleep(100);
	assert_true(sdpa_load_relaxed(&injected) >= from + n);
}

static void test_traffic_during_resize(void **state)
{
	uint8_t buf[SOFTDPA_FRAME_MAX];
	struct doca_flow_pipe *p;
	pthread_t t;
	uint32_t len, resizes = 0;

	(void)state;
	init(1, 1);
	sdpa_store_relaxed(&published, 0);
	sdpa_store_relaxed(&stop, 0);
	sdpa_store_relaxed(&injected, 0);
	delivered = 0;
	p = resizable(DOCA_FLOW_PIPE_BASIC, 16, 90, -1);
	assert_int_equal(pthread_create(&t, NULL, injector, NULL), 0);
	for (uint32_t i = 0; i < 3000; i++) {
		add(p, DOCA_FLOW_PIPE_BASIC, i, NULL);
		ft_process(ft_ports[0]);
		sdpa_store_release(&published, i + 1); /* R-pub: pairs with A-pub */
		if (n_congestion > resizes) {
			/* Frames flow before, while and after the table is rebuilt. */
			wait_frames(200);
			assert_int_equal(doca_flow_pipe_resize(p, 45, NULL, NULL), DOCA_SUCCESS);
			wait_frames(200);
			ft_process(ft_ports[0]);
			resizes++;
		}
	}
	sdpa_store_release(&stop, 1); /* R-stop: pairs with A-stop */
	assert_int_equal(pthread_join(t, NULL), 0);
	ft_sync();
	while (softdpa_port_drain(1, buf, sizeof(buf), &len) == DOCA_SUCCESS)
		delivered++;
	print_message("resize under traffic: %u resizes, %llu frames injected, %llu delivered\n",
	              resizes, (unsigned long long)sdpa_load_relaxed(&injected),
	              (unsigned long long)delivered);
	assert_int_equal(resizes, 4); /* 16 -> 64 -> 256 -> 1024 -> 4096 */
	assert_true(sdpa_load_relaxed(&injected) >= 1600);
	assert_int_equal(delivered, sdpa_load_relaxed(&injected));
	assert_int_equal(ft_dropped(0, SOFTDPA_DROP_RULE), 0);
	ft_fini();
}

/* The readiness decision: the waiting ports once the change count stood still for the
 * settle time, or once they waited the cap; nothing while it moves. A port that starts
 * waiting later settles on its own, however long the tables were quiet before it. */
static void test_ready_due(void **state)
{
	const uint64_t s = SDPA_READY_SETTLE_NS, t0 = 1000;
	struct sdpa_ready_watch w = {5, t0, 0, 0};
	uint64_t start, n = 7, now;

	(void)state;
	assert_int_equal(sdpa_ready_due(&w, 0, 5, t0 + 10 * s), 0); /* nobody waits */
	assert_int_equal(sdpa_ready_due(&w, 1, 6, t0 + 10 * s), 0); /* it moved just now */
	assert_int_equal(sdpa_ready_due(&w, 1, 6, t0 + 11 * s - 1), 0);
	assert_int_equal(sdpa_ready_due(&w, 1, 6, t0 + 11 * s), 1);
	/* Reported; port 2 starts waiting on quiet tables: it still waits the settle time. */
	assert_int_equal(sdpa_ready_due(&w, 0, 6, t0 + 12 * s), 0);
	assert_int_equal(sdpa_ready_due(&w, 4, 6, t0 + 20 * s), 0);
	assert_int_equal(sdpa_ready_due(&w, 4, 6, t0 + 21 * s - 1), 0);
	/* Port 3 joins while port 2 waits: both wait from the newcomer's first tick. */
	assert_int_equal(sdpa_ready_due(&w, 12, 6, t0 + 21 * s - 1), 0);
	assert_int_equal(sdpa_ready_due(&w, 12, 6, t0 + 22 * s - 2), 0);
	assert_int_equal(sdpa_ready_due(&w, 12, 6, t0 + 22 * s - 1), 12);
	/* Changes every tick hold a waiting port back until the cap. */
	assert_int_equal(sdpa_ready_due(&w, 0, 6, t0 + 23 * s), 0);
	start = t0 + 30 * s;
	for (now = start; now < start + SDPA_READY_CAP_NS; now += s / 2)
		assert_int_equal(sdpa_ready_due(&w, 16, n++, now), 0);
	assert_int_equal(sdpa_ready_due(&w, 16, n, now), 16);
}

static uint64_t realtime_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_REALTIME, &ts);
	return (uint64_t)ts.tv_sec * 1000000000ull + (uint64_t)ts.tv_nsec;
}

/* The voluntary context switches of the readiness watcher thread ("sdpa-ready"). */
static unsigned long watcher_switches(void)
{
	DIR *d = opendir("/proc/self/task");
	struct dirent *de;
	unsigned long n = 0;
	bool found = false;

	assert_non_null(d);
	while (!found && (de = readdir(d)) != NULL) {
		char p[300], line[96];
		FILE *f;

		if (de->d_name[0] == '.')
			continue;
		snprintf(p, sizeof(p), "/proc/self/task/%s/comm", de->d_name);
		f = fopen(p, "r");
		if (f == NULL)
			continue;
		found = fgets(line, sizeof(line), f) != NULL && strcmp(line, "sdpa-ready\n") == 0;
		fclose(f);
		if (!found)
			continue;
		snprintf(p, sizeof(p), "/proc/self/task/%s/status", de->d_name);
		f = fopen(p, "r");
		assert_non_null(f);
		while (fgets(line, sizeof(line), f) != NULL)
			if (sscanf(line, "voluntary_ctxt_switches: %lu", &n) == 1)
				break;
		fclose(f);
	}
	closedir(d);
	assert_true(found);
	return n;
}

/* NVIDIA's flow_pipe_resize with a CONTROL pipe calls doca_flow_entries_process only while
 * resizing, then goes on adding entries that complete at once: the port is reported ready
 * once they stop (the file is written after the last one, settle time later), and once;
 * then the watcher sleeps. */
static void test_ready_after_last_entry(void **state)
{
	char dir[] = "/tmp/sdpa-ready-XXXXXX", path[64], text[64];
	struct doca_flow_pipe *p;
	uint64_t t_last, deadline;
	struct stat st;
	uint32_t key = 0;
	FILE *f;
	size_t n;

	(void)state;
	assert_non_null(mkdtemp(dir));
	snprintf(path, sizeof(path), "%s/ready", dir);
	setenv("SOFTDPA_READY_FILE", path, 1);
	init(0, 1);
	p = resizable(DOCA_FLOW_PIPE_CONTROL, 10, 80, -1);
	for (; n_congestion == 0; key++)
		add(p, DOCA_FLOW_PIPE_CONTROL, key, NULL);
	assert_int_equal(doca_flow_pipe_resize(p, 50, NULL, NULL), DOCA_SUCCESS);
	assert_int_equal(doca_flow_entries_process(ft_ports[0], 0, 0, 0), DOCA_SUCCESS);
	assert_int_equal(n_resized, 1);
	/* Entries keep coming for longer than the settle time. */
	deadline = realtime_ns() + SDPA_READY_SETTLE_NS * 3 / 2;
	do {
		usleep(1000);
		add(p, DOCA_FLOW_PIPE_CONTROL, key++, NULL);
		t_last = realtime_ns(); /* at most the last change's time */
		if (n_congestion > n_resized) {
			assert_int_equal(doca_flow_pipe_resize(p, 50, NULL, NULL), DOCA_SUCCESS);
			assert_int_equal(doca_flow_entries_process(ft_ports[0], 0, 0, 0),
			                 DOCA_SUCCESS);
			t_last = realtime_ns();
		}
	} while (t_last < deadline && key < 2000);
	for (int i = 0; i < 1000 && stat(path, &st) != 0; i++)
		usleep(10000);
	assert_int_equal(stat(path, &st), 0);
	/* The file's clock is the kernel's coarse one: a tick (a few ms) behind at most. */
	assert_true((uint64_t)st.st_mtim.tv_sec * 1000000000ull + (uint64_t)st.st_mtim.tv_nsec >=
	            t_last + SDPA_READY_SETTLE_NS / 2);
	assert_int_equal(send_keys(key), key);
	assert_int_equal(doca_flow_entries_process(ft_ports[0], 0, 0, 0), DOCA_SUCCESS);
	usleep(3 * SDPA_READY_SETTLE_NS / 1000);
	f = fopen(path, "r");
	assert_non_null(f);
	n = fread(text, 1, sizeof(text) - 1, f);
	fclose(f);
	text[n] = '\0';
	assert_string_equal(text, "ready port=0\n");
	/* With no port waiting, the watcher sleeps until one is noted: it does not tick. */
	{
		unsigned long before = watcher_switches();

		usleep(300000);
		assert_true(watcher_switches() - before <= 2);
	}
	unsetenv("SOFTDPA_READY_FILE");
	unlink(path);
	rmdir(dir);
	ft_fini();
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	        FT_TEST(test_grow_basic),        FT_TEST(test_grow_control),
	        FT_TEST(test_grow_ordered_list), FT_TEST(test_relocated_context),
	        FT_TEST(test_resize_errors),     FT_TEST(test_traffic_during_resize),
	        FT_TEST(test_ready_due),         FT_TEST(test_ready_after_last_entry),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
