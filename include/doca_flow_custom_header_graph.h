/* SPDX-License-Identifier: BSD-3-Clause */
/**
 * @file
 * softdpa — doca_flow_custom_header_graph.h: the DOCA Flow parse graph that custom
 * headers are placed in, as DOCA 3.x declares it.
 *
 * Arcs join a known protocol node (UDP with a given port, IP with a given protocol, ...)
 * or a custom header to the next header; a graph is then bound to each device whose ports
 * are to parse the custom headers. softdpa's parser is fixed: the parse graph is not
 * emulated. Each call checks its arguments like DOCA (DOCA_ERROR_INVALID_VALUE, one log
 * line naming the argument), then answers DOCA_ERROR_NOT_SUPPORTED and logs one
 * rate-limited line naming itself.
 */
#ifndef DOCA_FLOW_CUSTOM_HEADER_GRAPH_H_
#define DOCA_FLOW_CUSTOM_HEADER_GRAPH_H_

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#include <doca_compat.h>
#include <doca_error.h>

#ifdef __cplusplus
extern "C" {
#endif

struct doca_dev;

/**
 * @brief A custom header (opaque, see doca_flow_custom_header.h).
 */
struct doca_flow_custom_header;

/**
 * @brief A parse graph (opaque).
 */
struct doca_flow_custom_header_graph;

/**
 * @brief An arc of a parse graph (opaque).
 */
struct doca_flow_custom_header_graph_arc;

/**
 * @brief Create an empty parse graph.
 *
 * @param [out] graph
 * The new graph.
 * @return
 * DOCA_SUCCESS on success;
 * DOCA_ERROR_INVALID_VALUE when graph is NULL;
 * DOCA_ERROR_NOT_SUPPORTED otherwise.
 * @note softdpa does not emulate the parse graph: nothing is created.
 */
DOCA_EXPERIMENTAL doca_error_t
doca_flow_custom_header_graph_create(struct doca_flow_custom_header_graph **graph);

/**
 * @brief Program a graph into a device; a bound graph can no longer change. A graph may
 * be bound to several devices, and a device may hold several graphs.
 *
 * @param [in] graph
 * The graph.
 * @param [in] dev
 * The device.
 * @return
 * DOCA_SUCCESS on success;
 * DOCA_ERROR_INVALID_VALUE when graph or dev is NULL;
 * DOCA_ERROR_NOT_SUPPORTED otherwise (the parse graph is not emulated).
 */
DOCA_EXPERIMENTAL doca_error_t doca_flow_custom_header_graph_bind(
        struct doca_flow_custom_header_graph *graph, struct doca_dev *dev);

/**
 * @brief Remove a graph from every device it was bound to; no DOCA Flow port of those
 * devices may be running.
 *
 * @param [in] graph
 * The graph.
 * @return
 * DOCA_SUCCESS on success;
 * DOCA_ERROR_INVALID_VALUE when graph is NULL;
 * DOCA_ERROR_NOT_SUPPORTED otherwise (the parse graph is not emulated).
 */
DOCA_EXPERIMENTAL doca_error_t
doca_flow_custom_header_graph_unbind(struct doca_flow_custom_header_graph *graph);

/**
 * @brief Destroy an unbound graph.
 *
 * @param [in] graph
 * The graph.
 * @return
 * DOCA_SUCCESS on success;
 * DOCA_ERROR_INVALID_VALUE when graph is NULL;
 * DOCA_ERROR_NOT_SUPPORTED otherwise (the parse graph is not emulated).
 */
DOCA_EXPERIMENTAL doca_error_t
doca_flow_custom_header_graph_destroy(struct doca_flow_custom_header_graph *graph);

/**
 * @brief Add an arc to a graph.
 *
 * @param [in] graph
 * The graph.
 * @param [out] arc
 * The new arc.
 * @return
 * DOCA_SUCCESS on success;
 * DOCA_ERROR_INVALID_VALUE when graph or arc is NULL;
 * DOCA_ERROR_NOT_SUPPORTED otherwise (the parse graph is not emulated).
 */
DOCA_EXPERIMENTAL doca_error_t
doca_flow_custom_header_graph_arc_create(struct doca_flow_custom_header_graph *graph,
                                         struct doca_flow_custom_header_graph_arc **arc);

/**
 * @brief Destroy an arc, releasing the custom headers it refers to.
 *
 * @param [in] arc
 * The arc.
 * @return
 * DOCA_SUCCESS on success;
 * DOCA_ERROR_INVALID_VALUE when arc is NULL;
 * DOCA_ERROR_NOT_SUPPORTED otherwise (the parse graph is not emulated).
 */
DOCA_EXPERIMENTAL doca_error_t
doca_flow_custom_header_graph_arc_destroy(struct doca_flow_custom_header_graph_arc *arc);

/**
 * @brief Kinds of parse graph node an arc can start from or lead to.
 */
enum doca_flow_custom_header_graph_node_type {
	DOCA_FLOW_CUSTOM_HEADER_GRAPH_NODE_MAC = 5,        /**< Ethernet */
	DOCA_FLOW_CUSTOM_HEADER_GRAPH_NODE_IP = 10,        /**< IPv4 or IPv6 */
	DOCA_FLOW_CUSTOM_HEADER_GRAPH_NODE_IPV4 = 11,      /**< IPv4 */
	DOCA_FLOW_CUSTOM_HEADER_GRAPH_NODE_IPV6 = 12,      /**< IPv6 */
	DOCA_FLOW_CUSTOM_HEADER_GRAPH_NODE_GRE = 15,       /**< GRE */
	DOCA_FLOW_CUSTOM_HEADER_GRAPH_NODE_UDP = 20,       /**< UDP */
	DOCA_FLOW_CUSTOM_HEADER_GRAPH_NODE_MPLS = 25,      /**< MPLS */
	DOCA_FLOW_CUSTOM_HEADER_GRAPH_NODE_TCP = 30,       /**< TCP */
	DOCA_FLOW_CUSTOM_HEADER_GRAPH_NODE_VXLAN_GPE = 35, /**< VXLAN-GPE */
	DOCA_FLOW_CUSTOM_HEADER_GRAPH_NODE_GENEVE = 40,    /**< GENEVE */
	DOCA_FLOW_CUSTOM_HEADER_GRAPH_NODE_IPSEC_ESP = 45, /**< IPsec ESP */
	DOCA_FLOW_CUSTOM_HEADER_GRAPH_NODE_PSP = 50,       /**< PSP */
	DOCA_FLOW_CUSTOM_HEADER_GRAPH_NODE_FLEX = 55,      /**< a custom header */
};

/**
 * @brief Set where an arc starts, and the value of that node's next-header field that
 * leads along it.
 *
 * @param [in] arc
 * The arc.
 * @param [in] node_type
 * The source node.
 * @param [in] field_data
 * The next-header value (e.g. the UDP destination port) that selects this arc.
 * @param [in] custom_header
 * The source custom header when node_type is DOCA_FLOW_CUSTOM_HEADER_GRAPH_NODE_FLEX.
 * @return
 * DOCA_SUCCESS on success;
 * DOCA_ERROR_INVALID_VALUE when arc is NULL, node_type is not one of the enum's values, or
 * node_type is FLEX and custom_header is NULL;
 * DOCA_ERROR_NOT_SUPPORTED otherwise (the parse graph is not emulated).
 */
DOCA_EXPERIMENTAL doca_error_t doca_flow_custom_header_graph_arc_set_src(
        struct doca_flow_custom_header_graph_arc *arc,
        enum doca_flow_custom_header_graph_node_type node_type, uint32_t field_data,
        struct doca_flow_custom_header *custom_header);

/**
 * @brief Set where an arc leads.
 *
 * @param [in] arc
 * The arc.
 * @param [in] node_type
 * The destination node.
 * @param [in] custom_header
 * The destination custom header when node_type is DOCA_FLOW_CUSTOM_HEADER_GRAPH_NODE_FLEX.
 * @return
 * DOCA_SUCCESS on success;
 * DOCA_ERROR_INVALID_VALUE when arc is NULL, node_type is not one of the enum's values, or
 * node_type is FLEX and custom_header is NULL;
 * DOCA_ERROR_NOT_SUPPORTED otherwise (the parse graph is not emulated).
 */
DOCA_EXPERIMENTAL doca_error_t
doca_flow_custom_header_graph_arc_set_dst(struct doca_flow_custom_header_graph_arc *arc,
                                          enum doca_flow_custom_header_graph_node_type node_type,
                                          struct doca_flow_custom_header *custom_header);

/**
 * @brief Mark an arc as entering a tunnel: the headers after it count as inner headers.
 *
 * @param [in] arc
 * The arc.
 * @param [in] start_tunnel
 * Whether the source node is a tunnel header.
 * @return
 * DOCA_SUCCESS on success;
 * DOCA_ERROR_INVALID_VALUE when arc is NULL;
 * DOCA_ERROR_NOT_SUPPORTED otherwise (the parse graph is not emulated).
 */
DOCA_EXPERIMENTAL doca_error_t doca_flow_custom_header_graph_arc_set_transition(
        struct doca_flow_custom_header_graph_arc *arc, bool start_tunnel);

#ifdef __cplusplus
} /* extern "C" */
#endif

#endif /* DOCA_FLOW_CUSTOM_HEADER_GRAPH_H_ */
