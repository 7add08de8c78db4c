/* SPDX-License-Identifier: BSD-3-Clause
 * Backend drain: replay a capture of client traffic into the PF while the DPA thread,
 * on the host's command, makes backend 2 skip one turn, drains backend 3 and later
 * restores it. What the backends received goes to a pcap; a report shows the split per
 * phase and, with --check, the output capture is verified against the selector's
 * documented round-robin rule, frame by frame.
 */
#define _GNU_SOURCE
#include <getopt.h>
#include <pcap/pcap.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <doca_flow_external_action_index_selector.h>
#include <doca_log.h>
#include <softdpa.h>

#include "backend_drain.h"

DOCA_LOG_REGISTER(DRAIN_MAIN);

enum { BATCH = 256, CMD_TIMEOUT_MS = 10000, NR_CMDS = 3, NR_PHASES = NR_CMDS + 1 };

struct frame {
	struct pcap_pkthdr h;
	uint8_t *data;
};

/* One command to the DPA thread, sent before input frame 'at'. */
struct cmd {
	long at;
	uint32_t op; /* DOCA_FLOW_EXTERNAL_RESOURCE_INDEX_SELECTOR_OP_* */
	uint32_t backend;
	const char *what;
	struct dr_mailbox result;
};

struct opts {
	const char *in, *out;
	struct cmd cmd[NR_CMDS]; /* skip, drain, restore: in frame order */
	bool check;
};

struct run {
	uint32_t nr_in, nr_out, stray;
	uint32_t phase_frames[NR_PHASES];
	uint32_t phase_backend[NR_PHASES][DR_NR_BACKENDS + 1]; /* [0] = not a backend */
};

static const char *const op_name[] = {"ENABLE", "SKIP_ONCE", "SKIP_TWICE", "DISABLE"};

static struct frame *read_pcap(const char *path, uint32_t *n)
{
	char err[PCAP_ERRBUF_SIZE];
	struct frame *v = NULL;
	struct pcap_pkthdr *h;
	const u_char *d;
	uint32_t cap = 0;
	pcap_t *p = pcap_open_offline(path, err);
	int rc = 0;

	*n = 0;
	if (p == NULL) {
		fprintf(stderr, "cannot read '%s': %s\n", path, err);
		return NULL;
	}
	while ((rc = pcap_next_ex(p, &h, &d)) == 1) {
		if (*n == cap) {
			struct frame *nv = realloc(v, (cap = cap ? cap * 2 : 1024) * sizeof(*v));

			if (nv == NULL)
				break;
			v = nv;
		}
		v[*n].h = *h;
		v[*n].data = malloc(h->caplen);
		if (v[*n].data == NULL)
			break;
		memcpy(v[*n].data, d, h->caplen);
		(*n)++;
	}
	/* A capture cut short (its writer was killed): use the frames before the cut. */
	if (rc == PCAP_ERROR)
		fprintf(stderr, "%s: '%s': %s after %u frames (%s); using the frames read\n",
		        strstr(pcap_geterr(p), "truncated dump file") ? "warning" : "error", path,
		        strstr(pcap_geterr(p), "truncated dump file") ? "truncated last record"
		                                                      : "damaged record",
		        *n, pcap_geterr(p));
	pcap_close(p);
	return v;
}

static void free_frames(struct frame *v, uint32_t n)
{
	for (uint32_t i = 0; i < n; i++)
		free(v[i].data);
	free(v);
}

static uint16_t be16(const uint8_t *p)
{
	return (uint16_t)(p[0] << 8 | p[1]);
}

/* Offset of the L4 header of an untagged IPv4 frame, 0 if it is not one. */
static uint32_t l4_offset(const uint8_t *f, uint32_t len)
{
	uint32_t ihl;

	if (len < 34 || f[12] != 0x08 || f[13] != 0x00 || (f[14] >> 4) != 4)
		return 0;
	ihl = (f[14] & 0xfu) * 4u;
	return ihl < 20 || len < 14 + ihl + 8 ? 0 : 14 + ihl;
}

