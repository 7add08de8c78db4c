/* SPDX-License-Identifier: BSD-3-Clause
 * The pcap wire: frames arrive from a capture file (libpcap reads pcap and pcapng), and
 * transmitted frames are appended to an optional output capture.
 *
 * RX reads up to a burst of records into wire-owned buffers (libpcap's own buffer is only
 * valid until the next read, and the consumer rewrites frames in place). A record libpcap
 * cannot read ends RX for good: the frames before it have been delivered, one error line
 * names the file and the record's byte offset ("truncated last record" when the capture
 * was cut short), and sdpa_wire_rx_error() reports it.
 *
 * TX writes OUT itself, without stdio: each burst's records are formatted whole into one
 * buffer and written with one write(2), so OUT holds whole records between writes — a
 * process that ends between two writes (exit, a crash, any signal) leaves a complete
 * capture, and there is nothing to flush at exit. A fatal signal landing inside a write(2)
 * can cut the last record: the kernel turns any fatal signal (SIGKILL, or SIGTERM/SIGINT
 * the program does not handle) into a group kill that stops a write at a page boundary.
 * Readers report that as a truncated last record.
 * A failed or short write is cut back to the last whole record.
 */
#include <errno.h>
#include <fcntl.h>
#include <pcap/pcap.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "core/log.h"
#include "core/util.h"
#include "io/wire.h"

SDPA_LOG_REGISTER(io_pcap);

enum {
	RX_STRIDE = SDPA_PKT_HEADROOM + SOFTDPA_FRAME_MAX,
	OUT_SNAPLEN = 262144, /* libpcap's own maximum for Ethernet */
	PCAP_REC_HDR = 16,
	OUT_BUF = SDPA_WIRE_BURST_MAX * (PCAP_REC_HDR + SOFTDPA_FRAME_MAX),
};

/* The classic pcap format as libpcap writes it: host byte order, microseconds. */
struct pcap_file_hdr {
	uint32_t magic;
	uint16_t major, minor;
	int32_t thiszone;
	uint32_t sigfigs, snaplen, linktype;
};

struct pcap_rec_hdr {
	uint32_t ts_sec, ts_usec, caplen, len;
};

_Static_assert(sizeof(struct pcap_file_hdr) == 24, "pcap file header");
_Static_assert(sizeof(struct pcap_rec_hdr) == PCAP_REC_HDR, "pcap record header");

struct pcap_wire {
	struct sdpa_wire base;
	char *in_path;
	char *out_path;
	pcap_t *in;

	/* RX consumer state */
	uint8_t *bufs; /* [SDPA_WIRE_BURST_MAX][RX_STRIDE] */
	struct sdpa_pkt pkts[SDPA_WIRE_BURST_MAX];
	uint16_t head, held; /* pkts[head .. head+held) are handed out */
	bool eof;
	bool snap_warned;
	uint64_t records; /* records read so far, for messages */
	sdpa_atomic_u32 exhausted;

	/* TX side, under tx_lock */
	pthread_mutex_t tx_lock;
	int out_fd;       /* -1: no OUT */
	uint8_t *out_buf; /* one burst of whole records [OUT_BUF] */
	off_t out_off;    /* bytes of whole records in OUT */
	bool out_failed;
	struct timeval last_ts;
};

static inline struct pcap_wire *to_pcap(struct sdpa_wire *w)
{
	return sdpa_container_of(w, struct pcap_wire, base);
}

static void rx_fail(struct pcap_wire *pw, long offset, const char *why)
{
	/* libpcap's words for a file that ends inside a record. */
	if (strstr(why, "truncated dump file") != NULL)
		DOCA_LOG_ERR("pcap wire: '%s': truncated last record: record %llu at byte offset "
		             "%ld is cut short (%s), as when the capture's writer was killed or "
		             "its disk filled; the %llu frames before it were delivered and port "
		             "%u receives nothing more",
		             pw->in_path, (unsigned long long)pw->records + 1, offset, why,
		             (unsigned long long)pw->records, (unsigned int)pw->base.port_id);
	else
		DOCA_LOG_ERR("pcap wire: '%s': record %llu at byte offset %ld is truncated or "
		             "corrupt (%s); the %llu frames before it were delivered and port %u "
		             "receives nothing more. Repair or re-capture the file",
		             pw->in_path, (unsigned long long)pw->records + 1, offset, why,
		             (unsigned long long)pw->records, (unsigned int)pw->base.port_id);
	sdpa_store_relaxed(&pw->base.rx_error, (uint32_t)DOCA_ERROR_INVALID_VALUE);
	pw->eof = true;
}

