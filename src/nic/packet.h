/* SPDX-License-Identifier: BSD-3-Clause
 * Packet parser: one pass over an Ethernet frame that fills the header fields a DOCA Flow
 * pipe matches on, with the names and byte order of struct doca_flow_match.
 *
 * Byte order: every multi-byte header field (doca_be16_t / doca_be32_t) holds the wire
 * bytes as they are, i.e. network order, exactly as a DOCA user fills a match
 * (e.g. ip4.src_ip == htobe32(0x0a000001) for 10.0.0.1). Offsets, lengths and the enums
 * are host order.
 *
 * Robustness: sdpa_parse() never reads frame[len] or beyond. A frame is parsed as far as it
 * is valid; what stopped it is reported in info->flags, info->error and info->error_off.
 * The parser never logs (it runs per packet); callers turn the error into a counter or a
 * rate-limited message with sdpa_pkt_error_name().
 *
 * Thread safety: every function here is pure (no global state); call from any thread.
 */
#ifndef SDPA_NIC_PACKET_H
#define SDPA_NIC_PACKET_H

#include <stdbool.h>
#include <stdint.h>

#include <doca_types.h>

/* EtherTypes and IP protocol numbers the parser knows (host order). */
enum {
	SDPA_ETH_P_IPV4 = 0x0800,
	SDPA_ETH_P_IPV6 = 0x86dd,
	SDPA_ETH_P_VLAN = 0x8100, /* 802.1Q C-tag */
	SDPA_ETH_P_QINQ = 0x88a8, /* 802.1ad S-tag, accepted as the outer of two tags */
	SDPA_ETH_P_ARP = 0x0806,
};

enum {
	SDPA_IPPROTO_HOPOPTS = 0,
	SDPA_IPPROTO_ICMP = 1,
	SDPA_IPPROTO_IPIP = 4,
	SDPA_IPPROTO_TCP = 6,
	SDPA_IPPROTO_UDP = 17,
	SDPA_IPPROTO_IPV6 = 41,
	SDPA_IPPROTO_GRE = 47,
	SDPA_IPPROTO_ROUTING = 43,
	SDPA_IPPROTO_FRAGMENT = 44,
	SDPA_IPPROTO_ESP = 50,
	SDPA_IPPROTO_ICMPV6 = 58,
	SDPA_IPPROTO_NONE = 59,
	SDPA_IPPROTO_DSTOPTS = 60,
};

/* IANA UDP destination ports of the UDP tunnels the parser decapsulates. */
enum {
	SDPA_VXLAN_PORT = 4789,
	SDPA_VXLAN_GPE_PORT = 4790,
	SDPA_GENEVE_PORT = 6081,
	SDPA_GTPU_PORT = 2152,
	SDPA_MPLS_UDP_PORT = 6635,
};

/* EtherTypes carried by GRE / GENEVE (host order). */
enum {
	SDPA_ETH_P_TEB = 0x6558, /* transparent Ethernet bridging: an Ethernet frame follows */
	SDPA_ETH_P_MPLS = 0x8847,
};

enum {
	SDPA_ROCEV2_PORT = 4791, /* IANA UDP port of RoCEv2: an InfiniBand BTH follows */
	SDPA_ETH_HLEN = 14,
	SDPA_VLAN_HLEN = 4,
	SDPA_IP4_HLEN = 20, /* without options */
	SDPA_IP6_HLEN = 40,
	SDPA_TCP_HLEN = 20, /* without options */
	SDPA_UDP_HLEN = 8,
	SDPA_ICMP_HLEN = 8,
	SDPA_VXLAN_HLEN = 8,
	SDPA_GRE_HLEN = 4,    /* without the optional checksum, key and sequence words */
	SDPA_GENEVE_HLEN = 8, /* without options */
	SDPA_GTPU_HLEN = 8,   /* without the optional sequence/N-PDU/next-extension word */
	SDPA_MPLS_HLEN = 4,   /* one label stack entry */
	SDPA_ESP_HLEN = 8,    /* SPI and sequence number */
	SDPA_BTH_HLEN = 12,   /* InfiniBand base transport header */
	SDPA_VLAN_MAX = 2,
	SDPA_MPLS_MAX = 5,        /* labels kept (DOCA_FLOW_MPLS_LABELS_MAX); deeper: UNSUPPORTED */
	SDPA_GENEVE_OPT_MAX = 63, /* option words (6-bit length field) */
};

