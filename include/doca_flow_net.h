/* SPDX-License-Identifier: BSD-3-Clause
 * softdpa — doca_flow_net.h: network header layouts used by DOCA Flow match and actions.
 *
 * Every multi-byte header field is in network byte order (doca_be16_t / doca_be32_t):
 * fill it with htobe16()/htobe32(). Enums and lengths are host order.
 */
#ifndef DOCA_FLOW_NET_H_
#define DOCA_FLOW_NET_H_

#include <stdbool.h>
#include <stdint.h>

#include <doca_types.h>

#ifdef __cplusplus
extern "C" {
#endif

/* Constants are host order, as in DOCA: htobe16(DOCA_FLOW_VXLAN_DEFAULT_PORT) fills a
 * header field. */
#define DOCA_FLOW_ETHER_ADDR_LEN         6 /* bytes in a MAC address */
#define DOCA_FLOW_ETHER_TYPE_IPV4        0x0800
#define DOCA_FLOW_ETHER_TYPE_IPV6        0x86DD
#define DOCA_FLOW_ETHER_TYPE_VLAN        0x8100
#define DOCA_FLOW_ETHER_TYPE_QINQ        0x88A8
#define DOCA_FLOW_ETHER_TYPE_TEB         0x6558 /* transparent Ethernet bridging (NVGRE) */
#define DOCA_FLOW_PROTO_ICMP             1
#define DOCA_FLOW_PROTO_TCP              6
#define DOCA_FLOW_PROTO_UDP              17
#define DOCA_FLOW_PROTO_GRE              47
#define DOCA_FLOW_PROTO_ESP              50
#define DOCA_FLOW_PROTO_ICMP6            58
#define DOCA_FLOW_PSP_DEFAULT_PORT       1000
#define DOCA_FLOW_GTPU_DEFAULT_PORT      2152
#define DOCA_FLOW_VXLAN_DEFAULT_PORT     4789
#define DOCA_FLOW_VXLAN_GPE_DEFAULT_PORT 4790
#define DOCA_FLOW_GENEVE_DEFAULT_PORT    6081
#define DOCA_FLOW_MPLS_DEFAULT_PORT      6635 /* MPLS over UDP */
#define DOCA_FLOW_VLAN_MAX               2    /* VLAN tags a header stack describes */
#define DOCA_FLOW_MPLS_LABELS_MAX        5

/* VXLAN-GPE next-protocol values (doca_flow_tun.vxlan_gpe_next_protocol). */
#define DOCA_FLOW_VXLAN_GPE_TYPE_IPV4 1
#define DOCA_FLOW_VXLAN_GPE_TYPE_IPV6 2
#define DOCA_FLOW_VXLAN_GPE_TYPE_ETH  3
#define DOCA_FLOW_VXLAN_GPE_TYPE_NSH  4
#define DOCA_FLOW_VXLAN_GPE_TYPE_MPLS 5

/* Which L3 header a header stack carries. */
enum doca_flow_l3_type {
	DOCA_FLOW_L3_TYPE_NONE = 0,
	DOCA_FLOW_L3_TYPE_IP4,
	DOCA_FLOW_L3_TYPE_IP6,
};

/* Which L4 header a header stack carries. */
enum doca_flow_l4_type_ext {
	DOCA_FLOW_L4_TYPE_EXT_NONE = 0,
	DOCA_FLOW_L4_TYPE_EXT_TCP,
	DOCA_FLOW_L4_TYPE_EXT_UDP,
	DOCA_FLOW_L4_TYPE_EXT_ICMP,
	DOCA_FLOW_L4_TYPE_EXT_ICMP6,
	DOCA_FLOW_L4_TYPE_EXT_TRANSPORT, /* TCP or UDP: the ports only */
	DOCA_FLOW_L4_TYPE_EXT_ROCE_V2,
};

/* Bits of doca_flow_header_format.l2_valid_headers. */
enum doca_flow_l2_valid_header {
	DOCA_FLOW_L2_VALID_HEADER_VLAN_0 = (1 << 0),
	DOCA_FLOW_L2_VALID_HEADER_VLAN_1 = (1 << 1),
};

/* TCP flag bits (header byte 13). */
#define DOCA_FLOW_MATCH_TCP_FLAG_FIN (1 << 0)
#define DOCA_FLOW_MATCH_TCP_FLAG_SYN (1 << 1)
#define DOCA_FLOW_MATCH_TCP_FLAG_RST (1 << 2)
#define DOCA_FLOW_MATCH_TCP_FLAG_PSH (1 << 3)
#define DOCA_FLOW_MATCH_TCP_FLAG_ACK (1 << 4)
#define DOCA_FLOW_MATCH_TCP_FLAG_URG (1 << 5)
#define DOCA_FLOW_MATCH_TCP_FLAG_ECE (1 << 6)
#define DOCA_FLOW_MATCH_TCP_FLAG_CWR (1 << 7)

struct doca_flow_header_eth {
	uint8_t src_mac[DOCA_FLOW_ETHER_ADDR_LEN];
	uint8_t dst_mac[DOCA_FLOW_ETHER_ADDR_LEN];
	doca_be16_t type; /* EtherType of the L3 payload (after any VLAN tags) */
};

struct doca_flow_header_eth_vlan {
	doca_be16_t tci; /* PCP, DEI and VLAN id */
};

struct doca_flow_header_ip4 {
	doca_be32_t src_ip;
	doca_be32_t dst_ip;
	uint8_t version_ihl;
	uint8_t dscp_ecn; /* DSCP in the upper 6 bits, ECN in the lower 2 */
	doca_be16_t total_len;
	doca_be16_t identification;
	doca_be16_t flags_fragment_offset;
	uint8_t next_proto;
	uint8_t ttl;
};

struct doca_flow_header_ip6 {
	doca_be32_t src_ip[4];
	doca_be32_t dst_ip[4];
	uint8_t traffic_class;
	doca_be32_t flow_label; /* low 20 bits */
	doca_be16_t payload_len;
	uint8_t next_proto;
	uint8_t hop_limit;
};

struct doca_flow_header_l4_port {
	doca_be16_t src_port;
	doca_be16_t dst_port;
};

struct doca_flow_header_udp {
	struct doca_flow_header_l4_port l4_port;
};

struct doca_flow_header_tcp {
	struct doca_flow_header_l4_port l4_port;
	uint8_t data_offset;
	uint8_t flags; /* DOCA_FLOW_MATCH_TCP_FLAG_* */
	doca_be32_t seq_num;
	doca_be32_t ack_num;
};

struct doca_flow_header_icmp {
	uint8_t type;
	uint8_t code;
	doca_be16_t ident;
};

struct doca_flow_header_roce_v2 {
	doca_be32_t dest_qp;
};

/* VXLAN extensions (softdpa matches plain VXLAN only). */
enum doca_flow_tun_ext_vxlan_type {
	DOCA_FLOW_TUN_EXT_VXLAN_STANDARD = 0,
	DOCA_FLOW_TUN_EXT_VXLAN_GPE,
	DOCA_FLOW_TUN_EXT_VXLAN_GBP,
};

enum doca_flow_tun_ext_gre_type {
	DOCA_FLOW_TUN_EXT_GRE_STANDARD = 0,
	DOCA_FLOW_TUN_EXT_GRE_NVGRE,
};

/* One MPLS label stack entry as on the wire: label (20 bits), traffic class (3),
 * bottom of stack (1), TTL (8). Build it with doca_flow_mpls_label_encode. */
struct doca_flow_header_mpls {
	doca_be32_t label;
};

struct doca_flow_header_geneve {
	uint8_t ver_opt_len;
	uint8_t o_c;
	doca_be16_t next_proto;
	doca_be32_t vni;
};

enum doca_flow_tun_type {
	DOCA_FLOW_TUN_NONE = 0,
	DOCA_FLOW_TUN_VXLAN,
	DOCA_FLOW_TUN_GTPU,
	DOCA_FLOW_TUN_GRE,
	DOCA_FLOW_TUN_ESP,
	DOCA_FLOW_TUN_MPLS_O_UDP,
	DOCA_FLOW_TUN_GENEVE,
	DOCA_FLOW_TUN_PSP,
	DOCA_FLOW_TUN_IP_IN_IP,
};

/* Tunnel header fields; 'type' says which member of the union is meant. softdpa parses
 * and matches plain VXLAN only (docs/FLOW.md). */
struct doca_flow_tun {
	enum doca_flow_tun_type type;
	union {
		struct {
			enum doca_flow_tun_ext_vxlan_type vxlan_type;
			union {
				/* GPE; next protocol: DOCA_FLOW_VXLAN_GPE_TYPE_* */
				struct {
					uint8_t vxlan_gpe_flags;
					uint8_t vxlan_gpe_next_protocol;
				};
				/* GBP */
				struct {
					doca_be16_t vxlan_gbp_group_policy_id;
				};
			};
			doca_be32_t vxlan_tun_id; /* VNI in the upper 24 bits */
			uint8_t vxlan_tun_rsvd1;
		};
		struct {
			enum doca_flow_tun_ext_gre_type gre_type;
			doca_be16_t protocol; /* EtherType of the payload, e.g. TEB for NVGRE */
			union {
				/* GRE_STANDARD */
				struct {
					bool key_present;
					doca_be32_t gre_key;
				};
				/* GRE_NVGRE: virtual subnet id in the upper 24 bits */
				struct {
					doca_be32_t nvgre_vs_id;
					uint8_t nvgre_flow_id;
				};
			};
		};
		struct {
			doca_be32_t gtp_teid;
			uint8_t gtp_next_ext_hdr_type;
			uint8_t gtp_ext_psc_qfi;
		};
		struct {
			doca_be32_t esp_spi;
			doca_be32_t esp_sn;
		};
		struct {
			struct doca_flow_header_mpls mpls[DOCA_FLOW_MPLS_LABELS_MAX];
		};
		struct {
			struct doca_flow_header_geneve geneve;
		};
	};
};

/* One header stack: the outer headers of a frame, or the inner ones after a tunnel. */
struct doca_flow_header_format {
	struct doca_flow_header_eth eth;
	uint16_t l2_valid_headers; /* enum doca_flow_l2_valid_header bits */
	struct doca_flow_header_eth_vlan eth_vlan[DOCA_FLOW_VLAN_MAX];
	enum doca_flow_l3_type l3_type;
	union {
		struct doca_flow_header_ip4 ip4;
		struct doca_flow_header_ip6 ip6;
	};
	enum doca_flow_l4_type_ext l4_type_ext;
	union {
		struct doca_flow_header_icmp icmp;
		struct doca_flow_header_udp udp;
		struct doca_flow_header_tcp tcp;
		struct doca_flow_header_l4_port transport;
		struct doca_flow_header_roce_v2 roce_v2;
	};
};

#ifdef __cplusplus
}
#endif

#endif /* DOCA_FLOW_NET_H_ */
