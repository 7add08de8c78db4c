/* SPDX-License-Identifier: BSD-3-Clause
 * The unix wire: a listening SOCK_SEQPACKET socket whose one connected peer is the cable.
 * Frames the peer sends arrive on the wire whole and in order, frames the wire sends come
 * out at the peer, a peer that connected before the first transmission gets it, frames
 * sent with no peer are counted as errors, a new peer replaces one that hung up, and the
 * path is checked (not a socket, in use) and removed at close. Needs no privilege.
 */
#include <errno.h>
#include <poll.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/un.h>
#include <unistd.h>

#include "io/wire.h"
#include "t_helpers.h"

static int peer_connect(const char *path)
{
	struct sockaddr_un a = {.sun_family = AF_UNIX};
	int fd = socket(AF_UNIX, SOCK_SEQPACKET | SOCK_CLOEXEC, 0);

	assert_true(fd >= 0);
	assert_true(strlen(path) < sizeof(a.sun_path));
	memcpy(a.sun_path, path, strlen(path) + 1);
	assert_int_equal(connect(fd, (struct sockaddr *)&a, sizeof(a)), 0);
	return fd;
}

/* Poll the wire's RX until 'want' frames were taken (or 2 s pass); copies them out. */
static uint16_t rx_frames(struct sdpa_wire *w, uint8_t out[][64], uint32_t *lens, uint16_t want)
{
	uint16_t got = 0;

	for (int spins = 0; got < want && spins < 2000; spins++) {
		struct sdpa_pkt *pkts[SDPA_WIRE_BURST_MAX];
		uint16_t n = sdpa_wire_rx_burst(w, pkts, SDPA_WIRE_BURST_MAX);

		for (uint16_t i = 0; i < n && got < want; i++) {
			assert_int_equal(pkts[i]->in_port, 5);
			assert_true(pkts[i]->headroom >= SDPA_PKT_HEADROOM);
			lens[got] = pkts[i]->len;
			memcpy(out[got++], pkts[i]->data, pkts[i]->len < 64 ? pkts[i]->len : 64);
		}
		w->ops->rx_release(w, n);
		if (n == 0)
			usleep(1000);
	}
	return got;
}

static uint16_t tx_one(struct sdpa_wire *w, const char *text)
{
	uint8_t buf[SDPA_PKT_HEADROOM + 64];
	struct sdpa_pkt p = {
	        .data = buf + SDPA_PKT_HEADROOM, .cap = 64, .headroom = SDPA_PKT_HEADROOM};
	struct sdpa_pkt *pp = &p;

	p.len = (uint32_t)strlen(text);
	memcpy(p.data, text, p.len);
	return w->ops->tx_burst(w, 0, &pp, 1);
}

static void peer_expect(int fd, const char *text)
{
	char buf[128];
	struct pollfd pfd = {.fd = fd, .events = POLLIN};
	ssize_t n;

	assert_int_equal(poll(&pfd, 1, 2000), 1);
	n = recv(fd, buf, sizeof(buf), 0);
	assert_int_equal(n, (ssize_t)strlen(text));
	assert_memory_equal(buf, text, (size_t)n);
}

static void test_frames_both_ways(void **state)
{
	char path[512];
	struct sdpa_wire *w = NULL;
	uint8_t got[4][64];
	uint32_t lens[4];
	struct stat st;
	int fd;

	(void)state;
	t_path(path, sizeof(path), "port5.sock");
	assert_int_equal(sdpa_wire_create(path, 5, &w), DOCA_ERROR_INVALID_VALUE); /* no "unix:" */
	{
		char spec[600];

		snprintf(spec, sizeof(spec), "unix:%s", path);
		assert_int_equal(sdpa_wire_create(spec, 5, &w), DOCA_SUCCESS);
	}
	assert_int_equal(w->kind, SDPA_WIRE_UNIX);
	assert_string_equal(w->ops->name, "unix");
	assert_int_equal(stat(path, &st), 0);
	assert_true(S_ISSOCK(st.st_mode));

	/* No peer yet: a transmitted frame is lost and counted. */
	assert_int_equal(tx_one(w, "lost"), 1);
	assert_int_equal(sdpa_load_relaxed(&w->ctr.tx_errors), 1);
	assert_int_equal(sdpa_wire_rx_burst(w, (struct sdpa_pkt *[1]){0}, 1), 0);

	/* A peer that connected before the wire transmits gets the frame. */
	fd = peer_connect(path);
	assert_int_equal(tx_one(w, "first"), 1);
	peer_expect(fd, "first");
	assert_int_equal(sdpa_load_relaxed(&w->ctr.tx_frames), 1);

	/* The peer's messages arrive whole, in order. */
	assert_int_equal(send(fd, "abc", 3, 0), 3);
	assert_int_equal(send(fd, "defgh", 5, 0), 5);
	assert_int_equal(rx_frames(w, got, lens, 2), 2);
	assert_int_equal(lens[0], 3);
	assert_memory_equal(got[0], "abc", 3);
	assert_int_equal(lens[1], 5);
	assert_memory_equal(got[1], "defgh", 5);

	/* The peer hangs up: a new one takes its place. */
	close(fd);
	assert_int_equal(rx_frames(w, got, lens, 1), 0);
	fd = peer_connect(path);
	assert_int_equal(send(fd, "again", 5, 0), 5);
	assert_int_equal(rx_frames(w, got, lens, 1), 1);
	assert_memory_equal(got[0], "again", 5);
	assert_int_equal(tx_one(w, "back"), 1);
	peer_expect(fd, "back");
	close(fd);

	sdpa_wire_close(w);
	assert_int_equal(stat(path, &st), -1); /* the socket file is gone */
}