/* Same numbering as enum doca_flow_l3_type. */
enum sdpa_l3_type {
	SDPA_L3_NONE = 0,
	SDPA_L3_IP4 = 1,
	SDPA_L3_IP6 = 2,
};

/* The first five equal enum doca_flow_l4_type_ext; OTHER is a softdpa addition meaning
 * "IP carried a protocol the parser does not decode" (next_proto says which). */
enum sdpa_l4_type {
	SDPA_L4_NONE = 0,
	SDPA_L4_TCP = 1,
	SDPA_L4_UDP = 2,
	SDPA_L4_ICMP = 3,
	SDPA_L4_ICMP6 = 4,
	SDPA_L4_OTHER = 5,
	SDPA_L4_ESP = 6, /* IPsec ESP (IP protocol 50): SPI and sequence number parsed */
};

/* Same numbering as enum doca_flow_l2_meta. */
enum sdpa_l2_meta {
	SDPA_L2_NO_VLAN = 0,
	SDPA_L2_MULTI_VLAN = 1,
	SDPA_L2_SINGLE_VLAN = 2,
};

/* Same numbering as enum doca_flow_tun_type. */
enum sdpa_tun_type {
	SDPA_TUN_NONE = 0,
	SDPA_TUN_VXLAN = 1,      /* UDP 4789, or VXLAN-GPE on UDP 4790 (tun.vxlan_type 1) */
	SDPA_TUN_GTPU = 2,       /* UDP 2152 */
	SDPA_TUN_GRE = 3,        /* IP protocol 47, version 0 */
	SDPA_TUN_MPLS_O_UDP = 5, /* UDP 6635 */
	SDPA_TUN_GENEVE = 6,     /* UDP 6081 */
	SDPA_TUN_IP_IN_IP = 8,   /* IPv4/IPv6 carried right after an IP header (proto 4 or 41) */
};

/* Bits of sdpa_pkt_hdrs.l2_valid_headers, as doca_flow_l2_valid_header. */
enum {
	SDPA_L2_VALID_VLAN_0 = 1 << 0,
	SDPA_L2_VALID_VLAN_1 = 1 << 1,
};

/* TCP flag bits in sdpa_pkt_tcp.flags (byte 13 of the header). */
enum {
	SDPA_TCP_FIN = 1 << 0,
	SDPA_TCP_SYN = 1 << 1,
	SDPA_TCP_RST = 1 << 2,
	SDPA_TCP_PSH = 1 << 3,
	SDPA_TCP_ACK = 1 << 4,
	SDPA_TCP_URG = 1 << 5,
	SDPA_TCP_ECE = 1 << 6,
	SDPA_TCP_CWR = 1 << 7,
};

/* sdpa_pkt_info.flags */
enum {
	/* The frame ends inside a header the parser expected (or before it starts). */
	SDPA_PKT_TRUNCATED = 1 << 0,
	/* A header is present but inconsistent (bad version, length fields, offsets). */
	SDPA_PKT_MALFORMED = 1 << 1,
	/* Valid, but deeper than the parser goes (a third VLAN tag). */
	SDPA_PKT_UNSUPPORTED = 1 << 2,
	/* The first problem (info->error) was found in the inner (tunnelled) headers. */
	SDPA_PKT_ERR_IN_INNER = 1 << 3,
};

