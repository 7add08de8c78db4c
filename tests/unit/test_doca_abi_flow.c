/* SPDX-License-Identifier: BSD-3-Clause
 * What softdpa must share with DOCA for DOCA Flow: enum values, constants, struct sizes
 * and member offsets, as DOCA 3.x (3.3) declares them. A program built against DOCA's
 * headers passes these numbers to the library, so changing one of them breaks every DOCA
 * application; this file fails to build (or its tests fail) when someone does.
 *
 * Where the values come from:
 *  - doca_flow_net.h: DOCA's doca_flow_net.h as the DOCA API reference publishes it (the
 *    "Doca Flow Net" group: constants, header structs, union doca_flow_geneve_option,
 *    struct doca_flow_tun, enum doca_flow_tun_type / l3 / l4 / ip_fragment_flags);
 *  - doca_flow.h: DOCA 3.3's public doca_flow.h (enums doca_rss_type,
 *    doca_flow_ordered_list_element_type, doca_flow_meter_*, structs doca_flow_match,
 *    _actions, _fwd, _monitor, _resource_meter_cfg, _shared_resource_cfg,
 *    _ordered_list_element, _push_action, _entropy_format, _parser_geneve_opt_cfg);
 *  - doca_flow_crypto.h: DOCA's public doca_flow_crypto.h (its enums).
 * Sizes and offsets are those of x86_64 / aarch64 Linux (LP64), derived from those
 * declarations by the C layout rules; doca_flow_desc_field.width is softdpa's own member
 * and sits in the padding DOCA leaves, so only DOCA's members are checked there.
 */
#include <stddef.h>

#include <doca_flow.h>
#include <doca_flow_crypto.h>
#include <doca_flow_net.h>

#include "t_helpers.h"

#define SIZE(t, n)   _Static_assert(sizeof(t) == (n), "sizeof(" #t ") is DOCA's " #n)
#define OFF(t, m, n) _Static_assert(offsetof(t, m) == (n), "offsetof(" #t ", " #m ") is DOCA's " #n)
#define VAL(e, n)    _Static_assert((e) == (n), #e " is DOCA's " #n)

/* ------------------------------------------------------------------ doca_flow_net.h */

VAL(DOCA_FLOW_ETHER_ADDR_LEN, 6);
VAL(DOCA_FLOW_PROTO_ICMP, 1);
VAL(DOCA_FLOW_PROTO_ICMP6, 58);
VAL(DOCA_FLOW_PROTO_IPV4, 4);
VAL(DOCA_FLOW_PROTO_IPV6, 41);
VAL(DOCA_FLOW_PROTO_TCP, 6);
VAL(DOCA_FLOW_PROTO_UDP, 17);
VAL(DOCA_FLOW_PROTO_IB_BTH, 16);
VAL(DOCA_FLOW_PROTO_GRE, 47);
VAL(DOCA_FLOW_PROTO_ESP, 50);
VAL(DOCA_FLOW_PROTO_IP4_IN_IP, 4);
VAL(DOCA_FLOW_PROTO_IP6_IN_IP, 41);
VAL(DOCA_FLOW_GTPU_DEFAULT_PORT, 2152);
VAL(DOCA_FLOW_VXLAN_DEFAULT_PORT, 4789);
VAL(DOCA_FLOW_VXLAN_GPE_DEFAULT_PORT, 4790);
VAL(DOCA_FLOW_MPLS_DEFAULT_PORT, 6635);
VAL(DOCA_FLOW_GENEVE_DEFAULT_PORT, 6081);
VAL(DOCA_FLOW_PSP_DEFAULT_PORT, 1000);
VAL(DOCA_FLOW_ROCEV2_DEFAULT_PORT, 4791);
VAL(DOCA_FLOW_ETHER_TYPE_IPV4, 0x0800);
VAL(DOCA_FLOW_ETHER_TYPE_IPV6, 0x86DD);
VAL(DOCA_FLOW_ETHER_TYPE_TEB, 0x6558);
VAL(DOCA_FLOW_ETHER_TYPE_ARP, 0x0806);
VAL(DOCA_FLOW_ETHER_TYPE_VLAN, 0x8100);
VAL(DOCA_FLOW_ETHER_TYPE_QINQ, 0x88A8);
VAL(DOCA_FLOW_UDP_HEADER_LEN, 8);
VAL(DOCA_FLOW_ESP_HEADER_LEN, 16);
VAL(DOCA_FLOW_ESP_HEADER_MARKER_LEN_4B, 4);
VAL(DOCA_FLOW_ESP_HEADER_MARKER_LEN_8B, 8);
VAL(DOCA_FLOW_CRYPTO_KEY_LEN_MAX, 32);
VAL(DOCA_FLOW_GENEVE_OPT_LEN_MAX, 63);
VAL(DOCA_FLOW_ENCAP_GENEVE_OPT_LEN_MAX, 19);
VAL(DOCA_FLOW_GENEVE_DATA_OPTION_LEN_MAX, 31);
VAL(DOCA_FLOW_GENEVE_NUM_OF_OPTIONS_MAX, 8);
VAL(DOCA_FLOW_MPLS_LABELS_MAX, 5);
VAL(DOCA_FLOW_PSP_HEADER_LEN, 24);
VAL(DOCA_FLOW_VXLAN_GPE_TYPE_IPV4, 1);
VAL(DOCA_FLOW_VXLAN_GPE_TYPE_IPV6, 2);
VAL(DOCA_FLOW_VXLAN_GPE_TYPE_ETH, 3);
VAL(DOCA_FLOW_VXLAN_GPE_TYPE_NSH, 4);
VAL(DOCA_FLOW_VXLAN_GPE_TYPE_MPLS, 5);
VAL(DOCA_FLOW_VXLAN_GPE_TYPE_GBP, 6);
VAL(DOCA_FLOW_VXLAN_GPE_TYPE_VBNG, 7);
VAL(DOCA_FLOW_GTP_EXT_PSC, 0x85);
VAL(DOCA_FLOW_IB_BTH_DST_QP_LEN, 3);
VAL(DOCA_FLOW_IB_BTH_PSN_LEN, 3);
/* 6*2 + 2 + 2*2*2 + 4*15 + 4*2 + 24 */
VAL(DOCA_FLOW_CRYPTO_HEADER_LEN_MAX, 114);
VAL(DOCA_FLOW_VLAN_MAX, 2);

