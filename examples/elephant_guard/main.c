/* SPDX-License-Identifier: BSD-3-Clause
 * Elephant-flow guard: options, traffic in by windows, one capture per output port, and
 * the report.
 *
 * The host plays the input captures into port 0 one window (N frames) at a time. After
 * each window it waits for the NIC (softdpa_nic_sync), wakes the guard's DPA thread and
 * waits until the thread has read the bucket counters and changed the lanes. Windows are
 * counted in frames, not time, so a run is reproducible frame for frame.
 */
#include <errno.h>
#include <getopt.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include <doca_log.h>
#include <softdpa.h>

#include "guard.h"

DOCA_LOG_REGISTER(GUARD_MAIN);

#define MAX_INPUTS     8
#define PCAP_EPOCH     1704067200u /* 2024-01-01, the start of softdpa pcap gen captures */
#define KERNEL_WAIT_MS 10000

struct options {
	const char *in[MAX_INPUTS];
	uint32_t nr_in;
	const char *out_dir;
	uint32_t window, buckets, threshold, cooldown;
	bool quiet;
	bool export_late;
};

/* ------------------------------------------------------------------ input captures */

struct frame {
	const uint8_t *data;
	uint32_t len;
};

struct capture {
	uint8_t *buf;
	struct frame *frames;
	uint32_t nr, cap;
};

static uint32_t rd32(const uint8_t *p, bool swap)
{
	uint32_t v;

	memcpy(&v, p, 4);
	return swap ? __builtin_bswap32(v) : v;
}

/* Classic pcap (micro- or nanosecond, either byte order), Ethernet only. */
static int capture_load(struct capture *c, const char *path)
{
	FILE *fp = fopen(path, "rb");
	long size;
	size_t off = 24;
	uint32_t magic;
	bool swap;

	if (fp == NULL) {
		fprintf(stderr, "cannot open %s: %s\n", path, strerror(errno));
		return -1;
	}
	fseek(fp, 0, SEEK_END);
	size = ftell(fp);
	rewind(fp);
	c->buf = realloc(NULL, size > 0 ? (size_t)size : 1);
	if (c->buf == NULL || size < 24 || fread(c->buf, 1, (size_t)size, fp) != (size_t)size) {
		fprintf(stderr, "%s: not a pcap file (too short or unreadable)\n", path);
		fclose(fp);
		return -1;
	}
	fclose(fp);
	memcpy(&magic, c->buf, 4);
	swap = magic == 0xd4c3b2a1 || magic == 0x4d3cb2a1;
	if (!swap && magic != 0xa1b2c3d4 && magic != 0xa1b23c4d) {
		fprintf(stderr, "%s: not a classic pcap file (pcapng is not read here)\n", path);
		return -1;
	}
	if (rd32(c->buf + 20, swap) != 1) {
		fprintf(stderr, "%s: link type %u, not Ethernet\n", path, rd32(c->buf + 20, swap));
		return -1;
	}
	while (off < (size_t)size) {
		uint32_t incl = off + 16 <= (size_t)size ? rd32(c->buf + off + 8, swap) : 0;

		if (incl > SOFTDPA_FRAME_MAX) {
			fprintf(stderr, "%s: record %u at offset %zu is too large (%u bytes)\n",
			        path, c->nr, off, incl);
			return -1;
		}
		if (off + 16 > (size_t)size || off + 16 + incl > (size_t)size) {
			/* A capture cut short (its writer was killed): use the records before. */
			fprintf(stderr,
			        "warning: %s: truncated last record (record %u at offset %zu is "
			        "cut "
			        "short); using the %u frames before it\n",
			        path, c->nr + 1, off, c->nr);
			break;
		}
		if (c->nr == c->cap) {
			uint32_t ncap = c->cap ? 2 * c->cap : 4096;
			struct frame *nf = realloc(c->frames, ncap * sizeof(*nf));

			if (nf == NULL)
				return -1;
			c->frames = nf;
			c->cap = ncap;
		}
		c->frames[c->nr++] = (struct frame){c->buf + off + 16, incl};
		off += 16 + incl;
	}
	return 0;
}

/* ----------------------------------------------------------------------- flows */

