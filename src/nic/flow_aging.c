/* SPDX-License-Identifier: BSD-3-Clause
 * DOCA Flow aging on the emulated NIC. An entry with an aging time (monitor.aging_sec of
 * the entry, else of its pipe) remembers when a packet last hit it, on the NIC clock
 * (core/nic_clock.h), from its add on. doca_flow_aging_handle(port, queue, ...) reports,
 * through the entry callback with op DOCA_FLOW_ENTRY_OP_AGED and status SUCCESS, every
 * entry of that port added on that queue that no packet hit for at least aging_sec seconds
 * (exactly aging_sec counts as aged), once per entry; the entry stays in its pipe (and
 * keeps forwarding) until the application removes it, usually from the callback.
 *
 * One call scans the port's entries to the end: it returns the number reported, and -1
 * when it found none (a full cycle with nothing left). max_entries bounds the number one
 * call reports (the next call goes on); quota needs no slicing here and is not used.
 */
#include <stdlib.h>

#include "core/log.h"
#include "core/nic_clock.h"
#include "nic/flow_priv.h"

SDPA_LOG_REGISTER(nic_flow_aging);

#define NS_PER_S 1000000000ull

struct aged {
	struct doca_flow_pipe_entry *e;
	void *usr_ctx;
};

DOCA_STABLE int doca_flow_aging_handle(struct doca_flow_port *port, uint16_t queue, uint64_t quota,
                                       uint64_t max_entries)
{
	static const char who[] = "doca_flow_aging_handle";
	struct aged *list = NULL;
	size_t n = 0, cap = 0;
	doca_flow_entry_process_cb cb;
	uint64_t now;

	(void)quota;
	pthread_mutex_lock(&flow_g.lock);
	if (!flow_g.inited || !sdpa_flow_port_valid(port) || queue >= flow_g.pipe_queues) {
		pthread_mutex_unlock(&flow_g.lock);
		DOCA_LOG_ERR("%s: %s; pass a started port and a queue below the number of pipe "
		             "queues",
		             who,
		             !flow_g.inited                ? "DOCA Flow is not initialised"
		             : !sdpa_flow_port_valid(port) ? "not a started port"
		                                           : "queue out of range");
		return -1;
	}
	now = sdpa_nic_now_ns();
	for (struct doca_flow_pipe *p = port->pipes; p != NULL; p = p->next) {
		for (struct doca_flow_pipe_entry *e = p->entries; e != NULL; e = e->next) {
			const struct sdpa_entry_data *d = sdpa_load_relaxed(&e->data);
			uint64_t last = d ? sdpa_load_relaxed(sdpa_entry_last_hit(p, e, d)) : 0;

			/* Only entries in the table age: a buffered or failed add has no
			 * hardware rule to age yet. */
			if (d == NULL || d->aging_sec == 0 || e->aged || e->removing || !e->in_hw ||
			    e->queue != queue || now < last ||
			    now - last < (uint64_t)d->aging_sec * NS_PER_S)
				continue;
			if (max_entries != 0 && n >= max_entries)
				goto scanned;
			if (n == cap) {
				size_t nc = cap ? cap * 2 : 64;
				struct aged *nl = realloc(list, nc * sizeof(*nl));

				if (nl == NULL) {
					DOCA_LOG_ERR(
					        "%s: out of memory; the rest is reported by the "
					        "next call",
					        who);
					goto scanned;
				}
				list = nl;
				cap = nc;
			}
			e->aged = true;
			list[n].e = e;
			list[n].usr_ctx = e->usr_ctx;
			n++;
		}
	}
scanned:
	cb = flow_g.entry_cb;
	pthread_mutex_unlock(&flow_g.lock);
	/* Outside the lock: the callback may remove the entry (NVIDIA's flow_aging does). */
	for (size_t i = 0; i < n; i++)
		if (cb != NULL)
			cb(list[i].e, queue, DOCA_FLOW_ENTRY_STATUS_SUCCESS,
			   DOCA_FLOW_ENTRY_OP_AGED, list[i].usr_ctx);
	free(list);
	return n == 0 ? -1 : (int)(n > INT32_MAX ? INT32_MAX : n);
}