VAL(DOCA_FLOW_L3_TYPE_NONE, 0);
VAL(DOCA_FLOW_L3_TYPE_IP4, 1);
VAL(DOCA_FLOW_L3_TYPE_IP6, 2);
VAL(DOCA_FLOW_L4_TYPE_EXT_NONE, 0);
VAL(DOCA_FLOW_L4_TYPE_EXT_TCP, 1);
VAL(DOCA_FLOW_L4_TYPE_EXT_UDP, 2);
VAL(DOCA_FLOW_L4_TYPE_EXT_ICMP, 3);
VAL(DOCA_FLOW_L4_TYPE_EXT_ICMP6, 4);
VAL(DOCA_FLOW_L4_TYPE_EXT_TRANSPORT, 5);
VAL(DOCA_FLOW_L4_TYPE_EXT_ROCE_V2, 6);
VAL(DOCA_FLOW_IP4_FLAG_MORE_FRAGMENTS, 1 << 13);
VAL(DOCA_FLOW_IP4_FLAG_DONT_FRAGMENT, 1 << 14);
VAL(DOCA_FLOW_TUN_NONE, 0);
VAL(DOCA_FLOW_TUN_VXLAN, 1);
VAL(DOCA_FLOW_TUN_GTPU, 2);
VAL(DOCA_FLOW_TUN_GRE, 3);
VAL(DOCA_FLOW_TUN_ESP, 4);
VAL(DOCA_FLOW_TUN_MPLS_O_UDP, 5);
VAL(DOCA_FLOW_TUN_GENEVE, 6);
VAL(DOCA_FLOW_TUN_PSP, 7);
VAL(DOCA_FLOW_TUN_IP_IN_IP, 8);
VAL(DOCA_FLOW_TUN_MAX, 9);
VAL(DOCA_FLOW_TUN_EXT_VXLAN_STANDARD, 0);
VAL(DOCA_FLOW_TUN_EXT_VXLAN_GPE, 1);
VAL(DOCA_FLOW_TUN_EXT_VXLAN_GBP, 2);
VAL(DOCA_FLOW_TUN_EXT_GRE_STANDARD, 0);
VAL(DOCA_FLOW_TUN_EXT_GRE_NVGRE, 1);
VAL(DOCA_FLOW_L2_VALID_HEADER_VLAN_0, 1);
VAL(DOCA_FLOW_L2_VALID_HEADER_VLAN_1, 2);

