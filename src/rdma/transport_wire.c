/* SPDX-License-Identifier: BSD-3-Clause
 * The wire carrier (docs/DPA.md, "RDMA: the wire carrier"): the queue-pair engine's packets
 * between processes (and machines) as RoCEv2 over the Linux network stack. Each datagram's
 * payload is one RoCEv2 packet exactly as it follows the UDP header of a frame to port 4791:
 * BTH, the extended headers the opcode takes (RETH, ImmDt, AETH, AtomicETH, AtomicAckETH),
 * the payload, its pad to 4 bytes and the ICRC. Messages longer than the path MTU go out as
 * FIRST/MIDDLE/LAST packets, one PSN each, and are reassembled before sdpa_qp_rx.
 *
 * Deviation: a process binds one UDP socket on SOFTDPA_RDMA_ADDR (default 127.0.0.1) with a
 * port of its own instead of port 4791 (which only one process could bind, and only as
 * root); its address travels in doca_rdma_export's details. The ICRC and the capture use
 * the pseudo IPv4/UDP headers RoCEv2 would have: the GIDs' IPv4 addresses, a source port
 * derived from the sending QP, destination port 4791.
 *
 * Threads: any thread transmits (sendto on the shared socket); one receive thread per
 * process polls the socket, reassembles, calls sdpa_qp_rx and runs the engine's timers
 * (sdpa_qp_timers) about every millisecond. route_lock guards the routes; inject_lock the
 * loss/reorder state and the capture file. Neither is held while calling the engine.
 */
#include <arpa/inet.h>
#include <errno.h>
#include <netinet/in.h>
#include <poll.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/random.h>
#include <sys/socket.h>
#include <sys/time.h>
#include <unistd.h>

#include "core/atomics.h"
#include "core/log.h"
#include "core/util.h"
#include "rdma/transport.h"

SDPA_LOG_REGISTER(rdma_wire);

enum {
	ROCE_PORT = 4791,
	ROUTE_SLOTS = 4096,
	BTH_LEN = 12,
	RETH_LEN = 16,
	IMM_LEN = 4,
	AETH_LEN = 4,
	ATOMIC_ETH_LEN = 28,
	ATOMIC_ACK_LEN = 8,
	ICRC_LEN = 4,
	MAX_DGRAM = 4096 + 128,
	PSN_MASK = 0xffffff,
};

/* One direction's reassembly of a multi-packet message. */
struct reasm {
	bool active;
	uint8_t kind; /* SDPA_IB_SEND_FIRST, _WRITE_FIRST or _READ_RESPONSE_FIRST */
	uint32_t first_psn, next_psn;
	uint64_t va;
	uint32_t rkey, dma_len;
	uint8_t syndrome;
	uint32_t msn;
	uint8_t *buf;
	uint32_t len, cap;
};

struct route {
	uint32_t qpn, remote_qpn;
	struct sockaddr_in peer;
	uint32_t local_ip, remote_ip; /* pseudo header (network order) */
	uint32_t mtu;
	struct reasm req;  /* incoming requests (this QP as responder) */
	struct reasm resp; /* incoming read responses (this QP as requester) */
};

static pthread_mutex_t init_lock = PTHREAD_MUTEX_INITIALIZER;
static pid_t owner_pid; /* the process that opened the carrier (a fork reopens) */
static int sock = -1;
static struct sockaddr_in local_addr;
static pthread_mutex_t route_lock = PTHREAD_MUTEX_INITIALIZER;
static struct route *routes[ROUTE_SLOTS];

static pid_t proc_pid;
static uint64_t proc_id;

/* Injection and capture (SOFTDPA_RDMA_LOSS, _REORDER, _PCAP). */
static pthread_mutex_t inject_lock = PTHREAD_MUTEX_INITIALIZER;
static unsigned int loss_permille, reorder_permille;
static uint64_t rng;
static struct {
	bool held;
	uint8_t data[MAX_DGRAM];
	size_t len;
	struct sockaddr_in to;
	uint64_t since;
} stash;
static FILE *pcap;

static sdpa_atomic_u32 nr_routes;
static sdpa_atomic_u64 st_tx, st_rx, st_lost, st_reordered, st_bad_icrc, st_no_route;

/* ---- CRC-32 (IEEE 802.3, reflected), for the ICRC ---- */

static uint32_t crc_table[256];
static pthread_once_t crc_once = PTHREAD_ONCE_INIT;

static void crc_init(void)
{
	for (uint32_t i = 0; i < 256; i++) {
		uint32_t c = i;

		for (int k = 0; k < 8; k++)
			c = c & 1 ? 0xedb88320u ^ (c >> 1) : c >> 1;
		crc_table[i] = c;
	}
}

static uint32_t crc_update(uint32_t crc, const uint8_t *p, size_t n)
{
	while (n--)
		crc = crc_table[(crc ^ *p++) & 0xff] ^ (crc >> 8);
	return crc;
}

/* ---- byte order helpers ---- */

static void put16(uint8_t *p, uint16_t v)
{
	p[0] = (uint8_t)(v >> 8);
	p[1] = (uint8_t)v;
}

static void put24(uint8_t *p, uint32_t v)
{
	p[0] = (uint8_t)(v >> 16);
	p[1] = (uint8_t)(v >> 8);
	p[2] = (uint8_t)v;
}

static void put32(uint8_t *p, uint32_t v)
{
	put16(p, (uint16_t)(v >> 16));
	put16(p + 2, (uint16_t)v);
}