/* The backend a frame was sent to: the last byte of its destination address. */
static uint32_t backend_of(const uint8_t *f, uint32_t len)
{
	uint32_t b = l4_offset(f, len) ? f[33] : 0;

	return b <= DR_NR_BACKENDS ? b : 0;
}

/* ---- the output capture survives a kill ----
 * stdio writes the capture only when we flush, always between records (the buffer holds
 * any record): a killed run leaves whole records. SIGINT/SIGTERM only set a flag; the
 * replay stops, the capture is flushed and closed, the run tears down as usual, and the
 * process then ends by that signal. */
enum { OUT_BUF = 1 << 20 };

static char out_buf[OUT_BUF];
static size_t out_pending;
static volatile sig_atomic_t stop_sig;

static void on_stop_signal(int sig)
{
	stop_sig = sig;
}

static pcap_dumper_t *dump_open(pcap_t *dead, const char *path)
{
	FILE *fp = fopen(path, "wb");
	pcap_dumper_t *d;

	if (fp == NULL || setvbuf(fp, out_buf, _IOFBF, sizeof(out_buf)) != 0) {
		if (fp != NULL)
			fclose(fp);
		return NULL;
	}
	d = pcap_dump_fopen(dead, fp);
	if (d == NULL)
		fclose(fp);
	out_pending = 24; /* the file header */
	return d;
}

static void dump_record(pcap_dumper_t *d, const struct pcap_pkthdr *h, const uint8_t *data)
{
	if (out_pending + 16 + h->caplen > sizeof(out_buf)) {
		pcap_dump_flush(d);
		out_pending = 0;
	}
	pcap_dump((u_char *)d, h, data);
	out_pending += 16 + h->caplen;
}

static void dump_flush(pcap_dumper_t *d)
{
	pcap_dump_flush(d);
	out_pending = 0;
}

static void drain(struct run *r, uint32_t phase, pcap_dumper_t *dump, const struct frame *in)
{
	static uint8_t buf[SOFTDPA_FRAME_MAX];
	uint32_t len;

	while (softdpa_port_drain(1, buf, sizeof(buf), &len) == DOCA_SUCCESS) {
		struct pcap_pkthdr h = in[r->nr_out < r->nr_in ? r->nr_out : r->nr_in - 1].h;

		h.caplen = h.len = len;
		dump_record(dump, &h, buf);
		r->nr_out++;
		r->phase_frames[phase]++;
		r->phase_backend[phase][backend_of(buf, len)]++;
	}
	for (uint16_t p = 0; p <= 2; p += 2)
		while (softdpa_port_drain(p, buf, sizeof(buf), &len) == DOCA_SUCCESS)
			r->stray++;
}

static doca_error_t replay(struct opts *o, const struct frame *in, struct run *r, struct dr_dpa *d)
{
	pcap_t *dead = pcap_open_dead(DLT_EN10MB, 65535);
	pcap_dumper_t *dump = dead ? dump_open(dead, o->out) : NULL;
	uint32_t phase = 0;
	doca_error_t rc = DOCA_SUCCESS;

	if (dump == NULL) {
		fprintf(stderr, "cannot write '%s': %s\n", o->out,
		        dead ? pcap_geterr(dead) : "pcap_open_dead failed");
		if (dead)
			pcap_close(dead);
		return DOCA_ERROR_IO_FAILED;
	}
	uint32_t i = 0;

	for (; i < r->nr_in && rc == DOCA_SUCCESS && stop_sig == 0;) {
		uint32_t end = i + BATCH < r->nr_in ? i + BATCH : r->nr_in;

		/* Every frame before a command has left the NIC when it is sent, and no frame
		 * after it enters before the thread reported it done. */
		while (phase < NR_CMDS && i == (uint32_t)o->cmd[phase].at && rc == DOCA_SUCCESS) {
			struct cmd *c = &o->cmd[phase++];

			rc = dr_dpa_command(d, c->op, c->backend, CMD_TIMEOUT_MS, &c->result);
		}
		if (phase < NR_CMDS && end > (uint32_t)o->cmd[phase].at)
			end = (uint32_t)o->cmd[phase].at;
		for (; i < end && rc == DOCA_SUCCESS; i++) {
			/* AGAIN: the RX ring is full; let the NIC catch up, then retry. */
			while ((rc = softdpa_port_inject(0, in[i].data, in[i].h.caplen)) ==
			       DOCA_ERROR_AGAIN) {
				softdpa_nic_sync();
				drain(r, phase, dump, in);
			}
		}
		softdpa_nic_sync();
		drain(r, phase, dump, in);
		dump_flush(dump);
	}
	pcap_dump_close(dump);
	pcap_close(dead);
	if (stop_sig != 0)
		fprintf(stderr,
		        "%s: interrupted by %s after %u frames; '%s' holds the %u frames sent so "
		        "far, whole\n",
		        "backend_drain", stop_sig == SIGINT ? "SIGINT" : "SIGTERM", i, o->out,
		        r->nr_out);
	return rc;
}

