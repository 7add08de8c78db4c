/* SPDX-License-Identifier: BSD-3-Clause
 * Path failover: replay a capture into the PF, fail one uplink path part-way (the host
 * clears its bit in the link table the DPA kernel watches), optionally restore it, write
 * what the uplink transmitted to a pcap, print a report and, with --check, verify the
 * output capture frame by frame.
 */
#define _GNU_SOURCE
#include <arpa/inet.h>
#include <getopt.h>
#include <pcap/pcap.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <doca_log.h>
#include <softdpa.h>

#include "path_failover.h"

DOCA_LOG_REGISTER(FAILOVER_MAIN);

enum { BATCH = 256, ACK_TIMEOUT_MS = 10000 };

struct frame {
	struct pcap_pkthdr h;
	uint8_t *data;
};

struct opts {
	const char *in, *out;
	uint32_t fail_link;
	long fail_at, restore_at; /* input frame indices; -1 = default, 0 = never (restore) */
	bool check;
};

/* Phases of the run: 0 every link up, 1 fail_link down, 2 restored. */
struct run {
	uint32_t nr_in, nr_out, stray;
	uint32_t phase_frames[3];
	uint32_t phase_link[3][FO_NR_LINKS]; /* frames per link per phase */
	uint32_t up_mask[3];
};

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

/* Offset of the UDP header of an untagged IPv4/UDP frame, 0 if it is not one. */
static uint32_t udp_offset(const uint8_t *f, uint32_t len)
{
	uint32_t ihl;

	if (len < 34 || f[12] != 0x08 || f[13] != 0x00 || (f[14] >> 4) != 4)
		return 0;
	ihl = (f[14] & 0xfu) * 4u;
	if (ihl < 20 || f[23] != 17 || len < 14 + ihl + 8)
		return 0;
	return 14 + ihl;
}

