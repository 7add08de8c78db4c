/* SPDX-License-Identifier: BSD-3-Clause */
/**
 * @file
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

/**
 * @brief Protocol numbers and default UDP ports. Constants are host order, as in DOCA:
 * htobe16(DOCA_FLOW_VXLAN_DEFAULT_PORT) fills a header field.
 */
#define DOCA_FLOW_ETHER_ADDR_LEN         (6)    /**< bytes in a MAC address */
#define DOCA_FLOW_PROTO_ICMP             (1)    /**< IP protocol number of ICMP */
#define DOCA_FLOW_PROTO_ICMP6            (58)   /**< IP protocol number of ICMPv6 */
#define DOCA_FLOW_PROTO_IPV4             (4)    /**< IP protocol number of IPv4 */
#define DOCA_FLOW_PROTO_IPV6             (41)   /**< IP protocol number of IPv6 */
#define DOCA_FLOW_PROTO_TCP              (6)    /**< IP protocol number of TCP */
#define DOCA_FLOW_PROTO_UDP              (17)   /**< IP protocol number of UDP */
#define DOCA_FLOW_PROTO_IB_BTH           (16)   /**< InfiniBand base transport header */
#define DOCA_FLOW_PROTO_GRE              (47)   /**< IP protocol number of GRE */
#define DOCA_FLOW_PROTO_ESP              (50)   /**< IP protocol number of ESP */
#define DOCA_FLOW_PROTO_IP4_IN_IP        (4)    /**< IPv4 in IP */
#define DOCA_FLOW_PROTO_IP6_IN_IP        (41)   /**< IPv6 in IP */
#define DOCA_FLOW_GTPU_DEFAULT_PORT      (2152) /**< GTP-U UDP port */
#define DOCA_FLOW_VXLAN_DEFAULT_PORT     (4789) /**< VXLAN UDP port */
#define DOCA_FLOW_VXLAN_GPE_DEFAULT_PORT (4790) /**< VXLAN-GPE UDP port */
#define DOCA_FLOW_MPLS_DEFAULT_PORT      (6635) /**< MPLS over UDP */
#define DOCA_FLOW_GENEVE_DEFAULT_PORT    (6081) /**< GENEVE UDP port */
#define DOCA_FLOW_PSP_DEFAULT_PORT       (1000) /**< PSP UDP port */
#define DOCA_FLOW_ROCEV2_DEFAULT_PORT    (4791) /**< RoCEv2 UDP port */

/** @brief Ethernet frame types (EtherTypes, host order). */
#define DOCA_FLOW_ETHER_TYPE_IPV4 (0x0800) /**< IPv4 */
#define DOCA_FLOW_ETHER_TYPE_IPV6 (0x86DD) /**< IPv6 */
#define DOCA_FLOW_ETHER_TYPE_TEB  (0x6558) /**< transparent Ethernet bridging (NVGRE) */
#define DOCA_FLOW_ETHER_TYPE_ARP  (0x0806) /**< ARP */
#define DOCA_FLOW_ETHER_TYPE_VLAN (0x8100) /**< 802.1Q VLAN tag */
#define DOCA_FLOW_ETHER_TYPE_QINQ (0x88A8) /**< 802.1ad (QinQ) outer VLAN tag */

/** @brief Header lengths and limits. */
#define DOCA_FLOW_UDP_HEADER_LEN           8                         /**< bytes */
#define DOCA_FLOW_ESP_HEADER_LEN           (4 * sizeof(doca_be32_t)) /**< longest, bytes */
#define DOCA_FLOW_ESP_HEADER_MARKER_LEN_4B 4                         /**< non-ESP marker */
#define DOCA_FLOW_ESP_HEADER_MARKER_LEN_8B 8  /**< non-ESP marker, 8-byte form */
#define DOCA_FLOW_CRYPTO_KEY_LEN_MAX       32 /**< bytes */
/**
 * @brief GENEVE options: most in one packet, in one encap, and data words in one option (all
 * in 4-byte words); most options a parser describes.
 */
