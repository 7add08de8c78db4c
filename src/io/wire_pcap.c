/* SPDX-License-Identifier: BSD-3-Clause
 * The pcap wire: frames arrive from a capture file (libpcap reads pcap and pcapng), and
 * transmitted frames are appended to an optional output capture.
 *
 * RX reads up to a burst of records into wire-owned buffers (libpcap's own buffer is only
 * valid until the next read, and the consumer rewrites frames in place). A record libpcap
 * cannot read ends RX for good: the frames before it have been delivered, one error line
 * names the file and the record's byte offset, and sdpa_wire_rx_error() reports it.
 */
#include <errno.h>
#include <pcap/pcap.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>

#include "core/log.h"
#include "core/util.h"
#include "io/wire.h"

SDPA_LOG_REGISTER(io_pcap);

enum {
	RX_STRIDE = SDPA_PKT_HEADROOM + SOFTDPA_FRAME_MAX,
	FLUSH_INTERVAL_MS = 100, /* OUT is at most this stale while frames flow */
	OUT_SNAPLEN = 262144,    /* libpcap's own maximum for Ethernet */
};

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
	pcap_t *dead;
	pcap_dumper_t *dumper;
	bool out_failed;
	struct timespec last_flush;
	struct timeval last_ts;
};

static inline struct pcap_wire *to_pcap(struct sdpa_wire *w)
{
	return sdpa_container_of(w, struct pcap_wire, base);
}

