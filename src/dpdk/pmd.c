/* SPDX-License-Identifier: BSD-3-Clause
 * net_softdpa: the emulated ports as DPDK ethdev ports (a vdev poll-mode driver).
 *
 *   --vdev net_softdpa<i>[,dev=PCI][,representor=vf[0-1]][,other devargs]
 *
 * One vdev is one emulated device (SOFTDPA_DEVICES entry <i>, or the one at PCI address
 * 'dev'): its own port first, then one port per representor the devargs name, all in one
 * switch domain, the representors flagged RTE_ETH_DEV_REPRESENTOR with the device's port as
 * their backer. DPDK port N is softdpa port N, which DOCA Flow port N drives: rx_burst on
 * queue q takes what the pipes sent to software queue q of that port (RSS), with the RSS
 * hash, the packet type and meta.pkt_meta (the dynamic metadata field, when registered);
 * tx_burst sends frames from the host side out of the port's own wire (softdpa emulates no
 * egress domain), never through the ingress pipes. Devargs that mean something only to
 * mlx5 (dv_flow_en=2, ...) are accepted and ignored. docs/DPDK.md.
 */
#include <errno.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <bus_vdev_driver.h>
#include <ethdev_driver.h>
#include <ethdev_vdev.h>
#include <rte_flow.h>
#include <rte_kvargs.h>
#include <rte_malloc.h>
#include <rte_mbuf.h>

#include <doca_dev.h>
#include <doca_flow.h>
#include <softdpa.h>

#include "core/config.h"
#include "core/devices.h"
#include "core/dpdk_eal.h"
#include "core/log.h"
#include "dpdk/pmd.h"
#include "io/port.h"
#include "nic/nic.h"

SDPA_LOG_REGISTER(dpdk_pmd);

enum {
	RSS_KEY_LEN = 40,          /* what a BlueField-3 port takes */
	ETH_OVERHEAD = 14 + 4 + 8, /* header, CRC, two VLAN tags */
	MIN_MTU = 68,
	DEFAULT_MTU = 1500,
	TX_CHUNK = 32,
};

#define RSS_HF                                                                                     \
	(RTE_ETH_RSS_IP | RTE_ETH_RSS_UDP | RTE_ETH_RSS_TCP | RTE_ETH_RSS_ESP |                    \
	 RTE_ETH_RSS_L3_SRC_ONLY | RTE_ETH_RSS_L3_DST_ONLY | RTE_ETH_RSS_L4_SRC_ONLY |             \
	 RTE_ETH_RSS_L4_DST_ONLY)

/* The key a BlueField-3 port starts with (mlx5's default Toeplitz key). */
static const uint8_t default_rss_key[RSS_KEY_LEN] = {
        0x2c, 0xc6, 0x81, 0xd1, 0x5b, 0xdb, 0xf4, 0xf7, 0xfc, 0xa2, 0x83, 0x19, 0xdb, 0x1a,
        0x3e, 0x94, 0x6b, 0x9e, 0x38, 0xd9, 0x2c, 0x9c, 0x03, 0xd1, 0xad, 0x99, 0x44, 0xa7,
        0xd9, 0x56, 0x3d, 0x59, 0x06, 0x3c, 0x25, 0xf3, 0xfc, 0x1f, 0xdc, 0x2a,
};

struct pmd_rxq {
	struct rte_eth_dev_data *data;
	struct rte_mempool *mp;
	uint16_t port_id;
	uint16_t queue_id;
	uint64_t pkts;
	uint64_t bytes;
};

struct pmd_txq {
	const struct rte_eth_dev_data *data;
	uint16_t port_id;
	uint16_t queue_id;
	uint64_t pkts;
	uint64_t bytes;
	uint64_t errors; /* frames softdpa cannot carry (longer than SOFTDPA_FRAME_MAX) */
	uint8_t *bounce; /* SOFTDPA_FRAME_MAX bytes: a chained mbuf, linearised */
};

/* Port counters at the last stats_reset, subtracted from softdpa's cumulative ones. */
struct stats_base {
	uint64_t ipackets, ibytes, opackets, obytes, imissed, ierrors, oerrors;
};

struct pmd_priv {
	uint32_t dev_id;
	int32_t rep_index;
	uint16_t domain;
	uint16_t backer;
	uint16_t nb_reps; /* representors of the device (representor_info) */
	uint8_t rep_type; /* enum rte_eth_representor_type of those */
	uint64_t speed_mbps;
	uint64_t rss_hf;
	uint8_t rss_key[RSS_KEY_LEN];
	struct stats_base base;
};

_Static_assert(SDPA_MAX_PORT_IDS == RTE_MAX_ETHPORTS, "pmd.h's SDPA_MAX_PORT_IDS is DPDK's");

/* What each DPDK port id stands for, and each device's switch domain. */
static struct {
	pthread_mutex_t lock;
	struct {
		bool used;
		uint32_t dev_id;
		int32_t rep_index;
		struct doca_dev *dev;
	} port[RTE_MAX_ETHPORTS];
	struct {
		bool attached;
		uint16_t domain;
	} dev[SDPA_MAX_DEVICES];
} pmd = {.lock = PTHREAD_MUTEX_INITIALIZER};

/* ------------------------------------------------------------------ data path */

struct rx_ctx {
	struct pmd_rxq *q;
	struct rte_mbuf **out;
	uint16_t n;
	bool meta;
};