static void put64(uint8_t *p, uint64_t v)
{
	put32(p, (uint32_t)(v >> 32));
	put32(p + 4, (uint32_t)v);
}

static uint32_t get24(const uint8_t *p)
{
	return ((uint32_t)p[0] << 16) | ((uint32_t)p[1] << 8) | p[2];
}

static uint32_t get32(const uint8_t *p)
{
	return ((uint32_t)p[0] << 24) | get24(p + 1);
}

static uint64_t get64(const uint8_t *p)
{
	return ((uint64_t)get32(p) << 32) | get32(p + 4);
}

/* The UDP source port RoCEv2 frames of QP 'qpn' carry (a per-QP entropy value in the range
 * RoCEv2 senders use). */
static uint16_t src_port(uint32_t qpn)
{
	return (uint16_t)(0xc000 | ((qpn ^ (qpn >> 14)) & 0x3fff));
}

/* The IPv4 + UDP headers of a RoCEv2 frame carrying 'roce_len' bytes; 'masked' sets the
 * fields the ICRC leaves out (TOS, TTL, IP checksum, UDP checksum) to ones. */
static void ip_udp(uint8_t *h, uint32_t src_ip, uint32_t dst_ip, uint16_t sport, size_t roce_len,
                   bool masked)
{
	uint32_t sum = 0;

	memset(h, 0, 28);
	h[0] = 0x45;
	h[1] = masked ? 0xff : 0;
	put16(h + 2, (uint16_t)(20 + 8 + roce_len));
	put16(h + 6, 0x4000); /* DF */
	h[8] = masked ? 0xff : 64;
	h[9] = 17;
	memcpy(h + 12, &src_ip, 4);
	memcpy(h + 16, &dst_ip, 4);
	if (masked) {
		h[10] = h[11] = 0xff;
	} else {
		for (int i = 0; i < 20; i += 2)
			sum += ((uint32_t)h[i] << 8) | h[i + 1];
		while (sum >> 16)
			sum = (sum & 0xffff) + (sum >> 16);
		put16(h + 10, (uint16_t)~sum);
	}
	put16(h + 20, sport);
	put16(h + 22, ROCE_PORT);
	put16(h + 24, (uint16_t)(8 + roce_len));
	if (masked)
		h[26] = h[27] = 0xff; /* an unmasked frame sends no UDP checksum (0) */
}

/* The ICRC of the RoCEv2 packet 'p' of 'len' bytes (ICRC included), as IBTA defines it for
 * RoCEv2: CRC-32 over 8 bytes of ones (the masked LRH), the IPv4 header with TOS, TTL and
 * checksum masked, the UDP header with its checksum masked, the BTH with its FECN/BECN/
 * reserved byte masked, then the rest of the packet up to the ICRC. Stored least significant
 * byte first, as the CRC comes out of the reflected register. */
static uint32_t icrc(const uint8_t *p, size_t len, uint32_t src_ip, uint32_t dst_ip, uint16_t sport)
{
	static const uint8_t lrh[8] = {0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff};
	uint8_t hdr[28], bth[BTH_LEN];
	uint32_t crc = 0xffffffffu;

	pthread_once(&crc_once, crc_init);
	ip_udp(hdr, src_ip, dst_ip, sport, len, true);
	memcpy(bth, p, BTH_LEN);
	bth[4] = 0xff;
	crc = crc_update(crc, lrh, sizeof(lrh));
	crc = crc_update(crc, hdr, sizeof(hdr));
	crc = crc_update(crc, bth, sizeof(bth));
	crc = crc_update(crc, p + BTH_LEN, len - BTH_LEN - ICRC_LEN);
	return ~crc;
}

static void put_icrc(uint8_t *at, uint32_t c)
{
	at[0] = (uint8_t)c;
	at[1] = (uint8_t)(c >> 8);
	at[2] = (uint8_t)(c >> 16);
	at[3] = (uint8_t)(c >> 24);
}

/* ---- capture ---- */

static void pcap_open(const char *path)
{
	char name[4096];
	const char *pp = strstr(path, "%p");
	uint8_t gh[24] = {0};

	if (pp != NULL)
		snprintf(name, sizeof(name), "%.*s%ld%s", (int)(pp - path), path, (long)getpid(),
		         pp + 2);
	else
		snprintf(name, sizeof(name), "%s", path);
	pcap = fopen(name, "wb");
	if (pcap == NULL) {
		DOCA_LOG_ERR("SOFTDPA_RDMA_PCAP: cannot create %s (%s); the carrier runs without a "
		             "capture. Fix: name a writable file",
		             name, strerror(errno));
		return;
	}
	/* Classic pcap, microseconds, little endian: magic, 2.4, snaplen, LINKTYPE_ETHERNET. */
	gh[0] = 0xd4;
	gh[1] = 0xc3;
	gh[2] = 0xb2;
	gh[3] = 0xa1;
	gh[4] = 2;
	gh[6] = 4;
	gh[16] = 0xff;
	gh[17] = 0xff;
	gh[20] = 1;
	fwrite(gh, 1, sizeof(gh), pcap);
	fflush(pcap);
	DOCA_LOG_INFO("RDMA wire: capturing RoCEv2 frames to %s", name);
}

static void le32(uint8_t *p, uint32_t v)
{
	put_icrc(p, v);
}