/* Why parsing stopped or what is inconsistent; the first problem found wins. */
enum sdpa_pkt_error {
	SDPA_PKT_OK = 0,
	SDPA_PKT_ERR_ETH_TRUNC,           /* T: fewer than 14 bytes of Ethernet header */
	SDPA_PKT_ERR_VLAN_TRUNC,          /* T: a VLAN tag is cut */
	SDPA_PKT_ERR_VLAN_DEPTH,          /* U: more than two VLAN tags; the first two are parsed */
	SDPA_PKT_ERR_IP4_TRUNC,           /* T: fewer than 20 bytes of IPv4 header */
	SDPA_PKT_ERR_IP4_VERSION,         /* M: EtherType IPv4 but version nibble is not 4 */
	SDPA_PKT_ERR_IP4_IHL,             /* M: ihl < 5 */
	SDPA_PKT_ERR_IP4_OPT_TRUNC,       /* T: ihl says options the frame does not hold */
	SDPA_PKT_ERR_IP4_TOTAL_LEN_SHORT, /* M: total_len < ihl * 4 */
	SDPA_PKT_ERR_IP4_TOTAL_LEN_BEYOND, /* M: total_len ends beyond the frame */
	SDPA_PKT_ERR_IP6_TRUNC,            /* T: fewer than 40 bytes of IPv6 header */
	SDPA_PKT_ERR_IP6_VERSION,          /* M: EtherType IPv6 but version nibble is not 6 */
	SDPA_PKT_ERR_IP6_PAYLOAD_BEYOND,   /* M: payload_len ends beyond the frame */
	SDPA_PKT_ERR_IP6_EXT_TRUNC,        /* T: an extension header is cut */
	SDPA_PKT_ERR_IP6_EXT_BEYOND,       /* M: an extension header ends beyond payload_len */
	SDPA_PKT_ERR_BEYOND_IP,            /* M: a header inside IP ends beyond the IP packet */
	SDPA_PKT_ERR_TCP_TRUNC,            /* T: TCP header (or its options) cut */
	SDPA_PKT_ERR_TCP_DOFF,             /* M: TCP data offset < 5 */
	SDPA_PKT_ERR_UDP_TRUNC,            /* T: UDP header cut */
	SDPA_PKT_ERR_UDP_LEN,              /* M: UDP length < 8 or beyond the IP packet */
	SDPA_PKT_ERR_ICMP_TRUNC,           /* T: ICMP/ICMPv6 header cut */
	SDPA_PKT_ERR_VXLAN_TRUNC,          /* T: VXLAN header cut */
	SDPA_PKT_ERR_GRE_TRUNC,            /* T: GRE header (or its optional words) cut */
	SDPA_PKT_ERR_GENEVE_TRUNC,         /* T: GENEVE header or its options cut */
	SDPA_PKT_ERR_GENEVE_OPT,           /* M: a GENEVE option runs past the options length */
	SDPA_PKT_ERR_GTPU_TRUNC,           /* T: GTP-U header or an extension header cut */
	SDPA_PKT_ERR_GTPU_EXT,             /* M: a GTP-U extension header of length 0 */
	SDPA_PKT_ERR_MPLS_TRUNC,           /* T: an MPLS label stack entry cut */
	SDPA_PKT_ERR_MPLS_DEPTH,           /* U: more labels than SDPA_MPLS_MAX */
	SDPA_PKT_ERR_ESP_TRUNC,            /* T: ESP header (SPI, sequence number) cut */
	SDPA_PKT_ERR_BTH_TRUNC,            /* T: RoCEv2 InfiniBand BTH cut */
	SDPA_PKT_ERR_COUNT
};

struct sdpa_pkt_eth {
	uint8_t src_mac[6];
	uint8_t dst_mac[6];
	/* EtherType of the L3 payload, i.e. after any VLAN tags (the wire's first EtherType,
	 * the TPID, is in vlan_tpid[0] when tagged). */
	doca_be16_t type;
};

struct sdpa_pkt_vlan {
	doca_be16_t tci;
};

struct sdpa_pkt_ip4 {
	doca_be32_t src_ip;
	doca_be32_t dst_ip;
	uint8_t version_ihl;
	uint8_t dscp_ecn;
	doca_be16_t total_len;
	doca_be16_t identification;
	doca_be16_t flags_fragment_offset;
	uint8_t next_proto;
	uint8_t ttl;
};

struct sdpa_pkt_ip6 {
	doca_be32_t src_ip[4];
	doca_be32_t dst_ip[4];
	uint8_t traffic_class;
	doca_be32_t flow_label; /* the 20-bit label, network order (low 20 bits of the value) */
	doca_be16_t payload_len;
	uint8_t next_proto; /* upper-layer protocol after the extension headers */
	uint8_t hop_limit;
};

struct sdpa_pkt_l4_port {
	doca_be16_t src_port;
	doca_be16_t dst_port;
};

struct sdpa_pkt_udp {
	struct sdpa_pkt_l4_port l4_port;
};

struct sdpa_pkt_tcp {
	struct sdpa_pkt_l4_port l4_port;
	uint8_t data_offset; /* header byte 12 as is: upper nibble = length in 32-bit words */
	uint8_t flags;       /* header byte 13: SDPA_TCP_* */
	doca_be32_t seq_num;
	doca_be32_t ack_num;
};

struct sdpa_pkt_icmp {
	uint8_t type;
	uint8_t code;
	doca_be16_t ident; /* header bytes 4-5 (the echo identifier) */
};

struct sdpa_pkt_esp {
	doca_be32_t spi; /* security parameters index */
	doca_be32_t sn;  /* sequence number */
};

/* InfiniBand base transport header of RoCEv2 (UDP destination port 4791), as the 12 wire
 * bytes of struct doca_flow_header_ib_bth. */
struct sdpa_pkt_bth {
	uint8_t b[SDPA_BTH_HLEN];
};