struct flow {
	uint32_t src, dst;
	uint16_t sport, dport;
	uint8_t proto, used;
	uint32_t bucket;
	uint64_t frames;
};

struct flow_table {
	struct flow *f;
	uint32_t size, nr; /* size: power of two */
};

/* IPv4 TCP/UDP 5-tuple of an Ethernet frame (one optional VLAN tag); false otherwise. */
static bool parse_flow(const uint8_t *p, uint32_t len, struct flow *k)
{
	uint32_t l3 = 14, ihl;
	uint16_t et;

	if (len < 14)
		return false;
	et = (uint16_t)(p[12] << 8 | p[13]);
	if (et == 0x8100 && len >= 18) {
		et = (uint16_t)(p[16] << 8 | p[17]);
		l3 = 18;
	}
	if (et != 0x0800 || len < l3 + 20 || (p[l3] >> 4) != 4)
		return false;
	ihl = (uint32_t)(p[l3] & 0xf) * 4;
	if (ihl < 20 || len < l3 + ihl + 4 || (p[l3 + 9] != 6 && p[l3 + 9] != 17))
		return false;
	memset(k, 0, sizeof(*k));
	k->proto = p[l3 + 9];
	k->src = (uint32_t)p[l3 + 12] << 24 | (uint32_t)p[l3 + 13] << 16 |
	         (uint32_t)p[l3 + 14] << 8 | p[l3 + 15];
	k->dst = (uint32_t)p[l3 + 16] << 24 | (uint32_t)p[l3 + 17] << 16 |
	         (uint32_t)p[l3 + 18] << 8 | p[l3 + 19];
	k->sport = (uint16_t)(p[l3 + ihl] << 8 | p[l3 + ihl + 1]);
	k->dport = (uint16_t)(p[l3 + ihl + 2] << 8 | p[l3 + ihl + 3]);
	return true;
}

static struct flow *flow_find(struct flow_table *t, const struct flow *k)
{
	uint32_t h = k->src * 2654435761u ^ k->dst * 40503u ^
	             ((uint32_t)k->sport << 16 | k->dport) * 2246822519u ^ k->proto;

	for (uint32_t i = h & (t->size - 1);; i = (i + 1) & (t->size - 1)) {
		struct flow *f = &t->f[i];

		if (!f->used || (f->src == k->src && f->dst == k->dst && f->sport == k->sport &&
		                 f->dport == k->dport && f->proto == k->proto))
			return f;
	}
}

static struct flow *flow_add(struct flow_table *t, const struct flow *k)
{
	struct flow *f;

	if (2 * (t->nr + 1) > t->size) {
		struct flow_table n = {calloc(t->size ? 2 * t->size : 1024, sizeof(struct flow)),
		                       t->size ? 2 * t->size : 1024, t->nr};

		if (n.f == NULL)
			return NULL;
		for (uint32_t i = 0; i < t->size; i++)
			if (t->f[i].used)
				*flow_find(&n, &t->f[i]) = t->f[i];
		free(t->f);
		*t = n;
	}
	f = flow_find(t, k);
	if (!f->used) {
		*f = *k;
		f->used = 1;
		f->bucket = UINT32_MAX;
		t->nr++;
	}
	return f;
}

/* ------------------------------------------------------------------- output pcaps */

/* The captures survive a kill: stdio writes them only when we flush, always between
 * records (each buffer holds any record), so a killed run leaves whole records.
 * SIGINT/SIGTERM only set a flag: the run stops after the current window, the captures
 * are flushed and closed, everything is torn down, then the process ends by the signal. */
enum { OUT_BUF = 1 << 20 };

static char out_buf[3][OUT_BUF];
static size_t out_pending[3];
static volatile sig_atomic_t stop_sig;

static void on_stop_signal(int sig)
{
	stop_sig = sig;
}

