/* SPDX-License-Identifier: BSD-3-Clause
 * Issue 17: the provider's request engine is asynchronous in faithful and strict, as the
 * NIC is on a BlueField. A kernel that uses a memory read's *value before polling sees the
 * old content (faithful, strict) and is reported (strict); a kernel that disables an entry
 * and acts at once sees live traffic still using it. fast keeps executing at flush.
 * Each case sets its own fidelity mode and a latency long enough that the race is
 * deterministic on a loaded machine.
 */
#include <arpa/inet.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#if defined(__linux__)
#include <linux/hw_breakpoint.h>
#include <linux/perf_event.h>
#include <sys/syscall.h>
#endif

#include <dev/doca_flow_dpa_provider_dev.h>
#include <doca_flow_external_action_array.h>

#include "core/atomics.h"
#include "nic/frame_builder.h"
#include "prov_t.h"
#include "provider/provider.h"

static struct doca_flow_dpa_ctx *ctx;

static uint64_t now_ms(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (uint64_t)ts.tv_sec * 1000 + (uint64_t)ts.tv_nsec / 1000000;
}

/* The fidelity mode and a fixed latency (no jitter) for the next doca_flow_dpa_init. */
static void use_mode(const char *mode, const char *latency_ns)
{
	pt_setenv("SOFTDPA_FIDELITY", mode);
	pt_setenv("SOFTDPA_PROVIDER_LATENCY_NS", latency_ns);
	pt_setenv("SOFTDPA_PROVIDER_JITTER_NS", "0");
}

static int group_teardown(void **state)
{
	pt_env_restore();
	return pt_group_teardown(state);
}

static int down(void **state)
{
	if (ctx != NULL) {
		doca_flow_dpa_destroy(ctx);
		ctx = NULL;
	}
	return pt_teardown(state);
}
#define PT_TEST(fn) cmocka_unit_test_teardown(fn, down)

/* strict watches read destinations with hardware watchpoints; without them (a kernel or
 * container that refuses perf_event_open) early use is not detected, as documented. */
static bool watchpoints_available(void)
{
#if defined(__linux__) && (defined(__x86_64__) || defined(__aarch64__))
	static uint64_t probe;
	struct perf_event_attr a;
	int fd;

	memset(&a, 0, sizeof(a));
	a.type = PERF_TYPE_BREAKPOINT;
	a.size = sizeof(a);
	a.bp_type = HW_BREAKPOINT_RW;
	a.bp_addr = (uintptr_t)&probe;
	a.bp_len = HW_BREAKPOINT_LEN_8;
	a.exclude_kernel = 1;
	a.exclude_hv = 1;
	fd = (int)syscall(__NR_perf_event_open, &a, 0, -1, -1, 0);
	if (fd < 0)
		return false;
	/* Some hypervisors accept the event but never fire it: a read must count. */
	{
		uint64_t count = 0;

		(void)*(volatile uint64_t *)&probe;
		if (read(fd, &count, sizeof(count)) != (ssize_t)sizeof(count))
			count = 0;
		close(fd);
		return count != 0;
	}
#else
	return false;
#endif
}

/* A memory (array) resource on port 0 exported to ctx, with write and read queues. */
static doca_flow_dpa_addr memory_resource(struct doca_flow_external_resource_array **arr,
                                          struct doca_flow_dpa_external_resource **res)
{
	struct doca_flow_external_resource_array_cfg cfg = {
	        .size = 8,
	        .num_resources = 1,
	        .granularity = DOCA_FLOW_EXTERNAL_RESOURCE_GRANULARITY_16BIT};
	doca_flow_dpa_addr a;

	pt_queues(ctx, 0, 16, 16, 1);
	assert_int_equal(doca_flow_external_resource_array_create(&cfg, pt.port[0], arr),
	                 DOCA_SUCCESS);
	assert_int_equal(doca_flow_dpa_external_resource_export(
	                         ctx, DOCA_FLOW_DPA_EXTERNAL_RESOURCE_TYPE_MEMORY, *arr, res),
	                 DOCA_SUCCESS);
	assert_int_equal(doca_flow_dpa_external_resource_get_device_addr(ctx, *res, &a),
	                 DOCA_SUCCESS);
	return a;
}