static uint32_t rte_ptype(uint32_t pt)
{
	static const uint32_t l3[] = {0, RTE_PTYPE_L3_IPV4_EXT_UNKNOWN,
	                              RTE_PTYPE_L3_IPV6_EXT_UNKNOWN};
	static const uint32_t il3[] = {0, RTE_PTYPE_INNER_L3_IPV4_EXT_UNKNOWN,
	                               RTE_PTYPE_INNER_L3_IPV6_EXT_UNKNOWN};
	static const uint32_t l4[] = {0, RTE_PTYPE_L4_TCP, RTE_PTYPE_L4_UDP, RTE_PTYPE_L4_ICMP,
	                              RTE_PTYPE_L4_NONFRAG};
	static const uint32_t il4[] = {0, RTE_PTYPE_INNER_L4_TCP, RTE_PTYPE_INNER_L4_UDP,
	                               RTE_PTYPE_INNER_L4_ICMP, RTE_PTYPE_INNER_L4_NONFRAG};
	uint32_t v2 = pt >> SDPA_NIC_PT_L2 & 0xf, v3 = pt >> SDPA_NIC_PT_L3 & 0xf;
	uint32_t v4 = pt >> SDPA_NIC_PT_L4 & 0xf;
	uint32_t t;

	t = v2 == DOCA_FLOW_L2_META_SINGLE_VLAN  ? RTE_PTYPE_L2_ETHER_VLAN
	    : v2 == DOCA_FLOW_L2_META_MULTI_VLAN ? RTE_PTYPE_L2_ETHER_QINQ
	                                         : RTE_PTYPE_L2_ETHER;
	if (v3 < RTE_DIM(l3))
		t |= l3[v3];
	if (v3 != DOCA_FLOW_L3_META_NONE) {
		if (pt >> SDPA_NIC_PT_FRAG & 1)
			t |= RTE_PTYPE_L4_FRAG;
		else if (v4 < RTE_DIM(l4))
			t |= l4[v4];
	}
	if (pt >> SDPA_NIC_PT_VXLAN & 1) {
		v3 = pt >> SDPA_NIC_PT_IN_L3 & 0xf;
		v4 = pt >> SDPA_NIC_PT_IN_L4 & 0xf;
		t |= RTE_PTYPE_TUNNEL_VXLAN | RTE_PTYPE_INNER_L2_ETHER;
		if (v3 < RTE_DIM(il3))
			t |= il3[v3];
		if (v3 != DOCA_FLOW_L3_META_NONE) {
			if (pt >> SDPA_NIC_PT_IN_FRAG & 1)
				t |= RTE_PTYPE_INNER_L4_FRAG;
			else if (v4 < RTE_DIM(il4))
				t |= il4[v4];
		}
	}
	return t;
}

/* One frame from a software queue into a (chained, when longer than one mbuf) mbuf. */
static bool rx_one(void *arg, const uint8_t *frame, uint32_t len, uint32_t hash, uint32_t meta,
                   uint32_t ptype)
{
	struct rx_ctx *c = arg;
	struct rte_mbuf *head = NULL, *tail = NULL;
	uint32_t off = 0;

	do {
		struct rte_mbuf *m = rte_pktmbuf_alloc(c->q->mp);
		uint32_t room, chunk;

		if (m == NULL) {
			rte_pktmbuf_free(head);
			/* the frame stays queued; the application frees mbufs and polls again */
			c->q->data->rx_mbuf_alloc_failed++;
			return false;
		}
		room = rte_pktmbuf_tailroom(m);
		chunk = len - off < room ? len - off : room;
		memcpy(rte_pktmbuf_mtod(m, uint8_t *), frame + off, chunk);
		m->data_len = (uint16_t)chunk;
		if (head == NULL)
			head = m;
		else {
			tail->next = m;
			head->nb_segs++;
		}
		tail = m;
		off += chunk;
	} while (off < len);
	head->pkt_len = len;
	head->port = c->q->port_id;
	head->packet_type = rte_ptype(ptype);
	head->hash.rss = hash;
	head->ol_flags |= RTE_MBUF_F_RX_RSS_HASH;
	if (c->meta && meta != 0) {
		*RTE_FLOW_DYNF_METADATA(head) = meta;
		head->ol_flags |= RTE_MBUF_DYNFLAG_RX_METADATA;
	}
	c->out[c->n++] = head;
	c->q->pkts++;
	c->q->bytes += len;
	return true;
}

static uint16_t pmd_rx_burst(void *queue, struct rte_mbuf **pkts, uint16_t n)
{
	struct pmd_rxq *q = queue;
	struct rx_ctx c = {q, pkts, 0, rte_flow_dynf_metadata_avail() != 0};

	if (q == NULL || !q->data->dev_started)
		return 0;
	sdpa_nic_poll(); /* SOFTDPA_NIC_WORKERS=0: polling drives the NIC */
	return sdpa_nic_rxq_take(q->port_id, q->queue_id, n, rx_one, &c);
}

static void tx_flush(uint16_t port_id, struct sdpa_pkt *batch, uint16_t *n)
{
	struct sdpa_pkt *pp[TX_CHUNK];

	for (uint16_t i = 0; i < *n; i++)
		pp[i] = &batch[i];
	if (*n)
		(void)sdpa_nic_host_tx(port_id, pp, *n); /* drops are counted by the port */
	*n = 0;
}

/* Every frame handed in is taken (sent or counted as dropped) and its mbuf freed. */
static uint16_t pmd_tx_burst(void *queue, struct rte_mbuf **pkts, uint16_t n)
{
	struct pmd_txq *q = queue;
	struct sdpa_pkt batch[TX_CHUNK];
	uint16_t nb = 0;

	if (q == NULL || !q->data->dev_started)
		return 0;
	for (uint16_t i = 0; i < n; i++) {
		struct rte_mbuf *m = pkts[i];

		if (m->pkt_len > SOFTDPA_FRAME_MAX || m->pkt_len == 0) {
			q->errors++;
			continue;
		}
		if (m->nb_segs == 1) {
			batch[nb++] = (struct sdpa_pkt){.data = rte_pktmbuf_mtod(m, uint8_t *),
			                                .len = m->data_len,
			                                .cap = m->data_len,
			                                .in_port = q->port_id};
		} else {
			/* one bounce buffer: send what is batched, then this frame alone */
			tx_flush(q->port_id, batch, &nb);
			if (q->bounce == NULL && (q->bounce = malloc(SOFTDPA_FRAME_MAX)) == NULL) {
				q->errors++;
				continue;
			}
			batch[nb++] = (struct sdpa_pkt){
			        .data = (uint8_t *)rte_pktmbuf_read(m, 0, m->pkt_len, q->bounce),
			        .len = m->pkt_len,
			        .cap = m->pkt_len,
			        .in_port = q->port_id};
			tx_flush(q->port_id, batch, &nb);
		}
		q->pkts++;
		q->bytes += m->pkt_len;
		if (nb == TX_CHUNK)
			tx_flush(q->port_id, batch, &nb);
	}
	tx_flush(q->port_id, batch, &nb);
	for (uint16_t i = 0; i < n; i++)
		rte_pktmbuf_free(pkts[i]);
	return n;
}