#define DOCA_FLOW_GENEVE_OPT_LEN_MAX         63 /**< option words in one packet */
#define DOCA_FLOW_ENCAP_GENEVE_OPT_LEN_MAX   19 /**< option words in one encap */
#define DOCA_FLOW_GENEVE_DATA_OPTION_LEN_MAX 31 /**< data words in one option */
#define DOCA_FLOW_GENEVE_NUM_OF_OPTIONS_MAX  8  /**< options a parser describes */
#define DOCA_FLOW_MPLS_LABELS_MAX            5  /**< labels one match describes */
#define DOCA_FLOW_PSP_HEADER_LEN             (6 * sizeof(doca_be32_t)) /**< longest, bytes */

/** @brief VXLAN-GPE next-protocol values (doca_flow_tun.vxlan_gpe_next_protocol). */
#define DOCA_FLOW_VXLAN_GPE_TYPE_IPV4 1 /**< IPv4 */
#define DOCA_FLOW_VXLAN_GPE_TYPE_IPV6 2 /**< IPv6 */
#define DOCA_FLOW_VXLAN_GPE_TYPE_ETH  3 /**< Ethernet */
#define DOCA_FLOW_VXLAN_GPE_TYPE_NSH  4 /**< network service header */
#define DOCA_FLOW_VXLAN_GPE_TYPE_MPLS 5 /**< MPLS */
#define DOCA_FLOW_VXLAN_GPE_TYPE_GBP  6 /**< group-based policy */
#define DOCA_FLOW_VXLAN_GPE_TYPE_VBNG 7 /**< vBNG */

/** @brief GTP-U next extension header type of a PDU session container (gtp_next_ext_hdr_type). */
#define DOCA_FLOW_GTP_EXT_PSC (0x85)

/** @brief Bytes of the 24-bit InfiniBand BTH destination QP and packet sequence number. */
#define DOCA_FLOW_IB_BTH_DST_QP_LEN 3 /**< destination QP, bytes */
#define DOCA_FLOW_IB_BTH_PSN_LEN    3 /**< packet sequence number, bytes */

/**
 * @brief The longest crypto tunnel header an encap inserts: MACs, EtherType, two VLAN tags,
 * IPv4 with options (or IPv6), UDP and a PSP header.
 */
#define DOCA_FLOW_CRYPTO_HEADER_LEN_MAX                                                            \
	(DOCA_FLOW_ETHER_ADDR_LEN * 2 + sizeof(doca_be16_t) + sizeof(doca_be16_t) * 2 * 2 +        \
	 sizeof(doca_be32_t) * 15 + sizeof(doca_be32_t) * 2 + DOCA_FLOW_PSP_HEADER_LEN)

/** @brief One VLAN tag. */
struct doca_flow_header_eth_vlan {
	doca_be16_t tci; /**< PCP, DEI and VLAN id */
};

/** @brief Which L3 header a header stack carries. */
enum doca_flow_l3_type {
	DOCA_FLOW_L3_TYPE_NONE = 0, /**< no L3 header */
	DOCA_FLOW_L3_TYPE_IP4,      /**< IPv4 */
	DOCA_FLOW_L3_TYPE_IP6,      /**< IPv6 */
};

/** @brief Ethernet header. */
struct doca_flow_header_eth {
	uint8_t src_mac[DOCA_FLOW_ETHER_ADDR_LEN]; /**< source MAC address */
	uint8_t dst_mac[DOCA_FLOW_ETHER_ADDR_LEN]; /**< destination MAC address */
	doca_be16_t type; /**< EtherType of the L3 payload (after any VLAN tags) */
};

/** @brief An IPv4 or IPv6 address. */
struct doca_flow_ip_addr {
	enum doca_flow_l3_type type; /**< which member of the union is meant */
	union {
		doca_be32_t ipv4_addr;    /**< IPv4 address */
		doca_be32_t ipv6_addr[4]; /**< IPv6 address */
	};
};

/** @brief Which L4 header a header stack carries. */
enum doca_flow_l4_type_ext {
	DOCA_FLOW_L4_TYPE_EXT_NONE = 0,  /**< no L4 header */
	DOCA_FLOW_L4_TYPE_EXT_TCP,       /**< TCP */
	DOCA_FLOW_L4_TYPE_EXT_UDP,       /**< UDP */
	DOCA_FLOW_L4_TYPE_EXT_ICMP,      /**< ICMP */
	DOCA_FLOW_L4_TYPE_EXT_ICMP6,     /**< ICMPv6 */
	DOCA_FLOW_L4_TYPE_EXT_TRANSPORT, /**< TCP or UDP: the ports only */
	DOCA_FLOW_L4_TYPE_EXT_ROCE_V2,   /**< UDP to port 4791 carrying an InfiniBand BTH */
};