/* Record one RoCEv2 packet as an Ethernet/IPv4/UDP frame. Under inject_lock. */
static void pcap_frame(const uint8_t *roce, size_t len, uint32_t src_ip, uint32_t dst_ip,
                       uint16_t sport)
{
	uint8_t rec[16], eth[14];
	uint8_t hdr[28];
	struct timeval tv;

	if (pcap == NULL)
		return;
	gettimeofday(&tv, NULL);
	le32(rec, (uint32_t)tv.tv_sec);
	le32(rec + 4, (uint32_t)tv.tv_usec);
	le32(rec + 8, (uint32_t)(14 + 28 + len));
	le32(rec + 12, (uint32_t)(14 + 28 + len));
	/* Locally administered MACs made of the IPv4 addresses. */
	eth[0] = 0x02;
	eth[1] = 0x00;
	memcpy(eth + 2, &dst_ip, 4);
	eth[6] = 0x02;
	eth[7] = 0x00;
	memcpy(eth + 8, &src_ip, 4);
	eth[12] = 0x08;
	eth[13] = 0x00;
	ip_udp(hdr, src_ip, dst_ip, sport, len, false);
	fwrite(rec, 1, sizeof(rec), pcap);
	fwrite(eth, 1, sizeof(eth), pcap);
	fwrite(hdr, 1, sizeof(hdr), pcap);
	fwrite(roce, 1, len, pcap);
	fflush(pcap);
}

/* ---- transmit ---- */

static uint64_t rand_next(void)
{
	/* xorshift64*: reproducible with SOFTDPA_RDMA_LOSS's seed. Under inject_lock. */
	rng ^= rng >> 12;
	rng ^= rng << 25;
	rng ^= rng >> 27;
	return rng * 2685821657736338717ull;
}

static void send_now(const uint8_t *d, size_t len, const struct sockaddr_in *to)
{
	if (sendto(sock, d, len, MSG_DONTWAIT, (const struct sockaddr *)to, sizeof(*to)) < 0)
		DOCA_LOG_RATE_LIMIT_DBG("RDMA wire: sendto failed (%s)", strerror(errno));
	else
		sdpa_fetch_add_relaxed(&st_tx, 1);
}

/* Put one datagram on the carrier, through the loss and reorder injection. */
static void emit(const uint8_t *d, size_t len, const struct sockaddr_in *to, uint32_t src_ip,
                 uint32_t dst_ip, uint16_t sport)
{
	bool flush_stash = false;
	uint8_t held[MAX_DGRAM];
	size_t held_len = 0;
	struct sockaddr_in held_to;

	pthread_mutex_lock(&inject_lock);
	if (loss_permille != 0 && rand_next() % 1000 < loss_permille) {
		sdpa_fetch_add_relaxed(&st_lost, 1);
		pthread_mutex_unlock(&inject_lock);
		return;
	}
	pcap_frame(d, len, src_ip, dst_ip, sport);
	if (reorder_permille != 0 && !stash.held && rand_next() % 1000 < reorder_permille) {
		memcpy(stash.data, d, len);
		stash.len = len;
		stash.to = *to;
		stash.since = sdpa_mono_ns();
		stash.held = true;
		sdpa_fetch_add_relaxed(&st_reordered, 1);
		pthread_mutex_unlock(&inject_lock);
		return;
	}
	if (stash.held) {
		memcpy(held, stash.data, stash.len);
		held_len = stash.len;
		held_to = stash.to;
		stash.held = false;
		flush_stash = true;
	}
	send_now(d, len, to);
	pthread_mutex_unlock(&inject_lock);
	if (flush_stash)
		send_now(held, held_len, &held_to); /* the held packet goes after this one */
}

/* Build one packet: BTH + extended headers into 'b' (returns the header length). */
static size_t bth(uint8_t *b, uint8_t opcode, uint32_t dqpn, uint32_t psn, unsigned int pad,
                  bool ackreq)
{
	b[0] = opcode;
	b[1] = (uint8_t)((pad & 3) << 4); /* SE 0, MigReq 0, PadCnt, TVer 0 */
	put16(b + 2, 0xffff);             /* default P_Key */
	b[4] = 0;
	put24(b + 5, dqpn & PSN_MASK);
	b[8] = ackreq ? 0x80 : 0;
	put24(b + 9, psn & PSN_MASK);
	return BTH_LEN;
}

