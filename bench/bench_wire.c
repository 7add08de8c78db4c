/* SPDX-License-Identifier: BSD-3-Clause
 * Cost of moving one frame through a mem wire, in the shape of a NIC worker iteration:
 * the application injects a burst, the worker takes it (rx_burst), transmits it
 * (tx_burst) and releases it, the application drains it. Prints one JSON line per case;
 * worker_ns_per_frame is the rx_burst + tx_burst + rx_release part alone, timed per burst
 * (null for burst 1, where the clock reads would cost more than the work).
 *
 *   bench_wire [frames (default 4000000)] [frame bytes (default 64)]
 */
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#include "bench_cli.h"
#include "io/wire.h"

static double now_ns(void)
{
	struct timespec t;

	clock_gettime(CLOCK_MONOTONIC, &t);
	return (double)t.tv_sec * 1e9 + (double)t.tv_nsec;
}

static int run(const char *name, uint64_t frames, uint32_t len, int burst, int inject_drain)
{
	static uint8_t frame[SOFTDPA_FRAME_MAX], out[SOFTDPA_FRAME_MAX];
	struct sdpa_pkt *pkts[SDPA_WIRE_BURST_MAX];
	struct sdpa_wire *w;
	uint64_t moved = 0;
	double t0, t1, tw = 0, ta;
	int time_worker = burst >= 16; /* two clock reads per frame would swamp burst 1 */
	uint32_t olen;

	if (sdpa_wire_mem_create(0, SDPA_WIRE_MEM_RING_SIZE, &w) != DOCA_SUCCESS)
		return 1;
	for (uint32_t i = 0; i < len; i++)
		frame[i] = (uint8_t)i;
	/* warm up: touch every slot once, so page faults are not measured */
	for (int i = 0; i < SDPA_WIRE_MEM_RING_SIZE; i++) {
		sdpa_wire_mem_inject(w, frame, len);
		sdpa_wire_rx_burst(w, pkts, 1);
		sdpa_wire_tx_burst(w, pkts, 1);
		sdpa_wire_rx_release(w, 1);
		sdpa_wire_mem_drain(w, out, sizeof(out), &olen);
	}
	t0 = now_ns();
	while (moved < frames) {
		uint16_t k;

		for (int i = 0; i < burst; i++)
			if (sdpa_wire_mem_inject(w, frame, len) != DOCA_SUCCESS)
				return 1;
		ta = time_worker ? now_ns() : 0;
		k = sdpa_wire_rx_burst(w, pkts, (uint16_t)burst);
		if (sdpa_wire_tx_burst(w, pkts, k) != k)
			return 1;
		sdpa_wire_rx_release(w, k);
		if (time_worker)
			tw += now_ns() - ta;
		if (inject_drain)
			for (int i = 0; i < burst; i++)
				sdpa_wire_mem_drain(w, out, sizeof(out), &olen);
		else
			while (sdpa_wire_mem_drain(w, out, sizeof(out), &olen) == DOCA_SUCCESS)
				;
		moved += k;
	}
	t1 = now_ns();
	printf("{\"bench\":\"wire_mem\",\"case\":\"%s\",\"frame_bytes\":%u,\"burst\":%d,"
	       "\"frames\":%llu,\"ns_per_frame\":%s,\"mpps\":%s,\"worker_ns_per_frame\":%s}\n",
	       name, len, burst, (unsigned long long)moved,
	       bench_json(bench_div(t1 - t0, (double)moved), 1).s,
	       bench_json(bench_div((double)moved * 1e3, t1 - t0), 2).s,
	       bench_json(time_worker ? bench_div(tw, (double)moved) : NAN, 1).s);
	sdpa_wire_close(w);
	return 0;
}

static const struct bench_arg args[] = {
        {.name = "frames",
         .help = "frames moved per case",
         .unit = "a count",
         .lo = 1,
         .hi = 1000000000,
         .def = 4000000},
        {.name = "bytes",
         .help = "frame size in bytes",
         .unit = "a size",
         .lo = 1,
         .hi = SOFTDPA_FRAME_MAX,
         .def = 64},
};

static struct bench_cli cli = {
        .prog = "bench_wire",
        .about = "Cost of one frame through a mem wire (inject, rx_burst, tx_burst, release,\n"
                 "drain), at burst 32 and burst 1.",
        .output = "  case, frame_bytes, burst, frames, ns_per_frame, mpps,\n"
                  "  worker_ns_per_frame (rx + tx + release alone; null at burst 1: not timed)",
        .args = args,
        .nargs = sizeof(args) / sizeof(args[0]),
};

int main(int argc, char **argv)
{
	uint64_t frames;
	uint32_t len;

	bench_cli_start(&cli, argc, argv);
	frames = bench_cli_num(&cli, 0);
	len = (uint32_t)bench_cli_num(&cli, 1);
	return run("inject+rx+tx+drain", frames, len, 32, 1) ||
	       run("inject+rx+tx+drain", frames, len, 1, 1);
}