/* ---- the documented round-robin rule (docs/EXTERNAL_RESOURCES.md), as a model ---- */

enum { SEL_MAX = 64 };

struct rr_model {
	uint8_t st[SEL_MAX + 1]; /* per 1-based index: the op values are the states */
	uint32_t cursor;         /* next position to visit, 1..64 */
};

/* One select: visit at most one cycle from the cursor; DISABLE passes, SKIP_* pass and
 * count down, the first ENABLE wins and the cursor moves past it; none gives 0. */
static uint32_t rr_select(struct rr_model *m)
{
	for (uint32_t k = 0; k < SEL_MAX; k++) {
		uint32_t pos = (m->cursor - 1 + k) % SEL_MAX + 1;

		if (m->st[pos] == DOCA_FLOW_EXTERNAL_RESOURCE_INDEX_SELECTOR_OP_DISABLE)
			continue;
		if (m->st[pos] != DOCA_FLOW_EXTERNAL_RESOURCE_INDEX_SELECTOR_OP_ENABLE) {
			m->st[pos]--;
			continue;
		}
		m->cursor = pos % SEL_MAX + 1;
		return pos;
	}
	return 0;
}

static bool ip_csum_ok(const uint8_t *f)
{
	uint32_t sum = 0, ihl = (f[14] & 0xfu) * 4u;

	for (uint32_t i = 0; i < ihl; i += 2)
		sum += be16(f + 14 + i);
	while (sum >> 16)
		sum = (sum & 0xffff) + (sum >> 16);
	return sum == 0xffff;
}

static bool l4_csum_ok(const uint8_t *f, uint32_t l4, uint32_t len)
{
	uint32_t tot = be16(f + 16), plen = tot - (l4 - 14), sum = 0, ck = f[23] == 6 ? 16 : 6;

	if (f[23] != 6 && f[23] != 17)
		return true; /* not TCP/UDP: nothing to check */
	if (14 + tot > len || (f[23] == 17 && be16(f + l4 + ck) == 0))
		return f[23] == 17 && 14 + tot <= len;
	for (int i = 0; i < 8; i += 2)
		sum += be16(f + 26 + i);
	sum += f[23] + plen;
	for (uint32_t i = 0; i + 1 < plen; i += 2)
		sum += be16(f + l4 + i);
	if (plen & 1)
		sum += (uint32_t)f[l4 + plen - 1] << 8;
	while (sum >> 16)
		sum = (sum & 0xffff) + (sum >> 16);
	return sum == 0xffff;
}

/* Verify the output capture. Returns the number of failures. */
static uint32_t check(const struct opts *o, const struct frame *in, const struct run *r,
                      struct dr_flow *f)
{
	const char *w = getenv("SOFTDPA_NIC_WORKERS");
	/* With one NIC worker frames leave in arrival order and each frame's backend must be
	 * exactly the model's; with several, only each phase's totals are defined. */
	bool exact = w == NULL || atoi(w) <= 1;
	uint32_t n = 0, bad = 0;
	uint32_t want_cnt[NR_PHASES][DR_NR_BACKENDS + 1];
	struct frame *out = read_pcap(o->out, &n);
	struct rr_model m;
	uint32_t drained = o->cmd[1].backend;

#define FAIL(...)                                                                                  \
	do {                                                                                       \
		if (bad++ < 10)                                                                    \
			printf("check: " __VA_ARGS__);                                             \
	} while (0)