static FILE *pcap_create(const char *dir, uint16_t port, char *path, size_t cap)
{
	static const uint32_t hdr[6] = {0xa1b2c3d4, 0x00040002, 0, 0, 65535, 1};
	FILE *fp;

	snprintf(path, cap, "%s/port%u.pcap", dir, port);
	fp = fopen(path, "wb");
	if (fp != NULL && setvbuf(fp, out_buf[port], _IOFBF, OUT_BUF) != 0) {
		fclose(fp);
		fp = NULL;
	}
	out_pending[port] = sizeof(hdr);
	if (fp == NULL || fwrite(hdr, sizeof(hdr), 1, fp) != 1) {
		fprintf(stderr, "cannot write %s: %s\n", path, strerror(errno));
		if (fp != NULL)
			fclose(fp);
		return NULL;
	}
	return fp;
}

/* ------------------------------------------------------------------- the run */

struct run {
	struct options opt;
	struct guard_dpa dpa;
	struct guard_flow flow;
	struct capture in[MAX_INPUTS];
	struct frame *frames; /* every input frame, in order */
	uint64_t nr_frames, nr_other;
	struct flow_table flows;
	FILE *out[3];
	char out_path[3][512];
	uint64_t out_frames[3];
	uint32_t nr_windows;
	uint64_t *bucket_frames;  /* [window][bucket], as the DPA counted them */
	uint8_t *action;          /* [window][bucket], enum guard_action */
	uint64_t *win_posted;     /* [window]: enable/disable requests the kernel posted */
	uint64_t *win_failed;     /* [window]: ... of which the NIC completed as failed */
	struct guard_shared last; /* the thread's block after the last window */
};

static int drain_outputs(struct run *r, uint32_t window)
{
	static uint8_t buf[SOFTDPA_FRAME_MAX];

	for (uint16_t p = GUARD_FAST_PORT; p <= GUARD_BULK_PORT; p++) {
		uint32_t len, seq = 0;
		doca_error_t rc;

		while ((rc = softdpa_port_drain(p, buf, sizeof(buf), &len)) == DOCA_SUCCESS) {
			/* Records carry the window they left in: second = window number. */
			uint32_t rec[4] = {PCAP_EPOCH + window, seq < 999999 ? seq++ : seq, len,
			                   len};

			if (out_pending[p] + sizeof(rec) + len > OUT_BUF) {
				if (fflush(r->out[p]) != 0) {
					fprintf(stderr, "cannot write %s: %s\n", r->out_path[p],
					        strerror(errno));
					return -1;
				}
				out_pending[p] = 0;
			}
			out_pending[p] += sizeof(rec) + len;
			if (fwrite(rec, sizeof(rec), 1, r->out[p]) != 1 ||
			    fwrite(buf, len, 1, r->out[p]) != 1) {
				fprintf(stderr, "cannot write %s: %s\n", r->out_path[p],
				        strerror(errno));
				return -1;
			}
			r->out_frames[p]++;
		}
		if (rc != DOCA_ERROR_EMPTY) {
			fprintf(stderr, "softdpa_port_drain(%u): %s\n", p, doca_error_get_name(rc));
			return -1;
		}
		if (fflush(r->out[p]) != 0) { /* the window's records, whole */
			fprintf(stderr, "cannot write %s: %s\n", r->out_path[p], strerror(errno));
			return -1;
		}
		out_pending[p] = 0;
	}
	return 0;
}

static int sync_and_drain(struct run *r, uint32_t window)
{
	doca_error_t rc = softdpa_nic_sync();

	if (rc != DOCA_SUCCESS) {
		fprintf(stderr, "softdpa_nic_sync: %s\n", doca_error_get_name(rc));
		return -1;
	}
	return drain_outputs(r, window);
}

