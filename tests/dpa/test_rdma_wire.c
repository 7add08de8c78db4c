/* SPDX-License-Identifier: BSD-3-Clause
 * RDMA between two processes over the wire carrier (docs/DPA.md, "RDMA: the wire carrier"):
 * each test forks two children, one emulated BlueField each, which exchange their connection
 * details (and memory exports) over a socketpair, connect, and move data with DPA kernels'
 * posts -- with loss and reordering injected on the carrier, so completion proves the
 * retransmission. The test process itself creates no DOCA object (a child starts clean).
 */
#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <unistd.h>

#include <dev/doca_dpa_dev.h>
#include <doca_ctx.h>
#include <doca_dev.h>
#include <doca_dpa.h>
#include <doca_mmap.h>
#include <doca_rdma.h>
#include <doca_sync_event.h>

#include "core/util.h"
#include "dpa_t.h"
#include "dpa/dpa.h"
#include "rdma/qp.h"
#include "rdma/transport.h"

extern struct doca_dpa_app *dpa_rdma_app;
doca_dpa_func_t rdma_t_recv, rdma_t_send, rdma_t_write, rdma_t_read, rdma_t_fetch_add,
        rdma_t_signal, rdma_t_poll;

#define FULL_ACCESS                                                                                \
	(DOCA_ACCESS_FLAG_LOCAL_READ_WRITE | DOCA_ACCESS_FLAG_RDMA_READ |                          \
	 DOCA_ACCESS_FLAG_RDMA_WRITE | DOCA_ACCESS_FLAG_RDMA_ATOMIC)