/* ------------------------------------------------------------------ control path */

static int pmd_configure(struct rte_eth_dev *dev)
{
	struct pmd_priv *p = dev->data->dev_private;
	const struct rte_eth_rss_conf *rss = &dev->data->dev_conf.rx_adv_conf.rss_conf;

	if (rss->rss_key != NULL && rss->rss_key_len != 0) {
		if (rss->rss_key_len != RSS_KEY_LEN) {
			DOCA_LOG_ERR("port %u: an RSS key of %u bytes; a BlueField-3 port takes %u",
			             dev->data->port_id, rss->rss_key_len, RSS_KEY_LEN);
			return -EINVAL;
		}
		memcpy(p->rss_key, rss->rss_key, RSS_KEY_LEN);
	}
	p->rss_hf = rss->rss_hf & RSS_HF;
	return 0;
}

static int pmd_start(struct rte_eth_dev *dev)
{
	dev->data->dev_link.link_status = RTE_ETH_LINK_UP;
	for (uint16_t i = 0; i < dev->data->nb_rx_queues; i++)
		dev->data->rx_queue_state[i] = RTE_ETH_QUEUE_STATE_STARTED;
	for (uint16_t i = 0; i < dev->data->nb_tx_queues; i++)
		dev->data->tx_queue_state[i] = RTE_ETH_QUEUE_STATE_STARTED;
	return 0;
}

static int pmd_stop(struct rte_eth_dev *dev)
{
	dev->data->dev_link.link_status = RTE_ETH_LINK_DOWN;
	for (uint16_t i = 0; i < dev->data->nb_rx_queues; i++)
		dev->data->rx_queue_state[i] = RTE_ETH_QUEUE_STATE_STOPPED;
	for (uint16_t i = 0; i < dev->data->nb_tx_queues; i++)
		dev->data->tx_queue_state[i] = RTE_ETH_QUEUE_STATE_STOPPED;
	return 0;
}

static void pmd_rxq_release(struct rte_eth_dev *dev, uint16_t qid)
{
	free(dev->data->rx_queues[qid]);
	dev->data->rx_queues[qid] = NULL;
}

static void pmd_txq_release(struct rte_eth_dev *dev, uint16_t qid)
{
	struct pmd_txq *q = dev->data->tx_queues[qid];

	if (q != NULL)
		free(q->bounce);
	free(q);
	dev->data->tx_queues[qid] = NULL;
}

static int pmd_close(struct rte_eth_dev *dev)
{
	uint16_t port_id = dev->data->port_id;

	if (rte_eal_process_type() != RTE_PROC_PRIMARY)
		return 0;
	for (uint16_t i = 0; i < dev->data->nb_rx_queues; i++)
		pmd_rxq_release(dev, i);
	for (uint16_t i = 0; i < dev->data->nb_tx_queues; i++)
		pmd_txq_release(dev, i);
	/* The port id keeps its device binding until a new port takes the id: DOCA's
	 * applications ask doca_dpdk_port_as_dev for the device to close after
	 * rte_eal_cleanup closed the ports (dpdk_fini_with_devs). */
	pthread_mutex_lock(&pmd.lock);
	pmd.port[port_id].used = false;
	pthread_mutex_unlock(&pmd.lock);
	return 0;
}

static int pmd_infos(struct rte_eth_dev *dev, struct rte_eth_dev_info *info)
{
	struct pmd_priv *p = dev->data->dev_private;

	info->max_rx_queues = sdpa_nic_rxq_max();
	info->max_tx_queues = sdpa_nic_rxq_max();
	info->max_rx_pktlen = SOFTDPA_FRAME_MAX;
	info->min_mtu = MIN_MTU;
	info->max_mtu = SOFTDPA_FRAME_MAX - ETH_OVERHEAD;
	info->min_rx_bufsize = 64;
	info->max_mac_addrs = 1;
	info->rx_offload_capa = RTE_ETH_RX_OFFLOAD_SCATTER | RTE_ETH_RX_OFFLOAD_RSS_HASH;
	info->tx_offload_capa = RTE_ETH_TX_OFFLOAD_MULTI_SEGS;
	info->hash_key_size = RSS_KEY_LEN;
	info->flow_type_rss_offloads = RSS_HF;
	/* DPDK 22.11 has no 400G capability bit: the link itself reports 400000 Mb/s */
	info->speed_capa = RTE_ETH_LINK_SPEED_100G | RTE_ETH_LINK_SPEED_200G;
	info->rx_desc_lim.nb_max = UINT16_MAX;
	info->tx_desc_lim.nb_max = UINT16_MAX;
	info->switch_info.name = dev->data->name;
	info->switch_info.domain_id = p->domain;
	info->switch_info.port_id = p->rep_index < 0 ? UINT16_MAX : (uint16_t)p->rep_index;
	info->switch_info.rx_domain = 0;
	return 0;
}