static void test_path_checks(void **state)
{
	char path[512], spec[600];
	struct sdpa_wire *w = NULL, *w2 = NULL;
	FILE *f;

	(void)state;
	/* Not a socket: refused, and the file is left alone. */
	t_path(path, sizeof(path), "plain.file");
	f = fopen(path, "w");
	assert_non_null(f);
	fclose(f);
	snprintf(spec, sizeof(spec), "unix:%s", path);
	t_log_reset();
	assert_int_equal(sdpa_wire_create(spec, 5, &w), DOCA_ERROR_INVALID_VALUE);
	t_assert_logged("is not a socket");
	assert_int_equal(access(path, F_OK), 0);
	unlink(path);

	/* A live listener at the path: IN_USE. A stale socket file is replaced. */
	t_path(path, sizeof(path), "twice.sock");
	snprintf(spec, sizeof(spec), "unix:%s", path);
	assert_int_equal(sdpa_wire_create(spec, 5, &w), DOCA_SUCCESS);
	t_log_reset();
	assert_int_equal(sdpa_wire_create(spec, 6, &w2), DOCA_ERROR_IN_USE);
	t_assert_logged("is in use");
	sdpa_wire_close(w);
	{
		struct sockaddr_un a = {.sun_family = AF_UNIX};
		int fd = socket(AF_UNIX, SOCK_SEQPACKET, 0);

		assert_true(strlen(path) < sizeof(a.sun_path));
		memcpy(a.sun_path, path, strlen(path) + 1);
		assert_int_equal(bind(fd, (struct sockaddr *)&a, sizeof(a)), 0);
		close(fd); /* bound, never listening, owner gone: stale */
	}
	assert_int_equal(sdpa_wire_create(spec, 5, &w), DOCA_SUCCESS);
	sdpa_wire_close(w);

	/* Missing directory; syntax. */
	t_log_reset();
	assert_int_equal(sdpa_wire_create("unix:/nonexistent-dir/x.sock", 5, &w),
	                 DOCA_ERROR_INVALID_VALUE);
	t_assert_logged("cannot bind '/nonexistent-dir/x.sock'");
	{
		struct sdpa_wire_spec s;
		char longp[200];

		assert_int_equal(sdpa_wire_spec_parse("unix:/tmp/a.sock", "t", &s), DOCA_SUCCESS);
		assert_int_equal(s.kind, SDPA_WIRE_UNIX);
		assert_string_equal(s.path, "/tmp/a.sock");
		assert_int_equal(sdpa_wire_spec_parse("unix:", "t", &s), DOCA_ERROR_INVALID_VALUE);
		memset(longp, 'a', sizeof(longp));
		memcpy(longp, "unix:", 5);
		longp[sizeof(longp) - 1] = '\0';
		assert_int_equal(sdpa_wire_spec_parse(longp, "t", &s), DOCA_ERROR_INVALID_VALUE);
		assert_string_equal(sdpa_wire_kind_name(SDPA_WIRE_UNIX), "unix");
	}
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	        cmocka_unit_test(test_frames_both_ways),
	        cmocka_unit_test(test_path_checks),
	};

	int r = cmocka_run_group_tests(tests, NULL, NULL);

	t_rmdir_r(t_tmpdir());
	return r;
}
