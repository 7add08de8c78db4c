/* SPDX-License-Identifier: BSD-3-Clause
 * The unix wire: the port is a listening AF_UNIX SOCK_SEQPACKET socket at a path, and one
 * connected peer at a time is the cable. Each message the peer sends is one frame arriving
 * on the port; each frame the port transmits is one message to the peer. No privilege is
 * needed, so a second, unprivileged process (a test, `softdpa samples test`) can play the
 * other end of the cable.
 *
 * The wire accepts a waiting connection whenever it polls RX or transmits without a peer,
 * so a peer that connected before the first frame is sent to it gets that frame. Frames
 * transmitted while no peer is connected are lost, as on an unplugged cable (counted as
 * wire_error). When the peer hangs up, the next connection takes its place.
 *
 * Locking: the RX consumer alone reads from the peer and alone closes it; accepting and
 * closing happen under tx_lock, which every transmitter holds, so no transmitter ever
 * uses a closed descriptor.
 */
#include <errno.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/un.h>
#include <unistd.h>

#include "core/log.h"
#include "core/util.h"
#include "io/wire.h"

SDPA_LOG_REGISTER(io_unix);

enum {
	RX_STRIDE = SDPA_PKT_HEADROOM + SOFTDPA_FRAME_MAX,
	BACKLOG = 4,
};

struct unix_wire {
	struct sdpa_wire base;
	int lfd;                /* listening socket */
	sdpa_atomic_u32 peer_p; /* connected peer's fd + 1, 0 for none; changed under tx_lock */
	dev_t dev;              /* the socket file we created, so close unlinks only ours */
	ino_t ino;
	char path[sizeof(((struct sockaddr_un *)0)->sun_path)];

	/* RX consumer state */
	uint8_t *bufs; /* [SDPA_WIRE_BURST_MAX][RX_STRIDE] */
	struct sdpa_pkt pkts[SDPA_WIRE_BURST_MAX];
	uint16_t head, held;

	pthread_mutex_t tx_lock;
};

static inline struct unix_wire *to_unix(struct sdpa_wire *w)
{
	return sdpa_container_of(w, struct unix_wire, base);
}

static int peer_fd(struct unix_wire *u)
{
	return (int)sdpa_load_relaxed(&u->peer_p) - 1;
}

/* Take a waiting connection if there is no peer. Caller holds tx_lock. */
static int accept_locked(struct unix_wire *u)
{
	int fd = peer_fd(u);

	if (fd >= 0)
		return fd;
	fd = accept4(u->lfd, NULL, NULL, SOCK_NONBLOCK | SOCK_CLOEXEC);
	if (fd < 0)
		return -1;
	sdpa_store_relaxed(&u->peer_p, (uint32_t)(fd + 1));
	DOCA_LOG_DBG("port %u: unix wire '%s': a peer connected", (unsigned int)u->base.port_id,
	             u->path);
	return fd;
}

/* The peer hung up (or failed): forget it. RX consumer only. */
static void drop_peer(struct unix_wire *u, int fd)
{
	pthread_mutex_lock(&u->tx_lock);
	if (peer_fd(u) == fd) {
		sdpa_store_relaxed(&u->peer_p, 0);
		close(fd);
	}
	pthread_mutex_unlock(&u->tx_lock);
	DOCA_LOG_DBG("port %u: unix wire '%s': the peer hung up", (unsigned int)u->base.port_id,
	             u->path);
}