static const uint32_t *pmd_ptypes(struct rte_eth_dev *dev)
{
	static const uint32_t ptypes[] = {
	        RTE_PTYPE_L2_ETHER,
	        RTE_PTYPE_L2_ETHER_VLAN,
	        RTE_PTYPE_L2_ETHER_QINQ,
	        RTE_PTYPE_L3_IPV4_EXT_UNKNOWN,
	        RTE_PTYPE_L3_IPV6_EXT_UNKNOWN,
	        RTE_PTYPE_L4_TCP,
	        RTE_PTYPE_L4_UDP,
	        RTE_PTYPE_L4_ICMP,
	        RTE_PTYPE_L4_FRAG,
	        RTE_PTYPE_L4_NONFRAG,
	        RTE_PTYPE_TUNNEL_VXLAN,
	        RTE_PTYPE_INNER_L2_ETHER,
	        RTE_PTYPE_INNER_L3_IPV4_EXT_UNKNOWN,
	        RTE_PTYPE_INNER_L3_IPV6_EXT_UNKNOWN,
	        RTE_PTYPE_INNER_L4_TCP,
	        RTE_PTYPE_INNER_L4_UDP,
	        RTE_PTYPE_INNER_L4_ICMP,
	        RTE_PTYPE_INNER_L4_FRAG,
	        RTE_PTYPE_INNER_L4_NONFRAG,
	        RTE_PTYPE_UNKNOWN,
	};

	(void)dev;
	return ptypes;
}

static int pmd_link_update(struct rte_eth_dev *dev, int wait)
{
	struct pmd_priv *p = dev->data->dev_private;
	struct rte_eth_link link = {
	        .link_speed =
	                dev->data->dev_started ? (uint32_t)p->speed_mbps : RTE_ETH_SPEED_NUM_NONE,
	        .link_duplex = RTE_ETH_LINK_FULL_DUPLEX,
	        .link_autoneg = RTE_ETH_LINK_AUTONEG,
	        .link_status = dev->data->dev_started ? RTE_ETH_LINK_UP : RTE_ETH_LINK_DOWN,
	};

	(void)wait;
	return rte_eth_linkstatus_set(dev, &link);
}

static int pmd_nop(struct rte_eth_dev *dev)
{
	(void)dev;
	return 0;
}

static int pmd_mtu_set(struct rte_eth_dev *dev, uint16_t mtu)
{
	(void)dev;
	(void)mtu; /* ethdev checked the bounds; frames up to SOFTDPA_FRAME_MAX pass anyway */
	return 0;
}

static int pmd_mac_set(struct rte_eth_dev *dev, struct rte_ether_addr *mac)
{
	(void)dev;
	(void)mac; /* ethdev stores it; softdpa steers by pipes, not by MAC */
	return 0;
}

static void port_counters(uint16_t port_id, struct stats_base *now)
{
	struct softdpa_port_stats st;

	memset(now, 0, sizeof(*now));
	if (softdpa_port_stats(port_id, &st) != DOCA_SUCCESS)
		return;
	now->ipackets = st.rx_frames;
	now->ibytes = st.rx_bytes;
	now->opackets = st.tx_frames;
	now->obytes = st.tx_bytes;
	now->imissed = st.dropped[SOFTDPA_DROP_RXQ_FULL];
	now->ierrors = st.dropped[SOFTDPA_DROP_MALFORMED];
	now->oerrors = st.dropped[SOFTDPA_DROP_TX_FULL] + st.dropped[SOFTDPA_DROP_PORT_DOWN] +
	               st.dropped[SOFTDPA_DROP_WIRE_ERROR];
}

/* Port totals are softdpa's port counters (frames the port took from and put on its wire,
 * docs/WIRES.md); per-queue figures are what this driver's queues moved. */
static int pmd_stats_get(struct rte_eth_dev *dev, struct rte_eth_stats *s)
{
	struct pmd_priv *p = dev->data->dev_private;
	struct stats_base now;

	port_counters(dev->data->port_id, &now);
	s->ipackets = now.ipackets - p->base.ipackets;
	s->ibytes = now.ibytes - p->base.ibytes;
	s->opackets = now.opackets - p->base.opackets;
	s->obytes = now.obytes - p->base.obytes;
	s->imissed = now.imissed - p->base.imissed;
	s->ierrors = now.ierrors - p->base.ierrors;
	s->oerrors = now.oerrors - p->base.oerrors;
	for (uint16_t i = 0; i < dev->data->nb_rx_queues; i++) {
		const struct pmd_rxq *q = dev->data->rx_queues[i];

		if (q != NULL && i < RTE_ETHDEV_QUEUE_STAT_CNTRS) {
			s->q_ipackets[i] = q->pkts;
			s->q_ibytes[i] = q->bytes;
		}
	}
	for (uint16_t i = 0; i < dev->data->nb_tx_queues; i++) {
		const struct pmd_txq *q = dev->data->tx_queues[i];

		if (q == NULL)
			continue;
		s->oerrors += q->errors;
		if (i < RTE_ETHDEV_QUEUE_STAT_CNTRS) {
			s->q_opackets[i] = q->pkts;
			s->q_obytes[i] = q->bytes;
		}
	}
	return 0;
}

static int pmd_stats_reset(struct rte_eth_dev *dev)
{
	struct pmd_priv *p = dev->data->dev_private;

	port_counters(dev->data->port_id, &p->base);
	for (uint16_t i = 0; i < dev->data->nb_rx_queues; i++) {
		struct pmd_rxq *q = dev->data->rx_queues[i];

		if (q != NULL)
			q->pkts = q->bytes = 0;
	}
	for (uint16_t i = 0; i < dev->data->nb_tx_queues; i++) {
		struct pmd_txq *q = dev->data->tx_queues[i];

		if (q != NULL)
			q->pkts = q->bytes = q->errors = 0;
	}
	return 0;
}

static int pmd_rxq_setup(struct rte_eth_dev *dev, uint16_t qid, uint16_t nb_desc,
                         unsigned int socket, const struct rte_eth_rxconf *conf,
                         struct rte_mempool *mp)
{
	struct pmd_rxq *q;