static bool wire_xmit(const struct sdpa_rdma_pkt *p)
{
	struct route r;
	struct route *rt;
	uint8_t b[MAX_DGRAM];
	const uint8_t *payload = p->payload;
	uint32_t total = p->payload_len, n, sent = 0;
	uint16_t sport = src_port(p->src_qpn);
	bool segmented;

	pthread_mutex_lock(&route_lock);
	rt = routes[p->src_qpn % ROUTE_SLOTS];
	if (rt == NULL || rt->qpn != p->src_qpn) {
		pthread_mutex_unlock(&route_lock);
		return true; /* the QP is being destroyed: nothing to carry */
	}
	r = *rt;
	pthread_mutex_unlock(&route_lock);
	segmented = p->opcode == SDPA_IB_SEND_ONLY || p->opcode == SDPA_IB_SEND_ONLY_IMM ||
	            p->opcode == SDPA_IB_WRITE_ONLY || p->opcode == SDPA_IB_WRITE_ONLY_IMM ||
	            p->opcode == SDPA_IB_READ_RESPONSE_ONLY;
	n = segmented && total > r.mtu ? (total + r.mtu - 1) / r.mtu : 1;
	for (uint32_t i = 0; i < n; i++) {
		uint32_t chunk = total - sent < r.mtu ? total - sent : r.mtu;
		bool first = i == 0, last = i + 1 == n;
		uint8_t op = p->opcode;
		size_t h;
		unsigned int pad;

		if (!segmented)
			chunk = total;
		pad = (4 - (chunk & 3)) & 3;
		if (n > 1) {
			switch (p->opcode) {
			case SDPA_IB_SEND_ONLY:
			case SDPA_IB_SEND_ONLY_IMM:
				op = first  ? SDPA_IB_SEND_FIRST
				     : last ? (p->opcode == SDPA_IB_SEND_ONLY
				                       ? SDPA_IB_SEND_LAST
				                       : SDPA_IB_SEND_LAST_IMM)
				            : SDPA_IB_SEND_MIDDLE;
				break;
			case SDPA_IB_WRITE_ONLY:
			case SDPA_IB_WRITE_ONLY_IMM:
				op = first  ? SDPA_IB_WRITE_FIRST
				     : last ? (p->opcode == SDPA_IB_WRITE_ONLY
				                       ? SDPA_IB_WRITE_LAST
				                       : SDPA_IB_WRITE_LAST_IMM)
				            : SDPA_IB_WRITE_MIDDLE;
				break;
			default:
				op = first  ? SDPA_IB_READ_RESPONSE_FIRST
				     : last ? SDPA_IB_READ_RESPONSE_LAST
				            : SDPA_IB_READ_RESPONSE_MIDDLE;
				break;
			}
		}
		h = bth(b, op, r.remote_qpn, p->psn + i, pad,
		        last && op != SDPA_IB_ACKNOWLEDGE && op != SDPA_IB_ATOMIC_ACKNOWLEDGE &&
		                (op < SDPA_IB_READ_RESPONSE_FIRST ||
		                 op > SDPA_IB_READ_RESPONSE_ONLY));
		switch (op) {
		case SDPA_IB_WRITE_FIRST:
		case SDPA_IB_WRITE_ONLY:
		case SDPA_IB_WRITE_ONLY_IMM:
		case SDPA_IB_READ_REQUEST:
			put64(b + h, p->va);
			put32(b + h + 8, p->rkey);
			put32(b + h + 12, p->dma_len);
			h += RETH_LEN;
			break;
		case SDPA_IB_CMP_SWAP:
		case SDPA_IB_FETCH_ADD:
			put64(b + h, p->va);
			put32(b + h + 8, p->rkey);
			put64(b + h + 12, p->swap_add);
			put64(b + h + 20, p->compare);
			h += ATOMIC_ETH_LEN;
			break;
		default:
			break;
		}
		if (op == SDPA_IB_SEND_ONLY_IMM || op == SDPA_IB_SEND_LAST_IMM ||
		    op == SDPA_IB_WRITE_ONLY_IMM || op == SDPA_IB_WRITE_LAST_IMM) {
			put32(b + h, p->imm);
			h += IMM_LEN;
		}
		if (op == SDPA_IB_ACKNOWLEDGE || op == SDPA_IB_ATOMIC_ACKNOWLEDGE ||
		    op == SDPA_IB_READ_RESPONSE_FIRST || op == SDPA_IB_READ_RESPONSE_LAST ||
		    op == SDPA_IB_READ_RESPONSE_ONLY) {
			b[h] = p->syndrome == SDPA_AETH_RNR_NAK
			               ? (uint8_t)(SDPA_AETH_RNR_NAK | (p->rnr_timer & 31))
			               : p->syndrome;
			put24(b + h + 1, p->msn);
			h += AETH_LEN;
		}
		if (op == SDPA_IB_ATOMIC_ACKNOWLEDGE) {
			put64(b + h, p->orig);
			h += ATOMIC_ACK_LEN;
		}
		if (h + chunk + pad + ICRC_LEN > sizeof(b))
			return true; /* cannot happen: chunk <= mtu <= 4096 */
		if (chunk)
			memcpy(b + h, payload + sent, chunk);
		memset(b + h + chunk, 0, pad);
		h += chunk + pad;
		put_icrc(b + h, icrc(b, h + ICRC_LEN, r.local_ip, r.remote_ip, sport));
		h += ICRC_LEN;
		emit(b, h, &r.peer, r.local_ip, r.remote_ip, sport);
		sent += chunk;
	}
	return true;
}

const struct sdpa_rdma_transport sdpa_rdma_wire_transport = {
        .name = "RoCEv2 over UDP",
        .xmit = wire_xmit,
        .rnr_ready = NULL,
        .lossy = true,
};

/* ---- receive ---- */

/* Append a packet's payload to a reassembly. */
static bool reasm_add(struct reasm *a, const uint8_t *d, uint32_t len)
{
	if (a->len + len > a->cap) {
		uint32_t cap = a->cap ? a->cap : 8192;
		uint8_t *nb;

		while (cap < a->len + len)
			cap *= 2;
		nb = realloc(a->buf, cap);
		if (nb == NULL)
			return false;
		a->buf = nb;
		a->cap = cap;
	}
	memcpy(a->buf + a->len, d, len);
	a->len += len;
	return true;
}

/* Whether packet 'op' continues a message whose first packet was 'kind'. */
static bool reasm_continues(uint8_t op, uint8_t kind)
{
	switch (kind) {
	case SDPA_IB_SEND_FIRST:
		return op == SDPA_IB_SEND_MIDDLE || op == SDPA_IB_SEND_LAST ||
		       op == SDPA_IB_SEND_LAST_IMM;
	case SDPA_IB_WRITE_FIRST:
		return op == SDPA_IB_WRITE_MIDDLE || op == SDPA_IB_WRITE_LAST ||
		       op == SDPA_IB_WRITE_LAST_IMM;
	default:
		return op == SDPA_IB_READ_RESPONSE_MIDDLE || op == SDPA_IB_READ_RESPONSE_LAST;
	}
}