SIZE(struct doca_flow_header_eth_vlan, 2);
SIZE(struct doca_flow_header_eth, 14);
OFF(struct doca_flow_header_eth, dst_mac, 6);
OFF(struct doca_flow_header_eth, type, 12);
SIZE(struct doca_flow_ip_addr, 20);
OFF(struct doca_flow_ip_addr, ipv4_addr, 4);
SIZE(struct doca_flow_header_ib_bth, 12);
OFF(struct doca_flow_header_ib_bth, sempt, 1);
OFF(struct doca_flow_header_ib_bth, pkey, 2);
OFF(struct doca_flow_header_ib_bth, flags0, 4);
OFF(struct doca_flow_header_ib_bth, dest_qp, 5);
OFF(struct doca_flow_header_ib_bth, flags1, 8);
OFF(struct doca_flow_header_ib_bth, psn, 9);
SIZE(struct doca_flow_header_l4_port, 4);
SIZE(struct doca_flow_header_udp, 4);
SIZE(struct doca_flow_header_roce_v2, 16);
OFF(struct doca_flow_header_roce_v2, udp, 0);
OFF(struct doca_flow_header_roce_v2, bth, 4);
SIZE(struct doca_flow_header_tcp, 16);
OFF(struct doca_flow_header_tcp, data_offset, 4);
OFF(struct doca_flow_header_tcp, flags, 5);
OFF(struct doca_flow_header_tcp, seq_num, 8);
OFF(struct doca_flow_header_tcp, ack_num, 12);
SIZE(struct doca_flow_header_icmp, 4);
SIZE(struct doca_flow_header_ip4, 20);
OFF(struct doca_flow_header_ip4, version_ihl, 8);
OFF(struct doca_flow_header_ip4, dscp_ecn, 9);
OFF(struct doca_flow_header_ip4, total_len, 10);
OFF(struct doca_flow_header_ip4, identification, 12);
OFF(struct doca_flow_header_ip4, flags_fragment_offset, 14);
OFF(struct doca_flow_header_ip4, next_proto, 16);
OFF(struct doca_flow_header_ip4, ttl, 17);
SIZE(struct doca_flow_header_ip6, 44);
OFF(struct doca_flow_header_ip6, dst_ip, 16);
OFF(struct doca_flow_header_ip6, traffic_class, 32);
OFF(struct doca_flow_header_ip6, flow_label, 36);
OFF(struct doca_flow_header_ip6, payload_len, 40);
OFF(struct doca_flow_header_ip6, next_proto, 42);
OFF(struct doca_flow_header_ip6, hop_limit, 43);
SIZE(struct doca_flow_ct_ip4, 8);
SIZE(struct doca_flow_ct_ip6, 32);
SIZE(struct doca_flow_header_mpls, 4);
SIZE(struct doca_flow_header_geneve, 8);
OFF(struct doca_flow_header_geneve, next_proto, 2);
OFF(struct doca_flow_header_geneve, vni, 4);
SIZE(union doca_flow_geneve_option, 4);
OFF(union doca_flow_geneve_option, type, 2);
OFF(union doca_flow_geneve_option, length, 3);
SIZE(struct doca_flow_header_psp, 24);
OFF(struct doca_flow_header_psp, spi, 4);
OFF(struct doca_flow_header_psp, iv, 8);
OFF(struct doca_flow_header_psp, vc, 16);
/* The union is 8-byte aligned (the PSP header's 64-bit fields); its largest member is the
 * GENEVE header and 63 option words: 8 + 252 = 260, rounded to 264. */
SIZE(struct doca_flow_tun, 272);
OFF(struct doca_flow_tun, vxlan_type, 8);
OFF(struct doca_flow_tun, vxlan_gpe_flags, 12);
OFF(struct doca_flow_tun, vxlan_gpe_next_protocol, 13);
OFF(struct doca_flow_tun, vxlan_gbp_group_policy_id, 12);
OFF(struct doca_flow_tun, vxlan_tun_id, 16);
OFF(struct doca_flow_tun, vxlan_tun_rsvd1, 20);
OFF(struct doca_flow_tun, gre_type, 8);
OFF(struct doca_flow_tun, protocol, 12);
OFF(struct doca_flow_tun, key_present, 16);
OFF(struct doca_flow_tun, gre_key, 20);
OFF(struct doca_flow_tun, nvgre_vs_id, 16);
OFF(struct doca_flow_tun, nvgre_flow_id, 20);
OFF(struct doca_flow_tun, gtp_teid, 8);
OFF(struct doca_flow_tun, gtp_next_ext_hdr_type, 12);
OFF(struct doca_flow_tun, gtp_ext_psc_qfi, 13);
OFF(struct doca_flow_tun, esp_spi, 8);
OFF(struct doca_flow_tun, esp_sn, 12);
OFF(struct doca_flow_tun, mpls, 8);
OFF(struct doca_flow_tun, geneve, 8);
OFF(struct doca_flow_tun, geneve_options, 16);
OFF(struct doca_flow_tun, psp, 8);
SIZE(struct doca_flow_header_format, 88);
OFF(struct doca_flow_header_format, l2_valid_headers, 14);
OFF(struct doca_flow_header_format, eth_vlan, 16);
OFF(struct doca_flow_header_format, l3_type, 20);
OFF(struct doca_flow_header_format, ip4, 24);
OFF(struct doca_flow_header_format, ip6, 24);
OFF(struct doca_flow_header_format, l4_type_ext, 68);
OFF(struct doca_flow_header_format, tcp, 72);
OFF(struct doca_flow_header_format, roce_v2, 72);

/* ------------------------------------------------------------------ doca_flow_crypto.h */