static uint16_t be16(const uint8_t *p)
{
	return (uint16_t)(p[0] << 8 | p[1]);
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

/* Drain everything the NIC transmitted; port 1 goes to the output capture. */
static void drain(struct run *r, uint32_t phase, pcap_dumper_t *dump, const struct frame *in)
{
	static uint8_t buf[SOFTDPA_FRAME_MAX];
	uint32_t len;

	while (softdpa_port_drain(1, buf, sizeof(buf), &len) == DOCA_SUCCESS) {
		struct pcap_pkthdr h = in[r->nr_out < r->nr_in ? r->nr_out : r->nr_in - 1].h;
		uint32_t l4 = udp_offset(buf, len);

		h.caplen = h.len = len;
		dump_record(dump, &h, buf);
		r->nr_out++;
		r->phase_frames[phase]++;
		if (l4 != 0) {
			uint32_t link = (be16(buf + l4) >> 8) & 0x3f;

			if (link < FO_NR_LINKS)
				r->phase_link[phase][link]++;
		}
	}
	for (uint16_t p = 0; p <= 2; p += 2)
		while (softdpa_port_drain(p, buf, sizeof(buf), &len) == DOCA_SUCCESS)
			r->stray++;
}

static doca_error_t inject(const struct frame *f, struct run *r, uint32_t phase,
                           pcap_dumper_t *dump, const struct frame *in)
{
	doca_error_t rc;

	/* AGAIN: the RX ring is full; let the NIC catch up and offer the frame again. */
	while ((rc = softdpa_port_inject(0, f->data, f->h.caplen)) == DOCA_ERROR_AGAIN) {
		softdpa_nic_sync();
		drain(r, phase, dump, in);
	}
	return rc;
}

static doca_error_t replay(const struct opts *o, const struct frame *in, struct run *r,
                           struct fo_dpa *d)
{
	char err[PCAP_ERRBUF_SIZE];
	pcap_t *dead = pcap_open_dead(DLT_EN10MB, 65535);
	pcap_dumper_t *dump = dead ? dump_open(dead, o->out) : NULL;
	uint32_t phase = 0;
	doca_error_t rc = DOCA_SUCCESS;

	if (dump == NULL) {
		snprintf(err, sizeof(err), "%s", dead ? pcap_geterr(dead) : "pcap_open_dead");
		fprintf(stderr, "cannot write '%s': %s\n", o->out, err);
		if (dead)
			pcap_close(dead);
		return DOCA_ERROR_IO_FAILED;
	}
	uint32_t i = 0;

	for (; i < r->nr_in && rc == DOCA_SUCCESS && stop_sig == 0;) {
		uint32_t end = i + BATCH < r->nr_in ? i + BATCH : r->nr_in;

		/* Each link change happens between two frames: everything before it has left
		 * the NIC, and nothing after it is sent until the kernel acknowledged. */
		if (phase == 0 && i == (uint32_t)o->fail_at) {
			phase = 1;
			rc = fo_dpa_set_links(d, r->up_mask[1], ACK_TIMEOUT_MS);
		} else if (phase == 1 && o->restore_at > 0 && i == (uint32_t)o->restore_at) {
			phase = 2;
			rc = fo_dpa_set_links(d, r->up_mask[2], ACK_TIMEOUT_MS);
		}
		if (phase == 0 && end > (uint32_t)o->fail_at)
			end = (uint32_t)o->fail_at;
		if (phase == 1 && o->restore_at > 0 && end > (uint32_t)o->restore_at)
			end = (uint32_t)o->restore_at;
		for (; i < end && rc == DOCA_SUCCESS; i++)
			rc = inject(&in[i], r, phase, dump, in);
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
		        "path_failover", stop_sig == SIGINT ? "SIGINT" : "SIGTERM", i, o->out,
		        r->nr_out);
	return rc;
}

/* One UDP/IPv4 checksum check (pseudo-header included); a zero checksum means none. */
static bool udp_csum_ok(const uint8_t *f, uint32_t l4)
{
	uint32_t ulen = be16(f + l4 + 4), sum = 0;

	if (be16(f + l4 + 6) == 0)
		return true;
	for (int i = 0; i < 8; i += 2)
		sum += be16(f + 26 + i); /* source and destination address */
	sum += 17 + ulen;
	for (uint32_t i = 0; i + 1 < ulen; i += 2)
		sum += be16(f + l4 + i);
	if (ulen & 1)
		sum += (uint32_t)f[l4 + ulen - 1] << 8;
	while (sum >> 16)
		sum = (sum & 0xffff) + (sum >> 16);
	return sum == 0xffff;
}

/* The hash pipe index a frame selects (what the NIC computed for it). */
static uint32_t entry_of(struct fo_flow *f, const uint8_t *frame)
{
	struct doca_flow_match m;
	uint32_t h = 0;

	memset(&m, 0, sizeof(m));
	m.outer.l3_type = DOCA_FLOW_L3_TYPE_IP4;
	memcpy(&m.outer.ip4.src_ip, frame + 26, 4);
	memcpy(&m.outer.ip4.dst_ip, frame + 30, 4);
	if (doca_flow_pipe_calc_hash(f->pipe, &m, &h) != DOCA_SUCCESS)
		return UINT32_MAX;
	return h & (FO_NR_ENTRIES - 1);
}

/* Verify the output capture against the input, frame by frame. Returns the failures. */
static uint32_t check(const struct opts *o, const struct frame *in, const struct run *r,
                      struct fo_flow *f, const struct fo_report *rep)
{
	uint32_t n = 0, bad = 0, moved = 0, expect_repaths = 0;
	struct frame *out = read_pcap(o->out, &n);

#define FAIL(...)                                                                                  \
	do {                                                                                       \
		if (bad++ < 10)                                                                    \
			printf("check: " __VA_ARGS__);                                             \
	} while (0)

	if (n != r->nr_in)
		FAIL("%u frames in but %u in '%s' (lost or extra frames)\n", r->nr_in, n, o->out);
	for (uint32_t j = 0; j < n && j < r->nr_in; j++) {
		const uint8_t *a = in[j].data, *b = out[j].data;
		uint32_t len = out[j].h.caplen, l4 = udp_offset(b, len), phase, e, s, want;

		if (l4 == 0 || len != in[j].h.caplen || udp_offset(a, len) != l4) {
			FAIL("frame %u: not the UDP/IPv4 frame that went in\n", j);
			continue;
		}
		phase = j < (uint32_t)o->fail_at                              ? 0
		        : (o->restore_at > 0 && j >= (uint32_t)o->restore_at) ? 2
		                                                              : 1;
		e = entry_of(f, a);
		s = be16(b + l4);
		want = e < FO_NR_ENTRIES ? fo_sport(fo_pick_link(e, r->up_mask[phase]), e) : 0;
		if (s != want)
			FAIL("frame %u (phase %u, entry %u): source port %u, expected %u%s\n", j,
			     phase, e, s, want,
			     s == fo_sport(fo_home_link(e), e) ? " (the old path)" : "");
		if (want != fo_sport(fo_home_link(e), e))
			moved++;
		/* Nothing else changed: every byte but the port and the UDP checksum. */
		if (memcmp(a, b, l4) != 0 || memcmp(a + l4 + 2, b + l4 + 2, 4) != 0 ||
		    memcmp(a + l4 + 8, b + l4 + 8, len - l4 - 8) != 0)
			FAIL("frame %u: bytes other than the source port changed\n", j);
		if (!udp_csum_ok(b, l4))
			FAIL("frame %u: bad UDP checksum (a torn rewrite?)\n", j);
	}
	for (uint32_t e = 0; e < FO_NR_ENTRIES; e++)
		for (uint32_t p = 1; p < 3; p++)
			if (fo_pick_link(e, r->up_mask[p]) != fo_pick_link(e, r->up_mask[p - 1]) &&
			    (p == 1 || o->restore_at > 0))
				expect_repaths++;
	if (moved == 0)
		FAIL("no frame of the failed link's entries was sent after the failure; use "
		     "more flows or frames\n");
	if (r->stray != 0)
		FAIL("%u frames left on ports 0 or 2\n", r->stray);
	if (rep->posted != expect_repaths || rep->completed != rep->posted || rep->failed != 0 ||
	    rep->refused != 0)
		FAIL("requests: posted %u (expected %u), completed %u, failed %u, refused %u\n",
		     rep->posted, expect_repaths, rep->completed, rep->failed, rep->refused);
	printf("check: %s (%u frames compared, %u re-pathed frames, %u requests)\n",
	       bad ? "FAIL" : "PASS", n, moved, rep->posted);
	free_frames(out, n);
	return bad;
#undef FAIL
}

static void report(const struct opts *o, const struct run *r, struct fo_flow *f,
                   const struct fo_report *rep)
{
	static const char *const name[3] = {"all links up", "link down", "link restored"};
	uint32_t nphase = o->restore_at > 0 ? 3 : 2;
	struct softdpa_port_stats st;

	printf("\npath_failover: %u frames in on port 0, %u out on port 1", r->nr_in, r->nr_out);
	if (softdpa_port_stats(0, &st) == DOCA_SUCCESS)
		printf(" (port 0 dropped %llu)", (unsigned long long)st.dropped_total);
	printf("\n%u hash entries over %u links; link %u fails at frame %ld", FO_NR_ENTRIES,
	       FO_NR_LINKS, o->fail_link, o->fail_at);
	if (o->restore_at > 0)
		printf(", is restored at frame %ld", o->restore_at);
	printf("\n\n%-16s %8s", "phase", "frames");
	for (uint32_t l = 0; l < FO_NR_LINKS; l++)
		printf("   link %u", l);
	printf("\n");
	for (uint32_t p = 0; p < nphase; p++) {
		printf("%-16s %8u", name[p], r->phase_frames[p]);
		for (uint32_t l = 0; l < FO_NR_LINKS; l++)
			printf(" %8u", r->phase_link[p][l]);
		printf("\n");
	}
	printf("\nre-paths by the DPA kernel (doca_flow_pipe_hash_replace_index):\n");
	for (uint32_t i = 0; i < rep->nr_events && i < FO_MAX_EVENTS; i++) {
		const struct fo_event *ev = &rep->ev[i];

		printf("  gen %u  entry %2u  sport %5u -> %5u  (link %u -> %u)  %6llu frames "
		       "total\n",
		       ev->gen, ev->entry, ev->from, ev->to, (ev->from >> 8) & 0x3f,
		       (ev->to >> 8) & 0x3f,
		       (unsigned long long)fo_flow_entry_frames(f, ev->entry));
	}
	printf("requests: posted %u, completed %u, failed %u (queue-full retries %u, refused "
	       "%u)\n",
	       rep->posted, rep->completed, rep->failed, rep->again, rep->refused);
	printf("output: %s\n", o->out);
}

static void usage(const char *prog)
{
	fprintf(stderr,
	        "usage: %s -i IN.pcap [-o OUT.pcap] [--fail-link L] [--fail-at N]\n"
	        "          [--restore-at N] [--check]\n"
	        "  -i, --in FILE       traffic for port 0 (e.g. from 'softdpa pcap gen')\n"
	        "  -o, --out FILE      what the uplink (port 1) sent (default "
	        "path_failover_out.pcap)\n"
	        "  --fail-link L       the link that fails, 0..%u (default 2)\n"
	        "  --fail-at N         input frame index of the failure (default 1/3)\n"
	        "  --restore-at N      index where it comes back (default 2/3; 0 = never)\n"
	        "  --check             verify the output capture; exit 1 if it is wrong\n",
	        prog, FO_NR_LINKS - 1);
}

static int parse(int argc, char **argv, struct opts *o)
{
	static const struct option lo[] = {{"in", required_argument, NULL, 'i'},
	                                   {"out", required_argument, NULL, 'o'},
	                                   {"fail-link", required_argument, NULL, 'l'},
	                                   {"fail-at", required_argument, NULL, 'f'},
	                                   {"restore-at", required_argument, NULL, 'r'},
	                                   {"check", no_argument, NULL, 'c'},
	                                   {"help", no_argument, NULL, 'h'},
	                                   {NULL, 0, NULL, 0}};
	int c;

	*o = (struct opts){NULL, "path_failover_out.pcap", 2, -1, -1, false};
	while ((c = getopt_long(argc, argv, "i:o:h", lo, NULL)) != -1) {
		switch (c) {
		case 'i':
			o->in = optarg;
			break;
		case 'o':
			o->out = optarg;
			break;
		case 'l':
			o->fail_link = (uint32_t)strtoul(optarg, NULL, 0);
			break;
		case 'f':
			o->fail_at = strtol(optarg, NULL, 0);
			break;
		case 'r':
			o->restore_at = strtol(optarg, NULL, 0);
			break;
		case 'c':
			o->check = true;
			break;
		default:
			usage(argv[0]);
			return c == 'h' ? 0 : 2;
		}
	}
	if (o->in == NULL || optind != argc || o->fail_link >= FO_NR_LINKS) {
		usage(argv[0]);
		return 2;
	}
	return -1;
}

int main(int argc, char **argv)
{
	struct fo_flow f;
	struct fo_dpa d;
	struct flexio_process *process;
	struct fo_report rep;
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
	memset(&rep, 0, sizeof(rep));
	in = read_pcap(o.in, &r.nr_in);
	if (in == NULL || r.nr_in == 0) {
		fprintf(stderr, "no frames in '%s'\n", o.in);
		return 1;
	}
	if (o.fail_at < 0)
		o.fail_at = r.nr_in / 3;
	if (o.restore_at < 0)
		o.restore_at = 2 * (long)r.nr_in / 3;
	if (o.fail_at > (long)r.nr_in || (o.restore_at > 0 && o.restore_at <= o.fail_at) ||
	    o.restore_at > (long)r.nr_in) {
		fprintf(stderr, "need 0 <= --fail-at < --restore-at <= %u frames\n", r.nr_in);
		free_frames(in, r.nr_in);
		return 2;
	}
	r.up_mask[0] = r.up_mask[2] = (1u << FO_NR_LINKS) - 1;
	r.up_mask[1] = r.up_mask[0] & ~(1u << o.fail_link);

	rc = fo_devices_open(&f);
	if (rc == DOCA_SUCCESS)
		rc = fo_dpa_start(f.dev, &d);
	/* softdpa's one extra call (D7): the FlexIO process the provider is bound to. */
	if (rc == DOCA_SUCCESS)
		rc = softdpa_dpa_get_flexio_process(d.dpa, &process);
	if (rc == DOCA_SUCCESS)
		rc = fo_flow_start(&f);
	if (rc == DOCA_SUCCESS)
		rc = fo_flow_build(&f, process);
	if (rc == DOCA_SUCCESS)
		rc = fo_dpa_launch_watcher(f.dev, &d, f.pipe_addr);
	if (rc == DOCA_SUCCESS) {
		signal(SIGINT, on_stop_signal);
		signal(SIGTERM, on_stop_signal);
		rc = replay(&o, in, &r, &d);
	}
	if (fo_dpa_stop_watcher(&d, ACK_TIMEOUT_MS) != DOCA_SUCCESS) {
		/* The kernel still runs and still reads the link table: tearing down the
		 * memory and the pipe under it would only turn one failure into a crash. */
		fprintf(stderr, "path_failover: %s; exiting without teardown\n",
		        doca_error_get_descr(rc != DOCA_SUCCESS ? rc : DOCA_ERROR_TIME_OUT));
		return 1;
	}
	if (d.report != NULL)
		memcpy(&rep, d.report, sizeof(rep)); /* final: the kernel has returned */
	if (rc == DOCA_SUCCESS && stop_sig != 0) {
		ret = 1; /* no report of a partial run */
	} else if (rc == DOCA_SUCCESS) {
		report(&o, &r, &f, &rep);
		if (o.check && check(&o, in, &r, &f, &rep) != 0)
			ret = 1;
	} else {
		fprintf(stderr, "path_failover: %s\n", doca_error_get_descr(rc));
		ret = 1;
	}
	if (ret < 0)
		ret = 0;
	fo_flow_stop(&f);
	fo_dpa_destroy(&d);
	fo_devices_close(&f);
	free_frames(in, r.nr_in);
	if (stop_sig != 0) { /* torn down: now end as the signal would have */
		int sig = stop_sig;

		signal(sig, SIG_DFL);
		raise(sig);
	}
	return ret;
}
