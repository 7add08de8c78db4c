/* SPDX-License-Identifier: BSD-3-Clause
 * softdpa — doca_flow_net.h: network header layouts used by DOCA Flow match and actions,
 * laid out as DOCA 3.x's doca_flow_net.h lays them out (tests/unit/test_doca_abi_flow.c
 * holds the sizes and offsets softdpa shares with DOCA).
 *
 * Every multi-byte header field is in network byte order (doca_be16_t / doca_be32_t):
 * fill it with htobe16()/htobe32() or DOCA_HTOBE16()/DOCA_HTOBE32(). Enums and lengths are
 * host order. What softdpa parses, matches and rewrites is in docs/FLOW.md; a field it does
 * not emulate is refused with NOT_SUPPORTED and a log line naming the field.
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
#define DOCA_FLOW_ETHER_ADDR_LEN         (6) /* bytes in a MAC address */
#define DOCA_FLOW_PROTO_ICMP             (1)
#define DOCA_FLOW_PROTO_ICMP6            (58)
#define DOCA_FLOW_PROTO_IPV4             (4)
#define DOCA_FLOW_PROTO_IPV6             (41)
#define DOCA_FLOW_PROTO_TCP              (6)
#define DOCA_FLOW_PROTO_UDP              (17)
#define DOCA_FLOW_PROTO_IB_BTH           (16) /* InfiniBand base transport header */
#define DOCA_FLOW_PROTO_GRE              (47)
#define DOCA_FLOW_PROTO_ESP              (50)
#define DOCA_FLOW_PROTO_IP4_IN_IP        (4)
#define DOCA_FLOW_PROTO_IP6_IN_IP        (41)
#define DOCA_FLOW_GTPU_DEFAULT_PORT      (2152)
#define DOCA_FLOW_VXLAN_DEFAULT_PORT     (4789)
#define DOCA_FLOW_VXLAN_GPE_DEFAULT_PORT (4790)
#define DOCA_FLOW_MPLS_DEFAULT_PORT      (6635) /* MPLS over UDP */
#define DOCA_FLOW_GENEVE_DEFAULT_PORT    (6081)
#define DOCA_FLOW_PSP_DEFAULT_PORT       (1000)
#define DOCA_FLOW_ROCEV2_DEFAULT_PORT    (4791)

/* Ethernet frame types. */
#define DOCA_FLOW_ETHER_TYPE_IPV4 (0x0800)
#define DOCA_FLOW_ETHER_TYPE_IPV6 (0x86DD)
#define DOCA_FLOW_ETHER_TYPE_TEB  (0x6558) /* transparent Ethernet bridging (NVGRE) */
#define DOCA_FLOW_ETHER_TYPE_ARP  (0x0806)
#define DOCA_FLOW_ETHER_TYPE_VLAN (0x8100)
#define DOCA_FLOW_ETHER_TYPE_QINQ (0x88A8)

#define DOCA_FLOW_UDP_HEADER_LEN           8                           /* bytes */
#define DOCA_FLOW_ESP_HEADER_LEN           (4 * sizeof(doca_be32_t))   /* longest, bytes */
#define DOCA_FLOW_ESP_HEADER_MARKER_LEN_4B 4                           /* non-ESP marker */
#define DOCA_FLOW_ESP_HEADER_MARKER_LEN_8B 8
#define DOCA_FLOW_CRYPTO_KEY_LEN_MAX       32                          /* bytes */
/* GENEVE options: most in one packet, in one encap, and data words in one option (all in
 * 4-byte words); most options a parser describes. */
#define DOCA_FLOW_GENEVE_OPT_LEN_MAX         63
#define DOCA_FLOW_ENCAP_GENEVE_OPT_LEN_MAX   19
#define DOCA_FLOW_GENEVE_DATA_OPTION_LEN_MAX 31
#define DOCA_FLOW_GENEVE_NUM_OF_OPTIONS_MAX  8
#define DOCA_FLOW_MPLS_LABELS_MAX            5 /* labels one match describes */
#define DOCA_FLOW_PSP_HEADER_LEN             (6 * sizeof(doca_be32_t)) /* longest, bytes */