static uint16_t pcap_rx_burst(struct sdpa_wire *w, struct sdpa_pkt **pkts, uint16_t n)
{
	struct pcap_wire *pw = to_pcap(w);
	FILE *fp = pcap_file(pw->in);
	uint16_t k = 0;

	if (n > SDPA_WIRE_BURST_MAX)
		n = SDPA_WIRE_BURST_MAX;
	if (pw->held > 0) {
		n = SDPA_MIN(n, pw->held);
		for (uint16_t i = 0; i < n; i++)
			pkts[i] = &pw->pkts[pw->head + i];
		return n;
	}
	pw->head = 0;
	while (k < n && !pw->eof) {
		struct pcap_pkthdr *hdr;
		const u_char *data;
		long offset = fp != NULL ? ftell(fp) : -1;
		int rc = pcap_next_ex(pw->in, &hdr, &data);
		struct sdpa_pkt *p;

		if (rc == PCAP_ERROR_BREAK) {
			pw->eof = true;
			break;
		}
		if (rc != 1) {
			rx_fail(pw, offset, pcap_geterr(pw->in));
			break;
		}
		if (hdr->caplen > hdr->len) {
			char why[96];

			snprintf(why, sizeof(why), "captured length %u exceeds frame length %u",
			         hdr->caplen, hdr->len);
			rx_fail(pw, offset, why);
			break;
		}
		pw->records++;
		if (hdr->caplen > SOFTDPA_FRAME_MAX) {
			sdpa_counter_add(&w->ctr.rx_malformed, 1);
			continue;
		}
		if (hdr->caplen < hdr->len) {
			sdpa_counter_add(&w->ctr.rx_snapped, 1);
			if (!pw->snap_warned) {
				pw->snap_warned = true;
				DOCA_LOG_WARN(
				        "pcap wire: '%s': record %llu at byte offset %ld holds "
				        "only %u of the frame's %u bytes (snapped capture); "
				        "delivering the captured bytes. Capture with "
				        "'tcpdump -s 0' for whole frames (warned once per "
				        "file)",
				        pw->in_path, (unsigned long long)pw->records, offset,
				        hdr->caplen, hdr->len);
			}
		}
		p = &pw->pkts[k];
		p->data = pw->bufs + (size_t)k * RX_STRIDE + SDPA_PKT_HEADROOM;
		p->len = hdr->caplen;
		p->cap = SOFTDPA_FRAME_MAX;
		p->headroom = SDPA_PKT_HEADROOM;
		p->meta = 0;
		memcpy(p->data, data, hdr->caplen);
		pkts[k] = p;
		k++;
	}
	pw->held = k;
	if (k == 0 && pw->eof)
		sdpa_store_relaxed(&pw->exhausted, 1u);
	return k;
}

static void pcap_rx_release(struct sdpa_wire *w, uint16_t n)
{
	struct pcap_wire *pw = to_pcap(w);

	n = sdpa_wire_release_count(w, n, pw->held);
	pw->head += n;
	pw->held -= n;
	if (pw->held == 0 && pw->eof)
		sdpa_store_relaxed(&pw->exhausted, 1u);
}

static bool pcap_rx_exhausted(struct sdpa_wire *w)
{
	return sdpa_load_relaxed(&to_pcap(w)->exhausted) != 0;
}

/* Write [p, p+n) at the end of OUT, whole or not at all: a short or failed write is cut
 * back to the last whole record. Must hold tx_lock. */
static bool out_write(struct pcap_wire *pw, const uint8_t *p, size_t n)
{
	size_t done = 0;
	int e = 0;

	while (done < n) {
		ssize_t w = write(pw->out_fd, p + done, n - done);

		if (w < 0 && errno == EINTR)
			continue;
		if (w <= 0) {
			e = w < 0 ? errno : ENOSPC;
			break;
		}
		done += (size_t)w;
	}
	if (done == n) {
		pw->out_off += (off_t)n;
		return true;
	}
	if (ftruncate(pw->out_fd, pw->out_off) != 0 ||
	    lseek(pw->out_fd, pw->out_off, SEEK_SET) != pw->out_off)
		(void)0; /* a reader reports the partial record as a truncated last record */
	pw->out_failed = true;
	DOCA_LOG_RATE_LIMIT_ERR("pcap wire: writing '%s' failed (%s); frames port %u transmits "
	                        "are counted as wire errors. Check free space and permissions",
	                        pw->out_path, strerror(e), (unsigned int)pw->base.port_id);
	return false;
}