/* In a child: a failed check prints where and ends the child with status 1. */
#define CK(x)                                                                                      \
	do {                                                                                       \
		if (!(x)) {                                                                        \
			fprintf(stderr, "[pid %d] %s:%d: check failed: %s\n", (int)getpid(),       \
			        __FILE__, __LINE__, #x);                                           \
			_exit(1);                                                                  \
		}                                                                                  \
	} while (0)
#define OK(call) CK((call) == DOCA_SUCCESS)

#define FOUND(v) (((v) >> 63) & 1)
#define TYPE(v)  ((unsigned int)(((v) >> 56) & 0x7f))
#define IMM(v)   ((uint32_t)(v))

enum { MSGS = 64, BIG = 10000 };

/* One emulated BlueField with one RDMA connection. */
struct node {
	struct doca_dev *dev;
	struct doca_dpa *dpa;
	struct doca_dpa_completion *comp;
	doca_dpa_dev_completion_t comp_h;
	struct doca_rdma *rdma;
	doca_dpa_dev_rdma_t h;
	struct doca_rdma_connection *conn;
	const void *details;
	size_t details_len;
};

static uint64_t rpc(struct node *n, doca_dpa_func_t *fn, uint64_t a0, uint64_t a1, uint64_t a2,
                    uint64_t a3, uint64_t a4, uint64_t a5, uint64_t a6, uint64_t a7, uint64_t a8)
{
	uint64_t ret = 0;

	OK(doca_dpa_rpc(n->dpa, fn, &ret, a0, a1, a2, a3, a4, a5, a6, a7, a8));
	return ret;
}

static void node_up(struct node *n, uint8_t rnr_retry)
{
	struct doca_devinfo **list;
	uint32_t nr;

	memset(n, 0, sizeof(*n));
	OK(doca_devinfo_create_list(&list, &nr));
	for (uint32_t i = 0; i < nr && n->dev == NULL; i++)
		if (doca_dpa_cap_is_supported(list[i]) == DOCA_SUCCESS)
			OK(doca_dev_open(list[i], &n->dev));
	OK(doca_devinfo_destroy_list(list));
	CK(n->dev != NULL);
	OK(doca_dpa_create(n->dev, &n->dpa));
	OK(doca_dpa_set_app(n->dpa, dpa_rdma_app));
	OK(doca_dpa_start(n->dpa));
	OK(doca_dpa_completion_create(n->dpa, 1024, &n->comp));
	OK(doca_dpa_completion_start(n->comp));
	OK(doca_dpa_completion_get_dpa_handle(n->comp, &n->comp_h));
	OK(doca_rdma_create(n->dev, &n->rdma));
	OK(doca_rdma_set_permissions(n->rdma, FULL_ACCESS));
	OK(doca_rdma_set_grh_enabled(n->rdma, 1));
	OK(doca_rdma_set_recv_queue_size(n->rdma, 256));
	OK(doca_rdma_set_send_queue_size(n->rdma, 256));
	OK(doca_rdma_set_rnr_retry_count(n->rdma, rnr_retry));
	OK(doca_ctx_set_datapath_on_dpa(doca_rdma_as_ctx(n->rdma), n->dpa));
	OK(doca_rdma_dpa_completion_attach(n->rdma, n->comp));
	OK(doca_ctx_start(doca_rdma_as_ctx(n->rdma)));
	OK(doca_rdma_get_dpa_handle(n->rdma, &n->h));
	OK(doca_rdma_export(n->rdma, &n->details, &n->details_len, &n->conn));
}

static void node_down(struct node *n)
{
	OK(doca_ctx_stop(doca_rdma_as_ctx(n->rdma)));
	OK(doca_rdma_destroy(n->rdma));
	OK(doca_dpa_completion_destroy(n->comp));
	OK(doca_dpa_destroy(n->dpa));
	OK(doca_dev_close(n->dev));
}

static struct doca_mmap *mk_mmap(struct node *n, void *addr, size_t len, uint32_t perm,
                                 doca_dpa_dev_mmap_t *h)
{
	struct doca_mmap *m;

	OK(doca_mmap_create(&m));
	OK(doca_mmap_set_memrange(m, addr, len));
	OK(doca_mmap_set_permissions(m, perm));
	OK(doca_mmap_add_dev(m, n->dev));
	OK(doca_mmap_start(m));
	OK(doca_mmap_dev_get_dpa_handle(m, n->dev, h));
	return m;
}

/* Length-prefixed messages over the socketpair. */
static void put_msg(int fd, const void *p, size_t len)
{
	uint32_t l = (uint32_t)len;

	CK(write(fd, &l, sizeof(l)) == (ssize_t)sizeof(l));
	CK(write(fd, p, len) == (ssize_t)len);
}

static size_t get_msg(int fd, void *p, size_t cap)
{
	uint32_t l = 0;
	size_t got = 0;

	CK(read(fd, &l, sizeof(l)) == (ssize_t)sizeof(l));
	CK(l <= cap);
	while (got < l) {
		ssize_t r = read(fd, (uint8_t *)p + got, l - got);

		CK(r > 0);
		got += (size_t)r;
	}
	return l;
}

/* Connect a node to the peer at the other end of 'fd'. */
static void exchange_connect(struct node *n, int fd)
{
	uint8_t peer[256];
	size_t len;

	put_msg(fd, n->details, n->details_len);
	len = get_msg(fd, peer, sizeof(peer));
	OK(doca_rdma_connect(n->rdma, peer, len, n->conn));
	/* Both sides connected before either posts (a request reaching a QP not yet connected
	 * is dropped, as RoCE drops it, and would cost an ACK timeout). */
	put_msg(fd, "c", 1);
	CK(get_msg(fd, peer, sizeof(peer)) == 1);
}

/* Poll the node's completion until 'want' elements arrived (or 30 s); each goes through
 * 'fn'. */
static void poll_n(struct node *n, unsigned int want, void (*fn)(uint64_t v, void *arg), void *arg)
{
	uint64_t end = dpa_t_ms() + 30000;
	unsigned int got = 0;

	while (got < want) {
		uint64_t v = rpc(n, &rdma_t_poll, n->comp_h, 0, 0, 0, 0, 0, 0, 0, 0);

		if (!FOUND(v)) {
			CK(dpa_t_ms() < end);
			usleep(200);
			continue;
		}
		fn(v, arg);
		got++;
	}
}

static void expect_send_ok(uint64_t v, void *arg)
{
	(void)arg;
	CK(TYPE(v) == DOCA_DPA_DEV_COMP_SEND);
}

static void expect_recv(uint64_t v, void *arg)
{
	unsigned int *k = arg;

	CK(TYPE(v) == DOCA_DPA_DEV_COMP_RECV_SEND_IMM);
	CK(IMM(v) == 1000 + *k); /* in posting order */
	(*k)++;
}

/* ---- the two roles ---- */

/* What the target lends: its buffer (doca_mmap_export_rdma's descriptor and address) and a
 * remote-net sync event (doca_sync_event_export_to_remote_net's bytes). */
struct big_target {
	uint64_t addr;
	uint32_t mmap_len, event_len;
	uint8_t mmap_desc[128], event_desc[64];
};

/* The initiator: MSGS sends with immediate (1 KB MTU: 8-byte ones and 3000-byte ones that
 * take three packets), a BIG-byte write into the target's buffer (imported with
 * doca_mmap_create_from_export), a read of it back, a fetch-add and a signal of the target's
 * remote-net event; every completion must be a success. */
static void initiator(int fd)
{
	struct node n;
	static uint8_t msg[MSGS][3000], big[BIG], back[BIG];
	uint64_t fa_result = 0;
	static struct big_target t;
	doca_dpa_dev_mmap_t mh, bh, rh, fh, th;
	struct doca_mmap *mm, *bm, *rm, *fm, *tm;
	struct doca_sync_event_remote_net *ev;
	doca_dpa_dev_sync_event_remote_net_t evh;

	node_up(&n, 7);
	exchange_connect(&n, fd);
	for (unsigned int i = 0; i < MSGS; i++)
		memset(msg[i], (int)(i + 1), sizeof(msg[i]));
	for (unsigned int i = 0; i < BIG; i++)
		big[i] = (uint8_t)(i * 7 + 3);
	mm = mk_mmap(&n, msg, sizeof(msg), DOCA_ACCESS_FLAG_LOCAL_READ_WRITE, &mh);
	bm = mk_mmap(&n, big, sizeof(big), DOCA_ACCESS_FLAG_LOCAL_READ_WRITE, &bh);
	rm = mk_mmap(&n, back, sizeof(back), DOCA_ACCESS_FLAG_LOCAL_READ_WRITE, &rh);
	fm = mk_mmap(&n, &fa_result, sizeof(fa_result), DOCA_ACCESS_FLAG_LOCAL_READ_WRITE, &fh);
	CK(get_msg(fd, &t, sizeof(t)) == sizeof(t));
	OK(doca_mmap_create_from_export(NULL, t.mmap_desc, t.mmap_len, n.dev, &tm));
	OK(doca_mmap_dev_get_dpa_handle(tm, n.dev, &th));
	OK(doca_sync_event_remote_net_create_from_export(n.dev, t.event_desc, t.event_len, &ev));
	OK(doca_sync_event_remote_net_get_dpa_handle(ev, n.dpa, &evh));
	for (unsigned int i = 0; i < MSGS; i++)
		rpc(&n, &rdma_t_send, n.h, 0, mh, (uint64_t)(uintptr_t)msg[i], i % 2 ? 3000 : 8,
		    1000 + i, 0, 0, 0);
	rpc(&n, &rdma_t_write, n.h, 0, th, t.addr, bh, (uint64_t)(uintptr_t)big, BIG, 0, 0);
	poll_n(&n, MSGS + 1, expect_send_ok, NULL);
	rpc(&n, &rdma_t_read, n.h, 0, rh, (uint64_t)(uintptr_t)back, th, t.addr, BIG, 0, 0);
	/* The target's first 8 bytes are the counter the fetch-add hits. */
	rpc(&n, &rdma_t_fetch_add, n.h, 0, th, t.addr + BIG, 5, 0, 0, 0, 0);
	poll_n(&n, 2, expect_send_ok, NULL);
	CK(memcmp(back, big, BIG) == 0);
	/* Set the target's event (signals report errors only). */
	rpc(&n, &rdma_t_signal, n.h, 0, evh, 0, 42, 0, 0, 0, 0);
	/* A last send: RC executes it after the write, the atomic and the signal, so its
	 * receive tells the target (and its thread sanitizer) that they are done. */
	rpc(&n, &rdma_t_send, n.h, 0, mh, (uint64_t)(uintptr_t)msg[0], 8, 1000 + MSGS, 0, 0, 0);
	poll_n(&n, 1, expect_send_ok, NULL);
	CK(get_msg(fd, &fa_result, sizeof(fa_result)) == sizeof(fa_result));
	CK(fa_result == 5);
	/* The target keeps its QP until this side has every ACK (a lost last ACK is sent again
	 * only while the target's QP exists). */
	put_msg(fd, "bye", 3);
	{
		/* Everything went over the carrier; with injection, some of it was lost and
		 * reordered (and retransmitted), and every packet's ICRC was right. */
		struct sdpa_rdma_wire_stats st;
		const char *loss = getenv("SOFTDPA_RDMA_LOSS");

		const char *reorder = getenv("SOFTDPA_RDMA_REORDER");

		sdpa_rdma_wire_get_stats(&st);
		CK(st.tx >= MSGS + MSGS / 2 * 2 + BIG / 1024 + 2);
		CK(st.bad_icrc == 0);
		CK(loss != NULL ? st.lost > 0 : st.lost == 0);
		CK(reorder != NULL ? st.reordered > 0 : st.reordered == 0);
	}
	OK(doca_mmap_destroy(mm));
	OK(doca_mmap_destroy(bm));
	OK(doca_mmap_destroy(rm));
	OK(doca_mmap_destroy(fm));
	OK(doca_mmap_destroy(tm));
	OK(doca_sync_event_remote_net_destroy(ev));
	node_down(&n);
}

/* The target: posts MSGS + 1 receives, checks each message, and lends a buffer for the
 * write, read and fetch-add; after the last message it reports the counter to the
 * initiator. */
static void target(int fd)
{
	struct node n;
	static uint8_t rbuf[MSGS + 1][4096];
	static uint64_t buf[BIG / 8 + 2];
	static struct big_target t;
	struct doca_sync_event *ev;
	const void *desc;
	const uint8_t *edesc;
	size_t dlen, elen;
	uint64_t ev_val = 0;
	doca_dpa_dev_mmap_t rh, bh;
	struct doca_mmap *rm, *bm;
	unsigned int k = 0;

	node_up(&n, 7);
	rm = mk_mmap(&n, rbuf, sizeof(rbuf), DOCA_ACCESS_FLAG_LOCAL_READ_WRITE, &rh);
	bm = mk_mmap(&n, buf, sizeof(buf), FULL_ACCESS, &bh);
	for (unsigned int i = 0; i <= MSGS; i++)
		rpc(&n, &rdma_t_recv, n.h, rh, (uint64_t)(uintptr_t)rbuf[i], sizeof(rbuf[i]), 0, 0,
		    0, 0, 0);
	(void)bh;
	OK(doca_sync_event_create(&ev));
	OK(doca_sync_event_add_publisher_location_remote_net(ev));
	OK(doca_sync_event_add_subscriber_location_cpu(ev, n.dev));
	OK(doca_sync_event_start(ev));
	exchange_connect(&n, fd);
	OK(doca_mmap_export_rdma(bm, n.dev, &desc, &dlen));
	OK(doca_sync_event_export_to_remote_net(ev, &edesc, &elen));
	CK(dlen <= sizeof(t.mmap_desc) && elen <= sizeof(t.event_desc));
	memcpy(t.mmap_desc, desc, dlen);
	memcpy(t.event_desc, edesc, elen);
	t.mmap_len = (uint32_t)dlen;
	t.event_len = (uint32_t)elen;
	t.addr = (uint64_t)(uintptr_t)buf;
	put_msg(fd, &t, sizeof(t));
	poll_n(&n, MSGS + 1, expect_recv, &k);
	for (unsigned int i = 0; i < MSGS; i++) {
		size_t len = i % 2 ? 3000 : 8;

		for (size_t j = 0; j < len; j++)
			CK(rbuf[i][j] == (uint8_t)(i + 1));
	}
	for (unsigned int i = 0; i < BIG; i++)
		CK(((uint8_t *)buf)[i] == (uint8_t)(i * 7 + 3));
	OK(doca_sync_event_get(ev, &ev_val));
	CK(ev_val == 42);
	put_msg(fd, &buf[BIG / 8], sizeof(uint64_t));
	{
		char bye[8];

		CK(get_msg(fd, bye, sizeof(bye)) == 3);
	}
	OK(doca_mmap_destroy(rm));
	OK(doca_mmap_destroy(bm));
	OK(doca_sync_event_stop(ev));
	OK(doca_sync_event_destroy(ev));
	node_down(&n);
}

/* Run two roles in two children connected by a socketpair; both must exit 0.
 * Unless a test sets its own, the ACK timeout is 1.07 s (code 18) instead of 67 ms: a peer is a
 * process the OS may not run for a while on a loaded machine (CI runs tests in parallel,
 * under sanitizers), and seven retransmissions 67 ms apart (0.5 s) without an answer made a
 * starved peer look gone (RETRY_EXC_ERR on a write in test_two_processes_loss). */
static void run_pair(void (*a)(int), void (*b)(int))
{
	int sv[2];
	pid_t pa, pb;
	int sa = -1, sb = -1;
	bool own_timeout = getenv("SOFTDPA_RDMA_ACK_TIMEOUT") == NULL;

	assert_int_equal(socketpair(AF_UNIX, SOCK_STREAM, 0, sv), 0);
	if (own_timeout)
		setenv("SOFTDPA_RDMA_ACK_TIMEOUT", "18", 1);
	fflush(NULL);
	pa = fork();
	assert_true(pa >= 0);
	if (pa == 0) {
		close(sv[1]);
		alarm(60);
		a(sv[0]);
		_exit(0);
	}
	pb = fork();
	assert_true(pb >= 0);
	if (pb == 0) {
		close(sv[0]);
		alarm(60);
		b(sv[1]);
		_exit(0);
	}
	close(sv[0]);
	close(sv[1]);
	if (own_timeout)
		unsetenv("SOFTDPA_RDMA_ACK_TIMEOUT");
	assert_int_equal(waitpid(pa, &sa, 0), pa);
	assert_int_equal(waitpid(pb, &sb, 0), pb);
	assert_true(WIFEXITED(sa));
	assert_int_equal(WEXITSTATUS(sa), 0);
	assert_true(WIFEXITED(sb));
	assert_int_equal(WEXITSTATUS(sb), 0);
}

/* No injection: sends (one and three packets), a 10-packet write, its read back, an atomic. */
static void test_two_processes(void **state)
{
	(void)state;
	unsetenv("SOFTDPA_RDMA_LOSS");
	unsetenv("SOFTDPA_RDMA_REORDER");
	run_pair(initiator, target);
}

/* 5% of the datagrams lost and 5% reordered, both ways: the same traffic completes, through
 * NAKs and the retransmission timer (a reordered packet inside a message loses the message,
 * as on a NIC that does not buffer out-of-order packets). */
static void test_two_processes_loss(void **state)
{
	(void)state;
	setenv("SOFTDPA_RDMA_LOSS", "50,seed=7", 1);
	setenv("SOFTDPA_RDMA_REORDER", "50", 1);
	/* run_pair's ACK timeout (1.07 s) and the default retry count (7): a loaded machine
	 * does not starve a side long enough to exhaust them; a gap in a message is NAKed at
	 * once, so the timer runs only for a lost last packet or answer. */
	run_pair(initiator, target);
	unsetenv("SOFTDPA_RDMA_LOSS");
	unsetenv("SOFTDPA_RDMA_REORDER");
}

/* 10% reordered both ways, no loss, and an ACK timeout of hours (IB's longest, 2.4 h): every
 * message a reordering broke must come again through the gap's NAK (a read: the requester's
 * retry when its response has a gap), as on a NIC that sees the out-of-sequence packet; a
 * recovery left to the retransmission timer would stall the pair until its alarm (60 s). */
static void test_two_processes_reorder_no_timer(void **state)
{
	(void)state;
	unsetenv("SOFTDPA_RDMA_LOSS");
	setenv("SOFTDPA_RDMA_REORDER", "100", 1);
	setenv("SOFTDPA_RDMA_ACK_TIMEOUT", "31", 1);
	run_pair(initiator, target);
	unsetenv("SOFTDPA_RDMA_REORDER");
	unsetenv("SOFTDPA_RDMA_ACK_TIMEOUT");
}

/* The peer exports and exits without ever connecting: a write completes with an error after
 * the retries (ACK timeout 4.096 us * 2^10 ~ 4 ms, 3 retries) and the queue is in error: a
 * later send is flushed. */
static void gone_initiator(int fd)
{
	struct node n;
	static uint64_t src = 7;
	doca_dpa_dev_mmap_t sh;
	struct doca_mmap *sm;
	uint64_t v, end;

	node_up(&n, 7);
	{
		uint8_t peer[256];
		size_t len;

		put_msg(fd, n.details, n.details_len);
		len = get_msg(fd, peer, sizeof(peer));
		OK(doca_rdma_connect(n.rdma, peer, len, n.conn));
	}
	CK(get_msg(fd, &v, sizeof(v)) == sizeof(v)); /* the peer is gone after this */
	sm = mk_mmap(&n, &src, sizeof(src), DOCA_ACCESS_FLAG_LOCAL_READ_WRITE, &sh);
	rpc(&n, &rdma_t_write, n.h, 0, 1, 0x1000, sh, (uint64_t)(uintptr_t)&src, 8, 0, 0);
	end = dpa_t_ms() + 30000;
	do {
		v = rpc(&n, &rdma_t_poll, n.comp_h, 0, 0, 0, 0, 0, 0, 0, 0);
		if (!FOUND(v))
			usleep(1000);
	} while (!FOUND(v) && dpa_t_ms() < end);
	CK(FOUND(v));
	CK(TYPE(v) == DOCA_DPA_DEV_COMP_SEND_ERR);
	rpc(&n, &rdma_t_send, n.h, 0, sh, (uint64_t)(uintptr_t)&src, 8, 0, 0, 0, 0);
	v = rpc(&n, &rdma_t_poll, n.comp_h, 0, 0, 0, 0, 0, 0, 0, 0);
	CK(FOUND(v) && TYPE(v) == DOCA_DPA_DEV_COMP_SEND_ERR);
	OK(doca_mmap_destroy(sm));
	node_down(&n);
}

static void gone_target(int fd)
{
	struct node n;
	uint8_t peer[256];
	uint64_t one = 1;

	node_up(&n, 7);
	put_msg(fd, n.details, n.details_len);
	get_msg(fd, peer, sizeof(peer));
	node_down(&n); /* never connects; its QP and carrier routes are gone */
	put_msg(fd, &one, sizeof(one));
}

static void test_unreachable_peer(void **state)
{
	(void)state;
	setenv("SOFTDPA_RDMA_ACK_TIMEOUT", "10", 1);
	setenv("SOFTDPA_RDMA_RETRY_CNT", "3", 1);
	run_pair(gone_initiator, gone_target);
	unsetenv("SOFTDPA_RDMA_ACK_TIMEOUT");
	unsetenv("SOFTDPA_RDMA_RETRY_CNT");
}

/* SOFTDPA_RDMA_PCAP: each process writes the frames it sends and receives (%p: its pid) as
 * Ethernet/IPv4/UDP(4791)/RoCEv2; scapy's RoCE layer decodes every one and recomputes its
 * ICRC (tests/dpa/check_roce_pcap.py), and every kind of packet the traffic uses is there. */
static void test_capture(void **state)
{
	char dir[] = "/tmp/sdpa-wire-pcap-XXXXXX", pattern[128], cmd[1024];
	const char *src = getenv("SOFTDPA_TEST_SRCDIR");
	int rc;

	(void)state;
	if (system("/usr/bin/python3 -c 'import scapy.contrib.roce' 2>/dev/null") != 0)
		skip();
	assert_non_null(mkdtemp(dir));
	snprintf(pattern, sizeof(pattern), "%s/wire-%%p.pcap", dir);
	setenv("SOFTDPA_RDMA_PCAP", pattern, 1);
	run_pair(initiator, target);
	unsetenv("SOFTDPA_RDMA_PCAP");
	snprintf(cmd, sizeof(cmd),
	         "/usr/bin/python3 %s/dpa/check_roce_pcap.py %s/wire-*.pcap --expect "
	         "RC_SEND_FIRST,RC_SEND_MIDDLE,RC_SEND_LAST_WITH_IMMEDIATE,"
	         "RC_SEND_ONLY_WITH_IMMEDIATE,RC_RDMA_WRITE_FIRST,RC_RDMA_WRITE_MIDDLE,"
	         "RC_RDMA_WRITE_LAST,RC_RDMA_READ_REQUEST,RC_RDMA_READ_RESPONSE_FIRST,"
	         "RC_RDMA_READ_RESPONSE_MIDDLE,RC_RDMA_READ_RESPONSE_LAST,RC_ACKNOWLEDGE,"
	         "RC_FETCH_ADD,RC_ATOMIC_ACKNOWLEDGE && rm -rf %s",
	         src != NULL ? src : "tests", dir, dir);
	rc = system(cmd);
	assert_int_equal(rc, 0);
}

/* RNR over the wire: the target posts its receive only after a while; the send waits out
 * RNR NAKs on the RNR timer and completes. Then, with an RNR retry count of 1 on the
 * initiator, a send the target never posts a receive for completes with an error. */
static void rnr_initiator(int fd)
{
	struct node n;
	static uint64_t src = 0x77;
	doca_dpa_dev_mmap_t sh;
	struct doca_mmap *sm;
	uint64_t v, end;
	char go[8];

	node_up(&n, 1);
	exchange_connect(&n, fd);
	sm = mk_mmap(&n, &src, sizeof(src), DOCA_ACCESS_FLAG_LOCAL_READ_WRITE, &sh);
	rpc(&n, &rdma_t_send, n.h, 0, sh, (uint64_t)(uintptr_t)&src, 8, 0, 0, 0, 0);
	end = dpa_t_ms() + 30000;
	do {
		v = rpc(&n, &rdma_t_poll, n.comp_h, 0, 0, 0, 0, 0, 0, 0, 0);
		if (!FOUND(v))
			usleep(1000);
	} while (!FOUND(v) && dpa_t_ms() < end);
	/* rnr_retry 1: the first RNR NAK is retried once, then the send fails. */
	CK(FOUND(v) && TYPE(v) == DOCA_DPA_DEV_COMP_SEND_ERR);
	put_msg(fd, "err", 3);
	CK(get_msg(fd, go, sizeof(go)) == 3);
	OK(doca_mmap_destroy(sm));
	node_down(&n);
}

static void rnr_target(int fd)
{
	struct node n;

	node_up(&n, 7);
	exchange_connect(&n, fd);
	{
		char msg[8];

		CK(get_msg(fd, msg, sizeof(msg)) == 3); /* the initiator saw its error */
	}
	put_msg(fd, "bye", 3);
	node_down(&n);
}

static void late_initiator(int fd)
{
	struct node n;
	static uint64_t src = 0x99;
	doca_dpa_dev_mmap_t sh;
	struct doca_mmap *sm;

	node_up(&n, 7);
	exchange_connect(&n, fd);
	sm = mk_mmap(&n, &src, sizeof(src), DOCA_ACCESS_FLAG_LOCAL_READ_WRITE, &sh);
	rpc(&n, &rdma_t_send, n.h, 0, sh, (uint64_t)(uintptr_t)&src, 8, 1000, 0, 0, 0);
	poll_n(&n, 1, expect_send_ok, NULL);
	put_msg(fd, "ok", 2);
	OK(doca_mmap_destroy(sm));
	node_down(&n);
}

static void late_target(int fd)
{
	struct node n;
	static uint64_t dst;
	doca_dpa_dev_mmap_t dh;
	struct doca_mmap *dm;
	unsigned int k = 0;
	char msg[8];

	node_up(&n, 7);
	dm = mk_mmap(&n, &dst, sizeof(dst), DOCA_ACCESS_FLAG_LOCAL_READ_WRITE, &dh);
	exchange_connect(&n, fd);
	usleep(30000); /* the send meets an empty receive queue: RNR NAKs meanwhile */
	rpc(&n, &rdma_t_recv, n.h, dh, (uint64_t)(uintptr_t)&dst, sizeof(dst), 0, 0, 0, 0, 0);
	poll_n(&n, 1, expect_recv, &k);
	CK(dst == 0x99);
	CK(get_msg(fd, msg, sizeof(msg)) == 2);
	OK(doca_mmap_destroy(dm));
	node_down(&n);
}

static void test_rnr_over_wire(void **state)
{
	(void)state;
	setenv("SOFTDPA_RDMA_MIN_RNR_TIMER", "14", 1); /* 1.28 ms */
	run_pair(late_initiator, late_target);
	run_pair(rnr_initiator, rnr_target);
	unsetenv("SOFTDPA_RDMA_MIN_RNR_TIMER");
}

/* SOFTDPA_RDMA_ADDR=0.0.0.0 names no address a peer can reach: the carrier stays off (one
 * line), exports still work, and connecting to a peer of another process is refused with
 * CONNECTION_ABORTED. */
static void no_carrier(int fd)
{
	struct node n;
	uint8_t peer[256];
	size_t len;

	node_up(&n, 7);
	put_msg(fd, n.details, n.details_len);
	len = get_msg(fd, peer, sizeof(peer));
	CK(doca_rdma_connect(n.rdma, peer, len, n.conn) == DOCA_ERROR_CONNECTION_ABORTED);
	node_down(&n);
}

static void test_bad_carrier_address(void **state)
{
	(void)state;
	setenv("SOFTDPA_RDMA_ADDR", "0.0.0.0", 1);
	run_pair(no_carrier, no_carrier);
	unsetenv("SOFTDPA_RDMA_ADDR");
}

/* An imported mmap names exactly the exported range, checked by the exporter's process:
 * here the target exports a 32-byte buffer behind another mmap (so the importer's handle
 * value differs from the exporter's); the initiator writes all 32 bytes through the imported
 * mmap and sets the imported event, the target sees both; then a write that runs 8 bytes
 * past the range completes in error (the exporter answers a remote access NAK) and writes
 * nothing. */
static void import_initiator(int fd)
{
	struct node n;
	static uint64_t src[4] = {11, 22, 33, 44};
	uint8_t mdesc[256], edesc[256];
	size_t mlen, elen;
	uint64_t raddr, v;
	doca_dpa_dev_mmap_t sh, ih;
	doca_dpa_dev_sync_event_remote_net_t eh;
	struct doca_mmap *sm, *im;
	struct doca_sync_event_remote_net *rn;

	node_up(&n, 7);
	exchange_connect(&n, fd);
	mlen = get_msg(fd, mdesc, sizeof(mdesc));
	elen = get_msg(fd, edesc, sizeof(edesc));
	CK(get_msg(fd, &raddr, sizeof(raddr)) == sizeof(raddr));
	OK(doca_mmap_create_from_export(NULL, mdesc, mlen, n.dev, &im));
	OK(doca_mmap_dev_get_dpa_handle(im, n.dev, &ih));
	OK(doca_sync_event_remote_net_create_from_export(n.dev, edesc, elen, &rn));
	OK(doca_sync_event_remote_net_get_dpa_handle(rn, n.dpa, &eh));
	sm = mk_mmap(&n, src, sizeof(src), DOCA_ACCESS_FLAG_LOCAL_READ_WRITE, &sh);
	rpc(&n, &rdma_t_write, n.h, 0, ih, raddr, sh, (uint64_t)(uintptr_t)src, sizeof(src), 0, 0);
	poll_n(&n, 1, expect_send_ok, NULL);
	rpc(&n, &rdma_t_signal, n.h, 0, eh, 0, 7, 0, 0, 0, 0);
	CK(get_msg(fd, &v, sizeof(v)) == sizeof(v)); /* the target saw the event and the data */
	/* 8 bytes past the 32 exported: the exporter refuses, the write completes in error. */
	rpc(&n, &rdma_t_write, n.h, 0, ih, raddr + sizeof(src) - 8, sh, (uint64_t)(uintptr_t)src,
	    16, 0, 0);
	{
		uint64_t end = dpa_t_ms() + 30000;

		do {
			v = rpc(&n, &rdma_t_poll, n.comp_h, 0, 0, 0, 0, 0, 0, 0, 0);
			if (!FOUND(v))
				usleep(1000);
		} while (!FOUND(v) && dpa_t_ms() < end);
	}
	CK(FOUND(v) && TYPE(v) == DOCA_DPA_DEV_COMP_SEND_ERR);
	put_msg(fd, &v, sizeof(v));
	OK(doca_sync_event_remote_net_destroy(rn));
	OK(doca_mmap_destroy(im));
	OK(doca_mmap_destroy(sm));
	node_down(&n);
}

static void import_target(int fd)
{
	struct node n;
	static uint64_t buf[4];
	uint64_t addr = (uint64_t)(uintptr_t)buf, v = 0;
	doca_dpa_dev_mmap_t bh, oh;
	struct doca_mmap *bm, *other;
	struct doca_sync_event *ev;
	const void *mdesc;
	const uint8_t *edesc;
	size_t mlen, elen;

	node_up(&n, 7);
	/* Another mmap first, so that the exported handle differs from the one the importer's
	 * process gives its imported mmap: the write must carry the exporter's. */
	other = mk_mmap(&n, &v, sizeof(v), DOCA_ACCESS_FLAG_LOCAL_READ_WRITE, &oh);
	bm = mk_mmap(&n, buf, sizeof(buf),
	             DOCA_ACCESS_FLAG_LOCAL_READ_WRITE | DOCA_ACCESS_FLAG_RDMA_WRITE, &bh);
	OK(doca_sync_event_create(&ev));
	OK(doca_sync_event_add_publisher_location_remote_net(ev));
	OK(doca_sync_event_add_subscriber_location_cpu(ev, n.dev));
	OK(doca_sync_event_start(ev));
	OK(doca_mmap_export_rdma(bm, n.dev, &mdesc, &mlen));
	OK(doca_sync_event_export_to_remote_net(ev, &edesc, &elen));
	exchange_connect(&n, fd);
	put_msg(fd, mdesc, mlen);
	put_msg(fd, edesc, elen);
	put_msg(fd, &addr, sizeof(addr));
	OK(doca_sync_event_wait_gt(ev, 6, UINT64_MAX));
	OK(doca_sync_event_get(ev, &v));
	CK(v == 7);
	CK(buf[0] == 11 && buf[1] == 22 && buf[2] == 33 && buf[3] == 44);
	put_msg(fd, &v, sizeof(v));
	CK(get_msg(fd, &v, sizeof(v)) == sizeof(v)); /* the initiator's error came back */
	CK(buf[3] == 44);                            /* and nothing past the range was written */
	CK(oh != bh);
	OK(doca_sync_event_destroy(ev));
	OK(doca_mmap_destroy(bm));
	OK(doca_mmap_destroy(other));
	node_down(&n);
}

static void test_imported_mmap_and_event(void **state)
{
	(void)state;
	run_pair(import_initiator, import_target);
}

/* ---- the queue-pair engine against a scripted lossy carrier ---- */

enum { RACE_LEN = 96, RACE_REMOTE_QPN = 0xabcde };

static struct {
	struct sdpa_qp *qp;
	unsigned int xmits;
	unsigned int ok_completions;
	bool payload_intact;
	uint8_t buf[RACE_LEN];
} race;

static void *race_resolve(uint32_t key, uint64_t addr, uint64_t len, uint32_t access,
                          enum sdpa_mr_status *st)
{
	(void)access;
	if (key != 7 || addr < (uintptr_t)race.buf || addr + len > (uintptr_t)race.buf + RACE_LEN) {
		*st = SDPA_MR_RANGE;
		return NULL;
	}
	*st = SDPA_MR_OK;
	return (void *)(uintptr_t)addr;
}

/* The first copy of the send is "lost"; while the retransmission is on its way out, the ACK
 * of the first copy arrives (it was only late) and completes the request. The carrier still
 * reads the payload it was handed: it must be the send's data, not freed memory. */
static bool race_xmit(const struct sdpa_rdma_pkt *pkt)
{
	if (pkt->opcode != SDPA_IB_SEND_ONLY)
		return true;
	if (++race.xmits == 2) {
		struct sdpa_rdma_pkt ack = {.opcode = SDPA_IB_ACKNOWLEDGE,
		                            .src_qpn = RACE_REMOTE_QPN,
		                            .dst_qpn = pkt->src_qpn,
		                            .psn = pkt->psn,
		                            .syndrome = SDPA_AETH_ACK,
		                            .msn = 1};

		race.payload_intact =
		        sdpa_qp_rx(&ack) && pkt->payload != NULL && pkt->payload_len == RACE_LEN;
		for (uint32_t i = 0; race.payload_intact && i < RACE_LEN; i++)
			race.payload_intact =
			        ((const uint8_t *)pkt->payload)[i] == (uint8_t)(i * 7 + 1);
	}
	return true;
}

static void race_complete(void *owner, uint32_t conn_id, enum sdpa_wc_opcode op,
                          enum sdpa_wc_status st, uint32_t wr_index, uint32_t imm)
{
	(void)owner, (void)conn_id, (void)op, (void)wr_index, (void)imm;
	if (st == SDPA_WC_OK)
		race.ok_completions++;
}

static const struct sdpa_rdma_transport race_transport = {
        .name = "scripted", .xmit = race_xmit, .lossy = true};

static void test_ack_during_retransmission(void **state)
{
	(void)state;
	memset(&race, 0, sizeof(race));
	for (uint32_t i = 0; i < RACE_LEN; i++)
		race.buf[i] = (uint8_t)(i * 7 + 1);
	sdpa_rdma_set_dpa_hooks(race_resolve, NULL, NULL, NULL);
	race.qp = sdpa_qp_create(&race_transport, NULL, 16, 0, 7, race_complete, NULL, 0, "race");
	assert_non_null(race.qp);
	sdpa_qp_connect(race.qp, RACE_REMOTE_QPN, 1, 1024, NULL);
	sdpa_qp_post(race.qp, SDPA_WR_SEND, 7, (uintptr_t)race.buf, RACE_LEN, 0, 0, 0, 0, true);
	assert_int_equal(race.xmits, 1);
	/* Far past any ACK timeout: the send goes out again. */
	sdpa_qp_timers(sdpa_mono_ns() + 3600ull * 1000000000ull);
	assert_int_equal(race.xmits, 2);
	assert_true(race.payload_intact);
	assert_int_equal(race.ok_completions, 1);
	sdpa_qp_destroy(race.qp, NULL, NULL);
	sdpa_dpa_rdma_hooks();
}

/* A scripted lossy carrier that records what the engine transmits. */
static struct {
	unsigned int n;
	struct sdpa_rdma_pkt pkt[16];
} sent;

static bool record_xmit(const struct sdpa_rdma_pkt *pkt)
{
	if (sent.n < 16)
		sent.pkt[sent.n] = *pkt;
	sent.n++;
	return true;
}

static const struct sdpa_rdma_transport record_transport = {
        .name = "recording", .xmit = record_xmit, .lossy = true};

static void ignore_complete(void *owner, uint32_t conn_id, enum sdpa_wc_opcode op,
                            enum sdpa_wc_status st, uint32_t wr_index, uint32_t imm)
{
	(void)owner, (void)conn_id, (void)op, (void)wr_index, (void)imm;
	if (st == SDPA_WC_OK)
		race.ok_completions++;
}

/* A request the carrier received with a packet missing (struct sdpa_rdma_pkt.broken): the
 * responder NAKs the PSN it expects, and again each time the expected message arrives broken
 * (the requester retried it, as a NIC NAKs again once the expected PSN came back); a later
 * message's gap gets one NAK, an earlier (duplicate) message none. Before, a retried message
 * that broke again was never NAKed and only the ACK timeout brought it (retry count spent
 * on a 10-packet write in CI's test_two_processes_loss). */
static void test_broken_request_naks(void **state)
{
	enum { EPSN = 5000, PEER = 0x12345 };
	struct sdpa_srq *srq = sdpa_srq_create(&record_transport, 4);
	struct sdpa_qp *qp;
	struct sdpa_rdma_pkt b = {.opcode = SDPA_IB_WRITE_ONLY, .src_qpn = PEER, .broken = true};

	(void)state;
	memset(&sent, 0, sizeof(sent));
	qp = sdpa_qp_create(&record_transport, srq, 4, SDPA_MR_REMOTE_WRITE, 7, ignore_complete,
	                    NULL, 0, "broken");
	assert_non_null(qp);
	sdpa_qp_connect(qp, PEER, EPSN, 1024, NULL);
	b.dst_qpn = sdpa_qp_num(qp);
	for (unsigned int attempt = 1; attempt <= 3; attempt++) {
		b.psn = EPSN; /* the expected message, broken on each attempt */
		assert_true(sdpa_qp_rx(&b));
		assert_int_equal(sent.n, attempt);
		assert_int_equal(sent.pkt[attempt - 1].opcode, SDPA_IB_ACKNOWLEDGE);
		assert_int_equal(sent.pkt[attempt - 1].syndrome, SDPA_AETH_NAK_PSN_SEQ);
		assert_int_equal(sent.pkt[attempt - 1].psn, EPSN);
		assert_int_equal(sent.pkt[attempt - 1].dst_qpn, PEER);
	}
	/* A later message of the same gap: NAKed already. */
	b.psn = EPSN + 3;
	assert_true(sdpa_qp_rx(&b));
	assert_int_equal(sent.n, 3);
	/* A duplicate (before the expected PSN): nothing. */
	b.psn = EPSN - 2;
	assert_true(sdpa_qp_rx(&b));
	assert_int_equal(sent.n, 3);
	sdpa_qp_destroy(qp, NULL, NULL);
	sdpa_srq_destroy(srq);
}

/* A read response that came with a packet missing: the requester sends the read again at
 * once (IB's implied NAK) instead of waiting out the ACK timeout; the complete response
 * then completes it. A broken response naming an earlier PSN changes nothing. */
static void test_broken_read_response_retries(void **state)
{
	enum { PEER = 0x23456 };
	struct sdpa_qp *qp;
	struct sdpa_rdma_pkt r = {.opcode = SDPA_IB_READ_RESPONSE_ONLY, .src_qpn = PEER};
	uint8_t data[RACE_LEN];
	uint32_t psn;

	(void)state;
	memset(&sent, 0, sizeof(sent));
	memset(&race, 0, sizeof(race));
	for (uint32_t i = 0; i < RACE_LEN; i++)
		data[i] = (uint8_t)(i + 9);
	sdpa_rdma_set_dpa_hooks(race_resolve, NULL, NULL, NULL);
	qp = sdpa_qp_create(&record_transport, NULL, 4, 0, 7, ignore_complete, NULL, 0, "rd");
	assert_non_null(qp);
	sdpa_qp_connect(qp, PEER, 1, 1024, NULL);
	sdpa_qp_post(qp, SDPA_WR_READ, 7, (uintptr_t)race.buf, RACE_LEN, 9, 0x1000, 0, 0, true);
	assert_int_equal(sent.n, 1);
	assert_int_equal(sent.pkt[0].opcode, SDPA_IB_READ_REQUEST);
	psn = sent.pkt[0].psn;
	r.dst_qpn = sdpa_qp_num(qp);
	r.psn = psn - 1; /* an earlier request's: stale */
	r.broken = true;
	assert_true(sdpa_qp_rx(&r));
	assert_int_equal(sent.n, 1);
	r.psn = psn;
	assert_true(sdpa_qp_rx(&r));
	assert_int_equal(sent.n, 2);
	assert_int_equal(sent.pkt[1].opcode, SDPA_IB_READ_REQUEST);
	assert_int_equal(sent.pkt[1].psn, psn);
	assert_int_equal(race.ok_completions, 0);
	r.broken = false;
	r.syndrome = SDPA_AETH_ACK;
	r.payload = data;
	r.payload_len = RACE_LEN;
	assert_true(sdpa_qp_rx(&r));
	assert_int_equal(race.ok_completions, 1);
	assert_memory_equal(race.buf, data, RACE_LEN);
	sdpa_qp_destroy(qp, NULL, NULL);
	sdpa_dpa_rdma_hooks();
}

/* The responder NAKed the send it expected (a later one had come first and was dropped),
 * then the expected one came and was ACKed, and that ACK overtook the NAK: the NAK names a
 * PSN before the oldest outstanding request, whose first copy the responder dropped. It goes
 * again at once, not after the ACK timeout (here: never, the timers do not run). */
static void test_nak_behind_oldest_retransmits(void **state)
{
	enum { PEER = 0x34567 };
	struct sdpa_qp *qp;
	struct sdpa_rdma_pkt a = {.opcode = SDPA_IB_ACKNOWLEDGE, .src_qpn = PEER};
	uint32_t first;

	(void)state;
	memset(&sent, 0, sizeof(sent));
	memset(&race, 0, sizeof(race));
	sdpa_rdma_set_dpa_hooks(race_resolve, NULL, NULL, NULL);
	qp = sdpa_qp_create(&record_transport, NULL, 4, 0, 7, ignore_complete, NULL, 0, "nak");
	assert_non_null(qp);
	sdpa_qp_connect(qp, PEER, 1, 1024, NULL);
	sdpa_qp_post(qp, SDPA_WR_SEND, 7, (uintptr_t)race.buf, 8, 0, 0, 0, 0, true);
	sdpa_qp_post(qp, SDPA_WR_SEND, 7, (uintptr_t)race.buf, 8, 0, 0, 0, 0, true);
	assert_int_equal(sent.n, 2);
	first = sent.pkt[0].psn;
	a.dst_qpn = sdpa_qp_num(qp);
	a.psn = first; /* the ACK of the first send */
	a.syndrome = SDPA_AETH_ACK;
	assert_true(sdpa_qp_rx(&a));
	assert_int_equal(race.ok_completions, 1);
	a.syndrome = SDPA_AETH_NAK_PSN_SEQ; /* the NAK sent before that ACK */
	assert_true(sdpa_qp_rx(&a));
	assert_int_equal(sent.n, 3);
	assert_int_equal(sent.pkt[2].psn, sent.pkt[1].psn);
	assert_int_equal(race.ok_completions, 1);
	sdpa_qp_destroy(qp, NULL, NULL);
	sdpa_dpa_rdma_hooks();
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	        cmocka_unit_test(test_two_processes),
	        cmocka_unit_test(test_capture),
	        cmocka_unit_test(test_two_processes_loss),
	        cmocka_unit_test(test_two_processes_reorder_no_timer),
	        cmocka_unit_test(test_unreachable_peer),
	        cmocka_unit_test(test_rnr_over_wire),
	        cmocka_unit_test(test_bad_carrier_address),
	        cmocka_unit_test(test_imported_mmap_and_event),
	        cmocka_unit_test(test_ack_during_retransmission),
	        cmocka_unit_test(test_broken_request_naks),
	        cmocka_unit_test(test_broken_read_response_retries),
	        cmocka_unit_test(test_nak_behind_oldest_retransmits),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