	(void)nb_desc;
	(void)socket;
	(void)conf;
	if (rte_pktmbuf_data_room_size(mp) <= RTE_PKTMBUF_HEADROOM) {
		DOCA_LOG_ERR(
		        "port %u queue %u: the pool's mbufs have no room after their headroom; "
		        "create the pool with a data room above %u bytes",
		        dev->data->port_id, qid, RTE_PKTMBUF_HEADROOM);
		return -EINVAL;
	}
	q = calloc(1, sizeof(*q));
	if (q == NULL)
		return -ENOMEM;
	*q = (struct pmd_rxq){
	        .data = dev->data, .mp = mp, .port_id = dev->data->port_id, .queue_id = qid};
	dev->data->rx_queues[qid] = q;
	return 0;
}

static int pmd_txq_setup(struct rte_eth_dev *dev, uint16_t qid, uint16_t nb_desc,
                         unsigned int socket, const struct rte_eth_txconf *conf)
{
	struct pmd_txq *q;

	(void)nb_desc;
	(void)socket;
	(void)conf;
	q = calloc(1, sizeof(*q));
	if (q == NULL)
		return -ENOMEM;
	*q = (struct pmd_txq){.data = dev->data, .port_id = dev->data->port_id, .queue_id = qid};
	dev->data->tx_queues[qid] = q;
	return 0;
}

static int pmd_rss_update(struct rte_eth_dev *dev, struct rte_eth_rss_conf *conf)
{
	struct pmd_priv *p = dev->data->dev_private;

	if (conf->rss_key != NULL && conf->rss_key_len != RSS_KEY_LEN)
		return -EINVAL;
	if (conf->rss_key != NULL)
		memcpy(p->rss_key, conf->rss_key, RSS_KEY_LEN);
	p->rss_hf = conf->rss_hf & RSS_HF;
	return 0;
}

static int pmd_rss_get(struct rte_eth_dev *dev, struct rte_eth_rss_conf *conf)
{
	struct pmd_priv *p = dev->data->dev_private;

	if (conf->rss_key != NULL && conf->rss_key_len >= RSS_KEY_LEN)
		memcpy(conf->rss_key, p->rss_key, RSS_KEY_LEN);
	conf->rss_key_len = RSS_KEY_LEN;
	conf->rss_hf = p->rss_hf;
	return 0;
}

static int pmd_rep_info(struct rte_eth_dev *dev, struct rte_eth_representor_info *info)
{
	struct pmd_priv *p = dev->data->dev_private;

	if (info == NULL)
		return 1;
	info->controller = 0;
	info->pf = (uint16_t)p->dev_id;
	info->nb_ranges = 0;
	if (info->nb_ranges_alloc < 1 || p->nb_reps == 0)
		return p->nb_reps ? 1 : 0;
	info->ranges[0] = (struct rte_eth_representor_range){
	        .type = p->rep_type,
	        .controller = 0,
	        .pf = (uint16_t)p->dev_id,
	        .vf = 0,
	        .id_base = 0,
	        .id_end = (uint16_t)(p->nb_reps - 1),
	};
	snprintf(info->ranges[0].name, sizeof(info->ranges[0].name), "pf%u%s[0-%u]", p->dev_id,
	         p->rep_type == RTE_ETH_REPRESENTOR_SF ? "sf" : "vf", p->nb_reps - 1u);
	info->nb_ranges = 1;
	return 1;
}

static const struct eth_dev_ops pmd_ops = {
        .dev_configure = pmd_configure,
        .dev_start = pmd_start,
        .dev_stop = pmd_stop,
        .dev_close = pmd_close,
        .dev_infos_get = pmd_infos,
        .dev_supported_ptypes_get = pmd_ptypes,
        .link_update = pmd_link_update,
        .promiscuous_enable = pmd_nop,
        .promiscuous_disable = pmd_nop,
        .allmulticast_enable = pmd_nop,
        .allmulticast_disable = pmd_nop,
        .mtu_set = pmd_mtu_set,
        .mac_addr_set = pmd_mac_set,
        .stats_get = pmd_stats_get,
        .stats_reset = pmd_stats_reset,
        .rx_queue_setup = pmd_rxq_setup,
        .tx_queue_setup = pmd_txq_setup,
        .rx_queue_release = pmd_rxq_release,
        .tx_queue_release = pmd_txq_release,
        .rss_hash_update = pmd_rss_update,
        .rss_hash_conf_get = pmd_rss_get,
        .representor_info_get = pmd_rep_info,
};

/* ------------------------------------------------------------------ probe / remove */

/* A probe that doca_dpdk started reports why it failed in doca_dpdk's one line; a probe
 * of the EAL's (--vdev) logs it itself. Both run in the thread that asked. */
static _Thread_local bool attaching;
static _Thread_local char attach_why[512];

#define PROBE_ERR(...)                                                                             \
	do {                                                                                       \
		if (attaching)                                                                     \
			snprintf(attach_why, sizeof(attach_why), __VA_ARGS__);                     \
		else                                                                               \
			DOCA_LOG_ERR(__VA_ARGS__);                                                 \
	} while (0)

/* What a probe needs to know about an emulated device. */
struct dev_desc {
	uint32_t dev_id;
	uint8_t mac[6];
	uint64_t speed_mbps;
	uint16_t nb_reps;
	uint8_t rep_type; /* RTE_ETH_REPRESENTOR_VF / _SF */
};