static int play_window(struct run *r, uint32_t w)
{
	uint64_t first = (uint64_t)w * r->opt.window;
	uint64_t end = first + r->opt.window < r->nr_frames ? first + r->opt.window : r->nr_frames;
	uint32_t nb = r->opt.buckets;

	for (uint64_t i = first; i < end; i++) {
		doca_error_t rc;

		/* A full RX ring is flow control, not loss: let the NIC catch up and retry. */
		while ((rc = softdpa_port_inject(0, r->frames[i].data, r->frames[i].len)) ==
		       DOCA_ERROR_AGAIN)
			if (sync_and_drain(r, w) != 0)
				return -1;
		if (rc != DOCA_SUCCESS) {
			fprintf(stderr, "softdpa_port_inject: %s\n", doca_error_get_name(rc));
			return -1;
		}
		/* Drain often enough that the 1024-frame TX rings never fill. */
		if ((i - first) % 512 == 511 && sync_and_drain(r, w) != 0)
			return -1;
	}
	if (sync_and_drain(r, w) != 0)
		return -1;
	uint64_t posted0 = r->last.writes_posted, failed0 = r->last.writes_failed;

	if (guard_dpa_run_window(&r->dpa, KERNEL_WAIT_MS, &r->last) != DOCA_SUCCESS)
		return -1;
	/* The completions say how many of the window's requests failed, not which: the
	 * report says "failed" when all of them did, and how many otherwise. */
	r->win_posted[w] = r->last.writes_posted - posted0;
	r->win_failed[w] = r->last.writes_failed - failed0;
	for (uint32_t b = 0; b < nb; b++) {
		r->bucket_frames[(size_t)w * nb + b] = r->last.frames[b];
		r->action[(size_t)w * nb + b] = (uint8_t)r->last.action[b];
	}
	return 0;
}

/* ------------------------------------------------------------------- report */

static const char *ip_str(uint32_t a, char *buf)
{
	sprintf(buf, "%u.%u.%u.%u", a >> 24, (a >> 16) & 255, (a >> 8) & 255, a & 255);
	return buf;
}

static int cmp_frames_desc(const void *a, const void *b)
{
	const struct flow *x = *(struct flow *const *)a, *y = *(struct flow *const *)b;

	return x->frames < y->frames ? 1 : x->frames > y->frames ? -1 : 0;
}