static uint16_t unix_rx_burst(struct sdpa_wire *w, struct sdpa_pkt **pkts, uint16_t n)
{
	struct unix_wire *u = to_unix(w);
	uint16_t k = 0;
	int fd;

	if (n > SDPA_WIRE_BURST_MAX)
		n = SDPA_WIRE_BURST_MAX;
	if (u->held > 0) {
		n = SDPA_MIN(n, u->held);
		for (uint16_t i = 0; i < n; i++)
			pkts[i] = &u->pkts[u->head + i];
		return n;
	}
	u->head = 0;
	fd = peer_fd(u);
	if (fd < 0) {
		pthread_mutex_lock(&u->tx_lock);
		fd = accept_locked(u);
		pthread_mutex_unlock(&u->tx_lock);
		if (fd < 0)
			return 0;
	}
	for (uint16_t i = 0; i < n && k < n; i++) {
		struct sdpa_pkt *p = &u->pkts[k];
		uint8_t *buf = u->bufs + (size_t)k * RX_STRIDE + SDPA_PKT_HEADROOM;
		struct iovec iov = {.iov_base = buf, .iov_len = SOFTDPA_FRAME_MAX};
		struct msghdr mh = {.msg_iov = &iov, .msg_iovlen = 1};
		ssize_t got = recvmsg(fd, &mh, MSG_DONTWAIT);

		if (got < 0) {
			if (errno == EAGAIN || errno == EWOULDBLOCK || errno == EINTR)
				break;
			DOCA_LOG_RATE_LIMIT_ERR("port %u: unix wire '%s': receiving failed: %s; "
			                        "waiting for a new peer",
			                        (unsigned int)w->port_id, u->path, strerror(errno));
			drop_peer(u, fd);
			break;
		}
		if (got == 0) { /* SEQPACKET end of file: the peer closed its end */
			drop_peer(u, fd);
			break;
		}
		if (mh.msg_flags & MSG_TRUNC) {
			sdpa_counter_add(&w->ctr.rx_malformed, 1);
			continue;
		}
		p->data = buf;
		p->len = (uint32_t)got;
		p->cap = SOFTDPA_FRAME_MAX;
		p->headroom = SDPA_PKT_HEADROOM;
		p->meta = 0;
		pkts[k++] = p;
	}
	u->held = k;
	return k;
}

static void unix_rx_release(struct sdpa_wire *w, uint16_t n)
{
	struct unix_wire *u = to_unix(w);

	n = sdpa_wire_release_count(w, n, u->held);
	u->head += n;
	u->held -= n;
}

static bool unix_rx_exhausted(struct sdpa_wire *w)
{
	(void)w;
	return false;
}

static uint16_t unix_tx_burst(struct sdpa_wire *w, uint16_t queue, struct sdpa_pkt *const *pkts,
                              uint16_t n)
{
	struct unix_wire *u = to_unix(w);
	uint64_t frames = 0, bytes = 0, malformed = 0, errors = 0;
	uint16_t done = 0;
	int fd;

	(void)queue; /* one TX queue */
	if (n > SDPA_WIRE_BURST_MAX)
		n = SDPA_WIRE_BURST_MAX;
	pthread_mutex_lock(&u->tx_lock);
	fd = accept_locked(u);
	for (; done < n; done++) {
		const struct sdpa_pkt *p = pkts[done];

		if (p->len > SOFTDPA_FRAME_MAX) {
			malformed++;
			continue;
		}
		if (fd < 0) { /* no cable plugged in: the frame is lost */
			errors++;
			continue;
		}
		if (send(fd, p->data, p->len, MSG_DONTWAIT | MSG_NOSIGNAL) < 0) {
			if (errno == EAGAIN || errno == EWOULDBLOCK || errno == ENOBUFS)
				break; /* the peer reads too slowly: the caller counts TX_FULL */
			/* EPIPE, ECONNRESET: the peer is going; RX notices and forgets it. */
			errors++;
			continue;
		}
		frames++;
		bytes += p->len;
	}
	sdpa_counter_add(&w->ctr.tx_frames, frames);
	sdpa_counter_add(&w->ctr.tx_bytes, bytes);
	if (malformed)
		sdpa_counter_add(&w->ctr.tx_malformed, malformed);
	if (errors)
		sdpa_counter_add(&w->ctr.tx_errors, errors);
	pthread_mutex_unlock(&u->tx_lock);
	return done;
}

static void unix_close(struct sdpa_wire *w)
{
	struct unix_wire *u = to_unix(w);
	struct stat st;
	int fd = peer_fd(u);

	if (fd >= 0)
		close(fd);
	if (u->lfd >= 0) {
		close(u->lfd);
		if (stat(u->path, &st) == 0 && st.st_dev == u->dev && st.st_ino == u->ino)
			unlink(u->path);
	}
	pthread_mutex_destroy(&u->tx_lock);
	free(u->bufs);
	free(u);
}

static const struct sdpa_wire_ops unix_ops = {
        .name = "unix",
        .rx_burst = unix_rx_burst,
        .rx_release = unix_rx_release,
        .rx_exhausted = unix_rx_exhausted,
        .tx_burst = unix_tx_burst,
        .close = unix_close,
};