static uint16_t pcap_tx_burst(struct sdpa_wire *w, uint16_t queue, struct sdpa_pkt *const *pkts,
                              uint16_t n)
{
	struct pcap_wire *pw = to_pcap(w);
	uint64_t frames = 0, bytes = 0, malformed = 0, errors = 0;
	struct pcap_rec_hdr rh = {0};
	struct timespec now;
	struct timeval ts;
	size_t used = 0;

	(void)queue; /* one TX queue */
	if (n > SDPA_WIRE_BURST_MAX)
		n = SDPA_WIRE_BURST_MAX;
	pthread_mutex_lock(&pw->tx_lock);
	if (pw->out_fd >= 0 && !pw->out_failed) {
		clock_gettime(CLOCK_REALTIME, &now);
		ts.tv_sec = now.tv_sec;
		ts.tv_usec = now.tv_nsec / 1000;
		/* OUT's timestamps never go backwards, even if the clock does. */
		if (timercmp(&ts, &pw->last_ts, <))
			ts = pw->last_ts;
		pw->last_ts = ts;
		rh.ts_sec = (uint32_t)ts.tv_sec;
		rh.ts_usec = (uint32_t)ts.tv_usec;
	}
	for (uint16_t i = 0; i < n; i++) {
		const struct sdpa_pkt *p = pkts[i];

		if (SDPA_UNLIKELY(p->len > SOFTDPA_FRAME_MAX)) {
			malformed++;
			continue;
		}
		if (pw->out_fd >= 0) {
			if (pw->out_failed) {
				errors++;
				continue;
			}
			rh.caplen = rh.len = p->len;
			memcpy(pw->out_buf + used, &rh, sizeof(rh));
			memcpy(pw->out_buf + used + sizeof(rh), p->data, p->len);
			used += sizeof(rh) + p->len;
		}
		frames++;
		bytes += p->len;
	}
	if (used > 0 && !out_write(pw, pw->out_buf, used)) {
		errors += frames; /* none of this burst's records made it */
		frames = 0;
		bytes = 0;
	}
	sdpa_counter_add(&w->ctr.tx_frames, frames);
	sdpa_counter_add(&w->ctr.tx_bytes, bytes);
	if (malformed)
		sdpa_counter_add(&w->ctr.tx_malformed, malformed);
	if (errors)
		sdpa_counter_add(&w->ctr.tx_errors, errors);
	pthread_mutex_unlock(&pw->tx_lock);
	return n;
}

static void pcap_close_wire(struct sdpa_wire *w)
{
	struct pcap_wire *pw = to_pcap(w);

	if (pw->out_fd >= 0)
		close(pw->out_fd);
	if (pw->in != NULL)
		pcap_close(pw->in);
	pthread_mutex_destroy(&pw->tx_lock);
	free(pw->out_buf);
	free(pw->bufs);
	free(pw->in_path);
	free(pw->out_path);
	free(pw);
}

void sdpa_wire_pcap_flush(struct sdpa_wire *w)
{
	/* Every burst reached OUT with its own write(2): nothing is buffered here. */
	(void)w;
}

static const struct sdpa_wire_ops pcap_ops = {
        .name = "pcap",
        .rx_burst = pcap_rx_burst,
        .rx_release = pcap_rx_release,
        .rx_exhausted = pcap_rx_exhausted,
        .tx_burst = pcap_tx_burst,
        .close = pcap_close_wire,
};

static doca_error_t open_in(struct pcap_wire *pw)
{
	char errbuf[PCAP_ERRBUF_SIZE] = "";
	struct stat st;
	FILE *fp;
	int dlt;

	fp = fopen(pw->in_path, "rb");
	if (fp == NULL) {
		int e = errno;

		DOCA_LOG_ERR("pcap wire: cannot open '%s': %s; check the path (relative to the "
		             "working directory) and its permissions",
		             pw->in_path, strerror(e));
		if (e == ENOENT || e == ENOTDIR)
			return DOCA_ERROR_NOT_FOUND;
		if (e == EACCES || e == EPERM)
			return DOCA_ERROR_NOT_PERMITTED;
		return DOCA_ERROR_IO_FAILED;
	}
	if (fstat(fileno(fp), &st) == 0 && S_ISDIR(st.st_mode)) {
		DOCA_LOG_ERR(
		        "pcap wire: '%s' is a directory, not a capture file; name a .pcap file",
		        pw->in_path);
		fclose(fp);
		return DOCA_ERROR_INVALID_VALUE;
	}
	if (fstat(fileno(fp), &st) == 0 && st.st_size == 0) {
		DOCA_LOG_ERR("pcap wire: '%s' is empty (0 bytes), not a capture: no pcap header at "
		             "offset 0; pass a file written by tcpdump -w or Wireshark",
		             pw->in_path);
		fclose(fp);
		return DOCA_ERROR_INVALID_VALUE;
	}
	pw->in = pcap_fopen_offline(fp, errbuf);
	if (pw->in == NULL) {
		DOCA_LOG_ERR("pcap wire: '%s' is not a pcap/pcapng capture: bad or corrupt file "
		             "header at offset 0 (%s); pass a file written by tcpdump -w or "
		             "Wireshark",
		             pw->in_path, errbuf);
		fclose(fp); /* libpcap leaves it to us on failure */
		return DOCA_ERROR_INVALID_VALUE;
	}
	dlt = pcap_datalink(pw->in);
	if (dlt != DLT_EN10MB) {
		const char *name = pcap_datalink_val_to_name(dlt);

		DOCA_LOG_ERR("pcap wire: '%s' has link type %d (%s), not Ethernet (DLT_EN10MB, 1); "
		             "ports carry Ethernet frames: capture on an Ethernet interface or "
		             "add Ethernet headers (e.g. tcprewrite --dlt=enet)",
		             pw->in_path, dlt, name != NULL ? name : "unknown");
		return DOCA_ERROR_INVALID_VALUE;
	}
	return DOCA_SUCCESS;
}