static void print_report(struct run *r)
{
	uint32_t nb = r->opt.buckets, nw = r->nr_windows;
	struct softdpa_port_stats ps;
	const struct guard_shared *g = &r->last;
	struct flow **top;
	uint32_t ntop = 0;
	char a[16], b2[16];

	softdpa_port_stats(0, &ps);
	printf("elephant guard: %u windows of %u frames, %u buckets, hot above %u frames a "
	       "window, cool-down %u windows\n",
	       nw, r->opt.window, nb, r->opt.threshold, r->opt.cooldown);
	printf("frames: in %llu = fast lane (port %u) %llu + bulk lane (port %u) %llu + dropped "
	       "%llu (not IPv4 TCP/UDP: %llu)\n\n",
	       (unsigned long long)r->nr_frames, GUARD_FAST_PORT,
	       (unsigned long long)r->out_frames[GUARD_FAST_PORT], GUARD_BULK_PORT,
	       (unsigned long long)r->out_frames[GUARD_BULK_PORT],
	       (unsigned long long)ps.dropped_total, (unsigned long long)r->nr_other);
	printf("bucket  frames in  fast (entry)  bulk (entry)  windows: . fast  # bulk "
	       "(disabled)\n");
	for (uint32_t b = 0; b < nb; b++) {
		uint64_t in = 0;
		bool dis = false;

		for (uint32_t w = 0; w < nw; w++)
			in += r->bucket_frames[(size_t)w * nb + b];
		printf("  %2u  %10llu  %7llu (%2u)  %7llu (%2u)  ", b, (unsigned long long)in,
		       (unsigned long long)guard_flow_lane_frames(&r->flow, 2 * b), 2 * b,
		       (unsigned long long)guard_flow_lane_frames(&r->flow, 2 * b + 1), 2 * b + 1);
		/* A window's lane is decided by the actions taken after the windows before it. */
		for (uint32_t w = 0; w < nw && w < 64; w++) {
			putchar(dis ? '#' : '.');
			if (r->win_failed[w] > 0 && r->win_failed[w] == r->win_posted[w])
				continue; /* every request of the window failed: no lane moved */
			if (r->action[(size_t)w * nb + b] == GUARD_DISABLED)
				dis = true;
			else if (r->action[(size_t)w * nb + b] == GUARD_ENABLED)
				dis = false;
		}
		printf("%s\n", nw > 64 ? "..." : "");
	}
	printf("\nguard actions (taken after the window, effective from the next one):\n");
	for (uint32_t w = 0; w < nw; w++) {
		/* What the NIC did with the window's requests: all done, all failed, or some. */
		char outcome[96] = "";

		if (r->win_failed[w] > 0 && r->win_failed[w] == r->win_posted[w])
			snprintf(outcome, sizeof(outcome), ", failed");
		else if (r->win_failed[w] > 0)
			snprintf(outcome, sizeof(outcome),
			         "; %llu of this window's %llu requests failed",
			         (unsigned long long)r->win_failed[w],
			         (unsigned long long)r->win_posted[w]);
		for (uint32_t b = 0; b < nb; b++) {
			uint8_t act = r->action[(size_t)w * nb + b];
			unsigned long long fr = r->bucket_frames[(size_t)w * nb + b];

			if (act == GUARD_NONE)
				continue;
			printf("  window %2u: bucket %2u ", w, b);
			if (act == GUARD_DISABLED && outcome[0] == '\0')
				printf("hot (%llu frames): disabled entry %u\n", fr, 2 * b);
			else if (act == GUARD_DISABLED)
				printf("hot (%llu frames): disable requested%s (entry %u)\n", fr,
				       outcome, 2 * b);
			else if (outcome[0] == '\0')
				printf("quiet for %u windows: re-enabled entry %u\n",
				       r->opt.cooldown, 2 * b);
			else
				printf("quiet for %u windows: re-enable requested%s (entry %u)\n",
				       r->opt.cooldown, outcome, 2 * b);
		}
	}
	printf("\nprovider requests: memory reads %llu posted, %llu completed, %llu failed; "
	       "enable/disable %llu posted, %llu completed, %llu failed; %llu refused\n",
	       (unsigned long long)g->reads_posted, (unsigned long long)g->reads_completed,
	       (unsigned long long)g->reads_failed, (unsigned long long)g->writes_posted,
	       (unsigned long long)g->writes_completed, (unsigned long long)g->writes_failed,
	       (unsigned long long)g->refused);
	top = calloc(r->flows.nr ? r->flows.nr : 1, sizeof(*top));
	if (top == NULL)
		return;
	for (uint32_t i = 0; i < r->flows.size; i++)
		if (r->flows.f[i].used)
			top[ntop++] = &r->flows.f[i];
	qsort(top, ntop, sizeof(*top), cmp_frames_desc);
	printf("heaviest flows of %u:\n", ntop);
	for (uint32_t i = 0; i < ntop && i < 5; i++)
		printf("  %s %s:%u > %s:%u  bucket %u  %llu frames\n",
		       top[i]->proto == 6 ? "tcp" : "udp", ip_str(top[i]->src, a), top[i]->sport,
		       ip_str(top[i]->dst, b2), top[i]->dport, top[i]->bucket,
		       (unsigned long long)top[i]->frames);
	free(top);
	printf("output: %s (%llu frames), %s (%llu frames)\n", r->out_path[GUARD_FAST_PORT],
	       (unsigned long long)r->out_frames[GUARD_FAST_PORT], r->out_path[GUARD_BULK_PORT],
	       (unsigned long long)r->out_frames[GUARD_BULK_PORT]);
}

