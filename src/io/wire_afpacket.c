/* SPDX-License-Identifier: BSD-3-Clause
 * The afpacket wire: a non-blocking AF_PACKET/SOCK_RAW socket bound to one interface
 * (a TAP, a veth end, a real NIC) in promiscuous mode, moving bursts with
 * recvmmsg/sendmmsg.
 *
 * Frames the host itself sends on the interface (our own transmissions included) come
 * back to a packet socket as PACKET_OUTGOING; the wire drops them, so it sees only what
 * arrives on the interface. The kernel strips a received VLAN tag into metadata on
 * interfaces with VLAN offload; the wire puts it back so the pipeline sees the frame as
 * it was on the wire.
 */
#include <errno.h>
#include <arpa/inet.h>
#include <linux/if_packet.h>
#include <net/ethernet.h>
#include <net/if.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <unistd.h>

#include "core/log.h"
#include "core/util.h"
#include "io/wire.h"

SDPA_LOG_REGISTER(io_afpacket);

#ifndef PACKET_IGNORE_OUTGOING
#define PACKET_IGNORE_OUTGOING 23
#endif

enum {
	RX_STRIDE = SDPA_PKT_HEADROOM + SOFTDPA_FRAME_MAX,
	VLAN_TAG_LEN = 4,
	MAC_PAIR_LEN = 12,
	CMSG_SPACE_AUX = 64, /* >= CMSG_SPACE(sizeof(struct tpacket_auxdata)) */
};

struct afp_wire {
	struct sdpa_wire base;
	int fd;
	int ifindex;
	char ifname[IF_NAMESIZE];

	/* RX consumer state */
	uint8_t *bufs; /* [SDPA_WIRE_BURST_MAX][RX_STRIDE] */
	struct sdpa_pkt pkts[SDPA_WIRE_BURST_MAX];
	uint16_t head, held;
	struct mmsghdr rx_msgs[SDPA_WIRE_BURST_MAX];
	struct iovec rx_iov[SDPA_WIRE_BURST_MAX];
	struct sockaddr_ll rx_addr[SDPA_WIRE_BURST_MAX];
	uint8_t rx_cmsg[SDPA_WIRE_BURST_MAX][CMSG_SPACE_AUX];

	/* TX, under tx_lock */
	pthread_mutex_t tx_lock;
	struct mmsghdr tx_msgs[SDPA_WIRE_BURST_MAX];
	struct iovec tx_iov[SDPA_WIRE_BURST_MAX];
};

static inline struct afp_wire *to_afp(struct sdpa_wire *w)
{
	return sdpa_container_of(w, struct afp_wire, base);
}

/* The VLAN tag the kernel took off the frame, if any. */
static bool vlan_from_aux(struct msghdr *mh, uint16_t *tpid, uint16_t *tci)
{
	for (struct cmsghdr *c = CMSG_FIRSTHDR(mh); c != NULL; c = CMSG_NXTHDR(mh, c)) {
		struct tpacket_auxdata aux;

		if (c->cmsg_level != SOL_PACKET || c->cmsg_type != PACKET_AUXDATA ||
		    c->cmsg_len < CMSG_LEN(sizeof(aux)))
			continue;
		memcpy(&aux, CMSG_DATA(c), sizeof(aux));
		if (!(aux.tp_status & TP_STATUS_VLAN_VALID) && aux.tp_vlan_tci == 0)
			return false;
		*tci = aux.tp_vlan_tci;
		*tpid = (aux.tp_status & TP_STATUS_VLAN_TPID_VALID) ? aux.tp_vlan_tpid : 0x8100;
		return true;
	}
	return false;
}

