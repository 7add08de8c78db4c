/* SPDX-License-Identifier: BSD-3-Clause
 * The "pipes" section of a stats dump (softdpa stats, docs/CLI.md): one line per DOCA Flow
 * pipe of every port, in creation order, with its type and its entries. Registered while
 * DOCA Flow is initialised.
 *
 * The callback runs in the stats server thread with the registry lock held, and must not
 * block: it only tries the control-plane lock, for at most ~50 ms, and says so when DOCA
 * Flow stays busy. doca_flow_init/destroy call register/unregister outside that lock.
 */
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "core/stats.h"
#include "nic/flow_priv.h"

static const char *pipe_type_name(enum doca_flow_pipe_type t)
{
	switch (t) {
	case DOCA_FLOW_PIPE_BASIC:
		return "basic";
	case DOCA_FLOW_PIPE_CONTROL:
		return "control";
	case DOCA_FLOW_PIPE_LPM:
		return "lpm";
	case DOCA_FLOW_PIPE_CT:
		return "ct";
	case DOCA_FLOW_PIPE_ACL:
		return "acl";
	case DOCA_FLOW_PIPE_ORDERED_LIST:
		return "ordered_list";
	case DOCA_FLOW_PIPE_HASH:
		return "hash";
	default:
		return "other";
	}
}

static int by_id(const void *a, const void *b)
{
	const struct doca_flow_pipe *x = *(const struct doca_flow_pipe *const *)a;
	const struct doca_flow_pipe *y = *(const struct doca_flow_pipe *const *)b;

	return x->id < y->id ? -1 : x->id > y->id;
}

static void dump_pipes(void *arg, FILE *out)
{
	const struct timespec ms = {.tv_nsec = 1000000};
	struct doca_flow_pipe **all = NULL;
	size_t n = 0, cap = 0;

	(void)arg;
	for (int i = 0; pthread_mutex_trylock(&flow_g.lock) != 0; i++) {
		if (i == 50) {
			fprintf(out, "{\"text\":\"DOCA Flow's control plane stayed busy for 50 ms; "
			             "pipes not listed, ask again\"}\n");
			return;
		}
		nanosleep(&ms, NULL);
	}
	for (int port = 0; port < SDPA_MAX_PORTS; port++) {
		struct doca_flow_port *p = sdpa_load_relaxed(&flow_g.ports[port]);

		if (p == NULL)
			continue;
		n = 0;
		for (struct doca_flow_pipe *pipe = p->pipes; pipe != NULL; pipe = pipe->next) {
			if (n == cap) {
				size_t c = cap ? cap * 2 : 64;
				struct doca_flow_pipe **a = realloc(all, c * sizeof(*a));

				if (a == NULL)
					break;
				all = a;
				cap = c;
			}
			all[n++] = pipe;
		}
		if (n > 1) /* qsort wants a non-NULL array even for 0 elements */
			qsort(all, n, sizeof(*all), by_id);
		for (size_t k = 0; k < n; k++) {
			const struct doca_flow_pipe *pipe = all[k];

			fprintf(out, "{\"port\":%d,\"pipe\":", port);
			sdpa_stats_json_str(out, pipe->name);
			fprintf(out,
			        ",\"type\":\"%s\",\"root\":%s,\"entries\":%u,\"max_entries\":%u}\n",
			        pipe_type_name(pipe->type), pipe->is_root ? "true" : "false",
			        pipe->nr_cur, pipe->nr_entries);
		}
	}
	pthread_mutex_unlock(&flow_g.lock);
	free(all);
}

/* Frames whose parse found a problem, by the first one (enum sdpa_pkt_error): one block
 * per worker, a single writer each. */
static struct {
	sdpa_atomic_u64 n[SDPA_PKT_ERR_COUNT];
} perr[SDPA_FLOW_NW];

void sdpa_parse_err_count(uint32_t w, uint32_t err)
{
	if (w < SDPA_FLOW_NW && err > 0 && err < SDPA_PKT_ERR_COUNT)
		sdpa_counter_add(&perr[w].n[err], 1);
}

/* The "parser" section: one record per reason seen, e.g.
 * {"parser_error":"esp header truncated","frames":1}. */
static void dump_parser(void *arg, FILE *out)
{
	(void)arg;
	for (uint32_t e = 1; e < SDPA_PKT_ERR_COUNT; e++) {
		uint64_t v = 0;

		for (uint32_t w = 0; w < SDPA_FLOW_NW; w++)
			v += sdpa_load_relaxed(&perr[w].n[e]);
		if (v == 0)
			continue;
		fprintf(out, "{\"parser_error\":");
		sdpa_stats_json_str(out, sdpa_pkt_error_name(e));
		fprintf(out, ",\"frames\":%llu}\n", (unsigned long long)v);
	}
}

uint64_t sdpa_parse_err_get(uint32_t err)
{
	uint64_t v = 0;

	if (err >= SDPA_PKT_ERR_COUNT)
		return 0;
	for (uint32_t w = 0; w < SDPA_FLOW_NW; w++)
		v += sdpa_load_relaxed(&perr[w].n[err]);
	return v;
}

void sdpa_flow_stats_register(void)
{
	memset(perr, 0, sizeof(perr));
	(void)sdpa_stats_register("pipes", dump_pipes, NULL);
	(void)sdpa_stats_register("parser", dump_parser, NULL);
	sdpa_tun_stats_register();
}

void sdpa_flow_stats_unregister(void)
{
	(void)sdpa_stats_unregister("pipes");
	(void)sdpa_stats_unregister("parser");
	sdpa_tun_stats_unregister();
}