/* One header stack (outer, or inner after a tunnel). */
struct sdpa_pkt_hdrs {
	struct sdpa_pkt_eth eth;
	uint16_t l2_valid_headers; /* SDPA_L2_VALID_VLAN_* */
	struct sdpa_pkt_vlan eth_vlan[SDPA_VLAN_MAX];
	doca_be16_t vlan_tpid[SDPA_VLAN_MAX]; /* the TPID in front of each tag */
	uint8_t l3_type;                      /* enum sdpa_l3_type: set once the header is read */
	uint8_t l4_type;                      /* enum sdpa_l4_type: set once the header is read */
	union {
		struct sdpa_pkt_ip4 ip4;
		struct sdpa_pkt_ip6 ip6;
	};
	union {
		struct sdpa_pkt_icmp icmp;
		struct sdpa_pkt_udp udp;
		struct sdpa_pkt_tcp tcp;
		struct sdpa_pkt_l4_port transport;
		struct sdpa_pkt_esp esp; /* l4_type SDPA_L4_ESP */
	};
	uint8_t roce; /* UDP to port 4791 with a whole BTH (in bth) */
	struct sdpa_pkt_bth bth;

	/* Parser metadata, as doca_flow_parser_meta (booleans are 0/1). */
	uint8_t l2_type;         /* enum sdpa_l2_meta */
	uint8_t l3_ok;           /* IP header complete, version/ihl/lengths consistent */
	uint8_t ip4_checksum_ok; /* IPv4 header checksum verified */
	uint8_t ip_fragmented;   /* IPv4 MF/offset, or an IPv6 fragment header */
	uint8_t l4_ok;           /* L4 header complete and its length fields consistent */

	/* Byte offsets from the start of the frame. A layer's offset is set when the parser
	 * reaches it (even if it then finds it cut or bad), else 0. payload_off is the first
	 * byte after the last header whose fields were stored. l3_end is the end of the IP
	 * packet as its length field says, clamped to the frame (padding excluded). */
	uint32_t l2_off;
	uint32_t l3_off;
	uint32_t l4_off;
	uint32_t payload_off;
	uint32_t l3_end;
};

/* The tunnel header. Fields of other tunnel types than 'type' are zero. */
struct sdpa_pkt_tun {
	uint8_t type;        /* enum sdpa_tun_type */
	uint8_t vxlan_flags; /* VXLAN / VXLAN-GPE header byte 0 (0x08 = VNI valid) */
	uint8_t vxlan_type;  /* as enum doca_flow_tun_ext_vxlan_type: 0 VXLAN, 1 VXLAN-GPE */
	uint8_t vxlan_gpe_next_protocol; /* GPE header byte 3 (DOCA_FLOW_VXLAN_GPE_TYPE_*) */
	uint8_t vxlan_rsvd1;             /* VXLAN / GPE header byte 7 (reserved) */
	uint32_t off;                    /* offset of the tunnel header (the inner IP header for
	                                  * IP_IN_IP) in the frame */
	uint32_t hlen;            /* bytes of tunnel header before the inner stack (whole ones) */
	doca_be32_t vxlan_tun_id; /* htobe32(VNI): the VNI in the low 24 bits, as DOCA's samples
	                           * give it (DOCA_HTOBE32(0xcdab12) matches VNI 0xcdab12) */
	/* GRE: flags/version word, protocol, key (when key_present). */
	uint8_t gre_key_present;
	uint32_t gre_key_off; /* offset of the key in the frame (when present) */
	doca_be16_t gre_flags;
	doca_be16_t gre_protocol;
	doca_be32_t gre_key;
	/* GTP-U: TEID; next extension header type of the optional word (0 without it); QFI
	 * of a PDU session container (0x85) extension, when has_psc. */
	doca_be32_t gtp_teid;
	uint8_t gtp_flags;
	uint8_t gtp_msg_type;
	uint8_t gtp_next_ext_hdr_type;
	uint8_t gtp_has_psc;
	uint8_t gtp_psc_qfi;
	uint32_t gtp_psc_off; /* offset of the PSC byte holding the QFI in the frame */
	/* MPLS over UDP: the label stack entries as on the wire (first 'mpls_n'). */
	uint8_t mpls_n;
	doca_be32_t mpls[SDPA_MPLS_MAX];
	/* GENEVE: the fixed header as on the wire; geneve_opt_words = options length. The
	 * option words themselves are in sdpa_pkt_info.geneve_opts. */
	uint8_t geneve_hdr[SDPA_GENEVE_HLEN];
	uint8_t geneve_opt_words;
};