static uint16_t afp_rx_burst(struct sdpa_wire *w, struct sdpa_pkt **pkts, uint16_t n)
{
	struct afp_wire *a = to_afp(w);
	uint16_t k = 0;
	int got;

	if (n > SDPA_WIRE_BURST_MAX)
		n = SDPA_WIRE_BURST_MAX;
	if (a->held > 0) {
		n = SDPA_MIN(n, a->held);
		for (uint16_t i = 0; i < n; i++)
			pkts[i] = &a->pkts[a->head + i];
		return n;
	}
	a->head = 0;
	for (uint16_t i = 0; i < n; i++) {
		struct msghdr *mh = &a->rx_msgs[i].msg_hdr;

		a->rx_iov[i].iov_base = a->bufs + (size_t)i * RX_STRIDE + SDPA_PKT_HEADROOM;
		a->rx_iov[i].iov_len = SOFTDPA_FRAME_MAX;
		mh->msg_iov = &a->rx_iov[i];
		mh->msg_iovlen = 1;
		mh->msg_name = &a->rx_addr[i];
		mh->msg_namelen = sizeof(a->rx_addr[i]);
		mh->msg_control = a->rx_cmsg[i];
		mh->msg_controllen = CMSG_SPACE_AUX;
		mh->msg_flags = 0;
	}
	got = recvmmsg(a->fd, a->rx_msgs, n, MSG_DONTWAIT | MSG_TRUNC, NULL);
	if (got < 0) {
		if (errno != EAGAIN && errno != EWOULDBLOCK && errno != EINTR)
			DOCA_LOG_RATE_LIMIT_ERR(
			        "afpacket wire: receiving on '%s' failed: %s; check "
			        "that the interface is up",
			        a->ifname, strerror(errno));
		return 0;
	}
	for (int i = 0; i < got; i++) {
		struct msghdr *mh = &a->rx_msgs[i].msg_hdr;
		uint32_t len = a->rx_msgs[i].msg_len;
		struct sdpa_pkt *p = &a->pkts[k];
		uint16_t tpid, tci;

		/* Our own (and the host's) transmissions, looped back to packet sockets. */
		if (a->rx_addr[i].sll_pkttype == PACKET_OUTGOING)
			continue;
		if ((mh->msg_flags & MSG_TRUNC) || len > SOFTDPA_FRAME_MAX) {
			sdpa_counter_add(&w->ctr.rx_malformed, 1);
			continue;
		}
		p->data = a->bufs + (size_t)i * RX_STRIDE + SDPA_PKT_HEADROOM;
		p->len = len;
		p->cap = SOFTDPA_FRAME_MAX;
		p->headroom = SDPA_PKT_HEADROOM;
		p->meta = 0;
		if (vlan_from_aux(mh, &tpid, &tci) && len >= MAC_PAIR_LEN) {
			if (len + VLAN_TAG_LEN > SOFTDPA_FRAME_MAX) {
				sdpa_counter_add(&w->ctr.rx_malformed, 1);
				continue;
			}
			sdpa_pkt_prepend(p, VLAN_TAG_LEN);
			memmove(p->data, p->data + VLAN_TAG_LEN, MAC_PAIR_LEN);
			sdpa_put_be16(p->data + MAC_PAIR_LEN, tpid);
			sdpa_put_be16(p->data + MAC_PAIR_LEN + 2, tci);
		}
		pkts[k++] = p;
	}
	a->held = k;
	return k;
}

static void afp_rx_release(struct sdpa_wire *w, uint16_t n)
{
	struct afp_wire *a = to_afp(w);

	n = sdpa_wire_release_count(w, n, a->held);
	a->head += n;
	a->held -= n;
}

static bool afp_rx_exhausted(struct sdpa_wire *w)
{
	(void)w;
	return false;
}

static uint16_t afp_tx_burst(struct sdpa_wire *w, uint16_t queue, struct sdpa_pkt *const *pkts,
                             uint16_t n)
{
	struct afp_wire *a = to_afp(w);
	uint64_t frames = 0, bytes = 0, malformed = 0, errors = 0;
	uint16_t done = 0;

	(void)queue; /* one TX queue */
	if (n > SDPA_WIRE_BURST_MAX)
		n = SDPA_WIRE_BURST_MAX;
	pthread_mutex_lock(&a->tx_lock);
	while (done < n) {
		uint16_t m = 0;
		int sent;

		/* Gather the frames up to the next oversized one. */
		while (done + m < n && pkts[done + m]->len <= SOFTDPA_FRAME_MAX) {
			struct msghdr *mh = &a->tx_msgs[m].msg_hdr;

			a->tx_iov[m].iov_base = pkts[done + m]->data;
			a->tx_iov[m].iov_len = pkts[done + m]->len;
			memset(mh, 0, sizeof(*mh));
			mh->msg_iov = &a->tx_iov[m];
			mh->msg_iovlen = 1;
			m++;
		}
		if (m == 0) {
			malformed++;
			done++;
			continue;
		}
		sent = sendmmsg(a->fd, a->tx_msgs, m, MSG_DONTWAIT);
		if (sent < 0) {
			if (errno == EAGAIN || errno == EWOULDBLOCK || errno == ENOBUFS)
				break; /* no room: the caller counts the rest as TX_FULL */
			/* This frame cannot be sent (too big for the MTU, link down, ...). */
			DOCA_LOG_RATE_LIMIT_ERR("afpacket wire: sending a %u-byte frame on '%s' "
			                        "failed: %s; check the interface's MTU and state",
			                        pkts[done]->len, a->ifname, strerror(errno));
			errors++;
			done++;
			continue;
		}
		for (int i = 0; i < sent; i++) {
			frames++;
			bytes += pkts[done + i]->len;
		}
		done += (uint16_t)sent;
		if (sent == 0)
			break;
	}
	sdpa_counter_add(&w->ctr.tx_frames, frames);
	sdpa_counter_add(&w->ctr.tx_bytes, bytes);
	if (malformed)
		sdpa_counter_add(&w->ctr.tx_malformed, malformed);
	if (errors)
		sdpa_counter_add(&w->ctr.tx_errors, errors);
	pthread_mutex_unlock(&a->tx_lock);
	return done;
}

static void afp_close(struct sdpa_wire *w)
{
	struct afp_wire *a = to_afp(w);

	if (a->fd >= 0)
		close(a->fd);
	pthread_mutex_destroy(&a->tx_lock);
	free(a->bufs);
	free(a);
}

static const struct sdpa_wire_ops afp_ops = {
        .name = "afpacket",
        .rx_burst = afp_rx_burst,
        .rx_release = afp_rx_release,
        .rx_exhausted = afp_rx_exhausted,
        .tx_burst = afp_tx_burst,
        .close = afp_close,
};