/* VXLAN-GPE next-protocol values (doca_flow_tun.vxlan_gpe_next_protocol). */
#define DOCA_FLOW_VXLAN_GPE_TYPE_IPV4 1
#define DOCA_FLOW_VXLAN_GPE_TYPE_IPV6 2
#define DOCA_FLOW_VXLAN_GPE_TYPE_ETH  3
#define DOCA_FLOW_VXLAN_GPE_TYPE_NSH  4
#define DOCA_FLOW_VXLAN_GPE_TYPE_MPLS 5
#define DOCA_FLOW_VXLAN_GPE_TYPE_GBP  6
#define DOCA_FLOW_VXLAN_GPE_TYPE_VBNG 7

/* GTP-U next extension header type of a PDU session container (gtp_next_ext_hdr_type). */
#define DOCA_FLOW_GTP_EXT_PSC (0x85)

/* Bytes of the 24-bit InfiniBand BTH destination QP and packet sequence number. */
#define DOCA_FLOW_IB_BTH_DST_QP_LEN 3
#define DOCA_FLOW_IB_BTH_PSN_LEN    3

/* The longest crypto tunnel header an encap inserts: MACs, EtherType, two VLAN tags, IPv4
 * with options (or IPv6), UDP and a PSP header. */
#define DOCA_FLOW_CRYPTO_HEADER_LEN_MAX                                                            \
	(DOCA_FLOW_ETHER_ADDR_LEN * 2 + sizeof(doca_be16_t) + sizeof(doca_be16_t) * 2 * 2 +        \
	 sizeof(doca_be32_t) * 15 + sizeof(doca_be32_t) * 2 + DOCA_FLOW_PSP_HEADER_LEN)

struct doca_flow_header_eth_vlan {
	doca_be16_t tci; /* PCP, DEI and VLAN id */
};

/* Which L3 header a header stack carries. */
enum doca_flow_l3_type {
	DOCA_FLOW_L3_TYPE_NONE = 0,
	DOCA_FLOW_L3_TYPE_IP4,
	DOCA_FLOW_L3_TYPE_IP6,
};

struct doca_flow_header_eth {
	uint8_t src_mac[DOCA_FLOW_ETHER_ADDR_LEN];
	uint8_t dst_mac[DOCA_FLOW_ETHER_ADDR_LEN];
	doca_be16_t type; /* EtherType of the L3 payload (after any VLAN tags) */
};

/* An IPv4 or IPv6 address. */
struct doca_flow_ip_addr {
	enum doca_flow_l3_type type;
	union {
		doca_be32_t ipv4_addr;
		doca_be32_t ipv6_addr[4];
	};
};

/* Which L4 header a header stack carries. */
enum doca_flow_l4_type_ext {
	DOCA_FLOW_L4_TYPE_EXT_NONE = 0,
	DOCA_FLOW_L4_TYPE_EXT_TCP,
	DOCA_FLOW_L4_TYPE_EXT_UDP,
	DOCA_FLOW_L4_TYPE_EXT_ICMP,
	DOCA_FLOW_L4_TYPE_EXT_ICMP6,
	DOCA_FLOW_L4_TYPE_EXT_TRANSPORT, /* TCP or UDP: the ports only */
	DOCA_FLOW_L4_TYPE_EXT_ROCE_V2,   /* UDP to port 4791 carrying an InfiniBand BTH */
};

/* InfiniBand base transport header (RoCEv2 payload of UDP). */
struct doca_flow_header_ib_bth {
	uint8_t opcode;
	uint8_t sempt; /* solicited event, migration request, pad count, transport version */
	doca_be16_t pkey;
	uint8_t flags0; /* FECN, BECN, reserved */
	uint8_t dest_qp[DOCA_FLOW_IB_BTH_DST_QP_LEN];
	uint8_t flags1; /* acknowledge request, reserved */
	uint8_t psn[DOCA_FLOW_IB_BTH_PSN_LEN];
};

struct doca_flow_header_l4_port {
	doca_be16_t src_port;
	doca_be16_t dst_port;
};

struct doca_flow_header_udp {
	struct doca_flow_header_l4_port l4_port;
};