/* Everything the test checks, machine-readable. */
static int write_json(struct run *r)
{
	uint32_t nb = r->opt.buckets, nw = r->nr_windows;
	const struct guard_shared *g = &r->last;
	struct softdpa_port_stats ps;
	char path[512], a[16], b2[16];
	FILE *fp;
	bool first = true;

	snprintf(path, sizeof(path), "%s/report.json", r->opt.out_dir);
	fp = fopen(path, "w");
	if (fp == NULL) {
		fprintf(stderr, "cannot write %s: %s\n", path, strerror(errno));
		return -1;
	}
	softdpa_port_stats(0, &ps);
	fprintf(fp,
	        "{\"window_frames\": %u, \"windows\": %u, \"buckets\": %u, \"threshold\": %u, "
	        "\"cooldown\": %u,\n \"frames_in\": %llu, \"other_frames\": %llu, "
	        "\"dropped\": %llu, \"port_frames\": {\"1\": %llu, \"2\": %llu},\n",
	        r->opt.window, nw, nb, r->opt.threshold, r->opt.cooldown,
	        (unsigned long long)r->nr_frames, (unsigned long long)r->nr_other,
	        (unsigned long long)ps.dropped_total,
	        (unsigned long long)r->out_frames[GUARD_FAST_PORT],
	        (unsigned long long)r->out_frames[GUARD_BULK_PORT]);
	fprintf(fp,
	        " \"requests\": {\"reads_posted\": %llu, \"reads_completed\": %llu, "
	        "\"reads_failed\": %llu, \"writes_posted\": %llu, \"writes_completed\": %llu, "
	        "\"writes_failed\": %llu, \"refused\": %llu},\n",
	        (unsigned long long)g->reads_posted, (unsigned long long)g->reads_completed,
	        (unsigned long long)g->reads_failed, (unsigned long long)g->writes_posted,
	        (unsigned long long)g->writes_completed, (unsigned long long)g->writes_failed,
	        (unsigned long long)g->refused);
	fprintf(fp, " \"lane_frames\": [");
	for (uint32_t i = 0; i < 2 * nb; i++)
		fprintf(fp, "%s%llu", i ? ", " : "",
		        (unsigned long long)guard_flow_lane_frames(&r->flow, i));
	fprintf(fp, "],\n \"bucket_frames\": [");
	for (uint32_t w = 0; w < nw; w++) {
		fprintf(fp, "%s\n  [", w ? "," : "");
		for (uint32_t b = 0; b < nb; b++)
			fprintf(fp, "%s%llu", b ? ", " : "",
			        (unsigned long long)r->bucket_frames[(size_t)w * nb + b]);
		fprintf(fp, "]");
	}
	fprintf(fp, "],\n \"actions\": [");
	for (uint32_t w = 0; w < nw; w++)
		for (uint32_t b = 0; b < nb; b++) {
			uint8_t act = r->action[(size_t)w * nb + b];

			if (act == GUARD_NONE)
				continue;
			fprintf(fp, "%s\n  [%u, %u, \"%s\"]", first ? "" : ",", w, b,
			        act == GUARD_DISABLED ? "disable" : "enable");
			first = false;
		}
	fprintf(fp, "],\n \"flows\": [");
	first = true;
	for (uint32_t i = 0; i < r->flows.size; i++) {
		const struct flow *f = &r->flows.f[i];

		if (!f->used)
			continue;
		fprintf(fp, "%s\n  [\"%s\", \"%s\", %u, %u, %u, %u, %llu]", first ? "" : ",",
		        ip_str(f->src, a), ip_str(f->dst, b2), f->sport, f->dport, f->proto,
		        f->bucket, (unsigned long long)f->frames);
		first = false;
	}
	fprintf(fp, "]}\n");
	return fclose(fp) == 0 ? 0 : -1;
}

/* ------------------------------------------------------------------- main */

static void usage(FILE *fp)
{
	fprintf(fp,
	        "usage: elephant_guard --in CAPTURE.pcap [--in MORE.pcap ...] [--out-dir DIR]\n"
	        "                      [--window FRAMES] [--buckets N] [--threshold FRAMES]\n"
	        "                      [--cooldown WINDOWS] [--quiet] [--export-late]\n"
	        "  --in         Ethernet pcap, played into port 0 (several: one after another)\n"
	        "  --out-dir    where port1.pcap, port2.pcap and report.json go (default .)\n"
	        "  --window     frames per window (default 1000)\n"
	        "  --buckets    hash buckets: 8, 16, 32 or 64 (default 16)\n"
	        "  --threshold  a bucket is hot above this many frames in a window\n"
	        "               (default 2 x its fair share: 2 * window / buckets)\n"
	        "  --cooldown   quiet windows before a disabled bucket comes back (default 3)\n"
	        "  --quiet      no report on stdout\n"
	        "  --export-late  prepare the LANES export after its entries were added: the\n"
	        "               pitfall of README step 5 (the DPA's requests then fail)\n");
}

static int parse_u32(const char *s, const char *name, uint32_t *v)
{
	char *end;
	unsigned long x;

	errno = 0;
	x = strtoul(s, &end, 10);
	if (errno != 0 || *end != '\0' || end == s || x > UINT32_MAX) {
		fprintf(stderr, "--%s: '%s' is not a number\n", name, s);
		return -1;
	}
	*v = (uint32_t)x;
	return 0;
}