/* What the engine hears of a message (first packet 'kind') that lost a packet: the message
 * whose first PSN is 'psn' (or the packet 'psn' when the first never came) is broken
 * (struct sdpa_rdma_pkt.broken). Ends the reassembly ('*active'). */
static void broken_msg(struct sdpa_rdma_pkt *b, uint8_t kind, uint32_t psn, uint32_t src_qpn,
                       uint32_t dst_qpn, bool *active)
{
	*b = (struct sdpa_rdma_pkt){.opcode = kind == SDPA_IB_READ_RESPONSE_FIRST
	                                              ? SDPA_IB_READ_RESPONSE_ONLY
	                                      : kind == SDPA_IB_SEND_FIRST ? SDPA_IB_SEND_ONLY
	                                                                   : SDPA_IB_WRITE_ONLY,
	                            .src_qpn = src_qpn,
	                            .dst_qpn = dst_qpn,
	                            .psn = psn,
	                            .broken = true};
	*active = false;
}

/* The receive thread's copy of a complete message (only that thread uses it). */
static uint8_t *msg_buf;
static uint32_t msg_cap;

static void rx_one(const uint8_t *d, size_t len, const struct sockaddr_in *from)
{
	struct sdpa_rdma_pkt p = {0}, gap = {0};
	struct route *rt;
	struct reasm *a = NULL;
	bool resp;
	uint8_t op;
	uint32_t dqpn, psn, c, pay_len;
	size_t h = BTH_LEN;
	unsigned int pad;
	bool deliver = true;

	if (len < BTH_LEN + ICRC_LEN)
		return;
	op = d[0];
	pad = (d[1] >> 4) & 3;
	dqpn = get24(d + 5);
	psn = get24(d + 9);
	pthread_mutex_lock(&route_lock);
	rt = routes[dqpn % ROUTE_SLOTS];
	if (rt == NULL || rt->qpn != dqpn || rt->peer.sin_addr.s_addr != from->sin_addr.s_addr ||
	    rt->peer.sin_port != from->sin_port) {
		pthread_mutex_unlock(&route_lock);
		sdpa_fetch_add_relaxed(&st_no_route, 1);
		DOCA_LOG_RATE_LIMIT_DBG("RDMA wire: a packet for QP %u from a sender not "
		                        "connected to it is dropped",
		                        dqpn);
		return;
	}
	c = icrc(d, len, rt->remote_ip, rt->local_ip, src_port(rt->remote_qpn));
	if (c != ((uint32_t)d[len - 4] | ((uint32_t)d[len - 3] << 8) |
	          ((uint32_t)d[len - 2] << 16) | ((uint32_t)d[len - 1] << 24))) {
		pthread_mutex_unlock(&route_lock);
		sdpa_fetch_add_relaxed(&st_bad_icrc, 1);
		DOCA_LOG_RATE_LIMIT_WARN("RDMA wire: a packet for QP %u has a bad ICRC; it is "
		                         "dropped (the sender retransmits)",
		                         dqpn);
		return;
	}
	pthread_mutex_lock(&inject_lock);
	pcap_frame(d, len, rt->remote_ip, rt->local_ip, src_port(rt->remote_qpn));
	pthread_mutex_unlock(&inject_lock);
	p.src_qpn = rt->remote_qpn;
	p.dst_qpn = dqpn;
	p.psn = psn;
	switch (op) {
	case SDPA_IB_WRITE_FIRST:
	case SDPA_IB_WRITE_ONLY:
	case SDPA_IB_WRITE_ONLY_IMM:
	case SDPA_IB_READ_REQUEST:
		if (len < h + RETH_LEN + ICRC_LEN)
			goto bad;
		p.va = get64(d + h);
		p.rkey = get32(d + h + 8);
		p.dma_len = get32(d + h + 12);
		h += RETH_LEN;
		break;
	case SDPA_IB_CMP_SWAP:
	case SDPA_IB_FETCH_ADD:
		if (len < h + ATOMIC_ETH_LEN + ICRC_LEN)
			goto bad;
		p.va = get64(d + h);
		p.rkey = get32(d + h + 8);
		p.swap_add = get64(d + h + 12);
		p.compare = get64(d + h + 20);
		h += ATOMIC_ETH_LEN;
		break;
	default:
		break;
	}
	if (op == SDPA_IB_SEND_ONLY_IMM || op == SDPA_IB_SEND_LAST_IMM ||
	    op == SDPA_IB_WRITE_ONLY_IMM || op == SDPA_IB_WRITE_LAST_IMM) {
		if (len < h + IMM_LEN + ICRC_LEN)
			goto bad;
		p.imm = get32(d + h);
		h += IMM_LEN;
	}
	if (op == SDPA_IB_ACKNOWLEDGE || op == SDPA_IB_ATOMIC_ACKNOWLEDGE ||
	    op == SDPA_IB_READ_RESPONSE_FIRST || op == SDPA_IB_READ_RESPONSE_LAST ||
	    op == SDPA_IB_READ_RESPONSE_ONLY) {
		if (len < h + AETH_LEN + ICRC_LEN)
			goto bad;
		p.syndrome = d[h];
		if ((p.syndrome & 0xe0) == SDPA_AETH_RNR_NAK) {
			p.rnr_timer = p.syndrome & 31;
			p.syndrome = SDPA_AETH_RNR_NAK;
		}
		p.msn = get24(d + h + 1);
		h += AETH_LEN;
	}
	if (op == SDPA_IB_ATOMIC_ACKNOWLEDGE) {
		if (len < h + ATOMIC_ACK_LEN + ICRC_LEN)
			goto bad;
		p.orig = get64(d + h);
		h += ATOMIC_ACK_LEN;
	}
	if (len < h + pad + ICRC_LEN)
		goto bad;
	pay_len = (uint32_t)(len - h - pad - ICRC_LEN);
	p.payload = d + h;
	p.payload_len = pay_len;
	p.opcode = op;
	/* Reassembly of FIRST/MIDDLE/LAST into the engine's whole message. A packet that does
	 * not continue the message being reassembled in its direction (requests, or read
	 * responses) ends that message broken: the engine hears of it at once (gap), as a NIC's
	 * transport sees the out-of-sequence packet (the responder NAKs, the requester of a
	 * read retries it), instead of the retransmission timer finding out; the message comes
	 * again from its first packet. */
	resp = op == SDPA_IB_ACKNOWLEDGE || op == SDPA_IB_ATOMIC_ACKNOWLEDGE ||
	       (op >= SDPA_IB_READ_RESPONSE_FIRST && op <= SDPA_IB_READ_RESPONSE_ONLY);
	a = resp ? &rt->resp : &rt->req;
	/* (An ACK between read response packets is not part of the read's answer.) */
	if (a->active && op != SDPA_IB_ACKNOWLEDGE && op != SDPA_IB_ATOMIC_ACKNOWLEDGE &&
	    !(reasm_continues(op, a->kind) && a->next_psn == psn))
		broken_msg(&gap, a->kind, a->first_psn, p.src_qpn, dqpn, &a->active);
	switch (op) {
	case SDPA_IB_SEND_FIRST:
	case SDPA_IB_WRITE_FIRST:
	case SDPA_IB_READ_RESPONSE_FIRST:
		a->active = true;
		a->kind = op;
		a->first_psn = psn;
		a->next_psn = (psn + 1) & PSN_MASK;
		a->va = p.va;
		a->rkey = p.rkey;
		a->dma_len = p.dma_len;
		a->syndrome = p.syndrome;
		a->msn = p.msn;
		a->len = 0;
		if (!reasm_add(a, p.payload, pay_len))
			a->active = false;
		deliver = false;
		break;
	case SDPA_IB_SEND_MIDDLE:
	case SDPA_IB_SEND_LAST:
	case SDPA_IB_SEND_LAST_IMM:
	case SDPA_IB_WRITE_MIDDLE:
	case SDPA_IB_WRITE_LAST:
	case SDPA_IB_WRITE_LAST_IMM:
	case SDPA_IB_READ_RESPONSE_MIDDLE:
	case SDPA_IB_READ_RESPONSE_LAST: {
		uint8_t kind = op <= SDPA_IB_SEND_LAST_IMM    ? SDPA_IB_SEND_FIRST
		               : op <= SDPA_IB_WRITE_LAST_IMM ? SDPA_IB_WRITE_FIRST
		                                              : SDPA_IB_READ_RESPONSE_FIRST;
		bool is_last = op != SDPA_IB_SEND_MIDDLE && op != SDPA_IB_WRITE_MIDDLE &&
		               op != SDPA_IB_READ_RESPONSE_MIDDLE;

		deliver = false;
		if (!a->active) {
			/* Its first packet never came: this one is out of sequence. Unless the
			 * message it broke was reported above. */
			if (!gap.broken)
				broken_msg(&gap, kind, psn, p.src_qpn, dqpn, &a->active);
			break;
		}
		if (!reasm_add(a, p.payload, pay_len)) {
			a->active = false;
			break;
		}
		a->next_psn = (psn + 1) & PSN_MASK;
		if (!is_last)
			break;
		a->active = false;
		if (msg_cap < a->len) {
			uint8_t *nb = realloc(msg_buf, a->len);

			if (nb == NULL)
				break;
			msg_buf = nb;
			msg_cap = a->len;
		}
		memcpy(msg_buf, a->buf, a->len);
		p.payload = msg_buf;
		p.payload_len = a->len;
		p.psn = a->first_psn;
		p.va = a->va;
		p.rkey = a->rkey;
		p.dma_len = a->dma_len;
		if (kind == SDPA_IB_READ_RESPONSE_FIRST) {
			p.opcode = SDPA_IB_READ_RESPONSE_ONLY;
			p.syndrome = p.syndrome != SDPA_AETH_ACK ? p.syndrome : a->syndrome;
		} else if (kind == SDPA_IB_SEND_FIRST) {
			p.opcode = op == SDPA_IB_SEND_LAST_IMM ? SDPA_IB_SEND_ONLY_IMM
			                                       : SDPA_IB_SEND_ONLY;
		} else {
			p.opcode = op == SDPA_IB_WRITE_LAST_IMM ? SDPA_IB_WRITE_ONLY_IMM
			                                        : SDPA_IB_WRITE_ONLY;
		}
		deliver = true;
		break;
	}
	default:
		break;
	}
	pthread_mutex_unlock(&route_lock);
	sdpa_fetch_add_relaxed(&st_rx, 1);
	if (gap.broken)
		sdpa_qp_rx(&gap);
	if (deliver)
		sdpa_qp_rx(&p);
	return;
bad:
	pthread_mutex_unlock(&route_lock);
	DOCA_LOG_RATE_LIMIT_WARN("RDMA wire: a %zu-byte packet (opcode 0x%02x) for QP %u is too "
	                         "short for its headers; it is dropped",
	                         len, op, dqpn);
}