/** @brief InfiniBand base transport header (RoCEv2 payload of UDP). */
struct doca_flow_header_ib_bth {
	uint8_t opcode;   /**< operation code */
	uint8_t sempt;    /**< solicited event, migration request, pad count, transport version */
	doca_be16_t pkey; /**< partition key */
	uint8_t flags0;   /**< FECN, BECN, reserved */
	uint8_t dest_qp[DOCA_FLOW_IB_BTH_DST_QP_LEN]; /**< destination QP (24 bits) */
	uint8_t flags1;                               /**< acknowledge request, reserved */
	uint8_t psn[DOCA_FLOW_IB_BTH_PSN_LEN];        /**< packet sequence number (24 bits) */
};

/** @brief L4 source and destination ports (TCP, UDP). */
struct doca_flow_header_l4_port {
	doca_be16_t src_port; /**< source port */
	doca_be16_t dst_port; /**< destination port */
};

/** @brief UDP header. */
struct doca_flow_header_udp {
	struct doca_flow_header_l4_port l4_port; /**< source and destination ports */
};

/** @brief RoCEv2: the UDP header and the BTH after it. */
struct doca_flow_header_roce_v2 {
	struct doca_flow_header_udp udp;    /**< UDP header */
	struct doca_flow_header_ib_bth bth; /**< InfiniBand base transport header */
};

/** @brief TCP header. */
struct doca_flow_header_tcp {
	struct doca_flow_header_l4_port l4_port; /**< source and destination ports */
	uint8_t data_offset;                     /**< data offset */
	uint8_t flags;       /**< enum doca_flow_match_tcp_flags bits (doca_flow.h) */
	doca_be32_t seq_num; /**< sequence number */
	doca_be32_t ack_num; /**< acknowledgment number */
};

/** @brief ICMP (or ICMPv6) header. */
struct doca_flow_header_icmp {
	uint8_t type;      /**< message type */
	uint8_t code;      /**< message code */
	doca_be16_t ident; /**< identifier */
};

/** @brief Bits of doca_flow_header_ip4.flags_fragment_offset (host order: convert with htobe16). */
enum doca_flow_ip_fragment_flags {
	DOCA_FLOW_IP4_FLAG_MORE_FRAGMENTS = (1 << 13), /**< more fragments follow */
	DOCA_FLOW_IP4_FLAG_DONT_FRAGMENT = (1 << 14),  /**< do not fragment */
};

/** @brief IPv4 header. */
struct doca_flow_header_ip4 {
	doca_be32_t src_ip;         /**< source address */
	doca_be32_t dst_ip;         /**< destination address */
	uint8_t version_ihl;        /**< version (4 bits) + header length in 4-byte words (4) */
	uint8_t dscp_ecn;           /**< DSCP in the upper 6 bits, ECN in the lower 2 */
	doca_be16_t total_len;      /**< total length */
	doca_be16_t identification; /**< identification */
	doca_be16_t flags_fragment_offset; /**< flags (3 bits) + fragment offset (13) */
	uint8_t next_proto;                /**< protocol of the payload */
	uint8_t ttl;                       /**< time to live */
};

/** @brief IPv6 header. */
struct doca_flow_header_ip6 {
	doca_be32_t src_ip[4];   /**< source address */
	doca_be32_t dst_ip[4];   /**< destination address */
	uint8_t traffic_class;   /**< traffic class */
	doca_be32_t flow_label;  /**< low 20 bits */
	doca_be16_t payload_len; /**< payload length */
	uint8_t next_proto;      /**< next header */
	uint8_t hop_limit;       /**< hop limit */
};

/** @brief IPv4 addresses of a connection-tracking match (doca_flow_ct.h). */
struct doca_flow_ct_ip4 {
	doca_be32_t src_ip; /**< source address */
	doca_be32_t dst_ip; /**< destination address */
};