/* Find device 'dev_id', or the one at PCI address 'pci' when pci is not NULL. */
static int describe(const char *name, const char *pci, uint32_t dev_id, struct dev_desc *d)
{
	struct doca_devinfo **list = NULL;
	struct doca_devinfo_rep **reps = NULL;
	struct doca_dev *dev = NULL;
	uint32_t n = 0, nreps = 0;
	uint64_t rate = 0;
	int ret = -ENODEV;

	if (doca_devinfo_create_list(&list, &n) != DOCA_SUCCESS)
		return -ENODEV;
	for (uint32_t i = 0; i < n; i++) {
		uint8_t is = 0;

		if (pci != NULL
		            ? doca_devinfo_is_equal_pci_addr(list[i], pci, &is) != DOCA_SUCCESS ||
		                      !is
		            : sdpa_devinfo_id(list[i]) != dev_id)
			continue;
		d->dev_id = sdpa_devinfo_id(list[i]);
		(void)doca_devinfo_get_mac_addr(list[i], d->mac, 6);
		(void)doca_devinfo_get_active_rate(list[i], &rate);
		d->speed_mbps = rate / 1000000;
		d->nb_reps = 0;
		d->rep_type = RTE_ETH_REPRESENTOR_VF;
		if (doca_dev_open(list[i], &dev) == DOCA_SUCCESS) {
			if (doca_devinfo_rep_create_list(dev, DOCA_DEVINFO_REP_FILTER_NET, &reps,
			                                 &nreps) == DOCA_SUCCESS) {
				enum doca_pci_func_type t = DOCA_PCI_FUNC_TYPE_VF;

				if (nreps > 0)
					(void)doca_devinfo_rep_get_pci_func_type(reps[0], &t);
				d->nb_reps = (uint16_t)nreps;
				d->rep_type = t == DOCA_PCI_FUNC_TYPE_SF ? RTE_ETH_REPRESENTOR_SF
				                                         : RTE_ETH_REPRESENTOR_VF;
				(void)doca_devinfo_rep_destroy_list(reps);
			}
			(void)doca_dev_close(dev);
		}
		ret = 0;
		break;
	}
	(void)doca_devinfo_destroy_list(list);
	if (ret != 0 && pci != NULL)
		PROBE_ERR("%s: no emulated device at PCI address %s; SOFTDPA_DEVICES lists the "
		          "devices (docs/DEVICES.md)",
		          name, pci);
	else if (ret != 0)
		PROBE_ERR("%s: no emulated device at position %u of SOFTDPA_DEVICES "
		          "(docs/DEVICES.md)",
		          name, dev_id);
	return ret;
}

static int kv_copy(const char *key, const char *value, void *out)
{
	(void)key;
	snprintf(out, 64, "%s", value);
	return 0;
}

static int new_port(struct rte_vdev_device *vdev, const char *name, const struct dev_desc *d,
                    int32_t rep, uint16_t domain, uint16_t backer, uint16_t *port_id)
{
	struct rte_eth_dev *eth;
	struct pmd_priv *p;

	eth = rte_eth_dev_allocate(name);
	if (eth == NULL)
		return -ENOMEM;
	if (eth->data->port_id >= SDPA_MAX_PORTS) { /* softdpa's port table has 64 ports */
		rte_eth_dev_release_port(eth);
		return -ENOSPC;
	}
	p = rte_zmalloc_socket(name, sizeof(*p), RTE_CACHE_LINE_SIZE, vdev->device.numa_node);
	eth->data->mac_addrs = rte_zmalloc(name, RTE_ETHER_ADDR_LEN, 0);
	if (p == NULL || eth->data->mac_addrs == NULL) {
		rte_free(p);
		rte_eth_dev_release_port(eth); /* frees mac_addrs */
		return -ENOMEM;
	}
	*p = (struct pmd_priv){.dev_id = d->dev_id,
	                       .rep_index = rep,
	                       .domain = domain,
	                       .backer = rep < 0 ? eth->data->port_id : backer,
	                       .nb_reps = d->nb_reps,
	                       .rep_type = d->rep_type,
	                       .speed_mbps = d->speed_mbps,
	                       .rss_hf = RSS_HF};
	memcpy(p->rss_key, default_rss_key, RSS_KEY_LEN);
	memcpy(eth->data->mac_addrs[0].addr_bytes, d->mac, 6);
	if (rep >= 0) {
		/* a representor's own MAC: 02:53:44:52:<device>:<representor> */
		const uint8_t mac[6] = {0x02, 0x53, 0x44, 0x52, (uint8_t)d->dev_id, (uint8_t)rep};

		memcpy(eth->data->mac_addrs[0].addr_bytes, mac, 6);
		eth->data->dev_flags |= RTE_ETH_DEV_REPRESENTOR;
		eth->data->representor_id = (uint16_t)rep;
		eth->data->backer_port_id = backer;
	}
	eth->data->dev_private = p;
	eth->data->mtu = DEFAULT_MTU;
	eth->data->numa_node = vdev->device.numa_node;
	eth->data->dev_link = (struct rte_eth_link){.link_duplex = RTE_ETH_LINK_FULL_DUPLEX,
	                                            .link_autoneg = RTE_ETH_LINK_AUTONEG};
	eth->device = &vdev->device;
	eth->dev_ops = &pmd_ops;
	eth->rx_pkt_burst = pmd_rx_burst;
	eth->tx_pkt_burst = pmd_tx_burst;
	pthread_mutex_lock(&pmd.lock);
	pmd.port[eth->data->port_id].used = true;
	pmd.port[eth->data->port_id].dev_id = d->dev_id;
	pmd.port[eth->data->port_id].rep_index = rep;
	pmd.port[eth->data->port_id].dev = NULL;
	pthread_mutex_unlock(&pmd.lock);
	rte_eth_dev_probing_finish(eth);
	*port_id = eth->data->port_id;
	return 0;
}

static int pmd_remove(struct rte_vdev_device *vdev);