static void *rx_thread(void *arg)
{
	static uint8_t d[65536];
	uint64_t next_tick = 0;

	(void)arg;
	for (;;) {
		struct pollfd pfd = {.fd = sock, .events = POLLIN};
		uint64_t now;
		int timeout = sdpa_load_relaxed(&nr_routes) == 0 ? 100 : 1;

		if (poll(&pfd, 1, timeout) > 0 && (pfd.revents & POLLIN)) {
			for (int i = 0; i < 64; i++) {
				struct sockaddr_in from;
				socklen_t fl = sizeof(from);
				ssize_t n = recvfrom(sock, d, sizeof(d), MSG_DONTWAIT,
				                     (struct sockaddr *)&from, &fl);

				if (n < 0)
					break;
				rx_one(d, (size_t)n, &from);
			}
		}
		now = sdpa_mono_ns();
		if (now >= next_tick) {
			uint8_t held[MAX_DGRAM];
			size_t held_len = 0;
			struct sockaddr_in held_to;

			next_tick = now + 1000000;
			pthread_mutex_lock(&inject_lock);
			if (stash.held && now - stash.since >= 1000000) {
				memcpy(held, stash.data, stash.len);
				held_len = stash.len;
				held_to = stash.to;
				stash.held = false;
			}
			pthread_mutex_unlock(&inject_lock);
			if (held_len)
				send_now(held, held_len, &held_to);
			sdpa_qp_timers(now);
		}
	}
	return NULL;
}

