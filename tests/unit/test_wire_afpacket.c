/* SPDX-License-Identifier: BSD-3-Clause
 * The afpacket wire on a veth pair in a private network namespace: frames sent on one
 * end arrive on the wire at the other, frames the wire sends come out of the peer, and
 * the wire never reads back its own transmissions. Needs root (CAP_SYS_ADMIN for
 * unshare, CAP_NET_ADMIN for ip, CAP_NET_RAW); otherwise it says why and skips (77).
 */
#include <arpa/inet.h>
#include <errno.h>
#include <linux/if_packet.h>
#include <net/ethernet.h>
#include <net/if.h>
#include <poll.h>
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/socket.h>
#include <time.h>
#include <unistd.h>

#include "io/wire.h"
#include "t_helpers.h"

enum { ETHERTYPE_TEST = 0x88b5 };

static int peer_fd = -1;       /* raw socket on vb */
static struct sdpa_wire *wire; /* afpacket on va */

/* A test frame: broadcast dst, fixed src, ethertype 0x88b5, 'tag' then a pattern. */
static void make_frame(uint8_t *f, uint32_t len, uint32_t tag)
{
	memset(f, 0xff, 6);
	memcpy(f + 6, "\x02\x00\x00\x00\x00\x0b", 6);
	f[12] = ETHERTYPE_TEST >> 8;
	f[13] = ETHERTYPE_TEST & 0xff;
	f[14] = (uint8_t)(tag >> 24);
	f[15] = (uint8_t)(tag >> 16);
	f[16] = (uint8_t)(tag >> 8);
	f[17] = (uint8_t)tag;
	for (uint32_t i = 18; i < len; i++)
		f[i] = (uint8_t)(tag + i);
}

static uint32_t frame_tag(const uint8_t *f, uint32_t len, uint32_t ethertype_at)
{
	if (len < ethertype_at + 6 || f[ethertype_at] != (ETHERTYPE_TEST >> 8) ||
	    f[ethertype_at + 1] != (ETHERTYPE_TEST & 0xff))
		return 0;
	return (uint32_t)f[ethertype_at + 2] << 24 | (uint32_t)f[ethertype_at + 3] << 16 |
	       (uint32_t)f[ethertype_at + 4] << 8 | f[ethertype_at + 5];
}

static double now_s(void)
{
	struct timespec t;

	clock_gettime(CLOCK_MONOTONIC, &t);
	return (double)t.tv_sec + (double)t.tv_nsec / 1e9;
}

/* Both ends of a veth pair are RUNNING once it has carrier. Asked of the kernel, not of
 * /sys/class/net, which still shows the namespace it was mounted in. */
static bool carrier(const char *ifname)
{
	struct ifreq ifr = {0};
	int fd = socket(AF_INET, SOCK_DGRAM, 0);
	bool up = true; /* cannot ask: nothing to wait for */

	if (fd < 0)
		return up;
	snprintf(ifr.ifr_name, sizeof(ifr.ifr_name), "%s", ifname);
	if (ioctl(fd, SIOCGIFFLAGS, &ifr) == 0)
		up = (ifr.ifr_flags & IFF_RUNNING) != 0;
	close(fd);
	return up;
}

static void peer_send(const uint8_t *f, uint32_t len)
{
	assert_int_equal(send(peer_fd, f, len, 0), (ssize_t)len);
}

/* Poll the wire for up to 'secs' for a test frame carrying 'tag' (others are released
 * and skipped). Copies it into out; returns its length or 0. */
static uint32_t wire_wait(uint32_t tag, uint8_t *out, double secs, uint32_t ethertype_at)
{
	struct sdpa_pkt *pkts[SDPA_WIRE_BURST_MAX];
	double end = now_s() + secs;
	uint32_t found = 0;

	while (found == 0 && now_s() < end) {
		uint16_t k = sdpa_wire_rx_burst(wire, pkts, SDPA_WIRE_BURST_MAX);

		for (uint16_t i = 0; i < k; i++) {
			assert_int_equal(pkts[i]->in_port, 9);
			if (found == 0 &&
			    frame_tag(pkts[i]->data, pkts[i]->len, ethertype_at) == tag) {
				memcpy(out, pkts[i]->data, pkts[i]->len);
				found = pkts[i]->len;
			}
		}
		sdpa_wire_rx_release(wire, k);
		if (k == 0)
			usleep(1000);
	}
	return found;
}