/** @brief IPv6 addresses of a connection-tracking match (doca_flow_ct.h). */
struct doca_flow_ct_ip6 {
	doca_be32_t src_ip[4]; /**< source address */
	doca_be32_t dst_ip[4]; /**< destination address */
};

/**
 * @brief One MPLS label stack entry as on the wire: label (20 bits), traffic class (3),
 * bottom of stack (1), TTL (8). Build it with doca_flow_mpls_label_encode.
 */
struct doca_flow_header_mpls {
	doca_be32_t label; /**< the whole entry */
};

/** @brief GENEVE header. */
struct doca_flow_header_geneve {
	uint8_t ver_opt_len;    /**< version (2 bits) + options length in 4-byte words (6) */
	uint8_t o_c;            /**< OAM (1) + critical options present (1) + reserved (6) */
	doca_be16_t next_proto; /**< EtherType of the payload */
	doca_be32_t vni;        /**< VNI in the upper 24 bits */
};

/**
 * @brief One 4-byte word of the GENEVE options: an option header (class, type, length of its
 * data in 4-byte words, at most DOCA_FLOW_GENEVE_DATA_OPTION_LEN_MAX) or a data word.
 */
union doca_flow_geneve_option {
	/** An option header. */
	struct {
		doca_be16_t class_id; /**< option class */
		uint8_t type;         /**< option type */
		uint8_t length;       /**< reserved (3 bits) + data length (5) */
	};
	doca_be32_t data; /**< a data word */
};

/** @brief PSP header (match and encap). */
struct doca_flow_header_psp {
	uint8_t nexthdr;       /**< IP protocol number of the payload */
	uint8_t hdrextlen;     /**< header extension length */
	uint8_t res_cryptofst; /**< reserved (2 bits) + crypto offset (6) */
	uint8_t s_d_ver_v;     /**< sample, drop, version (4), virtualization-cookie present */
	doca_be32_t spi;       /**< security parameters index */
	doca_be64_t iv;        /**< initialization vector */
	doca_be64_t vc;        /**< virtualization cookie */
};

/** @brief Tunnel types (doca_flow_tun.type). */
enum doca_flow_tun_type {
	DOCA_FLOW_TUN_NONE = 0,   /**< no tunnel */
	DOCA_FLOW_TUN_VXLAN,      /**< VXLAN */
	DOCA_FLOW_TUN_GTPU,       /**< GTP-U */
	DOCA_FLOW_TUN_GRE,        /**< GRE */
	DOCA_FLOW_TUN_ESP,        /**< ESP */
	DOCA_FLOW_TUN_MPLS_O_UDP, /**< MPLS over UDP */
	DOCA_FLOW_TUN_GENEVE,     /**< GENEVE */
	DOCA_FLOW_TUN_PSP,        /**< PSP */
	DOCA_FLOW_TUN_IP_IN_IP,   /**< IP in IP */
	DOCA_FLOW_TUN_MAX,        /**< number of tunnel types (not a type) */
};

/** @brief VXLAN extensions (softdpa matches plain VXLAN only). */
enum doca_flow_tun_ext_vxlan_type {
	DOCA_FLOW_TUN_EXT_VXLAN_STANDARD = 0, /**< plain VXLAN */
	DOCA_FLOW_TUN_EXT_VXLAN_GPE,          /**< VXLAN-GPE */
	DOCA_FLOW_TUN_EXT_VXLAN_GBP,          /**< VXLAN group-based policy */
};

/** @brief GRE extensions. */
enum doca_flow_tun_ext_gre_type {
	DOCA_FLOW_TUN_EXT_GRE_STANDARD = 0, /**< plain GRE */
	DOCA_FLOW_TUN_EXT_GRE_NVGRE,        /**< NVGRE */
};

/**
 * @brief Tunnel header fields; 'type' says which member of the union is meant. softdpa parses
 * and matches plain VXLAN only (docs/FLOW.md).
 */