static void rx_fail(struct pcap_wire *pw, long offset, const char *why)
{
	DOCA_LOG_ERR("pcap wire: '%s': record %llu at byte offset %ld is truncated or corrupt "
	             "(%s); the %llu frames before it were delivered and port %u receives "
	             "nothing more. Repair or re-capture the file",
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

	if (SDPA_UNLIKELY(n > pw->held)) {
		DOCA_LOG_RATE_LIMIT_ERR("port %u: rx_release(%u) but only %u frames are held; "
		                        "release at most what rx_burst returned",
		                        (unsigned int)w->port_id, (unsigned int)n,
		                        (unsigned int)pw->held);
		n = pw->held;
	}
	pw->head += n;
	pw->held -= n;
	if (pw->held == 0 && pw->eof)
		sdpa_store_relaxed(&pw->exhausted, 1u);
}

static bool pcap_rx_exhausted(struct sdpa_wire *w)
{
	return sdpa_load_relaxed(&to_pcap(w)->exhausted) != 0;
}

/* Must hold tx_lock. */
static void out_check(struct pcap_wire *pw, bool force_flush)
{
	struct timespec now;
	FILE *fp;

	clock_gettime(CLOCK_MONOTONIC_COARSE, &now);
	if (force_flush || (now.tv_sec - pw->last_flush.tv_sec) * 1000 +
	                                   (now.tv_nsec - pw->last_flush.tv_nsec) / 1000000 >=
	                           FLUSH_INTERVAL_MS) {
		pw->last_flush = now;
		if (pcap_dump_flush(pw->dumper) != 0)
			pw->out_failed = true;
	}
	fp = pcap_dump_file(pw->dumper);
	if (fp != NULL && ferror(fp))
		pw->out_failed = true;
	if (pw->out_failed)
		DOCA_LOG_RATE_LIMIT_ERR("pcap wire: writing '%s' failed (%s); frames port %u "
		                        "transmits are counted as wire errors. Check free space "
		                        "and permissions",
		                        pw->out_path, strerror(errno ? errno : EIO),
		                        (unsigned int)pw->base.port_id);
}

static uint16_t pcap_tx_burst(struct sdpa_wire *w, struct sdpa_pkt *const *pkts, uint16_t n)
{
	struct pcap_wire *pw = to_pcap(w);
	uint64_t frames = 0, bytes = 0, malformed = 0, errors = 0;
	struct pcap_pkthdr hdr;
	struct timespec now;

	if (n > SDPA_WIRE_BURST_MAX)
		n = SDPA_WIRE_BURST_MAX;
	pthread_mutex_lock(&pw->tx_lock);
	if (pw->dumper != NULL && !pw->out_failed) {
		clock_gettime(CLOCK_REALTIME, &now);
		hdr.ts.tv_sec = now.tv_sec;
		hdr.ts.tv_usec = now.tv_nsec / 1000;
		/* OUT's timestamps never go backwards, even if the clock does. */
		if (timercmp(&hdr.ts, &pw->last_ts, <))
			hdr.ts = pw->last_ts;
		pw->last_ts = hdr.ts;
	}
	for (uint16_t i = 0; i < n; i++) {
		const struct sdpa_pkt *p = pkts[i];

		if (SDPA_UNLIKELY(p->len > SOFTDPA_FRAME_MAX)) {
			malformed++;
			continue;
		}
		if (pw->dumper != NULL) {
			if (pw->out_failed) {
				errors++;
				continue;
			}
			hdr.caplen = hdr.len = p->len;
			pcap_dump((u_char *)pw->dumper, &hdr, p->data);
		}
		frames++;
		bytes += p->len;
	}
	if (pw->dumper != NULL && !pw->out_failed && frames > 0) {
		out_check(pw, false);
		if (pw->out_failed) { /* this burst's frames may not have made it */
			errors += frames;
			frames = 0;
			bytes = 0;
		}
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

	if (pw->dumper != NULL) {
		if (!pw->out_failed)
			out_check(pw, true);
		pcap_dump_close(pw->dumper);
	}
	if (pw->dead != NULL)
		pcap_close(pw->dead);
	if (pw->in != NULL)
		pcap_close(pw->in);
	pthread_mutex_destroy(&pw->tx_lock);
	free(pw->bufs);
	free(pw->in_path);
	free(pw->out_path);
	free(pw);
}

void sdpa_wire_pcap_flush(struct sdpa_wire *w)
{
	struct pcap_wire *pw = to_pcap(w);

	pthread_mutex_lock(&pw->tx_lock);
	if (pw->dumper != NULL && !pw->out_failed)
		out_check(pw, true);
	pthread_mutex_unlock(&pw->tx_lock);
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
	struct stat in_st, out_st;
	FILE *fp;

	if (stat(pw->in_path, &in_st) == 0 && stat(pw->out_path, &out_st) == 0 &&
	    in_st.st_dev == out_st.st_dev && in_st.st_ino == out_st.st_ino) {
		DOCA_LOG_ERR("pcap wire: output '%s' is the input capture itself; writing it would "
		             "destroy the input. Name another output file",
		             pw->out_path);
		return DOCA_ERROR_INVALID_VALUE;
	}
	fp = fopen(pw->out_path, "wb");
	if (fp == NULL) {
		int e = errno;

		DOCA_LOG_ERR("pcap wire: cannot create output capture '%s': %s; check that its "
		             "directory exists and is writable",
		             pw->out_path, strerror(e));
		if (e == ENOENT || e == ENOTDIR || e == EISDIR || e == ENAMETOOLONG)
			return DOCA_ERROR_INVALID_VALUE;
		return DOCA_ERROR_IO_FAILED;
	}
	pw->dead = pcap_open_dead(DLT_EN10MB, OUT_SNAPLEN);
	if (pw->dead == NULL) {
		fclose(fp);
		DOCA_LOG_ERR("pcap wire: libpcap cannot create a writer for '%s' (out of memory?)",
		             pw->out_path);
		return DOCA_ERROR_NO_MEMORY;
	}
	pw->dumper = pcap_dump_fopen(pw->dead, fp);
	if (pw->dumper == NULL) {
		DOCA_LOG_ERR("pcap wire: cannot write the header of '%s' (%s); check free space",
		             pw->out_path, pcap_geterr(pw->dead));
		fclose(fp);
		return DOCA_ERROR_IO_FAILED;
	}
	/* The header on disk now: OUT is a valid (empty) capture even before any frame. */
	if (pcap_dump_flush(pw->dumper) != 0) {
		DOCA_LOG_ERR("pcap wire: cannot write the header of '%s' (%s); check free space",
		             pw->out_path, strerror(errno));
		return DOCA_ERROR_IO_FAILED;
	}
	clock_gettime(CLOCK_MONOTONIC_COARSE, &pw->last_flush);
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