VAL(DOCA_FLOW_CRYPTO_RESOURCE_NONE, 0);
VAL(DOCA_FLOW_CRYPTO_RESOURCE_IPSEC_SA, 1);
VAL(DOCA_FLOW_CRYPTO_RESOURCE_PSP, 2);
VAL(DOCA_FLOW_CRYPTO_ACTION_ENCRYPT, 1);
VAL(DOCA_FLOW_CRYPTO_ACTION_DECRYPT, 2);
VAL(DOCA_FLOW_CRYPTO_REFORMAT_ENCAP, 1);
VAL(DOCA_FLOW_CRYPTO_REFORMAT_DECAP, 2);
VAL(DOCA_FLOW_CRYPTO_HEADER_ESP_TUNNEL, 1);
VAL(DOCA_FLOW_CRYPTO_HEADER_ESP_OVER_LAN, 6);
VAL(DOCA_FLOW_CRYPTO_HEADER_PSP_TUNNEL, 7);
VAL(DOCA_FLOW_CRYPTO_HEADER_PSP_OVER_IPV6, 9);
VAL(DOCA_FLOW_CRYPTO_KEY_256, 1);
VAL(DOCA_FLOW_CRYPTO_ICV_LENGTH_16, 2);
VAL(DOCA_FLOW_CRYPTO_REPLAY_WIN_SIZE_256, 3);
VAL(DOCA_FLOW_CRYPTO_SN_OFFLOAD_AR, 1);
SIZE(struct doca_flow_crypto_key_cfg, 16);

/* ------------------------------------------------------------------ doca_flow.h: enums */