/* ---- endpoint, routes ---- */

uint64_t sdpa_rdma_wire_proc(void)
{
	uint64_t v;

	pthread_mutex_lock(&init_lock);
	if (proc_pid != getpid()) {
		uint64_t r = 0;

		if (getrandom(&r, sizeof(r), 0) != (ssize_t)sizeof(r))
			r = sdpa_mono_ns();
		proc_pid = getpid();
		proc_id = ((uint64_t)proc_pid << 32) ^ r ^ sdpa_mono_ns();
		if (proc_id == 0)
			proc_id = 1;
	}
	v = proc_id;
	pthread_mutex_unlock(&init_lock);
	return v;
}

/* An unsigned setting of the environment within [lo, hi], else 'def' (one line if bad). */
static unsigned int env_uint(const char *name, unsigned int lo, unsigned int hi, unsigned int def)
{
	const char *v = getenv(name);
	char *end;
	unsigned long x;

	if (v == NULL || *v == 0)
		return def;
	x = strtoul(v, &end, 10);
	if (*end != 0 || x < lo || x > hi) {
		DOCA_LOG_ERR("%s=%s is not a number in %u..%u; using %u. Fix: set a number in "
		             "that range",
		             name, v, lo, hi, def);
		return def;
	}
	return (unsigned int)x;
}

/* "<permille>[,seed=<n>]" */
static void env_loss(void)
{
	const char *v = getenv("SOFTDPA_RDMA_LOSS");
	const char *seed;
	char *end;
	unsigned long x;

	rng = 0x9e3779b97f4a7c15ull;
	if (v == NULL || *v == 0)
		return;
	x = strtoul(v, &end, 10);
	seed = strstr(v, "seed=");
	if ((*end != 0 && *end != ',') || x > 1000 || (*end == ',' && seed == NULL)) {
		DOCA_LOG_ERR("SOFTDPA_RDMA_LOSS=%s is not <permille 0..1000>[,seed=<n>]; no loss "
		             "is injected. Fix: e.g. SOFTDPA_RDMA_LOSS=50,seed=7",
		             v);
		return;
	}
	loss_permille = (unsigned int)x;
	if (seed != NULL)
		rng = strtoull(seed + 5, NULL, 10) * 0x9e3779b97f4a7c15ull + 1;
}