struct sdpa_pkt_info {
	uint32_t len;       /* frame length given to the parser */
	uint32_t flags;     /* SDPA_PKT_TRUNCATED | _MALFORMED | _UNSUPPORTED | _ERR_IN_INNER */
	uint32_t error;     /* enum sdpa_pkt_error: the first problem found */
	uint32_t error_off; /* offset of the header where that problem is (<= len) */
	struct sdpa_pkt_hdrs outer;
	struct sdpa_pkt_tun tun;
	struct sdpa_pkt_hdrs inner; /* all zero unless tun.type != SDPA_TUN_NONE */
	/* GENEVE option words, as on the wire: only the first tun.geneve_opt_words are
	 * written (the parse does not clear the rest, to stay cheap). */
	doca_be32_t geneve_opts[SDPA_GENEVE_OPT_MAX];
};

/* Parse 'len' bytes of 'frame' into '*info' (fully overwritten). Never reads frame[len]
 * or beyond; frame may be NULL when len is 0. info NULL: nothing happens. */
void sdpa_parse(const uint8_t *frame, uint32_t len, struct sdpa_pkt_info *info);

/* The offsets of a simple frame, for compiled matches (sdpa_parse_lite). */
struct sdpa_pkt_lite {
	uint32_t l3_off; /* after the Ethernet header and its VLAN tags */
	uint32_t l4_off; /* after the IP header (0 without IP) */
	uint8_t nvlan;   /* VLAN tags (0..2) */
	uint8_t l3_type; /* enum sdpa_l3_type */
	uint8_t l4_type; /* enum sdpa_l4_type: NONE, TCP, UDP, ICMP, ICMP6 or OTHER */
};

/* The offset parse: the L2/L3/L4 offsets and types of a frame, without filling a
 * sdpa_pkt_info (no zeroing, no field copies, no IPv4 checksum). true only for a frame that
 * sdpa_parse() would parse with error SDPA_PKT_OK, no tunnel (nor ESP, nor RoCEv2 BTH), no
 * fragment and no IPv6 extension header; then the types and offsets equal sdpa_parse()'s
 * (outer.l3_off, outer.l4_off, outer.l3_type, outer.l4_type, the VLAN tags). false: the
 * caller runs sdpa_parse(). Never reads frame[len] or beyond. */
bool sdpa_parse_lite(const uint8_t *frame, uint32_t len, struct sdpa_pkt_lite *out);

/* The IPv4 header checksum of the 'hl' bytes at 'ip' (hl a multiple of 4, >= 20) verifies
 * (what sdpa_parse() reports in ip4_checksum_ok). */
bool sdpa_ip4_csum_ok(const uint8_t *ip, uint32_t hl);

/* A short description of an error code ("ipv4 ihl < 5"); "unknown parser error" for a
 * value out of range. Never NULL. */
const char *sdpa_pkt_error_name(uint32_t error);

/* Verify the TCP, UDP, ICMP or ICMPv6 checksum of the outer (inner=false) or inner header
 * stack, including the IPv4/IPv6 pseudo-header, over the L4 bytes up to the end of the IP
 * packet. On demand only: the parse itself does not compute it.
 * true: the checksum is correct, or absent (UDP over IPv4 with checksum 0).
 * false: wrong, or not verifiable: no such L4, l3_ok/l4_ok not set, a fragment, or 'info'
 * was not produced by sdpa_parse() of this same frame/len. Never reads past len. */
bool sdpa_pkt_l4_csum_ok(const uint8_t *frame, uint32_t len, const struct sdpa_pkt_info *info,
                         bool inner);

/* Internet checksum helpers (RFC 1071), shared with the frame builders.
 * sdpa_csum_partial: add 'n' bytes at 'p' to a running 32-bit-folded sum; n may be odd
 * only on the last call. sdpa_csum_fold: fold and complement into the 16-bit checksum
 * (host order; store it with sdpa_put_be16). */
uint32_t sdpa_csum_partial(const uint8_t *p, uint32_t n, uint32_t sum);
uint16_t sdpa_csum_fold(uint32_t sum);

/* The 24-bit VNI of a VXLAN frame, host order. */
static inline uint32_t sdpa_pkt_vni(const struct sdpa_pkt_info *info)
{
	const uint8_t *b = (const uint8_t *)&info->tun.vxlan_tun_id;

	return (uint32_t)b[1] << 16 | (uint32_t)b[2] << 8 | b[3];
}

#endif