VAL(DOCA_FLOW_RESOURCE_MODE_SYSTEM, 0);
VAL(DOCA_FLOW_RESOURCE_MODE_PORT, 1);
VAL(DOCA_FLOW_RESOURCE_METER, 0);
VAL(DOCA_FLOW_RESOURCE_COUNTER, 1);
VAL(DOCA_FLOW_RESOURCE_RSS, 2);
VAL(DOCA_FLOW_RESOURCE_PSP, 3);
VAL(DOCA_FLOW_RESOURCE_ENCAP, 4);
VAL(DOCA_FLOW_RESOURCE_DECAP, 5);
VAL(DOCA_FLOW_RESOURCE_IPSEC_SA, 6);
VAL(DOCA_FLOW_SHARED_RESOURCE_METER, 0);
VAL(DOCA_FLOW_SHARED_RESOURCE_COUNTER, 1);
VAL(DOCA_FLOW_SHARED_RESOURCE_RSS, 2);
VAL(DOCA_FLOW_SHARED_RESOURCE_PSP, 3);
VAL(DOCA_FLOW_SHARED_RESOURCE_ENCAP, 4);
VAL(DOCA_FLOW_SHARED_RESOURCE_DECAP, 5);
VAL(DOCA_FLOW_SHARED_RESOURCE_IPSEC_SA, 6);
VAL(DOCA_FLOW_ENTRY_FLAGS_NO_WAIT, 1);
VAL(DOCA_FLOW_ENTRY_FLAGS_WAIT_FOR_BATCH, 2);
VAL(DOCA_FLOW_PIPE_OP_CONGESTION_REACHED, 0);
VAL(DOCA_FLOW_PIPE_OP_RESIZED, 1);
VAL(DOCA_FLOW_PIPE_OP_DESTROYED, 2);
VAL(DOCA_FLOW_PIPE_STATUS_SUCCESS, 1);
VAL(DOCA_FLOW_PIPE_STATUS_ERROR, 2);
VAL(DOCA_FLOW_ENTRY_OP_ADD, 0);
VAL(DOCA_FLOW_ENTRY_OP_DEL, 1);
VAL(DOCA_FLOW_ENTRY_OP_UPD, 2);
VAL(DOCA_FLOW_ENTRY_OP_AGED, 3);
VAL(DOCA_FLOW_ENTRY_STATUS_IN_PROCESS, 0);
VAL(DOCA_FLOW_ENTRY_STATUS_SUCCESS, 1);
VAL(DOCA_FLOW_ENTRY_STATUS_ERROR, 2);
VAL(DOCA_FLOW_RSS_HASH_FUNCTION_TOEPLITZ, 0);
VAL(DOCA_FLOW_RSS_HASH_FUNCTION_SYMMETRIC_TOEPLITZ, 1);
VAL(DOCA_FLOW_PIPE_BASIC, 0);
VAL(DOCA_FLOW_PIPE_CONTROL, 1);
VAL(DOCA_FLOW_PIPE_LPM, 2);
VAL(DOCA_FLOW_PIPE_CT, 3);
VAL(DOCA_FLOW_PIPE_ACL, 4);
VAL(DOCA_FLOW_PIPE_ORDERED_LIST, 5);
VAL(DOCA_FLOW_PIPE_HASH, 6);
VAL(DOCA_FLOW_PIPE_DOMAIN_DEFAULT, 0);
VAL(DOCA_FLOW_PIPE_DOMAIN_SECURE_INGRESS, 1);
VAL(DOCA_FLOW_PIPE_DOMAIN_EGRESS, 2);
VAL(DOCA_FLOW_PIPE_DOMAIN_SECURE_EGRESS, 3);
VAL(DOCA_FLOW_META_SCRATCH_PAD_MAX, 10);
VAL(DOCA_FLOW_META_MAX, 44);
VAL(DOCA_FLOW_MAX_ENTRY_ACTIONS_MEM_SIZE, 128);
VAL(DOCA_FLOW_METER_COLOR_RED, 0);
VAL(DOCA_FLOW_METER_COLOR_YELLOW, 1);
VAL(DOCA_FLOW_METER_COLOR_GREEN, 2);
SIZE(enum doca_flow_meter_color, 1); /* __attribute__((__packed__)) in DOCA */
VAL(DOCA_FLOW_L2_META_NO_VLAN, 0);
VAL(DOCA_FLOW_L2_META_MULTI_VLAN, 1);
VAL(DOCA_FLOW_L2_META_SINGLE_VLAN, 2);
VAL(DOCA_FLOW_L2_META_CUSTOM_VLAN, 3);
VAL(DOCA_FLOW_L3_META_IPV4, 1);
VAL(DOCA_FLOW_L3_META_IPV6, 2);
VAL(DOCA_FLOW_L4_META_TCP, 1);
VAL(DOCA_FLOW_L4_META_UDP, 2);
VAL(DOCA_FLOW_L4_META_ICMP, 3);
VAL(DOCA_FLOW_L4_META_ESP, 4);
VAL(DOCA_FLOW_CRYPTO_SYNDROME_OK, 0);
VAL(DOCA_FLOW_CRYPTO_SYNDROME_ICV_FAIL, 1);
VAL(DOCA_FLOW_CRYPTO_SYNDROME_BAD_TRAILER, 2);
VAL(DOCA_FLOW_PIPE_HASH_MAP_ALGORITHM_HASH, 1 << 0);
VAL(DOCA_FLOW_PIPE_HASH_MAP_ALGORITHM_RANDOM, 1 << 1);
VAL(DOCA_FLOW_PIPE_HASH_MAP_ALGORITHM_IDENTITY, 1 << 2);
VAL(DOCA_FLOW_PIPE_HASH_MAP_ALGORITHM_ROUND_ROBIN, 1 << 3);
VAL(DOCA_FLOW_PIPE_HASH_MAP_ALGORITHM_FLOODING, 1 << 4);
VAL(DOCA_FLOW_PIPE_HASH_MAP_ALGORITHM_SELECT_ENABLED, 1 << 5);
VAL(DOCA_FLOW_MATCH_TCP_FLAG_FIN, 1);
VAL(DOCA_FLOW_MATCH_TCP_FLAG_SYN, 2);
VAL(DOCA_FLOW_MATCH_TCP_FLAG_RST, 4);
VAL(DOCA_FLOW_MATCH_TCP_FLAG_PSH, 8);
VAL(DOCA_FLOW_MATCH_TCP_FLAG_ACK, 16);
VAL(DOCA_FLOW_MATCH_TCP_FLAG_URG, 32);
VAL(DOCA_FLOW_MATCH_TCP_FLAG_ECE, 64);
VAL(DOCA_FLOW_MATCH_TCP_FLAG_CWR, 128);
VAL(DOCA_FLOW_COMPARE_EQ, 0);
VAL(DOCA_FLOW_COMPARE_GE, 5);
VAL(DOCA_FLOW_PUSH_ACTION_VLAN, 0);
VAL(DOCA_FLOW_RESOURCE_TYPE_NONE, 0);
VAL(DOCA_FLOW_RESOURCE_TYPE_SHARED, 1);
VAL(DOCA_FLOW_RESOURCE_TYPE_NON_SHARED, 2);
VAL(DOCA_FLOW_PSP_DECRYPTION_ID, UINT32_MAX);
VAL(DOCA_FLOW_TARGET_KERNEL, 0);
VAL(DOCA_FLOW_FWD_NONE, 0);
VAL(DOCA_FLOW_FWD_RSS, 1);
VAL(DOCA_FLOW_FWD_PORT, 2);
VAL(DOCA_FLOW_FWD_PIPE, 3);
VAL(DOCA_FLOW_FWD_DROP, 4);
VAL(DOCA_FLOW_FWD_TARGET, 5);
VAL(DOCA_FLOW_FWD_ORDERED_LIST_PIPE, 6);
VAL(DOCA_FLOW_FWD_HASH_PIPE, 7);
VAL(DOCA_FLOW_FWD_CHANGEABLE, 100);
VAL(DOCA_FLOW_RSS_IPV4, 1 << 0);
VAL(DOCA_FLOW_RSS_IPV6, 1 << 1);
VAL(DOCA_FLOW_RSS_UDP, 1 << 2);
VAL(DOCA_FLOW_RSS_TCP, 1 << 3);
VAL(DOCA_FLOW_RSS_ESP, 1 << 4);
VAL(DOCA_FLOW_RSS_IPV4_SRC, 1 << 5);
VAL(DOCA_FLOW_RSS_IPV4_DST, 1 << 6);
VAL(DOCA_FLOW_RSS_IPV6_SRC, 1 << 7);
VAL(DOCA_FLOW_RSS_IPV6_DST, 1 << 8);
VAL(DOCA_FLOW_RSS_UDP_SRC, 1 << 9);
VAL(DOCA_FLOW_RSS_UDP_DST, 1 << 10);
VAL(DOCA_FLOW_RSS_TCP_SRC, 1 << 11);
VAL(DOCA_FLOW_RSS_TCP_DST, 1 << 12);
VAL(DOCA_FLOW_RSS_AUTO, 1 << 30);
VAL(DOCA_FLOW_METER_ALGORITHM_TYPE_RFC2697, 0);
VAL(DOCA_FLOW_METER_ALGORITHM_TYPE_RFC2698, 1);
VAL(DOCA_FLOW_METER_ALGORITHM_TYPE_RFC4115, 2);
VAL(DOCA_FLOW_METER_LIMIT_TYPE_BYTES, 0);
VAL(DOCA_FLOW_METER_LIMIT_TYPE_PACKETS, 1);
VAL(DOCA_FLOW_METER_COLOR_MODE_BLIND, 0);
VAL(DOCA_FLOW_METER_COLOR_MODE_AWARE, 1);
VAL(DOCA_FLOW_ACTION_AUTO, 0);
VAL(DOCA_FLOW_ACTION_ADD, 1);
VAL(DOCA_FLOW_ACTION_COPY, 2);
VAL(DOCA_FLOW_ORDERED_LIST_ELEMENT_ACTIONS, 0);
VAL(DOCA_FLOW_ORDERED_LIST_ELEMENT_MONITOR, 1);
VAL(DOCA_FLOW_ORDERED_LIST_ELEMENT_NAT64, 2);
VAL(DOCA_FLOW_ORDERED_LIST_ELEMENT_CRYPTO, 3);
VAL(DOCA_FLOW_PARSER_GENEVE_OPT_MODE_IGNORE, 0);
VAL(DOCA_FLOW_PARSER_GENEVE_OPT_MODE_FIXED, 1);
VAL(DOCA_FLOW_PARSER_GENEVE_OPT_MODE_MATCHABLE, 2);
VAL(DOCA_FLOW_PORT_DEFAULT_MISS_KERNEL, 0);
VAL(DOCA_FLOW_PORT_DEFAULT_MISS_RSS, 1);
VAL(DOCA_FLOW_PORT_DEFAULT_MISS_DROP, 2);
VAL(DOCA_FLOW_PORT_OPERATION_STATE_ACTIVE, 0);
VAL(DOCA_FLOW_PORT_OPERATION_STATE_ACTIVE_READY_TO_SWAP, 1);
VAL(DOCA_FLOW_PORT_OPERATION_STATE_STANDBY, 2);
VAL(DOCA_FLOW_PORT_OPERATION_STATE_UNCONNECTED, 3);
VAL(DOCA_FLOW_TUNE_PROFILE_NONE, 0);
VAL(DOCA_FLOW_TUNE_PROFILE_PIPELINE, 30);
VAL(DOCA_FLOW_TUNE_PROFILE_FULL, 60);