	memset(&m, 0, sizeof(m));
	memset(want_cnt, 0, sizeof(want_cnt));
	for (uint32_t i = 1; i <= SEL_MAX; i++)
		m.st[i] = i <= DR_NR_BACKENDS
		                  ? DOCA_FLOW_EXTERNAL_RESOURCE_INDEX_SELECTOR_OP_ENABLE
		                  : DOCA_FLOW_EXTERNAL_RESOURCE_INDEX_SELECTOR_OP_DISABLE;
	m.cursor = 1;
	if (n != r->nr_in)
		FAIL("%u frames in but %u in '%s'\n", r->nr_in, n, o->out);
	for (uint32_t j = 0, phase = 0; j < n && j < r->nr_in; j++) {
		const uint8_t *a = in[j].data, *b = out[j].data;
		uint32_t len = out[j].h.caplen, l4 = l4_offset(b, len), got = backend_of(b, len);
		uint32_t want;

		while (phase < NR_CMDS && j == (uint32_t)o->cmd[phase].at) {
			m.st[o->cmd[phase].backend] = (uint8_t)o->cmd[phase].op;
			phase++;
		}
		want = rr_select(&m);
		want_cnt[phase][want]++;
		if (l4 == 0 || got == 0) {
			FAIL("frame %u: not sent to a backend (destination byte %u)\n", j,
			     l4 ? b[33] : 0);
			continue;
		}
		if (phase == 2 && got == drained)
			FAIL("frame %u went to backend %u while it was drained\n", j, got);
		if (!ip_csum_ok(b) || !l4_csum_ok(b, l4, len))
			FAIL("frame %u: bad IPv4 or L4 checksum after the rewrite\n", j);
		if (!exact)
			continue;
		if (got != want)
			FAIL("frame %u (phase %u): backend %u, the round-robin rule gives %u\n", j,
			     phase, got, want);
		/* Only the address's last byte and the checksums may differ. */
		if (len != in[j].h.caplen || memcmp(a, b, 24) != 0 ||
		    memcmp(a + 26, b + 26, 7) != 0 || memcmp(a + 34, b + 34, l4 - 34) != 0)
			FAIL("frame %u: bytes other than the backend address changed\n", j);
	}
	for (uint32_t p = 0; p < NR_PHASES; p++)
		for (uint32_t b = 1; b <= DR_NR_BACKENDS; b++)
			if (want_cnt[p][b] != r->phase_backend[p][b])
				FAIL("phase %u: backend %u got %u frames, the rule gives %u\n", p,
				     b, r->phase_backend[p][b], want_cnt[p][b]);
	if (r->phase_backend[3][drained] == 0)
		FAIL("backend %u got no traffic after it was restored\n", drained);
	if (r->stray != 0)
		FAIL("%u frames left on ports 0 or 2\n", r->stray);
	for (uint32_t c = 0; c < NR_CMDS; c++) {
		const struct dr_mailbox *mb = &o->cmd[c].result;

		if (mb->handled != c + 1 || mb->post_rc != DOCA_SUCCESS || mb->posted != c + 1 ||
		    mb->completed != c + 1 || mb->failed != 0)
			FAIL("command %u (%s): handled %u, post %s, posted %u, completed %u, "
			     "failed %u\n",
			     c + 1, o->cmd[c].what, mb->handled,
			     doca_error_get_name((doca_error_t)mb->post_rc), mb->posted,
			     mb->completed, mb->failed);
	}
	if (dr_flow_misses(f) != 0)
		FAIL("%llu frames found no backend\n", (unsigned long long)dr_flow_misses(f));
	printf("check: %s (%u frames, %s)\n", bad ? "FAIL" : "PASS", n,
	       exact ? "every frame's backend matches the round-robin rule"
	             : "per-phase totals match the round-robin rule");
	free_frames(out, n);
	return bad;
#undef FAIL
}