int sdpa_rdma_wire_local(uint32_t *ip_be, uint16_t *port_be, uint64_t *proc)
{
	int rc = 0;

	*proc = sdpa_rdma_wire_proc();
	pthread_mutex_lock(&init_lock);
	if (owner_pid != getpid()) {
		const char *addr = getenv("SOFTDPA_RDMA_ADDR");
		socklen_t al = sizeof(local_addr);
		pthread_t th;
		int buf = 4 << 20;

		/* A fork's child inherits the parent's socket but not its thread. */
		if (sock >= 0)
			close(sock);
		sock = -1;
		pthread_mutex_lock(&route_lock);
		for (unsigned int i = 0; i < ROUTE_SLOTS; i++)
			routes[i] = NULL; /* the parent's QPs are not this process's */
		pthread_mutex_unlock(&route_lock);
		sdpa_store_relaxed(&nr_routes, 0);
		memset(&local_addr, 0, sizeof(local_addr));
		local_addr.sin_family = AF_INET;
		if (addr == NULL || *addr == 0)
			addr = "127.0.0.1";
		if (inet_pton(AF_INET, addr, &local_addr.sin_addr) != 1 ||
		    local_addr.sin_addr.s_addr == htonl(INADDR_ANY)) {
			DOCA_LOG_ERR(
			        "SOFTDPA_RDMA_ADDR=%s is not an IPv4 address a peer can "
			        "reach; the RDMA wire carrier is off (no connection to another "
			        "process). Fix: set an IPv4 address of this machine (not "
			        "0.0.0.0)",
			        addr);
			rc = -1;
			goto out;
		}
		sock = socket(AF_INET, SOCK_DGRAM | SOCK_CLOEXEC, 0);
		if (sock < 0 ||
		    bind(sock, (struct sockaddr *)&local_addr, sizeof(local_addr)) != 0 ||
		    getsockname(sock, (struct sockaddr *)&local_addr, &al) != 0) {
			DOCA_LOG_ERR("RDMA wire: cannot open a UDP socket on %s (%s); the carrier "
			             "is off (no connection to another process). Fix: set "
			             "SOFTDPA_RDMA_ADDR to an address of this machine",
			             addr, strerror(errno));
			if (sock >= 0)
				close(sock);
			sock = -1;
			rc = -1;
			goto out;
		}
		setsockopt(sock, SOL_SOCKET, SO_RCVBUF, &buf, sizeof(buf));
		setsockopt(sock, SOL_SOCKET, SO_SNDBUF, &buf, sizeof(buf));
		pthread_mutex_lock(&inject_lock);
		env_loss();
		reorder_permille = env_uint("SOFTDPA_RDMA_REORDER", 0, 1000, 0);
		stash.held = false;
		if (pcap != NULL)
			fclose(pcap);
		pcap = NULL;
		if (getenv("SOFTDPA_RDMA_PCAP") != NULL && *getenv("SOFTDPA_RDMA_PCAP") != 0)
			pcap_open(getenv("SOFTDPA_RDMA_PCAP"));
		pthread_mutex_unlock(&inject_lock);
		sdpa_qp_set_timers((uint8_t)env_uint("SOFTDPA_RDMA_ACK_TIMEOUT", 1, 31, 14),
		                   (uint8_t)env_uint("SOFTDPA_RDMA_RETRY_CNT", 0, 7, 7),
		                   (uint8_t)env_uint("SOFTDPA_RDMA_MIN_RNR_TIMER", 0, 31, 12));
		if (pthread_create(&th, NULL, rx_thread, NULL) != 0) {
			DOCA_LOG_ERR("RDMA wire: cannot start the receive thread; the carrier is "
			             "off");
			close(sock);
			sock = -1;
			rc = -1;
			goto out;
		}
		pthread_detach(th);
		owner_pid = getpid();
		DOCA_LOG_DBG("RDMA wire: RoCEv2 carrier on %s:%u (loss %u/1000, reorder %u/1000)",
		             addr, ntohs(local_addr.sin_port), loss_permille, reorder_permille);
	}
out:
	if (rc == 0) {
		*ip_be = local_addr.sin_addr.s_addr;
		*port_be = local_addr.sin_port;
	}
	pthread_mutex_unlock(&init_lock);
	return rc;
}

int sdpa_rdma_wire_route(uint32_t qpn, uint32_t remote_qpn, uint32_t ip_be, uint16_t port_be,
                         const uint8_t local_gid[16], const uint8_t remote_gid[16], uint32_t mtu)
{
	struct route *r = calloc(1, sizeof(*r));
	struct route *old;

	if (r == NULL)
		return -1;
	r->qpn = qpn;
	r->remote_qpn = remote_qpn;
	r->peer.sin_family = AF_INET;
	r->peer.sin_addr.s_addr = ip_be;
	r->peer.sin_port = port_be;
	memcpy(&r->local_ip, local_gid + 12, 4);
	memcpy(&r->remote_ip, remote_gid + 12, 4);
	r->mtu = mtu;
	pthread_mutex_lock(&route_lock);
	old = routes[qpn % ROUTE_SLOTS];
	routes[qpn % ROUTE_SLOTS] = r;
	pthread_mutex_unlock(&route_lock);
	if (old != NULL) {
		free(old->req.buf);
		free(old->resp.buf);
		free(old);
	} else {
		sdpa_fetch_add_relaxed(&nr_routes, 1);
	}
	return 0;
}

void sdpa_rdma_wire_unroute(uint32_t qpn)
{
	struct route *r;

	pthread_mutex_lock(&route_lock);
	r = routes[qpn % ROUTE_SLOTS];
	if (r != NULL && r->qpn == qpn)
		routes[qpn % ROUTE_SLOTS] = NULL;
	else
		r = NULL;
	pthread_mutex_unlock(&route_lock);
	if (r != NULL) {
		sdpa_fetch_add_relaxed(&nr_routes, (uint32_t)-1);
		DOCA_LOG_DBG("RDMA wire: QP %u unrouted (carrier totals: %llu sent, %llu received, "
		             "%llu lost and %llu reordered by injection, %llu bad ICRC, %llu "
		             "unrouted)",
		             qpn, (unsigned long long)sdpa_load_relaxed(&st_tx),
		             (unsigned long long)sdpa_load_relaxed(&st_rx),
		             (unsigned long long)sdpa_load_relaxed(&st_lost),
		             (unsigned long long)sdpa_load_relaxed(&st_reordered),
		             (unsigned long long)sdpa_load_relaxed(&st_bad_icrc),
		             (unsigned long long)sdpa_load_relaxed(&st_no_route));
		free(r->req.buf);
		free(r->resp.buf);
		free(r);
	}
}

void sdpa_rdma_wire_get_stats(struct sdpa_rdma_wire_stats *st)
{
	st->tx = sdpa_load_relaxed(&st_tx);
	st->rx = sdpa_load_relaxed(&st_rx);
	st->lost = sdpa_load_relaxed(&st_lost);
	st->reordered = sdpa_load_relaxed(&st_reordered);
	st->bad_icrc = sdpa_load_relaxed(&st_bad_icrc);
	st->no_route = sdpa_load_relaxed(&st_no_route);
}