/* Which representors of a device the devargs name, in the order DPDK lists them. */
static int wanted_reps(const char *name, const char *args, const struct dev_desc *d,
                       struct rte_eth_devargs *eda)
{
	if (args == NULL || args[0] == '\0') {
		memset(eda, 0, sizeof(*eda));
		return 0;
	}
	if (rte_eth_devargs_parse(args, eda) < 0) {
		PROBE_ERR("%s: cannot read the devargs '%s'; write representors as DPDK does "
		          "(representor=vf[0-1], sf0, pf0vf[0,2])",
		          name, args);
		return -EINVAL;
	}
	if (eda->nb_representor_ports == 0)
		return 0;
	if (eda->type == RTE_ETH_REPRESENTOR_PF || eda->nb_mh_controllers > 1 ||
	    (eda->nb_mh_controllers == 1 && eda->mh_controllers[0] != 0)) {
		PROBE_ERR("%s: '%s' names PF representors or another controller; softdpa "
		          "emulates one host, whose representors are VFs or SFs",
		          name, args);
		return -EINVAL;
	}
	for (uint16_t i = 0; i < eda->nb_ports; i++) {
		if (eda->ports[i] != d->dev_id) {
			PROBE_ERR("%s: '%s' names pf%u, but this device's representors are "
			          "pf%u%s* (its position in SOFTDPA_DEVICES)",
			          name, args, eda->ports[i], d->dev_id,
			          d->rep_type == RTE_ETH_REPRESENTOR_SF ? "sf" : "vf");
			return -EINVAL;
		}
	}
	if (eda->type != d->rep_type) {
		PROBE_ERR("%s: '%s' names %s representors; this device has %u %s "
		          "representors (rep_type in SOFTDPA_DEVICES)",
		          name, args, eda->type == RTE_ETH_REPRESENTOR_SF ? "SF" : "VF", d->nb_reps,
		          d->rep_type == RTE_ETH_REPRESENTOR_SF ? "SF" : "VF");
		return -EINVAL;
	}
	for (uint16_t i = 0; i < eda->nb_representor_ports; i++) {
		if (eda->representor_ports[i] >= d->nb_reps) {
			PROBE_ERR("%s: representor %u does not exist; the device has %u "
			          "(reps in SOFTDPA_DEVICES)",
			          name, eda->representor_ports[i], d->nb_reps);
			return -EINVAL;
		}
	}
	return 0;
}

static int pmd_probe(struct rte_vdev_device *vdev)
{
	const char *name = rte_vdev_device_name(vdev);
	const char *args = rte_vdev_device_args(vdev);
	struct rte_kvargs *kv = NULL;
	struct rte_eth_devargs eda;
	struct dev_desc d;
	char pci[64] = "";
	uint32_t dev_id = 0;
	uint16_t domain, first = 0;
	int ret;

	if (rte_eal_process_type() != RTE_PROC_PRIMARY) {
		PROBE_ERR("%s: softdpa's ports live in one process; run DPDK as a primary "
		          "process",
		          name);
		return -ENOTSUP;
	}
	if (args != NULL && args[0] != '\0') {
		kv = rte_kvargs_parse(args, NULL);
		if (kv == NULL) {
			PROBE_ERR("%s: cannot read the devargs '%s'", name, args);
			return -EINVAL;
		}
		if (rte_kvargs_count(kv, "dev") == 1)
			(void)rte_kvargs_process(kv, "dev", kv_copy, pci);
		rte_kvargs_free(kv);
	}
	if (pci[0] == '\0')
		dev_id = (uint32_t)strtoul(name + strlen(SDPA_PMD_DRIVER), NULL, 10);
	ret = describe(name, pci[0] ? pci : NULL, dev_id, &d);
	if (ret != 0)
		return ret;
	ret = wanted_reps(name, args, &d, &eda);
	if (ret != 0)
		return ret;
	pthread_mutex_lock(&pmd.lock);
	if (pmd.dev[d.dev_id].attached) {
		pthread_mutex_unlock(&pmd.lock);
		PROBE_ERR("%s: emulated device %u already has DPDK ports; close them (or "
		          "rte_vdev_uninit) before probing it again",
		          name, d.dev_id);
		return -EEXIST;
	}
	pmd.dev[d.dev_id].attached = true;
	pthread_mutex_unlock(&pmd.lock);
	if (rte_eth_switch_domain_alloc(&domain) != 0) {
		pthread_mutex_lock(&pmd.lock);
		pmd.dev[d.dev_id].attached = false;
		pthread_mutex_unlock(&pmd.lock);
		PROBE_ERR("%s: DPDK has no free switch domain", name);
		return -ENOSPC;
	}
	pthread_mutex_lock(&pmd.lock);
	pmd.dev[d.dev_id].domain = domain;
	pthread_mutex_unlock(&pmd.lock);

	ret = new_port(vdev, name, &d, SDPA_PMD_NOT_REP, domain, 0, &first);
	for (uint16_t i = 0; ret == 0 && i < eda.nb_representor_ports; i++) {
		char rname[RTE_ETH_NAME_MAX_LEN];
		uint16_t pid;

		snprintf(rname, sizeof(rname), "%s_representor_%s%u", name,
		         d.rep_type == RTE_ETH_REPRESENTOR_SF ? "sf" : "vf",
		         eda.representor_ports[i]);
		ret = new_port(vdev, rname, &d, eda.representor_ports[i], domain, first, &pid);
	}
	if (ret != 0) {
		PROBE_ERR("%s: cannot create its DPDK ports (%s)", name, strerror(-ret));
		(void)pmd_remove(vdev);
		return ret;
	}
	DOCA_LOG_INFO("%s: emulated device %u as DPDK port %u with %u representor port(s)", name,
	              d.dev_id, first, eda.nb_representor_ports);
	return 0;
}