/* Is someone listening at addr? (A socket file left by a process that died is not.) */
static bool path_in_use(const struct sockaddr_un *addr)
{
	int fd = socket(AF_UNIX, SOCK_SEQPACKET | SOCK_NONBLOCK | SOCK_CLOEXEC, 0);
	bool used;

	if (fd < 0)
		return false;
	used = connect(fd, (const struct sockaddr *)addr, sizeof(*addr)) == 0 || errno == EAGAIN;
	close(fd);
	return used;
}

static doca_error_t unix_setup(struct unix_wire *u)
{
	struct sockaddr_un addr = {.sun_family = AF_UNIX};
	struct stat st;

	memcpy(addr.sun_path, u->path, strlen(u->path) + 1);
	if (lstat(u->path, &st) == 0) {
		if (!S_ISSOCK(st.st_mode)) {
			DOCA_LOG_ERR("unix wire: '%s' exists and is not a socket; choose another "
			             "path (the wire creates the socket itself)",
			             u->path);
			return DOCA_ERROR_INVALID_VALUE;
		}
		if (path_in_use(&addr)) {
			DOCA_LOG_ERR(
			        "unix wire: '%s' is in use by another listening socket (another "
			        "port or process); give each port its own path",
			        u->path);
			return DOCA_ERROR_IN_USE;
		}
		unlink(u->path); /* left behind by a process that is gone */
	}
	u->lfd = socket(AF_UNIX, SOCK_SEQPACKET | SOCK_NONBLOCK | SOCK_CLOEXEC, 0);
	if (u->lfd < 0) {
		DOCA_LOG_ERR("unix wire: cannot create a socket for '%s': %s", u->path,
		             strerror(errno));
		return DOCA_ERROR_OPERATING_SYSTEM;
	}
	if (bind(u->lfd, (struct sockaddr *)&addr, sizeof(addr)) != 0) {
		int e = errno;

		DOCA_LOG_ERR("unix wire: cannot bind '%s': %s; the directory must exist and be "
		             "writable",
		             u->path, strerror(e));
		return e == ENOENT || e == ENOTDIR ? DOCA_ERROR_INVALID_VALUE
		       : e == EACCES || e == EPERM ? DOCA_ERROR_NOT_PERMITTED
		                                   : DOCA_ERROR_IO_FAILED;
	}
	if (stat(u->path, &st) == 0) {
		u->dev = st.st_dev;
		u->ino = st.st_ino;
	}
	if (listen(u->lfd, BACKLOG) != 0) {
		DOCA_LOG_ERR("unix wire: cannot listen on '%s': %s", u->path, strerror(errno));
		unlink(u->path);
		return DOCA_ERROR_IO_FAILED;
	}
	return DOCA_SUCCESS;
}

doca_error_t sdpa_wire_unix_create(uint16_t port_id, const char *path, struct sdpa_wire **out)
{
	struct unix_wire *u;
	doca_error_t r;

	*out = NULL;
	if (path == NULL || path[0] == '\0' || strlen(path) >= sizeof(u->path)) {
		DOCA_LOG_ERR("unix wire: socket path '%s' is empty or longer than %zu bytes; "
		             "use a shorter path",
		             path != NULL ? path : "(null)", sizeof(u->path) - 1);
		return DOCA_ERROR_INVALID_VALUE;
	}
	u = calloc(1, sizeof(*u));
	if (u != NULL)
		u->bufs = malloc((size_t)SDPA_WIRE_BURST_MAX * RX_STRIDE);
	if (u == NULL || u->bufs == NULL) {
		if (u != NULL)
			free(u);
		DOCA_LOG_ERR("port %u: cannot allocate a unix wire for '%s'; free memory",
		             (unsigned int)port_id, path);
		return DOCA_ERROR_NO_MEMORY;
	}
	u->lfd = -1;
	pthread_mutex_init(&u->tx_lock, NULL);
	sdpa_wire_init(&u->base, &unix_ops, SDPA_WIRE_UNIX, port_id);
	memcpy(u->path, path, strlen(path) + 1);
	for (unsigned int i = 0; i < SDPA_WIRE_BURST_MAX; i++)
		u->pkts[i].in_port = port_id;
	r = unix_setup(u);
	if (r != DOCA_SUCCESS) {
		if (u->lfd >= 0) {
			close(u->lfd);
			u->lfd = -1;
		}
		unix_close(&u->base);
		return r;
	}
	*out = &u->base;
	return DOCA_SUCCESS;
}