static int parse_options(int argc, char **argv, struct options *o)
{
	static const struct option lo[] = {{"in", required_argument, NULL, 'i'},
	                                   {"out-dir", required_argument, NULL, 'o'},
	                                   {"window", required_argument, NULL, 'w'},
	                                   {"buckets", required_argument, NULL, 'b'},
	                                   {"threshold", required_argument, NULL, 't'},
	                                   {"cooldown", required_argument, NULL, 'c'},
	                                   {"quiet", no_argument, NULL, 'q'},
	                                   {"export-late", no_argument, NULL, 'L'},
	                                   {"help", no_argument, NULL, 'h'},
	                                   {NULL, 0, NULL, 0}};
	int c;

	*o = (struct options){.out_dir = ".", .window = 1000, .buckets = 16, .cooldown = 3};
	while ((c = getopt_long(argc, argv, "", lo, NULL)) != -1) {
		int rc = 0;

		switch (c) {
		case 'i':
			if (o->nr_in == MAX_INPUTS) {
				fprintf(stderr, "at most %d --in captures\n", MAX_INPUTS);
				return -1;
			}
			o->in[o->nr_in++] = optarg;
			break;
		case 'o':
			o->out_dir = optarg;
			break;
		case 'w':
			rc = parse_u32(optarg, "window", &o->window);
			break;
		case 'b':
			rc = parse_u32(optarg, "buckets", &o->buckets);
			break;
		case 't':
			rc = parse_u32(optarg, "threshold", &o->threshold);
			break;
		case 'c':
			rc = parse_u32(optarg, "cooldown", &o->cooldown);
			break;
		case 'q':
			o->quiet = true;
			break;
		case 'L':
			o->export_late = true;
			break;
		case 'h':
			usage(stdout);
			exit(0);
		default:
			usage(stderr);
			return -1;
		}
		if (rc != 0)
			return -1;
	}
	if (o->nr_in == 0 || optind != argc) {
		usage(stderr);
		return -1;
	}
	if (o->buckets != 8 && o->buckets != 16 && o->buckets != 32 && o->buckets != 64) {
		fprintf(stderr, "--buckets must be 8, 16, 32 or 64 (a power of two the counter "
		                "reads cover in whole 8-slot blocks)\n");
		return -1;
	}
	if (o->window == 0 || o->cooldown == 0) {
		fprintf(stderr, "--window and --cooldown must be at least 1\n");
		return -1;
	}
	if (o->threshold == 0)
		o->threshold = 2 * o->window / o->buckets;
	return 0;
}

static int load_inputs(struct run *r)
{
	uint64_t n = 0;

	for (uint32_t i = 0; i < r->opt.nr_in; i++) {
		if (capture_load(&r->in[i], r->opt.in[i]) != 0)
			return -1;
		n += r->in[i].nr;
	}
	if (n == 0) {
		fprintf(stderr, "no frames in any --in capture\n");
		return -1;
	}
	r->frames = calloc(n, sizeof(*r->frames));
	if (r->frames == NULL)
		return -1;
	for (uint32_t i = 0; i < r->opt.nr_in; i++) {
		if (r->in[i].nr == 0)
			continue; /* an empty capture has no array to copy from */
		memcpy(r->frames + r->nr_frames, r->in[i].frames,
		       r->in[i].nr * sizeof(struct frame));
		r->nr_frames += r->in[i].nr;
	}
	for (uint64_t i = 0; i < r->nr_frames; i++) {
		struct flow k, *f;

		if (!parse_flow(r->frames[i].data, r->frames[i].len, &k)) {
			r->nr_other++;
			continue;
		}
		f = flow_add(&r->flows, &k);
		if (f == NULL)
			return -1;
		f->frames++;
	}
	r->nr_windows = (uint32_t)((r->nr_frames + r->opt.window - 1) / r->opt.window);
	r->bucket_frames = calloc((size_t)r->nr_windows * r->opt.buckets + 1, sizeof(uint64_t));
	r->action = calloc((size_t)r->nr_windows * r->opt.buckets + 1, 1);
	r->win_posted = calloc((size_t)r->nr_windows + 1, sizeof(uint64_t));
	r->win_failed = calloc((size_t)r->nr_windows + 1, sizeof(uint64_t));
	return r->bucket_frames != NULL && r->action != NULL && r->win_posted != NULL &&
	                       r->win_failed != NULL
	               ? 0
	               : -1;
}