/* Read the peer until a test frame carrying 'tag' arrives (not one the peer sent). */
static uint32_t peer_wait(uint32_t tag, uint8_t *out, double secs)
{
	double end = now_s() + secs;

	while (now_s() < end) {
		struct pollfd pfd = {.fd = peer_fd, .events = POLLIN};
		struct sockaddr_ll from = {0};
		socklen_t fl = sizeof(from);
		ssize_t n;

		if (poll(&pfd, 1, 50) <= 0)
			continue;
		n = recvfrom(peer_fd, out, SOFTDPA_FRAME_MAX, 0, (struct sockaddr *)&from, &fl);
		if (n > 0 && from.sll_pkttype != PACKET_OUTGOING &&
		    frame_tag(out, (uint32_t)n, 12) == tag)
			return (uint32_t)n;
	}
	return 0;
}

static void test_receive(void **state)
{
	uint8_t f[256], got[SOFTDPA_FRAME_MAX];
	(void)state;

	make_frame(f, 98, 0x1001);
	peer_send(f, 98);
	assert_int_equal(wire_wait(0x1001, got, 20.0, 12), 98);
	assert_memory_equal(got, f, 98);
	assert_int_equal(sdpa_load_relaxed(&wire->ctr.rx_malformed), 0);
}

static void test_receive_burst_in_order(void **state)
{
	struct sdpa_pkt *pkts[SDPA_WIRE_BURST_MAX];
	uint8_t f[128];
	uint32_t next = 0x2000, seen = 0;
	double end;
	(void)state;

	for (uint32_t i = 0; i < 40; i++) {
		make_frame(f, 64 + i, 0x2000 + i);
		peer_send(f, 64 + i);
	}
	end = now_s() + 20.0; /* returns as soon as all arrived */
	while (seen < 40 && now_s() < end) {
		uint16_t k = sdpa_wire_rx_burst(wire, pkts, SDPA_WIRE_BURST_MAX);

		for (uint16_t i = 0; i < k; i++) {
			uint32_t tag = frame_tag(pkts[i]->data, pkts[i]->len, 12);

			if (tag < 0x2000 || tag >= 0x2000 + 40)
				continue;
			assert_int_equal(tag, next);
			assert_int_equal(pkts[i]->len, 64 + (tag - 0x2000));
			next++;
			seen++;
		}
		sdpa_wire_rx_release(wire, k);
		if (k == 0)
			usleep(1000);
	}
	assert_int_equal(seen, 40);
}

static void test_transmit_not_looped_back(void **state)
{
	uint8_t f[256], got[SOFTDPA_FRAME_MAX];
	struct sdpa_pkt p = {.data = f, .len = 120, .cap = sizeof(f)};
	struct sdpa_pkt *pp = &p;
	uint64_t before = sdpa_load_relaxed(&wire->ctr.tx_frames);
	(void)state;

	make_frame(f, 120, 0x3001);
	assert_int_equal(sdpa_wire_tx_burst(wire, &pp, 1), 1);
	assert_int_equal(sdpa_load_relaxed(&wire->ctr.tx_frames), before + 1);
	assert_int_equal(peer_wait(0x3001, got, 20.0), 120);
	assert_memory_equal(got, f, 120);
	/* the wire must not see its own frame */
	assert_int_equal(wire_wait(0x3001, got, 0.3, 12), 0);
}

static void test_vlan_tag_kept(void **state)
{
	uint8_t f[128], got[SOFTDPA_FRAME_MAX];
	(void)state;

	/* dst, src, 802.1Q tag (VID 42, PCP 5), then the test ethertype */
	make_frame(f + 4, 80, 0x4001);
	memmove(f, f + 4, 12);
	f[12] = 0x81;
	f[13] = 0x00;
	f[14] = 0xa0;
	f[15] = 0x2a;
	peer_send(f, 84);
	assert_int_equal(wire_wait(0x4001, got, 20.0, 16), 84);
	assert_memory_equal(got, f, 84);
}