static void report(const struct opts *o, const struct run *r, struct dr_flow *f)
{
	static const char *const phase_name[NR_PHASES] = {"all backends", "after skip", "drained",
	                                                  "restored"};
	const struct dr_mailbox *last = &o->cmd[NR_CMDS - 1].result;

	printf("\nbackend_drain: %u frames in on port 0, %u out on port 1, %llu without a "
	       "backend\n\n",
	       r->nr_in, r->nr_out, (unsigned long long)dr_flow_misses(f));
	printf("%-14s %8s %8s", "phase", "from", "frames");
	for (uint32_t b = 1; b <= DR_NR_BACKENDS; b++)
		printf("  10.10.0.%u", b);
	printf("\n");
	for (uint32_t p = 0; p < NR_PHASES; p++) {
		printf("%-14s %8ld %8u", phase_name[p], p == 0 ? 0 : o->cmd[p - 1].at,
		       r->phase_frames[p]);
		for (uint32_t b = 1; b <= DR_NR_BACKENDS; b++)
			printf(" %10u", r->phase_backend[p][b]);
		printf("\n");
	}
	printf("\ncommands to the DPA thread (index_selector_modify on RESOURCES_WRITE):\n");
	for (uint32_t c = 0; c < NR_CMDS; c++) {
		const struct cmd *cm = &o->cmd[c];

		printf("  before frame %5ld  %-8s backend %u: %-10s -> post %s\n", cm->at, cm->what,
		       cm->backend, op_name[cm->op & 3],
		       doca_error_get_name((doca_error_t)cm->result.post_rc));
	}
	printf("requests: posted %u, completed %u, failed %u; thread activations %u\n",
	       last->posted, last->completed, last->failed, last->activations);
	printf("output: %s\n", o->out);
}

static void usage(const char *prog)
{
	fprintf(stderr,
	        "usage: %s -i IN.pcap [-o OUT.pcap] [--skip-backend B] [--skip-at N]\n"
	        "          [--drain-backend B] [--drain-at N] [--restore-at N] [--check]\n"
	        "  -i, --in FILE        client traffic for port 0 (e.g. 'softdpa pcap gen')\n"
	        "  -o, --out FILE       what the backends received (default "
	        "backend_drain_out.pcap)\n"
	        "  --skip-backend B     backend that skips one turn, 1..%u (default 2)\n"
	        "  --skip-at N          input frame index of the skip (default 1/4)\n"
	        "  --drain-backend B    backend that is drained (default 3)\n"
	        "  --drain-at N         index of the drain (default 2/5)\n"
	        "  --restore-at N       index of the restore (default 3/4)\n"
	        "  --check              verify the output capture; exit 1 if it is wrong\n",
	        prog, DR_NR_BACKENDS);
}

static int parse(int argc, char **argv, struct opts *o)
{
	static const struct option lo[] = {{"in", required_argument, NULL, 'i'},
	                                   {"out", required_argument, NULL, 'o'},
	                                   {"skip-backend", required_argument, NULL, 's'},
	                                   {"skip-at", required_argument, NULL, 'S'},
	                                   {"drain-backend", required_argument, NULL, 'd'},
	                                   {"drain-at", required_argument, NULL, 'D'},
	                                   {"restore-at", required_argument, NULL, 'R'},
	                                   {"check", no_argument, NULL, 'c'},
	                                   {"help", no_argument, NULL, 'h'},
	                                   {NULL, 0, NULL, 0}};
	int c;

	memset(o, 0, sizeof(*o));
	o->out = "backend_drain_out.pcap";
	o->cmd[0] = (struct cmd){
	        -1, DOCA_FLOW_EXTERNAL_RESOURCE_INDEX_SELECTOR_OP_SKIP_ONCE, 2, "skip", {0}};
	o->cmd[1] = (struct cmd){
	        -1, DOCA_FLOW_EXTERNAL_RESOURCE_INDEX_SELECTOR_OP_DISABLE, 3, "drain", {0}};
	o->cmd[2] = (struct cmd){
	        -1, DOCA_FLOW_EXTERNAL_RESOURCE_INDEX_SELECTOR_OP_ENABLE, 3, "restore", {0}};
	while ((c = getopt_long(argc, argv, "i:o:h", lo, NULL)) != -1) {
		switch (c) {
		case 'i':
			o->in = optarg;
			break;
		case 'o':
			o->out = optarg;
			break;
		case 's':
			o->cmd[0].backend = (uint32_t)strtoul(optarg, NULL, 0);
			break;
		case 'S':
			o->cmd[0].at = strtol(optarg, NULL, 0);
			break;
		case 'd':
			o->cmd[1].backend = o->cmd[2].backend = (uint32_t)strtoul(optarg, NULL, 0);
			break;
		case 'D':
			o->cmd[1].at = strtol(optarg, NULL, 0);
			break;
		case 'R':
			o->cmd[2].at = strtol(optarg, NULL, 0);
			break;
		case 'c':
			o->check = true;
			break;
		default:
			usage(argv[0]);
			return c == 'h' ? 0 : 2;
		}
	}
	if (o->in == NULL || optind != argc || o->cmd[0].backend < 1 ||
	    o->cmd[0].backend > DR_NR_BACKENDS || o->cmd[1].backend < 1 ||
	    o->cmd[1].backend > DR_NR_BACKENDS) {
		usage(argv[0]);
		return 2;
	}
	return -1;
}