/* ------------------------------------------------------------------ doca_flow.h: layouts */

SIZE(struct doca_flow_resource_rss_cfg, 24);
OFF(struct doca_flow_resource_rss_cfg, inner_flags, 4);
OFF(struct doca_flow_resource_rss_cfg, queues_array, 8);
OFF(struct doca_flow_resource_rss_cfg, nr_queues, 16);
OFF(struct doca_flow_resource_rss_cfg, rss_hash_func, 20);
SIZE(struct doca_flow_meta, 44);
OFF(struct doca_flow_meta, u32, 4);
SIZE(struct doca_flow_parser_meta, 44);
OFF(struct doca_flow_parser_meta, random, 2);
OFF(struct doca_flow_parser_meta, ipsec_syndrome, 4);
OFF(struct doca_flow_parser_meta, ipsec_ar_syndrome, 5);
OFF(struct doca_flow_parser_meta, psp_syndrome, 6);
OFF(struct doca_flow_parser_meta, meter_color, 7);
OFF(struct doca_flow_parser_meta, outer_l2_type, 8);
OFF(struct doca_flow_parser_meta, inner_l4_type, 28);
OFF(struct doca_flow_parser_meta, outer_ip_fragmented, 32);
OFF(struct doca_flow_parser_meta, inner_l4_checksum_ok, 41);
SIZE(struct doca_flow_entropy_format, 56);
OFF(struct doca_flow_entropy_format, ip4, 4);
OFF(struct doca_flow_entropy_format, is_transport, 48);
OFF(struct doca_flow_entropy_format, transport, 50);
SIZE(struct doca_flow_match, 536);
OFF(struct doca_flow_match, parser_meta, 44);
OFF(struct doca_flow_match, outer, 88);
OFF(struct doca_flow_match, tun, 176);
OFF(struct doca_flow_match, inner, 448);
/* DOCA's members: field_string, bit_offset (size 16 with the padding after bit_offset). */
SIZE(struct doca_flow_desc_field, 16);
OFF(struct doca_flow_desc_field, bit_offset, 8);
SIZE(struct doca_flow_match_condition, 48);
OFF(struct doca_flow_match_condition, field_op.a, 8);
OFF(struct doca_flow_match_condition, field_op.b, 24);
OFF(struct doca_flow_match_condition, field_op.width, 40);
SIZE(struct doca_flow_encap_action, 360);
OFF(struct doca_flow_encap_action, tun, 88);
SIZE(struct doca_flow_push_vlan_action, 4);
OFF(struct doca_flow_push_vlan_action, vlan_hdr, 2);
SIZE(struct doca_flow_push_action, 8);
OFF(struct doca_flow_push_action, vlan.eth_type, 4);
OFF(struct doca_flow_push_action, vlan.vlan_hdr, 6);
SIZE(struct doca_flow_nat64_action, 4);
SIZE(struct doca_flow_crypto_action, 16);
OFF(struct doca_flow_crypto_action, ipsec_sa.sn_en, 8);
OFF(struct doca_flow_crypto_action, crypto_id, 12);
SIZE(struct doca_flow_crypto_encap_action, 128);
OFF(struct doca_flow_crypto_encap_action, icv_size, 8);
OFF(struct doca_flow_crypto_encap_action, data_size, 10);
OFF(struct doca_flow_crypto_encap_action, encap_data, 12);
SIZE(struct doca_flow_resource_encap_cfg, 368);
OFF(struct doca_flow_resource_encap_cfg, encap, 8);
SIZE(struct doca_flow_resource_decap_cfg, 22);
OFF(struct doca_flow_resource_decap_cfg, eth, 2);
OFF(struct doca_flow_resource_decap_cfg, l2_valid_headers, 16);
OFF(struct doca_flow_resource_decap_cfg, eth_vlan, 18);
SIZE(struct doca_flow_actions, 1024);
OFF(struct doca_flow_actions, decap_cfg, 4);
OFF(struct doca_flow_actions, shared_decap_id, 4);
OFF(struct doca_flow_actions, pop_vlan, 28);
OFF(struct doca_flow_actions, meta, 32);
OFF(struct doca_flow_actions, parser_meta, 76);
OFF(struct doca_flow_actions, outer, 120);
OFF(struct doca_flow_actions, tun, 208);
OFF(struct doca_flow_actions, encap_type, 480);
OFF(struct doca_flow_actions, encap_cfg, 488);
OFF(struct doca_flow_actions, has_push, 856);
OFF(struct doca_flow_actions, push, 860);
OFF(struct doca_flow_actions, nat64, 868);
OFF(struct doca_flow_actions, has_crypto_encap, 872);
OFF(struct doca_flow_actions, crypto_encap, 876);
OFF(struct doca_flow_actions, crypto, 1004);
SIZE(struct doca_flow_crypto, 148);
OFF(struct doca_flow_crypto, crypto_encap, 4);
OFF(struct doca_flow_crypto, crypto, 132);
SIZE(struct doca_flow_fwd, 40);
OFF(struct doca_flow_fwd, rss_type, 8);
OFF(struct doca_flow_fwd, rss, 16);
OFF(struct doca_flow_fwd, shared_rss_id, 16);
OFF(struct doca_flow_fwd, port_id, 8);
OFF(struct doca_flow_fwd, next_pipe, 8);
OFF(struct doca_flow_fwd, ordered_list_pipe.pipe, 8);
OFF(struct doca_flow_fwd, ordered_list_pipe.idx, 16);
OFF(struct doca_flow_fwd, target, 8);
OFF(struct doca_flow_fwd, hash_pipe.algorithm, 16);
SIZE(struct doca_flow_resource_meter_cfg, 48);
OFF(struct doca_flow_resource_meter_cfg, color_mode, 4);
OFF(struct doca_flow_resource_meter_cfg, alg, 8);
OFF(struct doca_flow_resource_meter_cfg, cir, 16);
OFF(struct doca_flow_resource_meter_cfg, cbs, 24);
OFF(struct doca_flow_resource_meter_cfg, rfc2697.ebs, 32);
OFF(struct doca_flow_resource_meter_cfg, rfc2698.pir, 32);
OFF(struct doca_flow_resource_meter_cfg, rfc2698.pbs, 40);
OFF(struct doca_flow_resource_meter_cfg, rfc4115.eir, 32);
OFF(struct doca_flow_resource_meter_cfg, rfc4115.ebs, 40);
SIZE(struct doca_flow_resource_psp_cfg, 16);
SIZE(struct doca_flow_resource_ipsec_sa_cfg, 64);
OFF(struct doca_flow_resource_ipsec_sa_cfg, salt, 16);
OFF(struct doca_flow_resource_ipsec_sa_cfg, implicit_iv, 24);
OFF(struct doca_flow_resource_ipsec_sa_cfg, icv_len, 32);
OFF(struct doca_flow_resource_ipsec_sa_cfg, sn_offload_type, 36);
OFF(struct doca_flow_resource_ipsec_sa_cfg, win_size, 40);
OFF(struct doca_flow_resource_ipsec_sa_cfg, esn_en, 44);
OFF(struct doca_flow_resource_ipsec_sa_cfg, sn_initial, 48);
OFF(struct doca_flow_resource_ipsec_sa_cfg, lifetime_threshold, 56);
/* No domain member: every configuration starts at offset 0. */
SIZE(struct doca_flow_shared_resource_cfg, 368);
OFF(struct doca_flow_shared_resource_cfg, meter_cfg, 0);
OFF(struct doca_flow_shared_resource_cfg, rss_cfg, 0);
OFF(struct doca_flow_shared_resource_cfg, psp_cfg, 0);
OFF(struct doca_flow_shared_resource_cfg, encap_cfg, 0);
OFF(struct doca_flow_shared_resource_cfg, decap_cfg, 0);
OFF(struct doca_flow_shared_resource_cfg, ipsec_sa_cfg, 0);
SIZE(struct doca_flow_monitor, 48);
OFF(struct doca_flow_monitor, non_shared_meter.limit_type, 8);
OFF(struct doca_flow_monitor, non_shared_meter.cir, 16);
OFF(struct doca_flow_monitor, non_shared_meter.cbs, 24);
OFF(struct doca_flow_monitor, shared_meter.shared_meter_id, 8);
OFF(struct doca_flow_monitor, shared_meter.meter_init_color, 12);
OFF(struct doca_flow_monitor, counter_type, 32);
OFF(struct doca_flow_monitor, shared_counter.shared_counter_id, 36);
OFF(struct doca_flow_monitor, aging_sec, 40);
SIZE(struct doca_flow_action_desc, 48);
OFF(struct doca_flow_action_desc, field_op.src, 8);
OFF(struct doca_flow_action_desc, field_op.dst, 24);
OFF(struct doca_flow_action_desc, field_op.width, 40);
SIZE(struct doca_flow_action_descs, 16);
OFF(struct doca_flow_action_descs, desc_array, 8);
/* The ACTIONS element's template, mask and descriptors are separate members. */
SIZE(struct doca_flow_ordered_list_element, 32);
OFF(struct doca_flow_ordered_list_element, actions, 8);
OFF(struct doca_flow_ordered_list_element, actions_mask, 16);
OFF(struct doca_flow_ordered_list_element, action_descs, 24);
OFF(struct doca_flow_ordered_list_element, monitor, 8);
OFF(struct doca_flow_ordered_list_element, nat64, 8);
OFF(struct doca_flow_ordered_list_element, crypto, 8);
SIZE(struct doca_flow_ordered_list, 16);
OFF(struct doca_flow_ordered_list, size, 4);
OFF(struct doca_flow_ordered_list, elements, 8);
SIZE(struct doca_flow_resource_query, 16);
OFF(struct doca_flow_resource_query, counter.total_pkts, 8);
SIZE(struct doca_flow_parser_geneve_opt_cfg, 132);
OFF(struct doca_flow_parser_geneve_opt_cfg, option_class, 4);
OFF(struct doca_flow_parser_geneve_opt_cfg, option_type, 6);
OFF(struct doca_flow_parser_geneve_opt_cfg, option_len, 7);
OFF(struct doca_flow_parser_geneve_opt_cfg, data_mask, 8);

