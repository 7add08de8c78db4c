/* SPDX-License-Identifier: BSD-3-Clause
 * Path failover: what the host program and the DPA kernel share. Plain fixed-width types
 * only, so both compilers (the host's and the device's) agree on every layout.
 */
#ifndef FAILOVER_COMMON_H
#define FAILOVER_COMMON_H

#include <stdint.h>

enum {
	FO_NR_ENTRIES = 16, /* hash pipe entries (each a bucket of flows) */
	FO_NR_LINKS = 4,    /* uplink paths; a UDP source port picks one */
	FO_MAX_EVENTS = 64, /* re-path events the kernel records */
};

/* The path-selector value of entry 'entry' on link 'link': 0xC000 | link << 8 | entry. The
 * fabric hashes the source port to pick a path, so a new port is a new path. Encoding
 * the entry and the link in it lets anyone read a capture and tell who went where. */
static inline uint16_t fo_sport(uint32_t link, uint32_t entry)
{
	return (uint16_t)(0xC000u | (link & 0x3fu) << 8 | (entry & 0xffu));
}

/* Each entry's own link while it is up. */
static inline uint32_t fo_home_link(uint32_t entry)
{
	return entry % FO_NR_LINKS;
}

/* The link entry 'entry' should use when the links whose bit is set in 'up_mask' are up:
 * its home link if up, else the (entry / FO_NR_LINKS)-th up link, so the displaced
 * entries spread over the survivors. FO_NR_LINKS when no link is up. The kernel re-paths
 * with this rule and the host's checker predicts with it. */
static inline uint32_t fo_pick_link(uint32_t entry, uint32_t up_mask)
{
	uint32_t up[FO_NR_LINKS], n = 0;

	if (up_mask & (1u << fo_home_link(entry)))
		return fo_home_link(entry);
	for (uint32_t l = 0; l < FO_NR_LINKS; l++)
		if (up_mask & (1u << l))
			up[n++] = l;
	return n == 0 ? FO_NR_LINKS : up[(entry / FO_NR_LINKS) % n];
}

/* The link table in host memory; the kernel reads it through a window. One 64-bit word so
 * that a reader sees the up mask and its generation from the same write, never a mix:
 * bits 0..15 up mask (bit l = link l up), bit 31 stop, bits 32..63 generation. */
struct fo_links {
	uint64_t word;
} __attribute__((aligned(64)));

#define FO_LINKS_STOP          (1ull << 31)
#define FO_LINKS_UP(w)         ((uint32_t)((w)&0xffffu))
#define FO_LINKS_GEN(w)        ((uint32_t)((w) >> 32))
#define FO_LINKS_WORD(gen, up) ((uint64_t)(gen) << 32 | ((up)&0xffffu))

/* One replace_index the kernel posted. */
struct fo_event {
	uint32_t gen;   /* the link-table generation that caused it */
	uint32_t entry; /* hash pipe index */
	uint16_t from;  /* old source port */
	uint16_t to;    /* new source port */
};

/* The report in host memory; the kernel writes it through a window (writeback), then
 * sets the ack sync event to the generation it describes. */
struct fo_report {
	uint32_t gen;       /* last generation handled */
	uint32_t posted;    /* replace requests accepted */
	uint32_t completed; /* completions polled (failures included) */
	uint32_t failed;    /* of which failed */
	uint32_t again;     /* posts refused with AGAIN (queue full), retried */
	uint32_t refused;   /* posts refused with any other error */
	uint32_t no_path;   /* entries left as they were: no link up */
	uint32_t nr_events;
	uint16_t sport[FO_NR_ENTRIES]; /* each entry's current source port */
	struct fo_event ev[FO_MAX_EVENTS];
} __attribute__((aligned(64)));

#endif