int main(int argc, char **argv)
{
	struct flexio_process *process;
	struct dr_flow f;
	struct dr_dpa d;
	struct frame *in;
	struct opts o;
	struct run r;
	int ret = parse(argc, argv, &o);
	doca_error_t rc;

	if (ret >= 0)
		return ret;
	doca_log_backend_create_standard();
	memset(&f, 0, sizeof(f));
	memset(&d, 0, sizeof(d));
	memset(&r, 0, sizeof(r));
	in = read_pcap(o.in, &r.nr_in);
	if (in == NULL || r.nr_in == 0) {
		fprintf(stderr, "no frames in '%s'\n", o.in);
		return 1;
	}
	if (o.cmd[0].at < 0)
		o.cmd[0].at = r.nr_in / 4;
	if (o.cmd[1].at < 0)
		o.cmd[1].at = 2 * (long)r.nr_in / 5;
	if (o.cmd[2].at < 0)
		o.cmd[2].at = 3 * (long)r.nr_in / 4;
	if (!(o.cmd[0].at <= o.cmd[1].at && o.cmd[1].at < o.cmd[2].at &&
	      o.cmd[2].at < (long)r.nr_in)) {
		fprintf(stderr, "need --skip-at <= --drain-at < --restore-at < %u frames\n",
		        r.nr_in);
		free_frames(in, r.nr_in);
		return 2;
	}

	rc = dr_devices_open(&f);
	if (rc == DOCA_SUCCESS)
		rc = dr_dpa_start(f.dev, &d);
	/* softdpa's one extra call (D7): the FlexIO process the provider is bound to. */
	if (rc == DOCA_SUCCESS)
		rc = softdpa_dpa_get_flexio_process(d.dpa, &process);
	if (rc == DOCA_SUCCESS)
		rc = dr_flow_start(&f);
	if (rc == DOCA_SUCCESS)
		rc = dr_flow_build(&f, process);
	if (rc == DOCA_SUCCESS)
		rc = dr_dpa_thread_start(&d, f.sel_addr);
	if (rc == DOCA_SUCCESS) {
		signal(SIGINT, on_stop_signal);
		signal(SIGTERM, on_stop_signal);
		rc = replay(&o, in, &r, &d);
	}
	if (rc == DOCA_SUCCESS && stop_sig != 0) {
		ret = 1; /* no report of a partial run */
	} else if (rc == DOCA_SUCCESS) {
		report(&o, &r, &f);
		ret = o.check && check(&o, in, &r, &f) != 0 ? 1 : 0;
	} else {
		fprintf(stderr, "backend_drain: %s\n", doca_error_get_descr(rc));
		ret = 1;
	}
	/* Provider objects before the DPA context whose process they are bound to. */
	dr_flow_stop(&f);
	dr_dpa_destroy(&d);
	dr_devices_close(&f);
	free_frames(in, r.nr_in);
	if (stop_sig != 0) { /* torn down: now end as the signal would have */
		int sig = stop_sig;

		signal(sig, SIG_DFL);
		raise(sig);
	}
	return ret;
}