static doca_error_t open_out(struct pcap_wire *pw)
{
	struct pcap_file_hdr fh = {.magic = 0xa1b2c3d4,
	                           .major = PCAP_VERSION_MAJOR,
	                           .minor = PCAP_VERSION_MINOR,
	                           .snaplen = OUT_SNAPLEN,
	                           .linktype = DLT_EN10MB};
	struct stat in_st, out_st;

	if (stat(pw->in_path, &in_st) == 0 && stat(pw->out_path, &out_st) == 0 &&
	    in_st.st_dev == out_st.st_dev && in_st.st_ino == out_st.st_ino) {
		DOCA_LOG_ERR("pcap wire: output '%s' is the input capture itself; writing it would "
		             "destroy the input. Name another output file",
		             pw->out_path);
		return DOCA_ERROR_INVALID_VALUE;
	}
	pw->out_buf = malloc(OUT_BUF);
	if (pw->out_buf == NULL) {
		DOCA_LOG_ERR("pcap wire: out of memory for the writer of '%s'; free memory",
		             pw->out_path);
		return DOCA_ERROR_NO_MEMORY;
	}
	pw->out_fd = open(pw->out_path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0666);
	if (pw->out_fd < 0) {
		int e = errno;

		DOCA_LOG_ERR("pcap wire: cannot create output capture '%s': %s; check that its "
		             "directory exists and is writable",
		             pw->out_path, strerror(e));
		if (e == ENOENT || e == ENOTDIR || e == EISDIR || e == ENAMETOOLONG)
			return DOCA_ERROR_INVALID_VALUE;
		return DOCA_ERROR_IO_FAILED;
	}
	/* The header on disk now: OUT is a valid (empty) capture even before any frame. */
	if (!out_write(pw, (const uint8_t *)&fh, sizeof(fh))) {
		DOCA_LOG_ERR("pcap wire: cannot write the header of '%s'; check free space",
		             pw->out_path);
		return DOCA_ERROR_IO_FAILED;
	}
	return DOCA_SUCCESS;
}

doca_error_t sdpa_wire_pcap_create(uint16_t port_id, const char *in, const char *out_path,
                                   struct sdpa_wire **out)
{
	struct pcap_wire *pw;
	doca_error_t r;

	*out = NULL;
	pw = calloc(1, sizeof(*pw));
	if (pw == NULL)
		goto no_mem;
	pthread_mutex_init(&pw->tx_lock, NULL);
	pw->out_fd = -1;
	sdpa_wire_init(&pw->base, &pcap_ops, SDPA_WIRE_PCAP, port_id);
	pw->in_path = strdup(in);
	pw->out_path = out_path != NULL ? strdup(out_path) : NULL;
	pw->bufs = malloc((size_t)SDPA_WIRE_BURST_MAX * RX_STRIDE);
	if (pw->in_path == NULL || (out_path != NULL && pw->out_path == NULL) || pw->bufs == NULL) {
		pcap_close_wire(&pw->base);
		goto no_mem;
	}
	for (unsigned int i = 0; i < SDPA_WIRE_BURST_MAX; i++)
		pw->pkts[i].in_port = port_id;
	r = open_in(pw);
	if (r == DOCA_SUCCESS && out_path != NULL)
		r = open_out(pw);
	if (r != DOCA_SUCCESS) {
		pcap_close_wire(&pw->base);
		return r;
	}
	*out = &pw->base;
	return DOCA_SUCCESS;

no_mem:
	DOCA_LOG_ERR("port %u: cannot allocate a pcap wire for '%s'; free memory",
	             (unsigned int)port_id, in);
	return DOCA_ERROR_NO_MEMORY;
}