static void memory_resource_destroy(struct doca_flow_external_resource_array *arr,
                                    struct doca_flow_dpa_external_resource *res)
{
	assert_int_equal(doca_flow_dpa_external_resource_destroy(ctx, res), DOCA_SUCCESS);
	doca_flow_external_resource_array_destroy(arr);
}

/* The user's report: update slot 5 to 0x55, poll, read slot 5 with flush, use the value
 * before polling. Returns the kernel's results. */
static struct prov_result read_early(const char *mode)
{
	struct doca_flow_external_resource_array *arr;
	struct doca_flow_dpa_external_resource *res;
	doca_flow_dpa_addr a;
	struct prov_result r;

	use_mode(mode, "100000000"); /* 100 ms: longer than any preemption of the kernel */
	pt_flow_up(0);
	assert_int_equal(doca_flow_dpa_init(pt.process, &ctx), DOCA_SUCCESS);
	a = memory_resource(&arr, &res);
	t_log_reset();
	pt_results_clear();
	pt_launch(1, prov_read_early, a, 5, (uint64_t)0x55, (uint64_t)0x11, pt_result_addr(0));
	pt_results(&r, 1);
	assert_int_equal(r.post_rc, DOCA_SUCCESS);
	assert_int_equal(r.completed, 1);
	assert_int_equal(r.failed, 0);
	memory_resource_destroy(arr, res);
	return r;
}

static void test_read_early_faithful(void **state)
{
	struct prov_result r;

	(void)state;
	r = read_early("faithful");
	assert_int_equal(r.values[0], 0x11); /* before the poll: the old content */
	assert_int_equal(r.values[1], 0x55); /* after the poll reported it */
	assert_int_equal(t_log_problems(), 0);
}

static void test_read_early_strict(void **state)
{
	struct prov_result r;

	(void)state;
	r = read_early("strict");
	assert_int_equal(r.values[0], 0x11);
	assert_int_equal(r.values[1], 0x55);
	if (!watchpoints_available()) {
		skip();
		return;
	}
	t_assert_logged("strict: kernel 'prov_read_early' rank 0 of 1",
	                "RESOURCES_READ queue 0 of port 0",
	                "poll doca_flow_queue_poll_completion until the request is reported "
	                "before using *value");
}

static void test_read_early_fast(void **state)
{
	struct prov_result r;

	(void)state;
	r = read_early("fast");
	assert_int_equal(r.values[0], 0x55); /* executed at flush: the bug goes unseen */
	assert_int_equal(r.values[1], 0x55);
	assert_int_equal(t_log_problems(), 0);
}

/* strict: a kernel that returns with a read it never polled is named, with the fix; a
 * later kernel that polls gets the completion and the value. */
static void test_read_never_polled_strict(void **state)
{
	struct doca_flow_external_resource_array *arr;
	struct doca_flow_dpa_external_resource *res;
	doca_flow_dpa_addr a;
	struct prov_result r;

	(void)state;
	use_mode("strict", "2000");
	pt_flow_up(0);
	assert_int_equal(doca_flow_dpa_init(pt.process, &ctx), DOCA_SUCCESS);
	a = memory_resource(&arr, &res);
	pt_results_clear();
	t_log_reset();
	pt_launch(1, prov_post_nopoll, a, PROV_MEM_READ, 2, pt_result_addr(0));
	t_assert_logged("strict: kernel 'prov_post_nopoll' rank 0 of 1 returned with 1 memory "
	                "read(s) on RESOURCES_READ queue 0 of port 0",
	                "poll doca_flow_queue_poll_completion until the request is reported "
	                "before using *value");
	pt_launch(1, prov_poll, a, DOCA_FLOW_DPA_QUEUE_TYPE_RESOURCES_READ, 1, pt_result_addr(0));
	pt_results(&r, 1);
	assert_int_equal(r.post_rc, DOCA_SUCCESS);
	assert_int_equal(r.completed, 1);
	assert_int_equal(r.failed, 0);
	assert_int_equal(r.value, 0);
	memory_resource_destroy(arr, res);
}

