/* SPDX-License-Identifier: BSD-3-Clause
 * --self-test: while traffic flows through one exported RANDOM hash pipe, a DPA kernel
 * replaces entry K's path-selector value (the UDP source port) with the sentinel 65432;
 * frames carrying it must appear on the wire. Then the kernel disables entry K: they must
 * disappear; enabling brings them back. Every frame that leaves ports 1 and 2 is written to
 * a pcap, and the verdict is computed from the capture file. The injected frames' UDP
 * destination port tags the phase they were sent in.
 */
#include <pcap/pcap.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <sys/time.h>
#include <unistd.h>

#include <softdpa.h>

#include "perf.h"

extern doca_dpa_func_t perf_one;

enum {
	ST_ENTRIES = 64,
	ST_INDEX = 5, /* the entry under test; it forwards to port 1 + 5 % 2 = 2 */
	ST_SENTINEL = 65432,
	ST_FRAMES = 3000, /* frames per phase: ~47 expected on one of 64 entries */
	ST_WAIT_S = 30,
	TAG_BASE = 5000, /* UDP destination port of phase p frames: TAG_BASE + p */
	TAG_GAP = 5999,  /* frames sent while a phase closes; not judged */
	NR_PHASES = 4,
};

static const char *const phase_name[NR_PHASES] = {"before", "after replace", "after disable",
                                                  "after enable"};

struct capture {
	pcap_dumper_t *dumper;
	uint64_t sentinel_on_port[3]; /* drain thread only; read after it was joined */
};

/* Parse a captured frame: UDP/IPv4 source and destination ports. */
static bool udp_ports(const uint8_t *f, uint32_t len, uint16_t *sport, uint16_t *dport)
{
	uint32_t l4;

	if (len < 34 || f[12] != 0x08 || f[13] != 0x00 || (f[14] >> 4) != 4 || f[23] != 17)
		return false;
	l4 = 14 + (f[14] & 0xfu) * 4;
	if (len < l4 + 8)
		return false;
	*sport = (uint16_t)(f[l4] << 8 | f[l4 + 1]);
	*dport = (uint16_t)(f[l4 + 2] << 8 | f[l4 + 3]);
	return true;
}

static void on_frame(void *arg, uint16_t port, const uint8_t *f, uint32_t len)
{
	struct capture *c = arg;
	struct pcap_pkthdr h;
	uint16_t sport, dport;

	gettimeofday(&h.ts, NULL);
	h.caplen = h.len = len;
	pcap_dump((u_char *)c->dumper, &h, f);
	if (udp_ports(f, len, &sport, &dport) && sport == ST_SENTINEL)
		c->sentinel_on_port[port]++;
}

struct tally {
	uint64_t frames[NR_PHASES], sentinel[NR_PHASES], other;
};

static int read_capture(const char *path, struct tally *t)
{
	char err[PCAP_ERRBUF_SIZE];
	pcap_t *p = pcap_open_offline(path, err);
	struct pcap_pkthdr *h;
	const u_char *data;

	memset(t, 0, sizeof(*t));
	if (p == NULL) {
		fprintf(stderr, "%s: cannot read back the capture %s: %s\n", PERF_TOOL, path, err);
		return 1;
	}
	while (pcap_next_ex(p, &h, &data) == 1) {
		uint16_t sport, dport;

		if (!udp_ports(data, h->caplen, &sport, &dport) || dport < TAG_BASE ||
		    dport >= TAG_BASE + NR_PHASES) {
			t->other++;
			continue;
		}
		t->frames[dport - TAG_BASE]++;
		t->sentinel[dport - TAG_BASE] += sport == ST_SENTINEL;
	}
	pcap_close(p);
	return 0;
}

