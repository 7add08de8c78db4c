/* SPDX-License-Identifier: BSD-3-Clause
 * A small "application" for the `softdpa stats` tests (not installed):
 *
 *   stats_test_app dump FILE   open port 0, receive 3 frames, write softdpa_stats_dump()
 *   stats_test_app serve       the same traffic, then serve SOFTDPA_STATS until one
 *                              client has read a dump (at most 30 s), and exit
 *
 * Both also register a "demo" section to show what another layer's section looks like.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <softdpa.h>

#include "core/stats.h"
#include "io/port.h"

static void dump_demo(void *arg, FILE *out)
{
	fprintf(out, "{\"pipe\":\"ROOT\",\"type\":\"basic\",\"entries\":%d}\n", *(int *)arg);
	fprintf(out, "{\"pipe\":\"HASH_PIPE\",\"type\":\"hash\",\"entries\":64}\n");
}

static int traffic(void)
{
	uint8_t frame[64];
	struct sdpa_pkt *pkts[8];
	uint16_t n;

	if (sdpa_port_open(0) != DOCA_SUCCESS)
		return -1;
	for (int i = 0; i < 3; i++) {
		memset(frame, i, sizeof(frame));
		if (softdpa_port_inject(0, frame, sizeof(frame)) != DOCA_SUCCESS)
			return -1;
	}
	n = sdpa_port_rx_burst(0, pkts, 8);
	sdpa_port_rx_release(0, n);
	return n == 3 ? 0 : -1;
}

int main(int argc, char **argv)
{
	static int entries = 2;
	struct timespec ts = {.tv_nsec = 10 * 1000 * 1000};
	FILE *f;

	if (argc < 2 || traffic() != 0 ||
	    sdpa_stats_register("demo", dump_demo, &entries) != DOCA_SUCCESS) {
		fprintf(stderr, "stats_test_app: setup failed\n");
		return 1;
	}
	if (strcmp(argv[1], "dump") == 0 && argc == 3) {
		f = fopen(argv[2], "w");
		if (f == NULL || softdpa_stats_dump(f) != DOCA_SUCCESS)
			return 1;
		return fclose(f) == 0 ? 0 : 1;
	}
	if (strcmp(argv[1], "serve") == 0) {
		sdpa_stats_maybe_start();
		if (sdpa_stats_socket_path() == NULL) {
			fprintf(stderr, "stats_test_app: SOFTDPA_STATS is not served\n");
			return 1;
		}
		for (int i = 0; i < 3000 && sdpa_stats_served() == 0; i++)
			nanosleep(&ts, NULL);
		/* exit() runs the registry's atexit hook: thread joined, socket removed. */
		return sdpa_stats_served() > 0 ? 0 : 1;
	}
	fprintf(stderr, "usage: stats_test_app dump FILE | serve\n");
	return 2;
}