/* A 2-entry SELECT_ENABLED pipe on port 0: entry 0 -> port 1 (sport 1000), 1 -> port 2
 * (sport 1001). Returns its device address. */
static doca_flow_dpa_addr two_entry_pipe(struct doca_flow_pipe **p, struct doca_flow_dpa_pipe **dp)
{
	doca_flow_dpa_addr a;

	pt_queues(ctx, 64, 0, 0, 1);
	*p = pt_hash_pipe(2, DOCA_FLOW_PIPE_HASH_MAP_ALGORITHM_SELECT_ENABLED, true, true);
	assert_int_equal(doca_flow_dpa_pipe_export_prepare(ctx, *p, 2, dp), DOCA_SUCCESS);
	pt_hash_entries(*p, 0, 2, true);
	assert_int_equal(doca_flow_dpa_pipe_export(ctx, *dp), DOCA_SUCCESS);
	assert_int_equal(doca_flow_dpa_pipe_get_device_addr(ctx, *dp, &a), DOCA_SUCCESS);
	return a;
}

/* Live traffic: one thread injects frames to one destination every 200 us; the UDP
 * destination port carries the phase they were sent in. */
static struct {
	uint32_t dst;
	sdpa_atomic_u32 phase, stop;
	pthread_t th;
} traffic;

static void *inject_main(void *arg)
{
	(void)arg;
	while (!sdpa_load_acquire(&traffic.stop)) { /* A-stop: pairs with R-stop */
		struct sdpa_frame_spec s;
		uint8_t f[128];
		uint32_t len;
		struct timespec ts = {0, 200000};

		memset(&s, 0, sizeof(s));
		s.l3 = 1, s.ip4_src = 0x0a000001, s.ip4_dst = traffic.dst, s.l4 = 2;
		s.src_port = 7;
		/* A-phase: pairs with R-phase in the test */
		s.dst_port = (uint16_t)(5000 + sdpa_load_acquire(&traffic.phase));
		s.frame_len = 64;
		len = sdpa_frame_build(&s, f, sizeof(f));
		(void)softdpa_port_inject(0, f, len); /* AGAIN: the ring is full, skip one */
		nanosleep(&ts, NULL);
	}
	return NULL;
}

/* Drain ports 1 and 2; count frames of 'phase' that left port 2 with sport 1001 (the
 * entry the kernel disabled) into *on_entry, and the others of that phase into *other. */
static void drain_count(uint32_t phase, uint32_t *on_entry, uint32_t *other)
{
	uint8_t o[SOFTDPA_FRAME_MAX];
	uint32_t len;

	for (uint16_t p = 1; p <= 2; p++) {
		while (softdpa_port_drain(p, o, sizeof(o), &len) == DOCA_SUCCESS) {
			uint16_t sport = (uint16_t)(o[34] << 8 | o[35]);
			uint16_t dport = (uint16_t)(o[36] << 8 | o[37]);

			if (dport != 5000 + phase)
				continue;
			if (p == 2 && sport == 1001)
				(*on_entry)++;
			else
				(*other)++;
		}
	}
}

/* faithful, with frames flowing: a kernel disables entry 1 and returns without polling,
 * as if traffic had stopped using it. Frames sent after it returned still use the entry
 * until the NIC runs the request; softdpa_nic_sync waits for that; a poll reports it. */