static bool verdict(bool ok, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static bool verdict(bool ok, const char *fmt, ...)
{
	va_list ap;

	printf("%s: ", ok ? "PASS" : "FAIL");
	va_start(ap, fmt);
	vprintf(fmt, ap);
	va_end(ap);
	printf("\n");
	fflush(stdout);
	return ok;
}

/* Run one perf_one request and check it completed without failure. */
static bool one(struct perf_env *env, doca_dpa_dev_uintptr_t heap, uint32_t op, uint32_t value,
                const char *what)
{
	struct perf_result r;

	memset(&r, 0, sizeof(r));
	if (perf_launch(env, 1, ST_WAIT_S, perf_one, env->addrs[0], op, (uint32_t)ST_INDEX, value,
	                heap + sizeof(r), heap) ||
	    doca_dpa_d2h_memcpy(env->dpa, &r, heap, sizeof(r)) != DOCA_SUCCESS)
		return verdict(false, "%s: the kernel did not run", what);
	return verdict(r.post_rc == 0 && r.completed == 1 && r.failed == 0,
	               "%s from a DPA kernel: post %s, %u completed, %u failed", what,
	               doca_error_get_name((doca_error_t)r.post_rc), r.completed, r.failed);
}

int perf_self_test(const struct perf_opts *o)
{
	struct perf_env_cfg cfg = {.workers = 1,
	                           .queue_size = 16,
	                           .nr_pipes = 1,
	                           .table_size = ST_ENTRIES,
	                           .hash = PERF_HASH_RANDOM};
	char defpath[128];
	const char *path = o->pcap_out;
	struct capture cap = {0};
	struct perf_env env;
	struct perf_traffic *tr = NULL;
	struct tally t;
	doca_dpa_dev_uintptr_t heap = 0;
	pcap_t *dead;
	uint64_t mark;
	bool ok = true;
	const uint16_t port = 1 + ST_INDEX % 2;

	if (path == NULL) {
		snprintf(defpath, sizeof(defpath), "/tmp/%s-%ld.pcap", PERF_TOOL, (long)getpid());
		path = defpath;
	}
	dead = pcap_open_dead(DLT_EN10MB, 65535);
	cap.dumper = dead != NULL ? pcap_dump_open(dead, path) : NULL;
	if (cap.dumper == NULL) {
		fprintf(stderr, "%s: --pcap-out: cannot write %s: %s; pass a writable path\n",
		        PERF_TOOL, path,
		        dead != NULL ? pcap_geterr(dead) : "pcap_open_dead failed");
		if (dead != NULL)
			pcap_close(dead);
		return 1;
	}
	printf("self-test: one RANDOM hash pipe of %u entries, entry %u forwards to port %u; "
	       "capture %s\n",
	       ST_ENTRIES, ST_INDEX, port, path);
	if (perf_env_up(&env, &cfg) ||
	    doca_dpa_mem_alloc(env.dpa, 2 * sizeof(struct perf_result), &heap) != DOCA_SUCCESS) {
		ok = verdict(false, "bring-up (see the error above)");
		goto down;
	}
	tr = perf_traffic_start(&(struct perf_traffic_cfg){.pps = o->pps ? o->pps : 100000,
	                                                   .nr_pipes = 1,
	                                                   .table_size = ST_ENTRIES,
	                                                   .nic_workers = env.nic_workers,
	                                                   .on_frame = on_frame,
	                                                   .arg = &cap});
	if (tr == NULL) {
		ok = verdict(false, "traffic threads");
		goto down;
	}
	for (uint32_t p = 0; ok && p < NR_PHASES; p++) {
		static const struct {
			uint32_t op, value;
			const char *what;
		} step[NR_PHASES] = {
		        {0, 0, NULL},
		        {PERF_ONE_REPLACE, ST_SENTINEL, "replace_index(5, 65432)"},
		        {PERF_ONE_DISABLE, 0, "disable_index(5)"},
		        {PERF_ONE_ENABLE, 0, "enable_index(5)"},
		};

		if (step[p].what != NULL) {
			/* Close the phase: frames of the previous phase must all have been
			 * processed before the change, or a late one would be counted
			 * against the new state. */
			ok = perf_traffic_set_tag(tr, TAG_GAP) &&
			     softdpa_nic_sync() == DOCA_SUCCESS &&
			     one(&env, heap, step[p].op, step[p].value, step[p].what);
		}
		ok = ok && perf_traffic_set_tag(tr, (uint16_t)(TAG_BASE + p));
		mark = perf_traffic_drained(tr);
		ok = ok &&
		     perf_traffic_wait(tr, mark, p == 0 ? ST_FRAMES / 4 : ST_FRAMES, ST_WAIT_S);
	}
	ok = ok && perf_traffic_set_tag(tr, TAG_GAP) && softdpa_nic_sync() == DOCA_SUCCESS;
	perf_traffic_stop(tr, NULL, NULL, NULL);
	tr = NULL;
	pcap_dump_close(cap.dumper);
	cap.dumper = NULL;
	if (!ok)
		goto down;

	if (read_capture(path, &t)) {
		ok = false;
		goto down;
	}
	for (int p = 0; p < NR_PHASES; p++)
		printf("capture, frames sent %-14s %6llu, with UDP source port 65432: %llu\n",
		       phase_name[p], (unsigned long long)t.frames[p],
		       (unsigned long long)t.sentinel[p]);
	ok &= verdict(t.frames[0] > 0 && t.sentinel[0] == 0,
	              "no frame carries 65432 before replace (%llu of %llu frames)",
	              (unsigned long long)t.sentinel[0], (unsigned long long)t.frames[0]);
	ok &= verdict(t.sentinel[1] > 0,
	              "sentinel 65432 appears on the wire after replace (%llu of %llu frames)",
	              (unsigned long long)t.sentinel[1], (unsigned long long)t.frames[1]);
	ok &= verdict(cap.sentinel_on_port[port] > 0 && cap.sentinel_on_port[3 - port] == 0,
	              "frames with 65432 left on port %u only (port 1: %llu, port 2: %llu)", port,
	              (unsigned long long)cap.sentinel_on_port[1],
	              (unsigned long long)cap.sentinel_on_port[2]);
	ok &= verdict(t.frames[2] > 0 && t.sentinel[2] == 0,
	              "sentinel gone after disable (%llu of %llu frames)",
	              (unsigned long long)t.sentinel[2], (unsigned long long)t.frames[2]);
	ok &= verdict(t.sentinel[3] > 0, "sentinel back after enable (%llu of %llu frames)",
	              (unsigned long long)t.sentinel[3], (unsigned long long)t.frames[3]);
down:
	if (tr != NULL)
		perf_traffic_stop(tr, NULL, NULL, NULL);
	if (cap.dumper != NULL)
		pcap_dump_close(cap.dumper);
	if (heap != 0)
		doca_dpa_mem_free(env.dpa, heap);
	perf_env_down(&env);
	pcap_close(dead);
	printf("self-test: %s\n", ok ? "PASS" : "FAIL");
	return ok ? 0 : 1;
}