/* ------------------------------------------------------------------ at run time */

/* The same facts through values a compiler cannot fold away: a sample's template written
 * through one ordered-list member must not be read back through another. */
static void test_ordered_list_element_members_are_distinct(void **state)
{
	struct doca_flow_actions tmpl, mask;
	struct doca_flow_action_descs descs;
	struct doca_flow_ordered_list_element e;

	(void)state;
	memset(&e, 0, sizeof(e));
	e.type = DOCA_FLOW_ORDERED_LIST_ELEMENT_ACTIONS;
	e.actions = &tmpl;
	e.actions_mask = &mask;
	e.action_descs = &descs;
	assert_ptr_equal(e.actions, &tmpl);
	assert_ptr_equal(e.actions_mask, &mask);
	assert_ptr_equal(e.action_descs, &descs);
}

/* DOCA's push action: the EtherType and the tag the sample sets land where DOCA reads them. */
static void test_push_vlan_layout(void **state)
{
	struct doca_flow_actions a;
	const uint8_t *p = (const uint8_t *)&a.push;

	(void)state;
	memset(&a, 0, sizeof(a));
	a.push.type = DOCA_FLOW_PUSH_ACTION_VLAN;
	a.push.vlan.eth_type = 0x0081;
	a.push.vlan.vlan_hdr.tci = 0x3412;
	assert_int_equal(p[4], 0x81);
	assert_int_equal(p[6], 0x12);
	assert_int_equal(p[7], 0x34);
}

/* The 1-byte meter color keeps parser_meta's following members where DOCA has them. */
static void test_parser_meta_color_is_one_byte(void **state)
{
	struct doca_flow_parser_meta pm;
	const uint8_t *p = (const uint8_t *)&pm;

	(void)state;
	memset(&pm, 0, sizeof(pm));
	pm.meter_color = DOCA_FLOW_METER_COLOR_GREEN;
	pm.outer_l2_type = DOCA_FLOW_L2_META_SINGLE_VLAN;
	assert_int_equal(p[7], DOCA_FLOW_METER_COLOR_GREEN);
	assert_int_equal(*(const uint32_t *)(p + 8), DOCA_FLOW_L2_META_SINGLE_VLAN);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	        cmocka_unit_test(test_ordered_list_element_members_are_distinct),
	        cmocka_unit_test(test_push_vlan_layout),
	        cmocka_unit_test(test_parser_meta_color_is_one_byte),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