static void test_disable_then_traffic_faithful(void **state)
{
	struct doca_flow_dpa_pipe *dp;
	struct doca_flow_pipe *p;
	doca_flow_dpa_addr a;
	struct prov_result r;
	uint32_t on_entry = 0, other = 0;
	uint64_t deadline;
	uint16_t sport;

	(void)state;
	use_mode("faithful", "3000000000"); /* 3 s between the flush and the execution */
	pt_flow_up(2);
	assert_int_equal(doca_flow_dpa_init(pt.process, &ctx), DOCA_SUCCESS);
	a = two_entry_pipe(&p, &dp);
	traffic.dst = pt_dst_for(p, 1, 2);
	sdpa_store_release(&traffic.phase, 0); /* R-phase: pairs with A-phase */
	sdpa_store_release(&traffic.stop, 0);  /* R-stop: pairs with A-stop */
	assert_int_equal(pthread_create(&traffic.th, NULL, inject_main, NULL), 0);
	/* Traffic reaches entry 1 before the kernel runs. */
	deadline = now_ms() + 20000;
	while (on_entry == 0 && now_ms() < deadline) {
		drain_count(0, &on_entry, &other);
		usleep(200); /* leave the cores to the NIC workers */
	}
	assert_true(on_entry > 0);

	pt_results_clear();
	pt_launch(1, prov_post_nopoll, a, PROV_DISABLE, 1, pt_result_addr(0));
	/* R-phase: pairs with A-phase; frames sent after the kernel returned */
	sdpa_store_release(&traffic.phase, 1);
	pt_results(&r, 1);
	assert_int_equal(r.post_rc, DOCA_SUCCESS);
	on_entry = other = 0;
	deadline = now_ms() + 20000;
	while (on_entry < 3 && now_ms() < deadline) {
		drain_count(1, &on_entry, &other);
		usleep(200);
	}
	assert_true(on_entry >= 3); /* the disabled entry still forwards: not executed yet */

	sdpa_store_release(&traffic.stop, 1); /* R-stop: pairs with A-stop */
	assert_int_equal(pthread_join(traffic.th, NULL), 0);
	assert_int_equal(softdpa_nic_sync(), DOCA_SUCCESS); /* waits for the execution */
	drain_count(1, &on_entry, &other);
	assert_int_equal(pt_send(traffic.dst, &sport), 1); /* now entry 0 takes them */
	assert_int_equal(sport, 1000);
	pt_launch(1, prov_poll, a, DOCA_FLOW_DPA_QUEUE_TYPE_GENERAL, 1, pt_result_addr(0));
	pt_results(&r, 1);
	assert_int_equal(r.completed, 1);
	assert_int_equal(r.failed, 0);
	assert_int_equal(doca_flow_dpa_pipe_destroy(ctx, dp), DOCA_SUCCESS);
}

/* strict: the same kernel is named for returning with a disable it never polled. */
static void test_disable_never_polled_strict(void **state)
{
	struct doca_flow_dpa_pipe *dp;
	struct doca_flow_pipe *p;
	doca_flow_dpa_addr a;
	struct prov_result r;

	(void)state;
	use_mode("strict", "2000");
	pt_flow_up(0);
	assert_int_equal(doca_flow_dpa_init(pt.process, &ctx), DOCA_SUCCESS);
	a = two_entry_pipe(&p, &dp);
	pt_results_clear();
	t_log_reset();
	pt_launch(1, prov_post_nopoll, a, PROV_DISABLE, 1, pt_result_addr(0));
	t_assert_logged("strict: kernel 'prov_post_nopoll' rank 0 of 1 returned with 1 "
	                "enable/disable/replace request(s) on GENERAL queue 0 of port 0",
	                "poll doca_flow_queue_poll_completion until the requests are reported");
	pt_launch(1, prov_poll, a, DOCA_FLOW_DPA_QUEUE_TYPE_GENERAL, 1, pt_result_addr(0));
	pt_results(&r, 1);
	assert_int_equal(r.completed, 1);
	assert_int_equal(doca_flow_dpa_pipe_destroy(ctx, dp), DOCA_SUCCESS);
}

/* AGAIN comes at exactly queue_size outstanding requests, in flight ones included; a poll
 * reports nothing before the NIC ran them, then all of them, in order. Driven from this
 * thread, as a DPA thread would. */