static void test_oversize_for_mtu(void **state)
{
	static uint8_t f[4000];
	struct sdpa_pkt p = {.data = f, .len = sizeof(f), .cap = sizeof(f)};
	struct sdpa_pkt *pp = &p;
	(void)state;

	/* bigger than va's 1500-byte MTU: taken, counted as a wire error, logged */
	make_frame(f, sizeof(f), 0x5001);
	t_log_reset();
	assert_int_equal(sdpa_wire_tx_burst(wire, &pp, 1), 1);
	assert_int_equal(sdpa_load_relaxed(&wire->ctr.tx_errors), 1);
	t_assert_logged("sending a 4000-byte frame on 'va' failed", "MTU");
}

static void test_missing_interface(void **state)
{
	struct sdpa_wire *w = (struct sdpa_wire *)&w;
	(void)state;

	t_log_reset();
	assert_int_equal(sdpa_wire_create("afpacket:nosuchif0", 9, &w), DOCA_ERROR_NOT_FOUND);
	assert_null(w);
	t_assert_logged("no interface 'nosuchif0'", "create it first");
}

static int skip_test(const char *why)
{
	printf("test_wire_afpacket skipped: %s\n", why);
	return T_EXIT_SKIP;
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	        cmocka_unit_test(test_receive),
	        cmocka_unit_test(test_receive_burst_in_order),
	        cmocka_unit_test(test_transmit_not_looped_back),
	        cmocka_unit_test(test_vlan_tag_kept),
	        cmocka_unit_test(test_oversize_for_mtu),
	        cmocka_unit_test(test_missing_interface),
	};
	struct sockaddr_ll sll = {0};
	FILE *f;
	int r;

	if (geteuid() != 0)
		return skip_test("needs root (unshare, ip link, raw sockets)");
	if (unshare(CLONE_NEWNET) != 0) {
		printf("unshare(CLONE_NEWNET): %s\n", strerror(errno));
		return skip_test("cannot create a private network namespace");
	}
	/* Quiet link: no IPv6 autoconfiguration chatter on the veth (best effort). */
	f = fopen("/proc/sys/net/ipv6/conf/default/disable_ipv6", "w");
	if (f != NULL) {
		fputs("1", f);
		fclose(f);
	}
	if (system("ip link add va type veth peer name vb >/dev/null 2>&1 && "
	           "ip link set va up && ip link set vb up") != 0)
		return skip_test(
		        "'ip link add va type veth peer name vb' failed (no ip tool or veth)");
	peer_fd = socket(AF_PACKET, SOCK_RAW, htons(ETH_P_ALL));
	if (peer_fd < 0)
		return skip_test("no AF_PACKET raw sockets here");
	sll.sll_family = AF_PACKET;
	sll.sll_protocol = htons(ETH_P_ALL);
	sll.sll_ifindex = (int)if_nametoindex("vb");
	if (sll.sll_ifindex == 0 || bind(peer_fd, (struct sockaddr *)&sll, sizeof(sll)) != 0)
		return skip_test("cannot bind a raw socket to vb");
	if (sdpa_wire_create("afpacket:va", 9, &wire) != DOCA_SUCCESS) {
		printf("FAIL: the afpacket wire does not open on va (see the log)\n");
		return 1; /* everything it needs is here: a real failure */
	}
	/* Frames sent before both ends have carrier are dropped: wait for it (a loaded
	 * machine may take more than a moment), then a little more for the qdiscs. */
	for (double end = now_s() + 10.0; now_s() < end && !(carrier("va") && carrier("vb"));)
		usleep(10000);
	usleep(100000);
	r = cmocka_run_group_tests(tests, NULL, NULL);
	sdpa_wire_close(wire);
	close(peer_fd);
	return r;
}