static doca_error_t afp_setup(struct afp_wire *a)
{
	struct sockaddr_ll sll = {0};
	struct packet_mreq mr = {0};
	int one = 1;

	a->ifindex = (int)if_nametoindex(a->ifname);
	if (a->ifindex == 0) {
		DOCA_LOG_ERR("afpacket wire: there is no interface '%s' (%s); create it first "
		             "(e.g. 'ip tuntap add %s mode tap' or 'ip link add %s type veth "
		             "peer name ...') or fix the name",
		             a->ifname, strerror(errno), a->ifname, a->ifname);
		return DOCA_ERROR_NOT_FOUND;
	}
	/* Protocol 0: receive nothing until bound to the interface, so no frame of another
	 * interface slips in between socket() and bind(). */
	a->fd = socket(AF_PACKET, SOCK_RAW | SOCK_NONBLOCK | SOCK_CLOEXEC, 0);
	if (a->fd < 0) {
		int e = errno;

		if (e == EPERM || e == EACCES) {
			DOCA_LOG_ERR("afpacket wire: no permission to open a raw socket on '%s' "
			             "(%s); run as root or grant CAP_NET_RAW (e.g. 'setcap "
			             "cap_net_raw+ep <program>')",
			             a->ifname, strerror(e));
			return DOCA_ERROR_NOT_PERMITTED;
		}
		DOCA_LOG_ERR("afpacket wire: cannot open a raw socket for '%s': %s; AF_PACKET "
		             "must be available in this kernel/container",
		             a->ifname, strerror(e));
		return DOCA_ERROR_OPERATING_SYSTEM;
	}
	sll.sll_family = AF_PACKET;
	sll.sll_protocol = htons(ETH_P_ALL);
	sll.sll_ifindex = a->ifindex;
	if (bind(a->fd, (struct sockaddr *)&sll, sizeof(sll)) != 0) {
		DOCA_LOG_ERR("afpacket wire: cannot bind a raw socket to '%s': %s; check that "
		             "the interface exists and is up",
		             a->ifname, strerror(errno));
		return errno == ENODEV ? DOCA_ERROR_NOT_FOUND : DOCA_ERROR_OPERATING_SYSTEM;
	}
	mr.mr_ifindex = a->ifindex;
	mr.mr_type = PACKET_MR_PROMISC;
	if (setsockopt(a->fd, SOL_PACKET, PACKET_ADD_MEMBERSHIP, &mr, sizeof(mr)) != 0) {
		DOCA_LOG_ERR("afpacket wire: cannot make '%s' promiscuous: %s; run as root or "
		             "grant CAP_NET_RAW",
		             a->ifname, strerror(errno));
		return DOCA_ERROR_NOT_PERMITTED;
	}
	if (setsockopt(a->fd, SOL_PACKET, PACKET_AUXDATA, &one, sizeof(one)) != 0)
		DOCA_LOG_WARN("afpacket wire: '%s': no PACKET_AUXDATA (%s); VLAN tags the kernel "
		              "strips on receive will be missing",
		              a->ifname, strerror(errno));
	/* Kernels >= 4.20 skip outgoing frames for us; older ones are filtered by type. */
	(void)setsockopt(a->fd, SOL_PACKET, PACKET_IGNORE_OUTGOING, &one, sizeof(one));
	return DOCA_SUCCESS;
}

doca_error_t sdpa_wire_afpacket_create(uint16_t port_id, const char *ifname, struct sdpa_wire **out)
{
	struct afp_wire *a;
	doca_error_t r;

	*out = NULL;
	if (ifname == NULL || strlen(ifname) == 0 || strlen(ifname) >= IF_NAMESIZE) {
		DOCA_LOG_ERR("afpacket wire: interface name '%s' is empty or longer than %d "
		             "characters; pass an existing interface's name",
		             ifname != NULL ? ifname : "(null)", IF_NAMESIZE - 1);
		return DOCA_ERROR_INVALID_VALUE;
	}
	a = calloc(1, sizeof(*a));
	if (a != NULL)
		a->bufs = malloc((size_t)SDPA_WIRE_BURST_MAX * RX_STRIDE);
	if (a == NULL || a->bufs == NULL) {
		free(a);
		DOCA_LOG_ERR("port %u: cannot allocate an afpacket wire for '%s'; free memory",
		             (unsigned int)port_id, ifname);
		return DOCA_ERROR_NO_MEMORY;
	}
	a->fd = -1;
	pthread_mutex_init(&a->tx_lock, NULL);
	sdpa_wire_init(&a->base, &afp_ops, SDPA_WIRE_AFPACKET, port_id);
	memcpy(a->ifname, ifname, strlen(ifname) + 1);
	for (unsigned int i = 0; i < SDPA_WIRE_BURST_MAX; i++)
		a->pkts[i].in_port = port_id;
	r = afp_setup(a);
	if (r != DOCA_SUCCESS) {
		afp_close(&a->base);
		return r;
	}
	*out = &a->base;
	return DOCA_SUCCESS;
}