struct doca_flow_tun {
	enum doca_flow_tun_type type; /**< tunnel type */
	union {
		/** DOCA_FLOW_TUN_VXLAN */
		struct {
			enum doca_flow_tun_ext_vxlan_type vxlan_type; /**< VXLAN extension */
			union {
				/** GPE; next protocol: DOCA_FLOW_VXLAN_GPE_TYPE_* */
				struct {
					uint8_t vxlan_gpe_flags;         /**< GPE flags */
					uint8_t vxlan_gpe_next_protocol; /**< GPE next protocol */
				};
				/** GBP */
				struct {
					/** GBP group policy id */
					doca_be16_t vxlan_gbp_group_policy_id;
				};
			};
			doca_be32_t vxlan_tun_id; /**< VNI in the upper 24 bits */
			uint8_t vxlan_tun_rsvd1;  /**< reserved byte after the VNI */
		};
		/** DOCA_FLOW_TUN_GRE */
		struct {
			enum doca_flow_tun_ext_gre_type gre_type; /**< GRE extension */
			doca_be16_t protocol; /**< EtherType of the payload, e.g. TEB for NVGRE */
			union {
				/** GRE_STANDARD */
				struct {
					bool key_present;    /**< the GRE key is present */
					doca_be32_t gre_key; /**< GRE key */
				};
				/** GRE_NVGRE: virtual subnet id in the upper 24 bits */
				struct {
					doca_be32_t nvgre_vs_id; /**< virtual subnet id */
					uint8_t nvgre_flow_id;   /**< flow id */
				};
			};
		};
		/** DOCA_FLOW_TUN_GTPU */
		struct {
			doca_be32_t gtp_teid;          /**< tunnel endpoint id */
			uint8_t gtp_next_ext_hdr_type; /**< e.g. DOCA_FLOW_GTP_EXT_PSC */
			uint8_t gtp_ext_psc_qfi; /**< QoS flow id of the PDU session container */
		};
		/** DOCA_FLOW_TUN_ESP */
		struct {
			doca_be32_t esp_spi; /**< security parameters index */
			doca_be32_t esp_sn;  /**< sequence number */
		};
		/** DOCA_FLOW_TUN_MPLS_O_UDP */
		struct {
			struct doca_flow_header_mpls mpls[DOCA_FLOW_MPLS_LABELS_MAX]; /**< labels */
		};
		/** DOCA_FLOW_TUN_GENEVE */
		struct {
			struct doca_flow_header_geneve geneve; /**< GENEVE header */
			/** The options as 4-byte words (headers and data, in packet order). */
			union doca_flow_geneve_option geneve_options[DOCA_FLOW_GENEVE_OPT_LEN_MAX];
		};
		/** DOCA_FLOW_TUN_PSP */
		struct {
			struct doca_flow_header_psp psp; /**< PSP header */
		};
	};
};

/** @brief Bits of doca_flow_header_format.l2_valid_headers. */
enum doca_flow_l2_valid_header {
	DOCA_FLOW_L2_VALID_HEADER_VLAN_0 = (1 << 0), /**< eth_vlan[0] is valid */
	DOCA_FLOW_L2_VALID_HEADER_VLAN_1 = (1 << 1), /**< eth_vlan[1] is valid */
};

#define DOCA_FLOW_VLAN_MAX 2 /**< VLAN tags a header stack describes */

/** @brief One header stack: the outer headers of a frame, or the inner ones after a tunnel. */
struct doca_flow_header_format {
	struct doca_flow_header_eth eth; /**< Ethernet header */
	uint16_t l2_valid_headers;       /**< enum doca_flow_l2_valid_header bits */
	struct doca_flow_header_eth_vlan eth_vlan[DOCA_FLOW_VLAN_MAX]; /**< VLAN tags */
	enum doca_flow_l3_type l3_type; /**< which L3 header the union holds */
	union {
		struct doca_flow_header_ip4 ip4; /**< IPv4 header */
		struct doca_flow_header_ip6 ip6; /**< IPv6 header */
	};
	enum doca_flow_l4_type_ext l4_type_ext; /**< which L4 header the union holds */
	union {
		struct doca_flow_header_icmp icmp;         /**< ICMP header */
		struct doca_flow_header_udp udp;           /**< UDP header */
		struct doca_flow_header_tcp tcp;           /**< TCP header */
		struct doca_flow_header_l4_port transport; /**< TCP or UDP ports */
		struct doca_flow_header_roce_v2 roce_v2;   /**< UDP + InfiniBand BTH */
	};
};

#ifdef __cplusplus
}
#endif

#endif /* DOCA_FLOW_NET_H_ */