static int run(struct run *r)
{
	struct guard_shared cfg;

	if (load_inputs(r) != 0)
		return -1;
	/* The output directory is created if needed (one level, like mkdir). */
	if (mkdir(r->opt.out_dir, 0755) != 0 && errno != EEXIST) {
		fprintf(stderr, "cannot create %s: %s\n", r->opt.out_dir, strerror(errno));
		return -1;
	}
	for (uint16_t p = GUARD_FAST_PORT; p <= GUARD_BULK_PORT; p++) {
		r->out[p] = pcap_create(r->opt.out_dir, p, r->out_path[p], sizeof(r->out_path[p]));
		if (r->out[p] == NULL)
			return -1;
	}
	if (guard_dpa_open(&r->dpa) != DOCA_SUCCESS ||
	    guard_flow_init(&r->flow, r->dpa.dev, r->dpa.rep) != DOCA_SUCCESS)
		return -1;
	r->flow.export_late = r->opt.export_late;
	if (guard_flow_build(&r->flow, r->dpa.process, r->opt.buckets) != DOCA_SUCCESS)
		return -1;
	for (uint32_t i = 0; i < r->flows.size; i++) {
		struct flow *f = &r->flows.f[i];

		if (f->used && guard_flow_bucket_of(&r->flow, f->src, f->dst, f->sport, f->dport,
		                                    &f->bucket) != DOCA_SUCCESS)
			return -1;
	}
	memset(&cfg, 0, sizeof(cfg));
	cfg.lanes_pipe = r->flow.lanes_addr;
	cfg.counters = r->flow.counters_addr;
	cfg.nr_buckets = r->opt.buckets;
	cfg.threshold = r->opt.threshold;
	cfg.cooldown = r->opt.cooldown;
	if (guard_dpa_start_thread(&r->dpa, &cfg) != DOCA_SUCCESS)
		return -1;
	signal(SIGINT, on_stop_signal);
	signal(SIGTERM, on_stop_signal);
	for (uint32_t w = 0; w < r->nr_windows; w++) {
		if (stop_sig != 0) {
			fprintf(stderr,
			        "elephant_guard: interrupted by %s after %u of %u windows; %s and "
			        "%s "
			        "hold the frames sent so far, whole (no report)\n",
			        stop_sig == SIGINT ? "SIGINT" : "SIGTERM", w, r->nr_windows,
			        r->out_path[GUARD_FAST_PORT], r->out_path[GUARD_BULK_PORT]);
			return -1;
		}
		if (play_window(r, w) != 0)
			return -1;
	}
	if (!r->opt.quiet)
		print_report(r);
	return write_json(r);
}

int main(int argc, char **argv)
{
	static struct run r;
	int rc;

	if (parse_options(argc, argv, &r.opt) != 0)
		return 2;
	if (doca_log_backend_create_standard() != DOCA_SUCCESS)
		return 1;
	rc = run(&r);
	for (uint16_t p = GUARD_FAST_PORT; p <= GUARD_BULK_PORT; p++)
		if (r.out[p] != NULL && fclose(r.out[p]) != 0)
			rc = -1;
	/* The thread goes before the pipes it holds addresses of, the DPA context last. */
	if (r.dpa.thread != NULL) {
		doca_dpa_notification_completion_destroy(r.dpa.notify);
		doca_dpa_thread_destroy(r.dpa.thread);
		r.dpa.notify = NULL;
		r.dpa.thread = NULL;
	}
	guard_flow_fini(&r.flow);
	guard_dpa_close(&r.dpa);
	for (uint32_t i = 0; i < r.opt.nr_in; i++) {
		free(r.in[i].buf);
		free(r.in[i].frames);
	}
	free(r.frames);
	free(r.flows.f);
	free(r.bucket_frames);
	free(r.action);
	free(r.win_posted);
	free(r.win_failed);
	if (stop_sig != 0) { /* torn down: now end as the signal would have */
		int sig = stop_sig;

		signal(sig, SIG_DFL);
		raise(sig);
	}
	return rc == 0 ? 0 : 1;
}