/* RoCEv2: the UDP header and the BTH after it. */
struct doca_flow_header_roce_v2 {
	struct doca_flow_header_udp udp;
	struct doca_flow_header_ib_bth bth;
};

struct doca_flow_header_tcp {
	struct doca_flow_header_l4_port l4_port;
	uint8_t data_offset;
	uint8_t flags; /* enum doca_flow_match_tcp_flags bits (doca_flow.h) */
	doca_be32_t seq_num;
	doca_be32_t ack_num;
};

struct doca_flow_header_icmp {
	uint8_t type;
	uint8_t code;
	doca_be16_t ident;
};

/* Bits of doca_flow_header_ip4.flags_fragment_offset (host order: convert with htobe16). */
enum doca_flow_ip_fragment_flags {
	DOCA_FLOW_IP4_FLAG_MORE_FRAGMENTS = (1 << 13),
	DOCA_FLOW_IP4_FLAG_DONT_FRAGMENT = (1 << 14),
};

struct doca_flow_header_ip4 {
	doca_be32_t src_ip;
	doca_be32_t dst_ip;
	uint8_t version_ihl;
	uint8_t dscp_ecn; /* DSCP in the upper 6 bits, ECN in the lower 2 */
	doca_be16_t total_len;
	doca_be16_t identification;
	doca_be16_t flags_fragment_offset; /* flags (3 bits) + fragment offset (13) */
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

/* Addresses of a connection-tracking match (doca_flow_ct.h). */
struct doca_flow_ct_ip4 {
	doca_be32_t src_ip;
	doca_be32_t dst_ip;
};

struct doca_flow_ct_ip6 {
	doca_be32_t src_ip[4];
	doca_be32_t dst_ip[4];
};

/* One MPLS label stack entry as on the wire: label (20 bits), traffic class (3),
 * bottom of stack (1), TTL (8). Build it with doca_flow_mpls_label_encode. */
struct doca_flow_header_mpls {
	doca_be32_t label;
};

struct doca_flow_header_geneve {
	uint8_t ver_opt_len; /* version (2 bits) + options length in 4-byte words (6) */
	uint8_t o_c;         /* OAM (1) + critical options present (1) + reserved (6) */
	doca_be16_t next_proto;
	doca_be32_t vni; /* VNI in the upper 24 bits */
};

/* One 4-byte word of the GENEVE options: an option header (class, type, length of its
 * data in 4-byte words, at most DOCA_FLOW_GENEVE_DATA_OPTION_LEN_MAX) or a data word. */
union doca_flow_geneve_option {
	struct {
		doca_be16_t class_id;
		uint8_t type;
		uint8_t length; /* reserved (3 bits) + data length (5) */
	};
	doca_be32_t data;
};

/* PSP header (match and encap). */
struct doca_flow_header_psp {
	uint8_t nexthdr;       /* IP protocol number of the payload */
	uint8_t hdrextlen;     /* header extension length */
	uint8_t res_cryptofst; /* reserved (2 bits) + crypto offset (6) */
	uint8_t s_d_ver_v;     /* sample, drop, version (4), virtualization-cookie present */
	doca_be32_t spi;
	doca_be64_t iv;
	doca_be64_t vc;
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
	DOCA_FLOW_TUN_MAX,
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
			uint8_t gtp_next_ext_hdr_type; /* e.g. DOCA_FLOW_GTP_EXT_PSC */
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
			/* The options as 4-byte words (headers and data, in packet order). */
			union doca_flow_geneve_option geneve_options[DOCA_FLOW_GENEVE_OPT_LEN_MAX];
		};
		struct {
			struct doca_flow_header_psp psp;
		};
	};
};

/* Bits of doca_flow_header_format.l2_valid_headers. */
enum doca_flow_l2_valid_header {
	DOCA_FLOW_L2_VALID_HEADER_VLAN_0 = (1 << 0),
	DOCA_FLOW_L2_VALID_HEADER_VLAN_1 = (1 << 1),
};

#define DOCA_FLOW_VLAN_MAX 2 /* VLAN tags a header stack describes */

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