static int pmd_remove(struct rte_vdev_device *vdev)
{
	uint16_t ports[RTE_MAX_ETHPORTS];
	uint16_t n = 0, port_id;
	int32_t dev_id = -1;

	RTE_ETH_FOREACH_DEV_OF(port_id, &vdev->device)
	{
		ports[n++] = port_id;
	}
	for (uint16_t i = 0; i < n; i++) {
		struct rte_eth_dev *eth = &rte_eth_devices[ports[i]];

		if (eth->data->dev_private != NULL)
			dev_id = (int32_t)((struct pmd_priv *)eth->data->dev_private)->dev_id;
		if (eth->data->dev_started)
			(void)rte_eth_dev_stop(ports[i]);
		(void)rte_eth_dev_close(ports[i]);
	}
	if (dev_id < 0) { /* every port closed already: find the device by name */
		const char *name = rte_vdev_device_name(vdev);
		struct dev_desc d;
		const char *args = rte_vdev_device_args(vdev);
		const char *at = args != NULL ? strstr(args, "dev=") : NULL;
		char pci[64] = "";

		if (at != NULL)
			sscanf(at + 4, "%63[^,]", pci);
		if (describe(name, pci[0] ? pci : NULL,
		             (uint32_t)strtoul(name + strlen(SDPA_PMD_DRIVER), NULL, 10), &d) == 0)
			dev_id = (int32_t)d.dev_id;
	}
	if (dev_id >= 0 && dev_id < SDPA_MAX_DEVICES) {
		pthread_mutex_lock(&pmd.lock);
		if (pmd.dev[dev_id].attached) {
			(void)rte_eth_switch_domain_free(pmd.dev[dev_id].domain);
			pmd.dev[dev_id].attached = false;
		}
		pthread_mutex_unlock(&pmd.lock);
	}
	return 0;
}

static struct rte_vdev_driver pmd_driver = {
        .probe = pmd_probe,
        .remove = pmd_remove,
};

RTE_PMD_REGISTER_VDEV(net_softdpa, pmd_driver);
RTE_PMD_REGISTER_PARAM_STRING(net_softdpa, "dev=<PCI address> representor=<DPDK representor list>");

/* Tell the EAL argument builder that ports can be made (core/dpdk_eal.h). */
RTE_INIT(pmd_announce)
{
	sdpa_dpdk_eal_set_driver(SDPA_PMD_DRIVER);
}

/* ------------------------------------------------------------------ doca_dpdk's view */

doca_error_t sdpa_pmd_attach(const char *who, uint32_t dev_id, const char *extra_devargs,
                             const char *representor, uint16_t *first_port)
{
	char name[32], args[1024];
	int ret;

	if (rte_lcore_count() == 0) {
		DOCA_LOG_ERR("%s: DPDK's EAL is not initialised; call rte_eal_init (the samples' "
		             "doca_argp DPDK callback does) before probing ports",
		             who);
		return DOCA_ERROR_BAD_STATE;
	}
	pthread_mutex_lock(&pmd.lock);
	ret = dev_id < SDPA_MAX_DEVICES && pmd.dev[dev_id].attached;
	pthread_mutex_unlock(&pmd.lock);
	if (ret) {
		DOCA_LOG_ERR(
		        "%s: emulated device %u already has DPDK ports; probe each device once",
		        who, dev_id);
		return DOCA_ERROR_ALREADY_EXIST;
	}
	snprintf(name, sizeof(name), SDPA_PMD_DRIVER "%u", dev_id);
	ret = snprintf(args, sizeof(args), "%s%s%s%s", extra_devargs ? extra_devargs : "",
	               extra_devargs && extra_devargs[0] && representor && representor[0] ? ","
	                                                                                  : "",
	               representor && representor[0] ? "representor=" : "",
	               representor ? representor : "");
	if (ret < 0 || (size_t)ret >= sizeof(args)) {
		DOCA_LOG_ERR("%s: the devargs of device %u are longer than %zu bytes", who, dev_id,
		             sizeof(args) - 1);
		return DOCA_ERROR_INVALID_VALUE;
	}
	attaching = true;
	attach_why[0] = '\0';
	ret = rte_vdev_init(name, args);
	attaching = false;
	if (ret != 0) {
		DOCA_LOG_ERR("%s: DPDK refused to attach '%s' with devargs '%s': %s", who, name,
		             args, attach_why[0] ? attach_why : strerror(ret < 0 ? -ret : ret));
		return DOCA_ERROR_DRIVER;
	}
	if (!sdpa_pmd_first_port(dev_id, first_port)) {
		DOCA_LOG_ERR("%s: '%s' was attached but has no port", who, name);
		return DOCA_ERROR_DRIVER;
	}
	return DOCA_SUCCESS;
}

bool sdpa_pmd_port_owner(uint16_t port_id, uint32_t *dev_id, int32_t *rep_index)
{
	bool used;

	if (port_id >= RTE_MAX_ETHPORTS)
		return false;
	pthread_mutex_lock(&pmd.lock);
	used = pmd.port[port_id].used;
	if (used) {
		*dev_id = pmd.port[port_id].dev_id;
		*rep_index = pmd.port[port_id].rep_index;
	}
	pthread_mutex_unlock(&pmd.lock);
	return used;
}

bool sdpa_pmd_first_port(uint32_t dev_id, uint16_t *port_id)
{
	bool found = false;

	pthread_mutex_lock(&pmd.lock);
	for (uint16_t i = 0; i < RTE_MAX_ETHPORTS && !found; i++) {
		if (pmd.port[i].used && pmd.port[i].dev_id == dev_id &&
		    pmd.port[i].rep_index == SDPA_PMD_NOT_REP) {
			*port_id = i;
			found = true;
		}
	}
	pthread_mutex_unlock(&pmd.lock);
	return found;
}

struct doca_dev *sdpa_pmd_port_dev(uint16_t port_id, bool *open)
{
	struct doca_dev *dev;

	if (port_id >= RTE_MAX_ETHPORTS) {
		*open = false;
		return NULL;
	}
	pthread_mutex_lock(&pmd.lock);
	dev = pmd.port[port_id].dev;
	*open = pmd.port[port_id].used;
	pthread_mutex_unlock(&pmd.lock);
	return dev;
}

void sdpa_pmd_port_bind(uint16_t port_id, struct doca_dev *dev)
{
	if (port_id >= RTE_MAX_ETHPORTS)
		return;
	pthread_mutex_lock(&pmd.lock);
	if (pmd.port[port_id].used)
		pmd.port[port_id].dev = dev;
	pthread_mutex_unlock(&pmd.lock);
}