static void test_again_counts_in_flight(void **state)
{
	struct doca_flow_dpa_pipe *dp;
	struct doca_flow_pipe *p;
	struct doca_flow_dpa_completion_stats st;
	doca_flow_dpa_addr a;
	uint32_t done = 0;
	uint64_t deadline;

	(void)state;
	use_mode("faithful", "500000000"); /* 500 ms */
	pt_flow_up(0);
	assert_int_equal(doca_flow_dpa_init(pt.process, &ctx), DOCA_SUCCESS);
	a = two_entry_pipe(&p, &dp); /* GENERAL queues of 64 */
	for (uint32_t i = 0; i < 64; i++)
		assert_int_equal(doca_flow_pipe_hash_enable_index(a, 0, i % 2, true), DOCA_SUCCESS);
	assert_int_equal(doca_flow_pipe_hash_enable_index(a, 0, 0, true), DOCA_ERROR_AGAIN);
	assert_int_equal(
	        doca_flow_queue_poll_completion(a, DOCA_FLOW_DPA_QUEUE_TYPE_GENERAL, 0, &st),
	        DOCA_SUCCESS);
	if (st.num_completed == 0) /* unless this thread slept 500 ms, nothing ran yet */
		assert_int_equal(doca_flow_pipe_hash_enable_index(a, 0, 0, true), DOCA_ERROR_AGAIN);
	done = st.num_completed;
	deadline = now_ms() + 20000;
	while (done < 64 && now_ms() < deadline) {
		assert_int_equal(doca_flow_queue_poll_completion(
		                         a, DOCA_FLOW_DPA_QUEUE_TYPE_GENERAL, 0, &st),
		                 DOCA_SUCCESS);
		assert_int_equal(st.num_failed, 0);
		done += st.num_completed;
		if (st.num_completed == 0)
			usleep(1000);
	}
	assert_int_equal(done, 64);
	assert_int_equal(doca_flow_pipe_hash_enable_index(a, 0, 0, true), DOCA_SUCCESS);
	assert_int_equal(doca_flow_dpa_pipe_destroy(ctx, dp), DOCA_SUCCESS);
}

/* The latency model: dues in [flush + latency, flush + latency + jitter], the same for the
 * same seed whatever else runs, never decreasing along a queue. */
static void test_latency_model_deterministic(void **state)
{
	struct doca_flow_dpa_ctx *c = calloc(1, sizeof(*c));
	struct sdpa_prov_ring r1, r2;
	uint64_t a[64], b[64];
	bool differs = false;

	(void)state;
	assert_non_null(c);
	c->lat_ns = 2000, c->jit_ns = 1000, c->seed = 7;
	memset(&r1, 0, sizeof(r1));
	memset(&r2, 0, sizeof(r2));
	for (int i = 0; i < 64; i++) {
		a[i] = sdpa_prov_due(c, &r1, 1000000 + (uint64_t)i * 10000);
		assert_true(a[i] >= 1000000 + (uint64_t)i * 10000 + 2000);
		assert_true(a[i] <= 1000000 + (uint64_t)i * 10000 + 3000);
		assert_true(i == 0 || a[i] >= a[i - 1]);
	}
	for (int i = 0; i < 64; i++)
		b[i] = sdpa_prov_due(c, &r2, 1000000 + (uint64_t)i * 10000);
	assert_memory_equal(a, b, sizeof(a)); /* same seed, same queue: same dues */
	c->seed = 8;
	memset(&r2, 0, sizeof(r2));
	for (int i = 0; i < 64; i++)
		differs |= sdpa_prov_due(c, &r2, 1000000 + (uint64_t)i * 10000) != a[i];
	assert_true(differs);
	/* Flushes closer together than the jitter: the later is never due first. */
	memset(&r1, 0, sizeof(r1));
	for (int i = 0; i < 64; i++) {
		a[i] = sdpa_prov_due(c, &r1, 1000000 + (uint64_t)i);
		assert_true(i == 0 || a[i] >= a[i - 1]);
	}
	free(c);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	        cmocka_unit_test(test_latency_model_deterministic),
	        PT_TEST(test_read_early_faithful),
	        PT_TEST(test_read_early_strict),
	        PT_TEST(test_read_early_fast),
	        PT_TEST(test_read_never_polled_strict),
	        PT_TEST(test_disable_then_traffic_faithful),
	        PT_TEST(test_disable_never_polled_strict),
	        PT_TEST(test_again_counts_in_flight),
	};
	return cmocka_run_group_tests_name("provider_async", tests, pt_group_setup, group_teardown);
}
